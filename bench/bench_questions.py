"""Search that answers a question: hit@1/5/10 of memlane's search and of plain BM25, dev and held.

    .venv/bin/python -m bench.bench_questions [--fillers 20000] [--show-misses held|dev]

The sessions of `bench.question_set` are sent through the real hook (in process,
injection off), beside `--fillers` generated memories of other work; each session
is then moved to its day (`days_ago`), since the hook stamps what it stores with
the time it runs.  Every question is asked of `store.search.search`, the function
`memlane search` and the MCP tool call, and of plain BM25 over the same memories
in the same run: an FTS5 table of the same texts (content, tags, file path; the
default tokenizer, no stemming, no stop words) ranked by bm25(), the question's
words ORed.  A question is hit at k when one of its answering memories is among
the first k; "none" is the share of questions that got nothing back.

Besides the hand-written questions, each session gets templated ones about its
own files, commands and errors (named, as a model names them mid-session).
Questions of "held" sessions were never looked at while ranking was tuned.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench import hook_events, question_set  # noqa: E402
from bench.bench_recall import run_in_process  # noqa: E402

KS = (1, 5, 10)


def _task(session: dict) -> tuple:
    return (session["key"], session["cwd"], session["prompt"], session["edits"], session["commands"],
            session["fail"], session["commit"])  # fmt: skip


def _redate(conn, session_id: str, when: datetime) -> None:
    """Move a session's memories to `when`, a second apart in the order they were stored."""
    from store.database import connection as db

    ids = [
        r[0]
        for r in conn.execute(
            "SELECT id FROM memory WHERE session_id = ? ORDER BY id", (session_id,)
        )
    ]
    with db.write(conn):
        for n, memory_id in enumerate(ids):
            stamp = (when + timedelta(seconds=n)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
            conn.execute(
                "UPDATE memory SET created_at = ?, received_at = ? WHERE id = ?",
                (stamp, stamp, memory_id),
            )
        stamp = when.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        conn.execute("UPDATE session SET started_at = ?, last_activity_at = ? WHERE session_id = ?",
                     (stamp, stamp, session_id))  # fmt: skip


def session_day(now: datetime, days_ago: int) -> datetime:
    return (now - timedelta(days=days_ago)).replace(hour=10, minute=15, second=0, microsecond=0)


def build(path: str, home: str, fillers: int, now: datetime) -> dict[str, str]:
    """The database of the bench; returns {session key: session id}."""
    from bench.corpus_db import build_corpus_db
    from store.database import connection as db

    if fillers:
        build_corpus_db(path, fillers, seed=17)
    os.environ.update(MEMLANE_DB=path, MEMLANE_HOME=home, MEMLANE_DISABLE="1")
    sessions = {}
    for session in question_set.SESSIONS:
        sid = f"q-{session['key']}"
        sessions[session["key"]] = sid
        for event in hook_events.task_events(sid, _task(session)):
            run_in_process(event)
    for n, (cwd, _days, prompt) in enumerate(question_set.ASKED):
        for event in hook_events.ask_events(f"asked-{n:02d}", cwd, prompt):
            run_in_process(event)
    conn = db.connect(path)
    for session in question_set.SESSIONS:
        _redate(conn, sessions[session["key"]], session_day(now, session["days_ago"]))
    for n, (_cwd, days, _prompt) in enumerate(question_set.ASKED):
        _redate(conn, f"asked-{n:02d}", session_day(now, days) + timedelta(hours=3))
    conn.close()
    return sessions


def _when(days_ago: int, day: datetime) -> str:
    if days_ago < 7:
        return "this week"
    if days_ago < 14:
        return "last week"
    return "in " + day.strftime("%B")


def _program(command: str) -> str:
    """A command as a person names it: `pytest tests/x.py`, `python -m jobs.reindex`."""
    words = command.split()
    return " ".join(words[:3] if len(words) > 2 and words[1].startswith("-") else words[:2])


def _templated(session: dict) -> list[tuple[str, list[str]]]:
    """Questions about a session's own files, commands and errors, as a model names them."""
    asked: list[tuple[str, list[str]]] = []
    if session["fail"]:
        command, error = session["fail"]
        program = _program(command)
        first = error.splitlines()[0][:60]
        asked.append((f"what error did `{program}` give", [first]))
        asked.append((f"{program} 돌렸을 때 에러 뭐였지?", [first]))
    for path, _old, new in session["edits"][:2]:
        name = path.rsplit("/", 1)[-1]
        line = next((ln for ln in new.splitlines() if ln.strip()), new)[:50]
        asked.append((f"what did we change in {name}?", [line]))
    if session["commands"]:
        command, out = session["commands"][-1]
        program = _program(command)
        if out.strip():
            asked.append(
                (f"what was the output of {program} last time", [out.strip().splitlines()[0][:40]])
            )
    return asked


def questions(now: datetime) -> list[dict]:
    """Every question: {split, lang, text, session, answers (substrings)}."""
    found = []
    for session in question_set.SESSIONS:
        day = session_day(now, session["days_ago"])
        fills = {"month": day.strftime("%B"), "year": day.strftime("%Y"),
                 "when": _when(session["days_ago"], day), "weekish": "week"}  # fmt: skip
        for kind, pairs in (("written", session["questions"]), ("templated", _templated(session))):
            for text, answers in pairs:
                text = text.format(**fills)
                lang = "ko" if re.search("[가-힣]", text) else "en"
                found.append({"split": session["split"], "lang": lang, "kind": kind, "text": text,
                              "session": session["key"], "answers": answers})  # fmt: skip
    return found


def answer_ids(conn, session_id: str, answers: list[str]) -> set[int]:
    rows = conn.execute(
        "SELECT id, content FROM memory WHERE session_id = ?", (session_id,)
    ).fetchall()
    return {memory_id for memory_id, content in rows if any(a in content for a in answers)}


def build_baseline(conn) -> None:
    """Plain BM25: the same texts in an FTS5 table of FTS5's default tokenizer."""
    conn.execute("DROP TABLE IF EXISTS temp.plain")
    conn.execute("CREATE VIRTUAL TABLE temp.plain USING fts5(content, tags, file_path)")
    conn.execute("INSERT INTO temp.plain(rowid, content, tags, file_path) "
                 "SELECT id, content, tags, coalesce(file_path, '') FROM memory")  # fmt: skip


def baseline_search(conn, question: str, limit: int = 10) -> list[int]:
    words = dict.fromkeys(re.findall(r"\w+", question.lower()))
    if not words:
        return []
    match = " OR ".join('"' + w.replace('"', '""') + '"' for w in words)
    sql = "SELECT rowid FROM temp.plain WHERE plain MATCH ? ORDER BY bm25(plain) LIMIT ?"
    return [r[0] for r in conn.execute(sql, (match, limit))]


def memlane_search(conn, question: str, limit: int = 10) -> list[int]:
    from store.search import search

    return [hit["id"] for hit in search(conn, question, limit=limit)]


def score(results: list[tuple[dict, set[int], list[int]]]) -> dict:
    n = len(results)
    row = {
        f"hit@{k}": 100.0 * sum(bool(set(got[:k]) & want) for _q, want, got in results) / n
        for k in KS
    }
    row["none"] = 100.0 * sum(not got for _q, _w, got in results) / n
    row["n"] = n
    return row


def evaluate(conn, asked: list[dict], sessions: dict[str, str]) -> dict:
    """{(system, split, group): score row} and each question's results."""
    build_baseline(conn)
    systems = {"memlane": memlane_search, "plain BM25": baseline_search}
    per = {name: [] for name in systems}
    timings = {name: [] for name in systems}
    for q in asked:
        want = answer_ids(conn, sessions[q["session"]], q["answers"])
        if not want:
            raise SystemExit(f"no memory answers {q['text']!r} ({q['answers']})")
        for name, run in systems.items():
            t = time.perf_counter()
            got = run(conn, q["text"])
            timings[name].append(time.perf_counter() - t)
            per[name].append((q, want, got))
    table = {}
    for name, results in per.items():
        for split in ("dev", "held"):
            for group, keep in (("all", lambda q: True), ("en", lambda q: q["lang"] == "en"),
                                ("ko", lambda q: q["lang"] == "ko"),
                                ("written", lambda q: q["kind"] == "written"),
                                ("templated", lambda q: q["kind"] == "templated")):  # fmt: skip
                chosen = [r for r in results if r[0]["split"] == split and keep(r[0])]
                if chosen:
                    table[(name, split, group)] = score(chosen)
    return {"table": table, "per": per, "timings": timings}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--fillers", type=int, default=20_000, help="generated memories of other work"
    )
    parser.add_argument("--show-misses", choices=("dev", "held"), default=None,
                        help="print memlane's misses of that split")  # fmt: skip
    parser.add_argument("--misses-at", type=int, default=5, help="a miss is no answer in the first K")
    args = parser.parse_args(argv)
    now = datetime.now(timezone.utc)
    from store.database import connection as db

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "questions.db")
        started = time.perf_counter()
        sessions = build(path, tmp, args.fillers, now)
        conn = db.connect(path)
        total = conn.execute("SELECT count(*) FROM memory").fetchone()[0]
        asked = questions(now)
        print(f"{total} memories ({args.fillers} fillers), {len(asked)} questions "
              f"(dev {sum(q['split'] == 'dev' for q in asked)}, held {sum(q['split'] == 'held' for q in asked)}); "
              f"built in {time.perf_counter() - started:.0f} s")  # fmt: skip
        result = evaluate(conn, asked, sessions)
        print(
            f"{'':11s} {'split':5s} {'group':9s} {'n':>4s}  {'hit@1':>6s} {'hit@5':>6s} {'hit@10':>6s} {'none %':>6s}"
        )
        for (name, split, group), row in result["table"].items():
            print(f"{name:11s} {split:5s} {group:9s} {row['n']:4d}  {row['hit@1']:6.1f} {row['hit@5']:6.1f} "
                  f"{row['hit@10']:6.1f} {row['none']:6.1f}")  # fmt: skip
        for split in ("dev", "held"):
            ours, plain = (
                result["table"][("memlane", split, "all")],
                result["table"][("plain BM25", split, "all")],
            )
            print(f"{split}: memlane - plain BM25: hit@5 {ours['hit@5'] - plain['hit@5']:+.1f}, "
                  f"hit@10 {ours['hit@10'] - plain['hit@10']:+.1f} points")  # fmt: skip
        for name, times in result["timings"].items():
            times = sorted(times)
            print(
                f"{name}: median {1000 * times[len(times) // 2]:.1f} ms, max {1000 * times[-1]:.1f} ms per question"
            )
        if args.show_misses:
            for q, want, got in result["per"]["memlane"]:
                if q["split"] == args.show_misses and not set(got[: args.misses_at]) & want:
                    top = [(i, (conn.execute("SELECT type, substr(content, 1, 50) FROM memory WHERE id = ?", (i,))
                                .fetchone())) for i in got[:3]]  # fmt: skip
                    deeper = memlane_search(conn, q["text"], limit=100)
                    at = next((n + 1 for n, i in enumerate(deeper) if i in want), None)
                    print(f"MISS [{q['lang']} {q['kind']}] {q['text']!r} want {sorted(want)} (at {at}) got {top}")
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
