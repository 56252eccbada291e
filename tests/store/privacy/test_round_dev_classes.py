"""Classes of the dev part closed by mechanism in one round, each with a neighbour that stays as it
was: a person's dotted password (`ember.Glade6`: a word, a dot, a capitalised word ending in digits)
quoted after a secret's name in any syntax, where the quotes make it a literal and not a member of
code, or
bare in a quoted connection string's `key=value` words, where no code runs; and a type's size
(`PIC X(20)`) between a name and its value is the type's, no argument list's end."""

from __future__ import annotations

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

