"""A GraphQL operation's variable bound to a secret's argument, its value given in the request's
`variables`:

    {"query": "mutation Login($e: String!, $p: String!) { login(email: $e, password: $p) { token } }",
     "variables": {"e": "ana@example.com", "p": "X"}}

The argument's name says what the variable holds (`password: $p`), whatever the variable is called;
the value under that variable's name in `variables` is judged as the argument's would be
(evidence.decide, the name's strength; a JSON string, so a dotted password is a literal).  A JSON body printed as text may escape its quotes."""

from __future__ import annotations

from store.privacy.evidence import ASSIGN, decide
from store.privacy.names import name_verdict
from store.privacy.rules import MEDIUM
from store.privacy.values import P_NAME, add_span, compiled, dotted_password, holds

P_VARIABLE = P_NAME + 500  # (as a candidate's, store/privacy/candidates.py)


def find(look) -> None:
    text = look.text
    at = text.find("variables\"")
    if at < 0:
        at = text.find("variables\\\"")  # (escaped, in a JSON body printed as text)
    if at < 0 or (not holds(text, ":$") and not holds(text, ": $")):
        return  # (the variables' key first, by a long needle's find: most texts hold none)
    bound = {}
    name = compiled("graphql-argument", r"([A-Za-z_]\w{0,40})[ \t]*:[ \t]*\Z")
    for p in _places(text, "$", at):  # (each `$` before the variables: a variable's use, read back to its argument)
        if text[p - 1:p] != ":" and text[p - 2:p] not in (": ", ":\t"):
            continue  # (a shell's `$HOME`, a price: no argument's colon before it)
        m = name.search(text, p - 48 if p > 48 else 0, p)
        if m is not None and (verdict := name_verdict(m.group(1))) is not None and verdict[1] >= MEDIUM:
            v = compiled("graphql-variable-name", r"[A-Za-z_]\w{0,40}").match(text, p + 1)
            if v is not None:
                bound[v.group(0)] = verdict
    if not bound:
        return
    value = compiled("graphql-variable", r"\\?\"([A-Za-z_]\w{0,40})\\?\"[ \t]*:[ \t]*\\?\"((?:[^\"\\\n]|\\[^\"])"
                                         r"{1,256})\\?\"")
    close = text.find("}", at)
    for m in value.finditer(text, at, close if close > 0 else len(text)):
        verdict = bound.get(m.group(1))
        # (a JSON string: a person's dotted password there is a literal, no member of code)
        if verdict is not None and (decide(m.group(2), verdict[1], ASSIGN) or dotted_password(m.group(2))):
            add_span(look.found, text, m.start(2), m.end(2), P_VARIABLE, verdict[0])


def _places(text, needle, end):
    i = text.find(needle, 0, end)
    while i >= 0:
        yield i
        i = text.find(needle, i + 1, end)
