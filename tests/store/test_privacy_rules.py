"""The four rules of the privacy filter, each on its own (store/privacy/rules.py, store/privacy.py).

Fake credentials are assembled at run time (prefix + generated filler) so that secret
scanners on the repository do not flag this file.
"""

from __future__ import annotations

import re
import string

import pytest

from store.privacy import _starts, find_secrets, redact_secrets
from store.privacy.anchors import RUN_CHARS, Anchors, long_runs
from store.privacy.names import name_verdict
from store.privacy.rules import COMMAND_LINE, PROVIDERS, TOKEN_RULES
from store.privacy.values import matches_from
from tests import secret_shapes as shapes
from tests.secret_shapes import ALNUM, gen

PW = "Xq7" + gen("pw", 9) + "!2"  # a password: letters, digits, a symbol


def redacted(text: str, secret: str) -> bool:
    out = redact_secrets(text)
    return secret not in out and "[REDACTED:" in out


# ------------------------------------------------------------------------------ 1. NAME


@pytest.mark.parametrize("name", [
    "password", "DB_PASSWORD", "db-password", "dbPassword", "MYSQL_PWD", "DB_PASS", "smtp_pass",
    "SECRET_KEY_BASE", "AES_KEY", "client-key-data", "OPENAI_KEY", "api_key", "apiKey", "APIKey",
    "x-api-key", "_auth", "auth", "psk", "client_secret", "clientSecret", "AWS_SECRET_ACCESS_KEY",
    "GITHUB_TOKEN", "authToken", "access_token", "refresh-token", "sessionid", "PHPSESSID",
    "session_token", "pgpassword", "PGPASSWORD", "passphrase", "credentials", "db_creds",
    "password_confirmation", "new_password", "token_v2", "DB_PASSWORD_PROD", "Passwort",
    "contraseña", "wachtwoord", "пароль", "비밀번호", "spring.datasource.password",
    "subscription-key", "private_key", "signing_key", "master_key", "license_key",
])  # fmt: skip
def test_names_that_say_secret(name):
    assert name_verdict(name) is not None, name


@pytest.mark.parametrize("name", [
    "max_tokens", "token_type", "password_hash", "hashed_password", "keyboard", "primary_key",
    "foreign_key", "sort_key", "cache_key", "public_key", "key_id", "ACCESS_KEY_ID", "secret_name",
    "password_file", "PASSWORD_FILE", "token_count", "tokens", "tokenizer", "author",
    "authority", "authorization_url", "auth_type", "auth_url", "session_id", "sessions",
    "is_password", "has_token", "min_password_length", "next_token", "page_token", "monkey",
    "bypass", "compass", "passenger", "password_reset_url", "secretary", "token_expires_at",
    "input_tokens", "keys", "keystore", "keyword", "hotkey", "secret_arn", "CancellationToken",
])  # fmt: skip
def test_names_that_do_not(name):
    verdict = name_verdict(name)
    assert verdict is None or verdict[1] == 1, (name, verdict)  # at most weak: random values only


@pytest.mark.parametrize("template", [
    "DB_PASS={v}",
    "export MYSQL_PWD={v}",
    "set DB_PASSWORD={v}",
    "$env:DB_PASSWORD = '{v}'",
    "smtp_pass = {v}",
    "[mail]\nsmtp_pass = {v}\nhost = x",
    "_auth = {v}",
    "//registry.npmjs.org/:_authToken={v}",
    "password: {v}",
    "  password: '{v}'",
    "password: |\n  {v}\nuser: app",
    "password: >-\n    {v}\n",
    'api_key = """{v}"""',
    "API_KEY = '''\n{v}\n'''",
    '{{"password": "{v}"}}',
    '{{\\"password\\": \\"{v}\\"}}',
    '"auth": "{v}"',
    'psk="{v}"',
    "client-key-data: {v}",
    "--db-password {v}",
    "--db-password={v}",
    "-storepass {v}",
    "let client_secret: &str = \"{v}\";",
    "val dbPass = \"{v}\"",
    "const apiKey: string = '{v}';",
    "String password = \"{v}\";",
    "private static final String API_KEY = \"{v}\";",
    "password := \"{v}\"",
    "$password = '{v}';",
    "@password = '{v}'",
    "my $password = '{v}';",
    "Dim password As String = \"{v}\"",
    "password <- \"{v}\"",
    "'password' => '{v}',",
    ":password => '{v}',",
    "config.password = \"{v}\"",
    "os.environ['API_KEY'] = '{v}'",
    "define('DB_PASSWORD', '{v}');",
    "settings.set(\"api_key\", \"{v}\")",
    "<password>{v}</password>",
    "<add key=\"ClearTextPassword\" value=\"{v}\" />",
    "-Djavax.net.ssl.keyStorePassword={v}",
    "GET /v1/data?key={v}&q=1",
    "GET /v1/data?auth={v}",
    "mount -t cifs //srv/share /mnt -o username=bob,password={v},vers=3.0",
    "ENV DB_PASSWORD={v}",
    "password：{v}",
    "Passwort: {v}",
])  # fmt: skip
def test_the_name_rule_in_every_syntax(template):
    text = template.format(v=PW)
    assert redacted(text, PW), redact_secrets(text)


@pytest.mark.parametrize("text", [
    "const token = process.env.TOKEN;",
    "password = os.environ['DB_PASSWORD']",
    "api_key = os.getenv('API_KEY')",
    "token = get_token()",
    "password=$DB_PASSWORD",
    "DB_PASSWORD=${DB_PASSWORD}",
    "auth: ${{ secrets.AUTH }}",
    "password = settings.DB_PASSWORD",
    "password: <your password here>",
    "key = \"q\"",
    "key: ctrl+s",
    "sort_key = \"created_at\"",
    "max_tokens = 4096",
    "token_type = \"bearer\"",
    "auth: true",
    "auth = HTTPBasicAuth(user, password)",
    "pass: 12",
    "PWD=/home/dev/app",
    "session_id = \"5f0a3d62-1b7e-4c55-9d0e-3e2b9c1a7f10\"",
    "cookie: sessionid",
    "__all__ = ('Context', 'ContextVar', 'Token', 'copy_context')",
    "password_field = \"#password\"",
    # found by the precision bench in library code: a call whose name ends in auth, prose
    # after a scheme word or a flag, a URL whose password is the word itself
    'return extract_field_from_www_auth(response, "error")',
    '"""Protocol for verifying bearer tokens."""',
    "information can be provided via the --username and --password options",
    "e.g. `pass` in `https://user:pass@host:port/path?query#fragment`",
    "'http://username:password@host.com:80/path?query#fragment'",
])  # fmt: skip
def test_references_and_non_secrets_are_kept(text):
    assert redact_secrets(text) == text


# ------------------------------------------------------------------------------ 2. POSITION

# One command for every tool in COMMAND_LINE, with SECRET where the password goes.
COMMANDS = {
    "mysql": "mysql -u root -pSECRET app", "mysqldump": "mysqldump -uroot -pSECRET app > a.sql",
    "mysqladmin": "mysqladmin -u root password SECRET", "mycli": "mycli -u root -p SECRET",
    "mariadb": "mariadb -uroot -pSECRET", "mysqlsh": "mysqlsh --uri root@db -pSECRET",
    "mongo": "mongo -u admin -p SECRET admin", "mongosh": "mongosh -u admin -p SECRET",
    "mongodump": "mongodump -u admin -p SECRET --out /tmp", "redis-cli": "redis-cli -h cache -a SECRET ping",
    "redis auth": "redis-cli -h cache AUTH SECRET", "sqlcmd": "sqlcmd -S db -U sa -P SECRET",
    "bcp": "bcp t out t.dat -S db -U sa -PSECRET", "isql": "isql MyDSN dbuser SECRET",
    "tsql": "tsql -S db -U sa -P SECRET", "cqlsh": "cqlsh -u cassandra -p SECRET host",
    "beeline": "beeline -u jdbc:hive2://h -n me -p SECRET", "influx": "influx -username a -password SECRET",
    "influx setup": "influx setup -u admin -p admin:SECRET", "ipmitool": "ipmitool -H bmc -U admin -P SECRET power status",
    "mosquitto_pub": "mosquitto_pub -h broker -u u -P SECRET -t t -m m", "p4": "p4 -u bob -P SECRET sync",
    "sqlplus": "sqlplus scott/SECRET@orcl", "expdp": "expdp system/SECRET@db schemas=app",
    "rabbitmqctl": "rabbitmqctl add_user admin SECRET", "rabbitmqctl change": "rabbitmqctl change_password admin SECRET",
    "rabbitmqadmin": "rabbitmqadmin -u admin -p SECRET list queues",
    "ldapsearch": "ldapsearch -x -D cn=admin -w SECRET -b dc=ex", "ldappasswd": "ldappasswd -x -D cn=a -w x1 -s SECRET uid=b",
    "swaks": "swaks --to a@b.c -au me -ap SECRET", "sendemail": "sendemail -f a@b.c -xu me -xp SECRET",
    "snmpwalk": "snmpwalk -v3 -u admin -A SECRET -X x1 host", "snmpget": "snmpget -v2c -c SECRET host sysName.0",
    "zip": "zip -P SECRET backup.zip data.txt", "unzip": "unzip -P SECRET backup.zip",
    "7z": "7z a -pSECRET backup.7z data", "rar": "rar a -pSECRET backup.rar data", "unrar": "unrar x -pSECRET a.rar",
    "sshpass": "sshpass -p SECRET ssh deploy@10.0.0.5", "ssh-keygen": "ssh-keygen -t ed25519 -N SECRET -f key",
    "plink": "plink -ssh admin@host -pw SECRET", "pscp": "pscp -pw SECRET file admin@host:/tmp",
    "openssl": "openssl enc -aes-256-cbc -k SECRET -in a -out b", "openssl passwd": "openssl passwd -6 SECRET",
    "keytool": "keytool -genkey -keystore ks.jks -storepass SECRET", "jarsigner": "jarsigner -keystore ks -keypass SECRET app.jar k",
    "mkpasswd": "mkpasswd -m sha-512 SECRET", "x11vnc": "x11vnc -display :0 -passwd SECRET",
    "signtool": "signtool sign /f release.pfx /p SECRET /fd sha256 app.exe",
    "ttyd": "ttyd -c admin:SECRET bash", "ttyd long": "ttyd --credential admin:SECRET -p 7681 bash",
    "xfreerdp": "xfreerdp /v:host /u:admin /p:SECRET", "net use": "net use \\\\srv\\share SECRET /user:corp\\bob",
    "net user": "net user bob SECRET /add", "schtasks": "schtasks /create /tn t /tr c.exe /ru corp\\bob /rp SECRET",
    "cmdkey": "cmdkey /add:srv /user:bob /pass:SECRET", "wmic": "wmic /node:srv /user:bob /password:SECRET process list",
    "psexec": "psexec \\\\srv -u admin -p SECRET cmd", "rdesktop": "rdesktop -u admin -p SECRET host",
    "smbclient": "smbclient //srv/share -U bob%SECRET", "rpcclient": "rpcclient -U bob%SECRET srv",
    "lftp": "lftp -u bob,SECRET ftp.example.com", "wpa_passphrase": "wpa_passphrase HomeWifi SECRET",
    "nmcli": "nmcli dev wifi connect HomeWifi password SECRET", "htpasswd": "htpasswd -nb admin SECRET",
    "htpasswd b": "htpasswd -b .htpasswd admin SECRET", "curl": "curl -u admin:SECRET https://api.example.com",
    "curl proxy": "curl --proxy-user bob:SECRET -x proxy:3128 https://x", "wget": "wget --user=bob:SECRET https://x",
    "http": "http -a admin:SECRET GET https://api.example.com", "ab": "ab -A admin:SECRET -n 10 https://x/",
    "hey": "hey -a admin:SECRET https://x/", "skopeo": "skopeo copy --creds bob:SECRET docker://a docker://b",
    "caddy": "caddy hash-password --plaintext SECRET", "docker": "docker login -u ci -p SECRET registry.example.com",
    "podman": "podman login -u me -p SECRET quay.io", "helm": "helm registry login r.io -u me -p SECRET",
    "oras": "oras login r.io -u me -p SECRET", "crane": "crane auth login r.io -u me -p SECRET",
    "argocd": "argocd login cd.example.com --username admin -p SECRET", "oc": "oc login -u dev -p SECRET https://api:6443",
    "vault": "vault login SECRET", "cargo": "cargo login SECRET", "snyk": "snyk auth SECRET",
    "cf": "cf login -a api -u me -p SECRET", "cf auth": "cf auth me SECRET", "bw": "bw unlock SECRET",
    "bw login": "bw login me@example.com SECRET", "ansible-vault": "ansible-vault encrypt_string SECRET --name db_password",
    "poetry": "poetry config http-basic.private bob SECRET",
    "poetry token": "poetry config pypi-token.pypi SECRET", "mc": "mc alias set myminio http://h:9000 admin SECRET",
    "security": "security add-generic-password -a me -s svc -w SECRET", "gh": "gh secret set DEPLOY --body SECRET",
    "codecov": "codecov -t SECRET", "twine": "twine upload -u __token__ -p SECRET dist/*",
    "az": "az login -u me@corp.com -p SECRET", "useradd": "useradd -m -p SECRET bob",
    "crackmapexec": "crackmapexec smb 10.0.0.0/24 -u admin -p SECRET", "evil-winrm": "evil-winrm -i h -u admin -p SECRET",
    "hydra": "hydra -l admin -p SECRET ssh://h", "smbmap": "smbmap -H h -u admin -p SECRET",
    "ncftp": "ncftp -u bob -p SECRET ftp.example.com", "sqlmap": "sqlmap -u https://x --auth-cred admin:SECRET",
    "nikto": "nikto -h x -id admin:SECRET",
    "rocommunity": "rocommunity SECRET 10.0.0.0/24", "snmp-server": "snmp-server community SECRET RO",
    "createuser": "createUser monitor SHA SECRET AES SECRET", "composer": "composer config http-basic.repo.example.com ana SECRET",
    "altool": "altool --upload-app -f App.ipa -u me@example.com -p SECRET",
    "knife": "knife bootstrap 10.0.0.5 -x root -P SECRET -N web1",
    "sentinel": "sentinel auth-pass mymaster SECRET", "mcrcon": "mcrcon -H 127.0.0.1 -P 25575 -p SECRET list",
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_position_rule_for_each_tool(name):
    secret = "Sx" + gen("cmd" + name, 10)
    command = COMMANDS[name].replace("SECRET", secret)
    for shown in (command, f"$ sudo {command}", f'{{"command": "cd /app && {command}"}}'):
        out = redact_secrets(shown)
        assert secret not in out, out
        assert out.replace("[REDACTED:password]", "").count("[REDACTED") == 0, out


def test_every_tool_in_the_table_has_its_test():
    tested = {c.split()[0].lower() for c in COMMANDS.values()}
    tools = {t.lower() for tools, _sub, _forms in COMMAND_LINE for t in tools}
    assert len(tools) >= 40
    missing = {t for t in tools if t not in tested}
    # alternatives of one tested entry share its forms (mariadb-dump is mysqldump's twin)
    entries_untested = [tools for tools, _sub, _forms in COMMAND_LINE
                        if not {t.lower() for t in tools} & tested]  # fmt: skip
    assert entries_untested == [], entries_untested
    assert len(missing) < len(tools)


@pytest.mark.parametrize("text", [
    "mysql -u root -p app_db",  # -p then a database: the password is asked for
    "mkdir -p build && cp -p a b",
    "ssh -p 2222 deploy@host",
    "grep -c token file.txt",
    "docker login -u ci --password-stdin registry.example.com",
    "git commit -a -m 'wip'",
    "zip -r backup.zip src",
    "curl -u admin https://x",  # no password given: curl asks
    "redis-cli -h cache ping",
    "net use",
    "vault login -method=github",
    "psql -U app -h db app",
])  # fmt: skip
def test_command_lines_without_a_password_are_kept(text):
    assert redact_secrets(text) == text


@pytest.mark.parametrize("template", [
    "https://admin:{v}@db.example.com/app",
    "postgres://app:{v}@db:5432/app",
    "mongodb+srv://app:{v}@cluster0.example.net/db",
    "http_proxy=http://bob:{v}@proxy.corp:3128",
    "impacket-psexec corp/admin:{v}@10.0.0.5",
    "proxy = bob:{v}@proxy.corp.example.com:3128",
    "echo {v} | sudo -S apt-get update",
    "sudo -S <<< \"{v}\" apt-get update",
    "<<< '{v}' sudo -S true",
    "printf '%s\\n' '{v}' | docker login -u ci --password-stdin",
    "echo 'bob:{v}' | sudo chpasswd",
    "expect -c 'spawn ssh h; expect \"password:\"; send \"{v}\\r\"; interact'",
    "expect \"Password:\"\nsend \"{v}\\r\"",
    "requests.get(url, auth=(\"admin\", \"{v}\"))",
    "HTTPBasicAuth('admin', '{v}')",
    "server.login(user, \"{v}\")",
    "smtp.login('me@example.com', '{v}')",
    "new NetworkCredential(\"bob\", \"{v}\")",
    "client.setPassword(\"{v}\")",
    "$pw = ConvertTo-SecureString \"{v}\" -AsPlainText -Force",
    "kubectl create secret generic db --from-literal=username=app --from-literal=pw={v}",
    "fly secrets set DATABASE_URL={v}",
    "aws configure set aws_secret_access_key {v}",
    "setx API_TOKEN {v}",
    "ALTER USER app WITH PASSWORD '{v}';",
    "machine api.example.com\n  login bob\n  password {v}\n",
    "db.internal:5432:app:deploy:{v}",
    "Server=db;Database=app;User Id=sa;Password={v};",
    "openssl pkcs12 -export -passout pass:{v} -out a.p12",
])  # fmt: skip
def test_positions_that_carry_a_password(template):
    text = template.format(v=PW)
    assert redacted(text, PW), redact_secrets(text)


def test_a_prompt_quoted_with_its_colon_is_not_a_name_and_its_neighbour_stays():
    # expect "password:"; send "...": the quote after the colon ends the string the word is in
    text = 'expect -c \'spawn ssh h; expect "password:"; send "' + PW + "\\r\"; interact'"
    assert redact_secrets(text) == text.replace(PW, "[REDACTED:password]")


def test_a_password_with_at_and_colon_goes_whole():
    url = "https://admin:p@ss:w0rd@Z!@db.example.com/app"
    out = redact_secrets(url)
    assert out == "https://admin:[REDACTED:password]@db.example.com/app"


def test_a_token_used_as_the_user_of_a_url():
    token = gen("urltoken", 32)
    out = redact_secrets(f"git clone https://{token}@github.com/acme/app.git")
    assert token not in out and out.endswith("@github.com/acme/app.git")
    assert (
        redact_secrets("git clone ssh://git@github.com/acme/app.git")
        == "git clone ssh://git@github.com/acme/app.git"
    )


# ------------------------------------------------------------------------------ 3. PREFIX

# A value of each provider's token, written from the provider's format (prefix, then
# characters of the body's alphabet), not from our pattern.
# The providers of the secret corpus (tests/secret_shapes.py), and a few token forms only this file tests.
PROVIDER_VALUES = shapes.PROVIDER_VALUES + [
    ("slack client", lambda: "xoxc-" + "-".join(gen("xc" + str(i), n, "0123456789") for i, n in enumerate((11, 13, 13)))
     + "-" + gen("xc", 64, shapes.HEX)),
    ("slack cookie", lambda: "xoxd-" + gen("xd", 40) + "%2F" + gen("xd2", 60) + "%2B" + gen("xd3", 40) + "%3D"),
    ("secret key sk_", lambda: "sk_" + gen("skx", 48, shapes.HEX)),
    ("sonarqube user", lambda: "squ_" + gen("squ", 40, shapes.HEX)),
    ("sonarqube project", lambda: "sqp_" + gen("sqp", 40, shapes.HEX)),
    ("sonarqube analysis", lambda: "sqa_" + gen("sqa", 40, shapes.HEX)),
    ("nuget", lambda: "oy2" + gen("nuget", 43, string.ascii_lowercase + "0123456789")),
    ("yandex cloud", lambda: "YC" + gen("yc", 38, ALNUM + "_-")),
    ("twitter bearer", lambda: "A" * 22 + gen("twb", 90, ALNUM + "%")),
    ("dropbox short-lived", lambda: "sl." + gen("dbx", 135, ALNUM + "_-")),
    ("jwt base64", lambda: "ZXlKaGJHY2lPaUpJVXpJMU5pSXNJblI1Y0NJNklrcFhWQ0o5" + gen("jwtb", 60)),
    ("launchdarkly sdk key", lambda: "sdk-" + "-".join(gen("ld" + str(n), n, "0123456789abcdef") for n in (8, 4, 4, 4, 12))),
    (
        "authress",
        lambda: (
            "sc_"
            + gen("au1", 10, string.ascii_lowercase + "0123456789")
            + "."
            + gen("au2", 5, string.ascii_lowercase)
            + ".acc_"
            + gen("au3", 20, string.ascii_lowercase + "0123456789")
            + "."
            + gen("au4", 40)
        ),
    ),
]


@pytest.mark.parametrize("name, make", PROVIDER_VALUES, ids=[n for n, _ in PROVIDER_VALUES])
def test_the_prefix_rule_for_each_provider(name, make):
    token = make()
    for text in (f"{token}", f"use {token} here", f'"{token}"', f"X={token};", f"{token}\n"):
        out = redact_secrets(text)
        assert token not in out, (name, out)


def test_every_provider_in_the_table_has_a_generated_value():
    values = [make() for _name, make in PROVIDER_VALUES]
    for kind, prefixes, pattern in PROVIDERS:
        import re

        rx = re.compile(pattern)
        assert any(rx.fullmatch(v) for v in values), (kind, prefixes)
    assert len(PROVIDERS) >= 100


@pytest.mark.parametrize("text", [
    "sk-learn is not a thing, sk-1 is short",
    "the key-value store keeps key-0 to key-9",
    "AKIA123 is too short; XAKIA" + gen("glued", 16, string.ascii_uppercase + "234567") + "X is glued",
    "SKETCHY_NAME_FOR_A_CONSTANT_VALUE",
    "pat.md and sat.txt are files",
    "live_reload_enabled_for_the_dev_server",
    "MTime and NTFS are words",
])  # fmt: skip
def test_prefixes_in_ordinary_text_are_kept(text):
    assert redact_secrets(text) == text


# ------------------------------------------------------------------------------ 4. ENTROPY

RANDOM = [
    gen("r1", 24),
    gen("r2", 40, ALNUM + "+/") + "==",
    gen("r3", 32, ALNUM + "_-"),
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzXAMPLEKEY",
]


@pytest.mark.parametrize("value", RANDOM)
@pytest.mark.parametrize("template", [
    "Your API key is {v}",
    "the new token: copy {v} into the app",
    "export SERVICE_CREDENTIAL_VALUE_FOR_CI {v}",
    "echo {v} > ~/.config/app/token",
])  # fmt: skip
def test_a_random_value_next_to_a_secret_word(template, value):
    text = template.format(v=value)
    assert redacted(text, value), redact_secrets(text)


@pytest.mark.parametrize("text", [
    "token rotation landed in commit 3f786850e387550fdab836ed7e6dc881de23001b",
    "fixed the key lookup: git checkout 3f786850e387",
    "session 123e4567-e89b-12d3-a456-426614174000 has the token",
    "key sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    '"integrity": "sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+susLDB6NoqZkaJDQE02YjfqFJbhgSNKnCJYJ6w==" token',
    "the password icon: data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "token module: src/auth/tokens/RefreshTokenProvider.tsx",
    "the token is in /home/dev/.config/memlane/auth_tokens.json",
    "AuthTokenProviderFactory2 returns the key",
    "MAX_TOKEN_LENGTH_FOR_EMBEDDINGS = 8192  # token limit",
    "password-strength-meter@4.0.1 installed",
    "key: test_every_secret_rule_has_its_anchors",
])  # fmt: skip
def test_public_random_shapes_are_kept(text):
    assert redact_secrets(text) == text, redact_secrets(text)


def test_search_still_finds_a_commit_by_its_hash():
    sha = "3f786850e387550fdab836ed7e6dc881de23001b"
    assert find_secrets(f"token refresh fixed in {sha} (password reset too)") == []


# ------------------------------------------------------------------------------ speed, same finds


def _texts_for_every_rule():
    """The secret shapes, and each shape with text before it (a match away from the start)."""
    texts = [text for _family, _name, text, _secrets in shapes.SHAPES] + [
        f'requests.get(url, basic_auth=("admin", "{PW}"))',
        f"Proxy-Authorization: Basic {gen('b64', 24)}",
        f"Set-Cookie: sessionid={gen('sid', 24)}; Path=/",
        f"curl https://hooks.slack.com/services/T{gen('t', 10)}/B{gen('b', 10)}/{gen('s', 24)}",
        f"chpasswd <<< 'root:{PW}'",
        f"  default login dev password {PW}",
        f"GET /x?X-Amz-Signature={gen('sig', 40)}&a=b",
    ]
    return texts + ["echo ok\n  " + text for text in texts]


@pytest.mark.parametrize("index", [i for i, rule in enumerate(TOKEN_RULES) if rule.starts or rule.seek])
def test_a_rule_tried_only_where_a_match_can_start_finds_what_a_whole_scan_finds(index):
    """Rule.starts and Rule.seek say where a match can start; a wrong one loses a catch."""
    rule = TOKEN_RULES[index]
    rx = re.compile(rule.pattern, rule.flags)
    for text in _texts_for_every_rule():
        low = text.lower()
        anchors = Anchors(low, ())
        got = [m.span() for m in matches_from(rx, text, _starts(text, low, anchors, rule, index))]
        assert got == [m.span() for m in rx.finditer(text)], text


EDIT_PROBE = """
import json, re, sys
from store.privacy import clean_value
from store.privacy.values import CACHE
clean_value(json.load(open(sys.argv[1])))
print(json.dumps(sorted(k for k, v in CACHE.items() if isinstance(v, re.Pattern))))
"""


def test_a_plain_edit_compiles_no_pattern_of_a_rule_it_does_not_reach():
    """Each hook process pays for the patterns it compiles: an Edit of two lines of code holds
    no secret word, no flag, no assignment and no long run, so no shape, name, value or
    entropy pattern is compiled for it."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    from tests.shared_payloads import PAYLOADS

    repo = Path(__file__).resolve().parents[2]
    probe = [sys.executable, "-c", EDIT_PROBE, str(PAYLOADS / "post-tool-use-edit.json")]
    compiled = set(json.loads(subprocess.run(probe, cwd=repo, check=True, capture_output=True).stdout))
    rules = {name for name in compiled if re.fullmatch(r"(?:r|seek)\d+", name)}  # TOKEN_RULES' patterns
    assert not rules and not compiled & {"sep", "value", "reference", "entropy", "flag"}, compiled


@pytest.mark.parametrize("repeat", [1, 2000])  # a short text (a find each) and a long one (one pass)
def test_anchors_finds_every_literal_even_where_they_overlap(repeat):
    low = "user password: passwd(x) pass:y сессия пароль пароль key token(z) a|b 密码: " * repeat
    # one-character literals (found by `in`, placed when asked), literals that hold characters
    # before and after their pivot (`ssw`), one beyond ASCII alone (`密`)
    literals = ("pass", "password", "passwd(", "pass:", "pw", "user", "use", "пароль", "key", "token(",
                ":", "|", "ssw", "密")
    anchors = Anchors(low, literals)
    for lit in literals + ("sess", "ord:"):  # the last two were not given: looked for when asked
        expected = [i for i in range(len(low)) if low.startswith(lit, i)]
        assert anchors.at(lit) == expected, lit
    assert anchors.any(("nowhere", "token(")) and not anchors.any(("nowhere",))
    assert anchors.present == {lit for lit in literals if lit in low}  # a rule of none of them is skipped
    for lit in literals + ("sess", "nowhere"):  # at least as many as stand (overlaps may count once)
        n = sum(low.startswith(lit, i) for i in range(len(low)))
        assert (anchors.count(lit) > 0) == (n > 0) and anchors.count(lit) <= n, lit


@pytest.mark.parametrize("index", [i for i, rule in enumerate(TOKEN_RULES) if rule.min_run])
def test_a_rule_skipped_without_a_long_run_holds_one_in_every_match(index):
    """Rule.min_run: a text without a run that long is not searched; a wrong one loses a catch."""
    rule = TOKEN_RULES[index]
    rx = re.compile(rule.pattern, rule.flags)
    matched = 0
    for text in _texts_for_every_rule():
        for m in rx.finditer(text):
            matched += 1
            assert any(e - s >= rule.min_run for s, e in long_runs(m.group())), (m.group(), text)
    assert matched  # the shapes hold the rule's matches: the check looked at some


def test_the_flag_check_before_the_flag_pattern_skips_only_what_it_would_not_match():
    """command_lines skips a lead when the character after it cannot start a flag, without
    compiling the flag pattern: every three characters after a lead, the pattern's verdict."""
    from store.privacy.commands import _FLAG_LONG_STARTS, _FLAG_START

    rx = re.compile(r"(?:--?|/)[a-z0-9][\w.-]*:?")
    alphabet = "-/az09A_. é\n"
    for lead in "-/":
        for a in alphabet:
            for b in alphabet:
                low = " " + lead + a + b
                passes = low[2:3] in _FLAG_START or low[1:4] in _FLAG_LONG_STARTS
                assert passes == (rx.match(low, 1) is not None), repr(low)


@pytest.mark.parametrize("extra", ["", "가", "\U0001F600", "\ud800"])  # 1, 2 and 4 bytes a character
def test_long_runs_are_the_runs_a_regex_finds(extra):
    import random

    rx = re.compile("[" + re.escape("".join(sorted(RUN_CHARS))) + "]{16,}")
    rng = random.Random(7)
    alphabet = "aZ09+/_-.~$= \n\t\x00é\u4100" + extra
    for _ in range(400):
        text = "".join(rng.choice(alphabet) if rng.random() < 0.2 else "b" for _ in range(rng.randint(0, 120)))
        text += extra
        assert long_runs(text) == [m.span() for m in rx.finditer(text)], repr(text)


def test_a_tool_among_many_of_its_trigger_words_is_still_read():
    """A trigger word said often ("user") is skipped when its tool stands nowhere; here it does."""
    from store.privacy.commands import MANY_PLACES

    prose = "the user logs in and the user sees the page\n" * (MANY_PLACES // 4 + 1)  # twice: many
    for command in (f"net user admin {PW} /add", f"C:\\Windows\\net.exe user admin {PW}"):
        assert redacted(prose + command + "\n" + prose, PW), command
