"""never_secret's fast path (_plainly_a_secret) may only say early what its classes would say
late: a class added to never_secret must shut the path where its gate may open, or the path
would redact what the class keeps.  On every text of the dev and held sets, with the path on and
off, the filter must give the same spans."""
import pytest

import store.privacy.never as never
from store.privacy import find_secrets
from tests.privacy_eval import dev, held


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _texts():
    seen = set()
    for case in dev.cases() + held.cases():
        for text in _strings(case.value):
            # as written, and after a line of its own (the path reads from a line's break)
            for t in (text, "x " + text):
                if t not in seen:
                    seen.add(t)
                    yield t


def test_the_fast_path_changes_no_span(monkeypatch):
    texts = list(_texts())
    on = [find_secrets(t) for t in texts]
    calls = []
    monkeypatch.setattr(never, "_plainly_a_secret", lambda *args: calls.append(1) and False)
    never._LINE_GATES.clear()
    off = [find_secrets(t) for t in texts]
    assert calls, "the fast path was never asked: the test no longer reaches it"
    differ = [(t[:200], a, b) for t, a, b in zip(texts, on, off) if a != b]
    if differ:
        pytest.fail(f"{len(differ)} texts differ with the fast path on; first: {differ[0]!r}")
