"""Start memlane (as `memlane` does) or the bare Textual app, and note the CPU the process used
up to its first frame with rows: bench/bench_tui.py runs it in the same tmux pane as the wall
timings, for a figure the load of a shared machine moves far less.

    python bench/first_frame_cpu.py OUT memlane|bare

At that frame one line is appended to OUT: "<name> <process CPU ms> <main thread CPU ms>"
(user + system, every thread; then the main thread's alone).  The app then runs on until
it is quit.  Textual's App._display is wrapped as soon as textual.app is imported (an import
hook: nothing is imported before the app's own start does it).
"""

from __future__ import annotations

import importlib.util
import os
import resource
import sys
import time

OUT, NAME = sys.argv[1], sys.argv[2]
ROWS = 20 if NAME == "bare" else 1  # the bare table's rows are all drawn in one frame


def _noted(app, screen) -> bool:
    from textual.widgets import DataTable

    if not any(isinstance(w, DataTable) and w.row_count >= ROWS for w in screen._compositor.visible_widgets):
        return False
    usage = resource.getrusage(resource.RUSAGE_SELF)
    with open(OUT, "a") as out:
        out.write(f"{NAME} {(usage.ru_utime + usage.ru_stime) * 1000:.1f} {time.thread_time() * 1000:.1f}\n")
    return True


class _WrapDisplay:
    """Wrap textual.app.App._display once textual.app is executed."""

    def find_spec(self, name, path, target=None):
        if name != "textual.app":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        run_module = spec.loader.exec_module

        def exec_module(module) -> None:
            run_module(module)
            display = module.App._display

            def _display(app, screen, renderable) -> None:
                display(app, screen, renderable)
                if renderable is not None and not app._batch_count and not getattr(app, "_cpu_noted", False):
                    app._cpu_noted = _noted(app, screen)

            module.App._display = _display

        spec.loader.exec_module = exec_module
        return spec


def main() -> None:
    sys.argv = [sys.argv[0]]
    sys.meta_path.insert(0, _WrapDisplay())
    if NAME == "bare":
        import runpy

        runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "bare_textual.py"),
                       run_name="__main__")  # fmt: skip
        return
    import re  # noqa: F401  (as the `memlane` script does first)

    from tui.commands.cli import main as memlane

    sys.exit(memlane([]))


if __name__ == "__main__":
    main()
