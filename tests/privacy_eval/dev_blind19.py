"""A blind dev part (blind19): ~50 families of Claude Code session text from products, formats,
languages and shapes the earlier parts had not used: one-time-password seeds for command-line
tools, wallet keys and mnemonics in smart-contract tooling, rclone remotes, workflow schedulers'
connections, analytics profiles, game-server remote consoles, home-automation secrets, message
brokers, scripted ssh and expect logins, baseboard management controllers, analytic and
wide-column database shells, SQL Server and Oracle clients, time-series tokens, API-client
exports, edge and app-platform deploy secrets, PowerShell credentials, Julia and D
sources, AppleScript, VBA macros, VPN auth files, chat homeservers and bridges, ERP configs,
JDBC urls, directory binds, SNMPv3 walks, hex- and UUID-shaped keys, word-shaped passwords, and
prompts in Faroese, Romansh, Sardinian, Corsican, Asturian, Ladino, Aragonese, Friulian,
Ligurian and Walloon.  Negatives sit in the same neighbourhoods: addresses, transaction hashes,
public keys, token counts, keyboard keys, primary keys, password policies, masked values,
placeholders, environment and `!secret` references, ids and readings.  Most cases are realistic:
a Bash call and its output, a prompt, a Read's event or numbered lines, a Write, an Edit, a
transcript line.

Written blind on 2026-12-01 (07:30 UTC) by an author who read only the format of an earlier part
(its docstring and helpers), the carriers and the list of family names already used; neither the
filter, its tests, its docs, the benches nor any other part's cases.  Every case was written
before the filter met any of them.  A DEV part: the next round tunes the filter on it.

273 cases, 167 with secrets, 106 negatives, 49 families (31 with secrets, 18 without), all realistic.  Families (cases):
    b19 neg: chain tooling with addresses, hashes and signatures (7)
    b19 neg: clickhouse users and influx buckets (5)
    b19 neg: dbt and airflow runs and env_var profiles (7)
    b19 neg: home assistant and esphome !secret references (5)
    b19 neg: ipmi, mqtt and snmp output without credentials (7)
    b19 neg: julia, vba and powershell naming secrets without one (7)
    b19 neg: keyboard keys and keymaps (5)
    b19 neg: llm token counts and tokenizer output (5)
    b19 neg: masked secrets in cli listings (7)
    b19 neg: password policies and complexity rules (5)
    b19 neg: placeholders in env examples and readmes (5)
    b19 neg: primary keys and credential columns in schemas (5)
    b19 neg: prompts in faroese, romansh, sardinian, ladino and ligurian without a value (11)
    b19 neg: rclone listings and env-auth remotes (5)
    b19 neg: sqlcmd and sqlplus sessions without a password (5)
    b19 neg: totp codes and docs without a seed (5)
    b19 neg: uuid and hex ids in apm and platform output (5)
    b19 neg: wireguard, ssh and age public keys (5)
    b19: airflow connections and variables (5)
    b19: applescript administrator passwords (5)
    b19: cqlsh and cypher-shell logins (5)
    b19: dbt profiles and snowsql configs (5)
    b19: diceware passphrases in docker runs and fixtures (5)
    b19: duckdb secrets and clickhouse clients (5)
    b19: foundry cast and forge with a private key (5)
    b19: hardhat and truffle mnemonics (5)
    b19: hex- and uuid-shaped api keys (5)
    b19: home assistant secrets and esphome api keys (5)
    b19: influxdb tokens in cli and telegraf (5)
    b19: ipmitool and redfish bmc logins (5)
    b19: jdbc urls and liquibase properties (5)
    b19: julia and d sources with a credential (5)
    b19: ldapsearch binds and ldif passwords (5)
    b19: minecraft and game server rcon passwords (5)
    b19: mosquitto and paho mqtt logins (5)
    b19: oathtool and pyotp seeds in commands and scripts (5)
    b19: odoo and frappe bench passwords (5)
    b19: openvpn auth files and ipsec psks (5)
    b19: postman and insomnia exports (5)
    b19: powershell securestrings and pscredentials (5)
    b19: prompts in faroese, romansh, sardinian, corsican and asturian (11)
    b19: prompts in ladino, aragonese, friulian, ligurian and walloon (11)
    b19: rclone remotes with keys and tokens (5)
    b19: snmpv3 auth and privacy passphrases (5)
    b19: sqlcmd and sqlplus logins (5)
    b19: sshpass and expect logins (5)
    b19: synapse and mautrix bridge secrets (5)
    b19: vba macros with connection strings (5)
    b19: wrangler and fly deploy secrets (5)

Measured by the lead on main at e704729, before any rule was made for it (the bench's evaluate):
    filter:   caught 82.0 % (137/167 cases); false 0.9 % (2/216 redactions)
    baseline: caught 15.0 % (25/167); false 36.2 % (25/69 redactions)
"""

# ruff: noqa: E501 (the tools' output keeps its long lines)
from __future__ import annotations

import base64
import hashlib
import string

from tests.privacy_eval import (
    B32,
    HEX,
    Case,
    assistant_line,
    bash_event,
    gen,
    numbered,
    prompt_event,
    random_secret,
    result_line,
    sha,
    tool_event,
    uuid_of,
)

LOWER = string.ascii_lowercase
DIGITS = string.digits
SYMBOLS = "!#%&*+-=?@^_~"
WORDS = ["glacier", "mango", "violet", "tundra", "pepper", "harbor", "lantern", "quartz", "walnut",
         "falcon", "ember", "meadow", "cobalt", "saddle", "prism", "thistle", "orbit", "juniper",
         "marble", "canyon", "velvet", "otter", "basil", "comet"]  # fmt: skip
BIP = ["army", "van", "defense", "carry", "jealous", "true", "garbage", "claim", "echo", "media",
       "make", "crunch", "zoo", "wrong", "legal", "winner", "thank", "year", "wave", "sausage",
       "worth", "useful", "blade", "lumber", "orchard", "pistol", "ranch", "tribe", "vessel",
       "gossip", "hockey", "lizard", "museum", "parade", "salmon", "tunnel"]  # fmt: skip


def num(seed: str, lo: int, hi: int) -> int:
    return lo + int(sha("n" + seed, 8), 16) % (hi - lo + 1)


def pw(seed: str, n: int = 10) -> str:
    """A password a person picks: a word, a symbol, digits and a random tail."""
    word = WORDS[num(seed + "w", 0, len(WORDS) - 1)].capitalize()
    return word + SYMBOLS[num(seed + "s", 0, len(SYMBOLS) - 1)] + gen(seed + "d", 2, DIGITS) + gen(seed + "t", n - 4)


def words_pw(seed: str, k: int = 4) -> str:
    """A diceware-style passphrase: words and digits joined by dashes."""
    picked = [WORDS[num(f"{seed}{i}", 0, len(WORDS) - 1)] for i in range(k)]
    return "-".join(picked) + "-" + gen(seed + "d", 3, DIGITS)


def mnemonic(seed: str) -> str:
    return " ".join(BIP[num(f"{seed}m{i}", 0, len(BIP) - 1)] for i in range(12))


def hx(seed: str, n: int = 64) -> str:
    return gen("hx" + seed, n, HEX)


def b64r(seed: str, n: int = 32) -> str:
    return base64.b64encode(hashlib.sha256(("b" + seed).encode()).digest()[:n]).decode()


def b32(seed: str, n: int = 32) -> str:
    return gen("b32" + seed, n, B32)


def carry(kind: str, a: str, text: str, seed: str, rep: int) -> dict:
    """`text` as Claude Code sends it.  kind "out": `a` is the command, text its output; "file":
    `a` is the path; "prompt": a prompt; "cmd": text is a Bash command, `a` its output."""
    if kind == "out":
        return [lambda: bash_event(a, text, seed), lambda: result_line(seed, text),
                lambda: bash_event(a + " 2>&1 | tail -n 40", text, seed)][rep % 3]()
    if kind == "file":
        full = "/home/dev/proj/" + a if not a.startswith(("/", "~")) else a
        n = text.count("\n") + 1
        return [lambda: result_line(seed, numbered(text)),
                lambda: tool_event("Write", {"file_path": full, "content": text}, seed,
                                   {"type": "create", "filePath": full, "content": text}),
                lambda: tool_event("Read", {"file_path": full}, seed,
                                   {"type": "text", "file": {"filePath": full, "content": text, "numLines": n,
                                                             "startLine": 1, "totalLines": n}}),
                lambda: tool_event("Edit", {"file_path": full, "old_string": text.split("\n")[0],
                                            "new_string": text, "replace_all": False}, seed,
                                   {"filePath": full, "oldString": text.split("\n")[0], "newString": text,
                                    "userModified": False, "replaceAll": False}),
                lambda: bash_event(f"cat {a}", text, seed)][rep % 5]()
    if kind == "prompt":
        return prompt_event(text, seed)
    if kind == "cmd":
        return [lambda: bash_event(text, a, seed), lambda: assistant_line(seed, "Bash", {
            "command": text, "description": "Run it"})][rep % 2]()
    raise ValueError(kind)


def family(name: str, pos: list, neg: list) -> list:
    """Each template is carried three times when first in its list, twice after."""
    out = []
    for t, make in enumerate(pos):
        for r in range(3 if t == 0 else 2):
            seed = f"b19{name}{t}p{r}"
            kind, a, text, secret = make(seed)
            secrets = secret if isinstance(secret, tuple) else (secret,)
            assert all(x in text for x in secrets), (name, t)
            out.append(Case(name, carry(kind, a, text, seed, r + t), secrets, realistic=True))
    for t, make in enumerate(neg):
        for r in range(3 if t == 0 else 2):
            seed = f"b19{name}{t}n{r}"
            kind, a, text = make(seed)
            out.append(Case(name, carry(kind, a, text, seed, r + t), (), realistic=True))
    return out



def otp_seeds() -> list:
    def p0(s):
        k = b32(s, 32)
        return ("cmd", f"{num(s, 100000, 999999)}\n", f"oathtool --totp -b {k}", k)

    def p1(s):
        k = b32(s, 32)
        return ("file", "scripts/twofa.py", f'''import pyotp

# seed of the ci-bot account on the admin console
totp = pyotp.TOTP("{k}")
print(totp.now())''', k)

    return family("b19: oathtool and pyotp seeds in commands and scripts", [p0, p1], [])


def cast_keys() -> list:
    def p0(s):
        k = "0x" + hx(s)
        return ("cmd", f"blockHash            0x{hx(s + 'bh')}\nstatus               1 (success)\n",
                f"cast send 0x{hx(s + 'to', 40)} 'transfer(address,uint256)' 0x{hx(s + 'r', 40)} 1000 --rpc-url $SEPOLIA_RPC --private-key {k}", k)

    def p1(s):
        k = hx(s)
        return ("file", ".env", f"SEPOLIA_RPC=https://eth-sepolia.g.alchemy.com/v2/demo\nDEPLOYER_PRIVATE_KEY={k}\nETHERSCAN_VERIFY=true\n", k)

    return family("b19: foundry cast and forge with a private key", [p0, p1], [])


def mnemonics() -> list:
    def p0(s):
        m = mnemonic(s)
        return ("file", "hardhat.config.js", f'''require("@nomicfoundation/hardhat-toolbox");

module.exports = {{
  solidity: "0.8.24",
  networks: {{
    holesky: {{
      url: "https://ethereum-holesky.publicnode.com",
      accounts: {{ mnemonic: "{m}" }},
    }},
  }},
}};''', m)

    def p1(s):
        m = mnemonic(s)
        return ("prompt", "", f"deploy to goerli failed with 'insufficient funds'. the wallet seed is:\n{m}\ncan you derive the first address and check its balance?", m)

    return family("b19: hardhat and truffle mnemonics", [p0, p1], [])


def rclone() -> list:
    def p0(s):
        ak, sk = gen(s + "a", 20, string.ascii_uppercase + DIGITS), gen(s + "s", 40)
        return ("out", "rclone config show wasabi", f"[wasabi]\ntype = s3\nprovider = Wasabi\naccess_key_id = {ak}\nsecret_access_key = {sk}\nendpoint = s3.eu-central-2.wasabisys.com\n", (ak, sk))

    def p1(s):
        at = "sl.B" + gen(s, 130, string.ascii_letters + DIGITS + "-_")
        return ("file", "~/.config/rclone/rclone.conf", f'[dropbox]\ntype = dropbox\ntoken = {{"access_token":"{at}","token_type":"bearer","expiry":"2026-12-01T09:12:44.1Z"}}\n', at)

    return family("b19: rclone remotes with keys and tokens", [p0, p1], [])


def airflow() -> list:
    def p0(s):
        p = pw(s)
        return ("cmd", "Successfully added `conn_id`=warehouse_pg : postgres://etl:******@pg.internal:5432/dw\n",
                f"airflow connections add warehouse_pg --conn-uri 'postgres://etl:{p}@pg.internal:5432/dw'", p)

    def p1(s):
        p = pw(s)
        return ("file", "deploy/airflow.env", f"AIRFLOW__CORE__EXECUTOR=CeleryExecutor\nAIRFLOW_CONN_MSSQL_ERP=mssql://reporter:{p}@erp-db:1433/erp\nAIRFLOW__WEBSERVER__EXPOSE_CONFIG=False\n", p)

    return family("b19: airflow connections and variables", [p0, p1], [])


def dbt_profiles() -> list:
    def p0(s):
        p = pw(s, 12)
        return ("file", "~/.dbt/profiles.yml", f"""analytics:
  target: dev
  outputs:
    dev:
      type: snowflake
      account: xy12345.eu-west-1
      user: DBT_DEV
      password: "{p}"
      role: TRANSFORMER
      warehouse: TRANSFORMING
      database: ANALYTICS
      schema: dbt_ana
      threads: 8""", p)

    def p1(s):
        p = pw(s, 12)
        return ("out", "cat ~/.snowsql/config", f"[connections.prod]\naccountname = xy12345.eu-west-1\nusername = LOADER\npassword = {p}\ndbname = RAW\nwarehousename = LOADING\n", p)

    return family("b19: dbt profiles and snowsql configs", [p0, p1], [])


def rcon() -> list:
    def p0(s):
        p = pw(s, 9)
        return ("file", "/srv/minecraft/server.properties", f"enable-rcon=true\nrcon.port=25575\nrcon.password={p}\nmotd=Friday night survival\nmax-players=20\nonline-mode=true", p)

    def p1(s):
        p = pw(s, 9)
        return ("cmd", "There are 3 of a max of 20 players online: steve, kx, mira\n", f"mcrcon -H 127.0.0.1 -P 25575 -p '{p}' list", p)

    return family("b19: minecraft and game server rcon passwords", [p0, p1], [])


def home_assistant() -> list:
    def p0(s):
        p, q = pw(s), pw(s + "x")
        return ("file", "/config/secrets.yaml", f'wifi_ssid: "Casa Mira"\nwifi_password: "{p}"\nmqtt_password: "{q}"\nlatitude: 43.30\n', (p, q))

    def p1(s):
        k = b64r(s)
        return ("file", "esphome/garage-door.yaml", f"""esphome:
  name: garage-door
api:
  encryption:
    key: "{k}"
ota:
  - platform: esphome""", k)

    return family("b19: home assistant secrets and esphome api keys", [p0, p1], [])


def mqtt() -> list:
    def p0(s):
        p = pw(s)
        return ("cmd", "", f"mosquitto_pub -h broker.lan -p 8883 --cafile ca.crt -u sensor-hub -P '{p}' -t home/kitchen/temp -m 21.4", p)

    def p1(s):
        p = pw(s)
        return ("file", "hub/publish.py", f'''import paho.mqtt.client as mqtt

client = mqtt.Client(client_id="kitchen-hub")
client.username_pw_set("sensor-hub", "{p}")
client.tls_set("ca.crt")
client.connect("broker.lan", 8883)''', p)

    return family("b19: mosquitto and paho mqtt logins", [p0, p1], [])


def sshpass_expect() -> list:
    def p0(s):
        p = pw(s)
        return ("cmd", " 09:41:07 up 88 days,  2:11,  1 user,  load average: 0.08, 0.03, 0.01\n", f"sshpass -p '{p}' ssh -o StrictHostKeyChecking=no admin@10.20.0.{num(s, 2, 250)} uptime", p)

    def p1(s):
        p = pw(s)
        return ("file", "tools/push_cfg.exp", f'''#!/usr/bin/expect -f
set timeout 20
spawn scp running.cfg admin@sw-core-01:/flash/
expect "password:"
send "{p}\\r"
expect eof''', p)

    return family("b19: sshpass and expect logins", [p0, p1], [])


def bmc() -> list:
    def p0(s):
        p = pw(s, 8)
        return ("cmd", "Chassis Power is on\n", f"ipmitool -I lanplus -H 10.9.0.{num(s, 10, 99)} -U ADMIN -P '{p}' chassis power status", p)

    def p1(s):
        p = pw(s, 8)
        return ("cmd", '{"@odata.id": "/redfish/v1/Systems/1", "PowerState": "On", "Model": "ProLiant DL360 Gen10"}\n',
                f"curl -sk -u root:{p} https://ilo-r7.lab/redfish/v1/Systems/1 | jq '{{PowerState,Model}}'", p)

    return family("b19: ipmitool and redfish bmc logins", [p0, p1], [])


def duck_click() -> list:
    def p0(s):
        k, sec = "AKIA" + gen(s + "k", 16, string.ascii_uppercase + DIGITS), gen(s + "s", 40)
        return ("file", "notebooks/load.sql", f"""INSTALL httpfs; LOAD httpfs;
CREATE SECRET lake (
    TYPE S3,
    KEY_ID '{k}',
    SECRET '{sec}',
    REGION 'eu-west-1'
);
SELECT count(*) FROM read_parquet('s3://lake-raw/events/*.parquet');""", (k, sec))

    def p1(s):
        p, q = pw(s), pw(s + "g")
        return ("cmd", "Ok.\n0 rows in set. Elapsed: 0.004 sec.\n",
                f"clickhouse-client --host ch-01 --user default --password '{p}' --query \"CREATE USER grafana IDENTIFIED WITH sha256_password BY '{q}'\"", (p, q))

    return family("b19: duckdb secrets and clickhouse clients", [p0, p1], [])


def wide_graph() -> list:
    def p0(s):
        p = pw(s)
        return ("cmd", "\n system.local\n ------------\n cluster_name: prod-ring\n", f"cqlsh cass-01.internal 9042 -u cassandra -p '{p}' -e 'DESCRIBE CLUSTER'", p)

    def p1(s):
        p = pw(s)
        return ("cmd", "+-------+\n| count |\n+-------+\n| 48213 |\n+-------+\n", f"cypher-shell -a neo4j://graph.lan:7687 -u neo4j -p '{p}' 'MATCH (n:Person) RETURN count(n) AS count'", p)

    return family("b19: cqlsh and cypher-shell logins", [p0, p1], [])


def mssql_oracle() -> list:
    def p0(s):
        p = pw(s)
        return ("cmd", "name\n---------\nmaster\ntempdb\nmodel\nmsdb\nErpProd\n\n(5 rows affected)\n", f"sqlcmd -S tcp:sql01,1433 -U sa -P '{p}' -Q 'SELECT name FROM sys.databases'", p)

    def p1(s):
        p = pw(s)
        return ("cmd", "SQL*Plus: Release 19.0.0.0.0 - Production\nConnected to:\nOracle Database 19c Enterprise Edition\n", f"sqlplus system/{p}@//ora-prod:1521/ORCLPDB1", p)

    return family("b19: sqlcmd and sqlplus logins", [p0, p1], [])


def influx() -> list:
    def p0(s):
        t = gen(s, 86, string.ascii_letters + DIGITS + "-_") + "=="
        return ("cmd", "Active\tName\tURL\tOrg\n*\tlocal\thttp://localhost:8086\tacme\n", f"influx config create --config-name local --host-url http://localhost:8086 --org acme --token {t} --active", t)

    def p1(s):
        t = gen(s, 86, string.ascii_letters + DIGITS + "-_") + "=="
        return ("file", "telegraf.conf", f'[[outputs.influxdb_v2]]\n  urls = ["http://influx.lan:8086"]\n  token = "{t}"\n  organization = "acme"\n  bucket = "metrics"', t)

    return family("b19: influxdb tokens in cli and telegraf", [p0, p1], [])


def api_exports() -> list:
    def p0(s):
        k = random_secret(s, 32)
        return ("file", "postman/staging.postman_environment.json", f'''{{
  "id": "{uuid_of(s)}",
  "name": "staging",
  "values": [
    {{ "key": "baseUrl", "value": "https://api.staging.acme.io", "enabled": true }},
    {{ "key": "apiKey", "value": "{k}", "type": "secret", "enabled": true }}
  ],
  "_postman_variable_scope": "environment"
}}''', k)

    def p1(s):
        k = random_secret(s, 40)
        return ("file", "insomnia/export.yaml", f"""_type: environment
name: Base Environment
data:
  base_url: https://billing.internal
  bearer: {k}
""", k)

    return family("b19: postman and insomnia exports", [p0, p1], [])


def edge_deploy() -> list:
    def p0(s):
        t = gen(s, 40, string.ascii_letters + DIGITS + "_-")
        return ("file", ".dev.vars", f"CLOUDFLARE_API_TOKEN={t}\nACCOUNT_ID={hx(s + 'acc', 32)}\n", t)

    def p1(s):
        p = pw(s, 14)
        return ("cmd", "Secrets are staged for the next deployment\n", f"fly secrets set DATABASE_URL='postgres://app:{p}@top2.nearest.of.app-db.internal:5432/app' --stage", p)

    return family("b19: wrangler and fly deploy secrets", [p0, p1], [])


def powershell() -> list:
    def p0(s):
        p = pw(s)
        return ("file", "scripts/Map-Share.ps1", f'''$user = "CORP\\svc-backup"
$sec  = ConvertTo-SecureString "{p}" -AsPlainText -Force
$cred = New-Object System.Management.Automation.PSCredential($user, $sec)
New-PSDrive -Name B -PSProvider FileSystem -Root \\\\nas01\\backup -Credential $cred''', p)

    def p1(s):
        p = pw(s)
        return ("cmd", "", f"pwsh -c \"Invoke-Command -ComputerName web03 -Credential (New-Object PSCredential('Administrator', (ConvertTo-SecureString '{p}' -AsPlainText -Force))) -ScriptBlock {{ iisreset }}\"", p)

    return family("b19: powershell securestrings and pscredentials", [p0, p1], [])


def julia_d_vala() -> list:
    def p0(s):
        k = random_secret(s, 32)
        return ("file", "src/Fetch.jl", f'''module Fetch
using HTTP, JSON3

const API_KEY = "{k}"

function quotes(sym)
    r = HTTP.get("https://api.marketdata.example/v1/quotes/$sym"; headers=["X-Api-Key" => API_KEY])
    JSON3.read(r.body)
end
end''', k)

    def p1(s):
        p = pw(s)
        return ("file", "source/db.d", f'''import vibe.db.postgresql;

auto pool()
{{
    return new PostgresClient("host=db.lan dbname=shop user=shop password={p}", 4);
}}''', p)

    return family("b19: julia and d sources with a credential", [p0, p1], [])


def applescript() -> list:
    def p0(s):
        p = pw(s)
        return ("file", "~/Scripts/flush-dns.applescript", f'do shell script "dscacheutil -flushcache; killall -HUP mDNSResponder" user name "marta" password "{p}" with administrator privileges', p)

    def p1(s):
        p = pw(s)
        return ("cmd", "", f"osascript -e 'do shell script \"launchctl kickstart -k system/com.acme.agent\" password \"{p}\" with administrator privileges'", p)

    return family("b19: applescript administrator passwords", [p0, p1], [])


def vba() -> list:
    def p0(s):
        p = pw(s)
        return ("file", "macros/Report.bas", f'''Sub RefreshSales()
    Dim cn As Object
    Set cn = CreateObject("ADODB.Connection")
    cn.Open "Provider=MSOLEDBSQL;Data Source=sql01;Initial Catalog=Sales;User ID=excel_ro;Password={p};"
    Sheets("Data").Range("A2").CopyFromRecordset cn.Execute("SELECT * FROM dbo.MonthlySales")
End Sub''', p)

    def p1(s):
        p = pw(s)
        return ("prompt", "", f'this VBA macro fails with "Login failed for user excel_ro" — the connection string is\nDriver={{ODBC Driver 18 for SQL Server}};Server=sql01;Database=Sales;Uid=excel_ro;Pwd={p};\nwhat is wrong?', p)

    return family("b19: vba macros with connection strings", [p0, p1], [])


def vpn_files() -> list:
    def p0(s):
        p = pw(s)
        return ("out", "sudo cat /etc/openvpn/client/auth.txt", f"j.okafor\n{p}\n", p)

    def p1(s):
        k = random_secret(s, 28)
        return ("file", "/etc/ipsec.secrets", f'# strongSwan IPsec secrets file\n203.0.113.10 198.51.100.7 : PSK "{k}"\n', k)

    return family("b19: openvpn auth files and ipsec psks", [p0, p1], [])


def matrix() -> list:
    def p0(s):
        k = gen(s, 50, string.ascii_letters + DIGITS + "~=.:")
        return ("file", "/data/homeserver.yaml", f"""server_name: "chat.acme.org"
pid_file: /data/homeserver.pid
registration_shared_secret: "{k}"
report_stats: false
signing_key_path: "/data/chat.acme.org.signing.key\"""", k)

    def p1(s):
        a, h = gen(s + "as", 64), gen(s + "hs", 64)
        return ("file", "mautrix-telegram/registration.yaml", f"id: telegram\nas_token: {a}\nhs_token: {h}\nnamespaces:\n  users:\n  - exclusive: true\n    regex: '@telegram_.*:chat.acme.org'\nurl: http://bridge:29317\nsender_localpart: telegrambot\n", (a, h))

    return family("b19: synapse and mautrix bridge secrets", [p0, p1], [])


def erp() -> list:
    def p0(s):
        p, q = pw(s), pw(s + "db")
        return ("file", "/etc/odoo/odoo.conf", f"[options]\nadmin_passwd = {p}\ndb_host = pg\ndb_user = odoo\ndb_password = {q}\naddons_path = /mnt/extra-addons\n", (p, q))

    def p1(s):
        p = pw(s)
        return ("cmd", "", f"bench --site erp.acme.local set-config db_password '{p}'", p)

    return family("b19: odoo and frappe bench passwords", [p0, p1], [])


def jdbc() -> list:
    def p0(s):
        p = pw(s)
        return ("file", "src/main/resources/liquibase.properties", f"changeLogFile=db/changelog/master.xml\nurl=jdbc:mariadb://db.lan:3306/orders?useSSL=true\nusername=liquibase\npassword={p}\n", p)

    def p1(s):
        p = pw(s)
        return ("out", "mvn -q flyway:info", f"[ERROR] Unable to obtain connection from database (jdbc:postgresql://pg:5432/orders?user=flyway&password={p}) for user 'flyway': FATAL: no pg_hba.conf entry", p)

    return family("b19: jdbc urls and liquibase properties", [p0, p1], [])


def ldap_bind() -> list:
    def p0(s):
        p = pw(s)
        return ("cmd", "# extended LDIF\n# search result\nsearch: 2\nresult: 0 Success\n# numEntries: 1\n",
                f"ldapsearch -x -H ldaps://dc01.corp.lan -D 'cn=svc-gitlab,ou=svc,dc=corp,dc=lan' -w '{p}' -b 'dc=corp,dc=lan' '(sAMAccountName=jdoe)' mail", p)

    def p1(s):
        p = pw(s)
        return ("file", "ldap/reset.ldif", f"dn: uid=mkowal,ou=people,dc=acme,dc=org\nchangetype: modify\nreplace: userPassword\nuserPassword: {p}\n", p)

    return family("b19: ldapsearch binds and ldif passwords", [p0, p1], [])


def snmp() -> list:
    def p0(s):
        a, x = pw(s), pw(s + "x")
        return ("cmd", 'SNMPv2-MIB::sysDescr.0 = STRING: "Cisco IOS Software, C2960X"\n',
                f"snmpget -v3 -l authPriv -u monitor -a SHA -A '{a}' -x AES -X '{x}' 10.0.0.1 sysDescr.0", (a, x))

    def p1(s):
        a = pw(s)
        return ("file", "/etc/snmp/snmpd.conf", f'createUser monitor SHA "{a}" AES "{a}"\nrouser monitor priv\nsysLocation "rack 4"\n', a)

    return family("b19: snmpv3 auth and privacy passphrases", [p0, p1], [])


def hexuuid_keys() -> list:
    def p0(s):
        k, a = hx(s, 32), hx(s + "app", 40)
        return ("cmd", "", f"docker run -d --name dd-agent -e DD_API_KEY={k} -e DD_APP_KEY={a} -e DD_SITE=datadoghq.eu gcr.io/datadoghq/agent:7", (k, a))

    def p1(s):
        k = uuid_of(s)
        return ("file", "~/.netrc", f"machine api.heroku.com\n  login ops@acme.io\n  password {k}\nmachine git.heroku.com\n  login ops@acme.io\n  password {k}\n", k)

    return family("b19: hex- and uuid-shaped api keys", [p0, p1], [])


def word_passwords() -> list:
    def p0(s):
        p = words_pw(s)
        return ("cmd", f"{hx(s + 'cid', 64)}\n", f"docker run -d -p 5432:5432 -e POSTGRES_PASSWORD={p} postgres:16", p)

    def p1(s):
        p = words_pw(s)
        return ("file", "tests/conftest.py", f'''import pytest

ADMIN_USER = "qa-admin"
ADMIN_PASSWORD = "{p}"  # the staging admin, rotated monthly


@pytest.fixture
def admin_session(client):
    client.login(ADMIN_USER, ADMIN_PASSWORD)
    return client''', p)

    return family("b19: diceware passphrases in docker runs and fixtures", [p0, p1], [])


def prompts_a() -> list:
    lines = [
        ("Faroese", "Loyniorðið til nýggja ambætaran er {p}, kanst tú seta tað í .env fíluna?"),
        ("Romansh", "Il pled-clav per la banca da datas è {p}, po ti configurar la connexiun?"),
        ("Sardinian", "Sa crae de s'API est {p}, la podes ponnere in su file de configuratzione?"),
        ("Corsican", "A parolla d'ordine di u servitore hè {p}, pudete aghjurnà u script?"),
        ("Asturian", "La contraseña del sirvidor ye {p}, ¿pues meter esto nel docker-compose?"),
    ]

    def make(i):
        def f(s):
            p = pw(s)
            return ("prompt", "", lines[i][1].format(p=p), p)
        return f

    return family("b19: prompts in faroese, romansh, sardinian, corsican and asturian", [make(i) for i in range(5)], [])


def prompts_b() -> list:
    lines = [
        "El kod sekreto de la API es {p}, ¿puedes meterlo en el archivo de konfigurasion?",  # Ladino
        "A clau d'a base de datos ye {k}, la puetz meter en o fichero .env?",  # Aragonese
        "La clâf dal servidôr e je {k}, podistu zontâle tal script di deploy?",  # Friulian
        "A ciave de l'API a l'é {k}, ti peu mettila inte 'n config.yaml?",  # Ligurian
        "Li scret do sierveu c' est {k}, vos l' poloz mete dins l' fitchî .env?",  # Walloon
    ]

    def make(i):
        def f(s):
            k = pw(s) if i == 0 else random_secret(s, 28)
            return ("prompt", "", lines[i].format(p=k, k=k), k)
        return f

    return family("b19: prompts in ladino, aragonese, friulian, ligurian and walloon", [make(i) for i in range(5)], [])


def n_chain() -> list:
    def n0(s):
        return ("out", "forge script script/Deploy.s.sol --rpc-url $RPC --broadcast --account deployer",
                f"== Logs ==\n  Deployer: 0x{hx(s + 'd', 40)}\n  Token deployed at: 0x{hx(s + 't', 40)}\n\n##### sepolia\n✅  [Success] Hash: 0x{hx(s + 'h')}\nBlock: {num(s, 5000000, 6000000)}\nPaid: 0.00184 ETH (1841204 gas * 1.0 gwei)")

    def n1(s):
        return ("file", "hardhat.config.ts", f'''import "dotenv/config";
// deployer: 0x{hx(s, 40)}
export default {{
  solidity: "0.8.24",
  networks: {{ sepolia: {{ url: process.env.SEPOLIA_RPC!, accounts: [process.env.DEPLOYER_KEY!] }} }},
}};''')

    def n2(s):
        return ("cmd", f"0x{hx(s + 'sig', 130)}\n", f"cast wallet sign --keystore ~/.foundry/keystores/deployer 'hello {num(s, 1, 999)}'")

    return family("b19 neg: chain tooling with addresses, hashes and signatures", [], [n0, n1, n2])


def n_otp() -> list:
    def n0(s):
        return ("cmd", f"{num(s, 100000, 999999)}\n", 'oathtool --totp -b "$(pass show 2fa/registry-bot)"')

    def n1(s):
        return ("file", "docs/2fa.md", f"""## Two-factor for the ops console
1. Open the console, Settings → Security → Enable TOTP.
2. Scan the QR code with your authenticator; never paste the seed into chat or tickets.
3. Enter the 6-digit code (e.g. `{num(s, 100000, 999999)}`) to confirm.
Recovery codes are stored in the team vault under `ops/2fa/<username>`.""")

    return family("b19 neg: totp codes and docs without a seed", [], [n0, n1])


def n_rclone() -> list:
    def n0(s):
        return ("out", "rclone lsl wasabi:backups/db | head", "\n".join(
            f"{num(s + str(i), 1000, 99999999):>10} 2026-11-{num(s + 'd' + str(i), 10, 30)} 02:00:{num(s + 's' + str(i), 10, 59)}.{num(s + str(i), 100000000, 999999999)} pg-{i}.dump.zst" for i in range(5)))

    def n1(s):
        return ("file", "~/.config/rclone/rclone.conf", f"[s3]\ntype = s3\nprovider = AWS\nenv_auth = true\nregion = eu-west-{num(s, 1, 3)}\n\n[crypt]\ntype = crypt\nremote = s3:vault-{hx(s, 8)}\n")

    return family("b19 neg: rclone listings and env-auth remotes", [], [n0, n1])


def n_sched() -> list:
    def n0(s):
        return ("out", "dbt run --select staging", f"""{num(s, 10, 23)}:02:11  Running with dbt=1.8.3
{num(s, 10, 23)}:02:12  Found 42 models, 118 data tests, 9 sources
{num(s, 10, 23)}:02:19  1 of 3 OK created sql view model dbt_ana.stg_orders ..... [SUCCESS 1 in 1.42s]
{num(s, 10, 23)}:02:20  invocation_id: {uuid_of(s)}
Done. PASS=3 WARN=0 ERROR=0 SKIP=0 TOTAL=3""")

    def n1(s):
        return ("file", "profiles.yml", f"""analytics:
  target: prod
  outputs:
    prod:
      type: postgres
      host: dw-{num(s, 1, 9)}.internal
      user: "{{{{ env_var('DBT_USER') }}}}"
      password: "{{{{ env_var('DBT_PASSWORD') }}}}"
      dbname: dw""")

    def n2(s):
        return ("out", "airflow dags list-runs -d nightly_etl", f"dag_id      | run_id                               | state   | execution_date\nnightly_etl | scheduled__2026-11-{num(s, 10, 30)}T02:00:00+00:00 | success | 2026-11-{num(s, 10, 30)}\nnightly_etl | manual__{uuid_of(s)} | failed  | 2026-11-28")

    return family("b19 neg: dbt and airflow runs and env_var profiles", [], [n0, n1, n2])


def n_sqlclients() -> list:
    def n0(s):
        return ("cmd", "name\n----\nErpProd\n\n(1 rows affected)\n", f"sqlcmd -S sql0{num(s, 1, 9)} -E -Q \"SELECT name FROM sys.databases WHERE name LIKE 'Erp%'\"")

    def n1(s):
        return ("out", "sqlplus -s / as sysdba @profile.sql", f"PROFILE  RESOURCE_NAME              LIMIT\n-------- -------------------------- ----------\nDEFAULT  FAILED_LOGIN_ATTEMPTS      {num(s, 3, 10)}\nDEFAULT  PASSWORD_LIFE_TIME         180\nDEFAULT  PASSWORD_REUSE_MAX         UNLIMITED\nDEFAULT  PASSWORD_VERIFY_FUNCTION   ORA12C_VERIFY_FUNCTION")

    return family("b19 neg: sqlcmd and sqlplus sessions without a password", [], [n0, n1])


def n_analytics() -> list:
    def n0(s):
        return ("out", "clickhouse-client -q 'SELECT name, auth_type, host_ip FROM system.users FORMAT PrettyCompact'",
                f"┌─name────┬─auth_type───────┬─host_ip──┐\n│ default │ sha256_password │ ['::/0'] │\n│ grafana │ sha256_password │ ['10.{num(s, 0, 255)}.0.0/16'] │\n└─────────┴─────────────────┴──────────┘")

    def n1(s):
        return ("out", "influx bucket list", f"ID\t\t\tName\t\tRetention\tShard group duration\tOrganization ID\tSchema Type\n{hx(s + 'b', 16)}\tmetrics\t\t720h0m0s\t24h0m0s\t\t{hx(s + 'o', 16)}\timplicit\n{hx(s + 'c', 16)}\t_monitoring\t168h0m0s\t24h0m0s\t\t{hx(s + 'o', 16)}\timplicit")

    return family("b19 neg: clickhouse users and influx buckets", [], [n0, n1])


def n_tokens() -> list:
    def n0(s):
        return ("out", "python scripts/usage.py --day 2026-11-30", f"model               input_tokens  output_tokens  cache_read_tokens\nclaude-sonnet-4-5   {num(s, 10000, 999999):>12}  {num(s + 'o', 1000, 99999):>13}  {num(s + 'c', 0, 999999):>17}\ntotal tokens: {num(s + 't', 100000, 9999999)}")

    def n1(s):
        ids = ", ".join(str(num(s + str(i), 10, 50000)) for i in range(12))
        return ("out", "python -c \"import tiktoken; e=tiktoken.get_encoding('cl100k_base'); print(e.encode('reset the api key token'))\"", f"[{ids}]")

    return family("b19 neg: llm token counts and tokenizer output", [], [n0, n1])


def n_keyboard() -> list:
    def n0(s):
        return ("file", "~/.config/Code/User/keybindings.json", f'''[
  {{ "key": "ctrl+shift+{"kjl"[num(s, 0, 2)]}", "command": "workbench.action.terminal.toggleTerminal" }},
  {{ "key": "alt+k alt+s", "command": "workbench.action.openGlobalKeybindings" }}
]''')

    def n1(s):
        return ("file", "keyboards/planck/keymaps/mira/keymap.c", f"""const uint16_t PROGMEM keymaps[][MATRIX_ROWS][MATRIX_COLS] = {{
    [_QWERTY] = LAYOUT_planck_grid(
        KC_TAB,  KC_Q, KC_W, KC_E, KC_R, KC_T, KC_Y, KC_U, KC_I, KC_O, KC_P, KC_BSPC,
        KC_ESC,  KC_A, KC_S, KC_D, KC_F, KC_G, KC_H, KC_J, KC_K, KC_L, KC_SCLN, KC_QUOT
    ),
}};  // tapping term {num(s, 150, 250)} ms""")

    return family("b19 neg: keyboard keys and keymaps", [], [n0, n1])


def n_schema() -> list:
    def n0(s):
        return ("file", "migrations/0042_api_keys.sql", f"""CREATE TABLE api_keys (
    id          BIGSERIAL PRIMARY KEY,
    key_prefix  CHAR(8) NOT NULL,
    key_hash    CHAR(64) NOT NULL,
    user_id     BIGINT REFERENCES users(id),
    created_at  TIMESTAMPTZ DEFAULT now()
);
CREATE UNIQUE INDEX api_keys_hash_{num(s, 1, 99)} ON api_keys (key_hash);""")

    def n1(s):
        return ("out", "psql -c '\\d users'", f"""                 Table "public.users"
     Column     |          Type          | Nullable
----------------+------------------------+----------
 id             | uuid                   | not null
 password_hash  | character varying(255) | not null
 reset_token_id | uuid                   |
Indexes:
    "users_pkey" PRIMARY KEY, btree (id)
    "users_reset_{hx(s, 6)}" UNIQUE, btree (reset_token_id)""")

    return family("b19 neg: primary keys and credential columns in schemas", [], [n0, n1])


def n_policy() -> list:
    def n0(s):
        return ("file", "/etc/security/pwquality.conf", f"minlen = {num(s, 12, 16)}\ndcredit = -1\nucredit = -1\nocredit = -1\nlcredit = -1\nmaxrepeat = 3\nenforce_for_root\n")

    def n1(s):
        return ("out", "pwsh -c Get-ADDefaultDomainPasswordPolicy", f"ComplexityEnabled           : True\nDistinguishedName           : DC=corp,DC=lan\nLockoutThreshold            : {num(s, 3, 10)}\nMaxPasswordAge              : 90.00:00:00\nMinPasswordLength           : 14\nPasswordHistoryCount        : 24")

    return family("b19 neg: password policies and complexity rules", [], [n0, n1])


def n_masked() -> list:
    def n0(s):
        return ("out", "fly secrets list", f"NAME         \tDIGEST          \tCREATED AT\nDATABASE_URL \t{hx(s, 16)}\t{num(s, 2, 9)}h ago\nSENTRY_DSN   \t{hx(s + 'b', 16)}\t3 days ago")

    def n1(s):
        return ("out", "wrangler secret list", f'[\n  {{ "name": "STRIPE_KEY", "type": "secret_text" }},\n  {{ "name": "DB_PASSWORD_{num(s, 1, 9)}", "type": "secret_text" }}\n]')

    def n2(s):
        return ("out", "doctl auth list && cat ~/.config/app/status", f"default (current)\napi key: ****{hx(s, 4)}\npassword: ********  (last rotated 2026-11-{num(s, 10, 30)})")

    return family("b19 neg: masked secrets in cli listings", [], [n0, n1, n2])


def n_placeholders() -> list:
    def n0(s):
        return ("file", ".env.example", f"# copy to .env and fill in\nDD_API_KEY=<your-datadog-api-key>\nINFLUX_TOKEN=YOUR_TOKEN_HERE\nPOSTGRES_PASSWORD=${{POSTGRES_PASSWORD}}\nMQTT_PASSWORD=\nPORT={num(s, 3000, 9000)}\n")

    def n1(s):
        return ("file", "README.md", f"""### Connecting
```bash
sqlcmd -S <server> -U <user> -P '<password>'
mcrcon -H 127.0.0.1 -p "$RCON_PASSWORD" list
cast send <to> --private-key $PRIVATE_KEY --rpc-url <rpc>
```
Tested on release {num(s, 1, 9)}.{num(s + 'm', 0, 20)}.0.""")

    return family("b19 neg: placeholders in env examples and readmes", [], [n0, n1])


def n_pubkeys() -> list:
    def n0(s):
        return ("file", "/etc/wireguard/wg0.conf", f"[Peer]\nPublicKey = {b64r(s)}\nAllowedIPs = 10.8.0.{num(s, 2, 250)}/32\nEndpoint = vpn.acme.org:51820")

    def n1(s):
        return ("out", "cat ~/.ssh/id_ed25519.pub; age-keygen -y key.txt", f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b64r(s)[:43]} mira@laptop\nage1{gen(s, 58, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}")

    return family("b19 neg: wireguard, ssh and age public keys", [], [n0, n1])


def n_code() -> list:
    def n0(s):
        return ("file", "src/Config.jl", f'''module Config
api_key() = get(ENV, "MARKET_API_KEY") do
    error("MARKET_API_KEY is not set")
end
const TIMEOUT = {num(s, 5, 60)}
end''')

    def n1(s):
        return ("file", "macros/Conn.bas", f'''Function ConnString() As String
    ' password comes from Windows Credential Manager, never stored here
    ConnString = "Provider=MSOLEDBSQL;Data Source=sql0{num(s, 1, 9)};Integrated Security=SSPI;"
End Function''')

    def n2(s):
        return ("file", "scripts/Get-Cred.ps1", f'''$cred = Get-Credential -UserName "CORP\\svc-backup" -Message "Backup share"
$pw = Read-Host -AsSecureString "Password"
# retries: {num(s, 1, 5)}''')

    return family("b19 neg: julia, vba and powershell naming secrets without one", [], [n0, n1, n2])


def n_prompts() -> list:
    lines = [
        "Loyniorðið liggur í vaultinum, kanst tú lesa tað úr umhvørvisvariablinum DB_PASSWORD? ({n})",
        "Il pled-clav è en il secret manager, betg en il code. Po ti midar quai? ({n})",
        "Sa crae de s'API no la ponzo in su chat; lèghela dae os.environ['API_KEY'] ({n})",
        "El kod sekreto esta en el vault, no lo eskrivas en el kodigo. ({n})",
        "A ciave a l'é inte 'n gestô di segretti; ti peu fâ vegnî fêua da ENV? ({n})",
    ]

    def make(i):
        return lambda s: ("prompt", "", lines[i].format(n=f"issue #{num(s, 100, 999)}"))

    return family("b19 neg: prompts in faroese, romansh, sardinian, ladino and ligurian without a value", [], [make(i) for i in range(5)])


def n_hass() -> list:
    def n0(s):
        return ("file", "/config/configuration.yaml", f"mqtt:\n  broker: broker.lan\n  username: hass\n  password: !secret mqtt_password\nhttp:\n  server_port: {num(s, 8000, 8999)}\n")

    def n1(s):
        return ("file", "esphome/porch.yaml", f"wifi:\n  ssid: !secret wifi_ssid\n  password: !secret wifi_password\napi:\n  encryption:\n    key: !secret porch_api_key\nsensor:\n  - platform: dht\n    pin: GPIO{num(s, 2, 16)}")

    return family("b19 neg: home assistant and esphome !secret references", [], [n0, n1])


def n_ids() -> list:
    def n0(s):
        return ("out", "heroku apps:info -a acme-api --json | jq '{id, stack, release: .releases[0].id}'", f'{{\n  "id": "{uuid_of(s)}",\n  "stack": "heroku-24",\n  "release": "{uuid_of(s + "r")}"\n}}')

    def n1(s):
        return ("out", "grep -m3 trace_id /var/log/app/json.log", "\n".join(
            f'{{"level":"info","msg":"GET /orders","dd.trace_id":"{num(s + str(i), 10**17, 10**18)}","dd.span_id":"{num(s + "s" + str(i), 10**17, 10**18)}","request_id":"{hx(s + str(i), 32)}"}}' for i in range(3)))

    return family("b19 neg: uuid and hex ids in apm and platform output", [], [n0, n1])


def n_devices() -> list:
    def n0(s):
        return ("out", "ipmitool sdr type temperature", f"Inlet Temp       | 04h | ok  |  7.1 | {num(s, 18, 30)} degrees C\nCPU1 Temp        | 0Eh | ok  |  3.1 | {num(s + 'c', 35, 70)} degrees C\nExhaust Temp     | 01h | ok  |  7.1 | {num(s + 'e', 25, 45)} degrees C")

    def n1(s):
        return ("out", "mosquitto_sub -h broker.lan -t 'home/#' -v -C 3", f"home/kitchen/temp {num(s, 18, 25)}.{num(s, 0, 9)}\nhome/porch/motion off\nhome/garage/door {'open' if num(s, 0, 1) else 'closed'}")

    def n2(s):
        return ("out", "snmpwalk -v3 -l authPriv -u monitor -a SHA -A \"$SNMP_AUTH\" -x AES -X \"$SNMP_PRIV\" sw1 ifDescr", "\n".join(
            f"IF-MIB::ifDescr.{i} = STRING: GigabitEthernet1/0/{i + num(s, 0, 3)}" for i in range(1, 5)))

    return family("b19 neg: ipmi, mqtt and snmp output without credentials", [], [n0, n1, n2])


def cases() -> list:
    out = []
    for make in [otp_seeds, cast_keys, mnemonics, rclone, airflow, dbt_profiles, rcon, home_assistant, mqtt,
                 sshpass_expect, bmc, duck_click, wide_graph, mssql_oracle, influx, api_exports, edge_deploy,
                 powershell, julia_d_vala, applescript, vba, vpn_files, matrix, erp, jdbc, ldap_bind, snmp,
                 hexuuid_keys, word_passwords, prompts_a, prompts_b,
                 n_chain, n_otp, n_rclone, n_sched, n_sqlclients, n_analytics, n_tokens, n_keyboard, n_schema,
                 n_policy, n_masked, n_placeholders, n_pubkeys, n_code, n_prompts, n_hass, n_ids, n_devices]:
        out.extend(make())
    return out
