"""What a hook takes as a session id: Claude Code's are UUIDs, other clients send ids of
letters, digits and `. _ : -`; anything else (a path, 10,000 characters, a NUL) is kept
under a safe id of its own, said in the hook's one `[memlane]` line."""

from __future__ import annotations

import json
import os
import re
import sqlite3

import pytest

from tests.fixtures import import_into
from tests.hooks.test_fail_open import EDIT, run_hook, stderr_lines
from tests.hooks.transcripts import Transcript

SAFE = re.compile(r"x-[0-9a-f]{32}")


def event(session_id: str, n: int = 1) -> dict:
    out = json.loads(json.dumps(EDIT))
    out["session_id"] = session_id
    out["tool_use_id"] = f"toolu_id_{n}"
    out["tool_input"]["new_string"] = f"return a + b  # {n}"
    out["tool_response"]["structuredPatch"][0]["lines"][-1] = f"+    return a + b  # {n}"
    return out


def sessions(db) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        return [r[0] for r in conn.execute("SELECT DISTINCT session_id FROM memory ORDER BY session_id")]
    finally:
        conn.close()


@pytest.mark.parametrize("session_id", ["064029b2-9298-429a-987c-019be7412488", "ses_01J8ZK4Q2W", "s1",
                                        "agent:7.run-2"])  # fmt: skip
def test_ids_of_letters_digits_and_a_few_marks_are_kept_as_sent(env, session_id):
    result = run_hook(event(session_id))
    assert (result.returncode, result.stdout, result.stderr) == (0, b"", b"")
    assert sessions(env.db) == [session_id]


@pytest.mark.parametrize(
    "session_id, says",
    [("../../../../etc/passwd", "other than letters"), ("x" * 10_000, "10,000 characters"),
     ("ab\x00cd", "other than letters"), ("täst 1", "other than letters")],
    ids=["path", "10000-chars", "nul", "space-and-accent"],
)  # fmt: skip
def test_any_other_id_is_kept_under_a_safe_one_and_said(env, session_id, says):
    first = run_hook(event(session_id, 1))
    second = run_hook(event(session_id, 2))
    for result in (first, second):
        assert result.returncode == 0 and result.stdout == b""
        (line,) = stderr_lines(result)
        assert line.startswith("[memlane] PostToolUse: the session id ") and says in line, line
        assert "passwd" not in line and "\x00" not in line and len(line) < 300
    (stored,) = sessions(env.db)  # both events, one session, under one safe id
    assert SAFE.fullmatch(stored), stored
    assert stored in stderr_lines(first)[0]
    conn = sqlite3.connect(env.db)
    assert conn.execute("SELECT count(*) FROM memory").fetchone()[0] == 2
    assert conn.execute("SELECT session_id FROM session").fetchall() == [(stored,)]
    assert not any("passwd" in name for _, _, files in os.walk(env.mhome) for name in files)


def test_the_importer_keeps_an_odd_session_under_the_same_safe_id(env, tmp_path):
    odd = "../../../../etc/passwd"
    run_hook(event(odd))
    t = Transcript(session_id=odd, cwd="/home/dev/calc-app")
    t.prompt("fix the add function")
    import_into(env.db, [t.write(tmp_path / "odd.jsonl")])
    (stored,) = sessions(env.db)
    assert SAFE.fullmatch(stored)
