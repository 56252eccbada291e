"""The help screen: every key of every pane and screen, generated from their BINDINGS."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static


def binding_rows(bindings: Iterable[BindingType], key_display) -> list[tuple[str, str]]:
    """(keys, description) per action, keys of one action joined: "j / down"."""
    rows: dict[tuple[str, str], list[str]] = {}
    for binding in Binding.make_bindings(bindings):
        if not binding.description:
            continue
        keys = rows.setdefault((binding.action, binding.description), [])
        shown = key_display(binding)
        if shown not in keys:
            keys.append(shown)
    return [(" / ".join(keys), description) for (_, description), keys in rows.items()]


def help_sections() -> list[tuple[str, list[BindingType]]]:
    """(title, bindings) for the app, each pane, the lists and the screens."""
    from tui.gui.keys import APP_BINDINGS
    from tui.gui.panes import PANES
    from tui.gui.screens.memory_detail import MemoryDetailScreen
    from tui.gui.screens.timeline import TimelineScreen
    from tui.gui.widgets.follow_table import FollowTable
    from tui.gui.widgets.timeline_list import TimelineList
    from tui.gui.widgets.vim_table import VimDataTable

    everywhere = list(APP_BINDINGS)
    everywhere.insert(
        0,
        Binding("1,2,3,4,5,6", "show_pane",
                "Switch pane (Sessions, Live, Search, Errors, Cleanup, Insights); "
                "in a text box, escape first", key_display="1–6"),
    )
    sections: list[tuple[str, list[BindingType]]] = [("Everywhere", [
        b for b in everywhere if not (isinstance(b, Binding) and b.action.startswith("show_pane("))
    ])]  # fmt: skip
    page_keys = [
        b for b in DataTable.BINDINGS if isinstance(b, Binding) and b.key in ("pageup", "pagedown")
    ]
    sections.append(("Lists", [*VimDataTable.BINDINGS, *page_keys]))
    for entry in PANES:
        bindings = list(entry.load().BINDINGS)
        if entry.id == "live":
            bindings += FollowTable.BINDINGS
        if bindings:
            sections.append((f"{entry.key} {entry.title}", bindings))
    sections.append(("Timeline", [*TimelineScreen.BINDINGS, *TimelineList.BINDINGS]))
    sections.append(("Memory", MemoryDetailScreen.BINDINGS))
    return sections


class HelpScreen(ModalScreen):
    """Lists every key; escape, q or ? closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,f1,q", "close", "Close", id="help.close"),
        Binding("j", "scroll('down')", "Scroll down", show=False, id="help.down"),
        Binding("k", "scroll('up')", "Scroll up", show=False, id="help.up"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            yield Static(Text("memlane keys", style="bold"), id="help-title")
            with VerticalScroll(id="help-scroll"):
                self.keys = self._render_keys()
                yield Static(self.keys, id="help-keys")
            yield Static(Text("escape closes · ctrl+p runs any action by name", style="dim"),
                         id="help-hint")  # fmt: skip

    def _render_keys(self) -> Group:
        parts = []
        for title, bindings in help_sections():
            table = Table.grid(padding=(0, 2))
            table.add_column(style="bold", no_wrap=True, width=18)
            table.add_column()
            for keys, description in binding_rows(bindings, self.app.get_key_display):
                table.add_row(keys, description)
            parts += [Text(title, style="bold underline"), table, Text("")]
        return Group(*parts[:-1])

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss()

    def action_scroll(self, direction: str) -> None:
        scroll = self.query_one("#help-scroll", VerticalScroll)
        (scroll.scroll_down if direction == "down" else scroll.scroll_up)(animate=False)
