"""Start memlane (as `memlane` does) or the bare Textual app, and note the CPU the process used
up to its first frame with rows: bench/bench_tui.py runs it in the same tmux pane as the wall
timings, for a figure the load of a shared machine moves far less.

    python bench/first_frame_cpu.py OUT memlane|bare

At that frame one line is appended to OUT: "<name> <process CPU ms> <main thread CPU ms>"
(user + system, every thread; then the main thread's alone).  The app then runs on until
it is quit.  Each App made watches its frames as soon as textual.app is imported (an import hook:
nothing is imported before the app's own start does it).
"""

from __future__ import annotations

import importlib.util
import os
import resource
import sys
import time


def _note_first_frame(out: str, name: str):
    """An on_frame callback that appends the CPU line to `out` at the first frame with rows."""
    rows = 20 if name == "bare" else 1  # the bare table's rows are all drawn in one frame
    noted = False

    def on_frame(screen) -> None:
        nonlocal noted
        from textual.widgets import DataTable

        from tui.gui.textual_internals import visible_widgets

        if noted or not any(isinstance(w, DataTable) and w.row_count >= rows for w in visible_widgets(screen)):
            return
        noted = True
        usage = resource.getrusage(resource.RUSAGE_SELF)
        with open(out, "a") as file:
            file.write(f"{name} {(usage.ru_utime + usage.ru_stime) * 1000:.1f} {time.thread_time() * 1000:.1f}\n")

    return on_frame


class _WatchEachApp:
    """Once textual.app is executed, every App made watches its frames (textual_internals'
    watch_frames): nothing is imported before the app's own start does it."""

    def __init__(self, on_frame) -> None:
        self.on_frame = on_frame

    def find_spec(self, name, path, target=None):
        if name != "textual.app":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        run_module = spec.loader.exec_module
        on_frame = self.on_frame

        def exec_module(module) -> None:
            run_module(module)
            made = module.App.__init__

            def __init__(app, *args, **kwargs) -> None:
                made(app, *args, **kwargs)
                from tui.gui.textual_internals import watch_frames

                watch_frames(app, on_frame)

            module.App.__init__ = __init__

        spec.loader.exec_module = exec_module
        return spec


def main() -> None:
    out, name = sys.argv[1], sys.argv[2]
    sys.argv = [sys.argv[0]]
    sys.meta_path.insert(0, _WatchEachApp(_note_first_frame(out, name)))
    if name == "bare":
        import runpy

        runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "bare_textual.py"),
                       run_name="__main__")  # fmt: skip
        return
    import re  # noqa: F401  (as the `memlane` script does first)

    from tui.commands.cli import main as memlane

    sys.exit(memlane([]))


if __name__ == "__main__":
    main()
