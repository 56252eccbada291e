"""A fifth unseen part of the labelled privacy set (beside tests/privacy_eval/unseen.py,
unseen_two.py, unseen_three.py and unseen_four.py): 250 cases in 49 families, written BLIND on
2026-12-01 (between about 06:55 and 07:10 UTC) by an author who read neither the filter
(store/privacy/), its tests (tests/store/, tests/hooks/), the benches' code, the filter's docs nor
any other part's cases: only the format (the head of unseen_four.py, carriers.py and the helpers'
signatures in tests/privacy_eval/__init__.py) and the list of family names already used, to avoid
them.  Its families are prefixed `u19`, all realistic: shaped as Claude Code sends them (a Bash
call and its output, a prompt, a Read's event or its numbered transcript lines, a Write's content,
an Edit, a tool result line).

It is never tuned on: no rule of the filter may be made for any of its cases, nobody who fixes
the filter may read them, and it is listed nowhere (no import in dev.py).  A case changes only
to fix a labelling error, said so where it is changed.

Positives (155 cases, 31 families): Vault agent sinks and consul-template renders (AppRole
secret ids, dynamic database passwords); Grafana Alloy river blocks and OpenTelemetry collector
exporters; headless CMS and backend platforms (Hasura, Directus, Strapi, Appwrite, PocketBase);
identity gateways (Authelia, authentik, Dex, ZITADEL, oauth2-proxy); overlay networks (ZeroTier,
NetBird, Headscale, Nebula); European cloud CLIs (Scaleway, Hetzner, Exoscale, UpCloud);
authenticator backups (Aegis, andOTP, 2FAS, otpauth-migration); HSM and PKCS#11 PINs (SoftHSM,
pkcs11-tool, yubihsm-shell, p11tool, pkcs11 URIs); SQL dialects creating users (Firebird, SAP
HANA, Teradata BTEQ, Db2, Vertica); Elm, ReScript and PureScript; CMake, Meson and GN; kdb+/q,
Wolfram Language and Guile/Guix; prompts in Belarusian, Yiddish, Latin, Occitan and Scottish
Gaelic; in Malagasy, Lingala, Hawaiian, Fijian and Tok Pisin; account-creating commands with the
password as an argument (htpasswd, mosquitto_passwd, kadmin, couchbase-cli, pure-pw); WebSocket
and server-sent event URLs carrying a token; admin CLIs printing or setting a reset password
(tootctl, grafana-cli, gitea admin, occ, kcadm); Solana, Monero, Cosmos and Aptos keys; JSON5,
Hjson and RON configs; Jenkins configuration-as-code, init scripts and CLI auth; S3-compatible
gateways (Garage, radosgw-admin, SeaweedFS); mailbox migration (imapsync, getmail, mbsync,
doveadm imapc); Forgejo and Gitea runners, app.ini and webhooks; app server pools (php-fpm env,
uWSGI, gunicorn raw_env, Passenger); extension publishing (vsce, ovsx, web-ext, Chrome Web Store);
self-hosted model servers (vLLM, TGI, Open WebUI, LocalAI); notification relays (Apprise URLs,
ntfy, Gotify); bare-metal provisioning (MAAS, Foreman hammer, Cobbler); Bitwarden, LastPass and
rbw CLIs; endpoint agent enrollment (Fleet/osquery, Wazuh, CrowdSec); high-availability clusters
(keepalived, pcs, Patroni, DRBD).  Some values are shaped like non-secrets on purpose: hex
(Garage and CrowdSec keys, Headscale pre-auth keys, Mastodon's reset passwords, Jenkins API
tokens, Forgejo runner tokens, Monero and Cosmos keys), UUIDs (AppRole secret ids, Scaleway
secret keys, NetBird setup keys, Open VSX tokens), base32 (TOTP seeds, Azure DevOps PATs), a
JSON array of bytes (a Solana keypair) and a seed phrase.

Negatives (95 cases, 18 families): the same neighbourhoods holding no secret: agent configs and
templates with file paths and stand-ins; collector configs reading the environment; identity and
CMS configs with argon2 hashes, env() calls and secret files; overlay status with node ids and
public keys; cloud listings with access key ids and project ids; PKCS#11 slot listings and an
encrypted authenticator vault; SQL catalogs listing users; code in the batch's languages naming
secrets without a value; prompts in the batch's languages without a secret; WebSocket URLs with
channels, versions and cursors; wallet addresses, public keys and transaction signatures; JSON5,
Hjson, RON and JCasC configs with references; gateway and mailbox listings with key ids and
UIDVALIDITY; runner logs and webhook deliveries with ids; pools and publishing workflows reading
the environment; model server and notification configs with placeholders; provisioning and agent
listings with system ids; password manager status and listings without a password.

Measured by the lead (the bench's evaluate, totals only) on main at e704729, before the stop's round:
    filter:   caught 76.1 % (118/155 cases); false 8.2 % (16/195 redactions)
    baseline: caught 23.2 % (36/155); false 24.7 % (20/81 redactions)

Values are made at run time (gen, random_secret, sha, uuid_of), so secret scanners do not flag
this file."""

from __future__ import annotations

import base64
import json

from tests.privacy_eval import (
    ALNUM,
    B32,
    HEX,
    gen,
    random_secret,
    sha,
    uuid_of,
)
from tests.privacy_eval.carriers import N, P, edit_ev, out, read_ev, read_line, said, sh, write_ev

# The people's passwords of this part (memorable, with a symbol), written for it.
H = ["Lagoon!Tapestry38", "quokka-Basalt73", "Harbor!Wren264", "Juniper$Moth91", "velvet^Ocelot36",
     "Cobalt!Finch507", "Meadow%Tapir42", "ember-Narwhal19", "Glacier&Pika83", "Sorrel!Yak2024",
     "Pumice.Heron65", "tamarind_Gull47", "Obsidian!Lark12", "Saguaro+Vole58", "Cinder@Mink903",
     "Willow~Bison21", "Paprika!Dune76", "kelp-Marten440", "Zephyr^Loon35", "Thistle!Orca86",
     "Nutmeg*Heath14", "Granite-Egret62", "Lupine!Koala29", "Bayou&Stoat97"]  # fmt: skip
H2 = ["Falafel!Condor51", "rhubarb-Ibis804", "Mangrove#Puma27", "Citadel$Wasp63", "Biscay^Lemur18",
      "Tundra!Gazelle92", "Chestnut%Crab40", "oriole-Quarry75", "Sequoia&Tern31", "Hazel!Dugong68",
      "Pewter.Hyena09", "fennec_Mortar57", "Basil!Plover223", "Cedar+Mantis44", "Ginger@Walrus16",
      "Aspen~Civet79", "Canyon!Shrike35", "moss-Pangolin81", "Fable^Newt2026", "Quince!Bream53",
      "Clove*Osprey72", "Marble-Skink38", "Yarrow!Dingo64", "Tarn&Badger19", "Pampas!Vireo86",
      "Sprocket=Auk47"]  # fmt: skip

URL = ALNUM + "-_"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
LOWER32 = "abcdefghijklmnopqrstuvwxyz234567"
DIG = "0123456789"
# Words of the BIP-39 English list, for seed phrases.
WORDS = ["abandon", "ability", "absorb", "abstract", "access", "accident", "acoustic", "acquire", "actress",
         "adapt", "addict", "advance", "aerobic", "afford", "agent", "airport", "aisle", "alarm", "album",
         "alcohol", "alien", "alley", "almost", "alpha", "amateur", "amazing", "amused", "anchor", "ancient",
         "angle", "ankle", "announce", "antenna", "antique", "anxiety", "apology", "appear", "april", "arctic",
         "arena", "armor", "arrow", "artefact", "aspect", "asthma", "athlete", "atom", "auction", "audit",
         "august", "autumn", "avocado", "awake", "awkward", "axis"]  # fmt: skip


def s(tag: str, n: int = 24) -> str:
    """A random credential of this part (mixed case and digits)."""
    return random_secret("u19" + tag, n)


def g(tag: str, n: int, alphabet: str = ALNUM) -> str:
    return gen("u19" + tag, n, alphabet)


def hx(tag: str, n: int) -> str:
    return gen("u19" + tag, n, HEX)


def b64_bytes(tag: str, n: int) -> str:
    return base64.b64encode(bytes.fromhex(hx(tag, 2 * n))).decode()


def seed_phrase(tag: str, n: int = 12) -> str:
    idx = gen("u19" + tag, n, "".join(chr(65 + i) for i in range(len(WORDS))))
    return " ".join(WORDS[ord(c) - 65] for c in idx)


def b64url(obj) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def jwt(tag: str, payload: dict) -> str:
    return b64url({"alg": "HS256", "typ": "JWT"}) + "." + b64url(payload) + "." + g(tag + "sig", 43, URL)


def uuid_upper(tag: str) -> str:
    return uuid_of("u19" + tag).upper()


def uid(tag: str) -> str:
    return uuid_of("u19" + tag)


# ---------------------------------------------------------------- positives

F01 = "u19: vault agent sinks and consul-template renders"


def f01() -> list:
    secret_id = uid("f01sid")
    accessor = uid("f01acc")
    dbpw = "A1a-" + g("f01dyn", 20)
    usr = "v-approle-app-ro-" + g("f01usr", 20) + "-1764570012"
    ct_pw, ct_auth = s("f01ctpw", 28), s("f01ctauth", 32)
    token = "hvs.CAESI" + g("f01tok", 86, URL)
    return [
        P(F01, sh("sudo cat /etc/vault-agent/secret-id; echo", secret_id + "\n", "u19f01a"), secret_id),
        P(F01, read_ev("/etc/app/db.env",
                       "# rendered by vault agent from /etc/vault-agent/templates/db.env.ctmpl\n"
                       f"DB_HOST=pg-main.service.consul\nDB_USER={usr}\nDB_PASSWORD={dbpw}\nDB_SSLMODE=verify-full\n",
                       "u19f01b"), dbpw),
        P(F01, sh("consul-template -template 'app.conf.ctmpl:app.conf' -once -dry",
                  "> app.conf\n[database]\nhost = pg-main.service.consul\nuser = app\n"
                  f"password = {ct_pw}\n\n[cache]\naddr = redis.service.consul:6379\nauth = {ct_auth}\n",
                  "u19f01c"), ct_pw, ct_auth),
        P(F01, sh("vault write -f auth/approle/role/app/secret-id",
                  "Key                   Value\n---                   -----\n"
                  f"secret_id             {secret_id[:-4] + 'c0de'}\nsecret_id_accessor    {accessor}\n"
                  "secret_id_num_uses    0\nsecret_id_ttl         768h\n", "u19f01d"), secret_id[:-4] + "c0de"),
        P(F01, out("$ sudo ls -l /run/vault && sudo cat /run/vault/.vault-token\n"
                   "total 4\n-rw-r----- 1 vault app 95 Dec  1 06:41 .vault-token\n" + token + "\n", "u19f01e"), token),
    ]


F02 = "u19: grafana alloy river blocks and otel collector exporters"


def f02() -> list:
    glc = "glc_eyJvIjoi" + g("f02glc", 110) + "In19"
    hny = s("f02hny", 32)
    basic = base64.b64encode(f"882411:{s('f02tempo', 40)}".encode()).decode()
    dd = hx("f02dd", 32)
    loki = s("f02loki", 40)
    nr = hx("f02nr", 36) + "NRAL"
    alloy = ('prometheus.remote_write "grafana_cloud" {\n  endpoint {\n'
             '    url = "https://prometheus-prod-24-prod-eu-west-2.grafana.net/api/prom/push"\n'
             '    basic_auth {\n      username = "1384022"\n      password = "' + glc + '"\n    }\n  }\n}\n')
    otel = ("exporters:\n  otlp/honeycomb:\n    endpoint: api.honeycomb.io:443\n    headers:\n"
            f'      x-honeycomb-team: "{hny}"\n  otlphttp/tempo:\n'
            "    endpoint: https://tempo-prod-10-prod-eu-west-2.grafana.net/otlp\n    headers:\n"
            f'      authorization: "Basic {basic}"\n')
    orig = ("exporters:\n  datadog:\n    api:\n      site: datadoghq.eu\n      key: ${env:DD_API_KEY}\n"
            "service:\n  pipelines:\n    traces:\n      exporters: [datadog]\n")
    return [
        P(F02, read_ev("/etc/alloy/config.alloy", alloy, "u19f02a"), glc),
        P(F02, write_ev("/home/dev/app/deploy/otel-collector.yaml", otel + "service:\n  pipelines:\n    traces:\n"
                        "      receivers: [otlp]\n      exporters: [otlp/honeycomb, otlphttp/tempo]\n", "u19f02b"),
          hny, basic),
        P(F02, edit_ev("/home/dev/app/deploy/collector.yaml", orig, "key: ${env:DD_API_KEY}", f"key: {dd}",
                       "u19f02c"), dd),
        P(F02, said('alloy keeps getting 401 from loki.write, this is the block:\n\nloki.write "default" {\n'
                    '  endpoint {\n    url = "https://logs.example.net/loki/api/v1/push"\n'
                    f'    bearer_token = "{loki}"\n  }}\n}}\n\nthe token works with curl', "u19f02d"), loki),
        P(F02, sh("kubectl -n monitoring get cm otel-collector-conf -o jsonpath='{.data.relay}'",
                  "exporters:\n  otlp/newrelic:\n    endpoint: otlp.eu01.nr-data.net:4317\n    headers:\n"
                  f"      api-key: {nr}\nreceivers:\n  otlp:\n    protocols:\n      grpc: {{}}\n", "u19f02e"), nr),
    ]


F03 = "u19: headless cms and backend platforms (hasura, directus, strapi, appwrite, pocketbase)"


def f03() -> list:
    dsec, dadm = s("f03dsec", 40), H[0]
    hasura = s("f03hasura", 32)
    pb = H[1]
    salt, ajwt = b64_bytes("f03salt", 16), b64_bytes("f03ajwt", 32)
    aw = "standard_" + hx("f03aw", 256)
    strapi_env = "HOST=0.0.0.0\nPORT=1337\nAPP_KEYS=\nDATABASE_CLIENT=postgres\n"
    return [
        P(F03, read_ev("/home/dev/cms/.env",
                       "PUBLIC_URL=https://cms.example.org\nDB_CLIENT=pg\nDB_HOST=postgres\nDB_USER=directus\n"
                       f'SECRET="{dsec}"\nADMIN_EMAIL=ops@example.org\nADMIN_PASSWORD="{dadm}"\n'
                       "CACHE_ENABLED=true\nCACHE_STORE=redis\n", "u19f03a"), dsec, dadm),
        P(F03, sh(f"hasura console --endpoint https://gql.example.dev --admin-secret {hasura}",
                  "INFO console running at: http://localhost:9695/\n", "u19f03b"), hasura),
        P(F03, sh(f"./pocketbase superuser upsert admin@example.org '{pb}'",
                  'Successfully saved superuser "admin@example.org"!\n', "u19f03c"), pb),
        P(F03, edit_ev("/home/dev/strapi/.env", strapi_env, "APP_KEYS=\n",
                       f"APP_KEYS=\nAPI_TOKEN_SALT={salt}\nADMIN_JWT_SECRET={ajwt}\n", "u19f03d"), salt, ajwt),
        P(F03, sh("curl -s https://aw.example.io/v1/users -H 'X-Appwrite-Project: 65f1c0a2b3d4e5f60718' "
                  f"-H 'X-Appwrite-Key: {aw}'", '{"total":3,"users":[]}', "u19f03e"), aw),
    ]


F04 = "u19: identity gateways (authelia, authentik, dex, zitadel, oauth2-proxy)"


def f04() -> list:
    jwt_s, sess, enc = s("f04jwt", 64), s("f04sess", 64), s("f04enc", 64)
    ak, akpg = s("f04ak", 50), H[2]
    dexc, bind = s("f04dexc", 32), H[3]
    mk = s("f04mk", 32)
    cs, ck = s("f04cs", 40), g("f04ck", 43, URL) + "="
    authelia = ("theme: auto\nidentity_validation:\n  reset_password:\n"
                f"    jwt_secret: '{jwt_s}'\nsession:\n  secret: '{sess}'\n  cookies:\n"
                "    - domain: example.org\n      authelia_url: https://auth.example.org\nstorage:\n"
                f"  encryption_key: '{enc}'\n  local:\n    path: /config/db.sqlite3\n")
    dex = ("issuer: https://dex.example.org\nstorage:\n  type: sqlite3\n  config:\n    file: /var/dex/dex.db\n"
           "connectors:\n- type: ldap\n  id: ldap\n  name: Corp LDAP\n  config:\n    host: ldap.corp.example:636\n"
           f"    bindDN: cn=dex,ou=svc,dc=corp,dc=example\n    bindPW: '{bind}'\nstaticClients:\n- id: grafana\n"
           f"  name: Grafana\n  secret: {dexc}\n  redirectURIs: ['https://grafana.example.org/login/generic_oauth']\n")
    return [
        P(F04, read_ev("/srv/authelia/config/configuration.yml", authelia, "u19f04a"), jwt_s, sess, enc),
        P(F04, sh(f"docker run -d --name authentik-server -e AUTHENTIK_SECRET_KEY='{ak}' "
                  f"-e AUTHENTIK_POSTGRESQL__HOST=pg -e AUTHENTIK_POSTGRESQL__PASSWORD='{akpg}' "
                  "ghcr.io/goauthentik/server:2025.10 server", hx("f04cid", 64) + "\n", "u19f04b"), ak, akpg),
        P(F04, write_ev("/srv/dex/config.yaml", dex, "u19f04c"), bind, dexc),
        P(F04, sh(f'zitadel start-from-init --masterkey "{mk}" --tlsMode external --config /etc/zitadel/config.yaml',
                  "INFO setup started\nINFO setup completed\nINFO server is listening on :8080\n", "u19f04d"), mk),
        P(F04, said("oauth2-proxy in front of grafana redirects forever. cfg:\n"
                    "provider = \"oidc\"\noidc_issuer_url = \"https://dex.example.org\"\nclient_id = \"grafana-proxy\"\n"
                    f"client_secret = \"{cs}\"\ncookie_secret = \"{ck}\"\ncookie_domains = [\".example.org\"]\n",
                    "u19f04e"), cs, ck),
    ]


F05 = "u19: overlay networks (zerotier, netbird, headscale, nebula)"


def f05() -> list:
    zt = g("f05zt", 24, "abcdefghijklmnopqrstuvwxyz0123456789")
    setup = uuid_upper("f05nb")
    hs = hx("f05hs", 48)
    nkey = b64_bytes("f05neb", 32)
    central = s("f05central", 32)
    return [
        P(F05, sh("sudo cat /var/lib/zerotier-one/authtoken.secret; echo", zt + "\n", "u19f05a"), zt),
        P(F05, sh(f"sudo netbird up --setup-key {setup} --management-url https://netbird.example.org:443",
                  "Connected\n", "u19f05b"), setup),
        P(F05, sh("headscale preauthkeys create --user office --reusable --expiration 24h", hs + "\n", "u19f05c"), hs),
        P(F05, read_ev("/etc/nebula/host.key", "-----BEGIN NEBULA X25519 PRIVATE KEY-----\n" + nkey +
                       "\n-----END NEBULA X25519 PRIVATE KEY-----\n", "u19f05d"), nkey),
        P(F05, said(f"here's my zerotier central api token {central} - write a small python script that "
                    "authorizes every member of network 8056c2e21c000001 whose name starts with lab-", "u19f05e"),
          central),
    ]


F06 = "u19: european cloud cli profiles (scaleway, hetzner, exoscale, upcloud)"


def f06() -> list:
    scw = uid("f06scw")
    hc = s("f06hc", 64)
    exo = g("f06exo", 43, URL)
    upc = H[4]
    scw2 = uid("f06scw2")
    ak = "SCW" + g("f06ak", 17, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    return [
        P(F06, read_ev("/home/dev/.config/scw/config.yaml",
                       f"access_key: {ak}\nsecret_key: {scw}\ndefault_organization_id: {uid('f06org')}\n"
                       f"default_project_id: {uid('f06proj')}\ndefault_region: fr-par\ndefault_zone: fr-par-1\n",
                       "u19f06a"), scw),
        P(F06, sh("cat ~/.config/hcloud/cli.toml", 'active_context = "prod"\n\n[[contexts]]\n  name = "prod"\n'
                  f'  token = "{hc}"\n', "u19f06b"), hc),
        P(F06, sh(f"EXOSCALE_API_KEY=EXO{hx('f06exok', 24)} EXOSCALE_API_SECRET={exo} exo compute instance list",
                  "┼──────────────────────────────────────┼────────┼──────────┼\n"
                  "│ web-01 │ ch-gva-2 │ running │\n", "u19f06c"), exo),
        P(F06, write_ev("/home/dev/.config/upctl.yaml", f"username: api-deploy\npassword: \"{upc}\"\n", "u19f06d"),
          upc),
        P(F06, sh(f"scw iam api-key create application-id={uid('f06app')} description=ci-deployer",
                  f"AccessKey          SCW{g('f06ak2', 17, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}\n"
                  f"SecretKey          {scw2}\nApplicationID      {uid('f06app')}\nDescription        ci-deployer\n"
                  "CreatedAt          now\nDefaultProjectID   " + uid("f06proj") + "\nEditable           true\n",
                  "u19f06e"), scw2),
    ]


F07 = "u19: authenticator backups (aegis, andotp, 2fas, otpauth-migration)"


def f07() -> list:
    a1, a2 = g("f07a1", 32, B32), g("f07a2", 32, B32)
    an = g("f07an", 32, B32)
    mig = g("f07mig", 148)
    fas = g("f07fas", 32, B32)
    fm = g("f07fm", 32, B32)
    aegis = {"version": 1, "header": {"slots": None, "params": None},
             "db": {"version": 3, "entries": [
                 {"type": "totp", "uuid": uid("f07e1"), "name": "alice@example.org", "issuer": "GitHub", "note": "",
                  "favorite": False, "icon": None,
                  "info": {"secret": a1, "algo": "SHA1", "digits": 6, "period": 30}},
                 {"type": "totp", "uuid": uid("f07e2"), "name": "alice", "issuer": "Proton", "note": "",
                  "favorite": True, "icon": None,
                  "info": {"secret": a2, "algo": "SHA1", "digits": 6, "period": 30}}]}}
    andotp = [{"secret": an, "issuer": "Hetzner", "label": "ops@example.org", "digits": 6, "type": "TOTP",
               "algorithm": "SHA1", "thumbnail": "Default", "last_used": 1764551100112, "used_frequency": 4,
               "period": 30, "tags": ["work"]}]
    twofas = {"services": [{"name": "Cloudflare", "secret": fas, "updatedAt": 1764551100112,
                            "otp": {"account": "ops@example.org", "digits": 6, "period": 30, "algorithm": "SHA1",
                                    "tokenType": "TOTP", "source": "Link"}, "order": {"position": 0}}],
              "schemaVersion": 4, "appVersionCode": 5000012}
    return [
        P(F07, read_ev("/home/dev/Downloads/aegis-export-plain-20261201.json", json.dumps(aegis, indent=4),
                       "u19f07a"), a1, a2),
        P(F07, read_line(json.dumps(andotp, indent=2), "u19f07b"), an),
        P(F07, sh("zbarimg -q --raw ~/Pictures/authenticator-export.png",
                  f"QR-Code:otpauth-migration://offline?data={mig}\n", "u19f07c"), mig),
        P(F07, sh("jq . ~/Downloads/2fas-backup-20261201.2fas", json.dumps(twofas, indent=2), "u19f07d"), fas),
        P(F07, said("moving my 2fa into keepassxc. the old app gave me "
                    f"otpauth://totp/Fastmail:me%40example.org?secret={fm}&issuer=Fastmail&digits=6 "
                    "- what do I put in the TOTP settings dialog?", "u19f07e"), fm),
    ]


F08 = "u19: hsm and pkcs#11 pins (softhsm, pkcs11-tool, yubihsm-shell, p11tool)"


def f08() -> list:
    so, pin = s("f08so", 16), s("f08pin", 12)
    pin2 = s("f08pin2", 12)
    yh = H[5]
    p11 = s("f08p11", 14)
    uri = s("f08uri", 16)
    return [
        P(F08, sh(f"softhsm2-util --init-token --free --label signing --so-pin {so} --pin {pin}",
                  "The token has been initialized and is reassigned to slot 1749210523\n", "u19f08a"), so, pin),
        P(F08, sh("pkcs11-tool --module /usr/lib/softhsm/libsofthsm2.so --login "
                  f"--pin {pin2} --keypairgen --key-type EC:prime256v1 --label jws --id 01",
                  "Key pair generated:\nPrivate Key Object; EC\n  label:      jws\n  ID:         01\n"
                  "  Usage:      decrypt, sign, signRecover, unwrap, derive\nPublic Key Object; EC  EC_POINT 256 bits\n"
                  "  EC_POINT:   04410486b8f4c1e0a5...\n  label:      jws\n", "u19f08b"), pin2),
        P(F08, sh(f"yubihsm-shell --connector http://127.0.0.1:12345 --authkey 0x0003 -p '{yh}' -a list-objects",
                  "Session keepalive set up to run every 15 seconds\nCreated session 1\n"
                  "Found 3 object(s)\nid: 0x0003, type: authentication-key, algo: aes128-yubico-authentication, sequence: 0\n"
                  "id: 0x0a11, type: asymmetric-key, algo: eccp256, sequence: 0\n", "u19f08c"), yh),
        P(F08, sh(f"p11tool --login --set-pin={p11} --generate-privkey=ecdsa --curve=secp256r1 --label=tls "
                  "'pkcs11:model=SoftHSM%20v2;token=web'", "Generating an ECDSA private key...\n", "u19f08d"), p11),
        P(F08, read_ev("/etc/ssl/openssl-pkcs11.cnf",
                       "openssl_conf = openssl_init\n\n[openssl_init]\nengines = engine_section\n\n[engine_section]\n"
                       "pkcs11 = pkcs11_section\n\n[pkcs11_section]\nengine_id = pkcs11\n"
                       "MODULE_PATH = /usr/lib/x86_64-linux-gnu/softhsm/libsofthsm2.so\n"
                       f"PIN = {uri}\ninit = 0\n\n# key: pkcs11:token=ca;object=root-2026;type=private\n",
                       "u19f08e"), uri),
    ]


F09 = "u19: sql dialects creating users (firebird, sap hana, teradata, db2, vertica)"


def f09() -> list:
    fb1, fb2 = H[6], s("f09fb2", 20)
    h1, h2 = s("f09h1", 20), s("f09h2", 16)
    td = s("f09td", 18)
    db2 = H[7]
    vt = H[8]
    return [
        P(F09, sh(f"isql-fb -user SYSDBA -password '{fb1}' localhost:/var/lib/firebird/data/shop.fdb <<'SQL'\n"
                  f"CREATE USER deploy PASSWORD '{fb2}';\nGRANT RDB$ADMIN TO deploy;\nCOMMIT;\nSQL", "", "u19f09a"),
          fb1, fb2),
        P(F09, sh(f'hdbsql -n hana01:30015 -u SYSTEM -p {h1} "CREATE USER APP_RO PASSWORD \\"{h2}\\" '
                  'NO FORCE_FIRST_PASSWORD_CHANGE"', "0 rows affected (overall time 21.342 msec; server time 19.118 msec)\n",
                  "u19f09b"), h1, h2),
        P(F09, write_ev("/home/dev/etl/load_orders.btq",
                        f".LOGON tdprod/etl_user,{td};\n.SET ERROROUT STDOUT;\n\nDATABASE sales;\n"
                        "INSERT INTO sales.orders_stage SELECT * FROM sales.orders_landing;\n.LOGOFF;\n.QUIT;\n",
                        "u19f09c"), td),
        P(F09, sh(f"db2 connect to SAMPLE user db2inst1 using '{db2}'",
                  "\n   Database Connection Information\n\n Database server        = DB2/LINUXX8664 11.5.9.0\n"
                  " SQL authorization ID   = DB2INST1\n Local database alias   = SAMPLE\n\n", "u19f09d"), db2),
        P(F09, read_line("-- V042__reporting_user.sql\nCREATE USER reporting IDENTIFIED BY '" + vt + "';\n"
                         "GRANT USAGE ON SCHEMA analytics TO reporting;\n"
                         "GRANT SELECT ON ALL TABLES IN SCHEMA analytics TO reporting;\n", "u19f09e"), vt),
    ]


F10 = "u19: elm, rescript and purescript sources"


def f10() -> list:
    alg = hx("f10alg", 32)
    rs = "re_" + g("f10rs", 8) + "_" + g("f10rs2", 24)
    at = "pat" + g("f10at", 14) + "." + hx("f10at2", 64)
    mg = hx("f10mg", 32) + "-" + hx("f10mg2", 8) + "-" + hx("f10mg3", 8)
    pus = hx("f10pus", 20)
    elm_orig = ('module Mail exposing (send)\n\nmailgunKey : String\nmailgunKey =\n    ""\n')
    return [
        P(F10, read_ev("/home/dev/web/src/Api.elm",
                       "module Api exposing (algoliaAppId, algoliaAdminKey)\n\n\nalgoliaAppId : String\n"
                       'algoliaAppId =\n    "QK7RZ2W9PL"\n\n\nalgoliaAdminKey : String\nalgoliaAdminKey =\n'
                       f'    "{alg}"\n', "u19f10a"), alg),
        P(F10, write_ev("/home/dev/web/src/Config.res",
                        f'let resendKey = "{rs}"\nlet fromAddress = "noreply@example.org"\n', "u19f10b"), rs),
        P(F10, read_line("module Main where\n\nimport Prelude\nimport Effect (Effect)\n\nairtableToken :: String\n"
                         f'airtableToken = "{at}"\n\nbaseId :: String\nbaseId = "appX1b2C3d4E5f6G7"\n', "u19f10c"), at),
        P(F10, edit_ev("/home/dev/web/src/Mail.elm", elm_orig, 'mailgunKey =\n    ""', f'mailgunKey =\n    "{mg}"',
                       "u19f10d"), mg),
        P(F10, read_ev("/home/dev/web/src/Realtime.res",
                       "@module(\"pusher\") @new external make: (string, 'opts) => t = \"default\"\n\n"
                       f'let server = Pusher.make({{appId: "1733912", key: "{hx("f10puskey", 20)}", '
                       f'secret: "{pus}", cluster: "eu", useTLS: true}})\n', "u19f10e"), pus),
    ]


F11 = "u19: cmake, meson and gn build files"


def f11() -> list:
    gk = "AIza" + g("f11gk", 35, URL)
    gs = "GOCSPX-" + g("f11gs", 28, URL)
    lic = s("f11lic", 32)
    fc = H[9]
    st = "sntryu_" + hx("f11st", 64)
    cn = H[10]
    cm_orig = ("include(FetchContent)\nFetchContent_Declare(vendor_sdk\n"
               "  URL https://artifacts.example.com/sdk/vendor-sdk-2.4.tar.gz\n)\n")
    return [
        P(F11, read_ev("/home/dev/chromium/src/out/Release/args.gn",
                       f'is_debug = false\nis_component_build = false\nsymbol_level = 0\ngoogle_api_key = "{gk}"\n'
                       'google_default_client_id = "73110495-abc.apps.googleusercontent.com"\n'
                       f'google_default_client_secret = "{gs}"\n', "u19f11a"), gk, gs),
        P(F11, sh(f"cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DLICENSE_SERVER_TOKEN={lic}",
                  "-- The CXX compiler identification is GNU 14.2.0\n-- Configuring done (1.9s)\n"
                  "-- Generating done (0.1s)\n-- Build files have been written to: /home/dev/app/build\n", "u19f11b"),
          lic),
        P(F11, edit_ev("/home/dev/app/CMakeLists.txt", cm_orig, "  URL https://artifacts.example.com/",
                       f"  URL https://ci:{fc}@artifacts.example.com/", "u19f11c"), fc),
        P(F11, sh(f"meson setup build --buildtype=release -Dsentry_auth_token={st}",
                  "The Meson build system\nVersion: 1.6.0\nBuild type: native build\nProject name: viewer\n"
                  "Found ninja-1.12.1 at /usr/bin/ninja\n", "u19f11d"), st),
        P(F11, read_ev("/home/dev/app/CMakeUserPresets.json", json.dumps({
            "version": 6, "configurePresets": [{"name": "ci", "inherits": "release", "cacheVariables": {
                "CONAN_LOGIN_USERNAME": "ci", "CONAN_PASSWORD": cn, "CMAKE_EXPORT_COMPILE_COMMANDS": "ON"}}]},
            indent=2), "u19f11e"), cn),
    ]


F12 = "u19: kdb+/q, wolfram language and guile/guix"


def f12() -> list:
    q1 = s("f12q1", 20)
    oa = "sk-proj-" + g("f12oa1", 74, URL) + "T3BlbkFJ" + g("f12oa2", 74, URL)
    gh = "ghp_" + g("f12gh", 36)
    wk = s("f12wk", 32)
    q2 = s("f12q2", 18)
    return [
        P(F12, read_ev("/home/dev/tick/feed.q",
                       "/ feed handler: connect to the tickerplant\n"
                       f'h:hopen `$":tick.internal:5010:svc_feed:{q1}"\n'
                       "upd:{[t;x] neg[h](`.u.upd;t;x)}\n.z.ts:{upd[`trade;getTrades[]]}\n\\t 1000\n", "u19f12a"), q1),
        P(F12, read_line('(* credentials for the notebook *)\nSystemCredential["OPENAI_API_KEY"] = "' + oa + '";\n'
                         'model = LLMConfiguration[<|"Model" -> {"OpenAI", "gpt-4o-mini"}|>];\n', "u19f12b"), oa),
        P(F12, read_ev("/home/dev/.config/guix/home.scm",
                       "(use-modules (gnu home) (gnu home services) (gnu services))\n\n(home-environment\n"
                       " (services\n  (list (simple-service 'env-vars home-environment-variables-service-type\n"
                       f"          `((\"EDITOR\" . \"emacs\")\n            (\"GITHUB_TOKEN\" . \"{gh}\"))))))\n",
                       "u19f12c"), gh),
        P(F12, sh("wolframscript -code 'URLRead[HTTPRequest[\"https://api.example-weather.io/v2/forecast\", "
                  f"<|\"Headers\" -> {{\"X-Api-Key\" -> \"{wk}\"}}|>], \"StatusCode\"]'", "200\n", "u19f12d"), wk),
        P(F12, out("q)\\c 25 200\nq)h:hopen `:hdb01:5012:analyst:" + q2 + "\nq)h\"count trade\"\n42118843\n"
                   "q)h\"select max price by sym from trade where date=.z.d-1\"\nsym | price\n----| -----\n", "u19f12e"),
          q2),
    ]


F13 = "u19: prompts in belarusian, yiddish, latin, occitan and scottish gaelic"


def f13() -> list:
    be, yi, oc = H[11], H[12], H[13]
    la = s("f13la", 32)
    gd = "ghp_" + g("f13gd", 36)
    return [
        P(F13, said("Прывітанне! Не магу падключыцца да базы на db.internal. Карыстальнік app, пароль "
                    f"{be}. Што тут не так з pg_hba.conf?", "u19f13a"), be),
        P(F13, said(f"איך קען נישט אַרײַנלאָגירן אין דעם סערווער. באַניצער admin, פּאַראָל {yi}. "
                    "קענסט מיר העלפֿן מיט דער ssh קאָנפֿיגוראַציע?", "u19f13b"), yi),
        P(F13, said(f"Salve! Clavis API nostra est {la}. Quaeso scribe scriptum quod eam in Vault ponat, "
                    "non in codice fonte.", "u19f13c"), la),
        P(F13, said(f"Bonjorn, lo senhal de la basa es {oc} e l'utilizaire es reporting. "
                    "Pòdes verificar perqué la connexion fa pas?", "u19f13d"), oc),
        P(F13, said(f"Halò! Seo an tòcan GitHub agam: {gd}. Cuir e ann an dìomhaireachd an stòrais, "
                    "mas e do thoil e.", "u19f13e"), gd),
    ]


F14 = "u19: prompts in malagasy, lingala, hawaiian, fijian and tok pisin"


def f14() -> list:
    mg, ln, hw, tp = H[14], H[15], H[16], H[17]
    fj = s("f14fj", 32)
    return [
        P(F14, said(f"Manao ahoana! Ny teny miafina ho an'ny mpampiasa deploy dia {mg}. "
                    "Azafady, ampio aho hanova azy ao amin'ny serveur.", "u19f14a"), mg),
        P(F14, said(f"Mbote! Mot de passe ya base de données ezali {ln}, kasi connexion ezali kosala te. "
                    "Okoki kosalisa ngai?", "u19f14b"), ln),
        P(F14, said(f"Aloha! Eia ka ʻōlelo huna no ka mea hoʻohana admin: {hw}. "
                    "E ʻoluʻolu e hoʻoponopono i ka faila config.", "u19f14c"), hw),
        P(F14, said(f"Bula vinaka! Oqo na API key ni neitou server: {fj}. Kerekere vukei au meu "
                    "vakayagataka ena script ni backup.", "u19f14d"), fj),
        P(F14, said(f"Gude! Pasword bilong database em {tp}. Yu ken helpim mi long stretim config "
                    "bilong app?", "u19f14e"), tp),
    ]


F15 = "u19: account-creating commands with the password as an argument"


def f15() -> list:
    ht, mq, kd = H[18], H[19], H[20]
    cb1, cb2 = H[21], s("f15cb2", 20)
    pp = H[22]
    return [
        P(F15, sh(f"sudo htpasswd -bB /etc/nginx/.htpasswd grafana '{ht}'", "",
                  "u19f15a", "Adding password for user grafana\n"), ht),
        P(F15, sh(f"sudo mosquitto_passwd -b /etc/mosquitto/passwd sensor-07 '{mq}' && sudo systemctl reload mosquitto",
                  "", "u19f15b"), mq),
        P(F15, sh(f"sudo kadmin.local -q \"addprinc -pw {kd} svc_backup@CORP.EXAMPLE.COM\"",
                  "Authenticating as principal root/admin@CORP.EXAMPLE.COM with password.\n"
                  'Principal "svc_backup@CORP.EXAMPLE.COM" created.\n', "u19f15c"), kd),
        P(F15, sh(f"couchbase-cli user-manage -c cb01:8091 -u Administrator -p '{cb1}' --set "
                  f"--rbac-username app --rbac-password '{cb2}' --roles 'bucket_full_access[orders]' --auth-domain local",
                  "SUCCESS: User app set\n", "u19f15d"), cb1, cb2),
        P(F15, sh(f"printf '%s\\n%s\\n' '{pp}' '{pp}' | sudo pure-pw useradd uploader -u ftpuser "
                  "-d /srv/ftp/uploader -m", "", "u19f15e"), pp),
    ]


F16 = "u19: websocket and server-sent event urls carrying a token"


def f16() -> list:
    k1, t2, t3, t4, k5 = s("f16k1", 32), s("f16t2", 40), s("f16t3", 36), s("f16t4", 40), s("f16k5", 28)
    return [
        P(F16, sh(f'websocat -n1 "wss://stream.example-markets.io/v2/ws?apikey={k1}"',
                  '{"type":"welcome","server":"ws-eu-3","heartbeat":30}\n', "u19f16a"), k1),
        P(F16, read_ev("/home/dev/web/src/live.ts",
                       "const BASE = 'https://events.example.app';\n\nexport function subscribe(onMsg: (e: MessageEvent) => void) {\n"
                       f"  const es = new EventSource(`${{BASE}}/v1/stream?access_token={t2}`);\n"
                       "  es.onmessage = onMsg;\n  return () => es.close();\n}\n", "u19f16b"), t2),
        P(F16, out(f'10.0.3.7 - - [01/Dec/2026:06:12:44 +0000] "GET /cable?token={t3} HTTP/1.1" 101 0 "-" '
                   '"Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0"\n', "u19f16c"), t3),
        P(F16, said("the socket connects from wscat but the browser gets 403:\n"
                    f"wscat -c 'wss://rt.example.app/socket/websocket?token={t4}&vsn=2.0.0'\n"
                    "Connected (press CTRL+C to quit)", "u19f16d"), t4),
        P(F16, write_ev("/home/dev/bot/feed.py",
                        "import asyncio\n\nimport websockets\n\n"
                        f'URL = "wss://feeds.example.io/live?channel=orders&api_key={k5}"\n\n\n'
                        "async def main():\n    async with websockets.connect(URL) as ws:\n"
                        "        async for msg in ws:\n            print(msg)\n\nasyncio.run(main())\n", "u19f16e"), k5),
    ]


F17 = "u19: admin clis printing or setting a reset password (tootctl, grafana-cli, gitea, occ, kcadm)"


def f17() -> list:
    toot = hx("f17toot", 32)
    gr, gt, oc, kc = H[23], H2[0], H2[1], H2[2]
    return [
        P(F17, sh("RAILS_ENV=production bin/tootctl accounts modify alice --reset-password",
                  f"OK\nNew password: {toot}\n", "u19f17a"), toot),
        P(F17, sh(f"sudo grafana-cli admin reset-admin-password '{gr}'",
                  "INFO [12-01|06:30:11] Starting Grafana  logger=settings version=11.3.1\n\n"
                  "Admin password changed successfully ✔\n", "u19f17b"), gr),
        P(F17, sh(f"sudo -u git gitea admin user change-password --username ops --password '{gt}' -c /etc/gitea/app.ini",
                  "ops's password has been successfully updated!\n", "u19f17c"), gt),
        P(F17, sh(f"sudo -u www-data OC_PASS='{oc}' php occ user:resetpassword --password-from-env alice",
                  "Successfully reset password for alice\n", "u19f17d"), oc),
        P(F17, sh("docker exec keycloak /opt/keycloak/bin/kcadm.sh set-password -r master --username admin "
                  f"--new-password '{kc}'", "", "u19f17e"), kc),
    ]


F18 = "u19: solana, monero, cosmos and aptos keys"


def f18() -> list:
    arr = "[" + ",".join(str(int(hx(f"f18b{i}", 2), 16)) for i in range(64)) + "]"
    phrase = seed_phrase("f18seed")
    xmr = hx("f18xmr", 64)
    atom = hx("f18atom", 64).upper()
    apt = hx("f18apt", 64)
    return [
        P(F18, read_ev("/home/dev/.config/solana/id.json", arr, "u19f18a"), arr),
        P(F18, sh("solana-keygen new --no-bip39-passphrase -o deploy.json",
                  "Generating a new keypair\nWrote new keypair to deploy.json\n"
                  "===========================================================================\n"
                  f"pubkey: {g('f18pub', 44, B58)}\n"
                  "===========================================================================\n"
                  "Save this seed phrase to recover your new keypair:\n" + phrase + "\n"
                  "===========================================================================\n", "u19f18b"),
          phrase),
        P(F18, out(f"[wallet 4{g('f18addr', 5, B58)}]: spendkey\nWallet password: \nsecret: {xmr}\n"
                   f"public: {hx('f18xmrpub', 64)}\n", "u19f18c"), xmr),
        P(F18, sh("gaiad keys export validator --unarmored-hex --unsafe --keyring-backend test",
                  atom + "\n", "u19f18d",
                  "WARNING: The private key will be exported as an unarmored hexadecimal string. USE AT YOUR OWN RISK. "
                  "Continue? [y/N]: y\n"), atom),
        P(F18, read_ev("/home/dev/move/.aptos/config.yaml",
                       "---\nprofiles:\n  default:\n    network: Testnet\n"
                       f'    private_key: "ed25519-priv-0x{apt}"\n'
                       f'    public_key: "ed25519-pub-0x{hx("f18aptpub", 64)}"\n'
                       f'    account: {hx("f18aptacc", 64)}\n'
                       '    rest_url: "https://fullnode.testnet.aptoslabs.com"\n', "u19f18e"), apt),
    ]


F19 = "u19: json5, hjson and ron configs"


def f19() -> list:
    j5 = H2[3]
    hj = s("f19hj", 22)
    did = str(1100000000000000000 + int(hx("f19did", 12), 16))
    disc = base64.b64encode(did.encode()).decode().rstrip("=") + "." + g("f19d2", 6, URL) + "." + g("f19d3", 38, URL)
    gh = "ghp_" + g("f19gh", 36)
    steam = hx("f19steam", 32).upper()
    ren = "{\n  extends: ['config:recommended'],\n  hostRules: [],\n}\n"
    return [
        P(F19, read_ev("/home/dev/app/config/local.json5",
                       "// local development only\n{\n  server: { port: 8080, },\n  database: {\n    host: 'localhost',\n"
                       f"    user: 'app',\n    password: '{j5}',\n  }},\n}}\n", "u19f19a"), j5),
        P(F19, read_ev("/home/dev/app/config/mail.hjson",
                       "{\n  smtp: {\n    host: smtp.example.org\n    port: 587\n    user: mailer\n"
                       f"    password: {hj}\n  }}\n}}\n", "u19f19b"), hj),
        P(F19, write_ev("/home/dev/bot/config.ron",
                        f'Config(\n    prefix: "!",\n    discord_token: "{disc}",\n    guilds: [1123581321345589],\n)\n',
                        "u19f19c"), disc),
        P(F19, edit_ev("/home/dev/app/renovate.json5", ren, "  hostRules: [],",
                       f"  hostRules: [\n    {{ matchHost: 'npm.pkg.github.com', token: '{gh}' }},\n  ],", "u19f19d"), gh),
        P(F19, read_line(f'(\n    steam_web_api_key: "{steam}",\n    app_id: 2437170,\n    leaderboard: "weekly",\n)\n',
                         "u19f19e"), steam),
    ]


F20 = "u19: jenkins configuration-as-code, init scripts and cli auth"


def f20() -> list:
    nx, sn = H2[4], s("f20sn", 32)
    slack = "xoxb-" + g("f20s1", 11, DIG) + "-" + g("f20s2", 13, DIG) + "-" + g("f20s3", 24)
    adm = H2[5]
    tok1, tok2 = "11" + hx("f20t1", 32), "11" + hx("f20t2", 32)
    casc = ("credentials:\n  system:\n    domainCredentials:\n      - credentials:\n"
            "          - usernamePassword:\n              scope: GLOBAL\n              id: nexus-deploy\n"
            f"              username: deploy\n              password: \"{nx}\"\n"
            "          - string:\n              scope: GLOBAL\n              id: sonar-token\n"
            f"              secret: \"{sn}\"\n")
    sec = "jenkins:\n  securityRealm:\n    local:\n      allowsSignup: false\n      users:\n        - id: admin\n"
    return [
        P(F20, read_ev("/var/lib/jenkins/casc/jenkins.yaml", casc, "u19f20a"), nx, sn),
        P(F20, write_ev("/var/lib/jenkins/init.groovy.d/10-slack.groovy",
                        "import com.cloudbees.plugins.credentials.*\nimport com.cloudbees.plugins.credentials.domains.Domain\n"
                        "import org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl\nimport hudson.util.Secret\n\n"
                        'def c = new StringCredentialsImpl(CredentialsScope.GLOBAL, "slack-bot", "Slack bot token",\n'
                        f'    Secret.fromString("{slack}"))\n'
                        "SystemCredentialsProvider.getInstance().getStore().addCredentials(Domain.global(), c)\n",
                        "u19f20b"), slack),
        P(F20, edit_ev("/var/lib/jenkins/casc/security.yaml", sec, "        - id: admin\n",
                       f"        - id: admin\n          password: \"{adm}\"\n", "u19f20c"), adm),
        P(F20, sh(f"curl -s -X POST -u admin:{tok1} https://ci.example.org/reload-configuration-as-code/ "
                  "-w '%{http_code}\\n'", "200\n", "u19f20d"), tok1),
        P(F20, sh(f"java -jar jenkins-cli.jar -s https://ci.example.org/ -auth ops:{tok2} build deploy-prod -p TAG=v4.2.0 -s",
                  "Started deploy-prod #318\nCompleted deploy-prod #318 : SUCCESS\n", "u19f20e"), tok2),
    ]


F21 = "u19: s3-compatible gateways (garage, radosgw-admin, seaweedfs)"


def f21() -> list:
    gsec = hx("f21g", 64)
    rsec = g("f21r", 40)
    wsec = s("f21w", 40)
    s3c = hx("f21s3c", 64)
    psec = g("f21p", 40)
    upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    rgw = {"user_id": "backup", "display_name": "Backup", "email": "", "suspended": 0, "max_buckets": 1000,
           "subusers": [], "keys": [{"user": "backup", "access_key": g("f21rak", 20, upper), "secret_key": rsec,
                                      "active": True, "create_date": "2026-12-01T06:20:14.118292Z"}],
           "swift_keys": [], "caps": [], "op_mask": "read, write, delete", "default_placement": ""}
    s3json = {"identities": [{"name": "admin", "credentials": [{"accessKey": g("f21wak", 20, upper),
                                                                 "secretKey": wsec}], "actions": ["Admin", "Read", "Write"]},
                             {"name": "anonymous", "actions": ["Read:public"]}]}
    return [
        P(F21, sh("garage key create app-key",
                  f"Key name: app-key\nKey ID: GK{hx('f21gid', 24)}\nSecret key: {gsec}\nCan create buckets: false\n\n"
                  "Key-specific bucket aliases:\n\nAuthorized buckets:\n", "u19f21a"), gsec),
        P(F21, sh('radosgw-admin user create --uid=backup --display-name="Backup"', json.dumps(rgw, indent=4),
                  "u19f21b"), rsec),
        P(F21, read_ev("/etc/seaweedfs/s3.json", json.dumps(s3json, indent=2), "u19f21c"), wsec),
        P(F21, sh(f"s3cmd --host=s3.garage.lan:3900 --host-bucket=s3.garage.lan:3900 --access_key=GK{hx('f21gid2', 24)} "
                  f"--secret_key={s3c} ls", "2026-11-30 21:04  s3://backups\n2026-11-12 09:51  s3://media\n",
                  "u19f21d"), s3c),
        P(F21, said(f"radosgw gave me access key {g('f21pak', 20, upper)} and secret {psec} for the media user. "
                    "how do I write a bucket policy so only that user can write to media-uploads?", "u19f21e"), psec),
    ]


F22 = "u19: mailbox migration and sync tools (imapsync, getmail, mbsync, doveadm imapc)"


def f22() -> list:
    p1, p2 = H2[6], H2[7]
    gm, mb = s("f22gm", 20), H2[8]
    lg = H2[9]
    dv = H2[10]
    return [
        P(F22, sh(f"imapsync --host1 imap.old-host.example --user1 alice@example.org --password1 '{p1}' "
                  f"--host2 imap.example.org --user2 alice@example.org --password2 '{p2}' --automap --dry",
                  "imapsync 2.290 using Mail::IMAPClient 3.43\nHost1: imap.old-host.example says it has CAPABILITY\n"
                  "Host1: folder [INBOX] has 18221 messages in total\n", "u19f22a"), p1, p2),
        P(F22, read_ev("/home/dev/.config/getmail/getmailrc",
                       "[retriever]\ntype = SimpleIMAPSSLRetriever\nserver = imap.example.de\nusername = archive@example.de\n"
                       f"password = {gm}\nmailboxes = (\"INBOX\", \"Sent\")\n\n[destination]\ntype = Maildir\n"
                       "path = ~/Mail/archive/\n\n[options]\nread_all = false\ndelete = false\n", "u19f22b"), gm),
        P(F22, read_line("IMAPAccount work\nHost imap.example.org\nUser bob@example.org\n"
                         f"Pass {mb}\nTLSType IMAPS\n\nIMAPStore work-remote\nAccount work\n", "u19f22c"), mb),
        P(F22, out("Command line used, run by /usr/bin/perl:\n/usr/bin/imapsync --host1 mail.legacy.example "
                   f"--user1 carol --password1 {lg} --host2 imap.example.org --user2 carol@example.org "
                   "--password2 MASKED --showpasswords\nTemp directory is /tmp\nPID is 48811\n", "u19f22d"), lg),
        P(F22, sh(f"sudo doveadm -o imapc_host=mail.legacy.example -o imapc_user=dave -o imapc_password='{dv}' "
                  "-o mail_fsync=never backup -R -u dave@example.org imapc:", "", "u19f22e"), dv),
    ]


F23 = "u19: forgejo and gitea runners, app.ini and webhooks"


def f23() -> list:
    reg = g("f23reg", 40)
    rt = hx("f23rt", 40)
    sk = g("f23sk", 64)
    it = jwt("f23it", {"nbf": 1764570000})
    js = g("f23js", 43, URL)
    at, wh = hx("f23at", 40), s("f23wh", 32)
    runner = {"WARNING": "This file is automatically generated by act_runner. Do not edit it manually unless you "
                         "know what you are doing. Removing this file will cause act_runner to re-register as a new runner.",
              "id": 7, "uuid": uid("f23uuid"), "name": "build-01", "token": rt,
              "address": "https://code.example.net", "labels": ["ubuntu-latest:docker://node:20-bookworm"]}
    return [
        P(F23, sh(f"forgejo-runner register --no-interactive --instance https://code.example.net --token {reg} "
                  "--name build-01 --labels docker:docker://node:20-bookworm",
                  'level=info msg="Registering runner, name=build-01, instance=https://code.example.net/, '
                  'labels=[docker:docker://node:20-bookworm]."\nlevel=info msg="Runner registered successfully."\n',
                  "u19f23a"), reg),
        P(F23, read_ev("/var/lib/act_runner/.runner", json.dumps(runner, indent=2), "u19f23b"), rt),
        P(F23, read_ev("/etc/gitea/app.ini",
                       "APP_NAME = Code\nRUN_MODE = prod\n\n[security]\nINSTALL_LOCK = true\n"
                       f"SECRET_KEY = {sk}\nINTERNAL_TOKEN = {it}\nPASSWORD_HASH_ALGO = pbkdf2\n\n"
                       "[server]\nDOMAIN = code.example.net\nROOT_URL = https://code.example.net/\n", "u19f23c"), sk, it),
        P(F23, sh("sudo -u git gitea generate secret JWT_SECRET", js + "\n", "u19f23d"), js),
        P(F23, sh(f"curl -s -X POST -H 'Authorization: token {at}' -H 'Content-Type: application/json' "
                  "https://code.example.net/api/v1/repos/ops/infra/hooks -d "
                  f"'{{\"type\":\"gitea\",\"active\":true,\"events\":[\"push\"],\"config\":{{\"url\":"
                  f"\"https://ci.example.net/hook\",\"content_type\":\"json\",\"secret\":\"{wh}\"}}}}'",
                  '{"id":14,"type":"gitea","active":true,"events":["push"]}', "u19f23e"), at, wh),
    ]


F24 = "u19: app server pools (php-fpm env, uwsgi, gunicorn raw_env, passenger)"


def f24() -> list:
    dbp, appk = H2[11], "base64:" + b64_bytes("f24appk", 32)
    dj = g("f24dj", 50, "abcdefghijklmnopqrstuvwxyz0123456789!@^&*(-_=+)")
    gpw, gsk = H2[12], s("f24gsk", 48)
    skb = hx("f24skb", 128)
    mpw = H2[13]
    nginx = "server {\n    listen 443 ssl;\n    server_name app.example.org;\n    passenger_enabled on;\n    passenger_app_env production;\n}\n"
    return [
        P(F24, read_ev("/etc/php/8.3/fpm/pool.d/shop.conf",
                       "[shop]\nuser = shop\ngroup = shop\nlisten = /run/php/shop.sock\npm = dynamic\npm.max_children = 20\n"
                       f"env[DB_HOST] = db.internal\nenv[DB_PASSWORD] = {dbp}\nenv[APP_KEY] = {appk}\n", "u19f24a"),
          dbp, appk),
        P(F24, read_ev("/etc/uwsgi/apps-enabled/portal.ini",
                       "[uwsgi]\nmodule = portal.wsgi:application\nmaster = true\nprocesses = 4\n"
                       f"env = DJANGO_SETTINGS_MODULE=portal.settings.prod\nenv = DJANGO_SECRET_KEY={dj}\n"
                       "socket = /run/uwsgi/portal.sock\n", "u19f24b"), dj),
        P(F24, write_ev("/home/dev/api/gunicorn.conf.py",
                        'bind = "0.0.0.0:8000"\nworkers = 4\nraw_env = [\n'
                        f'    "DATABASE_URL=postgresql://api:{gpw}@db.internal:5432/api",\n'
                        f'    "FLASK_SECRET_KEY={gsk}",\n]\n', "u19f24c"), gpw, gsk),
        P(F24, edit_ev("/etc/nginx/sites-available/app", nginx, "    passenger_app_env production;\n",
                       f"    passenger_app_env production;\n    passenger_env_var SECRET_KEY_BASE {skb};\n", "u19f24d"), skb),
        P(F24, sh('grep -rn "env\\[" /etc/php/8.2/fpm/pool.d/',
                  "/etc/php/8.2/fpm/pool.d/www.conf:412:env[MAIL_HOST] = smtp.example.org\n"
                  f"/etc/php/8.2/fpm/pool.d/www.conf:413:env[MAIL_PASSWORD] = {mpw}\n", "u19f24e"), mpw),
    ]


F25 = "u19: extension publishing (vsce, ovsx, web-ext, chrome web store)"


def f25() -> list:
    pat = g("f25pat", 52, LOWER32)
    ovsx = uid("f25ovsx")
    amo = hx("f25amo", 64)
    cs, rt = "GOCSPX-" + g("f25cs", 28, URL), "1//09" + g("f25rt", 98, URL)
    pat2 = g("f25pat2", 52, LOWER32)
    return [
        P(F25, sh(f"npx @vscode/vsce publish -p {pat}",
                  "Executing prepublish script 'npm run vscode:prepublish'...\n"
                  " INFO  Publishing 'acme.acme-linter v1.4.0'...\n DONE  Published acme.acme-linter v1.4.0.\n",
                  "u19f25a"), pat),
        P(F25, sh(f"npx ovsx publish acme-linter-1.4.0.vsix -p {ovsx}",
                  "🚀  Published acme.acme-linter v1.4.0\n", "u19f25b"), ovsx),
        P(F25, sh(f"npx web-ext sign --channel=unlisted --api-key=user:17284411:512 --api-secret={amo}",
                  "Building web extension from /home/dev/ext\nValidation results: https://addons.mozilla.org/...\n"
                  "Signed xpi downloaded: web-ext-artifacts/tab_sorter-2.1.0.xpi\n", "u19f25c"), amo),
        P(F25, read_ev("/home/dev/ext/.env",
                       "EXTENSION_ID=hjkpoanmbgdclfeiehjkpoanmbgdclfe\n"
                       "CLIENT_ID=402911873-4u1q.apps.googleusercontent.com\n"
                       f"CLIENT_SECRET={cs}\nREFRESH_TOKEN={rt}\n", "u19f25d"), cs, rt),
        P(F25, said(f"vsce says my PAT is expired but I just made it: {pat2} - which scope does it need, "
                    "Marketplace > Manage?", "u19f25e"), pat2),
    ]


F26 = "u19: self-hosted model servers (vllm, tgi, open webui, localai)"


def f26() -> list:
    v1 = s("f26v1", 32)
    hf = "hf_" + g("f26hf", 34)
    wu = s("f26wu", 32)
    v2 = s("f26v2", 40)
    la = "sk-" + g("f26la", 32)
    return [
        P(F26, sh(f"vllm serve Qwen/Qwen2.5-7B-Instruct --api-key {v1} --port 8000 --max-model-len 16384",
                  "INFO 12-01 06:40:02 api_server.py:712] vLLM API server version 0.6.4\n"
                  "INFO:     Started server process [41877]\nINFO:     Uvicorn running on http://0.0.0.0:8000\n",
                  "u19f26a"), v1),
        P(F26, sh(f"docker run --gpus all --shm-size 1g -e HF_TOKEN={hf} -p 8080:80 "
                  "ghcr.io/huggingface/text-generation-inference:2.4.0 --model-id meta-llama/Llama-3.1-8B-Instruct",
                  "2026-12-01T06:41:12.004Z  INFO text_generation_launcher: Args { model_id: \"meta-llama/...\" }\n",
                  "u19f26b"), hf),
        P(F26, read_ev("/srv/ai/docker-compose.yml",
                       "services:\n  open-webui:\n    image: ghcr.io/open-webui/open-webui:main\n    environment:\n"
                       "      - OLLAMA_BASE_URL=http://ollama:11434\n"
                       f"      - WEBUI_SECRET_KEY={wu}\n    ports:\n      - \"3000:8080\"\n", "u19f26c"), wu),
        P(F26, sh(f"curl -s http://gpu01:8000/v1/models -H 'Authorization: Bearer {v2}' | jq -r '.data[].id'",
                  "Qwen/Qwen2.5-7B-Instruct\n", "u19f26d"), v2),
        P(F26, write_ev("/etc/systemd/system/local-ai.service.d/override.conf",
                        f"[Service]\nEnvironment=LOCALAI_API_KEY={la}\nEnvironment=LOCALAI_THREADS=12\n", "u19f26e"), la),
    ]


F27 = "u19: notification relays (apprise urls, ntfy, gotify)"


def f27() -> list:
    tg = "7" + g("f27tgid", 9, DIG) + ":AA" + g("f27tg", 33, URL)
    ntfy = "tk_" + g("f27ntfy", 29, "abcdefghijklmnopqrstuvwxyz0123456789")
    got = "A" + g("f27got", 14, ALNUM + ".-_")
    dw, mp = g("f27dw", 68, URL), H2[14]
    ntfy2 = "tk_" + g("f27ntfy2", 29, "abcdefghijklmnopqrstuvwxyz0123456789")
    return [
        P(F27, sh(f'apprise -vv -t "backup" -b "nightly backup finished" "tgram://{tg}/-1002211334455"',
                  "2026-12-01 06:44:19,201 - INFO - Sent Telegram notification.\n", "u19f27a"), tg),
        P(F27, sh(f'curl -s -H "Authorization: Bearer {ntfy}" -d "disk /srv at 91%" https://ntfy.example.net/alerts',
                  '{"id":"hK3jq9TmPz2A","time":1764571459,"event":"message","topic":"alerts","message":"disk /srv at 91%"}\n',
                  "u19f27b"), ntfy),
        P(F27, sh(f'curl -s "https://gotify.example.org/message?token={got}" -F "title=Backup" -F "message=ok" '
                  '-F "priority=5"', '{"id":2211,"appid":4,"message":"ok","title":"Backup","priority":5}\n',
                  "u19f27c"), got),
        P(F27, read_ev("/home/dev/.config/apprise/apprise.yml",
                       "version: 1\nurls:\n"
                       f"  - discord://{g('f27dwid', 19, DIG)}/{dw}:\n      - tag: ops\n"
                       f"  - mailtos://smtp.example.org?user=alerts@example.org&pass={mp}&to=ops@example.org:\n"
                       "      - tag: ops\n", "u19f27d"), dw, mp),
        P(F27, said(f"ntfy wants an access token for the private topic, mine is {ntfy2}. how do I put it in uptime "
                    "kuma's ntfy notification settings?", "u19f27e"), ntfy2),
    ]


F28 = "u19: bare-metal provisioning (maas, foreman hammer, cobbler)"


def f28() -> list:
    k1 = g("f28a", 18) + ":" + g("f28b", 18) + ":" + g("f28c", 32)
    k2 = g("f28d", 18) + ":" + g("f28e", 18) + ":" + g("f28f", 32)
    fm, hp, cp = H2[15], H2[16], H2[17]
    return [
        P(F28, sh(f"maas login admin http://maas.lab.example:5240/MAAS/api/2.0/ {k1}",
                  "\nYou are now logged in to the MAAS server at\nhttp://maas.lab.example:5240/MAAS/api/2.0/ with the "
                  "profile name 'admin'.\n\nFor help with the available commands, try:\n\n  maas admin --help\n",
                  "u19f28a"), k1),
        P(F28, sh("sudo maas apikey --username=admin", k2 + "\n", "u19f28b"), k2),
        P(F28, read_ev("/home/dev/.hammer/cli.modules.d/foreman.yml",
                       ":foreman:\n  :enable_module: true\n  :host: 'https://foreman.lab.example'\n"
                       f"  :username: 'admin'\n  :password: '{fm}'\n", "u19f28c"), fm),
        P(F28, sh(f"hammer -u admin -p '{hp}' host list --search 'os = Rocky'",
                  "---|-----------------------|------------------|------------|-------------\n"
                  "ID | NAME                  | OPERATING SYSTEM | HOST GROUP | IP\n"
                  "---|-----------------------|------------------|------------|-------------\n"
                  "12 | node07.lab.example    | Rocky 9.5        | compute    | 10.0.9.17\n", "u19f28d"), hp),
        P(F28, sh("cobbler system edit --name node07 --power-type ipmilanplus --power-address 10.0.9.117 "
                  f"--power-user ADMIN --power-pass '{cp}' && cobbler sync", "*** TASK COMPLETE ***\n", "u19f28e"), cp),
    ]


F29 = "u19: bitwarden, lastpass and rbw clis"


def f29() -> list:
    bws = b64_bytes("f29bws", 64)
    pg, gf, hz = H2[18], H2[19], H2[20]
    ip, tot = H2[21], g("f29tot", 32, B32)
    item = {"passwordRevisionDate": None, "uris": [{"match": None, "uri": "https://robot.example-dc.de"}],
            "username": "ops@example.org", "password": ip, "totp": tot}
    return [
        P(F29, sh("bw unlock", "? Master password: [hidden]\nYour vault is now unlocked!\n\n"
                  "To unlock your vault, set your session key to the `BW_SESSION` environment variable. ex:\n"
                  f'$ export BW_SESSION="{bws}"\n> $env:BW_SESSION="{bws}"\n\n'
                  "You can also pass the session key to any command with the `--session` option. ex:\n"
                  f"$ bw list items --session {bws}\n", "u19f29a"), bws),
        P(F29, sh('bw get password "prod postgres"', pg, "u19f29b"), pg),
        P(F29, sh('lpass show --password "Shared-Infra/grafana admin"', gf + "\n", "u19f29c"), gf),
        P(F29, sh('rbw get "hetzner robot"', hz + "\n", "u19f29d"), hz),
        P(F29, sh(f"bw get item {uid('f29item')} | jq '.login'", json.dumps(item, indent=2), "u19f29e"), ip, tot),
    ]


F30 = "u19: endpoint agent enrollment (fleet/osquery, wazuh, crowdsec)"


def f30() -> list:
    fl = g("f30fl", 32)
    oq = g("f30oq", 32)
    wz = H2[22]
    cs = hx("f30cs", 32)
    lapi = g("f30lapi", 64)
    return [
        P(F30, sh("fleetctl get enroll_secret",
                  "---\napiVersion: v1\nkind: enroll_secret\nspec:\n  secrets:\n"
                  f"  - created_at: \"2026-11-20T14:03:51Z\"\n    secret: {fl}\n", "u19f30a"), fl),
        P(F30, sh("sudo cat /etc/osquery/enroll_secret && grep enroll /etc/osquery/osquery.flags",
                  f"{oq}\n--enroll_secret_path=/etc/osquery/enroll_secret\n--enroll_tls_endpoint=/api/osquery/enroll\n",
                  "u19f30b"), oq),
        P(F30, sh(f"sudo WAZUH_MANAGER='10.0.0.2' WAZUH_AGENT_GROUP='linux' WAZUH_REGISTRATION_PASSWORD='{wz}' "
                  "dpkg -i ./wazuh-agent_4.9.2-1_amd64.deb",
                  "Selecting previously unselected package wazuh-agent.\nUnpacking wazuh-agent (4.9.2-1) ...\n"
                  "Setting up wazuh-agent (4.9.2-1) ...\n", "u19f30c"), wz),
        P(F30, sh("sudo cscli bouncers add traefik-bouncer",
                  f"API key for 'traefik-bouncer':\n\n   {cs}\n\n"
                  "Please keep this key since you will not be able to retrieve it!\n", "u19f30d"), cs),
        P(F30, read_ev("/etc/crowdsec/local_api_credentials.yaml",
                       f"url: http://127.0.0.1:8080\nlogin: {hx('f30login', 32)}{g('f30login2', 16)}\n"
                       f"password: {lapi}\n", "u19f30e"), lapi),
    ]


F31 = "u19: high-availability clusters (keepalived, pcs, patroni, drbd)"


def f31() -> list:
    ka = s("f31ka", 8)
    pcs = H2[23]
    rep, sup, api = s("f31rep", 24), H2[24], s("f31api", 20)
    drbd = s("f31drbd", 28)
    fence = H2[25]
    patroni = ("scope: pg-main\nname: pg01\nrestapi:\n  listen: 0.0.0.0:8008\n  connect_address: 10.0.4.11:8008\n"
               f"  authentication:\n    username: patroni\n    password: {api}\n"
               "postgresql:\n  listen: 0.0.0.0:5432\n  data_dir: /var/lib/postgresql/16/main\n  authentication:\n"
               f"    replication:\n      username: replicator\n      password: {rep}\n"
               f"    superuser:\n      username: postgres\n      password: '{sup}'\n")
    return [
        P(F31, read_ev("/etc/keepalived/keepalived.conf",
                       "vrrp_instance VI_1 {\n    state MASTER\n    interface eth0\n    virtual_router_id 51\n"
                       f"    priority 150\n    authentication {{\n        auth_type PASS\n        auth_pass {ka}\n    }}\n"
                       "    virtual_ipaddress {\n        10.0.4.100/24\n    }\n}\n", "u19f31a"), ka),
        P(F31, sh(f"sudo pcs host auth node1 node2 -u hacluster -p '{pcs}'",
                  "node1: Authorized\nnode2: Authorized\n", "u19f31b"), pcs),
        P(F31, read_ev("/etc/patroni/patroni.yml", patroni, "u19f31c"), api, rep, sup),
        P(F31, read_line("resource r0 {\n  net {\n    cram-hmac-alg sha256;\n"
                         f'    shared-secret "{drbd}";\n  }}\n  on node1 {{\n    device /dev/drbd0;\n'
                         "    disk /dev/vg0/data;\n    address 10.0.5.1:7789;\n  }\n}\n", "u19f31d"), drbd),
        P(F31, sh("sudo pcs stonith create fence_n1 fence_ipmilan ip=10.0.9.21 username=fence "
                  f"password='{fence}' lanplus=1 pcmk_host_list=node1", "", "u19f31e"), fence),
    ]


# ---------------------------------------------------------------- negatives

N01 = "u19 neg: vault agent configs, templates and logs without a secret"


def n01() -> list:
    return [
        N(N01, read_ev("/etc/vault-agent/agent.hcl",
                       'vault {\n  address = "https://vault.service.consul:8200"\n}\n\nauto_auth {\n'
                       '  method "approle" {\n    config = {\n      role_id_file_path   = "/etc/vault-agent/role-id"\n'
                       '      secret_id_file_path = "/etc/vault-agent/secret-id"\n'
                       "      remove_secret_id_file_after_reading = false\n    }\n  }\n"
                       '  sink "file" {\n    config = { path = "/run/vault/.vault-token", mode = 0640 }\n  }\n}\n\n'
                       'template {\n  source      = "/etc/vault-agent/templates/db.env.ctmpl"\n'
                       '  destination = "/etc/app/db.env"\n  command     = "systemctl reload app"\n}\n', "u19n01a")),
        N(N01, read_ev("/etc/vault-agent/templates/db.env.ctmpl",
                       '{{ with secret "database/creds/app-ro" -}}\nDB_USER={{ .Data.username }}\n'
                       "DB_PASSWORD={{ .Data.password }}\n{{- end }}\nDB_HOST=pg-main.service.consul\n", "u19n01b")),
        N(N01, sh("vault list auth/approle/role/app/secret-id",
                  "Keys\n----\n" + "\n".join(uid(f"n01acc{i}") for i in range(3)) + "\n", "u19n01c")),
        N(N01, sh(f"vault token lookup -accessor {g('n01acc', 24)}",
                  "Key                 Value\n---                 -----\naccessor            " + g("n01acc", 24) +
                  "\ncreation_time       1764568812\ncreation_ttl        1h\ndisplay_name        approle\n"
                  "entity_id           " + uid("n01ent") + "\nexpire_time         2026-12-01T07:20:12Z\nid                  n/a\n"
                  "policies            [default app-ro]\nttl                 38m12s\ntype                service\n",
                  "u19n01d")),
        N(N01, out("Dec 01 06:20:11 app01 vault[812]: [INFO]  agent.auth.handler: authentication successful, sending "
                   "token to sinks\nDec 01 06:20:11 app01 vault[812]: [INFO]  agent.sink.file: token written: "
                   "path=/run/vault/.vault-token\nDec 01 06:20:12 app01 vault[812]: (runner) rendered "
                   '"/etc/vault-agent/templates/db.env.ctmpl" => "/etc/app/db.env"\n', "u19n01e")),
        N(N01, write_ev("/etc/consul-template/flags.ctmpl",
                        '{{ range ls "service/app/feature_flags" -}}\n{{ .Key }}={{ .Value }}\n{{ end -}}\n'
                        '# api key comes from {{ with secret "kv/data/app" }}{{ .Data.data.api_key }}{{ end }} at render time\n',
                        "u19n01f")),
    ]


N02 = "u19 neg: collector and alloy configs reading the environment"


def n02() -> list:
    return [
        N(N02, read_ev("/etc/alloy/config.alloy",
                       'prometheus.remote_write "grafana_cloud" {\n  endpoint {\n'
                       '    url = "https://prometheus-prod-24-prod-eu-west-2.grafana.net/api/prom/push"\n'
                       '    basic_auth {\n      username = "1384022"\n      password = sys.env("GRAFANA_CLOUD_TOKEN")\n'
                       "    }\n  }\n}\n", "u19n02a")),
        N(N02, read_ev("/home/dev/app/deploy/otel-collector.yaml",
                       "exporters:\n  otlp/honeycomb:\n    endpoint: api.honeycomb.io:443\n    headers:\n"
                       '      x-honeycomb-team: "${env:HONEYCOMB_API_KEY}"\nextensions:\n  basicauth/client:\n'
                       "    client_auth:\n      username: ${env:TEMPO_USER}\n      password: ${env:TEMPO_PASSWORD}\n",
                       "u19n02b")),
        N(N02, sh("journalctl -u alloy --since -5m --no-pager | tail -3",
                  'Dec 01 06:50:01 mon01 alloy[2211]: ts=2026-12-01T06:50:01Z level=info msg="finished node evaluation" '
                  'controller_id="" node_id=prometheus.remote_write.grafana_cloud duration=1.2ms\n'
                  'Dec 01 06:50:02 mon01 alloy[2211]: ts=2026-12-01T06:50:02Z level=warn msg="Failed to send batch, '
                  'retrying" component_id=prometheus.remote_write.grafana_cloud err="server returned HTTP status 401 '
                  'Unauthorized: authentication error: invalid token"\n', "u19n02c")),
        N(N02, said("alloy says 401 on remote_write. I'm using sys.env(\"GRAFANA_CLOUD_TOKEN\") and the unit has "
                    "EnvironmentFile=/etc/alloy/secrets.env, the file is 0600 root. what else could it be?", "u19n02d")),
        N(N02, sh("otelcol-contrib validate --config=deploy/otel-collector.yaml && echo ok",
                  "ok\n", "u19n02e")),
    ]


N03 = "u19 neg: identity and cms configs with hashes, env() calls and secret files"


def n03() -> list:
    salt = g("n03salt", 22, ALNUM + "+/")
    ah = g("n03hash", 43, ALNUM + "+/")
    return [
        N(N03, read_ev("/srv/authelia/config/users_database.yml",
                       "users:\n  alice:\n    disabled: false\n    displayname: Alice Ng\n"
                       f"    password: $argon2id$v=19$m=65536,t=3,p=4${salt}${ah}\n    email: alice@example.org\n"
                       "    groups:\n      - admins\n", "u19n03a")),
        N(N03, read_ev("/srv/authelia/docker-compose.yml",
                       "services:\n  authelia:\n    image: authelia/authelia:4.38\n    environment:\n"
                       "      AUTHELIA_IDENTITY_VALIDATION_RESET_PASSWORD_JWT_SECRET_FILE: /run/secrets/jwt\n"
                       "      AUTHELIA_SESSION_SECRET_FILE: /run/secrets/session\n"
                       "      AUTHELIA_STORAGE_ENCRYPTION_KEY_FILE: /run/secrets/storage\n"
                       "    secrets: [jwt, session, storage]\n", "u19n03b")),
        N(N03, read_line('PUBLIC_URL="https://cms.example.org"\n# generate with: openssl rand -base64 32\n'
                         'SECRET="replace-with-random-value"\nADMIN_EMAIL="admin@example.com"\nADMIN_PASSWORD=""\n',
                         "u19n03c")),
        N(N03, sh('hasura metadata apply --endpoint https://gql.example.dev --admin-secret "$HASURA_GRAPHQL_ADMIN_SECRET"',
                  "INFO Metadata applied\n", "u19n03d")),
        N(N03, read_ev("/srv/dex/config.yaml",
                       "staticClients:\n- id: grafana\n  name: Grafana\n  secretEnv: GRAFANA_CLIENT_SECRET\n"
                       "  redirectURIs: ['https://grafana.example.org/login/generic_oauth']\n", "u19n03e")),
        N(N03, read_ev("/home/dev/strapi/config/admin.ts",
                       "export default ({ env }) => ({\n  auth: { secret: env('ADMIN_JWT_SECRET') },\n"
                       "  apiToken: { salt: env('API_TOKEN_SALT') },\n  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT') } },\n"
                       "  flags: { nps: env.bool('FLAG_NPS', true) },\n});\n", "u19n03f")),
    ]


N04 = "u19 neg: overlay network status with node ids and public keys"


def n04() -> list:
    wgpub = [b64_bytes(f"n04wg{i}", 32) for i in range(2)]
    return [
        N(N04, sh("sudo zerotier-cli info", f"200 info {hx('n04node', 10)} 1.14.2 ONLINE\n", "u19n04a")),
        N(N04, sh("sudo zerotier-cli listnetworks",
                  "200 listnetworks <nwid> <name> <mac> <status> <type> <dev> <ZT assigned ips>\n"
                  "200 listnetworks 8056c2e21c000001 lab 5e:21:9a:0c:44:71 OK PRIVATE ztks5xyz1 10.147.20.14/24\n",
                  "u19n04b")),
        N(N04, sh("netbird status -d",
                  "Peers detail:\n office-gw.netbird.cloud:\n  NetBird IP: 100.92.14.3\n"
                  f"  Public key: {wgpub[0]}\n  Status: Connected\n  Connection type: P2P\n"
                  "  Last WireGuard handshake: 12 seconds ago\n\nDaemon version: 0.31.0\n"
                  f"Management: Connected to https://netbird.example.org:443\nPublic key: {wgpub[1]}\n", "u19n04c")),
        N(N04, sh("headscale nodes list",
                  "ID | Hostname | Name     | MachineKey | NodeKey  | User   | IP addresses         | Online\n"
                  f"1  | gw01     | gw01     | [{g('n04mk', 5)}] | [{g('n04nk', 5)}] | office | 100.64.0.1, fd7a:115c:a1e0::1 | online\n",
                  "u19n04d")),
        N(N04, sh("nebula-cert print -path /etc/nebula/host.crt -json | jq .",
                  json.dumps({"details": {"name": "gw01", "ips": ["192.168.100.1/24"], "groups": ["gateways"],
                                          "notBefore": "2026-11-01T00:00:00Z", "notAfter": "2027-10-31T23:59:59Z",
                                          "publicKey": hx("n04pub", 64), "isCa": False, "issuer": hx("n04iss", 64)},
                              "fingerprint": hx("n04fp", 64), "signature": hx("n04sig", 128)}, indent=2),
                  "u19n04e")),
    ]


N05 = "u19 neg: european cloud listings with access key ids and project ids"


def n05() -> list:
    upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return [
        N(N05, sh("scw iam api-key list",
                  "ACCESS KEY            DESCRIPTION   BEARER ID                              CREATED AT\n"
                  f"SCW{g('n05a', 17, upper)}  ci-deployer   {uid('n05b')}   2 days ago\n"
                  f"SCW{g('n05c', 17, upper)}  laptop        {uid('n05d')}   5 months ago\n", "u19n05a")),
        N(N05, sh("scw account project list",
                  "ID                                    NAME      ORGANIZATION ID                       CREATED AT\n"
                  f"{uid('n05p')}  default   {uid('n05o')}  1 year ago\n", "u19n05b")),
        N(N05, sh("hcloud server list",
                  "ID         NAME     STATUS    IPV4            IPV6                      PRIVATE NET   DATACENTER   AGE\n"
                  "58112203   web-01   running   49.12.201.33    2a01:4f8:c17:6a1e::/64   -             fsn1-dc14    41d\n",
                  "u19n05c")),
        N(N05, read_ev("/home/dev/infra/.env.example",
                       "# Scaleway: create an API key in the console, then fill in\nSCW_ACCESS_KEY=\nSCW_SECRET_KEY=\n"
                       "SCW_DEFAULT_PROJECT_ID=\nSCW_DEFAULT_REGION=fr-par\n", "u19n05d")),
        N(N05, sh("exo iam api-key list",
                  "┼──────────────┼──────────────────────────────┼───────┼\n│     NAME     │             KEY              │ ROLE  │\n"
                  f"│ ci-deployer  │ EXO{hx('n05e', 24)}  │ {uid('n05r')} │\n", "u19n05e")),
    ]


N06 = "u19 neg: pkcs#11 slot listings and an encrypted authenticator vault"


def n06() -> list:
    vault = {"version": 1, "header": {"slots": [{"type": 1, "uuid": uid("n06slot"), "key": hx("n06key", 64),
                                                 "key_params": {"nonce": hx("n06nonce", 24), "tag": hx("n06tag", 32)},
                                                 "n": 32768, "r": 8, "p": 1, "salt": hx("n06salt", 64),
                                                 "repaired": True, "is_backup": False}],
                                      "params": {"nonce": hx("n06n2", 24), "tag": hx("n06t2", 32)}},
             "db": b64_bytes("n06db", 180)}
    return [
        N(N06, sh("pkcs11-tool --module /usr/lib/softhsm/libsofthsm2.so -L",
                  "Available slots:\nSlot 0 (0x6853d29b): SoftHSM slot ID 0x6853d29b\n  token label        : signing\n"
                  "  token manufacturer : SoftHSM project\n  token model        : SoftHSM v2\n"
                  "  token flags        : login required, rng, token initialized, PIN initialized\n"
                  "  hardware version   : 2.6\n  serial num         : 8f1a5c2e6853d29b\n", "u19n06a")),
        N(N06, sh("pkcs11-tool --module /usr/lib/softhsm/libsofthsm2.so -O --type pubkey",
                  "Public Key Object; EC  EC_POINT 256 bits\n  EC_POINT:   " + hx("n06pt", 130) +
                  "\n  EC_PARAMS:  06082a8648ce3d030107\n  label:      jws\n  ID:         01\n  Usage:      encrypt, verify\n",
                  "u19n06b")),
        N(N06, sh("softhsm2-util --show-slots | head -12",
                  "Available slots:\nSlot 1749210523\n    Slot info:\n        Description:      SoftHSM slot ID 0x6853d29b\n"
                  "        Token present:    yes\n    Token info:\n        Label:            signing\n"
                  "        Serial number:    8f1a5c2e6853d29b\n        Initialized:      yes\n"
                  "        User PIN init.:   yes\n", "u19n06c")),
        N(N06, read_ev("/home/dev/Downloads/aegis-backup-20261201.json", json.dumps(vault, indent=4), "u19n06d")),
        N(N06, said("which 2fa apps can export to plain json? I want to move from the phone app to Aegis without "
                    "losing issuers and icons, and keep an encrypted backup on the NAS", "u19n06e")),
    ]


N07 = "u19 neg: sql catalogs listing users without a password"


def n07() -> list:
    return [
        N(N07, sh("isql-fb -user SYSDBA localhost:/var/lib/firebird/data/shop.fdb -q <<'SQL'\n"
                  "SELECT SEC$USER_NAME, SEC$ACTIVE, SEC$ADMIN, SEC$PLUGIN FROM SEC$USERS;\nSQL",
                  "SEC$USER_NAME        SEC$ACTIVE SEC$ADMIN SEC$PLUGIN\n==================== ========== ========= ==========\n"
                  "SYSDBA               <true>     <true>    Srp\nDEPLOY               <true>     <false>   Srp\n",
                  "u19n07a")),
        N(N07, sh('hdbsql -n hana01:30015 -U ADMINKEY "SELECT USER_NAME, PASSWORD_CHANGE_TIME, USER_DEACTIVATED '
                  'FROM SYS.USERS WHERE USER_NAME LIKE \'APP%\'"',
                  'USER_NAME,PASSWORD_CHANGE_TIME,USER_DEACTIVATED\n"APP_RO","2026-11-30 21:04:11.118000000","FALSE"\n'
                  '"APP_RW","2026-09-02 08:11:42.000000000","FALSE"\n2 rows selected\n', "u19n07b")),
        N(N07, read_line("SELECT UserName, CreatorName, CreateTimeStamp, PasswordLastModDate\n"
                         "FROM DBC.UsersV WHERE UserName LIKE 'ETL%';\n", "u19n07c")),
        N(N07, sh('db2 "select grantee, dbadmauth, connectauth from syscat.dbauth"',
                  "\nGRANTEE   DBADMAUTH CONNECTAUTH\n--------- --------- -----------\nDB2INST1  Y         Y\n"
                  "REPORTING N         Y\n\n  2 record(s) selected.\n", "u19n07d")),
        N(N07, read_ev("/home/dev/warehouse/migrations/V043__ldap_auth.sql",
                       "CREATE AUTHENTICATION corp_ldap METHOD 'ldap' HOST '0.0.0.0/0';\n"
                       "ALTER AUTHENTICATION corp_ldap SET host='ldaps://ldap.corp.example', basedn='dc=corp,dc=example';\n"
                       "CREATE USER analyst_jane;\nGRANT AUTHENTICATION corp_ldap TO analyst_jane;\n", "u19n07e")),
        N(N07, sh("db2 connect to SAMPLE user db2inst1",
                  "Enter current password for db2inst1: \n\n   Database Connection Information\n\n"
                  " Database server        = DB2/LINUXX8664 11.5.9.0\n SQL authorization ID   = DB2INST1\n", "u19n07f")),
    ]


N08 = "u19 neg: code in the batch's languages naming secrets without a value"


def n08() -> list:
    return [
        N(N08, read_ev("/home/dev/web/src/Main.elm",
                       "type alias Flags =\n    { algoliaAppId : String\n    , algoliaSearchKey : String\n    }\n\n\n"
                       "main : Program Flags Model Msg\nmain =\n    Browser.element { init = init, update = update, view = view, "
                       "subscriptions = always Sub.none }\n", "u19n08a")),
        N(N08, read_ev("/home/dev/web/src/Secrets.res",
                       'let pusherSecret = Node.Process.process["env"]->Js.Dict.get("PUSHER_SECRET")\n'
                       "let () = switch pusherSecret {\n| Some(_) => ()\n| None => Js.Exn.raiseError(\"PUSHER_SECRET is not set\")\n}\n",
                       "u19n08b")),
        N(N08, read_line('set(LICENSE_SERVER_TOKEN "" CACHE STRING "Token for the license server (never commit it)")\n'
                         "if(NOT LICENSE_SERVER_TOKEN)\n  message(FATAL_ERROR \"pass -DLICENSE_SERVER_TOKEN=... or set "
                         "$ENV{LICENSE_SERVER_TOKEN}\")\nendif()\n", "u19n08c")),
        N(N08, read_ev("/home/dev/tick/feed.q",
                       "pw:getenv`FEED_PASSWORD\nif[0=count pw; '\"FEED_PASSWORD not set\"]\n"
                       'h:hopen `$":tick.internal:5010:svc_feed:",pw\n', "u19n08d")),
        N(N08, read_line('key = SystemCredential["OPENAI_API_KEY"];\nIf[MissingQ[key], Print["run '
                         'SystemCredential[\\"OPENAI_API_KEY\\"] = ... once"]];\n', "u19n08e")),
        N(N08, read_ev("/home/dev/chromium/src/out/Release/args.gn",
                       "is_debug = false\n# Keys come from ~/.config/chromium-keys.gni, see the wiki page on API keys\n"
                       'google_api_key = ""\ngoogle_default_client_id = ""\ngoogle_default_client_secret = ""\n',
                       "u19n08f")),
    ]


N09 = "u19 neg: prompts in the batch's languages about credentials without one"


def n09() -> list:
    return [
        N(N09, said("Як лепш захоўваць паролі ад базы ў Kubernetes — у Secret ці праз Vault? Пароль "
                    "зараз ляжыць у .env, хачу яго адтуль прыбраць.", "u19n09a")),
        N(N09, said("װוּ זאָל איך האַלטן דעם API שליסל? איך וויל נישט אַז ער זאָל זײַן אין git.", "u19n09b")),
        N(N09, said("Quomodo tesseram rotare possumus sine mora servitii? Clavis vetus adhuc in Vault est.",
                    "u19n09c")),
        N(N09, said("Azafady, inona no fomba tsara indrindra hitahirizana teny miafina ao amin'ny GitHub Actions?",
                    "u19n09d")),
        N(N09, said("Aloha! Pehea au e hoʻololi ai i ka ʻōlelo huna o ka mea hoʻohana postgres me ka ʻole e "
                    "hoʻopau i ka app?", "u19n09e")),
        N(N09, said("Mi laik save olsem wanem long putim pasword long .env fail na i no go long git. "
                    "Yu ken soim mi?", "u19n09f")),
    ]


N10 = "u19 neg: websocket and event urls with channels, versions and cursors"


def n10() -> list:
    return [
        N(N10, sh('websocat -n1 "wss://gateway.example-chat.com/?v=10&encoding=json"',
                  '{"t":null,"s":null,"op":10,"d":{"heartbeat_interval":41250}}\n', "u19n10a")),
        N(N10, read_ev("/home/dev/web/src/feed.ts",
                       "const es = new EventSource(`/events?topics=deploys,incidents&since=${encodeURIComponent(since)}`, "
                       "{ withCredentials: true });\nes.addEventListener('deploy', onDeploy);\n", "u19n10b")),
        N(N10, out('10.0.3.7 - - [01/Dec/2026:06:12:44 +0000] "GET /socket/websocket?vsn=2.0.0 HTTP/1.1" 101 0 "-" '
                   f'"Mozilla/5.0" rid={uid("n10rid")}\n', "u19n10c")),
        N(N10, sh("curl -sN -H 'Last-Event-ID: 1749211' -H 'Accept: text/event-stream' "
                  "'https://events.example.app/v1/stream?channel=builds&limit=2'",
                  "id: 1749212\nevent: build\ndata: {\"id\":88120,\"status\":\"passed\"}\n\n", "u19n10d")),
        N(N10, said("wscat -c 'wss://ws.example-markets.io/v1?channel=trades.BTC-EUR&depth=50' works but "
                    "the browser closes with 1006 after 60 s - heartbeat issue?", "u19n10e")),
    ]


N11 = "u19 neg: wallet addresses, public keys and transaction signatures"


def n11() -> list:
    return [
        N(N11, sh("solana address && solana balance", f"{g('n11pub', 44, B58)}\n2.48105 SOL\n", "u19n11a")),
        N(N11, sh(f"solana confirm -v {g('n11sig', 88, B58)}",
                  "RPC URL: https://api.devnet.solana.com\nTransaction executed in slot 341122907:\n"
                  f"  Block Time: 2026-12-01T06:52:19Z\n  Recent Blockhash: {g('n11bh', 44, B58)}\n"
                  f"  Signature 0: {g('n11sig', 88, B58)}\n  Account 0: srw- {g('n11pub', 44, B58)} (fee payer)\n"
                  "Finalized\n", "u19n11b")),
        N(N11, out(f"[wallet 4{g('n11x', 5, B58)}]: address\n0  4{g('n11addr', 94, B58)}  Primary address\n",
                   "u19n11c")),
        N(N11, sh("gaiad keys show validator --keyring-backend test",
                  f"- address: cosmos1{g('n11bech', 38, BECH)}\n  name: validator\n"
                  '  pubkey: \'{"@type":"/cosmos.crypto.secp256k1.PubKey","key":"' + b64_bytes("n11pk", 33) + '"}\'\n'
                  "  type: local\n", "u19n11d")),
        N(N11, sh("aptos account list --query balance",
                  json.dumps({"Result": [{"coin": {"value": "99980300"}, "deposit_events": {"counter": "1",
                              "guid": {"id": {"addr": "0x" + hx("n11acc", 64), "creation_num": "2"}}}}]}, indent=2),
                  "u19n11e")),
    ]


N12 = "u19 neg: json5, hjson, ron and jcasc configs with references"


def n12() -> list:
    return [
        N(N12, read_ev("/var/lib/jenkins/casc/jenkins.yaml",
                       "credentials:\n  system:\n    domainCredentials:\n      - credentials:\n"
                       "          - usernamePassword:\n              scope: GLOBAL\n              id: nexus-deploy\n"
                       '              username: deploy\n              password: "${NEXUS_PASSWORD}"\n'
                       "          - string:\n              scope: GLOBAL\n              id: sonar-token\n"
                       '              secret: "${readFile:/run/secrets/sonar-token}"\n', "u19n12a")),
        N(N12, read_ev("/home/dev/app/renovate.json5",
                       "{\n  extends: ['config:recommended'],\n  hostRules: [\n"
                       "    { matchHost: 'npm.pkg.github.com', token: '{{ secrets.GITHUB_PACKAGES_TOKEN }}' },\n  ],\n}\n",
                       "u19n12b")),
        N(N12, read_ev("/home/dev/app/config/mail.hjson",
                       "{\n  smtp: {\n    host: smtp.example.org\n    port: 587\n    user: mailer\n"
                       "    # set SMTP_PASSWORD in the environment\n    password: ${SMTP_PASSWORD}\n  }\n}\n", "u19n12c")),
        N(N12, read_line('Config(\n    prefix: "!",\n    // read from DISCORD_TOKEN at start-up\n    discord_token: None,\n'
                         "    guilds: [1123581321345589],\n)\n", "u19n12d")),
        N(N12, read_ev("/home/dev/app/config/default.json5",
                       "{\n  database: {\n    host: 'localhost',\n    user: 'app',\n"
                       "    password: '<set in config/local.json5>',\n  },\n}\n", "u19n12e")),
    ]


N13 = "u19 neg: gateway and mailbox listings with key ids and uidvalidity"


def n13() -> list:
    return [
        N(N13, sh("garage key list",
                  "List of keys:\n" + "\n".join(f"GK{hx(f'n13k{i}', 24)}  {n}" for i, n in
                                                 enumerate(["app-key", "backup", "media"])) + "\n", "u19n13a")),
        N(N13, sh("garage key info app-key",
                  f"Key name: app-key\nKey ID: GK{hx('n13k0', 24)}\nSecret key: (redacted)\nCan create buckets: false\n\n"
                  f"Key-specific bucket aliases:\n\nAuthorized buckets:\n  RW   uploads  {hx('n13b', 64)}\n",
                  "u19n13b")),
        N(N13, sh("radosgw-admin bucket stats --bucket=backups | jq '{bucket, id, marker, owner, usage}'",
                  json.dumps({"bucket": "backups", "id": uid("n13bid") + ".44120.1",
                              "marker": uid("n13bid") + ".44120.1", "owner": "backup",
                              "usage": {"rgw.main": {"size": 88412019, "num_objects": 1312}}}, indent=2), "u19n13c")),
        N(N13, out("++++ Statistics\nTransfer started on                     : Tue Dec  1 06:02:11 2026\n"
                   "Folders synced                          : 14/14 synced\nMessages transferred                    : 18221\n"
                   "Host1 Folder [INBOX] UIDVALIDITY         : 1588291021\nHost2 Folder [INBOX] UIDVALIDITY         : 1764568921\n"
                   "Detected 0 errors\n", "u19n13d")),
        N(N13, read_ev("/home/dev/.mbsyncrc",
                       "IMAPAccount work\nHost imap.example.org\nUser bob@example.org\n"
                       'PassCmd "pass show mail/work"\nTLSType IMAPS\n', "u19n13e")),
    ]


N14 = "u19 neg: runner logs, webhook deliveries and settings with ids"


def n14() -> list:
    return [
        N(N14, sh("journalctl -u forgejo-runner -n 3 --no-pager",
                  'Dec 01 06:31:02 build-01 forgejo-runner[911]: level=info msg="runner: build-01, with version: v6.0.1, '
                  'with labels: [docker], declared successfully"\nDec 01 06:31:40 build-01 forgejo-runner[911]: '
                  'level=info msg="task 8812 repo is ops/infra https://code.example.net"\n', "u19n14a")),
        N(N14, out("POST /hook HTTP/1.1\nHost: ci.example.net\nContent-Type: application/json\n"
                   f"X-Gitea-Delivery: {uid('n14del')}\nX-Gitea-Event: push\nX-Gitea-Event-Type: push\n"
                   "X-GitHub-Event: push\n", "u19n14b")),
        N(N14, sh("sudo -u git gitea admin user list",
                  "ID   Username  Email                 IsActive  IsAdmin  2FA\n1    ops       ops@example.net       true      true     true\n"
                  "2    ci-bot    ci-bot@example.net    true      false    false\n", "u19n14c")),
        N(N14, read_ev("/etc/gitea/app.ini",
                       "[security]\nINSTALL_LOCK = true\nSECRET_KEY_URI = file:/etc/gitea/secret_key\n"
                       "INTERNAL_TOKEN_URI = file:/etc/gitea/internal_token\n\n[oauth2]\nJWT_SECRET_URI = file:/etc/gitea/jwt_secret\n",
                       "u19n14d")),
        N(N14, sh("forgejo-runner generate-config | grep -A3 '^runner:'",
                  "runner:\n  file: .runner\n  capacity: 1\n  envs:\n", "u19n14e")),
    ]


N15 = "u19 neg: pools and publishing workflows reading the environment"


def n15() -> list:
    return [
        N(N15, read_ev("/etc/php/8.3/fpm/pool.d/shop.conf",
                       "[shop]\nuser = shop\nclear_env = no\n; values come from the unit's EnvironmentFile\n"
                       "env[DB_PASSWORD] = $DB_PASSWORD\nenv[APP_KEY] = $APP_KEY\n", "u19n15a")),
        N(N15, read_ev("/etc/uwsgi/apps-enabled/portal.ini",
                       "[uwsgi]\nmodule = portal.wsgi:application\nfor-readline = /etc/portal/env\n  env = %(_)\n"
                       "endfor =\nenv = DJANGO_SETTINGS_MODULE=portal.settings.prod\n", "u19n15b")),
        N(N15, read_line('import os\n\nbind = "0.0.0.0:8000"\nraw_env = [f"FLASK_SECRET_KEY={os.environ[\'FLASK_SECRET_KEY\']}"]\n',
                         "u19n15c")),
        N(N15, read_ev("/home/dev/ext/.github/workflows/publish.yml",
                       "jobs:\n  publish:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
                       "      - run: npx @vscode/vsce publish -p ${{ secrets.VSCE_PAT }}\n"
                       "      - run: npx ovsx publish -p ${{ secrets.OVSX_TOKEN }}\n", "u19n15d")),
        N(N15, sh('npx web-ext sign --channel=unlisted --api-key="$AMO_JWT_ISSUER" --api-secret="$AMO_JWT_SECRET"',
                  "Building web extension from /home/dev/ext\n", "u19n15e",
                  "WebExtError: Missing --api-key: the environment variable AMO_JWT_ISSUER is empty\n")),
    ]


N16 = "u19 neg: model server and notification configs with placeholders"


def n16() -> list:
    return [
        N(N16, read_ev("/etc/systemd/system/vllm.service",
                       "[Service]\nEnvironmentFile=/etc/vllm/env\n"
                       "ExecStart=/opt/vllm/bin/vllm serve Qwen/Qwen2.5-7B-Instruct --api-key ${VLLM_API_KEY} --port 8000\n",
                       "u19n16a")),
        N(N16, read_line("Telegram: tgram://{bot_token}/{chat_id}\nntfy: ntfys://{user}:{password}@{host}/{topic}\n"
                         "Gotify: gotifys://{hostname}/{token}\n", "u19n16b")),
        N(N16, sh("sudo ntfy user list",
                  "user alice (role: admin, tier: none)\n- read-write access to all topics (admin role)\n"
                  "user ci (role: user, tier: none)\n- write-only access to topic alerts\n", "u19n16c")),
        N(N16, read_ev("/srv/ai/docker-compose.yml",
                       "services:\n  open-webui:\n    image: ghcr.io/open-webui/open-webui:main\n    environment:\n"
                       "      - WEBUI_SECRET_KEY=${WEBUI_SECRET_KEY:?set WEBUI_SECRET_KEY in .env}\n"
                       "      - OLLAMA_BASE_URL=http://ollama:11434\n", "u19n16d")),
        N(N16, sh("docker run --gpus all -v /run/secrets/hf:/run/secrets/hf:ro -e HF_TOKEN_PATH=/run/secrets/hf "
                  "ghcr.io/huggingface/text-generation-inference:2.4.0 --model-id mistralai/Mistral-7B-Instruct-v0.3",
                  f"sha256:{sha('n16img', 64)}\n", "u19n16e")),
    ]


N17 = "u19 neg: provisioning and agent listings with system ids"


def n17() -> list:
    return [
        N(N17, sh("maas admin machines read | jq -r '.[] | [.system_id, .hostname, .status_name] | @tsv'",
                  f"{g('n17a', 6, 'abcdefghjkmnpqrstwxy3468')}\tnode07\tDeployed\n"
                  f"{g('n17b', 6, 'abcdefghjkmnpqrstwxy3468')}\tnode08\tReady\n", "u19n17a")),
        N(N17, sh("fleetctl get hosts",
                  "+--------------------------------------+-----------+----------+-----------------+---------+\n"
                  "|                 UUID                 | HOSTNAME  | PLATFORM | OSQUERY VERSION | STATUS  |\n"
                  f"| {uid('n17h').upper()} | mac-0412  | darwin   | 5.14.1          | online  |\n", "u19n17b")),
        N(N17, sh("sudo /var/ossec/bin/agent_control -l",
                  "\nWazuh agent_control. List of available agents:\n   ID: 000, Name: wazuh-mgr (server), IP: 127.0.0.1, "
                  "Active/Local\n   ID: 004, Name: web-01, IP: any, Active\n", "u19n17c")),
        N(N17, sh("sudo cscli bouncers list",
                  "-------------------------------------------------------------------------\n"
                  " Name              IP Address  Valid  Last API pull         Type      Version\n"
                  " traefik-bouncer   172.18.0.4  ✔️      2026-12-01T06:50:11Z  Go-http   v0.5.0\n", "u19n17d")),
        N(N17, read_ev("/home/dev/.hammer/cli.modules.d/foreman.yml",
                       ":foreman:\n  :enable_module: true\n  :host: 'https://foreman.lab.example'\n  :username: 'admin'\n"
                       "  # password is asked for interactively; use_sessions keeps a cookie\n  :use_sessions: true\n",
                       "u19n17e")),
    ]


N18 = "u19 neg: password manager status and listings without a password"


def n18() -> list:
    return [
        N(N18, sh("bw status | jq .",
                  json.dumps({"serverUrl": "https://vault.example.org", "lastSync": "2026-12-01T06:12:40.118Z",
                              "userEmail": "ops@example.org", "userId": uid("n18u"), "status": "locked"}, indent=2),
                  "u19n18a")),
        N(N18, sh("bw list items --search postgres | jq -r '.[] | [.id, .name] | @tsv'",
                  f"{uid('n18i1')}\tprod postgres\n{uid('n18i2')}\tstaging postgres\n", "u19n18b")),
        N(N18, sh("lpass ls Shared-Infra",
                  "Shared-Infra\nShared-Infra/grafana admin [id: 4419022815327781233]\n"
                  "Shared-Infra/hetzner robot [id: 8812004471920035512]\n", "u19n18c")),
        N(N18, sh("rbw list --fields name,user,folder",
                  "hetzner robot\tops@example.org\tinfra\nprod postgres\tpostgres\tdb\n", "u19n18d")),
        N(N18, sh("rbw config show",
                  json.dumps({"email": "ops@example.org", "sso_id": None, "base_url": "https://vault.example.org",
                              "identity_url": None, "notifications_url": None, "lock_timeout": 3600,
                              "sync_interval": 3600, "pinentry": "pinentry-curses", "client_cert_path": None},
                             indent=2), "u19n18f")),
    ]


def cases() -> list:
    out_ = []
    for f in (f01, f02, f03, f04, f05, f06, f07, f08, f09, f10, f11, f12, f13, f14, f15, f16, f17, f18, f19,
              f20, f21, f22, f23, f24, f25, f26, f27, f28, f29, f30, f31,
              n01, n02, n03, n04, n05, n06, n07, n08, n09, n10, n11, n12, n13, n14, n15, n16, n17, n18):
        out_ += f()
    return out_
