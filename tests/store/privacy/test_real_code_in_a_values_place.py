"""Code standing where a value would (real Claude Code transcripts, part A): a regular expression,
a framework's validation rule, an algorithm's name given to a password tool's option.  None is a
secret; the same places holding a real value still lose it."""

from __future__ import annotations

from store.privacy import clean_text
from tests.store.privacy import kept

PW = "Wq4!nEr8zLp"


def test_a_regular_expression_after_a_secret_word_is_code():
    for line in (
        "echo \"token: $(grep -oE 'ghp_[A-Za-z0-9_]+' ~/hub_token 2>/dev/null | head -1 | cut -c1-8)\"",
        "echo \"secret: $(grep -oE 'sk-live-[a-z0-9]{24,}' ~/.stripe_key | head -1)\"",
        "api_key: '\\b[A-Fa-f0-9]{32}\\b'",
        'TOKEN_PATTERN = "xox[bp]-[0-9]+-[A-Za-z0-9-]*"',
        "password: '^(?=.*\\d)[A-Za-z\\d@$!%*?&]{12,}$'",
    ):
        assert clean_text(line) == line, clean_text(line)
    # a value holding a bracket that is no character class with its quantifier stays a secret
    assert PW not in clean_text("token: " + PW)
    assert "Ab[3x]9Kq7" not in clean_text('password: "Ab[3x]9Kq7"')


def test_a_validation_rule_of_pipe_joined_rule_words_is_code():
    text = ("-            'password'   => 'required|min:10|confirmed',\n"
            "+            'password'   => 'required|string|min:12|confirmed',\n"
            "+            'api_token'  => 'nullable|string|size:64',\n")
    kept(text)
    assert clean_text("rules = {'password': 'required|alpha_dash|max:40'}") == "rules = {'password': 'required|alpha_dash|max:40'}"
    # a password that holds a pipe among other marks stays one
    assert "Gx7|kP2m!q" not in clean_text("'password' => 'Gx7|kP2m!q',")


def test_an_algorithm_named_to_a_password_tools_option_is_no_password():
    for line in ("# make the hash with: mkpasswd -m yescrypt", "mkpasswd --method sha-512",
                 "mkpasswd -m bcrypt", "ssh-keygen -t ed25519 -N '' -a 100", "mkpasswd -m SHA-256"):
        assert clean_text(line) == line, clean_text(line)
    # the password itself, after the option's value, still goes
    assert PW not in clean_text("mkpasswd -m sha-512 '" + PW + "'")
    assert PW not in clean_text("mkpasswd " + PW)
    assert PW not in clean_text("openssl passwd -6 " + PW)
