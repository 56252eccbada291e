"""Helpers shared by the privacy filter's tests."""

from __future__ import annotations

from store.privacy import clean_text, find_secrets


def gone(template, values):
    """Each value is redacted from the template, or (a template without `{v}`) the text stays."""
    if "{v}" not in template:
        assert clean_text(template) == template
        return
    for v in values:
        out = clean_text(template.replace("{v}", v))
        assert v not in out, out


def kept(text, value=None):
    """The filter gives `text` back as it is (or, `value` given, with `value` still in it)."""
    out = clean_text(text)
    if value is None:
        assert out == text, out
    else:
        assert value in out, out
    return out


def redacted(text, value):
    """`value` is gone from `text` and a redaction's marker stands in it."""
    out = clean_text(text)
    assert value not in out and "[REDACTED" in out, out
    return out


def removed(text, value):
    """`value` is gone from what clean_text gives back for `text` (redacted, or taken with an output)."""
    out = clean_text(text)
    assert value not in out, out
    return out


def overlapped(text, value) -> bool:
    """A span find_secrets gives for `text` covers part of `value`'s first place in it."""
    at = text.index(value)
    return any(s < at + len(value) and at < e for _, s, e in find_secrets(text))
