"""Classes of real part M's false redactions and misses (shapes written here, no real value)."""

from __future__ import annotations

from store.privacy import clean_text
from tests.store.privacy import kept, redacted


def test_a_zsh_functions_line_before_command_not_found_is_no_typed_password():
    # zsh names the function and its line before `command not found: X`: X was typed, not them
    kept("cd:12: command not found: __nvm_lookup_alias\n"
         "readPairFromFakeHashTable:41: command not found: _b64\n"
         "writePairToFakeHashTable:42: command not found: _unb64\n")
    # a password typed where a command was expected still goes, in either shell's order
    redacted("zsh: command not found: Xk9#mQ2!pLw\n", "Xk9#mQ2!pLw")
    redacted("bash: Tr0ub4dor&3x!: command not found\n", "Tr0ub4dor&3x!")


def test_a_json_tool_result_with_a_time_is_no_pgpass_line():
    # host:port:db:user:password read across a time's colons into JSON's keys and a `null}`
    kept('{"type":"text","text":"Job: nightly, Queue ID: Qx81mPa, Started: 2025-06-01 09:14:52",'
         '"annotations":null,"_meta":null}')
    # a .pgpass line still goes
    redacted("db.internal.example:5432:billing:report:Vq8#nL2xTz\n", "Vq8#nL2xTz")
