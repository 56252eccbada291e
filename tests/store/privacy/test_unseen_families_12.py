"""Families of the twelfth attacker's batch (tests/privacy_eval/dev_unwritten12.py: forms no batch
wrote), each fixed by what it is, not by its case: an element named for a secret whose opening
tag has attributes (store/privacy/formats.py), a REPL's answer to a lookup of a secret's name
(store/privacy/processes.py).  The shapes here are other instances than the batch's."""

from __future__ import annotations

import pytest

from store.privacy import clean_text
from tests.store.privacy import gone

PW = "Lantern" + "#Fjord8"
RANDOM = "Tq8vWm2Lx9Rk" + "Hn4Pz7Bc3Yd6"


def _gone(template, values=(PW, RANDOM)):
    gone(template, values)


@pytest.mark.parametrize("template", [
    '<Password encoding="base64">{v}</Password>',
    '<ns2:Secret xsi:type="xsd:string">{v}</ns2:Secret>',
    '<apiKey scope="global">{v}</apiKey>',
    '<o:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">{v}</o:Password>',
    # what stays: a digest, an encrypted value, a reference, a placeholder
    '<wsse:Password Type="...#PasswordDigest">c2VjcmV0ZGlnZXN0dmFsdWU=</wsse:Password>',
    '<Pass encoding="crypt">YWJjZGVmZ2hpamtsbW5vcA==</Pass>',
    '<password required="true">${DB_PASSWORD}</password>',
    '<Password type="text">changeme</Password>',
])  # fmt: skip
def test_an_element_with_attributes(template):
    _gone(template)


@pytest.mark.parametrize("template", [
    "In [7]: os.environ['GITHUB_TOKEN']\nOut[7]: '{v}'",
    '> Sys.getenv("DB_PASSWORD")\n[1] "{v}"',
    "pry(main)> ENV['SECRET_KEY_BASE']\n=> \"{v}\"",
    "iex(1)> System.fetch_env!(\"API_KEY\")\n\"{v}\"",
    # what stays: an empty answer, a reference, a name that is no secret's
    '> Sys.getenv("OPENAI_API_KEY")\n[1] ""',
    "In [2]: os.environ['HOME']\nOut[2]: '/home/ana'",
    'os.environ["DB_PASSWORD"]\n"${DB_PASSWORD}"',
])  # fmt: skip
def test_a_repl_answer_to_a_lookup(template):
    _gone(template)


@pytest.mark.parametrize("template", [
    'reg add "HKLM\\SOFTWARE\\Acme\\Agent" /v ApiToken /t REG_SZ /d {v} /f',
    "New-ItemProperty -Path HKLM:\\SOFTWARE\\Acme -Name DbPassword -Value '{v}' -PropertyType String",
    # what stays: a variable, a name that is no secret's, a query
    "Set-ItemProperty -Path $winlogon -Name DefaultPassword -Value $plain",
    'reg add "HKLM\\SOFTWARE\\Acme" /v DefaultUserName /d ana /f',
    'reg query "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /v DefaultPassword',
])  # fmt: skip
def test_a_value_flag_after_a_name_flag(template):
    _gone(template)


@pytest.mark.parametrize("text", [
    'smtp_pass = "`pass show mail/smtp`"',
    'let token = read("env:GITHUB_TOKEN")',
    "password = env:DB_PASSWORD",
    '"rpc-password": "{' + "4e5b1c2d3a6f7e8d9c0b1a2f3e4d5c6b7a8f9e0d" + 'Xy3.kQ9z",',
])  # fmt: skip
def test_a_reference_by_its_mark_stays(text):
    assert clean_text(text) == text
