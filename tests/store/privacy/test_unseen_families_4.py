"""Families of the fourth attacker's batch (tests/privacy_eval/dev_unwritten4.py), each fixed by
what it is, not by its case: a password-like identifier in a log line, a key's material, a value
alone on the line below its label, ..."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "c0balt" + "_Sky"
RANDOM = "pciHmIEDJOd5" + "whq7hcb251s6WTqg"


@pytest.mark.parametrize("line", [
    f"2026-03-14 10:22:31,118 INFO  [main] Connecting with password={PW} to db.internal",
    f"Caused by: java.lang.IllegalStateException: Connecting with password={PW} failed",
    f"[2026-03-14T10:22:31Z] DEBUG auth: sending Authorization header, token={PW}",
])  # fmt: skip
def test_a_password_like_identifier_in_a_log_line_goes(line):
    # a digit inside a word's letters and words of both cases: a person's password, not a variable
    assert PW not in clean_text(line)


@pytest.mark.parametrize("line", [
    "password=db_password", "token=API_TOKEN", "token = self.next_token", "key=s3_bucket",
])  # fmt: skip
def test_variables_with_underscores_stay(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("line", [
    f"<keyMaterial>{PW}</keyMaterial>",
    f"<sharedKey>\n  <keyType>passPhrase</keyType>\n  <keyMaterial>{RANDOM}</keyMaterial>\n</sharedKey>",
    f'key_material = "{PW}"',
])  # fmt: skip
def test_a_keys_material_is_a_secret(line):
    assert PW not in clean_text(line) and RANDOM not in clean_text(line)


@pytest.mark.parametrize("text", [
    f"token\n{PW}", f"DB password below\n{RANDOM}", f"Here's the root password \u2014\n{PW}\n(rotate it)",
    f"the password -\n\n  {RANDOM}\n",
])  # fmt: skip
def test_a_value_alone_on_the_line_below_its_label(text):
    out = clean_text(text)
    assert PW not in out and RANDOM not in out


@pytest.mark.parametrize("text", ["token\nexpired", "Password\nReset", "password below\n(see the vault)",
                                  "token\n" + "-" * 20])  # fmt: skip
def test_a_word_below_a_label_stays(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("line", [
    f"cmdkey /generic:git:https://example.com /user:ana /password:{PW}", f'anytool /token:"{RANDOM}" /v',
    f"net use Z: \\\\fs01\\share {PW} /user:CORP\\ana",
])  # fmt: skip
def test_a_windows_switch_and_a_drive_letter(line):
    # `/name:value` is any Windows tool's switch; a drive's letter is no positional argument
    out = clean_text(line)
    assert PW not in out and RANDOM not in out


@pytest.mark.parametrize("line", ["net use Z: \\\\fs01\\share /user:CORP\\ana *", "see /password:reset page",
                                  "cmdkey /list:target"])  # fmt: skip
def test_windows_lines_without_a_secret_stay(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("text", [
    f'[credentials.registry]\nuser = "deploy"\nvalue = "{PW}"', f'[auth.smtp.prod]\nsecret = "{RANDOM}"',
    f'"secrets": [\n  {{"name": "db", "data": "{PW}"}},\n  {{"name": "api", "data": "{RANDOM}"}}\n]',
    f'"outputs": {{\n  "db_password": {{\n    "value": "{PW}",\n    "sensitive": true\n  }}\n}}',
])  # fmt: skip
def test_a_secret_under_a_parent_that_names_it(text):
    out = clean_text(text)
    assert PW not in out and RANDOM not in out


@pytest.mark.parametrize("text", [
    '{"db_host": {"value": "db.example.com"}}', '[credentials.registry]\nuser = "deploy"\nvalue = "changeme"',
    '"outputs": {\n  "db_password": {\n    "value": "",\n    "sensitive": true\n  }\n}',
])  # fmt: skip
def test_what_a_secret_parent_holds_that_is_no_secret_stays(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("line", [
    "$ pulumi config set --secret dbPassword", "deploy --token apiToken --region eu", "deploy --password db_password",
    "| service | user | password |\n|---|---|---|\n| db | app | (in vault) |", "password: [ask Ana]",
])  # fmt: skip
def test_a_secrets_name_or_an_aside_in_the_values_place_stays(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("line", [
    f"$ pulumi config set --secret dbPassword {PW}", f"deploy --password {PW}",
    f"| service | user | password |\n|---|---|---|\n| db | app | {RANDOM} |",
])  # fmt: skip
def test_the_value_beside_them_still_goes(line):
    out = clean_text(line)
    assert PW not in out and RANDOM not in out


@pytest.mark.parametrize("line", [
    f"basic_auth 'ana', '{PW}'", f"req.basic_auth 'ana', '{RANDOM}'", f'http_auth "ana" "{PW}"',
    f"here's the db password, {PW}", f"the token, {RANDOM}.",
])  # fmt: skip
def test_a_call_without_parentheses_and_a_value_after_a_comma(line):
    out = clean_text(line)
    assert PW not in out and RANDOM not in out


@pytest.mark.parametrize("line", [
    "basic_auth 'ana', ENV['PASS']", "basic_auth user, pass", "I reset the password, thanks",
    "the password, however, is in the vault", "check the password, token and key",
])  # fmt: skip
def test_their_look_alikes_stay(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("line", [
    f'dotnet user-secrets set "Smtp:Password" {PW}', f'dotnet user-secrets set "A:Password" "{RANDOM}"',
    f'buildConfigField "String", "DB_SECRET", "\\"{PW}\\""', f'r.hset("creds", "password", "{PW}")',
])  # fmt: skip
def test_a_quoted_name_then_the_value_it_sets(line):
    out = clean_text(line)
    assert PW not in out and RANDOM not in out
    assert "\\[REDACTED" not in out  # an escaped quote around the value stays the string's


@pytest.mark.parametrize("line", [
    'dotnet user-secrets set "A:Password" $env:PASSWORD', 'buildConfigField "String", "API_KEY", "\\"${apiKey}\\""',
    'x = f(a, "token", None)', 'print("user", "password", "ok")',
])  # fmt: skip
def test_a_quoted_name_with_a_reference_stays(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("line", [
    f"пароль от базы {PW}", f"password for staging {RANDOM}", f"mot de passe du serveur {PW}",
    f"パスは{PW}です", f"パスは{RANDOM}です", f"パス: {PW}",
])  # fmt: skip
def test_a_label_qualified_without_a_separator_and_a_short_label_of_chat(line):
    out = clean_text(line)
    assert PW not in out and RANDOM not in out


@pytest.mark.parametrize("line", [
    "password for user admin123", "the password for the server is down", "password of the day Monday",
    "パスは/usr/local/binです", "パスはC:\\Users\\ana\\app です", "パスポートはAB1234567です", "パスは後で送ります",
    "バイパスは有効です",
])  # fmt: skip
def test_their_look_alikes_of_prose_and_paths_stay(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("line", [
    f"rds.Credentials.fromPassword('admin', SecretValue.unsafePlainText('{PW}'))", f"Secret.ofString('{RANDOM}')",
])  # fmt: skip
def test_a_secret_type_made_from_a_literal(line):
    out = clean_text(line)
    assert PW not in out and RANDOM not in out


@pytest.mark.parametrize("line", [
    "Secret.fromSecretNameV2(this, 'Db', 'prod/db-password')", "SecretValue.secretsManager('prod/db')",
    "SecretValue.unsafePlainText(process.env.X)", "SecretValue.unsafePlainText('changeme')",
])  # fmt: skip
def test_a_secret_looked_up_by_name_or_a_placeholder_stays(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("line", [
    "__all__ = ['X509_LOOKUP', 'AES_KEY', 'PKCS7_ISSUER_AND_SERIAL',\n           'BN_CTX']",
    "    value = getattr(parent, token, __UNDEF__)", "f(password, NEW_PASSWORD_2)",
])  # fmt: skip
def test_code_of_the_same_shapes_stays(line):
    # a list of words is not a call's last argument; a comma in code is not a sentence's
    assert clean_text(line) == line


def test_a_command_ending_in_a_secret_word_takes_no_line_below():
    # `chpasswd` ends a command line; the next line (a patch's, a log's) is not its value
    text = "+echo 'bob:" + PW + "' | sudo chpasswd\n+canary-edit-patch-571\n"
    out = clean_text(text)
    assert PW not in out and "+canary-edit-patch-571" in out


@pytest.mark.parametrize("line", [
    f"DEBUG:urllib3:https://user:{PW}@api.example.com:443 \"GET / HTTP/1.1\" 200",
    f"postgres://user:{RANDOM}@db/app",
])  # fmt: skip
def test_a_urls_user_named_user_is_no_id_label(line):
    # `user:` in a URL's userinfo is the user's name; what follows it up to `@` is its password
    out = clean_text(line)
    assert PW not in out and RANDOM not in out


@pytest.mark.parametrize("line", ["user:ana@example.com", "https://user:pass@host", "https://user:${PASS}@example.com"])
def test_a_user_label_and_placeholders_in_urls_stay(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("line", [f"密码发你了：{PW}", f"パスワード送ります：{RANDOM}"])
def test_a_few_words_of_the_labels_script_before_its_colon(line):
    out = clean_text(line)
    assert PW not in out and RANDOM not in out


@pytest.mark.parametrize("line", ["密码错误：用户名admin", "密码是多少：我不知道", "密码错误：Access denied",
                                  "密码重置：https://example.com/reset"])  # fmt: skip
def test_messages_about_a_password_in_that_script_stay(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("line", [f"ENV['STRIPE_SECRET'] ||= '{PW}'", f'process.env.API_TOKEN ??= "{RANDOM}"',
                                  f"db_password &&= '{PW}'"])  # fmt: skip
def test_a_compound_assignment_sets_a_secret(line):
    out = clean_text(line)
    assert PW not in out and RANDOM not in out


@pytest.mark.parametrize("line", ["token ||= fetch_token()", "password ??= ''", "@token ||= SecureRandom.hex"])
def test_a_compound_assignment_of_code_stays(line):
    assert clean_text(line) == line
