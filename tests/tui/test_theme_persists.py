"""The theme chosen with ctrl+p is written to config.toml (`theme`) and used on the next start."""

from __future__ import annotations

from store.config import load_config, save_setting
from tests.tui.conftest import pilot_test, settle


@pilot_test
async def test_a_chosen_theme_is_there_next_time(db_path, make_app, home):
    app = make_app(db_path, remember_theme=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.theme != "nord"
        app.theme = "nord"  # what picking it in ctrl+p -> "Change theme" does
        await settle(pilot)
    assert load_config()[0]["theme"] == "nord"
    again = make_app(db_path, remember_theme=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert again.theme == "nord"


@pilot_test
async def test_an_unknown_saved_theme_is_ignored(db_path, make_app, home):
    save_setting("theme", "no-such-theme")
    app = make_app(db_path, remember_theme=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.theme == "textual-dark"


def test_saving_keeps_the_rest_of_the_file(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('# my settings\nretention_days = 30\n[context]\nsessions = 2\n')
    save_setting("theme", "gruvbox", path)
    save_setting("theme", "dracula", path)
    text = path.read_text()
    assert text.count("theme =") == 1 and "# my settings" in text
    config, warnings = load_config(path)
    assert warnings == [] and config["theme"] == "dracula"
    assert config["retention_days"] == 30 and config["context_sessions"] == 2
    assert oct(path.stat().st_mode & 0o777) == "0o600"
