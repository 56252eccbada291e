"""Assertions the round tests share: a value gone from what clean_text stores, or kept in it."""

from store.privacy import clean_text


def gone(text, value):
    out = clean_text(text)
    assert value not in out, out
    return out


def kept(text, value):
    out = clean_text(text)
    assert value in out, out
    return out
