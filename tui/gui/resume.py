"""`c` / `C` on a row: resume (or fork) its session in Claude Code.  Stands in until the
resume itself lands (issue 25 item 9, the "flow" work): the keys are bound now so the
key model holds everywhere."""

from __future__ import annotations

from textual.widget import Widget


def resume_session(owner: Widget, session_id: str, *, fork: bool = False) -> None:
    what = "Forking" if fork else "Resuming"
    owner.notify(f"{what} a session in Claude Code is not in this build yet.", severity="warning",
                 timeout=4)  # fmt: skip
