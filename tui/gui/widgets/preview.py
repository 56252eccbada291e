"""The preview beside a list (`v`): the selected memory or session in full, the query's terms lit.

`PreviewArea` holds a list and its `Preview`: the preview sits right of the list on a
wide terminal and below it on a narrow one, and `v` shows or hides every preview of the
app at once.  The list's owner calls `show_memory` / `show_session` as its cursor moves;
the preview reads in a thread worker a moment later (keys held down read once), and an
answer that comes after the cursor moved on is dropped, so j/k never wait for it.
Stored text is drawn inert (`tui.formatting`), never as markup.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.containers import Container, VerticalScroll
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Static

from tui.formatting import (
    duration,
    forked_from,
    is_live,
    local_time,
    number,
    one_line,
    session_duration,
    short_id,
)
from tui.rich_text import ERROR_STYLE, highlight_terms, memory_body, type_label

RIGHT_FROM = 160  # columns from which the preview sits beside the list, not below it
RIGHT_SHARE = 0.4  # of the width the preview takes beside the list (css/app.tcss says the same)


def list_width(width: int, shown: bool = True) -> int:
    """How wide a list is in a PreviewArea `width` cells wide (the preview `shown` or not)."""
    return int(width * (1 - RIGHT_SHARE)) if shown and width >= RIGHT_FROM else width
SETTLE_SECONDS = 0.06  # the cursor rests this long before the preview reads
SESSION_PROMPTS = 60  # prompts a session's preview lists


class PreviewArea(Container):
    """A list and its preview, side by side when wide, one above the other when narrow."""

    def on_resize(self, event: events.Resize) -> None:
        right = event.size.width >= RIGHT_FROM
        if right != self.has_class("-right"):
            self.set_class(right, "-right")
            # The list's width changes with the layout: fit its columns to the new one once it
            # is laid out (a pane shown after a resize got no Resize of its own for it).
            self.call_after_refresh(self._fit_lists)

    def _fit_lists(self) -> None:
        from tui.gui.widgets.vim_table import VimDataTable

        for table in self.query(VimDataTable):
            table.fit_columns()

    @property
    def preview(self) -> Preview:
        return self.query_one(Preview)


class Preview(VerticalScroll, can_focus=False):
    """The selected row in full: a memory (its whole content) or a session (its prompts)."""

    class Loaded(Message):  # (not a dataclass: ~0.25 ms of every start)
        """What was read for request `request` (a memory dict, or a session and its prompts);
        `again`: read once more (read_again), the reader keeps their place."""

        def __init__(self, request: int, kind: str, data: dict | None, prompts: list[dict],
                     again: bool = False) -> None:  # fmt: skip
            super().__init__()
            self.request, self.kind, self.data = request, kind, data
            self.prompts, self.again = prompts, again

    def __init__(self, store, **kwargs) -> None:
        super().__init__(**kwargs)
        self.store = store
        self._request = 0
        self._wanted: tuple = ()
        self._timer: Timer | None = None
        self.terms: list[str] = []
        self.shown: tuple = ()  # (kind, key) of what is drawn

    def compose(self) -> ComposeResult:
        yield Static(Text("Nothing selected.", style="dim"), id="preview-body")

    # -- what to show -------------------------------------------------------------

    def show_memory(self, memory_id: int | None, terms: list[str] | None = None) -> None:
        self._want(("memory", memory_id), terms or [])

    def show_session(self, session_id: str | None, terms: list[str] | None = None) -> None:
        self._want(("session", session_id), terms or [])

    def clear(self) -> None:
        self._want(("memory", None), [])

    def show_row(self, row: dict, terms: list[str] | None = None) -> None:
        """A row that is not in the database (a line of Claude Code's memory file, read now),
        drawn as a memory from what the row holds."""
        self._request += 1
        if self._timer is not None:
            self._timer.stop()
        self._wanted, self.terms = ("row", f"{row.get('file_path')}:{row.get('line')}"), terms or []
        self._draw(self._memory(row), self._wanted)

    def read_again(self) -> None:
        """Read what is shown once more: another process wrote to it, forgot or redacted it."""
        if self._wanted and self._wanted[0] != "row" and self._wanted[1] is not None and self.display \
                and self.parent.display:
            self._request += 1
            self._read(self._request, *self._wanted, again=True)

    def _want(self, wanted: tuple, terms: list[str]) -> None:
        if (wanted, terms) == (self._wanted, self.terms):
            return
        self._wanted, self.terms = wanted, terms
        self._request += 1
        if self._timer is not None:
            self._timer.stop()
        if wanted[1] is None:
            self._draw(Text("Nothing selected.", style="dim"), wanted)
            return
        if not self.display or not self.parent.display:
            self._timer = None
            return  # read when shown (`on_show`)
        self._timer = self.set_timer(SETTLE_SECONDS, self._read_now)

    def on_show(self) -> None:
        if self._wanted and self._wanted != self.shown and self._wanted[0] != "row" and self._wanted[1] is not None:
            self._read_now()

    def _read_now(self) -> None:
        self._timer = None
        kind, key = self._wanted
        self._read(self._request, kind, key)

    @work(thread=True, exclusive=True, group="preview", exit_on_error=False)
    def _read(self, request: int, kind: str, key, again: bool = False) -> None:
        prompts: list[dict] = []
        if kind == "memory":
            data = self.store.get_memory(key)
        else:
            data = self.store.get_session(key)
            if data is not None:
                prompts = self.store.memories_after(0, session=key, type="prompt", limit=SESSION_PROMPTS)
        self.post_message(self.Loaded(request, kind, data, prompts, again))

    @on(Loaded)
    def _loaded(self, message: Loaded) -> None:
        message.stop()
        if message.request != self._request:
            return  # the cursor moved on meanwhile
        if message.data is None:
            self._draw(Text("No longer in the database.", style="dim"), self._wanted, message.again)
        elif message.kind == "memory":
            self._draw(self._memory(message.data), self._wanted, message.again)
        else:
            self._draw(self._session(message.data, message.prompts), self._wanted, message.again)

    def _draw(self, renderable: RenderableType, shown: tuple, again: bool = False) -> None:
        self.shown = shown
        self.query_one("#preview-body", Static).update(renderable)
        if not again:
            self.scroll_home(animate=False)

    # -- drawing ------------------------------------------------------------------

    def _memory(self, memory: dict) -> Group:
        app = self.app
        head = Text(no_wrap=True, overflow="ellipsis")
        head.append_text(type_label(memory.get("type")))
        if memory.get("tool_name"):
            head.append(f"  {one_line(memory['tool_name'])}", style="bold")
        head.append(f"  {local_time(memory.get('created_at'), app.tz, now=app.now())}", style="dim")
        head.append(f"  {one_line(memory.get('project_name')) or '—'}", style="bold")
        head.append(f"  {short_id(memory.get('session_id'))}", style="dim")
        parts: list[RenderableType] = [head]
        if memory.get("file_path"):
            parts.append(Text(one_line(memory["file_path"]), style="dim", no_wrap=True, overflow="ellipsis"))
        parts += [Text(""), highlight_terms(_lines(memory_body(memory)), self.terms)]
        return Group(*parts)

    def _session(self, session: dict, prompts: list[dict]) -> Group:
        app = self.app
        now, tz = app.now(), app.tz
        head = Text(no_wrap=True, overflow="ellipsis")
        head.append(one_line(session.get("project_name")) or "(no project)", style="bold")
        head.append(f"  {local_time(session.get('started_at'), tz, now=now)}")
        head.append(f"  {duration(session_duration(session, now))}")
        if is_live(session, now):
            head.append(" ●", style="bold green")
        head.append(f"  {short_id(session.get('session_id'))}", style="dim")
        counts = Text(f"{number(session.get('memory_count') or 0)} memories", style="dim")
        errors = session.get("error_count") or 0
        if errors:
            counts.append(f" · {number(errors)} error{'s' if errors != 1 else ''}", style=ERROR_STYLE)
        parts: list[RenderableType] = [head, counts]
        fork = forked_from(session)
        if fork:
            parts.append(Text(f"⑂ {fork}", style="italic", no_wrap=True, overflow="ellipsis"))
        summary = (session.get("summary") or "").strip()
        if summary:
            parts += [Text(""), highlight_terms(_lines(memory_body({"content": summary})), self.terms)]
        if prompts:
            parts += [Text(""), Text("Prompts", style="bold underline")]
            for prompt in prompts:
                line = Text()
                line.append(local_time(prompt.get("created_at"), tz, style="clock") + "  ", style="dim")
                line.append_text(memory_body({"content": prompt.get("content"), "type": "prompt"}))
                parts.append(highlight_terms(line, self.terms))
            if len(prompts) == SESSION_PROMPTS:
                parts.append(Text(f"… the first {SESSION_PROMPTS} prompts; enter shows them all",
                                  style="dim italic"))  # fmt: skip
        return Group(*parts)


def _lines(text: Text) -> Text:
    """`text` ending its last line, so what follows it in a Group starts on a line of its own."""
    text.end = "\n"
    return text
