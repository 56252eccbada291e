"""Secrets real Claude Code transcripts (part A) showed the filter leaving in the store: a password
under a plural label in a comment, a URL's password named like a secret's name, and a secret's
first characters echoed before an ellipsis."""

from __future__ import annotations

from store.privacy import clean_text
from tests.store.privacy import kept


def test_a_password_under_a_plural_label_in_a_comment():
    for text, value in (("-- Demo tenants\n-- Passwords: Harbor7Lantern! (bcrypt hash)\nINSERT INTO users VALUES (1);\n",
                         "Harbor7Lantern!"),
                        ("# passwords: Qm4vX9rT2k\n", "Qm4vX9rT2k"),
                        ("// Passwords = Tide-Rock-61 (all seeded users)\n", "Tide-Rock-61")):
        assert value not in clean_text(text), clean_text(text)
    for text in ("-- Passwords: hashed with bcrypt (cost 12)\n", "# Passwords: 12 stored\n", "Passwords: must match\n",
                 "## Passwords: see the vault\n"):
        kept(text)


def test_a_urls_password_named_like_a_secrets_name_is_the_password():
    for text in ("DATABASE_URL=postgresql+asyncpg://shop_user:shop_pass@db:5432/shop_db",
                 'engine = create_engine("mysql+pymysql://report_user:report_secret@10.0.0.5/reports")',
                 "REDIS_URL=redis://cache:cache_pw@redis:6379/0"):
        out = clean_text(text)
        assert "_pass@" not in out and "_secret@" not in out and "_pw@" not in out, out
    # the stand-ins of documentation stay
    for text in ("postgres://user:password@localhost:5432/mydb", "postgresql://user:pass@host/db",
                 "postgresql://app:your_password@db/app"):
        kept(text)


def test_a_secrets_first_characters_echoed_before_an_ellipsis():
    for text, value in (("Session secret generated: 9f3ab27c...", "9f3ab27c"),
                        ('{"stdout":"Webhook secret generated: 4e9d07b1a2...","stderr":""}', "4e9d07b1a2")):
        assert value not in clean_text(text), clean_text(text)
    # a prefix alone, or masked, stays (nothing of the secret is shown)
    for text in ("api_key: sk-...", "OPENAI_API_KEY=sk-proj-...",
                 "token: eyJhbGciOiJIUzI1NiJ9..."):
        kept(text)
