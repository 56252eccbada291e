"""A mapping, section or dict named by a plural secret word holds secrets under other names;
its children that are names, paths, numbers, ids or references are kept."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "Marmot!2025"
KEY = "Zk82mPqL1xQw93mTq7LmN4vB"


@pytest.mark.parametrize("text", [
    f"secrets:\n  db: {PW}\n  region: eu-west-1", f"passwords:\n  admin: {PW}\n  deploy: r3dPanda#7",
    f'[secrets]\ngithub = "{KEY}"\nslack="{PW}"', f"[passwords]\ndeploy = {PW}",
    f'PASSWORDS = {{"admin": "{PW}", "guest": "x"}}', f'{{"credentials": {{"prod": "{PW}"}}}}', f"tokens:\n  - {KEY}",
])  # fmt: skip
def test_the_children_go(text):
    cleaned = clean_text(text)
    assert PW not in cleaned and KEY not in cleaned and "r3dPanda" not in cleaned
    assert "eu-west-1" in cleaned or "region" not in text


@pytest.mark.parametrize("text", [
    "secrets:\n  db_password:\n    file: ./db_password.txt", "secrets:\n  GH_TOKEN: ${{ secrets.GH_TOKEN }}",
    "secrets:\n  create: true\n  name: app-secrets", "tokens:\n  access_token_ttl: 3600",
    "credentials:\n  type: service_account\n  private_key_id: 3f8a9c2b7d1e4f6a8b0c2d4e6f8a0b1c3d5e7f9a\n"
    "  client_email: svc@proj.iam.gserviceaccount.com",
    'tokens: { primary: "#3b82f6", spacing: "1.5rem", font: "Inter, sans-serif" }', "secrets: inherit",
    "imagePullSecrets:\n  - name: regcred", "passwords:\n  min_length: 12\n  require_digit: true", "tokens:\n  - hello\n  - world",
    "[secrets]\n\n[other]\nname = app",
])  # fmt: skip
def test_names_paths_ids_and_references_under_the_parent_are_kept(text):
    assert clean_text(text) == text
