"""Process-wide tuning (tui/gui/perf.py) belongs to `run_app`, around `app.run()`: building
or running an app elsewhere (a test, a bench, an embedding program) leaves the interpreter
as it was, and everything changed comes back when the app returns."""

from __future__ import annotations

import gc
import sys
import time

from textual.widgets import DataTable

from tests.timing import HANG
from tests.tui.conftest import pilot_test, settle, until
from tui.gui import app as app_module
from tui.gui.app import AppOptions, MemlaneApp, build_app, process_tuned, run_app
from tui.gui.perf import GC_THRESHOLDS, ProcessTuning, Tuning, pause_collector, resume_collector


def test_the_switch_interval_is_short_while_starting_then_the_default_returns():
    default = sys.getswitchinterval()
    assert default != 0.001
    process = ProcessTuning(Tuning(startup_switch_interval=0.001, startup_seconds=0.2))
    process.begin()
    assert sys.getswitchinterval() == 0.001
    deadline = time.monotonic() + HANG  # a timer thread, on a busy machine
    while sys.getswitchinterval() != default and time.monotonic() < deadline:
        time.sleep(0.01)
    assert sys.getswitchinterval() == default
    process.end()
    assert sys.getswitchinterval() == default


def test_ending_before_start_up_is_over_gives_everything_back():
    default, thresholds = sys.getswitchinterval(), gc.get_threshold()
    process = ProcessTuning(Tuning(startup_switch_interval=0.001, startup_seconds=60))
    process.begin()
    process.settle()
    assert sys.getswitchinterval() == 0.001 and gc.get_threshold() == GC_THRESHOLDS
    assert gc.get_freeze_count() > 0
    process.end()
    assert sys.getswitchinterval() == default and gc.get_threshold() == thresholds
    assert gc.get_freeze_count() == 0
    process.settle()  # a late call after the end changes nothing
    assert gc.get_threshold() == thresholds


def test_none_and_false_leave_the_interpreter_alone():
    default, thresholds = sys.getswitchinterval(), gc.get_threshold()
    process = ProcessTuning(Tuning(startup_switch_interval=None, settle_gc=False))
    process.begin()
    process.settle()
    assert sys.getswitchinterval() == default and gc.get_threshold() == thresholds
    process.end()


@pilot_test
async def test_running_an_app_without_run_app_changes_nothing_process_wide(db_path, make_app):
    default, thresholds = sys.getswitchinterval(), gc.get_threshold()
    app = make_app(db_path, settle_gc=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert sys.getswitchinterval() == default and gc.get_threshold() == thresholds
    assert sys.getswitchinterval() == default


@pilot_test
async def test_a_tuned_app_settles_the_collector_once_its_first_screen_is_out(db_path):
    default, thresholds = sys.getswitchinterval(), gc.get_threshold()
    app = build_app(db_path, options=AppOptions.for_tests(settle_gc=True, startup_seconds=60))
    with process_tuned(app):
        assert sys.getswitchinterval() == 0.001  # before the first pane starts a read
        async with app.run_test(size=(100, 30)) as pilot:
            sessions = app.query_one("#sessions-table", DataTable)
            await until(lambda: sessions.row_count > 0)
            await settle(pilot)
            await until(lambda: gc.get_threshold() == GC_THRESHOLDS)
    assert sys.getswitchinterval() == default and gc.get_threshold() == thresholds
    assert gc.get_freeze_count() == 0


def test_run_app_tunes_the_process_around_the_run_and_gives_it_back(db_path, monkeypatch):
    default = sys.getswitchinterval()
    during: list[float] = []

    def run(self, *args, **kwargs):
        during.append(sys.getswitchinterval())
        assert self.process_tuning is not None

    monkeypatch.setattr(MemlaneApp, "run", run)
    monkeypatch.setattr(app_module, "AppOptions", lambda: AppOptions.for_tests(startup_seconds=60))
    assert run_app(db_path) == 0
    assert during == [0.001]
    assert sys.getswitchinterval() == default


def test_the_collector_is_off_while_starting_and_on_again_once_settled():
    """Imports and the first screen build objects that all live on: collecting them was
    ~100 ms of CPU of a first screen at load 8, for nothing found."""
    assert gc.isenabled()
    process = ProcessTuning(Tuning(startup_switch_interval=None))
    process.begin()
    assert not gc.isenabled()
    process.settle()
    assert gc.isenabled() and gc.get_freeze_count() > 0
    process.end()
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_an_app_that_ends_before_settling_gives_the_collector_back():
    process = ProcessTuning(Tuning(startup_switch_interval=None))
    process.begin()
    assert not gc.isenabled()
    process.end()
    assert gc.isenabled()


def test_a_collector_the_caller_turned_off_stays_off():
    gc.disable()
    try:
        pause_collector()
        process = ProcessTuning(Tuning(startup_switch_interval=None))
        process.begin()
        process.settle()
        process.end()
        resume_collector()
        assert not gc.isenabled()  # memlane only turns on what it turned off
    finally:
        gc.enable()


def test_memlane_opens_the_app_with_the_collector_paused_and_gives_it_back(monkeypatch, tmp_path):
    """`memlane` pauses it before importing the app; whatever run_app does, it is back after."""
    from types import SimpleNamespace

    from tui.commands import open_app

    seen: list[bool] = []

    def fake_run_app(db):
        seen.append(gc.isenabled())
        raise RuntimeError("the app failed")

    monkeypatch.setattr(open_app, "terminal_problem", lambda: None)
    monkeypatch.setattr(app_module, "run_app", fake_run_app)
    try:
        open_app.cmd_open_app(SimpleNamespace(db=str(tmp_path / "m.db"), db_named=False))
    except RuntimeError:
        pass
    assert seen == [False] and gc.isenabled()
