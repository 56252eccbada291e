"""Run inside a mount namespace of its own (tests/store/test_full_disk.py starts it with
`unshare`): mounts a small tmpfs on the folder given, puts a database closed cleanly there,
fills the disk, then uses memlane as a person would and prints what each step said (JSON).

The mount belongs to the namespace, so it goes away with this process whatever happens.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAYLOAD = {"session_id": "full-disk-1", "transcript_path": "/nonexistent/t.jsonl", "cwd": "/tmp",
           "hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_use_id": "toolu_full1",
           "tool_input": {"command": "make build"}, "tool_response": {"stdout": "built", "stderr": ""}}


def fill(folder: str) -> None:
    fd = os.open(os.path.join(folder, "filler"), os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        while os.write(fd, b"\0" * 4096):
            pass
    except OSError:
        pass
    finally:
        os.close(fd)


def memlane(*args: str, env: dict) -> dict:
    done = subprocess.run([sys.executable, "-m", "tui.commands.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    return {"rc": done.returncode, "out": done.stdout, "err": done.stderr}


async def app_notes(db_path: str) -> list[str]:
    import time

    from tests.timing import HANG
    from tests.tui.conftest import fixed_clock
    from tui.gui.app import AppOptions, build_app
    from tui.gui.textual_internals import notifications

    app = build_app(db_path, clock=fixed_clock, options=AppOptions.for_tests())
    async with app.run_test(size=(100, 30)) as pilot:
        deadline = time.monotonic() + HANG  # the first read, on a busy machine: not 2.5 s
        while not notifications(app) and time.monotonic() < deadline:
            await pilot.pause(0.05)
        return [str(n.message) for n in notifications(app)]


def main() -> None:
    source, folder = sys.argv[1], sys.argv[2]
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", folder], check=True)
    home = os.path.join(folder, "home")
    memlane_dir = os.path.join(home, ".claude", "memlane")
    os.makedirs(memlane_dir)
    db_path = os.path.join(memlane_dir, "memory.db")
    shutil.copyfile(source, db_path)
    os.chmod(db_path, 0o600)
    fill(folder)
    env = {**os.environ, "HOME": home, "MEMLANE_DB": db_path, "PYTHONPATH": ROOT, "COLUMNS": "120"}
    found: dict = {}
    found["search"] = memlane("search", "flamingo", env=env)
    found["recent"] = memlane("recent", "-n", "3", env=env)
    found["forget"] = memlane("forget", "--query", "flamingo", "--yes", env=env)
    hook = subprocess.run([sys.executable, "-m", "hooks"], cwd=ROOT, env=env, input=json.dumps(PAYLOAD),
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    found["hook"] = {"rc": hook.returncode, "out": hook.stdout, "err": hook.stderr}

    sys.path.insert(0, ROOT)
    os.environ.update(env)
    from tui.commands import mcp_server, mcp_tools

    try:
        found["mcp"] = mcp_server._Store(db_path).answer(mcp_tools.search_index, "flamingo")
    except Exception as exc:  # the ToolError's sentence is what the model would read
        found["mcp"] = f"{type(exc).__name__}: {exc}"
    from store.config import save_setting

    try:
        save_setting("theme", "nord")
        found["theme"] = "saved"
    except OSError as exc:
        found["theme"] = f"OSError: {exc.strerror}"
    try:
        found["app"] = asyncio.run(app_notes(db_path))
    except Exception as exc:  # what `memlane` would print instead of the app
        found["app"] = [f"{type(exc).__name__}: {exc}"]
    found["files"] = sorted(os.path.relpath(os.path.join(d, f), memlane_dir)
                            for d, _, files in os.walk(memlane_dir) for f in files)  # fmt: skip
    print(json.dumps(found))


if __name__ == "__main__":
    main()
