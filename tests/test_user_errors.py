"""Every error a person can cause or fix is a MemlaneError, so whoever shows one (the CLI's
user_error, the app, the MCP tools) needs one isinstance, not a list of every package's types."""

import importlib

import pytest

from store.errors import MemlaneError

USER_ERRORS = [
    "store.db.StoreError", "store.db.StoreBusy", "store.files.SymlinkRefused", "store.export.ExportError",
    "store.user_patterns.PatternRefused", "team.server.TeamError", "team.server.TeamUnavailable",
    "tui.commands.common.UsageError", "tui.commands.install.InstallError",
    "tui.commands.mcp_config.ConfigError", "tui.commands.mcp_tools.ToolInputError",
]  # fmt: skip
# Not yet moved onto the base; the lead empties this list (an entry already done fails).
PENDING = {
    "tui.commands.common.UsageError": "cli-structure",
    "tui.commands.install.InstallError": "cli-structure",
    "tui.commands.mcp_config.ConfigError": "cli-structure",
    "tui.commands.mcp_tools.ToolInputError": "cli-structure",
}


def _class(dotted: str) -> type:
    module, _, name = dotted.rpartition(".")
    return getattr(importlib.import_module(module), name)


@pytest.mark.parametrize("dotted", USER_ERRORS)
def test_a_user_facing_error_is_a_memlane_error(dotted):
    done = issubclass(_class(dotted), MemlaneError)
    if dotted in PENDING:
        assert not done, f"{dotted} is a MemlaneError now: take it off PENDING ({PENDING[dotted]})"
    else:
        assert done, f"{dotted} is not a MemlaneError"


def test_its_sentence_is_its_text():
    assert str(_class("store.db.StoreError")("the disk is full.")) == "the disk is full."
