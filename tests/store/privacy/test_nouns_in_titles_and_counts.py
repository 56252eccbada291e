"""A secret's noun in a sentence names nothing when it is a unit after a count (`a 12,880 token
Gemini-2 thread`: a model's tokens) or a word of a bold title (`**Keyring Password Rotation**`):
the word after it is prose. A password said after the noun in a sentence stays a secret."""

import pytest

from store.privacy import clean_text, find_secrets


@pytest.mark.parametrize("text", [
    "- **Step**: Summarise the 12,880 token Gemini-2 thread at `notes/x.md`\n",
    "Ran a 3,100+ token Sonnet-4x prompt twice.\n",
    "1. **Vault Cleanup** - done\n2. **Keyring Password Rotation** - Infra work\n",
    "12. **Design Token Pipeline** - CSS variables for all values\n",
    "- __Shared Secret Handshake__ is described below\n",
])  # fmt: skip
def test_a_noun_after_a_count_or_in_a_bold_title_names_no_value(text):
    assert find_secrets(text) == [], find_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("Log in with the password Qx7vLm2pTz and rotate it.\n", "Qx7vLm2pTz"),
    ("Step 2: use **password Qx7vLm2pTz** for the admin.\n", "Qx7vLm2pTz"),
    ("The 2 admins share token Rk9wQ2mZx7Lp4 today.\n", "Rk9wQ2mZx7Lp4"),
])  # fmt: skip
def test_a_password_said_after_its_noun_stays_a_secret(text, value):
    assert value not in clean_text(text)


def test_an_escapes_digits_before_the_noun_are_no_count():
    text = '{"note": "\\u0938\\u0947 token amber.Falcon37 \\u0925\\u093e", "b": "\\u2192  password Kf8_Marlin42\\n"}'
    assert "amber.Falcon37" not in clean_text(text)
    assert "Kf8_Marlin42" not in clean_text(text)
