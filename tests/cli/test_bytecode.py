"""PYTHONDONTWRITEBYTECODE (set in many container images) makes every hook compile memlane's
modules: `memlane install` writes their bytecode (which Python still reads with that variable
set), and `memlane doctor` warns when a hook is slow and says why."""

import os
import subprocess
import sys

import pytest

from tests.cli.conftest import run
from tui.commands import bytecode, doctor

pytestmark = pytest.mark.usefixtures("isolated")
SOURCE = "VALUE = 'from the source'\n"


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A package standing in for store/ and hooks/, with no bytecode."""
    folder = tmp_path / "pkg"
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "mod.py").write_text(SOURCE)
    monkeypatch.setattr(bytecode, "hook_package_dirs", lambda: [folder])
    return folder


def test_install_writes_the_bytecode_python_then_reads_with_the_variable_set(package, monkeypatch):
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    assert {p.name for p in bytecode.stale_hook_modules()} == {"__init__.py", "mod.py"}
    written, problems = bytecode.compile_hook_modules()
    assert (written, problems) == (2, []) and bytecode.stale_hook_modules() == []
    # Python reads it: a source of the same size and time that no longer compiles is not read.
    source = package / "mod.py"
    stat = source.stat()
    source.write_text("VALUE = ' broken ('\n".ljust(len(SOURCE) - 1) + "\n")
    os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    done = subprocess.run([sys.executable, "-c", "import pkg.mod; print(pkg.mod.VALUE)"], cwd=package.parent,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}, capture_output=True, text=True)  # fmt: skip
    assert done.stdout.strip() == "from the source", done.stderr


def test_memlane_install_says_it_wrote_the_hooks_bytecode(capsys, home, package):
    code, out, _err = run(capsys, "install")
    assert code == 0 and "bytecode of the 2 modules the hooks import, written" in out
    assert bytecode.stale_hook_modules() == []
    code, out, _err = run(capsys, "install")  # nothing left to write: nothing said
    assert code == 0 and "bytecode" not in out


def test_doctor_warns_when_a_hook_is_slow_and_says_why(capsys, home, package, monkeypatch):
    assert run(capsys, "install")[0] == 0
    (package / "mod.py").write_text(SOURCE + "# changed\n")  # its bytecode is out of date now
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.setattr(doctor, "_run_hook", lambda command: (True, "a test prompt ... in 778 ms", 778.0))
    code, out, _err = run(capsys, "doctor")
    assert code == 1
    line = next(line for line in out.splitlines() if "hook is slow" in line)
    assert line.startswith("✗") and "778 ms" in line
    assert "PYTHONDONTWRITEBYTECODE is set" in line and "1 of the modules" in line and "memlane install" in line
