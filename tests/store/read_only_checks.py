"""Run inside a mount namespace of its own (tests/store/test_read_only_fs.py starts it with
`unshare`): for each way a database can be left (closed cleanly; left by a hook, its -wal and
-shm beside it; a -wal without its -shm), mounts a tmpfs on a folder, puts the database there,
remounts the file system read-only, then uses memlane as a person would and prints what each
step said (JSON).

The mounts belong to the namespace, so they go away with this process whatever happens.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, ROOT)

from tests.store.full_disk_checks import PAYLOAD, app_notes, memlane  # noqa: E402


def place(sources: str, state: str, folder: str) -> str:
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", folder], check=True)
    home = os.path.join(folder, "home")
    memlane_dir = os.path.join(home, ".claude", "memlane")
    os.makedirs(memlane_dir)
    db_path = os.path.join(memlane_dir, "memory.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(os.path.join(sources, state + suffix)):
            shutil.copyfile(os.path.join(sources, state + suffix), db_path + suffix)
            os.chmod(db_path + suffix, 0o600)
    subprocess.run(["mount", "-o", "remount,ro", folder], check=True)
    return db_path


def steps(db_path: str) -> dict:
    home = os.path.dirname(os.path.dirname(os.path.dirname(db_path)))
    env = {**os.environ, "HOME": home, "MEMLANE_DB": db_path, "PYTHONPATH": ROOT, "COLUMNS": "120"}
    found: dict = {}
    found["search"] = memlane("search", "flamingo", env=env)
    found["recent"] = memlane("recent", "-n", "3", env=env)
    found["forget"] = memlane("forget", "--query", "flamingo", "--yes", env=env)
    hook = subprocess.run([sys.executable, "-m", "hooks"], cwd=ROOT, env=env, input=json.dumps(PAYLOAD),
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    found["hook"] = {"rc": hook.returncode, "out": hook.stdout, "err": hook.stderr}
    from tui.commands import mcp_server, mcp_tools

    try:
        found["mcp"] = mcp_server._Store(db_path).answer(mcp_tools.search_index, "flamingo")
    except Exception as exc:  # the ToolError's sentence is what the model would read
        found["mcp"] = f"{type(exc).__name__}: {exc}"
    try:
        found["app"] = asyncio.run(app_notes(db_path))
    except Exception as exc:  # what `memlane` would print instead of the app
        found["app"] = [f"{type(exc).__name__}: {exc}"]
    return found


def main() -> None:
    sources, folder = sys.argv[1], sys.argv[2]
    found = {}
    for state in sys.argv[3:]:
        mount = os.path.join(folder, state)
        os.makedirs(mount)
        found[state] = steps(place(sources, state, mount))
    print(json.dumps(found))


if __name__ == "__main__":
    main()
