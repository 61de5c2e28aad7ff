"Solutions to lesson 6: missing knowledge."
import math


def two_way(a, b, k):
    "Exercise 6.1: ceil(k/2) distinct ids from `a`, the rest from `b`, then either list while one runs short."
    out = []
    for i in a:
        if len(out) >= math.ceil(k / 2): break
        if i not in out: out.append(i)
    for i in b:
        if len(out) >= k: break
        if i not in out: out.append(i)
    for i in list(a) + list(b):
        if len(out) >= k: break
        if i not in out: out.append(i)
    return out
