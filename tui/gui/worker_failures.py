"""The one place a failed worker becomes what the person sees (harlequin's pattern).

Every pane, screen and modal that runs database workers mixes in `WorkerFailures`
and runs them with `exit_on_error=False`.  A worker that raised a `MemlaneError` (one
sentence, something the person can cause or fix: a busy or full database, a refused
export, ...) becomes a `messages.StoreFailed`, which the
app shows as a notification.  Anything else is a bug: it stops the app with its
traceback, exactly as a worker with `exit_on_error=True` would.
"""

from __future__ import annotations

from textual import on
from textual.message_pump import MessagePump
from textual.worker import Worker, WorkerState

from store.errors import MemlaneError
from tui.gui import messages
from tui.gui.textual_internals import report_worker_crash


class WorkerFailures(MessagePump):
    """Mixed in before the widget class: `class SearchPane(WorkerFailures, Widget)`."""

    @on(Worker.StateChanged)
    def _worker_failed(self, event: Worker.StateChanged) -> None:
        if event.state != WorkerState.ERROR:
            return
        error = event.worker.error
        if isinstance(error, MemlaneError):
            self.post_message(messages.StoreFailed(str(error)))
        elif error is not None:
            report_worker_crash(self.app, error)
