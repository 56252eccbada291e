"""A seventh unseen part of the labelled privacy set (beside tests/privacy_eval/unseen.py,
unseen_two.py, unseen_three.py, unseen_four.py, unseen_five.py and unseen_six.py): 260 cases in 52
families, written BLIND on 2026-12-02 (between about 12:53 and 13:06 UTC) by an author who read
neither the filter (store/privacy/), its tests (tests/store/, tests/hooks/), the benches' code (beyond
the list of unseen parts, to register this one), the filter's docs nor any other part's cases: only
the format (the head of unseen_six.py, carriers.py and tests/privacy_eval/__init__.py), the test of
the unseen parts and the list of family names already used, to avoid them.  Its families are
prefixed `u22`, all realistic: shaped as Claude Code sends them (a Bash call and its output, with
stderr for some, a prompt, a Read's event or its numbered transcript lines, a Write's content, an
Edit, a tool result line).

It is never tuned on: no rule of the filter may be made for any of its cases, nobody who fixes
the filter may read them, and it is listed nowhere (no import in dev.py).  A case changes only
to fix a labelling error, said so where it is changed.

Positives (155 cases, 31 families): prompts in Upper Sorbian, Kashubian, Silesian, Low German and
Limburgish; in Sicilian, Neapolitan, Venetian, Piedmontese and Lombard; in Cebuano, Ilocano,
Hiligaynon, Waray and Bikol; 3D printer servers (OctoPrint, Moonraker, PrusaLink, a Bambu Lab access
code); home network appliances (Pi-hole, OPNsense, UniFi, AdGuard Home sync, EdgeRouter); hosting
control panels (cPanel, Plesk, DirectAdmin, ISPConfig, a WHM access hash); internet radio servers
(Icecast, Liquidsoap, AzuraCast, Shoutcast, DarkIce); backup directors and agents (Bacula, Bareos,
Amanda, UrBackup); industrial IoT gateways (Node-RED credentialSecret, ThingsBoard device tokens in
a URL path, Kepware, OPC UA, ThingWorx app keys); observability SaaS ingest keys (New Relic,
Honeycomb, Better Stack, Axiom, Logz.io); speech and media AI APIs (Deepgram, ElevenLabs,
AssemblyAI, Replicate, Stability); SMS and voice APIs (Vonage, Plivo, Telnyx, Sinch, MessageBird);
Oracle, IBM, Alibaba, Tencent and Huawei cloud credentials; distributed SQL databases creating users
(CockroachDB, TiDB, YugabyteDB, SingleStore, a Materialize secret); OpenEdge ABL, PowerBuilder,
Visual FoxPro, Clarion (an Edit rotating a password) and ObjectScript sources; mainframe and IBM i
jobs (JCL job cards, REXX, CL RUNRMTCMD, Zowe); authenticating proxy settings of apt, dnf, conda and
sysconfig; SDLang, textproto, HOCON and Amazon Ion configs; support desk and e-signature APIs
(Zendesk, Freshdesk, Intercom, DocuSign, PandaDoc); accounting and HR APIs (Xero, QuickBooks,
BambooHR, Personio, Sage Intacct); hosted auth providers (Auth0, Okta, Clerk, Stytch, WorkOS); code
review and forge tokens (Bitbucket app passwords, Gerrit .gitcookies, Phabricator .arcrc, SourceHut,
Azure DevOps PATs); consumer VPN accounts (a Mullvad account number, NordVPN service credentials,
ProtonVPN, PIA, Windscribe); Windows scheduled tasks, services and app pools run as a user
(schtasks /RP, sc config, Register-ScheduledTask, nssm, appcmd); scraping proxy and unblocker
services (Bright Data, Oxylabs, ScraperAPI, ZenRows, Smartproxy); advertising platform APIs (Google
Ads, Meta, TikTok, LinkedIn, Amazon Ads); localization platforms (Crowdin, Lokalise, Transifex,
DeepL, Phrase); Windows code signing (signtool /p, eSigner with a TOTP secret, KeyLocker, jsign,
osslsigncode); survey and form APIs (Typeform, SurveyMonkey, Jotform, Qualtrics, Tally); status pages
and uptime monitors (Statuspage, Uptime Kuma, Healthchecks.io, Cronitor, Pingdom); IPFS pinning
services (Pinata JWTs, Filebase, web3.storage, Lighthouse).  Many values are chosen by people
(weak words with digits and a symbol, passphrases of words joined by dashes or dots, 8-character
mainframe passwords in capitals); others are shaped like non-secrets on purpose: all digits (a
Bambu access code, a Mullvad account number), hex (Moonraker, AzuraCast, Deepgram, AssemblyAI,
Sinch, BambooHR, Crowdin, Lokalise, Cronitor, Lighthouse, a WHM access hash spread over lines), UUIDs
(ThingWorx app keys, a DocuSign client secret, a Statuspage key, a DeepL key), base64 (OPNsense,
Bareos, an Amazon Ion secret key, an eSigner TOTP secret), lowercase and digits (Bright Data zone
passwords, Azure DevOps PATs) and JWTs (Xero, Personio, Pinata).

Negatives (105 cases, 21 families): the same neighbourhoods holding no secret: prompts in the three
batches of languages about credentials without one; printer and home network status with serials,
MAC addresses, versions and password hashes; hosting panel and radio server listings with accounts,
mounts and env references; backup director listings with job ids, volumes, checksums and a password
include; industrial gateway listings with node ids, device UUIDs, certificate thumbprints and an
encrypted credentials file; observability and media AI outputs with entity GUIDs, request ids and
placeholders; SMS and support desk responses with message ids, ticket ids and webhook signatures;
Oracle, IBM, Alibaba and Tencent listings with OCIDs, key ids and request ids; distributed SQL catalogs
listing users with hashes and node ids; 4GL, JCL and CL code reading credentials at run time; proxy
settings without credentials; SDLang, textproto, HOCON and Ion configs with references and secret
files; SaaS ids, publishable keys and encrypted env listings; forge listings with Change-Ids,
revisions, UUIDs and token metadata; consumer VPN status with relays, public keys and a masked
account; scheduled task and service listings with run-as accounts and no password; scraping,
advertising and localization configs with env references, the vendor's placeholders and ids; code
signing outputs and configs with thumbprints, serials and key vault references; status page and
pinning outputs with page ids, component ids and CIDs.
"""

from __future__ import annotations

import base64
import json
import string

from tests.privacy_eval import ALNUM, HEX, gen, random_secret, uuid_of
from tests.privacy_eval.carriers import N, P, edit_ev, out, read_ev, read_line, said, sh, write_ev

UPPER_NUM = string.ascii_uppercase + string.digits
LOWER_NUM = string.ascii_lowercase + string.digits
URLSAFE = ALNUM + "-_"
B64CHARS = ALNUM + "+/"


def s(tag: str, n: int = 24) -> str:
    """A random credential of mixed case and digits, fixed for `tag`."""
    return random_secret("u22" + tag, n)


def g(tag: str, n: int, alphabet: str = ALNUM) -> str:
    return gen("u22" + tag, n, alphabet)


def hx(tag: str, n: int) -> str:
    return gen("u22" + tag, n, HEX)


def uid(tag: str) -> str:
    return uuid_of("u22" + tag)


def b64url(obj) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def jwt(tag: str, payload: dict) -> str:
    return ".".join((b64url({"alg": "HS256", "typ": "JWT"}), b64url(payload), g(tag + "sig", 43, URLSAFE)))


def seed(tag: str) -> str:
    return "u22-" + tag


# ---------------------------------------------------------------- positives


def prompts_west_slavic_and_low_german() -> list:
    f = "u22: prompts in upper sorbian, kashubian, silesian, low german and limburgish"
    pw = ["Budyšin1998!", s("sorb1", 20), "Kaszëbë#2024", s("plat1", 22), "kersestraot-vlaai-42"]
    return [
        P(f, said(f"Witaj, naše hesło za testowy serwer je {pw[0]} – prošu zapisaj jo do .env a startuj "
                  "docker compose znowa.", seed("sorb1")), pw[0]),
        P(f, said(f"Hasło do bazë je {pw[1]}, wpiszë je w config/database.yml ë zrëszë migracje na "
                  "stage serwerze.", seed("kash1")), pw[1]),
        P(f, said(f"Pozdrowiōm, to je hasło ôd admina na Grafanie: {pw[2]}. Wciś to do secrets.yaml i "
                  "puść deploy jeszcze roz.", seed("sil1")), pw[2]),
        P(f, said(f"Moin! Dat API-Token för uns Wedderdeenst is {pw[3]} – sett dat man in de .env un "
                  "start den Server nieg.", seed("plat1")), pw[3]),
        P(f, said(f"Hoi, 't wachwoord veur de mailserver is {pw[4]}, zèt dat in de config van de "
                  "app en start de container opnuuj.", seed("limb1")), pw[4]),
    ]


def prompts_italian_regional() -> list:
    f = "u22: prompts in sicilian, neapolitan, venetian, piedmontese and lombard"
    pw = ["Palermu1987!", s("nap1", 18), "Gondola#Rialto55", s("piem1", 32), "Brusaa2021?"]
    return [
        P(f, said(f"Ciau, a password dû server di prova è {pw[0]}, mettila nnô file .env e fa' "
                  "ripartiri u container.", seed("sic1")), pw[0]),
        P(f, said(f"Uè, 'a password d''o database è {pw[1]}: miettela dint'ô config.yml e fa' partì "
                  "'e test n'ata vota.", seed("nap1")), pw[1]),
        P(f, said(f"Ciao, ła password de l'admin de Jenkins xe {pw[2]}, metìla inte el credentials "
                  "store e fa ripartir ła pipeline.", seed("ven1")), pw[2]),
        P(f, said(f"Cerea, la ciav ëd l'API dël magazin a l'é {pw[3]} – butla ant ël file .env e fà "
                  "torna parte ël deploy.", seed("piem1")), pw[3]),
        P(f, said(f"Ciao, la password del database l'è {pw[4]}, mètela dent in del .env e fà partì "
                  "i migrazion.", seed("lomb1")), pw[4]),
    ]


def prompts_philippine() -> list:
    f = "u22: prompts in cebuano, ilocano, hiligaynon, waray and bikol"
    pw = ["Mangga2020!", s("ilo1", 20), "Lechon#Iloilo8", s("war1", 26), "Mayon-Bulkan-77"]
    return [
        P(f, said(f"Palihug i-set ang password sa database: {pw[0]}. Ibutang sa .env ug i-restart "
                  "ang server.", seed("ceb1")), pw[0]),
        P(f, said(f"Daytoy ti password ti server ti staging: {pw[1]}. Ikabil mo iti config.yaml "
                  "sa i-restart mo ti app.", seed("ilo1")), pw[1]),
        P(f, said(f"Ang password sang admin sa Nextcloud amo ini: {pw[2]} – ibutang mo sa "
                  "docker-compose.yml kag i-restart ang container.", seed("hil1")), pw[2]),
        P(f, said(f"An API key han payment gateway amo ini: {pw[3]}. Ibutang ha .env ngan "
                  "i-deploy utro an app.", seed("war1")), pw[3]),
        P(f, said(f"An password kan SMTP iyo ini: {pw[4]}, ibutang sa settings.py asin i-restart "
                  "an worker.", seed("bik1")), pw[4]),
    ]


def printer_servers() -> list:
    f = "u22: 3d printer servers (octoprint, moonraker, prusalink, bambu lab)"
    octo = g("octo", 32, UPPER_NUM)
    moon = hx("moon", 32)
    prusa = g("prusa", 15, ALNUM)
    octo_global = g("octog", 32, UPPER_NUM)
    tg = f"{g('tgid', 10, string.digits)}:AA{g('tg', 33, URLSAFE)}"
    cfg = (f"accessControl:\n  salt: {g('salt', 32)}\napi:\n  key: {octo_global}\nplugins:\n  telegram:\n"
           f"    chats:\n      '518273645':\n        accept_commands: true\n    token: {tg}\n"
           "serial:\n  baudrate: 115200\n  port: /dev/ttyACM0\n")
    return [
        P(f, sh(f'curl -s -H "X-Api-Key: {octo}" http://octopi.local/api/job | jq .state',
                '"Printing"\n', seed("octo1")), octo),
        P(f, sh("curl -s http://voron.local:7125/access/api_key",
                json.dumps({"result": moon}) + "\n", seed("moon1")), moon),
        P(f, write_ev("/home/pi/prusa_printer_settings.ini",
                      "[printer]\ntype = MK4\n\n[network]\nhostname = prusa-mk4\n\n[service::local]\n"
                      f"enable = 1\nusername = maker\npassword = {prusa}\napi_key = \n", seed("prusa1")), prusa),
        P(f, said("My Bambu X1C is at 192.168.1.44, serial 00M09A350100172, LAN access code 38291047. "
                  "Can you set up the MQTT bridge in bambu.yaml so Home Assistant sees the print progress?",
                  seed("bambu1")), "38291047"),
        P(f, read_line(cfg, seed("octo2")), octo_global, tg),
    ]


def home_network_appliances() -> list:
    f = "u22: home network appliances (pi-hole, opnsense, unifi, adguard home, edgerouter)"
    opn_key, opn_secret = g("opnk", 80, B64CHARS), g("opns", 80, B64CHARS)
    unifi = g("unifi", 32, URLSAFE)
    agh2 = s("agh2", 20)
    return [
        P(f, sh("pihole -a -p 'Sunflower2019!'", "  [✓] New password set\n", seed("pihole1")), "Sunflower2019!"),
        P(f, sh(f'curl -sk -u "{opn_key}:{opn_secret}" https://opnsense.lan/api/core/firmware/status',
                '{"status":"none","status_msg":"There are no updates available on the selected mirror."}\n',
                seed("opn1")), opn_key, opn_secret),
        P(f, read_ev("/home/dev/net/unifi_clients.py",
                     'import requests\n\nCONTROLLER = "https://192.168.1.1"\n'
                     f'API_KEY = "{unifi}"\n\n\ndef clients():\n'
                     '    r = requests.get(f"{CONTROLLER}/proxy/network/integration/v1/sites", '
                     'headers={"X-API-KEY": API_KEY}, verify=False)\n    return r.json()\n', seed("unifi1")), unifi),
        P(f, write_ev("/home/dev/net/adguardhome-sync.yaml",
                      "cron: \"*/10 * * * *\"\norigin:\n  url: http://192.168.1.2:3000\n  username: admin\n"
                      "  password: Lighthouse!77\nreplicas:\n  - url: http://192.168.1.3:3000\n"
                      f"    username: admin\n    password: {agh2}\n", seed("agh1")), "Lighthouse!77", agh2),
        P(f, said("the edgerouter login is ubnt / Gr33nT3a#Kettle, can you write an ansible playbook that "
                  "sets the dhcp static mappings for the printers?", seed("erx1")), "Gr33nT3a#Kettle"),
    ]


def hosting_panels() -> list:
    f = "u22: hosting control panels (cpanel, plesk, directadmin, ispconfig, whm)"
    cp = g("cpanel", 32, UPPER_NUM)
    da = g("dalogin", 64, ALNUM)
    isp = s("ispc", 22)
    whm = "\n".join(hx(f"whm{i}", 64) for i in range(3))
    return [
        P(f, sh(f'curl -s -H "Authorization: cpanel deploy:{cp}" '
                '"https://host.example.com:2083/execute/Email/list_pops" | jq ".data | length"', "14\n",
                seed("cp1")), cp),
        P(f, sh("plesk bin admin --set-admin-password -passwd 'Kilimanjaro#2022'", "", seed("plesk1")),
          "Kilimanjaro#2022"),
        P(f, read_line("#!/bin/sh\n# nightly: list reseller accounts\nDA=https://da.example.net:2222\n"
                       f'curl -s --user "admin:{da}" "$DA/CMD_API_SHOW_USERS?json=yes" > /var/tmp/users.json\n',
                       seed("da1")), da),
        P(f, write_ev("/home/dev/panel/remote.php",
                      "<?php\n$soap_location = 'https://panel.example.org:8080/remote/index.php';\n"
                      "$soap_uri = 'https://panel.example.org:8080/remote/';\n"
                      f"$username = 'remote_deploy';\n$password = '{isp}';\n\n"
                      "$client = new SoapClient(null, ['location' => $soap_location, 'uri' => $soap_uri]);\n"
                      "$session_id = $client->login($username, $password);\n", seed("isp1")), isp),
        P(f, out("root@web01:~# cat /root/.accesshash\n" + whm + "\n", seed("whm1")),
          *whm.split("\n")),
    ]


def radio_streaming() -> list:
    f = "u22: internet radio servers (icecast, liquidsoap, azuracast, shoutcast, darkice)"
    relay, admin = s("icerelay", 16), s("iceadmin", 20)
    liq = s("liq", 18)
    az = f"{hx('azid', 16)}:{hx('azsec', 32)}"
    dark = s("dark", 14)
    ice = ("<icecast>\n  <location>Leeds</location>\n  <authentication>\n"
           "    <source-password>Jukebox#1976</source-password>\n"
           f"    <relay-password>{relay}</relay-password>\n    <admin-user>admin</admin-user>\n"
           f"    <admin-password>{admin}</admin-password>\n  </authentication>\n"
           "  <listen-socket>\n    <port>8000</port>\n  </listen-socket>\n</icecast>\n")
    return [
        P(f, read_ev("/etc/icecast2/icecast.xml", ice, seed("ice1")), "Jukebox#1976", relay, admin),
        P(f, write_ev("/home/dev/radio/live.liq",
                      'music = playlist("/srv/music")\nradio = fallback([input.harbor("live", port=8005), music])\n'
                      'output.icecast(%mp3(bitrate=128), host="stream.example.org", port=8000,\n'
                      f'  password="{liq}", mount="/live", radio)\n', seed("liq1")), liq),
        P(f, sh(f'curl -s -H "X-API-Key: {az}" https://radio.example.org/api/station/1/nowplaying | jq .listeners',
                '{\n  "total": 23,\n  "unique": 19,\n  "current": 23\n}\n', seed("az1")), az),
        P(f, said("Shoutcast DJ login for the Sunday show: dj_mara / Vinyl#Sunday85 — can you set up butt "
                  "so it streams to port 8002 with that?", seed("shout1")), "Vinyl#Sunday85"),
        P(f, read_line("[general]\nduration = 0\nbufferSecs = 5\n\n[input]\ndevice = hw:1,0\nsampleRate = 44100\n\n"
                       f"[icecast2-0]\nbitrateMode = cbr\nformat = mp3\nbitrate = 128\nserver = stream.example.org\n"
                       f"port = 8000\npassword = {dark}\nmountPoint = studio\n", seed("dark1")), dark),
    ]


def backup_directors() -> list:
    f = "u22: backup directors and agents (bacula, bareos, amanda, urbackup)"
    dirpw, dbpw = s("bacdir", 32), "Tape-Library-1999"
    fdpw = b64c("bareosfd", 44)
    s3 = g("amanda", 40, B64CHARS)
    ub = g("urbk", 20, ALNUM)
    akid = "AK" + "IA" + g("amakid", 16, UPPER_NUM)
    return [
        P(f, read_ev("/etc/bacula/bacula-dir.conf",
                     'Director {\n  Name = backup01-dir\n  DIRport = 9101\n  QueryFile = "/etc/bacula/scripts/query.sql"\n'
                     f'  Password = "{dirpw}"\n  Messages = Daemon\n}}\n\nCatalog {{\n  Name = MyCatalog\n'
                     f'  dbname = "bacula"; dbuser = "bacula"; dbpassword = "{dbpw}"\n}}\n', seed("bac1")), dirpw, dbpw),
        P(f, read_line('Director {\n  Name = bareos-dir\n'
                       f'  Password = "{fdpw}"\n  Description = "Allow the configured Director to access this file daemon."\n}}\n',
                       seed("bar1")), fdpw),
        P(f, sh("sudo urbackupsrv reset-admin-pw -a admin -p 'Hedgehog2017!'",
                "Password reset successfully.\n", seed("ub1")), "Hedgehog2017!"),
        P(f, write_ev("/etc/amanda/DailySet1/amanda.conf",
                      'define changer s3_changer {\n  tpchanger "chg-multi:s3:acme-backups/DailySet1/slot-{01,02,03}"\n'
                      f'  device-property "S3_ACCESS_KEY" "{akid}"\n'
                      f'  device-property "S3_SECRET_KEY" "{s3}"\n  device-property "S3_SSL" "YES"\n}}\n',
                      seed("am1")), s3),
        P(f, out(f"internet_server=backup.example.org\ninternet_server_port=55415\ncomputername=laptop-rk\n"
                 f"internet_authkey={ub}\ninternet_mode_enabled=true\n", seed("ub2")), ub),
    ]


def b64c(tag: str, n: int) -> str:
    return g(tag, n, B64CHARS)


def industrial_gateways() -> list:
    f = "u22: industrial iot gateways (node-red, thingsboard, kepware, opc ua, thingworx)"
    cred = s("nodered", 32)
    tb = g("tbdev", 20, ALNUM)
    appkey = uid("twx")
    settings = ("module.exports = {\n    flowFile: 'flows.json',\n"
                f"    credentialSecret: \"{cred}\",\n    uiPort: process.env.PORT || 1880,\n"
                "    logging: { console: { level: 'info' } },\n}\n")
    return [
        P(f, write_ev("/data/settings.js", settings, seed("nr1")), cred),
        P(f, sh(f"curl -s -X POST http://tb.plant.local:8080/api/v1/{tb}/telemetry "
                "-H 'Content-Type: application/json' -d '{\"temperature\": 41.7, \"rpm\": 1480}' -w '%{http_code}'",
                "200", seed("tb1")), tb),
        P(f, read_line('import requests\n\nBASE = "https://kepware01:57512/config/v1/project"\n'
                       'AUTH = ("Administrator", "Kep#Line4Plant")\n\n'
                       'for ch in requests.get(f"{BASE}/channels", auth=AUTH, verify=False).json():\n'
                       '    print(ch["common.ALLTYPES_NAME"])\n', seed("kep1")), "Kep#Line4Plant"),
        P(f, said("opc.tcp://plc-line3:4840 — user opcuser, password Halle3-Bremse! . Write me an asyncua client "
                  "that reads ns=2;s=Line3.Speed every second and logs it.", seed("opc1")), "Halle3-Bremse!"),
        P(f, sh(f'curl -s -H "appKey: {appkey}" -H "Accept: application/json" '
                "https://twx.plant.example/Thingworx/Things/Press07/Properties/Pressure",
                '{"rows":[{"Pressure":182.4}],"dataShape":{"fieldDefinitions":{"Pressure":{"baseType":"NUMBER"}}}}\n',
                seed("twx1")), appkey),
    ]


def observability_ingest() -> list:
    f = "u22: observability saas ingest keys (new relic, honeycomb, better stack, axiom, logz.io)"
    nr = "eu01xx" + hx("nr", 30) + "NR" + "AL"
    hc = "hcaik_" + g("hc", 58, LOWER_NUM)
    bs = g("bstack", 24, ALNUM)
    ax = "xaat-" + uid("axiom")
    lz = g("logz", 32, string.ascii_letters)
    return [
        P(f, sh(f"NEW_RELIC_LICENSE_KEY={nr} NEW_RELIC_APP_NAME=billing newrelic-admin run-program "
                "gunicorn app:app -b 0.0.0.0:8000",
                "", seed("nr1"), "[2026-03-14 10:22:31 +0000] [4121] [INFO] Starting gunicorn 22.0.0\n"
                "[2026-03-14 10:22:31 +0000] [4121] [INFO] Listening at: http://0.0.0.0:8000 (4121)\n"), nr),
        P(f, read_ev("/home/dev/app/otel.js",
                     "const { NodeSDK } = require('@opentelemetry/sdk-node');\n"
                     "const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-proto');\n\n"
                     "const sdk = new NodeSDK({\n  traceExporter: new OTLPTraceExporter({\n"
                     "    url: 'https://api.honeycomb.io/v1/traces',\n"
                     f"    headers: {{ 'x-honeycomb-team': '{hc}' }},\n  }}),\n}});\nsdk.start();\n",
                     seed("hc1")), hc),
        P(f, sh(f"curl -s -X POST https://in.logs.betterstack.com -H 'Authorization: Bearer {bs}' "
                "-H 'Content-Type: application/json' -d '{\"dt\":\"2026-03-14T10:22:31Z\",\"message\":\"deploy ok\"}'",
                "", seed("bs1")), bs),
        P(f, write_ev("/home/dev/.axiom.toml",
                      f'active_deployment = "acme"\n\n[deployments.acme]\nurl = "https://api.axiom.co"\n'
                      f'token = "{ax}"\norg_id = "acme-q3xk"\n', seed("ax1")), ax),
        P(f, said(f"Here's our Logz.io shipping token {lz} — add it to filebeat.yml under fields.token and "
                  "point the output at listener.logz.io:5015.", seed("lz1")), lz),
    ]


def speech_media_ai() -> list:
    f = "u22: speech and media ai apis (deepgram, elevenlabs, assemblyai, replicate, stability)"
    dg = hx("dg", 40)
    el = "sk_" + hx("el", 48)
    aai = hx("aai", 32)
    rep = "r8_" + g("rep", 37, ALNUM)
    stab = "sk-" + g("stab", 48, ALNUM)
    return [
        P(f, sh(f'curl -s -X POST "https://api.deepgram.com/v1/listen?model=nova-2&smart_format=true" '
                f'-H "Authorization: Token {dg}" -H "Content-Type: audio/wav" --data-binary @call.wav '
                "| jq -r '.results.channels[0].alternatives[0].transcript'",
                "Hi, I'm calling about the invoice from last week.\n", seed("dg1")), dg),
        P(f, read_ev("/home/dev/app/tts.py",
                     "from elevenlabs.client import ElevenLabs\n\n"
                     f'client = ElevenLabs(api_key="{el}")\n\n\ndef speak(text: str) -> bytes:\n'
                     '    return b"".join(client.text_to_speech.convert(voice_id="JBFqnCBsd6RMkjVDRZzb", text=text,\n'
                     '                                                  model_id="eleven_multilingual_v2"))\n',
                     seed("el1")), el),
        P(f, write_ev("/home/dev/app/.env",
                      f"ASSEMBLYAI_API_KEY={aai}\nTRANSCRIBE_LANGUAGE=en_us\nWEBHOOK_URL=https://app.example.com/hooks/aai\n",
                      seed("aai1")), aai),
        P(f, sh(f'REPLICATE_API_TOKEN={rep} python gen.py --prompt "a lighthouse at dusk" --out dusk.png',
                "prediction 9x2kq7hrbdrj40cg5b6v0 succeeded in 4.2s\nsaved dusk.png\n", seed("rep1")), rep),
        P(f, read_line("import requests\n\n"
                       f'STABILITY_KEY = "{stab}"\n\n'
                       'resp = requests.post("https://api.stability.ai/v2beta/stable-image/generate/core",\n'
                       '                     headers={"authorization": f"Bearer {STABILITY_KEY}", "accept": "image/*"},\n'
                       '                     files={"none": ""}, data={"prompt": "isometric office, pastel"})\n',
                       seed("stab1"), start=12), stab),
    ]


def sms_voice_apis() -> list:
    f = "u22: sms and voice apis (vonage, plivo, telnyx, sinch, messagebird)"
    vsec = g("vonsec", 16, ALNUM)
    plivo_tok = g("plivotok", 40, ALNUM)
    telnyx = "KEY" + g("telnyx", 32, UPPER_NUM) + "_" + g("telnyx2", 22, ALNUM)
    sinch = hx("sinch", 32)
    mb = "live_" + g("mbird", 25, ALNUM)
    return [
        P(f, sh(f"curl -s -X POST https://rest.nexmo.com/sms/json -d api_key={hx('vonkey', 8)} "
                f"-d api_secret={vsec} -d to=447700900123 -d from=AcmeShop -d 'text=Your order has shipped'",
                '{"message-count":"1","messages":[{"to":"447700900123","message-id":"0A0000001234ABCD",'
                '"status":"0","remaining-balance":"14.27830000","message-price":"0.04000000"}]}\n', seed("von1")), vsec),
        P(f, read_ev("/home/dev/app/notify/sms.py",
                     "import plivo\n\n"
                     f'client = plivo.RestClient("MA{g("plivoid", 18, UPPER_NUM)}", "{plivo_tok}")\n\n\n'
                     "def send(to: str, body: str) -> str:\n"
                     '    return client.messages.create(src="+14155550100", dst=to, text=body).message_uuid[0]\n',
                     seed("plivo1")), plivo_tok),
        P(f, write_ev("/home/dev/app/.env.production",
                      f"TELNYX_API_KEY={telnyx}\nTELNYX_MESSAGING_PROFILE_ID={uid('telprof')}\n"
                      "TELNYX_FROM=+13125550147\n", seed("tel1")), telnyx),
        P(f, said(f"Sinch batches keep returning 401. service plan id {hx('sinchplan', 32)}, API token {sinch}, "
                  "region eu — what am I doing wrong in the Authorization header?", seed("sinch1")), sinch),
        P(f, read_line("require 'messagebird'\n\n"
                       f"client = MessageBird::Client.new('{mb}')\n"
                       "msg = client.message_create('Acme', ['+31612345678'], 'Your code is ready')\n"
                       "puts msg.id\n", seed("mb1")), mb),
    ]


def second_tier_clouds() -> list:
    f = "u22: oracle, ibm, alibaba, tencent and huawei cloud credentials"
    ibm = g("ibmkey", 44, URLSAFE)
    ali = g("alisec", 30, ALNUM)
    tc = g("tcsec", 32, ALNUM)
    hw = g("hwsec", 40, ALNUM)
    oci = ("[DEFAULT]\nuser=ocid1.user.oc1..aaaaaaaa" + g("ociuser", 52, LOWER_NUM) + "\n"
           "fingerprint=" + ":".join(hx("ocifp", 32)[i:i + 2] for i in range(0, 32, 2)) + "\n"
           "key_file=~/.oci/oci_api_key.pem\npass_phrase=Kayak!Fjord2021\n"
           "tenancy=ocid1.tenancy.oc1..aaaaaaaa" + g("ocit", 52, LOWER_NUM) + "\nregion=eu-frankfurt-1\n")
    tcc = json.dumps({"secretId": "AKID" + g("tcid", 32, ALNUM), "secretKey": tc, "region": "ap-guangzhou",
                      "output": "json"}, indent=4)
    return [
        P(f, read_ev("/home/dev/.oci/config", oci, seed("oci1")), "Kayak!Fjord2021"),
        P(f, sh(f"ibmcloud login --apikey {ibm} -r us-south -g default",
                "API endpoint: https://cloud.ibm.com\nAuthenticating...\nOK\n\nTargeted account Acme Corp "
                "(4f2a9c1e7b3d4e5fa6b7c8d9e0f1a2b3)\nTargeted resource group default\nTargeted region us-south\n",
                seed("ibm1")), ibm),
        P(f, sh(f"aliyun configure set --profile prod --mode AK --access-key-id LTAI5t{g('aliid', 18, ALNUM)} "
                f"--access-key-secret {ali} --region cn-hangzhou",
                "Configure Done!!!\n..............888888888888888888888888 ..........\n", seed("ali1")), ali),
        P(f, read_line(tcc, seed("tc1")), tc),
        P(f, write_ev("/home/dev/infra/providers.tf",
                      'provider "huaweicloud" {\n  region     = "ap-southeast-1"\n'
                      f'  access_key = "{g("hwak", 20, UPPER_NUM)}"\n  secret_key = "{hw}"\n}}\n', seed("hw1")), hw),
    ]


def newsql_users() -> list:
    f = "u22: distributed sql databases creating users (cockroachdb, tidb, yugabytedb, singlestore, materialize)"
    ti = s("tidb", 20)
    yb = s("yb", 18)
    sdb = s("sdb", 24)
    mz = s("mz", 28)
    mig = ("-- V3__roles.sql\nCREATE ROLE reporting LOGIN PASSWORD 'Quarterly#Report42';\n"
           f"CREATE ROLE ingest LOGIN PASSWORD '{yb}';\nGRANT SELECT ON ALL TABLES IN SCHEMA public TO reporting;\n")
    return [
        P(f, sh("cockroach sql --certs-dir=certs --host=crdb-0.internal "
                "-e \"CREATE USER app WITH PASSWORD 'Tr0mb0ne-Harbor';\"",
                "CREATE ROLE\n\n\nTime: 41ms\n", seed("crdb1")), "Tr0mb0ne-Harbor"),
        P(f, sh(f"mysql -h tidb.internal -P 4000 -u root -e \"CREATE USER 'etl'@'%' IDENTIFIED BY '{ti}'; "
                "GRANT SELECT, INSERT ON analytics.* TO 'etl'@'%';\"", "", seed("tidb1")), ti),
        P(f, read_ev("/home/dev/app/db/migrations/V3__roles.sql", mig, seed("yb1")), "Quarterly#Report42", yb),
        P(f, sh(f"sdb-admin change-root-password --all --password '{sdb}' -y",
                "Toolbox will perform the following actions on all nodes in the cluster:\n"
                "  · Update the root password\n\nWould you like to continue? [Y/n]:\nAutomatically selected yes, "
                "non-interactive mode enabled\n✓ Updated root password on all nodes\n", seed("sdb1")), sdb),
        P(f, said(f"I ran this in Materialize and the source is stuck:\nCREATE SECRET kafka_password AS '{mz}';\n"
                  "CREATE CONNECTION kafka_conn TO KAFKA (BROKER 'pkc-12345.eu-west-1.aws.confluent.cloud:9092', "
                  "SASL MECHANISMS = 'PLAIN', SASL USERNAME = 'mz-svc', SASL PASSWORD = SECRET kafka_password);",
                  seed("mz1")), mz),
    ]


def legacy_4gl_sources() -> list:
    f = "u22: openedge abl, powerbuilder, visual foxpro, clarion and objectscript sources"
    pb = s("pb", 16)
    vfp = s("vfp", 18)
    new = "Aspen$Creek44"
    clar = ("  CODE\n  Customers{PROP:Owner} = 'erpsql,Sales,claruser,Birch#Lane19'\n"
            "  OPEN(Customers,42h)\n  IF ERRORCODE() THEN MESSAGE('Cannot open Customers').\n")
    return [
        P(f, read_ev("/home/dev/erp/src/connect.p",
                     "/* connect.p - connects the sports db for the nightly batch */\n"
                     'CONNECT "-db sports -H dbhost01 -S 20931 -U dbadmin -P Walnut#1987" NO-ERROR.\n'
                     "IF NOT CONNECTED(\"sports\") THEN\n    MESSAGE \"Cannot connect\" VIEW-AS ALERT-BOX.\n",
                     seed("abl1")), "Walnut#1987"),
        P(f, read_line('// open event of w_main\nSQLCA.DBMS = "MSS Microsoft SQL Server"\n'
                       'SQLCA.ServerName = "erpsql01"\nSQLCA.Database = "Orders"\nSQLCA.LogId = "pbuser"\n'
                       f'SQLCA.LogPass = "{pb}"\nCONNECT USING SQLCA;\n', seed("pb1"), start=3), pb),
        P(f, write_ev("/home/dev/vfp/sync.prg",
                      "LOCAL lnHandle\nlnHandle = SQLSTRINGCONNECT(\"Driver={SQL Server};Server=erp01;"
                      f"Database=Sales;Uid=vfp;Pwd={vfp};\")\nIF lnHandle < 1\n   MESSAGEBOX(\"No connection\")\n"
                      "ENDIF\n", seed("vfp1")), vfp),
        P(f, edit_ev("/home/dev/clarion/OpenFiles.clw", clar, "claruser,Birch#Lane19'", f"claruser,{new}'",
                     seed("clar1")), "Birch#Lane19", new),
        P(f, sh("iris session IRIS -U %SYS '##class(Security.Users).Create(\"etl\",\"%All\",\"Granite!Owl58\")'",
                "1\n", seed("iris1")), "Granite!Owl58"),
    ]


def mainframe_midrange() -> list:
    f = "u22: mainframe and ibm i jobs (jcl, rexx, cl, zowe)"
    return [
        P(f, read_ev("/home/dev/mvs/jcl/NIGHTLY.jcl",
                     "//NIGHTLY  JOB (ACCT01),'BATCH EXTRACT',CLASS=A,MSGCLASS=X,\n"
                     "//             USER=BATCH01,PASSWORD=K7TRW2QX,NOTIFY=&SYSUID\n"
                     "//STEP1    EXEC PGM=IKJEFT01\n//SYSTSPRT DD SYSOUT=*\n", seed("jcl1")), "K7TRW2QX"),
        P(f, read_line("/* REXX - push the extract to the distributed side */\nftphost = 'mvs1.example.com'\n"
                       "ftpuser = 'PRODFTP'\nftppass = 'W4LRUS88'\nqueue ftpuser ftppass\nqueue 'PUT EXTRACT.DATA'\n"
                       "queue 'QUIT'\n\"FTP\" ftphost\n", seed("rexx1")), "W4LRUS88"),
        P(f, write_ev("/home/dev/ibmi/qcllesrc/RMTSAVE.clle",
                      "PGM\n  RUNRMTCMD  CMD('SAVLIB LIB(ORDERS) DEV(*SAVF) SAVF(BKP/ORDERS)') +\n"
                      "             RMTLOCNAME('as400b.example.com' *IP) RMTUSER(QSECOFR2) +\n"
                      "             RMTPWD('TIGER7ROAR')\nENDPGM\n", seed("cl1")), "TIGER7ROAR"),
        P(f, sh("zowe profiles create zosmf-profile prod --host mvs1.example.com --port 443 --user IBMUSER "
                "--password 'Q8ZEBRA5' --reject-unauthorized false",
                "Profile created successfully! Path:\n/home/dev/.zowe/profiles/zosmf/prod.yaml\n", seed("zowe1")), "Q8ZEBRA5"),
        P(f, said("The nightly job abends with ICH408I. Job card has USER=DEVO12,PASSWORD=CRANE2K9 and it worked "
                  "until Friday — is the RACF password expired or is it the dataset profile?", seed("racf1")), "CRANE2K9"),
    ]


def proxy_credentials() -> list:
    f = "u22: authenticating proxy settings of package managers and distributions (apt, dnf, conda, sysconfig)"
    dnf = s("dnfproxy", 18)
    conda = s("condaproxy", 16)
    zyp = s("zypproxy", 14)
    return [
        P(f, read_ev("/etc/apt/apt.conf.d/95proxies",
                     'Acquire::http::Proxy "http://jdoe:Autumn%212023@proxy.corp.example:3128/";\n'
                     'Acquire::https::Proxy "http://jdoe:Autumn%212023@proxy.corp.example:3128/";\n',
                     seed("apt1")), "Autumn%212023"),
        P(f, sh("grep -i proxy /etc/dnf/dnf.conf",
                f"proxy=http://proxy.corp.example:8080\nproxy_username=svc-dnf\nproxy_password={dnf}\n"
                "proxy_auth_method=basic\n", seed("dnf1")), dnf),
        P(f, sh(f"conda config --set proxy_servers.https http://dev01:{conda}@proxy.corp.example:8080 && "
                "conda config --show proxy_servers",
                f"proxy_servers:\n  https: http://dev01:{conda}@proxy.corp.example:8080\n", seed("conda1")), conda),
        P(f, write_ev("/etc/sysconfig/proxy",
                      'PROXY_ENABLED="yes"\n'
                      f'HTTP_PROXY="http://build:{zyp}@proxy.corp.example:3128"\n'
                      f'HTTPS_PROXY="http://build:{zyp}@proxy.corp.example:3128"\n'
                      'NO_PROXY="localhost, 127.0.0.1, .corp.example"\n', seed("zyp1")), zyp),
        P(f, said("our corporate proxy needs auth now: user j.moreau, password Printemps2024! , host "
                  "proxy.corp.example:8080. Configure npm, pip and git to go through it.", seed("prox1")),
          "Printemps2024!"),
    ]


def uncommon_config_formats() -> list:
    f = "u22: sdlang, textproto, hocon and amazon ion configs"
    sdl = s("sdl", 20)
    tp = s("textproto", 22)
    hoc = s("hocon", 18)
    ion = g("ion", 40, B64CHARS)
    hoc_old = "password = ${?JOURNAL_DB_PASSWORD}"
    hoc_src = ("akka.persistence.r2dbc {\n  connection-factory {\n    driver = \"postgres\"\n    host = \"db.internal\"\n"
               f"    user = \"journal\"\n    {hoc_old}\n  }}\n}}\n")
    return [
        P(f, read_ev("/home/dev/app/config/app.sdl",
                     'app name="ledger" port=8080\n'
                     f'database host="db.internal" port=5432 user="ledger" password="{sdl}"\n'
                     'logging level="info"\n', seed("sdl1")), sdl),
        P(f, read_line('# proto-file: proto/config.proto\n# proto-message: ServiceConfig\nname: "mailer"\n'
                       f'smtp {{\n  host: "smtp.example.org"\n  port: 587\n  username: "mailer"\n  password: "{tp}"\n}}\n',
                       seed("tp1")), tp),
        P(f, edit_ev("/home/dev/app/src/main/resources/application.conf", hoc_src, hoc_old,
                     f'password = "{hoc}"', seed("hoc1")), hoc),
        P(f, sh("cat config/ledger.ion",
                '{\n  service: "ledger-export",\n  region: "us-east-1",\n  credentials: {\n'
                f'    accessKey: "{"AK" + "IA" + g("ionak", 16, UPPER_NUM)}",\n    secretKey: "{ion}"\n  }}\n}}\n',
                seed("ion1")), ion),
        P(f, write_ev("/home/dev/app/conf/reporting.conf",
                      'include "application.conf"\n\nreporting {\n  mailer {\n    user = reports\n'
                      '    password = "Cobalt.Finch.2023"\n  }\n}\n', seed("hoc2")), "Cobalt.Finch.2023"),
    ]


def support_and_esign() -> list:
    f = "u22: support desk and e-signature apis (zendesk, freshdesk, intercom, docusign, pandadoc)"
    zd = g("zd", 40, ALNUM)
    fd = g("fd", 20, ALNUM)
    ic = base64.b64encode(f"tok:{uid('ic')}:1:0".encode()).decode().rstrip("=")
    ds = uid("docusign")
    pd = hx("pandadoc", 40)
    ds_json = json.dumps({"basePath": "https://demo.docusign.net/restapi", "oAuthServer": "account-d.docusign.com",
                          "integrationKey": uid("dsint"), "clientSecret": ds,
                          "redirectUri": "http://localhost:3000/callback"}, indent=2)
    return [
        P(f, sh(f"curl -s https://acme.zendesk.com/api/v2/tickets/count.json -u agent@acme.example/token:{zd}",
                '{"count":{"value":412,"refreshed_at":"2026-03-14T10:22:31+00:00"}}\n', seed("zd1")), zd),
        P(f, read_ev("/home/dev/support/export.py",
                     "import requests\n\n"
                     f'API_KEY = "{fd}"\nDOMAIN = "acme.freshdesk.com"\n\n'
                     'r = requests.get(f"https://{DOMAIN}/api/v2/tickets?per_page=100", auth=(API_KEY, "X"))\n',
                     seed("fd1")), fd),
        P(f, write_ev("/home/dev/app/.env", f"INTERCOM_ACCESS_TOKEN={ic}\nINTERCOM_APP_ID=q7xk2m9a\n", seed("ic1")), ic),
        P(f, read_line(ds_json, seed("ds1")), ds),
        P(f, said(f"PandaDoc keeps saying 401. I'm sending header Authorization: API-Key {pd} to "
                  "api.pandadoc.com/public/v1/documents — is the scheme wrong?", seed("pd1")), pd),
    ]


def accounting_hr_apis() -> list:
    f = "u22: accounting and hr apis (xero, quickbooks, bamboohr, personio, sage intacct)"
    xsec = g("xero", 48, URLSAFE)
    xtok = jwt("xerotok", {"nbf": 1773483751, "exp": 1773485551, "iss": "https://identity.xero.com",
                           "client_id": hx("xcid", 32).upper(), "scope": ["accounting.transactions"]})
    qbsec = g("qbsec", 40, ALNUM)
    qbref = "AB11" + g("qbref", 10, string.digits) + g("qbref2", 36, ALNUM)
    bhr = hx("bhr", 40)
    psec = g("persec", 40, ALNUM)
    ptok = jwt("pertok", {"iss": "https://api.personio.de/v1/auth", "sub": "client", "prv": hx("prv", 40)})
    return [
        P(f, sh(f'curl -s -X POST https://identity.xero.com/connect/token -u "{hx("xcid", 32).upper()}:{xsec}" '
                "-d grant_type=client_credentials -d 'scope=accounting.transactions'",
                json.dumps({"access_token": xtok, "expires_in": 1800, "token_type": "Bearer",
                            "scope": "accounting.transactions"}) + "\n", seed("xero1")), xsec, xtok),
        P(f, read_ev("/home/dev/app/.env",
                     f"QB_CLIENT_ID=AB{g('qbcid', 48, ALNUM)}\nQB_CLIENT_SECRET={qbsec}\nQB_REALM_ID=9130354727361542\n"
                     f"QB_REFRESH_TOKEN={qbref}\nQB_ENVIRONMENT=production\n", seed("qb1")), qbsec, qbref),
        P(f, write_ev("/home/dev/hr/directory.py",
                      "import requests\n\nCOMPANY = \"acme\"\n"
                      f'API_KEY = "{bhr}"\n\n'
                      'resp = requests.get(f"https://api.bamboohr.com/api/gateway.php/{COMPANY}/v1/employees/directory",\n'
                      '                    auth=(API_KEY, "x"), headers={"Accept": "application/json"})\n', seed("bhr1")), bhr),
        P(f, sh(f"curl -s -X POST https://api.personio.de/v1/auth -d client_id=papi-{uid('pcid')} -d client_secret={psec}",
                json.dumps({"success": True, "data": {"token": ptok}}) + "\n", seed("per1")), psec, ptok),
        P(f, said("Sage Intacct web services: sender id ACME_WS, sender password Ledger#Balance19, company "
                  "acme-uk. Write the XML login block for the getAPISession call.", seed("sage1")), "Ledger#Balance19"),
    ]


def auth_saas() -> list:
    f = "u22: hosted auth providers (auth0, okta, clerk, stytch, workos)"
    a0s, a0c = hx("a0secret", 64), g("a0client", 64, URLSAFE)
    okta = "00" + g("okta", 40, URLSAFE)
    clerk = "sk_" + "live_" + g("clerk", 40, ALNUM)
    stytch = "secret-live-" + g("stytch", 36, URLSAFE)
    workos = "sk_" + g("workos", 40, ALNUM)
    return [
        P(f, read_ev("/home/dev/web/.env.local",
                     f"AUTH0_SECRET='{a0s}'\nAUTH0_BASE_URL='http://localhost:3000'\n"
                     "AUTH0_ISSUER_BASE_URL='https://acme-dev.eu.auth0.com'\n"
                     f"AUTH0_CLIENT_ID='{g('a0cid', 32, ALNUM)}'\nAUTH0_CLIENT_SECRET='{a0c}'\n", seed("a01")), a0s, a0c),
        P(f, sh(f'curl -s -H "Authorization: SSWS {okta}" "https://acme.okta.com/api/v1/users?limit=2" | jq -r ".[].profile.login"',
                "ana.silva@acme.example\nben.okafor@acme.example\n", seed("okta1")), okta),
        P(f, write_ev("/home/dev/web/.env",
                      f"NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=pk_live_{b64_str('clerk.acme.example$')}\n"
                      f"CLERK_SECRET_KEY={clerk}\nNEXT_PUBLIC_CLERK_SIGN_IN_URL=/sign-in\n", seed("clerk1")), clerk),
        P(f, read_line("import stytch\n\nclient = stytch.Client(\n"
                       f'    project_id="project-live-{uid("stytchp")}",\n    secret="{stytch}",\n)\n',
                       seed("stytch1"), start=4), stytch),
        P(f, out("2026-03-14T10:22:31.118Z INFO  boot: sso configured "
                 f"provider=workos client_id=client_01HV{g('wcid', 22, UPPER_NUM)} api_key={workos} "
                 "redirect=https://app.acme.example/sso/callback\n", seed("workos1")), workos),
    ]


def b64_str(text: str) -> str:
    return base64.b64encode(text.encode()).decode().rstrip("=")


def vcs_hosting_tokens() -> list:
    f = "u22: code review and forge tokens (bitbucket, gerrit, phabricator, sourcehut, azure devops)"
    bb = "ATBB" + g("bb", 28, ALNUM) + hx("bbtail", 8).upper()
    gerrit = "1//0" + g("gerrit", 40, URLSAFE)
    phab = "cli-" + g("phab", 28, string.ascii_lowercase + "234567")
    srht = g("srht", 96, B64CHARS)
    ado = g("ado", 52, LOWER_NUM)
    return [
        P(f, sh(f"git clone https://jdoe:{bb}@bitbucket.org/acme/payments.git", "", seed("bb1"),
                "Cloning into 'payments'...\nremote: Enumerating objects: 1842, done.\n"
                "Receiving objects: 100% (1842/1842), 612.40 KiB | 4.10 MiB/s, done.\n"), bb),
        P(f, read_ev("/home/dev/.gitcookies",
                     "# HTTP Cookie File\nreview.example.org\tFALSE\t/\tTRUE\t2147483647\to\t"
                     f"git-jdoe.example.org={gerrit}\n", seed("gerrit1")), gerrit),
        P(f, write_ev("/home/dev/.arcrc",
                      json.dumps({"hosts": {"https://phab.example.org/api/": {"token": phab}},
                                  "config": {"default": "https://phab.example.org/"}}, indent=2), seed("phab1")), phab),
        P(f, sh(f"curl -s -H 'Authorization: Bearer {srht}' -H 'Content-Type: application/json' "
                "-d '{\"query\": \"{ me { canonicalName } }\"}' https://meta.sr.ht/query",
                '{"data":{"me":{"canonicalName":"~jdoe"}}}\n', seed("srht1")), srht),
        P(f, said(f"the PAT for dev.azure.com/acme is {ado} but `az devops login` keeps asking me again — "
                  "how do I make the pipeline agent use it?", seed("ado1")), ado),
    ]


def consumer_vpn_accounts() -> list:
    f = "u22: consumer vpn accounts (mullvad, nordvpn service credentials, protonvpn, pia, windscribe)"
    mull = g("mullvad", 16, string.digits)
    nuser, npass = g("nordu", 24, ALNUM), g("nordp", 24, ALNUM)
    puser, ppass = g("protu", 16, ALNUM) + "+pmp", g("protp", 32, ALNUM)
    return [
        P(f, sh(f"mullvad account login {mull}", f'Mullvad account "{mull}" set\n', seed("mull1")), mull),
        P(f, read_ev("/home/dev/media/docker-compose.yml",
                     "services:\n  gluetun:\n    image: qmcgaw/gluetun\n    cap_add: [NET_ADMIN]\n    environment:\n"
                     "      - VPN_SERVICE_PROVIDER=nordvpn\n      - VPN_TYPE=openvpn\n"
                     f"      - OPENVPN_USER={nuser}\n      - OPENVPN_PASSWORD={npass}\n      - SERVER_COUNTRIES=Netherlands\n",
                     seed("nord1")), npass),
        P(f, write_ev("/home/dev/media/.env",
                      f"VPN_ENABLED=yes\nVPN_PROV=protonvpn\nVPN_USER={puser}\nVPN_PASS={ppass}\nLAN_NETWORK=192.168.1.0/24\n",
                      seed("proton1")), ppass),
        P(f, sh("printf 'p4829301\\nRiverStone!42\\n' > /tmp/pia.txt && piactl login /tmp/pia.txt && piactl connect",
                "", seed("pia1")), "RiverStone!42"),
        P(f, said("my Windscribe account is kestrel_88 / Kestrel#Peak2020 — set up windscribe-cli in the "
                  "download container so it logs in on start.", seed("ws1")), "Kestrel#Peak2020"),
    ]


def windows_run_as() -> list:
    f = "u22: windows scheduled tasks, services and app pools run as a user (schtasks, sc, nssm, appcmd)"
    sc = s("scsvc", 20)
    nssm = s("nssm", 18)
    apc = s("appcmd", 22)
    return [
        P(f, sh('schtasks /Create /TN "NightlyExport" /TR "C:\\jobs\\export.bat" /SC DAILY /ST 02:00 '
                '/RU CORP\\svc_export /RP "Harbour!Light7"',
                'SUCCESS: The scheduled task "NightlyExport" has successfully been created.\n', seed("sch1")),
          "Harbour!Light7"),
        P(f, sh(f'sc.exe config MyAppSvc obj= "CORP\\svc_app" password= "{sc}"',
                "[SC] ChangeServiceConfig SUCCESS\n", seed("sc1")), sc),
        P(f, read_ev("C:\\ops\\deploy\\register-backup.ps1",
                     '$a = New-ScheduledTaskAction -Execute "C:\\ops\\backup.exe" -Argument "--full"\n'
                     "$t = New-ScheduledTaskTrigger -Daily -At 1am\n"
                     'Register-ScheduledTask -TaskName "Backup" -Action $a -Trigger $t -User "CORP\\svc_bak" '
                     '-Password "Oak-Tree-Lantern-91" -RunLevel Highest\n', seed("rst1")), "Oak-Tree-Lantern-91"),
        P(f, sh(f'nssm set WebWorker ObjectName .\\worker "{nssm}"',
                'Set parameter "ObjectName" for service "WebWorker".\n', seed("nssm1")), nssm),
        P(f, sh("%windir%\\system32\\inetsrv\\appcmd set apppool /apppool.name:Api "
                f"/processModel.identityType:SpecificUser /processModel.userName:CORP\\svc_api /processModel.password:{apc}",
                'APPPOOL object "Api" changed\n', seed("apc1")), apc),
    ]


def scraping_proxies() -> list:
    f = "u22: scraping proxy and unblocker services (bright data, oxylabs, scraperapi, zenrows, smartproxy)"
    brd = g("brd", 12, LOWER_NUM)
    oxy = s("oxy", 16)
    sapi = hx("scraperapi", 32)
    zr = hx("zenrows", 40)
    return [
        P(f, sh(f"curl -s -x brd.superproxy.io:33335 -U brd-customer-hl_{hx('brdc', 8)}-zone-residential:{brd} "
                "https://geo.brdtest.com/welcome.txt",
                "Welcome to Bright Data! Here are your proxy details\nCountry: NL\nCity: Amsterdam\n", seed("brd1")), brd),
        P(f, read_ev("/home/dev/crawler/crawler/settings.py",
                     'BOT_NAME = "crawler"\nCONCURRENT_REQUESTS = 16\nROTATING_PROXY_LIST = [\n'
                     f'    "http://customer-acme:{oxy}@pr.oxylabs.io:7777",\n]\n'
                     +
                     "DOWNLOADER_MIDDLEWARES = {\"rotating_proxies.middlewares.RotatingProxyMiddleware\": 610}\n",
                     seed("oxy1")), oxy),
        P(f, write_ev("/home/dev/crawler/.env", f"SCRAPERAPI_KEY={sapi}\nSCRAPE_CONCURRENCY=5\n", seed("sapi1")), sapi),
        P(f, read_line("const axios = require('axios');\n\n"
                       "async function fetchPage(target) {\n"
                       f"  const url = `https://api.zenrows.com/v1/?apikey={zr}&url=${{encodeURIComponent(target)}}&js_render=true`;\n"
                       "  return (await axios.get(url)).data;\n}\n", seed("zr1")), zr),
        P(f, said("Smartproxy endpoint gate.smartproxy.com:7000, user sp8x2k9q, pass Pigeon!Market33 — add it "
                  "to the playwright launch options for the price checker.", seed("sp1")), "Pigeon!Market33"),
    ]


def ad_platform_apis() -> list:
    f = "u22: advertising platform apis (google ads, meta marketing, tiktok, linkedin, amazon ads)"
    dev = g("gadsdev", 22, URLSAFE)
    gsec = "GOCSPX-" + g("gadssec", 28, URLSAFE)
    gref = "1//0" + g("gadsref", 99, URLSAFE)
    meta = "EAA" + g("meta", 180, ALNUM)
    tt = hx("tiktok", 40)
    li = g("linkedin", 16, ALNUM)
    amz = "Atzr|IwEB" + g("amz", 200, URLSAFE)
    yml = (f"developer_token: {dev}\nclient_id: {g('gadscid', 12, string.digits)}-"
           f"{g('gadscid2', 32, LOWER_NUM)}.apps.googleusercontent.com\nclient_secret: {gsec}\n"
           f"refresh_token: {gref}\nlogin_customer_id: 1234567890\nuse_proto_plus: True\n")
    return [
        P(f, read_ev("/home/dev/.config/google-ads.yaml", yml, seed("gads1")), dev, gsec, gref),
        P(f, sh(f'curl -s -G "https://graph.facebook.com/v19.0/act_1029384756/insights" -d "fields=spend,clicks" '
                f'-d "date_preset=last_7d" -d "access_token={meta}"',
                '{"data":[{"spend":"412.77","clicks":"1893","date_start":"2026-03-07","date_stop":"2026-03-13"}]}\n',
                seed("meta1")), meta),
        P(f, write_ev("/home/dev/ads/.env", f"TIKTOK_ADVERTISER_ID=7{g('ttadv', 18, string.digits)}\n"
                      f"TIKTOK_ACCESS_TOKEN={tt}\n", seed("tt1")), tt),
        P(f, read_line('LI_CLIENT_ID = "78' + g("licid", 12, LOWER_NUM) + '"\n'
                       f'LI_CLIENT_SECRET = "{li}"\nLI_SCOPES = ["r_ads", "r_ads_reporting"]\n', seed("li1")), li),
        P(f, said(f"Amazon Ads refresh token is {amz} — why does the report endpoint give 401 after an hour?",
                  seed("amz1")), amz),
    ]


def localization_platforms() -> list:
    f = "u22: localization and translation platforms (crowdin, lokalise, transifex, deepl, phrase)"
    crowd = hx("crowdin", 80)
    lok = hx("lokalise", 40)
    tx = "1/" + hx("transifex", 40)
    dl = uid("deepl") + ":fx"
    phrase = hx("phrase", 64)
    return [
        P(f, read_ev("/home/dev/app/crowdin.yml",
                     f'"project_id": "512345"\n"api_token": "{crowd}"\n"base_path": "."\n'
                     '"preserve_hierarchy": true\nfiles:\n  - source: /locales/en/*.json\n'
                     '    translation: /locales/%two_letters_code%/%original_file_name%\n', seed("crowd1")), crowd),
        P(f, sh(f"lokalise2 --token {lok} --project-id 4738219563a1b2c3d4.81234567 file download --format json "
                "--unzip-to ./locales", "Downloading translations...\nUnzipping to ./locales\n", seed("lok1")), lok),
        P(f, write_ev("/home/dev/.transifexrc",
                      f"[https://app.transifex.com]\nrest_hostname = https://rest.api.transifex.com\ntoken = {tx}\n",
                      seed("tx1")), tx),
        P(f, sh(f'curl -s https://api-free.deepl.com/v2/translate -H "Authorization: DeepL-Auth-Key {dl}" '
                "-d text='Your order has shipped' -d target_lang=DE",
                '{"translations":[{"detected_source_language":"EN","text":"Ihre Bestellung wurde versandt"}]}\n',
                seed("deepl1")), dl),
        P(f, read_line(f"phrase:\n  access_token: {phrase}\n  project_id: {hx('phrasep', 32)}\n  push:\n"
                       "    sources:\n      - file: ./config/locales/en.yml\n", seed("phr1")), phrase),
    ]


def code_signing() -> list:
    f = "u22: windows code signing (signtool, esigner, keylocker, jsign, osslsigncode)"
    es_pw = s("esigner", 18)
    totp = g("esignertotp", 44, B64CHARS) + "="
    sm_key = g("smkey", 24, ALNUM) + "." + hx("smkey2", 40)
    sm_pw = s("smcert", 16)
    js = s("jsign", 20)
    return [
        P(f, sh('signtool sign /f codesign.pfx /p "Maple!Syrup2023" /fd SHA256 /tr http://timestamp.digicert.com '
                "/td SHA256 dist\\setup.exe",
                "Done Adding Additional Store\nSuccessfully signed: dist\\setup.exe\n", seed("st1")), "Maple!Syrup2023"),
        P(f, read_ev("/home/dev/app/scripts/sign.cmd",
                     "@echo off\ncall CodeSignTool.bat sign -username=release@acme.example "
                     f'-password="{es_pw}" -totp_secret="{totp}" -input_file_path=dist\\app.exe -override\n',
                     seed("es1")), es_pw, totp),
        P(f, write_ev("/home/dev/app/.env.signing",
                      f"SM_HOST=https://clientauth.one.digicert.com\nSM_API_KEY={sm_key}\n"
                      f"SM_CLIENT_CERT_FILE=C:\\certs\\Certificate_pkcs12.p12\nSM_CLIENT_CERT_PASSWORD={sm_pw}\n",
                      seed("sm1")), sm_key, sm_pw),
        P(f, sh(f"jsign --keystore build/cert.p12 --storepass {js} --alias acme --tsaurl http://ts.ssl.com "
                "target/app.exe", "Adding Authenticode signature to target/app.exe\n", seed("js1")), js),
        P(f, said("osslsigncode needs the pfx password, it's Copper-Kettle-Sings-7 — sign build/app.msi with "
                  "the cert in ~/certs and timestamp it.", seed("ossl1")), "Copper-Kettle-Sings-7"),
    ]


def survey_form_apis() -> list:
    f = "u22: survey and form apis (typeform, surveymonkey, jotform, qualtrics, tally)"
    tf = "tfp_" + g("typeform", 44, ALNUM) + "_" + g("typeform2", 14, ALNUM)
    sm = g("surveymonkey", 64, URLSAFE)
    jf = hx("jotform", 32)
    qx = g("qualtrics", 40, ALNUM)
    tally = g("tallysig", 32, ALNUM)
    return [
        P(f, sh(f'curl -s -H "Authorization: Bearer {tf}" https://api.typeform.com/forms | jq ".items[].title"',
                '"NPS Q1"\n"Beta signup"\n', seed("tf1")), tf),
        P(f, read_ev("/home/dev/research/pull_responses.py",
                     "import requests\n\n"
                     f'SM_ACCESS_TOKEN = "{sm}"\nSURVEY_ID = "512893741"\n\n'
                     'resp = requests.get(f"https://api.surveymonkey.com/v3/surveys/{SURVEY_ID}/responses/bulk",\n'
                     '                    headers={"Authorization": f"Bearer {SM_ACCESS_TOKEN}"})\n', seed("sm1")), sm),
        P(f, write_ev("/home/dev/site/.env", f"JOTFORM_API_KEY={jf}\nJOTFORM_FORM_ID=241234567891234\n", seed("jf1")), jf),
        P(f, read_line('headers = {\n    "X-API-TOKEN": "' + qx + '",\n    "Content-Type": "application/json",\n}\n'
                       'base = "https://acme.eu.qualtrics.com/API/v3"\n', seed("qx1"), start=7), qx),
        P(f, out(f"TALLY_FORM_ID=w7Xk2q\nTALLY_SIGNING_SECRET={tally}\nNODE_ENV=production\n", seed("tally1")), tally),
    ]


def status_pages_uptime() -> list:
    f = "u22: status pages and uptime monitors (statuspage, uptime kuma, healthchecks.io, cronitor, pingdom)"
    sp = uid("statuspage")
    hc = g("hcapi", 32, ALNUM)
    cron = hx("cronitor", 32)
    ping = g("pingdom", 64, URLSAFE)
    return [
        P(f, sh(f'curl -s -H "Authorization: OAuth {sp}" https://api.statuspage.io/v1/pages/kctbh9vrtdwd/incidents/unresolved',
                "[]\n", seed("sp1")), sp),
        P(f, read_ev("/home/dev/ops/kuma_sync.py",
                     "from uptime_kuma_api import UptimeKumaApi, MonitorType\n\n"
                     'api = UptimeKumaApi("http://kuma.lan:3001")\napi.login("admin", "Meadow#Lark2022")\n'
                     'api.add_monitor(type=MonitorType.HTTP, name="shop", url="https://shop.example.com")\n',
                     seed("kuma1")), "Meadow#Lark2022"),
        P(f, write_ev("/home/dev/ops/.env", f"HC_API_KEY={hc}\nHC_API_URL=https://healthchecks.io/api/v3/\n",
                      seed("hc1")), hc),
        P(f, sh(f"cronitor configure --api-key {cron}",
                "Configuration File: /etc/cronitor/cronitor.json\nAPI Key: saved\n", seed("cron1")), cron),
        P(f, said(f"Pingdom API token is {ping} — write a script that pauses every check tagged 'staging' during "
                  "the maintenance window.", seed("ping1")), ping),
    ]


def ipfs_pinning() -> list:
    f = "u22: ipfs pinning and web3 storage services (pinata, filebase, web3.storage, lighthouse)"
    pin = jwt("pinata", {"userInformation": {"id": uid("pinuser"), "email": "dev@acme.example"},
                         "authenticationType": "scopedKey", "scopedKeyKey": hx("pinkey", 20),
                         "scopedKeySecret": hx("pinsec", 64), "exp": 1805019751})
    fb = g("filebase", 40, ALNUM)
    w3 = "MgCY" + g("w3", 88, B64CHARS)
    pin2 = jwt("pinata2", {"userInformation": {"id": uid("pinuser2")}, "scopedKeyKey": hx("pinkey2", 20)})
    lh = hx("lighthouse", 32)
    return [
        P(f, sh(f'curl -s -X POST https://api.pinata.cloud/pinning/pinFileToIPFS -H "Authorization: Bearer {pin}" '
                "-F file=@metadata.json",
                '{"IpfsHash":"QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG","PinSize":1422,'
                '"Timestamp":"2026-03-14T10:22:31.118Z"}\n', seed("pin1")), pin),
        P(f, read_ev("/home/dev/nft/.env",
                     f"FILEBASE_KEY={g('fbkey', 20, UPPER_NUM)}\nFILEBASE_SECRET={fb}\nFILEBASE_BUCKET=acme-nft\n",
                     seed("fb1")), fb),
        P(f, write_ev("/home/dev/nft/.env.w3", f"W3_PRINCIPAL={w3}\nW3_PROOF=./proof.ucan\n", seed("w31")), w3),
        P(f, sh(f"ipfs pin remote service add pinata https://api.pinata.cloud/psa {pin2}", "", seed("pin2")), pin2),
        P(f, said(f"lighthouse api key {lh} — upload dist/ and give me the CID for the ens record.", seed("lh1")), lh),
    ]


# ---------------------------------------------------------------- negatives


def prompts_west_slavic_and_low_german_without() -> list:
    f = "u22 neg: prompts in upper sorbian, kashubian, silesian, low german and limburgish without a secret"
    return [
        N(f, said("Prošu pokaž mi, hdźe so hesło za testowy serwer składuje – w .env abo we Vault? Njechcu jo "
                  "do Gita zapisać.", seed("nsorb1"))),
        N(f, said("Jak zmienic hasło w config/database.yml na zmienną ${DB_PASSWORD}, żebë nie bëło je widzec "
                  "w repozytorium?", seed("nkash1"))),
        N(f, said("Czamu Grafana gŏdŏ „invalid username or password”? Hasło je w secrets.yaml jako "
                  "${GRAFANA_ADMIN_PASSWORD}, a w podzie je pusto.", seed("nsil1"))),
        N(f, said(f"Wo kann ik dat API-Token för den Wedderdeenst rotieren? De ole Commit {hx('nplat', 40)} "
                  "hett dat ut de .env rutnahmen, dat is nu blots noch WEATHER_API_KEY=.", seed("nplat1"))),
        N(f, said("Kins doe 't wachwoord oet de config haole en 't via de omgevingsvariabele MAIL_PASSWORD "
                  "inlaeze? Gebroek os.environ, gein default.", seed("nlimb1"))),
    ]


def prompts_italian_regional_without() -> list:
    f = "u22 neg: prompts in sicilian, neapolitan, venetian, piedmontese and lombard without a secret"
    return [
        N(f, said("Comu fazzu a leggiri a password dû database di na variabili d'ambienti, DB_PASSWORD, nveci "
                  "di scriviricci nnô codici?", seed("nsic1"))),
        N(f, said("'O test fallisce cu \"password authentication failed for user app\" — che aggio 'a "
                  "cuntrullà, 'o pg_hba.conf o 'o secret d'o cluster?", seed("nnap1"))),
        N(f, said("Ła pipeline ła se ferma co \"credentials not found: jenkins-admin-creds\" – dove xe che se "
                  "configura quel ID inte el Jenkinsfile?", seed("nven1"))),
        N(f, said(f"Ij commit {hx('npiem', 40)} e {hx('npiem2', 12)} a l'han cangià ël file .env.example – "
                  "peuss-to controlé che a-i sia gnun segret, mach dij segnaposto?", seed("npiem1"))),
        N(f, said("Mètom la password in del Vault: fà in manera che l'app la lesa de secret/data/db cont "
                  "el Vault Agent, e tira via el valor de default.", seed("nlomb1"))),
    ]


def prompts_philippine_without() -> list:
    f = "u22 neg: prompts in cebuano, ilocano, hiligaynon, waray and bikol without a secret"
    return [
        N(f, said("Asa nako ibutang ang password sa database – sa .env ba o sa AWS Secrets Manager? Ayaw "
                  "i-hardcode sa code palihug.", seed("nceb1"))),
        N(f, said("Apay nga \"invalid token\" ti error ti workflow? Ti token ket adda iti GITHUB_TOKEN a "
                  "variable, saan a nakasurat iti file.", seed("nilo1"))),
        N(f, said("Palihog ilisan ang password sa docker-compose.yml sang ${NEXTCLOUD_ADMIN_PASSWORD} para "
                  "indi makita sa repo.", seed("nhil1"))),
        N(f, said(f"An commit {hx('nwar', 40)} nagdugang hin API key ha .env.example – pero placeholder la "
                  "iton nga 'your-api-key-here', diri ba?", seed("nwar1"))),
        N(f, said("Paano i-rotate an SMTP password na dai nababakbak an worker? Gamit mi an Kubernetes secret "
                  "na smtp-creds saka External Secrets.", seed("nbik1"))),
    ]


def printers_and_network_listings() -> list:
    f = "u22 neg: printer and home network status with serials, mac addresses, versions and password hashes"
    balloon = "$BALLOON-SHA256$v=1$s=1024,t=32$" + g("nballs", 22, B64CHARS) + "$" + g("nballh", 43, B64CHARS)
    bcrypt = "$2y$10$" + g("nbcrypt", 53, ALNUM + "./")
    macs = [":".join(hx(f"nmac{i}", 12)[j:j + 2] for j in range(0, 12, 2)) for i in range(3)]
    return [
        N(f, sh('curl -s -H "X-Api-Key: $OCTOPRINT_API_KEY" http://octopi.local/api/printer | jq .temperature.tool0',
                '{\n  "actual": 214.8,\n  "offset": 0,\n  "target": 215.0\n}\n', seed("noct1"))),
        N(f, sh("pihole -v && sudo grep -E 'pwhash|app_pwhash' /etc/pihole/pihole.toml",
                "Core version is v6.0.4 (Latest: v6.0.4)\nWeb version is v6.0.1 (Latest: v6.0.1)\n"
                f"FTL version is v6.0.2 (Latest: v6.0.2)\n  pwhash = \"{balloon}\"\n  app_pwhash = \"\"\n", seed("npi1"))),
        N(f, read_ev("/opt/AdGuardHome/AdGuardHome.yaml",
                     f"http:\n  address: 0.0.0.0:3000\nusers:\n  - name: admin\n    password: {bcrypt}\n"
                     "auth_attempts: 5\nblock_auth_min: 15\ndns:\n  bind_hosts:\n    - 0.0.0.0\n  port: 53\n",
                     seed("nagh1"))),
        N(f, sh("curl -s http://voron.local:7125/printer/info | jq .result",
                json.dumps({"state": "ready", "hostname": "voron", "software_version": "v0.12.0-312-g8a2f1c4e",
                            "cpu_info": "4 core ARM Cortex-A72", "klipper_path": "/home/pi/klipper"}, indent=2) + "\n",
                seed("nmoon1"))),
        N(f, out("NAME              MAC                IP            MODEL   VERSION     SERIAL\n"
                 f"U6-Lite-Office    {macs[0]}  192.168.1.21  U6-Lite 6.6.77      {hx('nser1', 12).upper()}\n"
                 f"USW-Lite-8-PoE    {macs[1]}  192.168.1.2   USL8LP  7.1.26      {hx('nser2', 12).upper()}\n"
                 f"UDR               {macs[2]}  192.168.1.1   UDR     4.0.21      {hx('nser3', 12).upper()}\n",
                 seed("nunifi1"))),
    ]


def panels_and_radio_listings() -> list:
    f = "u22 neg: hosting panel and radio server listings with accounts, mounts and env references"
    return [
        N(f, sh("uapi --user=acme Email list_pops --output=jsonpretty | jq -r '.result.data[].email'",
                "info@acme.example\nsales@acme.example\nbilling@acme.example\n", seed("npan1"))),
        N(f, read_ev("/home/dev/radio/icecast.xml.tmpl",
                     "<icecast>\n  <authentication>\n    <source-password>${ICECAST_SOURCE_PASSWORD}</source-password>\n"
                     "    <relay-password>${ICECAST_RELAY_PASSWORD}</relay-password>\n"
                     "    <admin-user>admin</admin-user>\n    <admin-password>${ICECAST_ADMIN_PASSWORD}</admin-password>\n"
                     "  </authentication>\n</icecast>\n", seed("nice1"))),
        N(f, sh("curl -s https://radio.example.org/api/nowplaying/1 | jq '{station: .station.shortcode, song: .now_playing.song.id, listeners: .listeners.total}'",
                json.dumps({"station": "acme_radio", "song": hx("nazsong", 32), "listeners": 23}, indent=2) + "\n",
                seed("naz1"))),
        N(f, sh("whmapi1 listaccts want=user,domain,plan,suspended | grep -E 'user:|domain:|plan:'",
                "      domain: acme.example\n      plan: business\n      user: acme\n"
                "      domain: blog.example.net\n      plan: starter\n      user: blogex\n", seed("nwhm1"))),
        N(f, write_ev("/home/dev/radio/live.liq",
                      'music = playlist("/srv/music")\noutput.icecast(%mp3(bitrate=128), host="stream.example.org", port=8000,\n'
                      '  password=environment.get("ICECAST_SOURCE_PASSWORD"), mount="/live", music)\n',
                      seed("nliq1"))),
    ]


def backup_listings() -> list:
    f = "u22 neg: backup director listings with job ids, volumes, checksums and password includes"
    return [
        N(f, sh('echo "list jobs last" | bconsole',
                "Connecting to Director backup01:9101\n1000 OK: 103 backup01-dir Version: 13.0.4\n"
                "+-------+--------------+---------------------+------+-------+----------+---------------+-----------+\n"
                "| jobid | name         | starttime           | type | level | jobfiles | jobbytes      | jobstatus |\n"
                "+-------+--------------+---------------------+------+-------+----------+---------------+-----------+\n"
                "| 4821  | web01-files  | 2026-03-14 01:05:02 | B    | I     | 1,284    | 412,883,120   | T         |\n"
                "| 4822  | db01-catalog | 2026-03-14 01:10:11 | B    | F     | 3        | 2,118,440,912 | T         |\n"
                "+-------+--------------+---------------------+------+-------+----------+---------------+-----------+\n",
                seed("nbac1"))),
        N(f, read_ev("/etc/bareos/bareos-fd.d/director/bareos-dir.conf",
                     'Director {\n  Name = bareos-dir\n  Password = "@/etc/bareos/secrets/fd-director.pw"\n'
                     '  Description = "Allow the configured Director to access this file daemon."\n}\n', seed("nbar1"))),
        N(f, sh("amadmin DailySet1 find web01 /var/www",
                "date                host  disk     lv tape or file    file part status\n"
                "2026-03-12 01:00:03 web01 /var/www  1 DailySet1-07       3  1/1 OK\n"
                "2026-03-13 01:00:02 web01 /var/www  1 DailySet1-08       5  1/1 OK\n", seed("nam1"))),
        N(f, sh("sha256sum /srv/backups/2026-03-14/*.tar.zst",
                f"{hx('nsum1', 64)}  /srv/backups/2026-03-14/db01.tar.zst\n"
                f"{hx('nsum2', 64)}  /srv/backups/2026-03-14/web01.tar.zst\n", seed("nsum1"))),
        N(f, sh('echo "list volumes pool=Full" | bconsole | tail -4',
                "| mediaid | volumename | volstatus | enabled | volbytes       | volfiles | volretention | recycle |\n"
                "| 31      | Full-0031  | Full      | 1       | 53,687,091,200 | 12       | 31,536,000   | 1       |\n"
                "| 32      | Full-0032  | Append    | 1       | 18,204,113,920 | 4        | 31,536,000   | 1       |\n"
                "+---------+------------+-----------+---------+----------------+----------+--------------+---------+\n",
                seed("nbvol1"))),
    ]


def industrial_listings() -> list:
    f = "u22 neg: industrial gateway listings with node ids, device uuids, thumbprints and encrypted credentials"
    return [
        N(f, sh('curl -s "http://tb.plant.local:8080/api/tenant/devices?pageSize=2&page=0" '
                '-H "X-Authorization: Bearer $TB_JWT" | jq -c ".data[] | {id: .id.id, name, type}"',
                json.dumps({"id": uid("ntb1"), "name": "Press07", "type": "hydraulic-press"}) + "\n"
                + json.dumps({"id": uid("ntb2"), "name": "Oven02", "type": "curing-oven"}) + "\n", seed("ntb1"))),
        N(f, read_ev("/data/flows_cred.json", json.dumps({"$": hx("nnrcred", 32) + b64c("nnrcred2", 120)}),
                     seed("nnr1"))),
        N(f, sh("uabrowse -u opc.tcp://plc-line3:4840 -n 'ns=2;s=Line3'",
                "ns=2;s=Line3.Speed          Variable  Double   1480.0\n"
                "ns=2;s=Line3.Temperature    Variable  Double   41.7\n"
                "ns=2;s=Line3.Recipe         Variable  String   \"PX-220\"\n"
                "ns=2;i=5001                 Object    -        Line3.Alarms\n", seed("nopc1"))),
        N(f, read_line('import os\nimport requests\n\nBASE = "https://kepware01:57512/config/v1/project"\n'
                       'AUTH = (os.environ["KEPWARE_USER"], os.environ["KEPWARE_PASSWORD"])\n', seed("nkep1"))),
        N(f, sh("openssl x509 -inform der -in pki/trusted/certs/plc-line3.der -noout -serial -fingerprint -subject",
                f"serial={hx('nplcser', 16).upper()}\nSHA1 Fingerprint="
                + ":".join(hx("nplcfp", 40).upper()[i:i + 2] for i in range(0, 40, 2))
                + "\nsubject=CN = PLC Line3, O = Acme Plant, DC = plc-line3\n", seed("nplc1"))),
    ]


def observability_outputs() -> list:
    f = "u22 neg: observability and media ai outputs with entity guids, request ids and placeholders"
    guid = b64_str(f"3847561|APM|APPLICATION|{g('nnrapp', 9, string.digits)}")
    return [
        N(f, sh("newrelic entity search --name billing --type APPLICATION | jq -r '.[].guid'", guid + "\n",
                seed("nnr2"))),
        N(f, sh('curl -s -D - -o /dev/null -X POST "https://api.deepgram.com/v1/listen" '
                '-H "Authorization: Token $DEEPGRAM_API_KEY" --data-binary @call.wav',
                f"HTTP/2 200\ncontent-type: application/json\ndg-request-id: {uid('ndg')}\n"
                f"dg-model-uuid: {uid('ndgm')}\ndg-sha256: {hx('ndgsha', 64)}\n", seed("ndg1"))),
        N(f, read_ev("/home/dev/app/otel.js",
                     "const sdk = new NodeSDK({\n  traceExporter: new OTLPTraceExporter({\n"
                     "    url: 'https://api.honeycomb.io/v1/traces',\n"
                     "    headers: { 'x-honeycomb-team': process.env.HONEYCOMB_API_KEY },\n  }),\n});\n", seed("nhc1"))),
        N(f, sh("axiom dataset list",
                "NAME        DESCRIPTION          CREATED AT\nhttp-logs   edge request logs    2025-11-02 09:14:51\n"
                "traces      otel spans           2026-01-18 17:40:02\n", seed("nax1"))),
        N(f, write_ev("/home/dev/app/.env.example",
                      "ELEVENLABS_API_KEY=\nREPLICATE_API_TOKEN=r8_your_token_here\nASSEMBLYAI_API_KEY=<your AssemblyAI key>\n",
                      seed("nel1"))),
    ]


def messaging_support_ids() -> list:
    f = "u22 neg: sms and support desk responses with message ids, ticket ids and signatures"
    return [
        N(f, sh('curl -s -X POST https://rest.nexmo.com/sms/json -d "api_key=$VONAGE_KEY" -d "api_secret=$VONAGE_SECRET" '
                "-d to=447700900123 -d from=AcmeShop -d 'text=Your order has shipped'",
                '{"message-count":"1","messages":[{"to":"447700900123","message-id":"' + hx("nvonmsg", 16).upper()
                + '","status":"0","network":"23410"}]}\n', seed("nvon1"))),
        N(f, out(json.dumps({"ticket": {"id": 48213, "external_id": uid("nzdext"), "status": "open",
                                        "via": {"channel": "email"}, "requester_id": 391847562013,
                                        "subject": "Cannot reset my password"}}, indent=2), seed("nzd1"))),
        N(f, sh('curl -s -u "$PLIVO_AUTH_ID:$PLIVO_AUTH_TOKEN" https://api.plivo.com/v1/Account/$PLIVO_AUTH_ID/Message/?limit=2 '
                "| jq -r '.objects[].message_uuid'", f"{uid('nplv1')}\n{uid('nplv2')}\n", seed("nplv1"))),
        N(f, read_line(json.dumps({"data": {"event_type": "message.finalized", "id": uid("ntelev"),
                                            "payload": {"id": uid("ntelmsg"), "messaging_profile_id": uid("ntelprof"),
                                                        "to": [{"phone_number": "+13125550147", "status": "delivered"}]}},
                                   "meta": {"attempt": 1, "delivered_to": "https://app.example.com/hooks/telnyx"}}, indent=2)
                       + "\n# headers: telnyx-signature-ed25519: " + b64c("ntelsig", 86) + "==\n"
                       "# telnyx-timestamp: 1773483751\n", seed("ntel1"))),
        N(f, said("In Intercom the app id is q7xk2m9a and conversation 18373920012 shows 'token expired' — "
                  "where do I regenerate the access token, and should it live in Doppler?", seed("nic1"))),
    ]


def second_tier_cloud_listings() -> list:
    f = "u22 neg: oracle, ibm, alibaba and tencent listings with ocids, key ids and request ids"
    fp = ":".join(hx("nocifp", 32)[i:i + 2] for i in range(0, 32, 2))
    return [
        N(f, sh("oci iam user api-key list --user-id $OCI_USER --query 'data[].{fp:fingerprint,state:\"lifecycle-state\"}'",
                json.dumps([{"fp": fp, "state": "ACTIVE"}], indent=2) + "\n", seed("noci1"))),
        N(f, sh("ibmcloud iam api-keys",
                "Retrieving API keys for dev@acme.example under account 4f2a9c1e7b3d4e5fa6b7c8d9e0f1a2b3 as dev@acme.example...\nOK\n"
                f"ID                                             Name        Description   Date Created\n"
                f"ApiKey-{uid('nibm1')}   ci-deploy   pipeline      2026-01-12 09:14+0000\n", seed("nibm1"))),
        N(f, sh("aliyun ecs DescribeInstances --RegionId cn-hangzhou --PageSize 1 | jq '{RequestId, id: .Instances.Instance[0].InstanceId}'",
                json.dumps({"RequestId": uid("nali").upper(), "id": "i-bp1" + g("naliid", 17, LOWER_NUM)}, indent=2) + "\n",
                seed("nali1"))),
        N(f, read_ev("/home/dev/.oci/config",
                     "[DEFAULT]\nuser=ocid1.user.oc1..aaaaaaaa" + g("nociu", 52, LOWER_NUM) + "\n"
                     f"fingerprint={fp}\nkey_file=~/.oci/oci_api_key.pem\n"
                     "tenancy=ocid1.tenancy.oc1..aaaaaaaa" + g("noci", 52, LOWER_NUM) + "\nregion=eu-frankfurt-1\n",
                     seed("noci2"))),
        N(f, sh("tccli cvm DescribeInstances --region ap-guangzhou --Limit 1 | jq '{RequestId: .RequestId, id: .InstanceSet[0].InstanceId}'",
                json.dumps({"RequestId": uid("ntc"), "id": "ins-" + g("ntcid", 8, LOWER_NUM)}, indent=2) + "\n",
                seed("ntc1"))),
    ]


def newsql_catalogs() -> list:
    f = "u22 neg: distributed sql catalogs listing users with hashes and node ids"
    return [
        N(f, sh('cockroach sql --certs-dir=certs -e "SHOW USERS"',
                "  username |                options                | member_of\n"
                "-----------+---------------------------------------+------------\n"
                "  admin    |                                       | {}\n"
                "  app      |                                       | {}\n"
                "  root     |                                       | {admin}\n(3 rows)\n", seed("ncr1"))),
        N(f, sh("mysql -h tidb.internal -P 4000 -u root -p\"$TIDB_ROOT_PASSWORD\" -e \"SELECT user, host, authentication_string FROM mysql.user\"",
                "user\thost\tauthentication_string\nroot\t%\t*" + hx("ntidb1", 40).upper() + "\n"
                "etl\t%\t*" + hx("ntidb2", 40).upper() + "\n", seed("ntidb1"))),
        N(f, read_ev("/home/dev/app/db/migrations/V3__roles.sql",
                     "-- passwords are set by ops with \\password after the migration\nCREATE ROLE reporting LOGIN;\n"
                     "CREATE ROLE ingest LOGIN PASSWORD :'ingest_password';\n"
                     "GRANT SELECT ON ALL TABLES IN SCHEMA public TO reporting;\n", seed("nyb1"))),
        N(f, sh("sdb-admin list-nodes",
                "+------------+--------+-----------+------+---------------+--------------+---------+\n"
                "| MemSQL ID  |  Role  |   Host    | Port | Process State | Connectable? | Version |\n"
                "+------------+--------+-----------+------+---------------+--------------+---------+\n"
                f"| {hx('nsdb1', 10).upper()} | Master | 10.0.1.11 | 3306 | Running       | True         | 8.7.12  |\n"
                f"| {hx('nsdb2', 10).upper()} | Leaf   | 10.0.1.12 | 3307 | Running       | True         | 8.7.12  |\n"
                "+------------+--------+-----------+------+---------------+--------------+---------+\n", seed("nsdb1"))),
        N(f, said("SHOW SECRETS in Materialize gives kafka_password and csr_password, and SHOW CONNECTIONS gives "
                  "kafka_conn — how do I see which connection uses which secret?", seed("nmz1"))),
    ]


def legacy_code_reading_credentials() -> list:
    f = "u22 neg: 4gl, jcl and cl code reading credentials at run time"
    return [
        N(f, read_ev("/home/dev/erp/src/connect.p",
                     "DEFINE VARIABLE cUser AS CHARACTER NO-UNDO.\nDEFINE VARIABLE cPass AS CHARACTER NO-UNDO.\n"
                     'cUser = OS-GETENV("SPORTS_DB_USER").\ncPass = OS-GETENV("SPORTS_DB_PASS").\n'
                     'CONNECT VALUE("-db sports -H dbhost01 -S 20931 -U " + cUser + " -P " + cPass) NO-ERROR.\n',
                     seed("nabl1"))),
        N(f, read_line('SQLCA.DBMS = ProfileString(gs_ini, "Database", "DBMS", "")\n'
                       'SQLCA.LogId = ProfileString(gs_ini, "Database", "LogId", "")\n'
                       'SQLCA.LogPass = ProfileString(gs_ini, "Database", "LogPass", "")\nCONNECT USING SQLCA;\n',
                       seed("npb1"))),
        N(f, read_ev("/home/dev/mvs/jcl/NIGHTLY.jcl",
                     "//NIGHTLY  JOB (ACCT01),'BATCH EXTRACT',CLASS=A,MSGCLASS=X,\n"
                     "//             USER=BATCH01,NOTIFY=&SYSUID\n"
                     "//* BATCH01 IS A PROTECTED USER: THE SCHEDULER SUBMITS IT AS A SURROGATE\n"
                     "//STEP1    EXEC PGM=IKJEFT01\n", seed("njcl1"))),
        N(f, sh("zowe config list --locations | grep -A6 'profiles.prod'",
                "profiles.prod:\n  type: zosmf\n  properties:\n    host: mvs1.example.com\n    port: 443\n"
                "  secure: [user, password]\n", seed("nzowe1"))),
        N(f, write_ev("/home/dev/ibmi/qcllesrc/RMTSAVE.clle",
                      "PGM\n  DCL VAR(&PWD) TYPE(*CHAR) LEN(128)\n  RTVDTAARA DTAARA(SECLIB/RMTPWD) RTNVAR(&PWD)\n"
                      "  RUNRMTCMD CMD('SAVLIB LIB(ORDERS)') RMTLOCNAME('as400b' *IP) RMTUSER(QSECOFR2) RMTPWD(&PWD)\nENDPGM\n",
                      seed("ncl1"))),
    ]


def proxy_settings_without_credentials() -> list:
    f = "u22 neg: package manager and distribution proxy settings without credentials"
    return [
        N(f, read_ev("/etc/apt/apt.conf.d/95proxies",
                     'Acquire::http::Proxy "http://proxy.corp.example:3128/";\n'
                     'Acquire::http::Proxy::deb.corp.example "DIRECT";\n', seed("napt1"))),
        N(f, sh("grep -i proxy /etc/dnf/dnf.conf",
                "proxy=http://proxy.corp.example:8080\nproxy_auth_method=none\n", seed("ndnf1"))),
        N(f, sh("conda config --show proxy_servers",
                "proxy_servers:\n  http: http://proxy.corp.example:8080\n  https: http://proxy.corp.example:8080\n",
                seed("nconda1"))),
        N(f, write_ev("/etc/sysconfig/proxy",
                      'PROXY_ENABLED="yes"\nHTTP_PROXY="http://proxy.corp.example:3128"\n'
                      'HTTPS_PROXY="http://proxy.corp.example:3128"\nNO_PROXY="localhost, 127.0.0.1, .corp.example"\n',
                      seed("nzyp1"))),
        N(f, said("Our proxy uses Kerberos (negotiate) — how do I make pip and npm go through it without "
                  "putting my password anywhere? Is cntlm still the way?", seed("nprox1"))),
    ]


def uncommon_configs_with_references() -> list:
    f = "u22 neg: sdlang, textproto, hocon and ion configs with references and secret files"
    return [
        N(f, read_ev("/home/dev/app/config/app.sdl",
                     'app name="ledger" port=8080\n'
                     'database host="db.internal" port=5432 user="ledger" password-env="LEDGER_DB_PASSWORD"\n',
                     seed("nsdl1"))),
        N(f, read_line('name: "mailer"\nsmtp {\n  host: "smtp.example.org"\n  port: 587\n  username: "mailer"\n'
                       '  password_file: "/run/secrets/smtp_password"\n}\n', seed("ntp1"))),
        N(f, read_line("akka.persistence.r2dbc {\n  connection-factory {\n    user = \"journal\"\n"
                       "    password = ${?JOURNAL_DB_PASSWORD}\n  }\n}\n", seed("nhoc1"))),
        N(f, sh("cat config/ledger.ion",
                '{\n  service: "ledger-export",\n  region: "us-east-1",\n  credentials: {\n'
                '    profile: "ledger-export",\n    source: "instance-metadata"\n  }\n}\n', seed("nion1"))),
        N(f, write_ev("/home/dev/app/conf/application.conf",
                      'include "secrets.conf"\n\nplay.http.secret.key = ${?APPLICATION_SECRET}\n'
                      'play.filters.hosts.allowed = [".acme.example", "localhost"]\n', seed("nhoc2"))),
    ]


def saas_ids_and_references() -> list:
    f = "u22 neg: accounting, hr and auth saas ids, publishable keys and encrypted env listings"
    okta_ids = [f"00u{g(f'noktaid{i}', 17, ALNUM)}" for i in range(3)]
    return [
        N(f, sh('curl -s https://api.xero.com/connections -H "Authorization: Bearer $XERO_TOKEN" | jq -c ".[]"',
                json.dumps({"id": uid("nxc"), "tenantId": uid("nxt"), "tenantType": "ORGANISATION",
                            "tenantName": "Acme Ltd"}) + "\n", seed("nxero1"))),
        N(f, read_ev("/home/dev/web/.env.example",
                     "AUTH0_SECRET='use [openssl rand -hex 32] to generate a 32 bytes value'\n"
                     "AUTH0_BASE_URL='http://localhost:3000'\nAUTH0_ISSUER_BASE_URL='https://YOUR_DOMAIN.auth0.com'\n"
                     "AUTH0_CLIENT_ID=''\nAUTH0_CLIENT_SECRET=''\n", seed("na01"))),
        N(f, sh("vercel env ls production",
                "Vercel CLI 37.4.2\n> Environment Variables found for acme/web [412ms]\n\n"
                " name                                value       environments  created\n"
                " CLERK_SECRET_KEY                    Encrypted   Production    41d ago\n"
                " NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY   Encrypted   Production    41d ago\n", seed("nclerk1"))),
        N(f, sh('curl -s -H "Authorization: SSWS $OKTA_API_TOKEN" "https://acme.okta.com/api/v1/users?limit=3" | jq -r ".[].id"',
                "\n".join(okta_ids) + "\n", seed("nokta1"))),
        N(f, out(json.dumps({"realmId": "9130354727361542", "intuit_tid": uid("nqbtid"),
                             "employees": [{"id": 1842, "first_name": "Ana", "position": "Engineer"},
                                           {"id": 1843, "first_name": "Ben", "position": "Support"}]}, indent=2),
                 seed("nqb1"))),
    ]


def forge_listings() -> list:
    f = "u22 neg: code review and forge listings with change-ids, revisions, uuids and token metadata"
    return [
        N(f, sh("git log -2 --format='%H%n%s%n%b'",
                f"{hx('ngl1', 40)}\nretry: back off on 503 from the ledger\n\nChange-Id: I{hx('ngc1', 40)}\n\n"
                f"{hx('ngl2', 40)}\nbilling: round half to even\n\nChange-Id: I{hx('ngc2', 40)}\n", seed("ngl1"))),
        N(f, sh("ssh -p 29418 review.example.org gerrit query --current-patch-set --format=JSON status:open limit:1 | head -1 | jq '{id, number, rev: .currentPatchSet.revision}'",
                json.dumps({"id": "I" + hx("ngq", 40), "number": 48213, "rev": hx("ngqrev", 40)}, indent=2) + "\n",
                seed("ngq1"))),
        N(f, sh('curl -s -u "jdoe:$BITBUCKET_APP_PASSWORD" https://api.bitbucket.org/2.0/repositories/acme/payments/commits?pagelen=1 '
                "| jq -c '.values[0] | {hash, uuid: .repository.uuid}'",
                json.dumps({"hash": hx("nbbh", 40), "uuid": "{" + uid("nbbu") + "}"}) + "\n", seed("nbb1"))),
        N(f, sh('az rest --method get --url "https://vssps.dev.azure.com/acme/_apis/tokens/pats?api-version=7.1-preview.1" '
                "--resource 499b84ac-1321-427f-aa17-267ca6975798 | jq -c '.patTokens[]'",
                json.dumps({"displayName": "ci-agent", "authorizationId": uid("nado"), "scope": "vso.build vso.code",
                            "validTo": "2026-06-30T00:00:00Z", "token": None}) + "\n", seed("nado1"))),
        N(f, out("Linting...\nUnit tests...\nUpdated an existing Differential revision:\n"
                 "        Revision URI: https://phab.example.org/D4821\n\nIncluded changes:\n  M       billing/round.py\n",
                 seed("nphab1"))),
    ]


def vpn_status() -> list:
    f = "u22 neg: consumer vpn status with relays, public keys, devices and masked accounts"
    return [
        N(f, sh("mullvad status -v",
                "Connected to se-got-wg-001 in Gothenburg, Sweden\n"
                f"Relay: se-got-wg-001 (185.213.154.66:51820/UDP), public key {b64c('nmullpk', 43)}=\n"
                "Visible location: Sweden, Gothenburg. IPv4: 185.213.154.70\n", seed("nmull1"))),
        N(f, sh("nordvpn status",
                "Status: Connected\nHostname: nl812.nordvpn.com\nIP: 185.229.191.44\nCountry: Netherlands\n"
                "City: Amsterdam\nCurrent technology: NORDLYNX\nCurrent protocol: UDP\nUptime: 2 hours 14 minutes\n",
                seed("nnord1"))),
        N(f, read_ev("/home/dev/media/docker-compose.yml",
                     "services:\n  gluetun:\n    image: qmcgaw/gluetun\n    environment:\n"
                     "      - VPN_SERVICE_PROVIDER=nordvpn\n      - OPENVPN_USER_SECRETFILE=/run/secrets/openvpn_user\n"
                     "      - OPENVPN_PASSWORD_SECRETFILE=/run/secrets/openvpn_password\n    secrets:\n"
                     "      - openvpn_user\n      - openvpn_password\nsecrets:\n  openvpn_user:\n"
                     "    file: ./secrets/openvpn_user\n  openvpn_password:\n    file: ./secrets/openvpn_password\n",
                     seed("nnord2"))),
        N(f, sh("piactl get region && piactl get vpnip", "netherlands\n212.102.35.90\n", seed("npia1"))),
        N(f, sh("mullvad account get",
                "Mullvad account: **** **** **** 3456\nExpires at     : 2026-09-01 11:02:44+00:00\n"
                "Device name    : happy otter\n", seed("nmull2"))),
    ]


def run_as_listings() -> list:
    f = "u22 neg: scheduled task and service listings with run-as accounts and no password"
    return [
        N(f, sh("schtasks /Query /TN NightlyExport /V /FO LIST | findstr /R \"TaskName Run.As Logon Next.Run\"",
                "TaskName:                             \\NightlyExport\nNext Run Time:                        3/15/2026 2:00:00 AM\n"
                "Run As User:                          CORP\\svc_export\nLogon Mode:                           Interactive/Background\n",
                seed("nsch1"))),
        N(f, sh("sc.exe qc MyAppSvc",
                "[SC] QueryServiceConfig SUCCESS\n\nSERVICE_NAME: MyAppSvc\n        TYPE               : 10  WIN32_OWN_PROCESS\n"
                "        START_TYPE         : 2   AUTO_START\n        BINARY_PATH_NAME   : C:\\apps\\myapp\\svc.exe\n"
                "        SERVICE_START_NAME : CORP\\svc_app\n", seed("nsc1"))),
        N(f, read_ev("C:\\ops\\deploy\\register-backup.ps1",
                     '$p = New-ScheduledTaskPrincipal -UserID "CORP\\gmsa_bak$" -LogonType Password -RunLevel Highest\n'
                     'Register-ScheduledTask -TaskName "Backup" -Action $a -Trigger $t -Principal $p\n', seed("nrst1"))),
        N(f, sh('schtasks /Create /TN "NightlyExport" /TR "C:\\jobs\\export.bat" /SC DAILY /ST 02:00 /RU CORP\\svc_export /RP *',
                'Please enter the run as password for CORP\\svc_export: ********\n\n'
                'SUCCESS: The scheduled task "NightlyExport" has successfully been created.\n', seed("nsch2"))),
        N(f, write_ev("C:\\ops\\deploy\\install-service.ps1",
                      '$cred = Get-Credential -UserName "CORP\\svc_app" -Message "Service account for MyAppSvc"\n'
                      'New-Service -Name MyAppSvc -BinaryPathName "C:\\apps\\myapp\\svc.exe" -Credential $cred '
                      '-StartupType Automatic\n', seed("nsvc1"))),
    ]


def growth_tool_configs() -> list:
    f = "u22 neg: scraping, advertising and localization configs with env references, placeholders and ids"
    return [
        N(f, read_ev("/home/dev/crawler/crawler/settings.py",
                     'import os\n\nROTATING_PROXY_LIST = [\n    f"http://customer-acme:{os.environ[\'OXYLABS_PASSWORD\']}@pr.oxylabs.io:7777",\n]\n',
                     seed("noxy1"))),
        N(f, read_ev("/home/dev/.config/google-ads.yaml",
                     "developer_token: INSERT_DEVELOPER_TOKEN_HERE\nclient_id: INSERT_OAUTH2_CLIENT_ID_HERE\n"
                     "client_secret: INSERT_OAUTH2_CLIENT_SECRET_HERE\nrefresh_token: INSERT_REFRESH_TOKEN_HERE\n"
                     "login_customer_id: INSERT_LOGIN_CUSTOMER_ID_HERE\nuse_proto_plus: True\n", seed("ngads1"))),
        N(f, read_ev("/home/dev/app/crowdin.yml",
                     '"project_id_env": "CROWDIN_PROJECT_ID"\n"api_token_env": "CROWDIN_PERSONAL_TOKEN"\n'
                     '"base_path": "."\nfiles:\n  - source: /locales/en/*.json\n', seed("ncrowd1"))),
        N(f, sh('curl -s -G "https://graph.facebook.com/v19.0/act_1029384756/campaigns" -d "fields=id,name,status" '
                '-d "access_token=$META_TOKEN" | jq -c ".data[]"',
                '{"id":"120208' + g("nmetac1", 12, string.digits) + '","name":"Spring sale","status":"ACTIVE"}\n'
                '{"id":"120208' + g("nmetac2", 12, string.digits) + '","name":"Retargeting","status":"PAUSED"}\n',
                seed("nmeta1"))),
        N(f, sh('lokalise2 --token "$LOKALISE_TOKEN" project list | jq -r ".projects[] | .project_id + \\"  \\" + .name"',
                "4738219563a1b2c3d4.81234567  web-app\n912837465f0e1d2c3b.40392817  mobile\n", seed("nlok1"))),
    ]


def signing_outputs() -> list:
    f = "u22 neg: code signing outputs and configs with thumbprints, serials and key vault references"
    thumb = hx("nthumb", 40).upper()
    return [
        N(f, sh("signtool verify /pa /v dist\\setup.exe",
                "Verifying: dist\\setup.exe\nSignature Index: 0 (Primary Signature)\nHash of file (sha256): "
                f"{hx('nfilehash', 64).upper()}\n\nSigning Certificate Chain:\n    Issued to: Acme Software Ltd\n"
                f"    Expires:   Thu Jan 14 23:59:59 2027\n    SHA1 hash: {thumb}\n\nSuccessfully verified: dist\\setup.exe\n",
                seed("nst1"))),
        N(f, sh(f"signtool sign /sha1 {thumb} /fd SHA256 /tr http://timestamp.digicert.com /td SHA256 dist\\app.exe",
                "Done Adding Additional Store\nSuccessfully signed: dist\\app.exe\n", seed("nst2"))),
        N(f, read_ev("/home/dev/app/build/metadata.json",
                     json.dumps({"Endpoint": "https://weu.codesigning.azure.net", "CodeSigningAccountName": "acme-signing",
                                 "CertificateProfileName": "public-trust", "CorrelationId": uid("ncorr")}, indent=2),
                     seed("nts1"))),
        N(f, sh("jsign --storetype AZUREKEYVAULT --keystore acme-kv --storepass \"$(az account get-access-token "
                "--resource https://vault.azure.net --query accessToken -o tsv)\" --alias codesign target/app.exe",
                "Adding Authenticode signature to target/app.exe\n", seed("njs1"))),
        N(f, out(f"Current PE checksum   : 0012A4F1\nCalculated PE checksum: 0012A4F1\n\nMessage digest algorithm  : SHA256\n"
                 f"Current message digest    : {hx('nmd', 64).upper()}\nCalculated message digest : {hx('nmd', 64).upper()}\n\n"
                 f"Signer's certificate:\n\tSubject: /C=GB/O=Acme Software Ltd/CN=Acme Software Ltd\n"
                 f"\tSerial : {hx('nserial', 32)}\n\nSignature verification: ok\n", seed("nossl1"))),
    ]


def status_and_pinning_outputs() -> list:
    f = "u22 neg: status page and pinning outputs with page ids, component ids and cids"
    return [
        N(f, sh("curl -s https://status.acme.example/api/v2/summary.json | jq '{page: .page.id, components: [.components[].id]}'",
                json.dumps({"page": "kctbh9vrtdwd", "components": [g("ncomp1", 12, LOWER_NUM), g("ncomp2", 12, LOWER_NUM)]},
                           indent=2) + "\n", seed("nsp1"))),
        N(f, sh("ipfs pin remote ls --service=pinata --status=pinned",
                "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi  site-v12\n"
                "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku  metadata.json\n", seed("npin1"))),
        N(f, read_ev("/home/dev/ops/kuma_sync.py",
                     "import os\nfrom uptime_kuma_api import UptimeKumaApi\n\n"
                     'api = UptimeKumaApi(os.environ.get("KUMA_URL", "http://kuma.lan:3001"))\n'
                     'api.login(os.environ["KUMA_USER"], os.environ["KUMA_PASSWORD"])\n', seed("nkuma1"))),
        N(f, sh("cronitor list",
                "KEY       NAME                 SCHEDULE      LAST RUN\nq7Xk2m    nightly-backup       0 1 * * *     ok\n"
                "aB3dE9    invoice-export       */15 * * * *  ok\n", seed("ncron1"))),
        N(f, out(json.dumps({"count": 1, "rows": [{"id": uid("npinrow"), "ipfs_pin_hash": "QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG",
                                                    "size": 1422, "user_id": uid("npinuser"),
                                                    "date_pinned": "2026-03-14T10:22:31.118Z"}]}, indent=2),
                 seed("npin2"))),
    ]


def cases() -> list:
    positives = [prompts_west_slavic_and_low_german, prompts_italian_regional, prompts_philippine, printer_servers,
                 home_network_appliances, hosting_panels, radio_streaming, backup_directors, industrial_gateways,
                 observability_ingest, speech_media_ai, sms_voice_apis, second_tier_clouds, newsql_users,
                 legacy_4gl_sources, mainframe_midrange, proxy_credentials, uncommon_config_formats,
                 support_and_esign, accounting_hr_apis, auth_saas, vcs_hosting_tokens, consumer_vpn_accounts,
                 windows_run_as, scraping_proxies, ad_platform_apis, localization_platforms, code_signing,
                 survey_form_apis, status_pages_uptime, ipfs_pinning]
    negatives = [prompts_west_slavic_and_low_german_without, prompts_italian_regional_without,
                 prompts_philippine_without, printers_and_network_listings, panels_and_radio_listings,
                 backup_listings, industrial_listings, observability_outputs, messaging_support_ids,
                 second_tier_cloud_listings, newsql_catalogs, legacy_code_reading_credentials,
                 proxy_settings_without_credentials, uncommon_configs_with_references, saas_ids_and_references,
                 forge_listings, vpn_status, run_as_listings, growth_tool_configs, signing_outputs,
                 status_and_pinning_outputs]
    return [case for family in positives + negatives for case in family()]
