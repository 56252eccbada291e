"""Values a tool or a format declares secret by where it puts them, with no label right before
the value: each found by its structure, judged by store/privacy/evidence.py `decide` (or, for a
key's member, by the key's own format).

- A CI runner's mask command (GitHub Actions' `::add-mask::X`, in a log or a script's `echo`):
  what follows on its line is, by the command's meaning, a secret.
- A reply that lists names and values on numbered lines (redis-cli's `CONFIG GET`, `HGETALL`:
  `1) "requirepass"` then `2) "X"`): a value under a name that says secret.
- A reply to a get of a key or field named for a secret (redis-cli's `GET app:db_password`,
  `HGET user:1 password`, `HMGET svc user password`): its value lines, in the fields' order.
- A private JSON Web Key: an object with `kty` holds its private members (`d`, `p`, `q`, `dp`,
  `dq`, `qi`; `k` of a symmetric key) as base64url strings (in JSON, a Python dict, or YAML).
- A constant defined by a call (`define('NONCE_KEY', 'X')`, WordPress' keys and salts): a name
  whose words say key, salt, secret, token or password, the value its second argument.
- A salt of an application's configuration in any assignment (`NONCE_SALT='X'` in a .env), of a
  generated key's shape.
- A secret store's setter with the name and value as words (`travis env set API_KEY X`,
  `netlify env:set`, `doppler secrets set`), or the value piped into it (`echo X | vercel env
  add API_KEY production`, `| wrangler secret put`).
- A call without parentheses whose callee logs in (Ruby's `basic_auth 'admin', 'X'`): its
  arguments are the user, then the password.
- A UUID that is a secret's id (Consul's `SecretID:`, Nomad's `Secret ID =`, Vault's AppRole
  `secret_id`): those tools' tokens are UUIDs (an accessor's id, a secret's name or path is not);
  after a label's separator, a random token too (`secret_id=X`, `"secret_id": "X"`).
- A registry's credentials keyed by its host (Bundler's `BUNDLE_GEMS__EXAMPLE__COM: "ana:X"`,
  `bundle config set gems.example.com ana:X`): the password after the user.
- A user's password, then its roles (Jetty's and ActiveMQ's realm `admin: X,admin,user`, Karaf's
  `karaf = X,_g_\\:admingroup`, Shiro's `root = X, admin`).
- A monitoring resource file's macro (Nagios', Icinga's, Naemon's `$USER3$=X`): a password, a
  path for the plugins.
- A network device's key directive (`crypto isakmp key X address …`, `tacacs-server key X`,
  `key-string X`, `ip ospf message-digest-key 1 md5 X`, `pre-shared-key address A key X`).
- A PagerDuty routing key (an Alertmanager receiver's, an Events API call's): RabbitMQ's
  `routing_key` names a queue's route, so only where PagerDuty's words stand by it.
- An OAuth token response (an object with `token_type` or `expires_in`): its members under a
  secret's name (`"key"`, `"token"`) of a token's shape, though `key` alone is a weak name.

(Not here, as not secret: `docker buildx build --secret id=npm,env=NPM_TOKEN` names an
environment variable, not its value.)

The literals these are found by join the one pass (store/privacy/anchors.py) through
`literals()`; a text without them costs nothing more.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from store.privacy.evidence import ASSIGN, POSITION, character_classes, decide
from store.privacy.names import name_verdict
from store.privacy.rules import MEDIUM
from store.privacy.values import (
    P_NAME,
    add_span,
    all_hex,
    compiled,
    holds,
    is_reference,
    line_bounds,
    looks_random,
    without_closing_marks,
)

MASK_LITERAL = "::add-mask::"
# A get of a key or field named for a secret, at redis-cli's prompt or on its command line: the
# reply on the next lines is its value (`127.0.0.1:6379> HGET svc:mail password` then `"X"`).
GET_LITERALS = ("> get ", "> hget ", "> hmget ", "redis-cli ")
# The most of a line read as a get, its end (its pattern's two lazy scans try each `redis-cli` with
# each blank after it: 60 KB of `redis-cli ` repeated took 3.2 s, 1 MB would take minutes)
GET_LINE_MAX = 4096
JWK_LITERALS = ('"kty"', "'kty'")
JWK_YAML_LITERAL = "kty:"
# The private members of a JSON Web Key (RFC 7517/7518): RSA's and EC's, and a symmetric key's `k`.
JWK_PRIVATE = frozenset("d p q dp dq qi k".split())
DEFINE_LITERALS = ("define(", "define (")
# The words of a defined constant's name that make its value a secret (WordPress' AUTH_KEY,
# NONCE_SALT; JWT_AUTH_SECRET_KEY, DB_PASSWORD).
DEFINE_WORDS = frozenset("key salt secret token password passwd pass pwd".split())
# ... unless a word says the constant names or scopes something (WP_CACHE_KEY_SALT: a cache's prefix).
DEFINE_NOT_WORDS = frozenset("cache prefix name id file path url".split())
# A salt of an application's configuration, in any assignment (`NONCE_SALT='X'` in a .env,
# `$_ENV['AUTH_SALT'] = 'X'`): its name's `_salt`, the value a generated key's (see `generated`).
SALT_LITERAL = "_salt"
# A secret store's setters whose name and value are words of their own: the literal its line is
# found by (the command and its subcommand), then the words the name and value follow.
STORE_SETTERS = ("env set ", "env:set ", "secrets set ", "secret set ", "env add ", "secret put ",
                 "variables set ")  # fmt: skip
# The callee's words of a call without parentheses that logs in with a user and a password.
LOGIN_CALLEE_WORDS = frozenset("auth authenticate login logon signin credentials".split())
# Where a call's second string argument starts: the candidates' literals (`, '`, `, "`, in the one
# pass already), a quote before each.
BARE_CALL_LITERALS = (", '", ', "')
# A secret's id: the words, as Consul (`SecretID`), Nomad (`Secret ID`) and Vault (`secret_id`)
# print them (found from the places of `secret`, a literal of the one pass already); the value a
# UUID.
SECRET_WORD = "secret"
SECRET_ID_ENDS = ("id", "_id", " id", "-id")
# Bundler's credentials for a host: its environment's and .bundle/config's name (the host's dots
# written `__`), and its command.
BUNDLE_LITERAL = "bundle"  # then `_` or ` config ` (one literal, found by its `b`)
# A realm's line `user: password,role,…`: found by a role after a comma.
ROLE_LITERALS = (",admin", ", admin", ",user", ", user", ",manager", ", manager", "_g_\\:")
NAGIOS_LITERAL = "$user"
# A network device's directives whose next word (after a number, a hash's name, a type 0 or 7) is
# a key; after a host's or a peer's address, the word after ` key ` is.
DEVICE_KEY_LITERALS = ("isakmp key ", "-server key ", "-server host ", "key-string ", "pre-shared-key ",
                       "authentication-key ", "message-digest-key ")  # fmt: skip
ROUTING_LITERAL = "routing"  # then `_key` (found by its `g`: `_` stands everywhere in code)
# PagerDuty's words near a routing key (an Alertmanager receiver, an Events API v2 body).
PAGERDUTY_WORDS = ("pagerduty", "event_action")
# A token after a secret id's separator: its characters to a character no token holds (a path's
# `/`, an ARN's `:`, a reference's `.` make it a name: `secret_id = aws_secretsmanager_secret.db.id`).
SECRET_ID_TOKEN = r"(?:\\*[\"'])?[ \t]*[:=][ \t]*(?:\\*[\"'])?([A-Za-z0-9_+-]{16,256}={0,2})(?![\w/.:+=@$-])"
# An OAuth token response (RFC 6749, 5.1): the members only it holds beside its token, as a
# quoted JSON or Python name.
TOKEN_RESPONSE_LITERALS = ("token_type", "expires_in")
UUID = (
    r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![0-9A-Za-z-])"
)


def literals() -> tuple:
    """What this module's finders are found by (store/privacy/anchors.py's one pass)."""
    return tuple(lit for lits, _finder in _GATED for lit in lits)


def find(look):
    """Every finder of this module over the text `look` holds (store/privacy/__init__.py Look):
    each where one of its literals stands, the numbered replies where a secret word and `) "` do."""
    present = look.anchors.present
    for lits, finder in _GATED:
        if not present.isdisjoint(lits):  # (one C call, not a generator's steps: ~3 us a short text)
            finder(look)
    hits = look.hits
    # (a secret word's quote is looked at directly where they are few, ~0.15 us each, not `) "` in
    # the whole text first, up to ~0.4 ms a MB where `)` is common: source code; where they are
    # many, from each `) "`, found by a regular expression: ~0.3 ms a MB, against ~1.1 ms for the
    # 9,612 secret words of the MB of pytest's test ids, 69 `) "` there)
    text = look.text
    if hits and (len(hits) * _PER_HIT_FROM < len(text) or holds(text, ') "')):
        many = len(hits) * _BY_QUOTES_FROM > len(text)
        _numbered_pairs(look, _quotes_with_a_word(text, hits) if many else _quotes_before_words(text, hits))


# A text with one secret word for more characters than this reads the words' places alone; one
# with one for fewer than this, the places of `) "`.
_PER_HIT_FROM = 400
_BY_QUOTES_FROM = 250


def _quotes_before_words(text, hits):
    """The quote a number's `) ` stands before that opens the name of each secret word in `hits`
    (the last quote of the 80 characters before the word), in order."""
    for h in hits:
        q = text.rfind('"', h - 80 if h > 80 else 0, h)
        if q >= 2 and text[q - 2 : q] == ") ":
            yield q


def _quotes_with_a_word(text, hits):
    """The same, found from each `) "`: its quote, where a word of `hits` stands after it within
    80 characters and before the next quote (the quotes _quotes_before_words gives, each once)."""
    for m in compiled("number-then-quote", r'\) "').finditer(text):
        q = m.end() - 1
        nq = text.find('"', q + 1, q + 81)
        i = bisect_right(hits, q)
        if i < len(hits) and hits[i] <= (q + 80 if nq < 0 else nq):
            yield q


def _masked(look):
    text = look.text
    for at in look.anchors.at(MASK_LITERAL):
        s = at + len(MASK_LITERAL)
        _ls, le = line_bounds(look.low, s)
        # the value: one word right after the command (in a script, up to its quote); MEDIUM, not
        # STRONG, as prose names the command too (`use ::add-mask::VALUE`)
        m = compiled("mask-value", r"([^\s\"'`]{1,512})(?=[\s\"'`]|\Z)").match(text, s, le)
        if m is None:
            continue
        value = m.group(1)
        if not is_reference(value) and decide(value, MEDIUM, POSITION):
            add_span(look.found, text, m.start(1), m.end(1), P_NAME, "secret")


def _numbered_pairs(look, quotes):
    """A name line holding a secret word (where the name rule's words stand: no pass of its own),
    then the next number's value line; `quotes`: where the name's quote stands after its `) `, in
    order."""
    text, low = look.text, look.low
    name_rx = compiled("reply-name", r"[ \t]*(\d{1,6})\) \"([^\"\n]{1,80})\"[ \t]*\r?\n")
    value_rx = compiled(
        "reply-value", r"[ \t]*(\d{1,6})\) \"((?:[^\"\\\n]|\\.){1,512})\"[ \t]*\r?$"
    )
    done = -1
    for q in quotes:
        if q <= done:
            continue
        ls, le = line_bounds(low, q)
        done = le
        m = name_rx.match(text, ls)
        if m is None or m.end() != le + 1:
            continue
        verdict = name_verdict(m.group(2))
        if not verdict:
            continue
        _vs, ve = line_bounds(low, le + 1)
        v = value_rx.match(text, le + 1, ve)
        if v is None or int(v.group(1)) != int(m.group(1)) + 1:
            continue
        if decide(v.group(2), verdict[1], ASSIGN, alone=True):
            add_span(look.found, text, v.start(2), v.end(2), P_NAME, verdict[0])


def _got_replies(look):
    text, low = look.text, look.low
    rx = compiled(
        "redis-get",
        r"(?i)(?:[^\n]*?> |[^\n]*?redis-cli\b[^\n|;&]*?[ \t])(get|hget|hmget)[ \t]+(\S+)((?:[ \t]+[^\s\"']+)*)[ \t]*\r?$",
    )
    reply = compiled(
        # (the leading blanks read once, or all but the last on a line of blanks alone; the trailing
        # ones possessive: the same replies, where each blank run split between them and the
        # reply's own blanks failed in cubic time: 2,000 blanks then `x"`, 12 s)
        "redis-reply", r"(?:[ \t]*(?=[ \t]$)|[ \t]*+)(?:\d{1,6}\) )?(\"?)((?:[^\"\\\n]|\\.){1,512})\1[ \t]*+\r?$"
    )
    done = set()
    for lit in GET_LITERALS:
        le = -1
        for at in look.anchors.at(lit):
            if at < le:
                continue  # (a line read already: its bounds not looked for again at each place)
            ls, le = line_bounds(low, at)
            if ls in done:
                continue
            done.add(ls)
            if low.find("get", ls, le) < 0:
                continue  # (no verb: `redis-cli -h cache ping`; the pattern's lazy scan skipped)
            # (a typed GET ends its line: a longer line is read in its last GET_LINE_MAX characters,
            # the lazy scan being quadratic in the length it reads)
            m = rx.match(text, max(ls, le - GET_LINE_MAX), le)
            if m is None:
                continue
            verb, fields = m.group(1).lower(), m.group(3).split()
            if verb == "get":
                names = [m.group(2).rsplit(":", 1)[-1]] if not fields else []
            else:
                names = fields if verb == "hmget" else fields[:1] if len(fields) == 1 else []
            at_line = le + 1
            for name in names:
                if at_line >= len(text):
                    break
                _vs, ve = line_bounds(low, at_line)
                v = reply.match(text, at_line, ve)
                at_line = ve + 1
                verdict = name_verdict(name) if v is not None else None
                if verdict and decide(v.group(2), verdict[1], ASSIGN, alone=True):
                    add_span(look.found, text, v.start(2), v.end(2), P_NAME, verdict[0])


def _jwk_members(look):
    text = look.text
    member = compiled(
        "jwk-member", r"([\"'])([a-z]{1,2})\1[ \t]*:[ \t]*([\"'])([A-Za-z0-9_-]{16,})\3"
    )
    done = set()
    for lit in JWK_LITERALS:
        for at in look.anchors.at(lit):
            start = text.rfind("{", 0, at)
            if start < 0 or start in done or text.find("}", start, at) >= 0:
                continue
            done.add(start)
            end = text.find("}", at)
            end = len(text) if end < 0 else end
            for m in member.finditer(text, start, end):
                if m.group(2) in JWK_PRIVATE:
                    add_span(look.found, text, m.start(4), m.end(4), P_NAME, "private_key")


def _jwk_yaml_members(look):
    """A JSON Web Key written as YAML: the private members among the lines of its mapping (the
    lines as indented as `kty:` around it, up to 20 each way, to a line less indented or the
    next item of a list)."""
    text, low = look.text, look.low
    member = compiled(
        "jwk-yaml-member",
        r"[ \t]*(?:- )?([a-z]{1,2}):[ \t]*([\"']?)([A-Za-z0-9_-]{16,})\2[ \t]*\r?$",
    )
    for at in look.anchors.at(JWK_YAML_LITERAL):
        ls, le = line_bounds(low, at)
        lead = low[ls:at]
        if lead.strip() not in ("", "-"):
            continue
        item = lead.strip() == "-"
        indent = len(lead)  # the column of `kty`
        lines = [(ls, le)]
        if not item:  # the mapping's lines before `kty:` (an item's start is its own first line)
            up = ls
            for _ in range(20):
                if up == 0:
                    break
                start, end = line_bounds(low, up - 1)
                if not _same_mapping(low, start, end, indent, lines):
                    break
                up = start
        down = le
        for _ in range(20):  # and after it
            if down >= len(low):
                break
            start, end = line_bounds(low, down + 1)
            if not _same_mapping(low, start, end, indent, lines):
                break
            down = end
        for start, end in lines:
            m = member.match(text, start, end)
            if m is not None and m.group(1) in JWK_PRIVATE:
                add_span(look.found, text, m.start(3), m.end(3), P_NAME, "private_key")


def _same_mapping(low, start, end, indent, lines):
    """Whether the line start..end is a key of the mapping whose keys stand at column `indent`
    (then kept in `lines`); a blank line is passed over."""
    body = low[start:end]
    stripped = body.lstrip(" ")
    if not stripped.strip():
        return True
    column = len(body) - len(stripped)
    if column < indent or (column == indent - 2 and stripped.startswith("- ")):
        return False  # a line less indented, or the next item of the list
    if column == indent:
        lines.append((start, end))
    return True


def _defined(look):
    text = look.text
    rx = compiled(
        "define-call",
        r"define[ \t]*\([ \t]*([\"'])([A-Za-z_][A-Za-z0-9_]{0,80})\1[ \t]*,[ \t]*([\"'])(.{1,512}?)\3[ \t]*[,)]",
    )
    for lit in DEFINE_LITERALS:
        for at in look.anchors.at(lit):
            _ls, le = line_bounds(look.low, at)
            m = rx.match(text, at, le)
            if m is None:
                continue
            words = {w for w in m.group(2).lower().split("_") if w}
            value = m.group(4)
            if (
                words & DEFINE_WORDS
                and not words & DEFINE_NOT_WORDS
                and (decide(value, MEDIUM, ASSIGN) or generated(value))
            ):
                add_span(look.found, text, m.start(4), m.end(4), P_NAME, "secret")


def _salts(look):
    text, low = look.text, look.low
    rx = compiled(
        "salt-assign",
        r"""([A-Za-z0-9_]{1,80})['"]?\]?[ \t]*(?:=|:(?!-)|=>)[ \t]*(?:'([^'\n]{32,512})'|"([^"\n]{32,512})"|([^\s'"]{32,512}))""",
    )
    seen = -1
    for at in look.anchors.at(SALT_LITERAL):
        ns = at
        while ns > 0 and (low[ns - 1].isalnum() or low[ns - 1] == "_"):
            ns -= 1
        if ns <= seen or (ns > 0 and low[ns - 1] == "{"):
            continue  # (`${AUTH_SALT:-…}`: a shell's default of a variable, no assignment)
        seen = ns
        _ls, le = line_bounds(low, at)
        m = rx.match(text, ns, le)
        if m is None:
            continue
        words = set(m.group(1).lower().split("_"))
        g = 2 if m.group(2) is not None else 3 if m.group(3) is not None else 4
        if "salt" in words and not words & DEFINE_NOT_WORDS and generated(m.group(g)):
            add_span(look.found, text, m.start(g), m.end(g), P_NAME, "secret")


def generated(value: str) -> bool:
    """A key a generator made of printable characters (WordPress' salts: 64 of letters, digits and
    punctuation, `t`DK%X:>xy|e-Z(BXb/f(Ur`8#~}:b…`), which read as code to the password test: 32
    characters or more, no space, three classes of character or more."""
    if len(value) < 32 or compiled("space", r"\s").search(value) is not None:
        return False
    return character_classes(value) >= 3 and not is_reference(value)


def _store_setters(look):
    text, low = look.text, look.low
    after = compiled(
        "setter-words",
        r"[ \t]*([A-Za-z_][A-Za-z0-9_]{1,80})(?:[ \t]+(?:--?[\w-]+[ \t]+)*?([\"']?)([^\s\"'=]{1,512})\2)?(?=[ \t]|\r?$)",
    )
    piped = compiled(
        "setter-piped",
        r".*?\b(?:echo|printf)[ \t]+(?:-[neE]+[ \t]+)*(?:(?:'%s'|\"%s\")[ \t]+)?(?:(\"|')([^\"'\n]{1,512})\1|([^\s|\"']{1,512}))[ \t]*\|\Z",
    )
    for lit in STORE_SETTERS:
        # (a line's bounds and last `|` are carried on from the setter before on it: a text of
        # one long line, a JSON-escaped output, was read through again at each setter)
        le = -1
        for at in look.anchors.at(lit):
            if at > le:
                ls, le = line_bounds(low, at)
                bar, read = -1, ls
            m = after.match(text, at + len(lit), le)
            if m is None:
                continue
            verdict = name_verdict(m.group(1))
            if not verdict:
                continue
            # (MEDIUM, whatever the name: a word after the name may be the setter's, as
            # `vercel env add API_KEY production`'s environment)
            if (
                m.group(3)
                and not m.group(3).startswith("-")
                and decide(m.group(3), MEDIUM, POSITION)
            ):
                value = without_closing_marks(m.group(3))
                add_span(look.found, text, m.start(3), m.start(3) + len(value), P_NAME, verdict[0])
                continue
            # `echo X | vercel env add NAME`: the value piped in
            bar, read = max(bar, text.rfind("|", read, at)), at
            p = _piped_before(piped, text, ls, bar)
            if p is not None:
                g = 2 if p.group(2) is not None else 3
                if decide(p.group(g), MEDIUM, POSITION):
                    add_span(look.found, text, p.start(g), p.end(g), P_NAME, verdict[0])


# The characters a setter's piped `echo`'s options and format stand in (`-n`, `-e`, `'%s'`).
_ECHO_OPTION_CHARS = frozenset(" \t-neE'\"%s")


def _piped_before(piped, text, ls, bar):
    """The match of `piped` (`echo X |` before a setter) on the line from `ls` to its `|` before
    the setter, the line's last (`bar`), read from where its `echo` can start: the value (514
    characters at most, with its quotes) right before the `|`, and only blanks, options and a
    format between `echo` and the value.  (From the line's start, a text of one long line, a
    JSON-escaped output, was read through to each setter: 300 ms for 1 MB.)"""
    if bar < 0:
        return None
    end = bar
    while end > ls and text[end - 1] in " \t":
        end -= 1
    start = max(ls, end - 514)
    while start > ls and text[start - 1] in _ECHO_OPTION_CHARS:
        start -= 1
    return piped.match(text, max(ls, start - len("printf")), bar + 1)


def _bare_login_calls(look):
    text, low = look.text, look.low
    rx = compiled(
        "bare-login-call",
        r"[ \t]*(?:[\w.:]+\.)?([a-z][a-z0-9_]{2,60})[ \t]+([\"'])([^\"'\n]{1,128})\2[ \t]*,[ \t]*([\"'])([^\"'\n]{1,512})\4[ \t]*\r?$",
    )
    seen = set()
    for lit in BARE_CALL_LITERALS:
        for at in look.anchors.at(lit):
            quote = lit[-1]
            if at < 1 or low[at - 1] != quote:
                continue  # `'a', '…'`: a string before the comma
            q = low.rfind(quote, at - 130 if at > 130 else 0, at - 1)
            if q < 2 or low[q - 1] not in " \t" or not (low[q - 2].isalnum() or low[q - 2] == "_"):
                continue  # the first string follows a callee's name and a space (not `["a", "b"]`)
            ls, le = line_bounds(low, at)
            if ls in seen or not any(word in low[ls:at] for word in LOGIN_CALLEE_WORDS):
                continue
            seen.add(ls)
            m = rx.match(text, ls, le)
            if m is None or not LOGIN_CALLEE_WORDS.intersection(m.group(1).split("_")):
                continue
            if decide(m.group(5), MEDIUM, POSITION):
                add_span(look.found, text, m.start(5), m.end(5), P_NAME, "password")


def _secret_ids(look):
    text, low = look.text, look.low
    rx = compiled(
        "secret-id-uuid", r"(?:\\*[\"'])?[ \t]*(?:[:=][ \t]*|[ \t])(?:\\*[\"'])?(" + UUID + ")"
    )
    for at in look.anchors.at(SECRET_WORD):
        at += 6
        if not low.startswith(SECRET_ID_ENDS, at):
            continue  # (most places: a one-call test)
        end = at + (2 if low[at] == "i" else 3)
        if low[end : end + 1].isalnum() or low[end : end + 1] == "_":
            continue  # secret_id_accessor, SecretIdTTL
        m = rx.match(text, end)
        if m is None:
            # a secret id of a random token's shape after a label's separator (`secret_id=X`,
            # `"secret_id": "X"`): a credential as its UUID is; a flag's only beside a role
            # (AppRole's `--secret-id=X --role-id=R`; `--secret-id=X` of `aws secretsmanager`
            # names a secret)
            m = compiled("secret-id-token", SECRET_ID_TOKEN).match(text, end)
            if m is None or not looks_random(m.group(1)) or (_flag_word(low, at - 6) and not _beside_a_role(low, at)):
                continue
        add_span(look.found, text, m.start(1), m.end(1), P_NAME, "secret")


def _beside_a_role(low, at):
    """`role` stands on the line of `at` (AppRole's role id, before or after its secret id)."""
    ls, le = line_bounds(low, at)
    return low.find("role", ls, le) >= 0


def _flag_word(low, at):
    """The word holding `at` starts with a dash (`--secret-id`): a command's flag."""
    i = at
    while i > 0 and (low[i - 1].isalnum() or low[i - 1] in "_-"):
        i -= 1
    return low.startswith("-", i)


def _token_responses(look):
    """A flat object that holds `token_type` or `expires_in` is a token response: each of its
    string members (in JSON printed inside a string too: `{\\"key\\": \\"X\\"`) under a name that says secret (`"key"`, `"token"`, `"secret"`, `"id_token"`),
    of a generated value's shape, is its credential, whatever the name's strength alone."""
    text = look.text
    member = compiled("token-response-member",
                      r"\\?([\"'])([A-Za-z_][\w-]{0,40})\\?\1[ \t]*:[ \t]*\\?([\"'])([^\s\"'\\]{8,512})\\?\3")
    seen = -1
    for lit in TOKEN_RESPONSE_LITERALS:
        for at in look.anchors.at(lit):
            if text[at - 1:at] not in ("\"", "'"):
                continue  # a member's name is quoted
            a = text.rfind("{", at - 2000 if at > 2000 else 0, at)
            if a <= seen or text.find("}", a, at) >= 0:
                continue  # (no object, or one read already)
            b = text.find("}", at, at + 4000)
            if b < 0 or text.find("{", a + 1, b) >= 0:
                continue  # (a flat object's members alone)
            seen = a
            if not _token_response(look.low, a, b):
                continue
            for m in member.finditer(text, a, b):
                verdict = name_verdict(m.group(2))
                if verdict is not None and _generated_token(m.group(4)):
                    add_span(look.found, text, m.start(4), m.end(4), P_NAME, verdict[0])


def _token_response(low, a, b):
    """The object `low[a:b]` holds a token response's type, or its lifetime and its scope or a
    token (a cache's entry, a signed upload's, holds a lifetime alone: `{"key": "user:1", "expires_in": 60}`)."""
    if low.find("token_type", a, b) >= 0:
        return True
    return any(low.find(word, a, b) >= 0 for word in ("scope", "access_token", "refresh_token", "id_token"))


def _generated_token(value):
    """A value of a token's shape: a random one's, a password's of letters, digits, `-` and `_`
    alone (not a path's or a key's of a cache: `uploads/2024/a.png`, `user:123`), a UUID, a
    long hex run."""
    if not value.replace("-", "").replace("_", "").isalnum():
        return looks_random(value)
    if decide(value, MEDIUM, ASSIGN):
        return True
    return compiled("uuid-alone", UUID + r"\Z").match(value) is not None or \
        (len(value) >= 16 and all_hex(value))


def _take(look, m, group, style, kind, alone=False):
    """The value of `m`'s `group` (no match: nothing) is a secret of `kind` where the evidence of a
    value a tool or format declares (MEDIUM, tied by `style`) decides it is one."""
    if m is not None and decide(m.group(group), MEDIUM, style, alone=alone):
        add_span(look.found, look.text, m.start(group), m.end(group), P_NAME, kind)


def _host_credentials(look):
    text = look.text
    named = compiled(
        "bundle-host-var",
        r"(?i:bundle)_[A-Z0-9_]*[A-Z0-9]__[A-Z0-9][A-Z0-9_]*[\"']?[ \t]*[:=][ \t]*([\"']?)[^\s:\"'$]{1,64}:([^\s\"']{1,512})\1",
    )
    command = compiled(
        "bundle-config-host",
        r"(?:set[ \t]+)?(?:--(?:global|local)[ \t]+)?[^\s.]+\.[^\s]+[ \t]+([\"']?)[^\s:\"'$]{1,64}:([^\s\"']{1,512})\1",
    )
    low = look.low
    for at in look.anchors.at(BUNDLE_LITERAL):
        if low.startswith("_", at + 6):
            m = named.match(text, at)
        elif low.startswith(" config ", at + 6):
            m = command.match(text, at + 14)
        else:
            continue
        _take(look, m, 2, ASSIGN, "password")


def _realm_users(look):
    text, low = look.text, look.low
    rx = compiled(
        "realm-user-roles",
        r"[ \t]*[A-Za-z_][\w.@-]{0,63}[ \t]*[:=][ \t]*([^\s,]{1,512})[ \t]*,[ \t]*[\w:\\-]+(?:[ \t]*,[ \t]*[\w:\\-]+)*[ \t]*\r?$",
    )
    seen = set()
    for lit in ROLE_LITERALS:
        for at in look.anchors.at(lit):
            ls, le = line_bounds(low, at)
            if ls in seen:
                continue
            seen.add(ls)
            m = rx.match(text, ls, le)
            if m is None or low.startswith(("md5:", "crypt:"), m.start(1)):
                continue  # (a hash in Jetty's realm)
            _take(look, m, 1, ASSIGN, "password")


def _resource_macros(look):
    text = look.text
    rx = compiled(
        "resource-macro", r"\$USER\d{1,3}\$[ \t]*=[ \t]*([^\s'\"]{1,512})[ \t]*(?:['\"]|\r?$)", re.M
    )
    for at in look.anchors.at(NAGIOS_LITERAL):
        m = rx.match(text, at)
        _take(look, m, 1, ASSIGN, "password", alone=True)


def _device_keys(look):
    text, low = look.text, look.low
    value = compiled(
        "device-key-value",
        r"(?:\d{1,10}[ \t]+)?(?:(?:md5|sha\w*|hmac-\w+)[ \t]+)?(?:[067][ \t]+)?([^\s\"']{1,256})",
    )
    for lit in DEVICE_KEY_LITERALS:
        for at in look.anchors.at(lit):
            start = at + len(lit)
            _ls, le = line_bounds(low, at)
            if lit == "-server host " or low.startswith(("address ", "hostname "), start):
                k = low.rfind(" key ", start, le)
                if k < 0:
                    continue
                start = k + 5
            m = value.match(text, start, le)
            _take(look, m, 1, POSITION, "password")


def _routing_keys(look):
    text, low = look.text, look.low
    rx = compiled(
        "routing-key-value",
        r"(?:\\*[\"'])?[ \t]*[:=][ \t]*(?:\\*[\"'])?([^\s\"'\\,}]{1,256})",
    )
    for at in look.anchors.at(ROUTING_LITERAL):
        if not low.startswith("_key", at + 7):
            continue
        end = at + 11
        if low[end : end + 1].isalnum() or low[end : end + 1] == "_":
            continue  # routing_key_file: a path
        near = low[at - 400 if at > 400 else 0 : end + 300]
        if not any(word in near for word in PAGERDUTY_WORDS):
            continue
        m = rx.match(text, end)
        _take(look, m, 1, ASSIGN, "secret")


# Each finder of this module beside the literals it is tried for (the numbered replies, found
# by a secret word and `) "`, are not here: see find).
_GATED = (
    ((MASK_LITERAL,), _masked),
    (GET_LITERALS, _got_replies),
    (JWK_LITERALS, _jwk_members),
    ((JWK_YAML_LITERAL,), _jwk_yaml_members),
    (DEFINE_LITERALS, _defined),
    ((SALT_LITERAL,), _salts),
    (STORE_SETTERS, _store_setters),
    (BARE_CALL_LITERALS, _bare_login_calls),
    ((SECRET_WORD,), _secret_ids),
    ((BUNDLE_LITERAL,), _host_credentials),
    (ROLE_LITERALS, _realm_users),
    ((NAGIOS_LITERAL,), _resource_macros),
    (DEVICE_KEY_LITERALS, _device_keys),
    ((ROUTING_LITERAL,), _routing_keys),
    (TOKEN_RESPONSE_LITERALS, _token_responses),
)
