"""Fixtures and names (real Claude Code transcripts, part B)."""

from __future__ import annotations

from store.privacy import clean_text
from tests.store.privacy import kept


def test_a_value_whose_words_say_it_is_a_test_one_is_a_fixture():
    # words joined by `-` or `_` that open or close with test, dummy, example, sample, mock:
    # the value says what it is (a test's settings, a README's example)
    for text in ('JWT_SECRET="dummy-signing-secret-for-ci-only" pytest -q tests/api',
                 "os.environ['APP_SECRET'] = 'example_session_secret_48_bytes!'",
                 'HMAC_KEY="test-hmac-key-at-least-32-bytes!" python -c "import app"',
                 "settings = Settings(secret_key='mock-secret-value-long-enough', debug=True)",
                 'API_TOKEN=local_dev_token_for_tests npm test'):
        kept(text)
    # a secret that merely holds such a word, a weak but plausible password, stays redacted
    for text, value in (('JWT_SECRET="Test-9fQ2vLk8mZ3x"', "Test-9fQ2vLk8mZ3x"),
                        ("password=testpass123", "testpass123"),
                        ('{"login": "qa.team@shop.example", "pass": "test-mybakery-2024"}', "test-mybakery-2024"),
                        ('SESSION_SECRET="q8Zt-example-Lr4Wm9"', "q8Zt-example-Lr4Wm9")):
        assert value not in clean_text(text), clean_text(text)


def test_a_secret_name_with_a_digit_in_a_word_is_a_name():
    # a provider's name with a digit (S3, R2, B2, OAUTH2) among a secret's name's words: an
    # environment variable's name listed, not its value
    for text in ('if (!["B2_KEY_ID", "B2_SECRET_KEY"].every((k) => process.env[k])) return;',
                 "needed = ('R2_ACCESS_KEY', 'R2_SECRET_KEY')",
                 'creds = {"id": env["OAUTH2_CLIENT_ID"], "secret": "OAUTH2_CLIENT_SECRET"}'):
        kept(text)
    # a value in one case with digits inside its words stays a value
    for value in ("X9K4_SECRET_Q7", "p4ss-w0rd-key"):
        text = f'AWS_SECRET_ACCESS_KEY="{value}"'
        assert value not in clean_text(text), clean_text(text)


def test_a_bold_labels_last_word_is_prose():
    # markdown's bold label (`**Token Storage:**`, `**Password Reset**:`): its last word with the
    # bold's mark is a heading's, not a value after a secret's word
    for text in ("3. **Token Rotation:** tokens are renewed by the worker every hour",
                 "- **API Key Handling**: keys are read from the vault at start",
                 "* **Password Hashing:** argon2id with a per-user salt",
                 "- **Secret Rotation Policy:** every ninety days, by the scheduler"):
        kept(text)
    # a value a bold label announces still goes
    text = "- **Token:** 9fQ2vLk8mZ3xR7tB"
    assert "9fQ2vLk8mZ3xR7tB" not in clean_text(text), clean_text(text)


def test_a_word_of_letters_is_no_token():
    # a token is generated: a word of letters in one case after a token's label is a word of an
    # error message, a sentence or an editor's fixed setting
    for text in ("error checking token: missing audience claim",
                 "server --listen 127.0.0.1:7000 --connection-token=localdev --no-browser",
                 "- Stripe Webhook Secret: Stored in the vault under `billing/webhook`"):
        kept(text)
    # a token of letters and digits, a password that is a word, stay redacted
    for text, value in (("--connection-token=k2Jf9QzLx8vM", "k2Jf9QzLx8vM"), ("password: sunflower", "sunflower")):
        assert value not in clean_text(text), clean_text(text)


def test_a_cell_under_an_encrypted_column_is_ciphertext():
    # psql's table: a column whose name says encrypted holds ciphertext (an iv and its data), not
    # the secret; the same value under another column's name still goes
    table = (" provider | {col}\n----------+--------------------------------------------------------\n"
             " paypal   | 9c1e0a7f3b2d4e6f8a0b1c2d3e4f5a6b:7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b...\n(1 row)")
    text = table.format(col="encrypted_secret")
    kept(text)
    text = table.format(col="api_secret")
    assert "9c1e0a7f3b2d4e6f8a0b" not in clean_text(text), clean_text(text)
    # a cipher's key is the secret itself, not ciphertext: its column is read
    text = table.format(col="cipher_key")
    assert "9c1e0a7f3b2d4e6f8a0b" not in clean_text(text), clean_text(text)


def test_a_password_a_test_client_sends_to_its_own_app_is_a_fixture():
    # a test's client posts to a path of the app under test (no host: the app runs in the test's
    # process, on the test's own database) and asserts on the answer: the account is the test's
    text = ("    resp = api.post('/accounts/signup', json={'login': 'maria', 'password': 'garden42'})\n"
            "    assert resp.status_code == 201\n")
    kept(text)
    text = ('  const res = await agent.post("/session").send({ email: "e@x.io", password: "Bicycle99" });\n'
            "  expect(res.status).toBe(200);\n")
    kept(text)
    # the same call to a host, or with no assertion after it, still goes
    for text in ("    resp = requests.post('https://shop.example.com/accounts/login', json={'login': 'maria', 'password': 'garden42'})\n"
                 "    assert resp.status_code == 200\n",
                 "    resp = api.post('/accounts/signup', json={'login': 'maria', 'password': 'garden42'})\n"
                 "    print(resp.json())\n"):
        assert "garden42" not in clean_text(text), clean_text(text)
