"""The provider-prefix finder reads a run that holds `/`, `+` or `=` at the places rules.TOKEN_RUN
starts at, found without the pattern; and, for a provider whose tokens hold those characters, at
the run's start (such a token's first 16 characters may hold one)."""

import random
import re


def _prefixed_starts(text, a, b, heads):
    """rules.TOKEN_RUN's starts in the run, those a provider's prefix stands at."""
    from store.privacy.rules import TOKEN_RUN

    return [m.start() for m in re.compile(TOKEN_RUN).finditer(text, a, b)
            if heads.get(text[m.start():m.start() + 2]) is not None
            and text.startswith(heads[text[m.start():m.start() + 2]], m.start())]  # fmt: skip


SLASHED = ("ABSK", "xoxd-", "whsec_", "ops_eyJ", "fm1a_", "fm1r_", "fm2_", "glc_", "glsa_", "sntrys_", "sntryu_", "ZXlK", "sc_", "ext_",
           "scauth_", "authress_")


def _slashed_starts(text, a, b):
    return [a] if text.startswith(SLASHED, a) else []


def test_the_slashed_prefixes_are_those_of_providers_whose_tokens_hold_separators():
    from store.privacy import _SLASHED_FIRST, CACHE, _slashed_start

    _slashed_start("ABSK", 0)
    assert CACHE["slashed prefixes"] == SLASHED
    assert {prefix[0] for prefix in SLASHED} <= _SLASHED_FIRST


def test_a_run_with_separators_is_read_where_token_run_starts_and_a_prefix_stands():
    from store.privacy import CACHE, _provider_tokens, _starts_between_separators
    from store.privacy.anchors import long_runs

    _provider_tokens("ghp_" + "a" * 36, [(0, 40)], [])  # (the prefixes' heads, made once)
    heads = CACHE["providers' heads"]
    rng = random.Random(34)
    parts = ["ghp_", "sk-", "test_", "AKIA", "xoxd-", "ABSK", "fm2_", "Ab9", "_", "-", ".", "~", "$", "/", "+", "=", "=/",
             "a" * 14, "B" * 16, "7", " ", "\n", "%", "é", "🙂", "K"]
    texts = ["a/" + "b" * 16, "ghp_" + "x" * 16 + "/" + "ghp_" + "y" * 30, "/" * 20 + "sk-" + "q" * 20]
    texts += ["".join(rng.choice(parts) for _ in range(rng.randrange(60))) for _ in range(4000)]
    seen = 0
    for text in texts:
        for a, b in long_runs(text):
            if any(ch in text[a:b] for ch in "/+="):
                want = sorted(set(_prefixed_starts(text, a, b, heads) + _slashed_starts(text, a, b)))
                seen += bool(want)
                assert _starts_between_separators(text, a, b, heads) == want, text
    assert seen > 100  # (the texts hold such starts: the test can fail)


def test_a_text_read_by_its_pieces_gives_the_tokens_read_run_by_run(monkeypatch):
    """_provider_tokens reads a text of many new paths by its pieces from where it decides so
    (_tokens_in_pieces): the same tokens as run by run, a `%` or a letter beyond ASCII after a
    token, a token repeated, a separator before one, included."""
    import store.privacy as privacy
    from store.privacy.anchors import long_runs

    rng = random.Random(35)
    parts = ["ghp_" + "Ab1" * 12, "sk-" + "Zq9" * 8, "xoxd-" + "Ab1" * 8, "test_" + "a1" * 18, "AKIA" + "B" * 16,
             "a" * 14, "B" * 16, "_", "-", ".", "/", "+", "=", "/src/", " ", "\n", "%", "%2F", "é", "K"]
    texts = ["".join(rng.choice(parts) for _ in range(rng.randrange(40))) for _ in range(3000)]
    seen = 0
    for text in texts:
        runs = long_runs(text)
        got = {}
        for at in ((10**9, 0), (1, 0)):  # (never read by pieces; by pieces from the first new run with a separator)
            monkeypatch.setattr(privacy, "PIECES_AT", at)
            found = []
            privacy._provider_tokens(text, runs, found)
            got[at] = sorted(found)
        assert got[(1, 0)] == got[(10**9, 0)], text
        seen += bool(got[(1, 0)])
    assert seen > 500
