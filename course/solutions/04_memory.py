"Solutions to lesson 4: memory."


def windows(tokens, size):
    "Exercise 4.1: consecutive windows of at most `size` tokens covering the whole sequence."
    return [list(tokens[i:i + size]) for i in range(0, len(tokens), size)]
