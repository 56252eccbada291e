"""Classes of the fifteenth blind batch (tests/privacy_eval/dev_unwritten15.py), each fixed by where
the value stands, not by its case (store/privacy/told.py, and small steps in candidates.py,
commands.py, names.py, rules.py and never_code.py).  Other words, values and syntaxes than the
batch's; values assembled at run time."""

from __future__ import annotations

import pytest

from store.privacy import clean_text
from tests.store.privacy import kept, redacted

PW = "Heron" + "%Gable73"
DOTTED = "Quill" + ".Marsh58"  # a password of a dotted name's shape: a literal only where no code runs
HEX32 = "7c1f" + "0a9e5b3d" * 2 + "4e62d8a1c9f0"
HEX40 = "9e4d" + "1b7a2c6f" * 4 + "3a05"
AWS_SECRET = "Rk7Tq" + "2vWmLx9Hn4Pz/7Bc3Yd6Jq+8sFgZ0pKw5Ut"
AWS_ID = "AKIA" + "QX7M2RT9WB4HNE6L"


@pytest.mark.parametrize("text", [
    # 1. a value in backticks later in a sentence that names a secret
    f"the password for the staging box changed again yesterday, now it is `{PW}` if you need it",
    f"gpg asks for the passphrase of my signing key on every commit, it's `{PW}` - can it be cached?",
    # 2. one of a run of NAME=value words after a command, a quote opening the run or not
    f'aws cloudformation deploy --template-file t.yml --parameter-overrides "Env=prod AdminPassword={DOTTED}"',
    f"make release CHANNEL=beta SIGNING_TOKEN={DOTTED}",
    f"sam deploy --parameter-overrides 'AdminPassword={DOTTED}' --no-confirm-changeset",
    # 3. a substitution's replacement where the pattern is a stand-in, or the line names a password
    f"sed -i 's/REPLACE_ME/{PW}/' config/db.yml",
    f"perl -pi -e 's#<your-password>#{PW}#g' settings.ini",
    f"sed -e 's|^.*mysql_password.*$|{PW}|' -i my.cnf",
    # 5. a URL's user that is the token: its password a provider's fixed word, or empty
    f"pip install git+https://{HEX40}:x-oauth-basic@github.com/acme/tools.git",
    f"git remote set-url origin https://{HEX40}:@git.example.org/team/app.git",
    # 7. a word of prose of another language inside its sentence; an AWS secret beside its key id
    f"Ahoj, server je 10.0.0.9, login root, heslo {PW} a pak restartuj nginx.",
    f"Hei, AWS nøkler: {AWS_SECRET} og {AWS_ID}, kan du sette opp profilen?",
    # 8. a user and a password in one word of the shell, the password quoted
    f"lftp -u mirror,'{PW}' ftp://files.example.net -e 'ls; bye'",
    f'curl -fsS -u deploy:"{PW}" https://ci.example.com/api/json',
])  # fmt: skip
def test_a_value_told_by_where_it_stands(text):
    value = next(v for v in (PW, DOTTED, HEX40, AWS_SECRET) if v in text)
    redacted(text, value)


def test_a_join_commands_path_token():
    # 4. a random segment of a join command's address
    text = f"run this on the node:\n  microk8s join 10.4.0.12:25000/{HEX32}/a1b2c3d4e5f6 --worker\n"
    redacted(text, HEX32)


def test_an_account_sid_beside_its_auth_token():
    # 6. a call's arguments in a job log: an account SID then a 32-hex value
    sid = "AC" + "5e8b" * 8
    text = f'  NotifyJob.Run("+15550100200", "{sid}", "{HEX32}") failed: 401 Unauthorized'
    redacted(text, HEX32)
    assert sid in clean_text(text)


@pytest.mark.parametrize("text", [
    # a provider's fixed word in a URL's password slot is no secret
    "git clone https://someuser:x-oauth-basic@github.com/acme/tools.git",
    # a code word in backticks, a pair in backticks, after a secret's noun
    "the token cookie lacks `HttpOnly` and `SameSite=Lax` on the login page",
    # a Kubernetes secret's name set by `=`, and the keys naming its fields
    "yq -i '.db.existingSecret = \"billing-pg\"' values.yaml",
    "auth:\n  existingSecret: billing-pg\n  userKey: app-login\n  passwordKey: db-pass\n",
    # a substitution whose pattern is no stand-in, on a line naming no password
    "sed -i 's/localhost/db.internal.example/' app.conf",
    # a mask, a path, a stand-in for a host: no secret put in a secret's place
    "printenv | grep -i token | sed 's/=.*/=****/'",
    "sed -i 's|/home/Password/docs|/srv/share/docs|g' notes.txt",
    "sed -i 's/CACHE_HOST_PLACEHOLDER/cache01.internal/g' nginx.conf",
    # a join command's address without a random segment
    "microk8s join 10.4.0.12:25000/short/abc",
])  # fmt: skip
def test_what_stays(text):
    kept(text)


@pytest.mark.parametrize("text", [
    # quoted alternatives after a secret's word: examples of a kind, not the value of the label
    "Walidator: hasła ze słownika typu 'Zima2025!' lub 'Asdf1234!' odrzucamy.",
    "The signup form must refuse passwords such as 'Summer2025!' or 'Letmein#99' with a clear message.",
])  # fmt: skip
def test_quoted_alternatives_are_examples(text):
    kept(text)
