"""A secret's name and the nearest literal after it on its line, in any language's syntax
(store/privacy/evidence_lines.py): a binding operator, a type or a selector between, or a value
moved TO its name; the same lines holding a reference, a placeholder, an id, a count, a piece of
a concatenation, another key's value or a call's argument are kept."""

from __future__ import annotations

import pytest

from store.privacy import Look, clean_text
from store.privacy.evidence_lines import evidence_lines
from store.privacy.names import secret_word_hits

PW = "Marmot!Quay38"
KEY = "Zk82mPqL1xQw93mTq7LmN4vB"


@pytest.mark.parametrize(("line", "secret"), [
    (f"  smtp_password = :: '{PW}'", PW),                       # an operator no finder lists
    (f"Settings at: #mailPassword put: '{PW}'.", PW),           # a selector between (Smalltalk)
    (f"(defvar *mail-secret* \"{KEY}\")", KEY),                  # a Lisp binding
    (f"DATA lv_mail_password TYPE string VALUE '{PW}'.", PW),   # a type and a keyword between (ABAP)
    (f"Dim relayPassword As String = \"{PW}\"", PW),            # VB: `As String =`
    (f"relay_password := '{PW}';", PW),                          # Pascal, Go, Odin
    (f"MOVE '{PW}' TO ws-relay-password.", PW),                  # a value moved to its name (COBOL, ABAP)
    (f"\"{PW}\" -> relay_password", PW),                         # R's rightward assignment
    (f"config(relay_secret, \"{KEY}\").", KEY),                  # a fact's arguments (Prolog)
    (f"ENV relay_token={KEY} other=1", KEY),                     # a bare token after `=`
])  # fmt: skip
def test_the_value_goes(line, secret):
    cleaned = clean_text(line)
    assert secret not in cleaned and "[REDACTED:" in cleaned


@pytest.mark.parametrize("line", [
    "relay_password := getenv('RELAY_PASSWORD');", "(defvar *mail-secret* (uiop:getenv \"MAIL_SECRET\"))",
    "DATA lv_mail_password TYPE string.", "relay_password := '<your-password>';", "relay_password := 'changeme';",
    "relay_password = relay_password + 'anonymous@'", "token = ObjectId(\"507f1f77bcf86cd799439011\")",
    "user.set_password(form.cleaned_data[\"password1\"])", "password_hash=hash(pw), id=\"0eb87f09-7690-453d-a250-1b80a757f14d\"",
    "# token          = 1*tchar", "token = self[0]", "#1 token_verify (tok=0x0, key=0x5597a6bb8071 <signing_key>, key_len=32)",
    "relay_password_version := 'v2.4.1'", "Unknown password hashing algorithm 'argon2'.", "<Pass encoding=\"base64\">",
    "WebhookSecret string `env:\"STRIPE_WEBHOOK_SECRET\"`", "mongodb+srv://<username>:<password>@cluster0.mongodb.net/",
    "Rotate `JWT_SECRET`: this invalidates every token. Set `REFRESH_TOKEN_TTL=3600` to shorten exposure.",
])  # fmt: skip
def test_lines_without_a_secret_are_kept(line):
    assert clean_text(line) == line


def test_the_finder_alone_finds_the_value_in_a_language_of_its_own():
    # (the mechanism, not the filter's other finders: a binding no finder was written for)
    text = f"let relay_password <~ \"{PW}\" ;; fake syntax"
    look = Look(text)
    found = []
    evidence_lines(text, secret_word_hits(look.anchors), found)
    assert [text[s:e] for s, _p, e, _k in found] == [PW]
