"""The app's start files: noted once its panes are built, asked of the disk ahead at the next
start (a cold start after a reboot read ~450 modules one at a time)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest

from tests.tui.conftest import first_screen, pilot_test, until
from tui.gui import start_files
from tui.gui.app import AppOptions, build_app, css_paths, process_tuned

needs_fadvise = pytest.mark.skipif(not hasattr(os, "posix_fadvise"), reason="Linux's read-ahead")


def test_the_files_read_are_the_imports_bytecode_and_the_stylesheets():
    import textual.app

    files = start_files.files_read([str(p) for p in css_paths()])
    assert textual.app.__cached__ in files  # the bytecode Python read, not the source beside it
    assert textual.app.__file__ not in files
    assert str(css_paths()[0]) in files
    assert not [f for f in files if "/importlib/_bootstrap" in f]  # frozen: never read from disk
    assert all(os.path.isfile(f) for f in files)


@pilot_test
async def test_a_run_notes_its_files_once_the_panes_are_built(db_path, home):
    app = build_app(db_path, options=AppOptions.for_tests(start_cache=True))
    listed = home / ".claude" / "memlane" / start_files.LIST_NAME
    with process_tuned(app):  # as run_app: only a real run notes them, never a test's app
        async with app.run_test(size=(80, 24)):
            await first_screen(app)
            await until(lambda: app.all_panes_mounted)
            await until(listed.exists)
    names = listed.read_text().splitlines()
    assert any(name.endswith("css/app.tcss") for name in names)
    assert any("/textual/" in name for name in names)
    assert any("/tui/gui/panes/" in name and "search" in name for name in names)  # a hidden pane's
    assert stat.S_IMODE(listed.stat().st_mode) == 0o600


@pilot_test
async def test_tests_apps_note_nothing(db_path, home):
    app = build_app(db_path, options=AppOptions.for_tests())
    with process_tuned(app):
        async with app.run_test(size=(80, 24)):
            await first_screen(app)
            await until(lambda: app.all_panes_mounted)
    assert not (home / ".claude" / "memlane" / start_files.LIST_NAME).exists()


def test_an_unchanged_list_is_not_written_again(home):
    start_files.record()
    listed = home / ".claude" / "memlane" / start_files.LIST_NAME
    before = listed.stat().st_mtime_ns
    os.utime(listed, ns=(before - 10**9, before - 10**9))
    start_files.record()
    assert listed.stat().st_mtime_ns == before - 10**9


@needs_fadvise
def test_read_ahead_asks_for_regular_files_only_and_never_waits_on_a_fifo(tmp_path):
    module = tmp_path / "module.cpython-311.pyc"
    module.write_bytes(b"x" * 4096)
    fifo = tmp_path / "planted.pyc"
    os.mkfifo(fifo)  # open() for reading would wait for a writer forever
    listed = tmp_path / "list"
    listed.write_text("\n".join([str(module), str(fifo), str(tmp_path / "gone.pyc"),
                                 "/etc/passwd", str(tmp_path / "memory.db")]))  # fmt: skip
    assert start_files.ask_ahead(str(listed)) == 1  # the module; not the FIFO, the gone
    # file, nor what a start never reads (a database, anything not Python's or a stylesheet)


@needs_fadvise
def test_no_list_yet_is_the_first_start_and_not_an_error(tmp_path, capsys):
    assert start_files.ask_ahead(str(tmp_path / "none")) == 0
    assert capsys.readouterr().err == ""


def test_memlane_asks_before_it_imports_the_app(home):
    """The thread must run while Textual is imported: started after it, it is too late."""
    code = (
        "import sys\n"
        "import tui.gui.start_files as s\n"
        "def asked():\n"
        "    print('textual' in sys.modules, 'tui.gui.app' in sys.modules)\n"
        "    raise SystemExit(0)\n"
        "s.prefetch = asked\n"
        "from tui.commands import open_app\n"
        "open_app.terminal_problem = lambda: None\n"
        "class Args: db_named = False; db = 'x.db'\n"
        "open_app.cmd_open_app(Args())\n"
    )
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False False"


def _listed(tmp_path, count: int = 20) -> tuple[object, list]:
    """A start-files list of `count` bytecode files, written now (so in the page cache)."""
    files = []
    for n in range(count):
        module = tmp_path / f"module{n}.cpython-311.pyc"
        module.write_bytes(b"x" * 8192)
        files.append(module)
    listed = tmp_path / "list"
    listed.write_text("\n".join(map(str, files)))
    return listed, files


def _drop_from_the_page_cache(path) -> None:
    """Drop `path`'s pages (written back first)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)


@needs_fadvise
def test_a_warm_start_starts_no_read_ahead(tmp_path, monkeypatch):
    """Files the page cache holds: the thread would only take the GIL from the imports."""
    listed, files = _listed(tmp_path)
    monkeypatch.setattr(start_files, "list_path", lambda: str(listed))
    assert all(start_files.in_page_cache(str(f)) for f in files)
    assert start_files.prefetch() is None


@needs_fadvise
def test_a_listed_file_gone_from_the_page_cache_starts_the_read_ahead(tmp_path, monkeypatch):
    listed, files = _listed(tmp_path)
    monkeypatch.setattr(start_files, "list_path", lambda: str(listed))
    _drop_from_the_page_cache(files[-1])  # the last listed: always probed
    _drop_from_the_page_cache(files[-2])  # probed here only (a probe may start the kernel's
    if start_files.in_page_cache(str(files[-2])):  # read-ahead of the file it misses)
        pytest.skip("this file system keeps the pages or cannot tell (RWF_NOWAIT)")
    asked = []
    monkeypatch.setattr(start_files, "ask_ahead_of", asked.extend)
    thread = start_files.prefetch()
    assert thread is not None
    thread.join(5)
    assert asked == [str(f) for f in files]  # every listed file, not only the one probed


@needs_fadvise
def test_a_file_that_cannot_be_probed_counts_as_not_cached(tmp_path):
    fifo = tmp_path / "planted.pyc"
    os.mkfifo(fifo)
    assert not start_files.in_page_cache(str(fifo))  # and never waits for a writer
    assert not start_files.in_page_cache(str(tmp_path / "gone.pyc"))
