"""More of the dev part (tests/privacy_eval/dev.py), a seventh batch written as an attacker would
after the fifth round, in PEOPLE AND PROCESS shapes no batch had: interactive sessions as a
terminal shows them (psql, mysql, redis-cli, mongosh, sqlplus, cqlsh, REPLs of Python, Node, Ruby,
Elixir, PHP; expect scripts; ftp, telnet, lftp, smbclient logins), a person's prompt pasting a
credential in free prose, with typos (`pasword`, `passwrod`, `pwd is`) and in languages the
lexicon did not have (Esperanto, Luxembourgish, Frisian, Hausa, Yoruba, Zulu, Amharic, Punjabi,
Gujarati, Kannada, Malayalam, Sinhala, Burmese, Khmer, Lao, Nepali, Marathi, Pashto, Kurdish,
Kyrgyz, Somali, Javanese, Cebuano, Malagasy, Faroese, Maltese, Haitian Creole, Yiddish), tickets,
e-mails, commit messages and PR descriptions, framework debug pages and settings dumps (Django,
Spring Boot's actuator, Flask, Laravel, phpinfo, ASP.NET), stack traces holding a DSN, CI logs
where masking failed, environment listings (`env`, `set`, `Get-ChildItem env:`, `systemctl show`,
`/proc/*/environ`), `docker inspect` and `kubectl describe`/`get -o yaml`, `history`, `git log
-p` diffs, `curl -v` and the browser's copy-as-curl/fetch/PowerShell, cookies (a session id is a
secret; a Netscape cookie jar, devtools' cookie table), OAuth flows printing codes and refresh
tokens, one-time codes said in prose; and negatives of the same shapes (prose about passwords
without one, `pwd`'s output, masked values, placeholders, hashes, UUIDs, build ids, order and
error numbers, timestamps).

Measured once before any change for it (bench_privacy's dev per family, 2026-11-29, the filter of
main at 3570bb0): 628 cases, 532 with secrets: **63.3 % caught (337/532)**; 96 negatives, none
redacted (**0 false of 441 redactions**).  By family: interactive sessions 64/84, prompts 20/114,
tickets and commits 18/33, debug pages 27/30, stack traces 24/24, CI logs 21/24, environment
listings 19/21, containers 17/23, history 35/42, diffs 21/24, curl and devtools 26/26, cookies
30/30, OAuth 12/21, one-time codes 3/36.  After the round (store/privacy/processes.py and the
lexicon's new languages and typos): 98.1 % (522/532), 0 of 96 negatives redacted; docs/privacy.md
("The seventh batch") has what generalized and what is left.  The filter may be tuned on these cases, as on the rest of dev; the held part is never
read for them."""

from __future__ import annotations

import hashlib

from tests.privacy_eval import (
    Batch,
    Case,
    b64,
    gen,
    in_command,
    in_prompt,
    in_result,
    result_line,
    sha,
    uuid_of,
)

HUMAN = ["Pelican#Sky42", "ruStyAnchor9", "Mango!Tide7", "b1tterLemon", "Orchid$Rain3", "Kestrel_88x",
         "Velvet+Fox11", "granite*Moon2"]  # fmt: skip

BATCH = Batch("unw7", tuple(HUMAN), lambda i: 20 + (i % 2) * 12)
_family = BATCH.family


def _otp(v: str) -> str:
    """A one-time code of six digits, fixed for `v` (never starting with 0, as a label's number)."""
    return str(100000 + int(hashlib.sha256(v.encode()).hexdigest(), 16) % 900000)


def _session(v: str) -> str:
    return gen("sess" + v, 32, "abcdefghijklmnopqrstuvwxyz0123456789")


def interactive_sessions() -> list:
    return _family("interactive sessions", [
        "127.0.0.1:6379> AUTH {v}\nOK\n127.0.0.1:6379> KEYS *",
        "cache:6379> AUTH default {v}\nOK",
        "127.0.0.1:6379> CONFIG SET requirepass {v}\nOK",
        "test> db.auth('admin', '{v}')\n{ ok: 1 }",
        "admin> db.createUser({ user: 'app', pwd: '{v}', roles: ['readWrite'] })\n{ ok: 1 }",
        "SQL> CONNECT system/{v}@ORCL\nConnected.",
        "SQL> ALTER USER scott IDENTIFIED BY {v};\n\nUser altered.",
        "$ sqlplus scott/{v}@//db.example.com:1521/ORCLPDB1\n\nSQL*Plus: Release 19.0.0.0.0",
        "mysql> SET PASSWORD FOR 'app'@'%' = '{v}';\nQuery OK, 0 rows affected (0.01 sec)",
        "cqlsh> CREATE ROLE app WITH PASSWORD = '{v}' AND LOGIN = true;",
        "neo4j@neo4j> ALTER CURRENT USER SET PASSWORD FROM 'neo4j' TO '{v}';",
        "clickhouse :) CREATE USER app IDENTIFIED WITH sha256_password BY '{v}'",
        ">>> import openai\n>>> openai.api_key = '{v}'\n>>> openai.models.list()",
        ">>> client = Client(api_key=\"{v}\")",
        "In [3]: os.environ['OPENAI_API_KEY'] = '{v}'",
        "> process.env.STRIPE_KEY = '{v}'\n'{v}'",
        "irb(main):001:0> Stripe.api_key = '{v}'\n=> \"{v}\"",
        "iex(1)> Application.put_env(:app, :api_key, \"{v}\")\n:ok",
        "php > $pdo = new PDO('mysql:host=db;dbname=app', 'root', '{v}');",
        "julia> ENV[\"GITHUB_TOKEN\"] = \"{v}\"",
        "scala> val password = \"{v}\"\nval password: String = {v}",
        "spawn ssh admin@10.0.0.5\nexpect \"assword:\"\nsend \"{v}\\r\"\ninteract",
        "#!/usr/bin/expect -f\nspawn sftp deploy@files.example.com\nexpect \"password:\"\nsend -- \"{v}\\r\"",
        "ftp> user ana {v}\n331 Please specify the password.\n230 Login successful.",
        "lftp -u ana,{v} sftp://files.example.com",
        "smbclient //nas/share -U ana%{v}",
        "Trying 10.0.0.1...\nConnected to router.\nUsername: admin\nPassword: {v}\nrouter#",
        "(gdb) set var api_key = \"{v}\"",
    ], realistic=in_result)  # fmt: skip


def prompts() -> list:
    return _family("a person's prompt with a credential", [
        "hey can you ssh into staging for me, the pasword is {v}",
        "my passwrod for the db is {v} btw, dont commit it",
        "pwd is {v} and user is deploy",
        "passowrd: {v} (the admin one)",
        "here's my token {v} pls dont share it",
        "use this key for the api {v}",
        "login with ana and {v} and check the dashboard",
        "the creds are deploy / {v}",
        "ok so the root passwd = {v}, try that",
        "i changed it, new pass is {v}",
        "la pasvorto estas {v}", "d'Passwuert ass {v}", "it wachtwurd is {v}",
        "kalmar sirri ita ce {v}", "ọrọ igbaniwọle ni {v}", "iphasiwedi yami ithi {v}",
        "የይለፍ ቃሉ {v} ነው", "ਪਾਸਵਰਡ {v} ਹੈ", "પાસવર્ડ: {v}", "ಪಾಸ್‌ವರ್ಡ್: {v}",
        "പാസ്‌വേഡ് {v} ആണ്", "මුරපදය {v}", "စကားဝှက်က {v} ပါ", "ពាក្យសម្ងាត់គឺ {v}",
        "ລະຫັດຜ່ານແມ່ນ {v}", "पासवर्ड {v} हो", "माझा पासवर्ड {v} आहे", "پټنوم {v} دی",
        "şîfreya min {v} e", "сырсөз: {v}", "furaha sirta waa {v}", "tembung sandhi: {v}",
        "ang password kay {v}", "ny tenimiafina dia {v}", "loyniorðið er {v}", "il-password hija {v}",
        "modpas la se {v}", "דער פּאַראָל איז {v}",
    ], realistic=in_prompt)  # fmt: skip


def tickets_and_messages() -> list:
    return _family("tickets, e-mails, commits and PRs", [
        "Subject: Re: VPN access\n\nHi Ana,\n\nYour temporary password is {v} - please change it at first login.\n\nIT",
        "OPS-1423 rotate prod creds\nNew creds for the reporting user: reporting / {v}",
        "commit 3f2a9c1\nAuthor: Bob <bob@example.com>\n\n    hotfix: hardcode smtp pass {v} until vault is back",
        "PR #482: Switch to the new SendGrid account\n\nThe new API key is {v}, already added to staging.",
        "## How to test\n- Log in as qa@example.com / {v}\n- Open Settings",
        "Steps to reproduce:\n1. Login with user `demo` and password `{v}`\n2. Click Export",
        "git commit -m \"temp: add token {v} for the demo\"",
        "Merge pull request #91 from ana/fix-auth\n\nUse {v} as the interim signing secret",
        "Customer provided their account password ({v}) so we could reproduce.",
        "> On Tue, Bob wrote:\n> the root pw for the NAS is {v}\n\nThanks, it works.",
        "Slack: @ana the wifi for the offsite: network Acme-Guest, pw {v}",
    ], realistic=in_result)  # fmt: skip


def debug_pages() -> list:
    return _family("framework debug pages and settings dumps", [
        "DATABASE_URL\t'postgres://app:{v}@db:5432/app'\nDEBUG\tTrue",
        '{"name":"spring.datasource.password","value":"{v}","origin":"class path resource [application.properties] - 3:28"}',
        '"spring.datasource.password": {\n  "value": "{v}",\n  "origin": "System Environment Property \\"DB_PASSWORD\\""\n}',
        "app.config: <Config {'ENV': 'production', 'DEBUG': True, 'SECRET_KEY': '{v}', 'TESTING': False}>",
        "Environment Variables\nAPP_KEY\nbase64:{v}\nDB_PASSWORD\n{v}",
        "$_SERVER['DB_PASSWORD']\t{v}\n$_SERVER['DB_HOST']\tdb",
        "ConnectionStrings:Default = Server=db;Database=app;User Id=sa;Password={v};",
        "broker_url: 'amqp://app:{v}@rabbit:5672//'",
        "HikariPool-1 - Starting... jdbc:mysql://db:3306/app?user=app&password={v}",
        "APP_SECRET\t\"{v}\"\nAPP_ENV\t\"prod\"",
    ], realistic=in_result)  # fmt: skip


def stack_traces() -> list:
    return _family("stack traces with a DSN", [
        "sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection failed\nengine url: postgresql+psycopg2://app:{v}@db:5432/app",
        "redis.exceptions.AuthenticationError: invalid password\n    r = redis.from_url('redis://:{v}@cache:6379/0')",
        "pymongo.errors.OperationFailure: bad auth, uri=mongodb+srv://svc:{v}@cluster0.abcde.mongodb.net",
        "panic: dial tcp: lookup db: no such host\n\ngoroutine 1 [running]:\nmain.main()\n\tdsn=\"host=db user=app password={v} dbname=app sslmode=disable\"",
        "MongoServerError: bad auth : Authentication failed.\n    at Connection.onMessage {\n  connectionString: 'mongodb://admin:{v}@mongo:27017'",
        "  File \"app.py\", line 12, in <module>\n    conn = pymysql.connect(host='db', user='root', passwd='{v}')",
        "PG::ConnectionBad: FATAL: password authentication failed for user \"app\"\n  config: {:adapter=>\"postgresql\", :username=>\"app\", :password=>\"{v}\"}",
        "java.lang.RuntimeException: cannot open jdbc:postgresql://db/app?user=app&password={v}\n\tat com.acme.Db.open(Db.java:41)",
    ], realistic=in_result)  # fmt: skip


def ci_logs() -> list:
    return _family("CI logs where masking failed", [
        "##[debug]Evaluating: secrets.NPM_TOKEN\n##[debug]Result: '{v}'",
        "+ echo {v} | docker login -u ci --password-stdin registry.example.com",
        "$ echo \"$CI_DEPLOY_PASSWORD\"\n{v}",
        "debug: setting variable SONAR_TOKEN to '{v}'",
        "[Pipeline] sh\n+ curl -u admin:{v} https://jenkins.example.com/job/app/build",
        "+ aws configure set aws_secret_access_key {v}",
        "Run ./deploy.sh --api-token {v}",
        "+ npm config set //registry.npmjs.org/:_authToken {v}",
    ], realistic=in_result)  # fmt: skip


def environments() -> list:
    return _family("environment listings", [
        "Name                           Value\n----                           -----\nAPPDATA                        C:\\Users\\ana\\AppData\\Roaming\nGITHUB_TOKEN                   {v}",
        "C:\\> set\nAPPDATA=C:\\Users\\ana\\AppData\\Roaming\nSTRIPE_SECRET={v}\nUSERNAME=ana",
        "declare -x AWS_SECRET_ACCESS_KEY=\"{v}\"\ndeclare -x HOME=\"/root\"",
        "Environment=DB_PASS={v} PORT=8080 NODE_ENV=production",
        "$ env | grep -i pass\nMYSQL_PWD={v}",
        "REDIS_AUTH={v}\nHOSTNAME=api-7d9f8b6c4-x2x7q\nHOME=/root",
        "$ printenv\nSHELL=/bin/bash\nSMTP_PASSWORD={v}\nLANG=C.UTF-8",
    ], realistic=in_result)  # fmt: skip


def containers() -> list:
    return _family("docker inspect and kubectl describe", [
        '"Env": [\n    "POSTGRES_PASSWORD={v}",\n    "PATH=/usr/local/sbin:/usr/local/bin"\n]',
        '"Cmd": [\n    "redis-server",\n    "--requirepass",\n    "{v}"\n]',
        "[POSTGRES_USER=app POSTGRES_PASSWORD={v} PGDATA=/var/lib/postgresql/data]",
        "    Environment:\n      DB_PASSWORD:  {v}\n      DB_HOST:      db",
        "    Args:\n      --db-password={v}\n      --port=8080",
        "    Command:\n      mysqld\n      --password\n      {v}",
        "    Environment:\n      MINIO_ROOT_USER:      admin\n      MINIO_ROOT_PASSWORD:  {v}",
    ], realistic=in_result) + _family("docker inspect and kubectl describe", [
        "apiVersion: v1\ndata:\n  password: {v}\n  username: YXBw\nkind: Secret",
    ], secret=b64)  # fmt: skip


def history() -> list:
    return _family("shell history", [
        "  504  vault login {v}", "  506  redis-cli -h cache AUTH {v}", "  507  sshpass -p'{v}' scp app.tgz root@web1:",
        "  508  az login --service-principal -u http://app -p {v} --tenant acme",
        "  509  openssl pkcs12 -export -in c.pem -out c.p12 -passout pass:{v}",
        "  513  mc alias set minio http://localhost:9000 admin {v}",
        "  514  rclone config create s3 s3 access_key_id AKIA00000000 secret_access_key {v}",
        "  515  gh auth login --with-token <<< {v}", "  518  smbclient //nas/share -U ana%{v}",
        "  519  xfreerdp /u:admin /p:{v} /v:10.0.0.5", "  520  rdesktop -u admin -p {v} 10.0.0.5",
        "  521  ldapsearch -x -D cn=admin,dc=example,dc=org -w {v} -b dc=example,dc=org",
        "  522  mongo admin -u root -p {v}", "  523  psql \"host=db user=app password={v}\"",
    ], realistic=in_command)  # fmt: skip


def diffs() -> list:
    return _family("git log -p diffs", [
        "diff --git a/config/settings.py b/config/settings.py\n@@ -12,3 +12,4 @@\n DEBUG = False\n+SECRET_KEY = '{v}'",
        "@@ -4,2 +4,2 @@\n-token = old\n+token = {v}",
        "+ConnectionStrings__Default=Server=db;Password={v}",
        "+# TODO remove: admin / {v}",
        "+machine api.heroku.com\n+  login ana@example.com\n+  password {v}",
        "+    conn = psycopg2.connect(dbname='app', user='app', password='{v}')",
        "+  smtp:\n+    user: mailer\n+    pass: {v}",
        "@@ -1 +1 @@\n-REDIS_URL=redis://localhost:6379\n+REDIS_URL=redis://:{v}@cache:6379",
    ], realistic=in_result)  # fmt: skip


def http_clients() -> list:
    return _family("curl -v and the browser's copies", [
        "> GET /v1/me HTTP/2\n> Host: api.example.com\n> authorization: Bearer {v}\n> user-agent: curl/8.4.0",
        "> X-Auth-Token: {v}\n> Accept: */*",
        "fetch(\"https://api.example.com/v1/me\", {\n  \"headers\": {\n    \"accept\": \"*/*\",\n    \"authorization\": \"Bearer {v}\"\n  }\n});",
        "curl ^\"https://app.example.com/api/me^\" ^\n  -H ^\"x-csrf-token: {v}^\" ^\n  --compressed",
        "curl 'https://api.example.com/v1/me' -H 'X-Goog-Api-Key: {v}'",
        "$headers = @{ \"Authorization\" = \"Bearer {v}\" }\nInvoke-WebRequest -Uri $u -Headers $headers",
        "--data-raw '{\"username\":\"ana\",\"password\":\"{v}\"}'",
        "-H 'x-api-key: {v}' \\\n  --compressed",
    ], realistic=in_result) + _family("curl -v and the browser's copies", [
        "> GET /admin HTTP/1.1\n> Authorization: Basic {v}",
    ], secret=lambda v: b64("admin:" + v))  # fmt: skip


def cookies() -> list:
    return _family("cookies", [
        "curl 'https://app.example.com/api' \\\n  -H 'cookie: _session_id={v}; _ga=GA1.1.2093817.1710411751'",
        "< set-cookie: __Secure-next-auth.session-token={v}; Path=/; HttpOnly; Secure",
        "Cookie: PHPSESSID={v}", "Cookie: JSESSIONID={v}; Path=/app",
        "document.cookie = \"auth_token={v}; path=/\"",
        ".example.com\tTRUE\t/\tTRUE\t1767225600\tsession\t{v}",
        "sessionid\t{v}\tapp.example.com\t/\t2026-12-01T10:00:00.000Z\t42\t✓\t✓\tLax",
        "$session.Cookies.Add((New-Object System.Net.Cookie(\"sessionid\", \"{v}\", \"/\", \"app.example.com\")))",
        "requests.get(url, cookies={'sessionid': '{v}'})",
        "laravel_session={v}; path=/",
    ], realistic=in_result, secret=_session)  # fmt: skip


def oauth() -> list:
    return _family("OAuth flows", [
        "Your refresh token is: 1//0g{v}",
        "Redirecting to http://localhost:8080/callback?code={v}&state=af0ifjsldkj",
        "Enter the authorization code: {v}",
        "Authorization code: 4/0AX4Xf{v}",
        "Got tokens: access=ya29.{v} refresh=1//0e{v}",
        "refresh_token\t{v}\nexpires_in\t3599",
        "Token refreshed. New refresh token: {v}",
    ], realistic=in_result)  # fmt: skip


def one_time_codes() -> list:
    return _family("one-time codes in prose", [
        "my 2FA code is {v}", "verification code: {v}", "Your GitHub authentication code is {v}.",
        "código de verificación: {v}", "验证码：{v}", "인증번호 [{v}]", "OTP: {v} (valid 5 min)",
        "Dein Bestätigungscode lautet {v}", "確認コード: {v}", "the code from my authenticator is {v}, quick",
        "Use {v} as your login code", "MFA token {v}",
    ], realistic=in_prompt, secret=_otp)  # fmt: skip


def positives() -> list:
    return (interactive_sessions() + prompts() + tickets_and_messages() + debug_pages() + stack_traces() + ci_logs()
            + environments() + containers() + history() + diffs() + http_clients() + cookies() + oauth()
            + one_time_codes())  # fmt: skip


def _neg_values():
    return {"sha": sha("unw7n"), "sha7": sha("unw7n")[:7], "uuid": uuid_of("unw7n"), "build": gen("unw7b", 8, "0123456789"),
            "hex64": sha("unw7h", 64), "num": "2093817"}  # fmt: skip


NEG = [
    "127.0.0.1:6379> AUTH\n(error) ERR wrong number of arguments for 'auth' command",
    "postgres=# \\password app\nEnter new password for user \"app\": \nEnter it again: ",
    "SQL> CONNECT / AS SYSDBA\nConnected.", ">>> import getpass\n>>> pw = getpass.getpass()\nPassword: ",
    "irb(main):001:0> Stripe.api_key = ENV.fetch('STRIPE_KEY')", 'expect "password:"\nsend -- "$env(DEPLOY_PW)\\r"',
    "ftp> user ana\n331 Please specify the password.\nPassword:\n230 Login successful.",
    "Username: admin\nPassword: \n% Login invalid", "mongosh --username admin --authenticationDatabase admin",
    "can you help me reset my password? I forgot it again", "the pasword field should be at least 12 chars",
    "pwd is /home/ana/app", "$ pwd\n/home/ana/app", "la pasvorto estas tro mallonga", "kalmar sirri ba daidai ba ne",
    "Subject: Password reset requested\n\nClick the link below to choose a new password.",
    "commit {sha}\nAuthor: Ana <ana@example.com>\n\n    rotate the smtp password (now read from vault)",
    "PR #482: move the API key to the secrets manager\n\nThe key is no longer in the repo.",
    "Ticket OPS-1423: rotate prod creds (done, stored in 1Password)", "Merge pull request #91 from ana/fix-auth",
    "DATABASES\t{'default': {'ENGINE': 'django.db.backends.postgresql', 'PASSWORD': '********************', 'HOST': 'db'}}",
    '{"name":"spring.datasource.password","value":"******","origin":"System Environment Property \\"DB_PASSWORD\\""}',
    "app.config: <Config {'DEBUG': True, 'SECRET_KEY': None, 'SESSION_COOKIE_NAME': 'session'}>",
    "sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) FATAL: password authentication failed for user \"app\"",
    "engine url: postgresql+psycopg2://app:***@db:5432/app", "##[debug]Evaluating: secrets.NPM_TOKEN\n##[debug]Result: '***'",
    "+ echo *** | docker login -u ci --password-stdin registry.example.com",
    "Name                           Value\n----                           -----\nAPPDATA                        C:\\Users\\ana\\AppData\\Roaming\nBUILD_ID                       {build}",
    '"Env": [\n    "PATH=/usr/local/sbin:/usr/local/bin",\n    "POSTGRES_PASSWORD_FILE=/run/secrets/db"\n]',
    "Name:         db-credentials\nType:  Opaque\n\nData\n====\npassword:  16 bytes\nusername:  3 bytes",
    "  501  mysql -u root -p\n  502  history | grep pass", "diff --git a/.env.example b/.env.example\n+DB_PASSWORD=\n+API_KEY=your-api-key-here",
    "< HTTP/2 401\n< www-authenticate: Bearer realm=\"api\", error=\"invalid_token\"", "Set-Cookie: theme=dark; Path=/; SameSite=Lax",
    '{"token_type":"Bearer","expires_in":3599,"scope":"openid email"}', "the 2FA code expired, can you send another one?",
    "error code 482913 from the payment gateway", "order #{num} shipped", "build {build} finished in 4m12s",
    "2026-03-14T10:22:31.118Z INFO request {uuid} took 31ms", "Your verification code was sent to +1 ***-***-1234",
    "OTP length must be 6 digits", "refresh_token: <redacted>", "git log --oneline\n{sha7} rotate keys\n{sha7} fix login",
    "    Image ID:  docker.io/library/postgres@sha256:{hex64}", "sessionid cookie not set; CSRF verification failed.",
    "ENV['DB_PASSWORD'] = nil", "app.config['SECRET_KEY'] = os.urandom(32)",
]  # fmt: skip


def negatives() -> list:
    c, values = [], _neg_values()
    for i, text in enumerate(NEG):
        for k, v in values.items():
            text = text.replace("{" + k + "}", v)
        c.append(Case("batch 7 negatives", text))
        c.append(Case("batch 7 negatives", result_line(f"unw7n{i}", text), realistic=True))
    return c


def cases() -> list:
    return positives() + negatives()
