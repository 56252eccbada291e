"""A heading that names passwords (any language of the lexicon; Markdown, bold, or a line ending in
`:`) makes the values of the list below it passwords: a PIN's digits, a password's shape; a
heading whose label heads a compound (`Password reset`) names no such list, an item that names a
user gives none, and a plain word is no password."""

import pytest

from store.privacy import clean_text

PIN = "9031" + "57"
PW = "Heron" + "Lake44"


@pytest.mark.parametrize("text", [
    f"Saved to memory.\n\n### Passwords by machine\n- **office-nuc (Ubuntu, host: nuc):** `{PIN}`\n- **old-thinkpad:** `{PW}`\n",
    f"+## Laptop passwords\n+\n+* thinkpad: {PIN}\n+* macbook air: {PW}\n",
    f"Edit notes/machines.md (+4 -0)\n+\n+### Passwords by machine\n+- **thinkpad:** `{PIN}`\n+- **air:** `{PW}`",
    f"**Contraseñas por equipo**\n1. servidor-casa: `{PIN}`\n2. portátil: `{PW}`\n",
    f"Hasła do urządzeń:\n- NAS: {PIN}\n- Router: {PW}\n",
])
def test_values_listed_under_a_heading_that_names_passwords_are_redacted(text):
    out = clean_text(text)
    assert PIN not in out and PW not in out, out


@pytest.mark.parametrize("text", [
    "## Password reset\n- Token TTL: 3600\n- Endpoint: `/api/v2/reset`\n",
    "### Password policy\n- Minimum length: 1200\n- Rotation: every 90 days\n",
    "### Passwords by machine\n- **user:** `admin2024`\n- **manager:** `keepass`\n",
    "### Machines\n- **office-nuc:** `1921`\n- **build-box:** `2024`\n",
])
def test_a_list_under_no_heading_of_passwords_is_kept(text):
    assert clean_text(text) == text
