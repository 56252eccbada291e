"""store.display.inert: stored text can never reach a terminal as a control sequence."""

from store.display import inert, inert_line

HOSTILE = {
    "title": "\x1b]2;owned\x1b\\",
    "clipboard": "\x1b]52;c;ZXZpbA==\x07",
    "leave alt screen": "\x1b[?1049l",
    "clear": "\x1b[2J",
    "c1 csi": "\x9b2J",
    "carriage return": "safe\roverwritten",
    "bidi override": "abc\u202edcba",
    "lone surrogate": "x\ud800y",
}


def _controls(text: str) -> list[str]:
    return [ch for ch in text if (ord(ch) < 0x20 and ch not in "\t\n") or 0x7F <= ord(ch) <= 0x9F]


def test_no_control_character_survives():
    for name, text in HOSTILE.items():
        out = inert(text)
        assert _controls(out) == [], name
        assert "\u202e" not in out and "\ud800" not in out, name
        out.encode("utf-8")  # printable to any UTF-8 terminal


def test_controls_become_visible_not_silently_dropped():
    assert inert("\x1b[2J") == "\u241b[2J"
    assert inert("a\rb") == "a\u240db"
    assert inert("\x9b") == "\\x9b"
    assert inert("abc\u202e") == "abc<U+202E>"


def test_ordinary_text_is_unchanged():
    for text in ("plain", "한국어 버그 수정", "tab\tand\nnewline", "école ΣΦΑΛΜΑ", "emoji 🎉"):
        assert inert(text) == text


def test_one_line_folds_whitespace_and_keeps_nothing_active():
    assert inert_line("a\n\tb   c") == "a b c"
    assert inert_line("x\x1b]2;t\x07") == "x\u241b]2;t\u2407"
    assert inert_line(None) == "" and inert(None) == ""
    assert inert(42) == "42"


def test_layout_made_visible_when_asked():
    assert inert("a\nb\tc", keep_layout=False) == "a\u240ab\u2409c"
