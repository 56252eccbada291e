"""A literal echoed into a command that is given a secret on the same line (`echo "X" | keytool setup
<api key>`, `printf 'X\\n' | vault-cli init --token <token>`): the tool reads its password from the
pipe, so X is that password.  Told by the secret another finder found in the piped command (the
line's own evidence) and by X's shape (evidence.password_like: no word, number, path or flag)."""

from __future__ import annotations

from store.privacy.evidence import password_like
from store.privacy.values import P_COMMAND, add_span, compiled

# `echo`/`printf`, its flags, then one quoted or bare literal, then a pipe into another command
_ECHOED = r"(?m)(?:^|[;&|(]\s*|\$\s+)(?:echo|printf)(?:[ \t]+-[neE]+)*[ \t]+(?:\"([^\"\\\n$`]{1,128})\"|'([^'\n]{1,128})'|([^\s\"'|;&$`]{1,128}))[ \t]*\|(?!\|)"
# the kinds of a key given as a command's argument (a provider's prefix says it; `token=X` given to
# `grep` is a pattern's text, read by other finders)
_GIVEN = frozenset(("api_key", "github_token", "openai_key", "anthropic_key", "stripe_key", "slack_token",
                    "google_api_key", "aws_access_key", "service_token", "npm_token", "pypi_token"))


# How much of a text is read: a command line, a terminal pasted, a script (a longer text is a log
# or a file's content, where an echo's pipe is the file's, not a session's)
READ_CAP = 65_536


def echoed_into_a_given_command(text: str, found: list) -> None:
    """Each echoed literal (see the module docstring) whose piped command, on its line, holds a
    secret found."""
    if "|" not in text or not found or ("echo" not in text and "printf" not in text):
        return
    for m in compiled("piped-echoed", _ECHOED).finditer(text, 0, min(len(text), READ_CAP)):
        g = m.lastindex
        value = m.group(g).rstrip("\\n") if g == 2 else m.group(g)
        if not password_like(value):
            continue
        eol = text.find("\n", m.end())
        eol = len(text) if eol < 0 else eol
        if any(m.end() <= s < eol and kind in _GIVEN for s, _p, _e, kind in found):
            add_span(found, text, m.start(g), m.start(g) + len(value), P_COMMAND, "password")
