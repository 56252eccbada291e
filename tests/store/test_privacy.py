"""Tests for store.privacy: what never reaches the memory store.

Fake credentials are assembled at run time (prefix + filler) so that secret
scanners on the repository do not flag this file.
"""
from __future__ import annotations

import json
import string
import subprocess
import sys
import time
from pathlib import Path

import pytest

from store.privacy import (
    clean_text,
    clean_value,
    find_secrets,
    is_entirely_private,
    redact_secrets,
    strip_injected,
    strip_private,
)
from tests.secret_shapes import gen

REPO = Path(__file__).resolve().parents[2]

# Realistic-looking fake credentials.
ANTHROPIC = "sk-ant-" + "api03-" + "Xq7vR2mK9pL4nT8wY1zB6cD3fG5hJ0kA" * 3 + "AA"
OPENAI_PROJ = "sk-" + "proj-" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5bC7dE9f"
OPENAI_OLD = "sk-" + "T3BlbkFJ" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0"
GITHUB_PAT = "ghp_" + "16C7e42F292c6912E7710c838347Ae178B4a"
GITHUB_FINE = (
    "github_pat_" + "11ABCDEFG0abcdefghijkl_"
    + "mnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ01"
)
# AWS's shapes with generated filler (its documented `…EXAMPLE` keys are kept as examples)
AWS_KEY = "AKIA" + gen("aws-key", 16, string.ascii_uppercase + "234567")
AWS_SESSION_KEY = "ASIA" + "Y34FZKBOKMUTVV7A"
AWS_SECRET = gen("aws-secret", 22, string.ascii_letters + string.digits + "+/") + "/" + gen("aws-secret2", 17)
SLACK_BOT = "xoxb-" + "2048-1357913579-" + "AbCdEfGhIjKlMnOpQrStUvWx"
SLACK_HOOK = (
    "https://hooks.slack.com/services/" + "T00000000/B00000000/"
    + "XXXXXXXXXXXXXXXXXXXXXXXX"
)
JWT = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."
    "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ."
    "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
)
GOOGLE = "AIza" + "SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q"
STRIPE = "sk_" + "live_" + "51H8aBcDeFgHiJkLmNoPqRsTu"
NPM = "npm_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
PYPI = "pypi-" + "AgEIcHlwaS5vcmcCJGE0ZjQ2YjEwLTc5ZTMtNDQ4Ni1hYjQ1LWQ1ZTBlNTk3"
PEM = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi7Ax5P0gJ4lGfXbTq1\n"
    "bV7kW8p1m2n3o4p5q6r7s8t9u0v1w2x3y4z5A6B7C8D9E0F1G2H3I4J5\n"
    "-----END RSA PRIVATE KEY-----"
)
GIT_SHA = "3f786850e387550fdab836ed7e6dc881de23001b"
SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
UUID = "123e4567-e89b-12d3-a456-426614174000"


def linear(fn, make, n, quick=0.25):
    """fn(make(n)), failing when fn's time grows faster than its input (an algorithm check).

    Done in under `quick` seconds of CPU, it passes; otherwise it must take at most 8 times as
    long as fn(make(n // 4)): four times the input costs four times as long when linear,
    sixteen when quadratic. Times are this thread's CPU time (time.thread_time): a loaded
    machine takes the core away from the test (wall time), not the work the call does, so the
    check holds with CPU-bound processes beside it. A pair that fails is measured again, up to
    three times, each size's best kept (a first call's warm-up, a collection); a pair that holds
    is not, as a quadratic fn fails all three (sixteen times, not eight)."""
    big, small, result = float("inf"), float("inf"), None
    for _attempt in range(3):
        arg = make(n)
        t0 = time.thread_time()
        result = fn(arg)
        big = min(big, time.thread_time() - t0)
        if big < quick:
            return result
        arg = make(n // 4)
        t0 = time.thread_time()
        fn(arg)
        small = min(small, time.thread_time() - t0)
        if big <= 8 * small + 0.2:
            return result
    raise AssertionError(f"{fn.__name__}: {small:.3f}s for n/4, {big:.3f}s for n (CPU)")


# ---------------------------------------------------------------------------
# strip_private
# ---------------------------------------------------------------------------


class TestStripPrivate:
    def test_removes_a_block_and_keeps_the_rest(self):
        assert strip_private("deploy to <private>10.0.0.7</private> today") == "deploy to  today"

    @pytest.mark.parametrize(
        "text",
        [
            "a<PRIVATE>x</PRIVATE>b",
            "a<Private>x</pRiVaTe>b",
            'a<private reason="customer data">x</private>b',
            "a<private\n  reason='x'>x</private >b",
            "a<private>line one\nline two\r\nline three</private>b",
            "a<private></private>b",
        ],
    )
    def test_case_attributes_and_lines(self, text):
        assert strip_private(text) == "ab"

    def test_several_blocks(self):
        text = "1<private>a</private>2<private>b</private>3<private>c</private>4"
        assert strip_private(text) == "1234"

    def test_nested_blocks_are_removed_whole(self):
        assert strip_private("a<private>b<private>c</private>d</private>e") == "ae"
        text = "a<private>1<private>2<private>3</private></private>4</private>e"
        assert strip_private(text) == "ae"

    def test_unclosed_opener_removes_everything_after_it(self):
        assert strip_private("public <private>secret\nmore secret") == "public "

    def test_unclosed_nested_opener_fails_closed(self):
        # The inner block closes, the outer one never does.
        assert strip_private("a<private>b<private>c</private>d") == "a"

    def test_opener_cut_off_by_the_end_of_the_text_fails_closed(self):
        assert strip_private('keep this <private reason="tru') == "keep this "

    def test_opener_missing_its_bracket_still_opens(self):
        assert strip_private("a <private <b>x</b></private> b") == "a  b"

    def test_a_stray_closer_hides_what_comes_before_it(self):
        # The rest of a block the user opened in an earlier prompt and closes here.
        assert strip_private("a</private>b") == "b"
        assert strip_private("x\ny</private>z<private>w</private>!") == "z!"
        assert strip_private("a</private><private>x</private>b") == "b"

    def test_self_closing_tag_is_dropped_without_eating_the_text(self):
        assert strip_private("a<private/>b") == "ab"

    @pytest.mark.parametrize(
        "text",
        [
            "<privateer>ahoy</privateer>",
            "a < private > b",
            "private: true",
            "class Foo: _private = 1  # <privacy-policy>",
            "",
            "no tags at all",
        ],
    )
    def test_things_that_are_not_private_tags_are_untouched(self, text):
        assert strip_private(text) == text

    def test_korean_text_around_a_block(self):
        assert strip_private("비밀 <private>암호</private> 끝") == "비밀  끝"

    def test_odd_unicode_passes_through(self):
        text = "emoji 🔐🧠 zero\u200bwidth\u200d join NUL\x00byte rtl \u202eabc 😀"
        assert strip_private(text) == text
        assert strip_private(text + "<private>x</private>" + text) == text + text

    def test_claude_code_write_of_a_readme(self):
        content = (
            "# Billing service\n\n"
            "Runs against Postgres.\n"
            "<private>internal hostname db-7.corp.local</private>\n"
            "## Setup\n\nRun `make dev`.\n"
        )
        out = strip_private(content)
        assert "db-7.corp.local" not in out
        assert "internal hostname" not in out
        assert out == "# Billing service\n\nRuns against Postgres.\n\n## Setup\n\nRun `make dev`.\n"

    def test_non_string_is_returned_unchanged(self):
        assert strip_private(None) is None
        assert strip_private(42) == 42

    def test_thousand_blocks_is_fast(self):
        assert linear(strip_private, lambda n: "keep <private>drop</private> " * n, 1000) == "keep  " * 1000

    def test_thousand_nested_blocks_is_fast(self):
        make = lambda n: "a" + "<private>x" * n + "</private>" * n + "b"  # noqa: E731
        assert linear(strip_private, make, 1000) == "ab"

    def test_fifty_thousand_unclosed_openers_is_fast(self):
        assert linear(strip_private, lambda n: "keep" + "<private>" * n, 50_000) == "keep"

    def test_fifty_thousand_openers_without_a_bracket_is_fast(self):
        assert linear(strip_private, lambda n: "keep" + "<private " * n, 50_000) == "keep"


# ---------------------------------------------------------------------------
# strip_injected
# ---------------------------------------------------------------------------


class TestStripInjected:
    def test_memory_context_block_with_attributes(self):
        text = (
            'Fix the bug.\n<memory-context project="memlane" count="3">\n'
            "- 2024-05-01 edited store/database/connection.py\n</memory-context>\nThanks"
        )
        assert strip_injected(text) == "Fix the bug.\n\nThanks"

    def test_system_reminder_block_any_case(self):
        text = "out <SYSTEM-REMINDER>\nThe user opened file x\n</System-Reminder> out"
        assert strip_injected(text) == "out  out"

    def test_both_kinds_and_several_blocks(self):
        text = (
            "a<system-reminder>r1</system-reminder>b<memory-context>m</memory-context>"
            "c<system-reminder>r2</system-reminder>d"
        )
        assert strip_injected(text) == "abcd"

    def test_unclosed_block_removes_to_the_end(self):
        assert strip_injected("answer <memory-context>\nold memory") == "answer "
        assert strip_injected("answer <system-reminder>note") == "answer "

    def test_block_of_one_kind_is_removed_whole_with_the_other_kind_inside(self):
        text = "a<system-reminder>x<memory-context>y</memory-context>z</system-reminder>b"
        assert strip_injected(text) == "ab"
        # A closer of the other kind inside does not end the block early.
        text = "a<system-reminder>x</memory-context>y</system-reminder>b"
        assert strip_injected(text) == "ab"

    def test_nested_same_kind(self):
        text = "a<memory-context>1<memory-context>2</memory-context>3</memory-context>b"
        assert strip_injected(text) == "ab"

    def test_stray_closer_is_dropped(self):
        assert strip_injected("a</system-reminder>b") == "ab"

    def test_private_blocks_and_other_tags_are_left_for_others(self):
        text = "<private>p</private> <memory-contextual>x</memory-contextual> <system>y</system>"
        assert strip_injected(text) == text

    def test_many_blocks_is_fast(self):
        make = lambda n: "k<system-reminder>r</system-reminder>" * (n // 50) + "<memory-context>" * n  # noqa: E731
        assert linear(strip_injected, make, 50_000) == "k" * 1000


# ---------------------------------------------------------------------------
# redact_secrets: what is redacted
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        # Provider keys, anywhere in the text.
        (f"key {ANTHROPIC} end", "key [REDACTED:anthropic_key] end"),
        (f"export OPENAI_API_KEY={OPENAI_PROJ}", "export OPENAI_API_KEY=[REDACTED:openai_key]"),
        (f"old key {OPENAI_OLD}.", "old key [REDACTED:openai_key]."),
        (f"git remote set-url origin https://{GITHUB_PAT}@github.com/a/b",
         "git remote set-url origin https://[REDACTED:github_token]@github.com/a/b"),
        (f"GH={GITHUB_FINE}", "GH=[REDACTED:github_token]"),
        (f"{AWS_KEY} and {AWS_SESSION_KEY}",
         "[REDACTED:aws_access_key] and [REDACTED:aws_access_key]"),
        (f"SLACK={SLACK_BOT}", "SLACK=[REDACTED:slack_token]"),
        (f"post to {SLACK_HOOK} now", "post to [REDACTED:slack_webhook] now"),
        (f"maps {GOOGLE}", "maps [REDACTED:google_api_key]"),
        (f"stripe {STRIPE}", "stripe [REDACTED:stripe_key]"),
        (f"//registry.npmjs.org/:_authToken={NPM}",
         "//registry.npmjs.org/:_authToken=[REDACTED:npm_token]"),
        (f"twine upload -p {PYPI}", "twine upload -p [REDACTED:pypi_token]"),
        (f"cookie session={JWT}; path=/", "cookie session=[REDACTED:jwt]; path=/"),
        # Headers: the scheme word stays.
        ("Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123456789",
         "Authorization: Bearer [REDACTED:bearer]"),
        ("authorization: bearer abc.def-ghi_jkl~mno+pqr/stu==",
         "authorization: bearer [REDACTED:bearer]"),
        ("Authorization: Basic dXNlcjpodW50ZXIy", "Authorization: Basic [REDACTED:basic_auth]"),
        ("Authorization: token 0123456789abcdef0123", "Authorization: token [REDACTED:token]"),
        # Assignments: env style.
        ("DB_PASSWORD=hunter2", "DB_PASSWORD=[REDACTED:password]"),
        ("PGPASSWORD=s3cret psql -h db", "PGPASSWORD=[REDACTED:password] psql -h db"),
        ("passwd=letmein", "passwd=[REDACTED:password]"),
        ("API_KEY='abc123def'", "API_KEY='[REDACTED:api_key]'"),
        ("apikey=abc123", "apikey=[REDACTED:api_key]"),
        ("x-api-key: abcd1234", "x-api-key: [REDACTED:api_key]"),
        ("api-key=abcd1234", "api-key=[REDACTED:api_key]"),
        ("token=abc123", "token=[REDACTED:token]"),
        ("ACCESS_TOKEN=abc123", "ACCESS_TOKEN=[REDACTED:token]"),
        ("secret=abc123", "secret=[REDACTED:secret]"),
        ("client_secret=abc123", "client_secret=[REDACTED:secret]"),
        (f"AWS_SECRET_ACCESS_KEY={AWS_SECRET}", "AWS_SECRET_ACCESS_KEY=[REDACTED:secret]"),
        ("TOKEN=abc # rotate monthly", "TOKEN=[REDACTED:token] # rotate monthly"),
        # JSON / YAML / code styles.
        ('{"password": "hunter2"}', '{"password": "[REDACTED:password]"}'),
        ('{"password":"hunter2","user":"bob"}', '{"password":"[REDACTED:password]","user":"bob"}'),
        ('{"apiKey": "k-123", "clientSecret": "s-456"}',
         '{"apiKey": "[REDACTED:api_key]", "clientSecret": "[REDACTED:secret]"}'),
        ('{\\"password\\": \\"hunter2\\"}', '{\\"password\\": \\"[REDACTED:password]\\"}'),
        ('"token": "with \\"escaped\\" quotes"', '"token": "[REDACTED:token]"'),
        ("password: hunter2", "password: [REDACTED:password]"),
        ("  POSTGRES_PASSWORD: example  # dev only",
         "  POSTGRES_PASSWORD: [REDACTED:password]  # dev only"),
        ('password: "hunter2"', 'password: "[REDACTED:password]"'),
        ("password = hunter2", "password = [REDACTED:password]"),
        ('db_password = "hunter2"', 'db_password = "[REDACTED:password]"'),
        ('secret = b"abc123"', 'secret = b"[REDACTED:secret]"'),
        ("const token = `abcdef`", "const token = `[REDACTED:token]`"),
        ('password := "x1"', 'password := "[REDACTED:password]"'),
        ("'password' => 'hunter2'", "'password' => '[REDACTED:password]'"),
        ("os.environ['API_KEY'] = 'abc123xyz'", "os.environ['API_KEY'] = '[REDACTED:api_key]'"),
        ("Server=db;User Id=sa;Password=Hunter2!;",
         "Server=db;User Id=sa;Password=[REDACTED:password];"),
        ("GET /cb?access_token=abc123&state=xyz",
         "GET /cb?access_token=[REDACTED:token]&state=xyz"),
        # CLI styles.
        ("mysql --password hunter2 -u root", "mysql --password [REDACTED:password] -u root"),
        ("mysql --password=hunter2 -u root", "mysql --password=[REDACTED:password] -u root"),
        ("cmd --password x", "cmd --password [REDACTED:password]"),
        ("cmd --password=x", "cmd --password=[REDACTED:password]"),
        ('tool --api-key "abc 123" run', 'tool --api-key "[REDACTED:api_key]" run'),
        ("tool --token abc123", "tool --token [REDACTED:token]"),
        ("curl -u admin:s3cret https://x", "curl -u admin:[REDACTED:password] https://x"),
        ("machine api.example.com login bob password hunter2",
         "machine api.example.com login bob password [REDACTED:password]"),
        # URL credentials.
        ("DATABASE_URL=postgres://app:pa55w0rd@db:5432/app",
         "DATABASE_URL=postgres://app:[REDACTED:password]@db:5432/app"),
        ("redis://:s3cret@cache:6379/0", "redis://:[REDACTED:password]@cache:6379/0"),
        # PEM.
        (f"key:\n{PEM}\nafter", "key:\n[REDACTED:private_key]\nafter"),
        ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA\ncut here",
         "[REDACTED:private_key]"),
        ("-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBF\n-----END PGP PRIVATE KEY BLOCK----- ok",
         "[REDACTED:private_key] ok"),
    ],
)
def test_redacts(text, expected):
    assert redact_secrets(text) == expected


def test_bearer_with_a_provider_key_reports_the_provider():
    cmd = (
        f'curl -H "Authorization: Bearer {ANTHROPIC}" '
        '-H "content-type: application/json" https://api.anthropic.com/v1/messages'
    )
    assert redact_secrets(cmd) == (
        'curl -H "Authorization: Bearer [REDACTED:anthropic_key]" '
        '-H "content-type: application/json" https://api.anthropic.com/v1/messages'
    )


def test_json_key_holding_a_provider_key():
    text = json.dumps({"ANTHROPIC_API_KEY": ANTHROPIC, "model": "claude"})
    assert redact_secrets(text) == (
        '{"ANTHROPIC_API_KEY": "[REDACTED:anthropic_key]", "model": "claude"}'
    )


def test_service_account_json_private_key_with_escaped_newlines():
    text = json.dumps(
        {"type": "service_account", "private_key_id": "abc123", "private_key": PEM + "\n"}
    )
    out = redact_secrets(text)
    assert "MIIEpAIBAAKCAQEA" not in out
    assert '"private_key": "[REDACTED:' in out
    assert '"private_key_id": "abc123"' in out  # the key id is not the key
    assert json.loads(out)["type"] == "service_account"  # still valid JSON


def test_dotenv_file_with_several_assignments():
    env = (
        "# production settings\n"
        "APP_NAME=billing\n"
        "DEBUG=false\n"
        "DB_HOST=db-7.corp.local\n"
        "DB_PASSWORD=Tr0ub4dor&3\n"
        f"OPENAI_API_KEY={OPENAI_PROJ}\n"
        f"AWS_ACCESS_KEY_ID={AWS_KEY}\n"
        f"AWS_SECRET_ACCESS_KEY={AWS_SECRET}\n"
        'STRIPE_SECRET="whsec_abc123"\n'
        "SESSION_SECRET=\n"
        "MAX_TOKENS=4096\n"
    )
    assert redact_secrets(env) == (
        "# production settings\n"
        "APP_NAME=billing\n"
        "DEBUG=false\n"
        "DB_HOST=db-7.corp.local\n"
        "DB_PASSWORD=[REDACTED:password]\n"
        "OPENAI_API_KEY=[REDACTED:openai_key]\n"
        "AWS_ACCESS_KEY_ID=[REDACTED:aws_access_key]\n"
        "AWS_SECRET_ACCESS_KEY=[REDACTED:secret]\n"
        'STRIPE_SECRET="[REDACTED:secret]"\n'
        "SESSION_SECRET=\n"
        "MAX_TOKENS=4096\n"
    )


def test_redaction_is_idempotent():
    text = (
        f"DB_PASSWORD=hunter2\n{{\"token\": \"abc\"}}\nAuthorization: Bearer {'a' * 30}\n"
        f"{PEM}\n{ANTHROPIC}\n--password x1\n"
    )
    once = redact_secrets(text)
    assert once != text
    assert redact_secrets(once) == once
    assert find_secrets(once) == []


# ---------------------------------------------------------------------------
# redact_secrets: what is left alone
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "We use Bearer token auth for the API.",
        "Authorization: Bearer $TOKEN",
        "Authorization: Bearer ${{ secrets.API_TOKEN }}",
        "const token = process.env.TOKEN;",
        "const api = new Client({ apiKey: process.env.ANTHROPIC_API_KEY });",
        'key = os.environ["API_KEY"]',
        'token = os.environ["GITHUB_TOKEN"]',
        'password = os.getenv("DB_PASSWORD")',
        "token = get_token()",
        "let token = await getToken();",
        "self.token = token",
        "token = self._token",
        "client = Client(token=self.tok)",
        "password: settings.db_pass",
        "DATABASES = {'default': {'PASSWORD': config.db.pw}}",
        "f(password=password)",
        "client = Client(api_key=api_key, token=None)",
        "def login(user: str, password: str) -> bool:",
        "def f(token: Optional[str] = None):",
        "password: string;",
        "token: Token = None",
        "x = cond ? token : password",
        "password = db_password",
        "if not password: raise ValueError('missing')",
        "token => token.trim()",
        "password=",
        "PASSWORD=\nNEXT=1",
        'password: ""',
        '{"password": "", "token": null, "secret": false}',
        "PASSWORD=$DB_PASSWORD",
        'PASSWORD="${DB_PASSWORD}"',
        "GITHUB_TOKEN=$(gh auth token)",
        "token: ${{ secrets.GITHUB_TOKEN }}",
        "password: {{ vault_password }}",
        "PASSWORD=<your-password>",
        '"api_key": "<YOUR_API_KEY>"',
        "password: ********",
        "PASSWORD=xxxxxxxx",
        "cursor.execute(sql, password=%s)",
        "token = f\"Bearer {t}\"",
        "const token = `Bearer ${t}`",
        "password = # TODO",
        "Use --token to pass a token, or --password instead.",
        "Args:\n    token: The token to use.",
        '"max_tokens": 1024, "input_tokens": 12, "output_tokens": 40',
        '"token_type": "bearer", "expires_in": 3600',
        "password_hash = bcrypt(pw)",
        "PASSWORD_FILE=/run/secrets/db",
        "secret_name=prod-db",
        "if token == 'abc': pass",
        "tokenizer = AutoTokenizer()",
        "read -s PASSWORD; echo $PASSWORD",
        "mkdir -p build && ls -la",
        f"commit {GIT_SHA}",
        f"git checkout {GIT_SHA[:12]}",
        f"sha256:{SHA256}",
        f"{SHA256}  dist/memlane.tar.gz",
        f"request id {UUID}",
        "https://github.com/anthropics/claude-code/blob/main/README.md",
        "ssh git@github.com:owner/repo.git",
        "sk-learn is not a thing, sk-1 is short",
        "task-sk-ant-but-short",
        f"AKIA123 is too short; X{AWS_KEY}X is glued",
        "eyJhbGciOiJIUzI1NiJ9 alone is just a header",
        "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYI\n-----END PUBLIC KEY-----",
        "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
        "",
        "비밀번호는 없음 🔐 zero\u200bwidth NUL\x00 end",
    ],
)
def test_leaves_alone(text):
    assert redact_secrets(text) == text
    assert find_secrets(text) == []


# ---------------------------------------------------------------------------
# extra patterns
# ---------------------------------------------------------------------------


class TestExtraPatterns:
    def test_whole_match_is_redacted_as_custom(self):
        assert redact_secrets("ticket ACME-4242-XYZ opened", [r"ACME-\d{4}-[A-Z]{3}"]) == (
            "ticket [REDACTED:custom] opened"
        )

    def test_first_group_is_redacted_when_the_pattern_has_groups(self):
        assert redact_secrets("employee_id: 99812 ok", (r"employee_id: (\d+)",)) == (
            "employee_id: [REDACTED:custom] ok"
        )

    def test_invalid_and_non_string_patterns_are_ignored(self):
        text = "internal-7 and (x"
        got = redact_secrets(text, ["(unclosed", "[z-a]", "", None, 42, r"internal-\d"])
        assert got == "[REDACTED:custom] and (x"

    def test_only_invalid_patterns_never_raise(self):
        assert redact_secrets("plain (text", ["(", "*bad", "?"]) == "plain (text"

    def test_a_single_string_is_accepted(self):
        assert redact_secrets("code XYZZY here", "XYZZY") == "code [REDACTED:custom] here"

    def test_zero_width_matches_redact_nothing(self):
        assert redact_secrets("abc", [r"\b", "x*"]) == "abc"

    def test_builtin_rules_still_apply(self):
        text = f"ACME-1 {GITHUB_PAT}"
        assert redact_secrets(text, [r"ACME-\d"]) == "[REDACTED:custom] [REDACTED:github_token]"

    def test_clean_text_and_clean_value_pass_patterns_on(self):
        assert clean_text("id ZX-99", ["ZX-\\d+"]) == "id [REDACTED:custom]"
        assert clean_value({"a": ["id ZX-99"]}, ["ZX-\\d+"]) == {"a": ["id [REDACTED:custom]"]}


# ---------------------------------------------------------------------------
# find_secrets
# ---------------------------------------------------------------------------


class TestFindSecrets:
    def test_spans_point_at_the_secret_values(self):
        text = f'DB_PASSWORD=hunter2 key={ANTHROPIC} {{"token": "abc"}}'
        found = find_secrets(text)
        assert [(k, text[s:e]) for k, s, e in found] == [
            ("password", "hunter2"),
            ("anthropic_key", ANTHROPIC),
            ("token", "abc"),
        ]

    def test_bearer_span_excludes_the_scheme_word(self):
        value = "abcdefghijklmnopqrstuvwxyz0123"
        text = f"Authorization: Bearer {value}"
        assert find_secrets(text) == [("bearer", text.index(value), len(text))]

    def test_spans_are_sorted_and_disjoint(self):
        text = (
            f"Authorization: Bearer {JWT}\n{PEM}\nTOKEN={GITHUB_PAT}\n"
            f"password: {OPENAI_PROJ}\n" * 3
        )
        found = find_secrets(text)
        assert len(found) == 12
        starts = [s for _, s, _ in found]
        assert starts == sorted(starts)
        for (_, _, e1), (_, s2, _) in zip(found, found[1:]):
            assert e1 <= s2
        assert [k for k, _, _ in found[:4]] == ["jwt", "private_key", "github_token", "openai_key"]

    def test_redact_replaces_exactly_the_found_spans(self):
        text = f"a={ANTHROPIC}\nsecret: s3cr3t\nplain words\n{AWS_KEY}"
        rebuilt, pos = [], 0
        for kind, s, e in find_secrets(text):
            rebuilt.append(text[pos:s] + f"[REDACTED:{kind}]")
            pos = e
        rebuilt.append(text[pos:])
        assert redact_secrets(text) == "".join(rebuilt)
        assert "s3cr3t" not in redact_secrets(text)

    def test_nothing_found(self):
        assert find_secrets("just some words") == []
        assert find_secrets("") == []

    def test_large_text_is_linear(self):
        chunk = "ordinary log line with words and numbers 12345 token_count=5\n"
        found = linear(find_secrets, lambda n: chunk * n + f"TOKEN={GITHUB_PAT}\n", 20_000)
        assert found == [("github_token", len(chunk) * 20_000 + 6, len(chunk) * 20_000 + 6 + len(GITHUB_PAT))]

    @pytest.mark.parametrize(
        "unit, count",
        [
            ("password=", 25_000),
            ('password="', 25_000),
            ("password=a\\nb", 20_000),
            ("--password ", 25_000),
            ("Bearer ", 30_000),
            ("eyJ", 70_000),
            ("x://a:", 40_000),
            ("-----BEGIN PRIVATE KEY-----", 8_000),
            ("<private ", 25_000),
            ("a", 250_000),
            # the command-line, connection-string and token shapes
            ("mysql -x ", 25_000),
            ("echo a | ", 25_000),
            ("config set --a b ", 15_000),
            ("db:5432:", 25_000),
            ("Pwd=a ", 40_000),
            ("docker login -u a ", 15_000),
            ("IDENTIFIED BY ", 20_000),
            ("(\"x_password\", ", 20_000),
            ("https://a/hooks/", 20_000),
            ("?sig=", 40_000),
            ("SG.", 60_000),
            ("AbCdEfGh0123456789+/" * 3 + "\n", 5_000),
            ("пароль", 40_000),
        ],
        ids=lambda v: v if isinstance(v, str) else str(v),
    )
    def test_pathological_inputs_are_linear(self, unit, count):
        linear(clean_text, lambda n: unit * n, count)


# ---------------------------------------------------------------------------
# clean_text
# ---------------------------------------------------------------------------


class TestCleanText:
    def test_runs_all_three_filters(self):
        text = (
            "Deploy it.<system-reminder>The user has file a.py open</system-reminder>\n"
            "Host <private>db-7.corp.local</private>, password=hunter2"
        )
        assert clean_text(text) == "Deploy it.\nHost , password=[REDACTED:password]"

    def test_a_secret_inside_a_private_block_leaves_no_trace(self):
        assert clean_text(f"a <private>{ANTHROPIC}</private> b") == "a  b"

    def test_memory_never_stores_itself(self):
        text = (
            '<memory-context project="x">\nDB_PASSWORD was rotated\n</memory-context>'
            "\nreal prompt"
        )
        assert clean_text(text) == "\nreal prompt"

    def test_bash_command_with_curl(self):
        cmd = (
            f'curl -sS -H "Authorization: Bearer {ANTHROPIC}" '
            "-H 'anthropic-version: 2023-06-01' https://api.anthropic.com/v1/models"
        )
        out = clean_text(cmd)
        assert ANTHROPIC not in out
        assert "Bearer [REDACTED:anthropic_key]" in out
        assert out.endswith("https://api.anthropic.com/v1/models")

    def test_korean_text(self):
        assert clean_text("비밀 <private>암호</private> 끝") == "비밀  끝"

    def test_unicode_passes_through_untouched(self):
        text = (
            "emoji 👩‍💻🔥 zero\u200bwidth \ufeffbom NUL\x00 tab\t"
            " combining e\u0301 𝔘𝔫𝔦𝔠𝔬𝔡𝔢"
        )
        assert clean_text(text) == text

    def test_plain_text_is_returned_as_is(self):
        text = "Refactored store/database/connection.py to use WAL mode; tests pass (42 passed)."
        assert clean_text(text) == text

    @pytest.mark.parametrize("value", [None, 42, 3.5, True, b"password=hunter2", ["x"]])
    def test_non_string_is_returned_unchanged(self, value):
        assert clean_text(value) is value


# ---------------------------------------------------------------------------
# clean_value
# ---------------------------------------------------------------------------


class TestCleanValue:
    def test_claude_code_write_tool_input(self):
        tool_input = {
            "file_path": "/repo/README.md",
            "content": (
                "# Service\n<private>internal hostname db-7.corp.local</private>\n"
                "Use `make`.\n"
            ),
        }
        assert clean_value(tool_input) == {
            "file_path": "/repo/README.md",
            "content": "# Service\n\nUse `make`.\n",
        }

    def test_every_string_value_at_any_depth(self):
        value = {
            "command": f"export OPENAI_API_KEY={OPENAI_PROJ}",
            "edits": [
                {"old_string": "password = 'old'", "new_string": "password = 'new'"},
                {"old_string": "x", "new_string": "<private>y</private>"},
            ],
            "count": 3,
            "ok": True,
            "nothing": None,
            "ratio": 0.5,
        }
        assert clean_value(value) == {
            "command": "export OPENAI_API_KEY=[REDACTED:openai_key]",
            "edits": [
                {"old_string": "password = '[REDACTED:password]'",
                 "new_string": "password = '[REDACTED:password]'"},
                {"old_string": "x", "new_string": ""},
            ],
            "count": 3,
            "ok": True,
            "nothing": None,
            "ratio": 0.5,
        }

    def test_keys_are_cleaned_like_values(self):
        # An MCP tool input may use a secret as a key, and the summary writes key=value.
        weird_key = f"password=hunter22 {GITHUB_PAT}"
        out = clean_value({weird_key: "v", "<private>k</private>": "password=hunter2", "a": 1})
        assert out == {"password=[REDACTED:password] [REDACTED:github_token]": "v",
                       "": "password=[REDACTED:password]", "a": 1}

    def test_keys_that_clean_to_the_same_text_stay_apart(self):
        out = clean_value({"<private>a</private>": 1, "<private>b</private>": 2})
        assert sorted(out.values()) == [1, 2] and len(out) == 2

    def test_works_on_each_string_not_on_serialised_json(self):
        # A JSON document stored as a string is a string like any other...
        assert clean_value('{"password": "hunter2"}') == '{"password": "[REDACTED:password]"}'
        # ...and a parsed one is cleaned string by string, with the same result.
        assert clean_value({"note": '{"password": "hunter2"}'}) == {
            "note": '{"password": "[REDACTED:password]"}'
        }

    def test_string_under_a_secret_key_is_redacted_whole(self):
        # Parsed JSON loses the `"password": ` context, so the key decides.
        value = {
            "password": "hunter2",
            "apiKey": "abc 123",
            "GITHUB_TOKEN": "x1",
            "client_secret": "line1\nline2",
            "mcp": {"auth": {"access_token": "tok"}},
        }
        assert clean_value(value) == {
            "password": "[REDACTED:password]",
            "apiKey": "[REDACTED:api_key]",
            "GITHUB_TOKEN": "[REDACTED:token]",
            "client_secret": "[REDACTED:secret]",
            "mcp": {"auth": {"access_token": "[REDACTED:token]"}},
        }

    def test_secret_keys_with_nothing_secret_are_left_alone(self):
        value = {
            "password": "",
            "token": None,
            "secret": False,
            "apiKey": "${API_KEY}",
            "api_key": "<YOUR_API_KEY>",
            "max_tokens": "1024",
            "token_type": "bearer",
            "password_hash": "bcrypt",
        }
        assert clean_value(value) == value

    def test_returns_a_new_value_and_leaves_the_input_alone(self):
        original = {"a": ["password=hunter2", {"b": "<private>x</private>"}]}
        snapshot = json.loads(json.dumps(original))
        out = clean_value(original)
        assert original == snapshot
        assert out is not original
        assert out["a"] is not original["a"]

    def test_scalars_and_top_level_strings(self):
        assert clean_value("token=abc") == "token=[REDACTED:token]"
        assert clean_value(7) == 7
        assert clean_value(None) is None
        assert clean_value([]) == []
        assert clean_value({}) == {}

    def test_tuples_come_back_as_lists(self):
        assert clean_value(("password=x1", 2)) == ["password=[REDACTED:password]", 2]

    def test_ten_thousand_deep_lists(self):
        depth = 10_000
        value = "password=hunter2"
        for _ in range(depth):
            value = [value]
        out = clean_value(value)
        for _ in range(depth):
            assert isinstance(out, list) and len(out) == 1
            out = out[0]
        assert out == "password=[REDACTED:password]"

    def test_ten_thousand_deep_dicts(self):
        depth = 10_000
        value = {"leaf": "<private>gone</private>kept"}
        for _ in range(depth):
            value = {"k": value, "s": "token=abc"}
        out = clean_value(value)
        for _ in range(depth):
            assert out["s"] == "token=[REDACTED:token]"
            out = out["k"]
        assert out == {"leaf": "kept"}

    def test_cycles_do_not_loop_forever(self):
        a = ["password=hunter2"]
        a.append(a)
        out = clean_value(a)
        assert out[0] == "password=[REDACTED:password]"
        assert out[1] is out

    def test_wide_value_is_fast(self):
        make = lambda n: {f"k{i}": ["password=hunter2", {"x": "plain text"}] for i in range(n)}  # noqa: E731
        out = linear(clean_value, make, 5_000)
        assert out["k4999"][0] == "password=[REDACTED:password]"


# ---------------------------------------------------------------------------
# is_entirely_private
# ---------------------------------------------------------------------------


class TestIsEntirelyPrivate:
    @pytest.mark.parametrize(
        "text",
        [
            "<private>my whole prompt</private>",
            "  \n<PRIVATE reason='x'>a</PRIVATE>\n\t<private>b</private>  ",
            "<private>never closed",
            "<private>a<private>b</private>c</private>",
            "</private>",  # a stray closer is dropped, nothing is left
        ],
    )
    def test_true(self, text):
        assert is_entirely_private(text) is True

    @pytest.mark.parametrize(
        "text",
        [
            "",
            "   \n\t",
            "plain prompt",
            "keep <private>x</private>",
            "<private>x</private> and this",
            "text then <private>never closed",
        ],
    )
    def test_false(self, text):
        assert is_entirely_private(text) is False

    def test_non_string_is_false(self):
        assert is_entirely_private(None) is False


# ---------------------------------------------------------------------------
# Import cost (hook path)
# ---------------------------------------------------------------------------


def test_import_pulls_in_no_heavy_modules():
    code = (
        "import sys; import store.privacy; "
        "heavy = ('typing', 'dataclasses', 'logging', 'tomllib', 'json', 'peewee'); "
        "print(','.join(m for m in heavy "
        "if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == ""


def test_every_secret_rule_has_its_anchors():
    # find_secrets skips a rule whose anchors are absent: a rule added without
    # anchors would silently never run.
    from store.privacy.rules import TOKEN_RULES

    for rule in TOKEN_RULES:
        assert rule.anchors and all(a == a.lower() for a in rule.anchors), rule.kind


def test_redacted_text_is_not_found_again():
    # Otherwise the secrets audit could never be cleared for a token inside a URL.
    from store.privacy import find_secrets, redact_secrets

    token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    once = redact_secrets(f"git clone https://x:{token}@github.com/acme/app.git")
    assert token not in once
    assert find_secrets(once) == []
    assert redact_secrets(once) == once


@pytest.mark.parametrize("url", [
    "git clone https://{token}@github.com/acme/app.git",  # the token is the whole user part
    "git push https://x-access-token:{token}@github.com/acme/app.git",
    "see https://u:{token}@h.example and https://u2:hunter2pass@h.example",
])  # fmt: skip
def test_a_redaction_marker_inside_a_url_is_not_a_password(url):
    # `https://[REDACTED:github_token]@host` once read as user `[REDACTED`, password
    # `github_token]`: the audit listed every such memory again after redact-all.
    from store.privacy import find_secrets, redact_secrets

    token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    once = redact_secrets(url.format(token=token))
    assert token not in once and "hunter2pass" not in once
    assert find_secrets(once) == []
    assert redact_secrets(once) == once


@pytest.mark.parametrize("line", [
    "__all__ = ('Context', 'ContextVar', 'Token', 'copy_context')",
    '"splitpasswd", "splitport", "splitquery", "splittag",',
    "AIX filesets are identified by four decimal values: V.R.M.F.",
    "def refresh(token: AuthToken) -> None:",
    "mysql -u root -p app_db",
    "PWD=/home/dev/app; OLDPWD=/home/dev",
    "docker login -u ci --password-stdin registry.example.com",
    "npm install --bypass-cache left-pad",
    "a key-value store keeps key-0 to key-9",
    "echo hello | grep h",
    "redis-cli -h cache ping",
    "localhost:5432 is where postgres listens",
    "if any(s in key.lower() for s in ('key', 'token', 'secret')):",
    "Token = namedtuple('Token', ['token', 'text', 'start', 'end', 'line'])",
    "password = db_password",
    "token: Token = None",
    "setx PATH C:\\tools",
    "config.set('api_key', os.environ['API_KEY'])",
])  # fmt: skip
def test_ordinary_code_is_left_alone(line):
    # Lines of ordinary code and prose near the new shapes: measured on 17 MB of code, these
    # are the kinds of lines a looser rule took for secrets.
    assert redact_secrets(line) == line


def test_a_diff_hunk_is_cleaned_as_one_text():
    body = ["MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi7Ax5P0gJ4lGfXbTq1xYz",
            "bV7kW8p1m2n3o4p5q6r7s8t9u0v1w2x3y4z5A6B7C8D9E0F1G2H3I4J5K6"]
    hunk = {"lines": [" keys = {", "+-----BEGIN RSA PRIVATE KEY-----", *("+" + b for b in body),
                      "+-----END RSA PRIVATE KEY-----", "+<private>", "+internal host db-7.corp",
                      "+</private>", "+https://deploy:hunter22@git.example.com/app.git", " }"]}  # fmt: skip
    out = clean_value({"structuredPatch": [hunk]})["structuredPatch"][0]["lines"]
    joined = "\n".join(out)
    assert not any(b[:20] in joined for b in body)
    assert "db-7.corp" not in joined and "hunter22" not in joined
    assert out[0] == " keys = {" and out[-1] == " }"
    # the body of a key whose BEGIN line is outside the hunk's context goes too
    partial = clean_value({"lines": [" x", *("-" + b for b in body), " y"]})["lines"]
    assert not any(b[:20] in "\n".join(partial) for b in body) and partial[0] == " x"


def test_lines_that_hold_nothing_to_clean_come_back_as_they_were():
    lines = ["+def add(a, b):", "+    return a + b", ""]
    assert clean_value({"lines": lines}) == {"lines": lines}


def test_the_memoising_cleaner_answers_as_clean_value_does():
    # The importer cleans with memo (a transcript repeats its strings); the answers must be
    # the ones clean_value gives, for a value seen once or again, a key secret-named or not.
    from store.privacy import Cleaner

    token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    long_text = "log line\n" * 100 + f"TOKEN={token}\n"
    value = {
        "command": f"export GITHUB_TOKEN={token}",
        "password": "hunter2", "apiKey": "${API_KEY}", "max_tokens": "1024",
        "lines": ["+-----BEGIN RSA PRIVATE KEY-----", "+MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi7Ax5",
                  "+-----END RSA PRIVATE KEY-----"],
        "output": long_text, "again": [long_text, {"password": "hunter2"}],
        f"key {token}": "v", "<private>k</private>": 1,
    }  # fmt: skip
    cleaner = Cleaner(("ZX-\\d+",), memo=True)
    for _ in range(3):  # the second and third walks answer from the memo
        assert cleaner.value(value) == clean_value(value, ("ZX-\\d+",))
    assert cleaner.value("id ZX-99") == "id [REDACTED:custom]"
    assert Cleaner().value(value) == clean_value(value)


@pytest.mark.parametrize(
    "text, secret",
    [
        ("DB_PASSWORD=Gx7.kP2m", "Gx7.kP2m"), ("docker run -d -e POSTGRES_PASSWORD=Gx7_kP2m postgres", "Gx7_kP2m"),
        ("export STRIPE_SECRET=Sunshine", "Sunshine"), ("DB_PASSWORD=482913", "482913"),
        ("[client]\nuser = root\npassword = sunshine", "sunshine"), ("[github]\n\ttoken = sunshine", "sunshine"),
        ("database:\n  password: Gx7.kP2m\n  user: app", "Gx7.kP2m"), ("smtp:\n  pass: Kp_Lm_92", "Kp_Lm_92"),
        ("requirepass Gx7.kP2m", "Gx7.kP2m"), ("git config --global github.token 482913", "482913"),
        ("X-Auth-Token: Kp_Lm_92", "Kp_Lm_92"), ("GET /v1/items?api_key=Gx7.kP2m&page=2", "Gx7.kP2m"),
        ("the password is 482913", "482913"), ("A senha é Sunshine", "Sunshine"),
        ("Authorization: Bearer Gx7.kP2m", "Gx7.kP2m"),
        ("kubectl set env deployment/api DB_PASSWORD=Sunshine", "Sunshine"),
        ("kubectl create secret docker-registry r --docker-username=ana --docker-password=Kp_Lm_92", "Kp_Lm_92"),
        ("docker run -d postgres:16 -c password=482913", "482913"), ("wifi password: Gx7.kP2m", "Gx7.kP2m"),
        ("SSID: Office5G  Password: Kp_Lm_92", "Kp_Lm_92"), ('git config --global github.token "Sunshine"', "Sunshine"),
    ],
)
def test_a_value_of_any_shape_is_a_literal_where_no_code_runs(text, secret):
    assert secret not in clean_text(text)


@pytest.mark.parametrize("text", ["    token = result", "password=$(cat /run/secrets/pw)", "PORT=5432\nTOKEN=12",
                                  "class Creds:\n    password: SecretStr", "  user: str\n  token: Token",
                                  "Password changed", "token = np.float64", "the password is incorrect",
                                  "the token is valid for 3600 seconds", "Authorization: Bearer os.path",
                                  "f(password=value)", "password: SecretStr"])
def test_code_and_commands_assigned_to_a_secret_name_are_kept(text):
    assert clean_text(text) == text
