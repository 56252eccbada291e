"""Secrets that a position names: a quoted argument of a setter whose name holds a secret word
(`.withSMTPServerPassword("X")`), and a member of a call or a tuple whose other members are a
host, a port and a user (`("wh.internal", 5432, "loader", "X")`)."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

DOTTED = "raven" + ".Slate" + "77"


@pytest.mark.parametrize("line", [
    f'        .withSMTPServerPassword("{DOTTED}")',
    f"    builder.password('{DOTTED}')",
    f'client.setAuthToken("{DOTTED}");',
])  # fmt: skip
def test_a_dotted_password_quoted_in_a_secret_setter_is_redacted(line):
    assert DOTTED not in clean_text(line)


@pytest.mark.parametrize("line", [
    "        .withPasswordEncoder(pair.Item2)",
    '    label.text("Pair.Item2")',
    '    assertThat(getPassword("pair.Item2"))',
])  # fmt: skip
def test_a_dotted_member_not_quoted_or_read_back_is_kept(line):
    assert clean_text(line) == line


PW = "Sorrel" + "*Bay" + "29"
SMTP_PW = "Cedar" + "!Marsh" + "88"


@pytest.mark.parametrize("line", [
    f'    ("warehouse", "wh.internal", 5432, "loader", "{PW}"),',
    f'val smtp = SmtpSettings("smtp.office365.com", 587, "noreply@shop.example", "{PW}", tls = true)',
    f"targets = [['arch.internal', 3306, 'etl', '{PW}']]",
    f"{{:host, \"db.example.org\", :user, \"app\", \"{PW}\"}}",
    f"conn := NewConn('10.0.3.7', 6379, 'cache', '{PW}')",
])  # fmt: skip
def test_a_password_beside_a_host_or_port_and_a_user_is_redacted(line):
    out = clean_text(line)
    assert PW not in out
    assert "5432" in out or "587" in out or "3306" in out or "db.example.org" in out or "6379" in out


@pytest.mark.parametrize("line", [
    '    ("warehouse", "wh.internal", 5432, "loader", "public"),',
    '    ("warehouse", "wh.internal", 5432, "loader", "v2.1.0-rc1"),',
    '    ("warehouse", "wh.internal", 5432, "loader", "%Y-%m-%d %H:%M"),',
    '    ("warehouse", "wh.internal", 5432, "loader", "Content-Type"),',
    '    ("Sorrel*Bay29 looks", 12, "x")',
    '    log.info("%s:%d user=%s", "wh.internal", 5432, "loader", "Hello, World!")',
    '    ("admin", "Orders#2024", 42)',
])  # fmt: skip
def test_a_member_that_is_no_password_or_has_no_host_port_and_user_is_kept(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("line", [
    '{"_HOSTNAME": "web-1.internal", "_PID": 812, "_SYSTEMD_INVOCATION_ID": "5e4ca48933e87a2d673c1d293236bd94"}',
    '    MovedModule("urllib_parse", __name__ + ".moves.urllib_parse", "urllib.parse"),',
    '    ("main.py", "app", "Build#2024x")',
    "      'exceptions': ['foo.bar', '*.bar.com', '127.0.0.1', '10.1', '10.0/16']",
])  # fmt: skip
def test_pairs_of_a_map_an_expression_or_a_file_name_are_no_positions(line):
    assert clean_text(line) == line


SEED = "T26RNL4A7UTM2VZT" + "MMC6GO7XPO6JIKXF"


@pytest.mark.parametrize("text", [
    f'{{\n    "VirtualMFADevice": {{\n        "SerialNumber": "arn:aws:iam::123456789012:device/ci",\n'
    f'        "Base32StringSeed": "{SEED}"\n    }}\n}}\n',
    f"totpSeed = '{SEED}'",
    f"otp_seed: {SEED}",
])  # fmt: skip
def test_a_base32_value_of_a_name_that_ends_in_seed_is_redacted(text):
    assert SEED not in clean_text(text)


@pytest.mark.parametrize("line", [
    "random_seed = 42",
    "seed: RANDOMSEEDFORTESTS",
    '"seedHash": "9f86d081884c7d659a2feaa0c55ad015"',
])  # fmt: skip
def test_a_seed_that_is_a_number_a_word_or_hex_is_kept(line):
    assert clean_text(line) == line


ACL_PW = "Heron" + "$Mill" + "84"


@pytest.mark.parametrize("text", [
    f'1) "user default off nopass sanitize-payload &* -@all"\n2) "user worker on >{ACL_PW} ~jobs:* +@list"\n',
    f"user worker on resetpass >{ACL_PW} ~* &* +@all\n",
    f'2) "user worker on >{ACL_PW}"',
])  # fmt: skip
def test_a_redis_acl_rule_s_password_is_redacted(text):
    assert ACL_PW not in clean_text(text)


@pytest.mark.parametrize("line", [
    '2) "user worker on #8d969eef6ecad3c29a3a629280e686cf0c3f5d5a86aff3ca12020c923adc6c92 ~jobs:*"',
    "the user clicks on > Settings",
    "user admin on > /dev/null",
])  # fmt: skip
def test_an_acl_hash_or_prose_is_kept(line):
    assert clean_text(line) == line
