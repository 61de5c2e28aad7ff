"Solutions to lesson 1: why retrieve."
import re, string


def normalise(s: str) -> str:
    "The lessons' normal form: lower case, apostrophes deleted, other punctuation turned into spaces, no articles."
    s = ''.join('' if ch in "'’" else ' ' if ch in string.punctuation else ch for ch in s.lower())
    return ' '.join(w for w in s.split() if w not in ('a', 'an', 'the'))


def contains_answer(prediction: str, golds: list[str]) -> bool:
    "Exercise 1.1: whether a normalised gold appears, as whole words, inside the normalised prediction."
    p = f' {normalise(prediction)} '
    return any(normalise(g) and re.search(rf'(?<!\S){re.escape(normalise(g))}(?!\S)', p) is not None for g in golds)


def answer_seen(cmp, item: int = 0) -> list[str]:
    """Exercise 1.2: the variants whose retrieved passages hold a gold answer — the highlighted cells of the table,
    read here from the comparison itself (a closed-book variant such as `vanilla` retrieves nothing)."""
    def hit(view) -> bool:
        if isinstance(view, dict): return bool(view.get('has_answer')) or any(hit(v) for v in view.values())
        return isinstance(view, (list, tuple)) and any(hit(v) for v in view)
    return sorted(name for name, r in cmp.items[item]['results'].items() if hit(r.get('stages') or {}))
