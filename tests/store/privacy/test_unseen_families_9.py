"""Families of the ninth attacker's batch (tests/privacy_eval/dev_unwritten9.py: drivers,
encodings, less common languages, provisioning, network devices), each fixed by what it is, not
by its case (store/privacy/layouts.py, the Oracle connect identifier of commands.py, never.py's
device hashes and envelopes).  The shapes here are other instances than the batch's."""

from __future__ import annotations

import pytest

from store.privacy import find_secrets
from store.privacy.names import name_verdict
from tests.store.privacy import gone

PW = "Lantern" + "#Fjord8"
GLOB_PW = "Lantern" + "*Fjord8"  # a `*` in a bare value read as a glob's, a `_` as a name's
SNAKE_PW = "Lantern" + "_Fjord8"
RANDOM = "Tq8vWm2Lx9Rk" + "Hn4Pz7Bc3Yd6"


def _gone(template, values=(PW, RANDOM)):
    gone(template, values)


# ------------------------------------------------------------------------------ runs of pairs
@pytest.mark.parametrize("template", [
    "/user set admin password={v} disabled=no",
    "/ip hotspot user add name=guest password={v} profile=default",
    "/radius add service=ppp address=10.0.0.9 secret={v}",
    "ansible-playbook web.yml -e \"smtp_password={v} region=eu\"",
    "terraform plan -var 'admin_password={v}'",
    # what stays: no value, a name of code, no secret's name
    "/user add name=ana group=read password=\"\"", "f(user=u, password=Str0ng_pw)",
    "helm upgrade app ./chart --set image.tag=1.4.2 --set replicaCount=3",
    "/ip ipsec peer add address=1.2.3.4 auth-method=rsa-signature certificate=peer1",
    "make build password_file=./secrets/pw.txt target=prod",
])  # fmt: skip
def test_a_secret_in_a_run_of_name_value_pairs(template):
    _gone(template, (GLOB_PW, SNAKE_PW, RANDOM))


# ------------------------------------------------------------------------------ directives
@pytest.mark.parametrize("template", [
    "ntp authentication-key 1 md5 {v}",
    "radius-server host 10.0.0.7 key {v}",
    "aaa group server tacacs+ TAC\n server-private 10.0.0.9 key 0 {v}",
    "crypto keyring VPN\n pre-shared-key address 1.2.3.4 key {v}",
    "standby 1 authentication md5 key-string {v}",
    "snmp-server user ops grp v3 auth sha {v}",
    "rootpw --plaintext {v}\nlang en_US.UTF-8",
    "the router still has enable secret 0 {v}, should I rotate it?",
    "tacacs-server key 7 {v}", " key-string 7 {v}",  # type 7: reversed by anyone
    # what stays: hashes (type 5, 8, 9, `$6$`), and prose or paths after a label
    "enable secret 9 $9$nhEmQVczB7dqsO$X.HsgL6x1il0RxkOSSvyQYwucySCt7qFm4v7pqCxkKM",
    "username ana secret 8 $8$dsYGNam3K1SIJO$7nv/35M/qr6t.dVc7UY9zrJDWRVqncHub1PE9UlMQFs",
    "set system root-authentication encrypted-password \"$9$abcdefghijkLMNOP\"",
    "rootpw --iscrypted $6$Xk2mP9qL$" + "Zr3" * 20, "key chain OSPF\n key 1\n  accept-lifetime infinite",
    "Senha incorreta.", "POST /oauth/token HTTP/1.1", "Password changed for user ana",
    "Press any key to continue", "ssh-add key id_ed25519",
])  # fmt: skip
def test_a_device_directive_ending_with_its_value(template):
    _gone(template)


def test_kickstart_rootpw_names_a_password():
    assert name_verdict("rootpw") == ("password", 3)
    assert name_verdict("adminpw") == ("password", 3)


# ------------------------------------------------------------------------------ continued lines
@pytest.mark.parametrize("template", [
    "vault login -method=userpass username=ana \\\n  password=\\\n{v}",
    "psql \"host=db\" \\\n  --set=ON_ERROR_STOP=1 && mysql -u root \\\n   --password \\\n   {v}",
    "gh auth login \\\n  --with-token \\\n  {v}",
    "curl -u admin \\\n  --oauth2-bearer \\\n  {v} https://api.example.com",
])  # fmt: skip
def test_a_flag_whose_value_follows_a_line_continuation(template):
    _gone(template)


def test_a_continued_line_is_mapped_back_to_the_value_s_place():
    text = "docker login \\\n  --password \\\n  " + RANDOM + " \\\n  registry.example.com"
    spans = find_secrets(text)
    assert [text[s:e] for _k, s, e in spans] == [RANDOM]


# ------------------------------------------------------------------------------ escaped keys
@pytest.mark.parametrize("text", [
    '{"user": "app", "\\u5bc6\\u94a5": "{v}"}', '{"user": "app", "db_contrase\\u00f1a": "{v}"}',
    '{"\\u0442\\u043e\\u043a\\u0435\\u043d": "{v}"}', '{"api_\\u0074oken": "{v}", "ttl": 60}',
    '{"\\u0421\\u0435\\u043a\\u0440\\u0435\\u0442": "{v}"}',  # 密钥 (secret key), db_contraseña, токен, Секрет
    # what stays: a key that names no secret, an empty value
    '{"\\u540d\\u524d": "ana.lima", "\\u5bc6\\u7801": ""}',  # 名前 (name), 密码 (password)
])  # fmt: skip
def test_a_json_key_written_with_unicode_escapes(text):
    _gone(text)


# ------------------------------------------------------------------------------ tuples, children, opened
@pytest.mark.parametrize("template", [
    '{smtp, [{relay, "mail"}, {smtp_password, "{v}"}]}.',
    '[{api_token, <<"{v}">>}]',
    '{:secret_key_base, "{v}"}',
    '#{api_token => <<"{v}">>, ttl => 60}',
    "Parameters:\n  AdminPassword:\n    Type: String\n    Default: {v}\n    NoEcho: true",
    '{\n  "ApiToken": {\n    "Type": "String",\n    "Default": "{v}"\n  }\n}',
    "#cloud-config\nchpasswd:\n  expire: false\n  list: |\n    ubuntu:{v}\n    root:{v}",
    'SECRET_KEY = (\n    "{v}"\n)',
    "const apiKey = `\n  {v}\n`;",
    "$nc = [System.Net.NetworkCredential]::new('ana', '{v}')",
    # what stays: references, hashes, an encryption tool's envelope
    '{password, os:getenv("DB_PASSWORD")}', '{smtp_password, "${SMTP_PASSWORD}"}',
    "Parameters:\n  AdminPassword:\n    Type: String\n    MinLength: 12\n    NoEcho: true",
    "#cloud-config\nchpasswd:\n  list: |\n    root:$6$Xk2mP9qL$" + "Zr3" * 20 + "\n  expire: true",
    "password = (\n    os.environ['PASSWORD']\n)", "const token = `\n  ${process.env.TOKEN}\n`;",
    "db_password: ENC[AES256_GCM,data:Pjo0Qwj7izYiJoHCUfkYjJA+,iv:i7gLKU7WCIebeEkhDG0REQdS,tag:Kx1q2w3E4r5T6y7U8i9O0p==,type:str]",
])  # fmt: skip
def test_values_a_layout_ties_to_a_secret_s_name(template):
    _gone(template)


# ------------------------------------------------------------------------------ Oracle tools
@pytest.mark.parametrize("template", [
    "rman target sys/{v}@PROD catalog rco/{v}@RCAT",
    "sqlldr control=load.ctl userid=app/{v}@ORCL log=load.log",
    # what stays: no password given
    "rman target / nocatalog", "sqlplus /nolog", "sqlldr control=load.ctl userid=/ log=x.log",
])  # fmt: skip
def test_an_oracle_connect_identifier_in_any_argument(template):
    _gone(template)
