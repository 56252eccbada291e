"""Nothing lost to Claude Code's sweep: the maintenance run imports the transcripts Claude Code
deletes within a week (cleanupPeriodDays) that memlane does not hold, subagents included, and
`memlane doctor` says how many go and that memlane holds them."""

from __future__ import annotations

import json
import os
import shutil
import time

from hooks import background, sweep
from store.database import connection as db
from tests.fixtures import real_sessions
from tui.commands.doctor import doctor

DAY = 86400


def _place(env, name: str, days_old: float) -> str:
    """A session of the fixture corpus where Claude Code keeps it, last written `days_old` ago."""
    [session] = real_sessions([name])
    projects = env.home / ".claude" / "projects"
    moment = time.time() - days_old * DAY
    for source in session.transcripts:
        rel = str(source).split("real_sessions/projects/", 1)[1]
        target = projects / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        os.utime(target, (moment, moment))
    return session.session_id


def _memories(env, session_id: str) -> int:
    conn = db.connect(env.db)
    try:
        return conn.execute("SELECT count(*) FROM memory WHERE session_id = ?", (session_id,)).fetchone()[0]
    finally:
        conn.close()


def test_maintenance_imports_what_the_sweep_deletes_within_a_week(env):
    near = _place(env, "subagent", 25)  # the 30-day sweep reaches it in 5 days
    later = _place(env, "failures-v2", 10)
    db.connect(env.db).close()
    conn = db.connect(env.db)
    plan = sweep.due(conn)
    assert [(r[1], r[3]) for r in plan["due"]] == [(near, False)]
    conn.close()
    background.run(env.db)
    assert _memories(env, near) > 0 and _memories(env, later) == 0
    conn = db.connect(env.db)
    grep = conn.execute("SELECT count(*) FROM memory WHERE session_id = ? AND content LIKE '%toFixed%'", (near,)).fetchone()[0]
    assert grep > 0  # the subagent's own transcript (its Grep) was imported with it
    again = sweep.keep_before_sweep(conn, {})
    assert (again["due"], again["held"], again["imported"]) == (1, 1, 0)  # incremental: held, not read again
    conn.close()


def test_a_shorter_cleanup_period_brings_the_sweep_closer(env):
    later = _place(env, "failures-v2", 10)
    (env.home / ".claude" / "settings.json").write_text(json.dumps({"cleanupPeriodDays": 15}))
    conn = db.connect(env.db)
    assert [r[1] for r in sweep.due(conn)["due"]] == [later]
    (env.home / ".claude" / "settings.json").write_text(json.dumps({"cleanupPeriodDays": 0}))
    assert sweep.due(conn) == {"days": None, "due": [], "held": 0}
    conn.close()


def test_a_batch_leaves_the_rest_for_the_next_run(env):
    first = _place(env, "subagent", 28)
    second = _place(env, "failures-v2", 27)
    conn = db.connect(env.db)
    done = sweep.keep_before_sweep(conn, {}, batch=1)
    assert (done["imported"], done["left"]) == (1, 1)
    assert _memories(env, first) > 0 and _memories(env, second) == 0  # the oldest first
    assert sweep.keep_before_sweep(conn, {}, batch=1)["imported"] == 1
    assert _memories(env, second) > 0
    conn.close()


def test_doctor_says_how_many_sessions_go_within_a_week_and_that_memlane_holds_them(env):
    _place(env, "subagent", 25)
    _place(env, "failures-v2", 26)
    db.connect(env.db).close()
    said: list[str] = []
    doctor(env.db, say=said.append, run_hook=False)
    [line] = [s for s in said if "Claude Code deletes" in s]
    assert "2 sessions in the next 7 days" in line and "memlane holds 0" in line and "imports the other 2" in line
    background.run(env.db)
    said.clear()
    doctor(env.db, say=said.append, run_hook=False)
    [line] = [s for s in said if "Claude Code deletes" in s]
    assert line.endswith("memlane holds all of them")
