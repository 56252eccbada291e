"""The tests and benches need nothing beside the checkout: a fresh clone passes by itself.

They once read the real CLI's payloads and its e2e runner from ``../shared/claude-e2e``,
a folder a person who clones the repository does not have; now the harness lives in
``tests/e2e/harness/`` and the payloads in ``tests/fixtures/``."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("tests/", "bench/")
# A path into a folder beside the checkout, however it is spelled.
# (`../shared-config/` in a labelled case's settings file is another folder's name, not this one)
OUTSIDE = re.compile(r"""\.\./shared(?![\w-])|shared/claude-e2e|claude-e2e|/\s*["']shared["']""")
THIS = "tests/test_self_contained.py"


def scanned_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", *SCANNED],
                            cwd=ROOT, capture_output=True, text=True)  # fmt: skip
    if listed.returncode == 0 and listed.stdout.strip():
        return listed.stdout.splitlines()
    return [str(p.relative_to(ROOT)) for top in SCANNED for p in (ROOT / top).rglob("*") if p.is_file()]


def references_outside(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if OUTSIDE.search(line)]


def test_no_test_or_bench_reads_a_folder_beside_the_checkout():
    found = []
    for name in scanned_files():
        if name == THIS:
            continue
        try:
            text = (ROOT / name).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue  # binary, or deleted but not yet staged
        found += [f"{name}: {line}" for line in references_outside(text)]
    assert found == []


def test_the_check_sees_each_way_the_folder_was_named():
    for line in ['SHARED_E2E = REPO.parent / "shared" / "claude-e2e"',
                 "python3 ../shared/claude-e2e/run_session.py --script steps.json", "cd ../shared && ls",
                 "(checked against shared/claude-e2e/payloads/transcript-sample.jsonl)",
                 "folders = [real, REPO.parent / 'shared']"]:  # fmt: skip
        assert references_outside(line) == [line]
    for line in ['writer.add_memory(conn, obs(session="shared"))', "tui/gui/shared_keys.py",
                 "shared memory through PostgreSQL", '"additionalDirectories": ["../shared-config/"]']:  # fmt: skip
        assert references_outside(line) == []
