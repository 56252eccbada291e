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


def test_an_id_a_hash_or_words_as_a_prompt_are_kept():
    for prompt in (HEX40, "4f6c2a1e-9b7d-4c3a-8e5f-1a2b3c4d5e6f", f"what is {HEX64}?",
                   f"is {HEX64} the sha256 of the release tarball?", "continue with the migration please",
                   "src/components/settings/TokenCardList.tsx", "your_openai_api_key_goes_here"):
        assert _prompt(prompt) == prompt
    event = {"hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_input": {"command": "docker run -d redis:7"},
             "tool_response": {"stdout": HEX64 + "\n", "stderr": ""}}
    assert clean_value(event)["tool_response"]["stdout"] == HEX64 + "\n"
