"""Every error a person can cause or fix is a MemlaneError, so whoever shows one (the CLI's
user_error, the app, the MCP tools) needs one isinstance, not a list of every package's types."""

import ast
import importlib
import re
from pathlib import Path

import pytest

from store.errors import MemlaneError

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("store", "hooks", "team", "tui", "corpus")
# Exceptions of ours that never reach a person, and why.
INTERNAL = {
    "store.writing.queue.SpoolFull": "the hook says what was lost in its own words",
    "store.writing.writer._Poison": "a spooled write that cannot apply, set aside by the drain",
    "hooks.event.Problem": "the hook's one line on stderr and in the log",
    "hooks.client.Fallback": "the hook server cannot take an event: the hook runs it in its own process",
    "hooks.transcripts.load._RollBack": "ends a dry run's transaction",
    "team.devserver.DevServerError": "the test suite's PostgreSQL, not the product",
    "tui.gui.store_client.ReadCancelled": "a read the app no longer wants",
}
ERROR_BASE = re.compile(r"(?:Error|Exception|Refused|Busy|Unavailable|Exists|Cancelled|File|Time)$")


# A class statement starts its line, and a base named like an exception is written in the source:
# a file with neither is not parsed (two thirds of them; this runs as each test process collects).
_MAY_HOLD_ONE = (re.compile(r"^[ \t]*class\b", re.M), re.compile(ERROR_BASE.pattern.removesuffix("$")))


def our_exceptions() -> list[str]:
    """`module.Class` for every class of ours whose base is named like an exception."""
    found = []
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            source = path.read_text(encoding="utf-8")
            if not all(rx.search(source) for rx in _MAY_HOLD_ONE):
                continue
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.ClassDef) and any(ERROR_BASE.search(ast.unparse(b)) for b in node.bases):
                    found.append(f"{module}.{node.name}")
    return found


def _class(dotted: str) -> type:
    module, _, name = dotted.rpartition(".")
    return getattr(importlib.import_module(module), name)


@pytest.mark.parametrize("dotted", [name for name in our_exceptions() if name not in INTERNAL])
def test_a_user_facing_error_is_a_memlane_error(dotted):
    assert issubclass(_class(dotted), MemlaneError), f"{dotted} is not a MemlaneError (or say in INTERNAL why)"


def test_the_internal_ones_exist_and_are_not_memlane_errors():
    for dotted in INTERNAL:
        assert issubclass(_class(dotted), Exception) and not issubclass(_class(dotted), MemlaneError), dotted


def test_the_scan_finds_the_user_errors():
    assert {"store.database.connection.StoreError", "tui.commands.common.UsageError", "team.server.TeamError"} <= set(our_exceptions())


def test_its_sentence_is_its_text():
    assert str(_class("store.database.connection.StoreError")("the disk is full.")) == "the disk is full."
