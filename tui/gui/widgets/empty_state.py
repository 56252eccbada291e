"""The friendly first screen of an empty database: what memlane is and how to fill it."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center, VerticalScroll
from textual.widgets import Static

from tui.formatting import short_path


def empty_state_text(db_path: str | None) -> Text:
    text = Text()
    text.append("Welcome to memlane\n\n", style="bold")
    where = f" in {short_path(db_path)}" if db_path else ""
    text.append(f"There are no memories{where} yet.\n", style="")
    text.append(
        "memlane keeps what Claude Code does (prompts, edits, commands, errors) "
        "so you can find it again.\n\n"
    )
    for number, label, command in (
        ("1", "Install the hooks:", "memlane install"),
        ("2", "Import past sessions:", "memlane import"),
    ):
        text.append(f" {number}. {label:<23}", style="")
        text.append(command, style="bold reverse")
        text.append("\n")
    text.append(" 3. Use Claude Code as usual; new memories appear here and, as they\n"
                "    happen, in Live (press ")  # fmt: skip
    text.append("2", style="bold")
    text.append(").")
    return text


class EmptyState(VerticalScroll):
    """A centred card with the install and import hints."""

    def __init__(self, db_path: str | None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.db_path = db_path

    def compose(self) -> ComposeResult:
        with Center():
            yield Static(empty_state_text(self.db_path), classes="empty-card")
