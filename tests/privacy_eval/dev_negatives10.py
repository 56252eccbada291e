"""More of the dev part (tests/privacy_eval/dev.py), a tenth batch: PRECISION on realistic tool
output again, in families the eighth batch (tests/privacy_eval/dev_negatives8.py) did not write:
cloud CLIs' describe and listing JSON (AWS, gcloud, az), Kubernetes objects as `-o yaml` prints them
(managed fields, webhooks' CA bundles, `kubectl config view`), Helm and Terraform state, Vault's
token and mount metadata, module and build tool outputs (Go, Cargo, pip, Bazel, Gradle, Maven,
Xcode), signing and verification outputs (apksigner, `git verify-commit`, gpg's colon listings,
minisign, `ssh -v`), WireGuard and mesh VPN configs, observability APIs (Prometheus, Grafana,
OpenTelemetry, error trackers), payment and messaging callbacks, database plans and activity,
Redis, Elasticsearch and Kafka listings, notebooks, design and docs APIs, bundle stats, coverage
reports, test runners with seeds, CDN response headers, content security policies, time-ordered
ids, Git LFS pointers, IPFS, blockchain receipts, directory searches, Windows security events,
migration tools' listings, encrypted files' envelopes; each as a tool result carries it (Bash
stdout, Read with line numbers, an Edit's new_string, a transcript line whose result is JSON
printed as text).  And real-looking secrets hidden in the same outputs.  Values are our own.

Part one, measured once before any change for it (bench_privacy's judge, filter at fac28d3): 504
cases (468 negatives in 52 families, 36 positives hidden in 11 families of the same outputs): **442
of 496 redactions false (89.1 %), 36 of 36 caught**.  The dev part with it: 442 of 5,467
redactions false (8.1 %; on realistic shapes 442 of 2,179, 20.3 %), recall 99.2 % (4,437 of
4,471); held unchanged (565 of 574 caught, 0 of 606 false).  False redactions by family (others
none): encrypted files' envelopes 116, time-ordered ids in logs 45, kubeconfig views 45 (and 9 in
the kubeconfig positives), minisign and signify keys 42, messaging callbacks 26, elasticsearch
cat apis 22, kubernetes deployments with secret refs 21, test runners with seeds 19, database
query plans 15, wireguard peer configs 15 (and 6 in the wireguard positives), ssh verbose
sessions 10, go module downloads 9, grafana api json 8, vault token and mount metadata 6,
notebook cell ids and widgets 6 (and 4 in the notebook positives), coverage reports 6, cdn
response headers 6, aws iam and lambda json 4, maven outputs and checksums 2.  After the first
round's fixes (store/privacy/never.py, the tenth batch's classes): 34 of 88 redactions false, 36
of 36 caught; the dev part's recall unchanged (4,437 of 4,471, the same cases missed).

Part two, written after the first round's fixes as a check on shapes it had not seen (package
managers' signatures and hash mismatches, BuildKit progress, Sigstore bundles, GitOps status,
Nomad and Consul listings, npm audit and pack, Wrangler deploys, adb outputs, macOS keychain
attributes, node descriptions and events, GraphQL responses, ACME challenges and CT logs,
Pulumi stack outputs, GitLab runner logs), measured once before the second round: 144 cases (126
negatives in 14 families, 18 positives in 6): **50 of 68 redactions false (73.5 %), 12 of 18
caught**.  False by family: gitlab runner logs 15 (and 6 in the runner-log positives), graphql
responses 15, infrastructure stack outputs 8, sigstore bundles 6.  Missed: a Consul `SecretID`
(a UUID), a keychain dump's `data:` and the password on the line below it.  The dev part with
it: 84 of 5,127 redactions false (1.6 %; realistic 84 of 1,839, 4.6 %), recall 99.1 % (4,449 of
4,489).
After the second round's fixes: 0 of 21 redactions false, 15 of 18 caught (the keychain dump's
printers joined the command table; the Consul `SecretID` is a finder's work, left).

Part three, written after the second round's fixes as another check (journal cursors in JSON,
browser storage dumps, CloudTrail events, Stripe event listings, MySQL replication status and
grants, mongosh output, Secret Manager metadata, `terraform init` logs, HTTP client errors with
cursors, HAR timings, Rails request logs, keytool listings, `dotnet restore` outputs), measured
once before the third round: 135 cases (117 negatives in 13 families, 18 positives in 6): **42 of
69 redactions false (60.9 %), 18 of 18 caught**.  False by family: database replication status 15
(and 6 in the database-log positives: MySQL's `IDENTIFIED BY PASSWORD '*<40 hex>'`, a hash),
secret store metadata 15 (a secret's resource name, `projects/N/secrets/db-password`), dotnet
restore outputs 6 (`dgSpecHash` in JSON printed as text).  The dev part with it: 76 of 5,149
redactions false (1.5 %; realistic 76 of 1,861, 4.1 %), recall 99.2 % (4,470 of 4,507).
After the third round's fixes: 0 of 27 redactions false, 18 of 18 caught; part one's left 34 ->
14 false (a Hypothesis example's argument, an e-mail's Message-ID were its classes too).

Part four, written after the third round's fixes as a last check (cargo test and audit, xcresult
JSON and SwiftPM, nginx and HAProxy access logs, JVM thread dumps and GC logs, ML experiment logs,
storage sync tools' checksums, Composer and Laravel listings, Bun and Deno installs), measured
with no change for it: 81 cases (72 negatives in 8 families, 9 positives in 3): **16 of 31
redactions false (51.6 %), 9 of 9 caught**, all in storage sync and checksums (8, and 8 in its
positives): a checksum printed as JSON text right after an escaped tab or line break (`Hash
(md5):\t\t<base64>`, `\n<md5>  file`), read with the escape's letter.  After the fourth round's
fix: 0 of 15 false, 9 of 9 caught.

The whole batch after the four rounds: 864 cases (783 negatives in 87 families, 81 positives in
26): 10 of 127 redactions false, 78 of 81 caught (after a last fix for part one's left: a table's
columns read in JSON printed as text).  Left: a random key id printed after the word `key`
(`rotated key 6ln2HXfd… (kid)`: ambiguous, kept as measured), a Consul `SecretID` (a UUID: no
finder proposes it).
"""

from __future__ import annotations

import base64
import json

from tests.privacy_eval import B62, HEX, Case, gen, random_secret, sha, uuid_of
from tests.privacy_eval.dev_negatives8 import (
    B64,
    as_bash,
    as_json_text,
    as_read,
    as_result,
)

UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
UPHEX = "0123456789ABCDEF"
L36 = "abcdefghijklmnopqrstuvwxyz0123456789"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
URLSAFE = B62 + "-_"


def _b64bytes(seed: str, n: int) -> str:
    return base64.b64encode(bytes(int(sha(seed + str(i), 2), 16) for i in range(n))).decode()


def _colons(seed: str, n: int, upper: bool = True) -> str:
    return ":".join(gen(seed + str(i), 2, UPHEX if upper else HEX) for i in range(n))


# ---- part one: negatives -----------------------------------------------------------------------

def aws_iam_lambda(s):
    return json.dumps({"Role": {"Path": "/service-role/", "RoleName": "api-token-rotator", "RoleId": "AROA" + gen(s, 17, B32),
                                "Arn": "arn:aws:iam::123456789012:role/service-role/api-token-rotator",
                                "CreateDate": "2026-01-15T10:22:31+00:00", "MaxSessionDuration": 3600,
                                "RoleLastUsed": {"LastUsedDate": "2026-03-14T09:12:01+00:00", "Region": "eu-west-1"}},
                       "Configuration": {"FunctionName": "rotate-api-keys", "Runtime": "python3.12", "CodeSize": 48213,
                                         "CodeSha256": _b64bytes(s + "code", 32), "Version": "$LATEST",
                                         "RevisionId": uuid_of(s + "rev"), "State": "Active",
                                         "Environment": {"Variables": {"SECRET_ARN": f"arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/api-keys-{gen(s, 6)}",
                                                                       "TOKEN_TTL": "3600"}}},
                       "ResponseMetadata": {"RequestId": uuid_of(s + "req"), "HTTPStatusCode": 200, "RetryAttempts": 0}}, indent=4)  # fmt: skip


def aws_s3api_cloudfront(s):
    return json.dumps({"AcceptRanges": "bytes", "LastModified": "2026-03-14T10:22:31+00:00", "ContentLength": 48213,
                       "ETag": f'"{gen(s, 32, HEX)}-4"', "VersionId": gen(s + "v", 32, URLSAFE + "."),
                       "ContentType": "application/json", "ServerSideEncryption": "aws:kms",
                       "SSEKMSKeyId": f"arn:aws:kms:eu-west-1:123456789012:key/{uuid_of(s + 'k')}", "BucketKeyEnabled": True,
                       "Metadata": {"sha256": sha(s + "m", 64)},
                       "Invalidation": {"Id": "I" + gen(s + "inv", 25, UP), "Status": "InProgress", "CreateTime": "2026-03-14T10:22:33.118000+00:00",
                                        "InvalidationBatch": {"Paths": {"Quantity": 1, "Items": ["/assets/*"]}, "CallerReference": "cli-1710411753-" + gen(s + "cr", 6, "0123456789")}},
                       "DistributionETag": "E" + gen(s + "et", 13, UP)}, indent=4)  # fmt: skip


def aws_kms_acm(s):
    return json.dumps({"KeyMetadata": {"AWSAccountId": "123456789012", "KeyId": uuid_of(s), "Arn": f"arn:aws:kms:eu-west-1:123456789012:key/{uuid_of(s)}",
                                       "KeyUsage": "ENCRYPT_DECRYPT", "KeySpec": "SYMMETRIC_DEFAULT", "KeyManager": "CUSTOMER", "MultiRegion": False},
                       "Certificate": {"CertificateArn": f"arn:aws:acm:us-east-1:123456789012:certificate/{uuid_of(s + 'c')}",
                                       "DomainName": "api.example.com", "Serial": _colons(s + "ser", 16, False), "KeyAlgorithm": "RSA-2048",
                                       "DomainValidationOptions": [{"ValidationMethod": "DNS", "ResourceRecord": {
                                           "Name": f"_{gen(s + 'dn', 32, HEX)}.api.example.com.", "Type": "CNAME",
                                           "Value": f"_{gen(s + 'dv', 32, HEX)}.{gen(s + 'dz', 10, 'abcdefghijklmnopqrstuvwxyz')}.acm-validations.aws."}}]}}, indent=2)  # fmt: skip


def aws_ecr(s):
    return json.dumps({"imageDetails": [{"registryId": "123456789012", "repositoryName": "auth-api",
                                         "imageDigest": "sha256:" + sha(s, 64), "imageTags": ["1.4.2", "latest"],
                                         "imageSizeInBytes": 48213377, "imagePushedAt": "2026-03-14T10:22:31+01:00",
                                         "imageScanFindingsSummary": {"findingSeverityCounts": {"HIGH": 1}},
                                         "artifactMediaType": "application/vnd.docker.container.image.v1+json"}],
                       "authorizationData": [{"proxyEndpoint": "https://123456789012.dkr.ecr.eu-west-1.amazonaws.com", "expiresAt": "2026-03-14T22:22:31+01:00"}]}, indent=4)  # fmt: skip


def gcloud_listings(s):
    return (f"createTime: '2024-01-15T10:22:31.118Z'\nlifecycleState: ACTIVE\nname: acme-prod\nprojectId: acme-prod-{gen(s, 6, '0123456789')}\n"
            f"projectNumber: '{gen(s + 'pn', 12, '0123456789')}'\netag: BwYT{gen(s + 'et', 8, B62)}=\n---\n"
            "NAME     ZONE            MACHINE_TYPE  INTERNAL_IP  EXTERNAL_IP    STATUS\n"
            "api-1    europe-west1-b  e2-medium     10.132.0.7   34.76.12.201   RUNNING\n---\n"
            f"fingerprint: {gen(s + 'fp', 11, B62 + '-_')}=\nid: '{gen(s + 'id', 19, '0123456789')}'\nkind: compute#instance\n"
            f"labelFingerprint: {gen(s + 'lf', 11, B62)}=\nserviceAccounts:\n- email: {gen(s + 'sa', 12, '0123456789')}-compute@developer.gserviceaccount.com\n"
            "  scopes:\n  - https://www.googleapis.com/auth/cloud-platform\n"
            f"selfLink: https://www.googleapis.com/compute/v1/projects/acme-prod/zones/europe-west1-b/instances/api-1")  # fmt: skip


def az_listings(s):
    return json.dumps([{"environmentName": "AzureCloud", "homeTenantId": uuid_of(s + "t"), "id": uuid_of(s + "sub"), "isDefault": True,
                        "name": "Acme Production", "state": "Enabled", "tenantId": uuid_of(s + "t"),
                        "user": {"name": "ana@example.com", "type": "user"}},
                       {"attributes": {"created": "2026-01-15T10:22:31+00:00", "enabled": True, "recoveryLevel": "Recoverable+Purgeable"},
                        "key": {"kid": f"https://acme-kv.vault.azure.net/keys/token-signing/{gen(s + 'kv', 32, HEX)}", "kty": "RSA",
                                "keyOps": ["sign", "verify"]},
                        "managed": None, "tags": {"purpose": "jwt"}},
                       {"id": f"/subscriptions/{uuid_of(s + 'sub')}/resourceGroups/api-rg/providers/Microsoft.Web/sites/acme-api",
                        "principalId": uuid_of(s + "pr"), "clientId": uuid_of(s + "cl"), "etag": 'W/"datetime\'2026-03-14T10%3A22%3A31.118Z\'"'}], indent=2)  # fmt: skip


def k8s_configmap(s):
    last = json.dumps({"apiVersion": "v1", "data": {"AUTH_ISSUER": "https://auth.example.com", "TOKEN_TTL": "3600"},
                       "kind": "ConfigMap", "metadata": {"annotations": {}, "name": "api-config", "namespace": "prod"}})
    return ("apiVersion: v1\ndata:\n  AUTH_ISSUER: https://auth.example.com\n  SECRET_NAME: api-jwt-keys\n  TOKEN_TTL: \"3600\"\n"
            f"kind: ConfigMap\nmetadata:\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: |\n      {last}\n"
            f"  creationTimestamp: \"2026-01-15T10:22:31Z\"\n  managedFields:\n  - apiVersion: v1\n    fieldsType: FieldsV1\n"
            "    fieldsV1:\n      f:data:\n        .: {}\n        f:AUTH_ISSUER: {}\n        f:SECRET_NAME: {}\n        f:TOKEN_TTL: {}\n"
            f"    manager: kubectl-client-side-apply\n    operation: Update\n    time: \"2026-03-14T10:22:31Z\"\n"
            f"  name: api-config\n  namespace: prod\n  resourceVersion: \"{gen(s, 8, '0123456789')}\"\n  uid: {uuid_of(s)}")  # fmt: skip


def k8s_deployment(s):
    return ("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  annotations:\n    deployment.kubernetes.io/revision: \"42\"\n"
            f"  generation: 42\n  name: api\n  uid: {uuid_of(s)}\nspec:\n  template:\n    metadata:\n      annotations:\n"
            f"        checksum/config: {sha(s + 'cfg', 64)}\n        checksum/secret: {sha(s + 'sec', 64)}\n"
            f"        kubectl.kubernetes.io/restartedAt: \"2026-03-14T10:22:31+01:00\"\n      labels:\n        pod-template-hash: {gen(s, 10, 'bcdf0123456789')}\n"
            "    spec:\n      containers:\n      - env:\n        - name: JWT_SECRET\n          valueFrom:\n            secretKeyRef:\n"
            "              key: jwt-secret\n              name: api-secrets\n        envFrom:\n        - secretRef:\n            name: api-env\n"
            f"        image: 123456789012.dkr.ecr.eu-west-1.amazonaws.com/api@sha256:{sha(s + 'img', 64)}\n"
            "status:\n  observedGeneration: 42\n  readyReplicas: 3")  # fmt: skip


def k8s_webhook(s):
    ca = base64.b64encode(("-----BEGIN CERTIFICATE-----\nMIIC" + gen(s, 300, B64) + "\n-----END CERTIFICATE-----\n").encode()).decode()
    return ("apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingWebhookConfiguration\nmetadata:\n"
            f"  name: vault-agent-injector-cfg\n  uid: {uuid_of(s)}\nwebhooks:\n- admissionReviewVersions:\n  - v1\n"
            f"  clientConfig:\n    caBundle: {ca}\n    service:\n      name: vault-agent-injector-svc\n      namespace: vault\n"
            "      path: /mutate\n  name: vault.hashicorp.com\n  sideEffects: None\n---\n"
            "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: externalsecrets.external-secrets.io\n"
            "spec:\n  conversion:\n    webhook:\n      clientConfig:\n        caBundle: " + base64.b64encode(("-----BEGIN CERTIFICATE-----\nMIIB" + gen(s + 'b', 200, B64) + "\n-----END CERTIFICATE-----\n").encode()).decode())  # fmt: skip


def kubectl_config_view(s):
    return ("apiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: DATA+OMITTED\n"
            f"    server: https://{gen(s, 32, UPHEX)}.gr7.eu-west-1.eks.amazonaws.com\n  name: arn:aws:eks:eu-west-1:123456789012:cluster/prod\n"
            "contexts:\n- context:\n    cluster: arn:aws:eks:eu-west-1:123456789012:cluster/prod\n    user: arn:aws:eks:eu-west-1:123456789012:cluster/prod\n"
            "  name: prod\ncurrent-context: prod\nkind: Config\npreferences: {}\nusers:\n- name: kind-dev\n  user:\n"
            "    client-certificate-data: DATA+OMITTED\n    client-key-data: DATA+OMITTED\n- name: ci\n  user:\n    token: REDACTED\n"
            "- name: arn:aws:eks:eu-west-1:123456789012:cluster/prod\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n"
            "      args:\n      - --region\n      - eu-west-1\n      - eks\n      - get-token\n      - --cluster-name\n      - prod\n      command: aws")  # fmt: skip


def helm_release(s):
    return (json.dumps([{"name": "api", "namespace": "prod", "revision": "42", "updated": "2026-03-14 10:22:31.118229 +0100 CET",
                         "status": "deployed", "chart": "api-1.4.2", "app_version": "1.4.2"}]) + "\n"
            "NAME: api\nLAST DEPLOYED: Sat Mar 14 10:22:31 2026\nNAMESPACE: prod\nSTATUS: deployed\nREVISION: 42\n"
            f"CHART: api\nVERSION: 1.4.2\nAPP_VERSION: 1.4.2\nDEPLOYED_AT: 2026-03-14T10:22:31+01:00\n\nUSER-SUPPLIED VALUES:\n"
            "auth:\n  existingSecret: api-jwt-keys\n  secretKeys:\n    jwtSecretKey: jwt-secret\n    adminPasswordKey: admin-password\n"
            f"image:\n  digest: sha256:{sha(s, 64)}\n  tag: 1.4.2\npodAnnotations:\n  rollme: {gen(s + 'r', 5, B62)}\n"
            f"\nsh.helm.release.v1.api.v42   helm.sh/release.v1   1      3m\nsh.helm.release.v1.api.v41   helm.sh/release.v1   1      2d")  # fmt: skip


def terraform_state_show(s):
    return ("# aws_iam_access_key.ci:\nresource \"aws_iam_access_key\" \"ci\" {\n"
            f"    create_date                    = \"2026-01-15T10:22:31Z\"\n    encrypted_secret               = null\n"
            "    secret                         = (sensitive value)\n    ses_smtp_password_v4           = (sensitive value)\n"
            "    status                         = \"Active\"\n    user                           = \"ci-deployer\"\n}\n\n"
            "# aws_db_instance.main:\nresource \"aws_db_instance\" \"main\" {\n"
            f"    arn                            = \"arn:aws:rds:eu-west-1:123456789012:db:main\"\n    ca_cert_identifier             = \"rds-ca-rsa2048-g1\"\n"
            f"    master_user_secret             = [\n        {{\n            kms_key_id    = \"arn:aws:kms:eu-west-1:123456789012:key/{uuid_of(s)}\"\n"
            f"            secret_arn    = \"arn:aws:secretsmanager:eu-west-1:123456789012:secret:rds!db-{uuid_of(s + 'r')}-{gen(s, 6)}\"\n"
            "            secret_status = \"active\"\n        },\n    ]\n    password                       = (sensitive value)\n"
            f"    resource_id                    = \"db-{gen(s + 'rid', 26, B32)}\"\n    username                       = \"app\"\n}}")  # fmt: skip


def vault_token_lookup(s):
    return ("Key                            Value\n---                            -----\n"
            f"accessor                       {gen(s, 24, B62)}\ncreation_time                  1710411751\ncreation_ttl                   768h\n"
            f"display_name                   approle\nentity_id                      {uuid_of(s + 'e')}\nexpire_time                    2026-04-15T10:22:31.118229+01:00\n"
            "explicit_max_ttl               0s\nid                             n/a\nissue_time                     2026-03-14T10:22:31.118229+01:00\n"
            "meta                           map[role_name:api]\nnum_uses                       0\norphan                         true\n"
            "path                           auth/approle/login\npolicies                       [default api-read]\nrenewable                      true\n"
            "ttl                            767h59m3s\ntype                           service")  # fmt: skip


def vault_mounts(s):
    rows = [("approle/", "approle", f"auth_approle_{gen(s, 8, HEX)}"), ("token/", "token", f"auth_token_{gen(s + 't', 8, HEX)}"),
            ("userpass/", "userpass", f"auth_userpass_{gen(s + 'u', 8, HEX)}")]
    out = "Path         Plugin      Accessor                  Default TTL    Max TTL    Replication    Seal Wrap    UUID\n"
    out += "----         ------      --------                  -----------    -------    -----------    ---------    ----\n"
    out += "\n".join(f"{p:<13}{pl:<12}{a:<26}system         system     replicated     false        {uuid_of(s + p)}" for p, pl, a in rows)
    return out + f"\n\nsecret/      kv          kv_{gen(s + 'kv', 8, HEX)}    n/a    map[version:2]    {uuid_of(s + 'kvu')}"


def go_mod_download(s):
    out = []
    for mod, ver in (("github.com/golang-jwt/jwt/v5", "v5.2.1"), ("golang.org/x/crypto", "v0.21.0")):
        out.append(json.dumps({"Path": mod, "Version": ver, "Info": f"/home/dev/go/pkg/mod/cache/download/{mod}/@v/{ver}.info",
                               "GoMod": f"/home/dev/go/pkg/mod/cache/download/{mod}/@v/{ver}.mod", "Zip": f"/home/dev/go/pkg/mod/cache/download/{mod}/@v/{ver}.zip",
                               "Dir": f"/home/dev/go/pkg/mod/{mod}@{ver}", "Sum": "h1:" + _b64bytes(s + mod, 32),
                               "GoModSum": "h1:" + _b64bytes(s + mod + "m", 32), "Origin": {"VCS": "git", "URL": "https://" + mod.split("/v5")[0],
                                                                                            "Hash": sha(s + mod + "o")}}, indent="\t"))  # fmt: skip
    return "\n".join(out)


def cargo_metadata(s):
    return json.dumps({"packages": [{"name": "jsonwebtoken", "version": "9.2.0", "id": "registry+https://github.com/rust-lang/crates.io-index#jsonwebtoken@9.2.0",
                                     "license": "MIT", "source": "registry+https://github.com/rust-lang/crates.io-index",
                                     "manifest_path": "/home/dev/.cargo/registry/src/index.crates.io-6f17d22bba15001f/jsonwebtoken-9.2.0/Cargo.toml",
                                     "features": {"use_pem": ["pem", "simple_asn1"]}},
                                    {"name": "auth-core", "version": "0.3.1", "id": "path+file:///home/dev/app/crates/auth-core#0.3.1",
                                     "source": None, "manifest_path": "/home/dev/app/crates/auth-core/Cargo.toml"}],
                       "resolve": {"nodes": [{"id": "path+file:///home/dev/app/crates/auth-core#0.3.1",
                                              "deps": [{"name": "jsonwebtoken", "pkg": "registry+https://github.com/rust-lang/crates.io-index#jsonwebtoken@9.2.0"}]}]},
                       "target_directory": "/home/dev/app/target", "version": 1, "workspace_root": "/home/dev/app",
                       "fingerprint": f"{gen(s, 16, HEX)}"}, indent=1)  # fmt: skip


def pip_inspect(s):
    return json.dumps({"version": "1", "pip_version": "24.0", "installed": [
        {"metadata": {"name": "PyJWT", "version": "2.8.0", "summary": "JSON Web Token implementation in Python"},
         "metadata_location": "/home/dev/app/.venv/lib/python3.12/site-packages/PyJWT-2.8.0.dist-info", "installer": "pip",
         "direct_url": {"url": "https://files.pythonhosted.org/packages/2b/4f/e04a8067c7c96c364cef7ef73906504e2f40d690811c021e1a1901473a19/PyJWT-2.8.0-py3-none-any.whl",
                        "archive_info": {"hash": "sha256=" + sha(s, 64), "hashes": {"sha256": sha(s, 64)}}}, "requested": True},
        {"metadata": {"name": "keyring", "version": "25.1.0"}, "requested": False}]}, indent=2) + (
        f"\n$ pip hash dist/auth_lib-0.4.1.tar.gz\ndist/auth_lib-0.4.1.tar.gz:\n--hash=sha256:{sha(s + 'h', 64)}")  # fmt: skip


def bazel_build(s):
    return (f"INFO: Invocation ID: {uuid_of(s)}\nINFO: Streaming build results to: https://app.buildbuddy.io/invocation/{uuid_of(s)}\n"
            "INFO: Analyzed 48 targets (212 packages loaded, 4821 targets configured).\n"
            f"INFO: From Compiling src/auth/token_signer.cc:\nINFO: Found 48 targets...\nTarget //src/auth:token_signer up-to-date:\n"
            "  bazel-bin/src/auth/token_signer\nINFO: Elapsed time: 41.022s, Critical Path: 12.41s\n"
            "INFO: 212 processes: 98 remote cache hit, 114 linux-sandbox.\nINFO: Build completed successfully, 212 total actions\n"
            f"Remote cache: https://cache.example.com/cas/{sha(s + 'cas', 64)}/48213\n"
            f'"sha256": "{sha(s + "ar", 64)}",\n"integrity": "sha256-{_b64bytes(s + "mb", 32)}",\n'
            f"bazel-out/k8-fastbuild/bin/src/auth/_objs/token_signer/{gen(s + 'o', 8, HEX)}/token_signer.pic.o")  # fmt: skip


def gradle_dependencies(s):
    return ("runtimeClasspath - Runtime classpath of source set 'main'.\n+--- io.jsonwebtoken:jjwt-api:0.12.5\n"
            "+--- org.springframework.security:spring-security-crypto:6.2.2\n|    \\--- org.springframework:spring-core:6.1.4 -> 6.1.5 (*)\n"
            "\\--- com.nimbusds:nimbus-jose-jwt:9.37.3\n     \\--- com.github.stephenc.jcip:jcip-annotations:1.0-1\n\n(*) - Indicates repeated occurrences\n"
            '\n<component group="io.jsonwebtoken" name="jjwt-api" version="0.12.5">\n   <artifact name="jjwt-api-0.12.5.jar">\n'
            f'      <sha256 value="{sha(s, 64)}" origin="Generated by Gradle"/>\n   </artifact>\n'
            f'   <artifact name="jjwt-api-0.12.5.pom">\n      <sha512 value="{sha(s + "a", 64)}{sha(s + "b", 64)}" origin="Generated by Gradle"/>\n   </artifact>\n</component>')  # fmt: skip


def maven_output(s):
    return ("[INFO] --- dependency:3.6.1:tree (default-cli) @ auth-service ---\n[INFO] com.acme:auth-service:jar:1.4.2\n"
            "[INFO] +- io.jsonwebtoken:jjwt-api:jar:0.12.5:compile\n[INFO] \\- org.bouncycastle:bcprov-jdk18on:jar:1.77:runtime\n"
            "Downloading from central: https://repo.maven.apache.org/maven2/org/bouncycastle/bcprov-jdk18on/1.77/bcprov-jdk18on-1.77.jar\n"
            f"$ cat ~/.m2/repository/org/bouncycastle/bcprov-jdk18on/1.77/bcprov-jdk18on-1.77.jar.sha1\n{sha(s)}\n"
            f"$ cat ~/.m2/repository/org/bouncycastle/bcprov-jdk18on/1.77/_remote.repositories\n#NOTE: This is a Maven Resolver internal implementation file\n"
            "#Sat Mar 14 10:22:31 CET 2026\nbcprov-jdk18on-1.77.jar>central=\n"
            f"[INFO] Installing /home/dev/app/target/auth-service-1.4.2.jar to /home/dev/.m2/repository/com/acme/auth-service/1.4.2/auth-service-1.4.2.jar\n"
            f"[INFO] BUILD SUCCESS\n[INFO] Build scan: https://ge.acme.dev/s/{gen(s + 'scan', 13, L36)}")  # fmt: skip


def xcode_build(s):
    team = gen(s, 10, UP)
    return (f"Signing Identity:     \"Apple Development: Ana Lima ({gen(s + 'p', 10, UP)})\"\n"
            f"Provisioning Profile: \"iOS Team Provisioning Profile: com.acme.app\"\n                      ({uuid_of(s + 'pp')})\n\n"
            f"    DEVELOPMENT_TEAM = {team}\n    CODE_SIGN_IDENTITY = Apple Development\n    PROVISIONING_PROFILE_SPECIFIER = \n"
            f"    PRODUCT_BUNDLE_IDENTIFIER = com.acme.app\n\nCodeSign /Users/ana/Library/Developer/Xcode/DerivedData/Acme-{gen(s + 'dd', 28, 'abcdefghijklmnopqrstuvwxyz')}/Build/Products/Debug-iphoneos/Acme.app\n"
            f"    /usr/bin/codesign --force --sign {gen(s + 'cs', 40, UPHEX)} --entitlements /Users/ana/Library/Developer/Xcode/DerivedData/Acme/Build/Intermediates.noindex/Acme.build/Acme.app.xcent --timestamp=none --generate-entitlement-der /Users/ana/Build/Acme.app\n"
            f"** BUILD SUCCEEDED ** [41.022 sec]\nTest session results, code coverage, and logs:\n\t/Users/ana/Library/Developer/Xcode/DerivedData/Acme/Logs/Test/Test-Acme-2026.03.14_10-22-31-+0100.xcresult")  # fmt: skip


def apksigner(s):
    return ("Verifies\nVerified using v1 scheme (JAR signing): false\nVerified using v2 scheme (APK Signature Scheme v2): true\n"
            "Verified using v3 scheme (APK Signature Scheme v3): true\nNumber of signers: 1\n"
            "Signer #1 certificate DN: CN=Acme Release, OU=Mobile, O=Acme, L=Lisbon, C=PT\n"
            f"Signer #1 certificate SHA-256 digest: {sha(s, 64)}\nSigner #1 certificate SHA-1 digest: {sha(s + '1')}\n"
            f"Signer #1 certificate MD5 digest: {sha(s + 'm', 32)}\nSigner #1 key algorithm: RSA\nSigner #1 key size (bits): 4096\n"
            f"Signer #1 public key SHA-256 digest: {sha(s + 'pk', 64)}\nSigner #1 public key SHA-1 digest: {sha(s + 'pk1')}\n"
            f"Signer #1 public key MD5 digest: {sha(s + 'pkm', 32)}")  # fmt: skip


def git_verify(s):
    fpr = gen(s, 40, UPHEX)
    return (f"gpg: Signature made Sat Mar 14 10:22:31 2026 CET\ngpg:                using EDDSA key {fpr}\n"
            "gpg: Good signature from \"Ana Lima <ana@example.com>\" [ultimate]\n"
            f"Primary key fingerprint: {' '.join(fpr[i:i + 4] for i in range(0, 20, 4))}  {' '.join(fpr[i:i + 4] for i in range(20, 40, 4))}\n"
            f"Good \"git\" signature for ana@example.com with ED25519 key SHA256:{gen(s + 'ssh', 43, B64)}\n"
            f"object {sha(s + 'obj')}\ntype commit\ntag v1.4.2\ntagger Ana Lima <ana@example.com> 1710411751 +0100")  # fmt: skip


def gpg_colons(s):
    key = gen(s, 16, UPHEX)
    return (f"sec:u:255:22:{key}:1705314151:::u:::scESC:::+:::ed25519:::0:\nfpr:::::::::{gen(s + 'f', 24, UPHEX)}{key}:\n"
            f"grp:::::::::{gen(s + 'g', 40, UPHEX)}:\nuid:u::::1705314151::{gen(s + 'u', 40, UPHEX)}::Ana Lima <ana@example.com>::::::::::0:\n"
            f"ssb:u:255:18:{gen(s + 'sb', 16, UPHEX)}:1705314151::::::e:::+:::cv25519::\nfpr:::::::::{gen(s + 'sf', 40, UPHEX)}:\n"
            f"grp:::::::::{gen(s + 'sg', 40, UPHEX)}:\n{gen(s + 'ot', 40, UPHEX)}:6:")  # fmt: skip


def minisign_signify(s):
    return (f"untrusted comment: minisign public key {gen(s, 16, UPHEX)}\nRWQ{gen(s + 'k', 53, B64)}\n\n"
            f"untrusted comment: signature from minisign secret key\nRUQ{gen(s + 'sig', 95, B64)}=\n"
            f"trusted comment: timestamp:1710411751\tfile:release.tar.gz\thashed\n{gen(s + 'gs', 86, B64)}==\n\n"
            f"untrusted comment: signify public key\nRWS{gen(s + 'sp', 53, B64)}\n"
            f"Signature and comment signature verified\nTrusted comment: timestamp:1710411751\tfile:release.tar.gz")  # fmt: skip


def ssh_verbose(s):
    return ("OpenSSH_9.6p1 Ubuntu-3ubuntu13, OpenSSL 3.0.13 30 Jan 2024\ndebug1: Connecting to web1 [203.0.113.5] port 22.\n"
            "debug1: kex: algorithm: curve25519-sha256\ndebug1: kex: host key algorithm: ssh-ed25519\n"
            f"debug1: Server host key: ssh-ed25519 SHA256:{gen(s, 43, B64)}\n"
            "debug1: Host 'web1' is known and matches the ED25519 host key.\ndebug1: Found key in /home/ana/.ssh/known_hosts:12\n"
            f"debug1: Will attempt key: /home/ana/.ssh/id_ed25519 ED25519 SHA256:{gen(s + 'u', 43, B64)} explicit agent\n"
            f"debug1: Offering public key: /home/ana/.ssh/id_ed25519 ED25519 SHA256:{gen(s + 'u', 43, B64)} explicit agent\n"
            "debug1: Server accepts key: /home/ana/.ssh/id_ed25519 ED25519 explicit agent\n"
            "Authenticated to web1 ([203.0.113.5]:22) using \"publickey\".\n"
            f"|1|{_b64bytes(s + 'salt', 20)}|{_b64bytes(s + 'hash', 20)} ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{gen(s + 'hk', 43, B64)}")  # fmt: skip


def wireguard_peers(s):
    return ("[Interface]\nAddress = 10.8.0.1/24\nListenPort = 51820\nPostUp = iptables -A FORWARD -i wg0 -j ACCEPT\n"
            "PostUp = wg set %i private-key /etc/wireguard/private.key\n\n"
            + "\n\n".join(f"[Peer]\n# {name}\nPublicKey = {_b64bytes(s + name, 32)}\nAllowedIPs = 10.8.0.{i + 2}/32\n"
                          f"Endpoint = 203.0.113.{i + 5}:51820\nPersistentKeepalive = 25" for i, name in enumerate(("laptop", "phone", "ci")))
            + f"\n\n$ cat /etc/wireguard/public.key\n{_b64bytes(s + 'own', 32)}")  # fmt: skip


def mesh_vpn_json(s):
    return json.dumps({"Version": "1.62.0", "BackendState": "Running", "TailscaleIPs": ["100.101.102.103", "fd7a:115c:a1e0::1"],
                       "Self": {"ID": "n" + gen(s, 11, B62) + "CNTRL", "PublicKey": "nodekey:" + gen(s + 'nk', 64, HEX), "HostName": "laptop",
                                "DNSName": "laptop.tail4a2b1.ts.net.", "OS": "linux", "UserID": int(gen(s + "u", 15, "0123456789")),
                                "KeyExpiry": "2026-09-10T10:22:31Z"},
                       "Peer": {"nodekey:" + gen(s + 'p', 64, HEX): {"ID": "n" + gen(s + 'pi', 11, B62) + "CNTRL", "PublicKey": "nodekey:" + gen(s + 'p', 64, HEX),
                                                                   "HostName": "web1", "Relay": "fra", "RxBytes": 67890, "TxBytes": 12345}},
                       "MagicDNSSuffix": "tail4a2b1.ts.net", "CertDomains": ["laptop.tail4a2b1.ts.net"]}, indent=2)  # fmt: skip


def prometheus_api(s):
    return json.dumps({"status": "success", "data": {"resultType": "vector", "result": [
        {"metric": {"__name__": "http_requests_total", "container": "api", "endpoint": "/v1/tokens", "instance": "10.0.3.17:8080",
                    "pod": f"api-7d9f8b6c5d-{gen(s, 5, 'bcdfghjklmnpqrstvwxz2456789')}", "pod_template_hash": "7d9f8b6c5d",
                    "container_id": "containerd://" + sha(s + "c", 64), "image_id": "ghcr.io/acme/api@sha256:" + sha(s + "i", 64),
                    "uid": uuid_of(s), "status": "401"},
         "value": [1710411751.118, "48213"]}]},
        "activeTargets": [{"scrapePool": "serviceMonitor/prod/api/0", "scrapeUrl": "http://10.0.3.17:8080/metrics",
                           "lastError": "", "lastScrape": "2026-03-14T10:22:31.118229Z", "health": "up",
                           "labels": {"job": "api"}, "discoveredLabels": {"__meta_kubernetes_pod_uid": uuid_of(s + 'p')}}]}, indent=2)  # fmt: skip


def grafana_api(s):
    ds = "P" + gen(s, 16, UPHEX)
    return json.dumps([{"id": 42, "uid": gen(s + "u", 9, B62), "title": "Auth: token refreshes", "uri": "db/auth-token-refreshes",
                        "url": f"/d/{gen(s + 'u', 9, B62)}/auth-token-refreshes", "type": "dash-db", "tags": ["auth"],
                        "folderUid": gen(s + "f", 14, B62), "folderTitle": "Platform", "version": 17},
                       {"id": 3, "uid": ds, "orgId": 1, "name": "Postgres (auth)", "type": "grafana-postgresql-datasource",
                        "url": "db.internal:5432", "user": "grafana_ro", "database": "auth", "basicAuth": False,
                        "secureJsonFields": {"password": True}, "jsonData": {"sslmode": "require", "postgresVersion": 1500}, "readOnly": False},
                       {"panelId": 4, "datasource": {"type": "prometheus", "uid": ds}, "refId": "A", "expr": "rate(token_refresh_total[5m])"}], indent=2)  # fmt: skip


def otel_traces(s):
    trace = gen(s, 32, HEX)
    return json.dumps({"resourceSpans": [{"resource": {"attributes": [{"key": "service.name", "value": {"stringValue": "auth-api"}},
                                                                     {"key": "service.instance.id", "value": {"stringValue": uuid_of(s)}}]},
                                          "scopeSpans": [{"scope": {"name": "opentelemetry.instrumentation.flask"}, "spans": [
                                              {"traceId": trace, "spanId": gen(s + "sp", 16, HEX), "parentSpanId": gen(s + "pa", 16, HEX),
                                               "name": "POST /v1/token/refresh", "kind": 2, "startTimeUnixNano": "1710411751118229000",
                                               "attributes": [{"key": "http.route", "value": {"stringValue": "/v1/token/refresh"}},
                                                              {"key": "enduser.id", "value": {"stringValue": gen(s + "eu", 24, HEX)}}],
                                               "status": {"code": 1}}]}]}]}, indent=1) + (
        f"\ntraceparent: 00-{trace}-{gen(s + 'sp', 16, HEX)}-01\ntracestate: rojo=00f067aa0ba902b7,congo=t61rcWkgMzE")  # fmt: skip


def error_tracker_api(s):
    return json.dumps([{"id": gen(s, 10, "0123456789"), "shortId": "AUTH-API-" + gen(s + "sh", 2, UP), "title": "InvalidTokenError: Signature verification failed",
                        "culprit": "auth.tokens in verify", "permalink": f"https://acme.sentry.io/issues/{gen(s, 10, '0123456789')}/",
                        "firstSeen": "2026-03-13T18:02:11.118229Z", "count": "48", "userCount": 7,
                        "metadata": {"type": "InvalidTokenError", "value": "Signature verification failed", "filename": "auth/tokens.py"},
                        "latestEvent": {"eventID": gen(s + "ev", 32, HEX), "groupID": gen(s, 10, "0123456789"),
                                        "contexts": {"trace": {"trace_id": gen(s + "t", 32, HEX), "span_id": gen(s + "sp", 16, HEX)}},
                                        "tags": [{"key": "release", "value": "api@1.4.2+" + sha(s + "r", 12)}, {"key": "server_name", "value": "api-1"}]}}], indent=2)  # fmt: skip


def messaging_callbacks(s):
    acc = "AC" + gen(s, 32, HEX)
    body = (f"ToCountry=PT&SmsMessageSid=SM{gen(s + 'm', 32, HEX)}&NumMedia=0&SmsSid=SM{gen(s + 'm', 32, HEX)}&SmsStatus=received"
            f"&Body=Your+verification+code+expired&To=%2B351210000000&MessagingServiceSid=MG{gen(s + 'ms', 32, HEX)}&MessageSid=SM{gen(s + 'm', 32, HEX)}"
            f"&AccountSid={acc}&From=%2B351910000000&ApiVersion=2010-04-01")
    events = json.dumps([{"email": "ana@example.com", "timestamp": 1710411751, "event": "delivered", "sg_event_id": gen(s + "sg", 22, URLSAFE),
                          "sg_message_id": gen(s + "sgm", 22, URLSAFE) + ".recvd-" + gen(s + "r", 10, L36) + "-1-65F2" + gen(s + "x", 4, UPHEX) + ".0",
                          "smtp-id": f"<{gen(s + 'smtp', 22, URLSAFE)}@geopod-ismtpd-3>", "category": ["password-reset"]}])
    return f"POST /webhooks/twilio/sms\nX-Twilio-Signature: {_b64bytes(s + 'sig', 20)}\nI-Twilio-Idempotency-Token: {uuid_of(s + 'idem')}\n\n{body}\n\nPOST /webhooks/sendgrid\n{events}"


def explain_plan(s):
    return ("                                                          QUERY PLAN\n"
            "-------------------------------------------------------------------------------------------------------------------------------\n"
            " Index Scan using api_keys_key_hash_idx on api_keys  (cost=0.42..8.44 rows=1 width=72) (actual time=0.031..0.032 rows=1 loops=1)\n"
            f"   Index Cond: (key_hash = '\\x{sha(s, 64)}'::bytea)\n   Filter: (revoked_at IS NULL)\n   Buffers: shared hit=4\n"
            f" Query Identifier: -{gen(s + 'q', 19, '0123456789')}\n Planning Time: 0.118 ms\n Execution Time: 0.052 ms\n(7 rows)\n\n"
            " Seq Scan on password_resets  (cost=0.00..35.50 rows=10 width=48)\n"
            f"   Filter: (token_hash = '{sha(s + 'th', 64)}'::text)")  # fmt: skip


def pg_activity(s):
    return ("  pid  | usename  | application_name |  client_addr  |         backend_start         | state  |       query_id       |                     query\n"
            "-------+----------+------------------+---------------+-------------------------------+--------+----------------------+-----------------------------------------------\n"
            f" 48213 | app      | api-7d9f8b6c5d   | 10.0.3.17     | 2026-03-14 10:22:31.118229+01 | active | {gen(s, 19, '0123456789')} | SELECT * FROM api_keys WHERE key_hash = $1\n"
            f" 48214 | app      | worker           | 10.0.3.18     | 2026-03-14 10:22:32.004118+01 | idle   | -{gen(s + 'b', 18, '0123456789')} | UPDATE users SET password_hash = $1 WHERE id = $2\n"
            "(2 rows)\n\n password_encryption \n---------------------\n scram-sha-256\n(1 row)\n\n"
            "                                   List of roles\n Role name |                         Attributes\n"
            "-----------+------------------------------------------------------------\n app       | \n postgres  | Superuser, Create role, Create DB, Replication, Bypass RLS")  # fmt: skip


def redis_clients(s):
    return (f"id={gen(s, 4, '0123456789')} addr=10.0.3.17:{gen(s + 'p', 5, '0123456789')} laddr=10.0.3.9:6379 fd=12 name=api-worker age=4821 idle=0 flags=N db=0 sub=0 psub=0 "
            "ssub=0 multi=-1 qbuf=26 qbuf-free=20448 argv-mem=10 multi-mem=0 rbs=1024 rbp=0 obl=0 oll=0 omem=0 tot-mem=22426 events=r cmd=client|list user=default redir=-1 resp=2 lib-name=redis-py lib-ver=5.0.3\n"
            f"127.0.0.1:6379> SCAN 0 MATCH session:* COUNT 3\n1) \"48\"\n2) 1) \"session:{gen(s + 'k1', 32, HEX)}\"\n   2) \"session:{gen(s + 'k2', 32, HEX)}\"\n"
            f"127.0.0.1:6379> ACL LIST\n1) \"user default on sanitize-payload #{sha(s + 'acl', 64)} ~* &* +@all\"\n"
            f"2) \"user api on #{sha(s + 'api', 64)} ~session:* resetchannels -@all +get +set +del\"\n"
            "127.0.0.1:6379> INFO keyspace\n# Keyspace\ndb0:keys=4821,expires=4800,avg_ttl=3541210,subexpiry=0")  # fmt: skip


def es_cat(s):
    return ("health status index                 uuid                   pri rep docs.count docs.deleted store.size\n"
            f"green  open   auth-audit-2026.03.14 {gen(s, 22, URLSAFE)}   1   1      48213            0     12.4mb\n"
            f"green  open   .security-7           {gen(s + 'b', 22, URLSAFE)}   1   0        212           12    401.2kb\n\n"
            "id   ip         heap.percent ram.percent cpu load_1m node.role master name\n"
            f"{gen(s + 'n', 4, URLSAFE)} 10.0.3.21            41          92   7    0.41 cdfhilmrstw *      es-0\n"
            + json.dumps({"name": "es-0", "cluster_name": "auth", "cluster_uuid": gen(s + "c", 22, URLSAFE),
                          "version": {"number": "8.12.2", "build_flavor": "default", "build_hash": sha(s + "bh"),
                                      "build_date": "2024-02-19T10:04:32.774273190Z", "lucene_version": "9.9.2"},
                          "tagline": "You Know, for Search"}, indent=2))  # fmt: skip


def kafka_groups(s):
    rows = "\n".join(f"auth-events     token-revoked   {p}          {48213 + p * 7}           {48213 + p * 7 + p}           {p}               "
                     f"consumer-auth-events-1-{uuid_of(s + str(p))} /10.0.3.{17 + p}      consumer-auth-events-1" for p in range(3))
    return ("GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID                                                    HOST            CLIENT-ID\n"
            + rows + f"\n\nTopic: token-revoked\tTopicId: {gen(s, 22, URLSAFE)}\tPartitionCount: 3\tReplicationFactor: 3\tConfigs: cleanup.policy=compact,segment.bytes=1073741824\n"
            f"\tTopic: token-revoked\tPartition: 0\tLeader: 1\tReplicas: 1,2,3\tIsr: 1,2,3\nCluster ID: {gen(s + 'cl', 22, URLSAFE)}")  # fmt: skip


def notebook_cells(s):
    return json.dumps({"cells": [
        {"cell_type": "markdown", "id": gen(s, 8, HEX) + "-" + gen(s + "a", 4, HEX), "metadata": {"id": gen(s + "m", 12, URLSAFE)},
         "source": ["## Rotate the API keys\n", "Reads the key ids from the audit table; the keys stay in Vault."]},
        {"cell_type": "code", "execution_count": 7, "id": gen(s + "c", 8, HEX), "metadata": {"colab": {"base_uri": "https://localhost:8080/"},
                                                                                         "id": gen(s + "cm", 12, URLSAFE), "outputId": uuid_of(s + "o")},
         "outputs": [{"data": {"application/vnd.jupyter.widget-view+json": {"model_id": gen(s + "w", 32, HEX), "version_major": 2, "version_minor": 0},
                               "text/plain": ["HBox(children=(FloatProgress(value=0.0, max=48.0), HTML(value='')))"]}, "metadata": {}, "output_type": "display_data"},
                     {"name": "stdout", "output_type": "stream", "text": [f"rotated key {gen(s + 'kid', 20, B62)} (kid)\n"]}],
         "source": ["keys = vault.list('secret/api-keys')\n", "for kid in tqdm(keys): rotate(kid)"]}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "name": "python3"}, "widgets": {"application/vnd.jupyter.widget-state+json": {
            gen(s + "w", 32, HEX): {"model_module": "@jupyter-widgets/controls", "model_name": "HBoxModel"}}}},
        "nbformat": 4, "nbformat_minor": 5}, indent=1)  # fmt: skip


def figma_notion(s):
    page = gen(s + "pg", 32, HEX)
    return json.dumps({"name": "Auth flows", "lastModified": "2026-03-14T10:22:31Z", "version": gen(s, 10, "0123456789"),
                       "components": {f"{gen(s, 3, '0123456789')}:{gen(s + 'n', 4, '0123456789')}": {"key": sha(s + "ck"), "name": "Password field",
                                                                                                     "componentSetId": f"{gen(s + 'cs', 3, '0123456789')}:{gen(s + 'cn', 3, '0123456789')}"}},
                       "styles": {"1:23": {"key": sha(s + "sk"), "name": "Token/Primary", "styleType": "FILL"}},
                       "object": "page", "id": uuid_of(s + "p"), "parent": {"type": "database_id", "database_id": uuid_of(s + "db")},
                       "url": f"https://www.notion.so/Rotate-API-keys-{page}", "request_id": uuid_of(s + "r"),
                       "properties": {"Secret name": {"id": "%3AkX%5B", "type": "title", "title": [{"plain_text": "stripe-webhook-secret"}]},
                                      "Owner": {"id": "a%40Qb", "type": "people", "people": [{"object": "user", "id": uuid_of(s + "u")}]}}}, indent=2)  # fmt: skip


def bundle_stats(s):
    files = [("index", 142.31, 45.12), ("vendor-jose", 38.7, 12.02), ("PasswordResetPage", 4.12, 1.71), ("auth-token-store", 2.2, 0.98)]
    out = "vite v5.1.6 building for production...\n✓ 412 modules transformed.\n"
    out += "\n".join(f"dist/assets/{n}-{gen(s + n, 8, URLSAFE)}.js  {a:>8.2f} kB │ gzip: {g:>6.2f} kB │ map: {a * 3:>8.2f} kB" for n, a, g in files)
    out += (f"\n✓ built in 4.12s\nasset main.{gen(s, 20, HEX)}.js 48.2 KiB [emitted] [immutable] [minimized] (name: main)\n"
            f"asset vendors-node_modules_jsonwebtoken_index_js.{gen(s + 'v', 20, HEX)}.js 212 KiB [emitted] [immutable]\n"
            f"webpack 5.90.3 compiled successfully in 4821 ms\nHash: {gen(s + 'h', 20, HEX)}")
    return out


def coverage_reports(s):
    return (f"TN:\nSF:src/auth/tokens.ts\nFN:12,signToken\nFN:31,verifyToken\nFNDA:48,signToken\nFNDA:212,verifyToken\n"
            f"DA:12,48,{_b64bytes(s + 'da', 16)[:22]}\nDA:13,48\nLF:41\nLH:38\nend_of_record\n"
            + json.dumps({"/home/dev/app/src/auth/password.ts": {"path": "/home/dev/app/src/auth/password.ts", "statementMap": {"0": {"start": {"line": 1, "column": 0}, "end": {"line": 1, "column": 41}}},
                                                               "s": {"0": 48}, "_coverageSchema": sha(s + "schema"), "hash": sha(s + "h")}})
            + '\n{"meta": {"format": 3, "version": "7.4.4", "timestamp": "2026-03-14T10:22:31.118229", "branch_coverage": true, "show_contexts": false}}\n'
            '<coverage version="7.4.4" timestamp="1710411751118" lines-valid="412" lines-covered="389" line-rate="0.9442" branch-rate="0.88" complexity="0">')  # fmt: skip


def test_runner_seeds(s):
    return ("============================= test session starts ==============================\nplatform linux -- Python 3.12.2, pytest-8.1.1, pluggy-1.4.0\n"
            f"Using --randomly-seed={gen(s, 10, '0123456789')}\nhypothesis profile 'ci' -> database=DirectoryBasedExampleDatabase(PosixPath('/home/dev/app/.hypothesis/examples'))\n"
            "rootdir: /home/dev/app\nplugins: randomly-3.15.0, hypothesis-6.99.13, xdist-3.5.0\ncreated: 2/2 workers\n"
            "[gw0] [ 50%] PASSED tests/test_tokens.py::test_refresh_rotates_the_token\n[gw1] [100%] FAILED tests/test_password.py::test_hash_roundtrip\n"
            "Falsifying example: test_hash_roundtrip(\n    password='0\\x00',\n)\n"
            f"You can reproduce this example by temporarily adding @reproduce_failure('6.99.13', b'{_b64bytes(s + 'hy', 12)}') as a decorator on your test case\n"
            f"=== RUN   TestTokenRefresh\n-test.shuffle {gen(s + 'sh', 19, '0123456789')}\n--- PASS: TestTokenRefresh (0.01s)\n"
            f"Randomized with seed {gen(s + 'rs', 5, '0123456789')}\nJest: Seed: -{gen(s + 'js', 9, '0123456789')}\n"
            f"FAIL src/auth/__tests__/password.test.ts\n  › 1 snapshot obsolete from 1 test suite. To remove it, run `npm test -- -u`.\n"
            f"/tmp/jest_rs/jest-transform-cache-{sha(s + 'jt', 32)}-{sha(s + 'jt2', 32)}/{sha(s + 'jf', 2)}/password_{sha(s + 'jh', 32)}")  # fmt: skip


def cdn_headers(s):
    return ("HTTP/2 200 \ndate: Sat, 14 Mar 2026 10:22:31 GMT\ncontent-type: application/json\n"
            f"etag: \"{sha(s, 32)}\"\nx-amz-request-id: {gen(s + 'r', 16, UP)}\nx-amz-id-2: {gen(s + 'id2', 76, B64)}=\n"
            f"x-amz-version-id: {gen(s + 'v', 32, URLSAFE + '.')}\nx-amzn-requestid: {uuid_of(s)}\nx-amzn-trace-id: Root=1-65f2d0e7-{gen(s + 't', 24, HEX)};Parent={gen(s + 'p', 16, HEX)};Sampled=0\n"
            f"x-served-by: cache-fra-eddf8230066-FRA, cache-lis1490052-LIS\nx-cache: MISS, HIT\nx-timer: S1710411751.118229,VS0,VE12\n"
            f"fastly-debug-digest: {sha(s + 'fd', 64)}\nvia: 1.1 {gen(s + 'via', 32, HEX)}.cloudfront.net (CloudFront)\n"
            f"x-cloud-trace-context: {gen(s + 'gct', 32, HEX)}/{gen(s + 'gsp', 19, '0123456789')};o=1\n"
            f"set-cookie: theme=dark; Path=/; Max-Age=31536000; SameSite=Lax\nset-cookie: _ga=GA1.1.{gen(s + 'ga', 10, '0123456789')}.1710411751; Path=/; Domain=.example.com\n"
            f"nel: {{\"success_fraction\":0,\"report_to\":\"cf-nel\",\"max_age\":604800}}\nserver-timing: cfRequestDuration;dur=48.000213, cfCacheStatus;desc=\"MISS\"")  # fmt: skip


def csp_headers(s):
    n = _b64bytes(s, 16)
    return (f"content-security-policy: default-src 'self'; script-src 'self' 'nonce-{n}' 'strict-dynamic' 'sha256-{_b64bytes(s + 'h1', 32)}' "
            f"'sha384-{_b64bytes(s + 'h2', 48)}' https://js.stripe.com; style-src 'self' 'nonce-{n}'; "
            "frame-src https://js.stripe.com https://challenges.cloudflare.com; report-uri https://acme.report-uri.com/r/d/csp/enforce; report-to csp\n"
            "reporting-endpoints: csp=\"https://acme.report-uri.com/a/d/g\"\n"
            f'<meta http-equiv="Content-Security-Policy" content="script-src \'nonce-{n}\' \'sha256-{_b64bytes(s + "h3", 32)}\'">\n'
            f"x-nonce: {n}")  # fmt: skip


def time_ordered_ids(s):
    ulid = "01HS" + gen(s, 22, CROCKFORD)
    u7 = f"018e{gen(s + 'u7', 4, HEX)}-{gen(s + 'a', 4, HEX)}-7{gen(s + 'b', 3, HEX)}-{gen(s + 'c', 1, '89ab')}{gen(s + 'd', 3, HEX)}-{gen(s + 'e', 12, HEX)}"
    return "\n".join(json.dumps(r) for r in (
        {"level": "info", "ts": "2026-03-14T10:22:31.118Z", "msg": "token refreshed", "event_id": ulid, "trace": u7},
        {"level": "info", "msg": "api key created", "key_id": "2D" + gen(s + "ks", 25, B62), "order_id": gen(s + "sf", 19, "0123456789")},
        {"level": "warn", "msg": "password reset requested", "job": gen(s + "nano", 21, URLSAFE), "cuid": "c" + gen(s + "cuid", 23, L36),
         "doc": gen(s + "oid", 24, HEX), "xid": gen(s + "xid", 20, "0123456789abcdefghijklmnopqrstuv")},
        {"level": "info", "msg": "session closed", "request": "req_" + gen(s + "rq", 26, CROCKFORD.lower()), "snowflake": gen(s + "sn", 19, "0123456789")}))  # fmt: skip


def git_lfs(s):
    return (f"version https://git-lfs.github.com/spec/v1\noid sha256:{sha(s, 64)}\nsize 48213377\n\n"
            f"$ git lfs ls-files -l\n{sha(s + 'a', 64)} * models/token-classifier.onnx\n{sha(s + 'b', 64)} - fixtures/passwords-rockyou-sample.txt.gz\n"
            "$ git lfs env\ngit-lfs/3.4.1 (GitHub; linux amd64; go 1.21.7)\nEndpoint=https://github.com/acme/api.git/info/lfs (auth=basic)\n"
            "LocalMediaDir=/home/dev/app/.git/lfs/objects\nAccessDownload=basic\nAccessUpload=basic\n"
            f"Downloading LFS objects: 100% (2/2), 48 MB | 12 MB/s\n.git/lfs/objects/{sha(s, 2)}/{sha(s, 4)[2:]}/{sha(s, 64)}")  # fmt: skip


def ipfs_cids(s):
    return (f"added Qm{gen(s, 44, B58)} site/index.html\nadded Qm{gen(s + 'b', 44, B58)} site\n"
            f"bafybei{gen(s + 'c', 52, 'abcdefghijklmnopqrstuvwxyz234567')}\n"
            + json.dumps({"ID": "12D3KooW" + gen(s + "p", 44, B58), "PublicKey": "CAESI" + gen(s + "pk", 43, B64),
                          "Addresses": [f"/ip4/203.0.113.5/tcp/4001/p2p/12D3KooW{gen(s + 'p', 44, B58)}"], "AgentVersion": "kubo/0.27.0/",
                          "Protocols": ["/ipfs/bitswap/1.2.0", "/ipfs/kad/1.0.0"]}, indent=2)
            + f"\nhttps://ipfs.io/ipfs/bafybei{gen(s + 'c', 52, 'abcdefghijklmnopqrstuvwxyz234567')}/index.html\n/ipns/k51qzi5uqu5d{gen(s + 'ipns', 46, L36)}")  # fmt: skip


def chain_receipts(s):
    return (f"blockHash               0x{gen(s, 64, HEX)}\nblockNumber             19421377\ncontractAddress         \ncumulativeGasUsed       12482133\n"
            f"effectiveGasPrice       41220000000\nfrom                    0x{gen(s + 'f', 40, HEX)}\ngasUsed                 48213\n"
            f"logsBloom               0x{gen(s + 'lb', 512, HEX)}\nroot                    \nstatus                  1 (success)\n"
            f"transactionHash         0x{gen(s + 'tx', 64, HEX)}\ntransactionIndex        42\ntype                    2\nto                      0x{gen(s + 'to', 40, HEX)}\n"
            f"Signature: {gen(s + 'sol', 88, B58)}\nAccount: {gen(s + 'acc', 44, B58)}\n"
            f"https://etherscan.io/tx/0x{gen(s + 'tx', 64, HEX)}\nhttps://solscan.io/tx/{gen(s + 'sol', 88, B58)}\n"
            f"  \"publicKey\": \"{gen(s + 'pub', 44, B58)}\",\n  \"mint\": \"{gen(s + 'mint', 44, B58)}\"")  # fmt: skip


def directory_search(s):
    return (f"# extended LDIF\n#\n# LDAPv3\n# base <dc=acme,dc=local> with scope subtree\n# filter: (sAMAccountName=svc-api)\n\n"
            f"dn: CN=svc-api,OU=Service Accounts,DC=acme,DC=local\nobjectClass: user\ncn: svc-api\n"
            f"objectGUID:: {_b64bytes(s + 'guid', 16)}\nobjectSid:: AQUAAAAAAAUVAAAA{_b64bytes(s + 'sid', 16)}\nwhenCreated: 20240115102231.0Z\n"
            f"pwdLastSet: 1335{gen(s + 'pls', 14, '0123456789')}\nbadPasswordTime: 0\nbadPwdCount: 0\nlastLogonTimestamp: 1335{gen(s + 'llt', 14, '0123456789')}\n"
            "userAccountControl: 66048\nmsDS-KeyVersionNumber: 4\nmsDS-SupportedEncryptionTypes: 24\n"
            f"servicePrincipalName: HTTP/api.acme.local\nsAMAccountName: svc-api\nuSNChanged: {gen(s + 'usn', 7, '0123456789')}\n\n# search result\nsearch: 2\nresult: 0 Success")  # fmt: skip


def windows_security_events(s):
    return ("TimeCreated  : 14/03/2026 10:22:31\nId           : 4624\nMessage      : An account was successfully logged on.\n\n"
            "               Subject:\n                Security ID:            S-1-5-18\n                Account Name:           WEB1$\n"
            "                Logon ID:               0x3E7\n\n               New Logon:\n"
            f"                Security ID:            S-1-5-21-{gen(s, 10, '0123456789')}-{gen(s + 'b', 10, '0123456789')}-{gen(s + 'c', 9, '0123456789')}-1104\n"
            f"                Account Name:           svc-api\n                Logon ID:               0x{gen(s + 'lid', 7, UPHEX)}\n"
            f"                Logon GUID:             {{{uuid_of(s + 'lg')}}}\n\n               Detailed Authentication Information:\n"
            "                Logon Process:          Kerberos\n                Authentication Package: Kerberos\n"
            "                Package Name (NTLM only):       -\n                Key Length:             0")  # fmt: skip


def migration_listings(s):
    return (f"{gen(s, 12, HEX)} -> {gen(s + 'b', 12, HEX)} (head), hash api keys at rest\n{gen(s + 'c', 12, HEX)} -> {gen(s, 12, HEX)}, add password_resets table\n"
            f"INFO  [alembic.runtime.migration] Running upgrade {gen(s + 'c', 12, HEX)} -> {gen(s, 12, HEX)}, add password_resets table\n\n"
            "+-----------+----------------------------+---------------------+---------+-------------+----------+\n"
            "| Version   | Description                | Installed On        | State   | Checksum    | Type     |\n"
            "+-----------+----------------------------+---------------------+---------+-------------+----------+\n"
            f"| 1.4       | hash api keys              | 2026-03-14 10:22:31 | Success | -{gen(s + 'ck', 10, '0123456789')} | SQL      |\n"
            "+-----------+----------------------------+---------------------+---------+-------------+----------+\n"
            f"ID: 20260314-token-table::ana  MD5SUM: 9:{gen(s + 'md', 32, HEX)}\n"
            f"   up     20260314102231  Add token digest to api keys\n   down   20260315080000  Drop plaintext password column")  # fmt: skip


def encrypted_envelopes(s):
    body = "\n".join(gen(s + str(i), 64, B64) for i in range(4))
    vault = "\n".join(gen(s + "av" + str(i), 80, HEX) for i in range(3))
    return ("db_password: ENC[AES256_GCM,data:" + gen(s + "d", 24, B64) + ",iv:" + gen(s + "iv", 43, B64) + "=,tag:" + gen(s + "tg", 22, B64) + "==,type:str]\n"
            "sops:\n    age:\n        - recipient: age1" + gen(s + "r", 58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l") + "\n"
            f"          enc: |\n            -----BEGIN AGE ENCRYPTED FILE-----\n            {body.replace(chr(10), chr(10) + '            ')}\n            -----END AGE ENCRYPTED FILE-----\n"
            f"    lastmodified: \"2026-03-14T10:22:31Z\"\n    mac: ENC[AES256_GCM,data:{gen(s + 'mac', 88, B64)}==,iv:{gen(s + 'miv', 43, B64)}=,tag:{gen(s + 'mt', 22, B64)}==,type:str]\n"
            f"    version: 3.8.1\n---\n$ANSIBLE_VAULT;1.1;AES256\n{vault}\n---\n-----BEGIN PGP MESSAGE-----\n\n{body}\n={gen(s + 'crc', 4, B64)}\n-----END PGP MESSAGE-----")  # fmt: skip


NEGATIVE_FAMILIES = [
    ("aws iam and lambda json", aws_iam_lambda, (as_bash("aws iam get-role --role-name api-token-rotator; aws lambda get-function --function-name rotate-api-keys"), as_result, as_json_text)),
    ("aws object and cdn metadata", aws_s3api_cloudfront, (as_bash("aws s3api head-object --bucket acme-exports --key tokens/audit.json"), as_result, as_json_text)),
    ("aws kms and certificate metadata", aws_kms_acm, (as_bash("aws kms describe-key --key-id alias/api; aws acm describe-certificate"), as_result, as_json_text)),
    ("aws registry listings", aws_ecr, (as_bash("aws ecr describe-images --repository-name auth-api"), as_result, as_json_text)),
    ("gcloud describe and listings", gcloud_listings, (as_bash("gcloud projects describe acme-prod; gcloud compute instances list"), as_result, as_json_text)),
    ("az account and key vault json", az_listings, (as_bash("az account show; az keyvault key show --vault-name acme-kv -n token-signing"), as_result, as_json_text)),
    ("kubernetes configmaps with managed fields", k8s_configmap, (as_bash("kubectl get cm api-config -o yaml --show-managed-fields"), as_result, as_json_text)),
    ("kubernetes deployments with secret refs", k8s_deployment, (as_bash("kubectl get deploy api -o yaml"), as_read("/home/dev/app/deploy/api.yaml"), as_json_text)),
    ("kubernetes webhooks and ca bundles", k8s_webhook, (as_bash("kubectl get mutatingwebhookconfiguration -o yaml"), as_result, as_json_text)),
    ("kubeconfig views", kubectl_config_view, (as_bash("kubectl config view"), as_result, as_json_text)),
    ("helm release metadata", helm_release, (as_bash("helm list -o json; helm get all api"), as_result, as_json_text)),
    ("terraform state show", terraform_state_show, (as_bash("terraform state show aws_iam_access_key.ci aws_db_instance.main"), as_result, as_json_text)),
    ("vault token and mount metadata", vault_token_lookup, (as_bash("vault token lookup -accessor"), as_result, as_json_text)),
    ("vault token and mount metadata", vault_mounts, (as_bash("vault auth list -detailed; vault secrets list -detailed"), as_result)),
    ("go module downloads", go_mod_download, (as_bash("go mod download -json github.com/golang-jwt/jwt/v5 golang.org/x/crypto"), as_result, as_json_text)),
    ("cargo metadata", cargo_metadata, (as_bash("cargo metadata --format-version 1"), as_result, as_json_text)),
    ("pip inspect and hashes", pip_inspect, (as_bash("pip inspect; pip hash dist/auth_lib-0.4.1.tar.gz"), as_result, as_json_text)),
    ("bazel builds", bazel_build, (as_bash("bazel build //src/auth/..."), as_result, as_json_text)),
    ("gradle dependency trees", gradle_dependencies, (as_bash("./gradlew dependencies; cat gradle/verification-metadata.xml"), as_read("/home/dev/app/gradle/verification-metadata.xml"), as_result)),
    ("maven outputs and checksums", maven_output, (as_bash("mvn dependency:tree install"), as_result, as_json_text)),
    ("xcode build logs", xcode_build, (as_bash("xcodebuild -scheme Acme -showBuildSettings build"), as_result, as_json_text)),
    ("apk signer certificates", apksigner, (as_bash("apksigner verify --print-certs -v app-release.apk"), as_result, as_json_text)),
    ("signature verifications", git_verify, (as_bash("git verify-commit HEAD; git verify-tag v1.4.2"), as_result, as_json_text)),
    ("gpg colon listings", gpg_colons, (as_bash("gpg --list-secret-keys --with-colons; gpg --export-ownertrust"), as_result)),
    ("minisign and signify keys", minisign_signify, (as_bash("cat minisign.pub release.tar.gz.minisig; signify -V -p acme.pub -m release.tar.gz"), as_result, as_json_text)),
    ("ssh verbose sessions", ssh_verbose, (as_bash("ssh -v web1 true; cat ~/.ssh/known_hosts"), as_result, as_json_text)),
    ("wireguard peer configs", wireguard_peers, (as_bash("sudo wg showconf wg0"), as_read("/etc/wireguard/wg0.conf"), as_result)),
    ("mesh vpn json status", mesh_vpn_json, (as_bash("tailscale status --json"), as_result, as_json_text)),
    ("prometheus api json", prometheus_api, (as_bash("curl -s 'http://prometheus:9090/api/v1/query?query=http_requests_total'"), as_result, as_json_text)),
    ("grafana api json", grafana_api, (as_bash("curl -s http://grafana:3000/api/search; curl -s http://grafana:3000/api/datasources"), as_result, as_json_text)),
    ("opentelemetry traces", otel_traces, (as_bash("cat otel-export.json"), as_result, as_json_text)),
    ("error tracker issue api", error_tracker_api, (as_bash("sentry-cli issues list --project auth-api"), as_result, as_json_text)),
    ("messaging callbacks", messaging_callbacks, (as_bash("tail -n 40 logs/webhooks.log"), as_result, as_json_text)),
    ("database query plans", explain_plan, (as_bash("psql -c 'EXPLAIN (ANALYZE, BUFFERS, VERBOSE) SELECT * FROM api_keys WHERE key_hash = ...'"), as_result, as_json_text)),
    ("database activity and roles", pg_activity, (as_bash("psql -c 'select * from pg_stat_activity' -c 'show password_encryption' -c '\\du'"), as_result, as_json_text)),
    ("redis clients, keys and acls", redis_clients, (as_bash("redis-cli CLIENT LIST; redis-cli --scan; redis-cli ACL LIST"), as_result, as_json_text)),
    ("elasticsearch cat apis", es_cat, (as_bash("curl -s localhost:9200/_cat/indices?v; curl -s localhost:9200/_cat/nodes?v; curl -s localhost:9200"), as_result, as_json_text)),
    ("kafka consumer groups", kafka_groups, (as_bash("kafka-consumer-groups --bootstrap-server kafka:9092 --describe --group auth-events"), as_result, as_json_text)),
    ("notebook cell ids and widgets", notebook_cells, (as_read("/home/dev/app/notebooks/rotate_keys.ipynb"), as_result, as_json_text)),
    ("design and docs api json", figma_notion, (as_bash("curl -s https://api.figma.com/v1/files/abc; curl -s https://api.notion.com/v1/pages/xyz"), as_result, as_json_text)),
    ("bundle stats", bundle_stats, (as_bash("npm run build"), as_result, as_json_text)),
    ("coverage reports", coverage_reports, (as_read("/home/dev/app/coverage/lcov.info"), as_result, as_json_text)),
    ("test runners with seeds", test_runner_seeds, (as_bash("pytest -p randomly -n 2; go test -shuffle=on ./...; npx jest --randomize"), as_result, as_json_text)),
    ("cdn response headers", cdn_headers, (as_bash("curl -sI https://cdn.example.com/tokens/audit.json"), as_result, as_json_text)),
    ("content security policies", csp_headers, (as_bash("curl -sI https://app.example.com/login"), as_result, as_json_text)),
    ("time-ordered ids in logs", time_ordered_ids, (as_bash("kubectl logs deploy/api --tail 4"), as_result, as_json_text)),
    ("git lfs pointers", git_lfs, (as_bash("git show HEAD:models/token-classifier.onnx; git lfs ls-files -l; git lfs env"), as_read("/home/dev/app/models/token-classifier.onnx"), as_result)),
    ("content-addressed ids", ipfs_cids, (as_bash("ipfs add -r site; ipfs id"), as_result, as_json_text)),
    ("blockchain receipts and addresses", chain_receipts, (as_bash("cast receipt 0x...; solana confirm -v"), as_result, as_json_text)),
    ("directory search results", directory_search, (as_bash("ldapsearch -LLL -H ldaps://dc1.acme.local -b dc=acme,dc=local '(sAMAccountName=svc-api)'"), as_result, as_json_text)),
    ("windows security events", windows_security_events, (as_bash("powershell Get-WinEvent -FilterHashtable @{LogName='Security';Id=4624} -MaxEvents 1 | Format-List"), as_result)),
    ("migration tool listings", migration_listings, (as_bash("alembic history; flyway info; rails db:migrate:status"), as_result, as_json_text)),
    ("encrypted files' envelopes", encrypted_envelopes, (as_read("/home/dev/app/secrets/prod.enc.yaml"), as_result, as_json_text)),
]  # fmt: skip


# ---- part one: positives, a real-looking secret in the same outputs ----------------------------

def _token_in_vault_lookup(s, v):
    return vault_token_lookup(s).replace("id                             n/a", f"id                             hvs.{v}")


def _token_in_kubeconfig_raw(s, v):
    return kubectl_config_view(s).replace("    token: REDACTED", f"    token: {v}")


def _private_key_in_wireguard(s, v):
    return wireguard_peers(s).replace("ListenPort = 51820\n", f"ListenPort = 51820\nPrivateKey = {v}\n")


def _secret_in_assume_role(s, v):
    return aws_iam_lambda(s) + "\n" + json.dumps({"Credentials": {"SecretAccessKey": v,
                                                                   "Expiration": "2026-03-14T11:22:31+00:00"},
                                                  "AssumedRoleUser": {"AssumedRoleId": "AROA" + gen(s + "ar", 17, B32) + ":ci",
                                                                      "Arn": "arn:aws:sts::123456789012:assumed-role/api-token-rotator/ci"}}, indent=4)  # fmt: skip


def _password_in_sp_create(s, v):
    return az_listings(s) + "\n" + json.dumps({"appId": uuid_of(s + "app"), "displayName": "ci-deployer", "password": v, "tenant": uuid_of(s + "t")}, indent=2)


def _password_in_state_show(s, v):
    return terraform_state_show(s).replace("    password                       = (sensitive value)", f'    password                       = "{v}"')


def _password_in_kafka_jaas(s, v):
    return kafka_groups(s) + ("\n$ cat client.properties\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\n"
                              f'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="auth-events" password="{v}";')  # fmt: skip


def _password_in_acl_setuser(s, v):
    return redis_clients(s) + f"\n127.0.0.1:6379> ACL SETUSER worker on >{v} ~jobs:* +@list\nOK"


def _session_cookie_in_headers(s, v):
    return cdn_headers(s).replace("set-cookie: theme=dark;", f"set-cookie: __Host-session={v}; Path=/; Secure; HttpOnly\nset-cookie: theme=dark;")


def _key_in_notebook_cell(s, v):
    nb = json.loads(notebook_cells(s))
    nb["cells"][1]["source"].insert(0, f'openai.api_key = "sk-proj-{v}"\n')
    return json.dumps(nb, indent=1)


def _password_in_ldapsearch(s, v):
    return f"$ ldapsearch -x -H ldaps://dc1.acme.local -D 'cn=svc-api,ou=Service Accounts,dc=acme,dc=local' -w '{v}' -b dc=acme,dc=local\n" + directory_search(s)


def _password_in_altool(s, v):
    return xcode_build(s) + f"\n$ xcrun altool --upload-app -f build/Acme.ipa -t ios -u ana@example.com -p {v}\nNo errors uploading 'build/Acme.ipa'"


POSITIVE_FAMILIES = [
    ("secret in vault token metadata", _token_in_vault_lookup, as_bash("vault token lookup")),
    ("secret in a kubeconfig", _token_in_kubeconfig_raw, as_bash("kubectl config view --raw")),
    ("secret in a wireguard config", _private_key_in_wireguard, as_read("/etc/wireguard/wg0.conf")),
    ("secret in cloud cli json", _secret_in_assume_role, as_bash("aws iam get-role --role-name r; aws sts assume-role --role-arn arn --role-session-name ci")),
    ("secret in cloud cli json", _password_in_sp_create, as_json_text),
    ("secret in terraform state", _password_in_state_show, as_bash("terraform state show aws_db_instance.main")),
    ("secret in a broker listing", _password_in_kafka_jaas, as_bash("kafka-consumer-groups --describe --group auth-events; cat client.properties")),
    ("secret in a redis session", _password_in_acl_setuser, as_result),
    ("secret in response headers", _session_cookie_in_headers, as_bash("curl -si https://app.example.com/login")),
    ("secret in a notebook", _key_in_notebook_cell, as_read("/home/dev/app/notebooks/rotate_keys.ipynb")),
    ("secret in a directory search", _password_in_ldapsearch, as_result),
    ("secret in a build log", _password_in_altool, as_json_text),
]  # fmt: skip


# ---- part two: written after the first round's fixes, measured before the second round ------------

def apt_dnf(s):
    fpr = gen(s, 40, UPHEX)
    return ("Get:1 http://deb.debian.org/debian bookworm/main amd64 libssl3 amd64 3.0.11-1~deb12u2 [2025 kB]\n"
            "Fetched 2025 kB in 1s (2412 kB/s)\nSelecting previously unselected package libssl3:amd64.\n"
            "E: Failed to fetch http://deb.debian.org/debian/dists/bookworm/main/binary-amd64/by-hash/SHA256/"
            f"{sha(s + 'bh', 64)}  Hash Sum mismatch\n   Hashes of expected file:\n    - Filesize:8789144 [weak]\n    - SHA256:{sha(s + 'ex', 64)}\n"
            f"   Hashes of received file:\n    - SHA256:{sha(s + 'rx', 64)}\n"
            f"Importing GPG key 0x{fpr[-8:]}:\n Userid     : \"Fedora (40) <fedora-40-primary@fedoraproject.org>\"\n"
            f" Fingerprint: {' '.join(fpr[i:i + 4] for i in range(0, 40, 4))}\n From       : /etc/pki/rpm-gpg/RPM-GPG-KEY-fedora-40-x86_64\n"
            "Is this ok [y/N]: y\nKey imported successfully\n/etc/apt/keyrings/docker.gpg: OpenPGP Public Key Version 4, Created Wed Feb 22 2017, RSA (Encrypt or Sign, 4096 bits); User ID; Signature; OpenPGP Certificate")  # fmt: skip


def buildkit_progress(s):
    return ("#0 building with \"default\" instance using docker driver\n\n#1 [internal] load build definition from Dockerfile\n"
            "#1 transferring dockerfile: 1.21kB done\n#5 [internal] load metadata for docker.io/library/node:20-alpine\n"
            f"#6 [build 1/6] FROM docker.io/library/node:20-alpine@sha256:{sha(s, 64)}\n#6 CACHED\n"
            "#9 [build 4/6] RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci --omit=dev\n#9 4.812 added 412 packages in 4s\n"
            f"#12 exporting to image\n#12 exporting layers 1.2s done\n#12 exporting manifest sha256:{sha(s + 'm', 64)} done\n"
            f"#12 exporting config sha256:{sha(s + 'c', 64)} done\n#12 exporting attestation manifest sha256:{sha(s + 'a', 64)} done\n"
            f"#12 naming to ghcr.io/acme/api:1.4.2 done\n#12 writing image sha256:{sha(s + 'w', 64)} done\n"
            "#13 [auth] acme/api:pull,push token for ghcr.io\n#13 DONE 0.0s\n"
            f"View build details: docker-desktop://dashboard/build/default/default/{gen(s + 'b', 25, L36)}")  # fmt: skip


def sigstore_bundle(s):
    envelope = (f"rekor.sigstore.dev - 1193050959916656506\n26249120\n{_b64bytes(s + 'root', 32)}\n\n"
                f"\u2014 rekor.sigstore.dev wNI9ajBFAiEA{gen(s + 'cp', 80, B64)}\n")
    return json.dumps({"mediaType": "application/vnd.dev.sigstore.bundle.v0.3+json",
                       "verificationMaterial": {"certificate": {"rawBytes": "MIIC" + gen(s, 200, B64)},
                                                "tlogEntries": [{"logIndex": "48213377", "logId": {"keyId": _b64bytes(s + "log", 32)},
                                                                 "kindVersion": {"kind": "hashedrekord", "version": "0.0.1"},
                                                                 "integratedTime": "1710411751",
                                                                 "inclusionPromise": {"signedEntryTimestamp": "MEUCIQ" + gen(s + "set", 90, B64) + "=="},
                                                                 "inclusionProof": {"logIndex": "26249115", "rootHash": _b64bytes(s + "root", 32), "treeSize": "26249120",
                                                                                    "hashes": [_b64bytes(s + "h" + str(i), 32) for i in range(3)],
                                                                                    "checkpoint": {"envelope": envelope}},
                                                                 "canonicalizedBody": _b64bytes(s + "body", 120)}]},
                       "messageSignature": {"messageDigest": {"algorithm": "SHA2_256", "digest": _b64bytes(s + "md", 32)},
                                            "signature": "MEQCIF" + gen(s + "sig", 88, B64) + "="}}, indent=2)  # fmt: skip


def gitops_status(s):
    return ("Name:               argocd/api\nProject:            default\nServer:             https://kubernetes.default.svc\n"
            "Namespace:          prod\nURL:                https://argocd.example.com/applications/api\nRepo:               https://github.com/acme/deploy.git\n"
            "Target:             main\nPath:               apps/api\nSyncWindow:         Sync Allowed\nSync Policy:        Automated (Prune)\n"
            f"Sync Status:        Synced to main ({sha(s, 7)})\nHealth Status:      Healthy\n\nGROUP  KIND    NAMESPACE  NAME         STATUS  HEALTH   HOOK  MESSAGE\n"
            "       Secret  prod       api-secrets  Synced                 secret/api-secrets configured\n\n"
            f"NAME                    REVISION                SUSPENDED   READY   MESSAGE\nflux-system             main@sha1:{sha(s + 'f')}     False       True    Applied revision: main@sha1:{sha(s + 'f')}\n"
            f"api-secrets             main@sha1:{sha(s + 'f')}     False       True    Applied revision: main@sha1:{sha(s + 'f')}")  # fmt: skip


def nomad_consul(s):
    allocs = "\n".join(f"{gen(s + str(i), 8, HEX)}  {gen(s + 'n' + str(i), 8, HEX)}  api         {i}        run      running   2h ago   2h ago" for i in range(2))
    return ("ID            = api\nName          = api\nSubmit Date   = 2026-03-14T10:22:31+01:00\nType          = service\nStatus        = running\n\n"
            f"Latest Deployment\nID          = {gen(s + 'd', 8, HEX)}\nStatus      = successful\n\nAllocations\n"
            f"ID        Node ID   Task Group  Version  Desired  Status    Created  Modified\n{allocs}\n\n"
            + json.dumps([{"ID": uuid_of(s + "pol"), "Name": "api-read", "Description": "read the api's kv", "Datacenters": None,
                           "Hash": _b64bytes(s + "ph", 32), "CreateIndex": 48213, "ModifyIndex": 48220}], indent=4)
            + f"\nAccessorID:       {uuid_of(s + 'acc')}\nSecretID:         <hidden>\nDescription:      api token\nLocal:            false\n"
            f"Create Time:      2026-03-14 10:22:31.118229 +0100 CET\nPolicies:\n   {uuid_of(s + 'pol')} - api-read")  # fmt: skip


def npm_audit_pack(s):
    via = {"source": 1097690, "name": "jsonwebtoken", "title": "jsonwebtoken unrestricted key type could lead to legacy keys usage",
           "url": "https://github.com/advisories/GHSA-8cf7-32gw-wr33", "severity": "high", "cwe": ["CWE-327"],
           "cvss": {"score": 8.1, "vectorString": "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H"}, "range": "<=8.5.1"}
    audit = {"auditReportVersion": 2, "vulnerabilities": {"jsonwebtoken": {"name": "jsonwebtoken", "severity": "high", "isDirect": True, "via": [via],
                                                                           "fixAvailable": {"name": "jsonwebtoken", "version": "9.0.2", "isSemVerMajor": True}}}}
    pack = [{"id": "@acme/token-client@2.1.0", "name": "@acme/token-client", "version": "2.1.0", "size": 4821, "unpackedSize": 21377,
             "shasum": sha(s + "sh"), "integrity": "sha512-" + _b64bytes(s + "int", 64), "filename": "acme-token-client-2.1.0.tgz",
             "files": [{"path": "dist/index.js", "size": 4120, "mode": 420}], "entryCount": 4, "bundled": []}]
    return json.dumps(audit, indent=2) + "\n" + json.dumps(pack, indent=2)  # fmt: skip


def wrangler_outputs(s):
    return (f"Total Upload: 48.21 KiB / gzip: 12.40 KiB\nYour worker has access to the following bindings:\n- KV Namespaces:\n  - SESSIONS: {gen(s, 32, HEX)}\n"
            f"- D1 Databases:\n  - DB: auth ({uuid_of(s + 'd1')})\n- Vars:\n  - TOKEN_TTL: \"3600\"\nUploaded api (4.12 sec)\nDeployed api triggers (0.41 sec)\n"
            f"  https://api.acme.workers.dev\nCurrent Version ID: {uuid_of(s + 'ver')}\n"
            + json.dumps([{"name": "STRIPE_WEBHOOK_SECRET", "type": "secret_text"}, {"name": "JWT_SIGNING_KEY", "type": "secret_text"}], indent=2)
            + "\n" + json.dumps([{"id": gen(s, 32, HEX), "title": "api-SESSIONS", "supports_url_encoding": True}], indent=2))  # fmt: skip


def android_adb(s):
    return (f"List of devices attached\n{gen(s, 14, UP)}       device usb:1-1 product:oriole model:Pixel_6 device:oriole transport_id:3\n"
            "emulator-5554          device product:sdk_gphone64_x86_64 model:sdk_gphone64_x86_64 transport_id:1\n"
            "google/oriole/oriole:14/AP1A.240305.019.A1/11445699:user/release-keys\n"
            f"  Package [com.acme.app] ({gen(s + 'p', 7, HEX)}):\n    userId=10412\n    versionCode=48213 minSdk=26 targetSdk=34\n"
            f"    signatures=PackageSignatures{{{gen(s + 'ps', 7, HEX)} version:3, signatures:[{gen(s + 'sg', 8, HEX)}], past signatures:[]}}\n"
            "    firstInstallTime=2026-03-14 10:22:31\n    installerPackageName=com.android.vending\n"
            "i Distribution: uploading binary... \u2714 uploaded new release 1.4.2 (48213) successfully!\n"
            f"i Distribution: view this release in the Firebase console: https://console.firebase.google.com/project/acme-app/appdistribution/app/android:com.acme.app/releases/{gen(s + 'rel', 13, L36)}")  # fmt: skip


def macos_security(s):
    return (f"    Hardware UUID: {uuid_of(s).upper()}\n    Provisioning UDID: 00008112-{gen(s + 'udid', 16, UPHEX)}\n    Serial Number (system): {gen(s + 'sn', 10, UP)}\n"
            f"SHA-256 hash: {gen(s + 'c256', 64, UPHEX)}\nSHA-1 hash: {gen(s + 'c1', 40, UPHEX)}\n"
            "keychain: \"/Users/ana/Library/Keychains/login.keychain-db\"\nversion: 512\nclass: \"genp\"\nattributes:\n"
            "    0x00000007 <blob>=\"api.example.com\"\n    0x00000008 <blob>=<NULL>\n    \"acct\"<blob>=\"ana@example.com\"\n"
            f"    \"cdat\"<timedate>=0x{gen(s + 'cd', 32, UPHEX)}  \"20260314102231Z\\000\"\n    \"svce\"<blob>=\"api.example.com\"\n"
            "    \"type\"<uint32>=<NULL>\n    \"desc\"<blob>=\"application password\"")  # fmt: skip


def node_describe(s):
    return ("Name:               ip-10-0-3-17.eu-west-1.compute.internal\nRoles:              <none>\nAnnotations:        node.alpha.kubernetes.io/ttl: 0\n"
            f"CreationTimestamp:  Sat, 14 Mar 2026 10:22:31 +0100\nSystem Info:\n  Machine ID:                 {gen(s, 32, HEX)}\n"
            f"  System UUID:                ec2{gen(s + 'su', 5, HEX)}-{gen(s + 'a', 4, HEX)}-{gen(s + 'b', 4, HEX)}-{gen(s + 'c', 4, HEX)}-{gen(s + 'd', 12, HEX)}\n"
            f"  Boot ID:                    {uuid_of(s + 'boot')}\n  Kernel Version:             6.1.79-99.167.amzn2023.x86_64\n"
            f"ProviderID:                   aws:///eu-west-1a/i-0{gen(s + 'i', 16, HEX)}\n"
            "LAST SEEN   TYPE      REASON      OBJECT                    MESSAGE\n"
            f"2m          Normal    Pulled      pod/api-7d9f8b6c5d-x8k2p  Successfully pulled image \"ghcr.io/acme/api@sha256:{sha(s + 'img', 64)}\" in 1.2s (1.2s including waiting). Image size: 48213377 bytes.\n"
            "2m          Warning   Failed      pod/api-7d9f8b6c5d-x8k2p  Error: secret \"api-env\" not found")  # fmt: skip


def _relay_id(kind: str, n) -> str:
    return base64.b64encode(f"{kind}:{n}".encode()).decode()


def graphql_response(s):
    edges = [{"cursor": _relay_id("arrayconnection", i),
              "node": {"id": _relay_id("ApiToken", 48213 + i), "name": n, "lastUsedAt": "2026-03-14T10:22:31Z", "tokenPrefix": "acme_" + gen(s + n, 4, B62)}}
             for i, n in enumerate(("ci", "laptop"))]
    return json.dumps({"data": {"viewer": {"id": _relay_id("User", 4821), "login": "ana",
                                           "apiTokens": {"edges": edges, "pageInfo": {"endCursor": _relay_id("arrayconnection", 1), "hasNextPage": False}}}},
                       "extensions": {"persistedQuery": {"version": 1, "sha256Hash": sha(s + "pq", 64)}, "traceId": gen(s + "tr", 32, HEX),
                                      "cost": {"requestedQueryCost": 12}}}, indent=2)  # fmt: skip


def acme_challenges(s):
    token = gen(s, 43, URLSAFE)
    return ("Requesting a certificate for api.example.com\nPerforming the following challenges:\nhttp-01 challenge for api.example.com\n"
            f"Waiting for verification...\nGET /.well-known/acme-challenge/{token} 200\n"
            f"$ cat /var/www/html/.well-known/acme-challenge/{token}\n{token}.{gen(s + 'tp', 43, URLSAFE)}\n"
            f"Order URL: https://acme-v02.api.letsencrypt.org/acme/order/48213377/{gen(s + 'ord', 12, '0123456789')}\n"
            f"authz: https://acme-v02.api.letsencrypt.org/acme/authz-v3/{gen(s + 'az', 12, '0123456789')}\n"
            + json.dumps([{"issuer_ca_id": 295815, "issuer_name": "C=US, O=Let's Encrypt, CN=R3", "common_name": "api.example.com",
                           "name_value": "api.example.com", "id": int(gen(s + "id", 11, "123456789")), "entry_timestamp": "2026-03-14T10:22:31.118",
                           "not_before": "2026-03-14T09:22:31", "serial_number": gen(s + "ser", 36, HEX)}]))  # fmt: skip


def pulumi_outputs(s):
    resource = {"urn": "urn:pulumi:prod::api::aws:rds/instance:Instance::db", "custom": True, "id": "db-" + gen(s + "db", 26, B32).lower(),
                "type": "aws:rds/instance:Instance",
                "outputs": {"password": {"4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
                                         "ciphertext": "v1:" + gen(s + "iv", 16, B64) + ":" + gen(s + "ct", 64, B64)},
                            "endpoint": "db.cluster-" + gen(s + "cl", 12, L36) + ".eu-west-1.rds.amazonaws.com:5432"}}
    return (json.dumps({"apiUrl": "https://api.example.com", "dbPassword": "[secret]", "bucketArn": "arn:aws:s3:::acme-exports",
                        "kmsKeyId": uuid_of(s)}, indent=2) + "\n"
            + json.dumps({"deployment": {"secrets_providers": {"type": "service", "state": {"url": "https://api.pulumi.com", "owner": "acme",
                                                                                             "project": "api", "stack": "prod"}},
                                         "resources": [resource]}}, indent=2))  # fmt: skip


def gitlab_runner(s):
    return (f"Running with gitlab-runner 16.9.1 (782c6ecb)\n  on runner-{gen(s, 8, L36)} {gen(s + 'r', 8, B62)}, system ID: s_{gen(s + 'sys', 12, HEX)}\n"
            "Preparing the \"docker\" executor\nUsing Docker executor with image node:20 ...\nUsing docker image sha256:"
            f"{sha(s + 'img', 64)} for node:20 with digest node@sha256:{sha(s + 'dg', 64)} ...\n"
            f"Fetching changes with git depth set to 20...\nChecking out {sha(s, 8)} as detached HEAD (ref is main)...\n"
            "$ echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc\n$ npm ci\nadded 412 packages in 4s\n"
            f"Uploading artifacts as \"archive\" to coordinator... 201 Created  id={gen(s + 'job', 10, '0123456789')} responseStatus=201 Created token={gen(s + 'tok', 8, L36)}\n"
            "Cleaning up project directory and file based variables\nJob succeeded")  # fmt: skip


NEGATIVE_FAMILIES_2 = [
    ("package manager signatures and hash mismatches", apt_dnf, (as_bash("sudo apt-get install -y libssl3; sudo dnf install -y openssl"), as_result, as_json_text)),
    ("buildkit progress", buildkit_progress, (as_bash("docker buildx build --secret id=npmrc,src=.npmrc -t ghcr.io/acme/api:1.4.2 --push ."), as_result, as_json_text)),
    ("sigstore bundles", sigstore_bundle, (as_read("/home/dev/app/dist/api.sigstore.json"), as_result, as_json_text)),
    ("gitops status", gitops_status, (as_bash("argocd app get api; flux get kustomizations"), as_result, as_json_text)),
    ("scheduler and service mesh listings", nomad_consul, (as_bash("nomad job status api; consul acl policy list -format=json; consul acl token read -id x"), as_result, as_json_text)),
    ("package audits and pack listings", npm_audit_pack, (as_bash("npm audit --json; npm pack --dry-run --json"), as_result, as_json_text)),
    ("edge platform deploys", wrangler_outputs, (as_bash("npx wrangler deploy; npx wrangler secret list; npx wrangler kv namespace list"), as_result, as_json_text)),
    ("android device outputs", android_adb, (as_bash("adb devices -l; adb shell getprop ro.build.fingerprint; adb shell dumpsys package com.acme.app"), as_result, as_json_text)),
    ("macos system and keychain attributes", macos_security, (as_bash("system_profiler SPHardwareDataType; security find-certificate -a -Z; security find-generic-password -s api.example.com"), as_result, as_json_text)),
    ("kubernetes node descriptions and events", node_describe, (as_bash("kubectl describe node ip-10-0-3-17; kubectl get events"), as_result, as_json_text)),
    ("graphql responses", graphql_response, (as_bash("curl -s https://api.example.com/graphql -d @query.json"), as_result, as_json_text)),
    ("acme challenges and ct logs", acme_challenges, (as_bash("sudo certbot certonly --webroot -w /var/www/html -d api.example.com -v"), as_result, as_json_text)),
    ("infrastructure stack outputs", pulumi_outputs, (as_bash("pulumi stack output --json; pulumi stack export"), as_result, as_json_text)),
    ("gitlab runner logs", gitlab_runner, (as_result, as_json_text, as_bash("glab ci trace 6412345678"))),
]  # fmt: skip


def _secret_id_in_token_read(s, v):
    return nomad_consul(s).replace("SecretID:         <hidden>", f"SecretID:         {v}")


def _password_in_stack_output(s, v):
    return pulumi_outputs(s).replace('"dbPassword": "[secret]"', f'"dbPassword": "{v}"')


def _password_in_keychain_dump(s, v):
    return macos_security(s) + f'\ndata:\n"{v}"'


def _token_in_runner_log(s, v):
    return gitlab_runner(s).replace("$ npm ci\n", f'$ npm ci\n$ curl --header "PRIVATE-TOKEN: glpat-{v}" https://gitlab.example.com/api/v4/projects\n')


def _secret_piped_to_wrangler(s, v):
    return wrangler_outputs(s) + f'\n$ echo "{v}" | npx wrangler secret put STRIPE_WEBHOOK_SECRET\n\u2728 Success! Uploaded secret STRIPE_WEBHOOK_SECRET'


def _hmac_key_in_certbot(s, v):
    return (f"$ sudo certbot register --eab-kid kid-{gen(s, 8, L36)} --eab-hmac-key {v} --server https://acme.zerossl.com/v2/DV90 -m ana@example.com\n"
            + acme_challenges(s))


POSITIVE_FAMILIES_2 = [
    ("secret in a service mesh token read", _secret_id_in_token_read, as_bash("consul acl token read -self")),
    ("secret in stack outputs", _password_in_stack_output, as_bash("pulumi stack output --json --show-secrets; pulumi stack export")),
    ("secret in a keychain dump", _password_in_keychain_dump, as_bash("security find-generic-password -s api.example.com -g")),
    ("secret in a ci runner log", _token_in_runner_log, as_json_text),
    ("secret piped to an edge platform", _secret_piped_to_wrangler, as_result),
    ("secret in an acme client log", _hmac_key_in_certbot, as_bash("sudo certbot register; sudo certbot certonly --webroot -d api.example.com")),
]  # fmt: skip


# ---- part three: written after the second round's fixes, measured before the third round ----------

def journal_json(s):
    rows = []
    for i, msg in enumerate(("token refreshed for client api", "password reset mail queued", "api key rotated")):
        rows.append(json.dumps({"__CURSOR": f"s={gen(s, 32, HEX)};i={4821 + i:x};b={gen(s + 'b', 32, HEX)};m={gen(s + 'm' + str(i), 6, HEX)};t={gen(s + 't' + str(i), 13, HEX)};x={gen(s + 'x' + str(i), 16, HEX)}",
                                "__REALTIME_TIMESTAMP": str(1710411751118229 + i), "_BOOT_ID": gen(s + "b", 32, HEX),
                                "_SYSTEMD_INVOCATION_ID": gen(s + "inv", 32, HEX), "_SYSTEMD_UNIT": "api.service", "PRIORITY": "6",
                                "SYSLOG_IDENTIFIER": "api", "MESSAGE": msg, "_PID": "4821"}))
    return "\n".join(rows)  # fmt: skip


def browser_storage(s):
    return json.dumps({"localStorage": {"theme": "dark", "ajs_anonymous_id": json.dumps(uuid_of(s)), "lastVisitedPage": "/settings/api-keys",
                                        f"ph_phc_{gen(s, 43, B62)}_posthog": json.dumps({"distinct_id": uuid_of(s + "d"), "$device_id": uuid_of(s + "dv"),
                                                                                         "$sesid": [1710411751118, uuid_of(s + "ses"), 1710411751118]}),
                                        "amplitude_unsent_" + gen(s + "amp", 10, HEX): "[]", "i18nextLng": "en-GB"},
                       "cookies": [{"name": "_ga", "value": f"GA1.1.{gen(s + 'ga', 10, '0123456789')}.1710411751", "domain": ".example.com"},
                                   {"name": "_fbp", "value": f"fb.1.1710411751118.{gen(s + 'fb', 10, '0123456789')}", "domain": ".example.com"},
                                   {"name": "cookie_consent", "value": "necessary,analytics", "domain": "app.example.com"}]}, indent=2)  # fmt: skip


def cloudtrail_event(s):
    return json.dumps({"eventVersion": "1.09", "userIdentity": {"type": "AssumedRole", "principalId": "AROA" + gen(s, 17, B32) + ":ana",
                                                                "arn": "arn:aws:sts::123456789012:assumed-role/admin/ana",
                                                                "sessionContext": {"sessionIssuer": {"type": "Role", "principalId": "AROA" + gen(s, 17, B32),
                                                                                                     "arn": "arn:aws:iam::123456789012:role/admin"},
                                                                                   "attributes": {"creationDate": "2026-03-14T09:22:31Z", "mfaAuthenticated": "true"}}},
                       "eventTime": "2026-03-14T10:22:31Z", "eventSource": "secretsmanager.amazonaws.com", "eventName": "GetSecretValue",
                       "awsRegion": "eu-west-1", "sourceIPAddress": "203.0.113.5", "userAgent": "aws-cli/2.15.30",
                       "requestParameters": {"secretId": "prod/db-password"}, "responseElements": None,
                       "requestID": uuid_of(s + "req"), "eventID": uuid_of(s + "ev"), "readOnly": True,
                       "resources": [{"accountId": "123456789012", "type": "AWS::SecretsManager::Secret",
                                      "ARN": f"arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-password-{gen(s, 6)}"}],
                       "tlsDetails": {"tlsVersion": "TLSv1.3", "cipherSuite": "TLS_AES_128_GCM_SHA256", "clientProvidedHostHeader": "secretsmanager.eu-west-1.amazonaws.com"},
                       "sharedEventID": uuid_of(s + "sh")}, indent=2)  # fmt: skip


def stripe_events(s):
    return json.dumps({"object": "list", "data": [{"id": "evt_3Ox" + gen(s, 21, B62), "object": "event", "api_version": "2024-04-10",
                                                   "created": 1710411751, "type": "payment_intent.succeeded", "livemode": False,
                                                   "request": {"id": "req_" + gen(s + "r", 14, B62), "idempotency_key": uuid_of(s + "idem")},
                                                   "data": {"object": {"id": "pi_3Ox" + gen(s + "pi", 21, B62), "amount": 4821, "currency": "eur",
                                                                       "latest_charge": "ch_3Ox" + gen(s + "ch", 21, B62),
                                                                       "payment_method": "pm_1Ox" + gen(s + "pm", 21, B62)}}}],
                       "has_more": False, "url": "/v1/events"}, indent=2) + (
        f"\n2026-03-14 10:22:31   --> payment_intent.succeeded [evt_3Ox{gen(s, 21, B62)}]\n"
        f"2026-03-14 10:22:31  <--  [200] POST http://localhost:3000/webhooks/stripe [evt_3Ox{gen(s, 21, B62)}]")  # fmt: skip


def mysql_status(s):
    uid = uuid_of(s)
    return ("*************************** 1. row ***************************\n               Slave_IO_State: Waiting for source to send event\n"
            "                  Master_Host: db-primary.internal\n                  Master_User: repl\n"
            "              Master_Log_File: mysql-bin.004821\n          Read_Master_Log_Pos: 48213377\n"
            f"                  Master_UUID: {uid}\n           Retrieved_Gtid_Set: {uid}:41234-48213\n            Executed_Gtid_Set: {uid}:1-48213\n"
            f"+--------------------------------------+\n| @@server_uuid                        |\n+--------------------------------------+\n| {uuid_of(s + 'srv')} |\n"
            "+--------------------------------------+\n"
            "+---------------------------------------------------------------------------------------------------+\n"
            "| Grants for app@%                                                                                  |\n"
            f"| GRANT USAGE ON *.* TO `app`@`%` IDENTIFIED BY PASSWORD '*{gen(s + 'h', 40, UPHEX)}'                  |\n"
            "| GRANT SELECT, INSERT, UPDATE ON `auth`.* TO `app`@`%`                                             |\n"
            "+---------------------------------------------------------------------------------------------------+")  # fmt: skip


def mongosh_output(s):
    return ("[\n  {\n    _id: ObjectId('" + gen(s, 24, HEX) + "'),\n    email: 'ana@example.com',\n"
            f"    passwordHash: '$2b$12${gen(s + 'bc', 53, B62 + './')}',\n    apiKeyPrefix: 'ak_{gen(s + 'p', 6, B62)}',\n"
            f"    createdAt: ISODate('2026-03-14T10:22:31.118Z')\n  }}\n]\n"
            "rs0 [direct: primary] auth> rs.status().members[0]\n{\n  _id: 0,\n  name: 'mongo-0.mongo:27017',\n  stateStr: 'PRIMARY',\n"
            f"  electionId: ObjectId('7fffffff000000000000000{gen(s, 1, '123456789')}'),\n"
            "  '$clusterTime': {\n    clusterTime: Timestamp({ t: 1710411751, i: 1 }),\n"
            f"    signature: {{\n      hash: Binary.createFromBase64('{_b64bytes(s + 'ct', 20)}', 0),\n      keyId: Long('{gen(s + 'k', 19, '0123456789')}')\n    }}\n  }},\n"
            f"  operationTime: Timestamp({{ t: 1710411751, i: 1 }})\n}}")  # fmt: skip


def secret_manager_metadata(s):
    return ("NAME  STATE    CREATED              DESTROYED\n3     enabled  2026-03-14T10:22:31  -\n2     disabled 2026-02-01T08:00:00  -\n"
            f"---\ncreateTime: '2026-01-15T10:22:31.118229Z'\netag: '\"{gen(s, 14, B62)}\"'\nname: projects/{gen(s + 'pn', 12, '0123456789')}/secrets/db-password\n"
            "replication:\n  automatic: {}\n"
            f"created key [{sha(s + 'key')}] of type [json] as [sa-key.json] for [deployer@acme-prod.iam.gserviceaccount.com]\n"
            f"Created version [4] of the secret [db-password].\nrevision: {gen(s + 'rev', 20, L36)}")  # fmt: skip


def terraform_init(s):
    return ("Initializing the backend...\nInitializing provider plugins...\n- Finding hashicorp/aws versions matching \"~> 5.0\"...\n"
            "- Installing hashicorp/aws v5.40.0...\n- Installed hashicorp/aws v5.40.0 (signed by HashiCorp)\n"
            f"- Installed cloudflare/cloudflare v4.26.0 (self-signed, key ID {gen(s, 16, UPHEX)})\n"
            "Partner and community providers are signed by their developers.\nIf you'd like to know more about provider signing, you can read about it here:\n"
            "https://www.terraform.io/docs/cli/plugins/signing.html\n"
            "- Obtained hashicorp/aws checksums for linux_amd64; Additional checksums for this platform are now tracked in the lock file\n"
            + json.dumps({"terraform_version": "1.7.5", "platform": "linux_amd64", "provider_selections": {"registry.terraform.io/hashicorp/aws": "5.40.0"},
                          "terraform_outdated": False}, indent=2)
            + f"\nRetrieved token for user ana\nTerraform has obtained and saved an API token.\nThe token is stored at ~/.terraform.d/credentials.tfrc.json\nrun-{gen(s + 'run', 16, B62)}")  # fmt: skip


def python_http_errors(s):
    cursor = base64.urlsafe_b64encode(json.dumps({"page": 2, "after": gen(s, 8, '0123456789')}).encode()).decode().rstrip("=")
    return ("Traceback (most recent call last):\n  File \"/home/dev/app/sync.py\", line 41, in <module>\n    r.raise_for_status()\n"
            "  File \"/home/dev/app/.venv/lib/python3.12/site-packages/httpx/_models.py\", line 761, in raise_for_status\n"
            "    raise HTTPStatusError(message, request=request, response=self)\n"
            f"httpx.HTTPStatusError: Client error '401 Unauthorized' for url 'https://api.example.com/v1/tokens?cursor={cursor}&limit=50'\n"
            "For more information check: https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/401\n"
            f"DEBUG:httpx:HTTP Request: GET https://api.example.com/v1/tokens?cursor={cursor} \"HTTP/1.1 401 Unauthorized\"\n"
            f"<Response [401]> x-request-id={uuid_of(s)} www-authenticate=Bearer realm=\"api\", error=\"invalid_token\"")  # fmt: skip


def har_timings(s):
    return json.dumps({"log": {"entries": [{"_initiator": {"type": "script"}, "_priority": "High", "_resourceType": "fetch",
                                            "request": {"method": "GET", "url": "https://api.example.com/v1/me", "headers": [
                                                {"name": "sec-ch-ua", "value": "\"Chromium\";v=\"124\", \"Not-A.Brand\";v=\"99\""},
                                                {"name": "if-none-match", "value": f"W/\"{gen(s, 4, HEX)}-{gen(s + 'e', 27, B62)}\""},
                                                {"name": "x-client-trace-id", "value": gen(s + "t", 32, HEX)}],
                                                        "cookies": [{"name": "_gid", "value": f"GA1.2.{gen(s + 'gid', 10, '0123456789')}.1710411751"}]},
                                            "response": {"status": 304, "headers": [{"name": "etag", "value": f"W/\"{gen(s, 4, HEX)}-{gen(s + 'e', 27, B62)}\""},
                                                                                    {"name": "x-trace-id", "value": gen(s + "xt", 32, HEX)}]},
                                            "serverIPAddress": "203.0.113.5", "connection": "48213",
                                            "timings": {"blocked": 1.2, "dns": -1, "ssl": -1, "connect": -1, "send": 0.1, "wait": 41.2, "receive": 0.4}}]}}, indent=2)  # fmt: skip


def rails_log(s):
    rid = uuid_of(s)
    return (f"[{rid}] Started POST \"/users/sign_in\" for 203.0.113.5 at 2026-03-14 10:22:31 +0100\n"
            f"[{rid}] Processing by Users::SessionsController#create as HTML\n"
            f"[{rid}]   Parameters: {{\"authenticity_token\"=>\"[FILTERED]\", \"user\"=>{{\"email\"=>\"ana@example.com\", \"password\"=>\"[FILTERED]\", \"remember_me\"=>\"0\"}}, \"commit\"=>\"Log in\"}}\n"
            f"[{rid}]   User Load (0.4ms)  SELECT \"users\".* FROM \"users\" WHERE \"users\".\"email\" = $1 LIMIT $2  [[\"email\", \"ana@example.com\"], [\"LIMIT\", 1]]\n"
            f"[{rid}] Redirected to http://localhost:3000/\n[{rid}] Completed 302 Found in 241ms (ActiveRecord: 0.4ms | Allocations: 4821)\n"
            f"Can't verify CSRF token authenticity.\nsession_id: {gen(s + 'sid', 32, HEX)} (digest)")  # fmt: skip


def keytool_list(s):
    return ("Enter keystore password:  \nKeystore type: PKCS12\nKeystore provider: SUN\n\nYour keystore contains 1 entry\n\n"
            f"Alias name: release\nCreation date: 14 Mar 2026\nEntry type: PrivateKeyEntry\nCertificate chain length: 1\nCertificate[1]:\n"
            f"Owner: CN=Acme Release, OU=Mobile, O=Acme, L=Lisbon, C=PT\nIssuer: CN=Acme Release, OU=Mobile, O=Acme, L=Lisbon, C=PT\n"
            f"Serial number: {gen(s, 16, HEX)}\nValid from: Sat Mar 14 10:22:31 CET 2026 until: Wed Mar 08 10:22:31 CET 2051\n"
            f"Certificate fingerprints:\n\t SHA1: {_colons(s + '1', 20)}\n\t SHA256: {_colons(s + '2', 32)}\n"
            "Signature algorithm name: SHA384withRSA\nSubject Public Key Algorithm: 4096-bit RSA key\nVersion: 3\n\n"
            f"#1: ObjectId: 2.5.29.14 Criticality=false\nSubjectKeyIdentifier [\nKeyIdentifier [\n0000: {' '.join(gen(s + 'ki' + str(i), 2, UPHEX) for i in range(16))}  ..\n]\n]")  # fmt: skip


def dotnet_restore(s):
    return ("  Determining projects to restore...\n  Restored /home/dev/app/src/Auth/Auth.csproj (in 412 ms).\n"
            + json.dumps({"version": 2, "dgSpecHash": _b64bytes(s, 64), "success": True, "projectFilePath": "/home/dev/app/src/Auth/Auth.csproj",
                          "expectedPackageFiles": ["/home/dev/.nuget/packages/system.identitymodel.tokens.jwt/7.4.0/system.identitymodel.tokens.jwt.7.4.0.nupkg.sha512"]}, indent=2)
            + "\n" + json.dumps({"System.IdentityModel.Tokens.Jwt/7.4.0": {"sha512": _b64bytes(s + "pkg", 64), "type": "package",
                                                                           "path": "system.identitymodel.tokens.jwt/7.4.0"}}, indent=2)
            + "\n  Auth -> /home/dev/app/src/Auth/bin/Release/net8.0/Auth.dll\nBuild succeeded.\n    0 Warning(s)\n    0 Error(s)")  # fmt: skip


NEGATIVE_FAMILIES_3 = [
    ("journal json cursors", journal_json, (as_bash("journalctl -u api -o json -n 3"), as_result, as_json_text)),
    ("browser storage dumps", browser_storage, (as_bash("node dump-storage.js"), as_result, as_json_text)),
    ("audit trail events", cloudtrail_event, (as_bash("aws cloudtrail lookup-events --lookup-attributes AttributeKey=EventName,AttributeValue=GetSecretValue"), as_result, as_json_text)),
    ("payment event listings", stripe_events, (as_bash("stripe events list --limit 1; stripe listen --forward-to localhost:3000/webhooks/stripe"), as_result, as_json_text)),
    ("database replication status", mysql_status, (as_bash("mysql -e 'SHOW REPLICA STATUS\\G; SELECT @@server_uuid; SHOW GRANTS FOR app'"), as_result, as_json_text)),
    ("document database shells", mongosh_output, (as_bash("mongosh auth --eval 'db.users.find().limit(1); rs.status().members[0]'"), as_result, as_json_text)),
    ("secret store metadata", secret_manager_metadata, (as_bash("gcloud secrets versions list db-password; gcloud secrets describe db-password"), as_result, as_json_text)),
    ("infrastructure tool init logs", terraform_init, (as_bash("terraform init -upgrade; terraform version -json; terraform login"), as_result, as_json_text)),
    ("http client errors", python_http_errors, (as_bash("python sync.py"), as_result, as_json_text)),
    ("har timings and caching headers", har_timings, (as_read("/home/dev/app/debug/api.har"), as_result, as_json_text)),
    ("web framework request logs", rails_log, (as_bash("tail -n 8 log/development.log"), as_result, as_json_text)),
    ("keystore listings", keytool_list, (as_bash("keytool -list -v -keystore release.p12"), as_result, as_json_text)),
    ("dotnet restore outputs", dotnet_restore, (as_bash("dotnet restore && dotnet build -c Release; cat obj/project.nuget.cache"), as_result, as_json_text)),
]  # fmt: skip


def _token_in_browser_storage(s, v):
    store = json.loads(browser_storage(s))
    store["localStorage"]["sb-acme-auth-token"] = json.dumps({"access_token": v, "token_type": "bearer", "expires_in": 3600})
    return json.dumps(store, indent=2)


def _signing_secret_in_stripe_listen(s, v):
    return ("> Ready! You are using Stripe API Version [2024-04-10]. Your webhook signing secret is whsec_" + v + " (^C to quit)\n"
            + stripe_events(s))


def _token_in_terraform_credentials(s, v):
    return terraform_init(s) + "\n$ cat ~/.terraform.d/credentials.tfrc.json\n" + json.dumps(
        {"credentials": {"app.terraform.io": {"token": f"{gen(s, 14, B62)}.atlasv1.{v}"}}}, indent=2)


def _password_in_mysql_general_log(s, v):
    return mysql_status(s) + f"\n2026-03-14T10:22:31.118229Z\t   48 Query\tCREATE USER 'report'@'%' IDENTIFIED BY '{v}'"


def _password_in_user_secrets(s, v):
    return dotnet_restore(s) + f"\n$ dotnet user-secrets list\nConnectionStrings:Default = Server=db;Database=auth;User Id=app;Password={v};\nJwt:Issuer = https://auth.example.com"


def _storepass_in_keytool(s, v):
    return f"$ keytool -list -v -keystore release.p12 -storepass {v}\n" + keytool_list(s).replace("Enter keystore password:  \n", "")


POSITIVE_FAMILIES_3 = [
    ("secret in browser storage", _token_in_browser_storage, as_json_text),
    ("secret in a payment cli session", _signing_secret_in_stripe_listen, as_bash("stripe listen --forward-to localhost:3000/webhooks/stripe")),
    ("secret in an infrastructure tool's credentials", _token_in_terraform_credentials, as_bash("terraform login; cat ~/.terraform.d/credentials.tfrc.json")),
    ("secret in a database log", _password_in_mysql_general_log, as_result),
    ("secret in a dotnet secrets listing", _password_in_user_secrets, as_bash("dotnet build; dotnet user-secrets list")),
    ("secret in a keystore listing", _storepass_in_keytool, as_json_text),
]  # fmt: skip


# ---- part four: written after the third round's fixes, measured with no change for it --------------

def cargo_test(s):
    return ("   Compiling auth-core v0.3.1 (/home/dev/app/crates/auth-core)\n    Finished `test` profile [unoptimized + debuginfo] target(s) in 12.41s\n"
            f"     Running unittests src/lib.rs (target/debug/deps/auth_core-{sha(s, 16)})\n\nrunning 3 tests\n"
            "test tokens::tests::refresh_rotates_the_token ... ok\ntest password::tests::hash_roundtrip ... ok\n"
            "test tokens::tests::rejects_expired ... FAILED\n\nfailures:\n\n---- tokens::tests::rejects_expired stdout ----\n"
            "thread 'tokens::tests::rejects_expired' panicked at crates/auth-core/src/tokens.rs:88:9:\nassertion `left == right` failed\n"
            f"  left: Err(Expired {{ at: 1710411751 }})\n right: Ok(Claims {{ sub: \"user_{gen(s + 'u', 8, L36)}\", jti: \"{uuid_of(s)}\" }})\n"
            "Crate:     ring\nVersion:   0.16.20\nTitle:     Some AES functions may panic when overflow checking is enabled.\nID:        RUSTSEC-2025-0009\n"
            "test result: FAILED. 2 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.04s")  # fmt: skip


def xcresult_json(s):
    return json.dumps({"_type": {"_name": "ActionsInvocationRecord"}, "actions": {"_values": [{"actionResult": {
        "testsRef": {"id": {"_value": "0~" + gen(s, 86, URLSAFE) + "=="}, "targetType": {"_name": "Reference"}},
        "logRef": {"id": {"_value": "0~" + gen(s + "l", 86, URLSAFE) + "=="}}},
        "runDestination": {"targetDeviceRecord": {"identifier": {"_value": uuid_of(s).upper()}, "modelName": {"_value": "iPhone 15"}}}}]},
        "metadataRef": {"id": {"_value": "0~" + gen(s + "m", 60, URLSAFE)}}}, indent=2) + (
        f"\nFetching https://github.com/apple/swift-crypto.git from cache\nFetched https://github.com/apple/swift-crypto.git from cache ({gen(s + 'ft', 4, '0123456789')}s)\n"
        f"Computed https://github.com/apple/swift-crypto.git at 3.2.0 ({sha(s + 'sc', 40)})")  # fmt: skip


def access_logs(s):
    return "\n".join(
        f"203.0.113.{5 + i} - - [14/Mar/2026:10:22:3{i} +0100] \"GET /assets/index-{gen(s + str(i), 8, URLSAFE)}.js HTTP/2.0\" 200 48213 \"https://app.example.com/settings/tokens\" "
        f"\"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36\" rt=0.041 uct=\"0.001\" uht=\"0.040\" urt=\"0.041\" request_id={gen(s + 'r' + str(i), 32, HEX)} "
        f"cf_ray={gen(s + 'cf' + str(i), 16, HEX)}-LIS" for i in range(3)) + (
        f"\n{gen(s, 8, HEX)}/{gen(s + 'p', 8, HEX)} haproxy[4821]: 203.0.113.5:41641 [14/Mar/2026:10:22:31.118] fe_https~ be_api/api1 0/0/1/40/41 401 312 - - ---- 4/4/0/0/0 0/0 \"POST /v1/token HTTP/1.1\"")  # fmt: skip


def thread_dump(s):
    return (f"2026-03-14 10:22:31\nFull thread dump OpenJDK 64-Bit Server VM (21.0.2+13-LTS mixed mode, sharing):\n\n"
            f"\"http-nio-8080-exec-1\" #42 daemon prio=5 os_prio=0 cpu=12.41ms elapsed=4821.21s tid=0x00007f{gen(s, 10, HEX)} nid=0x4b2 waiting on condition  [0x00007f{gen(s + 'a', 10, HEX)}]\n"
            "   java.lang.Thread.State: WAITING (parking)\n\tat jdk.internal.misc.Unsafe.park(java.base@21.0.2/Native Method)\n"
            f"\t- parking to wait for  <0x00000000{gen(s + 'l', 8, HEX)}> (a java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject)\n"
            f"\tat com.acme.auth.TokenCache.refresh(TokenCache.java:88)\n\t- locked <0x00000000{gen(s + 'k', 8, HEX)}> (a com.acme.auth.TokenCache)\n"
            f"[4821.212s][info][gc] GC(42) Pause Young (Normal) (G1 Evacuation Pause) 412M->48M(1024M) 4.812ms\n"
            f"Heap dump file created [48213377 bytes in 0.412 secs]: /tmp/java_pid4821.hprof")  # fmt: skip


def ml_runs(s):
    return (f"wandb: Currently logged in as: ana (acme). Use `wandb login --relogin` to force relogin\nwandb: Tracking run with wandb version 0.16.4\n"
            f"wandb: Run data is saved locally in /home/dev/app/wandb/run-20260314_102231-{gen(s, 8, L36)}\n"
            f"wandb: Syncing run stellar-dawn-42\nwandb: \u2b50\ufe0f View project at https://wandb.ai/acme/token-classifier\n"
            f"wandb: \U0001f680 View run at https://wandb.ai/acme/token-classifier/runs/{gen(s, 8, L36)}\n"
            f"2026/03/14 10:22:31 INFO mlflow.tracking._tracking_service.client: \U0001f3c3 View run bold-fox-412 at: http://mlflow:5000/#/experiments/4/runs/{gen(s + 'ml', 32, HEX)}\n"
            f"run_id: {gen(s + 'ml', 32, HEX)}\nexperiment_id: '4'\nartifact_uri: s3://acme-mlflow/4/{gen(s + 'ml', 32, HEX)}/artifacts\n"
            f"model.safetensors: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 48.2M/48.2M [00:04<00:00, 12.1MB/s]\nCommit hash: {sha(s + 'hf')}\n"
            f"Seed set to {gen(s + 'seed', 10, '0123456789')}\ntokenizer_config.json: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 2.12k/2.12k")  # fmt: skip


def storage_sync(s):
    files = ("dist/app." + gen(s, 8, HEX) + ".js", "dist/vendor." + gen(s + "v", 8, HEX) + ".js", "exports/tokens-audit-2026-03-14.csv")
    return ("\n".join(f"{gen(s + f, 32, HEX)}  {f}" for f in files)
            + "\n" + "\n".join(f"upload: ./{f} to s3://acme-web/{f}" for f in files[:2])
            + f"\nTransferred:   \t   48.213 MiB / 48.213 MiB, 100%, 12.041 MiB/s, ETA 0s\nChecks:                 3 / 3, 100%\nElapsed time:         4.1s\n"
            f"gs://acme-exports/tokens-audit-2026-03-14.csv:\n\tHash (crc32c):\t\t{_b64bytes(s + 'crc', 4)}\n\tHash (md5):\t\t{_b64bytes(s + 'md5', 16)}\n"
            f"\tETag:\t\t\t{gen(s + 'et', 14, B62)}=\n\tGeneration:\t\t{gen(s + 'gen', 16, '0123456789')}")  # fmt: skip


def php_tooling(s):
    return ("Installing dependencies from lock file (including require-dev)\nPackage operations: 3 installs, 0 updates, 0 removals\n"
            "  - Downloading firebase/php-jwt (v6.10.0)\n  - Installing firebase/php-jwt (v6.10.0): Extracting archive\n"
            "  - Installing paragonie/sodium_compat (v1.20.0): Extracting archive\nGenerating optimized autoload files\n"
            "No security vulnerability advisories found.\n\n  GET|HEAD  api/tokens ....................... tokens.index \u203a Api\\TokenController@index\n"
            "  POST      api/tokens/{token}/revoke ...... tokens.revoke \u203a Api\\TokenController@revoke\n\n"
            f"  Environment ................................................................\n  Application Name ............................................ Acme\n"
            f"  Laravel Version .......................................................... 11.0.7\n  Encryption ................................................... AES-256-CBC\n"
            f"  Cache .......................................................................... redis\nopcache.file_cache: /tmp/opcache/{gen(s, 32, HEX)}")  # fmt: skip


def runtime_installs(s):
    return ("bun install v1.0.30\n\n + jose@5.2.3\n + oauth4webapi@2.10.4\n\n 412 packages installed [4.12s]\nSaved lockfile\n"
            f"local: file:///home/dev/app/main.ts\ntype: TypeScript\ndependencies: 12 unique\nsize: 48.21KB\n\n"
            f"file:///home/dev/app/main.ts (1.2KB)\n\u251c\u2500\u2500 https://deno.land/std@0.220.0/crypto/mod.ts (4.82KB)\n"
            f"\u2514\u2500\u2500 npm:/jose@5.2.3 (212KB)\nDownload https://registry.npmjs.org/jose/-/jose-5.2.3.tgz\n"
            f"Emitted {gen(s, 64, HEX)}.js in /home/dev/.cache/deno/gen/file/home/dev/app/")  # fmt: skip


NEGATIVE_FAMILIES_4 = [
    ("rust test and audit output", cargo_test, (as_bash("cargo test; cargo audit"), as_result, as_json_text)),
    ("xcode results and swift packages", xcresult_json, (as_bash("xcrun xcresulttool get --format json --path Test.xcresult; swift package resolve"), as_result, as_json_text)),
    ("web server access logs", access_logs, (as_bash("tail -n 4 /var/log/nginx/access.log /var/log/haproxy.log"), as_result, as_json_text)),
    ("jvm thread dumps and gc logs", thread_dump, (as_bash("jstack 4821; tail logs/gc.log"), as_result, as_json_text)),
    ("ml experiment logs", ml_runs, (as_bash("python train.py"), as_result, as_json_text)),
    ("storage sync and checksums", storage_sync, (as_bash("rclone md5sum dist; aws s3 sync dist s3://acme-web; gsutil hash -h gs://acme-exports/x"), as_result, as_json_text)),
    ("php dependency and framework listings", php_tooling, (as_bash("composer install; composer audit; php artisan route:list; php artisan about"), as_result, as_json_text)),
    ("javascript runtime installs", runtime_installs, (as_bash("bun install; deno info main.ts"), as_result, as_json_text)),
]  # fmt: skip


def _key_in_ml_env(s, v):
    return ml_runs(s) + f"\n$ env | grep WANDB\nWANDB_PROJECT=token-classifier\nWANDB_API_KEY={v}"


def _secret_in_rclone_config(s, v):
    return storage_sync(s) + f"\n$ rclone config show s3\n[s3]\ntype = s3\nprovider = AWS\nsecret_access_key = {v}\nregion = eu-west-1"


def _password_in_access_log(s, v):
    return access_logs(s) + f"\n203.0.113.9 - - [14/Mar/2026:10:22:39 +0100] \"GET /probe?url=https://admin:{v}@intranet.example.com/ HTTP/1.1\" 302 0"


POSITIVE_FAMILIES_4 = [
    ("secret in an ml run's environment", _key_in_ml_env, as_bash("python train.py; env | grep WANDB")),
    ("secret in a storage tool's config", _secret_in_rclone_config, as_json_text),
    ("secret in an access log", _password_in_access_log, as_result),
]  # fmt: skip


HUMAN = ["Quokka#Lantern7", "v1olet-Harbor!", "Fjord_Pepper93", "m0ss.Tundra$Kite"]


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
            if make is _private_key_in_wireguard:
                v = _b64bytes(s, 32)  # a WireGuard private key is 32 bytes in base64, whatever its label
            elif make is _secret_id_in_token_read:
                v = uuid_of(s)  # a Consul SecretID is a UUID
            elif make in (_token_in_vault_lookup, _token_in_runner_log):
                v = random_secret(s, 24 + 4 * j)  # (after `hvs.`: a token of Vault's shape)
            c.append(Case(family, carry(make(s, v), s), (v,), realistic=True))
    return c


def _negatives(families, prefix, seeds) -> list:
    c = []
    for family, make, carriers in families:
        for seed in seeds:
            s = f"{prefix}{family}{make.__name__}{seed}"
            text = make(s)
            for k, carry in enumerate(carriers):
                c.append(Case(family, carry(text, f"{s}{k}"), realistic=True))
    return c


def part_one() -> list:
    return _positives(POSITIVE_FAMILIES, "pos10") + _negatives(NEGATIVE_FAMILIES, "neg10", ("a", "b", "c"))


def part_two() -> list:
    return _positives(POSITIVE_FAMILIES_2, "pos10b") + _negatives(NEGATIVE_FAMILIES_2, "chk10", ("d", "e", "f"))


def part_three() -> list:
    return _positives(POSITIVE_FAMILIES_3, "pos10c") + _negatives(NEGATIVE_FAMILIES_3, "chk10c", ("g", "h", "i"))


def part_four() -> list:
    return _positives(POSITIVE_FAMILIES_4, "pos10d") + _negatives(NEGATIVE_FAMILIES_4, "chk10d", ("j", "k", "l"))


def cases() -> list:
    return part_one() + part_two() + part_three() + part_four()
