"""Classes a real transcript part showed (stored secrets, and values redacted that are none), each
written with made-up values of the same shape, in the texts Claude Code hands the hook: a prompt, a
Bash command and its output, a Read's lines.  Beside each, neighbours on the other side, so a rule
that closes a class cannot reach past it."""

from __future__ import annotations

from store.privacy import clean_text, clean_value
from tests.store.privacy import kept, redacted

HEX40 = "7c1e9a4f2b8d0e6a3c5f7b9d1e2a4c6f8b0d2e4a"  # a classic OAuth token's shape, and a commit's
HEX64 = "e4b7a19c3f5d2086b1c4e7f9a2d5c8b0e3f6a9c2d5e8b1f4a7c0d3e6f9b2c5a8"
BASE62 = "Vr8Kq2Wz5Lm9Tx3Pb7Hn4Js6Dc1Fg0Yk8Ue2Ra5Ni9Ow3Qs7Mt4Xv6Bl1Ch0Zd8E"


# -- 1. A token alone as a URL's user (no `user:` part): a commit's hex never stands there.

def test_a_hex_token_as_a_urls_user_is_redacted_in_git_commands():
    redacted(f"git push https://{HEX40}@github.com/northwind/storefront.git main", HEX40)
    redacted(f"git remote set-url origin https://{HEX40}@github.com/northwind/storefront.git && git push",
             HEX40)
    redacted(f"$ git clone https://{HEX40[:24]}@gitlab.example.com/team/api.git\nCloning into 'api'...\n",
             HEX40[:24])  # a shorter hex before a repository's path


def test_a_token_as_a_urls_user_wrapped_across_two_lines_is_redacted():
    """Command output wrapped at the terminal's width breaks the token: both parts go."""
    out = clean_text("$ git push origin main\nfatal: unable to access 'https://" + HEX40[:27] + "\n"
                     + HEX40[27:] + "@github.com/northwind/storefront.git/': The requested URL returned error: 403\n")
    assert HEX40[:27] not in out and HEX40[27:] + "@" not in out, out
    assert "@github.com/northwind/storefront.git/" in out and "error: 403" in out


def test_a_user_name_a_commit_and_a_public_dsn_in_urls_are_kept():
    kept("git clone https://deploy@github.com/northwind/storefront.git")
    kept("git clone https://ana-bot@bitbucket.org/northwind/storefront.git")
    kept(f"See https://github.com/northwind/storefront/commit/{HEX40} for the fix")
    kept(f"$ git log -1 --format=%H\n{HEX40}\n")
    kept("Sentry.init({ dsn: 'https://" + HEX40[:32] + "@o481516.ingest.sentry.io/2342' })")
    kept("remote: https://github.com/northwind/storefront.git\n" + HEX40[:20] + "@ 2 files changed\n")


# -- 2. A prompt that is nothing but a pasted token.

def _prompt(text):
    event = {"hook_event_name": "UserPromptSubmit", "session_id": "s-1", "prompt": text}
    return clean_value(event)["prompt"]


def test_a_prompt_that_is_nothing_but_a_token_is_redacted():
    """A prompt of one token alone is the reply to `paste your key`: random characters, or hex longer
    than a commit's 40 digits.  A uuid, a commit's 40-hex sha and shorter hex pasted alone stay (ids
    and hashes a person pastes to name a thing); a sha256 asked about comes with words and stays.  A
    tool's output that is one token (a container's 64 hex id) is no prompt and stays."""
    for token in (BASE62, HEX64, BASE62[:32]):
        assert _prompt(token) == "[REDACTED:token]"
        assert _prompt(token + "\n") == "[REDACTED:token]\n"
    line = {"type": "user", "message": {"role": "user", "content": [{"type": "text", "text": BASE62}]}}
    assert clean_value(line)["message"]["content"][0]["text"] == "[REDACTED:token]"


def test_a_prompt_the_finders_read_keeps_their_kind_and_its_name():
    """A prompt that the finders read already (a provider's key, `NAME=X`) is cleaned as any text: the
    name stays and the kind is the provider's, not the lone token's (the import read such prompts as
    `[REDACTED:token]` whole, `API_KEY=` lost)."""
    github = "ghp_" + BASE62[:36]
    assert _prompt(github) == "[REDACTED:github_token]"
    assert _prompt("API_KEY=" + BASE62[:40]).startswith("API_KEY=[REDACTED:")


def test_an_id_a_hash_or_words_as_a_prompt_are_kept():
    for prompt in (HEX40, "4f6c2a1e-9b7d-4c3a-8e5f-1a2b3c4d5e6f", f"what is {HEX64}?",
                   f"is {HEX64} the sha256 of the release tarball?", "continue with the migration please",
                   "src/components/settings/TokenCardList.tsx", "your_openai_api_key_goes_here"):
        assert _prompt(prompt) == prompt
    event = {"hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_input": {"command": "docker run -d redis:7"},
             "tool_response": {"stdout": HEX64 + "\n", "stderr": ""}}
    assert clean_value(event)["tool_response"]["stdout"] == HEX64 + "\n"


# -- 3. Code read as a value.

def test_a_class_list_after_a_members_test_in_jsx_is_kept():
    """Already kept before this round in every form written here (a Read's lines, an Edit, a grep)."""
    kept("    41\u2192      <li\n    42\u2192        key={token.id}\n"
         "    43\u2192        className={token.isActive && \"border-indigo-500 ring-2\"}\n    44\u2192      >\n")
    kept('src/components/TokenRow.tsx:43:        className={cn("p-2", token.isActive && "border-indigo-500 ring-2 ring-offset-1")}')


def test_an_option_set_to_a_constant_in_an_error_message_is_kept():
    kept("$ npx playwright test\nError: page.goto: net::ERR_CERT_AUTHORITY_INVALID at https://localhost:3443/\n"
         "Pass ignoreHTTPSErrors:true to the browser context to skip the check\n")
    kept("Hint: Pass headless:false to watch the run")


def test_a_password_after_pass_in_a_sentence_stays_redacted():
    redacted("the smtp pass Kx9:Tq4!mZ2w until the vault is back", "Kx9:Tq4!mZ2w")
    redacted("Pass: admin:Harbor77x", "admin:Harbor77x")


# -- 4. Record ids.

def test_a_workflow_tools_record_ids_are_kept():
    kept('{\n  "name": "Sync leads",\n  "nodes": [\n    {\n      "type": "n8n-nodes-base.httpRequest",\n'
         '      "credentials": {"httpHeaderAuth": {"id": "Rw4TqZ8mKx2LpV7n", "name": "My API"}}\n    }\n  ],\n'
         '  "id": "Hc9WbN3sQy6JtR1d"\n}\n')
    kept('$ curl -s http://localhost:5678/api/v1/workflows/Hc9WbN3sQy6JtR1d -H "X-N8N-API-KEY: $N8N_API_KEY"\n')


def test_a_random_segment_under_a_credentials_collection_stays_redacted():
    redacted('$ curl -s http://localhost:5678/api/v1/tokens/Hc9WbN3sQy6JtR1d -H "X-N8N-API-KEY: $N8N_API_KEY"\n',
             "Hc9WbN3sQy6JtR1d")


def test_a_cloud_sessions_id_is_kept():
    kept("Resume at https://claude.ai/code/session_01Tq7ZkP3mXvW9bRw2LcNs5D\n")
    kept("Claude Code session: session_01Tq7ZkP3mXvW9bRw2LcNs5D (token usage 41k)\n")


def test_a_token_with_a_session_word_stays_redacted():
    redacted("SESSION_TOKEN=Tq7ZkP3mXvW9bRw2LcNs5DaY8\n", "Tq7ZkP3mXvW9bRw2LcNs5DaY8")
    redacted("Claude Code session: sess_Tq7ZkP3mXvW9bRw2LcNs5D (token usage 41k)\n", "Tq7ZkP3mXvW9bRw2LcNs5D")


# -- 5. A local proxy's dummy key: one word in lower case beside a base URL on this machine.

def test_a_word_as_a_local_proxys_key_is_kept():
    kept("export OPENAI_BASE_URL=http://localhost:11434/v1\nexport OPENAI_API_KEY=ollama\n")
    kept('client = OpenAI(base_url="http://localhost:11434/v1", api_key="ollama")')
    kept('client = OpenAI(base_url="http://127.0.0.1:8080/v1", api_key="sentinel-local")')


def test_a_made_key_or_a_password_word_stays_redacted():
    redacted("export OPENAI_API_KEY=Tq7ZkP3mXvW9bRw2LcNs5DaY8e\n", "Tq7ZkP3mXvW9bRw2LcNs5DaY8e")
    redacted("DB_PASSWORD=ollama\n", "ollama")
    redacted("export OPENAI_BASE_URL=https://llm.acme.io/v1\nexport OPENAI_API_KEY=vellichor\n", "vellichor")


# -- 6. Values a script already masked.

def test_values_already_masked_are_kept():
    kept("$ ./show-env.sh\nGITHUB_TOKEN=<redacted>\nANTHROPIC_API_KEY=sk-ant\u2026<redacted len=108>\n"
         "NPM_TOKEN=[masked]\nGH_PAT=ghp_****abcd\n")
    kept("SECRET_KEY=[masked]\nAPI_TOKEN=[masked]\n")


def test_a_key_beside_a_mask_stays_redacted():
    redacted("ANTHROPIC_API_KEY=sk-ant-api03-Tq7ZkP3mXvW9bRw2LcNs5DaY8eQ1 # was <redacted>\n",
             "Tq7ZkP3mXvW9bRw2LcNs5DaY8eQ1")
    redacted("API_KEY=[Tq7ZkP3mXvW9bRw2LcNs5D]\n", "Tq7ZkP3mXvW9bRw2LcNs5D")


# -- 7. A word of the prompt's language after a label.

def test_a_function_word_after_a_label_is_kept():
    for prompt in ("Credential: ton token GitHub est dans .env, pousse la branche", "Credential: ton",
                   "Passwort: dein Token liegt in der .env", "Senha: sua senha está no .env",
                   "Hasło: twoje hasło jest w .env", "Token: ma clé est dans le coffre"):
        kept(prompt)


def test_a_word_password_after_a_strong_label_stays_redacted():
    redacted("Passwort: geheim", "geheim")
    redacted("Credential: Lantern42!", "Lantern42!")


# -- 8. A secret scanner's rule table.

def test_a_scanners_rules_are_kept():
    """Already kept before this round but for a password's rule of look-aheads."""
    kept('[{"id": "aws-access-key", "regex": "AKIA[0-9A-Z]{16}"}, {"id": "github-pat", "regex": "ghp_[A-Za-z0-9]{36}"}]')
    kept('PATTERNS = {\n    "github": r"ghp_[A-Za-z0-9]{36}",\n    "anthropic": r"sk-ant-api03-[A-Za-z0-9_\\-]{93}AA",\n}\n')
    kept('PASSWORD_RULES = {"password": "(?=.*[A-Z])(?=.*[0-9]).{12,}"}')


def test_a_literal_key_in_a_rule_table_stays_redacted():
    redacted('EXAMPLES = {"github": "ghp_Tq7ZkP3mXvW9bRw2LcNs5DaY8eQ1Hb4J"}', "ghp_Tq7ZkP3mXvW9bRw2LcNs5DaY8eQ1Hb4J")


# -- 9. A variable named in an output.

def test_a_variable_reference_in_output_is_kept():
    """Already kept before this round."""
    kept("$ git push\nremote: HTTP Basic: Access denied\n"
         "fatal: Authentication failed for 'https://oauth2:$GIT_ACCESS_TOKEN@gitlab.com/team/api.git/'\n")
    kept("[deploy] Using token ${GIT_ACCESS_TOKEN} for gitlab.com\n")


def test_a_literal_token_in_the_same_places_stays_redacted():
    redacted("fatal: Authentication failed for 'https://oauth2:Tq7ZkP3mXvW9bRw2LcNs5D@gitlab.com/team/api.git/'\n",
             "Tq7ZkP3mXvW9bRw2LcNs5D")
