"""Snapshots of what `c` shows for a session Claude Code no longer has (its transcript swept)."""

from __future__ import annotations

import pytest

from tests.tui.conftest import SIZES, app_for, steps
from tests.tui.test_resume_keys import session_claude_code_swept


@pytest.mark.parametrize("size", SIZES)
def test_resume_of_a_swept_session_offers_what_memlane_holds(snap_compare, db_path, tmp_path, monkeypatch, size):
    session_claude_code_swept(db_path, tmp_path, monkeypatch)
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("c"))
