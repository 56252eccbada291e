"""More of the dev part (tests/privacy_eval/dev.py), a ninth batch written as an attacker would
after the eighth, in families no batch had: URLs of drivers and devices no batch named (MQTT,
NATS, SMB with a domain, LDAP, Snowflake, RTSP cameras, SOCKS and HTTP proxies, WebDAV, Neo4j,
CockroachDB, Couchbase, VNC with no user), keyword connection strings of other drivers (OLE DB,
ODBC of several vendors, Oracle descriptors, DB2, Npgsql, Azure's keys) and Oracle's EZConnect
`user/pass@` in its tools (sqlplus, expdp, imp, rman); secrets encoded on the way (percent-encoded
in a URL, JSON whose keys are `\\uXXXX`-escaped as `json.dumps` writes non-ASCII, the base64 of
`user:pass` in a `.dockerconfigjson` `auth` or a proxy header, YAML block and folded scalars, a
flag whose value follows a line continuation, triple-quoted and template strings); configs and
code in less common languages (Erlang terms and binaries, Clojure/EDN keywords, HOCON paths,
Nix, Dhall, CUE, Jsonnet hidden fields, Starlark dicts, PowerShell credential objects, R,
MATLAB and Nim positional arguments, Lua, Tcl, AppleScript, VBA, COBOL, Haskell records, F#,
Zig); provisioning (Helm `--set`/`--set-string`, Kustomize literals, Pulumi and CloudFormation
parameters, a template's `Default:` under a password parameter, Terraform `-var`, Ansible
`-e`, Vagrantfiles, Packer, cloud-init `chpasswd` and `plain_text_passwd`, preseed `d-i passwd`,
kickstart `rootpw`/`user --password`, Windows unattend.xml, PXE/boot parameters); network
devices of more vendors (Cisco type-0 keys of TACACS, RADIUS, key chains, OSPF and BGP, vty
lines; MikroTik `/user add`, `/ppp secret`, IPsec; Juniper `plain-text-password` prompts and
`ascii-text` keys; FortiGate `set password`/`psksecret`; VyOS, Aruba, OpenWrt UCI).  Negatives
of the same shapes: Cisco type 5/7/8/9 hashes, `$6$` crypt in kickstart, preseed, cloud-init
and Juniper, vault and sops references, Pulumi `secure:` ciphertext, CloudFormation dynamic
references, templates, empty and absent passwords, URLs without a password.

Measured once before any change for it (bench_privacy's dev per family, 2026-11-29, the filter of
main at fac28d3): 599 cases, 495 with secrets in 16 families (165 as Claude Code sends them), 104
negatives: **73.1 % caught (362/495)**, 67.9 % (112/165) of the realistic ones; 6 of 104 negatives
redacted, **12 false redactions of 456** (Cisco type 8/9 hashes, a sops value's iv and tag).  By
family: URLs of more drivers and devices 54/54, keyword connection strings 30/30, Oracle
user/pass@ in its tools 12/21, percent-encoded in a URL 15/15, unicode-escaped labels in JSON
1/21, base64 of user:pass 15/15, YAML block and folded scalars 15/15, a flag's value after a line
continuation 0/15, multi-line strings 9/15, less common languages 69/90, provisioning commands
32/36, provisioning files 48/60, network devices 22/36, type 7 (reversible) 3/9, router shells of
other vendors 27/45, these shapes in a prompt 10/18.  (First written with Cisco's type 7 among
the negatives; the project redacts it since the fourth round, as anyone reverses it: relabelled
as secrets before the round, and measured again.)  After the round (store/privacy/layouts.py, the
Oracle connect identifier in any argument, never.py's type 8/9 hashes and sops envelopes):
**94.7 % (469/495)**, 93.3 % (154/165) of the realistic ones, 0 of 104 negatives redacted, 0
false (573 redactions); docs/privacy.md ("The ninth batch") has what generalized and what is left.

The filter may be tuned on these cases, as on the rest of dev; the held part is never read for
them.  Values are made at run time, so secret scanners do not flag this file."""

from __future__ import annotations

from urllib.parse import quote

from tests.privacy_eval import (
    B62,
    HEX,
    Batch,
    Case,
    b64,
    gen,
    in_command,
    in_prompt,
    in_result,
    result_line,
    sha,
)
from tests.privacy_eval.dev_unwritten6 import cat, edit, read_result

HUMAN = ["Harbor!Night5", "plumCider22#", "Juniper_Moss7", "falcon.Ridge3", "Cedar-Brook41", "Tundra!Echo6",
         "maple^Stone9", "Osprey*Dune4"]  # fmt: skip

BATCH = Batch("unw9", tuple(HUMAN), lambda i: 16 + (i % 3) * 8)
_family = BATCH.family


def _type7(v: str) -> str:
    """A Cisco type-7 string (two decimal digits, then hex pairs): an obfuscation anyone reverses,
    so the password itself (the project's rule since the fourth round)."""
    return "08" + sha("type7" + v)[:16].upper()


def urls() -> list:
    return _family("URLs of more drivers and devices", [
        "mqtt://sensor:{v}@broker.example.com:1883",
        "MQTT_URL=mqtts://ana:{v}@iot.example.com:8883/telemetry",
        "nats://app:{v}@nats.example.com:4222",
        "mount -t cifs //nas/share /mnt -o username=ana,password={v},domain=ACME",
        "smb://ACME;ana:{v}@nas.example.com/share",
        "ldap://binduser:{v}@ldap.example.com:389/dc=example,dc=org",
        "snowflake://ana:{v}@acme-xy12345/analytics/public?warehouse=COMPUTE_WH&role=SYSADMIN",
        "rtsp://admin:{v}@192.168.1.64:554/Streaming/Channels/101",
        "ffmpeg -i rtsp://viewer:{v}@cam2.local:554/stream1 -c copy out.mp4",
        "ALL_PROXY=socks5://proxyuser:{v}@proxy.example.com:1080",
        "export https_proxy=http://ana:{v}@proxy.corp.example.com:3128",
        "davfs: https://ana:{v}@dav.example.com/remote.php/dav/files/ana/",
        "NEO4J_URI=neo4j+s://neo4j:{v}@abcd1234.databases.neo4j.io",
        "cockroachdb://root:{v}@crdb:26257/defaultdb?sslmode=verify-full",
        "couchbase://app:{v}@cb.example.com/travel-sample",
        "open vnc://:{v}@mac-mini.local",
        "influxdb://admin:{v}@influx:8086/metrics",
        "sftp://deploy:{v}@files.example.com:22/uploads",
    ], realistic=in_result)  # fmt: skip


def keyword_strings() -> list:
    return _family("keyword connection strings, more drivers", [
        "Provider=SQLOLEDB;Data Source=db;Initial Catalog=app;User ID=sa;Password={v};",
        "Driver={PostgreSQL Unicode};Server=db;Port=5432;Database=app;Uid=app;Pwd={v};",
        "DRIVER={MySQL ODBC 8.0 Unicode Driver};SERVER=db;DATABASE=app;USER=app;PASSWORD={v};OPTION=3;",
        "Data Source=(DESCRIPTION=(ADDRESS=(PROTOCOL=TCP)(HOST=db)(PORT=1521))(CONNECT_DATA=(SERVICE_NAME=ORCL)));User Id=app;Password={v};",
        "jdbc:sqlserver://db:1433;databaseName=app;user=sa;password={v};encrypt=true",
        "jdbc:snowflake://acme.snowflakecomputing.com/?user=ana&password={v}&warehouse=WH",
        "jdbc:db2://db2.example.com:50000/SAMPLE:user=db2inst1;password={v};",
        "Host=db;Port=5432;Username=app;Password={v};Database=app;Pooling=true",
        "Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={v}",
        "Server=tcp:acme.database.windows.net,1433;Initial Catalog=app;Persist Security Info=False;User ID=app;Password={v};MultipleActiveResultSets=False;",
    ], realistic=cat("appsettings.Production.json"))  # fmt: skip


def ezconnect() -> list:
    return _family("oracle user/pass@ in its tools", [
        "sqlplus -s app/{v}@db.example.com:1521/ORCLPDB1 @report.sql",
        "expdp system/{v}@ORCL schemas=APP directory=DUMP_DIR dumpfile=app.dmp",
        "imp app/{v}@XE file=app.dmp full=y",
        "rman target sys/{v}@PROD",
        "sqlldr userid=app/{v}@ORCL control=load.ctl",
        "impdp app/{v}@//db:1521/ORCLPDB1 directory=DUMP_DIR dumpfile=app.dmp",
        "jdbc:oracle:thin:app/{v}@//db.example.com:1521/ORCLPDB1",
    ], realistic=in_command)  # fmt: skip


def encoded() -> list:
    c = []
    c += _family("percent-encoded in a URL", [
        "DATABASE_URL=postgres://app:{v}@db:5432/app",
        "mongodb://admin:{v}@mongo:27017/?authSource=admin",
        "amqp://app:{v}@rabbit:5672/%2F",
        "mysql+pymysql://root:{v}@db/app?charset=utf8mb4",
        "https://ana%40example.com:{v}@imap.example.com",
    ], realistic=in_result, secret=lambda v: quote(v + "@#", safe=""))  # fmt: skip
    c += _family("unicode-escaped labels in JSON", [
        '{"\\u5bc6\\u7801": "{v}", "user": "app"}',
        '{"contrase\\u00f1a": "{v}"}',
        '{"\\u043f\\u0430\\u0440\\u043e\\u043b\\u044c": "{v}"}',
        '{"\\u30d1\\u30b9\\u30ef\\u30fc\\u30c9": "{v}"}',
        '{"\\ube44\\ubc00\\ubc88\\ud638": "{v}"}',
        '{"mot_de_passe_\\u00e9tendu": "{v}"}',
        '{"\\u0070assword": "{v}"}',
    ], realistic=in_result)  # fmt: skip
    c += _family("base64 of user:pass in registry and proxy auth", [
        '{"auths":{"registry.example.com":{"auth":"{v}"}}}',
        '{\n  "auths": {\n    "ghcr.io": {\n      "auth": "{v}",\n      "email": "ana@example.com"\n    }\n  }\n}',
        "Proxy-Authorization: Basic {v}",
        'git -c http.extraheader="AUTHORIZATION: basic {v}" clone https://dev.azure.com/acme/app/_git/app',
        "$ cat ~/.docker/config.json\n{\"auths\": {\"docker.io\": {\"auth\": \"{v}\"}}}",
    ], realistic=cat("~/.docker/config.json"), secret=lambda v: b64("ana:" + v))  # fmt: skip
    c += _family("yaml block and folded scalars", [
        "db:\n  password: |\n    {v}\n  user: app",
        "api_key: >-\n  {v}\nregion: eu-west-1",
        "auth:\n  token: |-\n    {v}\n  url: https://api.example.com",
        "stringData:\n  password: >\n    {v}\ntype: Opaque",
        "smtp:\n  pass: |+\n    {v}\n\n  port: 587",
    ], realistic=read_result)  # fmt: skip
    c += _family("flag value after a line continuation", [
        "az ad sp create-for-rbac --name app \\\n  --password \\\n    {v}",
        "docker login registry.example.com \\\n  --username ci \\\n  --password \\\n  {v}",
        "mysqladmin -u root \\\n  --password \\\n  {v} status",
        "Invoke-Sqlcmd -ServerInstance db `\n  -Username sa `\n  -Password `\n  '{v}'",
        "kubectl create secret docker-registry regcred \\\n  --docker-username=ci \\\n  --docker-password \\\n  {v}",
    ], realistic=in_command)  # fmt: skip
    c += _family("multi-line strings", [
        'API_KEY = """\n{v}\n"""',
        "const token = `\n  {v}\n`.trim();",
        'password = (\n    "{v}"\n)',
        "val secret = \"\"\"\n  |{v}\n  \"\"\".trimMargin()",
        'let apiKey = """\n    {v}\n    """',
    ], realistic=edit("settings.py"))  # fmt: skip
    return c


def languages() -> list:
    return _family("configs and code in less common languages", [
        '[{app, [{db_password, "{v}"}, {db_user, "app"}]}].',
        '{ok, C} = epgsql:connect("db", "app", "{v}", #{database => "app"}).',
        '{password, <<"{v}">>},',
        '{:db {:user "app" :password "{v}"}}',
        '(def db-spec {:dbtype "postgresql" :user "app" :password "{v}"})',
        'slick.dbs.default.db.password = "{v}"',
        'users.users.ana.initialPassword = "{v}";',
        'services.grafana.settings.security.admin_password = "{v}";',
        'let dbPassword = "{v}" in { host = "db", password = dbPassword }',
        'db: {\n\tuser:     "app"\n\tpassword: "{v}"\n}',
        "{\n  apiToken:: '{v}',\n  host: 'db',\n}",
        "local token = '{v}';",
        'env = {"API_TOKEN": "{v}", "LOG_LEVEL": "debug"},',
        "$cred = New-Object System.Management.Automation.PSCredential('ana', (ConvertTo-SecureString -AsPlainText '{v}' -Force))",
        "$nc = [System.Net.NetworkCredential]::new('ana', '{v}')",
        "con <- dbConnect(RPostgres::Postgres(), dbname = 'app', user = 'app', password = '{v}')",
        'Sys.setenv(OPENAI_API_KEY = "{v}")',
        "conn = database('appdb','app','{v}','Vendor','PostgreSQL','Server','db');",
        'let db = open("db", "app", "{v}", "app")',
        'local red = redis:new()\nred:connect("cache", 6379)\nred:auth("{v}")',
        'set password "{v}"\nset user app',
        'do shell script "systemsetup -setremotelogin on" user name "admin" password "{v}" with administrator privileges',
        'conn.Open "Provider=SQLOLEDB;Data Source=db;User ID=sa;Password={v};"',
        'Const API_KEY As String = "{v}"',
        "       05 WS-PASSWORD PIC X(20) VALUE '{v}'.",
        'connectInfo = defaultConnectInfo { connectUser = "app", connectPassword = "{v}" }',
        'let connStr = "Server=db;User Id=sa;Password={v};"',
        'const api_key = "{v}";',
        'my %cfg = (user => "app", password => "{v}");',
        "julia> conn = LibPQ.Connection(\"host=db dbname=app user=app password={v}\")",
    ], realistic=read_result)  # fmt: skip


def provisioning() -> list:
    c = []
    c += _family("provisioning commands", [
        "helm install db bitnami/postgresql --set auth.postgresPassword={v}",
        "helm upgrade --install redis bitnami/redis --set-string auth.password={v}",
        "helm upgrade app ./chart --set global.postgresql.auth.password='{v}' --set image.tag=1.4.2",
        "kustomize edit add secret db --from-literal=DB_PASSWORD={v}",
        "pulumi config set --secret dbPassword {v}",
        "pulumi config set app:apiKey {v} --secret",
        "aws cloudformation deploy --template-file t.yml --stack-name app --parameter-overrides DBPassword={v} Env=prod",
        "aws cloudformation create-stack --stack-name db --template-body file://db.yml --parameters ParameterKey=MasterUserPassword,ParameterValue={v}",
        "terraform apply -var 'db_password={v}' -auto-approve",
        "ansible-playbook site.yml -e 'ansible_become_password={v}'",
        "ansible-playbook deploy.yml --extra-vars \"db_pass={v} env=prod\"",
        "packer build -var 'ssh_password={v}' ubuntu.pkr.hcl",
    ], realistic=in_command)  # fmt: skip
    c += _family("provisioning files", [
        "secretGenerator:\n- name: db\n  literals:\n  - username=app\n  - password={v}",
        "Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: {v}",
        '"Parameters": {\n  "MasterUserPassword": {\n    "Type": "String",\n    "NoEcho": "true",\n    "Default": "{v}"\n  }\n}',
        'Vagrant.configure("2") do |config|\n  config.ssh.username = "vagrant"\n  config.ssh.password = "{v}"\nend',
        'config.winrm.password = "{v}"',
        '  "ssh_password": "{v}",\n  "ssh_username": "ubuntu",',
        'source "vsphere-iso" "win" {\n  winrm_password = "{v}"\n}',
        "#cloud-config\nchpasswd:\n  list: |\n    root:{v}\n  expire: false",
        "#cloud-config\nusers:\n  - name: ana\n    plain_text_passwd: {v}\n    lock_passwd: false",
        "chpasswd:\n  users:\n    - name: ana\n      password: {v}\n      type: text",
        "d-i passwd/root-password password {v}\nd-i passwd/root-password-again password {v}",
        "d-i passwd/user-fullname string Ana\nd-i passwd/username string ana\nd-i passwd/user-password password {v}",
        "rootpw --plaintext {v}\nkeyboard --vckeymap=us",
        "rootpw {v}\ntimezone UTC",
        "user --name=ana --password={v} --plaintext --groups=wheel",
        "<AdministratorPassword>\n  <Value>{v}</Value>\n  <PlainText>true</PlainText>\n</AdministratorPassword>",
        "<AutoLogon>\n  <Password>\n    <Value>{v}</Value>\n    <PlainText>true</PlainText>\n  </Password>\n  <Enabled>true</Enabled>\n  <Username>Administrator</Username>\n</AutoLogon>",
        "<LocalAccount wcm:action=\"add\">\n  <Password>\n    <Value>{v}</Value>\n    <PlainText>true</PlainText>\n  </Password>\n  <Name>ana</Name>\n</LocalAccount>",
        "LABEL install\n  KERNEL vmlinuz\n  APPEND initrd=initrd.img inst.ks=http://pxe/ks.cfg inst.vnc inst.vncpassword={v}",
        "kernel http://pxe/vmlinuz ip=dhcp root_password={v}",
    ], realistic=read_result)  # fmt: skip
    return c


def network() -> list:
    c = []
    c += _family("network devices, more keys and vendors", [
        "enable secret 0 {v}",
        "enable secret {v}",
        "tacacs-server host 10.0.0.9 key 0 {v}",
        "tacacs server ISE\n address ipv4 10.0.0.9\n key {v}",
        "radius-server key {v}",
        "radius server ISE\n address ipv4 10.0.0.8 auth-port 1812 acct-port 1813\n key 0 {v}",
        "key chain OSPF\n key 1\n  key-string {v}",
        "interface Gi0/1\n ip ospf message-digest-key 1 md5 {v}",
        "router bgp 65001\n neighbor 10.0.0.2 remote-as 65002\n neighbor 10.0.0.2 password {v}",
        "interface Dialer1\n ppp chap password 0 {v}",
        "line vty 0 4\n password {v}\n login",
        "dot11 ssid CORP\n authentication key-management wpa version 2\n wpa-psk ascii 0 {v}",
    ], realistic=cat("running-config.txt"))  # fmt: skip
    c += _family("network devices, type 7 (reversible)", [
        "username admin privilege 15 password 7 {v}",
        "tacacs-server host 10.0.0.9 key 7 {v}",
        "interface Gi0/1\n ip ospf message-digest-key 1 md5 7 {v}",
    ], realistic=cat("running-config.txt"), secret=_type7)  # fmt: skip
    c += _family("router shells of other vendors", [
        "/user add name=ana password={v} group=full",
        "/ppp secret add name=vpn1 password={v} service=l2tp",
        "/interface wireless security-profiles set [ find default=yes ] wpa2-pre-shared-key={v}",
        "/ip ipsec peer add address=1.2.3.4 secret={v}",
        "/interface l2tp-server server set enabled=yes ipsec-secret={v} use-ipsec=yes",
        "[edit]\nroot# set system root-authentication plain-text-password\nNew password: {v}\nRetype new password: {v}",
        'set protocols bgp group ext authentication-key "{v}"',
        'set security ike policy ike-pol pre-shared-key ascii-text "{v}"',
        'config system admin\n    edit "admin"\n        set password {v}\n    next\nend',
        'config vpn ipsec phase1-interface\n    edit "to-hq"\n        set psksecret {v}\n    next\nend',
        "set system login user ana authentication plaintext-password '{v}'",
        "set vpn ipsec site-to-site peer 1.2.3.4 authentication pre-shared-secret '{v}'",
        "password manager user-name admin plaintext {v}",
        "wlan ssid-profile corp\n wpa-passphrase {v}",
        "uci set wireless.@wifi-iface[0].key='{v}'",
    ], realistic=in_result)  # fmt: skip
    return c


def prompts() -> list:
    return _family("these shapes pasted in a prompt", [
        "why does mosquitto refuse mqtt://sensor:{v}@broker.example.com:1883 ?",
        "the unattend has <Value>{v}</Value> for the admin, is PlainText true right?",
        "our switch config says enable secret 0 {v}, can you convert it to type 9",
        "kickstart fails at rootpw --plaintext {v}, what's wrong",
        "helm says error for --set auth.postgresPassword={v}",
        "sqlplus app/{v}@ORCL works but the jdbc url doesn't",
    ], realistic=in_prompt)  # fmt: skip


def positives() -> list:
    return urls() + keyword_strings() + ezconnect() + encoded() + languages() + provisioning() + network() + prompts()  # fmt: skip


def _neg_values() -> dict:
    salt = gen("unw9salt", 8, B62)
    return {
        "crypt6": f"$6${salt}${gen('unw9c6', 86, B62 + './')}",
        "cisco9": f"$9${gen('unw9c9s', 14, B62)}${gen('unw9c9', 43, B62 + './')}",
        "cisco8": f"$8${gen('unw9c8s', 14, B62)}${gen('unw9c8', 43, B62 + './')}",
        "md5crypt": f"$1${gen('unw9m', 4, B62)}${gen('unw9m5', 22, B62 + './')}",
        "sha7": sha("unw9n")[:7],
        "secure": "v1:" + gen("unw9sec", 16, B62) + ":" + gen("unw9sec2", 40, B62 + "+/"),
        "sops": gen("unw9sops", 24, B62 + "+/"),
        "vaulthex": gen("unw9vh", 80, HEX),
        "b64rand": gen("unw9b", 24, B62),
    }


NEG = [
    "enable secret 9 {cisco9}", "enable secret 5 {md5crypt}",
    "username ana secret 8 {cisco8}", "line vty 0 4\n login local\n transport input ssh",
    'set system root-authentication encrypted-password "{crypt6}"',
    'set system login user ana authentication encrypted-password "{crypt6}"',
    "rootpw --iscrypted {crypt6}", "user --name=ana --iscrypted --password={crypt6}",
    "d-i passwd/root-password-crypted password {crypt6}", "d-i passwd/root-login boolean false",
    "#cloud-config\nusers:\n  - name: ana\n    passwd: {crypt6}\n    lock_passwd: true",
    "#cloud-config\nchpasswd:\n  expire: true\nssh_pwauth: false",
    "<AdministratorPassword>\n  <Value></Value>\n  <PlainText>true</PlainText>\n</AdministratorPassword>",
    "helm install db bitnami/postgresql --set auth.existingSecret=db-credentials",
    "helm upgrade app ./chart --set image.tag={sha7} --set replicaCount=3",
    "secretGenerator:\n- name: db\n  envs:\n  - secrets.env", "pulumi config set --secret dbPassword",
    "config:\n  app:dbPassword:\n    secure: {secure}",
    "--parameter-overrides DBPassword=$(aws secretsmanager get-secret-value --secret-id db --query SecretString --output text)",
    "Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    MinLength: 12",
    "MasterUserPassword: '{{resolve:secretsmanager:prod/db:SecretString:password}}'",
    "db_password: ENC[AES256_GCM,data:{sops},iv:{b64rand},tag:{b64rand},type:str]",
    "db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  {vaulthex}",
    'ansible_become_password: "{{ vault_become_password }}"', "config.ssh.password = ENV['VAGRANT_SSH_PASSWORD']",
    "postgres://app@db:5432/app?sslmode=require", "mqtt://broker.example.com:1883",
    "Driver={ODBC Driver 18 for SQL Server};Server=db;Database=app;Trusted_Connection=yes;",
    "Server=db;Database=app;User Id=app;Password=${DB_PASSWORD};", "jdbc:oracle:thin:@//db.example.com:1521/ORCLPDB1",
    "sqlplus /nolog\nSQL> connect / as sysdba", '{"auths": {"registry.example.com": {}}, "credsStore": "osxkeychain"}',
    "api_key: >-\n  ${API_KEY}\nregion: eu-west-1", "password: |\n  {{ .Values.db.password }}",
    "let dbPassword = env:DB_PASSWORD as Text", "password: string @tag(password)", "password: std.extVar('db_password'),",
    '(def db-spec {:dbtype "postgresql" :user "app" :password (System/getenv "DB_PASSWORD")})',
    '{password, os:getenv("DB_PASSWORD")}', "password = ${?DB_PASSWORD}",
    'users.users.ana.hashedPassword = "{crypt6}";', "users.users.ana.passwordFile = config.age.secrets.ana.path;",
    "$cred = Get-Credential -UserName ana -Message 'Password?'", "$secure = Read-Host -AsSecureString 'Password'",
    "conn = database('appdb', getenv('DB_USER'), getenv('DB_PASS'));",
    "con <- dbConnect(RPostgres::Postgres(), password = Sys.getenv('PGPASSWORD'))",
    "/ip ipsec peer add address=1.2.3.4 auth-method=rsa-signature certificate=peer1",
    "rtsp://192.168.1.64:554/Streaming/Channels/101", "set system syslog host 10.0.0.9 any any",
    '{"\\u5bc6\\u7801": "", "user": "app"}', "Proxy-Authorization: Negotiate",
    "d-i passwd/user-password password\nd-i passwd/user-password-again password",
]  # fmt: skip


def negatives() -> list:
    c, values = [], _neg_values()
    for i, text in enumerate(NEG):
        for k, v in values.items():
            text = text.replace("{" + k + "}", v)
        c.append(Case("batch 9 negatives", text))
        c.append(Case("batch 9 negatives", result_line(f"unw9n{i}", text), realistic=True))
    return c


def cases() -> list:
    return positives() + negatives()
