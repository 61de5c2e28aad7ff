"Solutions to lesson 3: evaluating."
from scipy import stats


def holm(pvalues):
    "Exercise 3.1: Holm's step-down adjustment, returned in the input's order."
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out, running = [0.0] * m, 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out


def answer_p(a, b):
    """Exercise 3.2: the two variants answered the same items, so the test is paired; the leaderboard's test is the
    two-sided Wilcoxon signed-rank test (scipy's default), not a t-test (no normality assumed) and not one-sided."""
    return float(stats.wilcoxon(a, b).pvalue)
