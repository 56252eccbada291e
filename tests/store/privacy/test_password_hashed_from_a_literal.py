"""A password hashed from a literal: the first argument of a password-hashing call (`hash("X",
12)`, `bcrypt.hashSync('X', 10)`, `bcrypt.hashpw(b"X", bcrypt.gensalt())`, `Hash::make('X')`,
`BCrypt::Password.create("X")`) is the plaintext the hash is made from, a seed script's password.
A digest of a text (`createHash("sha256")`, `hash("cache-key")`) is not one."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "otter" + "417"


@pytest.mark.parametrize("line", [
    "  const ownerPassword = await hash(\"{}\", 10)",
    "const hashed = await bcrypt.hash('{}', 12);",
    "    passwordHash: bcrypt.hashSync('{}', 10),",
    "hashed = bcrypt.hashpw(b\"{}\", bcrypt.gensalt())",
    "        'password' => Hash::make('{}'),",
    "  user.password_digest = BCrypt::Password.create(\"{}\")",
    "$hash = password_hash('{}', PASSWORD_DEFAULT);",
    "pw = generate_password_hash(\"{}\")",
    "let digest = argon2.hash(\"{}\")",
])  # fmt: skip
def test_a_hashed_literal_goes(line):
    assert clean_text(line.format(PW)) == line.format("[REDACTED:password]")


@pytest.mark.parametrize("line", [
    "const digest = crypto.createHash('sha256').update(body).digest('hex')",
    "bucket = hash(\"cache-key\") % 16",
    "const h = await hash(password, 10)",
    "expect(await bcrypt.hash('', 10)).toBeTruthy()",
    "const id = hash(\"user\", 3)",
])  # fmt: skip
def test_digests_and_names_are_kept(line):
    assert clean_text(line) == line
