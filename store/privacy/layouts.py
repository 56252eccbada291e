"""Candidates that a syntax lays out where the name rule (store/privacy/names.py) does not read a
value: found by the layout's structure, judged by store/privacy/evidence.py `decide`.

- A run of `name=value` pairs, words of their own separated by spaces (a router's shell,
  `/user add name=ana password=X group=full`; an `--extra-vars "db_pass=X env=prod"`; a libpq
  string `"host=db user=app password=X"`), or one pair as a whole quoted argument of a flag
  (`-var 'ssh_password=X'`): no code runs there, so a value of any password's shape is a literal.
- A configuration directive that ends its line with its value, an encryption type or encoding
  word between (a network device's `key 0 X`, `key-string X`, `message-digest-key 1 md5 X`,
  `pre-shared-key ascii-text "X"`, `wpa-psk ascii 0 X`, `plaintext X`; kickstart's
  `rootpw --plaintext X`).  A type other than 0 says the value is a hash or an obfuscation
  (`secret 5 …`, `secret 9 $9$…`: never.py keeps those; type 7 is an
  obfuscation anyone reverses, so a secret).  `key` alone is a weak label: it
  counts as a secret's where a type word stands before the value, or where the line or its
  block's header names an authentication protocol (NETWORK_AUTH_WORDS).
- A command line continued (` \\`, PowerShell's `` ` ``, cmd's `^`): the lines read as the one
  line they are, by the whole filter, the spans mapped back (`--password \\` then the value).
- A JSON key written with `\\uXXXX` escapes (`json.dumps` of `{"密码": …}` writes
  `{"\\u5bc6\\u7801": …}`): the line read with those escapes decoded, by the whole filter.
- A pair as a tuple (Erlang's `{db_password, "X"}`, `{password, <<"X">>}`, Elixir's
  `{:password, "X"}`) or an Erlang map's association (`#{password => <<"X">>}`): the first
  element names the second.
- A parameter named for a secret whose default or value is a child key (CloudFormation's
  `DBPassword:` then `Default: X`, in YAML or JSON).
- Lines of `user:password` under a key named for passwords (cloud-init's `chpasswd:` `list: |`).

Most are found at the secret words the one pass found already (look.hits); the escaped keys by
the one literal `\\u`.
"""

from __future__ import annotations

from store.privacy.evidence import ASSIGN, SPACE, decide
from store.privacy.names import name_verdict
from store.privacy.rules import MEDIUM, STRONG
from store.privacy.values import CACHE, P_RANDOM, add_span, compiled, is_reference

# after an entropy find (P_RANDOM): a value another finder finds too keeps that finder's kind
P_LAYOUT = P_RANDOM + 500

ESCAPE_LITERAL = "\\u"
_NAME_STRIP = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-"
# Words between a directive and its value that say how the value is written (a type 0 is
# clear text; a type number of 5-9 is a hash, kept).
TYPE_WORDS = frozenset("0 md5 sha sha1 sha256 ascii ascii-text hex plaintext plain-text cleartext clear-text "
                       "unencrypted --plaintext".split())  # fmt: skip
# Words of a line (or of its block's header) that make `key` an authentication's: the protocols
# and servers a network device keys.
NETWORK_AUTH_WORDS = frozenset("radius radius-server tacacs tacacs-server tacacs+ ospf bgp isis eigrp rip ntp snmp "
                               "snmp-server vrrp hsrp glbp ipsec isakmp ike crypto wpa wpa2 wpa-psk chap pap l2tp pptp "
                               "ppp neighbor authentication".split())  # fmt: skip
# A parameter's child keys that give its value.
VALUE_CHILDREN = frozenset("default defaultvalue default_value value initial".split())
_CONTINUATIONS = ("\\", "`", "^")
_KEY_ENDS = frozenset(":\"'")  # after a name: a key's end, a quoted name's
_LAYOUT_LAST = frozenset("(`:{")  # a line's last character, after a key, that a layout here reads
_TYPE_ALTERNATIVES = "|".join(sorted((w for w in TYPE_WORDS if not w.isdigit()), key=len, reverse=True)).replace("+", "\\+")


CONTINUED_LITERAL = "\\\n"  # a line continued by a backslash
URL_LITERAL = "://"


def literals() -> tuple:
    """What this module's finders are found by (store/privacy/anchors.py's one pass)."""
    return (ESCAPE_LITERAL, CONTINUED_LITERAL, URL_LITERAL)


def find(look, find_secrets):
    """Every finder of this module over the text `look` holds; `find_secrets`: the whole filter,
    for what a continued command line or an escaped line says."""
    if look.hits:
        _at_names(look.text, look.hits, look.found, find_secrets)
    if ESCAPE_LITERAL in look.anchors.present:
        _escaped_keys(look.text, look.anchors.at(ESCAPE_LITERAL), look.found, find_secrets)
    if URL_LITERAL in look.anchors.present:
        _split_urls(look.text, look.anchors.at(URL_LITERAL), look.found, find_secrets)
    if CONTINUED_LITERAL in look.anchors.present:
        _continued_flags(look.text, look.anchors.at(CONTINUED_LITERAL), look.found, find_secrets)


def _at_names(text, hits, found, find_secrets):
    """Each name a secret word stands in, by what follows it: `=` (a pair), `,` (a tuple), `:`
    alone (a parent), a space (a directive), an opener ending the line; each line that a
    continuation ends, read whole once.  (Most names go on in a way none of these reads, `(`,
    `.`, `:` and a value: they cost a match of the name's end and a character.)"""
    n = len(text)
    # the name's end; most names go on in a way no layout here reads (a later hit in such a name,
    # the same: skipped, so a line that is one long name is read once, not from each of its hits)
    name_end = compiled("layout-name-end", r"[A-Za-z0-9_.-]*+").match
    ls = le = last = -1
    long_line = wordy = False
    continued = prev_ne = -1
    read = {}  # (a layout, a line, the name's place in it) -> what the layout finds there (_read_once)
    pair_value = directive_rx = None  # (compiled when a pair, a directive is first tried)
    for h in hits:
        if h < prev_ne:
            continue  # the same name (`passkey`: pass, key)
        ne = prev_ne = name_end(text, h).end()
        after = text[ne:ne + 1]
        if not after or after not in " \t=,:\"'":
            continue  # `(`, `.`, `#`, a letter of another script: no layout read here goes on so
        if h > le:  # a new line: where it ends, its last character, once (where it starts: below)
            le = text.find("\n", h)
            le = n if le < 0 else le
            ls = -1
            wordy = None  # (counted when a directive is tried)
            k = le
            last = text[k - 1]  # (the line holds the name: it is not empty, nor its last word)
            if last in " \t\r":
                while k > h and text[k - 1] in " \t\r":
                    k -= 1
                last = text[k - 1]
            if last in _CONTINUATIONS:
                ls = text.rfind("\n", 0, h) + 1
                long_line = le - ls > 1000
                if not long_line and text[k - 2:k - 1] in (" ", "\t", "=") and le > continued:
                    continued = _continued(text, ls, le, found, find_secrets)
        if (last in _BELOW_LAST and _value_below(text, h, ne, le, found)) or (
                after in _KEY_ENDS and last not in _LAYOUT_LAST and not text.startswith(("\",", "',"), ne)):
            continue  # `password: X`, `"token": "X"`: a pair another finder reads (no tuple, no key alone)
        if ls < 0:  # where the line starts, read only for a layout that may stand here
            ls = text.rfind("\n", 0, h) + 1
            long_line = le - ls > 1000
        if long_line:
            continue
        if last in ("(", "`") and after in (" ", "\t", "=", ":", "\"", "'"):
            _opened_above(text, ne, le, found)
            continue
        # (where the name starts is read only for a layout tried: a name in prose goes on to none)
        # (each layout's first match, its cheapest rejection, before its line is copied for
        # _read_once: 6,300 of the 10,000 reads of dense_u's MB end there; layouts.find ~39 -> ~31 ms)
        if after == "=":
            if pair_value is None:
                pair_value = compiled("layout-pair-value", _PAIR_VALUE).match
            m = pair_value(text, ne, le)
            if m is not None:
                _add(found, text, ls, _read_once(read, text, ls, le, h, ne, _pair, m))
        elif after in (" ", "\t"):
            if text.startswith(" => <<", ne):
                _tuple(text, ls, _name_start(text, h, ls), ne, found)  # Erlang's map: `#{password => <<"X">>}`
                continue
            if le - ls > 300 or last in _CONTINUATIONS:
                continue
            if wordy is None:
                wordy = text.count(" ", ls, le) > 16  # a sentence: no directive's words
            if wordy:
                continue
            if directive_rx is None:
                directive_rx, typed_rx = _directive_patterns()
            m = directive_rx.match(text, ne, le) or typed_rx.match(text, ne, le)
            if m is not None:  # (an indented directive may read its block's header above: not kept)
                _add(found, text, ls, _read_once(read, text, ls, le, h, ne, _directive_at, m) if text[ls] not in " \t"
                     else _directive_at(text, ls, le, h, ne, ls, m))
        elif after == "," or text.startswith(("\",", "',"), ne):
            _tuple(text, ls, _name_start(text, h, ls), ne, found)
        elif after in (":", "\"", "'") and last in (":", "{") and compiled("layout-key-alone", r"[\"']?[ \t]*:[ \t]*\{?[ \t\r]*\Z").match(
                text, ne, le):
            _children(text, ls, le, _name_start(text, h, ls), ne, found)


def _read_once(read, text, ls, le, h, ne, layout, m):
    """What `layout` finds for the name at `h` (its end at `ne`) on the line from `ls` to `le`, its
    first match `m`: a span from the line's start and its kind, or None.  It reads that line alone
    (and whether it ends there or the text does), so a line met again is not read again (the
    dense MB's lines stand ~27 times each: layouts.find ~30 -> ~24 ms there)."""
    key = (layout, text[ls:le + 1], h - ls, ne - ls)
    if key in read:
        return read[key]
    got = read[key] = layout(text, ls, le, h, ne, ls, m)
    return got


def _add(found, text, base, got):
    if got is not None:
        add_span(found, text, base + got[0], base + got[1], P_LAYOUT, got[2])


def _name_start(text, h, ls):
    """Where the name (letters, digits, `_.-`) the secret word at `h` stands in starts (80
    characters back at most; by a C strip of the line's head, not a loop)."""
    head = text[ls if h - ls < 80 else h - 80:h]
    return h - len(head) + len(head.rstrip(_NAME_STRIP))


def _verdict(name):
    return name_verdict(name.strip(".-")) if name.strip(".-") else None


# ------------------------------------------------------------------------------ runs of pairs
_PAIR_VALUE = r"=([^\s\"'`,;=]{1,256}+)(?=[\s\"']|\Z)"  # (its value, matched from the name's end)


def _pair(text, ls, le, h, ne, base, m):
    """The pair whose name holds the secret word at `h` and ends at `ne` (its `=`), its value's
    match `m` (_PAIR_VALUE): its value's span from `base` and its kind, or None."""
    # (the cheapest tests first: most pairs have no value here, or no other pair on their line
    # and are no quoted argument; the name is read only then)
    s, e = m.span(1)
    if text[e:e + 1] not in ("'", '"') and text.count("=", ls, le) < 2:
        return None  # neither a whole quoted argument nor one of a run of pairs (below)
    ns = _name_start(text, h, ls)
    if ns > ls and text[ns - 1] not in " \t\"'":
        return None
    verdict = _verdict(text[ns:ne])
    if verdict is None:
        return None
    quote = text[ns - 1:ns] if ns > ls else ""
    whole_argument = (quote in ("'", '"') and text[e:e + 1] == quote
                      and compiled("layout-flag-before", r".*[ \t]-{1,2}[A-Za-z][\w-]*[ \t]+\Z").match(text, ls, ns - 1))
    if not whole_argument:
        if text[ls:ns].rstrip(" \t\"'").endswith(","):
            return None  # `f(a=b, password=x)`: arguments of code
        other = compiled("layout-other-pair", r"(?<![^ \t\"'\n])[A-Za-z_][\w.-]{0,60}=[^\s=,;(]")
        if not (other.search(text, e, le) or other.search(text, ls, ns)):
            return None
    if decide(m.group(1), verdict[1], ASSIGN):  # (judged last: most pairs are no run's)
        return s - base, e - base, verdict[0]
    return None


# ------------------------------------------------------------------------------ tuples
def _tuple(text, ls, ns, ne, found):
    open_at = ns - 1
    while open_at >= ls and text[open_at] in "\"':":
        open_at -= 1
    while open_at > ls and text[open_at] in " \t":
        open_at -= 1  # (`#{ password => …`)
    if open_at < ls or text[open_at] not in "{([" or (open_at > 0 and text[open_at - 1].isalnum()):
        return  # (`f(password, "x")`: a call's arguments)
    # (a tuple's second element closes it; a map's association may be followed by the next one)
    m = compiled("layout-tuple", r"[\"']?(?:,[ \t]*(?:<<)?([\"'])([^\"'\n\\]{1,256})\1(?:>>)?[ \t]*[})\]]"
                                 r"|[ \t]*=>[ \t]*<<([\"'])([^\"'\n\\]{1,256})\3>>[ \t]*[,}])").match(text, ne)
    verdict = _verdict(text[ns:ne])
    g = 2 if m is not None and m.group(2) is not None else 4
    if m is not None and verdict is not None and decide(m.group(g), verdict[1], ASSIGN):
        add_span(found, text, m.start(g), m.end(g), P_LAYOUT, verdict[0])


# ------------------------------------------------------------------------------ directives
_PLAIN_WORDS = ("plaintext", "plain-text", "cleartext", "clear-text", "ascii-text")


def _directive_patterns():
    """(the directive's pattern, the typed directive's): the value that ends the line after a
    name and words (`requirepass X`, `key-string X`), or after a type word or number where a
    sentence may go on (`enable secret 0 X, can you convert it`, `rootpw --plaintext X, what's
    wrong`).  Most names have no type word or number after them (`token is X here`, `password =
    X`): the typed pattern fails at their first character."""
    got = CACHE.get("layout directives")
    if got is None:
        # (each run of the first taken whole, possessive: a shorter one leaves a character of it where
        # a space, a quote or the line's end must stand; ~30 % of this match's CPU on a MB dense)
        got = CACHE["layout directives"] = (
            compiled("layout-directive", r"((?:[ \t]+[\w-]{1,20}+)*?)[ \t]++([\"']?)([^\s\"']{1,128}+)\2[ \t\r]*+\Z"),
            compiled("layout-directive-typed", r"((?:[ \t]+(?:\d{1,3}|" + _TYPE_ALTERNATIVES + r"))+)[ \t]+([\"']?)"
                     r"([^\s\"',;]{1,128})\2[,;]?(?=[ \t]|\Z)"))
    return got


def _directive_at(text, ls, le, h, ne, base, m):
    """The directive whose name holds the secret word at `h` and ends at `ne` (a space after it),
    its value's match `m` (_directive_patterns): its value's span from `base` and its kind, or None."""
    got = _directive(text, ls, h, ne, m, m.re is _directive_patterns()[1])
    return None if got is None else (got[0] - base, got[1] - base, got[2])


def _directive(text, ls, h, ne, m, typed_match):
    """The directive whose name holds the secret word at `h` and ends at `ne` (a space after it),
    its value's match `m` (by the typed pattern: `typed_match`): the value's span and its kind, or
    None.  (The value's tests first: the name and the words before it are read only then.)"""
    if typed_match and not any(not w.isdigit() or w == "0" for w in m.group(1).split()):
        return None
    s, e = m.span(3)
    while e > s and text[e - 1] in ".,;":
        e -= 1  # `Senha incorreta.`: a sentence's end, not the value's
    value = text[s:e]
    between = m.group(1).split()
    typed = False
    if between:
        if not all(w.lower() in TYPE_WORDS or (w.isdigit() and len(w) <= 3) for w in between):
            plain = [i for i, w in enumerate(between) if w.lower() in _PLAIN_WORDS]
            if not plain:
                return None  # words of prose between the name and the value
            between = between[plain[0]:]
        if between[-1].isdigit() and between[-1] not in ("0", "7"):
            return None  # `secret 5 $1$…`, `secret 9 $9$…`: a type that says hash (type 7 is reversed by anyone: a secret)
        typed = any(not w.isdigit() or w in ("0", "7") for w in between)
    if not value or ":" in value or value.startswith("-"):
        return None  # (`stats auth admin:X`: a user and its password, the user kept: commands.py's)
    if not typed and (not _has_digit(value) or ("_" in value and (value.isupper() or value.islower()))):
        # a word after a label with no type between may be prose (`Password changed`); `AES_KEY
        # PKCS7_ISSUER_AND_SERIAL` (an array read as words): names of code
        return None
    if is_reference(value):
        return None
    ns = _name_start(text, h, ls)
    if ns > ls and text[ns - 1] not in " \t" and not (text[ns - 1] == ":" and _grep_prefix(text, ls, ns)):
        return None  # `POST /oauth/token HTTP/1.1`: a path's part, not a directive
    verdict = _verdict(text[ns:ne])
    if verdict is None:
        return None
    head = text[ls:ns].strip(" \t")
    if head and not compiled("layout-directive-head", r"(?:[\w.:/@\[\]\"'=-]+[ \t]+){0,8}\Z").match(head + " "):
        return None  # prose, code: the directive's words are words of a configuration
    strength = verdict[1]
    if strength < MEDIUM and (typed or _network_block(text, ls, head) or any(
            (name_verdict(w) or ("", 0))[1] >= MEDIUM for w in head.split()[-3:])):
        strength = MEDIUM
    if strength >= MEDIUM and typed:
        strength = STRONG
    if decide(value, strength, SPACE, alone=True):
        return s, e, verdict[0]
    return None


def _grep_prefix(text, ls, ns):
    """The line's head up to `ns` is a search tool's prefix of a file's line (grep's and rg's
    `path:` or `path:line:`): the file's line starts at `ns`."""
    return compiled("layout-grep-prefix", r"[^\s:]*[/.][^\s:]*:(?:\d{1,7}:)?\Z").match(text, ls, ns) is not None


def _has_digit(value):
    if value.isascii():  # (most values: one search, not a generator's step a character)
        return compiled("digit", "[0-9]").search(value) is not None
    return any(ch.isdigit() for ch in value)


def _network_block(text, ls, head):
    words = {w.lower() for w in head.split()}
    if words & NETWORK_AUTH_WORDS:
        return True
    if ls == 0 or text[ls:ls + 1] not in (" ", "\t"):
        return False
    pos = ls - 1
    for _ in range(20):  # the block's header: the nearest line above that is not indented
        prev = text.rfind("\n", 0, pos) + 1
        line = text[prev:pos]
        if line and line[0] not in " \t":
            return bool({w.lower() for w in line.split()} & NETWORK_AUTH_WORDS)
        if prev == 0:
            return False
        pos = prev - 1
    return False


# ------------------------------------------------------------------------------ opened above
def _opened_above(text, ne, le, found):
    """`password = (` or `` token = ` `` ending its line: the literal on the next line, closed
    right after, is the name's value (a long string wrapped by a formatter, a template string)."""
    m = compiled("layout-opened", r"[\"']?[ \t]*(?::=|[:=])[ \t]*[(`][ \t\r]*\Z").match(text, ne, le)
    if m is None:
        return
    k = text.rfind("(" if "(" in m.group() else "`", ne, le) + 1
    if text[k - 1] == "(":
        m = compiled("layout-opened-paren", r"[ \t]*\r?\n[ \t]*([\"'])([^\"'\n\\]{1,256})\1\s{0,40}\)").match(text, k)
    else:
        m = compiled("layout-opened-tick", r"[ \t]*\r?\n[ \t]*()([^\s`$]{1,256})\s{0,40}`").match(text, k)
    verdict = _verdict(text[text.rfind(" ", 0, ne) + 1:ne].lstrip("\"'")) if m is not None else None
    if verdict is not None and decide(m.group(2), verdict[1], ASSIGN, alone=True):
        add_span(found, text, m.start(2), m.end(2), P_LAYOUT, verdict[0])


# ------------------------------------------------------------------------------ a value below
_BELOW_LAST = frozenset("=>\"'")  # a line's last character after which the name's value may stand below


def _value_below(text, h, ne, le, found):
    """A name whose line ends at its operator (`conf.db["password"] =`, `'pass' =>`, `Password :=`),
    or a subscript's quoted name alone on its line, closed on the next (`DATABASES["default"][`,
    `"PASSWORD"`, `] = "X"`): a literal that makes the next line (a `;` or `,` after it at most)
    is the name's value.  Returns whether the name's line has one of these shapes."""
    if text[le - 1:le] not in ("\"", "'"):
        if compiled("layout-below-op", r"[\"']?\]?[ \t]*(?::=|=>?)[ \t\r]*\Z").match(text, ne, le) is None:
            return False
        closer = ""
    elif text[ne:le].rstrip(" \t\r") == text[ne] and text[text.rfind("\n", 0, h) + 1:h].strip(" \t") == text[ne]:
        closer = r"[\])][ \t]*(?::=|=>?)[ \t]*"
    else:
        return False
    m = compiled("layout-below" + ("-closed" if closer else ""),
                 r"\n[ \t]*" + closer + r"([\"'])([^\"'\n\\]{1,256})\1[ \t]*+[;,]?[ \t\r]*+(?=\n|\Z)").match(text, le)
    verdict = _verdict(text[_name_start(text, h, text.rfind("\n", 0, h) + 1):ne]) if m is not None else None
    if verdict is not None and decide(m.group(2), verdict[1], ASSIGN, alone=True):
        add_span(found, text, m.start(2), m.end(2), P_LAYOUT, verdict[0])
    return True


# ------------------------------------------------------------------------------ continued lines
_JOIN = r"(?:[ \t]+|(?<==))[\\`^][ \t]*\r?\n[ \t]*"  # (after `=`, `password=\` then the value: no space)


def _continued(text, ls, le, found, find_secrets):
    """The logical line a continued line stands in (6 lines each side at most), read whole;
    returns where it ends."""
    start = ls
    for _ in range(6):
        if start == 0:
            break
        prev = text.rfind("\n", 0, start - 1) + 1
        if not text[prev:start - 1].rstrip(" \t\r").endswith(_CONTINUATIONS):
            break
        start = prev
    end = le
    for _ in range(6):
        if not text[start:end].rstrip(" \t\r").endswith(_CONTINUATIONS) or end >= len(text):
            break
        nxt = text.find("\n", end + 1)
        end = len(text) if nxt < 0 else nxt
    pieces, starts = [], []  # the view's pieces and where each starts in text
    pos = start
    for m in compiled("layout-join", _JOIN).finditer(text, start, end):
        pieces.append(text[pos:m.start()])
        starts.append(pos)
        pieces.append("" if text[m.start()] not in " \t" else " ")
        starts.append(-1)
        pos = m.end()
    if not pieces:
        return end
    pieces.append(text[pos:end])
    starts.append(pos)
    view = "".join(pieces)
    offsets, at = [], 0
    for piece, s in zip(pieces, starts):
        offsets.append((at, at + len(piece), s))
        at += len(piece)
    for kind, a, b in find_secrets(view):
        for va, vb, s in offsets:
            if s >= 0 and va <= a and b <= vb:
                add_span(found, text, s + a - va, s + b - va, P_LAYOUT, kind)
                break
    return end


def _continued_flags(text, places, found, find_secrets):
    """A command line continued (` \\`) whose next line starts with a flag, read whole once: a
    flag's value on a continued line is read with its tool's name (`curl … \\` then `  -u ID:X`).
    (A line a secret word stands on is read so by _at_names.)"""
    flag = compiled("layout-continued-flag", r"\n[ \t]+--?[A-Za-z]").match
    done = -1
    for p in places:
        if p <= done or not p or text[p - 1] not in " \t" or flag(text, p + 1) is None:
            continue
        done = _continued(text, text.rfind("\n", 0, p) + 1, p + 1, found, find_secrets)


def _split_urls(text, places, found, find_secrets):
    """A URL's string closed inside its user part and continued by a literal on the next line
    (Python's and C's adjacent strings, `+` at either end: `"postgresql://app:"` then
    `"X@db:5432/app"`): the two literals read joined, by the whole filter, the spans mapped back."""
    # (the host's run taken whole, no quote can stand inside it; tried at each place by `map`, no
    # step of Python at each: 2.3 -> 0.4 ms a MB of pip's output, 5,500 URLs)
    split = compiled("layout-split-url", r"://[^\s\"'<>@/]{0,200}+([\"'])[ \t]*+\+?[ \t]*+\r?\n[ \t]*+\+?[ \t]*+\1")
    for m in filter(None, map(split.match, [text] * len(places), places)):
        quote, p = m.group(1), m.start()
        q1 = text.rfind(quote, text.rfind("\n", 0, p) + 1, p)
        close = text.find(quote, m.end(), m.end() + 400)
        if q1 < 0 or close < 0 or "\n" in text[m.end():close]:
            continue
        first, second = text[q1 + 1:m.start(1)], text[m.end():close]
        cut = len(first)
        for kind, a, b in find_secrets(first + second):
            if a >= cut:
                add_span(found, text, m.end() + a - cut, m.end() + b - cut, P_LAYOUT, kind)
            elif b <= cut:
                add_span(found, text, q1 + 1 + a, q1 + 1 + b, P_LAYOUT, kind)


# ------------------------------------------------------------------------------ escaped keys
def _escaped_keys(text, places, found, find_secrets):
    key = compiled("layout-escaped-key", r"\\u[0-9a-fA-F]{4}[^\"\n]{0,80}\"[ \t]*:")
    n = len(text)
    done = -1
    for at in places:
        if at < done:
            continue
        ls = text.rfind("\n", 0, at) + 1
        le = text.find("\n", at)
        le = n if le < 0 else le
        done = le
        if le - ls > 4000 or key.search(text, at, le) is None:
            continue
        pieces, starts, ends = [], [], []
        pos = ls
        for m in compiled("layout-u-escape", r"\\u([0-9a-fA-F]{4})").finditer(text, ls, le):
            if m.start() > pos:
                pieces.append(text[pos:m.start()])
                starts.extend(range(pos, m.start()))
                ends.extend(range(pos + 1, m.start() + 1))
            pieces.append(chr(int(m.group(1), 16)))
            starts.append(m.start())
            ends.append(m.end())
            pos = m.end()
        pieces.append(text[pos:le])
        starts.extend(range(pos, le))
        ends.extend(range(pos + 1, le + 1))
        view = "".join(pieces)
        for kind, a, b in find_secrets(view):
            if b > a:
                add_span(found, text, starts[a], ends[b - 1], P_LAYOUT, kind)


# ------------------------------------------------------------------------------ children
def _children(text, ls, le, ns, ne, found):
    """`DBPassword:` (a YAML key alone on its line) or `"MasterUserPassword": {`: a child
    `Default`/`Value` below gives its value; `chpasswd:` then `user:password` lines."""
    verdict = _verdict(text[ns:ne].strip("\"'"))
    if verdict is None or verdict[1] < MEDIUM:
        return
    indent = ns - ls
    pos = le
    for _ in range(12):
        if pos >= len(text):
            return
        nxt = text.find("\n", pos + 1)
        line_end = len(text) if nxt < 0 else nxt
        line = text[pos + 1:line_end]
        body = line.lstrip(" \t-")
        if body.strip():
            if len(line) - len(line.lstrip(" \t")) <= indent:
                return
            m = compiled("layout-child", r"[\"']?([A-Za-z_]{1,20})[\"']?[ \t]*:[ \t]*([\"']?)([^\s\"']{1,256})\2[ \t,\r]*\Z").match(body)
            if m is not None and m.group(1).lower() in VALUE_CHILDREN:
                s = pos + 1 + len(line) - len(body) + m.start(3)
                if decide(m.group(3), verdict[1], ASSIGN, alone=True):
                    add_span(found, text, s, s + len(m.group(3)), P_LAYOUT, verdict[0])
                return
            u = compiled("layout-user-pass", r"([a-z_][\w.-]{0,31}):([^\s:\"']{1,128})[ \t\r]*\Z").match(body)
            if u is not None and verdict[0] == "password":
                s = pos + 1 + len(line) - len(body) + u.start(2)
                if decide(u.group(2), STRONG, ASSIGN, alone=True):
                    add_span(found, text, s, s + len(u.group(2)), P_LAYOUT, verdict[0])
        pos = line_end
