"Solutions to lesson 3: evaluating."


def holm(pvalues):
    "Holm's step-down adjustment, returned in the input's order."
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out, running = [0.0] * m, 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out
