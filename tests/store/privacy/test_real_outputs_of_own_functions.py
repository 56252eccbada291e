"""A command word the script itself defines as a function (or an alias) is that function, not the
tool of the same name: a checklist script's `ok() { echo "$1: OK"; }` named `pass` does not run
the password store, and its output of status lines keeps every character (real Claude Code
transcripts, part A)."""

from __future__ import annotations

from store.privacy import clean_text
from store.privacy.outputs import output_is_secret

SCRIPT = """CONF="$HOME/.config/relay/settings.toml"
pass() { echo "$1: PASS"; }
fail() { echo "$1: FAIL - $2"; }

# CHK-3..5 settings
[ -f "$CONF" ] && pass CHK-3 || fail CHK-3 "missing"
grep -q "^port = " "$CONF" && pass CHK-4 || fail CHK-4 "no port"
grep -q "^tls = true" "$CONF" && pass CHK-5 || fail CHK-5 "tls off"
"""
OUTPUT = "CHK-3: PASS\nCHK-4: PASS\nCHK-5: FAIL - tls off\n"


def test_a_function_the_script_defines_is_not_the_password_store():
    assert not output_is_secret(SCRIPT)
    assert not output_is_secret("function pass { echo \"ok $1\"; }\ncheck_a && pass step-1")
    assert not output_is_secret("alias pass='echo PASSED'\nmake test && pass unit")
    stored = "$ " + SCRIPT.replace("\n", "; ") + "\n" + OUTPUT
    assert clean_text(stored) == stored


def test_the_password_store_itself_still_prints_a_secret():
    assert output_is_secret("pass show work/db")
    assert output_is_secret("cd ~ && pass show mail/imap")
    # a function of another name does not change what `pass` is
    assert output_is_secret("ok() { echo ok; }\npass show work/db")
