"""More of the dev part (tests/privacy_eval/dev.py), a second batch written as an attacker would
after the first (dev_unwritten.py): what people paste into a coding assistant and the earlier
templates did not hold.  CI/CD files (GitHub Actions, GitLab CI, Jenkinsfile, CircleCI), Helm
values and `--set`, Ansible vars and inventories, systemd units, web servers' and proxies' auth,
package managers' and databases' dotfiles, Docker (login, `run -e`, arguments after the image,
compose), curl's credentials, connection strings of many databases and brokers, cloud CLIs,
database clients in many languages, mobile signing, LDAP binds, SNMP communities, Wi-Fi keys,
passphrases of several words, whitespace-aligned tables, tools that print a password they made,
and labels in more human languages (full-width punctuation too).  Beside them, negatives of the
same shapes: placeholders, references (`${DB_PASSWORD}`, `$(cat file)`, `{{ secrets.X }}`),
hashes, versions, ids, public keys, documented defaults, code that names a secret without
holding one.  The filter may be tuned on these cases, as on the rest of dev; the held part is
never read for them.  Values are made at run time, so secret scanners do not flag this file."""

from __future__ import annotations

import base64

from tests.privacy_eval import (
    Batch,
    Case,
    bash_event,
    in_command,
    in_prompt,
    in_result,
    prompt_event,
    random_secret,
    result_line,
    sha,
    tool_use_id,
    uuid_of,
)

# Passwords as people choose them (other values than the earlier batches'), random tokens.
HUMAN = ["Falcon#2031", "m0nkeyBars!", "Lisboa_1987", "Gr33nTea$", "winter-Wolf9", "Zebra!Crossing4",
         "pa55Port@", "Kobe24Lakers!", "Ostrich7&", "Maple#Leaf22"]  # fmt: skip

BATCH = Batch("unw2", tuple(HUMAN), lambda i: 18 + (i % 3) * 7)
_values = BATCH.values
_family = BATCH.family
_in_bash = in_command
_in_prompt = in_prompt
_in_result = in_result


def _token(v):
    return random_secret("tok" + v, 32)


def _b64(v):
    return base64.b64encode(f"ci-bot:{v}".encode()).decode()


def ci_and_deploy() -> list:
    c = []
    c += _family("github actions", [
        "    steps:\n      - uses: docker/login-action@v3\n        with:\n          username: ci-bot\n          password: {v}",
        "env:\n  DATABASE_PASSWORD: {v}\n  NODE_ENV: test",
        "      - run: echo {v} | docker login ghcr.io -u ci-bot --password-stdin",
        "        env:\n          NPM_TOKEN: {v}",
        "      - name: Deploy\n        run: curl -fsS -X POST -H \"Authorization: token {v}\" https://api.example.com/deploy"],
        realistic=_in_result)  # fmt: skip
    c += _family("gitlab ci", [
        "variables:\n  MYSQL_ROOT_PASSWORD: {v}\n  MYSQL_DATABASE: app",
        "deploy:\n  script:\n    - docker login -u gitlab-ci-token -p {v} registry.gitlab.com",
        "  before_script:\n    - export PGPASSWORD={v}\n    - psql -h db -U app -c 'select 1'",
        "    - 'curl --header \"PRIVATE-TOKEN: {v}\" https://gitlab.example.com/api/v4/projects'"],
        realistic=_in_result)  # fmt: skip
    c += _family("jenkinsfile", [
        "pipeline {\n  environment {\n    DB_PASS = '{v}'\n  }\n}",
        "    sh \"sshpass -p '{v}' scp build.tgz deploy@10.0.0.7:/srv\"",
        "        sh 'mvn deploy -Dnexus.password={v}'",
        "def registryPassword = \"{v}\""], realistic=_in_result)  # fmt: skip
    c += _family("circleci and others", [
        "      - run: docker login -u ci-bot -p {v}",
        "    environment:\n      POSTGRES_PASSWORD: {v}",
        "  - export HEROKU_API_KEY={v}",
        "script:\n  - twine upload -u __token__ -p {v} dist/*"], realistic=_in_result)  # fmt: skip
    c += _family("helm values", [
        "postgresql:\n  auth:\n    postgresPassword: {v}\n    database: app",
        "redis:\n  auth:\n    enabled: true\n    password: \"{v}\"",
        "helm install db bitnami/postgresql --set auth.postgresPassword={v}",
        "helm upgrade --install mq bitnami/rabbitmq --set auth.username=app,auth.password={v}",
        "helm repo add private https://charts.example.com --username ci --password {v}",
        "grafana:\n  adminPassword: {v}"], realistic=_in_bash)  # fmt: skip
    c += _family("ansible vars", [
        "ansible_become_pass: {v}", "web1 ansible_host=10.0.0.5 ansible_user=root ansible_ssh_pass={v}",
        "mysql_root_password: \"{v}\"", "ansible-playbook site.yml -e \"db_password={v}\"",
        "    - name: create user\n      user:\n        name: deploy\n        password: \"{{ '{v}' | password_hash('sha512') }}\"",
        "ansible_password: {v}"], realistic=_in_bash)  # fmt: skip
    c += _family("systemd units", [
        "[Service]\nEnvironment=DB_PASSWORD={v}\nExecStart=/usr/bin/app",
        'Environment="API_TOKEN={v}"', 'Environment="PORT=8080" "SECRET_KEY={v}"',
        "systemctl set-environment REDIS_PASSWORD={v}"], realistic=_in_result)  # fmt: skip
    c += _family("web server and proxy auth", [
        "userlist admins\n  user admin insecure-password {v}", "  stats auth admin:{v}",
        "AuthLDAPBindPassword {v}", "    proxy_set_header X-Api-Key {v};",
        "htpasswd -bc /etc/nginx/.htpasswd admin {v}", "  http-request set-header X-Auth-Token {v}",
        "ProxyPass / http://backend/ \nRequestHeader set X-Api-Key \"{v}\""], realistic=_in_result)  # fmt: skip
    return c


def dotfiles() -> list:
    c = []
    c += _family("npmrc and yarnrc", ["//registry.npmjs.org/:_authToken={v}",
                                      "//npm.pkg.github.com/:_authToken={v}",
                                      "npmAuthToken: \"{v}\"", "_auth={v}"],
                 realistic=lambda t, s: bash_event("cat ~/.npmrc", t, s), secret=_token)  # fmt: skip
    c += _family("pypirc", ["[pypi]\nusername = __token__\npassword = {v}",
                            "[testpypi]\nrepository = https://test.pypi.org/legacy/\nusername = ana\npassword = {v}"],
                 realistic=lambda t, s: bash_event("cat ~/.pypirc", t, s))  # fmt: skip
    c += _family("netrc", ["machine api.heroku.com\n  login ana@example.com\n  password {v}",
                           "machine github.com login ci-bot password {v}",
                           "default login anonymous password {v}"],
                 realistic=lambda t, s: bash_event("cat ~/.netrc", t, s))  # fmt: skip
    c += _family("pgpass", ["db.example.com:5432:app:app:{v}", "*:*:*:postgres:{v}",
                            "localhost:5432:*:replicator:{v}"],
                 realistic=lambda t, s: bash_event("cat ~/.pgpass", t, s))  # fmt: skip
    c += _family("my.cnf", ["[client]\nuser=root\npassword={v}", "[mysqldump]\nuser = backup\npassword = \"{v}\"",
                            "[client]\npass={v}\nhost=127.0.0.1"],
                 realistic=lambda t, s: bash_event("cat ~/.my.cnf", t, s))  # fmt: skip
    c += _family("other dotfiles", ["[credential]\n\thelper = store\n[github]\n\tuser = ana\n\ttoken = {v}",
                                    "https://ana:{v}@github.com", "registry.example.com:\n  auth: {v}",
                                    '{"auths": {"registry.example.com": {"auth": "{v}"}}}',
                                    "[default]\naws_access_key_id = AKIAEXAMPLEKEY\naws_secret_access_key = {v}"],
                 realistic=lambda t, s: bash_event("cat config", t, s))  # fmt: skip
    return c


def docker_and_curl() -> list:
    c = []
    c += _family("docker commands", [
        "docker login -u ana -p {v} registry.example.com",
        "docker run -d -e POSTGRES_PASSWORD={v} -p 5432:5432 postgres:16",
        "docker run -d --env MYSQL_ROOT_PASSWORD={v} mysql:8",
        "docker run --name mq -e RABBITMQ_DEFAULT_USER=app -e RABBITMQ_DEFAULT_PASS={v} rabbitmq:3-management",
        "podman run -e 'MSSQL_SA_PASSWORD={v}' -e ACCEPT_EULA=Y mcr.microsoft.com/mssql/server:2022-latest"],
        realistic=_in_bash)  # fmt: skip
    c += _family("argument after a docker image", [
        "docker run -d --name cache redis:7 redis-server --requirepass {v}",
        "docker run --rm minio/mc alias set s3 http://minio:9000 admin {v}",
        "docker run --rm ghcr.io/acme/sync:1.4 --api-key {v} --once",
        "docker run -it --rm postgres:16 psql postgres://app:{v}@db:5432/app",
        "docker exec -it db mysql -uroot -p{v} app"], realistic=_in_bash)  # fmt: skip
    c += _family("docker compose", [
        "services:\n  db:\n    image: postgres:16\n    environment:\n      - POSTGRES_PASSWORD={v}",
        "    environment:\n      MINIO_ROOT_USER: admin\n      MINIO_ROOT_PASSWORD: {v}",
        "    command: redis-server --requirepass {v} --appendonly yes",
        "    command: [\"--requirepass\", \"{v}\"]"], realistic=_in_result)  # fmt: skip
    c += _family("curl credentials", [
        "curl -u admin:{v} https://jenkins.example.com/api/json", "curl --user deploy:{v} -X POST https://api.example.com",
        "curl -H 'X-API-Key: {v}' https://api.example.com/v1/items",
        "curl -s -d 'username=ana&password={v}' https://example.com/login",
        "curl --data '{\"username\":\"ana\",\"password\":\"{v}\"}' -H 'Content-Type: application/json' https://example.com/api/login",
        "curl -X POST https://auth.example.com/oauth/token -d grant_type=client_credentials -d client_id=app -d client_secret={v}",
        "http POST https://example.com/login username=ana password={v}",
        "wget --user=ana --password={v} https://files.example.com/dump.sql"], realistic=_in_bash)  # fmt: skip
    return c


def connections() -> list:
    c = []
    c += _family("connection strings, databases and brokers", [
        "postgresql://app:{v}@db.internal:5432/app?sslmode=require", "mysql://root:{v}@127.0.0.1:3306/shop",
        "mongodb+srv://admin:{v}@cluster0.ab1cd.mongodb.net/prod", "redis://:{v}@cache:6379/0",
        "rediss://default:{v}@eu1-redis.example.io:6380", "amqp://app:{v}@rabbit:5672/%2F",
        "Server=tcp:sql.example.net,1433;Database=app;User ID=sa;Password={v};Encrypt=True",
        "jdbc:oracle:thin:scott/{v}@db.example.com:1521/ORCL", "sqlplus system/{v}@//db:1521/XEPDB1",
        "nats://app:{v}@nats:4222", "bolt://neo4j:{v}@graph:7687", "https://elastic:{v}@localhost:9200",
        "snowflake://ana:{v}@xy12345.eu-west-1/analytics", "clickhouse://default:{v}@ch:9000/default",
        "DSN=warehouse;UID=etl;PWD={v}", "Data Source=db;Initial Catalog=app;User Id=app;Password={v};",
        'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="app" password="{v}";',
        "cqlsh -u cassandra -p {v} 10.0.0.9", "clickhouse-client --user default --password {v}",
        "influx -username admin -password {v} -host influx", "mosquitto_pub -h broker -u iot -P {v} -t t -m on",
        "mongosh \"mongodb://db:27017\" -u admin -p {v} --authenticationDatabase admin",
        "redis-cli -h cache -a {v} ping", "memcached -S -vv  # SASL user app pass {v}"],
        realistic=_in_bash)  # fmt: skip
    c += _family("cloud clis", [
        "aws configure set aws_secret_access_key {v}", "AWS Secret Access Key [None]: {v}",
        "az login --service-principal -u 8f1c2d3e-aaaa-bbbb-cccc-0123456789ab -p {v} --tenant example.onmicrosoft.com",
        "AZURE_CLIENT_SECRET={v}", "doctl auth init -t {v}", "vercel deploy --prod --token {v}",
        "netlify deploy --auth {v} --prod", "hcloud context create prod  # token {v}",
        "export CLOUDFLARE_API_TOKEN={v}", "linode-cli --token {v} linodes list"],
        realistic=_in_bash, secret=_token)  # fmt: skip
    c += _family("database clients in many languages", [
        'conn = pymysql.connect(host="db", user="root", passwd="{v}", db="shop")',
        "const pool = new Pool({ user: 'app', host: 'db', password: '{v}', port: 5432 })",
        'rdb := redis.NewClient(&redis.Options{Addr: "cache:6379", Password: "{v}", DB: 0})',
        'dataSource.setPassword("{v}");', '$redis = Redis.new(host: "cache", password: "{v}")',
        "$pdo = new PDO('mysql:host=db;dbname=app', 'root', '{v}');",
        '    .password("{v}")', 'let opts = PgConnectOptions::new().username("app").password("{v}");',
        'var conn = new NpgsqlConnection("Host=db;Username=app;Password={v}");',
        "config :app, App.Repo, username: \"app\", password: \"{v}\", hostname: \"db\"",
        'my $dbh = DBI->connect("dbi:Pg:dbname=app", "app", "{v}");',
        "final conn = await Connection.open(Endpoint(host: 'db', database: 'app', username: 'app', password: '{v}'));",
        'con <- dbConnect(RPostgres::Postgres(), dbname = "app", user = "app", password = "{v}")',
        'local ok, err = red:auth("{v}")', '{:dbtype "postgresql" :dbname "app" :user "app" :password "{v}"}',
        'val ds = HikariDataSource().apply { jdbcUrl = url; username = "app"; password = "{v}" }',
        'let client = try await PostgresClient(configuration: .init(host: "db", username: "app", password: "{v}", database: "app"))'],
        realistic=_in_result)  # fmt: skip
    return c


def devices_and_mobile() -> list:
    c = []
    c += _family("mobile signing", [
        "signingConfigs {\n    release {\n        storeFile file('release.jks')\n        storePassword '{v}'\n        keyAlias 'upload'\n        keyPassword '{v}'\n    }\n}",
        'storePassword = "{v}"', "RELEASE_STORE_PASSWORD={v}", "MYAPP_UPLOAD_KEY_PASSWORD={v}",
        "keytool -genkeypair -v -keystore release.jks -alias upload -storepass {v} -keypass {v} -keyalg RSA",
        "security add-generic-password -a ana -s api.example.com -w {v}",
        "export MATCH_PASSWORD={v}", "FASTLANE_PASSWORD={v} bundle exec fastlane beta"],
        realistic=_in_result)  # fmt: skip
    c += _family("ldap binds", [
        'ldapsearch -x -H ldap://ldap -D "cn=admin,dc=example,dc=com" -w {v} -b "dc=example,dc=com"',
        "bindpw {v}", "ldap_default_authtok = {v}", "rootpw {v}", "olcRootPW: {v}",
        "  bind_password: {v}", "ldappasswd -x -D cn=admin,dc=example,dc=com -w {v} -S uid=ana"],
        realistic=_in_result)  # fmt: skip
    c += _family("snmp communities", [
        "snmpwalk -v2c -c {v} 10.0.0.1 system", "rocommunity {v} 10.0.0.0/24",
        "snmp-server community {v} RO", "snmpget -v3 -l authPriv -u monitor -a SHA -A {v} -x AES -X {v} 10.0.0.1 sysName.0",
        "createUser monitor SHA {v} AES {v}"], realistic=_in_result)  # fmt: skip
    c += _family("wifi, more", [
        'network={\n    ssid="HomeNet"\n    psk="{v}"\n}', "nmcli dev wifi connect HomeNet password {v}",
        "nmcli con modify office wifi-sec.psk {v}", "wpa_passphrase={v}", "wifi key: {v}",
        "the wifi password is {v}", "<keyMaterial>{v}</keyMaterial>", "WIFI:T:WPA;S:HomeNet;P:{v};;"],
        realistic=_in_prompt)  # fmt: skip
    return c


PHRASES = ["correct horse battery staple", "purple monkey dishwasher 42", "tiger lily orbit canyon",
           "seven lazy owls drink tea", "blue Anchor rusty 1987 kettle"]  # fmt: skip


def phrases_tables_tools() -> list:
    c = []
    for i, template in enumerate(["passphrase: {v}", 'export BORG_PASSPHRASE="{v}"', 'gpg --batch --passphrase "{v}" -c backup.tar',
                                  "the passphrase is \"{v}\"", "RESTIC_PASSWORD='{v}' restic backup ~/docs",
                                  "ssh-keygen -t ed25519 -N '{v}' -f deploy_key"]):
        for k in range(2):
            v = PHRASES[(i + k) % len(PHRASES)]
            text = template.replace("{v}", v)
            c.append(Case("passphrases of several words", prompt_event(text, f"unw2ph{i}{k}") if k else text, (v,),
                          realistic=bool(k)))
    for i, template in enumerate([
        "USER       PASSWORD        ROLE\nadmin      {v}     owner\nguest      {w}       viewer",
        "name        password            host\n----        --------            ----\nbackup      {v}   db1\nreport      {w}   db2",
        "Service     Login     Password\nGrafana     admin     {v}\nMinIO       minio     {w}",
    ]):
        v, w = _values(f"tab{i}", 2)
        text = template.replace("{v}", v).replace("{w}", w)
        c.append(Case("whitespace-aligned tables", text, (v, w)))
        c.append(Case("whitespace-aligned tables", bash_event("cat accounts.txt", text, f"unw2tab{i}"), (v, w), realistic=True))
    for i, (cmd, shape) in enumerate([
        ("bin/elasticsearch-reset-password -u elastic", "Password for the [elastic] user successfully reset.\nNew value: {v}"),
        ("bin/elasticsearch-setup-passwords auto -b", "Changed password for user elastic\nPASSWORD elastic = {v}"),
        ("docker logs es01", "Password for the 'elastic' user: {v}"),
        ("cat /var/lib/jenkins/secrets/initialAdminPassword", "{v}"),
        ("kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath='{.data.password}' | base64 -d", "{v}"),
        ("docker logs gitlab 2>&1 | grep 'Password:'", "Password: {v}"),
        ("sudo grafana-cli admin reset-admin-password --password-from-stdin", "Admin password changed successfully: {v}"),
        ("pwgen -s 20 1", "{v}"),
    ]):  # fmt: skip
        for k, v in enumerate(_values(f"tool{i}", 2)):
            out = shape.replace("{v}", v)
            c.append(Case("tools that print a password", bash_event(cmd, out, f"unw2tool{i}{k}"), (v,), realistic=True))
    return c


def languages() -> list:
    c = []
    c += _family("labels, more languages", [
        "Adgangskode: {v}", "Passord: {v}", "Lykilorð: {v}", "Parool: {v}", "Parole: {v}", "Slaptažodis: {v}",
        "Geslo: {v}", "Contrasenya: {v}", "Pasahitza: {v}", "Contrasinal: {v}", "Cyfrinair: {v}", "Wagwoord: {v}",
        "Nenosiri: {v}", "Kata laluan: {v}", "Mật khẩu mới: {v}", "پاس ورڈ: {v}", "رمز عبور: {v}",
        "পাসওয়ার্ড: {v}", "கடவுச்சொல்: {v}", "पासवर्ड: {v}", "პაროლი: {v}", "գաղտնաբառ: {v}",
        "Нууц үг: {v}", "Құпия сөз: {v}", "Парола: {v}", "Лозинка: {v}", "Şifre: {v}", "Jelszó: {v}",
        "Κωδικός: {v}", "סיסמא: {v}"], realistic=_in_prompt)  # fmt: skip
    c += _family("full-width and CJK labels", [
        "パスワード：{v}", "密碼：{v}", "口令：{v}", "암호: {v}", "Contraseña＝{v}", "APIキー：{v}",
        "访问令牌：{v}", "秘钥 = {v}", "トークン：「{v}」", "비밀번호 : {v}", "密码（测试环境）：{v}", "アクセストークン＝{v}"],
        realistic=_in_prompt)  # fmt: skip
    c += _family("prose, more languages", [
        "la contraseña es {v}", "o token é {v}", "le jeton est {v}", "der API-Schlüssel lautet {v}",
        "токен: {v}", "ключ API — {v}", "秘钥是{v}", "トークンは{v}です", "토큰은 {v}입니다",
        "il token è {v}", "het wachtwoord is {v}", "hasło to {v}", "şifre {v} olarak ayarlandı",
        "mật khẩu là {v}", "kata sandinya {v}", "รหัสผ่านคือ {v}"], realistic=_in_prompt)  # fmt: skip
    return c


def positives() -> list:
    return ci_and_deploy() + dotfiles() + docker_and_curl() + connections() + devices_and_mobile() + \
        phrases_tables_tools() + languages()


NEG_CONFIG = [
    "      - uses: docker/login-action@v3\n        with:\n          username: ${{ github.actor }}\n          password: ${{ secrets.GITHUB_TOKEN }}",
    "env:\n  DATABASE_PASSWORD: ${{ secrets.DATABASE_PASSWORD }}", "        env:\n          NPM_TOKEN: ${{ secrets.NPM_TOKEN }}",
    "    - docker login -u $CI_REGISTRY_USER -p $CI_REGISTRY_PASSWORD $CI_REGISTRY",
    "    - echo \"$CI_JOB_TOKEN\" | docker login -u gitlab-ci-token --password-stdin $CI_REGISTRY",
    "  environment {\n    DB_PASS = credentials('db-pass')\n  }", "    withCredentials([string(credentialsId: 'npm-token', variable: 'NPM_TOKEN')]) {",
    "postgresql:\n  auth:\n    existingSecret: db-credentials\n    secretKeys:\n      adminPasswordKey: postgres-password",
    "redis:\n  auth:\n    password: \"\"", "helm install db bitnami/postgresql --set auth.postgresPassword=$PG_PASSWORD",
    "ansible_become_pass: \"{{ vault_become_pass }}\"", "db_password: \"{{ lookup('env', 'DB_PASSWORD') }}\"",
    "mysql_root_password: \"{{ vault_mysql_root_password }}\"",
    "EnvironmentFile=/etc/app/secrets.env", "Environment=DB_PASSWORD_FILE=/run/secrets/db_password",
    'auth_basic "Restricted area";', "auth_basic_user_file /etc/nginx/.htpasswd;",
    "//registry.npmjs.org/:_authToken=${NPM_TOKEN}", "[pypi]\nusername = __token__\npassword = <your PyPI token>",
    "machine github.com login ci-bot password $GITHUB_TOKEN", "[client]\nuser=root\npassword=\nhost=localhost",
    "docker run -d -e POSTGRES_PASSWORD -p 5432:5432 postgres:16",
    "docker run -e POSTGRES_PASSWORD_FILE=/run/secrets/pg postgres:16", "docker run -e MYSQL_RANDOM_ROOT_PASSWORD=yes mysql:8",
    "docker pull postgres@sha256:" + sha("pgdigest", 64), "docker run --rm redis:7 redis-server --appendonly yes",
    'curl -u "$API_USER:$API_PASS" https://api.example.com', 'curl -H "Authorization: Bearer $(gcloud auth print-access-token)" https://x.googleapis.com',
    'curl -H "X-API-Key: ${API_KEY}" https://api.example.com', "curl -d @credentials.json https://example.com/login",
    "postgresql://user:password@localhost:5432/mydb", "mongodb+srv://<username>:<password>@cluster0.mongodb.net/",
    "redis://:${REDIS_PASSWORD}@redis:6379/0", "amqp://guest:guest@localhost:5672/",
    "aws configure set region eu-west-1", "AWS Secret Access Key [****************Q7xZ]: ",
    "az login --service-principal -u $APP_ID -p $CLIENT_SECRET --tenant $TENANT_ID",
    "storePassword System.getenv(\"STORE_PASSWORD\")", "keyPassword keystoreProperties['keyPassword']",
    "storePassword = project.findProperty(\"RELEASE_STORE_PASSWORD\") as String?",
    'ldapsearch -x -H ldap://ldap -D "cn=admin,dc=example,dc=com" -W -b "dc=example,dc=com"',
    "snmpwalk -v2c -c public 10.0.0.1 system", "rocommunity public localhost",
    'network={\n    ssid="HomeNet"\n    key_mgmt=WPA-PSK\n    psk=' + '"' + '$WIFI_PSK"\n}', "nmcli dev wifi connect HomeNet --ask",
    "passphrase: ${BORG_PASSPHRASE}", 'gpg --batch --passphrase-file ~/.gpgpass -c backup.tar',
    "NAME                  TYPE                                  DATA   AGE\ndb-credentials        Opaque                                2      5d\n"
    "default-token-x7k2p   kubernetes.io/service-account-token   3      40d",
    "USER      PASSWORD_EXPIRED   LOCKED\nana       N                  N\ndeploy    Y                  N",
    "Service     Login     Password\nGrafana     admin     (in vault)\nMinIO       minio     see 1Password",
    "password_hash: $6$rounds=656000$" + "Kx2aQ" + "$" + "B" * 20,
]  # fmt: skip

NEG_CODE = [
    "def get_password(self):\n    return self._password", "password = getpass.getpass('DB password: ')",
    "const token = await getAccessToken(scope);", "if (password.length < 12) throw new Error('too short');",
    "String encoded = passwordEncoder.encode(rawPassword);", "func (c *Config) Password() string { return c.password }",
    "val apiKey = BuildConfig.API_KEY", 'let key = try keychain.get("api-key")',
    "kSecValueData as String: password.data(using: .utf8)!", "SecItemAdd(query as CFDictionary, nil)",
    "$password = $request->input('password');", "password: { type: String, required: true, minlength: 12 }",
    "redis.NewClient(&redis.Options{Addr: addr, Password: os.Getenv(\"REDIS_PASSWORD\")})",
    'conn = pymysql.connect(host="db", user="root", passwd=os.environ["DB_PASS"])',
    "dataSource.setPassword(env.getProperty(\"db.password\"));", "api_key = settings.OPENAI_API_KEY",
    "token = request.headers.get('Authorization', '').removeprefix('Bearer ')",
    "SECRET_KEY = get_random_secret_key()", "let passwordField = SecureField(\"Password\", text: $password)",
    "password = models.CharField(max_length=128)", "@Value(\"${spring.datasource.password}\") private String password;",
]  # fmt: skip

NEG_PROSE = [
    "the wifi key is printed on the back of the router", "Passwort vergessen?", "パスワードをお忘れの場合はこちら",
    "contraseña incorrecta, inténtalo de nuevo", "密码错误", "Password for the 'elastic' user was reset, see the vault",
    "use a passphrase of four random words or more", "the token expired yesterday, can you refresh it?",
    "la contraseña es obligatoria", "le jeton est invalide", "토큰이 만료되었습니다", "Der API-Schlüssel fehlt",
    "mật khẩu là bắt buộc", "SNMP community strings should not be public", "rotate the storePassword before release",
]  # fmt: skip

NEG_OUTPUTS = [
    ("npm --version", "10.8.2"), ("pip show keyring", "Name: keyring\nVersion: 25.5.0\nSummary: Store and access your passwords safely."),
    ("aws configure list", "      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n"
     "   profile                <not set>             None    None\naccess_key     ****************ABCD shared-credentials-file\n"
     "secret_key     ****************wxyz shared-credentials-file"),
    ("kubectl get secret db -o yaml | grep -c password", "2"), ("ssh-keygen -lf ~/.ssh/id_ed25519.pub",
     "256 SHA256:" + base64.b64encode(bytes.fromhex(sha("fp", 64))).decode().rstrip("=") + " ana@laptop (ED25519)"),
    ("cat ~/.ssh/id_ed25519.pub", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + base64.b64encode(bytes.fromhex(sha("pub", 64))).decode()[:43] + " ana@laptop"),
    ("docker images", "REPOSITORY   TAG       IMAGE ID       CREATED       SIZE\npostgres     16        " + sha("img", 12) + "   2 weeks ago   432MB"),
    ("git log --oneline -3", f"{sha('c1', 7)} rotate the api key loader\n{sha('c2', 7)} hash passwords with argon2\n{sha('c3', 7)} token refresh"),
    ("bin/elasticsearch-reset-password -u elastic --help", "Resets the password of users in the native realm and built-in users."),
    ("snmpwalk -v2c -c public 10.0.0.1 sysName", "SNMPv2-MIB::sysName.0 = STRING: core-sw1"),
]  # fmt: skip


def negatives() -> list:
    c = []
    for i, text in enumerate(NEG_CONFIG):
        c.append(Case("config with references, not secrets", text))
        c.append(Case("config with references, not secrets", result_line(f"unw2nc{i}", text), realistic=True))
    for i, text in enumerate(NEG_CODE):
        c.append(Case("code naming secrets, batch 2", text))
        c.append(Case("code naming secrets, batch 2", result_line(f"unw2nk{i}", f"  {i + 10}\t{text}"), realistic=True))
    for i, text in enumerate(NEG_PROSE):
        c.append(Case("prose about secrets, batch 2", prompt_event(text, f"unw2np{i}"), realistic=True))
    for i, (cmd, out) in enumerate(NEG_OUTPUTS):
        c.append(Case("outputs not secret, batch 2", bash_event(cmd, out, f"unw2no{i}"), realistic=True))
    for i, word in enumerate(["pw", "key", "pass", "sk", "Pw", "Key", "PASS", "Sk"] * 3):
        tid = tool_use_id(f"unw2id{i}", word)
        c.append(Case("claude code ids, batch 2", f"PostToolUse {tid} password prompt answered", realistic=True))
        c.append(Case("claude code ids, batch 2", {"tool_use_id": tid, "session_id": uuid_of(f"unw2id{i}"),
                                                  "tool_response": {"stdout": "token refreshed"}}, realistic=True))
    return c


def cases() -> list:
    return positives() + negatives()
