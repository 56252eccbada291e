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


@pytest.mark.parametrize(("line", "expected"), [
    ("username admin privilege 15 password 0 Oslo2019$", "username admin privilege 15 password 0 [REDACTED:password]"),
    (" username deploy secret 0 gR8fulDead!", " username deploy secret 0 [REDACTED:secret]"),
    ("username admin password 7 0822455D0A16", "username admin password 7 [REDACTED:password]"),
])  # fmt: skip
def test_a_network_devices_password_after_its_type_goes(line, expected):
    assert clean_text(line) == expected


@pytest.mark.parametrize("line", ["the password 0 times", "password 0 of 3 attempts left", "enable password",
                                  "username admin privilege 15 secret 5 $1$mERr$hx5rVt7rPNoS4wqbXKX7m0"])  # fmt: skip
def test_a_type_digit_before_prose_or_a_hash_takes_nothing(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("line", [
    f'Set-ADAccountPassword -Identity ana -NewPassword (ConvertTo-SecureString -AsPlainText "{PW}" -Force)',
    f"$pw = ConvertTo-SecureString -AsPlainText -Force -String '{PW}'", f'vncpasswd -f <<< "{PW}"',
])  # fmt: skip
def test_powershell_flags_before_the_string_and_vncpasswd(line):
    assert PW not in clean_text(line)


def test_a_secure_string_from_a_variable_is_kept():
    line = "$pw = ConvertTo-SecureString -AsPlainText -Force -String $plain"
    assert clean_text(line) == line
