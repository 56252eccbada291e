"""A short text's fixed cost: a text that holds none of the one pass's literals skips the finders
that read nothing but those literals' places (store/privacy NEED_A_LITERAL).  Each of them must
find nothing where no literal stands: here the texts hold secrets and literals, and each such
finder is run with the literals taken away from it (`present` empty, no secret word)."""

import store.privacy as privacy
from tests.privacy_eval import dev
from tests.secret_shapes import SHAPES


def _texts():
    yield from (text for _family, _form, text, _secrets in SHAPES)
    yield from (case.value for case in dev.cases() if isinstance(case.value, str))


def test_a_finder_that_needs_a_literal_finds_nothing_without_one():
    finders = [(name, finder) for name, finder, _data in privacy.FINDERS if name in privacy.NEED_A_LITERAL]
    assert {name for name, _finder in finders} == privacy.NEED_A_LITERAL
    found_with = {name: 0 for name, _finder in finders}
    for text in _texts():
        for name, finder in finders:
            if not found_with[name]:  # (once a finder has found something with its literals, that is shown)
                look = privacy.Look(text)
                finder(look)
                found_with[name] += bool(look.found)
            look = privacy.Look(text)
            look.anchors.present = frozenset()
            look._hits = []
            finder(look)
            assert not look.found, (name, text[:200])
    # (the texts do hold what each finds: the check above is not of finders that never find)
    assert all(found_with.values()), found_with


def test_a_finder_gated_without_a_literal_finds_nothing_without_one_where_its_gate_says_no():
    finders = [(name, finder) for name, finder, _data in privacy.FINDERS if name in privacy.WITHOUT_A_LITERAL_ONLY_IF]
    assert len(finders) == len(privacy.WITHOUT_A_LITERAL_ONLY_IF)
    found_with = 0
    for text in _texts():
        for name, finder in finders:
            look = None
            if not found_with:  # (once one has found something with its literals, that is shown)
                look = privacy.Look(text)
                finder(look)
            look_without = privacy.Look(text)
            look_without.anchors.present = frozenset()
            look_without._hits = []
            if not privacy.WITHOUT_A_LITERAL_ONLY_IF[name](look_without):
                found_with += look is not None and bool(look.found)
                finder(look_without)
                assert not look_without.found, (name, text[:200])
    assert found_with


def test_a_token_in_a_text_without_literals_is_still_redacted():
    for token in ("ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8", "sk-ant-api03-" + "x7Yq" * 20):
        for text in (token, "Bash " + token, "/tmp/x " + token + "\n"):
            assert not privacy.Look(text).anchors.present, text
            assert "[REDACTED:" in privacy.clean_text(text) and token not in privacy.clean_text(text), text


def test_an_ascii_piece_of_a_wide_text_is_read_by_the_one_pass_built_for_that_text():
    piece = ("# a README\n[![CI](https://github.com/acme/x/workflows/ci/badge.svg?event=push)]\n"
             "Set `password=` in .env, the api_key: and token --user admin:x | pass show\n") * 25
    assert piece.isascii() and 1_000 < len(piece) < 50_000
    alone = privacy.Look(piece).anchors
    literals = privacy._literals()
    before = {lit: list(alone.at(lit)) for lit in literals}
    privacy.find_secrets(("Grüße, 비밀번호: x " * 4_000)[:60_000])  # a text beyond ASCII: its one pass is built
    after = privacy.Look(piece).anchors
    assert after._found, "read by a `find` of each literal"
    assert after.present == alone.present
    assert {lit: after.at(lit) for lit in literals} == before
