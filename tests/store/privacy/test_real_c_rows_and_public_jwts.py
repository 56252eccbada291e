"""Real part C's shapes (other words and values): a translation table printed by a database client
(rows of a key and its text, one row's key or text a secret's word), and a JWT whose own claims say
it is the anonymous role's key, public by design.

Where the line is drawn:
- a table's header is its FIRST line: a line right under the first line of as many cells (tabs
  apart, or gaps at the same columns) is a row, whatever its cells say, and the rows below it are
  not read as that column's values (`signin.password<TAB>Wachtwoord` in the middle of a table of
  texts), and a cell that is a dotted path (`signin.password`) is a row's key, never a column's
  name.  A header that is the table's first line still makes its column's cells secrets, words
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
            "signin.button     Inloggen\nfind.title        Zoeken\n",
            # (keys of no dots: the first row under the header names an API key)
            "lang\tentry\ttext\nde\tmenu_api_keys\tAPI-Schl\u00fcssel\nen\tmenu_api_keys\tAPI keys\n"
            "de\tmenu_history\tVerlauf\nen\tmenu_history\tHistory\nde\tmenu_orders\tBestellungen\n",
            "ENTRY             TEXT\nsignin_password   Wachtwoord\nsignin_button     Inloggen\nfind_title        Zoeken\n"):
        kept(text)


def test_rows_of_a_table_without_a_header_are_kept():
    # (a client told to print no column names: the first row's key is a dotted path, a name in a
    # namespace, never a column's name)
    for text in ("signin.password\tWachtwoord\nsignin.button\tInloggen\nsignin.title\tWelkom\n",
                 "signin.password   Wachtwoord\nsignin.button     Inloggen\nsignin.title      Welkom\n"):
        kept(text)


def test_a_tables_first_line_still_names_its_columns_secrets():
    pw = "Kq" + gen("real-c-row-pw", 10)
    for text in (
            "host\tuser\tpassword\ndb1\tadmin\t" + pw + "\ndb2\troot\tSommerwind\n",
            "mysql: [Warning] Using a password on the command line interface can be insecure.\n"
            "user\tpassword\nadmin\t" + pw + "\nroot\tSommerwind\n",
            "HOST       USER     PASSWORD\ndb1        admin    " + pw + "\ndb2        root     Sommerwind\n",
            # (two result sets of a batch printed back to back: the second's header under the
            # first's last row, itself under another row)
            "id\tname\n1\tfoo\n2\tbar\nuser\tpassword\nadmin\t" + pw + "\nroot\tSommerwind\n",
            "name\tvalue\nmode\tfast\nsize\tlarge\nuser\tpassword\nadmin\t" + pw + "\nroot\tSommerwind\n"):
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


# ---------------------------------------------------------------- words in a key's or a token's place
# An API key or an access token is issued by a machine: ASCII, one run, no space.  A value of words
# (a space between them) or of letters outside ASCII, under a label that says API key or token, is
# the text a person reads there (a translation's `"apiKey": "Clé d'accès"`), in any syntax.  The
# line: a password or a secret is chosen by a person and may be words or any letters
# (`"Paris en été"`, `Contraseña1`, `le petit prince`): those stay secrets; so does a key or token of
# one ASCII word (`TOKEN=letmein`), or whose words hold a digit or a random run.
def test_words_under_an_api_key_or_token_label_are_kept():
    for text in (
            '{"settings": {"apiKey": "Cl\u00e9 d\u2019acc\u00e8s", "token": "Jeton personnel", "title": "R\u00e9glages"}}',
            'form:\n  api_key: Chiave di accesso\n  token: Gettone\n  title: Impostazioni\n',
            "auth.api_key=API-n\u00f8kkel\nauth.token=Tilgangsn\u00f8kkel\nauth.title=Innstillinger\n",
            "  'api_key' => 'Klucz dost\u0119pu',\n  'token' => '\u017betonik',\n",
            '"apiKey": "\u041a\u043b\u044e\u0447 \u043a\u043b\u0438\u0435\u043d\u0442\u0430", "token": "\u041c\u0430\u0440\u043a\u0435\u0440"',
            '"api_key": "API \u30ad\u30fc\u3092\u5165\u529b", "token": "\u30a2\u30af\u30bb\u30b9\u7528"',
            '<string name="api_key">Cl\u00e1v API</string>\n<string name="token">Prihlasovac\u00ed \u017eeton</string>\n',
            'msgid "Token"\nmsgstr "Jeton d\u2019identification"\n',
            '"token": "Your session has ended", "apiKey": "Paste your key here"'):
        kept(text)


def test_a_chosen_secret_or_a_generated_key_stays_redacted():
    key = gen("real-c-words-key", 32)
    for text, value in (
            ('"apiKey": "' + key + '"', key),
            ('"token": "Bearer ' + key + '"', key),
            ("TOKEN=letmein\n", "letmein"),
            ('{"token": "v\u00e9lo' + key[:12] + '"}', key[:12]),
            ('DB_PASS="Paris en \u00e9t\u00e9"\n', "Paris en \u00e9t\u00e9"),
            ("password: Contrase\u00f1a1\n", "Contrase\u00f1a1"),
            ('SESSION_SECRET="le petit prince"\n', "le petit prince"),
            ('"password": "correct horse battery staple"', "correct horse battery staple")):
        redacted(text, value)


# ---------------------------------------------------------------- a label's words to the line's end
# A `.properties` line's value is the rest of its line: `signin.password=Mot de passe` holds the
# lexicon's phrase, a label, though a finder ends an unquoted value at its first space (`Mot`).  The
# line: only where the words up to the line's end are, together, a secret's word of the lexicon;
# `password=Sel de mer` keeps its first word redacted as before.
def test_a_label_phrase_to_the_line_end_is_kept():
    for text in ("signin.password=Mot de passe\nsignin.submit=Connexion\n",
                 "signin.password = Palavra passe\nsignin.password.error=Mot de passe oubli\u00e9 ?\n",
                 "auth.password: Mot de passe\n"):
        kept(text)


def test_a_first_word_before_other_words_stays_redacted():
    redacted("password=Sel de mer\n", "Sel")
    redacted("DB_PASSWORD=Mot9x de passe\n", "Mot9x")


# ---------------------------------------------------------------- a text among translated labels
# A document in which another member's value is a secret's word of the lexicon in a language other
# than English (`"password": "Salasana"`) is a translation's table: its other values of letters
# alone (no digit, no random run) that are written for a person (a capital first, a space, or a
# letter outside ASCII) are its texts too, under whatever name (`"token": "Tunnus"`).  The line: an
# English label is no evidence (`"password": "password"` is a default's config, and its
# `"token": "letmein"` stays a secret), nor is a label 400 characters away or more; a lowercase
# word, a digit or a random run stays a secret beside any label.
def test_texts_beside_a_translated_label_are_kept():
    for text in (
            '{"password": "Salasana", "apiKey": "Rajapinta", "token": "Tunnus", "secret": "Salaisuus"}',
            "da:\n  password: Adgangskode\n  token: Adgangsbevis\n  secret: Hemmelighed\n  title: Log ind\n",
            "  'password' => 'Lozinka',\n  'token' => 'Znak',\n  'secret' => 'Tajna',\n",
            "auth.password=Jelsz\u00f3\nauth.secret=Titok\nauth.submit=Bel\u00e9p\u00e9s\n"):
        kept(text)


def test_a_chosen_secret_beside_an_english_or_far_label_stays_redacted():
    tok = "Tq" + gen("real-c-sibling-tok", 18)
    for text, value in (
            ('{"user": "admin", "password": "password", "token": "Letmein"}', "Letmein"),
            ('{"password": "Salasana", "token": "' + tok + '"}', tok),
            ('{"password": "Salasana", "secret": "sonnenblume"}', "sonnenblume"),
            ('{"password": "Salasana", "secret": "Kes\u00e4p\u00e4iv\u00e42"}', "Kes\u00e4p\u00e4iv\u00e42"),
            ('{"password": "Salasana",' + ' "note": "' + "x" * 420 + '", "secret": "Mustikka"}', "Mustikka")):
        redacted(text, value)


def test_a_chosen_secret_beside_a_label_under_another_name_stays_redacted():
    # (a password manager's entry: its type is the label's word, not a key that says password)
    redacted('{"type": "Salasana", "title": "Pankki", "password": "Mustikkapiirakka"}', "Mustikkapiirakka")
