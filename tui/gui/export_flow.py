"""`e` in the app: ask where to write, then export with store.reading.export in a thread worker.

The same `export_memories` as `memlane export`; a `.json` file gets JSON, anything else
Markdown. The result (or why it failed) is one notification.
"""

from __future__ import annotations

import re

from textual.widget import Widget

from store.database import StoreError
from store.display import inert_line
from store.reading import (
    ExportError,
    ExportExists,
    ExportRequest,
    export_memories,
    format_for_path,
    write_export,
)
from tui.formatting import plural
from tui.gui.modals import TextInputModal, TextInputResult


def default_path(name: str) -> str:
    """`~/memlane-<name>.md`, with the name reduced to characters safe in a file name."""
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-.")[:60] or "export"
    return f"~/memlane-{slug}.md"


def ask_and_export(owner: Widget, request: ExportRequest, name: str) -> None:
    """Ask for a file (prefilled with `default_path(name)`), then export `request` to it."""
    app = owner.app

    def chosen(result: TextInputResult | None) -> None:
        if result is not None and result.value.strip():
            run_export(owner, request, result.value.strip())

    app.push_screen(
        TextInputModal(
            f"Export {inert_line(request.describe())}",
            prompt="File (.json for JSON, anything else Markdown):",
            value=default_path(name),
            submit_label="Export",
            allow_empty=False,
        ),
        chosen,
    )


def run_export(owner: Widget, request: ExportRequest, path: str, *, replace: bool = False) -> None:
    """Export in a thread worker and say how it went; ask before replacing a file."""
    app = owner.app
    store = app.store
    now = app.now()

    def say(text: str, severity: str = "information") -> None:
        text = text[:1].upper() + text[1:]
        app.call_from_thread(app.notify, text, title="Export", severity=severity,
                             timeout=8 if severity == "error" else 6, markup=False)  # fmt: skip

    def work() -> None:
        try:
            result = store.read(export_memories, request, format_for_path(path), now=now)
            written = write_export(path, result.text, replace=replace)
        except ExportExists:
            app.call_from_thread(ask_to_replace, owner, request, path)
            return
        except (StoreError, ExportError) as exc:
            say(str(exc), "error")
            return
        except OSError as exc:
            say(f"cannot write {path}: {exc.strerror or exc}.", "error")
            return
        left = f"; {result.left_out} of excluded projects left out" if result.left_out else ""
        say(f"exported {plural(result.count, 'memory')} to {written}{left}.")

    owner.run_worker(work, thread=True, group="export", exit_on_error=False)


def ask_to_replace(owner: Widget, request: ExportRequest, path: str) -> None:
    """The file is there already: replace it only on an explicit yes."""
    from tui.gui.modals import ConfirmModal

    def answered(yes: bool | None) -> None:
        if yes:
            run_export(owner, request, path, replace=True)
        else:
            owner.app.notify("Export cancelled; the file was left as it was.", title="Export", timeout=4)

    owner.app.push_screen(
        ConfirmModal(f"Replace {inert_line(path)}?", "That file exists already. The export would take "
                     "its place (its permissions stay as they are).", count=1, confirm_label="Replace"),
        answered,
    )  # fmt: skip
