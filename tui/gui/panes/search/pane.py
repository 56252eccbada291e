"""Pane 3, Search: searches as you type (debounced, in a worker) with the store's one search.

Anything typed is safe: `store.search` quotes every term, so FTS syntax,
quotes, Korean and emoji are just text.  Enter opens the memory in context.

The lines of Claude Code's own memory files (CLAUDE.md, auto memory) that hold the query
are found too, read at the time of the search as `memlane search` reads them
(`store.claude_memory.search.memory_file_rows`): after the memories once the list holds
its last memory, or alone with the type `claude`.  Enter or `o` opens one in $EDITOR.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.timer import Timer
from textual.widgets import DataTable, Input, Label, Select
from textual.worker import get_current_worker

from store.claude_memory import CLAUDE_MEMORY, memory_file_rows
from store.database import StoreError
from store.display import inert_line
from store.reading import tool_names
from store.search import Query, first_page, search_page, search_summary
from team.scope import TeamScope
from tui.formatting import TYPE_LABELS, local_time, number, plural, tool_label
from tui.gui import messages
from tui.gui.panes import Pane, is_showing
from tui.gui.panes.search import dates
from tui.gui.panes.search.pace import TypingPace
from tui.gui.read_ahead import ReadAhead
from tui.gui.shared_keys import typing_list_keys
from tui.gui.store_client import ReadCancelled, StoreClient
from tui.gui.textual_internals import draw_now, settle_dimensions
from tui.gui.widgets.filter_select import Dropdown, FilterSelect
from tui.gui.widgets.paged_table import PagedTable
from tui.gui.widgets.preview import Preview, PreviewArea
from tui.rich_text import cell, snippet_text, type_label

FILE_ROW = "file:"  # the key of a memory file's line starts so (a memory's is its id)
CLAUDE_LABEL = "claude"  # the type's name in the app
TOOLS_REFRESH_SECONDS = 5.0  # hooks write on every tool call: re-read tool names at most this often
IMPORTANCE = [("Medium or high", 2), ("High only", 3)]
TYPING_ACTIONS = ("filters", "dates", "export", "timeline", "copy", "open_file", "preview", "resume", "fork",
                  "team")  # fmt: skip


@dataclass
class SearchResults(Message):
    """One page of search hits (each with a `snippet`); `where` is the table's request it
    answers ("after", "before", "top" or "bottom"); `total` is -1 when it was not counted."""

    generation: int
    query: str
    offset: int
    rows: list[dict]
    has_more: bool
    elapsed_ms: float = 0.0
    where: str = "after"
    total: int = -1
    ranked: int = -1  # how many of `total` come first by score (the rest newest first)
    all_terms: bool = True  # False: ranked by relevance over any word; some hold only some


@dataclass
class SearchCounted(Message):
    """The exact count of the search numbered `search_id` (its first page came without it)."""

    search_id: int
    query: str
    total: int
    ranked: int
    all_terms: bool


@dataclass
class FileLinesFound(Message):
    """The lines of Claude Code's memory files that hold the query of search `search_id`."""

    search_id: int
    rows: list[dict]


@dataclass
class ToolsLoaded(Message):
    """The tool names the memories have (for the Search pane's tool filter), sorted."""

    tools: list[str]


class SearchPane(Pane):
    """A query box, filters, and ranked hits with highlighted snippets."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "history_forward", "Later query, then the results", show=False,
                id="search.down"),
        Binding("up", "history_back", "Earlier query (in the box)", show=False, id="search.up"),
        # Its list invites typing: a letter typed on it goes to the query (`on_key`), and
        # its actions are on ctrl keys (tui.gui.shared_keys.TYPING_LIST_KEYS).
        *typing_list_keys("search", "filters", "dates", "sort", "export", "timeline", "copy",
                          "open_file", "preview", "resume", "fork", "team", words={"sort": "Sort"}),
    ]

    def __init__(self, store: StoreClient, **kwargs) -> None:
        super().__init__(store, **kwargs)
        self.query_text = ""
        self.filters: dict[str, object] = {
            "project": None, "type": None, "tool": None, "min_importance": None, "days": None,
        }  # fmt: skip
        self._generation = 0  # the table's window: pages for an older one are dropped
        self._search_id = 0  # the query and filters shown: a count for older ones is dropped
        self._search_filters: dict = {}
        self._query = Query()  # the search shown, built once from the box and the filters
        self._counting = False  # the first page is shown, its exact count is on its way
        self._replacing = False  # the rows shown belong to the search before: the next page replaces them
        self._debounce: Timer | None = None
        self._pace = TypingPace(self.app.options.search_debounce)  # how long a pause ends the typing
        self._hits: dict[str, dict] = {}
        self._projects: list[dict] | None = None  # store.reading.projects, read on mount and as hooks write
        self._file_rows: dict[str, dict] = {}  # key -> a memory file's line found for the search shown
        self._hits_seen = 0  # how many hits the search has: exactly the rows one can scroll through
        self._summary: dict = {}  # store.search.search_summary of the search shown
        self._tools_stale = False  # a hook wrote since the tool names were read
        self._tools_read_at = float("-inf")  # time.monotonic() of the last read
        self._tools_timer: Timer | None = None
        self.last_results: SearchResults | None = None
        self.team = TeamScope(StoreClient.open_readonly)
        self.team_scope = False  # this machine's memories, or these and the team's
        # The newest memories (no query yet), read while the pane is built: the frame that
        # first shows the pane lists them.
        limit, filters = self.app.options.page_size, self._store_filters()
        self._first_page: ReadAhead = ReadAhead(
            self._read_first_page, Query.of("", **filters), limit, key=("", filters, limit),
            name="memlane search first page",
        )  # fmt: skip

    def compose(self) -> ComposeResult:
        yield Input(
            placeholder='type to search: words, paths, "phrases", 한국어 · ↑ earlier · tab filters',
            id="search-query",
        )
        with Horizontal(id="search-bar", classes="filter-bar"):
            yield FilterSelect(prompt="Project", id="search-project", compact=True)
            yield Dropdown([*((label, key) for key, label in TYPE_LABELS.items()), (CLAUDE_LABEL, CLAUDE_MEMORY)],
                           prompt="Type", id="search-type", compact=True)  # fmt: skip
            yield FilterSelect(prompt="Tool", id="search-tool", compact=True)
            yield Dropdown(IMPORTANCE, prompt="Importance", id="search-importance", compact=True)
            yield Dropdown(dates.DATE_RANGES, prompt="Any time", id="search-date", compact=True)
        with PreviewArea(id="search-area"):
            yield PagedTable(id="search-results", page_size=self.app.options.page_size)
            yield Preview(self.store, id="search-preview")
        yield Label("", id="search-status")

    @property
    def table(self) -> PagedTable:
        return self.query_one("#search-results", PagedTable)

    @property
    def query_input(self) -> Input:
        return self.query_one("#search-query", Input)

    def on_mount(self) -> None:
        if not self.app.options.cursor_blink:
            self.query_input.cursor_blink = False
        self._add_columns(self.table)
        self._load_projects()
        self._read_tools()
        self.run_search()

    def _add_columns(self, table: PagedTable) -> None:
        table.add_column("When", key="when", width=12)
        table.add_growing_column("Project", key="project", width=12, max_width=28)
        if self.team_scope:
            table.add_column("Author", key="author", width=10)
        table.add_column("Type", key="type", width=7)
        table.add_flex_column("Match", key="match", min_width=16)

    def action_team(self) -> None:
        """Local only <-> local and the team cache (with an Author column)."""
        self.team_scope = not self.team_scope
        self.table.reset()
        self.table.clear(columns=True)
        self._add_columns(self.table)
        self.run_search()

    BOX_LABEL = "Search"

    def list_widget(self) -> PagedTable:
        return self.table

    def box(self) -> Input:
        return self.query_input

    def has_filters(self) -> bool:
        return bool(self.query_input.value.strip()) or self._any_filter()

    def clear_filters(self) -> None:
        """The query and every filter cleared: the newest memories again."""
        self.remember_query()
        with self.query_input.prevent(Input.Changed):
            self.query_input.value = ""
        for select in self.query("#search-bar Select").results(Select):
            select.clear()
        self.run_search()

    def leave_box(self) -> None:
        """Out of the box to the results: what it holds is searched now, not after the pause."""
        self.remember_query()
        if self.query_input.value != self.query_text:
            if self._debounce is not None:
                self._debounce.stop()
            self.run_search()
        self.table.focus()

    def on_key(self, event: events.Key) -> None:
        """A character typed on the results goes to the query, after what it holds (as in
        fzf or atuin), and the keys after it follow: the status says "type to search".  The
        digits still switch panes and `/` still starts a new query (docs/keys.md)."""
        character = event.character
        focused = self.app.focused
        # A key that reaches the pane while the box has the focus was typed on the list before
        # its first key moved the focus (a burst from the terminal: the app forwarded every key
        # to the list); a key typed in the box never bubbles here (Input stops printable keys).
        typed_on_list = focused is self.table or focused is self.query_input
        if not event.is_printable or character is None or not typed_on_list:
            return
        if not self.takes_typed_key(self.table, character):
            return
        event.prevent_default()
        event.stop()
        box = self.query_input
        box.select_on_focus = False  # Input's Focus comes later: it would select what is typed
        box.screen.set_focus(box)  # now: the keys already queued are text for the box too
        box.cursor_position = len(box.value)
        box.insert_text_at_cursor(character)

    def takes_typed_key(self, widget, character: str) -> bool:
        """`character`, typed on `widget`, goes to the query (the footer leaves its key out)."""
        return (widget is self.table and character.isprintable() and not character.isdigit()
                and character != "/")  # fmt: skip

    def selected(self) -> tuple[str | None, int | None]:
        hit = self._hits.get(self.table.cursor_key or "")
        return (hit["session_id"], hit["id"]) if hit else (None, None)

    def file_line(self, key: str | None = None) -> dict | None:
        """The memory file's line under the cursor (or of row `key`), None on a memory."""
        return self._file_rows.get(self.table.cursor_key if key is None else key or "")

    # -- searching ----------------------------------------------------------------

    @on(Input.Changed, "#search-query")
    def _query_changed(self, event: Input.Changed) -> None:
        if self._debounce is not None:
            self._debounce.stop()
        # The count of the query shown is moot once a key changes it: stopped now, not when
        # the next search starts (a short Korean term's count at 1M kept a core busy between
        # the keys of a word, beside the next page's read).
        self.workers.cancel_group(self, "search-count")
        self._pace.longest = self.app.options.search_debounce
        self._debounce = self.set_timer(self._pace.wait_after_key(), self.run_search)

    @on(Input.Submitted, "#search-query")
    def _query_submitted(self, event: Input.Submitted) -> None:
        self.remember_query()
        if self._debounce is not None:
            self._debounce.stop()
        if event.value != self.query_text or self.table.fetching:
            self.run_search()
        self.table.focus()

    def run_search(self) -> None:
        """Search now for what is in the box, from the first hit."""
        self._debounce = None
        self.query_text = self.query_input.value
        self._generation += 1
        self._search_id += 1
        self._search_filters = self._store_filters()
        self._query = Query.of(self.query_text, **self._search_filters)
        self._counting = False
        self.workers.cancel_group(self, "search-count")
        # The rows shown stay until the new first page replaces them (no blank frame to
        # draw while typing); the table asks for nothing meanwhile.
        self.table.fetching = True
        self._replacing = True
        self._hits.clear()
        self._file_rows.clear()
        self._hits_seen, self._summary = 0, {}
        limit = self.app.options.page_size
        if self._files_wanted():
            self._find_file_lines(self._search_id, self.query_text, self.filters["project"], limit, self._projects)
        if self.filters["type"] == CLAUDE_MEMORY:  # memory files only: no memory has this type
            self.on_search_results(SearchResults(self._generation, self.query_text, 0, [], False, total=0))
            return
        read = None if self.team_scope else self._first_page.take((self.query_text, self._search_filters, limit))
        if read is not None:  # the mount's search, or one before the query or a filter changed
            self.on_search_results(self._results(self._generation, self.query_text, 0, *read, limit, "after"))
            return
        self._search(self._generation, self._query, self._search_filters, "after", 0)

    def _files_wanted(self) -> bool:
        """Whether the search shown reads Claude Code's memory files too: a query, no team, and
        no filter a file's line cannot pass (a tool, an importance, a time)."""
        f = self.filters
        return (bool(self._query.terms) and not self.team_scope and f["type"] in (None, CLAUDE_MEMORY)
                and f["tool"] is None and f["min_importance"] is None and f["days"] is None)  # fmt: skip

    @work(thread=True, exclusive=True, group="search-files", exit_on_error=False)
    def _find_file_lines(self, search_id: int, query: str, project: str | None, limit: int,
                         known: list[dict] | None) -> None:  # fmt: skip
        rows = self.store.read(memory_file_rows, query, [project] if project else None, limit, known)
        if not get_current_worker().is_cancelled:
            self.post_message(FileLinesFound(search_id, rows))

    def on_file_lines_found(self, message: FileLinesFound) -> None:
        if message.search_id != self._search_id:
            return  # found for a query or filters no longer shown
        self._file_rows = {f"{FILE_ROW}{i}": row for i, row in enumerate(message.rows)}
        self._place_file_lines()
        if self.last_results is not None:
            self._show_status(self.last_results)

    def _place_file_lines(self) -> None:
        """The memory files' lines after the memories, once the list holds its last memory."""
        table = self.table
        if not self._file_rows or table.fetching or table.has_more or table.window_end < self._hits_seen:
            return
        now, tz = self.app.now(), self.app.tz
        rows = [(key, self._file_cells(row, now, tz)) for key, row in self._file_rows.items() if key not in table.rows]
        if rows:
            table.add_page(rows, has_more=False)

    def _file_cells(self, row: dict, now, tz) -> tuple:
        cells = [cell(local_time(row.get("created_at"), tz, now=now), "dim"),
                 cell(row.get("project_name") or "—", "bold")]  # fmt: skip
        if self.team_scope:
            cells.append(cell("you", "dim"))
        return (*cells, Text(CLAUDE_LABEL, style="bold yellow", no_wrap=True, end=""),
                snippet_text(row.get("snippet"), base_style=""))  # fmt: skip

    def _store_filters(self) -> dict:
        f = self.filters
        since, until = dates.bounds(f["days"], self.app.now(), self.app.tz)
        when = {"since": since, **({"until": until} if until else {})}
        return {"project": f["project"], "type": f["type"], "tool": f["tool"],
                "min_importance": f["min_importance"], **when, **self._order()}  # fmt: skip

    @work(thread=True, exclusive=True, group="search", exit_on_error=False)
    def _search(
        self,
        generation: int,
        query: Query,
        filters: dict,
        where: str,
        offset: int | None,
        limit: int | None = None,
        after_id: int | None = None,
    ) -> None:
        """Hits from `offset` (None: the last page; `after_id`: the page after that hit)
        for the table's request `where`, all from the store's one ranking of the query
        (`filters`: the same ones by name, for the team's search)."""
        limit = limit or self.app.options.page_size
        started = time.perf_counter()
        summary: dict = {}
        try:
            if self.team_scope:
                offset, rows, summary = self.team.page(self.store, query.text, offset=offset, limit=limit,
                                                       **filters)  # fmt: skip
            elif where == "after" and offset == 0 and after_id is None:
                worker = get_current_worker()
                rows, summary, _elapsed = self._read_first_page(query, limit, lambda: worker.is_cancelled)
            else:
                offset, rows, summary = self.store.read(search_page, query, after_id=after_id, offset=offset,
                                                        limit=limit)  # fmt: skip
        except ReadCancelled:
            return  # a newer search replaced this one (a key typed since): its page would be stale
        except StoreError:  # the table waits for this page: an empty one, then WorkerFailures says why
            self.post_message(SearchResults(generation, query.text, offset or 0, [], False, where=where))
            raise
        elapsed = (time.perf_counter() - started) * 1000
        if not get_current_worker().is_cancelled:
            self.post_message(self._results(generation, query.text, offset, rows, summary, elapsed, limit, where))

    def _read_first_page(self, query: Query, limit: int,
                         cancelled: Callable[[], bool] | None = None) -> tuple[list[dict], dict, float]:  # fmt: skip
        """(hits, summary, milliseconds) of the first page at once; a common word's exact
        count follows (`_count`).  In a thread: it touches no widget.  `cancelled`: the read
        stops once it says so (raising ReadCancelled)."""
        started = time.perf_counter()
        if cancelled is None:
            rows, summary = self.store.read(first_page, query, limit=limit)
        else:
            rows, summary = self.store.read_unless(cancelled, first_page, query, limit=limit)
        return rows, summary, (time.perf_counter() - started) * 1000

    @staticmethod
    def _results(
        generation: int, query: str, offset: int, rows: list[dict], summary: dict, elapsed: float,
        limit: int, where: str,
    ) -> SearchResults:  # fmt: skip
        total = summary.get("total", -1)
        has_more = offset + len(rows) < total if total >= 0 else len(rows) == limit
        return SearchResults(generation, query, offset, rows, has_more, elapsed, where, total,
                             summary.get("ranked", -1), summary.get("all_terms", True))  # fmt: skip

    def _count_if_shown(self, search_id: int, query: Query) -> None:
        """Count the search shown, unless another replaced it or a key is about to since its
        page was drawn (its count would be stopped at once)."""
        if search_id == self._search_id and self._debounce is None and self._counting:
            self._count(search_id, query)

    @work(thread=True, exclusive=True, group="search-count", exit_on_error=False)
    def _count(self, search_id: int, query: Query) -> None:
        """The exact count of the search shown (the same ranking its pages come from)."""
        worker = get_current_worker()
        try:
            summary = self.store.read_unless(lambda: worker.is_cancelled, search_summary, query)
        except ReadCancelled:
            return  # another query or filter replaced this one: its count would be stale
        self.post_message(SearchCounted(search_id, query.text, summary["total"], summary["ranked"],
                                                 summary["all_terms"]))  # fmt: skip

    def on_search_counted(self, message: SearchCounted) -> None:
        if message.search_id != self._search_id or self.team_scope:
            return  # counted for a query or filters no longer shown
        self._counting = False
        self._hits_seen = message.total
        self._summary = {"ranked": message.ranked, "all_terms": message.all_terms}
        table = self.table
        if not table.fetching:
            table.has_more = table.window_end < message.total
        if self.last_results is not None:
            self._show_status(self.last_results)

    def on_search_results(self, message: SearchResults) -> None:
        if message.generation != self._generation:
            return
        first = self._replacing
        if self._replacing:
            self._replacing = False
            self.table.reset()
        self.last_results = message
        if message.total >= 0:
            self._counting = False
            self._hits_seen = message.total
            self._summary = {"ranked": message.ranked, "all_terms": message.all_terms}
        elif message.where == "after" and message.offset == 0 and not self._counting and not self.team_scope:
            self._summary = {"ranked": message.ranked, "all_terms": message.all_terms}
            if self._query.terms:
                self._counting = True
                # After the frame with the page: the count's thread took turns at the GIL
                # with the drawing of it.
                self.call_after_refresh(self._count_if_shown, self._search_id, self._query)
        rows = []
        now, tz = self.app.now(), self.app.tz
        for hit in message.rows:
            key = hit.get("row_key") or str(hit["id"])
            if key == str(hit["id"]):  # a teammate's memory has no timeline on this machine
                self._hits[key] = {"id": hit["id"], "session_id": hit["session_id"]}
            error = hit.get("type") == "error"
            cells = [cell(local_time(hit.get("created_at"), tz, now=now), "dim"),
                     cell(hit.get("project_name") or "—", "bold")]  # fmt: skip
            if self.team_scope:
                cells.append(cell(inert_line(hit.get("author") or "you"), "" if hit.get("author") else "dim"))
            cells += [type_label(hit.get("type")),
                      snippet_text(hit.get("snippet"), base_style="red" if error else "")]  # fmt: skip
            rows.append((key, tuple(cells)))
        table = self.table
        table.place(message.where, rows, offset=message.offset, has_more=message.has_more)
        self._hits = {k: v for k, v in self._hits.items() if k in table.rows}
        self._place_file_lines()
        self._show_status(message)
        if first and is_showing(self):  # a new page: drawn in this turn, not at the next idle and tick after it
            settle_dimensions(table)
            draw_now(self.screen)

    def _show_status(self, message: SearchResults) -> None:
        said = self._memory_status(message)
        if self._file_rows and not self.team_scope and self.filters["type"] != CLAUDE_MEMORY:
            held = any(key in self.table.rows for key in self._file_rows)
            where = "" if held else f" (type {CLAUDE_LABEL} lists them)"
            said = Text.assemble(said, f" · {plural(len(self._file_rows), 'line')} of Claude Code's memory files{where}")
        self.query_one("#search-status", Label).update(said, layout=False)  # one line, full width: its size never changes

    def _memory_status(self, message: SearchResults) -> Text | str:
        shown = self._hits_seen
        if self.team_scope:
            return Text.assemble(("Team + local", "bold"), " · ", self._status_text(message, shown))
        if not message.query.strip():
            return Text.assemble(("Newest memories", "bold"), " · type to search")
        if self._counting:
            ranked = self._summary.get("ranked", -1)
            at_least = f"more than {number(ranked)}" if ranked > 0 else "counting"
            return f"{at_least} matches · counting…"
        if shown == 0 and self.filters["type"] == CLAUDE_MEMORY:
            if self._file_rows:
                return f"{plural(len(self._file_rows), 'line')} of Claude Code's memory files, read now"
            return Text.assemble("No line of Claude Code's memory files holds ", (message.query.strip(), "bold"))
        if shown == 0:
            return Text.assemble("No memories match ", (message.query.strip(), "bold"),
                                 " with these filters" if self._any_filter() else "")  # fmt: skip
        timing = f" · {message.elapsed_ms:.0f} ms" if self.app.options.show_timings else ""
        ranked = self._summary.get("ranked", -1)
        how = ""
        if not self._summary.get("all_terms", True):
            how = " · ranked by relevance: they hold some of the words"
        elif 0 <= ranked < shown:
            how = f" · best {number(ranked)} first, then newest first"
        return f"{plural(shown, 'match')}{how}{timing}"

    def _status_text(self, message: SearchResults, shown: int) -> str:
        if not message.query.strip():
            return "newest memories, yours and your team's (as of the last `memlane team sync`)"
        return plural(shown, "match")

    def _any_filter(self) -> bool:
        return any(v is not None for v in self.filters.values())

    @on(PagedTable.NeedMore, "#search-results")
    def _need_more(self, event: PagedTable.NeedMore) -> None:
        last = self.table.last_key()
        self._search(self._generation, self._query, self._search_filters, event.where,
                     event.offset, after_id=int(last) if last is not None else None)  # fmt: skip

    @on(PagedTable.NeedEarlier, "#search-results")
    def _need_earlier(self, event: PagedTable.NeedEarlier) -> None:
        self._search(self._generation, self._query, self._search_filters, event.where,
                     event.offset, event.limit)  # fmt: skip

    @on(PagedTable.NeedEdge, "#search-results")
    def _need_edge(self, event: PagedTable.NeedEdge) -> None:
        self._generation += 1  # pages on their way belong to the window being left
        offset = 0 if event.where == "top" else None
        self._search(self._generation, self._query, self._search_filters, event.where, offset)

    @on(DataTable.RowHighlighted, "#search-results")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        hit = self._hits.get(event.row_key.value or "")
        preview = self.query_one(Preview)
        line = self.file_line(event.row_key.value)
        if line is not None:
            preview.show_row(line, self._query.terms)
        elif hit is None:
            preview.clear()  # a teammate's memory: in the team cache, not this database
        else:
            preview.show_memory(hit["id"], list(self._query.terms))

    @on(DataTable.RowSelected, "#search-results")
    def _open(self, event: DataTable.RowSelected) -> None:
        hit = self._hits.get(event.row_key.value or "")
        if hit:
            self.post_message(messages.OpenTimeline(hit["session_id"], hit["id"]))
        elif self.file_line(event.row_key.value) is not None:
            self.action_open_file()

    # -- filters ------------------------------------------------------------------

    @on(Select.Changed)
    def _filter_changed(self, event: Select.Changed) -> None:
        names = {"search-project": "project", "search-type": "type", "search-tool": "tool",
                 "search-importance": "min_importance", "search-date": "days"}  # fmt: skip
        name = names.get(event.select.id or "")
        if name is None:
            return
        value = None if event.value is Select.NULL else event.value
        if name == "days" and value == dates.CUSTOM:
            self._ask_dates(event.select)
            return
        if self.filters[name] != value:
            self.filters[name] = value
            self.refresh_bindings()
            self.run_search()

    def _ask_dates(self, select: Select) -> None:
        """"Between two dates…": ask for them; the filter shows the range chosen."""
        from tui.gui.modals import TextInputModal, TextInputResult

        before = self.filters["days"]

        def check(text: str, _toggled: bool) -> tuple[str, bool]:
            found = dates.parse_range(text)
            if isinstance(found, str):
                return found, False
            label, _value = dates.range_choice(*found)
            return f"Memories of {label}, both days included.", True

        def chosen(result: TextInputResult | None) -> None:
            found = dates.parse_range(result.value) if result is not None else "cancelled"
            if isinstance(found, str):
                with select.prevent(Select.Changed):
                    select.value = before if before is not None else Select.NULL
                return
            label, value = dates.range_choice(*found)
            offered = [(text, key) for text, key in dates.DATE_RANGES]
            select.set_options([*offered[:-1], (label, value), offered[-1]])
            select.value = value  # its Changed runs the search

        self.app.push_screen(TextInputModal(
            "Search between two dates", prompt="From and to (YYYY-MM-DD; one date: that day):",
            placeholder="2025-04-01 2025-04-15", submit_label="Filter", allow_empty=False,
            describe=check,
        ), chosen)  # fmt: skip

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.in_bar and action in TYPING_ACTIONS:
            return False  # the box's own keys (ctrl+e: end of the line); the list's once back
        if action == "team":
            return self.team_scope or self.team.available()
        if action in ("export", "copy", "open_file"):
            return self.table.row_count > 0
        if action == "history_back":
            return self.query_input.has_focus and bool(self.history.entries)
        if action == "history_forward":
            return self.query_input.has_focus
        if action == "to_list":
            return False  # down in the query box walks the history first (history_forward)
        if action == "sort":
            return bool(self.query_text.strip()) and not self.in_bar
        return super().check_action(action, parameters)

    @work(thread=True, exclusive=True, group="search-projects", exit_on_error=False)
    def _load_projects(self) -> None:
        projects = self.store.projects()
        self.post_message(messages.ProjectsLoaded(projects))

    def on_projects_loaded(self, message: messages.ProjectsLoaded) -> None:
        self._projects = message.projects  # the latest first: whose memory files a search reads
        options = [(p["project_name"] or "(no project)", p["project"]) for p in message.projects]
        self.query_one("#search-project", FilterSelect).offer(options, keep=self.filters["project"])

    @work(thread=True, exclusive=True, group="search-tools", exit_on_error=False)
    def _load_tools(self) -> None:
        tools = self.store.read(tool_names)
        self.post_message(ToolsLoaded(tools))

    def _read_tools(self) -> None:
        self._tools_timer = None
        self._tools_stale = False
        self._tools_read_at = time.monotonic()
        self._load_tools()

    def on_tools_loaded(self, message: ToolsLoaded) -> None:
        chosen = self.filters["tool"]
        tools = list(message.tools)
        if isinstance(chosen, str) and chosen not in tools:
            tools.append(chosen)  # gone from the memories, still the filter: keep it choosable
        options = [(tool_label(name), name) for name in tools]
        self.query_one("#search-tool", FilterSelect).offer(options, keep=chosen)

    def on_data_changed(self, message: messages.DataChanged) -> None:
        if message.forgotten:  # forgotten or redacted, by anyone: its hits go, or show the new text
            self.run_search()
            self.query_one(Preview).read_again()
        self._load_projects()
        self._tools_stale = True
        if not is_showing(self) or self._tools_timer is not None:
            return  # read when shown, or already due
        wait = self._tools_read_at + TOOLS_REFRESH_SECONDS - time.monotonic()
        if wait > 0:
            self._tools_timer = self.set_timer(wait, self._read_tools)
        else:
            self._read_tools()

    def on_show(self) -> None:
        if self._tools_stale and self._tools_timer is None:
            self._read_tools()

    # -- export, copy, open (tui/gui/export_flow.py, tui/gui/memory_actions.py) ---------

    # -- query history (tui/gui/panes/search/history.py) and the way into the filters -------

    @property
    def history(self):
        from tui.gui.panes.search.history import QueryHistory

        if not hasattr(self, "_history"):
            self._history = QueryHistory()
        return self._history

    def remember_query(self) -> None:
        self.history.add(self.query_input.value)

    def _show_query(self, text: str) -> None:
        field = self.query_input
        field.value = text
        field.cursor_position = len(text)

    def action_history_back(self) -> None:
        earlier = self.history.back(self.query_input.value)
        if earlier is not None:
            self._show_query(earlier)

    def action_history_forward(self) -> None:
        later = self.history.forward()
        if later is not None:
            self._show_query(later)
        else:
            self.leave_box()

    # -- sort: relevance or date --------------------------------------------------------

    def _order(self) -> dict:
        """The search's `sort` argument, only when it is not the default."""
        return {"sort": "date"} if getattr(self, "order", "relevance") == "date" else {}

    def action_sort(self) -> None:
        self.order = "date" if getattr(self, "order", "relevance") == "relevance" else "relevance"
        self.notify(f"Sorted by {'date, newest first' if self.order == 'date' else 'relevance'}.",
                    timeout=2)  # fmt: skip
        self.run_search()

    def action_filters(self) -> None:
        self.query_one("#search-project", Select).focus()

    def action_dates(self) -> None:
        """The next quick range: today, yesterday, the last 7 days, any time."""
        chosen = dates.next_quick_range(self.filters["days"])
        select = self.query_one("#search-date", Select)
        select.value = chosen if chosen is not None else Select.NULL  # its Changed searches
        self.notify(f"Memories of {dates.RANGE_NAMES[chosen]}." if chosen else "Memories of any time.",
                    timeout=2)  # fmt: skip

    def action_export(self) -> None:
        from store.reading import ExportRequest
        from tui.gui.export_flow import ask_and_export

        filters = {k: v for k, v in self._store_filters().items() if v is not None}
        request = ExportRequest(query=self.query_text, filters=filters)
        ask_and_export(self, request, f"search-{self.query_text.strip() or 'newest'}")

    def _cursor_memory_id(self) -> int | None:
        key = self.table.cursor_key
        return int(key) if key is not None and key.isdigit() else None

    def action_copy(self) -> None:
        from tui.gui.memory_actions import copy_from_memory, offer_copy

        line = self.file_line()
        if line is not None:
            offer_copy(self.app, [("path", line["file_path"]), ("line", line["content"])])
        else:
            copy_from_memory(self, self._cursor_memory_id())

    def action_open_file(self) -> None:
        """The memory's file in $EDITOR; on a memory file's line, that file at that line."""
        from tui.gui.memory_actions import open_in_editor, open_memory_file

        line = self.file_line()
        if line is not None:
            open_in_editor(self.app, {"id": None, "file_path": line["file_path"]}, line=line["line"])
        else:
            open_memory_file(self, self._cursor_memory_id())
