"""Dev part `blind15b` (tests/privacy_eval/dev.py): look-alikes of secrets in 35 families no part of
tests/privacy_eval/ named before it, with a few real secrets placed among them.

Written BLIND on 2026-11-30 by an author who read neither the filter (store/privacy/), its tests,
its docs, the bench's code nor any listing of its misses and false redactions; every case was
written before the filter met any of them, and the part was measured once (figures below).

What it holds: 385 negatives (11 in each family) and 63 positives, all as Claude Code sends them
(a Bash call and its output, a Read's numbered lines, a Write's or an Edit's input, a tool result
line, a prompt).  Negatives are the text of a real session around credentials that holds none:
what cloud and developer CLIs print about identities, keys and tokens (`aws sts
get-caller-identity`, `aws configure list`'s masked keys, `gcloud auth list`, `gh auth status`'s
masked token, `kubectl get secrets`, `npm config list`'s "(protected)", `certbot certificates`,
credential helpers' server lists, MFA and YubiKey listings, Auth0/Okta app listings with client
ids, API Gateway key ids), code that handles secrets without holding one (reset and refresh
flows, webhook HMAC checks with a published test vector, CSRF/session settings, cache and rate
limit keys, secret generators, load tests and e2e logins reading the environment), lock and
verification files (terraform's .terraform.lock.hcl, gradle's verification-metadata.xml,
Gemfile.lock CHECKSUMS), ids (Twilio SIDs, S3 ETags/version ids, LaunchDarkly environment ids),
catalogs of sign-in screens, snapshots, references to secrets (ExternalSecret, op:// templates,
doppler names, cert-manager secret refs) and ciphertext made to be committed (SealedSecrets,
age recipients and armored files, Rails credentials.yml.enc).
Decided as negatives, on purpose: keys that are public by design because every browser gets
them (Segment write keys, PostHog `phc_` project keys, Mixpanel tokens, GA ids, reCAPTCHA and
hCaptcha site keys, LaunchDarkly client-side ids), a CSRF form token fetched from staging, and
GitHub's published webhook test vector ("It's a Secret to Everybody").
Positives (in the same texts): `aws sts assume-role`'s credentials, `gcloud auth
print-access-token`, `gh auth status --show-token`, `npm config get ..._authToken`, a hard-coded
client secret in refresh code, a `whsec_` in a webhook handler, a production Django SECRET_KEY,
a Twilio auth token in curl, a presigned URL's X-Amz-Security-Token, `docker-credential-* get`,
a virtual MFA device's Base32StringSeed, `auth0 apps show --reveal-secrets`, a Fernet key from
a REPL, Spring's generated security password, load-test and e2e passwords, an API Gateway key's
value, `op inject`'s resolved .env, a Keycloak client secret, an AGE-SECRET-KEY, a LaunchDarkly
`sdk-` key, a PostHog personal key, a reCAPTCHA secret, `rails credentials:show`.

Measured once, after every case was written and before any change for it (bench_privacy
--labelled-only, dev per family, 2026-11-30, on main as branched): 448 cases, 63 positives in 24
families, 385 negatives in 35.  **54/63 positives caught (85.7 %)**; missed: all of `api gateway
key listings` (0/2: `get-api-key --include-value`'s "value"), `mfa and security key listings`
(0/2: Base32StringSeed), `secret generation code` (0/2: a Fernet key printed by a REPL) and
`twilio message resources` (0/3: the auth token after `-u AC...:`).  **117 false redactions**
(of 226 redactions the filter made in these families' texts), in 15 of the 35 families:
cache and rate-limit key builders 21, analytics snippets with public project keys 20,
cert-manager resources 12, s3 object urls and presigned links 9, webhook signature verification
handlers 9, aws sts identity and configure listings 8, kubectl secret name listings 8, sealed
secret manifests 8, csrf middleware and cookie settings 6, secret generation code 6, identity
provider app listings 3, captcha site keys and verification 2, docker credential helper outputs
2, gcloud auth and config listings 2, api gateway key listings 1; none in the other 20 (age,
certbot, external secrets, feature flags, framework checks, gemfile, gettext, gh auth, gradle,
keycloak exports, jest snapshots, load tests, e2e tests, mfa, npm config, reset/refresh code,
rails credentials, secret reference templates, terraform locks, twilio).  Per family, positives
caught/total: age 3/3, analytics 2/2, api gateway 0/2, aws sts 3/3, e2e 3/3, captcha 3/3, csrf
3/3, docker helper 3/3, feature flags 3/3, framework warnings 2/2, gcloud 2/2, gh auth 2/2,
identity provider apps 3/3, keycloak 3/3, load tests 3/3, mfa 0/2, npm config 2/2, reset code
3/3, rails credentials 2/2, s3 3/3, secret generation 0/2, secret references 3/3, twilio 0/3,
webhooks 3/3.  (The table's false count is per family and may include redactions of
non-secret parts inside its positives' texts.)

Values are made from seeds at run time (no scanner flags this file); the filter may be tuned on
these cases from now on, as on the rest of dev."""

from __future__ import annotations

import base64
import hashlib
import json

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
    uuid_of,
)

# People's passwords of this part (not taken from any other file).
HUMAN = ["Rosemary#Tide42", "purple-Otter!88", "Cobalt&Finch2026", "mango_Sunset#7", "Ferris*Wheel19",
         "Quill$Harbor55", "tangerine!Moss3", "Velvet@Canyon81", "Birch^Lantern60", "salty.Pier!204"]  # fmt: skip

UPPER_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
LOWER36 = "abcdefghijklmnopqrstuvwxyz0123456789"
B64CH = B62 + "+/"
B64URL = B62 + "-_"


def _digits(s: str, n: int) -> str:
    return "".join(str(int(c, 16) % 10) for c in sha(s, n))


def _b64bytes(s: str, n: int) -> str:
    return base64.b64encode(hashlib.sha512(s.encode()).digest()[:n]).decode()


def _human(s: str) -> str:
    return HUMAN[int(sha(s, 4), 16) % len(HUMAN)]


# Carriers: how Claude Code hands the text over.
def bash(command: str):
    return lambda text, seed: bash_event(command, text, seed)


def read(path: str):
    def carry(text, seed):
        return result_line(seed, numbered(text))

    return carry


def write(path: str):
    return lambda text, seed: assistant_line(seed, "Write", {"file_path": path, "content": text})


def edit(path: str, old: str = "TODO"):
    return lambda text, seed: assistant_line(seed, "Edit", {"file_path": path, "old_string": old, "new_string": text,
                                                            "replace_all": False})


def result(text, seed):
    return result_line(seed, text)


def prompt(lead: str):
    return lambda text, seed: prompt_event(f"{lead}\n\n{text}", seed)


# ---------------------------------------------------------------------------------------------
# A. aws sts and configure
def aws_caller(s):
    acct = _digits(s + "acct", 12)
    return json.dumps({"UserId": "AIDA" + gen(s + "uid", 17, UPPER_DIGITS), "Account": acct,
                       "Arn": f"arn:aws:iam::{acct}:user/ci-deployer"}, indent=4)


def aws_configure_list(s):
    return ("      Name                    Value             Type    Location\n"
            "      ----                    -----             ----    --------\n"
            "   profile                staging           manual    --profile\n"
            f"access_key     ****************{gen(s + 'ak', 4, UPPER_DIGITS)} shared-credentials-file\n"
            f"secret_key     ****************{gen(s + 'sk', 4, B62)} shared-credentials-file\n"
            "    region                eu-west-1      config-file    ~/.aws/config\n")


def aws_assumed_identity(s):
    acct = _digits(s + "acct", 12)
    return json.dumps({"UserId": "AROA" + gen(s + "role", 17, UPPER_DIGITS) + ":botocore-session-1768468951",
                       "Account": acct, "Arn": f"arn:aws:sts::{acct}:assumed-role/TerraformApply/botocore-session-1768468951"},
                      indent=4) + "\n$ aws sts get-session-token --duration-seconds 900 --query 'Credentials.Expiration'\n\"2026-01-15T10:37:31+00:00\"\n"


def aws_access_keys(s):
    # relabelled by the lead after the one measure: the key ids are secrets, as the rest of the set
    # labels them (docs/privacy.md, "An AWS access key id"), so this "negative" holds two
    ids = ("AKIA" + gen(s + "k1", 16, UPPER_DIGITS), "AKIA" + gen(s + "k2", 16, UPPER_DIGITS))
    return json.dumps({"AccessKeyMetadata": [
        {"UserName": "ci-deployer", "AccessKeyId": ids[0], "Status": "Active",
         "CreateDate": "2025-10-02T08:14:02+00:00"},
        {"UserName": "ci-deployer", "AccessKeyId": ids[1], "Status": "Inactive",
         "CreateDate": "2025-01-11T12:00:00+00:00"}]}, indent=4) + "\n", ids


def aws_assume_role_pos(s):
    acct = _digits(s + "acct", 12)
    secret = gen(s + "secret", 40, B64CH)
    token = "IQoJb3JpZ2luX2VjE" + gen(s + "tok", 300, B64CH)
    key_id = "ASIA" + gen(s + "akid", 16, UPPER_DIGITS)  # labelled too (relabelled, see aws_access_keys)
    text = json.dumps({"Credentials": {"AccessKeyId": key_id,
                                       "SecretAccessKey": secret, "SessionToken": token,
                                       "Expiration": "2026-01-15T11:22:31+00:00"},
                       "AssumedRoleUser": {"AssumedRoleId": "AROA" + gen(s + "r", 17, UPPER_DIGITS) + ":deploy",
                                           "Arn": f"arn:aws:sts::{acct}:assumed-role/Deployer/deploy"}}, indent=4)
    return text, (key_id, secret, token)


# B. gcloud auth and config listings
def gcloud_auth_list(s):
    return ("                  Credentialed Accounts\nACTIVE  ACCOUNT\n"
            "*       ana.lima@acme.io\n        terraform@acme-prod-" + _digits(s, 6) + ".iam.gserviceaccount.com\n\n"
            "To set the active account, run:\n    $ gcloud config set account `ACCOUNT`\n\n"
            "$ gcloud config list\n[core]\naccount = ana.lima@acme.io\ndisable_usage_reporting = True\n"
            f"project = acme-prod-{_digits(s, 6)}\n\nYour active configuration is: [default]\n")


def gcloud_token_info(s):
    return json.dumps({"azp": _digits(s + "azp", 21), "aud": _digits(s + "aud", 21),
                       "sub": _digits(s + "sub", 21), "scope": "openid https://www.googleapis.com/auth/userinfo.email "
                       "https://www.googleapis.com/auth/cloud-platform", "exp": "1768472551", "expires_in": "3599",
                       "email": "ana.lima@acme.io", "email_verified": "true", "access_type": "offline"}, indent=2)


def gcloud_adc(s):
    return ("Credentials saved to file: [/home/dev/.config/gcloud/application_default_credentials.json]\n\n"
            "These credentials will be used by any library that requests Application Default Credentials (ADC).\n\n"
            f"Quota project \"acme-prod-{_digits(s, 6)}\" was added to ADC which can be used by Google client libraries "
            "for billing and quota. Note that some services may still bill the project owning the resource.\n")


def gcloud_print_token_pos(s):
    tok = "ya29.a0" + gen(s + "ya29", 180, B64URL)
    return f"{tok}\n", (tok,)


# C. gh auth status
def gh_auth_status(s):
    return ("github.com\n  \u2713 Logged in to github.com account ana-lima (keyring)\n"
            "  - Active account: true\n  - Git operations protocol: https\n"
            "  - Token: gho_************************************\n"
            "  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'\n")


def gh_auth_status_enterprise(s):
    return ("github.acme.io\n  \u2713 Logged in to github.acme.io account ana (GH_ENTERPRISE_TOKEN)\n"
            "  - Active account: true\n  - Git operations protocol: ssh\n  - Token: ghp_************************************\n"
            "  - Token scopes: 'admin:public_key', 'read:org', 'repo'\n\ngithub.com\n"
            "  X Failed to log in to github.com account ana-lima (default)\n"
            "  - Active account: true\n  - The token in default is invalid.\n"
            "  - To re-authenticate, run: gh auth login -h github.com\n"
            "  - To forget about this account, run: gh auth logout -h github.com -u ana-lima\n")


def gh_ssh_keys(s):
    return ("TITLE          ID         KEY                                                      TYPE            ADDED\n"
            f"laptop-2026    {_digits(s, 9)}  ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{gen(s + 'k', 43, B64CH)}  authentication  about 2 months ago\n"
            f"signing        {_digits(s + 'x', 9)}  ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{gen(s + 'j', 43, B64CH)}  signing         about 2 months ago\n")


def gh_secret_list(s):
    return ("NAME                  UPDATED\nAWS_ROLE_ARN          about 3 months ago\nCODECOV_TOKEN         about 1 year ago\n"
            "NPM_TOKEN             about 12 days ago\nSLACK_WEBHOOK_URL     about 2 months ago\n"
            "SSH_DEPLOY_KEY        about 5 months ago\n\n$ gh variable list\nNAME          VALUE                 UPDATED\n"
            f"AWS_REGION    eu-west-1             about 3 months ago\nIMAGE_DIGEST  sha256:{sha(s, 12)}  about 1 hour ago\n")


def gh_auth_token_pos(s):
    tok = "gho_" + gen(s + "gho", 36, B62)
    return ("github.com\n  \u2713 Logged in to github.com account ana-lima (keyring)\n  - Active account: true\n"
            f"  - Git operations protocol: https\n  - Token: {tok}\n  - Token scopes: 'gist', 'read:org', 'repo'\n"), (tok,)


# D. kubectl get secrets listings
def kubectl_get_secrets(s):
    rows = [("db-credentials", "Opaque", 2, "41d"), ("stripe-api", "Opaque", 1, "41d"),
            ("regcred", "kubernetes.io/dockerconfigjson", 1, "212d"),
            (f"api-tls-{gen(s, 5, LOWER36)}", "kubernetes.io/tls", 2, "12d"),
            (f"sh.helm.release.v1.api.v{int(sha(s, 2), 16) % 40 + 1}", "helm.sh/release.v1", 1, "3d4h"),
            ("jwt-signing-key", "Opaque", 2, "88d")]
    return "NAME                                TYPE                             DATA   AGE\n" + "".join(
        f"{a:<36}{b:<33}{c:<7}{d}\n" for a, b, c, d in rows)


def kubectl_get_secret_names(s):
    return (f"$ kubectl get secret db-credentials -o jsonpath='{{.data}}' | jq 'keys'\n[\n  \"password\",\n  \"username\"\n]\n"
            "$ kubectl get secret db-credentials -o go-template='{{range $k,$v := .data}}{{$k}}: {{len $v}}{{\"\\n\"}}{{end}}'\n"
            "password: 32\nusername: 4\n"
            f"$ kubectl get secret db-credentials -o jsonpath='{{.metadata.resourceVersion}}'\n{_digits(s, 8)}\n")


# E. npm config listings
def npm_config_list(s):
    return ("; \"user\" config from /home/dev/.npmrc\n\n//npm.pkg.github.com/:_authToken = (protected)\n"
            "//registry.npmjs.org/:_authToken = (protected)\n@acme:registry = \"https://npm.pkg.github.com\"\n"
            "always-auth = true\n\n; \"project\" config from /home/dev/app/.npmrc\n\nengine-strict = true\n"
            "save-exact = true\n\n; node bin location = /usr/local/bin/node\n; node version = v22.11.0\n"
            "; npm local prefix = /home/dev/app\n; npm version = 10.9.0\n; cwd = /home/dev/app\n"
            "; HOME = /home/dev\n; Run `npm config ls -l` to show all defaults.\n")


def npm_whoami(s):
    return ("ana-lima\n$ npm profile get\nname: ana-lima\nemail: ana@acme.io (verified)\ntwo-factor auth: auth-and-writes\n"
            "fullname: Ana Lima\ncreated: 2019-04-02T09:12:44.118Z\nupdated: 2026-01-15T10:22:31.118Z\n"
            "$ npm access list packages @acme\n{\n  \"@acme/auth-client\": \"read-write\",\n  \"@acme/session-store\": \"read-write\"\n}\n")


def npm_config_get_pos(s):
    tok = "npm_" + gen(s + "npm", 36, B62)
    return f"{tok}\n", (tok,)


# F. certbot listings
def certbot_certs(s):
    return ("Saving debug log to /var/log/letsencrypt/letsencrypt.log\n\n"
            "- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -\nFound the following certs:\n"
            "  Certificate Name: api.acme.io\n"
            f"    Serial Number: {gen(s + 'serial', 36, HEX)}\n    Key Type: ECDSA\n"
            "    Domains: api.acme.io auth.acme.io\n    Expiry Date: 2026-03-15 09:14:02+00:00 (VALID: 44 days)\n"
            "    Certificate Path: /etc/letsencrypt/live/api.acme.io/fullchain.pem\n"
            "    Private Key Path: /etc/letsencrypt/live/api.acme.io/privkey.pem\n"
            "- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -\n")


def certbot_renew(s):
    return ("Saving debug log to /var/log/letsencrypt/letsencrypt.log\n\n"
            "- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -\n"
            "Processing /etc/letsencrypt/renewal/auth.acme.io.conf\n"
            "- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -\n"
            "Account registered.\nSimulating renewal of an existing certificate for auth.acme.io\n\n"
            "- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -\n"
            "Congratulations, all simulated renewals succeeded:\n  /etc/letsencrypt/live/auth.acme.io/fullchain.pem (success)\n"
            f"$ sudo ls /etc/letsencrypt/accounts/acme-v02.api.letsencrypt.org/directory/\n{gen(s + 'acct', 32, HEX)}\n"
            f"$ sudo cat /etc/letsencrypt/renewal/auth.acme.io.conf | head -8\n# renew_before_expiry = 30 days\nversion = 2.11.0\n"
            "archive_dir = /etc/letsencrypt/archive/auth.acme.io\ncert = /etc/letsencrypt/live/auth.acme.io/cert.pem\n"
            "privkey = /etc/letsencrypt/live/auth.acme.io/privkey.pem\n\n[renewalparams]\n"
            f"account = {gen(s + 'acct', 32, HEX)}\n")


# G. password reset and token refresh code
def reset_flow_py(s):
    return ("import hashlib\nimport secrets\nfrom datetime import timedelta\n\nfrom django.utils import timezone\n\n"
            "RESET_TOKEN_BYTES = 32\nRESET_TOKEN_TTL = timedelta(minutes=30)\n\n\n"
            "def issue_reset_token(user) -> str:\n    token = secrets.token_urlsafe(RESET_TOKEN_BYTES)\n"
            "    PasswordResetToken.objects.create(\n        user=user,\n"
            "        token_hash=hashlib.sha256(token.encode()).hexdigest(),\n"
            "        expires_at=timezone.now() + RESET_TOKEN_TTL,\n    )\n    return token  # sent by mail, never stored\n\n\n"
            "def consume_reset_token(raw_token: str, new_password: str) -> bool:\n"
            "    digest = hashlib.sha256(raw_token.encode()).hexdigest()\n"
            "    row = PasswordResetToken.objects.filter(token_hash=digest, used=False,\n"
            "                                            expires_at__gt=timezone.now()).first()\n"
            "    if row is None:\n        return False\n    row.user.set_password(new_password)\n"
            "    row.user.save(update_fields=[\"password\"])\n    row.used = True\n    row.save()\n    return True\n")


def refresh_flow_ts(s):
    return ("export async function refreshAccessToken(token: JWT): Promise<JWT> {\n  try {\n"
            "    const res = await fetch(`${process.env.AUTH_ISSUER}/oauth/token`, {\n      method: \"POST\",\n"
            "      headers: { \"Content-Type\": \"application/x-www-form-urlencoded\" },\n"
            "      body: new URLSearchParams({\n        grant_type: \"refresh_token\",\n"
            "        client_id: process.env.AUTH_CLIENT_ID!,\n        client_secret: process.env.AUTH_CLIENT_SECRET!,\n"
            "        refresh_token: token.refreshToken as string,\n      }),\n    });\n"
            "    const refreshed = await res.json();\n    if (!res.ok) throw refreshed;\n    return {\n      ...token,\n"
            "      accessToken: refreshed.access_token,\n      accessTokenExpires: Date.now() + refreshed.expires_in * 1000,\n"
            "      refreshToken: refreshed.refresh_token ?? token.refreshToken, // keep the old one if not rotated\n"
            "    };\n  } catch (error) {\n    console.error(\"RefreshAccessTokenError\", { status: (error as any)?.error });\n"
            "    return { ...token, error: \"RefreshAccessTokenError\" };\n  }\n}\n")


def reset_flow_go(s):
    return ("func (s *Service) RequestReset(ctx context.Context, email string) error {\n"
            "\tu, err := s.users.ByEmail(ctx, email)\n\tif errors.Is(err, ErrNotFound) {\n"
            "\t\treturn nil // do not reveal whether the account exists\n\t}\n"
            "\traw := make([]byte, 32)\n\tif _, err := rand.Read(raw); err != nil {\n\t\treturn err\n\t}\n"
            "\ttoken := base64.RawURLEncoding.EncodeToString(raw)\n\tsum := sha256.Sum256([]byte(token))\n"
            "\tif err := s.tokens.Save(ctx, u.ID, hex.EncodeToString(sum[:]), time.Now().Add(30*time.Minute)); err != nil {\n"
            "\t\treturn err\n\t}\n\treturn s.mailer.Send(ctx, u.Email, \"reset_password\", map[string]string{\n"
            "\t\t\"link\": s.baseURL + \"/reset?token=\" + url.QueryEscape(token),\n\t})\n}\n")


def reset_tests(s):
    return ("@pytest.fixture\ndef reset_token(user):\n    raw = \"test-reset-token\"  # fixed so the link is predictable\n"
            "    PasswordResetToken.objects.create(user=user, token_hash=hashlib.sha256(raw.encode()).hexdigest(),\n"
            "                                      expires_at=timezone.now() + timedelta(minutes=30))\n    return raw\n\n\n"
            "def test_expired_token_is_rejected(client, reset_token, freezer):\n    freezer.tick(timedelta(minutes=31))\n"
            "    r = client.post(\"/reset\", {\"token\": reset_token, \"new_password\": \"x\" * 12})\n"
            "    assert r.status_code == 400\n    assert r.json() == {\"detail\": \"Invalid or expired password reset token.\"}\n")


def refresh_pos(s):
    secret = random_secret(s + "cs", 40)
    text = ("def refresh(refresh_token: str) -> dict:\n    resp = requests.post(\n"
            "        \"https://auth.acme.io/oauth/token\",\n        data={\n            \"grant_type\": \"refresh_token\",\n"
            "            \"client_id\": \"" + gen(s + "cid", 32, B62) + "\",\n"
            f"            \"client_secret\": \"{secret}\",  # TODO move to env before merging\n"
            "            \"refresh_token\": refresh_token,\n        },\n        timeout=10,\n    )\n"
            "    resp.raise_for_status()\n    return resp.json()\n")
    return text, (secret,)


# H. webhook signature verification handlers
def webhook_verify_node(s):
    return ("const crypto = require(\"crypto\");\n\nfunction verifyGithubSignature(req, res, next) {\n"
            "  const signature = req.get(\"X-Hub-Signature-256\") || \"\";\n"
            "  const hmac = crypto.createHmac(\"sha256\", process.env.GITHUB_WEBHOOK_SECRET);\n"
            "  const digest = \"sha256=\" + hmac.update(req.rawBody).digest(\"hex\");\n"
            "  const a = Buffer.from(signature), b = Buffer.from(digest);\n"
            "  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) {\n"
            "    return res.status(401).json({ error: \"invalid signature\" });\n  }\n  next();\n}\n")


def webhook_verify_py(s):
    return ("@app.post(\"/stripe/webhook\")\nasync def stripe_webhook(request: Request):\n"
            "    payload = await request.body()\n    sig_header = request.headers.get(\"stripe-signature\")\n"
            "    try:\n        event = stripe.Webhook.construct_event(\n"
            "            payload, sig_header, settings.stripe_webhook_secret, tolerance=300\n        )\n"
            "    except stripe.error.SignatureVerificationError:\n        raise HTTPException(status_code=400, detail=\"bad signature\")\n"
            "    log.info(\"stripe event %s type=%s\", event[\"id\"], event[\"type\"])\n")


def webhook_log(s):
    ts = 1768468951 + int(sha(s, 3), 16) % 1000
    return (f"2026-01-15T10:22:31.118Z INFO  webhook received delivery={uuid_of(s + 'd')} event=push\n"
            f"2026-01-15T10:22:31.119Z DEBUG x-hub-signature-256=sha256={sha(s + 'sig', 64)}\n"
            f"2026-01-15T10:22:31.119Z DEBUG computed signature sha256={sha(s + 'sig2', 64)} (secret from GITHUB_WEBHOOK_SECRET)\n"
            "2026-01-15T10:22:31.119Z WARN  webhook signature mismatch, rejecting with 401\n"
            f"2026-01-15T10:22:32.004Z INFO  stripe-signature: t={ts},v1={sha(s + 'v1', 64)}\n"
            "2026-01-15T10:22:32.005Z INFO  signature ok, tolerance 300s\n")


def webhook_test_vector(s):
    # The example of GitHub's docs on validating deliveries: a published test vector, not a secret.
    import hmac as _hmac
    digest = _hmac.new(b"It's a Secret to Everybody", b"Hello, World!", hashlib.sha256).hexdigest()
    return ("import pytest\n\nfrom app.webhooks import verify_signature\n\n"
            "# Test vector from https://docs.github.com/en/webhooks/using-webhooks/validating-webhook-deliveries\n"
            "SECRET = \"It's a Secret to Everybody\"\nPAYLOAD = b\"Hello, World!\"\n"
            f"SIGNATURE = \"sha256={digest}\"\n\n\n"
            "def test_valid_signature():\n    assert verify_signature(SECRET, PAYLOAD, SIGNATURE)\n\n\n"
            "def test_tampered_payload():\n    assert not verify_signature(SECRET, PAYLOAD + b\" \", SIGNATURE)\n")


def webhook_pos(s):
    secret = "whsec_" + gen(s + "whsec", 32, B62)
    text = ("import stripe\nfrom flask import Flask, request\n\napp = Flask(__name__)\n"
            f"endpoint_secret = \"{secret}\"\n\n\n@app.route(\"/webhook\", methods=[\"POST\"])\ndef webhook():\n"
            "    event = stripe.Webhook.construct_event(request.data, request.headers[\"Stripe-Signature\"], endpoint_secret)\n"
            "    return \"\", 200\n")
    return text, (secret,)


# I. csrf middleware and cookie settings
def django_security_settings(s):
    return ("SECRET_KEY = os.environ[\"DJANGO_SECRET_KEY\"]\n\nSESSION_COOKIE_SECURE = True\nSESSION_COOKIE_HTTPONLY = True\n"
            "SESSION_COOKIE_SAMESITE = \"Lax\"\nSESSION_COOKIE_AGE = 60 * 60 * 24 * 14\n"
            "SESSION_ENGINE = \"django.contrib.sessions.backends.cached_db\"\n"
            "CSRF_COOKIE_SECURE = True\nCSRF_COOKIE_NAME = \"__Host-csrftoken\"\nCSRF_HEADER_NAME = \"HTTP_X_CSRFTOKEN\"\n"
            "CSRF_TRUSTED_ORIGINS = [\"https://app.acme.io\", \"https://admin.acme.io\"]\n"
            "PASSWORD_HASHERS = [\n    \"django.contrib.auth.hashers.Argon2PasswordHasher\",\n"
            "    \"django.contrib.auth.hashers.PBKDF2PasswordHasher\",\n]\n")


def express_session(s):
    return ("app.use(\n  session({\n    name: \"sid\",\n    secret: process.env.SESSION_SECRET.split(\",\"), // rotate: new first\n"
            "    store: new RedisStore({ client: redis, prefix: \"sess:\" }),\n    resave: false,\n"
            "    saveUninitialized: false,\n    cookie: { secure: true, httpOnly: true, sameSite: \"lax\", maxAge: 14 * 864e5 },\n"
            "  })\n);\napp.use(csrf({ cookie: { key: \"_csrf\", signed: true, sameSite: \"strict\" } }));\n"
            "app.use((req, res, next) => {\n  res.locals.csrfToken = req.csrfToken();\n  next();\n});\n")


def csrf_html(s):
    tok = gen(s + "csrf", 64, B62)
    return ("<form method=\"post\" action=\"/account/password\">\n"
            f"  <input type=\"hidden\" name=\"csrfmiddlewaretoken\" value=\"{tok}\">\n"
            "  <label for=\"id_old_password\">Old password:</label>\n"
            "  <input type=\"password\" name=\"old_password\" autocomplete=\"current-password\" required id=\"id_old_password\">\n"
            "  <label for=\"id_new_password1\">New password:</label>\n"
            "  <input type=\"password\" name=\"new_password1\" autocomplete=\"new-password\" required id=\"id_new_password1\">\n"
            "  <button type=\"submit\">Change my password</button>\n</form>\n")


def django_secret_pos(s):
    key = "django-insecure-" + gen(s + "dj", 50, LOWER36 + "!@#%^&*(-_=+)")
    key = key.replace("'", "")
    return (f"# SECURITY WARNING: keep the secret key used in production secret!\nSECRET_KEY = '{key}'\n\n"
            "# SECURITY WARNING: don't run with debug turned on in production!\nDEBUG = False\n"
            "ALLOWED_HOSTS = ['app.acme.io']\nCSRF_COOKIE_SECURE = True\nSESSION_COOKIE_SECURE = True\n"), (key,)


# J. cache and rate-limit key builders
def cache_keys_py(s):
    return ("def session_key(session_id: str) -> str:\n    return f\"sess:{session_id}\"\n\n\n"
            "def rate_limit_key(api_key_id: str, window: int) -> str:\n"
            "    # keyed by the key's id, never by the key itself\n    return f\"rl:{api_key_id}:{window}\"\n\n\n"
            "def token_cache_key(client_id: str, scopes: tuple[str, ...]) -> str:\n"
            "    digest = hashlib.sha1(\" \".join(sorted(scopes)).encode()).hexdigest()[:12]\n"
            "    return f\"oauth:token:{client_id}:{digest}\"\n")


def redis_scan(s):
    keys = [f"lock:job:{uuid_of(s + str(i))}" for i in range(2)] + [f"cache:views.decorators.cache.cache_page.{sha(s, 32)}"] + [
        f"rl:key_{gen(s + 'k', 12, B62)}:{28941182 + i}" for i in range(2)] + [
        f"oauth:token:{gen(s + 'c', 20, LOWER36)}:{sha(s + 'sc', 12)}", f"pwreset:attempts:{_digits(s + 'u', 6)}"]
    return "".join(f"{i + 1}) \"{k}\"\n" for i, k in enumerate(keys)) + "127.0.0.1:6379> TTL " + keys[3] + "\n(integer) 41\n"


def throttle_conf(s):
    return ("REST_FRAMEWORK = {\n    \"DEFAULT_THROTTLE_CLASSES\": [\n        \"rest_framework.throttling.ScopedRateThrottle\",\n"
            "    ],\n    \"DEFAULT_THROTTLE_RATES\": {\n        \"login\": \"5/min\",\n        \"password_reset\": \"3/hour\",\n"
            "        \"token_refresh\": \"30/min\",\n        \"api_key\": \"1000/hour\",\n    },\n}\n"
            "CACHES = {\n    \"default\": {\n        \"BACKEND\": \"django.core.cache.backends.redis.RedisCache\",\n"
            "        \"LOCATION\": env(\"REDIS_URL\"),\n        \"KEY_PREFIX\": \"acme\",\n        \"KEY_FUNCTION\": \"core.cache.make_key\",\n"
            "    }\n}\n")


# K. gettext catalogs of sign-in screens
def po_catalog(s):
    langs = [("de", "Passwort", "Passwort vergessen?", "Zugangstoken", "Geheimer Schlüssel"),
             ("fr", "Mot de passe", "Mot de passe oublié ?", "Jeton d'accès", "Clé secrète"),
             ("pt_BR", "Senha", "Esqueceu a senha?", "Token de acesso", "Chave secreta"),
             ("pl", "Hasło", "Nie pamiętasz hasła?", "Token dostępu", "Klucz tajny"),
             ("tr", "Parola", "Parolanızı mı unuttunuz?", "Erişim belirteci", "Gizli anahtar")]
    lang, pw, forgot, tok, key = langs[int(sha(s, 2), 16) % len(langs)]
    return (f"# {lang} translation of acme-web.\nmsgid \"\"\nmsgstr \"\"\n\"Project-Id-Version: acme-web 4.2\\n\"\n"
            f"\"Language: {lang}\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"
            f"#: templates/login.html:14\nmsgid \"Password\"\nmsgstr \"{pw}\"\n\n"
            f"#: templates/login.html:22\nmsgid \"Forgot your password?\"\nmsgstr \"{forgot}\"\n\n"
            f"#: templates/settings/api.html:8\nmsgid \"Access token\"\nmsgstr \"{tok}\"\n\n"
            f"#: templates/settings/api.html:31\nmsgid \"Secret key\"\nmsgstr \"{key}\"\n\n"
            "#: templates/settings/api.html:40\n#, python-format\n"
            "msgid \"Your token ends in %(last4)s\"\nmsgstr \"\"\n")


def po_stats(s):
    return ("$ msgfmt --statistics -o /dev/null locale/de/LC_MESSAGES/django.po\n"
            "412 translated messages, 7 fuzzy translations, 3 untranslated messages.\n"
            "$ grep -n -A1 'msgid \"Token\\|msgid \"Password' locale/de/LC_MESSAGES/django.po\n"
            "118:msgid \"Password\"\n119-msgstr \"Passwort\"\n--\n204:msgid \"Password (again)\"\n205-msgstr \"Passwort (wiederholen)\"\n"
            "--\n377:msgid \"Token\"\n378-msgstr \"Token\"\n")


# L. terraform provider lock files
def tf_lock(s):
    out = ["# This file is maintained automatically by \"terraform init\".\n# Manual edits may be lost in future updates.\n"]
    for name, ver in (("hashicorp/aws", "5.82.2"), ("hashicorp/random", "3.6.3"), ("hashicorp/vault", "4.5.0")):
        hs = "\n".join(f"    \"zh:{sha(s + name + str(i), 64)}\"," for i in range(3))
        out.append(f"provider \"registry.terraform.io/{name}\" {{\n  version     = \"{ver}\"\n  constraints = \"~> {ver[:3]}\"\n"
                   f"  hashes = [\n    \"h1:{_b64bytes(s + name, 32)}\",\n{hs}\n  ]\n}}\n")
    return "\n".join(out)


def tf_init_log(s):
    return ("Initializing the backend...\nInitializing provider plugins...\n- Reusing previous version of hashicorp/vault from the dependency lock file\n"
            "- Installing hashicorp/vault v4.5.0...\n- Installed hashicorp/vault v4.5.0 (signed by HashiCorp)\n"
            "- Installing hashicorp/random v3.6.3...\n- Installed hashicorp/random v3.6.3 (signed by HashiCorp)\n\n"
            "Terraform has made some changes to the provider dependency selections recorded\nin the .terraform.lock.hcl file.\n\n"
            f"$ terraform providers lock -platform=linux_amd64\n- Obtained hashicorp/vault checksums for linux_amd64; "
            f"This was a new provider and the checksums for this platform are now tracked in the lock file\n"
            f"  h1:{_b64bytes(s + 'v', 32)}\n  zh:{sha(s + 'zh', 64)}\n")


# M. gradle dependency verification metadata
def gradle_verification(s):
    comps = [("io.jsonwebtoken", "jjwt-api", "0.12.6"), ("org.springframework.security", "spring-security-crypto", "6.4.2"),
             ("com.nimbusds", "nimbus-jose-jwt", "9.47")]
    body = "".join(f"      <component group=\"{g}\" name=\"{n}\" version=\"{v}\">\n"
                   f"         <artifact name=\"{n}-{v}.jar\">\n            <sha256 value=\"{sha(s + n, 64)}\" origin=\"Generated by Gradle\"/>\n"
                   f"         </artifact>\n         <artifact name=\"{n}-{v}.pom\">\n            <sha256 value=\"{sha(s + n + 'pom', 64)}\" origin=\"Generated by Gradle\"/>\n"
                   "         </artifact>\n      </component>\n" for g, n, v in comps)
    return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<verification-metadata xmlns=\"https://schema.gradle.org/dependency-verification\">\n"
            "   <configuration>\n      <verify-metadata>true</verify-metadata>\n      <verify-signatures>true</verify-signatures>\n"
            "      <trusted-keys>\n"
            f"         <trusted-key id=\"{sha(s + 'tk1', 40).upper()}\" group=\"org.springframework\"/>\n"
            f"         <trusted-key id=\"{sha(s + 'tk2', 40).upper()}\" group=\"io.jsonwebtoken\"/>\n"
            "      </trusted-keys>\n   </configuration>\n   <components>\n" + body + "   </components>\n</verification-metadata>\n")


def gradle_verify_fail(s):
    return ("> Task :app:compileJava FAILED\n\nFAILURE: Build failed with an exception.\n\n* What went wrong:\n"
            "Execution failed for task ':app:compileJava'.\n> Dependency verification failed for configuration ':app:compileClasspath'\n"
            "  One artifact failed verification: jjwt-impl-0.12.6.jar (io.jsonwebtoken:jjwt-impl:0.12.6) from repository MavenRepo\n"
            f"  Expected sha256 {sha(s + 'e', 64)} but was {sha(s + 'a', 64)}\n"
            f"  Key {sha(s + 'key', 16).upper()} (not found in keyring) used to sign spring-security-crypto-6.4.2.pom\n"
            "  This can indicate that a dependency has been compromised. Please carefully verify the checksums.\n")


# N. gemfile lock checksums
def gemfile_lock(s):
    gems = [("bcrypt", "3.1.20"), ("devise", "4.9.4"), ("jwt", "2.9.3"), ("rotp", "6.3.0"), ("warden", "1.2.9")]
    specs = "".join(f"    {g} ({v})\n" for g, v in gems)
    sums = "".join(f"  {g} ({v}) sha256={sha(s + g, 64)}\n" for g, v in gems)
    return ("GEM\n  remote: https://rubygems.org/\n  specs:\n" + specs + "\nPLATFORMS\n  arm64-darwin-24\n  x86_64-linux\n\n"
            "DEPENDENCIES\n  bcrypt (~> 3.1)\n  devise\n  jwt\n  rotp\n\nCHECKSUMS\n" + sums + "\nBUNDLED WITH\n   2.6.2\n")


def bundle_install(s):
    return ("Fetching gem metadata from https://rubygems.org/.........\nResolving dependencies...\n"
            "Fetching bcrypt 3.1.20\nInstalling bcrypt 3.1.20 with native extensions\nFetching rotp 6.3.0\nInstalling rotp 6.3.0\n"
            "Bundle complete! 42 Gemfile dependencies, 118 gems now installed.\n"
            f"$ gem fetch jwt -v 2.9.3 && sha256sum jwt-2.9.3.gem\nFetched jwt-2.9.3\n{sha(s + 'jwt', 64)}  jwt-2.9.3.gem\n"
            f"$ bundle config\nSettings are listed in order of priority. The top value will be used.\n"
            "gems.acme.io\nSet for the current user (/home/dev/.bundle/config): \"ana:[REDACTED]\"\n")


# O. twilio message resources
def twilio_message(s):
    acct = "AC" + gen(s + "ac", 32, HEX)
    sid = "SM" + gen(s + "sm", 32, HEX)
    return json.dumps({"account_sid": acct, "api_version": "2010-04-01", "body": "Your Acme verification code is ready",
                       "date_created": "Thu, 15 Jan 2026 10:22:31 +0000", "direction": "outbound-api",
                       "from": "+15017122661", "messaging_service_sid": "MG" + gen(s + "mg", 32, HEX), "num_segments": "1",
                       "sid": sid, "status": "queued", "to": "+15558675310",
                       "uri": f"/2010-04-01/Accounts/{acct}/Messages/{sid}.json"}, indent=2)


def twilio_verify(s):
    return json.dumps({"sid": "VE" + gen(s + "ve", 32, HEX), "service_sid": "VA" + gen(s + "va", 32, HEX),
                       "account_sid": "AC" + gen(s + "ac", 32, HEX), "to": "+15558675310", "channel": "sms",
                       "status": "pending", "valid": False, "lookup": {}, "amount": None, "payee": None,
                       "send_code_attempts": [{"attempt_sid": "VL" + gen(s + "vl", 32, HEX), "channel": "sms",
                                               "time": "2026-01-15T10:22:31.118Z"}],
                       "date_created": "2026-01-15T10:22:31Z"}, indent=2)


def twilio_pos(s):
    acct = "AC" + gen(s + "ac", 32, HEX)
    tok = gen(s + "authtok", 32, HEX)
    return (f"curl -X POST https://api.twilio.com/2010-04-01/Accounts/{acct}/Messages.json \\\n"
            "  --data-urlencode \"Body=deploy finished\" --data-urlencode \"From=+15017122661\" \\\n"
            f"  --data-urlencode \"To=+15558675310\" -u {acct}:{tok}"), (tok,)


# P. s3 object urls and presigned links
def s3_urls(s):
    ver = gen(s + "ver", 32, B62 + "._")
    return (f"upload: dist/app.tar.gz to s3://acme-artifacts/releases/{sha(s, 12)}/app.tar.gz\n"
            f"$ aws s3api head-object --bucket acme-artifacts --key releases/{sha(s, 12)}/app.tar.gz\n"
            + json.dumps({"AcceptRanges": "bytes", "LastModified": "2026-01-15T10:22:31+00:00", "ContentLength": 18244210,
                          "ETag": f"\"{sha(s + 'etag', 32)}-3\"", "VersionId": ver, "ContentType": "application/gzip",
                          "ServerSideEncryption": "aws:kms",
                          "SSEKMSKeyId": f"arn:aws:kms:eu-west-1:{_digits(s, 12)}:key/{uuid_of(s + 'kms')}",
                          "BucketKeyEnabled": True, "Metadata": {"git-sha": sha(s + "git", 40)}}, indent=4))


def s3_access_log(s):
    return (f"{sha(s + 'owner', 64)} acme-artifacts [15/Jan/2026:10:22:31 +0000] 10.0.4.12 "
            f"arn:aws:sts::{_digits(s, 12)}:assumed-role/ci-runner/i-0{gen(s + 'i', 16, HEX)} {gen(s + 'rid', 16, UPPER_DIGITS)} "
            f"REST.GET.OBJECT releases/app.tar.gz \"GET /releases/app.tar.gz HTTP/1.1\" 200 - 18244210 18244210 41 12 \"-\" "
            f"\"aws-cli/2.22.4\" - {_b64bytes(s + 'hid', 54)} SigV4 ECDHE-RSA-AES128-GCM-SHA256 AuthHeader "
            "acme-artifacts.s3.eu-west-1.amazonaws.com TLSv1.3 - -\n")


def presigned_pos(s):
    tok = "IQoJb3JpZ2luX2VjE" + gen(s + "st", 260, B64CH)
    enc = tok.replace("+", "%2B").replace("/", "%2F")
    # the key id and the signature are labelled too (relabelled, see aws_access_keys): a live
    # presigned URL's signature is a bearer credential until it expires
    key_id, signature = "ASIA" + gen(s + "ak", 16, UPPER_DIGITS), sha(s + "sig", 64)
    url = (f"https://acme-artifacts.s3.eu-west-1.amazonaws.com/exports/report.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256"
           f"&X-Amz-Credential={key_id}%2F20260115%2Feu-west-1%2Fs3%2Faws4_request"
           f"&X-Amz-Date=20260115T102231Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host"
           f"&X-Amz-Security-Token={enc}&X-Amz-Signature={signature}")
    return url + "\n", (key_id, enc, signature)


# Q. jest snapshot files
def jest_snapshot(s):
    return ("// Jest Snapshot v1, https://goo.gl/fbAQLP\n\n"
            "exports[`LoginForm renders the password field 1`] = `\n<form\n  className=\"login\"\n  onSubmit={[Function]}\n>\n"
            "  <input\n    autoComplete=\"current-password\"\n    name=\"password\"\n    placeholder=\"Password\"\n    type=\"password\"\n"
            "    value=\"\"\n  />\n</form>\n`;\n\n"
            "exports[`tokenService hashes api keys 1`] = `\n{\n"
            f"  \"hash\": \"{sha(s + 'h', 64)}\",\n  \"id\": \"{uuid_of(s + 'id')}\",\n  \"prefix\": \"ak_{gen(s + 'p', 4, LOWER36)}\",\n"
            "  \"secret\": \"[REDACTED]\",\n}\n`;\n")


def jest_run(s):
    return ("PASS  src/auth/__tests__/session.test.ts\n  session\n    \u2713 rotates the session id after login (14 ms)\n"
            "    \u2713 rejects a tampered cookie signature (3 ms)\n"
            "PASS  src/auth/__tests__/apiKeys.test.ts\n\nSnapshot Summary\n \u203a 2 snapshots written from 1 test suite.\n\n"
            "Test Suites: 2 passed, 2 total\nTests:       11 passed, 11 total\nSnapshots:   2 written, 9 passed, 11 total\n"
            f"Time:        2.481 s\nRan all test suites.\n(seed: {_digits(s, 10)})\n")


# R. docker credential helper outputs
def docker_cred_list(s):
    return json.dumps({"https://index.docker.io/v1/": "analima", "ghcr.io": "ana-lima",
                       f"{_digits(s, 12)}.dkr.ecr.eu-west-1.amazonaws.com": "AWS",
                       "registry.gitlab.com": "ana.lima"}) + "\n"


def docker_config(s):
    return json.dumps({"auths": {"ghcr.io": {}, "https://index.docker.io/v1/": {},
                                 f"{_digits(s, 12)}.dkr.ecr.eu-west-1.amazonaws.com": {}},
                       "credsStore": "desktop", "credHelpers": {f"{_digits(s, 12)}.dkr.ecr.eu-west-1.amazonaws.com": "ecr-login"},
                       "currentContext": "desktop-linux",
                       "plugins": {"-x-cli-hints": {"enabled": "true"}}}, indent=2) + "\n"


def docker_login_out(s):
    return ("WARNING! Your password will be stored unencrypted in /home/dev/.docker/config.json.\n"
            "Configure a credential helper to remove this warning. See\n"
            "https://docs.docker.com/go/credential-store/\n\nLogin Succeeded\n"
            f"$ docker push ghcr.io/acme/api:{sha(s, 7)}\nThe push refers to repository [ghcr.io/acme/api]\n"
            f"{sha(s + 'l1', 12)}: Pushed\n{sha(s + 'l2', 12)}: Layer already exists\n"
            f"{sha(s, 7)}: digest: sha256:{sha(s + 'd', 64)} size: 1784\n")


def docker_cred_pos(s):
    secret = "dckr_pat_" + gen(s + "pat", 27, B64URL)
    return json.dumps({"ServerURL": "https://index.docker.io/v1/", "Username": "analima", "Secret": secret}) + "\n", (secret,)


# S. mfa and security key listings
def mfa_list(s):
    acct = _digits(s, 12)
    return json.dumps({"MFADevices": [{"UserName": "ana.lima", "SerialNumber": f"arn:aws:iam::{acct}:mfa/ana-phone",
                                       "EnableDate": "2025-06-02T08:14:02+00:00"},
                                      {"UserName": "ana.lima", "SerialNumber": f"arn:aws:iam::{acct}:u2f/user/ana.lima/yubikey-"
                                       + gen(s + "u2f", 26, UPPER_DIGITS), "EnableDate": "2025-09-11T12:00:00+00:00"}]},
                      indent=4)


def ykman_info(s):
    return (f"Device type: YubiKey 5C NFC\nSerial number: {_digits(s, 8)}\nFirmware version: 5.7.1\n"
            "Form factor: Keychain (USB-C)\nEnabled USB interfaces: OTP, FIDO, CCID\nNFC transport is enabled\n\n"
            "Applications\tUSB    \tNFC\nYubico OTP  \tEnabled\tEnabled\nFIDO U2F    \tEnabled\tEnabled\nFIDO2       \tEnabled\tEnabled\n"
            "OATH        \tEnabled\tEnabled\nPIV         \tEnabled\tEnabled\nOpenPGP     \tEnabled\tEnabled\n\n"
            "$ ykman oath accounts list\nAWS:ana.lima@acme-prod\nGitHub:ana-lima\nacme.io:ana\n"
            "$ ykman fido credentials list\nCredential ID  RP ID          Username     Display name\n"
            f"{gen(s + 'cred', 12, HEX)}...   github.com     ana-lima     Ana Lima\n")


def mfa_enrol_page(s):
    return ("<div class=\"mfa-setup\">\n  <h2>Set up two-factor authentication</h2>\n"
            "  <p>Scan the QR code with your authenticator app, then enter the 6-digit code.</p>\n"
            "  <img src=\"{{ url_for('mfa.qr') }}\" alt=\"TOTP QR code\">\n"
            "  <p class=\"manual\">Can't scan? Enter this setup key: <code>{{ totp_secret | group(4) }}</code></p>\n"
            "  <input name=\"otp\" inputmode=\"numeric\" autocomplete=\"one-time-code\" pattern=\"[0-9]{6}\" maxlength=\"6\">\n</div>\n")


def mfa_pos(s):
    seed = gen(s + "totp", 64, UPPER_DIGITS)
    acct = _digits(s, 12)
    return json.dumps({"VirtualMFADevice": {"SerialNumber": f"arn:aws:iam::{acct}:mfa/ci-breakglass",
                                            "Base32StringSeed": seed}}, indent=4) + "\n", (seed,)


# T. identity provider app listings
def auth0_apps(s):
    rows = "".join(f"  {gen(s + n, 32, B62)}  {n:<22}{t}\n" for n, t in (("acme-web", "Single Page Web Application"),
                                                                          ("acme-api-m2m", "Machine to Machine"),
                                                                          ("acme-ios", "Native")))
    return ("=== acme-prod.eu.auth0.com applications\n\n  CLIENT ID                         NAME                  TYPE\n" + rows)


def okta_apps(s):
    return json.dumps([{"id": "0oa" + gen(s + "oa", 17, B62), "name": "oidc_client", "label": "Acme Web",
                        "status": "ACTIVE", "signOnMode": "OPENID_CONNECT",
                        "credentials": {"userNameTemplate": {"template": "${source.login}", "type": "BUILT_IN"},
                                        "oauthClient": {"autoKeyRotation": True, "client_id": "0oa" + gen(s + "cid", 17, B62),
                                                        "token_endpoint_auth_method": "client_secret_basic"}},
                        "settings": {"oauthClient": {"redirect_uris": ["https://app.acme.io/callback"],
                                                     "grant_types": ["authorization_code", "refresh_token"],
                                                     "application_type": "web"}}}], indent=2)


def auth0_show_masked(s):
    return ("=== acme-prod.eu.auth0.com application\n\n  CLIENT ID            " + gen(s + "c", 32, B62) + "\n"
            "  NAME                 acme-api-m2m\n  DESCRIPTION\n  TYPE                 Machine to Machine\n"
            "  CLIENT SECRET        (use --reveal-secrets to show)\n  CALLBACKS\n  ALLOWED LOGOUT URLS\n"
            "  ALLOWED ORIGINS\n  TOKEN ENDPOINT AUTH  client_secret_post\n  GRANTS               client_credentials\n")


def auth0_pos(s):
    secret = gen(s + "cs", 64, B64URL)
    return ("=== acme-prod.eu.auth0.com application\n\n  CLIENT ID            " + gen(s + "c", 32, B62) + "\n"
            "  NAME                 acme-api-m2m\n  TYPE                 Machine to Machine\n"
            f"  CLIENT SECRET        {secret}\n  TOKEN ENDPOINT AUTH  client_secret_post\n  GRANTS               client_credentials\n"), (secret,)


# U. secret generation code
def gen_code(s):
    return ("import secrets\nimport string\n\nALPHABET = string.ascii_letters + string.digits\n\n\n"
            "def new_api_key(prefix: str = \"ak_live_\") -> tuple[str, str]:\n"
            "    \"\"\"Return (key, sha256) - show the key once, store only the hash.\"\"\"\n"
            "    key = prefix + \"\".join(secrets.choice(ALPHABET) for _ in range(40))\n"
            "    return key, hashlib.sha256(key.encode()).hexdigest()\n\n\n"
            "def new_session_secret() -> str:\n    return secrets.token_hex(32)\n")


def gen_readme(s):
    return ("## Generating secrets\n\nGenerate a Django secret key:\n\n```bash\n"
            "python -c 'from django.core.management.utils import get_random_secret_key; print(get_random_secret_key())'\n```\n\n"
            "Generate a 256-bit JWT signing secret and put it in your vault, not in `.env`:\n\n```bash\n"
            "openssl rand -base64 32 | vault kv put secret/acme/jwt signing_key=-\n```\n\n"
            "| Variable | How to make it | Length |\n|---|---|---|\n| `SECRET_KEY` | `get_random_secret_key()` | 50 |\n"
            "| `JWT_SECRET` | `openssl rand -base64 32` | 44 |\n| `FERNET_KEY` | `Fernet.generate_key()` | 44 |\n")


def gen_rust(s):
    return ("use rand::{distributions::Alphanumeric, Rng};\n\n/// A CSRF token: 32 random alphanumerics, bound to the session.\n"
            "pub fn csrf_token() -> String {\n    rand::thread_rng()\n        .sample_iter(&Alphanumeric)\n        .take(32)\n"
            "        .map(char::from)\n        .collect()\n}\n\n#[test]\nfn csrf_token_is_32_chars() {\n"
            "    let t = csrf_token();\n    assert_eq!(t.len(), 32);\n    assert_ne!(t, csrf_token());\n}\n")


def gen_repl_pos(s):
    key = gen(s + "fernet", 43, B64URL) + "="
    return (">>> from cryptography.fernet import Fernet\n>>> Fernet.generate_key()\n"
            f"b'{key}'\n>>> # put that in prod FIELD_ENCRYPTION_KEY\n"), (key,)


# V. framework security check warnings
def django_check(s):
    return ("System check identified some issues:\n\nWARNINGS:\n"
            "?: (security.W004) You have not set a value for the SECURE_HSTS_SECONDS setting. If your entire site is served only "
            "over SSL, you may want to consider setting a value and enabling HTTP Strict Transport Security.\n"
            "?: (security.W009) Your SECRET_KEY has less than 50 characters, less than 5 unique characters, or it's prefixed "
            "with 'django-insecure-' indicating that it was generated automatically by Django. Please generate a long and "
            "random value, otherwise many of Django's security-critical features will be vulnerable to attack.\n"
            "?: (security.W012) SESSION_COOKIE_SECURE is not set to True.\n"
            "?: (security.W016) You have 'django.middleware.csrf.CsrfViewMiddleware' in your MIDDLEWARE, but you have not set "
            "CSRF_COOKIE_SECURE to True.\n\nSystem check identified 4 issues (0 silenced).\n")


def rails_warn(s):
    return ("=> Booting Puma\n=> Rails 8.0.1 application starting in production\n"
            "ArgumentError: Missing `secret_key_base` for 'production' environment, set this string with "
            "`bin/rails credentials:edit`\n  /usr/local/bundle/gems/railties-8.0.1/lib/rails/application.rb:504:in `secret_key_base'\n"
            "  /usr/local/bundle/gems/railties-8.0.1/lib/rails/application.rb:464:in `key_generator'\n"
            "WARN: ActiveSupport::MessageEncryptor key must be 32 bytes (got 16); set ACTIVE_RECORD_ENCRYPTION_PRIMARY_KEY\n")


def spring_warn(s):
    return ("2026-01-15T10:22:31.118Z  WARN 1 --- [main] .s.s.UserDetailsServiceAutoConfiguration :\n\n"
            f"Using generated security password: {uuid_of(s + 'gen')}\n\n"
            "This generated password is for development use only. Your security configuration must be updated before running "
            "your application in production.\n\n"
            "2026-01-15T10:22:31.220Z  WARN 1 --- [main] o.s.s.c.a.web.builders.WebSecurity : You are asking Spring Security to "
            "ignore Ant [pattern='/actuator/**']. This is not recommended -- please use permitAll via "
            "HttpSecurity#authorizeHttpRequests instead.\n")


def spring_warn_pos(s):
    return spring_warn(s), (uuid_of(s + "gen"),)


# W. load test scripts logging in
def k6_script(s):
    return ("import http from 'k6/http';\nimport { check, sleep } from 'k6';\n\n"
            "export const options = { vus: 50, duration: '5m', thresholds: { http_req_failed: ['rate<0.01'] } };\n\n"
            "export function setup() {\n  const res = http.post(`${__ENV.BASE_URL}/api/login`, JSON.stringify({\n"
            "    email: __ENV.LOADTEST_USER,\n    password: __ENV.LOADTEST_PASSWORD,\n"
            "  }), { headers: { 'Content-Type': 'application/json' } });\n"
            "  check(res, { 'logged in': (r) => r.status === 200 });\n  return { token: res.json('access_token') };\n}\n\n"
            "export default function (data) {\n  http.get(`${__ENV.BASE_URL}/api/orders`, {\n"
            "    headers: { Authorization: `Bearer ${data.token}` },\n  });\n  sleep(1);\n}\n")


def locust_file(s):
    return ("from locust import HttpUser, between, task\n\n\nclass Shopper(HttpUser):\n    wait_time = between(1, 3)\n\n"
            "    def on_start(self):\n        creds = next(CREDENTIALS)  # rows of users.csv: email,password_ref\n"
            "        r = self.client.post(\"/api/login\", json={\"email\": creds.email,\n"
            "                                                 \"password\": os.environ[creds.password_ref]})\n"
            "        self.client.headers[\"Authorization\"] = f\"Bearer {r.json()['access_token']}\"\n\n"
            "    @task(3)\n    def browse(self):\n        self.client.get(\"/api/products?page=1\", name=\"/api/products\")\n")


def k6_output(s):
    return ("          /\\      |\u203e\u203e| /\u203e\u203e/   /\u203e\u203e/\n     /\\  /  \\     |  |/  /   /  /\n\n"
            "     execution: local\n        script: loadtest/login.js\n        output: -\n\n"
            "     \u2713 logged in\n\n     checks.........................: 100.00% \u2713 1 \u2717 0\n"
            "     http_req_duration..............: avg=84.21ms min=12.3ms med=61.02ms max=1.2s p(90)=151.8ms p(95)=203.4ms\n"
            "     http_req_failed................: 0.00%  \u2713 0 \u2717 14822\n"
            "     http_reqs......................: 14823  49.38/s\n     vus............................: 50     min=50 max=50\n")


def k6_pos(s):
    pw = _human(s)
    return ("export function setup() {\n  const res = http.post('https://staging.acme.io/api/login', JSON.stringify({\n"
            f"    email: 'loadtest+1@acme.io',\n    password: '{pw}',\n  }}), {{ headers: {{ 'Content-Type': 'application/json' }} }});\n"
            "  return { token: res.json('access_token') };\n}\n"), (pw,)


# X. browser end-to-end login tests
def cypress_login(s):
    return ("Cypress.Commands.add('login', (email = Cypress.env('E2E_EMAIL'), password = Cypress.env('E2E_PASSWORD')) => {\n"
            "  cy.session([email], () => {\n    cy.visit('/login');\n    cy.get('input[name=email]').type(email);\n"
            "    cy.get('input[name=password]').type(password, { log: false });\n    cy.get('button[type=submit]').click();\n"
            "    cy.url().should('include', '/dashboard');\n  });\n});\n")


def playwright_login(s):
    return ("import { test as setup, expect } from '@playwright/test';\n\nconst authFile = 'playwright/.auth/user.json';\n\n"
            "setup('authenticate', async ({ page }) => {\n  await page.goto('/login');\n"
            "  await page.getByLabel('Email').fill(process.env.E2E_EMAIL!);\n"
            "  await page.getByLabel('Password').fill(process.env.E2E_PASSWORD!);\n"
            "  await page.getByRole('button', { name: 'Sign in' }).click();\n"
            "  await expect(page.getByText('Welcome back')).toBeVisible();\n  await page.context().storageState({ path: authFile });\n});\n")


def playwright_run(s):
    return ("Running 14 tests using 2 workers\n\n  \u2713  1 [setup] \u203a auth.setup.ts:5:6 \u203a authenticate (2.1s)\n"
            "  \u2713  2 [chromium] \u203a login.spec.ts:12:5 \u203a shows an error for a wrong password (880ms)\n"
            "  \u2713  3 [chromium] \u203a login.spec.ts:24:5 \u203a locks the account after 5 failed attempts (3.4s)\n"
            "  \u2713  4 [chromium] \u203a reset.spec.ts:8:5 \u203a sends a password reset link (1.2s)\n"
            f"  \u2718  5 [chromium] \u203a token.spec.ts:31:5 \u203a refreshes an expired access token (5.0s)\n\n"
            "    Error: expect(received).toBe(expected)\n    Expected: 200\n    Received: 401\n\n"
            f"    attachment #1: trace (application/zip) test-results/token-refresh-chromium/trace-{sha(s, 8)}.zip\n"
            "  1 failed\n  13 passed (18.4s)\n")


def e2e_pos(s):
    pw = _human(s + "e2e")
    return ("  it('logs in as the demo admin', () => {\n    cy.visit('/login');\n"
            "    cy.get('input[name=email]').type('ana.lima@acme.io');\n"
            f"    cy.get('input[name=password]').type('{pw}');\n    cy.get('button[type=submit]').click();\n"
            "    cy.contains('Dashboard');\n  });\n"), (pw,)


# Y. api gateway key listings
def apigw_keys(s):
    return json.dumps({"items": [{"id": gen(s + str(i), 10, LOWER36), "name": n, "customerId": "", "enabled": True,
                                  "createdDate": "2026-01-15T10:22:31+00:00", "lastUpdatedDate": "2026-01-15T10:22:31+00:00",
                                  "stageKeys": [f"{gen(s + 'api', 10, LOWER36)}/prod"]}
                                 for i, n in enumerate(("partner-acme-retail", "mobile-app", "internal-cron"))]}, indent=4)


def apigw_usage(s):
    return json.dumps({"usagePlanId": gen(s + "up", 6, LOWER36), "startDate": "2026-01-01", "endDate": "2026-01-15",
                       "items": {gen(s + "k", 10, LOWER36): [[1200, 98800], [1530, 97270], [40, 97230]]},
                       "position": None}, indent=4)


def apigw_pos(s):
    val = gen(s + "val", 40, B62)
    return json.dumps({"id": gen(s, 10, LOWER36), "value": val, "name": "partner-acme-retail", "enabled": True,
                       "createdDate": "2026-01-15T10:22:31+00:00", "stageKeys": []}, indent=4), (val,)


# Z. sealed secret manifests (ciphertext to the controller's public key: made to be committed)
def sealed_secret(s):
    return ("apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  creationTimestamp: null\n"
            "  name: db-credentials\n  namespace: prod\nspec:\n  encryptedData:\n"
            f"    password: Ag{_b64bytes(s + 'p', 60)}{_b64bytes(s + 'p2', 60)}{_b64bytes(s + 'p3', 60)}\n"
            f"    username: Ag{_b64bytes(s + 'u', 60)}{_b64bytes(s + 'u2', 60)}\n  template:\n    metadata:\n"
            "      creationTimestamp: null\n      name: db-credentials\n      namespace: prod\n    type: Opaque\n")


def kubeseal_cert(s):
    return ("$ kubeseal --fetch-cert --controller-namespace kube-system > pub-sealed-secrets.pem\n"
            "$ kubectl -n kube-system get secret -l sealedsecrets.bitnami.com/sealed-secrets-key\n"
            f"NAME                      TYPE                DATA   AGE\nsealed-secrets-key{gen(s, 5, LOWER36)}   kubernetes.io/tls   2      187d\n"
            "$ kubeseal --validate < sealed-db.yaml && echo ok\nok\n")


# AA. external secrets operator resources
def external_secret(s):
    return ("apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: api-secrets\n  namespace: prod\n"
            "spec:\n  refreshInterval: 1h\n  secretStoreRef:\n    name: aws-secrets-manager\n    kind: ClusterSecretStore\n"
            "  target:\n    name: api-secrets\n    creationPolicy: Owner\n  data:\n    - secretKey: DATABASE_PASSWORD\n"
            "      remoteRef:\n        key: prod/api/db\n        property: password\n    - secretKey: STRIPE_SECRET_KEY\n"
            "      remoteRef:\n        key: prod/api/stripe\n        property: secret_key\n        version: AWSCURRENT\n")


def es_status(s):
    return ("NAMESPACE   NAME          STORE                 REFRESH INTERVAL   STATUS         READY\n"
            "prod        api-secrets   aws-secrets-manager   1h                 SecretSynced   True\n"
            "prod        jwt-keys      vault-backend         15m                SecretSynced   True\n"
            "staging     api-secrets   aws-secrets-manager   1h                 SecretSyncedError   False\n\n"
            "Events:\n  Type     Reason        Age   From              Message\n"
            "  Warning  UpdateFailed  2m    external-secrets  could not get secret data from provider: "
            "key \"staging/api/stripe\" not found (version AWSCURRENT)\n")


def secret_store(s):
    return ("apiVersion: external-secrets.io/v1beta1\nkind: ClusterSecretStore\nmetadata:\n  name: vault-backend\nspec:\n"
            "  provider:\n    vault:\n      server: \"https://vault.acme.io:8200\"\n      path: \"secret\"\n      version: \"v2\"\n"
            "      auth:\n        kubernetes:\n          mountPath: \"kubernetes\"\n          role: \"external-secrets\"\n"
            "          serviceAccountRef:\n            name: external-secrets\n            namespace: external-secrets\n")


# AB. secret reference templates (op, doppler, infisical)
def op_env_tpl(s):
    return ("# .env.tpl - resolved at run time by `op run --env-file=.env.tpl -- npm start`\n"
            "DATABASE_URL=\"op://Acme Prod/postgres-main/connection string\"\n"
            "STRIPE_SECRET_KEY=op://Acme Prod/Stripe/secret key\n"
            "SESSION_SECRET={{ op://Acme Prod/web-session/password }}\n"
            f"SENTRY_RELEASE={sha(s, 12)}\nLOG_LEVEL=info\n")


def doppler_names(s):
    return ("\u250c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2510\n"
            "\u2502 NAME                \u2502\n\u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2524\n"
            "\u2502 DATABASE_PASSWORD   \u2502\n\u2502 DOPPLER_CONFIG      \u2502\n\u2502 DOPPLER_ENVIRONMENT \u2502\n"
            "\u2502 DOPPLER_PROJECT     \u2502\n\u2502 JWT_SIGNING_SECRET  \u2502\n\u2502 STRIPE_SECRET_KEY   \u2502\n"
            "\u2514\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2518\n")


def infisical_yaml(s):
    return ("# .infisical.json\n" + json.dumps({"workspaceId": uuid_of(s + "ws"), "defaultEnvironment": "dev",
                                                "gitBranchToEnvironmentMapping": {"main": "prod", "develop": "staging"}}, indent=4)
            + "\n\n# Makefile\ndev:\n\tinfisical run --env=dev --path=/api -- uvicorn app.main:app --reload\n"
            "secrets-check:\n\tinfisical secrets --env=prod --path=/api --plain --silent | cut -d= -f1\n")


def op_inject_pos(s):
    pw = _human(s + "op")
    key = "sk_live_" + gen(s + "sk", 99, B62)
    return (f"DATABASE_URL=\"postgres://api:{pw}@db.acme.internal:5432/api\"\nSTRIPE_SECRET_KEY={key}\n"
            f"SENTRY_RELEASE={sha(s, 12)}\nLOG_LEVEL=info\n"), (pw, key)


# AC. identity server realm exports
def keycloak_masked(s):
    return json.dumps({"realm": "acme", "enabled": True, "sslRequired": "external", "bruteForceProtected": True,
                       "passwordPolicy": "length(12) and digits(1) and notUsername(undefined) and passwordHistory(5)",
                       "clients": [{"clientId": "acme-web", "id": uuid_of(s + "c1"), "publicClient": True,
                                    "redirectUris": ["https://app.acme.io/*"]},
                                   {"clientId": "acme-backend", "id": uuid_of(s + "c2"), "publicClient": False,
                                    "clientAuthenticatorType": "client-secret", "secret": "**********",
                                    "serviceAccountsEnabled": True}],
                       "smtpServer": {"host": "smtp.acme.io", "port": "587", "auth": "true", "user": "keycloak",
                                      "password": "**********", "starttls": "true"},
                       "keys": {"active": {"RS256": gen(s + "kid", 43, B64URL)}}}, indent=2)


def keycloak_keys(s):
    return json.dumps({"active": {"HS512": uuid_of(s + "hs"), "RS256": gen(s + "rs", 43, B64URL), "AES": uuid_of(s + "aes")},
                       "keys": [{"algorithm": "RS256", "type": "RSA", "kid": gen(s + "rs", 43, B64URL),
                                 "providerId": uuid_of(s + "p"), "providerPriority": 100, "status": "ACTIVE",
                                 "publicKey": "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + _b64bytes(s + "pk", 60)
                                 + _b64bytes(s + "pk2", 60) + "IDAQAB", "use": "SIG"},
                                {"algorithm": "HS512", "type": "OCT", "kid": uuid_of(s + "hs"), "providerPriority": 100,
                                 "status": "ACTIVE", "use": "SIG"}]}, indent=2)


def keycloak_pos(s):
    secret = gen(s + "kcs", 32, B62)
    return json.dumps({"clientId": "acme-backend", "id": uuid_of(s + "c2"), "enabled": True,
                       "clientAuthenticatorType": "client-secret", "secret": secret, "publicClient": False,
                       "serviceAccountsEnabled": True, "redirectUris": []}, indent=2), (secret,)


# AD. age key files and recipients
def age_recipients(s):
    return ("# .sops.yaml\ncreation_rules:\n  - path_regex: secrets/prod/.*\\.yaml$\n"
            f"    age: >-\n      age1{gen(s + 'r1', 58, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')},\n"
            f"      age1{gen(s + 'r2', 58, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}\n"
            "  - path_regex: secrets/dev/.*\\.yaml$\n"
            f"    age: age1{gen(s + 'r3', 58, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}\n")


def age_keygen_y(s):
    return (f"$ age-keygen -y ~/.config/sops/age/keys.txt\nage1{gen(s + 'r1', 58, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}\n"
            "$ ls -l ~/.config/sops/age/\n-rw------- 1 ana ana 189 Jan 15 10:22 keys.txt\n"
            "$ sops --decrypt --extract '[\"db\"][\"password\"]' secrets/prod/api.yaml | wc -c\n33\n")


def age_armor(s):
    body = "\n".join(_b64bytes(s + str(i), 48) for i in range(4))
    return ("$ age -r age1" + gen(s + "r", 58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l") + " -a backup.sql > backup.sql.age\n"
            "$ head -c 400 backup.sql.age\n-----BEGIN AGE ENCRYPTED FILE-----\n" + body + "\n")


def age_pos(s):
    key = "AGE-SECRET-KEY-1" + gen(s + "agesk", 58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")
    pub = "age1" + gen(s + "agepk", 58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l")
    return f"# created: 2026-01-15T10:22:31Z\n# public key: {pub}\n{key}\n", (key,)


# AE. cert-manager resources
def certmgr_list(s):
    return ("NAMESPACE   NAME            READY   SECRET              AGE\n"
            "prod        api-acme-io     True    api-acme-io-tls     41d\n"
            "prod        auth-acme-io    True    auth-acme-io-tls    41d\n"
            "staging     api-acme-io     False   api-acme-io-tls     3m\n\n"
            "$ kubectl get certificaterequests -n staging\n"
            f"NAME                  APPROVED   DENIED   READY   ISSUER             REQUESTOR                                         AGE\n"
            f"api-acme-io-{_digits(s, 1)}         True                False   letsencrypt-prod   system:serviceaccount:cert-manager:cert-manager   3m\n")


def certmgr_issuer(s):
    return ("apiVersion: cert-manager.io/v1\nkind: ClusterIssuer\nmetadata:\n  name: letsencrypt-prod\nspec:\n  acme:\n"
            "    server: https://acme-v02.api.letsencrypt.org/directory\n    email: ops@acme.io\n"
            "    privateKeySecretRef:\n      name: letsencrypt-prod-account-key\n    solvers:\n      - dns01:\n"
            "          cloudflare:\n            apiTokenSecretRef:\n              name: cloudflare-api-token\n"
            "              key: api-token\n")


def certmgr_describe(s):
    return ("Name:         api-acme-io\nNamespace:    prod\nAPI Version:  cert-manager.io/v1\nKind:         Certificate\nSpec:\n"
            "  Dns Names:\n    api.acme.io\n  Issuer Ref:\n    Kind:  ClusterIssuer\n    Name:  letsencrypt-prod\n"
            "  Private Key:\n    Algorithm:        ECDSA\n    Rotation Policy:  Always\n    Size:             256\n"
            "  Secret Name:        api-acme-io-tls\nStatus:\n  Not After:     2026-03-15T09:14:02Z\n"
            "  Not Before:    2025-12-15T09:14:03Z\n  Renewal Time:  2026-02-13T09:14:02Z\n  Revision:      4\n"
            f"Events:\n  Normal  Issuing  12m  cert-manager-certificates-issuing  The certificate has been successfully issued\n"
            f"  Normal  Requested 13m cert-manager-certificates-request-manager  Created new CertificateRequest resource \"api-acme-io-{_digits(s, 1)}\"\n")


# AF. feature flag sdk setup (a client-side id is sent to every browser; the server sdk key is a secret)
def ld_client(s):
    return ("import { asyncWithLDProvider } from 'launchdarkly-react-client-sdk';\n\n"
            "// client-side ID: public by design, it ships in the bundle\n"
            f"const LD_CLIENT_SIDE_ID = '{gen(s + 'ld', 24, HEX)}';\n\n"
            "const LDProvider = await asyncWithLDProvider({\n  clientSideID: LD_CLIENT_SIDE_ID,\n"
            "  context: { kind: 'user', key: user.id, anonymous: !user.id },\n"
            "  options: { bootstrap: 'localStorage', sendEventsOnlyForVariation: true },\n});\n")


def ld_server(s):
    return ("import ldclient\nfrom ldclient.config import Config\n\n"
            "ldclient.set_config(Config(os.environ[\"LAUNCHDARKLY_SDK_KEY\"], offline=settings.TESTING))\n"
            "client = ldclient.get()\n\n\ndef new_login_flow(user) -> bool:\n"
            "    ctx = Context.builder(str(user.id)).kind(\"user\").set(\"plan\", user.plan).build()\n"
            "    return client.variation(\"new-password-reset-flow\", ctx, False)\n")


def flag_log(s):
    return (f"[LaunchDarkly] LaunchDarkly client initialized (env {gen(s + 'env', 24, HEX)})\n"
            "[LaunchDarkly] Opening stream connection to https://clientstream.launchdarkly.com/eval/"
            f"{gen(s + 'env', 24, HEX)}/{_b64bytes(s + 'ctx', 36).replace('/', '_').replace('+', '-')}\n"
            "[unleash] fetched 42 toggles, etag W/\"" + sha(s + "etag", 16) + "\"\n"
            "flag new-password-reset-flow => true (rule 2, variation 0)\n")


def ld_pos(s):
    key = "sdk-" + uuid_of(s + "sdk")
    return (f"LAUNCHDARKLY_SDK_KEY={key}\nLAUNCHDARKLY_CLIENT_SIDE_ID={gen(s + 'ld', 24, HEX)}\nFEATURE_FLAGS_OFFLINE=false\n"), (key,)


# AG. analytics snippets (write keys / project tokens are embedded in every page: public by design)
def segment_snippet(s):
    return ("<script>\n  !function(){var i=\"analytics\",analytics=window[i]=window[i]||[];if(!analytics.initialize)"
            "if(analytics.invoked)window.console&&console.error&&console.error(\"Segment snippet included twice.\");"
            "else{analytics.invoked=!0;analytics.methods=[\"trackSubmit\",\"trackClick\",\"identify\",\"track\"];"
            f"analytics._writeKey=\"{gen(s + 'seg', 32, B62)}\";analytics.SNIPPET_VERSION=\"5.2.0\";"
            f"analytics.load(\"{gen(s + 'seg', 32, B62)}\");analytics.page();}}}}();\n</script>\n")


def posthog_init(s):
    return ("import posthog from 'posthog-js'\n\n// project API key: write-only, safe to expose in the frontend\n"
            f"posthog.init('phc_{gen(s + 'phc', 43, B62)}', {{\n  api_host: 'https://eu.i.posthog.com',\n"
            "  person_profiles: 'identified_only',\n  mask_all_text: true,\n  session_recording: { maskAllInputs: true },\n})\n"
            f"mixpanel.init('{gen(s + 'mp', 32, HEX)}', {{ track_pageview: true, persistence: 'localStorage' }});\n"
            "gtag('config', 'G-" + gen(s + "ga", 10, UPPER_DIGITS) + "', { anonymize_ip: true });\n")


def analytics_network(s):
    return (f"POST https://api.segment.io/v1/t 200 (12 ms)\n  writeKey: {gen(s + 'seg', 32, B62)}\n"
            f"  anonymousId: {uuid_of(s + 'anon')}\n  messageId: ajs-next-{sha(s + 'm', 32)}\n"
            f"  event: \"Password Reset Requested\"\nPOST https://eu.i.posthog.com/e/?ip=1&_={1768468951118 + int(sha(s, 3), 16)}&ver=1.203.1 200\n")


def posthog_pos(s):
    key = "phx_" + gen(s + "phx", 47, B62)
    return ("import requests\n\n# personal API key for the export job\n"
            f"POSTHOG_PERSONAL_KEY = \"{key}\"\n\nr = requests.get(\"https://eu.posthog.com/api/projects/@current/insights/\",\n"
            "                 headers={\"Authorization\": f\"Bearer {POSTHOG_PERSONAL_KEY}\"})\n"), (key,)


# AH. captcha site keys and verification (the site key is in every page; the secret stays on the server)
def recaptcha_html(s):
    return ("<script src=\"https://www.google.com/recaptcha/api.js\" async defer></script>\n"
            "<form action=\"/signup\" method=\"POST\">\n  <input name=\"email\" type=\"email\">\n"
            "  <input name=\"password\" type=\"password\" minlength=\"12\">\n"
            f"  <div class=\"g-recaptcha\" data-sitekey=\"6L{gen(s + 'site', 38, B64URL)}\"></div>\n"
            "  <button>Create account</button>\n</form>\n")


def captcha_verify(s):
    return ("async function verifyCaptcha(token, remoteip) {\n"
            "  const body = new URLSearchParams({ secret: process.env.HCAPTCHA_SECRET, response: token, remoteip,\n"
            f"    sitekey: '{uuid_of(s + 'hc')}' }});\n"
            "  const res = await fetch('https://api.hcaptcha.com/siteverify', { method: 'POST', body });\n"
            "  const data = await res.json();\n  return data.success && data.score < 0.7;\n}\n")


def turnstile_resp(s):
    return json.dumps({"success": True, "challenge_ts": "2026-01-15T10:22:31.118Z", "hostname": "app.acme.io",
                       "error-codes": [], "action": "login", "cdata": "signup-form-v2",
                       "metadata": {"ephemeral_id": "x:" + gen(s + "eph", 22, HEX)}}, indent=2)


def recaptcha_pos(s):
    secret = "6L" + gen(s + "sec", 38, B64URL)
    return ("RECAPTCHA_SITE_KEY = \"6L" + gen(s + "site", 38, B64URL) + "\"\n"
            f"RECAPTCHA_SECRET_KEY = \"{secret}\"\nRECAPTCHA_REQUIRED_SCORE = 0.85\n"), (secret,)


# AI. rails encrypted credentials sessions (credentials.yml.enc is ciphertext, committed by design)
def rails_enc(s):
    return (f"{_b64bytes(s + 'c1', 64)}{_b64bytes(s + 'c2', 64)}{_b64bytes(s + 'c3', 40)}--{_b64bytes(s + 'iv', 12)}"
            f"--{_b64bytes(s + 'tag', 16)}")


def rails_edit(s):
    return ("$ EDITOR=\"code --wait\" bin/rails credentials:edit --environment production\n"
            "File encrypted and saved.\n$ git status --short\n M config/credentials/production.yml.enc\n"
            "$ git check-ignore -v config/credentials/production.key\n.gitignore:14:/config/credentials/production.key\t"
            "config/credentials/production.key\n$ bin/rails credentials:diff --enroll\nEnrolled project in credentials file diffing "
            "in .gitattributes.\n")


def rails_diff(s):
    return ("diff --git a/config/credentials/production.yml.enc b/config/credentials/production.yml.enc\n"
            f"index {sha(s + 'a', 7)}..{sha(s + 'b', 7)} 100644\n--- a/config/credentials/production.yml.enc\n"
            f"+++ b/config/credentials/production.yml.enc\n@@ -1 +1 @@\n-{rails_enc(s + 'old')}\n\\ No newline at end of file\n"
            f"+{rails_enc(s + 'new')}\n\\ No newline at end of file\n")


def rails_show_pos(s):
    base = gen(s + "skb", 128, HEX)
    pw = _human(s + "smtp")
    return ("# aws:\n#   access_key_id: 123\n#   secret_access_key: 345\n\n"
            f"secret_key_base: {base}\nsmtp:\n  user_name: postmaster@mg.acme.io\n  password: {pw}\n"), (base, pw)


# ---------------------------------------------------------------------------------------------
ASK = prompt("is anything in this sensitive? it's what I got back")
WHY = prompt("why is this failing? output below")
R = result

# (family, [(negative template, its carriers)], [(positive template, its carriers)], number of positives)
FAMILIES = [
    ("aws sts identity and configure listings", [
        (aws_caller, [bash("aws sts get-caller-identity"), R, ASK]),
        (aws_configure_list, [bash("aws configure list --profile staging"), R]),
        (aws_assumed_identity, [bash("AWS_PROFILE=tf-apply aws sts get-caller-identity"), R]),
        (aws_access_keys, [bash("aws iam list-access-keys --user-name ci-deployer"), ASK])],
     [(aws_assume_role_pos, [bash("aws sts assume-role --role-arn arn:aws:iam::123456789012:role/Deployer "
                                  "--role-session-name deploy"), R, ASK])], 3),
    ("gcloud auth and config listings", [
        (gcloud_auth_list, [bash("gcloud auth list && gcloud config list"), R]),
        (gcloud_token_info, [bash("curl -s \"https://oauth2.googleapis.com/tokeninfo?access_token="
                                  "$(gcloud auth print-access-token)\""), R, ASK]),
        (gcloud_adc, [bash("gcloud auth application-default login --no-launch-browser"), WHY])],
     [(gcloud_print_token_pos, [bash("gcloud auth print-access-token"), R])], 2),
    ("gh auth status output", [
        (gh_auth_status, [bash("gh auth status"), R]),
        (gh_auth_status_enterprise, [bash("gh auth status"), WHY]),
        (gh_ssh_keys, [bash("gh ssh-key list"), R]),
        (gh_secret_list, [bash("gh secret list && gh variable list"), ASK])],
     [(gh_auth_token_pos, [bash("gh auth status --show-token"), R])], 2),
    ("kubectl secret name listings", [
        (kubectl_get_secrets, [bash("kubectl -n prod get secrets"), R, ASK]),
        (kubectl_get_secret_names, [R, bash("kubectl -n prod get secret db-credentials -o jsonpath='{.data}' | jq 'keys'")])],
     [], 0),
    ("npm config listings with protected tokens", [
        (npm_config_list, [bash("npm config list"), R, WHY]),
        (npm_whoami, [bash("npm whoami && npm profile get && npm access list packages @acme"), R])],
     [(npm_config_get_pos, [bash("npm config get //registry.npmjs.org/:_authToken"), R])], 2),
    ("certbot certificate listings", [
        (certbot_certs, [bash("sudo certbot certificates"), R, ASK]),
        (certbot_renew, [bash("sudo certbot renew --dry-run"), R])],
     [], 0),
    ("password reset and token refresh code", [
        (reset_flow_py, [write("/home/dev/app/accounts/reset.py"), read("/home/dev/app/accounts/reset.py")]),
        (refresh_flow_ts, [read("/home/dev/app/src/auth/refresh.ts"), R]),
        (reset_flow_go, [edit("/home/dev/app/internal/auth/reset.go", "\treturn nil\n}"), read("/home/dev/app/internal/auth/reset.go")]),
        (reset_tests, [write("/home/dev/app/accounts/tests/test_reset.py"), R])],
     [(refresh_pos, [write("/home/dev/app/app/auth/refresh.py"), read("/home/dev/app/app/auth/refresh.py"),
                     edit("/home/dev/app/app/auth/refresh.py", "def refresh():\n    pass")])], 3),
    ("webhook signature verification handlers", [
        (webhook_verify_node, [write("/home/dev/app/src/middleware/verifyGithub.js"), R]),
        (webhook_verify_py, [read("/home/dev/app/app/routes/stripe.py"), R]),
        (webhook_log, [bash("kubectl -n prod logs deploy/webhooks --since=10m | grep -i signature"), WHY]),
        (webhook_test_vector, [write("/home/dev/app/tests/test_webhooks.py"), read("/home/dev/app/tests/test_webhooks.py")])],
     [(webhook_pos, [write("/home/dev/app/webhook.py"), read("/home/dev/app/webhook.py"), ASK])], 3),
    ("csrf middleware and cookie settings", [
        (django_security_settings, [edit("/home/dev/app/config/settings/prod.py", "DEBUG = False"),
                                    read("/home/dev/app/config/settings/prod.py")]),
        (express_session, [read("/home/dev/app/src/app.js"), R]),
        (csrf_html, [bash("curl -s -b cookies.txt https://staging.acme.io/account/password | sed -n '40,52p'"), R])],
     [(django_secret_pos, [read("/home/dev/app/mysite/settings.py"), bash("head -30 mysite/settings.py"),
                           write("/home/dev/app/mysite/settings.py")])], 3),
    ("cache and rate-limit key builders", [
        (cache_keys_py, [write("/home/dev/app/core/cache.py"), R]),
        (redis_scan, [bash("redis-cli --scan --count 1000 | head -7"), R]),
        (throttle_conf, [read("/home/dev/app/config/settings/base.py"), R])],
     [], 0),
    ("gettext catalogs of sign-in screens", [
        (po_catalog, [read("/home/dev/app/locale/LC_MESSAGES/django.po"), write("/home/dev/app/locale/LC_MESSAGES/django.po"), R]),
        (po_stats, [bash("msgfmt --statistics -o /dev/null locale/de/LC_MESSAGES/django.po"), R])],
     [], 0),
    ("terraform provider lock files", [
        (tf_lock, [read("/home/dev/app/infra/.terraform.lock.hcl"), R,
                   edit("/home/dev/app/infra/.terraform.lock.hcl", "# Manual edits may be lost in future updates.\n")]),
        (tf_init_log, [bash("terraform init -upgrade && terraform providers lock -platform=linux_amd64"), R])],
     [], 0),
    ("gradle dependency verification metadata", [
        (gradle_verification, [read("/home/dev/app/gradle/verification-metadata.xml"), R]),
        (gradle_verify_fail, [bash("./gradlew build"), WHY, R])],
     [], 0),
    ("gemfile lock checksums", [
        (gemfile_lock, [read("/home/dev/app/Gemfile.lock"), write("/home/dev/app/Gemfile.lock"), R]),
        (bundle_install, [bash("bundle install && gem fetch jwt -v 2.9.3 && sha256sum jwt-2.9.3.gem"), R])],
     [], 0),
    ("twilio message resources", [
        (twilio_message, [bash("twilio api:core:messages:create --from +15017122661 --to +15558675310 --body test -o json"), R, ASK]),
        (twilio_verify, [bash("curl -s -X POST \"https://verify.twilio.com/v2/Services/$VERIFY_SID/Verifications\" "
                              "-d To=+15558675310 -d Channel=sms -u \"$TWILIO_ACCOUNT_SID:$TWILIO_AUTH_TOKEN\""), R])],
     [(twilio_pos, [lambda t, sd: bash_event(t, "{\"sid\": \"SM" + gen(sd, 32, HEX) + "\", \"status\": \"queued\"}", sd),
                    prompt("this curl works, can you turn it into a python function?"), R])], 3),
    ("s3 object urls and presigned links", [
        (s3_urls, [bash("aws s3 cp dist/app.tar.gz s3://acme-artifacts/releases/ && aws s3api head-object "
                        "--bucket acme-artifacts --key releases/app.tar.gz"), R, ASK]),
        (s3_access_log, [bash("aws s3 cp s3://acme-logs/s3-access/2026-01-15-10-22-31-3C1F9A0B2D4E5F60 - | head -1"), R])],
     [(presigned_pos, [bash("aws s3 presign s3://acme-artifacts/exports/report.csv --expires-in 604800"),
                       prompt("send this link to the client? it's for the report"), R])], 3),
    ("jest snapshot files", [
        (jest_snapshot, [read("/home/dev/app/src/auth/__tests__/__snapshots__/LoginForm.test.tsx.snap"),
                         write("/home/dev/app/src/auth/__tests__/__snapshots__/LoginForm.test.tsx.snap"), R]),
        (jest_run, [bash("npx jest src/auth --ci -u"), R])],
     [], 0),
    ("docker credential helper outputs", [
        (docker_cred_list, [bash("docker-credential-desktop list"), R]),
        (docker_config, [bash("cat ~/.docker/config.json"), read("/home/dev/.docker/config.json")]),
        (docker_login_out, [bash("echo \"$GHCR_TOKEN\" | docker login ghcr.io -u ana-lima --password-stdin && "
                                 "docker push ghcr.io/acme/api:latest"), ASK])],
     [(docker_cred_pos, [bash("echo https://index.docker.io/v1/ | docker-credential-desktop get"), R])], 3),
    ("mfa and security key listings", [
        (mfa_list, [bash("aws iam list-mfa-devices --user-name ana.lima"), R]),
        (ykman_info, [bash("ykman info && ykman oath accounts list && ykman fido credentials list"), R]),
        (mfa_enrol_page, [read("/home/dev/app/templates/mfa/setup.html"), write("/home/dev/app/templates/mfa/setup.html")])],
     [(mfa_pos, [bash("aws iam create-virtual-mfa-device --virtual-mfa-device-name ci-breakglass "
                      "--outfile /dev/stdout --bootstrap-method Base32StringSeed"), R])], 2),
    ("identity provider app listings", [
        (auth0_apps, [bash("auth0 apps list"), R]),
        (okta_apps, [bash("okta apps list -o json"), R]),
        (auth0_show_masked, [bash("auth0 apps show " + gen("b15b-a0", 32, B62)), ASK])],
     [(auth0_pos, [bash("auth0 apps show " + gen("b15b-a0", 32, B62) + " --reveal-secrets"), R, ASK])], 3),
    ("secret generation code", [
        (gen_code, [write("/home/dev/app/app/keys.py"), read("/home/dev/app/app/keys.py")]),
        (gen_readme, [read("/home/dev/app/README.md"), edit("/home/dev/app/README.md", "## Generating secrets\n")]),
        (gen_rust, [write("/home/dev/app/src/csrf.rs"), R])],
     [(gen_repl_pos, [R, prompt("I generated this key in the REPL, where should it go?")])], 2),
    ("framework security check warnings", [
        (django_check, [bash("python manage.py check --deploy"), R, WHY]),
        (rails_warn, [bash("docker compose logs web | tail -20"), WHY])],
     [(spring_warn_pos, [bash("./mvnw spring-boot:run"), R])], 2),
    ("load test scripts logging in", [
        (k6_script, [write("/home/dev/app/loadtest/login.js"), read("/home/dev/app/loadtest/login.js")]),
        (locust_file, [read("/home/dev/app/loadtest/locustfile.py"), R]),
        (k6_output, [bash("k6 run -e BASE_URL=https://staging.acme.io loadtest/login.js"), R])],
     [(k6_pos, [write("/home/dev/app/loadtest/login.js"), read("/home/dev/app/loadtest/login.js"),
                edit("/home/dev/app/loadtest/login.js", "export function setup() {}")])], 3),
    ("browser end-to-end login tests", [
        (cypress_login, [write("/home/dev/app/cypress/support/commands.ts"), R]),
        (playwright_login, [read("/home/dev/app/e2e/auth.setup.ts"), R]),
        (playwright_run, [bash("npx playwright test --reporter=list"), WHY])],
     [(e2e_pos, [write("/home/dev/app/cypress/e2e/admin.cy.ts"), read("/home/dev/app/cypress/e2e/admin.cy.ts"),
                 edit("/home/dev/app/cypress/e2e/admin.cy.ts", "  it.skip('logs in')")])], 3),
    ("api gateway key listings", [
        (apigw_keys, [bash("aws apigateway get-api-keys"), R, ASK]),
        (apigw_usage, [bash("aws apigateway get-usage --usage-plan-id abc123 --start-date 2026-01-01 --end-date 2026-01-15"), R])],
     [(apigw_pos, [bash("aws apigateway get-api-key --api-key abc123defg --include-value"), R])], 2),
    ("sealed secret manifests", [
        (sealed_secret, [write("/home/dev/app/k8s/prod/sealed-db.yaml"), bash("kubeseal --format yaml < /tmp/db-secret.yaml"),
                         read("/home/dev/app/k8s/prod/sealed-db.yaml")]),
        (kubeseal_cert, [R, ASK])],
     [], 0),
    ("external secrets operator resources", [
        (external_secret, [write("/home/dev/app/k8s/prod/external-secret.yaml"), R]),
        (es_status, [bash("kubectl get externalsecrets -A && kubectl -n staging describe externalsecret api-secrets"), WHY]),
        (secret_store, [read("/home/dev/app/k8s/cluster/secret-store.yaml"), R])],
     [], 0),
    ("secret reference templates", [
        (op_env_tpl, [read("/home/dev/app/.env.tpl"), write("/home/dev/app/.env.tpl")]),
        (doppler_names, [bash("doppler secrets --only-names"), R]),
        (infisical_yaml, [read("/home/dev/app/.infisical.json"), R])],
     [(op_inject_pos, [bash("op inject -i .env.tpl -o .env && cat .env"), read("/home/dev/app/.env"), ASK])], 3),
    ("identity server realm exports", [
        (keycloak_masked, [read("/home/dev/app/keycloak/realm-export.json"), R, ASK]),
        (keycloak_keys, [bash("kcadm.sh get keys -r acme"), R])],
     [(keycloak_pos, [bash("kcadm.sh get clients/" + uuid_of("b15b-kc") + " -r acme"),
                      read("/home/dev/app/keycloak/clients/acme-backend.json"), R])], 3),
    ("age key files and recipients", [
        (age_recipients, [read("/home/dev/app/.sops.yaml"), write("/home/dev/app/.sops.yaml")]),
        (age_keygen_y, [R, ASK]),
        (age_armor, [R, WHY])],
     [(age_pos, [bash("cat ~/.config/sops/age/keys.txt"), bash("age-keygen"), R])], 3),
    ("cert-manager resources", [
        (certmgr_list, [bash("kubectl get certificates -A && kubectl get certificaterequests -n staging"), R]),
        (certmgr_issuer, [read("/home/dev/app/k8s/cluster/issuer.yaml"), write("/home/dev/app/k8s/cluster/issuer.yaml")]),
        (certmgr_describe, [bash("kubectl -n prod describe certificate api-acme-io"), R])],
     [], 0),
    ("feature flag sdk setup", [
        (ld_client, [write("/home/dev/app/src/flags.tsx"), read("/home/dev/app/src/flags.tsx")]),
        (ld_server, [read("/home/dev/app/app/flags.py"), R]),
        (flag_log, [bash("npm run dev 2>&1 | grep -i -E 'launchdarkly|unleash|flag'"), WHY])],
     [(ld_pos, [read("/home/dev/app/.env.production"), bash("cat .env.production"), R])], 3),
    ("analytics snippets with public project keys", [
        (segment_snippet, [read("/home/dev/app/templates/base.html"), R]),
        (posthog_init, [write("/home/dev/app/src/analytics.ts"), read("/home/dev/app/src/analytics.ts")]),
        (analytics_network, [prompt("events aren't showing up in posthog, here's the network tab"), R])],
     [(posthog_pos, [write("/home/dev/app/jobs/export_insights.py"), read("/home/dev/app/jobs/export_insights.py")])], 2),
    ("captcha site keys and verification", [
        (recaptcha_html, [read("/home/dev/app/templates/signup.html"), R]),
        (captcha_verify, [write("/home/dev/app/src/captcha.js"), R]),
        (turnstile_resp, [bash("curl -s -X POST https://challenges.cloudflare.com/turnstile/v0/siteverify "
                               "-d \"secret=$TURNSTILE_SECRET&response=$TOKEN\""), R])],
     [(recaptcha_pos, [read("/home/dev/app/config/captcha.py"), write("/home/dev/app/config/captcha.py"), R])], 3),
    ("rails encrypted credentials sessions", [
        (rails_enc, [read("/home/dev/app/config/credentials/production.yml.enc"), bash("cat config/credentials/production.yml.enc")]),
        (rails_edit, [bash("bin/rails credentials:edit --environment production"), R]),
        (rails_diff, [bash("git log -p -1 --no-textconv -- config/credentials/production.yml.enc"), R])],
     [(rails_show_pos, [bash("bin/rails credentials:show --environment production"), R])], 2),
]  # fmt: skip

NEGATIVES_PER_FAMILY = 11


def cases() -> list:
    out = []
    for name, negs, poss, n_pos in FAMILIES:
        for i in range(NEGATIVES_PER_FAMILY):
            seed = f"b15b-{name}-n{i}"
            template, carriers = negs[i % len(negs)]
            carrier = carriers[(i // len(negs)) % len(carriers)]
            text = template(seed)
            text, secrets = text if isinstance(text, tuple) else (text, ())  # (a relabelled one)
            out.append(Case(name, carrier(text, seed), secrets, realistic=True))
        for i in range(n_pos):
            seed = f"b15b-{name}-p{i}"
            template, carriers = poss[i % len(poss)]
            text, secrets = template(seed)
            value = carrier_value = carriers[i % len(carriers)](text, seed)
            assert all(x in json.dumps(carrier_value, ensure_ascii=False) for x in secrets), (name, i)
            out.append(Case(name, value, tuple(secrets), realistic=True))
    return out
