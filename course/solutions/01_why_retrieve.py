"Solutions to lesson 1: why retrieve."
import re, string


def normalise(s: str) -> str:
    "Lower case, no punctuation, no articles, single spaces."
    s = ''.join(' ' if ch in string.punctuation else ch for ch in s.lower())
    return ' '.join(w for w in s.split() if w not in ('a', 'an', 'the'))


def contains_answer(prediction: str, golds: list[str]) -> bool:
    "Whether a normalised gold appears, as whole words, inside the normalised prediction."
    p = f' {normalise(prediction)} '
    return any(normalise(g) and re.search(rf'(?<!\S){re.escape(normalise(g))}(?!\S)', p) is not None for g in golds)
