"""A sixth unseen part of the labelled privacy set (beside tests/privacy_eval/unseen.py,
unseen_two.py, unseen_three.py, unseen_four.py and unseen_five.py): 254 cases in 49 families, written
BLIND on 2026-12-02 (between about 02:39 and 02:50 UTC) by an author who read neither the filter
(store/privacy/), its tests (tests/store/, tests/hooks/), the benches' code (beyond the list of unseen
parts, to register this one), the filter's docs nor any other part's cases: only the format (the head
of unseen_five.py, carriers.py and the helpers' signatures in tests/privacy_eval/__init__.py), the
test of the unseen parts and the list of family names already used, to avoid them.  Its families are
prefixed `u21`, all realistic: shaped as Claude Code sends them (a Bash call and its output, with
stderr for some, a prompt, a Read's event or its numbered transcript lines, a Write's content, an
Edit, a tool result line).

It is never tuned on: no rule of the filter may be made for any of its cases, nobody who fixes
the filter may read them, and it is listed nowhere (no import in dev.py).  A case changes only
to fix a labelling error, said so where it is changed.

Positives (155 cases, 31 families): log pipeline sinks (Splunk forwarder and HEC, Fluent Bit,
Vector, Graylog); NAS appliance shells (Synology synouser, Unraid, QNAP, OpenMediaVault); IP cameras
and NVR configs (RTSP URLs, Frigate, ZoneMinder, ONVIF, go2rtc); SMB and CIFS mounts (fstab,
mount.cifs options, smbclient user%pass, autofs maps); e-commerce platforms (Magento env.php,
PrestaShop, WooCommerce REST keys, Shopware); community and wiki software (MediaWiki, Moodle,
Discourse, phpBB); artifact and code quality servers (Nexus admin.password, JFrog CLI, SonarQube,
Dependency-Track); managed streaming clusters (Confluent Cloud, Redpanda rpk, Aiven, Upstash Kafka);
p2p overlay node keys (Tor onion services, Yggdrasil, cjdns, tinc); Stellar, XRP Ledger, Tezos,
Cardano and Algorand secret keys; SQL dialects creating users (Sybase ASE, H2, Apache Derby, MonetDB,
Exasol); Apex, MQL5, Business Central AL and X++ sources; prompts in Cornish, Manx, Tongan, Aymara
and Xhosa; in Kinyarwanda, Shona, Setswana, Sesotho and Chichewa; cluster bootstrap commands
printing a root token (nomad acl bootstrap, kubectl create token, k3s node-token, step ca token,
rke2); PASETO, Fernet, Tink and libsodium keys; UCL, NestedText, Nickel, CSON and recutils configs;
push notification services (FCM legacy keys, OneSignal, Pusher, Expo, Pushover); CDN provider
credentials (Akamai .edgerc, Fastly, bunny.net, KeyCDN, Gcore); CRM and marketing APIs (HubSpot
private apps, Mailchimp, Brevo, Klaviyo, Pipedrive); workspace APIs (Notion, Airtable, Linear,
Trello, ClickUp); cloud browser and device grids (BrowserStack, Sauce Labs, LambdaTest,
Browserless); serverless databases (PlanetScale, Neon, Turso, Xata); remote access gateways
(Guacamole, RustDesk, MeshCentral, FreeRDP); HPC schedulers and grid storage (slurmdbd, iRODS,
HTCondor, MUNGE, Open OnDemand); infrastructure monitoring servers (Zabbix, Icinga, Checkmk,
LibreNMS); Active Directory and Samba domain commands (samba-tool, dsadd, net ads join, realm
join); MDM and device management APIs (Jamf Pro, Kandji, MicroMDM, NanoMDM, Mosyle); video
conferencing servers (Jitsi, BigBlueButton, LiveKit, Janus); hosted content APIs (Sanity,
Contentful, Storyblok, DatoCMS, Prismic); consumer IoT clouds (Tuya local keys, Blynk, Particle,
Shelly, SmartThings).  Some values are shaped like non-secrets on purpose: hex (Vector's Datadog
key, Magento's crypt key, MediaWiki's secret and upgrade keys, WooCommerce keys, Yggdrasil and cjdns
private keys, XRP seed hex, Zabbix PSKs, Jitsi passwords, Particle tokens, Pipedrive tokens, DatoCMS
tokens), UUIDs (Splunk HEC tokens, Nexus's first admin password, Nomad secret ids, Sauce Labs and
Kandji keys, SmartThings tokens), base32 (Stellar seeds, OneSignal keys), base64 of key bytes (a
Tor onion key file, MUNGE and Tink keys, Fernet keys), JWTs (Kubernetes, step, Turso, LiveKit), a
25-word mnemonic and values with symbols only (a Tuya local key).

Negatives (99 cases, 18 families): the same neighbourhoods holding no secret: log pipeline configs
reading the environment (and a Graylog root password's SHA-256); NAS and camera listings with
serials, MAC addresses and RTSP URLs without credentials; SMB mounts with credential files and share
listings; shop, wiki and forum configs with getenv and a sample's placeholder; artifact server
checksums and masked tokens; onion hostnames, overlay public keys and a hashed control password;
chain addresses, public keys and transaction ids; SQL catalogs listing users; code in the batch's
languages reading named credentials; prompts in the batch's languages without a secret; public
PASETO keys, KMS-wrapped Tink keysets and key docs; configs with references and an empty or
confidential field; SaaS ids (portals, lists, pages, bases, a Pusher public key); bootstrap listings
with accessor ids; monitoring, directory and HPC listings with PSK identities, SIDs and GUIDs;
conferencing rooms, an API checksum, content spaces and device ids; CDN, browser grid and serverless
database outputs with service ids, build hashes and masked values.

Values are made at run time (gen, random_secret, sha, uuid_of), so secret scanners do not flag
this file.

Measured by the lead before the stop's round, on the filter of 79a89943 (totals only, never read
case by case): caught 78.1 % (121 / 155), false redactions 7.9 % (16 / 202); the plain baseline
14.8 % and 29.4 % (15 / 51)."""

from __future__ import annotations

import base64
import json

from tests.privacy_eval import ALNUM, B32, HEX, gen, random_secret, sha, uuid_of
from tests.privacy_eval.carriers import N, P, edit_ev, out, read_ev, read_line, said, sh, write_ev

# The people's passwords of this part (memorable, with a symbol), written for it.
H = ["Kestrel!Lantern27", "hollow-Magpie615", "Driftwood#Otter82", "Saffron$Ridge39", "brisk^Cormorant44",
     "Tamarack!Fjord58", "Quarry%Lynx2031", "nettle-Gannet96", "Crocus&Wombat13", "Pinion!Mule7745",
     "Lichen.Sparrow08", "umber_Caribou61", "Fescue!Turbot29", "Bramble+Kite450", "Larch@Manatee37",
     "Coral~Jackal84", "Heather!Dory553", "Slate-Puffin21", "Nimbus^Tarsier66", "Vetch!Albatross9",
     "Anise*Beaver302", "Flint-Cassowary5", "Rowan!Kinkajou48", "Delta&Weasel717", "Mesa!Starling64",
     "Shale=Gecko1990", "parsnip-Okapi33", "Tallow!Heron4x4", "Loam#Capybara70", "Wicket!Stork818"]  # fmt: skip

URL = ALNUM + "-_"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
DIG = "0123456789"
# Words of the BIP-39 English list (Algorand's mnemonics use it too).
WORDS = ["badge", "bamboo", "banner", "barely", "barrel", "basket", "battle", "beach", "bean", "beauty", "become",
         "beef", "before", "begin", "behave", "believe", "below", "bench", "benefit", "best", "betray", "better",
         "between", "beyond", "bicycle", "bid", "bike", "bind", "biology", "bird", "birth", "bitter", "black",
         "blade", "blame", "blanket", "blast", "bleak", "bless", "blind", "blood", "blossom", "blouse", "blue",
         "blur", "blush", "board", "boat", "body", "boil", "bomb", "bone", "bonus", "book", "boost", "border"]  # fmt: skip


def s(tag: str, n: int = 24) -> str:
    """A random credential of this part (mixed case and digits)."""
    return random_secret("u21" + tag, n)


def g(tag: str, n: int, alphabet: str = ALNUM) -> str:
    return gen("u21" + tag, n, alphabet)


def hx(tag: str, n: int) -> str:
    return gen("u21" + tag, n, HEX)


def uid(tag: str) -> str:
    return uuid_of("u21" + tag)


def b64_bytes(tag: str, n: int) -> str:
    return base64.b64encode(bytes.fromhex(hx(tag, 2 * n))).decode()


def b64u_bytes(tag: str, n: int) -> str:
    return base64.urlsafe_b64encode(bytes.fromhex(hx(tag, 2 * n))).decode()


def mnemonic(tag: str, n: int) -> str:
    idx = gen("u21" + tag, n, "".join(chr(65 + i) for i in range(len(WORDS))))
    return " ".join(WORDS[ord(c) - 65] for c in idx)


def b64url(obj) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def jwt(tag: str, header: dict, payload: dict) -> str:
    return b64url(header) + "." + b64url(payload) + "." + g(tag + "sig", 86, URL)


# ---------------------------------------------------------------- positives

F01 = "u21: log pipeline sinks (splunk forwarder and hec, fluent bit, vector, graylog)"


def f01() -> list:
    spw, fbpw = H[0], s("f01fb", 20)
    dd = hx("f01dd", 32)
    gsec = s("f01gl", 96)
    ghash = sha("u21f01glroot", 64)
    hec = uid("f01hec")
    return [
        P(F01, sh(f"sudo /opt/splunkforwarder/bin/splunk add forward-server idx01.corp.example:9997 -auth admin:{spw}",
                  "Added forwarding to: idx01.corp.example:9997.\n", "u21f01a"), spw),
        P(F01, read_ev("/etc/fluent-bit/fluent-bit.conf",
                       "[SERVICE]\n    Flush        5\n    Log_Level    info\n\n[INPUT]\n    Name   tail\n"
                       "    Path   /var/log/nginx/*.log\n    Tag    nginx.*\n\n[OUTPUT]\n    Name            es\n"
                       "    Match           nginx.*\n    Host            es01.internal\n    Port            9200\n"
                       f"    HTTP_User       fluentbit\n    HTTP_Passwd     {fbpw}\n    tls             On\n"
                       "    Suppress_Type_Name On\n", "u21f01b"), fbpw),
        P(F01, write_ev("/home/dev/infra/vector/vector.toml",
                        '[sources.app]\ntype = "file"\ninclude = ["/var/log/app/*.json"]\n\n'
                        '[sinks.datadog]\ntype = "datadog_logs"\ninputs = ["app"]\nsite = "datadoghq.eu"\n'
                        f'default_api_key = "{dd}"\ncompression = "gzip"\n', "u21f01c"), dd),
        P(F01, read_line("# Graylog server configuration\nis_leader = true\nnode_id_file = /etc/graylog/server/node-id\n"
                         f"password_secret = {gsec}\nroot_username = admin\nroot_password_sha2 = {ghash}\n"
                         "http_bind_address = 0.0.0.0:9000\nelasticsearch_hosts = http://127.0.0.1:9200\n",
                         "u21f01d"), gsec),
        P(F01, sh(f'curl -sk https://hec.splunk.corp.example:8088/services/collector/event -H "Authorization: Splunk {hec}" '
                  "-d '{\"event\": \"deploy finished\", \"sourcetype\": \"ci\"}'",
                  '{"text":"Success","code":0}\n', "u21f01e"), hec),
    ]


F02 = "u21: nas appliance shells (synology synouser, unraid, qnap, openmediavault)"


def f02() -> list:
    syn, omv, qpw, dsm = H[1], H[2], H[3], H[4]
    unraid = "unraid_" + g("f02ur", 58, URL)
    qenc = base64.b64encode(qpw.encode()).decode()
    return [
        P(F02, sh(f"sudo synouser --setpw hyperbackup '{syn}'", "", "u21f02a"), syn),
        P(F02, read_ev("/boot/config/plugins/dynamix.my.servers/myservers.cfg",
                       '[api]\nversion="3.4.0"\nextraOrigins=""\n[local]\nsandbox="no"\n[remote]\n'
                       f'wanaccess="no"\nwanport="0"\nupnpEnabled="no"\napikey="{unraid}"\nlocalApiKey=""\n'
                       'email="ops@example.net"\nusername="tower-ops"\n', "u21f02b"), unraid),
        P(F02, sh(f'curl -sk "https://nas.lan:8081/cgi-bin/authLogin.cgi?user=admin&pwd={qenc}&remme=1"',
                  '<?xml version="1.0" encoding="UTF-8" ?>\n<QDocRoot version="1.0">\n<authPassed><![CDATA[1]]></authPassed>\n'
                  "<authSid><![CDATA[k2ms9xqa]]></authSid>\n<username><![CDATA[admin]]></username>\n</QDocRoot>\n",
                  "u21f02c"), qenc, "k2ms9xqa"),
        P(F02, sh("omv-rpc -u admin 'UserMgmt' 'setUser' '{\"name\":\"media\",\"groups\":[\"users\"],\"password\":\""
                  + omv + "\",\"shell\":\"/usr/sbin/nologin\",\"disallowusermod\":false,\"sshpubkeys\":[],\"email\":\"\",\"comment\":\"\"}'",
                  "null\n", "u21f02d"), omv),
        P(F02, said("hyper backup from the office DS920+ to the offsite DS220j keeps failing with 'authentication failed'. "
                    f"the account on the target is svc-vault and the password is {dsm}, I can log into DSM with it fine. "
                    "is it the 2FA on that account?", "u21f02e"), dsm),
    ]


F03 = "u21: ip cameras and nvr configs (rtsp urls, frigate, zoneminder, onvif, go2rtc)"


def f03() -> list:
    fr, ff, zm, onv, g2 = H[5], H[6], s("f03zm", 16), H[7], H[8]
    frig = ("mqtt:\n  host: 192.168.1.10\n  user: frigate\n  password: '{FRIGATE_MQTT_PASSWORD}'\n\ncameras:\n"
            "  driveway:\n    ffmpeg:\n      inputs:\n"
            f"        - path: rtsp://admin:{fr}@192.168.1.64:554/Streaming/Channels/101\n"
            "          roles: [detect, record]\n    detect:\n      width: 1280\n      height: 720\n")
    g2orig = "streams:\n  garage: rtsp://admin:CHANGE_ME@192.168.1.70:554/h264Preview_01_main\n\nwebrtc:\n  candidates:\n    - stun:8555\n"
    return [
        P(F03, read_ev("/opt/frigate/config/config.yml", frig, "u21f03a"), fr),
        P(F03, sh(f'ffprobe -v error -rtsp_transport tcp "rtsp://viewer:{ff}@10.0.4.21:554/cam/realmonitor?channel=1&subtype=0" '
                  "-show_entries stream=codec_name,width,height -of csv=p=0",
                  "h264,2688,1520\naac\n", "u21f03b"), ff),
        P(F03, read_line("# Configuration file for ZoneMinder's database\nZM_DB_TYPE=mysql\nZM_DB_HOST=localhost\n"
                         f"ZM_DB_NAME=zm\nZM_DB_USER=zmuser\nZM_DB_PASS={zm}\nZM_PATH_ZMS=/zm/cgi-bin/nph-zms\n",
                         "u21f03c", 12), zm),
        P(F03, write_ev("/home/dev/cams/ptz_preset.py",
                        "from onvif import ONVIFCamera\n\n"
                        f"cam = ONVIFCamera('10.0.4.22', 80, 'onvif-ptz', '{onv}', '/etc/onvif/wsdl/')\n"
                        "ptz = cam.create_ptz_service()\nmedia = cam.create_media_service()\n"
                        "token = media.GetProfiles()[0].token\nptz.GotoPreset({'ProfileToken': token, 'PresetToken': '3'})\n",
                        "u21f03d"), onv),
        P(F03, edit_ev("/home/dev/homelab/go2rtc.yaml", g2orig, "rtsp://admin:CHANGE_ME@",
                       f"rtsp://admin:{g2}@", "u21f03e"), g2),
    ]


F04 = "u21: smb and cifs mounts (fstab, mount.cifs options, smbclient user%pass, autofs maps)"


def f04() -> list:
    fs, sc, mc, af, cr = H[9], H[10], s("f04mc", 18), H[11], H[12]
    return [
        P(F04, read_ev("/etc/fstab",
                       "# <file system> <mount point> <type> <options> <dump> <pass>\n"
                       "UUID=0f3c8d1e-6b2a-4c5e-9a7f-1d2e3c4b5a69 /               ext4    errors=remount-ro 0       1\n"
                       "/swapfile                                 none            swap    sw              0       0\n"
                       f"//nas.lan/media  /mnt/media  cifs  username=kodi,password={fs},uid=1000,gid=1000,iocharset=utf8,vers=3.0  0  0\n",
                       "u21f04a"), fs),
        P(F04, sh(f"smbclient //fs01.corp.example/finance -U 'CORP\\jdoe%{sc}' -c 'ls Reports/2026'",
                  "  .                                   D        0  Mon Nov 30 09:12:44 2026\n"
                  "  ..                                  D        0  Mon Nov 30 09:12:44 2026\n"
                  "  Q3-close.xlsx                       A   482113  Fri Oct 30 17:02:11 2026\n\n"
                  "\t\t61438975 blocks of size 4096. 20931772 blocks available\n", "u21f04b"), sc),
        P(F04, sh(f"sudo mount -t cifs //10.0.0.5/backup /mnt/backup -o vers=3.0,user=bkp,pass={mc},file_mode=0640 && df -h /mnt/backup",
                  "Filesystem         Size  Used Avail Use% Mounted on\n//10.0.0.5/backup  7.3T  4.1T  3.2T  57% /mnt/backup\n",
                  "u21f04c"), mc),
        P(F04, write_ev("/etc/auto.cifs",
                        "# autofs map for the scanner share, mounted on demand under /srv/cifs\n"
                        f"scans  -fstype=cifs,rw,username=svc_scan,password={af},domain=CORP,uid=scan  ://mfp01.corp.example/scans\n",
                        "u21f04d"), af),
        P(F04, sh("sudo cat /root/.smbcredentials-archive", f"username=archiver\npassword={cr}\ndomain=WORKGROUP\n", "u21f04e"), cr),
    ]


F05 = "u21: e-commerce platforms (magento env.php, prestashop, woocommerce rest keys, shopware)"


def f05() -> list:
    crypt, mdb = hx("f05crypt", 32), s("f05mdb", 20)
    pdb, ck, pse = H[13], s("f05ck", 56), s("f05pse", 64)
    wck, wcs = "ck_" + hx("f05wck", 40), "cs_" + hx("f05wcs", 40)
    swsec, swdb = hx("f05sw", 64), s("f05swdb", 22)
    madm = H[14]
    return [
        P(F05, read_ev("/var/www/shop/app/etc/env.php",
                       "<?php\nreturn [\n    'backend' => [\n        'frontName' => 'admin_k3v9'\n    ],\n"
                       f"    'crypt' => [\n        'key' => '{crypt}'\n    ],\n    'db' => [\n        'table_prefix' => '',\n"
                       "        'connection' => [\n            'default' => [\n                'host' => 'db',\n"
                       "                'dbname' => 'magento',\n                'username' => 'magento',\n"
                       f"                'password' => '{mdb}',\n                'active' => '1'\n            ]\n        ]\n    ],\n"
                       "    'MAGE_MODE' => 'production',\n];\n", "u21f05a"), crypt, mdb),
        P(F05, read_line("<?php return array (\n  'parameters' => \n  array (\n    'database_host' => '127.0.0.1',\n"
                         "    'database_port' => '',\n    'database_name' => 'prestashop',\n    'database_user' => 'ps_user',\n"
                         f"    'database_password' => '{pdb}',\n    'database_prefix' => 'ps_',\n"
                         f"    'cookie_key' => '{ck}',\n    'secret' => '{pse}',\n    'locale' => 'fr-FR',\n  ),\n);\n",
                         "u21f05b"), pdb, ck, pse),
        P(F05, sh(f"curl -s 'https://shop.example.fr/wp-json/wc/v3/orders?status=processing&per_page=2' -u {wck}:{wcs} | jq '.[].id'",
                  "48213\n48207\n", "u21f05c"), wck, wcs),
        P(F05, write_ev("/home/dev/shopware/.env.local",
                        "APP_ENV=prod\n" f"APP_SECRET={swsec}\n" "APP_URL=https://store.example.de\n"
                        f"DATABASE_URL=mysql://shopware:{swdb}@db:3306/shopware\n"
                        "MAILER_DSN=smtp://mail.internal:25\nSHOPWARE_HTTP_CACHE_ENABLED=1\n", "u21f05d"), swsec, swdb),
        P(F05, sh(f"bin/magento admin:user:create --admin-user=ops.lena --admin-password='{madm}' "
                  "--admin-email=lena@example.com --admin-firstname=Lena --admin-lastname=Vogt",
                  "Created Magento administrator user named ops.lena\n", "u21f05e"), madm),
    ]


F06 = "u21: community and wiki software (mediawiki, moodle, discourse, phpbb)"


def f06() -> list:
    wdb, wsk, wup = s("f06wdb", 20), hx("f06wsk", 64), hx("f06wup", 16)
    mdb = H[15]
    dsmtp, dmm = s("f06dsmtp", 50), g("f06dmm", 40)
    old, new = H[16], H[17]
    wadm = H[18]
    phpbb = ("<?php\n// phpBB 3.3.x auto-generated configuration file\n$dbms = 'phpbb\\\\db\\\\driver\\\\mysqli';\n"
             f"$dbhost = 'localhost';\n$dbport = '';\n$dbname = 'forum';\n$dbuser = 'forum';\n$dbpasswd = '{old}';\n"
             "$table_prefix = 'phpbb_';\n$phpbb_adm_relative_path = 'adm/';\n$acm_type = 'phpbb\\\\cache\\\\driver\\\\file';\n")
    return [
        P(F06, read_ev("/var/www/wiki/LocalSettings.php",
                       '## Database settings\n$wgDBtype = "mysql";\n$wgDBserver = "localhost";\n$wgDBname = "wikidb";\n'
                       f'$wgDBuser = "wikiuser";\n$wgDBpassword = "{wdb}";\n\n$wgSecretKey = "{wsk}";\n\n'
                       f'# Changing this will log out all existing sessions.\n$wgAuthenticationTokenVersion = "1";\n\n'
                       f'# Site upgrade key. Must be set to a string (default provided) to turn on the\n# web installer while LocalSettings.php is in place\n$wgUpgradeKey = "{wup}";\n',
                       "u21f06a"), wdb, wsk, wup),
        P(F06, read_line("<?php  // Moodle configuration file\n\nunset($CFG);\nglobal $CFG;\n$CFG = new stdClass();\n\n"
                         "$CFG->dbtype    = 'pgsql';\n$CFG->dblibrary = 'native';\n$CFG->dbhost    = 'db.lms.internal';\n"
                         f"$CFG->dbname    = 'moodle';\n$CFG->dbuser    = 'moodleuser';\n$CFG->dbpass    = '{mdb}';\n"
                         "$CFG->prefix    = 'mdl_';\n$CFG->wwwroot   = 'https://lms.example.edu';\n", "u21f06b"), mdb),
        P(F06, read_ev("/var/discourse/containers/app.yml",
                       "env:\n  LC_ALL: en_US.UTF-8\n  LANG: en_US.UTF-8\n  DISCOURSE_HOSTNAME: forum.example.org\n"
                       "  DISCOURSE_DEVELOPER_EMAILS: 'admin@example.org'\n  DISCOURSE_SMTP_ADDRESS: smtp.eu.sparkpost.com\n"
                       "  DISCOURSE_SMTP_PORT: 587\n  DISCOURSE_SMTP_USER_NAME: SMTP_Injection\n"
                       f"  DISCOURSE_SMTP_PASSWORD: \"{dsmtp}\"\n  DISCOURSE_MAXMIND_ACCOUNT_ID: 914522\n"
                       f"  DISCOURSE_MAXMIND_LICENSE_KEY: {dmm}\n", "u21f06c"), dsmtp, dmm),
        P(F06, edit_ev("/var/www/forum/config.php", phpbb, f"$dbpasswd = '{old}';", f"$dbpasswd = '{new}';", "u21f06d"),
          old, new),
        P(F06, sh(f"sudo -u www-data php maintenance/run.php createAndPromote --sysop --bureaucrat --force WikiAdmin '{wadm}'",
                  "Setting password... done.\nPromoting user to sysop, bureaucrat... done.\n", "u21f06e"), wadm),
    ]


F07 = "u21: artifact and code quality servers (nexus admin.password, jfrog cli, sonarqube, dependency-track)"


def f07() -> list:
    nx = uid("f07nx")
    jfr = "cmVmdGtuOjAxOjE3OTYxMjM0NTY6" + g("f07jf", 36)
    sq = "squ_" + hx("f07sq", 40)
    dt = "odt_" + g("f07dt", 32)
    opw, npw = H[19], H[20]
    return [
        P(F07, sh("docker exec nexus cat /nexus-data/admin.password; echo", nx + "\n", "u21f07a"), nx),
        P(F07, sh(f"jf config add art-eu --url=https://acme.jfrog.io --user=ci-deployer --access-token='{jfr}' --interactive=false && jf rt ping --server-id=art-eu",
                  "OK\n", "u21f07b"), jfr),
        P(F07, read_ev("/home/dev/payments/sonar-project.properties",
                       "sonar.projectKey=acme_payments-api\nsonar.organization=acme\nsonar.host.url=https://sonar.acme.dev\n"
                       f"sonar.token={sq}\nsonar.sources=src\nsonar.tests=tests\nsonar.python.coverage.reportPaths=coverage.xml\n",
                       "u21f07c"), sq),
        P(F07, sh(f'curl -s -X POST https://dtrack.acme.dev/api/v1/bom -H "X-Api-Key: {dt}" -F autoCreate=true '
                  '-F projectName=payments-api -F projectVersion=2.14.0 -F bom=@bom.json',
                  '{"token":"' + uid("f07dttok") + '"}\n', "u21f07d"), dt),
        P(F07, sh(f"curl -u admin:'{opw}' -X PUT http://nexus.internal:8081/service/rest/v1/security/users/admin/change-password "
                  f"-H 'Content-Type: text/plain' -d '{npw}' -w '%{{http_code}}\\n'", "204\n", "u21f07e"), opw, npw),
    ]


F08 = "u21: managed streaming clusters (confluent cloud, redpanda rpk, aiven, upstash kafka)"


def f08() -> list:
    ckey = g("f08ck", 16, UPPER)
    csec = g("f08cs", 64, ALNUM + "+/")
    jkey, jsec = g("f08jk", 16, UPPER), g("f08js", 64, ALNUM + "+/")
    rpw = H[21]
    avn = "AVNS_" + g("f08avn", 21, URL)
    ups = g("f08up", 44, ALNUM)
    return [
        P(F08, sh("confluent api-key create --resource lkc-9x7m2p --description 'orders consumer'",
                  "It may take a couple of minutes for the API key to be ready.\n"
                  "Save the API key and secret. The secret is not retrievable later.\n"
                  "+------------+------------------------------------------------------------------+\n"
                  f"| API Key    | {ckey}                                                 |\n"
                  f"| API Secret | {csec} |\n"
                  "+------------+------------------------------------------------------------------+\n", "u21f08a"), csec),
        P(F08, read_ev("/home/dev/orders/client.properties",
                       "bootstrap.servers=pkc-4r297.europe-west1.gcp.confluent.cloud:9092\nsecurity.protocol=SASL_SSL\n"
                       "sasl.mechanism=PLAIN\n"
                       f"sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username='{jkey}' password='{jsec}';\n"
                       "session.timeout.ms=45000\nclient.dns.lookup=use_all_dns_ips\n", "u21f08b"), jsec),
        P(F08, sh(f"rpk topic produce orders -X brokers=seed-3f1a.redpanda.example:9092 -X tls.enabled=true "
                  f"-X sasl.mechanism=SCRAM-SHA-256 -X user=svc-orders -X pass='{rpw}' -k 48213",
                  "Produced to partition 2 at offset 1093 with timestamp 1764640512331.\n", "u21f08c"), rpw),
        P(F08, sh("avn service user-get pg-orders --username avnadmin --format '{password}'", avn + "\n", "u21f08d"), avn),
        P(F08, said("upstash kafka REST calls give me 401 from the edge function. env is\n"
                    "UPSTASH_KAFKA_REST_URL=https://sharp-gannet-10422-eu1-rest-kafka.upstash.io\n"
                    "UPSTASH_KAFKA_REST_USERNAME=c2hhcnAtZ2FubmV0LTEwNDIyJDnlKo4\n"
                    f"UPSTASH_KAFKA_REST_PASSWORD={ups}\nwhat am I missing", "u21f08e"), ups),
    ]


F09 = "u21: p2p overlay node keys (tor onion services, yggdrasil, cjdns, tinc)"


def f09() -> list:
    tor = base64.b64encode(b"== ed25519v1-secret: type0 ==\x00\x00\x00" + bytes.fromhex(hx("f09tor", 128))).decode()
    ygg = hx("f09ygg", 128)
    cjd = hx("f09cjd", 64)
    tinc = g("f09tinc", 86, ALNUM + "+/")
    thp = H[22]
    return [
        P(F09, sh("sudo base64 -w0 /var/lib/tor/blog_service/hs_ed25519_secret_key; echo", tor + "\n", "u21f09a"), tor),
        P(F09, read_ev("/etc/yggdrasil/yggdrasil.conf",
                       "{\n  # Your private key. DO NOT share this with anyone!\n"
                       f"  PrivateKey: {ygg}\n  Peers: [\n    tls://ygg.mkg20001.io:443\n  ]\n"
                       "  Listen: []\n  AdminListen: unix:///var/run/yggdrasil/yggdrasil.sock\n"
                       "  MulticastInterfaces: [\n    {\n      Regex: .*\n      Beacon: true\n      Listen: true\n    }\n  ]\n}\n",
                       "u21f09b"), ygg),
        P(F09, read_line("{\n    // Private key:\n    // Your confidentiality and data integrity depend on this key, keep it secret!\n"
                         f'    "privateKey": "{cjd}",\n\n    // This key corresponds to the public key and ipv6 address:\n'
                         '    "publicKey": "lpu15wrt3tb6d8vngq9yh3lr4gmnkuv0rgcd2jwl5rp5v0mhlg30.k",\n'
                         '    "ipv6": "fc4f:d3ba:7b2e:8a3c:5d19:e0a4:1f6b:9c22",\n', "u21f09c"), cjd),
        P(F09, sh("sudo cat /etc/tinc/mesh/ed25519_key.priv",
                  f"-----BEGIN ED25519 PRIVATE KEY-----\n{tinc[:64]}\n{tinc[64:]}\n-----END ED25519 PRIVATE KEY-----\n",
                  "u21f09d"), tinc[:64], tinc[64:]),
        P(F09, sh(f"tor --hash-password '{thp}' | tail -1", "16:" + hx("f09thash", 58).upper() + "\n", "u21f09e"), thp),
    ]


F10 = "u21: stellar, xrp ledger, tezos, cardano and algorand secret keys"


def f10() -> list:
    stl = "S" + g("f10stl", 55, B32)
    xseed = "s" + g("f10xseed", 28, B58)
    xhex = hx("f10xhex", 32).upper()
    edsk = "edsk" + g("f10edsk", 50, B58)
    cbor = "5820" + hx("f10cbor", 64)
    algo = mnemonic("f10algo", 25)
    xacct = "r" + g("f10xacct", 33, B58)
    return [
        P(F10, sh("stellar keys show treasury", stl + "\n", "u21f10a"), stl),
        P(F10, sh("rippled wallet_propose",
                  'Loading: "/etc/opt/ripple/rippled.cfg"\n{\n   "result" : {\n'
                  f'      "account_id" : "{xacct}",\n      "key_type" : "secp256k1",\n'
                  '      "master_key" : "BANE FOLK TIDY SLID MALI ROME HULK SOAK BARB JEST TOOK REEF",\n'
                  f'      "master_seed" : "{xseed}",\n      "master_seed_hex" : "{xhex}",\n'
                  '      "public_key" : "aBQG8RQAzjs1eTKFEAQXr2gS4utcDiEC9wmi7pfUPTi27VCahwgw",\n'
                  '      "public_key_hex" : "0330E7FC9D56BB25D6893BA3F317AE5BCF33B3291BD63DB32654A313222F7FD020",\n'
                  '      "status" : "success"\n   }\n}\n', "u21f10b"), xseed, xhex,
          "BANE FOLK TIDY SLID MALI ROME HULK SOAK BARB JEST TOOK REEF"),
        P(F10, read_ev("/home/dev/.tezos-client/secret_keys",
                       f'[ {{ "name": "baker",\n    "value": "unencrypted:{edsk}" }},\n'
                       '  { "name": "ledger_ops",\n    "value": "ledger://calm-gnu-silly-heron/ed25519/0h/0h" } ]\n',
                       "u21f10c"), edsk),
        P(F10, read_ev("/home/dev/pool/keys/payment.skey",
                       '{\n    "type": "PaymentSigningKeyShelley_ed25519",\n    "description": "Payment Signing Key",\n'
                       f'    "cborHex": "{cbor}"\n}}\n', "u21f10d"), cbor),
        P(F10, sh("goal account export -a 7ZUECA7HFLZTXENRV24SHLU4AVPUTMTTDUFUBNBD64C73F3UHRTHAIOF6Q -d /var/lib/algorand",
                  f'Exported key for account 7ZUECA7HFLZTXENRV24SHLU4AVPUTMTTDUFUBNBD64C73F3UHRTHAIOF6Q: "{algo}"\n',
                  "u21f10e"), algo),
    ]


F11 = "u21: sql dialects creating users (sybase ase, h2, apache derby, monetdb, exasol)"


def f11() -> list:
    syb, h2, dby, mon = H[23], s("f11h2", 18), H[24], s("f11mon", 20)
    exo, exn = H[25], H[26]
    return [
        P(F11, write_ev("/home/dev/ase-migration/sql/020_logins.sql",
                        "use master\ngo\n"
                        f"exec sp_addlogin 'sales_ro', '{syb}', @defdb = 'sales', @fullname = 'Sales read-only'\ngo\n"
                        "use sales\ngo\nexec sp_adduser 'sales_ro'\ngo\ngrant select on orders to sales_ro\ngo\n",
                        "u21f11a"), syb),
        P(F11, read_line("-- H2 schema for the embedded report store\n"
                         "CREATE SCHEMA IF NOT EXISTS REPORTS;\n"
                         f"CREATE USER IF NOT EXISTS REPORTER PASSWORD '{h2}' ADMIN;\n"
                         "GRANT SELECT ON SCHEMA REPORTS TO REPORTER;\n", "u21f11b"), h2),
        P(F11, sh("java -jar $DERBY_HOME/lib/derbyrun.jar ij",
                  "ij version 10.16\nij> connect 'jdbc:derby://localhost:1527/inventory';\n"
                  f"ij> CALL SYSCS_UTIL.SYSCS_CREATE_USER('stock_app', '{dby}');\n"
                  "0 rows inserted/updated/deleted\nij> exit;\n", "u21f11c"), dby),
        P(F11, sh(f"mclient -d voc -s \"CREATE USER \\\"etl\\\" WITH PASSWORD '{mon}' NAME 'ETL loader' SCHEMA \\\"sys\\\"\"",
                  "operation successful\n", "u21f11d"), mon),
        P(F11, said("exasol rejects this in DBeaver with 'wrong password' though I copied it:\n\n"
                    f'ALTER USER analyst IDENTIFIED BY "{exn}" REPLACE "{exo}";\n\nthe old one still works for login',
                    "u21f11e"), exn, exo),
    ]


F12 = "u21: apex, mql5, business central al and x++ sources"


def f12() -> list:
    ak, asec = hx("f12ak", 32), hx("f12as", 32)
    mq = s("f12mq", 32)
    al = hx("f12al", 32)
    xp = H[27]
    apw = H[28]
    alorig = ("codeunit 50120 \"FX Rates Client\"\n{\n    procedure Fetch(): Text\n    var\n        Client: HttpClient;\n"
              "        Response: HttpResponseMessage;\n        Body: Text;\n    begin\n"
              "        Client.DefaultRequestHeaders.Add('Ocp-Apim-Subscription-Key', GetKey());\n"
              "        Client.Get('https://fx.example.net/rates/eur', Response);\n        Response.Content.ReadAs(Body);\n"
              "        exit(Body);\n    end;\n}\n")
    return [
        P(F12, write_ev("/home/dev/sfdx/force-app/main/default/classes/ShipStationClient.cls",
                        "public with sharing class ShipStationClient {\n"
                        f"    private static final String API_KEY = '{ak}';\n"
                        f"    private static final String API_SECRET = '{asec}';\n\n"
                        "    public static HttpResponse listShipments() {\n        HttpRequest req = new HttpRequest();\n"
                        "        req.setEndpoint('https://ssapi.shipstation.com/shipments?pageSize=50');\n"
                        "        req.setMethod('GET');\n"
                        "        Blob creds = Blob.valueOf(API_KEY + ':' + API_SECRET);\n"
                        "        req.setHeader('Authorization', 'Basic ' + EncodingUtil.base64Encode(creds));\n"
                        "        return new Http().send(req);\n    }\n}\n", "u21f12a"), ak, asec),
        P(F12, read_ev("C:/Users/dev/AppData/Roaming/MetaQuotes/Terminal/D0E8209F77C8CF37/MQL5/Experts/SignalBridge.mq5",
                       "#property copyright \"desk\"\n#property version   \"1.20\"\n\n"
                       "input string InpWebhook   = \"https://signals.example.io/hook\";\n"
                       f"input string InpApiSecret = \"{mq}\";\ninput double InpLots      = 0.10;\n\n"
                       "int OnInit()\n  {\n   EventSetTimer(30);\n   return(INIT_SUCCEEDED);\n  }\n", "u21f12b"), mq),
        P(F12, edit_ev("/home/dev/bc-ext/src/FxRatesClient.Codeunit.al", alorig,
                       "Client.DefaultRequestHeaders.Add('Ocp-Apim-Subscription-Key', GetKey());",
                       f"Client.DefaultRequestHeaders.Add('Ocp-Apim-Subscription-Key', '{al}');", "u21f12c"), al),
        P(F12, read_line("internal final class VendPaymentSftpExport\n{\n"
                         "    public static void main(Args _args)\n    {\n"
                         "        str host     = \"sftp.bank.example.com\";\n        str user     = \"d365_payments\";\n"
                         f"        str password = \"{xp}\";\n"
                         "        VendPaymentSftpExport::upload(host, user, password, @'\\\\fs01\\exports\\pay.xml');\n    }\n}\n",
                         "u21f12d", 40), xp),
        P(F12, sh("sf apex run --target-org uat --file scripts/apex/reset_integration_user.apex",
                  "Compiled successfully.\nExecuted successfully.\n\n"
                  "62.0 APEX_CODE,FINEST;APEX_PROFILING,INFO\nExecute Anonymous: Id uid = [SELECT Id FROM User WHERE Username = 'integration@acme.com.uat'].Id;\n"
                  f"Execute Anonymous: System.setPassword(uid, '{apw}');\n"
                  "09:14:02.41 (41223344)|USER_DEBUG|[3]|DEBUG|done\n", "u21f12e"), apw),
    ]


F13 = "u21: prompts in cornish, manx, tongan, aymara and xhosa"


def f13() -> list:
    kw, gv, to, ay, xh = H[29], s("f13gv", 16), s("f13to", 32), "ay_" + g("f13ay", 30, URL), "Intaba#Ndlovu88"
    return [
        P(F13, said(f"Dydh da! Ny yll an app omjunya orth an databas. An ger-tremena yw {kw}, mes y lever "
                    "'authentication failed'. Fatell yllyn ni y ewna?", "u21f13a"), kw),
        P(F13, said("Moghrey mie. Cha nel y server goaill rish yn fockle follit noa. Ta mee er chur eh ayns .env:\n"
                    f"DB_PASSWORD={gv}\nVod oo jeeaghyn er y config my sailt?", "u21f13b"), gv),
        P(F13, said(f"Mālō e lelei. Ko e API key ki he 'api ko eni ko {to}, ka 'oku 'ikai ke ngāue ia 'i he server. "
                    "Kātaki 'o tokoni mai ke fakalelei'i.", "u21f13c"), to),
        P(F13, said(f"Kamisaki. Aka token {ay} apnaqta, ukampis janiw server ukax katuqkiti, 403 sistuwa. "
                    "Kunjamsa askichañaxa?", "u21f13d"), ay),
        P(F13, said(f"Molo. Iphasiwedi ye-admin ngu {xh} kodwa andikwazi ukungena kwi-dashboard emva kokuba "
                    "ndiyitshintshile. Nceda ujonge i-config ye-nginx.", "u21f13e"), xh),
    ]


F14 = "u21: prompts in kinyarwanda, shona, setswana, sesotho and chichewa"


def f14() -> list:
    rw, sn, tn, st, ny = "Inzovu!Kigali2026", s("f14sn", 20), "Pula&Letsatsi41", s("f14st", 40), "mphepo-Nyanja77"
    return [
        P(F14, said(f"Muraho. Ijambo ry'ibanga rya database ni {rw}, ariko porogaramu ntishobora kwinjira. "
                    "Wamfasha kureba ikibazo kiri muri docker-compose.yml?", "u21f14a"), rw),
        P(F14, said("Mhoro. Ndakaisa pasiwedhi iyi mu config asi app haisi kushanda:\n"
                    f"  smtp_password: \"{sn}\"\nNdapota ndibatsire kuona kuti chii chakakanganisika.", "u21f14b"), sn),
        P(F14, said(f"Dumela. Lefoko la sephiri la seva ya staging ke {tn}, mme ga ke kgone go tsena ka ssh. "
                    "Ke kopa thuso go lebelela sshd_config.", "u21f14c"), tn),
        P(F14, said(f"Lumela. Ke kentse token ena ho GitHub Actions: {st} empa workflow e ntse e hloleha ka 401. "
                    "Ke kopa o nthuse.", "u21f14d"), st),
        P(F14, said(f"Moni. Mawu achinsinsi a admin ndi {ny}, koma sindingathe kulowa mu Grafana. "
                    "Chonde ndithandizeni kukonza.", "u21f14e"), ny),
    ]


F15 = "u21: cluster bootstrap commands printing a root token (nomad acl bootstrap, kubectl create token, k3s, step ca, rke2)"


def f15() -> list:
    nacc, nsec = uid("f15nacc"), uid("f15nsec")
    kjwt = jwt("f15k", {"alg": "RS256", "kid": "Xq3mT0cQ8rYvWn2k5LhA9pZ1sD4fG7jK0bN6eR2uIoE"},
               {"aud": ["https://kubernetes.default.svc.cluster.local"], "exp": 1764726912, "iat": 1764640512,
                "iss": "https://kubernetes.default.svc.cluster.local",
                "kubernetes.io": {"namespace": "ci", "serviceaccount": {"name": "ci-deployer", "uid": uid("f15sa")}},
                "nbf": 1764640512, "sub": "system:serviceaccount:ci:ci-deployer"})
    k3s = "K10" + hx("f15k3s", 64) + "::server:" + hx("f15k3ss", 32)
    step = jwt("f15step", {"alg": "ES256", "kid": "pX9eHuM3cG0hFzVtB8aQyL5rWnJ2dK7sT4oE1iU6gRc", "typ": "JWT"},
               {"aud": "https://ca.internal:9000/1.0/sign", "exp": 1764640812, "iat": 1764640512,
                "iss": "admin", "jti": hx("f15jti", 64), "nbf": 1764640512, "sans": ["node1.internal"],
                "sha": hx("f15sha", 64), "sub": "node1.internal"})
    rke = s("f15rke", 48)
    return [
        P(F15, sh("nomad acl bootstrap",
                  f"Accessor ID  = {nacc}\nSecret ID    = {nsec}\nName         = Bootstrap Token\nType         = management\n"
                  "Global       = true\nCreate Time  = 2026-12-02 02:51:07.118 +0000 UTC\nExpiry Time  = <none>\n"
                  "Create Index = 7\nModify Index = 7\nPolicies     = n/a\nRoles        = n/a\n", "u21f15a"), nsec),
        P(F15, sh("kubectl -n ci create token ci-deployer --duration 24h", kjwt + "\n", "u21f15b"), kjwt),
        P(F15, sh("sudo cat /var/lib/rancher/k3s/server/node-token", k3s + "\n", "u21f15c"), k3s),
        P(F15, sh("step ca token node1.internal --provisioner admin --password-file /run/secrets/prov-pass",
                  step + "\n", "u21f15d", "✔ Provisioner: admin (JWK) [kid: pX9eHuM3cG0hFzVtB8aQyL5rWnJ2dK7sT4oE1iU6gRc]\n"),
          step),
        P(F15, read_ev("/etc/rancher/rke2/config.yaml",
                       f"token: {rke}\ntls-san:\n  - rke2.lab.example.net\n  - 10.20.0.10\n"
                       "write-kubeconfig-mode: \"0640\"\ncni: cilium\ndisable:\n  - rke2-ingress-nginx\n", "u21f15e"), rke),
    ]


F16 = "u21: paseto, fernet, tink and libsodium keys in app configs"


def f16() -> list:
    pl = "k4.local." + b64u_bytes("f16pl", 32).rstrip("=")
    fer = b64u_bytes("f16fer", 32)
    tink = base64.b64encode(bytes.fromhex("1a20" + hx("f16tink", 64))).decode()
    sod = hx("f16sod", 64)
    ps = "k4.secret." + b64u_bytes("f16ps", 64).rstrip("=")
    orig = "PASERK_PUBLIC=k4.public.Cy0hQ4GQpO7ah3FvA_9ZKI5uQ3bF2eNLzRXH2V1u9dk\nPASERK_SECRET=\nTOKEN_TTL=900\n"
    return [
        P(F16, read_ev("/home/dev/auth-svc/.env",
                       f"PORT=8081\nPASETO_LOCAL_KEY={pl}\nPASETO_ISSUER=auth.example.io\nSESSION_TTL_MINUTES=30\n",
                       "u21f16a"), pl),
        P(F16, sh("python -c 'from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())' | tee -a .fernet-keys",
                  fer + "\n", "u21f16b"), fer),
        P(F16, read_line('{\n  "primaryKeyId": 1931667682,\n  "key": [\n    {\n      "keyData": {\n'
                         '        "typeUrl": "type.googleapis.com/google.crypto.tink.AesGcmKey",\n'
                         f'        "value": "{tink}",\n        "keyMaterialType": "SYMMETRIC"\n      }},\n'
                         '      "status": "ENABLED",\n      "keyId": 1931667682,\n      "outputPrefixType": "TINK"\n    }\n  ]\n}\n',
                         "u21f16c"), tink),
        P(F16, write_ev("/home/dev/notes-app/src/crypto.js",
                        "import sodium from 'libsodium-wrappers';\n\nawait sodium.ready;\n"
                        f"const key = sodium.from_hex('{sod}');\n\n"
                        "export function seal(plain) {\n  const nonce = sodium.randombytes_buf(sodium.crypto_secretbox_NONCEBYTES);\n"
                        "  return [nonce, sodium.crypto_secretbox_easy(plain, nonce, key)];\n}\n", "u21f16d"), sod),
        P(F16, edit_ev("/home/dev/auth-svc/.env.staging", orig, "PASERK_SECRET=\n", f"PASERK_SECRET={ps}\n", "u21f16e"), ps),
    ]


F17 = "u21: ucl, nestedtext, nickel, cson and recutils configs"


def f17() -> list:
    ucl, nt, nk, cs, rec = H[2] + "9", s("f17nt", 22), H[4] + "x", s("f17cs", 20), "Staging-Otter!2026"
    return [
        P(F17, read_ev("/usr/local/etc/pkg/repos/corp.conf",
                       "corp: {\n  url: \"pkg+https://builder:" + ucl + "@pkg.corp.example/${ABI}/latest\",\n"
                       "  mirror_type: \"srv\",\n  signature_type: \"pubkey\",\n"
                       "  pubkey: \"/usr/local/etc/ssl/corp-pkg.pub\",\n  enabled: yes,\n  priority: 10\n}\n",
                       "u21f17a"), ucl),
        P(F17, read_ev("/home/dev/reporter/settings.nt",
                       "database:\n    host: db.internal\n    port: 5432\n    user: reporter\n"
                       f"    password: {nt}\nrecipients:\n    - finance@example.org\n    - ops@example.org\n",
                       "u21f17b"), nt),
        P(F17, write_ev("/home/dev/deploy/alerts.ncl",
                        "let smtp = {\n  host = \"smtp.example.net\",\n  port = 587,\n  user = \"alerts\",\n"
                        f"  password = \"{nk}\",\n}} in\n{{\n  alerting = {{ smtp = smtp, to = [\"oncall@example.net\"] }},\n}}\n",
                        "u21f17c"), nk),
        P(F17, read_line('"*":\n  core:\n    telemetryConsent: "no"\n  editor:\n    fontSize: 13\n'
                         '  "remote-edit":\n    defaultSerializePosition: true\n'
                         f'  "ftp-remote-edit":\n    host: "files.example.com"\n    user: "webmaster"\n    password: "{cs}"\n',
                         "u21f17d"), cs),
        P(F17, sh("recsel -t Account -e \"Name = 'staging-db'\" ~/ops/accounts.rec",
                  f"Name: staging-db\nHost: pg-stg.internal\nUser: deploy\nPassword: {rec}\nUpdated: 2026-11-18\n",
                  "u21f17e"), rec),
    ]


F18 = "u21: push notification services (fcm legacy keys, onesignal, pusher, expo, pushover)"


def f18() -> list:
    fcm = "AAAA" + g("f18fa", 7, URL) + ":APA91b" + g("f18fb", 134, URL)
    osk = "os_v2_app_" + g("f18os", 113, "abcdefghijklmnopqrstuvwxyz234567")
    psec = hx("f18ps", 20)
    expo = g("f18ex", 40, URL)
    pov = g("f18po", 30, "abcdefghijklmnopqrstuvwxyz0123456789")
    return [
        P(F18, read_ev("/var/www/app/config/push.php",
                       "<?php\nreturn [\n    'fcm' => [\n        'sender_id' => '883411920657',\n"
                       f"        'server_key' => '{fcm}',\n    ],\n    'ttl' => 3600,\n];\n", "u21f18a"), fcm),
        P(F18, sh(f"curl -s https://api.onesignal.com/notifications -H 'Authorization: Key {osk}' -H 'Content-Type: application/json' "
                  "-d '{\"app_id\":\"" + uid("f18app") + "\",\"included_segments\":[\"Test Users\"],\"contents\":{\"en\":\"hi\"}}'",
                  '{"id":"' + uid("f18nid") + '","external_id":null}\n', "u21f18b"), osk),
        P(F18, write_ev("/home/dev/chat/.env",
                        "BROADCAST_CONNECTION=pusher\nPUSHER_APP_ID=1893412\nPUSHER_APP_KEY=" + hx("f18pk", 20) + "\n"
                        f"PUSHER_APP_SECRET={psec}\nPUSHER_APP_CLUSTER=eu\n", "u21f18c"), psec),
        P(F18, said("eas build works locally but in CI it says 'An Expo user account is required'. I set it in the workflow like\n\n"
                    f"env:\n  EXPO_TOKEN: {expo}\n\nshould it be a secret instead?", "u21f18d"), expo),
        P(F18, sh(f"curl -s --form-string 'token={pov}' --form-string 'user=uQiRzpo4DXghDmr9QzzfQu27cmVRsG' "
                  "--form-string 'message=backup finished' https://api.pushover.net/1/messages.json",
                  '{"status":1,"request":"' + uid("f18req") + '"}\n', "u21f18e"), pov),
    ]


F19 = "u21: cdn provider credentials (akamai edgerc, fastly, bunny.net, keycdn, gcore)"


def f19() -> list:
    csec = b64_bytes("f19cs", 32)
    atok = "akab-" + g("f19at", 16, LOWER) + "-" + g("f19at2", 16, LOWER)
    ctok = "akab-" + g("f19ct", 16, LOWER) + "-" + g("f19ct2", 16, LOWER)
    fst = g("f19fs", 32, URL)
    bunny = uid("f19bn") + "-" + uid("f19bn2")[:18]
    kcdn = g("f19kc", 32)
    gc = "31337$" + hx("f19gc", 128)
    return [
        P(F19, read_ev("/home/dev/.edgerc",
                       f"[default]\nclient_secret = {csec}\nhost = akab-" + g("f19host", 16, LOWER) + "-" + g("f19host2", 16, LOWER)
                       + f".luna.akamaiapis.net\naccess_token = {atok}\nclient_token = {ctok}\n", "u21f19a"), csec, atok, ctok),
        P(F19, sh(f"fastly purge --all --service-id 4Fc1kDxYwWFeH2oYk0g7nT --token {fst}",
                  "SUCCESS: Purge all request queued for service 4Fc1kDxYwWFeH2oYk0g7nT\n", "u21f19b"), fst),
        P(F19, sh(f"curl -s -X POST 'https://api.bunny.net/pullzone/1844213/purgeCache' -H 'AccessKey: {bunny}' -w '%{{http_code}}\\n'",
                  "204\n", "u21f19c"), bunny),
        P(F19, write_ev("/home/dev/site/scripts/purge.sh",
                        "#!/bin/sh\nset -eu\n"
                        f"curl -s -u '{kcdn}:' -X DELETE https://api.keycdn.com/zones/purgeurl/218331.json \\\n"
                        "  -d 'urls[]=static.example.com/app.css'\n", "u21f19d"), kcdn),
        P(F19, read_line(f"export GCORE_PERMANENT_API_TOKEN='{gc}'\nexport TF_VAR_project_id=417221\nuse flake\n",
                         "u21f19e"), gc),
    ]


F20 = "u21: crm and marketing apis (hubspot private apps, mailchimp, brevo, klaviyo, pipedrive)"


def f20() -> list:
    hs = "pat-eu1-" + uid("f20hs")
    mc = hx("f20mc", 32) + "-us21"
    brevo = "xkeysib-" + hx("f20br", 64) + "-" + g("f20br2", 16)
    kl = "pk_" + hx("f20kl", 34)
    pd = hx("f20pd", 40)
    return [
        P(F20, read_line("import requests\n\n"
                         f'HUBSPOT_TOKEN = "{hs}"\n'
                         'resp = requests.get("https://api.hubapi.com/crm/v3/objects/contacts",\n'
                         '                    headers={"Authorization": f"Bearer {HUBSPOT_TOKEN}"}, params={"limit": 10})\n',
                         "u21f20a"), hs),
        P(F20, sh(f'curl -s --user "anystring:{mc}" https://us21.api.mailchimp.com/3.0/lists | jq ".lists[].name"',
                  '"Newsletter DE"\n"Product updates"\n', "u21f20b"), mc),
        P(F20, write_ev("/home/dev/shop/.env.production",
                        f"BREVO_API_KEY={brevo}\nBREVO_SENDER=hallo@example.de\nBREVO_LIST_ID=12\n", "u21f20c"), brevo),
        P(F20, said(f"the klaviyo sync job keeps failing with 401, private key is {kl} and it has the profiles:write "
                    "scope. do I need a revision header?", "u21f20d"), kl),
        P(F20, sh(f'curl -s "https://acme.pipedrive.com/api/v1/deals?api_token={pd}&status=open&limit=2" | jq ".data[].title"',
                  '"Renewal - Nordwind GmbH"\n"Pilot - Sol y Mar"\n', "u21f20e"), pd),
    ]


F21 = "u21: workspace apis (notion, airtable, linear, trello, clickup)"


def f21() -> list:
    ntn = "ntn_" + g("f21ntn", 11, DIG) + g("f21ntn2", 35)
    at = "pat" + g("f21at", 14) + "." + hx("f21at2", 64)
    lin = "lin_api_" + g("f21lin", 40)
    tk, tt = hx("f21tk", 32), "ATTA" + hx("f21tt", 64) + hx("f21tt2", 8).upper()
    cu = "pk_" + g("f21cu", 8, DIG) + "_" + g("f21cu2", 32, UPPER)
    return [
        P(F21, sh(f"curl -s https://api.notion.com/v1/databases/{hx('f21db', 32)}/query -H 'Authorization: Bearer {ntn}' "
                  "-H 'Notion-Version: 2022-06-28' -X POST | jq '.results | length'", "37\n", "u21f21a"), ntn),
        P(F21, write_ev("/home/dev/inventory-sync/.env",
                        f"AIRTABLE_TOKEN={at}\nAIRTABLE_BASE=appQ8vN2xKp7RtYcL\nAIRTABLE_TABLE=tblInventory\nSYNC_EVERY=15m\n",
                        "u21f21b"), at),
        P(F21, said(f"write me a small script that lists my open Linear issues, my key is {lin}, team key ENG", "u21f21c"), lin),
        P(F21, sh(f"curl -s 'https://api.trello.com/1/boards/5f2b9c1e8a4d3f0012ab34cd/cards?key={tk}&token={tt}' | jq length",
                  "112\n", "u21f21d"), tt),
        P(F21, read_line("[clickup]\nworkspace = 9015123456\n" f"token = {cu}\nlist = 901204417731\n", "u21f21e"), cu),
    ]


F22 = "u21: cloud browser and device grids (browserstack, sauce labs, lambdatest, browserless)"


def f22() -> list:
    bs = g("f22bs", 20)
    sl = uid("f22sl")
    lt = g("f22lt", 50)
    bl = g("f22bl", 40, "abcdef0123456789")
    bsl = g("f22bsl", 20)
    return [
        P(F22, read_ev("/home/dev/web/wdio.bs.conf.js",
                       "exports.config = {\n  user: 'janedoe_Xa9k2L',\n" f"  key: '{bs}',\n"
                       "  hostname: 'hub.browserstack.com',\n  services: [['browserstack', { browserstackLocal: true }]],\n"
                       "  capabilities: [{ browserName: 'Safari', 'bstack:options': { os: 'OS X', osVersion: 'Sonoma' } }],\n};\n",
                       "u21f22a"), bs),
        P(F22, sh(f"SAUCE_USERNAME=oauth-jane.doe-4c1e2 SAUCE_ACCESS_KEY={sl} saucectl run -c .sauce/config.yml --region eu-central-1",
                  "Running version 0.178.0\nLaunching workers concurrency=2\nSuites: 3 Passed: 3 Failed: 0\n", "u21f22b"), sl),
        P(F22, write_ev("/home/dev/web/tests/conftest.py",
                        "import pytest\nfrom selenium import webdriver\n\n"
                        f'HUB = "https://jane.doe:{lt}@hub.lambdatest.com/wd/hub"\n\n\n'
                        "@pytest.fixture\ndef driver():\n    opts = webdriver.ChromeOptions()\n"
                        "    d = webdriver.Remote(command_executor=HUB, options=opts)\n    yield d\n    d.quit()\n",
                        "u21f22c"), lt),
        P(F22, read_line("import { chromium } from 'playwright';\n\n"
                         f"const browser = await chromium.connectOverCDP('wss://production-sfo.browserless.io?token={bl}');\n"
                         "const page = await browser.newPage();\nawait page.goto('https://example.com');\n", "u21f22d"), bl),
        P(F22, sh(f"./BrowserStackLocal --key {bsl} --local-identifier ci-48213 --force-local --daemon start",
                  '{"state":"connected","pid":41877,"message":{"message":"Connected"}}\n', "u21f22e"), bsl),
    ]


F23 = "u21: serverless databases (planetscale, neon, turso, xata)"


def f23() -> list:
    ps = "pscale_pw_" + g("f23ps", 43, URL)
    npg = "npg_" + g("f23npg", 12)
    turso = jwt("f23tu", {"alg": "EdDSA", "typ": "JWT"}, {"a": "rw", "iat": 1764640512, "id": uid("f23tuid")})
    xau = "xau_" + g("f23xa", 32)
    lib = jwt("f23lib", {"alg": "EdDSA", "typ": "JWT"}, {"a": "ro", "iat": 1764554112, "id": uid("f23libid")})
    return [
        P(F23, sh("pscale password create shop main app-writer --role readwriter",
                  "  NAME         USERNAME       ACCESS HOST URL                  ROLE         PASSWORD\n"
                  f"  app-writer   k3s9x1m2q7pl   aws.connect.psdb.cloud           readwriter   {ps}\n", "u21f23a"), ps),
        P(F23, read_ev("/home/dev/blog/.env",
                       f"DATABASE_URL=postgresql://neondb_owner:{npg}@ep-cool-sun-a5x9q2lm-pooler.eu-central-1.aws.neon.tech/neondb?sslmode=require\n"
                       "NEXT_PUBLIC_SITE_URL=https://blog.example.dev\n", "u21f23b"), npg),
        P(F23, sh("turso db tokens create orders --expiration none", turso + "\n", "u21f23c"), turso),
        P(F23, read_line(f"XATA_BRANCH=main\nXATA_API_KEY={xau}\n", "u21f23d"), xau),
        P(F23, write_ev("/home/dev/edge/src/db.ts",
                        "import { createClient } from '@libsql/client/web';\n\nexport const db = createClient({\n"
                        f"  url: 'libsql://orders-acme.turso.io?authToken={lib}',\n}});\n", "u21f23e"), lib),
    ]


F24 = "u21: remote access gateways (guacamole, rustdesk, meshcentral, freerdp)"


def f24() -> list:
    gu, gc = H[7] + "1", H[8] + "2"
    rd = H[9] + "3"
    mc = s("f24mc", 48)
    rdp = H[10] + "4"
    jsk = hx("f24jsk", 32)
    return [
        P(F24, read_ev("/etc/guacamole/user-mapping.xml",
                       "<user-mapping>\n"
                       f'    <authorize username="ops" password="{gu}">\n'
                       '        <connection name="dc01">\n            <protocol>rdp</protocol>\n'
                       '            <param name="hostname">10.10.0.11</param>\n            <param name="username">Administrator</param>\n'
                       f'            <param name="password">{gc}</param>\n            <param name="ignore-cert">true</param>\n'
                       "        </connection>\n    </authorize>\n</user-mapping>\n", "u21f24a"), gu, gc),
        P(F24, sh(f"sudo rustdesk --password '{rd}' && rustdesk --get-id", "Done!\n183 442 907\n", "u21f24b"), rd),
        P(F24, read_line('{\n  "$schema": "https://raw.githubusercontent.com/Ylianst/MeshCentral/master/meshcentral-config-schema.json",\n'
                         '  "settings": {\n    "cert": "mesh.example.org",\n    "port": 443,\n'
                         f'    "sessionKey": "{mc}",\n    "WANonly": true\n  }},\n', "u21f24c"), mc),
        P(F24, sh(f"xfreerdp /v:10.10.0.12 /u:CORP\\\\helpdesk /p:'{rdp}' /cert:ignore /dynamic-resolution", "",
                  "u21f24d", "[09:14:22:107] [41021:41022] [INFO][com.freerdp.client.x11] - Logon Error Info LOGON_FAILED_OTHER\n"), rdp),
        P(F24, read_line("guacd-hostname: guacd\nguacd-port: 4822\nextension-priority: json, *\n"
                         f"json-secret-key: {jsk}\n", "u21f24e", 3), jsk),
    ]


F25 = "u21: hpc schedulers and grid storage (slurmdbd, irods, htcondor, munge, open ondemand)"


def f25() -> list:
    sp, ir, hc = H[11] + "5", H[12] + "6", s("f25hc", 20)
    mk = base64.b64encode(bytes.fromhex(hx("f25mk", 256))).decode()
    oo = s("f25oo", 40)
    return [
        P(F25, read_ev("/etc/slurm/slurmdbd.conf",
                       "AuthType=auth/munge\nDbdHost=slurmdb01\nSlurmUser=slurm\nLogFile=/var/log/slurm/slurmdbd.log\n"
                       "StorageType=accounting_storage/mysql\nStorageHost=mariadb01\nStorageUser=slurm\n"
                       f"StoragePass={sp}\nStorageLoc=slurm_acct_db\n", "u21f25a"), sp),
        P(F25, sh(f"iadmin moduser alice password '{ir}' && ils /tempZone/home/alice", "/tempZone/home/alice:\n  results_2026-11.tar\n",
                  "u21f25b"), ir),
        P(F25, sh(f"sudo condor_store_cred add -c -p '{hc}'", "Operation succeeded.\n", "u21f25c"), hc),
        P(F25, sh("sudo base64 -w0 /etc/munge/munge.key; echo", mk + "\n", "u21f25d"), mk),
        P(F25, read_line("servername: ondemand.hpc.example.edu\nport: 443\nssl:\n"
                         "  - 'SSLCertificateFile \"/etc/pki/tls/certs/ondemand.crt\"'\n"
                         "oidc_uri: /oidc\noidc_provider_metadata_url: https://sso.example.edu/realms/hpc/.well-known/openid-configuration\n"
                         f'oidc_client_id: ondemand\noidc_client_secret: "{oo}"\n', "u21f25e"), oo),
    ]


F26 = "u21: infrastructure monitoring servers (zabbix, icinga, checkmk, librenms)"


def f26() -> list:
    zdb, zpsk = s("f26zdb", 20), hx("f26zpsk", 64)
    ic = H[13] + "7"
    cmk = g("f26cmk", 32, UPPER)
    ldb, lkey = s("f26ldb", 20), "base64:" + b64_bytes("f26lkey", 32)
    return [
        P(F26, read_line("LogFile=/var/log/zabbix/zabbix_server.log\nPidFile=/run/zabbix/zabbix_server.pid\n"
                         f"DBHost=localhost\nDBName=zabbix\nDBUser=zabbix\nDBPassword={zdb}\nStartPollers=10\n",
                         "u21f26a", 80), zdb),
        P(F26, sh("sudo cat /etc/zabbix/zabbix_agent2.psk", zpsk + "\n", "u21f26b"), zpsk),
        P(F26, write_ev("/etc/icinga2/conf.d/api-users.conf",
                        'object ApiUser "director" {\n' f'  password = "{ic}"\n' '  permissions = [ "*" ]\n}\n', "u21f26c"), ic),
        P(F26, sh(f"curl -s -H 'Authorization: Bearer automation {cmk}' -H 'Accept: application/json' "
                  "'https://mon.example.net/prod/check_mk/api/1.0/domain-types/host_config/collections/all' | jq '.value | length'",
                  "214\n", "u21f26d"), cmk),
        P(F26, read_ev("/opt/librenms/.env",
                       f"APP_KEY={lkey}\nDB_HOST=localhost\nDB_DATABASE=librenms\nDB_USERNAME=librenms\nDB_PASSWORD={ldb}\n"
                       "APP_URL=/\nNODE_ID=6571e3b0a9c2d\nLIBRENMS_USER=librenms\n", "u21f26e"), lkey, ldb),
    ]


F27 = "u21: active directory and samba domain commands (samba-tool, dsadd, net ads join, realm join)"


def f27() -> list:
    ap, up, dp, nj, rj = H[14] + "8", H[15] + "9", H[16] + "0", H[17] + "!", H[18] + "#"
    return [
        P(F27, sh(f"sudo samba-tool domain provision --realm=CORP.EXAMPLE.NET --domain=CORP --server-role=dc "
                  f"--dns-backend=SAMBA_INTERNAL --adminpass='{ap}'",
                  "INFO 2026-12-02 02:58:41,211 pid:5120 samba/provision/__init__.py #2122: Server Role:           active directory domain controller\n"
                  "INFO 2026-12-02 02:58:41,211 pid:5120 samba/provision/__init__.py #2123: Hostname:              dc1\n"
                  "INFO 2026-12-02 02:58:41,212 pid:5120 samba/provision/__init__.py #2125: DOMAIN SID:            S-1-5-21-2414402816-1923048126-3611508212\n",
                  "u21f27a"), ap),
        P(F27, sh(f"sudo samba-tool user create jdoe '{up}' --given-name=Jane --surname=Doe --mail-address=jane.doe@corp.example.net",
                  "User 'jdoe' added successfully\n", "u21f27b"), up),
        P(F27, sh(f'dsadd user "CN=svc-sql,OU=Service Accounts,DC=corp,DC=example,DC=net" -samid svc-sql -pwd {dp} -pwdneverexpires yes',
                  "dsadd succeeded:CN=svc-sql,OU=Service Accounts,DC=corp,DC=example,DC=net\n", "u21f27c"), dp),
        P(F27, sh(f"sudo net ads join -U 'joinacct%{nj}' createcomputer=Servers/Linux",
                  "Using short domain name -- CORP\nJoined 'FS02' to dns domain 'corp.example.net'\n", "u21f27d"), nj),
        P(F27, sh(f"echo '{rj}' | sudo realm join --user=joinacct --computer-ou='OU=Linux,DC=corp,DC=example,DC=net' corp.example.net",
                  "", "u21f27e"), rj),
    ]


F28 = "u21: mdm and device management apis (jamf pro, kandji, micromdm, nanomdm, mosyle)"


def f28() -> list:
    jid, jsec = uid("f28jid"), g("f28jsec", 64, URL)
    jtok = jwt("f28jtok", {"alg": "HS256"}, {"token-uuid": uid("f28tu"), "sub": jid, "exp": 1764642312})
    kj = uid("f28kj")
    mm = s("f28mm", 32)
    na, npw = s("f28na", 28), s("f28npw", 20)
    mo = s("f28mo", 36)
    return [
        P(F28, sh(f"curl -s -X POST https://acme.jamfcloud.com/api/oauth/token -d client_id={jid} "
                  f"-d grant_type=client_credentials -d client_secret={jsec}",
                  '{"access_token":"' + jtok + '","scope":"api-role:2","token_type":"Bearer","expires_in":1799}\n',
                  "u21f28a"), jsec, jtok),
        P(F28, read_ev("/home/dev/mdm-tools/.env",
                       f"KANDJI_API_URL=https://acme.api.eu.kandji.io\nKANDJI_API_TOKEN={kj}\nBLUEPRINT=Staff Macs\n",
                       "u21f28b"), kj),
        P(F28, sh(f"micromdm serve -server-url=https://mdm.example.com -api-key '{mm}' -filerepo /var/db/micromdm/files",
                  "level=info ts=2026-12-02T02:59:11Z msg=\"started\" version=v1.12.1\n", "u21f28c"), mm),
        P(F28, sh("ps -ww -o args= -C nanomdm",
                  f"/usr/local/bin/nanomdm -api {na} -storage mysql -storage-dsn nanomdm:{npw}@tcp(db:3306)/nanomdm -listen :9000\n",
                  "u21f28d"), na, npw),
        P(F28, said(f"mosyle's api returns 'invalid accessToken' for me. accessToken {mo}, and I log in with the admin "
                    "account first to get the bearer. what's the order of the calls?", "u21f28e"), mo),
    ]


F29 = "u21: video conferencing servers (jitsi, bigbluebutton, livekit, janus)"


def f29() -> list:
    jc, jv = hx("f29jc", 32), hx("f29jv", 32)
    bbb = g("f29bbb", 48)
    lk = g("f29lk", 44)
    jn = H[19] + "+"
    lk2 = g("f29lk2", 44)
    tok = jwt("f29tok", {"alg": "HS256", "typ": "JWT"},
              {"exp": 1764662112, "iss": "APIf9xK2mQ", "name": "bot", "nbf": 1764640512, "sub": "bot",
               "video": {"room": "standup", "roomJoin": True}})
    return [
        P(F29, read_ev("/opt/jitsi/.env",
                       "# Security\n#\n# Set these to strong passwords to avoid intruders from impersonating a service account\n"
                       f"JICOFO_AUTH_PASSWORD={jc}\nJVB_AUTH_PASSWORD={jv}\n\n# Basic configuration options\n"
                       "CONFIG=~/.jitsi-meet-cfg\nHTTP_PORT=8000\nHTTPS_PORT=8443\nTZ=Europe/Berlin\n", "u21f29a"), jc, jv),
        P(F29, sh("sudo bbb-conf --secret",
                  "\n    URL: https://bbb.example.edu/bigbluebutton/\n"
                  f"    Secret: {bbb}\n\n    Link to the API-Mate:\n"
                  f"    https://mconf.github.io/api-mate/#server=https://bbb.example.edu/bigbluebutton/&sharedSecret={bbb}\n",
                  "u21f29b"), bbb),
        P(F29, read_line("port: 7880\nrtc:\n  tcp_port: 7881\n  port_range_start: 50000\n  port_range_end: 60000\n"
                         f"redis:\n  address: redis:6379\nkeys:\n  APIf9xK2mQ: {lk}\n", "u21f29c"), lk),
        P(F29, read_ev("/opt/janus/etc/janus/janus.jcfg",
                       'general: {\n\tconfigs_folder = "/opt/janus/etc/janus"\n\tdebug_level = 4\n'
                       f'\tadmin_secret = "{jn}"\n\tserver_name = "janus-eu1"\n}}\n', "u21f29d"), jn),
        P(F29, sh(f"lk token create --api-key APIf9xK2mQ --api-secret {lk2} --join --room standup --identity bot --valid-for 6h",
                  f"Token grants:\n  roomJoin: true\n  room: standup\n\nAccess token: {tok}\n", "u21f29e"), lk2, tok),
    ]


F30 = "u21: hosted content apis (sanity, contentful, storyblok, datocms, prismic)"


def f30() -> list:
    sk = "sk" + g("f30sk", 180)
    cf = "CFPAT-" + g("f30cf", 43, URL)
    sb = g("f30sb", 24) + "-" + g("f30sb2", 6, DIG) + "-" + g("f30sb3", 20)
    dato = hx("f30dato", 30)
    pr = "MC5" + g("f30pr", 72, ALNUM + "_")
    return [
        P(F30, read_ev("/home/dev/studio-site/.env.local",
                       "NEXT_PUBLIC_SANITY_PROJECT_ID=x7k2m9qp\nNEXT_PUBLIC_SANITY_DATASET=production\n"
                       f"SANITY_API_WRITE_TOKEN={sk}\n", "u21f30a"), sk),
        P(F30, sh(f"contentful space export --space-id 9r3kx1lq0m2z --environment-id master --management-token {cf} --skip-content",
                  "✔ Initialize client (1s)\n✔ Fetching data from space\n  ✔ Fetching content types data (1s)\n"
                  "Stored space data to json file at: contentful-export-9r3kx1lq0m2z-master-2026-12-02T03-01-22.json\n",
                  "u21f30b"), cf),
        P(F30, sh(f"storyblok login --token {sb} --region eu", "✓ Log in successfully! Token has been added to .netrc file.\n",
                  "u21f30c"), sb),
        P(F30, write_ev("/home/dev/site/scripts/migrate_dato.py",
                        "from datocms_client import Client\n\n"
                        f'client = Client("{dato}")\n'
                        'for record in client.items.all({"filter[type]": "article"}):\n    print(record["id"], record["slug"])\n',
                        "u21f30d"), dato),
        P(F30, said("prismic preview returns 'invalid access token' on the vercel preview deploy but works locally:\n"
                    f"PRISMIC_REPOSITORY_NAME=acme-marketing\nPRISMIC_ACCESS_TOKEN={pr}", "u21f30e"), pr),
    ]


F31 = "u21: consumer iot clouds (tuya local keys, blynk, particle, shelly, smartthings)"


def f31() -> list:
    tk = "k=*Y;3Ex8!aB<v2q"
    bl = g("f31bl", 32, URL)
    pt = hx("f31pt", 40)
    sh_pw = H[20] + "%"
    st = uid("f31st")
    return [
        P(F31, read_ev("/home/dev/lights/devices.json",
                       '[\n    {\n        "name": "Office lamp",\n        "id": "bf3a9c1e47d2088f5cqdme",\n'
                       f'        "key": "{tk}",\n        "mac": "d4:a6:51:7e:0c:19",\n        "category": "dj",\n'
                       '        "product_name": "Smart Bulb RGBCW",\n        "ip": "192.168.1.57",\n        "version": "3.3"\n    }\n]\n',
                       "u21f31a"), tk),
        P(F31, write_ev("/home/dev/greenhouse/src/main.ino",
                        '#define BLYNK_TEMPLATE_ID "TMPL4x9Qa2kLm"\n#define BLYNK_TEMPLATE_NAME "Greenhouse"\n'
                        f'#define BLYNK_AUTH_TOKEN "{bl}"\n\n#include <WiFi.h>\n#include <BlynkSimpleEsp32.h>\n\n'
                        'void setup() {\n  Blynk.begin(BLYNK_AUTH_TOKEN, WIFI_SSID, WIFI_PASS);\n}\n', "u21f31b"), bl),
        P(F31, sh("particle token create --expires-in 0",
                  f"? Please enter your email address jane@example.com\n? Please enter your password [hidden]\n"
                  f"New access token never expires\n    {pt}\n", "u21f31c"), pt),
        P(F31, sh(f"curl -s --digest -u admin:'{sh_pw}' http://192.168.1.42/rpc/Shelly.GetStatus | jq '.\"switch:0\".output'",
                  "true\n", "u21f31d"), sh_pw),
        P(F31, sh(f"smartthings devices --token {st} --json | jq -r '.[].label'", "Front door lock\nHallway sensor\n", "u21f31e"), st),
    ]


# ---------------------------------------------------------------- negatives

N01 = "u21 neg: log pipeline configs reading the environment and secret files"


def n01() -> list:
    return [
        N(N01, read_ev("/etc/fluent-bit/fluent-bit.conf",
                       "[OUTPUT]\n    Name            es\n    Match           kube.*\n    Host            ${ES_HOST}\n"
                       "    HTTP_User       ${ES_USER}\n    HTTP_Passwd     ${ES_PASSWORD}\n    tls             On\n"
                       "    tls.ca_file     /etc/ssl/certs/es-ca.pem\n", "u21n01a")),
        N(N01, write_ev("/home/dev/infra/vector/vector.toml",
                        '[sinks.datadog]\ntype = "datadog_logs"\ninputs = ["app"]\nsite = "datadoghq.eu"\n'
                        'default_api_key = "${DATADOG_API_KEY}"\n\n[secret.vault]\ntype = "exec"\n'
                        'command = ["/usr/local/bin/vector-secrets", "--path", "kv/observability"]\n', "u21n01b")),
        N(N01, read_line("# Graylog server configuration\nis_leader = true\nnode_id_file = /etc/graylog/server/node-id\n"
                         "# You MUST set a secret to secure/pepper the stored user passwords here. Use at least 64 characters.\n"
                         "# Generate one by using for example: pwgen -N 1 -s 96\npassword_secret =\n"
                         "root_username = admin\n# Create one by using for example: echo -n yourpassword | shasum -a 256\n"
                         f"root_password_sha2 = {sha('u21n01root', 64)}\n", "u21n01c")),
        N(N01, sh('sudo /opt/splunkforwarder/bin/splunk list forward-server -auth "admin:$SPLUNK_ADMIN_PASSWORD"',
                  "Active forwards:\n\tidx01.corp.example:9997\nConfigured but inactive forwards:\n\tNone\n", "u21n01d")),
        N(N01, sh('curl -sk https://hec.splunk.corp.example:8088/services/collector/event -H "Authorization: Splunk $SPLUNK_HEC_TOKEN" '
                  "-d @event.json", '{"text":"Success","code":0}\n', "u21n01e")),
        N(N01, out("[2026/12/02 02:41:07] [ info] [output:es:es.0] worker #0 started\n"
                   "[2026/12/02 02:41:12] [ warn] [engine] failed to flush chunk '1-1764643272.118220411.flb', retry in 9 seconds: task_id=3, input=tail.0 > output=es.0 (out_id=0)\n"
                   "[2026/12/02 02:41:21] [ info] [engine] flush chunk '1-1764643272.118220411.flb' succeeded at retry 1: task_id=3\n",
                   "u21n01f")),
    ]


N02 = "u21 neg: nas and camera listings with serials, mac addresses and rtsp urls without credentials"


def n02() -> list:
    return [
        N(N02, sh('ffprobe -v error "rtsp://192.168.1.80:8554/birdbox" -show_entries stream=codec_name,width,height -of csv=p=0',
                  "h264,1920,1080\n", "u21n02a")),
        N(N02, read_ev("/opt/frigate/config/config.yml",
                       "cameras:\n  driveway:\n    ffmpeg:\n      inputs:\n"
                       "        - path: rtsp://{FRIGATE_RTSP_USER}:{FRIGATE_RTSP_PASSWORD}@192.168.1.64:554/Streaming/Channels/101\n"
                       "          roles: [detect, record]\n", "u21n02b")),
        N(N02, sh("sudo synouser --get hyperbackup",
                  "User Name   : [hyperbackup]\nUser Type   : [AUTH_LOCAL]\nFullname    : [Hyper Backup target]\n"
                  "User uid    : [1030]\nPrimary gid : [100]\nUser Mail   : []\nExpired     : [false]\n"
                  "User Group  : [\n(100) users\n]\n", "u21n02c")),
        N(N02, sh("python -m onvif_zeep.discover --timeout 3",
                  "urn:uuid:4d454930-3030-3030-3030-bc325f0e1a77  http://10.0.4.21/onvif/device_service  MAC bc:32:5f:0e:1a:77\n"
                  "urn:uuid:2419d68a-2dd2-21b2-a205-ec71db3f0b9c  http://10.0.4.22/onvif/device_service  MAC ec:71:db:3f:0b:9c\n",
                  "u21n02d")),
        N(N02, read_ev("/boot/config/plugins/dynamix.my.servers/myservers.cfg",
                       '[api]\nversion="3.4.0"\n[remote]\nwanaccess="no"\napikey=""\nlocalApiKey=""\n'
                       'email=""\nusername=""\n', "u21n02e")),
        N(N02, sh("getsysinfo model; getsysinfo serial; getcfg System Version",
                  "TS-464\nQ232I18492\n5.2.1\n", "u21n02f")),
    ]


N03 = "u21 neg: smb mounts with credential files and share listings"


def n03() -> list:
    return [
        N(N03, read_ev("/etc/fstab",
                       "UUID=0f3c8d1e-6b2a-4c5e-9a7f-1d2e3c4b5a69 /  ext4  errors=remount-ro  0  1\n"
                       "//nas.lan/media  /mnt/media  cifs  credentials=/root/.smbcredentials,uid=1000,gid=1000,vers=3.0,_netdev  0  0\n",
                       "u21n03a")),
        N(N03, sh("smbclient -A ~/.config/smbauth -L fs01.corp.example",
                  "\n\tSharename       Type      Comment\n\t---------       ----      -------\n\tfinance         Disk      Finance team\n"
                  "\tscans           Disk      MFP drop\n\tIPC$            IPC       IPC Service (fs01)\nSMB1 disabled -- no workgroup available\n",
                  "u21n03b")),
        N(N03, sh("sudo mount -t cifs //fs01.corp.example/backup /mnt/backup -o sec=krb5,cruid=$(id -u),multiuser && findmnt /mnt/backup",
                  "TARGET      SOURCE                       FSTYPE OPTIONS\n/mnt/backup //fs01.corp.example/backup cifs   rw,relatime,vers=3.1.1,sec=krb5,cruid=1000,multiuser\n",
                  "u21n03c")),
        N(N03, sh("sudo smbstatus -b",
                  "\nSamba version 4.19.5-Ubuntu\nPID     Username     Group        Machine                                   Protocol Version  Encryption           Signing\n"
                  "----------------------------------------------------------------------------------------------------------------------------------------\n"
                  "48123   kodi         kodi         192.168.1.31 (ipv4:192.168.1.31:50412)    SMB3_11           -                    partial(AES-128-CMAC)\n",
                  "u21n03d")),
        N(N03, write_ev("/etc/auto.cifs",
                        "scans  -fstype=cifs,rw,credentials=/etc/samba/creds/scan,domain=CORP,uid=scan  ://mfp01.corp.example/scans\n",
                        "u21n03e")),
    ]


N04 = "u21 neg: shop, wiki and forum configs with getenv, hashes and placeholders"


def n04() -> list:
    return [
        N(N04, read_ev("/var/www/shop/app/etc/env.php",
                       "<?php\nreturn [\n    'db' => [\n        'connection' => [\n            'default' => [\n"
                       "                'host' => getenv('MAGENTO_DB_HOST'),\n                'username' => getenv('MAGENTO_DB_USER'),\n"
                       "                'password' => getenv('MAGENTO_DB_PASSWORD'),\n            ]\n        ]\n    ],\n];\n", "u21n04a")),
        N(N04, read_line('$wgDBuser = "wikiuser";\n$wgDBpassword = getenv( "WIKI_DB_PASSWORD" );\n'
                         '$wgSecretKey = getenv( "WIKI_SECRET_KEY" );\n$wgUpgradeKey = false;\n', "u21n04b", 61)),
        N(N04, read_ev("/var/discourse/samples/standalone.yml",
                       "  ## TODO: The SMTP mail server used to validate new accounts and send notifications\n"
                       "  DISCOURSE_SMTP_ADDRESS: smtp.example.com\n  DISCOURSE_SMTP_PORT: 587\n"
                       "  DISCOURSE_SMTP_USER_NAME: user@example.com\n  DISCOURSE_SMTP_PASSWORD: pa$$word\n"
                       "  #DISCOURSE_SMTP_ENABLE_START_TLS: true           # (optional, default true)\n", "u21n04c")),
        N(N04, sh("wp wc webhook list --user=1 --fields=id,name,status,topic --format=table",
                  "+----+-----------------+--------+---------------+\n| id | name            | status | topic         |\n"
                  "+----+-----------------+--------+---------------+\n| 7  | ERP order sync  | active | order.created |\n"
                  "| 9  | Stock to Sheets | paused | product.updated |\n+----+-----------------+--------+---------------+\n",
                  "u21n04d")),
        N(N04, read_line("$CFG->dbuser    = 'moodleuser';\n$CFG->dbpass    = '';  // set in /etc/moodle/secrets.php\n"
                         "require_once('/etc/moodle/secrets.php');\n", "u21n04e", 10)),
        N(N04, sh("bin/magento info:adminuri && bin/magento admin:user:unlock ops.lena",
                  "\nAdmin URI: /admin_k3v9\nThe user account \"ops.lena\" has been unlocked\n", "u21n04f")),
    ]


N05 = "u21 neg: artifact server checksums, quality gate keys and build info"


def n05() -> list:
    return [
        N(N05, sh("curl -s -u \"$NEXUS_USER:$NEXUS_PASS\" 'https://nexus.internal/service/rest/v1/search/assets?repository=releases&name=payments-api' | jq '.items[0].checksum'",
                  '{\n  "sha1": "' + sha("u21n05s1") + '",\n  "sha512": "' + sha("u21n05s5", 64) + sha("u21n05s52", 64)
                  + '",\n  "sha256": "' + sha("u21n05s2", 64) + '",\n  "md5": "' + sha("u21n05m", 32) + '"\n}\n', "u21n05a")),
        N(N05, sh("jf config show art-eu",
                  "Server ID:\t\t\tart-eu\nJFrog Platform URL:\t\thttps://acme.jfrog.io/\n"
                  "Artifactory URL:\t\thttps://acme.jfrog.io/artifactory/\nUser:\t\t\t\tci-deployer\nAccess token:\t\t\t***\n"
                  "Default:\t\t\ttrue\n", "u21n05b")),
        N(N05, read_ev("/home/dev/payments/sonar-project.properties",
                       "sonar.projectKey=acme_payments-api\nsonar.organization=acme\n# sonar.token comes from SONAR_TOKEN in CI\n"
                       "sonar.sources=src\nsonar.exclusions=**/migrations/**\n", "u21n05c")),
        N(N05, sh("curl -s -H \"X-Api-Key: $DT_API_KEY\" 'https://dtrack.acme.dev/api/v1/project/lookup?name=payments-api&version=2.14.0' | jq '{uuid, lastBomImport}'",
                  '{\n  "uuid": "' + uid("n05dt") + '",\n  "lastBomImport": 1764637201000\n}\n', "u21n05d")),
        N(N05, out("[Info] Deploying artifact: https://acme.jfrog.io/artifactory/libs-release-local/com/acme/payments-api/2.14.0/payments-api-2.14.0.jar\n"
                   "[Info] Build info successfully deployed. Browse it in JFrog Platform: https://acme.jfrog.io/ui/builds/payments-api/412/"
                   "1764637201000/published\n{\n  \"status\": \"success\",\n  \"totals\": {\"success\": 3, \"failure\": 0}\n}\n",
                   "u21n05e")),
    ]


N06 = "u21 neg: onion hostnames, overlay public keys and node addresses"


def n06() -> list:
    onion = g("n06on", 56, "abcdefghijklmnopqrstuvwxyz234567")
    return [
        N(N06, sh("sudo cat /var/lib/tor/blog_service/hostname", onion + ".onion\n", "u21n06a")),
        N(N06, sh("yggdrasilctl getself",
                  "Build name:     yggdrasil\nBuild version:  0.5.9\n"
                  f"IPv6 address:   200:7a3f:e1c2:9b08:4d55:ae13:77c0:1f2e\nIPv6 subnet:    300:7a3f:e1c2:9b08::/64\n"
                  f"Routing table size: 412\nPublic key:     {hx('n06ygg', 64)}\n", "u21n06b")),
        N(N06, sh("cjdnstool peers show",
                  "v21.0000.0000.0000.001b.lpu15wrt3tb6d8vngq9yh3lr4gmnkuv0rgcd2jwl5rp5v0mhlg30.k  ESTABLISHED  in 1.2MB  out 880KB\n"
                  "v21.0000.0000.0000.0017.2scyq8n5zx5vxhd0n8c1l5n1bh0lh2z9ypdy8jk8xxcwpsy7nqv0.k  ESTABLISHED  in 310KB  out 122KB\n",
                  "u21n06c")),
        N(N06, read_ev("/etc/tinc/mesh/hosts/berlin",
                       "Address = 203.0.113.45\nPort = 655\nSubnet = 10.77.0.2/32\n"
                       f"Ed25519PublicKey = {g('n06tinc', 43, ALNUM + '+/')}\n", "u21n06d")),
        N(N06, read_line("ControlPort 9051\nCookieAuthentication 1\n"
                         f"HashedControlPassword 16:{hx('n06hcp', 58).upper()}\n"
                         "HiddenServiceDir /var/lib/tor/blog_service/\nHiddenServicePort 80 127.0.0.1:8080\n", "u21n06e")),
    ]


N07 = "u21 neg: stellar, xrp, tezos, cardano and algorand addresses and transaction ids"


def n07() -> list:
    return [
        N(N07, sh("stellar keys address treasury", "G" + g("n07g", 55, B32) + "\n", "u21n07a")),
        N(N07, sh("rippled account_info r" + g("n07r", 33, B58) + " validated",
                  '{\n   "result" : {\n      "account_data" : {\n         "Balance" : "1000012000",\n         "Flags" : 0,\n'
                  f'         "PreviousTxnID" : "{hx("n07tx", 64).upper()}",\n         "Sequence" : 88410212\n      }},\n'
                  f'      "ledger_hash" : "{hx("n07lh", 64).upper()}",\n      "ledger_index" : 92811240,\n      "validated" : true\n   }}\n}}\n',
                  "u21n07b")),
        N(N07, sh("octez-client list known addresses",
                  "baker: tz1" + g("n07tz", 33, B58) + " (unencrypted sk known)\n"
                  "ledger_ops: tz1" + g("n07tz2", 33, B58) + " (ledger sk known)\n", "u21n07c")),
        N(N07, read_ev("/home/dev/pool/keys/payment.vkey",
                       '{\n    "type": "PaymentVerificationKeyShelley_ed25519",\n    "description": "Payment Verification Key",\n'
                       f'    "cborHex": "5820{hx("n07vk", 64)}"\n}}\n', "u21n07d")),
        N(N07, sh("goal account list -d /var/lib/algorand",
                  "[online]\t7ZUECA7HFLZTXENRV24SHLU4AVPUTMTTDUFUBNBD64C73F3UHRTHAIOF6Q\t"
                  "7ZUECA7HFLZTXENRV24SHLU4AVPUTMTTDUFUBNBD64C73F3UHRTHAIOF6Q\t1204399100 microAlgos\t*Default\n", "u21n07e")),
        N(N07, sh("cardano-cli conway query utxo --address $(cat payment.addr) --mainnet",
                  "                           TxHash                                 TxIx        Amount\n"
                  "--------------------------------------------------------------------------------------\n"
                  f"{hx('n07utxo', 64)}     0        48211900 lovelace + TxOutDatumNone\n", "u21n07f")),
    ]


N08 = "u21 neg: sql catalogs of those dialects listing users without a password"


def n08() -> list:
    return [
        N(N08, sh("isql -Usa -SASE160 -w200 -i /dev/stdin <<< $'use sales\\ngo\\nsp_helpuser\\ngo'",
                  " Users_name   ID_in_db  Group_name  Login_name\n ------------ --------- ----------- -----------\n"
                  " dbo                  1 public      sa\n sales_ro             3 public      sales_ro\n"
                  "\n(2 rows affected)\n(return status = 0)\n", "u21n08a")),
        N(N08, out("sql> SELECT USER_NAME, IS_ADMIN FROM INFORMATION_SCHEMA.USERS;\nUSER_NAME | IS_ADMIN\nSA        | TRUE\n"
                   "REPORTER  | TRUE\n(2 rows, 3 ms)\n", "u21n08b")),
        N(N08, sh("java -jar $DERBY_HOME/lib/derbyrun.jar ij",
                  "ij> VALUES SYSCS_UTIL.SYSCS_GET_DATABASE_PROPERTY('derby.authentication.provider');\n1\n"
                  "--------------------------------------------------------------------------------\nNATIVE::LOCAL\n\n1 row selected\n",
                  "u21n08c")),
        N(N08, sh("mclient -d voc -s 'SELECT name, fullname, default_schema FROM sys.users'",
                  "+---------+-------------+----------------+\n| name    | fullname    | default_schema |\n"
                  "+=========+=============+================+\n| monetdb | MonetDB Admin |         2000 |\n"
                  "| etl     | ETL loader  |           2000 |\n+---------+-------------+----------------+\n2 tuples\n", "u21n08d")),
        N(N08, said("in exasol, which view tells me when a user's password expires? I have\n"
                    "SELECT USER_NAME, CREATED, PASSWORD_STATE, PASSWORD_EXPIRY FROM EXA_DBA_USERS;\n"
                    "and PASSWORD_STATE says EXPIRED for analyst", "u21n08e")),
    ]


N09 = "u21 neg: apex, mql5, al and x++ code reading named credentials"


def n09() -> list:
    return [
        N(N09, write_ev("/home/dev/sfdx/force-app/main/default/classes/ShipStationClient.cls",
                        "public with sharing class ShipStationClient {\n    public static HttpResponse listShipments() {\n"
                        "        HttpRequest req = new HttpRequest();\n"
                        "        req.setEndpoint('callout:ShipStation/shipments?pageSize=50');\n"
                        "        req.setMethod('GET');\n        return new Http().send(req);\n    }\n}\n", "u21n09a")),
        N(N09, read_ev("C:/Users/dev/AppData/Roaming/MetaQuotes/Terminal/D0E8209F77C8CF37/MQL5/Experts/SignalBridge.mq5",
                       "input string InpWebhook   = \"https://signals.example.io/hook\";\n"
                       "input string InpApiSecret = \"\";   // set in the EA's inputs, never in source\n"
                       "input double InpLots      = 0.10;\n", "u21n09b")),
        N(N09, read_line("    local procedure GetKey(): SecretText\n    var\n        Key: SecretText;\n    begin\n"
                         "        if not IsolatedStorage.Get('FxRatesKey', DataScope::Company, Key) then\n"
                         "            Error('Set the FX Rates key in the FX Rates Setup page.');\n        exit(Key);\n    end;\n",
                         "u21n09c", 22)),
        N(N09, read_line("        str password = KeyVaultCertificateHelper::getManualSecretValue(\n"
                         "            KeyVaultCertificateTable::findByName('BankSftpPassword').RecId);\n", "u21n09d", 7)),
        N(N09, sh("sf apex run --target-org uat --file scripts/apex/count_users.apex",
                  "Compiled successfully.\nExecuted successfully.\n\n62.0 APEX_CODE,FINEST\n"
                  "09:20:11.12 (12001233)|USER_DEBUG|[2]|DEBUG|active integration users: 3\n", "u21n09e")),
    ]


N10 = "u21 neg: prompts in cornish, manx, tongan, aymara and xhosa without a secret"


def n10() -> list:
    return [
        N(N10, said("Dydh da! Fatell yllyn vy gorra an ger-tremena y'n vault yn le a'y scrifa y'n kod? "
                    "Ny vynnav y weles yn git.", "u21n10a")),
        N(N10, said("Moghrey mie. Ta'n token er n'gholl ass y shenn .env. Vod oo screeu script ta cur token noa "
                    "voish y secret manager?", "u21n10b")),
        N(N10, said("Mālō e lelei. 'Oku fiema'u ke u fakafo'ou 'a e API key 'i he uike kotoa pē. "
                    "Ko fē 'a e feitu'u lelei taha ke tauhi ai?", "u21n10c")),
        N(N10, said("Kamisaki. Kunjamsa GitHub Actions ukan secret ukax uchaña? Janiw workflow ukan qillqañ muniti.",
                    "u21n10d")),
        N(N10, said("Molo. Ndifuna ukusebenzisa i-environment variable DB_PASSWORD endaweni yokubhala iphasiwedi "
                    "kwi-config. Ungandibonisa njani?", "u21n10e")),
    ]


N11 = "u21 neg: prompts in kinyarwanda, shona, setswana, sesotho and chichewa without a secret"


def n11() -> list:
    return [
        N(N11, said("Muraho. Nigute nabika ijambo ry'ibanga mu buryo bwizewe muri Kubernetes aho kuribika muri ConfigMap?",
                    "u21n11a")),
        N(N11, said("Mhoro. Pasiwedhi yangu yakapera nguva, ndingaichinja sei ndichishandisa `passwd` pa server?",
                    "u21n11b")),
        N(N11, said("Dumela. Ke batla go dirisa 1Password CLI go bala token mo script, ke kopa sekai se se sa "
                    "bontsheng token.", "u21n11c")),
        N(N11, said("Lumela. Ke hobaneng ha API e re 'token expired' le hoja ke e nchafalitse maobane? "
                    "Request id ke 7f3c2a91-5b8e-4d0f-a6c4-2e91b7d03f55.", "u21n11d")),
        N(N11, said("Moni. Kodi ndingasunge bwanji mawu achinsinsi mu `.env` koma osawatumiza ku git? "
                    "Ndikugwiritsa ntchito Django.", "u21n11e")),
    ]


N12 = "u21 neg: public paseto keys, wrapped keysets and key docs"


def n12() -> list:
    enc = base64.b64encode(bytes.fromhex(hx("n12enc", 180))).decode()
    return [
        N(N12, read_ev("/home/dev/auth-svc/.env.example",
                       "PASERK_PUBLIC=k4.public.Cy0hQ4GQpO7ah3FvA_9ZKI5uQ3bF2eNLzRXH2V1u9dk\nPASERK_SECRET=\nTOKEN_TTL=900\n",
                       "u21n12a")),
        N(N12, read_line('{\n  "encryptedKeyset": "' + enc + '",\n  "keysetInfo": {\n    "primaryKeyId": 1931667682,\n'
                         '    "keyInfo": [{\n      "typeUrl": "type.googleapis.com/google.crypto.tink.AesGcmKey",\n'
                         '      "status": "ENABLED", "keyId": 1931667682, "outputPrefixType": "TINK"\n    }]\n  }\n}\n',
                         "u21n12b")),
        N(N12, out(">>> from cryptography.fernet import Fernet\n>>> f = Fernet(os.environ['FERNET_KEY'])\n"
                   ">>> token = f.encrypt(b'hello')\n>>> f.decrypt(token)\nb'hello'\n", "u21n12c")),
        N(N12, write_ev("/home/dev/notes-app/src/crypto.js",
                        "import sodium from 'libsodium-wrappers';\nimport { getDataKey } from './kms.js';\n\n"
                        "await sodium.ready;\n// 32-byte key from KMS; sodium.crypto_secretbox_keygen() only in tests\n"
                        "const key = await getDataKey('notes/secretbox');\n", "u21n12d")),
        N(N12, sh("paserk id k4.public.Cy0hQ4GQpO7ah3FvA_9ZKI5uQ3bF2eNLzRXH2V1u9dk",
                  "k4.pid." + g("n12pid", 44, URL) + "\n", "u21n12e")),
        N(N12, read_line("## Keys\n\nA `k4.local` key is 32 random bytes; never commit one. Store it as\n"
                         "`k4.local.<base64url>` in the secret store and load it with `PASETO_LOCAL_KEY`.\n"
                         "Public keys (`k4.public.`) may be shared and are listed in `keys/public.txt`.\n", "u21n12f")),
    ]


N13 = "u21 neg: ucl, nestedtext, nickel, cson and recutils configs with references"


def n13() -> list:
    return [
        N(N13, read_ev("/usr/local/etc/pkg/repos/corp.conf",
                       "corp: {\n  url: \"pkg+https://pkg.corp.example/${ABI}/latest\",\n  mirror_type: \"srv\",\n"
                       "  signature_type: \"fingerprints\",\n  fingerprints: \"/usr/local/etc/pkg/fingerprints/corp\",\n  enabled: yes\n}\n",
                       "u21n13a")),
        N(N13, read_ev("/home/dev/reporter/settings.nt",
                       "database:\n    host: db.internal\n    user: reporter\n    password_file: /run/secrets/reporter_db\n",
                       "u21n13b")),
        N(N13, write_ev("/home/dev/deploy/contracts.ncl",
                        "{\n  Smtp = {\n    host | String,\n    port | Number | default = 587,\n    user | String,\n"
                        "    password | String | doc \"injected at deploy time from the vault\",\n  },\n}\n", "u21n13c")),
        N(N13, read_line('"*":\n  "ftp-remote-edit":\n    host: "files.example.com"\n    user: "webmaster"\n    password: ""\n'
                         '    keyfile: "~/.ssh/id_ed25519"\n', "u21n13d")),
        N(N13, sh("recsel -t Account -p Name,Host,User ~/ops/accounts.rec; recinf -d ~/ops/accounts.rec | grep -i confidential",
                  "Name: staging-db\nHost: pg-stg.internal\nUser: deploy\n\n%confidential: Password\n", "u21n13e")),
    ]


N14 = "u21 neg: saas ids (hubspot portals, mailchimp lists, notion pages, airtable bases, pusher public keys)"


def n14() -> list:
    return [
        N(N14, sh("curl -s https://api.hubapi.com/crm/v3/objects/contacts/51 -H \"Authorization: Bearer $HUBSPOT_TOKEN\" | jq '{id, archived, portal: .properties.hs_object_source_id}'",
                  '{\n  "id": "51",\n  "archived": false,\n  "portal": "' + uid("n14hs") + '"\n}\n', "u21n14a")),
        N(N14, out('{\n  "id": "' + hx("n14mc", 10) + '",\n  "web_id": 419233,\n  "name": "Newsletter DE",\n'
                   '  "stats": {"member_count": 18211, "unsubscribe_count": 402}\n}\n', "u21n14b")),
        N(N14, said("the Notion sync skips this page: https://www.notion.so/acme/Runbook-payments-" + hx("n14np", 32)
                    + "?pvs=4 and the database id is " + uid("n14db") + ". why?", "u21n14c")),
        N(N14, read_line("AIRTABLE_BASE=appQ8vN2xKp7RtYcL\nAIRTABLE_TABLE=tblX91kLm2QpZ8vRt\nAIRTABLE_VIEW=viwR2mK9xL0qW4nBc\n"
                         "AIRTABLE_TOKEN=${AIRTABLE_TOKEN}\n", "u21n14d")),
        N(N14, write_ev("/home/dev/chat/resources/js/echo.js",
                        "import Echo from 'laravel-echo';\nimport Pusher from 'pusher-js';\n\nwindow.Pusher = Pusher;\n"
                        "window.Echo = new Echo({\n  broadcaster: 'pusher',\n  key: '" + hx("n14pk", 20) + "',\n"
                        "  cluster: 'eu',\n  forceTLS: true,\n});\n", "u21n14e")),
        N(N14, sh("linear issue view ENG-1842 --json | jq '{id, identifier, trelloCard: .attachments[0].metadata.cardId}'",
                  '{\n  "id": "' + uid("n14lin") + '",\n  "identifier": "ENG-1842",\n  "trelloCard": "' + hx("n14tc", 24) + '"\n}\n',
                  "u21n14f")),
    ]


N15 = "u21 neg: cluster bootstrap listings with accessor ids and token names"


def n15() -> list:
    return [
        N(N15, sh("nomad acl token list",
                  "Name              Type        Global  Accessor ID                           Expired\n"
                  f"Bootstrap Token   management  true    {uid('n15a1')}  false\n"
                  f"ci-deploy         client      false   {uid('n15a2')}  false\n", "u21n15a")),
        N(N15, sh("kubectl -n ci get sa ci-deployer -o yaml",
                  "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  creationTimestamp: \"2026-11-20T08:12:44Z\"\n"
                  f"  name: ci-deployer\n  namespace: ci\n  resourceVersion: \"48812211\"\n  uid: {uid('n15sa')}\n", "u21n15b")),
        N(N15, read_ev("/etc/rancher/k3s/config.yaml",
                       "server: https://k3s-cp.lab.example.net:6443\ntoken-file: /etc/rancher/k3s/token\nnode-label:\n  - role=worker\n",
                       "u21n15c")),
        N(N15, sh("step ca provisioner list | jq '.[] | {type, name, kid: .key.kid}'",
                  '{\n  "type": "JWK",\n  "name": "admin",\n  "kid": "pX9eHuM3cG0hFzVtB8aQyL5rWnJ2dK7sT4oE1iU6gRc"\n}\n'
                  '{\n  "type": "ACME",\n  "name": "acme",\n  "kid": null\n}\n', "u21n15d")),
        N(N15, said("rke2 agents join fine with token-file: /etc/rancher/rke2/token but the new node says "
                    "'failed to validate token: token CA hash does not match the Cluster CA certificate hash'. where does it "
                    "compare that?", "u21n15e")),
    ]


N16 = "u21 neg: monitoring, directory and hpc listings with psk identities, sids and guids"


def n16() -> list:
    return [
        N(N16, read_line("Server=zabbix.example.net\nHostname=web-07\nTLSConnect=psk\nTLSAccept=psk\n"
                         "TLSPSKIdentity=PSK web-07\nTLSPSKFile=/etc/zabbix/zabbix_agent2.psk\n", "u21n16a", 140)),
        N(N16, write_ev("/etc/icinga2/conf.d/api-users.conf",
                        'object ApiUser "director" {\n  client_cn = "director.example.net"\n  permissions = [ "*" ]\n}\n', "u21n16b")),
        N(N16, sh("sudo samba-tool user show jdoe --attributes=objectGUID,objectSid,pwdLastSet,userAccountControl",
                  f"dn: CN=Jane Doe,CN=Users,DC=corp,DC=example,DC=net\nobjectGUID: {uid('n16guid')}\n"
                  "objectSid: S-1-5-21-2414402816-1923048126-3611508212-1104\npwdLastSet: 134091323210000000\n"
                  "userAccountControl: 512\n", "u21n16c")),
        N(N16, sh("realm list",
                  "corp.example.net\n  type: kerberos\n  realm-name: CORP.EXAMPLE.NET\n  domain-name: corp.example.net\n"
                  "  configured: kerberos-member\n  server-software: active-directory\n  client-software: sssd\n"
                  "  login-formats: %U@corp.example.net\n  login-policy: allow-realm-logins\n", "u21n16d")),
        N(N16, sh("sacctmgr -P show assoc where user=alice format=cluster,account,user,qos",
                  "Cluster|Account|User|QOS\nhpc2|physics|alice|normal,long\n", "u21n16e")),
        N(N16, sh("curl -s -H \"Authorization: Bearer automation $CMK_SECRET\" 'https://mon.example.net/prod/check_mk/api/1.0/objects/host_config/web-07' | jq '{id, title, etag: .extensions.attributes.meta_data.updated_at}'",
                  '{\n  "id": "web-07",\n  "title": "web-07",\n  "etag": "2026-11-30T14:02:11.418211+00:00"\n}\n', "u21n16f")),
    ]


N17 = "u21 neg: conferencing rooms, content spaces and iot device ids"


def n17() -> list:
    return [
        N(N17, read_ev("/opt/jitsi/env.example",
                       "# Security\n#\n# Set these to strong passwords to avoid intruders from impersonating a service account\n"
                       "# The service(s) won't start unless these are specified\n# Running ./gen-passwords.sh will update .env with strong passwords\n"
                       "JICOFO_AUTH_PASSWORD=\nJVB_AUTH_PASSWORD=\n", "u21n17a")),
        N(N17, sh("curl -s 'https://bbb.example.edu/bigbluebutton/api/getMeetings?checksum=" + sha("u21n17chk") + "' | xmllint --xpath '//meetingID/text()' -",
                  "physics-101-lecture\nstaff-weekly\n", "u21n17b")),
        N(N17, sh("lk room list",
                  "+-----------------+---------+-------------------+\n| RoomID          | Name    | NumParticipants   |\n"
                  "+-----------------+---------+-------------------+\n| RM_" + g("n17rm", 12) + " | standup | 4                 |\n"
                  "+-----------------+---------+-------------------+\n", "u21n17c")),
        N(N17, write_ev("/home/dev/studio-site/sanity.config.ts",
                        "import { defineConfig } from 'sanity';\nimport { structureTool } from 'sanity/structure';\n\n"
                        "export default defineConfig({\n  name: 'default',\n  projectId: 'x7k2m9qp',\n  dataset: 'production',\n"
                        "  plugins: [structureTool()],\n});\n", "u21n17d")),
        N(N17, sh("python -m tinytuya scan -nocolor",
                  "Scanning on UDP ports 6666 and 6667 and 7000 for devices for 18 seconds...\n\n"
                  "Unknown v3.3 Device   Product ID = keyjup78v54myhan  [Valid Broadcast]:\n"
                  "    Address = 192.168.1.57   Device ID = bf3a9c1e47d2088f5cqdme (len:22)   Local Key =    Version = 3.3   Type = default, MAC = \n"
                  "Scan completed in 18.0 seconds\n", "u21n17e")),
        N(N17, out("Exporting space 9r3kx1lq0m2z (master)\n┌──────────────────┐\n│ Exported entities │\n"
                   "├──────────────┬───┤\n│ Content Types │ 14 │\n│ Entries       │ 0 │\n│ Locales       │ 2 │\n└──────────────┴───┘\n",
                   "u21n17f")),
    ]


N18 = "u21 neg: cdn, browser grid and serverless database outputs with service ids and masked values"


def n18() -> list:
    return [
        N(N18, sh("fastly service list",
                  "NAME            ID                      TYPE  ACTIVE VERSION  LAST EDITED (UTC)\n"
                  "www-example     4Fc1kDxYwWFeH2oYk0g7nT  vcl   42              2026-11-28 10:41\n"
                  "assets-example  7aQm2LxK9pR3tVbN1cZeWs  wasm  9               2026-11-20 16:03\n", "u21n18a")),
        N(N18, read_line("[default]\nclient_secret = xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"
                         "host = akab-xxxxxxxxxxxxxxxx-xxxxxxxxxxxxxxxx.luna.akamaiapis.net\n"
                         "access_token = akab-xxxxxxxxxxxxxxxx-xxxxxxxxxxxxxxxx\nclient_token = akab-xxxxxxxxxxxxxxxx-xxxxxxxxxxxxxxxx\n",
                         "u21n18b")),
        N(N18, sh("pscale password list shop main",
                  "  NAME         USERNAME       ACCESS HOST URL          ROLE         CREATED AT      EXPIRES AT\n"
                  "  app-writer   k3s9x1m2q7pl   aws.connect.psdb.cloud   readwriter   2 minutes ago   \n"
                  "  bi-reader    w8c2n4r6t1zs   aws.connect.psdb.cloud   reader       3 months ago    \n", "u21n18c")),
        N(N18, sh("neonctl connection-string main --pooled --role-name neondb_owner | sed -E 's/:[^:@]+@/:****@/'",
                  "postgresql://neondb_owner:****@ep-cool-sun-a5x9q2lm-pooler.eu-central-1.aws.neon.tech/neondb?sslmode=require\n",
                  "u21n18d")),
        N(N18, sh("curl -s -u \"$BROWSERSTACK_USERNAME:$BROWSERSTACK_ACCESS_KEY\" https://api.browserstack.com/automate/builds.json?limit=1",
                  '[{"automation_build":{"name":"web e2e #48213","hashed_id":"' + sha("u21n18bs") + '","duration":412,'
                  '"status":"done","build_tag":null}}]\n', "u21n18e")),
        N(N18, sh("turso db show orders",
                  f"Name:           orders\nURL:            libsql://orders-acme.turso.io\nID:             {uid('n18tu')}\n"
                  "Group:          default\nVersion:        0.24.28\nLocations:      fra, ams\nSize:           18 MB\n", "u21n18f")),
    ]


def cases() -> list:
    out_ = []
    for f in (f01, f02, f03, f04, f05, f06, f07, f08, f09, f10, f11, f12, f13, f14, f15, f16, f17, f18, f19,
              f20, f21, f22, f23, f24, f25, f26, f27, f28, f29, f30, f31,
              n01, n02, n03, n04, n05, n06, n07, n08, n09, n10, n11, n12, n13, n14, n15, n16, n17, n18):
        out_ += f()
    return out_
