"""The realistic session corpus (tests/fixtures/real_sessions): every session, run once
through the hook (its events) and once through `memlane import` (its transcript),
must leave the same memories; and the corpus is what its builder writes."""

from __future__ import annotations

import filecmp
import io
import json
from collections import Counter

import pytest

from tests.fixtures import REAL_SESSIONS, import_into, memories, real_sessions
from tests.fixtures.make_real_sessions import write_all

KEY = ("session_id", "type", "tool_name", "tool_use_id", "file_path", "content", "tags",
       "importance", "project")  # fmt: skip
SESSIONS = real_sessions()


def run_hooks(events: list[dict]) -> None:
    from hooks import main as hook_main

    for event in events:
        run = hook_main.run_hook(io.BytesIO(json.dumps(event).encode()))
        if run.conn is not None:
            run.conn.close()
        assert run.message is None, (event["hook_event_name"], run.message)



def keys(rows: list[dict], leave_out=frozenset(), key=KEY) -> Counter:
    return Counter(tuple(m[c] for c in key) for m in rows if m["type"] not in leave_out)


def test_the_corpus_is_what_its_builder_writes(tmp_path):
    write_all(tmp_path / "corpus")
    compared = filecmp.dircmp(tmp_path / "corpus", REAL_SESSIONS)

    def differences(cmp) -> list[str]:
        out = [*cmp.left_only, *cmp.right_only, *cmp.diff_files]
        for sub in cmp.subdirs.values():
            out += differences(sub)
        return out

    assert differences(compared) == [], "run: python -m tests.fixtures.make_real_sessions"


def test_the_corpus_covers_what_real_sessions_hold():
    versions = {s.version.split(".")[0] + ".x" for s in SESSIONS}
    assert versions == {"1.x", "2.x"}
    text = "".join(p.read_text(encoding="utf-8") for s in SESSIONS for p in s.transcripts)
    for shape in ("<command-args>help me apply", "<ide_opened_file>", "<ide_selection>", "\\u001b[",
                  "isCompactSummary", "isApiErrorMessage", "ExitPlanMode", "mcp__github__",
                  '"name":"Task"', '"name":"Agent"', "C:\\\\Users", "修复", "ログイン", "결제",
                  "Tolong", "<tool_use_error>", "--credential admin:"):  # fmt: skip
        assert shape in text, shape
    assert any("/subagents/agent-" in str(p) for s in SESSIONS for p in s.transcripts)


@pytest.mark.parametrize("session", SESSIONS, ids=[s.name for s in SESSIONS])
def test_the_hook_and_the_importer_store_the_same_memories(session, homes):
    run_hooks(session.hook_events)
    hooked = memories(str(homes / "memlane" / "hooks.db"))
    report = import_into(str(homes / "imported.db"), session.transcripts)
    imported = memories(str(homes / "imported.db"))
    assert hooked and imported
    key = KEY
    if not any(e.get("tool_use_id") for e in session.hook_events):  # hooks before 2.0.43 had none
        key = tuple(c for c in KEY if c != "tool_use_id")
    only_import = keys(imported, session.hook_lacks, key) - keys(hooked, key=key)
    only_hooks = keys(hooked, key=key) - keys(imported, key=key)
    assert not only_import and not only_hooks, (list(only_import), list(only_hooks))
    assert report["unpaired"] == 0
