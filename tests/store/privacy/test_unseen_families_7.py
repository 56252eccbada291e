"""Families of the seventh attacker's batch (tests/privacy_eval/dev_unwritten7.py: people and
processes), each fixed by what it is, not by its case: labels of languages the lexicon lacked and
a person's typos of `password`, one-time codes said with their label."""

from __future__ import annotations

import pytest

from store.privacy import clean_text
from store.privacy.lexicon import PASSWORD_TYPOS

PW = "Orchid" + "#Rain3!"
RANDOM = "Ewy4GKUM4c2J4yPf" + "q73SnIf44CsT4SqS"


@pytest.mark.parametrize("template", [
    "la pasvorto estas {v}", "d'Passwuert ass {v}", "it wachtwurd is {v}", "kalmar sirri ita ce {v}",
    "ọrọ igbaniwọle ni {v}", "iphasiwedi yami ithi {v}", "የይለፍ ቃሉ {v} ነው", "ਪਾਸਵਰਡ {v} ਹੈ", "પાસવર્ડ: {v}",
    "ಪಾಸ್‌ವರ್ಡ್: {v}", "ಪಾಸ್ವರ್ಡ್: {v}", "പാസ്‌വേഡ് {v} ആണ്", "මුරපදය {v}", "စကားဝှက်က {v} ပါ", "ពាក្យសម្ងាត់គឺ {v}",
    "ລະຫັດຜ່ານແມ່ນ {v}", "پټنوم {v} دی", "şîfreya min {v} e", "сырсөз: {v}", "furaha sirta waa {v}",
    "tembung sandhi: {v}", "ny tenimiafina dia {v}", "loyniorðið er {v}", "il-password hija {v}", "modpas la se {v}",
    "דער פּאַראָל איז {v}", "ang password kay {v}",
])  # fmt: skip
def test_labels_and_connectors_of_more_languages(template):
    for v in (PW, RANDOM):
        assert v not in clean_text(template.replace("{v}", v))


@pytest.mark.parametrize("text", [
    "la pasvorto estas tro mallonga", "kalmar sirri ba daidai ba ne", "ពាក្យសម្ងាត់មិនត្រឹមត្រូវ", "la contraseña se cambió",
    "password min length is 12", "modpas la se twò kout",
])  # fmt: skip
def test_a_word_after_those_labels_stays(text):
    assert clean_text(text) == text


def test_typos_of_password_are_its_edits_not_words_inside_it():
    assert {"pasword", "passwrod", "passowrd", "passwrd", "paswsord", "passwword"} <= PASSWORD_TYPOS
    assert not {"password", "assword", "passwor", "passwords"} & PASSWORD_TYPOS


@pytest.mark.parametrize("template", [
    "hey, the pasword is {v}", "my passwrod for the db is {v} btw", "passowrd: {v} (the admin one)",
    "Passwrd = {v}", "the paswsord for staging is {v}",
])  # fmt: skip
def test_a_typo_of_password_labels_a_value(template):
    for v in (PW, RANDOM):
        assert v not in clean_text(template.replace("{v}", v))


@pytest.mark.parametrize("text", ["the pasword field should be at least 12 chars", "pwd is /home/ana/app",
                                  "passwrod reset link sent", "I forgot my pasword again"])  # fmt: skip
def test_prose_with_a_typo_and_no_value_stays(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("template", [
    "my 2FA code is {c}", "verification code: {c}", "Your GitHub authentication code is {c}.", "OTP: {c} (valid 5 min)",
    "código de verificación: {c}", "验证码：{c}", "인증번호 [{c}]", "Dein Bestätigungscode lautet {c}", "確認コード: {c}",
    "the code from my authenticator is {c}, quick", "Use {c} as your login code", "MFA token {c}", "2fa code: {c}",
    "One-time password: {c}", "your sign-in code is {c}",
])  # fmt: skip
def test_a_one_time_code_said_with_its_label_goes(template):
    for code in ("482913", "70331845"):
        assert code not in clean_text(template.replace("{c}", code))


@pytest.mark.parametrize("template", [
    "235 2.7.0 Authentication successful; your login code is {c}", "HTTP 401 at 12:05, then the 2FA code: {c}",
])  # fmt: skip
def test_a_one_time_code_after_other_numbers_of_three_digits_goes(template):
    # (the code's digits are looked for from the window's first three digits in a row on)
    for code in ("482913", "70331845", "482 913", "482-913"):
        assert code not in clean_text(template.replace("{c}", code))


@pytest.mark.parametrize("text", [
    "verification took 1234 ms", "the 2FA code expires in 30 seconds", "OTP length must be 6 digits",
    "mfa enabled since 2024", "see RFC 6238 for TOTP", "Confirmation number 20931 for your order",
    "confirmation 20931", "error code 482913 from the payment gateway", "order #482913 shipped",
    "authentication failed 3 times", "Verified 1234 records", "verification code sent to +1 ***-***-1234",
])  # fmt: skip
def test_numbers_of_other_labels_stay(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("template", [
    ">>> openai.api_key = '{v}'\n>>> openai.api_key\n'{v}'", "irb(main):001:0> Stripe.api_key = '{v}'\n=> \"{v}\"",
    "> process.env.STRIPE_KEY = '{v}'\n'{v}'", "scala> val password = \"{v}\"\nval password: String = {v}",
    "export DB_PASSWORD={v}\n...\nconnecting with {v} as app",
])  # fmt: skip
def test_every_copy_of_a_secret_found_goes(template):
    for v in (PW, RANDOM):
        assert v not in clean_text(template.replace("{v}", v))


@pytest.mark.parametrize("text", [
    "Passwort: geheim\nDas Wort geheim heißt secret.",  # a plain word: its other uses stay
    "password=admin1234\nadmin12345 is another account",  # inside a longer token: not a copy
])
def test_what_is_no_copy_of_a_secret_stays(text):
    after = clean_text(text)
    assert after.count("[REDACTED") == 1



@pytest.mark.parametrize("template", [
    "Environment Variables\nDB_PASSWORD\n{v}\nDB_HOST\ndb", "##[debug]Evaluating: secrets.NPM_TOKEN\n##[debug]Result: '{v}'",
    '"Cmd": [\n    "redis-server",\n    "--requirepass",\n    "{v}"\n]', "    Command:\n      mysqld\n      --password\n      {v}",
    "SMTP_PASSWORD\n'{v}'",
])  # fmt: skip
def test_a_value_alone_below_a_secrets_name_goes(template):
    for v in (PW, RANDOM):
        assert v not in clean_text(template.replace("{v}", v))


@pytest.mark.parametrize("text", [
    "env:\n  - DB_PASSWORD\n  - REDIS_PASSWORD\n  - API_KEY_V2", '"args": [\n  "--password",\n  "--verbose"\n]',
    "### DB_PASSWORD\nThe database password, required.", "--password\n    The password to use (default: none)", "SECRET_KEY\n$SECRET_KEY",
    "Evaluating: secrets.NPM_TOKEN\nResult: '***'", "password\nsecret_token",
])  # fmt: skip
def test_a_name_list_or_help_below_a_name_stays(text):
    assert clean_text(text) == text


def test_a_secret_word_as_a_value_names_nothing_below_it():
    text = "[server2]\nusername:meagain\npassword: secret\nrealm:acme\nrepository:http://another.pypi/"
    assert "realm:acme" in clean_text(text)


def test_a_secret_word_as_an_argument_names_nothing_below_it():
    assert clean_text("$ env | grep -i pass\nMYSQL_PWD=Kestrel_88x") == "$ env | grep -i pass\nMYSQL_PWD=[REDACTED:password]"


@pytest.mark.parametrize("template", [
    "127.0.0.1:6379> AUTH {v}\nOK", "cache:6379> AUTH default {v}\nOK", "redis> auth {v}",
    "SQL> CONNECT system/{v}@ORCL\nConnected.", "SQL> conn scott/{v}", "ftp> user ana {v}\n331 Please specify the password.",
    "lftp files.example.com:~> user ana {v}", "neo4j@neo4j> ALTER CURRENT USER SET PASSWORD FROM 'neo4j' TO '{v}';",
    "Redirecting to http://localhost:8080/callback?code={v}&state=af0ifjsldkj", "Enter the authorization code: {v}",
])  # fmt: skip
def test_a_clients_command_and_an_oauth_code_go(template):
    for v in (PW.replace("#", "-"), RANDOM):  # (a URL's `#` starts its fragment)
        assert v not in clean_text(template.replace("{v}", v))


# where a command may start: after the line's indent, a prompt's `>` or `#` (and a space or a
# tab), its literal's first place on the line inside the prompt; and a session among source lines
# whose `conn` and `auth` follow code (no prompt's pattern is tried on those lines)
_SOURCE = "        self.conn = conn = socket.create_connection((host, port))\n    return connect(url)\n    x.auth = auth\n"


@pytest.mark.parametrize("template", [
    "    conn scott/{v}", "SQL>\tconnect scott/{v}@ORCL", "dbconn> conn scott/{v}", "analytics=# CONNECT app/{v}",
    "  AUTH {v}", "redis-conn:6379> AUTH {v}", _SOURCE + "SQL> conn scott/{v}\n" + _SOURCE,
    _SOURCE + "cache:6379> AUTH default {v}\n" + _SOURCE,
])  # fmt: skip
def test_a_clients_command_goes_wherever_its_line_lets_it_start(template):
    for v in (PW.replace("#", "-"), RANDOM):
        out = clean_text(template.replace("{v}", v))
        assert v not in out and (_SOURCE not in template or out.startswith(_SOURCE))


@pytest.mark.parametrize("text", [
    "auth required pam_tally2.so", "auth    required    pam_unix.so", "AUTH failed", "connect server/instance",
    "Connect localhost/db2", "ftp> user anonymous guest@", "https://example.com/search?q=a&code=US1234567",
    "see https://github.com/org/repo/blob/main/x.py?code=snippet_1234", "the authorization code flow is used",
    "password from the vault to the app",
])  # fmt: skip
def test_words_like_a_clients_commands_stay(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("template", [
    "hotfix: hardcode smtp pass {v} until vault is back", "here's my token {v} pls dont share it",
    "the wifi for the offsite: network Acme-Guest, pw {v}", "Customer provided their account password ({v}) so we could reproduce.",
    'git commit -m "temp: add token {v} for the demo"',
])  # fmt: skip
def test_a_value_right_after_a_secrets_noun_in_a_sentence_goes(template):
    for v in (PW, RANDOM):
        assert v not in clean_text(template.replace("{v}", v))


@pytest.mark.parametrize("text", [
    "# Client side may pass ssl=True to use a default", "we pass tokens around as bytes", "the token e2e-run7 expired",
    "the token e2e-tests expired", "except ValueError:\n    pass  # ignore", "rotate the secret Manager now",
    "password (required)", "token Bearer", "the pw field",
])  # fmt: skip
def test_prose_and_code_after_a_secrets_noun_stay(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("command", ["sshpass -p'{v}' scp app.tgz root@web1:", 'mysql -uroot -p"{v}" -e "show databases"'])
def test_a_flags_quoted_attached_value_goes(command):
    for v in (PW, RANDOM):
        assert v not in clean_text(command.replace("{v}", v))


def test_a_flags_quoted_attached_reference_stays():
    assert clean_text('sshpass -p"$PASS" ssh web1') == 'sshpass -p"$PASS" ssh web1'


@pytest.mark.parametrize("template", [
    "## How to test\n- Log in as qa@example.com / {v}\n- Open Settings", "New creds for the reporting user: reporting / {v}",
    "+# TODO remove: admin / {v}", "user admin / {v}",
])  # fmt: skip
def test_a_user_slash_its_password_on_a_login_line_goes(template):
    for v in (PW, RANDOM):
        out = clean_text(template.replace("{v}", v))
        assert v not in out and " / [REDACTED:password]" in out


@pytest.mark.parametrize("text", [
    "read / write access for the admin user", "Login / Logout buttons", "the root / home partition",
    "username: ana / 2024-03-14 login", "creds: deploy / ${DEPLOY_PW}", "ratio 3 / 4 of the users",
])  # fmt: skip
def test_a_slash_between_words_on_a_login_line_stays(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("text", ["d'Passwuert fir de Server ass {v}", "인증번호는 {c}입니다", "Your Slack verification code is {c}",
                                  "the code for 2FA is {c}"])  # fmt: skip
def test_variants_written_after_the_round(text):
    assert "Zq8LmT3vRk2W" not in clean_text(text.replace("{v}", "Zq8LmT3vRk2WpN7bXc4HyJ6s").replace("{c}", "482913"))
    assert "482913" not in clean_text(text.replace("{v}", "Zq8LmT3vRk2WpN7bXc4HyJ6s").replace("{c}", "482913"))


@pytest.mark.parametrize("template", ["Environment=DB_PASS={v} PORT=8080 NODE_ENV=production",
                                      "gcloud run deploy api --set-env-vars=REGION=eu,API_TOKEN={v}"])  # fmt: skip
def test_an_assignment_inside_an_assignment_goes(template):
    for v in (PW, "Heron_" + "58x", RANDOM):
        out = clean_text(template.replace("{v}", v))
        assert v not in out and ("PORT=8080" in out or "REGION=eu" in out)


@pytest.mark.parametrize("text", ["Environment=DB_PASS=changeme PORT=8080", "Environment=PASSWORD_FILE=/run/secrets/pw",
                                  "x=api_key=value", "Environment=DB_PASS=${DB_PASS}"])  # fmt: skip
def test_an_inner_assignment_of_a_placeholder_or_reference_stays(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("command", ["gh auth login --with-token <<< {v}", "echo {v} | gh auth login --with-token"])
def test_a_token_fed_to_a_command_that_reads_it_goes(command):
    for v in (PW.replace("#", "-"), RANDOM):
        assert v not in clean_text(command.replace("{v}", v))


def test_a_password_stores_entry_after_a_noun_stays():
    assert clean_text("we keep the token Work/GitHub2 in pass") == "we keep the token Work/GitHub2 in pass"


@pytest.mark.parametrize("template", ['iex(1)> Application.put_env(:app, :api_key, "{v}")\n:ok', "set :session_secret, '{v}'",
                                      "login with ana and {v} and check the dashboard", "please sign in with admin and {v}."])  # fmt: skip
def test_a_symbols_argument_and_a_login_with_a_user_and_a_password_go(template):
    for v in (PW, RANDOM):
        assert v not in clean_text(template.replace("{v}", v))


@pytest.mark.parametrize("text", ['Foo::Token, "abc12345X"', 'put_env(:app, :api_key, System.get_env("K"))',
                                  'put_env(:app, :api_key, "changeme")', "Login with ana and bob",
                                  "log in with GitHub and Google"])  # fmt: skip
def test_a_scope_a_reference_or_two_names_stay(text):
    assert clean_text(text) == text
