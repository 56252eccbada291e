"""The help screen: every key of every pane and screen (`tui.gui.keys.help_sections`, read from
their bindings), the place you are first; typing filters it."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tui.gui.keys import EVERYWHERE, LISTS, binding_rows, help_sections
from tui.gui.widgets.app_footer import AppFooter


class HelpScreen(ModalScreen):
    """Every key, the section of `here` first; a letter that is no key here starts the filter."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="help.back"),
        Binding("question_mark,f1,q", "close", "Close", id="help.close"),
        Binding("slash", "filter", "Filter", id="help.filter"),
        Binding("j,down", "scroll('down')", "Scroll down", show=False, id="help.down"),
        Binding("k,up", "scroll('up')", "Scroll up", show=False, id="help.up"),
        Binding("pagedown,space", "scroll('page_down')", "Page down", show=False, id="help.page_down"),
        Binding("pageup", "scroll('page_up')", "Page up", show=False, id="help.page_up"),
        Binding("g,home", "scroll('home')", "Top", show=False, id="help.top"),
        Binding("G,end", "scroll('end')", "Bottom", show=False, id="help.bottom"),
    ]

    def __init__(self, here: str | None = None) -> None:
        """`here`: the title of the section for where the person is ("1 Sessions", "Timeline")."""
        super().__init__()
        self.here = here
        self.sections = self._ordered(help_sections(), here)
        self.text = ""

    @staticmethod
    def _ordered(sections: list, here: str | None) -> list:
        """The section of `here` first, then the keys of everywhere and of lists, then the rest."""
        first = [s for s in sections if s[0] == here]
        common = [s for s in sections if s[0] in (EVERYWHERE, LISTS) and s[0] != here]
        rest = [s for s in sections if s not in first and s not in common]
        return first + common + rest

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            yield Static(Text("memlane keys", style="bold"), id="help-title")
            yield Input(placeholder="type to filter the keys", id="help-filter", compact=True,
                        select_on_focus=False)
            with VerticalScroll(id="help-scroll"):
                yield Static(self._render_keys(), id="help-keys")
            yield Static(Text("ctrl+p runs any action by name", style="dim"), id="help-hint")
        yield AppFooter()

    @property
    def keys(self) -> Group:
        """What the help shows now (rows of every section left by the filter)."""
        return self._render_keys()

    def _rows(self, title: str, bindings: list) -> list[tuple[str, str]]:
        rows = binding_rows(bindings, self.app.get_key_display)
        wanted = self.text.strip().casefold()
        if not wanted or wanted in title.casefold():
            return rows
        return [row for row in rows if wanted in row[1].casefold() or wanted in row[0].casefold()]

    def _render_keys(self) -> Group:
        parts: list = []
        for title, bindings in self.sections:
            rows = self._rows(title, bindings)
            if not rows:
                continue
            table = Table.grid(padding=(0, 2))
            table.add_column(style="bold", no_wrap=True, width=14)
            table.add_column()
            for keys, description in rows:
                table.add_row(Text(keys), Text(description))
            heading = f"Here: {title}" if title == self.here else title
            parts += [Text(heading, style="bold underline"), table, Text("")]
        if not parts:
            return Group(Text(f"No key matches “{self.text.strip()}”.", style="dim"))
        return Group(*parts[:-1])

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    # -- the filter ---------------------------------------------------------------

    def action_filter(self) -> None:
        self.query_one("#help-filter", Input).focus()

    def on_key(self, event: events.Key) -> None:
        """A printable key that is no key of the help starts the filter with it."""
        box = self.query_one("#help-filter", Input)
        if box.has_focus or not event.character or not event.is_printable:
            return
        if event.key in self.active_bindings:
            return
        event.stop()
        event.prevent_default()
        box.focus()
        box.insert_text_at_cursor(event.character)

    @on(Input.Changed, "#help-filter")
    def _filtered(self, event: Input.Changed) -> None:
        self.text = event.value
        self.query_one("#help-keys", Static).update(self._render_keys())
        self.query_one("#help-scroll", VerticalScroll).scroll_home(animate=False)

    @on(Input.Submitted, "#help-filter")
    def _filter_done(self) -> None:
        self.query_one("#help-scroll").focus()

    # -- leaving --------------------------------------------------------------------

    def action_back(self) -> None:
        """Out of the filter box, then the filter cleared, then the help closed."""
        box = self.query_one("#help-filter", Input)
        if box.has_focus:
            self.query_one("#help-scroll").focus()
        elif box.value:
            box.value = ""
        else:
            self.dismiss()

    def action_close(self) -> None:
        self.dismiss()

    def action_scroll(self, where: str) -> None:
        scroll = self.query_one("#help-scroll", VerticalScroll)
        {"down": scroll.scroll_down, "up": scroll.scroll_up, "page_down": scroll.scroll_page_down,
         "page_up": scroll.scroll_page_up, "home": scroll.scroll_home,
         "end": scroll.scroll_end}[where](animate=False)  # fmt: skip
