"""Values that are not secrets though a secret word or a secret's shape stands beside them
(store/privacy/never.py): a value that marks itself as a documentation example, an id where
its place says so.  Each test keeps a real-shaped secret of the same place redacted."""

from store.privacy import find_secrets
from tests.privacy_eval import gen

_UPPER32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _kept(text: str, value: str) -> bool:
    return not any(s < text.index(value) + len(value) and text.index(value) < e for _, s, e in find_secrets(text))


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
            assert _kept(text, key_id) and _kept(text, secret), text


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
