"""A fourth unseen part of the labelled privacy set (beside tests/privacy_eval/unseen.py,
unseen_two.py and unseen_three.py): 249 cases in 49 families, written BLIND on 2026-12-01 by an
author who read neither the filter (store/privacy/), its tests (tests/store/), the benches' code nor
any other part's cases: only the format (the head of dev_unwritten16.py, carriers.py and the
helpers' signatures in tests/privacy_eval/__init__.py) and the list of family names already used,
to avoid them.  Its families are prefixed `u18` (the prefix `b18` was already taken by
dev_blind17.py), all realistic: shaped as Claude Code sends them (a Bash call and its output, a
prompt, a Read's event or its numbered transcript lines, a Write's content, an Edit, a tool result
line).

It is never tuned on: no rule of the filter may be made for any of its cases, nobody who fixes
the filter may read them, and it is listed nowhere (no import in dev.py).  A case changes only
to fix a labelling error, said so where it is changed.  It was written while a round of fixes was
made by people who never saw it, and measured by the lead before and after that round (totals
only, below).

Positives (155 cases, 31 families): self-hosted CI agents (TeamCity, Bamboo, Buildkite, GoCD,
Azure Pipelines); IaC runners (Atlantis, TFC agents and credentials.tfrc.json, Spacelift, env0);
native and functional registries (Conan, Hex, Hackage, pub tokens, Clojars); wide-column, graph
and time-series shells (cqlshrc, influx configs, cypher-shell, cbq, arangosh); mobile JS and
Flutter builds (dart-define, EAS, CodePush); game platforms (.ROBLOSECURITY, rbxcloud, Unity
Cloud Build, PlayFab, game-ci); router and embedded images (OpenWrt uci, Buildroot, Yocto
PREMIRRORS); browser IDE and notebook servers (code-server, jupyter server list, openvscode);
media servers (Sonarr, Plex, Jellyfin, SABnzbd, Prowlarr); blockchain node RPC (bitcoind, lnd
macaroons, Alchemy, Infura); Apple configuration profiles and Jamf; GIS projects and map servers
(QGIS, GeoServer, MapProxy, ogr2ogr); ERP integrations (Odoo, SAP RFC, NetSuite TBA); BI servers
(Superset, Metabase, Redash); self-hosted chat bots (Zulip, Mattermost, Rocket.Chat, Errbot);
dynamic DNS and dns-01 (TSIG in named.conf and nsupdate, acme.sh, certbot ini, DuckDNS); IPsec and
PPP (ipsec.secrets, swanctl, chap-secrets, openconnect, nmcli); VoIP (pjsip, sip.conf, FreeSWITCH
directory, baresip, linphone); RADIUS and TACACS+; access proxies (Teleport join and invite
tokens, Boundary, Pomerium); NATS nkey seeds and Pulsar tokens; ML trackers (wandb netrc, comet,
neptune, clearml, kaggle); webmail and list servers (Roundcube, Mailman, rspamd, SOGo);
credential helpers printing what they hold (git credential fill, docker-credential, aws
export-credentials, security -w); secrets inside commands run through ssh, kubectl exec, sudo env,
watch, tmux and compose exec; F#, Clojure and D; Objective-C, AppleScript and awk; prompts in
Maltese, Luxembourgish, West Frisian, Breton and Esperanto; in Haitian Creole, Quechua, Guarani,
Maori and Samoan; in Kurdish, Pashto, Tajik, Kyrgyz and Tatar; a secret on one line with
look-alike ids, digests and hashes.  Some values are shaped like non-secrets on purpose: 32/40/48
hex keys (Sonarr, wandb, Jupyter, TeamCity), UUID-shaped keys (GoCD, DuckDNS), base32 nkey seeds.

Negatives (94 cases, 18 families): the same neighbourhoods holding no secret: agent configs with
token files and env references; DNSKEY/DS/DKIM records and ACME challenge values; Conan, pub and
vcpkg locks; ML runs with run ids and masked keys; torrent info hashes, magnet links, server ids and
PBKDF2 hashes; block and tx hashes, addresses, node pubkeys and rpcauth hashes; SIP traces with
Call-IDs, branches and digest nonces; NATS public nkeys and Pulsar token files; code in the
batch's languages reading the environment; prompts in the batch's languages without a secret;
credential helper listings and masked status; mobile build ids, fingerprints and project ids; GIS
authcfg ids and BI configs from the environment; Teleport/Boundary status and ids; keys that are not
credentials (idempotency, partition, cache and primary keys); ERP, rspamd, RADIUS, Jupyter and
Transmission password hashes; shadow hashes, recipe checksums and sstate hashes; placeholders and
template stand-ins.

Measured by the lead (the bench's evaluate, totals only) on main at 7d3579d, before the round:
    filter:   caught 81.3 % (126/155 cases); false 5.7 % (12/209 redactions)
    baseline: caught 23.9 % (37/155); false 28.6 % (22/77 redactions)
and after the round (main at a606651, the bench's totals): unchanged, 81.3 % (126/155), 5.7 %
(12/209): the round's fixes, made on real part H, reached none of its cases; after a second round,
made on real part I (main at 4a94f1b), unchanged again.

Values are made at run time (gen, random_secret, hashes), so secret scanners do not flag this file."""

from __future__ import annotations

import base64
import json

from tests.privacy_eval import (
    ALNUM,
    B32,
    B62,
    HEX,
    gen,
    random_secret,
    sha,
    uuid_of,
)
from tests.privacy_eval.carriers import N, P, edit_ev, out, read_ev, read_line, said, sh, write_ev

# The people's passwords of this part (memorable, with a symbol), written for it.
H = ["Marmot!Quill47", "saffron-Ibex82", "Gondola#Fern19", "Pelican$Rust64", "tundra^Oboe35", "Kestrel!Maple08",
     "Lantern*Okapi73", "juniper_Wren26", "Meteor@Sable51", "Cactus&Harp94", "Fennel+Drift13", "Narwhal~Bay67",
     "Trellis%Moth29", "quartz=Lynx88", "Bramble!Koi42", "Vortex#Sorrel17", "Pylon-Heath55", "Almond^Crane03",
     "Sable*Otter61", "Mosaic!Tern76", "Dingo.Lagoon39", "Fjordline!2291", "Papaya#Comet14", "harbor_Moose70"]  # fmt: skip
H2 = ["Tapir!Glacier36", "wombat-Plinth71", "Ocelot#Runway48", "Gecko$Saffron05", "Biscuit^Falcon92", "Orchid!Dynamo27",
      "Kiln*Marigold84", "pewter_Iguana19", "Sonnet@Baobab63", "Rooster&Quasar40", "Yarrow+Clipper58", "Mantis~Harbor11",
      "Fresco%Walrus86", "hazel=Tractor32", "Condor!Pistachio9", "Ember#Lobster74"]  # fmt: skip

LOWER = "abcdefghijklmnopqrstuvwxyz"
LOWER36 = LOWER + "0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
URLSAFE = ALNUM + "-_"


def tok(seed: str, n: int, alphabet: str = ALNUM) -> str:
    return gen("u18" + seed, n, alphabet)


def hx(seed: str, n: int) -> str:
    return tok(seed, n, HEX)


def rnd(seed: str, n: int = 24) -> str:
    return random_secret("u18" + seed, n)


def b64raw(seed: str, n: int) -> str:
    """The base64 of `n` random bytes (a generated key)."""
    return base64.b64encode(bytes.fromhex(sha("u18b" + seed, 64) * (1 + n // 32))[:n]).decode()


def nkey(seed: str, kind: str = "U") -> tuple:
    """A NATS nkey pair: the seed (S + kind + base32, 58 chars) and its public key (kind + 55)."""
    return "S" + kind + tok(seed + "s", 56, B32), kind + tok(seed + "p", 55, B32)


def ado_pat(seed: str) -> str:
    """An Azure DevOps personal access token (52 lower-case base32)."""
    return tok(seed, 52, "abcdefghijklmnopqrstuvwxyz234567")


# (the carriers, as Claude Code sends them: tests/privacy_eval/carriers.py)

# ---- positives ---------------------------------------------------------------------------------

def ci_agents() -> list:
    f = "u18: self-hosted ci agents (teamcity, bamboo, buildkite, gocd, azure pipelines)"
    c = []
    t = hx("ci1", 32)
    props = ("## TeamCity build agent configuration\nserverUrl=https://teamcity.corp.example:8111\nname=linux-agent-07\n"
             f"workDir=../work\ntempDir=../temp\nsystemDir=../system\nauthorizationToken={t}\nownPort=9090\n")
    c.append(P(f, read_ev("/opt/buildagent/conf/buildAgent.properties", props, "ci1"), t))
    t = tok("ci2", 50, LOWER36)
    cfg = (f'token="{t}"\nname="%hostname-%spawn"\ntags="queue=deploy,os=linux"\nbuild-path="/var/lib/buildkite-agent/builds"\n'
           'hooks-path="/etc/buildkite-agent/hooks"\nspawn=4\n')
    c.append(P(f, sh("sudo cat /etc/buildkite-agent/buildkite-agent.cfg", cfg, "ci2"), t))
    p = ado_pat("ci3")
    cmd = (f"./config.sh --unattended --url https://dev.azure.com/northwind-tools --auth pat --token {p} "
           "--pool SelfHosted-Linux --agent build-03 --acceptTeeEula")
    c.append(P(f, sh(cmd, "\n  ___                      ______ _            _ _\n\n>> Connect:\n\nConnecting to server ...\n\n"
                     ">> Register Agent:\n\nScanning for tool capabilities.\nConnecting to the server.\nSuccessfully added the agent\n"
                     "Testing agent connection.\n2026-11-30 22:14:07Z: Settings Saved.\n", "ci3"), p))
    k = uuid_of("u18ci4")
    auto = f"agent.auto.register.key={k}\nagent.auto.register.environments=staging\nagent.auto.register.hostname=gocd-agent-2\n"
    c.append(P(f, write_ev("/var/lib/go-agent/config/autoregister.properties", auto, "ci4"), k))
    s = hx("ci5", 40)
    xml = ('<?xml version="1.0" encoding="UTF-8"?>\n<configuration>\n  <buildWorkingDirectory>/home/bamboo/xml-data/build-dir</buildWorkingDirectory>\n'
           f'  <agentDefinition>\n    <id>98566145</id>\n    <name>bamboo-remote-3</name>\n  </agentDefinition>\n'
           f'  <securityToken>{s}</securityToken>\n</configuration>\n')
    c.append(P(f, read_line(xml, "ci5"), s))
    return c


def iac_runners() -> list:
    f = "u18: iac runners and agents (atlantis, tfc agents, spacelift, env0)"
    c = []
    g = "ghp_" + tok("iac1", 36, B62)
    w = rnd("iac1w", 32)
    yml = (f"repo-allowlist: github.com/northwind/*\ngh-user: northwind-atlantis\ngh-token: {g}\ngh-webhook-secret: {w}\n"
           "atlantis-url: https://atlantis.northwind.dev\nwrite-git-creds: true\n")
    c.append(P(f, read_ev("/etc/atlantis/config.yaml", yml, "iac1"), g, w))
    t = tok("iac2a", 14, B62) + ".atlasv1." + tok("iac2b", 67, B62)
    c.append(P(f, sh(f"docker run -d --name tfc-agent -e TFC_AGENT_TOKEN={t} -e TFC_AGENT_NAME=dc1-agent hashicorp/tfc-agent:latest",
                     "c4e9b1f07d2a83e5c6f1097ab3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6\n", "iac2"), t))
    t = tok("iac3a", 14, B62) + ".atlasv1." + tok("iac3b", 67, B62)
    j = json.dumps({"credentials": {"tfe.corp.example": {"token": t}}}, indent=2)
    c.append(P(f, sh("cat ~/.terraform.d/credentials.tfrc.json", j + "\n", "iac3"), t))
    s = tok("iac4", 64, HEX)
    env = ("export SPACELIFT_API_KEY_ENDPOINT=https://northwind.app.spacelift.io\n"
           f"export SPACELIFT_API_KEY_ID=01HF3K9Q2W7ZP4M8RX5T6VB1YC\nexport SPACELIFT_API_KEY_SECRET={s}\n")
    c.append(P(f, read_line(env, "iac4", 12), s))
    s = rnd("iac5", 40)
    c.append(P(f, said("env0 deploy keeps failing with 401, here's what I set in the org settings:\n"
                       f"ENV0_API_SECRET={s}\ncan you check if the secret format looks right?", "iac5"), s))
    return c


def native_registries() -> list:
    f = "u18: c, c++ and functional language registries (conan, vcpkg, hex, hackage, pub, clojars)"
    c = []
    p = rnd("reg1", 20)
    j = json.dumps({"credentials": [{"remote": "corp-conan", "user": "ci-bot", "password": p}]}, indent=4)
    c.append(P(f, read_ev("/home/dev/.conan2/credentials.json", j, "reg1"), p))
    p = H[0]
    c.append(P(f, sh(f"conan remote login corp-conan ci-bot -p '{p}'",
                     "Changed user of remote 'corp-conan' from 'None' (anonymous) to 'ci-bot' (authenticated)\n", "reg2"), p))
    k = hx("reg3", 32)
    c.append(P(f, sh(f"mix hex.organization auth northwind --key {k}",
                     "Authenticating with organization northwind...\nGenerated key for northwind\n", "reg3"), k))
    p = H[1]
    cab = ("repository hackage.haskell.org\n  url: http://hackage.haskell.org/\n\n"
           f"username: mkowalczyk\npassword: {p}\n\nremote-repo-cache: /home/dev/.cabal/packages\n")
    c.append(P(f, read_line(cab, "reg4", 18), p))
    t = "CLOJARS_" + hx("reg5", 60)
    clj = ('{:auth {:repository-auth {#"clojars" {:username "tbarnes"\n'
           f'                                       :password "{t}"}}}}}}\n :user {{:plugins [[lein-ancient "0.7.0"]]}}}}\n')
    c.append(P(f, write_ev("/home/dev/.lein/profiles.clj", clj, "reg5"), t))
    t = tok("reg6", 43, URLSAFE)
    j = json.dumps({"version": 1, "hosted": [{"url": "https://dart.cloudsmith.io/northwind/packages", "token": t}]}, indent=2)
    c.append(P(f, sh("cat ~/.config/dart/pub-tokens.json", j + "\n", "reg6"), t))
    return c


def db_clis() -> list:
    f = "u18: database shells of wide-column, graph and time-series stores"
    c = []
    p = H[2]
    rc = ("[authentication]\nusername = cass_admin\n" f"password = {p}\n\n[connection]\nhostname = 10.20.4.11\nport = 9042\n"
          "\n[ssl]\ncertfile = /etc/cassandra/certs/ca.pem\nvalidate = true\n")
    c.append(P(f, read_ev("/home/dev/.cassandra/cqlshrc", rc, "db1"), p))
    t = tok("db2", 86, URLSAFE) + "=="
    conf = ('[default]\n  url = "https://eu-central-1-1.aws.cloud2.influxdata.com"\n  token = "' + t + '"\n  org = "northwind"\n  active = true\n')
    c.append(P(f, sh("cat ~/.influxdbv2/configs", conf, "db2"), t))
    p = rnd("db3", 43)
    c.append(P(f, sh(f"cypher-shell -a neo4j+s://4f1c2a9e.databases.neo4j.io -u neo4j -p {p} 'MATCH (n) RETURN count(n);'",
                     "count(n)\n184223\n", "db3"), p))
    p = H[3]
    c.append(P(f, sh(f"cbq -e couchbase://cb1.internal -u Administrator -p '{p}' -s 'SELECT COUNT(*) FROM `travel-sample`'",
                     ' Connected to : http://cb1.internal:8091/. Type Ctrl-D or \\QUIT to exit.\n{\n    "results": [\n        {\n            "$1": 63288\n        }\n    ],\n    "status": "success"\n}\n', "db4"), p))
    p = H[4]
    c.append(P(f, sh(f"arangosh --server.endpoint ssl://arango.internal:8529 --server.username root --server.password '{p}' "
                     "--javascript.execute-string 'print(db._collections().length)'", "27\n", "db5"), p))
    return c


def mobile_builds() -> list:
    f = "u18: mobile js and flutter builds (eas, codepush, dart-define)"
    c = []
    k = rnd("mob1", 32)
    c.append(P(f, sh(f"flutter build apk --release --dart-define=API_BASE=https://api.northwind.app --dart-define=PAYMENTS_SECRET={k}",
                     "Running Gradle task 'assembleRelease'...                          84,2s\n"
                     "✓ Built build/app/outputs/flutter-apk/app-release.apk (21.4MB)\n", "mob1"), k))
    t = tok("mob2", 40, URLSAFE)
    c.append(P(f, sh(f"EXPO_TOKEN={t} eas build --platform ios --non-interactive --profile production",
                     "✔ Logged in as northwind-ci\n✔ Using remote iOS credentials (Expo server)\n"
                     "Build details: https://expo.dev/accounts/northwind/projects/shop/builds/3d1f0a9c-5b2e-4e71-a0c8-7f6e2b1d9c44\n", "mob2"), t))
    s = rnd("mob3", 28)
    eas = json.dumps({"cli": {"version": ">= 5.9.0"}, "build": {"production": {"env": {
        "APP_ENV": "production", "SENTRY_ORG": "northwind", "BACKEND_SIGNING_SECRET": s}}}}, indent=2)
    c.append(P(f, read_ev("/home/dev/shop/eas.json", eas, "mob3"), s))
    t = hx("mob4", 40)
    c.append(P(f, sh(f"appcenter codepush release-react -a northwind/shop-android -d Production --token {t}",
                     "Detecting android app version:\nUsing the target binary version value \"2.8.0\"\n"
                     "Successfully released an update containing the \"./CodePush\" directory to the \"Production\" deployment.\n", "mob4"), t))
    k = rnd("mob5", 30)
    env = f"API_URL=https://staging-api.northwind.app\nSENTRY_DSN_PUBLIC=disabled\nMAPS_SERVER_KEY={k}\n"
    c.append(P(f, read_line(env, "mob5"), k))
    return c


def game_platforms() -> list:
    f = "u18: game platform credentials (roblox, unity cloud, playfab)"
    c = []
    ck = ("_|WARNING:-DO-NOT-SHARE-THIS.--Sharing-this-will-allow-someone-to-log-in-as-you-and-to-steal-your-ROBUX-and-items.|_"
          + tok("gm1", 280, "0123456789ABCDEF"))
    c.append(P(f, sh(f"tarmac sync --target roblox --auth '{ck}'", "Uploaded 14 images to Roblox.\n", "gm1"), ck))
    k = tok("gm2", 64, URLSAFE)
    c.append(P(f, sh(f"rbxcloud experience publish --filename place.rbxl --place-id 9182736450 --universe-id 3344556677 "
                     f"--version-type published --api-key {k}", "Published place 9182736450 at version 212\n", "gm2"), k))
    k = hx("gm3", 32)
    c.append(P(f, sh(f"curl -s -H 'Authorization: Basic {k}' https://build-api.cloud.unity3d.com/api/v1/orgs/northwind/projects",
                     '[{"name":"Dungeon Rally","projectid":"dungeon-rally","guid":"' + uuid_of("u18gm3") + '"}]\n', "gm3"), k))
    k = tok("gm4", 52, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    cs = ("public static class PlayFabServerConfig\n{\n    public const string TitleId = \"9A3F2\";\n"
          f"    public const string DeveloperSecretKey = \"{k}\";\n}}\n")
    c.append(P(f, write_ev("/home/dev/rally/Assets/Server/PlayFabServerConfig.cs", cs, "gm4"), k))
    p = H[5]
    wf = ("    - uses: game-ci/unity-builder@v4\n      env:\n        UNITY_EMAIL: builds@northwind.games\n"
          f"        UNITY_PASSWORD: '{p}'\n      with:\n        targetPlatform: StandaloneWindows64\n")
    c.append(P(f, read_line(wf, "gm5", 31), p))
    return c


def router_images() -> list:
    f = "u18: router and embedded linux images (openwrt uci, buildroot, yocto)"
    c = []
    p = H[6]
    w = ("config wifi-iface 'default_radio0'\n\toption device 'radio0'\n\toption network 'lan'\n\toption mode 'ap'\n"
         f"\toption ssid 'Northwind-Lab'\n\toption encryption 'psk2'\n\toption key '{p}'\n")
    c.append(P(f, sh("ssh root@192.168.1.1 cat /etc/config/wireless", w, "rt1"), p))
    p = rnd("rt2", 16)
    c.append(P(f, sh(f"uci set network.wan.proto='pppoe' && uci set network.wan.username='b2k7731@isp.example' && "
                     f"uci set network.wan.password='{p}' && uci commit network && /etc/init.d/network reload", "", "rt2"), p))
    p = H[7]
    dc = ('BR2_TARGET_GENERIC_HOSTNAME="gateway"\nBR2_TARGET_GENERIC_ISSUE="Welcome to gateway"\n'
          f'BR2_TARGET_GENERIC_ROOT_PASSWD="{p}"\nBR2_SYSTEM_DHCP="eth0"\n')
    c.append(P(f, read_line(dc, "rt3", 40), p))
    p = rnd("rt4", 20)
    lc = ('MACHINE ?= "raspberrypi4-64"\nDISTRO ?= "poky"\n'
          f'PREMIRRORS:prepend = "git://.*/.* https://yocto-mirror:{p}@mirror.corp.example/sources/ \\n"\n'
          'BB_NUMBER_THREADS = "16"\n')
    c.append(P(f, read_ev("/home/dev/poky/build/conf/local.conf", lc, "rt4"), p))
    p = H[8]
    c.append(P(f, said(f"openwrt: after sysupgrade the luci admin password got reset, I set it back to {p} — "
                       "can you write a uci-defaults script so it survives the next flash?", "rt5"), p))
    return c


def remote_ides() -> list:
    f = "u18: browser ide and notebook servers (code-server, jupyter server, openvscode)"
    c = []
    p = hx("ide1", 24)
    y = f"bind-addr: 127.0.0.1:8080\nauth: password\npassword: {p}\ncert: false\n"
    c.append(P(f, sh("cat ~/.config/code-server/config.yaml", y, "ide1"), p))
    t = hx("ide2", 48)
    c.append(P(f, sh("jupyter server list", f"Currently running servers:\nhttp://gpu-box-2:8888/?token={t} :: /home/dev/experiments\n", "ide2"), t))
    t = rnd("ide3", 32)
    c.append(P(f, sh(f"nohup openvscode-server --host 0.0.0.0 --port 3000 --connection-token {t} > ovs.log 2>&1 &", "[1] 48211\n", "ide3"), t))
    t = hx("ide4", 48)
    py = ("c = get_config()  # noqa\n\nc.ServerApp.ip = \"0.0.0.0\"\nc.ServerApp.open_browser = False\n"
          f"c.IdentityProvider.token = \"{t}\"\nc.ServerApp.root_dir = \"/srv/notebooks\"\n")
    c.append(P(f, write_ev("/home/dev/.jupyter/jupyter_server_config.py", py, "ide4"), t))
    p = H[9]
    c.append(P(f, said(f"the code-server on the lab box at :8443 now asks for a password, I changed it to {p} in the systemd drop-in "
                       "(Environment=PASSWORD=...), why does it still reject it?", "ide5"), p))
    return c


def media_servers() -> list:
    f = "u18: media server and download manager keys (sonarr, plex, jellyfin, sabnzbd)"
    c = []
    k = hx("md1", 32)
    x = ("<Config>\n  <BindAddress>*</BindAddress>\n  <Port>8989</Port>\n  <SslPort>9898</SslPort>\n"
         f"  <EnableSsl>False</EnableSsl>\n  <ApiKey>{k}</ApiKey>\n  <AuthenticationMethod>Forms</AuthenticationMethod>\n"
         "  <Branch>main</Branch>\n  <LogLevel>info</LogLevel>\n  <UrlBase></UrlBase>\n</Config>\n")
    c.append(P(f, read_ev("/srv/appdata/sonarr/config.xml", x, "md1"), k))
    t = tok("md2", 20, URLSAFE)
    pref = (f'<?xml version="1.0" encoding="utf-8"?>\n<Preferences MachineIdentifier="{uuid_of("u18md2")}" '
            f'ProcessedMachineIdentifier="{hx("md2m", 40)}" AnonymousMachineIdentifier="{uuid_of("u18md2a")}" '
            f'PlexOnlineUsername="kvandijk" PlexOnlineToken="{t}" PlexOnlineHome="1" FriendlyName="nas"/>\n')
    c.append(P(f, sh("cat '/srv/appdata/plex/Library/Application Support/Plex Media Server/Preferences.xml'", pref, "md2"), t))
    k = hx("md3", 32)
    c.append(P(f, sh(f"curl -s 'http://jellyfin.lan:8096/Library/Refresh?api_key={k}' -X POST -w '%{{http_code}}\\n'", "204\n", "md3"), k))
    k = hx("md4", 32)
    nk = hx("md4n", 32)
    ini = ("[misc]\nhost = 0.0.0.0\nport = 8080\nusername = \"\"\n"
           f"api_key = {k}\nnzb_key = {nk}\ndownload_dir = /downloads/incomplete\n")
    c.append(P(f, read_line(ini, "md4", 3), k, nk))
    k = tok("md5", 32, LOWER36)
    c.append(P(f, said("prowlarr won't sync to radarr, this is the torznab url it generated: "
                       f"http://prowlarr:9696/4/api?t=search&apikey={k} — the radarr log says 401", "md5"), k))
    return c


def chain_nodes() -> list:
    f = "u18: blockchain node rpc credentials (bitcoind, lnd, node providers)"
    c = []
    p = rnd("bc1", 28)
    conf = ("server=1\ntxindex=1\nrpcbind=127.0.0.1\nrpcallowip=127.0.0.1\nrpcuser=btcrpc\n"
            f"rpcpassword={p}\nzmqpubrawblock=tcp://127.0.0.1:28332\n")
    c.append(P(f, read_ev("/home/node/.bitcoin/bitcoin.conf", conf, "bc1"), p))
    p = rnd("bc2", 28)
    c.append(P(f, sh(f"bitcoin-cli -rpcuser=btcrpc -rpcpassword={p} getblockcount", "872014\n", "bc2"), p))
    m = "0201036c6e6402f801030a10" + hx("bc3", 240)
    c.append(P(f, sh("lncli bakemacaroon invoices:read invoices:write", m + "\n", "bc3"), m))
    k = tok("bc4", 32, URLSAFE)
    ts = ('import { createPublicClient, http } from "viem";\nimport { mainnet } from "viem/chains";\n\n'
          "export const client = createPublicClient({\n  chain: mainnet,\n"
          f'  transport: http("https://eth-mainnet.g.alchemy.com/v2/{k}"),\n}});\n')
    c.append(P(f, write_ev("/home/dev/dapp/src/lib/client.ts", ts, "bc4"), k))
    s, pid = rnd("bc5", 32), hx("bc5id", 32)
    c.append(P(f, sh(f"curl -s -u :{s} https://mainnet.infura.io/v3/{pid} -H 'Content-Type: application/json' "
                     "-d '{\"jsonrpc\":\"2.0\",\"method\":\"eth_blockNumber\",\"params\":[],\"id\":1}'",
                     '{"jsonrpc":"2.0","id":1,"result":"0x14a3b2f"}\n', "bc5"), s, pid))
    return c


def apple_profiles() -> list:
    f = "u18: apple configuration profiles (wi-fi, vpn, exchange, scep payloads)"
    c = []
    p = H[10]
    x = ("\t\t<dict>\n\t\t\t<key>AutoJoin</key>\n\t\t\t<true/>\n\t\t\t<key>EncryptionType</key>\n\t\t\t<string>WPA2</string>\n"
         f"\t\t\t<key>Password</key>\n\t\t\t<string>{p}</string>\n\t\t\t<key>PayloadType</key>\n\t\t\t<string>com.apple.wifi.managed</string>\n"
         "\t\t\t<key>SSID_STR</key>\n\t\t\t<string>NW-Office</string>\n")
    c.append(P(f, read_line(x, "ap1", 14), p))
    s = rnd("ap2", 24)
    x = ("<key>IPSec</key>\n<dict>\n  <key>AuthenticationMethod</key>\n  <string>SharedSecret</string>\n"
         f"  <key>LocalIdentifierType</key>\n  <string>KeyID</string>\n  <key>SharedSecret</key>\n  <data>{base64.b64encode(s.encode()).decode()}</data>\n</dict>\n")
    c.append(P(f, read_ev("/home/dev/mdm/profiles/office-vpn.mobileconfig", x, "ap2"), base64.b64encode(s.encode()).decode()))
    p = H[11]
    c.append(P(f, write_ev("/home/dev/mdm/profiles/exchange.plist",
                           "<key>EmailAddress</key>\n<string>reception@northwind.example</string>\n<key>Host</key>\n"
                           f"<string>mail.northwind.example</string>\n<key>Password</key>\n<string>{p}</string>\n"
                           "<key>UserName</key>\n<string>NORTHWIND\\reception</string>\n", "ap3"), p))
    ch = hx("ap4", 32).upper()
    c.append(P(f, sh("/usr/libexec/PlistBuddy -c 'Print :PayloadContent:0:PayloadContent:Challenge' scep.mobileconfig", ch + "\n", "ap4"), ch))
    p = "Quillon!Harvest52"
    c.append(P(f, sh(f"curl -s -u 'mdm-automation:{p}' -X POST https://northwind.jamfcloud.com/api/v1/auth/token | jq -r .expires",
                     "2026-12-01T04:19:58.112Z\n", "ap5"), p))
    return c


def gis_projects() -> list:
    f = "u18: gis projects and map servers (qgis, geoserver, mapproxy)"
    c = []
    p = H[12]
    q = ("    <maplayer type=\"vector\" geometry=\"Polygon\">\n      <id>parcels_8f3a2b</id>\n"
         f"      <datasource>dbname='cadastre' host=pg.gis.internal port=5432 user='gis_editor' password='{p}' sslmode=require "
         "key='gid' srid=25832 type=MultiPolygon table=\"public\".\"parcels\" (geom)</datasource>\n")
    c.append(P(f, read_line(q, "gis1", 212), p))
    p = rnd("gis2", 18)
    x = ('<dataStore>\n  <name>osm</name>\n  <type>PostGIS</type>\n  <enabled>true</enabled>\n  <connectionParameters>\n'
         '    <entry key="host">pg.gis.internal</entry>\n    <entry key="user">geoserver</entry>\n'
         f'    <entry key="passwd">plain:{p}</entry>\n    <entry key="database">osm</entry>\n  </connectionParameters>\n</dataStore>\n')
    c.append(P(f, sh("cat data_dir/workspaces/osm/osm/datastore.xml", x, "gis2"), p))
    p = rnd("gis3", 16)
    y = ("sources:\n  cadastre_wms:\n    type: wms\n    req:\n"
         f"      url: https://wms:{p}@geo.landesamt.example/wms/alkis?\n      layers: adv_alkis_flurstuecke\n")
    c.append(P(f, read_ev("/srv/mapproxy/mapproxy.yaml", y, "gis3"), p))
    p = H[13]
    c.append(P(f, sh(f"ogr2ogr -f PostgreSQL \"PG:host=pg.gis.internal dbname=cadastre user=loader password={p}\" parcels.gpkg -nln staging.parcels",
                     "", "gis4"), p))
    o, n = rnd("gis5o", 16), rnd("gis5n", 16)
    orig = f"sources:\n  cadastre_wms:\n    type: wms\n    req:\n      url: https://wms:{o}@geo.landesamt.example/wms/alkis?\n"
    c.append(P(f, edit_ev("/srv/mapproxy/mapproxy.yaml", orig, f"url: https://wms:{o}@geo.landesamt.example/wms/alkis?",
                          f"url: https://wms:{n}@geo.landesamt.example/wms/alkis?", "gis5"), o, n))
    return c


def erp_suites() -> list:
    f = "u18: erp and accounting integrations (odoo, sap rfc, netsuite)"
    c = []
    a, d = H[14], rnd("erp1", 20)
    conf = ("[options]\naddons_path = /opt/odoo/addons,/opt/odoo/custom\n"
            f"admin_passwd = {a}\ndb_host = db\ndb_port = 5432\ndb_user = odoo\ndb_password = {d}\nproxy_mode = True\n")
    c.append(P(f, read_ev("/etc/odoo/odoo.conf", conf, "erp1"), a, d))
    p = H[15]
    py = ("from pyrfc import Connection\n\n"
          f"conn = Connection(ashost=\"sapprd.corp.example\", sysnr=\"00\", client=\"100\", user=\"RFC_BATCH\", passwd=\"{p}\")\n"
          "result = conn.call(\"BAPI_MATERIAL_GETLIST\", MAXROWS=50)\n")
    c.append(P(f, write_ev("/home/dev/sap-sync/pull_materials.py", py, "erp2"), p))
    cs, ts = hx("erp3c", 64), hx("erp3t", 64)
    env = (f"NS_ACCOUNT_ID=7712345_SB1\nNS_REALM=7712345_SB1\nNS_CONSUMER_SECRET={cs}\n"
           f"NS_TOKEN_SECRET={ts}\nNS_RESTLET_URL=https://7712345-sb1.restlets.api.netsuite.com/app/site/hosting/restlet.nl\n")
    c.append(P(f, read_line(env, "erp3"), cs, ts))
    p = rnd("erp4", 22)
    c.append(P(f, sh(f"python -c \"import xmlrpc.client as x; print(x.ServerProxy('https://erp.northwind.example/xmlrpc/2/common')"
                     f".authenticate('prod', 'integration@northwind.example', '{p}', {{}}))\"", "7\n", "erp4"), p))
    return c


def bi_servers() -> list:
    f = "u18: self-hosted bi servers (superset, metabase, redash)"
    c = []
    k, p = tok("bi1", 42, ALNUM + "+/"), rnd("bi1p", 20)
    py = (f"SECRET_KEY = \"{k}\"\n"
          f"SQLALCHEMY_DATABASE_URI = \"postgresql+psycopg2://superset:{p}@superset-db:5432/superset\"\n"
          "FEATURE_FLAGS = {\"DASHBOARD_RBAC\": True}\n")
    c.append(P(f, read_ev("/app/pythonpath/superset_config.py", py, "bi1"), k, p))
    p, e = H[16], rnd("bi2", 32)
    env = (f"MB_DB_TYPE=postgres\nMB_DB_DBNAME=metabase\nMB_DB_USER=metabase\nMB_DB_PASS={p}\nMB_DB_HOST=pg\n"
           f"MB_ENCRYPTION_SECRET_KEY={e}\nMB_SITE_URL=https://bi.northwind.example\n")
    c.append(P(f, sh("docker exec metabase env | grep ^MB_", env, "bi2"), p, e))
    s1, s2 = hx("bi3a", 64), hx("bi3b", 64)
    c.append(P(f, write_ev("/srv/redash/env", f"REDASH_COOKIE_SECRET={s1}\nREDASH_SECRET_KEY={s2}\nREDASH_LOG_LEVEL=INFO\n"
                           "REDASH_REDIS_URL=redis://redis:6379/0\n", "bi3"), s1, s2))
    k = tok("bi4", 40, ALNUM)
    c.append(P(f, sh(f"curl -s -H 'Authorization: Key {k}' https://redash.northwind.example/api/queries/118/results.json | jq '.query_result.data.rows | length'",
                     "412\n", "bi4"), k))
    old, new = tok("bi5o", 42, ALNUM + "+/"), tok("bi5n", 42, ALNUM + "+/")
    orig = f"ROW_LIMIT = 5000\nSECRET_KEY = \"{old}\"\nPREVIOUS_SECRET_KEY = None\n"
    c.append(P(f, edit_ev("/app/pythonpath/superset_config.py", orig, f"SECRET_KEY = \"{old}\"\nPREVIOUS_SECRET_KEY = None",
                          f"SECRET_KEY = \"{new}\"\nPREVIOUS_SECRET_KEY = \"{old}\"", "bi5"), old, new))
    return c


def chatops_bots() -> list:
    f = "u18: self-hosted chat bots (zulip, mattermost, rocket.chat, errbot)"
    c = []
    k = tok("ch1", 32, ALNUM)
    rc = f"[api]\nemail=deploy-bot@northwind.zulipchat.com\nkey={k}\nsite=https://northwind.zulipchat.com\n"
    c.append(P(f, read_ev("/home/dev/.zuliprc", rc, "ch1"), k))
    t = tok("ch2", 26, LOWER36)
    c.append(P(f, sh(f"curl -s -H 'Authorization: Bearer {t}' https://chat.northwind.example/api/v4/users/me | jq .username",
                     "\"release-bot\"\n", "ch2"), t))
    t = tok("ch3", 43, URLSAFE)
    c.append(P(f, sh(f"curl -s -H 'X-Auth-Token: {t}' -H 'X-User-Id: {tok('ch3u', 17, ALNUM)}' "
                     "https://rocket.northwind.example/api/v1/channels.list | jq '.channels | length'", "38\n", "ch3"), t))
    p = H[17]
    py = ("BACKEND = 'Mattermost'\nBOT_EXTRA_BACKEND_DIR = '/opt/errbot/backends/err-backend-mattermost'\n"
          "BOT_IDENTITY = {\n    'team': 'northwind',\n    'server': 'chat.northwind.example',\n"
          f"    'login': 'errbot@northwind.example',\n    'password': '{p}',\n    'scheme': 'https',\n}}\n")
    c.append(P(f, read_line(py, "ch4", 8), p))
    t = tok("ch5", 26, LOWER36)
    c.append(P(f, said(f"mmctl auth login https://chat.northwind.example --name prod --access-token {t} works on my laptop but "
                       "not in the CI container, what's different?", "ch5"), t))
    return c


def dns_update_keys() -> list:
    f = "u18: dynamic dns and acme dns-01 credentials (tsig, acme.sh, certbot plugins, duckdns)"
    c = []
    s = b64raw("dn1", 32)
    conf = ('key "ddns-update" {\n\talgorithm hmac-sha256;\n' f'\tsecret "{s}";\n' '};\n\nzone "lab.northwind.example" {\n'
            '\ttype primary;\n\tfile "/var/lib/bind/db.lab";\n\tallow-update { key "ddns-update"; };\n};\n')
    c.append(P(f, read_ev("/etc/bind/named.conf.local", conf, "dn1"), s))
    s = b64raw("dn2", 32)
    c.append(P(f, sh(f"nsupdate -y hmac-sha256:acme-key:{s} <<'EOF'\nserver ns1.northwind.example\n"
                     "update add _acme-challenge.lab.northwind.example. 60 TXT \"kQ3r\"\nsend\nEOF", "", "dn2"), s))
    t = tok("dn3", 40, URLSAFE)
    conf = ("LOG_FILE='/root/.acme.sh/acme.sh.log'\nAUTO_UPGRADE='1'\n"
            f"SAVED_CF_Token='{t}'\nSAVED_CF_Account_ID='{hx('dn3a', 32)}'\nUSER_PATH='/usr/local/sbin:/usr/bin'\n")
    c.append(P(f, sh("cat ~/.acme.sh/account.conf", conf, "dn3"), t))
    t = tok("dn4", 40, URLSAFE)
    c.append(P(f, write_ev("/root/.secrets/certbot/cloudflare.ini",
                           f"# Cloudflare API token used by Certbot\ndns_cloudflare_api_token = {t}\n", "dn4"), t))
    t = uuid_of("u18dn5")
    c.append(P(f, sh("crontab -l", f"*/5 * * * * curl -s 'https://www.duckdns.org/update?domains=kvd-homelab&token={t}&ip=' >/dev/null\n", "dn5"), t))
    return c


def ipsec_secrets() -> list:
    f = "u18: ipsec and ppp secrets (strongswan, libreswan, chap-secrets, openconnect)"
    c = []
    p = rnd("ip1", 32)
    c.append(P(f, read_ev("/etc/ipsec.secrets", f"# /etc/ipsec.secrets\n203.0.113.40 198.51.100.17 : PSK \"{p}\"\n: RSA vpn-gw.key.pem\n", "ip1"), p))
    p, e = rnd("ip2", 28), H[18]
    sw = ("secrets {\n   ike-site-b {\n      id-1 = gw-a.northwind.example\n      id-2 = gw-b.northwind.example\n"
          f"      secret = \"{p}\"\n   }}\n   eap-mlind {{\n      id = mlind\n      secret = \"{e}\"\n   }}\n}}\n")
    c.append(P(f, read_line(sw, "ip2", 44), p, e))
    p = H[19]
    c.append(P(f, sh("sudo cat /etc/ppp/chap-secrets",
                     "# Secrets for authentication using CHAP\n# client\tserver\tsecret\t\t\tIP addresses\n"
                     f"\"vpnuser1\"\tl2tpd\t\"{p}\"\t*\n", "ip3"), p))
    p = H[20]
    c.append(P(f, sh(f"echo '{p}' | sudo openconnect --protocol=anyconnect --user=mlind --passwd-on-stdin vpn.northwind.example",
                     "POST https://vpn.northwind.example/\nConnected to 203.0.113.9:443\nSSL negotiation with vpn.northwind.example\n"
                     "Got CONNECT response: HTTP/1.1 200 OK\nCSTP connected. DPD 30, Keepalive 20\n", "ip4"), p))
    p = rnd("ip5", 24)
    c.append(P(f, sh(f"nmcli connection modify office-l2tp vpn.secrets 'ipsec-psk={p}'", "", "ip5"), p))
    return c


def voip_sip() -> list:
    f = "u18: voip and sip accounts (asterisk, freeswitch, baresip, linphone)"
    c = []
    p = rnd("sp1", 16)
    conf = ("[6001-auth]\ntype=auth\nauth_type=userpass\n" f"password={p}\nusername=6001\n\n[6001]\ntype=aor\nmax_contacts=1\n")
    c.append(P(f, read_ev("/etc/asterisk/pjsip.conf", conf, "sp1"), p))
    p = rnd("sp2", 14)
    c.append(P(f, read_line(f"[trunk-sipgate]\ntype=peer\nhost=sipconnect.sipgate.de\ndefaultuser=2948461t0\nsecret={p}\n"
                            "fromdomain=sipgate.de\ninsecure=invite\n", "sp2", 120), p))
    p = rnd("sp3", 18)
    x = ('<include>\n  <user id="1004">\n    <params>\n' f'      <param name="password" value="{p}"/>\n'
         '      <param name="vm-password" value="1004"/>\n    </params>\n  </user>\n</include>\n')
    c.append(P(f, write_ev("/etc/freeswitch/directory/default/1004.xml", x, "sp3"), p))
    p = H[21]
    c.append(P(f, sh("cat ~/.baresip/accounts", f"<sip:mlind@sip.northwind.example>;auth_pass={p};outbound=\"sip:pbx.northwind.example;transport=tls\"\n", "sp4"), p))
    p = rnd("sp5", 12)
    c.append(P(f, said(f"linphone keeps saying 'registration failed: forbidden' for ext 2207, password is {p}, domain voip.northwind.example — "
                       "is it the transport setting?", "sp5"), p))
    return c


def aaa_servers() -> list:
    f = "u18: radius and tacacs+ shared secrets and users"
    c = []
    s = rnd("aa1", 22)
    conf = ("client core-switches {\n\tipaddr = 10.10.0.0/24\n" f"\tsecret = {s}\n" "\tshortname = core\n\tnas_type = other\n}\n")
    c.append(P(f, read_ev("/etc/freeradius/3.0/clients.conf", conf, "aa1"), s))
    p = H[22]
    c.append(P(f, read_line(f"mlind\tCleartext-Password := \"{p}\"\n\tReply-Message := \"Hello, %{{User-Name}}\"\n", "aa2", 201), p))
    s = rnd("aa3", 20)
    c.append(P(f, write_ev("/etc/tacacs+/tac_plus.conf",
                           f"key = \"{s}\"\naccounting file = /var/log/tac_plus.acct\n\ngroup = netadmins {{\n\tdefault service = permit\n}}\n", "aa3"), s))
    s, p = rnd("aa4", 18), rnd("aa4p", 14)
    c.append(P(f, sh(f"radtest mlind '{p}' 10.10.0.5 0 '{s}'",
                     "Sent Access-Request Id 211 from 0.0.0.0:47190 to 10.10.0.5:1812 length 75\n\tUser-Name = \"mlind\"\n"
                     "\tUser-Password = \"" + p + "\"\nReceived Access-Accept Id 211 from 10.10.0.5:1812 to 10.10.0.9:47190 length 20\n", "aa4"), s, p))
    s = rnd("aa5", 20)
    c.append(P(f, sh("ssh admin@core-sw1 'show running-config | include radius-server'",
                     f"radius-server host 10.10.0.5 auth-port 1812 acct-port 1813 key 0 {s}\n", "aa5"), s))
    return c


def access_proxies() -> list:
    f = "u18: access proxies and bastions (teleport, boundary, pomerium)"
    c = []
    t = hx("ax1", 32)
    c.append(P(f, sh("tctl tokens add --type=node --ttl=1h",
                     f"The invite token: {t}\nThis token will expire in 60 minutes.\n\nRun this on the new node to join the cluster:\n\n"
                     f"> teleport start \\\n   --roles=node \\\n   --token={t} \\\n   --ca-pin=sha256:{hx('ax1ca', 64)} \\\n"
                     "   --auth-server=10.0.1.20:3025\n", "ax1"), t))
    t = "at_" + tok("ax2a", 10, ALNUM) + "_s1" + tok("ax2b", 120, ALNUM)
    c.append(P(f, sh("boundary authenticate password -auth-method-id ampw_1234567890 -login-name admin -format json | jq -r .item.attributes.token",
                     t + "\n", "ax2"), t))
    a, b = b64raw("ax3a", 32), b64raw("ax3b", 32)
    y = (f"authenticate_service_url: https://authenticate.northwind.example\nshared_secret: {a}\ncookie_secret: {b}\n"
         "idp_provider: oidc\nidp_provider_url: https://login.northwind.example\n")
    c.append(P(f, read_ev("/etc/pomerium/config.yaml", y, "ax3"), a, b))
    s = tok("ax4", 40, ALNUM)
    c.append(P(f, read_line(f"idp_client_id: pomerium-prod\nidp_client_secret: {s}\n", "ax4", 9), s))
    t = hx("ax5", 32)
    c.append(P(f, sh("tctl users add mlind --roles=access,editor --logins=ubuntu",
                     "User \"mlind\" has been created but requires a password. Share this URL with the user to complete user setup, "
                     f"link is valid for 1h:\nhttps://teleport.northwind.example:443/web/invite/{t}\n\n"
                     "NOTE: Make sure teleport.northwind.example:443 points at a Teleport proxy which users can access.\n", "ax5"), t))
    return c


def nats_pulsar() -> list:
    f = "u18: nats nkeys and creds, pulsar client tokens"
    c = []
    sd, pk = nkey("nt1")
    c.append(P(f, sh("nsc generate nkey --user", f"{sd}\n{pk}\n", "nt1"), sd))
    sd, _ = nkey("nt2")
    creds = ("-----BEGIN USER NKEY SEED-----\n" + sd + "\n------END USER NKEY SEED------\n\n"
             "*************************************************************\n")
    c.append(P(f, read_line(creds, "nt2", 7), sd))
    sd, pk = nkey("nt3")
    go = ("nc, err := nats.Connect(\"nats://nats.internal:4222\", nats.Nkey(\"" + pk + "\", func(nonce []byte) ([]byte, error) {\n"
          "\tkp, _ := nkeys.FromSeed([]byte(\"" + sd + "\"))\n\treturn kp.Sign(nonce)\n}))\n")
    c.append(P(f, write_ev("/home/dev/ingest/cmd/consumer/nats.go", "// server: users = [ { nkey: " + pk + " } ]\n" + go, "nt3"), sd))
    t = "eyJhbGciOiJIUzI1NiJ9." + base64.urlsafe_b64encode(b'{"sub":"ingest-writer"}').decode().rstrip("=") + "." + tok("nt4", 43, URLSAFE)
    conf = ("webServiceUrl=https://pulsar.northwind.example:8443/\nbrokerServiceUrl=pulsar+ssl://pulsar.northwind.example:6651/\n"
            "authPlugin=org.apache.pulsar.client.impl.auth.AuthenticationToken\n" f"authParams=token:{t}\n")
    c.append(P(f, read_ev("/opt/pulsar/conf/client.conf", conf, "nt4"), t))
    return c


def ml_trackers() -> list:
    f = "u18: ml experiment trackers and dataset hubs (wandb, comet, neptune, clearml, kaggle)"
    c = []
    k = hx("ml1", 40)
    c.append(P(f, sh("cat ~/.netrc", f"machine api.wandb.ai\n  login user\n  password {k}\n", "ml1"), k))
    k = tok("ml2", 25, ALNUM)
    c.append(P(f, read_line(f"[comet]\napi_key = {k}\nworkspace = kvandijk\nproject_name = seg-ablation\n", "ml2"), k))
    t = base64.b64encode(json.dumps({"api_address": "https://app.neptune.ai", "api_url": "https://app.neptune.ai",
                                     "api_key": uuid_of("u18ml3")}).encode()).decode()
    c.append(P(f, sh(f"export NEPTUNE_API_TOKEN=\"{t}\" && python train.py --epochs 40",
                     "[neptune] [info   ] Neptune initialized. Open in the app: https://app.neptune.ai/kvd/seg/e/SEG-118\n", "ml3"), t))
    a, s = tok("ml4a", 30, UPPER + "0123456789"), tok("ml4s", 50, ALNUM)
    conf = ('api {\n    web_server: https://app.clear.ml\n    api_server: https://api.clear.ml\n    credentials {\n'
            f'        "access_key" = "{a}"\n        "secret_key" = "{s}"\n    }}\n}}\n')
    c.append(P(f, read_ev("/home/dev/clearml.conf", conf, "ml4"), s))
    k = hx("ml5", 32)
    c.append(P(f, write_ev("/home/dev/.kaggle/kaggle.json", json.dumps({"username": "kvandijk", "key": k}), "ml5"), k))
    return c


def mail_webapps() -> list:
    f = "u18: webmail and list servers (roundcube, mailman, rspamd, sogo)"
    c = []
    k = tok("mw1", 24, ALNUM)
    p = rnd("mw1p", 18)
    php = ("<?php\n$config = [];\n" f"$config['db_dsnw'] = 'mysql://roundcube:{p}@localhost/roundcubemail';\n"
           "$config['imap_host'] = 'ssl://mail.northwind.example:993';\n" f"$config['des_key'] = '{k}';\n")
    c.append(P(f, read_ev("/var/www/roundcube/config/config.inc.php", php, "mw1"), p, k))
    p, a = H[23], rnd("mw2", 30)
    cfg = ("[webservice]\nhostname: mailman-core\nport: 8001\nadmin_user: restadmin\n" f"admin_pass: {p}\n\n"
           f"[archiver.hyperkitty]\nclass: mailman_hyperkitty.Archiver\nenable: yes\n\n# MAILMAN_ARCHIVER_KEY={a}\n")
    c.append(P(f, read_line(cfg, "mw2"), p, a))
    p = rnd("mw3", 20)
    c.append(P(f, sh(f"rspamc -h rspamd.internal:11334 -P '{p}' stat",
                     "Results for command: stat (0.002 seconds)\nMessages scanned: 184223\nMessages with action reject: 9120, 4.95%\n", "mw3"), p))
    p = rnd("mw4", 16)
    c.append(P(f, write_ev("/etc/sogo/sogo.conf",
                           "{\n  SOGoProfileURL = \"postgresql://sogo:" + p + "@db:5432/sogo/sogo_user_profile\";\n"
                           "  SOGoMailDomain = northwind.example;\n}\n", "mw4"), p))
    k = tok("mw5", 50, ALNUM + "!@#%^&*(-_=+)")
    c.append(P(f, read_line(f"SECRET_KEY = '{k}'\nMAILMAN_REST_API_URL = 'http://mailman-core:8001'\nMAILMAN_REST_API_USER = 'restadmin'\n",
                            "mw5", 14), k))
    return c


def credential_helpers() -> list:
    f = "u18: credential helpers printing what they hold (git credential fill, docker-credential, export-credentials)"
    c = []
    t = "gho_" + tok("cr1", 36, B62)
    c.append(P(f, sh("printf 'protocol=https\\nhost=github.com\\n' | git credential fill",
                     f"protocol=https\nhost=github.com\nusername=kvandijk\npassword={t}\n", "cr1"), t))
    t = "dckr_pat_" + tok("cr2", 27, URLSAFE)
    c.append(P(f, sh("echo https://index.docker.io/v1/ | docker-credential-desktop get",
                     json.dumps({"ServerURL": "https://index.docker.io/v1/", "Username": "kvandijk", "Secret": t}) + "\n", "cr2"), t))
    kid = "ASIA" + tok("cr3id", 16, UPPER + "234567")
    sk, st = tok("cr3sk", 40, ALNUM + "+/"), "IQoJb3JpZ2luX2VjE" + tok("cr3st", 380, ALNUM + "+/")
    c.append(P(f, sh("aws configure export-credentials --profile prod-admin --format env",
                     f"export AWS_ACCESS_KEY_ID={kid}\nexport AWS_SECRET_ACCESS_KEY={sk}\nexport AWS_SESSION_TOKEN={st}\n"
                     "export AWS_CREDENTIAL_EXPIRATION=2026-12-01T05:12:44+00:00\n", "cr3"), sk, st))
    t = "glpat-" + tok("cr4", 20, URLSAFE)
    c.append(P(f, sh("git config --get credential.helper && git credential-store get <<< $'protocol=https\\nhost=gitlab.northwind.example'",
                     f"store\nusername=oauth2\npassword={t}\n", "cr4"), t))
    p = H2[0]
    c.append(P(f, sh("security find-internet-password -s nexus.northwind.example -a deploy -w", p + "\n", "cr5"), p))
    return c


def wrapped_commands() -> list:
    f = "u18: secrets inside commands run through ssh, kubectl exec, sudo, watch and tmux"
    c = []
    p = H2[1]
    c.append(P(f, sh(f"ssh db-prod-2 \"PGPASSWORD='{p}' pg_dump -h localhost -U app -Fc appdb\" > appdb-$(date +%F).dump", "", "wr1"), p))
    p = rnd("wr2", 20)
    c.append(P(f, sh(f"kubectl -n data exec -it mysql-0 -- mysql -uroot -p'{p}' -e 'SHOW PROCESSLIST'",
                     "+------+------+-----------+------+---------+------+-------+------------------+\n"
                     "| Id   | User | Host      | db   | Command | Time | State | Info             |\n"
                     "+------+------+-----------+------+---------+------+-------+------------------+\n"
                     "| 2211 | root | localhost | NULL | Query   |    0 | init  | SHOW PROCESSLIST |\n", "wr2"), p))
    k = rnd("wr3", 32)
    c.append(P(f, sh(f"watch -n 30 \"curl -s -H 'X-Api-Key: {k}' https://status-api.northwind.example/v2/queues | jq .depth\"",
                     "Every 30.0s: curl -s -H ...\n\n1834\n", "wr3"), k))
    p = H2[2]
    c.append(P(f, sh(f"tmux send-keys -t deploy:0 'export REGISTRY_PASSWORD={p}' Enter", "", "wr4"), p))
    p = rnd("wr5", 22)
    c.append(P(f, sh(f"sudo -u postgres env PGPASSWORD={p} psql -h 10.0.3.7 -U replicator -c 'SELECT pg_is_in_recovery()'",
                     " pg_is_in_recovery \n-------------------\n t\n(1 row)\n\n", "wr5"), p))
    p = rnd("wr6", 24)
    c.append(P(f, sh(f"docker compose exec -T redis redis-cli --no-auth-warning -a {p} INFO keyspace",
                     "# Keyspace\ndb0:keys=88214,expires=1203,avg_ttl=0\n", "wr6"), p))
    return c


def fsharp_clojure_d() -> list:
    f = "u18: f#, clojure and d sources"
    c = []
    p = H2[3]
    fs = ("module Db\n\nopen Npgsql.FSharp\n\n[<Literal>]\n"
          f"let ConnectionString = \"Host=pg.internal;Database=orders;Username=orders_app;Password={p}\"\n")
    c.append(P(f, write_ev("/home/dev/orders/src/Db.fs", fs, "fs1"), p))
    k = "sk_live_" + tok("fs2", 24, B62)
    fs = ("let client = new HttpClient()\n"
          f"client.DefaultRequestHeaders.Authorization <- AuthenticationHeaderValue(\"Bearer\", \"{k}\")\n")
    c.append(P(f, read_line(fs, "fs2", 22), k))
    p = rnd("cl3", 20)
    clj = ("(ns orders.db\n  (:require [next.jdbc :as jdbc]))\n\n"
           f"(def db-spec {{:dbtype \"postgresql\" :dbname \"orders\" :host \"pg.internal\"\n              :user \"orders_app\" :password \"{p}\"}})\n")
    c.append(P(f, read_ev("/home/dev/orders-clj/src/orders/db.clj", clj, "cl3"), p))
    k = rnd("cl4", 36)
    c.append(P(f, sh(f"clj -M -e '(require (quote [clj-http.client :as http])) (println (:status (http/get \"https://api.northwind.example/v1/ping\" {{:headers {{\"X-Api-Key\" \"{k}\"}}}})))'",
                     "200\n", "cl4"), k))
    t = tok("d5", 40, URLSAFE)
    d = ("import vibe.d;\n\nvoid main()\n{\n    requestHTTP(\"https://api.northwind.example/v1/jobs\",\n"
         f"        (scope req) {{ req.headers[\"Authorization\"] = \"Token {t}\"; }},\n        (scope res) {{ logInfo(\"%s\", res.statusCode); }});\n}}\n")
    c.append(P(f, write_ev("/home/dev/jobs-d/source/app.d", d, "d5"), t))
    return c


def objc_applescript_awk() -> list:
    f = "u18: objective-c, applescript and awk sources"
    c = []
    k = rnd("oc1", 40)
    m = ("#import \"NWAPIClient.h\"\n\n" f"static NSString *const kNWClientSecret = @\"{k}\";\n\n@implementation NWAPIClient\n")
    c.append(P(f, read_ev("/home/dev/legacy-ios/NW/NWAPIClient.m", m, "oc1"), k))
    t = tok("oc2", 40, URLSAFE)
    c.append(P(f, read_line(f"    [request setValue:@\"Bearer {t}\" forHTTPHeaderField:@\"Authorization\"];\n", "oc2", 87), t))
    p = H2[4]
    ap = (f"do shell script \"launchctl kickstart -k system/com.northwind.agent\" user name \"admin\" password \"{p}\" "
          "with administrator privileges\n")
    c.append(P(f, write_ev("/home/dev/scripts/restart-agent.applescript", ap, "as3"), p))
    k = rnd("aw4", 32)
    c.append(P(f, sh(f"awk -v key={k} 'BEGIN {{ while ((\"cat ids.txt\" | getline id) > 0) "
                     "print \"curl -s -H \\\"X-Api-Key: \" key \"\\\" https://api.northwind.example/v1/items/\" id }' | sh | wc -l",
                     "214\n", "aw4"), k))
    p = rnd("aw5", 18)
    c.append(P(f, read_line(f"BEGIN {{\n    FS = \",\"\n    dsn = \"mysql -h db.internal -u report -p{p} shop\"\n}}\n", "aw5"), p))
    return c


def prompts_small_european() -> list:
    f = "u18: prompts in maltese, luxembourgish, frisian, breton and esperanto"
    c = []
    p = H2[5]
    c.append(P(f, said(f"Jekk jogħġbok, ibdel il-password tad-database għal {p} fil-fajl .env u erġa' ibda s-servizz.", "la1"), p))
    k = rnd("la2", 32)
    c.append(P(f, said(f"Kanns du w.e.g. den API-Schlëssel {k} an d'config.yaml androen? Dee gëllt just fir de Staging-Server.", "la2"), k))
    p = H2[6]
    c.append(P(f, said(f"Kinsto it wachtwurd foar de testbrûker ynstelle? It is {p}, mar set it net yn 'e repo.", "la3"), p))
    p = H2[7]
    c.append(P(f, said(f"Ger-tremen ar servijer eo {p}, laka anezhañ er skript deploy, mar plij.", "la4"), p))
    k = "ghp_" + tok("la5", 36, B62)
    c.append(P(f, said(f"Bonvolu uzi ĉi tiun ĵetonon por la CI: {k} — ne enmetu ĝin en la deponejon.", "la5"), k))
    return c


def prompts_creole_pacific_andean() -> list:
    f = "u18: prompts in haitian creole, quechua, guarani, maori and samoan"
    c = []
    p = H2[8]
    c.append(P(f, said(f"Tanpri mete modpas baz done a nan fichye .env la: {p}. Pa pataje l ak pèsonn.", "lb1"), p))
    k = rnd("lb2", 28)
    c.append(P(f, said(f"Kay API llaveta {k} config.json nisqaman churay, ama pimanpas qawachiychu.", "lb2"), k))
    p = H2[9]
    c.append(P(f, said(f"Emoĩ ko ñe'ẽñemi {p} servidor-pe, ha ani rehechauka avavépe.", "lb3"), p))
    p = H2[10]
    c.append(P(f, said(f"Tēnā koa, whakamahia tēnei kupuhipa mō te pūnaha whakamātautau: {p}. Kaua e tukuna ki GitHub.", "lb4"), p))
    k = rnd("lb5", 30)
    c.append(P(f, said(f"Fa'amolemole fa'aaoga le ki API lenei mo le server: {k}", "lb5"), k))
    return c


def prompts_iranian_turkic() -> list:
    f = "u18: prompts in kurdish, pashto, tajik, kyrgyz and tatar"
    c = []
    p = H2[11]
    c.append(P(f, said(f"Ji kerema xwe şîfreya databasê bike {p} û servîsê ji nû ve dest pê bike.", "lc1"), p))
    p = H2[12]
    c.append(P(f, said(f"مهرباني وکړئ د ډیټابیس پټنوم {p} په .env فایل کې واچوئ او سرور بیا پیل کړئ.", "lc2"), p))
    k = rnd("lc3", 32)
    c.append(P(f, said(f"Лутфан калиди API-ро {k} ба файли config.yaml илова кунед, вале ба git напартоед.", "lc3"), k))
    p = H2[13]
    c.append(P(f, said(f"Сураныч, маалымат базасынын сырсөзүн {p} деп өзгөртүп, серверди кайра жүргүз.", "lc4"), p))
    p = H2[14]
    c.append(P(f, said(f"Зинһар, серсүзне {p} итеп куй һәм контейнерны яңадан җибәр.", "lc5"), p))
    return c


def mixed_lookalikes() -> list:
    f = "u18: a secret beside look-alike ids, digests and hashes on one line"
    c = []
    t = "npm_" + tok("mx1", 36, B62)
    c.append(P(f, sh(f"docker build --build-arg NPM_TOKEN={t} -t registry.northwind.example/web@sha256:{hx('mx1d', 64)} .",
                     "#12 [builder 4/7] RUN npm ci\n#12 DONE 41.2s\n", "mx1"), t))
    k = rnd("mx2", 32)
    c.append(P(f, out(f"2026-11-30T21:04:11Z INFO request_id={uuid_of('u18mx2')} trace_id={hx('mx2t', 32)} "
                      f"upstream=billing api_key={k} status=502 latency_ms=1203", "mx2"), k))
    p = H2[15]
    c.append(P(f, said(f"commit {hx('mx3', 40)} broke login for the seed user admin@northwind.example / {p} — "
                       f"bisect says the parent {hx('mx3p', 40)} is fine", "mx3"), p))
    s = tok("mx4", 40, ALNUM + "+/")
    csv = ("id,name,created_at,secret_access_key,etag\n"
           f"{uuid_of('u18mx4')},ingest-prod,2026-10-02,{s},\"{hx('mx4e', 32)}\"\n")
    c.append(P(f, read_line(csv, "mx4"), s))
    t = "xoxb-" + "-".join([tok("mx5a", 13, "0123456789"), tok("mx5b", 13, "0123456789"), tok("mx5c", 24, B62)])
    c.append(P(f, sh("kubectl get secret slack-bot -o jsonpath='{.data.token}' | base64 -d; echo; kubectl get secret slack-bot -o jsonpath='{.metadata.uid}'",
                     f"{t}\n{uuid_of('u18mx5')}\n", "mx5"), t))
    return c


def positives() -> list:
    return (ci_agents() + iac_runners() + native_registries() + db_clis() + mobile_builds() + game_platforms() + router_images()
            + remote_ides() + media_servers() + chain_nodes() + apple_profiles() + gis_projects() + erp_suites() + bi_servers()
            + chatops_bots() + dns_update_keys() + ipsec_secrets() + voip_sip() + aaa_servers() + access_proxies() + nats_pulsar()
            + ml_trackers() + mail_webapps() + credential_helpers() + wrapped_commands() + fsharp_clojure_d()
            + objc_applescript_awk() + prompts_small_european() + prompts_creole_pacific_andean() + prompts_iranian_turkic()
            + mixed_lookalikes())


# ---- negatives ---------------------------------------------------------------------------------

def neg_ci_agents() -> list:
    f = "u18 neg: ci agent and iac runner configs with token files and references"
    c = []
    c.append(N(f, read_ev("/etc/buildkite-agent/buildkite-agent.cfg",
                          'token-path="/run/secrets/buildkite-agent-token"\nname="%hostname-%spawn"\ntags="queue=default"\n'
                          'build-path="/var/lib/buildkite-agent/builds"\n', "nc1")))
    c.append(N(f, sh("./config.sh --unattended --url https://dev.azure.com/northwind-tools --auth pat --token \"$AZP_TOKEN\" --pool SelfHosted-Linux",
                     ">> Connect:\n\nConnecting to server ...\n\n>> Register Agent:\n\nSuccessfully added the agent\n", "nc2")))
    c.append(N(f, read_line("serverUrl=https://teamcity.corp.example:8111\nname=linux-agent-07\nauthorizationToken=\n"
                            "## The token is issued by the server after the agent is authorized in the UI\n", "nc3")))
    c.append(N(f, read_ev("/etc/atlantis/repos.yaml",
                          "repos:\n- id: /.*/\n  apply_requirements: [approved, mergeable]\n  allowed_overrides: [workflow]\n"
                          "workflows:\n  default:\n    plan:\n      steps: [init, plan]\n# gh-token comes from ATLANTIS_GH_TOKEN (sealed secret atlantis-gh)\n", "nc4")))
    c.append(N(f, sh("buildkite-agent meta-data get release-version; buildkite-agent step get id",
                     f"2.14.0\n{uuid_of('u18nc5')}\n", "nc5")))
    return c


def neg_dns() -> list:
    f = "u18 neg: dns zones with dnskey and ds records, tsig key names and acme challenges"
    c = []
    c.append(N(f, sh("dig +short DNSKEY northwind.example",
                     f"257 3 13 {b64raw('nd1a', 64)}\n256 3 13 {b64raw('nd1b', 64)}\n", "nd1")))
    c.append(N(f, sh("dig +short DS northwind.example @a.gtld.example", f"48211 13 2 {hx('nd2', 64).upper()}\n", "nd2")))
    c.append(N(f, read_ev("/etc/bind/named.conf.local",
                          'include "/etc/bind/keys/ddns-update.key";\n\nzone "lab.northwind.example" {\n\ttype primary;\n'
                          '\tfile "/var/lib/bind/db.lab";\n\tallow-update { key "ddns-update"; };\n};\n', "nd3")))
    c.append(N(f, sh("dig +short TXT _acme-challenge.lab.northwind.example", f"\"{tok('nd4', 43, URLSAFE)}\"\n", "nd4")))
    c.append(N(f, read_line("$TTL 3600\n@   IN SOA ns1.northwind.example. hostmaster.northwind.example. (\n        2026113001 ; serial\n"
                            "        7200 3600 1209600 300 )\n    IN NS  ns1\n    IN CAA 0 issue \"letsencrypt.org\"\n"
                            f"_domainkey-sel1 IN TXT \"v=DKIM1; k=ed25519; p={b64raw('nd5', 32)}\"\n", "nd5")))
    return c


def neg_native_locks() -> list:
    f = "u18 neg: native and functional package locks with checksums and revisions"
    c = []
    lock = json.dumps({"version": "0.5", "requires": [f"zlib/1.3.1#{hx('nl1a', 32)}%1733245211.492",
                                                     f"openssl/3.3.2#{hx('nl1b', 32)}%1731562012.117"],
                       "build_requires": [], "python_requires": []}, indent=4)
    c.append(N(f, read_ev("/home/dev/engine/conan.lock", lock, "nl1")))
    c.append(N(f, read_line("  http:\n    dependency: transitive\n    description:\n      name: http\n"
                            "      sha256: \"" + hx("nl2", 64) + "\"\n      url: \"https://pub.dev\"\n    source: hosted\n    version: \"1.2.2\"\n", "nl2", 301)))
    c.append(N(f, read_ev("/home/dev/engine/vcpkg.json",
                          json.dumps({"name": "engine", "version": "0.9.0", "builtin-baseline": hx("nl3", 40),
                                      "dependencies": ["fmt", "spdlog", {"name": "curl", "features": ["openssl"]}]}, indent=2), "nl3")))
    c.append(N(f, sh("cabal freeze && grep -c any. cabal.project.freeze", "Resolving dependencies...\n143\n", "nl4")))
    c.append(N(f, sh("mix hex.organization auth northwind --key \"$HEX_ORG_KEY\"", "Authenticating with organization northwind...\n", "nl5")))
    return c


def neg_ml_runs() -> list:
    f = "u18 neg: ml tracker runs with run ids, project keys and masked api keys"
    c = []
    c.append(N(f, sh("wandb login --relogin",
                     "wandb: Logging into wandb.ai. (Learn how to deploy a W&B server locally: https://wandb.me/wandb-server)\n"
                     "wandb: You can find your API key in your browser here: https://wandb.ai/authorize\n"
                     "wandb: Paste an API key from your profile and hit enter, or press ctrl+c to quit:\n"
                     "wandb: Appending key for api.wandb.ai to your netrc file: /home/dev/.netrc\n", "nm1")))
    c.append(N(f, out(f"wandb: Syncing run radiant-sea-118\nwandb: ⭐️ View project at https://wandb.ai/kvd/seg-ablation\n"
                      f"wandb: 🚀 View run at https://wandb.ai/kvd/seg-ablation/runs/{tok('nm2', 8, LOWER36)}\n"
                      f"wandb: Run data is saved locally in /home/dev/seg/wandb/run-20261130_212201-{tok('nm2', 8, LOWER36)}\n", "nm2")))
    c.append(N(f, sh("clearml-agent list", f"worker id: gpu-box-2:gpu0\nqueue: default ({hx('nm3', 32)})\n", "nm3")))
    c.append(N(f, said("comet says 'Invalid api key ****************A7xk' when I run on the cluster but locally it's fine, "
                       "I export COMET_API_KEY from the job's secret. what's wrong?", "nm4")))
    c.append(N(f, read_line("import os\nimport wandb\n\nrun = wandb.init(project=\"seg-ablation\", config=cfg)\n"
                            "# WANDB_API_KEY is injected by the slurm prolog from /etc/slurm/secrets\n", "nm5")))
    return c


def neg_media() -> list:
    f = "u18 neg: media and download logs with info hashes, item ids and guids"
    c = []
    c.append(N(f, out(f"[Info] DownloadDecisionMaker: Release accepted: Nature.Documentary.S02E04.1080p (infohash {hx('nq1', 40)}) "
                      f"GUID {uuid_of('u18nq1')}", "nq1")))
    c.append(N(f, sh("curl -s http://jellyfin.lan:8096/System/Info/Public | jq .",
                     json.dumps({"LocalAddress": "http://10.0.0.12:8096", "ServerName": "nas", "Version": "10.10.3",
                                 "ProductName": "Jellyfin Server", "Id": hx("nq2", 32), "StartupWizardCompleted": True}, indent=2) + "\n", "nq2")))
    c.append(N(f, read_ev("/srv/appdata/sonarr/config.xml",
                          "<Config>\n  <Port>8989</Port>\n  <ApiKey></ApiKey>\n  <AuthenticationMethod>External</AuthenticationMethod>\n</Config>\n", "nq3")))
    c.append(N(f, out(f"magnet:?xt=urn:btih:{hx('nq4', 40).upper()}&dn=debian-12.8.0-amd64-netinst.iso&tr=http%3A%2F%2Fbttracker.debian.org%3A6969%2Fannounce", "nq4")))
    c.append(N(f, read_line("qBittorrent.conf\n[Preferences]\nWebUI\\Port=8080\nWebUI\\Username=admin\n"
                            f"WebUI\\Password_PBKDF2=\"@ByteArray({b64raw('nq5s', 16)}:{b64raw('nq5h', 64)})\"\n", "nq5")))
    return c


def neg_chain() -> list:
    f = "u18 neg: blockchain node output with tx hashes, addresses and rpcauth hashes"
    c = []
    c.append(N(f, read_ev("/home/node/.bitcoin/bitcoin.conf",
                          f"server=1\nrpcauth=btcrpc:{hx('nb1s', 32)}${hx('nb1h', 64)}\nrpcbind=127.0.0.1\n", "nb1")))
    c.append(N(f, sh("bitcoin-cli getbestblockhash", "00000000000000000001" + hx("nb2", 44) + "\n", "nb2")))
    c.append(N(f, sh("cast tx 0x" + hx("nb3", 64) + " --rpc-url $ETH_RPC_URL | head -5",
                     f"blockHash            0x{hx('nb3b', 64)}\nblockNumber          21619887\nfrom                 0x{hx('nb3f', 40)}\n"
                     f"transactionIndex     57\nto                   0x{hx('nb3t', 40)}\n", "nb3")))
    c.append(N(f, sh("lncli getinfo | jq '{identity_pubkey, alias, num_active_channels}'",
                     json.dumps({"identity_pubkey": "03" + hx("nb4", 64), "alias": "northwind-ln", "num_active_channels": 7}, indent=2) + "\n", "nb4")))
    c.append(N(f, read_line("const client = createPublicClient({\n  chain: mainnet,\n  transport: http(process.env.ALCHEMY_RPC_URL),\n});\n"
                            f"const USDC = \"0x{hx('nb5', 40)}\";\n", "nb5")))
    return c


def neg_sip() -> list:
    f = "u18 neg: sip traces with call-ids, branches and digest challenges"
    c = []
    nonce = tok("ns1", 32, ALNUM + "/+")
    c.append(N(f, out(f"SIP/2.0 401 Unauthorized\nVia: SIP/2.0/UDP 10.0.0.31:5060;branch=z9hG4bK-{hx('ns1b', 16)}\n"
                      f"Call-ID: {hx('ns1c', 32)}@10.0.0.31\nCSeq: 1 REGISTER\n"
                      f"WWW-Authenticate: Digest realm=\"asterisk\",nonce=\"{nonce}\",algorithm=MD5,qop=\"auth\"\n", "ns1")))
    c.append(N(f, sh("asterisk -rx 'pjsip show endpoints' | head -6",
                     " Endpoint:  <Endpoint/CID.....................................>  <State.....>  <Channels.>\n"
                     "==========================================================================================\n\n"
                     " Endpoint:  6001                                                 Not in use    0 of inf\n"
                     "     InAuth:  6001-auth/6001\n        Aor:  6001                                               1\n", "ns2")))
    c.append(N(f, read_ev("/etc/asterisk/pjsip_wizard.conf",
                          "[6002]\ntype = wizard\naccepts_registrations = yes\nsends_auth = no\n"
                          "inbound_auth/username = 6002\ninbound_auth/password = ${ENV(EXT_6002_SECRET)}\n", "ns3")))
    c.append(N(f, out(f"Dec  1 01:12:44 pbx kamailio[2211]: INFO: <script>: REGISTER from sip:2207@voip.northwind.example "
                      f"ua=Linphone/5.2.5 callid={tok('ns4', 22, ALNUM)} tag={hx('ns4t', 8)} -> 200 OK", "ns4")))
    c.append(N(f, said("our pbx provider wants 'the registration secret for trunk-sipgate', where is that usually stored in asterisk? "
                       "don't print it, I'll copy it myself", "ns5")))
    return c


def neg_nats_pulsar() -> list:
    f = "u18 neg: nats public nkeys and account ids, pulsar configs with token files"
    c = []
    _, pk = nkey("nn1")
    c.append(N(f, read_ev("/etc/nats/nats-server.conf",
                          f"authorization {{\n  users = [\n    {{ nkey: {pk} }}\n  ]\n}}\n", "nn1")))
    _, ak = nkey("nn2", "A")
    c.append(N(f, sh("nsc describe account ingest --field sub", f"\"{ak}\"\n", "nn2")))
    c.append(N(f, read_line("authPlugin=org.apache.pulsar.client.impl.auth.AuthenticationToken\n"
                            "authParams=file:///etc/pulsar/tokens/ingest-writer.jwt\n", "nn3")))
    _, ok = nkey("nn4", "O")
    c.append(N(f, sh("nsc list keys --all",
                     "+------------------------------------------------------------------------------------------+\n"
                     "|                                           Keys                                           |\n"
                     "+--------------+----------------------------------------------------------+-------------+--------+\n"
                     f"| Entity       | Key                                                      | Signing Key | Stored |\n| northwind    | {ok} |             | *      |\n", "nn4")))
    c.append(N(f, sh("nats stream info ORDERS --json | jq '.config | {name, subjects, retention}'",
                     json.dumps({"name": "ORDERS", "subjects": ["orders.>"], "retention": "limits"}, indent=2) + "\n", "nn5")))
    return c


def neg_code_runtime() -> list:
    f = "u18 neg: f#, clojure, d, objective-c and awk code reading secrets at run time"
    c = []
    c.append(N(f, read_ev("/home/dev/orders/src/Db.fs",
                          "module Db\n\nlet connectionString =\n    match System.Environment.GetEnvironmentVariable \"ORDERS_DB\" with\n"
                          "    | null | \"\" -> failwith \"ORDERS_DB is not set\"\n    | s -> s\n", "nx1")))
    c.append(N(f, read_line("(def db-spec {:dbtype \"postgresql\" :dbname \"orders\"\n              :user (System/getenv \"DB_USER\")\n"
                            "              :password (System/getenv \"DB_PASSWORD\")})\n", "nx2", 5)))
    c.append(N(f, write_ev("/home/dev/jobs-d/source/app.d",
                           "import std.process : environment;\n\nimmutable token = environment.get(\"JOBS_API_TOKEN\");\n"
                           "enforce(token.length, \"JOBS_API_TOKEN missing\");\n", "nx3")))
    c.append(N(f, read_line("NSString *secret = [[NSProcessInfo processInfo] environment][@\"NW_CLIENT_SECRET\"];\n"
                            "NSAssert(secret.length > 0, @\"NW_CLIENT_SECRET missing\");\n", "nx4", 30)))
    c.append(N(f, sh("awk -F: '$2 ~ /^\\$6\\$/ {print $1}' /etc/shadow | sort", "backup\ndeploy\nroot\n", "nx5")))
    return c


def neg_prompts() -> list:
    f = "u18 neg: prompts in the batch's languages about credentials without one"
    c = []
    c.append(N(f, said("Kif nista' nbiddel il-password tal-utent admin mingħajr ma nerġa' ninstalla kollox?", "np1")))
    c.append(N(f, said("Wou soll ech den API-Schlëssel späicheren, am .env oder am Vault? Ech wëll en net am Code hunn.", "np2")))
    c.append(N(f, said("Mwen bliye modpas Postgres la, ki jan pou m reset li san m pa pèdi done yo?", "np3")))
    c.append(N(f, said("Me pēhea te tiaki i ngā kupuhipa i roto i te GitHub Actions? Kei hea te wāhi tika mō ngā 'secrets'?", "np4")))
    c.append(N(f, said("Чӣ тавр калиди API-ро дар Kubernetes Secret нигоҳ дорем, то дар репозиторий набошад?", "np5")))
    c.append(N(f, said("Şîfre divê herî kêm 12 tîp be û hejmar û nîşanek tê de hebe — tu dikarî vê qaîdeyê di formê de kontrol bikî?", "np6")))
    return c


def neg_cred_helpers() -> list:
    f = "u18 neg: credential helper calls and listings that print no secret"
    c = []
    c.append(N(f, sh("docker-credential-desktop list",
                     json.dumps({"https://index.docker.io/v1/": "kvandijk", "registry.northwind.example": "ci-bot",
                                 "ghcr.io": "kvandijk"}) + "\n", "nh1")))
    c.append(N(f, sh("git config --show-origin --get-all credential.helper",
                     "file:/home/dev/.gitconfig\tcache --timeout=3600\nfile:/home/dev/.gitconfig\t/usr/lib/git-core/git-credential-libsecret\n", "nh2")))
    c.append(N(f, sh("gh auth status",
                     "github.com\n  ✓ Logged in to github.com account kvandijk (keyring)\n  - Active account: true\n"
                     "  - Git operations protocol: https\n  - Token: gho_************************************\n"
                     "  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'\n", "nh3")))
    c.append(N(f, sh("aws sts get-caller-identity",
                     json.dumps({"UserId": "AROA" + tok("nh4", 17, UPPER + "234567") + ":kvandijk@northwind.example",
                                 "Account": "418273645091",
                                 "Arn": "arn:aws:sts::418273645091:assumed-role/AWSReservedSSO_Admin_" + hx("nh4r", 16) + "/kvandijk@northwind.example"},
                                indent=4) + "\n", "nh4")))
    c.append(N(f, sh("security find-internet-password -s nexus.northwind.example -a deploy",
                     "keychain: \"/Users/kvd/Library/Keychains/login.keychain-db\"\nversion: 512\nclass: \"inet\"\nattributes:\n"
                     "    \"acct\"<blob>=\"deploy\"\n    \"srvr\"<blob>=\"nexus.northwind.example\"\n    \"ptcl\"<uint32>=\"htps\"\n", "nh5")))
    return c


def neg_mobile() -> list:
    f = "u18 neg: mobile build output with build ids, fingerprints and bundle ids"
    c = []
    c.append(N(f, sh("eas build:list --limit 1 --json --non-interactive | jq '.[0] | {id, status, appVersion, gitCommitHash}'",
                     json.dumps({"id": uuid_of("u18nb1"), "status": "FINISHED", "appVersion": "2.8.0",
                                 "gitCommitHash": hx("nmb1", 40)}, indent=2) + "\n", "nmb1")))
    fp = ":".join(hx("nmb2", 64).upper()[i:i + 2] for i in range(0, 64, 2))
    c.append(N(f, sh("keytool -list -v -keystore upload.jks -alias upload -storepass:env STOREPASS | grep SHA",
                     f"\t SHA1: {':'.join(hx('nmb2s', 40).upper()[i:i + 2] for i in range(0, 40, 2))}\n\t SHA256: {fp}\n"
                     "Signature algorithm name: SHA256withRSA\n", "nmb2")))
    c.append(N(f, read_ev("/home/dev/shop/app.json",
                          json.dumps({"expo": {"name": "Shop", "slug": "shop", "ios": {"bundleIdentifier": "com.northwind.shop"},
                                               "extra": {"eas": {"projectId": uuid_of("u18nb3")}},
                                               "updates": {"url": f"https://u.expo.dev/{uuid_of('u18nb3')}"}}}, indent=2), "nmb3")))
    c.append(N(f, sh("flutter build apk --release --dart-define=API_BASE=https://api.northwind.app --dart-define-from-file=env/prod.json",
                     "✓ Built build/app/outputs/flutter-apk/app-release.apk (21.4MB)\n", "nmb4")))
    c.append(N(f, read_line("PAYMENTS_SECRET=<set in EAS secrets>\nMAPS_SERVER_KEY=${MAPS_SERVER_KEY}\nAPI_URL=https://staging-api.northwind.app\n", "nmb5")))
    return c


def neg_gis_bi() -> list:
    f = "u18 neg: gis and bi configs with auth config ids and encrypted entries"
    c = []
    c.append(N(f, read_line("      <datasource>dbname='cadastre' host=pg.gis.internal port=5432 authcfg=" + tok("ng1", 7, LOWER36)
                            + " sslmode=require key='gid' srid=25832 type=MultiPolygon table=\"public\".\"parcels\" (geom)</datasource>\n", "ng1", 212)))
    c.append(N(f, read_ev("/srv/geoserver/data_dir/workspaces/osm/osm/datastore.xml",
                          '<entry key="user">geoserver</entry>\n' '<entry key="passwd">${GEOSERVER_PG_PASSWORD}</entry>\n<entry key="database">osm</entry>\n', "ng2")))
    c.append(N(f, read_line("SECRET_KEY = os.environ[\"SUPERSET_SECRET_KEY\"]\n"
                            "SQLALCHEMY_DATABASE_URI = os.environ[\"SUPERSET_DB_URI\"]\nCACHE_CONFIG = {\"CACHE_TYPE\": \"RedisCache\"}\n", "ng3")))
    c.append(N(f, sh("curl -s https://bi.northwind.example/api/session/properties | jq '{version: .version.tag, site: .\"site-name\"}'",
                     json.dumps({"version": "v0.51.4", "site": "Northwind BI"}, indent=2) + "\n", "ng4")))
    c.append(N(f, out(f"redash.handlers.query_results: query_id=118 query_hash={hx('ng5', 32)} data_source_id=3 "
                      f"job_id={uuid_of('u18ng5')} status=finished runtime=1.84", "ng5")))
    return c


def neg_access() -> list:
    f = "u18 neg: access proxy status with cluster ids, ca pins and expiry"
    c = []
    c.append(N(f, sh("tsh status",
                     "> Profile URL:        https://teleport.northwind.example:443\n  Logged in as:       kvandijk\n"
                     "  Cluster:            teleport.northwind.example\n  Roles:              access, editor\n"
                     "  Logins:             ubuntu, -teleport-internal-join\n  Valid until:        2026-12-01 15:44:02 +0000 UTC [valid for 11h58m0s]\n", "na1")))
    c.append(N(f, sh("tctl status",
                     f"Cluster      teleport.northwind.example\nVersion      16.4.6\nhost CA      never updated\n"
                     f"CA pin       sha256:{hx('na2', 64)}\n", "na2")))
    c.append(N(f, sh("tctl tokens ls",
                     "Token                            Type Labels Expiry Time (UTC)\n-------------------------------- ---- ------ -------------------\n"
                     "******************************** Node        01 Dec 26 04:41 UTC (59m40s)\n", "na3")))
    c.append(N(f, read_ev("/etc/pomerium/config.yaml",
                          "authenticate_service_url: https://authenticate.northwind.example\nshared_secret_file: /run/secrets/pomerium_shared\n"
                          "cookie_secret_file: /run/secrets/pomerium_cookie\nidp_client_secret_file: /run/secrets/pomerium_idp\n", "na4")))
    c.append(N(f, sh("boundary targets list -scope-id p_" + tok("na5", 10, ALNUM) + " -format json | jq -r '.items[].id'",
                     "ttcp_" + tok("na5a", 10, ALNUM) + "\nttcp_" + tok("na5b", 10, ALNUM) + "\n", "na5")))
    return c


def neg_key_words() -> list:
    f = "u18 neg: keys that are not credentials (primary, partition, cache, idempotency, sort keys)"
    c = []
    c.append(N(f, out(f"POST /v1/refunds 201 idempotency_key={uuid_of('u18nk1')} request_id=req_{tok('nk1', 24, ALNUM)}", "nk1")))
    c.append(N(f, sh("aws dynamodb describe-table --table-name sessions --query 'Table.KeySchema'",
                     json.dumps([{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}], indent=4) + "\n", "nk2")))
    c.append(N(f, out(f"Cache restored from key: Linux-pnpm-store-{hx('nk3', 64)}\nCache Size: ~412 MB (432013184 B)\n", "nk3")))
    c.append(N(f, read_line("CREATE TABLE api_keys (\n  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),\n  key_prefix  text NOT NULL,\n"
                            "  key_hash    bytea NOT NULL,\n  created_at  timestamptz NOT NULL DEFAULT now()\n);\n", "nk4", 12)))
    c.append(N(f, sh("kafka-console-consumer --bootstrap-server kafka:9092 --topic orders --property print.key=true --max-messages 2",
                     f"{uuid_of('u18nk5a')}\t{{\"status\":\"paid\",\"total\":49.9}}\n{uuid_of('u18nk5b')}\t{{\"status\":\"shipped\",\"total\":12.0}}\n"
                     "Processed a total of 2 messages\n", "nk5")))
    return c


def neg_hashed() -> list:
    f = "u18 neg: erp, mail, radius and notebook configs holding only password hashes"
    c = []
    c.append(N(f, read_ev("/etc/odoo/odoo.conf",
                          f"[options]\nadmin_passwd = $pbkdf2-sha512$600000${tok('nh1s', 22, ALNUM + './')}${tok('nh1h', 86, ALNUM + './')}\n"
                          "db_host = db\ndb_user = odoo\n", "nhh1")))
    c.append(N(f, read_line("worker \"controller\" {\n  password = \"$2$" + tok("nh2s", 26, LOWER36) + "$" + tok("nh2h", 52, LOWER36)
                            + "\";\n  bind_socket = \"localhost:11334\";\n}\n", "nhh2")))
    c.append(N(f, read_line("mlind\tSSHA2-512-Password := \"" + b64raw("nh3", 72) + "\"\n", "nhh3", 201)))
    c.append(N(f, write_ev("/home/dev/.jupyter/jupyter_server_config.py",
                           "c.PasswordIdentityProvider.hashed_password = 'argon2:$argon2id$v=19$m=10240,t=10,p=8$"
                           + b64raw("nh4s", 16).rstrip("=") + "$" + b64raw("nh4h", 32).rstrip("=") + "'\n", "nhh4")))
    c.append(N(f, sh("grep -E '^(rpc-password|rpc-username)' /etc/transmission-daemon/settings.json",
                     "    \"rpc-password\": \"{" + hx("nh5", 40) + tok("nh5s", 8, LOWER) + "\",\n    \"rpc-username\": \"transmission\",\n", "nhh5")))
    return c


def neg_firmware_images() -> list:
    f = "u18 neg: router and image build configs with hashes, checksums and empty keys"
    c = []
    c.append(N(f, sh("ssh root@192.168.1.1 uci show wireless.default_radio0",
                     "wireless.default_radio0=wifi-iface\nwireless.default_radio0.device='radio0'\nwireless.default_radio0.network='lan'\n"
                     "wireless.default_radio0.mode='ap'\nwireless.default_radio0.ssid='Northwind-Guest'\nwireless.default_radio0.encryption='none'\n", "nf1")))
    c.append(N(f, read_line(f"root:$6${tok('nf2s', 16, ALNUM)}${tok('nf2h', 86, ALNUM + './')}:20057:0:99999:7:::\n"
                            "daemon:*:20057:0:99999:7:::\n", "nf2")))
    c.append(N(f, read_ev("/home/dev/poky/meta-northwind/recipes-core/agent/agent_1.4.bb",
                          f'SRC_URI = "https://downloads.northwind.example/agent-${{PV}}.tar.gz"\nSRC_URI[sha256sum] = "{hx("nf3", 64)}"\n'
                          'LICENSE = "Apache-2.0"\nLIC_FILES_CHKSUM = "file://LICENSE;md5=' + hx("nf3l", 32) + '"\n', "nf3")))
    c.append(N(f, out(f"NOTE: Tasks Summary: Attempted 4312 tasks of which 4290 didn't need to be rerun and all succeeded.\n"
                      f"NOTE: sstate: {hx('nf4', 64)} reused from https://sstate.northwind.example/", "nf4")))
    c.append(N(f, read_line('BR2_TARGET_GENERIC_HOSTNAME="gateway"\nBR2_TARGET_ENABLE_ROOT_LOGIN=y\nBR2_TARGET_GENERIC_ROOT_PASSWD=""\n'
                            '# root password is set at first boot by the provisioning service\n', "nf5", 40)))
    return c


def neg_placeholders() -> list:
    f = "u18 neg: placeholders and template stand-ins in the batch's configs"
    c = []
    c.append(N(f, read_ev("/home/dev/bots/zuliprc.example",
                          "[api]\nemail=<bot-email>@northwind.zulipchat.com\nkey=<your-bot-api-key>\nsite=https://northwind.zulipchat.com\n", "nz1")))
    c.append(N(f, read_line("[authentication]\nusername = cass_admin\npassword = CHANGE_ME_BEFORE_DEPLOY\n", "nz2")))
    c.append(N(f, out("[6001-auth]\ntype=auth\nauth_type=userpass\npassword=XXXXXXXXXXXX\nusername=6001\n", "nz3")))
    c.append(N(f, read_ev("/home/dev/infra/roles/freeradius/templates/clients.conf.j2",
                          "{% for nas in radius_clients %}\nclient {{ nas.name }} {\n\tipaddr = {{ nas.cidr }}\n"
                          "\tsecret = {{ vault_radius_secrets[nas.name] }}\n}\n{% endfor %}\n", "nz4")))
    c.append(N(f, write_ev("/home/dev/infra/vpn/swanctl.conf.tpl",
                           "secrets {\n   ike-site-b {\n      id-1 = ${LOCAL_ID}\n      id-2 = ${REMOTE_ID}\n      secret = \"${IKE_PSK}\"\n   }\n}\n", "nz5")))
    c.append(N(f, said("the kaggle docs say to put {\"username\":\"<kaggle-username>\",\"key\":\"<api-key>\"} in ~/.kaggle/kaggle.json — "
                       "should that file be chmod 600 in our container image or mounted at run time?", "nz6")))
    c.append(N(f, read_line("server=1\n# no rpcpassword: clients use the cookie file\nrpccookiefile=/run/bitcoind/.cookie\nrpcbind=127.0.0.1\n", "nz7")))
    c.append(N(f, sh("export TFC_AGENT_TOKEN=\"$(vault kv get -field=token secret/tfc/agent-pool-dc1)\" && systemctl restart tfc-agent", "", "nz8")))
    return c


def negatives() -> list:
    return (neg_ci_agents() + neg_dns() + neg_native_locks() + neg_ml_runs() + neg_media() + neg_chain() + neg_sip()
            + neg_nats_pulsar() + neg_code_runtime() + neg_prompts() + neg_cred_helpers() + neg_mobile() + neg_gis_bi()
            + neg_access() + neg_key_words() + neg_hashed() + neg_firmware_images() + neg_placeholders())


def cases() -> list:
    return positives() + negatives()
