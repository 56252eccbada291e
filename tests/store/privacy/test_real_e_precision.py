"""False redactions of real transcripts' shapes, by class (each test's text is our own, of the
same shape: other words and values)."""

import pytest

from store.privacy import clean_text, find_secrets
from tests.store.privacy import redacted


@pytest.mark.parametrize("text", [
    "MEXC_SECRET_KEY=您的交易所密钥\n",
    "BINANCE_API_SECRET=你的Binance密钥\nBINANCE_API_KEY=你的API密钥\n",
    'log.warn("WALLET_PASSWORD=请填写钱包密码")\n',
    "DB_PASSWORD=あなたのパスワード\n",
    "VENDOR_TOKEN: 你的访问令牌\n",
    "KRAKEN_PASSPHRASE=您的Kraken密码\n",
    "STRIPE_API_KEY=ここにStripeのトークン\n",
])  # fmt: skip
def test_a_value_that_names_a_secret_in_a_head_final_script_is_a_stand_in(text):
    """Chinese and Japanese write a noun phrase without spaces, its head noun last: a value of
    letters alone that ends in a secret's noun (`你的API密钥`, "your API key") describes the secret
    it stands in for, whatever words qualify the noun."""
    assert find_secrets(text) == [], find_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("DB_PASSWORD=密码是Tr0ub4dor\n", "Tr0ub4dor"),
    ("OKX_SECRET_KEY=Kq7vX2mLp9Rt\n", "Kq7vX2mLp9Rt"),
    ("密码: Wq8rT2zLmQ\n", "Wq8rT2zLmQ"),
])  # fmt: skip
def test_a_value_after_a_head_final_label_stays_a_secret(text, value):
    redacted(text, value)


@pytest.mark.parametrize("text", [
    "const res = await fetch('/api/orders', {\n  method: 'PATCH',\n  credentials: 'include',\n})\n",
    "fetch(url, { credentials: \"same-origin\" })\n",
    "const opts = {\n    credentials: 'omit',\n    mode: 'cors',\n}\n",
    "router.use(cors({ credentials: true, origin: allowed }))\n",
    "pipeline:\n  tokens: disabled\n",
])  # fmt: skip
def test_a_word_under_a_plural_secret_name_is_a_setting(text):
    """A plural name (`credentials`, `tokens`) holds more than one value (a user and its password,
    a list, an object, a file); a word in lower case under it is an option's setting (fetch's
    `credentials: 'include'`), not the credentials themselves."""
    assert find_secrets(text) == [], find_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("credentials: 'Zq8vR2mLk4Tx'\n", "Zq8vR2mLk4Tx"),
    ("DB_CREDENTIALS=admin:Wq8rT2zLmQ\n", "Wq8rT2zLmQ"),
    ("credential: 'hunterwolfe'\n", "hunterwolfe"),
    ("password: 'sunflower'\n", "sunflower"),
])  # fmt: skip
def test_a_value_under_a_secret_name_stays_a_secret(text, value):
    redacted(text, value)


@pytest.mark.parametrize("text", [
    "\u2705 PASS: \u8ba2\u5355\u540c\u6b65-7d\n\u2705 PASS: \u8ba2\u5355\u540c\u6b65-30d\n",
    "  \u2714 PASS: checkout_flow_guest\n",
    "\U0001F7E2 PASS: retry-budget-exhausted\n\u274c FAIL: retry-window-open\n",
    "Migration self-check\nPASS 9/9\n- \u2705 schema.sql present\n",
    "== smoke ==\nPASS 31/32\n",
])  # fmt: skip
def test_a_report_line_with_a_status_mark_or_a_tally_keeps_its_words(text):
    """A test runner's report line: `PASS` after a status mark (a check mark, an emoji) names the
    test after it; `PASS 9/9` gives a tally.  Neither is a password's label."""
    assert find_secrets(text) == [], find_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("USER: deploy\nPASS: Wq8#rT2zLm\n", "Wq8#rT2zLm"),
    ("- USER: ops\n- PASS: Zr4!mPq8Lw\n", "Zr4!mPq8Lw"),
    ("PASS 7Gk2/pQ9\n", "7Gk2/pQ9"),
])  # fmt: skip
def test_a_password_under_pass_outside_a_report_stays_a_secret(text, value):
    redacted(text, value)


@pytest.mark.parametrize("text", [
    "/usr/bin/bash: line 1: D:toolsbuildrelease-notes.sh: command not found\n",
    "/usr/bin/bash: line 1: C:projectsledgerrun_nightly.bat: command not found\n",
    "bash: deploy_preview.ps1: command not found\n",
    "/bin/bash: line 1: RUNNING_IN_CI=yes: command not found\n",
    "/home/kim/notes/todo.md: line 12: **Backlog: command not found\n"
    "/home/kim/notes/todo.md: line 14: ===: command not found\n",
])  # fmt: skip
def test_a_command_the_shell_could_not_find_that_is_no_typed_word(text):
    """`X: command not found` stores a password typed where a command was expected; not where X is
    a file the shell was asked to run (a script's name, its folders' separators lost), an
    assignment the shell read as a command (`NAME=value`), or a line of a file that is no shell
    script run as one (the shell names the file and its line: a document's words)."""
    assert find_secrets(text) == [], find_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("bash: Tr0ub4dor&3x: command not found\n", "Tr0ub4dor&3x"),
    ("/usr/bin/bash: line 1: Kq7vX2mLp9: command not found\n", "Kq7vX2mLp9"),
    ("zsh: command not found: Wq8rT2zLmQ.\n", "Wq8rT2zLmQ"),
])  # fmt: skip
def test_a_password_typed_as_a_command_stays_a_secret(text, value):
    redacted(text, value)


def _b64(text):
    import base64

    return base64.b64encode(text.encode()).decode()


@pytest.mark.parametrize("text", [
    "git push https://marta:TU_CLAVE_AQUI@gitlab.com/marta/tienda.git\n",
    "DEPLOY_TOKEN=VOTRE_JETON_ICI\n",
    "SMTP_PASSWORD=DEIN_PASSWORT_HIER\n",
    "WEBHOOK_SECRET=[YOUR_WEBHOOK_SECRET\n",
    'SA_JSON={"type":"service_account","private_key":"-----BEGIN PRIVATE KEY-----\\nPASTE_THE_KEY_HERE\\n-----END PRIVATE KEY-----\\n"}\n',
    "-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----\n",
    "kind: Secret\ndata:\n  signing-secret: " + _b64("replace-with-your-signing-secret") + "\n",
    "kind: Secret\ndata:\n  db-password: " + _b64("changeme-in-prod-db-password") + "\n",
    "claude mcp add notion --env NOTION_API_KEY=KEY -- npx -y notion-mcp\n",
    "export LINEAR_TOKEN=TOKEN\n",
])  # fmt: skip
def test_a_stand_in_in_any_language_or_wrapping_is_no_secret(text):
    """A stand-in says so in the language it is written in (`TU_CLAVE_AQUI`, "your key here"),
    with its bracket cut off by the finder (`[YOUR_X`), as a key block's body of words, as the
    base64 a manifest asks for, or as its own name's last word (`API_KEY=KEY`)."""
    assert find_secrets(text) == [], find_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("git push https://marta:Tu7kQ2vXpL9@gitlab.com/marta/tienda.git\n", "Tu7kQ2vXpL9"),
    ("kind: Secret\ndata:\n  db-password: " + _b64("Wq8#rT2zLm-prod") + "\n", _b64("Wq8#rT2zLm-prod")),
    ("export LINEAR_TOKEN=lin_api_Kq7vX2mLp9Rt4Wz8Yb3N\n", "lin_api_Kq7vX2mLp9Rt4Wz8Yb3N"),
])  # fmt: skip
def test_a_value_beside_a_stand_ins_shape_stays_a_secret(text, value):
    redacted(text, value)


@pytest.mark.parametrize("text", [
    "const STORAGE_KEY = 'kanban-board-state-v3';\n",
    'export const CACHE_KEY = "recent-searches";\n',
    "const sessionStorageKey = 'wizard-step';\n",
    '{"issue_key": "OPS-412", "status": "open"}\n',
    "ticket_key: PAY-88\n",
])  # fmt: skip
def test_the_name_a_key_looks_up_is_no_secret(text):
    """Under a name of a key that is looked up (a browser storage's, a cache's), a value of words
    in lower case is that key's name; an issue tracker's key (`OPS-412`) names a ticket."""
    assert find_secrets(text) == [], find_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("AZURE_STORAGE_KEY=" + "Kq7vX2mLp9Rt4Wz8Yb3N" * 4 + "==\n", "Kq7vX2mLp9Rt4Wz8Yb3N"),
    ("AZURE_STORAGE_ACCOUNT_KEY=" + "Kq7vX2mLp9Rt4Wz8Yb3N" * 4 + "==\n", "Kq7vX2mLp9Rt4Wz8Yb3N"),
    ("ENCRYPTION_KEY=amber-falcon-river-stone\n", "amber-falcon-river-stone"),
])  # fmt: skip
def test_a_key_beside_a_lookups_shape_stays_a_secret(text, value):
    redacted(text, value)


def test_a_signed_urls_credential_scope_is_no_secret_but_its_key_id_and_signature_stay():
    """`X-Amz-Credential=<key id>/<date>/<region>/<service>/aws4_request`: the scope is the date,
    the region and the service of the signature; a key id in it (AKIA…) and the signature stay."""
    text = ("https://objects.example-cdn.net/b/7/3f?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential="
            "assetdelivery%2F20260101%2Feu-west-2%2Fs3%2Faws4_request&X-Amz-Date=20260101T101010Z"
            "&X-Amz-Expires=300&X-Amz-Signature=" + "9f3b2c7d" * 8 + "&X-Amz-SignedHeaders=host\n")
    assert "assetdelivery" in clean_text(text)
    assert "9f3b2c7d" not in clean_text(text)
    key_id = "AKIA" + "QX7ZK2LM4NB8RT3W"
    text = text.replace("assetdelivery", key_id)
    assert key_id not in clean_text(text)


@pytest.mark.parametrize("text", [
    "Closing session: SessionEntry {\n  _chains: {\n    'BQx7Kp2LmZ9vR4tWq8Yb3NcD6fGh1JkLmN0pQrS5uVwX': { chainKey: [Object], chainType: 1 }\n  },\n",
    "Closing session: SessionEntry {\n  _chains: {\n    BQx7Kp2LmZ9vR4tWq8Yb3NcD6fGh1JkLmN0pQrS5uVwX: { chainKey: [Object] }\n  },\n",
])  # fmt: skip
def test_a_random_value_standing_as_a_maps_key_is_no_secret(text):
    """A random value that a map is keyed by (a ratchet's public key, a hash, an id, its member's
    object after it) names the entry: the secret, if any, is the entry's value."""
    assert find_secrets(text) == [], find_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("password: *Hunter7Falcon*\n", "*Hunter7Falcon*"),
    ("chainKey: 'BQx7Kp2LmZ9vR4tWq8Yb3NcD6fGh1JkLmN0pQrS5uVwX'\n", "BQx7Kp2LmZ9vR4tWq8Yb3NcD6fGh1JkLmN0pQrS5uVwX"),
])  # fmt: skip
def test_a_value_beside_those_shapes_stays_a_secret(text, value):
    redacted(text, value)


@pytest.mark.parametrize("text", [
    "- the admin page (login with password reset) works again\n",
    "asked to make a login and password for the bakery site\n",
    "#   state.json -> the web login salt+password digest and the paired devices\n",
])  # fmt: skip
def test_login_and_password_in_a_sentence_are_no_netrc_entry(text):
    """`login <user> password <password>` is a netrc entry's; in a sentence the word after
    `password` is followed by more words (an entry ends at its line's end or at its next keyword)."""
    assert find_secrets(text) == [], find_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("machine api.example.org login ops password sunflower\n", "sunflower"),
    ("machine a.example.org login ops password tulipfield machine b.example.org login ci password Zr4mPq8Lw\n",
     "tulipfield"),
    ("default login anonymous password moonriver\n", "moonriver"),
])  # fmt: skip
def test_a_netrc_entrys_password_stays_a_secret(text, value):
    redacted(text, value)


@pytest.mark.parametrize("text", [
    "Vars on the host:\n- \u2705 `SESSION_SECRET` - Provisioned\n- \u2705 `STRIPE_WEBHOOK_SECRET` - Provisioned\n"
    "- \u2705 `APP_BASE_URL` - Provisioned\n",
    "| name | state |\n|---|---|\n| DB_PASSWORD: Missing |\n| DB_HOST: Missing |\n",
])  # fmt: skip
def test_a_status_given_to_a_name_that_is_no_secret_too_is_a_status(text):
    """A word a checklist gives several names, one of which names no secret (`APP_BASE_URL -
    Provisioned`), is the state of each, not the value of the secret's."""
    assert find_secrets(text) == [], find_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("DB_PASSWORD=Sunflowerfield\nREDIS_PASSWORD=Sunflowerfield\n", "Sunflowerfield"),
    ("  environment:\n    PG_DATABASE: ledger\n    PG_USER: ledger\n    PG_PASSWORD: ledger\n    PG_SCHEMA: ledger\n",
     "PG_PASSWORD: ledger"),
    ("- `SESSION_SECRET` - Kq7vX2mLp9\n- `APP_BASE_URL` - https://app.example.org\n", "Kq7vX2mLp9"),
])  # fmt: skip
def test_a_secret_beside_a_checklist_stays_a_secret(text, value):
    redacted(text, value)


@pytest.mark.parametrize("text", [
    "# never commit these\n.netrc\n*.token\n*apikeys*\n",
    "5. \u2705 Secret rotation - **Done in the vault job**\n",
    "token:\n  *passwords*\n",
])  # fmt: skip
def test_a_word_led_by_stars_is_a_glob_or_emphasis(text):
    """A word led by `*` (a glob's wildcard, `*apikeys*`; Markdown's emphasis, `**Done`) is a file
    pattern or prose, never a value a secret is."""
    assert find_secrets(text) == [], find_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("password: Welcome*\n", "Welcome*"),
    ("password: *Kq7vX2mLp9*\n", "*Kq7vX2mLp9*"),
    ("MYSQL_PASSWORD_HASH=*" + "2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19" + "\nDB_PASSWORD: Tr0ub4dor*\n", "Tr0ub4dor*"),
])  # fmt: skip
def test_a_value_with_stars_that_is_no_glob_stays_a_secret(text, value):
    redacted(text, value)


@pytest.mark.parametrize("text", [
    "print('HUB_TOKEN:', os.getenv('HUB_TOKEN', 'NOT_SET')[:20])\n",
    "tok = os.getenv('SLACK_TOKEN', 'UNSET')\n",
    "BOT_TOKEN=NOT-CONFIGURED\n",
    "api_key: undefined\n",
])  # fmt: skip
def test_a_value_that_says_none_is_given_is_no_secret(text):
    """A value that says there is none (`NOT_SET`, `UNSET`, `undefined`): a getter's default or a
    report's, standing for a secret not given."""
    assert find_secrets(text) == [], find_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("tok = os.getenv('SLACK_TOKEN', 'xoxb-" + "2471905832-" + "Kq7vX2mLp9Rt4Wz8Yb3N')\n", "Kq7vX2mLp9Rt4Wz8Yb3N"),
    ("BOT_TOKEN=Unsettled42\n", "Unsettled42"),
])  # fmt: skip
def test_a_value_beside_a_none_shape_stays_a_secret(text, value):
    redacted(text, value)
