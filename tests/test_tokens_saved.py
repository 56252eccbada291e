"""bench.bench_tokens_saved: the digest a resumed session gets leaves out what it was sent
before, and a start leaves out what the loaded memory files say; the bench counts both
against the plain digest, on sessions of the realistic corpus."""

from __future__ import annotations

from bench import bench_tokens_saved
from tests.fixtures import real_sessions


def test_resumes_and_loaded_memory_files_leave_tokens_out_of_the_digest(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("MEMLANE_HOME", str(home / ".claude" / "memlane"))
    monkeypatch.setenv("MEMLANE_DB", str(home / ".claude" / "memlane" / "memory.db"))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(home / ".claude"))
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    from hooks import background

    monkeypatch.setattr(background, "maybe_start", lambda *a, **k: False)
    api = [s for s in real_sessions() if s.cwd == "/home/dev/api"][:4]
    starts = bench_tokens_saved.replay(api, tmp_path / "disk", resume_every=1, note_every=1)
    resumes = [s for s in starts if s["resume"]]
    assert len(starts) == 8 and len(resumes) == 4
    assert all(s["both"] <= s["said"] <= s["plain"] for s in starts)
    assert sum(s["said"] - s["both"] for s in resumes) > 0  # a resume is not sent its digest again
    assert any(s["reason"] in ("resumed", "resume_new") for s in resumes)
    assert sum(s["files"] for s in starts) > 0  # the project's CLAUDE.md and auto memory loaded
    lines = bench_tokens_saved.report(starts)
    assert lines[0].startswith("8 session starts (4 new, 4 resumes or forks)")
