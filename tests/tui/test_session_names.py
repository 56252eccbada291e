"""The Sessions pane shows a session's name, as Claude Code's /resume shows it, before
memlane's task (issue 35)."""

from __future__ import annotations

import sqlite3

from tests.tui.conftest import first_screen, pilot_test, screen_text, until


@pilot_test
async def test_the_sessions_pane_shows_a_sessions_name_before_its_task(db_path, make_app):
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE session SET title = 'discount-bug', title_kind = 'custom' "
                 "WHERE summary LIKE 'Task: fix the add function%'")  # fmt: skip
    conn.commit()
    conn.close()
    app = make_app(db_path)
    async with app.run_test(size=(200, 50)):
        await first_screen(app)
        await until(lambda: "discount-bug · fix the add function" in screen_text(app))
