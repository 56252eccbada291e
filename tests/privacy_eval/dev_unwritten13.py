"""More of the dev part (tests/privacy_eval/dev.py): PART THREE of the twelfth batch
(tests/privacy_eval/dev_unwritten12.py), written after the round that fixed part two by mechanism
(a protocol's command whose last word is a credential, on a dialogue's line, in a tracer's quoted
buffer or with its words quoted; a placeholder named for a secret and its default; a URL
parameter in a fragment or a path segment), in syntaxes no batch wrote but which those
mechanisms should reach in principle: other protocols' sign-ins (ManageSieve, NNTP, ZNC, IRC
operators, FTP through other clients, Redis HELLO), other tracers (ltrace of TLS writes,
dtruss, sysdig, tcpdump -A, a debugger's print of a buffer), other speakers' marks (swaks,
curl -v of FTP and IMAP, openssl s_client), other frameworks' placeholders (Quarkus,
Micronaut, Logstash, Compose, Bash's `:=`), other template languages' defaults (Helm, Jinja,
Django, Liquid, Twig, consul-template), sign-in links' fragments and path segments'
parameters.  Negatives of the same shapes follow.

Measured once before any change for it (bench_privacy's dev per family, 2026-11-30, the filter
after the round's three mechanisms, at 661263a): 182 cases, 138 with secrets in 11 families (46
as Claude Code sends them), 44 negatives: **79.0 % caught (109/138)**, 71.7 % (33/46) of the
realistic ones; 3 false redactions of 141, all one negative's `"(redacted)"` in a Redis MONITOR
line (main redacts it too).  By family: other protocols' sign-ins 9/9, FTP and mail through other
clients 9/12 (an IMAP LOGIN on a line after the first: the lead's `^` read only at the text's
start), Redis and Valkey 10/12 (HELLO's AUTH), SASL responses 12/15 (ManageSieve's AUTHENTICATE
with quoted words), tracers other than strace 8/12 (sysdig's `data=`, a buffer inside a struct
`iov_base="…"`), packet and debugger dumps 8/12 (gdb's `$1 = "…"`, lldb's address then `"…"`),
framework placeholders 4/12 (a default holding `$`), shell defaults 12/12, template defaults
16/18 (Liquid's `{% … %}`), sign-in fragments 12/12, path segments' parameters 9/12 (`;sig=`).
Against part two's 69.8 % before its fixes: the mechanisms reach about four in five of the
syntaxes they were not written on; what they miss is where a lead, a command or an opener is
one the table did not list.  After the round that followed (the lead read on every line, Redis's
`HELLO 3`, AUTHENTICATE, a buffer opened after `=`, `{` or an address, which must then hold an
escaped line break; a default holding `$`; a template's `{%`; `;sig=`; a stand-in word in
brackets is no value): **97.1 % (134/138), 0 false of 174**; left: sysdig's `data=PASS X..`, a
human password given as `;sig=`.

The filter may be tuned on these cases, as on the rest of dev; the held part is never read for
them.  Values are made at run time, so secret scanners do not flag this file."""

from __future__ import annotations

from tests.privacy_eval import Batch, Case, b64, in_prompt, in_result, result_line, sha
from tests.privacy_eval.dev_unwritten6 import edit, read_result

HUMAN = ["Tundra!Lark52", "velvet.Comet9", "Pike#Harbor31", "maple^Orbit7", "Cinder-Wren44", "Opal*Fjord18",
         "quill_Summit6", "Basalt$Reed27"]  # fmt: skip

BATCH = Batch("unw13", tuple(HUMAN), lambda i: 16 + (i % 4) * 5)
_family = BATCH.family


def _sasl(v: str) -> str:
    """A SASL PLAIN initial response: the base64 of NUL, the user, NUL, the password."""
    return b64("\0ops\0" + v)


def protocols() -> list:
    c = []
    c += _family("part three: other text protocols' sign-ins", [
        "AUTHINFO USER ops\r\n381 PASS required\r\nAUTHINFO PASS {v}\r\n281 Ok",
        "PASS ops/libera:{v}\r\nNICK ops\r\nUSER ops 0 * :ops",
        "OPER netadmin {v}\r\n:irc.example.net 381 ops :You are now an IRC operator",
    ], realistic=in_result)  # fmt: skip
    c += _family("part three: ftp and mail through other clients", [
        "* Connected to ftp.example.org\n> USER deploy\n< 331 Password required\n> PASS {v}\n< 230 Login successful",
        "---> USER deploy\n---> PASS {v}\n230 User deploy logged in.",
        "a1 OK CAPABILITY completed\nA0002 LOGIN deploy {v}\nA0002 OK [CAPABILITY IMAP4rev1] Logged in",
        "+OK POP3 ready\nUSER deploy\n+OK\nPASS {v}\n+OK 3 messages",
    ], realistic=in_result)  # fmt: skip
    c += _family("part three: redis and valkey sessions", [
        "valkey-cli -h cache.internal\ncache.internal:6379> AUTH {v}\nOK",
        "> HELLO 3 AUTH default {v}\n1# \"server\" => \"redis\"",
        '1731500000.112 [0 172.18.0.4:40022] "AUTH" "worker" "{v}"',
        "AUTH {v}\r\n+OK\r\nSELECT 2\r\n+OK",
    ], realistic=in_result)  # fmt: skip
    c += _family("part three: sasl responses in other tools", [
        'C: AUTHENTICATE "PLAIN" "{v}"\nS: OK "Logged in."',
        " -> EHLO client.example.org\n<-  250-AUTH PLAIN LOGIN\n -> AUTH PLAIN {v}\n<-  235 2.7.0 Authentication successful",
        "~> AUTH PLAIN {v}\n<~  235 2.7.0 Authentication successful",
        "C: AUTH PLAIN {v}\r\nS: 235 Authentication succeeded",
        "reply: b'334 '\nsend: 'AUTH XOAUTH2 {v}\\r\\n'",
    ], realistic=in_result, secret=_sasl)  # fmt: skip
    return c


def tracers() -> list:
    c = []
    c += _family("part three: tracers other than strace", [
        'SSL_write(0x55d0c2a4e2a0, "LOGIN deploy {v}\\r\\n", 31) = 31',
        'write(0x3, "PASS {v}\\r\\n\\0", 0x14)\t\t = 20 0',
        '12:01:33.120 curl (4411) > write fd=5(<4t>10.0.0.2:51000->10.0.0.9:21) size=20 data=PASS {v}..',
        'sendmsg(7, {msg_iov=[{iov_base="AUTH {v}\\r\\n", iov_len=24}], msg_iovlen=1}, 0) = 24',
    ], realistic=in_result)  # fmt: skip
    c += _family("part three: packet and debugger dumps", [
        "12:00:01.002 IP 10.0.0.2.51000 > 10.0.0.9.21: Flags [P.], length 20: FTP: PASS {v}",
        "E..H..@.@...\n\n..PASS {v}\n",
        '(gdb) p buf\n$1 = "AUTH {v}\\r\\n", \'\\000\' <repeats 40 times>',
        '(lldb) p (char*)cmd\n(char *) $0 = 0x00007ff7 "PASS {v}\\r\\n"',
    ], realistic=in_result)  # fmt: skip
    return c


def placeholders() -> list:
    c = []
    c += _family("part three: defaults in framework placeholders", [
        "quarkus.datasource.password=${DB_PASSWORD:{v}}",
        'datasources:\n  default:\n    password: "${JDBC_PASSWORD:{v}}"',
        'output { elasticsearch { password => "${ES_PASSWORD:{v}}" } }',
        "services:\n  db:\n    environment:\n      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:-{v}}",
    ], realistic=edit("application.yml"))  # fmt: skip
    c += _family("part three: defaults in shell scripts", [
        ': "${API_TOKEN:={v}}"\ncurl -H "Authorization: Bearer $API_TOKEN" https://api.example.org',
        "export REGISTRY_PASSWORD=\"${REGISTRY_PASSWORD-{v}}\"",
        "mysql -u app -p\"${MYSQL_PWD:-{v}}\" app < dump.sql",
        "SECRET_KEY=${SECRET_KEY:={v}} ./manage.py runserver",
    ], realistic=edit("entrypoint.sh"))  # fmt: skip
    c += _family("part three: defaults in template languages", [
        "  password: {{ .Values.redis.password | default \"{v}\" | quote }}",
        "DATABASE_PASSWORD={{ vault_db_password | default('{v}') }}",
        "<script>var apiKey = \"{{ api_key|default:\"{v}\" }}\";</script>",
        "{% assign token = settings.api_token | default: \"{v}\" %}",
        "secret: '{{ app_secret|default('{v}') }}'",
        '{{ with secret "kv/app" }}{{ end }}client_secret = "{{ env "CLIENT_SECRET" | default "{v}" }}"',
    ], realistic=edit("values.yaml"))  # fmt: skip
    return c


def urls() -> list:
    c = []
    c += _family("part three: sign-in links' fragments", [
        "https://app.example.org/auth/callback#id_token={v}&state=af0ifjsldkj",
        "Redirected to http://localhost:4200/#access_token={v}&token_type=Bearer&expires_in=3599",
        "https://viewer.example.org/embed?mode=ro#apikey={v}",
        "[open the report](https://reports.example.org/r/42#auth={v})",
    ], realistic=in_prompt)  # fmt: skip
    c += _family("part three: parameters of path segments", [
        "GET /download;token={v}/invoice-2026-11.pdf HTTP/1.1",
        "https://cdn.example.org/assets;sig={v};exp=1731500000/app.js",
        "curl -O 'https://files.example.org/share;apikey={v}/export.csv'",
        "http://intranet.example.org/portal;password={v}?tab=2",
    ], realistic=read_result)  # fmt: skip
    return c


def positives() -> list:
    return protocols() + tracers() + placeholders() + urls()


NEG = [
    'C: AUTHENTICATE "PLAIN"\nS: ""', "AUTHINFO USER ops\r\n381 PASS required", "PASS src/auth/login.test.ts (2.1 s)",
    "> USER deploy\n< 331 Password required\n> PASS ****\n< 230 Login successful",
    "A0002 LOGIN deploy {literal}\nA0002 OK", "cache.internal:6379> AUTH\n(error) ERR wrong number of arguments",
    '1731500000.112 [0 172.18.0.4:40022] "AUTH" "worker" "(redacted)"', " -> AUTH LOGIN\n<-  334 VXNlcm5hbWU6",
    'SSL_write(0x55d0c2a4e2a0, "NOOP\\r\\n", 6) = 6', "12:00:01.002 IP 10.0.0.2.51000 > 10.0.0.9.21: FTP: PASV",
    "quarkus.datasource.password=${DB_PASSWORD}", "POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set it in .env}",
    ': "${API_TOKEN:=$(cat /run/secrets/api_token)}"', "LOG_LEVEL=${LOG_LEVEL:-info}",
    "  password: {{ .Values.redis.password | quote }}", "region: {{ .Values.region | default \"eu-west-1\" }}",
    "DATABASE_PASSWORD={{ vault_db_password | default(omit) }}",
    "https://app.example.org/auth/callback#state=af0ifjsldkj&error=access_denied",
    "https://docs.example.org/security#token-rotation", "GET /download;jsessionid=/invoice.pdf HTTP/1.1",
    "https://cdn.example.org/assets;v=" + sha("unw13v", 8) + "/app.js", "https://example.org/page#section=faq",
]  # fmt: skip


def negatives() -> list:
    c = []
    for i, text in enumerate(NEG):
        c.append(Case("part three negatives", text))
        c.append(Case("part three negatives", result_line(f"unw13n{i}", text), realistic=True))
    return c


def cases() -> list:
    return positives() + negatives()
