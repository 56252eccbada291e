"""Every private Textual name memlane uses (tui/gui/textual_internals.py) still exists, is still
the kind of thing the shim expects, and still does what the shim relies on, on the pinned
Textual.  When Textual changes one, a shim fails here instead of the app drawing a slower or a
wrong frame."""

from __future__ import annotations

import ast
import inspect
import re
from functools import cache
from importlib.metadata import version
from pathlib import Path

import pytest
import textual
from textual.app import App, ComposeResult
from textual.keys import _character_to_key  # noqa: F401 (the names checked below, by import)
from textual.screen import Screen
from textual.widgets import DataTable, Footer, OptionList, Static
from textual.widgets._footer import FooterKey

from tests.tui.conftest import pilot_test
from tui.gui import textual_internals as ti

ROOT = Path(__file__).resolve().parents[2]


def test_the_pinned_textual_is_the_one_installed():
    pinned = re.search(r'"textual==([^"]+)"', (ROOT / "pyproject.toml").read_text()).group(1)
    assert version("textual") == pinned == "8.2.8"


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name != "_"


@cache
def defined_in_textual() -> frozenset[str]:
    """Every private name the installed Textual defines: modules, module-level and class-level
    functions, classes and assignments, and `self._x = ...` attributes."""
    package = Path(textual.__file__).parent
    names = {part for path in package.rglob("*.py") for part in path.relative_to(package).with_suffix("").parts}
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.add(node.target.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
    return frozenset(filter(_private, names))


def reached_for(source: str) -> set[str]:
    """Every private name `source` reads, writes, overrides or imports (an attribute, a method,
    a module in an import, or a name held as a string such as `(DataTable, "_render_cell")`),
    less those its own classes define (`self._memlane_cells`)."""
    tree = ast.parse(source)
    reached, own = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            reached.add(node.attr)
            if isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name) and node.value.id == "self":
                own.add(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            reached.add(node.name)
        elif isinstance(node, ast.ImportFrom) and node.module:
            reached |= set(node.module.split(".")) | {a.name for a in node.names}
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "." not in node.value.strip("."):
            reached.add(node.value)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("textual."):
            reached |= set(node.value.split("."))
    return {name for name in reached - own if _private(name)}


def test_every_private_name_the_shims_reach_for_exists_on_the_pinned_textual():
    """A shim added later is covered too: its names are read from textual_internals.py itself."""
    reached = reached_for(Path(ti.__file__).read_text(encoding="utf-8"))
    assert {"_dom_ready", "_render_cell", "_data_table", "_character_to_key", "_invoke_later"} <= reached
    assert sorted(reached - defined_in_textual()) == []


def test_each_private_name_has_a_row_in_the_doors_table():
    """The module's docstring says what each name buys (issue 36): one added without a row, or
    a row left after its shim went, fails here."""
    reached = reached_for(Path(ti.__file__).read_text(encoding="utf-8"))
    rows = [line for line in (ti.__doc__ or "").splitlines() if line.startswith("| ") and "---" not in line]
    in_table = {name.strip() for row in rows[1:] for name in row.split("|")[2].split(",")}
    assert sorted(reached - in_table) == [] and sorted(in_table - reached) == []


def test_a_name_textual_no_longer_has_is_found():
    source = ('from textual.widgets._gone import X\n'
              'def f(app):\n    return app._dom_ready, app._renamed_since\n'
              'class T(X):\n    def __init__(self):\n        self._ours = 1\n'
              'AT = (X, "_moved_away")\n')
    assert sorted(reached_for(source) - defined_in_textual()) == ["_gone", "_moved_away", "_renamed_since"]


def parameters(function) -> list[str]:
    return list(inspect.signature(function).parameters)


def test_each_private_method_a_shim_calls_or_overrides_exists_with_its_parameters():
    assert parameters(App._handle_exception) == ["self", "error"]
    assert parameters(App._display) == ["self", "screen", "renderable"]
    assert parameters(Screen._on_timer_update) == ["self"]
    assert parameters(Screen._screen_resized) == ["self", "size"]
    assert parameters(Screen._invoke_later) == ["self", "callback", "sender"]
    assert parameters(DataTable._clear_caches) == ["self"]
    assert parameters(DataTable._update_dimensions) == ["self", "new_rows"]
    assert parameters(DataTable._render_cell) == [
        "self", "row_index", "column_index", "base_style", "width", "cursor", "hover"]
    # what a rendered cell depends on, besides what FixedWidthDataTable keys it on: the counter
    # it replaces (and the header's row, which it leaves to DataTable)
    source = inspect.getsource(DataTable._render_cell)
    for name in ("self._update_count", "self._pseudo_class_state", "self._show_hover_cursor",
                 "self.cell_padding", "_get_row_renderables", "row.height", "self.show_cursor"):
        assert name in source, name
    assert parameters(ti.key_for) == ["character"]
    # MenuOnOpenSelect: every handler of Select that reaches for its menu is overridden
    from textual.widgets import Select

    for name, params in (("_setup_options_renderables", ["self"]), ("_watch_value", ["self", "value"]),
                         ("_watch_expanded", ["self", "expanded"]), ("_watch_prompt", ["self", "prompt"]),
                         ("action_show_overlay", ["self"])):  # fmt: skip
        assert parameters(getattr(Select, name)) == params, name
        assert name in ti.MenuOnOpenSelect.__dict__, name
    menu_users = [name for name, member in vars(Select).items() if callable(member)
                  and "query_one(SelectOverlay)" in inspect.getsource(member)]  # fmt: skip
    assert sorted(menu_users) == sorted(["_setup_options_renderables", "_watch_value",
                                         "_watch_expanded", "action_show_overlay", "_watch_prompt"])
    # OneLineSelectCurrent: Select reaches its current only for update / has_value /
    # placeholder (and its Toggle), which it keeps; its label and arrows are three Statics
    from textual.widgets._select import SelectCurrent

    current_users = [name for name, member in vars(Select).items() if callable(member)
                     and "SelectCurrent" in inspect.getsource(member)]  # fmt: skip
    assert sorted(current_users) == ["_select_current_toggle", "_watch_expanded", "_watch_prompt",
                                     "_watch_value", "action_show_overlay", "compose"]
    assert parameters(SelectCurrent.update) == ["self", "label"]
    assert parameters(SelectCurrent._watch_has_value) == ["self", "has_value"]
    assert issubclass(ti.OneLineSelectCurrent, SelectCurrent)
    for name in ('"#label"', '"▼", classes="arrow down-arrow"', '"▲", classes="arrow up-arrow"'):
        assert name in inspect.getsource(SelectCurrent), name
    select = Select([("a", 1)], type_to_search=True)
    assert select._type_to_search is True and select._allow_blank is True
    assert select._options == [("", Select.NULL), ("a", 1)] and select._value == Select.NULL
    owner, name = ti.CELL_MEASURE
    assert owner.__name__ == "textual.widgets._data_table" and callable(getattr(owner, name))
    # DataTable sizes cells through that module-level name (what the tests count)
    assert f"{name}(" in inspect.getsource(DataTable._update_dimensions)
    owner, name = ti.CELL_RENDER
    assert callable(getattr(owner, name))
    owner, name = ti.AFTER_REFRESH_QUEUE
    assert parameters(getattr(owner, name)) == ["self", "callback", "sender"]


def test_the_private_attributes_read_and_written_exist_on_fresh_objects():
    app = App()
    assert app._dom_ready is False and app._batch_count == 0
    assert list(app._notifications) == []
    table = DataTable()
    assert table._update_count == 0 and isinstance(table._require_update_dimensions, bool)
    assert table._new_rows == set() and table._data == {}
    assert table._show_hover_cursor is False and table._pseudo_class_state is not None
    assert callable(table._row_locations.get_key) and callable(table._column_locations.get_key)
    key = FooterKey("q", "q", "Quit", "quit", disabled=True)
    assert key._disabled is True
    assert "_bindings_ready" in Footer._reactives  # a reactive: setting it recomposes
    assert isinstance(OptionList()._index_to_line, dict)
    assert ti.key_for("/") == "slash" and ti.key_for("?") == "question_mark"
    assert ti.key_for("a") == "a"
    from textual.cache import LRUCache
    from textual.css.stylesheet import Stylesheet

    sheet = Stylesheet()
    assert isinstance(sheet._parse_cache, LRUCache)  # keyed by each source's text (css_cache)
    source = inspect.getsource(Stylesheet._parse_rules)
    assert "cache_key = (css, read_from, is_default_rules, tie_breaker, scope)" in source
    assert "self._parse_cache.clear()" in inspect.getsource(Stylesheet.set_variables)


class OneTable(App):
    def compose(self) -> ComposeResult:
        yield Static("before", id="note")
        yield DataTable(id="table")
        yield OptionList("one", "two\nlines", "three", id="options")
        yield Footer()


@pilot_test
async def test_draw_now_sends_the_frame_in_the_same_turn():
    app = OneTable()
    frames: list[list[str]] = []
    ti.watch_frames(app, lambda screen: frames.append(ti.screen_lines(screen)))
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        note = app.query_one("#note", Static)
        before = len(frames)
        note.update("after")
        app.screen.refresh(layout=True)
        ti.draw_now(app.screen)
        assert len(frames) == before + 1 and "after" in frames[-1][0]
        with app.batch_update():  # a held frame is not drawn now, nor reported
            note.update("held")
            ti.draw_now(app.screen)
            assert len(frames) == before + 1
        await pilot.pause()
        assert "held" in frames[-1][0]  # the tick drew it once the batch ended


@pilot_test
async def test_the_table_revision_moves_with_rows_and_resized_columns():
    app = OneTable()
    async with app.run_test(size=(40, 10)) as pilot:
        table = app.query_one(DataTable)
        table.add_column("A", key="a", width=5)
        start = ti.table_revision(table)
        table.add_row("x")
        await pilot.pause()
        after_row = ti.table_revision(table)
        assert after_row > start
        table.columns[next(iter(table.columns))].width = 9
        ti.columns_resized(table)
        assert ti.table_revision(table) > after_row
        table.refresh(layout=True)
        await pilot.pause()
        assert "x" in "\n".join(ti.screen_lines(app.screen))


@pilot_test
async def test_the_footer_shims_read_and_change_what_textual_keeps():
    app = OneTable()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        footer = app.query_one(Footer)
        assert ti.footer_ready(footer)
        key = FooterKey("q", "q", "Quit", "quit")
        assert not ti.footer_key_disabled(key)
        ti.set_footer_key_disabled(key, True)
        assert ti.footer_key_disabled(key) and key.has_class("-disabled")


@pilot_test
async def test_a_worker_crash_stops_the_app_with_the_error():
    app = OneTable()
    with pytest.raises(Exception) as caught:
        async with app.run_test(size=(40, 10)) as pilot:
            await pilot.pause()
            ti.report_worker_crash(app, ValueError("boom"))
            await pilot.pause()
    assert app.return_code == 1
    assert "boom" in str(caught.value) or "boom" in repr(caught.value.__cause__ or caught.value)


@pilot_test
async def test_notifications_and_the_option_list_lines_are_read():
    app = OneTable()
    async with app.run_test(size=(40, 16)) as pilot:
        app.notify("hello", title="T")
        await pilot.pause()
        assert [n.message for n in ti.notifications(app)] == ["hello"]
        options = app.query_one(OptionList)
        assert [ti.option_line(options, i) for i in range(3)] == [0, 1, 3]


class OneNote(App):
    def compose(self) -> ComposeResult:
        yield Static("before", id="note")


@pilot_test
async def test_after_refresh_callbacks_go_through_the_recorded_queue(monkeypatch):
    owner, name = ti.AFTER_REFRESH_QUEUE
    queue = getattr(owner, name)
    queued: list = []

    def recorded(self, callback, sender):
        queued.append(callback)
        queue(self, callback, sender)

    monkeypatch.setattr(owner, name, recorded)
    app = OneNote()  # no Footer: its recompose is queued too, whenever a loaded machine gets to it
    ran: list[int] = []
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        queued.clear()
        callback = lambda: ran.append(1)  # noqa: E731
        app.query_one("#note").call_after_refresh(callback)
        await pilot.pause()
        assert [getattr(c, "func", c) for c in queued] == [callback] and ran == [1]


def hostile_cells() -> list:
    """One-line cells of every shape the lists hold, and some that take DataTable's way."""
    from rich.text import Text

    cells = []
    for plain in ("", "x", "2026-11-25 14:03", "memlane-a-project-name-longer-than-its-column",
                  "한국어 검색 테스트 마이그레이션", "🚀 deploy ✅ done", "e\u0301te\u0301 cafe\u0301",
                  "a\u200db zero-width", "trailing spaces   ", "tab\there", "two\nlines",
                  "\x1b[31mred\x1b[0m bell\x07", "carriage\rreturn", "\u202eright-to-left"):  # fmt: skip
        for style in ("", "dim", "bold red on blue"):
            for overflow in (None, "ellipsis", "crop", "fold"):
                cells.append(Text(plain, style=style, no_wrap=True, overflow=overflow, end=""))
        spanned = Text(plain, style="dim", overflow="ellipsis")  # no_wrap and end left as Text has them
        spanned.stylize("reverse", 1, 6)
        spanned.stylize("bold yellow", 4, 30)
        cells.append(spanned)
        for style in ("", "dim"):  # counts and ids, right-justified
            for overflow in (None, "ellipsis"):
                cells.append(Text(plain, style=style, justify="right", overflow=overflow, end=""))
                cells.append(Text(plain, style=style, justify="right", no_wrap=True, end=""))
    cells += [Text("right", justify="right"), Text("centre", justify="center"),
              Text("wraps when it can", no_wrap=False), "a plain string", 12.5]  # fmt: skip
    return cells


@pilot_test
async def test_a_one_line_cell_is_drawn_as_datatable_draws_it():
    """KeptCells draws one-line Text cells its own short way: cell for cell, every width,
    padding, cursor and hover, the very segments DataTable's own render gives."""
    from rich.style import Style
    from rich.text import Text

    cells = hostile_cells()
    app = OneTable()
    async with app.run_test(size=(60, 12)) as pilot:
        table = app.query_one(DataTable)
        table.remove()
        kept = ti.FixedWidthDataTable()
        await app.mount(kept)
        kept.add_column("A", key="a", width=10)
        for n, value in enumerate(cells):
            kept.add_row(value, key=str(n))
        await pilot.pause()
        short_way = 0
        for padding in (1, 0):
            kept.cell_padding = padding
            for row in range(len(cells)):
                for width in (1, 2, 3, 4, 6, 9, 13, 31):
                    for cursor, hover in ((False, False), (True, False), (False, True)):
                        base = Style(color="white", bgcolor="black") if width % 2 else kept.rich_style
                        ours = kept.draw_cell(row, 0, base, width, cursor, hover)
                        kept._cell_render_cache.clear()  # DataTable's, not keyed on the width
                        theirs = DataTable._render_cell(kept, row, 0, base, width, cursor, hover)
                        assert ours == theirs, (cells[row], width, padding, cursor, hover)
                        short_way += kept.one_line_cell(row, 0, base, width, cursor, hover) is not None
        assert short_way > len(cells) * 20  # the short way drew most of them
        counts = [row for row, value in enumerate(cells) if isinstance(value, Text)
                  and value.justify == "right" and value.plain.isprintable() and value.plain]  # fmt: skip
        assert counts and all(kept.one_line_cell(row, 0, kept.rich_style, 9, False, False)
                              for row in counts)  # right-justified counts and ids too  # fmt: skip


class Loud(Static):
    DEFAULT_CSS = "Loud { color: blue; } Loud.-loud { color: red; }"


@pilot_test
async def test_a_class_set_before_the_mount_is_styled_at_the_mount(db_path, make_app):
    """MemlaneApp.update_styles leaves a widget not in the app yet to its mount: the class
    it was given then still styles it."""
    app = make_app(db_path)
    async with app.run_test(size=(60, 12)) as pilot:
        await pilot.pause()
        note = Loud("loud")
        note.add_class("-loud")  # not in the app: nothing is worked out yet
        await app.screen.mount(note)
        await pilot.pause()
        assert note.styles.color.rgb == (255, 0, 0)
        note.remove_class("-loud")  # in the app: restyled now, as Textual does
        assert note.styles.color.rgb == (0, 0, 255)
