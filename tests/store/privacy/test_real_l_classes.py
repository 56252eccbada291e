"""Classes the held real part L showed after its figures were taken (it is a dev part since), each
written with made-up values of the same shape, with neighbours on the other side."""

import base64
import json

import pytest

from store.privacy import clean_text, clean_value


@pytest.mark.parametrize("text", [
    "      console.log('signIn callback:', {\n        account: !!account,\n        existingToken: !!token?.email,\n      });",
    "  const token = session?.user.accessToken;\n  headers: { token: user?.profile.token },",
    "root@db01:/srv/app# grep \"DB_PASS\" .env.production",
    "2. APIキーを .mcp.json に直接設定（再起動後に利用可能）",
    "password: .env.local (ask Ana for the file)",
])
def test_code_members_and_hidden_file_names_are_kept(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("text, secret", [
    ('DB_PASSWORD="Ab?.Cd9"', "Ab?.Cd9"),
    ("password: .hunter2", ".hunter2"),
    ("token: !!Xq8vT2nLp4Rw", "Xq8vT2nLp4Rw"),
])
def test_a_password_that_looks_like_a_member_or_a_dotfile_stays_redacted(text, secret):
    assert secret not in clean_text(text)


def test_a_user_named_after_a_chinese_account_label_is_kept_and_its_password_goes():
    prompt = "我的账号和密码是账号：kvmz0193 \n密码：c7d1e2a9 数据调用说明参考pdf文档"
    out = clean_value({"hook_event_name": "UserPromptSubmit", "prompt": prompt})["prompt"]
    assert "账号：kvmz0193" in out and "c7d1e2a9" not in out
    summary = "   - Provided credentials: 账号：kvmz0193, 密码：c7d1e2a9\n"
    assert clean_text(summary) == "   - Provided credentials: 账号：kvmz0193, 密码：[REDACTED:password]\n"


@pytest.mark.parametrize("text, secret", [
    ("Password for the 'elastic' user: Zq!Harbor7", "Zq!Harbor7"),
    ("credentials: admin:Ember!x92", "Ember!x92"),
    ("user: admin\npassword: Ember!x92", "Ember!x92"),
])
def test_a_password_beside_a_user_label_stays_redacted(text, secret):
    assert secret not in clean_text(text)


@pytest.mark.parametrize("text", [
    "  const corsOptions = {\n    origin: [\"https://app.example.com\"],\n"
    "    allowedHeaders: [\"Authorization\", \"Content-Type\", \"X-Requested-With\"],\n  };",
    "     45\t                .allowedHeaders(\"Authorization\",\"Cache-Control\",\"Content-Type\")",
    "        config.setAllowedHeaders(List.of(\"Authorization\", \"Accept-Language\"));",
    "\tAllowHeaders:     []string{\"Authorization\", \"X-CSRF-Token\"},",
    "  exposedHeaders: ['Authorization', 'X-B3-TraceId'],",
    "< Access-Control-Allow-Headers: Authorization, X-Api-Key, Content-Type",
])
def test_a_headers_name_listed_after_authorization_is_kept(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("text, secret", [
    ('  "headers": ["Authorization", "qT8vLm3XwZr6NpB2sKd9"]', "qT8vLm3XwZr6NpB2sKd9"),
    ('req.Header.Set("Authorization", "Token Zk4m-Qp8v-Lx2n")', "Zk4m-Qp8v-Lx2n"),
    ('["Authorization", "Bearer qT8vLm3XwZr6NpB2sKd9"]', "qT8vLm3XwZr6NpB2sKd9"),
])
def test_a_value_after_authorization_in_a_list_or_call_stays_redacted(text, secret):
    assert secret not in clean_text(text)


@pytest.mark.parametrize("text", [
    "$ initdb --auth-local=scram-sha-256 --auth-host=md5 -D /var/lib/postgresql/data",
    '      POSTGRES_INITDB_ARGS: "--auth=scram-sha-256"',
    '  auth_method: "oauth2"',
    "password_encryption = scram-sha-256\t\t# scram-sha-256 or md5",
    "# TYPE  DATABASE  USER  ADDRESS       METHOD\nhost    all       all   0.0.0.0/0     scram-sha-256\n"
    "local   all       postgres            trust",
])
def test_an_authentication_methods_name_is_kept(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("text, secret", [
    ("initdb --auth-local=Xq8vT2nLp4Rw", "Xq8vT2nLp4Rw"),
    ("curl --auth-token=scram-sha-256 https://api.example.com", "scram-sha-256"),
    ("mongo-express --auth=admin:Quill!Birch42", "Quill!Birch42"),
])
def test_a_value_under_an_auth_label_that_names_no_method_stays_redacted(text, secret):
    assert secret not in clean_text(text)


_RUDDER = "RudderEncrypt%3AU2FsdGVkX19Qm7kVvPj4o3aS9yJbK2Xc1Vn8sLdE4w%3D"


@pytest.mark.parametrize("text", [
    "curl 'https://app.example.com/api/me' \\\n  -H 'accept: application/json' \\\n"
    f"  -H 'cookie: rl_page_init_referrer={_RUDDER}; rl_anonymous_id={_RUDDER}; "
    "ajs_anonymous_id=%22c2e7d3f5-9a4b-4e82-8d1e-3b6f8c0a2d44%22; _ga=GA1.1.1234567890.1712345678' \\\n  --compressed",
    "Cookie: _ga=GA1.1.1234567890.1712345678; _gid=GA1.2.987654321.1712345678; "
    "rl_anonymous_id=RS_ENC_v3_ImIxZjZjMmQ0LThlM2EtNGY3MS05YzBkLTJhNWU3YjlmMWMzMyI%3D",
])
def test_an_analytics_librarys_anonymous_id_cookies_are_kept(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("text, secret", [
    (f"Cookie: rl_anonymous_id={_RUDDER}; rl_session=q8Xv2LmN4pR7tY1wZ3kB6cD9fH0jS5aE", "q8Xv2LmN4pR7tY1wZ3kB6cD9fH0jS5aE"),
    ("Cookie: _ga=GA1.1.1234567890.1712345678; session=q8Xv2LmN4pR7tY1wZ3kB6cD9fH0jS5aE", "q8Xv2LmN4pR7tY1wZ3kB6cD9fH0jS5aE"),
    ("-H 'Cookie: ajs_anonymous_id=%22c2e7d3f5%22; connect.sid=s%3AqW8eR2tY6uI0oP4aS7dF1gH5jK9lZ3x.Xc8Vb2Nm4Lk6Jh0Gf9Ds'",
     "qW8eR2tY6uI0oP4aS7dF1gH5jK9lZ3x"),
    (f"Cookie: rl_user_id={_RUDDER}; _session_id=9f8e7d6c5b4a39281706f5e4d3c2b1a0", "9f8e7d6c5b4a39281706f5e4d3c2b1a0"),
])
def test_a_session_cookie_beside_analytics_cookies_stays_redacted(text, secret):
    assert secret not in clean_text(text)


@pytest.mark.parametrize("text", [
    "    12\ttype Client struct {\n    13\t\tToken        *oauth2.Token\n    14\t\tAccessToken  *string\n"
    "    15\t\tSecret       corev1.SecretKeySelector `json:\"secret\"`\n    16\t}",
    "\tToken    oauth2.TokenSource",
    '     8\t    def login(self, token: str) -> Session:\n     9\t        """Log in with a personal token.\n'
    '    10\t\n    11\t        Example:\n    12\t            >>> client = Client(api_key="sk-example-123")\n'
    '    13\t            >>> client.login(token="tok_example_123")\n    14\t        """',
    "        token (str): API token, for example ``abc123def456ghi789``.",
])
def test_a_go_fields_type_and_an_examples_value_are_kept(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("text, secret", [
    ("type Client struct {\n\tToken        *Qx7vLp2Nz9Rw\n}", "Qx7vLp2Nz9Rw"),
    ("\tToken: \"Qx7vLp2Nz9Rw\",", "Qx7vLp2Nz9Rw"),
    ('    >>> client = Client(api_key="sk-Qx7vLp2Nz9Rw4mTb")', "sk-Qx7vLp2Nz9Rw4mTb"),
    ("DB_PASSWORD=abc123", "abc123"),
    ("API_TOKEN=example-Qx7vLp2Nz9Rw", "Qx7vLp2Nz9Rw"),
])
def test_a_fields_value_and_a_real_key_in_an_example_stay_redacted(text, secret):
    assert secret not in clean_text(text)


def test_a_random_password_beside_an_example_domain_stays_redacted():
    text = "| Backblaze | ops@acme.example | 9AqZbQpFq7sFa2Rn | 2026-09 |"
    assert "9AqZbQpFq7sFa2Rn" not in clean_text("| Account | Login | Password | Rotated |\n|---|---|---|---|\n" + text)


@pytest.mark.parametrize("text, secret", [
    ("      client-secret: ${OAUTH_CLIENT_SECRET:myapp-secret}", "myapp-secret"),
    ("spring.datasource.password=${DB_PASSWORD:supersecret-dev}", "supersecret-dev"),
])
def test_a_placeholders_default_named_for_a_secret_goes(text, secret):
    assert secret not in clean_text(text)


@pytest.mark.parametrize("text", [
    "spring.datasource.password=${DB_PASSWORD:}\nserver.port=${PORT:8080}",
    "x.password=${DB_PASSWORD:${FALLBACK_PASS}}",
    "y.password=${DB_PASSWORD:changeme}",
    "      secretName: ${SECRET_NAME:myapp-secret}",
])
def test_an_empty_a_nested_a_stand_in_or_a_names_default_stays(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("text, secret", [
    ("diff --git a/src/main/resources/application-dev.properties b/src/main/resources/application-dev.properties\n"
     "@@ -3,3 +3,3 @@\n-admin.token=admin-token-local\n+admin.token=${ADMIN_TOKEN}\n billing.service.token=billing-token-dev\n",
     "token-"),
    ('    12\t    private static final String ADMIN_TOKEN = "admin-token-dev";', "admin-token-dev"),
    ('    const val SERVICE_TOKEN = "reporting-token-local"', "reporting-token-local"),
])
def test_a_development_services_token_of_words_goes(text, secret):
    assert secret not in clean_text(text)


@pytest.mark.parametrize("text", [
    "      secretName: admin-token-dev",
    "  valueFrom:\n    secretKeyRef:\n      name: admin-token-dev\n      key: token",
    "export TOKEN_SECRET_NAME=admin-token-dev",
    'token_type: "access-token"',
])
def test_a_secrets_name_of_the_same_words_stays(text):
    assert clean_text(text) == text


_BASIC = "Y2xpZW50OlFwOHZMeDJuUnQ1dw=="  # client:Qp8vLx2nRt5w


@pytest.mark.parametrize("text", [
    f'curl -s -H "Authorization: Basic {_BASIC}" https://auth.example.com/oauth/token',
    f"The token endpoint expects `Basic {_BASIC}` in the header, built from the client id and its secret.",
    f"$ echo -n 'client:Qp8vLx2nRt5w' | base64\n{_BASIC}\n",
    f"Use this basic auth value: {_BASIC}",
])
def test_a_basic_credentials_base64_goes_wherever_it_stands(text):
    out = clean_text(text)
    assert _BASIC not in out and "Qp8vLx2nRt5w" not in out


@pytest.mark.parametrize("text", [
    'query { node(id: "VXNlcjox") { id } }',  # User:1
    "next_cursor=YXJyYXljb25uZWN0aW9uOjEw",  # arrayconnection:10
    '"id": "Z2lkOi8vc2hvcGlmeS9Qcm9kdWN0LzEyMw=="',  # gid://shopify/Product/123
    "after=Y3JlYXRlZF9hdDoyMDI0LTA1LTAxVDEwOjAwOjAwWg==",  # created_at:2024-05-01T10:00:00Z
])
def test_base64_of_an_id_a_cursor_or_a_time_stays(text):
    assert clean_text(text) == text


def _node_id(kind: str, number: int) -> str:
    return base64.b64encode(f"{len(kind):02d}:{kind}{number}".encode()).decode()


def test_a_listing_of_repositories_and_their_owners_node_ids_stays():
    # a code host's API lists each repository and owner with a legacy global id, base64 of its type's
    # length, its type's name and its number: a Basic credential's shape (a login, a colon, a word and digits)
    items = [{"id": 1308518 + i * 7919, "node_id": _node_id("Repository", 1308518 + i * 7919),
              "name": f"components-{i}", "private": False,
              "owner": {"login": f"dev{i}", "id": 5364 + i, "node_id": _node_id(kind, 5364 + i)}}
             for i, kind in zip(range(40), ["User", "Organization"] * 20)]
    listing = json.dumps({"total_count": 40, "incomplete_results": False, "items": items}, indent=2)
    assert clean_text(listing) == listing
    basic = base64.b64encode(b"1042:Summer2024!x").decode()
    assert basic not in clean_text(f'curl -H "Authorization: Basic {basic}" https://api.example.com/')


@pytest.mark.parametrize("prompt, secret", [
    ("sk_4f9a2c7e1b8d3f6a0c5e9b2d7f1a4c8e3b6d9f2a5c8e1b4d this is the voice api key, add it to .env",
     "4f9a2c7e1b8d3f6a0c5e9b2d7f1a4c8e3b6d9f2a5c8e1b4d"),
    ("sk_Xq8vT2nLp4Rw9mKbZ3cY7fH1jD5sA0eU\nput it in the settings", "Xq8vT2nLp4Rw9mKbZ3cY7fH1jD5sA0eU"),
    ("sk_live_51Hx2kLmN8pQ4rS7tU9vW3xY5zA6bC1dE2fG3hI4jK5lM6 wire the webhook", "51Hx2kLmN8pQ4rS7tU9vW3xY5zA6bC1dE2fG3hI4jK5lM6"),
])
def test_a_secret_keys_sk_pasted_at_a_prompts_start_goes(prompt, secret):
    out = clean_value({"hook_event_name": "UserPromptSubmit", "prompt": prompt})["prompt"]
    assert secret not in out


def test_a_kernels_sk_words_stay():
    text = "struct sk_buff *skb = sk_buff_alloc(len);\nsk->sk_sndbuf_size_in_bytes_for_this_socket = 4096;"
    assert clean_text(text) == text


@pytest.mark.parametrize("text, secret", [
    ("sed -i 's/^# requirepass .*/requirepass S3cr3tR3d1s/' /etc/redis/redis.conf", "S3cr3tR3d1s"),
    ('sudo sed -i -e "s|^DB_PASSWORD=.*|DB_PASSWORD=Quill!Birch42|" .env', "Quill!Birch42"),
    ("- **requirepass**: R3d1sP@ss!", "R3d1sP@ss!"),
    ("- requirepass: R3d1sP@ss!", "R3d1sP@ss!"),
])
def test_a_password_in_a_seds_replacement_or_a_bullet_goes(text, secret):
    assert secret not in clean_text(text)


@pytest.mark.parametrize("text", [
    "sed -i 's/^requirepass .*/requirepass ${REDIS_PASSWORD}/' redis.conf",
    "sed -i 's/password=.*/password=/' app.ini",
    "sed -i 's/^#\\?PasswordAuthentication .*/PasswordAuthentication no/' /etc/ssh/sshd_config",
    "sed -E 's/(token=)[^&]+/\\1REDACTED/g' access.log",
    "- token: ci@example.com/api (the service's account)",
])
def test_a_seds_reference_a_setting_and_an_address_stay(text):
    assert clean_text(text) == text


def test_sed_substitutions_past_the_cap_are_not_read_and_the_text_is_read_fast():
    import time

    from store.privacy import substitutions

    head = "sed -i 's/^x .*/x y/' a.conf\n" * substitutions.MAX_READ
    text = head + "sed -i 's/^# requirepass .*/requirepass S3cr3tR3d1s/' b.conf\n" + "sed 's/\\/\\/\\/' " * 20_000
    started = time.perf_counter()
    out = clean_text(text)
    assert time.perf_counter() - started < 10
    assert "requirepass S3cr3tR3d1s" in out  # past MAX_READ substitutions: the line is not read


def _browser_call(name, given):
    return {"type": "assistant", "message": {"role": "assistant", "content": [
        {"type": "tool_use", "id": "toolu_01Q8vLx2nRt5wZk4mQp8vLx2", "name": name, "input": given}]}}


@pytest.mark.parametrize("given, secret", [
    ({"element": "Password input", "ref": "e12", "text": "password123"}, "password123"),
    ({"element": "Passwort-Feld", "ref": "e3", "text": "Test1234!", "submit": True}, "Test1234!"),
    ({"fields": [{"name": "Email", "type": "textbox", "ref": "e11", "value": "qa.user@example.com"},
                 {"name": "Password", "type": "textbox", "ref": "e12", "value": "Hunter2024!"}]}, "Hunter2024!"),
])
def test_a_password_a_browser_tool_types_into_a_password_field_goes(given, secret):
    out = clean_value(_browser_call("mcp__playwright__browser_type", given))
    assert secret not in str(out)


@pytest.mark.parametrize("given", [
    {"element": "Email input", "ref": "e11", "text": "qa.user@example.com"},
    {"element": "Password input", "ref": "e12", "text": "${TEST_PASSWORD}"},
    {"element": "Search box", "ref": "e2", "text": "reset password"},
    {"fields": [{"label": "Password strength", "value": "strong"}, {"name": "password_min_length", "value": "12"}]},
])
def test_what_a_browser_tool_types_elsewhere_stays(given):
    call = _browser_call("mcp__playwright__browser_type", given)
    assert clean_value(call) == call


@pytest.mark.parametrize("text", [
    '     12\t@pytest.fixture\n     13\tdef user(db):\n'
    '     14\t    return User.objects.create_user(username="tester", password="testpass123")',
    "describe('auth', () => {\n  it('logs in', async () => {\n    await login({ email: 'a@b.test', password: 'testpass123' });",
    'func TestLogin(t *testing.T) {\n\tu := NewUser("tester", "fakepassword1")\n\terr := svc.Login(u.Name, "fakepassword1")',
])
def test_a_test_fixtures_password_of_test_words_in_a_tests_code_is_kept(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("text, secret", [
    ("services:\n  db:\n    environment:\n      POSTGRES_PASSWORD: testpass123", "testpass123"),
    ('@pytest.fixture\ndef user(db):\n    return User.objects.create_user(username="tester", password="Winter2024!")',
     "Winter2024!"),
    ('def test_connects():\n    conn = psycopg.connect(host="db.prod.internal", password="testpass123")', "testpass123"),
])
def test_a_weak_password_outside_a_test_another_password_in_one_and_a_hosts_stay_redacted(text, secret):
    assert secret not in clean_text(text)


def test_a_token_of_words_that_says_it_is_a_tests_stays():
    text = "API_TOKEN=local_dev_token_for_tests npm test"
    assert clean_text(text) == text
