"""Recall by mechanism, after the twelfth batch's part two (tests/privacy_eval/dev_unwritten12.py):
each test names a class of place a credential stands in, with instances other than the batch's."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "Lantern" + "#Fjord8"
RANDOM = "Tq8vWm2Lx9Rk" + "Hn4Pz7Bc3Yd6"


def _gone(template, values=(PW, RANDOM)):
    """Each value is redacted from the template, or (a template without `{v}`) the text stays."""
    if "{v}" not in template:
        assert clean_text(template) == template
        return
    for v in values:
        out = clean_text(template.replace("{v}", v))
        assert v not in out, out


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
