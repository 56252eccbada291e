"""A secret fed to the standard input of the command that stores it (docker/podman secret create,
gh secret set, wrangler secret put), and SQL Server's and Redis's ways of setting a password."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "9Lives&Cats"


@pytest.mark.parametrize("line", [
    f'echo "{PW}" | docker secret create db_pw -', f"printf '%s' '{PW}' | podman secret create api_token -",
    f'docker secret create db_pw - <<< "{PW}"', f"echo -n '{PW}' | gh secret set API_TOKEN",
    f'echo "{PW}" | npx wrangler secret put API_KEY',
    f"EXEC sp_addlogin 'app', '{PW}';", f"EXEC sp_addlogin @loginame = 'app', @passwd = '{PW}'",
    f"EXEC sp_password NULL, '{PW}', 'app';", f"ACL SETUSER app on >{PW} ~* +@all",
])  # fmt: skip
def test_the_secret_goes(line):
    cleaned = clean_text(line)
    assert PW not in cleaned and "[REDACTED:password]" in cleaned


@pytest.mark.parametrize("line", [
    'echo "$DB_PASSWORD" | docker secret create db_pw -', "gh secret set API_TOKEN < token.txt",
    "docker secret create db_pw ./db_pw.txt", "echo done | tee secrets.log", "ACL SETUSER app on nopass ~* +@all",
    "EXEC sp_addlogin @loginame, @passwd",
])  # fmt: skip
def test_references_and_files_are_kept(line):
    assert clean_text(line) == line
