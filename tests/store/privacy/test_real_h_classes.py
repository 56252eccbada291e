"""Real part H's classes, by what each value is and where it stands (fixtures are our own text of
the same shape): placeholders, code, a file's data and a path kept; logins listed by role, a
seeded account's password in an agent's sentence, an account a shell's script makes and a
chosen key a diff puts in a template's place redacted."""

import base64
import gzip
import random

from store.privacy import clean_text
from tests.store.privacy import kept, redacted

# ---- kept: what each value is

def test_a_webhooks_url_with_words_where_its_id_and_token_stand_is_a_stand_in():
    for url in ("https://discord.com/api/webhooks/your/webhook",
                "https://discord.com/api/webhooks/webhook_id/webhook_token",
                "https://hooks.zapier.com/hooks/catch/account/hook/"):
        kept(f"OWM_KEY=your_weather_key\nCHAT_WEBHOOK_URL={url}\nRAIN_THRESHOLD=30\n")


def test_an_issued_webhooks_url_stays_redacted():
    for url in ("https://discord.com/api/webhooks/1180245530912345678/Qm7xT2vLp9RkZ4wNs8YbHc3JdF6gKa1e",
                "https://hooks.zapier.com/hooks/catch/4815162/abq7x2/"):
        assert url not in clean_text(f"CHAT_WEBHOOK_URL={url}\n")


def test_a_token_named_inside_a_string_is_no_name_of_the_literal_after_that_string():
    # the quote after `${TOKEN}@host/` closes the URL's string: `.insteadOf ` is code between two strings
    kept('RUN --mount=type=secret,id=gh_auth_token,env=TOKEN \\\n'
         '    git config --global url."https://${TOKEN}@git.example.com/".insteadOf "https://git.example.com/"\n')
    kept('git config --global url."https://${API_TOKEN}@git.example.com/".insteadOf "https://git.example.com/"\n')


def test_a_token_after_its_quoted_name_stays_redacted():
    tok = "Gh7kLm2pQr9sTv4w"
    redacted(f'cfg = {{"api_token": "{tok}"}}\n', tok)


def _gzip_lines():
    rnd = random.Random(11)
    data = gzip.compress("".join(rnd.choice("abcdefgh ijklmnop\n") for _ in range(3000)).encode(), mtime=0)
    b = base64.b64encode(data).decode()
    return [b[i:i + 76] for i in range(0, 76 * 4, 76)]


def test_a_files_base64_opened_on_its_assignments_line_is_that_files_data():
    # gzip's magic (H4sI) stands on the line the string opens on; the lines below are no key's body
    lines = _gzip_lines()
    kept('b64_data = """' + "\n".join(lines) + '\n# ... the rest of the data ...\n"""\n')


def test_a_keys_body_opened_on_its_assignments_line_stays_redacted():
    rnd = random.Random(5)
    der = bytes([0x30, 0x82, 0x04, 0xa4, 0x02, 0x01, 0x00, 0x02, 0x82, 0x01, 0x01, 0x00]) + bytes(
        rnd.randrange(256) for _ in range(300))
    b = base64.b64encode(der).decode()
    lines = [b[i:i + 64] for i in range(0, 64 * 5, 64)]
    out = clean_text('key_data = """' + "\n".join(lines) + '\n"""\n')
    assert lines[1] not in out and lines[0][:20] not in out, out


def test_what_a_shells_builtin_was_asked_for_is_no_command_typed():
    # `type X` answered `type: X: not found`: X is what was looked up (here a Windows path that lost
    # its backslashes), no password typed where a command was expected
    kept("Exit code 1\n/usr/bin/bash: line 1: type: D:UsersanaAppDataLocalTempjobD--Users-anatasksa7c9e21.output: not found\n")
    kept("sh: 1: hash: Wx7buildQ2tool: not found\n")


def test_a_password_typed_as_a_command_stays_redacted():
    for text in ("bash: Pl4tform!Moon: command not found\n", "sh: 1: Pl4tform!Moon: not found\n",
                 "/bin/bash: line 1: Pl4tform!Moon: command not found\n"):
        redacted(text, "Pl4tform!Moon")


# ---- redacted: what each value is where it stands

def test_logins_listed_by_role_under_a_heading_of_logins_each_go():
    text = ("Seeding done.\n\nDefault login credentials:\n"
            "Admin: admin@demoshop.example / admin789\n"
            "Manager: manager@demoshop.example / boss789\n"
            "Clerk: clerk@demoshop.example / clerk789\n")
    out = clean_text(text)
    for pw in ("admin789", "boss789", "clerk789"):
        assert pw not in out, out


def test_rows_with_a_slash_under_a_heading_of_no_login_are_kept():
    kept("Build matrix:\nLinux: gcc / clang12\nMac: clang / xcode15\n")


def test_an_accounts_digits_after_its_email_in_an_agents_sentence_go():
    redacted('   Test the login with the credentials admin@shop.example / 804213 to confirm the "login failed" '
             "issue is resolved.\n", "804213")


def test_an_account_a_shells_inline_script_registers_goes():
    # `python -c "…"` from a shell runs the app as configured, on its own database: the account stays
    text = ('$ SECRET_KEY="local-key" python -c "\n'
            "from fastapi.testclient import TestClient\nfrom server.main import app\n\n"
            "with TestClient(app) as client:\n"
            "    r = client.post('/auth/register', json={'username': 'maria', 'password': 'secret789'})\n"
            "    assert r.status_code == 201, r.text\n\"\n")
    redacted(text, "secret789")
    # a word alone it sends (a duplicate's, a wrong password's) is still the test's input
    kept(text.replace("secret789", "other"), "other")


def test_an_account_a_test_suites_client_registers_is_still_a_fixture():
    kept("    resp = api.post('/accounts/signup', json={'login': 'maria', 'password': 'secret789'})\n"
         "    assert resp.status_code == 201\n")


def test_a_key_a_diff_writes_in_a_templates_place_goes_whatever_words_it_holds():
    value = "acme_development_jwt_secret_key_2025_secure_random_string"
    text = ("Edit .env (+3 -2)\n-PORT=3001\n+PORT=3002\n@@ line 36\n"
            "-JWT_SECRET=your_super_secret_jwt_key_here_make_it_long_and_random\n"
            f"+JWT_SECRET={value}\n@@ line 301\n-CORS_ORIGIN=http://localhost:3000\n")
    redacted(text, value)


def test_a_templates_stand_in_in_a_diff_is_kept():
    kept("Edit .env.example (+1 -0)\n+PORT=3002\n@@ line 36\n"
         "+JWT_SECRET=your_super_secret_jwt_key_here_make_it_long_and_random\n")
    kept("Edit .env (+1 -1)\n@@ line 36\n-JWT_SECRET=\n+JWT_SECRET=change_me_to_some_random_string_2025\n")


def test_a_weak_numbered_key_a_container_is_given_goes():
    # `-e NEXTAUTH_SECRET="dev-secret-456"`: the variable holds the key itself, chosen weak, no secret's name
    text = ('$ docker run --rm -d --name app-test -p 9700:3000 -e APP_URL="http://localhost:9700" '
            '-e SESSION_SECRET="dev-secret-456" app-test 2>&1\n')
    redacted(text, "dev-secret-456")


def test_a_secrets_name_given_to_a_variable_that_names_one_is_kept():
    kept('$ docker run -e SECRET_NAME="app-secret-2" -e AUTH_SECRET="your-secret-1" app-test\n')
