"""Secrets whose name and value stand apart, or that a position alone names: a header after an
escaped line break (a client's debug dump of the bytes it sent), a table drawn with box
characters, a value on the line after its name or its operator, a command's option on a
continued line."""

from __future__ import annotations

import pytest

from store.privacy import clean_text
from tests.privacy_eval import b64, random_secret

BASIC = b64("sync:" + random_secret("apart-basic", 14))
TOKEN = random_secret("apart-token", 22)


@pytest.mark.parametrize("text", [
    f"send: b'GET /v2/orders HTTP/1.1\\r\\nHost: api.example\\r\\nAuthorization: Basic {BASIC}\\r\\n\\r\\n'",
    f'"request": "POST /x HTTP/1.1\\nAuthorization: Token {TOKEN}\\nAccept: */*"',
    f"header: Accept: */*\\tProxy-Authorization: Basic {BASIC}",
])  # fmt: skip
def test_a_header_after_an_escaped_line_break_is_read_as_a_header(text):
    out = clean_text(text)
    assert BASIC not in out and TOKEN not in out
    assert "Authorization: " in out


@pytest.mark.parametrize("text", [
    "send: b'GET / HTTP/1.1\\r\\nAuthorization: Basic realm\\r\\n'",
    "the docs say\\nAuthorization header missing",
])  # fmt: skip
def test_a_scheme_word_or_prose_after_an_escaped_line_break_is_kept(text):
    assert clean_text(text) == text


PG = "Moth" + "!Reef" + "27"


@pytest.mark.parametrize("row", [
    f"\u2551 PGPASSWORD \u2502 {PG}                  \u2551",
    f"\u2503 PGPASSWORD \u2503 {PG} \u2503",
    f"\u2551 PGPASSWORD \u2551 {PG} \u2551",
])  # fmt: skip
def test_a_row_drawn_with_any_box_bar_holds_its_value_in_the_next_cell(row):
    text = f"\u2554\u2550\u2550 Variables \u2550\u2550\u2557\n\u2551 PGHOST     \u2502 db.internal \u2551\n{row}\n"
    out = clean_text(text)
    assert PG not in out and "PGPASSWORD" in out and "db.internal" in out


PW = "Gla" + "cier*Hum" + "61"


@pytest.mark.parametrize("code", [
    f'conf.db["password"] =\n  "{PW}"\nreturn conf\n',
    f"db_password =\n    '{PW}';\n",
    f'$config[\'smtp_pass\'] =>\n    "{PW}",\n',
    f'Password :=\n\t"{PW}"\n',
    f'DATABASES["default"][\n    "PASSWORD"\n] = "{PW}"\n',
])  # fmt: skip
def test_a_literal_on_the_line_after_its_name_or_its_operator_is_the_names_value(code):
    assert PW not in clean_text(code)


@pytest.mark.parametrize("code", [
    'conf.db["password"] =\n  os.environ["DB_PASSWORD"]\n',
    'password =\n  "changeme"\n',
    'password =\n  "prefix-" + suffix\n',
    'if password ==\n  "Gla' + 'cier*Hum61":\n',
    'DATABASES["default"][\n    "PASSWORD"\n] = get_secret("db")\n',
    'password_help =\n  "Enter your password"\n',
])  # fmt: skip
def test_a_reference_a_placeholder_or_a_partial_literal_below_the_name_is_kept(code):
    assert clean_text(code) == code


FTP_PW = "wren" + ".Basalt" + "3"


def test_a_protocol_command_quoted_late_in_a_long_log_line_under_its_user_is_read():
    line = ('Sat Mar 14 10:02:11 2026 [pid 3311] FTP command: Client "::ffff:10.0.4.9", "USER deploy"\n'
            'Sat Mar 14 10:02:11 2026 [pid 3311] FTP command: Client "::ffff:10.0.4.9", '
            f'"PASS {FTP_PW}"\nSat Mar 14 10:02:12 2026 [pid 3310] [deploy] FAIL LOGIN: Client "::ffff:10.0.4.9"\n')
    out = clean_text(line)
    assert FTP_PW not in out and '"PASS ' in out


@pytest.mark.parametrize("line", [
    'Sat Mar 14 10:02:11 2026 [pid 3311] FTP command: Client "::ffff:10.0.4.9", "PASS <hidden>"',
    'Sat Mar 14 10:02:11 2026 [pid 3311] FTP response: Client "::ffff:10.0.4.9", "230 Login successful."',
    'the long explanation of the protocol goes on and on for more than eighty characters, "PASS the salt"',
])  # fmt: skip
def test_a_masked_or_prose_word_after_a_quoted_command_is_kept(line):
    assert clean_text(line) == line


SMTP_PW = "Sag" + "uaro-Lyn" + "x5"


@pytest.mark.parametrize("text", [
    f"envs:\n  - key: SMTP_PASSWORD\n    scope: RUN_TIME\n    value: {SMTP_PW}\n  - key: LOG_LEVEL\n    value: debug\n",
    f"- name: DB_PASSWORD\n  type: SECRET\n  scope: RUN_TIME\n  value: {SMTP_PW}\n",
    f'[\n  {{\n    "key": "SMTP_PASSWORD",\n    "value": "{SMTP_PW}"\n  }}\n]\n',
    f'[{{"name": "DB_PASSWORD", "type": "secret", "environment": "prod", "value": "{SMTP_PW}"}}]',
    f'{{\n  "Key": "api_token",\n  "Type": "SecureString",\n  "Value": "{SMTP_PW}"\n}}',
])  # fmt: skip
def test_a_records_value_member_is_named_by_its_key_member_with_others_between(text):
    assert SMTP_PW not in clean_text(text)


@pytest.mark.parametrize("text", [
    "envs:\n  - key: SMTP_PASSWORD\n    scope: RUN_TIME\n  - key: LOG_LEVEL\n    value: debug-" + "Lynx5\n",
    '[{"key": "SMTP_PASSWORD", "scope": "run"}, {"key": "LOG_LEVEL", "value": "verbose-Lynx5"}]',
    '- key: SMTP_PASSWORD\n  scope: RUN_TIME\n  value: ${SMTP_PASSWORD}\n',
])  # fmt: skip
def test_a_value_of_another_record_or_a_reference_is_kept(text):
    assert clean_text(text) == text


def test_an_options_array_of_pairs_in_braces_holds_literals():
    pw = "Sor" + "rel*Bay" + "29"
    table = (" srvname  | usename  |              umoptions\n-----------+----------+------------------\n"
             f" legacy_db | etl_user | {{user=legacy_ro,password={pw}}}\n(1 row)\n")
    out = clean_text(table)
    assert pw not in out and "user=legacy_ro" in out


@pytest.mark.parametrize("code", [
    "local t = {user = name, password = a*b}",
    "f(user=name, password=a*b)",
])  # fmt: skip
def test_an_expression_after_a_keyword_in_code_is_kept(code):
    assert clean_text(code) == code


def test_a_flags_value_on_a_continued_line_is_read_with_its_command():
    sid = "AC" + "1e3822c0fc67f92cf0f203d104f839f7"
    tok = "d3e48595" + "df76ae3dafa129ccfda66f3d"
    text = (f"curl -X POST https://api.twilio.com/2010-04-01/Accounts/{sid}/Messages.json \\\n"
            '  --data-urlencode "Body=deploy finished" --data-urlencode "From=+15017122661" \\\n'
            f'  --data-urlencode "To=+15558675310" -u {sid}:{tok}\n')
    out = clean_text(text)
    assert tok not in out and "--data-urlencode" in out


@pytest.mark.parametrize("text", [
    'curl -sS https://api.example.com/v1/items \\\n  -H "Accept: application/json" \\\n  -u "$API_USER:$API_TOKEN"\n',
    "./configure --prefix=/usr \\\n  --with-openssl \\\n  -u nobody:nogroup\n",
])  # fmt: skip
def test_a_reference_or_a_non_secret_on_a_continued_line_is_kept(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("line", [
    "/home/dev/.mbsyncrc:4:Pass {pw}\n/home/dev/.muttrc:7:set imap_user = ana\n",
    "etc/redis/redis.conf:1042:requirepass {pw}\n",
    "conf/stunnel/psk.txt:masterpass {pw}\n",
])  # fmt: skip
def test_a_directive_after_a_grep_prefix_starts_its_files_line(line):
    pw = "Sor" + "rel*Bay" + "29"
    assert pw not in clean_text(line.format(pw=pw))


@pytest.mark.parametrize("line", [
    "/home/dev/.mbsyncrc:4:Pass ~/.mail-pass.gpg\n",
    "src/api.py:88:    token = refresh(token2)\n",
    "POST /oauth:token HTTP/1.1\n",
])  # fmt: skip
def test_a_path_or_code_after_a_grep_prefix_is_kept(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("name", ["remotepass", "localpass", "imappass", "pop3pass"])
def test_a_pass_glued_to_the_side_or_the_service_it_logs_in_to_names_a_password(name):
    pw = "lo" + "tus!Brine" + "66"
    text = f"[Repository Remote]\ntype = IMAP\nremotehost = imap.example.org\nremoteuser = ana\n{name} = {pw}\n"
    assert pw not in clean_text(text)


def test_a_word_that_ends_in_pass_is_no_password_name():
    text = "[route]\nbypass = 10.0.0.0/8\ncompass = north-by-west7\n"
    assert clean_text(text) == text


FERNET = random_secret("apart-fernet", 43) + "="


@pytest.mark.parametrize("session", [
    f">>> from cryptography.fernet import Fernet\n>>> Fernet.generate_key()\nb'{FERNET}'\n>>> # put that in prod\n",
    f">>> import secrets\n>>> secrets.token_urlsafe(32)\n'{FERNET}'\n",
    f">>> from django.core.management.utils import get_random_secret_key\n>>> get_random_secret_key()\n'{FERNET}'\n",
    f">>> import os\n>>> os.environ['WAREHOUSE_PASSWORD']\n'{FERNET}'\n",
    f"In [3]: settings.SECRET_KEY\nOut[3]: '{FERNET}'\n",
])  # fmt: skip
def test_what_a_repl_prints_for_a_generated_key_or_a_secrets_name_is_that_secret(session):
    assert FERNET not in clean_text(session)


@pytest.mark.parametrize("session", [
    ">>> import secrets\n>>> secrets.token_urlsafe(32)[:4]\n'Xk3p'\n",
    ">>> Fernet.generate_key()\nTraceback (most recent call last):\n",
    ">>> os.environ['WAREHOUSE_PASSWORD_FILE']\n'/run/secrets/warehouse'\n",
    ">>> settings.SECRET_KEY\n'changeme'\n",
    ">>> len(get_random_secret_key())\n50\n",
])  # fmt: skip
def test_an_error_a_path_a_placeholder_or_a_count_below_the_prompt_is_kept(session):
    assert clean_text(session) == session


URL_PW = random_secret("apart-url", 24)


@pytest.mark.parametrize("code", [
    f'SQLALCHEMY_DATABASE_URI = (\n    "postgresql+psycopg2://superset:"\n    "{URL_PW}@meta-db:5432/superset"\n)\n',
    f'dsn := "postgres://app:" +\n\t"{URL_PW}@db:5432/app"\n',
    f'url = "amqp://worker:"\n      + "{URL_PW}@mq.internal:5672/"\n',
    f'const char *uri = "mongodb://root:"\n                  "{URL_PW}@mongo:27017";\n',
])  # fmt: skip
def test_a_urls_password_in_a_string_continued_on_the_next_line_is_read_joined(code):
    assert URL_PW not in clean_text(code)


@pytest.mark.parametrize("code", [
    'URI = (\n    "postgresql://superset:"\n    f"{password}@meta-db:5432/superset"\n)\n',
    'URI = (\n    "postgresql://superset:"\n    "${DB_PASSWORD}@meta-db:5432/superset"\n)\n',
    'DOCS = (\n    "https://example.com/"\n    "guide/install@v2"\n)\n',
])  # fmt: skip
def test_a_reference_or_a_plain_url_continued_is_kept(code):
    assert clean_text(code) == code
