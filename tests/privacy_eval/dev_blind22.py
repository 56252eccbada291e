"""A blind dev part (blind22): 64 families of Claude Code session text from tools, formats,
languages and shapes the earlier parts had not used, chosen for the hard general shapes: a secret
as a script's or a library call's nth positional argument, a name and its value on different lines
(svn auth caches, vsftpd user files, hgrc [auth] sections, packer boot commands, split header
dicts), values in arrays (healthcheck test arrays, tuples, mock headers as key/value objects),
secrets printed in a command's OUTPUT (managed database creates, etcd and zookeeper reads, base64
-d of a config, npm run echoing its script, lxc config show, bot logs), human-chosen passwords
(words with digits and a symbol) in prose, handover tables, csv/tsv rows and dataframes, secrets
inside urls (git insteadOf rewrites, ovftool vi:// and govc urls, hg and fossil remotes, camel
uris, bookmarklets, bot api paths), in headers, in sql (foreign data wrappers, dblink, database
links, linked servers, replication sources), in base64-wrapped json and ini, in yaml anchors and
merge keys, in heredocs; gherkin and rpa suites, hypervisor clis, xmpp, self-hosted personal apps,
etl tools, integration routes, lxd/incus/quadlet, ftp servers, contract-test brokers, blogging
platforms, package scripts, deploy tools, userscripts; and prompts in Amharic, Tigrinya, Oromo,
Wolof, Igbo, Tibetan, Uyghur, Turkmen, Bashkir, Chuvash, Javanese, Sundanese, Tetum, Chamorro,
Bislama, Sinhala, Nepali, Dhivehi, Burmese and Lao.  Negatives sit in the same neighbourhoods:
positional ids, versions and shas, uuids, mac addresses, checksums, integrity hashes, env and
vault references, secret files, masked values, public keys, css classes, regexes, i18n keys and
prose about passwords without one.  Every case is realistic: a Bash call and its output, a
prompt, a Read's event or numbered lines, a Write, an Edit.

Written blind on 2026-12-02 (13:06 UTC) by an author who read only the head of an earlier blind
part (its format), the carriers, the helpers and the list of family names already used; neither
the filter, its tests, its docs, the benches nor any other part's cases.  Every case was written
before the filter met any of them.  A DEV part: the next round tunes the filter on it.

320 cases, 180 with secrets, 140 negatives, 64 families (36 with secrets, 28 without), all realistic.  Families (cases):
    d22 neg: base64 payloads of images, certificates and non-secret settings (5)
    d22 neg: blog post front matter, etcd member lists and zookeeper stats (5)
    d22 neg: bot code reading tokens from the environment, chat ids and public keys (5)
    d22 neg: container configs referencing podman secrets and lxd profiles (5)
    d22 neg: csv and tsv exports of ids, checksums, skus and credential locations (5)
    d22 neg: english bug reports about logins that give no password (5)
    d22 neg: etl jobs reading connection settings from parameters and the environment (5)
    d22 neg: foreign servers, database links and linked servers without a password (5)
    d22 neg: form validation regexes, css class names and i18n keys about passwords (5)
    d22 neg: ftp server configs and transfer logs (5)
    d22 neg: gherkin scenarios and robot suites reading credentials from variables and vaults (5)
    d22 neg: git remotes over ssh, credential helper settings and config listings (5)
    d22 neg: healthchecks and probes without credentials (5)
    d22 neg: heredocs creating tables, example env files and running remote commands (5)
    d22 neg: hypervisor listings with uuids, mac addresses and vnc ports (5)
    d22 neg: integration routes with property placeholders and vault lookups (5)
    d22 neg: library login calls taking the password from the environment or a prompt (5)
    d22 neg: managed database listings with ids, endpoints and secret arns (5)
    d22 neg: markdown tables of services, env variables and where their secrets live (5)
    d22 neg: package scripts with versions, integrity hashes and env references (5)
    d22 neg: personal app status, listings and env files with references (5)
    d22 neg: prompts in amharic, tigrinya, oromo, wolof and igbo without a secret (5)
    d22 neg: prompts in sinhala, nepali, dhivehi, burmese and lao without a secret (5)
    d22 neg: request code setting content types, etags, idempotency keys and trace headers (5)
    d22 neg: scripts called with positional ids, regions, versions and shas (5)
    d22 neg: subversion, mercurial and fossil logs, info and auth caches without a password (5)
    d22 neg: vagrant and packer builds using keys and variable references (5)
    d22 neg: yaml anchors sharing limits, image tags and secret references (5)
    d22: apache camel uris and mulesoft connector settings (5)
    d22: api mock servers and contract test brokers (wiremock, pact broker, mockoon, microcks) (5)
    d22: base64-wrapped json and ini config in env vars and their decoded output (5)
    d22: blogging platform keys (ghost admin, dev.to, writefreely, medium) (5)
    d22: container healthcheck and probe commands with a password argument (5)
    d22: custom api-key headers split over lines in client code (5)
    d22: etcd key reads and zookeeper digest auth (5)
    d22: etl tool connection files (ssis dtsconfig, pentaho kettle, talend contexts, informatica, nifi) (5)
    d22: ftp server virtual user files and commands (vsftpd, pure-ftpd, proftpd, sftpgo) (5)
    d22: gherkin feature files and cucumber step data with working logins (5)
    d22: git insteadOf rewrites, http.extraheader and config listings with a token (5)
    d22: heredocs feeding ftp, mongosh, psql and remote shells (5)
    d22: human passwords mentioned mid-sentence in english bug reports (5)
    d22: hypervisor clis (govc, powercli, ovftool, virsh, qemu) (5)
    d22: inventory spreadsheets pasted as csv and tsv rows (5)
    d22: lxd, incus and podman quadlet environment settings (5)
    d22: managed database create commands echoing the admin password (5)
    d22: markdown handover tables with a password column (5)
    d22: multi-server deploy tools (capistrano, deployer, fabric, pyinfra, kamal) (5)
    d22: package.json, pyproject and deno task scripts with inline credentials (5)
    d22: positional login calls in python, ruby, php and go libraries (5)
    d22: postgres foreign data wrappers, dblink, oracle database links and linked servers (5)
    d22: project scripts taking the password as their nth argument (5)
    d22: prompts in amharic, tigrinya, oromo, wolof and igbo (5)
    d22: prompts in javanese, sundanese, tetum, chamorro and bislama (5)
    d22: prompts in sinhala, nepali, dhivehi, burmese and lao (5)
    d22: prompts in tibetan, uyghur, turkmen, bashkir and chuvash (5)
    d22: replication source settings (primary_conninfo, change replication source, masterauth, keyfiles) (5)
    d22: rpa workflows (uipath xaml, robot framework, power automate desktop, robocorp) (5)
    d22: self-hosted personal apps (nextcloud occ, immich, paperless-ngx, firefly iii, miniflux) (5)
    d22: subversion, mercurial and fossil credentials (5)
    d22: telegram and discord bot tokens in bot code, urls and run logs (5)
    d22: userscripts and bookmarklets with an api key or login (5)
    d22: vagrantfiles and packer templates typing a password (5)
    d22: xmpp servers and clients (prosody, ejabberd, profanity, slixmpp) (5)
    d22: yaml anchors and merge keys carrying a credential (5)
"""

# ruff: noqa: E501 (the tools' output keeps its long lines)
from __future__ import annotations

import string

from tests.privacy_eval import ALNUM, HEX, b64, gen, random_secret, sha, uuid_of
from tests.privacy_eval.carriers import N, P, edit_ev, read_ev, read_line, said, sh, write_ev

B64CHARS = string.ascii_letters + string.digits + "+/"
URLSAFE = ALNUM + "-_"


def rs(tag: str, n: int = 24) -> str:
    """A random credential of `n` characters, fixed for `tag`."""
    return random_secret("d22" + tag, n)


def hx(tag: str, n: int = 32) -> str:
    return gen("d22" + tag, n, HEX)


def tg_token(tag: str) -> str:
    """A chat bot token: the bot's number, a colon and 35 url-safe characters."""
    return f"{6000000000 + int(sha('tg' + tag, 8), 16) % 999999999}:AA{gen('d22tg' + tag, 33, URLSAFE)}"


def dc_token(tag: str) -> str:
    """A chat bot token: the base64 of the bot's id, a timestamp part and an HMAC part."""
    bot_id = str(1100000000000000000 + int(sha('dc' + tag, 12), 16))
    return f"{b64(bot_id).rstrip('=')}.{gen('d22dct' + tag, 6, URLSAFE)}.{gen('d22dch' + tag, 38, URLSAFE)}"


# ---------------------------------------------------------------- positives


def gherkin() -> list:
    f = "d22: gherkin feature files and cucumber step data with working logins"
    r1, r2 = rs("gk1", 18), rs("gk2", 40)
    return [
        P(f, read_ev("/home/dev/app/features/backoffice_login.feature",
                     'Feature: Back-office login\n\n  Background:\n    Given the staging site "https://staging.ops.example.com"\n\n'
                     '  Scenario: Support agent signs in\n    When I sign in as "agent.kowalski@example.com" with password "Pierogi!2024"\n'
                     '    Then I see the ticket queue\n    And the header shows "Agent Kowalski"\n', "gk-a"), "Pierogi!2024"),
        P(f, write_ev("/home/dev/app/features/roles.feature",
                      "Feature: Role based menus\n\n  Scenario Outline: <role> sees their menu\n    Given I log in as <user> with <password>\n"
                      "    Then the menu contains <entry>\n\n    Examples:\n"
                      "      | role    | user          | password           | entry    |\n"
                      f"      | admin   | ops-admin     | Tundra#Lynx88      | Users    |\n"
                      f"      | billing | billing-lead  | {r1} | Invoices |\n"
                      "      | viewer  | readonly      | Meadowlark-2031    | Reports  |\n", "gk-b"),
          "Tundra#Lynx88", r1, "Meadowlark-2031"),
        P(f, read_line("const { Given } = require('@cucumber/cucumber');\n\nGiven('I am logged in to the partner portal', async function () {\n"
                       "  await this.page.goto('https://partners.example.net/login');\n  await this.page.fill('#username', 'qa-automation');\n"
                       "  await this.page.fill('#password', 'Fennel_Quarry_63');\n  await this.page.click('button[type=submit]');\n});", "gk-c", 12),
          "Fennel_Quarry_63"),
        P(f, read_ev("/home/dev/app/behave.ini",
                     "[behave]\nformat = pretty\nshow_skipped = false\n\n[behave.userdata]\nbase_url = https://uat.example.org\n"
                     "admin_user = root\nadmin_password = Saffron-Kite-71\nbrowser = firefox\n", "gk-d"), "Saffron-Kite-71"),
        P(f, sh(f"""npx cucumber-js --world-parameters '{{"baseUrl":"https://uat.example.org","apiKey":"{r2}"}}' features/api""",
                "...........................\n\n9 scenarios (9 passed)\n27 steps (27 passed)\n0m04.311s (executing steps: 0m04.102s)\n", "gk-e"), r2),
    ]


def rpa() -> list:
    f = "d22: rpa workflows (uipath xaml, robot framework, power automate desktop, robocorp)"
    r1, r2 = rs("rp1", 16), rs("rp2", 20)
    return [
        P(f, read_line('<ui:TypeInto DisplayName="Type Into \'username\'" Text="svc_rpa_erp">\n'
                       '  <ui:TypeInto.Target><ui:Target Selector="&lt;webctrl id=\'username\' tag=\'INPUT\' /&gt;" /></ui:TypeInto.Target>\n'
                       '</ui:TypeInto>\n<ui:TypeInto DisplayName="Type Into \'password\'" Text="Gl4cier!Moss">\n'
                       '  <ui:TypeInto.Target><ui:Target Selector="&lt;webctrl id=\'password\' tag=\'INPUT\' /&gt;" /></ui:TypeInto.Target>\n'
                       '</ui:TypeInto>', "rp-a", 214), "Gl4cier!Moss"),
        P(f, read_ev("/home/dev/rpa/tests/erp_login.robot",
                     "*** Settings ***\nLibrary    SeleniumLibrary\n\n*** Variables ***\n${ERP_URL}     https://erp.example.com\n"
                     f"${{USERNAME}}    svc_robot\n${{PASSWORD}}    {r1}\n\n*** Test Cases ***\nLogin To ERP\n    Open Browser    ${{ERP_URL}}    chrome\n"
                     "    Input Text    id=username    ${USERNAME}\n    Input Password    id=password    ${PASSWORD}\n    Page Should Contain    Dashboard\n", "rp-b"), r1),
        P(f, sh("robot --variable USER:rpa01 --variable PASSWORD:Hibiscus!553 --outputdir results tests/",
                "==============================================================================\nTests\n"
                "==============================================================================\nLogin To ERP                                                          | PASS |\n"
                "------------------------------------------------------------------------------\n1 test, 1 passed, 0 failed\n"
                "Output:  /home/dev/rpa/results/output.xml\n", "rp-c"), "Hibiscus!553"),
        P(f, said("this Power Automate Desktop flow stops at the login step, why?\n\n"
                  "WebAutomation.LaunchChrome.LaunchChrome Url: $'''https://portal.supplier.example''' BrowserInstance=> Browser\n"
                  "WebAutomation.PopulateTextField.PopulateTextField BrowserInstance: Browser Control: appmask['Web Page']['Input user'] Text: $'''acme-ap''' EmulateTyping: True\n"
                  "WebAutomation.PopulateTextField.PopulateTextField BrowserInstance: Browser Control: appmask['Web Page']['Input password'] Text: $'''Marzipan_2027''' EmulateTyping: True\n"
                  "WebAutomation.PressButton.PressButton BrowserInstance: Browser Control: appmask['Web Page']['Button Sign in']", "rp-d"), "Marzipan_2027"),
        P(f, write_ev("/home/dev/rpa/devdata/vault.json",
                      f'{{\n  "erp": {{\n    "username": "robocorp-bot",\n    "password": "{r2}"\n  }},\n  "sftp": {{\n    "host": "sftp.supplier.example",\n    "login": "acme",\n    "passphrase": "Yarrow-Beacon-12"\n  }}\n}}\n', "rp-e"),
          r2, "Yarrow-Beacon-12"),
    ]


def hypervisors() -> list:
    f = "d22: hypervisor clis (govc, powercli, ovftool, virsh, qemu)"
    r1, r2 = rs("hv1", 16), rs("hv2", 32)
    return [
        P(f, sh("export GOVC_URL='https://administrator@vsphere.local:Sn0wdrop!Vale@vcsa.lab.local/sdk' GOVC_INSECURE=1 && govc ls /dc1/vm",
                "/dc1/vm/build-agent-01\n/dc1/vm/build-agent-02\n/dc1/vm/templates\n/dc1/vm/win2022-dc\n", "hv-a"), "Sn0wdrop!Vale"),
        P(f, sh(f"pwsh -c \"Connect-VIServer -Server vcsa01.corp.local -User 'svc-backup@vsphere.local' -Password '{r1}'; Get-VM | Select Name,PowerState\"",
                "Name                           Port  User\n----                           ----  ----\nvcsa01.corp.local              443   VSPHERE.LOCAL\\svc-backup\n\n"
                "Name            PowerState\n----            ----------\nveeam-proxy-01  PoweredOn\nsql-cluster-a   PoweredOn\n", "hv-b"), r1),
        P(f, sh("ovftool --noSSLVerify --datastore=ssd01 ./appliance-4.2.ova 'vi://root:Tamarind%2199@esxi03.lab.local/'",
                "Opening OVA source: ./appliance-4.2.ova\nThe manifest validates\nOpening VI target: vi://root@esxi03.lab.local:443/\nDeploying to VI: vi://root@esxi03.lab.local:443/\n"
                "Transfer Completed\nCompleted successfully\n", "hv-c"), "Tamarind%2199"),
        P(f, sh("virsh dumpxml win11-test | grep -A2 '<graphics'",
                "    <graphics type='vnc' port='-1' autoport='yes' listen='0.0.0.0' passwd='Kestrel42x'>\n      <listen type='address' address='0.0.0.0'/>\n    </graphics>\n", "hv-d"),
          "Kestrel42x"),
        P(f, sh(f"qemu-system-x86_64 -enable-kvm -m 4096 -object secret,id=sec0,data={r2} -drive file=vault.qcow2,encrypt.format=luks,encrypt.key-secret=sec0 -nographic",
                "", "hv-e"), r2),
    ]


def xmpp() -> list:
    f = "d22: xmpp servers and clients (prosody, ejabberd, profanity, slixmpp)"
    r1, r2 = rs("xm1", 20), rs("xm2", 24)
    return [
        P(f, sh("sudo prosodyctl register alerts chat.example.org Xylo-Phone-83", "", "xm-a"), "Xylo-Phone-83"),
        P(f, sh("sudo ejabberdctl change_password ops xmpp.example.net 'Brisket!Lake19' && sudo ejabberdctl registered_users xmpp.example.net",
                "admin\nalerts\nops\n", "xm-b"), "Brisket!Lake19"),
        P(f, read_ev("/home/dev/.local/share/profanity/accounts",
                     f"[deploybot@xmpp.example.net]\nenabled=true\njid=deploybot@xmpp.example.net\nserver=xmpp.example.net\npassword={r1}\nresource=profanity\npriority.online=0\n", "xm-c"), r1),
        P(f, read_line('if __name__ == "__main__":\n    logging.basicConfig(level=logging.INFO)\n'
                       '    xmpp = EchoBot("notify@jabber.example.org", "Cobalt-Finch-2026")\n'
                       '    xmpp.register_plugin("xep_0030")\n    xmpp.connect()\n    xmpp.process(forever=True)', "xm-d", 41), "Cobalt-Finch-2026"),
        P(f, edit_ev("/etc/ejabberd/ejabberd.yml",
                     f'hosts:\n  - xmpp.example.net\n\nsql_type: pgsql\nsql_server: "db.internal"\nsql_database: "ejabberd"\nsql_username: "ejabberd"\nsql_password: "{r2}"\nauth_method: sql\n',
                     'sql_server: "db.internal"', 'sql_server: "db02.internal"', "xm-e"), r2),
    ]


def personal_apps() -> list:
    f = "d22: self-hosted personal apps (nextcloud occ, immich, paperless-ngx, firefly iii, miniflux)"
    r1, r2, r3 = rs("pa1", 40), rs("pa2", 50), rs("pa3", 32)
    appkey = b64(gen("d22pa4", 32))
    return [
        P(f, sh("docker exec -u www-data -e OC_PASS='Heron!Dusk2029' nextcloud php occ user:add --password-from-env --display-name='Alice Meyer' --group=family alice",
                'The account "alice" was created successfully\nDisplay name set to "Alice Meyer"\nAccount "alice" added to group "family"\n', "pa-a"), "Heron!Dusk2029"),
        P(f, sh(f"immich login https://photos.example.home/api {r1}",
                "Logging in to https://photos.example.home/api\nLogged in as alice@example.home\nWrote auth info to /home/dev/.config/immich/auth.yml\n", "pa-b"), r1),
        P(f, read_ev("/srv/paperless/docker-compose.env",
                     f"USERMAP_UID=1000\nUSERMAP_GID=1000\nPAPERLESS_URL=https://docs.example.home\nPAPERLESS_SECRET_KEY={r2}\n"
                     "PAPERLESS_TIME_ZONE=Europe/Berlin\nPAPERLESS_OCR_LANGUAGE=deu+eng\nPAPERLESS_ADMIN_USER=alice\nPAPERLESS_ADMIN_PASSWORD=Juniper-Owl-7\n", "pa-c"),
          r2, "Juniper-Owl-7"),
        P(f, read_line(f"APP_ENV=production\nAPP_DEBUG=false\nSITE_OWNER=alice@example.home\nAPP_KEY=base64:{appkey}\nDEFAULT_LANGUAGE=en_US\n"
                       f"DB_CONNECTION=mysql\nDB_HOST=firefly-db\nDB_PORT=3306\nDB_DATABASE=firefly\nDB_USERNAME=firefly\nSTATIC_CRON_TOKEN={r3}", "pa-d"),
          appkey, r3),
        P(f, edit_ev("/etc/systemd/system/miniflux.service.d/override.conf",
                     "[Service]\nEnvironment=DATABASE_URL=postgres://miniflux@/miniflux?host=/run/postgresql\nEnvironment=RUN_MIGRATIONS=1\n",
                     "Environment=RUN_MIGRATIONS=1",
                     "Environment=RUN_MIGRATIONS=1\nEnvironment=CREATE_ADMIN=1\nEnvironment=ADMIN_USERNAME=alice\nEnvironment=ADMIN_PASSWORD=Pumpkin7Spice!", "pa-e"),
          "Pumpkin7Spice!"),
    ]


def nth_argument_scripts() -> list:
    f = "d22: project scripts taking the password as their nth argument"
    r1, r2 = rs("na1", 20), rs("na2", 20)
    return [
        P(f, sh("./scripts/deploy.sh staging deploy-bot 'Walrus!Tide57' --migrate",
                "[deploy] target=staging user=deploy-bot\n[deploy] running migrations (14 pending)\n[deploy] restarting web (3 replicas)\n[deploy] done in 48s\n", "na-a"),
          "Walrus!Tide57"),
        P(f, sh("python manage_tenant.py create acme-corp admin@acme.test Horizon-Basil-904 --plan pro",
                "Tenant acme-corp created (id=318)\nAdmin admin@acme.test created\nPlan: pro (trial until 2027-01-15)\n", "na-b"), "Horizon-Basil-904"),
        P(f, sh(f"bin/rotate-db-user prod app_rw {r1} {r2}",
                "connecting to prod as app_rw ... ok\nALTER ROLE\nverifying new credential ... ok\nupdated 3 pgbouncer userlists\n", "na-c"), r1, r2),
        P(f, sh("node scripts/seed-admin.js http://localhost:3000 root Nectarine#12",
                "POST http://localhost:3000/api/setup 201\nadmin user root ready\n", "na-d"), "Nectarine#12"),
        P(f, sh(r"pwsh -File .\Setup-Lab.ps1 LAB01 labadmin 'Pa55-Lichen-Rock' -Verbose",
                "VERBOSE: Creating lab LAB01\nVERBOSE: Joining LAB01-DC to lab.local as labadmin\nVERBOSE: Lab LAB01 ready (4 VMs)\n", "na-e"), "Pa55-Lichen-Rock"),
    ]


def positional_calls() -> list:
    f = "d22: positional login calls in python, ruby, php and go libraries"
    r1, r2 = rs("pc1", 22), rs("pc2", 16)
    return [
        P(f, read_line('from ftplib import FTP_TLS\n\n\ndef push_feed(path):\n    ftp = FTP_TLS("ftp.partner-feeds.com")\n'
                       '    ftp.login("acme_upload", "Sardine!Coast41")\n    ftp.prot_p()\n    with open(path, "rb") as fh:\n'
                       '        ftp.storbinary(f"STOR {path.name}", fh)', "pc-a", 8), "Sardine!Coast41"),
        P(f, read_ev("/home/dev/app/lib/tasks/reports.rake",
                     "require 'net/ftp'\n\nnamespace :reports do\n  task upload: :environment do\n"
                     "    Net::FTP.open('files.example.com', 'reports', 'Topaz-Ridge-66') do |ftp|\n      ftp.passive = true\n"
                     "      ftp.putbinaryfile(Rails.root.join('tmp/daily.csv'))\n    end\n  end\nend\n", "pc-b"), "Topaz-Ridge-66"),
        P(f, write_ev("/var/www/legacy/sync.php",
                      f"<?php\n$conn = ssh2_connect('10.0.4.12', 22);\nssh2_auth_password($conn, 'deploy', '{r1}');\n"
                      "$db = mysqli_connect(\"db.internal\", \"shop\", \"Mango#Tree2025\", \"shop\");\n", "pc-c"), r1, "Mango#Tree2025"),
        P(f, read_line(f'func notify(to []string, body []byte) error {{\n\tauth := smtp.PlainAuth("", "alerts@example.com", "{r2}", "smtp.example.com")\n'
                       '\treturn smtp.SendMail("smtp.example.com:587", auth, "alerts@example.com", to, body)\n}', "pc-d", 77), r2),
        P(f, edit_ev("/home/dev/reports/export.py",
                     'import pymssql\n\nconn = pymssql.connect("sql01.corp.local", "report_ro", "Velvet_Anchor_9", "Warehouse")\ncur = conn.cursor()\n',
                     'cur = conn.cursor()', 'cur = conn.cursor(as_dict=True)', "pc-e"), "Velvet_Anchor_9"),
    ]


def csv_rows() -> list:
    f = "d22: inventory spreadsheets pasted as csv and tsv rows"
    r1, r2, r3 = rs("cv1", 14), rs("cv2", 32), rs("cv3", 18)
    return [
        P(f, said("turn this into an ansible inventory please:\n\nhostname,ip,os,admin_user,admin_pass,notes\n"
                  f"web01,10.20.0.11,ubuntu 22.04,ubuntu,Lentil!Storm4,front\ndb01,10.20.0.21,debian 12,postgres,{r1},primary\n"
                  "nas01,10.20.0.40,truenas,root,Pistachio-Barn-8,backups\n", "cv-a"), "Lentil!Storm4", r1, "Pistachio-Barn-8"),
        P(f, sh("cat ~/ops/integrations.tsv",
                f"service\tlogin\tsecret\towner\nmailgun\tapi\t{r2}\tmarketing\nsftp-bank\tacme01\tQuill&Harbor55\tfinance\n", "cv-b"), r2, "Quill&Harbor55"),
        P(f, sh("csvlook vendors.csv",
                "| vendor     | portal                          | username  | password          |\n| ---------- | ------------------------------- | --------- | ----------------- |\n"
                f"| Kronos     | https://kronos.example.com      | acme-hr   | Sorrel!Wagon3     |\n| PaperCo    | https://b2b.paperco.example     | purchasing| {r3} |\n", "cv-c"),
          "Sorrel!Wagon3", r3),
        P(f, read_ev("/home/dev/migration/users_import.csv",
                     "email;first_name;last_name;initial_password;department\nj.lindqvist@example.se;Johan;Lindqvist;Lingon2026!;Logistik\n"
                     "m.haddad@example.se;Mira;Haddad;Kanelbulle#77;Ekonomi\n", "cv-d"), "Lingon2026!", "Kanelbulle#77"),
        P(f, sh("python -c \"import pandas as pd; print(pd.read_csv('creds.csv'))\"",
                "        system        user              password\n0      grafana       admin      Gooseberry-Fog-5\n"
                f"1      jenkins    ci-admin  {rs('cv4', 20)}\n2  minio-root  minioadmin      Bergamot!Ferry9\n", "cv-e"),
          "Gooseberry-Fog-5", rs("cv4", 20), "Bergamot!Ferry9"),
    ]


def markdown_tables() -> list:
    f = "d22: markdown handover tables with a password column"
    r1, r2, r3, r4 = rs("md1", 20), rs("md2", 40), rs("md3", 16), rs("md4", 16)
    return [
        P(f, said("Handover notes from Sam, can you make a checklist out of it?\n\n| System | URL | User | Password |\n|---|---|---|---|\n"
                  f"| Grafana | https://grafana.int.example | admin | Otter&Reef#12 |\n| Jenkins | https://ci.int.example | sam.k | {r1} |\n"
                  "| Unifi | https://192.168.1.2:8443 | ubnt-admin | Cranberry!Loft6 |\n", "md-a"), "Otter&Reef#12", r1, "Cranberry!Loft6"),
        P(f, write_ev("/home/dev/app/docs/runbook-payments.md",
                      "## Payments sandbox\n\n| key | value |\n| --- | --- |\n| merchant_id | 40817 |\n"
                      f"| api_secret | {r2} |\n| webhook url | https://pay-sandbox.example.com/hooks/acme |\n", "md-b"), r2),
        P(f, read_line("### Databases\n\n| Environment | DB host | DB user | DB password |\n|-------------|---------|---------|-------------|\n"
                       f"| dev | localhost | app | app |\n| staging | pg-stg.internal | app_stg | {r3} |\n| demo | pg-demo.internal | app_demo | Lavender-Crow-55 |", "md-c", 31),
          r3, "Lavender-Crow-55"),
        P(f, edit_ev("/home/dev/ops/notes.md",
                     f"# Shared accounts\n\n| Account | Login | Password | Rotated |\n|---|---|---|---|\n| Twitter | @acme | {r3}x | 2026-05 |\n| Backblaze | ops@acme.example | {r4} | 2026-09 |\n",
                     f"| Backblaze | ops@acme.example | {r4} | 2026-09 |", "| Backblaze | ops@acme.example | Tangerine!Vault21 | 2026-12 |", "md-d"),
          r4, "Tangerine!Vault21", r3 + "x"),
        P(f, sh("cat handover.md",
                "Service        Login            Secret\n-------------  ---------------  -----------------------------\n"
                "Office wifi    -                Guava-Lantern-88\nPrinter admin  admin            Snapdragon!2024\n"
                f"Zoom room      rooms@acme.io    {rs('md5', 18)}\n", "md-e"), "Guava-Lantern-88", "Snapdragon!2024", rs("md5", 18)),
    ]


def yaml_anchors() -> list:
    f = "d22: yaml anchors and merge keys carrying a credential"
    r1, r2, r3 = rs("ya1", 28), rs("ya2", 20), rs("ya3", 22)
    return [
        P(f, read_ev("/home/dev/app/docker-compose.yml",
                     f"x-db-env: &db-env\n  POSTGRES_USER: app\n  POSTGRES_PASSWORD: {r1}\n  POSTGRES_DB: app\n\nservices:\n  db:\n    image: postgres:16\n"
                     "    environment: *db-env\n  worker:\n    image: ghcr.io/acme/worker:1.12\n    environment:\n      <<: *db-env\n      QUEUE: default\n", "ya-a"), r1),
        P(f, write_ev("/home/dev/app/.gitlab-ci.yml",
                      f".deploy: &deploy\n  image: alpine:3.20\n  variables:\n    DEPLOY_USER: release\n    DEPLOY_TOKEN: {r2}\n  script:\n    - ./deploy.sh\n\n"
                      "deploy-staging:\n  <<: *deploy\n  environment: staging\n", "ya-b"), r2),
        P(f, read_line("default: &default\n  adapter: postgresql\n  encoding: unicode\n  username: shop\n  password: Cardamom!77\n  pool: 5\n\n"
                       "development:\n  <<: *default\n  database: shop_dev\n\nproduction:\n  <<: *default\n  database: shop", "ya-c"), "Cardamom!77"),
        P(f, read_ev("/home/dev/chart/values-prod.yaml",
                     "smtpPassword: &smtp_pw Riverbend-Quill-5\n\nmailer:\n  host: smtp.example.com\n  user: noreply\n  password: *smtp_pw\n\nalerts:\n  smtp:\n    password: *smtp_pw\n", "ya-d"),
          "Riverbend-Quill-5"),
        P(f, edit_ev("/home/dev/infra/group_vars/all.yml",
                     f"common_creds: &creds\n  user: svc_app\n  pass: {r3}\n\napi_service:\n  <<: *creds\n  port: 8080\n",
                     "  port: 8080", "  port: 8081", "ya-e"), r3),
    ]


def base64_config() -> list:
    f = "d22: base64-wrapped json and ini config in env vars and their decoded output"
    r1, r2, r3, r4 = rs("b61", 24), rs("b62", 20), rs("b63", 28), rs("b64", 18)
    blob2 = b64(f'{{"db":{{"host":"db.internal","user":"app","password":"{r2}"}},"cache":"redis://cache:6379/0"}}')
    blob3 = b64(f"[smtp]\nhost=smtp.example.com\nuser=noreply\npassword={r3}\n")
    blob4 = b64('{"client_id":"acme-sync","client_secret":"Parsnip!Glow72"}')
    ini = f"[upstream]\nurl = https://api.vendor.example\nuser = acme\npassword = {r4}\n"
    return [
        P(f, sh('echo "$APP_CONFIG_B64" | base64 -d | jq .',
                f'{{\n  "db": {{\n    "host": "db.internal",\n    "user": "app",\n    "password": "{r1}"\n  }},\n  "feature_flags": ["new-checkout"]\n}}\n', "b6-a"), r1),
        P(f, read_ev("/home/dev/app/.env.production", f"NODE_ENV=production\nPORT=8080\nAPP_CONFIG_B64={blob2}\nLOG_LEVEL=info\n", "b6-b"), blob2),
        P(f, sh(f"docker run -d --name mailer -e SETTINGS_B64={blob3} ghcr.io/acme/mailer:3.1", hx("b6c", 64) + "\n", "b6-c"), blob3),
        P(f, said(f"the CI variable OAUTH_JSON is base64 of our client config, here it is: {blob4}\nwhy does the job fail with 'invalid_client'?", "b6-d"), blob4),
        P(f, sh("cat config.ini && base64 -w0 config.ini", ini + b64(ini) + "\n", "b6-e"), r4, b64(ini)),
    ]


def heredocs() -> list:
    f = "d22: heredocs feeding ftp, mongosh, psql and remote shells"
    r1, r2 = rs("hd1", 22), rs("hd2", 32)
    return [
        P(f, sh("ftp -n ftp.legacy-bank.example <<EOF\nuser batchxfer Quartz!Gull22\nbinary\nput payments_20261201.txt\nbye\nEOF",
                "Connected to ftp.legacy-bank.example.\n220 Bank FTP\n331 Password required\n230 User logged in\n200 Type set to I\n226 Transfer complete\n221 Goodbye\n", "hd-a"),
          "Quartz!Gull22"),
        P(f, sh(f"mongosh --quiet mongodb://db01:27017/admin <<'EOF'\ndb.auth(\"siteAdmin\", \"{r1}\")\n"
                'db.getSiblingDB("app").createUser({user: "app", pwd: "Harvest-Moon-08", roles: ["readWrite"]})\nEOF',
                "{ ok: 1 }\n{ ok: 1 }\n", "hd-b"), r1, "Harvest-Moon-08"),
        P(f, sh("psql -h db.internal -U postgres <<SQL\nALTER ROLE reporting WITH LOGIN PASSWORD 'Rhubarb-Signal-45';\nGRANT pg_read_all_data TO reporting;\nSQL",
                "ALTER ROLE\nGRANT ROLE\n", "hd-c"), "Rhubarb-Signal-45"),
        P(f, sh(f"cat <<EOF | sudo tee /etc/acme-sync/credentials.conf\n[api]\nclient_id = acme-sync\nclient_secret = {r2}\nEOF",
                f"[api]\nclient_id = acme-sync\nclient_secret = {r2}\n", "hd-d"), r2),
        P(f, sh("ssh bastion.example.net <<'EOF'\nexport PGPASSWORD='Gravel#Finch33'\npg_dump -h db.internal -U backup shop | gzip > /tmp/shop.sql.gz\nls -lh /tmp/shop.sql.gz\nEOF",
                "-rw-r--r-- 1 ops ops 412M Dec  2 11:04 /tmp/shop.sql.gz\n", "hd-e"), "Gravel#Finch33"),
    ]


def managed_db_create() -> list:
    f = "d22: managed database create commands echoing the admin password"
    r1, r2, r3, r4 = rs("mdb1", 22), rs("mdb2", 16), rs("mdb3", 24), rs("mdb4", 24)
    return [
        P(f, sh("az postgres flexible-server create --resource-group rg-data --name pg-orders-01 --location westeurope --tier Burstable --sku-name Standard_B1ms",
                "Creating Resource Group 'rg-data'...\nCreating PostgreSQL Server 'pg-orders-01' in group 'rg-data'...\n"
                f'{{\n  "connectionString": "postgresql://sulkyboar3:{r1}@pg-orders-01.postgres.database.azure.com/postgres?sslmode=require",\n'
                f'  "databaseName": "flexibleserverdb",\n  "host": "pg-orders-01.postgres.database.azure.com",\n  "location": "West Europe",\n'
                f'  "password": "{r1}",\n  "resourceGroup": "rg-data",\n  "skuname": "Standard_B1ms",\n  "username": "sulkyboar3",\n  "version": "16"\n}}\n', "mdb-a"), r1),
        P(f, sh("doctl databases create analytics --engine pg --region fra1 --size db-s-1vcpu-1gb --num-nodes 1",
                "ID                                      Name         Engine    Version    Number of Nodes    Region    Status      Size              URI\n"
                f"{uuid_of('mdbb')}    analytics    pg        16         1                  fra1      creating    db-s-1vcpu-1gb    postgresql://doadmin:{r2}@analytics-do-user-1829-0.e.db.ondigitalocean.com:25060/defaultdb?sslmode=require\n", "mdb-b"), r2),
        P(f, sh("linode-cli databases mysql-creds-view 48213",
                "┌──────────┬──────────────────────────┐\n│ username │ password                 │\n├──────────┼──────────────────────────┤\n"
                f"│ linroot  │ {r3} │\n└──────────┴──────────────────────────┘\n", "mdb-c"), r3),
        P(f, sh("vultr-cli database create --database-engine=mysql --database-engine-version=8 --region=ams --plan=vultr-dbaas-hobbyist-cc-1-25-1 --label=shop",
                f"ID\t\t\t{uuid_of('mdbd')}\nDATE CREATED\t\t2026-12-02 09:14:07\nPLAN\t\t\tvultr-dbaas-hobbyist-cc-1-25-1\nSTATUS\t\t\tRebuilding\n"
                f"LABEL\t\t\tshop\nHOST\t\t\tvultr-prod-{hx('mdbh', 8)}.vultrdb.com\nUSER\t\t\tvultradmin\nPASSWORD\t\t{r4}\nPORT\t\t\t16751\n", "mdb-d"), r4),
        P(f, sh("aws rds modify-db-cluster --db-cluster-identifier orders-aurora --master-user-password 'Fjord!Lamp2026' --apply-immediately --query 'DBCluster.Status'",
                '"available"\n', "mdb-e"), "Fjord!Lamp2026"),
    ]


def split_headers() -> list:
    f = "d22: custom api-key headers split over lines in client code"
    r1, r2, r3, r4, r5 = rs("sh1", 32), rs("sh2", 36), rs("sh3", 28), rs("sh4", 40), rs("sh5", 30)
    return [
        P(f, read_line('def fetch_rates(day):\n    headers = {\n        "Accept": "application/json",\n        "X-Api-Key":\n'
                       f'            "{r1}",\n    }}\n    return requests.get(f"{{BASE}}/rates/{{day}}", headers=headers, timeout=10).json()', "sh-a", 19), r1),
        P(f, read_ev("/home/dev/web/src/lib/inventory.ts",
                     "export async function stock(sku: string) {\n  const res = await fetch(`${BASE_URL}/stock/${sku}`, {\n    headers: {\n"
                     f"      'x-auth-token': process.env.INVENTORY_TOKEN ?? '{r2}',\n      accept: 'application/json',\n    }},\n  }});\n  return res.json();\n}}\n", "sh-b"), r2),
        P(f, sh(f"http GET https://api.vendor.example/v2/orders status==open apikey:{r3}",
                'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\n    "count": 2,\n    "orders": [\n        {"id": 9913, "status": "open"},\n        {"id": 9917, "status": "open"}\n    ]\n}\n', "sh-c"), r3),
        P(f, read_line(f'$headers = @{{}}\n$headers.Add("Accept", "application/json")\n$headers.Add("X-ApiKey", "{r4}")\n'
                       '$resp = Invoke-RestMethod -Uri "https://monitor.example.com/api/hosts" -Headers $headers -Method Get\n$resp.hosts | Format-Table name, status', "sh-d"), r4),
        P(f, edit_ev("/home/dev/partner/client.go",
                     f'func (c *Client) do(req *http.Request) (*http.Response, error) {{\n\treq.Header.Set(\n\t\t"X-Partner-Secret",\n\t\t"{r5}",\n\t)\n\treturn c.http.Do(req)\n}}\n',
                     "\treturn c.http.Do(req)", "\treq.Header.Set(\"User-Agent\", \"acme-partner/1.2\")\n\treturn c.http.Do(req)", "sh-e"), r5),
    ]


def svn_hg_fossil() -> list:
    f = "d22: subversion, mercurial and fossil credentials"
    r1, r2 = rs("vc1", 20), rs("vc2", 18)
    return [
        P(f, sh("svn checkout https://svn.example.org/repos/firmware/trunk fw --username ci-build --password 'Larkspur!61' --non-interactive --no-auth-cache",
                "A    fw/src\nA    fw/src/main.c\nA    fw/Makefile\nChecked out revision 48211.\n", "vc-a"), "Larkspur!61"),
        P(f, read_ev("/home/dev/billing/.hg/hgrc",
                     f"[paths]\ndefault = https://hg.example.com/projects/billing\n\n[auth]\nbilling.prefix = hg.example.com\nbilling.username = deploy\nbilling.password = {r1}\n\n[ui]\nusername = Dev <dev@example.com>\n", "vc-b"), r1),
        P(f, sh(f"hg clone https://deploy:{r2}@hg.example.com/tools tools",
                "requesting all changes\nadding changesets\nadding manifests\nadding file changes\nadded 1204 changesets with 5311 changes to 812 files\nupdating to branch default\n", "vc-c"), r2),
        P(f, sh("fossil clone https://jane:Hazel-Trail-4@fossil.example.net/repo/notes notes.fossil",
                "Round-trips: 3   Artifacts sent: 0  received: 2211\nClone done, wire bytes sent: 812  received: 4128337  ip: 203.0.113.40\n"
                "Rebuilding repository meta-data...\n  100.0% complete...\nproject-id: " + hx("vcd", 40) + "\n", "vc-d"), "Hazel-Trail-4"),
        P(f, sh(f"cat ~/.subversion/auth/svn.simple/{hx('vce', 32)}",
                "K 8\npasstype\nV 6\nsimple\nK 8\npassword\nV 14\nNutmeg&Crane72\nK 15\nsvn:realmstring\nV 45\n<https://svn.example.org:443> Example SVN\nK 8\nusername\nV 8\nci-build\nEND\n", "vc-e"),
          "Nutmeg&Crane72"),
    ]


def db_links() -> list:
    f = "d22: postgres foreign data wrappers, dblink, oracle database links and linked servers"
    r1, r2 = rs("dl1", 20), rs("dl2", 18)
    return [
        P(f, read_ev("/home/dev/app/db/migrations/20261130_legacy_fdw.sql",
                     "CREATE EXTENSION IF NOT EXISTS mysql_fdw;\nCREATE SERVER legacy_mysql FOREIGN DATA WRAPPER mysql_fdw OPTIONS (host '10.0.9.4', port '3306');\n"
                     f"CREATE USER MAPPING FOR app_user SERVER legacy_mysql OPTIONS (username 'reporting', password '{r1}');\n"
                     "IMPORT FOREIGN SCHEMA crm FROM SERVER legacy_mysql INTO legacy;\n", "dl-a"), r1),
        P(f, sh("psql -d analytics -c \"SELECT * FROM dblink('host=10.1.2.3 dbname=crm user=crm_ro password=Pelican#Dune9', 'SELECT id, name FROM accounts LIMIT 3') AS t(id int, name text);\"",
                " id  |      name\n-----+----------------\n 101 | Nordwind GmbH\n 102 | Alba Textiles\n 103 | Kestrel Foods\n(3 rows)\n", "dl-b"), "Pelican#Dune9"),
        P(f, read_line('-- finance link for the monthly close\nCREATE DATABASE LINK fin_link\n  CONNECT TO fin_ro IDENTIFIED BY "Saguaro_88x"\n  USING \'FINPROD\';\n\nSELECT COUNT(*) FROM gl_balances@fin_link;', "dl-c", 3),
          "Saguaro_88x"),
        P(f, write_ev("/home/dev/app/db/federated_orders.sql",
                      f"CREATE SERVER fed_orders\n  FOREIGN DATA WRAPPER mysql\n  OPTIONS (USER 'fed', PASSWORD '{r2}', HOST '10.0.0.8', PORT 3306, DATABASE 'orders');\n\n"
                      "CREATE TABLE orders_remote (id INT NOT NULL, total DECIMAL(10,2)) ENGINE=FEDERATED CONNECTION='fed_orders/orders';\n", "dl-d"), r2),
        P(f, sh("sqlcmd -S sql01 -E -Q \"EXEC sp_addlinkedserver @server = N'PARTNERDB', @srvproduct = N'', @provider = N'MSOLEDBSQL', @datasrc = N'partner-sql.example.com'; "
                "EXEC sp_addlinkedsrvlogin @rmtsrvname = N'PARTNERDB', @useself = 'FALSE', @locallogin = NULL, @rmtuser = N'link_ro', @rmtpassword = N'Tulip!Harbor44';\"",
                "Changed database context to 'master'.\n", "dl-e"),
          "Tulip!Harbor44"),
    ]


def replication() -> list:
    f = "d22: replication source settings (primary_conninfo, change replication source, masterauth, keyfiles)"
    r1, r2 = rs("rp1x", 24), rs("rp2x", 32)
    keyfile = gen("d22keyfile", 120, B64CHARS)
    return [
        P(f, read_ev("/var/lib/postgresql/16/main/postgresql.auto.conf",
                     "# Do not edit this file manually!\n# It will be overwritten by the ALTER SYSTEM command.\n"
                     f"primary_conninfo = 'user=replicator password={r1} channel_binding=prefer host=10.0.1.5 port=5432 sslmode=prefer'\n"
                     "primary_slot_name = 'replica_02'\n", "rx-a"), r1),
        P(f, sh("mysql -h 10.0.2.11 -uroot -e \"CHANGE REPLICATION SOURCE TO SOURCE_HOST='10.0.2.10', SOURCE_USER='repl', SOURCE_PASSWORD='Bluebell-River-3', SOURCE_AUTO_POSITION=1; START REPLICA;\"",
                "", "rx-b"), "Bluebell-River-3"),
        P(f, edit_ev("/etc/redis/replica.conf",
                     f"bind 0.0.0.0\nport 6379\nreplicaof 10.0.3.4 6379\nmasterauth {r2}\nreplica-read-only yes\n",
                     "replica-read-only yes", "replica-read-only yes\nreplica-serve-stale-data no", "rx-c"), r2),
        P(f, sh("sudo -u postgres pg_basebackup -d 'host=10.0.1.5 user=replicator password=Anvil!Crest77' -D /var/lib/postgresql/16/main -R -P",
                "30567841/30567841 kB (100%), 1/1 tablespace\n", "rx-d"), "Anvil!Crest77"),
        P(f, sh("sudo cat /etc/mongod/keyfile", keyfile + "\n", "rx-e"), keyfile),
    ]


def git_rewrites() -> list:
    f = "d22: git insteadOf rewrites, http.extraheader and config listings with a token"
    r1, r2, r3 = rs("gr1", 20), rs("gr2", 36), rs("gr3", 40)
    basic = b64("ci-bot:Cinnamon!Kite5")
    return [
        P(f, sh(f'git config --global url."https://oauth2:{r1}@gitlab.example.com/".insteadOf "https://gitlab.example.com/" && go mod download',
                "", "gr-a"), r1),
        P(f, sh("git config --list --show-origin | grep -i http",
                f"file:/home/dev/.gitconfig\thttp.sslverify=true\nfile:.git/config\thttp.https://git.example.com/.extraheader=AUTHORIZATION: basic {basic}\n", "gr-b"),
          basic),
        P(f, read_ev("/home/dev/.gitconfig",
                     f'[user]\n\tname = Dev\n\temail = dev@example.com\n[url "https://x-access-token:{r2}@github.example.com/"]\n\tinsteadOf = https://github.example.com/\n[pull]\n\trebase = true\n', "gr-c"),
          r2),
        P(f, sh(f'git -c http.extraHeader="Authorization: Bearer {r3}" clone https://git.example.com/org/infra.git',
                "Cloning into 'infra'...\nremote: Enumerating objects: 8841, done.\nReceiving objects: 100% (8841/8841), 3.10 MiB | 9.2 MiB/s, done.\n", "gr-d"), r3),
        P(f, read_line('[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n[remote "origin"]\n\turl = https://builder:Sundial!Path8@git.internal.example/ops/cfg.git\n'
                       '\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch "main"]\n\tremote = origin', "gr-e"), "Sundial!Path8"),
    ]


def vagrant_packer() -> list:
    f = "d22: vagrantfiles and packer templates typing a password"
    r1, r2 = rs("vp1", 16), rs("vp2", 20)
    return [
        P(f, read_ev("/home/dev/lab/Vagrantfile",
                     'Vagrant.configure("2") do |config|\n  config.vm.box = "generic/rocky9"\n  config.ssh.username = "vagrant-admin"\n'
                     '  config.ssh.password = "Honeycomb#56"\n  config.ssh.insert_key = false\n  config.vm.network "private_network", ip: "192.168.56.20"\nend\n', "vp-a"),
          "Honeycomb#56"),
        P(f, read_line(f'  config.vm.define "win" do |win|\n    win.vm.box = "gusztavvargadr/windows-server-2022"\n    win.vm.communicator = "winrm"\n'
                       f'    win.winrm.username = "Administrator"\n    win.winrm.password = "{r1}"\n  end', "vp-b", 22), r1),
        P(f, write_ev("/home/dev/images/alpine.pkr.hcl",
                      'source "qemu" "alpine" {\n  iso_url      = "https://dl-cdn.alpinelinux.org/alpine/v3.20/releases/x86_64/alpine-virt-3.20.3-x86_64.iso"\n'
                      '  boot_wait    = "20s"\n  boot_command = [\n    "root<enter><wait>",\n    "setup-alpine -q<enter><wait5>",\n'
                      '    "passwd<enter><wait>",\n    "Cactus-Sprout-19<enter><wait>",\n    "Cactus-Sprout-19<enter><wait>",\n  ]\n  ssh_username = "root"\n}\n', "vp-c"),
          "Cactus-Sprout-19"),
        P(f, read_ev("/home/dev/images/variables.pkr.hcl",
                     f'variable "winrm_password" {{\n  type      = string\n  default   = "{r2}"\n  sensitive = true\n}}\n\nvariable "vm_name" {{\n  type    = string\n  default = "win2022-base"\n}}\n', "vp-d"),
          r2),
        P(f, sh("packer build -var 'ssh_password=Orchard!Mist3' -only=vsphere-iso.ubuntu ubuntu.pkr.hcl",
                "vsphere-iso.ubuntu: output will be in this color.\n\n==> vsphere-iso.ubuntu: Uploading ubuntu-24.04-live-server-amd64.iso\n"
                "==> vsphere-iso.ubuntu: Waiting for SSH to become available...\n==> vsphere-iso.ubuntu: Connected to SSH!\n", "vp-e"), "Orchard!Mist3"),
    ]


def etl_tools() -> list:
    f = "d22: etl tool connection files (ssis dtsconfig, pentaho kettle, talend contexts, informatica, nifi)"
    r1, r2, r3 = rs("et1", 20), rs("et2", 18), rs("et3", 24)
    return [
        P(f, read_ev("C:\\ETL\\Config\\Warehouse.dtsConfig",
                     '<?xml version="1.0"?>\n<DTSConfiguration>\n  <Configuration ConfiguredType="Property" Path="\\Package.Connections[Warehouse].Properties[ConnectionString]" ValueType="String">\n'
                     "    <ConfiguredValue>Data Source=SQL02;User ID=etl_load;Password=Lupine#Field7;Initial Catalog=DW;Provider=SQLNCLI11.1;</ConfiguredValue>\n"
                     "  </Configuration>\n</DTSConfiguration>\n", "et-a"), "Lupine#Field7"),
        P(f, sh("./kitchen.sh -file=/opt/etl/jobs/load_sales.kjb -param:DB_HOST=dw.internal -param:DB_PASSWORD=Brambling-42 -level=Basic",
                "2026/12/02 08:00:01 - Kitchen - Start of run.\n2026/12/02 08:00:03 - load_sales - Starting entry [Load orders]\n"
                "2026/12/02 08:02:41 - load_sales - Finished job entry [Load orders] (result=[true])\n2026/12/02 08:02:41 - Kitchen - Processing ended after 2 minutes.\n", "et-b"),
          "Brambling-42"),
        P(f, read_ev("/home/dev/talend/SalesSync/contexts/Production.properties",
                     f"#Production\ndb_host=pg-prod.internal\ndb_port=5432\ndb_user=talend\ndb_password={r1}\nftp_host=ftp.partner.example\nftp_user=acme\nftp_password={r2}\n", "et-c"),
          r1, r2),
        P(f, sh("pmcmd startworkflow -sv IS_DEV -d Domain_DEV -u Administrator -p 'Mimosa!2029' -f Sales -wait wf_load_orders",
                "Informatica(r) PMCMD, version [10.5.4], build [1019], LINUX 64-bit\nInvoked at Wed Dec 02 08:10:11 2026\n\n"
                "Connected to Integration Service: [IS_DEV].\nStarting workflow [wf_load_orders]\nWorkflow wf_load_orders with run instance name [] and run id [4411] completed successfully.\n", "et-d"),
          "Mimosa!2029"),
        P(f, read_line(f"nifi.sensitive.props.key={r3}\nnifi.sensitive.props.key.protected=\nnifi.sensitive.props.algorithm=NIFI_PBKDF2_AES_GCM_256\n"
                       "nifi.security.keystore=./conf/keystore.p12\nnifi.security.keystoreType=PKCS12", "et-e", 180), r3),
    ]


def integration_routes() -> list:
    f = "d22: apache camel uris and mulesoft connector settings"
    r1, r2, r3 = rs("cm1", 20), rs("cm2", 16), rs("cm3", 24)
    s3 = rs("cm4", 40)
    return [
        P(f, read_line('public class PartnerRoute extends RouteBuilder {\n    @Override\n    public void configure() {\n'
                       f'        from("sftp://transfer@files.partner.com:22/outbound?password=RAW({r1})&delete=true&delay=60000")\n'
                       '            .to("file:/data/inbound");\n    }\n}', "cm-a", 14), r1),
        P(f, read_ev("/home/dev/integration/routes/edi.camel.yaml",
                     '- route:\n    id: edi-inbound\n    from:\n      uri: "ftp://edi@ftp.example.com/in"\n      parameters:\n        passiveMode: true\n'
                     '        password: "Gannet!Shore6"\n    steps:\n      - to: "direct:parse-edi"\n', "cm-b"), "Gannet!Shore6"),
        P(f, read_ev("/home/dev/mule/src/main/resources/mule-app.properties",
                     f"http.port=8081\nsalesforce.username=integration@acme.example\nsalesforce.password={r2}\nsalesforce.securityToken={r3}\n", "cm-c"), r2, r3),
        P(f, write_ev("/home/dev/integration/src/main/resources/application.properties",
                      f"camel.main.name=orders-bridge\ncamel.component.aws2-s3.access-key=AKIA{gen('d22cm5', 16, string.ascii_uppercase + '234567')}\n"
                      f"camel.component.aws2-s3.secret-key={s3}\ncamel.component.aws2-s3.region=eu-central-1\n", "cm-d"), s3),
        P(f, read_line('<db:config name="ERP_DB">\n  <db:my-sql-connection host="10.0.0.5" port="3306" user="mule" password="Willow-Gate-21" database="erp"/>\n</db:config>', "cm-e", 9),
          "Willow-Gate-21"),
    ]


def lxd_quadlet() -> list:
    f = "d22: lxd, incus and podman quadlet environment settings"
    r1, r2, r3, r4 = rs("lx1", 24), rs("lx2", 30), rs("lx3", 64), rs("lx4", 32)
    return [
        P(f, sh(f"lxc config set app01 environment.DB_PASSWORD '{r1}' && lxc restart app01", "", "lx-a"), r1),
        P(f, sh(f"incus launch images:debian/12 ci-runner -c environment.RUNNER_TOKEN={r2} -c limits.cpu=4",
                "Launching ci-runner\n", "lx-b"), r2),
        P(f, write_ev("/home/dev/.config/containers/systemd/web.container",
                      f"[Unit]\nDescription=Shop web\n\n[Container]\nImage=ghcr.io/acme/web:2.3\nPublishPort=8080:3000\nEnvironment=SECRET_KEY_BASE={r3}\n"
                      "Environment=SMTP_PASSWORD=Pinecone!Drift5\n\n[Install]\nWantedBy=default.target\n", "lx-c"), r3, "Pinecone!Drift5"),
        P(f, sh("lxc config show app02",
                f"architecture: x86_64\nconfig:\n  environment.API_TOKEN: {r4}\n  environment.TZ: Europe/Paris\n  image.os: Ubuntu\n  image.release: noble\n"
                f"  volatile.base_image: {hx('lxd', 64)}\n  volatile.eth0.hwaddr: 00:16:3e:4a:9c:12\ndevices: {{}}\nephemeral: false\nprofiles:\n- default\n", "lx-d"), r4),
        P(f, sh("printf 'Gazebo#Lark90' | podman secret create db_root -", hx("lx5", 25) + "\n", "lx-e"), "Gazebo#Lark90"),
    ]


def ftp_virtual_users() -> list:
    f = "d22: ftp server virtual user files and commands (vsftpd, pure-ftpd, proftpd, sftpgo)"
    r1, r2 = rs("fv1", 12), rs("fv2", 20)
    return [
        P(f, read_ev("/etc/vsftpd/virtual_users.txt", f"alice\nSparrow!Hill22\nbob\n{r1}\nscanner\nTeakwood-Ember-3\n", "fv-a"), "Sparrow!Hill22", r1, "Teakwood-Ember-3"),
        P(f, sh("printf 'uploader\\nMarigold-77\\n' | sudo tee -a /etc/vsftpd/virtual_users.txt && sudo db_load -T -t hash -f /etc/vsftpd/virtual_users.txt /etc/vsftpd/virtual_users.db",
                "uploader\nMarigold-77\n", "fv-b"), "Marigold-77"),
        P(f, sh("(echo 'Clover#Fen19'; echo 'Clover#Fen19') | sudo pure-pw useradd webdev -u ftpuser -d /srv/ftp/webdev -m",
                "Password: \nEnter it again: \n", "fv-c"), "Clover#Fen19"),
        P(f, sh("sudo ftpasswd --passwd --file=/etc/proftpd/ftpd.passwd --name=scanner --uid=2001 --home=/srv/scans --shell=/bin/false --stdin <<< 'Scanner2025!'",
                "ftpasswd: using alternate file: /etc/proftpd/ftpd.passwd\nftpasswd: entry created\n", "fv-d"), "Scanner2025!"),
        P(f, sh(f"curl -s -u admin:{r2} -X POST http://localhost:8080/api/v2/users -H 'Content-Type: application/json' "
                "-d '{\"username\":\"partner\",\"password\":\"Heather-Loom-6\",\"home_dir\":\"/srv/partner\",\"status\":1,\"permissions\":{\"/\":[\"*\"]}}'",
                '{"id":7,"status":1,"username":"partner","home_dir":"/srv/partner","uid":0,"gid":0}\n', "fv-e"), r2, "Heather-Loom-6"),
    ]


def mock_servers() -> list:
    f = "d22: api mock servers and contract test brokers (wiremock, pact broker, mockoon, microcks)"
    r1, r2, r3, r4 = rs("ms1", 20), rs("ms2", 22), rs("ms3", 32), rs("ms4", 36)
    basic = b64("acme-sandbox:Quokka!Dawn15")
    return [
        P(f, sh(f"pact-broker publish pacts --consumer-app-version 1.8.0 --branch main --broker-base-url https://pact.example.com --broker-username ci --broker-password '{r1}'",
                "Created orders-web version 1.8.0 with branch main\nPact successfully published for orders-web version 1.8.0 and provider orders-api.\n", "ms-a"), r1),
        P(f, read_ev("/home/dev/app/.env.ci", f"PACT_BROKER_BASE_URL=https://acme.pactflow.io\nPACT_BROKER_TOKEN={r2}\nPACT_DO_NOT_TRACK=true\n", "ms-b"), r2),
        P(f, write_ev("/home/dev/app/wiremock/mappings/partner-proxy.json",
                      '{\n  "request": { "urlPathPattern": "/partner/.*" },\n  "response": {\n    "proxyBaseUrl": "https://api.partner.example",\n'
                      f'    "additionalProxyRequestHeaders": {{ "Authorization": "Basic {basic}" }}\n  }}\n}}\n', "ms-c"), basic),
        P(f, read_line('      "headers": [\n        { "key": "Content-Type", "value": "application/json" },\n'
                       f'        {{ "key": "X-Upstream-Key", "value": "{r3}" }}\n      ],\n      "proxyMode": true,', "ms-d", 58), r3),
        P(f, sh(f"microcks-cli import openapi.yaml:true --microcksURL=https://microcks.example.com/api --keycloakClientId=microcks-serviceaccount --keycloakClientSecret={r4}",
                "Microcks has discovered 'Orders API:1.2.0'\n", "ms-e"), r4),
    ]


def blog_keys() -> list:
    f = "d22: blogging platform keys (ghost admin, dev.to, writefreely, medium)"
    ghost1 = f"{hx('gh1', 24)}:{hx('gh1s', 64)}"
    ghost2 = f"{hx('gh2', 24)}:{hx('gh2s', 64)}"
    r1 = rs("bl1", 24)
    medium = "2" + hx("bl2", 64)
    return [
        P(f, read_ev("/home/dev/blog-tools/.env", f"GHOST_API_URL=https://blog.example.com\nGHOST_ADMIN_API_KEY={ghost1}\nGHOST_API_VERSION=v5.0\n", "bl-a"), ghost1),
        P(f, read_line("import GhostAdminAPI from '@tryghost/admin-api';\n\nconst api = new GhostAdminAPI({\n  url: 'https://blog.example.com',\n"
                       f"  key: '{ghost2}',\n  version: 'v5.0',\n}});", "bl-b"), ghost2),
        P(f, sh(f'curl -s -X POST https://dev.to/api/articles -H "api-key: {r1}" -H "Content-Type: application/json" -d @post.json',
                '{"type_of":"article","id":2081734,"title":"Shipping faster with feature flags","published":false,"url":"https://dev.to/acme/shipping-faster-2k9d"}\n', "bl-c"), r1),
        P(f, sh("writefreely --create-admin ana:Kumquat!Bay3 && sudo systemctl restart writefreely",
                "Creating admin ana...\nDone!\n", "bl-d"), "Kumquat!Bay3"),
        P(f, said(f"cross-posting to medium fails with 401, token is {medium} — did they drop integration tokens?", "bl-e"), medium),
    ]


def etcd_zk() -> list:
    f = "d22: etcd key reads and zookeeper digest auth"
    r1, r2, r3 = rs("ez1", 24), rs("ez2", 12), rs("ez3", 20)
    return [
        P(f, sh("etcdctl --endpoints=https://10.0.0.5:2379 --user root:Compass!Vale9 get /config/billing --print-value-only",
                f'{{"db_host":"pg-billing.internal","db_user":"billing","db_password":"{r1}","currency":"EUR"}}\n', "ez-a"), "Compass!Vale9", r1),
        P(f, sh("etcdctl put /services/mailer/smtp_password 'Ocelot-Rain-64'", "OK\n", "ez-b"), "Ocelot-Rain-64"),
        P(f, sh("zkCli.sh -server zk1:2181",
                f"Connecting to zk1:2181\nWelcome to ZooKeeper!\nJLine support is enabled\n[zk: zk1:2181(CONNECTED) 0] addauth digest admin:{r2}\n"
                "[zk: zk1:2181(CONNECTED) 1] ls /kafka\n[brokers, config, controller, admin]\n", "ez-c"), r2),
        P(f, sh("bin/zookeeper-shell.sh zk1:2181 get /config/kafka-ui/credentials",
                f'Connecting to zk1:2181\n\nWATCHER::\n\nWatchedEvent state:SyncConnected type:None path:null\n{{"username":"kafka-ui","password":"{r3}"}}\n', "ez-d"), r3),
        P(f, sh("etcdctl user add app:Snapdragon#4 && etcdctl user grant-role app readwrite", "User app created\nRole readwrite is granted to user app\n", "ez-e"),
          "Snapdragon#4"),
    ]


def package_scripts() -> list:
    f = "d22: package.json, pyproject and deno task scripts with inline credentials"
    t1, r2 = hx("ps1", 32), rs("ps2", 40)
    return [
        P(f, read_ev("/home/dev/shop/package.json",
                     '{\n  "name": "shop",\n  "version": "2.4.1",\n  "scripts": {\n    "build": "vite build",\n'
                     f'    "deploy": "surge ./dist shop.surge.sh --token {t1}",\n    "test": "vitest run"\n  }}\n}}\n', "ps-a"), t1),
        P(f, read_line('  "scripts": {\n    "db:dump": "PGPASSWORD=Mistletoe!8 pg_dump -h db.internal -U app app > dump.sql",\n    "db:migrate": "prisma migrate deploy"\n  },', "ps-b", 6),
          "Mistletoe!8"),
        P(f, write_ev("/home/dev/lib/pyproject.toml",
                      '[project]\nname = "acme-utils"\nversion = "0.9.2"\n\n[tool.pdm.scripts]\ntest = "pytest -q"\n'
                      f'publish = "twine upload --repository-url https://pypi.internal.example/simple -u deploy -p {r2} dist/*"\n', "ps-c"), r2),
        P(f, sh("npm run deploy",
                f"\n> shop@2.4.1 deploy\n> surge ./dist shop.surge.sh --token {t1}\n\n   Running as deploy@acme.example (Student)\n\n"
                "        project: ./dist\n         domain: shop.surge.sh\n         upload: [====================] 100% eta: 0.0s (41 files, 2318221 bytes)\n\n   Success! - Published to shop.surge.sh\n", "ps-d"), t1),
        P(f, edit_ev("/home/dev/api/deno.json",
                     '{\n  "tasks": {\n    "dev": "deno run -A --watch main.ts",\n    "seed": "deno run -A seed.ts"\n  }\n}\n',
                     '"seed": "deno run -A seed.ts"', '"seed": "deno run -A seed.ts --admin-email=ops@acme.example --admin-pass=Vermilion-Sky-2"', "ps-e"),
          "Vermilion-Sky-2"),
    ]


def english_bug_reports() -> list:
    f = "d22: human passwords mentioned mid-sentence in english bug reports"
    return [
        P(f, said("since the 4.2 upgrade, logging into the admin panel as ops@shopfront.io with Marmalade!2023 gives a 500, the stack trace is in sentry", "eb-a"),
          "Marmalade!2023"),
        P(f, said("Repro: open /login on staging, type jdoe / sunflower88gold and press enter twice quickly — the second submit creates a second session row", "eb-b"),
          "sunflower88gold"),
        P(f, said("the reception kiosk auto-logs in as frontdesk and its password Pebble-Coast-19 is literally on a sticker on the screen. can the setup script read it from the env instead?", "eb-c"),
          "Pebble-Coast-19"),
        P(f, said("QA found that passwords with a hash sign break the signup form, try Hazelnut#4412 on staging and you'll get 'invalid input'", "eb-d"),
          "Hazelnut#4412"),
        P(f, said("I changed the shared support mailbox pass to WinterOrchid2026 this morning and now the imap sync job fails, can you check the worker logs?", "eb-e"),
          "WinterOrchid2026"),
    ]


def prompts_horn_west_africa() -> list:
    f = "d22: prompts in amharic, tigrinya, oromo, wolof and igbo"
    r1, r2 = rs("pl1", 24), rs("pl2", 32)
    return [
        P(f, said("የዳታቤዝ የይለፍ ቃል Abeba!Coffee21 ነው፤ እባክህ ወደ .env ፋይል ጨምረው።", "pl-a"), "Abeba!Coffee21"),
        P(f, said(f"ናይ staging server API key {r1} እዩ፣ ነቲ deploy script ኣስተኻኽሎ።", "pl-b"), r1),
        P(f, said("Jecha darbii server qorannoo Lalisa-Bishaan-7 dha; maaloo faayilii config keessatti galchi.", "pl-c"), "Lalisa-Bishaan-7"),
        P(f, said(f"Token bi ngir jokkoo ak API bi mooy {r2}, duggal ko ci fichier .env bi te bul ko def ci git.", "pl-d"), r2),
        P(f, said("Okwuntughe nke admin na Grafana bụ Nkwo#Market55; biko tinye ya na docker-compose.yml.", "pl-e"), "Nkwo#Market55"),
    ]


def prompts_central_asia() -> list:
    f = "d22: prompts in tibetan, uyghur, turkmen, bashkir and chuvash"
    r1, r2 = rs("pc6", 28), rs("pc7", 20)
    return [
        P(f, said("གསང་ཚིག་ནི་ Lhasa-Yak-2024 ཡིན། database config ནང་བཅུག་རོགས།", "pt-a"), "Lhasa-Yak-2024"),
        P(f, said(f"ساندان پارولى {r1}، ئۇنى .env ھۆججىتىگە قوشۇپ قويۇڭ.", "pt-b"), r1),
        P(f, said("Maglumat bazasynyň paroly Ahal!Teke88, ony .env faýlyna goşuň we serweri täzeden işlediň.", "pt-c"), "Ahal!Teke88"),
        P(f, said(f"Сервер API токены {r2}, уны CI көйләүҙәренә өҫтә, зинһар.", "pt-d"), r2),
        P(f, said("Админ паролĕ Shupashkar_1971, ăна docker-compose.yml файла хуш.", "pt-e"), "Shupashkar_1971"),
    ]


def prompts_pacific() -> list:
    f = "d22: prompts in javanese, sundanese, tetum, chamorro and bislama"
    r1, r2 = rs("pp1", 26), rs("pp2", 32)
    return [
        P(f, said("Sandhi database-e Gudeg!Jogja45, tulung lebokna menyang file .env ya, aja di-commit.", "pp-a"), "Gudeg!Jogja45"),
        P(f, said(f"Token API pikeun server staging téh {r1}, punten lebetkeun kana config CI.", "pp-b"), r1),
        P(f, said("Liafuan-pase admin nian mak Dili-Cristo-Rei9, favór tau iha docker-compose.yml.", "pp-c"), "Dili-Cristo-Rei9"),
        P(f, said(f"I API key para i server {r2}, po'lo gi .env ya cha'-mu na'halom gi git.", "pp-d"), r2),
        P(f, said("Pasword blong admin long Grafana hem i Vila_Kava_2026, plis putum long .env fael.", "pp-e"), "Vila_Kava_2026"),
    ]


def prompts_south_southeast_asia() -> list:
    f = "d22: prompts in sinhala, nepali, dhivehi, burmese and lao"
    r1, r2 = rs("ps6", 24), rs("ps7", 30)
    return [
        P(f, said("දත්ත සමුදායේ මුරපදය Kandy!Perahera7 යි, කරුණාකර එය .env ගොනුවට එකතු කරන්න.", "sa-a"), "Kandy!Perahera7"),
        P(f, said(f"स्टेजिङ सर्भरको API key {r1} हो, कृपया यसलाई CI settings मा राख्नुहोस्।", "sa-b"), r1),
        P(f, said("ޑޭޓާބޭސްގެ ޕާސްވޯޑަކީ Male-Atoll-2025 ، .env ފައިލަށް އިތުރުކޮށްދީ.", "sa-c"), "Male-Atoll-2025"),
        P(f, said(f"ဆာဗာ token က {r2} ပါ၊ .env ဖိုင်ထဲ ထည့်ပေးပါ။", "sa-d"), r2),
        P(f, said("ລະຫັດຜ່ານ admin ແມ່ນ Mekong#Sunset31, ກະລຸນາເພີ່ມໃສ່ໄຟລ໌ docker-compose.yml.", "sa-e"), "Mekong#Sunset31"),
    ]


def chat_bots() -> list:
    f = "d22: telegram and discord bot tokens in bot code, urls and run logs"
    t1, t2, t3 = tg_token("1"), tg_token("2"), tg_token("3")
    d1, d2 = dc_token("1"), dc_token("2")
    return [
        P(f, read_line("from telegram.ext import ApplicationBuilder, CommandHandler\n\n"
                       f'app = ApplicationBuilder().token("{t1}").build()\napp.add_handler(CommandHandler("status", status))\napp.run_polling()', "cb-a", 30), t1),
        P(f, sh(f"curl -s https://api.telegram.org/bot{t2}/getUpdates | jq '.result[-1].message.chat'",
                '{\n  "id": -1001827364510,\n  "title": "ops-alerts",\n  "type": "supergroup"\n}\n', "cb-b"), t2),
        P(f, read_ev("/home/dev/bots/modbot/.env", f"DISCORD_TOKEN={d1}\nGUILD_ID=1029384756102938475\nLOG_LEVEL=info\n", "cb-c"), d1),
        P(f, edit_ev("/home/dev/bots/modbot/index.js",
                     f"client.once(Events.ClientReady, c => console.log(`Ready as ${{c.user.tag}}`));\n\nclient.login('{d2}');\n",
                     "console.log(`Ready as ${c.user.tag}`)", "logger.info(`Ready as ${c.user.tag}`)", "cb-d"), d2),
        P(f, sh("python bot.py",
                "2026-12-02 09:01:12,114 - httpx - INFO - HTTP Request: POST "
                f"https://api.telegram.org/bot{t3}/getMe \"HTTP/1.1 200 OK\"\n2026-12-02 09:01:12,301 - telegram.ext.Application - INFO - Application started\n", "cb-e"), t3),
    ]


def healthchecks() -> list:
    f = "d22: container healthcheck and probe commands with a password argument"
    r1, r2, r3 = rs("hc1", 24), rs("hc2", 20), rs("hc3", 28)
    return [
        P(f, read_line("FROM mysql:8.4\nCOPY conf.d/ /etc/mysql/conf.d/\nHEALTHCHECK --interval=30s --timeout=5s \\\n  CMD mysqladmin ping -h 127.0.0.1 -uroot -pQuince!Meadow5 || exit 1", "hc-a"),
          "Quince!Meadow5"),
        P(f, read_ev("/home/dev/app/compose.yaml",
                     "services:\n  cache:\n    image: redis:7.4\n    command: [\"redis-server\", \"--requirepass\", \"" + r1 + "\"]\n    healthcheck:\n"
                     f'      test: ["CMD", "redis-cli", "-a", "{r1}", "ping"]\n      interval: 10s\n', "hc-b"), r1),
        P(f, write_ev("/home/dev/k8s/db-deployment.yaml",
                      "        readinessProbe:\n          exec:\n            command:\n              - sh\n              - -c\n"
                      f"              - PGPASSWORD={r2} psql -h localhost -U app -d app -c 'select 1'\n          periodSeconds: 15\n", "hc-c"), r2),
        P(f, edit_ev("/home/dev/app/compose.yaml",
                     '  rabbitmq:\n    image: rabbitmq:3.13-management\n    healthcheck:\n      test: ["CMD-SHELL", "rabbitmq-diagnostics -q ping"]\n',
                     'test: ["CMD-SHELL", "rabbitmq-diagnostics -q ping"]',
                     'test: ["CMD-SHELL", "curl -fsu admin:Dandelion-31 http://localhost:15672/api/health/checks/alarms"]', "hc-d"), "Dandelion-31"),
        P(f, sh("docker inspect --format '{{json .Config.Healthcheck}}' mongo",
                f'{{"Test":["CMD","mongosh","-u","root","-p","{r3}","--quiet","--eval","db.adminCommand(\'ping\')"],"Interval":10000000000,"Retries":5}}\n', "hc-e"), r3),
    ]


def userscripts() -> list:
    f = "d22: userscripts and bookmarklets with an api key or login"
    r1, r2, r3 = rs("us1", 32), rs("us2", 24), rs("us3", 28)
    return [
        P(f, read_ev("/home/dev/userscripts/jira-export.user.js",
                     "// ==UserScript==\n// @name         Jira quick export\n// @match        https://jira.example.com/browse/*\n// @grant        GM_xmlhttpRequest\n// ==/UserScript==\n\n"
                     f"const TOKEN = '{r1}';\nGM_xmlhttpRequest({{\n  method: 'GET',\n  url: `https://jira.example.com/rest/api/2/issue/${{key}}`,\n  headers: {{ Authorization: `Bearer ${{TOKEN}}` }},\n}});\n", "us-a"), r1),
        P(f, said(f"make this bookmarklet also send the page title: javascript:(()=>{{fetch('https://hooks.example.com/save?key={r2}&u='+encodeURIComponent(location.href))}})()", "us-b"), r2),
        P(f, read_line(f"(function () {{\n  'use strict';\n  if (!GM_getValue('apiKey')) GM_setValue('apiKey', '{r3}');\n  addButton();\n}})();", "us-c", 12), r3),
        P(f, write_ev("/home/dev/userscripts/timesheet-fill.user.js",
                      "// ==UserScript==\n// @name  Timesheet autofill\n// @match https://hr.example.com/timesheet\n// ==/UserScript==\n"
                      "const creds = ['svc-timesheet', 'Turnip!Valley28'];\ndocument.querySelector('#user').value = creds[0];\ndocument.querySelector('#pass').value = creds[1];\n", "us-d"),
          "Turnip!Valley28"),
        P(f, said("my NAS bookmark stopped working in Firefox: javascript:void(open('https://admin:Bonfire-Echo-7@nas.local:5001/'))", "us-e"), "Bonfire-Echo-7"),
    ]


def deploy_tools() -> list:
    f = "d22: multi-server deploy tools (capistrano, deployer, fabric, pyinfra, kamal)"
    r1, r2, r3 = rs("dt1", 20), rs("dt2", 18), rs("dt3", 32)
    return [
        P(f, read_ev("/home/dev/shop/config/deploy/production.rb",
                     'server "10.0.5.21", user: "deploy", roles: %w{app web db}, ssh_options: { password: "Mulberry!Sky44", auth_methods: %w(password) }\n'
                     'set :branch, "main"\n', "dt-a"), "Mulberry!Sky44"),
        P(f, read_line("host('web1.example.com')\n    ->set('remote_user', 'deployer')\n    ->set('deploy_path', '~/shop')\n"
                       f"    ->set('db_password', '{r1}');", "dt-b", 18), r1),
        P(f, write_ev("/home/dev/ops/fabfile.py",
                      f'from fabric import Connection, task\n\n\n@task\ndef restart(c):\n    conn = Connection("web2.internal", user="ops", connect_kwargs={{"password": "{r2}"}})\n'
                      '    conn.sudo("systemctl restart shop")\n', "dt-c"), r2),
        P(f, read_ev("/home/dev/ops/inventory.py",
                     'web_servers = [\n    ("web3.internal", {"ssh_user": "ops", "ssh_password": "Grapefruit-Tide-2"}),\n    ("web4.internal", {"ssh_user": "ops", "ssh_key": "~/.ssh/ops_ed25519"}),\n]\n', "dt-d"),
          "Grapefruit-Tide-2"),
        P(f, sh("cat .kamal/secrets", f"KAMAL_REGISTRY_PASSWORD={r3}\nRAILS_MASTER_KEY={hx('dt4', 32)}\n", "dt-e"), r3, hx("dt4", 32)),
    ]


# ---------------------------------------------------------------- negatives


def neg_gherkin_robot() -> list:
    f = "d22 neg: gherkin scenarios and robot suites reading credentials from variables and vaults"
    return [
        N(f, read_ev("/home/dev/app/features/login.feature",
                     'Feature: Login\n\n  Scenario: Agent signs in\n    Given an agent account from the test vault\n'
                     '    When I sign in as "<agent>" with the password from the vault\n    Then I see the ticket queue\n', "ngk-a")),
        N(f, write_ev("/home/dev/app/features/password_rules.feature",
                      "Feature: Password rules\n\n  Scenario Outline: rejected passwords\n    When I choose a password that is <rule>\n    Then I see \"<message>\"\n\n"
                      "    Examples:\n      | rule              | message                                     |\n      | too short         | Password must be at least 12 characters     |\n"
                      "      | without a digit   | Password must contain a number              |\n      | the email address | Password must not contain your email        |\n", "ngk-b")),
        N(f, read_line("*** Variables ***\n${ERP_URL}     https://erp.example.com\n${USERNAME}    %{ERP_USER}\n${PASSWORD}    %{ERP_PASSWORD}\n\n"
                       "*** Test Cases ***\nLogin To ERP\n    Input Text    id=username    ${USERNAME}\n    Input Password    id=password    ${PASSWORD}", "ngk-c")),
        N(f, read_ev("/home/dev/rpa/tasks.robot",
                     "*** Settings ***\nLibrary    RPA.Robocorp.Vault\n\n*** Tasks ***\nLog in to supplier portal\n    ${secret}=    Get Secret    supplier_portal\n"
                     "    Input Text    id=user    ${secret}[username]\n    Input Password    id=pass    ${secret}[password]\n", "ngk-d")),
        N(f, sh("npx cucumber-js --profile ci",
                "......................................................\n\n14 scenarios (14 passed)\n58 steps (58 passed)\n0m12.482s (executing steps: 0m12.104s)\n", "ngk-e")),
    ]


def neg_hypervisors() -> list:
    f = "d22 neg: hypervisor listings with uuids, mac addresses and vnc ports"
    return [
        N(f, sh("virsh dominfo win11-test",
                f"Id:             4\nName:           win11-test\nUUID:           {uuid_of('nhv1')}\nOS Type:        hvm\nState:          running\nCPU(s):         4\n"
                "Max memory:     8388608 KiB\nPersistent:     yes\nAutostart:      disable\nSecurity model: apparmor\n", "nhv-a")),
        N(f, sh("govc vm.info -r build-agent-01",
                f"Name:           build-agent-01\n  Path:         /dc1/vm/build-agent-01\n  UUID:         {uuid_of('nhv2')}\n  Guest name:   Ubuntu Linux (64-bit)\n"
                "  Memory:       8192MB\n  CPU:          4 vCPU(s)\n  Power state:  poweredOn\n  IP address:   10.20.4.31\n  Host:         esxi03.lab.local\n", "nhv-b")),
        N(f, sh("virsh dumpxml win11-test | grep -A3 -E '<graphics|<mac'",
                "      <mac address='52:54:00:6b:3c:58'/>\n      <source network='default'/>\n      <model type='virtio'/>\n"
                "    <graphics type='spice' autoport='yes' listen='127.0.0.1'>\n      <listen type='address' address='127.0.0.1'/>\n      <image compression='off'/>\n    </graphics>\n", "nhv-c")),
        N(f, sh("pwsh -c \"Get-VM | Select Name,PowerState,NumCpu,MemoryGB,Id | Format-Table\"",
                "Name            PowerState NumCpu MemoryGB Id\n----            ---------- ------ -------- --\nveeam-proxy-01  PoweredOn       4        8 VirtualMachine-vm-1043\n"
                "sql-cluster-a   PoweredOn       8       32 VirtualMachine-vm-1051\n", "nhv-d")),
        N(f, sh("qemu-system-x86_64 -enable-kvm -m 4096 -object secret,id=sec0,file=/run/keys/luks.key -drive file=vault.qcow2,encrypt.format=luks,encrypt.key-secret=sec0 -vnc :1",
                "", "nhv-e")),
    ]


def neg_personal_apps() -> list:
    f = "d22 neg: personal app status, listings and env files with references"
    return [
        N(f, sh("docker exec -u www-data nextcloud php occ status",
                "  - installed: true\n  - version: 30.0.2.2\n  - versionstring: 30.0.2\n  - edition: \n  - maintenance: false\n  - needsDbUpgrade: false\n"
                "  - productname: Nextcloud\n  - extendedSupport: false\n", "npa-a")),
        N(f, sh("immich server-info",
                "Server Info (via alice@example.home)\n  Url: https://photos.example.home/api\n  Version: 1.121.0\n  Formats:\n    Images: 3fr, ari, arw, avif, bmp\n"
                "  Statistics:\n    Images: 48213\n    Videos: 1204\n    Total: 301.4 GiB\n", "npa-b")),
        N(f, read_ev("/srv/paperless/docker-compose.env",
                     "USERMAP_UID=1000\nUSERMAP_GID=1000\nPAPERLESS_URL=https://docs.example.home\nPAPERLESS_SECRET_KEY_FILE=/run/secrets/paperless_secret_key\n"
                     "PAPERLESS_TIME_ZONE=Europe/Berlin\nPAPERLESS_OCR_LANGUAGE=deu+eng\n", "npa-c")),
        N(f, sh("docker exec -u www-data nextcloud php occ user:list",
                "  - alice: Alice Meyer\n  - bob: Bob Meyer\n  - admin: admin\n  - kids: Kids Tablet\n", "npa-d")),
        N(f, read_line("# Firefly III: APP_KEY is generated by `php artisan key:generate` on first start\nAPP_ENV=production\nAPP_DEBUG=false\n"
                       "DB_CONNECTION=pgsql\nDB_HOST=firefly-db\nDB_PASSWORD_FILE=/run/secrets/firefly_db\nSTATIC_CRON_TOKEN_FILE=/run/secrets/firefly_cron", "npa-e")),
    ]


def neg_positional_scripts() -> list:
    f = "d22 neg: scripts called with positional ids, regions, versions and shas"
    return [
        N(f, sh(f"./scripts/deploy.sh staging 2.14.3 eu-west-1 {hx('nps1', 10)}",
                "[deploy] target=staging version=2.14.3 region=eu-west-1\n[deploy] image ghcr.io/acme/web@sha256:" + hx("nps1d", 64) + "\n[deploy] done in 51s\n", "nps-a")),
        N(f, sh("python manage_tenant.py create acme-corp admin@acme.test --plan pro",
                "Tenant acme-corp created (id=318)\nInvite link sent to admin@acme.test (expires in 48h)\n", "nps-b")),
        N(f, sh("bin/rotate-db-user prod app_rw --via vault",
                "requesting new credential from vault ... ok (lease database/creds/app_rw/" + gen("d22nps3", 24) + ")\nupdated 3 pgbouncer userlists\n", "nps-c")),
        N(f, sh("make release VERSION=1.9.0 SHA=$(git rev-parse HEAD)",
                f"git tag -a v1.9.0 {hx('nps4', 40)} -m 'Release 1.9.0'\ngh release create v1.9.0 --generate-notes\nhttps://github.example.com/acme/shop/releases/tag/v1.9.0\n", "nps-d")),
        N(f, sh(r"pwsh -File .\Setup-Lab.ps1 LAB01 labadmin -PasswordFromVault kv-lab/labadmin -Verbose",
                "VERBOSE: Creating lab LAB01\nVERBOSE: Reading labadmin credential from Key Vault kv-lab\nVERBOSE: Lab LAB01 ready (4 VMs)\n", "nps-e")),
    ]


def neg_library_calls() -> list:
    f = "d22 neg: library login calls taking the password from the environment or a prompt"
    return [
        N(f, read_line('def push_feed(path):\n    ftp = FTP_TLS(os.environ["FEED_HOST"])\n    ftp.login(os.environ["FEED_USER"], os.environ["FEED_PASS"])\n'
                       '    ftp.prot_p()', "nlc-a", 8)),
        N(f, read_ev("/var/www/legacy/sync.php",
                     "<?php\n$conn = ssh2_connect('10.0.4.12', 22);\nssh2_auth_pubkey_file($conn, 'deploy', '/home/deploy/.ssh/id_ed25519.pub', '/home/deploy/.ssh/id_ed25519');\n"
                     "$db = mysqli_connect(getenv('DB_HOST'), getenv('DB_USER'), getenv('DB_PASS'), 'shop');\n", "nlc-b")),
        N(f, read_line('func notify(cfg Config, to []string, body []byte) error {\n\tauth := smtp.PlainAuth("", cfg.SMTPUser, cfg.SMTPPassword, cfg.SMTPHost)\n'
                       '\treturn smtp.SendMail(cfg.SMTPAddr, auth, cfg.From, to, body)\n}', "nlc-c", 77)),
        N(f, write_ev("/home/dev/reports/export.py",
                      'import getpass\n\nimport pymssql\n\nconn = pymssql.connect("sql01.corp.local", "report_ro", getpass.getpass("report_ro password: "), "Warehouse")\n', "nlc-d")),
        N(f, read_ev("/home/dev/app/lib/tasks/reports.rake",
                     "Net::FTP.open(ENV.fetch('REPORTS_FTP_HOST'), ENV.fetch('REPORTS_FTP_USER'), ENV.fetch('REPORTS_FTP_PASSWORD')) do |ftp|\n"
                     "  ftp.putbinaryfile(Rails.root.join('tmp/daily.csv'))\nend\n", "nlc-e")),
    ]


def neg_csv() -> list:
    f = "d22 neg: csv and tsv exports of ids, checksums, skus and credential locations"
    return [
        N(f, said("turn this into an ansible inventory please:\n\nhostname,ip,os,admin_user,credential_location\nweb01,10.20.0.11,ubuntu 22.04,ubuntu,1Password: Infra/web01\n"
                  "db01,10.20.0.21,debian 12,postgres,1Password: Infra/db01\n", "ncv-a")),
        N(f, sh("csvlook orders.csv | head -4",
                f"| order_id                             | sku        | qty | total  |\n| ------------------------------------ | ---------- | --- | ------ |\n"
                f"| {uuid_of('ncv1')} | TSH-BLK-M  |   2 |  39.90 |\n| {uuid_of('ncv2')} | MUG-WHT-01 |   1 |  12.50 |\n", "ncv-b")),
        N(f, sh("cat release/checksums.tsv",
                f"file\tsize\tsha256\nshop-2.4.1-linux-amd64.tar.gz\t18311420\t{hx('ncv3', 64)}\nshop-2.4.1-darwin-arm64.tar.gz\t17220941\t{hx('ncv4', 64)}\n", "ncv-c")),
        N(f, read_ev("/home/dev/migration/users_export.csv",
                     "email;first_name;last_name;password_set_at;mfa;department\nj.lindqvist@example.se;Johan;Lindqvist;2026-03-14;totp;Logistik\n"
                     "m.haddad@example.se;Mira;Haddad;2026-09-02;webauthn;Ekonomi\n", "ncv-d")),
        N(f, sh("python -c \"import pandas as pd; print(pd.read_csv('latency.csv').describe())\"",
                "          p50_ms      p95_ms      p99_ms\ncount  96.000000   96.000000   96.000000\nmean   41.208333  188.114583  402.916667\n"
                "min    33.000000  141.000000  298.000000\nmax    57.000000  260.000000  611.000000\n", "ncv-e")),
    ]


def neg_markdown() -> list:
    f = "d22 neg: markdown tables of services, env variables and where their secrets live"
    return [
        N(f, said("Handover notes from Sam:\n\n| System | URL | User | Password |\n|---|---|---|---|\n| Grafana | https://grafana.int.example | admin | in Bitwarden → Ops/Grafana |\n"
                  "| Jenkins | https://ci.int.example | sso | SSO, no local password |\n", "nmd-a")),
        N(f, write_ev("/home/dev/app/docs/configuration.md",
                      "## Environment\n\n| Variable | Required | Description |\n|---|---|---|\n| `DB_PASSWORD` | yes | Password of the app's database role |\n"
                      "| `API_KEY` | yes | Key for the payments API, from the provider dashboard |\n| `LOG_LEVEL` | no | `debug`, `info` (default) or `warn` |\n", "nmd-b")),
        N(f, read_line("| Secret | Rotated | Owner | Next rotation |\n|---|---|---|---|\n| db/app_rw | 2026-10-01 | platform | 2027-01-01 |\n"
                       "| stripe/webhook | 2026-08-15 | payments | 2026-11-15 |", "nmd-c", 40)),
        N(f, read_ev("/home/dev/partner-api/README.md",
                     "### Authentication\n\n| Header | Example | Notes |\n|---|---|---|\n| `X-Api-Key` | `<your key>` | from Settings → API |\n| `X-Request-Id` | `"
                     + uuid_of("nmd4") + "` | optional, echoed back |\n", "nmd-d")),
        N(f, sh("cat docs/releases.md",
                f"| Version | Date | Commit |\n|---|---|---|\n| 2.4.1 | 2026-11-28 | `{hx('nmd5', 12)}` |\n| 2.4.0 | 2026-11-10 | `{hx('nmd6', 12)}` |\n", "nmd-e")),
    ]


def neg_yaml_anchors() -> list:
    f = "d22 neg: yaml anchors sharing limits, image tags and secret references"
    return [
        N(f, read_ev("/home/dev/app/docker-compose.yml",
                     "x-db-env: &db-env\n  POSTGRES_USER: app\n  POSTGRES_PASSWORD_FILE: /run/secrets/db_password\n  POSTGRES_DB: app\n\nservices:\n  db:\n"
                     "    image: postgres:16\n    environment: *db-env\n    secrets: [db_password]\n", "nya-a")),
        N(f, write_ev("/home/dev/app/.gitlab-ci.yml",
                      ".deploy: &deploy\n  image: alpine:3.20\n  variables:\n    DEPLOY_USER: release\n    DEPLOY_TOKEN: $CI_DEPLOY_TOKEN\n  script:\n    - ./deploy.sh\n\n"
                      "deploy-staging:\n  <<: *deploy\n  environment: staging\n", "nya-b")),
        N(f, read_line('default: &default\n  adapter: postgresql\n  username: shop\n  password: <%= ENV["SHOP_DATABASE_PASSWORD"] %>\n  pool: 5\n\n'
                       "production:\n  <<: *default\n  database: shop", "nya-c")),
        N(f, read_ev("/home/dev/chart/values.yaml",
                     "resources: &small\n  requests: {cpu: 100m, memory: 128Mi}\n  limits: {cpu: 500m, memory: 256Mi}\n\nweb:\n  image: ghcr.io/acme/web:2.3.0\n"
                     "  resources: *small\nworker:\n  image: ghcr.io/acme/worker:1.12.4\n  resources: *small\n", "nya-d")),
        N(f, read_ev("/home/dev/api/openapi.yaml",
                     "components:\n  securitySchemes:\n    ApiKeyAuth: &apikey\n      type: apiKey\n      in: header\n      name: X-Api-Key\n"
                     "security:\n  - ApiKeyAuth: []\n", "nya-e")),
    ]


def neg_base64() -> list:
    f = "d22 neg: base64 payloads of images, certificates and non-secret settings"
    ui = b64('{"theme":"dark","locale":"de-DE","pageSize":50}')
    cert = b64("-----BEGIN CERTIFICATE-----\nMIIC" + gen("d22nb2", 60, B64CHARS) + "\n-----END CERTIFICATE-----\n")
    return [
        N(f, sh('echo "$UI_SETTINGS_B64" | base64 -d', '{"theme":"dark","locale":"de-DE","pageSize":50}\n', "nb6-a")),
        N(f, read_ev("/home/dev/app/.env", f"NODE_ENV=development\nUI_SETTINGS_B64={ui}\nPORT=3000\n", "nb6-b")),
        N(f, read_line(f"clusters:\n- cluster:\n    certificate-authority-data: {cert}\n    server: https://10.0.0.10:6443\n  name: lab", "nb6-c")),
        N(f, read_ev("/home/dev/web/public/index.html",
                     '<link rel="icon" type="image/png" href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAA' + gen("d22nb4", 60, B64CHARS) + '">\n', "nb6-d")),
        N(f, sh("echo 'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9' | base64 -d", '{"alg":"RS256","typ":"JWT"}', "nb6-e")),
    ]


def neg_heredocs() -> list:
    f = "d22 neg: heredocs creating tables, example env files and running remote commands"
    return [
        N(f, sh("cat <<'EOF' > .env.example\nDB_HOST=localhost\nDB_USER=app\nDB_PASSWORD=\nAPI_KEY=\nEOF", "", "nhd-a")),
        N(f, sh("sqlite3 app.db <<'SQL'\nCREATE TABLE api_keys (id INTEGER PRIMARY KEY, key_hash TEXT NOT NULL, label TEXT, created_at TEXT);\n.schema api_keys\nSQL",
                "CREATE TABLE api_keys (id INTEGER PRIMARY KEY, key_hash TEXT NOT NULL, label TEXT, created_at TEXT);\n", "nhd-b")),
        N(f, sh("psql -h db.internal -U postgres <<SQL\nALTER ROLE reporting VALID UNTIL '2027-06-30';\nSQL", "ALTER ROLE\n", "nhd-c")),
        N(f, sh("ssh bastion.example.net <<'EOF'\nsudo systemctl restart shop\njournalctl -u shop -n 3 --no-pager\nEOF",
                "Dec 02 11:04:01 app01 systemd[1]: Started shop.service.\nDec 02 11:04:02 app01 shop[8812]: listening on :8080\nDec 02 11:04:02 app01 shop[8812]: connected to db.internal:5432\n", "nhd-d")),
        N(f, sh("mongosh --quiet mongodb://db01:27017/app <<'EOF'\ndb.orders.createIndex({customerId: 1, createdAt: -1})\nEOF", "customerId_1_createdAt_-1\n", "nhd-e")),
    ]


def neg_managed_db() -> list:
    f = "d22 neg: managed database listings with ids, endpoints and secret arns"
    return [
        N(f, sh("doctl databases list --format ID,Name,Engine,Version,Region,Status",
                f"ID                                      Name         Engine    Version    Region    Status\n{uuid_of('nmdb1')}    analytics    pg        16         fra1      online\n", "nmdb-a")),
        N(f, sh("az postgres flexible-server show -g rg-data -n pg-orders-01 --query '{login:administratorLogin,fqdn:fullyQualifiedDomainName,version:version}'",
                '{\n  "fqdn": "pg-orders-01.postgres.database.azure.com",\n  "login": "pgadmin",\n  "version": "16"\n}\n', "nmdb-b")),
        N(f, sh("linode-cli databases mysql-list",
                "┌───────┬───────┬──────────┬────────┬─────────┐\n│ id    │ label │ region   │ status │ version │\n├───────┼───────┼──────────┼────────┼─────────┤\n"
                "│ 48213 │ shop  │ eu-central │ active │ 8.0.35 │\n└───────┴───────┴──────────┴────────┴─────────┘\n", "nmdb-c")),
        N(f, sh("aws rds describe-db-instances --db-instance-identifier orders-1 --query 'DBInstances[0].[MasterUsername,Endpoint.Address,MasterUserSecret]'",
                '[\n    "orders_admin",\n    "orders-1.c9akciq32.eu-central-1.rds.amazonaws.com",\n    {\n'
                f'        "SecretArn": "arn:aws:secretsmanager:eu-central-1:123456789012:secret:rds!db-{uuid_of("nmdb4")}-{gen("d22nmdb4", 6)}",\n'
                '        "SecretStatus": "active",\n        "KmsKeyId": "arn:aws:kms:eu-central-1:123456789012:key/' + uuid_of("nmdb4k") + '"\n    }\n]\n', "nmdb-d")),
        N(f, sh("vultr-cli database list",
                f"ID\t\t\t{uuid_of('nmdb5')}\nLABEL\t\t\tshop\nDATABASE ENGINE\t\tmysql\nREGION\t\t\tams\nSTATUS\t\t\tRunning\nHOST\t\t\tvultr-prod-{hx('nmdb5h', 8)}.vultrdb.com\nPORT\t\t\t16751\n", "nmdb-e")),
    ]


def neg_request_headers() -> list:
    f = "d22 neg: request code setting content types, etags, idempotency keys and trace headers"
    return [
        N(f, read_line('headers = {\n    "Accept": "application/json",\n    "Idempotency-Key": str(uuid.uuid4()),\n'
                       f'    "If-None-Match": \'W/"{hx("nrh1", 16)}"\',\n}}\nresp = session.post(url, json=payload, headers=headers)', "nrh-a", 40)),
        N(f, sh("http HEAD https://api.vendor.example/v2/health",
                f"HTTP/1.1 200 OK\nContent-Type: application/json\nx-request-id: {uuid_of('nrh2')}\ntraceparent: 00-{hx('nrh2t', 32)}-{hx('nrh2s', 16)}-01\netag: \"{hx('nrh2e', 20)}\"\n", "nrh-b")),
        N(f, read_ev("/home/dev/scripts/Get-Hosts.ps1",
                     '$headers = @{}\n$headers.Add("Accept", "application/json")\n$headers.Add("User-Agent", "acme-inventory/1.4")\n'
                     '$headers.Add("X-ApiKey", $env:MONITOR_API_KEY)\nInvoke-RestMethod -Uri "https://monitor.example.com/api/hosts" -Headers $headers\n', "nrh-c")),
        N(f, read_line('\treq.Header.Set(\n\t\t"X-Partner-Secret",\n\t\tos.Getenv("PARTNER_SECRET"),\n\t)\n\treq.Header.Set("Content-Type", "application/json")', "nrh-d", 31)),
        N(f, read_ev("/home/dev/web/src/lib/inventory.ts",
                     "export async function stock(sku: string, token: string) {\n  return fetch(`${BASE_URL}/stock/${sku}`, {\n    headers: { 'x-auth-token': token, accept: 'application/json' },\n  });\n}\n", "nrh-e")),
    ]


def neg_vcs() -> list:
    f = "d22 neg: subversion, mercurial and fossil logs, info and auth caches without a password"
    return [
        N(f, sh("svn info https://svn.example.org/repos/firmware/trunk",
                f"Path: trunk\nURL: https://svn.example.org/repos/firmware/trunk\nRelative URL: ^/trunk\nRepository Root: https://svn.example.org/repos/firmware\n"
                f"Repository UUID: {uuid_of('nvc1')}\nRevision: 48211\nNode Kind: directory\nLast Changed Author: ci-build\nLast Changed Rev: 48209\n", "nvc-a")),
        N(f, sh("hg log -l 2",
                f"changeset:   1203:{hx('nvc2', 12)}\ntag:         tip\nuser:        Dev <dev@example.com>\ndate:        Tue Dec 01 17:21:09 2026 +0100\nsummary:     fix rounding in invoice totals\n\n"
                f"changeset:   1202:{hx('nvc3', 12)}\nuser:        Ana <ana@example.com>\ndate:        Tue Dec 01 10:02:44 2026 +0100\nsummary:     add keyring extension note\n", "nvc-b")),
        N(f, read_ev("/home/dev/billing/.hg/hgrc",
                     "[paths]\ndefault = https://hg.example.com/projects/billing\n\n[extensions]\nmercurial_keyring =\n\n[auth]\nbilling.prefix = hg.example.com\nbilling.username = deploy\n", "nvc-c")),
        N(f, sh("fossil info",
                f"project-name: notes\nrepository:   /home/dev/notes.fossil\nlocal-root:   /home/dev/notes/\nproject-code: {hx('nvc4', 40)}\n"
                f"checkout:     {hx('nvc5', 40)} 2026-11-30 08:12:44 UTC\ntags:         trunk\ncomment:      Weekly notes\n", "nvc-d")),
        N(f, sh(f"cat ~/.subversion/auth/svn.simple/{hx('nvc6', 32)}",
                "K 8\npasstype\nV 15\ngnome-keyring\nK 15\nsvn:realmstring\nV 45\n<https://svn.example.org:443> Example SVN\nK 8\nusername\nV 8\nci-build\nEND\n", "nvc-e")),
    ]


def neg_db_links() -> list:
    f = "d22 neg: foreign servers, database links and linked servers without a password"
    return [
        N(f, sh("psql -d analytics -c '\\deu+'",
                "                 List of user mappings\n    Server    | User name |             FDW options\n--------------+-----------+--------------------------------------\n"
                " legacy_mysql | app_user  | (username 'reporting')\n(1 row)\n", "ndl-a")),
        N(f, read_ev("/home/dev/app/db/migrations/20261130_legacy_server.sql",
                     "CREATE SERVER legacy_mysql FOREIGN DATA WRAPPER mysql_fdw OPTIONS (host '10.0.9.4', port '3306');\n"
                     "CREATE USER MAPPING FOR app_user SERVER legacy_mysql OPTIONS (username 'reporting', password_required 'false');\n", "ndl-b")),
        N(f, sh("sqlplus -s / as sysdba @links.sql",
                "DB_LINK        USERNAME   HOST       CREATED\n-------------- ---------- ---------- ---------\nFIN_LINK       FIN_RO     FINPROD    14-NOV-26\nHR_LINK        HR_RO      HRPROD     02-MAR-25\n", "ndl-c")),
        N(f, read_line("EXEC sp_addlinkedserver @server = N'PARTNERDB', @srvproduct = N'', @provider = N'MSOLEDBSQL', @datasrc = N'partner-sql.example.com';\n"
                       "EXEC sp_addlinkedsrvlogin @rmtsrvname = N'PARTNERDB', @useself = 'TRUE';", "ndl-d")),
        N(f, sh("psql -d analytics -c \"SELECT dblink_connect('crm_conn', 'crm_server');\"", " dblink_connect\n----------------\n OK\n(1 row)\n", "ndl-e")),
    ]


def neg_git_config() -> list:
    f = "d22 neg: git remotes over ssh, credential helper settings and config listings"
    return [
        N(f, sh("git config --list --show-origin",
                "file:/home/dev/.gitconfig\tuser.name=Dev\nfile:/home/dev/.gitconfig\tuser.email=dev@example.com\nfile:/home/dev/.gitconfig\tcredential.helper=libsecret\n"
                "file:/home/dev/.gitconfig\turl.git@github.com:.insteadof=https://github.com/\nfile:.git/config\tremote.origin.url=git@github.com:acme/shop.git\n", "ngc-a")),
        N(f, read_ev("/home/dev/.gitconfig",
                     '[url "git@gitlab.example.com:"]\n\tinsteadOf = https://gitlab.example.com/\n[credential "https://git.example.com"]\n\tusername = jdoe\n\thelper = cache --timeout=3600\n', "ngc-b")),
        N(f, sh("git remote -v",
                "origin\tgit@github.com:acme/shop.git (fetch)\norigin\tgit@github.com:acme/shop.git (push)\nupstream\thttps://github.com/upstream-org/shop.git (fetch)\n"
                "upstream\thttps://github.com/upstream-org/shop.git (push)\n", "ngc-c")),
        N(f, sh("git config --get-all http.https://github.com/.extraheader", "AUTHORIZATION: basic ***\n", "ngc-d")),
        N(f, sh("git log -1 --format='%H %G? %GK'", f"{hx('ngc5', 40)} G {hx('ngc5k', 16).upper()}\n", "ngc-e")),
    ]


def neg_vagrant_packer() -> list:
    f = "d22 neg: vagrant and packer builds using keys and variable references"
    return [
        N(f, read_ev("/home/dev/lab/Vagrantfile",
                     'Vagrant.configure("2") do |config|\n  config.vm.box = "generic/rocky9"\n  config.ssh.private_key_path = "~/.ssh/vagrant_ed25519"\n'
                     '  config.vm.network "private_network", ip: "192.168.56.20"\nend\n', "nvp-a")),
        N(f, read_line('source "vsphere-iso" "ubuntu" {\n  ssh_username = "ubuntu"\n  ssh_password = var.ssh_password\n  ssh_timeout  = "30m"\n}', "nvp-b", 14)),
        N(f, read_ev("/home/dev/images/variables.pkr.hcl",
                     'variable "winrm_password" {\n  type      = string\n  sensitive = true\n}\n\nvariable "vm_name" {\n  type    = string\n  default = "win2022-base"\n}\n', "nvp-c")),
        N(f, sh("vagrant ssh-config",
                "Host default\n  HostName 127.0.0.1\n  User vagrant\n  Port 2222\n  UserKnownHostsFile /dev/null\n  StrictHostKeyChecking no\n"
                "  PasswordAuthentication no\n  IdentityFile /home/dev/lab/.vagrant/machines/default/virtualbox/private_key\n  IdentitiesOnly yes\n", "nvp-d")),
        N(f, sh("packer build -only=amazon-ebs.base base.pkr.hcl",
                "==> amazon-ebs.base: Creating AMI base-20261202 from instance i-0" + hx("nvp5", 16) + "\n==> amazon-ebs.base: AMI: ami-0" + hx("nvp5a", 16)
                + "\nBuild 'amazon-ebs.base' finished after 6 minutes 12 seconds.\n", "nvp-e")),
    ]


def neg_etl() -> list:
    f = "d22 neg: etl jobs reading connection settings from parameters and the environment"
    return [
        N(f, read_ev("C:\\ETL\\Config\\Warehouse.dtsConfig",
                     '<DTSConfiguration>\n  <Configuration ConfiguredType="Property" Path="\\Package.Connections[Warehouse].Properties[ConnectionString]" ValueType="String">\n'
                     "    <ConfiguredValue>Data Source=SQL02;Initial Catalog=DW;Integrated Security=SSPI;Provider=SQLNCLI11.1;</ConfiguredValue>\n  </Configuration>\n</DTSConfiguration>\n", "net-a")),
        N(f, sh("./kitchen.sh -file=/opt/etl/jobs/load_sales.kjb -param:DB_HOST=dw.internal -param:DB_PASSWORD=\"${DW_PASS}\" -level=Basic",
                "2026/12/02 08:00:01 - Kitchen - Start of run.\n2026/12/02 08:02:41 - Kitchen - Processing ended after 2 minutes.\n", "net-b")),
        N(f, read_line('<contextParameter comment="" name="db_password" prompt="db_password?" promptNeeded="true" repositoryContextId="" type="id_Password" value=""/>\n'
                       '<contextParameter comment="" name="db_host" prompt="db_host?" promptNeeded="false" type="id_String" value="pg-prod.internal"/>', "net-c", 7)),
        N(f, sh("pmcmd startworkflow -sv IS_DEV -d Domain_DEV -uv INFA_USER -pv INFA_PASSWD -f Sales -wait wf_load_orders",
                "Connected to Integration Service: [IS_DEV].\nWorkflow wf_load_orders with run instance name [] and run id [4412] completed successfully.\n", "net-d")),
        N(f, read_line("nifi.sensitive.props.algorithm=NIFI_PBKDF2_AES_GCM_256\nnifi.security.keystore=./conf/keystore.p12\nnifi.security.keystoreType=PKCS12\n"
                       "nifi.web.https.port=8443\nnifi.cluster.node.protocol.port=11443", "net-e", 181)),
    ]


def neg_routes() -> list:
    f = "d22 neg: integration routes with property placeholders and vault lookups"
    return [
        N(f, read_line('from("sftp://transfer@files.partner.com:22/outbound?password={{sftp.password}}&delete=true")\n    .to("file:/data/inbound");', "nrt-a", 17)),
        N(f, read_ev("/home/dev/integration/routes/edi.camel.yaml",
                     '- route:\n    from:\n      uri: "ftp://edi@ftp.example.com/in"\n      parameters:\n        password: "{{vault:secret/edi#password}}"\n', "nrt-b")),
        N(f, read_line('<db:my-sql-connection host="${db.host}" port="3306" user="${db.user}" password="${secure::db.password}" database="erp"/>', "nrt-c", 9)),
        N(f, read_ev("/home/dev/mule/src/main/resources/mule-app.properties",
                     "http.port=8081\nsalesforce.username=integration@acme.example\nsalesforce.password=${SF_PASSWORD}\nsalesforce.securityToken=${SF_TOKEN}\n", "nrt-d")),
        N(f, read_ev("/home/dev/integration/src/main/resources/application.properties",
                     "camel.main.name=orders-bridge\ncamel.component.aws2-s3.use-default-credentials-provider=true\ncamel.component.aws2-s3.region=eu-central-1\n", "nrt-e")),
    ]


def neg_containers() -> list:
    f = "d22 neg: container configs referencing podman secrets and lxd profiles"
    return [
        N(f, read_ev("/home/dev/.config/containers/systemd/db.container",
                     "[Container]\nImage=docker.io/library/mariadb:11.4\nSecret=db_root,type=env,target=MARIADB_ROOT_PASSWORD\nVolume=db-data:/var/lib/mysql\n", "nct-a")),
        N(f, sh("podman secret ls",
                f"ID                         NAME        DRIVER      CREATED        UPDATED\n{hx('nct2', 25)}  db_root     file        2 days ago     2 days ago\n{hx('nct3', 25)}  smtp_pass   file        5 weeks ago    5 weeks ago\n", "nct-b")),
        N(f, sh("lxc config show app02",
                f"architecture: x86_64\nconfig:\n  environment.TZ: Europe/Paris\n  image.os: Ubuntu\n  image.release: noble\n  limits.cpu: \"2\"\n"
                f"  volatile.base_image: {hx('nct4', 64)}\n  volatile.eth0.hwaddr: 00:16:3e:4a:9c:12\n  volatile.uuid: {uuid_of('nct4')}\n", "nct-c")),
        N(f, sh("incus list",
                "+-----------+---------+----------------------+------+-----------+-----------+\n|   NAME    |  STATE  |         IPV4         | IPV6 |   TYPE    | SNAPSHOTS |\n"
                "+-----------+---------+----------------------+------+-----------+-----------+\n| ci-runner | RUNNING | 10.180.44.12 (eth0)  |      | CONTAINER | 0         |\n"
                "+-----------+---------+----------------------+------+-----------+-----------+\n", "nct-d")),
        N(f, sh("lxc profile show default",
                "config:\n  security.nesting: \"true\"\ndescription: Default LXD profile\ndevices:\n  eth0:\n    name: eth0\n    network: lxdbr0\n    type: nic\n  root:\n    path: /\n    pool: default\n    type: disk\n", "nct-e")),
    ]


def neg_bots() -> list:
    f = "d22 neg: bot code reading tokens from the environment, chat ids and public keys"
    return [
        N(f, read_line('app = ApplicationBuilder().token(os.environ["TG_BOT_TOKEN"]).build()\napp.add_handler(CommandHandler("status", status))', "nbt-a", 30)),
        N(f, sh("python bot.py --dry-run",
                "2026-12-02 09:01:12,301 - telegram.ext.Application - INFO - Application started\n2026-12-02 09:01:15,002 - bot - INFO - message 8812 from chat -1001827364510 (ops-alerts)\n", "nbt-b")),
        N(f, read_ev("/home/dev/bots/modbot/index.js",
                     "client.once(Events.ClientReady, c => logger.info(`Ready as ${c.user.tag}`));\nclient.login(process.env.DISCORD_TOKEN);\n", "nbt-c")),
        N(f, read_ev("/home/dev/bots/modbot/config.json",
                     f'{{\n  "applicationId": "1129384756102938475",\n  "publicKey": "{hx("nbt4", 64)}",\n  "guildId": "1029384756102938475"\n}}\n', "nbt-d")),
        N(f, said("invite link for the bot: https://discord.com/oauth2/authorize?client_id=1129384756102938475&permissions=274877975552&scope=bot%20applications.commands", "nbt-e")),
    ]


def neg_healthchecks() -> list:
    f = "d22 neg: healthchecks and probes without credentials"
    return [
        N(f, read_line("FROM ghcr.io/acme/api:3.2\nHEALTHCHECK --interval=30s --timeout=3s CMD curl -fsS http://localhost:8080/healthz || exit 1", "nhc-a")),
        N(f, read_ev("/home/dev/app/compose.yaml",
                     'services:\n  db:\n    image: postgres:16\n    healthcheck:\n      test: ["CMD", "pg_isready", "-U", "app", "-d", "app"]\n      interval: 10s\n      retries: 5\n', "nhc-b")),
        N(f, read_line('    healthcheck:\n      test: ["CMD", "mysqladmin", "--defaults-extra-file=/etc/mysql/health.cnf", "ping", "-h", "localhost"]', "nhc-c", 18)),
        N(f, write_ev("/home/dev/k8s/api-deployment.yaml",
                      "        readinessProbe:\n          httpGet:\n            path: /ready\n            port: 8080\n            httpHeaders:\n              - name: X-Probe\n                value: readiness\n", "nhc-d")),
        N(f, sh("docker inspect --format '{{json .State.Health}}' db",
                '{"Status":"healthy","FailingStreak":0,"Log":[{"Start":"2026-12-02T09:10:01.1Z","End":"2026-12-02T09:10:01.2Z","ExitCode":0,"Output":"/var/run/postgresql:5432 - accepting connections\\n"}]}\n', "nhc-e")),
    ]


def neg_package_scripts() -> list:
    f = "d22 neg: package scripts with versions, integrity hashes and env references"
    return [
        N(f, read_ev("/home/dev/shop/package.json",
                     '{\n  "name": "shop",\n  "version": "2.4.1",\n  "scripts": {\n    "deploy": "surge ./dist $SURGE_DOMAIN",\n    "db:dump": "pg_dump \\"$DATABASE_URL\\" > dump.sql"\n  },\n'
                     '  "dependencies": {\n    "vue": "^3.5.13"\n  }\n}\n', "nps2-a")),
        N(f, read_line(f'    "node_modules/vue": {{\n      "version": "3.5.13",\n      "resolved": "https://registry.npmjs.org/vue/-/vue-3.5.13.tgz",\n'
                       f'      "integrity": "sha512-{gen("d22nps2b", 86, B64CHARS)}==",\n      "license": "MIT"\n    }},', "nps2-b", 4410)),
        N(f, sh("npm run deploy",
                "\n> shop@2.4.1 deploy\n> surge ./dist $SURGE_DOMAIN\n\n        project: ./dist\n         domain: shop.surge.sh\n\n   Success! - Published to shop.surge.sh\n", "nps2-c")),
        N(f, read_ev("/home/dev/lib/pyproject.toml",
                     '[project]\nname = "acme-utils"\nversion = "0.9.2"\ndependencies = ["httpx>=0.27", "pydantic>=2.9"]\n\n[tool.pdm.scripts]\n'
                     'publish = "pdm publish --repository internal"\n', "nps2-d")),
        N(f, read_ev("/home/dev/api/deno.json",
                     '{\n  "tasks": {\n    "dev": "deno run --allow-net --allow-env=DATABASE_URL,ADMIN_EMAIL --watch main.ts"\n  },\n  "imports": {\n    "@std/assert": "jsr:@std/assert@^1.0.8"\n  }\n}\n', "nps2-e")),
    ]


def neg_prompts_horn_west_africa() -> list:
    f = "d22 neg: prompts in amharic, tigrinya, oromo, wolof and igbo without a secret"
    return [
        N(f, said("የዳታቤዝ የይለፍ ቃሉን ከ .env ፋይል አንብበው፤ በኮዱ ውስጥ አትጻፈው።", "npl-a")),
        N(f, said("ናይ staging server API key ካብ vault ኣንብቦ፣ ኣብ git ኣይተእትዎ።", "npl-b")),
        N(f, said("Jecha darbii hin barreessin; maaloo DB_PASSWORD environment variable irraa dubbisi.", "npl-c")),
        N(f, said("Test yi ñoo ngi daanu ci version 2.14.3, xoolal log bi ci commit 4f9c2e1.", "npl-d")),
        N(f, said("Biko gbakwunye ule na-egosi ogologo okwuntughe kacha nta (12 mkpụrụedemede) na fọm ndebanye aha.", "npl-e")),
    ]


def neg_prompts_south_asia() -> list:
    f = "d22 neg: prompts in sinhala, nepali, dhivehi, burmese and lao without a secret"
    return [
        N(f, said("මුරපදය කේතයේ ලියන්න එපා, එය DB_PASSWORD environment variable එකෙන් කියවන්න.", "nsa-a")),
        N(f, said("कृपया login form मा password कम्तिमा १२ अक्षरको हुनुपर्छ भन्ने validation थप्नुहोस्।", "nsa-b")),
        N(f, said("ޕާސްވޯޑް ކޯޑުގައި ނުލިޔޭ، vault އިން ކިޔާށެވެ.", "nsa-c")),
        N(f, said("build 2.14.3 မှာ test ၃ ခု ကျနေတယ်၊ log ကို ကြည့်ပေးပါ။", "nsa-d")),
        N(f, said("ກະລຸນາອ່ານ API key ຈາກ environment variable, ຢ່າໃສ່ໃນ git.", "nsa-e")),
    ]


def neg_password_ui_code() -> list:
    f = "d22 neg: form validation regexes, css class names and i18n keys about passwords"
    return [
        N(f, read_ev("/home/dev/web/src/styles/auth.css",
                     ".password-strength-meter { height: 4px; border-radius: 2px; }\n.password-strength-meter--weak { background: #e5484d; }\n"
                     ".password-strength-meter--strong { background: #30a46c; }\n.token-chip { font-family: var(--mono); }\n", "nui-a")),
        N(f, read_line("export const PASSWORD_RULE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9]).{12,64}$/;\n"
                       "export const API_KEY_SHAPE = /^ak_(live|test)_[A-Za-z0-9]{32}$/;", "nui-b", 3)),
        N(f, read_ev("/home/dev/web/src/i18n/de.json",
                     '{\n  "auth.password.label": "Passwort",\n  "auth.password.tooShort": "Das Passwort muss mindestens 12 Zeichen haben",\n'
                     '  "auth.password.mismatch": "Die Passwörter stimmen nicht überein",\n  "auth.token.expired": "Ihre Sitzung ist abgelaufen"\n}\n', "nui-c")),
        N(f, sh("grep -rn 'apiKeyInput' src/",
                "src/components/Settings.vue:41:      <input id=\"apiKeyInput\" v-model=\"apiKey\" type=\"password\" autocomplete=\"off\" />\n"
                "src/components/Settings.vue:88:    const apiKeyInput = ref<HTMLInputElement | null>(null)\n", "nui-d")),
        N(f, write_ev("/home/dev/web/src/components/SecretField.tsx",
                      'export function SecretField({ value }: { value: string }) {\n  const [shown, setShown] = useState(false);\n'
                      '  return <span className="secret-field font-mono blur-sm data-[shown=true]:blur-none" data-shown={shown}>{shown ? value : "••••••••"}</span>;\n}\n', "nui-e")),
    ]


def neg_english_bug_reports() -> list:
    f = "d22 neg: english bug reports about logins that give no password"
    return [
        N(f, said("since the 4.2 upgrade, logging into the admin panel as ops@shopfront.io gives a 500; the password is fine, I reset it through the email link", "neb-a")),
        N(f, said("the password field accepts 128 characters but bcrypt only uses the first 72 bytes, should we cap it in the form?", "neb-b")),
        N(f, said("the reception kiosk reads its autologin password from the TPM, can the setup script stop prompting for it?", "neb-c")),
        N(f, said("QA: any password containing a # breaks the signup form with 'invalid input', looks like we don't url-encode the body", "neb-d")),
        N(f, said("I rotated the shared mailbox credential in Bitwarden this morning and the imap sync job now fails with AUTHENTICATIONFAILED, can you check the worker?", "neb-e")),
    ]


def neg_blog_etcd() -> list:
    f = "d22 neg: blog post front matter, etcd member lists and zookeeper stats"
    return [
        N(f, read_ev("/home/dev/blog/content/posts/feature-flags.md",
                     f'---\ntitle: "Shipping faster with feature flags"\nslug: shipping-faster\nuuid: {uuid_of("nbe1")}\nfeature_image: /content/images/2026/11/{hx("nbe1i", 16)}.webp\n'
                     "tags: [engineering, releases]\n---\n\nWe ship behind flags...\n", "nbe-a")),
        N(f, sh("etcdctl member list -w table",
                "+------------------+---------+-------+------------------------+------------------------+------------+\n"
                "|        ID        | STATUS  | NAME  |       PEER ADDRS       |      CLIENT ADDRS      | IS LEARNER |\n"
                f"| {hx('nbe2', 16)} | started | etcd1 | https://10.0.0.5:2380  | https://10.0.0.5:2379  |      false |\n"
                f"| {hx('nbe3', 16)} | started | etcd2 | https://10.0.0.6:2380  | https://10.0.0.6:2379  |      false |\n", "nbe-b")),
        N(f, sh("etcdctl get /config/billing --print-value-only",
                '{"db_host":"pg-billing.internal","db_user":"billing","db_password_ref":"vault:secret/billing/db#password","currency":"EUR"}\n', "nbe-c")),
        N(f, sh("echo stat | nc zk1 2181",
                "Zookeeper version: 3.9.2-e454e8c7283100c7caec6dcae2bc82aaecb63023, built on 2024-02-12 20:59 UTC\nClients:\n /10.0.0.12:51822[1](queued=0,recved=1204,sent=1204)\n\n"
                "Latency min/avg/max: 0/0.41/18\nMode: follower\nNode count: 214\n", "nbe-d")),
        N(f, sh("curl -s https://blog.example.com/ghost/api/admin/site/",
                '{"site":{"title":"Acme Engineering","description":"Notes from the team","logo":null,"url":"https://blog.example.com/","version":"5.101"}}\n', "nbe-e")),
    ]


def neg_ftp_servers() -> list:
    f = "d22 neg: ftp server configs and transfer logs"
    return [
        N(f, read_ev("/etc/vsftpd.conf",
                     "listen=YES\nanonymous_enable=NO\nlocal_enable=YES\nguest_enable=YES\nguest_username=ftpvirtual\nvirtual_use_local_privs=YES\n"
                     "pam_service_name=vsftpd_virtual\nuser_config_dir=/etc/vsftpd/users\nssl_enable=YES\n", "nfs-a")),
        N(f, sh("tail -3 /var/log/xferlog",
                "Wed Dec  2 07:12:09 2026 1 10.0.4.20 18311420 /srv/ftp/alice/backup.tar.gz b _ i r alice ftp 0 * c\n"
                "Wed Dec  2 07:15:41 2026 0 10.0.4.21 4411 /srv/ftp/scanner/scan_0412.pdf b _ i r scanner ftp 0 * c\n"
                "Wed Dec  2 07:18:02 2026 0 10.0.4.20 912 /srv/ftp/alice/notes.txt a _ o r alice ftp 0 * c\n", "nfs-b")),
        N(f, sh("sudo pure-pw list", "webdev              /srv/ftp/webdev/./\nscanner             /srv/scans/./\n", "nfs-c")),
        N(f, read_line("<Global>\n  AuthUserFile /etc/proftpd/ftpd.passwd\n  AuthOrder mod_auth_file.c\n  RequireValidShell off\n</Global>", "nfs-d", 40)),
        N(f, sh("curl -s -H \"Authorization: Bearer $SFTPGO_TOKEN\" http://localhost:8080/api/v2/users/partner",
                '{"id":7,"status":1,"username":"partner","has_password":true,"home_dir":"/srv/partner","uid":0,"gid":0,"last_login":1764658800000}\n', "nfs-e")),
    ]


def cases() -> list:
    positives = (gherkin() + rpa() + hypervisors() + xmpp() + personal_apps() + nth_argument_scripts() + positional_calls()
                 + csv_rows() + markdown_tables() + yaml_anchors() + base64_config() + heredocs() + managed_db_create()
                 + split_headers() + svn_hg_fossil() + db_links() + replication() + git_rewrites() + vagrant_packer()
                 + etl_tools() + integration_routes() + lxd_quadlet() + ftp_virtual_users() + mock_servers() + blog_keys()
                 + etcd_zk() + package_scripts() + english_bug_reports() + prompts_horn_west_africa() + prompts_central_asia()
                 + prompts_pacific() + prompts_south_southeast_asia() + chat_bots() + healthchecks() + userscripts() + deploy_tools())
    negatives = (neg_gherkin_robot() + neg_hypervisors() + neg_personal_apps() + neg_positional_scripts() + neg_library_calls()
                 + neg_csv() + neg_markdown() + neg_yaml_anchors() + neg_base64() + neg_heredocs() + neg_managed_db()
                 + neg_request_headers() + neg_vcs() + neg_db_links() + neg_git_config() + neg_vagrant_packer() + neg_etl()
                 + neg_routes() + neg_containers() + neg_bots() + neg_healthchecks() + neg_package_scripts()
                 + neg_prompts_horn_west_africa() + neg_prompts_south_asia() + neg_password_ui_code() + neg_english_bug_reports()
                 + neg_blog_etcd() + neg_ftp_servers())
    return positives + negatives
