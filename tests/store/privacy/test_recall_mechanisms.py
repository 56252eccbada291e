"""Recall by mechanism, after the twelfth batch's part two (tests/privacy_eval/dev_unwritten12.py):
each test names a class of place a credential stands in, with instances other than the batch's."""

from __future__ import annotations

import pytest

from store.privacy import clean_text
from tests.store.privacy import gone

PW = "Lantern" + "#Fjord8"
RANDOM = "Tq8vWm2Lx9Rk" + "Hn4Pz7Bc3Yd6"


def _gone(template, values=(PW, RANDOM)):
    gone(template, values)


@pytest.mark.parametrize("template", [
    # a protocol's command whose last word is the credential, on a line of a dialogue
    "C: A7 LOGIN ops@example.org {v}\nS: A7 OK",
    "tag12 LOGIN ops {v}\r\n",
    ">> PASS {v}\n<< 230 Logged in",
    "S: +OK\nC: PASS {v}\nS: +OK",
    "<-- AUTH ops {v}\n--> +OK",
    "PRIVMSG NickServ :IDENTIFY ops {v}",
    "/msg nickserv identify {v}",
    "OPER admin {v}",
    "AUTHINFO PASS {v}",
    # ... in a quoted buffer a tracer shows
    'read(4, "LOGIN ops {v}\\r\\n", 4096) = 31',
    "[pid 4411] sendmsg(7, \"AUTH {v}\\r\\n\", 20) = 20",
    "reply: 'PASS {v}\\r\\n'",
    # ... its words each quoted (a server's log of commands)
    '1731402113.221 [0 unix:/run/redis.sock] "auth" "ops" "{v}"',
    # what stays: a mechanism's name, a test runner's verdict, a longer sentence, lowercase prose
    "C: AUTH LOGIN\nS: 334 VXNlcm5hbWU6",
    "PASS src/components/App.test.js",
    "PASS tests/unit/parser.spec.ts (5.1 s)",
    "ALTER LOGIN sa DISABLE",
    "please pass the token along",
    "you need to login first",
])  # fmt: skip
def test_a_protocol_command_takes_a_credential_at_its_place(template):
    _gone(template)


def test_smtp_auth_plain_initial_response():
    v = "AG9wc0BleGFtcGxlLm9yZwBMYW50ZXJuI0Zqb3JkOA=="
    for text in (f"C: AUTH PLAIN {v}\nS: 235 ok", f"send: 'AUTH XOAUTH2 {v}\\r\\n'"):
        assert v not in clean_text(text)


@pytest.mark.parametrize("template", [
    "sentinel auth-pass cache-primary {v}",
    "rcon-cli --host mc.internal --port 25575 --password {v} list",
    "mcrcon -H 10.1.2.3 -p {v} -t",
    "sentinel auth-pass cache-primary ${SENTINEL_PASS}",
])  # fmt: skip
def test_a_directive_or_a_console_flag_takes_a_password_at_its_place(template):
    _gone(template)


@pytest.mark.parametrize("template", [
    # a placeholder named for a secret, with the value it falls back to
    "export SMTP_PASS=${SMTP_PASS:-{v}}",
    "  - REDIS_PASSWORD=${REDIS_PASSWORD-{v}}",
    "token: ${GITEA_TOKEN:={v}}",
    "app.jwt.secret=${JWT_SECRET:{v}}",
    'signingKey: "${app.signing-key.secret:{v}}"',
    "auth_token = {{ .Values.auth.token | default \"{v}\" }}",
    "PGPASSWORD={{ pg_password | default('{v}') }}",
    "password: {{ env \"MAIL_PASSWORD\" | default \"{v}\" }}",
    # what stays: no default, an empty one, another placeholder, a name that says no secret
    "export SMTP_PASS=${SMTP_PASS:-}",
    "export SMTP_PASS=${SMTP_PASS:-$(cat /run/secrets/smtp)}",
    "token: ${GITEA_TOKEN:-${FALLBACK_TOKEN}}",
    "port: ${SMTP_PORT:-587}",
    "host: ${DB_HOST:-db.internal.example.com}",
    "region = {{ .Values.region | default \"eu-west-1\" }}",
    "key_prefix: ${CACHE_KEY_PREFIX:-myapp}",
])  # fmt: skip
def test_a_placeholder_named_for_a_secret_falls_back_to_a_value(template):
    _gone(template)


@pytest.mark.parametrize("template", [
    # a URL's parameter named for a secret, in its fragment or as a matrix parameter of a path
    "https://maps.example.org/view?layer=roads#apikey={v}",
    "https://viewer.example.org/#key={v}",
    "https://cdn.example.org/embed?x=1#secret={v}&lang=en",
    "open https://portal.example.org/login#auth={v}",
    "GET /files;token={v}/q3-report.xlsx HTTP/1.1",
    "https://files.example.org/share;key={v};type=pdf",
    # what stays: an anchor of a page, a matrix parameter of no secret, a session's place in a path
    "https://docs.example.org/guide?v=2#password-reset",
    "https://files.example.org/dl;type=pdf/report.pdf",
    "https://docs.example.org/api#key=value",
    "#password=changeme",
])  # fmt: skip
def test_a_url_parameter_in_a_fragment_or_a_path_segment(template):
    _gone(template)



def test_a_path_segments_parameter_ends_at_the_segment():
    clean_text("https://shop.example.org/cart;jsessionid=" + RANDOM + "?item=4")  # (a query's end read before)
    out = clean_text(f"GET /files;token={PW}/q3-report.xlsx HTTP/1.1")
    assert PW not in out and "/q3-report.xlsx" in out


@pytest.mark.parametrize("template", [
    # part three's lessons, in other instances: a command on any line of a dialogue, after another
    # command's option (Redis HELLO), AUTHENTICATE with quoted words, a buffer opened after `=` or `{`
    "* OK [CAPABILITY IMAP4rev1] ready\nx9 LOGIN mail-ops {v}\nx9 OK Logged in",
    "127.0.0.1:6380> HELLO 2 AUTH svc {v}",
    'a3 AUTHENTICATE "PLAIN" "{v}"',
    "AUTHENTICATE PLAIN {v}",
    'recvmsg(9, {msg_iov=[{iov_base="PASS {v}\\r\\n", iov_len=40}]}, 0) = 20',
    '(gdb) x/s line\n0x602010:\t"LOGIN mail-ops {v}\\r\\n"',
    '$2 = "AUTH {v}\\r\\n"',
    # what stays: a mechanism named alone, quoted
    'a3 AUTHENTICATE "PLAIN"',
    "a3 AUTHENTICATE XOAUTH2",
    'msg="AUTH failed"',
    "capabilities = 'AUTH ENABLE UTF8=ACCEPT'",
    "  Auth -> /home/dev/app/src/Auth/bin/Release/net8.0/Auth.dll\nBuild succeeded.".upper(),
])  # fmt: skip
def test_a_protocol_command_in_more_leads_and_buffers(template):
    _gone(template)


@pytest.mark.parametrize("template", [
    "mail.smtp.password=${MAIL_SMTP_PASSWORD:{v}$x}",
    "{% set api_secret = config.api_secret | default('{v}') %}",
])  # fmt: skip
def test_a_default_holding_a_dollar_a_template_statement(template):
    _gone(template)


def test_a_signature_as_a_path_segments_parameter():
    assert RANDOM not in clean_text(f"https://media.example.org/v;sig={RANDOM}/clip.mp4")


@pytest.mark.parametrize("text", [
    '1731500000.001 [0 10.1.1.1:5000] "AUTH" "svc" "(hidden)"',
    "mysql -u root -p[masked] app",
])  # fmt: skip
def test_a_stand_in_word_in_brackets_is_no_value(text):
    _gone(text)


def test_a_buffer_after_an_address_holds_a_protocol_line():
    assert PW not in clean_text(f'(char *) $1 = 0x000060000213 "AUTH {PW}\\r\\n"')
    kept = 'echo "PASS the salt"'
    assert clean_text(kept) == kept


@pytest.mark.parametrize("template", [
    # a struct or a map printed with its fields' names and no quotes (Go's %+v and %v of a map)
    "cfg: &{Addr:redis:6379 Username:svc Password:{v} DB:0}",
    "loaded {Endpoint:https://api.example.org ApiKey:{v} Timeout:30s}",
    "opts=map[password:{v} user:svc]",
    "{Name:billing ClientSecret:{v}}",
    # what stays: a field naming no secret, a secret's field holding nothing
    "opts=map[token_file:/run/secrets/token user:svc]",
    "{Name:billing ClientSecret:<nil>}",
])  # fmt: skip
def test_a_struct_dump_field_named_for_a_secret(template):
    _gone(template)
