"""A one-line input in a modal: an error-group note, or what to redact inside a memory.

`enter` submits, `escape` cancels.  An optional checkbox (toggled with
`ctrl+t`) switches the meaning of the text, e.g. literal text or a regular
expression.  An optional `describe` callback is shown live under the input,
e.g. "3 matches will become [REDACTED]".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Static

from store.display import inert
from tui.gui.modals.answers_once import AnswersOnce
from tui.gui.modals.confirm import steady_cursors
from tui.gui.widgets.app_footer import AppFooter

# describe(text, toggled) -> (message, acceptable)
Describe = Callable[[str, bool], tuple[str, bool]]


@dataclass(frozen=True)
class TextInputResult:
    value: str
    toggled: bool = False


class TextInputModal(AnswersOnce, ModalScreen["TextInputResult | None"]):
    """Ask for one line of text; dismisses with a TextInputResult, or None when cancelled."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="text_input.cancel"),
        Binding("ctrl+t", "toggle", "Toggle", id="text_input.toggle"),
    ]

    def __init__(
        self,
        title: str,
        *,
        prompt: str = "",
        value: str = "",
        placeholder: str = "",
        submit_label: str = "Save",
        toggle_label: str | None = None,
        toggled: bool = False,
        preview: str | None = None,
        describe: Describe | None = None,
        allow_empty: bool = True,
    ) -> None:
        super().__init__(classes="text-input-modal")
        self.title_text = title
        self.prompt = prompt
        self.initial = value
        self.placeholder = placeholder
        self.submit_label = submit_label
        self.toggle_label = toggle_label
        self.initially_toggled = toggled
        self.preview = preview
        self.describe = describe
        self.allow_empty = allow_empty

    def compose(self) -> ComposeResult:
        with Vertical(id="text-input-dialog", classes="modal-dialog"):
            yield Label(inert(self.title_text), id="text-input-title", classes="modal-title", markup=False)
            if self.preview is not None:
                with VerticalScroll(id="text-input-preview"):
                    yield Static(inert(self.preview), markup=False)
            if self.prompt:
                yield Label(inert(self.prompt), id="text-input-prompt", markup=False)
            field = Input(value=self.initial, placeholder=self.placeholder, id="text-input-value")
            field.enter_label = self.submit_label  # what the footer calls `enter`
            yield field
            if self.toggle_label:
                yield Checkbox(
                    self._toggle_text(self.initially_toggled),
                    self.initially_toggled,
                    id="text-input-toggle",
                    compact=True,
                )
            if self.describe is not None:
                yield Label("", id="text-input-status", markup=False)
            with Horizontal(classes="modal-buttons"):
                yield Button("Cancel (esc)", id="cancel", compact=True)
                yield Button(
                    f"{self.submit_label} (enter)", id="submit", variant="primary", compact=True
                )
        yield AppFooter()

    def on_mount(self) -> None:
        self.query_one("#text-input-value", Input).focus()
        steady_cursors(self)
        self._refresh_status()

    def _toggle_text(self, on: bool) -> str:
        """The checkbox's label says its state in words, not only by colour."""
        return f"{self.toggle_label}: {'ON' if on else 'off'} (ctrl+t)"

    @on(Checkbox.Changed, "#text-input-toggle")
    def _toggle_changed(self, event: Checkbox.Changed) -> None:
        event.checkbox.label = self._toggle_text(event.value)

    @property
    def toggled(self) -> bool:
        if not self.toggle_label:
            return False
        return self.query_one("#text-input-toggle", Checkbox).value

    def _check(self) -> tuple[str, bool]:
        text = self.query_one("#text-input-value", Input).value
        if not self.allow_empty and not text.strip():
            return ("Type something first.", False)
        if self.describe is None:
            return ("", True)
        return self.describe(text, self.toggled)

    def _refresh_status(self) -> None:
        message, ok = self._check()
        if self.describe is not None:
            status = self.query_one("#text-input-status", Label)
            status.update(message)
            status.set_class(not ok, "-invalid")
        self.query_one("#submit", Button).disabled = not ok

    @on(Input.Changed, "#text-input-value")
    @on(Checkbox.Changed, "#text-input-toggle")
    def _changed(self) -> None:
        self._refresh_status()

    @on(Input.Submitted, "#text-input-value")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_submit()

    @on(Button.Pressed, "#submit")
    def _submit_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_submit()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_cancel()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle":
            return bool(self.toggle_label)
        return True

    def action_toggle(self) -> None:
        if self.toggle_label:
            box = self.query_one("#text-input-toggle", Checkbox)
            box.value = not box.value

    def action_submit(self) -> None:
        message, ok = self._check()
        if not ok:
            self.notify(message or "That cannot be used.", severity="warning", timeout=3)
            return
        value = self.query_one("#text-input-value", Input).value
        self.dismiss(TextInputResult(value, self.toggled))

    def action_cancel(self) -> None:
        self.dismiss(None)
