"""A diff's lines are read without their marks: `+DB_PASSWORD=…` is an environment line that was
added, not `+` and an expression (git diff, git log -p, a patch, an Edit's structuredPatch lines).
Before, the same secret was removed from the `-` line and kept on the `+` one."""

import json

from store.privacy import clean_text, clean_value
from tests.privacy_eval import random_secret

DOTTED = "sage.Orchid_17"  # a value of a name's shape: a line's own assignment takes it, code does not


def _env_diff(secret, hunks=1):
    hunk = ("@@ -1,4 +1,5 @@\n"
            " APP_ENV=production\n"
            "-DB_PASSWORD=Tr0ub4dor3x\n"
            f"+DB_PASSWORD={secret}\n"
            f"+  client-secret: {secret}\n"
            "\n"
            " REDIS_URL=redis://localhost:6379\n")
    return ("commit 3b18e51aa\nAuthor: Ana <ana@example.com>\n\n    rotate the database password\n\n"
            "diff --git a/.env b/.env\nindex 3b18e51..a9c2f1d 100644\n--- a/.env\n+++ b/.env\n" + hunk * hunks)


def test_a_secret_on_a_diffs_added_lines_goes_and_the_marks_stay():
    out = clean_text(_env_diff(DOTTED))
    assert DOTTED not in out and "Tr0ub4dor3x" not in out
    assert "\n+DB_PASSWORD=[REDACTED" in out and "\n+  client-secret: [REDACTED" in out
    assert "\n-DB_PASSWORD=[REDACTED" in out
    # what is not a secret keeps every character: headers, context, the commit's message
    for kept in ("diff --git a/.env b/.env", "--- a/.env\n+++ b/.env", "@@ -1,4 +1,5 @@", " APP_ENV=production",
                 " REDIS_URL=redis://localhost:6379", "    rotate the database password"):
        assert kept in out


def test_claude_codes_patch_lines_go_one_by_one():
    event = {"tool_name": "Edit", "tool_response": {"structuredPatch": [{"oldStart": 1, "lines": [
        "-DB_PASSWORD=old", f"+DB_PASSWORD={DOTTED}", f"+  client-secret: {DOTTED}"]}]}}
    assert DOTTED not in json.dumps(clean_value(event))
    joined = f"+DB_PASSWORD={DOTTED}\n-DB_PASSWORD=old\n@@ line 9\n+  client-secret: {DOTTED}"
    assert DOTTED not in clean_text(joined)


def test_a_diff_past_thousands_of_hunks_maps_every_place_back():
    # ~5,000 hunks, 35,000 marked lines: the places are mapped back exactly to the last one
    secrets = [random_secret(f"diff-{i}", 14) for i in range(5_000)]
    text = "".join(_env_diff(s) for s in secrets)
    out = clean_text(text)
    assert not [s for s in secrets if s in out]
    assert out.count("\n+DB_PASSWORD=[REDACTED") == 5_000
    assert out.count(" REDIS_URL=redis://localhost:6379\n") == 5_000


def test_what_is_not_a_diff_is_read_as_before():
    # a CLI's help, lines of flags: `-` leads each, and nothing is taken
    help_text = "-p, --password TEXT   the password\n-u, --user TEXT       the user\n"
    assert clean_text(help_text) == help_text
    for text in ("+1 555 0100 (office)", "++counter;", "-v --verbose"):
        assert clean_text(text) == text
    # a line a mark starts but not a diff's: a list of changes in prose keeps its words
    notes = "+ faster search\n+ the token endpoint is documented\n- removed the old password reset page\n"
    assert clean_text(notes) == notes


def test_a_diff_in_a_numbered_file_is_read_as_both():
    # Read of a .patch file: line numbers, then the diff's marks
    patch = _env_diff(DOTTED)
    numbered = "".join(f"{i + 1:>6}\u2192{line}\n" for i, line in enumerate(patch.split("\n")))
    assert DOTTED not in clean_text(numbered)
