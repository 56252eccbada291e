"""The confirm and text-input modals: Cancel by default, y / n / escape, typing the count."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Button, Checkbox, Input

from tests.tui.conftest import pilot_test
from tui.gui.modals import (
    TYPE_COUNT_ABOVE,
    ConfirmModal,
    TextInputModal,
    TextInputResult,
    count_matches,
)

CSS = Path(__file__).resolve().parents[2] / "css" / "modals.tcss"


class Host(App):
    """Pushes one modal and keeps what it was dismissed with."""

    CSS_PATH = [CSS]
    NOTHING = object()

    def __init__(self, modal) -> None:
        super().__init__()
        self.modal = modal
        self.result = self.NOTHING

    def on_mount(self) -> None:
        self.push_screen(self.modal, self._done)

    def _done(self, value) -> None:
        self.result = value


def confirm(count: int = 3, **kwargs) -> Host:
    return Host(
        ConfirmModal(
            f"Forget {count} memories?", "every memory of project x", count=count, **kwargs
        )
    )


@pytest.mark.parametrize("keys", [["n"], ["escape"], ["enter"]])
@pilot_test
async def test_cancel_is_the_default_and_n_escape_cancel(keys):
    app = confirm()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.focused is app.screen.query_one("#cancel", Button)
        await pilot.press(*keys)
        await pilot.pause()
    assert app.result is False


@pilot_test
async def test_y_confirms():
    app = confirm()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.result is True


@pilot_test
async def test_the_confirm_button_confirms_with_the_mouse():
    app = confirm()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.click("#confirm")
        await pilot.pause()
    assert app.result is True


@pilot_test
async def test_the_modal_states_what_and_how_many():
    app = confirm(count=12, confirm_label="Forget")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = str(app.screen.query_one("#confirm-title").render())
        details = str(app.screen.query_one("#confirm-details").render())
        assert "Forget 12 memories?" in title
        assert "project x" in details
        assert "Forget (y)" in str(app.screen.query_one("#confirm", Button).label)


@pilot_test
async def test_more_than_a_thousand_needs_the_count_typed():
    count = TYPE_COUNT_ABOVE + 500
    app = confirm(count=count)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.focused is app.screen.query_one("#cancel", Button)
        assert app.screen.query_one("#confirm", Button).disabled
        await pilot.press("y")  # not enough on its own
        await pilot.pause()
        assert app.result is Host.NOTHING
        await pilot.press("1", "4", "9", "9", "y")  # the wrong count
        await pilot.pause()
        assert app.result is Host.NOTHING
        box = app.screen.query_one("#confirm-count", Input)
        assert box.has_focus  # digits typed while Cancel had focus went into the box
        box.value = ""
        await pilot.press(*"1,500")
        await pilot.pause()
        assert not app.screen.query_one("#confirm", Button).disabled
        await pilot.press("y")
        await pilot.pause()
    assert app.result is True


@pilot_test
async def test_typing_the_count_then_escape_still_cancels():
    app = confirm(count=2000)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"2000", "escape")
        await pilot.pause()
    assert app.result is False


@pilot_test
async def test_typed_count_then_enter_confirms():
    app = confirm(count=2000)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"2000", "enter")
        await pilot.pause()
    assert app.result is True


@pilot_test
async def test_exactly_a_thousand_does_not_ask_for_the_count():
    app = confirm(count=TYPE_COUNT_ABOVE)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query("#confirm-count")
        await pilot.press("y")
        await pilot.pause()
    assert app.result is True


def test_count_matches_accepts_separators_only():
    assert count_matches("1500", 1500)
    assert count_matches(" 1,500 ", 1500)
    assert count_matches("1_500", 1500)
    assert not count_matches("150", 1500)
    assert not count_matches("", 1500)
    assert not count_matches("1500x", 1500)


@pilot_test
async def test_text_input_submits_and_cancels():
    app = Host(TextInputModal("Note", value="old"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#text-input-value", Input)
        assert box.has_focus and box.value == "old"
        box.value = ""
        await pilot.press(*"fixed in 1.2", "enter")
        await pilot.pause()
    assert app.result == TextInputResult("fixed in 1.2", False)

    app = Host(TextInputModal("Note"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a", "escape")
        await pilot.pause()
    assert app.result is None


@pilot_test
async def test_text_input_toggle_and_live_description():
    def describe(text: str, regex: bool) -> tuple[str, bool]:
        return (f"{len(text)} {'regex' if regex else 'text'}", text != "bad")

    app = Host(TextInputModal("Redact", toggle_label="regular expression", describe=describe,
                              allow_empty=False))  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        submit = app.screen.query_one("#submit", Button)
        assert submit.disabled  # empty is not allowed
        await pilot.press(*"bad")
        await pilot.pause()
        assert submit.disabled
        await pilot.press("enter")
        await pilot.pause()
        assert app.result is Host.NOTHING
        await pilot.press("backspace", "backspace", "backspace", *"a+", "ctrl+t")
        await pilot.pause()
        assert app.screen.query_one("#text-input-toggle", Checkbox).value
        assert "2 regex" in str(app.screen.query_one("#text-input-status").render())
        await pilot.press("enter")
        await pilot.pause()
    assert app.result == TextInputResult("a+", True)


@pilot_test
async def test_text_with_brackets_is_shown_as_typed_not_as_markup():
    modal = TextInputModal("Note for [x1]", prompt="Replace with [REDACTED]: [Errno <n>]")
    app = Host(modal)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "[REDACTED]: [Errno <n>]" in str(app.screen.query_one("#text-input-prompt").render())
        assert "[x1]" in str(app.screen.query_one("#text-input-title").render())


@pilot_test
async def test_a_second_answer_queued_behind_the_first_is_ignored():
    # enter on Cancel and y at once: y's confirm dismissed the modal, and Cancel's press, already
    # on its way, dismissed again once it was off the stack, which pops the screen under it.
    from tests.tui.conftest import until

    app = confirm()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        modal = app.screen
        modal.action_confirm()  # y...
        modal.post_message(Button.Pressed(modal.query_one("#cancel", Button)))  # ...and enter on Cancel
        await until(lambda: not modal.is_attached)
        await pilot.pause()
        assert app.result is True and len(app.screen_stack) == 1


@pilot_test
async def test_a_letter_queued_behind_enter_in_the_copy_list_copies_nothing_more():
    # `c` typed just before enter: enter's binding (a priority one) answered first, and the
    # letter, reaching the list's dialog after, answered again: the screen under it was popped.
    from textual.events import Key

    from tests.tui.conftest import until
    from tui.gui.memory_actions import CopyModal

    app = Host(CopyModal([("text", "the memory"), ("commit", "abc123")]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        modal = app.screen
        modal.action_choose()  # enter, on the first choice...
        modal.post_message(Key("c", "c"))  # ...and the letter, still on its way
        await until(lambda: not modal.is_attached)
        await pilot.pause()
        assert app.result == "text" and len(app.screen_stack) == 1
