"""An adversarial corpus of credential shapes for the privacy filter.

`SHAPES` are the shapes the filter was written against (the issue's list and their
family); `HELD_OUT` are other shapes of the same families, written separately and kept out
of the filter's own tests, to measure whether the rules generalise.  Each case is
`(name, text, secrets)`: `text` holds each of `secrets` (which must never be stored) and a
canary word `canary-<n>` (which must be, so a test cannot pass by storing nothing).

Fake credentials are assembled at run time so secret scanners do not flag this file.
"""

from __future__ import annotations

import hashlib
import string

ALNUM = string.ascii_letters + string.digits


def filler(seed: str, n: int, alphabet: str = ALNUM) -> str:
    """`n` characters from `alphabet`, fixed for `seed` (mixed case and digits when possible)."""
    out = ""
    counter = 0
    while len(out) < n:
        digest = hashlib.sha256(f"{seed}:{counter}".encode()).digest()
        out += "".join(alphabet[b % len(alphabet)] for b in digest)
        counter += 1
    return out[:n]


HEAD = [None]  # a password's first two letters for a seed, while tests/secret_shapes.shapes builds a round


def _pw(seed: str) -> str:
    return ("Pw" if HEAD[0] is None else HEAD[0](seed)) + filler(seed, 10) + "7q"


def _shapes(tag: str) -> list[tuple[str, str, list[str]]]:
    p = lambda name: _pw(tag + name)  # noqa: E731 - a short local helper
    pem_body = [filler(tag + f"pem{i}", 64, ALNUM + "+/") for i in range(4)]
    pem = "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(pem_body) + "\n-----END RSA PRIVATE KEY-----"
    cases = [
        ("env assignment", "export DB_PASSWORD={v}", [p("env")]),
        ("yaml", "database:\n  password: {v}\n  user: app", [p("yaml")]),
        ("json", '{{"client_secret": "{v}", "user": "app"}}', [p("json")]),
        ("secret evasion", 'secret: API_KEY="{v}"', [p("evasion1")]),
        ("value ending in Secret", "password: My{v}Secret", [p("evasion2")]),
        ("value ending in Token", "password = {v}Token", [p("evasion3")]),
        ("dollar in url password", "psql postgres://app:{v}$x@db.internal/app", [p("url$")]),
        ("url in a diff line", "+https://deploy:{v}@git.example.com/app.git", [p("urldiff")]),
        ("mysql -p", "mysql -u root -p{v} app_db", [p("mysql")]),
        ("sshpass", "sshpass -p {v} ssh deploy@10.0.0.5", [p("sshpass")]),
        ("docker login -p", "docker login -u ci -p {v} registry.example.com", [p("docker")]),
        ("password-stdin", "echo {v} | docker login --username ci --password-stdin", [p("stdin")]),
        ("chpasswd", "echo 'deploy:{v}' | sudo chpasswd", [p("chpasswd")]),
        ("aws configure", "aws configure set aws_secret_access_key {v}", [p("awscfg")]),
        ("sql alter user", "ALTER USER app WITH PASSWORD '{v}';", [p("sql")]),
        ("sql identified by", "CREATE USER 'app'@'%' IDENTIFIED BY '{v}';", [p("identified")]),
        ("setx", "setx GITHUB_TOKEN {v}", [p("setx")]),
        ("ado connection string", "Server=db;Database=app;User Id=sa;Pwd={v};", [p("pwd")]),
        ("pgpass", "db.internal:5432:app:deploy:{v}", [p("pgpass")]),
        ("russian label", "пароль: {v}", [p("ru")]),
        ("fullwidth colon", "password：{v}", [p("fw")]),
        ("curl -u", "curl -u admin:{v} https://api.example.com", [p("curl")]),
        ("netrc", "machine api.example.com login me password {v}", [p("netrc")]),
        ("cli flag", "deploy --api-key {v} --region eu", [p("flag")]),
        ("redis-cli -a", "redis-cli -h cache -a {v} ping", [p("redis")]),
        ("sqlcmd -P", "sqlcmd -S db -U sa -P {v} -Q 'select 1'", [p("sqlcmd")]),
        ("ldapsearch -w", "ldapsearch -x -D cn=admin -w {v} -b dc=ex", [p("ldap")]),
        ("openssl pass:", "openssl rsa -in k.pem -passin pass:{v}", [p("openssl")]),
        ("keytool", "keytool -list -keystore ks.jks -storepass {v}", [p("keytool")]),
        ("jdbc oracle", "jdbc:oracle:thin:scott/{v}@db:1521:orcl", [p("oracle")]),
        ("mongodb url", "mongodb+srv://app:{v}@cluster0.example.net/db", [p("mongo")]),
        ("redis url", "redis://:{v}@cache.internal:6379/0", [p("redisurl")]),
        ("query string", "https://api.example.com/cb?code=1&access_token={v}&x=1", [p("query")]),
        ("bearer", "Authorization: Bearer {v}" + filler(tag + "bearer", 24), [p("bearer")]),
        ("azure account key", "AccountName=app;AccountKey={v}==;EndpointSuffix=core", [p("azure")]),
        ("pem", pem, pem_body),
        ("pem body only", "\n".join("+" + line for line in pem_body[1:]), pem_body[1:]),
    ]
    tokens = [
        ("anthropic", "sk-ant-api03-" + filler(tag + "ant", 40)),
        ("openai", "sk-proj-" + filler(tag + "oai", 40)),
        ("github", "ghp_" + filler(tag + "gh", 36)),
        ("github fine", "github_pat_" + filler(tag + "ghf", 60)),
        ("gitlab", "glpat-" + filler(tag + "gl", 20)),
        ("aws key", "AKIA" + filler(tag + "aws", 16, string.ascii_uppercase + string.digits)),
        ("slack", "xoxb-" + filler(tag + "sl", 30)),
        ("stripe", "sk_" + "live_" + filler(tag + "st", 24)),
        ("npm", "npm_" + filler(tag + "npm", 36)),
        ("huggingface", "hf_" + filler(tag + "hf", 34)),
        ("sendgrid", "SG." + filler(tag + "sg1", 22) + "." + filler(tag + "sg2", 43)),
        ("google", "AIza" + filler(tag + "gg", 35)),
        ("digitalocean", "dop_v1_" + filler(tag + "do", 64, "0123456789abcdef")),
        ("jwt", "eyJ" + filler(tag + "j1", 20) + ".eyJ" + filler(tag + "j2", 30) + "." + filler(tag + "j3", 20)),
        ("vault", "hvs." + filler(tag + "hv", 30)),
        ("telegram", "123456789:AA" + filler(tag + "tg", 33)),
        ("shopify", "shpat_" + filler(tag + "sh", 32, "0123456789abcdef")),
        ("age", "AGE-SECRET-KEY-1" + filler(tag + "age", 58, string.ascii_uppercase + string.digits)),
    ]
    for name, token in tokens:
        cases.append((f"{name} token", "token is {v} here", [token]))
    webhooks = [
        ("slack webhook", "https://hooks.slack.com/services/T" + filler(tag + "w1", 8) + "/B" + filler(tag + "w2", 8) + "/" + filler(tag + "w3", 24)),
        ("discord webhook", "https://discord.com/api/webhooks/123456789012/" + filler(tag + "dw", 60)),
        ("teams webhook", "https://acme.webhook.office.com/webhookb2/" + filler(tag + "tw", 40)),
        ("zapier webhook", "https://hooks.zapier.com/hooks/catch/123456/" + filler(tag + "zw", 8)),
        ("azure sas", "https://acct.blob.core.windows.net/c/f?sv=2022&sig=" + filler(tag + "sas", 40)),
    ]
    for name, url in webhooks:
        cases.append((name, "curl -X POST {v} -d '{{}}'", [url]))
    out = []
    for n, (name, template, secrets) in enumerate(cases):
        text = template.replace("{v}", secrets[0]) if "{v}" in template else template
        text = text.replace("{{", "{").replace("}}", "}")
        out.append((name, f"canary-{tag}{n}\n{text}", secrets))
    return out


def _held_out(tag: str) -> list[tuple[str, str, list[str]]]:
    p = lambda name: _pw(tag + name)  # noqa: E731
    cases = [
        ("toml", 'api_key = "{v}"', [p("toml")]),
        ("ini", "[db]\npassword = {v}", [p("ini")]),
        ("php define", "define('DB_PASSWORD', '{v}');", [p("php")]),
        ("dotenv quoted", 'STRIPE_SECRET_KEY="{v}"', [p("dotenv")]),
        ("k8s secret", "stringData:\n  password: {v}", [p("k8s")]),
        ("docker -e", "docker run -e POSTGRES_PASSWORD={v} postgres", [p("dockere")]),
        ("mysql --password=", "mysqldump --user=root --password={v} app", [p("mysqldump")]),
        ("mariadb attached", "mariadb -uroot -p{v} -e 'show databases'", [p("mariadb")]),
        ("mongosh -p", "mongosh -u admin -p {v} --authenticationDatabase admin", [p("mongosh")]),
        ("podman login", "podman login -u me -p {v} quay.io", [p("podman")]),
        ("helm registry", "helm registry login r.example.com --username me --password {v}", [p("helm")]),
        ("gh secret set", "gh secret set DEPLOY_KEY --body {v}", [p("gh")]),
        ("npm config", "npm config set //registry.npmjs.org/:_authToken {v}", [p("npmcfg")]),
        ("sql create role", "CREATE ROLE app LOGIN PASSWORD '{v}';", [p("role")]),
        ("jdbc url params", "jdbc:postgresql://db/app?user=app&password={v}", [p("jdbc")]),
        ("sqlalchemy url", "postgresql+psycopg2://app:{v}@db/app", [p("sqla")]),
        ("amqp url", "amqp://guest:{v}@rabbit:5672/", [p("amqp")]),
        ("smb -U", "smbclient //srv/share -U bob%{v}", [p("smb")]),
        ("zip -P", "zip -P {v} backup.zip secrets.txt", [p("zip")]),
        ("german label", "Passwort: {v}", [p("de")]),
        ("spanish label", "contraseña: {v}", [p("es")]),
        ("service bus", "Endpoint=sb://x.servicebus.windows.net/;SharedAccessKeyName=k;SharedAccessKey={v}=", [p("sb")]),
        ("basic header", "authorization: Basic " + filler(tag + "basic", 28), []),
    ]
    cases[-1] = (cases[-1][0], cases[-1][1], [filler(tag + "basic", 28)])
    tokens = [
        ("gitlab deploy", "gldt-" + filler(tag + "gldt", 20)),
        ("github oauth", "gho_" + filler(tag + "gho", 36)),
        ("slack user", "xoxp-" + filler(tag + "xoxp", 40)),
        ("stripe restricted", "rk_" + "live_" + filler(tag + "rk", 30)),
        ("pypi", "pypi-AgEIcHlwaS5vcmc" + filler(tag + "pypi", 50)),
        ("groq", "gsk_" + filler(tag + "gsk", 52)),
        ("databricks", "dapi" + filler(tag + "dapi", 32, "0123456789abcdef")),
        ("google oauth", "ya29." + filler(tag + "ya29", 60)),
        ("aws session", "ASIA" + filler(tag + "asia", 16, string.ascii_uppercase + string.digits)),
        ("sentry", "sntrys_" + filler(tag + "sentry", 60)),
    ]
    for name, token in tokens:
        cases.append((f"{name} token", "using {v} now", [token]))
    cases.append(("discord canary webhook", "POST {v}",
                  ["https://canary.discord.com/api/webhooks/98765432101/" + filler(tag + "dcw", 60)]))
    cases.append(("s3 presigned", "GET {v}",
                  ["https://b.s3.amazonaws.com/k?X-Amz-Credential=x&X-Amz-Signature=" + filler(tag + "s3", 64, "0123456789abcdef")]))
    out = []
    for n, (name, template, secrets) in enumerate(cases):
        text = template.replace("{v}", secrets[0]) if "{v}" in template else template
        out.append((name, f"canary-{tag}{n}\n{text}", secrets))
    return out


SHAPES = _shapes("s")
HELD_OUT = _held_out("h")
