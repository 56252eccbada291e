"""The whole suite's set-up."""


def _dist_asked(args) -> str:
    """The `--dist` mode given on the command line ('' if none)."""
    args = [str(a) for a in args]
    for i, arg in enumerate(args):
        if arg.startswith("--dist="):
            return arg.split("=", 1)[1]
        if arg == "--dist" and i + 1 < len(args):
            return args[i + 1]
    return ""


def pytest_configure(config):
    """With pytest-xdist (`-n 4`), tests marked `xdist_group("...")` run on one worker: the e2e
    modules whose tests share one real Claude Code session (a module-scoped fixture) would
    otherwise run that session again on every worker their tests reach.  The other tests are
    spread one by one as with xdist's default ("load")."""
    if _dist_asked(config.invocation_params.args) not in ("", "load", "loadgroup"):
        return  # another distribution was asked for
    if hasattr(config, "workerinput"):
        config.option.loadgroup = True  # a worker names a grouped test as the scheduler groups it
    elif getattr(config.option, "dist", None) == "load":
        config.option.dist = "loadgroup"


def pytest_collection_finish(session):
    """Each process's collected modules (Textual, the store, every test module) live until it
    ends: freezing them keeps the collector from walking them again in every full collection,
    and a larger first generation collects less often over ~600 pilot apps.  Measured on the
    same 112 tests in one process, three runs each: 38.7 -> 33.0 s of user CPU (-15 %).  The
    thresholds differ from the app's own (tui.gui.perf.GC_THRESHOLDS), whose tests check that
    an app sets and gives back its own."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 50, 100)


def pytest_sessionfinish(session):
    """The hook servers this run's hooks started (each keeps its temporary store's socket; a
    user's leaves after 15 idle minutes) are stopped with it: none is left behind."""
    factory = getattr(session.config, "_tmp_path_factory", None)
    if factory is None:
        return
    import os
    import signal

    base = os.path.join(os.fsencode(str(factory.getbasetemp())), b"")  # pytest-12/, not pytest-123
    for pid in filter(str.isdigit, os.listdir("/proc") if os.path.isdir("/proc") else ()):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as fh:
                words = fh.read().split(b"\0")
        except OSError:
            continue
        if any(b"hooks.server" in w for w in words) and any(w.startswith(base) for w in words):
            try:
                os.kill(int(pid), signal.SIGTERM)
            except OSError:
                pass
