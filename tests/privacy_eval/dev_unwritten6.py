"""More of the dev part (tests/privacy_eval/dev.py), a sixth batch written as an attacker would
after the fifth batch's fixes (dev_unwritten5.py), measured once before any change for it: FILES
AND FORMATS no batch had, each as a Claude Code tool shows it (a Read's numbered lines, `cat`'s
output, an Edit's new text, a Write, a JSON document holding the file escaped).  Android
gradle/local/key properties, iOS xcconfig, plist and old-style plist output, PlistBuddy; Ansible
inventories and vars, Chef attributes and data bags, Puppet manifests and Hiera, Salt pillars;
CI variables (Azure Pipelines, Bitbucket, Drone, Travis, GitLab's API, Jenkins); VS Code and
JetBrains settings and launch configs, REST clients' environments; Jupyter notebooks (a cell's
source and its output); HAR files; Postman, Insomnia and Bruno collections and environments;
password managers' CSV and XML exports; rclone, s3cmd, boto, gcloud, az, doctl, gh, kubeconfig,
terraformrc, cargo, gem, NuGet and Maven files; Spring, Django, Rails, WordPress and Laravel
settings, Go and Rust config structs; systemd, supervisord and launchd environments, crontab
lines; Tomcat users, Squid peers, Apache DBD; LDIF; Prometheus, Alertmanager, Grafana,
Telegraf, Zabbix, Nagios; docker-compose environments and `docker inspect`; Vault and Consul
outputs.  Negatives of the same formats: placeholders, references to environment variables and
secret stores, encrypted values, hashes, ids, public keys, version pins.

Measured once before any change for it (bench_privacy, dev per family; 444 cases with secrets in
22 families, 148 of them as Claude Code sends them, 130 negatives): **82.0 % caught (364/444)**,
76.4 % (113/148) of the realistic ones; 10 of 130 negatives redacted, 20 false redactions of 454
(4.4 %; 12 of 191 on the realistic ones).  After the round that generalized from it (store/privacy/
formats.py and the never-secret classes it added): 96.4 % (428/444), 95.9 % of the realistic
ones, 0 of 130 negatives redacted, 0 false.

The filter may be tuned on these cases, as on the rest of dev; the held part is never read for
them.  Values are made at run time, so secret scanners do not flag this file."""

from __future__ import annotations

import json

from tests.privacy_eval import (
    Batch,
    Case,
    b64,
    bash_event,
    gen,
    in_command,
    in_result,
    numbered,
    result_line,
    sha,
    uuid_of,
)

HUMAN = ["Pelican!Road42", "marigold-Fox9", "Quartz_Lake71", "t1ger.Lily", "Cobalt*Rain8", "Saffron!Wolf3",
         "n0rth_Meadow", "Ember-Gate55"]  # fmt: skip

BATCH = Batch("unw6", tuple(HUMAN), lambda i: 18 + (i % 3) * 6)
_family = BATCH.family


def _tool_event(seed: str, tool: str, tool_input: dict, tool_response: dict) -> dict:
    event = bash_event("", "", seed)
    event.update(tool_name=tool, tool_input=tool_input, tool_response=tool_response)
    return event


def read(path: str):
    """A Read of the file at `path`: the PostToolUse event (the file's text as its content)."""
    def make(text, seed):
        return _tool_event(seed, "Read", {"file_path": path}, {"type": "text", "file": {
            "filePath": path, "content": text, "numLines": text.count("\n") + 1, "startLine": 1,
            "totalLines": text.count("\n") + 1}})
    return make


def read_result(text: str, seed: str) -> dict:
    """A Read's result in a transcript: the file's lines numbered."""
    return result_line(seed, numbered(text))


def edit(path: str):
    """An Edit of the file at `path` whose new text is the case's text."""
    def make(text, seed):
        return _tool_event(seed, "Edit", {"file_path": path, "old_string": "# TODO", "new_string": text,
                                          "replace_all": False},
                           {"filePath": path, "oldString": "# TODO", "newString": text,
                            "originalFile": "# TODO\n", "userModified": False, "replaceAll": False})
    return make


def write(path: str):
    def make(text, seed):
        return _tool_event(seed, "Write", {"file_path": path, "content": text},
                           {"type": "create", "filePath": path, "content": text})
    return make


def cat(path: str):
    return lambda text, seed: bash_event(f"cat {path}", text, seed)


def escaped(text: str, seed: str) -> dict:
    """The file inside a JSON document a tool returned (an MCP server's answer), so its quotes and
    newlines are escaped in the result's text."""
    return result_line(seed, json.dumps({"path": "config/app", "content": text}))


def mobile_and_build() -> list:
    c = []
    c += _family("android gradle and key properties", [
        "org.gradle.jvmargs=-Xmx2048m\nRELEASE_STORE_PASSWORD={v}\nRELEASE_KEY_ALIAS=upload",
        "signing.keyId=24875D73\nsigning.password={v}\nsigning.secretKeyRingFile=/home/ana/.gnupg/secring.gpg",
        "ossrhUsername=ana\nossrhPassword={v}", "storePassword={v}\nkeyPassword={v}\nkeyAlias=upload\nstoreFile=upload.jks",
        "sdk.dir=/home/ana/Android/Sdk\nMAPBOX_DOWNLOADS_TOKEN={v}", "mavenCentralPassword={v}",
        "systemProp.https.proxyUser=ana\nsystemProp.https.proxyPassword={v}",
    ], realistic=read_result)  # fmt: skip
    c += _family("ios xcconfig and plists", [
        "// Release.xcconfig\nAPI_SECRET = {v}\nPRODUCT_BUNDLE_IDENTIFIER = com.example.app",
        "STRIPE_SECRET_KEY = {v} // release only", '{\n    "APISecret" => "{v}"\n    "CFBundleName" => "App"\n}',
        '{\n    authToken = "{v}";\n    lastSync = "2026-03-14";\n}',
        '/usr/libexec/PlistBuddy -c "Set :ApiToken {v}" Info.plist',
        "plutil -replace ClientSecret -string {v} Config.plist",
        '<dict>\n\t<key>EnvironmentVariables</key>\n\t<dict>\n\t\t<key>API_TOKEN</key>\n\t\t<string>{v}</string>\n\t</dict>\n</dict>',
    ], realistic=cat("Config.xcconfig"))  # fmt: skip
    return c


def provisioning() -> list:
    c = []
    c += _family("ansible inventories and vars, more", [
        "[db]\ndb1 ansible_host=10.0.0.9 ansible_become_password={v}",
        "all:\n  hosts:\n    web1:\n      ansible_host: 10.0.0.5\n      ansible_winrm_password: {v}",
        "postgresql_users:\n  - name: app\n    password: {v}\n    encrypted: true",
        "mysql_users:\n  - name: app\n    host: '%'\n    password: {v}\n    priv: 'app.*:ALL'",
        "ansible all -i hosts -m user -a \"name=deploy password={v}\"",
        "ansible-playbook site.yml --extra-vars '{\"admin_pass\":\"{v}\"}'",
        "vault_db_password: {v}",
    ], realistic=read_result)  # fmt: skip
    c += _family("chef puppet and salt", [
        "default['app']['db_password'] = '{v}'", "knife bootstrap 10.0.0.5 -x root -P {v} -N web1",
        '{\n  "id": "mysql",\n  "root_password": "{v}"\n}',
        "class { 'mysql::server':\n  root_password => '{v}',\n  remove_default_accounts => true,\n}",
        "profile::db::password: '{v}'", "mysql:\n  server:\n    root_password: {v}",
        "postgresql::server::role { 'app':\n  password_hash => postgresql::postgresql_password('app', '{v}'),\n}",
    ], realistic=edit("site/profile/manifests/db.pp"))  # fmt: skip
    c += _family("ci variables, more systems", [
        "variables:\n- name: dbPassword\n  value: '{v}'\n- name: dbUser\n  value: app",
        "az pipelines variable create --name apiKey --value {v} --secret true",
        "definitions:\n  services:\n    postgres:\n      image: postgres:16\n      variables:\n        POSTGRES_PASSWORD: {v}",
        "drone secret add --repository acme/app --name docker_password --data {v}",
        "travis env set API_KEY {v} --private",
        "curl --request POST --header \"PRIVATE-TOKEN: $GL_TOKEN\" \"https://gitlab.example.com/api/v4/projects/7/variables\" --form \"key=DB_PASSWORD\" --form \"value={v}\"",
        "glab variable set DB_PASSWORD --value {v}",
        "    stage('Deploy') {\n      steps {\n        sh 'curl -u admin:{v} https://jenkins.example.com/job/app/build'\n      }\n    }",
    ], realistic=read_result)  # fmt: skip
    return c


def editors_and_notebooks() -> list:
    c = []
    c += _family("editor settings and launch configs", [
        '{\n  "version": "0.2.0",\n  "configurations": [{\n    "type": "node",\n    "env": {\n      "DB_PASSWORD": "{v}"\n    }\n  }]\n}',
        '      "args": ["--api-key", "{v}", "--verbose"],',
        '"sqltools.connections": [{"name": "prod", "driver": "PostgreSQL", "server": "db", "username": "app", "password": "{v}"}]',
        '"rest-client.environmentVariables": {\n  "prod": {\n    "token": "{v}"\n  }\n}',
        '<envs>\n  <env name="DB_PASSWORD" value="{v}" />\n</envs>',
        '<option name="PASSWORD" value="{v}" />',
        '{\n  "dev": {\n    "host": "http://localhost:8080",\n    "token": "{v}"\n  }\n}',
        "@host = https://api.example.com\n@token = {v}\n\nGET {{host}}/me\nAuthorization: Bearer {{token}}",
    ], realistic=read(".vscode/launch.json"))  # fmt: skip
    c += _family("jupyter notebooks", [
        '  {\n   "cell_type": "code",\n   "source": [\n    "import openai\\n",\n    "openai.api_key = \\"{v}\\"\\n"\n   ]\n  }',
        '   "source": [\n    "%env OPENAI_API_KEY={v}"\n   ]',
        '   "source": [\n    "os.environ[\\"HF_TOKEN\\"] = \\"{v}\\""\n   ]',
        '   "outputs": [\n    {\n     "name": "stdout",\n     "output_type": "stream",\n     "text": [\n      "DB_PASSWORD={v}\\n"\n     ]\n    }\n   ]',
        '   "source": [\n    "conn = psycopg2.connect(host=\\"db\\", user=\\"app\\", password=\\"{v}\\")"\n   ]',
        '   "outputs": [{"data": {"text/plain": ["{\'user\': \'app\', \'password\': \'{v}\'}"]}, "output_type": "execute_result"}]',
    ], realistic=cat("analysis.ipynb"))  # fmt: skip
    return c


def requests_and_exports() -> list:
    c = []
    c += _family("har files", [
        '{"name": "Cookie", "value": "sessionid={v}; csrftoken=abc"}',
        '"cookies": [{"name": "sessionid", "value": "{v}", "httpOnly": true, "secure": true}]',
        '"postData": {"mimeType": "application/x-www-form-urlencoded", "text": "username=ana&password={v}"}',
        '"queryString": [{"name": "api_key", "value": "{v}"}, {"name": "page", "value": "2"}]',
        '{"name": "x-api-key", "value": "{v}"}',
        '"content": {"mimeType": "application/json", "text": "{\\"access_token\\":\\"{v}\\",\\"token_type\\":\\"bearer\\"}"}',
    ], realistic=cat("session.har"))  # fmt: skip
    c += _family("api client collections and environments", [
        '{"key": "apiKey", "value": "{v}", "type": "secret", "enabled": true}',
        '"auth": {"type": "bearer", "bearer": [{"key": "token", "value": "{v}", "type": "string"}]}',
        '"basic": [{"key": "password", "value": "{v}", "type": "string"}, {"key": "username", "value": "ana", "type": "string"}]',
        "authentication:\n  type: bearer\n  token: {v}\n  prefix: Bearer",
        '"data": {"base_url": "https://api.example.com", "api_token": "{v}"}',
        "auth:bearer {\n  token: {v}\n}", "vars {\n  baseUrl: https://api.example.com\n  password: {v}\n}",
        'newman run collection.json --env-var "apiKey={v}"',
    ], realistic=escaped)  # fmt: skip
    c += _family("password manager exports", [
        "folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp\n,,login,GitHub,,,0,https://github.com,ana,{v},",
        "name,url,username,password\ngithub.com,https://github.com/login,ana,{v}",
        "Title,Website,Username,Password,OTPAuth,Favorite,Archived,Tags,Notes\nAWS,https://aws.amazon.com,ana,{v},,false,false,,",
        "url,username,password,totp,extra,name,grouping,fav\nhttps://mail.example.com,ana,{v},,,Mail,Work,0",
        '<String>\n  <Key>Password</Key>\n  <Value ProtectInMemory="True">{v}</Value>\n</String>',
        '"url","username","password","httpRealm","formActionOrigin"\n"https://app.example.com","ana","{v}",,"https://app.example.com"',
    ], realistic=cat("export.csv"))  # fmt: skip
    return c


def tool_configs() -> list:
    c = []
    c += _family("cloud and sync tools' config files", [
        "[s3remote]\ntype = s3\nprovider = AWS\nregion = eu-west-1\nsecret_access_key = {v}",
        "[dav]\ntype = webdav\nurl = https://dav.example.com\nuser = ana\npass = {v}",
        "[default]\nhost_bucket = %(bucket)s.s3.amazonaws.com\nsecret_key = {v}\nhost_base = s3.amazonaws.com",
        "[default]\ngpg_passphrase = {v}\nuse_https = True",
        "[Credentials]\ngs_access_key_id = GOOG1EXAMPLE\ngs_secret_access_key = {v}",
        '{\n  "client_id": "764086051850-6qr4p6gpi6hn506pt8ejuq83di341hur.apps.googleusercontent.com",\n  "client_secret": "{v}",\n  "type": "authorized_user"\n}',
        "az login --service-principal -u http://app-ci -p {v} --tenant contoso.onmicrosoft.com",
        "access-token: {v}\ncontext: default", "github.com:\n    user: ana\n    oauth_token: {v}\n    git_protocol: ssh",
        "users:\n- name: admin\n  user:\n    token: {v}",
        "mc alias set minio http://10.0.0.4:9000 admin {v}",
    ], realistic=cat("~/.config/rclone/rclone.conf"))  # fmt: skip
    c += _family("package registries' credential files, more", [
        'credentials "app.terraform.io" {\n  token = "{v}"\n}', '[registry]\ntoken = "{v}"',
        "---\n:rubygems_api_key: {v}",
        '<packageSourceCredentials>\n  <github>\n    <add key="Username" value="ana" />\n    <add key="ClearTextPassword" value="{v}" />\n  </github>\n</packageSourceCredentials>',
        "<server>\n  <id>release</id>\n  <privateKey>${user.home}/.ssh/id_rsa</privateKey>\n  <passphrase>{v}</passphrase>\n</server>",
        'BUNDLE_GEMS__EXAMPLE__COM: "ana:{v}"', '{\n  "gitlab-token": {\n    "gitlab.com": "{v}"\n  }\n}',
        "[global]\nindex-url = https://ana:{v}@pypi.example.com/simple",
    ], realistic=read_result)  # fmt: skip
    return c


def frameworks() -> list:
    c = []
    c += _family("framework settings files", [
        "spring:\n  datasource:\n    url: jdbc:postgresql://db:5432/app\n    username: app\n    password: {v}",
        "spring.mail.password={v}", "jasypt.encryptor.password={v}",
        "spring.security.oauth2.client.registration.github.client-secret={v}",
        "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': 'app',\n        'USER': 'app',\n        'PASSWORD': '{v}',\n    }\n}",
        "EMAIL_HOST_PASSWORD = '{v}'", "production:\n  <<: *default\n  username: app\n  password: {v}",
        "secret_key_base: {v}\naws:\n  region: eu-west-1\n  secret_access_key: {v}",
        "define( 'DB_PASSWORD', '{v}' );", "define('SECURE_AUTH_KEY', '{v}');",
        "MAIL_PASSWORD={v}\nMAIL_ENCRYPTION=tls",
    ], realistic=edit("config/settings"))  # fmt: skip
    c += _family("go and rust config structs", [
        'cfg := Config{\n\tHost:     "db",\n\tPassword: "{v}",\n}',
        'viper.SetDefault("database.password", "{v}")',
        'let config = Config { api_key: "{v}".into(), ..Default::default() };',
        'Settings::builder().set_default("db.password", "{v}")?',
        '[database]\nhost = "db"\npassword = "{v}"', 'os.Setenv("API_TOKEN", "{v}")',
        'std::env::set_var("DATABASE_PASSWORD", "{v}");',
    ], realistic=write("src/config"))  # fmt: skip
    return c


def services_and_servers() -> list:
    c = []
    c += _family("service environments and crontab", [
        "Environment=DB_USER=app DB_PASSWORD={v} PORT=8080",
        "*/5 * * * * curl -s -u admin:{v} https://status.example.com/ping",
        "0 3 * * * PGPASSWORD={v} pg_dump -h db app > /backups/app.sql",
        "@daily mysqldump -uroot -p{v} app | gzip > /backups/app.sql.gz",
        "MAILTO=ops@example.com\nAPI_TOKEN={v}\n0 * * * * /usr/local/bin/sync",
        'environment=DB_PASSWORD="{v}",PORT="8080"',
        "[Service]\nEnvironment=\"AWS_SECRET_ACCESS_KEY={v}\"",
    ], realistic=cat("/etc/crontab"))  # fmt: skip
    c += _family("server auth lines, more", [
        '<user username="admin" password="{v}" roles="manager-gui,admin-gui"/>',
        "cache_peer proxy.example.com parent 3128 0 no-query login=ana:{v}",
        'DBDParams "host=db dbname=app user=app password={v}"',
        "admin: {v},admin,user", "  http-request set-header Authorization \"Bearer {v}\"",
        "AuthMySQLPassword {v}",
    ], realistic=read_result)  # fmt: skip
    c += _family("ldif", [
        "dn: cn=ana,ou=people,dc=example,dc=com\nchangetype: modify\nreplace: userPassword\nuserPassword: {v}",
        "dn: olcDatabase={1}mdb,cn=config\nolcRootPW: {v}", "rootpw {v}",
        "dn: uid=svc,ou=apps,dc=example,dc=com\nobjectClass: simpleSecurityObject\nuserPassword: {v}",
    ], realistic=cat("users.ldif"))  # fmt: skip
    c += _family("ldif base64 values", [
        "dn: cn=ana,ou=people,dc=example,dc=com\nuserPassword:: {v}",
    ], realistic=cat("export.ldif"), secret=b64)  # fmt: skip
    return c


def monitoring_and_containers() -> list:
    c = []
    c += _family("monitoring configs", [
        "  - job_name: node\n    basic_auth:\n      username: prom\n      password: {v}",
        "    authorization:\n      type: Bearer\n      credentials: {v}", "    bearer_token: {v}",
        "global:\n  smtp_auth_username: alerts@example.com\n  smtp_auth_password: '{v}'",
        "  pagerduty_configs:\n    - routing_key: {v}", "  opsgenie_configs:\n    - api_key: {v}",
        "[security]\nadmin_user = admin\nadmin_password = {v}", '[database]\ntype = postgres\npassword = """{v}"""',
        "    secureJsonData:\n      basicAuthPassword: {v}", '[[outputs.influxdb_v2]]\n  token = "{v}"',
        "DBPassword={v}", "$USER3$={v}",
    ], realistic=read_result)  # fmt: skip
    c += _family("compose and container environments", [
        "    environment:\n      - \"DB_PASSWORD={v}\"\n      - NODE_ENV=production",
        '            "Env": [\n                "POSTGRES_PASSWORD={v}",\n                "PATH=/usr/local/sbin:/usr/local/bin"\n            ],',
        "HOSTNAME=4f1c2a9e\nDB_PASSWORD={v}\nHOME=/root",
        "x-db-env: &db-env\n  MARIADB_ROOT_PASSWORD: {v}",
        "    environment:\n      POSTGRES_USER: app\n      POSTGRES_PASSWORD: {v}",
    ], realistic=lambda t, s: bash_event("docker inspect app", t, s))  # fmt: skip
    c += _family("vault and consul outputs", [
        "Key                Value\n---                -----\nlease_id           database/creds/readonly/x8Yk2\nlease_duration     1h\npassword           {v}\nusername           v-token-readonly-7a1",
        "vault login -method=userpass username=ana password={v}",
        "etcdctl --user root:{v} get / --prefix --keys-only",
        "Initial Root Token: {v}\n\nVault initialized with 5 key shares and a key threshold of 3.",
        "nomad var put nomad/jobs/app db_password={v}",
    ], realistic=in_command)  # fmt: skip
    c += _family("consul secret ids", [
        "AccessorID:       6a1253d2-1785-24fd-91c2-f8e78c745511\nSecretID:         {v}\nDescription:      ci token",
    ], realistic=in_result, secret=uuid_of)  # fmt: skip
    return c


def positives() -> list:
    return (mobile_and_build() + provisioning() + editors_and_notebooks() + requests_and_exports()
            + tool_configs() + frameworks() + services_and_servers() + monitoring_and_containers())


def _neg_values():
    return {"sha": sha("unw6n"), "uuid": uuid_of("unw6n"), "hex": gen("unw6h", 32, "0123456789abcdef"),
            "hex40": sha("unw6k"), "b64": gen("unw6b", 68, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")}  # fmt: skip


NEG = [
    "storePassword=System.getenv(\"KEYSTORE_PASSWORD\")", "signing.password=${SIGNING_PASSWORD}",
    "org.gradle.jvmargs=-Xmx4g -Dfile.encoding=UTF-8\nandroid.useAndroidX=true", "sdk.dir=/home/ana/Android/Sdk",
    "API_SECRET = $(API_SECRET_FROM_CI)", "<key>APIKey</key>\n<string>$(API_KEY)</string>",
    'ansible_become_pass: "{{ vault_become_pass }}"', "db_password: \"{{ lookup('env', 'DB_PASSWORD') }}\"",
    "mysql_root_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  {hex}{hex}\n  {hex}",
    "default['app']['db_password'] = data_bag_item('secrets', 'db')['password']",
    "  root_password => lookup('mysql::root_password'),", "profile::db::password: ENC[PKCS7,{b64}]",
    "variables:\n- name: dbPassword\n  value: $(DB_PASSWORD)", "  password: ${{ secrets.REGISTRY_PASSWORD }}",
    "    SONAR_TOKEN = credentials('sonar-token')", "        POSTGRES_PASSWORD: $POSTGRES_PASSWORD",
    '"env": {"DB_PASSWORD": "${env:DB_PASSWORD}"}', '"password": "${input:dbPassword}"',
    '<env name="DB_PASSWORD" value="$DB_PASSWORD$" />', '"inputs": [{"id": "dbPassword", "type": "promptString", "password": true}]',
    '   "source": [\n    "api_key = getpass.getpass(\\"API key: \\")\\n"\n   ]', '   "execution_count": 3,\n   "id": "{hex}"',
    '{"name": "x-request-id", "value": "{uuid}"}', '{"name": "If-None-Match", "value": "W/\\"{hex}\\""}',
    '{"key": "apiKey", "value": "{{API_KEY}}", "type": "secret"}', '{"key": "token", "value": "", "type": "default"}',
    '"_postman_id": "{uuid}"', "auth:bearer {\n  token: {{accessToken}}\n}",
    "name,url,username,password\n", "folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp",
    "[profile ci]\nregion = eu-west-1\noutput = json", "credential_process = /usr/local/bin/aws-vault exec ci --json",
    "[s3remote]\ntype = s3\nprovider = AWS\nenv_auth = true", '"type": "service_account",\n"private_key_id": "{hex40}"',
    "//registry.npmjs.org/:_authToken=${NPM_TOKEN}\nalways-auth=true", '<add key="ClearTextPassword" value="%NUGET_PAT%" />',
    "<password>${env.NEXUS_PASSWORD}</password>", "spring.datasource.password=${DB_PASSWORD}",
    "    password: ${DB_PASSWORD:}", "'PASSWORD': os.environ.get('DB_PASSWORD', ''),",
    "SECRET_KEY = env('DJANGO_SECRET_KEY')", "  password: <%= ENV['DATABASE_PASSWORD'] %>",
    "define('AUTH_KEY', 'put your unique phrase here');", "define( 'DB_PASSWORD', getenv('WP_DB_PASSWORD') );",
    "EnvironmentFile=/etc/app/secrets.env", "LoadCredential=db:/etc/app/db_password",
    "0 3 * * * /usr/local/bin/backup.sh --password-file /etc/backup.pass", "auth_basic_user_file /etc/nginx/.htpasswd;",
    "userPassword: {SSHA}{b64}", "olcRootPW: {SSHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=",
    "    password_file: /etc/prometheus/secrets/pw", "    bearer_token_file: /var/run/secrets/kubernetes.io/serviceaccount/token",
    "admin_password = $__file{/run/secrets/grafana_admin}", "    secureJsonData:\n      password: $DS_PASSWORD",
    "    env_file:\n      - .env.production", "secrets:\n  db_password:\n    file: ./secrets/db_password.txt",
    "      POSTGRES_PASSWORD_FILE: /run/secrets/db_password", '"Env": ["PATH=/usr/local/sbin", "PG_VERSION=16.2"]',
    "lease_id           database/creds/readonly/{uuid}", "AccessorID:       {uuid}",
    'authorized_key: user=deploy key="ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKx8r7VqkH3nG2hZ ana@laptop"',
    '"@azure/identity": "^4.0.1"', "keyring==24.3.1", "gem 'devise', '~> 4.9'", "commit {sha}",
]  # fmt: skip


def negatives() -> list:
    c, values = [], _neg_values()
    for i, text in enumerate(NEG):
        for k, v in values.items():
            text = text.replace("{" + k + "}", v)
        c.append(Case("batch 6 negatives", text))
        c.append(Case("batch 6 negatives", result_line(f"unw6n{i}", numbered(text)), realistic=True))
    return c


def cases() -> list:
    return positives() + negatives()
