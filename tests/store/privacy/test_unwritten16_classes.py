"""Classes the sixteenth blind batch of unwritten shapes (tests/privacy_eval/dev_unwritten16.py)
showed, each written here in other values and syntaxes than the batch's: tools whose output is a
secret, a name and its value apart (a property's `<name>` then `<value>`, a namespaced key in a
table), a tool's password argument, an e-mail login then its password, a clear scheme's value,
labels of the lexicon in their mutated or hyphenated forms, a provider's key shape; and what is
no secret where one would stand (an environment's reference, a template's macro, a variable's
name, a setting or a login before an `@`, a help text)."""

from __future__ import annotations

import pytest

from store.privacy import clean_text, redact_output
from store.privacy.outputs import output_is_secret
from tests.store.privacy import gone, kept, redacted

PW = "Gannet!Quill48"
RANDOM = "t8VqL2mZr5XkW9pN3cYh7BsD"
SECRET = "Hq7vN2xRt9LmKp4W"


@pytest.mark.parametrize("command", [
    "rage -d -i ~/.config/age/keys.txt secrets/db.age", "age --decrypt -i id.txt api-token.age | tr -d '\\n'",
    "/opt/opensearch/bin/opensearch-keystore show plugins.security.ssl.http.keystore_password",
    "php bin/console secrets:reveal MAILER_DSN", "cat /run/agenix/wireguard-key",
    "sudo cat /var/lib/rabbitmq/.erlang.cookie", "cat ~/.erlang.cookie && echo", "cat cookies.txt",
])  # fmt: skip
def test_a_decrypter_a_keystore_a_vault_or_a_cookie_file_prints_a_secret(command):
    assert output_is_secret(command)
    assert redact_output(command, SECRET + "\n") == "[REDACTED:secret_output]"


@pytest.mark.parametrize("command", [
    "age -d -i key.txt -o .env secrets.age", "age --decrypt -i k.txt db.age | wc -c", "opensearch-keystore list",
    "php bin/console secrets:reveal DATABASE_HOST", "mix phx.gen.secret --help", "age-keygen -y key.txt",
    "cat docs/cookie-policy.md",
])  # fmt: skip
def test_a_file_written_a_list_a_setting_or_a_help_text_is_no_secret_output(command):
    assert not output_is_secret(command)


def test_a_propertys_name_then_its_value_names_the_value():
    for name, value in (("fs.azure.account.oauth2.client.secret", RANDOM),
                        ("hive.server2.keystore.password", PW), ("fs.gs.auth.service.account.private.key", RANDOM)):
        redacted(f"<property>\n  <name>{name}</name>\n  <value>{value}</value>\n</property>", value)
    # a weak name (a `key`) takes a random value alone; a name of no secret, any value
    redacted(f"<property><name>fs.oss.accessKeySecret</name><value>{RANDOM}</value></property>", RANDOM)
    kept("<property>\n  <name>dfs.replication</name>\n  <value>3</value>\n</property>")
    kept("<property>\n  <name>fs.s3a.secret.key</name>\n  <value>${env:S3_SECRET}</value>\n</property>")
    kept("<property>\n  <name>ssl.key.alias</name>\n  <value>datanode</value>\n</property>")


def test_a_namespaced_key_starting_its_line_is_one_name():
    redacted(f"KEY                 VALUE\nshop:region         us-east-1\nshop:dbPassword     {PW}\n", PW)
    redacted(f"billing:stripeSecret   {RANDOM}\n", RANDOM)
    kept("shop:dbPassword     [secret]\nshop:region  us-east-1\n")
    kept("note:password reset done\n")


def test_a_tools_password_argument_and_a_padded_token():
    redacted(f'signtool sign /fd SHA256 /f build\\cert.pfx /p "{PW}" out\\App.msi', PW)
    # (a positional argument that ends in base64's padding `=` is a value, not an option's `name=value`)
    redacted("vault login " + RANDOM + "Q2x5ZWQ9In0=", RANDOM)
    kept("signtool verify /pa /v out\\App.msi")


def test_an_email_login_then_its_password_in_a_relay_table():
    gone("[smtp.sendgrid.net]:587 apikey@sendgrid.example:{v}\n", [PW, RANDOM])
    gone("relay-auth  ops@example.org:{v}", [PW, RANDOM])
    redacted(f"mail.example.org:alerts@example.org:{PW}\n", PW)
    for line in ("git@github.com:acme/app.git", "deploy@web1.example.com:/var/www", "ana@example.com:8080",
                 "write to ana@example.com: thanks", "/etc/ssmtp/ssmtp.conf:AuthUser=noreply@example.org"):
        kept(line)


def test_a_clear_schemes_value_is_the_password_a_hashs_is_not():
    redacted(f"ana@example.org:{{PLAIN}}{PW}:5000:5000::/var/vmail/ana::", PW)
    redacted(f"userPassword: {{CLEARTEXT}}{PW}", PW)
    kept("ana@example.org:{SSHA512}aGFzaGVkLWJ5LWRvdmVjb3QtYWRt:5000:5000::/home/ana::")


@pytest.mark.parametrize("text", [
    "Newidiais i fy nghyfrinair i {v} ddoe", "Rhowch eich cyfrinair: {v}",
    "O contrasinal do servidor de correo da empresa é {v} e non o cambies",
    "Ọ̀rọ̀ aṣínà fún wifi ni {v}.",
    "Iphasiwedi ye-wifi ku-ofisi ithi {v}. Ngiyabonga",
])  # fmt: skip
def test_labels_in_their_mutated_hyphenated_or_qualified_forms(text):
    gone(text, [PW])


def test_a_connector_hyphenated_to_its_word_is_not_the_connector():
    kept("Iphasiwedi ye-admin ayisebenzi")


def test_a_launchdarkly_server_sdk_key():
    redacted("const client = LaunchDarkly.init('sdk-3f9a1c2e-8b7d-4e6f-a5c4-1d2e3f4a5b6c');", "sdk-3f9a1c2e")
    kept("npm install @launchdarkly/node-server-sdk-otel")


def test_an_erlang_cookie_constant_not_a_cookie_header():
    redacted(f"ERLANG_COOKIE={RANDOM}", RANDOM)
    redacted(f"export RELEASE_COOKIE={RANDOM}\n", RANDOM)
    kept("Cookie: _ga=GA1.1.12345.67890; theme=dark")
    out = clean_text(f"Cookie: sessionid={RANDOM}; theme=dark")
    assert RANDOM not in out and "sessionid=" in out and "theme=dark" in out


def test_references_and_names_where_a_value_would_stand_are_kept():
    for line in ("api_key: os.environ/GROQ_API_KEY", "  master_key: os.environ/PROXY_MASTER_KEY",
                 'password = "$__file{/run/secrets/grafana_admin}"', "secret_key = $__env{GF_SECRET_KEY}"):
        kept(line)
    kept("local dbPassword = std.extVar('db_password');\n{ env: [{ name: 'DB_PASSWORD', value: dbPassword }] }")
    redacted(f"local dbPassword = '{PW}';\n{{ env: [{{ name: 'DB_PASSWORD', value: dbPassword }}] }}", PW)
    redacted(f"api_key: {RANDOM}", RANDOM)


def test_it_said_to_be_a_value_after_a_secrets_noun_in_the_sentence():
    gone("the vault passphrase never sticks, I paste it each morning (it's {v}) and it works", [PW, RANDOM])
    gone("the login says wrong password but I'm sure it is {v} - same as last week", [PW, RANDOM])
    for line in ("my token expired, it was fine yesterday", "the password is in the vault, it is stored there",
                 "the password manager: it's 1Password, and it's good", "Passwords rotate. It's v2.4.1 now."):
        kept(line)


def test_a_value_in_the_sentences_parentheses_goes_without_them():
    for text in ("Mae'r gweinydd yn gwrthod fy nghyfrinair ({v}) ar ôl i mi newid", "Rhowch eich cyfrinair ({v}) yma"):
        out = clean_text(text.replace("{v}", RANDOM))
        assert RANDOM not in out and "([REDACTED" in out, out
    kept("jelszó: (üres)")  # (an aside in the value's place: "(empty)")
