"""Which memories a typed selection means: the one answer for `memlane forget` and the Cleanup pane."""

from datetime import UTC, datetime

from store.forgetting.selection import (
    Criteria,
    fetch_rows,
    matching_projects,
    resolve_criteria,
    selected_ids,
    summarise_ids,
)

NOW = datetime(2025, 3, 10, 12, 0, tzinfo=UTC)


def ids_of(conn, **typed) -> tuple[list[int], str]:
    return selected_ids(conn, Criteria(**typed), NOW)


def test_a_session_by_a_unique_prefix_and_ambiguity_in_one_sentence(existing_db):
    assert ids_of(existing_db, session="sess-bravo") == ([4, 3], "")
    assert ids_of(existing_db, session="sess-alpha") == (
        [], "2 sessions match 'sess-alpha'; type more of its id."
    )  # fmt: skip
    assert ids_of(existing_db, session="sess-zulu") == ([], "No session matches 'sess-zulu'.")


def test_a_project_by_path_or_by_name_when_only_one_has_it(existing_db):
    assert ids_of(existing_db, project="/nonexistent/shop") == ([2, 1], "")
    assert ids_of(existing_db, project="/nonexistent/shop/") == ([2, 1], "")
    assert ids_of(existing_db, project="shop")[1] == "2 projects match 'shop'; type its full path."
    assert matching_projects(existing_db, "shop") == ["/elsewhere/shop", "/nonexistent/shop"]
    assert ids_of(existing_db, project="nowhere") == ([], "No project matches 'nowhere'.")


def test_a_file_by_the_end_of_its_path(existing_db):
    assert ids_of(existing_db, file_path="src/cart.py") == ([3], "")
    assert ids_of(existing_db, file_path="cart.py")[1].startswith("2 files match")


def test_age_ids_and_criteria_combine(existing_db):
    assert ids_of(existing_db, older_days=7) == ([1], "")
    assert ids_of(existing_db, older_days=0.5) == ([4, 3, 2, 1], "")
    assert ids_of(existing_db, ids=(1, 3, 99), project="/elsewhere/shop") == ([3], "")
    assert ids_of(existing_db, query="cart", session="sess-alpha-2") == ([2], "")


def test_an_empty_selection_is_no_filter_not_everything(existing_db):
    assert Criteria().is_empty and not Criteria(older_days=0).is_empty
    assert resolve_criteria(existing_db, Criteria(), NOW) == (None, "")
    assert ids_of(existing_db) == ([], "")


def test_rows_and_the_summary_a_confirmation_shows(existing_db):
    assert [r["id"] for r in fetch_rows(existing_db, None, limit=2)] == [4, 3]
    assert [r["id"] for r in fetch_rows(existing_db, None, before_id=3)] == [2, 1]
    assert [r["id"] for r in fetch_rows(existing_db, None, after_id=1, limit=2)] == [3, 2]
    assert [r["id"] for r in fetch_rows(existing_db, None, after_id=0, limit=3)] == [3, 2, 1]
    assert [r["id"] for r in fetch_rows(existing_db, [1, 4])] == [4, 1]
    summary = summarise_ids(existing_db, [4, 3, 2])
    assert summary["count"] == 3
    assert summary["sessions"] == ["sess-alpha-2", "sess-bravo-1"]
    assert summary["projects"] == ["shop"]
    assert summary["kinds"] == {"command": 1, "file_edit": 2}
    assert (summary["oldest"], summary["newest"]) == (
        "2025-03-08T09:00:00.000000Z", "2025-03-09T10:00:00.000000Z"
    )  # fmt: skip
