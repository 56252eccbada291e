"""A dev part written BLIND (tests/privacy_eval/dev.py): where a real session leaks a secret in a
shape least like a `NAME=value` line.  Written on 2026-11-30 by an author who read neither the
filter (store/privacy/), its tests, its docs, the bench's code nor any listing of its misses and
false redactions; every case was written before the filter met any of them, and measured once.

Families (all prefixed "b15a: "): prompts in Vietnamese, Thai, Indonesian, Tagalog, Turkish,
Persian, Hebrew, Hindi, Bengali, Swahili, Polish, Ukrainian and Greek where the sentence goes on
after the value; database clients printing a credential (redis CONFIG GET, pg_user_mappings,
FDW options, replication catalogs); PaaS env listings (heroku, vercel pull, netlify, railway,
doppler, supabase status); less common secret-manager CLIs (sops, age, chamber, teller,
infisical, bw, lpass); key and secret generators; process and environment dumps (ps eww,
/proc/environ, declare -x, systemctl show, docker inspect, kubectl describe); Bruno/.http/hurl
request files; network auth files (wpa_supplicant, NetworkManager, ipsec, chap-secrets, OpenVPN);
mail and sync dotfiles; notebook JSON; game-engine and mobile signing settings; home automation
and flow exports; data-platform connections (airflow, dbt, superset); builder chains; struct
literals and tuples; dicts built across lines; fixtures holding a live key; auth-failure logs that
echo the password; HTTP client debug dumps; stack traces printing a connection string; crash
reports with environment; Edit calls rotating a literal; JSON-escaped carriers; long wrapped
numbered lines; chat relays pasted into a prompt; SQL statements that set a credential.
Negatives of the same families: the same text with an environment reference, a masked value, a
key id, a digest, a placeholder or a version where the secret was.

Measured once, after every case was written and before any change for it (bench_privacy
--labelled-only, dev per family, 2026-11-30): 372 cases in 30 families, 277 with secrets, 95
negatives, all realistic: **76.5 % caught (212/277)**; 23 false redactions (a redaction that holds
no secret, in any case of the part).  By family (caught/positives, false redactions):
prompts in southeast asian languages 3/11, 0; prompts in turkish, persian and hebrew 4/11, 1;
prompts in south asian and east african languages 4/10, 0; prompts in polish, ukrainian and greek
4/11, 0; chat relays pasted into a prompt 7/9, 0; passwords typed at the wrong prompt 0/7, 0;
database clients printing a credential 8/10, 2; paas env listings 7/12, 3; uncommon secret
manager clis 8/11, 2; key and secret generators 9/10, 1; process and environment dumps 11/11, 0;
auth failure logs echoing the password 8/9, 0; http client debug dumps 6/8, 0; stack traces
printing a connection string 9/9, 0; crash reports with environment 7/7, 0; bruno, http and hurl
request files 9/9, 0; network auth files 10/11, 1; mail and sync dotfiles 7/9, 1; notebook json
with secrets in cells and outputs 6/8, 2; game engine and mobile signing settings 9/9, 0; home
automation and flow exports 8/8, 1; data platform connections 7/8, 0; builder chains 9/10, 0;
struct literals and tuples 7/10, 0; dicts built across lines 5/8, 4; fixtures holding a live key
8/8, 0; sql statements that set a credential 9/9, 2; edit calls rotating a literal 10/10, 1;
json-escaped carriers 7/8, 2; long wrapped numbered lines 6/6, 0.

Values are made at run time, so secret scanners do not flag this file."""

from __future__ import annotations

import base64
import hashlib
import json
import re

from tests.privacy_eval import (
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
    uuid_of,
)

P = "b15a: "

HUMAN = ["Mango#Harbor57", "velvet.Otter92", "Kestrel!Sand18", "plum^Lantern6", "Tundra-Wisp43", "Sorrel*Bay29",
         "gingko_Drift7", "Heron$Mill84", "Copper~Fjord31", "lotus!Brine66", "Walrus.Tide22", "Azalea#Knot9",
         "cinder-Quill58", "Brisk%Yarrow4", "Magnolia!Creek2", "raven.Slate77", "Puffin#Ledge35", "tamarind-Vow8",
         "Glacier*Hum61", "Oriole_Pike19", "Mosaic!Fern404", "wren.Basalt3", "Juniper@Cove26", "Nimbus^Reed70",
         "Saguaro-Lynx5", "Cedar!Marsh88", "quill.Harbor41", "Ibis#Thorn13"]  # fmt: skip

BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _b64(seed: str, n: int = 32) -> str:
    raw = b""
    i = 0
    while len(raw) < n:
        raw += hashlib.sha256(f"{seed}:{i}".encode()).digest()
        i += 1
    return base64.b64encode(raw[:n]).decode()


def _b64url(seed: str, n: int = 32) -> str:
    return _b64(seed, n).replace("+", "-").replace("/", "_").rstrip("=")


def _jwt(seed: str, role: str = "service_role") -> str:
    head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    body = json.dumps({"iss": "supabase-demo", "role": role, "exp": 1983812996 + len(seed)}, separators=(",", ":"))
    payload = base64.urlsafe_b64encode(body.encode()).decode().rstrip("=")
    return f"{head}.{payload}.{_b64url(seed + 'sig', 32)}"


def val(kind: str, seed: str) -> str:
    """A value of `kind`: h a person's password, r random, x hex 40, X hex 64, b base64 of 32
    bytes, u url-safe 43, j a signed JWT, a an age secret key, p a provider-looking token."""
    n = int(hashlib.sha256(seed.encode()).hexdigest(), 16)
    if kind == "h":
        return HUMAN[n % len(HUMAN)]
    if kind == "r":
        return random_secret(seed, 18 + n % 15)
    if kind == "x":
        return gen(seed, 40, HEX)
    if kind == "X":
        return gen(seed, 64, HEX)
    if kind == "b":
        return _b64(seed)
    if kind == "u":
        return _b64url(seed)
    if kind == "j":
        return _jwt(seed)
    if kind == "a":
        return "AGE-SECRET-KEY-1" + gen(seed, 58, BECH).upper()
    if kind == "p":
        return "dp.st.prd." + gen(seed, 43)
    raise ValueError(kind)


# ---------------------------------------------------------------- carriers

def _tool_event(seed: str, tool: str, tool_input: dict, tool_response: dict) -> dict:
    event = bash_event("", "", seed)
    event.update(tool_name=tool, tool_input=tool_input, tool_response=tool_response)
    return event


def carry(spec: tuple, seed: str) -> dict:
    kind, *args = spec
    if kind == "bash":
        cmd, out = args
        return bash_event(cmd, out, seed)
    if kind == "prompt":
        return prompt_event(args[0], seed)
    if kind == "result":
        return result_line(seed, args[0])
    if kind == "readn":  # a Read's numbered lines in the transcript
        path, text = args
        return result_line(seed, numbered(text))
    if kind == "read":  # a Read's PostToolUse event
        path, text = args
        return _tool_event(seed, "Read", {"file_path": path}, {"type": "text", "file": {
            "filePath": path, "content": text, "numLines": text.count("\n") + 1, "startLine": 1,
            "totalLines": text.count("\n") + 1}})
    if kind == "write":
        path, text = args
        return _tool_event(seed, "Write", {"file_path": path, "content": text},
                           {"type": "create", "filePath": path, "content": text})
    if kind == "awrite":  # the assistant's Write call in the transcript
        path, text = args
        return assistant_line(seed, "Write", {"file_path": path, "content": text})
    if kind == "edit":
        path, old, new = args
        return _tool_event(seed, "Edit", {"file_path": path, "old_string": old, "new_string": new,
                                          "replace_all": False},
                           {"filePath": path, "oldString": old, "newString": new,
                            "originalFile": old + "\n", "userModified": False, "replaceAll": False})
    if kind == "aedit":
        path, old, new = args
        return assistant_line(seed, "Edit", {"file_path": path, "old_string": old, "new_string": new})
    raise ValueError(kind)


# Relabelled by the lead after the one measure: an AWS access key id is labelled a secret, as the
# rest of the set labels it (docs/privacy.md, "An AWS access key id"); the author had labelled
# only the secret key beside it, and the 9 redactions of these ids were counted false.
AWS_KEY_ID = re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b")


def _fill(obj, subs: dict):
    if isinstance(obj, str):
        for k, v in subs.items():
            obj = obj.replace(k, v)
        return obj
    return tuple(_fill(o, subs) for o in obj)


def family(name: str, pos: list, neg: list, tag: str = "") -> list:
    """`pos`: (kinds, spec) -- one case per letter of `kinds` ({v} that kind, {w} random, {k}
    url-safe); `neg`: specs with no secret."""
    cases = []
    for t, (kinds, spec) in enumerate(pos):
        for i, kind in enumerate(kinds):
            seed = f"b15a{tag}{name}{t}.{i}"
            subs = {"{v}": val(kind, seed), "{w}": val("r", seed + "w"), "{k}": val("u", seed + "k")}
            subs["{b}"] = _basic("sync", subs["{v}"])
            flat = "\x00".join(spec[1:])
            secrets = tuple(subs[k] for k in ("{v}", "{w}", "{k}", "{b}") if k in flat)
            filled = _fill(spec, subs)
            secrets += tuple(dict.fromkeys(AWS_KEY_ID.findall("\x00".join(filled[1:]))))
            cases.append(Case(P + name, carry(filled, seed), secrets, realistic=True))
    for t, spec in enumerate(neg):
        cases.append(Case(P + name, carry(spec, f"b15an{tag}{name}{t}"), (), realistic=True))
    return cases


def _basic(user: str, pw: str) -> str:
    return base64.b64encode(f"{user}:{pw}".encode()).decode()


# ---------------------------------------------------------------- prompts in many languages

def prompts() -> list:
    c = []
    c += family("prompts in southeast asian languages", [
        ("hr", ("prompt", "Em ơi, mật khẩu DB staging mới là {v} nhé, anh vừa đổi sáng nay, em cập nhật "
                          "vào file .env giúp anh rồi chạy lại migration.")),
        ("rh", ("prompt", "ช่วยแก้ config ให้หน่อย รหัสผ่านของ redis ตอนนี้คือ {v} แล้วรีสตาร์ท worker ด้วยนะ "
                          "ขอบคุณครับ")),
        ("hr", ("prompt", "Tolong update koneksi ke database, passwordnya sekarang {v} dan usernya app_rw, "
                          "habis itu jalankan test lagi ya")),
        ("h", ("prompt", "pre, yung password ng staging db ay {v} paki-update na lang yung settings.py tapos "
                         "i-restart mo yung gunicorn")),
        ("r", ("prompt", "kenapa ini error 401 ya?\n\ncurl -s -H 'X-Api-Key: {v}' https://api.tokoku.id/v2/orders"
                         "\n\nkuncinya baru dibuat kemarin di dashboard")),
    ], [
        ("prompt", "Em ơi, mật khẩu DB staging giờ để trong Vault ở secret/data/staging/db rồi, em sửa code "
                   "đọc từ biến môi trường DB_PASSWORD nhé."),
        ("prompt", "Tolong update koneksi ke database, passwordnya ambil dari ${DB_PASSWORD} saja, jangan "
                   "di-hardcode ya"),
    ])
    c += family("prompts in turkish, persian and hebrew", [
        ("hr", ("prompt", "Sunucuya bağlanamıyorum, şifre {v} olarak değişti, deploy scriptini buna göre "
                          "güncelle lütfen.")),
        ("hr", ("prompt", "رمز عبور جدید دیتابیس {v} است، لطفاً فایل تنظیمات را به‌روز کن و سرویس را "
                          "ری‌استارت کن.")),
        ("rh", ("prompt", "הסיסמה החדשה לשרת היא {v} תעדכן בבקשה את הקובץ ותריץ שוב את הבדיקות")),
        ("r", ("prompt", "API anahtarımız {v} ama hâlâ 403 dönüyor, sorun header'da mı sence?")),
    ], [
        ("prompt", "Sunucuya bağlanamıyorum, şifreyi 1Password'daki 'prod-db' kaydına taşıdım, deploy "
                   "scripti oradan okusun."),
        ("prompt", "הסיסמה לשרת נמצאת ב-AWS Secrets Manager תחת prod/db, אל תכתוב אותה בקוד"),
    ])
    c += family("prompts in south asian and east african languages", [
        ("hr", ("prompt", "सर्वर का नया पासवर्ड {v} है, कृपया config अपडेट करके deploy दोबारा चलाओ")),
        ("hr", ("prompt", "Nenosiri jipya la seva ni {v} tafadhali sasisha faili ya mipangilio kisha "
                          "uanzishe upya huduma.")),
        ("rh", ("prompt", "ডাটাবেসের পাসওয়ার্ড এখন {v} — settings ফাইলে বসিয়ে দাও আর টেস্টগুলো আবার চালাও")),
        ("r", ("prompt", "bhai ye token {v} hai staging ka, isko header me daal ke /health hit karke dekh")),
    ], [
        ("prompt", "सर्वर का पासवर्ड अब environment variable SERVER_PASSWORD से आएगा, code में hardcode मत करो"),
        ("prompt", "Nenosiri liko kwenye vault (kv/staging/app), usiliandike kwenye msimbo tafadhali."),
    ])
    c += family("prompts in polish, ukrainian and greek", [
        ("hr", ("prompt", "hasło do bazy to teraz {v} więc popraw docker-compose i odpal testy jeszcze raz")),
        ("hr", ("prompt", "пароль до адмінки {v} але не комить його, просто перевір чи логін працює")),
        ("rh", ("prompt", "ο κωδικός για το ftp είναι {v} και ο χρήστης deploy, ανέβασε τα αρχεία στο /var/www")),
        ("r", ("prompt", "Слушай, вот токен бота {v} — подключи его в bot.py и проверь, что /start отвечает")),
    ], [
        ("prompt", "hasło do bazy jest w sekrecie k8s `db-credentials` (klucz `password`), popraw deployment "
                   "żeby brał je z secretKeyRef"),
        ("prompt", "ο κωδικός για το ftp είναι στο .env (FTP_PASSWORD), μην τον γράψεις στο script"),
    ])
    c += family("chat relays pasted into a prompt", [
        ("hr", ("prompt", "this is what ops sent me on slack, set it up:\n\n[09:41] Priya Raman: staging pg is "
                          "back up\n[09:41] Priya Raman: user `app_rw` pass `{v}`\n[09:42] Priya Raman: "
                          "host pg-stg-2.internal, please don't paste it anywhere public lol")),
        ("rh", ("prompt", "From Teams:\n> **Jonas Weber** 14:03\n> new SFTP creds for the partner drop: "
                          "partner_acme / {v}\n> port 2222\n\ncan you write the upload job?")),
        ("r", ("prompt", "forwarded email below, wire it into the client\n\n---------- Forwarded message "
                         "---------\nFrom: integrations@payflow.example\nSubject: Your sandbox credentials\n\n"
                         "Merchant ID: 448120\nAPI secret: {v}\n\nKeep this secret safe.")),
        ("h", ("prompt", "discord dump:\nmarek — Today at 10:12\nwifi in the lab is LabNet-5G, haslo {v}\n"
                         "marek — Today at 10:12\nthe pi should join it on boot, fix the netplan")),
    ], [
        ("prompt", "this is what ops sent me on slack, set it up:\n\n[09:41] Priya Raman: staging pg is back "
                   "up\n[09:41] Priya Raman: creds are in 1password under 'pg-stg app_rw'\n[09:42] Priya Raman: "
                   "host pg-stg-2.internal"),
        ("prompt", "From Teams:\n> **Jonas Weber** 14:03\n> the SFTP password for partner_acme is in Vault, "
                   "path kv/partners/acme\n\ncan you write the upload job?"),
    ])
    return c


# ---------------------------------------------------------------- tool output

def tool_output() -> list:
    c = []
    c += family("database clients printing a credential", [
        ("rh", ("bash", "redis-cli -h cache-1 CONFIG GET requirepass",
                "1) \"requirepass\"\n2) \"{v}\"\n")),
        ("r", ("bash", "redis-cli -h cache-2 --no-auth-warning -a \"$REDIS_PW\" CONFIG GET masterauth",
               "1) \"masterauth\"\n2) \"{v}\"\n")),
        ("hr", ("bash", "psql -d analytics -c 'SELECT srvname, usename, umoptions FROM pg_user_mappings;'",
                "  srvname  | usename  |              umoptions\n-----------+----------+---------------------"
                "-----------------\n legacy_db | etl_user | {user=legacy_ro,password={v}}\n(1 row)\n")),
        ("h", ("bash", "psql -d analytics -c '\\deu+'",
               "                 List of user mappings\n  Server   | User name |           FDW options\n"
               "-----------+-----------+----------------------------------\n legacy_db | etl_user  | "
               "(\"user\" 'legacy_ro', password '{v}')\n(1 row)\n")),
        ("r", ("bash", "mysql -e 'SELECT Host, User_name, User_password FROM mysql.slave_master_info\\G'",
               "*************************** 1. row ***************************\n         Host: db-primary."
               "internal\n    User_name: repl\nUser_password: {v}\n")),
    ], [
        ("bash", "redis-cli -h cache-1 CONFIG GET requirepass", "1) \"requirepass\"\n2) \"\"\n"),
        ("bash", "psql -d analytics -c '\\deu+'",
         "                 List of user mappings\n  Server   | User name |  FDW options\n-----------+----------"
         "-+---------------\n legacy_db | etl_user  | (\"user\" 'legacy_ro')\n(1 row)\n"),
        ("bash", "psql -d app -c '\\conninfo'",
         "You are connected to database \"app\" as user \"app_rw\" on host \"pg-stg-2.internal\" (address "
         "\"10.4.1.17\") at port \"5432\".\nSSL connection (protocol: TLSv1.3, cipher: TLS_AES_256_GCM_SHA384, "
         "compression: off)\n"),
    ])
    c += family("paas env listings", [
        ("rr", ("bash", "heroku config -a shopfront-prod",
                "=== shopfront-prod Config Vars\nDATABASE_URL:  postgres://u8k2j:{v}@ec2-54-7-1-9.compute-1."
                "amazonaws.com:5432/d3b1\nNODE_ENV:      production\nWEB_CONCURRENCY: 2\n")),
        ("r", ("bash", "vercel env pull .env.local && cat .env.local",
               "Vercel CLI 37.4.2\n> Downloading `development` Environment Variables for dev/shopfront\n"
               "✅  Created .env.local file  [412ms]\n# Created by Vercel CLI\nNEXT_PUBLIC_SITE=https://shop"
               ".example\nSTRIPE_SECRET=\"{v}\"\nVERCEL=\"1\"\n")),
        ("rr", ("bash", "netlify env:list --plain --context production",
                "ALGOLIA_APP_ID=KX81PL0Q\nALGOLIA_ADMIN=\"{v}\"\nNODE_VERSION=20\n")),
        ("hr", ("bash", "railway variables",
                "╔══════════════════ Variables for web ══════════════════╗\n║ PGHOST     │ containers-us-west"
                "-41.railway.app ║\n║ PGPASSWORD │ {v}                  ║\n║ PGPORT     │ 6543              "
                "║\n╚═══════════════════════════════════════════════════════╝\n")),
        ("jj", ("bash", "supabase status",
                "supabase local development setup is running.\n\n         API URL: http://127.0.0.1:54321\n"
                "     GraphQL URL: http://127.0.0.1:54321/graphql/v1\n          DB URL: postgresql://postgres:"
                "postgres@127.0.0.1:54322/postgres\n      Studio URL: http://127.0.0.1:54323\n        JWT secret: "
                "{w}\nservice_role key: {v}\n")),
    ], [
        ("bash", "flyctl secrets list -a shopfront",
         "NAME          \tDIGEST          \tCREATED AT\nDATABASE_URL  \t" + gen("fly1", 16, HEX) + "\t2m ago\n"
         "STRIPE_SECRET \t" + gen("fly2", 16, HEX) + "\t2m ago\n"),
        ("bash", "netlify env:list --context production",
         "| Key           | Value        | Scope |\n|---------------|--------------|-------|\n| ALGOLIA_ADMIN | "
         "************ | All   |\n| NODE_VERSION  | ************ | All   |\nTo show values, use --plain\n"),
        ("bash", "heroku config:get NODE_ENV -a shopfront-prod", "production\n"),
    ])
    c += family("uncommon secret manager clis", [
        ("hr", ("bash", "sops -d secrets/prod.enc.yaml",
                "db:\n    host: pg-prod.internal\n    user: app\n    password: {v}\nsmtp:\n    relay: "
                "smtp.eu.mailgun.org\n")),
        ("a", ("bash", "cat ~/.config/sops/age/keys.txt",
               "# created: 2026-02-11T09:14:02+01:00\n# public key: age1" + gen("agepub", 58, BECH) + "\n{v}\n")),
        ("hr", ("bash", "chamber export billing --format dotenv",
                "STRIPE_WEBHOOK=\"{w}\"\nLEDGER_DB_PASS=\"{v}\"\n")),
        ("r", ("bash", "bw get password 'Prod MySQL root'", "{v}")),
        ("h", ("bash", "lpass show --password 'Shared-Infra/ftp.partner.net'", "{v}\n")),
        ("r", ("bash", "infisical export --env=staging --format=json",
               "[\n  {\n    \"key\": \"SENDGRID_KEY\",\n    \"value\": \"{v}\"\n  },\n  {\n    \"key\": "
               "\"LOG_LEVEL\",\n    \"value\": \"debug\"\n  }\n]\n")),
    ], [
        ("bash", "sops -d --extract '[\"db\"][\"host\"]' secrets/prod.enc.yaml", "pg-prod.internal"),
        ("bash", "head -20 secrets/prod.enc.yaml",
         "db:\n    host: ENC[AES256_GCM,data:" + _b64("sopsh", 24) + ",iv:" + _b64("sopsiv", 32) + ",tag:"
         + _b64("sopst", 16) + ",type:str]\nsops:\n    age:\n        - recipient: age1" + gen("agepub2", 58, BECH)
         + "\n    lastmodified: \"2026-03-01T10:11:12Z\"\n    version: 3.8.1\n"),
        ("bash", "chamber list billing",
         "Key             Version  LastModified      User\nledger_db_pass  4        11-27 14:02:11    "
         "arn:aws:iam::123456789012:user/ci\nstripe_webhook  2        10-02 09:41:55    "
         "arn:aws:iam::123456789012:user/ana\n"),
    ])
    c += family("key and secret generators", [
        ("X", ("bash", "bin/rails secret", "{v}\n")),
        ("b", ("bash", "php artisan key:generate --show", "base64:{v}\n")),
        ("r", ("bash", "python -c \"from django.core.management.utils import get_random_secret_key as g; "
                       "print(g())\"", "{v}\n")),
        ("u", ("bash", "mix phx.gen.secret 43", "{v}\n")),
        ("a", ("bash", "age-keygen", "# created: 2026-03-14T10:22:31Z\n# public key: age1" + gen("agek", 58, BECH)
               + "\n{v}\n")),
        ("rr", ("bash", "pwgen -s 24 1", "{v}\n")),
    ], [
        ("bash", "age-keygen -y ~/.config/sops/age/keys.txt", "age1" + gen("agek2", 58, BECH) + "\n"),
        ("bash", "openssl rand -hex 16 > .tmp_nonce && wc -c .tmp_nonce", "33 .tmp_nonce\n"),
        ("bash", "bin/rails credentials:show | head -3",
         "# aws:\n#   access_key_id: 123\n#   secret_access_key: 345\n"),
    ])
    c += family("process and environment dumps", [
        ("rh", ("bash", "ps eww -p $(pgrep -f celery | head -1)",
                "    PID TTY      STAT   TIME COMMAND\n  48213 ?        S      0:42 /srv/app/.venv/bin/python "
                "-m celery -A app worker PATH=/srv/app/.venv/bin:/usr/bin LANG=C.UTF-8 BROKER_PASSWORD={v} "
                "HOME=/srv/app\n")),
        ("r", ("bash", "sudo cat /proc/48213/environ | tr '\\0' '\\n' | sort",
               "HOME=/srv/app\nLANG=C.UTF-8\nMAILGUN_KEY={v}\nPATH=/srv/app/.venv/bin:/usr/bin\n")),
        ("r", ("bash", "declare -x | grep -v PATH",
               "declare -x HOME=\"/home/dev\"\ndeclare -x LOGNAME=\"dev\"\ndeclare -x PGPASSWORD=\"{v}\"\n"
               "declare -x SHELL=\"/bin/bash\"\n")),
        ("rr", ("bash", "systemctl show -p Environment ledger.service",
                "Environment=PORT=8080 LEDGER_DB=postgres://ledger:{v}@127.0.0.1/ledger RUST_LOG=info\n")),
        ("r", ("bash", "docker inspect --format '{{json .Config.Env}}' api-1 | jq .",
               "[\n  \"NODE_ENV=production\",\n  \"JWT_SIGNING_SECRET={v}\",\n  \"PORT=3000\"\n]\n")),
        ("h", ("bash", "kubectl describe pod api-7c9d8f6b4-x2kqp | sed -n '/Environment:/,/Mounts:/p'",
               "    Environment:\n      NODE_ENV:        production\n      SMTP_PASSWORD:   {v}\n      "
               "DB_PASSWORD:     <set to the key 'password' in secret 'db-credentials'>  Optional: false\n"
               "    Mounts:\n")),
    ], [
        ("bash", "kubectl describe pod api-7c9d8f6b4-x2kqp | sed -n '/Environment:/,/Mounts:/p'",
         "    Environment:\n      NODE_ENV:        production\n      DB_PASSWORD:     <set to the key 'password' "
         "in secret 'db-credentials'>  Optional: false\n    Mounts:\n"),
        ("bash", "systemctl show -p EnvironmentFiles ledger.service",
         "EnvironmentFiles=/etc/ledger/ledger.env (ignore_errors=no)\n"),
        ("bash", "docker inspect --format '{{json .Config.Env}}' api-1 | jq .",
         "[\n  \"NODE_ENV=production\",\n  \"JWT_SIGNING_SECRET_FILE=/run/secrets/jwt\",\n  \"PORT=3000\"\n]\n"),
    ])
    c += family("auth failure logs echoing the password", [
        ("hr", ("bash", "journalctl -u ledger --since '10 min ago' | grep -i auth",
                "Mar 14 10:21:07 app-1 ledger[912]: WARN auth: login failed user=\"ops\" password=\"{v}\" "
                "reason=bad_credentials ip=10.2.0.14\n")),
        ("rh", ("bash", "sudo tail -n 4 /var/log/vsftpd.log",
                "Sat Mar 14 10:02:11 2026 [pid 3311] CONNECT: Client \"::ffff:10.0.4.9\"\n"
                "Sat Mar 14 10:02:11 2026 [pid 3311] FTP command: Client \"::ffff:10.0.4.9\", \"USER deploy\"\n"
                "Sat Mar 14 10:02:11 2026 [pid 3311] FTP command: Client \"::ffff:10.0.4.9\", \"PASS {v}\"\n"
                "Sat Mar 14 10:02:12 2026 [pid 3310] [deploy] FAIL LOGIN: Client \"::ffff:10.0.4.9\"\n")),
        ("hr", ("bash", "grep ALTER /var/log/postgresql/postgresql-16-main.log | tail -2",
                "2026-03-14 10:04:51.113 UTC [2231] postgres@app LOG:  statement: ALTER ROLE app_rw WITH "
                "PASSWORD '{v}';\n")),
        ("r", ("result", "  File \"/srv/app/auth/ldap.py\", line 88, in bind\n    raise AuthError(f\"bind failed "
                         "for {dn} with {pw!r}\")\nauth.errors.AuthError: bind failed for cn=svc-sync,ou=svc,dc="
                         "corp,dc=example with '{v}'\n")),
    ], [
        ("bash", "journalctl -u ledger --since '10 min ago' | grep -i auth",
         "Mar 14 10:21:07 app-1 ledger[912]: WARN auth: login failed user=\"ops\" password=<redacted> "
         "reason=bad_credentials ip=10.2.0.14\n"),
        ("bash", "sudo tail -n 2 /var/log/auth.log",
         "Mar 14 10:02:11 bastion sshd[4412]: Failed password for invalid user admin from 185.22.1.9 port 50122 "
         "ssh2\nMar 14 10:02:13 bastion sshd[4412]: Connection closed by invalid user admin 185.22.1.9 port "
         "50122 [preauth]\n"),
    ])
    c += family("http client debug dumps", [
        ("hr", ("bash", "python -m scripts.sync_orders --debug 2>&1 | head -8",
                "send: b'GET /v2/orders?since=2026-03-01 HTTP/1.1\\r\\nHost: api.partner.example\\r\\nUser-Agent: "
                "python-requests/2.32.3\\r\\nAccept: */*\\r\\nAuthorization: Basic {b}\\r\\n\\r\\n'\nreply: "
                "'HTTP/1.1 200 OK\\r\\n'\n")),
        ("r", ("bash", "go run ./cmd/probe -dump",
               "POST /oauth/token HTTP/1.1\r\nHost: login.partner.example\r\nContent-Type: application/x-www-form-"
               "urlencoded\r\n\r\ngrant_type=client_credentials&client_id=probe&client_secret={v}\n")),
        ("r", ("result", "D/OkHttp: --> POST https://api.shopfront.example/v1/session\nD/OkHttp: Content-Type: "
                         "application/json\nD/OkHttp: X-Api-Key: {v}\nD/OkHttp: {\"device\":\"pixel-7\"}\n"
                         "D/OkHttp: --> END POST (22-byte body)\n")),
        ("h", ("bash", "wget --debug --user=mirror --password='{v}' https://files.example.org/pub/a.tgz 2>&1 | "
                       "sed -n 1,3p",
               "DEBUG output created by Wget 1.21.4 on linux-gnu.\n\nReading HSTS entries from /home/dev/"
               ".wget-hsts\n")),
    ], [
        ("bash", "python -m scripts.sync_orders --debug 2>&1 | head -8",
         "send: b'GET /v2/orders?since=2026-03-01 HTTP/1.1\\r\\nHost: api.partner.example\\r\\nAuthorization: "
         "[FILTERED]\\r\\n\\r\\n'\nreply: 'HTTP/1.1 200 OK\\r\\n'\n"),
        ("result", "D/OkHttp: --> POST https://api.shopfront.example/v1/session\nD/OkHttp: X-Api-Key: ██\n"
                   "D/OkHttp: --> END POST (22-byte body)\n"),
    ])
    c += family("stack traces printing a connection string", [
        ("hr", ("result", "Exception in thread \"main\" java.sql.SQLException: Cannot create PoolableConnection"
                          "Factory (jdbc:mysql://db.internal:3306/shop?user=shop&password={v}&useSSL=true)\n\tat "
                          "org.apache.commons.dbcp2.BasicDataSource.createPoolableConnectionFactory(BasicDataSource."
                          "java:669)\n")),
        ("rr", ("bash", "node dist/worker.js",
                "node:internal/process/promises:289\n            triggerUncaughtException(err, true /* fromPromise */);"
                "\n            ^\n\nError: connect ECONNREFUSED 10.0.3.7:5672\n    at TCPConnectWrap.afterConnect [as "
                "oncomplete] (node:net:1607:16) {\n  errno: -111,\n  code: 'ECONNREFUSED',\n  config: { url: "
                "'amqp://orders:{v}@10.0.3.7:5672/prod', heartbeat: 30 }\n}\n\nNode.js v20.11.1\n")),
        ("r", ("bash", "bundle exec rails runner 'User.count'",
               "/usr/lib/ruby/3.3.0/pg/connection.rb:701:in `async_connect_or_reset': connection to server at "
               "\"10.0.3.4\", port 5432 failed: FATAL:  password authentication failed for user \"shop\" "
               "(PG::ConnectionBad)\n\tfrom config/initializers/db.rb:4 (conninfo: \"host=10.0.3.4 user=shop "
               "password={v} dbname=shop\")\n")),
        ("h", ("result", "Unhandled exception. System.InvalidOperationException: Connection failed.\n ---> "
                         "Npgsql.NpgsqlException: Failed to connect to 10.0.3.4:5432\n   Data[ConnectionString]: "
                         "Host=10.0.3.4;Username=billing;Password={v};Database=billing\n   at Npgsql.Internal."
                         "NpgsqlConnector.Connect()\n")),
    ], [
        ("result", "sqlalchemy.exc.OperationalError: (psycopg.OperationalError) connection failed: password "
                   "authentication failed for user \"shop\"\n(Background on this error at: https://sqlalche.me/"
                   "e/20/e3q8)\nengine url: postgresql+psycopg://shop:***@10.0.3.4/shop\n"),
        ("result", "Exception in thread \"main\" java.sql.SQLException: Access denied for user 'shop'@'10.0.3.9' "
                   "(using password: YES)\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError."
                   "java:130)\n"),
    ])
    c += family("crash reports with environment", [
        ("rh", ("result", json.dumps({"event_id": sha("sen1", 32), "level": "error", "platform": "python",
                                      "exception": {"values": [{"type": "KeyError", "value": "'tenant'"}]},
                                      "extra": {"sys.argv": ["manage.py", "sync"], "os.environ": {
                                          "DJANGO_SETTINGS_MODULE": "app.settings.prod",
                                          "EMAIL_HOST_PASSWORD": "{v}", "LANG": "C.UTF-8"}}}, indent=1))),
        ("r", ("bash", "gdb -batch -ex 'x/6s *(char**)environ' -p 48213 2>/dev/null | tail -6",
               "0x7ffd4c2e1f01:\t\"LANG=C.UTF-8\"\n0x7ffd4c2e1f0e:\t\"HOME=/srv/app\"\n0x7ffd4c2e1f1c:\t"
               "\"SIGNING_KEY={v}\"\n0x7ffd4c2e1f4a:\t\"PATH=/usr/bin\"\n")),
        ("h", ("bash", "curl -s localhost:8080/debug/vars | jq .cmdline",
               "[\n  \"/usr/local/bin/ledger\",\n  \"--db-user=ledger\",\n  \"--db-pass={v}\",\n  "
               "\"--listen=:8080\"\n]\n")),
        ("r", ("result", "Crashed Thread:        0  Dispatch queue: com.apple.main-thread\n\nEnvironment:\n  "
                         "APP_ENV = staging\n  CRASH_UPLOAD_TOKEN = {v}\n  HOME = /Users/ana\n")),
    ], [
        ("result", json.dumps({"event_id": sha("sen2", 32), "level": "error", "platform": "python",
                               "extra": {"os.environ": {"DJANGO_SETTINGS_MODULE": "app.settings.prod",
                                                        "EMAIL_HOST_PASSWORD": "[Filtered]",
                                                        "LANG": "C.UTF-8"}}}, indent=1)),
        ("bash", "curl -s localhost:8080/debug/vars | jq .cmdline",
         "[\n  \"/usr/local/bin/ledger\",\n  \"--db-user=ledger\",\n  \"--db-pass-file=/run/secrets/db\",\n  "
         "\"--listen=:8080\"\n]\n"),
    ])
    return c


# ---------------------------------------------------------------- files

def files() -> list:
    c = []
    c += family("bruno, http and hurl request files", [
        ("rh", ("readn", "api/orders/Create order.bru",
                "meta {\n  name: Create order\n  type: http\n  seq: 3\n}\n\npost {\n  url: {{base}}/v1/orders\n"
                "  body: json\n  auth: bearer\n}\n\nauth:bearer {\n  token: {v}\n}\n")),
        ("hr", ("write", "/home/dev/app/requests.http",
                "@host = https://api.shopfront.example\n@token = {v}\n\n### list orders\nGET {{host}}/v1/orders\n"
                "Authorization: Bearer {{token}}\n")),
        ("r", ("bash", "cat tests/smoke.hurl",
               "POST https://api.shopfront.example/v1/login\n[FormParams]\nuser: smoke\npassword: {v}\nHTTP 200\n"
               "[Captures]\nsession: cookie \"sid\"\n")),
        ("h", ("readn", "environments/Staging.bru",
               "vars {\n  base: https://staging.shopfront.example\n  user: qa-bot\n}\nvars:secret [\n  pass\n]\n"
               "vars {\n  pass: {v}\n}\n")),
    ], [
        ("readn", "api/orders/Create order.bru",
         "meta {\n  name: Create order\n  type: http\n}\n\npost {\n  url: {{base}}/v1/orders\n  auth: bearer\n}\n\n"
         "auth:bearer {\n  token: {{accessToken}}\n}\n"),
        ("write", "/home/dev/app/requests.http",
         "@host = https://api.shopfront.example\n@token = {{$dotenv API_TOKEN}}\n\n### list orders\nGET "
         "{{host}}/v1/orders\nAuthorization: Bearer {{token}}\n"),
    ])
    c += family("network auth files", [
        ("hr", ("bash", "sudo cat /etc/wpa_supplicant/wpa_supplicant-wlan0.conf",
                "ctrl_interface=DIR=/run/wpa_supplicant GROUP=netdev\ncountry=PL\n\nnetwork={\n    ssid=\"Pracownia"
                "-5G\"\n    psk=\"{v}\"\n    key_mgmt=WPA-PSK\n}\n")),
        ("rh", ("bash", "sudo cat '/etc/NetworkManager/system-connections/Office Guest.nmconnection'",
                "[connection]\nid=Office Guest\nuuid=" + uuid_of("nm1") + "\ntype=wifi\n\n[wifi]\nmode=infrastructure"
                "\nssid=Office Guest\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk={v}\n\n[ipv4]\nmethod=auto\n")),
        ("r", ("bash", "sudo cat /etc/ipsec.secrets",
               "# ipsec.secrets - strongSwan IPsec secrets file\n203.0.113.10 198.51.100.7 : PSK \"{v}\"\n")),
        ("hr", ("bash", "sudo cat /etc/ppp/chap-secrets",
                "# Secrets for authentication using CHAP\n# client\tserver\tsecret\t\t\tIP addresses\n"
                "vpnuser\t*\t{v}\t*\n")),
        ("h", ("bash", "cat ~/vpn/auth.txt && sudo openvpn --config ~/vpn/office.ovpn --auth-user-pass "
                       "~/vpn/auth.txt --daemon", "ana.k\n{v}\n")),
    ], [
        ("bash", "sudo cat /etc/wpa_supplicant/wpa_supplicant-wlan0.conf",
         "ctrl_interface=DIR=/run/wpa_supplicant GROUP=netdev\next_password_backend=file:/etc/wpa_supplicant/"
         "ext.conf\n\nnetwork={\n    ssid=\"Pracownia-5G\"\n    psk=ext:wifi_pracownia\n    key_mgmt=WPA-PSK\n}\n"),
        ("bash", "nmcli -s -g 802-11-wireless-security.psk connection show 'Office Guest'", "\n"),
    ])
    c += family("mail and sync dotfiles", [
        ("hr", ("bash", "cat ~/.msmtprc",
                "defaults\nauth on\ntls on\n\naccount fastmail\nhost smtp.fastmail.com\nport 465\nfrom ana@fm.example"
                "\nuser ana@fm.example\npassword {v}\n\naccount default : fastmail\n")),
        ("rh", ("readn", "/home/dev/.fetchmailrc",
                "set daemon 300\npoll imap.example.org proto IMAP\n  user \"ana\" there with password \"{v}\" is "
                "ana here\n  ssl\n")),
        ("h", ("bash", "grep -n pass ~/.mbsyncrc ~/.muttrc",
               "/home/dev/.mbsyncrc:4:Pass {v}\n/home/dev/.muttrc:7:set imap_pass = \"{w}\"\n")),
        ("r", ("bash", "cat ~/.s3cfg | head -6",
               "[default]\naccess_key = AKIA" + gen("s3a", 16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") + "\nbucket_location"
               " = EU\nhost_base = s3.eu-central-1.amazonaws.com\nsecret_key = {v}\nsignature_v2 = False\n")),
    ], [
        ("bash", "cat ~/.msmtprc",
         "defaults\nauth on\ntls on\n\naccount fastmail\nhost smtp.fastmail.com\nuser ana@fm.example\npasswordeval "
         "\"pass show mail/fastmail\"\n"),
        ("bash", "grep -n pass ~/.mbsyncrc", "/home/dev/.mbsyncrc:4:PassCmd \"secret-tool lookup host imap."
                                             "example.org\"\n"),
    ])

    def nb(code_src: list, out_text: list) -> str:
        return json.dumps({"cells": [{"cell_type": "code", "execution_count": 3, "id": gen("cell" + code_src[0], 8),
                                      "metadata": {}, "source": code_src,
                                      "outputs": [{"name": "stdout", "output_type": "stream", "text": out_text}]}],
                           "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
                           "nbformat": 4, "nbformat_minor": 5}, indent=1)
    c += family("notebook json with secrets in cells and outputs", [
        ("rh", ("readn", "notebooks/explore.ipynb",
                nb(["import openai\n", "client = openai.OpenAI(api_key=\"{v}\")\n", "client.models.list()"],
                   ["SyncPage[Model](data=[...])\n"]))),
        ("hr", ("bash", "cat notebooks/db.ipynb | head -40",
                nb(["import os\n", "print(os.environ['WAREHOUSE_PASSWORD'])"], ["{v}\n"]))),
        ("r", ("readn", "notebooks/s3.ipynb",
               nb(["s3 = boto3.client('s3',\n", "    aws_access_key_id='AKIA" + gen("nbak", 16, "ABCDEFGHIJKLMNOPQRSTU"
                                                                                       "VWXYZ234567") + "',\n",
                   "    aws_secret_access_key='{v}')"], []))),
    ], [
        ("readn", "notebooks/explore.ipynb",
         nb(["import os, openai\n", "client = openai.OpenAI(api_key=os.environ[\"OPENAI_API_KEY\"])\n"],
            ["SyncPage[Model](data=[...])\n"])),
        ("readn", "notebooks/db.ipynb",
         nb(["print(len(os.environ['WAREHOUSE_PASSWORD']))"], ["24\n"])),
    ])
    c += family("game engine and mobile signing settings", [
        ("hr", ("readn", "ProjectSettings/ProjectSettings.asset",
                "  AndroidKeystoreName: '{inproject}/keys/release.keystore'\n  AndroidKeyaliasName: upload\n"
                "  AndroidUseCustomKeystore: 1\n  AndroidKeystorePass: {v}\n  AndroidKeyaliasPass: {v}\n")),
        ("rh", ("bash", "grep -n keystore export_presets.cfg",
                "41:keystore/debug=\"\"\n42:keystore/debug_user=\"\"\n44:keystore/release=\"/home/dev/keys/game."
                "keystore\"\n45:keystore/release_user=\"game\"\n46:keystore/release_password=\"{v}\"\n")),
        ("h", ("readn", "app/build.gradle.kts",
               "android {\n    signingConfigs {\n        create(\"release\") {\n            storeFile = file(\"../"
               "keys/upload.jks\")\n            storePassword = \"{v}\"\n            keyAlias = \"upload\"\n"
               "            keyPassword = \"{v}\"\n        }\n    }\n}\n")),
        ("r", ("bash", "cat Config/Release.xcconfig",
               "PRODUCT_BUNDLE_IDENTIFIER = com.example.shop\nAPI_BASE = https:/$()/api.shop.example\n"
               "REVENUECAT_SECRET = {v}\n")),
    ], [
        ("readn", "app/build.gradle.kts",
         "android {\n    signingConfigs {\n        create(\"release\") {\n            storeFile = file(\"../keys/upload"
         ".jks\")\n            storePassword = System.getenv(\"UPLOAD_STORE_PASSWORD\")\n            keyAlias = "
         "\"upload\"\n            keyPassword = System.getenv(\"UPLOAD_KEY_PASSWORD\")\n        }\n    }\n}\n"),
        ("bash", "grep -n keystore export_presets.cfg",
         "44:keystore/release=\"/home/dev/keys/game.keystore\"\n45:keystore/release_user=\"game\"\n"
         "46:keystore/release_password=\"\"\n"),
    ])
    c += family("home automation and flow exports", [
        ("hr", ("bash", "cat /config/secrets.yaml",
                "# Use this file to store secrets like usernames and passwords.\nlatitude: 52.2297\nmqtt_password: "
                "{v}\nwifi_ssid: Dom-IoT\n")),
        ("b", ("read", "esphome/garage-door.yaml",
               "esphome:\n  name: garage-door\n\napi:\n  encryption:\n    key: \"{v}\"\n\nota:\n  - platform: "
               "esphome\n    password: \"{w}\"\n")),
        ("rh", ("bash", "jq '.[] | select(.type==\"mqtt-broker\")' flows.json",
                "{\n  \"id\": \"" + gen("nr1", 16, HEX) + "\",\n  \"type\": \"mqtt-broker\",\n  \"broker\": \"10.0.0.5"
                "\",\n  \"credentials\": {\n    \"user\": \"nodered\",\n    \"password\": \"{v}\"\n  }\n}\n")),
        ("r", ("bash", "n8n export:credentials --all --decrypted --output=- | jq '.[0]'",
               "{\n  \"name\": \"Postgres account\",\n  \"type\": \"postgres\",\n  \"data\": {\n    \"host\": "
               "\"db\",\n    \"user\": \"n8n\",\n    \"password\": \"{v}\",\n    \"port\": 5432\n  }\n}\n")),
    ], [
        ("bash", "grep -n secret configuration.yaml",
         "12:  password: !secret mqtt_password\n19:  api_key: !secret openweather_key\n"),
        ("bash", "n8n export:credentials --all --output=- | jq '.[0]'",
         "{\n  \"name\": \"Postgres account\",\n  \"type\": \"postgres\",\n  \"data\": \"U2FsdGVkX1" +
         _b64("n8nenc", 60) + "\"\n}\n"),
    ])
    c += family("data platform connections", [
        ("rr", ("bash", "airflow connections get warehouse -o yaml",
                "- conn_id: warehouse\n  conn_type: postgres\n  description: ''\n  get_uri: postgres://loader:{v}"
                "@wh.internal:5432/dwh\n  host: wh.internal\n  is_encrypted: 'True'\n  login: loader\n  password: "
                "{v}\n  port: '5432'\n")),
        ("rh", ("read", "/home/dev/.dbt/profiles.yml",
                "shop:\n  target: dev\n  outputs:\n    dev:\n      type: snowflake\n      account: xy12345.eu-"
                "central-1\n      user: DBT_DEV\n      password: \"{v}\"\n      role: TRANSFORMER\n      warehouse: "
                "DEV_WH\n")),
        ("r", ("write", "/home/dev/superset/superset_config.py",
               "ROW_LIMIT = 5000\nSECRET_KEY = \"{v}\"\nSQLALCHEMY_DATABASE_URI = (\n    \"postgresql+psycopg2://"
               "superset:\"\n    \"{w}@meta-db:5432/superset\"\n)\n")),
        ("r", ("bash", "export AIRFLOW_CONN_WAREHOUSE='postgres://loader:{v}@wh.internal:5432/dwh' && airflow "
                       "connections test warehouse", "Testing...\nConnection success!\n")),
    ], [
        ("bash", "airflow connections get warehouse -o yaml",
         "- conn_id: warehouse\n  conn_type: postgres\n  host: wh.internal\n  is_encrypted: 'True'\n  login: "
         "loader\n  password: '***'\n  port: '5432'\n"),
        ("read", "/home/dev/.dbt/profiles.yml",
         "shop:\n  outputs:\n    dev:\n      type: snowflake\n      user: DBT_DEV\n      password: \"{{ env_var("
         "'DBT_PASSWORD') }}\"\n      role: TRANSFORMER\n"),
    ])
    return c


# ---------------------------------------------------------------- code

def code() -> list:
    c = []
    c += family("builder chains", [
        ("hr", ("readn", "src/main/java/app/Mail.java",
                "    Mailer mailer = MailerBuilder\n        .withSMTPServer(\"smtp.eu.mailgun.org\", 587)\n        "
                ".withSMTPServerUsername(\"postmaster@mg.shop.example\")\n        .withSMTPServerPassword(\"{v}\")"
                "\n        .buildMailer();\n")),
        ("rh", ("write", "/home/dev/app/src/Db.kt",
                "val ds = HikariDataSource().apply {\n    jdbcUrl = \"jdbc:postgresql://db/app\"\n    username = "
                "\"app\"\n}.also { it.password = \"{v}\" }\n")),
        ("r", ("readn", "src/clients.rs",
               "let client = reqwest::Client::builder()\n    .default_headers(headers)\n    .build()?;\nlet resp = "
               "client.get(url).bearer_auth(\"{v}\").send().await?;\n")),
        ("h", ("bash", "sed -n 20,28p Program.cs",
               "var factory = new ConnectionFactory\n{\n    HostName = \"rabbit.internal\",\n    UserName = "
               "\"orders\",\n    Password = \"{v}\",\n};\n")),
        ("r", ("readn", "lib/client.dart",
               "final dio = Dio(BaseOptions(baseUrl: 'https://api.shop.example'))\n  ..options.headers['x-api-key'] = "
               "'{v}'\n  ..interceptors.add(LogInterceptor());\n")),
    ], [
        ("readn", "src/main/java/app/Mail.java",
         "    Mailer mailer = MailerBuilder\n        .withSMTPServer(\"smtp.eu.mailgun.org\", 587)\n        "
         ".withSMTPServerUsername(\"postmaster@mg.shop.example\")\n        .withSMTPServerPassword(System.getenv("
         "\"SMTP_PASSWORD\"))\n        .buildMailer();\n"),
        ("readn", "src/clients.rs",
         "let resp = client.get(url).bearer_auth(&cfg.api_token).send().await?;\n"),
    ])
    c += family("struct literals and tuples", [
        ("hr", ("readn", "internal/config/defaults.go",
                "var Prod = Config{\n\tDB: DBConfig{\n\t\tHost:     \"pg-prod.internal\",\n\t\tUser:     \"api\","
                "\n\t\tPassword: \"{v}\",\n\t},\n\tLogLevel: \"info\",\n}\n")),
        ("rh", ("write", "/home/dev/app/etl/targets.py",
                "TARGETS = [\n    (\"warehouse\", \"wh.internal\", 5432, \"loader\", \"{v}\"),\n    (\"archive\", "
                "\"arch.internal\", 5432, \"loader\", \"{w}\"),\n]\n")),
        ("r", ("read", "config/runtime.exs",
               "config :shop, Shop.Repo,\n  username: \"shop\",\n  password: \"{v}\",\n  hostname: \"db\",\n  "
               "pool_size: 10\n")),
        ("h", ("readn", "src/main/scala/Settings.scala",
               "val smtp = SmtpSettings(\"smtp.office365.com\", 587, \"noreply@shop.example\", \"{v}\", tls = true)\n")),
        ("r", ("write", "/home/dev/app/src/secrets.hs",
               "apiCreds :: Creds\napiCreds = Creds { credUser = \"ingest\", credKey = \"{v}\" }\n")),
    ], [
        ("readn", "internal/config/defaults.go",
         "var Prod = Config{\n\tDB: DBConfig{\n\t\tHost:     \"pg-prod.internal\",\n\t\tUser:     \"api\",\n\t\t"
         "Password: os.Getenv(\"DB_PASSWORD\"),\n\t},\n}\n"),
        ("read", "config/runtime.exs",
         "config :shop, Shop.Repo,\n  username: \"shop\",\n  password: System.fetch_env!(\"DB_PASSWORD\"),\n  "
         "hostname: \"db\"\n"),
    ])
    c += family("dicts built across lines", [
        ("hr", ("readn", "app/settings/local.py",
                "DATABASES = {}\nDATABASES[\"default\"] = {\"ENGINE\": \"django.db.backends.postgresql\"}\n"
                "DATABASES[\"default\"][\"USER\"] = \"shop\"\nDATABASES[\"default\"][\n    \"PASSWORD\"\n] = "
                "\"{v}\"\n")),
        ("rh", ("write", "/home/dev/app/src/config.js",
                "const base = { region: 'eu-west-1' };\nmodule.exports = {\n  ...base,\n  credentials: {\n    "
                "accessKeyId: 'AKIA" + gen("jsak", 16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") + "',\n    "
                "secretAccessKey:\n      '{v}',\n  },\n};\n")),
        ("r", ("readn", "config/initializers/stripe.rb",
               "opts = {}\nopts[:api_version] = \"2024-06-20\"\nopts.merge!(\n  api_key:\n    \"{v}\"\n)\n"
               "Stripe.api_key = opts[:api_key]\n")),
        ("h", ("read", "src/conf.lua",
               "local conf = {}\nconf.db = {}\nconf.db.user = \"kong\"\nconf.db[\"password\"] =\n  \"{v}\"\n"
               "return conf\n")),
    ], [
        ("readn", "app/settings/local.py",
         "DATABASES[\"default\"][\"USER\"] = \"shop\"\nDATABASES[\"default\"][\n    \"PASSWORD\"\n] = "
         "env(\"DB_PASSWORD\")\n"),
        ("readn", "config/initializers/stripe.rb",
         "opts = {}\nopts[:api_version] = \"2024-06-20\"\nopts.merge!(\n  api_key:\n    Rails.application."
         "credentials.dig(:stripe, :secret)\n)\n"),
    ])
    c += family("fixtures holding a live key", [
        ("rh", ("readn", "tests/conftest.py",
                "@pytest.fixture(scope=\"session\")\ndef partner_client():\n    # TODO: move to env, works for "
                "now\n    return PartnerClient(base_url=\"https://api.partner.example\", token=\"{v}\")\n")),
        ("r", ("write", "/home/dev/app/test/setup.ts",
               "beforeAll(async () => {\n  await db.connect({ host: 'qa-db.internal', user: 'qa', password: '{v}' "
               "});\n});\n")),
        ("hr", ("bash", "pytest tests/test_partner.py -x -q 2>&1 | tail -12",
                "    def test_orders(partner_client):\n>       assert partner_client.orders().status == 200\nE       "
                "AssertionError: assert 401 == 200\n\npartner_client = PartnerClient(base_url='https://api.partner"
                ".example', token='{v}')\n\ntests/test_partner.py:14: AssertionError\n1 failed in 0.81s\n")),
        ("r", ("readn", "spec/support/vcr.rb",
               "VCR.configure do |c|\n  c.cassette_library_dir = 'spec/cassettes'\n  # c.filter_sensitive_data"
               "('<KEY>') { ENV['MAPS_KEY'] }\n  ENV['MAPS_KEY'] ||= '{v}'\nend\n")),
    ], [
        ("readn", "tests/conftest.py",
         "@pytest.fixture(scope=\"session\")\ndef partner_client():\n    return PartnerClient(base_url=\"http://"
         "localhost:9999\", token=\"test-token\")\n"),
        ("readn", "spec/support/vcr.rb",
         "VCR.configure do |c|\n  c.cassette_library_dir = 'spec/cassettes'\n  c.filter_sensitive_data('<MAPS_"
         "KEY>') { ENV.fetch('MAPS_KEY') }\nend\n"),
    ])
    c += family("sql statements that set a credential", [
        ("hr", ("readn", "migrations/0042_fdw.sql",
                "CREATE SERVER legacy_db FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host 'legacy.internal', dbname "
                "'erp');\nCREATE USER MAPPING FOR etl_user SERVER legacy_db\n  OPTIONS (user 'legacy_ro', password "
                "'{v}');\n")),
        ("rh", ("bash", "psql -d app -c \"CREATE SUBSCRIPTION shop_sub CONNECTION 'host=db-primary port=5432 "
                        "dbname=shop user=repl password={v}' PUBLICATION shop_pub;\"",
                "NOTICE:  created replication slot \"shop_sub\" on publisher\nCREATE SUBSCRIPTION\n")),
        ("r", ("readn", "db/replica_setup.sql",
               "CHANGE REPLICATION SOURCE TO\n  SOURCE_HOST='db-primary.internal',\n  SOURCE_USER='repl',\n  "
               "SOURCE_PASSWORD='{v}',\n  SOURCE_AUTO_POSITION=1;\nSTART REPLICA;\n")),
        ("h", ("write", "/home/dev/app/sql/dblink.sql",
               "CREATE DATABASE LINK erp_link\n  CONNECT TO erp_ro IDENTIFIED BY \"{v}\"\n  USING 'ERPPROD';\n")),
        ("r", ("bash", "mysql -u root -e \"CREATE USER 'grafana'@'%' IDENTIFIED BY '{v}'; GRANT SELECT ON "
                       "metrics.* TO 'grafana'@'%';\"", "")),
    ], [
        ("readn", "db/replica_setup.sql",
         "CHANGE REPLICATION SOURCE TO\n  SOURCE_HOST='db-primary.internal',\n  SOURCE_USER='repl',\n  "
         "SOURCE_SSL=1,\n  SOURCE_AUTO_POSITION=1;\n-- password: set at runtime from $REPL_PASSWORD\n"),
        ("bash", "psql -d app -c \"SELECT rolname, rolcanlogin, rolvaliduntil FROM pg_roles WHERE rolname="
                 "'app_rw'\"",
         " rolname | rolcanlogin |     rolvaliduntil\n---------+-------------+------------------------\n app_rw  "
         "| t           | 2027-01-01 00:00:00+00\n(1 row)\n"),
    ])
    return c


# ---------------------------------------------------------------- carriers that split a value

def split() -> list:
    c = []
    c += family("edit calls rotating a literal", [
        ("hh", ("edit", "/home/dev/app/config/database.yml",
                "  password: {w}", "  password: {v}")),
        ("rr", ("edit", "/home/dev/app/src/mail.ts",
                "const SMTP_PASS = '{w}';", "const SMTP_PASS = '{v}';")),
        ("hr", ("aedit", "/home/dev/app/.github/deploy.sh",
                "sshpass -p '{w}' rsync -az dist/ deploy@web-1:/srv/www",
                "sshpass -p '{v}' rsync -az dist/ deploy@web-1:/srv/www")),
        ("r", ("edit", "/home/dev/app/config/app.php",
               "'key' => 'base64:{k}',", "'key' => env('APP_KEY', 'base64:{v}'),")),
    ], [
        ("edit", "/home/dev/app/config/database.yml", "  password: <%= ENV['DB_PASS'] %>",
         "  password: <%= ENV.fetch(\"DB_PASSWORD\") %>"),
        ("aedit", "/home/dev/app/src/mail.ts", "const SMTP_PASS = process.env.SMTP_PASS!;",
         "const SMTP_PASS = requireEnv('SMTP_PASS');"),
    ])
    c += family("json-escaped carriers", [
        ("hr", ("result", json.dumps({"path": "deploy/values.prod.yaml", "content": "postgresql:\n  auth:\n    "
                                      "username: shop\n    password: \"{v}\"\n    database: shop\n"}))),
        ("rr", ("awrite", "/home/dev/app/.env.production",
                "APP_URL=https://shop.example\n# rotated 2026-03-14\nREDIS_URL=\"redis://default:{v}@redis-1:6379/0\""
                "\n")),
        ("r", ("result", json.dumps({"jsonrpc": "2.0", "id": 7, "result": {"content": [{"type": "text", "text":
                                      json.dumps({"name": "ci-bot", "token": "{v}", "scopes": ["repo"]})}]}}))),
        ("h", ("result", json.dumps([{"role": "user", "content": "the pg password is {v}, use it in the seed "
                                                                  "script"}]))),
    ], [
        ("result", json.dumps({"path": "deploy/values.prod.yaml", "content": "postgresql:\n  auth:\n    "
                               "existingSecret: shop-pg\n    secretKeys:\n      userPasswordKey: password\n"})),
        ("result", json.dumps({"jsonrpc": "2.0", "id": 7, "result": {"content": [{"type": "text", "text":
                               json.dumps({"name": "ci-bot", "token_last4": "9f2c", "scopes": ["repo"]})}]}})),
    ])
    c += family("long wrapped numbered lines", [
        ("rh", ("readn", "public/config.json",
                json.dumps({"env": "prod", "features": {f"flag_{i}": bool(i % 2) for i in range(18)},
                            "analytics": {"endpoint": "https://t.shop.example/collect", "writeKey": "{v}"},
                            "build": sha("bld", 40)}))),
        ("r", ("readn", "k8s/secret.rendered.yaml",
               "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\nstringData:\n  config.json: '{\"db\":{\"host\":"
               "\"pg\",\"port\":5432,\"user\":\"app\",\"password\":\"{v}\"},\"cache\":{\"url\":\"redis://redis:6379"
               "\"},\"sentry\":{\"dsn\":\"\"},\"log\":{\"level\":\"info\",\"json\":true}}'\n")),
        ("h", ("readn", "scripts/bootstrap.sh",
               "#!/usr/bin/env bash\nset -euo pipefail\ndocker run -d --name pg --restart unless-stopped -p 5432:5432 "
               "-v pgdata:/var/lib/postgresql/data -e POSTGRES_USER=shop -e POSTGRES_DB=shop -e POSTGRES_PASSWORD="
               "'{v}' -e PGDATA=/var/lib/postgresql/data/pgdata postgres:16.2-alpine -c shared_buffers=256MB -c "
               "max_connections=200\n")),
    ], [
        ("readn", "public/config.json",
         json.dumps({"env": "prod", "features": {f"flag_{i}": bool(i % 2) for i in range(18)},
                     "analytics": {"endpoint": "https://t.shop.example/collect", "writeKeyRef": "ANALYTICS_WRITE_KEY"},
                     "build": sha("bld2", 40)})),
        ("readn", "scripts/bootstrap.sh",
         "docker run -d --name pg -p 5432:5432 -e POSTGRES_USER=shop -e POSTGRES_PASSWORD_FILE=/run/secrets/pg -v "
         "pgdata:/var/lib/postgresql/data postgres:16.2-alpine@sha256:" + sha("pgimg", 64) + "\n"),
    ])
    return c


def cases() -> list:
    return prompts() + tool_output() + files() + code() + split() + more_prompts() + more_output() + more_files()


# ---------------------------------------------------------------- second round of the same families

def more_prompts() -> list:
    c = []
    c += family("prompts in southeast asian languages", [
        ("rh", ("prompt", "Anh chạy thử lệnh này giúp em: `mysql -h 10.0.2.5 -u report -p{v} sales` — nó báo "
                          "lỗi 1045 mà em không hiểu sao")),
        ("h", ("prompt", "รหัส wifi ห้องแล็บคือ {v} นะ ใส่ใน netplan ของ raspberry pi ให้ด้วย")),
    ], [
        ("prompt", "รหัสผ่านของ redis เก็บอยู่ใน secret ชื่อ redis-auth ใน namespace prod แก้ให้ deployment อ่าน"
                   "จากตรงนั้นนะ"),
    ], tag="2")
    c += family("prompts in turkish, persian and hebrew", [
        ("hr", ("prompt", "کلید API سرویس پیامک {v} هست؛ توی کلاس SmsClient بذارش و یه تست بنویس")),
        ("r", ("prompt", "תבדוק למה זה נופל: psql \"postgresql://app:{v}@db.internal/app\" -c 'select 1'")),
        ("h", ("prompt", "Wi-Fi şifresi {v} ama cihaz bağlanmıyor, wpa_supplicant loglarına bakar mısın?")),
    ], [
        ("prompt", "کلید API سرویس پیامک توی متغیر محیطی SMS_API_KEY هست؛ کلاس SmsClient رو طوری بنویس که "
                   "از اونجا بخونه"),
    ], tag="2")
    c += family("prompts in south asian and east african languages", [
        ("rh", ("prompt", "ऊपर वाले error को देखो, मैंने token {v} डाला था फिर भी 401 आ रहा है")),
        ("h", ("prompt", "Tafadhali tumia jina la mtumiaji 'msimamizi' na nenosiri {v} kuingia kwenye paneli ya "
                         "admin, kisha angalia kama ripoti zinapakia.")),
    ], [
        ("prompt", "token अब `gh auth token` से आता है, script में hardcode किया हुआ token हटा दो"),
    ], tag="2")
    c += family("prompts in polish, ukrainian and greek", [
        ("rh", ("prompt", "klucz do API pogody: {v} — wrzuć go do .env i zrób fetch w hooku useWeather")),
        ("h", ("prompt", "Σύνδεσε το script στη βάση, χρήστης reports και συνθηματικό {v}, μετά τρέξε το "
                         "export για τον Μάρτιο")),
        ("r", ("prompt", "Ось токен доступу до GitLab: {v}, додай його в CI як змінну і перезапусти пайплайн")),
    ], [
        ("prompt", "klucz do API pogody jest w Doppler (projekt weather, config dev) — użyj `doppler run` "
                   "zamiast .env"),
    ], tag="2")
    c += family("chat relays pasted into a prompt", [
        ("rh", ("prompt", "pasting the thread from #infra:\n\n**Tomasz** — rabbit admin is back\n**Tomasz** — "
                          "guest is disabled, use `ops` / `{v}`\n**Aiko** — thx 🙏\n\nadd a health check that "
                          "logs in to the management api")),
        ("r", ("prompt", "WhatsApp from the client:\n[14/03/26, 08:02:41] Mr. Okafor: The cPanel password is "
                         "{v}\n[14/03/26, 08:02:55] Mr. Okafor: Please fix the contact form today\n\ncan you "
                         "log in and look at the mail settings?")),
    ], [
        ("prompt", "pasting the thread from #infra:\n\n**Tomasz** — rabbit admin is back\n**Tomasz** — guest is "
                   "disabled, creds for `ops` are in the shared vault\n**Aiko** — thx 🙏"),
    ], tag="2")
    c += family("passwords typed at the wrong prompt", [
        ("hr", ("bash", "tail -n 6 ~/.bash_history",
                "ssh deploy@web-1\n{v}\nsudo systemctl restart nginx\nexit\ngit pull\nmake deploy\n")),
        ("hr", ("result", "dev@web-1:~$ sudo -k; sudo ls /root\n[sudo] password for dev: \nSorry, try again.\n"
                          "[sudo] password for dev: \nsudo: 1 incorrect password attempt\ndev@web-1:~$ {v}\n"
                          "{v}: command not found\n")),
        ("rh", ("prompt", "ugh I typed it in the wrong window, the terminal just printed `zsh: command not found: "
                          "{v}` — how do I get it out of my zsh history?")),
        ("h", ("bash", "fc -l -5",
               "  511  mysql -u root -p\n  512  {v}\n  513  mysql -u root -p shop\n  514  history | tail\n"
               "  515  fc -l -5\n")),
    ], [
        ("bash", "tail -n 4 ~/.bash_history",
         "ssh deploy@web-1\nsudo systemctl restart nginx\nexit\nmake deploy\n"),
        ("result", "dev@web-1:~$ sudo ls /root\n[sudo] password for dev: \nsudo: 3 incorrect password attempts\n"
                   "dev@web-1:~$ lsb_release -d\nDescription:\tUbuntu 24.04.1 LTS\n"),
        ("prompt", "I typed my password into the terminal by mistake, zsh said `command not found`; how do I "
                   "remove the last line from ~/.zsh_history without opening the file?"),
    ])
    return c


def more_output() -> list:
    c = []
    c += family("database clients printing a credential", [
        ("rh", ("bash", "mongosh --quiet --eval 'db.getSiblingDB(\"config\").settings.find({_id: \"backup\"})'",
                "[\n  {\n    _id: 'backup',\n    target: 's3://shop-backups/mongo',\n    accessKey: 'AKIA"
                + gen("mgak", 16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") + "',\n    secretKey: '{v}'\n  }\n]\n")),
        ("r", ("bash", "redis-cli ACL LIST",
               "1) \"user default off nopass sanitize-payload &* -@all\"\n2) \"user worker on >{v} ~jobs:* "
               "+@list +@connection\"\n")),
    ], [
        ("bash", "redis-cli ACL LIST",
         "1) \"user default off nopass sanitize-payload &* -@all\"\n2) \"user worker on #" + sha("acl1", 64) +
         " ~jobs:* +@list +@connection\"\n"),
    ], tag="2")
    c += family("paas env listings", [
        ("rr", ("bash", "doppler secrets --only-names=false --raw -p shop -c prd | head -8",
                "┌──────────────┬──────────────────────────────────┐\n│ NAME         │ VALUE                      "
                "      │\n├──────────────┼──────────────────────────────────┤\n│ DOPPLER_ENV  │ prd             "
                "                 │\n│ SHOPIFY_PASS │ {v}   │\n└──────────────┴──────────────────────────────────"
                "┘\n")),
        ("h", ("bash", "doctl apps spec get " + uuid_of("doapp") + " | grep -A2 SMTP",
               "  - key: SMTP_PASSWORD\n    scope: RUN_TIME\n    value: {v}\n")),
    ], [
        ("bash", "doctl apps spec get " + uuid_of("doapp2") + " | grep -A3 SMTP",
         "  - key: SMTP_PASSWORD\n    scope: RUN_TIME\n    type: SECRET\n    value: EV[1:" + _b64("doev", 24) +
         ":" + _b64("doev2", 40) + "]\n"),
    ], tag="2")
    c += family("uncommon secret manager clis", [
        ("rh", ("bash", "teller show",
                "-*- teller: loaded variables for shop using teller.yml -*-\n\n[dotenv DOTENV /home/dev/.env] "
                "DB_USER = shop\n[vault VAULT secret/data/shop/db] DB_PASS = {v}\n")),
        ("r", ("bash", "age -d -i ~/.age/key.txt deploy/creds.age",
               "registry_user=ci\nregistry_token={v}\n")),
    ], [
        ("bash", "teller show",
         "-*- teller: loaded variables for shop using teller.yml -*-\n\n[vault VAULT secret/data/shop/db] DB_PASS "
         "= Xk2*****\n"),
    ], tag="2")
    c += family("key and secret generators", [
        ("rr", ("bash", "node -e \"console.log(require('crypto').randomBytes(32).toString('hex'))\" | tee "
                        "/tmp/session_secret", "{v}\n")),
        ("b", ("bash", "wg genpsk", "{v}\n")),
    ], [
        ("bash", "ssh-keygen -t ed25519 -N '' -f ~/.ssh/deploy_ed25519 -C deploy@ci",
         "Generating public/private ed25519 key pair.\nYour identification has been saved in /home/dev/.ssh/"
         "deploy_ed25519\nYour public key has been saved in /home/dev/.ssh/deploy_ed25519.pub\nThe key "
         "fingerprint is:\nSHA256:" + _b64("fp1", 32).rstrip("=") + " deploy@ci\n"),
    ], tag="2")
    c += family("process and environment dumps", [
        ("hr", ("bash", "set | grep -i -A0 pass",
                "MYSQL_PWD='{v}'\nPASS_MAX_DAYS=99999\n")),
        ("r", ("bash", "docker compose config | sed -n '/environment:/,/image:/p'",
               "    environment:\n      MINIO_ROOT_USER: minio\n      MINIO_ROOT_PASSWORD: {v}\n    image: "
               "minio/minio:RELEASE.2024-03-10T02-53-48Z\n")),
    ], [
        ("bash", "set | grep -i pass", "PASS_MAX_DAYS=99999\nPASSWORD_STORE_DIR=/home/dev/.password-store\n"),
    ], tag="2")
    c += family("auth failure logs echoing the password", [
        ("h", ("bash", "docker logs rabbitmq 2>&1 | grep -i refused | tail -1",
               "2026-03-14 10:31:02.184 [error] <0.912.0> PLAIN login refused: user 'orders' - invalid credentials, "
               "supplied password: '{v}'\n")),
        ("r", ("bash", "grep -i 'general' /var/log/mysql/general.log | tail -2",
               "2026-03-14T10:40:11.221Z\t   41 Query\tSET PASSWORD FOR 'report'@'%' = '{v}'\n")),
    ], [
        ("bash", "docker logs rabbitmq 2>&1 | grep -i refused | tail -1",
         "2026-03-14 10:31:02.184 [error] <0.912.0> PLAIN login refused: user 'orders' - invalid credentials\n"),
    ], tag="2")
    c += family("http client debug dumps", [
        ("rh", ("bash", "curl -sv --trace-ascii - https://api.partner.example/v1/me 2>&1 | grep -i -A1 'Send header'",
                "=> Send header, 132 bytes (0x84)\n0000: GET /v1/me HTTP/1.1\n0013: Host: api.partner.example\n"
                "002e: Authorization: Basic {b}\n")),
        ("r", ("result", "  undici:request sending request to GET https://api.shop.example/v1/cart\n"
                         "  undici:request headers: { 'x-shop-token': '{v}', accept: 'application/json' }\n"
                         "  undici:request received response to GET https://api.shop.example/v1/cart - HTTP 200\n")),
    ], [
        ("bash", "curl -sv https://api.partner.example/v1/me 2>&1 | grep -i '^> '",
         "> GET /v1/me HTTP/2\n> Host: api.partner.example\n> user-agent: curl/8.5.0\n> accept: */*\n"),
    ], tag="2")
    c += family("stack traces printing a connection string", [
        ("rr", ("result", "Traceback (most recent call last):\n  File \"etl/load.py\", line 31, in <module>\n    "
                          "conn = psycopg2.connect(DSN)\n  File \"/usr/lib/python3/dist-packages/psycopg2/__init__.py"
                          "\", line 122, in connect\npsycopg2.OperationalError: could not translate host name "
                          "\"wh-internal\" to address\n\nDSN = 'postgresql://loader:{v}@wh-internal:5432/dwh'\n")),
        ("h", ("bash", "go test ./internal/store/... 2>&1 | tail -5",
               "--- FAIL: TestOpen (0.01s)\n    store_test.go:22: open: dial tcp 127.0.0.1:5432: connect: connection "
               "refused (dsn=\"host=127.0.0.1 user=store password='{v}' sslmode=disable\")\nFAIL\nFAIL\tgit.example"
               ".org/shop/internal/store\t0.019s\n")),
    ], [
        ("bash", "go test ./internal/store/... 2>&1 | tail -4",
         "--- FAIL: TestOpen (0.01s)\n    store_test.go:22: open: dial tcp 127.0.0.1:5432: connect: connection "
         "refused (dsn=\"host=127.0.0.1 user=store password=xxxxx sslmode=disable\")\nFAIL\n"),
    ], tag="2")
    c += family("crash reports with environment", [
        ("rh", ("bash", "cat /var/crash/_usr_local_bin_ledger.1000.crash | sed -n '/^ProcEnviron/,/^ProcMaps/p' "
                        "| head -6",
                "ProcEnviron:\n LANG=C.UTF-8\n PATH=(custom, no user)\n SHELL=/bin/bash\n LEDGER_API_KEY={v}\n"
                "ProcMaps:\n")),
    ], [
        ("bash", "cat /var/crash/_usr_local_bin_ledger.1000.crash | sed -n '/^ProcEnviron/,/^ProcMaps/p'",
         "ProcEnviron:\n LANG=C.UTF-8\n PATH=(custom, no user)\n SHELL=/bin/bash\n TERM=xterm-256color\nProcMaps:\n"),
    ], tag="2")
    return c


def more_files() -> list:
    c = []
    c += family("bruno, http and hurl request files", [
        ("rr", ("bash", "cat ~/.config/httpie/sessions/api.shop.example/admin.json",
                json.dumps({"__meta__": {"about": "HTTPie session file", "httpie": "3.2.2"},
                            "auth": {"type": "basic", "username": "admin", "password": "{v}"},
                            "cookies": [], "headers": []}, indent=4))),
        ("h", ("read", "insomnia/shop.yaml",
               "  - _id: env_" + gen("ins1", 32, HEX) + "\n    _type: environment\n    name: Staging\n    data:\n"
               "      base_url: https://staging.shop.example\n      admin_password: {v}\n")),
    ], [
        ("read", "insomnia/shop.yaml",
         "  - _id: env_" + gen("ins2", 32, HEX) + "\n    _type: environment\n    name: Staging\n    data:\n"
         "      base_url: https://staging.shop.example\n      admin_password: \"{{ _.vault.admin }}\"\n"),
    ], tag="2")
    c += family("network auth files", [
        ("rh", ("readn", "/etc/netplan/50-wifi.yaml",
                "network:\n  version: 2\n  wifis:\n    wlan0:\n      dhcp4: true\n      access-points:\n        "
                "\"Dom-IoT\":\n          password: \"{v}\"\n")),
        ("r", ("bash", "sudo cat /etc/swanctl/conf.d/site-b.conf | sed -n '/secrets/,$p'",
               "secrets {\n   ike-site-b {\n      id = 198.51.100.7\n      secret = 0s{v}\n   }\n}\n")),
    ], [
        ("readn", "/etc/netplan/50-wifi.yaml",
         "network:\n  version: 2\n  wifis:\n    wlan0:\n      dhcp4: true\n      access-points:\n        "
         "\"Dom-IoT\":\n          auth:\n            key-management: eap\n            method: tls\n            "
         "ca-certificate: /etc/ssl/certs/iot-ca.pem\n"),
    ], tag="2")
    c += family("mail and sync dotfiles", [
        ("rr", ("bash", "cat ~/.config/rclone/rclone.conf",
                "[b2]\ntype = b2\naccount = 0024" + gen("b2acc", 8, HEX) + "\nkey = {v}\n\n[nas]\ntype = sftp\n"
                "host = nas.home\nuser = ana\npass = {k}\n")),
        ("h", ("readn", "/home/dev/.offlineimaprc",
               "[Repository Remote]\ntype = IMAP\nremotehost = imap.example.org\nremoteuser = ana\nremotepass = {v}\n"
               "sslcacertfile = /etc/ssl/certs/ca-certificates.crt\n")),
    ], [
        ("readn", "/home/dev/.offlineimaprc",
         "[Repository Remote]\ntype = IMAP\nremotehost = imap.example.org\nremoteuser = ana\nremotepasseval = "
         "get_pass(\"imap.example.org\")\n"),
    ], tag="2")
    c += family("notebook json with secrets in cells and outputs", [
        ("rh", ("bash", "jupyter nbconvert --to script --stdout notebooks/warehouse.ipynb 2>/dev/null | head -12",
                "#!/usr/bin/env python\n# coding: utf-8\n\n# In[1]:\n\n\nimport snowflake.connector as sc\n\n\n"
                "# In[2]:\n\n\nconn = sc.connect(user=\"ANA\", password=\"{v}\", account=\"xy12345\")\n")),
        ("r", ("result", "In [4]: os.environ\nOut[4]: environ{'HOME': '/home/ana', 'HF_TOKEN': '{v}', "
                         "'JPY_PARENT_PID': '7741', 'LANG': 'en_US.UTF-8'}\n")),
    ], [
        ("result", "In [4]: sorted(os.environ)[:4]\nOut[4]: ['HF_TOKEN', 'HOME', 'JPY_PARENT_PID', 'LANG']\n"),
    ], tag="2")
    c += family("game engine and mobile signing settings", [
        ("rr", ("bash", "cat android/key.properties",
                "storePassword={v}\nkeyPassword={w}\nkeyAlias=upload\nstoreFile=/home/dev/upload-keystore.jks\n")),
        ("h", ("readn", "fastlane/Fastfile",
               "  lane :beta do\n    match(type: \"appstore\", readonly: true)\n    ENV[\"MATCH_PASSWORD\"] = "
               "\"{v}\"\n    gym(scheme: \"Shop\")\n  end\n")),
    ], [
        ("readn", "fastlane/Fastfile",
         "  lane :beta do\n    match(type: \"appstore\", readonly: true, git_basic_authorization: ENV[\"MATCH_GIT_"
         "AUTH\"])\n    gym(scheme: \"Shop\")\n  end\n"),
    ], tag="2")
    c += family("home automation and flow exports", [
        ("rh", ("read", "zigbee2mqtt/configuration.yaml",
                "mqtt:\n  base_topic: zigbee2mqtt\n  server: mqtt://10.0.0.5\n  user: z2m\n  password: '{v}'\n"
                "serial:\n  port: /dev/ttyUSB0\n")),
    ], [
        ("read", "zigbee2mqtt/configuration.yaml",
         "mqtt:\n  base_topic: zigbee2mqtt\n  server: mqtt://10.0.0.5\n  user: z2m\n  password: '!secret.yaml "
         "password'\n"),
    ], tag="2")
    c += family("data platform connections", [
        ("rh", ("bash", "cat ~/.metabase/mb.env",
                "MB_DB_TYPE=postgres\nMB_DB_HOST=meta-db\nMB_DB_USER=metabase\nMB_DB_PASS={v}\n"
                "MB_ENCRYPTION_SECRET_KEY={w}\n")),
    ], [
        ("bash", "airflow connections list -o table | head -4",
         "id | conn_id   | conn_type | host        | schema | login  | password | port\n===+===========+"
         "===========+=============+========+========+==========+=====\n1  | warehouse | postgres  | wh.internal "
         "| dwh    | loader | ***      | 5432\n"),
    ], tag="2")
    c += family("builder chains", [
        ("rr", ("readn", "src/main/kotlin/Mongo.kt",
                "val settings = MongoClientSettings.builder()\n    .applyConnectionString(ConnectionString(\"mongodb"
                "://db-1,db-2/?replicaSet=rs0\"))\n    .credential(MongoCredential.createCredential(\"shop\", \"admin\""
                ", \"{v}\".toCharArray()))\n    .build()\n")),
        ("h", ("readn", "src/Mail.php",
               "$mail = (new PHPMailer(true))\n    ->isSMTP();\n$mail->Host = 'smtp.office365.com';\n$mail->Username "
               "= 'noreply@shop.example';\n$mail->Password = '{v}';\n")),
    ], [
        ("readn", "src/main/kotlin/Mongo.kt",
         "    .credential(MongoCredential.createCredential(\"shop\", \"admin\", cfg.mongoPassword.toCharArray()))\n"),
    ], tag="2")
    c += family("struct literals and tuples", [
        ("hr", ("read", "src/config.rs",
                "pub const SMTP: Smtp = Smtp {\n    host: \"smtp.eu.mailgun.org\",\n    user: \"postmaster@mg.shop\","
                "\n    pass: \"{v}\",\n};\n")),
        ("r", ("readn", "Sources/App/Secrets.swift",
               "let partner = PartnerCredentials(clientID: \"shop-ios\", clientSecret: \"{v}\")\n")),
    ], [
        ("readn", "Sources/App/Secrets.swift",
         "let partner = PartnerCredentials(clientID: \"shop-ios\", clientSecret: Environment.get(\"PARTNER_SECRET\")"
         "!)\n"),
    ], tag="2")
    c += family("dicts built across lines", [
        ("rr", ("readn", "deploy/vars.jsonnet",
                "local base = import 'base.libsonnet';\nbase {\n  db+: {\n    password:\n      '{v}',\n  },\n}\n")),
    ], [
        ("readn", "deploy/vars.jsonnet",
         "local base = import 'base.libsonnet';\nbase {\n  db+: {\n    password: std.extVar('db_password'),\n  },\n}\n"),
    ], tag="2")
    c += family("fixtures holding a live key", [
        ("rr", ("readn", "src/test/java/app/PaymentsIT.java",
                "@BeforeAll\nstatic void setUp() {\n    // sandbox account of the finance team\n    client = new "
                "PaymentsClient(\"{v}\");\n}\n")),
    ], [
        ("readn", "src/test/java/app/PaymentsIT.java",
         "@BeforeAll\nstatic void setUp() {\n    client = new PaymentsClient(\"sk_test_dummy\");\n}\n"),
    ], tag="2")
    c += family("sql statements that set a credential", [
        ("rh", ("read", "db/init/01-users.sql",
                "CREATE ROLE reporting LOGIN;\nALTER ROLE reporting PASSWORD '{v}' VALID UNTIL '2027-01-01';\n"
                "GRANT pg_read_all_data TO reporting;\n")),
    ], [
        ("read", "db/init/01-users.sql",
         "CREATE ROLE reporting LOGIN;\n\\set pw `echo \"$REPORTING_PASSWORD\"`\nALTER ROLE reporting PASSWORD "
         ":'pw';\n"),
    ], tag="2")
    c += family("edit calls rotating a literal", [
        ("rr", ("edit", "/home/dev/app/.npmrc",
                "//npm.pkg.github.com/:_authToken={w}", "//npm.pkg.github.com/:_authToken={v}")),
        ("h", ("aedit", "/home/dev/app/docker-compose.yml",
               "      - RABBITMQ_DEFAULT_PASS=guest", "      - RABBITMQ_DEFAULT_PASS={v}")),
    ], [
        ("edit", "/home/dev/app/.npmrc", "//npm.pkg.github.com/:_authToken=${NPM_TOKEN}",
         "//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}"),
    ], tag="2")
    c += family("json-escaped carriers", [
        ("rr", ("result", json.dumps({"type": "text", "text": json.dumps({"stdout": "export AWS_SECRET_ACCESS_KEY="
                                                                                     "{v}\nexport AWS_REGION=eu-west-1\n",
                                                                           "exit_code": 0})}))),
    ], [
        ("result", json.dumps({"type": "text", "text": json.dumps({"stdout": "export AWS_PROFILE=shop-prod\n"
                                                                             "export AWS_REGION=eu-west-1\n",
                                                                   "exit_code": 0})})),
    ], tag="2")
    c += family("long wrapped numbered lines", [
        ("rr", ("readn", "dist/assets/index-" + gen("vite", 8) + ".js",
                "var e=Object.defineProperty;var t=(n,r,o)=>r in n?e(n,r,{enumerable:!0,configurable:!0,writable:!0,"
                "value:o}):n[r]=o;const a={apiBase:\"https://api.shop.example\",mapsKey:\"pk.live\",adminSecret:"
                "\"{v}\",release:\"" + sha("rel", 12) + "\"};export{a as c};\n")),
    ], [
        ("readn", "dist/assets/index-" + gen("vite2", 8) + ".js",
         "var e=Object.defineProperty;const a={apiBase:\"https://api.shop.example\",integrity:\"sha384-" +
         _b64("sri", 48) + "\",release:\"" + sha("rel2", 12) + "\"};export{a as c};\n"),
    ], tag="2")
    return c
