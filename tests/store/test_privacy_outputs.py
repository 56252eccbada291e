"""Outputs that are secrets (store/privacy/outputs.py): redacted whole, in a hook event and in a
transcript, and only when the command prints a secret."""

from __future__ import annotations

import pytest

from store.privacy import Cleaner, output_is_secret, redact_output

SECRET = "Vq8#tLm2Rz9wXk4N"


@pytest.mark.parametrize(
    "command",
    [
        "pass show work/db",
        "gopass show -o websites/github",
        "wg genkey",
        "wg genkey | tee privatekey",
        "cat config/master.key",
        "cat ~/.ssh/id_ed25519",
        "kubectl get secret db -o jsonpath='{.data.password}' | base64 -d",
        "op read op://Private/db/password",
        "vault kv get -field=password secret/app/db",
        "openssl rand -base64 32",
        "aws secretsmanager get-secret-value --secret-id prod/db --query SecretString --output text",
        "security find-generic-password -s github -w",
        "keepassxc-cli show -s -a Password db.kdbx github",
        "cd infra && gh auth token",
        "printenv GITHUB_TOKEN",
        'echo "$DB_PASSWORD"',
    ],
)
def test_the_output_of_a_command_that_prints_a_secret_goes_whole(command):
    assert output_is_secret(command)
    event = {"tool_name": "Bash", "tool_input": {"command": command},
             "tool_response": {"stdout": SECRET + "\n", "stderr": "", "interrupted": False}}  # fmt: skip
    cleaned = Cleaner().value(event)
    assert SECRET not in str(cleaned)
    assert cleaned["tool_response"]["stdout"] == "[REDACTED:secret_output]"
    assert cleaned["tool_input"]["command"] == command or "[REDACTED" in cleaned["tool_input"]["command"]
    assert redact_output(command, SECRET) == "[REDACTED:secret_output]"


@pytest.mark.parametrize(
    "command",
    [
        "wg genkey | wg pubkey",
        "wg genkey > privatekey",
        "pass ls",
        "keepassxc-cli ls db.kdbx",
        "kubectl get secrets",
        "cat ~/.ssh/id_ed25519.pub",
        "openssl rand -hex 16 | sha256sum",
        "git log -3",
        "echo $HOME",
    ],
)
def test_other_outputs_are_cleaned_as_text(command):
    assert not output_is_secret(command)
    assert redact_output(command, "total 3 files") == "total 3 files"


def test_a_transcript_result_answering_a_secret_printing_call_goes_whole():
    call = {"type": "assistant", "message": {"content": [
        {"type": "tool_use", "id": "toolu_01AbCdEfGhIjKlMnOpQrStUv", "name": "Bash",
         "input": {"command": "pass show work/db"}}]}}  # fmt: skip
    result = {"type": "user", "message": {"content": [
        {"type": "tool_result", "tool_use_id": "toolu_01AbCdEfGhIjKlMnOpQrStUv", "content": SECRET}]},
        "toolUseResult": {"stdout": SECRET, "stderr": ""}}  # fmt: skip
    other = {"type": "user", "message": {"content": [
        {"type": "tool_result", "tool_use_id": "toolu_01ZyXwVuTsRqPoNmLkJiHgFe", "content": "plain words"}]}}  # fmt: skip
    cleaner = Cleaner(memo=True)
    cleaner.value(call)
    cleaned = cleaner.value(result)
    assert SECRET not in str(cleaned)
    assert cleaned["message"]["content"][0]["tool_use_id"] == "toolu_01AbCdEfGhIjKlMnOpQrStUv"
    assert cleaner.value(other) == other


NO_PRINTER_PROBE = """
import json, re
compiled = []
real = re.compile
re.compile = lambda pattern, flags=0: compiled.append(str(pattern)) or real(pattern, flags)
from store.privacy import output_is_secret
assert not output_is_secret("python3 -m pytest -q tests/")
print(json.dumps(compiled))
"""


def test_a_command_no_printer_could_run_costs_its_process_no_pattern():
    """Most Bash calls print no secret: the hook process that stores one compiles nothing to say so
    (a pattern's compile is paid again by every hook process)."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    environ = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    result = subprocess.run([sys.executable, "-c", NO_PRINTER_PROBE], env=environ, check=True, capture_output=True)
    assert json.loads(result.stdout) == []
