"""The Cleanup pane's filter bar: query, project, session, file path, older than N days.

It turns what is typed into a `store.forgetting.selection.Criteria` and says when to
apply it: after a pause in typing (`Applied`), or at once on enter
(`Applied(submitted=True)`).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Input

from store.forgetting import Criteria

FILTER_DEBOUNCE = 0.4  # seconds of no typing before the filter applies itself

# Criteria field -> the box it is typed in (`#cleanup-<box>`)
BOXES = {"query": "query", "project": "project", "session": "session", "file_path": "file",
         "older_days": "older"}  # fmt: skip


def filter_field(name: str, placeholder: str, **kwargs) -> Input:
    """One box of the filter bar (`#cleanup-<name>`)."""
    return Input(placeholder=placeholder, id=f"cleanup-{name}", compact=True,
                 classes="filter-field", **kwargs)  # fmt: skip


class CleanupFilter(Vertical):
    """Five boxes whose values make the current filter."""

    @dataclass
    class Applied(Message):
        """The filter should apply now; `submitted`: the person pressed enter."""

        criteria: Criteria
        submitted: bool = False

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._debounce: Timer | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(classes="cleanup-filter-row"):
            yield filter_field("query", "/ query")
            yield filter_field("project", "project")
        with Horizontal(classes="cleanup-filter-row"):
            yield filter_field("session", "session")
            yield filter_field("file", "file path")
            yield filter_field("older", "older than days", type="integer")

    @property
    def criteria(self) -> Criteria:
        """What the boxes say now; an age that is not a positive number of days is no age."""

        def value(name: str) -> str:
            return self.query_one(f"#cleanup-{BOXES[name]}", Input).value.strip()

        older = value("older_days")
        return Criteria(
            query=value("query"),
            project=value("project"),
            session=value("session"),
            file_path=value("file_path"),
            older_days=int(older) if older.isdigit() and int(older) > 0 else None,
        )

    @property
    def is_typing(self) -> bool:
        focused = self.app.focused
        return isinstance(focused, Input) and focused in self.query(Input)

    def fill(self, **values: object) -> None:
        """Put these values (Criteria field names) in their boxes, without a message."""
        for key, value in values.items():
            box = self.query_one(f"#cleanup-{BOXES[key]}", Input)
            with box.prevent(Input.Changed):
                box.value = "" if value is None else str(value)
        self.stop_waiting()

    @property
    def query_box(self) -> Input:
        return self.query_one("#cleanup-query", Input)

    def focus_fields(self) -> None:
        """The first field after the query: the project."""
        self.query_one("#cleanup-project", Input).focus()

    def stop_waiting(self) -> None:
        """Forget a pending apply-after-typing (the caller applies the filter itself)."""
        if self._debounce is not None:
            self._debounce.stop()
            self._debounce = None

    @on(Input.Changed, ".filter-field")
    def _typed(self) -> None:
        self.stop_waiting()
        self._debounce = self.set_timer(FILTER_DEBOUNCE, self._apply_after_pause)

    def _apply_after_pause(self) -> None:
        self._debounce = None
        self.post_message(self.Applied(self.criteria))

    @on(Input.Submitted, ".filter-field")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.stop_waiting()
        self.post_message(self.Applied(self.criteria, submitted=True))
