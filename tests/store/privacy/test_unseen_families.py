"""Families of the second attacker's batch (tests/privacy_eval/dev_unwritten2.py), each fixed by
what it is, not by its case: a Unix flag read in its case, ..."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "Kobe24" + "Lakers!"


@pytest.mark.parametrize("line", [
    f"snmpget -v3 -l authPriv -u monitor -a SHA -A {PW} -x AES -X {PW} 10.0.0.1 sysName.0",
    f"ldappasswd -x -D cn=admin,dc=example,dc=com -w {PW} -S uid=ana",
])  # fmt: skip
def test_a_unix_flag_is_read_in_its_case(line):
    # `-a SHA` names a hash and `-A` takes the pass phrase; `-S` prompts where `-s` takes one
    out = clean_text(line)
    assert PW not in out
    assert out.count("[REDACTED") == line.count(PW)


def test_a_flag_in_the_tables_case_still_goes():
    assert clean_text(f"mysql -uroot -p{PW} app") == "mysql -uroot -p[REDACTED:password] app"
    assert clean_text(f"mysql -uroot -P 3306 -p{PW}").endswith("-P 3306 -p[REDACTED:password]")


@pytest.mark.parametrize("line", [
    "secret_key     ****************wxyz shared-credentials-file", "api_key: sk-\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022AbCd",
    "AWS Secret Access Key [****************Q7xZ]: ", "snmpwalk -v2c -c public 10.0.0.1 system",
    "rocommunity public localhost", "snmp-server community private RW",
])  # fmt: skip
def test_a_masked_value_and_a_documented_default_are_kept(line):
    assert clean_text(line) == line


def test_a_community_that_is_not_the_default_goes():
    assert clean_text(f"snmpwalk -v2c -c {PW} 10.0.0.1") == "snmpwalk -v2c -c [REDACTED:password] 10.0.0.1"


def test_mc_alias_keeps_the_access_key_that_names_the_account():
    line = f"docker run --rm minio/mc alias set s3 http://minio:9000 admin {PW}"
    assert clean_text(line) == line.replace(PW, "[REDACTED:password]")


@pytest.mark.parametrize(("line", "value"), [
    ('-H "Authorization: token Zebra!Crossing4" https://api.example.com', "Zebra!Crossing4"),
    (f"Authorization: Basic {PW}", PW), (f"Authorization: Bearer {PW}", PW), ("Authorization: SSWS Pwe7qx6Fq#7", "Pwe7qx6Fq#7"),
])  # fmt: skip
def test_a_headers_value_goes_whole_not_its_head(line, value):
    # a password sent as it is (not base64), a token with a symbol: no tail of it is left
    out = clean_text(line)
    assert value not in out and value[-2:] not in out.replace("[REDACTED", "")


@pytest.mark.parametrize("line", [
    "Authorization: token ${{ secrets.GH }}", "Authorization: Bearer abc", "Authorization: Bearer <token>",
    'headers={"Authorization": f"Bearer {token}"}', "the Authorization: Bearer header.",
])  # fmt: skip
def test_a_headers_reference_or_stand_in_is_kept(line):
    assert clean_text(line) == line


@pytest.mark.parametrize(("line", "value"), [
    ("wifi key: m0nkeyBars!", "m0nkeyBars!"), ("WiFi key is m0nkeyBars!", "m0nkeyBars!"),
    ("    Key Content            : m0nkeyBars!", "m0nkeyBars!"), ("WLAN-Schlüssel: m0nkeyBars!", "m0nkeyBars!"),
    ("ldap_default_authtok = m0nkeyBars!", "m0nkeyBars!"), ("Құпия сөз: winter-Wolf9", "winter-Wolf9"),
    (f"rocommunity {PW} 10.0.0.0/24", PW), (f"snmp-server community {PW} RO", PW),
    (f"createUser monitor SHA {PW} AES {PW}", PW),
])  # fmt: skip
def test_lexicon_and_command_table_families(line, value):
    assert value not in clean_text(line)


@pytest.mark.parametrize("line", [
    "the wifi key is on the router", "my network key was reset", "createuser -P -s app",
    "security key: YubiKey 5C", "rocommunity public default",
])  # fmt: skip
def test_their_prose_and_defaults_are_kept(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("line", [f"密码（测试环境）：{PW}", f"password【prod】：{PW}", f"WIFI:T:WPA;S:HomeNet;P:{PW};;",
                                  f"WIFI:S:Cafe;T:WPA;P:{PW};H:false;;"])  # fmt: skip
def test_a_full_width_qualifier_and_a_wifi_qr_code(line):
    assert PW not in clean_text(line)


def test_wifi_as_a_word_is_kept():
    assert clean_text("wifi: connected, P: 3 devices") == "wifi: connected, P: 3 devices"


@pytest.mark.parametrize("line", [f"Password for the 'elastic' user: {PW}", f"Password for the elastic user: {PW}",
                                  f"password for user elastic: {PW}"])  # fmt: skip
def test_a_password_qualified_by_its_user_is_not_the_user(line):
    assert clean_text(line) == line.replace(PW, "[REDACTED:password]")


def test_a_user_label_still_keeps_its_user():
    assert clean_text("db user: ana_admin7") == "db user: ana_admin7"


@pytest.mark.parametrize(("command", "secret"), [
    ("kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath='{.data.password}' | base64 -d", True),
    ("oc get secret x -o json", True), ("cat ~/.config/app/db_password", True), ("cat secrets/db_password.txt", True),
    ("kubectl --context prod -n x get secrets", False), ("cat password_policy.md", False),
    ("kubectl -n kube-system get pods", False),
])  # fmt: skip
def test_outputs_of_kubectl_with_global_flags_and_of_a_password_file(command, secret):
    from store.privacy import output_is_secret

    assert output_is_secret(command) is secret


@pytest.mark.parametrize("table", [
    "USER       PASSWORD        ROLE\nadmin      {v}     owner\nguest      {w}       viewer",
    "name        password            host\n----        --------            ----\nbackup      {v}   db1\nreport      {w}   db2",
    "Service\tLogin\tPassword\nGrafana\tadmin\t{v}\nMinIO\tminio\t{w}",
])  # fmt: skip
def test_a_table_aligned_by_spaces_or_tabs_loses_its_password_column(table):
    v, w = PW, "AvTRQKBPdZX7q7HkDduoGDcJq"
    out = clean_text(table.replace("{v}", v).replace("{w}", w))
    assert v not in out and w not in out and "admin" in out or "backup" in out


@pytest.mark.parametrize("table", [
    "USER      PASSWORD_EXPIRED   LOCKED\nana       N                  N\ndeploy    Y                  N",
    "Service     Login     Password\nGrafana     admin     (in vault)\nMinIO       minio     see 1Password",
    "NAME                  TYPE     DATA   AGE\ndb-credentials        Opaque   2      5d",
    "the password  field is required\nana  said so",
])  # fmt: skip
def test_aligned_tables_without_a_password_are_kept(table):
    assert clean_text(table) == table


@pytest.mark.parametrize("line", ['the passphrase is "seven lazy owls drink tea"', 'Passwort: "blue Anchor rusty 1987 kettle"',
                                  "the password is “Summer Rain Falls Twice”"])  # fmt: skip
def test_a_quoted_pass_phrase_of_several_words_goes(line):
    out = clean_text(line)
    assert "lazy" not in out and "rusty" not in out and "Rain" not in out


@pytest.mark.parametrize("line", ['the password is "required for every login"', 'token: "expired at midnight today"',
                                  'the password is "see the vault"'])  # fmt: skip
def test_a_quoted_sentence_after_a_label_is_kept(line):
    assert clean_text(line) == line


def test_helm_set_lists_every_pair_as_a_literal():
    line = "helm upgrade --install mq bitnami/rabbitmq --set auth.username=app,auth.password=Lisboa_1987"
    assert clean_text(line) == line.replace("Lisboa_1987", "[REDACTED:password]")
    assert clean_text("connect(user=app,password=db_pass2)") == "connect(user=app,password=db_pass2)"


@pytest.mark.parametrize("line", [
    "password: \"{{ 'Gr33nTea$' | password_hash('sha512') }}\"", 'u = User(password=make_password("Gr33nTea$"))',
    '$h = password_hash("Gr33nTea$", PASSWORD_DEFAULT);', 'bcrypt.hashpw(b"Gr33nTea$", bcrypt.gensalt())',
    'await bcrypt.hash("Gr33nTea$", 10)', 'generate_password_hash("Gr33nTea$")',
])  # fmt: skip
def test_a_password_handed_to_its_hasher_goes(line):
    assert "Gr33nTea$" not in clean_text(line)


@pytest.mark.parametrize("line", ['password_hash("sha512")', "make_password(password)", "bcrypt.hashSync(req.body.password, 10)",
                                  "{{ item.password | password_hash('sha512') }}"])  # fmt: skip
def test_a_hasher_of_a_variable_or_naming_its_algorithm_is_kept(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("line", ["  stats auth admin:pa55Port@", f"basic_auth ana:{PW}"])
def test_a_user_and_password_pair_after_an_auth_directive(line):
    user, pw = line.split()[-1].split(":")
    assert clean_text(line) == line.replace(":" + pw, ":[REDACTED:password]")


@pytest.mark.parametrize("line", ["auth required:true", "use auth header:Bearer", "pass through:http", "auth admin:admin"])
def test_a_pair_of_words_or_defaults_after_auth_is_kept(line):
    assert clean_text(line) == line


def test_a_value_below_the_line_that_names_its_secret():
    out = clean_text("Password for the [elastic] user successfully reset.\nNew value: Zebra!Crossing4")
    assert out.endswith("New value: [REDACTED:password]")


@pytest.mark.parametrize("text", ["Set the password field\nvalue: 12 characters minimum", "name: DB_HOST\nvalue: db.internal",
                                  "token rotated\nValue: none", "the weather\nNew value: Zebra!Crossing4"])  # fmt: skip
def test_a_value_line_under_other_lines_is_kept(text):
    assert clean_text(text) == text


@pytest.mark.parametrize(("line", "value"), [
    ("账号admin 密码n1ghtOwl$", "n1ghtOwl$"), ("아이디 admin 비번 n1ghtOwl$", "n1ghtOwl$"), ("user admin pass n1ghtOwl$", "n1ghtOwl$"),
    ("SSID HomeNet / pass n1ghtOwl$", "n1ghtOwl$"), ("staging creds -> admin / n1ghtOwl$", "n1ghtOwl$"),
    ("composer config http-basic.repo.example.com ana n1ghtOwl$", "n1ghtOwl$"),
    ("xcrun altool --upload-app -f App.ipa -u me@example.com -p n1ghtOwl$", "n1ghtOwl$"),
])  # fmt: skip
def test_a_user_and_its_password_in_one_line(line, value):
    out = clean_text(line)
    assert value not in out and ("admin" in out or "HomeNet" in out or "ana" in out or "me@" in out)


@pytest.mark.parametrize("line", ["user admin pass through the proxy", "비번 까먹었어", "<비밀번호>${PW}</비밀번호>",
                                  "pass the user id to the call"])  # fmt: skip
def test_prose_about_a_user_and_pass_is_kept(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("line", ["$cred = Get-Credential; New-PSDrive -Credential $cred",
                                  "vault kv put secret/app db_password=@db_password.txt"])  # fmt: skip
def test_a_cmdlet_and_a_file_read_with_at_are_kept(line):
    assert clean_text(line) == line


def test_a_command_substitution_ends_its_command():
    line = "usermod --password $(openssl passwd -6 'Helsinki_2020') ana"
    assert clean_text(line) == line.replace("Helsinki_2020", "[REDACTED:password]")


def test_settings_after_a_scheme_word_are_not_a_headers_value():
    line = "token_type=bearer expires_in=3600 scope=read:user id=a6233"
    assert clean_text(line) == line
