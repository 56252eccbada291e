"""A blind dev part (blind23): 68 families of code and configuration in Claude Code session text, chosen
for the hard general shapes a filter written from a list of cases would miss: a secret as a call's nth
positional argument (haskell ConnectInfo records, nim and pony opens, sequelize, DriverManager, exposed,
PDO, ado Open, aws_commons credentials, sp_addlogin, sp_password,
dbms_credential, rds procedures, htpasswd -b, mysqladmin, net user, rabbitmqctl, AutoIt ControlSetText,
groovy Sql.newInstance, fmt.Sprintf and format! arguments), a name and its value apart (alternating
plists, tcl dicts, redis hset, perl qw lists and zipped arrays; name/value pairs in buildpack env,
helmfile set lists, argo parameters, dapr and keda metadata, cloudformation ParameterKey/ParameterValue;
settings tables whose key and value are separate columns, in sql, sqlite dumps, fixtures and psql
output; flags split across array elements), secrets in diffs printed by configuration tools (ansible
--diff, helm diff, chezmoi, etckeeper, diff -u) and inside MultiEdit edits arrays, in default parameter
values, in concatenations, in comments, in annotations and attributes, in sql encryption functions, in
windows autologon registry files, unattend answer files (plain and base64-encoded) and policy
preference cpasswords, in proxy auth directives (haproxy, nginx, apache, varnish), in web.config machine
keys, in classic asp, vbscript, vb6 and coldfusion, in desktop automation, in non-systemd service
definitions (launchd, openrc, rc.conf, dinit, upstart), in per-user client ini files, in kustomize and
helmfile, in docker bake, earthfiles and buildpacks, in concourse and argo, in logstash and beats, in
test setups of elixir, zig, crystal, ocaml and nim, in kotlin, groovy and jbang scripts, in tiltfiles
and drone starlark, in atlas, vault and waypoint hcl, in powershell splats and dsc data, in justfiles,
taskfiles and mise, and in language startup files (.Renviron, .Rprofile, startup.jl, startup.m,
ipython).  Negatives sit in the same neighbourhoods: environment, keyring, vault and secret-manager
references, iam roles and storage integrations, secret mounts, secretKeyRefs, masked values
(*SENSITIVE*DATA*DELETED*, helm diff byte counts, kubectl diff stars, no_log censoring), hashed users,
generated machine keys, integrated security, prompting commands, user listings, ids, thumbprints,
fingerprints, digests, versions, renamed password fields and comments about passwords without one.
Every case is realistic: a Bash call and its output, a Read's event or numbered lines, a Write, a
MultiEdit.

Written blind on 2026-12-02 (15:59 UTC) by an author who read only the head of an earlier blind part
(its format), the carriers, the helpers and the list of family names already used; neither the
filter, its tests, its docs, the benches nor any other part's cases (a formatting check run after
every case here was written printed part of the earlier blind part's cases by mistake; no case here
was changed after it).  Every case was written before the filter met any of them.  A DEV part: the next round tunes the filter on it.

340 cases, 170 with secrets, 170 negatives, 68 families (34 with secrets, 34 without), all realistic.  Families (cases):
    d23 neg: admin commands that prompt for the password or list users (5)
    d23 neg: annotations and attributes with property placeholders and test values (5)
    d23 neg: asp.net web.config files with generated keys, integrated security and config builders (5)
    d23 neg: atlas, vault server and waypoint hcl with getenv, kms ids and dynamic secrets (5)
    d23 neg: classic asp, vbscript, vb6 and coldfusion code taking credentials from dsns, forms and the registry (5)
    d23 neg: cloudformation parameters with dynamic references, noecho and stack outputs (5)
    d23 neg: concourse pipelines and argo workflows reading credentials from managers and secrets (5)
    d23 neg: configuration tools' diff output with masked or non-secret changes (5)
    d23 neg: connection strings and headers assembled from variables and environment lookups (5)
    d23 neg: dapr components and keda scalers referencing secrets by name (5)
    d23 neg: default parameter values that are none, env lookups or non-secret settings (5)
    d23 neg: desktop automation scripts typing non-secret text or reading the password from a store (5)
    d23 neg: docker bake files, earthfiles and buildpack descriptors using secret mounts and build variables (5)
    d23 neg: flat name/value lists of settings without a secret (plists, tcl dicts, redis hashes, perl qw) (5)
    d23 neg: haskell, ocaml, nim, crystal and ada code reading database passwords at run time (5)
    d23 neg: justfiles, taskfiles and mise.toml loading secrets from env files and password managers (5)
    d23 neg: kotlin, groovy and jbang scripts with dependency coordinates and environment lookups (5)
    d23 neg: kustomize generators and helmfile releases reading secrets from files and stores (5)
    d23 neg: language startup files with options, paths and keyring lookups (5)
    d23 neg: launchd, openrc, rc.conf, dinit and upstart services with non-secret settings (5)
    d23 neg: load balancer and proxy configs with auth files, hashed users and passed-through headers (5)
    d23 neg: logstash pipelines and beats outputs using keystore and environment references (5)
    d23 neg: multi-edit calls renaming password fields and moving values to references (5)
    d23 neg: orm and driver constructors given passwords from the environment or settings (5)
    d23 neg: per-user client ini files relying on passfiles, keyrings and instance roles (5)
    d23 neg: powershell splatting with get-credential, secret management and non-secret parameters (5)
    d23 neg: settings tables holding non-secret values or empty credentials (5)
    d23 neg: source comments about credentials that hold none (5)
    d23 neg: sql encryption with keys from settings, bind variables and certificates (5)
    d23 neg: sql loading from object storage through roles, integrations and credential chains (5)
    d23 neg: stored procedure calls managing logins and credentials without a password (5)
    d23 neg: test setups in elixir, zig, crystal, ocaml and nim reading keys from the environment (5)
    d23 neg: tiltfiles and starlark files reading secrets from files and the environment (5)
    d23 neg: windows registry files and answer files with ids, flags and masked passwords (5)
    d23 pos: admin commands setting a password given as a positional argument (htpasswd -b, mysqladmin, net user, rabbitmqctl, chpasswd) (5)
    d23 pos: annotations and attributes carrying a credential (java, kotlin, c#) (5)
    d23 pos: asp.net web.config machine keys, app settings and connection strings (5)
    d23 pos: atlas, vault server and waypoint hcl with a credential (5)
    d23 pos: classic asp, vbscript, vb6 and coldfusion code with inline credentials (5)
    d23 pos: cloudformation parameter files and overrides carrying a password (5)
    d23 pos: concourse pipelines, fly vars and argo workflow parameters with literal values (5)
    d23 pos: configuration tools' diff output revealing a value (ansible --diff, helm diff, chezmoi, etckeeper, diff -u) (5)
    d23 pos: credentials assembled by concatenation and format calls (5)
    d23 pos: credentials left in source comments (commented-out lines and notes) (5)
    d23 pos: dapr components and keda scalers with name/value metadata holding a secret (5)
    d23 pos: default parameter values holding a credential (python, kotlin, typescript, ruby, c++) (5)
    d23 pos: desktop automation scripts typing a password (autoit, xdotool, pyautogui, pywinauto, sikulix) (5)
    d23 pos: docker bake files, earthfiles and buildpack descriptors with a credential (5)
    d23 pos: justfiles, taskfiles and mise.toml with a literal token (5)
    d23 pos: kotlin, groovy and jbang scripts run from the shell with a credential (5)
    d23 pos: kustomize secret generators and helmfile values with literal credentials (5)
    d23 pos: language startup files (.Renviron, .Rprofile, startup.jl, startup.m, ipython_config.py) (5)
    d23 pos: load balancer and proxy auth directives (haproxy, nginx, apache, varnish) (5)
    d23 pos: logstash pipelines and beats outputs with a literal password (5)
    d23 pos: multi-edit calls with a credential inside their edits array (5)
    d23 pos: names and values alternating in flat lists (elisp plists, tcl dicts, redis hset, perl qw, zipped arrays) (5)
    d23 pos: orm and driver constructors taking the password as a positional argument (5)
    d23 pos: per-user client ini files (pg_service.conf, transifexrc, s3cfg, boto, wgetrc) (5)
    d23 pos: positional database opens in haskell, ocaml, nim, crystal and ada (5)
    d23 pos: powershell splatting tables and dsc configuration data with a password (5)
    d23 pos: service definitions for launchd, openrc, freebsd rc.conf, dinit and upstart with a secret (5)
    d23 pos: settings tables holding a key's name and its value in separate columns (5)
    d23 pos: sql encryption functions and key statements with an inline passphrase (5)
    d23 pos: sql loading from object storage with inline access keys (5)
    d23 pos: stored procedure calls taking a password positionally (5)
    d23 pos: test setups in elixir, zig, crystal, ocaml and nim holding a live credential (5)
    d23 pos: tiltfiles and other starlark files with a literal secret (5)
    d23 pos: windows autologon registry files, unattend answer files and policy preference passwords (5)
"""

# ruff: noqa: E501 (the tools' output keeps its long lines)
from __future__ import annotations

import base64
import string

from tests.privacy_eval import ALNUM, HEX, b64, gen, random_secret, sha, tool_event, uuid_of
from tests.privacy_eval.carriers import N, P, read_ev, read_line, sh, write_ev

UPPER_DIGITS = string.ascii_uppercase + "234567"
B64CHARS = ALNUM + "+/"


def rs(tag: str, n: int = 24) -> str:
    """A random credential of `n` characters, fixed for `tag`."""
    return random_secret("d23" + tag, n)


def hx(tag: str, n: int = 32) -> str:
    return gen("d23" + tag, n, HEX)


def aws_id(tag: str) -> str:
    return "AKIA" + gen("d23ak" + tag, 16, UPPER_DIGITS)


def aws_secret(tag: str) -> str:
    return gen("d23as" + tag, 40, B64CHARS)


def ghp(tag: str) -> str:
    return "ghp_" + gen("d23gh" + tag, 36)


def fill(text: str, *values: str) -> str:
    """`text` with @@1@@, @@2@@, ... replaced by `values` (braces stay literal)."""
    for i, v in enumerate(values, 1):
        text = text.replace(f"@@{i}@@", v)
    return text


def multi_edit(path: str, edits: list, seed: str) -> dict:
    """A PostToolUse event of a MultiEdit call."""
    return tool_event("MultiEdit", {"file_path": path, "edits": edits}, seed,
                      {"filePath": path, "edits": edits, "userModified": False})


# ---------------------------------------------------------------- positives


def positional_db_opens() -> list:
    f = "d23 pos: positional database opens in haskell, ocaml, nim, crystal and ada"
    r2, r3 = rs("ml1", 28), rs("cr1", 22)
    return [
        P(f, read_ev("/home/dev/app/src/Db.hs",
                     'module Db (withDb) where\n\nimport Database.PostgreSQL.Simple\n\nconnInfo :: ConnectInfo\n'
                     'connInfo = ConnectInfo "db.internal.example.com" 5432 "billing" "Ptarmigan!Fjord42" "billing_prod"\n\n'
                     'withDb :: (Connection -> IO a) -> IO a\nwithDb act = connect connInfo >>= act\n', "hs-a"), "Ptarmigan!Fjord42"),
        P(f, write_ev("/home/dev/app/bin/export.ml",
                      fill('let () =\n  let db =\n    Mariadb.Blocking.connect ~host:"10.20.0.14" ~user:"exporter"\n'
                           '      ~pass:"@@1@@" ~db:"telemetry" ()\n    |> or_die "connect"\n  in\n'
                           '  let rows = fetch_all db "SELECT id, ts, payload FROM events WHERE ts > NOW() - INTERVAL 1 DAY" in\n'
                           '  List.iter print_row rows;\n  Mariadb.Blocking.close db\n', r2), "ml-b"), r2),
        P(f, read_line('import db_connector/db_postgres\nimport std/[os, strformat]\n\n'
                       'let db = open("pg-replica.lan", "shop", "Gooseberry_77x", "shop")\n'
                       'for row in db.fastRows(sql"SELECT sku, qty FROM stock WHERE qty < ?", 5):\n  echo &"{row[0]}\\t{row[1]}"\ndb.close()\n',
                       "nim-c", 1), "Gooseberry_77x"),
        P(f, sh("cat src/jobs/reindex.cr",
                fill('require "db"\nrequire "pg"\n\nmodule Jobs\n  class Reindex\n'
                     '    DB_URL = "postgres://search_worker:@@1@@@search-db.internal:5432/catalog"\n\n'
                     '    def run\n      DB.open(DB_URL) do |db|\n        db.exec "REINDEX TABLE CONCURRENTLY products"\n      end\n    end\n  end\nend\n', r3),
                "cr-d"), r3),
        P(f, read_ev("/home/dev/ledger/src/ledger-db.adb",
                     'with GNATCOLL.SQL.Exec;     use GNATCOLL.SQL.Exec;\nwith GNATCOLL.SQL.Postgres;\n\npackage body Ledger.DB is\n\n'
                     '   function Connect return Database_Connection is\n      Descr : constant Database_Description :=\n'
                     '        GNATCOLL.SQL.Postgres.Setup\n          (Database => "ledger",\n           User     => "ledger_app",\n'
                     '           Host     => "pg01.ops.example.org",\n           Password => "Walrus.Tangent.93",\n           SSL      => Require);\n'
                     '   begin\n      return Descr.Build_Connection;\n   end Connect;\n\nend Ledger.DB;\n', "ada-e"), "Walrus.Tangent.93"),
    ]


def object_storage_sql() -> list:
    f = "d23 pos: sql loading from object storage with inline access keys"
    s1, s2, s3, s4 = aws_secret("rs1"), aws_secret("sf1"), aws_secret("pg1"), aws_secret("ul1")
    azk = gen("d23az", 86, B64CHARS) + "=="
    return [
        P(f, read_ev("/home/dev/dw/loads/2026_03_events.sql",
                     fill("COPY analytics.events_raw\nFROM 's3://acme-dw-landing/events/2026/03/'\n"
                          "CREDENTIALS 'aws_access_key_id=@@1@@;aws_secret_access_key=@@2@@'\n"
                          "FORMAT AS PARQUET;\n\nANALYZE analytics.events_raw;\n", aws_id("rs1"), s1), "os-a"), s1),
        P(f, write_ev("/home/dev/dw/snowflake/stages.sql",
                      fill("CREATE OR REPLACE STAGE raw.partner_drop\n  URL = 's3://partner-drop-eu/exports/'\n"
                           "  CREDENTIALS = (AWS_KEY_ID = '@@1@@' AWS_SECRET_KEY = '@@2@@')\n"
                           "  FILE_FORMAT = (TYPE = CSV FIELD_OPTIONALLY_ENCLOSED_BY = '\"' SKIP_HEADER = 1);\n\n"
                           "LIST @raw.partner_drop;\n", aws_id("sf1"), s2), "os-b"), s2),
        P(f, sh(fill("psql -h orders.cluster-c1x2.eu-west-1.rds.amazonaws.com -U admin orders -c \"SELECT aws_s3.table_import_from_s3("
                     "'staging.returns', '', '(format csv, header true)', aws_commons.create_s3_uri('acme-returns', 'daily/returns.csv', 'eu-west-1'), "
                     "aws_commons.create_aws_credentials('@@1@@', '@@2@@', ''));\"", aws_id("pg1"), s3),
                "                                 table_import_from_s3\n---------------------------------------------------------------------------------\n"
                " 18234 rows imported into relation \"staging.returns\" from file daily/returns.csv of 1930421 bytes\n(1 row)\n", "os-c"), s3),
        P(f, read_line(fill("COPY INTO dbo.trips\nFROM 'https://acmelake.blob.core.windows.net/raw/trips/*.parquet'\n"
                            "WITH (\n    FILE_TYPE = 'PARQUET',\n    CREDENTIAL = (IDENTITY = 'Storage Account Key', SECRET = '@@1@@')\n);\n", azk),
                       "os-d", 14), azk),
        P(f, sh("cat sql/unload_monthly.sql",
                fill("UNLOAD ('SELECT * FROM finance.invoices WHERE invoice_month = ''2026-02''')\nTO 's3://acme-finance-exports/invoices/2026-02/'\n"
                     "ACCESS_KEY_ID '@@1@@'\nSECRET_ACCESS_KEY '@@2@@'\nPARQUET\nALLOWOVERWRITE;\n", aws_id("ul1"), s4), "os-e"), s4),
    ]


def orm_positional() -> list:
    f = "d23 pos: orm and driver constructors taking the password as a positional argument"
    r1, r2 = rs("pony1", 26), rs("exp1", 30)
    return [
        P(f, read_ev("/home/dev/inventory/src/db.js",
                     "const { Sequelize } = require('sequelize');\n\n"
                     "const sequelize = new Sequelize('inventory', 'inv_app', 'Marigold#Tractor9', {\n"
                     "  host: 'db-2.lan',\n  dialect: 'mariadb',\n  logging: false,\n  pool: { max: 10, idle: 10000 },\n});\n\n"
                     "module.exports = sequelize;\n", "orm-a"), "Marigold#Tractor9"),
        P(f, read_line(fill("from pony.orm import Database\n\ndb = Database()\n\n# reporting replica, read-only user\n"
                            "db.bind('postgres', 'reports', '@@1@@', 'pg-ro.example.net', 'reports')\n"
                            "db.generate_mapping(create_tables=False)\n", r1), "orm-b", 1), r1),
        P(f, write_ev("/home/dev/legacy/src/main/java/com/example/hr/OracleSource.java",
                      "package com.example.hr;\n\nimport java.sql.Connection;\nimport java.sql.DriverManager;\nimport java.sql.SQLException;\n\n"
                      "public final class OracleSource {\n    private OracleSource() {}\n\n    public static Connection open() throws SQLException {\n"
                      "        return DriverManager.getConnection(\"jdbc:oracle:thin:@//ora1.hr.example.com:1521/HRPROD\", \"HR_BATCH\", \"Larkspur-1987\");\n"
                      "    }\n}\n", "orm-c"), "Larkspur-1987"),
        P(f, sh("sed -n 1,20p src/main/kotlin/Db.kt",
                fill('package ledger\n\nimport org.jetbrains.exposed.sql.Database\n\nobject Db {\n    fun connect() = Database.connect(\n'
                     '        "jdbc:postgresql://localhost:5432/ledger",\n        "org.postgresql.Driver",\n        "ledger",\n'
                     '        "@@1@@",\n    )\n}\n', r2), "orm-d"), r2),
        P(f, read_ev("/home/dev/crm/config/bootstrap.php",
                     "<?php\ndeclare(strict_types=1);\n\n$pdo = new PDO('mysql:host=127.0.0.1;dbname=crm;charset=utf8mb4', 'crm_rw', 'Quokka*Lantern55', [\n"
                     "    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,\n    PDO::ATTR_DEFAULT_FETCH_MODE => PDO::FETCH_ASSOC,\n]);\n\nreturn $pdo;\n", "orm-e"),
          "Quokka*Lantern55"),
    ]


def alternating_lists() -> list:
    f = "d23 pos: names and values alternating in flat lists (elisp plists, tcl dicts, redis hset, perl qw, zipped arrays)"
    r1, r2, r3 = rs("el1", 40), rs("rd1", 32), rs("zip1", 20)
    return [
        P(f, read_ev("/home/dev/.emacs.d/lisp/init-jira.el",
                     fill(';;; init-jira.el --- jira for org -*- lexical-binding: t -*-\n\n(use-package org-jira\n  :ensure t\n  :config\n'
                          '  (setq jiralib-url "https://jira.example.com")\n  (setq my/jira-creds\n'
                          "        '(:host \"jira.example.com\" :user \"svc-emacs\" :token \"@@1@@\"))\n"
                          '  (setq org-jira-working-dir "~/org/jira"))\n\n(provide \'init-jira)\n', r1), "al-a"), r1),
        P(f, read_line("package require tls\npackage require smtp\n\nset cfg [dict create host smtp.example.org port 587 user relay@example.org pass Heron_Basin_6 tls 1]\n"
                       "proc send_report {to body} {\n    global cfg\n    set tok [mime::initialize -canonical text/plain -string $body]\n"
                       "    smtp::sendmessage $tok -servers [dict get $cfg host] -ports [dict get $cfg port] \\\n"
                       "        -username [dict get $cfg user] -password [dict get $cfg pass] -recipients $to\n}\n", "al-b", 1), "Heron_Basin_6"),
        P(f, sh(fill("redis-cli -h cache-1 HSET tenant:42:smtp host smtp.mailgun.org user postmaster@mg.example.com password @@1@@ port 587", r2),
                "(integer) 4\n", "al-c"), r2),
        P(f, read_ev("/home/dev/ops/bin/nightly_purge.pl",
                     "#!/usr/bin/perl\nuse strict;\nuse warnings;\nuse DBI;\n\nmy %conn = qw(host db3.ops.lan user ops_batch pass Vermilion!Sloop3 db opsdb);\n"
                     "my $dbh = DBI->connect(\"dbi:Pg:dbname=$conn{db};host=$conn{host}\", $conn{user}, $conn{pass}, { RaiseError => 1 });\n"
                     "$dbh->do('DELETE FROM audit_log WHERE created_at < now() - interval \\'90 days\\'');\n", "al-d"), "Vermilion!Sloop3"),
        P(f, write_ev("/home/dev/etl/conf.py",
                      fill('keys = ["host", "port", "user", "password", "dbname"]\nvals = ["10.1.4.20", 5439, "etl", "@@1@@", "warehouse"]\n\n'
                           "CONN = dict(zip(keys, vals))\n", r3), "al-e"), r3),
    ]


def config_tool_diffs() -> list:
    f = "d23 pos: configuration tools' diff output revealing a value (ansible --diff, helm diff, chezmoi, etckeeper, diff -u)"
    o1, n1 = rs("ad-old", 22), rs("ad-new", 22)
    gho = "gho_" + gen("d23gho", 36)
    p1 = rs("envd1", 32)
    return [
        P(f, sh("ansible-playbook -i inventories/prod site.yml --tags app-env --check --diff -l web-03",
                fill("\nPLAY [web] *********************************************************************\n\n"
                     "TASK [app : render /etc/app/app.env] *******************************************\n"
                     "--- before: /etc/app/app.env\n+++ after: /home/dev/.ansible/tmp/ansible-local-41822x7c1/tmpq3u0v1/app.env.j2\n"
                     "@@ -1,5 +1,5 @@\n APP_ENV=production\n LOG_LEVEL=info\n-SMTP_PASSWORD=@@1@@\n+SMTP_PASSWORD=@@2@@\n SMTP_HOST=smtp.eu.sparkpost.com\n\n"
                     "changed: [web-03]\n\nPLAY RECAP *********************************************************************\n"
                     "web-03                     : ok=3    changed=1    unreachable=0    failed=0    skipped=0    rescued=0    ignored=0\n", o1, n1),
                "ad-a"), o1, n1),
        P(f, sh("helm diff upgrade grafana grafana/grafana -n monitoring -f values/grafana.yaml --show-secrets",
                "monitoring, grafana, Secret (v1) has changed:\n  # Source: grafana/templates/secret.yaml\n  apiVersion: v1\n  kind: Secret\n"
                "  metadata:\n    name: grafana\n    labels:\n      app.kubernetes.io/name: grafana\n-     helm.sh/chart: grafana-7.3.9\n+     helm.sh/chart: grafana-7.3.11\n"
                "  stringData:\n    admin-user: 'admin'\n-   admin-password: 'Otter.Lagoon.2023'\n+   admin-password: 'Otter.Lagoon.2026'\n  type: Opaque\n", "ad-b"),
          "Otter.Lagoon.2026", "Otter.Lagoon.2023"),
        P(f, sh("chezmoi diff ~/.config/gh/hosts.yml",
                f"diff --git a/.config/gh/hosts.yml b/.config/gh/hosts.yml\nindex 3b1f7c2..9e0d44a 100600\n--- a/.config/gh/hosts.yml\n+++ b/.config/gh/hosts.yml\n"
                f"@@ -1,4 +1,5 @@\n github.com:\n     git_protocol: ssh\n     user: mkovacs\n+    oauth_token: {gho}\n     users:\n", "ad-c"), gho),
        P(f, sh("sudo etckeeper vcs diff HEAD~1 -- ppp/chap-secrets",
                "diff --git a/ppp/chap-secrets b/ppp/chap-secrets\nindex 41a9e10..7cc02d5 100600\n--- a/ppp/chap-secrets\n+++ b/ppp/chap-secrets\n"
                "@@ -1,3 +1,4 @@\n # Secrets for authentication using CHAP\n # client\tserver\tsecret\t\t\tIP addresses\n"
                "+\"fibre-4471802@isp.example.net\"\t*\t\"Cobalt7Nimbus\"\t*\n", "ad-d"), "Cobalt7Nimbus"),
        P(f, sh("diff -u deploy/.env.staging deploy/.env.production",
                fill("--- deploy/.env.staging\t2026-03-02 09:14:11.000000000 +0100\n+++ deploy/.env.production\t2026-03-11 17:40:02.000000000 +0100\n"
                     "@@ -1,6 +1,6 @@\n-APP_URL=https://staging.shop.example.com\n+APP_URL=https://shop.example.com\n"
                     "-ALGOLIA_ADMIN_KEY=@@1@@\n+ALGOLIA_ADMIN_KEY=@@2@@\n QUEUE_CONNECTION=redis\n", p1, hx("envd3")), "ad-e"),
          p1, hx("envd3")),
    ]


def multi_edits() -> list:
    f = "d23 pos: multi-edit calls with a credential inside their edits array"
    r1, r2, r3 = rs("me1", 32), rs("me2", 26), rs("me3", 44)
    return [
        P(f, multi_edit("/home/dev/app/config/settings/prod.py", [
            {"old_string": "EMAIL_HOST = 'localhost'", "new_string": "EMAIL_HOST = 'smtp.postmarkapp.com'"},
            {"old_string": "EMAIL_HOST_PASSWORD = ''", "new_string": f"EMAIL_HOST_PASSWORD = '{r1}'"},
        ], "me-a"), r1),
        P(f, multi_edit("/home/dev/app/docker-compose.yml", [
            {"old_string": "      POSTGRES_USER: app", "new_string": "      POSTGRES_USER: app_owner"},
            {"old_string": "      POSTGRES_PASSWORD: app", "new_string": "      POSTGRES_PASSWORD: Juniper_Falls_410"},
            {"old_string": "    image: postgres:15", "new_string": "    image: postgres:16.2", "replace_all": False},
        ], "me-b"), "Juniper_Falls_410"),
        P(f, multi_edit("/home/dev/app/src/main/resources/application.properties", [
            {"old_string": f"spring.rabbitmq.password={r2}", "new_string": "spring.rabbitmq.password=${RABBIT_PASSWORD}"},
            {"old_string": "spring.rabbitmq.host=localhost", "new_string": "spring.rabbitmq.host=${RABBIT_HOST:localhost}"},
        ], "me-c"), r2),
        P(f, multi_edit("/home/dev/site/wp-config.php", [
            {"old_string": "define( 'DB_NAME', 'database_name_here' );", "new_string": "define( 'DB_NAME', 'wp_blog' );"},
            {"old_string": "define( 'DB_USER', 'username_here' );", "new_string": "define( 'DB_USER', 'wp_blog' );"},
            {"old_string": "define( 'DB_PASSWORD', 'password_here' );", "new_string": "define( 'DB_PASSWORD', 'Plover&Cinder62' );"},
        ], "me-d"), "Plover&Cinder62"),
        P(f, multi_edit("/home/dev/bot/config.toml", [
            {"old_string": "[openai]\nmodel = \"gpt-4o-mini\"", "new_string": "[openai]\nmodel = \"gpt-4.1-mini\""},
            {"old_string": "[slack]\n", "new_string": f"[slack]\nsigning_secret = \"{hx('me4')}\"\napp_token = \"xapp-1-A07{gen('d23xapp', 8, UPPER_DIGITS)}-{r3}\"\n"},
        ], "me-e"), hx("me4"), r3),
    ]


def bake_earthly_buildpacks() -> list:
    f = "d23 pos: docker bake files, earthfiles and buildpack descriptors with a credential"
    npm = "npm_" + gen("d23npm", 36)
    squ = "squ_" + hx("squ", 40)
    r1, r2 = rs("bk1", 22), rs("bp1", 28)
    gh = ghp("bake")
    return [
        P(f, read_ev("/home/dev/web/docker-bake.hcl",
                     fill('variable "TAG" {\n  default = "dev"\n}\n\nvariable "NPM_TOKEN" {\n  default = "@@1@@"\n}\n\n'
                          'group "default" {\n  targets = ["web", "worker"]\n}\n\ntarget "web" {\n  dockerfile = "docker/web.Dockerfile"\n'
                          '  tags       = ["registry.example.com/web:${TAG}"]\n  args       = { NPM_TOKEN = NPM_TOKEN }\n}\n', npm), "bk-a"), npm),
        P(f, write_ev("/home/dev/ml/docker-bake.hcl",
                      fill('target "trainer" {\n  context    = "."\n  dockerfile = "Dockerfile.trainer"\n  platforms  = ["linux/amd64"]\n'
                           '  args = {\n    PIP_INDEX_URL = "https://build:@@1@@@pypi.internal.example.com/simple"\n    CUDA_VERSION  = "12.4.1"\n  }\n}\n', r1),
                      "bk-b"), r1),
        P(f, read_line(fill("VERSION 0.8\nFROM eclipse-temurin:21-jdk\nWORKDIR /src\n\nARG --global SONAR_HOST=https://sonar.example.com\n"
                            "ARG --global SONAR_TOKEN=@@1@@\n\nscan:\n    COPY . .\n"
                            "    RUN ./gradlew sonar -Dsonar.host.url=$SONAR_HOST -Dsonar.token=$SONAR_TOKEN\n", squ), "bk-c", 1), squ),
        P(f, read_ev("/home/dev/api/project.toml",
                     fill('[_]\nschema-version = "0.2"\nid = "com.example.api"\n\n[io.buildpacks]\nbuilder = "paketobuildpacks/builder-jammy-base"\n\n'
                          '[[io.buildpacks.build.env]]\nname = "BP_JVM_VERSION"\nvalue = "21"\n\n[[io.buildpacks.build.env]]\nname = "NEXUS_PASSWORD"\n'
                          'value = "@@1@@"\n', r2), "bk-d"), r2),
        P(f, sh(f"docker buildx bake --set '*.args.GH_TOKEN={gh}' --push release",
                "[+] Building 84.2s (23/23) FINISHED                                       docker-container:builder\n"
                " => [internal] load build definition from Dockerfile                                    0.0s\n"
                " => exporting to image                                                                  6.1s\n"
                " => => pushing layers                                                                   4.8s\n"
                f" => => pushing manifest for ghcr.io/example/cli:1.14.0@sha256:{sha('bake-digest', 64)}         0.9s\n", "bk-e"), gh),
    ]


def concourse_argo() -> list:
    f = "d23 pos: concourse pipelines, fly vars and argo workflow parameters with literal values"
    r1, r2, r3 = rs("cc1", 30), rs("arg1", 24), rs("arg2", 36)
    hook = gen("d23hook", 24)
    return [
        P(f, read_ev("/home/dev/ci/pipeline.yml",
                     fill("resources:\n- name: repo\n  type: git\n  source:\n    uri: https://git.example.com/platform/api.git\n    branch: main\n"
                          "    username: ci-bot\n    password: @@1@@\n\njobs:\n- name: unit\n  plan:\n  - get: repo\n    trigger: true\n"
                          "  - task: test\n    file: repo/ci/tasks/test.yml\n", r1), "cc-a"), r1),
        P(f, sh("fly -t main set-pipeline -p api -c ci/pipeline.yml -v registry_password='Badger-Quilt-58' -v branch=main",
                "resources:\n  resource image has changed:\n  name: image\n\napply configuration? [yN]: y\npipeline updated!\n"
                "you can view your pipeline here: https://ci.example.com/teams/main/pipelines/api\n", "cc-b"), "Badger-Quilt-58"),
        P(f, read_line(fill("slack_channel: '#deploys'\nslack_webhook: https://hooks.slack.com/services/T0@@1@@/B0@@2@@/@@3@@\n"
                            "aws_region: eu-central-1\nimage_repo: registry.example.com/platform/api\n",
                            gen("d23T", 8, string.ascii_uppercase + string.digits), gen("d23B", 9, string.ascii_uppercase + string.digits), hook),
                       "cc-c", 1), hook),
        P(f, write_ev("/home/dev/wf/nightly-export.yaml",
                      fill("apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata:\n  generateName: nightly-export-\nspec:\n  entrypoint: export\n"
                           "  arguments:\n    parameters:\n    - name: bucket\n      value: s3://exports-eu\n    - name: db-password\n      value: @@1@@\n"
                           "  templates:\n  - name: export\n    container:\n      image: registry.example.com/exporter:2.3.0\n"
                           "      args: [\"--bucket\", \"{{workflow.parameters.bucket}}\"]\n", r2), "cc-d"), r2),
        P(f, sh(f"argo submit -n etl wf/sync.yaml -p api-token={r3} -p region=eu-west-1 --watch=false",
                "Name:                sync-kq7wd\nNamespace:           etl\nServiceAccount:      unset (will run with the default ServiceAccount)\n"
                "Status:              Pending\nCreated:             Thu Mar 12 10:04:51 +0100 (now)\nProgress:            \n"
                f"Parameters:          \n  api-token:         {r3}\n  region:            eu-west-1\n", "cc-e"), r3),
    ]


def init_services() -> list:
    f = "d23 pos: service definitions for launchd, openrc, freebsd rc.conf, dinit and upstart with a secret"
    gh = ghp("launchd")
    r1, r2, r3 = rs("orc1", 40), rs("dinit1", 20), rs("up1", 28)
    return [
        P(f, read_ev("/Users/dev/Library/LaunchAgents/com.example.brew-autoupdate.plist",
                     '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
                     '<plist version="1.0">\n<dict>\n  <key>Label</key>\n  <string>com.example.brew-autoupdate</string>\n  <key>EnvironmentVariables</key>\n  <dict>\n'
                     f'    <key>HOMEBREW_GITHUB_API_TOKEN</key>\n    <string>{gh}</string>\n  </dict>\n  <key>ProgramArguments</key>\n  <array>\n'
                     '    <string>/opt/homebrew/bin/brew</string>\n    <string>upgrade</string>\n  </array>\n  <key>StartInterval</key>\n  <integer>86400</integer>\n'
                     '</dict>\n</plist>\n', "svc-a"), gh),
        P(f, sh("cat /etc/conf.d/grafana-agent",
                fill('# Options for /etc/init.d/grafana-agent\ngrafana_agent_config="/etc/grafana-agent.yaml"\n'
                     'export GCLOUD_HOSTED_METRICS_ID="1184532"\nexport GCLOUD_RW_API_KEY="glc_@@1@@"\n', r1), "svc-b"), "glc_" + r1),
        P(f, read_line('hostname="nas01"\nifconfig_em0="DHCP"\nsshd_enable="YES"\nzfs_enable="YES"\nminio_enable="YES"\n'
                       'minio_disks="/tank/minio"\nminio_env="MINIO_ROOT_USER=admin MINIO_ROOT_PASSWORD=Pelican&Orchard77"\n', "svc-c", 1), "Pelican&Orchard77"),
        P(f, write_ev("/etc/dinit.d/mqtt-bridge",
                      fill("type = process\ncommand = /usr/local/bin/mqtt-bridge --broker tcp://10.0.0.5:1883 --user bridge --pass @@1@@ --topic 'sensors/#'\n"
                           "depends-on = network.target\nrestart = true\nlogfile = /var/log/mqtt-bridge.log\n", r2), "svc-d"), r2),
        P(f, read_ev("/etc/init/worker.conf",
                     fill('description "background worker"\n\nstart on runlevel [2345]\nstop on runlevel [!2345]\nrespawn\n\n'
                          'env RAILS_ENV=production\nenv REDIS_URL=redis://:@@1@@@127.0.0.1:6379/0\nsetuid deploy\nchdir /srv/app/current\n\n'
                          'exec bundle exec sidekiq -C config/sidekiq.yml\n', r3), "svc-e"), r3),
    ]


def client_ini_files() -> list:
    f = "d23 pos: per-user client ini files (pg_service.conf, transifexrc, s3cfg, boto, wgetrc)"
    tx = "1/" + hx("tx", 40)
    s1, s2 = aws_secret("s3cfg"), gen("d23boto", 40, B64CHARS)
    return [
        P(f, read_ev("/home/dev/.pg_service.conf",
                     "[reporting]\nhost=pg-ro.example.net\nport=5432\ndbname=reports\nuser=analyst\npassword=Sparrow_Mesa_19\nsslmode=verify-full\n\n"
                     "[local]\nhost=localhost\ndbname=app_dev\n", "ci-a"), "Sparrow_Mesa_19"),
        P(f, sh("cat ~/.transifexrc",
                f"[https://app.transifex.com]\nrest_hostname = https://rest.api.transifex.com\ntoken         = {tx}\n", "ci-b"), tx),
        P(f, read_line(fill("[default]\naccess_key = @@1@@\nsecret_key = @@2@@\nhost_base = s3.eu-central-1.wasabisys.com\n"
                            "host_bucket = %(bucket)s.s3.eu-central-1.wasabisys.com\nuse_https = True\nsignature_v2 = False\n", aws_id("s3cfg"), s1),
                       "ci-c", 1), s1),
        P(f, read_ev("/home/dev/.boto",
                     fill("[Credentials]\ngs_access_key_id = GOOG1E@@1@@\ngs_secret_access_key = @@2@@\n\n[Boto]\nhttps_validate_certificates = True\n\n"
                          "[GSUtil]\ndefault_project_id = acme-data-prod\n", gen("d23goog", 55, UPPER_DIGITS), s2), "ci-d"), s2),
        P(f, sh("cat ~/.wgetrc",
                "# mirror job for the vendor portal\ntimestamping = on\ntries = 3\nhttp_user = mirror-acme\nhttp_password = Kettle9Baroque\n"
                "continue = on\n", "ci-e"), "Kettle9Baroque"),
    ]


def kustomize_helmfile() -> list:
    f = "d23 pos: kustomize secret generators and helmfile values with literal credentials"
    r1, r2, r3 = rs("kz1", 24), rs("hf1", 30), rs("kz2", 32)
    return [
        P(f, read_ev("/home/dev/deploy/overlays/prod/kustomization.yaml",
                     fill("apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nnamespace: shop\nresources:\n- ../../base\n"
                          "secretGenerator:\n- name: db-creds\n  literals:\n  - POSTGRES_USER=shop\n  - POSTGRES_PASSWORD=@@1@@\n"
                          "generatorOptions:\n  disableNameSuffixHash: true\nimages:\n- name: shop-api\n  newTag: 3.18.2\n", r1), "kz-a"), r1),
        P(f, sh("cd overlays/staging && kustomize edit add secret smtp --from-literal=username=apikey --from-literal=password=Tamarind.Vole.61 && git diff --stat",
                " overlays/staging/kustomization.yaml | 5 +++++\n 1 file changed, 5 insertions(+)\n", "kz-b"), "Tamarind.Vole.61"),
        P(f, write_ev("/home/dev/platform/helmfile.yaml",
                      fill("repositories:\n- name: bitnami\n  url: https://charts.bitnami.com/bitnami\n\nreleases:\n- name: keycloak\n"
                           "  namespace: auth\n  chart: bitnami/keycloak\n  version: 21.4.1\n  set:\n  - name: auth.adminUser\n    value: admin\n"
                           "  - name: auth.adminPassword\n    value: @@1@@\n", r2), "kz-c"), r2),
        P(f, read_line("environments:\n  staging:\n    values:\n    - redisPassword: Falcon-Meadow-34\n      replicas: 1\n  production:\n    values:\n"
                       "    - env/production.yaml\n---\nreleases:\n- name: redis\n  chart: bitnami/redis\n  values:\n  - auth:\n"
                       "      password: {{ .Values.redisPassword }}\n", "kz-d", 1), "Falcon-Meadow-34"),
        P(f, sh("cat overlays/prod/secrets.env",
                fill("STRIPE_WEBHOOK_SECRET=whsec_@@1@@\nSENTRY_DSN=https://@@2@@@o4506.ingest.sentry.io/4507\n", r3, hx("kzsentry")), "kz-e"),
          "whsec_" + r3, hx("kzsentry")),
    ]


def windows_answer_files() -> list:
    f = "d23 pos: windows autologon registry files, unattend answer files and policy preference passwords"
    cpw = gen("d23cpw", 43, B64CHARS)
    pw5 = "Heather!Anvil20"
    enc5 = base64.b64encode((pw5 + "AdministratorPassword").encode("utf-16-le")).decode()
    return [
        P(f, read_ev("C:/Users/dev/kiosk/autologon.reg",
                     'Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon]\n'
                     '"AutoAdminLogon"="1"\n"DefaultUserName"="kiosk"\n"DefaultDomainName"="LOBBY-PC01"\n"DefaultPassword"="Kestrel_Dune_88"\n', "win-a"),
          "Kestrel_Dune_88"),
        P(f, sh('reg add "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /v DefaultPassword /t REG_SZ /d Mistral4Oyster /f',
                "The operation completed successfully.\n", "win-b"), "Mistral4Oyster"),
        P(f, read_line('<?xml version="1.0" encoding="utf-8"?>\n<unattend xmlns="urn:schemas-microsoft-com:unattend">\n  <settings pass="oobeSystem">\n'
                       '    <component name="Microsoft-Windows-Shell-Setup" processorArchitecture="amd64" publicKeyToken="31bf3856ad364e35" language="neutral" versionScope="nonSxS">\n'
                       '      <UserAccounts>\n        <AdministratorPassword>\n          <Value>Gingko#Harbor5</Value>\n          <PlainText>true</PlainText>\n'
                       '        </AdministratorPassword>\n      </UserAccounts>\n    </component>\n  </settings>\n</unattend>\n', "win-c", 1), "Gingko#Harbor5"),
        P(f, sh("cat '\\\\corp.example.com\\SYSVOL\\corp.example.com\\Policies\\{31B2F340-016D-11D2-945F-00C04FB984F9}\\Machine\\Preferences\\Groups\\Groups.xml'",
                '<?xml version="1.0" encoding="utf-8"?>\n<Groups clsid="{3125E937-EB16-4b4c-9934-544FC6D24D26}">'
                '<User clsid="{DF5F1855-51E5-4d24-8B1A-D9BDE98BA1D1}" name="localadmin" image="2" changed="2019-06-11 08:42:17" uid="{8E1F9A2C-4C1B-4E0B-9F66-2B4B8C1D0E11}">'
                f'<Properties action="U" newName="" fullName="" description="" cpassword="{cpw}" changeLogon="0" noChange="1" neverExpires="1" acctDisabled="0" userName="localadmin"/>'
                '</User>\n</Groups>\n', "win-d"), cpw),
        P(f, read_ev("C:/deploy/autounattend.xml",
                     '<UserAccounts>\n  <AdministratorPassword>\n'
                     f'    <Value>{enc5}</Value>\n    <PlainText>false</PlainText>\n  </AdministratorPassword>\n</UserAccounts>\n', "win-e"), enc5),
    ]


def proxy_auth() -> list:
    f = "d23 pos: load balancer and proxy auth directives (haproxy, nginx, apache, varnish)"
    b1 = b64("metrics:Saffron-Dingo-44")
    r1 = rs("apache1", 32)
    b2 = b64("purge:" + rs("varnish1", 20))
    return [
        P(f, read_ev("/etc/haproxy/haproxy.cfg",
                     "global\n    log /dev/log local0\n    maxconn 4096\n\nlisten stats\n    bind *:8404\n    stats enable\n    stats uri /stats\n"
                     "    stats refresh 10s\n    stats auth admin:Gannet!Reef31\n\nfrontend fe_https\n    bind *:443 ssl crt /etc/haproxy/certs/\n"
                     "    default_backend be_app\n", "px-a"), "Gannet!Reef31"),
        P(f, read_line("userlist ops_users\n    group admins users ops,oncall\n    user ops insecure-password Lobster_Canyon_7\n"
                       "    user oncall password $6$k3Jd0$QmWc4pR0vYx1hN9sLx2uFz7aB8eT5yG3kD1oP6wR4tU2iE0qS9nV7mC5bX3zA1\n\n"
                       "backend be_admin\n    acl auth_ok http_auth(ops_users)\n    http-request auth realm ops unless auth_ok\n", "px-b", 40), "Lobster_Canyon_7"),
        P(f, write_ev("/etc/nginx/conf.d/prometheus-proxy.conf",
                      "server {\n    listen 9091;\n    server_name prom-proxy.internal;\n\n    location / {\n        proxy_pass https://prometheus.example.net;\n"
                      f'        proxy_set_header Authorization "Basic {b1}";\n        proxy_set_header Host prometheus.example.net;\n    }}\n}}\n', "px-c"), b1),
        P(f, read_ev("/etc/apache2/sites-available/geo-proxy.conf",
                     "<VirtualHost *:80>\n    ServerName geo.internal.example.com\n    ProxyPreserveHost Off\n"
                     f'    RequestHeader set X-Api-Key "{r1}"\n    ProxyPass        / https://api.geocoder.example.net/\n'
                     "    ProxyPassReverse / https://api.geocoder.example.net/\n</VirtualHost>\n", "px-d"), r1),
        P(f, sh("sed -n 1,30p /etc/varnish/default.vcl",
                'vcl 4.1;\n\nbackend default {\n    .host = "127.0.0.1";\n    .port = "8080";\n}\n\nsub vcl_recv {\n    if (req.method == "PURGE") {\n'
                f'        if (req.http.Authorization != "Basic {b2}") {{\n            return (synth(401, "Unauthorized"));\n        }}\n'
                + '        return (purge);\n    }\n}\n', "px-e"), b2),
    ]


def web_config() -> list:
    f = "d23 pos: asp.net web.config machine keys, app settings and connection strings"
    vk, dk = gen("d23vk", 128, "0123456789ABCDEF"), gen("d23dk", 64, "0123456789ABCDEF")
    sg = f"SG.{gen('d23sg1', 22, ALNUM + '-_')}.{gen('d23sg2', 43, ALNUM + '-_')}"
    r1, r2 = rs("wc1", 32), rs("wc2", 28)
    return [
        P(f, read_ev("C:/inetpub/portal/web.config",
                     '<?xml version="1.0" encoding="utf-8"?>\n<configuration>\n  <system.web>\n    <compilation debug="false" targetFramework="4.8" />\n'
                     f'    <machineKey validationKey="{vk}" decryptionKey="{dk}" validation="HMACSHA256" decryption="AES" />\n'
                     '    <authentication mode="Forms" />\n  </system.web>\n</configuration>\n', "wc-a"), vk, dk),
        P(f, read_line(f'  <appSettings>\n    <add key="webpages:Version" value="3.0.0.0" />\n    <add key="SendGridApiKey" value="{sg}" />\n'
                       '    <add key="SupportEmail" value="support@example.com" />\n  </appSettings>\n', "wc-b", 8), sg),
        P(f, write_ev("C:/src/Intranet/Web.config",
                      '<connectionStrings>\n  <add name="IntranetDb"\n       connectionString="Data Source=SQLCLUS01\\INTRA;Initial Catalog=Intranet;User ID=intranet_web;Password=Cormorant.Sleet.72;MultipleActiveResultSets=True"\n'
                      '       providerName="System.Data.SqlClient" />\n</connectionStrings>\n', "wc-c"), "Cormorant.Sleet.72"),
        P(f, read_ev("C:/src/Shop/Web.Release.config",
                     '<?xml version="1.0"?>\n<configuration xmlns:xdt="http://schemas.microsoft.com/XML-Document-Transform">\n  <appSettings>\n'
                     f'    <add key="PaymentGatewaySecret" value="{r1}" xdt:Transform="SetAttributes" xdt:Locator="Match(key)" />\n'
                     '  </appSettings>\n  <system.web>\n    <compilation xdt:Transform="RemoveAttributes(debug)" />\n  </system.web>\n</configuration>\n', "wc-d"), r1),
        P(f, sh('%windir%\\system32\\inetsrv\\appcmd.exe list config "Default Web Site/api" /section:appSettings',
                f'<system.web>\n</system.web>\n<appSettings>\n  <add key="Environment" value="Production" />\n  <add key="ErpApiToken" value="{r2}" />\n'
                '  <add key="ErpBaseUrl" value="https://erp.example.com/api/v2/" />\n</appSettings>\n', "wc-e"), r2),
    ]


def classic_asp_vb() -> list:
    f = "d23 pos: classic asp, vbscript, vb6 and coldfusion code with inline credentials"
    r1, r2 = rs("cf1", 26), rs("vb6", 18)
    return [
        P(f, read_ev("D:/sites/shop/includes/conn.asp",
                     '<%\nDim conn\nSet conn = Server.CreateObject("ADODB.Connection")\n'
                     'conn.Open "Provider=SQLOLEDB;Data Source=SQL01;Initial Catalog=Shop;User ID=webshop;Password=Toucan%Birch53;"\n%>\n', "asp-a"),
          "Toucan%Birch53"),
        P(f, read_line('Option Explicit\nDim objConn, rs\nSet objConn = CreateObject("ADODB.Connection")\n'
                       'objConn.Open "DSN=Payroll", "payroll_svc", "Ember-Quartz-26"\n'
                       'Set rs = objConn.Execute("SELECT emp_id, gross FROM pay_run WHERE period = \'2026-02\'")\n'
                       'Do Until rs.EOF\n    WScript.Echo rs("emp_id") & vbTab & rs("gross")\n    rs.MoveNext\nLoop\n', "asp-b", 1), "Ember-Quartz-26"),
        P(f, write_ev("C:/src/Uploader/modFtp.bas",
                      f'Attribute VB_Name = "modFtp"\nOption Explicit\n\nPrivate Const FTP_HOST As String = "ftp.example-logistics.com"\n'
                      f'Private Const FTP_USER As String = "edi_upload"\nPrivate Const FTP_PASS As String = "{r2}"\n\n'
                      'Public Sub Connect(ByRef ctl As Inet)\n    ctl.URL = "ftp://" & FTP_HOST\n    ctl.UserName = FTP_USER\n    ctl.Password = FTP_PASS\nEnd Sub\n', "asp-c"), r2),
        P(f, read_ev("/var/www/intranet/api/weather.cfm",
                     '<cfhttp url="https://api.partner.example.com/v1/forecast" method="get" result="res"\n'
                     f'        username="intranet" password="{r1}" timeout="15">\n    <cfhttpparam type="url" name="city" value="#url.city#">\n</cfhttp>\n'
                     '<cfoutput>#res.fileContent#</cfoutput>\n', "asp-d"), r1),
        P(f, sh("cat Application.cfc",
                'component {\n    this.name = "legacyPortal";\n    this.datasources["legacy"] = {\n        class: "com.microsoft.sqlserver.jdbc.SQLServerDriver",\n'
                '        connectionString: "jdbc:sqlserver://sql02.example.local:1433;DATABASE=Legacy",\n        username: "cf_legacy",\n'
                '        password: "Osprey.Thicket.15"\n    };\n    this.datasource = "legacy";\n}\n', "asp-e"), "Osprey.Thicket.15"),
    ]


def desktop_automation() -> list:
    f = "d23 pos: desktop automation scripts typing a password (autoit, xdotool, pyautogui, pywinauto, sikulix)"
    r1 = rs("xdo1", 20)
    return [
        P(f, read_ev("C:/automation/erp_login.au3",
                     '#include <AutoItConstants.au3>\n\nRun("C:\\Program Files\\LegacyERP\\erp.exe")\nWinWaitActive("LegacyERP - Login")\n'
                     'ControlSetText("LegacyERP - Login", "", "Edit1", "night_batch")\nControlSetText("LegacyERP - Login", "", "Edit2", "Wombat7Glacier")\n'
                     'ControlClick("LegacyERP - Login", "", "Button1")\n', "da-a"), "Wombat7Glacier"),
        P(f, read_line(f"#!/bin/sh\n# unlock the kiosk vpn client after boot\nsleep 20\nxdotool search --name 'GlobalProtect' windowactivate --sync\n"
                       f"xdotool type --delay 40 '{r1}'\nxdotool key Return\n", "da-b", 1), r1),
        P(f, write_ev("/home/dev/rpa/timesheet.py",
                      "import pyautogui\nimport time\n\npyautogui.click(640, 412)  # username box\npyautogui.write('m.oconnor', interval=0.05)\n"
                      "pyautogui.press('tab')\npyautogui.write('Clover&Basalt31', interval=0.05)\npyautogui.press('enter')\ntime.sleep(3)\n", "da-c"),
          "Clover&Basalt31"),
        P(f, sh("sed -n 1,25p bots/sap_gui.py",
                "from pywinauto.application import Application\n\napp = Application(backend='uia').start(r'C:\\Program Files (x86)\\SAP\\FrontEnd\\SAPgui\\saplogon.exe')\n"
                "dlg = app.window(title_re='SAP Logon.*')\ndlg['UserEdit'].type_keys('RPA_USER')\ndlg['PasswordEdit'].type_keys('Narwhal.Prism.48')\n"
                "dlg['LogOnButton'].click()\n", "da-d"), "Narwhal.Prism.48"),
        P(f, read_ev("/home/dev/sikuli/citrix_login.sikuli/citrix_login.py",
                     'click("receiver_icon.png")\nwait("login_dialog.png", 30)\ntype("username_field.png", "svc-citrix")\n'
                     'type("password_field.png", "Ibis4Meridian" + Key.ENTER)\nwait("desktop_ready.png", 120)\n', "da-e"), "Ibis4Meridian"),
    ]


def admin_positional() -> list:
    f = "d23 pos: admin commands setting a password given as a positional argument (htpasswd -b, mysqladmin, net user, rabbitmqctl, chpasswd)"
    r1 = rs("rmq1", 24)
    return [
        P(f, sh("sudo htpasswd -b -B /etc/nginx/.htpasswd grafana Raven_Coast_55", "Adding password for user grafana\n", "adm-a"), "Raven_Coast_55"),
        P(f, sh("mysqladmin -u root -p'Oriole.Ash.12' password 'Tapir-Solstice-90'",
                "mysqladmin: [Warning] Using a password on the command line interface can be insecure.\n"
                "Warning: Since password will be sent to server in plain text, use ssl connection to ensure password safety.\n", "adm-b"),
          "Oriole.Ash.12", "Tapir-Solstice-90"),
        P(f, sh("net user svc_backup Lynx4Harvest88 /add /passwordchg:no /expires:never", "The command completed successfully.\n\n", "adm-c"), "Lynx4Harvest88"),
        P(f, sh(f"rabbitmqctl add_user telemetry {r1} && rabbitmqctl set_permissions -p / telemetry '^telemetry.*' '^telemetry.*' '^telemetry.*'",
                'Adding user "telemetry" ...\nDone. Don\'t forget to grant the user permissions to some virtual hosts! See \'rabbitmqctl help set_permissions\' to learn more.\n'
                'Setting permissions for user "telemetry" in vhost "/" ...\n', "adm-d"), r1),
        P(f, sh("echo 'deploy:Moorhen%Cask61' | sudo chpasswd && sudo passwd -S deploy",
                "deploy P 03/12/2026 0 99999 7 -1\n", "adm-e"), "Moorhen%Cask61"),
    ]


def default_params() -> list:
    f = "d23 pos: default parameter values holding a credential (python, kotlin, typescript, ruby, c++)"
    k1, r2, r3, r4 = hx("dp1", 32), rs("dp2", 36), rs("dp3", 30), rs("dp4", 40)
    return [
        P(f, read_ev("/home/dev/fx/rates.py",
                     f'import requests\n\n\ndef fetch_rates(base: str = "EUR", api_key: str = "{k1}") -> dict:\n'
                     '    r = requests.get("https://api.exchangerate.example.com/v6/latest", params={"base": base, "key": api_key}, timeout=10)\n'
                     '    r.raise_for_status()\n    return r.json()["rates"]\n', "dp-a"), k1),
        P(f, read_line('class MailClient(\n    private val host: String = "smtp.example.com",\n    private val port: Int = 587,\n'
                       '    private val user: String = "notifier@example.com",\n    private val password: String = "Starling!Delta72",\n) {\n'
                       '    fun send(to: String, subject: String, body: String) { /* ... */ }\n}\n', "dp-b", 5), "Starling!Delta72"),
        P(f, write_ev("/home/dev/web/src/services/maps.ts",
                      f"export class MapsService {{\n  constructor(\n    private readonly http: HttpClient,\n    private readonly token: string = '{r2}',\n  ) {{}}\n\n"
                      "  geocode(q: string) {\n    return this.http.get(`https://maps.example.com/geocode?q=${encodeURIComponent(q)}&token=${this.token}`);\n  }\n}\n", "dp-c"), r2),
        P(f, sh("sed -n 1,15p lib/billing/client.rb",
                f'module Billing\n  class Client\n    def initialize(user: "svc-billing", secret: "{r3}", base: "https://billing.example.com")\n'
                '      @user, @secret, @base = user, secret, base\n    end\n  end\nend\n', "dp-d"), r3),
        P(f, read_ev("/home/dev/telemetry/include/uploader.hpp",
                     f'#pragma once\n#include <string>\n\nclass Uploader {{\npublic:\n    explicit Uploader(std::string endpoint = "https://ingest.example.io",\n'
                     f'                      std::string key = "{r4}");\n    bool push(const std::string& payload);\n\nprivate:\n    std::string endpoint_, key_;\n}};\n', "dp-e"), r4),
    ]


def concatenations() -> list:
    f = "d23 pos: credentials assembled by concatenation and format calls"
    r1, r2, r3 = rs("cat1", 22), rs("cat2", 34), rs("cat3", 26)
    return [
        P(f, read_ev("/home/dev/crm/Data/Db.cs",
                     'public static class Db\n{\n    public static SqlConnection Open(string host)\n    {\n'
                     '        var cs = "Server=" + host + ";Database=crm;User Id=crm_app;Password=" + "Puffin.Harbor.27" + ";Encrypt=True;";\n'
                     '        var conn = new SqlConnection(cs);\n        conn.Open();\n        return conn;\n    }\n}\n', "cat-a"), "Puffin.Harbor.27"),
        P(f, read_line(f'func dsn(host string) string {{\n\treturn fmt.Sprintf("%s:%s@tcp(%s:3306)/%s?parseTime=true", "orders", "{r1}", host, "orders")\n}}\n', "cat-b", 31), r1),
        P(f, write_ev("/home/dev/scripts/jira_client.py",
                      "import base64\nimport requests\n\nAUTH = 'Basic ' + base64.b64encode(b'svc-jira@example.com:' + b'Tern7Willow!Gate').decode()\n"
                      "r = requests.get('https://example.atlassian.net/rest/api/3/myself', headers={'Authorization': AUTH})\nprint(r.status_code)\n", "cat-c"),
          "Tern7Willow!Gate"),
        P(f, sh("grep -n Bearer -r src/",
                f"src/api/client.js:14:const headers = {{ Authorization: 'Bearer ' + '{r2}', 'Content-Type': 'application/json' }};\n", "cat-d"), r2),
        P(f, read_ev("/home/dev/queue/src/config.rs",
                     f'pub fn redis_url(host: &str) -> String {{\n    format!("redis://:{{}}@{{}}:6379/2", "{r3}", host)\n}}\n', "cat-e"), r3),
    ]


def settings_tables() -> list:
    f = "d23 pos: settings tables holding a key's name and its value in separate columns"
    mg = "key-" + hx("mg", 32)
    r1, r2 = rs("st1", 30), hx("st2", 32)
    return [
        P(f, sh("mysql -h db1 -u admin -p shop -e \"UPDATE app_settings SET value = 'Avocet_Ridge_40' WHERE name = 'smtp_password';\"",
                "Enter password: \n", "st-a"), "Avocet_Ridge_40"),
        P(f, write_ev("/home/dev/app/db/seeds/integrations.sql",
                      f"INSERT INTO integrations (provider, setting, value) VALUES\n  ('mailgun', 'domain', 'mg.example.com'),\n"
                      f"  ('mailgun', 'api_key', '{mg}'),\n  ('mailgun', 'region', 'eu');\n", "st-b"), mg),
        P(f, sh("sqlite3 instance/app.db '.dump settings'",
                "PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\nCREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);\n"
                "INSERT INTO settings VALUES('site_title','Fjord Outfitters');\n"
                f"INSERT INTO settings VALUES('shipping_api_secret','{r1}');\nINSERT INTO settings VALUES('currency','NOK');\nCOMMIT;\n", "st-c"), r1),
        P(f, read_ev("/home/dev/app/fixtures/settings.json",
                     '[\n  {"model": "core.setting", "pk": 6, "fields": {"key": "TWILIO_ACCOUNT_SID", "value": "AC' + hx("twsid", 32) + '"}},\n'
                     f'  {{"model": "core.setting", "pk": 7, "fields": {{"key": "TWILIO_AUTH_TOKEN", "value": "{r2}"}}}}\n]\n', "st-d"), r2),
        P(f, sh("psql -U postgres cms -c 'SELECT key, value FROM site_config ORDER BY key'",
                "        key        |           value\n-------------------+---------------------------\n ga_property       | G-7KQ2M9XW3D\n"
                " smtp_host         | smtp.example.com\n smtp_password     | Swift&Lantern09\n smtp_user         | cms@example.com\n(4 rows)\n", "st-e"),
          "Swift&Lantern09"),
    ]


def sql_crypto() -> list:
    f = "d23 pos: sql encryption functions and key statements with an inline passphrase"
    r1 = rs("aes1", 32)
    return [
        P(f, sh("psql -d hr -c \"UPDATE employees SET ssn_enc = pgp_sym_encrypt(ssn_plain, 'Quince!Tundra83') WHERE ssn_enc IS NULL;\"",
                "UPDATE 1284\n", "sc-a"), "Quince!Tundra83"),
        P(f, read_ev("/home/dev/shop/migrations/20260301_encrypt_cards.sql",
                     f"ALTER TABLE customers ADD COLUMN card_enc VARBINARY(256);\nUPDATE customers SET card_enc = AES_ENCRYPT(card_plain, '{r1}');\n"
                     "ALTER TABLE customers DROP COLUMN card_plain;\n", "sc-b"), r1),
        P(f, read_line("DECLARE @ssn NVARCHAR(11) = N'123-45-6789';\n"
                       "INSERT INTO dbo.Patients (Name, SsnEnc) VALUES (N'Test Patient', ENCRYPTBYPASSPHRASE('Mongoose-Velvet-36', @ssn));\n", "sc-c", 12),
          "Mongoose-Velvet-36"),
        P(f, write_ev("/home/dev/db/setup/01_keys.sql",
                      "USE Clinic;\nGO\nCREATE MASTER KEY ENCRYPTION BY PASSWORD = 'Heron&Copper2031';\nGO\n"
                      "CREATE CERTIFICATE PatientCert WITH SUBJECT = 'Patient data';\nGO\n", "sc-d"), "Heron&Copper2031"),
        P(f, sh("sqlcmd -S sql03 -d Payroll -E -Q \"OPEN SYMMETRIC KEY SSN_Key DECRYPTION BY PASSWORD = 'Gecko7Summit!Rye'; "
                "SELECT TOP 2 EmpId, CONVERT(varchar, DECRYPTBYKEY(SsnEnc)) AS Ssn FROM dbo.Emp;\"",
                "EmpId       Ssn\n----------- ------------------------------\n       1001 NULL\n       1002 NULL\n\n(2 rows affected)\n", "sc-e"),
          "Gecko7Summit!Rye"),
    ]


def log_shippers() -> list:
    f = "d23 pos: logstash pipelines and beats outputs with a literal password"
    r1, r2 = rs("ls1", 24), rs("fb1", 20)
    return [
        P(f, read_ev("/etc/logstash/conf.d/30-output.conf",
                     'output {\n  elasticsearch {\n    hosts => ["https://es01.example.net:9200", "https://es02.example.net:9200"]\n'
                     f'    user => "logstash_writer"\n    password => "{r1}"\n    index => "app-%{{+YYYY.MM.dd}}"\n    ssl_certificate_authorities => ["/etc/logstash/ca.crt"]\n  }}\n}}\n', "ls-a"), r1),
        P(f, read_line('input {\n  jdbc {\n    jdbc_driver_library => "/opt/drivers/mssql-jdbc-12.6.1.jre11.jar"\n'
                       '    jdbc_driver_class => "com.microsoft.sqlserver.jdbc.SQLServerDriver"\n'
                       '    jdbc_connection_string => "jdbc:sqlserver://sql04:1433;databaseName=Orders"\n    jdbc_user => "ls_reader"\n'
                       '    jdbc_password => "Pangolin_Shore_81"\n    schedule => "*/5 * * * *"\n    statement => "SELECT * FROM dbo.Orders WHERE updated_at > :sql_last_value"\n  }\n}\n',
                       "ls-b", 1), "Pangolin_Shore_81"),
        P(f, write_ev("/etc/filebeat/filebeat.yml",
                      f"filebeat.inputs:\n- type: filestream\n  id: nginx\n  paths: [/var/log/nginx/*.log]\n\noutput.elasticsearch:\n"
                      f"  hosts: [\"https://es01.example.net:9200\"]\n  username: \"filebeat_internal\"\n  password: \"{r2}\"\n", "ls-c"), r2),
        P(f, read_ev("/etc/metricbeat/modules.d/mysql.yml",
                     "- module: mysql\n  metricsets: [status, galera_status]\n  period: 10s\n  hosts: [\"root:Wren.Gravel.66@tcp(127.0.0.1:3306)/\"]\n", "ls-d"),
          "Wren.Gravel.66"),
        P(f, sh("sudo filebeat test output -E output.elasticsearch.username=elastic -E output.elasticsearch.password=Bittern4Cove",
                "elasticsearch: https://es01.example.net:9200...\n  parse url... OK\n  connection...\n    parse host... OK\n    dns lookup... OK\n"
                "    addresses: 10.40.2.11\n    dial up... OK\n  TLS...\n    security: server's certificate chain verification is enabled\n"
                "    handshake... OK\n  talk to server... OK\n  version: 8.13.2\n", "ls-e"), "Bittern4Cove"),
    ]


def lang_test_setups() -> list:
    f = "d23 pos: test setups in elixir, zig, crystal, ocaml and nim holding a live credential"
    r1, r2, r3, r4 = rs("ex1", 40), rs("zig1", 32), rs("ml2", 36), rs("nim2", 28)
    sg = f"SG.{gen('d23sgcr1', 22, ALNUM + '-_')}.{gen('d23sgcr2', 43, ALNUM + '-_')}"
    return [
        P(f, read_ev("/home/dev/geo/test/geo/mapbox_test.exs",
                     "defmodule Geo.MapboxTest do\n  use ExUnit.Case, async: false\n\n  setup do\n"
                     f'    Application.put_env(:geo, :mapbox_token, "pk.{r1}")\n    on_exit(fn -> Application.delete_env(:geo, :mapbox_token) end)\n    :ok\n  end\n\n'
                     '  @tag :integration\n  test "geocodes a street address" do\n    assert {:ok, %{lat: _, lon: _}} = Geo.Mapbox.forward("Karl Johans gate 1, Oslo")\n  end\nend\n', "lt-a"),
          "pk." + r1),
        P(f, read_line('const std = @import("std");\nconst client = @import("client.zig");\n\ntest "upload snapshot to bucket" {\n'
                       f'    const token = "{r2}";\n    var c = try client.Client.init(std.testing.allocator, "https://storage.example.io", token);\n'
                       '    defer c.deinit();\n    try std.testing.expect(try c.put("snap.bin", "hello"));\n}\n', "lt-b", 1), r2),
        P(f, write_ev("/home/dev/notifier/spec/mailer_spec.cr",
                      f'require "./spec_helper"\n\nENV["SENDGRID_KEY"] = "{sg}"\n\ndescribe Notifier::Mailer do\n'
                      '  it "delivers the welcome mail" do\n    Notifier::Mailer.new.deliver("qa@example.com", "welcome").should be_true\n  end\nend\n', "lt-c"), sg),
        P(f, read_ev("/home/dev/ledger/test/test_api.ml",
                     f'let api_key = "{r3}"\n\nlet test_balance () =\n  let c = Ledger_client.create ~base:"https://ledger.example.com" ~api_key in\n'
                     '  Alcotest.(check bool) "positive" true (Ledger_client.balance c "acct-1" > 0.)\n\n'
                     'let () = Alcotest.run "api" [ ("balance", [ Alcotest.test_case "live" `Slow test_balance ]) ]\n', "lt-d"), r3),
        P(f, sh("nimble test 2>&1 | head -20; sed -n 1,12p tests/tclient.nim",
                "  Verifying dependencies for weatherlib@0.4.1\n   Compiling tests/tclient (from package weatherlib) using c backend\n"
                "[Suite] client\n  [OK] current conditions\n  [OK] forecast\n"
                f'import unittest, weatherlib\n\nsuite "client":\n  let c = newClient("https://api.weather.example.com/v3", "{r4}")\n'
                '  test "current conditions":\n    check c.current("Bergen").tempC > -60.0\n', "lt-e"), r4),
    ]


def jvm_scripts() -> list:
    f = "d23 pos: kotlin, groovy and jbang scripts run from the shell with a credential"
    glpat = "glpat-" + gen("d23glpat", 20, ALNUM + "-_")
    r1, r2 = rs("gv1", 32), rs("jb1", 26)
    return [
        P(f, read_ev("/home/dev/ops/release.main.kts",
                     '#!/usr/bin/env kotlin\n@file:DependsOn("com.squareup.okhttp3:okhttp:4.12.0")\n\nimport okhttp3.*\n\n'
                     f'val token = "{glpat}"\nval client = OkHttpClient()\nval req = Request.Builder()\n'
                     '    .url("https://gitlab.example.com/api/v4/projects/412/releases")\n    .header("PRIVATE-TOKEN", token)\n    .build()\n'
                     'println(client.newCall(req).execute().body?.string())\n', "jv-a"), glpat),
        P(f, sh(f"groovy -e 'println new URL(\"https://ci.example.com/job/api/lastBuild/api/json\").getText(requestProperties: [Authorization: \"Bearer {r1}\"])'",
                '{"_class":"hudson.model.FreeStyleBuild","building":false,"number":1841,"result":"SUCCESS"}\n', "jv-b"), r1),
        P(f, write_ev("/home/dev/tools/Purge.java",
                      "///usr/bin/env jbang \"$0\" \"$@\" ; exit $?\n//DEPS org.postgresql:postgresql:42.7.3\n\nimport java.sql.*;\n\nclass Purge {\n"
                      f'    public static void main(String... args) throws Exception {{\n        var pw = "{r2}";\n'
                      '        try (var c = DriverManager.getConnection("jdbc:postgresql://pg.example.net/app", "purger", pw)) {\n'
                      '            System.out.println(c.createStatement().executeUpdate("DELETE FROM sessions WHERE expires_at < now()"));\n        }\n    }\n}\n', "jv-c"), r2),
        P(f, read_line('@Grab("com.mysql:mysql-connector-j:8.3.0")\n@GrabConfig(systemClassLoader = true)\nimport groovy.sql.Sql\n\n'
                       'def sql = Sql.newInstance("jdbc:mysql://mysql-reports:3306/bi", "report", "Caracal!Fern92", "com.mysql.cj.jdbc.Driver")\n'
                       'sql.eachRow("SELECT region, SUM(total) t FROM sales GROUP BY region") { println "${it.region}\\t${it.t}" }\n', "jv-d", 1),
          "Caracal!Fern92"),
        P(f, read_ev("/home/dev/ops/sync.main.kts",
                     '@file:Repository("https://nexus.example.com/repository/maven-private/", options = ["username=ci-reader", "password=Aster.Pike.417"])\n'
                     '@file:DependsOn("com.example.internal:sync-core:2.4.0")\n\nimport com.example.sync.Runner\n\nRunner.main(args)\n', "jv-e"),
          "Aster.Pike.417"),
    ]


def starlark_files() -> list:
    f = "d23 pos: tiltfiles and other starlark files with a literal secret"
    r1, r2 = rs("tl1", 32), rs("tl2", 22)
    npm = "npm_" + gen("d23npmtilt", 36)
    squ = "squ_" + hx("squdrone", 40)
    return [
        P(f, read_ev("/home/dev/shop/Tiltfile",
                     "load('ext://secret', 'secret_from_dict')\nload('ext://helm_resource', 'helm_resource')\n\n"
                     "k8s_yaml(secret_from_dict('db-creds', inputs={\n    'POSTGRES_USER': 'shop',\n    'POSTGRES_PASSWORD': 'Heron-Glade-703',\n}))\n"
                     "k8s_yaml('deploy/api.yaml')\nk8s_resource('api', port_forwards=8080)\n", "sl-a"), "Heron-Glade-703"),
        P(f, read_line(f"local_resource(\n    'seed',\n    cmd='./scripts/seed.sh',\n    env={{'ADMIN_TOKEN': '{r1}', 'API_URL': 'http://localhost:8080'}},\n"
                       "    resource_deps=['api'],\n)\n", "sl-b", 22), r1),
        P(f, write_ev("/home/dev/web/Tiltfile",
                      f"docker_build('web', '.', dockerfile='Dockerfile.dev', build_args={{'NPM_TOKEN': '{npm}'}}, live_update=[sync('./src', '/app/src')])\n"
                      "k8s_yaml('k8s/web.yaml')\n", "sl-c"), npm),
        P(f, read_ev("/home/dev/api/.drone.star",
                     "def main(ctx):\n    return {\n        'kind': 'pipeline',\n        'name': 'scan',\n        'steps': [\n            {\n"
                     "                'name': 'sonar',\n                'image': 'sonarsource/sonar-scanner-cli:5',\n"
                     f"                'environment': {{'SONAR_HOST_URL': 'https://sonar.example.com', 'SONAR_TOKEN': '{squ}'}},\n            }},\n        ],\n    }}\n", "sl-d"), squ),
        P(f, sh("grep -n -A6 helm_resource Tiltfile",
                f"31:helm_resource(\n32-    'redis',\n33-    'bitnami/redis',\n34-    flags=['--set', 'auth.password={r2}', '--set', 'replica.replicaCount=0'],\n"
                "35-    port_forwards=[6379],\n36-)\n", "sl-e"), r2),
    ]


def hcl_tools() -> list:
    f = "d23 pos: atlas, vault server and waypoint hcl with a credential"
    r1, r2, r3 = rs("atl1", 24), rs("vs1", 28), rs("wp1", 32)
    hvs = "hvs." + gen("d23hvs", 24)
    return [
        P(f, read_ev("/home/dev/app/atlas.hcl",
                     f'env "local" {{\n  src = "file://schema.hcl"\n  url = "postgres://postgres:pass@localhost:5432/app?sslmode=disable"\n  dev = "docker://postgres/16/dev"\n}}\n\n'
                     f'env "prod" {{\n  src = "file://schema.hcl"\n  url = "postgres://atlas:{r1}@db.example.net:5432/app?sslmode=require"\n}}\n', "hc-a"), r1),
        P(f, sh("atlas migrate apply --dir file://migrations --url 'mysql://migrator:Ptarmigan.Ore.58@mysql-prod.internal:3306/shop'",
                "Migrating to version 20260311094512 (2 migrations in total):\n\n  -- migrating version 20260309120000\n"
                "    -> ALTER TABLE `orders` ADD COLUMN `channel` varchar(32) NULL;\n  -- ok (41.223ms)\n\n  -------------------------\n"
                "  -- 88.514ms\n  -- 2 migrations\n  -- 2 sql statements\n", "hc-b"), "Ptarmigan.Ore.58"),
        P(f, read_line(f'storage "postgresql" {{\n  connection_url = "postgres://vault:{r2}@pg-vault.internal:5432/vault?sslmode=verify-full"\n'
                       '  ha_enabled     = "true"\n}\n\nlistener "tcp" {\n  address       = "0.0.0.0:8200"\n  tls_cert_file = "/etc/vault/tls/vault.crt"\n'
                       '  tls_key_file  = "/etc/vault/tls/vault.key"\n}\n', "hc-c", 1), r2),
        P(f, write_ev("/etc/vault.d/seal.hcl",
                      f'seal "transit" {{\n  address         = "https://vault-root.internal:8200"\n  token           = "{hvs}"\n'
                      '  disable_renewal = "false"\n  key_name        = "autounseal"\n  mount_path      = "transit/"\n}\n', "hc-d"), hvs),
        P(f, read_ev("/home/dev/svc/waypoint.hcl",
                     'project = "billing"\n\napp "api" {\n  build {\n    use "docker" {}\n    registry {\n      use "docker" {\n'
                     '        image = "registry.example.com/billing/api"\n        tag   = "latest"\n        auth {\n          username = "robot$ci"\n'
                     f'          password = "{r3}"\n        }}\n      }}\n    }}\n  }}\n\n  deploy {{\n    use "kubernetes" {{}}\n  }}\n}}\n', "hc-e"), r3),
    ]


def cloudformation_params() -> list:
    f = "d23 pos: cloudformation parameter files and overrides carrying a password"
    dd, r1 = hx("cfdd", 32), rs("cf2", 40)
    return [
        P(f, read_ev("/home/dev/infra/params/prod.json",
                     '[\n  {"ParameterKey": "Environment", "ParameterValue": "prod"},\n  {"ParameterKey": "DBInstanceClass", "ParameterValue": "db.r6g.large"},\n'
                     '  {"ParameterKey": "DBMasterUsername", "ParameterValue": "dbadmin"},\n  {"ParameterKey": "DBMasterPassword", "ParameterValue": "Cassowary.Loom.84"}\n]\n', "cf-a"),
          "Cassowary.Loom.84"),
        P(f, sh("aws cloudformation create-stack --stack-name wiki-prod --template-body file://wiki.yaml --parameters "
                "ParameterKey=DbPassword,ParameterValue=Bramble7Otter ParameterKey=Env,ParameterValue=prod --capabilities CAPABILITY_IAM",
                '{\n    "StackId": "arn:aws:cloudformation:eu-west-1:123456789012:stack/wiki-prod/' + uuid_of("cfstack") + '"\n}\n', "cf-b"),
          "Bramble7Otter"),
        P(f, sh(f"aws cloudformation deploy --stack-name dd-forwarder --template-file forwarder.yaml --parameter-overrides DdApiKey={dd} DdSite=datadoghq.eu --capabilities CAPABILITY_NAMED_IAM",
                "\nWaiting for changeset to be created..\nWaiting for stack create/update to complete\nSuccessfully created/updated stack - dd-forwarder\n", "cf-c"), dd),
        P(f, write_ev("/home/dev/infra/pipeline/template-configuration.json",
                      f'{{\n  "Parameters": {{\n    "Stage": "prod",\n    "RedisAuthToken": "{r1}",\n    "CacheNodeType": "cache.t4g.medium"\n  }},\n'
                      '  "Tags": {\n    "team": "platform"\n  }\n}\n', "cf-d"), r1),
        P(f, read_line("template:\n  path: ldap.yaml\nstack_name: ldap-{{ var.env }}\nparameters:\n  InstanceType: t3.small\n  AdminUser: cn=admin\n"
                       "  AdminPassword: Starfish&Veld39\n  VpcId: !stack_output network.yaml::VpcId\n", "cf-e", 1), "Starfish&Veld39"),
    ]


def stored_procedures() -> list:
    f = "d23 pos: stored procedure calls taking a password positionally"
    r1, r2 = rs("sp1", 20), gen("d23ocitok", 20, ALNUM + "+-#")
    return [
        P(f, read_ev("/home/dev/db/legacy/create_logins.sql",
                     "USE master;\nGO\nEXEC sp_addlogin 'report_ro', 'Mallard.Flint.77', 'Reporting';\nGO\nUSE Reporting;\n"
                     "EXEC sp_adduser 'report_ro';\nEXEC sp_addrolemember 'db_datareader', 'report_ro';\nGO\n", "sp-a"), "Mallard.Flint.77"),
        P(f, sh("sqlcmd -S legacy-sql -U sa -Q \"EXEC sp_password NULL, 'Gazelle4Thistle', 'app_user'\"",
                "Password changed.\n", "sp-b"), "Gazelle4Thistle"),
        P(f, read_line(f"BEGIN\n  DBMS_CREDENTIAL.CREATE_CREDENTIAL('SFTP_CRED', 'batch', '{r1}');\nEND;\n/\n", "sp-c", 3), r1),
        P(f, write_ev("/home/dev/adb/setup_cloud.sql",
                      f"BEGIN\n  DBMS_CLOUD.CREATE_CREDENTIAL(\n    credential_name => 'OBJ_STORE_CRED',\n    username        => 'oci.etl@example.com',\n"
                      f"    password        => '{r2}'\n  );\nEND;\n/\n", "sp-d"), r2),
        P(f, sh("mysql -h replica-2.c9x.eu-west-1.rds.amazonaws.com -u admin -p -e \"CALL mysql.rds_set_external_master('10.0.4.17', 3306, 'repl', 'Jaguar.Mist.50', 'mysql-bin.000412', 154, 0); CALL mysql.rds_start_replication;\"",
                "Enter password: \n+-------------------------+\n| Message                 |\n+-------------------------+\n| Slave running normally. |\n+-------------------------+\n", "sp-e"),
          "Jaguar.Mist.50"),
    ]


def powershell_splats() -> list:
    f = "d23 pos: powershell splatting tables and dsc configuration data with a password"
    r1 = rs("ps1", 32)
    cs = gen("d23azcs", 5, ALNUM) + "8Q~" + gen("d23azcs2", 32, ALNUM + "~._-")
    return [
        P(f, read_ev("C:/scripts/Get-Invoices.ps1",
                     f"$params = @{{\n    Uri     = 'https://erp.example.com/api/v2/invoices?status=open'\n    Method  = 'Get'\n"
                     f"    Headers = @{{ 'X-Api-Key' = '{r1}'; Accept = 'application/json' }}\n}}\n$invoices = Invoke-RestMethod @params\n"
                     "$invoices | Export-Csv -Path .\\open_invoices.csv -NoTypeInformation\n", "ps-a"), r1),
        P(f, read_line("$sqlArgs = @{\n    ServerInstance = 'SQL02'\n    Database       = 'Warehouse'\n    Username       = 'etl_loader'\n"
                       "    Password       = 'Dormouse!Cairn21'\n    Query          = 'EXEC dbo.usp_LoadDaily'\n}\nInvoke-Sqlcmd @sqlArgs -TrustServerCertificate\n", "ps-b", 1),
          "Dormouse!Cairn21"),
        P(f, write_ev("C:/dsc/ConfigData.psd1",
                      "@{\n    AllNodes = @(\n        @{\n            NodeName                    = 'WEB01'\n            PSDscAllowPlainTextPassword = $true\n"
                      "            ServiceAccount              = 'CONTOSO\\svc_iis'\n            ServiceAccountPassword      = 'Tanager.Quarry.66'\n        }\n    )\n}\n", "ps-c"),
          "Tanager.Quarry.66"),
        P(f, sh("Get-Content .\\install_tableau.ps1",
                "$argList = @('/SILENT', '/ACCEPTEULA=1', '/RUNASUSER=CONTOSO\\svc_tableau', '/RUNASPASSWORD=Iguana5Larch!')\n"
                "Start-Process -FilePath .\\TableauServer-64bit-2024-2-3.exe -ArgumentList $argList -Wait\n", "ps-d"), "Iguana5Larch!"),
        P(f, read_ev("C:/scripts/Get-GraphToken.ps1",
                     f"$body = @{{\n    client_id     = '{uuid_of('azapp')}'\n    client_secret = '{cs}'\n    scope         = 'https://graph.microsoft.com/.default'\n"
                     "    grant_type    = 'client_credentials'\n}\n"
                     f"$tok = Invoke-RestMethod -Method Post -Uri 'https://login.microsoftonline.com/{uuid_of('aztenant')}/oauth2/v2.0/token' -Body $body\n", "ps-e"), cs),
    ]


def task_runners() -> list:
    f = "d23 pos: justfiles, taskfiles and mise.toml with a literal token"
    r1 = rs("just1", 36)
    dckr = "dckr_pat_" + gen("d23dckr", 27, ALNUM + "-_")
    ow = hx("mise", 32)
    gh = ghp("task")
    return [
        P(f, read_ev("/home/dev/svc/justfile",
                     "set dotenv-load\n\nbuild:\n    cargo build --release\n\nnotify:\n"
                     f"    curl -fsS -X POST -H 'Authorization: Bearer {r1}' https://hooks.example.com/deploys -d '{{\"service\":\"svc\"}}'\n", "tr-a"), r1),
        P(f, write_ev("/home/dev/app/Taskfile.yml",
                      f"version: '3'\n\nenv:\n  DOCKERHUB_USER: acmebuild\n  DOCKERHUB_TOKEN: {dckr}\n\ntasks:\n  login:\n"
                      "    cmds:\n      - echo $DOCKERHUB_TOKEN | docker login -u $DOCKERHUB_USER --password-stdin\n", "tr-b"), dckr),
        P(f, read_line(f'[tools]\nnode = "20.12.2"\npython = "3.12"\n\n[env]\nOPENWEATHER_KEY = "{ow}"\nAPP_ENV = "development"\n', "tr-c", 1), ow),
        P(f, read_ev("/home/dev/app/justfile",
                     "db-shell:\n    PGPASSWORD='Chinchilla#Dew45' psql -h pg.staging.example.com -U app app\n\nlint:\n    ruff check .\n", "tr-d"),
          "Chinchilla#Dew45"),
        P(f, sh("task release",
                f"task: [release] GITHUB_TOKEN={gh} goreleaser release --clean\n  • starting release...\n  • loading environment variables\n"
                "  • getting and validating git state\n    • git state                                      commit=4f1c2aa branch=main current_tag=v1.9.0\n", "tr-e"), gh),
    ]


def startup_files() -> list:
    f = "d23 pos: language startup files (.Renviron, .Rprofile, startup.jl, startup.m, ipython_config.py)"
    gh = ghp("renv")
    cen, wb = hx("census", 40), hx("wandb", 40)
    hf = "hf_" + gen("d23hf", 34)
    return [
        P(f, read_ev("/home/dev/.Renviron", f"R_LIBS_USER=~/R/library/%v\nGITHUB_PAT={gh}\nTZ=Europe/Lisbon\n", "su-a"), gh),
        P(f, read_line(f'options(repos = c(CRAN = "https://cloud.r-project.org"), width = 120)\nSys.setenv(CENSUS_API_KEY = "{cen}")\n'
                       'if (interactive()) suppressMessages(require(devtools))\n', "su-b", 1), cen),
        P(f, write_ev("/home/dev/.julia/config/startup.jl",
                      f'atreplinit() do repl\n    try\n        @eval using Revise\n    catch e\n        @warn "Revise failed" e\n    end\nend\n\nENV["WANDB_API_KEY"] = "{wb}"\n', "su-c"), wb),
        P(f, read_ev("/home/dev/Documents/MATLAB/startup.m",
                     "addpath(genpath('~/matlab/toolboxes/lab'));\nsetenv('LAB_DB_USER', 'matlab_ro');\nsetenv('LAB_DB_PASS', 'Kingfisher.Bay.33');\n"
                     "format compact\n", "su-d"), "Kingfisher.Bay.33"),
        P(f, sh("cat ~/.ipython/profile_default/ipython_config.py",
                f'c = get_config()  # noqa\nc.InteractiveShellApp.exec_lines = [\n    "%load_ext autoreload",\n    "%autoreload 2",\n'
                f'    "import os",\n    "os.environ[\'HF_TOKEN\'] = \'{hf}\'",\n]\n', "su-e"), hf),
    ]


def source_comments() -> list:
    f = "d23 pos: credentials left in source comments (commented-out lines and notes)"
    r1 = rs("cm1", 40)
    return [
        P(f, read_ev("/home/dev/app/services/search.py",
                     "from meilisearch import Client\n\nfrom app.settings import settings\n\n"
                     f'# client = Client("https://search.example.com", "{r1}")  # old master key, remove before merge\n'
                     "client = Client(settings.search_url, settings.search_key)\n", "cm-a"), r1),
        P(f, read_line('func (s *Server) seedAdmin(ctx context.Context) error {\n\t// TODO(marta): stop hardcoding; staging admin pw is Shrike.Velvet.29\n'
                       '\treturn s.users.EnsureAdmin(ctx, s.cfg.AdminEmail, s.cfg.AdminPassword)\n}\n', "cm-b", 88), "Shrike.Velvet.29"),
        P(f, write_ev("/home/dev/app/db/migrations/042_add_index.sql",
                      "-- run as: mysql -u migrator -pLimpet7Orchid app < 042_add_index.sql\nCREATE INDEX idx_orders_created ON orders (created_at);\n", "cm-c"),
          "Limpet7Orchid"),
        P(f, read_ev("/home/dev/deploy/values-prod.yaml",
                     "postgresql:\n  auth:\n    username: app\n    existingSecret: pg-app\n    # password: Bobcat&Sedge44   # old value, kept for rollback\n"
                     "  primary:\n    persistence:\n      size: 50Gi\n", "cm-d"), "Bobcat&Sedge44"),
        P(f, sh("grep -rn 'test login' templates/",
                "templates/auth/login.html:3:<!-- test login: qa-lead@example.com / Pheasant.Dune.71 -->\n", "cm-e"), "Pheasant.Dune.71"),
    ]


def dapr_keda() -> list:
    f = "d23 pos: dapr components and keda scalers with name/value metadata holding a secret"
    r1, r2, r3 = rs("dp-r", 28), rs("dp-k", 32), rs("keda1", 24)
    return [
        P(f, read_ev("/home/dev/app/components/statestore.yaml",
                     "apiVersion: dapr.io/v1alpha1\nkind: Component\nmetadata:\n  name: statestore\nspec:\n  type: state.redis\n  version: v1\n"
                     f"  metadata:\n  - name: redisHost\n    value: redis-master.cache.svc:6379\n  - name: redisPassword\n    value: {r1}\n"
                     "  - name: actorStateStore\n    value: \"true\"\n", "dk-a"), r1),
        P(f, write_ev("/home/dev/app/components/pubsub.yaml",
                      "apiVersion: dapr.io/v1alpha1\nkind: Component\nmetadata:\n  name: orders-pubsub\nspec:\n  type: pubsub.kafka\n  version: v1\n"
                      "  metadata:\n  - name: brokers\n    value: pkc-4r297.europe-west1.gcp.confluent.cloud:9092\n  - name: authType\n    value: password\n"
                      f"  - name: saslUsername\n    value: {gen('d23ccuser', 16, string.ascii_uppercase + string.digits)}\n  - name: saslPassword\n    value: {r2}\n", "dk-b"), r2),
        P(f, read_line("spec:\n  type: bindings.smtp\n  version: v1\n  metadata:\n  - name: host\n    value: smtp.office365.com\n  - name: port\n    value: \"587\"\n"
                       "  - name: user\n    value: alerts@example.com\n  - name: password\n    value: Pintail!Brook58\n", "dk-c", 6), "Pintail!Brook58"),
        P(f, read_ev("/home/dev/app/deploy/scaledobject.yaml",
                     "apiVersion: keda.sh/v1alpha1\nkind: ScaledObject\nmetadata:\n  name: worker\nspec:\n  scaleTargetRef:\n    name: worker\n"
                     "  triggers:\n  - type: rabbitmq\n    metadata:\n"
                     f"      host: amqp://worker:{r3}@rabbitmq.queue.svc:5672/orders\n      queueName: orders\n      mode: QueueLength\n      value: \"50\"\n", "dk-d"), r3),
        P(f, sh("kubectl get scaledobject reports -n bi -o jsonpath='{.spec.triggers[0].metadata}'",
                '{"connection":"host=pg-bi.internal port=5432 user=keda password=Wagtail.Rune.19 dbname=bi sslmode=require",'
                '"query":"SELECT count(*) FROM jobs WHERE state = \'queued\'","targetQueryValue":"5"}', "dk-e"), "Wagtail.Rune.19"),
    ]


def annotations() -> list:
    f = "d23 pos: annotations and attributes carrying a credential (java, kotlin, c#)"
    r1, r2 = rs("an1", 32), rs("an2", 44)
    return [
        P(f, read_ev("/home/dev/orders/src/main/java/com/example/orders/DataSources.java",
                     "package com.example.orders;\n\nimport jakarta.annotation.sql.DataSourceDefinition;\nimport jakarta.ejb.Singleton;\n\n"
                     '@DataSourceDefinition(\n    name = "java:app/jdbc/orders",\n    className = "org.postgresql.ds.PGSimpleDataSource",\n'
                     '    serverName = "pg-orders.internal",\n    databaseName = "orders",\n    user = "orders",\n    password = "Skylark.Moraine.36"\n)\n'
                     "@Singleton\npublic class DataSources {}\n", "an-a"), "Skylark.Moraine.36"),
        P(f, read_line(f'@SpringBootTest(properties = {{\n    "payments.api-key={r1}",\n    "payments.base-url=https://sandbox.payments.example.com"\n}})\n'
                       "class PaymentsClientIT {\n", "an-b", 14), r1),
        P(f, write_ev("/home/dev/mail/src/test/java/com/example/mail/SmtpIT.java",
                      '@TestPropertySource(properties = {"spring.mail.host=smtp.example.com", "spring.mail.username=it@example.com", "spring.mail.password=Loris4Chalk!"})\n'
                      "class SmtpIT {\n    @Autowired JavaMailSender sender;\n}\n", "an-c"), "Loris4Chalk!"),
        P(f, read_ev("/home/dev/Reports.Tests/ReportApiTests.cs",
                     'public class ReportApiTests\n{\n    [Theory]\n    [InlineData("svc-report", "Agouti.Spruce.62")]\n'
                     '    public async Task Login_Succeeds(string user, string password)\n    {\n        var res = await _client.LoginAsync(user, password);\n'
                     '        Assert.True(res.IsSuccessStatusCode);\n    }\n}\n', "an-d"), "Agouti.Spruce.62"),
        P(f, sh("grep -rn -B1 -A2 '@Property' src/main/kotlin/",
                f'src/main/kotlin/auth/JwtConfig.kt-11-@Factory\nsrc/main/kotlin/auth/JwtConfig.kt:12:@Property(name = "micronaut.security.token.jwt.signatures.secret.generator.secret", value = "{r2}")\n'
                "src/main/kotlin/auth/JwtConfig.kt-13-class JwtConfig\n", "an-e"), r2),
    ]


# ---------------------------------------------------------------- negatives


def neg_positional_db_opens() -> list:
    f = "d23 neg: haskell, ocaml, nim, crystal and ada code reading database passwords at run time"
    return [
        N(f, read_ev("/home/dev/app/src/Db.hs",
                     'module Db (connInfoFromEnv) where\n\nimport Database.PostgreSQL.Simple\nimport System.Environment (getEnv, lookupEnv)\nimport Data.Maybe (fromMaybe)\n\n'
                     'connInfoFromEnv :: IO ConnectInfo\nconnInfoFromEnv = do\n  host <- fromMaybe "localhost" <$> lookupEnv "PGHOST"\n'
                     '  pass <- getEnv "PGPASSWORD"\n  pure defaultConnectInfo { connectHost = host, connectUser = "billing", connectPassword = pass, connectDatabase = "billing_prod" }\n', "nhs-a")),
        N(f, read_line('let () =\n  let pass = Sys.getenv "EXPORT_DB_PASS" in\n  let db =\n    Mariadb.Blocking.connect ~host:"10.20.0.14" ~user:"exporter" ~pass ~db:"telemetry" ()\n'
                       '    |> or_die "connect"\n  in\n  ignore db\n', "nhs-b", 1)),
        N(f, write_ev("/home/dev/shop/tools/report.nim",
                      'import db_connector/db_postgres\nimport std/[os, strutils]\n\nlet db = open(getEnv("PGHOST", "localhost"), "shop", getEnv("PGPASSWORD"), "shop")\n'
                      'echo db.getValue(sql"SELECT count(*) FROM orders WHERE status = ?", "open")\ndb.close()\n', "nhs-c")),
        N(f, sh("crystal run src/jobs/reindex.cr -- --dry-run",
                "Reindex: connecting with DB_URL from environment (postgres://search_worker@search-db.internal:5432/catalog)\n"
                "Reindex: dry run, would execute: REINDEX TABLE CONCURRENTLY products\n", "nhs-d")),
        N(f, read_ev("/home/dev/ledger/src/ledger-db.adb",
                     'with Ada.Environment_Variables;\nwith GNATCOLL.SQL.Postgres;\n\npackage body Ledger.DB is\n   package Env renames Ada.Environment_Variables;\n\n'
                     '   function Connect return Database_Connection is\n      Descr : constant Database_Description :=\n        GNATCOLL.SQL.Postgres.Setup\n'
                     '          (Database => "ledger",\n           User     => "ledger_app",\n           Host     => Env.Value ("LEDGER_DB_HOST"),\n'
                     '           Password => Env.Value ("LEDGER_DB_PASSWORD"));\n   begin\n      return Descr.Build_Connection;\n   end Connect;\nend Ledger.DB;\n', "nhs-e")),
    ]


def neg_object_storage_sql() -> list:
    f = "d23 neg: sql loading from object storage through roles, integrations and credential chains"
    return [
        N(f, read_ev("/home/dev/dw/loads/2026_03_events.sql",
                     "COPY analytics.events_raw\nFROM 's3://acme-dw-landing/events/2026/03/'\n"
                     "IAM_ROLE 'arn:aws:iam::123456789012:role/RedshiftLoadRole'\nFORMAT AS PARQUET;\n", "nos-a")),
        N(f, write_ev("/home/dev/dw/snowflake/stages.sql",
                      "CREATE OR REPLACE STAGE raw.partner_drop\n  URL = 's3://partner-drop-eu/exports/'\n  STORAGE_INTEGRATION = s3_partner_int\n"
                      "  FILE_FORMAT = (TYPE = CSV SKIP_HEADER = 1);\n\nDESC INTEGRATION s3_partner_int;\n", "nos-b")),
        N(f, sh("duckdb -c \"CREATE SECRET lake (TYPE s3, PROVIDER credential_chain, REGION 'eu-west-1'); SELECT count(*) FROM read_parquet('s3://acme-lake/trips/*.parquet');\"",
                "┌──────────────┐\n│ count_star() │\n│    int64     │\n├──────────────┤\n│     48210937 │\n└──────────────┘\n", "nos-c")),
        N(f, read_line("COPY INTO dbo.trips\nFROM 'https://acmelake.blob.core.windows.net/raw/trips/*.parquet'\n"
                       "WITH (\n    FILE_TYPE = 'PARQUET',\n    CREDENTIAL = (IDENTITY = 'Managed Identity')\n);\n", "nos-d", 14)),
        N(f, sh("psql -h orders.cluster-c1x2.eu-west-1.rds.amazonaws.com -U admin orders -c \"SELECT aws_s3.table_import_from_s3('staging.returns', '', '(format csv, header true)', "
                "aws_commons.create_s3_uri('acme-returns', 'daily/returns.csv', 'eu-west-1'));\"",
                " 18234 rows imported into relation \"staging.returns\" from file daily/returns.csv of 1930421 bytes\n(1 row)\n", "nos-e")),
    ]


def neg_orm_positional() -> list:
    f = "d23 neg: orm and driver constructors given passwords from the environment or settings"
    return [
        N(f, read_ev("/home/dev/inventory/src/db.js",
                     "const { Sequelize } = require('sequelize');\n\nconst sequelize = new Sequelize(process.env.DB_NAME, process.env.DB_USER, process.env.DB_PASS, {\n"
                     "  host: process.env.DB_HOST,\n  dialect: 'mariadb',\n});\n\nmodule.exports = sequelize;\n", "norm-a")),
        N(f, read_line("from pony.orm import Database\n\nfrom .settings import DB\n\ndb = Database()\ndb.bind('postgres', DB['user'], DB['password'], DB['host'], DB['name'])\n", "norm-b", 1)),
        N(f, write_ev("/home/dev/legacy/src/main/java/com/example/hr/OracleSource.java",
                      "public static Connection open() throws SQLException {\n    return DriverManager.getConnection(\n"
                      "        System.getenv(\"HR_JDBC_URL\"), System.getenv(\"HR_DB_USER\"), System.getenv(\"HR_DB_PASSWORD\"));\n}\n", "norm-c")),
        N(f, sh("./gradlew run --args='--check-db'",
                "> Task :run\nConnecting to jdbc:postgresql://localhost:5432/ledger as ledger (password from LEDGER_DB_PASSWORD, 24 chars)\nSchema version: 47\n"
                "\nBUILD SUCCESSFUL in 6s\n3 actionable tasks: 1 executed, 2 up-to-date\n", "norm-d")),
        N(f, read_ev("/home/dev/crm/config/bootstrap.php",
                     "<?php\ndeclare(strict_types=1);\n\n$pdo = new PDO($_ENV['DB_DSN'], $_ENV['DB_USER'], $_ENV['DB_PASSWORD'], [\n"
                     "    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,\n]);\n\nreturn $pdo;\n", "norm-e")),
    ]


def neg_alternating_lists() -> list:
    f = "d23 neg: flat name/value lists of settings without a secret (plists, tcl dicts, redis hashes, perl qw)"
    return [
        N(f, read_ev("/home/dev/.emacs.d/lisp/init-jira.el",
                     ';;; init-jira.el --- jira for org -*- lexical-binding: t -*-\n\n(setq my/jira-creds\n'
                     "      (list :host \"jira.example.com\" :user \"svc-emacs\"\n            :token (auth-source-pick-first-password :host \"jira.example.com\")))\n", "nal-a")),
        N(f, read_line("set cfg [dict create host smtp.example.org port 587 user relay@example.org tls 1 timeout 30]\n"
                       "dict set cfg pass [exec pass show mail/relay]\n", "nal-b", 1)),
        N(f, sh("redis-cli -h cache-1 HGETALL session:9f1c2e",
                '1) "user_id"\n2) "48213"\n3) "created_at"\n4) "1741770291"\n5) "ip"\n6) "10.12.4.88"\n7) "csrf_rotations"\n8) "3"\n', "nal-c")),
        N(f, read_ev("/home/dev/ops/bin/nightly_purge.pl",
                     "#!/usr/bin/perl\nuse strict;\nuse warnings;\n\nmy %conn = (qw(host db3.ops.lan user ops_batch db opsdb), pass => $ENV{OPS_DB_PASS});\n", "nal-d")),
        N(f, write_ev("/home/dev/etl/conf.py",
                      'import os\n\nkeys = ["host", "port", "user", "password", "dbname"]\nvals = ["10.1.4.20", 5439, "etl", os.environ["ETL_DB_PASSWORD"], "warehouse"]\n\n'
                      "CONN = dict(zip(keys, vals))\n", "nal-e")),
    ]


def neg_config_tool_diffs() -> list:
    f = "d23 neg: configuration tools' diff output with masked or non-secret changes"
    return [
        N(f, sh("ansible-playbook -i inventories/prod site.yml --tags app-env --check --diff -l web-03",
                "TASK [app : render /etc/app/app.env] *******************************************\n"
                "changed: [web-03] => {\"censored\": \"the output has been hidden due to the fact that 'no_log: true' was specified for this result\", \"changed\": true}\n\n"
                "PLAY RECAP *********************************************************************\nweb-03                     : ok=3    changed=1    unreachable=0    failed=0\n", "nad-a")),
        N(f, sh("helm diff upgrade grafana grafana/grafana -n monitoring -f values/grafana.yaml",
                "monitoring, grafana, Secret (v1) has changed:\n  # Source: grafana/templates/secret.yaml\n  apiVersion: v1\n  kind: Secret\n  data:\n"
                "-   admin-password: '-------- # (17 bytes)'\n+   admin-password: '++++++++ # (17 bytes)'\n    admin-user: '-------- # (5 bytes)'\n  type: Opaque\n", "nad-b")),
        N(f, sh("kubectl diff -f k8s/secret-db.yaml",
                "diff -u -N /tmp/LIVE-2104381527/v1.Secret.shop.db-creds /tmp/MERGED-1177342068/v1.Secret.shop.db-creds\n"
                "--- /tmp/LIVE-2104381527/v1.Secret.shop.db-creds\t2026-03-12 10:11:02.000000000 +0100\n+++ /tmp/MERGED-1177342068/v1.Secret.shop.db-creds\t2026-03-12 10:11:02.000000000 +0100\n"
                "@@ -1,6 +1,6 @@\n apiVersion: v1\n data:\n-  password: '*** (before)'\n+  password: '*** (after)'\n kind: Secret\n", "nad-c")),
        N(f, sh("chezmoi diff ~/.gitconfig",
                "diff --git a/.gitconfig b/.gitconfig\nindex 2a9c1e4..7b41d03 100644\n--- a/.gitconfig\n+++ b/.gitconfig\n@@ -4,3 +4,4 @@\n"
                " [commit]\n     gpgsign = true\n-    signingkey = 8F3A1C2D\n+    signingkey = 4B1E7F90D2C3A815\n+[credential]\n+    helper = osxkeychain\n", "nad-d")),
        N(f, sh("diff -u deploy/.env.staging deploy/.env.production",
                "--- deploy/.env.staging\n+++ deploy/.env.production\n@@ -1,5 +1,5 @@\n-APP_URL=https://staging.shop.example.com\n+APP_URL=https://shop.example.com\n"
                "-SENTRY_ENVIRONMENT=staging\n+SENTRY_ENVIRONMENT=production\n ALGOLIA_APP_ID=K7QW2ZP0RM\n-LOG_LEVEL=debug\n+LOG_LEVEL=warning\n", "nad-e")),
    ]


def neg_multi_edits() -> list:
    f = "d23 neg: multi-edit calls renaming password fields and moving values to references"
    return [
        N(f, multi_edit("/home/dev/app/src/forms/signup.ts", [
            {"old_string": "password: string;", "new_string": "passphrase: string;"},
            {"old_string": "if (form.password.length < 8)", "new_string": "if (form.passphrase.length < 12)"},
            {"old_string": "'Password too short'", "new_string": "t('signup.passphrase.too_short')"},
        ], "nme-a")),
        N(f, multi_edit("/home/dev/app/docker-compose.yml", [
            {"old_string": "      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD}", "new_string": "      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password"},
            {"old_string": "volumes:\n  pgdata:", "new_string": "volumes:\n  pgdata:\nsecrets:\n  pg_password:\n    file: ./secrets/pg_password.txt"},
        ], "nme-b")),
        N(f, multi_edit("/home/dev/app/config/settings/prod.py", [
            {"old_string": "EMAIL_HOST_PASSWORD = env('EMAIL_PASSWORD')", "new_string": "EMAIL_HOST_PASSWORD = env('POSTMARK_SERVER_TOKEN')"},
            {"old_string": "EMAIL_PORT = 25", "new_string": "EMAIL_PORT = 587"},
        ], "nme-c")),
        N(f, multi_edit("/home/dev/api/src/auth/hash.go", [
            {"old_string": "bcrypt.DefaultCost", "new_string": "12"},
            {"old_string": "func HashPassword(pw string)", "new_string": "func HashPassword(ctx context.Context, pw string)"},
        ], "nme-d")),
        N(f, multi_edit("/home/dev/site/.env.example", [
            {"old_string": "DB_PASSWORD=", "new_string": "DB_PASSWORD=<set in 1Password: Shop/Prod DB>"},
            {"old_string": "REDIS_URL=redis://localhost:6379", "new_string": "REDIS_URL=redis://redis:6379/0"},
        ], "nme-e")),
    ]


def neg_bake_earthly_buildpacks() -> list:
    f = "d23 neg: docker bake files, earthfiles and buildpack descriptors using secret mounts and build variables"
    return [
        N(f, read_ev("/home/dev/web/docker-bake.hcl",
                     'variable "TAG" {\n  default = "dev"\n}\n\ntarget "web" {\n  dockerfile = "docker/web.Dockerfile"\n  tags       = ["registry.example.com/web:${TAG}"]\n'
                     '  secret     = ["id=npmrc,src=${HOME}/.npmrc", "type=env,id=NPM_TOKEN"]\n  cache-from = ["type=gha"]\n}\n', "nbk-a")),
        N(f, sh("docker buildx bake --print web",
                '{\n  "group": {\n    "default": {\n      "targets": ["web"]\n    }\n  },\n  "target": {\n    "web": {\n      "context": ".",\n'
                '      "dockerfile": "docker/web.Dockerfile",\n      "tags": ["registry.example.com/web:dev"],\n      "secret": ["id=npmrc,src=/home/dev/.npmrc"]\n    }\n  }\n}\n', "nbk-b")),
        N(f, read_line("VERSION 0.8\nFROM eclipse-temurin:21-jdk\n\nscan:\n    COPY . .\n"
                       "    RUN --secret SONAR_TOKEN ./gradlew sonar -Dsonar.host.url=https://sonar.example.com -Dsonar.token=$SONAR_TOKEN\n", "nbk-c", 1)),
        N(f, read_ev("/home/dev/api/project.toml",
                     '[_]\nschema-version = "0.2"\nid = "com.example.api"\n\n[[io.buildpacks.build.env]]\nname = "BP_JVM_VERSION"\nvalue = "21"\n\n'
                     '[[io.buildpacks.build.env]]\nname = "BP_MAVEN_SETTINGS_PATH"\nvalue = "/platform/bindings/maven-settings/settings.xml"\n', "nbk-d")),
        N(f, sh("pack build registry.example.com/api:1.4.0 --builder paketobuildpacks/builder-jammy-base --volume $HOME/.m2/settings.xml:/platform/bindings/maven/settings.xml",
                "===> ANALYZING\nImage with name \"registry.example.com/api:1.4.0\" not found\n===> DETECTING\n5 of 26 buildpacks participating\n"
                "paketo-buildpacks/ca-certificates 3.8.1\npaketo-buildpacks/bellsoft-liberica 10.8.2\npaketo-buildpacks/maven 6.17.2\n"
                f"===> EXPORTING\nSuccessfully built image registry.example.com/api:1.4.0\n*** Digest: sha256:{sha('pack-digest', 64)}\n", "nbk-e")),
    ]


def neg_concourse_argo() -> list:
    f = "d23 neg: concourse pipelines and argo workflows reading credentials from managers and secrets"
    return [
        N(f, read_ev("/home/dev/ci/pipeline.yml",
                     "resources:\n- name: repo\n  type: git\n  source:\n    uri: https://git.example.com/platform/api.git\n    branch: main\n"
                     "    username: ((git.username))\n    password: ((git.password))\n", "ncc-a")),
        N(f, sh("fly -t main set-pipeline -p api -c ci/pipeline.yml -l ci/vars-prod.yml -v branch=main",
                "resources:\n  resource repo has changed:\n  source:\n-   branch: develop\n+   branch: main\n\napply configuration? [yN]: y\npipeline updated!\n", "ncc-b")),
        N(f, read_line("slack_channel: '#deploys'\naws_region: eu-central-1\nimage_repo: registry.example.com/platform/api\nimage_tag: 4.12.0\n", "ncc-c", 1)),
        N(f, write_ev("/home/dev/wf/nightly-export.yaml",
                      "spec:\n  entrypoint: export\n  templates:\n  - name: export\n    container:\n      image: registry.example.com/exporter:2.3.0\n      env:\n"
                      "      - name: DB_PASSWORD\n        valueFrom:\n          secretKeyRef:\n            name: exporter-db\n            key: password\n", "ncc-d")),
        N(f, sh("argo get -n etl sync-kq7wd",
                "Name:                sync-kq7wd\nNamespace:           etl\nStatus:              Succeeded\nDuration:            2 minutes 14 seconds\n"
                "Parameters:          \n  region:            eu-west-1\n  since:             2026-03-11T00:00:00Z\n\n"
                "STEP           TEMPLATE  PODNAME                     DURATION  MESSAGE\n ✔ sync-kq7wd  sync      sync-kq7wd-sync-3920171     2m\n", "ncc-e")),
    ]


def neg_init_services() -> list:
    f = "d23 neg: launchd, openrc, rc.conf, dinit and upstart services with non-secret settings"
    return [
        N(f, read_ev("/Users/dev/Library/LaunchAgents/com.example.brew-autoupdate.plist",
                     '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n  <key>Label</key>\n  <string>com.example.brew-autoupdate</string>\n'
                     '  <key>EnvironmentVariables</key>\n  <dict>\n    <key>HOMEBREW_NO_ANALYTICS</key>\n    <string>1</string>\n    <key>PATH</key>\n'
                     '    <string>/opt/homebrew/bin:/usr/bin:/bin</string>\n  </dict>\n</dict>\n</plist>\n', "nsvc-a")),
        N(f, sh("cat /etc/conf.d/grafana-agent",
                '# Options for /etc/init.d/grafana-agent\ngrafana_agent_config="/etc/grafana-agent.yaml"\ngrafana_agent_args="-config.expand-env"\n'
                'output_log="/var/log/grafana-agent.log"\n', "nsvc-b")),
        N(f, read_line('hostname="nas01"\nsshd_enable="YES"\nminio_enable="YES"\nminio_disks="/tank/minio"\nminio_address=":9000"\nminio_console_address=":9001"\n', "nsvc-c", 1)),
        N(f, write_ev("/etc/dinit.d/mqtt-bridge",
                      "type = process\ncommand = /usr/local/bin/mqtt-bridge --broker tcp://10.0.0.5:1883 --user bridge --pass-file /etc/mqtt-bridge/pass\n"
                      "depends-on = network.target\nrestart = true\n", "nsvc-d")),
        N(f, sh("launchctl print gui/501/com.example.brew-autoupdate | head -20",
                "gui/501/com.example.brew-autoupdate = {\n\tactive count = 0\n\tpath = /Users/dev/Library/LaunchAgents/com.example.brew-autoupdate.plist\n"
                "\ttype = LaunchAgent\n\tstate = not running\n\n\tprogram = /opt/homebrew/bin/brew\n\targuments = {\n\t\t/opt/homebrew/bin/brew\n\t\tupgrade\n\t}\n\n"
                "\tenvironment = {\n\t\tHOMEBREW_NO_ANALYTICS => 1\n\t\tXPC_SERVICE_NAME => com.example.brew-autoupdate\n\t}\n\trun interval = 86400 seconds\n}\n", "nsvc-e")),
    ]


def neg_client_ini_files() -> list:
    f = "d23 neg: per-user client ini files relying on passfiles, keyrings and instance roles"
    return [
        N(f, read_ev("/home/dev/.pg_service.conf",
                     "[reporting]\nhost=pg-ro.example.net\nport=5432\ndbname=reports\nuser=analyst\npassfile=/home/dev/.pgpass\nsslmode=verify-full\n", "nci-a")),
        N(f, sh("tx status --help | head -8",
                "Usage: tx status [OPTIONS] [RESOURCES]...\n\n  Show the status of local and remote translations.\n\nOptions:\n"
                "  --token TEXT     The api token to use (default: read from ~/.transifexrc or TX_TOKEN)\n", "nci-b")),
        N(f, read_line("[default]\naccess_key =\nsecret_key =\nhost_base = s3.eu-central-1.wasabisys.com\nhost_bucket = %(bucket)s.s3.eu-central-1.wasabisys.com\n"
                       "use_https = True\n# credentials come from the instance profile\n", "nci-c", 1)),
        N(f, read_ev("/home/dev/.boto",
                     "[Credentials]\ngs_service_key_file = /home/dev/.config/gcloud/legacy_credentials/etl@acme-data-prod.iam.gserviceaccount.com/adc.json\n\n"
                     "[GSUtil]\ndefault_project_id = acme-data-prod\nparallel_composite_upload_threshold = 150M\n", "nci-d")),
        N(f, sh("cat ~/.wgetrc",
                "timestamping = on\ntries = 3\nhttp_user = mirror-acme\nask_password = on\nuse_askpass = /usr/lib/ssh/ssh-askpass\n", "nci-e")),
    ]


def neg_kustomize_helmfile() -> list:
    f = "d23 neg: kustomize generators and helmfile releases reading secrets from files and stores"
    return [
        N(f, read_ev("/home/dev/deploy/overlays/prod/kustomization.yaml",
                     "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n- ../../base\nsecretGenerator:\n- name: db-creds\n"
                     "  envs:\n  - secrets.env\nconfigMapGenerator:\n- name: app-config\n  literals:\n  - LOG_LEVEL=info\n  - FEATURE_CHECKOUT_V2=true\n", "nkz-a")),
        N(f, sh("kustomize build overlays/prod | grep -A6 'kind: ConfigMap'",
                "kind: ConfigMap\nmetadata:\n  name: app-config-8g2m7f9c4k\n  namespace: shop\ndata:\n  FEATURE_CHECKOUT_V2: \"true\"\n  LOG_LEVEL: info\n", "nkz-b")),
        N(f, write_ev("/home/dev/platform/helmfile.yaml",
                      "releases:\n- name: keycloak\n  namespace: auth\n  chart: bitnami/keycloak\n  version: 21.4.1\n  set:\n  - name: auth.adminUser\n    value: admin\n"
                      "  - name: auth.existingSecret\n    value: keycloak-admin\n  - name: auth.adminPassword\n    value: {{ requiredEnv \"KEYCLOAK_ADMIN_PASSWORD\" }}\n", "nkz-c")),
        N(f, read_line("environments:\n  staging:\n    values:\n    - env/staging.yaml\n    secrets:\n    - env/staging.secrets.yaml\n---\nreleases:\n- name: redis\n"
                       "  chart: bitnami/redis\n  values:\n  - auth:\n      password: ref+vault://secret/data/redis#/password\n", "nkz-d", 1)),
        N(f, sh("helmfile -e staging list",
                "NAME    \tNAMESPACE\tENABLED\tINSTALLED\tLABELS\tCHART          \tVERSION\nredis   \tcache    \ttrue   \ttrue     \t      \tbitnami/redis  \t19.0.2\n"
                "keycloak\tauth     \ttrue   \ttrue     \t      \tbitnami/keycloak\t21.4.1\n", "nkz-e")),
    ]


def neg_windows_answer_files() -> list:
    f = "d23 neg: windows registry files and answer files with ids, flags and masked passwords"
    return [
        N(f, read_ev("C:/Users/dev/kiosk/autologon.reg",
                     'Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon]\n'
                     '"AutoAdminLogon"="0"\n"DefaultUserName"="kiosk"\n"DefaultDomainName"="LOBBY-PC01"\n"AutoLogonCount"=dword:00000000\n', "nwin-a")),
        N(f, sh("type C:\\Windows\\Panther\\unattend.xml | findstr /i password",
                "        <AdministratorPassword>\n          <Value>*SENSITIVE*DATA*DELETED*</Value>\n          <PlainText>true</PlainText>\n"
                "        </AdministratorPassword>\n", "nwin-b")),
        N(f, read_line('<component name="Microsoft-Windows-Shell-Setup" processorArchitecture="amd64" publicKeyToken="31bf3856ad364e35" language="neutral" versionScope="nonSxS">\n'
                       '  <ComputerName>*</ComputerName>\n  <TimeZone>W. Europe Standard Time</TimeZone>\n  <RegisteredOrganization>Example AS</RegisteredOrganization>\n'
                       '  <OOBE>\n    <HideEULAPage>true</HideEULAPage>\n    <ProtectYourPC>3</ProtectYourPC>\n  </OOBE>\n</component>\n', "nwin-c", 5)),
        N(f, sh('reg query "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /v AutoAdminLogon',
                "\nHKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon\n    AutoAdminLogon    REG_SZ    0\n\n", "nwin-d")),
        N(f, read_ev("C:/gpo-backup/{6AC1786C-016F-11D2-945F-00C04FB984F9}/Machine/Preferences/Groups/Groups.xml",
                     '<?xml version="1.0" encoding="utf-8"?>\n<Groups clsid="{3125E937-EB16-4b4c-9934-544FC6D24D26}">'
                     '<Group clsid="{6D4A79E4-529C-4481-ABD0-F5BD7EA93BA7}" name="Administrators (built-in)" image="2" changed="2024-02-01 09:12:44" uid="{1C0F2A3B-9D4E-4F51-8A6B-7C2D3E4F5A6B}">'
                     '<Properties action="U" newName="" description="" deleteAllUsers="0" deleteAllGroups="0" removeAccounts="0" groupSid="S-1-5-32-544" groupName="Administrators (built-in)">'
                     '<Members><Member name="CORP\\Workstation Admins" action="ADD" sid="S-1-5-21-1004336348-1177238915-682003330-1622"/></Members></Properties></Group>\n</Groups>\n', "nwin-e")),
    ]


def neg_proxy_auth() -> list:
    f = "d23 neg: load balancer and proxy configs with auth files, hashed users and passed-through headers"
    return [
        N(f, read_ev("/etc/haproxy/haproxy.cfg",
                     "listen stats\n    bind 127.0.0.1:8404\n    stats enable\n    stats uri /stats\n    stats refresh 10s\n    stats admin if LOCALHOST\n", "npx-a")),
        N(f, read_line("userlist ops_users\n    user ops password $6$rounds=656000$Wq0pZ3b9$0yQk7T1rLx9mV2cN5hJ8aD4eF6gB3sU1oP7iR0wE2tY5uK8zX4vC6nM9lA1qS3dG5hJ7kL0zX2cV4bN6mQ8w\n"
                       "    user oncall password $6$rounds=656000$Hn4cV8x1$3kL9mN2bV5cX8zA1sD4fG7hJ0kL3qW6eR9tY2uI5oP8aS1dF4gH7jK0lZ3xC6vB9nM2qW5eR8tY1uI4oP7\n", "npx-b", 40)),
        N(f, write_ev("/etc/nginx/conf.d/prometheus-proxy.conf",
                      "server {\n    listen 9091;\n    location / {\n        auth_basic \"Prometheus\";\n        auth_basic_user_file /etc/nginx/.htpasswd-prom;\n"
                      "        proxy_pass http://127.0.0.1:9090;\n        proxy_set_header Authorization $http_authorization;\n        proxy_pass_header Authorization;\n    }\n}\n", "npx-c")),
        N(f, read_ev("/etc/apache2/sites-available/geo-proxy.conf",
                     "<VirtualHost *:80>\n    ServerName geo.internal.example.com\n    PassEnv GEOCODER_API_KEY\n"
                     '    RequestHeader set X-Api-Key "%{GEOCODER_API_KEY}e"\n    RequestHeader set X-Request-Id "%{UNIQUE_ID}e"\n'
                     "    ProxyPass / https://api.geocoder.example.net/\n</VirtualHost>\n", "npx-d")),
        N(f, sh("sudo nginx -T 2>/dev/null | grep -n auth",
                "41:        auth_basic \"Prometheus\";\n42:        auth_basic_user_file /etc/nginx/.htpasswd-prom;\n"
                "77:        auth_request /oauth2/auth;\n78:        error_page 401 = /oauth2/sign_in;\n", "npx-e")),
    ]


def neg_web_config() -> list:
    f = "d23 neg: asp.net web.config files with generated keys, integrated security and config builders"
    return [
        N(f, read_ev("C:/inetpub/portal/web.config",
                     '<configuration>\n  <system.web>\n    <machineKey validationKey="AutoGenerate,IsolateApps" decryptionKey="AutoGenerate,IsolateApps" validation="HMACSHA256" />\n'
                     '  </system.web>\n</configuration>\n', "nwc-a")),
        N(f, read_line(f'  <appSettings configSource="appSettings.secret.config">\n  </appSettings>\n  <add key="ClientId" value="{uuid_of("wcclient")}" />\n'
                       '  <add key="Tenant" value="contoso.onmicrosoft.com" />\n', "nwc-b", 8)),
        N(f, write_ev("C:/src/Intranet/Web.config",
                      '<connectionStrings>\n  <add name="IntranetDb" connectionString="Data Source=SQLCLUS01\\INTRA;Initial Catalog=Intranet;Integrated Security=SSPI;MultipleActiveResultSets=True"\n'
                      '       providerName="System.Data.SqlClient" />\n</connectionStrings>\n', "nwc-c")),
        N(f, read_ev("C:/src/Shop/Web.config",
                     '<configBuilders>\n  <builders>\n    <add name="AzureKeyVault" vaultName="shop-prod-kv" type="Microsoft.Configuration.ConfigurationBuilders.AzureKeyVaultConfigBuilder, Microsoft.Configuration.ConfigurationBuilders.Azure" />\n'
                     '  </builders>\n</configBuilders>\n<appSettings configBuilders="AzureKeyVault">\n    <add key="PaymentGatewaySecret" value="from-keyvault" />\n</appSettings>\n', "nwc-d")),
        N(f, sh('%windir%\\system32\\inetsrv\\appcmd.exe list apppool "ShopPool" /text:processModel.identityType',
                "ApplicationPoolIdentity\n", "nwc-e")),
    ]


def neg_classic_asp_vb() -> list:
    f = "d23 neg: classic asp, vbscript, vb6 and coldfusion code taking credentials from dsns, forms and the registry"
    return [
        N(f, read_ev("D:/sites/shop/includes/conn.asp",
                     '<%\nDim conn\nSet conn = Server.CreateObject("ADODB.Connection")\nconn.Open Application("ShopConnStr")\n%>\n', "nasp-a")),
        N(f, read_line('Dim user, pass\nuser = Trim(Request.Form("username"))\npass = Request.Form("password")\n'
                       'If Len(pass) < 8 Then Response.Redirect "login.asp?err=short"\nSet cmd = Server.CreateObject("ADODB.Command")\n', "nasp-b", 4)),
        N(f, write_ev("C:/src/Uploader/modFtp.bas",
                      'Public Sub Connect(ByRef ctl As Inet)\n    ctl.URL = "ftp://" & GetSetting("Uploader", "Ftp", "Host", "")\n'
                      '    ctl.UserName = GetSetting("Uploader", "Ftp", "User", "")\n    ctl.Password = GetSetting("Uploader", "Ftp", "Password", "")\nEnd Sub\n', "nasp-c")),
        N(f, read_ev("/var/www/intranet/api/orders.cfm",
                     '<cfquery name="qOrders" datasource="#application.dsn#">\n    SELECT id, total FROM orders WHERE customer_id = <cfqueryparam value="#url.id#" cfsqltype="cf_sql_integer">\n</cfquery>\n', "nasp-d")),
        N(f, sh("cscript //nologo payroll_export.vbs 2026-02",
                "Connecting to DSN=Payroll (Windows authentication)\nExported 412 rows to \\\\fs01\\payroll\\export_2026-02.csv\n", "nasp-e")),
    ]


def neg_desktop_automation() -> list:
    f = "d23 neg: desktop automation scripts typing non-secret text or reading the password from a store"
    return [
        N(f, read_ev("C:/automation/erp_login.au3",
                     'Local $sPass = EnvGet("ERP_BATCH_PASSWORD")\nWinWaitActive("LegacyERP - Login")\nControlSetText("LegacyERP - Login", "", "Edit1", "night_batch")\n'
                     'ControlSetText("LegacyERP - Login", "", "Edit2", $sPass)\n', "nda-a")),
        N(f, read_line("#!/bin/sh\nxdotool search --name 'GlobalProtect' windowactivate --sync\nxdotool type --delay 40 \"$(secret-tool lookup service globalprotect user kiosk)\"\n"
                       "xdotool key Return\n", "nda-b", 1)),
        N(f, write_ev("/home/dev/rpa/timesheet.py",
                      "import keyring\nimport pyautogui\n\npyautogui.write('m.oconnor', interval=0.05)\npyautogui.press('tab')\n"
                      "pyautogui.write(keyring.get_password('timesheet', 'm.oconnor'), interval=0.05)\npyautogui.press('enter')\n", "nda-c")),
        N(f, sh("python bots/report_export.py --dry-run",
                "[pywinauto] started saplogon.exe (pid 9120)\n[pywinauto] typed 'RPA_USER' into UserEdit\n[pywinauto] typed ******** into PasswordEdit\n"
                "[pywinauto] dry run: not clicking LogOnButton\n", "nda-d")),
        N(f, read_ev("/home/dev/sikuli/report.sikuli/report.py",
                     'click("search_box.png")\ntype("search_box.png", "quarterly revenue 2026-Q1" + Key.ENTER)\nwait("results.png", 30)\n'
                     'type("s", Key.CTRL)\ntype("Q1_revenue_report" + Key.ENTER)\n', "nda-e")),
    ]


def neg_admin_positional() -> list:
    f = "d23 neg: admin commands that prompt for the password or list users"
    return [
        N(f, sh("sudo htpasswd -B /etc/nginx/.htpasswd grafana", "New password: \nRe-type new password: \nUpdating password for user grafana\n", "nadm-a")),
        N(f, sh("mysqladmin -u root -p password", "Enter password: \nNew password: \nConfirm new password: \n", "nadm-b")),
        N(f, sh("net user svc_backup * /add", "Type a password for the user: \nRetype the password to confirm: \nThe command completed successfully.\n\n", "nadm-c")),
        N(f, sh("rabbitmqctl list_users",
                "Listing users ...\nuser\ttags\nadmin\t[administrator]\ntelemetry\t[]\nshovel\t[monitoring]\n", "nadm-d")),
        N(f, sh("sudo passwd -S deploy && sudo chage -l deploy | head -3",
                "deploy P 03/12/2026 0 99999 7 -1\nLast password change\t\t\t\t\t: Mar 12, 2026\nPassword expires\t\t\t\t\t: never\nPassword inactive\t\t\t\t\t: never\n", "nadm-e")),
    ]


def neg_default_params() -> list:
    f = "d23 neg: default parameter values that are none, env lookups or non-secret settings"
    return [
        N(f, read_ev("/home/dev/fx/rates.py",
                     'import os\n\n\ndef fetch_rates(base: str = "EUR", api_key: str | None = None, timeout: float = 10.0) -> dict:\n'
                     '    api_key = api_key or os.environ["FX_API_KEY"]\n    ...\n', "ndp-a")),
        N(f, read_line('class MailClient(\n    private val host: String = "smtp.example.com",\n    private val port: Int = 587,\n'
                       '    private val password: String = System.getenv("SMTP_PASSWORD") ?: error("SMTP_PASSWORD not set"),\n)\n', "ndp-b", 5)),
        N(f, write_ev("/home/dev/web/src/services/maps.ts",
                      "export class MapsService {\n  constructor(\n    private readonly http: HttpClient,\n    private readonly token: string = environment.mapsToken,\n"
                      "    private readonly retries = 3,\n  ) {}\n}\n", "ndp-c")),
        N(f, sh("sed -n 1,8p lib/billing/client.rb",
                'module Billing\n  class Client\n    def initialize(user: "svc-billing", secret: ENV.fetch("BILLING_SECRET"), base: "https://billing.example.com", open_timeout: 5)\n'
                "      @user, @secret, @base = user, secret, base\n    end\n", "ndp-d")),
        N(f, read_ev("/home/dev/telemetry/include/uploader.hpp",
                     '#pragma once\n#include <string>\n\nclass Uploader {\npublic:\n    explicit Uploader(std::string endpoint = "https://ingest.example.io",\n'
                     '                      std::string key = {}, int batch_size = 500);\n};\n', "ndp-e")),
    ]


def neg_concatenations() -> list:
    f = "d23 neg: connection strings and headers assembled from variables and environment lookups"
    return [
        N(f, read_ev("/home/dev/crm/Data/Db.cs",
                     'var cs = "Server=" + host + ";Database=crm;User Id=crm_app;Password=" + Environment.GetEnvironmentVariable("CRM_DB_PASSWORD") + ";Encrypt=True;";\n', "ncat-a")),
        N(f, read_line('func dsn(host string) string {\n\treturn fmt.Sprintf("%s:%s@tcp(%s:3306)/%s?parseTime=true", "orders", os.Getenv("ORDERS_DB_PASSWORD"), host, "orders")\n}\n', "ncat-b", 31)),
        N(f, write_ev("/home/dev/scripts/jira_client.py",
                      "import base64, os\n\nAUTH = 'Basic ' + base64.b64encode(f\"{os.environ['JIRA_USER']}:{os.environ['JIRA_TOKEN']}\".encode()).decode()\n", "ncat-c")),
        N(f, sh("grep -n Bearer -r src/",
                "src/api/client.js:14:const headers = { Authorization: 'Bearer ' + session.accessToken, 'Content-Type': 'application/json' };\n"
                "src/api/client.js:29:  // the backend rejects 'Bearer ' + an expired token with 401, see refresh() below\n", "ncat-d")),
        N(f, read_ev("/home/dev/queue/src/config.rs",
                     'pub fn redis_url(host: &str, password: &str) -> String {\n    format!("redis://:{}@{}:6379/2", urlencoding::encode(password), host)\n}\n', "ncat-e")),
    ]


def neg_settings_tables() -> list:
    f = "d23 neg: settings tables holding non-secret values or empty credentials"
    return [
        N(f, sh("mysql -h db1 -u admin -p shop -e \"UPDATE app_settings SET value = 'smtp.eu.mailgun.org' WHERE name = 'smtp_host';\"", "Enter password: \n", "nst-a")),
        N(f, write_ev("/home/dev/app/db/seeds/integrations.sql",
                      "INSERT INTO integrations (provider, setting, value) VALUES\n  ('mailgun', 'domain', 'mg.example.com'),\n  ('mailgun', 'api_key', NULL),\n"
                      "  ('mailgun', 'region', 'eu');\n-- api_key is filled in by the admin UI after deploy\n", "nst-b")),
        N(f, sh("sqlite3 instance/app.db '.dump settings'",
                "BEGIN TRANSACTION;\nCREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);\nINSERT INTO settings VALUES('site_title','Fjord Outfitters');\n"
                "INSERT INTO settings VALUES('currency','NOK');\nINSERT INTO settings VALUES('shipping_api_secret','');\nCOMMIT;\n", "nst-c")),
        N(f, read_ev("/home/dev/app/fixtures/settings.json",
                     '[\n  {"model": "core.setting", "pk": 7, "fields": {"key": "TWILIO_AUTH_TOKEN", "value": "env:TWILIO_AUTH_TOKEN"}},\n'
                     '  {"model": "core.setting", "pk": 8, "fields": {"key": "DEFAULT_LOCALE", "value": "nb-NO"}}\n]\n', "nst-d")),
        N(f, sh("psql -U postgres cms -c 'SELECT key, length(value), updated_at FROM site_config ORDER BY key'",
                "      key       | length |      updated_at\n----------------+--------+---------------------\n ga_property    |     12 | 2026-01-04 09:12:33\n"
                " smtp_password  |     15 | 2026-03-10 16:41:02\n smtp_user      |     15 | 2025-11-20 08:00:14\n(3 rows)\n", "nst-e")),
    ]


def neg_sql_crypto() -> list:
    f = "d23 neg: sql encryption with keys from settings, bind variables and certificates"
    return [
        N(f, sh("psql -d hr -c \"UPDATE employees SET ssn_enc = pgp_sym_encrypt(ssn_plain, current_setting('app.ssn_key')) WHERE ssn_enc IS NULL;\"", "UPDATE 1284\n", "nsc-a")),
        N(f, read_ev("/home/dev/shop/migrations/20260301_encrypt_cards.sql",
                     "-- key is passed by the migration runner: mysql --init-command=\"SET @card_key = ...\"\nUPDATE customers SET card_enc = AES_ENCRYPT(card_plain, @card_key);\n", "nsc-b")),
        N(f, read_line("INSERT INTO dbo.Patients (Name, SsnEnc)\nVALUES (@name, ENCRYPTBYKEY(KEY_GUID('SSN_Key'), @ssn));\n", "nsc-c", 12)),
        N(f, write_ev("/home/dev/db/setup/02_keys.sql",
                      "OPEN MASTER KEY DECRYPTION BY SERVICE MASTER KEY;\nCREATE SYMMETRIC KEY SSN_Key WITH ALGORITHM = AES_256 ENCRYPTION BY CERTIFICATE PatientCert;\nGO\n", "nsc-d")),
        N(f, sh("sqlcmd -S sql03 -d Payroll -E -Q \"SELECT name, algorithm_desc, create_date FROM sys.symmetric_keys\"",
                "name                  algorithm_desc  create_date\n--------------------- --------------- -----------------------\n"
                "##MS_DatabaseMasterKey## AES_256      2024-05-02 10:14:11.303\nSSN_Key               AES_256         2024-05-02 10:15:40.117\n\n(2 rows affected)\n", "nsc-e")),
    ]


def neg_log_shippers() -> list:
    f = "d23 neg: logstash pipelines and beats outputs using keystore and environment references"
    return [
        N(f, read_ev("/etc/logstash/conf.d/30-output.conf",
                     'output {\n  elasticsearch {\n    hosts => ["https://es01.example.net:9200"]\n    user => "logstash_writer"\n    password => "${ES_PWD}"\n'
                     '    index => "app-%{+YYYY.MM.dd}"\n  }\n}\n', "nls-a")),
        N(f, sh("sudo -u logstash /usr/share/logstash/bin/logstash-keystore list",
                "Using bundled JDK: /usr/share/logstash/jdk\nES_PWD\nJDBC_PWD\nkeystore.seed\n", "nls-b")),
        N(f, write_ev("/etc/filebeat/filebeat.yml",
                      "output.elasticsearch:\n  hosts: [\"https://es01.example.net:9200\"]\n  api_key: \"${FILEBEAT_API_KEY}\"\n  ssl.certificate_authorities: [\"/etc/filebeat/ca.crt\"]\n", "nls-c")),
        N(f, read_line("- module: mysql\n  metricsets: [status]\n  period: 10s\n  hosts: [\"tcp(127.0.0.1:3306)/\"]\n  username: metricbeat\n  password: ${MYSQL_MONITOR_PW}\n", "nls-d", 1)),
        N(f, sh("sudo filebeat test config -c /etc/filebeat/filebeat.yml && sudo filebeat keystore list", "Config OK\nFILEBEAT_API_KEY\n", "nls-e")),
    ]


def neg_lang_test_setups() -> list:
    f = "d23 neg: test setups in elixir, zig, crystal, ocaml and nim reading keys from the environment"
    return [
        N(f, read_ev("/home/dev/geo/test/test_helper.exs",
                     'ExUnit.configure(exclude: [:integration])\nif System.get_env("MAPBOX_TOKEN") do\n  ExUnit.configure(include: [:integration])\nend\nExUnit.start()\n', "nlt-a")),
        N(f, read_line('test "upload snapshot to bucket" {\n    const token = std.posix.getenv("STORAGE_TOKEN") orelse return error.SkipZigTest;\n'
                       '    var c = try client.Client.init(std.testing.allocator, "https://storage.example.io", token);\n    defer c.deinit();\n}\n', "nlt-b", 4)),
        N(f, sh("crystal spec spec/mailer_spec.cr",
                "..*\n\nPending:\n  Notifier::Mailer delivers the welcome mail (SENDGRID_KEY not set)\n\nFinished in 312.44 milliseconds\n3 examples, 0 failures, 0 errors, 1 pending\n", "nlt-c")),
        N(f, read_ev("/home/dev/ledger/test/test_api.ml",
                     'let api_key = Sys.getenv_opt "LEDGER_API_KEY"\n\nlet test_balance () =\n  match api_key with\n  | None -> Alcotest.skip ()\n'
                     '  | Some api_key -> ignore (Ledger_client.create ~base:"https://ledger.example.com" ~api_key)\n', "nlt-d")),
        N(f, sh("nimble test",
                "  Verifying dependencies for weatherlib@0.4.1\n   Compiling tests/tclient (from package weatherlib) using c backend\n[Suite] client\n"
                "  [SKIPPED] current conditions (WEATHER_KEY missing)\n  [OK] parses fixture forecast.json\n   Success: All tests passed\n", "nlt-e")),
    ]


def neg_jvm_scripts() -> list:
    f = "d23 neg: kotlin, groovy and jbang scripts with dependency coordinates and environment lookups"
    return [
        N(f, read_ev("/home/dev/ops/release.main.kts",
                     '#!/usr/bin/env kotlin\n@file:DependsOn("com.squareup.okhttp3:okhttp:4.12.0")\n\nval token = System.getenv("GITLAB_TOKEN") ?: error("GITLAB_TOKEN missing")\n', "njv-a")),
        N(f, sh("groovy -e 'println System.getenv(\"JENKINS_URL\") ?: \"not on jenkins\"'", "not on jenkins\n", "njv-b")),
        N(f, write_ev("/home/dev/tools/Purge.java",
                      "///usr/bin/env jbang \"$0\" \"$@\" ; exit $?\n//DEPS org.postgresql:postgresql:42.7.3\n//JAVA 21\n\nclass Purge {\n"
                      '    public static void main(String... args) throws Exception {\n        var pw = new String(System.console().readPassword("db password: "));\n    }\n}\n', "njv-c")),
        N(f, sh("jbang info tools Purge.java",
                '{\n  "originalResource": "Purge.java",\n  "applicationJar": "/home/dev/.jbang/cache/jars/Purge.java.' + sha("jbjar", 40) + '.jar",\n'
                '  "requestedJavaVersion": "21",\n  "resolvedDependencies": ["/home/dev/.m2/repository/org/postgresql/postgresql/42.7.3/postgresql-42.7.3.jar"]\n}\n', "njv-d")),
        N(f, read_line('@file:Repository("https://nexus.example.com/repository/maven-public/")\n@file:DependsOn("com.example.internal:sync-core:2.4.0")\n', "njv-e", 1)),
    ]


def neg_starlark_files() -> list:
    f = "d23 neg: tiltfiles and starlark files reading secrets from files and the environment"
    return [
        N(f, read_ev("/home/dev/shop/Tiltfile",
                     "load('ext://secret', 'secret_from_dict', 'secret_create_generic')\n\nsecret_create_generic('db-creds', from_env_file='.secrets/db.env')\n"
                     "k8s_yaml('deploy/api.yaml')\n", "nsl-a")),
        N(f, read_line("local_resource(\n    'seed',\n    cmd='./scripts/seed.sh',\n    env={'ADMIN_TOKEN': os.getenv('ADMIN_TOKEN', ''), 'API_URL': 'http://localhost:8080'},\n)\n", "nsl-b", 22)),
        N(f, write_ev("/home/dev/web/Tiltfile",
                      "docker_build('web', '.', dockerfile='Dockerfile.dev', secret=['id=npmrc,src=' + os.path.expanduser('~/.npmrc')])\n", "nsl-c")),
        N(f, read_ev("/home/dev/api/.drone.star",
                     "def main(ctx):\n    return {\n        'kind': 'pipeline',\n        'steps': [{\n            'name': 'sonar',\n"
                     "            'environment': {'SONAR_TOKEN': {'from_secret': 'sonar_token'}},\n        }],\n    }\n", "nsl-d")),
        N(f, sh("tilt get uiresource redis -o jsonpath='{.status.runtimeStatus}'; echo; grep -n -A4 helm_resource Tiltfile",
                "ok\n31:helm_resource(\n32-    'redis',\n33-    'bitnami/redis',\n34-    flags=['--set', 'auth.existingSecret=redis-auth', '--set', 'replica.replicaCount=0'],\n35-)\n", "nsl-e")),
    ]


def neg_hcl_tools() -> list:
    f = "d23 neg: atlas, vault server and waypoint hcl with getenv, kms ids and dynamic secrets"
    return [
        N(f, read_ev("/home/dev/app/atlas.hcl",
                     'env "prod" {\n  src = "file://schema.hcl"\n  url = getenv("DATABASE_URL")\n  migration {\n    dir = "file://migrations"\n  }\n}\n', "nhc-a")),
        N(f, sh("atlas migrate status --env prod",
                "Migration Status: OK\n  -- Current Version: 20260311094512\n  -- Next Version:    Already at latest version\n  -- Executed Files:  47\n  -- Pending Files:   0\n", "nhc-b")),
        N(f, read_line(f'seal "awskms" {{\n  region     = "eu-west-1"\n  kms_key_id = "{uuid_of("vaultkms")}"\n}}\n\nstorage "raft" {{\n  path    = "/opt/vault/data"\n  node_id = "vault-1"\n}}\n', "nhc-c", 1)),
        N(f, write_ev("/etc/vault.d/vault.hcl",
                      'ui = true\napi_addr = "https://vault-1.internal:8200"\ncluster_addr = "https://vault-1.internal:8201"\n\nlistener "tcp" {\n'
                      '  address       = "0.0.0.0:8200"\n  tls_cert_file = "/etc/vault/tls/vault.crt"\n  tls_key_file  = "/etc/vault/tls/vault.key"\n}\n', "nhc-d")),
        N(f, read_ev("/home/dev/svc/waypoint.hcl",
                     'app "api" {\n  build {\n    use "docker" {}\n    registry {\n      use "docker" {\n        image = "registry.example.com/billing/api"\n'
                     '        tag   = gitrefpretty()\n        encoded_auth = filebase64("${path.project}/.docker-auth.json")\n      }\n    }\n  }\n}\n', "nhc-e")),
    ]


def neg_cloudformation_params() -> list:
    f = "d23 neg: cloudformation parameters with dynamic references, noecho and stack outputs"
    return [
        N(f, read_ev("/home/dev/infra/params/prod.json",
                     '[\n  {"ParameterKey": "Environment", "ParameterValue": "prod"},\n  {"ParameterKey": "DBMasterUsername", "ParameterValue": "dbadmin"},\n'
                     '  {"ParameterKey": "DBMasterPasswordSecretArn", "ParameterValue": "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db/master-Xk2Lq9"}\n]\n', "ncf-a")),
        N(f, read_line("  MasterUserPassword: '{{resolve:secretsmanager:prod/db/master:SecretString:password}}'\n  DBInstanceClass: !Ref DBInstanceClass\n", "ncf-b", 44)),
        N(f, sh("aws cloudformation describe-stacks --stack-name wiki-prod --query 'Stacks[0].Parameters'",
                '[\n    {\n        "ParameterKey": "DbPassword",\n        "ParameterValue": "****"\n    },\n    {\n        "ParameterKey": "Env",\n'
                '        "ParameterValue": "prod"\n    }\n]\n', "ncf-c")),
        N(f, write_ev("/home/dev/infra/wiki.yaml",
                      "Parameters:\n  DbPassword:\n    Type: String\n    NoEcho: true\n    MinLength: 16\n    Description: Master password for the wiki database\n"
                      "  Env:\n    Type: String\n    AllowedValues: [dev, prod]\n", "ncf-d")),
        N(f, sh("aws cloudformation describe-stacks --stack-name dd-forwarder --query 'Stacks[0].Outputs'",
                '[\n    {\n        "OutputKey": "DatadogForwarderArn",\n        "OutputValue": "arn:aws:lambda:eu-west-1:123456789012:function:dd-forwarder-Forwarder-7QJ2K1L0X9"\n    }\n]\n', "ncf-e")),
    ]


def neg_stored_procedures() -> list:
    f = "d23 neg: stored procedure calls managing logins and credentials without a password"
    return [
        N(f, read_ev("/home/dev/db/legacy/roles.sql",
                     "USE Reporting;\nEXEC sp_addrolemember 'db_datareader', 'report_ro';\nEXEC sp_droprolemember 'db_datawriter', 'report_ro';\nGO\n", "nsp-a")),
        N(f, sh("sqlcmd -S legacy-sql -E -Q \"EXEC sp_helplogins 'app_user'\"",
                "LoginName  SID                                 DefDBName  DefLangName  AUser  ARemote\n---------- ----------------------------------- ---------- ------------ ------ -------\n"
                "app_user   0x8F1E3C2A9D4B4E7A8C1D2B3A4F5E6D7C  AppDb      us_english   yes    no\n", "nsp-b")),
        N(f, read_line("BEGIN\n  DBMS_CREDENTIAL.DROP_CREDENTIAL('SFTP_CRED');\n  DBMS_SCHEDULER.SET_ATTRIBUTE('NIGHTLY_PULL', 'credential_name', 'SFTP_CRED_V2');\nEND;\n/\n", "nsp-c", 3)),
        N(f, write_ev("/home/dev/adb/setup_cloud.sql",
                      "BEGIN\n  DBMS_CLOUD.CREATE_CREDENTIAL(\n    credential_name => 'OCI_NATIVE_CRED',\n    user_ocid       => 'ocid1.user.oc1..aaaaaaaa" + gen("d23ocid", 52, "abcdefghijklmnopqrstuvwxyz234567") + "',\n"
                      "    tenancy_ocid    => 'ocid1.tenancy.oc1..aaaaaaaa" + gen("d23ten", 52, "abcdefghijklmnopqrstuvwxyz234567") + "',\n"
                      "    private_key     => :oci_private_key,\n    fingerprint     => '" + ":".join(gen("d23fp", 32, HEX)[i:i + 2] for i in range(0, 32, 2)) + "'\n  );\nEND;\n/\n", "nsp-d")),
        N(f, sh("mysql -h replica-2.c9x.eu-west-1.rds.amazonaws.com -u admin -p -e 'CALL mysql.rds_stop_replication; CALL mysql.rds_reset_external_master;'",
                "Enter password: \n+---------------------------+\n| Message                   |\n+---------------------------+\n| Slave is down or disabled |\n+---------------------------+\n", "nsp-e")),
    ]


def neg_powershell_splats() -> list:
    f = "d23 neg: powershell splatting with get-credential, secret management and non-secret parameters"
    return [
        N(f, read_ev("C:/scripts/Get-Invoices.ps1",
                     "$params = @{\n    Uri     = 'https://erp.example.com/api/v2/invoices?status=open'\n    Method  = 'Get'\n"
                     "    Headers = @{ 'X-Api-Key' = (Get-Secret -Name ErpApiKey -AsPlainText); Accept = 'application/json' }\n}\nInvoke-RestMethod @params\n", "nps-a")),
        N(f, read_line("$sqlArgs = @{\n    ServerInstance = 'SQL02'\n    Database       = 'Warehouse'\n    Credential     = (Get-Credential -UserName 'etl_loader' -Message 'Warehouse login')\n"
                       "    Query          = 'EXEC dbo.usp_LoadDaily'\n}\nInvoke-Sqlcmd @sqlArgs\n", "nps-b", 1)),
        N(f, write_ev("C:/dsc/ConfigData.psd1",
                      "@{\n    AllNodes = @(\n        @{\n            NodeName        = 'WEB01'\n            CertificateFile = 'C:\\dsc\\certs\\WEB01.cer'\n"
                      f"            Thumbprint      = '{gen('d23thumb', 40, '0123456789ABCDEF')}'\n        }}\n    )\n}}\n", "nps-c")),
        N(f, sh("Get-SecretInfo -Vault CorpVault | Format-Table Name, Type, VaultName",
                "Name        Type         VaultName\n----        ----         ---------\nErpApiKey   String       CorpVault\nGraphApp    PSCredential CorpVault\nSqlEtl      PSCredential CorpVault\n", "nps-d")),
        N(f, read_ev("C:/scripts/New-Share.ps1",
                     "$share = @{\n    Name         = 'Reports'\n    Path         = 'D:\\Shares\\Reports'\n    FullAccess   = 'CONTOSO\\Report Admins'\n"
                     "    ReadAccess   = 'CONTOSO\\Domain Users'\n    CachingMode  = 'None'\n}\nNew-SmbShare @share\n", "nps-e")),
    ]


def neg_task_runners() -> list:
    f = "d23 neg: justfiles, taskfiles and mise.toml loading secrets from env files and password managers"
    return [
        N(f, read_ev("/home/dev/svc/justfile",
                     "set dotenv-load\n\nnotify:\n    curl -fsS -X POST -H \"Authorization: Bearer $DEPLOY_HOOK_TOKEN\" https://hooks.example.com/deploys\n", "ntr-a")),
        N(f, write_ev("/home/dev/app/Taskfile.yml",
                      "version: '3'\n\ndotenv: ['.env.local']\n\ntasks:\n  login:\n    cmds:\n      - op read op://Build/dockerhub/token | docker login -u acmebuild --password-stdin\n", "ntr-b")),
        N(f, read_line('[tools]\nnode = "20.12.2"\n\n[env]\n_.file = ".env.local"\nOPENWEATHER_KEY = "{{ exec(command=\'pass show weather/key\') }}"\nAPP_ENV = "development"\n', "ntr-c", 1)),
        N(f, sh("mise env -s bash | grep -v KEY",
                'export APP_ENV=development\nexport PATH="/home/dev/.local/share/mise/installs/node/20.12.2/bin:$PATH"\n', "ntr-d")),
        N(f, sh("task --list",
                "task: Available tasks for this project:\n* build:        Build the binaries\n* login:        Log in to Docker Hub with the token from 1Password\n"
                "* release:      Tag and publish with goreleaser (needs GITHUB_TOKEN)\n", "ntr-e")),
    ]


def neg_startup_files() -> list:
    f = "d23 neg: language startup files with options, paths and keyring lookups"
    return [
        N(f, read_ev("/home/dev/.Renviron", "R_LIBS_USER=~/R/library/%v\nTZ=Europe/Lisbon\nRENV_CONFIG_PAK_ENABLED=TRUE\n", "nsu-a")),
        N(f, read_line('options(repos = c(CRAN = "https://cloud.r-project.org"))\nSys.setenv(CENSUS_API_KEY = keyring::key_get("census"))\n', "nsu-b", 1)),
        N(f, write_ev("/home/dev/.julia/config/startup.jl",
                      'ENV["JULIA_PKG_SERVER"] = "https://pkg.julialang.org"\nENV["JULIA_NUM_THREADS"] = "auto"\nusing OhMyREPL\n', "nsu-c")),
        N(f, read_ev("/home/dev/Documents/MATLAB/startup.m",
                     "addpath(genpath('~/matlab/toolboxes/lab'));\nsetenv('LAB_DB_USER', 'matlab_ro');\n% password: getSecret(\"LabDbPassword\") from the MATLAB vault\nformat compact\n", "nsu-d")),
        N(f, sh("cat ~/.ipython/profile_default/ipython_config.py",
                'c = get_config()  # noqa\nc.InteractiveShellApp.exec_lines = ["%load_ext autoreload", "%autoreload 2"]\nc.TerminalInteractiveShell.editing_mode = "vi"\n', "nsu-e")),
    ]


def neg_source_comments() -> list:
    f = "d23 neg: source comments about credentials that hold none"
    return [
        N(f, read_ev("/home/dev/app/services/search.py",
                     "# The master key lives in Vault at secret/search/master; never paste it here.\n# Rotate with: vault kv patch secret/search/master key=@newkey.txt\n"
                     "client = Client(settings.search_url, settings.search_key)\n", "ncm-a")),
        N(f, read_line("\t// TODO(marta): move the admin password to the secrets manager (ticket OPS-2291)\n"
                       "\treturn s.users.EnsureAdmin(ctx, s.cfg.AdminEmail, s.cfg.AdminPassword)\n", "ncm-b", 89)),
        N(f, write_ev("/home/dev/app/db/migrations/043_add_index.sql",
                      "-- run as: mysql -u migrator -p app < 043_add_index.sql   (prompts for the password)\nCREATE INDEX idx_orders_status ON orders (status);\n", "ncm-c")),
        N(f, read_ev("/home/dev/deploy/values-prod.yaml",
                     "postgresql:\n  auth:\n    username: app\n    # password: set via existingSecret, see README#secrets\n    existingSecret: pg-app\n", "ncm-d")),
        N(f, sh("grep -rn 'password' templates/auth/",
                "templates/auth/login.html:3:<!-- password field uses autocomplete=current-password for managers -->\n"
                "templates/auth/login.html:18:<input type=\"password\" name=\"password\" autocomplete=\"current-password\" required minlength=\"12\">\n", "ncm-e")),
    ]


def neg_dapr_keda() -> list:
    f = "d23 neg: dapr components and keda scalers referencing secrets by name"
    return [
        N(f, read_ev("/home/dev/app/components/statestore.yaml",
                     "apiVersion: dapr.io/v1alpha1\nkind: Component\nmetadata:\n  name: statestore\nspec:\n  type: state.redis\n  version: v1\n  metadata:\n"
                     "  - name: redisHost\n    value: redis-master.cache.svc:6379\n  - name: redisPassword\n    secretKeyRef:\n      name: redis\n      key: redis-password\n"
                     "auth:\n  secretStore: kubernetes\n", "ndk-a")),
        N(f, write_ev("/home/dev/app/components/pubsub.yaml",
                      "spec:\n  type: pubsub.kafka\n  version: v1\n  metadata:\n  - name: brokers\n    value: kafka-0.kafka-headless:9092\n  - name: authType\n    value: none\n"
                      "  - name: consumerGroup\n    value: orders\n", "ndk-b")),
        N(f, read_line("apiVersion: keda.sh/v1alpha1\nkind: TriggerAuthentication\nmetadata:\n  name: rabbit-auth\nspec:\n  secretTargetRef:\n  - parameter: host\n"
                       "    name: rabbitmq-conn\n    key: amqp-url\n", "ndk-c", 1)),
        N(f, read_ev("/home/dev/app/deploy/scaledobject.yaml",
                     "spec:\n  triggers:\n  - type: postgresql\n    metadata:\n      connectionFromEnv: PG_CONN\n      query: \"SELECT count(*) FROM jobs WHERE state = 'queued'\"\n"
                     "      targetQueryValue: \"5\"\n", "ndk-d")),
        N(f, sh("dapr components -k -n shop",
                "  NAMESPACE  NAME          TYPE          VERSION  SCOPES  CREATED              AGE\n  shop       orders-pubsub pubsub.kafka  v1                2026-03-01 09:12.44  11d\n"
                "  shop       statestore    state.redis   v1                2026-03-01 09:12.44  11d\n", "ndk-e")),
    ]


def neg_annotations() -> list:
    f = "d23 neg: annotations and attributes with property placeholders and test values"
    return [
        N(f, read_ev("/home/dev/orders/src/main/java/com/example/orders/PaymentsClient.java",
                     "@Component\npublic class PaymentsClient {\n    public PaymentsClient(@Value(\"${payments.api-key}\") String apiKey,\n"
                     "                          @Value(\"${payments.base-url:https://api.payments.example.com}\") String baseUrl) { }\n}\n", "nan-a")),
        N(f, read_line('@DataSourceDefinition(\n    name = "java:app/jdbc/orders",\n    className = "org.postgresql.ds.PGSimpleDataSource",\n'
                       '    user = "${ENV=ORDERS_DB_USER}",\n    password = "${ENV=ORDERS_DB_PASSWORD}"\n)\n', "nan-b", 5)),
        N(f, write_ev("/home/dev/mail/src/test/java/com/example/mail/SmtpIT.java",
                      '@Testcontainers\n@TestPropertySource(properties = {"spring.mail.host=localhost", "spring.mail.port=${greenmail.smtp.port}"})\nclass SmtpIT { }\n', "nan-c")),
        N(f, read_ev("/home/dev/Reports.Tests/PasswordPolicyTests.cs",
                     '[Theory]\n[InlineData("", false)]\n[InlineData("short", false)]\n[InlineData("onlylowercaseletters", false)]\n'
                     'public void Rejects_Weak_Passwords(string candidate, bool expected)\n    => Assert.Equal(expected, PasswordPolicy.IsStrong(candidate));\n', "nan-d")),
        N(f, sh("grep -rn '@Property\\|@Value' src/main/kotlin/ | head",
                'src/main/kotlin/auth/JwtConfig.kt:12:@Property(name = "micronaut.security.token.jwt.signatures.secret.generator.secret", value = "\\${JWT_GENERATOR_SIGNATURE_SECRET}")\n'
                'src/main/kotlin/app/Limits.kt:7:@Value("\\${app.limits.max-upload-mb:25}")\n', "nan-e")),
    ]


def cases() -> list:
    positives = (positional_db_opens() + object_storage_sql() + orm_positional() + alternating_lists() + config_tool_diffs()
                 + multi_edits() + bake_earthly_buildpacks() + concourse_argo() + init_services() + client_ini_files()
                 + kustomize_helmfile() + windows_answer_files() + proxy_auth() + web_config() + classic_asp_vb()
                 + desktop_automation() + admin_positional() + default_params() + concatenations() + settings_tables()
                 + sql_crypto() + log_shippers() + lang_test_setups() + jvm_scripts() + starlark_files() + hcl_tools()
                 + cloudformation_params() + stored_procedures() + powershell_splats() + task_runners() + startup_files()
                 + source_comments() + dapr_keda() + annotations())
    negatives = (neg_positional_db_opens() + neg_object_storage_sql() + neg_orm_positional() + neg_alternating_lists()
                 + neg_config_tool_diffs() + neg_multi_edits() + neg_bake_earthly_buildpacks() + neg_concourse_argo()
                 + neg_init_services() + neg_client_ini_files() + neg_kustomize_helmfile() + neg_windows_answer_files()
                 + neg_proxy_auth() + neg_web_config() + neg_classic_asp_vb() + neg_desktop_automation() + neg_admin_positional()
                 + neg_default_params() + neg_concatenations() + neg_settings_tables() + neg_sql_crypto() + neg_log_shippers()
                 + neg_lang_test_setups() + neg_jvm_scripts() + neg_starlark_files() + neg_hcl_tools() + neg_cloudformation_params()
                 + neg_stored_procedures() + neg_powershell_splats() + neg_task_runners() + neg_startup_files()
                 + neg_source_comments() + neg_dapr_keda() + neg_annotations())
    return positives + negatives
