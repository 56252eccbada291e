"""A password or a token as a member of a call or a tuple whose other members say what it is by
their shapes: a host (`wh.internal`, `smtp.office365.com`, `10.0.3.7`) or a port (a bare number)
and, just before it, a user (a name or an e-mail): `("warehouse", "wh.internal", 5432, "loader",
"X")`, `SmtpSettings("smtp.office365.com", 587, "noreply@shop.example", "X", tls = true)`, in any
syntax's brackets and quotes.  The value is decided by evidence.decide (MEDIUM, as assigned:
password-like or random)."""

from __future__ import annotations

from store.privacy.evidence import ASSIGN, decide
from store.privacy.rules import MEDIUM
from store.privacy.values import P_NAME, add_span, compiled

P_MEMBER = P_NAME + 500  # as a candidate's (store/privacy/candidates.py)


def members_beside_a_host(text, anchors, found):
    """Each quoted member after a user, in a bracket's members that hold a host or a port."""
    places = [at for lit in (", \"", ", '") for at in anchors.at(lit)]
    if not places:
        return
    le = -1
    for at in sorted(places):
        if at < le:
            continue
        ls = text.rfind("\n", 0, at) + 1
        le = text.find("\n", at)
        le = len(text) if le < 0 else le
        if le - ls > 2000:
            continue
        # (a host's or a port's shape somewhere on the line before its members are read)
        if compiled("member-gate", r"[\"'][a-z0-9-]+(?:\.[a-z0-9-]+)+[\"']|,[ \t]*\d{2,5}[ \t]*,").search(text, ls, le) is None:
            continue
        for group in compiled("member-group", r"[(\[{]([^()\[\]{}\n]{8,600})[)\]}]").finditer(text, ls, le):
            _judge_members(text, group, found)


def _judge_members(text, group, found):
    """The members of `group`, read from its start: a quoted string or a bare word (`587`,
    `tls = true`) each, up to a comma; a member of another form (`"k": "v"`, `x + "y"`) ends the
    reading (a map's pairs, an expression: no positions)."""
    member = compiled("member", r"[ \t]*(?:([\"'])((?:(?!\1)[^\\\n])*)\1|([^,\"']*))[ \t]*(?:,|\Z)")
    shapes, pos, end = [], group.start(1), group.end(1)
    while pos < end:
        m = member.match(text, pos, end)
        if m is None or m.end() == pos:
            return
        if m.group(1):
            shapes.append((_quoted_shape(m.group(2)), m.start(2), m.end(2)))
        else:
            shapes.append(("port" if _port(m.group(3).strip()) else "other", m.start(3), m.end(3)))
        pos = m.end()
    kinds = [kind for kind, _s, _e in shapes]
    if "host" not in kinds and "port" not in kinds:
        return
    for i in range(1, len(shapes)):
        kind, s, e = shapes[i]
        if kind == "value" and kinds[i - 1] == "user" and decide(text[s:e], MEDIUM, ASSIGN):
            add_span(found, text, s, e, P_MEMBER, "password")


def _port(bare):
    return bare.isdigit() and 2 <= len(bare) <= 5 and int(bare) <= 65535


def _quoted_shape(value):
    """"host", "user" (a login name or an e-mail), or "value"."""
    # (a host's last label: a common top-level or private domain, or a country's two letters
    # after two labels at least; `urllib.parse`, `main.py` are a module's and a file's names; a
    # user has no dot but an e-mail's: `foo.bar` is a name of code or a host)
    if compiled("member-host", r"(?:\*\.)?(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|app|cloud|internal|local|lan|corp|svc|example|test|localdomain)\Z|[a-z0-9-]+\.(?:[a-z0-9-]+\.)+[a-z]{2}\Z|\d{1,3}(?:\.\d{1,3}){3}\Z|localhost\Z").match(value):
        return "host"
    if compiled("member-user", r"[a-z][a-z0-9_-]{1,31}\Z|[a-z][a-z0-9_.+-]{0,63}@[a-z0-9-]+(?:\.[a-z0-9-]+)+\Z").match(value):
        return "user"
    return "value"


def acl_rule_passwords(text, found):
    """A password in a Redis ACL rule, where `>` adds one to a user switched on or off (`ACL LIST`'s
    `"user worker on >X ~jobs:* +@list"`, a users.acl file's lines); `#` adds a hash, kept."""
    if ">" not in text or "user" not in text:
        return
    # (no look-behind in the patterns: their literal start `user ` is then searched for by the
    # engine's fast scan, where one tried at every character cost ~22 ms a MB of `git log -p`)
    head = compiled("acl-rule-head", r"user[ \t]+[^\s\"'>]+[ \t]+(?:on|off)")
    # The words after `on`/`off` read once, possessive, up to the first place no word follows (a
    # `>`, a quote, the line's end), where alone `>X` may stand: a head found inside those words
    # reaches the same place and fails there, so the search goes on after it.  (One lazy pattern
    # from each `user` to its line's end: a line of `user u on ` repeated, minutes a MB.)
    words = compiled("acl-rule-words", r"(?:[ \t]+[^\s>\"']+)*+").match
    password = compiled("acl-rule-password", r"[ \t]+>([^\s\"']{1,200})").match
    pos, skip_from, skip_to = 0, -1, -1
    while (h := head.search(text, pos)) is not None:
        at = h.start()
        if skip_from <= at < skip_to:
            pos = skip_to
            continue
        stop = words(text, h.end()).end()
        m = password(text, stop)
        if m is None:
            pos, skip_from, skip_to = at + 1, h.end(), stop
            continue
        pos = m.end()
        if at and (text[at - 1].isalnum() or text[at - 1] in "_-"):
            continue  # `superuser …`, `last-user …`: a longer word
        if decide(m.group(1), MEDIUM, ASSIGN):
            add_span(found, text, m.start(1), m.end(1), P_MEMBER, "password")
