"""Classes of the dev part closed by mechanism in one round, each with a neighbour that stays as it
was: a person's dotted password (`ember.Glade6`: a word, a dot, a capitalised word ending in digits)
quoted after a secret's name in any syntax, where the quotes make it a literal and not a member of
code, or
bare in a quoted connection string's `key=value` words, where no code runs; and a type's size
(`PIC X(20)`) between a name and its value is the type's, no argument list's end."""

from __future__ import annotations

import base64

from store.privacy import clean_text
from tests.privacy_eval import gen
from tests.store.privacy import kept, redacted

# A dotted password a person joins from two words; our own values.
DOTTED = "willow.Brook84"


def test_a_quoted_dotted_password_after_a_secrets_name_goes():
    redacted(f"  l_smtp_pwd VARCHAR2(64) := '{DOTTED}';", DOTTED)
    redacted(f'setting(mail_password, "{DOTTED}").', DOTTED)
    redacted(f"{{\n  dbToken:: '{DOTTED}',\n  host: 'db',\n}}", DOTTED)
    redacted(f"       05 WS-SMTP-PASSWORD PIC X(20) VALUE '{DOTTED}'.", DOTTED)
    redacted("       05 WS-SMTP-PASSWORD PIC X(20) VALUE 'Heron!Gate7'.", "Heron!Gate7")


def test_a_dotted_password_in_a_quoted_connection_string_goes():
    redacted(f'conn = Pg.connect("host=db dbname=app user=app password={DOTTED}")', DOTTED)


def test_a_member_of_code_or_a_quoted_name_after_a_secrets_name_is_kept():
    kept("password = pair.Item2")
    kept("var pwd = Me.Label1.Text")
    kept('secret_key = os.environ["SECRET_KEY"]')
    kept('token_class = "auth.Token"')
    kept("       05 WS-SMTP-PASSWORD PIC X(20) VALUE SPACES.")
    kept('conn = connect(host="db", password=cfg.Pass2)')


# A command that prints a secret, shown on its line with its output of one line below it (a terminal
# pasted, a file of notes): the output goes, as a stored `$ COMMAND` memory's output goes.

def test_one_line_printed_by_a_secret_printer_below_its_command_goes():
    out = gen("printed-below", 24)
    b64 = base64.b64encode(gen("printed-below-b64", 14).encode()).decode()
    redacted(f"kubectl get secret api -o jsonpath='{{.data.token}}'\n{b64}", b64)
    redacted(f"notes:\ngh auth token\n{out}\n\nthen export it", out)


def test_a_selector_of_metadata_a_longer_output_or_prose_below_a_printer_is_kept():
    kept("kubectl get secret api -o jsonpath='{.metadata.uid}'\n6f1c2d3e-9a8b-4c7d-8e6f-5a4b3c2d1e0f")
    kept("kubectl get secret api -o jsonpath='{.data.token}' | base64 -d\nThen-paste-it-into-settings")
    kept("cat README.md\nInstallation_notes_v2")


# A command line written as a YAML list, one word an item (store/privacy/block_lists.py).

def test_a_flags_value_in_a_command_written_as_a_yaml_list_goes():
    s = gen("yaml-argv", 24)
    redacted(f"command:\n  - /app/server\n  - --api-token\n  - {s}\n", s)
    redacted("args:\n  - \"--db-password\"\n  - \"Heron!Gate7\"\n  - \"--port\"\n  - \"8080\"\n", "Heron!Gate7")


def test_a_yaml_list_of_words_or_a_flags_setting_name_is_kept():
    kept("command:\n  - /app/server\n  - --token-file\n  - /run/secrets/api_token\n  - --port\n  - 8080\n")
    kept("steps:\n  - checkout\n  - Heron!Gate7\n")
    kept("args:\n  - --password-env\n  - DB_PASSWORD\n")


# A form's anti-forgery token under a key that names it, in any syntax (store/privacy/never.py
# ANTI_FORGERY_KEY): the page's token, no credential, as it is in the form's own <input>.

def test_an_anti_forgery_token_under_its_key_is_kept_beside_a_password_that_goes():
    tok = gen("anti-forgery", 32)
    out = clean_text('Parameters: {"authenticity_token"=>"' + tok + '", "user"=>{"password"=>"Heron!Gate7"}}')
    assert tok in out and "Heron!Gate7" not in out
    kept('{"csrf_token": "' + tok + '", "next": "/account"}')
    kept("csrftoken=" + tok + "\n")


def test_a_key_that_signs_anti_forgery_tokens_or_a_copied_requests_header_stays_redacted():
    key = gen("csrf-signing-key", 32)
    redacted('WTF_CSRF_SECRET_KEY = "' + key + '"', key)
    redacted("csrf_secret: " + key, key)
    redacted('curl -H "X-CSRF-Token: ' + key + '" https://app.example.com/api/me', key)


# `to` after an English label is a preposition, not the copula it is in Polish and Czech
# (candidates._after_label_words): the word after it is taken on a sentence's evidence only.

def test_a_capital_after_an_english_label_and_to_is_kept():
    kept('WEBHOOK_SECRET = "It\'s a Secret to Everybody"')
    kept("the password to Production lives in the vault")


def test_a_password_after_to_or_the_copula_to_of_a_slavic_label_still_goes():
    redacted("the password to Heron7Gate! is wrong", "Heron7Gate!")
    redacted("the password to the box is Heron7Gate", "Heron7Gate")
    redacted("hasło to Sunshine", "Sunshine")
    redacted("I changed the secret to Sunshine", "Sunshine")


# A type of code named by a plural secret word holds secrets in its members, as a `secrets:` mapping
# does (candidates._under_secret_parent).

def test_a_member_of_a_type_named_for_secrets_goes():
    redacted("export const enum Secrets { Mapbox = 'Heron!Gate7' }", "Heron!Gate7")
    redacted('object Credentials {\n    const val SMTP = "Heron!Gate7"\n    const val REGION = "eu-west-1"\n}',
             "Heron!Gate7")


def test_names_and_settings_in_a_type_named_for_secrets_are_kept():
    kept('enum Secrets { Db = "db-password", Api = "API_KEY", Ttl = "3600" }')
    kept('object Credentials {\n    const val REGION = "eu-west-1"\n}')
    kept('enum SecretNames { Db = "db-password" }')


# A person's dotted password after a scheme word (values.token_like), as after a secret's name.

def test_a_dotted_password_after_bearer_goes():
    redacted(f"Authorization: Bearer {DOTTED}", DOTTED)
    redacted(f"  l_headers(1).value := 'Bearer {DOTTED}';", DOTTED)


def test_a_member_of_code_after_bearer_is_kept():
    kept("Authorization: Bearer self.token")
    kept('headers["Authorization"] = "Bearer " + cfg.Token2')


# A GraphQL variable bound to a secret's argument, its value in the request's variables
# (store/privacy/graphql_vars.py).

def test_a_graphql_variable_bound_to_a_password_argument_goes():
    q = '{"query":"mutation L($u:String!,$x:String!){signIn(user:$u,password:$x){id}}","variables":{"u":"ana","x":"%s"}}'
    redacted(q % "Heron!Gate7", "Heron!Gate7")
    redacted(q % DOTTED, DOTTED)


def test_a_graphql_variable_of_an_id_a_cursor_or_a_reference_is_kept():
    kept('{"query":"query Q($id: ID!, $after: String){ node(id: $id) { name } }",'
         '"variables":{"id":"Heron!Gate7","after":"Y3Vyc29yOjE="}}')
    kept('{"query":"mutation($x: String!){ signIn(password: $x) { id } }","variables":{"x":"$PASSWORD"}}')
    kept('{"query":"mutation L($u:String!,$x:String!){signIn(user:$u,password:$x){id}}","variables":{"u":"Heron!Gate7"}}')
