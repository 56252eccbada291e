"""Dev batch 13 (precision): ids, hashes, key ids, fingerprints, references and schemas that
stand beside secret words in what a Claude Code transcript holds, in families no batch had
(cloud CLIs' listings of keys and secrets, API responses about credentials, lock files of
auth crates, CI logs, migrations, key listings, password managers' item lists).  Every case is
a negative: nothing in it is a secret (a token's last four characters, a truncated prefix, a
public key to encrypt to, a key's id, a secret's name or version, a column's type).

Written without running the filter on it; its first bench run (before any change made for it)
is the figure of how the design of ids beside secret words generalizes: 150 cases in 21 families;
before any change for it, 12 redactions, all false (9 cases of 150, in 2 families: `az keyvault
secret show --query '{id:id}'` and the line `kubectl get secret X -o jsonpath='{.metadata.uid}'`
prints, both whole outputs of a secret printer whose selector picks only metadata); the same 12
on the tree before the precision round of the day.  The other 19 families, none.
Values are generated from the seed at run time.
"""

from __future__ import annotations

import json

from tests.privacy_eval import B62, HEX, b64, gen, sha, uuid_of
from tests.privacy_eval.dev_negatives8 import as_bash, as_json_text, as_read, as_result, as_tool
from tests.privacy_eval.dev_negatives10 import _negatives
from tests.privacy_eval.dev_negatives11 import as_assistant_text, as_edit, as_write

_LOWER36 = "abcdefghijklmnopqrstuvwxyz0123456789"


def _acct(s):
    return "".join(str(int(c, 16) % 10) for c in sha(s + "acct", 12))


def aws_kms_describe_key(s):
    key = uuid_of(s + "kms")
    return json.dumps({"KeyMetadata": {
        "AWSAccountId": _acct(s), "KeyId": key, "Arn": f"arn:aws:kms:eu-west-1:{_acct(s)}:key/{key}",
        "CreationDate": "2026-01-15T10:22:31.118000+00:00", "Enabled": True,
        "Description": "encrypts the api_key and db password secrets", "KeyUsage": "ENCRYPT_DECRYPT",
        "KeyState": "Enabled", "Origin": "AWS_KMS", "KeyManager": "CUSTOMER", "KeySpec": "SYMMETRIC_DEFAULT",
        "EncryptionAlgorithms": ["SYMMETRIC_DEFAULT"], "MultiRegion": False}}, indent=4)


def aws_list_secrets(s):
    items = []
    for name in ("prod/db/password", "prod/stripe/secret-key", "ci/npm-token"):
        suffix = gen(s + name, 6, B62)
        items.append({"ARN": f"arn:aws:secretsmanager:us-east-1:{_acct(s)}:secret:{name}-{suffix}", "Name": name,
                      "KmsKeyId": f"arn:aws:kms:us-east-1:{_acct(s)}:key/{uuid_of(s + name + 'k')}",
                      "RotationEnabled": True, "LastRotatedDate": "2026-01-02T03:04:05.000000+00:00",
                      "SecretVersionsToStages": {uuid_of(s + name + "v1"): ["AWSCURRENT"],
                                                 uuid_of(s + name + "v0"): ["AWSPREVIOUS"]}})
    return json.dumps({"SecretList": items}, indent=4)


def gcloud_service_account_keys(s):
    rows = "\n".join(f"{sha(s + str(i), 40)}  2026-0{i + 1}-11T09:14:02Z  2036-0{i + 1}-08T09:14:02Z  {d}"
                     for i, d in enumerate(("", "", "True")))
    return ("KEY_ID                                    CREATED_AT            EXPIRES_AT            DISABLED\n" + rows
            + "\n\nNAME  STATE    CREATED              DESTROYED\n3     enabled  2026-01-15T10:22:31  -\n"
              "2     disabled 2025-11-02T08:00:00  -\n")


def azure_keyvault_secret_show(s):
    version = gen(s + "ver", 32, HEX)
    return json.dumps({"attributes": {"created": "2026-01-15T10:22:31+00:00", "enabled": True, "expires": None,
                                      "recoveryLevel": "Recoverable+Purgeable", "updated": "2026-01-15T10:22:31+00:00"},
                       "contentType": "password", "id": f"https://kv-acme-prod.vault.azure.net/secrets/db-password/{version}",
                       "kid": None, "managed": None, "name": "db-password", "tags": {"rotation": "90d"},
                       "value_hidden_by": "--query '{id:id, name:name}'"}, indent=2) + "\n" + json.dumps(
        {"key": {"kid": f"https://kv-acme-prod.vault.azure.net/keys/token-signing/{gen(s + 'kv', 32, HEX)}",
                 "kty": "RSA", "keyOps": ["sign", "verify"]}, "attributes": {"enabled": True}}, indent=2)


def github_secrets_public_key(s):
    return (json.dumps({"total_count": 2, "secrets": [
        {"name": "NPM_TOKEN", "created_at": "2026-01-15T10:22:31Z", "updated_at": "2026-01-15T10:22:31Z"},
        {"name": "DEPLOY_SSH_KEY", "created_at": "2025-12-01T08:00:00Z", "updated_at": "2026-01-02T09:00:00Z"}]}, indent=2)
        + "\n" + json.dumps({"key_id": "".join(str(int(c, 16) % 10) for c in sha(s + "kid", 18)),
                             "key": b64(gen(s + "sodium", 32, B62))}, indent=2))


def gitlab_token_listing(s):
    return json.dumps([{"id": 40 + i, "name": name, "revoked": False, "created_at": "2026-01-15T10:22:31.118Z",
                        "scopes": scopes, "user_id": 3, "last_used_at": "2026-01-20T08:00:00.000Z", "active": True,
                        "expires_at": "2027-01-15"}
                       for i, (name, scopes) in enumerate((("ci-deploy-token", ["api"]),
                                                          ("renovate", ["read_api", "write_repository"])))], indent=2)


def datadog_api_keys(s):
    return json.dumps({"data": [{"type": "api_keys", "id": uuid_of(s + str(i)), "attributes": {
        "name": name, "last4": gen(s + name, 4, HEX), "created_at": "2026-01-15T10:22:31.118913+00:00",
        "modified_at": "2026-01-15T10:22:31.118913+00:00", "remote_config_read_enabled": True},
        "relationships": {"created_by": {"data": {"type": "users", "id": uuid_of(s + "u" + str(i))}}}}
        for i, name in enumerate(("agent-prod", "ci-metrics"))], "meta": {"page": {"total_filtered_count": 2}}}, indent=2)


def npm_token_list(s):
    rows = "".join(f"│ {gen(s + str(i), 6, HEX)} │ {gen(s + 't' + str(i), 6, HEX)}… │ 2026-01-{10 + i} │ {ro:<8} │ {cidr:<14} │\n"
                   for i, (ro, cidr) in enumerate((("no", ""), ("yes", "10.0.0.0/8"))))
    return ("┌────────┬─────────┬────────────┬──────────┬────────────────┐\n"
            "│ id     │ token   │ created    │ readonly │ CIDR whitelist │\n"
            "├────────┼─────────┼────────────┼──────────┼────────────────┤\n" + rows
            + "└────────┴─────────┴────────────┴──────────┴────────────────┘")


def vault_kv_metadata(s):
    return ("======== Secret Path ========\nsecret/metadata/app/db\n\n======= Metadata =======\n"
            "Key                     Value\n---                     -----\n"
            "cas_required            false\ncreated_time            2026-01-15T10:22:31.118229Z\n"
            "current_version         3\ncustom_metadata         map[owner:platform rotation:90d]\n"
            "delete_version_after    0s\nmax_versions            0\noldest_version          0\n"
            "updated_time            2026-01-20T08:00:00.000000Z\n\n====== Version 3 ======\n"
            "Key              Value\n---              -----\ncreated_time     2026-01-20T08:00:00.000000Z\n"
            "deletion_time    n/a\ndestroyed        false\n\n"
            f"$ vault list auth/token/accessors\nKeys\n----\n{gen(s + 'a1', 24, B62)}\n{gen(s + 'a2', 24, B62)}\n")


def cargo_lock_auth_crates(s):
    out = ["# This file is automatically @generated by Cargo.\n# It is not intended for manual editing.\nversion = 3\n"]
    for name, ver in (("jsonwebtoken", "9.3.0"), ("secrecy", "0.8.0"), ("keyring", "2.3.3"), ("argon2", "0.5.3")):
        out.append(f'[[package]]\nname = "{name}"\nversion = "{ver}"\n'
                   f'source = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{sha(s + name, 64)}"\n')
    return "\n".join(out)


def alembic_key_columns(s):
    rev, down = sha(s + "rev", 12), sha(s + "down", 12)
    return (f'"""hash api keys\n\nRevision ID: {rev}\nRevises: {down}\nCreate Date: 2026-01-15 10:22:31.118229\n\n"""\n'
            "from alembic import op\nimport sqlalchemy as sa\n\n"
            f"revision = '{rev}'\ndown_revision = '{down}'\nbranch_labels = None\ndepends_on = None\n\n\n"
            "def upgrade():\n    op.add_column('api_keys', sa.Column('key_hash', sa.String(64), nullable=False))\n"
            "    op.add_column('api_keys', sa.Column('key_prefix', sa.String(8), nullable=False))\n"
            "    op.add_column('users', sa.Column('password_reset_token_digest', sa.String(length=128)))\n"
            "    op.create_index('ix_api_keys_key_prefix', 'api_keys', ['key_prefix'], unique=True)\n")


def github_actions_log(s):
    return (f"2026-01-15T10:22:31.1182290Z ##[group]Run actions/checkout@{sha(s + 'co', 40)}\n"
            "2026-01-15T10:22:31.1183120Z with:\n2026-01-15T10:22:31.1183400Z   token: ***\n"
            "2026-01-15T10:22:31.1183720Z   ssh-strict: true\n2026-01-15T10:22:31.1184010Z ##[endgroup]\n"
            f"2026-01-15T10:22:33.4410020Z Cache restored from key: Linux-npm-{sha(s + 'cache', 64)}\n"
            "2026-01-15T10:22:40.0021100Z ##[group]Run npm publish\n"
            "2026-01-15T10:22:40.0021900Z env:\n2026-01-15T10:22:40.0022200Z   NODE_AUTH_TOKEN: ***\n"
            f"2026-01-15T10:22:52.9917300Z npm notice shasum: {sha(s + 'shasum', 40)}\n"
            f"2026-01-15T10:22:52.9917800Z npm notice integrity: sha512-{b64(gen(s + 'integ', 48, B62))[:40]}[...]{gen(s + 'i2', 6, B62)}==\n"
            "2026-01-15T10:22:53.0010000Z + @acme/auth-client@2.4.1\n")


def openapi_credential_schemas(s):
    return ("components:\n  securitySchemes:\n    ApiKeyAuth:\n      type: apiKey\n      in: header\n      name: X-API-Key\n"
            "  schemas:\n    ApiKey:\n      type: object\n      required: [id, prefix, created_at]\n      properties:\n"
            "        id:\n          type: string\n          format: uuid\n        prefix:\n          type: string\n"
            "          maxLength: 8\n          description: the key's first characters, shown to tell keys apart\n"
            "        secret:\n          type: string\n          format: password\n          writeOnly: true\n"
            "    TokenResponse:\n      type: object\n      properties:\n        access_token:\n          type: string\n"
            "        token_type:\n          type: string\n          enum: [Bearer]\n        expires_in:\n          type: integer\n"
            "          format: int32\n        refresh_token:\n          type: string\n          nullable: true\n")


def token_introspection(s):
    return json.dumps({"active": True, "client_id": gen(s + "cid", 20, _LOWER36), "username": "ana",
                       "scope": "read write", "token_type": "access_token", "exp": 1768472551, "iat": 1768468951,
                       "nbf": 1768468951, "sub": gen(s + "sub", 20, B62), "aud": "https://api.acme.io",
                       "iss": "https://auth.acme.io/", "jti": uuid_of(s + "jti"), "kid": gen(s + "kid", 27, B62),
                       "cnf": {"x5t#S256": b64(gen(s + "x5t", 32, B62)).rstrip("=")}}, indent=2)


def gpg_secret_key_listing(s):
    fpr, sub = sha(s + "fpr", 40).upper(), sha(s + "sub", 40).upper()
    return (f"/home/dev/.gnupg/pubring.kbx\n----------------------------\n"
            f"sec   ed25519/{fpr[-16:]} 2026-01-15 [SC] [expires: 2028-01-15]\n      {fpr}\n"
            "uid                 [ultimate] Ana Lima <ana@example.com>\n"
            f"ssb   cv25519/{sub[-16:]} 2026-01-15 [E] [expires: 2028-01-15]\n\n"
            f"$ ssh-add -l\n256 SHA256:{b64(gen(s + 'ssh', 32, B62)).rstrip('=')} ana@laptop (ED25519)\n"
            f"3072 SHA256:{b64(gen(s + 'rsa', 32, B62)).rstrip('=')} deploy key (RSA)\n")


def kubectl_describe_secret(s):
    return ("Name:         db-credentials\nNamespace:    prod\nLabels:       app.kubernetes.io/name=api\n"
            f"Annotations:  kubectl.kubernetes.io/last-applied-configuration-hash: {sha(s + 'cfg', 16)}\n\n"
            "Type:  Opaque\n\nData\n====\npassword:  24 bytes\nusername:  5 bytes\n\n"
            f"$ kubectl get secret db-credentials -o jsonpath='{{.metadata.uid}} {{.metadata.resourceVersion}}'\n"
            f"{uuid_of(s + 'uid')} {''.join(str(int(c, 16) % 10) for c in sha(s + 'rv', 8))}\n")


def terraform_state_show_secret(s):
    acct, suffix = _acct(s), gen(s + "sfx", 6, B62)
    return ("# aws_secretsmanager_secret_version.db:\nresource \"aws_secretsmanager_secret_version\" \"db\" {\n"
            f"    arn            = \"arn:aws:secretsmanager:eu-west-1:{acct}:secret:prod/db-password-{suffix}\"\n"
            f"    id             = \"arn:aws:secretsmanager:eu-west-1:{acct}:secret:prod/db-password-{suffix}|{uuid_of(s + 'v')}\"\n"
            f"    secret_id      = \"arn:aws:secretsmanager:eu-west-1:{acct}:secret:prod/db-password-{suffix}\"\n"
            "    secret_string  = (sensitive value)\n"
            f"    version_id     = \"{uuid_of(s + 'v')}\"\n    version_stages = [\n        \"AWSCURRENT\",\n    ]\n}}\n")


def docker_digests_and_login(s):
    return (f"latest: Pulling from acme/vault-agent\nDigest: sha256:{sha(s + 'dig', 64)}\n"
            "Status: Downloaded newer image for ghcr.io/acme/vault-agent:latest\n\n"
            "$ docker login ghcr.io -u ana --password-stdin < ~/.ghcr_token\n"
            "Login Succeeded\n\n$ docker buildx imagetools inspect ghcr.io/acme/token-service:1.4.2\n"
            f"Name:      ghcr.io/acme/token-service:1.4.2\nMediaType: application/vnd.oci.image.index.v1+json\n"
            f"Digest:    sha256:{sha(s + 'idx', 64)}\n")


def password_manager_listings(s):
    rows = "\n".join(f"{gen(s + str(i), 26, _LOWER36)}    {title:<24}Private    {i + 2} days ago"
                     for i, title in enumerate(("Stripe secret key", "Prod DB password", "npm token")))
    return ("ID                            TITLE                   VAULT      EDITED\n" + rows + "\n\n"
            "$ bw list items --search github | jq '.[] | {id, name, login: {username: .login.username}}'\n"
            + json.dumps({"id": uuid_of(s + "bw"), "name": "GitHub token", "login": {"username": "ana"}}, indent=2))


def stripe_webhook_endpoints(s):
    return json.dumps({"object": "list", "data": [{"id": "we_" + gen(s + "we", 24, B62), "object": "webhook_endpoint",
                                                   "api_version": "2024-06-20", "application": None,
                                                   "created": 1768468951, "description": "secret rotation events",
                                                   "enabled_events": ["customer.subscription.updated"], "livemode": False,
                                                   "status": "enabled", "url": "https://api.acme.io/stripe/webhook"}],
                       "has_more": False, "url": "/v1/webhook_endpoints"}, indent=2)


NEGATIVE_FAMILIES = [
    ("aws kms describe-key output", aws_kms_describe_key,
     (as_bash("aws kms describe-key --key-id alias/app-secrets"), as_json_text, as_result)),
    ("aws secretsmanager list-secrets output", aws_list_secrets,
     (as_bash("aws secretsmanager list-secrets"), as_json_text, as_result)),
    ("gcloud service account key listings", gcloud_service_account_keys,
     (as_bash("gcloud iam service-accounts keys list --iam-account deployer@acme.iam.gserviceaccount.com"), as_result, as_json_text)),
    ("azure key vault secret metadata", azure_keyvault_secret_show,
     (as_bash("az keyvault secret show --vault-name kv-acme-prod --name db-password --query '{id:id}'"), as_json_text)),
    ("github actions secrets api responses", github_secrets_public_key,
     (as_bash("gh api repos/acme/api/actions/secrets && gh api repos/acme/api/actions/secrets/public-key"), as_result)),
    ("gitlab personal access token listings", gitlab_token_listing,
     (as_bash("curl -s --header \"PRIVATE-TOKEN: $GITLAB_TOKEN\" https://gitlab.com/api/v4/personal_access_tokens"), as_json_text)),
    ("datadog api key listings", datadog_api_keys,
     (as_bash("curl -s https://api.datadoghq.com/api/v2/api_keys -H \"DD-API-KEY: ${DD_API_KEY}\""), as_result)),
    ("npm token list tables", npm_token_list, (as_bash("npm token list"), as_result, as_json_text)),
    ("vault kv metadata and accessor listings", vault_kv_metadata,
     (as_bash("vault kv metadata get secret/app/db && vault list auth/token/accessors"), as_result, as_json_text)),
    ("cargo lock entries of auth crates", cargo_lock_auth_crates,
     (as_read("/home/dev/app/Cargo.lock"), as_edit("/home/dev/app/Cargo.lock"), as_json_text)),
    ("alembic migrations adding key columns", alembic_key_columns,
     (as_write("/home/dev/app/migrations/versions/hash_api_keys.py"), as_read("/home/dev/app/migrations/versions/hash_api_keys.py"),
      as_edit("/home/dev/app/migrations/versions/hash_api_keys.py"))),
    ("github actions logs with masked tokens", github_actions_log,
     (as_bash("gh run view 7734120988 --log"), as_result)),
    ("openapi schemas of credential objects", openapi_credential_schemas,
     (as_read("/home/dev/app/openapi.yaml"), as_write("/home/dev/app/openapi.yaml"))),
    ("oauth token introspection responses", token_introspection,
     (as_bash("curl -s -u \"$CLIENT_ID:$CLIENT_SECRET\" -d token=\"$TOKEN\" https://auth.acme.io/oauth2/introspect"), as_json_text)),
    ("gpg and ssh-agent key listings", gpg_secret_key_listing,
     (as_bash("gpg --list-secret-keys --keyid-format=long && ssh-add -l"), as_result, as_json_text)),
    ("kubectl describe secret output", kubectl_describe_secret,
     (as_bash("kubectl -n prod describe secret db-credentials"), as_result)),
    ("terraform state of secret versions", terraform_state_show_secret,
     (as_bash("terraform state show aws_secretsmanager_secret_version.db"), as_result)),
    ("image digests beside registry logins", docker_digests_and_login,
     (as_bash("docker pull ghcr.io/acme/vault-agent:latest"), as_result)),
    ("password manager item listings", password_manager_listings,
     (as_bash("op item list --vault Private"), as_result)),
    ("stripe webhook endpoint listings", stripe_webhook_endpoints,
     (as_bash("stripe webhook_endpoints list --limit 1"), as_json_text)),
    ("api docs fetched about key ids", lambda s: openapi_credential_schemas(s) + "\n" + token_introspection(s),
     (as_tool("WebFetch", {"url": "https://docs.acme.io/api/auth", "prompt": "What does introspection return?"}),
      as_assistant_text)),
]  # fmt: skip


def cases() -> list:
    return _negatives(NEGATIVE_FAMILIES, "neg13", ("a", "b", "c"))
