"""Helpers shared by the privacy filter's tests."""

from __future__ import annotations

from store.privacy import clean_text


def gone(template, values):
    """Each value is redacted from the template, or (a template without `{v}`) the text stays."""
    if "{v}" not in template:
        assert clean_text(template) == template
        return
    for v in values:
        out = clean_text(template.replace("{v}", v))
        assert v not in out, out
