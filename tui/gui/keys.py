"""The app's keys in one place: the keys of the app itself, and the key sections the help
screen shows and the README's keys table is made from (`python -m tui.gui.keys`), all read
from the bindings, so the three cannot disagree.  The model they follow: `docs/keys.md`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from textual.binding import Binding, BindingType

from tui.gui.panes import PANES

# The digits and `/` move the keys (to a pane, to its box), so they act as the app reads them,
# before the keys after them are handed on (`priority`): handed to the widget with the focus
# then bubbled back, "3/docker" typed in one burst went to the list the digit left, and its
# letters ran there as actions.  `MemlaneApp.check_action` lets them by where they are text
# (a box, an open dropdown, a dialog).
APP_BINDINGS: list[Binding] = [
    *(Binding(entry.key, f"pane_key('{entry.id}')", entry.title, show=False, priority=True,
              id=f"app.{entry.id}") for entry in PANES),  # fmt: skip
    Binding("slash", "box", "Filter", id="app.box", priority=True,
            tooltip="Type in this pane's box: filter the list (in Search, the query)"),
    Binding("question_mark,f1", "help", "Help", id="app.help",
            tooltip="Help for where you are; type to filter it"),
    Binding("ctrl+p", "command_palette", "Commands", show=False, id="app.commands",
            tooltip="Every action of the app, from any pane (and the theme)"),
    Binding("q,ctrl+q", "quit", "Quit", id="app.quit"),  # ctrl+q where `q` is text (Search's list)
]

# Sections the help screen shows; a screen names its own with HELP_SECTION.
EVERYWHERE = "Everywhere"
LISTS = "On any list"

KEY_NAMES = {
    "question_mark": "?", "slash": "/", "escape": "esc", "space": "space", "enter": "enter",
    "pagedown": "pgdn", "pageup": "pgup", "down": "↓", "up": "↑", "left": "←", "right": "→",
    "left_square_bracket": "[", "right_square_bracket": "]", "ctrl+p": "ctrl+p",
}  # fmt: skip

README_BEGIN = "<!-- keys: made by `python -m tui.gui.keys` from the app's bindings -->"
README_END = "<!-- /keys -->"


def key_label(binding: Binding) -> str:
    """How a key is written in the help and the README: `?`, `esc`, `pgdn`, `G`."""
    if binding.key_display:
        return binding.key_display
    return KEY_NAMES.get(binding.key, binding.key)


def binding_rows(bindings: Iterable[BindingType], key_display: Callable[[Binding], str] = key_label,
                 ) -> list[tuple[str, str]]:  # fmt: skip
    """(keys, what it does) per action, keys of one action joined: "j / ↓"; what it does is
    the binding's tooltip (the longer text), else its description (the footer's word)."""
    rows: dict[tuple[str, str], list[str]] = {}
    for binding in Binding.make_bindings(bindings):
        if not binding.description:
            continue
        keys = rows.setdefault((binding.action, binding.tooltip or binding.description), [])
        shown = key_display(binding)
        if shown not in keys:
            keys.append(shown)
    return [(" / ".join(keys), description) for (_, description), keys in rows.items()]


def help_sections() -> list[tuple[str, list[Binding]]]:
    """(title, bindings) for the app, the lists, each pane and each screen, in that order."""
    from textual.widgets import DataTable

    from tui.gui.screens.error_detail import ErrorDetailScreen
    from tui.gui.screens.memory_detail import MemoryDetailScreen
    from tui.gui.screens.resolution import ResolutionScreen
    from tui.gui.screens.timeline import TimelineScreen
    from tui.gui.widgets.follow_table import FollowTable
    from tui.gui.widgets.timeline_list import TimelineList
    from tui.gui.widgets.vim_table import VimDataTable

    first, last = PANES[0], PANES[-1]
    titles = ", ".join(entry.title for entry in PANES)
    everywhere = [
        Binding(",".join(entry.key for entry in PANES), "show_pane", f"Switch pane: {titles}",
                key_display=f"{first.key}–{last.key}"),
        *(b for b in APP_BINDINGS if not b.action.startswith("pane_key(") and b.action != "quit"),
        Binding("escape", "back", "Back one step: out of the box, then the filters, then the screen"),
        Binding("q,ctrl+q", "quit", "Quit"),
    ]  # fmt: skip
    page_keys = [b for b in Binding.make_bindings(DataTable.BINDINGS)
                 if b.key in ("pageup", "pagedown")]  # fmt: skip
    sections: list[tuple[str, list[Binding]]] = [
        (EVERYWHERE, everywhere),
        (LISTS, [*Binding.make_bindings(VimDataTable.BINDINGS), *page_keys]),
    ]
    for entry in PANES:
        bindings = [b for b in Binding.make_bindings(entry.load().BINDINGS) if b.action != "back"]
        if entry.id == "live":
            bindings += Binding.make_bindings(FollowTable.BINDINGS)
        if entry.id == "search":  # what its list does with what is typed (SearchPane.on_key)
            bindings.insert(0, Binding("a", "type", "Type to search: on the list every printable key but "
                                       "the digits and / is the query; its actions are on ctrl",
                                       key_display="a–z ? q"))  # fmt: skip
        if bindings:
            sections.append((pane_section(entry.id), bindings))
    for screen, extra in ((TimelineScreen, TimelineList.BINDINGS), (MemoryDetailScreen, []),
                          (ErrorDetailScreen, []), (ResolutionScreen, [])):  # fmt: skip
        bindings = [b for b in Binding.make_bindings([*screen.BINDINGS, *extra]) if b.action != "back"]
        sections.append((screen.HELP_SECTION, bindings))
    return sections


def pane_section(pane_id: str) -> str:
    """The help section of a pane: "1 Sessions"."""
    entry = next(e for e in PANES if e.id == pane_id)
    return f"{entry.key} {entry.title}"


# The README's keys table also has the keys that make memlane what it is, with what they do.
README_ACTIONS = {
    "resume": "Resume the row's session in Claude Code (`claude --resume`, in its folder)",
    "fork": "Fork it: a new session from it (`--fork-session`)",
    "preview": "Preview the row in full beside the list (or below it), on / off",
    "timeline": "The row's session timeline, at that row",
    "export": "Export (a session, a search's hits, the marked rows) to Markdown or JSON",
    "veto": "Recall: never inject this memory again (`X`: its file or error group; `u` lifts it)",
}  # fmt: skip


def markdown_table() -> str:
    """The README's keys table: the keys that work everywhere and on every list, and those of
    README_ACTIONS (Search's on ctrl: its list's letters are its query)."""
    from tui.gui.shared_keys import SHARED_KEYS, TYPING_LIST_KEYS

    lines = ["| key | does |", "|---|---|"]
    for title, bindings in help_sections():
        if title not in (EVERYWHERE, LISTS):
            continue
        for keys, description in binding_rows(bindings):
            shown = " ".join(f"`{key}`" for key in keys.split(" / "))
            lines.append(f"| {shown} | {description} |")
    for action, description in README_ACTIONS.items():
        key = SHARED_KEYS[action][0]
        typed = TYPING_LIST_KEYS.get(action)
        on_search = f" (Search: `{typed}`)" if typed else ""
        lines.append(f"| `{key}`{on_search} | {description} |")
    lines.append("| | On Search's list every printable key but the digits and `/` is the query "
                 "(type to search): its actions are the letter with ctrl (`ctrl+r` resume, "
                 "`ctrl+n` fork), `f1` help, `ctrl+q` quit |")  # fmt: skip
    return "\n".join(lines)


def readme_block() -> str:
    return f"{README_BEGIN}\n{markdown_table()}\n{README_END}"


if __name__ == "__main__":
    print(readme_block())
