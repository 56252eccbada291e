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


@pilot_test
async def test_a_saved_theme_is_in_the_first_frame_and_the_css_is_parsed_once(db_path, make_app, home,
                                                                              monkeypatch):  # fmt: skip
    """Set at mount, the saved theme restyled every node of the first screen a second time
    (~100-180 ms of it at load 5); it is set while the app is built, before the panes are."""
    from textual.css.stylesheet import Stylesheet

    from tui.gui.textual_internals import screen_strips, watch_frames

    restyled: list[int] = []
    update_nodes = Stylesheet.update_nodes

    def counted(self, nodes, animate=False):
        nodes = list(nodes)
        restyled.append(len(nodes))
        return update_nodes(self, nodes, animate)

    monkeypatch.setattr(Stylesheet, "update_nodes", counted)

    async def first_frame_backgrounds() -> tuple[set[str], str]:
        app = make_app(db_path, remember_theme=True)
        backgrounds: set[str] = set()

        def on_frame(screen) -> None:
            if not backgrounds:
                backgrounds.update(seg.style.bgcolor.name.lower() for strip in screen_strips(screen)
                                   for seg in strip if seg.style and seg.style.bgcolor)  # fmt: skip

        watch_frames(app, on_frame)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            return backgrounds, app.get_css_variables()["background"].lower()

    await first_frame_backgrounds()
    without_a_theme = sum(restyled)
    restyled.clear()
    save_setting("theme", "nord")
    backgrounds, nord_background = await first_frame_backgrounds()
    assert nord_background in backgrounds  # the very first frame is in the saved theme
    assert sum(restyled) < without_a_theme + 10  # not every node of the screen again
