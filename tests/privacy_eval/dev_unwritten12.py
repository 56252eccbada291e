"""More of the dev part (tests/privacy_eval/dev.py), a twelfth batch written as an attacker would
after the eleventh round, in FORMS NO BATCH WROTE: config languages not yet written (KDL, Pkl,
HCL of Nomad and Packer variables, Bazel and other build rc files, Makefiles and task runners);
shell history as zsh's extended history and fish's history file hold it; database dumps' COPY
rows and middleware configs (pgbouncer's userlist, ProxySQL, Redis Sentinel); desktop and
terminal apps (FileZilla's base64 passwords, Transmission, mail clients' dotfiles, IRC clients,
Emacs and Vim configs); game and home-automation servers (RCON, ESPHome, Tasmota); VPN configs
(WireGuard keys, strongSwan PSKs, OpenVPN credential files); brokers' user commands and JAAS
lines; Windows registry exports (Winlogon autologon); crypto tools' passphrase arguments
(openssl `pass:`, gpg, 7z, zip); GitOps and pipeline CLIs (argocd, flux, fly, hal); request
parameter logs of web frameworks; GraphQL operations; SOAP WS-Security headers; minified JS
bundles; URL fragments and matrix parameters; JSON escaped twice; Kubernetes Secret `data`
(base64 of the value); R console and notebook outputs printing a key.  Negatives of the same
shapes: placeholders, references to the environment and secret stores, hashes, public ids.

Measured once before any change for it (bench_privacy's dev per family, 2026-11-30, the filter of
main at be26b08): 485 cases, 393 with secrets in 31 families (131 as Claude Code sends them), 92
negatives: **83.7 % caught (329/393)**, 81.7 % (107/131) of the realistic ones; 6 of 92 negatives
redacted, **13 false redactions of 412** (a Nickel-style `read("env:X")` reference, Transmission's
salted `{sha1` hash, a backquoted command in muttrc, a Rails authenticity token).  By family: KDL
and Pkl 15/15, Nomad and Packer HCL 15/15, build rc files 15/15, Makefiles and task runners 13/15,
zsh and fish history 15/15, COPY rows 9/9, database middleware 12/15, desktop apps 12/12,
FileZilla base64 0/6, mail dotfiles 15/18, IRC clients 12/15, Emacs and Vim 13/15, game servers
12/15, home automation 15/15, VPN configs 10/12, WireGuard keys 4/6, brokers and JAAS 15/15,
registry exports 8/12, crypto tools' passphrases 18/18, GitOps CLIs 15/15, request parameter logs
13/15, GraphQL 7/9, SOAP WS-Security 4/9, minified bundles 13/15, URL fragments and matrix
parameters 11/15, JSON escaped twice 9/9, Kubernetes Secret data 6/9, R and notebook outputs
3/15, session stores 7/9, debug prints of objects 13/15.  After the round (formats.py: an element
named for a secret with attributes, a value flag after a flag naming a secret; processes.py: a
REPL's answer to a lookup of a secret's name; never.py: a reference by its mark): **89.8 %
(353/393)**, 88.5 % (116/131) of the realistic ones, 0 of 92 negatives redacted, 4 false of 434
(the Rails authenticity token `abc`, read as the CSRF token it stands for).

Part two (`part_two`, `negatives_two`), written after that round in families again no batch
wrote (a flag and its value as list items, defaults inside placeholders, mail and cache wire
protocols, SMTP's AUTH PLAIN base64, strace/ltrace output, enum and constant declarations,
migration tools, data pipeline connections, proxy directives, key and value in other
separators), measured once before any change for it: 158 cases, 126 with secrets (42 realistic),
32 negatives: **69.8 % caught (88/126)**, 61.9 % (26/42) of the realistic ones, 0 of 32 negatives
redacted, 0 false of 108.  By family: list items 12/15, placeholder defaults 5/15, wire protocols
5/12, AUTH PLAIN 4/6, strace 5/12, enums and constants 10/15, migration tools 15/15, pipeline
connections 12/12, proxy directives 10/12, other separators 10/12.  The round's mechanisms were
not aimed at these families and did not reach them: the figure of a new batch is still ~70-85 %.

The filter may be tuned on these cases, as on the rest of dev; the held part is never read for
them.  Values are made at run time, so secret scanners do not flag this file."""

from __future__ import annotations

import base64

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
)
from tests.privacy_eval.dev_unwritten6 import cat, edit, read_result

HUMAN = ["Quartz!Meadow4", "copperKite29#", "Willow_Fern83", "ember.Glade6", "Saffron-Peak17", "Nimbus!Otter2",
         "birch^Lagoon5", "Heron*Canyon8"]  # fmt: skip

BATCH = Batch("unw12", tuple(HUMAN), lambda i: 18 + (i % 3) * 7)
_family = BATCH.family


def _wg(v: str) -> str:
    """A WireGuard-shaped key: the base64 of 32 bytes made from `v`."""
    return base64.b64encode(bytes.fromhex(sha("wg" + v, 64))).decode()


def config_languages() -> list:
    c = []
    c += _family("kdl and pkl configs", [
        'database {\n    host "db.internal"\n    user "app"\n    password "{v}"\n}',
        'smtp host="mail.example.com" port=587 user="ana" password="{v}"',
        'credentials {\n  api-token "{v}"\n}',
        'amends "AppConfig.pkl"\n\ndb {\n  user = "app"\n  password = "{v}"\n}',
        'apiKey: String = "{v}"',
    ], realistic=read_result)  # fmt: skip
    c += _family("nomad and packer hcl", [
        'template {\n  data = <<EOH\nDB_PASSWORD={v}\nEOH\n  destination = "secrets/db.env"\n  env = true\n}',
        'env {\n  POSTGRES_PASSWORD = "{v}"\n  POSTGRES_USER     = "app"\n}',
        'variable "admin_password" {\n  type      = string\n  default   = "{v}"\n  sensitive = true\n}',
        'source "amazon-ebs" "web" {\n  ssh_username = "ubuntu"\n  ssh_password = "{v}"\n}',
        'packer build -var "winrm_password={v}" windows.pkr.hcl',
    ], realistic=read_result)  # fmt: skip
    c += _family("build tool rc files", [
        "build --remote_header=x-buildbuddy-api-key={v}",
        "common --bes_header=Authorization=Bearer {v}",
        "npmAuthToken: {v}\nnpmRegistryServer: https://npm.pkg.github.com",
        "[registries.acme]\nindex = \"https://crates.acme.dev/index\"\ntoken = \"{v}\"",
        "systemProp.gradle.wrapperPassword={v}\nsystemProp.gradle.wrapperUser=ci",
    ], realistic=cat(".bazelrc"))  # fmt: skip
    c += _family("makefiles and task runners", [
        "DB_PASS ?= {v}\n\nmigrate:\n\tpsql -h db -U app",
        "make deploy REGISTRY_PASSWORD={v} TAG=v1.4.2",
        'export API_KEY := "{v}"\n\ndeploy:\n    ./deploy.sh',
        "version: '3'\nvars:\n  SLACK_TOKEN: {v}\ntasks:\n  notify:\n    cmds: [./notify.sh]",
        "[tasks.release]\nenv = { CARGO_REGISTRY_TOKEN = \"{v}\" }",
    ], realistic=edit("Makefile"))  # fmt: skip
    return c


def history_and_dumps() -> list:
    c = []
    c += _family("zsh extended and fish history", [
        ": 1731402113:0;mysql -h db -u root -p{v} app",
        ": 1731402187:12;export GITHUB_TOKEN={v}",
        "- cmd: set -x OPENAI_API_KEY {v}\n  when: 1731402255",
        "- cmd: psql postgresql://app:{v}@db/app\n  when: 1731402301\n  paths:\n    - postgresql://app",
        ": 1731402400:0;curl -u admin:{v} https://jenkins.example.com/api/json",
    ], realistic=cat("~/.zsh_history"))  # fmt: skip
    c += _family("database dump COPY rows", [
        "COPY public.api_credentials (id, name, secret) FROM stdin;\n1\tbilling\t{v}\n\\.",
        "COPY public.smtp_settings (id, host, username, password) FROM stdin;\n1\tmail.example.com\tana\t{v}\n\\.",
        "INSERT INTO `integrations` (`id`, `provider`, `api_key`) VALUES (1,'sendgrid','{v}');",
    ], realistic=read_result)  # fmt: skip
    c += _family("database middleware configs", [
        '"app" "{v}"\n"reporting" "md53b0e5a1c9d2f4e6a8b7c0d1e2f3a4b5c"',
        "mysql_users =\n(\n    { username = \"app\", password = \"{v}\", default_hostgroup = 0 }\n)",
        "sentinel auth-pass mymaster {v}",
        "[databases]\napp = host=db port=5432 dbname=app user=app password={v}",
        "masteruser replica\nmasterauth {v}",
    ], realistic=cat("/etc/pgbouncer/userlist.txt"))  # fmt: skip
    return c


def desktop_apps() -> list:
    c = []
    c += _family("desktop app configs", [
        '"rpc-password": "{v}",\n"rpc-username": "ana",',
        "WebUI\\Password_PBKDF2=\"@ByteArray(x)\"\nWebUI\\Username=ana\nConnection\\Proxy\\Password={v}",
        "[Sessions\\ana@files.example.com]\nHostName=files.example.com\nUserName=ana\nPassword={v}",
        '<Server>\n  <Host>ftp.example.com</Host>\n  <User>ana</User>\n  <Pass>{v}</Pass>\n</Server>',
    ], realistic=read_result)  # fmt: skip
    c += _family("filezilla base64 passwords", [
        '<User>ana</User>\n<Pass encoding="base64">{v}</Pass>',
        '<Pass encoding="base64">{v}</Pass>',
    ], realistic=cat("~/.config/filezilla/sitemanager.xml"), secret=b64)  # fmt: skip
    c += _family("mail client dotfiles", [
        'set imap_pass = "{v}"\nset imap_user = "ana@example.com"',
        "account work\nhost smtp.example.com\nuser ana\npassword {v}\nport 587",
        "[Repository remote]\ntype = IMAP\nremoteuser = ana\nremotepass = {v}",
        'poll imap.example.com protocol IMAP user "ana" password "{v}"',
        "IMAPAccount work\nHost imap.example.com\nUser ana\nPass {v}",
        "source = imaps://ana:{v}@imap.example.com",
    ], realistic=read_result)  # fmt: skip
    c += _family("irc and chat clients", [
        "/set irc.server.libera.sasl_password \"{v}\"",
        'servers = ({ address = "irc.libera.chat"; chatnet = "libera"; password = "{v}"; });',
        "<User ana>\n  Pass = plain#{v}\n</User>",
        "/msg NickServ IDENTIFY ana {v}",
        "/quote PASS {v}",
    ], realistic=in_prompt)  # fmt: skip
    c += _family("emacs and vim configs", [
        '(setq erc-password "{v}")',
        '(setq smtpmail-auth-credentials \'(("smtp.example.com" 587 "ana" "{v}")))',
        "let g:db_password = '{v}'",
        "let g:dbs = { 'dev': 'postgres://app:{v}@localhost/app' }",
        'vim.g.copilot_token = "{v}"',
    ], realistic=edit("init.el"))  # fmt: skip
    return c


def servers_and_devices() -> list:
    c = []
    c += _family("game server configs", [
        "enable-rcon=true\nrcon.password={v}\nrcon.port=25575",
        'rcon_password "{v}"\nsv_password ""',
        '"game_password": "{v}",\n"require_user_verification": true,',
        "mcrcon -H 127.0.0.1 -P 25575 -p {v} \"say hi\"",
        "ServerAdminPassword={v}\nServerPassword=",
    ], realistic=read_result)  # fmt: skip
    c += _family("home automation", [
        "wifi:\n  ssid: HomeNet\n  password: !secret wifi_password\nota:\n  password: \"{v}\"",
        "api:\n  password: \"{v}\"",
        "Backlog SSId1 HomeNet; Password1 {v}; MqttPassword {v}",
        "mqtt:\n  server: mqtt://broker:1883\n  user: z2m\n  password: {v}",
        "homeassistant_token: {v}",
    ], realistic=read_result)  # fmt: skip
    c += _family("vpn configs", [
        ": PSK \"{v}\"",
        "conn office\n  left=%defaultroute\n  right=vpn.example.com\n  authby=secret\n  # psk in ipsec.secrets\n%any vpn.example.com : PSK {v}",
        "ana\n{v}",
        "[peer]\nPresharedKey = {v}",
    ], realistic=cat("/etc/ipsec.secrets"))  # fmt: skip
    c += _family("wireguard private keys", [
        "[Interface]\nPrivateKey = {v}\nAddress = 10.8.0.2/24",
        "wg set wg0 private-key <(echo {v})",
    ], realistic=read_result, secret=_wg)  # fmt: skip
    c += _family("broker users and jaas", [
        "rabbitmqctl add_user app {v}",
        "rabbitmqctl change_password guest {v}",
        'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="app" password="{v}";',
        "KafkaClient {\n  org.apache.kafka.common.security.scram.ScramLoginModule required\n  username=\"app\"\n  password=\"{v}\";\n};",
        "artemis user add --user app --password {v} --role amq",
    ], realistic=in_command)  # fmt: skip
    c += _family("windows registry exports", [
        '[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon]\n"AutoAdminLogon"="1"\n"DefaultUserName"="ana"\n"DefaultPassword"="{v}"',
        'reg add "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /v DefaultPassword /t REG_SZ /d {v} /f',
        '"ProxyPass"="{v}"',
        'Set-ItemProperty -Path $winlogon -Name DefaultPassword -Value "{v}"',
    ], realistic=in_result)  # fmt: skip
    return c


def commands() -> list:
    c = []
    c += _family("crypto tools' passphrase arguments", [
        "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{v}",
        "openssl rsa -in key.enc -out key.pem -passin pass:{v}",
        "gpg --batch --pinentry-mode loopback --passphrase {v} -d secrets.gpg",
        "7z a -p{v} -mhe=on backup.7z ./data",
        "zip -P {v} -r export.zip ./reports",
        "ssh-keygen -t ed25519 -N {v} -f ~/.ssh/deploy",
    ], realistic=in_command)  # fmt: skip
    c += _family("gitops and pipeline clis", [
        "argocd repo add https://git.example.com/acme/deploy.git --username ci --password {v}",
        "argocd login argocd.example.com --username admin --password {v} --grpc-web",
        "flux create secret git repo-auth --url=https://git.example.com/acme/app --username=ci --password={v}",
        "fly -t ci set-pipeline -p app -c pipeline.yml -v registry_password={v}",
        "hal config provider docker-registry account add hub --username ci --password {v}",
    ], realistic=in_command)  # fmt: skip
    return c


def logs_and_wire() -> list:
    c = []
    c += _family("request parameter logs", [
        'Started POST "/users/sign_in" for 10.0.0.4\nProcessing by SessionsController#create as HTML\n  Parameters: {"authenticity_token"=>"abc", "user"=>{"email"=>"ana@example.com", "password"=>"{v}"}}',
        "[2026-03-14 10:22:31] local.DEBUG: request {\"email\":\"ana@example.com\",\"password\":\"{v}\"}",
        "DEBUG django.request: POST /login/ <QueryDict: {'username': ['ana'], 'password': ['{v}']}>",
        "POST /api/login 200 12.3 ms - body: { username: 'ana', password: '{v}' }",
        "level=debug msg=\"bind request\" dn=\"cn=admin,dc=example,dc=org\" password={v}",
    ], realistic=in_result)  # fmt: skip
    c += _family("graphql operations", [
        'mutation { login(email: "ana@example.com", password: "{v}") { token } }',
        '{"query":"mutation Login($e:String!,$p:String!){login(email:$e,password:$p){token}}","variables":{"e":"ana@example.com","p":"{v}"}}',
        'mutation {\n  createApiKey(input: {name: "ci", secret: "{v}"}) { id }\n}',
    ], realistic=in_result)  # fmt: skip
    c += _family("soap ws-security", [
        '<wsse:UsernameToken>\n  <wsse:Username>ana</wsse:Username>\n  <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">{v}</wsse:Password>\n</wsse:UsernameToken>',
        "<soap:Header><AuthHeader><UserName>ana</UserName><Password>{v}</Password></AuthHeader></soap:Header>",
        "<methodCall><methodName>wp.getPosts</methodName><params><param><value><int>1</int></value></param><param><value><string>ana</string></value></param><param><value><string>{v}</string></value></param></params></methodCall>",
    ], realistic=read_result)  # fmt: skip
    c += _family("minified js bundles", [
        'var a={apiKey:"{v}",authDomain:"acme.firebaseapp.com"};',
        'fetch(u,{headers:{"X-Api-Key":"{v}"}}).then(function(e){return e.json()})',
        'const n=new t({password:"{v}",user:"app"});',
        'e.exports={dbPassword:"{v}",dbUser:"app"}',
        '!function(){var e="{v}";window.__KEY__=e}();',
    ], realistic=in_result)  # fmt: skip
    c += _family("url fragments and matrix parameters", [
        "https://app.example.com/callback#access_token={v}&token_type=Bearer&expires_in=3600",
        "https://shop.example.com/cart;jsessionid={v}?item=4",
        "https://files.example.com/dl;password={v}/report.pdf",
        "http://localhost:3000/#/login?token={v}",
        "https://dash.example.com/embed?theme=dark#key={v}",
    ], realistic=in_result)  # fmt: skip
    return c


def encodings() -> list:
    c = []
    c += _family("json escaped twice", [
        '{"body": "{\\"config\\": \\"{\\\\\\"password\\\\\\": \\\\\\"{v}\\\\\\"}\\"}"}',
        '"{\\"db\\":{\\"user\\":\\"app\\",\\"password\\":\\"{v}\\"}}"',
        '{"Message": "{\\"Type\\":\\"Notification\\",\\"api_key\\":\\"{v}\\"}"}',
    ], realistic=in_result)  # fmt: skip
    c += _family("kubernetes secret data base64", [
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata:\n  password: {v}",
        '{"apiVersion":"v1","kind":"Secret","data":{"api-key":"{v}"}}',
        "kubectl get secret db -o jsonpath='{.data.password}'\n{v}",
    ], realistic=cat("secret.yaml"), secret=b64)  # fmt: skip
    c += _family("r and notebook outputs printing a key", [
        '> Sys.getenv("OPENAI_API_KEY")\n[1] "{v}"',
        "In [3]: os.environ['STRIPE_KEY']\nOut[3]: '{v}'",
        "iex(2)> System.get_env(\"DB_PASSWORD\")\n\"{v}\"",
        ">>> settings.SECRET_KEY\n'{v}'",
        "irb(main):001:0> ENV['API_TOKEN']\n=> \"{v}\"",
    ], realistic=in_result)  # fmt: skip
    c += _family("session stores", [
        'user_id|i:42;user|s:3:"ana";smtp_password|s:14:"{v}";',
        'sess:Xk2p9 => {"cookie":{"httpOnly":true},"passport":{"user":42},"apiToken":"{v}"}',
        "127.0.0.1:6379> HGETALL session:ana\n1) \"user\"\n2) \"ana\"\n3) \"access_token\"\n4) \"{v}\"",
    ], realistic=in_result)  # fmt: skip
    c += _family("debug prints of objects", [
        "Error: connect ECONNREFUSED 10.0.0.5:5432\n    at TCPConnectWrap.afterConnect {\n  config: { host: 'db', user: 'app', password: '{v}' }\n}",
        "Settings(db_host='db', db_user='app', db_password='{v}', debug=False)",
        "#<struct Config host=\"db\", password=\"{v}\">",
        "config: {Host:db Port:5432 User:app Password:{v} SSLMode:require}",
        'Config { host: "db", user: "app", password: "{v}" }',
    ], realistic=in_result)  # fmt: skip
    return c


def positives() -> list:
    return (config_languages() + history_and_dumps() + desktop_apps() + servers_and_devices() + commands()
            + logs_and_wire() + encodings())


def _plain(v: str) -> str:
    """SMTP's AUTH PLAIN argument: the base64 of NUL, the user, NUL, the password."""
    return b64("\0ana@example.com\0" + v)


def part_two() -> list:
    """Written after the round's fixes, in families again none wrote: the figure of whether the
    fixes generalized (measured before any change for it)."""
    c = []
    c += _family("part two: a flag and its value as list items", [
        'args: ["--db-user", "app", "--db-password", "{v}"]',
        "command:\n  - /app/server\n  - --api-token\n  - {v}",
        'subprocess.run(["mysql", "-u", "root", "--password", "{v}", "app"], check=True)',
        'exec.Command("psql", "-U", "app", "--password", "{v}")',
        '"ExecStart": ["/usr/bin/agent", "-token", "{v}"]',
    ], realistic=read_result)  # fmt: skip
    c += _family("part two: defaults inside placeholders", [
        '@Value("${db.password:{v}}")\nprivate String dbPassword;',
        "DB_PASSWORD=${DB_PASSWORD:-{v}}",
        'password: {{ env "DB_PASSWORD" | default "{v}" }}',
        "spring.datasource.password=${SPRING_DATASOURCE_PASSWORD:{v}}",
        "api_key = \"${API_KEY:={v}}\"",
    ], realistic=edit("application.properties"))  # fmt: skip
    c += _family("part two: mail and cache wire protocols", [
        "C: a001 LOGIN ana@example.com {v}\nS: a001 OK LOGIN completed",
        "USER ana\n+OK\nPASS {v}\n+OK Logged in.",
        '1731402113.221 [0 10.0.0.4:51234] "AUTH" "{v}"',
        "> AUTH default {v}\n< +OK",
    ], realistic=in_result)  # fmt: skip
    c += _family("part two: smtp auth plain base64", [
        "C: AUTH PLAIN {v}\nS: 235 2.7.0 Authentication successful",
        "send: 'AUTH PLAIN {v}\\r\\n'",
    ], realistic=in_result, secret=_plain)  # fmt: skip
    c += _family("part two: strace and ltrace output", [
        'write(3, "PASS {v}\\r\\n", 24) = 24',
        'sendto(5, "AUTH {v}\\r\\n", 31, MSG_NOSIGNAL, NULL, 0) = 31',
        'strcmp("{v}", "guest") = 1',
        'execve("/usr/bin/mysql", ["mysql", "-uroot", "-p{v}"], 0x7ffd /* 24 vars */) = 0',
    ], realistic=in_result)  # fmt: skip
    c += _family("part two: enum and constant declarations", [
        'enum Keys {\n    static let stripe = "{v}"\n}',
        'const val API_SECRET = "{v}"',
        "export const enum Secrets { Mapbox = '{v}' }",
        'case apiToken = "{v}"',
        'public static final String DB_PASS = "{v}";',
    ], realistic=edit("Secrets.swift"))  # fmt: skip
    c += _family("part two: migration tools", [
        "flyway.url=jdbc:postgresql://db:5432/app\nflyway.user=app\nflyway.password={v}",
        "liquibase --url=jdbc:postgresql://db/app --username=app --password={v} update",
        "sqlalchemy.url = postgresql://app:{v}@db/app",
        "module.exports = {\n  client: 'pg',\n  connection: { host: 'db', user: 'app', password: '{v}' }\n};",
        '{\n  "type": "postgres",\n  "username": "app",\n  "password": "{v}",\n  "database": "app"\n}',
    ], realistic=read_result)  # fmt: skip
    c += _family("part two: data pipeline connections", [
        'AIRFLOW_CONN_WAREHOUSE=\'{"conn_type": "postgres", "login": "etl", "password": "{v}", "host": "dwh"}\'',
        "airflow connections add dwh --conn-type postgres --conn-login etl --conn-password {v} --conn-host dwh",
        "outputs:\n  prod:\n    type: snowflake\n    user: etl\n    password: {v}\n    account: acme",
        'SnowflakeCredentials(user="etl", password="{v}", account="acme")',
    ], realistic=read_result)  # fmt: skip
    c += _family("part two: proxy and load balancer directives", [
        "userlist admins\n    user ana insecure-password {v}",
        'set $api_key "{v}";',
        "proxy_set_header X-Api-Key {v};",
        "http-request set-header Authorization \"Bearer {v}\"",
    ], realistic=cat("/etc/haproxy/haproxy.cfg"))  # fmt: skip
    c += _family("part two: key and value in other separators", [
        "Key;Value\nDbUser;app\nDbPassword;{v}",
        "Setting\tValue\nAPI Token\t{v}\nRegion\teu-west-1",
        "| Key | Value |\n|---|---|\n| smtp.password | {v} |",
        "db_password -> {v}",
    ], realistic=in_prompt)  # fmt: skip
    return c


NEG2 = [
    'args: ["--db-user", "app", "--db-password-file", "/run/secrets/db"]',
    "command:\n  - /app/server\n  - --api-token\n  - $(API_TOKEN)",
    'subprocess.run(["mysql", "-u", "root", "--password", password], check=True)',
    '@Value("${db.password}")\nprivate String dbPassword;', "DB_PASSWORD=${DB_PASSWORD:-}",
    "spring.datasource.password=${SPRING_DATASOURCE_PASSWORD}", "C: a001 LOGIN ana@example.com ****\nS: a001 OK",
    "C: AUTH PLAIN\nS: 334", 'write(3, "QUIT\\r\\n", 6) = 6', 'enum Keys {\n    static let stripe = ProcessInfo.processInfo.environment["STRIPE_KEY"]!\n}',
    "flyway.url=jdbc:postgresql://db:5432/app\nflyway.user=app\nflyway.password=${FLYWAY_PASSWORD}",
    "airflow connections get dwh -o json", "userlist admins\n    user ana password $6$saltsalt$" + sha("unw12p2", 40),
    "proxy_set_header X-Api-Key $http_x_api_key;", "Key;Value\nDbUser;app\nDbPassword;(see vault)",
    "| Key | Value |\n|---|---|\n| smtp.password | ${SMTP_PASSWORD} |",
]  # fmt: skip


def _neg_values() -> dict:
    return {
        "hash": sha("unw12md5", 32),
        "sha7": sha("unw12n")[:7],
        "uuid": "3f2a9c1e-7b4d-4e2a-9c1f-" + sha("unw12u", 12),
        "fbid": "1:" + "".join(gen("unw12fb", 12, "0123456789")) + ":web:" + sha("unw12w", 16),
    }


NEG = [
    'database {\n    host "db.internal"\n    user "app"\n    password env="DB_PASSWORD"\n}',
    'db {\n  password = read("env:DB_PASSWORD")\n}',
    'env {\n  POSTGRES_USER = "app"\n}\ntemplate {\n  data = "DB_PASSWORD={{ with secret \\"kv/db\\" }}{{ .Data.password }}{{ end }}"\n}',
    'variable "admin_password" {\n  type      = string\n  sensitive = true\n}',
    "build --remote_header=x-buildbuddy-api-key=$BUILDBUDDY_API_KEY",
    "npmAuthToken: \"${NPM_TOKEN}\"\nnpmRegistryServer: https://npm.pkg.github.com",
    "DB_PASS ?= $(shell cat .secrets/db)\n\nmigrate:\n\tpsql -h db -U app",
    "version: '3'\nvars:\n  SLACK_TOKEN:\n    sh: pass show slack/token",
    ": 1731402113:0;mysql -h db -u root -p app",
    ": 1731402187:12;export GITHUB_TOKEN=$(gh auth token)",
    "- cmd: set -x EDITOR nvim\n  when: 1731402255",
    "COPY public.users (id, email, password_digest) FROM stdin;\n1\tana@example.com\t{hash}\n\\.",
    '"app" "md5{hash}"', "sentinel monitor mymaster 10.0.0.5 6379 2",
    "[databases]\napp = host=db port=5432 dbname=app auth_user=pgbouncer",
    '"rpc-password": "{' + sha("unw12tr", 40) + '",\n"rpc-username": "ana",',
    '<Pass encoding="crypt" pubkey="x"></Pass>',
    'set imap_pass = "`pass show mail/work`"', "account work\nhost smtp.example.com\nuser ana\npasswordeval \"pass show mail\"",
    "/msg NickServ IDENTIFY ana", '(setq erc-password (auth-source-pick-first-password :host "irc.libera.chat"))',
    "let g:db_password = $DB_PASSWORD", "enable-rcon=false\nrcon.password=\nrcon.port=25575",
    "wifi:\n  ssid: HomeNet\n  password: !secret wifi_password", "api:\n  encryption:\n    key: !secret api_key",
    "[Interface]\nPrivateKey = <paste private key>\nAddress = 10.8.0.2/24", "PostUp = wg set %i private-key /etc/wireguard/%i.key",
    "rabbitmqctl add_user app", "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"app\" password=\"${KAFKA_PASSWORD}\";",
    '"AutoAdminLogon"="0"\n"DefaultUserName"="ana"', "openssl pkcs12 -export -in cert.pem -out bundle.p12 -passout env:P12_PASS",
    "openssl rsa -in key.enc -passin file:/run/secrets/keypass", "gpg --batch --passphrase-file /run/secrets/gpg -d secrets.gpg",
    "argocd repo add https://git.example.com/acme/deploy.git --ssh-private-key-path ~/.ssh/deploy",
    "flux create secret git repo-auth --url=ssh://git@git.example.com/acme/app --private-key-file=./id_ed25519",
    'Parameters: {"authenticity_token"=>"[FILTERED]", "user"=>{"email"=>"ana@example.com", "password"=>"[FILTERED]"}}',
    'mutation { login(email: $email, password: $password) { token } }',
    "<wsse:Password Type=\"...#PasswordDigest\">{hash}</wsse:Password>",
    'var a={apiKey:process.env.FIREBASE_KEY,authDomain:"acme.firebaseapp.com",appId:"{fbid}"};',
    "https://app.example.com/callback#state={uuid}&error=access_denied", "https://docs.example.com/guide#password-reset",
    '"{\\"db\\":{\\"user\\":\\"app\\",\\"password\\":\\"${DB_PASSWORD}\\"}}"',
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata: {}",
    '> Sys.getenv("OPENAI_API_KEY")\n[1] ""', ">>> settings.DEBUG\nFalse",
    "git commit -m 'fix: rotate {sha7}'",
]  # fmt: skip


def negatives() -> list:
    c, values = [], _neg_values()
    for i, text in enumerate(NEG):
        for k, v in values.items():
            text = text.replace("{" + k + "}", v)
        c.append(Case("batch 12 negatives", text))
        c.append(Case("batch 12 negatives", result_line(f"unw12n{i}", text), realistic=True))
    return c


def negatives_two() -> list:
    c = []
    for i, text in enumerate(NEG2):
        c.append(Case("part two negatives", text))
        c.append(Case("part two negatives", result_line(f"unw12m{i}", text), realistic=True))
    return c


def cases() -> list:
    return positives() + negatives() + part_two() + negatives_two()
