"""Live on an imported store: its first rows come in time order (not in the order an import
wrote them, which made the dates jump), and a day of another year carries its year."""

from __future__ import annotations

from store.database.connection import connect
from store.writing import writer
from tests.tui.conftest import app_for, opened, pilot_test
from tui.formatting import short_day

# NOW is 2025-05-02 15:00 UTC (tests.tui.conftest): the hooks wrote this week's rows first,
# then `memlane import` wrote older transcripts: one of last year, one of March.
HOOKS = ["2025-04-30T09:00:00.000000Z", "2025-05-02T14:00:00.000000Z"]
IMPORTED = ["2024-11-03T10:00:00.000000Z", "2024-11-04T10:00:00.000000Z", "2025-03-09T10:00:00.000000Z"]


def _store(path: str) -> None:
    conn = connect(path)
    for n, at in enumerate(HOOKS + IMPORTED):
        writer.add_memory(conn, {"session_id": f"s-{at[:7]}", "cwd": "/home/dev/calc-app", "type": "command",
                                 "tool_name": "Bash", "created_at": at, "content": f"$ make step-{n}"})  # fmt: skip
    conn.close()


def test_a_day_of_another_year_carries_its_year_in_eight_characters():
    from datetime import datetime

    today = datetime(2025, 5, 2)
    assert short_day(datetime(2025, 3, 9), today) == "Mar 09"
    assert short_day(datetime(2024, 11, 3), today) == "24-11-03"
    assert len(short_day(datetime(1999, 12, 31), today)) <= 8


@pilot_test
async def test_live_shows_an_imported_store_in_time_order_with_the_years(home, utc):
    path = str(home / "memory.db")
    _store(path)
    async with opened(app_for(path), "live", size=(120, 30)) as (pilot, pane):
        table = pane.table
        whens = [str(table.get_cell(key, "time")) for key in [row.key for row in table.ordered_rows]]
    assert whens == ["24-11-03", "24-11-04", "Mar 09", "Apr 30", "14:00:00"], whens
