"""Snapshots of Search finding a line of Claude Code's auto memory after the memories."""

from __future__ import annotations

import pytest

from tests.tui.conftest import SIZES, app_for, steps
from tests.tui.panes.test_search_claude_memory import project_with_auto_memory


@pytest.mark.parametrize("size", SIZES)
def test_search_shows_memory_file_lines(snap_compare, db_path, home, size):
    project_with_auto_memory(db_path, home)
    typed = steps("3", "slash", "b", "a", "c", "k", "o", "f", "f", pause=0.2)
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=typed)
