"""Families of the sixth attacker's batch (tests/privacy_eval/dev_unwritten6.py: files and formats),
each fixed by what the format is, not by its case, and tried here in syntaxes the batch does not
hold: a CSV's secret column, a setter's name and value as arguments, a user:password after a login
flag, LDIF's base64 values, a JSON string inside a text, a header written as a name/value object,
XML's Key/Value elements, a dotted password; and, kept, what those formats hold that is no secret:
hashes in a scheme's braces, ciphertext in a tool's envelope, a path after a name, flags in a
cookie, a key and its value that are no table's header, names of code with digits."""

from __future__ import annotations

import base64
import json

import pytest

from store.privacy import Cleaner, clean_text
from tests.store.privacy import gone

PW = "Harb0r!" + "Lights"
RANDOM = "Zq8vKt3Lw" + "PmN6xR2cYb7D"
DOTTED = "n0rth" + ".Meadow"


def _gone(template, values=(PW, RANDOM)):
    gone(template, values)


@pytest.mark.parametrize("template", [
    "email,password,site\nana@example.com,{v},mail.example.com\nbo@example.com,{v},git.example.com",
    '"Name","Login","Password","URL"\n"GitLab","ana","{v}","https://gitlab.com"',
    "id,user,api_token,created\n1,ana,{v},2026-01-01", "account;note\nignored\nname,url,username,password\nx,https://x.io,ana,{v}",
])  # fmt: skip
def test_a_csv_column_named_for_a_secret_goes(template):
    _gone(template)


@pytest.mark.parametrize("template", [
    "name,url,username,password\ngithub.com,https://github.com/login,ana,{v}",
    "url,login,password\nhttps://mail.example.com,ana@example.com,{v}",
])  # fmt: skip
def test_a_csv_row_keeps_its_other_cells(template):
    # the header's last field names the secret column, not a value alone on the line below it:
    # only the password's cell goes, the site and the user stay
    for v in (PW, RANDOM):
        out = clean_text(template.replace("{v}", v))
        assert v not in out and "ana" in out and ".com" in out.splitlines()[1], out


@pytest.mark.parametrize("text", [
    "id,token_count,model\n1,1532,claude-sonnet\n2,877,claude-haiku",
    "user,password\nana,$2b$12$abcdefghijklmnopqrstuuJ5yXo1H0Vq3Z8m7H4xw1E3a2b",
    "name,url,username,password\n", "name,password,notes\nGitHub,,no password saved",
])  # fmt: skip
def test_a_csv_without_a_secret_in_its_column_stays(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("template", [
    "aws ssm put-parameter --name /prod/db_password --value {v} --type SecureString",
    "defaults write com.example.app apiToken -string {v}", "yarn config set npmAuthToken {v}",
    "aws configure set aws_secret_access_key {v}", "gh variable set API_TOKEN --body {v}",
    "circleci context store-secret --name DEPLOY_TOKEN --value {v} acme ctx",
    "curl -X POST https://ci.example.com/api/env -d key=SMTP_PASSWORD -d value={v}",
])  # fmt: skip
def test_a_setters_name_then_its_value_goes(template):
    _gone(template)


@pytest.mark.parametrize("line", [
    "gh secret set API_TOKEN < token.txt", 'aws ssm put-parameter --name /prod/db_password --value "$DB_PASSWORD"',
    "docker secret create db_password ./db_password.txt", "npm config set //registry.npmjs.org/:_authToken ${NPM_TOKEN}",
    "git config --global credential.helper store", "az keyvault secret set --name dbPassword --file ./pw.txt",
    "kubectl create secret generic db-password --from-file=password=./pw.txt",
])  # fmt: skip
def test_a_setter_given_a_reference_or_a_file_stays(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("template", ["etcdctl --user root:{v} endpoint health",
                                      "cache_peer 10.0.0.9 parent 8080 0 login=ana:{v}"])  # fmt: skip
def test_a_user_and_password_after_a_login_flag_goes_and_the_user_stays(template):
    for v in (PW, RANDOM):
        out = clean_text(template.replace("{v}", v))
        assert v not in out and ("root:" in out or "ana:" in out)


@pytest.mark.parametrize("template", ["restic-server --basic-auth admin:{v}", "docker run --rm app --auth admin:{v}"])
def test_a_user_and_password_after_an_auth_flag_goes(template):
    _gone(template)


@pytest.mark.parametrize("line", ["docker run --user 1000:1000 app", 'docker run --user "$(id -u):$(id -g)" app',
                                  "docker run --user www-data:www-data nginx", "cache_peer p parent 8080 0 login=ana:$PASS"])  # fmt: skip
def test_a_user_and_group_or_a_reference_stays(line):
    assert clean_text(line) == line


def test_ldif_base64_values_of_a_secret_attribute_go_and_others_stay():
    secret = base64.b64encode(PW.encode()).decode()
    text = f"dn: cn=ana,dc=example,dc=com\nolcRootPW:: {secret}\ndescription:: {base64.b64encode(b'Ana the admin').decode()}"
    out = clean_text(text)
    assert secret not in out and "description:: QW5h" in out


@pytest.mark.parametrize("template", [
    '{"result": "{\\"password\\": \\"{v}\\", \\"user\\": \\"ana\\"}"}',
    '"response": {"content": {"text": "{\\"access_token\\":\\"{v}\\",\\"expires_in\\":3600}"}}',
    '{"tool": "read", "body": "[{\\"key\\": \\"dbPassword\\", \\"value\\": \\"{v}\\"}]"}',
])  # fmt: skip
def test_a_secret_in_a_json_string_inside_a_text_goes(template):
    _gone(template)


@pytest.mark.parametrize("text", ['{"result": "{\\"password\\": \\"\\", \\"user\\": \\"ana\\"}"}',
                                  '{"description": "say \\"hello\\" when the token expires"}',
                                  '{"log": "{\\"token_type\\": \\"bearer\\", \\"expires_in\\": 3600}"}'])  # fmt: skip
def test_a_json_string_without_a_secret_stays(text):
    assert clean_text(text) == text


def test_a_json_string_inside_a_transcript_result_goes():
    line = {"type": "user", "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id":
            "toolu_01ABCpwKeyPassSk0123456789", "content": json.dumps({"settings": json.dumps({"apiSecret": PW})})}]}}
    out = json.dumps(Cleaner().value(line))
    assert PW not in out and "toolu_01ABCpwKeyPassSk0123456789" in out


@pytest.mark.parametrize("template", ['{"name": "Cookie", "value": "sid={v}; lang=en"}',
                                      '{"name":"Set-Cookie","value":"remember_token={v}; Path=/; HttpOnly"}'])  # fmt: skip
def test_a_header_written_as_a_name_and_value_object_is_read_as_the_header(template):
    _gone(template)


@pytest.mark.parametrize("text", ['{"name": "Cookie", "value": "theme=dark; lang=en"}',
                                  '{"name": "Accept", "value": "application/json"}',
                                  "Cookie: logged_in=yes; csrftoken=abc; lang=en"])  # fmt: skip
def test_headers_and_cookies_without_a_credential_stay(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("template", ["<Key>Password</Key>\n<Value>{v}</Value>",
                                      '<String><Key>Password</Key><Value ProtectInMemory="True">{v}</Value></String>'])  # fmt: skip
def test_xml_key_and_value_elements_go(template):
    _gone(template)


@pytest.mark.parametrize("template", ["pass = {v}", "api_token: {v}", "<option name=\"PASSWORD\" value=\"{v}\" />"])
def test_a_password_with_a_dot_and_a_digit_for_a_letter_goes(template):
    _gone(template, (DOTTED,))


@pytest.mark.parametrize("line", ["        RegEnumKey = win32api.RegEnumKey", "token = k8s.Client", "password = self.password",
                                  "secret = np.float64", "KEY = V1Pod.spec"])  # fmt: skip
def test_dotted_names_of_code_stay(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("line", [
    "userPassword: {SSHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=", "olcRootPW: {CRYPT}$6$rounds=5000$abcdefgh$Q1w2E3r4T5y6U7i8O9p0",
    "profile::db::password: ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEhMIIBHQIBADAFMAACAQEw]",
    "db_password: ENC[AES256_GCM,data:Tr7o8kzQ1w==,iv:9Xc2bV5n,tag:Ln8QwE3r,type:str]",
    "spring.datasource.password={cipher}AQB3x9sdfkjhgWE8sdfhjkfa7sdfQ", "jdbc.password=ENC(G6N718UuyPE5bHyWKyuLQSm02auQPUtm)",
    "LoadCredential=db:/etc/app/db_password", "storePassword=System.getenv(\"KEYSTORE_PASSWORD\")",
    "aws secretsmanager create-secret --name prod/db --secret-string file://secret.json",
    "aws kms encrypt --key-id alias/app --plaintext fileb://secret.bin",
])  # fmt: skip
def test_hashes_ciphertext_paths_and_calls_in_a_secrets_place_stay(line):
    assert clean_text(line) == line


def test_a_password_in_a_hash_schemes_braces_that_hold_it_plain_goes():
    assert PW not in clean_text(f"password: {{PLAIN}}{PW}")


def test_a_key_and_its_value_are_no_tables_header():
    text = f"Key       Value\n---       -----\npassword  {PW}\nusername  v-token-readonly-7a1"
    out = clean_text(text)
    assert PW not in out and "username  v-token-readonly-7a1" in out


def test_knife_takes_its_password_after_p():
    _gone("knife bootstrap 10.0.0.5 -x root -P {v} -N web1")
    _gone("knife ssh 'role:web' uptime -x deploy --ssh-password {v}")


# The fifth batch's misses left open (docs/privacy.md), closed by a rule of their family.
@pytest.mark.parametrize("template", ["INSERT INTO users VALUES (1, 'admin', 'admin@example.com', '{v}', NOW());",
                                      "INSERT INTO `app`.`accounts` VALUES (7,'ana','{v}','2026-03-14 10:22:31');",
                                      "insert into tbl_user values (3, 'bo', \"{v}\")"])  # fmt: skip
def test_a_password_among_an_accounts_row_without_a_column_list_goes(template):
    _gone(template)


@pytest.mark.parametrize("line", [
    "INSERT INTO `wp_users` VALUES (1,'admin','$P$BxyzABCDEFGHIJKLMNOPQRSTUVWXYZa','admin','a@example.com','',NOW());",
    "INSERT INTO migrations VALUES ('2026_03_14_000000_create_users', 3);",
    "INSERT INTO users VALUES (1, 'Ana Silva', 'ana@example.com', '550e8400-e29b-41d4-a716-446655440000', 'v1.2.3');",
])  # fmt: skip
def test_hashes_ids_and_other_tables_rows_stay(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("template", ["ssh deploy@web1 # pw {v}", "mysql -h db -u app app  # pass {v}",
                                      "psql -h db -U app  -- pwd {v}", "curl https://api.example.com // pw {v}"])  # fmt: skip
def test_a_short_password_label_opening_a_comment_labels_the_value_after_it(template):
    _gone(template)


@pytest.mark.parametrize("line", ["ssh deploy@web1 # pw in 1Password", "x = f(y)  # pass through", "    # pass",
                                  "foo()  # pass everything", "run()  # pass --verbose"])  # fmt: skip
def test_a_comment_of_prose_after_those_labels_stays(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("template", ['{"gitlab-token": {"gitlab.example.com": "{v}"}}',
                                      '{\n  "github-oauth": {\n    "github.com": "{v}",\n    "ghe.example.com": "{v}"\n  }\n}',
                                      '{"tokens": {"api.example.com:8443": "{v}"}}'])  # fmt: skip
def test_a_hosts_value_under_an_object_named_by_a_secret_goes(template):
    _gone(template)


@pytest.mark.parametrize("line", ['{"token": {"issuer": "auth.example.com", "audience": "app"}}',
                                  '{"gitlab-token": {"gitlab.com": "${GITLAB_TOKEN}"}}',
                                  '{"secret": {"name": "db.example.com", "mount": "kv"}}'])  # fmt: skip
def test_an_object_named_by_a_secret_without_a_hosts_secret_stays(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("command", ["cat /etc/ppp/chap-secrets", "sudo cat /etc/ipsec.secrets", "cat /etc/rsyncd.secrets",
                                     "cat creds.txt", "cat ~/.vault_pass", "tail auth/vault_password"])  # fmt: skip
def test_the_output_of_reading_a_file_named_for_secrets_goes_whole(command):
    from store.privacy import redact_output

    assert redact_output(command, f'ana * {PW} *\n: PSK "{RANDOM}"') == "[REDACTED:secret_output]"


@pytest.mark.parametrize("command", ["cat secrets.py", "cat docs/secrets.md", "cat src/compass", "ls secrets",
                                     "cat bypass", "cat package.json"])  # fmt: skip
def test_the_output_of_reading_code_or_docs_about_secrets_stays(command):
    from store.privacy import redact_output

    assert redact_output(command, "SECRETS = load()\n") == "SECRETS = load()\n"


@pytest.mark.parametrize("template", ["<Password>\n  <Value>{v}</Value>\n  <PlainText>true</PlainText>\n</Password>",
                                      "<AdministratorPassword><Value>{v}</Value></AdministratorPassword>"])  # fmt: skip
def test_the_value_element_of_an_element_named_for_a_secret_goes(template):
    _gone(template)


def test_the_value_element_of_another_element_stays():
    text = "<Name>\n  <Value>Administrator</Value>\n</Name>\n<Timeout>\n  <Value>Sx9-30s</Value>\n</Timeout>"
    assert clean_text(text) == text


@pytest.mark.parametrize("depth", [1, 2, 5, 9, 10, 12])
def test_a_document_escaped_inside_documents_is_read_at_any_depth(depth):
    # a tool's result that holds a request log that holds a body...: each level doubles the
    # backslashes before a quote; at ten levels a key's quote stood after 511 of them and the
    # password went through
    text = json.dumps({"password": PW})
    for _ in range(depth):
        text = json.dumps({"body": text})
    assert PW not in clean_text(text)
