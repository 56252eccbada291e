"""Stored text made inert for showing: it can never drive a terminal, whoever prints it.

Every place that shows stored text (CLI tables and compact text, every pane, screen,
modal, dropdown option and notification) passes it through `inert` first. Control
characters become visible stand-ins instead of being dropped, so a person still sees
that they were there. Markup safety is the renderer's half: stored text is put into
rich `Text` objects (or `markup=False`), never into a markup string.
"""

from __future__ import annotations

import re

# C0 controls but tab and newline, DEL, C1 controls, bidirectional overrides and
# isolates (they reorder what is shown), and lone surrogates (unprintable).  Compiled when
# first shown (~0.6 ms for the two): the prompt hook imports this module and shows nothing.
_UNSAFE = "[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
_UNSAFE_WITH_LAYOUT = "[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
_COMPILED: dict = {}


def _unsafe(keep_layout: bool) -> re.Pattern:
    pattern = _COMPILED.get(keep_layout)
    if pattern is None:
        pattern = _COMPILED[keep_layout] = re.compile(_UNSAFE if keep_layout else _UNSAFE_WITH_LAYOUT)
    return pattern


def _stand_in(match: re.Match) -> str:
    ch = match.group()
    code = ord(ch)
    if code < 0x20:
        return chr(0x2400 + code)  # ␛ for ESC, ␍ for CR, ␇ for BEL ...
    if code == 0x7F:
        return "\u2421"  # ␡
    if code <= 0x9F:
        return f"\\x{code:02x}"  # C1: 0x9b is a one-byte CSI
    if 0xD800 <= code <= 0xDFFF:
        return "\ufffd"
    return f"<U+{code:04X}>"


def inert(text: object, *, keep_layout: bool = True) -> str:
    """`text` with every character that could control a terminal replaced by a visible one.

    `keep_layout`: tab and newline stay (multi-line views); False makes them visible too
    (one-line cells and options should collapse whitespace themselves first).
    """
    if text is None:
        return ""
    if not isinstance(text, str):
        text = str(text)
    return _unsafe(keep_layout).sub(_stand_in, text)


def shown_line(text: object, limit: int | None = None) -> str:
    """`text` as one line a person reads: whitespace folded to single spaces, the characters
    that could drive a terminal shown as visible stand-ins (`inert`), so the person still
    sees they were there; cut as `store.text.one_line` cuts."""
    from store.text import cut_line

    if text is None:
        return ""
    return cut_line(inert(" ".join(str(text).split())), limit)


def inert_line(text: object) -> str:
    """One line: whitespace runs (newlines, tabs) folded to one space, the rest made inert."""
    if text is None:
        return ""
    return inert(" ".join(str(text).split()))


def escape_markup(text: str, *, attribute: bool = False) -> str:
    """`text` XML-escaped (``&``, ``<``, ``>``; in an attribute also ``"`` and ``'``): stored
    text put in front of the model can neither close the frame it is in nor open a tag
    (``</function_results>``, ``<system>``)."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if attribute:
        text = text.replace('"', "&quot;").replace("'", "&apos;")
    return text


def framed(tag: str, body: str, **attributes: str) -> str:
    """`body` (inert and escaped) inside ``<tag name="value">`` ... ``</tag>``: stored text given
    to the model in the user's turn, framed as the injected context is."""
    attrs = "".join(f' {name}="{escape_markup(inert_line(value), attribute=True)}"'
                    for name, value in attributes.items() if value)  # fmt: skip
    return f"<{tag}{attrs}>\n{escape_markup(inert(body))}\n</{tag}>"
