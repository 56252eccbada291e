"""Classes of real part M's false redactions and misses (shapes written here, no real value)."""

from __future__ import annotations

from store.privacy import clean_text
from tests.store.privacy import kept, redacted


def test_a_zsh_functions_line_before_command_not_found_is_no_typed_password():
    # zsh names the function and its line before `command not found: X`: X was typed, not them
    kept("cd:12: command not found: __nvm_lookup_alias\n"
         "readPairFromFakeHashTable:41: command not found: _b64\n"
         "writePairToFakeHashTable:42: command not found: _unb64\n")
    # a password typed where a command was expected still goes, in either shell's order
    redacted("zsh: command not found: Xk9#mQ2!pLw\n", "Xk9#mQ2!pLw")
    redacted("bash: Tr0ub4dor&3x!: command not found\n", "Tr0ub4dor&3x!")


def test_a_json_tool_result_with_a_time_is_no_pgpass_line():
    # host:port:db:user:password read across a time's colons into JSON's keys and a `null}`
    kept('{"type":"text","text":"Job: nightly, Queue ID: Qx81mPa, Started: 2025-06-01 09:14:52",'
         '"annotations":null,"_meta":null}')
    # a .pgpass line still goes
    redacted("db.internal.example:5432:billing:report:Vq8#nL2xTz\n", "Vq8#nL2xTz")


def test_a_key_generator_writing_its_key_to_a_file_prints_none():
    from store.privacy import redact_output
    out = "Public key: age1" + "q" * 58 + "\n"
    assert redact_output("mkdir -p ~/.config/sops && age-keygen -o ~/.config/sops/keys.txt", out) == out
    assert redact_output("age-keygen --output ./identity.txt", out) == out
    # printing the key itself, the private key stays redacted
    assert redact_output("age-keygen", "# public key: age1x\nAGE-SECRET-KEY-1" + "Q" * 58) != "# public key: age1x"


def test_a_printers_word_in_a_scripts_string_starts_no_command():
    from store.privacy import redact_output
    script = ('node -e "\nfor (const hit of hits) {\n  console.log(`${hit.file}:${hit.line} (pass at line ${hit.next})`);\n}\n"')
    out = "lib/a.js:10 (pass at line 11)\nlib/b.js:20 (pass at line 21)\n"
    assert redact_output(script, out) == out
    # a subshell, a substitution, a process substitution of the password store still print a secret
    for command in ("(pass show web/site)", "echo $(pass show web/site)", "diff <(pass show a) b.txt",
                    "cd /tmp; pass show mail/work"):
        assert redact_output(command, "Vq8#nL2xTz") != "Vq8#nL2xTz", command


def test_a_bracketed_note_of_where_a_value_is_kept_is_no_value():
    kept("```bash\nMAIL_USER=ana@example.org\nMAIL_PASSWORD=[stored in ~/.env]\nAPI_TOKEN=[kept in ~/.config/app/token]\n```")
    # a bracketed value of a password's own shape stays redacted
    redacted("MAIL_PASSWORD=[Vq8#nL2xTz]\n", "Vq8#nL2xTz")


def test_to_after_a_secrets_name_of_code_says_where_it_goes():
    for text in ("Add NEXTAUTH_SECRET environment variable to Vercel",
                 "Copy STRIPE_WEBHOOK_SECRET to Netlify",
                 "Move DB_PASSWORD variable to Railway"):
        kept(text)
    # a value of a password's shape after `to` still goes; so does Polish's `to` after its own word
    redacted("Set JWT_SECRET to Xq7vLm2p#Rt9", "Xq7vLm2p#Rt9")
    redacted("hasło to Xq7vLm2pRt9", "Xq7vLm2pRt9")


def test_a_query_token_of_four_characters_or_fewer_is_no_credential():
    for value in ("wtV", "a1", "Qz9k"):
        kept(f'curl -sS "https://api.example.io/public-settings/appName?token={value}" 2>&1')
        kept(f"https://api.example.io/embed?theme=dark&api_key={value}")
    redacted("TOKEN=abc # rotate monthly", "abc")  # outside a URL's query, a short token stays one
    # a token of an issued length still goes, and a short password stays a password
    redacted('curl -sS "https://api.example.io/settings?token=Xq7vLm2pRt9w" 2>&1', "Xq7vLm2pRt9w")
    redacted("DB_PASSWORD=Qz9k\n", "Qz9k")


def test_a_stand_ins_word_joined_to_the_secrets_noun_is_a_stand_in():
    kept('DATABASE_URL="postgresql://janedoe:randompassword@localhost:5432/mydb?schema=public"')
    kept("DB_PASSWORD=dummypassword\nAPI_TOKEN=yourtoken1\n")
    # a person's weak password of a word and a noun is not a stand-in's word
    redacted('DATABASE_URL="postgresql://app:bluepassword7@db.internal:5432/app"', "bluepassword7")


def test_a_providers_prefix_then_a_word_is_a_stand_in():
    kept('# demo keys\nSTRIPE_SECRET_KEY="sk_test_demo"\nSTRIPE_WEBHOOK_SECRET="whsec_demo"\nSLACK_BOT_TOKEN=xoxb-slack\n')
    # a provider's key with a random body still goes
    redacted('STRIPE_SECRET_KEY="sk_test_Vq8nL2xTzK4mP9rW3yB6cD1f"', "sk_test_Vq8nL2xTzK4mP9rW3yB6cD1f")
    redacted('STRIPE_WEBHOOK_SECRET="whsec_Vq8nL2xTzK4mP9rW3yB6cD1fG5hJ7kL0"', "whsec_Vq8nL2xTzK4mP9rW3yB6cD1fG5hJ7kL0")


def test_a_letter_repeated_is_a_readmes_stand_in():
    kept("docker run -e MOLE_ACCESS_KEY=xxx -e MOLE_SECRET_KEY=yyy mole-server")
    kept("API_SECRET=zzzz")
    redacted("docker run -e MOLE_SECRET_KEY=Vq8nL2xTzK mole-server", "Vq8nL2xTzK")


def test_the_word_test_as_a_test_accounts_password_is_a_probe():
    for user in ("test", "test@test.com", "qa@example.org"):
        kept("curl -i https://api.shop.example/api/auth/login -X POST -H \"Content-Type: application/json\" "
             f"-d '{{\"email\":\"{user}\",\"password\":\"test\"}}' 2>&1 | head -30")
    kept("http POST :8000/login username=test password=test")
    # the word test as a real account's password stays a password
    out = clean_text("curl -X POST https://api.shop.example/auth/login -d '{\"email\":\"ana@acme.io\",\"password\":\"test\"}'")
    assert '"password":"test"' not in out, out


def test_a_value_in_an_aside_that_opens_an_example_is_how_one_is_written():
    kept("Options:\n  -H, --header <header...>     Set HTTP headers for remote transports\n"
         "                               (e.g. -H \"X-Api-Key: abc123\" -H \"X-Custom:\n"
         "                               value\")\n  -h, --help                   Display help for command")
    kept("  --token <t>   the token to send (for example --token=tok42)")
    kept("(e.g. API_KEY=key123)")
    # outside the aside, or a random key inside one, it goes
    redacted('Set HTTP headers (one per flag) -H "X-Api-Key: Vq8nL2xTz7"', "Vq8nL2xTz7")
    redacted('(e.g. -H "X-Api-Key: 4f9c2a7b1e8d3f6a0c5b9e2d7a1f4c8b")', "4f9c2a7b1e8d3f6a0c5b9e2d7a1f4c8b")


def test_a_login_pair_given_to_use_in_a_sentence_holds_a_password():
    redacted("use operator:sunrise77 and the X-Tenant header", "sunrise77")
    redacted("now test the endpoint with admin:harbor2024 at api.shop.example", "harbor2024")
    # an image's tag, a port, a version, a module's attribute after the same words stay
    kept("use node:20.11-alpine with redis:7.2.4 via localhost:8080 as app.main:application")


def test_a_literal_echoed_into_a_command_given_a_key_is_its_password():
    key = "sk-proj-Vq8nL2xTzK4mP9rW3yB6cD1fG5hJ7kL0"
    out = clean_text(f'$ echo "lisbon2031" | keyvault-cli setup {key}')
    assert "lisbon2031" not in out and key not in out, out
    redacted(f"printf 'Harbor!88\\n' | keyvault-cli init --api-key {key}", "Harbor!88")
    # a word, a yes, an echo into a filter, an echo with no key given stay
    kept('echo "y" | apt-get install -y curl\necho "hello2world" | wc -c\necho "lisbon2031" | keyvault-cli setup')
    # past the cap the lines are a file's, not read
    from store.privacy.piped import READ_CAP
    far = "x\n" * (READ_CAP // 2) + f'echo "lisbon2031" | keyvault-cli setup {key}'
    assert "lisbon2031" in clean_text(far)


def test_a_prompt_that_is_a_made_password_alone_is_one():
    from store.privacy import clean_value
    for prompt in ("k%&hT2bjqMwg3nNre4C%", "  Harbor!88lisbon\n"):
        got = clean_value({"role": "user", "content": prompt})
        assert got["content"].strip() == "[REDACTED:password]", got
    # a word, a path, a version, a sentence, a short reply stay
    for prompt in ("Sunshine", "src/App.tsx", "v2.3.1-Beta!", "fix the bug in Login.tsx!", "Yes!1"):
        assert clean_value({"role": "user", "content": prompt}) == {"role": "user", "content": prompt}
