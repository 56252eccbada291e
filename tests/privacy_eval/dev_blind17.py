"""A blind dev part (blind17): ~35 families of Claude Code session text dense with random-looking
values and secret words: build and package-manager logs, cloud and database CLI listings, test
runs, crash dumps, tracing output, HTTP logs, configs holding references, code computing hashes
and signatures, docs about auth, and scanners' own reports that mask what they found.  Each
family has negatives (no secret: digests, ids, masked values, references, placeholders) and
positives of the same kind where a real secret does stand.  Every case is realistic: a Bash call
and its output, a prompt, a Read's numbered lines, a Write, an Edit, a transcript line.

Written blind on 2026-11-30 by an author who read neither the filter, its tests, its docs nor
the bench's listings of misses and false redactions; every case was written before the filter
met any of them.  Registered in dev.py on 2026-11-30 (third stop); then, by the written rule
(docs/privacy.md, "An AWS access key id"), the lead relabelled the AWS access key ids its author
had left unlabelled (an `sts assume-role` answer, a credentials file, a scanner's report) as
secrets; the figures below are the author's one measure, before that.

Measured once on main at 8b76970, after every case was written (ptools/measure_part.py
--families): 558 cases, 246 with secrets, 312 negatives, 36 families, all realistic.
    filter:   caught 95.5 % (235/246); false 8.0 % (31/388 redactions)
    baseline: caught 29.3 % (72/246); false 43.4 % (89/205 redactions)
By family (caught/positives; false redactions of all redactions in the family):
    b17: aws cli credentials and listings 6/6 caught, 8 false of 21
    b17: browser har exports and cookies 6/6 caught, 0 false of 9
    b17: cargo locks, builds and registry tokens 6/6 caught, 0 false of 15
    b17: chat webhooks in scripts and prompts 6/6 caught, 0 false of 8
    b17: ci job logs and workflow files 6/6 caught, 0 false of 8
    b17: code computing hashes and signatures 3/6 caught, 0 false of 6
    b17: compose files and env files 12/12 caught, 0 false of 18
    b17: composer, gem, netrc and pypirc auth files 12/12 caught, 0 false of 30
    b17: crash dumps and panics 6/6 caught, 0 false of 8
    b17: curl verbose exchanges 6/6 caught, 0 false of 10
    b17: database dumps and client option files 12/12 caught, 0 false of 15
    b17: docker builds, pushes and logins 9/9 caught, 0 false of 12
    b17: frontend bundles and build manifests 6/6 caught, 0 false of 8
    b17: gcloud and az secret stores 6/6 caught, 2 false of 10
    b17: git history and diffs 6/6 caught, 0 false of 12
    b17: helm values and ansible vaults 6/6 caught, 1 false of 9
    b17: key generators and fingerprints 5/6 caught, 0 false of 6
    b17: kubectl secrets and manifests 5/6 caught, 0 false of 6
    b17: mongo, kafka and rabbitmq clients 6/6 caught, 0 false of 8
    b17: npm config and install logs 6/6 caught, 0 false of 8
    b17: nuget and maven credentials 6/6 caught, 0 false of 11
    b17: pem blocks and x509 dumps 6/6 caught, 0 false of 7
    b17: pip indexes, hashes and downloads 6/6 caught, 0 false of 8
    b17: prompts pasting terminal sessions 9/12 caught, 3 false of 12
    b17: psql roles, pgpass and token tables 6/6 caught, 0 false of 9
    b17: pytest runs around auth code 6/6 caught, 0 false of 8
    b17: readmes and docs about auth 6/6 caught, 0 false of 11
    b17: redis cli, configs and acl hashes 6/6 caught, 0 false of 8
    b17: secret scanners' reports 6/6 caught, 4 false of 16
    b17: spring boot startup and gradle output 6/6 caught, 6 false of 15
    b17: strace, ltrace and perf output 3/6 caught, 0 false of 4
    b17: stripe cli and vault cli sessions 9/9 caught, 6 false of 18
    b17: systemd units and journal lines 6/6 caught, 0 false of 8
    b17: terraform plans, state and outputs 6/6 caught, 1 false of 10
    b17: tracing spans and exporters 6/6 caught, 0 false of 8
    b17: web server access logs 6/6 caught, 0 false of 8
"""

# ruff: noqa: W291 (the tools' output keeps its trailing spaces)
from __future__ import annotations

import base64
import hashlib
from urllib.parse import quote

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

PASSWORDS = ["Marmot&Tide47", "velvet+Anchor19", "Sable%Orchid82", "Piston!Lark36", "harbor~Quill58",
             "Tundra@Fig71", "Cinder=Otter24", "Wren_Basalt93", "Gusty#Pewter15", "lagoon*Saffron68"]  # fmt: skip


def pw(seed: str) -> str:
    return PASSWORDS[int(sha(seed, 6), 16) % len(PASSWORDS)]


def hx(seed: str, n: int = 64) -> str:
    return gen("hx" + seed, n, HEX)


def b64r(seed: str, n: int = 32) -> str:
    return base64.b64encode(hashlib.sha256(("b" + seed).encode()).digest()[:n]).decode()


def num(seed: str, lo: int, hi: int) -> int:
    return lo + int(sha("n" + seed, 8), 16) % (hi - lo + 1)


def carry(kind: str, a: str, text: str, seed: str, rep: int) -> dict:
    """`text` as Claude Code sends it.  kind "out": `a` is the command, text its output; "file":
    `a` is the path; "prompt": a prompt; "cmd": text is a Bash command."""
    if kind == "out":
        return [lambda: bash_event(a, text, seed), lambda: result_line(seed, text),
                lambda: bash_event(a + " 2>&1", text, seed)][rep % 3]()
    if kind == "file":
        full = "/home/dev/app/" + a if not a.startswith(("/", "~")) else a
        return [lambda: result_line(seed, numbered(text)),
                lambda: tool_event("Write", {"file_path": full, "content": text}, seed,
                                   {"type": "create", "filePath": full, "content": text}),
                lambda: tool_event("Edit", {"file_path": full, "old_string": text.split("\n")[0],
                                            "new_string": text, "replace_all": False}, seed,
                                   {"filePath": full, "oldString": text.split("\n")[0], "newString": text,
                                    "userModified": False, "replaceAll": False}),
                lambda: bash_event(f"cat {a}", text, seed)][rep % 4]()
    if kind == "prompt":
        return prompt_event(text, seed)
    if kind == "cmd":
        return [lambda: bash_event(text, a, seed), lambda: assistant_line(seed, "Bash", {
            "command": text, "description": "Run it"})][rep % 2]()
    raise ValueError(kind)


def family(name: str, pos: list, neg: list, reps: int = 3) -> list:
    out = []
    for t, make in enumerate(pos):
        for r in range(reps):
            seed = f"b17{name}{t}p{r}"
            kind, a, text, secret = make(seed)
            secrets = secret if isinstance(secret, tuple) else (secret,)
            assert all(x in text for x in secrets), (name, t)
            out.append(Case(name, carry(kind, a, text, seed, r + t), secrets, realistic=True))
    for t, make in enumerate(neg):
        for r in range(reps):
            seed = f"b17{name}{t}n{r}"
            kind, a, text = make(seed)
            out.append(Case(name, carry(kind, a, text, seed, r + t), (), realistic=True))
    return out



def npm_logs() -> list:
    def p0(s):
        tok = "npm_" + gen(s, 36)
        return ("out", "npm config list", f"""; "user" config from /home/dev/.npmrc

//registry.npmjs.org/:_authToken = "{tok}"
@acme:registry = "https://npm.pkg.github.com/"
fund = false

; node bin location = /usr/local/bin/node
; node version = v20.11.1
; npm local prefix = /home/dev/app
; npm version = 10.2.4
; cwd = /home/dev/app
; HOME = /home/dev
; Run `npm config ls -l` to show all defaults.""", tok)

    def p1(s):
        p = pw(s)
        return ("out", "npm install", f"""npm ERR! code E401
npm ERR! Unable to authenticate, your authentication token seems to be invalid.
npm ERR! To correct this please trying logging in again with:
npm ERR!     npm login
npm http fetch GET 401 https://ci-bot:{p}@nexus.acme.internal/repository/npm-group/@acme%2fui-kit 212ms
npm ERR! A complete log of this run can be found in: /home/dev/.npm/_logs/2026-03-14T10_11_{num(s,10,59)}_412Z-debug-0.log""", p)

    def n0(s):
        lines = []
        for pkg in ["semver", "lru-cache", "yallist", "jsonwebtoken", "bcryptjs", "safe-buffer"]:
            lines.append(f'    "node_modules/{pkg}": {{\n      "version": "{num(s+pkg,1,7)}.{num(s+pkg+"m",0,12)}.{num(s+pkg+"p",0,9)}",\n'
                         f'      "resolved": "https://registry.npmjs.org/{pkg}/-/{pkg}-7.5.4.tgz",\n'
                         f'      "integrity": "sha512-{b64r(s+pkg, 32)}{b64r(s+pkg+"x", 30)}=="\n    }},')
        return ("file", "package-lock.json", '{\n  "name": "app",\n  "lockfileVersion": 3,\n  "packages": {\n' + "\n".join(lines) + "\n  }\n}")

    def n1(s):
        return ("out", "npm config list", f"""; "user" config from /home/dev/.npmrc

//registry.npmjs.org/:_authToken = (protected)
@acme:registry = "https://npm.pkg.github.com/"
//npm.pkg.github.com/:_authToken = (protected)

; node version = v20.{num(s,5,12)}.1
; npm version = 10.2.4
; Run `npm config ls -l` to show all defaults.""")

    def n2(s):
        return ("out", "npm ci --loglevel=http", "\n".join(
            f"npm http fetch GET 200 https://registry.npmjs.org/{p}/-/{p}-{num(s+p,1,9)}.{num(s+p+'a',0,20)}.0.tgz {num(s+p+'t',8,400)}ms (cache hit)"
            for p in ["jws", "jwa", "ecdsa-sig-formatter", "buffer-equal-constant-time", "passport-jwt", "oauth-sign"])
            + f"\n\nadded 1184 packages, and audited 1185 packages in {num(s,9,40)}s\n\n2 moderate severity vulnerabilities\n"
            "To address all issues, run:\n  npm audit fix")

    return family("b17: npm config and install logs", [p0, p1], [n0, n1, n2])


def pip_logs() -> list:
    def p0(s):
        t = gen(s, 40)
        return ("out", "pip config list", f"""global.index-url='https://__token__:{t}@gitlab.acme.io/api/v4/projects/412/packages/pypi/simple'
global.trusted-host='gitlab.acme.io'
user.timeout='60'""", t)

    def p1(s):
        p = pw(s)
        return ("out", "pip install -r requirements.txt", f"""Looking in indexes: https://pypi.org/simple, https://deploy:{p}@pypi.acme.internal/simple
Collecting acme-auth==2.4.1
  Downloading https://pypi.acme.internal/packages/acme_auth-2.4.1-py3-none-any.whl (41 kB)
ERROR: HTTP error 403 while getting https://pypi.acme.internal/packages/acme_billing-0.9.0.tar.gz""", p)

    def n0(s):
        rows = [f"{p}=={v} \\\n    --hash=sha256:{hx(s+p)} \\\n    --hash=sha256:{hx(s+p+'w')}"
                for p, v in [("cryptography", "42.0.5"), ("pyjwt", "2.8.0"), ("itsdangerous", "2.1.2"), ("passlib", "1.7.4")]]
        return ("file", "requirements.lock", "# This file is autogenerated by pip-compile with Python 3.12\n" + "\n".join(rows))

    def n1(s):
        return ("out", "pip download pyjwt==2.8.0 --no-deps -d /tmp/w && pip hash /tmp/w/*", f"""Collecting pyjwt==2.8.0
  Downloading PyJWT-2.8.0-py3-none-any.whl (22 kB)
Saved /tmp/w/PyJWT-2.8.0-py3-none-any.whl
Successfully downloaded pyjwt
/tmp/w/PyJWT-2.8.0-py3-none-any.whl:
--hash=sha256:{hx(s)}""")

    def n2(s):
        return ("out", "pip config list", """global.index-url='https://pypi.org/simple'
global.extra-index-url='https://${PIP_TOKEN_USER}:${PIP_TOKEN}@gitlab.acme.io/api/v4/projects/412/packages/pypi/simple'
site.require-virtualenv='true'""")

    return family("b17: pip indexes, hashes and downloads", [p0, p1], [n0, n1, n2])


def cargo() -> list:
    def p0(s):
        t = "cio" + gen(s, 32)
        return ("file", "~/.cargo/credentials.toml", f"""[registry]
token = "{t}"

[registries.acme]
token = "Bearer {gen(s+'b', 28)}"
""", (t, gen(s + "b", 28)))

    def p1(s):
        t = "cio" + gen(s, 32)
        return ("cmd", "       Login token for `crates-io` saved", f"cargo login {t}", t)

    def n0(s):
        blocks = "\n\n".join(f"""[[package]]
name = "{p}"
version = "{num(s+p,0,4)}.{num(s+p+'m',1,30)}.{num(s+p+'p',0,9)}"
source = "registry+https://github.com/rust-lang/crates.io-index"
checksum = "{hx(s+p)}"
""" for p in ["hmac", "sha2", "jsonwebtoken", "ring", "secrecy"])
        return ("file", "Cargo.lock", "# This file is automatically @generated by Cargo.\n# It is not intended for manual editing.\nversion = 3\n\n" + blocks)

    def n1(s):
        return ("out", "cargo build --release", "\n".join(
            f"   Compiling {p} v0.{num(s+p,1,17)}.{num(s+p+'x',0,9)}" for p in ["zeroize", "subtle", "hmac", "argon2", "secrecy", "vault-client"])
            + f"\n    Finished `release` profile [optimized] target(s) in {num(s,20,90)}.{num(s+'f',10,99)}s\n"
            f"warning: field `api_key` is never read\n  --> src/config.rs:{num(s,10,80)}:5")

    def n2(s):
        return ("out", "ls target/release/.fingerprint | head", "\n".join(
            f"{p}-{hx(s+p,16)}" for p in ["argon2", "base64ct", "password-hash", "secrecy", "token-bucket", "zeroize"]))

    return family("b17: cargo locks, builds and registry tokens", [p0, p1], [n0, n1, n2])


def docker() -> list:
    def p0(s):
        p = pw(s)
        return ("cmd", "WARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded",
                f"docker login registry.acme.io -u deploy -p '{p}'", p)

    def p1(s):
        t = "dckr_pat_" + gen(s, 27, B62 + "-_")
        return ("out", "cat ~/.docker/config.json", f"""{{
\t"auths": {{
\t\t"https://index.docker.io/v1/": {{
\t\t\t"auth": "{base64.b64encode(('acmebot:' + t).encode()).decode()}"
\t\t}}
\t}},
\t"credsStore": ""
}}""", base64.b64encode(('acmebot:' + t).encode()).decode())

    def p2(s):
        k = random_secret(s, 32)
        return ("file", "Dockerfile", f"""FROM python:3.12-slim@sha256:{hx(s)}
WORKDIR /srv
ENV STRIPE_SECRET_KEY=sk_live_{k}
COPY requirements.lock .
RUN pip install --require-hashes -r requirements.lock
CMD ["gunicorn", "app:wsgi"]""", "sk_live_" + k)

    def n0(s):
        return ("out", "docker push registry.acme.io/app:1.14.2", "\n".join(
            f"{hx(s+str(i),12)}: Pushed" for i in range(5)) + f"\n1.14.2: digest: sha256:{hx(s+'d')} size: 1789")

    def n1(s):
        return ("out", "docker images --digests", "REPOSITORY                 TAG      DIGEST                                                                    IMAGE ID       CREATED        SIZE\n" + "\n".join(
            f"registry.acme.io/{r:<16} {t:<8} sha256:{hx(s+r)}   {hx(s+r+'i',12)}   {num(s+r,2,9)} days ago     {num(s+r,80,900)}MB"
            for r, t in [("auth-svc", "latest"), ("token-broker", "2.3.0"), ("vault-agent", "1.15"), ("app", "1.14.2")]))

    def n2(s):
        return ("out", "docker login registry.acme.io -u deploy --password-stdin < ~/.secrets/registry",
                "WARNING! Your password will be stored unencrypted in /home/dev/.docker/config.json.\n"
                "Configure a credential helper to remove this warning. See\n"
                "https://docs.docker.com/engine/reference/commandline/login/#credential-stores\n\nLogin Succeeded")

    return family("b17: docker builds, pushes and logins", [p0, p1, p2], [n0, n1, n2])


def kubectl() -> list:
    def p0(s):
        v = base64.b64encode(pw(s).encode()).decode()
        return ("out", "kubectl get secret pg-app -n prod -o yaml", f"""apiVersion: v1
data:
  password: {v}
  username: YXBw
kind: Secret
metadata:
  creationTimestamp: "2026-02-11T08:14:22Z"
  name: pg-app
  namespace: prod
  resourceVersion: "{num(s,100000,999999)}"
  uid: {uuid_of(s)}
type: Opaque""", v)

    def p1(s):
        p = pw(s)
        return ("out", "kubectl get secret pg-app -n prod -o jsonpath='{.data.password}' | base64 -d", p, p)

    def n0(s):
        return ("out", "kubectl get secrets -n prod", "NAME                         TYPE                                  DATA   AGE\n" + "\n".join(
            f"{n:<28} {t:<37} {num(s+n,1,4)}      {num(s+n,2,300)}d"
            for n, t in [("pg-app", "Opaque"), ("stripe-api-key", "Opaque"), ("regcred", "kubernetes.io/dockerconfigjson"),
                         (f"api-token-{gen(s,5).lower()}", "kubernetes.io/service-account-token"), ("tls-acme-io", "kubernetes.io/tls")]))

    def n1(s):
        return ("out", "kubectl describe secret stripe-api-key -n prod", f"""Name:         stripe-api-key
Namespace:    prod
Labels:       app.kubernetes.io/managed-by=external-secrets
Annotations:  reconcile.external-secrets.io/data-hash: {hx(s,32)}

Type:  Opaque

Data
====
secret_key:       107 bytes
webhook_secret:   38 bytes""")

    def n2(s):
        return ("file", "k8s/deploy.yaml", f"""      containers:
        - name: api
          image: registry.acme.io/app@sha256:{hx(s)}
          env:
            - name: DB_PASSWORD
              valueFrom:
                secretKeyRef:
                  name: pg-app
                  key: password
            - name: JWT_SIGNING_KEY
              valueFrom:
                secretKeyRef: {{name: jwt, key: signing_key}}""")

    return family("b17: kubectl secrets and manifests", [p0, p1], [n0, n1, n2])


def aws() -> list:
    def p0(s):
        k = gen(s, 40, B62 + "/+")
        t = "FwoGZXIvYXdzE" + gen(s + "t", 180, B62 + "/+")
        kid = "ASIA" + gen(s + "a", 16).upper()
        return ("out", "aws sts assume-role --role-arn arn:aws:iam::412233445566:role/deploy --role-session-name ci", f"""{{
    "Credentials": {{
        "AccessKeyId": "{kid}",
        "SecretAccessKey": "{k}",
        "SessionToken": "{t}",
        "Expiration": "2026-03-14T11:22:31+00:00"
    }},
    "AssumedRoleUser": {{
        "AssumedRoleId": "AROA{gen(s+'r',17).upper()}:ci",
        "Arn": "arn:aws:sts::412233445566:assumed-role/deploy/ci"
    }}
}}""", (kid, k, t))

    def p1(s):
        k = gen(s, 40, B62 + "/+")
        kid = "AKIA" + gen(s + "a", 16).upper()
        return ("file", "~/.aws/credentials", f"""[default]
aws_access_key_id = {kid}
aws_secret_access_key = {k}
region = eu-west-1
""", (kid, k))

    def n0(s):
        return ("out", "aws secretsmanager list-secrets --query 'SecretList[].{N:Name,A:ARN,R:LastRotatedDate}' --output table",
                "-----------------------------------------------------------------------------------------------\n|                                        ListSecrets                                          |\n" + "\n".join(
                    f"|  arn:aws:secretsmanager:eu-west-1:412233445566:secret:{n}-{gen(s+n,6)}  |  {n}  |  2026-0{num(s+n,1,3)}-1{num(s+n,0,9)}  |"
                    for n in ["prod/db/password", "prod/stripe/api-key", "prod/jwt/signing-key", "staging/db/password"]))

    def n1(s):
        return ("out", "aws configure list", f"""      Name                    Value             Type    Location
      ----                    -----             ----    --------
   profile                   deploy           manual    --profile
access_key     ****************{gen(s,4).upper()} shared-credentials-file
secret_key     ****************{gen(s+'k',4)} shared-credentials-file
    region                eu-west-1      config-file    ~/.aws/config""")

    def n2(s):
        return ("out", "aws s3api list-objects-v2 --bucket acme-backups --prefix db/ --max-items 3", "{\n    \"Contents\": [\n" + ",\n".join(
            f'        {{"Key": "db/pg-{i}.dump.gz.enc", "LastModified": "2026-03-1{i}T02:00:1{i}+00:00", "ETag": "\\"{hx(s+str(i),32)}\\"", "Size": {num(s+str(i),10**6,10**9)}, "StorageClass": "STANDARD_IA"}}'
            for i in range(3)) + f'\n    ],\n    "NextToken": "{b64r(s,48)}"\n}}')

    return family("b17: aws cli credentials and listings", [p0, p1], [n0, n1, n2])


def gcloud_az() -> list:
    def p0(s):
        t = "ya29.a0" + gen(s, 150, B62 + "-_")
        return ("out", "gcloud auth print-access-token", t, t)

    def p1(s):
        v = random_secret(s, 28)
        return ("out", "az keyvault secret show --vault-name acme-kv --name sql-admin-password", f"""{{
  "attributes": {{"created": "2026-01-09T12:41:22+00:00", "enabled": true, "recoveryLevel": "Recoverable+Purgeable"}},
  "contentType": null,
  "id": "https://acme-kv.vault.azure.net/secrets/sql-admin-password/{hx(s,32)}",
  "kid": null,
  "managed": null,
  "name": "sql-admin-password",
  "value": "{v}"
}}""", v)

    def n0(s):
        return ("out", "gcloud secrets versions list stripe-api-key", "NAME  STATE     CREATED              DESTROYED\n" + "\n".join(
            f"{i}     {'enabled' if i == 4 else 'disabled'}  2026-0{i}-0{num(s+str(i),1,9)}T10:1{i}:22  -" for i in range(4, 0, -1)))

    def n1(s):
        return ("out", "az keyvault secret list --vault-name acme-kv -o table", "Name                    Id                                                               ContentType    Enabled\n" + "\n".join(
            f"{n:<23} https://acme-kv.vault.azure.net/secrets/{n}                  True" for n in ["sql-admin-password", "storage-conn-string", "graph-client-secret", "jwt-signing-key"]))

    def n2(s):
        return ("out", "gcloud iam service-accounts keys list --iam-account deployer@acme-prod.iam.gserviceaccount.com",
                "KEY_ID                                    CREATED_AT            EXPIRES_AT            DISABLED\n" + "\n".join(
                    f"{hx(s+str(i),40)}  2026-0{i+1}-1{i}T09:22:1{i}Z  9999-12-31T23:59:59Z" for i in range(3)))

    return family("b17: gcloud and az secret stores", [p0, p1], [n0, n1, n2])


def psql() -> list:
    def p0(s):
        p = pw(s)
        return ("cmd", "ALTER ROLE", f"psql -h db.internal -U postgres -c \"ALTER ROLE reporting WITH LOGIN PASSWORD '{p}';\"", p)

    def p1(s):
        p = random_secret(s, 20)
        return ("out", "cat ~/.pgpass", f"""# hostname:port:database:username:password
db.internal:5432:app:app:{p}
replica.internal:5432:*:readonly:{pw(s)}""", (p, pw(s)))

    def n0(s):
        return ("out", "psql -c '\\du'", """                                   List of roles
 Role name  |                         Attributes                         
------------+------------------------------------------------------------
 app        | 
 postgres   | Superuser, Create role, Create DB, Replication, Bypass RLS
 reporting  | Password valid until 2026-06-30 00:00:00+00""")

    def n1(s):
        return ("out", "psql -c \"select usename, passwd is not null as has_pw, valuntil from pg_shadow\"", """ usename  | has_pw |        valuntil        
----------+--------+------------------------
 postgres | t      | 
 app      | t      | 
 reporting| t      | 2026-06-30 00:00:00+00
(3 rows)""")

    def n2(s):
        return ("out", "psql -c 'select id, token_hash, expires_at from api_tokens order by id desc limit 4'", " id  |                            token_hash                            |       expires_at\n-----+------------------------------------------------------------------+---------------------\n" + "\n".join(
            f" {1000-i} | {hx(s+str(i))} | 2026-04-0{i+1} 12:00:00" for i in range(4)) + "\n(4 rows)")

    return family("b17: psql roles, pgpass and token tables", [p0, p1], [n0, n1, n2])


def redis() -> list:
    def p0(s):
        p = pw(s)
        return ("cmd", "Warning: Using a password with '-a' or '-u' option on the command line interface may not be safe.\nPONG",
                f"redis-cli -h cache.internal -a '{p}' ping", p)

    def p1(s):
        p = random_secret(s, 32)
        return ("file", "/etc/redis/redis.conf", f"""bind 0.0.0.0
port 6379
protected-mode yes
requirepass {p}
maxmemory 2gb
maxmemory-policy allkeys-lru
appendonly yes""", p)

    def n0(s):
        return ("out", "redis-cli info server", f"""# Server
redis_version:7.2.4
redis_git_sha1:00000000
redis_git_dirty:0
redis_build_id:{hx(s,16)}
redis_mode:standalone
os:Linux 6.1.0-18-amd64 x86_64
process_id:{num(s,100,9999)}
run_id:{hx(s+'r',40)}
tcp_port:6379
uptime_in_seconds:{num(s,1000,999999)}""")

    def n1(s):
        return ("out", "redis-cli --scan --pattern 'sess:*' | head -5", "\n".join(f"sess:{hx(s+str(i),32)}" for i in range(5)))

    def n2(s):
        return ("out", "redis-cli acl list", """1) "user default on sanitize-payload #""" + hx(s) + """ ~* &* +@all"
2) "user metrics on sanitize-payload #""" + hx(s+'m') + """ ~metrics:* resetchannels -@all +info +ping\"""")

    return family("b17: redis cli, configs and acl hashes", [p0, p1], [n0, n1, n2])


def pytest_runs() -> list:
    def p0(s):
        k = "sk_live_" + gen(s, 24)
        return ("out", "pytest tests/billing -x -q", f"""F
=================================== FAILURES ===================================
____________________________ test_charge_roundtrip _____________________________

    def test_charge_roundtrip(client):
>       resp = client.charge(amount=500, currency="eur")
E       stripe.error.AuthenticationError: Invalid API Key provided: {k}

tests/billing/test_charge.py:{num(s,10,90)}: AuthenticationError
=========================== short test summary info ============================
FAILED tests/billing/test_charge.py::test_charge_roundtrip - stripe.error.AuthenticationError
1 failed in 2.{num(s,10,99)}s""", k)

    def p1(s):
        p = pw(s)
        return ("out", "pytest tests/integration -q -k smtp", f"""E       smtplib.SMTPAuthenticationError: (535, b'5.7.8 Username and Password not accepted')
E       
E       During handling, settings were:
E         SMTP_HOST = 'smtp.acme.io'
E         SMTP_USER = 'alerts@acme.io'
E         SMTP_PASSWORD = '{p}'
1 failed, 12 passed in 8.{num(s,10,99)}s""", p)

    def n0(s):
        return ("out", "pytest tests/auth -v", "\n".join(
            f"tests/auth/test_{t}.py::{c} PASSED{' ' * 8}[{(i+1)*12}%]" for i, (t, c) in enumerate([
                ("password", "test_password_reset_token_expires"), ("password", "test_hash_password_argon2"),
                ("tokens", "test_refresh_token_rotation"), ("tokens", "test_revoked_api_key_rejected"),
                ("hmac", "test_signature_mismatch_is_401"), ("secrets", "test_secret_never_logged"),
                ("session", "test_session_cookie_httponly"), ("session", "test_csrf_token_required")]))
            + f"\n\n======== 8 passed in 1.{num(s,10,99)}s ========")

    def n1(s):
        return ("out", "pytest tests/test_signing.py -q", f"""F.
    def test_signature_is_stable():
        sig = sign(b"payload", key=FAKE_KEY)
>       assert sig == "{hx(s)}"
E       AssertionError: assert '{hx(s+'x')}' == '{hx(s)}'
E         - {hx(s)}
E         + {hx(s+'x')}
1 failed, 1 passed in 0.{num(s,10,99)}s""")

    def n2(s):
        return ("out", "pytest --collect-only -q tests/secrets", "\n".join(
            f"tests/secrets/test_detect.py::test_detects[{p}]" for p in ["aws_key", "github_pat", "slack_token", "jwt", "private_key", "password_in_url"])
            + "\n\n6 tests collected in 0.04s")

    return family("b17: pytest runs around auth code", [p0, p1], [n0, n1, n2])


def crash_dumps() -> list:
    def p0(s):
        p = pw(s)
        return ("out", "go run ./cmd/worker", f"""panic: pq: password authentication failed for user "worker"

goroutine 1 [running]:
main.mustConnect({{0xc00001c0f0, 0x{num(s,40,90):x}}})
\t/home/dev/app/cmd/worker/main.go:41 +0x1a5
main.main()
\t/home/dev/app/cmd/worker/main.go:18 +0x45
exit status 2
2026/03/14 10:22:31 dsn=postgres://worker:{p}@db.internal:5432/jobs?sslmode=require""", p)

    def p1(s):
        t = random_secret(s, 32)
        return ("out", "cat /var/crash/api.core.txt | head -20", f"""Thread 1 "api" received signal SIGSEGV, Segmentation fault.
0x00007f{hx(s,10)} in strlen () from /lib/x86_64-linux-gnu/libc.so.6
#0  0x00007f{hx(s,10)} in strlen ()
#1  0x000055{hx(s+'1',10)} in auth_header (token=0x55{hx(s+'2',10)} "{t}") at src/http.c:212
#2  0x000055{hx(s+'3',10)} in send_request (req=0x7ffd{hx(s+'4',8)}) at src/http.c:340""", t)

    def n0(s):
        return ("out", "go test ./internal/token/...", f"""--- FAIL: TestRotate (0.00s)
panic: runtime error: invalid memory address or nil pointer dereference [recovered]
[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x{hx(s,7)}]

goroutine 7 [running]:
testing.tRunner.func1.2({{0x{hx(s+'a',6)}, 0x{hx(s+'b',6)}}})
\t/usr/local/go/src/testing/testing.go:1545 +0x238
github.com/acme/app/internal/token.(*Store).Rotate(0x0, {{0xc0000a4000, 0x20}})
\t/home/dev/app/internal/token/store.go:77 +0x2c
FAIL\tgithub.com/acme/app/internal/token\t0.0{num(s,10,99)}s""")

    def n1(s):
        return ("out", "coredumpctl info 4412 | head -24", f"""           PID: {num(s,1000,60000)} (vault-agent)
           UID: 998 (vault)
        Signal: 6 (ABRT)
     Timestamp: Sat 2026-03-14 10:21:02 UTC
  Command Line: /usr/bin/vault-agent -config=/etc/vault-agent.d/agent.hcl
    Boot ID: {hx(s,32)}
    Machine ID: {hx(s+'m',32)}
       Storage: /var/lib/systemd/coredump/core.vault-agent.998.{hx(s+'c',32)}.{num(s,1000,60000)}.zst
       Message: Process (vault-agent) of user 998 dumped core.""")

    def n2(s):
        return ("out", "python -X faulthandler worker.py", f"""Fatal Python error: Segmentation fault

Current thread 0x00007f{hx(s,10)} (most recent call first):
  File "/home/dev/app/.venv/lib/python3.12/site-packages/nacl/bindings/crypto_secretbox.py", line 63 in crypto_secretbox
  File "/home/dev/app/src/crypto.py", line 41 in seal
  File "/home/dev/app/worker.py", line 12 in <module>

Extension modules: _cffi_backend, nacl._sodium (total: 2)""")

    return family("b17: crash dumps and panics", [p0, p1], [n0, n1, n2])


def spring_java() -> list:
    def p0(s):
        u = uuid_of(s)
        return ("out", "./gradlew bootRun", f"""  .   ____          _            __ _ _
 /\\\\ / ___'_ __ _ _(_)_ __  __ _ \\ \\ \\ \\
  '  |____| .__|_| |_|_| |_\\__, | / / / /
 :: Spring Boot ::                (v3.2.3)

2026-03-14T10:22:31.118Z  INFO {num(s,1000,9999)} --- [  restartedMain] c.a.app.Application  : Starting Application using Java 21.0.2
2026-03-14T10:22:33.402Z  WARN {num(s,1000,9999)} --- [  restartedMain] .s.s.UserDetailsServiceAutoConfiguration : 

Using generated security password: {u}

This generated password is for development use only. Your security configuration must be updated before running your application in production.
2026-03-14T10:22:33.911Z  INFO {num(s,1000,9999)} --- [  restartedMain] o.s.b.w.embedded.tomcat.TomcatWebServer  : Tomcat started on port 8080 (http)""", u)

    def p1(s):
        p = pw(s)
        return ("file", "src/main/resources/application-prod.properties", f"""spring.datasource.url=jdbc:postgresql://db.internal:5432/app
spring.datasource.username=app
spring.datasource.password={p}
spring.jpa.hibernate.ddl-auto=validate
management.endpoints.web.exposure.include=health,info""", p)

    def n0(s):
        return ("file", "src/main/resources/application.yml", """spring:
  datasource:
    url: jdbc:postgresql://${DB_HOST:localhost}:5432/app
    username: ${DB_USER:app}
    password: ${DB_PASSWORD}
  security:
    oauth2:
      resourceserver:
        jwt:
          issuer-uri: https://auth.acme.io/realms/acme
          jwk-set-uri: https://auth.acme.io/realms/acme/protocol/openid-connect/certs
jwt:
  secret: ${JWT_SECRET:?JWT_SECRET must be set}""")

    def n1(s):
        return ("out", "./gradlew test --tests '*TokenServiceTest'", f"""> Task :test

TokenServiceTest > expiredTokenIsRejected() PASSED
TokenServiceTest > signatureMismatchIsRejected() FAILED
    org.opentest4j.AssertionFailedError: expected: <{hx(s,43)}> but was: <{hx(s+'y',43)}>
        at app//com.acme.auth.TokenServiceTest.signatureMismatchIsRejected(TokenServiceTest.java:{num(s,30,120)})

2 tests completed, 1 failed
BUILD FAILED in {num(s,5,40)}s""")

    def n2(s):
        return ("out", "./gradlew dependencies --configuration runtimeClasspath | grep -i -E 'jwt|security|crypto'", """+--- org.springframework.boot:spring-boot-starter-security -> 3.2.3
|    +--- org.springframework.security:spring-security-config:6.2.2
|    +--- org.springframework.security:spring-security-web:6.2.2
+--- io.jsonwebtoken:jjwt-api:0.12.5
+--- io.jsonwebtoken:jjwt-impl:0.12.5
\\--- org.bouncycastle:bcprov-jdk18on:1.77""")

    return family("b17: spring boot startup and gradle output", [p0, p1], [n0, n1, n2])


def tracing() -> list:
    def p0(s):
        t = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9." + b64r(s, 30).rstrip("=").replace("+", "-").replace("/", "_") + "." + b64r(s + "g", 32).rstrip("=").replace("+", "-").replace("/", "_")
        return ("out", "otel-cli dump --last 1", f"""Span #0
    Trace ID       : {hx(s,32)}
    Parent ID      : {hx(s+'p',16)}
    ID             : {hx(s+'i',16)}
    Name           : GET /api/v1/invoices
    Kind           : Server
    Attributes:
         -> http.request.method: Str(GET)
         -> http.route: Str(/api/v1/invoices)
         -> http.request.header.authorization: Slice(["Bearer {t}"])
         -> http.response.status_code: Int(200)""", t)

    def p1(s):
        k = random_secret(s, 40)
        return ("out", f"jq '.spans[3].tags' trace-{hx(s, 8)}.json", f"""[
  {{"key": "db.system", "type": "string", "value": "redis"}},
  {{"key": "db.statement", "type": "string", "value": "AUTH {k}"}},
  {{"key": "net.peer.name", "type": "string", "value": "cache.internal"}}
]""", k)

    def n0(s):
        return ("out", "otel-cli dump --last 1", f"""ResourceSpans #0
Resource attributes:
     -> service.name: Str(token-broker)
     -> service.instance.id: Str({uuid_of(s)})
Span #0
    Trace ID       : {hx(s,32)}
    Parent ID      : {hx(s+'p',16)}
    ID             : {hx(s+'i',16)}
    Name           : POST /oauth/token
    Attributes:
         -> http.request.header.authorization: Slice(["[REDACTED]"])
         -> enduser.id: Str(usr_{gen(s,14)})
         -> http.response.status_code: Int(200)""")

    def n1(s):
        return ("out", f"curl -s localhost:16686/api/traces/{hx(s, 32)} | jq -c '.data[0].spans[] | [.spanID,.operationName,.duration]'", "\n".join(
            f'["{hx(s+str(i),16)}","{op}",{num(s+op,100,90000)}]' for i, op in enumerate(
                ["HTTP POST /login", "argon2.verify", "SELECT users", "redis SET sess", "jwt.sign", "HTTP 302"])))

    def n2(s):
        return ("out", "tail -3 /var/log/app/trace.log", "\n".join(
            f'{{"ts":"2026-03-14T10:22:3{i}Z","level":"debug","traceparent":"00-{hx(s+str(i),32)}-{hx(s+str(i)+"s",16)}-01","msg":"verified api key","key_id":"key_{gen(s+str(i),10)}","key_fingerprint":"{hx(s+str(i)+"f",16)}"}}'
            for i in range(3)))

    return family("b17: tracing spans and exporters", [p0, p1], [n0, n1, n2])


def access_logs() -> list:
    def p0(s):
        t = gen(s, 40)
        return ("out", "tail -n 4 /var/log/nginx/access.log", "\n".join([
            f'10.0.3.{num(s,2,250)} - - [14/Mar/2026:10:22:3{i}] "GET /static/app.{hx(s+str(i),8)}.js HTTP/1.1" 200 {num(s+str(i),900,99999)} "-" "Mozilla/5.0"' for i in range(2)] + [
            f'10.0.3.{num(s,2,250)} - - [14/Mar/2026:10:22:33] "GET /api/export?format=csv&access_token={t} HTTP/1.1" 200 48213 "-" "python-requests/2.31.0"',
            f'10.0.3.{num(s,2,250)} - - [14/Mar/2026:10:22:34] "GET /healthz HTTP/1.1" 200 2 "-" "kube-probe/1.29"']), t)

    def p1(s):
        p = quote(pw(s), safe="")
        return ("out", "grep 'POST /login' /var/log/apache2/access.log | tail -2", f"""192.168.1.{num(s,2,250)} - - [14/Mar/2026:09:58:02 +0000] "POST /login HTTP/1.1" 302 - "https://intranet.acme.io/login" "Mozilla/5.0"
192.168.1.{num(s,2,250)} - - [14/Mar/2026:09:58:41 +0000] "GET /login?user=mhale&password={p} HTTP/1.1" 200 3112 "-" "curl/8.5.0\"""", p)

    def n0(s):
        return ("out", "tail -n 5 /var/log/nginx/access.log", "\n".join(
            f'10.0.3.{num(s+str(i),2,250)} - - [14/Mar/2026:10:22:3{i}] "GET {p} HTTP/1.1" {c} {num(s+str(i),100,9999)} "-" "Mozilla/5.0" rt=0.0{num(s+str(i),10,99)} req_id={hx(s+str(i),32)}'
            for i, (p, c) in enumerate([("/auth/reset?token=<redacted>", 200), (f"/assets/index-{gen(s,8)}.css", 200),
                                        ("/api/keys", 401), (f"/u/{uuid_of(s)}/avatar.png", 304), ("/oauth/callback?code=[filtered]&state=[filtered]", 302)])))

    def n1(s):
        return ("out", "goaccess /var/log/nginx/access.log --no-global-config -o report.txt && sed -n 40,46p report.txt", f""" Hits   h%    Vis.  v%     Tx. Amount Mtd  Proto    Data
 ----- ------ ---- ------ ---------- ---- -------- ----
 {num(s,100,999)}  12.4%  {num(s,10,99)}  8.1%     1.2 MiB GET  HTTP/1.1 /api/v1/tokens
 {num(s,100,999)}   9.9%  {num(s,10,99)}  6.3%   901 KiB POST HTTP/1.1 /api/v1/sessions
 {num(s,10,99)}   2.0%  {num(s,1,9)}  1.1%    88 KiB POST HTTP/1.1 /password/reset""")

    def n2(s):
        return ("out", "jq -c 'select(.status>=400)' /var/log/caddy/access.json | head -3", "\n".join(
            f'{{"level":"info","ts":17419{num(s+str(i),10000,99999)}.{num(s,100,999)},"logger":"http.log.access","request":{{"method":"POST","uri":"/api/login","headers":{{"Authorization":["REDACTED"],"Cookie":["REDACTED"]}}}},"status":{401 + i},"request_id":"{uuid_of(s+str(i))}"}}'
            for i in range(3)))

    return family("b17: web server access logs", [p0, p1], [n0, n1, n2])


def curl_verbose() -> list:
    def p0(s):
        t = "ghp_" + gen(s, 36)
        return ("out", f"curl -v -H 'Authorization: token {t}' https://api.github.com/user", f"""*   Trying 140.82.121.6:443...
* Connected to api.github.com (140.82.121.6) port 443
* SSL connection using TLSv1.3 / TLS_AES_128_GCM_SHA256
> GET /user HTTP/2
> Host: api.github.com
> User-Agent: curl/8.5.0
> Accept: */*
> Authorization: token {t}
>
< HTTP/2 200
< x-github-request-id: {gen(s,4).upper()}:{hx(s,6).upper()}:{hx(s+'r',7).upper()}
< etag: W/"{hx(s+'e',64)}"
< x-ratelimit-remaining: 4987""", t)

    def p1(s):
        c = b64r(s, 33).replace("+", "-").replace("/", "_")
        return ("out", "curl -si -X POST https://app.acme.io/login -d @creds.json | head -8", f"""HTTP/2 302
location: /dashboard
set-cookie: __Host-session={c}; Path=/; Secure; HttpOnly; SameSite=Lax
set-cookie: csrftoken=; Max-Age=0; Path=/
x-request-id: {uuid_of(s)}
content-length: 0""", c)

    def n0(s):
        return ("out", "curl -sI https://cdn.acme.io/app.js", f"""HTTP/2 200
content-type: application/javascript
etag: "{hx(s,32)}"
x-amz-id-2: {b64r(s,48)}
x-amz-request-id: {gen(s,16).upper()}
x-amz-version-id: {gen(s+'v',32)}
x-cache: Hit from cloudfront
x-amz-cf-id: {gen(s+'c',56,B62+'_-')}==
content-security-policy: script-src 'self' 'sha256-{b64r(s+'csp',32)}' 'nonce-static'""")

    def n1(s):
        return ("out", "curl -v https://api.acme.io/v1/me 2>&1 | grep -E '^[<>]'", f"""> GET /v1/me HTTP/2
> Host: api.acme.io
> authorization: Bearer $ACME_TOKEN
>
< HTTP/2 401
< www-authenticate: Bearer realm="api", error="invalid_token", error_description="The access token is malformed"
< x-trace-id: {hx(s,32)}""")

    def n2(s):
        return ("out", "curl -s https://auth.acme.io/.well-known/jwks.json | jq '.keys[0]'", f"""{{
  "kty": "RSA",
  "kid": "{hx(s,16)}",
  "use": "sig",
  "alg": "RS256",
  "n": "{b64r(s,32).rstrip('=')}{b64r(s+'2',32).rstrip('=')}{b64r(s+'3',32).rstrip('=')}",
  "e": "AQAB"
}}""")

    return family("b17: curl verbose exchanges", [p0, p1], [n0, n1, n2])


def terraform() -> list:
    def p0(s):
        p = random_secret(s, 24)
        return ("out", "terraform output -json", f"""{{
  "db_endpoint": {{"sensitive": false, "type": "string", "value": "app-prod.c{gen(s,10).lower()}.eu-west-1.rds.amazonaws.com:5432"}},
  "db_master_password": {{"sensitive": true, "type": "string", "value": "{p}"}},
  "vpc_id": {{"sensitive": false, "type": "string", "value": "vpc-{hx(s,17)}"}}
}}""", p)

    def p1(s):
        p = pw(s)
        return ("file", "envs/prod/terraform.tfvars", f"""region            = "eu-west-1"
instance_class    = "db.r6g.large"
db_username       = "app"
db_password       = "{p}"
allowed_cidrs     = ["10.0.0.0/16"]""", p)

    def n0(s):
        return ("out", "terraform plan -no-color | sed -n 1,24p", f"""aws_db_instance.app: Refreshing state... [id=db-{gen(s,26).upper()}]
aws_secretsmanager_secret.db: Refreshing state... [id=arn:aws:secretsmanager:eu-west-1:412233445566:secret:prod/db-{gen(s,6)}]

  # aws_db_instance.app will be updated in-place
  ~ resource "aws_db_instance" "app" {{
        id                    = "db-{gen(s,26).upper()}"
      ~ password              = (sensitive value)
        tags                  = {{}}
        # (42 unchanged attributes hidden)
    }}

Plan: 0 to add, 1 to change, 0 to destroy.

Changes to Outputs:
  ~ db_master_password = (sensitive value)""")

    def n1(s):
        return ("file", "modules/db/main.tf", f"""resource "random_password" "master" {{
  length           = 32
  special          = true
  override_special = "!#$%&*()-_=+[]{{}}<>:?"
}}

resource "aws_db_instance" "app" {{
  identifier     = "app-prod"
  username       = "app"
  password       = random_password.master.result
  kms_key_id     = "arn:aws:kms:eu-west-1:412233445566:key/{uuid_of(s)}"
}}

output "db_master_password" {{
  value     = random_password.master.result
  sensitive = true
}}""")

    def n2(s):
        return ("out", "terraform state list | grep -i -E 'secret|key|password'", "\n".join([
            "aws_kms_key.backups", "aws_secretsmanager_secret.db", "aws_secretsmanager_secret_version.db",
            "random_password.master", f"tls_private_key.deploy[\"{gen(s,6).lower()}\"]", "aws_iam_access_key.ci"]))

    return family("b17: terraform plans, state and outputs", [p0, p1], [n0, n1, n2])


def helm_ansible() -> list:
    def p0(s):
        p = pw(s)
        return ("out", "helm get values keycloak -n auth", f"""USER-SUPPLIED VALUES:
auth:
  adminUser: admin
  adminPassword: "{p}"
postgresql:
  enabled: false
externalDatabase:
  host: db.internal
  existingSecret: keycloak-db""", p)

    def p1(s):
        p = random_secret(s, 26)
        return ("out", "ansible-vault view group_vars/prod/vault.yml --vault-password-file ~/.vault_pass", f"""---
vault_db_password: "{p}"
vault_smtp_user: "alerts@acme.io"
""", p)

    def n0(s):
        body = "\n".join(hx(s + str(i), 80) for i in range(6))
        return ("file", "group_vars/prod/vault.yml", "$ANSIBLE_VAULT;1.1;AES256\n" + body)

    def n1(s):
        return ("file", "charts/api/values.yaml", f"""image:
  repository: registry.acme.io/api
  digest: sha256:{hx(s)}
auth:
  # Name of an existing secret holding `admin-password` and `jwt-secret`
  existingSecret: ""
  adminPassword: ""   # generated when empty, read it with: kubectl get secret ... -o jsonpath
  jwtSecretKey: jwt-secret
podAnnotations:
  checksum/config: {hx(s+'c')}""")

    def n2(s):
        return ("out", "ansible-playbook site.yml --check --diff -l web", f"""TASK [app : template .env] *****************************************************
--- before: /srv/app/.env
+++ after: /home/dev/.ansible/tmp/ansible-local-{num(s,1000,9999)}{gen(s,8).lower()}/tmp{gen(s+'t',8).lower()}/env.j2
@@ -3,3 +3,3 @@
-DB_PASSWORD=********
+DB_PASSWORD=********
changed: [web-01] => (item=None)
ok: [web-02]

PLAY RECAP *********************************************************************
web-01                     : ok=12   changed=1    unreachable=0    failed=0    skipped=2""")

    return family("b17: helm values and ansible vaults", [p0, p1], [n0, n1, n2])


def scanners() -> list:
    def p0(s):
        t = "glpat-" + gen(s, 20, B62 + "-_")
        return ("out", "trufflehog git file://. --only-verified --no-update", f"""🐷🔑🐷  TruffleHog. Unearth your secrets. 🐷🔑🐷

✅ Found verified result 🐷🔑
Detector Type: Gitlab
Decoder Type: PLAIN
Raw result: {t}
Commit: {hx(s,40)}
Email: Mara Hale <mhale@acme.io>
File: deploy/ci.env
Line: 3
Repository: file://.
Timestamp: 2026-02-28 14:11:09 +0000""", t)

    def p1(s):
        k = "AKIA" + gen(s, 16).upper()
        sk = gen(s + "s", 40, B62 + "/+")
        return ("out", "detect-secrets audit .secrets.baseline --report --json | jq '.[0]'", f"""{{
  "category": "VERIFIED_TRUE",
  "lines": {{"14": "aws_secret_access_key = {sk}"}},
  "secrets": "{sk}",
  "types": ["AWS Access Key"],
  "filename": "scripts/backup.sh",
  "note": "paired with {k}"
}}""", (k, sk))

    def n0(s):
        return ("out", "gitleaks detect --source . -v --redact", f"""
    ○
    │╲
    │ ○
    ○ ░
    ░    gitleaks

Finding:     aws_secret_access_key = REDACTED
Secret:      REDACTED
RuleID:      aws-access-token
Entropy:     4.{num(s,100,999)}
File:        scripts/backup.sh
Line:        14
Commit:      {hx(s,40)}
Author:      Mara Hale
Date:        2026-02-28T14:11:09Z
Fingerprint: {hx(s,40)}:scripts/backup.sh:aws-access-token:14

10:22AM INF 412 commits scanned.
10:22AM WRN leaks found: 1""")

    def n1(s):
        return ("file", ".secrets.baseline", f"""{{
  "version": "1.4.0",
  "plugins_used": [{{"name": "AWSKeyDetector"}}, {{"name": "Base64HighEntropyString", "limit": 4.5}}, {{"name": "KeywordDetector"}}],
  "results": {{
    "tests/fixtures/config.yml": [
      {{"type": "Secret Keyword", "filename": "tests/fixtures/config.yml", "hashed_secret": "{hx(s,40)}", "is_verified": false, "line_number": 7}}
    ],
    "docs/setup.md": [
      {{"type": "Base64 High Entropy String", "filename": "docs/setup.md", "hashed_secret": "{hx(s+'d',40)}", "is_verified": false, "line_number": 88}}
    ]
  }},
  "generated_at": "2026-03-14T10:22:31Z"
}}""")

    def n2(s):
        return ("out", "trivy fs --scanners secret .", f"""2026-03-14T10:22:31Z\tINFO\tSecret scanning is enabled
app/.env.example (secrets)
==========================
Total: 1 (UNKNOWN: 0, LOW: 0, MEDIUM: 0, HIGH: 1, CRITICAL: 0)

HIGH: Stripe (stripe-secret-token)
════════════════════════════════════════
Stripe Secret Key
────────────────────────────────────────
 app/.env.example:4 (offset: {num(s,40,400)} bytes)
────────────────────────────────────────
   3   STRIPE_PUBLISHABLE_KEY=pk_test_xxxxxxxxxxxxxxxxxxxx
   4 [ STRIPE_SECRET_KEY=****************************
   5   STRIPE_WEBHOOK_SECRET=whsec_...
────────────────────────────────────────""")

    return family("b17: secret scanners' reports", [p0, p1], [n0, n1, n2])


def hash_code() -> list:
    def p0(s):
        k = random_secret(s, 40)
        return ("file", "src/webhooks/verify.py", f"""import hashlib
import hmac

WEBHOOK_KEY = b"{k}"


def verify(body: bytes, header: str) -> bool:
    digest = hmac.new(WEBHOOK_KEY, body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(digest, header.removeprefix("sha256="))""", k)

    def p1(s):
        k = hx(s, 64)
        return ("file", "internal/sign/sign.go", f"""package sign

import (
\t"crypto/hmac"
\t"crypto/sha256"
\t"encoding/hex"
)

// shared with the partner, rotated 2026-01
var partnerKey = []byte("{k}")

func Sign(msg []byte) string {{
\tm := hmac.New(sha256.New, partnerKey)
\tm.Write(msg)
\treturn hex.EncodeToString(m.Sum(nil))
}}""", k)

    def n0(s):
        return ("file", "src/util/ids.py", f"""import hashlib
import os
import secrets
import uuid

NAMESPACE = uuid.UUID("{uuid_of(s)}")  # fixed namespace for deterministic ids


def content_id(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def new_api_key() -> tuple[str, str]:
    raw = "ak_" + secrets.token_urlsafe(32)
    return raw, hashlib.sha256(raw.encode()).hexdigest()


def signing_key() -> bytes:
    return os.environ["SIGNING_KEY"].encode()""")

    def n1(s):
        return ("file", "tests/test_hmac.py", """import hmac, hashlib

# RFC 4231 test case 2
KEY = b"Jefe"
DATA = b"what do ya want for nothing?"
EXPECTED = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"


def test_rfc4231_case2():
    assert hmac.new(KEY, DATA, hashlib.sha256).hexdigest() == EXPECTED


def test_empty_digest():
    assert hashlib.sha256(b"").hexdigest() == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
""")

    def n2(s):
        return ("out", f"node -e \"const c=require('crypto');for(const a of ['md5','sha1','sha256'])console.log(a, c.createHash(a).update('build-{num(s, 100, 999)}').digest('hex'))\"",
                f"md5 {hx(s,32)}\nsha1 {hx(s+'1',40)}\nsha256 {hx(s+'2',64)}")

    return family("b17: code computing hashes and signatures", [p0, p1], [n0, n1, n2])


def auth_docs() -> list:
    def p0(s):
        k = "sk-ant-api03-" + gen(s, 86, B62 + "-_") + "AA"
        return ("file", "README.md", f"""## Running locally

1. Copy `.env.example` to `.env`.
2. For now you can use the team key (ask Mara before it rotates):

```
ANTHROPIC_API_KEY={k}
```

3. `make dev` and open http://localhost:3000""", k)

    def p1(s):
        p = pw(s)
        return ("file", "docs/onboarding.md", f"""# Staging access

The staging admin is `ops-admin` / `{p}` until SSO is wired (ticket OPS-{num(s,100,999)}).
Do not use it for prod; prod logins go through Okta.""", p)

    def n0(s):
        return ("file", "docs/auth.md", """# Authentication

Every request carries a bearer token:

    Authorization: Bearer <ACCESS_TOKEN>

Get one with the client-credentials grant:

```bash
curl -X POST https://auth.acme.io/oauth/token \\
  -d grant_type=client_credentials \\
  -d client_id=$CLIENT_ID \\
  -d client_secret=$CLIENT_SECRET
```

Tokens expire after 3600 s. Refresh tokens are rotated on every use; a reused refresh token
revokes the whole family. Never log the `Authorization` header.""")

    def n1(s):
        return ("file", "README.md", """### Configuration

| Variable | Required | Example |
|---|---|---|
| `DATABASE_URL` | yes | `postgres://user:password@localhost:5432/app` |
| `SECRET_KEY` | yes | `change-me` |
| `STRIPE_SECRET_KEY` | no | `sk_test_...` |
| `SENTRY_DSN` | no | `https://<key>@o0.ingest.sentry.io/<project>` |

Generate `SECRET_KEY` with `python -c "import secrets; print(secrets.token_hex(32))"`.""")

    def n2(s):
        return ("prompt", None, "can you write docs for the API key flow? users create a key in settings, we show it once "
                "(like `ak_live_xxxxxxxx`), store only the sha256, and they send it as `X-Api-Key`. mention rotation "
                "and that support will never ask for the full key")

    return family("b17: readmes and docs about auth", [p0, p1], [n0, n1, n2])


def keygen_output() -> list:
    def p0(s):
        v = hx(s, 64)
        return ("out", "echo \"SESSION_SECRET=$(openssl rand -hex 32)\" >> .env && tail -2 .env", f"DATABASE_URL=postgres://app@localhost/app\nSESSION_SECRET={v}", v)

    def p1(s):
        v = b64r(s, 32)
        return ("out", "openssl rand -base64 32 | tee /dev/stderr | kubectl create secret generic app-key --from-file=key=/dev/stdin -n prod",
                f"{v}\nsecret/app-key created", v)

    def n0(s):
        art = "\n".join("|" + gen(s + str(i), 17, " .o+=*BOX@%&#/^SE") + "|" for i in range(9))
        return ("out", "ssh-keygen -t ed25519 -C 'ci@acme.io' -f ~/.ssh/ci_deploy -N ''", f"""Generating public/private ed25519 key pair.
Your identification has been saved in /home/dev/.ssh/ci_deploy
Your public key has been saved in /home/dev/.ssh/ci_deploy.pub
The key fingerprint is:
SHA256:{b64r(s,32).rstrip('=')} ci@acme.io
The key's randomart image is:
+--[ED25519 256]--+
{art}
+----[SHA256]-----+""")

    def n1(s):
        return ("out", "cat ~/.ssh/ci_deploy.pub && ssh-keygen -lf ~/.ssh/ci_deploy.pub",
                f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b64r(s,32).rstrip('=')} ci@acme.io\n256 SHA256:{b64r(s+'f',32).rstrip('=')} ci@acme.io (ED25519)")

    def n2(s):
        return ("out", "gpg --list-secret-keys --keyid-format=long", f"""/home/dev/.gnupg/pubring.kbx
-----------------------------
sec   ed25519/{hx(s,16).upper()} 2025-06-02 [SC] [expires: 2027-06-02]
      {hx(s+'fp',40).upper()}
uid                 [ultimate] Mara Hale <mhale@acme.io>
ssb   cv25519/{hx(s+'sub',16).upper()} 2025-06-02 [E] [expires: 2027-06-02]""")

    return family("b17: key generators and fingerprints", [p0, p1], [n0, n1, n2])


def git_history() -> list:
    def p0(s):
        t = "xoxb-" + str(num(s, 10**10, 10**11)) + "-" + str(num(s + "b", 10**12, 10**13)) + "-" + gen(s, 24)
        return ("out", "git show HEAD~3 -- deploy/ci.env", f"""commit {hx(s,40)}
Author: Mara Hale <mhale@acme.io>
Date:   Fri Feb 28 14:11:09 2026 +0000

    ci: slack notifications

diff --git a/deploy/ci.env b/deploy/ci.env
index {hx(s+'a',7)}..{hx(s+'b',7)} 100644
--- a/deploy/ci.env
+++ b/deploy/ci.env
@@ -1,2 +1,3 @@
 REGISTRY=registry.acme.io
 IMAGE=app
+SLACK_BOT_TOKEN={t}""", t)

    def p1(s):
        p = pw(s)
        return ("out", "git log -p -S 'SMTP_PASS' --oneline | head -12", f"""{hx(s,7)} remove smtp creds from settings
-SMTP_PASS = "{p}"
+SMTP_PASS = os.environ["SMTP_PASS"]
{hx(s+'2',7)} add mailer
+SMTP_PASS = "{p}\"""", p)

    def n0(s):
        return ("out", "git log --show-signature -2", f"""commit {hx(s,40)}
gpg: Signature made Sat 14 Mar 2026 10:02:11 UTC
gpg:                using EDDSA key {hx(s+'k',40).upper()}
gpg: Good signature from "Mara Hale <mhale@acme.io>" [ultimate]
Author: Mara Hale <mhale@acme.io>
Date:   Sat Mar 14 10:02:11 2026 +0000

    auth: rotate refresh tokens on use (fixes token reuse, see SEC-{num(s,10,99)})

    Signed-off-by: Mara Hale <mhale@acme.io>
    Change-Id: I{hx(s+'c',40)}

commit {hx(s+'p',40)}
Merge: {hx(s+'m1',7)} {hx(s+'m2',7)}
Author: Dev Bot <bot@acme.io>

    Merge pull request #{num(s,100,999)} from acme/secrets-manager-migration""")

    def n1(s):
        return ("out", "git diff --stat && git diff config/settings.py", f""" config/settings.py | 4 ++--
 1 file changed, 2 insertions(+), 2 deletions(-)
diff --git a/config/settings.py b/config/settings.py
index {hx(s,7)}..{hx(s+'x',7)} 100644
--- a/config/settings.py
+++ b/config/settings.py
@@ -18,4 +18,4 @@
-SECRET_KEY = env("SECRET_KEY", default="django-insecure-dev-only")
+SECRET_KEY = env("SECRET_KEY")
-API_TOKEN = env("API_TOKEN", default="")
+API_TOKEN = env.secret("API_TOKEN")""")

    def n2(s):
        return ("out", "git reflog -6", "\n".join(
            f"{hx(s+str(i),7)} HEAD@{{{i}}}: {m}" for i, m in enumerate([
                "commit: move jwt secret to vault", "rebase (finish): returning to refs/heads/secret-rotation",
                "rebase (pick): token hashing with sha256", "checkout: moving from main to secret-rotation",
                "pull --ff-only: Fast-forward", "commit: bump passlib"])))

    return family("b17: git history and diffs", [p0, p1], [n0, n1, n2])


def ci_logs() -> list:
    def p0(s):
        t = "npm_" + gen(s, 36)
        return ("out", "gh run view 8412 --log-failed | tail -8", f"""publish\tPublish\t2026-03-14T10:22:31.1182Z ##[group]Run echo "//registry.npmjs.org/:_authToken=$NODE_AUTH_TOKEN" > ~/.npmrc
publish\tPublish\t2026-03-14T10:22:31.1190Z + cat ~/.npmrc
publish\tPublish\t2026-03-14T10:22:31.1202Z //registry.npmjs.org/:_authToken={t}
publish\tPublish\t2026-03-14T10:22:33.4410Z npm ERR! 403 403 Forbidden - PUT https://registry.npmjs.org/@acme%2fui-kit
publish\tPublish\t2026-03-14T10:22:33.5120Z ##[error]Process completed with exit code 1.""", t)

    def p1(s):
        p = pw(s)
        return ("out", "glab ci trace 99812 | grep -n -A2 'set -x'", f"""41:$ set -x
42:+ mysql -h db.internal -u deployer -p{p} -e 'SELECT 1'
43:mysql: [Warning] Using a password on the command line interface can be insecure.""", p)

    def n0(s):
        return ("out", "gh run view 8412 --log | sed -n 20,30p", f"""build\tSet up job\t2026-03-14T10:20:11.0010Z Secret source: Actions
build\tSet up job\t2026-03-14T10:20:11.0021Z GITHUB_TOKEN Permissions
build\tSet up job\t2026-03-14T10:20:11.0022Z   Contents: read
build\tSet up job\t2026-03-14T10:20:11.0023Z   Packages: write
build\tLogin\t2026-03-14T10:20:14.2110Z ##[group]Run docker/login-action@{hx(s,40)}
build\tLogin\t2026-03-14T10:20:14.2114Z   password: ***
build\tLogin\t2026-03-14T10:20:14.2115Z   username: acme-bot
build\tLogin\t2026-03-14T10:20:15.9001Z Login Succeeded!
build\tBuild\t2026-03-14T10:21:48.7712Z #12 exporting manifest sha256:{hx(s+'m')} done
build\tBuild\t2026-03-14T10:21:48.7790Z #12 naming to registry.acme.io/app:sha-{hx(s+'g',7)} done""")

    def n1(s):
        return ("file", ".github/workflows/release.yml", f"""name: release
on:
  push:
    tags: ["v*"]
permissions:
  id-token: write
  contents: read
jobs:
  publish:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@{hx(s,40)} # v4.1.1
      - uses: aws-actions/configure-aws-credentials@{hx(s+'a',40)} # v4
        with:
          role-to-assume: arn:aws:iam::412233445566:role/gh-release
          aws-region: eu-west-1
      - run: echo "::add-mask::${{{{ steps.token.outputs.value }}}}"
      - run: npm publish
        env:
          NODE_AUTH_TOKEN: ${{{{ secrets.NPM_TOKEN }}}}""")

    def n2(s):
        return ("out", "gh secret list && gh variable list", f"""NAME                 UPDATED
DOCKERHUB_TOKEN      about 2 months ago
NPM_TOKEN            about 12 days ago
SLACK_WEBHOOK_URL    about 1 year ago
NAME          VALUE                                    UPDATED
AWS_ROLE_ARN  arn:aws:iam::412233445566:role/gh-release  about 3 days ago
CACHE_KEY     v3-{hx(s,12)}                        about 1 day ago""")

    return family("b17: ci job logs and workflow files", [p0, p1], [n0, n1, n2])


def journald() -> list:
    def p0(s):
        p = pw(s)
        return ("out", "systemctl cat backup.service", f"""# /etc/systemd/system/backup.service
[Unit]
Description=Nightly restic backup
After=network-online.target

[Service]
Type=oneshot
Environment=RESTIC_REPOSITORY=s3:s3.eu-west-1.amazonaws.com/acme-backups/restic
Environment=RESTIC_PASSWORD={p}
ExecStart=/usr/bin/restic backup /srv --exclude-caches""", p)

    def p1(s):
        t = random_secret(s, 36)
        return ("out", "journalctl -u metrics-agent -n 5 --no-pager", f"""Mar 14 10:22:30 web-01 systemd[1]: Started metrics-agent.service - Metrics agent.
Mar 14 10:22:31 web-01 metrics-agent[{num(s,1000,9999)}]: loaded config /etc/metrics-agent.yaml
Mar 14 10:22:31 web-01 metrics-agent[{num(s,1000,9999)}]: DEBUG exporter: POST https://ingest.metrics.acme.io/v1/series api_key={t}
Mar 14 10:22:32 web-01 metrics-agent[{num(s,1000,9999)}]: WARN exporter: 403 Forbidden""", t)

    def n0(s):
        return ("out", "journalctl -b -u sshd --no-pager | tail -4", f"""Mar 14 09:11:02 web-01 sshd[{num(s,1000,9999)}]: Accepted publickey for deploy from 10.0.3.{num(s,2,250)} port {num(s,30000,60000)} ssh2: ED25519 SHA256:{b64r(s,32).rstrip('=')}
Mar 14 09:11:02 web-01 sshd[{num(s,1000,9999)}]: pam_unix(sshd:session): session opened for user deploy(uid=1001) by (uid=0)
Mar 14 09:40:55 web-01 sshd[{num(s,1000,9999)}]: Failed password for invalid user admin from 203.0.113.{num(s,2,250)} port {num(s+'x',30000,60000)} ssh2
Mar 14 09:40:57 web-01 sshd[{num(s,1000,9999)}]: Connection closed by invalid user admin 203.0.113.{num(s,2,250)} port {num(s+'x',30000,60000)} [preauth]""")

    def n1(s):
        return ("out", "systemctl show app.service -p Environment -p LoadCredential -p InvocationID", f"""Environment=APP_ENV=production DB_PASSWORD_FILE=%d/db_password
LoadCredential=db_password:/etc/credstore/app.db_password
InvocationID={hx(s,32)}""")

    def n2(s):
        return ("out", "journalctl --list-boots | tail -3 && cat /etc/machine-id", "\n".join(
            f" {-i:>2} {hx(s+str(i),32)} Sat 2026-03-1{4-i} 0{i}:00:01 UTC Sat 2026-03-1{4-i} 23:59:59 UTC" for i in range(2, -1, -1))
            + f"\n{hx(s+'mid',32)}")

    return family("b17: systemd units and journal lines", [p0, p1], [n0, n1, n2])


def dotnet_maven() -> list:
    def p0(s):
        p = random_secret(s, 30)
        return ("file", "NuGet.Config", f"""<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <add key="nuget.org" value="https://api.nuget.org/v3/index.json" protocolVersion="3" />
    <add key="acme" value="https://pkgs.dev.azure.com/acme/_packaging/acme/nuget/v3/index.json" />
  </packageSources>
  <packageSourceCredentials>
    <acme>
      <add key="Username" value="build" />
      <add key="ClearTextPassword" value="{p}" />
    </acme>
  </packageSourceCredentials>
</configuration>""", p)

    def p1(s):
        p = pw(s)
        return ("file", "~/.m2/settings.xml", f"""<settings>
  <servers>
    <server>
      <id>acme-releases</id>
      <username>deployer</username>
      <password>{p}</password>
    </server>
  </servers>
</settings>""", p)

    def n0(s):
        return ("out", "mvn -B deploy -DskipTests | grep -E 'Upload|Download' | head -6", "\n".join(
            f"[INFO] {v}: https://nexus.acme.io/repository/maven-releases/com/acme/auth-core/2.4.{i}/auth-core-2.4.{i}{e} ({num(s+str(i),1,900)} kB at {num(s+e,100,9000)} kB/s)"
            for i, (v, e) in enumerate([("Uploading", ".jar"), ("Uploaded", ".jar"), ("Uploading", ".jar.sha1"), ("Uploaded", ".pom.md5"),
                                        ("Downloaded", ".pom"), ("Downloading", "-sources.jar")])) + f"\n[INFO] checksum {hx(s,40)}")

    def n1(s):
        return ("file", "~/.m2/settings.xml", """<settings>
  <servers>
    <server>
      <id>acme-releases</id>
      <username>${env.NEXUS_USER}</username>
      <password>${env.NEXUS_PASSWORD}</password>
    </server>
    <server>
      <id>acme-snapshots</id>
      <!-- password comes from the CI credential helper (NEXUS_SNAPSHOT_TOKEN) -->
      <password>${env.NEXUS_SNAPSHOT_TOKEN}</password>
    </server>
  </servers>
</settings>""")

    def n2(s):
        return ("out", "dotnet list package --vulnerable", f"""Project `Acme.Auth` has the following vulnerable packages
   [net8.0]:
   Top-level Package                               Requested   Resolved   Severity   Advisory URL
   > System.IdentityModel.Tokens.Jwt               6.24.0      6.24.0     Moderate   https://github.com/advisories/GHSA-{gen(s,4).lower()}-{gen(s+'b',4).lower()}-{gen(s+'c',4).lower()}
   > Microsoft.AspNetCore.Authentication.JwtBearer 7.0.0       7.0.0      High       https://github.com/advisories/GHSA-{gen(s+'d',4).lower()}-{gen(s+'e',4).lower()}-{gen(s+'f',4).lower()}""")

    return family("b17: nuget and maven credentials", [p0, p1], [n0, n1, n2])


def browser_har() -> list:
    def p0(s):
        c = gen(s, 32, HEX)
        return ("file", "/home/dev/Downloads/app.acme.io.har", f"""{{"log": {{"version": "1.2", "entries": [{{
  "startedDateTime": "2026-03-14T10:22:31.118Z",
  "request": {{"method": "GET", "url": "https://app.acme.io/api/me",
    "headers": [{{"name": "cookie", "value": "_ga=GA1.1.{num(s,10**8,10**9)}.{num(s+'t',10**9,2*10**9)}; sessionid={c}; theme=dark"}}]}},
  "response": {{"status": 200, "headers": [{{"name": "x-request-id", "value": "{uuid_of(s)}"}}]}},
  "timings": {{"blocked": 1.2, "dns": -1, "ssl": -1, "wait": {num(s,20,400)}.4, "receive": 0.8}}
}}]}}}}""", c)

    def p1(s):
        t = b64r(s, 32).rstrip("=").replace("+", "-").replace("/", "_")
        return ("prompt", None, f"the dashboard keeps logging me out. from devtools > application > cookies: remember_token = {t}  (domain app.acme.io, expires 2026-04-13). why would it not be honored?", t)

    def n0(s):
        return ("out", "jq '.log.entries[] | {url: .request.url, status: .response.status, wait: .timings.wait}' session.har | head -20", "\n".join(
            f'{{\n  "url": "https://app.acme.io/{p}",\n  "status": {c},\n  "wait": {num(s+p,5,900)}.{num(s+p+"w",1,9)}\n}}'
            for p, c in [(f"assets/main.{hx(s,10)}.js", 200), ("api/csrf", 204), (f"api/orders/{uuid_of(s)}", 200), ("api/keys?masked=1", 200)]))

    def n1(s):
        return ("out", "sqlite3 ~/.config/chromium/Default/Cookies 'select host_key, name, length(encrypted_value) from cookies where host_key like \"%acme%\"'",
                ".acme.io|_ga|0\n.acme.io|_gid|0\napp.acme.io|sessionid|{}\napp.acme.io|csrftoken|{}".format(num(s, 60, 90), num(s + "c", 60, 90)))

    def n2(s):
        return ("prompt", None, f"in the HAR the login request goes to /api/session and the response sets a cookie but I stripped the values before sharing. request id {uuid_of(s)}, trace {hx(s,32)}. why is the second call 401?")

    return family("b17: browser har exports and cookies", [p0, p1], [n0, n1, n2])


def mongo_kafka() -> list:
    def p0(s):
        p = pw(s)
        q = quote(p, safe="")
        return ("cmd", "Current Mongosh Log ID:\t" + hx(s, 24) + "\nConnecting to:\t\tmongodb+srv://<credentials>@cluster0.ab1cd.mongodb.net/",
                f"mongosh 'mongodb+srv://app:{q}@cluster0.ab1cd.mongodb.net/orders'", q)

    def p1(s):
        p = random_secret(s, 28)
        return ("file", "config/client.properties", f"""bootstrap.servers=pkc-{gen(s,5).lower()}.eu-west-1.aws.confluent.cloud:9092
security.protocol=SASL_SSL
sasl.mechanism=PLAIN
sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{gen(s+'u',16).upper()}" password="{p}";
session.timeout.ms=45000""", p)

    def n0(s):
        return ("out", "mongosh --quiet --eval 'db.sessions.find({}, {_id:1, userId:1, tokenHash:1}).limit(3)'", "[\n" + ",\n".join(
            f"  {{ _id: ObjectId('{hx(s+str(i),24)}'), userId: ObjectId('{hx(s+str(i)+'u',24)}'), tokenHash: '{hx(s+str(i)+'h')}' }}"
            for i in range(3)) + "\n]")

    def n1(s):
        return ("out", "kafka-consumer-groups.sh --bootstrap-server localhost:9092 --describe --group auth-events", "GROUP        TOPIC              PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG  CONSUMER-ID                                          HOST         CLIENT-ID\n" + "\n".join(
            f"auth-events  token.revoked      {i}          {num(s+str(i),1000,99999)}           {num(s+str(i),1000,99999)}           0    consumer-auth-1-{uuid_of(s+str(i))}  /10.0.3.{num(s+str(i),2,250)}   consumer-auth-1"
            for i in range(3)))

    def n2(s):
        return ("out", "rabbitmqctl list_users && rabbitmqctl list_permissions -p /", """Listing users ...
user\ttags
guest\t[administrator]
app\t[]
monitoring\t[monitoring]
Listing permissions for vhost "/" ...
user\tconfigure\twrite\tread
app\t^app\\..*\t^app\\..*\t.*
monitoring\t\t\t.*""")

    return family("b17: mongo, kafka and rabbitmq clients", [p0, p1], [n0, n1, n2])


def stripe_vault() -> list:
    def p0(s):
        w = "whsec_" + gen(s, 32)
        return ("out", "stripe listen --forward-to localhost:4242/webhook", f"""> Ready! You are using Stripe API Version [2024-06-20]. Your webhook signing secret is {w} (^C to quit)
2026-03-14 10:22:31   --> payment_intent.created [evt_{gen(s+'e',24)}]
2026-03-14 10:22:31  <--  [200] POST http://localhost:4242/webhook [evt_{gen(s+'e',24)}]""", w)

    def p1(s):
        t = "hvs." + gen(s, 24)
        return ("out", "vault login -method=userpass username=mhale", f"""Password (will be hidden):
Success! You are now authenticated. The token information displayed below
is already stored in the token helper. You do NOT need to run "vault login"
again. Future Vault requests will automatically use this token.

Key                    Value
---                    -----
token                  {t}
token_accessor         {gen(s+'a',24)}
token_duration         768h
token_renewable        true
token_policies         ["default" "devs"]""", t)

    def p2(s):
        p = pw(s)
        return ("out", "vault kv get -mount=secret prod/db", f"""== Secret Path ==
secret/data/prod/db

======= Metadata =======
Key                Value
---                -----
created_time       2026-02-11T08:14:22.{num(s,100000,999999)}Z
custom_metadata    <nil>
deletion_time      n/a
destroyed          false
version            {num(s,2,9)}

====== Data ======
Key         Value
---         -----
password    {p}
username    app""", p)

    def n0(s):
        return ("out", "stripe events list --limit 3 | jq -r '.data[] | [.id, .type, .request.id] | @tsv'", "\n".join(
            f"evt_{gen(s+str(i),24)}\t{t}\treq_{gen(s+str(i)+'r',14)}" for i, t in enumerate(["charge.succeeded", "customer.updated", "invoice.paid"])))

    def n1(s):
        return ("out", "vault token lookup -accessor " + gen(s, 24), f"""Key                 Value
---                 -----
accessor            {gen(s,24)}
creation_time       {num(s,1700000000,1750000000)}
display_name        userpass-mhale
entity_id           {uuid_of(s)}
expire_time         2026-04-15T10:22:31.118Z
id                  n/a
policies            [default devs]
ttl                 767h59m{num(s,10,59)}s""")

    def n2(s):
        return ("out", "vault kv metadata get -mount=secret prod/db", f"""===== Metadata Path =====
secret/metadata/prod/db

========== Metadata ==========
Key                     Value
---                     -----
cas_required            false
created_time            2025-10-02T09:11:20.{num(s,100000,999999)}Z
current_version         {num(s,2,9)}
max_versions            0
updated_time            2026-02-11T08:14:22.{num(s+'u',100000,999999)}Z""")

    return family("b17: stripe cli and vault cli sessions", [p0, p1, p2], [n0, n1, n2])


def pem_x509() -> list:
    def p0(s):
        body = "\n".join(base64.b64encode(hashlib.sha512((s + str(i)).encode()).digest()[:48]).decode() for i in range(8))
        return ("out", "cat certs/server.key", f"-----BEGIN PRIVATE KEY-----\n{body}\n-----END PRIVATE KEY-----", tuple(body.split("\n")))

    def p1(s):
        body = "\n".join(base64.b64encode(hashlib.sha512((s + "e" + str(i)).encode()).digest()[:48]).decode() for i in range(5))
        return ("prompt", None, f"""this key works with openssl but paramiko says 'not a valid EC private key file', why?

-----BEGIN EC PRIVATE KEY-----
{body}
-----END EC PRIVATE KEY-----""", tuple(body.split("\n")))

    def n0(s):
        return ("out", "openssl x509 -in certs/server.crt -noout -text | head -22", f"""Certificate:
    Data:
        Version: 3 (0x2)
        Serial Number:
            {':'.join(hx(s,32)[i:i+2] for i in range(0, 32, 2))}
        Signature Algorithm: sha256WithRSAEncryption
        Issuer: C = US, O = Let's Encrypt, CN = R3
        Validity
            Not Before: Feb 12 08:14:22 2026 GMT
            Not After : May 13 08:14:21 2026 GMT
        Subject: CN = api.acme.io
        Subject Public Key Info:
            Public Key Algorithm: rsaEncryption
                Public-Key: (2048 bit)
                Modulus:
                    00:{':'.join(hx(s+'m',30)[i:i+2] for i in range(0, 30, 2))}:
                    {':'.join(hx(s+'n',30)[i:i+2] for i in range(0, 30, 2))}:
                Exponent: 65537 (0x10001)
        X509v3 extensions:
            X509v3 Subject Key Identifier: 
                {':'.join(hx(s+'k',40)[i:i+2] for i in range(0, 40, 2)).upper()}""")

    def n1(s):
        body = "\n".join(base64.b64encode(hashlib.sha512((s + "c" + str(i)).encode()).digest()[:48]).decode() for i in range(6))
        return ("file", "certs/ca.crt", f"-----BEGIN CERTIFICATE-----\n{body}\n-----END CERTIFICATE-----")

    def n2(s):
        return ("out", "openssl s_client -connect api.acme.io:443 -brief </dev/null", f"""CONNECTION ESTABLISHED
Protocol version: TLSv1.3
Ciphersuite: TLS_AES_256_GCM_SHA384
Peer certificate: CN = api.acme.io
Hash used: SHA256
Signature type: RSA-PSS
Verification: OK
Peer Temp Key: X25519, 253 bits
Session-ID: {hx(s,64).upper()}
Master-Key: <redacted>""")

    return family("b17: pem blocks and x509 dumps", [p0, p1], [n0, n1, n2])


def bundles() -> list:
    def p0(s):
        k = "sk_live_" + gen(s, 24)
        return ("out", "grep -o 'sk_live_[A-Za-z0-9]*' dist/assets/index-*.js | head -1; ls dist/assets",
                f"dist/assets/index-{gen(s,8)}.js:{k}\nindex-{gen(s,8)}.js\nindex-{gen(s+'c',8)}.css\nvendor-{gen(s+'v',8)}.js", k)

    def p1(s):
        k = random_secret(s, 32)
        return ("out", "npx vite build --mode staging && grep -o 'VITE_[A-Z_]*:\"[^\"]*\"' dist/assets/*.js",
                f"""vite v5.1.4 building for staging...
✓ 812 modules transformed.
dist/index.html                   0.46 kB │ gzip:  0.30 kB
dist/assets/index-{gen(s,8)}.js   412.18 kB │ gzip: 131.02 kB
✓ built in 4.{num(s,10,99)}s
VITE_API_URL:"https://staging-api.acme.io"
VITE_ADMIN_API_SECRET:"{k}\"""", k)

    def n0(s):
        return ("out", "npx webpack --mode production", f"""asset main.{hx(s,20)}.js 412 KiB [emitted] [immutable] [minimized] (name: main)
asset vendors.{hx(s+'v',20)}.js 1.1 MiB [emitted] [immutable] [minimized] [big] (name: vendors)
asset main.{hx(s+'c',20)}.css 38.2 KiB [emitted] [immutable] (name: main)
orphan modules 2.4 MiB [orphan] 812 modules
webpack 5.90.3 compiled with 1 warning in {num(s,4000,30000)} ms
WARNING in DefinePlugin
Conflicting values for 'process.env.STRIPE_PUBLISHABLE_KEY'""")

    def n1(s):
        return ("file", "dist/.vite/manifest.json", "{\n" + ",\n".join(
            f'  "src/{p}": {{"file": "assets/{p.split("/")[-1].split(".")[0]}-{gen(s+p,8)}.js", "src": "src/{p}", "integrity": "sha384-{b64r(s+p,48)}"}}'
            for p in ["main.ts", "auth/login.ts", "auth/token.ts", "pages/ApiKeys.vue"]) + "\n}")

    def n2(s):
        return ("out", "source-map-explorer dist/assets/index-*.js --json | jq '.results[0].files | keys[]' | head -6", "\n".join(
            f'"{p}"' for p in ["node_modules/jose/dist/browser/jwt/sign.js", "node_modules/crypto-js/hmac-sha256.js",
                               "src/auth/tokenStore.ts", "src/auth/secretsBanner.vue", "src/api/keys.ts", "[EOLs]"]))

    return family("b17: frontend bundles and build manifests", [p0, p1], [n0, n1, n2])


def chat_webhooks() -> list:
    def p0(s):
        u = f"https://hooks.slack.com/services/T{gen(s,8).upper()}/B{gen(s+'b',10).upper()}/{gen(s+'x',24)}"
        return ("prompt", None, f"wire the deploy script to post to #deploys, webhook is {u} — just a plain json {{text}} payload is fine", u.rsplit("/", 1)[1])

    def p1(s):
        u = f"https://discord.com/api/webhooks/{num(s,10**17,10**18)}/{gen(s,68,B62+'-_')}"
        return ("file", "scripts/notify.sh", f"""#!/usr/bin/env bash
set -euo pipefail
WEBHOOK="{u}"
curl -fsS -H 'Content-Type: application/json' -d "{{\\"content\\": \\"$1\\"}}" "$WEBHOOK\"""", u.rsplit("/", 1)[1])

    def n0(s):
        return ("prompt", None, "the slack notification step fails with `invalid_token`. the webhook url lives in SLACK_WEBHOOK_URL (repo secret), it looks like https://hooks.slack.com/services/T000/B000/XXXX. did slack deprecate these?")

    def n1(s):
        return ("out", "curl -s -X POST \"$SLACK_WEBHOOK_URL\" -d '{\"text\":\"deploy ok\"}' -w ' %{http_code}\\n'", "invalid_token 403")

    def n2(s):
        return ("file", "scripts/notify.sh", """#!/usr/bin/env bash
set -euo pipefail
: "${DISCORD_WEBHOOK:?set DISCORD_WEBHOOK (see 1Password: Ops / Discord deploy hook)}"
curl -fsS -H 'Content-Type: application/json' -d "{\\"content\\": \\"$1\\"}" "$DISCORD_WEBHOOK\"""")

    return family("b17: chat webhooks in scripts and prompts", [p0, p1], [n0, n1, n2])


def strace_tracing() -> list:
    def p0(s):
        p = pw(s)
        return ("out", "strace -f -e trace=write,sendto -s 200 mysql -h db.internal -u app -p 2>&1 | grep -i auth | head -3", f"""[pid {num(s,1000,9999)}] write(1, "Enter password: ", 16) = 16
[pid {num(s,1000,9999)}] read(0, "{p}\\n", 4096) = {len(p)+1}
[pid {num(s,1000,9999)}] sendto(3, "\\x4a\\x00\\x00\\x01\\x85\\xa6\\xff\\x01...", 78, MSG_DONTWAIT, NULL, 0) = 78""", p)

    def p1(s):
        t = random_secret(s, 30)
        return ("out", "ltrace -e getenv ./legacy-sync 2>&1 | head -4", f"""legacy-sync->getenv("HOME") = "/home/dev"
legacy-sync->getenv("SYNC_API_TOKEN") = "{t}"
legacy-sync->getenv("SYNC_DEBUG") = nil
+++ exited (status 0) +++""", t)

    def n0(s):
        return ("out", "strace -c -f ./token-broker --selftest", f"""% time     seconds  usecs/call     calls    errors syscall
------ ----------- ----------- --------- --------- ----------------
 41.12    0.00{num(s,1000,9999)}          {num(s,1,90)}       {num(s,10,900)}           getrandom
 22.40    0.00{num(s+'b',1000,9999)}          {num(s+'b',1,90)}       {num(s+'b',10,900)}         3 openat
 11.05    0.000{num(s+'c',100,999)}           {num(s+'c',1,9)}        {num(s+'c',10,99)}           read
------ ----------- ----------- --------- --------- ----------------
100.00    0.0{num(s+'t',10000,99999)}                   {num(s+'t',100,999)}         3 total""")

    def n1(s):
        return ("out", "strace -e trace=openat,getrandom -f python -c 'import secrets; secrets.token_hex(16)' 2>&1 | tail -4", f"""openat(AT_FDCWD, "/usr/lib/python3.12/secrets.py", O_RDONLY|O_CLOEXEC) = 3
openat(AT_FDCWD, "/usr/lib/python3.12/__pycache__/hmac.cpython-312.pyc", O_RDONLY|O_CLOEXEC) = 3
getrandom("\\x{hx(s,2)}\\x{hx(s+'1',2)}\\x{hx(s+'2',2)}\\x{hx(s+'3',2)}"..., 16, 0) = 16
+++ exited with 0 +++""")

    def n2(s):
        return ("out", "perf report --stdio --sort symbol | head -8", f"""# Samples: {num(s,1000,90000)}  of event 'cpu-clock:pppH'
# Event count (approx.): {num(s,10**8,10**9)}
#
    {num(s,10,40)}.{num(s,10,99)}%  [.] argon2_fill_segment
    {num(s+'b',5,15)}.{num(s+'b',10,99)}%  [.] blake2b_compress
     {num(s+'c',1,5)}.{num(s+'c',10,99)}%  [.] hmac_sha256_update
     0.{num(s+'d',10,99)}%  [k] 0xffffffff{hx(s,8)}""")

    return family("b17: strace, ltrace and perf output", [p0, p1], [n0, n1, n2])


def auth_files() -> list:
    def p0(s):
        t = "ghp_" + gen(s, 36)
        return ("file", "auth.json", f"""{{
    "github-oauth": {{
        "github.com": "{t}"
    }},
    "http-basic": {{
        "repo.packagist.com": {{"username": "token", "password": "{hx(s+'pk',40)}"}}
    }}
}}""", (t, hx(s + "pk", 40)))

    def p1(s):
        k = "rubygems_" + hx(s, 48)
        return ("out", "cat ~/.gem/credentials", f"---\n:rubygems_api_key: {k}\n", k)

    def p2(s):
        p = pw(s)
        return ("file", "~/.netrc", f"""machine api.heroku.com
  login mhale@acme.io
  password {p}
machine git.heroku.com
  login mhale@acme.io
  password {p}""", p)

    def p3(s):
        t = "pypi-AgEIcHlwaS5vcmc" + gen(s, 120, B62 + "-_")
        return ("file", "~/.pypirc", f"""[distutils]
index-servers = pypi testpypi

[pypi]
username = __token__
password = {t}

[testpypi]
repository = https://test.pypi.org/legacy/""", t)

    def n0(s):
        return ("file", "composer.lock", '{\n    "_readme": ["This file locks the dependencies of your project to a known state"],\n    "content-hash": "' + hx(s, 32) + '",\n    "packages": [\n' + ",\n".join(
            f'        {{"name": "{p}", "version": "v{num(s+p,1,6)}.{num(s+p,0,9)}.0", "source": {{"type": "git", "url": "https://github.com/{p}.git", "reference": "{hx(s+p,40)}"}}, "dist": {{"type": "zip", "shasum": ""}}}}'
            for p in ["firebase/php-jwt", "paragonie/sodium_compat", "defuse/php-encryption"]) + "\n    ]\n}")

    def n1(s):
        return ("out", "gem build acme-auth.gemspec && gem push acme-auth-1.4.0.gem --key rubygems_acme", f"""  Successfully built RubyGem
  Name: acme-auth
  Version: 1.4.0
  File: acme-auth-1.4.0.gem
Pushing gem to https://rubygems.org...
You have enabled multi-factor authentication. Please enter OTP code.
Code:   Successfully registered gem: acme-auth (1.4.0)
sha256: {hx(s)}""")

    return family("b17: composer, gem, netrc and pypirc auth files", [p0, p1, p2, p3], [n0, n1])


def compose_env() -> list:
    def p0(s):
        p = pw(s)
        return ("file", "docker-compose.yml", f"""services:
  db:
    image: postgres:16@sha256:{hx(s)}
    environment:
      POSTGRES_USER: app
      POSTGRES_PASSWORD: "{p}"
    volumes: [pgdata:/var/lib/postgresql/data]
volumes:
  pgdata: {{}}""", p)

    def p1(s):
        p = random_secret(s, 24)
        return ("file", ".env", f"""COMPOSE_PROJECT_NAME=app
MINIO_ROOT_USER=minio
MINIO_ROOT_PASSWORD={p}
MINIO_BUCKET=uploads
IMAGE_TAG=sha-{hx(s,7)}""", p)

    def p2(s):
        k = random_secret(s, 40)
        return ("out", "docker compose config | sed -n '/api:/,/ports/p'", f"""  api:
    build:
      context: /home/dev/app
    environment:
      APP_ENV: production
      DJANGO_SECRET_KEY: {k}
      REDIS_URL: redis://cache:6379/0
    ports:""", k)

    def p3(s):
        p = pw(s)
        return ("cmd", "[+] Running 2/2\n ✔ Network app_default  Created\n ✔ Container app-db-1   Started",
                f"POSTGRES_PASSWORD='{p}' docker compose up -d db", p)

    def n0(s):
        return ("file", "docker-compose.yml", f"""services:
  db:
    image: postgres:16@sha256:{hx(s)}
    environment:
      POSTGRES_PASSWORD_FILE: /run/secrets/db_password
    secrets: [db_password]
  api:
    env_file: .env
    environment:
      DJANGO_SECRET_KEY: ${{DJANGO_SECRET_KEY:?}}
      SENTRY_RELEASE: ${{GIT_SHA:-dev}}
secrets:
  db_password:
    file: ./secrets/db_password.txt""")

    def n1(s):
        return ("file", ".env.example", """COMPOSE_PROJECT_NAME=app
POSTGRES_PASSWORD=
MINIO_ROOT_USER=minio
MINIO_ROOT_PASSWORD=change-me-please
DJANGO_SECRET_KEY=<generate with: openssl rand -hex 32>
STRIPE_SECRET_KEY=sk_test_REPLACE_ME""")

    return family("b17: compose files and env files", [p0, p1, p2, p3], [n0, n1])


def db_dumps() -> list:
    def p0(s):
        p = pw(s)
        return ("cmd", "mysqldump: [Warning] Using a password on the command line interface can be insecure.",
                f"mysqldump -h db.internal -u root --password='{p}' --single-transaction app | gzip > /tmp/app.sql.gz", p)

    def p1(s):
        p = random_secret(s, 22)
        return ("cmd", "", f"PGPASSWORD={p} pg_dump -h db.internal -U app -Fc app -f /tmp/app.dump", p)

    def p2(s):
        p = pw(s)
        return ("file", "~/.my.cnf", f"""[client]
user=root
password="{p}"
host=db.internal

[mysqldump]
single-transaction""", p)

    def p3(s):
        t = "xoxp-" + str(num(s, 10**10, 10**11)) + "-" + str(num(s + "u", 10**10, 10**11)) + "-" + hx(s, 32)
        return ("out", "zcat /tmp/app.sql.gz | grep -m1 'INSERT INTO `integrations`'",
                f"INSERT INTO `integrations` VALUES ({num(s,1,99)},'slack','T0{gen(s,8).upper()}','{t}','2026-01-09 12:41:22'),({num(s,100,199)},'github',NULL,NULL,'2026-02-01 08:00:00');", t)

    def n0(s):
        return ("out", "pg_dump -s -t users -t api_keys app | grep -v '^--' | sed '/^$/d' | head -16", """CREATE TABLE public.api_keys (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    prefix character varying(12) NOT NULL,
    key_hash bytea NOT NULL,
    last_used_at timestamp with time zone,
    revoked boolean DEFAULT false NOT NULL
);
CREATE TABLE public.users (
    id bigint NOT NULL,
    email public.citext NOT NULL,
    password_hash text NOT NULL,
    totp_secret_encrypted bytea,
    reset_token_hash text
);""")

    def n1(s):
        return ("out", "pg_restore -l /tmp/app.dump | head -8", f""";
; Archive created at 2026-03-14 02:00:0{num(s,1,9)} UTC
;     dbname: app
;     TOC Entries: {num(s,100,400)}
;     Format: CUSTOM
;     Dumped from database version: 16.2
{num(s,1000,9999)}; 1259 {num(s+'o',10000,99999)} TABLE public api_keys app
{num(s+'b',1000,9999)}; 1259 {num(s+'p',10000,99999)} TABLE public password_resets app""")

    return family("b17: database dumps and client option files", [p0, p1, p2, p3], [n0, n1])


def pasted_terminals() -> list:
    def p0(s):
        k = "sk-proj-" + gen(s, 48, B62 + "-_") + "T3BlbkFJ" + gen(s + "b", 48, B62 + "-_")
        return ("prompt", None, f"""i ran this and still get 401, what am I missing

$ export OPENAI_API_KEY={k}
$ python scripts/embed.py
openai.AuthenticationError: Error code: 401 - {{'error': {{'message': 'Incorrect API key provided', 'code': 'invalid_api_key'}}}}""", k)

    def p1(s):
        p = pw(s)
        return ("prompt", None, f"""heroku config output for the staging app, why does DATABASE_URL not match what the app logs?

=== acme-staging Config Vars
DATABASE_URL:      postgres://u{gen(s,8).lower()}:{p}@ec2-52-{num(s,1,250)}-{num(s,1,250)}-{num(s,1,250)}.eu-west-1.compute.amazonaws.com:5432/d{gen(s,10).lower()}
LOG_LEVEL:         debug
REDIS_TLS_URL:     rediss://:@ec2-34-1-2-3.eu-west-1.compute.amazonaws.com:12880""", p)

    def p2(s):
        t = random_secret(s, 32)
        return ("prompt", None, f"ok the new token from the vendor portal is {t} — update the integration test config and rerun only the vendor tests", t)

    def p3(s):
        p = pw(s)
        return ("prompt", None, f"sudo password on the build box is {p} if you need it for apt, then install libpq-dev and retry the wheel build", p)

    def n0(s):
        return ("prompt", None, f"""pasting `env | grep -i -E 'key|token|secret'` from the container (values masked by our entrypoint):

AWS_ACCESS_KEY_ID=AKIA****************
API_TOKEN_FILE=/run/secrets/api_token
SECRET_KEY_BASE=[set, 128 chars]
STRIPE_KEY_ID=key_{gen(s,14)}
TOKEN_TTL=3600

why would rails say secret_key_base is missing?""")

    def n1(s):
        return ("prompt", None, f"key id {hx(s,16)} was rotated by the cron at 02:00 and build {hx(s+'b',7)} started failing with 'signature verification failed'. request id {uuid_of(s)}. can you check if the jwks cache ttl explains it?")

    return family("b17: prompts pasting terminal sessions", [p0, p1, p2, p3], [n0, n1])


def cases() -> list:
    return (npm_logs() + pip_logs() + cargo() + docker() + kubectl() + aws() + gcloud_az() + psql() + redis()
            + pytest_runs() + crash_dumps() + spring_java() + tracing() + access_logs() + curl_verbose()
            + terraform() + helm_ansible() + scanners() + hash_code() + auth_docs() + keygen_output()
            + git_history() + ci_logs() + journald() + dotnet_maven() + browser_har() + mongo_kafka()
            + stripe_vault() + pem_x509() + bundles() + chat_webhooks() + strace_tracing() + auth_files()
            + compose_env() + db_dumps() + pasted_terminals())
