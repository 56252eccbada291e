"""`e` to a file that exists asks before replacing it; links and FIFOs are refused (issue 25 item 1)."""

from __future__ import annotations

import os

from tests.tui.conftest import pilot_test, screen_text, settle, until


def notes(app) -> str:
    return "\n".join(str(n.message) for n in app._notifications)


async def export_to(pilot, name: str) -> None:
    await settle(pilot)
    await pilot.press("e")
    await settle(pilot)
    pilot.app.screen.query_one("#text-input-value").value = name
    await pilot.press("enter")
    await settle(pilot)


@pilot_test
async def test_e_to_an_existing_file_asks_and_no_keeps_it(db_path, make_app, home):
    mine = home / "notes.md"
    mine.write_text("my own notes\n")
    os.chmod(mine, 0o644)
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await export_to(pilot, "~/notes.md")
        await until(lambda: "Replace" in screen_text(app))
        assert "That file exists already" in screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        assert mine.read_text() == "my own notes\n"
        await export_to(pilot, "~/notes.md")
        await until(lambda: "Replace" in screen_text(app))
        await pilot.press("y")
        await until(lambda: mine.read_text().startswith("# memlane export"))
    assert oct(os.stat(mine).st_mode & 0o777) == "0o644"  # not memlane's file: its mode stays


@pilot_test
async def test_e_to_a_link_or_a_fifo_says_no_and_writes_nothing(db_path, make_app, home):
    target = home / "target.txt"
    target.write_text("precious\n")
    (home / "link.md").symlink_to(target)
    os.mkfifo(home / "pipe.md")
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await export_to(pilot, "~/link.md")
        await until(lambda: "symbolic link" in notes(app))
        await export_to(pilot, "~/pipe.md")
        await until(lambda: "not a regular file" in notes(app))
    assert target.read_text() == "precious\n"
