"""More of the dev part (tests/privacy_eval/dev.py), an eleventh batch: PRECISION on realistic
tool output once more, in families no earlier batch wrote (dev_negatives8.py, dev_negatives10.py,
dev_unwritten*.py): database shells' describes and dumps (psql, sqlite, Redis INFO, Mongo explain),
profilers, tracers and debuggers (py-spy, perf, strace, ltrace and ELF notes, gdb, sanitizers),
lockfiles not written yet (mix.lock, pubspec.lock, conda's explicit specs), CI job logs of other
runners (CircleCI, Buildkite, GitHub Actions' set-up), container image inspection (skopeo,
crictl, podman), systemd's unit properties, VPS and app platform listings (doctl, hcloud, fly),
frontend hosting deploys (Vercel, Netlify), Cloudflare listings, public identity documents (OpenID
discovery, SAML metadata, hashed known_hosts), release checksum files, git's object internals,
ORM query logs, iOS simulators, network, disk and hardware inventories (ip, lsblk, cryptsetup,
nvidia-smi), message brokers and etcd, monitoring agents, LDIF exports, Kerberos tickets, package
publishing, tracebacks with locals; each as a tool result carries it (Bash stdout, Read with
line numbers, a transcript line whose result is JSON printed as text).  And real-looking secrets
hidden in the same outputs.  Values are our own.

Part one, measured once before any change for it (bench_privacy's judge, filter at 316951d): 372
cases (333 negatives in 37 families, 39 positives hidden in 13 families of the same outputs):
**53 of 104 redactions false (51.0 %), 31 of 39 caught**.  The dev part with it: 63 of 5,810
redactions false (1.1 %; on realistic shapes 63 of 2,189, 2.9 %), recall 99.1 % (5,006 of
5,050); held unchanged (567 of 574 caught, 0 of 608 false).  False redactions by family (others
none): GitHub Actions' job set-up logs 33 (`GITHUB_TOKEN Permissions`, `IdToken: write`,
`Secret source: Actions`), SAML metadata 11 (the signing certificate's base64 in
`<ds:X509Certificate>`, wrapped at 76 columns), perf reports 6 (`token::verify` read as a label
and its value, in JSON printed as text), and 3 in the debugger-backtrace positives (gdb's
`password=0x55… "…"`: the pointer is taken, the string it points to is left).  Missed: a bearer
token in strace's escaped buffer (`Authorization: Bearer …\\r\\n`, 3), a keytab key as `klist
-K` prints it (`(0x<64 hex>)`, 3), a Jupyter kernel's `"key"` that is a person's password (1),
the string after gdb's pointer (1).  The other 34 families: no false redaction.
After the first round's fixes (store/privacy/never.py, the eleventh batch's classes: XML-DSig
elements as public blocks, a PEM block with no END line stopping at its body's end, a path's `::`,
access levels, a secret's attribute labels, a heading of a block of pairs; and
store/privacy/names.py reading gdb's string after its pointer): **0 of 55 redactions false, 35 of
39 caught**; the dev part 10 of 5,761 false, recall 5,010 of 5,050 (the four new catches its
own); held unchanged (567 of 574, 0 of 608); the 143,535 texts of the speed corpora unchanged.
Left: the keytab key (64 hex after a principal: a digest's shape, no finder proposes it) and the
Jupyter `"key"` holding a person's password (a bare `key` label: ambiguous, kept as measured).

Part two, written after the first round's fixes as the check of whether they generalized
(columnar database output, wide-column cluster status, compiler caches, monorepo task runners,
service proxy config dumps, secure boot and firmware listings, system package managers,
Homebrew, secret scanner baselines, source map uploads, git bisect, notes and worktrees, swarm
listings, token introspection, passkey registration payloads), measured once before any change
for it: 144 cases (126 negatives in 14 families, 18 positives in 6): **145 of 175 redactions
false (82.9 %), 18 of 18 caught**.  False by family: swarm listings 40 (and 18 in the swarm
positives: `docker secret ls`'s ids, a row's first cell before a name that says secret, also read
through JSON text's `\\n` as `n<id>`), compiler cache statistics 30 (and 12: ccache's `Result
key:`/`Manifest key:`, a cache key), service proxy config dumps 30 (and 12: Envoy's
`"inline_bytes"` of a certificate chain, and of its `[redacted]` stand-in for a private key), 3 in
the token-response positives (its access token, a secret too: labelled as one after this
measurement).  The dev part with it: 155 of 5,936 redactions false (2.6 %; realistic 155 of
2,315, 6.7 %), recall 99.2 % (5,028 of 5,068); held unchanged (567 of 574, 0 of 608).  So the
first round did not generalize on precision: three new families of fourteen were 100 % false.
After the second round's fixes (a row's first cell under an ID column, the lower-case header
read as words only, a lookup's key, a stand-in in base64, a certificate object's members):
**0 of 33 redactions false, 18 of 18 caught**; part one unchanged (0 of 55, 35 of 39); the dev
part 10 of 5,794 false, recall 5,028 of 5,068 (unchanged); held unchanged; the 143,535 texts of
the speed corpora unchanged (a first try that took PagerDuty's `routing_key` for a lookup's key
lost 18 of their spans and 3 dev positives: `routing` was taken out of the class).
Left (a finder's gap, not measured here): Envoy's `"private_key": {"inline_bytes": …}` when it is
not the `[redacted]` stand-in is not proposed by any finder.

Part three, written after the second round's fixes as a last check (connection pooler listings,
gpg packet dumps, jar manifests, DNS answers with DNSSEC, Kubernetes CSRs, instance identity
documents, editor logs, chart repository indexes, ASN.1 and public key dumps, object store admin
listings), measured once before any change for it: 102 cases (90 negatives in 10 families, 12
positives in 4): **6 of 21 redactions false, 9 of 12 caught**; the 6 are the instance
credentials' `AccessKeyId` (`ASIA…`), which the labelled set counts as a secret elsewhere (aws
keys): labelled as one after this measurement, so **no negative of the 90 had a false
redaction**.  Missed: the password of pgbouncer's `userlist.txt` (`"app" "<password>"`, 3).
The dev part with it: 16 of 5,815 redactions false (0.3 %; realistic 16 of 2,194, 0.7 %),
recall 99.2 % (5,037 of 5,080); held unchanged (567 of 574, 0 of 608).
After the third round's fix (store/privacy/outputs.py: `cat` of pgbouncer's `userlist.txt` or
pgpool's `pool_passwd` prints secrets): **0 of 27 redactions false, 12 of 12 caught**; the dev
part 10 of 5,821 false, recall 5,040 of 5,080; held unchanged; the 143,535 texts unchanged.

The whole batch after the three rounds: 618 cases (549 negatives in 61 families, 69 positives
in 23): 0 of 115 redactions false, 65 of 69 caught.  Before any change for each part: part one
53 of 104 false (51 %), part two 145 of 175 (83 %), part three 6 of 21 (all a labelling error:
0 of its 90 negatives).  Left: the keytab key, the Jupyter `"key"` holding a person's password,
Envoy's private key bytes when not the stand-in.

Part four, written after the third round as a check in a wider field than tool output: what a
transcript holds besides a command's output (code the model edits or writes: test fixtures and
mocks with fake values, crypto code with RFC test vectors (public: negatives) and constants,
hash tables, lockfile and migration edits, locale files, auth code and config naming secrets,
typed credentials, compose and Terraform files, HTTP cassettes, secret detection rules; prose:
prompts describing a rotation or asking a token's format, an assistant's review, a plan, a task
list; docs: a README's example configuration, a security advisory; Grep with context, WebFetch
of an API reference with example keys and of the OAuth RFC), each as a Claude Code event
carries it (an Edit's new_string and patch, a Write call, a Read, a prompt, an assistant's text,
a Grep, WebFetch, TodoWrite or ExitPlanMode result, JSON printed as text); the cases' note is
"part four".  Measured once before any change for it: 252 cases (225 negatives in 27
families, 27 positives in 9): **168 of 211 redactions false (79.6 %), 25 of 27 caught**.  False
by family: migration edits 36 (a Rails migration's path, `db/migrate/…_token_to_users.rb`, and
the symbol `:string` after `:encrypted_otp_secret,`), fetched API references 27 (AWS's
documented `…EXAMPLE` keys, `sk_test_EXAMPLEKEY…`), test fixtures 18 (and 9 in their positives:
`FAKE_PASSWORD = "correct-horse-battery-staple"`), RFC test vectors 18 (RFC 8032's Ed25519
secret key), compose files 18 (and 9: `.env.example`'s `JWT_SECRET=replace-with-32-random-bytes`),
the OAuth RFC 9 (its example code `SplxlOBeZQQYbYS6WxSbIA`), an assistant's review 9 (a fallback
`"django-insecure-dev"` quoted in prose), HTTP cassettes 6 (`session=FILTERED`).  Missed: a
person's password in a prompt's prose after `password is` with more words after it (1), and as
a Spring YAML `client-secret:` value (1).  The dev part with it: 178 of 6,032 redactions false
(3.0 %; realistic 178 of 2,411, 7.4 %), recall 99.2 % (5,065 of 5,107); held unchanged (567 of
574, 0 of 608).

After the fourth round's fixes (store/privacy/never.py: a stand-in of words with a size between
them, `filtered` a stand-in's word, a Ruby symbol, a relative path from `db/`, a value its name
calls fake, dummy or mock): **72 of 115 redactions false, 25 of 27 caught**; the dev part 82 of
5,936 false, recall 5,065 of 5,107 (unchanged); held unchanged (567 of 574, 0 of 608); the
159,433 texts of the speed corpora unchanged (0 differ).  Left: AWS's documented `…EXAMPLE` keys
and `sk_test_EXAMPLEKEY…` (27 and 9; a class for them was tried and dropped: the project's own
tests keep AWS's example keys as secrets, a decision not ours to change), RFC 8032's Ed25519
secret test vector (18: no mechanism short of listing it), RFC 6749's example code (9), a quoted
`"django-insecure-dev"` in prose (9), the two misses.
Part five, written after the fourth round's fixes, in new families again (GraphQL schemas,
protobuf definitions, keychain and keystore code, web server configs naming key files, prompts
pasting a traceback, pull request descriptions, SQL query files, makefiles, a CLI's help text,
token format validation code; the cases' note is "part five"), measured once before any change
for it: 99 cases (87 negatives in 10 families, 12 positives in 4): **114 of 133 redactions false
(85.7 %), 11 of 12 caught**.  False by family: GraphQL schemas 54 (and 9 in their positives: the
types `String!`, `ApiKeyWithSecret!` after a field's or a mutation's colon), a CLI's help text
30 (click's metavar `TEXT` after `--password`, `--token`), makefiles 21 (Make's `$$GHCR_TOKEN`, a
shell variable's reference with its `$` doubled); the other 7 families none.  Missed: a person's
password as a bearer token in grpcurl's `-H "authorization: Bearer …"` (1).  The dev part with
it: 196 of 6,069 redactions false (3.2 %; realistic 196 of 2,448, 8.0 %), recall 99.2 % (5,076
of 5,119); held unchanged (567 of 574, 0 of 608).  So the fourth round's classes did not carry
over: three of ten new families were false nearly everywhere, each a new class.
After the fifth round's fixes (store/privacy/never.py: a GraphQL field's non-null type, a help
text's metavar after a flag, Make's `$$NAME`): **0 of 19 redactions false, 11 of 12 caught**;
part four unchanged (72 of 115, 25 of 27); the dev part 82 of 5,955 false, recall 5,076 of 5,119
(unchanged); held unchanged (567 of 574, 0 of 608); the 159,433 texts unchanged (0 differ).
Left: the bearer password in grpcurl's header.
"""

from __future__ import annotations

import base64
import json

from tests.privacy_eval import (
    B62,
    HEX,
    Case,
    assistant_line,
    gen,
    prompt_event,
    random_secret,
    sha,
    tool_use_id,
    uuid_of,
)
from tests.privacy_eval.dev_negatives8 import as_bash, as_json_text, as_read, as_result, as_tool
from tests.privacy_eval.dev_negatives10 import _b64bytes, _negatives

UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
UPHEX = "0123456789ABCDEF"
L36 = "abcdefghijklmnopqrstuvwxyz0123456789"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
DIG = "0123456789"
URLSAFE = B62 + "-_"


def _addr(seed: str, hi: str = "00007f") -> str:
    return "0x" + hi + gen(seed, 12 - len(hi) + 4, HEX)


def _mac(seed: str) -> str:
    return ":".join(gen(seed + str(i), 2, HEX) for i in range(6))


# ---- part one: negatives -----------------------------------------------------------------------

def psql_describe(s):
    return ('                                   Table "public.api_tokens"\n'
            "    Column    |           Type           | Collation | Nullable |      Default\n"
            "--------------+--------------------------+-----------+----------+-------------------\n"
            " id           | uuid                     |           | not null | gen_random_uuid()\n"
            " token_hash   | bytea                    |           | not null |\n"
            " token_prefix | character varying(12)    |           | not null |\n"
            " secret_salt  | text                     |           |          |\n"
            " created_at   | timestamp with time zone |           | not null | now()\n"
            'Indexes:\n    "api_tokens_pkey" PRIMARY KEY, btree (id)\n    "api_tokens_token_hash_key" UNIQUE CONSTRAINT, btree (token_hash)\n\n'
            "                                   List of roles\n Role name |                         Attributes\n"
            "-----------+------------------------------------------------------------\n app       | \n postgres  | Superuser, Create role, Create DB, Replication, Bypass RLS\n\n"
            f"       queryid        | calls | mean_exec_time\n----------------------+-------+----------------\n"
            f" -{gen(s, 19, DIG)} |  4821 |          0.412\n  {gen(s + 'q', 18, DIG)} |   412 |         12.041\n"
            f" \\x{sha(s + 'th', 64)}\n"
            'You are connected to database "auth" as user "app" on host "db.internal" (address "10.0.3.12") at port "5432".\n'
            "SSL connection (protocol: TLSv1.3, cipher: TLS_AES_256_GCM_SHA384, compression: off, ALPN: postgresql)")  # fmt: skip


def sqlite_schema(s):
    rows = "\n".join(f"INSERT INTO sessions VALUES('{uuid_of(s + str(i))}',{41 + i},X'{sha(s + 'h' + str(i), 64).upper()}','2026-03-14 10:22:3{i}');" for i in range(3))
    return ("sqlite> .schema sessions\nCREATE TABLE sessions (\n  id TEXT PRIMARY KEY,\n  user_id INTEGER NOT NULL REFERENCES users(id),\n"
            "  token_digest BLOB NOT NULL,\n  expires_at TEXT NOT NULL\n);\nCREATE UNIQUE INDEX ix_sessions_token_digest ON sessions(token_digest);\n"
            "sqlite> .dump sessions\nPRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n" + rows + "\nCOMMIT;\n"
            f"sqlite> PRAGMA integrity_check;\nok\nsqlite> SELECT hex(randomblob(4));\n{gen(s + 'rb', 8, UPHEX)}")  # fmt: skip


def redis_info(s):
    return (f"# Server\nredis_version:7.2.4\nredis_git_sha1:00000000\nredis_git_dirty:0\nredis_build_id:{gen(s, 16, HEX)}\nredis_mode:standalone\n"
            f"os:Linux 6.5.0-1017-aws x86_64\nprocess_id:1\nprocess_supervised:no\nrun_id:{sha(s + 'run')}\ntcp_port:6379\n"
            f"executable:/data/redis-server\nconfig_file:/usr/local/etc/redis/redis.conf\n\n# Replication\nrole:master\nconnected_slaves:1\n"
            f"slave0:ip=10.0.3.14,port=6379,state=online,offset=48213377,lag=0\nmaster_failover_state:no-failover\n"
            f"master_replid:{sha(s + 'rid')}\nmaster_replid2:0000000000000000000000000000000000000000\nmaster_repl_offset:48213377\n\n"
            f"# Keyspace\ndb0:keys=4821,expires=412,avg_ttl=3518210\n\n127.0.0.1:6379> SLOWLOG GET 1\n1) 1) (integer) 14\n   2) (integer) 1710411751\n"
            f"   3) (integer) 12041\n   4) 1) \"GET\"\n      2) \"sess:{gen(s + 'sk', 32, HEX)}\"\n   5) \"10.0.3.21:41641\"\n   6) \"api\"")  # fmt: skip


def mongo_explain(s):
    return ("{\n  explainVersion: '1',\n  queryPlanner: {\n    namespace: 'auth.apikeys',\n    indexFilterSet: false,\n"
            f"    parsedQuery: {{ keyHash: {{ '$eq': '{sha(s + 'kh', 64)}' }} }},\n    queryHash: '{gen(s, 8, UPHEX)}',\n"
            f"    planCacheKey: '{gen(s + 'pc', 8, UPHEX)}',\n    winningPlan: {{ stage: 'FETCH', inputStage: {{ stage: 'IXSCAN', keyPattern: {{ keyHash: 1 }}, indexName: 'keyHash_1' }} }}\n  }},\n"
            "  executionStats: { nReturned: 1, executionTimeMillis: 0, totalKeysExamined: 1, totalDocsExamined: 1 },\n"
            "  serverInfo: { host: 'mongo-0', port: 27017, version: '7.0.6', gitVersion: '" + sha(s + "git") + "' },\n"
            "  ok: 1,\n  '$clusterTime': {\n    clusterTime: Timestamp({ t: 1710411751, i: 4 }),\n    signature: {\n"
            f"      hash: Binary.createFromBase64('{_b64bytes(s + 'sig', 20)}', 0),\n      keyId: Long('{gen(s + 'kid', 19, DIG)}')\n    }}\n  }},\n"
            "  operationTime: Timestamp({ t: 1710411751, i: 4 })\n}")  # fmt: skip


def py_spy(s):
    return (f"Process 4821: /home/dev/app/.venv/bin/python -m uvicorn api.main:app\nPython v3.12.2 (/usr/bin/python3.12)\n\n"
            f"Thread 0x7F{gen(s, 10, UPHEX)} (active): \"MainThread\"\n    _verify_signature (jwt/api_jws.py:301)\n    decode_complete (jwt/api_jwt.py:120)\n"
            f"    current_user (api/auth.py:48)\nThread 0x7F{gen(s + 't', 10, UPHEX)} (idle): \"asyncio_0\"\n    _worker (concurrent/futures/thread.py:89)\n\n"
            "   ncalls  tottime  percall  cumtime  percall filename:lineno(function)\n"
            "     4821    0.412    0.000    1.204    0.000 api_jws.py:292(_verify_signature)\n"
            "      412    0.120    0.000    0.481    0.001 hashing.py:88(verify_password)\n"
            f"Wrote flamegraph data to 'profile-{gen(s + 'f', 8, L36)}.svg'. Samples: 48213 Errors: 0")  # fmt: skip


def perf_report(s):
    return ("# Samples: 48K of event 'cpu-clock:pppH'\n# Event count (approx.): 12041250000\n#\n# Overhead  Command  Shared Object       Symbol\n"
            "    41.20%  api      libcrypto.so.3      [.] sha256_block_data_order_avx2\n    12.04%  api      api                 [.] token::verify\n\n"
            f"$ perf buildid-list\n{sha(s + 'k')} [kernel.kallsyms]\n{sha(s + 'c')} /usr/lib/x86_64-linux-gnu/libcrypto.so.3\n{sha(s + 'a')} /home/dev/app/target/release/api\n"
            f"$ perf script | head -3\n     api  4821 4821.212041:   250000 cpu-clock:pppH:      7f{gen(s + 'p1', 10, HEX)} sha256_block_data_order_avx2+0x{gen(s + 'o1', 3, HEX)} (/usr/lib/x86_64-linux-gnu/libcrypto.so.3)\n"
            f"     api  4821 4821.212291:   250000 cpu-clock:pppH:      55{gen(s + 'p2', 10, HEX)} token::verify+0x{gen(s + 'o2', 2, HEX)} (/home/dev/app/target/release/api)")  # fmt: skip


def strace_log(s):
    return (f"4821  openat(AT_FDCWD, \"/etc/ssl/certs/ca-certificates.crt\", O_RDONLY) = 7\n"
            f"4821  read(7, \"-----BEGIN CERTIFICATE-----\\nMIIH0zCCBbugAwIBAgIIXsO3pkN/pOAwDQYJKoZIhvcNAQEL\"..., 4096) = 4096\n"
            f"4821  mmap(NULL, 262144, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0) = 0x7f{gen(s, 10, HEX)}\n"
            f"4821  connect(8, {{sa_family=AF_INET, sin_port=htons(443), sin_addr=inet_addr(\"203.0.113.40\")}}, 16) = -1 EINPROGRESS (Operation now in progress)\n"
            f"4821  getrandom(\"\\x{gen(s + 'r1', 2, HEX)}\\x{gen(s + 'r2', 2, HEX)}\\x{gen(s + 'r3', 2, HEX)}\\x{gen(s + 'r4', 2, HEX)}\"..., 32, 0) = 32\n"
            f"4821  write(8, \"\\26\\3\\1\\2\\0\\1\\0\\1\\374\\3\\3{''.join(chr(97 + int(c, 16) % 26) for c in sha(s + 'tls', 12))}\"..., 517) = 517\n"
            f"4821  openat(AT_FDCWD, \"/home/dev/.config/acme/token.json\", O_RDONLY) = -1 ENOENT (No such file or directory)\n"
            f"4821  sendto(9, \"GET /v1/health HTTP/1.1\\r\\nHost: api.internal\\r\\nX-Request-Id: {uuid_of(s)}\\r\\n\"..., 86, MSG_NOSIGNAL, NULL, 0) = 86\n"
            "4821  +++ exited with 0 +++")  # fmt: skip


def ltrace_elf(s):
    return ("getenv(\"API_TOKEN\")                              = nil\ngetenv(\"API_TOKEN_FILE\")                         = \"/run/secrets/api_token\"\n"
            f"malloc(48)                                       = 0x55{gen(s, 10, HEX)}\nstrlen(\"Bearer \")                                = 7\n"
            f"\n$ ldd target/release/api\n\tlinux-vdso.so.1 (0x00007ff{gen(s + 'v', 9, HEX)})\n\tlibssl.so.3 => /lib/x86_64-linux-gnu/libssl.so.3 (0x00007f{gen(s + 'l', 10, HEX)})\n"
            f"$ file target/release/api\ntarget/release/api: ELF 64-bit LSB pie executable, x86-64, version 1 (SYSV), dynamically linked, "
            f"interpreter /lib64/ld-linux-x86-64.so.2, BuildID[sha1]={sha(s + 'b')}, for GNU/Linux 3.2.0, not stripped\n"
            f"$ readelf -n target/release/api\nDisplaying notes found in: .note.gnu.build-id\n  Owner                Data size \tDescription\n"
            f"  GNU                  0x00000014\tNT_GNU_BUILD_ID (unique build ID bitstring)\n    Build ID: {sha(s + 'b')}\n"
            f"$ nm -C target/release/api | grep verify\n{gen(s + 'n1', 16, HEX)} T token::verify_signature\n{gen(s + 'n2', 16, HEX)} t api::auth::check_api_key")  # fmt: skip


def beam_dart_locks(s):
    return ("%{\n" + ",\n".join(
        f'  "{n}": {{:hex, :{n}, "{v}", "{sha(s + n, 64)}", [:mix], [{{:jason, "~> 1.4", [hex: :jason, repo: "hexpm", optional: true]}}], "hexpm", "{sha(s + n + "o", 64)}"}}'
        for n, v in (("jose", "1.11.10"), ("guardian", "2.3.2"), ("bcrypt_elixir", "3.1.0"))) + "\n}\n\n"
        "packages:\n  crypto:\n    dependency: transitive\n    description:\n      name: crypto\n"
        f"      sha256: \"{sha(s + 'dart', 64)}\"\n      url: \"https://pub.dev\"\n    source: hosted\n    version: \"3.0.3\"\n"
        f"  flutter_secure_storage:\n    dependency: \"direct main\"\n    description:\n      name: flutter_secure_storage\n"
        f"      sha256: \"{sha(s + 'fss', 64)}\"\n      url: \"https://pub.dev\"\n    source: hosted\n    version: \"9.0.0\"")  # fmt: skip


def conda_specs(s):
    return ("# This file may be used to create an environment using:\n# $ conda create --name <env> --file <this file>\n# platform: linux-64\n@EXPLICIT\n"
            + "\n".join(f"https://conda.anaconda.org/conda-forge/linux-64/{p}-{gen(s + p, 8, 'h0123456789abcdef')}_{i}.conda#{sha(s + p + 'md5', 32)}"
                        for i, p in enumerate(("openssl-3.2.1", "python-3.12.2", "cryptography-42.0.5")))
            + "\n\n- kind: conda\n  name: keyring\n  version: 25.1.0\n  url: https://conda.anaconda.org/conda-forge/noarch/keyring-25.1.0-pyha804496_0.conda\n"
            f"  sha256: {sha(s + 'pixi', 64)}\n  md5: {sha(s + 'pixim', 32)}\n  license: MIT")  # fmt: skip


def circleci_buildkite(s):
    return (f"Build-agent version 1.0.{gen(s, 6, DIG)}-{gen(s + 'ba', 8, HEX)} (2026-03-12T18:04:11+0000)\nSystem information:\n Server Version: 24.0.9\n"
            f"Starting container cimg/python:3.12\n  image cache not found on this host, downloading cimg/python:3.12\n"
            f"Digest: sha256:{sha(s + 'img', 64)}\nUsing SSH Config Dir '/home/circleci/.ssh'\nCloning git repository\n"
            f"Checking out branch\nHEAD is now at {sha(s + 'head', 7)} Rotate the token cache\n\nRestoring cache\nFound a cache from build 4821 at v1-deps-{_b64bytes(s + 'ck', 32)}\n"
            f"Size: 48 MiB\nCache Download Duration: 1.204s\n\n~~~ Preparing working directory\n$ cd /var/lib/buildkite-agent/builds/agent-{gen(s + 'ag', 8, L36)}-1/acme/api\n"
            f"# Host \"github.com\" already in list of known hosts at \"/var/lib/buildkite-agent/.ssh/known_hosts\"\n"
            f"$ git fetch -v --prune -- origin {sha(s + 'head')}\n# BUILDKITE_JOB_ID={uuid_of(s + 'job')}\n# BUILDKITE_AGENT_ID={uuid_of(s + 'agent')}\n"
            f"+++ :pytest: Run tests\n412 passed in 12.04s\n~~~ Uploading artifacts\nUploading artifact {uuid_of(s + 'art')} junit.xml (48213 bytes)")  # fmt: skip


def gha_setup(s):
    return (f"Current runner version: '2.314.1'\nRunner name: 'GitHub Actions 4821'\nRunner group name: 'GitHub Actions'\n"
            f"Operating System\n  Ubuntu\n  22.04.4\n  LTS\nRunner Image\n  Image: ubuntu-22.04\n  Version: 20260310.1.0\n"
            "GITHUB_TOKEN Permissions\n  Contents: read\n  Metadata: read\n  IdToken: write\nSecret source: Actions\n"
            f"Prepare workflow directory\nPrepare all required actions\nGetting action download info\n"
            f"Download action repository 'actions/checkout@v4' (SHA:{sha(s + 'co')})\nDownload action repository 'actions/cache@v4' (SHA:{sha(s + 'ca')})\n"
            f"Complete job name: test (3.12)\n##[group]Run actions/cache@v4\nCache restored from key: Linux-pip-{sha(s + 'key', 64)}\n"
            f"##[endgroup]\nRequesting a runtime token for the OIDC provider\nwith audience: sts.amazonaws.com\nRequest id: {uuid_of(s + 'rid')}\n"
            f"Post job cleanup.\n[command]/usr/bin/git config --local --unset-all http.https://github.com/.extraheader\nCleaning up orphan processes")  # fmt: skip


def image_inspect(s):
    return json.dumps({"Name": "ghcr.io/acme/api", "Digest": "sha256:" + sha(s + "d", 64), "RepoTags": ["1.4.2", "latest"],
                       "Created": "2026-03-14T10:22:31.118229Z", "DockerVersion": "", "Labels": {
                           "org.opencontainers.image.revision": sha(s + "rev"), "org.opencontainers.image.source": "https://github.com/acme/api"},
                       "Architecture": "amd64", "Os": "linux", "Layers": ["sha256:" + sha(s + "l" + str(i), 64) for i in range(3)],
                       "Env": ["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "PYTHONDONTWRITEBYTECODE=1", "API_TOKEN_FILE=/run/secrets/api_token"]}, indent=4) + (
        f"\nCONTAINER           IMAGE               CREATED          STATE     NAME      ATTEMPT   POD ID              POD\n"
        f"{gen(s + 'c', 13, HEX)}       {gen(s + 'i', 13, HEX)}       4 minutes ago    Running   api       0         {gen(s + 'p', 13, HEX)}       api-7d9f8b6c5d-x2k4q\n"
        f"$ podman ps --format '{{{{.ID}}}} {{{{.Names}}}}'\n{gen(s + 'pd', 12, HEX)} api_db_1")  # fmt: skip


def systemd_show(s):
    return (f"Type=notify\nRestart=on-failure\nMainPID=4821\nInvocationID={gen(s, 32, HEX)}\n"
            "ExecStart={ path=/home/api/.venv/bin/gunicorn ; argv[]=/home/api/.venv/bin/gunicorn api.wsgi -b 127.0.0.1:8080 ; ignore_errors=no ; start_time=[Sat 2026-03-14 10:22:31 CET] ; pid=4821 ; code=(null) ; status=0/0 }\n"
            "ControlGroup=/system.slice/api.service\nEnvironment=NODE_ENV=production PORT=8080 CREDENTIALS_DIRECTORY=/run/credentials/api.service\n"
            "EnvironmentFiles=/etc/api/env (ignore_errors=no)\nLoadCredential=db-password:/etc/credstore/db-password\nSetCredentialEncrypted=api-token\n"
            f"\n$ hostnamectl\n Static hostname: api-1\n       Icon name: computer-vm\n      Machine ID: {gen(s + 'm', 32, HEX)}\n         Boot ID: {gen(s + 'b', 32, HEX)}\n"
            "  Virtualization: kvm\nOperating System: Ubuntu 22.04.4 LTS\n          Kernel: Linux 6.5.0-1017-aws\n"
            f"$ systemd-creds list\nNAME        SECURE   SIZE PATH\ndb-password secure  24B /run/credentials/api.service/db-password")  # fmt: skip


def vps_listings(s):
    return ("ID           Name         Public IPv4      Private IPv4    Memory    VCPUs    Disk    Region    Image                  Status    Tags\n"
            f"{gen(s, 9, DIG)}    api-1        203.0.113.40     10.114.0.2      2048      1        50      fra1      Ubuntu 22.04 (LTS) x64    active    api\n"
            f"\nID         NAME     STATUS    IPV4            IPV6                      PRIVATE NET   DATACENTER   AGE\n{gen(s + 'h', 8, DIG)}   db-1     running   198.51.100.7    2001:db8:1f0:{gen(s + '6', 4, HEX)}::/64    10.0.0.2      nbg1-dc3     41d\n"
            f"\nMachines\nPROCESS ID              VERSION REGION  STATE   ROLE    CHECKS  LAST UPDATED\napp     {gen(s + 'f1', 14, HEX)}  42      ams     started         1 total 2026-03-14T10:22:31Z\n"
            f"app     {gen(s + 'f2', 14, HEX)}  42      fra     started         1 total 2026-03-14T10:22:33Z\n"
            f"Image = registry.fly.io/acme-api:deployment-01H{gen(s + 'dep', 23, '0123456789ABCDEFGHJKMNPQRSTVWXYZ')}")  # fmt: skip


def hosting_deploys(s):
    return (f"Vercel CLI 33.5.5\n> Deployments for acme/web [412ms]\n\n  Age     Deployment                                     Status      Environment     Duration\n"
            f"  4m      https://web-{gen(s, 9, L36)}-acme.vercel.app     \u25cf Ready     Production      41s\n"
            f"  2h      https://web-{gen(s + 'b', 9, L36)}-acme.vercel.app     \u25cf Error     Preview         12s\n\n"
            f"  General\n\n    id\t\tdpl_{gen(s + 'dpl', 28, B62)}\n    name\tweb\n    target\tproduction\n\n"
            f"\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\n Current Netlify User \u2502\n"
            f"Name:  Ana Lima\nEmail: ana@example.com\nNetlify Site Info\nCurrent site: acme-docs\nAdmin URL:    https://app.netlify.com/sites/acme-docs\n"
            f"Site Id:      {uuid_of(s + 'site')}\nDeploy URL:   https://{gen(s + 'nd', 24, HEX)}--acme-docs.netlify.app\nUnique Deploy URL: https://{gen(s + 'nd', 24, HEX)}--acme-docs.netlify.app")  # fmt: skip


def cloudflare_listings(s):
    return (f"You can obtain more detailed information for each tunnel with `cloudflared tunnel info <name/uuid>`\n"
            f"ID                                   NAME     CREATED              CONNECTIONS\n{uuid_of(s)} api-prod 2026-01-15T10:22:31Z 2xams01, 2xfra08\n"
            f"\n$ wrangler kv namespace list\n" + json.dumps([{"id": gen(s + "kv", 32, HEX), "title": "SESSIONS", "supports_url_encoding": True},
                                                            {"id": gen(s + "kv2", 32, HEX), "title": "RATE_LIMITS", "supports_url_encoding": True}], indent=2)
            + f"\n$ curl -sI https://api.example.com | grep -i cf-\ncf-cache-status: DYNAMIC\ncf-ray: {gen(s + 'ray', 16, HEX)}-AMS\n"
            f"zone_id = \"{gen(s + 'zone', 32, HEX)}\"\naccount_id = \"{gen(s + 'acc', 32, HEX)}\"")  # fmt: skip


def oidc_discovery(s):
    return json.dumps({"issuer": "https://auth.example.com/realms/acme", "authorization_endpoint": "https://auth.example.com/realms/acme/protocol/openid-connect/auth",
                       "token_endpoint": "https://auth.example.com/realms/acme/protocol/openid-connect/token",
                       "introspection_endpoint": "https://auth.example.com/realms/acme/protocol/openid-connect/token/introspect",
                       "jwks_uri": "https://auth.example.com/realms/acme/protocol/openid-connect/certs",
                       "grant_types_supported": ["authorization_code", "client_credentials", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
                       "response_types_supported": ["code", "id_token", "code id_token"], "subject_types_supported": ["public", "pairwise"],
                       "id_token_signing_alg_values_supported": ["RS256", "ES256", "EdDSA"],
                       "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "private_key_jwt", "tls_client_auth"],
                       "claims_supported": ["sub", "iss", "auth_time", "name", "email", "email_verified"], "code_challenge_methods_supported": ["plain", "S256"],
                       "check_session_iframe": "https://auth.example.com/realms/acme/protocol/openid-connect/login-status-iframe.html",
                       "x-build": sha(s, 12)}, indent=2)  # fmt: skip


def saml_metadata(s):
    cert = _b64bytes(s + "cert", 540)
    cert = "\n".join(cert[i:i + 76] for i in range(0, len(cert), 76))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" '
            f'entityID="https://idp.example.com/saml/metadata" ID="_{gen(s, 32, HEX)}" validUntil="2027-03-14T10:22:31Z">\n'
            '  <ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:SignedInfo>\n'
            f'    <ds:Reference URI="#_{gen(s, 32, HEX)}"><ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>\n'
            f'    <ds:DigestValue>{_b64bytes(s + "dig", 32)}</ds:DigestValue></ds:Reference></ds:SignedInfo>\n'
            f'    <ds:SignatureValue>{_b64bytes(s + "sv", 256)}</ds:SignatureValue></ds:Signature>\n'
            '  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">\n'
            '    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>\n' + cert
            + '\n</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>\n'
            '    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>\n'
            '    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.com/saml/sso"/>\n'
            '  </md:IDPSSODescriptor>\n</md:EntityDescriptor>')  # fmt: skip


def known_hosts(s):
    ec = base64.b64encode(b"\x00\x00\x00\x13ecdsa-sha2-nistp256\x00\x00\x00\x08nistp256\x00\x00\x00\x41\x04" + bytes.fromhex(sha(s + "ec", 64) + sha(s + "ec2", 64))).decode()
    ed = base64.b64encode(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + bytes.fromhex(sha(s + "ed", 64))).decode()
    return (f"|1|{_b64bytes(s + 'salt1', 20)}|{_b64bytes(s + 'hash1', 20)} ecdsa-sha2-nistp256 {ec}\n"
            f"|1|{_b64bytes(s + 'salt2', 20)}|{_b64bytes(s + 'hash2', 20)} ssh-ed25519 {ed}\n"
            f"$ ssh-keyscan -t ed25519 git.acme.internal\n# git.acme.internal:22 SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13\ngit.acme.internal ssh-ed25519 {ed}\n"
            f"$ ssh-keygen -F git.acme.internal\n# Host git.acme.internal found: line 2\n|1|{_b64bytes(s + 'salt2', 20)}|{_b64bytes(s + 'hash2', 20)} ssh-ed25519 {ed}")  # fmt: skip


def checksum_files(s):
    files = ("acme-cli_1.4.2_linux_amd64.tar.gz", "acme-cli_1.4.2_darwin_arm64.tar.gz", "acme-cli_1.4.2_windows_amd64.zip")
    return ("\n".join(f"{sha(s + f, 64)}  {f}" for f in files) + "\n$ b2sum acme-cli_1.4.2_linux_amd64.tar.gz\n"
            + sha(s + "b2a", 64) + sha(s + "b2b", 64) + "  acme-cli_1.4.2_linux_amd64.tar.gz\n$ sha256sum -c SHA256SUMS --ignore-missing\n"
            + f"{files[0]}: OK\n$ shasum -a 512 {files[1]}\n{sha(s + '5a', 64)}{sha(s + '5b', 64)}  {files[1]}\n"
            "$ cosign verify-blob --certificate acme-cli.pem --signature acme-cli.sig --certificate-identity-regexp 'https://github.com/acme/cli/.*' "
            "--certificate-oidc-issuer https://token.actions.githubusercontent.com checksums.txt\nVerified OK")  # fmt: skip


def git_internals(s):
    return (f"$ git cat-file -p HEAD\ntree {sha(s + 'tree')}\nparent {sha(s + 'parent')}\nauthor Ana Lima <ana@example.com> 1710411751 +0100\n"
            f"committer Ana Lima <ana@example.com> 1710411751 +0100\n\nRotate the signing key\n$ git cat-file -p HEAD^{{tree}}\n"
            f"100644 blob {sha(s + 'b1')}\t.env.example\n040000 tree {sha(s + 't1')}\tsecrets\n100644 blob {sha(s + 'b2')}\ttoken.py\n"
            f"$ git fsck --lost-found\nChecking object directories: 100% (256/256), done.\ndangling blob {sha(s + 'dang')}\ndangling commit {sha(s + 'dc')}\n"
            f"$ git count-objects -v\ncount: 412\nsize: 4821\nin-pack: 48213\npacks: 1\nsize-pack: 12041\n"
            f"$ git verify-pack -v .git/objects/pack/pack-{sha(s + 'pack')}.idx | head -2\n{sha(s + 'v1')} commit 241 162 12\n{sha(s + 'v2')} tree   88 91 174 1 {sha(s + 'v3')}")  # fmt: skip


def orm_logs(s):
    return ("2026-03-14 10:22:31,118 INFO sqlalchemy.engine.Engine BEGIN (implicit)\n"
            "2026-03-14 10:22:31,119 INFO sqlalchemy.engine.Engine SELECT api_keys.id, api_keys.key_hash, api_keys.owner_id \nFROM api_keys \n"
            "WHERE api_keys.prefix = %(prefix_1)s\n"
            f"2026-03-14 10:22:31,119 INFO sqlalchemy.engine.Engine [generated in 0.00012s] {{'prefix_1': 'ak_{gen(s, 6, L36)}'}}\n"
            f"prisma:query SELECT `auth`.`Session`.`id`, `auth`.`Session`.`userId`, `auth`.`Session`.`expires` FROM `auth`.`Session` WHERE `auth`.`Session`.`id` = ? LIMIT ? OFFSET ?\n"
            f"prisma:query params [\"{gen(s + 'cuid', 25, L36)}\",1,0]\n"
            f"(0.001) SELECT \"django_session\".\"session_key\", \"django_session\".\"expire_date\" FROM \"django_session\" WHERE \"django_session\".\"expire_date\" > '2026-03-14T10:22:31' LIMIT 21; args=('2026-03-14T10:22:31',); alias=default\n"
            f"auth\n [X] 0001_initial\n [X] 0002_apitoken_hashed\n [ ] 0003_rotate_signing_keys")  # fmt: skip


def simctl_list(s):
    return ("== Devices ==\n-- iOS 17.4 --\n" + "\n".join(
        f"    {name} ({uuid_of(s + name).upper()}) ({state})" for name, state in (("iPhone 15", "Booted"), ("iPhone 15 Pro", "Shutdown"), ("iPad Air (5th generation)", "Shutdown")))
        + f"\n== Runtimes ==\niOS 17.4 (17.4 - 21E213) - com.apple.CoreSimulator.SimRuntime.iOS-17-4\n"
        f"$ xcrun devicectl list devices\nName         Hostname                                 Identifier                             State\n"
        f"Ana's iPhone {gen(s + 'h', 8, UPHEX)}-{gen(s + 'h2', 16, UPHEX)}.coredevice.local   {uuid_of(s + 'dev').upper()}   available (paired)\n"
        f"$ xcrun simctl get_app_container booted com.acme.app data\n/Users/ana/Library/Developer/CoreSimulator/Devices/{uuid_of(s + 'iPhone 15').upper()}/data/Containers/Data/Application/{uuid_of(s + 'app').upper()}")  # fmt: skip


def gdb_backtrace(s):
    return (f"Program received signal SIGSEGV, Segmentation fault.\n0x00007f{gen(s, 10, HEX)} in __strlen_avx2 () at ../sysdeps/x86_64/multiarch/strlen-avx2.S:76\n"
            f"(gdb) bt\n#0  0x00007f{gen(s, 10, HEX)} in __strlen_avx2 () at ../sysdeps/x86_64/multiarch/strlen-avx2.S:76\n"
            f"#1  0x000055{gen(s + 'f1', 10, HEX)} in token_verify (tok=0x0, key=0x55{gen(s + 'k', 10, HEX)} <signing_key>, key_len=32) at src/token.c:88\n"
            f"#2  0x000055{gen(s + 'f2', 10, HEX)} in handle_request (req=0x7ffd{gen(s + 'r', 8, HEX)}) at src/server.c:412\n"
            f"(gdb) p *req\n$1 = {{method = 0x55{gen(s + 'm', 10, HEX)} \"POST\", path = 0x55{gen(s + 'p', 10, HEX)} \"/v1/token\", header_count = 4, body_len = 0}}\n"
            f"(gdb) x/4xg $rsp\n0x7ffd{gen(s + 'sp', 8, HEX)}:\t0x{gen(s + 'x1', 16, HEX)}\t0x{gen(s + 'x2', 16, HEX)}\n"
            f"(lldb) frame variable\n(const char *) tok = 0x0000000000000000\n(size_t) key_len = 32")  # fmt: skip


def sanitizer_report(s):
    return (f"=================================================================\n==4821==ERROR: AddressSanitizer: heap-use-after-free on address 0x6020{gen(s, 8, HEX)} at pc 0x55{gen(s + 'pc', 10, HEX)} bp 0x7ffd{gen(s + 'bp', 8, HEX)} sp 0x7ffd{gen(s + 'sp', 8, HEX)}\n"
            f"READ of size 32 at 0x6020{gen(s, 8, HEX)} thread T0\n    #0 0x55{gen(s + 'f0', 10, HEX)} in token_compare src/token.c:61\n    #1 0x55{gen(s + 'f1', 10, HEX)} in main src/main.c:12\n"
            f"Shadow bytes around the buggy address:\n  0x0c04{gen(s + 'sh', 8, HEX)}: fa fa fd fd fa fa fd fd fa fa fd fd fa fa 00 00\n"
            f"==4821==ABORTING\n==4822== Memcheck, a memory error detector\n==4822== Invalid read of size 8\n==4822==    at 0x{gen(s + 'vg', 6, UPHEX)}: secret_free (secret.c:41)\n"
            f"==4822==  Address 0x{gen(s + 'va', 7, HEX)} is 0 bytes inside a block of size 48 free'd\n==4822== ERROR SUMMARY: 1 errors from 1 contexts (suppressed: 0 from 0)")  # fmt: skip


def ip_interfaces(s):
    return (f"1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000\n    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00\n"
            f"2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9001 qdisc mq state UP group default qlen 1000\n    link/ether {_mac(s)} brd ff:ff:ff:ff:ff:ff\n"
            f"    inet 10.0.3.12/24 metric 100 brd 10.0.3.255 scope global dynamic eth0\n    inet6 fe80::{gen(s + 'a', 4, HEX)}:{gen(s + 'b', 4, HEX)}:fe{gen(s + 'c', 2, HEX)}:{gen(s + 'd', 4, HEX)}/64 scope link\n"
            f"3: wg0: <POINTOPOINT,NOARP,UP,LOWER_UP> mtu 1420 qdisc noqueue state UNKNOWN group default qlen 1000\n    link/none\n"
            f"$ nmcli connection show\nNAME                UUID                                  TYPE       DEVICE\nWired connection 1  {uuid_of(s + 'nm')}  ethernet   eth0\n"
            f"$ ethtool -i eth0\ndriver: ena\nversion: 6.5.0-1017-aws\nfirmware-version: \nbus-info: 0000:00:05.0\nsupports-statistics: yes")  # fmt: skip


def disk_ids(s):
    return (f"NAME        FSTYPE      FSVER LABEL           UUID                                 FSAVAIL FSUSE% MOUNTPOINTS\n"
            f"nvme0n1\n\u251c\u2500nvme0n1p1 vfat        FAT32                   {gen(s, 4, UPHEX)}-{gen(s + 'v', 4, UPHEX)}                            1G     2% /boot/efi\n"
            f"\u2514\u2500nvme0n1p2 crypto_LUKS 2                     {uuid_of(s + 'luks')}\n  \u2514\u2500cryptroot ext4  1.0   root {uuid_of(s + 'root')}  412G    12% /\n"
            f"$ blkid /dev/nvme0n1p2\n/dev/nvme0n1p2: UUID=\"{uuid_of(s + 'luks')}\" TYPE=\"crypto_LUKS\" PARTUUID=\"{uuid_of(s + 'pu')}\"\n"
            f"$ sudo cryptsetup luksDump /dev/nvme0n1p2\nLUKS header information\nVersion:       \t2\nUUID:          \t{uuid_of(s + 'luks')}\n"
            f"Keyslots:\n  0: luks2\n\tKey:        512 bits\n\tCipher:     aes-xts-plain64\n\tPBKDF:      argon2id\n\tTime cost:  4\n\tMemory:     1048576\n"
            f"\tSalt:       {' '.join(gen(s + 'salt' + str(i), 2, HEX) for i in range(16))} \n\t            {' '.join(gen(s + 'salt2' + str(i), 2, HEX) for i in range(16))} \n"
            f"Digests:\n  0: pbkdf2\n\tHash:       sha256\n\tIterations: 129774\n\tSalt:       {' '.join(gen(s + 'ds' + str(i), 2, HEX) for i in range(16))} \n"
            f"\tDigest:     {' '.join(gen(s + 'dg' + str(i), 2, HEX) for i in range(16))} ")  # fmt: skip


def hardware_inventory(s):
    return (f"==============NVSMI LOG==============\nDriver Version                            : 550.54.14\nCUDA Version                              : 12.4\n"
            f"GPU 00000000:00:1E.0\n    Product Name                          : NVIDIA A10G\n    Serial Number                         : {gen(s, 13, DIG)}\n"
            f"    GPU UUID                              : GPU-{uuid_of(s + 'gpu')}\n    Board ID                              : 0x1e\n"
            f"$ sudo dmidecode -t system\nSystem Information\n\tManufacturer: Amazon EC2\n\tProduct Name: g5.xlarge\n\tSerial Number: ec2{gen(s + 'sn', 5, HEX)}-{gen(s + 'sn2', 4, HEX)}-{gen(s + 'sn3', 4, HEX)}-{gen(s + 'sn4', 4, HEX)}-{gen(s + 'sn5', 12, HEX)}\n"
            f"\tUUID: ec2{gen(s + 'sn', 5, HEX)}-{gen(s + 'sn2', 4, HEX)}-{gen(s + 'sn3', 4, HEX)}-{gen(s + 'sn4', 4, HEX)}-{gen(s + 'sn5', 12, HEX)}\n"
            f"$ lspci -nn | grep -i nvidia\n00:1e.0 3D controller [0302]: NVIDIA Corporation GA102GL [A10G] [10de:2237] (rev a1)\n"
            f"$ cat /sys/class/dmi/id/board_asset_tag\ni-0{gen(s + 'i', 16, HEX)}")  # fmt: skip


def broker_listings(s):
    return ("Timeout: 60.0 seconds ...\nListing queues for vhost / ...\nname\tmessages\tconsumers\ntoken.rotate\t0\t2\n"
            f"amq.gen-{_b64bytes(s + 'q', 16).rstrip('=').replace('+', '-').replace('/', '_')}\t0\t1\n"
            "Listing users ...\nuser\ttags\napi\t[]\nadmin\t[administrator]\n"
            f"$ curl -s localhost:8222/varz | jq '{{server_id, server_name, version}}'\n" + json.dumps(
                {"server_id": "N" + gen(s + "nats", 55, B32), "server_name": "nats-0", "version": "2.10.11",
                 "config_digest": "sha256:" + sha(s + "cfg", 64)}, indent=2)
            + f"\n$ nats stream info TOKENS\nInformation for Stream TOKENS created 2026-03-14 10:22:31\n             Subjects: tokens.>\n"
            f"              Cluster Group: S-R3F-{gen(s + 'grp', 8, L36)}\n               Leader: nats-0")  # fmt: skip


def etcd_listings(s):
    keys = ["/registry/secrets/default/db-password", "/registry/configmaps/default/api-config", "/registry/serviceaccounts/kube-system/token-cleaner"]
    return (json.dumps([{"Endpoint": "https://10.0.3.12:2379", "Status": {"header": {"cluster_id": int(gen(s, 19, DIG)) % 2**63,
                        "member_id": int(gen(s + "m", 19, DIG)) % 2**63, "revision": 4821377, "raft_term": 12},
                        "version": "3.5.12", "dbSize": 48213377, "leader": int(gen(s + "m", 19, DIG)) % 2**63, "raftIndex": 4821412}}])
            + f"\n$ etcdctl member list\n{gen(s + 'mem1', 16, HEX)}, started, etcd-0, https://10.0.3.12:2380, https://10.0.3.12:2379, false\n"
            f"{gen(s + 'mem2', 16, HEX)}, started, etcd-1, https://10.0.3.13:2380, https://10.0.3.13:2379, false\n"
            f"$ etcdctl get /registry --prefix --keys-only -w json | jq -c '.kvs[] | {{key, mod_revision}}'\n"
            + "\n".join(json.dumps({"key": base64.b64encode(k.encode()).decode(), "mod_revision": 4821000 + i}) for i, k in enumerate(keys)))  # fmt: skip


def monitoring_agent(s):
    return ("===============\nAgent (v7.52.0)\n===============\n\n  Status date: 2026-03-14 10:22:31.118 CET / 2026-03-14 09:22:31.118 UTC (1710408151118)\n"
            f"  Agent start: 2026-03-14 08:04:11.412 CET / 2026-03-14 07:04:11.412 UTC (1710399851412)\n  Pid: 4821\n  Go Version: go1.21.7\n"
            f"  Check Runners: 4\n  Log Level: info\n\n  Paths\n  =====\n    Config File: /etc/datadog-agent/datadog.yaml\n\n  Hostnames\n  =========\n"
            f"    ec2-hostname: ip-10-0-3-12.eu-west-1.compute.internal\n    instance-id: i-0{gen(s, 16, HEX)}\n    hostname_source: aws\n\n"
            f"=========\nForwarder\n=========\n  API Keys status\n  ===============\n    API key ending with {gen(s + 'end', 5, HEX)}: API Key valid\n\n"
            f"  Transactions\n  ============\n    Success: 4821\n    Errors: 0\n\n  Host metadata\n  ==============\n    agent_version: 7.52.0\n    install_id: {uuid_of(s + 'inst')}\n"
            f"    otlp_trace_id: {gen(s + 'tr', 32, HEX)}")  # fmt: skip


def ldif_export(s):
    sid = base64.b64encode(bytes([1, 5, 0, 0, 0, 0, 0, 5, 21, 0, 0, 0]) + bytes.fromhex(sha(s + "sid", 32))).decode()
    return ("# extended LDIF\n#\n# LDAPv3\n# base <dc=acme,dc=internal> with scope subtree\n# filter: (sAMAccountName=svc-api)\n#\n\n"
            "# svc-api, Service Accounts, acme.internal\ndn: CN=svc-api,OU=Service Accounts,DC=acme,DC=internal\nobjectClass: user\ncn: svc-api\n"
            f"objectGUID:: {_b64bytes(s + 'guid', 16)}\nobjectSid:: {sid}\n"
            f"pwdLastSet: 13{gen(s + 'pls', 16, DIG)}\nuserAccountControl: 66048\nmsDS-SupportedEncryptionTypes: 24\n"
            f"servicePrincipalName: HTTP/api.acme.internal\nmemberOf: CN=Token Readers,OU=Groups,DC=acme,DC=internal\n"
            f"userCertificate;binary:: {_b64bytes(s + 'uc', 180)}\n\n# search result\nsearch: 2\nresult: 0 Success\n\n# numResponses: 2\n# numEntries: 1")  # fmt: skip


def kerberos_tickets(s):
    return ("Ticket cache: KCM:1000:" + gen(s, 5, DIG) + "\nDefault principal: ana@ACME.INTERNAL\n\n"
            "Valid starting       Expires              Service principal\n03/14/2026 10:22:31  03/14/2026 20:22:31  krbtgt/ACME.INTERNAL@ACME.INTERNAL\n"
            "\trenew until 03/21/2026 10:22:31, Etype (skey, tkt): aes256-cts-hmac-sha1-96, aes256-cts-hmac-sha1-96\n"
            "03/14/2026 10:24:01  03/14/2026 20:22:31  HTTP/api.acme.internal@ACME.INTERNAL\n"
            "\tEtype (skey, tkt): aes256-cts-hmac-sha1-96, aes256-cts-hmac-sha1-96\n\n$ klist -kt /etc/api.keytab\nKeytab name: FILE:/etc/api.keytab\n"
            "KVNO Timestamp           Principal\n---- ------------------- ------------------------------------------------------\n"
            "   3 01/15/2026 10:22:31 HTTP/api.acme.internal@ACME.INTERNAL\n   3 01/15/2026 10:22:31 HTTP/api.acme.internal@ACME.INTERNAL\n"
            f"$ kvno HTTP/api.acme.internal\nHTTP/api.acme.internal@ACME.INTERNAL: kvno = 3\nsssd: krb5_child[{gen(s + 'pid', 4, DIG)}] ccache KCM:1000:{gen(s, 5, DIG)} renewed")  # fmt: skip


def publish_outputs(s):
    return ("npm notice\nnpm notice \U0001f4e6  @acme/token-client@1.4.2\nnpm notice === Tarball Contents ===\nnpm notice 4.8kB dist/index.js\n"
            f"npm notice === Tarball Details ===\nnpm notice name:          @acme/token-client\nnpm notice version:       1.4.2\n"
            f"npm notice shasum:        {sha(s + 'shasum')}\nnpm notice integrity:     sha512-{_b64bytes(s + 'int', 64)[:14]}[...]{_b64bytes(s + 'int', 64)[-14:]}\n"
            f"npm notice total files:   4\nnpm notice Publishing to https://registry.npmjs.org/ with tag latest and public access\n+ @acme/token-client@1.4.2\n"
            f"Uploading distributions to https://upload.pypi.org/legacy/\nUploading acme_tokens-1.4.2-py3-none-any.whl\n"
            f"100% \u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501 12.0/12.0 kB \u2022 00:00 \u2022 ?\nView at:\nhttps://pypi.org/project/acme-tokens/1.4.2/\n"
            f"   Uploading acme-tokens v1.4.2 (/home/dev/app/crates/acme-tokens)\n    Uploaded acme-tokens v1.4.2 to registry `crates-io`\n"
            f"Pushing gem to https://rubygems.org...\nSuccessfully registered gem: acme-tokens (1.4.2)\nattestation: {uuid_of(s + 'att')}")  # fmt: skip


def traceback_locals(s):
    bar = "\u2502"
    return ("\u256d\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500 Traceback (most recent call last) \u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u256e\n"
            f"{bar} /home/dev/app/api/auth.py:48 in current_user                          {bar}\n{bar}                                                                    {bar}\n"
            f"{bar}   45 \u2502   digest = hashlib.sha256(raw.encode()).hexdigest()             {bar}\n"
            f"{bar} \u2771 48 \u2502   row = db.execute(q, {{\"digest\": digest}}).one()                 {bar}\n{bar}                                                                    {bar}\n"
            f"{bar} \u256d\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500 locals \u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u256e {bar}\n"
            f"{bar} {bar}     digest = '{sha(s + 'dg', 64)}' {bar} {bar}\n"
            f"{bar} {bar}          q = <sqlalchemy.sql.selectable.Select object at 0x7f{gen(s, 10, HEX)}> {bar} {bar}\n"
            f"{bar} {bar} request_id = '{uuid_of(s + 'rq')}' {bar} {bar}\n{bar} {bar}        raw = '***' {bar} {bar}\n"
            f"{bar} \u2570\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u256f {bar}\n"
            "\u2570\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u256f\n"
            "NoResultFound: No row was found when one was required")  # fmt: skip


def gpu_jobs_queue(s):
    return ("             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n"
            f"           {gen(s, 7, DIG)}       gpu train-to      ana  R    4:12:41      1 gpu-a10-04\n"
            f"$ scontrol show job {gen(s, 7, DIG)} | head -4\nJobId={gen(s, 7, DIG)} JobName=train-token-classifier\n   UserId=ana(1000) GroupId=ana(1000) MCS_label=N/A\n"
            f"   StdOut=/home/ana/slurm-{gen(s, 7, DIG)}.out\n$ ray status\n======== Autoscaler status: 2026-03-14 10:22:31.118229 ========\nNode status\n"
            f"---------------------------------------------------------------\nActive:\n 1 node_{gen(s + 'n1', 56, HEX)}\n 1 node_{gen(s + 'n2', 56, HEX)}\n"
            f"$ ray job list\n[JobDetails(type=<JobType.SUBMISSION: 'SUBMISSION'>, job_id='04000000', submission_id='raysubmit_{gen(s + 'sub', 16, B62)}', status=<JobStatus.RUNNING: 'RUNNING'>)]")  # fmt: skip


NEGATIVE_FAMILIES = [
    ("psql describes and statistics", psql_describe, (as_bash("psql auth -c '\\d api_tokens' -c '\\du' -c 'select queryid, calls, mean_exec_time from pg_stat_statements limit 2' -c '\\conninfo'"), as_result, as_json_text)),
    ("sqlite schemas and dumps", sqlite_schema, (as_bash("sqlite3 data/app.db"), as_read("/home/dev/app/data/dump.sql"), as_json_text)),
    ("redis info and slowlog", redis_info, (as_bash("redis-cli INFO server replication keyspace; redis-cli SLOWLOG GET 1"), as_result, as_json_text)),
    ("document database explain plans", mongo_explain, (as_bash("mongosh auth --quiet --eval 'db.apikeys.find({keyHash: h}).explain(\"executionStats\")'"), as_result, as_json_text)),
    ("python profiler dumps", py_spy, (as_bash("py-spy dump --pid 4821; python -m cProfile -s tottime bench.py | head; py-spy record -o profile.svg --pid 4821"), as_result, as_json_text)),
    ("perf reports and scripts", perf_report, (as_bash("perf report --stdio | head; perf buildid-list; perf script | head -3"), as_result, as_json_text)),
    ("syscall traces", strace_log, (as_bash("strace -f -e trace=openat,read,connect,write,sendto,getrandom,mmap -p 4821 2>&1 | head"), as_read("/tmp/api.strace"), as_json_text)),
    ("library call traces and elf notes", ltrace_elf, (as_bash("ltrace -e getenv+malloc+strlen ./api; ldd target/release/api; file target/release/api; readelf -n target/release/api"), as_result, as_json_text)),
    ("elixir and dart lockfiles", beam_dart_locks, (as_read("/home/dev/app/mix.lock"), as_result, as_json_text)),
    ("conda and pixi specs", conda_specs, (as_bash("conda list --explicit --md5; sed -n 40,46p pixi.lock"), as_read("/home/dev/app/spec-file.txt"), as_json_text)),
    ("circleci and buildkite logs", circleci_buildkite, (as_bash("circleci local execute test; buildkite-agent bootstrap"), as_result, as_json_text)),
    ("github actions job set-up logs", gha_setup, (as_bash("gh run view 4821 --log --job 12041 | cut -f3- | head -40"), as_result, as_json_text)),
    ("container image inspection", image_inspect, (as_bash("skopeo inspect docker://ghcr.io/acme/api:1.4.2; crictl ps; podman ps"), as_result, as_json_text)),
    ("systemd unit properties", systemd_show, (as_bash("systemctl show api -p Type,Restart,MainPID,InvocationID,ExecStart,ControlGroup,Environment,EnvironmentFiles,LoadCredential; hostnamectl"), as_result, as_json_text)),
    ("vps and app platform listings", vps_listings, (as_bash("doctl compute droplet list; hcloud server list; fly status"), as_result, as_json_text)),
    ("frontend hosting deploy listings", hosting_deploys, (as_bash("vercel ls; vercel inspect; netlify status"), as_result, as_json_text)),
    ("cloudflare listings", cloudflare_listings, (as_bash("cloudflared tunnel list; wrangler kv namespace list; curl -sI https://api.example.com; grep _id wrangler.toml"), as_result, as_json_text)),
    ("openid discovery documents", oidc_discovery, (as_bash("curl -s https://auth.example.com/realms/acme/.well-known/openid-configuration | jq ."), as_result, as_json_text)),
    ("saml metadata", saml_metadata, (as_bash("curl -s https://idp.example.com/saml/metadata"), as_read("/home/dev/app/config/idp-metadata.xml"), as_json_text)),
    ("hashed known hosts and key scans", known_hosts, (as_bash("cat ~/.ssh/known_hosts; ssh-keyscan -t ed25519 git.acme.internal; ssh-keygen -F git.acme.internal"), as_result, as_json_text)),
    ("release checksum files", checksum_files, (as_bash("cat SHA256SUMS; b2sum x; sha256sum -c SHA256SUMS --ignore-missing; cosign verify-blob ..."), as_read("/home/dev/app/dist/SHA256SUMS"), as_json_text)),
    ("git object internals", git_internals, (as_bash("git cat-file -p HEAD; git cat-file -p HEAD^{tree}; git fsck --lost-found; git count-objects -v"), as_result, as_json_text)),
    ("orm query logs", orm_logs, (as_bash("python -m api.jobs.rotate; python manage.py showmigrations auth"), as_result, as_json_text)),
    ("ios simulator listings", simctl_list, (as_bash("xcrun simctl list devices runtimes; xcrun devicectl list devices"), as_result, as_json_text)),
    ("debugger backtraces", gdb_backtrace, (as_bash("gdb -batch -ex run -ex bt -ex 'p *req' -ex 'x/4xg $rsp' ./api"), as_result, as_json_text)),
    ("memory sanitizer reports", sanitizer_report, (as_bash("./build/asan/api_test; valgrind ./build/api_test"), as_result, as_json_text)),
    ("network interface listings", ip_interfaces, (as_bash("ip addr; nmcli connection show; ethtool -i eth0"), as_result, as_json_text)),
    ("disk and encrypted volume ids", disk_ids, (as_bash("lsblk -f; blkid /dev/nvme0n1p2; sudo cryptsetup luksDump /dev/nvme0n1p2"), as_result, as_json_text)),
    ("hardware inventories", hardware_inventory, (as_bash("nvidia-smi -q | head -12; sudo dmidecode -t system; lspci -nn"), as_result, as_json_text)),
    ("message broker listings", broker_listings, (as_bash("rabbitmqctl list_queues name messages consumers; rabbitmqctl list_users; nats stream info TOKENS"), as_result, as_json_text)),
    ("etcd listings", etcd_listings, (as_bash("etcdctl endpoint status -w json; etcdctl member list; etcdctl get /registry --prefix --keys-only -w json"), as_result, as_json_text)),
    ("monitoring agent status", monitoring_agent, (as_bash("sudo datadog-agent status"), as_result, as_json_text)),
    ("directory ldif exports", ldif_export, (as_bash("ldapsearch -Y GSSAPI -H ldaps://dc1.acme.internal -b dc=acme,dc=internal '(sAMAccountName=svc-api)'"), as_read("/home/dev/app/svc-api.ldif"), as_json_text)),
    ("kerberos ticket listings", kerberos_tickets, (as_bash("klist; klist -kt /etc/api.keytab; kvno HTTP/api.acme.internal"), as_result, as_json_text)),
    ("package publish outputs", publish_outputs, (as_bash("npm publish; twine upload dist/*; cargo publish; gem push acme-tokens-1.4.2.gem"), as_result, as_json_text)),
    ("tracebacks with locals", traceback_locals, (as_bash("python -m api.cli whoami"), as_result, as_json_text)),
    ("batch scheduler listings", gpu_jobs_queue, (as_bash("squeue -u ana; scontrol show job; ray status; ray job list"), as_result, as_json_text)),
]  # fmt: skip


# ---- part one: secrets hidden in the same outputs -------------------------------------------------

def _password_in_psql_session(s, v):
    return f"$ PGPASSWORD='{v}' psql -h db.internal -U app auth -c '\\d api_tokens'\n" + psql_describe(s)


def _token_in_ci_env_dump(s, v):
    return circleci_buildkite(s) + f"\n$ env | sort | grep -v CIRCLE_\nHOME=/home/circleci\nNPM_TOKEN={v}\nPATH=/home/circleci/.local/bin:/usr/bin"


def _password_in_redis_config(s, v):
    return redis_info(s) + f"\n127.0.0.1:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"{v}\""


def _bearer_in_syscall_trace(s, v):
    return strace_log(s) + f"\n4822  write(9, \"POST /v1/token/refresh HTTP/1.1\\r\\nHost: api.internal\\r\\nAuthorization: Bearer {v}\\r\\n\\r\\n\", 98) = 98"


def _key_in_kernel_connection_file(s, v):
    return json.dumps({"shell_port": 41641, "iopub_port": 41642, "stdin_port": 41643, "control_port": 41644, "hb_port": 41645,
                       "ip": "127.0.0.1", "key": v, "transport": "tcp", "signature_scheme": "hmac-sha256", "kernel_name": "python3"}, indent=1)  # fmt: skip


def _secret_in_tunnel_credentials(s, v):
    return cloudflare_listings(s) + "\n$ cat ~/.cloudflared/" + uuid_of(s) + ".json\n" + json.dumps(
        {"AccountTag": gen(s + "acc", 32, HEX), "TunnelSecret": v, "TunnelID": uuid_of(s)})


def _password_in_unit_environment(s, v):
    return systemd_show(s).replace("PORT=8080 ", f"PORT=8080 DATABASE_PASSWORD={v} ")


def _secret_in_image_config(s, v):
    return image_inspect(s).replace('"PYTHONDONTWRITEBYTECODE=1"', f'"PYTHONDONTWRITEBYTECODE=1",\n        "STRIPE_SECRET={v}"')


def _password_in_ldapsearch(s, v):
    return (f"$ ldapsearch -x -H ldaps://dc1.acme.internal -D 'CN=svc-api,OU=Service Accounts,DC=acme,DC=internal' -w '{v}' -b dc=acme,dc=internal '(sAMAccountName=svc-api)'\n"
            + ldif_export(s))


def _password_in_backtrace(s, v):
    return gdb_backtrace(s).replace("(gdb) p *req", f"#3  0x000055{gen(s + 'f3', 10, HEX)} in db_connect (host=0x55{gen(s + 'h', 10, HEX)} \"db.internal\", user=0x55{gen(s + 'u', 10, HEX)} \"app\", password=0x55{gen(s + 'pw', 10, HEX)} \"{v}\") at src/db.c:41\n(gdb) p *req")


def _password_in_profiler_locals(s, v):
    return (f"Thread 0x7F{gen(s, 10, HEX).upper()} (active): \"MainThread\"\n    connect (psycopg2/__init__.py:122)\n        Arguments:\n"
            f"            dsn: \"host=db.internal dbname=auth user=app password={v}\"\n            connection_factory: None\n"
            f"        Locals:\n            kwasync: {{}}\n    get_conn (api/db.py:18)\n" + py_spy(s))


def _key_in_keytab_listing(s, v):
    return kerberos_tickets(s) + f"\n$ klist -kK /etc/api.keytab\nKeytab name: FILE:/etc/api.keytab\nKVNO Principal\n---- ----------\n   3 HTTP/api.acme.internal@ACME.INTERNAL (0x{v})"


def _password_in_orm_parameters(s, v):
    return orm_logs(s) + ("\n2026-03-14 10:22:32,004 INFO sqlalchemy.engine.Engine INSERT INTO users (email, password) VALUES (%(email)s, %(password)s)\n"
                          f"2026-03-14 10:22:32,004 INFO sqlalchemy.engine.Engine [generated in 0.00011s] {{'email': 'ana@example.com', 'password': '{v}'}}")


POSITIVE_FAMILIES = [
    ("secret in a psql session", _password_in_psql_session, as_json_text),
    ("secret in a ci environment dump", _token_in_ci_env_dump, as_bash("circleci local execute test")),
    ("secret in a redis config dump", _password_in_redis_config, as_result),
    ("secret in a syscall trace", _bearer_in_syscall_trace, as_bash("strace -f -s 256 -e trace=write,sendto -p 4821")),
    ("secret in a kernel connection file", _key_in_kernel_connection_file, as_read("/home/dev/.local/share/jupyter/runtime/kernel-4821.json")),
    ("secret in tunnel credentials", _secret_in_tunnel_credentials, as_json_text),
    ("secret in unit properties", _password_in_unit_environment, as_bash("systemctl show api")),
    ("secret in an image's config", _secret_in_image_config, as_json_text),
    ("secret in a directory search command", _password_in_ldapsearch, as_result),
    ("secret in a debugger backtrace", _password_in_backtrace, as_bash("gdb -batch -ex run -ex bt ./api")),
    ("secret in a profiler's arguments", _password_in_profiler_locals, as_bash("py-spy dump --locals --pid 4821")),
    ("secret in a keytab listing", _key_in_keytab_listing, as_json_text),
    ("secret in an orm log's parameters", _password_in_orm_parameters, as_result),
]  # fmt: skip


# ---- part two: written after the first round's fixes, measured before any change for it ----------
# (the families below, and the figures in the module's docstring)

def columnar_queries(s):
    return ("\u250c\u2500partition\u2500\u252c\u2500name\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u252c\u2500hash_of_all_files\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2510\n"
            + "\n".join(f"\u2502 202603    \u2502 202603_{41 + i}_{48 + i}_1  \u2502 {gen(s + str(i), 32, HEX)} \u2502" for i in range(3))
            + f"\n\u2514\u2500\u2500\u2500\u2500\u2518\n3 rows in set. Elapsed: 0.004 sec.\nQuery id: {uuid_of(s)}\n"
            "D EXPLAIN SELECT count(*) FROM sessions WHERE token_digest = ?;\n\u250c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2510\n"
            "\u2502\u2502    Physical Plan    \u2502\u2502\n\u2502      SEQ_SCAN      \u2502\n\u2502      sessions     \u2502\n\u2502   token_digest    \u2502\n"
            f"Token digest: {gen(s + 'td', 16, HEX)} (ClickHouse's cityHash64 of the query)")  # fmt: skip


def nodetool_status(s):
    rows = "\n".join(f"UN  10.0.3.{12 + i}  412.21 KiB  16      33.3%             {uuid_of(s + str(i))}  rack1" for i in range(3))
    return ("Datacenter: dc1\n===============\nStatus=Up/Down\n|/ State=Normal/Leaving/Joining/Moving\n"
            "--  Address    Load        Tokens  Owns (effective)  Host ID                               Rack\n" + rows
            + f"\n$ nodetool describecluster\nCluster Information:\n\tName: auth\n\tSnitch: org.apache.cassandra.locator.GossipingPropertyFileSnitch\n"
            f"\tSchema versions:\n\t\t{uuid_of(s + 'schema')}: [10.0.3.12, 10.0.3.13, 10.0.3.14]\n"
            f"$ nodetool ring | head -3\n10.0.3.12  rack1  Up  Normal  412.21 KiB  33.33%  -{gen(s + 't1', 19, DIG)}\n"
            f"10.0.3.13  rack1  Up  Normal  412.08 KiB  33.33%  {gen(s + 't2', 18, DIG)}")  # fmt: skip


def compiler_cache(s):
    return ("Compile requests                   4821\nCompile requests executed          4412\nCache hits                         4120\n"
            "Cache hits (Rust)                  4120\nCache misses                        292\nCache location                  Local disk: \"/home/dev/.cache/sccache\"\n"
            f"Version (client)                0.7.7\n$ ccache -s -v\nCache directory:    /home/dev/.cache/ccache\nPrimary config:     /home/dev/.config/ccache/ccache.conf\n"
            f"Hits:               412 /  481 (85.65 %)\n$ ccache --inspect /home/dev/.cache/ccache/{gen(s, 1, HEX)}/{gen(s + 'k', 1, HEX)}/{gen(s + 'key', 34, '0123456789abcdefghijklmnopqrstuv')}R\n"
            f"Result key: {gen(s + 'key', 36, '0123456789abcdefghijklmnopqrstuv')}\nManifest key: {gen(s + 'mk', 36, '0123456789abcdefghijklmnopqrstuv')}")  # fmt: skip


def monorepo_runner(s):
    return ("\u2022 Packages in scope: @acme/api, @acme/auth, @acme/web\n\u2022 Running build in 3 packages\n\u2022 Remote caching enabled\n"
            f"@acme/auth:build: cache hit, replaying logs {gen(s, 16, HEX)}\n@acme/api:build: cache miss, executing {gen(s + 'a', 16, HEX)}\n"
            f"@acme/web:build: cache hit, replaying logs {gen(s + 'w', 16, HEX)}\n\n Tasks:    3 successful, 3 total\nCached:    2 cached, 3 total\n  Time:    4.121s\n\n"
            f"> nx run auth:test  [existing outputs match the cache, left as is]\n  Nx read the output from the cache instead of running the command for 1 out of 1 tasks.\n"
            f"View logs and investigate cache misses at https://nx.app/runs/{gen(s + 'nx', 10, B62)}")  # fmt: skip


def proxy_config_dump(s):
    return json.dumps({"configs": [{"@type": "type.googleapis.com/envoy.admin.v3.SecretsConfigDump", "dynamic_active_secrets": [{
        "name": "default", "version_info": sha(s + "ver", 40), "last_updated": "2026-03-14T10:22:31.118Z",
        "secret": {"@type": "type.googleapis.com/envoy.extensions.transport_sockets.tls.v3.Secret", "name": "default",
                   "tls_certificate": {"certificate_chain": {"inline_bytes": _b64bytes(s + "chain", 90)}, "private_key": {"inline_bytes": "W3JlZGFjdGVkXQ=="}}}}]},
        {"@type": "type.googleapis.com/envoy.admin.v3.ClustersConfigDump", "version_info": "2026-03-14T10:22:31Z/" + gen(s + "v", 2, DIG),
         "dynamic_active_clusters": [{"cluster": {"name": "outbound|8080||api.default.svc.cluster.local",
                                                  "transport_socket": {"name": "envoy.transport_sockets.tls", "typed_config": {
                                                      "common_tls_context": {"tls_certificate_sds_secret_configs": [{"name": "default", "sds_config": {"ads": {}}}],
                                                                             "combined_validation_context": {"default_validation_context": {"match_subject_alt_names": [{"exact": "spiffe://cluster.local/ns/default/sa/api"}]},
                                                                                                             "validation_context_sds_secret_config": {"name": "ROOTCA"}}}}}}}]}]}, indent=2)  # fmt: skip


def secure_boot(s):
    return (f"SHA1 Fingerprint: {':'.join(gen(s + str(i), 2, HEX) for i in range(20))}\nCertificate:\n    Data:\n        Version: 3 (0x2)\n"
            f"        Serial Number:\n            {':'.join(gen(s + 'sn' + str(i), 2, HEX) for i in range(16))}\n        Issuer: CN=Acme Secure Boot Signing\n"
            f"$ sbctl status\nInstalled:\t\u2713 sbctl is installed\nOwner GUID:\t{uuid_of(s + 'owner')}\nSetup Mode:\t\u2713 Disabled\nSecure Boot:\t\u2713 Enabled\n"
            f"$ fwupdmgr get-devices | grep -A3 'Device ID'\n  Device ID:          {sha(s + 'dev')}\n  GUIDs:              {uuid_of(s + 'g1')}\n"
            f"                      {uuid_of(s + 'g2')} \u2190 UEFI\\RES_{{{uuid_of(s + 'g3').upper()}}}\n  Checksum:           {sha(s + 'ck', 64)}")  # fmt: skip


def system_packages(s):
    return ("Get:1 http://security.ubuntu.com/ubuntu jammy-security InRelease [129 kB]\nHit:2 http://archive.ubuntu.com/ubuntu jammy InRelease\n"
            "Get:3 https://download.docker.com/linux/ubuntu jammy InRelease [48.8 kB]\nFetched 178 kB in 1s (241 kB/s)\n"
            f"Importing GPG key 0x{gen(s, 8, UPHEX)}:\n Userid     : \"Fedora (40) <fedora-40-primary@fedoraproject.org>\"\n"
            f" Fingerprint: {' '.join(gen(s + 'f' + str(i), 4, UPHEX) for i in range(10))}\n From       : /etc/pki/rpm-gpg/RPM-GPG-KEY-fedora-40-x86_64\n"
            f"Key imported successfully\n$ apt-cache policy openssl | head -3\nopenssl:\n  Installed: 3.0.2-0ubuntu1.15\n  Candidate: 3.0.2-0ubuntu1.15\n"
            f"$ rpm -qi openssl | grep -i signature\nSignature   : RSA/SHA256, Thu 14 Mar 2026 10:22:31 AM CET, Key ID {gen(s, 16, HEX)}")  # fmt: skip


def homebrew(s):
    return (f"==> Fetching openssl@3\n==> Downloading https://ghcr.io/v2/homebrew/core/openssl/3/manifests/3.2.1\n"
            f"Already downloaded: /Users/ana/Library/Caches/Homebrew/downloads/{sha(s, 64)}--openssl@3-3.2.1.bottle_manifest.json\n"
            f"==> Downloading https://ghcr.io/v2/homebrew/core/openssl/3/blobs/sha256:{sha(s + 'blob', 64)}\n"
            f"==> Pouring openssl@3--3.2.1.arm64_sonoma.bottle.tar.gz\n\U0001f37a  /opt/homebrew/Cellar/openssl@3/3.2.1: 6,874 files, 32.4MB\n"
            f"$ brew info --json=v2 gnupg | jq '.formulae[0].bottle.stable.files.arm64_sonoma'\n"
            + json.dumps({"cellar": "/opt/homebrew/Cellar", "url": f"https://ghcr.io/v2/homebrew/core/gnupg/blobs/sha256:{sha(s + 'g', 64)}",
                          "sha256": sha(s + "g", 64)}, indent=2))  # fmt: skip


def scanner_baseline(s):
    return json.dumps({"version": "1.4.0", "plugins_used": [{"name": "AWSKeyDetector"}, {"name": "Base64HighEntropyString", "limit": 4.5},
                                                           {"name": "KeywordDetector", "keyword_exclude": ""}],
                       "results": {"api/settings.py": [{"type": "Secret Keyword", "filename": "api/settings.py", "hashed_secret": sha(s + "h1"),
                                                        "is_verified": False, "line_number": 41},
                                                       {"type": "Base64 High Entropy String", "filename": "api/settings.py", "hashed_secret": sha(s + "h2"),
                                                        "is_verified": False, "line_number": 88, "is_secret": False}]},
                       "generated_at": "2026-03-14T10:22:31Z"}, indent=2) + (
        "\n$ trufflehog git file://. --only-verified --json | jq -c '{DetectorName, Verified, Raw: .Raw[:0]}'\n"
        "{\"DetectorName\":\"Github\",\"Verified\":false,\"Raw\":\"\"}\n\U0001f437\U0001f511\U0001f437  TruffleHog. Unearth your secrets. \U0001f437\U0001f511\U0001f437\n"
        "finished scanning chunks: 4821 bytes: 48213377 verified_secrets: 0 unverified_secrets: 0 scan_duration: 4.12s trufflehog_version: 3.71.0")  # fmt: skip


def sourcemap_upload(s):
    return ("> Found 3 files\n> Analyzing 3 sources\n> Rewriting sources\n> Adding source map references\n> Bundled 3 files for upload\n"
            f"> Bundle ID: {uuid_of(s)}\n> Uploaded files to Sentry\n> File processing complete\n\nSource Map Upload Report\n  Scripts\n"
            f"    ~/assets/index-{gen(s + 'i', 8, URLSAFE)}.js (sourcemap at index-{gen(s + 'i', 8, URLSAFE)}.js.map, debug id {uuid_of(s + 'd1')})\n"
            f"  Source Maps\n    ~/assets/index-{gen(s + 'i', 8, URLSAFE)}.js.map (debug id {uuid_of(s + 'd1')})\n"
            f"$ sentry-cli releases new {sha(s + 'rel')}\nCreated release {sha(s + 'rel')}\n"
            f"$ sentry-cli debug-files check target/release/api\nDebug Info File Check\n  Type: elf executable\n  Contained debug identifiers:\n"
            f"    > Debug ID: {uuid_of(s + 'dbg')}\n      Code ID:  {sha(s + 'code')}\n      Arch:     x86_64")  # fmt: skip


def git_bisect_notes(s):
    return (f"git bisect start\n# status: waiting for both good and bad commits\n# bad: [{sha(s + 'b1')}] Rotate the signing key every 24h\n"
            f"git bisect bad {sha(s + 'b1')}\n# good: [{sha(s + 'g1')}] Hash API tokens at rest\ngit bisect good {sha(s + 'g1')}\n"
            f"# first bad commit: [{sha(s + 'fb')}] Cache the token verifier\n$ git notes list | head -2\n{sha(s + 'n1')} {sha(s + 'c1')}\n"
            f"{sha(s + 'n2')} {sha(s + 'c2')}\n$ git worktree list\n/home/dev/app                 {sha(s + 'w1', 7)} [main]\n"
            f"/home/dev/app-rotate-keys     {sha(s + 'w2', 7)} [rotate-keys]\n$ git rev-parse HEAD:secrets/README.md\n{sha(s + 'blob')}")  # fmt: skip


def swarm_listings(s):
    return ("ID                          NAME                 DRIVER    CREATED        UPDATED\n"
            + "\n".join(f"{gen(s + n, 25, L36)}   {n:<20} {'':<9} 2 weeks ago    2 weeks ago" for n in ("db_password", "stripe_secret_key", "jwt_signing_key"))
            + "\nID                            HOSTNAME   STATUS    AVAILABILITY   MANAGER STATUS   ENGINE VERSION\n"
            f"{gen(s + 'node1', 25, L36)} *   mgr-1      Ready     Active         Leader           24.0.9\n{gen(s + 'node2', 25, L36)}     wrk-1      Ready     Active                          24.0.9\n"
            f"$ docker service ps api --no-trunc | head -2\nID                          NAME    IMAGE                                                                                         NODE    DESIRED STATE\n"
            f"{gen(s + 'task', 25, L36)}   api.1   ghcr.io/acme/api:1.4.2@sha256:{sha(s + 'img', 64)}   wrk-1   Running")  # fmt: skip


def token_introspection(s):
    return json.dumps({"active": True, "scope": "openid profile tokens:read", "client_id": "acme-cli", "username": "ana@example.com",
                       "token_type": "Bearer", "exp": 1710415351, "iat": 1710411751, "nbf": 1710411751, "sub": uuid_of(s + "sub"),
                       "aud": ["https://api.example.com"], "iss": "https://auth.example.com/realms/acme", "jti": uuid_of(s + "jti"),
                       "sid": uuid_of(s + "sid"), "acr": "1", "azp": "acme-cli", "session_state": uuid_of(s + "sid"),
                       "cnf": {"x5t#S256": _b64bytes(s + "x5t", 32).rstrip("=").replace("+", "-").replace("/", "_")}}, indent=2)  # fmt: skip


def passkey_registration(s):
    def b64u(seed, n):
        return _b64bytes(seed, n).rstrip("=").replace("+", "-").replace("/", "_")
    return json.dumps({"id": b64u(s + "id", 32), "rawId": b64u(s + "id", 32), "type": "public-key", "authenticatorAttachment": "platform",
                       "response": {"clientDataJSON": base64.urlsafe_b64encode(json.dumps({"type": "webauthn.create", "challenge": b64u(s + "ch", 32),
                                                                                          "origin": "https://app.example.com", "crossOrigin": False}).encode()).decode().rstrip("="),
                                    "attestationObject": "o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YVi" + b64u(s + "att", 160),
                                    "transports": ["internal", "hybrid"], "publicKeyAlgorithm": -7,
                                    "publicKey": "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE" + b64u(s + "pk", 64)},
                       "clientExtensionResults": {"credProps": {"rk": True}}}, indent=2)  # fmt: skip


NEGATIVE_FAMILIES_2 = [
    ("columnar database query output", columnar_queries, (as_bash("clickhouse-client -q 'SELECT partition, name, hash_of_all_files FROM system.parts LIMIT 3'; duckdb app.db"), as_result, as_json_text)),
    ("wide-column cluster status", nodetool_status, (as_bash("nodetool status; nodetool describecluster; nodetool ring | head -3"), as_result, as_json_text)),
    ("compiler cache statistics", compiler_cache, (as_bash("sccache --show-stats; ccache -s -v; ccache --inspect …"), as_result, as_json_text)),
    ("monorepo task runner logs", monorepo_runner, (as_bash("npx turbo run build; npx nx run auth:test"), as_result, as_json_text)),
    ("service proxy config dumps", proxy_config_dump, (as_bash("kubectl exec api-0 -c istio-proxy -- curl -s localhost:15000/config_dump?resource=dynamic_active_secrets"), as_result, as_json_text)),
    ("secure boot and firmware listings", secure_boot, (as_bash("mokutil --list-enrolled | head; sbctl status; fwupdmgr get-devices"), as_result, as_json_text)),
    ("system package manager outputs", system_packages, (as_bash("sudo apt-get update; sudo dnf upgrade --refresh; rpm -qi openssl"), as_result, as_json_text)),
    ("homebrew outputs", homebrew, (as_bash("brew install openssl@3; brew info --json=v2 gnupg"), as_result, as_json_text)),
    ("secret scanner baselines", scanner_baseline, (as_read("/home/dev/app/.secrets.baseline"), as_result, as_json_text)),
    ("source map uploads", sourcemap_upload, (as_bash("sentry-cli sourcemaps upload dist; sentry-cli releases new $(git rev-parse HEAD)"), as_result, as_json_text)),
    ("git bisect, notes and worktrees", git_bisect_notes, (as_bash("git bisect log; git notes list | head -2; git worktree list"), as_result, as_json_text)),
    ("swarm listings", swarm_listings, (as_bash("docker secret ls; docker node ls; docker service ps api --no-trunc"), as_result, as_json_text)),
    ("token introspection responses", token_introspection, (as_bash("curl -s -u acme-cli:$CLIENT_SECRET -d token=$AT https://auth.example.com/realms/acme/protocol/openid-connect/token/introspect | jq ."), as_result, as_json_text)),
    ("passkey registration payloads", passkey_registration, (as_read("/home/dev/app/tests/fixtures/passkey-registration.json"), as_result, as_json_text)),
]  # fmt: skip


def _join_token_in_swarm(s, v):
    return (swarm_listings(s) + "\n$ docker swarm join-token worker\nTo add a worker to this swarm, run the following command:\n\n"
            f"    docker swarm join --token SWMTKN-1-{v} 10.0.3.12:2377\n")


def _access_token(s):
    return "eyJhbGciOiJSUzI1NiJ9.e30." + gen(s + "sig", 43, URLSAFE)


def _refresh_token_in_token_response(s, v):
    return token_introspection(s) + "\n$ curl -s -d grant_type=password … /token | jq .\n" + json.dumps(
        {"access_token": _access_token(s), "expires_in": 300, "refresh_expires_in": 1800,
         "refresh_token": v, "token_type": "Bearer", "scope": "openid profile"}, indent=2)


def _password_in_columnar_client(s, v):
    return f"$ clickhouse-client --host ch.internal --user app --password '{v}' -q 'SELECT 1'\n1\n" + columnar_queries(s)


def _secret_in_proxy_config(s, v):
    return proxy_config_dump(s).replace('"W3JlZGFjdGVkXQ=="', '"W3JlZGFjdGVkXQ=="}, "generic_secret": {"secret": {"inline_string": "' + v + '"}')


def _token_in_runner_env(s, v):
    return f"$ env | grep TURBO\nTURBO_TEAM=acme\nTURBO_TOKEN={v}\nTURBO_REMOTE_ONLY=true\n" + monorepo_runner(s)


def _password_in_cache_backend(s, v):
    return compiler_cache(s) + f"\n$ systemctl --user show-environment | grep SCCACHE\nSCCACHE_REDIS=redis://:{v}@cache.internal:6379/2"


POSITIVE_FAMILIES_2 = [
    ("secret in a swarm join command", _join_token_in_swarm, as_json_text),
    ("secret in a token endpoint's response", _refresh_token_in_token_response, as_bash("curl -s -d grant_type=password https://auth.example.com/token | jq .")),
    ("secret in a columnar database client command", _password_in_columnar_client, as_result),
    ("secret in a service proxy config dump", _secret_in_proxy_config, as_json_text),
    ("secret in a monorepo runner's environment", _token_in_runner_env, as_bash("env | grep TURBO; npx turbo run build")),
    ("secret in a compiler cache's backend url", _password_in_cache_backend, as_result),
]  # fmt: skip


# ---- part three: written after the second round's fixes, measured before any change for it -------

def pooler_show(s):
    return (" type | user | database | state  |   addr    | port  | local_addr | local_port |      connect_time       |       request_time      | wait | wait_us | close_needed |      ptr       |      link      | remote_pid | tls\n"
            "------+------+----------+--------+-----------+-------+------------+------------+-------------------------+-------------------------+------+---------+--------------+----------------+----------------+------------+-----\n"
            f" C    | app  | auth     | active | 10.0.3.21 | 41641 | 10.0.3.12  |       6432 | 2026-03-14 10:22:31 CET | 2026-03-14 10:22:33 CET |    0 |       0 |            0 | 0x{gen(s, 12, HEX)} | 0x{gen(s + 'l', 12, HEX)} |          0 | TLSv1.3/TLS_AES_256_GCM_SHA384/ECDH=X25519\n"
            "(1 row)\n\n  name  |  host   | port | database | force_user | pool_size | min_pool_size | reserve_pool | pool_mode | max_db_connections\n"
            "--------+---------+------+----------+------------+-----------+---------------+--------------+-----------+--------------------\n auth   | db-1    | 5432 | auth     |            |        20 |             0 |            0 | transaction |                  0")  # fmt: skip


def gpg_packets(s):
    return (f"# off=0 ctb=89 tag=2 hlen=3 plen=307\n:signature packet: algo 1, keyid {gen(s, 16, UPHEX)}\n\tversion 4, created 1710411751, md5len 0, sigclass 0x00\n"
            f"\tdigest algo 10, begin of digest {gen(s + 'd', 2, HEX)} {gen(s + 'd2', 2, HEX)}\n\thashed subpkt 33 len 21 (issuer fpr v4 {sha(s + 'fpr').upper()})\n"
            f"\thashed subpkt 2 len 4 (sig created 2026-03-14)\n\tsubpkt 16 len 8 (issuer key ID {gen(s, 16, UPHEX)})\n\tdata: [4095 bits]\n"
            f"# off=310 ctb=a3 tag=8 hlen=1 plen=0 indeterminate\n:compressed packet: algo=2\n# off=312 ctb=cb tag=11 hlen=2 plen=48\n"
            f":literal data packet:\n\tmode b (62), created 1710411751, name=\"release-notes.txt\",\n\traw data: 36 bytes")  # fmt: skip


def jar_manifest(s):
    return ("Manifest-Version: 1.0\nCreated-By: 21.0.2 (Eclipse Adoptium)\nImplementation-Version: 1.4.2\n\n"
            + "\n\n".join(f"Name: com/acme/auth/{c}.class\nSHA-256-Digest: {_b64bytes(s + c, 32)}" for c in ("TokenVerifier", "KeyRotation", "PasswordHasher"))
            + "\n\n$ jarsigner -verify -verbose -certs app.jar | tail -4\nsm      4821 Sat Mar 14 10:22:31 CET 2026 com/acme/auth/TokenVerifier.class\n\n"
            "      >>> Signer\n      X.509, CN=Acme Release, O=Acme, C=PT\n      [certificate is valid from 1/15/26, 10:22 AM to 1/15/29, 10:22 AM]\n"
            "      [Invalid certificate chain: PKIX path building failed]\n\n  s = signature was verified\n  m = entry is listed in manifest\njar verified.")  # fmt: skip


def dns_dnssec(s):
    return (f"; <<>> DiG 9.18.24 <<>> +dnssec example.com DNSKEY\n;; ->>HEADER<<- opcode: QUERY, status: NOERROR, id: {gen(s, 5, DIG)}\n"
            f";; flags: qr rd ra ad; QUERY: 1, ANSWER: 3, AUTHORITY: 0, ADDITIONAL: 1\n\n;; ANSWER SECTION:\n"
            f"example.com.\t\t3600\tIN\tDNSKEY\t257 3 13 {_b64bytes(s + 'ksk', 64)}\n"
            f"example.com.\t\t3600\tIN\tDNSKEY\t256 3 13 {_b64bytes(s + 'zsk', 64)}\n"
            f"example.com.\t\t3600\tIN\tRRSIG\tDNSKEY 13 2 3600 20260328000000 20260314000000 {gen(s + 'tag', 5, DIG)} example.com. {_b64bytes(s + 'sig', 64)}\n"
            f"example.com.\t\t86400\tIN\tDS\t{gen(s + 'tag', 5, DIG)} 13 2 {sha(s + 'ds', 64).upper()}\n"
            f"example.com.\t\t300\tIN\tTXT\t\"v=spf1 include:_spf.google.com ~all\"\n"
            f"example.com.\t\t300\tIN\tTXT\t\"google-site-verification={gen(s + 'gsv', 43, URLSAFE)}\"\n"
            f"_dmarc.example.com.\t300\tIN\tTXT\t\"v=DMARC1; p=reject; rua=mailto:dmarc@example.com\"\n"
            f"selector1._domainkey.example.com. 300 IN TXT \"v=DKIM1; k=rsa; p={_b64bytes(s + 'dkim', 140)}\"\n;; Query time: 12 msec")  # fmt: skip


def kube_csr(s):
    csr = "-----BEGIN CERTIFICATE REQUEST-----\n" + _b64bytes(s + "csr", 180) + "\n-----END CERTIFICATE REQUEST-----\n"
    return ("NAME        AGE   SIGNERNAME                                    REQUESTOR                 REQUESTEDDURATION   CONDITION\n"
            f"csr-{gen(s, 5, 'bcdfghjklmnpqrstvwxz2456789')}   41s   kubernetes.io/kube-apiserver-client-kubelet   system:node:ip-10-0-3-12  <none>              Approved,Issued\n"
            f"---\napiVersion: certificates.k8s.io/v1\nkind: CertificateSigningRequest\nmetadata:\n  name: ana-dev\n  uid: {uuid_of(s)}\n"
            f"spec:\n  request: {base64.b64encode(csr.encode()).decode()}\n  signerName: kubernetes.io/kube-apiserver-client\n  usages:\n  - client auth\n"
            f"status:\n  certificate: {base64.b64encode(('-----BEGIN CERTIFICATE-----' + chr(10) + _b64bytes(s + 'crt', 240) + chr(10) + '-----END CERTIFICATE-----' + chr(10)).encode()).decode()}")  # fmt: skip


def instance_identity(s):
    return json.dumps({"accountId": "123456789012", "architecture": "x86_64", "availabilityZone": "eu-west-1a", "imageId": "ami-0" + gen(s, 16, HEX),
                       "instanceId": "i-0" + gen(s + "i", 16, HEX), "instanceType": "t3.medium", "pendingTime": "2026-03-14T08:04:11Z",
                       "privateIp": "10.0.3.12", "region": "eu-west-1", "version": "2017-09-30"}, indent=2) + (
        f"\n$ curl -s http://169.254.169.254/latest/dynamic/instance-identity/signature\n{_b64bytes(s + 'sig', 128)}\n"
        f"$ curl -s -X PUT http://169.254.169.254/latest/api/token -H 'X-aws-ec2-metadata-token-ttl-seconds: 60' -o /dev/null -w '%{{http_code}}'\n200\n"
        f"$ cloud-init query -a | jq .v1.instance_id\n\"i-0{gen(s + 'i', 16, HEX)}\"\n$ cat /var/lib/cloud/data/instance-id\ni-0{gen(s + 'i', 16, HEX)}")  # fmt: skip


def editor_ids(s):
    return (f"2026-03-14 10:22:31.118 [info] Extension host with pid 4821 started\n2026-03-14 10:22:31.412 [info] machineId: {sha(s + 'm', 64)}\n"
            f"2026-03-14 10:22:31.413 [info] sessionId: {uuid_of(s + 'sess')}{gen(s + 'ts', 13, DIG)}\n"
            f"2026-03-14 10:22:31.414 [info] devDeviceId: {uuid_of(s + 'dev')}\n"
            "ms-python.python@2024.2.1\nms-python.vscode-pylance@2024.3.1\nesbenp.prettier-vscode@10.4.0\n"
            f"2026-03-14 10:22:33.004 [info] [GitHub Authentication] Got 1 sessions for repo,workflow...\n"
            f"2026-03-14 10:22:33.005 [info] [copilot] Token expires at 2026-03-14T10:52:33Z (in 1800s), sku: copilot_for_business_seat\n"
            f"2026-03-14 10:22:33.118 [info] Settings Sync: Account status changed from uninitialized to available ({uuid_of(s + 'acct')})")  # fmt: skip


def chart_index(s):
    return ("apiVersion: v1\nentries:\n  auth-api:\n" + "".join(
        f"  - apiVersion: v2\n    appVersion: 1.4.{i}\n    created: \"2026-03-1{i}T10:22:31.118229+01:00\"\n"
        f"    description: Token and key rotation service\n    digest: {sha(s + str(i), 64)}\n    name: auth-api\n    type: application\n"
        f"    urls:\n    - https://charts.acme.dev/auth-api-1.4.{i}.tgz\n    version: 1.4.{i}\n" for i in range(3))
        + f"generated: \"2026-03-14T10:22:31.118229+01:00\"\n$ helm pull oci://ghcr.io/acme/charts/auth-api --version 1.4.2\nPulled: ghcr.io/acme/charts/auth-api:1.4.2\n"
        f"Digest: sha256:{sha(s + 'oci', 64)}")  # fmt: skip


def asn1_dump(s):
    return ("    0:d=0  hl=4 l= 290 cons: SEQUENCE\n    4:d=1  hl=2 l=  13 cons: SEQUENCE\n    6:d=2  hl=2 l=   9 prim: OBJECT            :rsaEncryption\n"
            "   17:d=2  hl=2 l=   0 prim: NULL\n   19:d=1  hl=4 l= 271 prim: BIT STRING\n"
            "$ openssl pkey -pubin -in signing.pub -noout -text | head -6\nPublic-Key: (2048 bit)\nModulus:\n"
            + "\n".join("    " + ":".join(gen(s + str(r) + str(i), 2, HEX) for i in range(15)) + ":" for r in range(3))
            + f"\nExponent: 65537 (0x10001)\n$ openssl dgst -sha256 release.tar.gz\nSHA2-256(release.tar.gz)= {sha(s + 'dg', 64)}")  # fmt: skip


def object_store_admin(s):
    return (f"\u25cf  localhost:9000\n   Uptime: 4 days \n   Version: 2026-03-12T18:04:11Z\n   Network: 1/1 OK \n   Drives: 4/4 OK \n   Pool: 1\n\n"
            f"Pools:\n   1st, Erasure sets: 1, Drives per erasure set: 4\n\n48 MiB Used, 3 Buckets, 412 Objects\n4 drives online, 0 drives offline\n"
            f"$ mc admin info local --json | jq -r .info.deploymentID\n{uuid_of(s)}\n$ mc ls --versions local/exports/tokens-audit.csv\n"
            f"[2026-03-14 10:22:31 CET]  48KiB STANDARD {uuid_of(s + 'v1')} v2 PUT tokens-audit.csv\n"
            f"[2026-03-13 10:22:31 CET]  47KiB STANDARD {uuid_of(s + 'v2')} v1 PUT tokens-audit.csv\n$ mc stat local/exports/tokens-audit.csv | grep ETag\nETag     : {gen(s + 'et', 32, HEX)}")  # fmt: skip


NEGATIVE_FAMILIES_3 = [
    ("connection pooler listings", pooler_show, (as_bash("psql -p 6432 pgbouncer -c 'SHOW CLIENTS' -c 'SHOW DATABASES'"), as_result, as_json_text)),
    ("gpg packet dumps", gpg_packets, (as_bash("gpg --list-packets release-notes.txt.gpg"), as_result, as_json_text)),
    ("jar manifests and verification", jar_manifest, (as_read("/home/dev/app/build/META-INF/MANIFEST.MF"), as_result, as_json_text)),
    ("dns answers with dnssec", dns_dnssec, (as_bash("dig +dnssec example.com DNSKEY; dig TXT example.com; dig TXT selector1._domainkey.example.com"), as_result, as_json_text)),
    ("kubernetes certificate signing requests", kube_csr, (as_bash("kubectl get csr; kubectl get csr ana-dev -o yaml"), as_result, as_json_text)),
    ("instance identity documents", instance_identity, (as_bash("curl -s http://169.254.169.254/latest/dynamic/instance-identity/document"), as_result, as_json_text)),
    ("editor logs and extension lists", editor_ids, (as_read("/home/dev/.config/Code/logs/20260314T102231/exthost1/exthost.log"), as_result, as_json_text)),
    ("chart repository indexes", chart_index, (as_read("/home/dev/charts/index.yaml"), as_result, as_json_text)),
    ("asn1 and public key dumps", asn1_dump, (as_bash("openssl asn1parse -in signing.pub; openssl pkey -pubin -in signing.pub -noout -text; openssl dgst -sha256 release.tar.gz"), as_result, as_json_text)),
    ("object store admin listings", object_store_admin, (as_bash("mc admin info local; mc ls --versions local/exports/tokens-audit.csv"), as_result, as_json_text)),
]  # fmt: skip


def _access_key_id(s):
    return "ASIA" + gen(s, 16, B32)


def _credentials_from_metadata(s, v):
    return instance_identity(s) + "\n$ curl -s http://169.254.169.254/latest/meta-data/iam/security-credentials/api-role\n" + json.dumps(
        {"Code": "Success", "LastUpdated": "2026-03-14T10:22:31Z", "Type": "AWS-HMAC", "AccessKeyId": _access_key_id(s),
         "SecretAccessKey": v, "Expiration": "2026-03-14T16:22:31Z"}, indent=2)


def _password_in_pooler_userlist(s, v):
    return f"$ sudo cat /etc/pgbouncer/userlist.txt\n\"app\" \"{v}\"\n\"stats\" \"SCRAM-SHA-256$4096:{_b64bytes(s + 'salt', 16)}${_b64bytes(s + 'sk', 32)}:{_b64bytes(s + 'sv', 32)}\"\n" + pooler_show(s)


def _storepass_in_jarsigner(s, v):
    return f"$ jarsigner -keystore release.p12 -storepass {v} -tsa http://timestamp.digicert.com app.jar release\njar signed.\n" + jar_manifest(s)


def _secret_in_object_store_alias(s, v):
    return f"$ mc alias set local http://localhost:9000 minioadmin {v}\nAdded `local` successfully.\n" + object_store_admin(s)


POSITIVE_FAMILIES_3 = [
    ("secret in instance metadata credentials", _credentials_from_metadata, as_json_text),
    ("secret in a connection pooler's user list", _password_in_pooler_userlist, as_result),
    ("secret in a jar signing command", _storepass_in_jarsigner, as_bash("jarsigner -keystore release.p12 app.jar release")),
    ("secret in an object store alias command", _secret_in_object_store_alias, as_json_text),
]  # fmt: skip


HUMAN = ["Marlin!Copper42", "sage.Orchid_17", "Basalt#Wren88", "t1deP00l-Amber"]


def _values(i: int, j: int, s: str) -> str:
    if j == 0:
        return HUMAN[(i + j) % len(HUMAN)]
    return random_secret(s, 24 + 8 * j)


def _positives(families, prefix) -> list:
    c = []
    for i, (family, make, carry) in enumerate(families):
        for j in range(3):
            s = f"{prefix}{family}{make.__name__}{j}"
            v = _values(i, j, s)
            if make is _key_in_keytab_listing:
                v = gen(s, 64, HEX)  # an aes256 key as klist -K prints it
            elif make is _join_token_in_swarm:
                v = f"{gen(s, 50, L36)}-{gen(s + 't', 25, L36)}"  # (after `SWMTKN-1-`: the CA's digest, then the secret)
            secrets = (v, _access_token(s)) if make is _refresh_token_in_token_response else \
                (v, _access_key_id(s)) if make is _credentials_from_metadata else (v,)  # (both are secrets)
            c.append(Case(family, carry(make(s, v), s), secrets, realistic=True))
    return c


def part_one() -> list:
    return _positives(POSITIVE_FAMILIES, "pos11") + _negatives(NEGATIVE_FAMILIES, "neg11", ("a", "b", "c"))


def part_two() -> list:
    return _positives(POSITIVE_FAMILIES_2, "pos11b") + _negatives(NEGATIVE_FAMILIES_2, "chk11", ("d", "e", "f"))


def part_three() -> list:
    return _positives(POSITIVE_FAMILIES_3, "pos11c") + _negatives(NEGATIVE_FAMILIES_3, "chk11c", ("g", "h", "i"))


# ---- part four: what a transcript holds besides command output (code the model edits, prose,
# docs, search and fetch results, plans); written after the third round, measured before any change
PART4 = "part four"


def as_edit(path: str):
    """A PostToolUse event of an Edit whose new_string is the text."""
    def carry(text, seed):
        old = text.split("\n", 1)[0]
        return {"session_id": uuid_of("s" + seed), "cwd": "/home/dev/app", "hook_event_name": "PostToolUse", "tool_name": "Edit",
                "tool_input": {"file_path": path, "old_string": old, "new_string": text, "replace_all": False},
                "tool_response": {"filePath": path, "oldString": old, "newString": text, "originalFile": None,
                                  "structuredPatch": [{"oldStart": 1, "oldLines": 1, "newStart": 1, "newLines": text.count("\n") + 1,
                                                       "lines": ["-" + old] + ["+" + x for x in text.split("\n")]}],
                                  "userModified": False, "replaceAll": False},
                "tool_use_id": tool_use_id(seed, "key")}
    return carry


def as_write(path: str):
    """A transcript line of an assistant's Write call whose content is the text."""
    def carry(text, seed):
        return assistant_line(seed, "Write", {"file_path": path, "content": text}, "pass")
    return carry


def as_prompt(text, seed):
    return prompt_event(text, seed)


def as_assistant_text(text, seed):
    line = assistant_line(seed, "Read", {"file_path": "/home/dev/app/README.md"})
    line["message"]["content"] = [{"type": "text", "text": text}]
    line["message"]["stop_reason"] = "end_turn"
    return line


def pytest_fixtures(s):
    return ('import pytest\n\nfrom app.auth import hash_password, verify_password, issue_token\n\n\n'
            'FAKE_PASSWORD = "correct-horse-battery-staple"  # a fixture, never a real one\n'
            'WRONG_PASSWORD = "not-the-password"\n\n\n@pytest.fixture\ndef user(db):\n'
            f'    return db.users.create(email="ana@example.com", password_hash=hash_password(FAKE_PASSWORD), id="{uuid_of(s)}")\n\n\n'
            'def test_verify_password_accepts_the_right_one(user):\n    assert verify_password(user.password_hash, FAKE_PASSWORD)\n\n\n'
            'def test_verify_password_rejects_a_wrong_one(user):\n    assert not verify_password(user.password_hash, WRONG_PASSWORD)\n\n\n'
            '@pytest.mark.parametrize("token", ["", "Bearer", "Bearer ", "Basic dXNlcg==", "Bearer not.a.jwt"])\n'
            'def test_malformed_authorization_is_rejected(client, token):\n    assert client.get("/me", headers={"Authorization": token}).status_code == 401\n\n\n'
            'def test_issue_token_sets_expiry(monkeypatch):\n    monkeypatch.setenv("JWT_SECRET", "test-secret")\n'
            '    monkeypatch.setenv("API_KEY", "dummy-api-key")\n    token = issue_token(user_id=41, ttl=60)\n    assert token.count(".") == 2')  # fmt: skip


def jest_mocks(s):
    return ("import { describe, it, expect, vi } from 'vitest';\nimport { createClient } from '../src/client';\n\n"
            "vi.mock('../src/secrets', () => ({\n  getSecret: vi.fn(async (name: string) => `fake-${name}`),\n}));\n\n"
            "describe('createClient', () => {\n  it('sends the api key as a header', async () => {\n"
            "    const fetch = vi.fn().mockResolvedValue(new Response('{}'));\n"
            "    const client = createClient({ apiKey: 'test_api_key', fetch });\n    await client.get('/v1/me');\n"
            "    expect(fetch).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({\n"
            "      headers: expect.objectContaining({ 'X-Api-Key': 'test_api_key' }),\n    }));\n  });\n\n"
            "  it('refuses an empty token', () => {\n    expect(() => createClient({ apiKey: '' })).toThrow('apiKey is required');\n  });\n\n"
            f"  it('keeps the request id', async () => {{\n    const res = await client.get('/v1/me', {{ requestId: '{uuid_of(s)}' }});\n"
            "    expect(res.headers.get('x-request-id')).toBeDefined();\n  });\n});")  # fmt: skip


def crypto_test_vectors(s):
    return ('"""Known-answer tests from the RFCs (public test vectors)."""\nimport hashlib\nimport hmac\n\n'
            "# RFC 4231, test case 1\nKEY = bytes.fromhex(\"0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b\")\nDATA = b\"Hi There\"\n"
            "EXPECTED = \"b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7\"\n\n"
            "# RFC 4231, test case 2\nKEY2 = b\"Jefe\"\nDATA2 = b\"what do ya want for nothing?\"\n"
            "EXPECTED2 = \"5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843\"\n\n"
            "# RFC 6238, appendix B: the seed for HMAC-SHA1\nTOTP_SEED = b\"12345678901234567890\"\nTOTP_VECTORS = [(59, \"94287082\"), (1111111109, \"07081804\"), (1234567890, \"89005924\")]\n\n"
            "# RFC 8032, 7.1 TEST 1\nED25519_SECRET = \"9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60\"\n"
            "ED25519_PUBLIC = \"d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a\"\n\n\n"
            "def test_hmac_sha256():\n    assert hmac.new(KEY, DATA, hashlib.sha256).hexdigest() == EXPECTED\n"
            "    assert hmac.new(KEY2, DATA2, hashlib.sha256).hexdigest() == EXPECTED2\n")  # fmt: skip


def crypto_constants(s):
    k = ", ".join(f"0x{gen(s + str(i), 8, HEX)}" for i in range(16))
    return ("// SHA-256 round constants (first 32 bits of the fractional parts of the cube roots of the first 64 primes)\n"
            "static const uint32_t K[64] = {\n    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,\n"
            "    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,\n    /* … */\n};\n\n"
            "static const uint32_t H0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};\n\n"
            f"/* CRC-32 table (generated) */\nstatic const uint32_t crc_table[16] = {{ {k} }};\n\n"
            "#define CHACHA_CONST \"expand 32-byte k\"\n#define KEY_LEN 32\n#define NONCE_LEN 12\n"
            "static const uint8_t SBOX[16] = {0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76};")  # fmt: skip


def hash_table_code(s):
    rows = "\n".join(f'    "{sha(s + w, 64)}": "{w}",' for w in ("password", "123456", "qwerty", "letmein"))
    return ("# sha256 of the passwords we refuse (top of the breached lists); the words are public, the digests too\n"
            f"COMMON_PASSWORD_DIGESTS = {{\n{rows}\n}}\n\n\ndef is_common(password: str) -> bool:\n"
            "    return hashlib.sha256(password.encode()).hexdigest() in COMMON_PASSWORD_DIGESTS\n\n\n"
            f"# content-addressed cache of rendered templates\nTEMPLATE_CACHE = {{\n    \"{sha(s + 't1', 40)}\": \"reset_password.html\",\n"
            f"    \"{sha(s + 't2', 40)}\": \"api_key_created.html\",\n}}")  # fmt: skip


def uv_lock_edit(s):
    return "\n".join(
        f'[[package]]\nname = "{n}"\nversion = "{v}"\nsource = {{ registry = "https://pypi.org/simple" }}\n'
        f'sdist = {{ url = "https://files.pythonhosted.org/packages/{gen(s + n, 2, HEX)}/{gen(s + n + "b", 2, HEX)}/{gen(s + n + "c", 60, HEX)}/{n}-{v}.tar.gz", hash = "sha256:{sha(s + n + "sd", 64)}", size = {4821 + len(n)} }}\n'
        f'wheels = [\n    {{ url = "https://files.pythonhosted.org/packages/{gen(s + n + "w", 2, HEX)}/{n}-{v}-py3-none-any.whl", hash = "sha256:{sha(s + n + "wh", 64)}", size = 41213 }},\n]\n'
        for n, v in (("pyjwt", "2.8.0"), ("cryptography", "42.0.5"), ("passlib", "1.7.4"), ("keyring", "25.0.0")))  # fmt: skip


def swift_resolved_edit(s):
    return json.dumps({"originHash": sha(s, 64), "pins": [
        {"identity": n, "kind": "remoteSourceControl", "location": f"https://github.com/{o}/{n}.git",
         "state": {"revision": sha(s + n), "version": v}} for n, o, v in
        (("jwt-kit", "vapor", "4.13.4"), ("swift-crypto", "apple", "3.3.0"), ("keychainaccess", "kishikawakatsumi", "4.2.2"))], "version": 3}, indent=2)  # fmt: skip


def migration_edits(s):
    return (f'"""hash api keys at rest\n\nRevision ID: {gen(s, 12, HEX)}\nRevises: {gen(s + "r", 12, HEX)}\nCreate Date: 2026-03-14 10:22:31.118229\n\n"""\n'
            f'from alembic import op\nimport sqlalchemy as sa\n\nrevision = "{gen(s, 12, HEX)}"\ndown_revision = "{gen(s + "r", 12, HEX)}"\n\n\n'
            "def upgrade():\n    op.add_column(\"api_keys\", sa.Column(\"key_hash\", sa.String(64), nullable=True))\n"
            "    op.add_column(\"api_keys\", sa.Column(\"key_prefix\", sa.String(8), nullable=True))\n"
            "    op.execute(\"UPDATE api_keys SET key_hash = encode(sha256(secret::bytea), 'hex'), key_prefix = left(secret, 8)\")\n"
            "    op.drop_column(\"api_keys\", \"secret\")\n    op.create_index(\"ix_api_keys_key_hash\", \"api_keys\", [\"key_hash\"], unique=True)\n\n\n"
            "def downgrade():\n    op.add_column(\"api_keys\", sa.Column(\"secret\", sa.Text(), nullable=True))\n    op.drop_column(\"api_keys\", \"key_hash\")\n\n"
            "# ---- db/migrate/20260314102231_add_encrypted_token_to_users.rb\nclass AddEncryptedTokenToUsers < ActiveRecord::Migration[7.1]\n"
            "  def change\n    add_column :users, :encrypted_otp_secret, :string\n    add_column :users, :encrypted_otp_secret_iv, :string\n"
            "    add_column :users, :encrypted_otp_secret_salt, :string\n    add_index :users, :reset_password_token, unique: true\n  end\nend")  # fmt: skip


def android_ios_strings(s):
    return ('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <string name="password">Palavra-passe</string>\n'
            '    <string name="password_hint">Pelo menos 12 caracteres</string>\n    <string name="forgot_password">Esqueceu-se da palavra-passe?</string>\n'
            '    <string name="api_key_label">Chave de API</string>\n    <string name="token_expired">A sua sessão expirou</string>\n'
            '    <string name="secret_question">Pergunta secreta</string>\n</resources>\n\n/* Localizable.strings (it) */\n'
            '"password" = "Password";\n"password.placeholder" = "Inserisci la password";\n"password.wrong" = "Password errata";\n'
            '"apiKey.title" = "Chiave API";\n"token.expired" = "Il token è scaduto";\n\n# config/locales/nl.yml\nnl:\n  devise:\n    passwords:\n'
            '      send_instructions: "U ontvangt binnen enkele minuten een e-mail met instructies om uw wachtwoord opnieuw in te stellen."\n'
            '      updated: "Uw wachtwoord is gewijzigd."\n  password: "Wachtwoord"\n  password_confirmation: "Wachtwoord bevestigen"')  # fmt: skip


def auth_code_go(s):
    return ('package auth\n\nimport (\n\t"crypto/subtle"\n\t"errors"\n\t"os"\n)\n\nvar ErrBadToken = errors.New("auth: invalid token")\n\n'
            'type Config struct {\n\tJWTSecret     []byte `env:"JWT_SECRET,required"`\n\tClientSecret  string `env:"OAUTH_CLIENT_SECRET" json:"-"`\n'
            '\tWebhookSecret string `env:"STRIPE_WEBHOOK_SECRET"`\n\tPasswordPepper string `env:"PASSWORD_PEPPER"`\n}\n\n'
            'func LoadConfig() (*Config, error) {\n\tsecret := os.Getenv("JWT_SECRET")\n\tif len(secret) < 32 {\n'
            '\t\treturn nil, errors.New("JWT_SECRET must be at least 32 bytes")\n\t}\n\treturn &Config{JWTSecret: []byte(secret), ClientSecret: os.Getenv("OAUTH_CLIENT_SECRET")}, nil\n}\n\n'
            'func CheckAPIKey(given, want string) bool {\n\treturn subtle.ConstantTimeCompare([]byte(given), []byte(want)) == 1\n}\n\n'
            'const tokenHeader = "Authorization"\nconst apiKeyHeader = "X-Api-Key"\nconst passwordMinLen = 12')  # fmt: skip


def auth_code_java(s):
    return ("@Configuration\npublic class SecurityConfig {\n\n    @Value(\"${jwt.secret}\")\n    private String jwtSecret;\n\n"
            "    @Value(\"${spring.security.oauth2.client.registration.github.client-secret}\")\n    private String clientSecret;\n\n"
            "    @Bean\n    public PasswordEncoder passwordEncoder() {\n        return new BCryptPasswordEncoder(12);\n    }\n\n"
            "    @Bean\n    public JwtDecoder jwtDecoder() {\n        SecretKey key = new SecretKeySpec(jwtSecret.getBytes(StandardCharsets.UTF_8), \"HmacSHA256\");\n"
            "        return NimbusJwtDecoder.withSecretKey(key).build();\n    }\n}\n\n"
            "# application.yml\njwt:\n  secret: ${JWT_SECRET}\n  expiration: 3600\nspring:\n  datasource:\n    password: ${DB_PASSWORD:}\n"
            "    username: ${DB_USER:app}\n  security:\n    oauth2:\n      client:\n        registration:\n          github:\n"
            "            client-id: ${GITHUB_CLIENT_ID}\n            client-secret: ${GITHUB_CLIENT_SECRET}")  # fmt: skip


def ts_types(s):
    return ("export interface Credentials {\n  apiKey: string;\n  apiSecret?: string;\n  accessToken: string | null;\n  refreshToken?: string;\n"
            "  expiresAt: number;\n}\n\nexport type SecretRef = { provider: 'vault' | 'aws'; path: string; key: 'password' | 'token' };\n\n"
            "export const REDACTED = '[REDACTED]';\nexport const SECRET_KEYS = ['password', 'token', 'apiKey', 'secret', 'authorization'] as const;\n\n"
            "export function redact<T extends Record<string, unknown>>(obj: T): T {\n  return Object.fromEntries(Object.entries(obj).map(([k, v]) =>\n"
            "    [k, SECRET_KEYS.some((s) => k.toLowerCase().includes(s.toLowerCase())) ? REDACTED : v])) as T;\n}\n\n"
            "const passwordSchema = z.string().min(12).regex(/[A-Z]/, 'needs an upper-case letter').regex(/[0-9]/, 'needs a digit');")  # fmt: skip


def compose_env_edit(s):
    return ('services:\n  db:\n    image: postgres:16.2@sha256:' + sha(s, 64) + '\n    environment:\n'
            '      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set it in .env}\n      POSTGRES_USER: app\n      POSTGRES_DB: auth\n'
            '    secrets:\n      - db_password\n  api:\n    build: .\n    environment:\n      DATABASE_URL: postgres://app:${POSTGRES_PASSWORD}@db:5432/auth\n'
            '      JWT_SECRET_FILE: /run/secrets/jwt_secret\n      REDIS_URL: redis://:${REDIS_PASSWORD}@cache:6379/0\n'
            'secrets:\n  db_password:\n    file: ./secrets/db_password.txt\n  jwt_secret:\n    environment: JWT_SECRET\n\n'
            '# .env.example\nPOSTGRES_PASSWORD=changeme\nREDIS_PASSWORD=\nJWT_SECRET=replace-with-32-random-bytes\nSTRIPE_SECRET_KEY=sk_test_xxxxxxxxxxxxxxxxxxxxxxxx')  # fmt: skip


def terraform_vars_edit(s):
    return ('variable "db_password" {\n  description = "Password of the database master user"\n  type        = string\n  sensitive   = true\n}\n\n'
            'variable "stripe_api_key" {\n  type      = string\n  sensitive = true\n  validation {\n'
            '    condition     = can(regex("^sk_(live|test)_", var.stripe_api_key))\n    error_message = "The key must start with sk_live_ or sk_test_."\n  }\n}\n\n'
            'resource "aws_db_instance" "auth" {\n  identifier        = "auth-prod"\n  engine            = "postgres"\n  username          = "app"\n'
            '  password          = var.db_password\n  storage_encrypted = true\n  kms_key_id        = aws_kms_key.db.arn\n}\n\n'
            'resource "random_password" "jwt" {\n  length  = 48\n  special = false\n}\n\noutput "jwt_secret" {\n  value     = random_password.jwt.result\n  sensitive = true\n}')  # fmt: skip


def vcr_cassettes(s):
    return ("interactions:\n- request:\n    body: '{\"grant_type\": \"client_credentials\", \"client_id\": \"acme-cli\", \"client_secret\": \"<CLIENT_SECRET>\"}'\n"
            "    headers:\n      Authorization:\n      - DUMMY\n      Content-Type:\n      - application/json\n    method: POST\n"
            "    uri: https://auth.example.com/oauth/token\n  response:\n    body:\n      string: '{\"access_token\": \"<ACCESS_TOKEN>\", \"token_type\": \"Bearer\", \"expires_in\": 3600}'\n"
            f"    headers:\n      X-Request-Id:\n      - {uuid_of(s)}\n      Set-Cookie:\n      - session=FILTERED; Path=/; HttpOnly\n"
            "    status:\n      code: 200\n      message: OK\nversion: 1\n\n# conftest.py\n@pytest.fixture(scope=\"module\")\ndef vcr_config():\n"
            "    return {\"filter_headers\": [\"authorization\", \"x-api-key\"], \"filter_post_data_parameters\": [\"client_secret\", \"password\"]}")  # fmt: skip


def detection_rules(s):
    return ('title = "acme gitleaks config"\n[extend]\nuseDefault = true\n\n[[rules]]\nid = "acme-internal-token"\n'
            "description = \"Acme internal service token\"\nregex = '''acme_(live|test)_[0-9a-zA-Z]{32}'''\nkeywords = [\"acme_live_\", \"acme_test_\"]\nentropy = 3.5\n\n"
            "[[rules]]\nid = \"generic-password-assignment\"\nregex = '''(?i)(password|passwd|pwd)\\s*[:=]\\s*['\"][^'\"]{8,}['\"]'''\n\n"
            "[allowlist]\ndescription = \"test fixtures\"\npaths = ['''tests/fixtures/.*''', '''.*\\.example$''']\n"
            "regexes = ['''EXAMPLE''', '''changeme''', '''xxxxxxxx''']\n\n# semgrep rule\nrules:\n  - id: hardcoded-jwt-secret\n"
            "    pattern: jwt.encode($P, \"...\", ...)\n    message: A JWT signed with a literal secret\n    severity: ERROR\n    languages: [python]")  # fmt: skip


def strength_tables(s):
    return ('@pytest.mark.parametrize("password, score", [\n    ("password", 0),\n    ("123456", 0),\n    ("qwerty123", 0),\n    ("Password1!", 1),\n'
            '    ("correcthorsebatterystaple", 3),\n    ("tr0ub4dor&3", 2),\n    ("", 0),\n])\ndef test_strength(password, score):\n'
            '    assert zxcvbn(password)["score"] == score\n\n\nARGON2_PARAMS = {"time_cost": 3, "memory_cost": 65536, "parallelism": 4, "hash_len": 32, "salt_len": 16}\n'
            'PBKDF2_ITERATIONS = 600_000\nBCRYPT_ROUNDS = 12\nSCRYPT = {"n": 2**17, "r": 8, "p": 1}\nMIN_PASSWORD_LENGTH = 12\nMAX_PASSWORD_LENGTH = 128')  # fmt: skip


def prompt_rotation(s):
    return ("ok so we rotated the stripe keys yesterday — the old sk_live key is revoked, the new one is only in vault under "
            "secret/data/stripe (key `secret_key`). the webhook signing secret changed too. can you update the deploy docs so "
            "they say to read STRIPE_SECRET_KEY from vault instead of the .env file, and add a note that the restricted key "
            f"(rk_live_…) is for the reporting job only? the PR is #4821, commit {sha(s, 7)}. also the jwt secret needs to be 32+ bytes now.")  # fmt: skip


def prompt_token_format(s):
    return ("what's the format of a github fine-grained token vs a classic one? I know classic ones start with ghp_ and fine-grained "
            "with github_pat_, but how many characters follow and is there a checksum? also for slack, is xoxb- always a bot token "
            "and xoxp- a user token? I want to write a regex for our pre-commit hook that flags them but doesn't fire on the "
            "placeholder `ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX` we use in the docs. and what does an openai key look like now, sk-proj-…?")  # fmt: skip


def readme_example_config(s):
    return ("## Configuration\n\nCopy `config.example.toml` to `config.toml` and fill in your own values:\n\n```toml\n[server]\nport = 8080\n"
            "secret_key = \"<generate with: openssl rand -hex 32>\"\n\n[database]\nurl = \"postgres://USER:PASSWORD@localhost:5432/app\"\n\n"
            "[oauth.github]\nclient_id = \"your-client-id\"\nclient_secret = \"your-client-secret\"\n\n[smtp]\nhost = \"smtp.example.com\"\n"
            "username = \"apikey\"\npassword = \"YOUR_SENDGRID_API_KEY\"\n\n[stripe]\nsecret_key = \"sk_test_...\"\nwebhook_secret = \"whsec_...\"\n```\n\n"
            "> **Never commit `config.toml`.** It is in `.gitignore`. In production, set `APP_SECRET_KEY`, `DATABASE_URL` and\n"
            "> `STRIPE_SECRET_KEY` as environment variables instead; they override the file.")  # fmt: skip


def security_advisory(s):
    return (f"# GHSA-{gen(s, 4, '23456789cfghjmpqrvwx')}-{gen(s + 'b', 4, '23456789cfghjmpqrvwx')}-{gen(s + 'c', 4, '23456789cfghjmpqrvwx')}: "
            "Session tokens accepted after password change\n\n**Severity:** High (CVSS 3.1: 7.5)\n**Affected:** acme-auth < 1.4.2\n**Patched:** 1.4.2\n\n"
            "### Impact\nAfter a user changed their password, refresh tokens issued before the change stayed valid for up to 30 days.\n\n"
            "### Patches\nUpgrade to 1.4.2. Tokens now carry a `pwd_gen` claim checked against the user's password generation.\n\n"
            "### Workarounds\nRotate `JWT_SECRET`: this invalidates every token. Set `REFRESH_TOKEN_TTL=3600` to shorten exposure.\n\n"
            f"### Credits\nReported by @ana-lima. Fixed in {sha(s + 'fix', 40)}.")  # fmt: skip


def grep_context_auth(s):
    return ("src/middleware/auth.rs-14-use jsonwebtoken::{decode, DecodingKey, Validation, Algorithm};\n"
            "src/middleware/auth.rs-15-\nsrc/middleware/auth.rs:16:pub async fn require_token(req: Request, next: Next) -> Result<Response, AuthError> {\n"
            "src/middleware/auth.rs-17-    let header = req.headers().get(AUTHORIZATION).ok_or(AuthError::Missing)?;\n"
            "src/middleware/auth.rs:18:    let token = header.to_str()?.strip_prefix(\"Bearer \").ok_or(AuthError::Scheme)?;\n"
            "src/middleware/auth.rs:19:    let key = DecodingKey::from_secret(state.jwt_secret.as_bytes());\n--\n"
            "src/config.rs:22:    pub jwt_secret: String,\nsrc/config.rs:23:    pub db_password: SecretString,\n"
            "src/config.rs:41:        jwt_secret: env::var(\"JWT_SECRET\").context(\"JWT_SECRET is not set\")?,\n--\n"
            "tests/auth.rs:9:const TEST_SECRET: &str = \"test-only-secret\";\ntests/auth.rs:31:    let token = make_token(TEST_SECRET, Duration::from_secs(60));\n"
            "\nFound 9 matches across 3 files")  # fmt: skip


def webfetch_api_reference(s):
    return ("# API reference — Authentication\n\nAuthenticate with your secret key in the `Authorization` header. Keys for test mode start\n"
            "with `sk_test_`, live keys with `sk_live_`. The key below is an example, not a working key:\n\n"
            "```\ncurl https://api.example.com/v1/charges \\\n  -u sk_test_EXAMPLEKEY0000000000000000:\n```\n\n"
            "AWS example credentials used in this guide: `AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`.\n\n"
            "| Parameter | Type | Description |\n|---|---|---|\n| `api_key` | string | Your API key (required) |\n"
            "| `idempotency_key` | string | A unique key, e.g. a UUID v4 such as `" + uuid_of(s) + "` |\n"
            "| `expand[]` | array | Related objects to expand |\n\nErrors: `401 invalid_api_key` when the key is wrong or revoked.")  # fmt: skip


def webfetch_oauth_docs(s):
    return ("## 4.1. Authorization Code Grant\n\nThe client directs the resource owner to the authorization endpoint:\n\n"
            "    GET /authorize?response_type=code&client_id=s6BhdRkqt3&state=xyz\n        &redirect_uri=https%3A%2F%2Fclient%2Eexample%2Ecom%2Fcb HTTP/1.1\n"
            "    Host: server.example.com\n\nIf the resource owner grants access, the server redirects back:\n\n"
            "    HTTP/1.1 302 Found\n    Location: https://client.example.com/cb?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz\n\n"
            "PKCE (RFC 7636): the client creates a `code_verifier` and sends `code_challenge = BASE64URL(SHA256(code_verifier))` with\n"
            "`code_challenge_method=S256`. Access tokens are opaque to the client; refresh tokens must be kept confidential.\n"
            "The `state` parameter protects against CSRF; `nonce` binds the ID token to the session.")  # fmt: skip


def plan_credentials(s):
    return ("## Plan: move secrets out of the repository\n\n1. Inventory: grep for `password`, `secret`, `token`, `api_key` in `config/` and `.env*`.\n"
            "2. Create Vault paths `secret/data/app/{db,stripe,jwt}` and load them at boot via `hvac`.\n"
            "3. Replace `settings.SECRET_KEY = os.environ['SECRET_KEY']` fallbacks (remove the `'dev-secret'` default).\n"
            "4. Rotate every credential that was ever committed (DB password, Stripe key, JWT secret) — the old ones are in git history.\n"
            "5. Add gitleaks to pre-commit; allowlist `tests/fixtures/`.\n6. Update `docs/deploy.md`: tokens now expire after 15 min, refresh after 30 days.\n\n"
            f"Tracking issue: #{gen(s, 4, DIG)}.")  # fmt: skip


def task_list_json(s):
    return json.dumps({"todos": [
        {"content": "Rotate the JWT signing key (kid " + gen(s, 8, HEX) + " -> next)", "status": "in_progress", "activeForm": "Rotating the JWT signing key"},
        {"content": "Revoke the leaked npm token in the npm UI", "status": "pending", "activeForm": "Revoking the leaked npm token"},
        {"content": "Set API_KEY and API_SECRET in the CI secrets", "status": "pending", "activeForm": "Setting API_KEY and API_SECRET"},
        {"content": "Write tests for password reset token expiry", "status": "completed", "activeForm": "Writing tests for token expiry"}]})  # fmt: skip


def assistant_review(s):
    return ("I looked at the auth module. A few findings:\n\n- `SECRET_KEY` falls back to `\"django-insecure-dev\"` when unset; in production this "
            "should fail loudly instead.\n- The password reset token is compared with `==`; use `hmac.compare_digest` to avoid timing leaks.\n"
            "- API keys are stored in plain text in `api_keys.secret`. I suggest storing `sha256(key)` and the first 8 characters as a prefix for lookup.\n"
            f"- The refresh token cookie lacks `Secure` and `SameSite=Strict`.\n\nI changed `src/auth/tokens.py` (commit {sha(s, 7)}) and ran the tests: 48 passed.")  # fmt: skip


NEGATIVE_FAMILIES_4 = [
    ("test fixtures with fake credentials", pytest_fixtures, (as_edit("/home/dev/app/tests/test_auth.py"), as_write("/home/dev/app/tests/test_auth.py"), as_read("/home/dev/app/tests/test_auth.py"))),
    ("test mocks with fake keys", jest_mocks, (as_edit("/home/dev/app/test/client.test.ts"), as_write("/home/dev/app/test/client.test.ts"), as_json_text)),
    ("crypto code with rfc test vectors", crypto_test_vectors, (as_edit("/home/dev/app/tests/test_kat.py"), as_write("/home/dev/app/tests/test_kat.py"), as_read("/home/dev/app/tests/test_kat.py"))),
    ("crypto code with constants", crypto_constants, (as_edit("/home/dev/app/src/sha256.c"), as_write("/home/dev/app/src/sha256.c"), as_read("/home/dev/app/src/sha256.c"))),
    ("hash tables in code", hash_table_code, (as_edit("/home/dev/app/app/passwords.py"), as_write("/home/dev/app/app/passwords.py"), as_result)),
    ("uv lockfile edits", uv_lock_edit, (as_edit("/home/dev/app/uv.lock"), as_write("/home/dev/app/uv.lock"), as_json_text)),
    ("swift package resolution edits", swift_resolved_edit, (as_edit("/home/dev/app/Package.resolved"), as_write("/home/dev/app/Package.resolved"), as_read("/home/dev/app/Package.resolved"))),
    ("migration edits naming secrets", migration_edits, (as_edit("/home/dev/app/migrations/versions/hash_api_keys.py"), as_write("/home/dev/app/migrations/versions/hash_api_keys.py"), as_result)),
    ("mobile and rails locale files", android_ios_strings, (as_edit("/home/dev/app/android/app/src/main/res/values-pt/strings.xml"), as_write("/home/dev/app/ios/it.lproj/Localizable.strings"), as_read("/home/dev/app/config/locales/nl.yml"))),
    ("auth code in go naming secrets", auth_code_go, (as_edit("/home/dev/app/internal/auth/config.go"), as_write("/home/dev/app/internal/auth/config.go"), as_read("/home/dev/app/internal/auth/config.go"))),
    ("auth config in spring naming secrets", auth_code_java, (as_edit("/home/dev/app/src/main/java/com/acme/SecurityConfig.java"), as_write("/home/dev/app/src/main/java/com/acme/SecurityConfig.java"), as_json_text)),
    ("typescript types naming secrets", ts_types, (as_edit("/home/dev/app/src/types/credentials.ts"), as_write("/home/dev/app/src/types/credentials.ts"), as_read("/home/dev/app/src/types/credentials.ts"))),
    ("compose files with interpolated secrets", compose_env_edit, (as_edit("/home/dev/app/docker-compose.yml"), as_write("/home/dev/app/docker-compose.yml"), as_read("/home/dev/app/docker-compose.yml"))),
    ("terraform variables marked sensitive", terraform_vars_edit, (as_edit("/home/dev/infra/variables.tf"), as_write("/home/dev/infra/db.tf"), as_read("/home/dev/infra/variables.tf"))),
    ("http cassettes with filtered secrets", vcr_cassettes, (as_write("/home/dev/app/tests/cassettes/test_token.yaml"), as_read("/home/dev/app/tests/cassettes/test_token.yaml"), as_json_text)),
    ("secret detection rules", detection_rules, (as_edit("/home/dev/app/.gitleaks.toml"), as_write("/home/dev/app/.gitleaks.toml"), as_read("/home/dev/app/.gitleaks.toml"))),
    ("password strength tables and kdf parameters", strength_tables, (as_edit("/home/dev/app/tests/test_strength.py"), as_write("/home/dev/app/tests/test_strength.py"), as_result)),
    ("prompts describing a rotation", prompt_rotation, (as_prompt, as_result)),
    ("prompts asking about token formats", prompt_token_format, (as_prompt, as_result)),
    ("readme example configurations", readme_example_config, (as_edit("/home/dev/app/README.md"), as_read("/home/dev/app/README.md"), as_write("/home/dev/app/README.md"))),
    ("security advisories", security_advisory, (as_write("/home/dev/app/SECURITY-ADVISORY.md"), as_tool("WebFetch", {"url": "https://github.com/acme/auth/security/advisories", "prompt": "What is affected?"}), as_result)),
    ("grep with context over auth code", grep_context_auth, (as_tool("Grep", {"pattern": "token|secret|password", "output_mode": "content", "-C": 1, "-n": True}), as_result, as_json_text)),
    ("fetched api references with example keys", webfetch_api_reference, (as_tool("WebFetch", {"url": "https://docs.example.com/api/authentication", "prompt": "How do I authenticate?"}), as_result)),
    ("fetched oauth specs", webfetch_oauth_docs, (as_tool("WebFetch", {"url": "https://www.rfc-editor.org/rfc/rfc6749", "prompt": "Summarize the code grant"}), as_result)),
    ("plans about moving secrets", plan_credentials, (as_tool("ExitPlanMode", {"plan": "see result"}), as_result, as_assistant_text)),
    ("task lists about credentials", task_list_json, (as_tool("TodoWrite", {"todos": []}), as_result)),
    ("assistant reviews of auth code", assistant_review, (as_assistant_text, as_result)),
]  # fmt: skip


def _live_key_in_fixture(s, v):
    return pytest_fixtures(s) + f'\n\n\n# TODO remove before merging\nSTRIPE_KEY = "sk_live_{v}"'


def _password_in_rotation_prompt(s, v):
    return prompt_rotation(s) + f" oh and the new staging db password is {v} if you need to test the connection"


def _secret_in_readme_config(s, v):
    return readme_example_config(s).replace('client_secret = "your-client-secret"', f'client_secret = "{v}"')


def _password_in_grep_context(s, v):
    return grep_context_auth(s).replace("\nFound 9", f'\nsrc/bin/seed.rs:12:    let admin_password = "{v}";\nFound 9')


def _token_in_fetched_gist(s, v):
    return webfetch_api_reference(s) + f"\n\nComment from a user: this worked for me `curl -H 'Authorization: Bearer {v}' https://api.example.com/v1/me`"


def _client_secret_in_spring_config(s, v):
    return auth_code_java(s).replace("client-secret: ${GITHUB_CLIENT_SECRET}", f"client-secret: {v}")


def _password_in_compose(s, v):
    return compose_env_edit(s).replace("POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set it in .env}", f"POSTGRES_PASSWORD: {v}")


def _token_in_cassette(s, v):
    return vcr_cassettes(s).replace("      Authorization:\n      - DUMMY", f"      Authorization:\n      - Bearer {v}")


def _secret_in_go_test(s, v):
    return auth_code_go(s) + f'\n\nfunc TestCheckAPIKey(t *testing.T) {{\n\tos.Setenv("OAUTH_CLIENT_SECRET", "{v}")\n}}'


POSITIVE_FAMILIES_4 = [
    ("secret in a test fixture edit", _live_key_in_fixture, as_edit("/home/dev/app/tests/test_auth.py")),
    ("secret in a prompt describing a rotation", _password_in_rotation_prompt, as_prompt),
    ("secret in a readme example configuration", _secret_in_readme_config, as_write("/home/dev/app/README.md")),
    ("secret in grep context over auth code", _password_in_grep_context, as_tool("Grep", {"pattern": "password", "output_mode": "content", "-C": 1})),
    ("secret in a fetched api reference", _token_in_fetched_gist, as_tool("WebFetch", {"url": "https://docs.example.com/api/authentication", "prompt": "How?"})),
    ("secret in a spring config edit", _client_secret_in_spring_config, as_edit("/home/dev/app/src/main/resources/application.yml")),
    ("secret in a compose file edit", _password_in_compose, as_edit("/home/dev/app/docker-compose.yml")),
    ("secret in an http cassette", _token_in_cassette, as_write("/home/dev/app/tests/cassettes/test_token.yaml")),
    ("secret in a go test", _secret_in_go_test, as_write("/home/dev/app/internal/auth/config_test.go")),
]  # fmt: skip


def _mark(cases, note):
    return [Case(c.family, c.value, c.secrets, c.realistic, note) for c in cases]


def part_four() -> list:
    return _mark(_positives(POSITIVE_FAMILIES_4, "pos11d") + _negatives(NEGATIVE_FAMILIES_4, "chk11d", ("j", "k", "l")), PART4)



# ---- part five: written after the fourth round's fixes, new families again, measured before any change
PART5 = "part five"


def graphql_schema(s):
    return ("type User {\n  id: ID!\n  email: String!\n  passwordChangedAt: DateTime\n  apiKeys: [ApiKey!]!\n}\n\n"
            "type ApiKey {\n  id: ID!\n  prefix: String!   # the first 8 characters, shown in the UI\n  lastUsedAt: DateTime\n  scopes: [String!]!\n}\n\n"
            "input LoginInput {\n  email: String!\n  password: String!\n  totpCode: String\n}\n\n"
            "type Mutation {\n  login(input: LoginInput!): AuthPayload!\n  rotateApiKey(id: ID!): ApiKeyWithSecret!  # the secret is returned once\n"
            "  resetPassword(token: String!, newPassword: String!): Boolean!\n}\n\n"
            f"# persisted query hash: {sha(s, 64)}\nquery Me @persisted(sha256: \"{sha(s + 'q', 64)}\") {{ me {{ id email }} }}")  # fmt: skip


def protobuf_defs(s):
    return ('syntax = "proto3";\npackage acme.auth.v1;\n\nmessage CreateTokenRequest {\n  string client_id = 1;\n  string client_secret = 2 [(validate.rules).string.min_len = 32];\n'
            "  repeated string scopes = 3;\n}\n\nmessage Token {\n  string access_token = 1;\n  string refresh_token = 2 [debug_redact = true];\n  int64 expires_in = 3;\n}\n\n"
            "service TokenService {\n  rpc CreateToken(CreateTokenRequest) returns (Token);\n  rpc RevokeToken(RevokeTokenRequest) returns (google.protobuf.Empty);\n}\n"
            f"// buf.lock digest: b5:{sha(s, 64)}\n$ grpcurl -plaintext localhost:50051 describe acme.auth.v1.Token\nacme.auth.v1.Token is a message:\n"
            "message Token {\n  string access_token = 1;\n  string refresh_token = 2;\n  int64 expires_in = 3;\n}")  # fmt: skip


def keychain_code(s):
    return ("func save(token: String, account: String) throws {\n    let query: [String: Any] = [\n        kSecClass as String: kSecClassGenericPassword,\n"
            "        kSecAttrService as String: \"com.acme.app.auth\",\n        kSecAttrAccount as String: account,\n"
            "        kSecValueData as String: Data(token.utf8),\n        kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,\n    ]\n"
            "    let status = SecItemAdd(query as CFDictionary, nil)\n    guard status == errSecSuccess else { throw KeychainError.unhandled(status) }\n}\n\n"
            "// Android\nval masterKey = MasterKey.Builder(context).setKeyScheme(MasterKey.KeyScheme.AES256_GCM).build()\n"
            "val prefs = EncryptedSharedPreferences.create(context, \"secret_prefs\", masterKey,\n"
            "    EncryptedSharedPreferences.PrefKeyEncryptionScheme.AES256_SIV, EncryptedSharedPreferences.PrefValueEncryptionScheme.AES256_GCM)\n"
            "prefs.edit().putString(\"refresh_token\", refreshToken).apply()")  # fmt: skip


def nginx_conf(s):
    return ("server {\n    listen 443 ssl http2;\n    server_name api.example.com;\n    ssl_certificate     /etc/letsencrypt/live/api.example.com/fullchain.pem;\n"
            "    ssl_certificate_key /etc/letsencrypt/live/api.example.com/privkey.pem;\n    ssl_session_ticket_key /etc/nginx/ticket.key;\n\n"
            "    location /admin/ {\n        auth_basic \"Restricted\";\n        auth_basic_user_file /etc/nginx/.htpasswd;\n    }\n\n"
            "    location /api/ {\n        proxy_set_header Authorization $http_authorization;\n        proxy_set_header X-Api-Key $http_x_api_key;\n"
            "        proxy_pass http://127.0.0.1:8080;\n        add_header Strict-Transport-Security \"max-age=63072000\" always;\n    }\n}\n"
            "$ sudo nginx -t\nnginx: the configuration file /etc/nginx/nginx.conf syntax is ok\nnginx: configuration file /etc/nginx/nginx.conf test is successful")  # fmt: skip


def prompt_pasted_trace(s):
    return ("getting this when I log in on staging, any idea? it started after the deploy of " + sha(s, 7) + "\n\n"
            "```\nTraceback (most recent call last):\n  File \"/app/auth/views.py\", line 88, in login\n    user = authenticate(request, username=email, password=password)\n"
            "  File \"/app/auth/backends.py\", line 41, in authenticate\n    if not check_password(password, user.password):\n"
            "  File \"/usr/local/lib/python3.12/site-packages/django/contrib/auth/hashers.py\", line 86, in check_password\n"
            "    hasher = identify_hasher(encoded)\nValueError: Unknown password hashing algorithm 'argon2'. Did you specify it in the PASSWORD_HASHERS setting?\n```\n"
            f"request id {uuid_of(s)}, sentry event {gen(s + 'ev', 32, HEX)}")  # fmt: skip


def pr_description(s):
    return (f"## Rotate signing keys without downtime\n\nCloses #{gen(s, 4, DIG)}.\n\n### What\n- The JWKS endpoint now serves the current and the next key "
            "(`kid` = the first 8 hex of the key's SHA-256 thumbprint).\n- `TOKEN_SIGNING_KEY` is read from Vault at boot; the env var stays as a fallback for local dev.\n"
            "- Old refresh tokens stay valid until they expire (30 days).\n\n### How to test\n```\nmake dev\ncurl -s localhost:8080/.well-known/jwks.json | jq '.keys[].kid'\n```\n\n"
            f"### Commits\n- {sha(s + 'a', 7)} Serve two keys from the JWKS endpoint\n- {sha(s + 'b', 7)} Read the signing key from Vault\n- {sha(s + 'c', 7)} Test rotation with a fake clock")  # fmt: skip


def sql_query_edits(s):
    return ("-- name: FindApiKeyByHash :one\nSELECT id, user_id, scopes, expires_at\nFROM api_keys\nWHERE key_hash = encode(digest($1, 'sha256'), 'hex')\n  AND revoked_at IS NULL;\n\n"
            "-- name: SetPassword :exec\nUPDATE users SET password_hash = crypt($2, gen_salt('bf', 12)), password_changed_at = now() WHERE id = $1;\n\n"
            "-- name: CreateResetToken :one\nINSERT INTO password_resets (user_id, token_hash, expires_at)\nVALUES ($1, $2, now() + interval '1 hour')\nRETURNING id;\n\n"
            "CREATE POLICY tokens_owner ON api_tokens USING (user_id = current_setting('app.user_id')::uuid);\nGRANT SELECT ON api_keys TO reporting;  -- not the key_hash column\n"
            "REVOKE ALL ON password_resets FROM PUBLIC;")  # fmt: skip


def makefile_edit(s):
    return (".PHONY: build push login\nIMAGE ?= ghcr.io/acme/api\nTAG ?= $(shell git rev-parse --short HEAD)\n\n"
            "build:\n\tdocker build --secret id=npm_token,env=NPM_TOKEN --build-arg VERSION=$(TAG) -t $(IMAGE):$(TAG) .\n\n"
            "login:\n\t@echo \"$$GHCR_TOKEN\" | docker login ghcr.io -u $(GHCR_USER) --password-stdin\n\n"
            "push: login\n\tdocker push $(IMAGE):$(TAG)\n\nsecrets:\n\t@test -n \"$(DB_PASSWORD)\" || (echo \"DB_PASSWORD is not set\"; exit 1)\n"
            "\tkubectl create secret generic db --from-literal=password=\"$(DB_PASSWORD)\" --dry-run=client -o yaml | kubeseal -o yaml > k8s/db-sealed.yaml\n\n"
            "# justfile\ndeploy env:\n    op run --env-file=.env.{{env}} -- ./scripts/deploy.sh {{env}}")  # fmt: skip


def cli_help_text(s):
    return ("Usage: acme login [OPTIONS]\n\n  Log in to Acme and store a token in the system keyring.\n\nOptions:\n"
            "  -u, --username TEXT        Your Acme user name.\n  -p, --password TEXT        Your password (prompted when omitted; avoid\n"
            "                             passing it on the command line).\n  --token TEXT               An API token instead of a password [env var: ACME_TOKEN]\n"
            "  --token-file PATH          Read the token from PATH.\n  --no-keyring               Keep the token in ~/.config/acme/credentials.toml (mode 0600).\n"
            "  --help                     Show this message and exit.\n\nExamples:\n  acme login -u ana\n  ACME_TOKEN=$(op read op://Private/acme/token) acme login\n"
            "  acme login --token-file ~/.acme-token")  # fmt: skip


def token_format_validation(s):
    return ("const TOKEN_PATTERNS: Record<string, RegExp> = {\n  github: /^(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}$/,\n  githubFineGrained: /^github_pat_[A-Za-z0-9_]{82}$/,\n"
            "  slackBot: /^xoxb-\\d+-\\d+-[A-Za-z0-9]{24}$/,\n  stripe: /^(sk|rk|pk)_(test|live)_[A-Za-z0-9]{24,99}$/,\n  aws: /^AKIA[0-9A-Z]{16}$/,\n};\n\n"
            "export function looksLikeToken(value: string): string | undefined {\n  return Object.entries(TOKEN_PATTERNS).find(([, re]) => re.test(value))?.[0];\n}\n\n"
            "it('does not flag a placeholder', () => {\n  expect(looksLikeToken('ghp_' + 'x'.repeat(36))).toBe('github');\n  expect(looksLikeToken('your-token-here')).toBeUndefined();\n});")  # fmt: skip


NEGATIVE_FAMILIES_5 = [
    ("graphql schemas naming secrets", graphql_schema, (as_edit("/home/dev/app/schema.graphql"), as_write("/home/dev/app/schema.graphql"), as_read("/home/dev/app/schema.graphql"))),
    ("protobuf definitions naming secrets", protobuf_defs, (as_edit("/home/dev/app/proto/acme/auth/v1/token.proto"), as_result, as_json_text)),
    ("keychain and keystore code", keychain_code, (as_edit("/home/dev/app/ios/Auth/Keychain.swift"), as_write("/home/dev/app/ios/Auth/Keychain.swift"), as_read("/home/dev/app/ios/Auth/Keychain.swift"))),
    ("web server configs naming key files", nginx_conf, (as_edit("/etc/nginx/sites-available/api"), as_read("/etc/nginx/sites-available/api"), as_json_text)),
    ("prompts pasting a traceback", prompt_pasted_trace, (as_prompt, as_result)),
    ("pull request descriptions", pr_description, (as_bash("gh pr view 4821"), as_write("/home/dev/app/.github/PR_BODY.md"), as_assistant_text)),
    ("sql query files naming secrets", sql_query_edits, (as_edit("/home/dev/app/db/queries/auth.sql"), as_write("/home/dev/app/db/queries/auth.sql"), as_read("/home/dev/app/db/queries/auth.sql"))),
    ("makefiles with secret references", makefile_edit, (as_edit("/home/dev/app/Makefile"), as_read("/home/dev/app/Makefile"), as_result)),
    ("cli help text about credentials", cli_help_text, (as_bash("acme login --help"), as_result, as_json_text)),
    ("token format validation code", token_format_validation, (as_edit("/home/dev/app/src/tokens.ts"), as_write("/home/dev/app/src/tokens.ts"), as_read("/home/dev/app/src/tokens.ts"))),
]  # fmt: skip


def _password_in_graphql_call(s, v):
    return (f'$ curl -s localhost:4000/graphql -H "Content-Type: application/json" -d \'{{"query":"mutation {{ login(input: {{email: \\"ana@example.com\\", password: \\"{v}\\"}}) {{ token }} }}"}}\'\n'
            + graphql_schema(s))


def _token_in_grpcurl(s, v):
    return protobuf_defs(s) + f'\n$ grpcurl -H "authorization: Bearer {v}" -d \'{{}}\' api.example.com:443 acme.auth.v1.TokenService/ListTokens\n{{}}'


def _dsn_in_pasted_trace(s, v):
    return prompt_pasted_trace(s) + f"\n\nDATABASE_URL is postgres://app:{v}@db.staging.internal:5432/auth btw"


def _token_in_makefile(s, v):
    return makefile_edit(s).replace("login:\n\t@echo \"$$GHCR_TOKEN\"", f"login:\n\t@echo \"{v}\"")


POSITIVE_FAMILIES_5 = [
    ("secret in a graphql call", _password_in_graphql_call, as_bash("curl -s localhost:4000/graphql -d …")),
    ("secret in a grpcurl call", _token_in_grpcurl, as_result),
    ("secret in a prompt pasting a traceback", _dsn_in_pasted_trace, as_prompt),
    ("secret in a makefile edit", _token_in_makefile, as_edit("/home/dev/app/Makefile")),
]  # fmt: skip


def part_five() -> list:
    return _mark(_positives(POSITIVE_FAMILIES_5, "pos11e") + _negatives(NEGATIVE_FAMILIES_5, "chk11e", ("m", "n", "o")), PART5)


def cases() -> list:
    return part_one() + part_two() + part_three() + part_four() + part_five()
