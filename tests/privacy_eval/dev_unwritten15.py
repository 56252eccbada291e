"""More of the dev part (tests/privacy_eval/dev.py): a FIFTEENTH batch of the "unwritten" kind,
written BLIND on 2026-11-30 by an author (helper b15) who read neither the filter
(store/privacy/), its tests, its docs, the bench's code nor any listing of its misses and false
redactions, and who wrote every case before the filter met any of them.  Its families were
chosen to be none of the dev and unseen family names (each is prefixed `u15`), all realistic:
shaped as Claude Code sends them (a Bash call and its output, a prompt, a Read's event or its
numbered transcript lines, a Write's content, a tool result line).

Positives (115 cases, 22 families): MCP server configs holding tokens in `env`/`headers`; ssh
configs with a passphrase note, sshpass, `ssh-keygen -p`; Windows `setx`, `$env:`,
`ConvertTo-SecureString`, `cmd /c set`; cloud-init, kickstart and preseed files; ECS task
definitions and Cloud Run services with values inline; Serverless/SAM templates and
`sam deploy` overrides; pm2, supervisord and runit files; in-place edits by sed, yq, jq, perl and
crudini; REPL echoes (python, node, ruby, tinker); cluster join tokens (kubeadm, k3s, teleport,
microk8s); forge and tracker CLI configs (gh, glab, tea, jira, hub); newer package managers'
auth (bunfig, uv, deno, poetry, yarn berry, pixi); private git dependency specs; wget, aria2c,
smbclient, lftp and rsync flags; structured app logs with request bodies; background job
arguments in worker logs; SMTP relay settings in app configs; onboarding e-mails pasted with
temporary passwords; prompts in Romanian, Hungarian, Czech, Slovak and Croatian, and in Danish,
Norwegian, Lithuanian, Latvian, Estonian and Icelandic; fastlane, notarytool and App Store
Connect credentials; database client service and rc files.

Negatives (75 cases, 15 families): the same neighbourhoods holding no secret: MCP configs that
reference `${VAR}`, ssh configs, fingerprints and `ssh -v`, Windows env commands that set no
secret, cloud-init with public keys and locked accounts, task definitions with `valueFrom`
ARNs, sed/yq/jq edits that insert references, REPL output of hashes/uuids/names, job logs with
ids, logs whose fields are `[Redacted]`/`[FILTERED]`/`***`, release logs with digests and commit
SHAs, password policies in several languages, onboarding mails pointing to a vault, data URIs,
PGP/SPKI public key blocks and SRI hashes, JWT header-only strings and key ids, cluster join docs
with placeholders and CA hashes.

Measured once, after every case was written (bench_privacy --labelled-only, main at 0bbcb11,
2026-11-30): **92.2 % caught (106/115)**; false redactions: 3 in the 75 negatives (password
policies 1, scripted edits 2), 6 more inside positives beside their secrets.  By family
(caught/total): background jobs 4/5, cloud-init 5/5, cluster join tokens 4/5, database client
files 5/5, private git dependencies 5/6, transfer tool flags 4/5, task definitions 5/5, apple
release 5/5, scripted edits 4/5, repl echoes 5/5, forge clis 5/5, mcp configs 6/6, newer package
managers 6/6, onboarding mails 5/5, process managers 5/5, nordic/baltic prompts 5/6, central
european prompts 4/5, serverless 4/5, windows 6/6, smtp settings 5/5, ssh configs 4/5,
structured logs 5/5.  Negatives (5 cases each): false redactions 1 in password policies, 2 in
scripted edits, none in the other 13 families.

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
from tests.privacy_eval.carriers import N, P, out, read_ev, read_line, said, sh, write_ev

# The people's passwords of this part (memorable, with a symbol), written for it.
H = ["Saffron#Kettle29", "blue-Otter!77", "Marzipan.Crow14", "Tundra$Lamp52", "wren^Harbor8", "Gossamer!Fig61",
     "Pebble*Anvil33", "kestrel_Moon90", "Velvet@Quarry5", "Lantern&Sage47", "Cinder+Harp26", "Orchid~Bridge3",
     "Juniper%Dock18", "maple=Siren44"]  # fmt: skip

LOWER = "abcdefghijklmnopqrstuvwxyz"
LOWER36 = LOWER + "0123456789"
URLSAFE = ALNUM + "-_"


def tok(seed: str, n: int, alphabet: str = ALNUM) -> str:
    return gen("u15" + seed, n, alphabet)


def rnd(seed: str, n: int = 24) -> str:
    return random_secret("u15" + seed, n)


def ghp(seed: str, prefix: str = "ghp_") -> str:
    return prefix + tok(seed, 36, B62)


def glpat(seed: str) -> str:
    return "glpat-" + tok(seed, 20, URLSAFE)


def b64raw(seed: str, n: int) -> str:
    return base64.b64encode(bytes.fromhex(sha("u15b" + seed, 64) * (1 + n // 32))[:n]).decode()


def app_pw(seed: str) -> str:
    s = tok(seed, 16, LOWER)
    return "-".join(s[i:i + 4] for i in range(0, 16, 4))


# (the carriers, as Claude Code sends them: tests/privacy_eval/carriers.py)

# ---- positives ---------------------------------------------------------------------------------

def mcp_configs() -> list:
    f = "u15: mcp server configs with env tokens"
    c = []
    t = ghp("mcp1")
    cfg = json.dumps({"mcpServers": {
        "github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
                   "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": t}},
        "postgres": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-postgres", "postgresql://localhost/mydb"]},
        "filesystem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/dev/app/docs"]}}},
        indent=2)  # fmt: skip
    c.append(P(f, read_ev("/home/dev/app/.mcp.json", cfg, "mcp1"), t))
    t = "lin_api_" + tok("mcp2", 40, B62)
    c.append(P(f, sh(f"claude mcp add linear -e LINEAR_API_KEY={t} -- npx -y linear-mcp-server",
                     "Added stdio MCP server linear with command: npx -y linear-mcp-server to local config\n"
                     "File modified: /home/dev/.claude.json [project: /home/dev/app]\n", "mcp2"), t))
    t = "BSA" + tok("mcp3", 28, B62)
    cfg = json.dumps({"mcpServers": {
        "brave-search": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-brave-search"],
                         "env": {"BRAVE_API_KEY": t}},
        "memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}},
        "globalShortcut": "Ctrl+Space"}, indent=2)  # fmt: skip
    c.append(P(f, write_ev("/home/dev/Library/Application Support/Claude/claude_desktop_config.json", cfg, "mcp3"), t))
    t = "sntryu_" + tok("mcp4", 64, HEX)
    c.append(P(f, said("the sentry MCP isn't connecting, it just says 'Failed to connect'. here's what I have in .mcp.json:\n"
                       "```json\n{\n  \"mcpServers\": {\n    \"sentry\": {\n      \"type\": \"http\",\n"
                       "      \"url\": \"https://mcp.sentry.dev/mcp\",\n      \"headers\": {\n"
                       f"        \"Authorization\": \"Bearer {t}\"\n      }}\n    }}\n  }}\n}}\n```\nis the url wrong?", "mcp4"), t))
    t = "xoxb-" + tok("mcp5a", 13, "0123456789") + "-" + tok("mcp5b", 13, "0123456789") + "-" + tok("mcp5c", 24, B62)
    body = json.dumps({"slack": {"type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-slack"],
                                 "env": {"SLACK_BOT_TOKEN": t, "SLACK_TEAM_ID": "T04" + tok("mcp5d", 8, "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789")}}},
                      indent=2)  # fmt: skip
    c.append(P(f, sh("jq '.projects[\"/home/dev/app\"].mcpServers' ~/.claude.json", body + "\n", "mcp5"), t))
    t = "sbp_" + tok("mcp6", 40, HEX)
    c.append(P(f, out("supabase:\n  Scope: Project config (shared via .mcp.json)\n  Status: \u2713 Connected\n  Type: stdio\n"
                      f"  Command: npx\n  Args: -y @supabase/mcp-server-supabase@latest --read-only --access-token {t}\n"
                      "  Environment:\n\nTo remove this server, run: claude mcp remove \"supabase\" -s project\n", "mcp6"), t))
    return c


def ssh_configs() -> list:
    f = "u15: ssh client configs with passphrase notes"
    c = []
    cfg = ("Host *\n  AddKeysToAgent yes\n  UseKeychain yes\n  ServerAliveInterval 30\n\n"
           "Host bastion\n  HostName bastion.acme.io\n  User jlee\n  IdentityFile ~/.ssh/id_ed25519_bastion\n"
           f"  # passphrase: {H[0]} (same as laptop)\n\n"
           "Host db-* \n  ProxyJump bastion\n  User ubuntu\n  IdentityFile ~/.ssh/acme-prod.pem\n")
    c.append(P(f, read_ev("/home/dev/.ssh/config", cfg, "ssh1"), H[0]))
    c.append(P(f, said(f"ssh-add keeps asking for the passphrase for ~/.ssh/deploy_key every time I open a terminal, it's `{H[3]}` - "
                       "can you set up the agent / keychain so I don't need to type it each time? I'm on Ubuntu 24.04 with zsh", "ssh2"), H[3]))
    c.append(P(f, sh(f"sshpass -p '{H[4]}' ssh -o StrictHostKeyChecking=no deploy@10.0.4.17 'sudo systemctl restart api && systemctl is-active api'",
                     "active\n", "ssh3", "Warning: Permanently added '10.0.4.17' (ED25519) to the list of known hosts.\n"), H[4]))
    new = rnd("ssh4", 22)
    c.append(P(f, sh(f"ssh-keygen -p -f ~/.ssh/id_ed25519 -P '{H[7]}' -N '{new}'",
                     "Your identification has been saved with the new passphrase.\n", "ssh4"), H[7], new))
    cfg = ("# home lab\nHost nas\n  HostName 192.168.1.20\n  User admin\n  Port 2222\n"
           f"  # no key on this one yet, password is {H[5]}\n  PreferredAuthentications password\n\n"
           "Host pi\n  HostName raspberrypi.local\n  User pi\n  IdentityFile ~/.ssh/id_ed25519\n")
    c.append(P(f, read_line(cfg, "ssh5"), H[5]))
    return c


def windows_env() -> list:
    f = "u15: setx, $env: and securestring lines on windows"
    c = []
    t = "sk-proj-" + tok("win1", 48, URLSAFE) + "T3BlbkFJ" + tok("win1b", 48, URLSAFE)
    c.append(P(f, sh(f"cmd.exe /c setx OPENAI_API_KEY \"{t}\"", "\r\nSUCCESS: Specified value was saved.\r\n", "win1"), t))
    t = tok("win2a", 3, B62) + "8Q~" + tok("win2b", 31, URLSAFE.replace("-", "."))
    ten = uuid_of("win2t")
    login = json.dumps([{"cloudName": "AzureCloud", "homeTenantId": ten, "id": uuid_of("win2s"), "isDefault": True,
                         "managedByTenants": [], "name": "Acme Production", "state": "Enabled", "tenantId": ten,
                         "user": {"name": uuid_of("win2c"), "type": "servicePrincipal"}}], indent=2)  # fmt: skip
    c.append(P(f, sh(f"pwsh -NoProfile -Command '$env:AZURE_CLIENT_SECRET = \"{t}\"; az login --service-principal "
                     "-u $env:AZURE_CLIENT_ID -p $env:AZURE_CLIENT_SECRET --tenant $env:AZURE_TENANT_ID'", login + "\n", "win2"), t))
    ps = ("param([string]$Computer = 'web01')\n\n"
          f"$securePass = ConvertTo-SecureString \"{H[8]}\" -AsPlainText -Force\n"
          "$cred = New-Object System.Management.Automation.PSCredential (\"CORP\\svc_deploy\", $securePass)\n\n"
          "Invoke-Command -ComputerName $Computer -Credential $cred -ScriptBlock {\n"
          "    Stop-WebAppPool -Name 'AcmeApi'\n    Copy-Item \\\\fs01\\drops\\api\\* C:\\inetpub\\api -Recurse -Force\n"
          "    Start-WebAppPool -Name 'AcmeApi'\n}\n")
    c.append(P(f, read_ev("C:\\Users\\dev\\src\\acme\\deploy\\Deploy-Api.ps1", ps, "win3"), H[8]))
    t = "oy2" + tok("win4", 43, LOWER36)
    c.append(P(f, said("In PowerShell I ran `[Environment]::SetEnvironmentVariable(\"NUGET_API_KEY\", "
                       f"\"{t}\", \"User\")` and restarted the terminal, but `dotnet nuget push bin\\Release\\Acme.Core.2.1.0.nupkg "
                       "--source nuget.org` still says 403 (Forbidden). what am I missing?", "win4"), t))
    dump = ("ALLUSERSPROFILE=C:\\ProgramData\nAPPDATA=C:\\Users\\dev\\AppData\\Roaming\nCommonProgramFiles=C:\\Program Files\\Common Files\n"
            "COMPUTERNAME=DEV-LAPTOP07\nComSpec=C:\\WINDOWS\\system32\\cmd.exe\n"
            f"DATABASE_URL=sqlserver://sa:{H[9]}@localhost:1433;database=shop;encrypt=false\n"
            "DriverData=C:\\Windows\\System32\\Drivers\\DriverData\nHOMEDRIVE=C:\nHOMEPATH=\\Users\\dev\n"
            "NUMBER_OF_PROCESSORS=16\nOS=Windows_NT\nPATHEXT=.COM;.EXE;.BAT;.CMD;.VBS;.VBE;.JS;.JSE;.WSF;.WSH;.MSC;.PY;.PYW\n"
            "PROCESSOR_ARCHITECTURE=AMD64\nUSERDOMAIN=CORP\nUSERNAME=dev\n")
    c.append(P(f, sh("cmd.exe /c set", dump, "win5"), H[9]))
    t = "github_pat_11" + tok("win6a", 20, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") + "_" + tok("win6b", 59, B62)
    prof = ("# PowerShell profile\nSet-PSReadLineOption -EditMode Emacs\nImport-Module posh-git\n\n"
            f"$env:GITHUB_TOKEN = '{t}'\n$env:DOTNET_CLI_TELEMETRY_OPTOUT = '1'\n"
            "function gs { git status -sb }\n")
    c.append(P(f, write_ev("C:\\Users\\dev\\Documents\\PowerShell\\Microsoft.PowerShell_profile.ps1", prof, "win6"), t))
    return c


def cloud_init() -> list:
    f = "u15: cloud-init user-data and kickstart files"
    c = []
    ud = ("#cloud-config\nhostname: ci-runner-03\npackage_update: true\npackages:\n  - docker.io\n  - jq\n\n"
          "users:\n  - default\n  - name: ops\n    groups: [sudo, docker]\n    shell: /bin/bash\n\n"
          f"chpasswd:\n  expire: false\n  users:\n    - name: ubuntu\n      password: {H[6]}\n      type: text\n\n"
          "ssh_pwauth: true\nruncmd:\n  - systemctl enable --now docker\n")
    c.append(P(f, read_ev("/home/dev/infra/cloud-init/runner-user-data.yaml", ud, "ci1"), H[6]))
    ks = ("#version=RHEL9\ntext\nlang en_US.UTF-8\nkeyboard us\ntimezone Europe/Berlin --utc\n"
          "network --bootproto=dhcp --device=link --activate --hostname=build01.acme.lan\n"
          f"rootpw --plaintext {H[7]}\n"
          "user --name=ops --groups=wheel --password=$6$rounds=4096$placeholder --iscrypted\n"
          "selinux --enforcing\nfirewall --enabled --ssh\nbootloader --location=mbr\nautopart --type=lvm\nclearpart --all --initlabel\n"
          "%packages\n@^minimal-environment\nchrony\n%end\nreboot\n")
    c.append(P(f, write_ev("/home/dev/infra/pxe/ks-build01.cfg", ks, "ci2"), H[7]))
    t = rnd("ci3", 28)
    cmd = ("multipass launch 24.04 --name app-vm --cpus 2 --memory 4G --cloud-init - <<'EOF'\n#cloud-config\n"
           "packages: [redis-server]\nruncmd:\n"
           f"  - sed -i 's/^# requirepass .*/requirepass {t}/' /etc/redis/redis.conf\n"
           f"  - echo \"REDIS_PASSWORD={t}\" >> /etc/app.env\n  - systemctl restart redis-server\nEOF")
    c.append(P(f, sh(cmd, "Launched: app-vm\n", "ci3"), t))
    t = tok("ci4", 32, HEX)
    script = ("#!/bin/bash\nset -euo pipefail\napt-get update -y\n"
              f"export DD_API_KEY={t}\nexport DD_SITE=\"datadoghq.eu\"\n"
              "bash -c \"$(curl -L https://install.datadoghq.com/scripts/install_script_agent7.sh)\"\n"
              "systemctl enable --now datadog-agent\n/opt/app/bin/bootstrap --env prod\n")
    c.append(P(f, sh("aws ec2 describe-instance-attribute --instance-id i-0" + tok("ci4i", 16, HEX)
                     + " --attribute userData --query UserData.Value --output text | base64 -d", script, "ci4"), t))
    pre = ("d-i debian-installer/locale string en_US.UTF-8\nd-i keyboard-configuration/xkb-keymap select us\n"
           "d-i netcfg/get_hostname string kiosk\nd-i mirror/http/hostname string deb.debian.org\n"
           f"d-i passwd/root-password password {H[10]}\nd-i passwd/root-password-again password {H[10]}\n"
           "d-i passwd/user-fullname string Kiosk User\nd-i passwd/username string kiosk\n"
           "d-i partman-auto/method string lvm\ntasksel tasksel/first multiselect standard, ssh-server\n")
    c.append(P(f, read_line(pre, "ci5"), H[10]))
    return c


def task_definitions() -> list:
    f = "u15: ecs task definitions and cloud run services"
    c = []
    t = "sk_" + "live_" + tok("ecs1", 99, B62)
    acct = "".join(str(int(x, 16) % 10) for x in sha("acct15", 12))
    td = json.dumps({"taskDefinition": {
        "taskDefinitionArn": f"arn:aws:ecs:eu-west-1:{acct}:task-definition/api:42",
        "containerDefinitions": [{"name": "api", "image": f"{acct}.dkr.ecr.eu-west-1.amazonaws.com/api:2026.03.14-1",
                                  "cpu": 512, "memory": 1024, "portMappings": [{"containerPort": 8080, "protocol": "tcp"}],
                                  "essential": True,
                                  "environment": [{"name": "NODE_ENV", "value": "production"},
                                                  {"name": "STRIPE_SECRET_KEY", "value": t},
                                                  {"name": "LOG_LEVEL", "value": "info"}],
                                  "logConfiguration": {"logDriver": "awslogs", "options": {"awslogs-group": "/ecs/api"}}}],
        "family": "api", "revision": 42, "status": "ACTIVE", "networkMode": "awsvpc",
        "requiresCompatibilities": ["FARGATE"], "cpu": "512", "memory": "1024"}}, indent=4)  # fmt: skip
    c.append(P(f, sh("aws ecs describe-task-definition --task-definition api:42", td + "\n", "ecs1"), t))
    t = "SG." + tok("ecs2a", 22, URLSAFE) + "." + tok("ecs2b", 43, URLSAFE)
    run = ("apiVersion: serving.knative.dev/v1\nkind: Service\nmetadata:\n  name: billing\n  namespace: '8391245501'\n"
           "  labels:\n    cloud.googleapis.com/location: europe-west1\nspec:\n  template:\n    spec:\n"
           "      containerConcurrency: 80\n      containers:\n      - env:\n        - name: FROM_ADDRESS\n"
           f"          value: billing@acme.io\n        - name: SENDGRID_API_KEY\n          value: {t}\n"
           "        image: europe-west1-docker.pkg.dev/acme-prod/apps/billing@sha256:" + sha("ecs2img", 64) + "\n"
           "        ports:\n        - containerPort: 8080\n          name: http1\n")
    c.append(P(f, sh("gcloud run services describe billing --region europe-west1 --format yaml", run, "ecs2"), t))
    td = json.dumps({"family": "reports", "containerDefinitions": [{
        "name": "reports", "image": "ghcr.io/acme/reports:1.9.3",
        "environment": [{"name": "DB_HOST", "value": "reports.cluster-c1x.eu-west-1.rds.amazonaws.com"},
                        {"name": "DB_USER", "value": "reports"}, {"name": "DB_PASSWORD", "value": H[11]}]}],
        "requiresCompatibilities": ["FARGATE"], "cpu": "256", "memory": "512"}, indent=2)  # fmt: skip
    c.append(P(f, read_ev("/home/dev/app/deploy/ecs/taskdef.json", td, "ecs3"), H[11]))
    t = rnd("ecs4", 48)
    svc = ("apiVersion: serving.knative.dev/v1\nkind: Service\nmetadata:\n  name: auth\nspec:\n  template:\n"
           "    metadata:\n      annotations:\n        autoscaling.knative.dev/maxScale: '10'\n    spec:\n      containers:\n"
           "      - image: europe-west1-docker.pkg.dev/acme-prod/apps/auth:latest\n        env:\n"
           f"        - name: JWT_SIGNING_SECRET\n          value: \"{t}\"\n        - name: TOKEN_TTL\n          value: \"3600\"\n")
    c.append(P(f, write_ev("/home/dev/app/deploy/cloudrun/auth.service.yaml", svc, "ecs4"), t))
    t = "sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I" + tok("ecs5a", 26, B62) + "." + tok("ecs5b", 22, URLSAFE)
    reg = json.dumps({"taskDefinition": {"family": "tiles", "revision": 7, "containerDefinitions": [{
        "name": "tiles", "image": "ghcr.io/acme/tiles:0.4.0",
        "environment": [{"name": "MAPBOX_SECRET_TOKEN", "value": t}, {"name": "PORT", "value": "3000"}]}],
        "status": "ACTIVE", "registeredAt": "2026-03-14T10:22:31.118000+00:00",
        "registeredBy": f"arn:aws:sts::{acct}:assumed-role/deployer/ci"}}, indent=4)  # fmt: skip
    c.append(P(f, out(reg, "ecs5"), t))
    return c


def serverless() -> list:
    f = "u15: serverless framework and sam templates"
    c = []
    t = tok("sls1", 32, HEX)
    yml = ("service: notify\nframeworkVersion: '3'\n\nprovider:\n  name: aws\n  runtime: nodejs20.x\n  region: eu-central-1\n"
           f"  environment:\n    TWILIO_ACCOUNT_SID: AC{tok('sls1s', 32, HEX)}\n    TWILIO_AUTH_TOKEN: {t}\n"
           "    TWILIO_FROM: '+4915790001234'\n\nfunctions:\n  sms:\n    handler: src/sms.handler\n"
           "    events:\n      - httpApi: 'POST /sms'\n")
    c.append(P(f, read_ev("/home/dev/notify/serverless.yml", yml, "sls1"), t))
    stack = "notify-api-prod"
    outp = ("\n\t\tManaged S3 bucket: aws-sam-cli-managed-default-samclisourcebucket-1x2y3z\n\n"
            "\tDeploying with following values\n\t===============================\n"
            f"\tStack name                   : {stack}\n\tRegion                       : eu-west-1\n"
            "\tConfirm changeset            : False\n\tDeployment s3 bucket         : aws-sam-cli-managed-default\n"
            f"\tParameter overrides          : {{\"Stage\": \"prod\", \"DbPassword\": \"{H[2]}\"}}\n\n"
            "Waiting for changeset to be created..\n\nCloudFormation stack changeset\n"
            "-------------------------------------------------------------------------\n"
            "Operation          LogicalResourceId         ResourceType\n"
            "* Modify           ApiFunction               AWS::Lambda::Function\n")
    c.append(P(f, sh(f"sam deploy --stack-name {stack} --parameter-overrides \"Stage=prod DbPassword={H[2]}\" --no-confirm-changeset",
                     outp, "sls2"), H[2]))
    t = tok("sls3", 32, HEX)
    tpl = ("AWSTemplateFormatVersion: '2010-09-09'\nTransform: AWS::Serverless-2016-10-31\nDescription: search indexer\n\n"
           "Globals:\n  Function:\n    Timeout: 30\n    Runtime: python3.12\n    Environment:\n      Variables:\n"
           f"        ALGOLIA_APP_ID: 7QK2M9XB4D\n        ALGOLIA_ADMIN_KEY: {t}\n\n"
           "Resources:\n  IndexerFunction:\n    Type: AWS::Serverless::Function\n    Properties:\n"
           "      Handler: indexer.handler\n      CodeUri: src/\n")
    c.append(P(f, write_ev("/home/dev/search/template.yaml", tpl, "sls3"), t))
    t = tok("sls4", 32, HEX)
    printed = ("service: slackbot\nframeworkVersion: '3'\nprovider:\n  name: aws\n  runtime: python3.12\n  stage: prod\n"
               "  region: us-east-1\n  environment:\n    SLACK_SIGNING_SECRET: " + t + "\n    LOG_LEVEL: INFO\n"
               "functions:\n  events:\n    handler: app.handler\n    events:\n      - httpApi:\n          path: /slack/events\n          method: post\n")
    c.append(P(f, sh("npx serverless print --stage prod", printed, "sls4"), t))
    t = rnd("sls5", 40)
    c.append(P(f, said(f"why does `sls invoke local -f webhook -p fixtures/push.json -e GITHUB_WEBHOOK_SECRET={t}` return 200 "
                       "but the deployed function returns 401 for the exact same payload? the secret is set in the repo's "
                       "webhook settings too", "sls5"), t))
    return c


def process_managers() -> list:
    f = "u15: process manager configs (pm2, supervisord, runit)"
    c = []
    s = rnd("pm1", 32)
    eco = ("module.exports = {\n  apps: [{\n    name: 'api',\n    script: 'dist/server.js',\n    instances: 'max',\n"
           "    exec_mode: 'cluster',\n    env_production: {\n      NODE_ENV: 'production',\n      PORT: 3000,\n"
           f"      SESSION_SECRET: '{s}',\n      MONGO_URL: 'mongodb+srv://api:{H[12]}@cluster0.ab12c.mongodb.net/prod?retryWrites=true'\n"
           "    }\n  }]\n};\n")
    c.append(P(f, read_ev("/home/dev/api/ecosystem.config.js", eco, "pm1"), s, H[12]))
    s = rnd("pm2", 36)
    envs = ("NODE_ENV: production\nPORT: 3000\nNODE_APP_INSTANCE: 0\nunique_id: " + uuid_of("pm2u") + "\n"
            f"SESSION_SECRET: {s}\nPM2_HOME: /home/app/.pm2\npm_cwd: /srv/api\nname: api\n")
    c.append(P(f, sh("pm2 env 0", envs, "pm2"), s))
    dj = tok("pm3a", 50, ALNUM + "!@#%^*(-_=+)")
    aws = tok("pm3b", 40, ALNUM + "/+")
    conf = ("[program:worker]\ncommand=/srv/app/.venv/bin/celery -A app worker -l info -Q default,emails\n"
            "directory=/srv/app\nuser=app\nnumprocs=2\nprocess_name=%(program_name)s_%(process_num)02d\n"
            "autostart=true\nautorestart=true\nstopwaitsecs=600\n"
            f"environment=DJANGO_SETTINGS_MODULE=\"app.settings.prod\",DJANGO_SECRET_KEY=\"{dj}\",AWS_SECRET_ACCESS_KEY=\"{aws}\"\n"
            "stdout_logfile=/var/log/supervisor/worker.log\n")
    c.append(P(f, read_line(conf, "pm3"), dj, aws))
    run = f"#!/bin/sh\nexec 2>&1\nexport PGHOST=db.internal\nexport PGPASSWORD='{H[0]}'\nexec chpst -u app /srv/app/bin/worker --queue reports\n"
    c.append(P(f, write_ev("/etc/sv/reports-worker/run", run, "pm4"), H[0]))
    p = rnd("pm5", 32)
    show = (" Describing process with id 0 - name api \n"
            "\u250c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u252c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2510\n"
            "\u2502 status            \u2502 online                                   \u2502\n"
            "\u2502 name              \u2502 api                                      \u2502\n"
            "\u2502 restarts          \u2502 3                                        \u2502\n"
            "\u2502 script path       \u2502 /srv/api/dist/server.js                  \u2502\n"
            "\u2502 exec mode         \u2502 cluster_mode                             \u2502\n\n"
            " Divergent env variables from local env \n"
            "\u2502 REDIS_URL         \u2502 redis://default:" + p + "@redis-13542.c1.us-east-1-2.ec2.cloud.redislabs.com:13542 \u2502\n"
            "\u2502 NODE_ENV          \u2502 production                               \u2502\n\n"
            " Add your own code metrics: http://bit.ly/code-metrics\n Use `pm2 logs api [--lines 1000]` to display logs\n")
    c.append(P(f, sh("pm2 show api", show, "pm5"), p))
    return c


def scripted_edits() -> list:
    f = "u15: in-place edits by sed, jq, yq and crudini"
    c = []
    t = "whsec_" + tok("ed1", 32, B62)
    c.append(P(f, sh(f"sed -i 's/^STRIPE_WEBHOOK_SECRET=.*/STRIPE_WEBHOOK_SECRET={t}/' .env && grep STRIPE .env",
                     "STRIPE_PUBLISHABLE_KEY=pk_test_" + tok("ed1p", 24, B62) + f"\nSTRIPE_WEBHOOK_SECRET={t}\n", "ed1"), t))
    c.append(P(f, sh(f"yq -i '.adminUser = \"admin\" | .adminPassword = \"{H[8]}\"' charts/grafana/values.yaml && git diff --stat",
                     " charts/grafana/values.yaml | 4 ++--\n 1 file changed, 2 insertions(+), 2 deletions(-)\n", "ed2"), H[8]))
    t = rnd("ed3", 32)
    c.append(P(f, sh(f"jq '.credentials.apiKey = \"{t}\" | .credentials.region = \"eu\"' config.json > config.tmp && mv config.tmp config.json",
                     "", "ed3"), t))
    c.append(P(f, sh(f"perl -pi -e 's/changeme/{H[9]}/g' docker/init.sql && grep -n PASSWORD docker/init.sql",
                     f"3:CREATE USER app WITH PASSWORD '{H[9]}';\n", "ed4"), H[9]))
    c.append(P(f, sh(f"sudo crudini --set /etc/app/app.ini database password '{H[5]}' && sudo systemctl restart app", "", "ed5"), H[5]))
    return c


def repl_echoes() -> list:
    f = "u15: interactive repl echoes"
    c = []
    t = "sk-ant-api03-" + tok("re1", 93, URLSAFE) + "AA"
    c.append(P(f, sh("python3 -c \"import os; print(os.environ['ANTHROPIC_API_KEY'])\"", t + "\n", "re1"), t))
    t = "key-" + tok("re2", 32, HEX)
    envs = ("{\n  SHELL: '/bin/zsh',\n  NODE_ENV: 'development',\n  MAILGUN_DOMAIN: 'mg.acme.io',\n"
            f"  MAILGUN_API_KEY: '{t}',\n  PWD: '/home/dev/app',\n  LANG: 'en_US.UTF-8',\n  _: '/usr/bin/node'\n}}\n")
    c.append(P(f, sh("node -e \"require('dotenv').config(); console.log(process.env)\"", envs, "re2"), t))
    t = tok("re3", 128, HEX)
    c.append(P(f, out(f'{{"secret_key_base"=>"{t}", "stripe_publishable_key"=>"pk_live_{tok("re3p", 24, B62)}"}}\n', "re3"), t))
    c.append(P(f, said(">>> from app.config import settings\n>>> settings.SMTP_HOST\n'smtp.mailgun.org'\n>>> settings.SMTP_PASSWORD\n"
                       f"'{H[10]}'\n>>> settings.SMTP_PORT\n587\n\nwhy does it send fine from the shell but times out in the celery worker?",
                       "re4"), H[10]))
    t = tok("re5", 32, HEX) + "-us21"
    dumped = f"array:2 [\n  \"key\" => \"{t}\"\n  \"server_prefix\" => \"us21\"\n] // vendor/psy/psysh/src/ExecutionClosure.php(40) : eval()'d code:1\n"
    c.append(P(f, sh("php artisan tinker --execute=\"dump(config('services.mailchimp'))\"", dumped, "re5"), t))
    return c


def join_tokens() -> list:
    f = "u15: cluster join tokens"
    c = []
    t = tok("jt1a", 6, LOWER36) + "." + tok("jt1b", 16, LOWER36)
    c.append(P(f, sh("sudo kubeadm token create --print-join-command",
                     f"kubeadm join 10.0.0.10:6443 --token {t} --discovery-token-ca-cert-hash sha256:{sha('jt1h', 64)} \n", "jt1"), t))
    t = "K10" + sha("jt2a", 64) + "::server:" + tok("jt2b", 32, HEX)
    c.append(P(f, sh("sudo cat /var/lib/rancher/k3s/server/node-token", t + "\n", "jt2"), t))
    t = tok("jt3", 32, HEX)
    outp = (f"The invite token: {t}\nThis token will expire in 60 minutes.\n\nRun this on the new node to join the cluster:\n\n"
            f"> teleport start \\\n   --roles=node \\\n   --token={t} \\\n   --ca-pin=sha256:{sha('jt3p', 64)} \\\n"
            "   --auth-server=10.1.2.3:3025\n\nPlease note:\n\n  - This invitation token will expire in 60 minutes\n"
            "  - 10.1.2.3:3025 must be reachable from the new node\n")
    c.append(P(f, sh("tctl tokens add --type=node --ttl=1h", outp, "jt3"), t))
    t = "K10" + sha("jt4a", 64) + "::server:" + tok("jt4b", 32, HEX)
    c.append(P(f, said(f"the worker won't join. I ran `curl -sfL https://get.k3s.io | K3S_URL=https://10.0.1.5:6443 K3S_TOKEN={t} sh -` "
                       "on the pi and it just hangs at 'Starting k3s-agent'. firewall on the server allows 6443. ideas?", "jt4"), t))
    t = tok("jt5", 32, HEX)
    outp = ("From the node you wish to join to this cluster, run the following:\n"
            f"microk8s join 192.168.1.230:25000/{t}/{tok('jt5c', 12, HEX)}\n\n"
            "Use the '--worker' flag to join a node as a worker not running the control plane, eg:\n"
            f"microk8s join 192.168.1.230:25000/{t}/{tok('jt5c', 12, HEX)} --worker\n\n"
            "If the node you are adding is not reachable through the default interface you can use one of the following:\n"
            f"microk8s join 10.23.209.1:25000/{t}/{tok('jt5c', 12, HEX)}\n")
    c.append(P(f, sh("microk8s add-node", outp, "jt5"), t))
    return c


def forge_clis() -> list:
    f = "u15: issue tracker and forge cli configs"
    c = []
    t = ghp("fc1", "gho_")
    hosts = f"github.com:\n    users:\n        octo-dev:\n            oauth_token: {t}\n    git_protocol: https\n    oauth_token: {t}\n    user: octo-dev\n"
    c.append(P(f, read_ev("/home/dev/.config/gh/hosts.yml", hosts, "fc1"), t))
    t = glpat("fc2")
    cfg = ("git_protocol: ssh\neditor: vim\nbrowser:\nglamour_style: dark\ncheck_update: false\nhosts:\n    gitlab.com:\n"
           f"        token: {t}\n        api_host: gitlab.com\n        git_protocol: ssh\n        api_protocol: https\n        user: jdoe\n")
    c.append(P(f, sh("cat ~/.config/glab-cli/config.yml", cfg, "fc2"), t))
    t = tok("fc3", 40, HEX)
    c.append(P(f, sh(f"tea login add --name work --url https://gitea.acme.io --token {t}",
                     "Login as jdoe on https://gitea.acme.io successful\n", "fc3"), t))
    t = "ATATT3xFfGF0" + tok("fc4", 170, URLSAFE) + "=" + tok("fc4c", 8, "0123456789ABCDEF")
    c.append(P(f, said(f"jira-cli says 401 Unauthorized on every command. I exported JIRA_API_TOKEN={t} and the login is "
                       "ana.silva@acme.io, server https://acme.atlassian.net, installation type Cloud. did I mix up the auth type?", "fc4"), t))
    t = tok("fc5", 40, HEX)
    c.append(P(f, write_ev("/home/dev/.config/hub", f"github.com:\n- user: jdoe\n  oauth_token: {t}\n  protocol: https\n", "fc5"), t))
    return c


def newer_package_managers() -> list:
    f = "u15: newer package managers' auth settings"
    c = []
    t = "npm_" + tok("np1", 36, B62)
    bunfig = ("[install]\noptional = true\nexact = true\n\n[install.scopes]\n"
              f"\"@acme\" = {{ token = \"{t}\", url = \"https://registry.npmjs.org/\" }}\n\n[test]\ncoverage = true\n")
    c.append(P(f, read_ev("/home/dev/web/bunfig.toml", bunfig, "np1"), t))
    t = "pypi-AgEIcHlwaS5vcmcCJ" + tok("np2", 160, URLSAFE)
    outp = ("Publishing 2 files https://upload.pypi.org/legacy/\n"
            "Uploading acme_sdk-0.4.1-py3-none-any.whl (12.3KiB)\nUploading acme_sdk-0.4.1.tar.gz (20.8KiB)\n")
    c.append(P(f, sh(f"uv publish --token {t}", "", "np2", outp), t))
    t = rnd("np3", 32)
    c.append(P(f, said(f"deno keeps getting 401 from our private registry. I set DENO_AUTH_TOKENS={t}@npm.acme.dev in ~/.zshrc "
                       "and restarted the shell; `deno install` still fails on @acme/ui. does it need the port too?", "np3"), t))
    auth = f"[http-basic.acme]\nusername = \"ci\"\npassword = \"{H[11]}\"\n\n[http-basic.pytorch-nightly]\nusername = \"__token__\"\npassword = \"\"\n"
    c.append(P(f, read_line(auth, "np4"), H[11]))
    t = "cmVmdGtuOjAxOjE3" + tok("np5", 48, B62)
    yarnrc = ("nodeLinker: node-modules\nenableGlobalCache: false\n\nnpmScopes:\n  acme:\n    npmAlwaysAuth: true\n"
              f"    npmAuthToken: \"{t}\"\n    npmRegistryServer: \"https://acme.jfrog.io/artifactory/api/npm/npm-virtual/\"\n\n"
              "yarnPath: .yarn/releases/yarn-4.5.0.cjs\n")
    c.append(P(f, write_ev("/home/dev/web/.yarnrc.yml", yarnrc, "np5"), t))
    t = "pfx_" + tok("np6", 40, B62)
    c.append(P(f, sh(f"pixi auth login prefix.dev --token {t}", "Storing credentials for prefix.dev\n", "np6"), t))
    return c


def private_git_deps() -> list:
    f = "u15: dependency specs pulling from private git"
    c = []
    t = ghp("gd1")
    req = (f"fastapi==0.115.0\npydantic==2.9.2\nacme-common @ git+https://{t}@github.com/acme/acme-common.git@v2.3.1\n"
           "uvicorn[standard]==0.30.6\nhttpx==0.27.2\n")
    c.append(P(f, read_ev("/home/dev/svc/requirements.txt", req, "gd1"), t))
    t = ghp("gd2", "ghs_")
    pkg = json.dumps({"name": "@acme/web", "version": "3.2.0", "private": True,
                      "dependencies": {"react": "^18.3.1", "@acme/ui": f"git+https://x-access-token:{t}@github.com/acme/ui.git#v1.8.0",
                                       "zod": "^3.23.8"}}, indent=2)  # fmt: skip
    c.append(P(f, read_line(pkg, "gd2"), t))
    t = glpat("gd3")
    mods = ("[submodule \"vendor/proto\"]\n\tpath = vendor/proto\n"
            f"\turl = https://oauth2:{t}@gitlab.com/acme/proto.git\n\tbranch = main\n"
            "[submodule \"vendor/fonts\"]\n\tpath = vendor/fonts\n\turl = https://github.com/acme/fonts.git\n")
    c.append(P(f, sh("cat .gitmodules", mods, "gd3"), t))
    pipout = (f"Collecting acme-common@ git+https://ci-bot:{H[1]}@git.acme.io/libs/acme-common.git@v2.3.1 (from -r requirements.txt (line 2))\n"
              "  Cloning https://ci-bot:****@git.acme.io/libs/acme-common.git (to revision v2.3.1) to /tmp/pip-install-k2x9/acme-common_4f1c\n"
              "  Running command git clone --filter=blob:none --quiet 'https://ci-bot:****@git.acme.io/libs/acme-common.git' /tmp/pip-install-k2x9/acme-common_4f1c\n"
              "  Resolved https://ci-bot:****@git.acme.io/libs/acme-common.git to commit " + sha("gd4c", 40) + "\n"
              "  Installing build dependencies ... done\n")
    c.append(P(f, sh("pip install -r requirements.txt", pipout, "gd4"), H[1]))
    t = tok("gd5", 40, HEX)
    gem = ("source 'https://rubygems.org'\nruby '3.3.5'\n\ngem 'rails', '~> 7.2'\ngem 'pg', '~> 1.5'\n"
           f"gem 'acme_auth', git: \"https://{t}:x-oauth-basic@github.com/acme/acme_auth.git\", tag: 'v0.9.2'\n")
    c.append(P(f, write_ev("/home/dev/shop/Gemfile", gem, "gd5"), t))
    t = "ATBB" + tok("gd6", 28, B62) + tok("gd6c", 8, "0123456789ABCDEF")
    cargo = ("[package]\nname = \"ingest\"\nversion = \"0.3.0\"\nedition = \"2021\"\n\n[dependencies]\ntokio = { version = \"1\", features = [\"full\"] }\n"
             f"acme-core = {{ git = \"https://deploy:{t}@bitbucket.org/acme/core.git\", branch = \"main\" }}\n")
    c.append(P(f, read_ev("/home/dev/ingest/Cargo.toml", cargo, "gd6"), t))
    return c


def request_body_logs() -> list:
    f = "u15: structured app logs with request bodies"
    c = []
    lines = [
        {"level": 30, "time": 1773483751118, "pid": 1, "hostname": "api-7d9f8b6c4-x2kqp", "reqId": "req-1a",
         "req": {"method": "GET", "url": "/healthz"}, "msg": "incoming request"},
        {"level": 20, "time": 1773483751402, "pid": 1, "hostname": "api-7d9f8b6c4-x2kqp", "reqId": "req-1b",
         "req": {"method": "POST", "url": "/api/v1/login", "remoteAddress": "10.42.0.17"},
         "body": {"email": "maria.lopez@example.com", "password": H[2], "remember": True}, "msg": "incoming request"},
        {"level": 30, "time": 1773483751561, "pid": 1, "hostname": "api-7d9f8b6c4-x2kqp", "reqId": "req-1b",
         "res": {"statusCode": 401}, "responseTime": 158.2, "msg": "request completed"},
    ]  # fmt: skip
    c.append(P(f, sh("kubectl -n prod logs deploy/api --since=10m | grep -E 'login|req-1'",
                     "\n".join(json.dumps(x, separators=(",", ":")) for x in lines) + "\n", "rb1"), H[2]))
    csrf = tok("rb2", 40, B62)
    log = ("[2026-03-14 10:22:30] production.INFO: Login attempt {\"ip\":\"203.0.113.7\"} \n"
           "[2026-03-14 10:22:31] production.ERROR: Login failed {\"request\":{\"_token\":\"" + csrf
           + "\",\"email\":\"k.sato@example.jp\",\"password\":\"" + H[0] + "\",\"remember\":\"on\"},\"exception\":\"[object] "
           "(Illuminate\\\\Validation\\\\ValidationException(code: 0): These credentials do not match our records. at "
           "/var/www/html/vendor/laravel/framework/src/Illuminate/Validation/ValidationException.php:72)\"} \n")
    c.append(P(f, sh("tail -n 2 storage/logs/laravel.log", log, "rb2"), H[0]))
    t = rnd("rb3", 36)
    log = ("Mar 14 10:22:31 app-01 api[812]: time=\"2026-03-14T10:22:31Z\" level=info msg=\"deploy event received\" repo=acme/api\n"
           f"Mar 14 10:22:31 app-01 api[812]: time=\"2026-03-14T10:22:31Z\" level=debug msg=\"outgoing request\" body=\"{{\\\"api_key\\\":\\\"{t}\\\",\\\"event\\\":\\\"deploy\\\",\\\"sha\\\":\\\"{sha('rb3s', 7)}\\\"}}\" url=\"https://hooks.acme.io/v1/events\"\n"
           "Mar 14 10:22:32 app-01 api[812]: time=\"2026-03-14T10:22:32Z\" level=info msg=\"webhook delivered\" status=202\n")
    c.append(P(f, sh("journalctl -u api --since today --no-pager | grep -i -A1 'deploy event'", log, "rb3"), t))
    t = rnd("rb4", 40)
    zap = json.dumps({"level": "debug", "ts": 1773483751.4021, "caller": "proxy/upstream.go:88", "msg": "forwarding",
                      "upstream": "http://inventory.svc.cluster.local:8080", "path": "/v2/stock",
                      "headers": {"X-Api-Key": [t], "Content-Type": ["application/json"], "X-Request-Id": [uuid_of("rb4r")]}})
    c.append(P(f, out(zap + "\n" + json.dumps({"level": "info", "ts": 1773483751.4519, "msg": "upstream responded", "status": 200}) + "\n", "rb4"), t))
    enc = H[5].replace("!", "%21")
    c.append(P(f, said("this request body is logged at info level in prod, we need to stop that. from kibana:\n"
                       "{\n  \"@timestamp\": \"2026-03-14T10:22:31.118Z\",\n  \"service.name\": \"keycloak-proxy\",\n"
                       "  \"http.request.method\": \"POST\",\n  \"url.path\": \"/realms/master/protocol/openid-connect/token\",\n"
                       f"  \"http.request.body.content\": \"grant_type=password&username=ops&password={enc}&client_id=admin-cli\"\n}}\n"
                       "where would that come from? we use the ECS logging middleware in express", "rb5"), enc))
    return c


def job_arguments() -> list:
    f = "u15: background job arguments in worker logs"
    c = []
    t = "shpat_" + tok("ja1", 32, HEX)
    active = ("-> celery@worker-1: OK\n"
              f"    * {{'id': '{uuid_of('ja1i')}', 'name': 'app.tasks.sync_shopify', 'args': ['acme-store.myshopify.com', '{t}'], "
              "'kwargs': {'full': False}, 'type': 'app.tasks.sync_shopify', 'hostname': 'celery@worker-1', 'time_start': 1773483751.118, "
              "'acknowledged': True, 'delivery_info': {'exchange': '', 'routing_key': 'default', 'priority': 0, 'redelivered': False}, "
              "'worker_pid': 14}\n-> celery@worker-2: OK\n    - empty -\n")
    c.append(P(f, sh("celery -A app inspect active", active, "ja1"), t))
    t = tok("ja2", 32, HEX) + "-us14"
    jid = tok("ja2j", 24, HEX)
    log = (f"2026-03-14T10:22:31.118Z pid=7 tid=2ofs class=ImportMailchimpJob jid={jid} INFO: start\n"
           f"2026-03-14T10:22:32.004Z pid=7 tid=2ofs class=ImportMailchimpJob jid={jid} elapsed=0.886 INFO: fail\n"
           "2026-03-14T10:22:32.005Z pid=7 tid=2ofs WARN: {\"context\":\"Job raised exception\",\"job\":{\"retry\":true,"
           f"\"queue\":\"default\",\"class\":\"ImportMailchimpJob\",\"args\":[42,\"{t}\"],\"jid\":\"{jid}\","
           "\"created_at\":1773483751.1,\"enqueued_at\":1773483751.1}}\n"
           "2026-03-14T10:22:32.005Z pid=7 tid=2ofs WARN: Gibbon::MailChimpError: the server responded with status 401\n")
    c.append(P(f, sh("tail -n 4 log/sidekiq.log", log, "ja2"), t))
    data = json.dumps({"to": "orders@example.com", "template": "receipt", "smtpUser": "mailer", "smtpPass": H[8]})
    out_ = ("1) \"name\"\n2) \"send\"\n3) \"data\"\n4) \"" + data.replace("\"", "\\\"") + "\"\n5) \"opts\"\n"
            "6) \"{\\\"attempts\\\":3,\\\"delay\\\":0}\"\n7) \"timestamp\"\n8) \"1773483751118\"\n9) \"failedReason\"\n"
            "10) \"Invalid login: 535 Authentication failed\"\n")
    c.append(P(f, sh("redis-cli -n 2 HGETALL bull:emails:1931", out_, "ja3"), H[8]))
    t = "rk_" + "live_" + tok("ja4", 99, B62)
    job = uuid_of("ja4j")
    log = (f"2026-03-14T10:22:31.118+00:00 app[worker.1]: [ActiveJob] [StripeRefundJob] [{job}] Performing StripeRefundJob "
           f"(Job ID: {job}) from Sidekiq(default) enqueued at 2026-03-14T10:22:30Z with arguments: \"{t}\", 4200, \"ch_{tok('ja4c', 24, B62)}\"\n"
           f"2026-03-14T10:22:31.902+00:00 app[worker.1]: [ActiveJob] [StripeRefundJob] [{job}] Performed StripeRefundJob (Job ID: {job}) "
           "from Sidekiq(default) in 784.12ms\n")
    c.append(P(f, sh("heroku logs -a acme-worker -n 20 | grep StripeRefundJob", log, "ja4"), t))
    t = tok("ja5", 32, HEX)
    c.append(P(f, said("Our Hangfire dashboard shows this failed job and the arguments are visible to everyone with dashboard access:\n\n"
                       f"    SendSmsJob.Execute(\"+4915112345678\", \"AC{tok('ja5s', 32, HEX)}\", \"{t}\")\n"
                       "    Failed  Attempt 10 of 10: Twilio.Exceptions.ApiException: Authenticate\n\n"
                       "how do I stop passing the credentials as job arguments? it's .NET 8 with Hangfire 1.8", "ja5"), t))
    return c


def smtp_settings() -> list:
    f = "u15: smtp relay settings in app configs"
    c = []
    t = "SG." + tok("sm1a", 22, URLSAFE) + "." + tok("sm1b", 43, URLSAFE)
    rb = ("Rails.application.configure do\n  config.cache_classes = true\n  config.action_mailer.delivery_method = :smtp\n"
          "  config.action_mailer.smtp_settings = {\n    address: 'smtp.sendgrid.net',\n    port: 587,\n    domain: 'acme.io',\n"
          f"    user_name: 'apikey',\n    password: '{t}',\n    authentication: :plain,\n    enable_starttls_auto: true\n  }}\n"
          "  config.action_mailer.default_url_options = { host: 'acme.io', protocol: 'https' }\nend\n")
    c.append(P(f, read_ev("/home/dev/shop/config/environments/production.rb", rb, "sm1"), t))
    py = ("from .base import *  # noqa\n\nDEBUG = False\nALLOWED_HOSTS = [\"acme.io\", \"www.acme.io\"]\n\n"
          "EMAIL_BACKEND = \"django.core.mail.backends.smtp.EmailBackend\"\nEMAIL_HOST = \"smtp.office365.com\"\nEMAIL_PORT = 587\n"
          f"EMAIL_HOST_USER = \"noreply@acme.io\"\nEMAIL_HOST_PASSWORD = \"{H[10]}\"\nEMAIL_USE_TLS = True\n"
          "DEFAULT_FROM_EMAIL = \"Acme <noreply@acme.io>\"\n")
    c.append(P(f, read_line(py, "sm2"), H[10]))
    t = "B" + tok("sm3", 43, ALNUM + "/+")
    ts = ("import nodemailer from \"nodemailer\";\n\nexport const transport = nodemailer.createTransport({\n"
          "  host: \"email-smtp.eu-west-1.amazonaws.com\",\n  port: 465,\n  secure: true,\n  auth: {\n"
          f"    user: \"AKIA{tok('sm3u', 16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}\",\n    pass: \"{t}\",\n  }},\n}});\n")
    c.append(P(f, write_ev("/home/dev/api/src/mailer.ts", ts, "sm3"), t))
    t = tok("sm4a", 32, HEX) + "-" + tok("sm4b", 8, HEX) + "-" + tok("sm4c", 8, HEX)
    ghost = json.dumps({"url": "https://blog.acme.io", "server": {"port": 2368, "host": "127.0.0.1"},
                        "database": {"client": "mysql", "connection": {"host": "localhost", "user": "ghost", "database": "ghost_prod",
                                                                         "socketPath": "/var/run/mysqld/mysqld.sock"}},
                        "mail": {"transport": "SMTP", "options": {"service": "Mailgun", "host": "smtp.eu.mailgun.org", "port": 465,
                                                                    "secure": True, "auth": {"user": "postmaster@mg.acme.io", "pass": t}}},
                        "process": "systemd"}, indent=2)  # fmt: skip
    c.append(P(f, read_ev("/var/www/ghost/config.production.json", ghost, "sm4"), t))
    t = tok("sm5", 16, LOWER36)
    ini = (f"[mailer]\nENABLED = true\nPROTOCOL = smtps\nSMTP_ADDR = smtp.fastmail.com\nSMTP_PORT = 465\nFROM = \"Gitea\" <git@acme.io>\n"
           f"USER = git@acme.io\nPASSWD = `{t}`\n--\n[service]\nREGISTER_EMAIL_CONFIRM = true\n")
    c.append(P(f, sh("sudo grep -A7 '^\\[mailer\\]' /etc/gitea/app.ini", ini, "sm5"), t))
    return c


def onboarding_mails() -> list:
    f = "u15: onboarding e-mails pasted with temporary passwords"
    c = []
    c.append(P(f, said("can you write a script that logs into our VPN portal and downloads the .ovpn profile? IT sent me this:\n\n"
                       "> Hi Jonas, welcome to Acme! Your account is ready.\n> Username: jonas.weber\n"
                       f"> Temporary password: {H[9]}\n> You will be asked to change it at first login.\n"
                       "> The VPN portal is https://vpn.acme.io, MFA enrolment follows on first login.\n> Best, IT Service Desk", "om1"), H[9]))
    t = rnd("om2", 16)
    c.append(P(f, said("From: helpdesk@acme.io\nSent: Friday, March 13, 2026 4:02 PM\nTo: Priya Nair\nSubject: RE: [INC0048812] Access to analytics DB\n\n"
                       "Hi Priya,\n\nYour read-only user on analytics-db.internal (port 5432) has been created.\n\n"
                       f"    user: ro_priya\n    pass: {t}\n\nPlease do not share these credentials. This ticket will be closed automatically.\n\n"
                       "---\nhow do I connect to this from DBeaver through the bastion host? I have ssh access to bastion.acme.io", "om2"), t))
    eml = ("Return-Path: <it-noreply@acme.io>\nDate: Mon, 09 Mar 2026 08:00:12 +0100\nFrom: Acme IT <it-noreply@acme.io>\n"
           "To: lena.kraus@acme.io\nSubject: Welcome to Acme - your accounts\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n"
           "Hello Lena,\n\nwelcome aboard! Your Google Workspace account is lena.kraus@acme.io.\n"
           f"Your initial password is: {H[7]}\n\nPlease change it within 48 hours at https://myaccount.google.com/security.\n\nAcme IT\n")
    c.append(P(f, read_ev("/home/dev/Downloads/welcome.eml", eml, "om3"), H[7]))
    c.append(P(f, said("my manager forwarded the creds for the new office's printer and the guest wifi, where should I put them so the "
                       "office-setup script can use them without committing them? the mail says:\n"
                       f"  Printer web admin (https://10.20.0.9): admin / {H[11]}\n  Guest Wi-Fi: Acme-Guest, key is in the lobby", "om4"), H[11]))
    c.append(P(f, said("Hallo, ich habe von der IT diese Mail bekommen: \"Ihr Benutzername lautet m.schulz, Ihr Initialpasswort lautet: "
                       f"{H[2]} – bitte ändern Sie es nach der ersten Anmeldung.\" Wie richte ich damit git über HTTPS für "
                       "gitlab.intern.acme.de ein, bevor ich es ändere?", "om5"), H[2]))
    return c


def central_european_prompts() -> list:
    f = "u15: prompts in romanian, hungarian, czech, slovak and croatian"
    c = []
    c.append(P(f, said(f"Salut, aplicația nu se conectează la baza de date. Parola utilizatorului app este {H[8]}, dar primesc "
                       "'password authentication failed for user \"app\"'. Poți verifica fișierul docker-compose.yml?", "ce1"), H[8]))
    t = "sk_" + "live_" + tok("ce2", 99, B62)
    c.append(P(f, said(f"Szia! Az új Stripe kulcsot beírtam a .env-be ({t}), de a webhook továbbra is 400-at ad vissza. "
                       "Megnéznéd a src/billing/webhook.ts kódot?", "ce2"), t))
    c.append(P(f, said(f"Ahoj, potřebuju nasadit aplikaci na server. Přihlašovací údaje: uživatel deploy, heslo {H[6]}. "
                       "Napiš mi prosím skript pro rsync a restart služby přes systemctl.", "ce3"), H[6]))
    t = glpat("ce4")
    c.append(P(f, said(f"Bok, token za GitLab API je {t}, ali curl vraća 401 kad pozovem /api/v4/projects. Što radim krivo?", "ce4"), t))
    t = rnd("ce5", 20)
    c.append(P(f, said(f"Ahoj, heslo k Redisu na produkcii je {t}. Môžeš ho pridať do konfigurácie Celery tak, aby nebolo v gite?", "ce5"), t))
    return c


def nordic_baltic_prompts() -> list:
    f = "u15: prompts in nordic and baltic languages"
    c = []
    c.append(P(f, said(f"Hej, kan du hjælpe mig med at sætte SMTP op i Django? Adgangskoden til mailkontoen er {H[0]} og brugeren er "
                       "noreply@firma.dk.", "nb1"), H[0]))
    t = "sk-proj-" + tok("nb2a", 48, URLSAFE) + "T3BlbkFJ" + tok("nb2b", 48, URLSAFE)
    c.append(P(f, said(f"Jeg får 403 fra OpenAI-API-et. Nøkkelen min er {t} — er den riktig formatert, eller må jeg lage en ny?", "nb2"), t))
    c.append(P(f, said(f"Sveiki, duomenų bazės slaptažodis yra {H[3]}, bet alembic migracijos nepavyksta su 'access denied'. Kodėl?", "nb3"), H[3]))
    c.append(P(f, said(f"Sveiki! Serverim 10.0.8.4 root parole ir {H[4]}, lūdzu, uzraksti Ansible inventāru un playbook nginx uzstādīšanai.", "nb4"), H[4]))
    t = tok("nb5", 40, ALNUM + "/+")
    c.append(P(f, said(f"Tere! AWS-i salajane võti on {t} ja ligipääsuvõti AKIA{tok('nb5i', 16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}. "
                       "Palun seadista aws-cli profiil nimega 'tartu'.", "nb5"), t))
    c.append(P(f, said(f"Hæ, lykilorðið fyrir Postgres er {H[5]}, geturðu bætt því við .env skrána og passað að hún sé í .gitignore?", "nb6"), H[5]))
    return c


def apple_release() -> list:
    f = "u15: fastlane, notarytool and app store connect credentials"
    c = []
    t = app_pw("ap1")
    sub = uuid_of("ap1s")
    outp = ("Conducting pre-submission checks for Acme.zip and initiating connection to the Apple notary service...\n"
            f"Submission ID received\n  id: {sub}\nUpload progress: 100.00% (48.2 MB of 48.2 MB)\nSuccessfully uploaded file\n"
            f"  id: {sub}\n  path: /Users/dev/acme/build/Acme.zip\nWaiting for processing to complete.\nCurrent status: Accepted..........\n"
            f"Processing complete\n  id: {sub}\n  status: Accepted\n")
    c.append(P(f, sh(f"xcrun notarytool submit build/Acme.zip --apple-id dev@acme.io --team-id 7XK9Q2M4LP --password {t} --wait",
                     outp, "ap1"), t))
    m = rnd("ap2", 24)
    a = app_pw("ap2a")
    env = ("FASTLANE_USER=dev@acme.io\n" f"FASTLANE_PASSWORD={H[10]}\n" f"MATCH_PASSWORD={m}\n"
           f"FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD={a}\n" "MATCH_GIT_URL=git@github.com:acme/certificates.git\n"
           "FASTLANE_SKIP_UPDATE_CHECK=1\n")
    c.append(P(f, read_ev("/Users/dev/acme/fastlane/.env.default", env, "ap2"), H[10], m, a))
    t = ghp("ap3")
    table = ("[10:22:31]: Driving the lane 'ios certs' \U0001f680\n[10:22:31]: ------------------\n[10:22:31]: --- Step: match ---\n"
             "[10:22:31]: ------------------\n\n+--------------------------------------------------------------------------------+\n"
             "|                          Summary for match 2.226.0                              |\n"
             "+----------------+---------------------------------------------------------------+\n"
             "| type           | development                                                   |\n"
             "| readonly       | true                                                          |\n"
             f"| git_url        | https://{t}@github.com/acme/certificates.git |\n"
             "| app_identifier | [\"io.acme.app\"]                                               |\n"
             "| username       | dev@acme.io                                                   |\n"
             "+----------------+---------------------------------------------------------------+\n\n"
             "[10:22:32]: Cloning remote git repo...\n")
    c.append(P(f, sh("bundle exec fastlane match development --readonly", table, "ap3"), t))
    body = b64raw("ap4", 138)
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    key = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END PRIVATE KEY-----"
    js = json.dumps({"key_id": "D383SF739K", "issuer_id": uuid_of("ap4i"), "key": key, "duration": 1200, "in_house": False}, indent=2)
    c.append(P(f, write_ev("/Users/dev/acme/fastlane/api_key.json", js, "ap4"), *lines))
    t = app_pw("ap5")
    c.append(P(f, said(f"altool keeps failing: `xcrun altool --upload-app -f build/Acme.ipa -t ios -u dev@acme.io -p {t}` says "
                       "'Unable to authenticate. (-19209)'. did Apple deprecate altool or is the password wrong?", "ap5"), t))
    return c


def db_service_files() -> list:
    f = "u15: database client service and rc files"
    c = []
    pg = ("# ~/.pg_service.conf\n[analytics]\nhost=analytics.cluster-ro-c8x.eu-west-1.rds.amazonaws.com\nport=5432\ndbname=warehouse\n"
          f"user=analyst\npassword={H[2]}\nsslmode=verify-full\n\n[local]\nhost=localhost\ndbname=app_dev\nuser=dev\n")
    c.append(P(f, read_ev("/home/dev/.pg_service.conf", pg, "db1"), H[2]))
    t = rnd("db2", 20)
    sqsh = f"\\set username=sa\n\\set password={t}\n\\set server=MSSQL01\n\\set database=erp\n\\set style=vert\n\\set semicolon_hack=1\n"
    c.append(P(f, read_line(sqsh, "db2"), t))
    t2 = rnd("db3", 22)
    pgcli = f"[alias_dsn]\nprod = postgresql://admin:{H[13]}@prod-db.acme.internal:5432/app\nstaging = postgresql://admin:{t2}@staging-db.acme.internal:5432/app\n"
    c.append(P(f, sh("grep -A3 '^\\[alias_dsn\\]' ~/.config/pgcli/config", pgcli, "db3"), H[13], t2))
    t = rnd("db4", 24)
    xml = ("<config>\n    <user>default</user>\n" f"    <password>{t}</password>\n"
           "    <host>ch.acme.io</host>\n    <port>9440</port>\n    <secure>true</secure>\n    <openSSL>\n      <client>\n"
           "        <loadDefaultCAFile>true</loadDefaultCAFile>\n      </client>\n    </openSSL>\n</config>\n")
    c.append(P(f, write_ev("/home/dev/.clickhouse-client/config.xml", xml, "db4"), t))
    t = rnd("db5", 18)
    cql = f"[authentication]\nusername = cassandra\npassword = {t}\n\n[connection]\nhostname = 10.0.3.7\nport = 9042\n\n[ssl]\nvalidate = false\n"
    c.append(P(f, sh("cat ~/.cassandra/cqlshrc", cql, "db5"), t))
    return c


def positives() -> list:
    return (mcp_configs() + ssh_configs() + windows_env() + cloud_init() + task_definitions() + serverless()
            + process_managers() + scripted_edits() + repl_echoes() + join_tokens() + forge_clis()
            + newer_package_managers() + private_git_deps() + request_body_logs() + job_arguments() + smtp_settings()
            + onboarding_mails() + central_european_prompts() + nordic_baltic_prompts() + apple_release()
            + db_service_files() + transfer_tools())


def transfer_tools() -> list:
    f = "u15: download and transfer tool flags"
    c = []
    err = ("--2026-03-14 10:22:31--  https://nexus.acme.io/repository/raw/tools/protoc-27.tar.gz\n"
           "Resolving nexus.acme.io (nexus.acme.io)... 10.2.3.4\nConnecting to nexus.acme.io (nexus.acme.io)|10.2.3.4|:443... connected.\n"
           "HTTP request sent, awaiting response... 401 Unauthorized\n"
           "Authentication selected: Basic realm=\"Sonatype Nexus Repository Manager\"\n"
           "Reusing existing connection to nexus.acme.io:443.\nHTTP request sent, awaiting response... 200 OK\n"
           "Length: 5312981 (5.1M) [application/x-gzip]\nSaving to: \u2018protoc-27.tar.gz\u2019\n\n"
           "2026-03-14 10:22:32 (11.8 MB/s) - \u2018protoc-27.tar.gz\u2019 saved [5312981/5312981]\n")
    c.append(P(f, sh(f"wget --user=builds --password='{H[3]}' https://nexus.acme.io/repository/raw/tools/protoc-27.tar.gz", "", "tt1", err), H[3]))
    t = rnd("tt2", 20)
    outp = ("\n03/14 10:24:02 [NOTICE] Downloading 1 item(s)\n[#2089b0 1.9GiB/4.2GiB(45%) CN:8 DL:96MiB ETA:24s]\n"
            "03/14 10:24:49 [NOTICE] Download complete: /data/datasets/v3.tar.zst\n\nDownload Results:\n"
            "gid   |stat|avg speed  |path/URI\n======+====+===========+=======================================================\n"
            "2089b0|OK  |    91MiB/s|/data/datasets/v3.tar.zst\n\nStatus Legend:\n(OK):download completed.\n")
    c.append(P(f, sh(f"aria2c --http-user=mirror --http-passwd={t} -x8 -d /data/datasets https://dl.acme.io/datasets/v3.tar.zst", outp, "tt2"), t))
    ls = ("  .                                   D        0  Fri Mar 13 17:02:11 2026\n  ..                                  D        0  Mon Mar  2 09:12:40 2026\n"
          "  Q1-report.xlsx                      A   184320  Thu Mar 12 11:40:03 2026\n  scans                               D        0  Wed Mar 11 08:15:55 2026\n\n"
          "\t\t52403199 blocks of size 4096. 31180422 blocks available\n")
    c.append(P(f, sh(f"smbclient //fs01.corp.acme.io/finance -U 'CORP\\jlee%{H[6]}' -c 'ls'", ls, "tt3"), H[6]))
    c.append(P(f, sh(f"lftp -u backup,'{H[4]}' sftp://backup.acme.io -e 'mirror -R --verbose dist /www/site; bye'",
                     "Transferring file `index.html'\nTransferring file `assets/app.3f9c1e.js'\n"
                     "Total: 2 directories, 41 files, 0 symlinks\nNew: 3 files, 0 symlinks\nModified: 38 files, 0 symlinks\n"
                     "1843220 bytes transferred in 3 seconds (600.1 KiB/s)\n", "tt4"), H[4]))
    t = rnd("tt5", 26)
    c.append(P(f, sh(f"RSYNC_PASSWORD='{t}' rsync -az --delete --stats dist/ rsync://deploy@mirror.acme.io/site/",
                     "\nNumber of files: 214 (reg: 188, dir: 26)\nNumber of created files: 3 (reg: 3)\nNumber of deleted files: 1 (reg: 1)\n"
                     "Number of regular files transferred: 12\nTotal file size: 9,431,002 bytes\nTotal transferred file size: 402,118 bytes\n"
                     "sent 121,884 bytes  received 1,318 bytes  82,134.67 bytes/sec\ntotal size is 9,431,002  speedup is 76.55\n", "tt5"), t))
    return c


# ---- negatives ---------------------------------------------------------------------------------

def neg_mcp() -> list:
    f = "u15 neg: mcp configs referencing environment variables"
    c = []
    cfg = json.dumps({"mcpServers": {
        "github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
                   "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_TOKEN}"}},
        "postgres": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-postgres", "postgresql://localhost:5432/dev"]}}},
        indent=2)  # fmt: skip
    c.append(N(f, read_ev("/home/dev/app/.mcp.json", cfg, "nm1")))
    c.append(N(f, sh("claude mcp list", "Checking MCP server health...\n\n"
                     "github: npx -y @modelcontextprotocol/server-github - \u2713 Connected\n"
                     "sentry: https://mcp.sentry.dev/mcp (HTTP) - \u26a0 Needs authentication\n"
                     "linear: npx -y mcp-remote https://mcp.linear.app/sse - \u2713 Connected\n"
                     "postgres: npx -y @modelcontextprotocol/server-postgres postgresql://localhost:5432/dev - \u2717 Failed to connect\n", "nm2")))
    cfg = json.dumps({"mcpServers": {"sentry": {"type": "http", "url": "https://mcp.sentry.dev/mcp",
                                                "headers": {"Authorization": "Bearer ${SENTRY_TOKEN}"}},
                                     "notion": {"type": "http", "url": "https://mcp.notion.com/mcp"}}}, indent=2)
    c.append(N(f, write_ev("/home/dev/app/.mcp.json", cfg, "nm3")))
    c.append(N(f, said("add an MCP server for our local postgres to .mcp.json, read the password from PGPASSWORD in my environment, don't "
                       "hardcode it. the package is @modelcontextprotocol/server-postgres and the db is app_dev on localhost:5432", "nm4")))
    readme = ("## MCP servers\n\nThis repo ships a `.mcp.json` with the servers we use. Before starting Claude Code:\n\n"
              "```sh\nexport BRAVE_API_KEY=<your key from https://api.search.brave.com/app/keys>\n"
              "export GITHUB_TOKEN=$(gh auth token)\n```\n\nTo add one for yourself only:\n\n"
              "```sh\nclaude mcp add brave -s user -e BRAVE_API_KEY=$BRAVE_API_KEY -- npx -y @modelcontextprotocol/server-brave-search\n```\n\n"
              "Never paste a token into `.mcp.json`: it is committed.\n")
    c.append(N(f, read_line(readme, "nm5", 41)))
    return c


def neg_ssh() -> list:
    f = "u15 neg: ssh configs, key listings and debug without secrets"
    c = []
    cfg = ("Host bastion\n  HostName bastion.acme.io\n  User jlee\n  IdentityFile ~/.ssh/id_ed25519_bastion\n  IdentitiesOnly yes\n"
           "  CertificateFile ~/.ssh/id_ed25519_bastion-cert.pub\n  # passphrase is in 1Password (item: \"bastion ssh key\")\n\n"
           "Host db-*\n  ProxyJump bastion\n  User ubuntu\n  IdentityFile ~/.ssh/acme-prod.pem\n  StrictHostKeyChecking accept-new\n")
    c.append(N(f, read_ev("/home/dev/.ssh/config", cfg, "ns1")))
    c.append(N(f, sh("ssh -G db-primary | grep -E '^(hostname|user|port|identityfile|proxyjump) '",
                     "user ubuntu\nhostname db-primary\nport 22\nproxyjump bastion\nidentityfile ~/.ssh/acme-prod.pem\n", "ns2")))
    fp = base64.b64encode(bytes.fromhex(sha("ns3", 64))).decode().rstrip("=")
    fp2 = base64.b64encode(bytes.fromhex(sha("ns3b", 64))).decode().rstrip("=")
    c.append(N(f, sh("ssh-keygen -lf ~/.ssh/id_ed25519.pub && ssh-add -l",
                     f"256 SHA256:{fp} jlee@laptop (ED25519)\n256 SHA256:{fp} jlee@laptop (ED25519)\n"
                     f"3072 SHA256:{fp2} /home/dev/.ssh/acme-prod.pem (RSA)\n", "ns3")))
    hk = base64.b64encode(bytes.fromhex(sha("ns4", 64))).decode().rstrip("=")
    dbg = ("OpenSSH_9.6p1 Ubuntu-3ubuntu13.5, OpenSSL 3.0.13 30 Jan 2024\ndebug1: Reading configuration data /home/dev/.ssh/config\n"
           "debug1: Connecting to bastion.acme.io [10.0.0.4] port 22.\ndebug1: Connection established.\n"
           f"debug1: Server host key: ssh-ed25519 SHA256:{hk}\n"
           "debug1: Host 'bastion.acme.io' is known and matches the ED25519 host key.\n"
           f"debug1: Will attempt key: /home/dev/.ssh/id_ed25519_bastion ED25519 SHA256:{fp} explicit agent\n"
           "debug1: Authentications that can continue: publickey\n"
           "debug1: Server accepts key: /home/dev/.ssh/id_ed25519_bastion ED25519 SHA256:" + fp + " explicit agent\n"
           "Authenticated to bastion.acme.io ([10.0.0.4]:22) using \"publickey\".\n")
    c.append(N(f, sh("ssh -v bastion true", "", "ns4", dbg)))
    salt = base64.b64encode(bytes.fromhex(sha("ns5s", 40))).decode()
    hsh = base64.b64encode(bytes.fromhex(sha("ns5h", 40))).decode()
    pub = "AAAAC3NzaC1lZDI1NTE5AAAAI" + base64.b64encode(bytes.fromhex(sha("ns5p", 64))).decode()[:43]
    kh = f"|1|{salt}|{hsh} ssh-ed25519 {pub}\ngithub.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl\n"
    c.append(N(f, read_line(kh, "ns5")))
    return c


def neg_windows() -> list:
    f = "u15 neg: windows environment commands without secret values"
    c = []
    c.append(N(f, sh("cmd.exe /c setx JAVA_HOME \"C:\\Program Files\\Eclipse Adoptium\\jdk-21.0.2.13-hotspot\"",
                     "\r\nSUCCESS: Specified value was saved.\r\n", "nw1")))
    c.append(N(f, sh("pwsh -NoProfile -Command '$env:ASPNETCORE_ENVIRONMENT = \"Development\"; "
                     "$env:OPENAI_API_KEY = (Get-Secret -Name OpenAIKey -AsPlainText); dotnet run --project src/Acme.Api'",
                     "Building...\ninfo: Microsoft.Hosting.Lifetime[14]\n      Now listening on: https://localhost:7043\n"
                     "info: Microsoft.Hosting.Lifetime[0]\n      Application started. Press Ctrl+C to shut down.\n"
                     "info: Microsoft.Hosting.Lifetime[0]\n      Hosting environment: Development\n", "nw2")))
    ps = ("param(\n    [Parameter(Mandatory)] [string] $Computer\n)\n\n"
          "$cred = Get-Credential -UserName 'CORP\\svc_deploy' -Message 'Deploy account password'\n"
          "# or, unattended: the vault holds it\n# $cred = Get-Secret -Vault AcmeVault -Name svc_deploy\n\n"
          "Invoke-Command -ComputerName $Computer -Credential $cred -ScriptBlock { Restart-WebAppPool -Name 'AcmeApi' }\n")
    c.append(N(f, read_ev("C:\\Users\\dev\\src\\acme\\deploy\\Restart-Api.ps1", ps, "nw3")))
    c.append(N(f, sh("pwsh -c \"Get-ChildItem Env: | Where-Object Name -like '*KEY*' | Select-Object -ExpandProperty Name\"",
                     "AZURE_KEYVAULT_URL\nOPENAI_API_KEY\nSTRIPE_PUBLISHABLE_KEY\nSSH_AUTH_SOCK_KEYFILE\n", "nw4")))
    c.append(N(f, sh("cmdkey /list", "\r\nCurrently stored credentials:\r\n\r\n    Target: LegacyGeneric:target=git:https://github.com\r\n"
                     "    Type: Generic \r\n    User: PersonalAccessToken\r\n    Local machine persistence\r\n    \r\n"
                     "    Target: Domain:target=fs01.corp.acme.io\r\n    Type: Domain Password\r\n    User: CORP\\jlee\r\n    \r\n", "nw5")))
    return c


def neg_cloud_init() -> list:
    f = "u15 neg: cloud-init and kickstart files with keys and locks"
    c = []
    pub = "AAAAC3NzaC1lZDI1NTE5AAAAI" + base64.b64encode(bytes.fromhex(sha("nc1", 64))).decode()[:43]
    ud = ("#cloud-config\nusers:\n  - name: ops\n    groups: [sudo]\n    sudo: ALL=(ALL) NOPASSWD:ALL\n    lock_passwd: true\n"
          f"    ssh_authorized_keys:\n      - ssh-ed25519 {pub} ops@acme\nssh_pwauth: false\n"
          "disable_root: true\npackages: [fail2ban, unattended-upgrades]\n")
    c.append(N(f, read_ev("/home/dev/infra/cloud-init/base.yaml", ud, "nc1")))
    ks = ("#version=RHEL9\ntext\nrootpw --lock\nuser --name=ops --groups=wheel --lock\n"
          f"sshkey --username=ops \"ssh-ed25519 {pub} ops@acme\"\nselinux --enforcing\nfirewall --enabled --ssh\nreboot\n")
    c.append(N(f, write_ev("/home/dev/infra/pxe/ks-minimal.cfg", ks, "nc2")))
    c.append(N(f, sh("cloud-init status --long", "status: done\nextended_status: done\nboot_status_code: enabled-by-generator\n"
                     "last_update: Sat, 14 Mar 2026 10:22:31 +0000\ndetail: DataSourceEc2Local\nerrors: []\nrecoverable_errors: {}\n", "nc3")))
    iid = "i-0" + tok("nc4", 16, HEX)
    c.append(N(f, sh("cloud-init query ds.meta_data | jq '{instance_id: .\"instance-id\", ami: .\"ami-id\", az: .placement.\"availability-zone\"}'",
                     json.dumps({"instance_id": iid, "ami": "ami-0" + tok("nc4a", 16, HEX), "az": "eu-west-1b"}, indent=2) + "\n", "nc4")))
    ud = ("#cloud-config\npackages: [awscli, jq]\nruncmd:\n"
          "  - export DB_PASSWORD=$(aws ssm get-parameter --name /prod/db/password --with-decryption --query Parameter.Value --output text)\n"
          "  - printf 'DB_PASSWORD=%s\\n' \"$DB_PASSWORD\" > /etc/app.env\n  - chmod 600 /etc/app.env\n  - systemctl restart app\n")
    c.append(N(f, read_line(ud, "nc5")))
    return c


def neg_task_defs() -> list:
    f = "u15 neg: task definitions with secrets as arn references"
    c = []
    acct = "".join(str(int(x, 16) % 10) for x in sha("acct15n", 12))
    td = json.dumps({"taskDefinition": {
        "family": "api", "revision": 43,
        "containerDefinitions": [{"name": "api",
                                  "image": f"{acct}.dkr.ecr.eu-west-1.amazonaws.com/api@sha256:{sha('nt1img', 64)}",
                                  "environment": [{"name": "NODE_ENV", "value": "production"}, {"name": "LOG_LEVEL", "value": "info"}],
                                  "secrets": [{"name": "STRIPE_SECRET_KEY",
                                               "valueFrom": f"arn:aws:secretsmanager:eu-west-1:{acct}:secret:prod/stripe-AbC123"},
                                              {"name": "DB_PASSWORD",
                                               "valueFrom": f"arn:aws:ssm:eu-west-1:{acct}:parameter/prod/db/password"}]}],
        "executionRoleArn": f"arn:aws:iam::{acct}:role/ecsTaskExecutionRole", "status": "ACTIVE"}}, indent=4)  # fmt: skip
    c.append(N(f, sh("aws ecs describe-task-definition --task-definition api:43", td + "\n", "nt1")))
    svc = ("apiVersion: serving.knative.dev/v1\nkind: Service\nmetadata:\n  name: billing\nspec:\n  template:\n    spec:\n"
           "      containers:\n      - image: europe-west1-docker.pkg.dev/acme-prod/apps/billing:1.4.0\n        env:\n"
           "        - name: SENDGRID_API_KEY\n          valueFrom:\n            secretKeyRef:\n              name: sendgrid-key\n"
           "              key: latest\n        - name: FROM_ADDRESS\n          value: billing@acme.io\n")
    c.append(N(f, read_ev("/home/dev/app/deploy/cloudrun/billing.yaml", svc, "nt2")))
    dep = json.dumps({"services": [{"serviceName": "api", "status": "ACTIVE", "desiredCount": 3, "runningCount": 3,
                                    "taskDefinition": f"arn:aws:ecs:eu-west-1:{acct}:task-definition/api:43",
                                    "deployments": [{"id": "ecs-svc/" + tok("nt3", 19, "0123456789"), "status": "PRIMARY",
                                                     "rolloutState": "COMPLETED", "createdAt": "2026-03-14T10:22:31.118000+00:00"}]}],
                      "failures": []}, indent=4)  # fmt: skip
    c.append(N(f, sh("aws ecs describe-services --cluster prod --services api", dep + "\n", "nt3")))
    yml = ("service: notify\nprovider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n"
           "    STRIPE_SECRET_KEY: ${ssm:/acme/prod/stripe-secret-key}\n    TWILIO_AUTH_TOKEN: ${env:TWILIO_AUTH_TOKEN}\n"
           "    SLACK_SIGNING_SECRET: ${param:slackSigningSecret}\n")
    c.append(N(f, write_ev("/home/dev/notify/serverless.yml", yml, "nt4")))
    api = tok("nt5", 10, LOWER36)
    outp = ("CloudFormation outputs from deployed stack\n-------------------------------------------------------------------------\n"
            "Outputs\n-------------------------------------------------------------------------\n"
            f"Key                 ApiUrl\nDescription         API Gateway endpoint URL for Prod stage\nValue               https://{api}.execute-api.eu-west-1.amazonaws.com/Prod/\n\n"
            f"Key                 ApiFunctionRole\nDescription         Implicit IAM Role created for the function\nValue               arn:aws:iam::{acct}:role/notify-api-prod-ApiFunctionRole-{tok('nt5r', 12, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}\n"
            "-------------------------------------------------------------------------\n\n"
            "Successfully created/updated stack - notify-api-prod in eu-west-1\n")
    c.append(N(f, out(outp, "nt5")))
    return c


def neg_edits() -> list:
    f = "u15 neg: scripted edits that insert references or placeholders"
    c = []
    c.append(N(f, sh("sed -i 's/^DB_PASSWORD=.*/DB_PASSWORD=${DB_PASSWORD:?required}/' .env.example && grep DB_ .env.example",
                     "DB_HOST=localhost\nDB_USER=app\nDB_PASSWORD=${DB_PASSWORD:?required}\n", "ne1")))
    c.append(N(f, sh("yq -i '.admin.existingSecret = \"grafana-admin\"' charts/grafana/values.yaml && yq '.admin' charts/grafana/values.yaml",
                     "existingSecret: grafana-admin\nuserKey: admin-user\npasswordKey: admin-password\n", "ne2")))
    c.append(N(f, sh("jq '.credentials.apiKey = env.ACME_API_KEY' config.template.json > config.json && jq 'del(.credentials)' config.json",
                     json.dumps({"region": "eu", "timeoutMs": 5000, "retries": 3}, indent=2) + "\n", "ne3")))
    c.append(N(f, sh("crudini --get /etc/app/app.ini database", "host\nport\nuser\npassword_file\nsslmode\n", "ne4")))
    c.append(N(f, sh("grep -rn 'changeme' --include='*.yaml' deploy/ | head",
                     "deploy/dev/postgres.yaml:14:        value: changeme  # dev only, replaced by a SealedSecret in staging/prod\n"
                     "deploy/dev/minio.yaml:22:      MINIO_ROOT_PASSWORD: changeme\n", "ne5")))
    return c


def neg_repl() -> list:
    f = "u15 neg: repl sessions printing ids, hashes and names"
    c = []
    c.append(N(f, sh("python3 -c \"import hashlib; print(hashlib.sha256(open('dist/app.tar.gz','rb').read()).hexdigest())\"",
                     sha("nr1", 64) + "\n", "nr1")))
    c.append(N(f, sh("python3 -c \"import os; print(sorted(k for k in os.environ if 'TOKEN' in k or 'KEY' in k))\"",
                     "['ANTHROPIC_API_KEY', 'GITHUB_TOKEN', 'NPM_TOKEN', 'STRIPE_PUBLISHABLE_KEY']\n", "nr2")))
    c.append(N(f, sh("node -e \"console.log(require('crypto').randomUUID())\"", uuid_of("nr3") + "\n", "nr3")))
    c.append(N(f, said(">> User.find(42).slice(:id, :email, :api_key_prefix, :api_key_digest)\n"
                       f"=> {{\"id\"=>42, \"email\"=>\"ana@example.com\", \"api_key_prefix\"=>\"ak_live_\", \"api_key_digest\"=>\"{sha('nr4', 64)}\"}}\n"
                       "why doesn't the digest match when I hash the key the client sends? we use SHA256 of the full key", "nr4")))
    c.append(N(f, sh("php artisan tinker --execute=\"dump(config('app.cipher'), config('session.driver'), config('hashing.driver'))\"",
                     "\"AES-256-CBC\" // vendor/psy/psysh/src/ExecutionClosure.php(40) : eval()'d code:1\n"
                     "\"redis\" // vendor/psy/psysh/src/ExecutionClosure.php(40) : eval()'d code:1\n"
                     "\"argon2id\" // vendor/psy/psysh/src/ExecutionClosure.php(40) : eval()'d code:1\n", "nr5")))
    return c


def neg_jobs() -> list:
    f = "u15 neg: worker and job logs with ids and digests"
    c = []
    active = ("-> celery@worker-1: OK\n"
              f"    * {{'id': '{uuid_of('nj1')}', 'name': 'app.tasks.rotate_api_keys', 'args': [1289, 'hourly'], 'kwargs': {{}}, "
              "'hostname': 'celery@worker-1', 'time_start': 1773483751.118, 'acknowledged': True, 'worker_pid': 14}\n")
    c.append(N(f, sh("celery -A app inspect active", active, "nj1")))
    jid = tok("nj2", 24, HEX)
    log = (f"2026-03-14T10:22:31.118Z pid=7 tid=2ofs class=RotateWebhookSecretsJob jid={jid} INFO: start\n"
           f"2026-03-14T10:22:31.604Z pid=7 tid=2ofs class=RotateWebhookSecretsJob jid={jid} elapsed=0.486 INFO: done\n")
    c.append(N(f, sh("tail -n 2 log/sidekiq.log", log, "nj2")))
    c.append(N(f, sh("docker compose logs worker --tail 3 --no-log-prefix",
                     f"[2026-03-14 10:22:31,118: INFO/MainProcess] Task app.tasks.rotate_api_keys[{uuid_of('nj3a')}] received\n"
                     f"[2026-03-14 10:22:31,530: INFO/ForkPoolWorker-2] Task app.tasks.rotate_api_keys[{uuid_of('nj3a')}] succeeded in 0.41s: "
                     "{'rotated': 12, 'failed': 0, 'revoked_prefixes': ['ak_live_7f', 'ak_live_c2']}\n", "nj3")))
    w = tok("nj4", 32, HEX)
    c.append(N(f, out(f"default      |\u2588\u2588\u2588\u2588 4\nemails       | 0\nhigh         | 0\n3 queues, 4 jobs total\n\n"
                      f"{w} idle: default, emails, high\n{tok('nj4b', 32, HEX)} busy: default\n2 workers, 3 queues\n\nUpdated: 2026-03-14 10:22:31.118\n", "nj4")))
    c.append(N(f, sh("kubectl -n prod logs job/db-migrate",
                     "Operations to perform:\n  Apply all migrations: accounts, admin, auth, billing, contenttypes, sessions\n"
                     "Running migrations:\n  Applying accounts.0042_hash_refresh_tokens... OK\n"
                     "  Applying accounts.0043_apikey_prefix_and_digest... OK\n  Applying billing.0017_webhook_secret_ref... OK\n", "nj5")))
    return c


def neg_redacted_logs() -> list:
    f = "u15 neg: structured logs with redacted fields"
    c = []
    lines = [{"level": 20, "time": 1773483751402, "reqId": "req-1b", "req": {"method": "POST", "url": "/api/v1/login",
                                                                            "headers": {"authorization": "[Redacted]", "cookie": "[Redacted]"}},
              "body": {"email": "maria.lopez@example.com", "password": "[Redacted]"}, "msg": "incoming request"},
             {"level": 30, "time": 1773483751561, "reqId": "req-1b", "res": {"statusCode": 401}, "responseTime": 158.2, "msg": "request completed"}]
    c.append(N(f, sh("kubectl -n prod logs deploy/api --since=10m | grep req-1b",
                     "\n".join(json.dumps(x, separators=(",", ":")) for x in lines) + "\n", "nl1")))
    log = ("Started POST \"/users/sign_in\" for 203.0.113.7 at 2026-03-14 10:22:31 +0000\n"
           "Processing by Users::SessionsController#create as HTML\n"
           "  Parameters: {\"authenticity_token\"=>\"[FILTERED]\", \"user\"=>{\"email\"=>\"ana@example.com\", \"password\"=>\"[FILTERED]\", "
           "\"remember_me\"=>\"0\"}, \"commit\"=>\"Log in\"}\nCompleted 401 Unauthorized in 212ms (ActiveRecord: 3.1ms | Allocations: 4210)\n")
    c.append(N(f, sh("grep -A3 'sign_in' log/production.log | tail -4", log, "nl2")))
    zap = json.dumps({"level": "debug", "ts": 1773483751.4021, "caller": "proxy/upstream.go:88", "msg": "forwarding",
                      "headers": {"Authorization": ["Bearer ***"], "X-Api-Key": ["***"], "X-Request-Id": [uuid_of("nl3")]}})
    c.append(N(f, out(zap + "\n", "nl3")))
    log = ("[2026-03-14 10:22:31] production.ERROR: Login failed {\"request\":{\"email\":\"k.sato@example.jp\",\"password\":\"********\","
           "\"_token\":\"********\"},\"exception\":\"[object] (Illuminate\\\\Validation\\\\ValidationException(code: 0))\"} \n")
    c.append(N(f, sh("tail -n 1 storage/logs/laravel.log", log, "nl4")))
    rid = tok("nl5", 32, HEX)
    acc = (f"203.0.113.7 - - [14/Mar/2026:10:22:31 +0000] \"GET /api/v1/items?page=2&sort=-created_at HTTP/2.0\" 200 5123 \"-\" "
           f"\"Mozilla/5.0 (X11; Linux x86_64) Firefox/124.0\" rt=0.041 req_id={rid}\n"
           f"203.0.113.7 - - [14/Mar/2026:10:22:32 +0000] \"GET /oauth/callback?code=[FILTERED]&state=[FILTERED] HTTP/2.0\" 302 0 \"-\" "
           f"\"Mozilla/5.0 (X11; Linux x86_64) Firefox/124.0\" rt=0.118 req_id={tok('nl5b', 32, HEX)}\n")
    c.append(N(f, sh("tail -n 2 /var/log/nginx/access.log", acc, "nl5")))
    return c


def neg_release_logs() -> list:
    f = "u15 neg: release pipeline logs with digests and commit shas"
    c = []
    head = sha("nrl1", 40)
    log = ("2026-03-14T10:22:31.1180000Z ##[group]Run actions/checkout@v4\n2026-03-14T10:22:31.1190000Z with:\n"
           "2026-03-14T10:22:31.1190000Z   repository: acme/api\n2026-03-14T10:22:31.1190000Z   token: ***\n"
           "2026-03-14T10:22:31.1200000Z ##[endgroup]\n"
           f"2026-03-14T10:22:32.4410000Z Checking out the ref\n2026-03-14T10:22:32.4520000Z HEAD is now at {head[:7]} Bump version to 1.4.0\n"
           f"2026-03-14T10:22:32.4600000Z [command]/usr/bin/git log -1 --format=%H\n2026-03-14T10:22:32.4610000Z {head}\n"
           "2026-03-14T10:23:58.0020000Z #14 pushing layers 2.1s done\n"
           f"2026-03-14T10:23:58.0030000Z #14 pushing manifest for ghcr.io/acme/api:1.4.0@sha256:{sha('nrl1d', 64)} 0.6s done\n"
           "2026-03-14T10:23:58.1000000Z   ACTIONS_RUNTIME_TOKEN: ***\n")
    c.append(N(f, sh("gh run view 8123450917 --log --job 22810345511 | cut -f3-", log, "nrl1")))
    integ = "sha512-" + base64.b64encode(bytes.fromhex(sha("nrl2", 64) + sha("nrl2b", 64))).decode()
    pub = ("npm notice\nnpm notice \U0001f4e6  @acme/sdk@2.3.0\nnpm notice Tarball Contents\nnpm notice 1.1kB LICENSE\n"
           "npm notice 3.4kB README.md\nnpm notice 42.7kB dist/index.js\nnpm notice Tarball Details\nnpm notice name: @acme/sdk\n"
           f"npm notice version: 2.3.0\nnpm notice filename: acme-sdk-2.3.0.tgz\nnpm notice package size: 14.2 kB\nnpm notice unpacked size: 47.2 kB\n"
           f"npm notice shasum: {sha('nrl2s', 40)}\nnpm notice integrity: {integ[:24]}[...]{integ[-12:]}\nnpm notice total files: 3\n"
           "npm notice Publishing to https://registry.npmjs.org/ with tag latest and public access\n+ @acme/sdk@2.3.0\n")
    c.append(N(f, sh("npm publish --access public", "", "nrl2", pub)))
    sums = "".join(f"{sha('nrl3' + a, 64)}  acme_1.4.0_{a}.tar.gz\n" for a in ("darwin_amd64", "darwin_arm64", "linux_amd64", "linux_arm64"))
    c.append(N(f, read_ev("/home/dev/acme/dist/checksums.txt", sums, "nrl3")))
    dg = sha("nrl4", 64)
    ver = (f"\nVerification for ghcr.io/acme/api@sha256:{dg} --\nThe following checks were performed on each of these signatures:\n"
           "  - The cosign claims were validated\n  - Existence of the claims in the transparency log was verified offline\n"
           "  - The code-signing certificate was verified using trusted certificate authority certificates\n\n"
           + json.dumps([{"critical": {"identity": {"docker-reference": "ghcr.io/acme/api"}, "image": {"docker-manifest-digest": f"sha256:{dg}"},
                                       "type": "cosign container image signature"},
                          "optional": {"Issuer": "https://token.actions.githubusercontent.com",
                                       "Subject": "https://github.com/acme/api/.github/workflows/release.yml@refs/tags/v1.4.0",
                                       "githubWorkflowSha": sha("nrl4w", 40)}}]) + "\n")
    c.append(N(f, sh("cosign verify ghcr.io/acme/api:1.4.0 --certificate-identity-regexp 'https://github.com/acme/.*' "
                     "--certificate-oidc-issuer https://token.actions.githubusercontent.com", ver, "nrl4")))
    lock = ("    \"node_modules/jose\": {\n      \"version\": \"5.9.6\",\n      \"resolved\": \"https://registry.npmjs.org/jose/-/jose-5.9.6.tgz\",\n"
            f"      \"integrity\": \"sha512-{base64.b64encode(bytes.fromhex(sha('nrl5a', 64) + sha('nrl5b', 64))).decode()}\",\n"
            "      \"license\": \"MIT\",\n      \"funding\": {\n        \"url\": \"https://github.com/sponsors/panva\"\n      }\n    },\n"
            "    \"node_modules/jsonwebtoken\": {\n      \"version\": \"9.0.2\",\n"
            "      \"resolved\": \"https://registry.npmjs.org/jsonwebtoken/-/jsonwebtoken-9.0.2.tgz\",\n"
            f"      \"integrity\": \"sha512-{base64.b64encode(bytes.fromhex(sha('nrl5c', 64) + sha('nrl5d', 64))).decode()}\",\n")
    c.append(N(f, read_line(lock, "nrl5", 4120)))
    return c


def neg_policies() -> list:
    f = "u15 neg: password policies and security docs in several languages"
    c = []
    doc = ("# Security\n\n## Passwords\n\n- At least 12 characters; no composition rules beyond that (NIST SP 800-63B).\n"
           "- Checked against the HIBP k-anonymity API on change; reject any breached password.\n"
           "- Stored with argon2id (m=19456, t=2, p=1).\n\n## Secrets in CI\n\n"
           "Never commit secrets. Reference them as `${{ secrets.NAME }}` in workflows; the names we use are `NPM_TOKEN`,\n"
           "`SENTRY_AUTH_TOKEN` and `DEPLOY_KEY`. Rotate every 90 days.\n")
    c.append(N(f, read_ev("/home/dev/app/SECURITY.md", doc, "np1")))
    c.append(N(f, said("Napisz walidator hasła w TypeScript: min. 12 znaków, jedna wielka litera, jedna cyfra i jeden znak specjalny "
                       "(np. ! @ # $). Hasła ze słownika typu 'Password1!' albo 'Qwerty123!' mają być odrzucane z komunikatem po polsku.", "np2")))
    c.append(N(f, said("Làm sao để lưu mật khẩu người dùng an toàn trong PostgreSQL? Tôi đang dùng bcrypt với cost 12, có nên chuyển "
                       "sang argon2id không, và cần migrate các hash cũ thế nào?", "np3")))
    tr = json.dumps({"auth": {"password_too_short": "Şifre en az 12 karakter olmalıdır",
                              "password_reset_sent": "Şifre sıfırlama bağlantısı e-posta adresinize gönderildi",
                              "password_mismatch": "Şifreler eşleşmiyor", "api_key_copied": "API anahtarı panoya kopyalandı",
                              "token_expired": "Oturum süreniz doldu, lütfen tekrar giriş yapın"}}, ensure_ascii=False, indent=2)
    c.append(N(f, write_ev("/home/dev/web/src/i18n/tr.json", tr, "np4")))
    c.append(N(f, said("ما هي أفضل طريقة لتدوير مفاتيح API في Kubernetes دون توقف الخدمة؟ نستخدم External Secrets مع AWS Secrets Manager "
                       "ونريد أن يقرأ التطبيق المفتاح الجديد دون إعادة تشغيل.", "np5")))
    return c


def neg_onboarding() -> list:
    f = "u15 neg: onboarding e-mails that point to a vault or reset link"
    c = []
    c.append(N(f, said("IT sent me this:\n\n> Hi Jonas, your account is ready. Username: jonas.weber\n"
                       "> To set your password, open the one-time link we sent you by SMS (valid for 24 hours).\n"
                       "> Shared credentials for your team are in the 1Password vault \"Team Platform\".\n\n"
                       "how do I make the op CLI give our docker-compose the staging DB password without writing it to disk?", "no1")))
    md = ("# Onboarding\n\n1. Ask in #it-help to be added to `platform-engineers`.\n2. Credentials for staging live in 1Password \u2192 "
          "Engineering \u2192 `staging-db`; use `op run --env-file=.env.op -- make dev`.\n3. Your VPN profile: https://vpn.acme.io "
          "(SSO, then MFA).\n4. Never paste a password into Slack or a ticket; share a 1Password link instead.\n")
    c.append(N(f, read_ev("/home/dev/app/docs/onboarding.md", md, "no2")))
    c.append(N(f, said("IT says my temporary password expired and told me to use the self-service portal at https://sso.acme.io/reset. "
                       "after I reset it, how do I update the git credential manager so it stops prompting?", "no3")))
    chk = ("## First week\n\n- [ ] Enable MFA (TOTP app or a security key)\n- [ ] Get added to the `platform-admins` group\n"
           "- [ ] Store your SSH key passphrase in your password manager, not in ~/.ssh/config\n"
           "- [ ] Read docs/security/secrets.md (how we use SOPS and External Secrets)\n")
    c.append(N(f, write_ev("/home/dev/app/docs/onboarding/checklist.md", chk, "no4")))
    c.append(N(f, said("קיבלתי מייל מה-IT עם קישור לאיפוס סיסמה. אחרי שאאפס, איך אני מגדיר את git כך שיזכור את הטוקן ב-keychain של macOS?", "no5")))
    return c


def neg_public_blobs() -> list:
    f = "u15 neg: data uris, public key blocks and integrity attributes"
    c = []
    sri = "sha384-" + base64.b64encode(bytes.fromhex(sha("nb1", 64) + sha("nb1b", 32))).decode()
    png = "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAA" + base64.b64encode(bytes.fromhex(sha("nb1p", 64) * 3)).decode()
    html = ("<!doctype html>\n<html lang=\"en\">\n<head>\n  <meta charset=\"utf-8\">\n"
            f"  <link rel=\"icon\" type=\"image/png\" href=\"data:image/png;base64,{png}\">\n"
            f"  <script src=\"https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/js/bootstrap.bundle.min.js\" integrity=\"{sri}\" crossorigin=\"anonymous\"></script>\n"
            "</head>\n")
    c.append(N(f, read_ev("/home/dev/site/index.html", html, "nb1")))
    body = base64.b64encode(bytes.fromhex("".join(sha(f"nb2{i}", 64) for i in range(6)))).decode()
    block = ("-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n" + "\n".join(body[i:i + 64] for i in range(0, len(body), 64))
             + "\n=" + tok("nb2c", 4, B62) + "\n-----END PGP PUBLIC KEY BLOCK-----\n")
    c.append(N(f, read_line("pub   ed25519 2025-01-10 [SC]\n      " + sha("nb2f", 40).upper() + "\nuid           Acme Releases <releases@acme.io>\n\n" + block, "nb2")))
    svg = base64.b64encode(b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 2l9 5v10l-9 5-9-5V7z" fill="#0b5"/></svg>').decode()
    c.append(N(f, write_ev("/home/dev/web/src/assets/logo.ts", f"export const LOGO_DATA_URI =\n  \"data:image/svg+xml;base64,{svg}\";\n", "nb3")))
    spki = base64.b64encode(bytes.fromhex("3059301306072a8648ce3d020106082a8648ce3d030107034200" + "04" + sha("nb4", 64) + sha("nb4b", 64))).decode()
    c.append(N(f, sh("openssl x509 -in certs/api.acme.io.pem -noout -pubkey",
                     "-----BEGIN PUBLIC KEY-----\n" + spki[:64] + "\n" + spki[64:] + "\n-----END PUBLIC KEY-----\n", "nb4")))
    st = ("Contact: mailto:security@acme.io\nExpires: 2027-03-01T00:00:00.000Z\nEncryption: https://acme.io/.well-known/pgp-key.txt\n"
          f"# Key fingerprint: {' '.join(sha('nb5', 40).upper()[i:i + 4] for i in range(0, 40, 4))}\n"
          "Preferred-Languages: en, de\nPolicy: https://acme.io/security/disclosure\n")
    c.append(N(f, read_ev("/home/dev/site/.well-known/security.txt", st, "nb5")))
    return c


def neg_jwt_meta() -> list:
    f = "u15 neg: jwt headers, algorithm settings and key ids"
    c = []
    hdr = base64.urlsafe_b64encode(json.dumps({"alg": "RS256", "kid": "2026-03-rotated", "typ": "JWT"}, separators=(",", ":")).encode()).decode().rstrip("=")
    c.append(N(f, said(f"what does this JWT header decode to? {hdr} - the kid doesn't match any key in our JWKS and I only have the header "
                       "from the error log (the rest was cut)", "nj1")))
    keys = "\n".join(json.dumps({"kid": k, "alg": "RS256", "use": "sig"}, indent=2) for k in ("2026-01-main", "2026-03-rotated"))
    c.append(N(f, sh("curl -s https://auth.acme.io/.well-known/jwks.json | jq '.keys[] | {kid, alg, use}'", keys + "\n", "nj2")))
    y = ("jwt:\n  algorithm: RS256\n  issuer: https://auth.acme.io/\n  audience: api://acme\n  key_id: 2026-03-rotated\n"
         "  public_key_path: /etc/acme/jwt/public.pem\n  private_key_path: ${JWT_PRIVATE_KEY_PATH}\n  access_ttl: 15m\n  refresh_ttl: 720h\n")
    c.append(N(f, read_ev("/home/dev/app/config/jwt.yaml", y, "nj3")))
    c.append(N(f, write_ev("/home/dev/app/tests/fixtures/jwt_header.json",
                           json.dumps({"alg": "ES256", "kid": uuid_of("nj4"), "typ": "JWT"}, indent=2) + "\n", "nj4")))
    c.append(N(f, sh("kubectl -n prod get secret jwt-signing -o jsonpath='{.metadata.annotations}' | jq .",
                     json.dumps({"reloader.stakater.com/match": "true", "acme.io/key-id": "2026-03-rotated",
                                 "acme.io/rotated-at": "2026-03-01T00:00:00Z"}, indent=2) + "\n", "nj5")))
    return c


def neg_join() -> list:
    f = "u15 neg: cluster join docs and ca hashes"
    c = []
    doc = ("## Adding a worker\n\nOn the control plane, create a token (it expires after 24h):\n\n"
           "```sh\nkubeadm token create --print-join-command\n```\n\nThen on the new node:\n\n"
           "```sh\nkubeadm join <control-plane-host>:6443 --token <token> \\\n    --discovery-token-ca-cert-hash sha256:<hash>\n```\n")
    c.append(N(f, read_ev("/home/dev/infra/docs/k8s-nodes.md", doc, "nk1")))
    exp = ("[check-expiration] Reading configuration from the cluster...\n\n"
           "CERTIFICATE                EXPIRES                  RESIDUAL TIME   CERTIFICATE AUTHORITY   EXTERNALLY MANAGED\n"
           "admin.conf                 Mar 14, 2027 10:22 UTC   364d            ca                      no\n"
           "apiserver                  Mar 14, 2027 10:22 UTC   364d            ca                      no\n"
           "apiserver-etcd-client      Mar 14, 2027 10:22 UTC   364d            etcd-ca                 no\n\n"
           "CERTIFICATE AUTHORITY   EXPIRES                  RESIDUAL TIME   EXTERNALLY MANAGED\n"
           "ca                      Mar 12, 2035 10:22 UTC   8y              no\n")
    c.append(N(f, sh("sudo kubeadm certs check-expiration", exp, "nk2")))
    c.append(N(f, sh("openssl x509 -pubkey -in /etc/kubernetes/pki/ca.crt | openssl rsa -pubin -outform der 2>/dev/null | "
                     "openssl dgst -sha256 -hex | sed 's/^.* //'", sha("nk3", 64) + "\n", "nk3")))
    nodes = ("NAME       STATUS   ROLES           AGE   VERSION   INTERNAL-IP   OS-IMAGE             KERNEL-VERSION     CONTAINER-RUNTIME\n"
             "cp-1       Ready    control-plane   41d   v1.31.2   10.0.0.10     Ubuntu 24.04.1 LTS   6.8.0-48-generic   containerd://1.7.22\n"
             "worker-1   Ready    <none>          41d   v1.31.2   10.0.0.21     Ubuntu 24.04.1 LTS   6.8.0-48-generic   containerd://1.7.22\n"
             "worker-2   Ready    <none>          3m    v1.31.2   10.0.0.22     Ubuntu 24.04.1 LTS   6.8.0-48-generic   containerd://1.7.22\n")
    c.append(N(f, sh("kubectl get nodes -o wide", nodes, "nk4")))
    c.append(N(f, said("the new pi won't join the k3s cluster. I used the token from /var/lib/rancher/k3s/server/node-token on the server "
                       "(K10... format) with K3S_URL=https://10.0.1.5:6443. agent logs say 'failed to get CA certs: x509: certificate "
                       "signed by unknown authority'. what's the usual cause?", "nk5")))
    return c


def negatives() -> list:
    return (neg_mcp() + neg_ssh() + neg_windows() + neg_cloud_init() + neg_task_defs() + neg_edits() + neg_repl()
            + neg_jobs() + neg_redacted_logs() + neg_release_logs() + neg_policies() + neg_onboarding()
            + neg_public_blobs() + neg_jwt_meta() + neg_join())


def cases() -> list:
    return positives() + negatives()
