"""A password a person made of a word and a secret's word (`shopapp_pass`, `kids_password`) reads as
a secret's NAME; where it stands says it is a literal: a SQL string, a shell assignment before a
command, a quoted string after a password's label in code, a Markdown code span after a bold label,
a help text's default, an environment variable's unquoted value."""

import pytest

from store.privacy import clean_text

MADE = "orch" + "ard_pass"
MADE2 = "mapl" + "e_password"


@pytest.mark.parametrize("text", [
    f"CREATE ROLE ledger LOGIN PASSWORD '{MADE}';",
    f"ALTER USER ledger WITH ENCRYPTED PASSWORD '{MADE}';",
    f"PGPASSWORD={MADE} psql -h 127.0.0.1 -U ledger -d books -c 'select 1'",
    f"cd /srv && REDIS_PASSWORD={MADE} redis-cli -h cache ping",
    f"engine = connect(host='db', user='ledger', password='{MADE}')",
    f'cfg = {{"host": "db", "user": "ledger", "password": "{MADE}"}}',
    f"services:\n  books:\n    environment:\n      MARIADB_PASSWORD: {MADE2}\n      MARIADB_USER: ledger\n",
    f"    environment:\n      - MARIADB_PASSWORD={MADE2}\n",
])
def test_a_made_password_where_a_literal_stands_is_redacted(text):
    out = clean_text(text)
    assert MADE not in out and MADE2 not in out, out


@pytest.mark.parametrize("text", [
    "    password: ${DB_PASSWORD}",
    "engine = connect(password=db_password)",
    "password: process.env.DB_PASSWORD",
    "PGPASSWORD=$db_password psql -U ledger",
    "secrets:\n  db_password:\n    file: ./db_password.txt\nservices:\n  db:\n    environment:\n"
    "      POSTGRES_PASSWORD: db_password\n",
    "form = {'user': 'username', 'password': 'password_field'}",
    "- **Password field**: `user_password`",
    "engine = connect(host='db', user='postgres', password='your_password')",
])
def test_a_secrets_name_where_a_name_stands_is_kept(text):
    assert clean_text(text) == text
