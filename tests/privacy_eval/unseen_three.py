"""A third unseen part of the labelled privacy set (beside tests/privacy_eval/unseen.py and
unseen_two.py): 610 cases in 40 families, 282 positives (holding 303 labelled secrets) and 328
negatives, every one realistic, shaped as Claude Code sends them (a Bash call and its output, a
prompt, a Read's numbered lines or its hook event, a Write or an Edit, an assistant's tool call,
a tool's result in the transcript).

Written blind on 2026-11-30 by an author who read neither the filter (store/privacy/) nor its
tests, its docs, the bench's code nor any listing of its misses and false redactions, and who
looked only at the family NAMES of the other parts, to write themes none of them has: Claude
Code's own settings and MCP server definitions, embedded builds (PlatformIO, ESP-IDF, LoRaWAN,
MQTT), installers (cloud-init, kickstart, preseed, unattend), BMC consoles, streaming ingest,
trading bots, bioinformatics pipelines, science data portals, map, mail, payment, on-call,
Atlassian, Shopify, Salesforce, Supabase, Elasticsearch, Kafka Connect, Databricks/Snowflake,
GCS and Azure signed links, BitLocker/FileVault recovery keys, homelab tools, Matrix and
Mastodon, game backends, devcontainers, seed scripts, Prisma/Drizzle, Microsoft 365 admin,
Laravel, fastlane, OCR of screenshots, forwarded e-mails, wiki pages and meeting notes, and
prompts in Czech, Slovak, Croatian, Bulgarian, Georgian, Armenian, Kazakh, Uzbek, Brazilian
Portuguese and Latin American Spanish.  Positives hold what people paste (passwords they chose,
provider keys and tokens in their real shapes, connection strings, a presigned link's
signature, private keys, recovery keys); negatives are what sits beside them (ids, digests,
public and publishable keys, masked values, references to a secret by name, placeholders and
fixtures fake by design).

It is never tuned on: no rule of the filter may be made for any of its cases, nobody who fixes
the filter may read them, and it is listed nowhere (no import in dev.py).  A case changes only
to fix a labelling error, said so where it is changed.  Its figures are measured by the lead
(before and after a round of filter changes) and added here by them.

Measured by the lead (ptools' measure_part.py, totals only) on main at f53818a, before the round:
    filter:   caught 83.7 % (236/282 cases); false 12.1 % (49/404 redactions)
    baseline: caught 24.5 % (69/282); false 32.8 % (59/180 redactions)
and after the round (main at d3122c2, the bench's totals): unchanged, 83.7 % (236/282),
12.1 % (49/404): the round's fixes, made on another blind part, reached none of its cases.

Values are made at run time from fixed seeds, so the set is the same on every run and secret
scanners do not flag this file.
"""

from __future__ import annotations

import base64
import hashlib
import json
from urllib.parse import quote

from tests.privacy_eval import (
    ALNUM,
    B32,
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
    tool_use_id,
    uuid_of,
)

# People's own passwords, chosen for this part only (memorable, with symbols; none holds a
# quote or a backslash, so a JSON carrier keeps each one verbatim).
PEOPLE = [
    "Marmot!Harbor52",
    "velvet#Orchid19",
    "Tundra7$Lantern",
    "Pickle_Saxophone88",
    "Bramble&Comet41",
    "Sardine-Violin3!",
    "Glacier+Tulip26",
    "mango.Thunder70",
    "Otter@Quarry95",
    "Saffron!Kayak18",
    "Nimbus*Pretzel44",
    "Lagoon#Cactus07",
    "Puffin^Granite63",
    "cobble:Nectar29",
    "Walrus=Meadow81",
    "Jasmine!Turbo2024",
]
URLSAFE = ALNUM + "-_"
B64 = ALNUM + "+/"
LOWER = "abcdefghijklmnopqrstuvwxyz"
LOWNUM = LOWER + "0123456789"
UPNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
DIGITS = "0123456789"


def person(i: int) -> str:
    return PEOPLE[i % len(PEOPLE)]


def s(seed: str, n: int = 32, alphabet: str = ALNUM) -> str:
    return gen("b18" + seed, n, alphabet)


def rs(seed: str, n: int = 24) -> str:
    return random_secret("b18" + seed, n)


def hx(seed: str, n: int = 32) -> str:
    return gen("b18" + seed, n, HEX)


def raw(seed: str, n: int) -> bytes:
    out, k = b"", 0
    while len(out) < n:
        out += hashlib.sha256(f"b18raw{seed}:{k}".encode()).digest()
        k += 1
    return out[:n]


def b64raw(seed: str, n: int) -> str:
    return base64.b64encode(raw(seed, n)).decode()


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def jwt(seed: str, payload: dict) -> str:
    head = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    body = b64url(json.dumps(payload, separators=(",", ":")).encode())
    return f"{head}.{body}.{b64url(raw(seed, 32))}"


def digits(seed: str, n: int) -> str:
    return gen("b18" + seed, n, DIGITS)


def _tool(seed: str, tool: str, tool_input: dict, response: object) -> dict:
    sid = uuid_of("s18" + seed)
    return {
        "session_id": sid,
        "transcript_path": f"/home/dev/.claude/projects/-home-dev-app/{sid}.jsonl",
        "cwd": "/home/dev/app",
        "prompt_id": uuid_of("p18" + seed),
        "permission_mode": "acceptEdits",
        "hook_event_name": "PostToolUse",
        "tool_name": tool,
        "tool_input": tool_input,
        "tool_response": response,
        "tool_use_id": tool_use_id("b18" + seed),
    }


def sh(cmd: str, out: str, seed: str, err: str = "") -> dict:
    """A Bash call and what it printed."""
    return bash_event(cmd, out, "b18" + seed, err)


def ask(text: str, seed: str) -> dict:
    """A prompt the person typed or pasted."""
    return prompt_event(text, "b18" + seed)


def read(text: str, seed: str, start: int = 1) -> dict:
    """A Read's result as the transcript holds it: numbered lines."""
    return result_line("b18" + seed, numbered(text, start))


def read_event(path: str, text: str, seed: str) -> dict:
    """A Read as the PostToolUse hook gets it."""
    n = text.count("\n") + 1
    return _tool(seed, "Read", {"file_path": path},
                 {"type": "text", "file": {"filePath": path, "content": text, "numLines": n,
                                           "startLine": 1, "totalLines": n}})  # fmt: skip


def write(path: str, text: str, seed: str) -> dict:
    return _tool(seed, "Write", {"file_path": path, "content": text},
                 {"type": "create", "filePath": path, "content": text})  # fmt: skip


def edit(path: str, old: str, new: str, seed: str) -> dict:
    return _tool(seed, "Edit", {"file_path": path, "old_string": old, "new_string": new, "replace_all": False},
                 {"filePath": path, "oldString": old, "newString": new, "originalFile": old + "\n",
                  "userModified": False, "replaceAll": False})  # fmt: skip


def call(tool: str, tool_input: dict, seed: str) -> dict:
    """A transcript line of the assistant calling a tool."""
    return assistant_line("b18" + seed, tool, tool_input)


def said(text: str, seed: str) -> dict:
    """A transcript line of a tool's result (a command's output)."""
    return result_line("b18" + seed, text)


def P(family: str, value: object, *secrets: str) -> Case:
    return Case(family, value, tuple(secrets), realistic=True)


def N(family: str, value: object) -> Case:
    return Case(family, value, (), realistic=True)


# ---------------------------------------------------------------- Claude Code's own configs


def mcp_servers() -> list:
    F = "b18: mcp server definitions with env"
    c = []
    for k in range(2):
        gh = "ghp_" + s(f"mcpgh{k}", 36)
        cfg = {"mcpServers": {
            "github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
                       "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": gh}},
            "filesystem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/dev/app"]}}}  # fmt: skip
        c.append(
            P(
                F,
                write("/home/dev/app/.mcp.json", json.dumps(cfg, indent=2) + "\n", f"mcp-w{k}"),
                gh,
            )
        )
    for k in range(2):
        pw = person(k)
        cmd = (f"claude mcp add pg-{['staging', 'reports'][k]} -s local -- npx -y @modelcontextprotocol/server-postgres "
               f"'postgresql://readonly:{pw}@10.20.{k}.14:5432/analytics'")  # fmt: skip
        out = f"Added stdio MCP server pg-{['staging', 'reports'][k]} with command: npx -y @modelcontextprotocol/server-postgres postgresql://readonly:{pw}@10.20.{k}.14:5432/analytics to local config\nFile modified: /home/dev/.claude.json [project: /home/dev/app]"
        c.append(P(F, sh(cmd, out, f"mcp-pg{k}"), pw))
    tok = "lin_api_" + s("mcplin", 40)
    c.append(P(F, sh(f'claude mcp add --transport http linear https://mcp.linear.app/mcp --header "Authorization: Bearer {tok}"',
                     "Added HTTP MCP server linear with URL: https://mcp.linear.app/mcp to local config\nHeaders: {\n  \"Authorization\": \"Bearer " + tok + "\"\n}\nFile modified: /home/dev/.claude.json [project: /home/dev/app]", "mcp-lin"), tok))  # fmt: skip
    brave = "BSA" + s("mcpbrave", 28)
    text = (
        '{\n  "mcpServers": {\n    "brave-search": {\n      "type": "stdio",\n      "command": "npx",\n      "args": ["-y", "@modelcontextprotocol/server-brave-search"],\n      "env": {\n        "BRAVE_API_KEY": "'
        + brave
        + '"\n      }\n    }\n  }\n}'
    )
    c.append(P(F, read(text, "mcp-brave"), brave))
    sentry = "sntryu_" + hx("mcpsentry", 64)
    c.append(P(F, ask("the sentry mcp server keeps saying 401, this is what I have in .mcp.json:\n\n"
                      '"sentry": { "command": "npx", "args": ["@sentry/mcp-server@latest", "--access-token=' + sentry + '", "--host=sentry.io"] }\n\n'
                      "did they change the token scopes?", "mcp-sentry"), sentry))  # fmt: skip
    # negatives
    for k in range(2):
        cfg = {"mcpServers": {
            "github": {"command": "docker", "args": ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN",
                                                     "ghcr.io/github/github-mcp-server@sha256:" + sha(f"mcpimg{k}", 64)],
                       "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_PAT}"}},
            "slack": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-slack"],
                      "env": {"SLACK_BOT_TOKEN": "${SLACK_BOT_TOKEN}", "SLACK_TEAM_ID": "T0" + s(f"team{k}", 8, UPNUM)}}}}  # fmt: skip
        c.append(
            N(F, write("/home/dev/app/.mcp.json", json.dumps(cfg, indent=2) + "\n", f"mcp-nw{k}"))
        )
    out = ("Checking MCP server health...\n\n"
           "github: docker run -i --rm -e GITHUB_PERSONAL_ACCESS_TOKEN ghcr.io/github/github-mcp-server - \u2713 Connected\n"
           "linear: https://mcp.linear.app/mcp (HTTP) - \u2713 Connected\n"
           "pg-staging: npx -y @modelcontextprotocol/server-postgres - \u2717 Failed to connect\n"
           "sentry: https://mcp.sentry.dev/mcp (HTTP) - \u26a0 Needs authentication")  # fmt: skip
    c.append(N(F, sh("claude mcp list", out, "mcp-list")))
    c.append(N(F, call("mcp__github__create_pull_request", {"owner": "acme", "repo": "billing-api", "title": "Rotate webhook secret via env",
                                                             "head": "chore/secret-from-env", "base": "main",
                                                             "body": "Reads WEBHOOK_SECRET from the environment instead of config/secrets.yml."}, "mcp-pr")))  # fmt: skip
    out = ("added 94 packages in 3s\n"
           "npm notice\n"
           f"{{\"name\":\"@modelcontextprotocol/server-github\",\"version\":\"2025.4.8\",\"integrity\":\"sha512-{b64raw('mcpint', 64)}\"}}")  # fmt: skip
    c.append(
        N(
            F,
            sh(
                "npm view @modelcontextprotocol/server-github --json dist.integrity && npm i -g @modelcontextprotocol/server-github",
                out,
                "mcp-int",
            ),
        )
    )
    c.append(N(F, ask("how do I pass the notion api key to the notion mcp server without putting it in .mcp.json? "
                      "I have it as NOTION_TOKEN in my shell already, and the key id in the integration page is "
                      + uuid_of("notionint") + " if that matters", "mcp-q")))  # fmt: skip
    text = ('{\n  "mcpServers": {\n    "context7": {\n      "type": "http",\n      "url": "https://mcp.context7.com/mcp",\n'
            '      "headers": { "CONTEXT7_API_KEY": "${CONTEXT7_API_KEY:-}" }\n    },\n    "playwright": {\n'
            '      "command": "npx",\n      "args": ["@playwright/mcp@0.0.41", "--isolated", "--storage-state=/tmp/state.json"]\n    }\n  }\n}')  # fmt: skip
    c.append(N(F, read(text, "mcp-nread")))
    return c


def claude_settings() -> list:
    F = "b18: claude code settings files"
    c = []
    for k in range(2):
        key = "sk-ant-api03-" + s(f"antk{k}", 93, URLSAFE) + "AA"
        text = json.dumps({"$schema": "https://json.schemastore.org/claude-code-settings.json",
                           "env": {"ANTHROPIC_API_KEY": key, "DISABLE_TELEMETRY": "1"},
                           "permissions": {"allow": ["Bash(npm run test:*)"], "deny": ["Read(./.env)"]}}, indent=2)  # fmt: skip
        c.append(
            P(
                F,
                [read, lambda t, sd: sh("cat ~/.claude/settings.json", t, sd)][k](
                    text, f"cs-env{k}"
                ),
                key,
            )
        )
    for k in range(2):
        tok = [
            "glpat-" + s("csglpat", 20, URLSAFE),
            "xoxb-" + digits("csx1", 12) + "-" + digits("csx2", 13) + "-" + s("csx3", 24),
        ][k]
        rule = [
            f'Bash(curl --header "PRIVATE-TOKEN: {tok}" https://gitlab.acme.io/api/v4/projects/412/pipelines:*)',
            f'Bash(curl -s -H "Authorization: Bearer {tok}" https://slack.com/api/conversations.history:*)',
        ][k]
        text = json.dumps(
            {
                "permissions": {
                    "allow": [
                        "Bash(git status:*)",
                        "Bash(git diff:*)",
                        rule,
                        "WebFetch(domain:docs.gitlab.com)",
                    ],
                    "deny": [],
                }
            },
            indent=2,
        )
        c.append(
            P(F, read_event("/home/dev/app/.claude/settings.local.json", text, f"cs-perm{k}"), tok)
        )
    pw = person(2)
    c.append(
        P(
            F,
            edit(
                "/home/dev/app/.claude/settings.json",
                '"env": {}',
                '"env": {\n    "PGPASSWORD": "' + pw + '",\n    "PGHOST": "localhost"\n  }',
                "cs-edit",
            ),
            pw,
        )
    )
    key = "sk-ant-api03-" + s("antprompt", 93, URLSAFE) + "AA"
    c.append(
        P(
            F,
            ask(
                f"set up claude code in the devcontainer so it uses our team key, it's {key} — put it wherever claude reads it from, not in git",
                "cs-ask",
            ),
            key,
        )
    )
    # negatives
    text = json.dumps({"apiKeyHelper": "~/.claude/bin/anthropic-key.sh", "model": "claude-sonnet-4-5-20250929",
                       "env": {"ANTHROPIC_BASE_URL": "https://llm-gw.acme.internal", "CLAUDE_CODE_USE_BEDROCK": "0",
                               "OTEL_EXPORTER_OTLP_HEADERS": "${OTEL_HEADERS}"},
                       "statusLine": {"type": "command", "command": "~/.claude/statusline.sh"}}, indent=2)  # fmt: skip
    c.append(N(F, read(text, "cs-n1")))
    text = json.dumps({"permissions": {"allow": ["Bash(npm run lint)", "Bash(gh pr view:*)", "mcp__github__get_issue"],
                                       "deny": ["Read(./.env)", "Read(./.env.*)", "Read(./secrets/**)", "Bash(cat ~/.aws/credentials)"],
                                       "additionalDirectories": ["../shared-config/"]}}, indent=2)  # fmt: skip
    c.append(N(F, write("/home/dev/app/.claude/settings.json", text, "cs-n2")))
    hooks = {"hooks": {"PreToolUse": [{"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "python3 .claude/hooks/block_secrets.py", "timeout": 10}]}],
                       "PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "~/.local/bin/memlane-hook"}]}]}}  # fmt: skip
    c.append(
        N(F, sh("jq .hooks .claude/settings.json", json.dumps(hooks["hooks"], indent=2), "cs-n3"))
    )
    script = ("#!/usr/bin/env bash\n# prints the key for claude code's apiKeyHelper; never echo it anywhere else\n"
              "set -euo pipefail\nexec op read \"op://Engineering/Anthropic team key/credential\"\n")  # fmt: skip
    c.append(N(F, write("/home/dev/.claude/bin/anthropic-key.sh", script, "cs-n4")))
    out = (" Claude Code v2.0.14\n\n Model: claude-sonnet-4-5-20250929\n API key: apiKeyHelper (~/.claude/bin/anthropic-key.sh)\n"
           f" Session: {uuid_of('csdoc')}\n Memory: /home/dev/app/CLAUDE.md, ~/.claude/CLAUDE.md\n MCP servers: github \u2713, linear \u2713")  # fmt: skip
    c.append(N(F, said(out, "cs-n5")))
    c.append(N(F, ask("why does claude code ask me to approve `Bash(git push:*)` every time even though settings.local.json has it in allow? "
                      "and where does it keep the oauth login, ~/.claude/.credentials.json? I don't want that synced by chezmoi", "cs-n6")))  # fmt: skip
    text = "# CLAUDE.md\n\n- Never print values of env vars matching *_KEY, *_TOKEN, *_SECRET.\n- Secrets live in Doppler (project `web`, config `dev`); run `doppler run -- npm run dev`.\n- Test user: see `tests/fixtures/users.json` (passwords there are `password123`-style fakes).\n"
    c.append(N(F, read(text, "cs-n7")))
    return c


# ---------------------------------------------------------------- embedded and devices


def platformio() -> list:
    F = "b18: platformio and esp-idf build configs"
    c = []
    for k in range(2):
        pw = person(3 + k)
        text = (f"[env:esp32dev]\nplatform = espressif32@6.9.0\nboard = esp32dev\nframework = arduino\nmonitor_speed = 115200\n"
                f"build_flags =\n    -DWIFI_SSID=\\\"Lab-2.4G\\\"\n    -DWIFI_PASS=\\\"{pw}\\\"\n    -DMQTT_HOST=\\\"10.0.0.20\\\"\n"
                "lib_deps =\n    knolleary/PubSubClient@^2.8\n    bblanchon/ArduinoJson@^7.2.0\n")  # fmt: skip
        c.append(
            P(
                F,
                [read, lambda t, sd: write("/home/dev/fw/platformio.ini", t, sd)][k](
                    text, f"pio{k}"
                ),
                pw,
            )
        )
    for k in range(2):
        pw = rs(f"idfwifi{k}", 16)
        text = ("#\n# Example Connection Configuration\n#\nCONFIG_EXAMPLE_CONNECT_WIFI=y\nCONFIG_EXAMPLE_WIFI_SSID=\"warehouse-iot\"\n"
                f"CONFIG_EXAMPLE_WIFI_PASSWORD=\"{pw}\"\nCONFIG_EXAMPLE_WIFI_CONN_MAX_RETRY=6\n# CONFIG_EXAMPLE_WIFI_AUTH_OPEN is not set\n"
                "CONFIG_EXAMPLE_WIFI_AUTH_WPA2_PSK=y\n")  # fmt: skip
        c.append(P(F, sh("grep -A8 'Example Connection' sdkconfig", text, f"idf{k}"), pw))
    pw = person(5)
    out = (f"I (512) wifi:mode : sta (24:0a:c4:1b:{k}2:8c)\nI (532) app: connecting to SSID=greenhouse-net PASS={pw}\n"
           "I (1432) wifi:connected with greenhouse-net, aid = 3, channel 6, BW20, bssid = 9c:53:22:4e:10:01\n"
           "I (2342) esp_netif_handlers: sta ip: 192.168.4.37, mask: 255.255.255.0, gw: 192.168.4.1")  # fmt: skip
    c.append(P(F, sh("idf.py -p /dev/ttyUSB0 monitor --no-reset | head -20", out, "idfmon"), pw))
    tok = rs("blynk", 32)
    c.append(
        P(
            F,
            write(
                "/home/dev/fw/src/secrets.h",
                f'#pragma once\n#define BLYNK_TEMPLATE_ID "TMPL4x{s("blt", 6)}"\n#define BLYNK_TEMPLATE_NAME "Greenhouse"\n#define BLYNK_AUTH_TOKEN "{tok}"\n',
                "blynk",
            ),
            tok,
        )
    )
    # negatives
    out = ("espefuse.py v4.8.1\nConnecting....\nEFUSE_NAME (Block) Description  = [Meaningful Value] [Readable/Writeable] (Hex Value)\n"
           "----------------------------------------------------------------------------------------\n"
           "Flash encryption fuses:\nFLASH_CRYPT_CNT (BLOCK0)  Flash encryption mode counter  = Enable R/W 0b0000001\n"
           "BLOCK1 (BLOCK1)           Flash encryption key\n   = ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? -/-\n"
           f"MAC (BLOCK0)              MAC address = 24:0a:c4:{hx('mac1', 2)}:{hx('mac2', 2)}:{hx('mac3', 2)} (CRC 0x{hx('crc', 2)} OK) R/W")  # fmt: skip
    c.append(N(F, sh("espefuse.py --port /dev/ttyUSB0 summary", out, "pio-n1")))
    out = ("Project build complete. To flash, run:\n idf.py flash\n"
           f"App \"greenhouse\" version: v1.4.2-3-g{sha('piover', 7)}\nCompile time:     Nov 29 2026 17:02:11\n"
           f"ELF file SHA256:  {sha('pioelf', 16)}...\nESP-IDF:          v5.3.1")  # fmt: skip
    c.append(N(F, sh("idf.py build 2>&1 | tail -6", out, "pio-n2")))
    text = ("[env:nucleo_f446re]\nplatform = ststm32\nboard = nucleo_f446re\nframework = stm32cube\nupload_protocol = stlink\n"
            "build_flags = -DWIFI_PASS=\\\"${sysenv.WIFI_PASS}\\\" -DFW_VERSION=\\\"1.8.0\\\"\n"
            "extra_scripts = pre:scripts/load_secrets.py\ncheck_tool = cppcheck\n")  # fmt: skip
    c.append(N(F, read(text, "pio-n3")))
    text = ("CONFIG_SECURE_BOOT=y\nCONFIG_SECURE_BOOT_V2_ENABLED=y\nCONFIG_SECURE_BOOT_SIGNING_KEY=\"secure_boot_signing_key.pem\"\n"
            "CONFIG_SECURE_FLASH_ENC_ENABLED=y\nCONFIG_SECURE_FLASH_ENCRYPTION_MODE_RELEASE=y\nCONFIG_NVS_ENCRYPTION=y\n"
            "CONFIG_ESP_WIFI_STATIC_RX_BUFFER_NUM=10\nCONFIG_ESP_WIFI_SOFTAP_SUPPORT=y\n")  # fmt: skip
    c.append(N(F, sh("grep -E 'SECURE|NVS_ENC|ESP_WIFI' sdkconfig", text, "pio-n4")))
    text = ('#pragma once\n// Copy to secrets.h and fill in. secrets.h is gitignored.\n#define WIFI_SSID "your-ssid"\n#define WIFI_PASS "your-wifi-password"\n'
            '#define BLYNK_AUTH_TOKEN "YourAuthToken"\n')  # fmt: skip
    c.append(N(F, write("/home/dev/fw/src/secrets.example.h", text, "pio-n5")))
    out = (f"Serial port /dev/ttyUSB0\nConnecting....\nChip is ESP32-D0WD-V3 (revision v3.1)\nMAC: 24:0a:c4:{hx('m2a', 2)}:{hx('m2b', 2)}:{hx('m2c', 2)}\n"
           "Wrote 912384 bytes (573211 compressed) at 0x00010000 in 13.4 seconds (effective 544.1 kbit/s)...\n"
           f"Hash of data verified.\nSHA digest in image updated: {sha('piodig', 64)}\nLeaving...\nHard resetting via RTS pin...")  # fmt: skip
    c.append(N(F, sh("pio run -t upload", out, "pio-n6")))
    c.append(N(F, ask("the ESP32 stores wifi creds in NVS namespace 'nvs.net80211' right? I want a factory reset button that wipes only that, "
                      "keep the device cert partition (label `esp_secure_cert`, offset 0xD000). how?", "pio-n7")))  # fmt: skip
    return c


def lorawan() -> list:
    F = "b18: lorawan and mqtt device provisioning"
    c = []
    for k in range(2):
        appkey = hx(f"appkey{k}", 32).upper()
        deveui = hx(f"deveui{k}", 16).upper()
        cmd = (f"ttn-lw-cli end-devices create soil-sensors soil-{k + 11:03d} --dev-eui {deveui} --join-eui 70B3D57ED0001A2B "
               f"--frequency-plan-id EU_863_870_TTN --lorawan-version 1.0.3 --lorawan-phy-version 1.0.3-a --root-keys.app-key.key {appkey}")  # fmt: skip
        out = json.dumps({"ids": {"device_id": f"soil-{k + 11:03d}", "application_ids": {"application_id": "soil-sensors"},
                                  "dev_eui": deveui, "join_eui": "70B3D57ED0001A2B"},
                          "created_at": "2026-11-28T09:14:02.118Z", "frequency_plan_id": "EU_863_870_TTN"}, indent=2)  # fmt: skip
        c.append(P(F, sh(cmd, out, f"lw{k}"), appkey))
    nwk, app = hx("nwks", 32).upper(), hx("apps", 32).upper()
    nwk = ", ".join("0x" + nwk[i : i + 2] for i in range(0, 32, 2))
    app = ", ".join("0x" + app[i : i + 2] for i in range(0, 32, 2))
    text = ("// ABP activation (LMIC)\nstatic const PROGMEM u1_t NWKSKEY[16] = { " + nwk + " };\n"
            "static const u1_t PROGMEM APPSKEY[16] = { " + app + " };\n"
            "static const u4_t DEVADDR = 0x260B" + hx("devaddr", 4).upper() + ";\n")  # fmt: skip
    c.append(P(F, read(text, "lw-abp"), nwk, app))
    for k in range(2):
        pw = person(6 + k)
        cmd = f"mosquitto_pub -h mqtt.plant.local -p 8883 --cafile ca.crt -u line{k + 3} -P '{pw}' -t 'plant/line{k + 3}/cmd' -m '{{\"op\":\"restart\"}}' -d"
        out = f"Client null sending CONNECT\nClient null received CONNACK (0)\nClient null sending PUBLISH (d0, q0, r0, m1, 'plant/line{k + 3}/cmd', ... (17 bytes))\nClient null sending DISCONNECT"
        c.append(P(F, sh(cmd, out, f"mq{k}"), pw))
    tok = "NNSXS." + s("ttnapi1", 39, UPNUM) + "." + s("ttnapi2", 52, UPNUM)
    c.append(
        P(
            F,
            ask(
                f"webhook from TTN to our backend fails. I created api key {tok} with rights RIGHT_APPLICATION_TRAFFIC_READ, do I need more?",
                "lw-ask",
            ),
            tok,
        )
    )
    # negatives
    for k in range(2):
        out = "\n".join(
            f"soil-{i:03d}  {hx(f'ndev{k}{i}', 16).upper()}  70B3D57ED0001A2B  2026-11-{10 + i}T08:00:00Z"
            for i in range(1, 6)
        )
        c.append(
            N(
                F,
                sh(
                    "ttn-lw-cli end-devices list soil-sensors --dev-eui --join-eui --created-at -o table",
                    "DEVICE ID JOIN EUI DEV EUI CREATED\n" + out,
                    f"lw-n{k}",
                ),
            )
        )
    text = ("# device registry export (no keys: root keys stay in the join server)\n"
            "device_id,dev_eui,join_eui,freq_plan,class\n" + "\n".join(f"tank-{i:02d},{hx(f'tank{i}', 16).upper()},0000000000000000,US_902_928_FSB_2,A" for i in range(1, 5)))  # fmt: skip
    c.append(N(F, read(text, "lw-n3")))
    out = ("1732801234: mosquitto version 2.0.18 running\n1732801240: New connection from 10.0.3.17:51022 on port 8883.\n"
           f"1732801240: New client connected from 10.0.3.17:51022 as line3-{hx('cid', 8)} (p2, c1, k60, u'line3').\n"
           "1732801301: Client line4-9a2c closed its connection.\n1732801302: Socket error on client <unknown>, disconnecting.")  # fmt: skip
    c.append(N(F, sh("journalctl -u mosquitto -n 5 -o cat", out, "lw-n4")))
    text = ("listener 8883\ncafile /etc/mosquitto/ca/ca.crt\ncertfile /etc/mosquitto/certs/server.crt\nkeyfile /etc/mosquitto/certs/server.key\n"
            "allow_anonymous false\npassword_file /etc/mosquitto/passwd\nacl_file /etc/mosquitto/acl\n")  # fmt: skip
    c.append(N(F, read(text, "lw-n5")))
    out = "".join(
        f"line{i}:$7$101${b64raw(f'mqsalt{i}', 12)}${b64raw(f'mqhash{i}', 64)}\n"
        for i in range(3, 6)
    )
    c.append(N(F, sh("sudo cat /etc/mosquitto/passwd", out, "lw-n6")))
    uplink = {"end_device_ids": {"device_id": "soil-011", "dev_eui": hx("deveui0", 16).upper(), "dev_addr": "260B" + hx("da", 4).upper()},
              "uplink_message": {"f_port": 2, "f_cnt": 4821, "frm_payload": b64raw("payload", 11), "decoded_payload": {"moisture": 31.4, "temp": 12.9},
                                 "rx_metadata": [{"gateway_ids": {"gateway_id": "rak-roof", "eui": "AC1F09FFFE0" + hx("gw", 5).upper()}, "rssi": -97, "snr": 7.25}],
                                 "session_key_id": b64raw("skid", 16)}}  # fmt: skip
    c.append(N(F, said(json.dumps(uplink), "lw-n7")))
    return c


# ---------------------------------------------------------------- provisioning and servers


def sha512crypt(seed: str) -> str:
    return "$6$" + s(seed + "salt", 16, ALNUM + "./") + "$" + s(seed + "hash", 86, ALNUM + "./")


def cloud_init() -> list:
    F = "b18: cloud-init user data"
    c = []
    for k in range(2):
        pw = person(8 + k)
        text = ("#cloud-config\nhostname: build-runner-0" + str(k + 1) + "\nusers:\n  - default\n  - name: deploy\n    groups: [sudo, docker]\n"
                "    shell: /bin/bash\n    lock_passwd: false\n    plain_text_passwd: '" + pw + "'\n"
                "    ssh_authorized_keys:\n      - ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + s(f"cipub{k}", 43, B64) + " deploy@ci\n"
                "package_update: true\npackages: [docker.io, jq]\n")  # fmt: skip
        c.append(
            P(
                F,
                [lambda t, sd: write("/home/dev/infra/cloud-init/runner.yaml", t, sd), read][k](
                    text, f"ci{k}"
                ),
                pw,
            )
        )
    for k in range(2):
        p1, p2 = person(10 + k), rs(f"chp{k}", 14)
        text = f"#cloud-config\nchpasswd:\n  expire: false\n  users:\n    - name: root\n      password: {p1}\n      type: text\n    - name: ubuntu\n      password: {p2}\n      type: text\nssh_pwauth: true\n"
        c.append(
            P(F, sh("sudo cat /var/lib/cloud/instance/user-data.txt", text, f"ci-chp{k}"), p1, p2)
        )
    tok = rs("k3stok", 48)
    text = ("#cloud-config\nruncmd:\n  - curl -sfL https://get.k3s.io | K3S_URL=https://10.1.0.10:6443 K3S_TOKEN=" + tok + " sh -\n"
            "  - systemctl enable --now k3s-agent\n")  # fmt: skip
    c.append(
        P(
            F,
            ask(
                "the worker never joins. user-data:\n```\n" + text + "```\nwhat am I missing?",
                "ci-k3s",
            ),
            tok,
        )
    )
    pw = person(12)
    out = (f"2026-11-29 08:01:13,442 - cc_set_passwords.py[DEBUG]: Changing password for ['ubuntu']:\n"
           f"2026-11-29 08:01:13,443 - subp.py[DEBUG]: Running command ['chpasswd'] with allowed return codes [0] (shell=False, capture=True)\n"
           f"2026-11-29 08:01:13,451 - util.py[WARNING]: Failed to set passwords with chpasswd for ubuntu:{pw}\n")  # fmt: skip
    c.append(P(F, sh("sudo grep -B1 -A1 chpasswd /var/log/cloud-init.log", out, "ci-log"), pw))
    # negatives
    for k in range(2):
        text = ("#cloud-config\nusers:\n  - name: ops\n    groups: wheel\n    lock_passwd: false\n"
                f"    passwd: {sha512crypt(f'ci-n{k}')}\n    ssh_authorized_keys:\n      - ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{s(f'cinpub{k}', 43, B64)} ops@laptop\n"
                "ssh_pwauth: false\ndisable_root: true\n")  # fmt: skip
        c.append(N(F, read(text, f"ci-n{k}")))
    out = "status: done\nextended_status: done\nboot_status_code: enabled-by-generator\nlast_update: Sat, 29 Nov 2026 08:01:20 +0000\ndetail: DataSourceEc2Local\nerrors: []\nrecoverable_errors: {}"
    c.append(N(F, sh("cloud-init status --long", out, "ci-n3")))
    out = json.dumps({"v1": {"instance_id": "i-0" + hx("iid", 16), "local_hostname": "ip-10-1-0-23", "region": "eu-west-1",
                             "availability_zone": "eu-west-1b", "cloud_name": "aws", "platform": "ec2", "machine": "x86_64"},
                      "merged_cfg": "redacted for non-root user", "sensitive_keys": ["merged_cfg", "security-credentials"]}, indent=1)  # fmt: skip
    c.append(N(F, sh("cloud-init query --all | head -30", out, "ci-n4")))
    text = ("#cloud-config\nwrite_files:\n  - path: /etc/app/env\n    permissions: '0600'\n    content: |\n      DB_HOST=10.1.0.5\n"
            "      DB_PASSWORD_FILE=/run/secrets/db\nruncmd:\n  - aws ssm get-parameter --name /prod/db/password --with-decryption --query Parameter.Value --output text > /run/secrets/db\n")  # fmt: skip
    c.append(N(F, write("/home/dev/infra/cloud-init/app.yaml", text, "ci-n5")))
    c.append(N(F, ask("cloud-init says `schema error: users.0: Additional properties are not allowed ('password' was unexpected)`. "
                      "I want to set the hashed password from `mkpasswd -m sha-512`, which key is it, passwd or hashed_passwd?", "ci-n6")))  # fmt: skip
    out = "\n".join(
        f"{hx(f'cistat{i}', 8)}  /var/lib/cloud/instances/i-0{hx('iid', 16)}/{n}"
        for i, n in enumerate(["user-data.txt", "vendor-data.txt", "datasource", "obj.pkl"])
    )
    c.append(N(F, sh("sudo cksum /var/lib/cloud/instance/* | awk '{print $1, $3}'", out, "ci-n7")))
    return c


def kickstart() -> list:
    F = "b18: kickstart and preseed installer files"
    c = []
    for k in range(2):
        root, user = person(13 + k), rs(f"ksuser{k}", 16)
        text = ("#version=RHEL9\ntext\nlang en_US.UTF-8\nkeyboard us\ntimezone Europe/Berlin --utc\nnetwork --bootproto=dhcp --device=link --activate\n"
                f"rootpw --plaintext {root}\nuser --name=ops --groups=wheel --password={user} --plaintext\n"
                "bootloader --location=mbr\nzerombr\nclearpart --all --initlabel\nautopart --type=lvm\n%packages\n@^minimal-environment\n%end\n")  # fmt: skip
        c.append(
            P(
                F,
                [read, lambda t, sd: write("/home/dev/pxe/ks/rhel9-worker.cfg", t, sd)][k](
                    text, f"ks{k}"
                ),
                root,
                user,
            )
        )
    for k in range(2):
        pw = person(15 + k)
        text = ("d-i debian-installer/locale string en_US.UTF-8\nd-i netcfg/get_hostname string node\nd-i passwd/root-login boolean false\n"
                "d-i passwd/user-fullname string Lab Admin\nd-i passwd/username string labadmin\n"
                f"d-i passwd/user-password password {pw}\nd-i passwd/user-password-again password {pw}\n"
                "d-i partman-auto/method string lvm\n")  # fmt: skip
        c.append(P(F, sh("grep -v '^#' preseed/bookworm.cfg | grep -v '^$'", text, f"ps{k}"), pw))
    pw = person(1)
    c.append(
        P(
            F,
            ask(
                f"kickstart stops at the user spoke. my line is `user --name=svc-backup --password={pw} --plaintext --groups=wheel,backup`"
                " — is the comma list wrong?",
                "ks-ask",
            ),
            pw,
        )
    )
    pw = rs("ksipmi", 14)
    text = (f"%post --log=/root/ks-post.log\nipmitool user set password 2 '{pw}'\nipmitool lan set 1 ipsrc dhcp\n"
            "dnf -y install tuned && tuned-adm profile throughput-performance\n%end\n")  # fmt: skip
    c.append(
        P(
            F,
            edit(
                "/home/dev/pxe/ks/rhel9-worker.cfg",
                "%post --log=/root/ks-post.log\n%end",
                text,
                "ks-post",
            ),
            pw,
        )
    )
    # negatives
    for k in range(2):
        text = (f"rootpw --iscrypted {sha512crypt(f'ksn{k}')}\nuser --name=ops --groups=wheel --iscrypted --password={sha512crypt(f'ksnu{k}')}\n"
                "sshkey --username=ops \"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + s(f"kspk{k}", 43, B64) + " ops@bastion\"\n"
                "selinux --enforcing\nfirewall --enabled --service=ssh\n")  # fmt: skip
        c.append(N(F, read(text, f"ks-n{k}")))
    text = (
        'rootpw --lock\nuser --name=ansible --groups=wheel --lock\nsshkey --username=ansible "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI'
        + s("kslock", 43, B64)
        + ' ansible@awx"\n'
    )
    c.append(N(F, write("/home/dev/pxe/ks/locked.cfg", text, "ks-n3")))
    out = ("Checking kickstart file rhel9-worker.cfg\n\nThe following problem occurred on line 14 of the kickstart file:\n\n"
           "Unknown command: rootpwd\n\nksvalidator: Wrong version RHEL8 for file with version RHEL9")  # fmt: skip
    c.append(N(F, sh("ksvalidator -v RHEL9 ks/rhel9-worker.cfg", out, "ks-n4")))
    text = ("#cloud-config\nautoinstall:\n  version: 1\n  identity:\n    hostname: edge-07\n    username: ubuntu\n"
            f"    password: \"{sha512crypt('autoinst')}\"\n  ssh:\n    install-server: true\n    allow-pw: false\n")  # fmt: skip
    c.append(N(F, read(text, "ks-n5")))
    out = "\n".join(
        f"{sha(f'isosum{i}', 64)}  {n}"
        for i, n in enumerate(
            [
                "rhel-9.5-x86_64-boot.iso",
                "debian-12.8.0-amd64-netinst.iso",
                "ubuntu-24.04.1-live-server-amd64.iso",
            ]
        )
    )
    c.append(N(F, sh("sha256sum /srv/pxe/iso/*.iso", out, "ks-n6")))
    c.append(N(F, ask("what's the preseed key to take the root password as a crypted hash instead of plain text? I have the output of "
                      "`mkpasswd -m sha-512` and want `d-i passwd/root-password-crypted`. also can I skip creating a normal user?", "ks-n7")))  # fmt: skip
    return c


def ipmi() -> list:
    F = "b18: ipmi and bmc consoles"
    c = []
    for k in range(3):
        pw = [person(2), rs("ipmi1", 12), person(9)][k]
        host = f"10.40.{k}.{21 + k}"
        cmd = [
            f"ipmitool -I lanplus -H {host} -U ADMIN -P '{pw}' chassis power status",
            f"ipmitool -I lanplus -H {host} -U root -P {pw} sol activate",
            f"ipmitool -H {host} -U admin -P '{pw}' sdr type Temperature",
        ][k]
        out = [
            "Chassis Power is on",
            "[SOL Session operational.  Use ~? for help]",
            "CPU Temp         | 01h | ok  |  3.1 | 48 degrees C",
        ][k]
        c.append(P(F, sh(cmd, out, f"ipmi{k}"), pw))
    pw = person(4)
    cmd = f"curl -sk -u root:'{pw}' https://10.40.3.11/redfish/v1/Systems/System.Embedded.1 | jq '.PowerState, .Model'"
    c.append(P(F, sh(cmd, '"On"\n"PowerEdge R750"', "redfish"), pw))
    pw = rs("racadm", 16)
    c.append(P(F, sh(f"racadm -r 10.40.3.12 -u root -p {pw} getsysinfo | head -8",
                     "RAC Information:\nRAC Date/Time           = Sat Nov 29 2026 09:12:44\nFirmware Version        = 7.10.50.00\nCurrent IP Address      = 10.40.3.12\n"
                     "System Information:\nSystem Model            = PowerEdge R750\nService Tag             = " + s("svctag", 7, UPNUM), "racadm"), pw))  # fmt: skip
    pw = person(6)
    text = ("bmc:\n  hosts:\n    - name: gpu-node-01\n      address: 10.40.5.11\n      username: ADMIN\n"
            f"      password: \"{pw}\"\n      driver: redfish\n    - name: gpu-node-02\n      address: 10.40.5.12\n      username: ADMIN\n      password: \"{pw}\"\n")  # fmt: skip
    c.append(P(F, read(text, "bmcyaml"), pw))
    pw = person(11)
    c.append(
        P(
            F,
            ask(
                f"supermicro BMC on 10.40.6.9 locks me out after the firmware update, the ADMIN password {pw} worked yesterday. "
                "is there a way to reset it from the host OS with ipmitool?",
                "ipmiask",
            ),
            pw,
        )
    )
    # negatives
    out = ("ID  Name             Callin  Link Auth  IPMI Msg   Channel Priv Limit\n1                    true    false      false      Unknown (0x00)\n"
           "2   ADMIN            false   false      true       ADMINISTRATOR\n3   monitor          true    true       true       USER")  # fmt: skip
    c.append(N(F, sh("ipmitool user list 1", out, "ipmi-n1")))
    out = (f"FRU Device Description : Builtin FRU Device (ID 0)\n Chassis Type          : Rack Mount Chassis\n Chassis Serial        : C{digits('chser', 13)}\n"
           f" Board Mfg Date        : Mon Mar  4 11:20:00 2024\n Board Serial          : {s('bser', 15, UPNUM)}\n Board Part Number     : X12DPi-NT6\n"
           f" Product Asset Tag     : DC2-R14-U22\n Product Serial        : S{digits('pser', 15)}")  # fmt: skip
    c.append(N(F, sh("ipmitool fru print 0", out, "ipmi-n2")))
    out = ("IP Address Source       : DHCP Address\nIP Address              : 10.40.0.21\nSubnet Mask             : 255.255.255.0\n"
           f"MAC Address             : 3c:ec:ef:{hx('bmac1', 2)}:{hx('bmac2', 2)}:{hx('bmac3', 2)}\nAuth Type Enable        : Callback : MD5\n"
           "Cipher Suite Priv Max   : XaaaXXaaaXaaaXX\nBad Password Threshold  : 3")  # fmt: skip
    c.append(N(F, sh("ipmitool lan print 1", out, "ipmi-n3")))
    c.append(N(F, sh("ipmitool -I lanplus -H 10.40.0.21 -U ADMIN -f /root/.ipmi_pass chassis bootdev pxe options=efiboot",
                     "Set Boot Device to pxe", "ipmi-n4")))  # fmt: skip
    out = json.dumps({"@odata.id": "/redfish/v1/AccountService/Accounts/2", "Id": "2", "UserName": "root", "Password": None,
                      "RoleId": "Administrator", "Enabled": True, "Locked": False,
                      "@odata.etag": "W/\"" + hx("etag", 32) + "\""}, indent=2)  # fmt: skip
    c.append(N(F, said(out, "ipmi-n5")))
    text = ("- name: set bmc password\n  community.general.ipmi_power:\n    name: \"{{ bmc_address }}\"\n    user: ADMIN\n"
            "    password: \"{{ vault_bmc_password }}\"\n    state: on\n")  # fmt: skip
    c.append(N(F, read(text, "ipmi-n6")))
    out = "SEL Record ID: 0042\n Record Type  : 02\n Timestamp    : 11/28/2026 23:41:07\n Sensor Type  : Session Audit\n Event        : Invalid Username or Password\n Event Data   : 0x02 (user ID 2)"
    c.append(N(F, sh("ipmitool sel get 0x0042", out, "ipmi-n7")))
    return c


# ---------------------------------------------------------------- media, trading, science


def streaming() -> list:
    F = "b18: streaming ingest keys in ffmpeg and obs"
    c = []
    for k in range(2):
        yt = "-".join(s(f"ytkey{k}{i}", 4, LOWNUM) for i in range(5))
        cmd = (f"ffmpeg -re -stream_loop -1 -i promo_{k}.mp4 -c:v libx264 -preset veryfast -b:v 4500k -maxrate 4500k -bufsize 9000k "
               f"-g 60 -c:a aac -b:a 160k -f flv rtmp://a.rtmp.youtube.com/live2/{yt}")  # fmt: skip
        out = ("Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'promo.mp4':\n  Duration: 00:02:14.03, start: 0.000000, bitrate: 5210 kb/s\n"
               f"Output #0, flv, to 'rtmp://a.rtmp.youtube.com/live2/{yt}':\nframe=  912 fps= 30 q=23.0 size=   17408kB time=00:00:30.36 bitrate=4697.2kbits/s speed=1.00x")  # fmt: skip
        c.append(P(F, sh(cmd, out, f"yt{k}"), yt))
    tw = "live_" + digits("twid", 9) + "_" + s("twkey", 30)
    settings = {
        "settings": {"bwtest": False, "key": tw, "server": "auto", "service": "Twitch"},
        "type": "rtmp_common",
    }
    c.append(
        P(
            F,
            sh(
                "cat ~/.config/obs-studio/basic/profiles/Untitled/service.json",
                json.dumps(settings),
                "obs",
            ),
            tw,
        )
    )
    mux = (
        hx("muxsk", 8)
        + "-"
        + hx("muxsk2", 4)
        + "-"
        + hx("muxsk3", 4)
        + "-"
        + hx("muxsk4", 4)
        + "-"
        + hx("muxsk5", 12)
    )
    out = json.dumps({"data": {"stream_key": mux, "status": "idle", "reconnect_window": 60,
                               "playback_ids": [{"policy": "public", "id": s("muxpb", 38)}],
                               "id": s("muxlsid", 38), "latency_mode": "standard"}}, indent=2)  # fmt: skip
    c.append(P(F, said(out, "mux"), mux))
    pw = person(3)
    c.append(
        P(
            F,
            ask(
                f"srt listener works locally but not through the NAT. I'm running `ffmpeg -i cam.ts -c copy -f mpegts 'srt://203.0.113.40:9000?mode=caller&passphrase={pw}&pbkeylen=16'` — is the passphrase length ok?",
                "srt",
            ),
            pw,
        )
    )
    ig = "IGLive" + s("igkey", 40)
    c.append(
        P(
            F,
            write(
                "/home/dev/stream/.env",
                f"RESTREAM_TARGETS=youtube,twitch\nINSTAGRAM_RTMPS_URL=rtmps://edgetee-upload-fra3-2.xx.fbcdn.net:443/rtmp/\nINSTAGRAM_STREAM_KEY={ig}\nOUTPUT_BITRATE=3500k\n",
                "ig",
            ),
            ig,
        )
    )
    # negatives
    for k in range(2):
        pb = s(f"npb{k}", 38)
        text = (f'<mux-player\n  playback-id="{pb}"\n  metadata-video-title="Quarterly all-hands"\n  stream-type="on-demand"\n'
                f'  thumbnail-time="42"\n></mux-player>\n<img src="https://image.mux.com/{pb}/thumbnail.webp?time=42" alt="">')  # fmt: skip
        c.append(
            N(
                F,
                [read, lambda t, sd: write("/home/dev/web/src/components/Replay.html", t, sd)][k](
                    text, f"st-n{k}"
                ),
            )
        )
    out = ("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:1842\n"
           + "".join(f"#EXTINF:6.006,\nseg_{hx(f'seg{i}', 12)}_{1842 + i}.ts\n" for i in range(4)))  # fmt: skip
    c.append(N(F, sh("curl -s https://cdn.example.tv/live/ch1/index.m3u8", out, "st-n3")))
    out = ('{\n  "streams": [\n    {\n      "index": 0,\n      "codec_name": "h264",\n      "profile": "High",\n      "width": 1920,\n      "height": 1080,\n'
           f'      "tags": {{ "handler_name": "VideoHandler", "vendor_id": "[0][0][0][0]", "encoder": "Lavc60.31.102 libx264" }},\n'
           f'      "extradata_hash": "CRC32:{hx("crc32", 8)}"\n    }}\n  ]\n}}')  # fmt: skip
    c.append(
        N(
            F,
            sh(
                "ffprobe -v quiet -print_format json -show_streams -show_data_hash CRC32 promo.mp4",
                out,
                "st-n4",
            ),
        )
    )
    c.append(N(F, sh("ffmpeg -re -i promo.mp4 -c copy -f flv \"rtmp://a.rtmp.youtube.com/live2/$YT_STREAM_KEY\"",
                     "[flv @ 0x55d1c2a4b280] Failed to update header with correct duration.\nframe= 4021 fps= 30 q=-1.0 Lsize=   77110kB time=00:02:14.03", "st-n5")))  # fmt: skip
    text = ("[Stream]\nService=Custom\nServer=rtmp://ingest.internal:1935/live\nKey=${OBS_KEY}\n[Output]\nMode=Advanced\nRecFormat2=mkv\n"
            "[Video]\nBaseCX=1920\nBaseCY=1080\nFPSCommon=30\n")  # fmt: skip
    c.append(N(F, read(text, "st-n6")))
    c.append(N(F, ask("how do I rotate the twitch stream key from the API instead of the dashboard? and does the old key keep "
                      "working until the current stream ends? broadcaster id is " + digits("bid", 9), "st-n7")))  # fmt: skip
    out = json.dumps({"data": [{"id": digits("vidid", 10), "stream_id": digits("strid", 11), "user_login": "acme_live", "title": "Patch notes 4.2",
                                "url": "https://www.twitch.tv/videos/" + digits("vidid", 10), "thumbnail_url": "https://static-cdn.jtvnw.net/cf_vods/" + hx("cfv", 20) + "/thumb/thumb0-%{width}x%{height}.jpg",
                                "duration": "2h14m3s", "muted_segments": None}]}, indent=2)  # fmt: skip
    c.append(N(F, said(out, "st-n8")))
    return c


def trading() -> list:
    F = "b18: trading bot exchange keys"
    c = []
    for k in range(2):
        key, sec = s(f"bnk{k}", 64), s(f"bns{k}", 64)
        text = (
            "exchange:\n  name: binance\n  "
            + f'key: "{key}"\n  secret: "{sec}"\n'
            + "  ccxt_config: {}\n  pair_whitelist:\n    - BTC/USDT\n    - ETH/USDT\n"
        )
        text = json.dumps({"max_open_trades": 3, "stake_currency": "USDT", "dry_run": False,
                           "exchange": {"name": "binance", "key": key, "secret": sec, "pair_whitelist": ["BTC/USDT", "ETH/USDT"]},
                           "telegram": {"enabled": False}}, indent=4) if k == 1 else text  # fmt: skip
        c.append(
            P(
                F,
                [read, lambda t, sd: write("/home/dev/bot/user_data/config.json", t, sd)][k](
                    text, f"bn{k}"
                ),
                key,
                sec,
            )
        )
    kr = b64raw("krakenpriv", 64)
    code = ("import ccxt\n\nkraken = ccxt.kraken({\n    'apiKey': '" + s("krakenkey", 56, B64) + "',\n    'secret': '" + kr + "',\n    'enableRateLimit': True,\n})\nprint(kraken.fetch_balance()['total'])\n")  # fmt: skip
    c.append(
        P(
            F,
            ask("this raises `EAPI:Invalid nonce` every few runs, why?\n\n" + code, "kraken"),
            "" + s("krakenkey", 56, B64),
            kr,
        )
    )
    pw = person(7)
    c.append(P(F, sh(f"OKX_API_KEY={uuid_of('okxkey')} OKX_SECRET={hx('okxsec', 32).upper()} OKX_PASSPHRASE='{pw}' python -m bot.okx --paper",
                     "2026-11-29 09:44:01 INFO  okx: connected (demo trading)\n2026-11-29 09:44:02 INFO  balance USDT=10000.00", "okx"),
                  hx("okxsec", 32).upper(), pw))  # fmt: skip
    sec = s("bybitsec", 36)
    c.append(
        P(
            F,
            edit("/home/dev/bot/.env", "BYBIT_API_SECRET=", "BYBIT_API_SECRET=" + sec, "bybit"),
            sec,
        )
    )
    mn = "0x" + hx("evmpk", 64)
    c.append(
        P(
            F,
            sh(
                "cat .env.local",
                f"RPC_URL=https://arb1.arbitrum.io/rpc\nCHAIN_ID=42161\nEXECUTOR_PRIVATE_KEY={mn}\nMAX_GAS_GWEI=0.5\n",
                "evm",
            ),
            mn,
        )
    )
    # negatives
    for k in range(2):
        out = json.dumps({"symbol": "BTCUSDT", "orderId": int(digits(f"oid{k}", 11)), "orderListId": -1,
                          "clientOrderId": "x-" + s(f"coid{k}", 22), "transactTime": 1732873441118 + k, "price": "0.00000000",
                          "origQty": "0.00150000", "executedQty": "0.00150000", "status": "FILLED", "type": "MARKET", "side": "BUY",
                          "fills": [{"price": "96512.01000000", "qty": "0.00150000", "commission": "0.00000150", "commissionAsset": "BTC", "tradeId": int(digits(f"tid{k}", 10))}]}, indent=2)  # fmt: skip
        c.append(N(F, said(out, f"tr-n{k}")))
    text = json.dumps({"exchange": {"name": "binance", "key": "", "secret": "", "pair_whitelist": ["BTC/USDT"]}, "dry_run": True,
                       "dry_run_wallet": 1000, "api_server": {"enabled": True, "listen_ip_address": "127.0.0.1", "jwt_secret_key": "somethingrandom",
                                                              "username": "freqtrader", "password": "SuperSecurePassword"}}, indent=4)  # fmt: skip
    c.append(N(F, read(text, "tr-n3")))
    out = ("Transaction Hash: 0x" + hx("txh", 64) + "\nStatus: Success\nBlock: 281774120\nFrom: 0x" + hx("from", 40) + "\nTo: 0x" + hx("to", 40)
           + "\nValue: 0 ETH\nGas Used: 148,221")  # fmt: skip
    c.append(N(F, sh("cast receipt 0x" + hx("txh", 64) + " --rpc-url $ARB_RPC", out, "tr-n4")))
    text = ("BINANCE_API_KEY=\nBINANCE_API_SECRET=\n# testnet keys come from https://testnet.binance.vision (Generate HMAC_SHA256 Key)\n"
            "BINANCE_TESTNET=true\nSYMBOLS=BTCUSDT,ETHUSDT\n")  # fmt: skip
    c.append(N(F, write("/home/dev/bot/.env.example", text, "tr-n5")))
    out = ("  Pair         Buys    Avg Profit %    Tot Profit USDT    Win  Draw  Loss\n"
           "  BTC/USDT       41            0.84            312.551     27     0    14\n  ETH/USDT       38            0.51            171.203     22     1    15\n"
           f"Backtest result caching: user_data/backtest_results/.last_result.json ({sha('bt', 10)})")  # fmt: skip
    c.append(
        N(
            F,
            sh(
                "freqtrade backtesting --strategy SampleStrategy --timerange 20260901-20261101",
                out,
                "tr-n6",
            ),
        )
    )
    c.append(N(F, ask("is it safe to give the bot's binance key only 'Enable Spot & Margin Trading' and no withdrawals, and restrict it to "
                      "our server ip 198.51.100.7? the api key label in binance is `freqtrade-prod`", "tr-n7")))  # fmt: skip
    text = (
        "from eth_account import Account\nacct = Account.from_key(os.environ['EXECUTOR_PRIVATE_KEY'])\nprint(acct.address)  # 0x"
        + hx("addr2", 40)
        + "\n"
    )
    c.append(N(F, read(text, "tr-n8")))
    return c


def nextflow() -> list:
    F = "b18: nextflow and snakemake pipelines"
    c = []
    for k in range(2):
        tok = "eyJ0aWQiOiA" + s(f"twtok{k}", 30) + "fQ==." + hx(f"twtok2{k}", 40)
        text = (f"params {{\n  reads = 's3://lab-seq/runs/2026-11/*_R{{1,2}}.fastq.gz'\n  genome = 'GRCh38'\n}}\n\n"
                f"tower {{\n  enabled = true\n  accessToken = '{tok}'\n  workspaceId = '{digits(f'wsid{k}', 15)}'\n}}\n\n"
                "process {\n  executor = 'awsbatch'\n  queue = 'spot-queue'\n}\n")  # fmt: skip
        c.append(
            P(F, [read, lambda t, sd: sh("cat nextflow.config", t, sd)][k](text, f"nf{k}"), tok)
        )
    pw = person(5)
    c.append(
        P(
            F,
            sh(
                f"nextflow secrets set LIMS_PASSWORD '{pw}' && nextflow secrets list",
                "LIMS_PASSWORD\nNCBI_API_KEY",
                "nfsec",
            ),
            pw,
        )
    )
    key = hx("ncbikey", 36)
    c.append(
        P(
            F,
            ask(
                f"snakemake rule for esearch keeps hitting 429. I export NCBI_API_KEY={key} in the profile, does the rule see it under slurm?",
                "ncbi",
            ),
            key,
        )
    )
    ak, sk = "AKIA" + s("nfak", 16, UPNUM), s("nfsk", 40, B64)
    text = f"[default]\naws_access_key_id = {ak}\naws_secret_access_key = {sk}\nregion = eu-central-1\n"
    c.append(
        P(
            F,
            sh("cat ~/.aws/credentials  # on the head node, for the nf-core run", text, "nfaws"),
            ak,
            sk,
        )
    )
    pw = person(0)
    text = ("rule fetch_lims:\n    output: 'meta/samples.tsv'\n    shell:\n"
            f"        \"curl -sf -u pipeline:{pw} https://lims.lab.local/api/export?run={{wildcards.run}} > {{output}}\"\n")  # fmt: skip
    c.append(P(F, write("/home/dev/pipe/workflow/rules/meta.smk", text, "smk"), pw))
    # negatives
    for k in range(2):
        out = (f"N E X T F L O W  ~  version 24.10.2\nLaunching `nf-core/rnaseq` [{['sick_pasteur', 'festering_bohr'][k]}] DSL2 - revision: {sha(f'nfrev{k}', 10)} [3.17.0]\n"
               f"executor >  awsbatch (142)\n[{hx(f'h1{k}', 2)}/{hx(f'h2{k}', 6)}] NFCORE_RNASEQ:RNASEQ:FASTQC (S{k + 1}_L001)  [100%] 24 of 24 \u2714\n"
               f"[{hx(f'h3{k}', 2)}/{hx(f'h4{k}', 6)}] NFCORE_RNASEQ:RNASEQ:STAR_ALIGN (S{k + 1})  [ 58%] 14 of 24\n"
               f"Session ID: {uuid_of(f'nfsess{k}')}\nWork dir: s3://lab-seq-work/{hx(f'h3{k}', 2)}/{hx(f'wd{k}', 30)}")  # fmt: skip
        c.append(
            N(
                F,
                sh(
                    "nextflow run nf-core/rnaseq -r 3.17.0 -profile awsbatch -resume",
                    out,
                    f"nf-n{k}",
                ),
            )
        )
    out = "\n".join(
        f"{hx(f'md5{i}{r}', 32)}  S{i}_L001_R{r}_001.fastq.gz" for i in range(1, 4) for r in (1, 2)
    )
    c.append(N(F, sh("md5sum raw/*.fastq.gz | tee raw/MD5SUMS", out, "nf-n3")))
    text = ("params {\n  lims_password = secrets.LIMS_PASSWORD\n  ncbi_api_key  = secrets.NCBI_API_KEY\n}\naws {\n  region = 'eu-central-1'\n"
            "  batch { cliPath = '/home/ec2-user/miniconda/bin/aws' }\n}\ntower { enabled = true; workspaceId = '" + digits("wsidn", 15) + "' }\n")  # fmt: skip
    c.append(N(F, read(text, "nf-n4")))
    out = ("Building DAG of jobs...\nUsing shell: /usr/bin/bash\nProvided cores: 32\nJob stats:\njob             count\n------------  -------\nalign              12\n"
           f"fetch_lims          1\nall                 1\ntotal              14\n\nSelect jobs to execute...\n[Sat Nov 29 10:02:41 2026]\nrule fetch_lims:\n    output: meta/samples.tsv\n    jobid: 3\n    reason: Missing output files\n    wildcards: run={hx('runid', 8)}")  # fmt: skip
    c.append(N(F, sh("snakemake --cores 32 -n", out, "nf-n5")))
    text = "\n".join(
        f"{i}\tS{i}\tGRCh38\t{sha(f'bam{i}', 64)}\t{digits(f'sz{i}', 10)}" for i in range(1, 5)
    )
    c.append(N(F, read("id\tsample\tref\tsha256\tbytes\n" + text, "nf-n6")))
    c.append(N(F, ask("in nf-core can I pass the tower access token via env instead of nextflow.config? I think it's TOWER_ACCESS_TOKEN but the docs "
                      "also mention `-with-tower`. workspace 'genomics-core'", "nf-n7")))  # fmt: skip
    return c


def science_portals() -> list:
    F = "b18: science data portal credentials"
    c = []
    for k in range(2):
        key = uuid_of(f"cds{k}")
        text = (
            f"url: https://cds.climate.copernicus.eu/api\nkey: {key}\n"
            if k
            else f"url: https://cds.climate.copernicus.eu/api/v2\nkey: {digits('cdsuid', 6)}:{key}\nverify: 0\n"
        )
        c.append(P(F, sh("cat ~/.cdsapirc", text, f"cds{k}"), key))
    for k in range(2):
        key = hx(f"kaggle{k}", 32)
        text = json.dumps({"username": ["mirela.d", "tkwon"][k], "key": key})
        c.append(
            P(
                F,
                [lambda t, sd: write("/home/dev/.kaggle/kaggle.json", t, sd), read][k](
                    text, f"kg{k}"
                ),
                key,
            )
        )
    hf = "hf_" + s("hftok", 34)
    c.append(P(F, sh(f"huggingface-cli login --token {hf} --add-to-git-credential",
                     "Token is valid (permission: read).\nYour token has been saved in your configured git credential helpers (store).\n"
                     "Your token has been saved to /home/dev/.cache/huggingface/token\nLogin successful", "hf"), hf))  # fmt: skip
    pw = person(10)
    text = f"machine urs.earthdata.nasa.gov\n    login mkowalski\n    password {pw}\n"
    c.append(
        P(
            F,
            ask(
                "earthaccess.login() fails with 401 even though ~/.netrc is:\n"
                + text
                + "permissions are 600. ideas?",
                "ed",
            ),
            pw,
        )
    )
    tok = s("zenodo", 60)
    c.append(P(F, sh(f"curl -s -H 'Authorization: Bearer {tok}' https://zenodo.org/api/deposit/depositions?size=2 | jq '.[].title'",
                     '"Soil moisture transects, Vltava basin 2024"\n"Replication package for Chapter 3"', "zen"), tok))  # fmt: skip
    # negatives
    for k in range(2):
        out = json.dumps({"product_type": ["reanalysis"], "variable": ["2m_temperature", "total_precipitation"], "year": ["2024"],
                          "month": [f"{m:02d}" for m in range(1, 13)], "area": [51.1, 12.0, 48.5, 18.9], "data_format": "netcdf"}, indent=1)  # fmt: skip
        text = (f"import cdsapi\n\nc = cdsapi.Client()  # reads ~/.cdsapirc\nreq = {out}\nc.retrieve('reanalysis-era5-single-levels', req).download('era5_{k}.nc')\n"
                f"# request id {uuid_of(f'cdsreq{k}')}, finished in 14 min\n")  # fmt: skip
        c.append(
            N(
                F,
                [read, lambda t, sd: write("/home/dev/climate/fetch_era5.py", t, sd)][k](
                    text, f"sp-n{k}"
                ),
            )
        )
    out = "user: mirela-d\norgs:  lab-hydro,ufal\nauth: token saved in /home/dev/.cache/huggingface/token (read)"
    c.append(N(F, sh("huggingface-cli whoami", out, "sp-n3")))
    out = (f"Downloading soil-moisture-2024.zip to data\n100%|\u2588\u2588\u2588\u2588\u2588\u2588| 412M/412M [00:21<00:00, 20.1MB/s]\n"
           f"sha256: {sha('kgzip', 64)}")  # fmt: skip
    c.append(
        N(
            F,
            sh(
                "kaggle datasets download -d mirelad/soil-moisture-2024 -p data && sha256sum data/*.zip | cut -d' ' -f1",
                out,
                "sp-n4",
            ),
        )
    )
    text = ("{\n \"metadata\": {\n  \"title\": \"Soil moisture transects\",\n  \"doi\": \"10.5281/zenodo." + digits("zdoi", 8) + "\",\n"
            "  \"creators\": [{\"name\": \"Dvorak, Mirela\", \"orcid\": \"0000-0002-" + digits("orc1", 4) + "-" + digits("orc2", 3) + "X\"}],\n"
            "  \"license\": \"cc-by-4.0\"\n },\n \"files\": [{\"key\": \"transects.csv\", \"checksum\": \"md5:" + hx("zmd5", 32) + "\"}]\n}")  # fmt: skip
    c.append(N(F, said(text, "sp-n5")))
    c.append(N(F, ask("earthaccess wants EARTHDATA_USERNAME and EARTHDATA_PASSWORD or a .netrc — which one wins if both are set? "
                      "I'd rather use the token from urs 'Generate Token' page, can it take that?", "sp-n6")))  # fmt: skip
    out = "\n".join(
        f"{sha(f'hfblob{i}', 64)}  {n}"
        for i, n in enumerate(["model.safetensors", "tokenizer.json", "config.json"])
    )
    c.append(
        N(
            F,
            sh(
                "ls ~/.cache/huggingface/hub/models--bert-base-uncased/blobs | head -3; sha256sum model.safetensors tokenizer.json config.json",
                out,
                "sp-n7",
            ),
        )
    )
    return c


def map_tokens() -> list:
    F = "b18: map provider tokens"
    c = []

    def mb(prefix: str, seed: str, user: str) -> str:
        return (
            prefix
            + "."
            + b64url(
                json.dumps(
                    {"u": user, "a": s(seed + "a", 25, LOWNUM)}, separators=(",", ":")
                ).encode()
            )
            + "."
            + s(seed + "sig", 22, URLSAFE)
        )

    for k in range(2):
        tok = mb("sk", f"mbsk{k}", ["geoteam", "hanaplan"][k])
        cmd = f"MAPBOX_ACCESS_TOKEN={tok} tilesets upload-source geoteam parcels-{2025 + k} parcels.geojson.ld"
        c.append(
            P(
                F,
                sh(
                    cmd,
                    '{"id": "mapbox://tileset-source/geoteam/parcels", "files": 1, "source_size": 48211932, "file_size": 48211932}',
                    f"mb{k}",
                ),
                tok,
            )
        )
    tok = mb("sk", "mbdl", "geoteam")
    c.append(
        P(
            F,
            read(
                f"org.gradle.jvmargs=-Xmx2048m\nandroid.useAndroidX=true\nMAPBOX_DOWNLOADS_TOKEN={tok}\n",
                "mbgr",
            ),
            tok,
        )
    )
    key = "AIza" + s("gmapsrv", 35, URLSAFE)
    c.append(
        P(
            F,
            edit(
                "/home/dev/api/.env",
                "GOOGLE_MAPS_SERVER_KEY=",
                f"GOOGLE_MAPS_SERVER_KEY={key}  # server-side geocoding, IP-restricted",
                "gm",
            ),
            key,
        )
    )
    key = hx("heremaps", 8) + s("here2", 35, URLSAFE)
    c.append(
        P(
            F,
            ask(
                f"HERE routing returns 401 'apiKey invalid'. request: https://router.hereapi.com/v8/routes?transportMode=truck&origin=50.08,14.42&destination=48.14,17.10&return=summary&apiKey={key}",
                "here",
            ),
            key,
        )
    )
    key = s("maptiler", 20)
    c.append(
        P(
            F,
            sh(
                "grep -rn MAPTILER_ .github/workflows/",
                f".github/workflows/tiles.yml:31:          MAPTILER_ADMIN_TOKEN: {key}  # TODO move to secrets",
                "mt",
            ),
            key,
        )
    )
    # negatives: public tokens and styles
    for k in range(2):
        pk = mb("pk", f"mbpk{k}", ["geoteam", "hanaplan"][k])
        text = (f"import mapboxgl from 'mapbox-gl';\n\n// public token, URL-restricted to *.geoteam.cz in the Mapbox account\nmapboxgl.accessToken = '{pk}';\n"
                "const map = new mapboxgl.Map({\n  container: 'map',\n  style: 'mapbox://styles/geoteam/" + s(f"style{k}", 25, LOWNUM) + "',\n  center: [14.42, 50.08],\n  zoom: 11,\n});\n")  # fmt: skip
        c.append(
            N(
                F,
                [read, lambda t, sd: write("/home/dev/web/src/map.ts", t, sd)][k](text, f"mp-n{k}"),
            )
        )
    out = json.dumps({"version": 8, "name": "Parcels light", "sources": {"parcels": {"type": "vector", "url": "mapbox://geoteam.parcels-2025"}},
                      "sprite": "mapbox://sprites/geoteam/" + s("sprite", 25, LOWNUM) + "/" + s("spritev", 25, LOWNUM),
                      "glyphs": "mapbox://fonts/geoteam/{fontstack}/{range}.pbf", "layers": []}, indent=1)  # fmt: skip
    c.append(N(F, said(out, "mp-n3")))
    out = json.dumps({"type": "FeatureCollection", "features": [{"type": "Feature", "id": int(digits(f"osm{i}", 9)),
                                                                  "properties": {"parcel_id": f"{digits(f'pid{i}', 6)}/{i}", "hash": hx(f'ph{i}', 16)},
                                                                  "geometry": {"type": "Point", "coordinates": [14.4 + i / 100, 50.0]}} for i in range(2)]})  # fmt: skip
    c.append(N(F, sh("head -c 600 parcels.geojson", out, "mp-n4")))
    text = "MAPBOX_ACCESS_TOKEN=pk.your-public-token\nMAPBOX_SECRET_TOKEN=sk.***\n# create secret tokens at account.mapbox.com/access-tokens with DOWNLOADS:READ\n"
    c.append(N(F, write("/home/dev/web/.env.example", text, "mp-n5")))
    out = (
        "Tileset ID: geoteam.parcels-2025\nJob ID: "
        + s("tjob", 25, LOWNUM)
        + "\nStage: success\nTilestats layers: 1\nFilesize: 211.4 MB\nRecipe checksum: "
        + sha("recipe", 32)
    )
    c.append(N(F, sh("tilesets job geoteam.parcels-2025 " + s("tjob", 25, LOWNUM), out, "mp-n6")))
    c.append(N(F, ask("our google maps js key is in the page source anyway (restricted to https://shop.example/*), the scanner flags it every week. "
                      "is an HTTP-referrer-restricted browser key fine to keep in index.html? project is 'shop-maps-prod'", "mp-n7")))  # fmt: skip
    text = '<script src="https://maps.googleapis.com/maps/api/js?callback=initMap&libraries=places&v=weekly&key=%VITE_GMAPS_BROWSER_KEY%" async defer></script>'
    c.append(N(F, read(text, "mp-n8")))
    return c


def sci_writing() -> list:
    F = "b18: scientific writing and bibliographies"
    c = []
    for k in range(2):
        tok = "olp_" + s(f"overleaf{k}", 36)
        cmd = f"git clone https://git:{tok}@git.overleaf.com/{hx(f'olproj{k}', 24)} thesis"
        out = "Cloning into 'thesis'...\nremote: Counting objects: 412, done\nReceiving objects: 100% (412/412), 18.22 MiB | 6.11 MiB/s, done."
        c.append(P(F, sh(cmd, out, f"ol{k}"), tok))
    tok = s("ads", 40)
    c.append(
        P(
            F,
            ask(
                f"write me a script to pull my ADS library into refs.bib. token is {tok}, library id is {s('adslib', 22, URLSAFE)}",
                "ads",
            ),
            tok,
        )
    )
    # negatives
    for k in range(3):
        bib = (f"@article{{novak{2023 + k}soil,\n  title   = {{Soil moisture dynamics in managed forests}},\n  author  = {{Nov\\'{{a}}k, Jan and Dvo\\v{{r}}\\'{{a}}k, Mirela}},\n"
               f"  journal = {{Hydrology and Earth System Sciences}},\n  year    = {{{2023 + k}}},\n  doi     = {{10.5194/hess-{24 + k}-{digits(f'doi{k}', 4)}-{2023 + k}}},\n"
               f"  eprint  = {{{2300 + k}.{digits(f'arx{k}', 5)}}},\n  archivePrefix = {{arXiv}},\n  note    = {{Data: \\url{{https://doi.org/10.5281/zenodo.{digits(f'zz{k}', 8)}}}}}\n}}\n")  # fmt: skip
        c.append(
            N(
                F,
                [
                    read,
                    lambda t, sd: write("/home/dev/thesis/refs.bib", t, sd),
                    lambda t, sd: sh("tail -12 refs.bib", t, sd),
                ][k](bib, f"sw-n{k}"),
            )
        )
    text = ("\\newcommand{\\gitcommit}{" + sha("texcommit", 40) + "}\n\\newcommand{\\dataset}{swh:1:dir:" + sha("swhid", 40) + "}\n"
            "\\section*{Reproducibility}\nAll figures were produced from commit \\texttt{\\gitcommit} (archived as \\texttt{\\dataset}).\n")  # fmt: skip
    c.append(N(F, read(text, "sw-n4")))
    out = ("This is LuaHBTeX, Version 1.18.0 (TeX Live 2024)\n(./thesis.tex\nLaTeX2e <2024-06-01> patch level 2\n"
           f"(./thesis.aux)\nOutput written on thesis.pdf (142 pages, 3818211 bytes).\nPDF ID: <{hx('pdfid', 32)}> <{hx('pdfid2', 32)}>")  # fmt: skip
    c.append(N(F, sh("latexmk -lualatex thesis.tex 2>&1 | tail -5", out, "sw-n5")))
    c.append(N(F, ask("zotero better-bibtex keeps regenerating citation keys like `novakSoilMoistureDynamics2024` — can I pin them? "
                      "my zotero user id is " + digits("zotuid", 7) + " and the group library is " + digits("zotgrp", 7), "sw-n6")))  # fmt: skip
    out = "\n".join(f"{hx(f'fig{i}', 32)}  figures/fig{i}.pdf" for i in range(1, 6))
    c.append(N(F, sh("md5sum figures/*.pdf", out, "sw-n7")))
    text = ("cff-version: 1.2.0\nmessage: If you use this software, please cite it.\ntitle: soilflux\nversion: 2.3.1\n"
            f"doi: 10.5281/zenodo.{digits('cffdoi', 8)}\ndate-released: 2026-10-02\nauthors:\n  - family-names: Dvořák\n    given-names: Mirela\n"
            f"    orcid: https://orcid.org/0000-0001-{digits('orc3', 4)}-{digits('orc4', 4)}\n")  # fmt: skip
    c.append(N(F, write("/home/dev/soilflux/CITATION.cff", text, "sw-n8")))
    return c


# ---------------------------------------------------------------- SaaS providers


def email_providers() -> list:
    F = "b18: transactional email provider keys"
    c = []
    for k in range(2):
        key = "SG." + s(f"sg1{k}", 22, URLSAFE) + "." + s(f"sg2{k}", 43, URLSAFE)
        cmd = ('curl -s --request POST --url https://api.sendgrid.com/v3/mail/send --header "Authorization: Bearer ' + key + '" '
               '--header "Content-Type: application/json" --data @test-mail.json -w "%{http_code}"')  # fmt: skip
        c.append(P(F, sh(cmd, "202", f"sg{k}"), key))
    key = hx("mg1", 32) + "-" + hx("mg2", 8) + "-" + hx("mg3", 8)
    c.append(
        P(
            F,
            read(
                f"MAIL_MAILER=mailgun\nMAILGUN_DOMAIN=mg.shop.example\nMAILGUN_SECRET={key}\nMAILGUN_ENDPOINT=api.eu.mailgun.net\n",
                "mg",
            ),
            key,
        )
    )
    tok = uuid_of("postmark")
    code = ("const postmark = require('postmark');\nconst client = new postmark.ServerClient('" + tok + "');\n\n"
            "await client.sendEmailWithTemplate({ From: 'noreply@shop.example', To: order.email, TemplateAlias: 'receipt', TemplateModel: order });\n")  # fmt: skip
    c.append(P(F, write("/home/dev/shop/src/mail.js", code, "pm"), tok))
    key = "re_" + s("resend1", 8) + "_" + s("resend2", 24)
    c.append(
        P(
            F,
            ask(
                f"resend gives me 403 'domain not verified' even though DNS is green. key is {key}, sending from hello@news.shop.example",
                "rs",
            ),
            key,
        )
    )
    pw = s("sesmtp", 44, B64)
    c.append(
        P(
            F,
            sh(
                "cat /etc/postfix/sasl_passwd",
                f"[email-smtp.eu-west-1.amazonaws.com]:587 AKIA{s('sesak', 16, UPNUM)}:{pw}\n",
                "ses",
            ),
            "AKIA" + s("sesak", 16, UPNUM),
            pw,
        )
    )
    # negatives
    for k in range(2):
        out = json.dumps(
            {
                "result": [
                    {"api_key_id": s(f"sgid{k}{i}", 22, URLSAFE), "name": n}
                    for i, n in enumerate(["prod-transactional", "ci-smoke", "marketing-sync"])
                ]
            },
            indent=2,
        )
        c.append(
            N(
                F,
                [
                    said,
                    lambda t, sd: sh(
                        'curl -s -H "Authorization: Bearer $SENDGRID_API_KEY" https://api.sendgrid.com/v3/api_keys',
                        t,
                        sd,
                    ),
                ][k](out, f"em-n{k}"),
            )
        )
    out = ("shop.example.\t300\tIN\tTXT\t\"v=spf1 include:mailgun.org include:sendgrid.net ~all\"\n"
           f"k1._domainkey.shop.example. 300 IN TXT \"k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ{s('dkim', 160, B64)}IDAQAB\"\n"
           "_dmarc.shop.example.\t300\tIN\tTXT\t\"v=DMARC1; p=quarantine; rua=mailto:dmarc@shop.example\"")  # fmt: skip
    c.append(
        N(
            F,
            sh(
                "dig +short TXT shop.example k1._domainkey.shop.example _dmarc.shop.example +noall +answer",
                out,
                "em-n3",
            ),
        )
    )
    out = json.dumps(
        {
            "To": "jana@example.org",
            "SubmittedAt": "2026-11-29T10:14:07.1855305Z",
            "MessageID": uuid_of("pmmsg"),
            "ErrorCode": 0,
            "Message": "OK",
        }
    )
    c.append(N(F, said(out, "em-n4")))
    text = ("Received: from o1.ptr2471.shop.example (o1.ptr2471.shop.example [149.72.14.9])\n"
            f"Message-ID: <{s('mid', 22, URLSAFE)}@geopod-ismtpd-4>\nX-SG-EID: {s('sgeid', 88, B64)}==\nX-Entity-ID: {s('sgent', 22, URLSAFE)}==\n"
            f"X-Mailgun-Variables: {{\"order_id\": \"{digits('oid', 8)}\"}}\nDKIM-Signature: v=1; a=rsa-sha256; d=shop.example; s=k1; bh={b64raw('bh', 32)}; b={b64raw('dkb', 128)}")  # fmt: skip
    c.append(
        N(F, ask("customers say our receipts land in spam, headers of one:\n" + text, "em-n5"))
    )
    text = "MAIL_MAILER=postmark\nPOSTMARK_TOKEN=${POSTMARK_SERVER_TOKEN}\nMAIL_FROM_ADDRESS=noreply@shop.example\n# webhook basic auth lives in Vault: kv/shop/postmark-webhook\n"
    c.append(N(F, write("/home/dev/shop/.env.production.example", text, "em-n6")))
    out = f"queued: {digits('q1', 3)}  delivered: 18211  bounced: 42  deferred: 7\nlast bounce: <{hx('bmsg', 24)}@mg.shop.example> 550 5.1.1 mailbox unavailable"
    c.append(N(F, sh("mailgun-stats --domain mg.shop.example --since 24h", out, "em-n7")))
    return c


def atlassian() -> list:
    F = "b18: jira and confluence automation scripts"
    c = []

    def atatt(seed: str) -> str:
        return "ATATT3xFfGF0" + s(seed, 170, URLSAFE) + "=" + s(seed + "t", 8, "0123456789ABCDEF")

    for k in range(2):
        tok = atatt(f"atl{k}")
        cmd = (f"curl -s -u ops-bot@acme.io:{tok} -H 'Accept: application/json' "
               f"'https://acme.atlassian.net/rest/api/3/search/jql?jql=project%3DOPS%20AND%20status%3D%22In%20Progress%22&fields=summary,assignee' | jq '.issues[].key'")  # fmt: skip
        c.append(P(F, sh(cmd, '"OPS-2291"\n"OPS-2304"\n"OPS-2310"', f"atl{k}"), tok))
    tok = atatt("atlpy")
    code = (f"from atlassian import Confluence\n\nconfluence = Confluence(\n    url='https://acme.atlassian.net/wiki',\n    username='docs-sync@acme.io',\n"
            f"    password='{tok}',\n    cloud=True,\n)\npage = confluence.get_page_by_title('ENG', 'Runbook: payments on-call')\n")  # fmt: skip
    c.append(P(F, read(code, "atlpy"), tok))
    pat = s("jirapat", 44, B64)
    c.append(
        P(
            F,
            write(
                "/home/dev/tools/jira-dc.env",
                f"JIRA_URL=https://jira.acme.internal\nJIRA_PAT={pat}\nJIRA_PROJECT=PLAT\n",
                "jpat",
            ),
            pat,
        )
    )
    pw = person(14)
    c.append(
        P(
            F,
            ask(
                f"jira-cli init keeps asking for the token for our server instance, it's basic auth with my LDAP login: user pkrause pass {pw}. "
                "how do I tell it --auth-type basic?",
                "jcli",
            ),
            pw,
        )
    )
    tok = atatt("bbk")
    c.append(
        P(
            F,
            edit(
                "/home/dev/tools/.netrc",
                "machine api.bitbucket.org",
                f"machine api.bitbucket.org\n  login ci-bot@acme.io\n  password {tok}",
                "bb",
            ),
            tok,
        )
    )
    # negatives
    for k in range(2):
        out = json.dumps({"issues": [{"id": digits(f"iid{k}{i}", 5), "key": f"OPS-{2291 + i}", "self": f"https://acme.atlassian.net/rest/api/3/issue/{digits(f'iid{k}{i}', 5)}",
                                      "fields": {"summary": ["Rotate API token for status page", "Jira token expiry alert", "Revoke old deploy key"][i],
                                                 "assignee": {"accountId": "712020:" + uuid_of(f"acc{k}{i}"), "displayName": "Petra Krause"}}} for i in range(3)],
                          "nextPageToken": b64url(raw(f"npt{k}", 40))}, indent=1)  # fmt: skip
        c.append(
            N(
                F,
                [
                    said,
                    lambda t, sd: sh(
                        "acli jira workitem search --jql 'project = OPS' --json", t, sd
                    ),
                ][k](out, f"at-n{k}"),
            )
        )
    code = ("import os\nfrom jira import JIRA\n\njira = JIRA(server='https://acme.atlassian.net',\n"
            "            basic_auth=(os.environ['JIRA_EMAIL'], os.environ['JIRA_API_TOKEN']))\nfor issue in jira.search_issues('labels = token-rotation'):\n    print(issue.key)\n")  # fmt: skip
    c.append(N(F, read(code, "at-n3")))
    text = ("OPS-2291 Rotate API token for status page\n\nSteps:\n1. Create new token at id.atlassian.com (label: statuspage-sync-2026-12)\n"
            "2. Put it in 1Password item 'Statuspage sync' (vault Platform)\n3. Update secret STATUSPAGE_TOKEN in GitHub env `prod`\n4. Revoke token labelled statuspage-sync-2026-06\n")  # fmt: skip
    c.append(
        N(
            F,
            ask(
                "turn this jira ticket into a checklist in the PR description:\n\n" + text, "at-n4"
            ),
        )
    )
    out = json.dumps({"webhooks": [{"id": int(digits("wh", 4)), "name": "deploy-notify", "url": "https://hooks.acme.io/jira/deploy", "events": ["jira:issue_updated"],
                                    "filters": {"issue-related-events-section": "project = OPS"}, "excludeBody": False}]}, indent=2)  # fmt: skip
    c.append(N(F, said(out, "at-n5")))
    out = (f"  \u2713 Configuration generated: /home/dev/.config/.jira/.config.yml\n  Server: https://acme.atlassian.net  Login: pkrause@acme.io  Auth: api_token (from JIRA_API_TOKEN)\n"
           f"  Project: OPS  Board: OPS board ({digits('board', 3)})")  # fmt: skip
    c.append(
        N(
            F,
            sh(
                "jira init --installation cloud --server https://acme.atlassian.net --login pkrause@acme.io --project OPS",
                out,
                "at-n6",
            ),
        )
    )
    c.append(N(F, ask("our confluence page 'Secrets inventory' lists every token by name, owner and expiry (no values). can you turn the table "
                      "into a CSV? columns: Name | Owner | Created | Expires | Stored in", "at-n7")))  # fmt: skip
    return c


def shopify() -> list:
    F = "b18: shopify app credentials"
    c = []
    for k in range(2):
        tok = "shpat_" + hx(f"shpat{k}", 32)
        cmd = (f"curl -s -X POST https://{['north-gear', 'olive-and-oak'][k]}.myshopify.com/admin/api/2025-10/graphql.json "
               f"-H 'X-Shopify-Access-Token: {tok}' -H 'Content-Type: application/json' -d '{{\"query\":\"{{ shop {{ name plan {{ displayName }} }} }}\"}}'")  # fmt: skip
        out = '{"data":{"shop":{"name":"North Gear","plan":{"displayName":"Shopify Plus"}}},"extensions":{"cost":{"requestedQueryCost":2}}}'
        c.append(P(F, sh(cmd, out, f"shp{k}"), tok))
    sec = "shpss_" + hx("shpss", 32)
    c.append(
        P(
            F,
            read(
                f"SHOPIFY_API_KEY={hx('shpclient', 32)}\nSHOPIFY_API_SECRET={sec}\nSCOPES=read_products,write_orders\nHOST=https://app.northgear.dev\n",
                "shpss",
            ),
            sec,
        )
    )
    tok = "shpca_" + hx("shpca", 32)
    c.append(
        P(
            F,
            ask(
                f"the custom app token {tok} worked until we reinstalled the app on the store; now 401 on /admin/api/2025-10/products.json. do tokens die on reinstall?",
                "shpca",
            ),
            tok,
        )
    )
    pw = person(4)
    c.append(P(F, sh("shopify theme dev --store olive-and-oak --store-password '" + pw + "'",
                     "\u256d\u2500 info \u2500\u2500\u2500\u2500\u2500\u2500\n\u2502  Preview your theme locally at http://127.0.0.1:9292\n\u2502  Customize this theme in the Theme Editor\n\u2570\u2500\u2500\u2500\u2500", "shpsp"), pw))  # fmt: skip
    tok = "shptka_" + hx("shptka", 32)
    c.append(P(F, write("/home/dev/theme/.github/workflows/deploy.yml",
                        "      - run: shopify theme push --store north-gear --allow-live --theme " + digits("thid", 12) + "\n        env:\n          SHOPIFY_CLI_THEME_TOKEN: " + tok + "\n", "shptk"), tok))  # fmt: skip
    # negatives
    for k in range(2):
        text = (f'# Learn more about configuring your app at https://shopify.dev/docs/apps/tools/cli/configuration\n\nclient_id = "{hx(f"clid{k}", 32)}"\n'
                f'name = "{["Gear Sync", "Oak Loyalty"][k]}"\nhandle = "{["gear-sync", "oak-loyalty"][k]}"\napplication_url = "https://app.northgear.dev"\nembedded = true\n\n'
                '[access_scopes]\nscopes = "read_products,write_orders"\n\n[webhooks]\napi_version = "2025-10"\n')  # fmt: skip
        c.append(
            N(
                F,
                [read, lambda t, sd: write("/home/dev/app/shopify.app.toml", t, sd)][k](
                    text, f"sh-n{k}"
                ),
            )
        )
    out = json.dumps({"data": {"products": {"edges": [{"node": {"id": f"gid://shopify/Product/{digits(f'pid{i}', 13)}", "handle": h,
                                                                "variants": {"nodes": [{"id": f"gid://shopify/ProductVariant/{digits(f'vid{i}', 14)}", "sku": f"NG-{digits(f'sku{i}', 5)}"}]}}}
                                                      for i, h in enumerate(["trail-pack-28l", "merino-beanie"])]}}}, indent=1)  # fmt: skip
    c.append(N(F, said(out, "sh-n3")))
    out = ("\u256d\u2500 success \u2500\u2500\u2500\u2500\n\u2502  New version released to users.\n\u2502  gear-sync-" + digits("ver", 2) + " [1]\n\u2570\u2500\u2500\u2500\u2500\n"
           f"Deployed extension: checkout-upsell ({uuid_of('ext')})")  # fmt: skip
    c.append(N(F, sh("shopify app deploy --force", out, "sh-n4")))
    code = ("import crypto from 'node:crypto';\n\nexport function verifyWebhook(rawBody: Buffer, hmacHeader: string): boolean {\n"
            "  const digest = crypto.createHmac('sha256', process.env.SHOPIFY_API_SECRET!).update(rawBody).digest('base64');\n"
            "  return crypto.timingSafeEqual(Buffer.from(digest), Buffer.from(hmacHeader));\n}\n")  # fmt: skip
    c.append(N(F, read(code, "sh-n5")))
    c.append(N(F, ask("shopify says our app's client secret was rotated, do I need to redeploy or just update SHOPIFY_API_SECRET in fly secrets? "
                      "the app's client id is " + hx("clid0", 32) + " (it's in shopify.app.toml anyway)", "sh-n6")))  # fmt: skip
    out = (f"2026-11-29T10:11:02Z POST /webhooks/orders/create 200 12ms shop=north-gear.myshopify.com topic=orders/create "
           f"webhook_id={uuid_of('whid')} triggered_at=2026-11-29T10:11:01.882Z api_version=2025-10")  # fmt: skip
    c.append(N(F, sh("fly logs -a gear-sync | grep webhooks | tail -1", out, "sh-n7")))
    return c


def salesforce() -> list:
    F = "b18: salesforce and sfdx auth"
    c = []
    for k in range(2):
        rt = "5Aep861" + s(f"sfrt{k}", 80, ALNUM + ".")
        url = f"force://PlatformCLI::{rt}@acme{['', '--uat.sandbox'][k]}.my.salesforce.com"
        c.append(P(F, [lambda t, sd, k=k: sh("sf org display --target-org " + ["prod", "uat"][k] + " --verbose --json | jq -r .result.sfdxAuthUrl", t, sd),
                       lambda t, sd: ask("CI can't log in with `sf org login sfdx-url --sfdx-url-stdin`, the secret SFDX_AUTH_URL is\n" + t + "\nwhy 'invalid_grant'?", sd)][k](url, f"sfa{k}"), rt))  # fmt: skip
    at = "00D" + s("orgid", 12) + "!" + s("sfat", 96, ALNUM + "._")
    out = ("=== Org Description\n KEY              VALUE\n Access Token     " + at + "\n Api Version      62.0\n Client Id        PlatformCLI\n"
           f" Connected Status Connected\n Id               00D{s('orgid', 12)}\n Instance Url     https://acme.my.salesforce.com\n Username         release@acme.com")  # fmt: skip
    c.append(P(F, sh("sf org display --target-org prod", out, "sfdisp"), at))
    pw, tok = person(6), s("sfsectok", 25)
    text = f"sfdc.endpoint=https://login.salesforce.com\nsfdc.username=integration@acme.com\nsfdc.password={pw}{tok}\nsfdc.loadBatchSize=200\nprocess.operation=upsert\n"
    c.append(P(F, read(text, "sfdl"), pw + tok))
    sec = hx("sfcs", 64).upper()
    c.append(
        P(
            F,
            write(
                "/home/dev/crm/.env",
                f"SF_LOGIN_URL=https://login.salesforce.com\nSF_CLIENT_ID=3MVG9{s('cid', 80, ALNUM + '._')}\nSF_CLIENT_SECRET={sec}\nSF_USERNAME=api@acme.com\n",
                "sfcc",
            ),
            sec,
        )
    )
    # negatives
    for k in range(2):
        out = (" \u250c\u2500\u2500\u2500\u2500\u2510\n \u2502    ALIAS   USERNAME                 ORG ID              CONNECTED STATUS \u2502\n"
               f" \u2502 \U0001F333 prod    release@acme.com         00D{s('orgid', 12)}     Connected \u2502\n"
               f" \u2502 \U0001F341 uat     release@acme.com.uat     00D{s(f'orgu{k}', 12)}     Connected \u2502\n"
               f" \u2502    scratch1 test-{s(f'scr{k}', 12, LOWNUM)}@example.com 00D{s(f'orgs{k}', 12)} Expires 2026-12-06 \u2502\n \u2514\u2500\u2500\u2500\u2500\u2518")  # fmt: skip
        c.append(N(F, sh("sf org list", out, f"sf-n{k}")))
    out = json.dumps({"totalSize": 2, "done": True, "records": [{"attributes": {"type": "Account", "url": f"/services/data/v62.0/sobjects/Account/001{s(f'acc{i}', 15)}"},
                                                                  "Id": "001" + s(f"acc{i}", 15), "Name": n} for i, n in enumerate(["Globex GmbH", "Initech s.r.o."])]}, indent=1)  # fmt: skip
    c.append(N(F, said(out, "sf-n3")))
    text = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<NamedCredential xmlns=\"http://soap.sforce.com/2006/04/metadata\">\n"
            "    <label>Billing API</label>\n    <namedCredentialType>SecuredEndpoint</namedCredentialType>\n"
            "    <namedCredentialParameters>\n        <parameterName>Url</parameterName>\n        <parameterType>Url</parameterType>\n"
            "        <parameterValue>https://billing.acme.io</parameterValue>\n    </namedCredentialParameters>\n"
            "    <namedCredentialParameters>\n        <externalCredential>BillingOAuth</externalCredential>\n        <parameterType>Authentication</parameterType>\n"
            "    </namedCredentialParameters>\n</NamedCredential>\n")  # fmt: skip
    c.append(N(F, read(text, "sf-n4")))
    out = (f"Deploy ID: 0Af{s('depid', 15)}\nStatus: Succeeded | \u2588\u2588\u2588\u2588 | 41/41 Components | 212/212 Tests\n"
           f"Test Run ID: 707{s('testrun', 15)}\nCode coverage: 83%")  # fmt: skip
    c.append(
        N(
            F,
            sh(
                "sf project deploy start --manifest manifest/package.xml --test-level RunLocalTests --wait 30",
                out,
                "sf-n5",
            ),
        )
    )
    c.append(N(F, ask("the integration user's password expired and Data Loader wants password+security token. where do I reset the security token? "
                      "user id 005" + s("uid", 15) + ", profile 'API Only'", "sf-n6")))  # fmt: skip
    text = '- name: Auth\n  run: echo "${{ secrets.SFDX_AUTH_URL }}" | sf org login sfdx-url --sfdx-url-stdin --alias prod --set-default\n'
    c.append(N(F, write("/home/dev/crm/.github/workflows/deploy.yml", text, "sf-n7")))
    return c


def oncall() -> list:
    F = "b18: on-call and alerting integration keys"
    c = []
    for k in range(2):
        rk = hx(f"pdrk{k}", 32)
        body = json.dumps({"routing_key": rk, "event_action": "trigger", "dedup_key": f"disk-{['db01', 'kafka3'][k]}",
                           "payload": {"summary": "Disk 92% on " + ["db01", "kafka3"][k], "source": ["db01", "kafka3"][k], "severity": "critical"}})  # fmt: skip
        cmd = f"curl -s -X POST https://events.pagerduty.com/v2/enqueue -H 'Content-Type: application/json' -d '{body}'"
        out = json.dumps(
            {
                "status": "success",
                "message": "Event processed",
                "dedup_key": f"disk-{['db01', 'kafka3'][k]}",
            }
        )
        c.append(P(F, sh(cmd, out, f"pd{k}"), rk))
    key = s("pdrest", 20, URLSAFE)
    c.append(
        P(
            F,
            read(
                f"[pagerduty]\napi_token = {key}\ndefault_from = oncall-bot@acme.io\nservice_ids = P{s('svc', 6, UPNUM)},P{s('svc2', 6, UPNUM)}\n",
                "pdrest",
            ),
            key,
        )
    )
    gk = uuid_of("opsgenie")
    c.append(
        P(
            F,
            ask(
                f"opsgenie heartbeat ping returns 'Could not authenticate'. I'm doing curl -X GET 'https://api.eu.opsgenie.com/v2/heartbeats/backup-nightly/ping' -H 'Authorization: GenieKey {gk}'",
                "og",
            ),
            gk,
        )
    )
    url = "https://events.pagerduty.com/integration/" + hx("pdint", 32) + "/enqueue"
    text = ("receivers:\n  - name: pagerduty-critical\n    pagerduty_configs:\n      - routing_key: " + hx("amrk", 32) + "\n        severity: critical\n"
            "  - name: slack\n    slack_configs:\n      - channel: '#alerts'\n        api_url_file: /etc/alertmanager/slack_url\n")  # fmt: skip
    c.append(
        P(F, write("/home/dev/infra/alertmanager/alertmanager.yml", text, "am"), hx("amrk", 32))
    )
    c.append(
        P(
            F,
            sh(
                "grep -rn enqueue grafana/provisioning/",
                f"grafana/provisioning/alerting/contact-points.yaml:14:          url: {url}",
                "pdurl",
            ),
            hx("pdint", 32),
        )
    )
    # negatives
    for k in range(2):
        out = json.dumps({"incident": {"id": "Q" + s(f"inc{k}", 13, UPNUM), "incident_number": int(digits(f"incn{k}", 5)), "title": "Disk 92% on db01",
                                       "status": "triggered", "incident_key": hx(f"ik{k}", 32),
                                       "service": {"id": "P" + s(f"svcn{k}", 6, UPNUM), "type": "service_reference", "summary": "Postgres prod"},
                                       "html_url": f"https://acme.pagerduty.com/incidents/Q{s(f'inc{k}', 13, UPNUM)}"}}, indent=1)  # fmt: skip
        c.append(
            N(
                F,
                [
                    said,
                    lambda t, sd: sh("pd incident list --statuses triggered -j | head -20", t, sd),
                ][k](out, f"oc-n{k}"),
            )
        )
    text = ("receivers:\n  - name: pagerduty-critical\n    pagerduty_configs:\n      - routing_key_file: /etc/alertmanager/secrets/pd_routing_key\n"
            "        severity: '{{ .CommonLabels.severity }}'\n        description: '{{ template \"pagerduty.default.description\" . }}'\n")  # fmt: skip
    c.append(N(F, read(text, "oc-n3")))
    out = json.dumps({"data": {"id": uuid_of("ogalert"), "tinyId": digits("tiny", 4), "alias": "backup-nightly-missed", "message": "Heartbeat backup-nightly expired",
                               "status": "open", "acknowledged": False, "integration": {"id": uuid_of("ogint"), "name": "Heartbeat", "type": "Heartbeat"}}}, indent=1)  # fmt: skip
    c.append(N(F, said(out, "oc-n4")))
    out = "amtool: checking alertmanager.yml\n  SUCCESS\nFound:\n - global config\n - route\n - 1 inhibit rules\n - 2 receivers\n - 0 templates"
    c.append(N(F, sh("amtool check-config alertmanager.yml", out, "oc-n5")))
    c.append(N(F, ask("when we move from PagerDuty to incident.io, do the Events API v2 routing keys still work or do we have to swap every "
                      "alertmanager receiver? service 'Payments API' has escalation policy P" + s("esc", 6, UPNUM), "oc-n6")))  # fmt: skip
    text = "| Service | Integration | Key stored in |\n|---|---|---|\n| Postgres prod | Events API v2 | vault kv/oncall/pd/postgres |\n| Kafka | Events API v2 | vault kv/oncall/pd/kafka |\n"
    c.append(N(F, write("/home/dev/infra/docs/oncall.md", text, "oc-n7")))
    return c


def payments() -> list:
    F = "b18: payment gateways other than stripe"
    c = []
    for k in range(2):
        kid, ksec = "rzp_live_" + s(f"rzpid{k}", 14), s(f"rzpsec{k}", 24)
        cmd = f"curl -s -u {kid}:{ksec} https://api.razorpay.com/v1/payments/pay_{s(f'pay{k}', 14)}"
        out = json.dumps({"id": "pay_" + s(f"pay{k}", 14), "entity": "payment", "amount": 149900, "currency": "INR", "status": "captured",
                          "order_id": "order_" + s(f"ord{k}", 14), "method": "upi", "vpa": "cust@okaxis"})  # fmt: skip
        c.append(P(F, sh(cmd, out, f"rzp{k}"), ksec))
    key = (
        "AQE"
        + s("adyen1", 40, URLSAFE)
        + "+"
        + s("adyen2", 60, ALNUM)
        + "=-"
        + s("adyen3", 44, ALNUM + "+/")
        + "=-"
        + s("adyen4", 12, ALNUM)
    )
    c.append(
        P(
            F,
            read(
                f"adyen:\n  environment: LIVE\n  merchant-account: AcmeShopECOM\n  api-key: {key}\n  live-url-prefix: {hx('prefix', 16)}-AcmeShop\n",
                "adyen",
            ),
            key,
        )
    )
    sec = "E" + s("ppsec", 79, URLSAFE)
    c.append(
        P(
            F,
            ask(
                f"paypal oauth2/token gives invalid_client in live. client id A{s('ppcid', 79, URLSAFE)} secret {sec} — are live creds different from the sandbox app?",
                "pp",
            ),
            sec,
        )
    )
    key = s("mollie", 30)
    c.append(
        P(
            F,
            write(
                "/home/dev/shop/config/packages/mollie.yaml",
                f"mollie:\n    api_key: 'live_{key}'\n    profile_id: 'pfl_{s('pfl', 10)}'\n",
                "mollie",
            ),
            "live_" + key,
        )
    )
    pw = person(13)
    text = f"merchant_id={digits('mid', 7)}\nmerchant_key={s('pfkey', 13, LOWNUM)}\npassphrase={pw}\nsandbox=false\n"
    c.append(
        P(F, sh("cat config/payfast.ini", text, "payfast"), pw)
    )  # merchant_key goes in the checkout form
    # negatives
    for k in range(2):
        kid = "rzp_live_" + s(f"nrzp{k}", 14)
        text = ("const options = {\n  key: '" + kid + "', // key_id is public; the secret stays on the server\n  amount: order.amount,\n  currency: 'INR',\n"
                "  order_id: '" + "order_" + s(f"nord{k}", 14) + "',\n  handler: (resp) => verify(resp.razorpay_payment_id, resp.razorpay_signature),\n};\nnew Razorpay(options).open();\n")  # fmt: skip
        c.append(
            N(
                F,
                [read, lambda t, sd: write("/home/dev/shop/web/checkout.js", t, sd)][k](
                    text, f"pg-n{k}"
                ),
            )
        )
    text = (f'<script src="https://www.paypal.com/sdk/js?client-id=A{s("nppcid", 79, URLSAFE)}&currency=EUR&intent=capture&components=buttons"></script>\n'
            '<div id="paypal-button-container"></div>')  # fmt: skip
    c.append(N(F, read(text, "pg-n3")))
    out = json.dumps({"pspReference": s("psp", 16, UPNUM), "resultCode": "Authorised", "merchantReference": "ORD-" + digits("mref", 7),
                      "amount": {"currency": "EUR", "value": 4990}, "additionalData": {"cardSummary": "1111", "paymentMethod": "visa", "authCode": digits("auth", 6)}}, indent=1)  # fmt: skip
    c.append(N(F, said(out, "pg-n4")))
    text = ("RAZORPAY_KEY_ID=rzp_test_XXXXXXXXXXXXXX\nRAZORPAY_KEY_SECRET=\nADYEN_API_KEY=<from Customer Area > Developers > API credentials>\n"
            "PAYPAL_CLIENT_SECRET=changeme\n")  # fmt: skip
    c.append(N(F, write("/home/dev/shop/.env.example", text, "pg-n5")))
    out = (f"webhook_id={'wh_' + s('rzwh', 14)} event=payment.captured payment=pay_{s('rzpp', 14)} "
           f"x-razorpay-signature={hx('rzsig', 64)} verified=true")  # fmt: skip
    c.append(
        N(
            F,
            sh(
                "kubectl logs deploy/payments --since=10m | grep payment.captured | tail -1",
                out,
                "pg-n6",
            ),
        )
    )
    c.append(N(F, ask("mollie: is the profile id (pfl_...) something I can put in the frontend or is it secret like the live_ api key? "
                      "we only need it for mollie components", "pg-n7")))  # fmt: skip
    return c


def supabase() -> list:
    F = "b18: supabase projects and keys"
    c = []
    ref = s("sbref", 20, LOWER)
    for k in range(2):
        srk = jwt(
            f"sbsrk{k}",
            {
                "iss": "supabase",
                "ref": ref,
                "role": "service_role",
                "iat": 1731000000 + k,
                "exp": 2046576000,
            },
        )
        text = (f"NEXT_PUBLIC_SUPABASE_URL=https://{ref}.supabase.co\nSUPABASE_SERVICE_ROLE_KEY={srk}\n" if k == 0 else
                f"import {{ createClient }} from '@supabase/supabase-js'\n\nexport const admin = createClient(\n  'https://{ref}.supabase.co',\n  '{srk}',\n  {{ auth: {{ persistSession: false }} }}\n)\n")  # fmt: skip
        c.append(P(F, [lambda t, sd: sh("cat .env.local", t, sd), read][k](text, f"sb{k}"), srk))
    pw = person(15)
    c.append(P(F, sh(f"psql 'postgresql://postgres.{ref}:{pw}@aws-0-eu-central-1.pooler.supabase.com:6543/postgres' -c 'select count(*) from auth.users'",
                     " count \n-------\n  4821\n(1 row)", "sbpsql"), pw))  # fmt: skip
    sk = "sb_secret_" + s("sbsecret", 31, URLSAFE)
    c.append(
        P(
            F,
            ask(
                f"migrating to the new api keys. I put {sk} in the edge function env as SUPABASE_SECRET_KEY and now rls is bypassed in the browser?? is that expected",
                "sbnew",
            ),
            sk,
        )
    )
    pw = rs("sbdbpw", 20)
    c.append(
        P(
            F,
            sh(
                f"supabase link --project-ref {ref} --password {pw}",
                "Connecting to remote database...\nFinished supabase link.",
                "sblink",
            ),
            pw,
        )
    )
    # negatives
    for k in range(2):
        pk = "sb_publishable_" + s(f"sbpub{k}", 31, URLSAFE)
        text = (f"import {{ createBrowserClient }} from '@supabase/ssr'\n\nexport const supabase = createBrowserClient(\n  'https://{ref}.supabase.co',\n"
                f"  '{pk}'  // publishable key: safe in the browser, RLS applies\n)\n")  # fmt: skip
        c.append(
            N(
                F,
                [read, lambda t, sd: write("/home/dev/web/lib/supabase.ts", t, sd)][k](
                    text, f"sb-n{k}"
                ),
            )
        )
    out = ("   LINKED | ORG ID               | REFERENCE ID         | NAME        | REGION                 | CREATED AT (UTC)\n"
           f"  -------|----------------------|----------------------|-------------|------------------------|---------------------\n"
           f"     \u25cf    | {s('sborg', 20, LOWER)} | {ref} | shop-prod   | Central EU (Frankfurt) | 2025-03-02 09:11:40\n"
           f"          | {s('sborg', 20, LOWER)} | {s('sbref2', 20, LOWER)} | shop-staging | Central EU (Frankfurt) | 2025-06-17 14:02:12")  # fmt: skip
    c.append(N(F, sh("supabase projects list", out, "sb-n3")))
    out = "Applying migration 20261128101522_add_api_tokens_table.sql...\nApplying migration 20261129083011_rls_policies.sql...\nFinished supabase db push."
    c.append(N(F, sh("supabase db push", out, "sb-n4")))
    sql = ("create table public.api_tokens (\n  id uuid primary key default gen_random_uuid(),\n  user_id uuid references auth.users not null,\n"
           "  token_hash text not null,           -- sha256 of the token, never the token\n  last_four text not null,\n  created_at timestamptz default now()\n);\n"
           "alter table public.api_tokens enable row level security;\n")  # fmt: skip
    c.append(
        N(
            F,
            write(
                "/home/dev/web/supabase/migrations/20261128101522_add_api_tokens_table.sql",
                sql,
                "sb-n5",
            ),
        )
    )
    out = json.dumps(
        [
            {
                "id": uuid_of(f"sbu{i}"),
                "email": e,
                "last_sign_in_at": "2026-11-29T08:1{i}:00Z",
                "app_metadata": {"provider": "email"},
            }
            for i, e in enumerate(["ana@example.org", "raj@example.org"])
        ],
        indent=1,
    )
    c.append(N(F, said(out, "sb-n6")))
    c.append(N(F, ask("what's the difference between SUPABASE_ANON_KEY and the new sb_publishable_ key, and which one should the mobile app ship with? "
                      f"project ref {ref}", "sb-n7")))  # fmt: skip
    return c


def search_cluster() -> list:
    F = "b18: search cluster api keys and enrollment tokens"
    c = []
    for k in range(2):
        kid, ak = s(f"esid{k}", 20, URLSAFE), s(f"esak{k}", 22, URLSAFE)
        enc = base64.b64encode(f"{kid}:{ak}".encode()).decode()
        out = json.dumps(
            {
                "id": kid,
                "name": ["logstash-writer", "grafana-reader"][k],
                "expiration": 1767225600000,
                "api_key": ak,
                "encoded": enc,
            },
            indent=2,
        )
        cmd = ('curl -s -u elastic:"$ELASTIC_PASSWORD" -X POST "https://es01:9200/_security/api_key" -H "Content-Type: application/json" -d \''
               + json.dumps({"name": ["logstash-writer", "grafana-reader"][k], "expiration": "30d"}) + "'")  # fmt: skip
        c.append(P(F, sh(cmd, out, f"es{k}"), ak, enc))
    pw = s("espw", 20, ALNUM + "*=_")
    out = ("This tool will reset the password of the [elastic] user to an autogenerated value.\nThe password will be printed in the console.\n"
           f"Please confirm that you would like to continue [y/N]y\n\n\nPassword for the [elastic] user successfully reset.\nNew value: {pw}")  # fmt: skip
    c.append(
        P(
            F,
            sh(
                "docker exec -it es01 /usr/share/elasticsearch/bin/elasticsearch-reset-password -u elastic",
                out,
                "esreset",
            ),
            pw,
        )
    )
    tok = base64.b64encode(
        json.dumps(
            {
                "ver": "8.15.0",
                "adr": ["172.18.0.2:9200"],
                "fgr": sha("esfgr", 64),
                "key": f"{s('enk1', 20, URLSAFE)}:{s('enk2', 22, URLSAFE)}",
            },
            separators=(",", ":"),
        ).encode()
    ).decode()
    c.append(
        P(
            F,
            ask(
                f"kibana says 'Couldn't connect to cluster' when I paste the enrollment token: {tok} — it was generated 40 minutes ago",
                "esenroll",
            ),
            tok,
        )
    )
    pw = person(8)
    text = f'output.elasticsearch:\n  hosts: ["https://es01:9200"]\n  username: "filebeat_writer"\n  password: "{pw}"\n  ssl.certificate_authorities: ["/etc/filebeat/ca.crt"]\n'
    c.append(P(F, read(text, "fb"), pw))
    pw = person(11)
    c.append(P(F, sh(f"curl -sk -u admin:'{pw}' https://opensearch-node1:9200/_cat/indices?v | head -3",
                     f"health status index          uuid                   pri rep docs.count\ngreen  open   logs-2026.11.29 {s('idxu', 22, URLSAFE)}   1   1    4821112", "os"), pw))  # fmt: skip
    # negatives
    for k in range(2):
        out = json.dumps({"api_keys": [{"id": s(f"nesid{k}{i}", 20, URLSAFE), "name": n, "creation": 1732000000000 + i, "expiration": 1767225600000,
                                        "invalidated": i == 2, "username": "elastic", "realm": "reserved"} for i, n in enumerate(["logstash-writer", "grafana-reader", "old-beats"])]}, indent=1)  # fmt: skip
        c.append(
            N(
                F,
                [
                    said,
                    lambda t, sd: sh(
                        'curl -s -u elastic:"$ELASTIC_PASSWORD" "https://es01:9200/_security/api_key?owner=true"',
                        t,
                        sd,
                    ),
                ][k](out, f"es-n{k}"),
            )
        )
    out = json.dumps({"name": "es01", "cluster_name": "logs-prod", "cluster_uuid": s("cuuid", 22, URLSAFE),
                      "version": {"number": "8.15.0", "build_flavor": "default", "build_hash": sha("esbuild", 40), "lucene_version": "9.11.1"},
                      "tagline": "You Know, for Search"}, indent=2)  # fmt: skip
    c.append(
        N(
            F,
            sh(
                'curl -s --cacert ca.crt -u elastic:"$ELASTIC_PASSWORD" https://es01:9200',
                out,
                "es-n3",
            ),
        )
    )
    out = (
        f"SHA256 Fingerprint={':'.join(hx('cafp', 64).upper()[i : i + 2] for i in range(0, 64, 2))}"
    )
    c.append(
        N(
            F,
            sh(
                "openssl x509 -fingerprint -sha256 -noout -in config/certs/http_ca.crt",
                out,
                "es-n4",
            ),
        )
    )
    text = ("output.elasticsearch:\n  hosts: [\"https://es01:9200\"]\n  api_key: \"${ES_API_KEY}\"\n  ssl.ca_trusted_fingerprint: \"" + hx("cafp", 64) + "\"\n"
            "setup.ilm.enabled: true\n")  # fmt: skip
    c.append(N(F, write("/home/dev/infra/filebeat.yml", text, "es-n5")))
    out = "Created elasticsearch keystore in /usr/share/elasticsearch/config/elasticsearch.keystore\nkeystore.seed\nxpack.security.http.ssl.keystore.secure_password\nxpack.security.transport.ssl.keystore.secure_password"
    c.append(N(F, sh("bin/elasticsearch-keystore list", out, "es-n6")))
    c.append(
        N(
            F,
            ask(
                "how long is a kibana enrollment token valid and can I make a new one without restarting es01? also what is `fgr` in it",
                "es-n7",
            ),
        )
    )
    return c


def debezium() -> list:
    F = "b18: debezium and kafka connect connector json"
    c = []
    for k in range(2):
        pw = person(k + 2)
        cfg = {"name": ["orders-cdc", "inventory-cdc"][k], "config": {"connector.class": "io.debezium.connector.postgresql.PostgresConnector",
               "database.hostname": "pg-primary.db.svc", "database.port": "5432", "database.user": "debezium", "database.password": pw,
               "database.dbname": ["orders", "inventory"][k], "topic.prefix": ["orders", "inv"][k], "plugin.name": "pgoutput", "slot.name": f"dbz_{k}"}}  # fmt: skip
        cmd = f"curl -s -X POST -H 'Content-Type: application/json' --data @{cfg['name']}.json http://connect:8083/connectors | jq ."
        c.append(
            P(
                F,
                [
                    lambda t, sd, cmd=cmd: sh(cmd, t, sd),
                    lambda t, sd, cfg=cfg: write(f"/home/dev/cdc/{cfg['name']}.json", t, sd),
                ][k](json.dumps(cfg, indent=2), f"dbz{k}"),
                pw,
            )
        )
    key, sec = s("cckey", 16, UPNUM), s("ccsec", 64, B64)
    text = ("bootstrap.servers=pkc-" + s("pkc", 5, LOWNUM) + ".eu-central-1.aws.confluent.cloud:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\n"
            f"sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username='{key}' password='{sec}';\n")  # fmt: skip
    c.append(P(F, read(text, "ccloud"), sec))
    pw = rs("sfconn", 18)
    out = json.dumps({"name": "snowflake-sink", "config": {"connector.class": "com.snowflake.kafka.connector.SnowflakeSinkConnector",
                      "snowflake.url.name": "acme-eu.snowflakecomputing.com", "snowflake.user.name": "KAFKA_CONNECTOR",
                      "snowflake.private.key.passphrase": pw, "snowflake.database.name": "RAW", "topics": "orders.public.orders"}, "tasks": [], "type": "sink"}, indent=1)  # fmt: skip
    c.append(P(F, sh("curl -s http://connect:8083/connectors/snowflake-sink", out, "sfsink"), pw))
    pw = person(9)
    c.append(
        P(
            F,
            ask(
                f"debezium mysql connector fails with 'Access denied for user cdc'@'10.2.%'. config has \"database.password\": \"{pw}\", user has REPLICATION SLAVE. what else?",
                "dbzmy",
            ),
            pw,
        )
    )
    # negatives
    for k in range(2):
        cfg = {"name": ["orders-cdc", "payments-cdc"][k], "config": {"connector.class": "io.debezium.connector.postgresql.PostgresConnector",
               "database.hostname": "pg-primary.db.svc", "database.user": "${file:/opt/kafka/external.properties:pg.user}",
               "database.password": "${file:/opt/kafka/external.properties:pg.password}", "config.providers": "file",
               "config.providers.file.class": "org.apache.kafka.common.config.provider.FileConfigProvider", "topic.prefix": "orders"}}  # fmt: skip
        c.append(
            N(
                F,
                [read, lambda t, sd: write("/home/dev/cdc/orders-cdc.json", t, sd)][k](
                    json.dumps(cfg, indent=2), f"dz-n{k}"
                ),
            )
        )
    out = json.dumps({"name": "orders-cdc", "connector": {"state": "RUNNING", "worker_id": "10.2.4.17:8083"},
                      "tasks": [{"id": 0, "state": "FAILED", "worker_id": "10.2.4.17:8083", "trace": "org.apache.kafka.connect.errors.ConnectException: "
                                 "FATAL: password authentication failed for user \"debezium\"\n\tat io.debezium.connector.postgresql.PostgresConnectorTask.start(PostgresConnectorTask.java:141)"}]}, indent=1)  # fmt: skip
    c.append(N(F, sh("curl -s http://connect:8083/connectors/orders-cdc/status", out, "dz-n3")))
    out = json.dumps([["orders-cdc", {"server": "orders"}], {"lsn_proc": int(digits("lsn", 11)), "lsn_commit": int(digits("lsn", 11)), "lsn": int(digits("lsn", 11)),
                                                              "txId": int(digits("txid", 7)), "ts_usec": 1732871234112233}])  # fmt: skip
    c.append(N(F, sh("kcat -b kafka:9092 -C -t connect-offsets -e -q | tail -1", out, "dz-n4")))
    out = json.dumps(
        {
            "subject": "orders.public.orders-value",
            "version": 7,
            "id": int(digits("schid", 4)),
            "schema": '{"type":"record","name":"Envelope","namespace":"orders.public.orders"}',
        }
    )
    c.append(N(F, said(out, "dz-n5")))
    out = json.dumps({"name": "orders-cdc", "config": {"connector.class": "io.debezium.connector.postgresql.PostgresConnector", "database.user": "debezium",
                                                       "database.password": "[hidden]", "database.dbname": "orders"}, "tasks": [{"connector": "orders-cdc", "task": 0}]}, indent=1)  # fmt: skip
    c.append(N(F, sh("curl -s http://connect:8083/connectors/orders-cdc", out, "dz-n6")))
    c.append(N(F, ask("can kafka connect read database.password from a kubernetes secret mounted at /opt/kafka/secrets/pg? strimzi KafkaConnector, "
                      "connector class PostgresConnector, secret name `pg-cdc-credentials`", "dz-n7")))  # fmt: skip
    return c


def databricks() -> list:
    F = "b18: databricks and snowflake cli profiles"
    c = []
    for k in range(2):
        tok = "dapi" + hx(f"dapi{k}", 32)
        text = f"[DEFAULT]\nhost  = https://adb-{digits(f'ws{k}', 16)}.{k + 3}.azuredatabricks.net\ntoken = {tok}\n\n[staging]\nhost = https://adb-{digits(f'wss{k}', 16)}.7.azuredatabricks.net\nauth_type = databricks-cli\n"
        c.append(
            P(F, [lambda t, sd: sh("cat ~/.databrickscfg", t, sd), read][k](text, f"db{k}"), tok)
        )
    pw = person(0)
    text = f'[connections.dev]\naccount = "acme-eu1"\nuser = "JDOE"\npassword = "{pw}"\nwarehouse = "DEV_WH"\nrole = "ANALYST"\n'
    c.append(P(F, write("/home/dev/.snowflake/connections.toml", text, "snowtoml"), pw))
    pw = person(5)
    c.append(P(F, sh(f"SNOWSQL_PWD='{pw}' snowsql -a acme-eu1 -u etl_loader -q 'select current_version()'",
                     "* SnowSQL * v1.3.2\nType SQL statements or !help\n+-------------------+\n| CURRENT_VERSION() |\n|-------------------|\n| 8.44.2            |\n+-------------------+", "snowsql"), pw))  # fmt: skip
    tok = "dapi" + hx("dapijob", 32)
    c.append(
        P(
            F,
            ask(
                f"my job cluster can't pull from our private pypi. I set the init script to `pip config set global.index-url https://token:{tok}@adb-proxy.acme.io/simple` — wrong?",
                "dbjob",
            ),
            tok,
        )
    )
    sec = "dose" + hx("dbsp", 32)
    c.append(
        P(
            F,
            edit(
                "/home/dev/etl/.env",
                "DATABRICKS_CLIENT_SECRET=",
                f"DATABRICKS_CLIENT_SECRET={sec}",
                "dbsp",
            ),
            sec,
        )
    )
    # negatives
    for k in range(2):
        out = ("Name     Host                                                    Valid\nDEFAULT  https://adb-" + digits(f'nws{k}', 16) + ".3.azuredatabricks.net  YES\n"
               "staging  https://adb-" + digits(f'nwss{k}', 16) + ".7.azuredatabricks.net  NO")  # fmt: skip
        c.append(N(F, sh("databricks auth profiles", out, f"dk-n{k}")))
    out = json.dumps({"cluster_id": f"{digits('cl1', 4)}-{digits('cl2', 6)}-{s('cl3', 8, LOWNUM)}", "cluster_name": "etl-nightly", "spark_version": "15.4.x-scala2.12",
                      "node_type_id": "Standard_D8ds_v5", "state": "RUNNING", "driver": {"node_id": hx("node", 32), "private_ip": "10.139.64.4"},
                      "spark_env_vars": {"PYPI_TOKEN": "{{secrets/etl/pypi_token}}"}}, indent=1)  # fmt: skip
    c.append(N(F, said(out, "dk-n3")))
    text = ("[connections.prod]\naccount = \"acme-eu1\"\nuser = \"ETL_LOADER\"\nauthenticator = \"SNOWFLAKE_JWT\"\n"
            "private_key_file = \"/home/dev/.snowflake/keys/etl_loader_rsa.p8\"\nwarehouse = \"LOAD_WH\"\n")  # fmt: skip
    c.append(N(F, read(text, "dk-n4")))
    out = (f"Run ID: {digits('runid', 15)}\nRun page: https://adb-{digits('ws0', 16)}.3.azuredatabricks.net/?o={digits('ws0', 16)}#job/{digits('jobid', 15)}/run/{digits('runid', 15)}\n"
           "Life cycle state: TERMINATED\nResult state: SUCCESS")  # fmt: skip
    c.append(
        N(
            F,
            sh(
                "databricks jobs run-now 8812044 --no-wait && databricks runs get --run-id $RUN",
                out,
                "dk-n5",
            ),
        )
    )
    out = ("+----------------------+-------------+----------------------------------------------------------+\n| name                 | type        | rsa_public_key_fp                                        |\n"
           f"| ETL_LOADER           | SERVICE     | SHA256:{b64raw('sffp', 32)} |\n+----------------------+-------------+----------------------------------------------------------+")  # fmt: skip
    c.append(
        N(
            F,
            sh(
                "snow sql -q \"desc user ETL_LOADER\" -c prod | grep -E 'name|RSA_PUBLIC_KEY_FP'",
                out,
                "dk-n6",
            ),
        )
    )
    c.append(N(F, ask("databricks says PATs will be disabled for our workspace next quarter, what's the OAuth M2M replacement for the github action? "
                      "the service principal application id is " + uuid_of("dbspid"), "dk-n7")))  # fmt: skip
    return c


def signed_urls() -> list:
    F = "b18: gcs signed urls and azure sas tokens"
    c = []
    for k in range(2):
        sig = hx(f"goog{k}", 512)
        url = (f"https://storage.googleapis.com/acme-exports/reports/2026-11/{['invoices', 'payouts'][k]}.csv?X-Goog-Algorithm=GOOG4-RSA-SHA256"
               f"&X-Goog-Credential=exporter%40acme-prod.iam.gserviceaccount.com%2F20261129%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20261129T091500Z"
               f"&X-Goog-Expires=604800&X-Goog-SignedHeaders=host&X-Goog-Signature={sig}")  # fmt: skip
        c.append(P(F, [lambda t, sd: sh("gcloud storage sign-url gs://acme-exports/reports/2026-11/invoices.csv --private-key-file=sa.json --duration=7d",
                                        "---\nexpiration: '2026-12-06 09:15:00'\nhttp_verb: GET\nresource: gs://acme-exports/reports/2026-11/invoices.csv\nsigned_url: " + t, sd),
                       lambda t, sd: ask("the finance team gets AccessDenied on this link after a day, I set 7 days:\n" + t, sd)][k](url, f"gcs{k}"), sig))  # fmt: skip
    for k in range(2):
        sig = quote(b64raw(f"sas{k}", 32), safe="")
        url = (f"https://acmedata.blob.core.windows.net/{['backups', 'uploads'][k]}?sv=2022-11-02&ss=b&srt=co&sp=rwdlacyx&se=2026-12-31T23:59:59Z"
               f"&st=2026-11-29T08:00:00Z&spr=https&sig={sig}")  # fmt: skip
        c.append(P(F, [lambda t, sd: sh(f"azcopy copy ./dump.bak '{t}' --recursive",
                                        f"INFO: Scanning...\nJob {uuid_of('azjob')} has started\n\nElapsed Time (Minutes): 0.3669\nNumber of File Transfers: 1\nFinal Job Status: Completed", sd),
                       lambda t, sd: write("/home/dev/etl/config/storage.yaml", f"upload:\n  container_url: \"{t}\"\n  chunk_mb: 8\n", sd)][k](url, f"sas{k}"), sig))  # fmt: skip
    sig = quote(b64raw("sasconn", 32), safe="")
    cs = f"BlobEndpoint=https://acmedata.blob.core.windows.net/;SharedAccessSignature=sv=2022-11-02&ss=bfqt&srt=sco&sp=rl&se=2027-01-01T00:00:00Z&sig={sig}"
    c.append(
        P(
            F,
            read(
                f'{{\n  "IsEncrypted": false,\n  "Values": {{\n    "AzureWebJobsStorage": "{cs}",\n    "FUNCTIONS_WORKER_RUNTIME": "python"\n  }}\n}}',
                "sasconn",
            ),
            sig,
        )
    )
    acct = b64raw("azacctkey", 64)
    c.append(
        P(
            F,
            sh(
                "az storage account keys list -g data-rg -n acmedata --query '[0].value' -o tsv",
                acct,
                "azkey",
            ),
            acct,
        )
    )
    # negatives
    for k in range(2):
        url = f"https://storage.googleapis.com/acme-public-assets/releases/v{k + 3}.2.0/app-{k + 3}.2.0.tar.gz"
        out = f"{url}\n  Creation time:          2026-11-2{k}T12:00:11Z\n  Generation:             {digits(f'gen{k}', 16)}\n  Hash (crc32c):          {b64raw(f'crc{k}', 4)}\n  Hash (md5):             {b64raw(f'md5{k}', 16)}\n  ETag:                   {s(f'etag{k}', 12)}="
        c.append(
            N(
                F,
                sh(
                    f"gcloud storage objects describe gs://acme-public-assets/releases/v{k + 3}.2.0/app-{k + 3}.2.0.tar.gz --format=list",
                    out,
                    f"su-n{k}",
                ),
            )
        )
    text = ("# SAS tokens are generated per request by /api/uploads/sas; never store them.\n"
            "# Shape: https://<account>.blob.core.windows.net/<container>/<blob>?sv=...&se=...&sr=b&sp=cw&sig=<signature>\n"
            "UPLOAD_ACCOUNT=acmedata\nUPLOAD_CONTAINER=uploads\nSAS_TTL_MINUTES=15\n")  # fmt: skip
    c.append(N(F, read(text, "su-n3")))
    out = "https://acmedata.blob.core.windows.net/uploads/2026/11/29/" + uuid_of("blob") + ".jpg"
    c.append(
        N(
            F,
            sh(
                "az storage blob url --account-name acmedata -c uploads -n 2026/11/29/"
                + uuid_of("blob")
                + ".jpg --auth-mode login -o tsv",
                out,
                "su-n4",
            ),
        )
    )
    code = ("from datetime import timedelta\n\ndef signed_download(blob_name: str) -> str:\n    blob = bucket.blob(blob_name)\n"
            "    return blob.generate_signed_url(version='v4', expiration=timedelta(minutes=15), method='GET')\n")  # fmt: skip
    c.append(N(F, write("/home/dev/api/storage.py", code, "su-n5")))
    out = json.dumps({"kind": "storage#object", "id": f"acme-exports/reports/2026-11/invoices.csv/{digits('gen9', 16)}", "selfLink": "https://www.googleapis.com/storage/v1/b/acme-exports/o/reports%2F2026-11%2Finvoices.csv",
                      "mediaLink": "https://storage.googleapis.com/download/storage/v1/b/acme-exports/o/reports%2F2026-11%2Finvoices.csv?generation=" + digits("gen9", 16) + "&alt=media",
                      "md5Hash": b64raw("md5x", 16), "crc32c": b64raw("crcx", 4), "etag": "CP" + s("etx", 10) + "EAE="}, indent=1)  # fmt: skip
    c.append(N(F, said(out, "su-n6")))
    c.append(
        N(
            F,
            ask(
                "is a user delegation SAS better than an account SAS for the partner upload? we want sp=cw, 15 minutes, container 'uploads', and be able to revoke",
                "su-n7",
            ),
        )
    )
    return c


def recovery_keys() -> list:
    F = "b18: bitlocker and filevault recovery keys"
    c = []

    def bl(seed: str) -> str:
        return "-".join(str(int(digits(seed + str(i), 5)) % 65536 * 11).zfill(6) for i in range(8))

    for k in range(3):
        rk = bl(f"blk{k}")
        out = (f"BitLocker Drive Encryption: Configuration Tool version 10.0.22621\nCopyright (C) 2013 Microsoft Corporation. All rights reserved.\n\n"
               f"Volume C: [OS]\nAll Key Protectors\n\n    TPM:\n      ID: {{{uuid_of(f'tpm{k}').upper()}}}\n      PCR Validation Profile:\n        7, 11\n\n"
               f"    Numerical Password:\n      ID: {{{uuid_of(f'np{k}').upper()}}}\n      Password:\n        {rk}\n")  # fmt: skip
        carrier = [
            lambda t, sd: sh("manage-bde -protectors -get C:", t, sd),
            said,
            lambda t, sd: ask(
                "saving this for the laptop rebuild, is this the right one?\n" + t, sd
            ),
        ][k]
        c.append(P(F, carrier(out, f"bl{k}"), rk))
    rk = bl("blps")
    out = f"KeyProtectorId   : {{{uuid_of('blps').upper()}}}\nAutoUnlockProtector :\nKeyProtectorType : RecoveryPassword\nKeyFileName      :\nRecoveryPassword : {rk}\nKeyCertificateType :\nThumbprint       :"
    c.append(
        P(F, sh("(Get-BitLockerVolume -MountPoint D:).KeyProtector | Format-List", out, "blps"), rk)
    )
    fv = "-".join(s(f"fv{i}", 4, UPNUM) for i in range(6))
    c.append(
        P(
            F,
            sh(
                "sudo fdesetup changerecovery -personal",
                f"Enter the user name:ana\nEnter the password for user 'ana':\nNew personal recovery key = '{fv}'",
                "fv",
            ),
            fv,
        )
    )
    fv = "-".join(s(f"fvb{i}", 4, UPNUM) for i in range(6))
    c.append(
        P(
            F,
            write(
                "/home/dev/it/handover/mbp-0412.md",
                f"# MBP-0412 handover\n\n- serial: C02{s('mbpser', 9, UPNUM)}\n- FileVault recovery key: {fv}\n- owner: R. Sato\n",
                "fvmd",
            ),
            fv,
        )
    )
    # negatives
    out = ("Volume C: [OS]\n[OS Volume]\n\n    Size:                 475.83 GB\n    BitLocker Version:    2.0\n    Conversion Status:    Used Space Only Encrypted\n"
           "    Percentage Encrypted: 100.0%\n    Encryption Method:    XTS-AES 128\n    Protection Status:    Protection On\n    Lock Status:          Unlocked\n"
           "    Key Protectors:\n        TPM\n        Numerical Password")  # fmt: skip
    c.append(N(F, sh("manage-bde -status C:", out, "rk-n1")))
    out = f"Volume C: [OS]\nKey Protectors of Type Numerical Password\n\n    Numerical Password:\n      ID: {{{uuid_of('bln').upper()}}}\n\nRecovery key backup to AD DS succeeded."
    c.append(
        N(
            F,
            sh(
                "manage-bde -protectors -adbackup C: -id {" + uuid_of("bln").upper() + "}",
                out,
                "rk-n2",
            ),
        )
    )
    out = "FileVault is On.\nFileVault master keychain appears to be installed.\nAn institutional recovery key is not set.\n"
    c.append(
        N(
            F,
            sh(
                "fdesetup status; fdesetup hasinstitutionalrecoverykey && echo inst || echo 'An institutional recovery key is not set.'",
                out,
                "rk-n3",
            ),
        )
    )
    text = ("<dict>\n  <key>PayloadType</key>\n  <string>com.apple.security.FDERecoveryKeyEscrow</string>\n  <key>PayloadUUID</key>\n"
            f"  <string>{uuid_of('fdepl').upper()}</string>\n  <key>Location</key>\n  <string>Recovery key escrowed to Jamf Pro (acme.jamfcloud.com)</string>\n</dict>")  # fmt: skip
    c.append(N(F, read(text, "rk-n4")))
    out = json.dumps(
        {
            "value": [
                {
                    "id": uuid_of(f"blkey{i}"),
                    "createdDateTime": "2026-10-0{i}T08:00:00Z",
                    "deviceId": uuid_of(f"dev{i}"),
                    "volumeType": "operatingSystemVolume",
                }
                for i in range(1, 3)
            ]
        },
        indent=1,
    )
    c.append(N(F, said(out, "rk-n5")))
    c.append(N(F, ask("a user is stuck at the bitlocker recovery screen, it shows Key ID " + uuid_of("kid").upper()[:8] + ". where in Entra do I look up the "
                      "recovery key by that ID without it ending up in the ticket?", "rk-n6")))  # fmt: skip
    out = "\n".join(
        f"{uuid_of(f'dev{i}')}  LT-{digits(f'lt{i}', 4)}  BitLocker: on  Escrowed: yes  Last check-in: 2026-11-2{i}"
        for i in range(1, 5)
    )
    c.append(N(F, sh("./intune_report.py --encryption", out, "rk-n7")))
    c.append(
        N(
            F,
            write(
                "/home/dev/it/runbooks/bitlocker.md",
                "## Recovery\n1. Get Key ID (first 8 chars) from the user.\n2. Entra admin > Devices > BitLocker keys > search Key ID.\n3. Read it out by phone. **Never paste it into the ticket.**\n",
                "rk-n8",
            ),
        )
    )
    return c


def homelab() -> list:
    F = "b18: proxmox, truenas and homelab api tokens"
    c = []
    for k in range(2):
        sec = uuid_of(f"pvetok{k}")
        out = (f"\u250c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2510\n\u2502 key          \u2502 value                                \u2502\n"
               f"\u2502 full-tokenid \u2502 terraform@pve!{['tf', 'packer'][k]}                      \u2502\n\u2502 info         \u2502 {{\"privsep\":\"0\"}}                       \u2502\n\u2502 value        \u2502 {sec} \u2502\n"
               "\u2514\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2518")  # fmt: skip
        c.append(
            P(
                F,
                sh(
                    f"pveum user token add terraform@pve {['tf', 'packer'][k]} --privsep 0",
                    out,
                    f"pve{k}",
                ),
                sec,
            )
        )
    sec = uuid_of("pvehdr")
    c.append(
        P(
            F,
            sh(
                f"curl -sk -H 'Authorization: PVEAPIToken=terraform@pve!tf={sec}' https://pve1.lan:8006/api2/json/nodes | jq -r '.data[].node'",
                "pve1\npve2\npve3",
                "pvehdr",
            ),
            sec,
        )
    )
    sec = uuid_of("pvetf")
    text = f'provider "proxmox" {{\n  pm_api_url          = "https://pve1.lan:8006/api2/json"\n  pm_api_token_id     = "terraform@pve!tf"\n  pm_api_token_secret = "{sec}"\n  pm_tls_insecure     = true\n}}\n'
    c.append(P(F, read(text, "pvetf"), sec))
    key = "1-" + s("truenas", 64)
    c.append(
        P(
            F,
            ask(
                f"truenas scale api returns 401 with `curl -H 'Authorization: Bearer {key}' http://nas.lan/api/v2.0/pool`. the key shows in the UI as 'homeassistant'",
                "tn",
            ),
            key,
        )
    )
    pw = person(12)
    c.append(P(F, write("/home/dev/homelab/docker-compose.yml", "services:\n  pihole:\n    image: pihole/pihole:2024.07.0\n    environment:\n      TZ: Europe/Prague\n"
                        f"      FTLCONF_webserver_api_password: '{pw}'\n    ports:\n      - \"53:53/udp\"\n      - \"8081:80/tcp\"\n", "pihole"), pw))  # fmt: skip
    key = s("unraid", 64, HEX)
    c.append(
        P(
            F,
            sh(
                "cat /boot/config/plugins/dynamix.my.servers/myservers.cfg | grep -i apikey",
                f'apikey="unraid_{key}"\nlocalApiKey="{s("unraidlocal", 64, HEX)}"',
                "unraid",
            ),
            "unraid_" + key,
            s("unraidlocal", 64, HEX),
        )
    )
    # negatives
    for k in range(2):
        out = ("\u250c\u2500\u2500\u2500\u2500\u2510\n\u2502 tokenid \u2502 comment \u2502 expire \u2502 privsep \u2502\n"
               f"\u2502 {['tf', 'backup'][k]}      \u2502 terraform runs \u2502      0 \u2502 0       \u2502\n\u2502 packer  \u2502 image builds \u2502 1767225600 \u2502 1 \u2502\n\u2514\u2500\u2500\u2500\u2500\u2518")  # fmt: skip
        c.append(N(F, sh("pveum user token list terraform@pve", out, f"hl-n{k}")))
    out = json.dumps({"data": [{"vmid": 100 + i, "name": n, "status": "running", "maxmem": 8589934592, "cpus": 4, "uptime": 86400 * i,
                                "tags": "k8s", "digest": sha(f"vmd{i}", 40)} for i, n in enumerate(["k3s-1", "k3s-2", "nas-gw"])]}, indent=1)  # fmt: skip
    c.append(N(F, said(out, "hl-n3")))
    out = f"pve1: {':'.join(hx('pvefp', 64).upper()[i : i + 2] for i in range(0, 64, 2))}"
    c.append(
        N(
            F,
            sh(
                "pvecm status | grep -i fingerprint; pvenode cert info --output-format text | grep -m1 fingerprint",
                out,
                "hl-n4",
            ),
        )
    )
    text = 'provider "proxmox" {\n  pm_api_url          = "https://pve1.lan:8006/api2/json"\n  pm_api_token_id     = var.pm_token_id\n  pm_api_token_secret = var.pm_token_secret\n}\n'
    c.append(N(F, write("/home/dev/homelab/tf/provider.tf", text, "hl-n5")))
    out = ("NAME      SIZE  ALLOC   FREE  CKPOINT  EXPANDSZ   FRAG    CAP  DEDUP    HEALTH  ALTROOT\ntank     21.8T  9.41T  12.4T        -         -     3%    43%  1.00x    ONLINE  /mnt\n"
           f"pool guid: {digits('zguid', 19)}")  # fmt: skip
    c.append(
        N(
            F,
            sh(
                "zpool list tank; zpool get -H -o value guid tank | sed 's/^/pool guid: /'",
                out,
                "hl-n6",
            ),
        )
    )
    c.append(N(F, ask("what's the least privilege role for a proxmox api token that only needs to create vms from template 9000? the token id is terraform@pve!tf "
                      "and I want privsep on", "hl-n7")))  # fmt: skip
    return c


def matrix_fedi() -> list:
    F = "b18: fediverse and matrix client tokens"
    c = []
    for k in range(2):
        user = ["ops-bot", "alerts"][k]
        tok = "syt_" + b64url(user.encode()) + "_" + s(f"syt{k}", 20) + "_" + s(f"sytc{k}", 6)
        out = json.dumps({"user_id": f"@{user}:chat.acme.io", "access_token": tok, "home_server": "chat.acme.io", "device_id": s(f"dev{k}", 10, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
                          "well_known": {"m.homeserver": {"base_url": "https://chat.acme.io/"}}}, indent=2)  # fmt: skip
        cmd = f'curl -s -XPOST -d \'{{"type":"m.login.password","identifier":{{"type":"m.id.user","user":"{user}"}},"password":"$BOT_PW"}}\' https://chat.acme.io/_matrix/client/v3/login'
        c.append(P(F, sh(cmd, out, f"mx{k}"), tok))
    tok = s("masto", 43, URLSAFE)
    c.append(P(F, read(f"api_base_url: https://fosstodon.org\nclient_id: {s('mcid', 43, URLSAFE)}\nclient_secret: {s('mcsec', 43, URLSAFE)}\naccess_token: {tok}\n", "masto"),
                  s("mcsec", 43, URLSAFE), tok))  # fmt: skip
    pw = person(1)
    c.append(
        P(
            F,
            sh(
                f"register_new_matrix_user -c /data/homeserver.yaml -u grafana -p '{pw}' --no-admin http://localhost:8008",
                "Sending registration request...\nSuccess!",
                "mxreg",
            ),
            pw,
        )
    )
    sec = s("regsec", 48, ALNUM + "~.=")
    c.append(
        P(
            F,
            ask(
                f"synapse says 'registration_shared_secret' is wrong but it's the same in homeserver.yaml: registration_shared_secret: \"{sec}\" — does it need quotes?",
                "mxsec",
            ),
            sec,
        )
    )
    pw = person(7)
    c.append(
        P(
            F,
            write(
                "/home/dev/bots/maubot/config.yaml",
                f"homeserver: https://chat.acme.io\nuser_id: '@ops-bot:chat.acme.io'\npassword: '{pw}'\ndevice_name: maubot-prod\nrooms:\n  - '!{s('room', 18)}:chat.acme.io'\n",
                "maubot",
            ),
            pw,
        )
    )
    # negatives
    for k in range(2):
        ev = {"type": "m.room.message", "room_id": f"!{s(f'nroom{k}', 18)}:chat.acme.io", "sender": "@grafana:chat.acme.io",
              "event_id": "$" + s(f"ev{k}", 43, URLSAFE), "origin_server_ts": 1732871234000 + k,
              "content": {"msgtype": "m.notice", "body": "[FIRING:1] DiskFull db01", "format": "org.matrix.custom.html"},
              "unsigned": {"age": 1182, "transaction_id": "m" + digits(f"txn{k}", 13) + ".0"}}  # fmt: skip
        c.append(
            N(
                F,
                [
                    said,
                    lambda t, sd: sh(
                        "matrix-commander --room '!ops' --tail 1 --output json", t, sd
                    ),
                ][k](json.dumps(ev, indent=1), f"mx-n{k}"),
            )
        )
    out = json.dumps({"id": digits("statusid", 18), "created_at": "2026-11-29T10:02:41.000Z", "uri": "https://fosstodon.org/users/acme/statuses/" + digits("statusid", 18),
                      "content": "<p>v4.2 is out \U0001F389</p>", "account": {"id": digits("acct", 18), "username": "acme"}, "application": {"name": "release-bot", "website": None}}, indent=1)  # fmt: skip
    c.append(N(F, said(out, "mx-n3")))
    text = ("server_name: \"chat.acme.io\"\nregistration_shared_secret_path: /data/secrets/registration\nmacaroon_secret_key_path: /data/secrets/macaroon\n"
            "form_secret_path: /data/secrets/form\nsigning_key_path: \"/data/chat.acme.io.signing.key\"\ntrusted_key_servers:\n  - server_name: \"matrix.org\"\n")  # fmt: skip
    c.append(N(F, read(text, "mx-n4")))
    out = json.dumps({"server_name": "matrix.org", "verify_keys": {"ed25519:a_RXGa": {"key": "l8Hft5qXKn1vfHrg3p4+W8gELQVo8N13JkluMfmn2sQ"}}, "old_verify_keys": {},
                      "valid_until_ts": 1733000000000}, indent=1)  # fmt: skip
    c.append(N(F, sh("curl -s https://matrix.org/_matrix/key/v2/server | jq .", out, "mx-n5")))
    out = "Device ID    Display name          Last seen IP   Last seen\n" + "\n".join(
        f"{s(f'dv{i}', 10, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')}   {n}   10.0.4.{i + 10}   2026-11-2{i}"
        for i, n in enumerate(["maubot-prod", "Element Desktop", "grafana-notifier"])
    )
    c.append(N(F, sh("synadm user devices ops-bot", out, "mx-n6")))
    c.append(
        N(
            F,
            ask(
                "how do I give the grafana matrix bot an access token that doesn't expire? synapse 1.119, we have `refresh_token_lifetime` set. bot user is @grafana:chat.acme.io",
                "mx-n7",
            ),
        )
    )
    return c


def game_backends() -> list:
    F = "b18: steamworks and game backend keys"
    c = []
    for k in range(2):
        key = hx(f"steam{k}", 32).upper()
        cmd = f"curl -s 'https://partner.steam-api.com/ISteamUser/CheckAppOwnership/v4/?key={key}&steamid=7656119{digits(f'sid{k}', 10)}&appid={digits(f'app{k}', 7)}'"
        c.append(
            P(
                F,
                sh(
                    cmd,
                    '{"appownership":{"ownsapp":true,"permanent":true,"timestamp":"2024-06-02T18:22:11Z","ownersteamid":"7656119'
                    + digits(f"sid{k}", 10)
                    + '","result":"OK"}}',
                    f"st{k}",
                ),
                key,
            )
        )
    key = s("playfab", 52, UPNUM)
    c.append(
        P(
            F,
            read(
                f"[/Script/PlayFab.PlayFabRuntimeSettings]\nTitleId={hx('pftitle', 5).upper()}\nDeveloperSecretKey={key}\nbUseBackgroundThreads=True\n",
                "pf",
            ),
            key,
        )
    )
    sec = s("eossec", 43, URLSAFE)
    c.append(
        P(
            F,
            write(
                "/home/dev/game/Config/DefaultEngine.ini",
                f'[/Script/OnlineSubsystemEOS.EOSSettings]\n+Artifacts=(ArtifactName="Live",ClientId="xyza7891{s("eoscid", 24)}",ClientSecret="{sec}",ProductId="{hx("eospid", 32)}",SandboxId="{hx("eossb", 32)}",DeploymentId="{hx("eosdep", 32)}")\n',
                "eos",
            ),
            sec,
        )
    )
    pw = person(3)
    c.append(P(F, sh(f"steamcmd +login acme_builder '{pw}' +run_app_build ../scripts/app_build_{digits('app0', 7)}.vdf +quit",
                     "Logging in user 'acme_builder' [U:1:" + digits("u1", 10) + "] to Steam Public...OK\nBuilding depot " + digits("depot", 7) + "...\nSuccessfully finished AppID " + digits("app0", 7) + " build (BuildID " + digits("bld", 8) + ").", "steamcmd"), pw))  # fmt: skip
    key = s("nakama", 32)
    c.append(
        P(
            F,
            ask(
                f"nakama server rejects http_key calls from our cloud function, docker-compose has `--runtime.http_key {key}` and the function sends ?http_key= with the same. 401",
                "nk",
            ),
            key,
        )
    )
    # negatives
    for k in range(2):
        text = (f'"AppBuild"\n{{\n\t"AppID" "{digits(f"napp{k}", 7)}"\n\t"Desc" "nightly {2026}-11-{28 + k}"\n\t"BuildOutput" "../output/"\n\t"ContentRoot" "../content/"\n'
                f'\t"SetLive" "beta"\n\t"Depots"\n\t{{\n\t\t"{digits(f"ndep{k}", 7)}" "depot_build_{digits(f"ndep{k}", 7)}.vdf"\n\t}}\n}}\n')  # fmt: skip
        c.append(
            N(
                F,
                [read, lambda t, sd: write("/home/dev/game/scripts/app_build.vdf", t, sd)][k](
                    text, f"gb-n{k}"
                ),
            )
        )
    out = (f"Depot {digits('ndep0', 7)} - Manifest {digits('man', 19)} - 4.12 GB\nBuildID {digits('nbld', 8)} set live on branch 'beta'\n"
           f"Chunk SHA: {sha('chunk', 40)}")  # fmt: skip
    c.append(N(F, sh("grep -E 'Manifest|BuildID|Chunk' output/*.log | tail -3", out, "gb-n3")))
    out = json.dumps({"code": 200, "status": "OK", "data": {"PlayFabId": hx("pfid", 16).upper(), "SessionTicket": None, "NewlyCreated": False,
                                                           "SettingsForUser": {"NeedsAttribution": False}, "EntityToken": None}}, indent=1)  # fmt: skip
    c.append(N(F, said(out, "gb-n4")))
    text = (f"[/Script/PlayFab.PlayFabRuntimeSettings]\nTitleId={hx('pftitle', 5).upper()}\n; DeveloperSecretKey only in the dedicated server build, from env PF_SECRET\n"
            "[/Script/Engine.GameSession]\nMaxPlayers=16\n")  # fmt: skip
    c.append(N(F, read(text, "gb-n5")))
    out = "\n".join(
        f"7656119{digits(f'np{i}', 10)}  {n}  {p} ms"
        for i, (n, p) in enumerate([("kestrel", 31), ("n0va", 58), ("mirjam_k", 44)])
    )
    c.append(
        N(F, sh("./tools/lobby_dump --lobby " + digits("lobby", 18) + " --members", out, "gb-n6"))
    )
    c.append(N(F, ask("is the steam web api publisher key allowed in the game client for GetPlayerSummaries, or do I need a server proxy? "
                      "appid " + digits("app0", 7) + ", our partner group is 'Acme Games'", "gb-n7")))  # fmt: skip
    return c


def devcontainer() -> list:
    F = "b18: devcontainer and codespaces configs"
    c = []
    for k in range(2):
        key = "sk-proj-" + s(f"oaiproj{k}", 120, URLSAFE) + "T3BlbkFJ" + s(f"oaip2{k}", 20, URLSAFE)
        dc = {"name": "api", "image": "mcr.microsoft.com/devcontainers/python:1-3.12-bookworm",
              "features": {"ghcr.io/devcontainers/features/node:1": {"version": "22"}},
              "containerEnv": {"OPENAI_API_KEY": key, "PYTHONUNBUFFERED": "1"}, "postCreateCommand": "pip install -r requirements.txt"}  # fmt: skip
        c.append(
            P(
                F,
                [read, lambda t, sd: write("/home/dev/app/.devcontainer/devcontainer.json", t, sd)][
                    k
                ](json.dumps(dc, indent=2), f"dc{k}"),
                key,
            )
        )
    pw = person(10)
    text = f"services:\n  app:\n    build: .\n    volumes:\n      - ..:/workspaces/app:cached\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: {pw}\n"
    c.append(P(F, sh("cat .devcontainer/docker-compose.yml", text, "dccomp"), pw))
    tok = "ghp_" + s("dcgh", 36)
    c.append(
        P(
            F,
            ask(
                f"in the codespace, `gh auth status` shows the GITHUB_TOKEN of the codespace, not my PAT. I exported GH_TOKEN={tok} in .bashrc but npm install from ghcr still 403",
                "dcgh",
            ),
            tok,
        )
    )
    tok = "npm_" + s("dcnpm", 36)
    c.append(
        P(
            F,
            edit(
                "/home/dev/app/.devcontainer/devcontainer.json",
                '"remoteEnv": {}',
                '"remoteEnv": {\n    "NPM_TOKEN": "' + tok + '"\n  }',
                "dcnpm",
            ),
            tok,
        )
    )
    key = s("dcdd", 32, HEX)
    c.append(P(F, sh("docker inspect $(docker ps -q --filter label=devcontainer.local_folder=/home/dev/app) --format '{{json .Config.Env}}'",
                     json.dumps(["DD_API_KEY=" + key, "PATH=/usr/local/bin:/usr/bin", "PYTHONUNBUFFERED=1"]), "dcenv"), key))  # fmt: skip
    # negatives
    for k in range(2):
        dc = {"name": "web", "image": "mcr.microsoft.com/devcontainers/typescript-node@sha256:" + sha(f"dcimg{k}", 64),
              "features": {"ghcr.io/devcontainers/features/github-cli:1": {}, "ghcr.io/devcontainers/features/docker-in-docker:2": {"version": "27.3"}},
              "remoteEnv": {"NPM_TOKEN": "${localEnv:NPM_TOKEN}", "OPENAI_API_KEY": "${localEnv:OPENAI_API_KEY}"},
              "secrets": {"OPENAI_API_KEY": {"description": "OpenAI key for the summarizer", "documentationUrl": "https://platform.openai.com/api-keys"}}}  # fmt: skip
        c.append(
            N(
                F,
                [read, lambda t, sd: write("/home/dev/app/.devcontainer/devcontainer.json", t, sd)][
                    k
                ](json.dumps(dc, indent=2), f"dv-n{k}"),
            )
        )
    out = json.dumps({"features": {"ghcr.io/devcontainers/features/node:1": {"version": "1.6.1", "resolved": "ghcr.io/devcontainers/features/node@sha256:" + sha("featnode", 64),
                                                                             "integrity": "sha256:" + sha("featnode", 64)}}}, indent=2)  # fmt: skip
    c.append(N(F, sh("cat .devcontainer/devcontainer-lock.json", out, "dv-n3")))
    out = ("NAME                                  DISPLAY NAME        REPOSITORY   BRANCH   STATE      CREATED AT\n"
           f"{'super-space-' + s('cs', 20, LOWNUM)}   super space   acme/api     main     Available  2026-11-27T09:11:02Z")  # fmt: skip
    c.append(N(F, sh("gh codespace list", out, "dv-n4")))
    out = "NAME            UPDATED   VISIBILITY\nOPENAI_API_KEY  about 2 days ago   selected\nNPM_TOKEN  about 1 month ago   all"
    c.append(N(F, sh("gh secret list --app codespaces", out, "dv-n5")))
    c.append(
        N(
            F,
            ask(
                "why does ${localEnv:NPM_TOKEN} come out empty in the container on my mac but works on linux? I launch vscode from the dock",
                "dv-n6",
            ),
        )
    )
    return c


def seed_scripts() -> list:
    F = "b18: django and rails seed scripts creating admin users"
    c = []
    for k in range(2):
        pw = person(11 + k)
        code = (f"# db/seeds.rb\nadmin = User.find_or_create_by!(email: 'admin@{['shop', 'crm'][k]}.example') do |u|\n  u.name = 'Admin'\n"
                f"  u.password = '{pw}'\n  u.password_confirmation = '{pw}'\n  u.role = :admin\nend\nputs \"admin ready: #{{admin.email}}\"\n")  # fmt: skip
        c.append(
            P(
                F,
                [read, lambda t, sd: write("/home/dev/app/db/seeds.rb", t, sd)][k](code, f"rb{k}"),
                pw,
            )
        )
    pw = person(14)
    c.append(P(F, sh(f"DJANGO_SUPERUSER_USERNAME=admin DJANGO_SUPERUSER_EMAIL=ops@acme.io DJANGO_SUPERUSER_PASSWORD='{pw}' python manage.py createsuperuser --noinput",
                     "Superuser created successfully.", "dj"), pw))  # fmt: skip
    pw = rs("djshell", 16)
    c.append(
        P(
            F,
            sh(
                f"python manage.py shell -c \"from django.contrib.auth.models import User; u=User.objects.get(username='support'); u.set_password('{pw}'); u.save()\"",
                "",
                "djshell",
            ),
            pw,
        )
    )
    pw = person(0)
    code = f"from django.core.management.base import BaseCommand\n\nclass Command(BaseCommand):\n    def handle(self, *a, **kw):\n        User.objects.create_superuser('ops', 'ops@acme.io', '{pw}')\n"
    c.append(
        P(
            F,
            write("/home/dev/app/accounts/management/commands/bootstrap_admin.py", code, "djcmd"),
            pw,
        )
    )
    pw = person(6)
    c.append(
        P(
            F,
            ask(
                f"rails db:seed on staging made the admin with password {pw} but devise says invalid email or password. confirmable is on, could that be it?",
                "rbask",
            ),
            pw,
        )
    )
    # negatives
    for k in range(2):
        code = ("# db/seeds.rb\nadmin_password = ENV.fetch('SEED_ADMIN_PASSWORD') { SecureRandom.base58(20) }\n"
                "User.find_or_create_by!(email: 'admin@shop.example') do |u|\n  u.password = admin_password\n  u.role = :admin\nend\n"
                "puts 'admin password set from SEED_ADMIN_PASSWORD (or random; reset it via the console)'\n")  # fmt: skip
        c.append(
            N(
                F,
                [read, lambda t, sd: write("/home/dev/app/db/seeds.rb", t, sd)][k](
                    code, f"sd-n{k}"
                ),
            )
        )
    code = ("FactoryBot.define do\n  factory :user do\n    sequence(:email) { |n| \"user#{n}@example.com\" }\n    password { 'password' }\n"
            "    password_confirmation { 'password' }\n  end\nend\n")  # fmt: skip
    c.append(N(F, read(code, "sd-n3")))
    text = ("- model: auth.user\n  pk: 1\n  fields:\n    username: admin\n    email: admin@example.com\n"
            f"    password: pbkdf2_sha256$870000${s('djsalt', 22)}${b64raw('djh', 32)}\n    is_superuser: true\n")  # fmt: skip
    c.append(N(F, sh("cat fixtures/users.yaml", text, "sd-n4")))
    out = ("Operations to perform:\n  Apply all migrations: accounts, admin, auth, contenttypes, sessions\nRunning migrations:\n"
           "  Applying accounts.0007_apitoken_hashed_key... OK\n  Applying accounts.0008_remove_apitoken_plain_key... OK")  # fmt: skip
    c.append(N(F, sh("python manage.py migrate", out, "sd-n5")))
    out = "== Seeding ==\nCreated 1 admin (admin@shop.example), 40 customers, 212 orders\nAdmin password: (from SEED_ADMIN_PASSWORD)\nDone in 3.21s"
    c.append(N(F, sh("bin/rails db:seed", out, "sd-n6")))
    c.append(N(F, ask("what's the cleanest way to create the first django superuser in a k8s job without putting the password in the manifest? "
                      "we already have a secret `django-admin` with key `password`", "sd-n7")))  # fmt: skip
    return c


def prisma() -> list:
    F = "b18: prisma and drizzle datasource configs"
    c = []
    for k in range(2):
        pw = person(2 + k * 5)
        code = (f"import {{ defineConfig }} from 'drizzle-kit';\n\nexport default defineConfig({{\n  schema: './src/db/schema.ts',\n  out: './drizzle',\n  dialect: 'postgresql',\n"
                f"  dbCredentials: {{\n    url: 'postgres://app_owner:{pw}@ep-{s(f'neon{k}', 12, LOWER)}-{digits(f'neon{k}', 6)}.eu-central-1.aws.neon.tech/appdb?sslmode=require',\n  }},\n}});\n")  # fmt: skip
        c.append(
            P(
                F,
                [read, lambda t, sd: write("/home/dev/web/drizzle.config.ts", t, sd)][k](
                    code, f"dz{k}"
                ),
                pw,
            )
        )
    pw = rs("prismaenv", 22)
    c.append(
        P(
            F,
            sh(
                "cat .env",
                f'# Environment variables declared in this file are automatically made available to Prisma.\nDATABASE_URL="mysql://root:{pw}@127.0.0.1:3306/shop"\nSHADOW_DATABASE_URL="mysql://root:{pw}@127.0.0.1:3306/shop_shadow"\n',
                "prenv",
            ),
            pw,
        )
    )
    pw = person(9)
    c.append(
        P(
            F,
            ask(
                f"prisma migrate dev hangs at 'Datasource \"db\"'. url is postgresql://postgres:{pw}@localhost:5433/app?schema=public&connection_limit=1 — port 5433 is the docker one",
                "prask",
            ),
            pw,
        )
    )
    tok = "libsql" + jwt("turso", {"a": "rw", "iat": 1732000000, "id": uuid_of("tursoid")})
    tok = tok[len("libsql") :]
    c.append(
        P(
            F,
            write(
                "/home/dev/web/.env.local",
                f"TURSO_DATABASE_URL=libsql://app-acme.turso.io\nTURSO_AUTH_TOKEN={tok}\n",
                "turso",
            ),
            tok,
        )
    )
    pw = person(15)
    out = (f"Error: P1000: Authentication failed against database server at `db.internal`, the provided database credentials for `app` are not valid.\n"
           f"Please make sure to provide valid database credentials for the database server at `db.internal`.\n  url: postgresql://app:{pw}@db.internal:5432/app")  # fmt: skip
    c.append(P(F, sh("npx prisma db pull", "", "prerr", err=out), pw))
    # negatives
    for k in range(2):
        schema = ('generator client {\n  provider = "prisma-client-js"\n  previewFeatures = ["driverAdapters"]\n}\n\ndatasource db {\n  provider  = "postgresql"\n'
                  '  url       = env("DATABASE_URL")\n  directUrl = env("DIRECT_URL")\n}\n\nmodel ApiKey {\n  id        String   @id @default(cuid())\n'
                  '  prefix    String   @unique\n  hash      String\n  createdAt DateTime @default(now())\n}\n')  # fmt: skip
        c.append(
            N(
                F,
                [read, lambda t, sd: write("/home/dev/web/prisma/schema.prisma", t, sd)][k](
                    schema, f"pr-n{k}"
                ),
            )
        )
    out = ("Environment variables loaded from .env\nPrisma schema loaded from prisma/schema.prisma\nDatasource \"db\": PostgreSQL database \"app\", schema \"public\" at \"localhost:5433\"\n\n"
           "Applying migration `20261129091201_api_key_hash`\n\nThe following migration(s) have been applied:\n\nmigrations/\n  \u2514\u2500 20261129091201_api_key_hash/\n    \u2514\u2500 migration.sql\n")  # fmt: skip
    c.append(N(F, sh("npx prisma migrate dev --name api_key_hash", out, "pr-n3")))
    out = (
        " id                                   | checksum                                                         | migration_name\n"
        + "\n".join(
            f" {uuid_of(f'pm{i}')} | {sha(f'pmc{i}', 64)} | 2026112{i}0912{i}1_step{i}"
            for i in range(3)
        )
    )
    c.append(
        N(
            F,
            sh(
                "psql \"$DATABASE_URL\" -c 'select id, checksum, migration_name from _prisma_migrations'",
                out,
                "pr-n4",
            ),
        )
    )
    out = (f"[\u2713] Pulling schema from database...\n[\u2713] Changes applied\n  ALTER TABLE \"api_keys\" ADD COLUMN \"hash\" text NOT NULL;\n"
           f"  CREATE UNIQUE INDEX \"api_keys_prefix_idx\" ON \"api_keys\" (\"prefix\");\nsnapshot id: {uuid_of('dzsnap')}")  # fmt: skip
    c.append(N(F, sh("npx drizzle-kit push", out, "pr-n5")))
    code = "export const apiKeys = pgTable('api_keys', {\n  id: serial('id').primaryKey(),\n  prefix: varchar('prefix', { length: 12 }).notNull().unique(),\n  hash: text('hash').notNull(),\n});\n"
    c.append(N(F, read(code, "pr-n6")))
    text = 'DATABASE_URL="postgresql://USER:PASSWORD@HOST:5432/DATABASE?schema=public"\nDIRECT_URL="postgresql://USER:PASSWORD@HOST:5432/DATABASE"\n'
    c.append(N(F, write("/home/dev/web/.env.example", text, "pr-n7")))
    return c


def m365() -> list:
    F = "b18: microsoft 365 and entra admin scripts"
    c = []

    def entra_secret(seed: str) -> str:
        return s(seed, 3) + digits(seed, 1) + "Q~" + s(seed + "b", 34, ALNUM + "._-~")

    for k in range(2):
        sec = entra_secret(f"entra{k}")
        code = (f"$tenantId = '{uuid_of(f'tenant{k}')}'\n$appId    = '{uuid_of(f'app{k}')}'\n$secret   = ConvertTo-SecureString '{sec}' -AsPlainText -Force\n"
                "$cred     = New-Object System.Management.Automation.PSCredential($appId, $secret)\n"
                "Connect-MgGraph -TenantId $tenantId -ClientSecretCredential $cred -NoWelcome\nGet-MgUser -Filter \"accountEnabled eq false\" -All | Select DisplayName,UserPrincipalName\n")  # fmt: skip
        c.append(
            P(
                F,
                [read, lambda t, sd: write("/home/dev/it/scripts/disabled-users.ps1", t, sd)][k](
                    code, f"m365{k}"
                ),
                sec,
            )
        )
    sec = entra_secret("newpw")
    out = (f"CustomKeyIdentifier :\nDisplayName         : offboarding-automation\nEndDateTime         : 29/05/2027 09:14:02\nHint                : {sec[:3]}\n"
           f"KeyId               : {uuid_of('keyid')}\nSecretText          : {sec}\nStartDateTime       : 29/11/2026 09:14:02")  # fmt: skip
    c.append(
        P(
            F,
            sh(
                "pwsh -c \"Add-MgApplicationPassword -ApplicationId $objId -PasswordCredential @{DisplayName='offboarding-automation'} | Format-List\"",
                out,
                "addpw",
            ),
            sec,
        )
    )
    pw = person(4)
    code = (f"$profile = @{{ Password = '{pw}'; ForceChangePasswordNextSignIn = $true }}\n"
            "New-MgUser -DisplayName 'Lena Hoffmann' -UserPrincipalName lena.hoffmann@acme.io -MailNickname lena.hoffmann -AccountEnabled -PasswordProfile $profile\n")  # fmt: skip
    c.append(P(F, sh("cat ./onboard-lena.ps1", code, "newuser"), pw))
    pw = person(8)
    c.append(
        P(
            F,
            ask(
                f"Connect-ExchangeOnline -Credential fails with 'AADSTS50076 MFA required' for svc-mailflow@acme.io (password {pw}). is basic auth for the service account gone for good? need the certificate way",
                "exo",
            ),
            pw,
        )
    )
    sec = entra_secret("azsp")
    out = json.dumps(
        {
            "appId": uuid_of("azspapp"),
            "displayName": "gh-deploy",
            "password": sec,
            "tenant": uuid_of("tenant0"),
        },
        indent=2,
    )
    c.append(
        P(
            F,
            sh(
                "az ad sp create-for-rbac --name gh-deploy --role contributor --scopes /subscriptions/"
                + uuid_of("sub")
                + "/resourceGroups/web-rg",
                out,
                "azsp",
            ),
            sec,
        )
    )
    # negatives
    for k in range(2):
        code = (f"$tenantId = '{uuid_of(f'ntenant{k}')}'\n$appId    = '{uuid_of(f'napp{k}')}'\n$thumb    = '{hx(f'thumb{k}', 40).upper()}'\n"
                "Connect-MgGraph -TenantId $tenantId -ClientId $appId -CertificateThumbprint $thumb -NoWelcome\n"
                "Connect-ExchangeOnline -AppId $appId -CertificateThumbprint $thumb -Organization acme.onmicrosoft.com -ShowBanner:$false\n")  # fmt: skip
        c.append(
            N(
                F,
                [read, lambda t, sd: write("/home/dev/it/scripts/connect.ps1", t, sd)][k](
                    code, f"ms-n{k}"
                ),
            )
        )
    out = "\n".join(
        f"DisplayName : {n}\nKeyId       : {uuid_of(f'kid{i}')}\nHint        : {s(f'hint{i}', 3)}\nEndDateTime : 2027-0{i + 1}-15T00:00:00Z\n"
        for i, n in enumerate(["offboarding-automation", "reports-sync"])
    )
    c.append(
        N(
            F,
            sh(
                "(Get-MgApplication -ApplicationId $objId).PasswordCredentials | Format-List DisplayName,KeyId,Hint,EndDateTime",
                out,
                "ms-n3",
            ),
        )
    )
    out = json.dumps({"@odata.context": "https://graph.microsoft.com/v1.0/$metadata#users", "value": [{"id": uuid_of(f"u{i}"), "displayName": n, "userPrincipalName": f"{n.lower().replace(' ', '.')}@acme.io",
                                                                                                        "accountEnabled": False} for i, n in enumerate(["Tomas Berg", "Aiko Mori"])]}, indent=1)  # fmt: skip
    c.append(N(F, said(out, "ms-n4")))
    out = ("Id                                   DisplayName      AppId                                SignInAudience\n"
           f"{uuid_of('spobj')} gh-deploy        {uuid_of('azspapp')} AzureADMyOrg")  # fmt: skip
    c.append(N(F, sh("Get-MgApplication -Filter \"displayName eq 'gh-deploy'\"", out, "ms-n5")))
    c.append(N(F, ask("write a powershell that lists all app registrations whose client secrets expire in the next 30 days, with app name, KeyId and "
                      "EndDateTime only, never the secret text. tenant " + uuid_of("tenant0"), "ms-n6")))  # fmt: skip
    text = f"AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '{uuid_of('azspapp')}'.\nTrace ID: {uuid_of('trace')}\nCorrelation ID: {uuid_of('corr')}\nTimestamp: 2026-11-29 09:20:11Z"
    c.append(
        N(
            F,
            sh(
                'az login --service-principal -u $APP_ID -p "$SP_SECRET" --tenant $TENANT',
                "",
                "ms-n7",
                err=text,
            ),
        )
    )
    return c


def laravel() -> list:
    F = "b18: laravel env and artisan output"
    c = []
    for k in range(2):
        key = "base64:" + b64raw(f"lvkey{k}", 32)
        text = f"APP_NAME=Shop\nAPP_ENV=production\nAPP_KEY={key}\nAPP_DEBUG=false\nAPP_URL=https://shop.example\n\nLOG_CHANNEL=stack\nDB_CONNECTION=mysql\n"
        c.append(
            P(F, [lambda t, sd: sh("cat .env | head -8", t, sd), read][k](text, f"lv{k}"), key)
        )
    key = "base64:" + b64raw("lvshow", 32)
    c.append(P(F, sh("php artisan key:generate --show", key, "lvshow"), key))
    pw = person(5)
    c.append(P(F, edit("/home/dev/shop/.env", "DB_PASSWORD=", f"DB_PASSWORD={pw}", "lvdb"), pw))
    pw = person(13)
    out = (f"  Illuminate\\Database\\QueryException \n\n  SQLSTATE[HY000] [1045] Access denied for user 'shop'@'172.18.0.5' (using password: YES) "
           f"(Connection: mysql, SQL: select * from `sessions`)\n\n  #0 vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php:65\n"
           f"  PDO->__construct('mysql:host=db;port=3306;dbname=shop', 'shop', '{pw}', Array)")  # fmt: skip
    c.append(P(F, ask("after deploy every page is 500, log says:\n" + out, "lvex"), pw))
    sec = s("pusher", 20, HEX)
    c.append(
        P(
            F,
            write(
                "/home/dev/shop/.env.production",
                f"BROADCAST_CONNECTION=pusher\nPUSHER_APP_ID={digits('pid', 7)}\nPUSHER_APP_KEY={hx('pkey', 20)}\nPUSHER_APP_SECRET={sec}\nPUSHER_APP_CLUSTER=eu\n",
                "pusher",
            ),
            sec,
        )
    )
    # negatives
    out = ("  Environment ................................................................\n  Application Name ...................................................... Shop\n"
           "  Laravel Version ..................................................... 11.34.2\n  PHP Version ........................................................... 8.3.14\n"
           "  Environment ..................................................... production\n  Debug Mode ............................................................. OFF\n"
           "  Cache ......................................................................\n  Config ............................................................. CACHED\n"
           "  Drivers ....................................................................\n  Session ........................................................... redis")  # fmt: skip
    c.append(N(F, sh("php artisan about --only=environment,cache,drivers", out, "lv-n1")))
    code = ("return [\n    'key' => env('APP_KEY'),\n    'previous_keys' => [\n        ...array_filter(explode(',', env('APP_PREVIOUS_KEYS', ''))),\n    ],\n"
            "    'cipher' => 'AES-256-CBC',\n];\n")  # fmt: skip
    c.append(N(F, read(code, "lv-n2")))
    out = "\n".join(f"  {m:<7} {u:<40} {n}" for m, u, n in [("POST", "api/tokens", "tokens.store \u203a Api\\TokenController@store"),
                                                               ("DELETE", "api/tokens/{token}", "tokens.destroy \u203a Api\\TokenController@destroy"),
                                                               ("GET|HEAD", "password/reset/{token}", "password.reset \u203a Auth\\ResetPasswordController@showResetForm")])  # fmt: skip
    c.append(
        N(F, sh("php artisan route:list --path=token", out + "\n\n  Showing [3] routes", "lv-n3"))
    )
    out = json.dumps({"name": "laravel/sanctum", "version": "v4.0.3", "source": {"type": "git", "url": "https://github.com/laravel/sanctum.git", "reference": sha("sanctum", 40)},
                      "dist": {"type": "zip", "url": f"https://api.github.com/repos/laravel/sanctum/zipball/{sha('sanctum', 40)}", "shasum": ""}}, indent=4)  # fmt: skip
    c.append(
        N(
            F,
            sh(
                "jq '.packages[] | select(.name==\"laravel/sanctum\") | {name,version,source,dist}' composer.lock",
                out,
                "lv-n4",
            ),
        )
    )
    text = (
        "APP_KEY=\nDB_PASSWORD=\nPUSHER_APP_SECRET=\nMAIL_PASSWORD=null\nAWS_SECRET_ACCESS_KEY=\n"
    )
    c.append(N(F, write("/home/dev/shop/.env.example", text, "lv-n5")))
    out = f"  INFO  Application key set successfully.\n\nrotated: previous key kept in APP_PREVIOUS_KEYS (fingerprint {sha('lvfp', 12)})"
    c.append(N(F, sh("php artisan key:generate --force && ./bin/note-key-rotation", out, "lv-n6")))
    code = "$token = $user->createToken('cli', ['orders:read']);\nreturn response()->json(['id' => $token->accessToken->id, 'abilities' => ['orders:read']]);\n// plainTextToken is shown once to the user, never logged\n"
    c.append(N(F, read(code, "lv-n7")))
    return c


def fastlane() -> list:
    F = "b18: fastlane and app store connect sessions"
    c = []
    for k in range(2):
        asp = "-".join(s(f"asp{k}{i}", 4, LOWER) for i in range(4))
        text = (f"FASTLANE_USER=release@acme.io\nFASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD={asp}\nFASTLANE_ITC_TEAM_ID={digits(f'itc{k}', 9)}\n"
                f"MATCH_GIT_URL=git@github.com:acme/certificates.git\n")  # fmt: skip
        c.append(
            P(
                F,
                [read, lambda t, sd: sh("cat fastlane/.env.default", t, sd)][k](text, f"fl{k}"),
                asp,
            )
        )
    pw = person(7)
    c.append(P(F, sh(f"MATCH_PASSWORD='{pw}' bundle exec fastlane match appstore --readonly",
                     "[09:31:02]: Cloning remote git repo...\n[09:31:05]: \U0001F513  Successfully decrypted certificates repo\n"
                     "[09:31:06]: Installing certificate...\n+-----------------------+-------------------------------------------+\n|                Installed Certificate                     |\n"
                     f"| User ID   | {s('uid', 10, UPNUM)}  |\n| Common Name | Apple Distribution: Acme s.r.o. ({s('team', 10, UPNUM)}) |", "match"), pw))  # fmt: skip
    p8 = "\n".join(b64raw("p8", 138)[i : i + 64] for i in range(0, 184, 64))
    text = f"-----BEGIN PRIVATE KEY-----\n{p8}\n-----END PRIVATE KEY-----"
    key = json.dumps(
        {
            "key_id": s("ascid", 10, UPNUM),
            "issuer_id": uuid_of("issuer"),
            "key": text,
            "in_house": False,
        }
    )
    c.append(
        P(F, write("/home/dev/app/fastlane/asc_api_key.json", key, "ascjson"), *p8.split("\n"))
    )
    pw = person(1)
    c.append(
        P(
            F,
            ask(
                f"fastlane pilot upload fails with 'Invalid username and password combination' — FASTLANE_PASSWORD is {pw} and I can log in on the web. 2FA?",
                "flask",
            ),
            pw,
        )
    )
    sess = (
        "---\n- !ruby/object:HTTP::Cookie\n  name: myacinfo\n  value: DAWTKNV"
        + s("myac", 180, HEX)
        + '\n  domain: apple.com\n  for_domain: true\n  path: "/"\n'
    )
    c.append(P(F, sh("bundle exec fastlane spaceauth -u release@acme.io | tail -8", "Pass the following via the FASTLANE_SESSION environment variable:\n" + sess, "spaceauth"),
                  "DAWTKNV" + s("myac", 180, HEX)))  # fmt: skip
    # negatives
    for k in range(2):
        text = ("lane :beta do\n  api_key = app_store_connect_api_key(\n    key_id: ENV['ASC_KEY_ID'],\n    issuer_id: ENV['ASC_ISSUER_ID'],\n"
                "    key_filepath: ENV['ASC_KEY_PATH']\n  )\n  match(type: 'appstore', readonly: true, api_key: api_key)\n"
                f"  build_app(scheme: 'Acme', export_method: 'app-store')\n  upload_to_testflight(api_key: api_key, skip_waiting_for_build_processing: {['true', 'false'][k]})\nend\n")  # fmt: skip
        c.append(
            N(
                F,
                [read, lambda t, sd: write("/home/dev/app/fastlane/Fastfile", t, sd)][k](
                    text, f"fl-n{k}"
                ),
            )
        )
    out = ("+----------------------------------------+\n|           Summary for match 2.225.0     |\n+------------------+---------------------+\n"
           f"| type             | appstore            |\n| readonly         | true                |\n| git_url          | git@github.com:acme/certificates.git |\n"
           f"| app_identifier   | [\"io.acme.app\"]     |\n| team_id          | {s('team', 10, UPNUM)}          |\n+------------------+---------------------+\n"
           f"[09:44:12]: Installed Provisioning Profile 'match AppStore io.acme.app' ({uuid_of('pp').upper()})")  # fmt: skip
    c.append(N(F, sh("bundle exec fastlane match appstore --readonly", out, "fl-n3")))
    out = (f"[10:02:41]: Successfully uploaded package to App Store Connect. It might take a few minutes until it's visible online.\n"
           f"[10:02:41]: Build number: 4821, version 3.12.0, delivery uuid {uuid_of('deliv')}")  # fmt: skip
    c.append(N(F, sh("bundle exec fastlane beta", out, "fl-n4")))
    text = f"ASC_KEY_ID={s('ascid', 10, UPNUM)}\nASC_ISSUER_ID={uuid_of('issuer')}\nASC_KEY_PATH=$RUNNER_TEMP/AuthKey.p8\nMATCH_PASSWORD=${{{{ secrets.MATCH_PASSWORD }}}}\n"
    c.append(N(F, read(text, "fl-n5")))
    out = f"{digits('rev', 8)}  match AppStore io.acme.app  {uuid_of('pp2').upper()}  expires 2027-11-28\n{digits('rev2', 8)}  match Development io.acme.app  {uuid_of('pp3').upper()}  expires 2027-11-28"
    c.append(
        N(
            F,
            sh(
                "ls ~/Library/MobileDevice/Provisioning\\ Profiles | xargs -I{} ./tools/ppinfo {}",
                out,
                "fl-n6",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                "should I move from app-specific passwords to the ASC api key for fastlane pilot? key id would be "
                + s("ascid", 10, UPNUM)
                + ", issuer is in the team settings",
                "fl-n7",
            ),
        )
    )
    return c


# ---------------------------------------------------------------- people's text


def ocr_text() -> list:
    F = "b18: ocr text of screenshots"
    c = []
    pw = person(3)
    c.append(P(F, ask("ocr of the screenshot the customer sent (router admin page):\n\nWireless Settings   |  2.4GHz  5GHz\nSSID  ClinicaSul-5G\nSecurity  WPA2-PSK [AES]\n"
                      f"Passphrase  {pw}\n[ Apply ]  [ Cancel ]\nFirmware V1.0.9.88_10.2.88\n\nwhy can't the printer join?", "ocr1"), pw))  # fmt: skip
    seed = s("totpseed", 32, B32)
    spaced = " ".join(seed[i : i + 4] for i in range(0, 32, 4))
    c.append(P(F, ask("tesseract output of the 2FA setup page, I need to add it to the shared ops authenticator too:\n\nSet up authenticator app\n"
                      "1. Scan the QR code\n2. Can't scan it? Enter this key instead:\n   " + spaced + "\n3. Enter the 6-digit code\n[ Verify ]", "ocr2"), spaced))  # fmt: skip
    pw = person(8)
    out = (f"Teams - Chat with Marek\n10:42  Marek: the vpn login for the contractor is\n10:42  Marek: user: ext-jlopez\n10:43  Marek: pass: {pw}\n"
           "10:43  Marek: expires friday\n10:44  You: thx")  # fmt: skip
    c.append(
        P(
            F,
            sh("tesseract ~/Pictures/Screenshot_2026-11-29_104511.png - 2>/dev/null", out, "ocr3"),
            pw,
        )
    )
    key = "sk_live_" + s("ocrstripe", 99)
    c.append(P(F, said(f"Extracted text (page 1 of 1):\nAPI keys\nStandard keys\nPublishable key  pk_live_{s('ocrpk', 99)}\nSecret key  {key}\nCreated Nov 3   Last used Nov 29\n+ Create secret key", "ocr4"), key))  # fmt: skip
    pw = rs("ocrpw", 14)
    c.append(P(F, ask(f"from a photo of the sticker under the NAS (ocr, may have typos):\n\nSynology DS923+\nS/N: {s('nassn', 13, UPNUM)}\nMAC1: 00:11:32:{hx('n1', 2)}:{hx('n2', 2)}:{hx('n3', 2)}\n"
                      f"Default admin pwd: {pw}\n\nis that still the login after a reset?", "ocr5"), pw))  # fmt: skip
    tok = "glpat-" + s("ocrgl", 20, URLSAFE)
    c.append(
        P(
            F,
            ask(
                f"text from my colleague's screenshot, is this token still valid? it says\nPersonal Access Tokens\nYour new personal access token\n{tok}\nMake sure you save it",
                "ocr6",
            ),
            tok,
        )
    )
    pw = person(12)
    c.append(
        P(
            F,
            read(
                f"OCR-ed from whiteboard photo, standup 28.11.\n- staging db moved to pg16\n- new admin pw for grafana: {pw}\n- Q4 retro on Friday\n",
                "ocr7",
            ),
            pw,
        )
    )
    # negatives
    c.append(N(F, ask("ocr of the error dialog:\n\nMicrosoft Outlook\nSomething went wrong. Your organization's data cannot be pasted here.\n"
                      f"Error code: CAA2000B\nCorrelation Id: {uuid_of('ocrcorr')}\nTimestamp: 2026-11-29T09:14:02.000Z\n\n[ OK ]", "oc-n1")))  # fmt: skip
    c.append(N(F, ask("ocr of the license screen:\n\nAbout Photoshop\nVersion 26.1.0 (20241115.r.47 " + hx("psbuild", 7) + ") x64\nSerial number: ****-****-****-****-****-" + digits("lastfour", 4)
                      + "\nLicensed to: ACME s.r.o.\n\nwhich version do we need for the plugin?", "oc-n2")))  # fmt: skip
    out = (
        "Order Confirmation\nOrder #"
        + digits("ordno", 9)
        + "\nTracking: 1Z"
        + s("ups", 16, UPNUM)
        + "\nItems: 2x USB-C dock\nTotal: 412.80 EUR\nPayment: Visa \u2022\u2022\u2022\u2022 4821"
    )
    c.append(N(F, sh("tesseract invoice.png - 2>/dev/null", out, "oc-n3")))
    c.append(N(F, ask("text from the screenshot of our github settings: 'SSH key SHA256:" + b64raw("ghfp", 32).rstrip("=") + " Added on Nov 2, 2026 Last used within the last week'. "
                      "is that the laptop key or the deploy one?", "oc-n4")))  # fmt: skip
    out = (f"Sign in\nEmail  ana.k@acme.io\nPassword  \u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\n[x] Remember me\nForgot password?\n"
           f"reCAPTCHA  Privacy - Terms\nbuild {digits('bn', 5)} \u00b7 {hx('bh', 8)}")  # fmt: skip
    c.append(N(F, said(out, "oc-n5")))
    c.append(
        N(
            F,
            ask(
                "ocr of the 2FA screen:\n\nTwo-factor authentication\nEnter the code from your authenticator app\n[ _ _ _ _ _ _ ]\nLost access? Use a recovery code\n\nwhat's the api to do that step in playwright?",
                "oc-n6",
            ),
        )
    )
    out = f"Dashboard - Grafana\nCPU 41%  Mem 63%  p99 812ms\nAlert: api-latency (firing since 09:12)\nPanel id 14 \u00b7 datasource prom-{s('ds', 9, LOWNUM)}\nURL /d/{s('dash', 9)}/api?orgId=1&from=now-6h"
    c.append(
        N(
            F,
            ask(
                "from the screenshot the on-call posted:\n"
                + out
                + "\nwhat's the query behind panel 14?",
                "oc-n7",
            ),
        )
    )
    c.append(
        N(
            F,
            read(
                f"OCR-ed from whiteboard photo, standup 21.11.\n- rotate grafana admin pw (Petra) -> store in 1Password 'Grafana admin'\n- ticket OPS-{digits('tk', 4)}\n",
                "oc-n8",
            ),
        )
    )
    return c


def it_emails() -> list:
    F = "b18: onboarding and it emails with temporary passwords"
    c = []
    for k in range(2):
        pw = person(4 + k * 7)
        mail = (f"---------- Forwarded message ---------\nFrom: IT Service Desk <servicedesk@acme.io>\nDate: Fri, 28 Nov 2026 at 16:02\n"
                f"Subject: Your new account\nTo: {['jan.novak', 'sofia.r'][k]}@acme.io\n\nHi,\n\nyour account is ready.\n\n"
                f"Username: {['jan.novak', 'sofia.r'][k]}@acme.io\nTemporary password: {pw}\n\nYou'll be asked to change it at first sign-in.\n\nIT Service Desk\n")  # fmt: skip
        c.append(
            P(
                F,
                [
                    lambda t, sd: ask(
                        "I can't log in with this, says expired. can you draft a reply to IT?\n\n"
                        + t,
                        sd,
                    ),
                    read,
                ][k](mail, f"itm{k}"),
                pw,
            )
        )
    tok = s("resettok", 43, URLSAFE)
    mail = (f"From: Acme Cloud <no-reply@cloud.acme.io>\nSubject: Reset your password\n\nSomeone requested a password reset for ana@acme.io.\n"
            f"https://cloud.acme.io/account/reset?token={tok}&uid=" + digits("uid", 6) + "\nThis link expires in 60 minutes.\n")  # fmt: skip
    c.append(
        P(F, ask("is this phishing or real? the link looks legit to me\n\n" + mail, "itreset"), tok)
    )
    pw = rs("vpnpw", 12)
    c.append(P(F, sh("notmuch show --format=text tag:inbox subject:VPN | sed -n 12,22p",
                     f"Body:\nDear contractor,\n\nyour VPN profile is attached (acme-ext.ovpn).\nUsername: ext-jlopez\nPassword: {pw}\n\nThe password will be sent to you only once.\n", "itvpn"), pw))  # fmt: skip
    code = digits("wifiguest", 8)
    c.append(
        P(
            F,
            write(
                "/home/dev/notes/office-info.md",
                f"# Office\n\nForwarded from facilities (Nov 27):\n> Guest Wi-Fi 'ACME-Guest' password for December: {code}-{s('wg', 4, LOWER)}\n",
                "itwifi",
            ),
            f"{code}-{s('wg', 4, LOWER)}",
        )
    )
    pw = person(15)
    c.append(P(F, ask(f"Betreff: Zugang Lieferantenportal\n\nHallo Frau Keller,\nanbei Ihre Zugangsdaten:\nBenutzer: keller.s\nKennwort: {pw}\n\n"
                      "^ can you write the playwright login for this portal using these?", "itde"), pw))  # fmt: skip
    # negatives
    for k in range(2):
        mail = (f"From: Acme Cloud <no-reply@cloud.acme.io>\nSubject: Your password was changed\nMessage-ID: <{hx(f'mid{k}', 24)}@cloud.acme.io>\n\n"
                "The password for ana@acme.io was changed on 28 Nov 2026 at 16:40 (UTC).\nIf this wasn't you, reset it at https://cloud.acme.io/account/reset\n"
                "We will never ask for your password by email.\n")  # fmt: skip
        c.append(
            N(
                F,
                [
                    lambda t, sd: ask(
                        "can you tell me what device this was from? nothing in the email\n\n" + t,
                        sd,
                    ),
                    lambda t, sd: sh(
                        "notmuch show --format=text id:" + hx("mid1", 24) + "@cloud.acme.io", t, sd
                    ),
                ][k](mail, f"ie-n{k}"),
            )
        )
    mail = (f"Subject: [ACME-IT] Ticket #{digits('itt', 6)} resolved\n\nHello Jan,\nyour request 'reset MFA' was resolved. Please re-register the authenticator "
            "at https://aka.ms/mfasetup.\nReference: " + uuid_of("itref") + "\n")  # fmt: skip
    c.append(N(F, ask("summarize for the weekly report:\n" + mail, "ie-n3")))
    out = (f"Return-Path: <bounces+{digits('bnc', 7)}-{hx('bh2', 4)}=acme.io@em.cloud.acme.io>\nDKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=cloud.acme.io; s=s1; "
           f"h=from:subject:to; bh={b64raw('bh3', 32)}; b={b64raw('b3', 128)}\nX-MS-Exchange-Organization-SCL: 1\nAuthentication-Results: spf=pass dkim=pass dmarc=pass")  # fmt: skip
    c.append(N(F, sh("sed -n 1,6p ~/Mail/inbox/cur/1732812345.M812P.host", out, "ie-n4")))
    mail = ("Hi all,\n\nreminder: passwords are never sent by email. Temporary passwords for new hires are given by phone by the service desk,\n"
            "and new hires must enrol MFA within 24 h. The onboarding checklist is in Confluence (IT > Onboarding > v7).\n\nThanks,\nIT\n")  # fmt: skip
    c.append(N(F, write("/home/dev/notes/it-announcement.txt", mail, "ie-n5")))
    c.append(N(F, ask("write a template for the 'your account is ready' email: username, a placeholder {{TEMP_PASSWORD}} that the helpdesk tool fills in, "
                      "and a line that the password expires in 72 hours", "ie-n6")))  # fmt: skip
    c.append(
        N(
            F,
            ask(
                "Betreff: Ihr Passwort läuft in 7 Tagen ab\n\nbitte ändern Sie Ihr Kennwort unter https://passwort.acme.de. Ticket-Nr. "
                + digits("de", 7)
                + "\n\n^ is this from our IT or spam?",
                "ie-n7",
            ),
        )
    )
    return c


def wiki_notes() -> list:
    F = "b18: wiki pages and meeting notes"
    c = []
    for k in range(2):
        pw = person(k + 9)
        text = (f"# Staging environment\n\n| What | Value |\n|---|---|\n| URL | https://staging.acme.io |\n| Admin user | admin |\n| Admin password | {pw} |\n"
                "| DB host | staging-db.internal |\n\nLast edited by Petra, 2026-11-21\n")  # fmt: skip
        c.append(
            P(
                F,
                [
                    read,
                    lambda t, sd: ask(
                        "convert this wiki page to our new docs format (mkdocs, admonitions):\n\n"
                        + t,
                        sd,
                    ),
                ][k](text, f"wk{k}"),
                pw,
            )
        )
    pw = person(0)
    text = (f"## Retro 2026-11-27\n\n**Went well**\n- migration to pg16\n\n**Action items**\n- [ ] Petra: rotate the shared FTP login (currently partner / {pw}) before the audit\n"
            "- [ ] Jan: delete old S3 buckets\n")  # fmt: skip
    c.append(P(F, write("/home/dev/notes/retro-2026-11-27.md", text, "wkretro"), pw))
    key = "xoxb-" + digits("wkx1", 13) + "-" + digits("wkx2", 13) + "-" + s("wkx3", 24)
    c.append(
        P(
            F,
            sh(
                "grep -n -i 'token' docs/wiki-export/Integrations.md",
                f"12:Slack bot token (for #deploys): {key}\n13:Bot name: deploy-bot, scopes chat:write",
                "wkslack",
            ),
            key,
        )
    )
    pw = person(14)
    c.append(
        P(
            F,
            ask(
                f"meeting notes from today, please clean up:\n\n- printer on 3rd floor: admin panel 10.1.3.40, login admin/{pw}\n- new badge readers Dec 5\n- parking: see Eva",
                "wkprint",
            ),
            pw,
        )
    )
    tok = s("wknotion", 43)
    c.append(
        P(
            F,
            read(
                f"# Runbook: sync to Notion\n\n```bash\nexport NOTION_TOKEN=ntn_{tok}\npython sync.py --db {uuid_of('wkdb').replace('-', '')}\n```\n",
                "wknotion",
            ),
            "ntn_" + tok,
        )
    )
    # negatives
    for k in range(2):
        text = ("# Staging environment\n\n| What | Where |\n|---|---|\n| URL | https://staging.acme.io |\n| Admin login | 1Password \u203a Platform \u203a 'Staging admin' |\n"
                "| DB credentials | Vault `kv/staging/db` (role `staging-read`) |\n| Feature flags | Unleash project `web` |\n\n"
                f"Page id {digits(f'pg{k}', 9)} \u00b7 version {k + 14}\n")  # fmt: skip
        c.append(
            N(
                F,
                [
                    read,
                    lambda t, sd: ask(
                        "convert this wiki page to our new docs format (mkdocs):\n\n" + t, sd
                    ),
                ][k](text, f"wn-n{k}"),
            )
        )
    text = ("## Sprint review 2026-11-28\n\n- token rotation done for 14 of 16 services (missing: billing-export, legacy-sftp)\n"
            "- password policy: min 14 chars, no rotation unless compromised (NIST 800-63B)\n- the 'secret' in ticket OPS-2291 was a test value, closed\n")  # fmt: skip
    c.append(N(F, write("/home/dev/notes/review-2026-11-28.md", text, "wn-n3")))
    out = "\n".join(
        f"{uuid_of(f'wpg{i}')}  {t}"
        for i, t in enumerate(
            [
                "Secrets inventory",
                "Password policy",
                "API key rotation runbook",
                "Onboarding: accounts",
            ]
        )
    )
    c.append(
        N(
            F,
            sh(
                "confluence-cli search 'space=ENG AND title~secret OR title~password' --ids",
                out,
                "wn-n4",
            ),
        )
    )
    c.append(N(F, ask("notes from the security sync, turn into jira tickets:\n- enable secret scanning push protection on all repos\n- move jenkins creds to vault\n"
                      "- decide: 1Password vs Bitwarden for shared logins\n- rotate anything found by trufflehog last week (report in #sec)", "wn-n5")))  # fmt: skip
    text = "| Service | Owner | Secret name | Expires |\n|---|---|---|---|\n| billing-export | Jan | BILLING_SFTP_KEY | 2027-02 |\n| deploy-bot | Petra | SLACK_BOT_TOKEN | never |\n"
    c.append(N(F, read(text, "wn-n6")))
    c.append(
        N(
            F,
            ask(
                "our wiki page has a table with 'password: see vault' in every row — is there a markdown lint rule to flag rows where someone pasted a real one instead?",
                "wn-n7",
            ),
        )
    )
    return c


def prompts_cs_hr_bg() -> list:
    F = "b18: prompts in czech, slovak, croatian and bulgarian"
    c = []
    pw = person(2)
    c.append(
        P(
            F,
            ask(
                f"Ahoj, padá mi připojení k databázi na stagingu. Uživatel je app_rw a heslo {pw}, host db-stg.interni.cz. Můžeš mi napsat test v pytestu?",
                "cs1",
            ),
            pw,
        )
    )
    pw = person(6)
    c.append(
        P(
            F,
            ask(
                f"Nefunguje mi prihlásenie do Jenkinsu, heslo som včera zmenil na {pw} a teraz to hlási 'Invalid username or password'. Čo s tým?",
                "sk1",
            ),
            pw,
        )
    )
    pw = person(10)
    c.append(
        P(
            F,
            ask(
                f"Trebam bash skriptu za noćni backup na NAS. Korisnik je backup, lozinka je {pw}, putanja /volume1/backup. Neka koristi rsync.",
                "hr1",
            ),
            pw,
        )
    )
    key = "sk-ant-api03-" + s("bgkey", 93, URLSAFE) + "AA"
    c.append(
        P(
            F,
            ask(
                f"Здравей, ключът за API е {key} и получавам 401 от /v1/messages. Какво бъркам?",
                "bg1",
            ),
            key,
        )
    )
    tok = "ghp_" + s("cstok", 36)
    c.append(
        P(
            F,
            ask(
                f"Potřebuju, aby CI stahovalo z privátního repa. Token mám tenhle: {tok} — kam ho mám dát, do secrets nebo do .npmrc?",
                "cs2",
            ),
            tok,
        )
    )
    pw = person(13)
    c.append(
        P(
            F,
            ask(
                f"Zdravo, kako da postavim lozinku za postgres u docker-compose? Sad imam POSTGRES_PASSWORD={pw} direktno u fajlu.",
                "hr2",
            ),
            pw,
        )
    )
    pw = rs("bgpw", 16)
    c.append(
        P(
            F,
            ask(
                f"Паролата за SFTP сървъра на клиента е {pw}, потребител: ftp_bulgaria. Направи ми скрипт на Python с paramiko, който качва файловете от /out.",
                "bg2",
            ),
            pw,
        )
    )
    # negatives
    c.append(
        N(
            F,
            ask(
                "Kde mám uložit heslo k databázi, aby nebylo v gitu? Používáme GitLab CI a Kubernetes, heslo máme zatím v .env souboru.",
                "csn1",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                "Ahoj, proč mi `git push` pořád chce heslo, když mám nastavený SSH klíč? Remote je https://gitlab.com/firma/projekt.git",
                "csn2",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                "Môžeš prepísať túto funkciu tak, aby heslo čítala z premennej prostredia DB_PASSWORD a nie z config.ini?",
                "skn1",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                f"Koji je najbolji način rotacije API ključeva bez prekida rada? Ključ se zove PAYMENTS_API_KEY, ID ključa je {uuid_of('hrkid')}.",
                "hrn1",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                "Защо `kubectl get secret db-creds -o yaml` ми показва base64, а не истинската парола? Искам само да проверя, че съществува, без да я виждам.",
                "bgn1",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                "Грешка при билд: `npm ERR! code E401 Unable to authenticate, your authentication token seems to be invalid`. В .npmrc имам //registry.npmjs.org/:_authToken=${NPM_TOKEN}. Какво да проверя?",
                "bgn2",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                f"Commit {sha('cscommit', 40)} přidal soubor secrets.example.yaml s hodnotami 'changeme'. Je to problém pro audit?",
                "csn3",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                "Lozinka mora imati najmanje 12 znakova, veliko slovo i broj — napiši mi regex i poruku o grešci na hrvatskom za formu registracije.",
                "hrn2",
            ),
        )
    )
    return c


def prompts_caucasus_central_asia() -> list:
    F = "b18: prompts in georgian, armenian, kazakh and uzbek"
    c = []
    pw = person(1)
    c.append(
        P(
            F,
            ask(
                f"გამარჯობა, ბაზასთან კავშირი არ მუშაობს. მომხმარებელი: admin, პაროლი: {pw}. რა შეიძლება იყოს პრობლემა?",
                "ka1",
            ),
            pw,
        )
    )
    key = "sk-proj-" + s("hykey", 120, URLSAFE) + "T3BlbkFJ" + s("hykey2", 20, URLSAFE)
    c.append(P(F, ask(f"Բարև, API բանալին {key} է, բայց 401 է վերադարձնում։ Ինչու՞", "hy1"), key))
    pw = person(5)
    c.append(
        P(
            F,
            ask(
                f"Сәлем! Дерекқордың құпия сөзі {pw}, пайдаланушы postgres. Қосылу болмай жатыр, docker-compose файлын тексересің бе?",
                "kk1",
            ),
            pw,
        )
    )
    pw = person(9)
    c.append(
        P(
            F,
            ask(
                f"Salom, serverga SSH orqali ulanib bo'lmayapti. Login: root, parol: {pw}, IP 185.22.14.7. Nima qilish kerak?",
                "uz1",
            ),
            pw,
        )
    )
    tok = "xoxb-" + digits("kax1", 13) + "-" + digits("kax2", 13) + "-" + s("kax3", 24)
    c.append(
        P(
            F,
            ask(
                f"Slack ბოტის ტოკენი: {tok} — შეტყობინებები არ იგზავნება არხში #deploys. რატომ?",
                "ka2",
            ),
            tok,
        )
    )
    pw = rs("uzpw", 14)
    c.append(
        P(
            F,
            ask(
                f"1C bazasiga ulanish uchun parol {pw}, foydalanuvchi Administrator. Python orqali OData API ga so'rov yozib bering.",
                "uz2",
            ),
            pw,
        )
    )
    pw = person(12)
    c.append(
        P(
            F,
            ask(
                f"Привет, по-казахски не получится, напишу так: пароль от Wi-Fi в офисе Алматы {pw}, нужен QR-код для гостей. Құпия сөз дұрыс па?",
                "kk2",
            ),
            pw,
        )
    )
    # negatives
    c.append(
        N(
            F,
            ask(
                "როგორ შევინახო პაროლები უსაფრთხოდ Django პროექტში? .env ფაილი გამოვიყენო თუ Vault?",
                "kan1",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                "Ինչպե՞ս ստուգել, որ GitHub-ում գաղտնաբառ կամ token չի մնացել commit-ների պատմության մեջ։ Ռեպոն acme/billing է։",
                "hyn1",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                "Құпия сөзді хэштеу үшін bcrypt немесе argon2 қолданған дұрыс па? Бізде Go сервисі бар, cost параметрін қалай таңдау керек?",
                "kkn1",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                f"Salom! Commit {sha('uzcommit', 40)} dan keyin testlar yiqilyapti: `AssertionError: expected token to be masked`. Qayerdan qarash kerak?",
                "uzn1",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                f"API გასაღების ID არის {uuid_of('kakid')} — ეს საიდუმლოა თუ შეიძლება ლოგში ჩავწერო?",
                "kan2",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                "Parolni .env faylda saqlash xavfsizmi? Bizda GitLab CI bor, o'zgaruvchilarni 'masked' qilib qo'ysam yetarlimi?",
                "uzn2",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                "Գաղտնաբառի նվազագույն երկարությունը 12 նիշ է։ Գրիր ստուգման ֆունկցիա TypeScript-ով և սխալի հաղորդագրություն հայերեն։",
                "hyn2",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                f"Сборка {digits('kkbuild', 5)} упала на шаге `docker login`: 'Error response from daemon: unauthorized'. Токен берём из CI переменной REGISTRY_TOKEN. Не понимаю, что не так.",
                "kkn2",
            ),
        )
    )
    return c


def prompts_pt_es() -> list:
    F = "b18: prompts in brazilian portuguese and latin american spanish"
    c = []
    pw = person(3)
    c.append(
        P(
            F,
            ask(
                f"Oi, o deploy quebrou depois que trocaram a senha do banco. A nova senha é {pw}, usuário app_prod. Consegue atualizar o secret do k8s pra mim?",
                "pt1",
            ),
            pw,
        )
    )
    key = "AKIA" + s("ptak", 16, UPNUM)
    sk = s("ptsk", 40, B64)
    c.append(
        P(
            F,
            ask(
                f"Galera, o boto3 tá dando InvalidClientTokenId. Tô usando aws_access_key_id={key} e aws_secret_access_key={sk}, região sa-east-1. O que pode ser?",
                "pt2",
            ),
            key,
            sk,
        )
    )
    pw = person(7)
    c.append(
        P(
            F,
            ask(
                f"Che, ¿me das una mano? La clave del FTP del cliente es {pw} y el usuario es ftp_mendoza, necesito un script en Node que suba los reportes.",
                "es1",
            ),
            pw,
        )
    )
    tok = (
        "APP_USR-"
        + digits("mp1", 16)
        + "-"
        + digits("mp2", 6)
        + "-"
        + hx("mp3", 32)
        + "-"
        + digits("mp4", 9)
    )
    c.append(
        P(
            F,
            ask(
                f"Oye, el access token de Mercado Pago de producción es {tok} y los webhooks no llegan. ¿Cómo pruebo la integración?",
                "es2",
            ),
            tok,
        )
    )
    pw = rs("ptwifi", 12)
    c.append(
        P(
            F,
            ask(
                f"Preciso de um script que configure o wifi nos Raspberry da loja: rede LOJA_CENTRO, senha {pw}. Pode usar nmcli.",
                "pt3",
            ),
            pw,
        )
    )
    pw = person(11)
    c.append(
        P(
            F,
            ask(
                f"Buenas, el contador me pasó la contraseña del SAT para descargar los CFDI: {pw}. ¿Cómo automatizo la descarga con Python sin guardarla en el código?",
                "es3",
            ),
            pw,
        )
    )
    tok = (
        "TEST-"
        + digits("mpt1", 16)
        + "-"
        + digits("mpt2", 6)
        + "-"
        + hx("mpt3", 32)
        + "-"
        + digits("mpt4", 9)
    )
    c.append(
        P(
            F,
            ask(
                f"Mano, esse token do Mercado Pago {tok} é de teste mas tá dando 'invalid credentials' no sandbox, sabe por quê?",
                "pt4",
            ),
            tok,
        )
    )
    # negatives
    c.append(
        N(
            F,
            ask(
                "Onde eu guardo a senha do banco no GitHub Actions? Hoje tá no application.properties e o pessoal da segurança reclamou.",
                "ptn1",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                "¿Cómo roto la API key de Mercado Pago sin cortar los pagos? El nombre del secreto en AWS es prod/mercadopago/access-token.",
                "esn1",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                f"O commit {sha('ptcommit', 40)} removeu o .env do repositório, mas ele ainda aparece no histórico. Como limpo com git filter-repo?",
                "ptn2",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                "Necesito una expresión regular para validar contraseñas: mínimo 12 caracteres, una mayúscula, un número y un símbolo. El mensaje de error en español rioplatense.",
                "esn2",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                f"O pedido {digits('ped', 10)} ficou com status 'pending' e o payment_id {digits('payid', 11)} não aparece no painel. É problema de webhook?",
                "ptn3",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                "¿Es seguro poner la public key de Mercado Pago (la que empieza con APP_USR- y va en el frontend) en el código de React? La otra, el access token, está en el backend.",
                "esn3",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                "Tá aparecendo 'senha: ********' no log do Spring, isso significa que ele está mascarando certo ou que tá vazio?",
                "ptn4",
            ),
        )
    )
    c.append(
        N(
            F,
            ask(
                "Oigan, el linter me marca `const PASSWORD_FIELD = 'password'` como secreto. Es solo el nombre del campo del formulario, ¿cómo lo ignoro?",
                "esn4",
            ),
        )
    )
    return c


# ---------------------------------------------------------------- one more look-alike pair per family


def second_pass() -> list:
    """A second pair for each family above, written after the first: one more positive and one
    more negative, in a carrier the family had less of."""
    c = []
    f = "b18: mcp server definitions with env"
    key = "tvly-" + s("tavily", 32)
    c.append(
        P(
            f,
            call(
                "Bash",
                {
                    "command": f"claude mcp add tavily -e TAVILY_API_KEY={key} -- npx -y tavily-mcp@0.2.1",
                    "description": "Register the Tavily MCP server",
                },
                "x-mcp",
            ),
            key,
        )
    )
    c.append(
        N(
            f,
            said(
                "Tool ran without output or errors\n\nmcp__postgres__query returned 3 rows:\n| rolname | rolcanlogin | rolvaliduntil |\n| app_ro | t | 2027-01-01 |\n| app_rw | t | NULL |\n| replicator | t | NULL |",
                "x-mcpn",
            ),
        )
    )
    f = "b18: claude code settings files"
    tok = "sntryu_" + hx("xsettings", 64)
    c.append(
        P(
            f,
            said(
                json.dumps(
                    {
                        "env": {"SENTRY_AUTH_TOKEN": tok, "SENTRY_ORG": "acme"},
                        "permissions": {"allow": ["Bash(sentry-cli releases:*)"]},
                    },
                    indent=2,
                ),
                "x-cs",
            ),
            tok,
        )
    )
    c.append(N(f, said(json.dumps({"permissions": {"allow": ["Bash(npm run build:*)", "Bash(docker compose ps)", "Read(//home/dev/.config/gh/hosts.yml)"],
                                                  "deny": ["Bash(env)", "Bash(printenv:*)"]}, "enableAllProjectMcpServers": False}, indent=2), "x-csn")))  # fmt: skip
    f = "b18: platformio and esp-idf build configs"
    pw = person(10)
    c.append(
        P(
            f,
            read(
                f'#include <WiFi.h>\n#include "config.h"\n\nconst char* ssid = "Lab-2.4G";\nconst char* password = "{pw}";\n\nvoid setup() {{\n  WiFi.begin(ssid, password);\n}}\n',
                "x-pio",
            ),
            pw,
        )
    )
    c.append(
        N(
            f,
            read(
                '#include <WiFi.h>\n#include "secrets.h"  // WIFI_SSID, WIFI_PASS (gitignored)\n\nvoid setup() {\n  WiFi.begin(WIFI_SSID, WIFI_PASS);\n  Serial.printf("sha=%s\\n", FW_GIT_SHA);\n}\n',
                "x-pion",
            ),
        )
    )
    f = "b18: lorawan and mqtt device provisioning"
    pw = rs("chirp", 18)
    c.append(
        P(
            f,
            write(
                "/home/dev/iot/chirpstack/chirpstack.toml",
                f'[postgresql]\n  dsn="postgres://chirpstack:{pw}@postgres/chirpstack?sslmode=disable"\n  max_open_connections=10\n[redis]\n  servers=["redis://redis/"]\n',
                "x-lw",
            ),
            pw,
        )
    )
    c.append(N(f, sh("ttn-lw-cli gateways get rak-roof --frequency-plan-id --gateway-server-address", json.dumps({"ids": {"gateway_id": "rak-roof", "eui": "AC1F09FFFE0" + hx("gw", 5).upper()},
                                                                                                               "frequency_plan_id": "EU_863_870", "gateway_server_address": "eu1.cloud.thethings.network"}, indent=2), "x-lwn")))  # fmt: skip
    f = "b18: cloud-init user data"
    pw = person(3)
    c.append(
        P(
            f,
            call(
                "Write",
                {
                    "file_path": "/home/dev/infra/multipass/dev.yaml",
                    "content": f"#cloud-config\npassword: {pw}\nchpasswd: {{ expire: False }}\nssh_pwauth: True\n",
                },
                "x-ci",
            ),
            pw,
        )
    )
    c.append(
        N(
            f,
            sh(
                "multipass launch 24.04 --name dev --cloud-init dev.yaml && multipass info dev",
                f"Launched: dev\nName:           dev\nState:          Running\nIPv4:           10.81.4.17\nRelease:        Ubuntu 24.04.1 LTS\nImage hash:     {sha('mpimg', 12)} (Ubuntu 24.04 LTS)",
                "x-cin",
            ),
        )
    )
    f = "b18: kickstart and preseed installer files"
    pw = person(7)
    c.append(
        P(
            f,
            sh(
                "grep -n -i pass /srv/tftp/autounattend.xml",
                f"41:        <Password>\n42:          <Value>{pw}</Value>\n43:          <PlainText>true</PlainText>\n44:        </Password>",
                "x-ks",
            ),
            pw,
        )
    )
    c.append(
        N(
            f,
            sh(
                "sudo grep -n -i pass C:/Windows/Panther/unattend.xml",
                "41:        <Password>\n42:          <Value>*SENSITIVE*DATA*DELETED*</Value>\n43:          <PlainText>true</PlainText>\n44:        </Password>",
                "x-ksn",
            ),
        )
    )
    f = "b18: ipmi and bmc consoles"
    pw = person(15)
    c.append(
        P(
            f,
            said(
                f"$ ipmitool -I lanplus -H 10.40.7.2 -U admin -P {pw} mc info\nDevice ID                 : 32\nFirmware Revision         : 1.74\nIPMI Version              : 2.0\nManufacturer Name         : Supermicro",
                "x-ipmi",
            ),
            pw,
        )
    )
    c.append(
        N(
            f,
            sh(
                "ipmitool -I lanplus -H 10.40.7.2 -U admin -E mc info",
                "Device ID                 : 32\nFirmware Revision         : 1.74\nIPMI Version              : 2.0\nAux Firmware Rev Info     :\n    0x00\n    0x00",
                "x-ipmin",
            ),
        )
    )
    f = "b18: streaming ingest keys in ffmpeg and obs"
    key = "sk_" + s("restream", 30, LOWNUM)
    c.append(
        P(
            f,
            read(
                f"[rtmp]\nurl = rtmp://live.restream.io/live\nstream_key = re_{digits('rsid', 7)}_{key}\nbitrate = 6000\n",
                "x-st",
            ),
            f"re_{digits('rsid', 7)}_{key}",
        )
    )
    c.append(
        N(
            f,
            read(
                "[rtmp]\nurl = rtmp://live.restream.io/live\nstream_key = ${RESTREAM_KEY}\nbitrate = 6000\nkeyframe_interval = 2\n",
                "x-stn",
            ),
        )
    )
    f = "b18: trading bot exchange keys"
    key, sec = s("cbkey", 36, LOWNUM), b64raw("cbsec", 64)
    c.append(
        P(
            f,
            sh(
                "python -m bot.coinbase --check-auth",
                "",
                "x-tr",
                err=f"Traceback (most recent call last):\n  File \"bot/coinbase.py\", line 41, in sign\n    hmac.new(base64.b64decode(secret), msg, hashlib.sha256)\nbinascii.Error: Incorrect padding\n\nlocals: key='{key}' secret='{sec}' passphrase=None",
            ),
            sec,
        )
    )
    c.append(
        N(
            f,
            said(
                json.dumps(
                    {
                        "exchange": "kraken",
                        "pair": "XBT/EUR",
                        "txid": s("ktx", 6, UPNUM)
                        + "-"
                        + s("ktx2", 5, UPNUM)
                        + "-"
                        + s("ktx3", 6, UPNUM),
                        "vol": "0.01200000",
                        "price": "91220.1",
                    }
                ),
                "x-trn",
            ),
        )
    )
    f = "b18: nextflow and snakemake pipelines"
    pw = person(4)
    c.append(
        P(
            f,
            call(
                "Bash",
                {
                    "command": f"snakemake --profile slurm --config lims_user=pipeline lims_pass='{pw}' -j 50",
                    "description": "Run the pipeline on the cluster",
                },
                "x-nf",
            ),
            pw,
        )
    )
    c.append(N(f, sh("nextflow log", "TIMESTAMP            DURATION   RUN NAME         STATUS  REVISION ID   SESSION ID                            COMMAND\n"
                     f"2026-11-29 08:01:12  2h 14m 3s  sick_pasteur     OK      {sha('nfrev0', 10)}    {uuid_of('nfsess0')}  nextflow run nf-core/rnaseq -r 3.17.0", "x-nfn")))  # fmt: skip
    f = "b18: science data portal credentials"
    tok = "hf_" + s("xhf", 34)
    c.append(
        P(
            f,
            read(
                f'from huggingface_hub import login\nlogin(token="{tok}")\nfrom datasets import load_dataset\nds = load_dataset("lab-hydro/transects", split="train")\n',
                "x-sp",
            ),
            tok,
        )
    )
    c.append(
        N(
            f,
            read(
                'from huggingface_hub import login\nlogin()  # prompts, or uses HF_TOKEN\nfrom datasets import load_dataset\nds = load_dataset("lab-hydro/transects", revision="'
                + sha("dsrev", 40)
                + '")\n',
                "x-spn",
            ),
        )
    )
    f = "b18: map provider tokens"
    key = s("xmaptiler", 32)
    c.append(
        P(
            f,
            said(
                f"$ curl -s 'https://api.maptiler.com/geocoding/Brno.json?key={key}' | jq '.features[0].center'\n[\n  16.6068,\n  49.1951\n]",
                "x-mp",
            ),
            key,
        )
    )
    c.append(
        N(
            f,
            said(
                "$ curl -s 'https://nominatim.openstreetmap.org/search?q=Brno&format=json&limit=1' | jq '.[0] | {osm_id, lat, lon}'\n{\n  \"osm_id\": "
                + digits("osmid", 6)
                + ',\n  "lat": "49.1922443",\n  "lon": "16.6113382"\n}',
                "x-mpn",
            ),
        )
    )
    f = "b18: scientific writing and bibliographies"
    tok = s("xzotero", 24)
    c.append(
        P(
            f,
            read(
                f"# sync_refs.py\nfrom pyzotero import zotero\nzot = zotero.Zotero('{digits('zotgrp', 7)}', 'group', '{tok}')\nitems = zot.top(limit=50)\n",
                "x-sw",
            ),
            tok,
        )
    )
    c.append(
        N(
            f,
            read(
                "# sync_refs.py\nimport os\nfrom pyzotero import zotero\nzot = zotero.Zotero(os.environ['ZOTERO_GROUP'], 'group', os.environ['ZOTERO_KEY'])\nitems = zot.top(limit=50)\n",
                "x-swn",
            ),
        )
    )
    f = "b18: transactional email provider keys"
    key = "xkeysib-" + hx("brevo", 64) + "-" + s("brevo2", 16)
    c.append(
        P(
            f,
            ask(
                f"brevo (sendinblue) smtp works but the api gives 401 key_not_found with {key} — is the smtp key different from the api key?",
                "x-em",
            ),
            key,
        )
    )
    c.append(
        N(
            f,
            ask(
                f"brevo shows our api key as 'xkeysib-****...{hx('brevo', 4)}' created 2026-10-02 by ana@acme.io. can I see which ip used it last?",
                "x-emn",
            ),
        )
    )
    f = "b18: jira and confluence automation scripts"
    pw = person(2)
    c.append(
        P(
            f,
            call(
                "Bash",
                {
                    "command": f"curl -s -u svc-confluence:'{pw}' https://wiki.acme.internal/rest/api/space?limit=5 | jq '.results[].key'",
                    "description": "List Confluence spaces",
                },
                "x-at",
            ),
            pw,
        )
    )
    c.append(
        N(
            f,
            call(
                "Bash",
                {
                    "command": "curl -s -H \"Authorization: Bearer $CONFLUENCE_PAT\" https://wiki.acme.internal/rest/api/space?limit=5 | jq '.results[].key'",
                    "description": "List Confluence spaces",
                },
                "x-atn",
            ),
        )
    )
    f = "b18: shopify app credentials"
    tok = "shpat_" + hx("xshp", 32)
    c.append(
        P(
            f,
            read(
                f'[store.north-gear]\nstore = "north-gear.myshopify.com"\naccess_token = "{tok}"\napi_version = "2025-10"\n',
                "x-sh",
            ),
            tok,
        )
    )
    c.append(
        N(
            f,
            read(
                f'[store.north-gear]\nstore = "north-gear.myshopify.com"\naccess_token_env = "SHOPIFY_ADMIN_TOKEN"\napi_version = "2025-10"\nlocation_id = "gid://shopify/Location/{digits("loc", 11)}"\n',
                "x-shn",
            ),
        )
    )
    f = "b18: salesforce and sfdx auth"
    key = (
        "-----BEGIN RSA PRIVATE KEY-----\n"
        + "\n".join(b64raw("sfjwt", 144)[i : i + 64] for i in range(0, 192, 64))
        + "\n-----END RSA PRIVATE KEY-----"
    )
    body = key.split("\n")[1:-1]
    c.append(P(f, sh("cat certs/server.key", key, "x-sf"), *body))
    c.append(N(f, sh("sf org login jwt --client-id $SF_CONSUMER_KEY --jwt-key-file certs/server.key --username release@acme.com --alias prod",
                     f"Successfully authorized release@acme.com with org ID 00D{s('orgid', 12)}", "x-sfn")))  # fmt: skip
    f = "b18: on-call and alerting integration keys"
    key = hx("xpd", 32)
    c.append(
        P(
            f,
            call(
                "Edit",
                {
                    "file_path": "/home/dev/infra/grafana/contact-points.yaml",
                    "old_string": "integrationKey: ''",
                    "new_string": f"integrationKey: '{key}'",
                },
                "x-oc",
            ),
            key,
        )
    )
    c.append(
        N(
            f,
            call(
                "Edit",
                {
                    "file_path": "/home/dev/infra/grafana/contact-points.yaml",
                    "old_string": "integrationKey: ''",
                    "new_string": "integrationKey: '$__file{/etc/grafana/secrets/pd_key}'",
                },
                "x-ocn",
            ),
        )
    )
    f = "b18: payment gateways other than stripe"
    sec = "sk_" + s("paystack", 40, LOWNUM)
    c.append(
        P(
            f,
            read(
                f"PAYSTACK_PUBLIC_KEY=pk_live_{s('psk', 40, LOWNUM)}\nPAYSTACK_SECRET_KEY={sec.replace('sk_', 'sk_live_', 1)}\nCALLBACK_URL=https://shop.example.ng/pay/callback\n",
                "x-pg",
            ),
            sec.replace("sk_", "sk_live_", 1),
        )
    )
    c.append(
        N(
            f,
            read(
                f"<script src=\"https://js.paystack.co/v2/inline.js\"></script>\n<script>\n  new PaystackPop().newTransaction({{ key: 'pk_live_{s('psk', 40, LOWNUM)}', email, amount: 450000, reference: '{s('ref', 12)}' }});\n</script>",
                "x-pgn",
            ),
        )
    )
    f = "b18: supabase projects and keys"
    pw = person(6)
    c.append(
        P(
            f,
            ask(
                f"supabase branching: preview branch db password got reset? the connection string from the dashboard is postgresql://postgres.{s('sbref', 20, LOWER)}:{pw}@aws-0-eu-central-1.pooler.supabase.com:5432/postgres",
                "x-sb",
            ),
            pw,
        )
    )
    c.append(N(f, sh("supabase secrets list", "  NAME                      | DIGEST\n  --------------------------|------------------------------------------------------------------\n"
                     f"  STRIPE_WEBHOOK_SECRET     | {sha('sbd1', 64)}\n  RESEND_API_KEY            | {sha('sbd2', 64)}", "x-sbn")))  # fmt: skip
    f = "b18: search cluster api keys and enrollment tokens"
    pw = s("kbsys", 20, ALNUM + "*=_")
    c.append(
        P(
            f,
            read(
                f'server.host: "0.0.0.0"\nelasticsearch.hosts: ["https://es01:9200"]\nelasticsearch.username: "kibana_system"\nelasticsearch.password: "{pw}"\nxpack.encryptedSavedObjects.encryptionKey: "{hx("kbenc", 32)}"\n',
                "x-es",
            ),
            pw,
            hx("kbenc", 32),
        )
    )
    c.append(
        N(
            f,
            read(
                'server.host: "0.0.0.0"\nelasticsearch.hosts: ["https://es01:9200"]\nelasticsearch.serviceAccountToken: "${KIBANA_SA_TOKEN}"\nxpack.encryptedSavedObjects.encryptionKey: "${KBN_ENC_KEY}"\n',
                "x-esn",
            ),
        )
    )
    f = "b18: debezium and kafka connect connector json"
    pw = person(11)
    c.append(
        P(
            f,
            sh(
                "curl -s -X PUT -H 'Content-Type: application/json' http://connect:8083/connectors/orders-cdc/config -d @- <<< '{\"database.password\":\""
                + pw
                + "\"}' | jq .name",
                '"orders-cdc"',
                "x-dz",
            ),
            pw,
        )
    )
    c.append(
        N(
            f,
            sh(
                "curl -s http://connect:8083/connector-plugins | jq -r '.[].class'",
                "io.debezium.connector.postgresql.PostgresConnector\nio.debezium.connector.mysql.MySqlConnector\norg.apache.kafka.connect.mirror.MirrorSourceConnector",
                "x-dzn",
            ),
        )
    )
    f = "b18: databricks and snowflake cli profiles"
    tok = "dapi" + hx("xdapi", 32)
    c.append(
        P(
            f,
            call(
                "Bash",
                {
                    "command": f"curl -s -H 'Authorization: Bearer {tok}' https://adb-{digits('ws0', 16)}.3.azuredatabricks.net/api/2.1/jobs/list | jq '.jobs[].settings.name'",
                    "description": "List jobs",
                },
                "x-dk",
            ),
            tok,
        )
    )
    c.append(
        N(
            f,
            call(
                "Bash",
                {
                    "command": "databricks jobs list --profile DEFAULT -o json | jq '.[].settings.name'",
                    "description": "List jobs",
                },
                "x-dkn",
            ),
        )
    )
    f = "b18: gcs signed urls and azure sas tokens"
    sig = quote(b64raw("xsas", 32), safe="")
    c.append(
        P(
            f,
            said(
                f"Blob SAS URL:\nhttps://acmedata.blob.core.windows.net/exports/q3.parquet?sp=r&st=2026-11-29T09:00:00Z&se=2026-11-30T09:00:00Z&spr=https&sv=2022-11-02&sr=b&sig={sig}",
                "x-su",
            ),
            sig,
        )
    )
    c.append(
        N(
            f,
            said(
                f"Blob URL:\nhttps://acmedata.blob.core.windows.net/exports/q3.parquet\nETag: 0x8DD{hx('azetag', 13).upper()}\nContent-MD5: {b64raw('azmd5', 16)}\nLast-Modified: Sat, 29 Nov 2026 09:00:12 GMT",
                "x-sun",
            ),
        )
    )
    f = "b18: bitlocker and filevault recovery keys"
    rk = "-".join(str(int(digits("xbl" + str(i), 5)) % 65536 * 11).zfill(6) for i in range(8))
    c.append(
        P(
            f,
            read(
                f"BitLocker Drive Encryption recovery key\n\nTo verify that this is the correct recovery key, compare the start of the following identifier with the identifier value displayed on your PC.\n\nIdentifier:\n\n\t{uuid_of('xblid').upper()}\n\nRecovery Key:\n\n\t{rk}\n",
                "x-rk",
            ),
            rk,
        )
    )
    c.append(
        N(
            f,
            read(
                f"BitLocker Drive Encryption\n\nIdentifier:\n\t{uuid_of('xblid2').upper()}\n\nThe recovery key for this drive was backed up to Microsoft Entra ID on 2026-10-02.\n",
                "x-rkn",
            ),
        )
    )
    f = "b18: proxmox, truenas and homelab api tokens"
    tok = jwt("xha", {"iss": hx("haiss", 32), "iat": 1732000000, "exp": 2047360000})
    c.append(
        P(
            f,
            read(
                f"homeassistant:\n  url: http://ha.lan:8123\n  token: {tok}\n  verify_ssl: false\n",
                "x-hl",
            ),
            tok,
        )
    )
    c.append(
        N(
            f,
            read(
                "homeassistant:\n  url: http://ha.lan:8123\n  token: !secret ha_long_lived_token\n  verify_ssl: false\n",
                "x-hln",
            ),
        )
    )
    f = "b18: fediverse and matrix client tokens"
    tok = "mct_" + s("xmct", 30)
    c.append(
        P(
            f,
            sh(
                "cat ~/.config/gomuks/session.json | jq '{user_id, access_token}'",
                json.dumps({"user_id": "@ana:chat.acme.io", "access_token": tok}, indent=2),
                "x-mx",
            ),
            tok,
        )
    )
    c.append(
        N(
            f,
            sh(
                "cat ~/.config/gomuks/session.json | jq '{user_id, device_id, homeserver}'",
                json.dumps(
                    {
                        "user_id": "@ana:chat.acme.io",
                        "device_id": s("xdev", 10, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
                        "homeserver": "https://chat.acme.io",
                    },
                    indent=2,
                ),
                "x-mxn",
            ),
        )
    )
    f = "b18: steamworks and game backend keys"
    key = s("xunity", 40, LOWNUM)
    c.append(
        P(
            f,
            sh(
                "grep -rn SERVICE_ACCOUNT .github/workflows/build.yml",
                f"22:      UNITY_SERVICE_ACCOUNT_KEY_ID: {uuid_of('unitykid')}\n23:      UNITY_SERVICE_ACCOUNT_SECRET: {key}",
                "x-gb",
            ),
            key,
        )
    )
    c.append(
        N(
            f,
            sh(
                "grep -rn SERVICE_ACCOUNT .github/workflows/build.yml",
                "22:      UNITY_SERVICE_ACCOUNT_KEY_ID: ${{ vars.UNITY_SA_KEY_ID }}\n23:      UNITY_SERVICE_ACCOUNT_SECRET: ${{ secrets.UNITY_SA_SECRET }}",
                "x-gbn",
            ),
        )
    )
    f = "b18: devcontainer and codespaces configs"
    tok = "ghp_" + s("xdc", 36)
    c.append(
        P(
            f,
            call(
                "Bash",
                {
                    "command": f"gh secret set NPM_TOKEN --app codespaces --body '{tok}'",
                    "description": "Store the token as a Codespaces secret",
                },
                "x-dc",
            ),
            tok,
        )
    )
    c.append(
        N(
            f,
            call(
                "Bash",
                {
                    "command": "gh secret set NPM_TOKEN --app codespaces < ~/.secrets/npm_token",
                    "description": "Store the token as a Codespaces secret",
                },
                "x-dcn",
            ),
        )
    )
    f = "b18: django and rails seed scripts creating admin users"
    pw = person(9)
    c.append(
        P(
            f,
            said(
                f"$ bin/rails runner \"User.find_by(email: 'support@shop.example').update!(password: '{pw}')\"\n$ echo $?\n0",
                "x-sd",
            ),
            pw,
        )
    )
    c.append(
        N(
            f,
            said(
                "$ bin/rails runner \"User.find_by(email: 'support@shop.example').send_reset_password_instructions\"\n$ echo $?\n0",
                "x-sdn",
            ),
        )
    )
    f = "b18: prisma and drizzle datasource configs"
    pw = person(1)
    c.append(
        P(
            f,
            call(
                "Bash",
                {
                    "command": f"DATABASE_URL='postgresql://postgres:{pw}@localhost:5433/app' npx prisma studio",
                    "description": "Open Prisma Studio",
                },
                "x-pr",
            ),
            pw,
        )
    )
    c.append(
        N(
            f,
            call(
                "Bash",
                {
                    "command": "npx dotenv -e .env.local -- npx prisma studio --port 5555",
                    "description": "Open Prisma Studio",
                },
                "x-prn",
            ),
        )
    )
    f = "b18: microsoft 365 and entra admin scripts"
    pw = person(13)
    c.append(
        P(
            f,
            said(
                f"PS> $pw = ConvertTo-SecureString '{pw}' -AsPlainText -Force\nPS> Set-ADAccountPassword -Identity lena.hoffmann -NewPassword $pw -Reset\nPS> Set-ADUser lena.hoffmann -ChangePasswordAtLogon $true",
                "x-ms",
            ),
            pw,
        )
    )
    c.append(
        N(
            f,
            said(
                "PS> $pw = Read-Host -AsSecureString 'New password'\nNew password: ************\nPS> Set-ADAccountPassword -Identity lena.hoffmann -NewPassword $pw -Reset",
                "x-msn",
            ),
        )
    )
    f = "b18: laravel env and artisan output"
    key = "base64:" + b64raw("xlv", 32)
    c.append(
        P(
            f,
            sh(
                "php artisan tinker --execute=\"dump(config('app.key'))\"",
                f'"{key}" // vendor/psy/psysh/src/ExecutionClosure.php(40) : eval()\'d code:1',
                "x-lv",
            ),
            key,
        )
    )
    c.append(
        N(
            f,
            sh(
                "php artisan tinker --execute=\"dump(config('app.cipher'), strlen(config('app.key')) > 0)\"",
                '"AES-256-CBC"\ntrue',
                "x-lvn",
            ),
        )
    )
    f = "b18: fastlane and app store connect sessions"
    pw = person(14)
    c.append(
        P(
            f,
            read(
                f'# fastlane/Appfile\napp_identifier("io.acme.app")\napple_id("release@acme.io")\nteam_id("{s("team", 10, UPNUM)}")\n# ENV[\'FASTLANE_PASSWORD\'] = \'{pw}\'  # temp, remove before commit\n',
                "x-fl",
            ),
            pw,
        )
    )
    c.append(
        N(
            f,
            read(
                f'# fastlane/Appfile\napp_identifier("io.acme.app")\napple_id("release@acme.io")\nteam_id("{s("team", 10, UPNUM)}")\nitc_team_id("{digits("itc0", 9)}")\n',
                "x-fln",
            ),
        )
    )
    f = "b18: ocr text of screenshots"
    key = "AKIA" + s("xocr", 16, UPNUM)
    c.append(
        P(
            f,
            ask(
                f"ocr from the screenshot of the IAM console (a bit garbled):\n\nAccess key ID   {key}\nSecret access key   Show\nStatus Active  Last used 2 hours ago  eu-west-1\n\nwhich user is this?",
                "x-ocr",
            ),
            key,
        )
    )
    c.append(
        N(
            f,
            ask(
                f"ocr from the screenshot of the IAM console:\n\nAccess keys (1)\nAccess key ID   AKIA\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022{s('xocr2', 4, UPNUM)}\nStatus Inactive  Created 2025-03-02\n\nsafe to delete?",
                "x-ocrn",
            ),
        )
    )
    f = "b18: onboarding and it emails with temporary passwords"
    code = digits("xotp", 6)
    c.append(
        P(
            f,
            ask(
                f"forwarding the welcome mail from the bank portal, can you parse the fields into our vendor sheet?\n\nSubject: Access to Business Banking\nContract no.: {digits('contract', 8)}\nUser ID: {digits('bankuid', 8)}\nInitial PIN: {code}-{s('pinx', 4, UPNUM)}\n",
                "x-ie",
            ),
            f"{code}-{s('pinx', 4, UPNUM)}",
        )
    )
    c.append(
        N(
            f,
            ask(
                f"forwarding the welcome mail from the bank portal, parse it please:\n\nSubject: Access to Business Banking\nContract no.: {digits('contract2', 8)}\nUser ID: {digits('bankuid2', 8)}\nYour initial PIN is sent separately by post.\n",
                "x-ien",
            ),
        )
    )
    f = "b18: wiki pages and meeting notes"
    pw = person(5)
    c.append(
        P(
            f,
            said(
                f"$ grep -rn -i 'password' wiki-export/*.md | head -3\nwiki-export/Office.md:14:Meeting room TV (Chromecast) admin password: {pw}\nwiki-export/Policies.md:3:Password policy: see the ISMS page\nwiki-export/Onboarding.md:22:Your password is sent by SMS",
                "x-wk",
            ),
            pw,
        )
    )
    c.append(
        N(
            f,
            said(
                "$ grep -rn -i 'password' wiki-export/*.md | head -3\nwiki-export/Policies.md:3:Password policy: see the ISMS page\nwiki-export/Onboarding.md:22:Your password is sent by SMS\nwiki-export/Office.md:14:Meeting room TV: ask reception",
                "x-wkn",
            ),
        )
    )
    f = "b18: prompts in czech, slovak, croatian and bulgarian"
    key = "glpat-" + s("xcs", 20, URLSAFE)
    c.append(
        P(
            f,
            ask(
                f"Môžeš mi opraviť .gitlab-ci.yml? Token na registry je {key}, ale job 'publish' stále padá na 401.",
                "x-cs",
            ),
            key,
        )
    )
    c.append(
        N(
            f,
            ask(
                "Можеш ли да ми обясниш разликата между access token и refresh token в OAuth 2.0? Пиша клиент на Go за вътрешното API.",
                "x-csn",
            ),
        )
    )
    f = "b18: prompts in georgian, armenian, kazakh and uzbek"
    pw = person(8)
    c.append(
        P(
            f,
            ask(
                f"Սերվերի root գաղտնաբառը {pw} է, կարո՞ղ ես ansible inventory գրել երեք սերվերի համար։",
                "x-hy",
            ),
            pw,
        )
    )
    c.append(
        N(
            f,
            ask(
                "Ansible vault-ды қалай қолданамын? Құпия сөздерді inventory файлында ашық сақтағым келмейді.",
                "x-kkn",
            ),
        )
    )
    f = "b18: prompts in brazilian portuguese and latin american spanish"
    pw = person(0)
    c.append(
        P(
            f,
            ask(
                f"Boa tarde! O login do painel da Hostinger é financeiro@loja.com.br e a senha {pw}. Dá pra você escrever o passo a passo pra apontar o DNS pro Vercel?",
                "x-pt",
            ),
            pw,
        )
    )
    c.append(
        N(
            f,
            ask(
                "¿Qué diferencia hay entre una API key y un token JWT? El equipo de backend dice que usemos 'Bearer' pero no sé qué va después.",
                "x-esn",
            ),
        )
    )
    return c


FAMILIES = [
    mcp_servers, claude_settings, platformio, lorawan, cloud_init, kickstart, ipmi, streaming, trading, nextflow,
    science_portals, map_tokens, sci_writing, email_providers, atlassian, shopify, salesforce, oncall, payments, supabase,
    search_cluster, debezium, databricks, signed_urls, recovery_keys, homelab, matrix_fedi, game_backends, devcontainer,
    seed_scripts, prisma, m365, laravel, fastlane, ocr_text, it_emails, wiki_notes, prompts_cs_hr_bg,
    prompts_caucasus_central_asia, prompts_pt_es,
]  # fmt: skip


def cases() -> list:
    out = []
    for family in FAMILIES:
        out += family()
    return out + second_pass()
