"""An unseen part (eight): 52 families of Claude Code session text from tools, formats, languages
and shapes the earlier parts had not used.  Positives: secrets in gnss correction casters (ntrip
urls, rtkrcv stream paths, ntripclient flags), weather station uploaders (station keys in weewx and
cumulus configs, upload urls), ads-b and amateur radio feeders (sharing keys printed by a signup
wizard, piaware-config echoing a password), torrent client rpc and web uis (a session cookie
beside the login, deluge auth lines), voice chat servers (serverquery logins piped to nc, murmur
superuser passwords), vnc servers (x11vnc flags, qemu monitor commands, libvirt graphics
attributes, a password piped to vncpasswd), r sessions (.Renviron, dbConnect, keyring,
rsconnect), bi publishing clis, zeromq curve secret keys (z85, in code, zcert files and curve_keygen
output) and libp2p identity keys, personal finance aggregators (secrets beside client ids, a
simplefin access url printed as output), kerberos passwords (piped to kinit, on the line after a
ktutil addent, kadmin -w, addprinc -pw, bytes fed to a subprocess), encrypted embedded databases
(sqlcipher pragmas, litedb and access connection strings, realm and room keys), lab notebooks, library
and repository platforms, learning platforms, clinical interop servers (orthanc users among orthanc
ids), mod hosting (a key shaped like a bcrypt hash, a nexus key echoed back, steamcmd's positional
login), configuration backup diffs (old and new values on - and + lines, an ansible --diff),
api keys written as map keys with their owners as values (python, nginx map, haproxy map file, go,
json), static site deploy tools (tokens printed as output), dns-as-code credentials, security
testing tools (hydra and netexec output holding a found password), email testing sandboxes (a
password and its base64 in an smtp transcript), caldav and carddav sync, scholarly apis (uuid-shaped
secrets), smart plug consoles (backlog commands, ota uploads), format-string calls taking the value as
an argument, pkl, kdl and tiltfile configs; and prompts in Icelandic, Greenlandic, Northern Sami,
Inuktitut, Cherokee, Chechen, Ossetian, Sakha, Buryat, Udmurt, Hmong, Mizo, Konkani, Maithili and
Balinese.  Negatives sit in the same neighbourhoods: caster sourcetables, station ids and
placeholders, icao addresses and receive-only logins, info hashes and hashed web ui passwords,
client unique ids and certificate hashes, password files and pam, keyring and Sys.getenv, public
curve certificates, peer ids and cids, aggregator ids and masked accounts, keytab listings, dicom
uids, orthanc and fhir ids, canvas uuids and resumption tokens, mod hashes, diffs of password hashes
and masked lines, maps keyed by hashes and fingerprints, deploy and site ids, security reports
without a credential, format strings fed by variables, cipher settings and ciphertext dumps, and
prompts about credentials without one.  Every case is realistic: a Bash call and its output, a
prompt, a Read's event or numbered lines, a Write, an Edit.

Written blind on 2026-12-02 (15:59 UTC) by an author who read only the head of an earlier blind
part (its format), the carriers, the helpers and the list of family names already used; neither
the filter, its tests, its docs, the benches nor any other part's cases.  Every case was written
before the filter met any of them.  An UNSEEN part: never tuned on; a case changes only to fix a
labelling error, said so where it is changed.

260 cases, 155 with secrets, 105 negatives, 52 families (31 with secrets, 21 without), all realistic.  Families (cases):
    u23 neg: ads-b and aprs feeds with icao addresses, squawks, callsigns and receive-only logins (5)
    u23 neg: clinical and lab listings with orthanc ids, dicom uids, fhir ids and notebook ids (5)
    u23 neg: configuration diffs with password hashes, masked lines, serials and references (5)
    u23 neg: encrypted database code taking keys from keystores, cipher settings and ciphertext dumps (5)
    u23 neg: finance aggregator ids, masked accounts and env-read secrets (5)
    u23 neg: format-string calls building headers and dsns from variables and the environment (5)
    u23 neg: gnss caster sourcetables, rover status and corrections read from the environment (5)
    u23 neg: kerberos keytab listings, ticket caches, krb5.conf and principal metadata (5)
    u23 neg: library and course listings with isbns, barcodes, handles, uuids and resumption tokens (5)
    u23 neg: maps keyed by key hashes, certificate fingerprints, key ids and tenant uuids (5)
    u23 neg: mod manifests and lockfiles with hashes, project ids and file ids (5)
    u23 neg: prompts in chechen, ossetian, sakha, buryat and udmurt without a secret (5)
    u23 neg: prompts in icelandic, greenlandic, northern sami, inuktitut and cherokee without a secret (5)
    u23 neg: r code reading credentials with keyring, sys.getenv and askpass, and renv hashes (5)
    u23 neg: security tool runs and reports without a credential (hydra misses, zap alerts, hash cracking status) (5)
    u23 neg: static site deploy logs and configs with deploy ids, site ids and env references (5)
    u23 neg: torrent listings, magnet links, info hashes and hashed web ui passwords (5)
    u23 neg: vnc setups pointing to password files, pam and listings of displays (5)
    u23 neg: voice chat server listings and logs with unique ids, certificate hashes and env passwords (5)
    u23 neg: weather station logs, placeholders and observation api responses with station ids (5)
    u23 neg: zeromq public certificates, libp2p peer ids, public keys and multiaddrs (5)
    u23: ads-b and amateur radio feeders (fr24feed, rbfeeder, piaware, pat winlink) (5)
    u23: api keys written as map keys with their owners as values (python, nginx, haproxy, go, json) (5)
    u23: bi publishing clis and sdks (tabcmd, tableau server client, looker ini, qlik-cli, tsm) (5)
    u23: caldav and carddav servers and sync (vdirsyncer, radicale, baikal, davmail, calcurse-caldav) (5)
    u23: clinical interop servers (orthanc, mirth connect, smart on fhir clients, openmrs) (5)
    u23: configuration backup diffs (etckeeper, diff -u, oxidized, ansible --diff, nslcd) (5)
    u23: dns-as-code provider credentials (dnscontrol, octodns, external-dns, powerdns api, gandi livedns) (5)
    u23: email testing sandboxes (mailtrap, ethereal, mailpit, mailosaur, swaks) (5)
    u23: encrypted embedded databases (sqlcipher, litedb, access, realm, room with sqlcipher) (5)
    u23: format-string calls taking the credential as an argument (go, java, python, c, rust) (5)
    u23: gnss correction casters and rovers (rtklib str2str, rtkrcv, ntripclient, pygnssutils, u-center) (5)
    u23: kerberos principal passwords (kinit from a pipe, ktutil addent, kadmin -w, addprinc -pw) (5)
    u23: lab information and notebook platforms (benchling, labkey, omero, elabftw, openbis) (5)
    u23: learning platform integrations (canvas, lti 1.1 consumers, brightspace, blackboard learn, schoology) (5)
    u23: library and repository platforms (koha, dspace, archivesspace, folio okapi) (5)
    u23: mod hosting and publishing (modrinth, curseforge, nexus mods, thunderstore, steamcmd workshop) (5)
    u23: personal finance aggregators (plaid, gocardless bank account data, simplefin, ynab, actual budget) (5)
    u23: pkl, kdl and tiltfile configs holding a credential (5)
    u23: prompts in chechen, ossetian, sakha, buryat and udmurt (5)
    u23: prompts in hmong, mizo, konkani, maithili and balinese (5)
    u23: prompts in icelandic, greenlandic, northern sami, inuktitut and cherokee (5)
    u23: r sessions and renviron files (dbi, keyring, rsconnect, ruodk) (5)
    u23: reference managers and scholarly apis (zotero, orcid, semantic scholar, crossref plus, scopus) (5)
    u23: security testing tools (hydra results, zap api keys, wpscan, sqlmap auth, netexec output) (5)
    u23: smart plug firmware consoles and ota uploads (tasmota, espota, arduinoota) (5)
    u23: static site deploy tools (netlify, surge, neocities, firebase ci tokens, vercel) (5)
    u23: torrent client web uis and rpc (transmission, qbittorrent, deluge, flood) (5)
    u23: vnc servers and viewers (x11vnc, wayvnc, qemu monitor, libvirt graphics, tigervnc) (5)
    u23: voice chat servers (teamspeak serverquery, mumble superuser, murmur ini) (5)
    u23: weather station uploaders (weewx, cumulusmx, wunderground pws, windy, awekas) (5)
    u23: zeromq curve secret keys and libp2p identity private keys (5)
"""

# ruff: noqa: E501 (the tools' output keeps its long lines)
from __future__ import annotations

import base64
import hashlib
import string

from tests.privacy_eval import ALNUM, HEX, b64, gen, random_secret, sha, uuid_of
from tests.privacy_eval.carriers import N, P, edit_ev, read_ev, read_line, said, sh, write_ev

URLSAFE = ALNUM + "-_"
UPHEX = "0123456789ABCDEF"
Z85 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"


def rs(tag: str, n: int = 24) -> str:
    """A random credential of `n` characters, fixed for `tag`."""
    return random_secret("u23" + tag, n)


def hx(tag: str, n: int = 32) -> str:
    return gen("u23" + tag, n, HEX)


def al(tag: str, n: int, alphabet: str = ALNUM) -> str:
    return gen("u23" + tag, n, alphabet)


def raw_b64(tag: str, prefix: bytes, n: int) -> str:
    """The base64 of `prefix` and `n` bytes fixed for `tag` (a serialized key)."""
    body = b""
    counter = 0
    while len(body) < n:
        body += hashlib.sha256(f"u23{tag}:{counter}".encode()).digest()
        counter += 1
    return base64.b64encode(prefix + body[:n]).decode()


def jwt_like(tag: str) -> str:
    """A signed token: base64url header, payload and signature."""
    head = b64('{"alg":"HS256","typ":"JWT"}').rstrip("=").replace("+", "-").replace("/", "_")
    body = b64('{"sub":"' + sha("sub" + tag, 12) + '","iat":1773480151,"exp":1773566551}').rstrip("=").replace("+", "-").replace("/", "_")
    return f"{head}.{body}.{al('jwt' + tag, 43, URLSAFE)}"


def orthanc_id(tag: str) -> str:
    h = sha("orthanc" + tag, 40)
    return "-".join(h[i:i + 8] for i in range(0, 40, 8))


# ---------------------------------------------------------------- positives


def gnss() -> list:
    f = "u23: gnss correction casters and rovers (rtklib str2str, rtkrcv, ntripclient, pygnssutils, u-center)"
    r1, r2 = rs("gn1", 16), rs("gn2", 20)
    return [
        P(f, sh("str2str -in ntrip://rover01:Gravel-Pit-2291@ntrip.landinfo.example.org:2101/RTCM3_VRS -out tcpsvr://:9000 -b 1",
                "stream server start\n2026/03/14 10:22:31 [CC---]          0 B       0 bps (0) ntrip.landinfo.example.org/RTCM3_VRS (1) waiting...\n"
                "2026/03/14 10:22:36 [CC---]      14283 B    4211 bps (0) ntrip.landinfo.example.org/RTCM3_VRS (1) 127.0.0.1\n"
                "2026/03/14 10:22:41 [CC---]      26880 B    4020 bps (0) ntrip.landinfo.example.org/RTCM3_VRS (1) 127.0.0.1\n", "gn-a"),
          "Gravel-Pit-2291"),
        P(f, read_ev("/home/dev/rtk/conf/rover.conf",
                     "# rtkrcv options for the field rover (v.2.4.3)\npos1-posmode       =kinematic  # (0:single,1:dgps,2:kinematic,3:static)\n"
                     "pos1-frequency     =l1+l2      # (1:l1,2:l1+l2,3:l1+l2+l5)\npos2-armode        =fix-and-hold\n"
                     "inpstr1-type       =serial     # (0:off,1:serial,2:file,3:tcpsvr,4:tcpcli,7:ntripcli)\ninpstr1-path       =ttyACM0:115200:8:n:1:off\n"
                     "inpstr1-format     =ubx\ninpstr2-type       =ntripcli\n"
                     f"inpstr2-path       =cors_survey:{r1}@cors.dot.example.gov:2101/KYBO00USA0\n"
                     "inpstr2-format     =rtcm3\noutstr1-type       =file\noutstr1-path       =/home/dev/rtk/out/rover_%Y%m%d%h.pos\n", "gn-b"), r1),
        P(f, sh(f"ntripclient -s rtk.example.net -r 2101 -m NEAR_MSM7 -u fieldcrew -p {r2} -M 2 > /tmp/rtcm.bin & sleep 6; kill %1; ls -l /tmp/rtcm.bin",
                f"[1]+  Terminated              ntripclient -s rtk.example.net -r 2101 -m NEAR_MSM7 -u fieldcrew -p {r2} -M 2 > /tmp/rtcm.bin\n"
                "-rw-r--r-- 1 dev dev 22871 Mar 14 10:22 /tmp/rtcm.bin\n", "gn-c"), r2),
        P(f, read_line("from pygnssutils import GNSSNTRIPClient\n\n\ndef start_corrections(out_queue):\n    gnc = GNSSNTRIPClient(app=None)\n"
                       "    gnc.run(\n        server=\"ntrip.geodesy.example.org\",\n        port=2101,\n        https=0,\n        mountpoint=\"VRS_RTCM31\",\n"
                       "        datatype=\"RTCM\",\n        ntripuser=\"survey-team\",\n        ntrippassword=\"Larch.Hollow.58\",\n"
                       "        ggainterval=10,\n        output=out_queue,\n    )\n    return gnc", "gn-d", 14), "Larch.Hollow.58"),
        P(f, said("my F9P rover keeps getting 401 from the state caster. u-center NTRIP client settings are: caster host ntrip.dot.example.gov, "
                  "port 2101, user jmarsh, pass Basalt!Ridge47, mountpoint RTCM3_MSM, send NMEA GGA ticked. It worked last week, did they change the auth?", "gn-e"),
          "Basalt!Ridge47"),
    ]


def weather() -> list:
    f = "u23: weather station uploaders (weewx, cumulusmx, wunderground pws, windy, awekas)"
    k1, k2, k3, w3 = rs("wu1", 8), rs("wu2", 8), rs("wu3", 8), al("windy3", 64, URLSAFE)
    w5 = jwt_like("windy5")
    return [
        P(f, read_ev("/etc/weewx/weewx.conf",
                     "##############################################################################\n\n#   This section is for uploading data to Internet sites\n\n"
                     "[StdRESTful]\n    \n    [[StationRegistry]]\n        register_this_station = False\n    \n    [[AWEKAS]]\n        enable = false\n"
                     "        username = replace_me\n        password = replace_me\n    \n    [[Wunderground]]\n        enable = true\n        station = KORPORTL2317\n"
                     f"        password = {k1}\n        rapidfire = False\n    \n    [[PWSweather]]\n        enable = false\n        station = replace_me\n        password = replace_me\n", "we-a"), k1),
        P(f, sh(f'curl -s "https://weatherstation.wunderground.com/weatherstation/updateweatherstation.php?ID=KCASANFR1482&PASSWORD={k2}&dateutc=now&tempf=61.3&humidity=72&baromin=29.98&windspeedmph=4.2&action=updateraw"',
                "success\n", "we-b"), k2),
        P(f, read_line("[Station]\nType=1\nModel=Davis Vantage Pro2\nComportName=/dev/ttyUSB0\n\n[Wunderground]\nID=IBERLIN1234\n"
                       f"Password={k3}\nEnabled=1\nRapidFire=0\nSendUV=1\nSendSR=1\nInterval=15\n\n[Windy]\nStationIdx=0\nAPIkey={w3}\nEnabled=1\nInterval=5\n", "we-c", 41),
          k3, w3),
        P(f, read_line("import requests\n\nAWEKAS_USER = \"kiel-hafen\"\nAWEKAS_PASS = \"Moewe_Deich_19\"\n\n\ndef push_awekas(obs):\n"
                       "    params = {\"val\": \";\".join(str(v) for v in obs.values()), \"user\": AWEKAS_USER, \"pass\": AWEKAS_PASS}\n"
                       "    return requests.get(\"https://data.awekas.at/eingabe_pruefung.php\", params=params, timeout=10)", "we-d"), "Moewe_Deich_19"),
        P(f, said("Meine WeeWX-Station lädt seit dem Update nicht mehr zu Windy hoch. Im Log steht nur 'windy: Failed upload: 401'. "
                  f"Die Konfiguration ist [[Windy]] enable = true, api_key = {w5}, station = 0. Ist der Schlüssel abgelaufen?", "we-e"), w5),
    ]


def adsb() -> list:
    f = "u23: ads-b and amateur radio feeders (fr24feed, rbfeeder, piaware, pat winlink)"
    k1, k2, k3 = hx("fr1", 16), hx("fr2", 16), hx("rb3", 32)
    return [
        P(f, read_ev("/etc/fr24feed.ini",
                     f'receiver="beast-tcp"\nfr24key="{k1}"\nhost="127.0.0.1:30005"\nbs="no"\nraw="no"\nlogmode="1"\nlogpath="/var/log/fr24feed"\nmlat="yes"\nmlat-without-gps="yes"\n', "ad-a"), k1),
        P(f, sh("sudo fr24feed --signup",
                "Welcome to the FR24 Decoder/Feeder sign up wizard!\n\n...\nSubmitting form data...OK\n\n"
                "Congratulations! You are now registered and ready to share ADS-B data with Flightradar24.\n"
                f"+ Your sharing key ({k2}) has been configured and emailed to you for backup purposes.\n"
                "+ Your radar id is T-EDDH88, please include it in all email communication with us.\n\n"
                "Saving settings to /etc/fr24feed.ini...OK\n", "ad-b"), k2),
        P(f, sh(f"sudo rbfeeder --set-key {k3}",
                "[2026-03-14 10:22:31]  Setting new sharing key...\n[2026-03-14 10:22:31]  Sharing key set. Restart rbfeeder to apply.\n", "ad-c"), k3),
        P(f, sh("sudo piaware-config flightaware-user kelpwatcher && sudo piaware-config flightaware-password Heron+Tide2031",
                "Set flightaware-user to kelpwatcher in /etc/piaware.conf:3\nSet flightaware-password to Heron+Tide2031 in /etc/piaware.conf:4\n", "ad-d"),
          "Heron+Tide2031"),
        P(f, read_ev("/home/ham/.config/pat/config.json",
                     '{\n  "mycall": "KD9XYZ",\n  "secure_login_password": "Copper.Antenna.62",\n  "auxiliary_addresses": [],\n'
                     '  "locator": "EN52wa",\n  "service_codes": ["PUBLIC"],\n  "http_addr": "localhost:8080",\n  "motd": ["Open source Winlink client - getpat.io"],\n'
                     '  "listen": [],\n  "hamlib_rigs": {},\n'
                     '  "ardop": {"addr": "localhost:8515", "arq_bandwidth": {"Forced": false, "Max": 500}, "rig": "", "ptt_ctrl": false, "beacon_interval": 0, "cwid_enabled": true}\n}\n', "ad-e"),
          "Copper.Antenna.62"),
    ]


def torrent() -> list:
    f = "u23: torrent client web uis and rpc (transmission, qbittorrent, deluge, flood)"
    sid, lc, r4, r5 = al("qbsid", 32), hx("dl-local", 40), rs("dl4", 16), rs("fl5", 20)
    return [
        P(f, sh("transmission-remote 192.168.1.20:9091 -n 'admin:Walnut-Ferry-44' -l",
                "    ID   Done       Have  ETA           Up    Down  Ratio  Status       Name\n"
                "     1   100%    3.91 GB  Done         0.0     0.0    2.4  Idle         debian-12.5.0-amd64-DVD-1.iso\n"
                "     2    62%    1.22 GB  14 min      12.0  1431.0    0.0  Downloading  ubuntu-24.04.1-desktop-amd64.iso\n"
                "Sum:             5.13 GB              12.0  1431.0\n", "to-a"), "Walnut-Ferry-44"),
        P(f, read_ev("/var/lib/transmission-daemon/.config/transmission-daemon/settings.json",
                     '{\n    "download-dir": "/srv/media/incoming",\n    "incomplete-dir-enabled": false,\n    "peer-port": 51413,\n'
                     '    "rpc-authentication-required": true,\n    "rpc-bind-address": "0.0.0.0",\n    "rpc-enabled": true,\n'
                     '    "rpc-password": "Saltmarsh.Crane.7",\n    "rpc-port": 9091,\n    "rpc-username": "media",\n'
                     '    "rpc-whitelist": "127.0.0.1,192.168.1.*",\n    "rpc-whitelist-enabled": true,\n    "speed-limit-up": 200,\n    "speed-limit-up-enabled": true\n}\n', "to-b"),
          "Saltmarsh.Crane.7"),
        P(f, sh("curl -i --data 'username=admin&password=Juniper_Kiln_903' http://localhost:8080/api/v2/auth/login",
                "HTTP/1.1 200 OK\ncontent-type: text/plain; charset=UTF-8\ncontent-length: 3\ncontent-security-policy: default-src 'self'; frame-ancestors 'self';\n"
                f"set-cookie: SID={sid}; HttpOnly; SameSite=Strict; path=/\nx-frame-options: SAMEORIGIN\n\nOk.", "to-c"),
          "Juniper_Kiln_903", sid),
        P(f, read_line(f"localclient:{lc}:10\nmediabox:{r4}:10\n", "to-d"), lc, r4),
        P(f, write_ev("/home/dev/seedbox/docker-compose.yml",
                      "services:\n  qbittorrent:\n    image: lscr.io/linuxserver/qbittorrent:4.6.7\n    environment:\n      - PUID=1000\n      - PGID=1000\n      - WEBUI_PORT=8080\n"
                      "    volumes:\n      - ./qb:/config\n      - /srv/media:/downloads\n  flood:\n    image: jesec/flood:4.8.2\n"
                      f"    command: --port 3000 --allowedpath /downloads --auth none --qburl http://qbittorrent:8080 --qbuser admin --qbpass {r5}\n"
                      "    ports:\n      - 3000:3000\n    depends_on:\n      - qbittorrent\n", "to-e"), r5),
    ]


def voice() -> list:
    f = "u23: voice chat servers (teamspeak serverquery, mumble superuser, murmur ini)"
    q1, q4, ice = rs("ts1", 8), rs("ts4", 8), rs("ice3", 20)
    return [
        P(f, sh(f"printf 'login serveradmin {q1}\\nuse sid=1\\nclientlist\\nquit\\n' | nc -q 2 localhost 10011",
                "TS3\nWelcome to the TeamSpeak 3 ServerQuery interface, type \"help\" for a list of commands and \"help <command>\" for information on a specific command.\n"
                "error id=0 msg=ok\nerror id=0 msg=ok\nclid=1 cid=1 client_database_id=1 client_nickname=serveradmin\\sfrom\\s127.0.0.1:51822 client_type=1|"
                "clid=7 cid=3 client_database_id=12 client_nickname=Marta client_type=0\nerror id=0 msg=ok\nerror id=0 msg=ok\n", "vo-a"), q1),
        P(f, sh("sudo murmurd -ini /etc/mumble-server.ini -supw Otter.Lagoon.2718",
                "<W>2026-03-14 10:22:31.118 Initializing settings from /etc/mumble-server.ini (basepath /etc)\n"
                "<W>2026-03-14 10:22:31.119 Meta: TLS cipher preference is \"ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384\"\n"
                "<W>2026-03-14 10:22:31.121 ServerDB: Openend SQLite database /var/lib/mumble-server/mumble-server.sqlite\n"
                "<W>2026-03-14 10:22:31.140 Superuser password set on server 1\n", "vo-b"), "Otter.Lagoon.2718"),
        P(f, read_ev("/etc/mumble-server.ini",
                     "; Murmur configuration file.\ndatabase=/var/lib/mumble-server/mumble-server.sqlite\n\nice=\"tcp -h 127.0.0.1 -p 6502\"\n"
                     f"icesecretread=\nicesecretwrite={ice}\n\nlogfile=/var/log/mumble-server/mumble-server.log\npidfile=/run/mumble-server/mumble-server.pid\n"
                     "welcometext=\"<br />Welcome to the guild server.<br />\"\nport=64738\nserverpassword=Bramble-Keep-61\nbandwidth=72000\nusers=40\n"
                     "registerName=Guild Voice\nsslCert=/etc/letsencrypt/live/voice.example.net/fullchain.pem\nsslKey=/etc/letsencrypt/live/voice.example.net/privkey.pem\n", "vo-c"),
          ice, "Bramble-Keep-61"),
        P(f, read_line("import ts3\n\n\ndef kick_idle(minutes=60):\n"
                       f"    with ts3.query.TS3ServerConnection(\"telnet://serveradmin:{q4}@ts.example.net:10011\") as conn:\n"
                       "        conn.exec_(\"use\", sid=1)\n        for client in conn.exec_(\"clientlist\", \"times\"):\n"
                       "            if int(client[\"client_idle_time\"]) > minutes * 60_000:\n"
                       "                conn.exec_(\"clientkick\", clid=client[\"clid\"], reasonid=5, reasonmsg=\"idle\")", "vo-d", 3), q4),
        P(f, write_ev("/srv/teamspeak/docker-compose.yml",
                      "services:\n  teamspeak:\n    image: teamspeak:3.13.7\n    restart: always\n    ports:\n      - 9987:9987/udp\n      - 10011:10011\n      - 30033:30033\n"
                      "    environment:\n      TS3SERVER_DB_PLUGIN: ts3db_mariadb\n      TS3SERVER_DB_SQLCREATEPATH: create_mariadb\n      TS3SERVER_DB_HOST: db\n"
                      "      TS3SERVER_DB_USER: root\n      TS3SERVER_DB_PASSWORD: Pebble#Harbor88\n      TS3SERVER_DB_NAME: teamspeak\n      TS3SERVER_LICENSE: accept\n"
                      "  db:\n    image: mariadb:10.11\n    environment:\n      MARIADB_ROOT_PASSWORD: Pebble#Harbor88\n      MARIADB_DATABASE: teamspeak\n", "vo-e"),
          "Pebble#Harbor88"),
    ]


def vnc() -> list:
    f = "u23: vnc servers and viewers (x11vnc, wayvnc, qemu monitor, libvirt graphics, tigervnc)"
    v3, v4 = rs("vn3", 8), rs("vn4", 8)
    return [
        P(f, sh("x11vnc -display :0 -passwd Tulip4Lab -forever -shared -rfbport 5901 -bg",
                "14/03/2026 10:22:31 -passwd: WARNING: password on the command line is visible via ps(1).\n"
                "14/03/2026 10:22:31 x11vnc version: 0.9.16 lastmod: 2019-01-05  pid: 23114\n14/03/2026 10:22:31 Using X display :0\n"
                "The VNC desktop is:      lab-pc:1\nPORT=5901\n", "vn-a"), "Tulip4Lab"),
        P(f, read_ev("/home/pi/.config/wayvnc/config",
                     "address=0.0.0.0\nport=5900\nenable_auth=true\nusername=pi\npassword=Quokka-Sail-36\n"
                     "private_key_file=/home/pi/.config/wayvnc/tls_key.pem\ncertificate_file=/home/pi/.config/wayvnc/tls_cert.pem\n", "vn-b"),
          "Quokka-Sail-36"),
        P(f, sh(f"virsh qemu-monitor-command win11 --hmp 'set_password vnc {v3}' && virsh qemu-monitor-command win11 --hmp 'expire_password vnc +3600'",
                "\n\n", "vn-c"), v3),
        P(f, read_line("  <devices>\n    <emulator>/usr/bin/qemu-system-x86_64</emulator>\n    <disk type='file' device='disk'>\n"
                       "      <driver name='qemu' type='qcow2'/>\n      <source file='/var/lib/libvirt/images/build-agent.qcow2'/>\n      <target dev='vda' bus='virtio'/>\n    </disk>\n"
                       f"    <graphics type='vnc' port='-1' autoport='yes' listen='0.0.0.0' passwd='{v4}'>\n      <listen type='address' address='0.0.0.0'/>\n    </graphics>\n"
                       "    <video>\n      <model type='virtio' heads='1' primary='yes'/>\n    </video>", "vn-d", 48), v4),
        P(f, sh("mkdir -p ~/.vnc && echo 'Fig7Lemur' | vncpasswd -f > ~/.vnc/passwd && chmod 600 ~/.vnc/passwd && vncserver :2 -geometry 1920x1080 -localhost no",
                "\nNew Xtigervnc server 'build02:2 (dev)' on port 5902 for display :2.\nUse xtigervncviewer -SecurityTypes VncAuth,TLSVnc -passwd /home/dev/.vnc/passwd build02:2 to connect to the VNC server.\n", "vn-e"),
          "Fig7Lemur"),
    ]


def rlang() -> list:
    f = "u23: r sessions and renviron files (dbi, keyring, rsconnect, ruodk)"
    census, redcap = hx("census", 40), al("redcap", 32, UPHEX)
    okey = rs("openalex", 28)
    tok, sec = al("shiny-tok", 32, UPHEX), raw_b64("shiny-sec", b"", 30)
    return [
        P(f, read_ev("/home/dev/.Renviron",
                     f"R_LIBS_USER=~/R/library/%v\nRENV_PATHS_CACHE=~/.cache/R/renv\nCENSUS_API_KEY={census}\nREDCAP_URI=https://redcap.med.example.edu/api/\nREDCAP_TOKEN={redcap}\n", "rl-a"),
          census, redcap),
        P(f, read_line("library(DBI)\nlibrary(dplyr)\n\ncon <- dbConnect(\n  RPostgres::Postgres(),\n  dbname = \"surveys\",\n  host = \"db.stats.example.org\",\n"
                       "  port = 5432,\n  user = \"analyst\",\n  password = \"Thistle-Moor-75\"\n)\n\nresponses <- tbl(con, \"responses\") |>\n  filter(wave == 3) |>\n  collect()", "rl-b"),
          "Thistle-Moor-75"),
        P(f, sh(f"Rscript -e 'keyring::key_set_with_value(service = \"openalex\", username = \"lab\", password = \"{okey}\"); keyring::key_list(\"openalex\")'",
                "   service username\n1 openalex      lab\n", "rl-c"), okey),
        P(f, sh(f"Rscript -e \"rsconnect::setAccountInfo(name='stats-lab', token='{tok}', secret='{sec}'); rsconnect::deployApp('dashboard', forceUpdate = TRUE)\"",
                "── Preparing for deployment ────────────────────────────────────────────\n✔ Deploying \"dashboard\" using \"server: shinyapps.io / username: stats-lab\"\n"
                "ℹ Bundling 4 files: app.R, data/panel.rds, www/style.css, R/helpers.R\n✔ Uploaded bundle with id 8817342\n"
                "✔ Successfully deployed to <https://stats-lab.shinyapps.io/dashboard/>\n", "rl-d"), tok, sec),
        P(f, edit_ev("/home/dev/fieldwork/R/setup.R",
                     "library(ruODK)\n\nru_setup(\n  svc = \"https://odk.example.org/v1/projects/4/forms/household.svc\",\n  un = Sys.getenv(\"ODKC_UN\"),\n  pw = Sys.getenv(\"ODKC_PW\"),\n  tz = \"Africa/Nairobi\"\n)\n",
                     "  un = Sys.getenv(\"ODKC_UN\"),\n  pw = Sys.getenv(\"ODKC_PW\"),",
                     "  un = \"enumerator.lead@example.org\",\n  pw = \"Acacia!Rains2026\",", "rl-e"), "Acacia!Rains2026"),
    ]


def bi() -> list:
    f = "u23: bi publishing clis and sdks (tabcmd, tableau server client, looker ini, qlik-cli, tsm)"
    lk_id, lk_sec = al("lkid", 20), al("lksec", 24)
    pat = raw_b64("tabpat", b"", 16) + ":" + al("tabpat2", 32)
    qk = jwt_like("qlik")
    return [
        P(f, sh("tabcmd login -s https://tableau.example.com -t finance -u svc_refresh -p Marble.Quill.314 && tabcmd refreshextracts --workbook \"Monthly Close\"",
                "===== Creating new session\n=====     Server:   https://tableau.example.com\n=====     Username: svc_refresh\n=====     Site:     finance\n"
                "===== Connecting to the server...\n===== Signing in...\n===== Succeeded\n===== Scheduled extract refresh for workbook \"Monthly Close\"\n", "bi-a"),
          "Marble.Quill.314"),
        P(f, read_ev("/home/dev/analytics/looker.ini",
                     f"[Looker]\nbase_url=https://acme.cloud.looker.com\nclient_id={lk_id}\nclient_secret={lk_sec}\nverify_ssl=True\ntimeout=120\n", "bi-b"), lk_sec),
        P(f, sh(f"qlik context create prod --server https://acme.eu.qlikcloud.com --api-key {qk} && qlik context use prod && qlik app ls --limit 3",
                "Context 'prod' added\nCurrent context: prod\nID                                      Name\n"
                f"{uuid_of('q1')}    Sales Overview\n{uuid_of('q2')}    Inventory Aging\n{uuid_of('q3')}    HR Headcount\n", "bi-c"), qk),
        P(f, read_line("import tableauserverclient as TSC\n\n"
                       f"tableau_auth = TSC.PersonalAccessTokenAuth(\"refresh-bot\", \"{pat}\", site_id=\"finance\")\n"
                       "server = TSC.Server(\"https://tableau.example.com\", use_server_version=True)\n\nwith server.auth.sign_in(tableau_auth):\n"
                       "    for ds in TSC.Pager(server.datasources):\n        if ds.project_name == \"Certified\":\n            server.datasources.refresh(ds)", "bi-d"), pat),
        P(f, sh("tsm login -u tsmadmin -p 'Cobalt Finch 2026!' && tsm status -v",
                "Successfully authenticated.\nnode1: localhost\n    Status: RUNNING\n    'Tableau Server Gateway 0' is running.\n"
                "    'Application Server 0' is running.\n    'VizQL Server 0' is running.\n", "bi-e"), "Cobalt Finch 2026!"),
    ]


def curve_keys() -> list:
    f = "u23: zeromq curve secret keys and libp2p identity private keys"
    s1, s2, s3 = al("zs1", 40, Z85), al("zs2", 40, Z85), al("zs3", 40, Z85)
    p1, p2, p3 = al("zp1", 40, Z85), al("zp2", 40, Z85), al("zp3", 40, Z85)
    priv = raw_b64("ipfs-priv", bytes([8, 1, 18, 64]), 64)
    ed = hx("libp2p-seed", 64)
    peer = "12D3KooW" + al("peer1", 44)
    return [
        P(f, read_line("import zmq\n\nctx = zmq.Context.instance()\nserver = ctx.socket(zmq.ROUTER)\n"
                       f"server.curve_secretkey = b\"{s1}\"\nserver.curve_publickey = b\"{p1}\"\nserver.curve_server = True\n"
                       "server.bind(\"tcp://*:5556\")", "zm-a", 8), s1),
        P(f, read_ev("/etc/broker/certs/broker-eu.key_secret",
                     "#   ****  Generated on 2026-03-14 10:22:31 by CZMQ  ****\n#   ZeroMQ CURVE **Secret** Certificate\n"
                     "#   DO NOT PROVIDE THIS FILE TO OTHER USERS nor change its permissions.\n\nmetadata\n    name = \"broker-eu\"\n"
                     f"curve\n    public-key = \"{p2}\"\n    secret-key = \"{s2}\"\n", "zm-b"), s2),
        P(f, sh("curve_keygen", f"== CURVE PUBLIC KEY ==\n{p3}\n== CURVE SECRET KEY ==\n{s3}\n", "zm-c"), s3),
        P(f, sh("ipfs config show | jq '.Identity'", f'{{\n  "PeerID": "{peer}",\n  "PrivKey": "{priv}"\n}}\n', "zm-d"), priv),
        P(f, read_line("use libp2p::identity;\n\nfn node_keypair() -> anyhow::Result<identity::Keypair> {\n"
                       f"    let mut seed = hex::decode(\"{ed}\")?;\n"
                       "    let kp = identity::Keypair::ed25519_from_bytes(&mut seed)?;\n    println!(\"local peer id: {}\", kp.public().to_peer_id());\n    Ok(kp)\n}", "zm-e", 21), ed),
    ]


def finance() -> list:
    f = "u23: personal finance aggregators (plaid, gocardless bank account data, simplefin, ynab, actual budget)"
    cid, psec = hx("plaid-cid", 24), hx("plaid-sec", 30)
    sid, skey, acc = uuid_of("gc-secret-id"), hx("gc-key", 128), jwt_like("gc-access")
    su, sp = hx("sf-user", 64), hx("sf-pass", 64)
    yn = al("ynab", 43, URLSAFE)
    return [
        P(f, read_ev("/home/dev/budget-sync/.env",
                     f"PLAID_CLIENT_ID={cid}\nPLAID_SECRET={psec}\nPLAID_ENV=development\nPLAID_PRODUCTS=transactions\nPLAID_COUNTRY_CODES=US,CA\nPLAID_REDIRECT_URI=\n", "fi-a"), psec),
        P(f, sh("curl -s -X POST 'https://bankaccountdata.gocardless.com/api/v2/token/new/' -H 'accept: application/json' -H 'Content-Type: application/json' "
                f"-d '{{\"secret_id\": \"{sid}\", \"secret_key\": \"{skey}\"}}'",
                f'{{"access":"{acc}","access_expires":86400,"refresh":"{jwt_like("gc-refresh")}","refresh_expires":2592000}}', "fi-b"),
          skey, acc, jwt_like("gc-refresh")),
        P(f, sh('curl -s -X POST "$(echo "$SIMPLEFIN_SETUP_TOKEN" | base64 --decode)"',
                f"https://{su}:{sp}@beta-bridge.simplefin.org/simplefin", "fi-c"), su, sp),
        P(f, read_line("import requests\n\n"
                       f"YNAB_TOKEN = \"{yn}\"\nBUDGET = \"last-used\"\n\n\ndef month_summary(month):\n"
                       "    r = requests.get(f\"https://api.ynab.com/v1/budgets/{BUDGET}/months/{month}\",\n"
                       "                     headers={\"Authorization\": f\"Bearer {YNAB_TOKEN}\"}, timeout=20)\n    r.raise_for_status()\n    return r.json()[\"data\"][\"month\"]", "fi-d"), yn),
        P(f, read_line("import * as api from '@actual-app/api';\n\nawait api.init({\n  dataDir: '/tmp/actual-cache',\n  serverURL: 'https://actual.home.example',\n"
                       "  password: 'Harvest-Lantern-52',\n});\n\n"
                       f"await api.downloadBudget('{uuid_of('actual-sync')}', {{ password: 'Orchard Gate 1987' }});\nconst accounts = await api.getAccounts();", "fi-e"),
          "Harvest-Lantern-52", "Orchard Gate 1987"),
    ]


def kerberos() -> list:
    f = "u23: kerberos principal passwords (kinit from a pipe, ktutil addent, kadmin -w, addprinc -pw)"
    k2, k3, k5 = rs("kt2", 20), rs("ka3", 18), rs("kp5", 22)
    return [
        P(f, sh("echo 'Spruce!Gable48' | kinit svc_etl@CORP.EXAMPLE.COM && klist",
                "Password for svc_etl@CORP.EXAMPLE.COM: \nTicket cache: FILE:/tmp/krb5cc_1001\nDefault principal: svc_etl@CORP.EXAMPLE.COM\n\n"
                "Valid starting       Expires              Service principal\n03/14/2026 10:22:31  03/14/2026 20:22:31  krbtgt/CORP.EXAMPLE.COM@CORP.EXAMPLE.COM\n"
                "\trenew until 03/21/2026 10:22:31\n", "kr-a"), "Spruce!Gable48"),
        P(f, sh(f"ktutil <<'EOF'\naddent -password -p HTTP/web01.corp.example.com@CORP.EXAMPLE.COM -k 3 -e aes256-cts-hmac-sha1-96\n{k2}\nwkt /etc/httpd/http.keytab\nq\nEOF",
                "ktutil:  addent -password -p HTTP/web01.corp.example.com@CORP.EXAMPLE.COM -k 3 -e aes256-cts-hmac-sha1-96\n"
                "Password for HTTP/web01.corp.example.com@CORP.EXAMPLE.COM: \nktutil:  wkt /etc/httpd/http.keytab\nktutil:  q\n", "kr-b"), k2),
        P(f, sh(f'kadmin -p admin/admin@CORP.EXAMPLE.COM -w {k3} -q "listprincs svc_*"',
                "Authenticating as principal admin/admin@CORP.EXAMPLE.COM with password.\nsvc_backup@CORP.EXAMPLE.COM\nsvc_etl@CORP.EXAMPLE.COM\nsvc_jenkins@CORP.EXAMPLE.COM\n", "kr-c"), k3),
        P(f, sh('sudo kadmin.local -q "addprinc -pw Meadow.Vole.2026 jdoe"',
                "Authenticating as principal root/admin@EXAMPLE.COM with password.\nNo policy specified for jdoe@EXAMPLE.COM; defaulting to no policy\n"
                "Principal \"jdoe@EXAMPLE.COM\" created.\n", "kr-d"), "Meadow.Vole.2026"),
        P(f, read_line("import subprocess\n\n\ndef refresh_ticket():\n    subprocess.run(\n        [\"kinit\", \"etl@CORP.EXAMPLE.COM\"],\n"
                       f"        input=b\"{k5}\\n\",\n        check=True,\n        capture_output=True,\n    )", "kr-e", 30), k5),
    ]


def encdb() -> list:
    f = "u23: encrypted embedded databases (sqlcipher, litedb, access, realm, room with sqlcipher)"
    realm_key = hx("realm", 128)
    r2 = rs("lite2", 18)
    return [
        P(f, sh("sqlcipher -cmd \"PRAGMA key = 'Gannet-Rock-903';\" ~/app/data/vault.db '.tables'",
                "accounts       audit_log      sessions       settings\n", "ed-a"), "Gannet-Rock-903"),
        P(f, read_line("using LiteDB;\n\npublic class InventoryStore : IDisposable\n{\n    private readonly LiteDatabase _db;\n\n    public InventoryStore()\n    {\n"
                       f"        _db = new LiteDatabase(\"Filename=inventory.db;Password={r2};Connection=shared\");\n    }}\n\n    public void Dispose() => _db.Dispose();\n}}", "ed-b", 5), r2),
        P(f, read_ev("C:\\Users\\dev\\source\\repos\\StockTake\\App.config",
                     "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<configuration>\n  <connectionStrings>\n    <add name=\"Stock\"\n"
                     "         connectionString=\"Provider=Microsoft.ACE.OLEDB.12.0;Data Source=\\\\fileserver\\shared\\stock.accdb;Jet OLEDB:Database Password=Harrier77Moss;\"\n"
                     "         providerName=\"System.Data.OleDb\" />\n  </connectionStrings>\n</configuration>\n", "ed-c"), "Harrier77Moss"),
        P(f, read_line("import RealmSwift\n\nenum Storage {\n    static func open() throws -> Realm {\n"
                       f"        let key = Data(hexString: \"{realm_key}\")!\n"
                       "        var config = Realm.Configuration(encryptionKey: key)\n        config.schemaVersion = 7\n        return try Realm(configuration: config)\n    }\n}", "ed-d", 11), realm_key),
        P(f, read_line("val passphrase = SQLiteDatabase.getBytes(\"Nutmeg&Cliff42\".toCharArray())\nval factory = SupportFactory(passphrase)\n\n"
                       "val db = Room.databaseBuilder(context, AppDatabase::class.java, \"notes.db\")\n    .openHelperFactory(factory)\n    .build()", "ed-e", 27), "Nutmeg&Cliff42"),
    ]


def lab() -> list:
    f = "u23: lab information and notebook platforms (benchling, labkey, omero, elabftw, openbis)"
    bk = "sk_" + al("bench", 30)
    lk = "apikey|" + hx("labkey", 32)
    el = "3-" + hx("elab", 84)
    return [
        P(f, read_line("from benchling_sdk.auth.api_key_auth import ApiKeyAuth\nfrom benchling_sdk.benchling import Benchling\n\n"
                       f"benchling = Benchling(url=\"https://acme.benchling.com\", auth_method=ApiKeyAuth(\"{bk}\"))\n\n"
                       "for page in benchling.dna_sequences.list(folder_id=\"lib_Q8sd2Lx1\"):\n    for seq in page:\n        print(seq.id, seq.name, seq.length)", "la-a"), bk),
        P(f, read_ev("/home/dev/.netrc", f"machine labkey.lab.example.edu\nlogin apikey\npassword {lk}\n", "la-b"), lk),
        P(f, sh("omero login -s omero.imaging.example.edu -u jchen -w Plankton-Drift-64 && omero group list --style plain | head -3",
                "Created session for jchen@omero.imaging.example.edu:4064. Idle timeout: 10 min. Current group: lab_chen\n"
                "53,lab_chen,read-annotate\n54,imaging_core,read-only\n81,cryo_em,private\n", "la-c"), "Plankton-Drift-64"),
        P(f, sh(f"curl -s -H 'Authorization: {el}' 'https://elab.example.org/api/v2/experiments?limit=2' | jq '.[] | {{id, title, date}}'",
                '{\n  "id": 812,\n  "title": "qPCR of knockdown lines, plate 3",\n  "date": "2026-03-13"\n}\n{\n  "id": 811,\n  "title": "Western blot anti-FLAG",\n  "date": "2026-03-12"\n}\n', "la-d"), el),
        P(f, read_line("from pybis import Openbis\n\no = Openbis(\"https://openbis.example.ethz.ch\", verify_certificates=True)\n"
                       "o.login(\"jchen\", \"Diatom#Shelf19\", save_token=True)\n\nsamples = o.get_samples(space=\"CHEN_LAB\", type=\"YEAST\")\nprint(samples.df.head())", "la-e"),
          "Diatom#Shelf19"),
    ]


def library() -> list:
    f = "u23: library and repository platforms (koha, dspace, archivesspace, folio okapi)"
    k1, k2 = rs("koha1", 16), rs("koha2", 16)
    tok = jwt_like("okapi")
    return [
        P(f, read_ev("/etc/koha/sites/library/koha-conf.xml",
                     "<yazgfs>\n<!-- [scheme:]host[:port][/databaseName] -->\n<listen id=\"biblioserver\" >unix:/var/run/koha/library/bibliosocket</listen>\n"
                     "...\n<config>\n <db_scheme>mysql</db_scheme>\n <database>koha_library</database>\n <hostname>localhost</hostname>\n <port>3306</port>\n"
                     f" <user>koha_library</user>\n <pass>{k1}</pass>\n <tls>no</tls>\n <biblioserver>biblios</biblioserver>\n"
                     " <biblioservershadow>1</biblioservershadow>\n <intranetdir>/usr/share/koha/intranet/cgi-bin</intranetdir>\n</config>\n</yazgfs>\n", "li-a"), k1),
        P(f, sh("sudo xmlstarlet sel -t -v 'yazgfs/config/pass' /etc/koha/sites/branch2/koha-conf.xml; echo", f"{k2}\n", "li-b"), k2),
        P(f, read_line("#---------------------------------------------------------------#\n#----------------- DATABASE CONFIGURATION ----------------------#\n"
                       "#---------------------------------------------------------------#\ndb.url = jdbc:postgresql://localhost:5432/dspace\n"
                       "db.driver = org.postgresql.Driver\ndb.dialect = org.hibernate.dialect.PostgreSQL94Dialect\ndb.username = dspace\ndb.password = Vellum.Archive.81\n"
                       "db.schema = public", "li-c", 96), "Vellum.Archive.81"),
        P(f, read_ev("/opt/archivesspace/config/config.rb",
                     "AppConfig[:db_url] = \"jdbc:mysql://localhost:3306/archivesspace?user=as&password=Ledger-Quire-29&useUnicode=true&characterEncoding=UTF-8\"\n"
                     "AppConfig[:solr_url] = \"http://localhost:8983/solr/archivesspace\"\nAppConfig[:frontend_proxy_url] = \"https://staff.archives.example.edu\"\n"
                     "AppConfig[:public_proxy_url] = \"https://archives.example.edu\"\nAppConfig[:enable_oai] = true\n", "li-d"), "Ledger-Quire-29"),
        P(f, sh("curl -s -D - -o /dev/null -X POST -H 'X-Okapi-Tenant: diku' -H 'Content-Type: application/json' "
                "-d '{\"username\":\"diku_admin\",\"password\":\"Folio#Stacks77\"}' https://okapi.folio.example.edu/authn/login",
                f"HTTP/2 201\ncontent-type: application/json\nx-okapi-token: {tok}\nrefreshtoken: {jwt_like('okapi-r')}\n"
                "x-okapi-trace: POST mod-authtoken-2.14.1 http://10.42.1.17:8081/authn/login : 201 88331us\n\n", "li-e"),
          "Folio#Stacks77", tok, jwt_like("okapi-r")),
    ]


def lms() -> list:
    f = "u23: learning platform integrations (canvas, lti 1.1 consumers, brightspace, blackboard learn, schoology)"
    cv = "7391~" + al("canvas", 64)
    lti = rs("lti", 32)
    app_id, app_key = al("d2lid", 22, URLSAFE), al("d2lkey", 22, URLSAFE)
    bb_key, bb_sec, bb_tok = uuid_of("bb-key"), al("bbsec", 32), al("bbtok", 32)
    sch_key, sch_sec = hx("sch-key", 41), hx("sch-sec", 32)
    return [
        P(f, sh(f"curl -s -H 'Authorization: Bearer {cv}' 'https://canvas.example.edu/api/v1/courses?enrollment_type=teacher&per_page=2' | jq '.[] | {{id, name, course_code}}'",
                '{\n  "id": 48213,\n  "name": "Introduction to Statistics (Spring 2026)",\n  "course_code": "STAT101-02"\n}\n'
                '{\n  "id": 48377,\n  "name": "Research Methods",\n  "course_code": "PSY210-01"\n}\n', "lm-a"), cv),
        P(f, read_line("PYLTI_CONFIG = {\n    \"consumers\": {\n        \"moodle-prod\": {\n            \"secret\": \"" + lti + "\",\n"
                       "            \"cert\": None,\n        },\n    },\n    \"roles\": {\"staff\": [\"Instructor\", \"Administrator\"]},\n}", "lm-b", 62), lti),
        P(f, read_ev("/home/dev/d2l-sync/.env",
                     f"D2L_HOST=https://learn.example.edu\nD2L_APP_ID={app_id}\nD2L_APP_KEY={app_key}\nD2L_LP_VERSION=1.46\nD2L_LE_VERSION=1.74\n", "lm-c"), app_key),
        P(f, sh(f"curl -s -u {bb_key}:{bb_sec} -d grant_type=client_credentials https://learn.example.edu/learn/api/public/v1/oauth2/token",
                f'{{"access_token":"{bb_tok}","token_type":"bearer","expires_in":3599,"scope":"read write offline","user_id":"_48213_1"}}', "lm-d"),
          bb_sec, bb_tok),
        P(f, said("schoology roster sync broke after the district rotated the api credentials. new consumer key is "
                  f"{sch_key} and consumer secret {sch_sec}, the old ones are revoked. can you update config/schoology.yml and rerun the import for school 2281?", "lm-e"),
          sch_sec),
    ]


def clinical() -> list:
    f = "u23: clinical interop servers (orthanc, mirth connect, smart on fhir clients, openmrs)"
    o2, fh, om = rs("orth2", 20), rs("fhir", 32), rs("omrs", 18)
    return [
        P(f, read_ev("/etc/orthanc/orthanc.json",
                     '{\n  "Name" : "PACS-BRIDGE",\n  "StorageDirectory" : "/var/lib/orthanc/db",\n  "HttpPort" : 8042,\n  "DicomAet" : "ORTHANC",\n  "DicomPort" : 4242,\n'
                     '  "RemoteAccessAllowed" : true,\n  "AuthenticationEnabled" : true,\n  "RegisteredUsers" : {\n'
                     f'    "radiology" : "Scalpel-Iris-58",\n    "pacs-bridge" : "{o2}"\n  }},\n'
                     '  "DicomModalities" : {\n    "ct-room2" : [ "CT2", "10.20.4.12", 104 ]\n  }\n}\n', "cl-a"),
          "Scalpel-Iris-58", o2),
        P(f, sh("curl -s -u radiology:Scalpel-Iris-58 'http://orthanc.local:8042/studies?limit=3'",
                f'[ "{orthanc_id("s1")}", "{orthanc_id("s2")}", "{orthanc_id("s3")}" ]\n', "cl-b"), "Scalpel-Iris-58"),
        P(f, sh("./mccommand -a https://mirth.example.org:8443 -u admin -p Suture7Beacon",
                "Connected to Mirth Connect server @ https://mirth.example.org:8443 (4.4.1)\n$status\nID                                    Status      Name\n"
                f"{uuid_of('mirth1')}  STARTED     ADT_A04_to_EMR\n{uuid_of('mirth2')}  STOPPED     ORU_Lab_Results\n$", "cl-c"), "Suture7Beacon"),
        P(f, read_line("from fhirclient import client\n\nsettings = {\n    \"app_id\": \"triage-dashboard\",\n"
                       f"    \"app_secret\": \"{fh}\",\n    \"api_base\": \"https://fhir.example.org/r4\",\n    \"redirect_uri\": \"https://triage.example.org/callback\",\n}}\n"
                       "smart = client.FHIRClient(settings=settings)", "cl-d", 4), fh),
        P(f, read_ev("/usr/share/tomcat9/.OpenMRS/openmrs-runtime.properties",
                     "#Auto generated by OpenMRS initialization wizard\n#Sat Mar 14 10:22:31 EAT 2026\n"
                     "connection.url=jdbc\\:mysql\\://localhost\\:3306/openmrs?autoReconnect\\=true&sessionVariables\\=default_storage_engine%3DInnoDB&useUnicode\\=true&characterEncoding\\=UTF-8\n"
                     f"module.allow_web_admin=true\nconnection.username=openmrs_user\nconnection.password={om}\nauto_update_database=false\n", "cl-e"), om),
    ]


def mods() -> list:
    f = "u23: mod hosting and publishing (modrinth, curseforge, nexus mods, thunderstore, steamcmd workshop)"
    mr = "mrp_" + al("modrinth", 36)
    cf = "$2a$10$" + al("curse", 53, ALNUM + "./")
    nx = al("nexus1", 54, ALNUM + "+/") + "--" + al("nexus2", 24, ALNUM + "+/") + "--" + al("nexus3", 24, ALNUM + "+/")
    ts = "tss_" + al("thunder", 32)
    return [
        P(f, read_ev("/home/dev/mods/cozy-lanterns/gradle.properties",
                     "org.gradle.jvmargs=-Xmx2G\nminecraft_version=1.21.1\nloader_version=0.16.5\nmod_version=2.3.0\nmaven_group=dev.cozylanterns\n"
                     f"modrinth_id=AANobbMI\nmodrinthToken={mr}\ncurseforge_id=394468\n", "mo-a"), mr),
        P(f, sh(f"curl -s -H 'x-api-key: {cf}' 'https://api.curseforge.com/v1/mods/search?gameId=432&searchFilter=jei&pageSize=1' | jq '.data[0] | {{id, name, downloadCount}}'",
                '{\n  "id": 238222,\n  "name": "Just Enough Items (JEI)",\n  "downloadCount": 402117652\n}\n', "mo-b"), cf),
        P(f, sh(f"curl -s -H 'apikey: {nx}' https://api.nexusmods.com/v1/users/validate.json",
                f'{{"user_id":18823311,"key":"{nx}","name":"lanternsmith","is_premium?":false,"is_supporter?":false,"email":"lanternsmith@example.com","profile_url":"https://www.nexusmods.com/assets/images/default/avatar.png","is_supporter":false,"is_premium":false}}', "mo-c"), nx),
        P(f, sh(f"tcli publish --token {ts} --file build/CozyLanterns-2.3.0.zip",
                "Publishing build/CozyLanterns-2.3.0.zip\nUploading file (1/1) ... done\nSubmitting package ... done\n"
                "Successfully published CozyLanterns-2.3.0 to https://thunderstore.io/c/valheim/p/lanternsmith/CozyLanterns/\n", "mo-d"), ts),
        P(f, sh("steamcmd +login modbuilder Quarry-Fable-2029 +workshop_build_item /home/dev/mods/workshop/item.vdf +quit",
                "Redirecting stderr to '/home/dev/Steam/logs/stderr.txt'\n[  0%] Checking for available updates...\n[----] Verifying installation...\n"
                "Steam Console Client (c) Valve Corporation - version 1741737356\n-- type 'quit' to exit --\nLoading Steam API...OK\n\n"
                "Logging in user 'modbuilder' [U:1:0] to Steam Public...OK\nWaiting for client config...OK\nWaiting for user info...OK\n"
                "Uploading content...\nSuccess.\nUpdated workshop item 3188240514\n", "mo-e"), "Quarry-Fable-2029"),
    ]


def diffs() -> list:
    f = "u23: configuration backup diffs (etckeeper, diff -u, oxidized, ansible --diff, nslcd)"
    r1, old2, new2 = rs("ek1", 22), "Wren-Basin-2025", "Wren-Basin-2026"
    wk_old, wk_new = rs("ox-old", 16), rs("ox-new", 16)
    a_old, a_new = rs("an-old", 20), rs("an-new", 20)
    return [
        P(f, sh("sudo etckeeper vcs log -p -1 -- postfix/sasl_passwd",
                f"commit {sha('ek-commit')}\nAuthor: root <root@mx01.example.org>\nDate:   Sat Mar 14 10:22:31 2026 +0100\n\n    saving uncommitted changes in /etc prior to apt run\n\n"
                f"diff --git a/postfix/sasl_passwd b/postfix/sasl_passwd\nindex {sha('ek-a', 7)}..{sha('ek-b', 7)} 100600\n--- a/postfix/sasl_passwd\n+++ b/postfix/sasl_passwd\n@@ -0,0 +1 @@\n"
                f"+[smtp.relay.example.net]:587 mx01-relay:{r1}\n", "df-a"), r1),
        P(f, sh("diff -u /etc/msmtprc.orig /etc/msmtprc",
                "--- /etc/msmtprc.orig\t2026-01-09 08:14:02.000000000 +0100\n+++ /etc/msmtprc\t2026-03-14 10:22:31.118000000 +0100\n@@ -6,6 +6,6 @@\n"
                " account        office\n host           mail.example.org\n port           587\n user           scanner@example.org\n"
                f"-password       {old2}\n+password       {new2}\n from           scanner@example.org\n \n account default : office\n", "df-b"),
          old2, new2),
        P(f, sh("git -C /var/lib/oxidized/configs.git log -p -1 -- openwrt/ap-attic",
                f"commit {sha('ox-commit')}\nAuthor: oxidized <oxidized@example.org>\nDate:   Sat Mar 14 03:00:12 2026 +0000\n\n    update openwrt/ap-attic\n\n"
                "diff --git a/openwrt/ap-attic b/openwrt/ap-attic\n--- a/openwrt/ap-attic\n+++ b/openwrt/ap-attic\n@@ -41,7 +41,7 @@ config wifi-iface 'default_radio0'\n"
                "\toption network 'lan'\n\toption mode 'ap'\n\toption ssid 'Attic-5G'\n\toption encryption 'sae-mixed'\n"
                f"-\toption key '{wk_old}'\n+\toption key '{wk_new}'\n\toption ieee80211w '1'\n", "df-c"), wk_old, wk_new),
        P(f, sh("ansible-playbook -i inventory/prod site.yml --tags config --check --diff --limit web01",
                "\nPLAY [web] *********************************************************************\n\nTASK [app : Render application config] *****************************************\n"
                "--- before: /etc/app/config.ini\n+++ after: /home/dev/.ansible/tmp/ansible-local-21934k2r/tmpq1x0/config.ini.j2\n@@ -3,7 +3,7 @@\n [database]\n host = db01.internal\n port = 5432\n"
                f" user = app\n-password = {a_old}\n+password = {a_new}\n pool_size = 20\n \n"
                "changed: [web01]\n\nPLAY RECAP *********************************************************************\nweb01                      : ok=3    changed=1    unreachable=0    failed=0    skipped=0    rescued=0    ignored=0   \n", "df-d"),
          a_old, a_new),
        P(f, sh("cd /etc && sudo git diff HEAD~1 -- nslcd.conf",
                "diff --git a/nslcd.conf b/nslcd.conf\nindex 3e1f0a2..9b7c4d1 100640\n--- a/nslcd.conf\n+++ b/nslcd.conf\n@@ -9,8 +9,8 @@ gid nslcd\n"
                " uri ldaps://ldap.corp.example.com/\n base dc=corp,dc=example,dc=com\n-binddn cn=nslcd-old,ou=services,dc=corp,dc=example,dc=com\n-bindpw Osprey=Crest=61\n"
                "+binddn cn=nslcd,ou=services,dc=corp,dc=example,dc=com\n+bindpw Kestrel=Vale=73\n tls_reqcert demand\n tls_cacertfile /etc/ssl/certs/ca-certificates.crt\n", "df-e"),
          "Osprey=Crest=61", "Kestrel=Vale=73"),
    ]


def map_keys() -> list:
    f = "u23: api keys written as map keys with their owners as values (python, nginx, haproxy, go, json)"
    k = [rs(f"mk{i}", 32) for i in range(10)]
    return [
        P(f, read_line("API_CLIENTS = {\n"
                       f"    \"{k[0]}\": \"billing-service\",\n    \"{k[1]}\": \"mobile-app\",\n    \"{k[2]}\": \"partner-globex\",\n}}\n\n\n"
                       "def client_for(request):\n    return API_CLIENTS.get(request.headers.get(\"X-Api-Key\", \"\"))", "mk-a", 12), k[0], k[1], k[2]),
        P(f, read_ev("/etc/nginx/conf.d/api-keys.conf",
                     "map $http_x_api_key $api_client {\n    default \"\";\n"
                     f"    \"{k[3]}\" \"partner-acme\";\n    \"{k[4]}\" \"partner-initech\";\n}}\n\n"
                     "server {\n    listen 443 ssl;\n    server_name api.example.com;\n    location /v1/ {\n        if ($api_client = \"\") { return 401; }\n"
                     "        proxy_set_header X-Client $api_client;\n        proxy_pass http://api_upstream;\n    }\n}\n", "mk-b"), k[3], k[4]),
        P(f, read_ev("/etc/haproxy/maps/api_keys.map",
                     f"# key                              client\n{k[5]} warehouse-scanner\n{k[6]} reporting-cron\n", "mk-c"), k[5], k[6]),
        P(f, read_line("var validTokens = map[string]string{\n"
                       f"\t\"{k[7]}\": \"ci-bot\",\n\t\"{k[8]}\": \"grafana\",\n}}\n\n"
                       "func authorize(r *http.Request) (string, bool) {\n\tname, ok := validTokens[r.Header.Get(\"X-Token\")]\n\treturn name, ok\n}", "mk-d", 18), k[7], k[8]),
        P(f, write_ev("/home/dev/gateway/keys.json",
                      f'{{\n  "{k[9]}": {{"owner": "ops-dashboard", "scopes": ["read:metrics"], "created": "2026-03-14"}}\n}}\n', "mk-e"), k[9]),
    ]


def static_sites() -> list:
    f = "u23: static site deploy tools (netlify, surge, neocities, firebase ci tokens, vercel)"
    nf = "nfp_" + al("netlify", 40)
    sg, nc = hx("surge", 32), hx("neoc", 32)
    fb = "1//0" + al("fbci", 99, URLSAFE)
    vc = al("vercel", 24)
    site = uuid_of("nsite")
    return [
        P(f, sh(f"npx netlify deploy --prod --dir=dist --auth {nf} --site {site}",
                "Deploy path:        /home/dev/docs-site/dist\nDeploying to main site URL...\n✔ Finished hashing 214 files\n✔ CDN requesting 9 files\n"
                "✔ Finished uploading 9 assets\n✔ Deploy is live!\n\nBuild logs:         https://app.netlify.com/sites/docs-site-acme/deploys/65f2c0e1a4b3d20008e1f9a7\n"
                "Unique deploy URL:  https://65f2c0e1a4b3d20008e1f9a7--docs-site-acme.netlify.app\nWebsite URL:        https://docs.acme.example\n", "st-a"), nf),
        P(f, sh("surge token", f"\n   {sg}\n\n", "st-b"), sg),
        P(f, sh(f"NEOCITIES_API_KEY={nc} neocities push _site",
                "Uploading index.html ... SUCCESS\nUploading feed.xml ... SUCCESS\nUploading posts/2026-03-14-kite-festival.html ... SUCCESS\n", "st-c"), nc),
        P(f, sh("firebase login:ci --no-localhost",
                "Visit this URL on any device to log in:\nhttps://auth.firebase.tools/login?code_challenge=" + al("fbcc", 43, URLSAFE) + "&session=" + uuid_of("fbsess") + "&attest=" + al("fbat", 12) + "\n\n"
                "Waiting for authentication...\n\n"
                f"✔  Success! Use this token to login on a CI server:\n\n{fb}\n\nExample: firebase deploy --token \"$FIREBASE_TOKEN\"\n", "st-d"), fb),
        P(f, sh(f"vercel deploy --prod --token {vc} --yes",
                "Vercel CLI 39.1.0\n🔍  Inspect: https://vercel.com/acme/landing/9Xq2hT3bK1mP [2s]\n✅  Production: https://landing-acme.vercel.app [31s]\n", "st-e"), vc),
    ]


def dns_code() -> list:
    f = "u23: dns-as-code provider credentials (dnscontrol, octodns, external-dns, powerdns api, gandi livedns)"
    cf, aws_id, aws_sec = al("cfdns", 40, URLSAFE), "AKIA" + al("akid", 16, string.ascii_uppercase + "234567"), al("awsdns", 40, ALNUM + "+/")
    gd, pd, ex, gp = rs("gandi", 24), rs("pdns", 28), rs("xdns", 32), al("gandipat", 40, HEX)
    return [
        P(f, read_ev("/home/dev/dns/creds.json",
                     '{\n  "cloudflare": {\n    "TYPE": "CLOUDFLAREAPI",\n    "accountid": "' + hx("cfacct", 32) + '",\n'
                     f'    "apitoken": "{cf}"\n  }},\n  "r53_main": {{\n    "TYPE": "ROUTE53",\n    "KeyId": "{aws_id}",\n    "SecretKey": "{aws_sec}"\n  }}\n}}\n', "dn-a"),
          cf, aws_sec),
        P(f, read_ev("/home/dev/dns/config/production.yaml",
                     "providers:\n  config:\n    class: octodns.provider.yaml.YamlProvider\n    directory: ./zones\n    default_ttl: 3600\n"
                     f"  gandi:\n    class: octodns_gandi.GandiProvider\n    token: {gd}\n\nzones:\n  example.org.:\n    sources:\n      - config\n    targets:\n      - gandi\n", "dn-b"), gd),
        P(f, sh(f"curl -s -H 'X-API-Key: {pd}' http://ns1.internal:8081/api/v1/servers/localhost/zones | jq -r '.[].name'",
                "example.org.\n10.in-addr.arpa.\ninternal.example.org.\n", "dn-c"), pd),
        P(f, read_line("extraArgs:\n  - --source=ingress\n  - --provider=pdns\n  - --pdns-server=http://ns1.internal:8081\n"
                       f"  - --pdns-api-key={ex}\n  - --txt-owner-id=k8s-prod\n  - --domain-filter=internal.example.org", "dn-d", 22), ex),
        P(f, sh(f"curl -s -H 'Authorization: Bearer {gp}' https://api.gandi.net/v5/livedns/domains/example.org/records/www",
                '[{"rrset_name":"www","rrset_type":"CNAME","rrset_ttl":10800,"rrset_values":["lb.example.org."],"rrset_href":"https://api.gandi.net/v5/livedns/domains/example.org/records/www/CNAME"}]', "dn-e"), gp),
    ]


def sectools() -> list:
    f = "u23: security testing tools (hydra results, zap api keys, wpscan, sqlmap auth, netexec output)"
    zk, wp = rs("zap", 26), al("wpscan", 43)
    return [
        P(f, sh("hydra -L users.txt -P top1000.txt ssh://10.10.20.14 -t 4",
                "Hydra v9.5 (c) 2023 by van Hauser/THC & David Maciejak - Please do not use in military or secret service organizations, or for illegal purposes.\n\n"
                "Hydra (https://github.com/vanhauser-thc/thc-hydra) starting at 2026-03-14 10:22:31\n[DATA] max 4 tasks per 1 server, overall 4 tasks, 12000 login tries (l:12/p:1000), ~3000 tries per task\n"
                "[DATA] attacking ssh://10.10.20.14:22/\n[22][ssh] host: 10.10.20.14   login: deploy   password: summer2024!\n"
                "1 of 1 target successfully completed, 1 valid password found\nHydra (https://github.com/vanhauser-thc/thc-hydra) finished at 2026-03-14 10:31:02\n", "se-a"),
          "summer2024!"),
        P(f, sh(f"/opt/zaproxy/zap.sh -daemon -host 127.0.0.1 -port 8090 -config api.key={zk} -config api.addrs.addr.name=.* -config api.addrs.addr.regex=true &",
                "[1] 48213\nFound Java version 17.0.10\nAvailable memory: 15843 MB\nUsing JVM args: -Xmx3960m\n"
                "2026-03-14 10:22:33,118 [main ] INFO  ZapBootstrap - OWASP ZAP 2.15.0 started 14/03/2026, 10:22:33 with home /home/dev/.ZAP/\n", "se-b"), zk),
        P(f, sh(f"wpscan --url https://blog.example.org --api-token {wp} --enumerate vp --plugins-detection passive",
                "_______________________________________________________________\n         __          _______   _____\n         \\ \\        / /  __ \\ / ____|\n"
                "         WordPress Security Scanner by the WPScan Team\n                         Version 3.8.25\n_______________________________________________________________\n\n"
                "[+] URL: https://blog.example.org/ [203.0.113.20]\n[+] Started: Sat Mar 14 10:22:31 2026\n\n[+] WordPress version 6.4.3 identified (Outdated, released on 2024-01-30).\n", "se-c"), wp),
        P(f, sh("sqlmap -u 'https://staging.example.org/report?id=3' --auth-type=Basic --auth-cred='qa:Pelican_Dune_42' --batch --dbs",
                "        ___\n       __H__\n ___ ___[(]_____ ___ ___  {1.8.3#stable}\n|_ -| . [(]     | .'| . |\n|___|_  [.]_|_|_|__,|  _|\n      |_|V...       |_|   https://sqlmap.org\n\n"
                "[10:22:31] [INFO] testing connection to the target URL\n[10:22:32] [INFO] testing if the target URL content is stable\n"
                "[10:22:33] [WARNING] GET parameter 'id' does not appear to be dynamic\n[10:22:40] [CRITICAL] all tested parameters do not appear to be injectable.\n", "se-d"),
          "Pelican_Dune_42"),
        P(f, sh("nxc smb 10.0.40.0/24 -u svc_backup -p Granite.Owl.88",
                "SMB         10.0.40.12      445    FS01             [*] Windows Server 2019 Build 17763 x64 (name:FS01) (domain:corp.example.com) (signing:True) (SMBv1:False)\n"
                "SMB         10.0.40.12      445    FS01             [+] corp.example.com\\svc_backup:Granite.Owl.88 (Pwn3d!)\n"
                "SMB         10.0.40.15      445    PRINT01          [+] corp.example.com\\svc_backup:Granite.Owl.88 \n", "se-e"), "Granite.Owl.88"),
    ]


def mail_sandbox() -> list:
    f = "u23: email testing sandboxes (mailtrap, ethereal, mailpit, mailosaur, swaks)"
    mu, mp = hx("mt-user", 14), hx("mt-pass", 14)
    eth = al("ethereal", 20)
    mpit = rs("mailpit", 18)
    mos = al("mailosaur", 16)
    su, sp = hx("sw-user", 14), hx("sw-pass", 14)
    return [
        P(f, read_line("  config.action_mailer.delivery_method = :smtp\n  config.action_mailer.smtp_settings = {\n"
                       f"    user_name: '{mu}',\n    password: '{mp}',\n    address: 'sandbox.smtp.mailtrap.io',\n    domain: 'sandbox.smtp.mailtrap.io',\n"
                       "    port: '2525',\n    authentication: :login\n  }", "ms-a", 41), mp),
        P(f, sh("node scripts/make-test-account.js",
                f"Ethereal account created: {{\n  user: 'maybelle.kuhn@ethereal.email',\n  pass: '{eth}',\n  smtp: {{ host: 'smtp.ethereal.email', port: 587, secure: false }},\n"
                "  imap: { host: 'imap.ethereal.email', port: 993, secure: true },\n  pop3: { host: 'pop3.ethereal.email', port: 995, secure: true },\n  web: 'https://ethereal.email'\n}\n", "ms-b"), eth),
        P(f, sh(f"docker run -d --name mailpit -p 8025:8025 -p 1025:1025 -e MP_UI_AUTH='dev:Sparrow-Inkwell-5' -e MP_SMTP_AUTH='app:{mpit}' -e MP_SMTP_AUTH_ALLOW_INSECURE=1 axllent/mailpit:v1.21",
                sha("mailpit-container", 64) + "\n", "ms-c"), "Sparrow-Inkwell-5", mpit),
        P(f, read_ev("/home/dev/shop/cypress.env.json",
                     f'{{\n  "MAILOSAUR_API_KEY": "{mos}",\n  "MAILOSAUR_SERVER_ID": "k3x9qzra",\n  "BASE_URL": "http://localhost:3000"\n}}\n', "ms-d"), mos),
        P(f, sh(f"swaks --to qa@example.org --from app@example.org --server sandbox.smtp.mailtrap.io:2525 --auth LOGIN --auth-user {su} --auth-password {sp}",
                "=== Trying sandbox.smtp.mailtrap.io:2525...\n=== Connected to sandbox.smtp.mailtrap.io.\n<-  220 smtp.mailtrap.io ESMTP ready\n -> EHLO dev-laptop\n<-  250-smtp.mailtrap.io\n<-  250-AUTH PLAIN LOGIN CRAM-MD5\n<-  250 STARTTLS\n"
                f" -> AUTH LOGIN\n<-  334 VXNlcm5hbWU6\n -> {b64(su)}\n<-  334 UGFzc3dvcmQ6\n -> {b64(sp)}\n<-  235 2.0.0 Authentication successful\n -> MAIL FROM:<app@example.org>\n<-  250 2.1.0 Ok\n", "ms-e"),
          sp, b64(sp)),
    ]


def dav() -> list:
    f = "u23: caldav and carddav servers and sync (vdirsyncer, radicale, baikal, davmail, calcurse-caldav)"
    tab, refresh, cc = rs("rad-tab", 20), "0.A" + al("davmail", 90, URLSAFE), rs("calcurse", 18)
    return [
        P(f, read_ev("/home/mira/.config/vdirsyncer/config",
                     "[general]\nstatus_path = \"~/.local/share/vdirsyncer/status/\"\n\n[pair contacts]\na = \"contacts_local\"\nb = \"contacts_remote\"\ncollections = [\"from a\", \"from b\"]\n\n"
                     "[storage contacts_local]\ntype = \"filesystem\"\npath = \"~/.contacts/\"\nfileext = \".vcf\"\n\n"
                     "[storage contacts_remote]\ntype = \"carddav\"\nurl = \"https://dav.example.org/\"\nusername = \"mira\"\npassword = \"Puffin.Shoal.33\"\n", "da-a"),
          "Puffin.Shoal.33"),
        P(f, sh("sudo cat /etc/radicale/config /etc/radicale/users | grep -v '^#'",
                "[server]\nhosts = 0.0.0.0:5232\n\n[auth]\ntype = htpasswd\nhtpasswd_filename = /etc/radicale/users\nhtpasswd_encryption = plain\n\n[storage]\nfilesystem_folder = /var/lib/radicale/collections\n"
                f"mira:Puffin.Shoal.33\nfamily-tablet:{tab}\n", "da-b"), "Puffin.Shoal.33", tab),
        P(f, sh("curl -s -u mira:Puffin.Shoal.33 -X PROPFIND -H 'Depth: 1' https://dav.example.org/dav.php/calendars/mira/ | xmllint --format - | head -12",
                '<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns" xmlns:cal="urn:ietf:params:xml:ns:caldav">\n'
                '  <d:response>\n    <d:href>/dav.php/calendars/mira/</d:href>\n    <d:propstat>\n      <d:prop>\n        <d:resourcetype>\n          <d:collection/>\n'
                '        </d:resourcetype>\n      </d:prop>\n      <d:status>HTTP/1.1 200 OK</d:status>\n    </d:propstat>\n', "da-c"), "Puffin.Shoal.33"),
        P(f, read_line("davmail.mode=O365Modern\ndavmail.url=https://outlook.office365.com/EWS/Exchange.asmx\ndavmail.caldavPort=1080\ndavmail.imapPort=1143\n"
                       f"davmail.oauth.mira@example.com.refreshToken={refresh}\ndavmail.enableKeepAlive=false\ndavmail.server=true", "da-d", 17), refresh),
        P(f, read_ev("/home/mira/.config/calcurse/caldav/config",
                     "[General]\nBinary = calcurse\nHostname = cloud.example.org\nPath = /remote.php/dav/calendars/mira/personal/\nAuthMethod = basic\nInsecureSSL = No\n"
                     f"DryRun = No\nVerbose = Yes\n\n[Auth]\nUsername = mira\nPassword = {cc}\n", "da-e"), cc),
    ]


def academic() -> list:
    f = "u23: reference managers and scholarly apis (zotero, orcid, semantic scholar, crossref plus, scopus)"
    zk = al("zotero", 24)
    orcid_id, orcid_sec, orcid_tok = "APP-" + al("orcid-id", 16, string.ascii_uppercase + string.digits), uuid_of("orcid-secret"), uuid_of("orcid-token")
    s2 = al("s2", 40)
    cr = jwt_like("crossref")
    sc_key, sc_inst = hx("scopus-key", 32), hx("scopus-inst", 32)
    return [
        P(f, read_line("from pyzotero import zotero\n\n"
                       f"zot = zotero.Zotero(\"4821337\", \"user\", \"{zk}\")\nitems = zot.top(limit=50)\n"
                       "for item in items:\n    print(item[\"data\"][\"key\"], item[\"data\"].get(\"title\", \"\"))", "ac-a"), zk),
        P(f, sh(f"curl -s -H 'Accept: application/json' -d 'client_id={orcid_id}' -d 'client_secret={orcid_sec}' -d 'scope=/read-public' -d 'grant_type=client_credentials' https://orcid.org/oauth/token",
                f'{{"access_token":"{orcid_tok}","token_type":"bearer","refresh_token":"{uuid_of("orcid-refresh")}","expires_in":631138518,"scope":"/read-public","name":null,"orcid":null}}', "ac-b"),
          orcid_sec, orcid_tok, uuid_of("orcid-refresh")),
        P(f, sh(f"curl -s -H 'x-api-key: {s2}' 'https://api.semanticscholar.org/graph/v1/paper/search?query=kelp+forest+resilience&limit=2&fields=title,year'",
                '{"total": 1482, "offset": 0, "next": 2, "data": [{"paperId": "' + sha("s2p1") + '", "title": "Kelp forest resilience under marine heatwaves", "year": 2024}, '
                '{"paperId": "' + sha("s2p2") + '", "title": "Urchin barrens and recovery thresholds", "year": 2022}]}', "ac-c"), s2),
        P(f, read_line("CROSSREF_HEADERS = {\n    \"User-Agent\": \"citation-checker/1.2 (mailto:library@example.edu)\",\n"
                       f"    \"Crossref-Plus-API-Token\": \"Bearer {cr}\",\n}}\n\nresp = httpx.get(\"https://api.crossref.org/works\", params={{\"query.bibliographic\": ref, \"rows\": 1}}, headers=CROSSREF_HEADERS)", "ac-d", 9), cr),
        P(f, read_ev("/home/dev/.config/pybliometrics.cfg",
                     f"[Directories]\nAbstractRetrieval = /home/dev/.cache/pybliometrics/Scopus/abstract_retrieval\nAuthorRetrieval = /home/dev/.cache/pybliometrics/Scopus/author_retrieval\n\n"
                     f"[Authentication]\nAPIKey = {sc_key}\nInstToken = {sc_inst}\n\n[Requests]\nTimeout = 20\nRetries = 5\n", "ac-e"), sc_key, sc_inst),
    ]


def tasmota() -> list:
    f = "u23: smart plug firmware consoles and ota uploads (tasmota, espota, arduinoota)"
    mq, wp, ota, mq5 = rs("tas-mq", 20), rs("tas-web", 14), rs("ota4", 16), rs("tas-mq5", 22)
    return [
        P(f, sh(f"curl -s 'http://10.0.30.41/cm?user=admin&password=Clover-Relay-8&cmnd=Backlog%20MqttHost%20mqtt.home.example%3B%20MqttUser%20plug7%3B%20MqttPassword%20{mq}'",
                '{"MqttHost":"mqtt.home.example","MqttUser":"plug7","MqttPassword":"****"}', "ta-a"), "Clover-Relay-8", mq),
        P(f, sh("picocom -b 115200 /dev/ttyUSB0",
                "picocom v3.1\n\nport is        : /dev/ttyUSB0\nflowcontrol    : none\nbaudrate is    : 115200\nTerminal ready\n"
                f"10:22:31.118 CMD: Backlog SSId1 IoT-Garage; Password1 Hedgehog-Porch-27; WebPassword {wp}\n"
                "10:22:31.122 RSL: RESULT = {\"SSId1\":\"IoT-Garage\"}\n10:22:31.230 RSL: RESULT = {\"Password1\":\"Hedgehog-Porch-27\"}\n"
                "10:22:31.341 RSL: RESULT = {\"WebPassword\":\"****\"}\n10:22:32.004 APP: Restarting\n", "ta-b"), "Hedgehog-Porch-27", wp),
        P(f, sh("python3 ~/.platformio/packages/framework-arduinoespressif32/tools/espota.py -i 10.0.30.55 -p 3232 --auth=Badger_Lamp_61 -f .pio/build/esp32dev/firmware.bin",
                "Sending invitation to 10.0.30.55 \nAuthenticating...OK\nUploading: [============================================================] 100% Done...\n\n", "ta-c"),
          "Badger_Lamp_61"),
        P(f, read_line("void setupOta() {\n  ArduinoOTA.setHostname(\"garage-door\");\n"
                       f"  ArduinoOTA.setPassword(\"{ota}\");\n  ArduinoOTA.onStart([]() {{ Serial.println(\"OTA start\"); }});\n"
                       "  ArduinoOTA.onError([](ota_error_t error) { Serial.printf(\"OTA error %u\\n\", error); });\n  ArduinoOTA.begin();\n}", "ta-d", 88), ota),
        P(f, write_ev("/home/dev/Tasmota/tasmota/user_config_override.h",
                      "#ifndef _USER_CONFIG_OVERRIDE_H_\n#define _USER_CONFIG_OVERRIDE_H_\n\n#undef  STA_SSID1\n#define STA_SSID1         \"IoT-Garage\"\n"
                      "#undef  STA_PASS1\n#define STA_PASS1         \"Hedgehog-Porch-27\"\n\n#undef  MQTT_HOST\n#define MQTT_HOST         \"mqtt.home.example\"\n"
                      f"#undef  MQTT_USER\n#define MQTT_USER         \"tasmota\"\n#undef  MQTT_PASS\n#define MQTT_PASS         \"{mq5}\"\n\n#endif  // _USER_CONFIG_OVERRIDE_H_\n", "ta-e"),
          "Hedgehog-Porch-27", mq5),
    ]


def fmt_calls() -> list:
    f = "u23: format-string calls taking the credential as an argument (go, java, python, c, rust)"
    g, c, r = rs("fgo", 32), rs("fc", 20), rs("frs", 36)
    return [
        P(f, read_line("func newRequest(ctx context.Context, url string) (*http.Request, error) {\n\treq, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)\n"
                       "\tif err != nil {\n\t\treturn nil, err\n\t}\n"
                       f"\treq.Header.Set(\"Authorization\", fmt.Sprintf(\"Token %s\", \"{g}\"))\n\treturn req, nil\n}}", "fc-a", 31), g),
        P(f, read_line("String auth = String.format(\"%s:%s\", \"reporting\", \"Linden!Court93\");\n"
                       "String header = \"Basic \" + Base64.getEncoder().encodeToString(auth.getBytes(StandardCharsets.UTF_8));\nconn.setRequestProperty(\"Authorization\", header);", "fc-b", 57),
          "Linden!Court93"),
        P(f, read_line("engine = create_engine(\n    \"postgresql+psycopg://{}:{}@{}/{}\".format(\"etl\", \"Sorrel-Weir-46\", \"db.internal:5432\", \"warehouse\"),\n    pool_pre_ping=True,\n)", "fc-c", 12),
          "Sorrel-Weir-46"),
        P(f, read_line("static int smtp_auth(int fd)\n{\n    char cmd[256];\n"
                       f"    snprintf(cmd, sizeof cmd, \"AUTH PLAIN %s\\r\\n\", \"{c}\");\n    return send_line(fd, cmd);\n}}", "fc-d", 140), c),
        P(f, read_line("let client = reqwest::Client::new();\nlet resp = client\n    .get(\"https://api.example.com/v2/usage\")\n"
                       f"    .header(\"Authorization\", format!(\"Bearer {{}}\", \"{r}\"))\n    .send()\n    .await?;", "fc-e", 64), r),
    ]


def pkl_kdl() -> list:
    f = "u23: pkl, kdl and tiltfile configs holding a credential"
    p2, t3, k4, p5 = rs("pkl2", 24), rs("tilt3", 32), rs("kdl4", 20), rs("pkl5", 28)
    return [
        P(f, read_ev("/home/dev/orders/config/prod.pkl",
                     "amends \"AppConfig.pkl\"\n\nserver {\n  port = 8080\n  readTimeout = 10.s\n}\n\ndatabase {\n  host = \"db.internal\"\n  port = 5432\n"
                     "  username = \"orders\"\n  password = \"Kestrel-Mill-17\"\n  maxPoolSize = 20\n}\n", "pk-a"), "Kestrel-Mill-17"),
        P(f, sh("pkl eval -f yaml config/staging.pkl",
                f"server:\n  port: 8080\n  readTimeout: 10.s\ndatabase:\n  host: db.staging.internal\n  port: 5432\n  username: orders\n  password: {p2}\n  maxPoolSize: 5\n", "pk-b"), p2),
        P(f, read_line("load('ext://secret', 'secret_from_dict')\n\n"
                       f"k8s_yaml(secret_from_dict('geo-keys', inputs={{\n    'GEOCODER_KEY': '{t3}',\n}}))\n"
                       "k8s_yaml('deploy/geo.yaml')\nk8s_resource('geo', port_forwards=8081)", "pk-c"), t3),
        P(f, read_ev("/home/dev/relay/relay.kdl",
                     "listen \"0.0.0.0:2525\"\n\nupstream \"billing\" {\n    database url=\"postgres://billing:Falcon-Dew-55@db:5432/billing\"\n"
                     f"    smtp host=\"smtp.example.net\" port=587 user=\"billing\" password=\"{k4}\"\n}}\n\nlog level=\"info\"\n", "pk-d"),
          "Falcon-Dew-55", k4),
        P(f, write_ev("/home/dev/k8s/secrets/api.pkl",
                      "amends \"package://pkg.pkl-lang.org/pkl-k8s/k8s@1.1.0#/api/core/v1/Secret.pkl\"\n\nmetadata {\n  name = \"api-credentials\"\n  namespace = \"payments\"\n}\n\n"
                      f"stringData {{\n  [\"PAYOUT_API_TOKEN\"] = \"{p5}\"\n}}\n", "pk-e"), p5),
    ]


def prompts_north() -> list:
    f = "u23: prompts in icelandic, greenlandic, northern sami, inuktitut and cherokee"
    t4, t5 = rs("iu4", 24), "nfp_" + al("chr5", 40)
    return [
        P(f, said("Hæ, ég get ekki tengst gagnagrunninum á þróunarþjóninum. Notandinn er app_user og lykilorðið er Lundi-Vik-2026. "
                  "Geturðu athugað hvort pg_hba.conf leyfi tengingar frá 10.0.4.0/24?", "pn-a"), "Lundi-Vik-2026"),
        P(f, said("Aluu! Serverimut isersinnaanngilanga. Atuisoq: nuuk-admin, isissutissaq (password): Qilak-Siku-57. "
                  "ssh-kkut isersinniarpunga kisianni 'Permission denied' takuara. Ikiorsinnaavinga?", "pn-b"), "Qilak-Siku-57"),
        P(f, said("Buorre beaivi! Mun in beasa sisa Grafana-dashboardii. Geavaheaddji lea admin ja beassansátni lea Guolle#Johka44. "
                  "Sáhtášitgo geahččat manne LDAP-čatnan ii doaimma?", "pn-c"), "Guolle#Johka44"),
        P(f, said(f"ᐊᐃ! ᖃᕆᑕᐅᔭᒃᑯᑦ ᐃᓕᓐᓂᐊᕐᕕᒃ server-ᒧᑦ ᐃᑎᕐᓂᐊᕋᒪ. API key: {t4} ᐃᓚᐅᑎᓪᓗᒍ config.yaml-ᒧᑦ ᐊᑐᕈᓐᓇᖅᐱᑦ? ᖁᔭᓐᓇᒦᒃ.", "pn-d"), t4),
        P(f, said(f"ᎣᏏᏲ! ᏣᎳᎩ ᎠᏕᎶᏆᏍᏗ website deploy ᎤᏲ ᏄᎵᏍᏔᏅ. Netlify token ᎯᎠ: {t5} — CI ᎠᏂ ᏣᎳᎩ site ᎢᏳᏍᏗ ᏫᏘᏁᏉ? ᏩᏙ.", "pn-e"), t5),
    ]


def prompts_cyrillic() -> list:
    f = "u23: prompts in chechen, ossetian, sakha, buryat and udmurt"
    t4 = rs("bua4", 32)
    return [
        P(f, said("Салам! Суна сервере чу ца дала йиш ю. Логин: deploy, пароль: Borz-Lam-2026. ssh-ца «Permission denied» боху. ГӀо де, дехар ду.", "pc-a"),
          "Borz-Lam-2026"),
        P(f, said("Салам! Мӕ сервермӕ нӕ бахизын. Логин — ops, пароль — Uastyrdzhi!47. Redis-ы конфиг ма бакӕс, цӕмӕн нӕ кусы?", "pc-b"), "Uastyrdzhi!47"),
        P(f, said("Дорообо! Базаҕа холбоһор кыаҕым суох. Кыттааччы: app_rw, киирии тыл: Kyhyn_Tymnyy_61. Postgres лобугар «password authentication failed» диэн суруллар.", "pc-c"),
          "Kyhyn_Tymnyy_61"),
        P(f, said(f"Сайн байна! Манай API түлхүүр иимэ: {t4}. Энэ түлхүүрые .env файл руу оруулжа үгыт, production дээрэ хэрэглэнэбди.", "pc-d"), t4),
        P(f, said("Ӟечбуресь! Сервер вылэ пырыны уг луы. Логин: izhevsk-dev, пароль: Kuaka.Shur.82. Конфигез учкы ай, малы ssh уг пыкты?", "pc-e"), "Kuaka.Shur.82"),
    ]


def prompts_misc() -> list:
    f = "u23: prompts in hmong, mizo, konkani, maithili and balinese"
    t4 = rs("mai4", 28)
    return [
        P(f, said("Nyob zoo! Kuv nkag tsis tau rau lub server. Username yog txoos-admin thiab password yog Paj-Ntaub-58. Koj pab saib seb vim li cas ssh tsis txais kuv?", "pm-a"),
          "Paj-Ntaub-58"),
        P(f, said("Chibai! Ka server-ah ka lut thei lo. Username chu aizawl-ops a ni a, password chu Thlasik@Lunglei7 a ni. Engvangin nge login a fail ang le?", "pm-b"),
          "Thlasik@Lunglei7"),
        P(f, said("नमस्कार! म्हजो database कनेक्ट जायना. user: goa_app, password: Kaju-Feni-2031. उपकार करून pg_hba.conf एक फावट पळय.", "pm-c"), "Kaju-Feni-2031"),
        P(f, said(f"प्रणाम! हमर API key ई अछि: {t4}. एकरा .env मे राखि कऽ deploy करू, आ log मे नहि छापू.", "pm-d"), t4),
        P(f, said("Om Swastiastu! Tiang nenten prasida ngranjing ka server. User: ubud-dev, password: Canang#Sari64. Sapunapi carane ngaptiang ssh key?", "pm-e"),
          "Canang#Sari64"),
    ]


# ---------------------------------------------------------------- negatives


def gnss_neg() -> list:
    f = "u23 neg: gnss caster sourcetables, rover status and corrections read from the environment"
    return [
        N(f, sh("curl -s http://rtk2go.com:2101/ | head -5",
                "SOURCETABLE 200 OK\nServer: NTRIP SNIP/2.0.0\nContent-Type: text/plain\n"
                "STR;AAATWILD;Tualatin;RTCM 3.2;1005(10),1074(1),1084(1),1094(1),1124(1),1230(10);2;GPS+GLO+GAL+BDS;SNIP;USA;45.38;-122.76;1;0;sNTRIP;none;B;N;4080;\n"
                "STR;ABBEY_RTK;Abbeyleix;RTCM 3.3;1005(10),1077(1),1087(1),1097(1),1127(1),1230(5);2;GPS+GLO+GAL+BDS;SNIP;IRL;52.91;-7.35;1;0;sNTRIP;none;B;N;6200;\n", "gnn-a")),
        N(f, sh('str2str -in "ntrip://${NTRIP_USER}:${NTRIP_PASS}@ntrip.landinfo.example.org:2101/RTCM3_VRS" -out tcpsvr://:9000 -b 1',
                "stream server start\n2026/03/14 10:22:31 [CC---]          0 B       0 bps (0) ntrip.landinfo.example.org/RTCM3_VRS (1) waiting...\n", "gnn-b")),
        N(f, sh("rtkrcv -s -o /home/dev/rtk/conf/rover.conf -p 3134 -m 3135 -d /dev/null &>/dev/null; echo status | nc -q1 localhost 3134",
                "\n  Parameter            : Value\n  rtklib version       : 2.4.3 b34\n  rtk server state     : run\n  processing cycle (ms): 10\n"
                "  positioning mode     : kinematic\n  frequencies          : L1+L2\n  solution status      : fix\n  age of differential (s): 1.000\n  ratio for ar validation: 38.114\n"
                "  # of satellites rover: 24\n  # of satellites base : 22\n  pos llh single (deg,m) rover: 45.381221471,-122.763019876,61.2214\n", "gnn-c")),
        N(f, read_line("import os\nfrom pygnssutils import GNSSNTRIPClient\n\ngnc = GNSSNTRIPClient(app=None)\ngnc.run(\n    server=os.environ[\"NTRIP_SERVER\"],\n"
                       "    port=2101,\n    mountpoint=\"VRS_RTCM31\",\n    ntripuser=os.environ[\"PYGNSSUTILS_USER\"],\n    ntrippassword=os.environ[\"PYGNSSUTILS_PASSWORD\"],\n"
                       "    ggainterval=10,\n    output=out_queue,\n)", "gnn-d", 12)),
        N(f, said("the caster answers 'ICY 200 OK' so the login is fine, but the rover never goes past float. mountpoint is RTCM3_MSM7, baseline about 14 km, "
                  "message 1005 arrives every 10 s and 1230 is missing. should I switch to the closer base or is GLONASS biasing the fix?", "gnn-e")),
    ]


def weather_neg() -> list:
    f = "u23 neg: weather station logs, placeholders and observation api responses with station ids"
    return [
        N(f, sh("journalctl -u weewx -n 4 --no-pager",
                "Mar 14 10:20:14 wx-pi weewxd[812]: INFO weewx.restx: Wunderground-PWS: Published record 2026-03-14 10:20:00 CET (1773479400)\n"
                "Mar 14 10:20:15 wx-pi weewxd[812]: INFO weewx.restx: Windy: Published record 2026-03-14 10:20:00 CET (1773479400)\n"
                "Mar 14 10:20:15 wx-pi weewxd[812]: INFO weewx.manager: Added record 2026-03-14 10:20:00 CET (1773479400) to database 'weewx.sdb'\n"
                "Mar 14 10:20:15 wx-pi weewxd[812]: INFO weewx.manager: Added record 2026-03-14 10:20:00 CET (1773479400) to daily summary in 'weewx.sdb'\n", "wen-a")),
        N(f, read_ev("/etc/weewx/weewx.conf",
                     "[StdRESTful]\n    [[AWEKAS]]\n        enable = false\n        username = replace_me\n        password = replace_me\n    [[CWOP]]\n        enable = true\n"
                     "        station = EW4218\n        passcode = replace_me\n    [[Wunderground]]\n        enable = false\n        station = replace_me\n        password = replace_me\n", "wen-b")),
        N(f, sh('curl -s "https://api.weather.com/v2/pws/observations/current?stationId=KORPORTL2317&format=json&units=m&apiKey=$WU_API_KEY" | jq .observations[0]',
                '{\n  "stationID": "KORPORTL2317",\n  "obsTimeUtc": "2026-03-14T09:20:02Z",\n  "neighborhood": "Sellwood",\n  "softwareType": "weewx-5.1.0",\n'
                '  "country": "US",\n  "solarRadiation": 212.4,\n  "lon": -122.652,\n  "realtimeFrequency": null,\n  "epoch": 1773480002,\n  "lat": 45.465,\n'
                '  "uv": 2.0,\n  "winddir": 221,\n  "humidity": 72,\n  "qcStatus": 1,\n  "metric": {"temp": 11, "heatIndex": 11, "dewpt": 6, "windSpeed": 7, "pressure": 1015.24, "precipTotal": 0.3}\n}\n', "wen-c")),
        N(f, read_line("[Wunderground]\nID=IBERLIN1234\nPassword=\nEnabled=0\n\n[Windy]\nStationIdx=0\nAPIkey=\nEnabled=0\n\n[AWEKAS]\nUser=\nPassword=\nLanguage=de\nInterval=15", "wen-d", 41)),
        N(f, sh("curl -s 'https://stations.windy.com/pws/stations/list?limit=2' -H \"Authorization: Bearer $WINDY_TOKEN\" | jq '.[] | {id, name, lat, lon}'",
                '{\n  "id": "f3a81c52",\n  "name": "Kiel Hafen",\n  "lat": 54.3233,\n  "lon": 10.1394\n}\n{\n  "id": "0b9d22e7",\n  "name": "Kiel Holtenau",\n  "lat": 54.3791,\n  "lon": 10.1453\n}\n', "wen-e")),
    ]


def adsb_neg() -> list:
    f = "u23 neg: ads-b and aprs feeds with icao addresses, squawks, callsigns and receive-only logins"
    return [
        N(f, sh("fr24feed-status",
                "[ ok ] FR24 Feeder/Decoder Process: running.\n[ ok ] FR24 Stats Timestamp: 2026-03-14 10:22:31.\n[ ok ] FR24 Link: connected [UDP].\n"
                "[ ok ] FR24 Radar: T-EDDH88.\n[ ok ] FR24 Tracked AC: 42.\n[ ok ] Receiver: connected (18227901 MSGS/0 SYNC).\n[ ok ] FR24 MLAT: ok [UDP].\n[ ok ] FR24 MLAT AC seen: 37.\n", "adn-a")),
        N(f, read_line("IGSERVER noam.aprs2.net\nIGLOGIN N0CALL-10 -1\nIGFILTER r/41.9/-87.6/50\nPBEACON delay=1 every=30 overlay=R symbol=\"igate\" lat=41^53.21N long=087^39.55W comment=\"RX-only iGate\"", "adn-b", 120)),
        N(f, sh("tail -n 3 /var/log/direwolf/2026-03-14.log",
                "chan,utime,isotime,source,heard,level,error,dti,name,symbol,latitude,longitude,speed,course,altitude,frequency,offset,tone,system,status,telemetry,comment\n"
                "0,1773480151,2026-03-14T10:22:31Z,KD9XYZ-9,WIDE1-1,48(12/9),0,=,KD9XYZ-9,/>,41.886833,-87.659167,0.0,0,188.9,,,,,,,Mobile 144.390\n"
                "0,1773480163,2026-03-14T10:22:43Z,W9ABC-10,W9ABC-10,51(14/8),0,!,W9ABC-10,R&,41.902500,-87.631667,,,,,,,,,,PHG5130 Chicago digi\n", "adn-c")),
        N(f, sh("curl -s http://localhost/tar1090/data/aircraft.json | jq '.aircraft[:2]'",
                '[\n  {\n    "hex": "3c6589",\n    "flight": "DLH4KM  ",\n    "alt_baro": 36000,\n    "gs": 452.1,\n    "squawk": "1000",\n    "category": "A3",\n'
                '    "lat": 53.812, "lon": 10.113, "seen": 0.4, "rssi": -21.3\n  },\n  {\n    "hex": "4ca7b1",\n    "flight": "RYR82LH ",\n    "alt_baro": 12350,\n'
                '    "gs": 301.8,\n    "squawk": "2441",\n    "category": "A3",\n    "lat": 53.601, "lon": 9.987, "seen": 1.1, "rssi": -18.9\n  }\n]\n', "adn-d")),
        N(f, read_ev("/etc/piaware.conf",
                     "# This file configures piaware and related software.\n# You can edit it directly or use piaware-config from the command line\n\n"
                     "receiver-type rtlsdr\nrtlsdr-gain max\nallow-auto-updates yes\nallow-manual-updates yes\nmlat-results-format beast,connect,localhost:30104\n", "adn-e")),
    ]


def torrent_neg() -> list:
    f = "u23 neg: torrent listings, magnet links, info hashes and hashed web ui passwords"
    ih = hx("ih1", 40)
    return [
        N(f, sh("transmission-remote 192.168.1.20:9091 --netrc ~/.netrc -t 2 -i | head -12",
                f"NAME\n  Id: 2\n  Name: ubuntu-24.04.1-desktop-amd64.iso\n  Hash: {hx('ih2', 40)}\n  Magnet: magnet:?xt=urn:btih:{hx('ih2', 40)}&dn=ubuntu-24.04.1-desktop-amd64.iso\n"
                "  Labels: \n\nTRANSFER\n  State: Downloading\n  Location: /srv/media/incoming\n  Percent Done: 62%\n  ETA: 14 minutes (840 seconds)\n", "ton-a")),
        N(f, said(f"this magnet stalls at 0% with no peers: magnet:?xt=urn:btih:{ih}&dn=debian-12.5.0-amd64-netinst.iso&tr=udp%3A%2F%2Ftracker.opentrackr.org%3A1337%2Fannounce "
                  "— is the tracker down or is my port 51413 closed?", "ton-b")),
        N(f, read_ev("/var/lib/transmission-daemon/.config/transmission-daemon/settings.json",
                     '{\n    "rpc-authentication-required": true,\n    "rpc-bind-address": "0.0.0.0",\n'
                     f'    "rpc-password": "{{{hx("trhash", 40)}{al("trsalt", 8)}",\n    "rpc-port": 9091,\n    "rpc-username": "media",\n    "rpc-whitelist-enabled": true\n}}\n', "ton-c")),
        N(f, read_line("[Preferences]\nWebUI\\Address=*\nWebUI\\Port=8080\nWebUI\\Username=admin\n"
                       f"WebUI\\Password_PBKDF2=\"@ByteArray({raw_b64('qbsalt', b'', 16)}:{raw_b64('qbhash', b'', 64)})\"\nWebUI\\LocalHostAuth=false\nWebUI\\CSRFProtection=true", "ton-d", 52)),
        N(f, sh("deluge-console 'info -v' | head -8",
                f"Name: Fedora-Workstation-Live-x86_64-41-1.4.iso\nID: {hx('dl-id', 40)}\nState: Seeding Up Speed: 84.2 KiB/s\nSeeds: 0 (112) Peers: 3 (41) Availability: 0.00\n"
                "Size: 2.2 GiB/2.2 GiB Ratio: 1.841\nSeed time: 3 days 04:12:09 Active: 5 days 01:22:40\nTracker status: fedoraproject.org: Announce OK\n", "ton-e")),
    ]


def voice_neg() -> list:
    f = "u23 neg: voice chat server listings and logs with unique ids, certificate hashes and env passwords"
    return [
        N(f, sh("printf 'login serveradmin %s\\nuse sid=1\\nclientlist -uid\\nquit\\n' \"$TS3_QUERY_PASSWORD\" | nc -q 2 localhost 10011",
                "TS3\nWelcome to the TeamSpeak 3 ServerQuery interface, type \"help\" for a list of commands and \"help <command>\" for information on a specific command.\n"
                f"error id=0 msg=ok\nerror id=0 msg=ok\nclid=7 cid=3 client_database_id=12 client_nickname=Marta client_type=0 client_unique_identifier={raw_b64('tsuid1', b'', 20)}|"
                f"clid=9 cid=3 client_database_id=31 client_nickname=Jonas client_type=0 client_unique_identifier={raw_b64('tsuid2', b'', 20)}\nerror id=0 msg=ok\n", "von-a")),
        N(f, read_ev("/etc/mumble-server.ini",
                     "database=/var/lib/mumble-server/mumble-server.sqlite\nice=\"tcp -h 127.0.0.1 -p 6502\"\nicesecretread=\nicesecretwrite=\n"
                     "port=64738\nserverpassword=\nbandwidth=72000\nusers=40\nsslCert=/etc/letsencrypt/live/voice.example.net/fullchain.pem\nsslKey=/etc/letsencrypt/live/voice.example.net/privkey.pem\n", "von-b")),
        N(f, sh("sudo tail -n 3 /var/log/mumble-server/mumble-server.log",
                "<W>2026-03-14 10:22:31.118 1 => <3:(-1)> New connection: 198.51.100.23:51822\n"
                f"<W>2026-03-14 10:22:31.204 1 => <3:Marta(12)> Client version 1.5.634 (Linux: Ubuntu 24.04 LTS) Mumble\n<W>2026-03-14 10:22:31.205 1 => <3:Marta(12)> Authenticated\n"
                f"<W>2026-03-14 10:22:31.206 1 => <3:Marta(12)> Strong certificate for <marta@example.net> <{sha('mcert', 40)}> (signed by Let's Encrypt)\n", "von-c")),
        N(f, read_line("import os\nimport ts3\n\nQUERY_URI = \"telnet://serveradmin:{}@ts.example.net:10011\".format(os.environ[\"TS3_QUERY_PASSWORD\"])\n\n"
                       "with ts3.query.TS3ServerConnection(QUERY_URI) as conn:\n    conn.exec_(\"use\", sid=1)", "von-d")),
        N(f, said("where does teamspeak print the serveradmin password and the privilege key on first start? I ran the container detached and "
                  "didn't see the banner. docker logs only shows 'Server Query Admin Account created' scrolled away — can I regenerate both without wiping the db?", "von-e")),
    ]


def vnc_neg() -> list:
    f = "u23 neg: vnc setups pointing to password files, pam and listings of displays"
    return [
        N(f, sh("x11vnc -display :0 -rfbauth ~/.vnc/passwd -forever -shared -rfbport 5901 -bg",
                "14/03/2026 10:22:31 x11vnc version: 0.9.16 lastmod: 2019-01-05  pid: 23114\n14/03/2026 10:22:31 Using X display :0\n"
                "The VNC desktop is:      lab-pc:1\nPORT=5901\n", "vnn-a")),
        N(f, read_ev("/home/pi/.config/wayvnc/config",
                     "address=0.0.0.0\nport=5900\nenable_auth=true\nenable_pam=true\nrelax_encryption=false\n"
                     "rsa_private_key_file=/home/pi/.config/wayvnc/rsa_key.pem\nprivate_key_file=/home/pi/.config/wayvnc/tls_key.pem\ncertificate_file=/home/pi/.config/wayvnc/tls_cert.pem\n", "vnn-b")),
        N(f, sh("vncserver -list",
                "\nTigerVNC server sessions:\n\nX DISPLAY #\tRFB PORT #\tRFB UNIX PATH\tPROCESS ID #\tSERVER\n:1\t\t5901\t\t\t\t2471\t\tXtigervnc\n:2\t\t5902\t\t\t\t3318\t\tXtigervnc\n", "vnn-c")),
        N(f, read_line("    <graphics type='vnc' port='5907' autoport='no' websocket='5707' listen='127.0.0.1'>\n      <listen type='address' address='127.0.0.1'/>\n    </graphics>\n"
                       f"    <graphics type='spice' autoport='yes'>\n      <listen type='none'/>\n    </graphics>\n    <uuid>{uuid_of('vm-uuid')}</uuid>", "vnn-d", 61)),
        N(f, sh("virsh domdisplay build-agent && virsh vncdisplay build-agent", "vnc://127.0.0.1:7\n\n127.0.0.1:7\n\n", "vnn-e")),
    ]


def r_neg() -> list:
    f = "u23 neg: r code reading credentials with keyring, sys.getenv and askpass, and renv hashes"
    return [
        N(f, read_line("con <- dbConnect(\n  RPostgres::Postgres(),\n  dbname = \"surveys\",\n  host = \"db.stats.example.org\",\n  user = Sys.getenv(\"PGUSER\"),\n"
                       "  password = keyring::key_get(\"surveys-db\", Sys.getenv(\"PGUSER\"))\n)\n\ntoken <- askpass::askpass(\"REDCap API token: \")", "rln-a")),
        N(f, read_ev("/home/dev/survey-analysis/renv.lock",
                     '{\n  "R": {\n    "Version": "4.4.1",\n    "Repositories": [{"Name": "CRAN", "URL": "https://packagemanager.posit.co/cran/latest"}]\n  },\n  "Packages": {\n'
                     f'    "DBI": {{"Package": "DBI", "Version": "1.2.3", "Source": "Repository", "Repository": "CRAN", "Hash": "{hx("renv1", 32)}"}},\n'
                     f'    "keyring": {{"Package": "keyring", "Version": "1.3.2", "Source": "Repository", "Repository": "CRAN", "Hash": "{hx("renv2", 32)}"}}\n  }}\n}}\n', "rln-b")),
        N(f, sh("Rscript -e 'digest::digest(\"wave3-responses.csv\", algo = \"sha256\", file = TRUE); keyring::key_list()'",
                f'[1] "{hx("rdig", 64)}"\n          service  username\n1      surveys-db   analyst\n2        openalex       lab\n', "rln-c")),
        N(f, read_ev("/home/dev/.Renviron",
                     "R_LIBS_USER=~/R/library/%v\nRENV_PATHS_CACHE=~/.cache/R/renv\n# CENSUS_API_KEY lives in the keyring: keyring::key_get(\"census\")\nREDCAP_URI=https://redcap.med.example.edu/api/\n", "rln-d")),
        N(f, said("tidycensus says 'A Census API key is required' even though I ran census_api_key(install = TRUE) yesterday. "
                  "Does it read CENSUS_API_KEY from .Renviron only after restarting R, or should I call readRenviron('~/.Renviron')?", "rln-e")),
    ]


def curve_neg() -> list:
    f = "u23 neg: zeromq public certificates, libp2p peer ids, public keys and multiaddrs"
    peer = "12D3KooW" + al("npeer", 44)
    return [
        N(f, read_ev("/etc/broker/certs/broker-eu.key",
                     "#   ****  Generated on 2026-03-14 10:22:31 by CZMQ  ****\n#   ZeroMQ CURVE Public Certificate\n#   Exchange securely, or use a secure mechanism to verify the contents\n"
                     f"#   of this file after exchange. Store public certificates in your home\n#   directory, in the .curve subdirectory.\n\nmetadata\n    name = \"broker-eu\"\ncurve\n    public-key = \"{al('npub1', 40, Z85)}\"\n", "zmn-a")),
        N(f, sh("ipfs id",
                f'{{\n\t"ID": "{peer}",\n\t"PublicKey": "{raw_b64("npubkey", bytes([8, 1, 18, 32]), 32)}",\n\t"Addresses": [\n'
                f'\t\t"/ip4/127.0.0.1/tcp/4001/p2p/{peer}",\n\t\t"/ip4/203.0.113.40/udp/4001/quic-v1/p2p/{peer}"\n\t],\n\t"AgentVersion": "kubo/0.32.1/",\n'
                '\t"Protocols": [\n\t\t"/ipfs/bitswap/1.2.0",\n\t\t"/ipfs/kad/1.0.0",\n\t\t"/libp2p/circuit/relay/0.2.0/stop"\n\t]\n}\n', "zmn-b")),
        N(f, read_line("import zmq.auth\n\nserver_public, server_secret = zmq.auth.load_certificate(\"certificates/server.key_secret\")\n"
                       "client_public, _ = zmq.auth.load_certificate(\"certificates/client.key\")\nsock.curve_serverkey = server_public\n"
                       "print(\"server key:\", server_public.decode())", "zmn-c", 30)),
        N(f, sh("ipfs swarm peers | head -3",
                f"/ip4/147.75.80.110/tcp/4001/p2p/12D3KooW{al('sp1', 44)}\n/ip4/139.178.91.71/udp/4001/quic-v1/p2p/12D3KooW{al('sp2', 44)}\n"
                f"/ip6/2604:1380:4642:6600::3/tcp/4001/p2p/Qm{al('sp3', 44)}\n", "zmn-d")),
        N(f, sh("ipfs add -r --cid-version 1 public/ | tail -2",
                f"added bafybei{al('cid1', 52, 'abcdefghijklmnopqrstuvwxyz234567')} public/index.html\nadded bafybei{al('cid2', 52, 'abcdefghijklmnopqrstuvwxyz234567')} public\n", "zmn-e")),
    ]


def finance_neg() -> list:
    f = "u23 neg: finance aggregator ids, masked accounts and env-read secrets"
    return [
        N(f, sh("curl -s -X POST https://sandbox.plaid.com/accounts/get -H 'Content-Type: application/json' "
                "-d \"{\\\"client_id\\\": \\\"$PLAID_CLIENT_ID\\\", \\\"secret\\\": \\\"$PLAID_SECRET\\\", \\\"access_token\\\": \\\"$PLAID_ACCESS_TOKEN\\\"}\" | jq '.accounts[0], .item.item_id, .request_id'",
                f'{{\n  "account_id": "{al("acct", 37)}",\n  "balances": {{"available": 100, "current": 110, "iso_currency_code": "USD"}},\n  "mask": "0000",\n'
                f'  "name": "Plaid Checking",\n  "subtype": "checking",\n  "type": "depository"\n}}\n"{al("item", 37)}"\n"{al("reqid", 15)}"\n', "fin-a")),
        N(f, read_ev("/home/dev/budget-sync/.env.example",
                     "# get these from https://dashboard.plaid.com/developers/keys\nPLAID_CLIENT_ID=\nPLAID_SECRET=\nPLAID_ENV=sandbox\nPLAID_PRODUCTS=transactions\n"
                     "# GoCardless Bank Account Data (user secrets page)\nGOCARDLESS_SECRET_ID=\nGOCARDLESS_SECRET_KEY=\n", "fin-b")),
        N(f, sh("curl -s https://bankaccountdata.gocardless.com/api/v2/agreements/enduser/ -H \"Authorization: Bearer $GC_ACCESS\" | jq '.results[0]'",
                f'{{\n  "id": "{uuid_of("agr")}",\n  "created": "2026-03-14T10:22:31.118Z",\n  "max_historical_days": 90,\n  "access_valid_for_days": 90,\n'
                '  "access_scope": ["balances", "details", "transactions"],\n  "accepted": "2026-03-14T10:24:02.004Z",\n  "institution_id": "REVOLUT_REVOGB21"\n}\n', "fin-c")),
        N(f, read_line("2026-03-01 * \"Bäckerei Lindner\" \"Frühstück\"\n  Assets:Bank:DE89-XXXX-XXXX-XXXX-XXXX-00   -8.40 EUR\n  Expenses:Food:Bakery\n\n"
                       f"2026-03-02 * \"SEPA transfer\" \"rent\"\n  transaction_id: \"{uuid_of('bctx')}\"\n  Assets:Bank:DE89-XXXX-XXXX-XXXX-XXXX-00  -1150.00 EUR\n  Expenses:Home:Rent", "fin-d", 201)),
        N(f, read_line("import * as api from '@actual-app/api';\n\nawait api.init({\n  dataDir: '/tmp/actual-cache',\n  serverURL: process.env.ACTUAL_SERVER_URL,\n"
                       "  password: process.env.ACTUAL_PASSWORD,\n});\n"
                       f"await api.downloadBudget('{uuid_of('actual-sync2')}', {{ password: process.env.ACTUAL_E2E_PASSWORD }});", "fin-e")),
    ]


def kerberos_neg() -> list:
    f = "u23 neg: kerberos keytab listings, ticket caches, krb5.conf and principal metadata"
    return [
        N(f, sh("sudo klist -kte /etc/httpd/http.keytab",
                "Keytab name: FILE:/etc/httpd/http.keytab\nKVNO Timestamp           Principal\n---- ------------------- ------------------------------------------------------\n"
                "   3 03/14/2026 10:22:31 HTTP/web01.corp.example.com@CORP.EXAMPLE.COM (aes256-cts-hmac-sha1-96) \n"
                "   3 03/14/2026 10:22:31 HTTP/web01.corp.example.com@CORP.EXAMPLE.COM (aes128-cts-hmac-sha1-96) \n", "krn-a")),
        N(f, read_ev("/etc/krb5.conf",
                     "[libdefaults]\n    default_realm = CORP.EXAMPLE.COM\n    dns_lookup_realm = false\n    ticket_lifetime = 10h\n    renew_lifetime = 7d\n"
                     "    default_ccache_name = KEYRING:persistent:%{uid}\n\n[realms]\n    CORP.EXAMPLE.COM = {\n        kdc = dc01.corp.example.com\n        admin_server = dc01.corp.example.com\n    }\n", "krn-b")),
        N(f, sh("kinit -kt /etc/httpd/http.keytab HTTP/web01.corp.example.com && kvno HTTP/web01.corp.example.com && klist",
                "HTTP/web01.corp.example.com@CORP.EXAMPLE.COM: kvno = 3\nTicket cache: KEYRING:persistent:0:0\nDefault principal: HTTP/web01.corp.example.com@CORP.EXAMPLE.COM\n\n"
                "Valid starting       Expires              Service principal\n03/14/2026 10:22:31  03/14/2026 20:22:31  krbtgt/CORP.EXAMPLE.COM@CORP.EXAMPLE.COM\n", "krn-c")),
        N(f, sh('sudo kadmin.local -q "getprinc jdoe"',
                "Authenticating as principal root/admin@EXAMPLE.COM with password.\nPrincipal: jdoe@EXAMPLE.COM\nExpiration date: [never]\n"
                "Last password change: Sat Mar 14 10:22:31 CET 2026\nPassword expiration date: [never]\nMaximum ticket life: 0 days 10:00:00\n"
                "Last modified: Sat Mar 14 10:22:31 CET 2026 (root/admin@EXAMPLE.COM)\nNumber of keys: 2\nKey: vno 1, aes256-cts-hmac-sha1-96\nKey: vno 1, aes128-cts-hmac-sha1-96\n"
                "MKey: vno 1\nAttributes: REQUIRES_PRE_AUTH\nPolicy: [none]\n", "krn-d")),
        N(f, read_line("import subprocess\n\n\ndef refresh_ticket(keytab=\"/etc/etl/etl.keytab\"):\n"
                       "    subprocess.run([\"kinit\", \"-kt\", keytab, \"etl@CORP.EXAMPLE.COM\"], check=True)", "krn-e", 30)),
    ]


def clinical_neg() -> list:
    f = "u23 neg: clinical and lab listings with orthanc ids, dicom uids, fhir ids and notebook ids"
    return [
        N(f, sh("curl -s -u \"$ORTHANC_USER:$ORTHANC_PASS\" http://orthanc.local:8042/studies?limit=2 && curl -s http://orthanc.local:8042/system | jq '{Version, DicomAet, ApiVersion}'",
                f'[ "{orthanc_id("n1")}", "{orthanc_id("n2")}" ]\n{{\n  "Version": "1.12.5",\n  "DicomAet": "ORTHANC",\n  "ApiVersion": 24\n}}\n', "cln-a")),
        N(f, sh("dcmdump +P 0008,0050 +P 0010,0020 +P 0020,000d +P 0020,000e +P 0008,0018 CT.1.dcm",
                "(0008,0050) SH [ACC20260314-0042]                     #  16, 1 AccessionNumber\n(0010,0020) LO [MRN00481133]                           #  12, 1 PatientID\n"
                "(0020,000d) UI [1.2.840.113619.2.55.3.604688119.969.1710411751.467] #  50, 1 StudyInstanceUID\n"
                "(0020,000e) UI [1.2.840.113619.2.55.3.604688119.969.1710411751.468] #  50, 1 SeriesInstanceUID\n"
                "(0008,0018) UI [1.2.840.113619.2.55.3.604688119.969.1710411751.469.1] #  52, 1 SOPInstanceUID\n", "cln-b")),
        N(f, read_line('{\n  "resourceType": "Patient",\n  "id": "' + uuid_of("fhir-pt") + '",\n  "meta": {"versionId": "3", "lastUpdated": "2026-03-14T10:22:31.118+00:00"},\n'
                       '  "identifier": [{"system": "urn:oid:2.16.840.1.113883.3.4424", "value": "MRN00481133"}],\n  "name": [{"family": "Okafor", "given": ["Ada"]}],\n'
                       '  "birthDate": "1984-07-02"\n}', "cln-c")),
        N(f, sh("python scripts/list_sequences.py --folder lib_Q8sd2Lx1 --limit 3",
                "seq_Ab12Cd34  pUC19-GFP-v2          2686 bp\nseq_Ef56Gh78  pET28a-His-TEV-MBP     6144 bp\nseq_Ij90Kl12  lenti-CRISPRv2-sgAAVS1 14873 bp\n", "cln-d")),
        N(f, sh("curl -s -H \"Authorization: $ELAB_API_KEY\" https://elab.example.org/api/v2/experiments/812 | jq '{id, elabid, title, locked}'",
                f'{{\n  "id": 812,\n  "elabid": "20260314-{sha("elabid")}",\n  "title": "qPCR of knockdown lines, plate 3",\n  "locked": 0\n}}\n', "cln-e")),
    ]


def library_neg() -> list:
    f = "u23 neg: library and course listings with isbns, barcodes, handles, uuids and resumption tokens"
    return [
        N(f, sh("curl -s -H \"Authorization: Bearer $CANVAS_TOKEN\" 'https://canvas.example.edu/api/v1/courses/48213' | jq '{id, uuid, sis_course_id, integration_id, workflow_state}'",
                f'{{\n  "id": 48213,\n  "uuid": "{al("cvuuid", 40)}",\n  "sis_course_id": "2026SP-STAT101-02",\n  "integration_id": null,\n  "workflow_state": "available"\n}}\n', "lbn-a")),
        N(f, sh("yaz-marcdump -s 2 -n records/export.mrc | head -9",
                "00946cam a2200289 i 4500\n001 991004821337\n005 20260314102231.0\n008 240118s2024    nyu      b    001 0 eng d\n020    $a 9780393635706 $q (hardcover)\n"
                "035    $a (OCoLC)1389213301\n100 1  $a Okafor, Ada, $e author.\n245 10 $a Kelp forests : $b a natural history / $c Ada Okafor.\n952    $a MAIN $p 31234000481133 $o QH541.5.K45 O33 2024\n", "lbn-b")),
        N(f, sh("curl -s 'https://repository.example.edu/oai/request?verb=ListIdentifiers&metadataPrefix=oai_dc&set=com_10919_5' | xmllint --xpath '//*[local-name()=\"resumptionToken\"] | //*[local-name()=\"identifier\"][1]' -",
                '<identifier>oai:repository.example.edu:10919/118823</identifier><resumptionToken completeListSize="4821" cursor="0">oai_dc/com_10919_5////100</resumptionToken>', "lbn-c")),
        N(f, read_ev("/home/dev/lti-tool/platforms.json",
                     '{\n  "https://canvas.instructure.com": {\n    "client_id": "10000000000417",\n    "deployment_ids": ["48213:' + sha("lti-dep", 40) + '"],\n'
                     '    "auth_login_url": "https://sso.canvaslms.com/api/lti/authorize_redirect",\n    "auth_token_url": "https://sso.canvaslms.com/login/oauth2/token",\n'
                     '    "key_set_url": "https://sso.canvaslms.com/api/lti/security/jwks",\n    "private_key_file": "/run/secrets/lti_private.pem",\n'
                     '    "public_key_file": "keys/lti_public.pem"\n  }\n}\n', "lbn-d")),
        N(f, sh("curl -s -H \"Authorization: Bearer $CANVAS_ADMIN_TOKEN\" https://canvas.example.edu/api/v1/accounts/1/developer_keys | jq '.[0] | {id, name, api_key, visible, workflow_state}'",
                '{\n  "id": "10000000000417",\n  "name": "Attendance LTI 1.3",\n  "api_key": "**********",\n  "visible": true,\n  "workflow_state": "active"\n}\n', "lbn-e")),
    ]


def mods_neg() -> list:
    f = "u23 neg: mod manifests and lockfiles with hashes, project ids and file ids"
    return [
        N(f, read_line('{\n  "formatVersion": 1,\n  "game": "minecraft",\n  "versionId": "2.3.0",\n  "name": "Cozy Lanterns Pack",\n  "files": [\n    {\n'
                       '      "path": "mods/sodium-fabric-0.6.0+mc1.21.1.jar",\n      "hashes": {\n        "sha1": "' + sha("mr-sha1", 40) + '",\n'
                       '        "sha512": "' + hashlib.sha512(b"mr").hexdigest() + '"\n      },\n      "env": {"client": "required", "server": "unsupported"},\n'
                       '      "downloads": ["https://cdn.modrinth.com/data/AANobbMI/versions/u1OEbNKx/sodium-fabric-0.6.0%2Bmc1.21.1.jar"],\n      "fileSize": 1053914\n    }\n  ]\n}', "mon-a")),
        N(f, read_ev("/home/dev/pack/mods/sodium.pw.toml",
                     'name = "Sodium"\nfilename = "sodium-fabric-0.6.0+mc1.21.1.jar"\nside = "client"\n\n[download]\nurl = "https://cdn.modrinth.com/data/AANobbMI/versions/u1OEbNKx/sodium-fabric-0.6.0%2Bmc1.21.1.jar"\n'
                     f'hash-format = "sha512"\nhash = "{hashlib.sha512(b"pw").hexdigest()}"\n\n[update]\n[update.modrinth]\nmod-id = "AANobbMI"\nversion = "u1OEbNKx"\n', "mon-b")),
        N(f, read_ev("/home/dev/pack/manifest.json",
                     '{\n  "minecraft": {"version": "1.20.1", "modLoaders": [{"id": "forge-47.3.0", "primary": true}]},\n  "manifestType": "minecraftModpack",\n  "manifestVersion": 1,\n'
                     '  "name": "Cozy Lanterns",\n  "version": "2.3.0",\n  "author": "lanternsmith",\n  "files": [\n    {"projectID": 238222, "fileID": 5101366, "required": true},\n'
                     '    {"projectID": 394468, "fileID": 5211044, "required": true}\n  ],\n  "overrides": "overrides"\n}\n', "mon-c")),
        N(f, read_line("      - uses: Kir-Antipov/mc-publish@v3.3\n        with:\n          modrinth-id: AANobbMI\n          modrinth-token: ${{ secrets.MODRINTH_TOKEN }}\n"
                       "          curseforge-id: 394468\n          curseforge-token: ${{ secrets.CURSEFORGE_TOKEN }}\n          files: build/libs/!(*-@(dev|sources|javadoc)).jar", "mon-d", 40)),
        N(f, said("why does the curseforge api key look like a bcrypt hash ($2a$10$ then 53 characters)? Is the portal showing me the hash of my key instead of the key, "
                  "or is that really the format? I don't want to paste the real one here.", "mon-e")),
    ]


def diffs_neg() -> list:
    f = "u23 neg: configuration diffs with password hashes, masked lines, serials and references"
    return [
        N(f, sh("sudo etckeeper vcs log -p -1 -- shadow",
                f"commit {sha('ekn-commit')}\nAuthor: root <root@mx01.example.org>\nDate:   Sat Mar 14 10:22:31 2026 +0100\n\n    committing changes in /etc made by \"passwd jdoe\"\n\n"
                "diff --git a/shadow b/shadow\n--- a/shadow\n+++ b/shadow\n@@ -31 +31 @@\n"
                f"-jdoe:$y$j9T${al('ys1', 22, ALNUM + './')}${al('yh1', 43, ALNUM + './')}:20480:0:99999:7:::\n"
                f"+jdoe:$y$j9T${al('ys2', 22, ALNUM + './')}${al('yh2', 43, ALNUM + './')}:20526:0:99999:7:::\n", "dfn-a")),
        N(f, read_line("Index: configs/core-sw1\n===================================================================\n"
                       "- !Serial Number: FOC2104X1ZQ\n+ !Serial Number: FOC2241Y0AB\n  !\n  enable secret <removed>\n  username netops privilege 15 secret <removed>\n"
                       "- snmp-server community <removed> RO\n+ snmp-server community <removed> RO 10\n", "dfn-b")),
        N(f, sh("ansible-playbook -i inventory/prod site.yml --tags config --check --diff --limit web01",
                "\nTASK [app : Render application config] *****************************************\n--- before: /etc/app/config.ini\n+++ after: /home/dev/.ansible/tmp/ansible-local-21934k2r/tmpq1x0/config.ini.j2\n"
                "@@ -5,5 +5,5 @@\n user = app\n password_file = /run/secrets/app_db_password\n-pool_size = 20\n+pool_size = 40\n \n"
                "changed: [web01]\n\nTASK [app : Set database password] **********************************************\nchanged: [web01] => (item=None)\n", "dfn-c")),
        N(f, sh("diff -u ~/.ssh/known_hosts.bak ~/.ssh/known_hosts",
                "--- /home/dev/.ssh/known_hosts.bak\t2026-03-01 09:00:00.000000000 +0100\n+++ /home/dev/.ssh/known_hosts\t2026-03-14 10:22:31.118000000 +0100\n@@ -3,2 +3,2 @@\n"
                f"-build02.internal ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{al('kh1', 43, ALNUM + '+/')}\n+build02.internal ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{al('kh2', 43, ALNUM + '+/')}\n"
                f" git.example.org ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{al('kh3', 43, ALNUM + '+/')}\n", "dfn-d")),
        N(f, sh("git -C /var/lib/oxidized/configs.git log -p -1 -- cisco/core-sw2",
                f"commit {sha('oxn')}\nAuthor: oxidized <oxidized@example.org>\nDate:   Sat Mar 14 03:00:12 2026 +0000\n\n    update cisco/core-sw2\n\n"
                "diff --git a/cisco/core-sw2 b/cisco/core-sw2\n--- a/cisco/core-sw2\n+++ b/cisco/core-sw2\n@@ -12,4 +12,4 @@ hostname core-sw2\n"
                f"-username netops privilege 15 secret 9 $9${al('c9s1', 14, ALNUM + './')}${al('c9h1', 43, ALNUM + './')}\n"
                f"+username netops privilege 15 secret 9 $9${al('c9s2', 14, ALNUM + './')}${al('c9h2', 43, ALNUM + './')}\n"
                " ! Last configuration change at 02:51:40 UTC Sat Mar 14 2026 by netops\n", "dfn-e")),
    ]


def map_keys_neg() -> list:
    f = "u23 neg: maps keyed by key hashes, certificate fingerprints, key ids and tenant uuids"
    return [
        N(f, read_line("import hashlib\nimport hmac\n\n# sha256 of each issued key; the keys themselves are shown once at creation\nAPI_KEY_HASHES = {\n"
                       f"    \"{hx('mkh1', 64)}\": \"billing-service\",\n    \"{hx('mkh2', 64)}\": \"mobile-app\",\n}}\n\n\n"
                       "def client_for(key):\n    digest = hashlib.sha256(key.encode()).hexdigest()\n"
                       "    return next((c for h, c in API_KEY_HASHES.items() if hmac.compare_digest(h, digest)), None)", "mkn-a", 12)),
        N(f, read_ev("/etc/nginx/conf.d/mtls-clients.conf",
                     "map $ssl_client_fingerprint $mtls_client {\n    default \"\";\n"
                     f"    {sha('fp1', 40)} \"warehouse-scanner\";\n    {sha('fp2', 40)} \"reporting-cron\";\n}}\n", "mkn-b")),
        N(f, read_ev("/etc/haproxy/maps/tenants.map",
                     f"# tenant id                            backend\n{uuid_of('t1')} be_eu1\n{uuid_of('t2')} be_eu2\n{uuid_of('t3')} be_us1\n", "mkn-c")),
        N(f, read_line("var jwksByKid = map[string]string{\n"
                       f"\t\"{al('kid1', 43, URLSAFE)}\": \"https://login.example.com/.well-known/jwks.json\",\n\t\"{al('kid2', 43, URLSAFE)}\": \"https://auth.partner.example/jwks\",\n}}", "mkn-d", 22)),
        N(f, write_ev("/home/dev/gateway/keys.json",
                      f'{{\n  "key_{al("kpfx", 8).lower()}": {{"owner": "ops-dashboard", "hash": "sha256:{hx("kh", 64)}", "last4": "9fQ2", "scopes": ["read:metrics"]}}\n}}\n', "mkn-e")),
    ]


def deploy_neg() -> list:
    f = "u23 neg: static site deploy logs and configs with deploy ids, site ids and env references"
    site = uuid_of("nsite2")
    return [
        N(f, sh("npx netlify deploy --prod --dir=dist",
                "Deploy path:        /home/dev/docs-site/dist\nDeploying to main site URL...\n✔ Finished hashing 214 files\n✔ CDN requesting 3 files\n✔ Deploy is live!\n\n"
                "Build logs:         https://app.netlify.com/sites/docs-site-acme/deploys/65f2d11be8a7c40009a3c2f1\nUnique deploy URL:  https://65f2d11be8a7c40009a3c2f1--docs-site-acme.netlify.app\n", "stn-a")),
        N(f, sh("npx netlify status",
                "──────────────────────┐\n Current Netlify User │\n──────────────────────┘\nName:   Ada Okafor\nEmail:  ada@acme.example\nGitHub: adaokafor\nTeams:\n  - Acme Docs\n"
                f"────────────────────┐\n Netlify Site Info  │\n────────────────────┘\nCurrent site: docs-site-acme\nAdmin URL:    https://app.netlify.com/sites/docs-site-acme\nSite URL:     https://docs.acme.example\nSite Id:      {site}\n", "stn-b")),
        N(f, read_ev("/home/dev/landing/.github/workflows/deploy.yml",
                     "name: deploy\non:\n  push:\n    branches: [main]\njobs:\n  deploy:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
                     "      - run: npm ci && npm run build\n      - run: npx vercel deploy --prod --token \"$VERCEL_TOKEN\" --yes\n        env:\n          VERCEL_TOKEN: ${{ secrets.VERCEL_TOKEN }}\n"
                     "          VERCEL_ORG_ID: team_" + al("vorg", 24) + "\n          VERCEL_PROJECT_ID: prj_" + al("vprj", 28) + "\n", "stn-c")),
        N(f, sh("firebase deploy --only hosting --token \"$FIREBASE_TOKEN\"",
                "\n=== Deploying to 'acme-docs-4f2a1'...\n\ni  deploying hosting\ni  hosting[acme-docs-4f2a1]: beginning deploy...\ni  hosting[acme-docs-4f2a1]: found 214 files in dist\n"
                "✔  hosting[acme-docs-4f2a1]: file upload complete\n✔  hosting[acme-docs-4f2a1]: release complete\n\n✔  Deploy complete!\n\n"
                "Project Console: https://console.firebase.google.com/project/acme-docs-4f2a1/overview\nHosting URL: https://acme-docs-4f2a1.web.app\n", "stn-d")),
        N(f, sh("vercel env ls production",
                "Vercel CLI 39.1.0\n> Environment Variables found for acme/landing [412ms]\n\n name                  value               environments        created\n"
                " STRIPE_SECRET_KEY     Encrypted           Production          12d ago\n DATABASE_URL          Encrypted           Production          40d ago\n"
                " NEXT_PUBLIC_SITE_URL  Encrypted           Production          40d ago\n", "stn-e")),
    ]


def sec_neg() -> list:
    f = "u23 neg: security tool runs and reports without a credential (hydra misses, zap alerts, hash cracking status)"
    return [
        N(f, sh("hydra -l admin -P top1000.txt -s 8443 -S 10.10.20.30 https-post-form '/login:user=^USER^&pass=^PASS^:F=Invalid credentials'",
                "Hydra v9.5 (c) 2023 by van Hauser/THC & David Maciejak - Please do not use in military or secret service organizations, or for illegal purposes.\n\n"
                "[DATA] max 16 tasks per 1 server, overall 16 tasks, 1000 login tries (l:1/p:1000), ~63 tries per task\n[DATA] attacking http-post-forms://10.10.20.30:8443/login:user=^USER^&pass=^PASS^:F=Invalid credentials\n"
                "[STATUS] 612.00 tries/min, 612 tries in 00:01h, 388 to do in 00:01h, 16 active\n1 of 1 target completed, 0 valid password found\n", "sen-a")),
        N(f, sh("curl -s \"http://127.0.0.1:8090/JSON/alert/view/alertsSummary/?baseurl=https://staging.example.org\" -H \"X-ZAP-API-Key: $ZAP_API_KEY\" && curl -s 'http://127.0.0.1:8090/JSON/core/view/alerts/?count=1' -H \"X-ZAP-API-Key: $ZAP_API_KEY\" | jq '.alerts[0] | {alert, risk, evidence, param}'",
                '{"alertsSummary":{"High":0,"Low":7,"Medium":3,"Informational":11}}{\n  "alert": "Information Disclosure - Suspicious Comments",\n  "risk": "Informational",\n'
                '  "evidence": "password",\n  "param": ""\n}\n', "sen-b")),
        N(f, sh("hashcat -m 1800 -a 0 hashes/shadow.txt wordlists/top10k.txt --status --runtime=60",
                "Session..........: hashcat\nStatus...........: Exhausted\nHash.Mode........: 1800 (sha512crypt $6$, SHA512 (Unix))\n"
                f"Hash.Target......: $6${al('hcs', 16, ALNUM + './')}${al('hch', 86, ALNUM + './')}\nTime.Started.....: Sat Mar 14 10:22:31 2026 (58 secs)\n"
                "Recovered........: 0/1 (0.00%) Digests (total), 0/1 (0.00%) Digests (new)\nProgress.........: 10000/10000 (100.00%)\n", "sen-c")),
        N(f, sh("nmap -p 22 --script ssh-auth-methods,ssh-hostkey 10.10.20.14",
                "Starting Nmap 7.94 ( https://nmap.org ) at 2026-03-14 10:22 CET\nNmap scan report for 10.10.20.14\nHost is up (0.00041s latency).\n\nPORT   STATE SERVICE\n22/tcp open  ssh\n"
                f"| ssh-hostkey: \n|   256 {':'.join(sha('hk1', 32)[i:i + 2] for i in range(0, 32, 2))} (ECDSA)\n|_  256 {':'.join(sha('hk2', 32)[i:i + 2] for i in range(0, 32, 2))} (ED25519)\n"
                "| ssh-auth-methods: \n|   Supported authentication methods: \n|     publickey\n|_    password\n\nNmap done: 1 IP address (1 host up) scanned in 0.62 seconds\n", "sen-d")),
        N(f, read_line("## Findings\n\n| ID | Title | Severity | Status |\n|----|-------|----------|--------|\n| F-01 | Default credentials accepted on printer web UI | High | Fixed, password rotated (stored in vault) |\n"
                       "| F-02 | SSH allows password authentication | Medium | Open |\n| F-03 | Session cookie without Secure flag | Low | Open |\n\n"
                       "Credentials used during the test were provided out of band and are not reproduced in this report.", "sen-e")),
    ]


def fmt_neg() -> list:
    f = "u23 neg: format-string calls building headers and dsns from variables and the environment"
    return [
        N(f, read_line("\treq.Header.Set(\"Authorization\", fmt.Sprintf(\"Token %s\", os.Getenv(\"SCHEDULER_API_TOKEN\")))\n\treq.Header.Set(\"X-Request-Id\", fmt.Sprintf(\"%s-%d\", host, time.Now().UnixNano()))", "fcn-a", 36)),
        N(f, read_line("engine = create_engine(\n    \"postgresql+psycopg://{}:{}@{}/{}\".format(cfg.user, cfg.password, cfg.host, cfg.dbname),\n    pool_pre_ping=True,\n)", "fcn-b", 12)),
        N(f, read_line("static int smtp_auth(int fd, const struct creds *c)\n{\n    char cmd[256];\n    snprintf(cmd, sizeof cmd, \"AUTH PLAIN %s\\r\\n\", c->plain_b64);\n    return send_line(fd, cmd);\n}", "fcn-c", 140)),
        N(f, read_line("log.info(String.format(\"connecting to %s as %s (password: %s)\", url, user, \"****\"));", "fcn-d", 88)),
        N(f, read_line("let token = std::env::var(\"USAGE_API_TOKEN\").context(\"USAGE_API_TOKEN not set\")?;\n"
                       "let resp = client\n    .get(\"https://api.example.com/v2/usage\")\n    .header(\"Authorization\", format!(\"Bearer {}\", token))\n    .send()\n    .await?;", "fcn-e", 60)),
    ]


def encdb_neg() -> list:
    f = "u23 neg: encrypted database code taking keys from keystores, cipher settings and ciphertext dumps"
    return [
        N(f, read_line("val passphrase = keyStoreHelper.getOrCreateDatabaseKey(alias = \"notes-db\")\nval factory = SupportFactory(passphrase)\n\n"
                       "val db = Room.databaseBuilder(context, AppDatabase::class.java, \"notes.db\")\n    .openHelperFactory(factory)\n    .build()", "edn-a", 27)),
        N(f, sh("sqlcipher vault.db 'PRAGMA cipher_version;' 'PRAGMA cipher_default_settings;'",
                "4.6.1 community\nPRAGMA kdf_iter = 256000;\nPRAGMA cipher_page_size = 4096;\nPRAGMA cipher_use_hmac = 1;\nPRAGMA cipher_plaintext_header_size = 0;\n"
                "PRAGMA cipher_hmac_algorithm = HMAC_SHA512;\nPRAGMA cipher_kdf_algorithm = PBKDF2_HMAC_SHA512;\n", "edn-b")),
        N(f, sh("xxd -l 48 ~/app/data/vault.db",
                "".join(f"{i * 16:08x}: " + " ".join(hx(f"ct{i}", 32)[j:j + 4] for j in range(0, 32, 4)) + "  ................\n" for i in range(3)), "edn-c")),
        N(f, read_line("Dim cs As String\ncs = \"Provider=Microsoft.ACE.OLEDB.12.0;Data Source=\" & CurrentProject.Path & \"\\stock.accdb;\" & _\n"
                       "     \"Jet OLEDB:Database Password=\" & GetSetting(\"StockTake\", \"Db\", \"Password\")\ncn.Open cs", "edn-d", 14)),
        N(f, read_line("let query: [String: Any] = [\n    kSecClass as String: kSecClassGenericPassword,\n    kSecAttrService as String: \"realm-key\",\n"
                       "    kSecReturnData as String: true,\n]\nvar item: CFTypeRef?\nguard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess, let key = item as? Data else {\n"
                       "    throw StorageError.missingKey\n}\nlet config = Realm.Configuration(encryptionKey: key)", "edn-e", 11)),
    ]


def prompts_north_neg() -> list:
    f = "u23 neg: prompts in icelandic, greenlandic, northern sami, inuktitut and cherokee without a secret"
    return [
        N(f, said("Hæ, lykilorðið að gagnagrunninum er geymt í Vault undir secret/data/app/db. Geturðu breytt settings.py þannig að það lesi það úr umhverfisbreytunni DB_PASSWORD í stað þess að vera harðkóðað?", "pnn-a")),
        N(f, said("Aluu! Isissutissaq (password) nutaaq pisariaqarpoq, kisianni 1Password-imi toqqorsimavara. ssh key-mik atuinissaq ajunnginnerussagaluarpoq — ikiorsinnaavinga ssh-keygen-imik?", "pnn-b")),
        N(f, said("Buorre beaivi! Beassansátni ii leat vuos ráhkaduvvon; geavaheaddji galgá ieš válljet dan vuosttaš sisaseami maŋŋá. Sáhtášitgo čállit testa mii dárkista ahte beassansátnis leat unnimusat 12 mearkka?", "pnn-c")),
        N(f, said("ᐊᐃ! API key ᐱᔭᕆᐊᖃᖅᑐᖓ, ᑭᓯᐊᓂ ᑐᓂᔭᐅᓚᐅᙱᑦᑐᖓ. .env.example-ᒥ API_KEY=your-key-here ᐃᓕᔭᐅᓂᐊᖅᐸ? ᖁᔭᓐᓇᒦᒃ.", "pnn-d")),
        N(f, said("ᎣᏏᏲ! Netlify token ᎥᏝ ᏱᏥᎪᎥ CI ᎠᏂ. GitHub secrets ᎠᏂ NETLIFY_AUTH_TOKEN ᏓᏍᏆᏂᎪᏗ — workflow file ᏣᏬᏁᏗ ᏰᎵ? ᏩᏙ.", "pnn-e")),
    ]


def prompts_cyrillic_neg() -> list:
    f = "u23 neg: prompts in chechen, ossetian, sakha, buryat and udmurt without a secret"
    return [
        N(f, said("Салам! Пароль кода чохь ца хила беза — .env файлера DB_PASSWORD схьаэца деза. settings.py нисде, дехар ду.", "pcn-a")),
        N(f, said("Салам! Redis-ы пароль Vault-ы ис, secret/data/cache. Конфиг афтӕ скӕн, ӕмӕ йӕ уырдыгӕй исӕд, кодмӕ йӕ ма фысс.", "pcn-b")),
        N(f, said("Дорообо! Киирии тыл (пароль) 12 бэлиэттэн кылгас буолбатах буолуохтаах диэн тест суруй эрэ, `validate_password` функцияҕа.", "pcn-c")),
        N(f, said("Сайн байна! API түлхүүр манда үгы — админһаа асуухаб. Тэрэ хүрэтэр .env.example соо API_KEY=changeme гэжэ бэшэеэрэй.", "pcn-d")),
        N(f, said("Ӟечбуресь! ssh-ключ понны ed25519 кутомы, паролен пырон кельтоно. sshd_config-ын PasswordAuthentication no гожты ай.", "pcn-e")),
    ]


def cases() -> list:
    out = []
    for family in (gnss, weather, adsb, torrent, voice, vnc, rlang, bi, curve_keys, finance, kerberos, encdb, lab, library, lms, clinical,
                   mods, diffs, map_keys, static_sites, dns_code, sectools, mail_sandbox, dav, academic, tasmota, fmt_calls, pkl_kdl,
                   prompts_north, prompts_cyrillic, prompts_misc,
                   gnss_neg, weather_neg, adsb_neg, torrent_neg, voice_neg, vnc_neg, r_neg, curve_neg, finance_neg, kerberos_neg,
                   clinical_neg, library_neg, mods_neg, diffs_neg, map_keys_neg, deploy_neg, sec_neg, fmt_neg, encdb_neg,
                   prompts_north_neg, prompts_cyrillic_neg):
        out.extend(family())
    return out
