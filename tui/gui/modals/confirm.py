"""The one confirmation modal: says what will happen and to how many, Cancel is the default.

`y` confirms, `n` / `escape` cancel.  For large counts (more than
TYPE_COUNT_ABOVE) the person must also type the count before `y` or the
confirm button does anything.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from store.display import inert
from tui.gui.modals.answers_once import AnswersOnce
from tui.gui.widgets.app_footer import AppFooter

TYPE_COUNT_ABOVE = 1000


def steady_cursors(screen: ModalScreen) -> None:
    """Follow the app's cursor_blink setting (off in tests, so snapshots are stable)."""
    options = getattr(screen.app, "options", None)  # MemlaneApp's AppOptions
    if options is not None and getattr(options, "cursor_blink", True) is False:
        for box in screen.query(Input):
            box.cursor_blink = False


def count_matches(typed: str, count: int) -> bool:
    """True when `typed` is `count`, written with or without thousands separators."""
    digits = typed.strip().replace(",", "").replace("_", "").replace(" ", "")
    return digits.isdigit() and int(digits) == count


class CountInput(Input):
    """The count box: digits go in, `y` / `n` still answer the question."""

    enter_label = "Confirm"  # what the footer calls `enter`

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character not in ("y", "n") and super().check_consume_key(key, character)

    # Handlers run for each class of the MRO, this one before Input's.
    async def on_key(self, event: Key) -> None:
        if event.character in ("y", "n"):
            event.stop()
            event.prevent_default()
            await self.screen.run_action("confirm" if event.character == "y" else "cancel")


class ConfirmModal(AnswersOnce, ModalScreen[bool]):
    """Ask before something destructive; dismisses with True only on an explicit yes."""

    BINDINGS = [
        Binding("y", "confirm", "Yes", id="confirm.yes"),
        Binding("n", "cancel", "No", id="confirm.no"),
        Binding("escape", "back", "Cancel", id="confirm.cancel"),
    ]

    def __init__(
        self,
        title: str,
        details: str = "",
        *,
        count: int,
        confirm_label: str = "Delete",
        type_count: bool | None = None,
    ) -> None:
        super().__init__(classes="confirm-modal")
        self.title_text = title
        self.details = details
        self.count = count
        self.confirm_label = confirm_label
        self.type_count = count > TYPE_COUNT_ABOVE if type_count is None else type_count

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-dialog", classes="modal-dialog"):
            yield Label(inert(self.title_text), id="confirm-title", classes="modal-title", markup=False)
            if self.details:
                yield Static(inert(self.details), id="confirm-details", classes="modal-body", markup=False)
            if self.type_count:
                yield Label(
                    f"This cannot be undone. Type {self.count:,} to confirm:",
                    id="confirm-type-label",
                )
                yield CountInput(
                    id="confirm-count",
                    restrict=r"[0-9, _]*",
                    select_on_focus=False,
                )
            else:
                yield Label("This cannot be undone.", id="confirm-warning")
            with Horizontal(classes="modal-buttons"):
                yield Button("Cancel (n)", id="cancel", variant="primary", compact=True)
                yield Button(
                    f"{self.confirm_label} (y)",
                    id="confirm",
                    variant="error",
                    disabled=self.type_count,
                    compact=True,
                )
        yield AppFooter()

    def on_mount(self) -> None:
        self.query_one("#cancel", Button).focus()
        steady_cursors(self)

    @property
    def confirmable(self) -> bool:
        if not self.type_count:
            return True
        return count_matches(self.query_one("#confirm-count", Input).value, self.count)

    def on_key(self, event: Key) -> None:
        # Cancel has focus; typing the count should still land in the count box.
        if not self.type_count or event.character is None or not event.character.isdigit():
            return
        box = self.query_one("#confirm-count", Input)
        if not box.has_focus:
            box.focus()
            box.insert_text_at_cursor(event.character)
            event.stop()
            event.prevent_default()

    @on(Input.Changed, "#confirm-count")
    def _count_typed(self) -> None:
        self.query_one("#confirm", Button).disabled = not self.confirmable

    @on(Input.Submitted, "#confirm-count")
    def _count_submitted(self) -> None:
        self.action_confirm()

    @on(Button.Pressed, "#confirm")
    def _confirm_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_confirm()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_cancel()

    def action_confirm(self) -> None:
        if self.confirmable:
            self.dismiss(True)
        else:
            self.notify(f"Type {self.count:,} first.", severity="warning", timeout=3)

    def action_cancel(self) -> None:
        self.dismiss(False)

    def action_back(self) -> None:
        """`escape`: the same as no."""
        self.action_cancel()
