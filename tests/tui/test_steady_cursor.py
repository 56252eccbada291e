"""A text box of a screen opened later (the help's filter, the command palette) follows the app's
cursor_blink setting, as the panes' boxes do: with it off (as in every test) the screen does not
change while nobody types. A blinking cursor made the snapshots of those screens depend on when
they were taken: on a busy machine more than half a second passed after the last key, the cursor
was off, and the snapshot failed."""

from __future__ import annotations

from tests.tui.conftest import app_for, pilot_test, settle, until

# Longer than an Input's blink (0.5 s): a blinking cursor has turned off by then.
PAST_A_BLINK = 0.7


async def _screen_stays(pilot) -> None:
    await settle(pilot)
    before = pilot.app.export_screenshot()
    await pilot.pause(PAST_A_BLINK)
    assert pilot.app.export_screenshot() == before


@pilot_test
async def test_the_help_filter_does_not_blink(db_path):
    async with app_for(db_path).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark", *"reso")
        await _screen_stays(pilot)


@pilot_test
async def test_the_command_palette_does_not_blink(db_path):
    from tests.tui.conftest import screen_text

    async with app_for(db_path).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p", *"resolve")
        await until(lambda: "Errors: Resolve" in screen_text(pilot.app))
        await _screen_stays(pilot)


@pilot_test
async def test_a_blinking_cursor_is_kept_where_the_setting_is_on(db_path):
    from textual.widgets import Input

    async with app_for(db_path, cursor_blink=True).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p", *"res")
        await settle(pilot)
        boxes = list(pilot.app.screen.query(Input))
        assert boxes and all(box.cursor_blink for box in boxes)
