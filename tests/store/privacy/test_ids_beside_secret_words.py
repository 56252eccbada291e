"""Values that are not secrets though a secret word or a secret's shape stands beside them
(store/privacy/never.py): a value that marks itself as a documentation example, an id where
its place says so.  Each test keeps a real-shaped secret of the same place redacted."""

from store.privacy import find_secrets
from tests.privacy_eval import gen
from tests.store.privacy import overlapped

_UPPER32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"



def _aws_pair(seed: str, tail_id: str = "", tail_secret: str = "") -> tuple:
    """An access key id and a secret key of AWS's shapes (assembled here), ending in the tails."""
    key_id = "AKIA" + gen(seed + "-id", 16 - len(tail_id), _UPPER32) + tail_id
    secret = gen(seed + "-secret", 40 - len(tail_secret), _B64) + tail_secret
    return key_id, secret


def test_aws_documented_example_keys_are_kept():
    # the shape of AWS's documentation's examples, every one of them: ...EXAMPLE, ...EXAMPLEKEY
    for seed in ("doc-a", "doc-b", "doc-c"):
        key_id, secret = _aws_pair(seed, "EXAMPLE", "EXAMPLEKEY")
        for text in (f"AWS example credentials used in this guide: `{key_id}` / `{secret}`.",
                     f"[default]\naws_access_key_id = {key_id}\naws_secret_access_key = {secret}\n",
                     f"export AWS_ACCESS_KEY_ID={key_id}\nexport AWS_SECRET_ACCESS_KEY={secret}"):
            assert not overlapped(text, key_id) and not overlapped(text, secret), text


def test_a_provider_key_padded_after_its_example_mark_is_kept():
    for text in ("curl https://api.example.com/v1/charges \\\n  -u sk_" + "test_EXAMPLEKEY" + "0" * 16 + ":",
                 "STRIPE_SECRET_KEY=sk_" + "live_EXAMPLE" + "1" * 20):
        assert not find_secrets(text), text


def test_real_shaped_keys_beside_the_examples_stay_redacted():
    key_id, secret = _aws_pair("real")
    for text in (f"[default]\naws_access_key_id = {key_id}\naws_secret_access_key = {secret}\n",
                 f"AWS key {key_id} used", f"AWS_SECRET_ACCESS_KEY={secret}"):
        found = [text[s:e] for _, s, e in find_secrets(text)]
        assert all(any(v in f for f in found) for v in (key_id, secret) if v in text), (text, found)
    # the mark must end the value, in upper case, and a value short of a key's length is not one
    for value in ("AKIA" + gen("mid", 6, _UPPER32) + "EXAMPLE" + gen("mid2", 3, _UPPER32),
                  gen("low", 30) + "example" + gen("low2", 3)):
        text = f"aws_secret_access_key = {value}"
        assert find_secrets(text), text


def _values(seed: str) -> list:
    return [gen(seed + "-a", 24), gen(seed + "-b", 20), "q7" + gen(seed + "-c", 30)]


def _all_kept(template: str, seed: str) -> None:
    for v in _values(seed):
        text = template.format(v=v)
        assert not overlapped(text, v), (text, find_secrets(text))


def _all_redacted(template: str, seed: str) -> None:
    for v in _values(seed):
        text = template.format(v=v)
        assert overlapped(text, v), text


def test_a_key_id_named_in_parentheses_after_it_is_kept():
    for t in ("rotated key {v} (kid)", "signing key {v} (key id) is now active", "token `{v}` (key ID)",
              '"rotated secret {v} (version)\\n"'):
        _all_kept(t, "paren")
    for t in ("API_KEY={v} (rotated)", "export TOKEN={v} (expires in 1h)", "password = {v} (id of the admin)"):
        _all_redacted(t, "paren-secret")


def test_an_id_member_of_a_key_or_a_secret_is_kept():
    for t in ('{{"kid": "{v}", "token_type": "Bearer", "expires_in": 3600}}', '"secret_version": "{v}"',
              'key_version = "{v}"  # api key', 'token kid: {v}'):
        _all_kept(t, "kid")
    for t in ('{{"access_token": "{v}", "token_type": "Bearer"}}', '{{"client_secret": "{v}", "kid": "abc"}}'):
        _all_redacted(t, "kid-secret")


def test_a_lookup_argument_names_the_secret_it_reads():
    for t in ("aws secretsmanager get-secret-value --secret-id {v}", "aws kms decrypt --key-id {v} --ciphertext-blob x",
              "az keyvault secret show --vault-name kv --name {v}", "        secretKeyRef: {{name: {v}, key: password}}",
              "valueFrom:\n  secretKeyRef: {{key: token, name: {v}}}",
              "vault kv get secret/{v}", "vault read -field=password secret/data/{v}", "$ pass show {v}",
              "kubectl get secret {v} -o yaml", "kubectl describe secrets {v}", "keyring get my-service {v}",
              "gcloud secrets versions access 3 --secret={v}", "gcloud secrets describe {v}", "doppler secrets get {v} --plain",
              '{{"secret_ref": "{v}"}}', "password_ref: {v}", "  secretRef: {v}"):
        _all_kept(t, "lookup")
    for t in ("aws configure set aws_secret_access_key {v}", "vault login {v}", "mysql -u root --password {v}",
              "vault kv put secret/app password={v}", "docker login -p {v} registry.example.com",
              "kubectl create secret generic db --from-literal=password={v}",
              "vault-approle-login --role-id web --secret-id {v}", "gcloud secrets create db --data-file=- <<< {v}",
              "password: {v}  # ref ticket 42"):
        _all_redacted(t, "lookup-secret")


def test_a_reference_to_a_secret_store_is_kept():
    for t in ("DB_PASSWORD=op://prod/{v}/password", "password: op://Private/{v}/credential",
              "secret arn: arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/{v}",
              "SecretString ref: arn:aws:ssm:eu-west-1:123456789012:parameter/app/{v}"):
        _all_kept(t, "ref")
    _all_redacted("DB_PASSWORD=op-{v}", "ref-secret")


def test_a_value_under_a_comment_citing_an_rfc_test_vector_is_kept():
    for t in ('# RFC 8032, 7.1 TEST 1\nED25519_SECRET = "{v}"', "// RFC 4231 test case 2\nconst key = '{v}';",
              "    # RFC 6238, appendix B: the seed\n    TOTP_SECRET = b\"{v}\""):
        _all_kept(t, "rfc")
    for t in ('# RFC 8032 signing, see docs\nED25519_SECRET = "{v}"', '# test 1\nED25519_SECRET = "{v}"',
              '# RFC 8032, 7.1 TEST 1\nOTHER = 1\nED25519_SECRET = "{v}"'):
        _all_redacted(t, "rfc-secret")


def test_a_value_of_words_that_says_it_is_insecure_is_kept():
    for value in ("django-insecure-dev", "insecure-local-only", "dev_insecure_key"):
        for text in (f'- `SECRET_KEY` falls back to `"{value}"` when unset', f"SECRET_KEY = '{value}'"):
            assert not overlapped(text, value), (text, find_secrets(text))
    text = "SECRET_KEY = 'django-insecure-" + gen("dj", 50, "abcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*(-_=+)") + "'"
    assert find_secrets(text), text



def test_a_secret_printer_whose_selector_picks_only_metadata_prints_no_secret():
    from store.privacy.outputs import output_is_secret
    for command in ("az keyvault secret show --vault-name kv --name db-password --query '{id:id, name:name}'",
                    "az keyvault secret show --vault-name kv --name db-password --query id -o tsv",
                    "kubectl get secret db -o jsonpath='{.metadata.uid} {.metadata.resourceVersion}'",
                    "kubectl get secret db -o go-template='{{.metadata.creationTimestamp}}'",
                    "aws secretsmanager get-secret-value --secret-id prod/db --query VersionId --output text",
                    "gcloud secrets versions access latest --secret=db --format='value(name)'"):
        assert not output_is_secret(command), command
    for command in ("az keyvault secret show --vault-name kv --name db-password --query value -o tsv",
                    "kubectl get secret db -o jsonpath='{.data.password}'",
                    "kubectl get secret db -o jsonpath=\"{.data['tls\\.key']}\"",
                    "aws secretsmanager get-secret-value --secret-id prod/db --query SecretString --output text",
                    "aws secretsmanager get-secret-value --secret-id prod/db --query '[Name, SecretString]'",
                    "az keyvault secret show --vault-name kv --name db-password",
                    "kubectl get secret db -o yaml", "vault kv get -field=password secret/app"):
        assert output_is_secret(command), command
