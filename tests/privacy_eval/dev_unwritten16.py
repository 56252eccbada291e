"""More of the dev part (tests/privacy_eval/dev.py): a SIXTEENTH batch of the "unwritten" kind,
written BLIND on 2026-12-01 by an author (helper b16) who read neither the filter
(store/privacy/), its tests, its docs, the bench's code (beyond the signatures of the two functions
that measure) nor any listing of its misses and false redactions, and who wrote every case before
the filter met any of them.  Its families were chosen to be none of the dev family names (each is
prefixed `u16`), all realistic: shaped as Claude Code sends them (a Bash call and its output, a
prompt, a Read's event or its numbered transcript lines, a Write's content, a tool result line).

Positives (136 cases, 27 families): nix expressions, nix.conf access tokens and NixOS modules;
Elixir runtime.exs, Erlang cookies and release env scripts; Dhall, CUE, Jsonnet and Starlark
(Tiltfile) configs; Pulumi config and stack outputs shown with `--show-secrets`; Hadoop, Hive and
Spark site files and flags; ClickHouse users, Elasticsearch password resets and keystore reads,
OpenSearch internal users; Electron and Tauri signing and updater keys, signtool; JetBrains run
configurations and HTTP client private env files; MTA relay tables (postfix sasl_passwd, exim
passwd.client, OpenSMTPD, dovecot passwd-file, ssmtp); ESPHome, Arduino, PlatformIO and ESP-IDF
firmware configs and mosquitto_pub; restic, borg, kopia and duplicity passphrases; feature flag
and analytics server keys (LaunchDarkly, PostHog, Statsig, Segment, Unleash); AI provider keys in
LiteLLM, aider, Continue, Replicate and Open WebUI; ngrok, cloudflared and Tailscale auth keys;
Azure SAS signatures, storage account keys and connection strings; decrypted framework stores
(rails credentials:show, master.key, symfony secrets:reveal, dotnet user-secrets); sops, age,
agenix and git-crypt decrypted output; Cypress and Playwright env and storage state files; Zig,
Gleam, Nim and Crystal sources; remote build cache credentials (BuildBuddy, Turborepo, Nx Cloud,
Develocity); Crossplane, cert-manager EAB, Argo CD repository and CloudNativePG resources; Kong,
APISIX and Tyk gateway keys; vector database clients (Pinecone, Qdrant, Weaviate, Milvus,
Tavily); prompts in Catalan, Basque, Galician, Welsh and Irish; in Georgian, Armenian,
Azerbaijani, Kazakh, Uzbek and Mongolian; in Serbian, Bulgarian, Slovenian, Macedonian and
Albanian; in Yoruba, Hausa, Zulu, Afrikaans and Somali.

Negatives (75 cases, 15 families): the same neighbourhoods holding no secret: NixOS modules with
hashed passwords, agenix references and public keys, flake locks and store paths; Pulumi stacks
with `secure:` ciphertext and `[secret]` masks; sops-encrypted files and age recipients; Hadoop
and Spark confs using credential providers and `${env:...}`; Elixir configs reading the
environment and mix.lock hashes; Tauri updater public keys, codesign output and CI references;
Tailscale, cloudflared and ngrok status with node ids and public node keys; AI tool configs
reading keys from the environment; client-side feature flag configs; backup runs with snapshot
ids and password files; postfix/exim configs pointing to maps and mail logs; e2e tests reading
credentials from the environment; build cache settings with env references and build scan URLs;
operator resources referencing secrets by name; prompts in the batch's languages about passwords
without one.

Measured once, after every case was written (bench_privacy's evaluate, main at 8d995fb,
2026-12-01): **82.4 % caught (112/136)**; false redactions: 5 in 3 of the 75 negatives (ai tool
configs reading the environment 3 in one case: `os.environ/NAME` references; nix 1: a
`$__file{...}` reference; elixir 1: a help text), 8 more inside 6 positives beside their secrets
(a Jsonnet variable name twice, three AWS access key ids, a mail user name, a word after a
hyphen).  By family (caught/total): ai provider keys 5/5, api gateways 3/5, azure storage 5/5,
backup tools 4/5, clickhouse/elasticsearch/opensearch 4/5, operator resources 5/5, framework
credential stores 3/5, desktop signing 4/5, dhall/cue/jsonnet/starlark 5/5, e2e state 5/5, elixir
releases 3/5, feature flags 4/5, hadoop/hive/spark 3/5, jetbrains 4/5, firmware 5/5, mta tables
2/5, nix 5/5, catalan/basque/galician/welsh/irish prompts 3/5, caucasus and central asian
prompts 6/6, balkan prompts 5/5, african prompts 3/5, pulumi 4/5, build caches 5/5, sops/age
decrypted output 3/5, tunnels 4/5, vector databases 5/5, zig/gleam/nim/crystal 5/5.

Values are made at run time (gen, random_secret, hashes), so secret scanners do not flag this file."""

from __future__ import annotations

import base64
import json

from tests.privacy_eval import (
    ALNUM,
    B62,
    HEX,
    gen,
    random_secret,
    sha,
    uuid_of,
)
from tests.privacy_eval.carriers import N, P, read_ev, read_line, said, sh, write_ev

# The people's passwords of this part (memorable, with a symbol), written for it.
H = ["Quokka!Ledger58", "tamarind-Gull23", "Basalt#Violin71", "Heron$Cobalt9", "ripple^Mango40", "Sextant!Plum66",
     "Walnut*Fjord12", "obsidian_Kite85", "Cascade@Tulip7", "Nutmeg&Bison31", "Lichen+Zephyr54", "Puffin~Atlas20",
     "Thimble%Reef93", "clover=Vesper16"]  # fmt: skip

LOWER = "abcdefghijklmnopqrstuvwxyz"
LOWER36 = LOWER + "0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
URLSAFE = ALNUM + "-_"


def tok(seed: str, n: int, alphabet: str = ALNUM) -> str:
    return gen("u16" + seed, n, alphabet)


def rnd(seed: str, n: int = 24) -> str:
    return random_secret("u16" + seed, n)


def b64raw(seed: str, n: int) -> str:
    """The base64 of `n` random bytes (a generated key)."""
    return base64.b64encode(bytes.fromhex(sha("u16b" + seed, 64) * (1 + n // 32))[:n]).decode()


def ghp(seed: str) -> str:
    return "ghp_" + tok(seed, 36, B62)


def aws_pair(seed: str) -> tuple:
    return "AKIA" + tok(seed + "id", 16, UPPER + "234567"), tok(seed + "sk", 40, ALNUM + "+/")


# (the carriers, as Claude Code sends them: tests/privacy_eval/carriers.py)

# ---- positives ---------------------------------------------------------------------------------

def nix_modules() -> list:
    f = "u16: nix expressions and nixos modules"
    c = []
    mod = ("{ config, pkgs, ... }:\n{\n  services.grafana = {\n    enable = true;\n    settings.server.http_port = 3000;\n"
           f"    settings.security.admin_password = \"{H[0]}\";\n  }};\n\n  services.prometheus.enable = true;\n}}\n")
    c.append(P(f, read_ev("/home/dev/nixos/hosts/monitor/grafana.nix", mod, "nix1"), H[0]))
    t = ghp("nix2")
    conf = f"experimental-features = nix-command flakes\nmax-jobs = auto\naccess-tokens = github.com={t}\n"
    c.append(P(f, sh("cat ~/.config/nix/nix.conf", conf, "nix2"), t))
    mod = ("  users.users.alice = {\n    isNormalUser = true;\n    extraGroups = [ \"wheel\" \"networkmanager\" ];\n"
           f"    initialPassword = \"{H[1]}\";\n  }};\n\n  networking.wireless.networks.\"Fernweh-5G\".psk = \"{H[2]}\";\n")
    c.append(P(f, read_line(mod, "nix3", 41), H[1], H[2]))
    k = "sk-ant-api03-" + tok("nix4", 93, URLSAFE) + "AA"
    c.append(P(f, said("home-manager switch fails with 'attribute missing' after I added this to home.nix:\n"
                       f"```nix\nhome.sessionVariables = {{\n  EDITOR = \"nvim\";\n  ANTHROPIC_API_KEY = \"{k}\";\n}};\n```\n"
                       "what's wrong with the syntax?", "nix4"), k))
    pw = rnd("nix5", 28)
    flake = ("      nixosConfigurations.db = nixpkgs.lib.nixosSystem {\n        system = \"x86_64-linux\";\n        modules = [ ./hosts/db\n"
             "          ({ ... }: {\n            services.postgresql.initialScript = pkgs.writeText \"init.sql\" ''\n"
             f"              CREATE ROLE app WITH LOGIN PASSWORD '{pw}';\n              CREATE DATABASE app OWNER app;\n            '';\n"
             "          })\n        ];\n      };\n")
    c.append(P(f, write_ev("/home/dev/nixos/flake.nix", flake, "nix5"), pw))
    return c


def elixir_releases() -> list:
    f = "u16: elixir releases, erlang cookies and runtime.exs"
    c = []
    skb = b64raw("ex1", 48)
    rt = ("import Config\n\nif config_env() == :prod do\n  config :shop, ShopWeb.Endpoint,\n"
          "    url: [host: \"shop.acme.io\", port: 443, scheme: \"https\"],\n    http: [ip: {0, 0, 0, 0, 0, 0, 0, 0}, port: 4000],\n"
          f"    secret_key_base: \"{skb}\"\nend\n")
    c.append(P(f, read_ev("/home/dev/shop/config/runtime.exs", rt, "ex1"), skb))
    cookie = tok("ex2", 20, UPPER)
    c.append(P(f, sh("cat ~/.erlang.cookie; echo; iex --sname console --remsh shop@web-1 --cookie $(cat ~/.erlang.cookie)",
                     f"{cookie}\nErlang/OTP 27 [erts-15.1.2] [source] [64-bit] [smp:8:8]\n\nInteractive Elixir (1.17.3) - press Ctrl+C to exit\n"
                     "iex(shop@web-1)1> ", "ex2"), cookie))
    pw = H[3]
    repo = ("config :shop, Shop.Repo,\n  username: \"shop\",\n"
            f"  password: \"{pw}\",\n  hostname: \"db.internal\",\n  database: \"shop_prod\",\n  pool_size: 15\n")
    c.append(P(f, read_line(repo, "ex3", 22), pw))
    cookie = rnd("ex4", 32)
    env = ("#!/bin/sh\n# rel/env.sh.eex\nexport RELEASE_DISTRIBUTION=name\nexport RELEASE_NODE=<%= @release.name %>@${POD_IP}\n"
           f"export RELEASE_COOKIE={cookie}\n")
    c.append(P(f, write_ev("/home/dev/shop/rel/env.sh.eex", env, "ex4"), cookie))
    k = "sk_live_" + tok("ex5", 99, B62)
    c.append(P(f, sh("fly ssh console -C '/app/bin/shop rpc \"IO.inspect(Application.get_env(:stripity_stripe, :api_key))\"'",
                     f"Connecting to fdaa:0:3b1d:a7b:1f6:7e10:2b4c:2... complete\n\"{k}\"\n", "ex5"), k))
    return c


def config_languages() -> list:
    f = "u16: dhall, cue, jsonnet and starlark configs"
    c = []
    pw = H[4]
    dh = ("let Db = ./types/Db.dhall\n\nlet prod\n    : Db\n    = { host = \"pg.internal\"\n      , port = 5432\n      , user = \"billing\"\n"
          f"      , password = \"{pw}\"\n      }}\n\nin  {{ db = prod, replicas = 3 }}\n")
    c.append(P(f, read_ev("/home/dev/billing/config/prod.dhall", dh, "cfl1"), pw))
    t = "xoxb-" + tok("cfl2a", 13, "0123456789") + "-" + tok("cfl2b", 13, "0123456789") + "-" + tok("cfl2c", 24, B62)
    cue = ("package alerts\n\nslack: {\n\tchannel: \"#ops-alerts\"\n"
           f"\ttoken:   \"{t}\"\n}}\n\nrules: [...#Rule] & [\n\t{{name: \"HighErrorRate\", expr: \"rate(http_errors[5m]) > 0.05\"}},\n]\n")
    c.append(P(f, write_ev("/home/dev/ops/alerts/slack.cue", cue, "cfl2"), t))
    pw = rnd("cfl3", 26)
    js = ("local k = import 'k.libsonnet';\n"
          f"local redisPassword = '{pw}';\n\n{{\n  redis: k.statefulSet('redis', replicas=1) {{\n"
          "    env+: [{ name: 'REDIS_PASSWORD', value: redisPassword }],\n  },\n}\n")
    c.append(P(f, read_line(js, "cfl3"), pw))
    k = "dd" + tok("cfl4", 30, HEX)
    tilt = ("load('ext://restart_process', 'docker_build_with_restart')\n\n"
            "local_resource('seed', cmd='python scripts/seed.py', deps=['scripts/seed.py'],\n"
            f"    env={{'DD_API_KEY': '{k}', 'DD_SITE': 'datadoghq.eu'}})\n\nk8s_yaml('deploy/dev.yaml')\n")
    c.append(P(f, read_ev("/home/dev/app/Tiltfile", tilt, "cfl4"), k))
    pw = H[5]
    c.append(P(f, sh("cue export ./deploy -e config.db --out yaml",
                     f"host: pg-0.pg.prod.svc\nport: 5432\nuser: ledger\npassword: {pw}\nsslmode: verify-full\n", "cfl5"), pw))
    return c


def pulumi_config() -> list:
    f = "u16: pulumi config and outputs shown with secrets"
    c = []
    pw = H[6]
    c.append(P(f, sh("pulumi config --show-secrets",
                     "KEY                       VALUE\naws:region                eu-central-1\n"
                     f"app:dbPassword            {pw}\napp:instanceType          t4g.medium\n", "pu1"), pw))
    t = "pul-" + tok("pu2", 40, HEX)
    c.append(P(f, sh(f"PULUMI_ACCESS_TOKEN={t} pulumi login && pulumi whoami -v",
                     "Logged in to pulumi.com as jlee (https://app.pulumi.com/jlee)\nUser: jlee\nOrganizations: jlee, acme\n"
                     "Backend URL: https://app.pulumi.com/jlee\n", "pu2"), t))
    k = rnd("pu3", 40)
    outs = json.dumps({"bucketName": "acme-assets-7f3a2c1", "cdnUrl": "https://d1x2y3z4.cloudfront.net",
                       "readerSecretAccessKey": k}, indent=4)
    c.append(P(f, sh("pulumi stack output --json --show-secrets", outs + "\n", "pu3"), k))
    pw = H[7]
    c.append(P(f, said(f"I ran `pulumi config set dbPassword {pw}` without --secret by mistake and pushed Pulumi.prod.yaml. "
                       "how do I turn it into a secret and clean the history?", "pu4"), pw))
    pw = rnd("pu5", 20)
    ts = ("import * as pulumi from \"@pulumi/pulumi\";\nimport * as aws from \"@pulumi/aws\";\n\n"
          "const db = new aws.rds.Instance(\"app\", {\n    engine: \"postgres\",\n    instanceClass: \"db.t4g.micro\",\n"
          f"    allocatedStorage: 20,\n    username: \"app\",\n    password: \"{pw}\",\n    skipFinalSnapshot: true,\n}});\n")
    c.append(P(f, write_ev("/home/dev/infra/index.ts", ts, "pu5"), pw))
    return c


def hadoop_spark() -> list:
    f = "u16: hadoop, hive and spark site files"
    c = []
    ak, sk = aws_pair("hs1")
    xml = ("<configuration>\n  <property>\n    <name>fs.s3a.access.key</name>\n"
           f"    <value>{ak}</value>\n  </property>\n  <property>\n    <name>fs.s3a.secret.key</name>\n"
           f"    <value>{sk}</value>\n  </property>\n  <property>\n    <name>fs.s3a.endpoint</name>\n"
           "    <value>s3.eu-west-1.amazonaws.com</value>\n  </property>\n</configuration>\n")
    c.append(P(f, read_ev("/opt/hadoop/etc/hadoop/core-site.xml", xml, "hs1"), sk))
    pw = H[8]
    xml = ("  <property>\n    <name>javax.jdo.option.ConnectionURL</name>\n    <value>jdbc:mysql://metastore-db:3306/hive</value>\n"
           "  </property>\n  <property>\n    <name>javax.jdo.option.ConnectionUserName</name>\n    <value>hive</value>\n  </property>\n"
           "  <property>\n    <name>javax.jdo.option.ConnectionPassword</name>\n"
           f"    <value>{pw}</value>\n  </property>\n")
    c.append(P(f, read_line(xml, "hs2", 18), pw))
    ak, sk = aws_pair("hs3")
    conf = ("spark.master                      k8s://https://10.0.0.1:6443\nspark.executor.instances          6\n"
            f"spark.hadoop.fs.s3a.access.key    {ak}\nspark.hadoop.fs.s3a.secret.key    {sk}\n"
            "spark.sql.catalog.lake            org.apache.iceberg.spark.SparkCatalog\n")
    c.append(P(f, write_ev("/opt/spark/conf/spark-defaults.conf", conf, "hs3"), sk))
    k = b64raw("hs4", 64).rstrip("=")
    c.append(P(f, sh("spark-submit --conf spark.hadoop.fs.azure.account.key.acmelake.dfs.core.windows.net="
                     f"{k}== --class com.acme.Etl jobs/etl.jar 2026-03-14",
                     "26/03/14 10:22:31 INFO SparkContext: Running Spark version 3.5.3\n"
                     "26/03/14 10:22:33 INFO SparkContext: Submitted application: etl\n", "hs4"), k))
    pw = rnd("hs5", 18)
    c.append(P(f, sh(f"beeline -u 'jdbc:hive2://hs2.internal:10000/default' -n etl -p '{pw}' -e 'show databases'",
                     "+----------------+\n| database_name  |\n+----------------+\n| default        |\n| raw            |\n| curated        |\n"
                     "+----------------+\n3 rows selected (0.212 seconds)\n", "hs5"), pw))
    return c


def search_olap_users() -> list:
    f = "u16: clickhouse, elasticsearch and opensearch user files"
    c = []
    pw = H[9]
    xml = ("<clickhouse>\n  <users>\n    <analytics>\n"
           f"      <password>{pw}</password>\n      <networks><ip>10.0.0.0/8</ip></networks>\n"
           "      <profile>default</profile>\n      <quota>default</quota>\n    </analytics>\n  </users>\n</clickhouse>\n")
    c.append(P(f, read_ev("/etc/clickhouse-server/users.d/analytics.xml", xml, "so1"), pw))
    pw = tok("so2a", 8, ALNUM) + "*" + tok("so2b", 7, ALNUM) + "=" + tok("so2c", 3, ALNUM)
    c.append(P(f, sh("sudo /usr/share/elasticsearch/bin/elasticsearch-reset-password -u elastic -b",
                     f"Password for the [elastic] user successfully reset.\nNew value: {pw}\n", "so2"), pw))
    k = rnd("so3", 32)
    c.append(P(f, sh("sudo /usr/share/elasticsearch/bin/elasticsearch-keystore show s3.client.default.secret_key",
                     k + "\n", "so3"), k))
    pw = H[10]
    yml = ("_meta:\n  type: \"internalusers\"\n  config_version: 2\n\nkibanaserver:\n  reserved: true\n"
           f"  password: \"{pw}\"\n  description: \"Dashboards server user\"\n")
    c.append(P(f, write_ev("/home/dev/search/opensearch-security/internal_users.yml", yml, "so4"), pw))
    pw = rnd("so5", 22)
    c.append(P(f, sh(f"clickhouse-client --host ch.internal --user etl --password '{pw}' --query 'SELECT count() FROM events'",
                     "184220931\n", "so5"), pw))
    return c


def desktop_signing() -> list:
    f = "u16: desktop app signing and updater keys (electron, tauri)"
    c = []
    pw = H[11]
    c.append(P(f, sh(f"CSC_LINK=./certs/acme-codesign.p12 CSC_KEY_PASSWORD='{pw}' npx electron-builder --win --publish never",
                     "  \u2022 electron-builder  version=25.1.8 os=6.8.0\n  \u2022 packaging       platform=win32 arch=x64 electron=33.2.0\n"
                     "  \u2022 signing         file=dist/win-unpacked/Acme.exe certificateFile=./certs/acme-codesign.p12\n", "ds1"), pw))
    key = base64.b64encode(("untrusted comment: rsign encrypted secret key\nRWRTY0Iy" + b64raw("ds2", 150)).encode()).decode()
    c.append(P(f, write_ev("/home/dev/desk/.env.release", f"TAURI_SIGNING_PRIVATE_KEY={key}\nTAURI_SIGNING_PRIVATE_KEY_PASSWORD={H[12]}\n", "ds2"),
               key, H[12]))
    pw = tok("ds3", 16, LOWER)
    pw = "-".join(pw[i:i + 4] for i in range(0, 16, 4))
    yml = ("appId: io.acme.desk\nmac:\n  hardenedRuntime: true\n  notarize: true\n"
           f"afterSign: scripts/notarize.js\n# notarize env for local builds\n# APPLE_ID=releases@acme.io APPLE_APP_SPECIFIC_PASSWORD={pw}\n")
    c.append(P(f, read_ev("/home/dev/desk/electron-builder.yml", yml, "ds3"), pw))
    t = ghp("ds4")
    c.append(P(f, said(f"electron-updater can't see the private GitHub releases. I set GH_TOKEN={t} in the app's main process "
                       "(autoUpdater.requestHeaders) - is that safe to ship or should the feed go through our server?", "ds4"), t))
    pw = H[13]
    c.append(P(f, sh(f"signtool sign /f certs\\acme.pfx /p \"{pw}\" /fd SHA256 /tr http://timestamp.digicert.com /td SHA256 dist\\Acme-Setup-2.4.0.exe",
                     "Done Adding Additional Store\nSuccessfully signed: dist\\Acme-Setup-2.4.0.exe\n\n"
                     "Number of files successfully Signed: 1\nNumber of warnings: 0\nNumber of errors: 0\n", "ds5"), pw))
    return c

def jetbrains_configs() -> list:
    f = "u16: jetbrains run configurations and http client env files"
    c = []
    k = "sk_test_" + tok("jb1", 99, B62)
    xml = ("<component name=\"ProjectRunConfigurationManager\">\n  <configuration default=\"false\" name=\"api (dev)\" type=\"GoApplicationRunConfiguration\">\n"
           "    <module name=\"api\" />\n    <envs>\n      <env name=\"APP_ENV\" value=\"dev\" />\n"
           f"      <env name=\"STRIPE_SECRET_KEY\" value=\"{k}\" />\n    </envs>\n    <kind value=\"PACKAGE\" />\n"
           "    <package value=\"github.com/acme/api/cmd/api\" />\n  </configuration>\n</component>\n")
    c.append(P(f, read_ev("/home/dev/api/.run/api (dev).run.xml", xml, "jb1"), k))
    pw = H[0]
    env = json.dumps({"dev": {"username": "admin@acme.io", "password": pw}, "staging": {"username": "qa@acme.io", "password": H[1]}}, indent=2)
    c.append(P(f, write_ev("/home/dev/api/http/http-client.private.env.json", env + "\n", "jb2"), pw, H[1]))
    pw = rnd("jb3", 20)
    xml = ("    <configuration name=\"Django server\" type=\"Python.DjangoServer\" factoryName=\"Django server\">\n"
           "      <envs>\n        <env name=\"PYTHONUNBUFFERED\" value=\"1\" />\n"
           f"        <env name=\"DATABASE_URL\" value=\"postgres://shop:{pw}@localhost:5432/shop\" />\n      </envs>\n")
    c.append(P(f, read_line(xml, "jb3", 112), pw))
    t = "glpat-" + tok("jb4", 20, URLSAFE)
    c.append(P(f, sh("grep -n 'GITLAB' .idea/workspace.xml",
                     f"87:        <env name=\"GITLAB_TOKEN\" value=\"{t}\" />\n", "jb4"), t))
    pw = H[2]
    c.append(P(f, said("DataGrip keeps losing the password for the prod replica, I type it every time (it's "
                       f"{pw}). the data source is set to 'Save: Forever' - where does it actually store it on Linux?", "jb5"), pw))
    return c


def mta_tables() -> list:
    f = "u16: mta relay credential tables (postfix, exim, opensmtpd)"
    c = []
    k = "SG." + tok("mt1a", 22, URLSAFE) + "." + tok("mt1b", 43, URLSAFE)
    c.append(P(f, sh("sudo cat /etc/postfix/sasl_passwd && sudo postmap /etc/postfix/sasl_passwd",
                     f"[smtp.sendgrid.net]:587 apikey:{k}\n", "mt1"), k))
    pw = H[3]
    c.append(P(f, read_ev("/etc/exim4/passwd.client",
                          "# password file used when the local exim is authenticating to a remote host as a client.\n"
                          f"#\n*.mailgun.org:postmaster@mg.acme.io:{pw}\n", "mt2"), pw))
    pw = rnd("mt3", 32)
    c.append(P(f, write_ev("/etc/mail/secrets", f"relay  alerts@acme.io:{pw}\n", "mt3"), pw))
    pw = H[4]
    c.append(P(f, read_line("# /etc/dovecot/users\n"
                            f"jlee@acme.io:{{PLAIN}}{pw}:5000:5000::/var/vmail/acme.io/jlee::\n"
                            "ops@acme.io:{ARGON2ID}$argon2id$v=19$m=65536,t=3,p=1$" + b64raw("mt4s", 16).rstrip("=") + "$"
                            + b64raw("mt4h", 32).rstrip("=") + ":5001:5001::/var/vmail/acme.io/ops::\n", "mt4"), pw))
    pw = rnd("mt5", 16)
    c.append(P(f, sh("sudo grep -A4 'smarthost' /etc/dma/auth.conf /etc/ssmtp/ssmtp.conf",
                     "/etc/ssmtp/ssmtp.conf:mailhub=smtp.office365.com:587\n/etc/ssmtp/ssmtp.conf:AuthUser=noreply@acme.io\n"
                     f"/etc/ssmtp/ssmtp.conf:AuthPass={pw}\n/etc/ssmtp/ssmtp.conf:UseSTARTTLS=YES\n", "mt5"), pw))
    return c


def firmware_configs() -> list:
    f = "u16: microcontroller firmware configs (esphome, platformio, arduino)"
    c = []
    k = b64raw("fw1", 32)
    yml = ("esphome:\n  name: greenhouse\n\nesp32:\n  board: esp32dev\n\nwifi:\n  ssid: \"Gartenhaus\"\n"
           f"  password: \"{H[5]}\"\n\napi:\n  encryption:\n    key: \"{k}\"\n\nota:\n  - platform: esphome\n    password: \"{H[6]}\"\n")
    c.append(P(f, read_ev("/home/dev/esphome/greenhouse.yaml", yml, "fw1"), H[5], k, H[6]))
    pw = H[7]
    ino = ("#pragma once\n// arduino_secrets.h - do not commit\n#define SECRET_SSID \"Lab-IoT\"\n"
           f"#define SECRET_PASS \"{pw}\"\n#define SECRET_MQTT_USER \"sensor-07\"\n#define SECRET_MQTT_PASS \"{H[8]}\"\n")
    c.append(P(f, write_ev("/home/dev/firmware/soil-probe/arduino_secrets.h", ino, "fw2"), pw, H[8]))
    pw = rnd("fw3", 16)
    ini = ("[env:esp32-ota]\nplatform = espressif32\nboard = esp32dev\nframework = arduino\nupload_protocol = espota\n"
           f"upload_port = 192.168.1.57\nupload_flags =\n    --port=3232\n    --auth={pw}\n")
    c.append(P(f, read_line(ini, "fw3"), pw))
    pw = H[9]
    c.append(P(f, sh("grep -E 'CONFIG_(WIFI|MQTT)_' sdkconfig",
                     f"CONFIG_WIFI_SSID=\"Werkstatt\"\nCONFIG_WIFI_PASSWORD=\"{pw}\"\nCONFIG_MQTT_BROKER_URL=\"mqtts://mqtt.acme.io:8883\"\n",
                     "fw4"), pw))
    pw = rnd("fw5", 20)
    c.append(P(f, sh(f"mosquitto_pub -h mqtt.acme.io -p 8883 --capath /etc/ssl/certs -u greenhouse -P '{pw}' "
                     "-t 'sensors/greenhouse/cmd' -m '{\"vent\":\"open\"}' -d",
                     "Client null sending CONNECT\nClient null received CONNACK (0)\nClient null sending PUBLISH (d0, q0, r0, m1, "
                     "'sensors/greenhouse/cmd', ... (15 bytes))\nClient null sending DISCONNECT\n", "fw5"), pw))
    return c


def backup_tools() -> list:
    f = "u16: backup tool passphrases (restic, borg, kopia, duplicity)"
    c = []
    pw = H[10]
    c.append(P(f, sh(f"export RESTIC_REPOSITORY=s3:s3.eu-central-1.wasabisys.com/acme-backups RESTIC_PASSWORD='{pw}'; restic snapshots --latest 1",
                     "repository 3f9a21c4 opened (version 2, compression level auto)\nID        Time                 Host        Tags        Paths\n"
                     "---------------------------------------------------------------------------\n"
                     "9b1e77d0  2026-03-14 03:00:12  nas                     /srv/data\n---------------------------------------------------------------------------\n"
                     "1 snapshots\n", "bk1"), pw))
    pw = "correct orbit " + "velvet harbor lamp"
    scr = ("#!/bin/sh\nexport BORG_REPO='ssh://u312@u312.your-storagebox.de:23/./borg/nas'\n"
           f"export BORG_PASSPHRASE='{pw}'\n\nborg create --stats --compression zstd ::'{{hostname}}-{{now}}' /srv/data /etc\n"
           "borg prune --keep-daily 7 --keep-weekly 4 --keep-monthly 6\n")
    c.append(P(f, read_ev("/home/dev/ops/backup/borg-nightly.sh", scr, "bk2"), pw))
    pw = rnd("bk3", 24)
    c.append(P(f, sh(f"kopia repository connect b2 --bucket=acme-kopia --key-id=0042{tok('bk3k', 21, HEX)} "
                     f"--key={tok('bk3s', 31, B62)} --password='{pw}'",
                     "Connected to repository.\n\nNOTICE: Kopia will check for updates on GitHub every 7 days...\n", "bk3"),
               pw, tok("bk3s", 31, B62)))
    pw = H[11]
    c.append(P(f, write_ev("/etc/duply/offsite/conf", "GPG_KEY='disabled'\n"
                           f"GPG_PW='{pw}'\nTARGET='b2://acme-offsite/duply'\nSOURCE='/srv'\nMAX_AGE=6M\n", "bk4"), pw))
    pw = H[12]
    c.append(P(f, said(f"restic says 'wrong password or no key found' but I'm sure it's {pw} - I set it up a year ago on the old "
                       "NAS. can a repo have several keys? how do I list them without the password?", "bk5"), pw))
    return c


def flag_analytics() -> list:
    f = "u16: feature flag and analytics server keys"
    c = []
    k = "sdk-" + uuid_of("ff1")
    c.append(P(f, write_ev("/home/dev/api/src/flags.ts", "import { init } from '@launchdarkly/node-server-sdk';\n\n"
                           f"export const ld = init('{k}');\nawait ld.waitForInitialization({{ timeout: 10 }});\n", "ff1"), k))
    k = "phx_" + tok("ff2", 47, B62)
    c.append(P(f, sh(f"curl -s -H 'Authorization: Bearer {k}' https://eu.posthog.com/api/projects/ | jq '.results[].name'",
                     "\"Acme Web\"\n\"Acme Mobile\"\n", "ff2"), k))
    k = "secret-" + tok("ff3", 43, B62)
    py = ("from statsig_python_core import Statsig, StatsigOptions\n\n"
          f"statsig = Statsig(\"{k}\", StatsigOptions(environment=\"production\"))\nstatsig.initialize().wait()\n")
    c.append(P(f, read_ev("/home/dev/api/app/flags.py", py, "ff3"), k))
    k = tok("ff4", 32, B62)
    c.append(P(f, read_line("SEGMENT_WRITE_KEY_SERVER=" + k + "\nMIXPANEL_API_SECRET=" + tok("ff4m", 32, HEX) + "\nAMPLITUDE_REGION=EU\n", "ff4"),
               k, tok("ff4m", 32, HEX)))
    k = "*:production." + tok("ff5", 56, HEX)
    c.append(P(f, said(f"unleash proxy returns 401 with this client token: `{k}` - the environment exists. "
                       "is the token format wrong for the edge proxy?", "ff5"), k))
    return c


def ai_tool_configs() -> list:
    f = "u16: ai provider keys in agent tool configs (litellm, aider, continue)"
    c = []
    k = "sk-proj-" + tok("ai1", 74, URLSAFE) + "T3BlbkFJ" + tok("ai1b", 74, URLSAFE)
    g = "gsk_" + tok("ai1g", 52, B62)
    yml = ("model_list:\n  - model_name: gpt-4o\n    litellm_params:\n      model: openai/gpt-4o\n"
           f"      api_key: {k}\n  - model_name: llama-70b\n    litellm_params:\n      model: groq/llama-3.3-70b-versatile\n"
           f"      api_key: {g}\n")
    c.append(P(f, read_ev("/home/dev/gateway/litellm_config.yaml", yml, "ai1"), k, g))
    k = "sk-or-v1-" + tok("ai2", 64, HEX)
    c.append(P(f, write_ev("/home/dev/.aider.conf.yml", "model: openrouter/anthropic/claude-sonnet-4.5\n"
                           f"openrouter-api-key: {k}\nauto-commits: false\ndark-mode: true\n", "ai2"), k))
    k = "hf_" + tok("ai3", 34, B62)
    cfg = json.dumps({"models": [{"title": "Qwen coder", "provider": "huggingface-inference-api", "model": "Qwen/Qwen2.5-Coder-32B-Instruct",
                                  "apiKey": k}], "tabAutocompleteModel": {"title": "local", "provider": "ollama", "model": "qwen2.5-coder:1.5b"}},
                     indent=2)
    c.append(P(f, read_line(cfg, "ai3"), k))
    k = "r8_" + tok("ai4", 37, B62)
    c.append(P(f, sh(f"REPLICATE_API_TOKEN={k} python scripts/caption.py images/*.jpg",
                     "images/001.jpg: a red bicycle leaning against a brick wall\nimages/002.jpg: two dogs on a beach at sunset\n", "ai4"), k))
    k = "sk-ant-api03-" + tok("ai5", 93, URLSAFE) + "AA"
    c.append(P(f, said("open-webui won't list the claude models. docker run -d -p 3000:8080 -e ANTHROPIC_API_KEY="
                       f"{k} -v open-webui:/app/backend/data ghcr.io/open-webui/open-webui:main - do I need a pipe function?", "ai5"), k))
    return c


def tunnels() -> list:
    f = "u16: tunnel and mesh network auth keys (ngrok, cloudflared, tailscale)"
    c = []
    t = tok("tn1a", 27, B62) + "_" + tok("tn1b", 21, B62)
    c.append(P(f, read_ev("/home/dev/.config/ngrok/ngrok.yml", f"version: \"3\"\nagent:\n  authtoken: {t}\n"
                          "tunnels:\n  api:\n    proto: http\n    addr: 8080\n    domain: acme-dev.ngrok.app\n", "tn1"), t))
    t = base64.b64encode(json.dumps({"a": tok("tn2a", 32, HEX), "t": uuid_of("tn2"), "s": b64raw("tn2s", 32)},
                                    separators=(",", ":")).encode()).decode()
    c.append(P(f, sh(f"sudo cloudflared service install {t}",
                     "2026-03-14T10:22:31Z INF Using Systemd\n2026-03-14T10:22:32Z INF Linux service for cloudflared installed successfully\n",
                     "tn2"), t))
    t = "tskey-auth-k" + tok("tn3a", 10, B62) + "CNTRL-" + tok("tn3b", 33, B62)
    c.append(P(f, sh(f"sudo tailscale up --authkey={t} --advertise-tags=tag:ci --ssh",
                     "", "tn3", "Success.\n"), t))
    t = "tskey-client-k" + tok("tn4a", 10, B62) + "CNTRL-" + tok("tn4b", 33, B62)
    c.append(P(f, write_ev("/home/dev/infra/.github/workflows/deploy.yml",
                           "      - uses: tailscale/github-action@v3\n        with:\n          oauth-client-id: k" + tok("tn4c", 10, B62)
                           + f"CNTRL\n          oauth-secret: {t}\n          tags: tag:ci\n", "tn4"), t))
    t = tok("tn5", 32, B62)
    c.append(P(f, said(f"zerotier API token {t} - can you write a script that authorizes every pending member of network "
                       "8056c2e21c000001 whose name starts with 'lab-'?", "tn5"), t))
    return c

def azure_storage() -> list:
    f = "u16: azure sas tokens and storage keys in tools"
    c = []
    sig = b64raw("az1", 32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    c.append(P(f, sh("azcopy copy ./dist 'https://acmecdn.blob.core.windows.net/$web?sv=2022-11-02&ss=b&srt=co&sp=rwdlac"
                     f"&se=2026-04-01T00:00:00Z&st=2026-03-14T00:00:00Z&spr=https&sig={sig}' --recursive",
                     "INFO: Scanning...\nJob 7c1d0e2a-91f3-4b0e-a1c2-3d4e5f607182 has started\n\n"
                     "Final Job Status: Completed\nTotal Number of Transfers: 212\nNumber of File Transfers Completed: 212\n", "az1"), sig))
    k = b64raw("az2", 64)
    c.append(P(f, sh("az storage account keys list -g rg-data -n acmelake -o table",
                     f"KeyName    Permissions    Value\n---------  -------------  {'-' * 88}\nkey1       FULL           {k}\n"
                     f"key2       FULL           {b64raw('az2b', 64)}\n", "az2"), k, b64raw("az2b", 64)))
    sig = b64raw("az3", 32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    c.append(P(f, said("this SAS URL works in the browser but the python SDK says AuthenticationFailed:\n"
                       f"https://acmelake.blob.core.windows.net/exports/daily.parquet?sp=r&st=2026-03-14T09:00:00Z&se=2026-03-21T17:00:00Z&spr=https&sv=2022-11-02&sr=b&sig={sig}\n"
                       "how should I pass it to BlobClient?", "az3"), sig))
    k = b64raw("az4", 64)
    js = json.dumps({"IsEncrypted": False, "Values": {"FUNCTIONS_WORKER_RUNTIME": "python",
                                                      "AzureWebJobsStorage": f"DefaultEndpointsProtocol=https;AccountName=acmefn;AccountKey={k};EndpointSuffix=core.windows.net"}},
                    indent=2)
    c.append(P(f, read_ev("/home/dev/fn/local.settings.json", js, "az4"), k))
    k = b64raw("az5", 32)
    c.append(P(f, read_line("ServiceBusConnection=Endpoint=sb://acme-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;"
                            f"SharedAccessKey={k}\nQUEUE_NAME=orders\n", "az5"), k))
    return c


def framework_credentials() -> list:
    f = "u16: decrypted framework credential stores"
    c = []
    skb = tok("fc1", 128, HEX)
    k = "sk_live_" + tok("fc1s", 99, B62)
    c.append(P(f, sh("bin/rails credentials:show -e production",
                     f"secret_key_base: {skb}\nstripe:\n  secret_key: {k}\n  webhook_secret: whsec_{tok('fc1w', 32, B62)}\n", "fc1"),
               skb, k, "whsec_" + tok("fc1w", 32, B62)))
    mk = tok("fc2", 32, HEX)
    c.append(P(f, said(f"lost config/master.key on the new laptop; a colleague sent it: {mk} - where do I put it so "
                       "`rails credentials:edit` works, and should it go in 1Password?", "fc2"), mk))
    pw = H[13]
    c.append(P(f, sh("php bin/console secrets:reveal DATABASE_PASSWORD --env=prod", pw + "\n", "fc3"), pw))
    k = rnd("fc4", 32)
    c.append(P(f, sh("dotnet user-secrets list --project src/Acme.Api",
                     f"Stripe:SecretKey = sk_test_{tok('fc4s', 99, B62)}\nJwt:SigningKey = {k}\n"
                     "ConnectionStrings:Default = Server=localhost;Database=acme;User Id=sa;Password=" + H[0] + ";TrustServerCertificate=true\n", "fc4"),
               "sk_test_" + tok("fc4s", 99, B62), k, H[0]))
    js = json.dumps({"Jwt:SigningKey": rnd("fc5", 40), "Smtp:Password": H[1]}, indent=2)
    c.append(P(f, read_ev("/home/dev/.microsoft/usersecrets/" + uuid_of("fc5") + "/secrets.json", js, "fc5"), rnd("fc5", 40), H[1]))
    return c


def decrypted_files() -> list:
    f = "u16: sops, age and agenix decrypted output"
    c = []
    pw = H[2]
    k = "AGE-SECRET-KEY-1" + tok("sp1k", 58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")
    c.append(P(f, sh("sops -d secrets/prod.yaml",
                     f"postgres:\n    password: {pw}\nredis_url: redis://:{H[3]}@redis-0.prod:6379/0\n", "sp1"), pw, H[3]))
    c.append(P(f, read_ev("/home/dev/.config/sops/age/keys.txt",
                          "# created: 2026-01-10T09:12:44Z\n# public key: age1" + tok("sp2p", 58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l")
                          + f"\n{k}\n", "sp2"), k))
    t = rnd("sp3", 40)
    c.append(P(f, sh("age -d -i ~/.ssh/id_ed25519 secrets/cloudflare-token.age", t + "\n", "sp3"), t))
    pw = H[4]
    c.append(P(f, sh("sudo cat /run/agenix/grafana-admin /run/agenix/restic-password", f"{pw}\n{H[5]}\n", "sp4"), pw, H[5]))
    k = "xoxp-" + tok("sp5a", 12, "0123456789") + "-" + tok("sp5b", 12, "0123456789") + "-" + tok("sp5c", 13, "0123456789") + "-" + tok("sp5d", 32, HEX)
    c.append(P(f, sh("git-crypt unlock ~/keys/infra.gitcrypt && cat secrets/slack.env",
                     f"SLACK_USER_TOKEN={k}\nSLACK_CHANNEL=C04ABCDE123\n", "sp5"), k))
    return c


def e2e_state() -> list:
    f = "u16: e2e test env and storage state files (cypress, playwright)"
    c = []
    pw = H[6]
    c.append(P(f, read_ev("/home/dev/web/cypress.env.json", json.dumps({"baseUrl": "https://staging.acme.io", "adminEmail": "qa-admin@acme.io",
                                                                          "adminPassword": pw}, indent=2), "e2e1"), pw))
    sess = tok("e2e2", 48, URLSAFE)
    st = json.dumps({"cookies": [{"name": "__Secure-session", "value": sess, "domain": "app.acme.io", "path": "/", "expires": 1776075751,
                                  "httpOnly": True, "secure": True, "sameSite": "Lax"}], "origins": []}, indent=2)
    c.append(P(f, read_line(st, "e2e2"), sess))
    pw = H[7]
    ts = ("import { test as setup } from '@playwright/test';\n\nsetup('authenticate', async ({ page }) => {\n"
          "  await page.goto('/login');\n  await page.getByLabel('Email').fill('e2e@acme.io');\n"
          f"  await page.getByLabel('Password').fill('{pw}');\n  await page.getByRole('button', {{ name: 'Sign in' }}).click();\n"
          "  await page.context().storageState({ path: 'playwright/.auth/user.json' });\n});\n")
    c.append(P(f, write_ev("/home/dev/web/tests/auth.setup.ts", ts, "e2e3"), pw))
    rt = rnd("e2e4", 64)
    st = json.dumps({"cookies": [], "origins": [{"origin": "https://app.acme.io", "localStorage": [
        {"name": "auth.refreshToken", "value": rt}, {"name": "theme", "value": "dark"}]}]})
    c.append(P(f, sh("cat playwright/.auth/user.json", st + "\n", "e2e4"), rt))
    pw = rnd("e2e5", 18)
    c.append(P(f, sh(f"CYPRESS_ADMIN_PASSWORD='{pw}' npx cypress run --spec cypress/e2e/admin.cy.ts",
                     "  Running:  admin.cy.ts                                                     (1 of 1)\n\n"
                     "  Admin\n    \u2713 logs in (1212ms)\n    \u2713 lists users (402ms)\n\n  2 passing (2s)\n", "e2e5"), pw))
    return c


def new_languages() -> list:
    f = "u16: zig, gleam, nim and crystal sources"
    c = []
    k = "sk_live_" + tok("nl1", 99, B62)
    zig = ("const std = @import(\"std\");\n\n"
           f"const stripe_key = \"{k}\";\n\npub fn main() !void {{\n    var client = std.http.Client{{ .allocator = std.heap.page_allocator }};\n"
           "    defer client.deinit();\n}\n")
    c.append(P(f, read_ev("/home/dev/payz/src/main.zig", zig, "nl1"), k))
    pw = H[8]
    gl = ("import gleam/pgo\n\npub fn connect() -> pgo.Connection {\n  pgo.Config(\n    ..pgo.default_config(),\n"
          "    host: \"db.internal\",\n    database: \"wisp_app\",\n    user: \"wisp\",\n"
          f"    password: option.Some(\"{pw}\"),\n  )\n  |> pgo.connect\n}}\n")
    c.append(P(f, write_ev("/home/dev/wisp_app/src/db.gleam", gl, "nl2"), pw))
    t = ghp("nl3")
    nim = (f"import std/[httpclient, json]\n\nconst ghToken = \"{t}\"\n\nlet client = newHttpClient()\n"
           "client.headers = newHttpHeaders({\"Authorization\": \"Bearer \" & ghToken})\n")
    c.append(P(f, read_line(nim, "nl3"), t))
    pw = rnd("nl4", 22)
    cr = ("require \"db\"\nrequire \"pg\"\n\n"
          f"DB_URL = \"postgres://crystal:{pw}@localhost:5432/kemal_app\"\n\nDB.open(DB_URL) do |db|\n  puts db.scalar(\"select count(*) from users\")\nend\n")
    c.append(P(f, read_ev("/home/dev/kemal_app/src/db.cr", cr, "nl4"), pw))
    k = "re_" + tok("nl5a", 8, B62) + "_" + tok("nl5b", 24, B62)
    c.append(P(f, said("zig build run fails: error: expected type '[]const u8', found '*const [36:0]u8' on this line\n"
                       f"`const resend_key: []u8 = \"{k}\";`\nhow do I declare a string constant?", "nl5"), k))
    return c


def build_caches() -> list:
    f = "u16: remote build cache credentials (bazel, turbo, nx, gradle)"
    c = []
    k = tok("bc1", 20, B62)
    c.append(P(f, read_ev("/home/dev/mono/.bazelrc.user", "build --bes_results_url=https://app.buildbuddy.io/invocation/\n"
                          "build --bes_backend=grpcs://remote.buildbuddy.io\nbuild --remote_cache=grpcs://remote.buildbuddy.io\n"
                          f"build --remote_header=x-buildbuddy-api-key={k}\n", "bc1"), k))
    t = tok("bc2", 24, B62)
    c.append(P(f, sh(f"TURBO_TEAM=acme TURBO_TOKEN={t} npx turbo run build --filter=web",
                     "\u2022 Packages in scope: web\n\u2022 Running build in 1 packages\n\u2022 Remote caching enabled\n"
                     "web:build: cache hit, replaying logs 9f1c2d3e4b5a6978\n\n Tasks:    1 successful, 1 total\nCached:    1 cached, 1 total\n", "bc2"), t))
    t = b64raw("bc3", 60)
    c.append(P(f, write_ev("/home/dev/mono/nx.json", json.dumps({"extends": "nx/presets/npm.json", "nxCloudAccessToken": t,
                                                                   "targetDefaults": {"build": {"cache": True}}}, indent=2), "bc3"), t))
    k = tok("bc4", 52, LOWER36)
    c.append(P(f, sh("cat ~/.gradle/gradle.properties",
                     "org.gradle.jvmargs=-Xmx4g\norg.gradle.caching=true\n"
                     f"systemProp.develocity.accessKey=ge.acme.io={k}\n", "bc4"), k))
    pw = H[9]
    c.append(P(f, read_line("[remote-cache]\nurl = \"https://cache.acme.io/\"\n"
                            f"basic-auth = \"ci:{pw}\"\n", "bc5"), pw))
    return c


def operator_resources() -> list:
    f = "u16: crossplane, cert-manager and operator custom resources"
    c = []
    ak, sk = aws_pair("op1")
    y = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: aws-creds\n  namespace: crossplane-system\ntype: Opaque\nstringData:\n"
         f"  creds: |\n    [default]\n    aws_access_key_id = {ak}\n    aws_secret_access_key = {sk}\n---\n"
         "apiVersion: aws.upbound.io/v1beta1\nkind: ProviderConfig\nmetadata:\n  name: default\nspec:\n  credentials:\n    source: Secret\n")
    c.append(P(f, read_ev("/home/dev/platform/crossplane/aws-provider.yaml", y, "op1"), sk))
    hm = tok("op2", 43, URLSAFE)
    c.append(P(f, sh(f"kubectl create secret generic zerossl-eab -n cert-manager --from-literal=secret={hm}",
                     "secret/zerossl-eab created\n", "op2"), hm))
    pw = H[10]
    y = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: private-charts\n  namespace: argocd\n  labels:\n"
         "    argocd.argoproj.io/secret-type: repository\nstringData:\n  type: helm\n  url: https://charts.acme.io\n"
         f"  username: argocd\n  password: {pw}\n")
    c.append(P(f, write_ev("/home/dev/platform/argocd/repo-charts.yaml", y, "op3"), pw))
    t = rnd("op4", 32)
    c.append(P(f, sh("kubectl get secret -n flux-system webhook-token -o json | jq -r '.data.token | @base64d'", t + "\n", "op4"), t))
    pw = H[11]
    y = ("apiVersion: postgresql.cnpg.io/v1\nkind: Cluster\nmetadata:\n  name: pg-main\nspec:\n  instances: 3\n  bootstrap:\n"
         "    initdb:\n      database: app\n      owner: app\n      postInitSQL:\n"
         f"        - ALTER ROLE app WITH PASSWORD '{pw}'\n")
    c.append(P(f, read_line(y, "op5"), pw))
    return c


def api_gateways() -> list:
    f = "u16: api gateway consumer keys (kong, apisix, tyk)"
    c = []
    k = tok("ag1", 32, B62)
    y = ("_format_version: \"3.0\"\nconsumers:\n  - username: partner-acme\n    keyauth_credentials:\n"
         f"      - key: {k}\n  - username: mobile-app\n    jwt_secrets:\n      - key: mobile\n        secret: {rnd('ag1j', 32)}\n")
    c.append(P(f, read_ev("/home/dev/gateway/kong.yaml", y, "ag1"), k, rnd("ag1j", 32)))
    k = tok("ag2", 32, HEX)
    c.append(P(f, read_line("deployment:\n  admin:\n    admin_key:\n      - name: admin\n"
                            f"        key: {k}\n        role: admin\n", "ag2"), k))
    k = tok("ag3", 32, HEX)
    c.append(P(f, sh(f"curl -s http://127.0.0.1:9180/apisix/admin/routes -H 'X-API-KEY: {k}' | jq '.total'", "14\n", "ag3"), k))
    s = rnd("ag4", 32)
    made = base64.b64encode(json.dumps({"org": tok("ag4o", 24, HEX), "id": tok("ag4i", 32, HEX), "h": "murmur64"},
                                       separators=(",", ":")).encode()).decode()
    c.append(P(f, sh("curl -s http://localhost:8080/tyk/keys/create -H \"x-tyk-authorization: " + s + "\" -d @key.json",
                     json.dumps({"key": made, "status": "ok", "action": "added"}) + "\n", "ag4"), s, made))
    k = tok("ag5", 40, B62)
    c.append(P(f, said(f"kong returns 401 'Invalid authentication credentials' for apikey: {k} but `deck gateway dump` shows "
                       "the consumer exists. is key-auth case sensitive on the header name?", "ag5"), k))
    return c


def vector_dbs() -> list:
    f = "u16: vector database clients in code"
    c = []
    k = "pcsk_" + tok("vd1a", 6, B62) + "_" + tok("vd1b", 63, B62)
    c.append(P(f, read_ev("/home/dev/rag/ingest.py", "from pinecone import Pinecone\n\n"
                          f"pc = Pinecone(api_key=\"{k}\")\nindex = pc.Index(\"docs-v2\")\n", "vd1"), k))
    k = tok("vd2", 56, URLSAFE)
    c.append(P(f, write_ev("/home/dev/rag/store.ts", "import { QdrantClient } from '@qdrant/js-client-rest';\n\n"
                           "export const qdrant = new QdrantClient({\n  url: 'https://7f1e2d3c-aaaa-bbbb-cccc-0123456789ab.eu-central-1-0.aws.cloud.qdrant.io',\n"
                           f"  apiKey: '{k}',\n}});\n", "vd2"), k))
    k = tok("vd3", 48, B62)
    c.append(P(f, read_line("client = weaviate.connect_to_weaviate_cloud(\n    cluster_url=\"https://rag-prod.c0.europe-west3.gcp.weaviate.cloud\",\n"
                            f"    auth_credentials=Auth.api_key(\"{k}\"),\n)\n", "vd3", 14), k))
    pw = H[12]
    c.append(P(f, sh(f"python -c \"from pymilvus import MilvusClient; c = MilvusClient(uri='http://milvus:19530', token='root:{pw}'); print(c.list_collections())\"",
                     "['docs', 'faq', 'tickets']\n", "vd4"), pw))
    k = "tvly-" + tok("vd5", 32, B62)
    c.append(P(f, said(f"my langchain retriever uses TavilySearchResults with TAVILY_API_KEY={k} and chroma locally; "
                       "results are empty for german queries. is it the embedding model?", "vd5"), k))
    return c

def iberian_celtic_prompts() -> list:
    f = "u16: prompts in catalan, basque, galician, welsh and irish"
    c = []
    c.append(P(f, said(f"La contrasenya de l'usuari admin de Jenkins és {H[13]}, però el login falla des que vam actualitzar "
                       "el plugin de LDAP. Com puc entrar per la consola per desactivar-lo?", "ib1"), H[13]))
    t = ghp("ib2")
    c.append(P(f, said(f"Kaixo! GitHub tokena hau da: {t}. Script bat behar dut repo guztiak klonatzeko gure erakundetik; "
                       "nola egin dezaket gh CLI erabiliz?", "ib2"), t))
    c.append(P(f, said(f"O contrasinal da base de datos de proba é «{H[0]}» e o usuario é «proba». Podes escribir o docker-compose "
                       "con MariaDB e phpMyAdmin para o entorno local?", "ib3"), H[0]))
    pw = rnd("ib4", 16)
    c.append(P(f, said(f"Mae'r gweinydd yn gwrthod fy nghyfrinair ({pw}) ar ôl i mi newid y ffurfweddiad SSH. "
                       "Sut alla i wirio'r log heb fewngofnodi?", "ib4"), pw))
    c.append(P(f, said(f"Is é an pasfhocal don fhreastalaí FTP ná {H[1]} agus an t-ainm úsáideora ná 'suiomh'. "
                       "Scríobh script lftp chun an fillteán dist a uaslódáil, le do thoil.", "ib5"), H[1]))
    return c


def caucasus_central_asia_prompts() -> list:
    f = "u16: prompts in georgian, armenian, azerbaijani, kazakh, uzbek and mongolian"
    c = []
    c.append(P(f, said(f"სერვერის root პაროლი არის {H[2]} - დამეხმარე SSH-ში პაროლით შესვლის გათიშვაში და გასაღებზე გადასვლაში.", "cc1"), H[2]))
    k = "sk-proj-" + tok("cc2", 74, URLSAFE) + "T3BlbkFJ" + tok("cc2b", 74, URLSAFE)
    c.append(P(f, said(f"Իմ OpenAI բանալին է {k}, բայց հարցումները վերադարձնում են 429: ինչպե՞ս ստուգել սահմանաչափերը:", "cc2"), k))
    c.append(P(f, said(f"Verilənlər bazasının şifrəsi: {H[3]}. Laravel .env faylında DB_PASSWORD düzgün yazılıb, amma "
                       "'Access denied for user' xətası alıram. Nə etməliyəm?", "cc3"), H[3]))
    pw = rnd("cc4", 20)
    c.append(P(f, said(f"Redis құпиясөзі {pw} — Celery жұмысшысы қосыла алмайды, broker_url қалай жазылуы керек?", "cc4"), pw))
    c.append(P(f, said(f"Wi-Fi routerning admin paroli {H[4]}, lekin veb-interfeysga kira olmayapman. Zavod sozlamalarini "
                       "qaytarmasdan qanday tiklash mumkin?", "cc5"), H[4]))
    pw = H[5]
    c.append(P(f, said(f"Миний GitLab нууц үг {pw} байна, гэхдээ git push хийхэд 'HTTP Basic: Access denied' гэж гарна. "
                       "2FA асаалттай, юу хийх вэ?", "cc6"), pw))
    return c


def balkan_prompts() -> list:
    f = "u16: prompts in serbian, bulgarian, slovenian, macedonian and albanian"
    c = []
    c.append(P(f, said(f"Лозинка за базу је {H[6]}, корисник је app. Напиши ми connection string за Spring Boot "
                       "(application.yml) са PostgreSQL-ом.", "bl1"), H[6]))
    k = "AIza" + tok("bl2", 35, URLSAFE)
    c.append(P(f, said(f"Имам Google Maps API ключ {k} — как да го огранича само за нашия домейн, за да не го крадат от фронтенда?", "bl2"), k))
    c.append(P(f, said(f"Geslo za SMTP strežnik je {H[7]}, uporabnik noreply@podjetje.si. Zakaj Django vrača "
                       "SMTPAuthenticationError 535?", "bl3"), H[7]))
    pw = rnd("bl4", 18)
    c.append(P(f, said(f"Лозинката на админот во WordPress е {pw}, но по ажурирањето не можам да се најавам. "
                       "Како да ја ресетирам преку wp-cli?", "bl4"), pw))
    c.append(P(f, said(f"Fjalëkalimi i serverit MySQL është {H[8]}. Si ta ndryshoj pa e ndalur aplikacionin?", "bl5"), H[8]))
    return c


def african_prompts() -> list:
    f = "u16: prompts in yoruba, hausa, zulu, afrikaans and somali"
    c = []
    c.append(P(f, said(f"Ọ̀rọ̀ aṣínà fún server wa ni {H[9]}. Jọ̀wọ́ kọ script tí yóò ṣe backup database ní gbogbo alẹ́.", "af1"), H[9]))
    k = "sk_live_" + tok("af2", 99, B62)
    c.append(P(f, said(f"Ga mabuɗin Stripe dina: {k}. Ina son a karɓi biyan kuɗi a Naira; ta yaya zan saita webhook?", "af2"), k))
    c.append(P(f, said(f"Iphasiwedi ye-admin ku-router ithi {H[10]}. Ngicela ungisize ngivale i-port 23 ne-UPnP.", "af3"), H[10]))
    pw = rnd("af4", 20)
    c.append(P(f, said(f"Die wagwoord vir die toetsbediener is {pw}. Kan jy 'n Ansible-inventaris skryf wat dit uit "
                       "ansible-vault lees in plaas daarvan?", "af4"), pw))
    c.append(P(f, said(f"Furaha sirta ee database-ka waa {H[11]}. Sidee baan ugu keydiyaa si ammaan ah gudaha Docker secrets?", "af5"), H[11]))
    return c


def positives() -> list:
    return (nix_modules() + elixir_releases() + config_languages() + pulumi_config() + hadoop_spark()
            + search_olap_users() + desktop_signing() + jetbrains_configs() + mta_tables() + firmware_configs()
            + backup_tools() + flag_analytics() + ai_tool_configs() + tunnels() + azure_storage()
            + framework_credentials() + decrypted_files() + e2e_state() + new_languages() + build_caches()
            + operator_resources() + api_gateways() + vector_dbs() + iberian_celtic_prompts()
            + caucasus_central_asia_prompts() + balkan_prompts() + african_prompts())


# ---- negatives ---------------------------------------------------------------------------------

def neg_nix() -> list:
    f = "u16 neg: nix modules with hashed passwords and agenix references"
    c = []
    hp = "$y$j9T$" + tok("nn1s", 22, ALNUM + "./") + "$" + tok("nn1h", 43, ALNUM + "./")
    mod = ("  users.users.alice = {\n    isNormalUser = true;\n    extraGroups = [ \"wheel\" ];\n"
           f"    hashedPassword = \"{hp}\";\n    openssh.authorizedKeys.keys = [ \"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI"
           + b64raw("nn1k", 32)[:43] + " alice@laptop\" ];\n  };\n")
    c.append(N(f, read_line(mod, "nn1", 30)))
    mod = ("{ config, ... }:\n{\n  age.secrets.grafana-admin = {\n    file = ../../secrets/grafana-admin.age;\n    owner = \"grafana\";\n  };\n"
           "  services.grafana.settings.security.admin_password = \"$__file{${config.age.secrets.grafana-admin.path}}\";\n}\n")
    c.append(N(f, read_ev("/home/dev/nixos/hosts/monitor/grafana.nix", mod, "nn2")))
    sec = ("let\n  alice = \"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + b64raw("nn3a", 32)[:43] + "\";\n"
           "  monitor = \"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + b64raw("nn3b", 32)[:43] + "\";\nin\n{\n"
           "  \"grafana-admin.age\".publicKeys = [ alice monitor ];\n  \"restic-password.age\".publicKeys = [ alice monitor ];\n}\n")
    c.append(N(f, write_ev("/home/dev/nixos/secrets/secrets.nix", sec, "nn3")))
    lock = json.dumps({"nodes": {"nixpkgs": {"locked": {"lastModified": 1773483751, "narHash": "sha256-" + b64raw("nn4", 32),
                                                         "owner": "NixOS", "repo": "nixpkgs", "rev": sha("nn4r", 40), "type": "github"}}}}, indent=2)
    c.append(N(f, sh("jq '{nodes: {nixpkgs: .nodes.nixpkgs}}' flake.lock", lock + "\n", "nn4")))
    c.append(N(f, sh("nix build .#nixosConfigurations.monitor.config.system.build.toplevel --print-out-paths",
                     f"/nix/store/{tok('nn5', 32, '0123456789abcdfghijklmnpqrsvwxyz')}-nixos-system-monitor-24.11.20260314.{sha('nn5r', 7)}\n", "nn5")))
    return c


def neg_pulumi() -> list:
    f = "u16 neg: pulumi stacks with encrypted and masked values"
    c = []
    y = ("config:\n  aws:region: eu-central-1\n  app:instanceType: t4g.medium\n  app:dbPassword:\n"
         f"    secure: v1:{b64raw('np1a', 12)}:{b64raw('np1b', 40)}\n")
    c.append(N(f, read_ev("/home/dev/infra/Pulumi.prod.yaml", y, "np1")))
    c.append(N(f, sh("pulumi config", "KEY                       VALUE\naws:region                eu-central-1\n"
                     "app:dbPassword            [secret]\napp:instanceType          t4g.medium\n", "np2")))
    c.append(N(f, sh("pulumi stack output", "Current stack outputs (3):\n    OUTPUT                 VALUE\n    bucketName             acme-assets-7f3a2c1\n"
                     "    cdnUrl                 https://d1x2y3z4.cloudfront.net\n    readerSecretAccessKey  [secret]\n", "np3")))
    ts = ("const cfg = new pulumi.Config();\nconst dbPassword = cfg.requireSecret(\"dbPassword\");\n\n"
          "const db = new aws.rds.Instance(\"app\", {\n    engine: \"postgres\",\n    username: \"app\",\n    password: dbPassword,\n});\n")
    c.append(N(f, write_ev("/home/dev/infra/index.ts", ts, "np4")))
    c.append(N(f, sh("pulumi up --yes --skip-preview",
                     "Updating (prod)\n\n     Type                 Name       Status\n     pulumi:pulumi:Stack  infra-prod\n"
                     " ~   \u2514\u2500 aws:rds:Instance   app        updated (12s)     [diff: ~password]\n\nResources:\n    ~ 1 updated\n"
                     f"    4 unchanged\n\nDuration: 18s\n\nView in Browser: https://app.pulumi.com/acme/infra/prod/updates/{tok('np5', 2, '123456789')}\n", "np5")))
    return c


def neg_sops() -> list:
    f = "u16 neg: sops-encrypted files and age recipients"
    c = []
    age1 = "age1" + tok("ns1", 58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l")
    enc = (f"postgres:\n    password: ENC[AES256_GCM,data:{b64raw('ns1d', 18)},iv:{b64raw('ns1i', 32)},tag:{b64raw('ns1t', 16)},type:str]\n"
           "sops:\n    age:\n        - recipient: " + age1 + "\n          enc: |\n            -----BEGIN AGE ENCRYPTED FILE-----\n"
           f"            {b64raw('ns1e', 48)}\n            -----END AGE ENCRYPTED FILE-----\n"
           f"    lastmodified: \"2026-03-14T10:22:31Z\"\n    mac: ENC[AES256_GCM,data:{b64raw('ns1m', 48)},iv:{b64raw('ns1j', 32)},tag:{b64raw('ns1u', 16)},type:str]\n"
           "    version: 3.9.4\n")
    c.append(N(f, read_ev("/home/dev/infra/secrets/prod.yaml", enc, "ns1")))
    c.append(N(f, write_ev("/home/dev/infra/.sops.yaml", "creation_rules:\n  - path_regex: secrets/prod\\.yaml$\n"
                           f"    age: {age1},age1{tok('ns2', 58, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}\n", "ns2")))
    c.append(N(f, sh("age-keygen -y ~/.config/sops/age/keys.txt", age1 + "\n", "ns3")))
    c.append(N(f, sh("sops -d secrets/prod.yaml", "", "ns4",
                     "Failed to get the data key required to decrypt the SOPS file.\n\nGroup 0: FAILED\n  " + age1
                     + ": FAILED\n    - | failed to load age identities: failed to open file: open\n      | /home/dev/.config/sops/age/keys.txt: no such file or directory\n")))
    c.append(N(f, sh("git-crypt status -e", "    encrypted: secrets/slack.env\n    encrypted: secrets/stripe.env\n", "ns5")))
    return c


def neg_hadoop() -> list:
    f = "u16 neg: hadoop and spark confs using credential providers"
    c = []
    xml = ("<configuration>\n  <property>\n    <name>hadoop.security.credential.provider.path</name>\n"
           "    <value>jceks://hdfs@nn1.internal:8020/user/etl/s3.jceks</value>\n  </property>\n  <property>\n"
           "    <name>fs.s3a.aws.credentials.provider</name>\n    <value>com.amazonaws.auth.WebIdentityTokenCredentialsProvider</value>\n"
           "  </property>\n</configuration>\n")
    c.append(N(f, read_ev("/opt/hadoop/etc/hadoop/core-site.xml", xml, "nh1")))
    c.append(N(f, sh("hadoop credential list -provider jceks://hdfs@nn1.internal:8020/user/etl/s3.jceks",
                     "Listing aliases for CredentialProvider: jceks://hdfs@nn1.internal:8020/user/etl/s3.jceks\nfs.s3a.access.key\nfs.s3a.secret.key\n", "nh2")))
    c.append(N(f, read_line("spark.hadoop.fs.s3a.access.key    ${env:AWS_ACCESS_KEY_ID}\n"
                            "spark.hadoop.fs.s3a.secret.key    ${env:AWS_SECRET_ACCESS_KEY}\nspark.eventLog.enabled            true\n", "nh3")))
    app = "application_" + tok("nh4", 13, "0123456789") + "_0042"
    c.append(N(f, sh(f"yarn application -status {app}",
                     f"Application Report : \n\tApplication-Id : {app}\n\tApplication-Name : etl\n\tApplication-Type : SPARK\n"
                     "\tUser : etl\n\tQueue : default\n\tState : FINISHED\n\tFinal-State : SUCCEEDED\n", "nh4")))
    c.append(N(f, write_ev("/home/dev/etl/conf/hive-site.xml", "  <property>\n    <name>javax.jdo.option.ConnectionPassword</name>\n"
                           "    <value>${env:HIVE_METASTORE_PASSWORD}</value>\n  </property>\n", "nh5")))
    return c


def neg_elixir() -> list:
    f = "u16 neg: elixir configs reading the environment and lock hashes"
    c = []
    rt = ("if config_env() == :prod do\n  secret_key_base =\n    System.get_env(\"SECRET_KEY_BASE\") ||\n"
          "      raise \"\"\"\n      environment variable SECRET_KEY_BASE is missing.\n      You can generate one by calling: mix phx.gen.secret\n"
          "      \"\"\"\n\n  config :shop, ShopWeb.Endpoint, secret_key_base: secret_key_base\nend\n")
    c.append(N(f, read_ev("/home/dev/shop/config/runtime.exs", rt, "nx1")))
    lock = (f"  \"phoenix\": {{:hex, :phoenix, \"1.7.18\", \"{sha('nx2a', 64)}\", [:mix], [], \"hexpm\", \"{sha('nx2b', 64)}\"}},\n"
            f"  \"plug_crypto\": {{:hex, :plug_crypto, \"2.1.0\", \"{sha('nx2c', 64)}\", [:mix], [], \"hexpm\", \"{sha('nx2d', 64)}\"}},\n")
    c.append(N(f, read_line(lock, "nx2", 31)))
    c.append(N(f, sh("mix phx.gen.secret --help", "Generates a secret and prints it to the terminal.\n\n    $ mix phx.gen.secret [length]\n\n"
                     "By default, mix phx.gen.secret generates a key 64 characters long.\n", "nx3")))
    c.append(N(f, write_ev("/home/dev/shop/rel/env.sh.eex", "#!/bin/sh\nexport RELEASE_DISTRIBUTION=name\n"
                           "export RELEASE_NODE=<%= @release.name %>@${POD_IP}\n# RELEASE_COOKIE comes from the k8s secret erlang-cookie\n", "nx4")))
    c.append(N(f, sh("_build/prod/rel/shop/bin/shop pid; _build/prod/rel/shop/bin/shop version", "81422\nshop 0.14.2\n", "nx5")))
    return c

def neg_desktop() -> list:
    f = "u16 neg: desktop release configs with public keys and env references"
    c = []
    pub = base64.b64encode(("untrusted comment: minisign public key: " + tok("nd1", 16, HEX).upper() + "\nRWT" + b64raw("nd1k", 40)).encode()).decode()
    conf = json.dumps({"bundle": {"createUpdaterArtifacts": True}, "plugins": {"updater": {
        "pubkey": pub, "endpoints": ["https://releases.acme.io/desk/{{target}}/{{arch}}/{{current_version}}"]}}}, indent=2)
    c.append(N(f, read_ev("/home/dev/desk/src-tauri/tauri.conf.json", conf, "nd1")))
    yml = ("appId: io.acme.desk\nmac:\n  hardenedRuntime: true\n  notarize:\n    teamId: ${env.APPLE_TEAM_ID}\n"
           "win:\n  signtoolOptions:\n    certificateSubjectName: \"Acme GmbH\"\npublish:\n  provider: github\n  private: true\n")
    c.append(N(f, write_ev("/home/dev/desk/electron-builder.yml", yml, "nd2")))
    c.append(N(f, sh("codesign -dv --verbose=2 dist/mac-arm64/Acme.app", "", "nd3",
                     "Executable=/home/dev/desk/dist/mac-arm64/Acme.app/Contents/MacOS/Acme\nIdentifier=io.acme.desk\nFormat=app bundle with Mach-O thin (arm64)\n"
                     f"CodeDirectory v=20500 size=1234 flags=0x10000(runtime) hashes=27+7 location=embedded\nCDHash={sha('nd3', 40)}\n"
                     "Authority=Developer ID Application: Acme GmbH (" + tok("nd3t", 10, UPPER + "0123456789") + ")\nTeamIdentifier="
                     + tok("nd3t", 10, UPPER + "0123456789") + "\n")))
    c.append(N(f, read_line("      - name: Build\n        env:\n          CSC_LINK: ${{ secrets.WIN_CSC_LINK }}\n"
                            "          CSC_KEY_PASSWORD: ${{ secrets.WIN_CSC_KEY_PASSWORD }}\n"
                            "          TAURI_SIGNING_PRIVATE_KEY: ${{ secrets.TAURI_SIGNING_PRIVATE_KEY }}\n        run: npm run release\n", "nd4", 48)))
    c.append(N(f, sh("shasum -a 256 dist/*.dmg dist/*.exe",
                     f"{sha('nd5a', 64)}  dist/Acme-2.4.0-arm64.dmg\n{sha('nd5b', 64)}  dist/Acme-Setup-2.4.0.exe\n", "nd5")))
    return c


def neg_tunnels() -> list:
    f = "u16 neg: tunnel and mesh status output with node ids"
    c = []
    st = ("100.101.7.12    laptop        jlee@        linux   -\n100.88.20.4     nas           jlee@        linux   idle, tx 1024 rx 2048\n"
          "100.70.3.9      ci-runner-03  tagged-devices linux   offline\n")
    c.append(N(f, sh("tailscale status", st, "nt1")))
    c.append(N(f, sh("tailscale status --json | jq '.Self | {ID, PublicKey, DNSName}'",
                     json.dumps({"ID": "n" + tok("nt2", 16, B62) + "CNTRL", "PublicKey": "nodekey:" + tok("nt2k", 64, HEX),
                                 "DNSName": "laptop.tail1234.ts.net."}, indent=2) + "\n", "nt2")))
    c.append(N(f, sh("cloudflared tunnel list", "You can obtain more detailed information for each tunnel with `cloudflared tunnel info <name/uuid>`\n"
                     f"ID                                   NAME     CREATED              CONNECTIONS\n{uuid_of('nt3')} homelab  2026-01-10T09:12:44Z 2xfra01, 2xams03\n", "nt3")))
    c.append(N(f, read_ev("/home/dev/.config/ngrok/ngrok.yml", "version: \"3\"\nagent:\n  authtoken: ${NGROK_AUTHTOKEN}\n"
                          "tunnels:\n  api:\n    proto: http\n    addr: 8080\n", "nt4")))
    c.append(N(f, said("tailscale up asks me for an auth key in CI. where in the admin console do I make an ephemeral, pre-approved, tagged "
                       "key, and should I use an OAuth client instead so it doesn't expire after 90 days?", "nt5")))
    return c


def neg_ai_configs() -> list:
    f = "u16 neg: ai tool configs reading keys from the environment"
    c = []
    yml = ("model_list:\n  - model_name: gpt-4o\n    litellm_params:\n      model: openai/gpt-4o\n      api_key: os.environ/OPENAI_API_KEY\n"
           "  - model_name: claude\n    litellm_params:\n      model: anthropic/claude-sonnet-4-5\n      api_key: os.environ/ANTHROPIC_API_KEY\n"
           "general_settings:\n  master_key: os.environ/LITELLM_MASTER_KEY\n")
    c.append(N(f, read_ev("/home/dev/gateway/litellm_config.yaml", yml, "na1")))
    c.append(N(f, write_ev("/home/dev/.aider.conf.yml", "model: sonnet\n# the key comes from ANTHROPIC_API_KEY in the shell\nauto-commits: false\n", "na2")))
    c.append(N(f, sh("ollama list", f"NAME                   ID              SIZE      MODIFIED\nqwen2.5-coder:1.5b     {sha('na3a', 12)}    986 MB    3 days ago\n"
                     f"llama3.2:3b            {sha('na3b', 12)}    2.0 GB    2 weeks ago\n", "na3")))
    c.append(N(f, read_line("import os\nfrom openai import OpenAI\n\nclient = OpenAI(api_key=os.environ[\"OPENAI_API_KEY\"])\n"
                            "resp = client.responses.create(model=\"gpt-4.1-mini\", input=\"ping\")\nprint(resp.id)\n", "na4")))
    c.append(N(f, sh("python scripts/ping.py", f"resp_{tok('na5', 48, HEX)}\n", "na5")))
    return c


def neg_flags() -> list:
    f = "u16 neg: feature flag configs with client-side ids and references"
    c = []
    c.append(N(f, write_ev("/home/dev/web/src/flags.ts", "import { initialize } from 'launchdarkly-js-client-sdk';\n\n"
                           "export const ld = initialize(import.meta.env.VITE_LD_CLIENT_SIDE_ID, { kind: 'user', key: 'anonymous' });\n", "nf1")))
    c.append(N(f, read_ev("/home/dev/api/app/flags.py", "import os\nfrom statsig_python_core import Statsig\n\n"
                          "statsig = Statsig(os.environ[\"STATSIG_SERVER_SECRET\"])\n", "nf2")))
    c.append(N(f, sh("curl -s https://flags.acme.io/api/client/features -H \"Authorization: $UNLEASH_CLIENT_TOKEN\" | jq '.features[].name'",
                     "\"new-checkout\"\n\"dark-mode\"\n\"search-v2\"\n", "nf3")))
    c.append(N(f, read_line("# flags.yaml\nnew-checkout:\n  enabled: true\n  rollout: 25\n  variants: [control, treatment]\n"
                            "search-v2:\n  enabled: false\n", "nf4")))
    c.append(N(f, said("what's the difference between a LaunchDarkly SDK key, a mobile key and a client-side ID? which one can "
                       "be in the browser bundle and which must stay on the server?", "nf5")))
    return c


def neg_backup() -> list:
    f = "u16 neg: backup runs with snapshot ids and password files"
    c = []
    c.append(N(f, sh("restic -r sftp:nas:/backup --password-file /etc/restic/password snapshots --compact",
                     f"ID        Time                 Host  Tags\n{sha('nb1a', 8)}  2026-03-13 03:00:11  nas\n{sha('nb1b', 8)}  2026-03-14 03:00:12  nas\n2 snapshots\n", "nb1")))
    c.append(N(f, sh("borg info ::nas-2026-03-14T03:00:12",
                     f"Archive name: nas-2026-03-14T03:00:12\nArchive fingerprint: {sha('nb2', 64)}\nComment:\nHostname: nas\n"
                     "Duration: 4 minutes 12.31 seconds\nNumber of files: 184221\n", "nb2")))
    c.append(N(f, read_ev("/home/dev/ops/backup/borg-nightly.sh", "#!/bin/sh\nexport BORG_REPO='ssh://u312@u312.your-storagebox.de:23/./borg/nas'\n"
                          "export BORG_PASSCOMMAND='pass show backup/borg'\n\nborg create --stats ::'{hostname}-{now}' /srv/data\n", "nb3")))
    c.append(N(f, sh("restic key list", f" ID        User  Host  Created\n-------------------------------------------\n*{sha('nb4a', 8)}  root  nas   2025-03-02 11:20:41\n"
                     f" {sha('nb4b', 8)}  jlee  laptop  2026-01-10 09:12:44\n-------------------------------------------\n", "nb4")))
    c.append(N(f, sh("kopia repository status", f"Config file:         /home/dev/.config/kopia/repository.config\n\nDescription:         Repository in B2\n"
                     f"Hostname:            laptop\nUsername:            jlee\nRead-only:           false\n\nUnique ID:           {sha('nb5', 64)}\n"
                     "Hash:                BLAKE2B-256-128\nEncryption:          AES256-GCM-HMAC-SHA256\n", "nb5")))
    return c


def neg_mta() -> list:
    f = "u16 neg: mail server configs pointing to maps and hashes"
    c = []
    c.append(N(f, read_ev("/etc/postfix/main.cf", "relayhost = [smtp.sendgrid.net]:587\nsmtp_sasl_auth_enable = yes\n"
                          "smtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd\nsmtp_sasl_security_options = noanonymous\n"
                          "smtp_tls_security_level = encrypt\n", "nm1")))
    c.append(N(f, sh("sudo tail -n 2 /var/log/mail.log",
                     f"Mar 14 10:22:31 web-1 postfix/smtp[18231]: {tok('nm2', 10, HEX).upper()}: to=<ana@example.com>, relay=smtp.sendgrid.net[167.89.118.52]:587, "
                     "delay=0.41, dsn=2.0.0, status=sent (250 Ok: queued as " + tok("nm2q", 22, URLSAFE) + ")\n", "nm2")))
    c.append(N(f, sh("doveadm pw -s ARGON2ID -p \"$(cat /dev/stdin)\" < /dev/null | cut -c1-40", "{ARGON2ID}$argon2id$v=19$m=65536,t=3,p=1$\n", "nm3")))
    c.append(N(f, read_line("begin\n  plain_login:\n    driver = plaintext\n    public_name = LOGIN\n"
                            "    client_send = : ${extract{1}{:}{${lookup{$host}nwildlsearch{CONFDIR/passwd.client}}}}\n", "nm4")))
    c.append(N(f, said("how do I rotate the SendGrid API key that postfix uses for relaying without dropping mail? the key is in "
                       "/etc/postfix/sasl_passwd and I know I have to run postmap after.", "nm5")))
    return c


def neg_e2e() -> list:
    f = "u16 neg: e2e tests reading credentials from the environment"
    c = []
    ts = ("setup('authenticate', async ({ page }) => {\n  await page.goto('/login');\n"
          "  await page.getByLabel('Email').fill(process.env.E2E_USER!);\n  await page.getByLabel('Password').fill(process.env.E2E_PASSWORD!);\n"
          "  await page.context().storageState({ path: authFile });\n});\n")
    c.append(N(f, read_ev("/home/dev/web/tests/auth.setup.ts", ts, "ne1")))
    c.append(N(f, write_ev("/home/dev/web/cypress.env.example.json",
                           json.dumps({"baseUrl": "http://localhost:3000", "adminEmail": "admin@example.com", "adminPassword": "<set me>"}, indent=2), "ne2")))
    c.append(N(f, sh("npx playwright test --project=chromium", "Running 24 tests using 2 workers\n\n  24 passed (41.2s)\n\n"
                     "To open last HTML report run:\n\n  npx playwright show-report\n", "ne3")))
    c.append(N(f, read_line("playwright/.auth/\ncypress/videos/\ncypress/screenshots/\ncypress.env.json\n", "ne4")))
    c.append(N(f, sh("cat playwright/.auth/user.json", json.dumps({"cookies": [], "origins": []}) + "\n", "ne5")))
    return c


def neg_build_cache() -> list:
    f = "u16 neg: build cache settings with env references and hashes"
    c = []
    c.append(N(f, read_ev("/home/dev/mono/.bazelrc", "build:ci --remote_cache=grpcs://remote.buildbuddy.io\n"
                          "build:ci --remote_header=x-buildbuddy-api-key=${BUILDBUDDY_API_KEY}\ntry-import %workspace%/.bazelrc.user\n", "nc1")))
    c.append(N(f, sh("npx turbo run build --summarize", f"web:build: cache miss, executing {sha('nc2', 16)}\n"
                     f"Summary:    .turbo/runs/{tok('nc2r', 27, B62)}.json\n", "nc2")))
    c.append(N(f, write_ev("/home/dev/mono/turbo.json", json.dumps({"$schema": "https://turbo.build/schema.json",
                                                                     "remoteCache": {"signature": True},
                                                                     "tasks": {"build": {"outputs": ["dist/**"], "env": ["TURBO_TOKEN"]}}}, indent=2), "nc3")))
    c.append(N(f, sh("./gradlew build --scan", "BUILD SUCCESSFUL in 41s\n57 actionable tasks: 12 executed, 45 from cache\n\n"
                     f"Publishing Build Scan to Develocity...\nhttps://ge.acme.io/s/{tok('nc4', 13, LOWER36)}\n", "nc4")))
    c.append(N(f, read_line("develocity {\n    server = \"https://ge.acme.io\"\n    accessKey = providers.environmentVariable(\"DEVELOCITY_ACCESS_KEY\")\n}\n", "nc5")))
    return c


def neg_operators() -> list:
    f = "u16 neg: operator resources referencing secrets by name"
    c = []
    y = ("apiVersion: cert-manager.io/v1\nkind: ClusterIssuer\nmetadata:\n  name: zerossl\nspec:\n  acme:\n"
         "    server: https://acme.zerossl.com/v2/DV90\n    externalAccountBinding:\n      keyID: " + tok("no1", 22, URLSAFE)
         + "\n      keySecretRef:\n        name: zerossl-eab\n        key: secret\n    privateKeySecretRef:\n      name: zerossl-account\n")
    c.append(N(f, read_ev("/home/dev/platform/cert-manager/issuer.yaml", y, "no1")))
    y = ("apiVersion: aws.upbound.io/v1beta1\nkind: ProviderConfig\nmetadata:\n  name: default\nspec:\n  credentials:\n    source: Secret\n"
         "    secretRef:\n      namespace: crossplane-system\n      name: aws-creds\n      key: creds\n")
    c.append(N(f, write_ev("/home/dev/platform/crossplane/provider-config.yaml", y, "no2")))
    c.append(N(f, sh("kubectl get secret -n argocd -l argocd.argoproj.io/secret-type=repository",
                     "NAME             TYPE     DATA   AGE\nprivate-charts   Opaque   4      41d\nrepo-infra       Opaque   3      41d\n", "no3")))
    c.append(N(f, sh("argocd app get platform -o json | jq '.status.sync'", json.dumps({"status": "Synced", "revision": sha("no4", 40)}, indent=2) + "\n", "no4")))
    c.append(N(f, read_line("spec:\n  bootstrap:\n    initdb:\n      database: app\n      owner: app\n      secret:\n        name: app-db-credentials\n", "no5")))
    return c


def neg_language_prompts() -> list:
    f = "u16 neg: prompts in the batch's languages without a secret"
    c = []
    c.append(N(f, said("Com puc fer que l'aplicació demani una contrasenya d'almenys 12 caràcters i la guardi amb argon2id?", "nq1")))
    c.append(N(f, said("პაროლის აღდგენის ბმული არ მოდის ელფოსტაზე. როგორ შევამოწმო SMTP-ის ლოგები Django-ში?", "nq2")))
    c.append(N(f, said("Како да чувам лозинке безбедно у PostgreSQL-у? Да ли је bcrypt довољан или да пређем на argon2?", "nq3")))
    c.append(N(f, said("Ngicela ungichazele umehluko phakathi kwe-API key ne-OAuth token, nokuthi kufanele ngiyigcine kuphi i-API key.", "nq4")))
    c.append(N(f, said("Parolni .env faylida saqlash xavfsizmi yoki Vault ishlatishim kerakmi? Loyiha Laravel'da.", "nq5")))
    return c


def negatives() -> list:
    return (neg_nix() + neg_pulumi() + neg_sops() + neg_hadoop() + neg_elixir() + neg_desktop() + neg_tunnels()
            + neg_ai_configs() + neg_flags() + neg_backup() + neg_mta() + neg_e2e() + neg_build_cache() + neg_operators()
            + neg_language_prompts())


def cases() -> list:
    return positives() + negatives()
