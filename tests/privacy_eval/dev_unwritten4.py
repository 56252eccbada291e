"""More of the dev part (tests/privacy_eval/dev.py), a fourth batch written as an attacker would
after the third batch's fixes (dev_unwritten3.py), measured once before any change for it:
secrets inside stack traces and log lines (a DSN or a password in an exception message, a
Java/Python/Go/Node trace), JSON/YAML/TOML nested deeply under a credentials/auth parent,
Terraform/Pulumi/CDK state and outputs, Kubernetes Secret manifests with stringData, .env
variants (export, quotes, a comment after the value), Windows (cmdkey, net use, runas,
PowerShell SecureString, Wi-Fi profiles), Git credential helpers and URLs, chat in many
languages, a secret on the line after its label, values in markdown tables and bullet lists,
and negatives of the same shapes (placeholders, references, masked values, hashes, ids,
versions).  The filter may be tuned on these cases, as on the rest of dev; the held part is
never read for them."""

from __future__ import annotations

from tests.privacy_eval import (
    Batch,
    Case,
    bash_event,
    gen,
    in_prompt,
    in_result,
    result_line,
    sha,
    uuid_of,
)

HUMAN = ["Marigold$42", "tr0pic4lStorm", "Oslo-Winter99", "gR33nTea!", "Pelican#Bay7", "c0balt_Sky",
         "Juniper&Fox3", "Ember!2718"]  # fmt: skip

BATCH = Batch("unw4", tuple(HUMAN), lambda i: 18 + (i % 2) * 10)
_values = BATCH.values
_family = BATCH.family
_in_prompt = in_prompt
_in_result = in_result


def _in_bash(text, seed):
    return bash_event("./run.sh", text, seed)


def positives() -> list:
    c = []
    c += _family("traces and log lines", [
        'Traceback (most recent call last):\n  File "app.py", line 12, in <module>\n    db.connect(password="{v}")\n'
        "sqlalchemy.exc.OperationalError: FATAL: password authentication failed",
        "psycopg2.OperationalError: could not connect to server: postgresql://app:{v}@db.internal:5432/app",
        "java.sql.SQLException: Access denied for user 'app'@'10.0.0.4' (using password: YES) url=jdbc:mysql://db/app?user=app&password={v}",
        "\tat com.example.Db.connect(Db.java:42)\nCaused by: java.lang.IllegalStateException: Connecting with password={v} failed",
        "2026-03-14 10:22:31,118 INFO  [main] Connecting with password={v} to db.internal",
        "[2026-03-14T10:22:31Z] DEBUG auth: sending Authorization: Basic header, token={v}",
        'panic: dial tcp: auth failed for redis://:{v}@cache:6379/0\n\ngoroutine 1 [running]:\nmain.main()',
        "Error: connect ECONNREFUSED mongodb+srv://admin:{v}@cluster0.example.net/?retryWrites=true\n    at Connection.<anonymous>",
        'level=error msg="login failed" user=deploy password="{v}" attempt=3',
        '{"level":"debug","ts":1710411751.1,"msg":"config loaded","db_password":"{v}"}',
        "W0314 10:22:31.118  1 client.go:88] retrying with --token={v}",
        "Mar 14 10:22:31 web1 app[812]: smtp auth user=mailer pass={v} rejected",
    ], realistic=_in_bash)  # fmt: skip
    c += _family("nested under a credentials parent", [
        '{"credentials": {"prod": {"primary": {"value": "{v}"}}}}',
        '{"auth": {"basic": {"user": "ana", "secret": "{v}"}}}',
        "credentials:\n  prod:\n    database:\n      user: app\n      value: {v}",
        "auth:\n  upstream:\n    github:\n      token: {v}",
        '[credentials.registry]\nuser = "deploy"\nvalue = "{v}"',
        '[auth]\n[auth.smtp]\nusername = "mailer"\nsecret = "{v}"',
        '"secrets": [\n  {"name": "db", "data": "{v}"}\n]',
        "passwords:\n  - name: root\n    value: '{v}'",
    ], realistic=_in_result)  # fmt: skip
    c += _family("infrastructure state and outputs", [
        '"outputs": {\n  "db_password": {\n    "value": "{v}",\n    "type": "string",\n    "sensitive": true\n  }\n}',
        '{"type": "aws_db_instance", "instances": [{"attributes": {"password": "{v}", "username": "app"}}]}',
        "$ terraform output -raw admin_password\n{v}",
        "Outputs:\n\ndb_password = \"{v}\"\n",
        "$ pulumi config set --secret dbPassword {v}",
        "Outputs:\n    dbPassword: \"{v}\"",
        "new rds.DatabaseInstance(this, 'Db', { credentials: rds.Credentials.fromPassword('admin', SecretValue.unsafePlainText('{v}')) });",
        "resource \"aws_db_instance\" \"db\" {\n  username = \"app\"\n  password = \"{v}\"\n}",
    ], realistic=_in_result)  # fmt: skip
    c += _family("kubernetes secret manifests", [
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\nstringData:\n  DB_PASS: {v}",
        "kind: Secret\nstringData:\n  config.yaml: |\n    password: {v}",
        "kind: Secret\nstringData:\n  url: postgres://app:{v}@db:5432/app",
        "kubectl create secret generic db --from-literal=password={v}",
        "kubectl create secret docker-registry regcred --docker-server=ghcr.io --docker-username=ana --docker-password={v}",
        "env:\n  - name: ADMIN_PASSWORD\n    value: \"{v}\"",
    ], realistic=_in_result)  # fmt: skip
    c += _family("dotenv variants", [
        "export DB_PASSWORD={v}", 'export API_TOKEN="{v}"', "DB_PASSWORD='{v}' # rotated in March",
        "SECRET_KEY={v}  # do not commit", "  export   REDIS_PASSWORD = {v}", "set -x SMTP_PASSWORD {v}",
        "setenv DB_PASS {v}", "$env:API_KEY = \"{v}\"", "set DB_PASSWORD={v}", "DB_PASSWORD=\"{v}\" ; ok",
    ], realistic=_in_result)  # fmt: skip
    c += _family("windows credentials", [
        "cmdkey /add:fileserver /user:CORP\\ana /pass:{v}", "cmdkey /generic:git:https://example.com /user:ana /password:{v}",
        "net use Z: \\\\fs01\\share {v} /user:CORP\\ana", "net use \\\\fs01\\ipc$ /user:administrator {v}",
        "$pw = ConvertTo-SecureString '{v}' -AsPlainText -Force",
        "$cred = New-Object System.Management.Automation.PSCredential('ana', (ConvertTo-SecureString -String \"{v}\" -AsPlainText -Force))",
        "<keyMaterial>{v}</keyMaterial>", 'netsh wlan show profile name="HomeNet" key=clear\n    Key Content            : {v}',
        "schtasks /create /tn backup /tr backup.bat /sc daily /ru CORP\\svc /rp {v}",
        "psexec \\\\web01 -u CORP\\admin -p {v} cmd", "sc.exe config svc obj= CORP\\svc password= {v}",
    ], realistic=_in_result)  # fmt: skip
    c += _family("git credentials", [
        "https://ana:{v}@github.com", "git clone https://oauth2:{v}@gitlab.example.com/team/app.git",
        "git remote set-url origin https://x-access-token:{v}@github.com/org/app.git",
        "protocol=https\nhost=github.com\nusername=ana\npassword={v}",
        "printf 'protocol=https\\nhost=example.com\\nusername=ana\\npassword={v}\\n' | git credential approve",
        "[url \"https://ana:{v}@git.example.com/\"]\n\tinsteadOf = https://git.example.com/",
        "git -c http.extraHeader=\"Authorization: Bearer {v}\" clone https://git.example.com/app.git",
    ], realistic=_in_bash)  # fmt: skip
    c += _family("chat in many languages", [
        "el pass es {v}", "la contraseña del wifi es {v}", "パスは{v}です", "비밀번호 알려드릴게요: {v}",
        "mot de passe du serveur : {v}", "das Passwort lautet {v}", "a senha do banco é {v}", "пароль от базы {v}",
        "数据库密码是{v}", "la password è {v}", "wachtwoord is {v}", "hasło do serwera to {v}", "lösenordet är {v}",
        "şifre {v} olarak ayarlandı", "mật khẩu là {v}", "kata sandinya {v}", "סיסמה: {v}", "كلمة المرور هي {v}",
        "पासवर्ड है {v}", "salasana on {v}", "adgangskoden er {v}", "heslo je {v}",
    ], realistic=_in_prompt)  # fmt: skip
    c += _family("secret on the line after its label", [
        "Password:\n{v}", "Your new API key (shown once):\n\n    {v}\n", "token\n{v}", "DB password below\n{v}",
        "パスワード:\n{v}", "Here's the root password —\n{v}\n(rotate it)", "Generated secret:\n  {v}",
    ], realistic=_in_prompt)  # fmt: skip
    c += _family("markdown tables and lists", [
        "| service | user | password |\n|---|---|---|\n| db | app | {v} |",
        "| Key | Value |\n| --- | --- |\n| API token | `{v}` |",
        "- **Password:** {v}", "* db password — `{v}`", "1. Login: admin\n2. Password: {v}",
        "- user: `admin`\n- pass: `{v}`", "| name | secret |\n|------|--------|\n| stripe | {v} |",
    ], realistic=_in_prompt)  # fmt: skip
    c += _family("the five open misses", [
        "<WLANProfile>\n  <MSM><security><sharedKey>\n    <keyType>passPhrase</keyType>\n    <keyMaterial>{v}</keyMaterial>\n  </sharedKey></security></MSM>\n</WLANProfile>",
        'dotnet user-secrets set "A:Password" {v}', "basic_auth 'ana', '{v}'",
        'buildConfigField "String", "DB_SECRET", "\\"{v}\\""', "the db password, {v}",
    ], realistic=_in_result)  # fmt: skip
    return c


def _neg_values():
    return {"sha": sha("unw4n"), "uuid": uuid_of("unw4n"), "hex": gen("unw4h", 32, "0123456789abcdef")}


NEG = [
    'Traceback (most recent call last):\n  File "app.py", line 12, in <module>\n    db.connect(password=os.environ["DB_PASSWORD"])\nKeyError: \'DB_PASSWORD\'',
    "psycopg2.OperationalError: FATAL: password authentication failed for user \"app\"",
    "java.sql.SQLException: Access denied for user 'app'@'10.0.0.4' (using password: YES)",
    "2026-03-14 10:22:31,118 INFO  [main] Connecting with password=****** to db.internal",
    'level=error msg="login failed" user=deploy password="[REDACTED]" attempt=3',
    '{"level":"debug","msg":"config loaded","db_password":"<redacted>"}',
    "postgresql://app:***@db.internal:5432/app",
    '{"credentials": {"prod": {"primary": {"value": "${DB_PASSWORD}"}}}}',
    "credentials:\n  prod:\n    database:\n      user: app\n      value: !vault db_password",
    '[credentials.registry]\nuser = "deploy"\nvalue = "changeme"',
    '"outputs": {\n  "db_password": {\n    "value": "",\n    "type": "string",\n    "sensitive": true\n  }\n}',
    "Outputs:\n\ndb_password = <sensitive>\n",
    "$ pulumi config set --secret dbPassword",
    "resource \"aws_db_instance\" \"db\" {\n  username = \"app\"\n  password = var.db_password\n}",
    "kind: Secret\nstringData:\n  DB_PASS: {{ .Values.db.password }}",
    "kubectl create secret generic db --from-file=password=./password.txt",
    "env:\n  - name: ADMIN_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: admin\n        key: password",
    "export DB_PASSWORD=$(vault read -field=password secret/db)", 'export API_TOKEN="your-token-here"',
    "DB_PASSWORD= # set me", "SECRET_KEY=<generate with openssl rand -hex 32>",
    "cmdkey /list", "net use Z: \\\\fs01\\share /user:CORP\\ana *", "runas /savecred /user:CORP\\admin cmd",
    "$pw = Read-Host -AsSecureString", "<keyMaterial>$(WIFI_KEY)</keyMaterial>",
    "git config --global credential.helper store", "git clone https://github.com/org/app.git",
    "git remote set-url origin git@github.com:org/app.git", "protocol=https\nhost=github.com\nusername=ana",
    "el pass es muy largo", "パスは後で送ります", "비밀번호 알려드릴게요 나중에", "das Passwort lautet wie immer",
    "Password:\n(leave empty for none)", "token\nexpired", "| service | user | password |\n|---|---|---|\n| db | app | (in vault) |",
    "- **Password:** see 1Password", "| name | version |\n|---|---|\n| cryptography | 42.0.5 |",
    "- commit: `{sha}`", "| request | id |\n|---|---|\n| create | {uuid} |", "token_hash: {hex}",
    'dotnet user-secrets set "A:Password" $env:PASSWORD', "basic_auth ENV['USER'], ENV['PASS']",
    'buildConfigField "String", "DB_SECRET", "\\"${dbSecret}\\""', "the db password, as usual, is in the vault",
    "Caused by: java.lang.IllegalStateException: password must not be empty",
    "W0314 10:22:31.118  1 client.go:88] retrying with --token-file=/var/run/secrets/token",
]  # fmt: skip


def negatives() -> list:
    c, values = [], _neg_values()
    for i, text in enumerate(NEG):
        for k, v in values.items():
            text = text.replace("{" + k + "}", v)
        c.append(Case("batch 4 negatives", text))
        c.append(Case("batch 4 negatives", result_line(f"unw4n{i}", text), realistic=True))
    return c


def cases() -> list:
    return positives() + negatives()
