"Solutions to lesson 2: queries."


def rrf(rankings, k=60):
    "Exercise 2.1: reciprocal rank fusion: each id scores the sum of 1/(k + rank) over its rankings; best first."
    score, first = {}, {}
    for ranking in rankings:
        for rank, i in enumerate(ranking, 1):
            score[i] = score.get(i, 0.0) + 1 / (k + rank)
            first.setdefault(i, len(first))
    return sorted(score, key=lambda i: (-score[i], first[i]))
