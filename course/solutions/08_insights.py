"Solutions to lesson 8: insights and the miner."


def fragment(triple):
    "Exercise 8.1: the unfinished sentence the miner completes: the head and the relation, the tail left out."
    head, relation, _ = triple
    return f'{head} {relation}'
