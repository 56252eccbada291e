"""Real part C's shapes (other words and values): a translation table printed by a database client
(rows of a key and its text, one row's key or text a secret's word), and a JWT whose own claims say
it is the anonymous role's key, public by design.

Where the line is drawn:
- a table's header is its FIRST line: a line with a line of as many cells right above it (tabs
  apart, or gaps at the same columns) is a row, whatever its cells say, and the rows below it are
  not read as that column's values (`signin.password<TAB>Wachtwoord` in the middle of a table of
  texts).  A header that is the table's first line still makes its column's cells secrets, words
  or not (`Sommerwind` under `password`);
- a JWT is public when its payload's `role` claim names the anonymous role (`anon`, `anonymous`)
  and it names no subject (no `sub`, `email`, `user_id`, `session_id`): the key a browser is given
  before anyone signs in.  The same key of another role (`service_role`, `authenticated`), or of
  the anonymous role but for a subject (a session), stays a secret; so does one whose payload does
  not decode."""

from __future__ import annotations

import base64
import json

from tests.privacy_eval import gen
from tests.store.privacy import kept, redacted


# ---------------------------------------------------------------- a table's row is not its header
def test_rows_below_a_row_that_names_a_secret_are_kept():
    for text in (
            "entry\ttext\nhome.back\tTerug\nsignin.password\tWachtwoord\nsignin.button\tInloggen\n"
            "signin.heading\tWelkom terug\nfind.title\tZoeken\n",
            "entry\ttext\nhome.back\tRetour\nsignin.token\tJeton\nsignin.button\tConnexion\n"
            "signin.heading\tBienvenue\nfind.title\tRecherche\n",
            "200\nlang\tentry\ttext\nde\tmenu.api_keys\tAPI-Schl\u00fcssel\nen\tmenu.api_keys\tAPI keys\n"
            "de\tmenu.history\tVerlauf\nen\tmenu.history\tHistory\nde\tmenu.orders\tBestellungen\n",
            "ENTRY             TEXT\nhome.back         Terug\nsignin.password   Wachtwoord\n"
            "signin.button     Inloggen\nfind.title        Zoeken\n"):
        kept(text)


def test_a_tables_first_line_still_names_its_columns_secrets():
    pw = "Kq" + gen("real-c-row-pw", 10)
    for text in (
            "host\tuser\tpassword\ndb1\tadmin\t" + pw + "\ndb2\troot\tSommerwind\n",
            "mysql: [Warning] Using a password on the command line interface can be insecure.\n"
            "user\tpassword\nadmin\t" + pw + "\nroot\tSommerwind\n",
            "HOST       USER     PASSWORD\ndb1        admin    " + pw + "\ndb2        root     Sommerwind\n"):
        redacted(text, pw)
        redacted(text, "Sommerwind")


# ---------------------------------------------------------------- a JWT public by its claims
def _jwt(claims: dict, seed: str, head: str = "") -> str:
    def enc(obj):
        return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")

    return (head or enc({"alg": "HS256", "typ": "JWT"})) + "." + enc(claims) + "." + gen(seed, 43)


def _places(token: str):
    return ('export PROJECT_KEY="' + token + '" && python3 scripts/report.py\n',
            'client = create_client(\n    "https://qwzmbtkxprlvynsd.example.co",\n    "' + token + '"\n)\n',
            "cd ~/app && PROJECT_KEY=" + token + " python3 weekly.py\n",
            "const key = '" + token + "';\n")


def test_a_jwt_of_the_anonymous_role_is_kept():
    for claims in ({"iss": "db-host", "ref": "qwzmbtkxprlvynsd", "role": "anon", "iat": 1700000000, "exp": 2000000000},
                   {"role": "anonymous", "iss": "gateway", "exp": 2000000000}):
        token = _jwt(claims, "real-c-anon-" + claims["role"])
        for text in _places(token):
            kept(text)
    # (a header whose first characters were garbled on the way: the payload still says what it is)
    token = _jwt({"iss": "db-host", "role": "anon", "exp": 2000000000}, "real-c-anon-garbled",
                 head="eyJhbGciOiJIUzI1NiIsInR5cAPI6IkpXVCJ9")
    kept('export PROJECT_KEY="' + token + '"\n')


def test_a_jwt_of_another_role_or_of_a_subject_stays_redacted():
    for claims in ({"iss": "db-host", "ref": "qwzmbtkxprlvynsd", "role": "service_role", "exp": 2000000000},
                   {"iss": "db-host", "role": "authenticated", "sub": "5b1c9e2a-0d4f-4c3b-9a8e-1f2d3c4b5a69"},
                   {"iss": "db-host", "role": "anon", "sub": "5b1c9e2a-0d4f-4c3b-9a8e-1f2d3c4b5a69"},
                   {"iss": "db-host", "role": "anon", "email": "someone@example.org"},
                   {"iss": "db-host", "exp": 2000000000}):
        token = _jwt(claims, "real-c-role-" + json.dumps(claims))
        for text in _places(token):
            redacted(text, token)
    # a payload that does not decode to claims
    token = "eyJhbGciOiJIUzI1NiJ9.eyJ" + gen("real-c-bad-payload", 40) + "." + gen("real-c-bad-sig", 43)
    redacted('export PROJECT_KEY="' + token + '"\n', token)
