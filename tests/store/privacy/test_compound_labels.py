"""A secret word that qualifies a noun (`password manager`, `token type`, `secret store`) labels
the compound, whose value is not a secret; the word alone still labels its value."""

from __future__ import annotations

import pytest

from store.privacy import clean_text


@pytest.mark.parametrize("line", [
    "my password manager is 1Password", "token type is Bearer", "our secret store is Vault",
    "the password manager: Bitwarden2", "the key store is Keystore1", "Password policy: Strict12",
])  # fmt: skip
def test_the_value_of_a_compound_is_kept(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("line", ["my password is 1Password!", "the token is Bearer9x7Qw2", "password reset to Marmot!2025",
                                  "Password Marmot!2025", "the password for the db: Marmot!2025"])  # fmt: skip
def test_the_word_alone_still_labels_its_value(line):
    assert "[REDACTED" in clean_text(line)


@pytest.mark.parametrize("line", ['Password for "ana@example.com": Marmot!2025', "token for 'deploy-bot': Marmot!2025"])
def test_a_qualifier_may_quote_a_name(line):
    assert clean_text(line) == line.replace("Marmot!2025", "[REDACTED:password]" if "Password" in line else "[REDACTED:token]")


@pytest.mark.parametrize("line", ['print(f"Password for {user}: ")', "Enter password for 'ana': "])
def test_a_prompt_naming_its_user_is_kept(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("text", [
    "Please use the following password to proceed to installation:\n\nMarmot!2025\n",
    "Generated password for user 'elastic':\nMarmot!2025", "Your API key (shown once):\n  Zk82mPqL1xQw93mTq7LmN4vB",
])  # fmt: skip
def test_a_qualified_label_ending_its_line_labels_the_value_below(text):
    cleaned = clean_text(text)
    assert "Marmot!2025" not in cleaned and "Zk82mPqL1xQw93mTq7LmN4vB" not in cleaned


@pytest.mark.parametrize("text", ["Password for the admin user:\n(see the vault)", "Your API key (shown once):\nnot created",
                                  "Enter the password for ana:\n", "The password for production:\n  - rotate monthly"])
def test_a_qualified_label_with_prose_below_is_kept(text):
    assert clean_text(text) == text
