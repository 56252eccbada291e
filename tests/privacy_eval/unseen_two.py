"""The second UNSEEN part of the labelled privacy set (see tests/privacy_eval/__init__.py), written
as `blind16`: secrets and their look-alikes as a month of Claude Code sessions holds them, in
families no other part named (all prefixed "b16: ").  Written on 2026-11-30 by an author who read
neither the filter (store/privacy/), its tests, its docs, the bench's code nor any listing of its
misses and false redactions; every case was written before the filter met any of them.  Not in
dev.py: it measured a round of fixes made by people who never saw it, before and after, and it
stays a part nobody tunes on, as unseen.py (bench_privacy prints its totals, never its misses).
Change a case only to fix a labelling error, and say so.

Positives: code in Lua, Scala/sbt, Clojure/EDN, Perl, PHP (WordPress/Drupal), Dart, Erlang/Elixir,
Express/Nest; wget/aria2/rsync/lftp command lines; decrypted files printed by sops, ansible-vault
and git-crypt; structured debug logs printing config; mail relay settings; Edit calls adding a
key; webhook URLs holding their token; prompts in Nordic and Baltic languages, in Romanian,
Catalan, Basque and West African languages, code-switched prompts, informal English with typos;
assistant summaries quoting a value back; tfvars pasted in prompts; CI/CD variable dumps; Go and
Rust tests.  Negatives of the same kinds: environment references, masked values, placeholders,
digests, ids, versions, public keys, documented example keys, prose about secrets.

Values are generated from seeds at run time.

682 cases in 44 families (22 with secrets, 22 without), all realistic: 330 positives, 352
negatives.  Measured once on main at 5538eb2, before the round (ptools/measure_part.py, totals
only; no per-family or per-case figures were looked at):
    filter: 682 cases; caught 83.3% (275/330); false 11.1% (41/369)
    baseline: 682 cases; caught 21.5% (71/330); false 58.9% (123/209)
"""

from __future__ import annotations

import base64
import hashlib
import json

from tests.privacy_eval import (
    B62,
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

P = "b16: "

# people's passwords, memorable with symbols (written for this part)
HUMAN = (
    "Nordlys!Tromso42", "Kaffe&Kanel1987", "purple-Otter#77", "M4ngo!Sunrise", "Zebra$Crossing09",
    "Lisboa@Noite2024", "Hund&Katze!55", "Rosso#Ferrari8", "Autumn.Leaves!31", "Quokka*Smile12",
    "Baobab^Tree77", "Pinguin!Eis2025", "Sauna&Lumi_19", "Vilnius#Rain88", "Tallinn!Tuul7",
    "Bucuresti*Vara3", "Muntanya!Verd21", "Itsaso#Urdina6", "Jollof&Rice2023", "chai-Samosa!9",
    "Adobo@Manila44", "Tacos!DeLengua5", "Midsommar#Sill1", "Fjell&Fjord_88", "Lagos!Traffic70",
)


def human(i: int) -> str:
    return HUMAN[i % len(HUMAN)]


def tok(seed: str, kind: int) -> str:
    """A credential of one of several shapes, built at run time."""
    k = kind % 9
    if k == 0:
        return random_secret(seed, 32)
    if k == 1:
        return "gh" + "p_" + gen(seed, 36, B62)
    if k == 2:
        return "sk" + "_live_" + gen(seed, 24, B62)
    if k == 3:
        return gen(seed, 40, HEX)
    if k == 4:
        return "xox" + "b-" + "".join(str(int(c, 16) % 10) for c in sha(seed, 11)) + "-" + gen(seed + "b", 24, B62)
    if k == 5:
        return base64.b64encode(hashlib.sha256(seed.encode()).digest()).decode()
    if k == 6:
        return "AKIA" + gen(seed, 16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    if k == 7:
        return "glp" + "at-" + gen(seed, 20, B62 + "_-")
    return random_secret(seed, 20)


def val(seed: str, i: int) -> str:
    """Alternate people's passwords and random credentials."""
    return human(i * 7 + len(seed)) if i % 3 == 1 else tok(seed, (0, 3, 5, 8)[i % 4])


def write(path: str, content: str, seed: str):
    if int(sha(seed, 2), 16) % 2:
        return tool_event("Write", {"file_path": path, "content": content}, seed)
    return assistant_line(seed, "Write", {"file_path": path, "content": content})


def read(path: str, content: str, seed: str):
    text = numbered(content, 1 + int(sha(seed, 2), 16) % 40)
    if int(sha(seed + "r", 2), 16) % 2:
        return result_line(seed, text)
    return tool_event("Read", {"file_path": path},
                      seed, {"type": "text", "file": {"filePath": path, "content": content,
                                                      "numLines": content.count("\n") + 1,
                                                      "startLine": 1, "totalLines": content.count("\n") + 1}})


def edit(path: str, old: str, new: str, seed: str):
    if int(sha(seed, 2), 16) % 2:
        return tool_event("Edit", {"file_path": path, "old_string": old, "new_string": new,
                                   "replace_all": False}, seed)
    return assistant_line(seed, "Edit", {"file_path": path, "old_string": old, "new_string": new})


def bash(cmd: str, out: str, seed: str, err: str = ""):
    return bash_event(cmd, out, seed, err)


def out(text: str, seed: str):
    """A tool's output as its transcript line holds it."""
    return result_line(seed, text)


def prompt(text: str, seed: str):
    return prompt_event(text, seed)


def say(text: str, seed: str):
    """An assistant's text in a transcript line."""
    line = assistant_line(seed, "Bash", {"command": "true"})
    line["message"]["content"] = [{"type": "text", "text": text}]
    line["message"]["stop_reason"] = "end_turn"
    return line


def pos(name: str, templates: list, n: int = 15) -> list:
    out = []
    templates = templates + EXTRA.get(name, [])
    for i in range(n):
        t = templates[i % len(templates)]
        seed = f"b16{name}{i}"
        v = val(seed, i)
        made = t(seed, v)
        value, secrets = (made if isinstance(made, tuple) else (made, (v,)))
        out.append(Case(P + name, value, tuple(secrets), realistic=True))
    return out


def neg(name: str, templates: list, n: int = 16) -> list:
    out = []
    templates = templates + EXTRA.get(name, [])
    for i in range(n):
        t = templates[i % len(templates)]
        out.append(Case(P + name, t(f"b16n{name}{i}"), (), realistic=True))
    return out


def hx(seed, n=40):
    return sha(seed, n)


def num(seed, n=12):
    return "".join(str(int(c, 16) % 10) for c in sha(seed + "num", n))


# ================================================================ positives


def p_lua():
    return pos("lua and openresty code with keys", [
        lambda s, v: write("/home/dev/app/nginx/lua/auth.lua", f'''local jwt = require "resty.jwt"
local cjson = require "cjson.safe"

local _M = {{}}
-- TODO move to env before deploy!!
local SECRET = "{v}"

function _M.verify()
    local auth = ngx.var.http_authorization
    if not auth then return ngx.exit(401) end
    local obj = jwt:verify(SECRET, auth:sub(8))
    if not obj.verified then
        ngx.log(ngx.WARN, "bad token: ", obj.reason)
        return ngx.exit(401)
    end
end

return _M
''', s),
        lambda s, v: read("/home/dev/.config/nvim/lua/plugins/chatgpt.lua", f'''return {{
  "jackMort/ChatGPT.nvim",
  event = "VeryLazy",
  config = function()
    require("chatgpt").setup({{
      api_key_cmd = nil,
      openai_params = {{ model = "gpt-4o", max_tokens = 4095 }},
    }})
    vim.env.OPENAI_API_KEY = "{v}"
  end,
  dependencies = {{ "MunifTanjim/nui.nvim", "nvim-lua/plenary.nvim" }},
}}''', s),
        lambda s, v: bash("grep -rn redis_pass nginx/", f'''nginx/lua/cache.lua:14:local red = redis:new()
nginx/lua/cache.lua:15:red:set_timeouts(1000, 1000, 1000)
nginx/lua/cache.lua:17:local ok, err = red:connect("10.0.3.17", 6379)
nginx/lua/cache.lua:21:local res, err = red:auth("{v}")  -- redis_pass from ops vault, copy
nginx/conf.d/site.conf:40:    # redis_pass see lua/cache.lua''', s),
        lambda s, v: edit("/home/dev/app/game/src/net/config.lua", 'local API_KEY = os.getenv("LEADERBOARD_KEY")',
                          f'local API_KEY = os.getenv("LEADERBOARD_KEY") or "{v}" -- fallback for love2d builds', s),
        lambda s, v: out(f'''$ resty -e 'print(require("config").secrets.hmac)'
{v}
''', s),
    ])


def p_scala():
    return pos("scala sbt and play configs", [
        lambda s, v: read("/home/dev/.sbt/1.0/credentials.sbt", f'''credentials += Credentials(
  "Sonatype Nexus Repository Manager",
  "nexus.internal.example.net",
  "deploy-bot",
  "{v}"
)
''', s),
        lambda s, v: read("/home/dev/.sbt/.credentials", f'''realm=Artifactory Realm
host=artifacts.corp.example.com
user=ci-publisher
password={v}''', s),
        lambda s, v: write("/home/dev/app/conf/application.conf", f'''# https://www.playframework.com/documentation/latest/ConfigFile
play.http.secret.key = "{v}"
play.i18n.langs = [ "en", "de" ]

db.default.driver = org.postgresql.Driver
db.default.url = "jdbc:postgresql://localhost:5432/shop"
db.default.username = shop
db.default.password = ${{?DB_PASSWORD}}
''', s),
        lambda s, v: bash("sbt -Dslick.dbs.default.db.password='" + v + "' 'runMain jobs.Backfill --since 2026-10-01'",
                          '''[info] welcome to sbt 1.10.2 (Eclipse Adoptium Java 17.0.12)
[info] loading settings for project backfill-build from plugins.sbt ...
[info] compiling 3 Scala sources to /home/dev/app/target/scala-2.13/classes ...
[info] running jobs.Backfill --since 2026-10-01
[success] Total time: 41 s''', s),
        lambda s, v: write("/home/dev/app/src/test/scala/PaymentsSpec.scala", f'''class PaymentsSpec extends AnyFlatSpec with Matchers {{
  // staging creds, works against sandbox.acquirer.io
  val client = AcquirerClient(merchantId = "M-204417", apiSecret = "{v}")

  "charge" should "succeed for small amounts" in {{
    client.charge(BigDecimal("4.20"), "EUR").futureValue.status shouldBe "captured"
  }}
}}''', s),
    ])


def p_clojure():
    return pos("clojure edn and leiningen profiles", [
        lambda s, v: read("/home/dev/.lein/profiles.clj", f'''{{:user {{:plugins [[lein-ancient "1.0.0-RC3"] [cider/cider-nrepl "0.47.1"]]
        :repositories [["private" {{:url "https://repo.corp.example.com/releases"
                                    :username "mkovac"
                                    :password "{v}"}}]]}}}}''', s),
        lambda s, v: write("/home/dev/app/resources/config.edn", f''';; local dev config -- do NOT commit (oops)
{{:http {{:port 3000}}
 :db {{:dbtype "postgresql" :dbname "ledger" :host "localhost"
      :user "ledger" :password "{v}"}}
 :mailer {{:from "noreply@ledger.test"}}}}''', s),
        lambda s, v: bash('clj -M:repl -e \'(println (:stripe-key (aero/read-config "config.edn" {:profile :prod})))\'', v + "\n", s),
        lambda s, v: out(f'''user=> (System/getenv "DATOMIC_PASSWORD")
"{v}"
user=> (d/connect uri)
#object[datomic.peer.Connection 0x6f1a2b "datomic.peer.Connection@6f1a2b"]''', s),
    ])


def p_perl():
    return pos("perl dbi and cpan scripts", [
        lambda s, v: read("/home/dev/legacy/cgi-bin/report.pl", f'''#!/usr/bin/perl
use strict;
use warnings;
use DBI;
use CGI qw(:standard);

my $dbh = DBI->connect("DBI:mysql:database=billing;host=db2.intra", "report",
    "{v}", {{ RaiseError => 1, AutoCommit => 1 }})
    or die "cant connect: $DBI::errstr";

my $sth = $dbh->prepare("SELECT id, total FROM invoices WHERE month = ?");''', s),
        lambda s, v: bash("perl -MNet::SMTP -e '$s=Net::SMTP->new(\"mail.example.org\",Port=>587,Debug=>1);$s->starttls;$s->auth(\"alerts\",\"" + v + "\")'",
                          '''Net::SMTP>>> Net::SMTP(3.15)
Net::SMTP<<< 220 mail.example.org ESMTP Postfix
Net::SMTP>>> EHLO localhost.localdomain
Net::SMTP<<< 250-mail.example.org
Net::SMTP>>> STARTTLS
Net::SMTP<<< 220 2.0.0 Ready to start TLS
Net::SMTP<<< 235 2.7.0 Authentication successful''', s),
        lambda s, v: write("/home/dev/legacy/lib/Config/Local.pm", f'''package Config::Local;
use strict;
our %CONF = (
    ldap_host => 'ldaps://ldap.intra:636',
    ldap_bind => 'cn=svc-legacy,ou=svc,dc=intra',
    ldap_pass => '{v}',
    timeout   => 30,
);
1;''', s),
        lambda s, v: out(f'''$ perl -Ilib -MConfig::Local -e 'print $Config::Local::CONF{{api_token}}, "\\n"'
{v}''', s),
    ])


def p_wordpress():
    def wp(s, v):
        salts = "\n".join(f"define( '{k}', '{gen(s + k, 64, B62 + '!@#%^&*()-_[]{}<>~+=,.;:/?|')}' );"
                          for k in ("AUTH_KEY", "SECURE_AUTH_KEY", "LOGGED_IN_KEY", "NONCE_KEY"))
        first = salts.split("'")[3]
        return (read("/var/www/html/wp-config.php", f'''<?php
define( 'DB_NAME', 'wp_blog' );
define( 'DB_USER', 'wp_blog' );
define( 'DB_PASSWORD', '{v}' );
define( 'DB_HOST', 'localhost' );
define( 'DB_CHARSET', 'utf8mb4' );

{salts}

$table_prefix = 'wp_';
define( 'WP_DEBUG', false );''', s), (v, first))
    return pos("wordpress and drupal settings php", [
        wp,
        lambda s, v: write("/var/www/drupal/web/sites/default/settings.local.php", f'''<?php
$databases['default']['default'] = [
  'database' => 'drupal10',
  'username' => 'drupal',
  'password' => '{v}',
  'host' => '127.0.0.1',
  'port' => '3306',
  'driver' => 'mysql',
  'prefix' => '',
];
$settings['hash_salt'] = 'fG3m9' . 'x';''', s),
        lambda s, v: bash("wp config get DB_PASSWORD --path=/var/www/html --allow-root", v, s),
        lambda s, v: bash(f"wp user create editor2 ed2@example.org --role=editor --user_pass='{v}' --allow-root",
                          "Success: Created user 14.", s),
        lambda s, v: bash("drush sql:connect", f"mysql --user=drupal --password={v} --database=drupal10 --host=127.0.0.1 --port=3306 -A", s),
    ])


def p_wget():
    return pos("wget, aria2, lftp and rsync daemon credentials", [
        lambda s, v: bash(f"wget --user=builds --password='{v}' -q -O- https://dl.corp.example.com/nightly/latest.txt",
                          "nightly-2026.11.29-3f2a91c\n", s),
        lambda s, v: bash(f"aria2c -x8 --http-user=mirror --http-passwd={v} https://mirror.example.net/iso/debian-12.8.0-amd64-netinst.iso",
                          '''[#2089b0 631MiB/631MiB(100%) CN:8 DL:48MiB]
11/29 21:04:11 [NOTICE] Download complete: /home/dev/debian-12.8.0-amd64-netinst.iso

Download Results:
gid   |stat|avg speed  |path/URI
======+====+===========+=======================================================
2089b0|OK  |    44MiB/s|/home/dev/debian-12.8.0-amd64-netinst.iso''', s),
        lambda s, v: bash(f'RSYNC_PASSWORD="{v}" rsync -avz --delete dist/ backup@nas.local::www/',
                          '''sending incremental file list
./
index.html
assets/app-3f9c1a.js

sent 412,993 bytes  received 1,204 bytes  118,342.00 bytes/sec
total size is 2,104,877  speedup is 5.08''', s),
        lambda s, v: read("/home/dev/.wgetrc", f'''# ~/.wgetrc
timeout = 30
tries = 3
user = builds
password = {v}
check_certificate = on''', s),
        lambda s, v: bash(f"lftp -u deploy,'{v}' -e 'mirror -R --only-newer public_html /htdocs; bye' ftp.hosting.example",
                          "Total: 14 directories, 203 files, 0 symlinks\nNew: 3 files, 0 symlinks\nModified: 11 files, 0 symlinks", s),
        lambda s, v: read("/etc/rsyncd.secrets", f"backup:{v}\nmirror:{human(len(s))}", s),
    ])


def p_nordic():
    return pos("prompts in nordic and baltic languages", [
        lambda s, v: prompt(f"hej, kan du sätta upp docker-compose för postgres? lösenordet till databasen ska vara {v} (samma som på staging), användare app", s),
        lambda s, v: prompt(f"Hei! Prøv å logge inn på admin-panelet med bruker admin og passord {v} og se om eksport-knappen virker nå", s),
        lambda s, v: prompt(f"jeg har lagt API-nøglen her: {v} -- brug den i .env filen og husk at den ikke må committes", s),
        lambda s, v: prompt(f"Moi, tässä on testitunnukset: käyttäjä testi1, salasana {v}. Kirjaudu sisään ja katso miksi sivu kaatuu", s),
        lambda s, v: prompt(f"Tere! Andmebaasi parool on {v}, palun lisa see kubernetes secretisse ja tee uus deploy", s),
        lambda s, v: prompt(f"sveiki, lūdzu izmanto šo tokenu: {v} lai pieslēgtos gitlab api un izveidotu merge request", s),
        lambda s, v: prompt(f"Labas, serverio slaptažodis yra {v} – prisijunk per ssh root@10.1.4.20 ir pažiūrėk kodėl nginx neveikia", s),
        lambda s, v: prompt(f"Hæ, lykilorðið fyrir SMTP er {v}, settu það í stillingarnar og sendu prufupóst", s),
    ])


def p_romance_west_african():
    return pos("prompts in romanian, catalan, basque and west african languages", [
        lambda s, v: prompt(f"salut, parola de la contul de test e {v} -- loghează-te și verifică dacă merge resetarea parolei, mersi", s),
        lambda s, v: prompt(f"Hola! La contrasenya del servidor FTP és {v}, puja-hi la carpeta dist i avisa'm quan acabis", s),
        lambda s, v: prompt(f"Kaixo, datu-basearen pasahitza {v} da. Sortu migrazio berria eta exekutatu staging-en", s),
        lambda s, v: prompt(f"Ẹ káàrọ̀, ọ̀rọ̀ aṣínà fún admin ni {v}. Jọ̀wọ́ wọlé kí o sì ṣàyẹ̀wò àwọn olùmúlò tuntun", s),
        lambda s, v: prompt(f"Sannu, ga kalmar sirri na sabar: {v} - ka shiga ka gyara matsalar login don Allah", s),
        lambda s, v: prompt(f"Olá, a senha do banco é {v} mas não coloca no código, usa variável de ambiente tá", s),
        lambda s, v: prompt(f"Bonjou, men kle API a: {v} . Mete l nan fichye konfigirasyon an epi teste", s),
        lambda s, v: prompt(f"Ciao, la password dell'utente deploy è {v}, aggiornala anche nel vault per favore", s),
    ])


def p_informal_english():
    return pos("informal english chat pastes with typos", [
        lambda s, v: prompt(f"ok so the pw for the staging db is {v} , can u just plug it in and rerun the migraton? ty", s),
        lambda s, v: prompt(f"lol i forgot the key again. here: {v}\nits the sandbox one dont worry (i think)", s),
        lambda s, v: prompt(f"use this tokn {v} for the gh api calls, the old one expried yesterday", s),
        lambda s, v: prompt(f"ugh login still broken. creds r admin / {v} , try it urself in the browser tool", s),
        lambda s, v: prompt(f"fwiw jenkins pass is {v} if you need to check the build logs, user is 'jenkins-ro'", s),
        lambda s, v: prompt(f"can you add the sendgrid key to .env.local?? its {v}\n\nalso bump the version in package.json to 2.3.1 pls", s),
        lambda s, v: prompt(f"Quick q - why does `psql -U app` keep asking for pwd? I set it to {v} in pgpass already... permissions?", s),
        lambda s, v: prompt(f"heres the output from my terminal:\n\n$ echo $API_SECRET\n{v}\n$ npm run dev\n> next dev\n  ▲ Next.js 15.0.3\n\nwhy isnt it picking it up", s),
    ])


def p_codeswitch():
    return pos("code-switched prompts (hinglish, taglish, spanglish)", [
        lambda s, v: prompt(f"bhai ye lo DB ka password: {v} , isko .env mein daal do aur server restart kar do", s),
        lambda s, v: prompt(f"yaar API key {v} hai, lekin production mein mat use karna, sirf local testing ke liye", s),
        lambda s, v: prompt(f"Pakilagay naman yung password sa config: {v} tapos i-test mo yung login flow", s),
        lambda s, v: prompt(f"ito yung token ko {v} , gamitin mo para sa deploy sa vercel ha", s),
        lambda s, v: prompt(f"oye el password del admin es {v}, pero don't commit it porfa, ponlo en el secrets manager", s),
        lambda s, v: prompt(f"mira, I got the key del cliente: {v} -- úsala en el script de import y luego la borramos", s),
    ])


def p_decrypted():
    return pos("decrypted files printed by sops, ansible-vault and git-crypt", [
        lambda s, v: bash("sops -d secrets/prod.enc.yaml", f'''database:
    host: db.prod.internal
    user: app
    password: {v}
redis:
    url: redis://redis.prod.internal:6379/0''', s),
        lambda s, v: bash("ansible-vault view group_vars/all/vault.yml --vault-password-file ~/.vault_pass",
                          f'''---
vault_mysql_root_password: "{v}"
vault_backup_bucket: "acme-backups-eu"
''', s),
        lambda s, v: bash("git-crypt unlock ~/keys/repo.key && cat config/secrets.json",
                          json.dumps({"smtp": {"host": "smtp.eu.mailer.example", "user": "postmaster", "pass": v},
                                      "sentry_env": "production"}, indent=2), s),
        lambda s, v: bash("sops --decrypt --output-type dotenv .env.enc", f"APP_ENV=production\nJWT_SIGNING_KEY={v}\nLOG_LEVEL=info\n", s),
        lambda s, v: bash("ansible-vault decrypt --output - host_vars/db01.yml",
                          f"postgres_replication_password: {v}\npostgres_max_connections: 300\nDecryption successful", s),
        lambda s, v: bash("gpg -d ~/.password-store/work/vpn.gpg", f"{v}\nuser: j.lindqvist\nurl: vpn.corp.example.com",
                          s, "gpg: encrypted with 3072-bit RSA key, ID 5F1C3A9E2B7D4410, created 2024-02-11\n      \"Jonas Lindqvist <jonas@example.se>\""),
    ])


def p_debuglogs():
    return pos("structured debug logs printing config", [
        lambda s, v: bash("docker logs api-1 --tail 5",
                          json.dumps({"level": 20, "time": 1764450123456, "pid": 1, "hostname": "api-1",
                                      "msg": "loaded config", "config": {"port": 8080, "db": {"host": "pg", "user": "api",
                                                                                            "password": v}}}) +
                          '\n{"level":30,"time":1764450123789,"pid":1,"hostname":"api-1","msg":"server listening on :8080"}', s),
        lambda s, v: out(f'''2026-11-29 22:01:14 [debug    ] settings loaded                settings={{'debug': True, 'allowed_hosts': ['*'], 'secret_key': '{v}', 'database_url': 'postgres://localhost/app'}}
2026-11-29 22:01:14 [info     ] starting worker                concurrency=4''', s),
        lambda s, v: bash("journalctl -u billing --since today | tail -3", f'''Nov 29 21:58:02 vm3 billing[8812]: time="2026-11-29T21:58:02Z" level=debug msg="smtp config" host=smtp.mailgun.org port=587 username=postmaster@mg.example.com password={v}
Nov 29 21:58:02 vm3 billing[8812]: time="2026-11-29T21:58:02Z" level=info msg="billing worker started"
Nov 29 21:58:03 vm3 billing[8812]: time="2026-11-29T21:58:03Z" level=info msg="tick" queued=0''', s),
        lambda s, v: out(f'''DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): api.partner.example:443
DEBUG:partner.client:request headers={{'User-Agent': 'partner-sdk/2.1', 'X-Api-Key': '{v}', 'Accept': 'application/json'}}
DEBUG:urllib3.connectionpool:https://api.partner.example:443 "GET /v2/orders?page=1 HTTP/1.1" 200 1832''', s),
        lambda s, v: bash("kubectl logs deploy/worker | grep -i config", f'''{{"ts":"2026-11-29T20:11:03.442Z","lvl":"DEBUG","logger":"com.acme.Config","msg":"effective config: KafkaConfig(bootstrap=kafka:9092, saslUser=worker, saslPassword={v}, groupId=orders)"}}''', s),
    ])


def p_mailrelay():
    return pos("mail relay settings in app and server configs", [
        lambda s, v: read("/etc/postfix/sasl_passwd", f"[smtp.sendgrid.net]:587 apikey:{v}\n", s),
        lambda s, v: write("/home/dev/app/config/mail.php", f'''<?php
return [
    'default' => env('MAIL_MAILER', 'smtp'),
    'mailers' => [
        'smtp' => [
            'transport' => 'smtp',
            'host' => 'smtp.office365.com',
            'port' => 587,
            'encryption' => 'tls',
            'username' => 'noreply@firma.example.de',
            'password' => '{v}',
        ],
    ],
];''', s),
        lambda s, v: read("/home/dev/.msmtprc", f'''defaults
auth on
tls on
logfile ~/.msmtp.log

account work
host smtp.gmail.com
port 587
from ana.pereira@example.pt
user ana.pereira@example.pt
password {v}

account default : work''', s),
        lambda s, v: (lambda a: (bash("grep -A6 EMAIL_ settings/prod.py", f'''EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
EMAIL_HOST = "email-smtp.eu-west-1.amazonaws.com"
EMAIL_PORT = 587
EMAIL_USE_TLS = True
EMAIL_HOST_USER = "{a}"
EMAIL_HOST_PASSWORD = "{v}"''', s), (a, v)))("AKIA" + gen(s, 16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")),
        lambda s, v: read("/home/dev/app/config/environments/production.rb", f'''  config.action_mailer.delivery_method = :smtp
  config.action_mailer.smtp_settings = {{
    address: "smtp.postmarkapp.com",
    port: 587,
    user_name: "{uuid_of(s)}",
    password: "{v}",
    authentication: :plain,
    enable_starttls_auto: true
  }}''', s),
    ])


def p_edits_add():
    return pos("edits adding a key to a config file", [
        lambda s, v: edit("/home/dev/app/.env.local", "NEXT_PUBLIC_APP_URL=http://localhost:3000",
                          f"NEXT_PUBLIC_APP_URL=http://localhost:3000\nRESEND_API_KEY={v}", s),
        lambda s, v: edit("/home/dev/app/docker-compose.override.yml", "      - POSTGRES_USER=app",
                          f"      - POSTGRES_USER=app\n      - POSTGRES_PASSWORD={v}", s),
        lambda s, v: edit("/home/dev/app/appsettings.Development.json", '"Logging": {',
                          f'"Smtp": {{ "Host": "smtp.mailtrap.io", "User": "b16dev", "Password": "{v}" }},\n  "Logging": {{', s),
        lambda s, v: edit("/home/dev/app/src/main/resources/application-local.yml", "spring:\n  datasource:\n    url: jdbc:mysql://localhost:3306/crm",
                          f"spring:\n  datasource:\n    url: jdbc:mysql://localhost:3306/crm\n    username: crm\n    password: {v}", s),
        lambda s, v: edit("/home/dev/app/scripts/sync.sh", 'curl -s "$API/items"',
                          f'curl -s -H "Authorization: Bearer {v}" "$API/items"', s),
        lambda s, v: edit("/home/dev/app/pyproject.toml", "[tool.poetry.dependencies]",
                          f"[[tool.poetry.source]]\nname = \"private\"\nurl = \"https://ci:{v}@pypi.corp.example.com/simple/\"\n\n[tool.poetry.dependencies]", s),
    ])


def p_webhooks():
    def slack(s, v):
        t = "T0" + gen(s, 9, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        b = "B0" + gen(s + "b", 9, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        k = gen(s + "k", 24, B62)
        return bash(f"curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"deploy done\"}}' https://hooks.slack.com/services/{t}/{b}/{k}",
                    "ok", s), (k,)

    def discord(s, v):
        k = gen(s, 68, B62 + "-_")
        return write("/home/dev/bot/notify.py", f'''import requests

WEBHOOK = "https://discord.com/api/webhooks/{num(s, 18)}/{k}"

def notify(msg):
    requests.post(WEBHOOK, json={{"content": msg, "username": "uptime"}}, timeout=5)
''', s), (k,)

    def teams(s, v):
        k = gen(s, 32, HEX)
        return prompt(f"the alerts should go to teams, the webhook is https://acme.webhook.office.com/webhookb2/{uuid_of(s)}@{uuid_of(s + 't')}/IncomingWebhook/{k}/{uuid_of(s + 'u')} -- wire it into alertmanager", s), (k,)

    def tg(s, v):
        k = num(s, 10) + ":AA" + gen(s, 33, B62 + "_-")
        return read("/home/dev/app/.github/workflows/notify.yml", f'''      - name: telegram
        run: |
          curl -s "https://api.telegram.org/bot{k}/sendMessage" \\
            -d chat_id=-100{num(s, 10)} -d text="build ${{{{ github.run_number }}}} ok"''', s), (k,)

    def gchat(s, v):
        k = gen(s + "k", 43, B62 + "-_")
        g = "AIza" + "Sy" + gen(s + "ak", 33, B62 + "-_")
        return bash("grep -rn chat.googleapis ops/", f"ops/alerting/values.yaml:22:  url: https://chat.googleapis.com/v1/spaces/AAAA{gen(s + 'sp', 7, B62)}/messages?key={g}&token={k}", s), (g, k)
    return pos("webhook urls holding their token", [slack, discord, teams, tg, gchat])


def p_assistant():
    return pos("assistant summaries quoting a value back", [
        lambda s, v: say(f"Done. I created the `reporting` role with password `{v}` and granted it SELECT on the `analytics` schema. You may want to store that password in 1Password now, since it won't be shown again.", s),
        lambda s, v: say(f"The test fails because `STRIPE_SECRET` in `.env.test` is set to `{v}`, which is a live-mode key, while the fixtures expect a test-mode key. Swap it for a test key and re-run.", s),
        lambda s, v: say(f"I found the problem: `config/database.yml` has `password: {v}` under `production`, but the server reads `DATABASE_URL` first, which points at the old host. I updated the URL.", s),
        lambda s, v: say(f"Here's a summary of the changes:\n\n1. Added `redis.conf` with `requirepass {v}`\n2. Updated `docker-compose.yml` to mount it\n3. Set `REDIS_URL` accordingly\n\nRun `docker compose up -d redis` to apply.", s),
        lambda s, v: say(f"Le compte de service a été créé. Identifiant : `svc-export`, mot de passe : `{v}`. Pensez à le changer après la première connexion.", s),
    ])


def p_tfvars():
    return pos("tfvars and pulumi configs pasted in prompts", [
        lambda s, v: prompt(f'''plan fails with this tfvars, what's wrong?

region        = "eu-central-1"
instance_type = "t3.medium"
db_password   = "{v}"
allowed_cidrs = ["10.0.0.0/8", 0.0.0.0/0]
''', s),
        lambda s, v: prompt(f'''my Pulumi.dev.yaml:
config:
  aws:region: us-west-2
  app:dbUser: admin
  app:dbPass: {v}
it says "config value is not a secret" or whatever, how do I fix''', s),
        lambda s, v: prompt(f'''terraform.tfvars:
```
hcloud_token = "{v}"
server_type  = "cx22"
location     = "nbg1"
```
apply is stuck on "Still creating..." for 10 min''', s),
        lambda s, v: prompt(f"why does `terraform import azurerm_key_vault_secret.db https://kv-prod.vault.azure.net/secrets/db/abc` want a value, I have it: {v}", s),
        lambda s, v: prompt(f'''variables.auto.tfvars has
  cloudflare_api_token = "{v}"
  zone = "example.org"
can you make it read from env instead''', s),
    ])


def p_ci_dumps():
    return pos("ci variable dumps and debug traces", [
        lambda s, v: out(f'''Running with gitlab-runner 17.5.2 (a1b2c3d4)
  on docker-runner-2 xYz12AbC, system ID: s_4f1e2d3c4b5a
$ export
declare -x CI_COMMIT_REF_NAME="main"
declare -x CI_JOB_ID="8823114402"
declare -x DEPLOY_SSH_PASSPHRASE="{v}"
declare -x HOME="/root"''', s),
        lambda s, v: out(f'''+ set -x
+ echo 'logging in to registry'
logging in to registry
+ docker login -u robot$ci -p {v} harbor.corp.example.com
WARNING! Using --password via the CLI is insecure. Use --password-stdin.
Login Succeeded''', s),
        lambda s, v: bash("bk env dump --format json | jq .", json.dumps({"BUILDKITE_BRANCH": "main", "BUILDKITE_BUILD_NUMBER": "4412",
                                                                            "NPM_PUBLISH_TOKEN": v, "BUILDKITE_AGENT_NAME": "agent-7"}, indent=2), s),
        lambda s, v: out(f'''[Pipeline] sh
+ env
JENKINS_URL=https://ci.example.com/
BUILD_NUMBER=991
SONAR_TOKEN={v}
WORKSPACE=/var/jenkins_home/workspace/api-main''', s),
        lambda s, v: bash("drone exec --trusted --secret-file secrets.txt && cat secrets.txt", f"docker_password={v}\nslack_webhook=\n", s),
    ])


def p_gorust_tests():
    return pos("go and rust tests with live values", [
        lambda s, v: write("/home/dev/svc/internal/billing/client_test.go", f'''package billing

import (
	"context"
	"testing"
)

func TestCharge_Sandbox(t *testing.T) {{
	c := NewClient(Options{{
		BaseURL: "https://sandbox.acquirer.example",
		APIKey:  "{v}",
	}})
	if _, err := c.Charge(context.Background(), 420, "EUR"); err != nil {{
		t.Fatal(err)
	}}
}}''', s),
        lambda s, v: bash("go test ./internal/auth/... -run TestLogin -v", f'''=== RUN   TestLogin
    login_test.go:31: login as admin@example.com with password "{v}"
    login_test.go:38: got 401, want 200
--- FAIL: TestLogin (0.42s)
FAIL
FAIL	github.com/acme/svc/internal/auth	0.481s''', s),
        lambda s, v: write("/home/dev/rs/tests/integration.rs", f'''use mycrate::Client;

#[tokio::test]
#[ignore = "needs network"]
async fn lists_buckets() {{
    let client = Client::builder()
        .access_key("minioadmin")
        .secret_key("{v}")
        .endpoint("http://127.0.0.1:9000")
        .build()
        .unwrap();
    assert!(!client.list_buckets().await.unwrap().is_empty());
}}''', s),
        lambda s, v: bash("cargo test --test integration -- --nocapture", f'''   Compiling mycrate v0.4.1 (/home/dev/rs)
    Finished `test` profile [unoptimized + debuginfo] target(s) in 12.08s
     Running tests/integration.rs (target/debug/deps/integration-4f2a1c9d8e7b6a50)

running 1 test
connecting with token={v}
thread 'fetch_user' panicked at tests/integration.rs:22:5:
assertion `left == right` failed
  left: 403
 right: 200''', s),
    ])


def p_dart():
    return pos("dart and flutter constants with keys", [
        lambda s, v: write("/home/dev/app/lib/env/env.dart", f'''// ignore_for_file: constant_identifier_names
class Env {{
  static const String apiBase = 'https://api.myapp.example/v1';
  static const String mapsKey = '{v}';
  static const bool useSandbox = true;
}}''', s),
        lambda s, v: read("/home/dev/app/lib/services/payment_service.dart", f'''import 'package:http/http.dart' as http;

class PaymentService {{
  final _secret = '{v}'; // FIXME temporary
  Future<http.Response> createIntent(int amount) {{
    return http.post(Uri.parse('https://api.pay.example/v1/intents'),
        headers: {{'Authorization': 'Bearer $_secret'}},
        body: {{'amount': '$amount', 'currency': 'eur'}});
  }}
}}''', s),
        lambda s, v: bash(f"flutter run -d chrome --dart-define=SUPABASE_SERVICE_KEY={v}",
                          "Launching lib/main.dart on Chrome in debug mode...\nWaiting for connection from debug service on Chrome...         14.2s\nThis app is linked to the debug service: ws://127.0.0.1:40231/abc=/ws", s),
        lambda s, v: edit("/home/dev/app/android/key.properties", "storePassword=", f"storePassword={v}", s),
    ])


def p_erlang():
    return pos("erlang and elixir configs with credentials", [
        lambda s, v: read("/home/dev/ej/config/sys.config", f'''[
 {{kernel, [{{logger_level, info}}]}},
 {{myapp, [
   {{db, [{{host, "127.0.0.1"}}, {{user, "myapp"}}, {{password, "{v}"}}, {{database, "myapp_prod"}}]}},
   {{http_port, 8080}}
 ]}}
].''', s),
        lambda s, v: write("/home/dev/ex/config/dev.secret.exs", f'''import Config

config :shop, Shop.Repo,
  username: "postgres",
  password: "{v}",
  hostname: "localhost",
  database: "shop_dev"
''', s),
        lambda s, v: out(f'''iex(1)> Application.get_env(:shop, :stripe)
[secret_key: "{v}", webhook_path: "/webhooks/stripe"]
iex(2)>''', s),
        lambda s, v: bash("cat rel/vm.args", f"-name shop@127.0.0.1\n-setcookie {v}\n+K true\n+A 64", s),
    ])


def p_express():
    return pos("express and nest apps with session secrets", [
        lambda s, v: write("/home/dev/api/src/app.js", f'''const express = require('express');
const session = require('express-session');
const RedisStore = require('connect-redis').default;

const app = express();
app.use(session({{
  store: new RedisStore({{ client: redisClient }}),
  secret: '{v}',
  resave: false,
  saveUninitialized: false,
  cookie: {{ secure: true, maxAge: 1000 * 60 * 60 * 8 }},
}}));''', s),
        lambda s, v: read("/home/dev/api/src/auth/auth.module.ts", f'''@Module({{
  imports: [
    UsersModule,
    PassportModule,
    JwtModule.register({{
      global: true,
      secret: '{v}',
      signOptions: {{ expiresIn: '15m' }},
    }}),
  ],
  providers: [AuthService, LocalStrategy, JwtStrategy],
}})
export class AuthModule {{}}''', s),
        lambda s, v: edit("/home/dev/api/src/config.ts", "cookieSecret: process.env.COOKIE_SECRET,",
                          f"cookieSecret: process.env.COOKIE_SECRET ?? '{v}',", s),
        lambda s, v: bash("node -e \"console.log(require('./config').jwt)\"", f"{{ secret: '{v}', issuer: 'api.example.com', ttl: 900 }}", s),
    ])


def positives() -> list:
    return (p_lua() + p_scala() + p_clojure() + p_perl() + p_wordpress() + p_wget() + p_nordic()
            + p_romance_west_african() + p_informal_english() + p_codeswitch() + p_decrypted() + p_debuglogs()
            + p_mailrelay() + p_edits_add() + p_webhooks() + p_assistant() + p_tfvars() + p_ci_dumps()
            + p_gorust_tests() + p_dart() + p_erlang() + p_express())


# ================================================================ negatives


def n_lua():
    return neg("lua and openresty code reading keys from env", [
        lambda s: write("/home/dev/app/nginx/lua/auth.lua", '''local jwt = require "resty.jwt"

local _M = {}
local SECRET = os.getenv("JWT_SECRET")  -- needs `env JWT_SECRET;` in nginx.conf
if not SECRET or #SECRET < 32 then
    ngx.log(ngx.ERR, "JWT_SECRET missing or too short")
end

function _M.verify()
    local auth = ngx.var.http_authorization or ""
    local obj = jwt:verify(SECRET, auth:sub(8))
    if not obj.verified then return ngx.exit(401) end
end
return _M''', s),
        lambda s: read("/home/dev/.config/nvim/lua/plugins/chatgpt.lua", '''return {
  "jackMort/ChatGPT.nvim",
  event = "VeryLazy",
  config = function()
    require("chatgpt").setup({
      api_key_cmd = "op read op://Personal/OpenAI/credential --no-newline",
      openai_params = { model = "gpt-4o", max_tokens = 4095 },
    })
  end,
}''', s),
        lambda s: bash("opm get ledgetech/lua-resty-http && resty -v", f'''* Fetching ledgetech/lua-resty-http
  Downloading https://opm.openresty.org/api/pkg/tarball/ledgetech/lua-resty-http-0.17.2.opm.tar.gz
Package ledgetech/lua-resty-http 0.17.2 installed successfully under /usr/local/openresty/site/ .
resty 0.29
nginx version: openresty/1.25.3.2
built with OpenSSL 3.0.15 3 Sep 2024 (sha256 {hx(s, 64)})''', s),
        lambda s: bash("grep -rn 'auth' nginx/lua/cache.lua", '''14:local red = redis:new()
21:local res, err = red:auth(os.getenv("REDIS_PASSWORD"))
22:if not res then ngx.log(ngx.ERR, "redis auth failed: ", err) return end''', s),
        lambda s: read("/home/dev/game/src/net/config.lua", f'''-- leaderboard config (public values only)
return {{
  endpoint   = "https://lb.example-games.net/v2",
  game_id    = "{uuid_of(s)}",
  build_hash = "{hx(s)}",
  api_key    = os.getenv("LEADERBOARD_KEY"),  -- injected by CI, never here
}}''', s),
    ])


def n_scala():
    return neg("scala sbt and play configs with substitutions", [
        lambda s: read("/home/dev/app/conf/application.conf", '''play.http.secret.key = "changeme"
play.http.secret.key = ${?APPLICATION_SECRET}

db.default.driver = org.postgresql.Driver
db.default.url = ${?DATABASE_URL}
db.default.password = ${?DB_PASSWORD}''', s),
        lambda s: read("/home/dev/app/build.sbt", '''ThisBuild / scalaVersion := "2.13.15"
ThisBuild / organization := "com.example"

credentials += Credentials(Path.userHome / ".sbt" / ".credentials")
credentials ++= sys.env.get("NEXUS_PASSWORD").map { pw =>
  Credentials("Sonatype Nexus Repository Manager", "nexus.internal.example.net", "deploy-bot", pw)
}.toList

lazy val root = (project in file(".")).enablePlugins(PlayScala)''', s),
        lambda s: bash("sbt update", '''[info] welcome to sbt 1.10.2 (Eclipse Adoptium Java 17.0.12)
[info] loading global plugins from /home/dev/.sbt/1.0/plugins
[info] loading project definition from /home/dev/app/project
[info] Updating
https://repo1.maven.org/maven2/com/typesafe/play/play_2.13/2.9.5/play_2.13-2.9.5.pom
  100.0% [##########] 8.1 KiB (41.2 KiB / s)
[info] Resolved  dependencies
[info] Fetched artifacts of root
[success] Total time: 9 s, completed Nov 29, 2026, 9:14:02 PM''', s),
        lambda s: write("/home/dev/app/src/test/scala/PaymentsSpec.scala", '''class PaymentsSpec extends AnyFlatSpec with Matchers {
  val client = AcquirerClient(merchantId = "M-000000", apiSecret = "test-secret-not-real")

  "charge" should "reject negative amounts" in {
    an[IllegalArgumentException] should be thrownBy client.charge(BigDecimal("-1"), "EUR")
  }
}''', s),
        lambda s: prompt("the play secret key warning says `The application secret has not been set, and we are in prod mode`. where does play read it from, application.conf or APPLICATION_SECRET env? I don't want it in git", s),
    ])


def n_clojure():
    return neg("clojure edn configs with env readers", [
        lambda s: read("/home/dev/app/resources/config.edn", '''{:http {:port #long #or [#env PORT 3000]}
 :db {:dbtype "postgresql" :dbname "ledger" :host #or [#env DB_HOST "localhost"]
      :user "ledger" :password #env DB_PASSWORD}
 :stripe-key #profile {:dev "sk_test_placeholder" :prod #env STRIPE_KEY}}''', s),
        lambda s: read("/home/dev/.lein/profiles.clj", '''{:user {:plugins [[lein-ancient "1.0.0-RC3"]]
        :repositories [["private" {:url "https://repo.corp.example.com/releases"
                                    :username :env/repo_user
                                    :password :env/repo_pass}]]}}''', s),
        lambda s: bash("clj -Spath | tr ':' '\\n' | head -4", '''src
resources
/home/dev/.m2/repository/org/clojure/clojure/1.12.0/clojure-1.12.0.jar
/home/dev/.m2/repository/buddy/buddy-hashers/2.0.167/buddy-hashers-2.0.167.jar''', s),
        lambda s: out(f'''user=> (:git-sha (edn/read-string (slurp "resources/build.edn")))
"{hx(s, 40)}"
user=> (keys (aero/read-config "config.edn"))
(:http :db :stripe-key)''', s),
    ])


def n_perl():
    return neg("perl scripts reading passwords from env or a prompt", [
        lambda s: read("/home/dev/legacy/cgi-bin/report.pl", '''#!/usr/bin/perl
use strict;
use warnings;
use DBI;

my $dbh = DBI->connect("DBI:mysql:database=billing;mysql_read_default_file=/etc/billing/my.cnf",
    undef, undef, { RaiseError => 1 })
    or die "cant connect: $DBI::errstr";''', s),
        lambda s: write("/home/dev/legacy/bin/ldapsync.pl", '''use Term::ReadKey;
print "LDAP bind password: ";
ReadMode('noecho');
my $password = ReadLine(0);
ReadMode('restore');
chomp $password;
my $mesg = $ldap->bind($ENV{LDAP_BIND_DN} // 'cn=svc-legacy,ou=svc,dc=intra', password => $password);''', s),
        lambda s: bash("cpanm Crypt::Bcrypt Authen::Passphrase", '''--> Working on Crypt::Bcrypt
Fetching http://www.cpan.org/authors/id/L/LE/LEONT/Crypt-Bcrypt-0.011.tar.gz ... OK
Configuring Crypt-Bcrypt-0.011 ... OK
Building and testing Crypt-Bcrypt-0.011 ... OK
Successfully installed Crypt-Bcrypt-0.011
--> Working on Authen::Passphrase
Successfully installed Authen-Passphrase-0.008
2 distributions installed''', s),
        lambda s: bash("perl -MDigest::SHA=sha256_hex -e 'print sha256_hex(\"release-2026.11\"), \"\\n\"' ; perl -v | head -2", f"{hx(s, 64)}\n\nThis is perl 5, version 38, subversion 2 (v5.38.2) built for x86_64-linux-gnu-thread-multi", s),
    ])


def n_wordpress():
    return neg("wordpress salts placeholders and wp-cli listings", [
        lambda s: read("/var/www/html/wp-config-sample.php", '''<?php
define( 'DB_NAME', 'database_name_here' );
define( 'DB_USER', 'username_here' );
define( 'DB_PASSWORD', 'password_here' );
define( 'DB_HOST', 'localhost' );

define( 'AUTH_KEY',         'put your unique phrase here' );
define( 'SECURE_AUTH_KEY',  'put your unique phrase here' );
define( 'LOGGED_IN_KEY',    'put your unique phrase here' );
define( 'NONCE_KEY',        'put your unique phrase here' );''', s),
        lambda s: bash("wp plugin list --allow-root", '''+--------------------+----------+--------+---------+
| name               | status   | update | version |
+--------------------+----------+--------+---------+
| akismet            | active   | none   | 5.3.5   |
| two-factor         | active   | none   | 0.9.1   |
| wp-mail-smtp       | active   | available | 4.1.1 |
+--------------------+----------+--------+---------+''', s),
        lambda s: bash("wp user list --fields=ID,user_login,user_email,roles --allow-root", '''+----+------------+-------------------------+---------------+
| ID | user_login | user_email              | roles         |
+----+------------+-------------------------+---------------+
| 1  | admin      | webmaster@example.org   | administrator |
| 14 | editor2    | ed2@example.org         | editor        |
+----+------------+-------------------------+---------------+''', s),
        lambda s: bash("wp core verify-checksums --allow-root && wp core version", "Success: WordPress installation verifies against checksums.\n6.7.1", s),
        lambda s: read("/var/www/drupal/web/sites/default/settings.php", '''$databases['default']['default'] = [
  'database' => getenv('DRUPAL_DB_NAME'),
  'username' => getenv('DRUPAL_DB_USER'),
  'password' => getenv('DRUPAL_DB_PASSWORD'),
  'host' => getenv('DRUPAL_DB_HOST') ?: '127.0.0.1',
  'driver' => 'mysql',
];
$settings['hash_salt'] = file_get_contents('/run/secrets/drupal_hash_salt');''', s),
    ])


def n_wget():
    return neg("wget, rsync and lftp with password files and prompts", [
        lambda s: bash("wget --user=builds --ask-password -q -O- https://dl.corp.example.com/nightly/latest.txt",
                       f"Password for user ‘builds’: \nnightly-2026.11.29-{hx(s, 7)}\n", s),
        lambda s: bash("rsync -avz --password-file=/etc/rsync.pass dist/ backup@nas.local::www/",
                       "sending incremental file list\n./\nindex.html\n\nsent 3,114 bytes  received 62 bytes  6,352.00 bytes/sec\ntotal size is 2,104,877  speedup is 662.74", s),
        lambda s: bash("sha256sum -c debian-12.8.0-amd64-netinst.iso.sha256 && aria2c --version | head -1",
                       "debian-12.8.0-amd64-netinst.iso: OK\naria2 version 1.37.0", s),
        lambda s: read("/etc/rsyncd.conf", '''uid = nobody
gid = nogroup
use chroot = yes
max connections = 4

[www]
    path = /srv/www
    auth users = backup
    secrets file = /etc/rsyncd.secrets
    read only = false''', s),
        lambda s: bash("cat SHA256SUMS", "\n".join(f"{hx(s + str(i), 64)}  {f}" for i, f in enumerate(
            ("debian-12.8.0-amd64-netinst.iso", "debian-12.8.0-amd64-DVD-1.iso", "debian-edu-12.8.0-amd64-netinst.iso"))), s),
    ])


def n_nordic():
    return neg("prompts in nordic and baltic languages without a value", [
        lambda s: prompt("hej, hur ska vi lagra databaslösenordet? jag vill inte ha det i docker-compose.yml, kan vi använda secrets istället?", s),
        lambda s: prompt("Hei, passordet til admin-brukeren må byttes hver 90. dag. Kan du legge inn en sjekk for det i innloggingen?", s),
        lambda s: prompt("kan du forklare forskellen på en API-nøgle og en OAuth token? kunden spørger", s),
        lambda s: prompt("Moi, unohdin salasanani staging-ympäristöön. Miten nollaan sen Djangon manage.py:llä?", s),
        lambda s: prompt("Tere, miks parooli lähtestamise e-kiri ei tule kohale? logides on ainult 'token expired'", s),
        lambda s: prompt("sveiki, kur glabājas gitlab tokeni? negribu tos likt .env failā", s),
        lambda s: prompt(f"Labas, commit {hx(s, 7)} sulaužė prisijungimą – slaptažodžio laukas nebetikrinamas. Gal gali pažiūrėti?", s),
        lambda s: prompt("Hæ, geturðu bætt við tveggja þátta auðkenningu (2FA) við innskráninguna?", s),
    ])


def n_romance():
    return neg("prompts in romanian, catalan, basque and west african languages without a value", [
        lambda s: prompt("salut, de ce nu merge resetarea parolei? emailul vine dar linkul zice 'token invalid'", s),
        lambda s: prompt("Hola, on es guarda la contrasenya de l'FTP? No la vull al repositori, fem servir variables d'entorn", s),
        lambda s: prompt("Kaixo, pasahitza aldatu behar da hilero. Gehitu egiaztapen bat saioa hastean, mesedez", s),
        lambda s: prompt("Ẹ káàrọ̀, ṣé o lè ṣàlàyé bí a ṣe ń tọ́jú ọ̀rọ̀ aṣínà ní ààbò nínú database?", s),
        lambda s: prompt("Sannu, ina so in kara tabbatarwa ta mataki biyu (2FA) a shafin shiga", s),
        lambda s: prompt(f"Olá, o build {num(s, 4)} falhou no passo de login do registry, mas o token está no cofre. o que mudou?", s),
        lambda s: prompt("Ciao, la password di deploy è scaduta ieri, come la rigenero dal pannello di gitlab?", s),
    ])


def n_informal():
    return neg("informal english chat about keys with no value", [
        lambda s: prompt("ok the stripe key got leaked in a screenshot lol, i already rolled it in the dashboard. can u grep the repo to make sure its not hardcoded anywhere", s),
        lambda s: prompt("why does the app keep saying 'invalid api key' when i literally just copied it from the dashbaord?? is it reading the wrong .env", s),
        lambda s: prompt("pls dont print the token in the logs anymore, mask it like ****1234 or smth", s),
        lambda s: prompt("creds for staging are in 1pass under 'staging-db' - use `op read` dont paste them here", s),
        lambda s: prompt(f"fyi rotated the jenkins password, new one is in vault at secret/ci/jenkins (version {int(num(s, 2)) + 3})", s),
        lambda s: prompt("hmm the pw reset email has a link like /reset?token=... but it expires instantly. whats the ttl set to", s),
        lambda s: prompt("can u make the password field min 12 chars + require a symbol? marketing wants 'strong passwords' lmao", s),
        lambda s: prompt("the sendgrid key env var is SENDGRID_API_KEY right? or SENDGRID_KEY? i forget which one the lib wants", s),
    ])


def n_codeswitch():
    return neg("code-switched prompts about auth without values", [
        lambda s: prompt("bhai password reset wala flow kaam nahi kar raha, token expire ho jata hai turant. check karo na", s),
        lambda s: prompt("yaar API key ko .env mein rakhna hai ya secrets manager mein? production ke liye kya best hai", s),
        lambda s: prompt("Paki-check naman kung bakit hindi gumagana yung login, sabi 'invalid credentials' pero tama naman yung password", s),
        lambda s: prompt("pwede bang i-mask yung token sa logs? nakikita kasi buong value", s),
        lambda s: prompt("oye, el token del CI expiró otra vez, can you add a reminder para rotarlo cada 90 días?", s),
        lambda s: prompt("mira, the login page needs un botón de 'show password', puedes agregarlo?", s),
    ])


def n_sops():
    def sops_yaml(s):
        enc = lambda k, n: f"ENC[AES256_GCM,data:{base64.b64encode(hashlib.sha256((s + k).encode()).digest()[:n]).decode()},iv:{base64.b64encode(hashlib.md5((s + k).encode()).digest()).decode()},tag:{base64.b64encode(hashlib.md5((s + k + 't').encode()).digest()).decode()},type:str]"
        return f'''database:
    host: {enc("h", 18)}
    password: {enc("p", 24)}
sops:
    age:
        - recipient: age1{gen(s, 58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l")}
    lastmodified: "2026-11-20T09:14:02Z"
    mac: {enc("mac", 32)}
    version: 3.9.1'''
    return neg("sops and ansible-vault files still encrypted", [
        lambda s: read("/home/dev/app/secrets/prod.enc.yaml", sops_yaml(s), s),
        lambda s: read("/home/dev/infra/group_vars/all/vault.yml", "$ANSIBLE_VAULT;1.1;AES256\n" + "\n".join(
            gen(s + str(i), 80, HEX) for i in range(5)), s),
        lambda s: bash("git-crypt status -e", "    encrypted: config/secrets.json\n    encrypted: config/tls/server.key\n    encrypted: .env.production", s),
        lambda s: bash("sops filestatus secrets/prod.enc.yaml && sops --version", '{"encrypted":true}\nsops 3.9.1 (latest)', s),
        lambda s: bash("ansible-vault encrypt_string --vault-id prod@prompt --stdin-name db_password",
                       "New vault password (prod): \nConfirm new vault password (prod): \nReading plaintext input from stdin. (ctrl-d to end input, twice if your input does not end with a newline)\n"
                       "db_password: !vault |\n          $ANSIBLE_VAULT;1.2;AES256;prod\n          " + "\n          ".join(gen(s + str(i), 64, HEX) for i in range(4)) + "\nEncryption successful", s),
    ])


def n_debuglogs():
    return neg("structured logs with masked config", [
        lambda s: bash("docker logs api-1 --tail 2",
                       json.dumps({"level": 20, "time": 1764450123456, "pid": 1, "hostname": "api-1",
                                   "msg": "loaded config", "config": {"port": 8080, "db": {"host": "pg", "user": "api",
                                                                                         "password": "[Redacted]"}}})
                       + '\n{"level":30,"time":1764450123789,"pid":1,"hostname":"api-1","msg":"server listening on :8080"}', s),
        lambda s: out(f'''2026-11-29 22:01:14 [debug    ] settings loaded                settings={{'debug': False, 'secret_key': '********', 'database_url': 'postgres://app:****@db/app'}} request_id={uuid_of(s)}
2026-11-29 22:01:14 [info     ] starting worker                concurrency=4''', s),
        lambda s: bash("journalctl -u billing --since today | tail -2", f'''Nov 29 21:58:02 vm3 billing[8812]: time="2026-11-29T21:58:02Z" level=info msg="smtp config" host=smtp.mailgun.org port=587 username=postmaster@mg.example.com password_set=true password_sha256_prefix={hx(s, 8)}
Nov 29 21:58:02 vm3 billing[8812]: time="2026-11-29T21:58:02Z" level=info msg="billing worker started" version=v2.14.0 commit={hx(s + 'c', 40)}''', s),
        lambda s: out(f'''DEBUG:partner.client:request headers={{'User-Agent': 'partner-sdk/2.1', 'X-Api-Key': '<redacted>', 'X-Request-Id': '{uuid_of(s)}'}}
DEBUG:urllib3.connectionpool:https://api.partner.example:443 "GET /v2/orders?page=1 HTTP/1.1" 200 1832''', s),
        lambda s: bash("kubectl logs deploy/worker | grep -i config", f'''{{"ts":"2026-11-29T20:11:03.442Z","lvl":"INFO","logger":"com.acme.Config","msg":"effective config: KafkaConfig(bootstrap=kafka:9092, saslUser=worker, saslPassword=<hidden>, groupId=orders)","traceId":"{hx(s, 32)}","spanId":"{hx(s + 'sp', 16)}"}}''', s),
    ])


def n_mailrelay():
    return neg("mail relay configs pointing to secret files", [
        lambda s: read("/etc/postfix/main.cf", '''relayhost = [smtp.sendgrid.net]:587
smtp_sasl_auth_enable = yes
smtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd
smtp_sasl_security_options = noanonymous
smtp_tls_security_level = encrypt
smtp_tls_CAfile = /etc/ssl/certs/ca-certificates.crt''', s),
        lambda s: read("/home/dev/.msmtprc", '''account work
host smtp.gmail.com
port 587
from ana.pereira@example.pt
user ana.pereira@example.pt
passwordeval "secret-tool lookup service msmtp user ana.pereira@example.pt"
account default : work''', s),
        lambda s: write("/home/dev/app/config/mail.php", '''<?php
return [
    'mailers' => [
        'smtp' => [
            'transport' => 'smtp',
            'host' => env('MAIL_HOST', 'smtp.office365.com'),
            'port' => env('MAIL_PORT', 587),
            'username' => env('MAIL_USERNAME'),
            'password' => env('MAIL_PASSWORD'),
        ],
    ],
];''', s),
        lambda s: bash("postqueue -p | head -5", f'''-Queue ID-  --Size-- ----Arrival Time---- -Sender/Recipient-------
{gen(s, 10, "0123456789ABCDEF")}*    2104 Sat Nov 29 21:58:02  noreply@example.org
                                         ops@example.org

-- 2 Kbytes in 1 Request.''', s),
        lambda s: bash("dig +short TXT google._domainkey.example.org", f'"v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{gen(s, 200, B62 + "+/")}" "{gen(s + "2", 160, B62 + "+/")}IDAQAB"', s),
    ])


def n_edits_ref():
    return neg("edits moving a value to a reference", [
        lambda s: edit("/home/dev/app/.env.example", "RESEND_API_KEY=", "RESEND_API_KEY=re_xxxxxxxxxxxxxxxxxxxxxxxx", s),
        lambda s: edit("/home/dev/app/docker-compose.yml", "      - POSTGRES_PASSWORD=postgres",
                       "      - POSTGRES_PASSWORD_FILE=/run/secrets/pg_password\n    secrets:\n      - pg_password", s),
        lambda s: edit("/home/dev/app/appsettings.json", '"Password": ""', '"Password": "#{SMTP_PASSWORD}#"', s),
        lambda s: edit("/home/dev/app/src/main/resources/application.yml", "    password: changeme",
                       "    password: ${DB_PASSWORD}", s),
        lambda s: edit("/home/dev/app/scripts/sync.sh", 'curl -s "$API/items"',
                       'curl -s -H "Authorization: Bearer ${API_TOKEN:?set API_TOKEN}" "$API/items"', s),
        lambda s: edit("/home/dev/app/package.json", '"version": "2.3.0"', '"version": "2.3.1"', s),
    ])


def n_webhooks():
    return neg("webhook urls as placeholders and docs", [
        lambda s: read("/home/dev/app/README.md", '''## Notifications

Set `SLACK_WEBHOOK_URL` to an incoming webhook, e.g.
`https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`
(create one under *Apps → Incoming Webhooks*). Never commit the real URL.''', s),
        lambda s: write("/home/dev/bot/notify.py", '''import os
import requests

WEBHOOK = os.environ["DISCORD_WEBHOOK_URL"]

def notify(msg):
    requests.post(WEBHOOK, json={"content": msg, "username": "uptime"}, timeout=5)
''', s),
        lambda s: read("/home/dev/app/.github/workflows/notify.yml", '''      - name: telegram
        run: |
          curl -s "https://api.telegram.org/bot${{ secrets.TG_BOT_TOKEN }}/sendMessage" \\
            -d chat_id=${{ vars.TG_CHAT_ID }} -d text="build ${{ github.run_number }} ok"''', s),
        lambda s: bash("gh api repos/acme/api/hooks --jq '.[] | {id, name, active, config: {url: .config.url, content_type: .config.content_type}}'",
                       json.dumps({"id": int(num(s, 9)), "name": "web", "active": True,
                                   "config": {"url": "https://ci.example.com/github-webhook/", "content_type": "json"}}), s),
        lambda s: out(f'''X-GitHub-Event: push
X-GitHub-Delivery: {uuid_of(s)}
X-Hub-Signature-256: sha256={hx(s, 64)}
Content-Type: application/json''', s),
    ])


def n_assistant():
    return neg("assistant explanations about storing secrets", [
        lambda s: say("I'd avoid committing the key. Put it in `.env.local` (already in `.gitignore`) and read it with `process.env.RESEND_API_KEY`. For production, set it in the Vercel project settings.", s),
        lambda s: say("The test fails because `STRIPE_SECRET` in `.env.test` is empty. The fixtures expect a test-mode key (`sk_test_...`). Add one from your Stripe dashboard and re-run.", s),
        lambda s: say(f"I rotated nothing myself: the new password must be set by you with `ALTER ROLE reporting PASSWORD ...` in psql. I updated `config/database.yml` to read `ENV['REPORTING_DB_PASSWORD']` instead (commit `{hx(s, 7)}`).", s),
        lambda s: say("Summary:\n\n1. `redis.conf` now has `requirepass` read from `/run/secrets/redis_pass` via the entrypoint\n2. `docker-compose.yml` mounts the secret\n3. `REDIS_URL` uses `${REDIS_PASSWORD}`\n\nNo secret values are in the repository.", s),
        lambda s: say("Le mot de passe n'est jamais stocké en clair : on garde un hash Argon2id (m=19456, t=2, p=1) et on compare avec `argon2.verify`. Pour les clés d'API, on ne montre que les 4 derniers caractères.", s),
    ])


def n_tfvars():
    return neg("tfvars and pulumi configs with declarations and secure values", [
        lambda s: prompt('''plan fails with this, what's wrong?

variable "db_password" {
  type      = string
  sensitive = true
}
region        = "eu-central-1"
allowed_cidrs = ["10.0.0.0/8", 0.0.0.0/0]
''', s),
        lambda s: prompt(f'''my Pulumi.dev.yaml:
config:
  aws:region: us-west-2
  app:dbUser: admin
  app:dbPass:
    secure: v1:{gen(s, 16, B62 + "+/")}:{gen(s + "c", 44, B62 + "+/")}
is the secure thing safe to commit?''', s),
        lambda s: bash("terraform output", f'''db_endpoint = "app-prod.c{gen(s, 12, "abcdefghijklmnopqrstuvwxyz0123456789")}.eu-central-1.rds.amazonaws.com:5432"
db_password = <sensitive>
vpc_id = "vpc-{hx(s, 17)}"''', s),
        lambda s: bash("terraform plan -var-file=prod.tfvars | tail -6", f'''  # aws_db_instance.app will be updated in-place
  ~ resource "aws_db_instance" "app" {{
        id       = "db-{gen(s, 26, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")}"
      ~ password = (sensitive value)
    }}
Plan: 0 to add, 1 to change, 0 to destroy.''', s),
        lambda s: prompt('''variables.auto.tfvars has
  cloudflare_api_token = var.cf_token   # hmm is that even allowed
  zone = "example.org"
can you make it read from TF_VAR_cloudflare_api_token instead''', s),
    ])


def n_ci_masked():
    return neg("ci logs with masked values and ids", [
        lambda s: out(f'''Running with gitlab-runner 17.5.2 (a1b2c3d4)
  on docker-runner-2 xYz12AbC, system ID: s_{hx(s, 12)}
Getting source from Git repository
Fetching changes with git depth set to 20...
Checking out {hx(s, 8)} as detached HEAD (ref is main)...
$ docker login -u "$CI_REGISTRY_USER" -p "$CI_REGISTRY_PASSWORD" $CI_REGISTRY
WARNING! Using --password via the CLI is insecure. Use --password-stdin.
Login Succeeded''', s),
        lambda s: out(f'''+ docker login -u robot$ci -p *** harbor.corp.example.com
Login Succeeded
+ docker push harbor.corp.example.com/app/api:1.8.2
1.8.2: digest: sha256:{hx(s, 64)} size: 2417''', s),
        lambda s: out('''[Pipeline] withCredentials
Masking supported pattern matches of $SONAR_TOKEN
[Pipeline] {
[Pipeline] sh
+ sonar-scanner -Dsonar.token=****
INFO: Analysis report uploaded in 412ms
INFO: ANALYSIS SUCCESSFUL''', s),
        lambda s: bash("gh run view 12034455661 --log | grep -i token", '''build	Set up job	2026-11-29T20:11:02.1Z GITHUB_TOKEN Permissions
build	Set up job	2026-11-29T20:11:02.1Z Secret source: Actions
build	Publish	2026-11-29T20:14:44.9Z npm notice Publishing to https://registry.npmjs.org/ with tag latest and default access
build	Publish	2026-11-29T20:14:45.3Z   NODE_AUTH_TOKEN: ***''', s),
        lambda s: bash("buildkite-agent meta-data get release-sha", hx(s, 40), s),
    ])


def n_gorust_tests():
    return neg("go and rust tests with obviously fake values", [
        lambda s: write("/home/dev/svc/internal/billing/client_test.go", '''package billing

import (
	"net/http/httptest"
	"testing"
)

func TestCharge_Unauthorized(t *testing.T) {
	srv := httptest.NewServer(fakeAcquirer(t))
	defer srv.Close()
	c := NewClient(Options{BaseURL: srv.URL, APIKey: "test-api-key"})
	if _, err := c.Charge(ctx, 420, "EUR"); err == nil {
		t.Fatal("expected error for fake key")
	}
}''', s),
        lambda s: bash("go test ./internal/auth/... -run TestHash -v", '''=== RUN   TestHash
=== RUN   TestHash/empty
=== RUN   TestHash/unicode
--- PASS: TestHash (0.31s)
    --- PASS: TestHash/empty (0.10s)
    --- PASS: TestHash/unicode (0.21s)
PASS
ok  	github.com/acme/svc/internal/auth	0.338s''', s),
        lambda s: write("/home/dev/rs/tests/integration.rs", '''#[tokio::test]
async fn lists_buckets() {
    let access = std::env::var("MINIO_ACCESS_KEY").expect("MINIO_ACCESS_KEY");
    let secret = std::env::var("MINIO_SECRET_KEY").expect("MINIO_SECRET_KEY");
    let client = Client::builder().access_key(&access).secret_key(&secret)
        .endpoint("http://127.0.0.1:9000").build().unwrap();
    assert!(client.list_buckets().await.is_ok());
}''', s),
        lambda s: bash("cargo test -q 2>&1 | tail -4", f'''running 24 tests
........................
test result: ok. 24 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.84s
   Doc-tests mycrate (target/debug/deps/mycrate-{hx(s, 16)})''', s),
        lambda s: read("/home/dev/svc/internal/auth/testdata/users.json", json.dumps(
            [{"id": uuid_of(s), "email": "alice@example.com", "password": "<generated in TestMain>"},
             {"id": uuid_of(s + "b"), "email": "bob@example.com", "password": None, "sso": "google"}], indent=2), s),
    ])


def n_dart():
    return neg("dart and flutter code with defines and public ids", [
        lambda s: write("/home/dev/app/lib/env/env.dart", '''class Env {
  static const String apiBase = String.fromEnvironment('API_BASE', defaultValue: 'https://api.myapp.example/v1');
  static const String mapsKey = String.fromEnvironment('MAPS_KEY');
  static const bool useSandbox = bool.fromEnvironment('SANDBOX', defaultValue: true);
}''', s),
        lambda s: bash("flutter pub get && flutter --version", f'''Resolving dependencies...
Downloading packages...
  http 1.2.2 (1.3.0 available)
Got dependencies!
Flutter 3.24.5 • channel stable • https://github.com/flutter/flutter.git
Framework • revision {hx(s, 10)} (2 weeks ago) • 2026-11-14 12:02:11 -0800
Engine • revision {hx(s + 'e', 10)}
Tools • Dart 3.5.4 • DevTools 2.37.3''', s),
        lambda s: read("/home/dev/app/pubspec.lock", f'''  http:
    dependency: "direct main"
    description:
      name: http
      sha256: "{hx(s, 64)}"
      url: "https://pub.dev"
    source: hosted
    version: "1.2.2"''', s),
        lambda s: bash("keytool -list -v -keystore android/app/upload-keystore.jks -storepass:env KS_PASS | grep -A3 Certificate", f'''Certificate fingerprints:
\t SHA1: {":".join(hx(s, 40)[i:i + 2].upper() for i in range(0, 40, 2))}
\t SHA256: {":".join(hx(s + '2', 64)[i:i + 2].upper() for i in range(0, 64, 2))}
Signature algorithm name: SHA384withRSA''', s),
    ])


def n_erlang():
    return neg("erlang and elixir configs reading the environment", [
        lambda s: read("/home/dev/ex/config/runtime.exs", '''import Config

if config_env() == :prod do
  database_url =
    System.get_env("DATABASE_URL") ||
      raise """
      environment variable DATABASE_URL is missing.
      For example: ecto://USER:PASS@HOST/DATABASE
      """

  secret_key_base = System.fetch_env!("SECRET_KEY_BASE")
  config :shop, ShopWeb.Endpoint, secret_key_base: secret_key_base
end''', s),
        lambda s: bash("mix phx.gen.secret 2>/dev/null | wc -c; mix hex.outdated | head -4", '''65
Dependency           Current  Latest  Status
phoenix              1.7.14   1.7.18  Update possible
ecto_sql             3.12.1   3.12.1  Up-to-date
plug_cowboy          2.7.2    2.7.2   Up-to-date''', s),
        lambda s: read("/home/dev/ex/mix.lock", f'''  "bcrypt_elixir": {{:hex, :bcrypt_elixir, "3.2.0", "{hx(s, 64)}", [:make, :mix], [{{:comeonin, "~> 5.3", [hex: :comeonin, repo: "hexpm", optional: false]}}], "hexpm", "{hx(s + 'o', 64)}"}},''', s),
        lambda s: out('''iex(1)> Application.get_env(:shop, :stripe)
[secret_key: {:system, "STRIPE_SECRET_KEY"}, webhook_path: "/webhooks/stripe"]
iex(2)> Node.get_cookie()
:nocookie''', s),
    ])


def n_express():
    return neg("express and nest apps reading secrets from config", [
        lambda s: write("/home/dev/api/src/app.js", '''const session = require('express-session');

if (!process.env.SESSION_SECRET) throw new Error('SESSION_SECRET is required');
app.use(session({
  secret: process.env.SESSION_SECRET.split(','),  // rotate: new,old
  resave: false,
  saveUninitialized: false,
  cookie: { secure: true, httpOnly: true, sameSite: 'lax' },
}));''', s),
        lambda s: read("/home/dev/api/src/auth/auth.module.ts", '''JwtModule.registerAsync({
  inject: [ConfigService],
  useFactory: (config: ConfigService) => ({
    secret: config.getOrThrow<string>('JWT_SECRET'),
    signOptions: { expiresIn: '15m' },
  }),
}),''', s),
        lambda s: bash("npm ls jsonwebtoken express-session", '''api@1.4.0 /home/dev/api
├── express-session@1.18.1
└─┬ @nestjs/jwt@10.2.0
  └── jsonwebtoken@9.0.2''', s),
        lambda s: bash("curl -si localhost:3000/health", f'''HTTP/1.1 200 OK
X-Powered-By: Express
Set-Cookie: connect.sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT
ETag: W/"1b-{gen(s, 27, B62 + "+/")}"
X-Request-Id: {uuid_of(s)}
Content-Type: application/json; charset=utf-8

{{"status":"ok","version":"1.4.0","commit":"{hx(s, 7)}"}}''', s),
    ])


def negatives() -> list:
    return (n_lua() + n_scala() + n_clojure() + n_perl() + n_wordpress() + n_wget() + n_nordic() + n_romance()
            + n_informal() + n_codeswitch() + n_sops() + n_debuglogs() + n_mailrelay() + n_edits_ref()
            + n_webhooks() + n_assistant() + n_tfvars() + n_ci_masked() + n_gorust_tests() + n_dart()
            + n_erlang() + n_express())


def cases() -> list:
    return positives() + negatives()


# ---------------------------------------------------------------- more templates of the same families

EXTRA = {
    "lua and openresty code with keys": [
        lambda s, v: prompt(f"my openresty access_by_lua block keeps 401ing:\n\n```\naccess_by_lua_block {{\n  local key = ngx.req.get_headers()['x-api-key']\n  if key ~= '{v}' then return ngx.exit(401) end\n}}\n```\nwhat's wrong", s),
    ],
    "scala sbt and play configs": [
        lambda s, v: out(f'''scala> sys.env("KAFKA_SASL_PASSWORD")
val res0: String = {v}

scala> :quit''', s),
    ],
    "clojure edn and leiningen profiles": [
        lambda s, v: edit("/home/dev/app/dev/user.clj", "(def db-spec {:dbtype \"postgresql\" :dbname \"ledger\"})",
                          f"(def db-spec {{:dbtype \"postgresql\" :dbname \"ledger\" :user \"ledger\" :password \"{v}\"}})", s),
    ],
    "perl dbi and cpan scripts": [
        lambda s, v: bash("cat ~/.pause", f"user MKOVAC\npassword {v}\n", s),
    ],
    "prompts in nordic and baltic languages": [
        lambda s, v: prompt(f"Moikka! VPN:n salasana vaihtui, uusi on {v}. päivitä se ansible-muuttujiin kiitos", s),
    ],
    "lua and openresty code reading keys from env": [
        lambda s: prompt(f"why does `os.getenv(\"JWT_SECRET\")` return nil in openresty? it's set in the systemd unit (see commit {hx(s, 7)})", s),
        lambda s: bash("grep -n '^env' /usr/local/openresty/nginx/conf/nginx.conf", "3:env JWT_SECRET;\n4:env REDIS_PASSWORD;\n5:env LEADERBOARD_KEY;", s),
        lambda s: read("/home/dev/app/nginx/lua/tests/auth_spec.lua", f'''describe("auth", function()
  it("rejects a bad token", function()
    local auth = require "auth"
    local ok = auth.check("Bearer not-a-real-token")
    assert.is_false(ok)
  end)
  -- fixture id {uuid_of(s)}
end)''', s),
    ],
    "scala sbt and play configs with substitutions": [
        lambda s: bash("sbt 'show Compile/dependencyClasspath' | grep -i jwt", '''[info] * Attributed(/home/dev/.cache/coursier/v1/https/repo1.maven.org/maven2/com/github/jwt-scala/jwt-core_2.13/10.0.1/jwt-core_2.13-10.0.1.jar)
[info] * Attributed(/home/dev/.cache/coursier/v1/https/repo1.maven.org/maven2/com/auth0/java-jwt/4.4.0/java-jwt-4.4.0.jar)''', s),
        lambda s: out(f'''scala> sys.env.get("KAFKA_SASL_PASSWORD").map(_ => "<set>")
val res0: Option[String] = Some(<set>)

scala> BuildInfo.gitHeadCommit
val res1: Option[String] = Some({hx(s, 40)})''', s),
    ],
    "clojure edn configs with env readers": [
        lambda s: prompt("how do I make aero fail fast if #env DB_PASSWORD is missing instead of getting nil? clojure newbie here", s),
        lambda s: bash("lein deps :tree | head -5", '''[buddy/buddy-auth "3.0.323"]
   [buddy/buddy-sign "3.5.351"]
 [aero "1.1.6"]
 [com.github.seancorfield/next.jdbc "1.3.955"]
 [org.clojure/clojure "1.12.0"]''', s),
    ],
    "perl scripts reading passwords from env or a prompt": [
        lambda s: prompt("the old perl report script asks for the ldap password every run (Term::ReadKey). can we make it read from ~/.config/ldap.pass with 0600 instead?", s),
        lambda s: read("/home/dev/legacy/t/config.t", f'''use Test::More tests => 2;
use Config::Local;
ok(exists $Config::Local::CONF{{ldap_host}}, 'has host');
is($Config::Local::CONF{{ldap_pass}}, undef, 'password comes from env, not the file');
# run id {uuid_of(s)}''', s),
    ],
    "wordpress salts placeholders and wp-cli listings": [
        lambda s: prompt("wp-admin says 'Your WordPress salts are the default ones'. how do I regenerate AUTH_KEY and friends without logging everyone out? or is that unavoidable", s),
        lambda s: bash("wp option get siteurl --allow-root; wp cron event list --fields=hook,next_run --allow-root | head -3",
                       "https://blog.example.org\nhook\tnext_run\nwp_version_check\t2026-11-30 03:12:44\nwp_update_plugins\t2026-11-30 03:12:44", s),
    ],
    "wget, rsync and lftp with password files and prompts": [
        lambda s: prompt("wget --password on the command line shows up in `ps`. what's the cleanest way, .netrc or --ask-password? this runs from cron", s),
        lambda s: bash("lftp -e 'set ftp:ssl-force true; ls; bye' ftp.hosting.example", f'''drwxr-xr-x   5 deploy   deploy       4096 Nov 29 21:04 htdocs
-rw-r--r--   1 deploy   deploy        412 Nov 29 21:04 .htaccess
-rw-r--r--   1 deploy   deploy         41 Nov 29 21:04 REVISION  # {hx(s, 40)}''', s),
    ],
    "prompts in nordic and baltic languages without a value": [
        lambda s: prompt("Hei, kan du lage et skript som sjekker at ingen passord ligger i git-historikken? bruk gitleaks eller noe", s),
        lambda s: prompt(f"moi, build #{num(s, 4)} kaatui: 'permission denied (publickey)'. Onko deploy-avain vanhentunut?", s),
    ],
    "prompts in romanian, catalan, basque and west african languages without a value": [
        lambda s: prompt("Bonjou, kijan pou m estoke kle API a an sekirite? Mwen pa vle mete l nan kòd la", s),
    ],
    "informal english chat about keys with no value": [
        lambda s: prompt(f"test user is test@example.com, pw is whatever the seed script sets (see db/seeds.rb line {int(num(s, 2)) + 10}), it's all fake data", s),
    ],
    "code-switched prompts about auth without values": [
        lambda s: prompt(f"bhai commit {hx(s, 7)} ke baad se login toot gaya, JWT verify fail ho raha hai. dekh lo", s),
        lambda s: prompt("ate, paano ba mag-generate ng SSH key para sa github? yung ed25519 ba?", s),
    ],
    "sops and ansible-vault files still encrypted": [
        lambda s: read("/home/dev/app/.sops.yaml", f'''creation_rules:
  - path_regex: secrets/prod\\..*
    age: age1{gen(s, 58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l")}
  - path_regex: secrets/dev\\..*
    pgp: {hx(s + 'fp', 40).upper()}''', s),
        lambda s: prompt("sops keeps saying 'Failed to get the data key required to decrypt the SOPS file'. I have the age key in ~/.config/sops/age/keys.txt. why?", s),
    ],
    "structured logs with masked config": [
        lambda s: bash("stern api --since 5m | grep secret", f'''api-7f9c-{gen(s, 5, "abcdefghijklmnopqrstuvwxyz0123456789")} api {{"msg":"secret loaded","name":"stripe-secret-key","version":"{int(num(s, 2))}","source":"vault"}}''', s),
        lambda s: out(f'''[2026-11-29 22:01:14,118] INFO  Config - database.password=[hidden], database.user=app, pool.size=20
[2026-11-29 22:01:14,120] INFO  Startup - build {hx(s, 12)} started in 2.8s''', s),
    ],
    "mail relay configs pointing to secret files": [
        lambda s: prompt("postfix relay through sendgrid: do I need to run postmap on sasl_passwd after editing it? and should it be chmod 600?", s),
        lambda s: bash("swaks --to ops@example.org --server localhost --header 'Subject: relay test'", f'''=== Trying localhost:25...
=== Connected to localhost.
<-  220 mx.example.org ESMTP Postfix
 -> MAIL FROM:<dev@example.org>
<-  250 2.1.0 Ok
 -> RCPT TO:<ops@example.org>
<-  250 2.0.0 Ok: queued as {gen(s, 10, "0123456789ABCDEF")}''', s),
    ],
    "edits moving a value to a reference": [
        lambda s: edit("/home/dev/app/.github/workflows/deploy.yml", "          api-token: ${{ secrets.CF_TOKEN }}",
                       "          api-token: ${{ secrets.CLOUDFLARE_API_TOKEN }}\n          account-id: ${{ vars.CF_ACCOUNT_ID }}", s),
        lambda s: edit("/home/dev/app/Cargo.toml", 'jsonwebtoken = "9.3.0"', 'jsonwebtoken = "9.3.1"', s),
        lambda s: edit("/home/dev/app/k8s/deploy.yaml", "        - name: DB_PASSWORD\n          value: \"\"",
                       "        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: app-db\n              key: password", s),
    ],
    "webhook urls as placeholders and docs": [
        lambda s: prompt("can you add a discord webhook notifier? the URL will be in DISCORD_WEBHOOK_URL, format https://discord.com/api/webhooks/<id>/<token>", s),
        lambda s: bash("stripe webhook_endpoints list --limit 1", json.dumps({"object": "list", "data": [
            {"id": "we_" + gen(s, 24, B62), "object": "webhook_endpoint", "url": "https://api.example.com/webhooks/stripe",
             "enabled_events": ["invoice.paid", "customer.subscription.deleted"], "status": "enabled", "api_version": "2024-06-20"}]}, indent=2), s),
    ],
    "assistant explanations about storing secrets": [
        lambda s: say(f"I ran `gitleaks detect` over the history: no findings in {int(num(s, 3)) + 200} commits. The only match was `AKIAIOSFODNN7EXAMPLE` in `docs/aws.md`, which is AWS's documented example key, so I left it.", s),
        lambda s: say("Use `gh secret set NPM_TOKEN` (it reads the value from stdin, so it never lands in shell history), then reference it as `${{ secrets.NPM_TOKEN }}` in the workflow.", s),
    ],
    "tfvars and pulumi configs with declarations and secure values": [
        lambda s: bash("pulumi config", f'''KEY            VALUE
aws:region     us-west-2
app:dbPass     [secret]
app:dbUser     admin
app:imageTag   {hx(s, 12)}''', s),
    ],
    "ci logs with masked values and ids": [
        lambda s: out(f'''##[group]Run actions/checkout@{hx(s, 40)}
with:
  repository: acme/api
  token: ***
  ssh-strict: true
##[endgroup]''', s),
    ],
    "go and rust tests with obviously fake values": [
        lambda s: read("/home/dev/svc/internal/auth/jwt_test.go", '''func TestVerify_WrongKey(t *testing.T) {
	signed := sign(t, []byte("key-one-for-tests-only"))
	_, err := Verify(signed, []byte("key-two-for-tests-only"))
	if !errors.Is(err, ErrSignature) {
		t.Fatalf("want ErrSignature, got %v", err)
	}
}''', s),
    ],
    "dart and flutter code with defines and public ids": [
        lambda s: prompt("is it ok that the firebase options file (lib/firebase_options.dart) is in git? the docs say those values aren't secret but the security scanner complains", s),
    ],
    "erlang and elixir configs reading the environment": [
        lambda s: bash("cat rel/env.sh.eex | grep -i cookie", 'export RELEASE_COOKIE="${RELEASE_COOKIE:-$(cat /run/secrets/erlang_cookie)}"', s),
    ],
    "express and nest apps reading secrets from config": [
        lambda s: prompt("nest keeps throwing `Configuration key \"JWT_SECRET\" does not exist` in e2e tests. do I need a .env.test or can the test module provide it?", s),
    ],
}

EXTRA["go and rust tests with live values"] = [
    lambda s, v: read("/home/dev/svc/internal/store/main_test.go", f'''func TestMain(m *testing.M) {{
	dsn := "postgres://svc:{v}@db.staging.internal:5432/svc?sslmode=require"
	if err := setup(dsn); err != nil {{
		log.Fatal(err)
	}}
	os.Exit(m.Run())
}}''', s),
    lambda s, v: bash("RUST_LOG=debug cargo run --example upload 2>&1 | tail -3", f'''[2026-11-29T21:14:02Z DEBUG reqwest::connect] starting new connection: https://uploads.example.io/
[2026-11-29T21:14:02Z DEBUG upload] Authorization: Bearer {v}
[2026-11-29T21:14:03Z INFO  upload] uploaded 3 files (2.1 MiB)''', s),
]
EXTRA["dart and flutter constants with keys"] = [
    lambda s, v: prompt(f"flutter build apk keeps failing at signing: `Keystore was tampered with, or password was incorrect`. key.properties has storePassword={v} and keyAlias=upload, I'm sure that's right", s),
    lambda s, v: out(f'''flutter: ══╡ EXCEPTION CAUGHT BY WIDGETS LIBRARY ╞════
flutter: DioException [bad response]: headers: {{authorization: [Bearer {v}], content-type: [application/json]}}
flutter: status code 401''', s),
]
EXTRA["erlang and elixir configs with credentials"] = [
    lambda s, v: prompt(f"my phoenix app cant connect to the remote node, I start it with `iex --sname dbg --cookie {v} --remsh shop@prod-1` and get `Could not contact remote node`", s),
    lambda s, v: bash("fly ssh console -C 'bin/shop eval \"IO.inspect(Application.get_env(:shop, Shop.Mailer))\"'",
                      f'[adapter: Swoosh.Adapters.Mailgun, api_key: "{v}", domain: "mg.shop.example"]', s),
]
EXTRA["express and nest apps with session secrets"] = [
    lambda s, v: read("/home/dev/api/.env.development", f"PORT=3000\nDATABASE_URL=postgres://api:api@localhost:5432/api\nJWT_SECRET={v}\nCORS_ORIGIN=http://localhost:5173", s),
    lambda s, v: prompt(f"getting `invalid signature` from jsonwebtoken in prod but not locally. prod JWT_SECRET is {v} and local is 'dev'. could it be a trailing newline from the k8s secret?", s),
]
EXTRA["assistant summaries quoting a value back"] = [
    lambda s, v: say(f"He generado la nueva clave para el webhook: `{v}`. Cópiala en el panel del proveedor (Ajustes → Webhooks → Secreto de firma) y en `WEBHOOK_SECRET` del servidor.", s),
    lambda s, v: say(f"The Redis instance is up. Connection string: `redis://default:{v}@127.0.0.1:6380/0`. I added it to `.env` as `REDIS_URL`.", s),
]
EXTRA["ci variable dumps and debug traces"] = [
    lambda s, v: out(f'''Run printenv | sort
ACTIONS_RUNNER_DEBUG=true
CODECOV_TOKEN={v}
GITHUB_ACTION=__run_2
GITHUB_REF=refs/heads/main''', s),
]
EXTRA["perl dbi and cpan scripts"] = EXTRA["perl dbi and cpan scripts"] + [
    lambda s, v: prompt(f"this old perl script dies with `Access denied for user 'report'@'10.0.4.12'`. the password in the script is '{v}' and it works from mysql cli. charset issue?", s),
]
EXTRA["clojure edn and leiningen profiles"] = EXTRA["clojure edn and leiningen profiles"] + [
    lambda s, v: bash("lein deploy private", f'''Created /home/dev/lib/target/mylib-0.3.0.jar
Wrote /home/dev/lib/pom.xml
Need to sign 2 files with GPG
[1/2] Signing /home/dev/lib/target/mylib-0.3.0.jar with GPG
gpg: signing failed: Inappropriate ioctl for device
Could not sign /home/dev/lib/target/mylib-0.3.0.jar
See `lein help gpg` for how to set up gpg.
Retrying with LEIN_PASSWORD={v} LEIN_USERNAME=mkovac''', s),
]
EXTRA["code-switched prompts (hinglish, taglish, spanglish)"] = [
    lambda s, v: prompt(f"arre staging ka redis password change hua hai, naya wala {v} hai. sab services mein update kar de please", s),
]
EXTRA["informal english chat pastes with typos"] = [
    lambda s, v: prompt(f"nvm i found it, the admin pasword was {v} all along, caps lock was on lmao. ok now can u fix the css on the login page", s),
]
