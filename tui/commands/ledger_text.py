"""The ledger, vetoes and pins as terminal tables (rich, loaded only when printed)."""

from __future__ import annotations


def _table(*columns: tuple[str, dict]):
    from rich.table import Table

    table = Table(show_edge=False, pad_edge=False, expand=False)
    for name, options in columns:
        table.add_column(name, **options)
    return table


def _folded(text: str):
    """Plain text (already inert) that wraps in its column; never read as markup."""
    from rich.text import Text

    return Text(text, overflow="fold")


def _print(renderable) -> None:
    from rich.console import Console

    Console(highlight=False).print(renderable)


def print_ledger(rows: list[dict]) -> None:
    from tui.formatting import (
        ledger_acted,
        ledger_decision,
        ledger_numbers,
        ledger_prompt,
        local_time,
    )
    from tui.rich_text import cell

    if not rows:
        _print("Nothing in the ledger yet: recall records each prompt's decision as Claude Code runs.")
        return
    table = _table(("id", {"justify": "right", "style": "dim", "no_wrap": True}), ("when", {"no_wrap": True}),
                   ("project", {"no_wrap": True, "max_width": 16, "overflow": "ellipsis"}),
                   ("prompt", {"ratio": 2, "overflow": "fold"}), ("decision", {"ratio": 2, "overflow": "fold"}),
                   ("acted", {"ratio": 1, "overflow": "fold"}))  # fmt: skip
    for r in rows:
        decision = ledger_decision(r)
        numbers = ledger_numbers(r)
        table.add_row(str(r["id"]), local_time(r.get("at")), cell(r.get("project_name") or r.get("project")),
                      _folded(ledger_prompt(r)), _folded(decision + (f"  ({numbers})" if numbers else "")),
                      _folded(ledger_acted(r)))  # fmt: skip
    _print(table)


def print_vetoes(rows: list[dict]) -> None:
    from tui.formatting import local_time, veto_label
    from tui.rich_text import cell

    if not rows:
        _print("No vetoes. `memlane veto ID` keeps a memory out of recall for good.")
        return
    table = _table(("vetoed", {"no_wrap": True}), ("what", {"ratio": 1, "overflow": "fold"}),
                   ("project", {"no_wrap": True, "max_width": 24, "overflow": "ellipsis"}))  # fmt: skip
    for r in rows:
        table.add_row(local_time(r.get("at")), _folded(veto_label(r)), cell(r.get("project")))
    _print(table)


def print_pins(rows: list[dict]) -> None:
    from tui.formatting import local_time, one_line
    from tui.rich_text import cell, type_label

    if not rows:
        _print("No pins. `memlane pin ID` offers a memory at every session start of its project.")
        return
    table = _table(("id", {"justify": "right", "style": "dim", "no_wrap": True}), ("pinned", {"no_wrap": True}),
                   ("type", {"no_wrap": True}), ("project", {"no_wrap": True, "max_width": 16, "overflow": "ellipsis"}),
                   ("memory", {"ratio": 1, "overflow": "fold"}))  # fmt: skip
    for r in rows:
        table.add_row(str(r["id"]), local_time(r.get("pinned_at")), type_label(r.get("type")),
                      cell(r.get("project_name")), _folded(one_line(r.get("content"))[:200]))  # fmt: skip
    _print(table)
