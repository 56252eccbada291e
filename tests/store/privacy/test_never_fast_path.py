"""never_secret's fast path (_plainly_a_secret) may only say early what its classes would say
late: a class added to never_secret must shut the path where its gate may open, or the path
would redact what the class keeps.  On every text of the dev and held sets, with the path on and
off, the filter must give the same spans."""
import pytest

import store.privacy.never as never
from store.privacy import find_secrets
from store.privacy.values import forget_values
from tests.privacy_eval import dev, held
from tests.store.privacy.test_filter_unchanged import PIECES, in_piece


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


@pytest.mark.parametrize("piece", range(PIECES))
def test_the_fast_path_changes_no_span(monkeypatch, piece):
    # The path is asked on ~5 % of the texts: only those can change with it off, so only they are
    # filtered again (a text that never reached it is filtered by the same code either way).  The
    # verdicts kept on values are emptied first: the second run judges its values anew.  In pieces,
    # so that none nears pytest's timeout on a loaded machine.
    texts = [t for t in _texts() if in_piece(t, piece)]
    asked = []
    plainly = never._plainly_a_secret

    def counted(*args):
        asked.append(1)
        return plainly(*args)

    monkeypatch.setattr(never, "_plainly_a_secret", counted)
    on = {}
    for t in texts:
        before = len(asked)
        spans = find_secrets(t)
        if len(asked) > before:
            on[t] = spans
    assert on, "the fast path was never asked: the test no longer reaches it"
    calls = []
    monkeypatch.setattr(never, "_plainly_a_secret", lambda *args: calls.append(1) and False)
    forget_values()
    off = {t: find_secrets(t) for t in on}
    assert calls, "the fast path was never asked: the test no longer reaches it"
    differ = [(t[:200], a, off[t]) for t, a in on.items() if a != off[t]]
    if differ:
        pytest.fail(f"{len(differ)} texts differ with the fast path on; first: {differ[0]!r}")
