"""More of the dev part (tests/privacy_eval/dev.py), a third batch written as an attacker would
after the second batch's fixes (dev_unwritten2.py), measured once before any change for it:
secret managers' and platforms' CLIs that set a secret (heroku, fly, firebase, dotnet
user-secrets, gcloud, aws iam, az), package managers' credentials (Maven, Gradle, Composer,
NuGet, pip), libpq keyword strings and a client's environment prefix (PGPASSWORD=X psql), expect
scripts, passwords fed to passwd and chpasswd, HTTP clients' basic auth in many languages, mobile
build configs and Apple's upload tools, a user and password in one line of chat in many languages
(ID/PW, 비번, логин/пароль), and negatives of the same shapes.  The filter may be tuned on these
cases, as on the rest of dev; the held part is never read for them."""

from __future__ import annotations

from tests.privacy_eval import (
    Batch,
    Case,
    in_command,
    in_prompt,
    in_result,
    result_line,
)

HUMAN = ["Tangerine#88", "r0ckyRoad!", "Helsinki_2020", "bL4ckC0ffee", "Quokka&Joy7", "Sapphire!93",
         "n1ghtOwl$", "Ventura-5150"]  # fmt: skip

BATCH = Batch("unw3", tuple(HUMAN), lambda i: 20 + (i % 2) * 8)
_values = BATCH.values
_family = BATCH.family
_in_bash = in_command
_in_prompt = in_prompt
_in_result = in_result


def positives() -> list:
    c = []
    c += _family("platform clis that set a secret", [
        "heroku config:set STRIPE_SECRET_KEY={v} -a shop", "fly secrets set DATABASE_PASSWORD={v}",
        "firebase functions:config:set stripe.secret={v}", 'dotnet user-secrets set "Smtp:Password" "{v}"',
        "gcloud sql users set-password root --host=% --instance=db --password={v}",
        "aws iam create-login-profile --user-name ana --password {v} --password-reset-required",
        "az ad user create --display-name Ana --user-principal-name ana@example.com --password {v}",
        "vault kv put secret/app db_password={v}", "op item create --category login --title db password={v}",
        "Set-Secret -Name DbPassword -Secret '{v}'", "railway variables --set 'API_TOKEN={v}'",
        "doppler secrets set DB_PASSWORD='{v}'"], realistic=_in_bash)  # fmt: skip
    c += _family("package managers' credentials", [
        "<server>\n  <id>nexus</id>\n  <username>deploy</username>\n  <password>{v}</password>\n</server>",
        "credentials {\n    username 'deploy'\n    password '{v}'\n}",
        '{"http-basic": {"repo.example.com": {"username": "ana", "password": "{v}"}}}',
        "nuget sources add -Name private -Source https://nuget.example.com/v3/index.json -Username ana -Password {v}",
        "pip install --index-url https://ana:{v}@pypi.example.com/simple app",
        "composer config http-basic.repo.example.com ana {v}", "npm config set //registry.example.com/:_password {v}",
        "gem sources --add https://ana:{v}@gems.example.com/"], realistic=_in_result)  # fmt: skip
    c += _family("libpq strings and environment prefixes", [
        'psql "host=db port=5432 user=app password={v} dbname=app sslmode=require"',
        "PGPASSWORD={v} psql -h db -U app app", "MYSQL_PWD={v} mysqldump -u root shop > shop.sql",
        "REDISCLI_AUTH={v} redis-cli -h cache", "conn = psycopg2.connect(\"dbname=app user=app password={v}\")",
        "sudo -u postgres PGPASSWORD='{v}' pg_dump app"], realistic=_in_bash)  # fmt: skip
    c += _family("expect scripts and passwd", [
        'spawn ssh deploy@10.0.0.7\nexpect "password:"\nsend "{v}\\r"',
        'expect "Password:" { send "{v}\\r" }', "echo -e '{v}\\n{v}' | passwd ana", "chpasswd <<< 'ana:{v}'",
        "echo 'ana:{v}' | sudo chpasswd", "usermod --password $(openssl passwd -6 '{v}') ana",
        "echo '{v}' | sudo -S apt-get update"], realistic=_in_result)  # fmt: skip
    c += _family("http clients' basic auth", [
        'r = requests.get(url, auth=("ana", "{v}"))', "axios.get(url, { auth: { username: 'ana', password: '{v}' } })",
        'req.SetBasicAuth("ana", "{v}")', 'let res = client.get(url).basic_auth("ana", Some("{v}")).send().await?;',
        "req.basic_auth 'ana', '{v}'", "$mail->Password = '{v}';",
        'let cred = URLCredential(user: "ana", password: "{v}", persistence: .forSession)',
        'val credential = Credentials.basic("ana", "{v}")', "smtp.login('me@example.com', '{v}')",
        'HttpClient.newBuilder().authenticator(auth("ana", "{v}"))'], realistic=_in_result)  # fmt: skip
    c += _family("mobile build configs and apple tools", [
        'buildConfigField "String", "API_KEY", "\\"{v}\\""', "xcrun altool --upload-app -f App.ipa -u me@example.com -p {v}",
        'xcrun notarytool store-credentials "notary" --apple-id me@example.com --team-id ABCDE12345 --password {v}',
        "MAPS_API_KEY={v}", "<string name=\"api_key\">{v}</string>", "android.injected.signing.store.password={v}"],
        realistic=_in_result)  # fmt: skip
    c += _family("user and password in one line of chat", [
        "ID: admin / PW: {v}", "staging creds -> admin / {v}", "user admin pass {v}", "SSID HomeNet / pass {v}",
        "账号admin 密码{v}", "ユーザー名 admin パスワード {v}", "아이디 admin 비번 {v}", "логин admin пароль {v}",
        "usuario: admin clave: {v}", "login admin senha {v}", "Benutzer admin Kennwort {v}",
        "kullanıcı adı admin şifre {v}", "tài khoản admin mật khẩu {v}", "here's the db password, {v}",
        "pw {v}", "pwd: {v}", "the root pw is {v}"], realistic=_in_prompt)  # fmt: skip
    return c


NEG = [
    "$cred = Get-Credential; New-PSDrive -Credential $cred", "-Password (Read-Host -AsSecureString)",
    "r = requests.get(url, auth=(user, password))", "req.SetBasicAuth(user, pass)",
    'credentials {\n    username "$repoUser"\n    password "${repoPassword}"\n}', 'send "$env(SSH_PASS)\\r"',
    "passwd ana", "heroku config:set API_KEY=$API_KEY -a shop", "fly secrets set DATABASE_PASSWORD=$(cat db.txt)",
    "PGPASSWORD=$PGPASSWORD psql -h db -U app", 'psql "host=db user=app dbname=app"',
    "openssl passwd -6 -stdin < pw.txt", 'buildConfigField "String", "API_KEY", "\\"${apiKey}\\""',
    "ana:$6$rounds=5000$Ab12Cd34$Wq0Zc3VbN8mLkJhGfDsA1QwErTyUiOpAsDfGhJkLzXcVbNm0.12345678/:19000:0:99999:7:::",
    'ssh-keygen -t ed25519 -N "" -f id_deploy', "ID: admin / PW: (ask Ana)", "비번 까먹었어",
    "user admin pass through the proxy", "smtp.login(user, app_password)", "<password>${env.NEXUS_PASSWORD}</password>",
    "dotnet user-secrets list", "vault kv put secret/app db_password=@db_password.txt", "pw reset link sent",
    "the root pw is in the vault", 'expect "Password:" { send "$password\\r" }', "MAPS_API_KEY=${MAPS_API_KEY}",
    "gcloud sql users set-password root --host=% --instance=db --prompt-for-password",
]  # fmt: skip


def negatives() -> list:
    c = []
    for i, text in enumerate(NEG):
        c.append(Case("batch 3 negatives", text))
        c.append(Case("batch 3 negatives", result_line(f"unw3n{i}", text), realistic=True))
    return c


def cases() -> list:
    return positives() + negatives()
