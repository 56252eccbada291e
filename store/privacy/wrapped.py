"""A provider's token hard-wrapped onto the lines below it (a terminal's or a mail client's wrap,
a tool's indented output): the lines right below a token that ends its line, each of token
characters alone (indented or not) and as random as a token, are the rest of it (a name of words
and numbers below a whole token is a label, a build's or a test's name)."""

from store.privacy.values import add_span, compiled, looks_random

# The kinds of a provider's token that may run past a line (not a key block, a JWT's dots, a URL).
WRAPPED_KINDS = frozenset(("anthropic_key", "github_token", "google_api_key", "npm_token", "openai_key", "pypi_token",
                           "service_token", "slack_token", "stripe_key", "cloud_key"))  # fmt: skip


def wrapped_tails(text, found):
    """Add the wrapped rest of each provider's token in `found` ((start, priority, end, kind))."""
    rx = None
    for _s, prio, e, kind in [f for f in found if f[3] in WRAPPED_KINDS and text[f[2]:f[2] + 1] == "\n"]:
        if rx is None:
            # a line of 16 token characters or more, indented or not, a letter and a digit in it
            rx = compiled("wrapped-tail", r"\n[ \t]*((?=[\w-]*[0-9])(?=[\w-]*[A-Za-z])[A-Za-z0-9_-]{16,})[ \t]*\r?(?=\n|\Z)")
        at = e
        for _ in range(8):
            m = rx.match(text, at)
            if m is None or not looks_random(m.group(1)):
                break
            add_span(found, text, m.start(1), m.end(1), prio, kind)
            at = m.end()
