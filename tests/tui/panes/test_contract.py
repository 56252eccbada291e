"""Every registered pane keeps the pane contract (`tui/gui/panes/__init__.py`)."""

from __future__ import annotations

import pytest
from textual.binding import Binding

from tests.tui.conftest import open_pane, pilot_test
from tui.gui.keys import APP_BINDINGS
from tui.gui.panes import PANES, Pane

APP_KEYS = {key for binding in APP_BINDINGS for key in binding.key.split(",")}


@pytest.mark.parametrize("entry", PANES, ids=[entry.id for entry in PANES])
def test_the_pane_is_a_pane_with_described_bindings_of_its_own(entry):
    cls = entry.load()
    assert issubclass(cls, Pane)
    bindings = Binding.make_bindings(cls.BINDINGS)
    for binding in bindings:
        assert binding.description, binding
        assert binding.id and binding.id.startswith(f"{entry.id}."), binding
        assert binding.key not in APP_KEYS, f"{binding.key} belongs to the app"


def test_keys_are_the_digits_in_order():
    assert [entry.key for entry in PANES] == [str(n) for n in range(1, len(PANES) + 1)]
    assert len({entry.id for entry in PANES}) == len(PANES)


@pytest.mark.parametrize("entry", PANES, ids=[entry.id for entry in PANES])
@pilot_test
async def test_each_pane_is_built_mounted_and_focused_by_its_key(db_path, make_app, entry):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        pane = await open_pane(pilot, entry.id)
        assert isinstance(pane, entry.load()) and pane.store is app.store
        assert app.active_pane is pane
        assert app.focused is not None and pane in app.focused.ancestors_with_self
