"""Stored text and values as rich `Text` for the CLI's tables and the app's panes: table cells,
type labels, search snippets with their matches lit, memory bodies coloured by type.

Every builder makes the text inert first (see `store.display`) and never parses it as markup.
Plain words and numbers (times, counts, sizes) are `tui.formatting`'s.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from store.display import inert, inert_line
from tui.formatting import ELLIPSIS, TYPE_LABELS, one_line, plural

TYPE_STYLES = {
    "prompt": "bold magenta",
    "file_edit": "green",
    "file_write": "green",
    "notebook_edit": "green",
    "command": "cyan",
    "error": "bold red",
    "subagent": "blue",
    "compact_summary": "yellow",
    "web": "blue",
    "mcp": "blue",
}
ERROR_STYLE = "bold red"
HIT_STYLE = "bold reverse"


# -- cells ----------------------------------------------------------------------


def safe_text(text: str | None, style: str = "", *, single_line: bool = False, **kwargs) -> Text:
    """Stored text as a rich Text: inert, never parsed as markup (the one builder for it)."""
    return Text(inert_line(text) if single_line else inert(text), style=style, **kwargs)


def cell(text: str | None, style: str = "") -> Text:
    """A one-line table cell that ends in an ellipsis instead of wrapping."""
    return Text(one_line(text), style=style, no_wrap=True, overflow="ellipsis", end="")


def type_label(mtype: str | None) -> Text:
    mtype = mtype or "observation"
    return Text(TYPE_LABELS.get(mtype) or inert_line(mtype), style=TYPE_STYLES.get(mtype, "dim"), no_wrap=True,
                overflow="ellipsis", end="")  # fmt: skip


def ellipsize(text: str, width: int) -> str:
    """`text` cut to `width` terminal cells, ending in an ellipsis when cut (wide chars aware)."""
    if width <= 0:
        return ""
    text = inert(text, keep_layout=False)
    if cell_len(text) <= width:
        return text
    out = []
    used = 0
    for ch in text:
        w = cell_len(ch)
        if used + w > width - 1:
            break
        out.append(ch)
        used += w
    return "".join(out) + ELLIPSIS


# -- snippets -------------------------------------------------------------------


def snippet_text(
    snippet: str | None, marks: tuple[str, str] | None = None, base_style: str = "",
    lead_cells: int | None = None,
) -> Text:  # fmt: skip
    """A search snippet with its marked matches highlighted (markers removed).

    `marks` default to the store's (`store.search.HIGHLIGHT`).  At most `lead_cells`
    (default `store.search.SNIPPET_LEAD`) terminal cells come before the first match, so a
    narrow column still shows it (the store counts its lead in characters; Korean or CJK
    text takes two cells a character).
    """
    if marks is None or lead_cells is None:  # imported here: ranking is no part of a first screen
        from store.search import HIGHLIGHT, SNIPPET_LEAD

        marks = HIGHLIGHT if marks is None else marks
        lead_cells = SNIPPET_LEAD if lead_cells is None else lead_cells
    text = Text(style=base_style, no_wrap=True, overflow="ellipsis", end="")
    start, end = marks
    rest = " ".join((snippet or "").split())  # the marks are control characters: inert per piece
    pieces: list[tuple[str, bool]] = []
    inside = False
    while rest:
        marker = end if inside else start
        idx = rest.find(marker)
        piece = rest if idx < 0 else rest[:idx]
        if piece:
            pieces.append((inert(piece, keep_layout=False), inside))
        if idx < 0:
            break
        rest = rest[idx + len(marker) :]
        inside = not inside
    for piece, hit in _lead_trimmed(pieces, lead_cells):
        text.append(piece, style=HIT_STYLE if hit else "")
    return text


def _lead_trimmed(pieces: list[tuple[str, bool]], lead_cells: int) -> list[tuple[str, bool]]:
    """`pieces` with the context before the first match cut to `lead_cells` cells ("…" first)."""
    if not pieces or pieces[0][1]:
        return pieces
    lead = pieces[0][0]
    if len(pieces) == 1 or cell_len(lead) <= lead_cells:
        return pieces
    kept: list[str] = []
    used = cell_len(ELLIPSIS)
    for ch in reversed(lead):
        used += cell_len(ch)
        if used > lead_cells:
            break
        kept.append(ch)
    tail = "".join(reversed(kept))
    space = tail.find(" ")
    if 0 <= space < len(tail) - 1:  # start at a word, as the store does
        tail = tail[space + 1 :]
    return [(ELLIPSIS + tail, False), *pieces[1:]]


# -- memory bodies --------------------------------------------------------------


def highlight_terms(text: Text, terms: list[str]) -> Text:
    """`text` with every place a search term occurs lit (case-insensitive), as the snippets are."""
    if not terms:
        return text
    folded = text.plain.casefold()
    if len(folded) != len(text.plain):  # a letter that folds to two: leave it unlit
        return text
    for term in terms:
        wanted = term.casefold()
        start = folded.find(wanted) if wanted else -1
        while start >= 0:
            text.stylize(HIT_STYLE, start, start + len(wanted))
            start = folded.find(wanted, start + len(wanted))
    return text


def _diff_line_style(line: str) -> str:
    if line.startswith("+"):
        return "green"
    if line.startswith("-"):
        return "red"
    if line.startswith("@@"):
        return "cyan"
    return ""


def memory_body(memory: dict, max_lines: int | None = None, *, wrap: bool = True) -> Text:
    """A memory's content, coloured by type: diffs, commands and output, errors, prompts.

    `max_lines` keeps the first lines and says how many more there are;
    `wrap=False` cuts long lines with an ellipsis (cards) instead of wrapping.
    """
    content = inert((memory.get("content") or "").replace("\t", "    ").rstrip())
    mtype = memory.get("type") or ""
    lines = content.splitlines() or [""]
    cut = 0
    if max_lines is not None and len(lines) > max_lines:
        cut = len(lines) - max_lines
        lines = lines[:max_lines]
    text = Text(overflow="fold" if wrap else "ellipsis", no_wrap=not wrap, end="")
    for i, line in enumerate(lines):
        if i:
            text.append("\n")
        style = ""
        if mtype in ("file_edit", "notebook_edit"):
            style = "bold" if i == 0 else _diff_line_style(line)
        elif mtype == "file_write":
            style = "bold" if i == 0 else "green"
        elif mtype == "command":
            style = "bold cyan" if line.startswith("$ ") else "dim" if i else ""
        elif mtype == "error":
            style = "bold red" if i == 0 else "red"
        elif mtype == "prompt":
            style = "bold"
        text.append(line, style=style)
    if cut:
        text.append(f"\n… {plural(cut, 'more line')}", style="dim italic")
    return text
