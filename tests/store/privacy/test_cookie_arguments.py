"""A cookie string given to a client's cookie option (`curl -b "name=value"`, `--cookie`): read as
a Cookie header's value, a session cookie's value goes; a cookie jar's file name and a flag's
short value stay."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

SID = "s%3ApLmNo8IuYtReWq3AsDfGhJkZxCvB5nMq.Hk4JdLs9QpWoEiRuTy7ZmXnCbVaSdFgHjKlPoIuYtRe"


@pytest.mark.parametrize("command", [
    'curl -sk -X POST https://127.0.0.1:9443/api/calls -H "Content-Type: application/json" -b "connect.sid={}"',
    "curl --cookie 'lang=en; sessionid={}' https://app.example.org/me",
])  # fmt: skip
def test_the_session_cookie_given_to_curl_goes(command):
    out = clean_text(command.format(SID))
    assert SID not in out and "[REDACTED:cookie]" in out


@pytest.mark.parametrize("command", [
    "curl -b cookies.txt -c cookies.txt https://app.example.org/login",
    "curl -sk -b 'lang=fr;app_session=ignored' https://app.example.org/",
    'curl -b "theme=dark" https://app.example.org/',
    'git checkout -b "feature/login-form"',
])  # fmt: skip
def test_a_cookie_jar_or_a_flag_is_kept(command):
    assert clean_text(command) == command
