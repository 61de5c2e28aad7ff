"Solutions to lesson 7: biomedical retrieval."
import re


def keyword_hits(text, keywords):
    "Exercise 7.1: the keywords that occur in `text` as whole words, case ignored, in the keywords' order."
    low = text.lower()
    return [k for k in keywords if re.search(r'(?<!\w)' + re.escape(k.lower()) + r'(?!\w)', low)]
