"""Pane 7, Recall: the injection ledger (what recall told Claude, newest first, and why) and
the vetoes and pins that steer it (store/reading/ledger.py).

Each decision is a row (its prompt, what was sent or why nothing, whether the model acted
on it); the memories it sent follow as rows of their own, and act like any memory row:
`enter` opens it, `x` vetoes it, `X` vetoes its file or error group, `P` pins it, `u`
lifts its veto or pin.  Below, every veto and pin, where `u` lifts one.  A session's start
says the memory it started with, in tokens: Claude Code's own files and memlane's block;
`M` shows Claude Code's memory files of the highlighted decision's project
(tui/gui/screens/claude_memory.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import DataTable, Input, Select, Static

from tui.formatting import (
    ledger_acted,
    ledger_decision,
    ledger_numbers,
    ledger_prompt,
    local_time,
    number,
    one_line,
    short_path,
    veto_label,
)
from tui.gui import messages
from tui.gui.panes import Pane, is_showing
from tui.gui.shared_keys import shared_keys
from tui.gui.store_client import StoreClient
from tui.gui.widgets.breakpoint import WideBreakpoint
from tui.gui.widgets.filter_select import Dropdown, FilterSelect
from tui.gui.widgets.vim_table import VimDataTable
from tui.rich_text import cell, type_label

PAGE = 100  # decisions read at a time; more as the cursor nears the last
DECISIONS = [("Sent something", "sent")]  # the decision filter (its prompt: any decision)
MORE_WHEN = 10  # rows from the end at which the next page is read


@dataclass
class LedgerLoaded(Message):
    """A page of the ledger (store.reading.ledger.page) for the listing `generation`; `append` adds it
    below what is shown, else it replaces it."""

    generation: int
    data: dict
    append: bool


@dataclass
class SteeringChanged(Message):
    """A veto or pin was made or lifted: say it, and read the ledger again."""

    said: str


class RecallPane(WideBreakpoint, Pane):
    """The injection ledger, with the memories each decision sent; the vetoes and pins below."""

    BINDINGS = [
        *shared_keys("recall", "veto", "veto_source", "pin"),
        Binding("u", "lift", "Undo", id="recall.undo"),
        Binding("p", "project", "Project", id="recall.project"),
        *shared_keys("recall", "filters", "timeline", hidden={"filters", "timeline"}),
        Binding("M", "claude_memory", "Claude's memory", id="recall.claude_memory"),
    ]

    def __init__(self, store: StoreClient, **kwargs) -> None:
        super().__init__(store, **kwargs)
        self.decisions: list[dict] = []
        self.memories: dict[int, dict] = {}
        self.vetoes: list[dict] = []
        self.pins: list[dict] = []
        self.vetoed: set[int] = set()
        self.has_more = False
        self._generation = 0
        self._fetching = False
        self._stale = False
        self._land_on_newest = False  # the next listing puts the cursor on the newest row
        self.project: str | None = None
        self.decision: str | None = None  # "sent": only decisions that sent something
        self.text = ""  # the box: text of the prompt, or the start of a session id

    def compose(self) -> ComposeResult:
        with Horizontal(id="recall-bar", classes="filter-bar"):
            yield FilterSelect(prompt="All projects", id="recall-project", compact=True)
            yield Dropdown(DECISIONS, prompt="Any decision", id="recall-decision", compact=True)
            yield Input(placeholder="/ filter: prompt, session id", id="recall-filter", compact=True)
        with Vertical(id="recall-body"):
            yield Static("", id="recall-header", markup=False)
            table = VimDataTable(id="recall-ledger")
            self._add_columns(table)
            yield table
            yield Static("", id="recall-info", markup=False)
            yield Static("Vetoes and pins", id="recall-steering-title", markup=False)
            steering = VimDataTable(id="recall-steering")
            steering.add_column("", key="kind", width=7)
            steering.add_column("When", key="when", width=12)
            steering.add_flex_column("What", key="what", min_width=20)
            yield steering

    def on_mount(self) -> None:
        self.reload()
        self._load_projects()

    # -- the filters ----------------------------------------------------------------------

    def box(self) -> Input:
        return self.query_one("#recall-filter", Input)

    def has_filters(self) -> bool:
        return self.project is not None or self.decision is not None or bool(self.box().value)

    def clear_filters(self) -> None:
        box = self.box()
        with box.prevent(Input.Changed):
            box.value = ""
        self.text = ""
        for select in self.query("#recall-bar Select").results(Select):
            with select.prevent(Select.Changed):
                select.clear()
        self.project = self.decision = None
        self.reload()

    def leave_box(self) -> None:
        self.apply_box()
        self.ledger.focus()

    def filter_by(self, text: str) -> None:
        if text != self.text:
            self.text = text
            self.reload()

    @on(Input.Changed, "#recall-filter")
    def _filter_typed(self, _event: Input.Changed) -> None:
        self.box_changed()

    @on(Input.Submitted, "#recall-filter")
    def _filter_submitted(self, _event: Input.Submitted) -> None:
        self.leave_box()

    @on(Select.Changed)
    def _select_changed(self, event: Select.Changed) -> None:
        value = None if event.value is Select.NULL else str(event.value)
        if event.select.id == "recall-project" and value != self.project:
            self.project = value
        elif event.select.id == "recall-decision" and value != self.decision:
            self.decision = value
        else:
            return
        self.reload()
        self.refresh_bindings()

    def action_project(self) -> None:
        select = self.query_one("#recall-project", Select)
        select.focus()
        select.action_show_overlay()

    def action_filters(self) -> None:
        self.query_one("#recall-project", Select).focus()

    @work(thread=True, exclusive=True, group="recall-projects", exit_on_error=False)
    def _load_projects(self) -> None:
        self.post_message(messages.ProjectsLoaded(self.store.projects()))

    def on_projects_loaded(self, message: messages.ProjectsLoaded) -> None:
        options = [(p["project_name"] or "(no project)", p["project"]) for p in message.projects]
        self.query_one("#recall-project", FilterSelect).offer(options, keep=self.project)

    def _filters(self) -> dict:
        return {"project": self.project, "injected_only": self.decision == "sent",
                "text": self.text or None}  # fmt: skip

    def land_on_newest(self) -> None:
        """Its key: the cursor on the newest decision, read again (the one just made)."""
        self._land_on_newest = True
        self._stale = False
        self.reload()

    @property
    def ledger(self) -> VimDataTable:
        return self.query_one("#recall-ledger", VimDataTable)

    @property
    def steering(self) -> VimDataTable:
        return self.query_one("#recall-steering", VimDataTable)

    def list_widget(self) -> VimDataTable:
        return self.ledger

    def selected(self) -> tuple[str | None, int | None]:
        decision, memory = self._selected()
        if memory is not None:
            return memory.get("session_id"), memory["id"]
        if decision is not None:
            return decision.get("session_id"), decision.get("prompt_memory_id")
        return None, None

    def _add_columns(self, table: VimDataTable) -> None:
        table.add_column("When", key="when", width=12)
        if self.wide:
            table.add_column("Project", key="project", width=14)
        table.add_flex_column("Prompt / memory sent", key="what", min_width=20)
        table.add_column("Decision", key="decision", width=28 if self.wide else 18)
        table.add_column("Acted", key="acted", width=12 if self.wide else 6)
        table.fit_columns()  # the flexible column takes what these leave

    def on_resize(self) -> None:
        # From WIDE_FROM cells the project is its own column.
        if self.crossed(self.size.width):
            table = self.ledger
            keep = table.cursor_key
            with self.app.batch_update():
                table.clear(columns=True)
                self._add_columns(table)
                self._fill_ledger(keep)

    # -- loading --------------------------------------------------------------------

    def reload(self) -> None:
        self._generation += 1
        self._fetching = True
        self._load(self._generation, None, max(PAGE, len(self.decisions)), False, self._filters())

    @work(thread=True, exclusive=True, group="recall-load", exit_on_error=False)
    def _load(self, generation: int, before_id: int | None, limit: int, append: bool,
              filters: dict) -> None:  # fmt: skip
        from store.reading import page

        data = self.store.read(page, limit=limit, before_id=before_id, **filters)
        self.post_message(LedgerLoaded(generation, data, append))

    @on(LedgerLoaded)
    def _loaded(self, message: LedgerLoaded) -> None:
        if message.generation != self._generation:
            return
        data = message.data
        self._fetching = False
        keep = None if self._land_on_newest and not message.append else self.ledger.cursor_key
        if not message.append:
            self._land_on_newest = False
        if message.append:
            self.decisions += data["entries"]
            self.memories.update(data["memories"])
        else:
            self.decisions, self.memories = data["entries"], data["memories"]
        self.vetoes, self.pins, self.vetoed = data["vetoes"], data["pins"], set(data["vetoed"])
        self.has_more = data["more"]
        self.counts = data["counts"]
        with self.app.batch_update():
            self._fill_ledger(keep)
            self._fill_steering()
        self._update_header()
        self._update_info()
        self.refresh_bindings()

    def _fill_ledger(self, keep: str | None) -> None:
        table = self.ledger
        table.clear()
        pinned = {p["id"] for p in self.pins}
        for decision in self.decisions:
            table.add_row(*self._decision_cells(decision), key=f"d{decision['id']}")
            for item in decision["items"]:
                memory = self.memories.get(item["memory_id"])
                if memory is not None:
                    cells = self._item_cells(memory, item["used"], memory["id"] in pinned)
                    table.add_row(*cells, key=f"m{decision['id']}:{memory['id']}")
        if keep is not None and keep in table.rows:
            table.move_cursor(row=table.get_row_index(keep), animate=False)
        elif table.row_count:
            table.move_cursor(row=0, animate=False)  # the newest

    def _decision_cells(self, decision: dict) -> list:
        cells: list = [Text(local_time(decision.get("at"), tz=self.app.tz, now=self.app.now()), no_wrap=True)]
        if self.wide:
            cells.append(cell(decision.get("project_name") or short_path(decision.get("project"))))
        style = "" if decision.get("injected") else "dim"
        cells.append(cell(ledger_prompt(decision), style="bold" if decision.get("injected") else ""))
        cells.append(cell(ledger_decision(decision, short=not self.wide), style=style))
        cells.append(cell(ledger_acted(decision, short="medium" if self.wide else True)))
        return cells

    def _item_cells(self, memory: dict, used: bool, pinned: bool) -> list:
        vetoed = memory["id"] in self.vetoed
        what = Text("  ", no_wrap=True, overflow="ellipsis", end="")
        what.append(f"#{memory['id']} ", style="dim")
        what.append_text(type_label(memory.get("type")))
        what.append(" ")
        if memory.get("file_path"):
            what.append(short_path(memory["file_path"]) + " ", style="bold")
        what.append(one_line(memory.get("content"))[:300], style="strike dim" if vetoed else "")
        marks = ["vetoed" if vetoed else "", "pinned" if pinned else ""]
        cells: list = [Text("")]
        if self.wide:
            cells.append(Text(""))
        cells += [what, cell(" ".join(m for m in marks if m), style="yellow"),
                  cell("used" if used else "", style="green")]  # fmt: skip
        return cells

    def _fill_steering(self) -> None:
        table = self.steering
        keep = table.cursor_key
        table.clear()
        for veto in self.vetoes:
            table.add_row(Text("veto", style="yellow"), local_time(veto.get("at"), tz=self.app.tz, now=self.app.now()),
                          cell(veto_label(veto, self.memories.get(_int(veto["value"])))), key=f"v{veto['id']}")  # fmt: skip
        for pin in self.pins:
            table.add_row(Text("pin", style="cyan"), local_time(pin.get("pinned_at"), tz=self.app.tz, now=self.app.now()),
                          cell(f"#{pin['id']} {one_line(pin.get('content'))[:300]}"), key=f"p{pin['id']}")  # fmt: skip
        if not self.vetoes and not self.pins:
            table.add_row(Text(""), Text(""), cell("none: x vetoes a memory sent, P pins one", style="dim"), key="none")
        if keep is not None and keep in table.rows:
            table.move_cursor(row=table.get_row_index(keep), animate=False)

    def _update_header(self) -> None:
        counts = getattr(self, "counts", {}) or {}
        text = (f"Recall · {number(counts.get('decisions', 0))} decisions · "
                f"{number(counts.get('injected', 0))} sent something · newest first")  # fmt: skip
        self.query_one("#recall-header", Static).update(text)

    def _update_info(self) -> None:
        info = self.query_one("#recall-info", Static)
        decision, memory = self._selected()
        if decision is None:
            info.update("Nothing recorded yet: each prompt's recall decision shows here."
                        if not self.decisions and not self.has_filters()
                        else "No decision matches these filters (escape clears them)."
                        if not self.decisions else "")  # fmt: skip
            return
        numbers = ledger_numbers(decision)
        line = ledger_decision(decision) + (f" ({numbers})" if numbers else "")
        acted = ledger_acted(decision)
        if acted:
            line += f"; acted on: {acted}"
        left_out = [c for c in decision.get("context") or [] if c.get("source") == "left_out"]
        if left_out:
            from store.reading import LEFT_OUT

            kinds = sorted({c["kind"] for c in left_out})
            line += f"; left out {len(left_out)}: " + ", ".join(LEFT_OUT.get(k, k) for k in kinds)
        if memory is not None:
            line = f"#{memory['id']} sent for: {ledger_prompt(decision)}" + (f" ({numbers})" if numbers else "")
        info.update(Text(one_line(line), no_wrap=True, overflow="ellipsis"))

    # -- the selection ----------------------------------------------------------------

    def _selected(self) -> tuple[dict | None, dict | None]:
        """(the decision under the ledger's cursor, the memory when the cursor is on one it sent)."""
        key = self.ledger.cursor_key
        if not key:
            return None, None
        decision_id, _, memory_id = key[1:].partition(":")
        decision = next((d for d in self.decisions if d["id"] == int(decision_id)), None)
        return decision, self.memories.get(int(memory_id)) if memory_id else None

    def _steering_selected(self) -> dict | None:
        key = self.steering.cursor_key
        if not key or key == "none":
            return None
        if key[0] == "v":
            return next(({"veto": v} for v in self.vetoes if v["id"] == int(key[1:])), None)
        return next(({"pin": p} for p in self.pins if p["id"] == int(key[1:])), None)

    def _on_steering(self) -> bool:
        return self.steering.has_focus

    @on(DataTable.RowHighlighted, "#recall-ledger")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._update_info()
        self.refresh_bindings()
        if self.has_more and not self._fetching and event.cursor_row >= self.ledger.row_count - MORE_WHEN:
            self._fetching = True
            self._load(self._generation, self.decisions[-1]["id"], PAGE, True, self._filters())

    @on(DataTable.RowHighlighted, "#recall-steering")
    def _steering_highlighted(self, _event) -> None:
        self.refresh_bindings()

    def on_descendant_focus(self, _event) -> None:
        self.refresh_bindings()

    @on(DataTable.RowSelected, "#recall-ledger")
    def _open(self, event: DataTable.RowSelected) -> None:
        event.stop()
        decision, memory = self._selected()
        if memory is not None:
            self.post_message(messages.OpenMemory(memory["id"]))
        elif decision is not None and decision.get("prompt_memory_id"):
            self.post_message(messages.OpenMemory(decision["prompt_memory_id"]))

    @on(DataTable.RowSelected, "#recall-steering")
    def _open_steered(self, event: DataTable.RowSelected) -> None:
        event.stop()
        chosen = self._steering_selected()
        if chosen and "pin" in chosen:
            self.post_message(messages.OpenMemory(chosen["pin"]["id"]))
        elif chosen and chosen["veto"]["kind"] == "memory" and _int(chosen["veto"]["value"]) in self.memories:
            self.post_message(messages.OpenMemory(int(chosen["veto"]["value"])))

    # -- the keys -----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in ("veto", "veto_source", "pin"):
            if self._on_steering():
                return False
            memory = self._selected()[1]
            if memory is None:
                return False
            if action == "veto":
                return memory["id"] not in self.vetoed
            if action == "veto_source":
                return bool(memory.get("file_path") or memory.get("error_group_id"))
            return memory["id"] not in {p["id"] for p in self.pins}
        if action == "lift":
            return self._liftable() is not None
        if action == "timeline":
            return self._on_steering() is False and self._selected()[0] is not None
        return super().check_action(action, parameters)

    def action_veto(self) -> None:
        memory = self._selected()[1]
        if memory is not None:
            self._change("veto", "memory", memory["id"], memory.get("project") or "",
                         said=f"Vetoed #{memory['id']}: never injected again (u lifts it).")  # fmt: skip

    def action_veto_source(self) -> None:
        memory = self._selected()[1]
        if memory is None:
            return
        if memory.get("file_path"):
            self._change("veto", "file", memory["file_path"], memory.get("project") or "",
                         said=f"Vetoed {short_path(memory['file_path'])}: none of its memories is injected again.")  # fmt: skip
        elif memory.get("error_group_id"):
            group = memory["error_group_id"]
            self._change("veto", "error_group", group, memory.get("project") or "",
                         said=f"Vetoed error group x{group}: none of its errors is injected again.")  # fmt: skip

    def action_pin(self) -> None:
        memory = self._selected()[1]
        if memory is not None:
            self._change("pin", memory["id"], said=f"Pinned #{memory['id']}: offered at every session start of its project.")

    def action_lift(self) -> None:
        what = self._liftable()
        if what is None:
            return
        kind, value, label = what
        if kind == "pin":
            self._change("unpin", value, said=f"Unpinned #{value}.")
        else:
            self._change("unveto", kind, value, said=f"Lifted the veto on {label}.")

    def action_claude_memory(self) -> None:
        from tui.gui.screens.claude_memory import open_claude_memory

        decision = self._selected()[0]
        open_claude_memory(self, decision.get("project") if decision else None)

    def action_timeline(self) -> None:
        decision, memory = self._selected()
        if memory is not None:
            self.post_message(messages.OpenTimeline(memory["session_id"], memory["id"]))
        elif decision is not None:
            self.post_message(messages.OpenTimeline(decision["session_id"], decision.get("prompt_memory_id")))

    def _liftable(self) -> tuple[str, object, str] | None:
        """(kind, value, words) of the veto or pin `u` would lift here, or None."""
        if self._on_steering():
            chosen = self._steering_selected()
            if chosen is None:
                return None
            if "pin" in chosen:
                return "pin", chosen["pin"]["id"], f"#{chosen['pin']['id']}"
            veto = chosen["veto"]
            return veto["kind"], veto["value"], veto_label(veto)
        memory = self._selected()[1]
        if memory is None:
            return None
        for veto in self.vetoes:
            if _covers(veto, memory):
                return veto["kind"], veto["value"], veto_label(veto)
        if memory["id"] in {p["id"] for p in self.pins}:
            return "pin", memory["id"], f"#{memory['id']}"
        return None

    def _change(self, what: str, *args, said: str) -> None:
        self._write(what, args, said)

    @work(thread=True, group="recall-write", exit_on_error=False)
    def _write(self, what: str, args: tuple, said: str) -> None:
        from store.reading import ledger

        self.store.run(getattr(ledger, what), *args)
        self.post_message(SteeringChanged(said))

    @on(SteeringChanged)
    def _steered(self, message: SteeringChanged) -> None:
        self.app.notify(message.said)
        self.reload()

    def on_data_changed(self, message: messages.DataChanged) -> None:
        if is_showing(self):
            self.reload()
        else:
            self._stale = True

    def on_show(self) -> None:
        if self._stale and is_showing(self):
            self._stale = False
            self.reload()


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _covers(veto: dict, memory: dict) -> bool:
    kind, value = veto["kind"], veto["value"]
    if kind == "memory":
        return _int(value) == memory["id"]
    if kind == "file":
        return value == memory.get("file_path")
    return _int(value) == memory.get("error_group_id")
