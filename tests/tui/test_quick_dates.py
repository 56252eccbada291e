"""Quick date ranges one key away: `D` in Sessions (sessions active then), ctrl+d on Search's
list (its letters are its query): today, yesterday, the last 7 days, then any time again."""

from __future__ import annotations

from textual.widgets import Select

from tests.tui.conftest import pilot_test, screen_text, settle


@pilot_test
async def test_D_steps_sessions_through_today_yesterday_the_last_week_and_any_time(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        sessions = app.panes["sessions"]

        def shown() -> set[str]:
            return {key.value for key in sessions.table.rows}

        assert len(shown()) == 4
        expected = [("today", {"s-calc-0001", "s-live-0004"}), ("yesterday", {"s-shop-0002"}),
                    ("the last 7 days", {"s-calc-0001", "s-live-0004", "s-shop-0002", "s-infra-0003"})]  # fmt: skip
        for name, ids in expected:
            await pilot.press("D")
            await settle(pilot)
            assert shown() == ids, name
            assert f"{len(ids)} session" in screen_text(app) and name in screen_text(app)
        await pilot.press("D")  # any time again
        await settle(pilot)
        assert len(shown()) == 4 and not sessions.has_filters()


@pilot_test
async def test_ctrl_d_on_search_steps_its_date_filter(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        search = app.panes["search"]
        date_filter = search.query_one("#search-date", Select)
        for value in ("today", "yesterday", "7"):
            await pilot.press("ctrl+d")
            await settle(pilot)
            assert date_filter.value == value and search.filters["days"] == value
        await pilot.press("ctrl+d")
        await settle(pilot)
        assert date_filter.value is Select.NULL and search.filters["days"] is None
