"""Import benchmark: transcripts -> memories, into a database that already holds 100k.

    .venv/bin/python -m bench.bench_import [--tool-calls 20000] [--memories 100000] [--runs 3]

Generates a transcript set shaped like Claude Code 2.1 writes it (prompts,
attachments, progress and snapshot lines, assistant messages split per block,
Read/Edit/Write/Bash/Grep/TodoWrite calls with their full ``toolUseResult``,
failing commands, subagent files), builds a database of ``--memories``
generated memories (corpus.demo_corpus), then imports the set into a fresh copy of
that database ``--runs`` times through the real path (hooks.transcripts:
privacy filter, capture rules, writer batches, dedupe, session summaries).
Prints the median tool calls/s and MB/s and the ratio to the 2,000 tool
calls/s target, and tool calls per CPU second (this process and the reader's, user +
sys), which a loaded machine does not move. ``--worker off`` measures the
single-process path (small imports take it; a large one reads in a second process
while this one writes).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.corpus_db import build_corpus_db  # noqa: E402
from corpus import demo_corpus  # noqa: E402
from hooks.transcripts import TranscriptReader, find_transcripts, import_files  # noqa: E402
from store.config import defaults  # noqa: E402
from store.database import connection as db  # noqa: E402

TARGET_TOOL_CALLS_PER_S = 2000
CALLS_PER_SESSION = 50
VERSION = "2.1.197"
USAGE = {
    "input_tokens": 4, "cache_creation_input_tokens": 812, "cache_read_input_tokens": 40211,
    "output_tokens": 163, "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0},
    "service_tier": "standard",
    "cache_creation": {"ephemeral_1h_input_tokens": 0, "ephemeral_5m_input_tokens": 812},
}  # fmt: skip
SKILLS = "- " + "\n- ".join(
    f"skill-{i}: does useful thing number {i} when the user asks for it, with details" for i in range(25)
)


def _iso(t: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t % 1 * 1000):03d}Z"


def _code(rng: random.Random, lines: int) -> str:
    words = ["cache", "token", "session", "user", "config", "handler", "retry", "limit", "value"]
    out = []
    for i in range(lines):
        a, b = rng.choice(words), rng.choice(words)
        out.append(f"    {a}_{i} = compute_{b}({a}, timeout={rng.randint(1, 99)})  # {b} step")
    return "\n".join(out) + "\n"


class _Session:
    """Writes one session's lines (and its subagent file) like Claude Code does."""

    def __init__(self, rng, folder, cwd, start):
        self.rng, self.cwd, self.t = rng, cwd, start
        self.id = f"{rng.getrandbits(32):08x}-{rng.getrandbits(16):04x}-4{rng.getrandbits(12):03x}-" \
                  f"a{rng.getrandbits(12):03x}-{rng.getrandbits(48):012x}"  # fmt: skip
        self.path = os.path.join(folder, self.id + ".jsonl")
        self.lines = []
        self.parent = None
        self.prompt_id = None
        self.n = 0
        self.tool_calls = 0
        self.sidechain = False
        self.agent_id = None

    def uuid(self):
        r = self.rng
        return f"{r.getrandbits(32):08x}-{r.getrandbits(16):04x}-4{r.getrandbits(12):03x}-" \
               f"8{r.getrandbits(12):03x}-{r.getrandbits(48):012x}"  # fmt: skip

    def _common(self, kind):
        self.t += self.rng.uniform(0.05, 2.5)
        line = {"parentUuid": self.parent, "isSidechain": self.sidechain}
        if self.agent_id:
            line["agentId"] = self.agent_id
        line.update({"type": kind, "uuid": self.uuid(), "timestamp": _iso(self.t),
                     "userType": "external", "entrypoint": "cli", "cwd": self.cwd,
                     "sessionId": self.id, "version": VERSION, "gitBranch": "main"})  # fmt: skip
        self.parent = line["uuid"]
        return line

    def add(self, line):
        self.lines.append(json.dumps(line, ensure_ascii=False))

    def prompt(self, text):
        self.prompt_id = self.uuid()
        self.add({"type": "queue-operation", "operation": "enqueue", "timestamp": _iso(self.t),
                  "sessionId": self.id, "content": text})  # fmt: skip
        line = self._common("user")
        line["promptId"] = self.prompt_id
        line["message"] = {"role": "user", "content": text}
        line["permissionMode"] = "default"
        self.add(line)
        att = self._common("attachment")
        att["attachment"] = {"type": "skill_listing", "content": SKILLS, "skillCount": 25}
        self.add(att)
        snap = {"type": "file-history-snapshot", "messageId": line["uuid"],
                "snapshot": {"messageId": line["uuid"], "trackedFileBackups": {},
                             "timestamp": _iso(self.t)}, "isSnapshotUpdate": False}  # fmt: skip
        self.add(snap)

    def calls(self, calls):
        """One assistant message with these (name, input, content, result, is_error) calls,
        written one block per line, then their results."""
        msg_id = f"msg_{self.rng.getrandbits(64):016x}"
        ids = []
        for name, tool_input, *_ in calls:
            self.n += 1
            tool_id = f"toolu_{self.rng.getrandbits(64):016x}{self.n:06d}"
            ids.append(tool_id)
            line = self._common("assistant")
            line["message"] = {"model": "claude-opus-4-8", "id": msg_id, "type": "message",
                               "role": "assistant",
                               "content": [{"type": "tool_use", "id": tool_id, "name": name,
                                            "input": tool_input}],
                               "stop_reason": "tool_use", "stop_sequence": None, "usage": USAGE}  # fmt: skip
            line["requestId"] = f"req_{self.rng.getrandbits(64):016x}"
            self.add(line)
        assistant_uuid = self.parent
        for tool_id, (name, _input, content, result, is_error) in zip(ids, calls):
            if name == "Bash" and self.rng.random() < 0.2:
                prog = self._common("progress")
                prog["data"] = {"type": "bash_progress", "output": "...", "elapsedTimeSeconds": 3}
                prog["toolUseID"] = tool_id
                self.add(prog)
            line = self._common("user")
            line["promptId"] = self.prompt_id
            block = {"tool_use_id": tool_id, "type": "tool_result", "content": content}
            if name == "Bash" or is_error:
                block["is_error"] = is_error
            line["message"] = {"role": "user", "content": [block]}
            if result is not None and not self.sidechain:
                line["toolUseResult"] = result
            line["sourceToolAssistantUUID"] = assistant_uuid
            self.add(line)
            self.tool_calls += 1

    def text(self, text):
        line = self._common("assistant")
        line["message"] = {"model": "claude-opus-4-8", "id": f"msg_{self.rng.getrandbits(64):016x}",
                           "type": "message", "role": "assistant",
                           "content": [{"type": "text", "text": text}], "stop_reason": "end_turn",
                           "stop_sequence": None, "usage": USAGE}  # fmt: skip
        self.add(line)

    def write(self):
        with open(self.path, "w", encoding="utf-8") as f:
            f.write("\n".join(self.lines) + "\n")
        return os.path.getsize(self.path)


def _tool_call(rng: random.Random, cwd: str, k: int):
    """(name, input, tool_result content, toolUseResult, is_error) of one realistic call."""
    roll = rng.random()
    rel = rng.choice(demo_corpus.FILES)
    path = f"{cwd}/{rel}"
    if roll < 0.22:  # Read: not captured by default, but parsed and privacy-filtered
        body = _code(rng, rng.randint(30, 120))
        numbered = "\n".join(f"{i + 1:6d}\t{line}" for i, line in enumerate(body.splitlines()))
        n = body.count("\n") + 1
        return ("Read", {"file_path": path}, numbered,
                {"type": "text", "file": {"filePath": path, "content": body, "numLines": n,
                                          "startLine": 1, "totalLines": n}}, False)  # fmt: skip
    if roll < 0.42:  # Edit, with the whole original file like the CLI records it
        original = _code(rng, rng.randint(30, 120))
        old = original.splitlines()[rng.randint(0, 20)]
        new = old.replace("timeout", f"deadline_{k}")
        patch = [{"oldStart": 10, "oldLines": 7, "newStart": 10, "newLines": 7,
                  "lines": [" " + original.splitlines()[1], "-" + old, "+" + new,
                            " " + original.splitlines()[2]]}]  # fmt: skip
        return ("Edit", {"file_path": path, "old_string": old, "new_string": new, "replace_all": False},
                f"The file {path} has been updated successfully.",
                {"filePath": path, "oldString": old, "newString": new, "originalFile": original,
                 "structuredPatch": patch, "userModified": False, "replaceAll": False}, False)  # fmt: skip
    if roll < 0.47:  # Write
        body = _code(rng, rng.randint(10, 60))
        return ("Write", {"file_path": f"{cwd}/src/gen_{k}.py", "content": body},
                f"File created successfully at: {cwd}/src/gen_{k}.py",
                {"type": "create", "filePath": f"{cwd}/src/gen_{k}.py", "content": body,
                 "structuredPatch": [], "originalFile": None}, False)  # fmt: skip
    if roll < 0.77:  # Bash: tests, builds, git, and the odd trivial ls
        cmd, out = rng.choice(demo_corpus.COMMANDS)
        if rng.random() < 0.15:
            cmd, out = "ls -la src", "total 8\ndrwxr-xr-x  4 dev dev 4096 .\n-rw-r--r--  1 dev dev  120 app.py"
        cmd = f"{cmd} # run {k}" if not cmd.startswith("ls") else cmd
        out = out + "\n" + "\n".join(f"line {i}: ok {rng.randint(0, 1 << 30)}" for i in range(rng.randint(2, 40)))
        return ("Bash", {"command": cmd, "description": "run it"}, out,
                {"stdout": out, "stderr": "", "interrupted": False, "isImage": False,
                 "noOutputExpected": False}, False)  # fmt: skip
    if roll < 0.85:  # a failing command
        cmd, err = rng.choice(demo_corpus.ERRORS)
        err = err.replace("{n}", str(rng.randint(1, 99999)))
        text = f"Exit code 1\n{err}"
        return ("Bash", {"command": f"{cmd} --attempt {k}", "description": "try"}, text,
                f"Error: {text}", True)  # fmt: skip
    if roll < 0.95:  # Grep: not captured by default
        return ("Grep", {"pattern": f"token_{k}", "path": cwd, "output_mode": "files_with_matches"},
                f"Found 3 files\n{cwd}/src/a.py\n{cwd}/src/b.py\n{cwd}/src/c.py",
                {"mode": "files_with_matches", "filenames": ["src/a.py", "src/b.py", "src/c.py"],
                 "numFiles": 3}, False)  # fmt: skip
    todos = [{"content": f"step {k}-{i}", "status": "completed" if i < 2 else "pending",
              "activeForm": f"doing step {i}"} for i in range(4)]  # fmt: skip
    return ("TodoWrite", {"todos": todos}, "Todos have been modified successfully.",
            {"oldTodos": [dict(t, status="pending") for t in todos], "newTodos": todos}, False)


def generate(root: str, tool_calls: int, seed: int = 3) -> dict:
    """Write a transcript set with about `tool_calls` tool calls under root/projects."""
    rng = random.Random(seed)
    projects = os.path.join(root, "projects")
    t = time.time() - 20 * 86400
    made = files = size = 0
    k = 0
    while made < tool_calls:
        cwd = rng.choice(demo_corpus.PROJECTS)[0]
        folder = os.path.join(projects, cwd.replace("/", "-"))
        os.makedirs(folder, exist_ok=True)
        s = _Session(rng, folder, cwd, t)
        t += 3600
        sub_calls = []
        while s.tool_calls < CALLS_PER_SESSION and made + s.tool_calls < tool_calls:
            if s.tool_calls % 8 == 0:
                s.prompt(rng.choice(demo_corpus.ENGLISH_PROMPTS + demo_corpus.KOREAN_PROMPTS)
                         + f" (#{k})")  # fmt: skip
            k += 1
            batch = [_tool_call(rng, cwd, k)]
            if rng.random() < 0.15:  # parallel calls: one message over several lines
                k += 1
                batch.append(_tool_call(rng, cwd, k))
            s.calls(batch)
            if rng.random() < 0.1:
                s.text("Done with that step; moving on.")
            if len(sub_calls) < 6 and rng.random() < 0.05:
                k += 1
                sub_calls.append(_tool_call(rng, cwd, k))
        s.text("All done.")
        size += s.write()
        files += 1
        made += s.tool_calls
        if sub_calls:
            sub = _Session(rng, folder, cwd, s.t)
            sub.id, sub.sidechain, sub.prompt_id = s.id, True, s.prompt_id
            sub.agent_id = f"a{rng.getrandbits(60):015x}"
            sub.path = os.path.join(folder, s.id, "subagents", f"agent-{sub.agent_id}.jsonl")
            os.makedirs(os.path.dirname(sub.path), exist_ok=True)
            first = sub._common("user")
            first["promptId"] = s.prompt_id
            first["message"] = {"role": "user", "content": "look into the failing tests"}
            sub.add(first)
            for call in sub_calls:
                sub.calls([call])
            size += sub.write()
            files += 1
            made += sub.tool_calls
    return {"files": files, "bytes": size, "tool_calls": made}


def build_db(path: str, count: int) -> float:
    return build_corpus_db(path, count)


def _cpu_s() -> float:
    """CPU seconds (user + sys) of this process and of its waited-for children (the reader)."""
    import resource

    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run_import(db_file: str, projects: str, worker: bool | None = None) -> dict:
    cpu = _cpu_s()
    started = time.perf_counter()
    files, _missing = find_transcripts([projects])
    reader = TranscriptReader(defaults())
    conn = db.connect(db_file)
    try:
        report = import_files(conn, files, reader, defaults(), worker=worker)
    finally:
        conn.close()
    elapsed = time.perf_counter() - started
    return {"elapsed": elapsed, "cpu": _cpu_s() - cpu, "report": report, "stats": reader.stats}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tool-calls", type=int, default=20_000)
    parser.add_argument("--memories", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="cProfile one run, print the top")
    parser.add_argument("--worker", choices=("auto", "on", "off"), default="auto",
                        help="read in a second process (auto: as `memlane import` does)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="memlane-bench-import-") as tmp:
        t = time.perf_counter()
        made = generate(tmp, args.tool_calls)
        print(f"transcripts: {made['files']} files, {made['bytes'] / 1e6:.1f} MB, "
              f"{made['tool_calls']} tool calls (generated in {time.perf_counter() - t:.1f}s)")  # fmt: skip
        template = os.path.join(tmp, "template.db")
        took = build_db(template, args.memories)
        print(f"database: {args.memories} memories pre-filled in {took:.1f}s "
              f"({os.path.getsize(template) / 1e6:.0f} MB)")  # fmt: skip
        projects = os.path.join(tmp, "projects")
        worker = {"auto": None, "on": True, "off": False}[args.worker]
        results = []
        for i in range(args.runs):
            run_db = os.path.join(tmp, f"run{i}.db")
            shutil.copyfile(template, run_db)
            if args.profile and i == 0:
                import cProfile
                import pstats

                prof = cProfile.Profile()
                prof.enable()
                res = run_import(run_db, projects, worker)
                prof.disable()
                pstats.Stats(prof).sort_stats("cumulative").print_stats(30)
            else:
                res = run_import(run_db, projects, worker)
            stats, report = res["stats"], res["report"]
            calls_s = stats["tool_calls"] / res["elapsed"]
            mb_s = stats["bytes"] / 1e6 / res["elapsed"]
            results.append((calls_s, mb_s, res["elapsed"], stats["tool_calls"] / max(res["cpu"], 1e-9)))
            print(f"run {i + 1}: {res['elapsed']:.2f}s (cpu {res['cpu']:.2f}s, both processes)  "
                  f"{calls_s:,.0f} tool calls/s  {mb_s:.1f} MB/s  "
                  f"({report['memories']} memories, {report['errors']} errors, "
                  f"{report['sessions_new']} sessions, {stats['skipped']} skipped lines, "
                  f"{stats['malformed']} malformed)")  # fmt: skip
            again = run_import(run_db, projects)  # idempotency, and the speed of a no-op re-import
            assert again["report"]["memories"] == 0, again["report"]
            os.remove(run_db)
        calls_s = statistics.median(r[0] for r in results)
        mb_s = statistics.median(r[1] for r in results)
        per_cpu = statistics.median(r[3] for r in results)
        print(f"median: {calls_s:,.0f} tool calls/s, {mb_s:.1f} MB/s, {per_cpu:,.0f} tool calls per CPU second "
              f"(target {TARGET_TOOL_CALLS_PER_S:,} tool calls/s, ratio {calls_s / TARGET_TOOL_CALLS_PER_S:.2f})")  # fmt: skip
        return 0 if calls_s >= TARGET_TOOL_CALLS_PER_S else 1


if __name__ == "__main__":
    sys.exit(main())
