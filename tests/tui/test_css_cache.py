"""The parsed stylesheet kept between starts: the next start with the same Textual and theme
parses none of it again, and anything else (another theme, a file someone else could write,
a file cut short) is parsed as before."""

from __future__ import annotations

import os

import pytest
import textual.css.stylesheet

from tests.tui.conftest import first_screen, pilot_test, until
from tui.gui import css_cache
from tui.gui.app import AppOptions, build_app, process_tuned


def kept(home) -> str:
    return str(home / ".claude" / "memlane" / css_cache.FILE_NAME)


@pytest.fixture
def parses(monkeypatch) -> list[str]:
    """The sources Textual parses from here on (where each was read from)."""
    seen: list[str] = []
    parse = textual.css.stylesheet.parse

    def counted(scope, css, read_from, *args, **kwargs):
        seen.append(str(read_from))
        return parse(scope, css, read_from, *args, **kwargs)

    monkeypatch.setattr(textual.css.stylesheet, "parse", counted)
    return seen


async def run_until_kept(db_path, home, **options) -> None:
    app = build_app(db_path, options=AppOptions.for_tests(start_cache=True, **options))
    with process_tuned(app):  # as run_app
        async with app.run_test(size=(80, 24)):
            await first_screen(app)
            await until(lambda: app.all_panes_mounted)
            await until(lambda: os.path.exists(kept(home)))


async def styles_at_first_screen(db_path, **options) -> dict:
    app = build_app(db_path, options=AppOptions.for_tests(**options))
    async with app.run_test(size=(80, 24)):
        await first_screen(app)
        table = app.query_one("#sessions-table")
        return {"table": repr(sorted(table.styles.get_rules().items(), key=str)),
                "background": app.screen.styles.background, "rules": len(app.stylesheet.rules)}


@pilot_test
async def test_the_next_start_parses_nothing_and_styles_the_same(db_path, home, parses):
    fresh = await styles_at_first_screen(db_path)
    assert parses, "a start without the kept rules parses its stylesheets"
    await run_until_kept(db_path, home)
    parses.clear()
    again = await styles_at_first_screen(db_path, start_cache=True)
    assert parses == []
    assert again == fresh
    assert oct(os.stat(kept(home)).st_mode & 0o777) == "0o600"


@pilot_test
async def test_another_theme_parses_its_own(db_path, home, parses):
    await run_until_kept(db_path, home)
    parses.clear()
    app = build_app(db_path, options=AppOptions.for_tests(start_cache=True))
    app.theme = "nord" if app.theme != "nord" else "gruvbox"  # other variables
    async with app.run_test(size=(80, 24)):
        await first_screen(app)
    assert any("app.tcss" in source for source in parses)


@pilot_test
async def test_a_file_others_could_write_or_cut_short_is_not_used(db_path, home, parses):
    await run_until_kept(db_path, home)
    os.chmod(kept(home), 0o666)
    parses.clear()
    await styles_at_first_screen(db_path, start_cache=True)
    assert any("app.tcss" in source for source in parses)
    os.chmod(kept(home), 0o600)
    with open(kept(home), "r+b") as f:
        f.truncate(100)
    parses.clear()
    await styles_at_first_screen(db_path, start_cache=True)  # starts, parsing as before
    assert any("app.tcss" in source for source in parses)
    log = (home / ".claude" / "memlane" / "memlane.log").read_text()
    assert "not a private file" in log and "was not used" in log
