"""More of the dev part (tests/privacy_eval/dev.py), an eighth batch: PRECISION on realistic
tool output nobody here tuned on.  Negatives of the shapes real Claude Code sessions carry
(studied in public transcripts and tool outputs, written here with values of our own): lockfiles
and their integrity hashes, package listings, container and cluster listings, infrastructure
plans, version-control logs, CI logs, minified code, source maps, images and vector paths,
protocol dumps, public keys and fingerprints, digests, cloud ids, payment object ids, public
parts of client configs, API specs naming auth schemes, translation files, ids of every kind;
each as a tool result carries it (Bash stdout, Read with line numbers, an Edit's new_string, a
transcript line whose result is JSON-escaped text).  And positives hidden inside the same
outputs (a real-looking secret among a lockfile's worth of hashes), so recall in noise is
measured too.

Measured once before any change for it (bench_privacy, filter at main 3570bb0):
486 cases (456 negatives in 46 families, 30 positives hidden in 10 families of the same
outputs): 336 of 385 redactions false (87.3 %), 29 of 30 positives caught (96.7 %).  The dev
part with it: 336 of 4,069 redactions false (8.3 %; on realistic shapes 336 of 1,436, 23.4 %),
recall 99.5 % (3,388 of 3,405); held unchanged (565 of 574 caught, 0 of 606 false).  The false
ones by class: translations of a secret's word as values (`"password": "Passwort"`), keys
public by design (a map's `pk.` token, an analytics project key, a captcha site key), the
public members of a JSON Web Key (`n`, `x`, `kid`), a CSP nonce, ids whose label the filter
did not read (through a JSON escape: `\\"VersionId\\": \\"…`; a dunder `__BUILD_ID__`), a
value read across a line break written as an escape (`CI\\nd8f13a2`, a masked token then
`\\n`), a relative path with an extension (`exports/….json`).  After that round's fixes: 0 of
49 redactions false, 29 of 30 caught; dev and held recall unchanged.

Part two, written after the first round's fixes as a check on shapes it had not seen, measured
once before the second round (the filter with the first round's fixes): 156 cases (141 negatives
in 13 families: signed commit objects, SSH signatures, registry signatures, seven more
lockfiles, deploy logs, cloud inventories, system logs, notebooks, build trees, file and ref
listings, signature bundles, TLS sessions; 15 positives in the same outputs): 42 of 60
redactions false (70 %), 12 of 15 caught.  The false ones by class: a PGP signature block, a
notebook's PNG output in base64 (JSON printed as text: on one line with `api_key`), dates
(`"endDateTime": "2027-…"`), a key's id (`customKeyIdentifier`), a policy member's e-mail
(`serviceAccount:deployer@…`).  The three misses: a value after GitHub Actions'
`::add-mask::` (a finder's work, not this round's).  After the second round: 0 of 18 false.

Part three, written after the second round as another check (database rows naming keys, server
info dumps, container networks, playbook runs, error events, API collections and schemas, test
and build logs, chat API payloads, Windows and mobile signing outputs, reflogs, service
accounts), measured before the third round: 144 cases (132 negatives in 12 families, 12
positives in 4): 3 of 15 redactions false, 9 of 12 caught.  The false ones: one class, a tool's
flag read as a password flag where the subcommand gives it another meaning (`security
find-identity -p codesigning`: a policy).  The misses: a Redis `CONFIG GET requirepass` reply
(the value on the line below its name, numbered `2)`; a finder's work).  After the third round:
0 of 12 false.

Part four, written after the third round, of other carriers (Grep, Glob, WebFetch, Task and
TodoWrite results, a prompt) and of prose about secrets (docs, changelogs, error messages in
seven languages, policies, READMEs with references): 81 cases (69 negatives in 10 families, 12
positives in 4), measured with no change for it: 0 of 12 redactions false, 12 of 12 caught.

Part five, written after the fourth: secret stores' and agents' listings (`fly secrets list`,
`gh secret list`, `op item list`, `aws secretsmanager list-secrets`, `wg show`, `ssh-add -l`,
`npm token list`, `certbot certificates`, `tailscale status`): 66 cases (57 negatives in 3
families, 9 positives in 2), measured before the fifth round: 12 of 24 redactions false, 9 of 9
caught.  The false ones, one class: a table's cell under a column that names a digest
(`STRIPE_SECRET_KEY  3f2a1b0c…` under `DIGEST`).

Part six, written after the fifth round: Terraform and Gradle lockfiles, a CycloneDX bill of
materials, a secret scanner's redacted report, a vulnerability table, model and package caches,
a data frame, an image index: 69 cases (63 negatives, 6 positives), measured before the sixth
round: 27 of 36 redactions false, 6 of 6 caught.  The false ones: a line number after a rule's
name (`generic-api-key:12`, also before an escaped quote), a CVE id after `jsonwebtoken`.
"""

from __future__ import annotations

import base64
import json

from tests.privacy_eval import (
    B62,
    HEX,
    Case,
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

B64 = B62 + "+/"
B32L = "abcdefghijklmnopqrstuvwxyz234567"
NIX32 = "0123456789abcdfghijklmnpqrsvwxyz"


def _b64(seed: str, n: int) -> str:
    return base64.b64encode(gen(seed, n).encode()).decode()


def _sri(seed: str, algo: str = "sha512") -> str:
    size = {"sha512": 64, "sha384": 48, "sha256": 32, "sha1": 20}[algo]
    raw = bytes(int(sha(seed + str(i), 2), 16) for i in range(size))
    return f"{algo}-" + base64.b64encode(raw).decode()


# ---- how a tool's result carries a text -------------------------------------------------------

def as_bash(command: str):
    return lambda text, seed: bash_event(command, text, seed)


def as_read(path: str):
    """A transcript line whose tool result is a Read of `path` (numbered lines)."""

    def carry(text, seed):
        line = result_line(seed, numbered(text))
        line["toolUseResult"] = {"type": "text", "file": {"filePath": path, "content": text,
                                                          "numLines": text.count("\n") + 1, "startLine": 1,
                                                          "totalLines": text.count("\n") + 1}}  # fmt: skip
        return line

    return carry


def as_edit(path: str):
    """A PostToolUse event of an Edit whose new_string is the text."""

    def carry(text, seed):
        old = text.split("\n", 1)[0]
        return {
            "session_id": uuid_of("s" + seed), "cwd": "/home/dev/app", "hook_event_name": "PostToolUse",
            "tool_name": "Edit",
            "tool_input": {"file_path": path, "old_string": old, "new_string": text, "replace_all": False},
            "tool_response": {"filePath": path, "oldString": old, "newString": text, "userModified": False,
                              "replaceAll": False},
            "tool_use_id": tool_use_id(seed, "key"),
        }  # fmt: skip

    return carry


def as_json_text(text, seed):
    """A transcript line whose result is a JSON document printed as text (escaped once more)."""
    return result_line(seed, json.dumps({"output": text, "exitCode": 0}))


def as_result(text, seed):
    return result_line(seed, text, "pw")


# ---- negatives: realistic outputs with no secret in them -------------------------------------

def lockfile_npm(s):
    deps = []
    for i, name in enumerate(("jsonwebtoken", "bcryptjs", "passport-local", "dotenv", "keygrip")):
        deps.append(f'    "node_modules/{name}": {{\n      "version": "{i + 1}.{i * 3}.{i + 2}",\n'
                    f'      "resolved": "https://registry.npmjs.org/{name}/-/{name}-{i + 1}.{i * 3}.{i + 2}.tgz",\n'
                    f'      "integrity": "{_sri(s + name)}",\n      "license": "MIT"\n    }}')  # fmt: skip
    return '{\n  "name": "api",\n  "lockfileVersion": 3,\n  "packages": {\n' + ",\n".join(deps) + "\n  }\n}"


def lockfile_yarn(s):
    out = []
    for name in ("secure-password", "token-types", "@types/passport"):
        out.append(f'"{name}@^4.0.0":\n  version "4.2.{len(name)}"\n'
                   f'  resolved "https://registry.yarnpkg.com/{name}/-/{name.split("/")[-1]}-4.2.{len(name)}.tgz#{sha(s + name)}"\n'
                   f'  integrity {_sri(s + name + "y")}')  # fmt: skip
    return "# yarn lockfile v1\n\n\n" + "\n\n".join(out)


def lockfile_pnpm(s):
    return ("lockfileVersion: '9.0'\n\npackages:\n\n"
            f"  jose@5.2.3:\n    resolution: {{integrity: {_sri(s + 'jose')}}}\n\n"
            f"  oauth4webapi@2.10.4:\n    resolution: {{integrity: {_sri(s + 'oauth')}}}\n"
            "    engines: {node: '>=18'}\n")  # fmt: skip


def lockfile_python(s):
    return (f"cryptography==42.0.5 \\\n    --hash=sha256:{sha(s + 'c', 64)} \\\n    --hash=sha256:{sha(s + 'd', 64)}\n"
            f"keyring==25.1.0 \\\n    --hash=sha256:{sha(s + 'k', 64)}\n"
            f"python-jose[cryptography]==3.3.0 ; python_version >= \"3.8\" \\\n    --hash=sha256:{sha(s + 'j', 64)}")  # fmt: skip


def lockfile_poetry(s):
    return ('[[package]]\nname = "pyjwt"\nversion = "2.8.0"\ndescription = "JSON Web Token implementation in Python"\n'
            f'optional = false\npython-versions = ">=3.7"\nfiles = [\n    {{file = "PyJWT-2.8.0-py3-none-any.whl", hash = "sha256:{sha(s + "w", 64)}"}},\n'
            f'    {{file = "PyJWT-2.8.0.tar.gz", hash = "sha256:{sha(s + "t", 64)}"}},\n]\n\n[metadata]\n'
            f'lock-version = "2.0"\ncontent-hash = "{sha(s + "ch", 64)}"')  # fmt: skip


def lockfile_cargo(s):
    return ('[[package]]\nname = "secrecy"\nversion = "0.8.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n'
            f'checksum = "{sha(s + "sec", 64)}"\ndependencies = [\n "zeroize",\n]\n\n'
            '[[package]]\nname = "argon2"\nversion = "0.5.3"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n'
            f'checksum = "{sha(s + "arg", 64)}"')  # fmt: skip


def lockfile_gosum(s):
    return "\n".join(f"{mod} {ver} h1:{base64.b64encode(bytes.fromhex(sha(s + mod + ver, 64))).decode()}"
                     for mod in ("github.com/golang-jwt/jwt/v5", "golang.org/x/crypto")
                     for ver in ("v5.2.1", "v5.2.1/go.mod"))  # fmt: skip


def npm_ls(s):
    return ("api@1.0.0 /home/dev/app\n├─┬ jsonwebtoken@9.0.2\n│ ├── jws@3.2.2\n│ └── semver@7.6.0\n"
            "├── passport-jwt@4.0.1\n├─┬ bcrypt@5.1.1\n│ └── node-addon-api@5.1.0\n└── @auth/core@0.28.1 deduped")


def pip_freeze(s):
    return ("bcrypt==4.1.2\ncryptography==42.0.5\nkeyring==25.1.0\npasslib==1.7.4\nPyJWT==2.8.0\n"
            f"secretstorage==3.3.3\ntokenizers==0.15.2\n-e git+https://github.com/acme/auth-lib.git@{sha(s)}#egg=auth_lib")


def docker_images(s):
    rows = [f"{repo:<32}{tag:<10}{sha(s + repo, 12):<15}{age:<15}{size}"
            for repo, tag, age, size in (("ghcr.io/acme/api", "1.4.2", "2 hours ago", "187MB"),
                                         ("vault", "1.15", "3 weeks ago", "412MB"),
                                         ("postgres", "16-alpine", "5 weeks ago", "243MB"))]  # fmt: skip
    return f"{'REPOSITORY':<32}{'TAG':<10}{'IMAGE ID':<15}{'CREATED':<15}SIZE\n" + "\n".join(rows)


def docker_pull(s):
    return (f"16-alpine: Pulling from library/postgres\n{sha(s + 'l1', 12)}: Pull complete\n{sha(s + 'l2', 12)}: Pull complete\n"
            f"Digest: sha256:{sha(s + 'dg', 64)}\nStatus: Downloaded newer image for postgres:16-alpine\ndocker.io/library/postgres:16-alpine")  # fmt: skip


def docker_ps(s):
    return (f"CONTAINER ID   IMAGE                    COMMAND                  STATUS         PORTS                    NAMES\n"
            f"{sha(s, 12)}   redis:7.2                \"docker-entrypoint.s…\"   Up 3 minutes   0.0.0.0:6379->6379/tcp   app-redis-1\n"
            f"{sha(s + 'v', 12)}   hashicorp/vault:1.15     \"docker-entrypoint.s…\"   Up 3 minutes   0.0.0.0:8200->8200/tcp   app-vault-1")  # fmt: skip


def kubectl_pod_yaml(s):
    return ("apiVersion: v1\nkind: Pod\nmetadata:\n  name: api-7d9f8b6c5d-" + gen(s, 5, "bcdfghjklmnpqrstvwxz2456789") + "\n"
            f"  namespace: prod\n  resourceVersion: \"48213377\"\n  uid: {uuid_of(s + 'pod')}\n"
            "spec:\n  containers:\n  - env:\n    - name: DB_PASSWORD\n      valueFrom:\n        secretKeyRef:\n"
            "          key: password\n          name: db-credentials\n    image: ghcr.io/acme/api:1.4.2\n"
            "    volumeMounts:\n    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount\n"
            "      name: kube-api-access-" + gen(s + "k", 5, "bcdfghjklmnpqrstvwxz2456789") + "\n      readOnly: true\n"
            f"status:\n  containerStatuses:\n  - containerID: containerd://{sha(s + 'cid', 64)}\n"
            f"    imageID: ghcr.io/acme/api@sha256:{sha(s + 'img', 64)}\n    ready: true")  # fmt: skip


def kubectl_get_secrets(s):
    return ("NAME                  TYPE                                  DATA   AGE\n"
            "db-credentials        Opaque                                2      41d\n"
            "registry-pull         kubernetes.io/dockerconfigjson        1      41d\n"
            f"tls-api-{gen(s, 5, 'abcdefghjk')}        kubernetes.io/tls                     2      12d\n"
            "\nName:         db-credentials\nNamespace:    prod\nType:  Opaque\n\nData\n====\npassword:  24 bytes\nusername:  3 bytes")  # fmt: skip


def terraform_plan(s):
    return ("Terraform will perform the following actions:\n\n  # aws_db_instance.main will be created\n"
            "  + resource \"aws_db_instance\" \"main\" {\n      + arn                      = (known after apply)\n"
            "      + password                 = (sensitive value)\n      + username                 = \"app\"\n"
            f"      + kms_key_id               = \"arn:aws:kms:eu-west-1:123456789012:key/{uuid_of(s + 'kms')}\"\n"
            f"      + vpc_security_group_ids   = [\n          + \"sg-0{gen(s, 16, HEX)}\",\n        ]\n    }}\n\n"
            "  # aws_secretsmanager_secret_version.db will be updated in-place\n"
            "  ~ resource \"aws_secretsmanager_secret_version\" \"db\" {\n"
            f"        id            = \"arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-{gen(s, 6)}|{uuid_of(s + 'v').upper()}\"\n"
            "      ~ secret_string = (sensitive value)\n        version_id    = \"" + uuid_of(s + "vid").upper() + "\"\n    }\n\n"
            "Plan: 1 to add, 1 to change, 0 to destroy.")  # fmt: skip


def git_log(s):
    return (f"commit {sha(s)}\nAuthor: Ana Lima <ana@example.com>\nDate:   Thu Mar 14 10:22:31 2026 +0100\n\n"
            "    Rotate the API key reader: read the token from the keyring\n\n"
            f"    Change-Id: I{sha(s + 'cid')}\n    Signed-off-by: Ana Lima <ana@example.com>\n\n"
            f"commit {sha(s + '2')}\nMerge: {sha(s + 'm1', 7)} {sha(s + 'm2', 7)}\nAuthor: Bo Chen <bo@example.com>\n"
            "Date:   Wed Mar 13 18:02:11 2026 +0100\n\n    Merge pull request #412 from acme/fix-password-reset")  # fmt: skip


def git_misc(s):
    return (f"{sha(s, 7)} (HEAD -> main, origin/main) Fix token refresh race\n{sha(s + 'b', 7)} Add secret scanning to CI\n"
            f"{sha(s + 'c', 7)} Bump jsonwebtoken from 9.0.1 to 9.0.2\n\n"
            f"From github.com:acme/api\n   {sha(s + 'x', 7)}..{sha(s + 'y', 7)}  main       -> origin/main\n"
            f" * [new branch]      feat/passkeys -> origin/feat/passkeys\n"
            f"index {sha(s + 'i1', 7)}..{sha(s + 'i2', 7)} 100644\n--- a/src/auth/password.ts\n+++ b/src/auth/password.ts")  # fmt: skip


def ci_log(s):
    return (f"2026-03-14T10:22:31.1183321Z ##[group]Run actions/cache@v4\n2026-03-14T10:22:31.1184002Z with:\n"
            f"2026-03-14T10:22:31.1184410Z   key: Linux-node-{sha(s + 'ck', 64)}\n"
            f"2026-03-14T10:22:31.1185113Z ##[endgroup]\n2026-03-14T10:22:32.4471921Z Cache restored from key: Linux-node-{sha(s + 'ck', 64)}\n"
            "2026-03-14T10:22:33.0012245Z env:\n2026-03-14T10:22:33.0012876Z   NPM_TOKEN: ***\n"
            f"2026-03-14T10:22:33.0013220Z   GITHUB_SHA: {sha(s + 'gs')}\n"
            f"Runner name: 'GitHub Actions {int(sha(s, 4), 16)}'\nJob defined at: acme/api/.github/workflows/ci.yml@refs/heads/main\n"
            f"Download action repository 'actions/checkout@v4' (SHA:{sha(s + 'co')})")  # fmt: skip


def minified_js(s):
    a, b = gen(s, 4, "abcdefghijklmnopqrstuvwxyz"), gen(s + "b", 3, "abcdefghijklmnopqrstuvwxyz")
    return (f'"use strict";var {a}=require("jsonwebtoken");function {b}(e,t){{return {a}.sign({{sub:e.id}},t.secret,'
            f'{{expiresIn:"1h"}})}}module.exports={{sign:{b},verify:function(e,t){{return {a}.verify(e,t.secret)}},'
            'password:function(e){return e.password&&e.password.length>=8}};\n'
            '//# sourceMappingURL=auth.min.js.map\n'
            'const n={apiKey:o.env.API_KEY,token:t=>t.accessToken,secret:r.clientSecret};'
            f'window.__BUILD_ID__="{gen(s + "bid", 21, B62 + "-_")}";')  # fmt: skip


def minified_css(s):
    return ('@font-face{font-family:Inter;src:url(data:font/woff2;base64,' + _b64(s + "font", 120) + ') format("woff2")}'
            f'.btn-primary{{background:#{gen(s, 6, HEX)}}}.password-input{{letter-spacing:.2em}}'
            f'.icon-key{{background-image:url("data:image/svg+xml;base64,{_b64(s + "svg", 90)}")}}'
            f'\n/*# sourceMappingURL=app.{sha(s + "h", 8)}.css.map */')  # fmt: skip


def source_map(s):
    return json.dumps({"version": 3, "file": f"main.{sha(s, 8)}.js", "sources": ["webpack:///./src/auth/token.ts"],
                       "names": ["token", "secret", "password", "apiKey"],
                       "mappings": ";;;;AAAA," + ",".join(gen(s + str(i), 6 + i % 4, B62) for i in range(24)),
                       "sourcesContent": ["export const tokenKey = 'auth.token';\n"]})  # fmt: skip


def image_json(s):
    return json.dumps({"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                                   "data": "iVBORw0KGgoAAAANSUhEUgAA" + gen(s, 300, B64) + "=="}})  # fmt: skip


def svg_paths(s):
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" aria-label="key icon">\n'
            '  <path d="M12.65 10C11.83 7.67 9.61 6 7 6c-3.31 0-6 2.69-6 6s2.69 6 6 6c2.61 0 4.83-1.67 5.65-4H17v4h4v-4h2v-4H12.65z'
            'M7 14c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2z"/>\n'
            f'  <use href="#lock-{gen(s, 6)}"/>\n</svg>')  # fmt: skip


def grpc_dump(s):
    return ("{\n  \"session\": {\n    \"id\": \"" + uuid_of(s) + "\",\n    \"tokenHash\": \"" + _b64(s + "th", 24) + "\",\n"
            "    \"createTime\": \"2026-03-14T10:22:31.118Z\"\n  },\n  \"nextPageToken\": \"" + _b64(s + "np", 18) + "\"\n}\n"
            "Resolved method descriptor:\nrpc GetSession ( .auth.v1.GetSessionRequest ) returns ( .auth.v1.Session );\n"
            "Response trailers received:\ngrpc-status: 0\nx-envoy-upstream-service-time: 4")  # fmt: skip


def sri_html(s):
    return (f'<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/css/bootstrap.min.css" '
            f'integrity="{_sri(s + "css", "sha384")}" crossorigin="anonymous">\n'
            f'<script src="https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/js/bootstrap.bundle.min.js" '
            f'integrity="{_sri(s + "js", "sha384")}" crossorigin="anonymous"></script>\n'
            f"Content-Security-Policy: script-src 'self' '{_sri(s + 'csp', 'sha256')}'")  # fmt: skip


def ssh_public(s):
    body = "AAAAC3NzaC1lZDI1NTE5AAAAI" + gen(s, 43, B64)
    rsa = "AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + gen(s + "r", 200, B64)
    return (f"# github.com:22 SSH-2.0-babeld-{sha(s, 8)}\ngithub.com ssh-ed25519 {body}\n"
            f"|1|{_b64(s + 'salt', 15)}|{_b64(s + 'hash', 15)} ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB{gen(s + 'e', 80, B64)}=\n"
            f"256 SHA256:{gen(s + 'fp', 43, B64)} ana@laptop (ED25519)\nssh-rsa {rsa} deploy@ci")  # fmt: skip


def gpg_keys(s):
    fpr = gen(s, 40, "0123456789ABCDEF")
    return (f"pub   ed25519 2024-01-15 [SC] [expires: 2027-01-14]\n      {fpr}\nuid           [ultimate] Ana Lima <ana@example.com>\n"
            f"sub   cv25519 2024-01-15 [E] [expires: 2027-01-14]\n\ngpg: Signature made Thu Mar 14 10:22:31 2026 CET\n"
            f"gpg:                using EDDSA key {fpr}\ngpg: Good signature from \"Ana Lima <ana@example.com>\" [ultimate]\n"
            f"Primary key fingerprint: {' '.join(fpr[i:i + 4] for i in range(0, 40, 4))}")  # fmt: skip


def s3_output(s):
    return json.dumps({"AcceptRanges": "bytes", "LastModified": "2026-03-14T10:22:31+00:00", "ContentLength": 48213,
                       "ETag": f'"{sha(s + "etag", 32)}-4"', "VersionId": gen(s + "ver", 32, B62 + "._"),
                       "ContentType": "application/json", "ServerSideEncryption": "aws:kms",
                       "SSEKMSKeyId": f"arn:aws:kms:eu-west-1:123456789012:key/{uuid_of(s + 'k')}",
                       "Metadata": {}}, indent=4)  # fmt: skip


def aws_ids(s):
    return (json.dumps({"UserId": "AIDA" + gen(s, 17, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"), "Account": "123456789012",
                        "Arn": "arn:aws:iam::123456789012:user/ana"}, indent=4) +
            f"\nx-amz-request-id: {gen(s + 'rq', 16, '0123456789ABCDEF')}\nx-amz-id-2: {_b64(s + 'id2', 57)}\n"
            f"RequestId: {uuid_of(s + 'req')}\nrole: arn:aws:iam::123456789012:role/service-role/token-refresher-role-{gen(s, 8, 'abcdefghijklmnopqrstuvwxyz0123456789')}")  # fmt: skip


def stripe_ids(s):
    return json.dumps({"id": "pm_1" + gen(s + "pm", 23), "object": "payment_method", "customer": "cus_" + gen(s + "c", 14),
                       "card": {"brand": "visa", "last4": "4242", "fingerprint": gen(s + "fp", 16)},
                       "latest_charge": "ch_3" + gen(s + "ch", 23), "payment_intent": "pi_3" + gen(s + "pi", 23),
                       "account": "acct_1" + gen(s + "ac", 15), "refund": "re_3" + gen(s + "re", 23),
                       "setup_intent": "seti_1" + gen(s + "si", 23), "source": "src_" + gen(s + "src", 24)},
                      indent=2)  # fmt: skip


def sentry_dsn(s):
    key = gen(s, 32, HEX)
    return (f"Sentry.init({{\n  dsn: \"https://{key}@o{int(sha(s, 5), 16)}.ingest.sentry.io/{int(sha(s + 'p', 6), 16)}\",\n"
            "  tracesSampleRate: 0.2,\n});\n"
            f"SENTRY_DSN=https://{gen(s + 'b', 32, HEX)}@o{int(sha(s + 'o', 5), 16)}.ingest.us.sentry.io/{int(sha(s + 'q', 6), 16)}")  # fmt: skip


def openapi(s):
    return ("components:\n  securitySchemes:\n    ApiKeyAuth:\n      type: apiKey\n      in: header\n      name: X-API-Key\n"
            "    bearerAuth:\n      type: http\n      scheme: bearer\n      bearerFormat: JWT\n    oauth2:\n      type: oauth2\n"
            "      flows:\n        clientCredentials:\n          tokenUrl: https://auth.example.com/oauth/token\n"
            "  schemas:\n    Login:\n      type: object\n      required: [email, password]\n      properties:\n"
            "        password:\n          type: string\n          format: password\n          minLength: 12\n"
            "        token:\n          type: string\n          example: eyJhbGciOi...\nsecurity:\n  - ApiKeyAuth: []")  # fmt: skip


def i18n(s):
    return json.dumps({"auth": {"password": "Passwort", "password_placeholder": "Passwort eingeben",
                                "forgot_password": "Passwort vergessen?", "token_expired": "Ihr Token ist abgelaufen",
                                "api_key": "API-Schlüssel", "secret": "Geheimnis"},
                       "fr": {"password": "Mot de passe", "confirm": "Confirmez le mot de passe"},
                       "ja": {"password": "パスワード", "passwordHint": "8文字以上"},
                       "es": {"password": "Contraseña", "wrongPassword": "Contraseña incorrecta"}},
                      ensure_ascii=False, indent=2)  # fmt: skip


def ids_of_kinds(s):
    return (f"ulid: 01HS{gen(s, 22, '0123456789ABCDEFGHJKMNPQRSTVWXYZ')}\nksuid: 2d{gen(s + 'k', 25, B62)}\n"
            f"nanoid: {gen(s + 'n', 21, B62 + '_-')}\nobjectId: ObjectId(\"{gen(s + 'o', 24, HEX)}\")\n"
            f"firebase push id: -N{gen(s + 'f', 18, B62 + '_-')}\nsnowflake: 1{gen(s + 's', 18, '0123456789')}\n"
            f"slack channel: C0{gen(s + 'sc', 9, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ')}\n"
            f"twilio account sid: AC{gen(s + 'tw', 32, HEX)}\nyoutube: https://youtu.be/{gen(s + 'y', 11, B62 + '_-')}")  # fmt: skip


def build_output(s):
    return (f"vite v5.1.4 building for production...\n✓ 412 modules transformed.\n"
            f"dist/index.html                   0.46 kB │ gzip:  0.30 kB\n"
            f"dist/assets/index-{gen(s, 8, B62 + '_-')}.css    8.12 kB │ gzip:  2.41 kB\n"
            f"dist/assets/index-{gen(s + 'j', 8, B62 + '_-')}.js   143.88 kB │ gzip: 46.27 kB\n"
            f"dist/assets/PasswordReset-{gen(s + 'p', 8, B62 + '_-')}.js  3.02 kB │ gzip:  1.33 kB\n✓ built in 2.41s\n"
            f"Route (app)  Size  First Load JS\n○ /login  1.9 kB  89.2 kB\nBuild ID: {gen(s + 'bid', 21, B62 + '_-')}")  # fmt: skip


def store_paths(s):
    return (f"/nix/store/{gen(s, 32, NIX32)}-openssl-3.0.13\n/nix/store/{gen(s + 'b', 32, NIX32)}-python3.11-keyring-24.3.0\n"
            f"version https://git-lfs.github.com/spec/v1\noid sha256:{sha(s + 'lfs', 64)}\nsize 4821377\n"
            f"ipfs: bafybei{gen(s + 'ip', 52, B32L)}\ngo: github.com/acme/vault-client v0.0.0-20260314102231-{sha(s + 'go', 12)}")  # fmt: skip


def code_names_secrets(s):
    return ("import bcrypt\nfrom fastapi.security import OAuth2PasswordBearer\n\n"
            "oauth2_scheme = OAuth2PasswordBearer(tokenUrl=\"token\")\n\n\n"
            "def verify_password(plain_password: str, hashed_password: str) -> bool:\n"
            "    return bcrypt.checkpw(plain_password.encode(), hashed_password.encode())\n\n\n"
            "class Settings(BaseSettings):\n    secret_key: SecretStr\n    api_key: str = Field(..., env=\"API_KEY\")\n"
            "    token_ttl: int = 3600\n    password_min_length: int = 12\n")  # fmt: skip


def test_output(s):
    return ("============================= test session starts ==============================\n"
            "tests/test_auth.py::test_password_too_short PASSED                         [ 12%]\n"
            "tests/test_auth.py::test_token_expired PASSED                              [ 25%]\n"
            "tests/test_auth.py::test_wrong_password_returns_401 FAILED                 [ 37%]\n"
            "E       AssertionError: assert 200 == 401\n"
            "E        +  where 200 = <Response [200]>.status_code\n"
            f"E       <auth.models.Session object at 0x7f{gen(s, 10, HEX)}>\n"
            "FAILED tests/test_auth.py::test_wrong_password_returns_401 - AssertionError\n"
            "Password must contain at least 12 characters, one digit and one symbol.")  # fmt: skip


def env_listing(s):
    return (f"SHELL=/bin/bash\nSSH_AUTH_SOCK=/tmp/ssh-{gen(s, 12)}/agent.{int(sha(s, 4), 16)}\n"
            f"DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus,guid={gen(s + 'g', 32, HEX)}\n"
            f"XDG_SESSION_ID={int(sha(s, 2), 16)}\nGPG_TTY=/dev/pts/3\nLS_COLORS=rs=0:di=01;34:ln=01;36:mh=00:pi=40;33\n"
            f"INVOCATION_ID={gen(s + 'inv', 32, HEX)}\nKRB5CCNAME=FILE:/tmp/krb5cc_1000_{gen(s + 'kr', 6)}\n"
            f"TERM_SESSION_ID=w0t0p0:{uuid_of(s + 't').upper()}")  # fmt: skip


def openssl_cert(s):
    mod = ":".join(gen(s + str(i), 2, HEX) for i in range(32))
    return ("Certificate:\n    Data:\n        Version: 3 (0x2)\n        Serial Number:\n"
            f"            {':'.join(gen(s + 'sn' + str(i), 2, HEX) for i in range(16))}\n"
            "        Signature Algorithm: sha256WithRSAEncryption\n        Subject: CN = api.example.com\n"
            f"            Public-Key: (2048 bit)\n            Modulus:\n                00:{mod}\n"
            f"            X509v3 Subject Key Identifier:\n                {':'.join(gen(s + 'ski' + str(i), 2, HEX).upper() for i in range(20))}\n"
            f"SHA256 Fingerprint={':'.join(gen(s + 'fp' + str(i), 2, HEX).upper() for i in range(32))}")  # fmt: skip


def chain_hashes(s):
    return (f"transactionHash: 0x{gen(s, 64, HEX)}\nblockHash: 0x{gen(s + 'b', 64, HEX)}\n"
            f"from: 0x{gen(s + 'f', 40, HEX)}\ncontractAddress: 0x{gen(s + 'c', 40, HEX)}\n"
            f"txid: {gen(s + 'tx', 64, HEX)}\nstatus: 1 (success)\ngasUsed: 21000")  # fmt: skip


def env_example(s):
    return ("# Copy to .env and fill in\nDATABASE_URL=postgres://app:${DB_PASSWORD}@localhost:5432/app\n"
            "STRIPE_SECRET_KEY=\nSTRIPE_PUBLISHABLE_KEY=pk_test_" + gen(s, 24) + "\nJWT_SECRET=\n"
            "SESSION_SECRET=<generate with: openssl rand -hex 32>\nOPENAI_API_KEY=sk-...\nREDIS_PASSWORD=\n"
            "SMTP_PASSWORD=${SMTP_PASSWORD:?set me}")  # fmt: skip


def csp_nonce_html(s):
    return (f'<meta name="csrf-param" content="authenticity_token" />\n'
            f'<script nonce="{gen(s, 22, B64)}==">window.dataLayer=[];</script>\n'
            f'<input type="password" name="password" id="password" autocomplete="current-password" minlength="12">\n'
            f'<link rel="preload" href="/_next/static/chunks/pages/login-{sha(s, 16)}.js" as="script">')  # fmt: skip


def xxd_dump(s):
    rows = []
    for i in range(4):
        hexes = " ".join(gen(s + str(i) + str(j), 4, HEX) for j in range(8))
        rows.append(f"{i * 16:08x}: {hexes}  ................")
    return "\n".join(rows)


def mapbox_and_public(s):
    return (f"mapboxgl.accessToken = 'pk.eyJ1IjoiYWNtZSIsImEiOiJ{gen(s, 20, B62)}In0.{gen(s + 'sig', 22, B62 + '_-')}';\n"
            f"recaptcha site key: 6L{gen(s + 'rc', 38, B62 + '_-')}\n"
            f"NEXT_PUBLIC_POSTHOG_KEY=phc_{gen(s + 'ph', 43)}\n"
            f"age recipient: age1{gen(s + 'age', 58, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}")  # fmt: skip


def docker_inspect_env(s):
    return json.dumps([{"Id": "sha256:" + sha(s + "id", 64), "RepoDigests": ["python@sha256:" + sha(s + "rd", 64)],
                        "Config": {"Env": ["PATH=/usr/local/bin:/usr/local/sbin:/usr/bin:/bin", "LANG=C.UTF-8",
                                           "GPG_KEY=" + gen(s + "gpg", 40, "0123456789ABCDEF"), "PYTHON_VERSION=3.12.2",
                                           "PYTHON_SHA256=" + sha(s + "py", 64)],
                                   "Labels": {"org.opencontainers.image.revision": sha(s + "rev")}}}], indent=4)  # fmt: skip


def ssh_keygen(s):
    art = "\n".join("|" + gen(s + str(i), 17, " .o+=*BOX@%&#/^SE") + "|" for i in range(9))
    return ("Generating public/private ed25519 key pair.\nYour identification has been saved in /home/dev/.ssh/id_deploy\n"
            "Your public key has been saved in /home/dev/.ssh/id_deploy.pub\nThe key fingerprint is:\n"
            f"SHA256:{gen(s, 43, B64)} deploy@ci\nThe key's randomart image is:\n+--[ED25519 256]--+\n{art}\n+----[SHA256]-----+")  # fmt: skip


def masked_credentials(s):
    return ("github.com\n  ✓ Logged in to github.com account ana (keyring)\n  - Active account: true\n"
            "  - Git operations protocol: https\n  - Token: gho_************************************\n"
            "  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'\n"
            "      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n"
            f"   access_key     ****************{gen(s, 4, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')} shared-credentials-file\n"
            f"   secret_key     ****************{gen(s + 'k', 4)} shared-credentials-file\n"
            "//registry.npmjs.org/:_authToken = (protected)\n"
            "users:\n- name: admin@prod\n  user:\n    client-certificate-data: DATA+OMITTED\n    token: REDACTED\n"
            "WARNING! Your password will be stored unencrypted in /home/dev/.docker/config.json.\nLogin Succeeded")  # fmt: skip


def install_output(s):
    return (f"Building wheels for collected packages: auth-lib\n  Created wheel for auth-lib: filename=auth_lib-0.4.1-py3-none-any.whl "
            f"size=18213 sha256={sha(s, 64)}\n  Stored in directory: /tmp/pip-ephem-wheel-cache-{gen(s + 'c', 8, 'abcdefghijklmnopqrstuvwxyz0123456789_')}/wheels/"
            f"{sha(s + 'w', 2)}/{sha(s + 'x', 2)}/{sha(s + 'y', 56)}\nSuccessfully installed auth-lib-0.4.1\n"
            f"npm notice 📦  @acme/token-client@2.1.0\nnpm notice shasum:        {sha(s + 'sh')}\n"
            f"npm notice integrity:     {_sri(s + 'np')[:20]}[...]{_sri(s + 'np')[-12:]}\nnpm notice total files:   12")  # fmt: skip


def http_headers(s):
    return ("HTTP/2 200 \ncontent-type: application/json; charset=utf-8\n"
            f"etag: W/\"{gen(s, 4, HEX)}-{gen(s + 'e', 27, B62 + '/+')}\"\ncf-ray: {gen(s + 'cf', 16, HEX)}-FRA\n"
            f"x-request-id: {uuid_of(s + 'x')}\nx-amz-cf-id: {gen(s + 'amz', 56, B62 + '_-')}==\n"
            f"x-github-request-id: {gen(s + 'g1', 4, '0123456789ABCDEF')}:{gen(s + 'g2', 6, '0123456789ABCDEF')}:{gen(s + 'g3', 7, '0123456789ABCDEF')}:{gen(s + 'g4', 8, '0123456789ABCDEF')}:{gen(s + 'g5', 8, '0123456789ABCDEF')}\n"
            f"traceparent: 00-{gen(s + 'tr', 32, HEX)}-{gen(s + 'sp', 16, HEX)}-01\nx-ratelimit-remaining: 4991\n"
            "strict-transport-security: max-age=31536000; includeSubDomains")  # fmt: skip


def translation_formats(s):
    return ('msgid "Password"\nmsgstr "Passwort"\n\nmsgid "Forgot your password?"\nmsgstr "Passwort vergessen?"\n\n'
            '<string name="password">Mot de passe</string>\n<string name="api_key_hint">Clé API</string>\n'
            '"password" = "Contraseña";\n"secret_key_label" = "Clave secreta";\n'
            "ru:\n  password: \"Пароль\"\n  token: \"Токен\"\n"
            "export default {\n  password: 'Mot de passe',\n  passwordConfirm: 'Confirmer le mot de passe',\n"
            "  token: 'Jeton',\n  secret: 'Segreto',\n};")  # fmt: skip


def ci_secret_references(s):
    return ("jobs:\n  publish:\n    steps:\n      - run: npm publish\n        env:\n"
            "          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}\n          GH_TOKEN: ${{ github.token }}\n"
            "withCredentials([usernamePassword(credentialsId: 'nexus-deploy', usernameVariable: 'USER', passwordVariable: 'PASS')]) {\n"
            "  sh 'mvn deploy -Dnexus.password=$PASS'\n}\n"
            "deploy:\n  script:\n    - docker login -u gitlab-ci-token -p $CI_JOB_TOKEN $CI_REGISTRY\n"
            "  secrets:\n    DATABASE_PASSWORD:\n      vault: production/db/password@ops")  # fmt: skip


def form_views(s):
    return ('<%= f.password_field :password, autocomplete: "new-password", class: "input" %>\n'
            '<input type="password" name="password_confirmation" autocomplete="new-password" required>\n'
            "password = forms.CharField(widget=forms.PasswordInput(attrs={'autocomplete': 'current-password'}))\n"
            "<TextField label=\"API key\" type=\"password\" helperText=\"Find it under Settings → Tokens\" />\n"
            "params.require(:user).permit(:email, :password, :password_confirmation)")  # fmt: skip


def error_maps(s):
    return json.dumps({"authentication_required": "The card was declined as the transaction requires authentication.",
                       "invalid_token": "The access token is invalid or has expired.",
                       "password_too_weak": "Choose a password with at least 12 characters.",
                       "api_key_revoked": "This API key was revoked on 2026-03-01.",
                       "approve_with_id": "The payment cannot be authorized."}, indent=2)  # fmt: skip


def labelled_ids(s):
    return (f"const payload = {{\n  tokenizationId: '{gen(s, 32, HEX)}',\n  idempotencyKey: '{uuid_of(s + 'ik')}',\n"
            f"  traceId: '{gen(s + 'tr', 32, HEX)}',\n  spanId: '{gen(s + 'sp', 16, HEX)}',\n"
            f"  correlationId: '{gen(s + 'co', 26, '0123456789ABCDEFGHJKMNPQRSTVWXYZ')}',\n"
            f"  cacheKey: '{sha(s + 'ck', 40)}',\n  bucket_key: 'exports/{gen(s + 'bk', 20)}.json',\n  keyfile: './keys/dev.pem',\n}};")  # fmt: skip


def webhook_payload(s):
    return json.dumps({"action": "opened", "number": 412,
                       "pull_request": {"node_id": "PR_kwDO" + gen(s, 16, B62 + "_-"), "head": {"sha": sha(s + "h")},
                                        "merge_commit_sha": sha(s + "m")},
                       "repository": {"node_id": "R_kgDO" + gen(s + "r", 6, B62), "full_name": "acme/api"},
                       "sender": {"login": "ana", "node_id": "MDQ6VXNlcj" + gen(s + "u", 6, B62) + "=="},
                       "installation": {"id": 4821377, "node_id": "MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9u" + gen(s + "i", 10, B62)}},
                      indent=2)  # fmt: skip


def firebase_ids(s):
    return (f"const firebaseConfig = {{\n  authDomain: 'acme-app.firebaseapp.com',\n  projectId: 'acme-app',\n"
            f"  storageBucket: 'acme-app.appspot.com',\n  messagingSenderId: '{gen(s, 12, '0123456789')}',\n"
            f"  appId: '1:{gen(s, 12, '0123456789')}:web:{gen(s + 'w', 22, HEX)}',\n  measurementId: 'G-{gen(s + 'g', 10, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ')}',\n}};")  # fmt: skip


def jwks(s):
    n = gen(s, 342, B62 + "_-")
    return json.dumps({"keys": [{"kty": "RSA", "use": "sig", "alg": "RS256", "kid": gen(s + "kid", 27, B62 + "_-"),
                                 "n": n, "e": "AQAB"},
                                {"kty": "EC", "use": "sig", "crv": "P-256", "kid": gen(s + "kid2", 16, HEX),
                                 "x": gen(s + "x", 43, B62 + "_-"), "y": gen(s + "y", 43, B62 + "_-")}]}, indent=2)  # fmt: skip


def dkim_headers(s):
    return (f"DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=example.com; s=selector1;\n"
            f" h=From:Date:Subject:Message-ID; bh={gen(s, 43, B64)}=;\n b={gen(s + 'b', 76, B64)}\n"
            f"\t {gen(s + 'c', 76, B64)}==\nMessage-ID: <{gen(s + 'm', 20, B62)}@mail.example.com>\n"
            f"X-MS-Exchange-CrossTenant-Id: {uuid_of(s + 't')}")  # fmt: skip


def helm_values(s):
    return ("postgresql:\n  auth:\n    existingSecret: db-credentials\n    secretKeys:\n      adminPasswordKey: postgres-password\n"
            "      userPasswordKey: password\n  primary:\n    persistence:\n      size: 8Gi\n"
            "serviceAccount:\n  create: true\n  name: api\nsecrets:\n- name: default-token-" + gen(s, 5, "bcdfghjklmnpqrstvwxz2456789") + "\n"
            "redis:\n  auth:\n    enabled: true\n    existingSecretPasswordKey: redis-password")  # fmt: skip


NEGATIVE_FAMILIES = [
    # (family, make(seed) -> text, carriers)
    ("npm lockfile", lockfile_npm, (as_read("/home/dev/app/package-lock.json"), as_bash("cat package-lock.json"))),
    ("yarn and pnpm lockfiles", lockfile_yarn, (as_read("/home/dev/app/yarn.lock"), as_result)),
    ("yarn and pnpm lockfiles", lockfile_pnpm, (as_read("/home/dev/app/pnpm-lock.yaml"), as_json_text)),
    ("python lockfiles", lockfile_python, (as_read("/home/dev/app/requirements.txt"), as_bash("pip-compile --generate-hashes"))),
    ("python lockfiles", lockfile_poetry, (as_read("/home/dev/app/poetry.lock"), as_result)),
    ("cargo and go lockfiles", lockfile_cargo, (as_read("/home/dev/app/Cargo.lock"), as_edit("/home/dev/app/Cargo.lock"))),
    ("cargo and go lockfiles", lockfile_gosum, (as_read("/home/dev/app/go.sum"), as_bash("cat go.sum"))),
    ("package listings", npm_ls, (as_bash("npm ls --depth=1"), as_result)),
    ("package listings", pip_freeze, (as_bash("pip freeze"), as_json_text)),
    ("docker listings and digests", docker_images, (as_bash("docker images"), as_result)),
    ("docker listings and digests", docker_pull, (as_bash("docker pull postgres:16-alpine"), as_json_text)),
    ("docker listings and digests", docker_ps, (as_bash("docker ps"), as_result)),
    ("kubernetes dumps", kubectl_pod_yaml, (as_bash("kubectl get pod -o yaml"), as_result)),
    ("kubernetes dumps", kubectl_get_secrets, (as_bash("kubectl get secrets && kubectl describe secret db-credentials"), as_json_text)),
    ("terraform plans", terraform_plan, (as_bash("terraform plan"), as_result, as_json_text)),
    ("git logs", git_log, (as_bash("git log -2"), as_result)),
    ("git logs", git_misc, (as_bash("git log --oneline -3 && git fetch && git diff"), as_json_text)),
    ("ci logs", ci_log, (as_bash("gh run view --log"), as_result, as_json_text)),
    ("minified code", minified_js, (as_read("/home/dev/app/dist/auth.min.js"), as_bash("head -c 600 dist/auth.min.js"))),
    ("minified code", minified_css, (as_read("/home/dev/app/dist/app.css"), as_result)),
    ("source maps", source_map, (as_read("/home/dev/app/dist/main.js.map"), as_bash("cat dist/main.js.map"), as_result)),
    ("images and vector paths", image_json, (as_result, as_json_text)),
    ("images and vector paths", svg_paths, (as_read("/home/dev/app/src/icons/key.svg"), as_edit("/home/dev/app/src/icons/key.svg"))),
    ("protocol dumps", grpc_dump, (as_bash("grpcurl -d '{\"id\":\"1\"}' localhost:50051 auth.v1.Auth/GetSession"), as_result, as_json_text)),
    ("integrity attributes", sri_html, (as_read("/home/dev/app/public/index.html"), as_edit("/home/dev/app/public/index.html"), as_result)),
    ("ssh public keys and fingerprints", ssh_public, (as_bash("ssh-keyscan github.com && ssh-keygen -lf ~/.ssh/id_ed25519.pub"), as_result, as_json_text)),
    ("gpg fingerprints", gpg_keys, (as_bash("gpg --list-keys && git verify-commit HEAD"), as_result, as_json_text)),
    ("cloud object metadata", s3_output, (as_bash("aws s3api head-object --bucket acme-data --key export.json"), as_result, as_json_text)),
    ("cloud ids and request ids", aws_ids, (as_bash("aws sts get-caller-identity --debug"), as_result, as_json_text)),
    ("payment object ids", stripe_ids, (as_bash("stripe payment_methods retrieve"), as_result, as_json_text)),
    ("public client configs", sentry_dsn, (as_read("/home/dev/app/src/sentry.ts"), as_edit("/home/dev/app/src/sentry.ts"), as_result)),
    ("public client configs", mapbox_and_public, (as_read("/home/dev/app/src/map.ts"), as_result)),
    ("api specs naming auth", openapi, (as_read("/home/dev/app/openapi.yaml"), as_edit("/home/dev/app/openapi.yaml"), as_result)),
    ("translation files", i18n, (as_read("/home/dev/app/locales/all.json"), as_edit("/home/dev/app/locales/all.json"), as_result)),
    ("ids of many kinds", ids_of_kinds, (as_bash("node scripts/ids.js"), as_result, as_json_text)),
    ("build outputs", build_output, (as_bash("npm run build"), as_result, as_json_text)),
    ("store paths and content ids", store_paths, (as_bash("nix path-info -r . | head -2; cat big.bin"), as_result, as_json_text)),
    ("code that names secrets", code_names_secrets, (as_read("/home/dev/app/app/auth.py"), as_edit("/home/dev/app/app/auth.py"), as_result)),
    ("test runs", test_output, (as_bash("pytest -x"), as_result, as_json_text)),
    ("environment listings", env_listing, (as_bash("env | sort"), as_result, as_json_text)),
    ("certificates as text", openssl_cert, (as_bash("openssl x509 -in api.crt -noout -text -fingerprint -sha256"), as_result)),
    ("chain hashes and addresses", chain_hashes, (as_bash("cast receipt $TX"), as_result, as_json_text)),
    ("env examples", env_example, (as_read("/home/dev/app/.env.example"), as_edit("/home/dev/app/.env.example"), as_result)),
    ("html with nonces and hashes", csp_nonce_html, (as_bash("curl -s https://app.example.com/login"), as_result)),
    ("hex dumps", xxd_dump, (as_bash("xxd -l 64 firmware.bin"), as_result)),
    ("docker inspect output", docker_inspect_env, (as_bash("docker inspect python:3.12"), as_result, as_json_text)),
    ("ssh-keygen output", ssh_keygen, (as_bash("ssh-keygen -t ed25519 -f ~/.ssh/id_deploy -N ''"), as_result)),
    ("masked credentials in tool output", masked_credentials, (as_bash("gh auth status; aws configure list; npm config list; kubectl config view"), as_result, as_json_text)),
    ("install outputs with hashes", install_output, (as_bash("pip install . && npm publish --dry-run"), as_result)),
    ("http response headers", http_headers, (as_bash("curl -sI https://api.example.com/v1/me"), as_result, as_json_text)),
    ("translation files", translation_formats, (as_read("/home/dev/app/locales/mixed.txt"), as_edit("/home/dev/app/src/i18n/fr.ts"), as_result)),
    ("ci secret references", ci_secret_references, (as_read("/home/dev/app/.github/workflows/release.yml"), as_edit("/home/dev/app/Jenkinsfile"), as_result)),
    ("forms and views naming passwords", form_views, (as_read("/home/dev/app/app/views/users/new.html.erb"), as_edit("/home/dev/app/app/forms.py"), as_result)),
    ("error message maps", error_maps, (as_read("/home/dev/app/src/errors.json"), as_result, as_json_text)),
    ("ids labelled in code", labelled_ids, (as_read("/home/dev/app/src/payload.ts"), as_edit("/home/dev/app/src/payload.ts"), as_result)),
    ("webhook payloads", webhook_payload, (as_bash("cat fixtures/pull_request.json"), as_result, as_json_text)),
    ("public client configs", firebase_ids, (as_read("/home/dev/app/src/firebase.ts"), as_result)),
    ("public key sets", jwks, (as_bash("curl -s https://auth.example.com/.well-known/jwks.json"), as_result, as_json_text)),
    ("mail headers", dkim_headers, (as_bash("cat message.eml | head -8"), as_result)),
    ("chart values naming secrets", helm_values, (as_read("/home/dev/app/charts/api/values.yaml"), as_edit("/home/dev/app/charts/api/values.yaml"), as_result)),
]  # fmt: skip

# ---- part two: written after the first round's fixes, measured before the second ----------------
def pgp_sig(s):
    body = "\n".join(gen(s + str(i), 64, B64) for i in range(5))
    return (f"tree {sha(s)}\nparent {sha(s+'p')}\nauthor Ana Lima <ana@example.com> 1710411751 +0100\n"
            f"gpgsig -----BEGIN PGP SIGNATURE-----\n \n {body.replace(chr(10), chr(10)+' ')}\n =AbCd\n -----END PGP SIGNATURE-----\n\n    Sign the release")
def ssh_sig(s):
    return "-----BEGIN SSH SIGNATURE-----\nU1NIU0lHAAAAAQAAADMAAAALc3NoLWVkMjU1MTkAAAAg" + gen(s, 40, B64) + "\n" + gen(s+'b', 70, B64) + "\n-----END SSH SIGNATURE-----"
def npm_view(s):
    return json.dumps({"dist": {"integrity": _sri(s), "shasum": sha(s+'sh'), "tarball": "https://registry.npmjs.org/jose/-/jose-5.2.3.tgz",
        "signatures": [{"keyid": "SHA256:" + gen(s+'k', 43, B64), "sig": "MEUCIQ" + gen(s+'sig', 90, B64) + "=="}]}}, indent=2)
def uv_lock(s):
    return (f'[[package]]\nname = "authlib"\nversion = "1.3.0"\nsource = {{ registry = "https://pypi.org/simple" }}\n'
            f'sdist = {{ url = "https://files.pythonhosted.org/packages/{sha(s,2)}/{sha(s+"b",2)}/{sha(s+"c",60)}/authlib-1.3.0.tar.gz", hash = "sha256:{sha(s+"h",64)}", size = 146433 }}\n'
            f'wheels = [\n    {{ url = "https://files.pythonhosted.org/packages/{sha(s+"w",2)}/authlib-1.3.0-py2.py3-none-any.whl", hash = "sha256:{sha(s+"wh",64)}", size = 223654 }},\n]')
def composer_lock(s):
    return json.dumps({"name": "firebase/php-jwt", "version": "v6.10.0", "source": {"type": "git", "url": "https://github.com/firebase/php-jwt.git", "reference": sha(s)},
                       "dist": {"type": "zip", "url": f"https://api.github.com/repos/firebase/php-jwt/zipball/{sha(s)}", "reference": sha(s), "shasum": ""}}, indent=4)
def gemfile_lock(s):
    return f"CHECKSUMS\n  bcrypt (3.1.20) sha256={sha(s,64)}\n  jwt (2.8.1) sha256={sha(s+'j',64)}\n  rack (3.0.9) sha256={sha(s+'r',64)}\n\nBUNDLED WITH\n   2.5.6"
def flake_lock(s):
    return json.dumps({"nodes": {"nixpkgs": {"locked": {"lastModified": 1710272261, "narHash": "sha256-" + base64.b64encode(bytes.fromhex(sha(s,64))).decode(),
        "owner": "NixOS", "repo": "nixpkgs", "rev": sha(s+'rev'), "type": "github"}}}}, indent=2)
def deploy_urls(s):
    return (f"🔍  Inspect: https://vercel.com/acme/app/{gen(s, 28, B62)} [2s]\n✅  Production: https://app-{gen(s+'u', 9, 'abcdefghijklmnopqrstuvwxyz0123456789')}-acme.vercel.app [14s]\n"
            f"Unique deploy URL: https://{gen(s+'n', 24, HEX)}--acme-site.netlify.app\nForwarding  https://{gen(s+'g',4,HEX)}-203-0-113-5.ngrok-free.app -> http://localhost:3000\n"
            f"Release v142 created by ana@example.com, slug {uuid_of(s)}")
def aws_ec2(s):
    return json.dumps({"Reservations": [{"ReservationId": "r-0" + gen(s, 16, HEX), "OwnerId": "123456789012", "Instances": [{"ImageId": "ami-0" + gen(s+'a', 16, HEX),
        "InstanceId": "i-0" + gen(s+'i', 16, HEX), "KeyName": "deploy-key", "NetworkInterfaces": [{"NetworkInterfaceId": "eni-0" + gen(s+'e', 16, HEX),
        "Attachment": {"AttachmentId": "eni-attach-0" + gen(s+'at', 16, HEX)}}], "IamInstanceProfile": {"Arn": "arn:aws:iam::123456789012:instance-profile/app", "Id": "AIPA" + gen(s+'ip', 17, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")}}]}]}, indent=2)
def gcloud_keys(s):
    return (f"KEY_ID                                    CREATED_AT            EXPIRES_AT            DISABLED\n{sha(s)}  2026-01-15T10:22:31Z  9999-12-31T23:59:59Z\n"
            f"{sha(s+'2')}  2026-03-01T08:00:00Z  9999-12-31T23:59:59Z\n---\nbindings:\n- members:\n  - serviceAccount:deployer@acme-prod.iam.gserviceaccount.com\n  role: roles/secretmanager.secretAccessor\n"
            f"etag: BwY{gen(s+'et', 8, B62)}=\nversion: 1\nuniqueId: '1{gen(s+'uid', 20, '0123456789')}'\noauth2ClientId: '1{gen(s+'oc', 20, '0123456789')}'")
def az_sp(s):
    return json.dumps({"appId": uuid_of(s), "displayName": "ci-deployer", "keyCredentials": [{"customKeyIdentifier": gen(s+'c', 40, '0123456789ABCDEF'), "keyId": uuid_of(s+'k'), "type": "AsymmetricX509Cert"}],
                       "passwordCredentials": [{"displayName": "rbac", "endDateTime": "2027-03-14T10:22:31Z", "hint": gen(s+'h', 3, B62), "keyId": uuid_of(s+'p'), "secretText": None}]}, indent=2)
def journal(s):
    return (f"● api.service - API\n     Loaded: loaded (/etc/systemd/system/api.service; enabled)\n   Main PID: 4821 (node)\n     CGroup: /system.slice/api.service\n"
            f"_BOOT_ID={gen(s, 32, HEX)}\nMESSAGE_ID={gen(s+'m', 32, HEX)}\n_MACHINE_ID={gen(s+'mi', 32, HEX)}\nINVOCATION_ID={gen(s+'iv', 32, HEX)}\n"
            "Mar 14 10:22:31 web1 api[4821]: token refresh ok (expires in 3600s)")
def notebook(s):
    return json.dumps({"cells": [{"cell_type": "code", "execution_count": 3, "id": gen(s, 8, HEX), "metadata": {},
        "outputs": [{"data": {"image/png": "iVBORw0KGgoAAAANSUhEUgAA" + gen(s+'png', 200, B64), "text/plain": ["<Figure size 640x480 with 1 Axes>"]}, "output_type": "display_data"}],
        "source": ["api_key = os.environ['OPENAI_API_KEY']\n", "plt.plot(losses)"]}]}, indent=1)
def cargo_build(s):
    return (f"   Compiling ring v0.17.8\n   Compiling rustls v0.23.4\n    Finished `release` profile [optimized] target(s) in 41.02s\n"
            f"target/release/build/ring-{sha(s,16)}/out\ntarget/release/deps/libjsonwebtoken-{sha(s+'j',16)}.rlib\ntarget/release/.fingerprint/secrecy-{sha(s+'s',16)}/lib-secrecy.json")
def ls_la(s):
    return ("total 48\ndrwx------  2 ana ana 4096 Mar 14 10:22 .\n-rw-------  1 ana ana  411 Mar 14 10:22 id_ed25519\n-rw-r--r--  1 ana ana   98 Mar 14 10:22 id_ed25519.pub\n"
            "-rw-------  1 ana ana   64 Mar 14 10:22 secret.key\n-rw-r--r--  1 ana ana  181 Mar 14 10:22 known_hosts\n-rw-------  1 ana ana  120 Mar 14 10:22 tokens.json")
def ls_remote(s):
    return "\n".join(f"{sha(s+r)}\t{r}" for r in ("HEAD", "refs/heads/main", "refs/heads/feat/token-rotation", "refs/tags/v1.4.2", "refs/pull/412/head"))
def bun_lock(s):
    return ('{\n  "lockfileVersion": 1,\n  "packages": {\n'
            f'    "jose": ["jose@5.2.3", "", {{}}, "{_sri(s)}"],\n    "oauth4webapi": ["oauth4webapi@2.10.4", "", {{}}, "{_sri(s+"o")}"],\n  }}\n}}')
def cosign(s):
    return json.dumps({"critical": {"identity": {"docker-reference": "ghcr.io/acme/api"}, "image": {"docker-manifest-digest": "sha256:" + sha(s, 64)}, "type": "cosign container image signature"},
                       "optional": {"Bundle": {"SignedEntryTimestamp": gen(s+'set', 96, B64) + "==", "Payload": {"logIndex": 78213377, "logID": sha(s+'log', 64)}}}}, indent=2)
def pkg_resolved(s):
    return json.dumps({"pins": [{"identity": "swift-crypto", "kind": "remoteSourceControl", "location": "https://github.com/apple/swift-crypto.git", "state": {"revision": sha(s), "version": "3.2.0"}}], "version": 2}, indent=2)
def deno_lock(s):
    return json.dumps({"version": "3", "packages": {"specifiers": {"npm:jose@5": "npm:jose@5.2.3"}, "npm": {"jose@5.2.3": {"integrity": _sri(s), "dependencies": {}}}},
                       "remote": {"https://deno.land/std@0.220.0/crypto/mod.ts": sha(s+'r', 64)}}, indent=2)
def tls_client(s):
    return (f"---\nServer certificate\nsubject=CN = api.example.com\nissuer=C = US, O = Let's Encrypt, CN = R3\n---\nSSL-Session:\n    Protocol  : TLSv1.3\n    Cipher    : TLS_AES_256_GCM_SHA384\n"
            f"    Session-ID: {gen(s, 64, '0123456789ABCDEF')}\n    Resumption PSK: (none)\n    TLS session ticket lifetime hint: 7200 (seconds)\nVerify return code: 0 (ok)")


NEGATIVE_FAMILIES_2 = [("pgp signatures in commit objects", pgp_sig, (as_bash("git cat-file -p HEAD"), as_result)),
        ("ssh signatures", ssh_sig, (as_bash("cat release.tar.gz.sig"), as_result)),
        ("registry signatures", npm_view, (as_bash("npm view jose dist --json"), as_result, as_json_text)),
        ("more lockfiles", uv_lock, (as_read("/home/dev/app/uv.lock"), as_result)),
        ("more lockfiles", composer_lock, (as_read("/home/dev/app/composer.lock"), as_json_text)),
        ("more lockfiles", gemfile_lock, (as_read("/home/dev/app/Gemfile.lock"), as_result)),
        ("more lockfiles", flake_lock, (as_read("/home/dev/app/flake.lock"), as_json_text)),
        ("more lockfiles", bun_lock, (as_read("/home/dev/app/bun.lock"), as_result)),
        ("more lockfiles", pkg_resolved, (as_read("/home/dev/app/Package.resolved"), as_result)),
        ("more lockfiles", deno_lock, (as_read("/home/dev/app/deno.lock"), as_json_text)),
        ("deploy outputs", deploy_urls, (as_bash("vercel --prod && netlify deploy && ngrok http 3000"), as_result, as_json_text)),
        ("cloud inventories", aws_ec2, (as_bash("aws ec2 describe-instances"), as_result, as_json_text)),
        ("cloud inventories", gcloud_keys, (as_bash("gcloud iam service-accounts keys list; gcloud projects get-iam-policy acme-prod"), as_result)),
        ("cloud inventories", az_sp, (as_bash("az ad sp show --id $APP"), as_result, as_json_text)),
        ("system logs", journal, (as_bash("systemctl status api; journalctl -o export -n1"), as_result)),
        ("notebooks", notebook, (as_read("/home/dev/app/train.ipynb"), as_json_text)),
        ("build trees", cargo_build, (as_bash("cargo build --release"), as_result)),
        ("file listings", ls_la, (as_bash("ls -la ~/.ssh"), as_result)),
        ("refs listings", ls_remote, (as_bash("git ls-remote origin"), as_result)),
        ("signature bundles", cosign, (as_bash("cosign verify ghcr.io/acme/api"), as_result, as_json_text)),
        ("tls sessions", tls_client, (as_bash("openssl s_client -connect api.example.com:443 </dev/null"), as_result)),
]  # fmt: skip


def _master_key_in_tls(s, v):
    return tls_client(s).replace("    Resumption PSK", f"    Master-Key: {v}\n    Resumption PSK")


def _webhook_secret_in_listen(s, v):
    return deploy_urls(s) + f"\n> Ready! You are using Stripe API Version [2024-06-20]. Your webhook signing secret is whsec_{v} (^C to quit)"


def _password_in_credential_reset(s, v):
    return az_sp(s) + "\n" + json.dumps({"appId": uuid_of(s + "r"), "password": v, "tenant": uuid_of(s + "t")}, indent=2)


def _secret_key_in_new_access_key(s, v):
    return aws_ec2(s) + "\n" + json.dumps({"AccessKey": {"UserName": "ci", "Status": "Active", "SecretAccessKey": v,
                                                         "CreateDate": "2026-03-14T10:22:31+00:00"}}, indent=4)  # fmt: skip


def _masked_value_in_ci_log(s, v):
    return ci_log(s) + f"\n2026-03-14T10:22:34.1180021Z ::add-mask::{v}"


POSITIVE_FAMILIES_2 = [
    ("secret in a tls session dump", _master_key_in_tls, as_bash("openssl s_client -connect api.example.com:443")),
    ("secret in a deploy log", _webhook_secret_in_listen, as_result),
    ("secret in a cloud inventory", _password_in_credential_reset, as_json_text),
    ("secret in a cloud inventory", _secret_key_in_new_access_key, as_bash("aws ec2 describe-instances; aws iam create-access-key")),
    ("secret masked in a ci log", _masked_value_in_ci_log, as_result),
]  # fmt: skip


# ---- part three: written after the second round's fixes, measured before the third -------------
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def db_rows(s):
    return (" id |       name       | key_prefix  |                             key_hash                             |       created_at\n"
            "----+------------------+-------------+------------------------------------------------------------------+------------------------\n"
            f"  1 | ci deploy        | mk_live_{gen(s,4)} | {sha(s+'h',64)} | 2026-03-14 10:22:31.118+00\n"
            f"  2 | staging          | mk_test_{gen(s+'b',4)} | {sha(s+'h2',64)} | 2026-03-15 08:00:00+00\n(2 rows)")
def redis_info(s):
    return (f"# Server\nredis_version:7.2.4\nredis_git_sha1:00000000\nredis_build_id:{gen(s, 16, HEX)}\nrun_id:{sha(s+'run')}\n"
            "tcp_port:6379\n# Clients\nconnected_clients:3\n# Replication\nrole:master\nmaster_replid:" + sha(s+'rep') + "\nmaster_repl_offset:48213377")
def docker_net(s):
    return json.dumps([{"Name": "app_default", "Id": sha(s, 64), "Driver": "bridge", "Containers": {sha(s+'c', 64): {"Name": "app-api-1", "EndpointID": sha(s+'e', 64), "MacAddress": "02:42:ac:12:00:03", "IPv4Address": "172.18.0.3/16"}},
                        "Labels": {"com.docker.compose.config-hash": sha(s+'ch', 64), "com.docker.compose.project": "app"}}], indent=4)
def ansible_out(s):
    return ("TASK [Gathering Facts] *********************************************************\nok: [web1]\n"
            "TASK [db : create users] *******************************************************\n"
            "changed: [db1] => (item=None)\nok: [db1] => {\"censored\": \"the output has been hidden due to the fact that 'no_log: true' was specified for this result\", \"changed\": false}\n"
            "PLAY RECAP *********************************************************************\nweb1 : ok=12 changed=3 unreachable=0 failed=0 skipped=1 rescued=0 ignored=0")
def vault_status(s):
    return ("Key                     Value\n---                     -----\nSeal Type               shamir\nInitialized             true\nSealed                  false\n"
            "Total Shares            5\nThreshold               3\nVersion                 1.15.6\nBuild Date              2024-02-28T17:07:34Z\nStorage Type            raft\n"
            f"Cluster Name            vault-cluster-{gen(s, 8, HEX)}\nCluster ID              {uuid_of(s)}\nHA Enabled              true\nRaft Committed Index    {int(sha(s,5),16)}")
def sentry_event(s):
    return json.dumps({"event_id": gen(s, 32, HEX), "release": f"api@1.4.2+{sha(s, 7)}", "fingerprint": ["{{ default }}"], "level": "error",
                       "exception": {"values": [{"type": "InvalidTokenError", "value": "Signature has expired", "module": "jwt.exceptions"}]},
                       "contexts": {"trace": {"trace_id": gen(s+'t', 32, HEX), "span_id": gen(s+'sp', 16, HEX)}}, "sdk": {"name": "sentry.python", "version": "1.40.6"}}, indent=2)
def postman(s):
    return json.dumps({"info": {"_postman_id": uuid_of(s), "name": "API", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
                       "auth": {"type": "apikey", "apikey": [{"key": "value", "value": "{{API_KEY}}", "type": "string"}, {"key": "key", "value": "X-API-Key", "type": "string"}]},
                       "variable": [{"key": "baseUrl", "value": "https://api.example.com"}, {"key": "token", "value": ""}]}, indent=2)
def go_test(s):
    return ("=== RUN   TestRefreshToken\n--- PASS: TestRefreshToken (0.01s)\n=== RUN   TestPasswordHash\n--- PASS: TestPasswordHash (0.24s)\nPASS\n"
            "coverage: 81.2% of statements\nok  \tgithub.com/acme/api/auth\t0.412s\n?   \tgithub.com/acme/api/cmd\t[no test files]\n"
            "go: downloading golang.org/x/crypto v0.21.0\ngo: found golang.org/x/crypto/bcrypt in golang.org/x/crypto v0.21.0")
def java_trace(s):
    return (f"org.springframework.security.authentication.BadCredentialsException: Bad credentials\n"
            f"\tat com.acme.auth.TokenService$$SpringCGLIB$$0.refresh(<generated>)\n\tat com.acme.auth.TokenService.lambda$refresh$0(TokenService.java:42)\n"
            f"\tat com.acme.auth.PasswordEncoderConfig$$EnhancerBySpringCGLIB$${gen(s, 8, HEX)}.passwordEncoder(<generated>)\n"
            f"Downloaded from central: https://repo.maven.apache.org/maven2/io/jsonwebtoken/jjwt-api/0.12.5/jjwt-api-0.12.5.jar.sha1 (40 B at 2.1 kB/s)\n"
            f"Publishing build scan...\nhttps://gradle.com/s/{gen(s+'g', 13, 'abcdefghijklmnopqrstuvwxyz0123456789')}")
def npm_error(s):
    return ("npm ERR! code E401\nnpm ERR! Incorrect or missing password.\nnpm ERR! If you were trying to login, change your password, create an\n"
            "npm ERR! authentication token or enable two-factor authentication then\nnpm ERR! that means you likely need to log out and back in.\n"
            "npm ERR! A complete log of this run can be found in: /root/.npm/_logs/2026-03-14T10_22_31_118Z-debug-0.log")
def slack_api(s):
    return json.dumps({"ok": True, "channel": "C0" + gen(s, 9, UP), "ts": "1710411751.118229", "message": {"bot_id": "B0" + gen(s+'b', 9, UP), "app_id": "A0" + gen(s+'a', 9, UP),
                       "client_msg_id": uuid_of(s), "team": "T0" + gen(s+'t', 8, UP), "text": "Token rotated for service *billing*", "blocks": [{"type": "rich_text", "block_id": gen(s+'bl', 5, B62 + '=+/')}]}}, indent=2)
def oidc_config(s):
    return json.dumps({"issuer": "https://auth.example.com", "jwks_uri": "https://auth.example.com/.well-known/jwks.json", "token_endpoint": "https://auth.example.com/oauth/token",
                       "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "private_key_jwt"],
                       "grant_types_supported": ["authorization_code", "refresh_token", "client_credentials", "password"], "code_challenge_methods_supported": ["S256"]}, indent=2)
def json_schema(s):
    return json.dumps({"type": "object", "properties": {"password": {"type": "string", "writeOnly": True, "minLength": 12, "format": "password"},
                       "apiKey": {"type": "string", "pattern": "^sk_(live|test)_[A-Za-z0-9]{24}$", "description": "Secret API key"},
                       "token": {"$ref": "#/definitions/Token"}}, "required": ["password"]}, indent=2)
def windows_out(s):
    return (f"   PSParentPath: Microsoft.PowerShell.Security\\Certificate::LocalMachine\\My\n\nThumbprint                                Subject\n----------                                -------\n"
            f"{gen(s, 40, '0123456789ABCDEF')}  CN=api.example.com\n\n   DUID. . . . . . . . . . . . . . . : 00-01-00-01-{'-'.join(gen(s+str(i), 2, '0123456789ABCDEF') for i in range(10))}\n"
            f"HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\{{{uuid_of(s+'g').upper()}}}")
def codesign(s):
    team = gen(s, 10, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    return (f"  1) {gen(s+'id', 40, '0123456789ABCDEF')} \"Apple Development: Ana Lima ({gen(s+'t2', 10, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')})\"\n     1 valid identities found\n"
            f"Identifier=com.acme.app\nFormat=app bundle with Mach-O universal (x86_64 arm64)\nCDHash={sha(s+'cd')}\nTeamIdentifier={team}\n"
            f"RequestUUID = {uuid_of(s+'r')}")
def signing_report(s):
    fp = lambda n, k: ":".join(gen(s+k+str(i), 2, "0123456789ABCDEF") for i in range(n))
    return (f"> Task :app:signingReport\nVariant: debug\nConfig: debug\nStore: /home/dev/.android/debug.keystore\nAlias: AndroidDebugKey\n"
            f"MD5: {fp(16,'m')}\nSHA1: {fp(20,'s')}\nSHA-256: {fp(32,'x')}\nValid until: Friday, 14 March 2054\n----------")
def plist_profile(s):
    return ("<plist version=\"1.0\">\n<dict>\n\t<key>AppIDName</key>\n\t<string>Acme</string>\n\t<key>TeamIdentifier</key>\n\t<array>\n"
            f"\t\t<string>{gen(s, 10, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}</string>\n\t</array>\n\t<key>UUID</key>\n\t<string>{uuid_of(s).upper()}</string>\n"
            "\t<key>keychain-access-groups</key>\n\t<array>\n\t\t<string>$(AppIdentifierPrefix)com.acme.app</string>\n\t</array>\n"
            f"\t<key>DeveloperCertificates</key>\n\t<array>\n\t\t<data>MIIFxDCCBKygAwIBAgIQ{gen(s+'cert', 120, B64)}</data>\n\t</array>\n</dict>\n</plist>")
def eas_creds(s):
    return (f"Android Credentials\nProject: @acme/app\nApplication Identifier: com.acme.app\n\nKeystore\nType: JKS\nKey Alias: {gen(s, 32, HEX)}\n"
            f"MD5 Fingerprint: {':'.join(gen(s+str(i), 2, '0123456789ABCDEF') for i in range(16))}\nUpdated 2 days ago\n\nPush Notifications (FCM V1)\n"
            f"Google Service Account Key: firebase-adminsdk-{gen(s+'f', 5, 'abcdefghijklmnopqrstuvwxyz0123456789')}@acme-app.iam.gserviceaccount.com\nKey ID: {gen(s+'k', 40, HEX)}")
def reflog(s):
    return "\n".join(f"{sha(s+str(i), 7)} HEAD@{{{i}}}: {m}" for i, m in enumerate(("commit: Rotate signing key reader", "checkout: moving from main to feat/passkeys",
                                                                                   "reset: moving to HEAD~1", "commit (amend): Hash API keys at rest")))
def k8s_sa(s):
    return ("apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: api\n  namespace: prod\n  uid: " + uuid_of(s) + "\n"
            "  annotations:\n    eks.amazonaws.com/role-arn: arn:aws:iam::123456789012:role/api-irsa\nsecrets:\n- name: api-token-" + gen(s, 5, "bcdfghjklmnpqrstvwxz2456789") + "\n"
            "imagePullSecrets:\n- name: ghcr-pull\n---\nNAME        SIGNERNAME                            REQUESTOR          CONDITION\n"
            f"csr-{gen(s+'c', 5, 'bcdfghjklmnpqrstvwxz2456789')}   kubernetes.io/kube-apiserver-client   system:node:web1   Approved,Issued")


NEGATIVE_FAMILIES_3 = [("database rows naming keys", db_rows, (as_bash("psql -c 'select * from api_keys'"), as_result)),
        ("server info dumps", redis_info, (as_bash("redis-cli INFO server"), as_result)),
        ("server info dumps", vault_status, (as_bash("vault status"), as_result, as_json_text)),
        ("container networks", docker_net, (as_bash("docker network inspect app_default"), as_result, as_json_text)),
        ("playbook runs", ansible_out, (as_bash("ansible-playbook site.yml"), as_result)),
        ("error events", sentry_event, (as_result, as_json_text)),
        ("api collections and schemas", postman, (as_read("/home/dev/app/api.postman_collection.json"), as_result)),
        ("api collections and schemas", oidc_config, (as_bash("curl -s https://auth.example.com/.well-known/openid-configuration"), as_json_text)),
        ("api collections and schemas", json_schema, (as_read("/home/dev/app/schemas/login.json"), as_edit("/home/dev/app/schemas/login.json"))),
        ("test and build logs", go_test, (as_bash("go test ./..."), as_result)),
        ("test and build logs", java_trace, (as_bash("./mvnw test"), as_result)),
        ("test and build logs", npm_error, (as_bash("npm publish"), as_result)),
        ("chat api payloads", slack_api, (as_bash("curl -s https://slack.com/api/chat.postMessage"), as_result, as_json_text)),
        ("windows outputs", windows_out, (as_bash("powershell Get-ChildItem Cert:\\LocalMachine\\My; ipconfig /all"), as_result)),
        ("mobile signing outputs", codesign, (as_bash("security find-identity -v -p codesigning; codesign -dv App.app"), as_result)),
        ("mobile signing outputs", signing_report, (as_bash("./gradlew signingReport"), as_result)),
        ("mobile signing outputs", plist_profile, (as_bash("security cms -D -i embedded.mobileprovision"), as_read("/home/dev/app/ios/App.entitlements"))),
        ("mobile signing outputs", eas_creds, (as_bash("eas credentials"), as_result)),
        ("refs listings", reflog, (as_bash("git reflog -4"), as_result)),
        ("kubernetes dumps", k8s_sa, (as_bash("kubectl get sa api -o yaml; kubectl get csr"), as_result, as_json_text)),
]  # fmt: skip


def _requirepass_in_config_get(s, v):
    return redis_info(s) + f'\n127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "{v}"'


def _password_in_playbook_item(s, v):
    return ansible_out(s).replace("changed: [db1] => (item=None)",
                                  f"changed: [db1] => (item={{'name': 'app', 'password': '{v}', 'priv': '*.*:ALL'}})")


def _bearer_in_har(s, v):
    return sentry_event(s) + "\n" + json.dumps({"request": {"method": "GET", "url": "https://api.example.com/v1/me", "headers": [
        {"name": "authorization", "value": "Bearer " + v}, {"name": "accept", "value": "application/json"}]}}, indent=2)  # fmt: skip


def _password_in_query_rows(s, v):
    return db_rows(s) + f"\n id |      email      | password\n----+-----------------+----------\n  1 | ana@example.com | {v}\n(1 row)"


POSITIVE_FAMILIES_3 = [
    ("secret in a server info dump", _requirepass_in_config_get, as_bash("redis-cli INFO server; redis-cli CONFIG GET requirepass")),
    ("secret in a playbook run", _password_in_playbook_item, as_bash("ansible-playbook site.yml")),
    ("secret in an error event and a har", _bearer_in_har, as_json_text),
    ("secret in database rows", _password_in_query_rows, as_bash("psql -c 'select * from api_keys; select * from users'")),
]  # fmt: skip


# ---- part four: other carriers (Grep, Glob, WebFetch, Task, TodoWrite, a prompt) and prose ------
def as_tool(name, tool_input):
    def carry(text, seed):
        return {"session_id": uuid_of("s" + seed), "cwd": "/home/dev/app", "hook_event_name": "PostToolUse", "tool_name": name,
                "tool_input": tool_input, "tool_response": text if name != "WebFetch" else {"result": text, "code": 200, "url": tool_input.get("url")},
                "tool_use_id": tool_use_id(seed, "sk")}
    return carry


def as_prompt(text, seed):
    return prompt_event(text, seed)


def grep_hits(s):
    return ("src/auth/token.ts:12:  const token = req.headers.authorization?.split(' ')[1];\n"
            "src/auth/token.ts:31:  if (!jwt.verify(token, process.env.JWT_SECRET!)) throw new Unauthorized();\n"
            "src/config.ts:8:export const apiKey = requireEnv('API_KEY');\n"
            "src/db.ts:4:const password = await secrets.get('db/password');\n"
            f"scripts/rotate.sh:22:aws secretsmanager rotate-secret --secret-id prod/db-{gen(s, 6)}\n"
            "README.md:57:Set `OPENAI_API_KEY` to your key (it starts with `sk-`).")
def glob_hits(s):
    return "\n".join(f"/home/dev/app/{p}" for p in ("src/auth/password-reset.ts", "src/auth/api-keys.ts", "config/secrets.example.yml",
                                                     f"migrations/2026031410{gen(s, 4, '0123456789')}_hash_api_keys.sql", "certs/dev.pub", ".env.example"))
def webfetch_doc(s):
    return ("# Authentication\n\nAll requests need an API key. Create one in **Settings → API keys**; it is shown only once.\n"
            "Send it in the `Authorization` header: `Authorization: Bearer <YOUR_API_KEY>`.\n\n"
            "| Variable | Description | Default |\n|---|---|---|\n| `DB_PASSWORD` | Password of the database user | — |\n"
            "| `JWT_SECRET` | Secret used to sign session tokens | *(required)* |\n| `TOKEN_TTL` | Lifetime of an access token in seconds | `3600` |\n\n"
            "Tokens expire after one hour. A refresh token is valid for 30 days. Rotate keys every 90 days.")
def changelog(s):
    return ("## [1.4.2] - 2026-03-14\n### Security\n- Hash API keys at rest (SHA-256 with a per-key salt).\n- Fix: password reset tokens were valid for 48 h instead of 1 h (CVE-2026-10422).\n"
            f"- Stop logging the `Authorization` header ({sha(s, 7)}).\n### Changed\n- Passwords now need 12 characters; the old 8-character minimum is gone.")
def error_messages(s):
    return ("Mot de passe incorrect. Il vous reste 2 tentatives.\nContraseña incorrecta: inténtalo de nuevo.\nFalsches Passwort oder Benutzername.\n"
            "パスワードが正しくありません。\n密码错误，请重试。\nНеверный пароль.\nSenha incorreta.\nToken expired at 2026-03-14T10:22:31Z; please sign in again.")
def task_result(s):
    return ("I searched the codebase for secret handling. Findings:\n\n1. `src/config.ts` reads `API_KEY` from the environment; no literal keys are committed.\n"
            "2. The password hashing uses bcrypt with cost 12 (`src/auth/hash.ts`).\n3. `tests/fixtures/users.json` uses the placeholder password `<redacted>`.\n"
            f"4. The webhook secret is loaded from Vault path `secret/data/stripe` (commit {sha(s, 7)}).\nNo secrets were found in the git history.")
def prompt_text(s):
    return ("can you check why the password reset email isn't sent? the token in the link is always expired. "
            "the logs say `token_expired` for request " + uuid_of(s) + " and the api key for sendgrid is set in vault, not in .env")
def readme_cmds(s):
    return ("```bash\nexport GITHUB_TOKEN=<your token>\ncurl -H \"Authorization: Bearer $GITHUB_TOKEN\" https://api.github.com/user\n"
            "docker login ghcr.io -u USERNAME --password-stdin < token.txt\nmysql -u root -p\nkubectl create secret generic db --from-literal=password=\"$DB_PASSWORD\"\n```")
def todo_list(s):
    return json.dumps({"todos": [{"content": "Rotate the Stripe webhook secret", "status": "pending", "activeForm": "Rotating the Stripe webhook secret"},
                                 {"content": "Move DB password to Vault", "status": "in_progress", "activeForm": "Moving DB password to Vault"},
                                 {"content": "Add password strength meter", "status": "completed", "activeForm": "Adding password strength meter"}]})
def policy_doc(s):
    return ("Password policy\n- Minimum length: 12\n- Maximum age: 90 days\n- History: last 5 passwords\n- Lockout after: 5 failed attempts\n"
            "Token policy\n- Access token lifetime: 15 min\n- Refresh token lifetime: 30 days\n- Key rotation: quarterly\n- Secret storage: HashiCorp Vault (KV v2)")


NEGATIVE_FAMILIES_4 = [("grep results naming secrets", grep_hits, (as_tool("Grep", {"pattern": "token|secret|password|apiKey", "output_mode": "content"}), as_result)),
        ("glob results naming secrets", glob_hits, (as_tool("Glob", {"pattern": "**/*{secret,key,password}*"}), as_result)),
        ("fetched docs about secrets", webfetch_doc, (as_tool("WebFetch", {"url": "https://docs.example.com/auth", "prompt": "How do I authenticate?"}), as_result)),
        ("changelogs about secrets", changelog, (as_read("/home/dev/app/CHANGELOG.md"), as_edit("/home/dev/app/CHANGELOG.md"))),
        ("error messages in many languages", error_messages, (as_bash("node scripts/print-errors.js"), as_result, as_json_text)),
        ("agent reports about secrets", task_result, (as_tool("Task", {"description": "Audit secrets", "prompt": "Find hard-coded secrets"}), as_result)),
        ("prompts about secrets", prompt_text, (as_prompt, as_result)),
        ("readme commands with references", readme_cmds, (as_read("/home/dev/app/README.md"), as_edit("/home/dev/app/README.md"), as_result)),
        ("todo lists about secrets", todo_list, (as_tool("TodoWrite", {"todos": []}), as_result)),
        ("policies about secrets", policy_doc, (as_read("/home/dev/app/docs/security.md"), as_result, as_json_text)),
]  # fmt: skip


def _password_in_grep_hits(s, v):
    return grep_hits(s) + f"\nsrc/legacy/db.php:14:$password = '{v}';"


def _key_in_fetched_page(s, v):
    return webfetch_doc(s) + f"\n\nExample request that worked for me: `curl -H 'X-Api-Key: {v}' https://api.example.com/v1/me`"


def _password_in_prompt(s, v):
    return prompt_text(s) + f" (btw the staging db password is {v})"


def _token_in_agent_report(s, v):
    return task_result(s) + f"\n5. `scripts/deploy.sh` line 9 hard-codes `export DEPLOY_TOKEN={v}`."


POSITIVE_FAMILIES_4 = [
    ("secret in grep results", _password_in_grep_hits, as_tool("Grep", {"pattern": "password", "output_mode": "content"})),
    ("secret in a fetched page", _key_in_fetched_page, as_tool("WebFetch", {"url": "https://gist.example.com/x", "prompt": "summarize"})),
    ("secret in a prompt about secrets", _password_in_prompt, as_prompt),
    ("secret in an agent report", _token_in_agent_report, as_tool("Task", {"description": "Audit", "prompt": "Find secrets"})),
]  # fmt: skip


# ---- part five: secret stores' and agents' listings, after the fourth part -----------------------
L36 = "abcdefghijklmnopqrstuvwxyz0123456789"


def secret_listings(s):
    return ("NAME                 DIGEST            CREATED AT\nDATABASE_URL         " + gen(s, 16, HEX) + "  2026-03-14T10:22:31Z\nSTRIPE_SECRET_KEY    " + gen(s+'b', 16, HEX) + "  2026-03-01T08:00:00Z\n\n"
            "NAME              UPDATED\nNPM_TOKEN         about 2 days ago\nDEPLOY_KEY        about 1 month ago\n\n"
            " name                 value               environments\n API_SECRET           Encrypted           Production, Preview\n")
def password_manager_listing(s):
    return ("ID                            TITLE              VAULT            EDITED\n" + "\n".join(f"{gen(s+str(i), 26, L36)}    {t:<18} Private          {d}" for i, (t, d) in enumerate((("GitHub", "3 days ago"), ("AWS root", "2 months ago"), ("Prod DB", "1 hour ago")))))
def aws_secrets_list(s):
    return json.dumps({"SecretList": [{"ARN": f"arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-{gen(s, 6)}", "Name": "prod/db", "LastChangedDate": "2026-03-14T10:22:31.118000+01:00",
                       "SecretVersionsToStages": {uuid_of(s): ["AWSCURRENT"], uuid_of(s+'p'): ["AWSPREVIOUS"]}, "KmsKeyId": f"arn:aws:kms:eu-west-1:123456789012:key/{uuid_of(s+'k')}"}]}, indent=4)
def wg_show(s):
    return (f"interface: wg0\n  public key: {gen(s, 43, B64)}=\n  private key: (hidden)\n  listening port: 51820\n\npeer: {gen(s+'p', 43, B64)}=\n"
            "  preshared key: (hidden)\n  endpoint: 203.0.113.5:51820\n  allowed ips: 10.0.0.2/32\n  latest handshake: 1 minute, 2 seconds ago")
def key_agent(s):
    return (f"256 SHA256:{gen(s, 43, B64)} ana@laptop (ED25519)\n3072 SHA256:{gen(s+'r', 43, B64)} deploy@ci (RSA)\n"
            f"sec   ed25519/{gen(s+'g', 16, '0123456789ABCDEF')} 2024-01-15 [SC]\n      {gen(s+'f', 40, '0123456789ABCDEF')}\nuid                 [ultimate] Ana Lima <ana@example.com>\nssb   cv25519/{gen(s+'e', 16, '0123456789ABCDEF')} 2024-01-15 [E]")
def token_list(s):
    return ("┌────────┬─────────────────┬────────────┬──────────┬────────────┐\n│ id     │ token           │ created    │ readonly │ CIDR       │\n"
            f"├────────┼─────────────────┼────────────┼──────────┼────────────┤\n│ {gen(s, 6, HEX)} │ npm_…{gen(s+'t', 4)}       │ 2026-03-14 │ no       │            │\n"
            f"│ {gen(s+'b', 6, HEX)} │ npm_…{gen(s+'u', 4)}       │ 2026-01-02 │ yes      │ 10.0.0.0/8 │\n└────────┴─────────────────┴────────────┴──────────┴────────────┘\n"
            f"- {gen(s+'gh', 8, '0123456789')}  ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{gen(s+'k', 43, B64)}  laptop  2026-03-14T10:22:31Z")
def cert_list(s):
    return (f"Found the following certs:\n  Certificate Name: api.example.com\n    Serial Number: {gen(s, 35, HEX)}\n    Key Type: ECDSA\n    Domains: api.example.com\n"
            "    Expiry Date: 2026-06-12 10:22:31+00:00 (VALID: 89 days)\n    Certificate Path: /etc/letsencrypt/live/api.example.com/fullchain.pem\n    Private Key Path: /etc/letsencrypt/live/api.example.com/privkey.pem\n"
            f"Root fingerprint: {gen(s+'fp', 64, HEX)}")
def tailscale(s):
    return (f"100.101.102.103  laptop   ana@  linux  -\n100.64.0.7       web1     ana@  linux  active; direct 203.0.113.5:41641, tx 12345 rx 67890\n"
            f"# Health check:\n#     - Tailscale can't reach the configured DNS servers.\nnodekey:{gen(s, 64, HEX)}")


NEGATIVE_FAMILIES_5 = [("secret store listings", secret_listings, (as_bash("fly secrets list; gh secret list; vercel env ls"), as_result, as_json_text)),
        ("secret store listings", password_manager_listing, (as_bash("op item list"), as_result)),
        ("secret store listings", aws_secrets_list, (as_bash("aws secretsmanager list-secrets"), as_result, as_json_text)),
        ("vpn and agent outputs", wg_show, (as_bash("sudo wg show"), as_result)),
        ("vpn and agent outputs", key_agent, (as_bash("ssh-add -l; gpg --list-secret-keys"), as_result)),
        ("vpn and agent outputs", tailscale, (as_bash("tailscale status"), as_result)),
        ("token and key listings", token_list, (as_bash("npm token list; gh ssh-key list"), as_result, as_json_text)),
        ("token and key listings", cert_list, (as_bash("sudo certbot certificates"), as_result))]  # fmt: skip


def _values_in_config_vars(s, v):
    return secret_listings(s) + (f"\n=== api Config Vars\nDATABASE_URL:     postgres://app:{v}@ec2-1-2-3-4.compute-1.amazonaws.com:5432/d9x\n"
                                 "WEB_CONCURRENCY:  2")  # fmt: skip


def _password_in_vault_export(s, v):
    return password_manager_listing(s) + "\n" + json.dumps(
        [{"id": uuid_of(s), "name": "GitHub", "login": {"username": "ana", "password": v, "totp": None}}], indent=2)


def _secret_in_a_key_listing(s, v):
    return key_agent(s) + f"\n# created: 2026-03-14T10:22:31+01:00\nexport AGE_PASSPHRASE={v}"


POSITIVE_FAMILIES_5 = [
    ("secret in a secret store listing", _values_in_config_vars, as_bash("fly secrets list; heroku config -a api")),
    ("secret in a secret store listing", _password_in_vault_export, as_bash("op item list; bw list items")),
    ("secret in a key listing", _secret_in_a_key_listing, as_result),
]  # fmt: skip


# ---- part six: more lockfiles, bills of materials, scanners' reports, caches, data frames --------
def tf_lock(s):
    return ('provider "registry.terraform.io/hashicorp/aws" {\n  version     = "5.40.0"\n  constraints = "~> 5.0"\n  hashes = [\n'
            f'    "h1:{base64.b64encode(bytes.fromhex(sha(s, 64))).decode()}",\n    "zh:{sha(s+"z1", 64)}",\n    "zh:{sha(s+"z2", 64)}",\n  ]\n}}')
def gradle_props(s):
    return (f"distributionBase=GRADLE_USER_HOME\ndistributionPath=wrapper/dists\ndistributionSha256Sum={sha(s, 64)}\n"
            "distributionUrl=https\\://services.gradle.org/distributions/gradle-8.6-bin.zip\nnetworkTimeout=10000\nvalidateDistributionUrl=true")
def sbom(s):
    return json.dumps({"bomFormat": "CycloneDX", "specVersion": "1.5", "serialNumber": "urn:uuid:" + uuid_of(s), "components": [
        {"type": "library", "name": "jsonwebtoken", "version": "9.0.2", "purl": "pkg:npm/jsonwebtoken@9.0.2",
         "hashes": [{"alg": "SHA-512", "content": sha(s+'a', 64) + sha(s+'b', 64)}]}]}, indent=2)
def scanner_report(s):
    return json.dumps([{"Description": "Generic API Key", "StartLine": 12, "Match": "api_key = REDACTED", "Secret": "REDACTED", "File": "src/config.py",
                        "Commit": sha(s), "Entropy": 4.3, "RuleID": "generic-api-key", "Fingerprint": f"{sha(s)}:src/config.py:generic-api-key:12"}], indent=1)
def trivy(s):
    return ("Library        Vulnerability   Severity  Installed  Fixed  Title\njsonwebtoken   CVE-2022-23529  HIGH      8.5.1      9.0.0  jsonwebtoken: Unrestricted key type could lead to legacy keys usage\n"
            f"sha256:{sha(s,64)} (debian 12.5)\nTotal: 3 (HIGH: 1, CRITICAL: 0)")
def hf_download(s):
    return (f"Fetching 3 files: 100%|██████████| 3/3\nconfig.json: 100%|██████████| 665/665 [00:00<00:00, 1.21MB/s]\n"
            f"/root/.cache/huggingface/hub/models--acme--tokenizer-small/snapshots/{sha(s)}\n"
            f"blobs/{sha(s+'b', 64)}\nrevision: {sha(s+'r')}")
def conda_explicit(s):
    return ("# platform: linux-64\n@EXPLICIT\n" + "\n".join(f"https://conda.anaconda.org/conda-forge/linux-64/{p}.conda#{gen(s+p, 32, HEX)}" for p in ("openssl-3.2.1-hd590300_1", "cryptography-42.0.5-py311h63ff55d_0", "keyring-25.0.0-pyha804496_0")))
def pandas_print(s):
    rows = "\n".join(f"{i}  {uuid_of(s+str(i))}  {gen(s+'t'+str(i), 12, HEX)}  {sha(s+'h'+str(i), 16)}  2026-03-1{i}" for i in range(4))
    return "   user_id                               session_token_prefix  password_hash     created\n" + rows + "\n[4 rows x 4 columns]"
def imagetools(s):
    return (f"Name:      ghcr.io/acme/api:1.4.2\nMediaType: application/vnd.oci.image.index.v1+json\nDigest:    sha256:{sha(s,64)}\n\nManifests:\n"
            f"  Name:        ghcr.io/acme/api:1.4.2@sha256:{sha(s+'a',64)}\n  MediaType:   application/vnd.oci.image.manifest.v1+json\n  Platform:    linux/amd64")


NEGATIVE_FAMILIES_6 = [("more lockfiles", tf_lock, (as_read("/home/dev/app/.terraform.lock.hcl"), as_result)), ("more lockfiles", gradle_props, (as_read("/home/dev/app/gradle/wrapper/gradle-wrapper.properties"), as_result)),
        ("bills of materials and scans", sbom, (as_bash("syft . -o cyclonedx-json"), as_result, as_json_text)), ("bills of materials and scans", scanner_report, (as_bash("gitleaks detect --redact -f json"), as_result, as_json_text)),
        ("bills of materials and scans", trivy, (as_bash("trivy image ghcr.io/acme/api"), as_result)), ("model and package caches", hf_download, (as_bash("huggingface-cli download acme/tokenizer-small"), as_result)),
        ("model and package caches", conda_explicit, (as_bash("conda list --explicit"), as_result)), ("data frames", pandas_print, (as_bash("python -c 'print(df.head())'"), as_result, as_json_text)),
        ("docker listings and digests", imagetools, (as_bash("docker buildx imagetools inspect ghcr.io/acme/api:1.4.2"), as_result))]  # fmt: skip


def _secret_in_unredacted_report(s, v):
    return scanner_report(s) + "\n" + json.dumps([{"Description": "Generic Password", "StartLine": 7, "Match": f"password = \"{v}\"",
                                                    "Secret": v, "File": "deploy/settings.py", "RuleID": "generic-password"}], indent=1)  # fmt: skip


def _password_in_channel_url(s, v):
    return conda_explicit(s) + f"\ncustom_channels:\n  private: https://ana:{v}@conda.example.com"


POSITIVE_FAMILIES_6 = [
    ("secret in a scanner report", _secret_in_unredacted_report, as_bash("gitleaks detect --redact -f json; gitleaks detect -f json")),
    ("secret in a package cache listing", _password_in_channel_url, as_bash("conda list --explicit; cat .condarc")),
]  # fmt: skip


SEEDS = ("a", "b", "c")


def negatives() -> list:
    c = []
    for families, prefix, seeds in ((NEGATIVE_FAMILIES, "neg8", SEEDS), (NEGATIVE_FAMILIES_2, "chk", "pqr"),
                                    (NEGATIVE_FAMILIES_3, "chk3", "xyz"), (NEGATIVE_FAMILIES_4, "chk4", "uvw"),
                                    (NEGATIVE_FAMILIES_5, "chk5", "ijk"), (NEGATIVE_FAMILIES_6, "chk6", "lmn")):
        for family, make, carriers in families:
            for seed in seeds:
                s = f"{prefix}{family}{make.__name__}{seed}"
                text = make(s)
                for k, carry in enumerate(carriers):
                    c.append(Case(family, carry(text, f"{s}{k}"), realistic=True))
    return c


# ---- positives: a real-looking secret inside the same realistic outputs ------------------------

def _npmrc_in_lockfile(s, v):
    return lockfile_npm(s) + f"\n$ cat .npmrc\n//registry.npmjs.org/:_authToken={v}\n"


def _db_url_in_env(s, v):
    return env_listing(s) + f"\nDATABASE_URL=postgres://app:{v}@db.internal:5432/app"


def _remote_in_git(s, v):
    return git_misc(s) + f"\norigin\thttps://ana:{v}@git.example.com/acme/api.git (fetch)"


def _password_in_compose(s, v):
    return (kubectl_pod_yaml(s) + "\n---\nservices:\n  db:\n    image: postgres:16\n    environment:\n"
            f"      POSTGRES_USER: app\n      POSTGRES_PASSWORD: {v}\n")  # fmt: skip


def _secret_in_terraform(s, v):
    return terraform_plan(s) + f'\n\nvariable "db_password" {{\n  type    = string\n  default = "{v}"\n}}'


def _secret_in_ci_log(s, v):
    return ci_log(s) + f"\n2026-03-14T10:22:34.5510012Z + curl -u deploy:{v} https://artifacts.example.com/upload"


def _secret_in_settings(s, v):
    return code_names_secrets(s) + f'\n\nSECRET_KEY = "{v}"\n'


def _secret_in_i18n_dump(s, v):
    return i18n(s) + f"\n\nsmtp:\n  host: smtp.example.com\n  password: {v}\n"


def _secret_in_pip(s, v):
    return pip_freeze(s) + f"\n--extra-index-url https://__token__:{v}@pypi.example.com/simple/"


def _secret_in_sri(s, v):
    return sri_html(s) + f'\n<script>window.ADMIN = {{ user: "admin", password: "{v}" }};</script>'


POSITIVE_FAMILIES = [
    ("secret in a lockfile-sized output", _npmrc_in_lockfile, as_bash("cat package-lock.json .npmrc")),
    ("secret in a lockfile-sized output", _secret_in_pip, as_read("/home/dev/app/requirements.txt")),
    ("secret in an environment listing", _db_url_in_env, as_bash("env | sort")),
    ("secret in a git remote among refs", _remote_in_git, as_bash("git log --oneline -3 && git remote -v")),
    ("secret in a cluster dump", _password_in_compose, as_result),
    ("secret in a terraform file after a plan", _secret_in_terraform, as_json_text),
    ("secret in a ci log", _secret_in_ci_log, as_result),
    ("secret in code that names secrets", _secret_in_settings, as_edit("/home/dev/app/app/settings.py")),
    ("secret in a translation dump", _secret_in_i18n_dump, as_read("/home/dev/app/config/all.yaml")),
    ("secret in html with hashes", _secret_in_sri, as_read("/home/dev/app/public/admin.html")),
]  # fmt: skip

HUMAN = ["Marigold#Tram42", "h0neyBadger!x", "Osprey_Quay88", "t1dal-Lantern$"]


def positives() -> list:
    c = []
    for i, (family, make, carry) in enumerate(POSITIVE_FAMILIES + POSITIVE_FAMILIES_2 + POSITIVE_FAMILIES_3
                                                  + POSITIVE_FAMILIES_4 + POSITIVE_FAMILIES_5
                                                  + POSITIVE_FAMILIES_6):
        for j in range(3):
            s = f"pos8{family}{make.__name__}{j}"
            v = HUMAN[(i + j) % len(HUMAN)] if j == 0 else random_secret(s, 20 + 6 * j)
            c.append(Case(family, carry(make(s, v), s), (v,), realistic=True))
    return c


def cases() -> list:
    return positives() + negatives()
