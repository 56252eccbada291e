"""Which memories a typed selection means: the one answer for `memlane forget` and the Cleanup pane."""

from datetime import UTC, datetime

import pytest

from store import writer
from store.selection import (
    Criteria,
    fetch_rows,
    matching_projects,
    resolve_criteria,
    selected_ids,
    summarise_ids,
)

NOW = datetime(2025, 3, 10, 12, 0, tzinfo=UTC)


def add(conn, session, cwd, content, created_at, **extra):
    return writer.add_memory(conn, {"session_id": session, "type": extra.pop("type", "command"),
                                    "cwd": cwd, "content": content, "created_at": created_at,
                                    **extra})  # fmt: skip


@pytest.fixture
def three_sessions(conn):
    add(conn, "sess-alpha-1", "/nonexistent/shop", "ran the tests", "2025-03-01T09:00:00.000000Z")
    add(conn, "sess-alpha-2", "/nonexistent/shop", "edited cart.py", "2025-03-08T09:00:00.000000Z",
        type="file_edit", file_path="/nonexistent/shop/cart.py")  # fmt: skip
    add(conn, "sess-bravo-1", "/elsewhere/shop", "edited cart.py too", "2025-03-09T09:00:00.000000Z",
        type="file_edit", file_path="/elsewhere/shop/src/cart.py")  # fmt: skip
    add(conn, "sess-bravo-1", "/elsewhere/shop", "a deploy note", "2025-03-09T10:00:00.000000Z")
    return conn


def ids_of(conn, **typed) -> tuple[list[int], str]:
    return selected_ids(conn, Criteria(**typed), NOW)


def test_a_session_by_a_unique_prefix_and_ambiguity_in_one_sentence(three_sessions):
    assert ids_of(three_sessions, session="sess-bravo") == ([4, 3], "")
    assert ids_of(three_sessions, session="sess-alpha") == (
        [], "2 sessions match 'sess-alpha'; type more of its id."
    )  # fmt: skip
    assert ids_of(three_sessions, session="sess-zulu") == ([], "No session matches 'sess-zulu'.")


def test_a_project_by_path_or_by_name_when_only_one_has_it(three_sessions):
    assert ids_of(three_sessions, project="/nonexistent/shop") == ([2, 1], "")
    assert ids_of(three_sessions, project="/nonexistent/shop/") == ([2, 1], "")
    assert ids_of(three_sessions, project="shop")[1] == "2 projects match 'shop'; type its full path."
    assert matching_projects(three_sessions, "shop") == ["/elsewhere/shop", "/nonexistent/shop"]
    assert ids_of(three_sessions, project="nowhere") == ([], "No project matches 'nowhere'.")


def test_a_file_by_the_end_of_its_path(three_sessions):
    assert ids_of(three_sessions, file_path="src/cart.py") == ([3], "")
    assert ids_of(three_sessions, file_path="cart.py")[1].startswith("2 files match")


def test_age_ids_and_criteria_combine(three_sessions):
    assert ids_of(three_sessions, older_days=7) == ([1], "")
    assert ids_of(three_sessions, older_days=0.5) == ([4, 3, 2, 1], "")
    assert ids_of(three_sessions, ids=(1, 3, 99), project="/elsewhere/shop") == ([3], "")
    assert ids_of(three_sessions, query="cart", session="sess-alpha-2") == ([2], "")


def test_an_empty_selection_is_no_filter_not_everything(three_sessions):
    assert Criteria().is_empty and not Criteria(older_days=0).is_empty
    assert resolve_criteria(three_sessions, Criteria(), NOW) == (None, "")
    assert ids_of(three_sessions) == ([], "")


def test_rows_and_the_summary_a_confirmation_shows(three_sessions):
    assert [r["id"] for r in fetch_rows(three_sessions, None, limit=2)] == [4, 3]
    assert [r["id"] for r in fetch_rows(three_sessions, None, before_id=3)] == [2, 1]
    assert [r["id"] for r in fetch_rows(three_sessions, None, after_id=1, limit=2)] == [3, 2]
    assert [r["id"] for r in fetch_rows(three_sessions, None, after_id=0, limit=3)] == [3, 2, 1]
    assert [r["id"] for r in fetch_rows(three_sessions, [1, 4])] == [4, 1]
    summary = summarise_ids(three_sessions, [4, 3, 2])
    assert summary["count"] == 3
    assert summary["sessions"] == ["sess-alpha-2", "sess-bravo-1"]
    assert summary["projects"] == ["shop"]
    assert summary["kinds"] == {"command": 1, "file_edit": 2}
    assert (summary["oldest"], summary["newest"]) == (
        "2025-03-08T09:00:00.000000Z", "2025-03-09T10:00:00.000000Z"
    )  # fmt: skip
