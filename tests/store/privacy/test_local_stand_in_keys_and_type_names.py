"""A client pointed at a server on this machine is given a stand-in key: a lowercase word
(`OPENAI_API_KEY=lmstudio OPENAI_BASE_URL=http://127.0.0.1:1234/v1`), not a credential; and in an
error message, the quoted word before `object` is a value's type (`argument 'api_token': 'NoneType'
object cannot be converted`). A random key beside a local base URL stays a secret."""

import pytest

from store.privacy import clean_text, find_secrets


@pytest.mark.parametrize("text", [
    "export OPENAI_API_KEY=lmstudio OPENAI_BASE_URL=http://127.0.0.1:1234/v1\n",
    "ANTHROPIC_AUTH_TOKEN=vllm ANTHROPIC_BASE_URL=http://localhost:8000 claude -p hi\n",
    "TypeError: argument 'api_token': 'NoneType' object cannot be converted to 'PyString'\n",
    "ValueError: secret_key: 'bytearray' object is not valid here\n",
])  # fmt: skip
def test_a_local_stand_in_key_or_a_type_name_is_kept(text):
    assert find_secrets(text) == [], find_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("OPENAI_API_KEY=sk-proj-Qm4vT8zLx2Wb7Rn OPENAI_BASE_URL=http://localhost:4000\n", "sk-proj-Qm4vT8zLx2Wb7Rn"),
    ("ANTHROPIC_AUTH_TOKEN=Zq8mWx2Lr7Tk ANTHROPIC_BASE_URL=http://127.0.0.1:8000\n", "Zq8mWx2Lr7Tk"),
    ("ANTHROPIC_AUTH_TOKEN=vellichor ANTHROPIC_BASE_URL=https://proxy.acme.io\n", "vellichor"),
    ("DB_PASSWORD=tangerine BASE_URL=http://localhost:3000\n", "tangerine"),
])  # fmt: skip
def test_a_key_beside_a_remote_url_or_a_password_stays_a_secret(text, value):
    assert value not in clean_text(text)
