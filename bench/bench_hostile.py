"""Hostile events: CPU time of one `memlane-hook` process on events built to be slow.

    .venv/bin/python -m bench.bench_hostile [--runs 3]

Target (issue 10): every event finishes in well under 1 s of CPU (user + system of the
hook process, from its start).  Also the privacy filter's throughput on ordinary code
(the Python standard library), the cost a transcript import pays per megabyte.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import resource
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TARGET_CPU_S = 1.0


def _event(response) -> dict:
    return {"session_id": "bench-hostile", "cwd": "/tmp/bench", "hook_event_name": "PostToolUse",
            "prompt_id": "p1", "tool_name": "mcp__data__dump", "tool_input": {"table": "x"},
            "tool_response": response}  # fmt: skip


def cases() -> list[tuple[str, bytes]]:
    nested = '{"session_id":"bench-hostile","hook_event_name":"PostToolUse","tool_name":"mcp__a__b",' \
             '"tool_input":{},"tool_response":' + "[" * 900 + "]" * 900 + "}"  # fmt: skip
    build = "".join(f"line {i}: building module {i % 97} of the project, all fine\n" for i in range(180_000))
    return [
        ("10 MB of Bash output, a secret last",  # tests/hooks/test_fail_open.py's payload
         json.dumps({**_event(None), "tool_name": "Bash", "tool_input": {"command": "npm run build"},
                     "tool_response": {"stdout": build + "export API_KEY=sk-ant-api03-" + "Z" * 40 + "\n",
                                       "stderr": "", "interrupted": False}}).encode()),  # fmt: skip
        ("2.2M short strings (13 MB)", json.dumps(_event(["ab"] * 2_200_000)).encode()),
        ("3.9M empty objects (16 MB)", json.dumps(_event([{}] * 3_900_000)).encode()),
        ("500k-key object (8 MB)", json.dumps(_event({f"k{i}": "v" for i in range(500_000)})).encode()),
        ("900 levels of nesting", nested.encode()),
        ("16 MB of one secret-dense string",
         json.dumps(_event("password=hunter2 " * 900_000)).encode()),
        ("28 chars, config pattern (a+)+$", json.dumps(_event("a" * 28 + "!")).encode()),
    ]


def _cpu_of(cmd: list[str], stdin: bytes, env: dict) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, input=stdin, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def filter_throughput() -> tuple[float, float]:
    from store.privacy import find_secrets

    files = sorted(glob.glob(sysconfig.get_paths()["stdlib"] + "/**/*.py", recursive=True))[:800]
    texts = [Path(f).read_text(encoding="utf-8", errors="replace") for f in files]
    size = sum(map(len, texts)) / 1e6
    find_secrets("password=x")
    started = time.process_time()
    for text in texts:
        find_secrets(text)
    return size, time.process_time() - started


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"load average: {open('/proc/loadavg').read().split()[:3]}")
    with tempfile.TemporaryDirectory(prefix="memlane-bench-hostile-") as tmp:
        env = dict(os.environ, MEMLANE_HOME=tmp, MEMLANE_DB=os.path.join(tmp, "memory.db"),
                   PYTHONPATH=str(ROOT))  # fmt: skip
        Path(tmp, "config.toml").write_text('secret_patterns = ["(a+)+$", "ACME-[0-9]{6}"]\n')
        cmd = [sys.executable, "-m", "hooks.main"]
        _cpu_of(cmd, json.dumps(_event("warm up")).encode(), env)  # the config cache
        worst = 0.0
        for name, data in cases():
            times = [_cpu_of(cmd, data, env) for _ in range(args.runs)]
            median = statistics.median(times)
            worst = max(worst, median)
            print(f"{name:36s} CPU median {median:6.2f} s   ratio to {TARGET_CPU_S:g} s: "
                  f"{median / TARGET_CPU_S:.2f}")  # fmt: skip
        print(f"worst event: {worst:.2f} s CPU (ratio {worst / TARGET_CPU_S:.2f})")
    size, seconds = filter_throughput()
    print(f"privacy filter on ordinary code: {size:.1f} MB in {seconds:.2f} s CPU "
          f"({size / seconds:.1f} MB/s)")  # fmt: skip
    return 0 if worst <= TARGET_CPU_S else 1


if __name__ == "__main__":
    sys.exit(main())
