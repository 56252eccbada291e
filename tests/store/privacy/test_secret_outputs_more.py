"""A command that reads out one field whose name is a secret's, or a framework's secret
generator, prints a secret: its output goes whole; the same commands reading other fields, or
printing nothing (null, <sensitive>), keep theirs."""

from __future__ import annotations

import pytest

from store.privacy import redact_output
from store.privacy.outputs import output_is_secret

SECRET = "Hq7vN2xRt9LmKp4W"


@pytest.mark.parametrize("command", [
    "jq -r .password config/prod.json", "jq -r '.db.password' settings.json", "cat f.json | jq -r .token",
    "yq '.auth.token' values.yaml", "yq -r .spec.apiKey deploy.yaml", "terraform output -raw db_password",
    "pulumi config get dbPassword", "git config --get github.token", "git config github.token",
    "docker exec db printenv POSTGRES_PASSWORD", "kubectl exec deploy/api -- printenv API_TOKEN",
    "bin/rails secret", "php artisan key:generate --show", "mix phx.gen.secret",
])  # fmt: skip
def test_a_secret_field_read_out_is_a_secret_output(command):
    assert output_is_secret(command)
    assert redact_output(command, SECRET + "\n") == "[REDACTED:secret_output]"


@pytest.mark.parametrize("command", [
    "jq '.password | length' config.json", "jq -r .username config.json", "jq -r '.token_type' response.json",
    "jq 'del(.password)' f", "jq -r .password f > out.txt", "yq '.db.host' values.yaml",
    "terraform output -raw db_host", "git config --get user.email", "git config --get credential.helper",
    "git config --global github.token abc123", "docker exec db printenv POSTGRES_USER", "pulumi config get region",
    "bin/rails routes | grep secret", "rails secrets:edit",
])  # fmt: skip
def test_other_fields_and_commands_are_not_secret_outputs(command):
    assert not output_is_secret(command)


@pytest.mark.parametrize("printed", ["null\n", "<sensitive>", "  ", "None"])
def test_a_printer_that_prints_nothing_keeps_its_output(printed):
    assert redact_output("jq -r .password config.json", printed) == printed


@pytest.mark.parametrize("command", ["cat /etc/passwd", "head -5 /etc/passwd", "sudo cat /etc/passwd"])
def test_the_account_list_is_not_a_secret_output(command):
    # /etc/passwd lists accounts, their shells and homes: what a session reads to find a user's
    # uid, with no password in it (those are in /etc/shadow, as hashes)
    listing = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
    assert not output_is_secret(command)
    assert redact_output(command, listing) == listing


@pytest.mark.parametrize("command", ["cat ~/.config/app/password", "cat deploy/passwd", "cat token.txt"])
def test_a_file_named_for_a_password_elsewhere_still_is(command):
    assert output_is_secret(command)
