"""A password a person made of words and a password's word (`kestrel_login_pass`) that no label's
finder takes (its snake_case reads as a name) is found wherever a password's literal stands, in
any syntax of the place: a Markdown label's code span, bold or not, a list item's or a capitalised
label's value to the line's end (a qualifier allowed, the lexicon's labels in any language), an
escaped shell prefix (`PGPASSWORD\\=`) or one after a word (`then PGPASSWORD=`), a command-line
flag's quoted value, a Kubernetes env entry's, an element's, SQL's `IDENTIFIED BY` and `PASSWORD(...)`, a help
text's default, prose's `password is` in the lexicon's languages.  Kept where the same text uses
it as a name: a user's or a database's, a variable code declares or calls."""

import json

import pytest

from store.privacy import clean_text

MADE = "kestrel_lo" + "gin_pass"


@pytest.mark.parametrize("text", [
    f"Connection:\n+- **Host**: `db.internal`\n+- **Password**: `{MADE}`\n",
    f"- Host: `db.internal`\n- Password: `{MADE}`\n",
    f"Role `kestrel` created with password `{MADE}` on the staging box.\n",
    f"fi; then PGPASSWORD\\={MADE} psql -h 10.0.0.4 -U kestrel -d ledger -c 'select 1'",
    f"if true; then MYSQL_PWD={MADE} mysql -u kestrel ledger < dump.sql; fi",
    f"Options:\n  LEDGER_DB_PASS   Database password (default: {MADE})\n  LEDGER_DB_USER   Database user\n",
    f"### Staging\n- Database password: {MADE}\n- Port: 5544\n",
    f"**Admin password:** {MADE}\n",
    f"For the record, the admin password is {MADE}, keep it private.",
    f"mysqladmin -u kestrel --password='{MADE}' status",
    f'./provision.sh --db-password "{MADE}" --db-user kestrel',
    f"docker run -d -e MARIADB_PASSWORD={MADE} mariadb:11",
    f"env:\n  - name: LEDGER_DB_PASSWORD\n    value: {MADE}\n",
    f"<datasource><password>{MADE}</password></datasource>",
    f"ALTER USER 'kestrel'@'%' IDENTIFIED BY '{MADE}';",
    f"SET PASSWORD FOR kestrel = PASSWORD('{MADE}');",
    f"Password for kestrel: {MADE}\n",
    f"contraseña de la base: {MADE}\n",
    f"Das Passwort ist {MADE}.",
])
def test_a_made_password_in_a_passwords_slot_is_redacted(text):
    out = clean_text(text)
    assert MADE not in out, out


@pytest.mark.parametrize("text", [
    f"const config = {{\n  host: 'db',\n  password: {MADE}\n}}",
    f"{MADE} = read_secret('ledger')\nconnect(host='db', password={MADE})\n- Password: `{MADE}`\n",
    f"CREATE USER {MADE};\nGRANT ALL ON ledger TO {MADE};\n- Password: {MADE}\n",
    f"password_field = form.get('{MADE}')\n**Password field**: `{MADE}`\n",
    f"def check():\n    return self.{MADE}\n\nPassword: `{MADE}`\n",
    f"# Optional: a local database\n# LEDGER_DB_USER=kestrel\n# LEDGER_DB_PASSWORD={MADE}\n",
    f"//  LEDGER_DB_PASSWORD={MADE}\n",
    f"user = keyring.get_password('ledger', '{MADE}')\n",
    f"if form.password == {MADE}:\n    deny()\n",
    json.dumps({"file": f"     1\u2192wifi:\n     2\u2192  ssid: Attic\n     3\u2192  password: !secret {MADE}\n     4\u2192ota:\n"}),
])
def test_a_made_password_the_text_uses_as_a_name_is_kept(text):
    assert clean_text(text) == text
