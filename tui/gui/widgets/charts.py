"""Small pictures drawn with text: one-line sparklines and horizontal bars (rich only)."""

from __future__ import annotations

import math

from rich.text import Text

LEVELS = "▁▂▃▄▅▆▇█"
EMPTY_DAY = "·"
BAR = "█"
PARTIAL = " ▏▎▍▌▋▊▉"


def sparkline(values: list[int], *, style: str = "", cells_per_value: int = 1) -> Text:
    """One character (or `cells_per_value`) per value, its height relative to the largest;
    zero is a dim dot, so an empty day reads as nothing rather than as a small bar."""
    top = max(values, default=0)
    out = Text(no_wrap=True, end="")
    for value in values:
        if value <= 0 or top <= 0:
            out.append(EMPTY_DAY * cells_per_value, style="dim")
            continue
        level = max(1, math.ceil(value / top * len(LEVELS))) - 1
        out.append(LEVELS[level] * cells_per_value, style=style)
    return out


def bar(value: int, top: int, width: int, *, style: str = "") -> Text:
    """A horizontal bar `width` cells long at `top`, in eighths of a cell; any value above
    zero shows at least a sliver."""
    out = Text(no_wrap=True, end="")
    if width <= 0 or top <= 0 or value <= 0:
        return out
    eighths = max(1, round(min(value, top) / top * width * 8))
    full, rest = divmod(eighths, 8)
    out.append(BAR * full + (PARTIAL[rest] if rest else ""), style=style)
    return out


def stacked_bar(parts: list[tuple[int, str]], width: int) -> Text:
    """One bar `width` cells long split between `parts` (value, style) in proportion;
    every part above zero gets at least one cell."""
    out = Text(no_wrap=True, end="")
    total = sum(value for value, _ in parts)
    if width <= 0 or total <= 0:
        return out
    shown = [(value, style) for value, style in parts if value > 0]
    cells = [max(1, round(value / total * width)) for value, _ in shown]
    while sum(cells) > width and max(cells) > 1:
        cells[cells.index(max(cells))] -= 1
    if cells:
        cells[cells.index(max(cells))] += width - sum(cells) if sum(cells) < width else 0
    for (_, style), n in zip(shown, cells, strict=True):
        out.append(BAR * n, style=style)
    return out
