"""Value candidates found by structure, each judged in one place (store/privacy/evidence.py).

The finders (in the order store/privacy/__init__.py runs them):

- labels: the value after a secret word of the lexicon (store/privacy/lexicon.py, 85 languages)
  and a separator (``密码：X``, ``mot de passe: X``), a connector of prose (``the password is
  X``, ``Das Passwort ist X``, ``パスワードはXです``), a directive's space (``requirepass X``,
  ``SetEnv DB_PASSWORD X``, ``git config github.token X``); and the value before one
  (``use X as the password``);
- pairs: a name and its value apart (a plist ``<key>``/``<string>``, Kubernetes
  ``name:``/``value:``, a Terraform ``variable "db_password" { default = … }``, JSON
  ``{"name": …, "value": …}``, a Markdown table's column, a table aligned by spaces or tabs, a
  ``Value:`` line under a line that names a secret);
- arrays: an exec array or a call's string arguments read as the command line they make
  (``["ttyd", "-c", "user:pass"]``, ``exec.Command("mysql", "-p…")``);
- calls: the password slot of a call (CALLS: ``getConnection(url, user, PW)``,
  ``mysqli_connect(host, user, PW, db)``, Twilio ``Client(SID, TOKEN)``, a password's hasher
  ``make_password(PW)``);
- sql: ``CREATE LOGIN … PASSWORD = N'…'``, ``SET PASSWORD FOR … = '…'``, ``INSERT … (email,
  password) VALUES (…)``, a Go DSN ``user:pw@tcp(…)``;
- wallets: seed phrases, hex private keys, TOTP seeds, recovery codes, by their labels.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from operator import itemgetter

from store.privacy.anchors import RARITY
from store.privacy.evidence import (
    ASSIGN,
    POSITION,
    PROSE,
    SENTENCE,
    SPACE,
    decide,
    dotted_password,
    passphrase_like,
    shape,
)
from store.privacy.lexicon import (
    AFTER_VERB_PREPOSITIONS,
    CHANGE_VERB_STEMS,
    CODE_LABELS,
    COMPOUND_HEADS,
    CONNECTORS,
    CREDENTIAL_LABELS,
    DIRECTIVE_ENDINGS,
    DIRECTIVE_VERBS,
    KEY_FOLLOWERS,
    KEY_QUALIFIERS,
    LABELS,
    MORE_NAME_TRIGGERS,
    OTP_LABELS,
    PREPOSITIONS,
    SEED_LABELS,
    SET_VERBS,
    SHAPE_ONLY_LABELS,
    VALUE_FIRST_CONNECTORS,
    WALLET_LABELS,
    unspaced,
)
from store.privacy.names import NAME_CHARS, NAME_CHARS_TEXT, name_verdict
from store.privacy.never_real import help_rows, label_in_a_sentence
from store.privacy.rules import MEDIUM, STRONG, WEAK
from store.privacy.users import USER_WORDS, after_a_user
from store.privacy.values import (
    CACHE,
    GRAMMAR_WORDS,
    HOLDS_BY_REGEX_FROM,
    P_NAME,
    VALUE_MEMOS,
    add_span,
    compiled,
    holds,
    joined_secrets,
    looks_random,
    matches_from,
    remember,
    value_below,
)

P_CANDIDATE = P_NAME + 500

# The password slot of a call: callee (lowercase, the last name of a dotted or `->` path) ->
# index of the argument (0-based); a callee with a condition on its first argument after `:`.
CALLS = {
    "getconnection": 2, "mysqli_connect": 2, "mysqli": 2, "mysql_connect": 2, "mysql_real_connect": 3,
    "pdo": 2, "networkcredential": 1, "usernamepasswordcredentials": 1, "passwordcredential": 1,
    "usernamepasswordauthenticationtoken": 1, "passwordauthentication": 1, "setcredentials": 1,
    "basic_auth": 1, "basicauth": 1, "httpbasicauth": 1, "httpdigestauth": 1, "ftp": 2, "ftp_tls": 2,
    "smtp.start": 4, "connect:dbi": 2, "client:ac": 1, "twilio": 1, "restclient:ac": 1,
    "auth:redis": 0, "pg_connect:": -1, "ldap_bind": 2, "imap_open": 2, "ssh2_auth_password": 2,
    "sequelize": 2, "strictredis": 3, "redis": 3, "simple_bind_s": 1, "simple_bind": 1, "bind_s": 1,
    "create_user": 2, "create_superuser": 2,
    # a password handed to its hasher (Django, Werkzeug, PHP, bcrypt in Python and Node, argon2);
    # `:notalgo`: Ansible's `password_hash('sha512')` names the algorithm there
    "make_password": 0, "generate_password_hash": 0, "password_hash:notalgo": 0, "hashpw": 0,
    "bcrypt.hash": 0, "bcrypt.hashsync": 0, "argon2.hash": 0, "make:hash": 0, "password.create": 0,
    # `make:hash`: Laravel's `Hash::make('X')`;
    # `:cost`: a hash call given a cost (4-31 rounds) or a salt after its text is bcrypt's, whatever
    # it is imported as (`import { hash } from "bcryptjs"`: `hash("X", 12)`)
    "hash:cost": 0, "hashsync:cost": 0,
}  # fmt: skip

_LABEL_LITERALS = None
_KEYS = None


def _keys():
    """label -> (the literal it is found by, the literal's offset in it): a label that holds a
    literal the filter looks for anyway (`pass` in `passphrase`, `key` in `api key`) is found
    from that literal's places, so the one pass over the text looks for fewer literals."""
    global _KEYS
    if _KEYS is None:
        from store.privacy.rules import NAME_TRIGGERS

        base = sorted(set(NAME_TRIGGERS) | {"secret", "token", "pass", "auth"}, key=len, reverse=True)
        labels = set(LABELS) | set(OTP_LABELS) | set(SEED_LABELS) | set(CODE_LABELS) | set(WALLET_LABELS)
        # each label's first literal of `base` that it holds, each literal found in all the labels
        # at once (`find` in their joined text), where an `in` of each in each label cost ~0.3 ms
        # at a hook's first text
        order = list(labels)
        joined = "\0".join(order)
        key_of = {}  # a label's index in `order` -> its literal
        for b in base:  # (none holds a NUL: a place found lies inside one label)
            at = joined.find(b)
            while at >= 0:
                key_of.setdefault(joined.count("\0", 0, at), b)
                at = joined.find(b, at + 1)
        _KEYS = {}
        for i, label in enumerate(order):
            key = key_of.get(i)
            _KEYS[label] = (label, 0) if key is None else (key, label.index(key))
    return _KEYS


def literals() -> tuple:
    """What the finders here look for in the lowercased text (store/privacy/anchors.py)."""
    global _LABEL_LITERALS
    if _LABEL_LITERALS is None:
        lits = {key for key, _offset in _keys().values()}
        lits.update(("value:", "variable", '"value"', "'value'", "| ", " as ", "password", "insert", "@tcp(", "@unix(", "addlogin", "setuser", "parametervalue",
                     " from stdin", " where ",
                     *PIN_LITERALS,
                     'key="', 'name="', *_BOX_BARS, "password_hash"))
        lits.update(MORE_NAME_TRIGGERS)  # the name rule's words beyond rules.NAME_TRIGGERS (names.py)
        lits.update(("(\"", "('", ", \"", ", '", "(b\"", "(b'"))  # a call's string arguments (call_arguments)
        lits.update(("( ", "(\t"))  # a parenthesis, blanks, a quote (_string_lists)
        lits.add(" / ")  # a user, a spaced slash, its password (_credential_marks): a branch of the `/` pass
        lits.update(_call_short(callee) for callee in CALLS)  # found in the one pass, not 28 of their own
        _LABEL_LITERALS = tuple(sorted(lits))
    return _LABEL_LITERALS


def _by_key():
    """literal -> [label] of the labels found from it (see _keys)."""
    got = CACHE.get("labels by key")
    if got is None:
        got = {}
        for label, (key, _offset) in _keys().items():
            got.setdefault(key, []).append(label)
        CACHE["labels by key"] = got
    return got


def labels_present(anchors) -> set:
    """The labels whose literal stands in the text (a label itself may still not)."""
    by_key = _by_key()
    return {label for key in anchors.present if key in by_key for label in by_key[key]}


# Below this many characters a label that does not stand is told by one `in` (label_places).
_LABEL_IN_FROM = 2_000


def label_places(low, anchors, label):
    """Where `label` starts in `low`, found from its literal's places (see _keys)."""
    key, offset = _keys()[label]
    if key not in anchors.present:
        return []
    if offset == 0 and key == label:
        return anchors.at(key)
    if len(low) < _LABEL_IN_FROM and label not in low:
        # (every place below is one where `label` stands: in a short text one `in` says there is
        # none, not the key's places grouped; ~19 labels of `pass` and `pw` a line of an exec
        # array, one of which stands: ~30 us of the ~100 the whole filter costs such a line)
        return []
    # (`passwort`, `mot de passe`, `api key` from the places of `pass` and `key`: those the label's
    # next character follows, or its character before the key precedes, sorted out once for the
    # text: ~10 labels read each place of a key; where a few labels share that side of a key, each
    # reads the places itself: sorting out ~1,500 `auth` of `Author:` for two labels cost ~1 ms)
    if (key, offset == 0) in _few_sharing():
        if offset == 0:
            return [at for at in anchors.at(key) if low.startswith(label, at)]
        return [at - offset for at in anchors.at(key) if at >= offset and low.startswith(label, at - offset)]
    if offset == 0:
        after = label[len(key)]
        if (key, after) in _many_sharing():
            return _places_of_word(low, anchors, key, after, label)
        return [at for at in _places_by(low, anchors, key, 1).get(after, ()) if low.startswith(label, at)]
    return [at - offset for at in _places_by(low, anchors, key, -1).get(label[offset - 1], ())
            if at >= offset and low.startswith(label, at - offset)]


def _few_sharing():
    """(key, after) of the keys whose places after them (`after`) or before them serve at most
    three labels (see label_places; the four that end in `pass`, `mot de passe` and the like, read
    the places of `pass` grouped by the character before: ~2.4x faster over ~4,700 a MB dense
    with secrets)."""
    got = CACHE.get("labels few sharing")
    if got is None:
        count: dict = {}
        for label, (key, offset) in _keys().items():
            if offset or key != label:
                count[(key, offset == 0)] = count.get((key, offset == 0), 0) + 1
        got = CACHE["labels few sharing"] = frozenset(side for side, n in count.items() if n <= 3)
    return got


def _many_sharing():
    """(key, the character after it) -> the length of the longest label, for the keys whose places
    that character follows serve five labels or more (`pass` then `w`: password, passwort, passwd
    and seven misspellings of them)."""
    got = CACHE.get("labels many sharing, longest")
    if got is None:
        count: dict = {}
        longest: dict = {}
        for label, (key, offset) in _keys().items():
            if offset == 0 and key != label:
                side = (key, label[len(key)])
                count[side] = count.get(side, 0) + 1
                longest[side] = max(longest.get(side, 0), len(label))
        got = CACHE["labels many sharing, longest"] = {side: longest[side] for side, n in count.items() if n >= 5}
    return got


def _places_of_word(low, anchors, key, after, label):
    """The places of `label`, one of the labels that start with `key` then `after` (_many_sharing):
    the places of `key` that `after` follows are grouped once for the text by the characters of
    the longest of those labels that start there, and `label`'s are those of the groups that start
    with it (grouped once for each length of label, ~1.2 ms a MB of ~3,000 `passw`, ~0.5 ms now)."""
    by = anchors.memo.get(("words", key, after))
    if by is None:
        by = anchors.memo[("words", key, after)] = _grouped(
            low, _places_by(low, anchors, key, 1).get(after, ()), 0, _many_sharing()[(key, after)])
    got = [places for word, places in by.items() if word.startswith(label)]
    if len(got) == 1:
        return got[0]
    places = [at for group in got for at in group]
    places.sort()
    return places


def _places_by(low, anchors, key, side):
    """The places of `key` by the character after it (`side` 1) or before it (-1), each list in
    order (kept for the text)."""
    by = anchors.memo.get((key, side))
    if by is None:
        by = anchors.memo[(key, side)] = _grouped(low, anchors.at(key), len(key) if side == 1 else -1, 1)
    return by


def _grouped(low, places, offset, n):
    """`places` (in order) by the `n` characters of `low` from `offset` after each ("" where that
    is before the text's start), each list in order."""
    by: dict = {}
    for at in places:
        k = at + offset
        word = low[k:k + n] if k >= 0 else ""
        got = by.get(word)
        if got is None:
            by[word] = [at]
        else:
            got.append(at)
    return by


def find(text, low, anchors, found, find_secrets):
    """Every finder of this module over `text` (`low`: lowercased, same length); `find_secrets`:
    the whole filter, which reads the command line an exec array makes."""
    present = anchors.present
    _labels(text, low, anchors, found)
    if " as " in present:
        _value_first(text, low, anchors, found)
    if "key" in present or "value:" in present or "variable" in present or '"value"' in present or "'value'" in present or \
            "parametervalue" in present:
        _pairs(text, low, anchors, found)
    if "value:" in present:
        _value_below_its_name(text, low, anchors, found)
    if 'key="' in present or 'name="' in present:
        _named_elements(text, low, anchors, found)
    if "| " in present and (holds(low, "|-") or holds(low, "| -") or holds(low, "|:-") or holds(low, "-+-")):
        _tables(text, low, found)
    drawn = _drawn_in_ascii(text, present)
    if drawn is not None:
        _tables(drawn, low, found)
    if "| " in present and holds(low, "|\n"):
        _tables(text, low, found, _ruleless_heads(text, low, anchors))
    _aligned_tables(text, low, anchors, found)
    if "| " in present or not present.isdisjoint(_BOX_BARS):
        _labelled_rows(text, low, anchors, found)
    if ("\"" in text or "'" in text) and ("[" in text or "(" in text):
        _arrays(text, low, anchors, found, find_secrets)
        if not present.isdisjoint(_call_shorts()) and (
                "(\"" in present or "('" in present or ", \"" in present or ", '" in present or holds(low, ",\"")
                or holds(low, "(b\"") or holds(low, "(b'")):
            _calls(text, low, anchors, found)  # (a call's name first: each `in` is a pass over the text)
    if "password" in present or "insert" in present or "@tcp(" in present or "@unix(" in present or \
            "addlogin" in present or "setuser" in present:
        _sql(text, low, anchors, found)
    if " from stdin" in present:
        _sql_copy_rows(text, low, anchors, found)
    if " where " in present:
        _sql_key_value(text, low, anchors, found)
    _wallets(text, low, anchors, found)
    _under_secret_parent(text, low, anchors, found)
    if not present.isdisjoint(PIN_LITERALS):
        _pins(text, anchors, found)


# ------------------------------------------------------------------------------ a parent's children
# A mapping or section named by a plural secret word holds secrets under other names: YAML's
# `secrets:` then `  stripe: X`, INI/TOML's `[passwords]` then `admin = X`, a dict's
# `PASSWORDS = {"admin": "X"}`, a type of code's members (`enum Secrets { Mapbox = 'X' }`, Kotlin's
# `object Credentials {`, Swift's `static let stripe = "X"` in `enum Tokens {`).  Each child's value is judged as a MEDIUM label's (password-like
# or random: `file: ./db.txt`, `ttl: 3600`, `name: app-secrets` are kept); a child whose name says
# what it is not (`private_key_id`, `client_email`, `type`) is skipped.
_PARENT_WORDS = (("secret", ("secrets",)), ("token", ("tokens",)), ("pass", ("passwords", "passwds")),
                 ("cred", ("credentials", "creds")))
_CHILD_NOT = frozenset("id ids name names type kind user username email host hostname url uri endpoint port file path "
                       "region project namespace ttl expiry expires expiration created updated version description "
                       "enabled scope scopes issuer audience algorithm provider mount driver external label labels "
                       "length count size min max create".split())


def _under_secret_parent(text, low, anchors, found):
    present = anchors.present
    done = set()
    for lit, words in _PARENT_WORDS:
        if lit not in present:
            continue
        for at in [at for at in anchors.at(lit) if low.startswith(words, at)]:  # (a comprehension: thousands of places)
            word = words[0] if low.startswith(words[0], at) else words[1]  # (the first that stands there)
            if low[at + len(word):at + len(word) + 1].isalnum():
                continue
            ls = low.rfind("\n", 0, at) + 1
            if ls in done:
                continue
            done.add(ls)
            kind = "password" if word.startswith("pass") else "secret"
            # a mapping or list after the name first: a match of either pattern below that holds
            # `at` holds the name's run of `[\w.-]` from `at` to the word's end, then its `:`, `=`
            # (each search gives a name back a character at a time: ~50 us where no `:` follows,
            # `test_secrets_kept[...]`, a pytest id, ~15 ms a MB of them)
            opens = compiled("secret-parent-opens", r"[\w.-]*+[\"']?[ \t]*(?:[:=]|=>)[ \t]*[\[{]").match(low, at, at + 80)
            inline = None if opens is None else compiled("secret-parent-inline", r"[\w.-]*(?:secrets|tokens|passwords|passwds|credentials|creds)"
                                                      r"[\"']?[ \t]*(?:[:=]|=>)[ \t]*\{").search(low, max(ls, at - 40), at + 40) \
                if low.find("{", at, at + 40) >= 0 else None
            if inline is not None and inline.start() <= at < inline.end():
                _children_inline(text, inline.end(), kind, found)
                continue
            typed = compiled("secret-parent-type", r"(?:enum|object|struct|class|namespace|module|interface|record)[ \t]+\w*"
                                                   r"(?:secrets|tokens|passwords|credentials|creds)[ \t]*\{").search(
                low, max(ls, at - 60), at + 40) if low.find("{", at, at + 40) >= 0 else None
            if typed is not None and typed.start() <= at < typed.end():
                _children_inline(text, typed.end(), kind, found)  # `enum Secrets { Mapbox = 'X' }`: a type's members
                continue
            listed = None if opens is None else compiled("secret-parent-list", r"[\w.-]*(?:secrets|tokens|passwords|passwds|credentials|creds)"
                                                    r"[\"']?[ \t]*(?:[:=]|=>)[ \t]*\[\s{0,40}\{").search(low, max(ls, at - 40), at + 80) \
                if low.find("[", at, at + 40) >= 0 else None
            if listed is not None and listed.start() <= at < listed.end():
                _children_inline(text, listed.end(), kind, found, "]")  # a list of objects: each one's children
                continue
            m = compiled("secret-parent", r"([ \t]*)(?:-[ \t]+)?(\[)?[\"']?(?:[\w.-]*[_.-])?(?:secrets|tokens|passwords"
                                          r"|passwds|credentials|creds)(?(2)(?:\.[\w-]{1,40}){0,3})[\"']?[ \t]*(?:(?<!\[)(?(2)\]|:)[ \t]*(?:#.*)?$)",
                         re.MULTILINE).match(low, ls)  # fmt: skip
            if m is not None:
                _children_below(text, m.end(), len(m.group(1)), m.group(2) is not None, kind, found)


def _child_value(text, key, span, kind, found):
    low_key = key.lower()  # (a key of no capital has no camel case to split: no pass of the pattern over it)
    if span is None or any(w in _CHILD_NOT for w in compiled("child-words", r"[a-z]+").findall(
            low_key if low_key == key else compiled("camel-split", r"(?<=[a-z])(?=[A-Z])").sub("_", key).lower())):
        return
    _take(text, found, span, MEDIUM, ASSIGN, kind)


def _children_inline(text, i, kind, found, close="}"):
    end = text.find(close, i, i + 800)  # (a list's `]`: each of its objects' children)
    if end < 0:
        return
    for m in compiled("child-inline", r"[\"']?([\w.@/-]{1,60})[\"']?[ \t]*(?:[:=]|=>)[ \t]*([\"'])([^\"'\n]{1,300})\2").finditer(
            text, i, end):
        _child_value(text, m.group(1), m.span(3), kind, found)


def _children_below(text, i, indent, section, kind, found):
    pos = text.find("\n", i)
    for _ in range(60):
        if pos < 0:
            return
        pos += 1
        nxt = text.find("\n", pos)
        line_end = len(text) if nxt < 0 else nxt
        line = text[pos:line_end]
        body = line.lstrip(" \t")
        if body and not body.startswith("#"):
            if section and body.startswith("["):
                return  # the next INI section
            if not section and len(line) - len(body) <= indent:
                return  # YAML: back at the parent's indent
            m = None if body.rstrip().endswith(":") else compiled(  # (`db_password:`: a mapping below)
                "child-line", r"(?:-[ \t]+)?(?:[\"']?([\w.@/-]{1,60})[\"']?(?::[ \t]+|[ \t]*=[ \t]*))?"
                r"[\"']?([^\s\"']{1,300}?)[\"']?(?:[ \t]+#.*)?$").match(body)
            if m is not None and (m.group(1) or not section):
                s = pos + len(line) - len(body) + m.start(2)
                _child_value(text, m.group(1) or "", (s, s + len(m.group(2))), kind, found)
        pos = nxt


# ------------------------------------------------------------------------------ PINs
# A PIN is found by its label written as one (`PIN`, `Pin code`, `ПИН-код`, `PIN码`, not the
# `pin` of code: `ledPin`, `BUTTON_PIN`), then a separator or a connector, then 4-8 digits that
# end the clause (`PIN 13 drives the LED`, `PIN codes are 4 to 8 digits` are kept).
PIN_LITERALS = ("pin:", "pin ", "pin-", "pin码", "pin：", "пин")


def _pins(text, anchors, found):
    rx = compiled("pin", r"(?<![\w-])(?:PIN(?:[- ]?(?:[Cc]ode|CODE|[Kk]od|[Kk]oodi|[Kk]odu|码|碼))?|[Pp]in[- ]?[Cc]ode"
                         r"|ПИН(?:-код)?|[Cc]ode PIN|[Cc]ódigo PIN)(?![\w-])"
                         r"(?:[ \t]*[:=\uff1a][ \t]*|[ \t]+(?:is|was|ist|lautet|est|es|é|è|är|er|on|je|jest|to|da)[ \t]+|[ \t]+)"
                         r"[\"'`]?(\d{4,8})[\"'`]?(?=[.,;!?)]*(?:[ \t]+(?:for|and|but|on|to|und|et|y|e)\b|[ \t]*(?:\n|\Z|\(|[\u2014\u2013-]))|$)")
    done = -1
    for lit in PIN_LITERALS:
        for at in anchors.at(lit) if lit in anchors.present else ():
            if at < done:
                continue
            m = rx.search(text, max(0, at - 12), min(len(text), at + 60))
            if m is not None and m.start() <= at + len(lit):
                done = m.end()
                add_span(found, text, m.start(1), m.end(1), P_CANDIDATE, "password")


# ------------------------------------------------------------------------------ values
_CJK_STOP = (
    "\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
    "\u0600-\u06ff\u0590-\u05ff\u0e00-\u0e7f\u0900-\u097f"
)
_BARE_VALUE = r"[^\s\"'`" + _CJK_STOP + r"]{1,512}"  # (joined once: value_at is called ~13,000 times a MB dense with secrets)


_CLOSING = {"\"": "\"", "'": "'", "`": "`", "“": "”", "「": "」", "『": "』", "‘": "’", "«": "»", "»": "«", "„": "“",
            "‚": "‘"}  # a value's opening quote -> its closing one
_QUOTE_ENDED = frozenset(_CLOSING) - set("«»„")  # a value value_at reads after one ends at its closing quote


def value_at(text, i, end=None):
    """(start, end) of the value that starts at or after `i` (spaces skipped): a quoted string,
    or a bare word that stops at whitespace, a quote, CJK text or full-width punctuation."""
    n = len(text) if end is None else end
    while i < n and text[i] in " \t":
        i += 1
    if i >= n:
        return None
    quote = text[i]
    closing = _CLOSING.get(quote)
    if closing is not None and quote in "«»„" and i + 1 < n and text[i + 1] in " \u00a0":
        i += 1  # « X »: the spaces French puts inside its quotes
        while i < n and text[i] in " \u00a0":
            i += 1
        j = text.find(closing, i, min(n, i + 514))
        if j < 0 or "\n" in text[i:j]:
            return None
        k = j
        while k > i and text[k - 1] in " \u00a0":
            k -= 1
        return (i, k) if k > i else None
    if closing is not None:
        j = text.find(closing, i + 1, min(n, i + 514))
        if j < 0 or "\n" in text[i + 1:j]:
            return None
        return (i + 1, j) if j > i + 1 else None
    m = compiled("bare-value", _BARE_VALUE).match(text, i, n)
    if m is None:
        return None
    s, e = m.span()
    while e > s and text[e - 1] in ".,;:)]}>*?":
        e -= 1
    return (s, e) if e > s else None


def _alone(text, e):
    """Nothing but punctuation or a comment follows position `e` on its line."""
    m = compiled("alone", r"[\"'`]?[ \t.,;:!)\]}>*]*(?:[#(（].*|[ \t][-\u2013\u2014][ \t].*)?(?:\n|\Z)").match(text, e)
    return m is not None


def _ends_a_clause(text, e):
    """A sentence's mark (`.`, `;`, `!`) then a blank follow position `e`: a number said in prose
    ends its sentence there (`my password is 582019.  use it`) though more of its line follows (not
    a comma: examples listed, `(the pin is 4821, the port 8080)`; nor a capitalised word, which
    a prompt's answer is too: `password for ana: Sorry, try again`)."""
    return text[e:e + 1] in (".", ";", "!") and text[e + 1:e + 2] in (" ", "\t")


def _prose_follows(text, e):
    """Words of prose follow position `e` on its line (`(change after first login)`), not code;
    or prose of a language written without spaces between its words (`需配置在服务器上`)."""
    return compiled("prose-follows", r"[ \t]+(?:[(（\u2014\u2013-]+[ \t]*)?(?:[^\W\d_]{2,}[ \t']+[^\W\d_]"
                    r"|[\u3040-\u30ff\u3400-\u9fff]{3})").match(text, e) is not None


def _assigned_in_a_sentence(text, j, span):
    """An `=` at `j` in a sentence, its value `span` then words of prose (`the root passwd =
    Orchid$Rain3, try that`, `password = X!y for staging`): a value no name of code can be (`!`,
    `*`, `#` in it, no bracket of an expression or grammar), or words of prose before the label (no
    statement starts `ok so the root`)."""
    if compiled("prose-after-comma", r",?[ \t]+[^\W\d_]{2,}[ \t']+[^\W\d_]").match(text, span[1]) is None:
        return False
    value = text[span[0]:span[1]]
    if any(c in value for c in "<>()[]{}|"):
        return False  # `token = 1*<any CHAR except CTLs>`: a grammar's rule, an expression
    # a reference may hold a scheme's colon (Dhall's `env:DB_PASSWORD`, `Foo::Bar`)
    if compiled("code-name", r"[A-Za-z_$][\w$.]*(?:::?[A-Za-z_$][\w$.]*)*\Z").match(value) is None:
        return True
    words = text[text.rfind("\n", 0, j) + 1:j].split()
    return len(words) >= 4 and all(w.isalpha() and w.islower() for w in words)


def _take(text, found, span, strength, style, kind, alone=None):
    """Add `span` when decide() takes its value (`alone`: _alone at its end, when read already)."""
    if span is None:
        return False
    s, e = span
    if alone is None:
        alone = _alone(text, e) or (style == PROSE and text[s:e].isdigit() and _ends_a_clause(text, e))
    if decide(text[s:e], strength, style, alone=alone) or (
            strength >= STRONG and " " in text[s:e] and s and text[s - 1] in "\"'“「" and passphrase_like(text[s:e])):
        # (a quoted value of several words after a STRONG label: a pass phrase)
        if text[s] == "(" and text[e:e + 1] == ")" and "(" not in text[s + 1:e] and ")" not in text[s + 1:e]:
            s += 1  # `nghyfrinair (X) ar ôl`: the parentheses are the sentence's, around the value
        add_span(found, text, s, e, P_CANDIDATE, kind)
        return True
    return False


# ------------------------------------------------------------------------------ labels
_LABEL_SET = frozenset(LABELS)
NAME_WORDS = ("pass", "auth", "secret", "token", "pwd", "psk", "pw")
# The triggers that are no word of the lexicon but a piece of an English one (`auth`, `pass`,
# `pw`): the letters after one make another word (author, passage, pwned), not its inflection
# (value_before_label; a plural `s` alone stays, `the auths`), and a label that starts with one
# covers its hit (_covering).
_FRAGMENTS = frozenset(NAME_WORDS) - _LABEL_SET


_BY_START, _BY_END = itemgetter(0), itemgetter(1)


def label_hits(low, anchors):
    """(start, end, kind, ascii single word) of every lexicon label in the text, sorted (found
    once for the text: two finders read them)."""
    hits = anchors.memo.get("label hits")
    if hits is not None:
        return hits
    # (length, hits) of each label, trigger and qualified key, in the order they are listed
    groups = []
    present = anchors.present
    covering = _covering()
    covered: dict = {}  # trigger -> the places of the labels that cover it (see _covering)
    short = len(low) < _LABEL_IN_FROM
    for label in labels_present(anchors) & _LABEL_SET:
        if short and label not in low:
            continue  # (label_places' answer, without its call)
        kind = LABELS[label]
        places = label_places(low, anchors, label)
        if places:
            single = label.isascii() and " " not in label
            n = len(label)
            groups.append((n, [(at, at + n, kind, single) for at in places]))  # (a list: no generator's steps)
            for trigger in covering.get(label, ()):
                covered.setdefault(trigger, set()).update(places)
    for trigger in NAME_WORDS:  # requirepass, masterauth, auth_pass: names that end in one
        # (`token`, `secret`: a label of the lexicon too, at the same places, listed above; a
        # second hit there, a word of one piece read as a name, would be read the same and
        # skipped: ~5,000 of ~39,000 hits a dense MB)
        if trigger in present:
            if trigger in _LABEL_SET:  # (its own literal: where it stands, it was listed above)
                anchors.memo["label hits twice"] = anchors.memo.get("label hits twice", 0) + len(anchors.at(trigger))
                continue
            n = len(trigger)
            places = anchors.at(trigger)
            over = covered.get(trigger)
            if over:
                places = [at for at in places if at not in over]
                anchors.memo["label hits twice"] = anchors.memo.get("label hits twice", 0) + len(anchors.at(trigger)) - len(places)
            groups.append((n, [(at, at + n, "password", True) for at in places]))
    if "key" in present:  # `wifi key: X`, `Key Content : X` (lexicon.KEY_QUALIFIERS)
        followed = []
        groups.append((11, followed))
        for at in anchors.at("key"):
            if low.startswith(KEY_FOLLOWERS, at):
                followed.append((at, at + 11, "password", False))
            elif at > 3 and low[at - 1] == " " and low.endswith(KEY_QUALIFIERS, max(0, at - 17), at):
                start = next(at - len(q) for q in sorted(KEY_QUALIFIERS, key=len, reverse=True) if low.endswith(q, 0, at))
                if not start or not low[start - 1].isalnum():
                    groups.append((at + 3 - start, [(start, at + 3, "password", False)]))
    # by place, the longest label at a place first (κωδικός πρόσβασης), hits of one place and
    # length in the order listed: the groups longest first, then one stable sort by place, a C
    # key (a key function of Python called for each of ~40,000 hits a MB dense with secrets; a
    # second sort of all the hits by their end cost ~1.5 ms there)
    groups.sort(key=_BY_START, reverse=True)
    hits = []
    for _n, group in groups:
        hits += group
    if len(hits) > 1:
        hits.sort(key=_BY_START)
    anchors.memo["label hits"] = hits
    return hits


def _covering():
    """label -> the triggers (NAME_WORDS beyond the lexicon) it starts with: a trigger's hit where
    such a label's stands (`pass` of `password`) is not listed (~4,500 of ~34,000 hits a MB dense
    with secrets). Every reader of the hits reads it as it reads the label's, listed before it:
    _labels reads the same name (the label is an ASCII word of name characters; none has a `k`
    after the trigger, where a Kelvin sign would lowercase to one and end a name) and skips it,
    value_before_label finds a clause's end after it only where it finds one after the label,
    _aligned_header_lines reads the same cell, _value_below_its_name the label's kind first."""
    got = CACHE.get("labels covering")
    if got is None:
        got = CACHE["labels covering"] = {}
        for label in _LABEL_SET:
            if label.isascii() and " " not in label:
                for trigger in NAME_WORDS:
                    if trigger in _FRAGMENTS and label != trigger and label.startswith(trigger) \
                            and "k" not in label[len(trigger):]:
                        got.setdefault(label, []).append(trigger)
    return got


def _label_hits_counted(hits, anchors):
    """How many label hits _aligned_tables and value_before_label counted when `token` and `secret`
    were listed twice (the same choices of scan and of compiling as then)."""
    return len(hits) + anchors.memo.get("label hits twice", 0)


def _labels(text, low, anchors, found):
    n = len(text)
    done = -1
    name_chars = None  # compiled when a name goes on past its label
    # name -> (its verdict, the name rule's; or, when it has none, whether it is a directive's
    # name): each name read once for the text (a name holds several labels, a text repeats it)
    names = {}
    for s, e, kind, single in label_hits(low, anchors):
        if s < done:
            continue
        if single or s and low[s - 1] in NAME_CHARS or (e < n and low[e] in "_-"):
            # an ASCII word: judged as a name (DB_PASSWORD, requirepass, auth_pass)
            ns = s
            if s and text[s - 1] in NAME_CHARS:
                # the name's characters before the label stripped at C speed (~19,000 names a MB
                # dense with secrets, ~6 characters each); one of 64 or more goes on by index
                seg = text[s - 64 if s > 64 else 0:s]
                rest = seg.rstrip(NAME_CHARS_TEXT)
                ns = s - len(seg) + len(rest)
                if not rest:
                    while ns > 0 and text[ns - 1] in NAME_CHARS:
                        ns -= 1
            while ns < s and text[ns] in ".-":
                ns += 1
            ne = e
            if ne < n and text[ne] in NAME_CHARS:  # (most names end at the label: one test, no call)
                if name_chars is None:
                    name_chars = compiled("name-chars", r"[A-Za-z0-9_.\-]*").match  # NAME_CHARS, by the engine
                ne = name_chars(text, ne).end()
            name = text[ns:ne].rstrip(".-")
            ne = ns + len(name)
            got = names.get(name)
            if got is None:
                verdict = name_verdict(name) if name else None
                got = names[name] = (verdict, verdict is None and name.lower().endswith(DIRECTIVE_ENDINGS)
                                     and name.replace("_", "").isalpha())
            verdict = got[0]
            if verdict is None and low[s:e] not in _NEVER_INFLECTED and _inflected_label(low, ns, ne, s, e):
                # `Lozinka: X`, `Salasanasi on X`: a word of the lexicon (and its inflection)
                # that no name rule knows: a label of prose, not a name of code
                done = ne
                _read_sentence(text, low, ns, ne, kind, found)
                continue
            if verdict is None:
                if not got[1]:
                    if ns == s and ne - e <= 4 and name.isalpha() and low[s:e] in _LABEL_SET:
                        _value_in_sentence(text, ns, ne, kind, found)  # `passwordnya`, `tokenku`: inflected in prose
                    continue
                verdict = ("password", MEDIUM)
            if ns and text[ns - 1] == "-":
                continue  # --password X: a flag (store/privacy/names.py)
            kind, strength = verdict
            done = ne
            if strength < STRONG and text[ne:ne + 1] in _NOTHING_AFTER_A_NAME:
                continue  # (Python's `pass` then its line's end, `getpass(`: ~300 names a MB of source code)
            before = len(found)
            _after_label(text, low, ns, ne, kind, strength, True, found)
            if len(found) == before and ns == s and ne == e and low[s:e] in _LABEL_SET and low[s:e] not in _NEVER_INFLECTED:
                # a word of prose of another language than code's (`heslo`, `senha`) that no directive's
                # reading took, inside a sentence: `uživatel deploy, heslo X. Napiš …`
                _value_in_sentence(text, s, e, kind, found)
            continue
        strength = STRONG if single or low[s] not in "\u30d1\u3071" or low[s:e] not in SHAPE_ONLY_LABELS else MEDIUM
        if e < n and low[e].isalpha() and ord(low[e - 1]) < 0x3000 and not unspaced(low[e - 1]):
            while e < n and low[e].isalpha() and e - s < 40 and not low[e:e + 1].isspace():
                e += 1  # inflection: Lösenordet, Паролата
        done = e
        if strength >= STRONG:
            _read_sentence(text, low, s, e, kind, found)
        else:
            _after_label(text, low, s, e, kind, strength, False, found)


def _read_sentence(text, low, s, e, kind, found):
    """A STRONG label of prose's value: _after_label's, or the first a few words on (_value_in_sentence)."""
    before = len(found)
    _after_label(text, low, s, e, kind, STRONG, False, found)
    if len(found) == before:
        _value_in_sentence(text, s, e, kind, found)


def _a_word(token):
    """`token` is a word of prose in any script: ASCII letters (a hyphen or an apostrophe inside), or
    other characters that are no digit, blank or punctuation (a script's vowel signs are no letters
    to str.isalpha: Thai `คือ`, Hindi `है`)."""
    if token.isalpha():
        return True
    if token.isascii():
        return token.replace("-", "").replace("'", "").isalpha()
    return not any(ch.isdigit() or (ch.isascii() and not ch.isalpha() and ch not in "-'") or ch in _PUNCTUATION
                   for ch in token)


_PUNCTUATION = frozenset("\u2014\u2013\u201c\u201d\u00ab\u00bb\u201e\u2018\u2019\u2026\u3001\u3002\uff0c\uff1a\uff1b\uff01\uff1f"
                         "\uff08\uff09\u300c\u300d\u300e\u300f\u3010\u3011\u00b7\u060c\u061b\u061f")


def _value_in_sentence(text, s, e, kind, found):
    """A secret's word of prose (text[s:e]) then up to six words of its sentence, of any script (a
    qualifier, an adverb, a connector: `mật khẩu DB mới là X`, `รหัสผ่านของ redis ตอนนี้คือ X`,
    `hasło do bazy to teraz X`, `şifre X olarak`): the first token that is no word is the value,
    taken when random or a person's password (evidence.SENTENCE).  A word that ends a clause
    (`.`, `,`, `;`) ends the reading; so does any other token (a path, a reference, a number)."""
    n = len(text)
    end = text.find("\n", e, e + 160)
    end = min(n, e + 160) if end < 0 else end
    words = 0
    # (a token ends at a backslash too: an escaped line break, `X\\n`, in JSON printed as text, ends the line)
    for m in compiled("sentence-token", r"[^\s\\]+").finditer(text, e, end):
        token = m.group()
        if m.start() == e:
            if not _a_word(token):
                return  # `password:`, `token=`: a separator, _after_label's
            continue  # the label's own word goes on: an inflection, a script without spaces
        word = token.rstrip(",.;!?\u060c\u061b")
        if word and _a_word(word.rstrip(":")):
            words += 1
            if words > 6 or word != token or text[m.end():m.end() + 1] == "\\":
                return
            continue
        if any(ch in token for ch in "=:|<>"):
            return  # `wifi=X`, `pass:X`, `Name|pass`: a pair, a grammar (other finders')
        span = value_at(text, m.start(), m.end())
        if span is not None and decide(text[span[0]:span[1]], STRONG, SENTENCE) and not _one_of_alternatives(text, span):
            add_span(found, text, span[0], span[1], P_CANDIDATE, kind)
        return


def _one_of_alternatives(text, span):
    """The quoted value at `span` is one of a list of quoted alternatives, a short word or a comma
    between them (`'Password1!' albo 'Qwerty123!'`, `"X" or "Y"`, `'X', 'Y'`): examples of a kind
    (a policy's words to reject), not the value of the label before them."""
    s, e = span
    if not s or text[s - 1] not in "'\"" or text[e:e + 1] != text[s - 1]:
        return False
    return compiled("alternatives-next", r"[ \t]*(?:,[ \t]*|[ \t][^\W\d_]{1,5}[ \t]+)([\"'])[^\"'\s]{3,64}\1").match(text, e + 1) is not None


# What _after_label reads nothing after, at a name's end, under a verdict below STRONG: no blank,
# separator, quote or letter (each of its other cases asks a STRONG label).
_NOTHING_AFTER_A_NAME = frozenset("\n\r().,;-/[{}<>!?|&+%#@$~^\\")


def _inflected_label(low, ns, ne, s, e):
    """The name low[ns:ne] is the lexicon's label low[s:e] itself, or the label with up to four
    letters of inflection (`salasanasi`, `lozinku`), or a compound that ends in it
    (`Datenbankpasswort`, `databasewachtwoord`), and a word of no language's code: the name is
    letters only (and the hyphen of a label written with one, Romansh `pled-clav`), and the label is
    not an English word code names things with."""
    label = low[s:e]
    word = low[ns:ne].replace("-", "") if "-" in label else low[ns:ne]
    return ((s == ns or s - ns >= 3) and label in _LABEL_SET and label not in NAME_WORDS and label not in _ENGLISH_NAMES
            and word.isalpha() and ne - e <= 4 and not low[ne:ne + 1].isalpha())  # fmt: skip


# English words of the lexicon that are names in code too (judged by the name rule alone)
_ENGLISH_NAMES = frozenset(("password", "passphrase", "passcode", "secret", "appsecret", "apikey", "api-key"))
# Labels _inflected_label never reads as inflected (tested first, by the label's text: most names
# that no rule knows stand at `pw`, `pass`, `token`)
_NEVER_INFLECTED = frozenset(NAME_WORDS) | _ENGLISH_NAMES


def _separator_first(text, e, kind, strength, directive_name, found):
    """A separator right after a label or after its blanks, read (True): `PASSWORD=`, `password:`,
    `NAME = value`, `password : X` (most labels of a dense text, ~2,500 a MB after blanks); none
    of _after_label's other cases reads a separator there."""
    j, n = e, len(text)
    while j < n and text[j] in " \t":
        j += 1
    sep = text[j:j + 1]
    if sep in _SEPARATORS and not (sep == "=" and text[j + 1:j + 2] in ("=", ">")):
        _after_separator(text, j, sep, strength, directive_name, kind, found)
        return True
    return False


_HEAD_STARTS = frozenset(head[:2] for head in COMPOUND_HEADS)  # (each head is 2-12 letters a-z)


def _after_label(text, low, s, e, kind, strength, directive_name, found):
    """The value after the label text[s:e]."""
    if _separator_first(text, e, kind, strength, directive_name, found):
        return
    n = len(text)
    i = e
    # (after one blank, a head's first two letters: most words of prose after a label start no head)
    if low[i:i + 1] in (" ", "\t") and ("a" <= low[i + 1:i + 2] <= "z" and low[i + 1:i + 3] in _HEAD_STARTS
                                         or low[i + 1:i + 2] in ("\t", " ")):
        head = compiled("compound-head", r"[ \t]+([a-z]{2,12})\b").match(low, i)
        if head is not None and head.group(1) in COMPOUND_HEADS:
            return  # `password manager is 1Password`, `token type: Bearer`: the label is a compound's
    while i < n and text[i] in "\"'*`]":
        i += 1  # "password": **Password**: [password]
    j = i
    while j < n and text[j] in " \t":
        j += 1
    if j >= n:
        return
    ch = text[j]
    # what the next word starts with, read once for the patterns below: each of them but the
    # qualifier's bracket needs a letter there, `[^\W\d_]` (~4,000 labels a MB of pytest's ids
    # end at `]`, `[`, a line's end)
    lead = low[j]
    letter = lead.isalnum() and not lead.isdecimal() and lead != "_"
    bare = _bare_word(low, j) if letter else None
    if (ch in "\r\n-\u2013\u2014" or (ch in "bh" and low.startswith(("below", "here"), j))) and strength >= STRONG:
        end = compiled("label-line-end", r"[ \t]*+(?:(?:below|here)[ \t]*+)?[\u2014\u2013-]?[ \t]*+(?=\r?\n)").match(low, i)
        if end is not None and compiled("label-line-code", r"[^\n|;$(){}=<>\"`,]*+[|;$(){}=<>\"`,]").match(low, low.rfind("\n", 0, s) + 1, s):
            end = None  # `echo 'u:X' | sudo chpasswd`: a command's word ends the line, not a label; `user,password`: a
            # CSV header's last field (its rows below: store/privacy/formats.py)
        below = value_below(text, end.end(), True) if end is not None else None
        if below is not None and not text[below[0]:below[1]].isalpha():
            # `DB password below`, `token`, `the root password —`, then the value alone below (a
            # word alone there is a heading's next line: `Password` / `Reset`)
            _take(text, found, below, strength, PROSE, kind)
            return
    # (the arrow's characters first: most labels have none; `=` of `NAME=` most often)
    arrow = compiled("label-arrow", r"(?:->|=>|\u2192|\u21d2|\u27f6)(?=[ \t])").match(text, j) \
        if strength >= STRONG and (ch in "\u2192\u21d2\u27f6" or (ch in "-=" and text[j + 1:j + 2] == ">")) else None
    if arrow is not None:  # `heslo -> X`, `Passwort => X`, `password → X`
        _take(text, found, value_at(text, arrow.end()), strength, PROSE if directive_name else ASSIGN, kind)
        return
    if i > e and text[i - 1] in "\"'":  # a quoted label: an element or an attribute may hold its value
        # (each pattern where it can match: a `>` within its reach, a blank first; a JSON key has neither)
        child = compiled("value-element", r"[^<>\n]{0,120}>[ \t]*+\n?[ \t]*+<(value|string)>([^<>\n]{1,300})</\1>").match(text, i) \
            if text.find(">", i, i + 121) >= 0 else None
        if child is not None:  # <setting name="ApiKey"><value>X</value>
            _take(text, found, child.span(2), strength, ASSIGN, kind)
            return
        attr = compiled("value-attribute", r"[ \t]+(?:value|val|content|default|data)[ \t]*=[ \t]*(?=[\"'])").match(text, i) \
            if text[i:i + 1] in (" ", "\t") else None
        if attr is not None:  # key="Password" value="X": a name and its value
            _take(text, found, value_at(text, attr.end()), strength, ASSIGN, kind)
            return
    if ch in ",\uff0c\u3001" and strength >= STRONG and j == i and (ch != "," or text[j + 1:j + 2] == " "):
        span = value_at(text, j + 1)  # `here's the db password, X`: the value after a comma, ending its line
        ls = low.rfind("\n", 0, s) + 1  # (a sentence's: no call or assignment of code around it)
        if span is not None and compiled("sentence-end", r"[ \t]*+[.!]?[ \t]*+(?:\r?\n|\Z)").match(text, span[1]) \
                and not compiled("code-head", r"[^\n]*[(=\[{]").match(low, ls, s):
            _take(text, found, span, strength, PROSE, kind)
            return
    if ch in "-\u2013\u2014" and strength >= STRONG and j > i and text[j + 1:j + 2] in (" ", "\t"):
        _take(text, found, value_at(text, j + 1), strength, PROSE, kind)  # `Password - X`, `пароль – X`
        return
    if ch not in ":=\uff1a\uff1d" and strength >= STRONG:
        q = _qualifier().match(low, i) if ((letter and j > i and (bare is None or bare[1] in (":", "\uff1a")))
                                           or lead in "(\uff08[\u3010") and _qualifier_may_end(low, i) else None
        if q is not None:  # `contraseña del wifi: X`, `password for the db: X`: prose, so a
            # plain word after it is not taken (`the token for this session: expired`)
            span = value_at(text, q.end())
            if span is None and low[q.end() - 1:q.end()] in (":", "\uff1a"):
                span = value_below(text, q.end(), True)  # `password for user 'elastic':` then the value below
            _take(text, found, span, strength, PROSE, kind)
            return
        sp = low.find(" ", i + 1, i + 9) if low[i:i + 1] == " " else -1  # (the word after: a preposition?)
        if sp > 0 and low[i + 1:sp] in _PREPOSITION_SET and _qualified_value(text, low, i, kind, found):
            return
    if ch in ":=\uff1a\uff1d" and not (ch == "=" and text[j + 1:j + 2] in ("=", ">")):
        _after_separator(text, j, ch, strength, directive_name, kind, found)
        return
    _after_label_words(text, low, s, e, i, j, strength, directive_name, kind, found, letter, bare)



def _bare_word(low, j):
    """(the ASCII word whose letters start at `j`, the character after them) where that character
    is no blank, else None (and for a word of 32 letters or more: not read on).  No qualifier,
    connector or preposition of _after_label's patterns can follow such a word (each reads a word
    then blanks, or the word itself as a connector, or a colon after it): those patterns are not
    tried after `password Gx7.kP2m`, `token abc-123` (~4 us a label, ~1,000 a MB dense with secrets)."""
    k = compiled("label-next-letters", r"[^\W\d_]*+").match(low, j, j + 32).end()
    if k < j + 32 and low[k:k + 1] not in (" ", "\t") and low[j:k].isascii():
        return low[j:k], low[k:k + 1]
    return None


_SEPARATORS = frozenset(":=\uff1a\uff1d")
_CONNECTOR_SET = frozenset(CONNECTORS)
# the characters of the connectors that are neither letters nor blanks (`c'est`, `है`)
_CONNECTOR_MARKS = frozenset("'\u2019\u0948\u0e37\u0e48\u0ec8\u17ba")


def _after_label_words(text, low, s, e, i, j, strength, directive_name, kind, found, letter, bare):
    """`_after_label`'s last cases, where no separator follows the label (text[s:e]; its value may
    start at `i`, after blanks at `j`): a label of a script without spaces, a connector of prose,
    "changed to", a value after a space; `letter`: a letter stands at `j` (the connector's pattern
    and the preposition's after a verb of changing start with blanks then a letter); `bare`: the
    next word and the character after it, where that is no blank (see _bare_word)."""
    n = len(text)
    if i == e and i < n and ord(low[e - 1]) >= 0x3000 and not text[i].isascii():
        phrase = compiled("cjk-phrase-colon", r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]{1,8}[:\uff1a][ \t]*(?=\S)").match(text, i)
        if phrase is not None:  # `密码发你了：X`, `パスワード送ります：X`: a few words of the label's script, then its colon
            _take(text, found, value_at(text, phrase.end()), strength, PROSE, kind)
            return
    if i == e and i < n and ord(low[e - 1]) >= 0x3000 and text[i].isascii() and text[i].isalnum():
        # `密码X`, `パスワードX`: a label of a script without spaces, the value in ASCII right after it
        _take(text, found, value_at(text, i), strength, PROSE, kind)
        return
    # a connector of prose, the qualifier before it allowed: "password for the box is X"
    m = _connector().match(low, i) if letter and (bare is None or bare[0] in _CONNECTOR_SET or bare[1] in _CONNECTOR_MARKS) \
        else None
    if m is not None and m.group(1) and (m.start(1) == i or m.group(1) not in ("을", "를", "を")):
        # (an object particle only right after the label: `비밀번호를 X`, not `토큰 갱신 로직을 수정`)
        word = m.group(1)
        if word == "to" and not _after_verb(low, s):
            if low[s:e] in _ENGLISH_LABELS or "_" in low[s:e]:
                # after an English noun `to` is a preposition (`the password to the box is X`, `It's
                # a Secret to Everybody`), not Polish's and Czech's copula (`hasło to X`, `token to X`):
                # the word after it is a value only of a sentence's evidence (random, or a password's
                # three classes), not a capital that ends the clause; nor after a name of code
                # (`Add NEXTAUTH_SECRET environment variable to Vercel`: where it goes)
                if not _connector_after_qualifier(text, low, i, strength, kind, found):
                    _take(text, found, value_at(text, m.end()), strength, SENTENCE, kind)
                return
            if not _take(text, found, value_at(text, m.end()), strength, PROSE, kind):
                return
            return
        if word in _PREPOSITION_SET and _connector_after_qualifier(text, low, i, strength, kind, found):
            return
        if _take(text, found, value_at(text, m.end()), strength, PROSE, kind):
            return
    # (a preposition of "verb-preposition" then a blank, at `j`, tested at C speed before the call: ~250
    # labels a MB of commit messages' prose have none)
    if (j == i and low[j:j + 1] in ("「", "『") or letter and j > i and bare is None and low.startswith(_PREPOSITION_BLANK, j)) \
            and _changed_to(text, low, s, i, j, strength, kind, found):
        return
    if i < n and text[i] in " \t" and not (s and text[s - 1] in "=:/" and not _after_a_namespace(low, s)):
        _after_space(text, low, s, e, i, strength, directive_name, kind, found)


def _after_a_namespace(low, s):
    """The label at `s` follows a namespace's colon, that namespace one word starting its line
    (`app:dbPassword  X`, Pulumi's `project:key` in a config's table; `aws:secretKey X`): the
    colon is the name's own, not a separator before it."""
    if low[s - 1] != ":":
        return False
    ls = _line_start(low, s)
    return compiled("namespace-head", r"[ \t]*[a-z][\w.-]{0,40}:\Z").match(low, ls, s) is not None



_PREPOSITION_SET = frozenset(PREPOSITIONS)
# Labels that are English words alone (no Slavic language writes them): `to` after one is a preposition
_ENGLISH_LABELS = frozenset(("password", "passwords", "passphrase", "passcode", "secret", "secrets"))
# each of "verb-preposition"'s words and a blank after it: none holds a blank, so where the pattern
# matches at a label's end, one of these starts at the first character after its blanks
_PREPOSITION_BLANK = tuple(p + b for p in AFTER_VERB_PREPOSITIONS for b in " \t")


def _connector_after_qualifier(text, low, i, strength, kind, found):
    """"password on the box is X", "password on db-01.internal is X", "la password da usare è X":
    the word after the label is a preposition that is also a connector (`on`, `to`, `da`, `na`),
    which _connector's pattern takes first; read here first as opening a qualifier of a few words
    (of letters, or a host's or a name's lower case: no value's mixed case nor marks), then the
    connector, then the value."""
    fewest = 1
    while fewest <= _QUALIFIER_WORDS:
        # (a connector inside the qualifier, `do servidor de correo da empresa é X`'s `da`, ends
        # it too soon: where no value follows, the qualifier is read on to the next connector)
        rx = CACHE.get(("connector-after-qualifier", fewest))
        if rx is None:
            words = [c for c in CONNECTORS if c.isascii() or ord(c[0]) < 0x3000 and not unspaced(c[0])]
            rx = CACHE[("connector-after-qualifier", fewest)] = compiled(
                f"connector-after-qualifier-{fewest}", r"[ \t]+(?:" + "|".join(PREPOSITIONS) + r")((?:[ \t]+[^\s:=]{1,30})"
                + f"{{{fewest},{_QUALIFIER_WORDS}}}?)" + r"[ \t]+(?:" + _trie(words) + r")(?![^\W\d_])")
        m = rx.match(low, i)
        if m is None:
            return False
        qualifier = text[m.start(1):m.end(1)].split()
        if not all(compiled("qualifier-word", r"[^\W\d_]+|[a-z0-9]+(?:[.-][a-z0-9]+)*").fullmatch(w) for w in qualifier):
            return False
        if _take(text, found, value_at(text, m.end()), strength, PROSE, kind):
            return True
        if low[m.end(1):m.end()].strip(" \t") not in _PREPOSITION_SET:
            return False  # (read on only past a connector that is a preposition too: `da`, `na`, `to`)
        fewest = len(qualifier) + 1
    return False


_QUALIFIER_WORDS = 6  # the most words between a label's preposition and its connector


def _qualified_value(text, low, i, kind, found):
    """`пароль от базы X`, `password for staging X`, `mot de passe du serveur X`: a preposition and a
    word or two qualify the label, no separator, then a value that ends its line and has a
    password's or a random string's shape (a word there is prose; a user's label there names a
    user: `password for user admin1`)."""
    if low[i:i + 1] not in (" ", "\t") or (low.find("\n", i, i + 120) < 0 and len(low) > i + 120):
        return False  # (no space after the label, or a line too long for a value to end it soon)
    rx = CACHE.get("bare-qualifier")
    if rx is None:
        rx = CACHE["bare-qualifier"] = compiled(
            "bare-qualifier", r"[ \t]+(?:" + "|".join(PREPOSITIONS) + r")[ \t]+(?:the[ \t]+)?([^\W\d_]{2,15})(?:[ \t]+[^\W\d_]{2,15})?[ \t]+(?=\S)")
    m = rx.match(low, i)
    if m is None or m.group(1) in USER_WORDS:
        return False
    span = value_at(text, m.end())
    if span is None or not _alone(text, span[1]):
        return False
    return _take(text, found, span, MEDIUM, PROSE, kind)


def _after_space(text, low, s, e, i, strength, directive_name, kind, found):
    """The value after a label and a space at `i`: a directive's (`requirepass X`, `SetEnv
    DB_PASSWORD X`, `Мій пароль X`), unless the word there is a flag or prose."""
    span = False  # not read yet
    if directive_name and low[e - 4:e] in ("auth", "pass", "cred"):
        span = value_at(text, i)
        if text[i + 1:i + 2] in ("\"", "'"):  # (the pattern's first character)
            two = compiled("user-pass-args", r"([\"'])[^\"'\n]{1,64}\1[ \t]*,?[ \t]*([\"'])([^\"'\n]{1,128})\2[ \t]*(?:[;)#]|\r?\n|\Z)").match(text, i + 1)
            if two is not None:
                # `basic_auth 'ana', 'X'` (a call without parentheses), `auth "ana" "X"`: a user, then its password
                _take(text, found, two.span(3), STRONG, POSITION, "password")
                return
        pair = compiled("user-pass-pair", r"[A-Za-z_][\w.@-]{0,63}:([^\s:/]{3,128})\Z").match(text, *span) if span else None
        if pair is not None and _alone(text, span[1]):
            # `stats auth admin:X` (HAProxy), `basic_auth ana:X`: a user, then its password
            _take(text, found, pair.span(1), STRONG, SPACE, "password")
            return
    if span is False:
        span = value_at(text, i)
    if span is None:
        return  # (what follows reads the value)
    if text[span[0]] == "-" and compiled("flag-word", r"--?[A-Za-z][A-Za-z-]*\Z").match(text[span[0]:span[1]]):
        return  # `-Name ApiKey -AsPlainText`, `sshpass -p X`: the next word is a flag, not the value
    value = text[span[0]:span[1]]
    if value.isascii() and value.isalpha() and not decide(value, strength, SPACE) and (
            len(value) < 4 or not _alone(text, span[1])):
        # an ASCII word, not random: decide() takes it under any strength and style only as a
        # config's value (ASSIGN) of 4 letters or more alone on its line; the word of prose after
        # a secret word (`a secret word`, `the token is`) is told from these two tests, not from
        # the line's context read below (~1 ms a MB of this repository's log)
        return
    context = directive_name and _directive_context(low, s)  # (read once: asked up to three times below)
    if directive_name and not context:
        if strength < STRONG and not after_a_user(text, s):
            return
        strength = STRONG
    if directive_name and value in ("0", "7"):
        after = value_at(text, span[1])  # a network device's `password 0 X`, `secret 0 X`: the
        if after is not None and _alone(text, after[1]):  # type of what follows (0: in clear, 7: reversible)
            _take(text, found, after, strength, PROSE, kind)
        return
    alone = None
    if directive_name:
        alone = _alone(text, span[1])
        if not alone and not context:
            return
    # a config directive (requirepass, auth_pass, SetEnv DB_PASSWORD) that starts its line
    # sets a value as `=` does; an English word (`Password changed`) may start prose
    config = directive_name and low[s:e] not in _PROSE_NAMES and context \
        and not (value.isalpha() and value.islower() and label_in_a_sentence(low, s))  # `with x-api-key authentication.`
    _take(text, found, span, strength, ASSIGN if config else SPACE, kind, alone)


def _changed_to(text, low, s, i, j, strength, kind, found):
    """`cambié la contraseña a X`, `поменял пароль на X`: a verb of changing before the label, a
    preposition after it, then a password-like or random value (a word there is prose: `a una más
    segura`); `パスワード「X」`: a value quoted in CJK brackets right after a label."""
    if strength >= STRONG and text[j:j + 1] in ("「", "『") and j == i:
        return _take(text, found, value_at(text, j), strength, PROSE, kind)
    rx = CACHE.get("verb-preposition")
    if rx is None:
        rx = CACHE["verb-preposition"] = compiled(
            "verb-preposition", r"[ \t]+(?:" + "|".join(AFTER_VERB_PREPOSITIONS) + r")[ \t]+(?=\S)")
    m = rx.match(low, i)
    if m is None:
        return False
    line = low[max(0, low.rfind("\n", max(0, s - 60), s) + 1, s - 60):s]  # (a line break read back 60 characters at most)
    if not any(stem in line for stem in CHANGE_VERB_STEMS) or not compiled(
            "change-verb", r"(?<![^\W\d_])(?:" + "|".join(CHANGE_VERB_STEMS) + ")").search(line):
        return False
    return _take(text, found, value_at(text, m.end()), MEDIUM, PROSE, kind)


def _after_separator(text, j, ch, strength, directive_name, kind, found):
    """The value after a label's separator at `j` (`:`, `=`, full-width ones): on its line, or
    alone on the line below."""
    n = len(text)
    k = j + 1
    while k < n and text[k] in "*_":
        k += 1  # `**Senha:** X`: the emphasis closes after the separator
    if directive_name:
        # a name's value (the name rule's): below, only a STRONG one after `:` `=` `：` that prose
        # follows, or one alone below a `:`; a quoted value ends at its quote, where no prose
        # starts, and no value stands alone below a line that goes on (value_at not called: the
        # same answer, for most names a dense text holds)
        if strength < STRONG or ch == "\uff1d":
            return
        q = k
        while q < n and text[q] in " \t":
            q += 1
        if q < n and text[q] in _QUOTE_ENDED:
            return
        if text[q:q + 1] not in _CLOSING and (ch == "=" or text[q:q + 1].isascii() and text[q:q + 1].isalnum()):
            # (a value is read below: the bare one that stands at `q`, or none after `=`) what is
            # taken is followed by a blank or a comma, on its line, within a value's reach: with
            # none there, nothing is (~2,100 `NAME=value` and ~1,900 `name: value` lines a MB
            # dense with secrets, ~4 us each)
            end = text.find("\n", q, q + 520)
            seg = text[q:end if end >= 0 else q + 520]
            if " " not in seg and "\t" not in seg and "," not in seg:
                return
    span = value_at(text, k)
    if span is None and strength >= STRONG and ch in ":\uff1a":
        below = value_below(text, k, True)  # `Mot de passe :` then the value alone on the next line
        if below is not None:
            _take(text, found, below, strength, PROSE if directive_name else ASSIGN, kind)
        return
    if directive_name:
        # NAME = value: store/privacy/names.py judges it; here only a password-like or random
        # value followed by prose (`Password: admin123 (change after first login)`)
        if span is not None and strength >= STRONG and ch in ":=\uff1a" and text[span[1]:span[1] + 1] in _BEFORE_PROSE \
                and ((_prose_follows(text, span[1]) and (
                ch != "=" or compiled("aside", r"[ \t]+[(（\u2014\u2013]").match(text, span[1])))
                or (ch == "=" and _assigned_in_a_sentence(text, j, span))):
            # after `=`, only prose set aside (`password = X (don't share)`), not a grammar's words,
            # or an `=` in a sentence
            s2, e2 = span
            if decide(text[s2:e2], strength, PROSE):
                add_span(found, text, s2, e2, P_CANDIDATE, kind)
        return
    _take(text, found, span, strength, ASSIGN, kind)


# What stands right after a value that prose follows (_prose_follows, "prose-after-comma").
_BEFORE_PROSE = frozenset(" \t,")
_PROSE_NAMES = frozenset("password passwd pass pwd pw token tokens secret secrets key keys auth passphrase passcode "
                         "credential credentials creds".split()) | _LABEL_SET


def _trie(words):
    """A regular expression matching any of `words`, longest first, as a trie: each character is
    tried once at each place, not once per word (the connectors are ~160)."""
    import re

    tree: dict = {}
    for word in words:
        node = tree
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def pattern(node):
        ends = "" in node
        branches = [re.escape(ch).replace(r"\ ", " ") + pattern(child) for ch, child in sorted(node.items()) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return "(?:" + body + ")?" if ends else body

    return "(?:" + pattern(tree) + ")"


def _connector():
    rx = CACHE.get("connector")
    if rx is None:  # (the blanks after a preposition read once: the words after them, else the connector
        # right after them; split between the words and the blanks before the connector, 4,000 blanks
        # after `password for` took 11 s)
        def attached_to_label(c):
            return ord(c[0]) >= 0x3000 or unspaced(c[0])

        words = [c for c in CONNECTORS if not attached_to_label(c)]
        attached = [c for c in CONNECTORS if attached_to_label(c)]
        rx = CACHE["connector"] = compiled(
            # (a qualifier's word may be hyphenated, Zulu's `ye-admin ku-router`; a connector is a
            # word of its own, not the prefix hyphenated to one: `ye-admin` is no `ye`)
            "connector", r"(?:[ \t]+(?:" + "|".join(PREPOSITIONS) + r")(?:[ \t]++[^:\n=]{1,40}?|[ \t][ \t]++)"
                         r"|(?:[ \t]+[^\W\d_]{2,15}(?:-[^\W\d_]{2,15})?){1,2})??"
                         r"[ \t]*((?<![^\W\d_])" + _trie(words) + r"(?![^\W\d_]|-[^\W\d_])|" + _trie(attached) + r")"
                         r"(?:(?:[ \t]+[^\W\d_]{2,12}){1,2}[ \t]*[:\uff1a]|[ \t]*[:\uff1a])?")  # fmt: skip
    return rx


def _qualifier_may_end(low, i):
    """A character that ends _qualifier's pattern (`:`, `：`, `=`, a dash) stands on the line from
    `i` (the pattern reads no line break): where none does, the pattern is not tried (~1,400
    labels a MB dense with secrets then a word, no colon: ~1.2 us each)."""
    # The first such character (or line break) from the last place asked of on serves each place
    # before it: a line of 1 MB of labels and words, no colon, was read to its end at each label
    # (over 20 s -> ms).
    memo = _QUALIFIER_END[0]
    if memo[0] is low and memo[1] <= i <= memo[2]:
        at = memo[2]
    else:
        m = compiled("qualifier-end", r"[:\uff1a=\u2013\u2014\n-]").search(low, i)
        at = len(low) if m is None else m.start()
        _QUALIFIER_END[0] = (low, i, at)
    return at < len(low) and low[at] != "\n"


_QUALIFIER_END = [("", 0, 0)]  # (the text last asked of, its last place searched from, what was found there)


def _qualifier():
    """A label's qualifier then its separator: `del wifi:`, `do banco:`, `for the db:`, `für den
    Server:` (a preposition, up to 40 characters, a colon)."""
    rx = CACHE.get("label-qualifier")  # (the pattern is not even joined again: called for each label)
    if rx is None:
        # (a name in quotes may stand in it: `Password for the 'elastic' user:`)
        rx = compiled("label-qualifier", r"(?:[ \t]+(?:" + "|".join(PREPOSITIONS) + r")[ \t]+(?:[^:\n=\uff1a\"'`]{1,40}?"
                                         r"|[^:\n=\uff1a\"'`]{0,30}?(?:'[\w.@-]{1,30}'|\"[\w.@-]{1,30}\")[^:\n=\uff1a\"'`]{0,30}?)"
                                         r"|(?:[ \t]+[^\W\d_]{2,15}){1,2}|[ \t]+[^\W\d_]{2,15}[ \t]+(?:" + "|".join(PREPOSITIONS) +
                                         r")[ \t]+[^:\n=\uff1a\"'`]{1,30}?|[ \t]*[(\[\uff08\u3010][^()\[\]\uff08\uff09\u3010\u3011\n]{1,30}[)\]\uff09\u3011])"
                                         r"(?:[ \t]*[:\uff1a]|[ \t]+[-\u2013\u2014=](?=[ \t]))")
    return rx


def _after_verb(low, s):
    line = low[max(0, low.rfind("\n", max(0, s - 40), s) + 1, s - 40):s]
    return any(compiled("verb-" + v, r"\b" + v + r"\b").search(line) for v in SET_VERBS)


def _line_start(low, s):
    """Where the line of `s` starts, read from the last place asked of on where `s` lies after it
    on its line (the labels of a long line are read in order: each was read back to the line's
    start, ~20,000 labels on a line of 500,000 characters: ~0.4 s)."""
    memo = _LINE_START[0]
    if memo[0] is low and memo[1] <= s:
        a = low.rfind("\n", memo[1], s)
        start = memo[2] if a < 0 else a + 1
    else:
        start = low.rfind("\n", 0, s) + 1
    _LINE_START[0] = (low, s, start)
    return start


_LINE_START = [("", 0, 0)]  # (the text last asked of, its last place asked, that place's line start)


def _line_start_within(text, s, reach):
    """Where the line of `s` starts, or `reach` characters before `s` where it starts further back."""
    lo = s - reach if s > reach else 0
    a = text.rfind("\n", lo, s)
    return lo if a < 0 else a + 1


def _directive_context(low, s):
    """The name at `s` starts its line, or follows a verb that sets a value (SetEnv, git config)."""
    a = _line_start(low, s)
    b = s
    while a < b and low[a] in " \t+-":  # low[a:b]: the line before `s`, stripped of " \t+-" (read
        a += 1  # by index, never copied: a long line's labels each copied it, ~2 s a MB of one line)
    while b > a and low[b - 1] in " \t+-":
        b -= 1
    if a == b:
        return True
    cut = b - a - _TAIL
    if cut > 0:  # a long line (a JSON answer's): only its end can change the answer
        lo = a + cut
        flags_at = _flags_start(low, lo, b)
        end = b if flags_at < 0 else flags_at
        # what the two patterns remove holds only name characters, spaces and dashes: with one
        # of any other character before it in the tail, it does not reach back beyond the tail
        if compiled("dir-other", r"[^\w \t-]").search(low, lo, end) is not None:
            return low.endswith(DIRECTIVE_VERBS, a, _without_article(low, lo, end))
    flags_at = _flags_start(low, a, b)
    end = b if flags_at < 0 else flags_at
    if low.endswith(_ARTICLES, a, end):  # (the pattern is tried at every place of the line: only where it may match)
        end = _without_article(low, a, end)
    return low.endswith(DIRECTIVE_VERBS, a, end)


def _without_article(low, lo, end):
    r"""Where low[lo:end] ends less the article that ends it and the blanks before that: what the
    substitution of `[ \t]+(?:the|a|…|same)\Z` by nothing leaves (its one match starts where the
    last blanks do), read from the last blank (the engine tried the pattern at each place of the
    line: ~3 us a label in a commit message's prose)."""
    k = max(low.rfind(" ", lo, end), low.rfind("\t", lo, end))
    if k < 0 or low[k + 1:end] not in _ARTICLE_SET:
        return end
    end = k + 1
    while end > lo and low[end - 1] in " \t":
        end -= 1
    return end


def _flags_start(low, lo, end):
    r"""Where `(?:[ \t]+--?[\w-]+)+\Z` (a run of flags that ends low[lo:end]) first matches, or -1:
    read from the end, a flag at a time (spaces, then a word of `[\w-]` that starts with `-`).
    The search tried each place and read the flags after it: quadratic on a line of flags."""
    # (the word after the last blank is no flag: most lines, each read by the loop below; that
    # blank looked for in the last 64 characters, the loop's answer past them: a line of tabs
    # and no space was read back to its start at each label)
    near = end - 64 if end - 64 > lo else lo
    k = max(low.rfind(" ", near, end), low.rfind("\t", near, end))
    if k < 0 and near == lo or k >= 0 and (k + 1 >= end or low[k + 1] != "-"):
        return -1
    start = -1
    i = end
    while True:
        j = i
        while j > lo and (low[j - 1].isalnum() or low[j - 1] in "_-"):
            j -= 1
        if i - j < 2 or low[j] != "-":
            return start
        k = j
        while k > lo and low[k - 1] in " \t":
            k -= 1
        if k == j:
            return start
        start = i = k


_ARTICLES = ("the", "a", "an", "my", "your", "our", "this", "that", "its", "new", "same")  # dir-article's words
_ARTICLE_SET = frozenset(_ARTICLES)


_TAIL = 400  # the end of a line _directive_context reads (a flag's list or an article is shorter)


# What each label word of "value-first" holds (passphrase, api key: `pass`, `key`): pass, pin,
# token, secret, key; and each of its verbs (`used` holds `use`): use, using, with, try.


def _value_first(text, low, anchors, found):
    """`use X as the password`, `Use X as the interim signing secret` (up to two words qualify the
    label); not the head of a compound (`use Vault2 as the password manager`)."""
    rx = compiled("value-first", r"\b(?:use|used|using|with|try)[ \t]+[\"'`]?([^\s\"'`]{3,128})[\"'`]?[ \t]+as[ \t]+"
                                 r"(?:the[ \t]+|a[ \t]+|my[ \t]+|your[ \t]+|our[ \t]+)?(?:[\w-]+[ \t]+){0,2}"
                                 r"(password|passphrase|passcode|pin|token|secret|api key|key)\b(?:[ \t]+(\w+))?", 2)  # fmt: skip
    ascii_text = low.isascii()
    for at in anchors.at(" as "):
        # (a line break read back 150 characters at most: a line of pip's output holds ~140,000)
        start = max(0, low.rfind("\n", max(0, at - 150), at) + 1, at - 150)
        end = min(len(text), at + 60)
        # the label's word stands in the window (a find each, where a search costs ~5 us; in
        # ASCII, where the pattern's case-blind letters are the lowercased copy's)
        # (the finds written out: a generator's steps cost more than the finds, ~430 `as` a MB)
        if (ascii_text or low[start:end].isascii()) and (
                (low.find("pass", start, end) < 0 and low.find("pin", start, end) < 0 and low.find("token", start, end) < 0
                 and low.find("secret", start, end) < 0 and low.find("key", start, end) < 0)
                or (low.find("use", start, end) < 0 and low.find("using", start, end) < 0
                    and low.find("with", start, end) < 0 and low.find("try", start, end) < 0)):
            continue  # (nor one of its verbs: `as` in a commit message's prose beside `secret`)
        m = rx.search(text, start, end)
        if m is not None and (m.group(3) is None or m.group(3).lower() not in COMPOUND_HEADS):
            strength = WEAK if m.group(2).lower() == "key" else STRONG
            kind = "password" if m.group(2).lower().startswith("pass") else "secret"
            _take(text, found, m.span(1), strength, PROSE, kind)


# ------------------------------------------------------------------------------ pairs
_PAIRS = (
    # (name, literal it is found by, how far before the literal a match may start, pattern)
    # (and KeePass's export: <Key>Password</Key> then <Value ProtectInMemory="True">X</Value>)
    ("plist", "key", -1, r"<[Kk]ey>(?:[ \t]*+(?!</[Kk]ey>)|[ \t]*(?=[ \t]</[Kk]ey>))([^<>\n]{1,80}?)[ \t]*+</[Kk]ey>\s{0,200}?<(?:string|[Vv]alue(?:[ \t][^<>\n]{0,80})?)>"
                         r"([^<>]{1,1000})</(?:string|[Vv]alue)>"),
    # (a record's naming member, then up to 3 other members of it, one a line in YAML, then its value:
    # doctl's `- key: X` `scope: RUN_TIME` `value: Y`, a secret manager's JSON a member a line)
    ("k8s", "value:", 500, r"\b(?:name|key):[ \t]*[\"']?([A-Za-z_][\w.-]{0,80})[\"']?[ \t]*(?:,[ \t]*|\n"
                           r"(?:[ \t]*[\w-]{1,40}:[^\n]{0,100}\n){0,3}[ \t+-]*)value:[ \t]*"),
    ("json", '"value"', 500, r"\"(?:name|key|Name|Key)\"[ \t]*:[ \t]*\"([\w./:-]{1,80})\"[ \t]*,\s{0,40}"
                             r"(?:\"[\w-]{1,40}\"[ \t]*:[ \t]*(?:\"[^\"\n]{0,100}\"|[\w.-]{1,40})[ \t]*,\s{0,40}){0,3}"
                             r"\"(?:value|Value)\"[ \t]*:[ \t]*"),
    # the same in single quotes: a Python dict's repr (boto3's `[{'name': 'X', 'value': 'Y'}]`), a JS object
    ("repr", "'value'", 500, r"'(?:name|key|Name|Key)'[ \t]*:[ \t]*'([\w./:-]{1,80})'[ \t]*,\s{0,40}"
                             r"(?:'[\w-]{1,40}'[ \t]*:[ \t]*(?:'[^'\n]{0,100}'|[\w.-]{1,40})[ \t]*,\s{0,40}){0,3}"
                             r"'(?:value|Value)'[ \t]*:[ \t]*"),
    # a CloudFormation parameter, in the CLI's shorthand or in JSON
    ("cfn", "parametervalue", 200, r"\"?ParameterKey\"?[ \t]*[=:][ \t]*\"?([\w.-]{1,80})\"?[ \t]*,[ \t]*\"?ParameterValue\"?[ \t]*[=:][ \t]*"),
    # an object named by a secret whose `value` holds it (Terraform's outputs and state, a config's
    # {"db_password": {"value": X, "sensitive": true}})
    ("object", '"value"', 300, r"\"([\w.-]{1,80})\"[ \t]*:[ \t]*\{\s{0,200}?\"value\"[ \t]*:[ \t]*"),
    ("terraform", "variable", 0, r"\bvariable[ \t]+\"([\w-]{1,80})\"[ \t]*\{([^{}]{0,600}?)\bdefault[ \t]*=[ \t]*"),
)  # fmt: skip


# What a pair's match holds before its literal, one of them (the lowercased text): where none stands
# in the reach before a place, the pattern is not tried over it (a line of 166,000 `value:` was
# read 500 characters back at each: ~1.2 s a MB)
_PAIR_NEEDS = {"k8s": ("name:", "key:"), "json": ('"name"', '"key"'), "repr": ("'name'", "'key'")}


def _pairs(text, low, anchors, found):
    for what, literal, back, pattern in _PAIRS:
        if literal not in anchors.present:
            continue
        rx = compiled("pair-" + what, pattern)
        needs = _PAIR_NEEDS.get(what, ())
        # each need's last place before the last place of the literal read (`read`): each part
        # of the text read once, within the reaches alone (a find on to the next need read the
        # rest of a text without one: ~0.7 ms a MB of `git log -p`)
        last, read = dict.fromkeys(needs, -1), 0
        for at in anchors.at(literal):
            if needs:
                lo = at - back if at > back else 0
                for need in needs:
                    p = low.rfind(need, max(lo, read - len(need) + 1), at)
                    if p >= 0:
                        last[need] = p
                read = at
                if not any(last[need] >= lo for need in needs):
                    continue
            if back < 0:  # <key>: the literal `key` one character in
                if at < 1 or low[at - 1] != "<" or not low.startswith("key>", at):
                    continue
                m = rx.match(text, at - 1)
            elif back:
                m = next((m for m in rx.finditer(text, max(0, at - back), at + len(literal) + 40)
                          if m.start() <= at < m.end()), None)  # fmt: skip
            else:
                m = rx.match(text, at)
            if m is None:
                continue
            verdict = name_verdict(m.group(1))
            if verdict is None:
                continue
            kind, strength = verdict
            if what == "plist":
                span = m.span(2)
            else:
                eol = text.find("\n", m.end(), m.end() + 600)
                span = value_at(text, m.end(), eol if eol >= 0 else None)
                if span is not None and what == "k8s" and text[span[0] - 1:span[0]] not in "\"'":
                    s, e = span
                    while e > s and text[e - 1] in "}":
                        e -= 1
                    span = (s, e)
            _take(text, found, span, strength, ASSIGN, kind)


def _value_below_its_name(text, low, anchors, found):
    """`Value:` or `New value:` starting a line whose line above names a secret (a tool's output:
    `Password for the [elastic] user successfully reset.` then `New value: X`)."""
    hits = None
    firsts = {}  # a line's start -> its first character not a blank
    for at in anchors.at("value:"):
        ls = _line_start(low, at)
        if not ls:
            continue
        # low[ls:at] less its blanks, read by index, never copied whole (a line of 166,000
        # `value:` was copied and read back to its start at each: 2.4 s a MB)
        first = firsts.get(ls)
        if first is None:
            first = firsts[ls] = compiled("value-below-blanks", r"[ \t]*").match(low, ls).end()
        k = at
        while k > first and low[k - 1] in " \t":
            k -= 1
        if k > first and (k - first > 13 or low[first:k] not in ("new", "the new", "generated", "new generated")):
            continue
        if hits is None:
            labels = label_hits(low, anchors)
            hits = [h[0] for h in labels]
        prev = low.rfind("\n", 0, ls - 1) + 1
        if compiled("name-line", r"[ \t]*-?[ \t]*(?:name|key)[ \t]*:").match(low, prev):
            continue  # Kubernetes' `name: X` then `value: Y`: a pair (_pairs)
        i = bisect_left(hits, prev)
        if i < len(hits) and hits[i] < ls - 1:
            _take(text, found, value_at(text, at + 6, low.find("\n", at) if "\n" in low[at:at + 600] else None),
                  STRONG, ASSIGN, labels[i][2])


def _named_elements(text, low, anchors, found):
    """An XML element named by its attribute, its value the element's text: `<entry
    key="password">X</entry>`, `<property name="db.password">X</property>`."""
    rx = compiled("named-element", r"<([\w:.-]{1,40})[^<>\n]{0,200}?\b(?:key|name)[ \t]*=[ \t]*\"([\w.:-]{1,80})\""
                                   r"[^<>\n]{0,200}>(?:<!\[CDATA\[([^\]\n]{1,500})\]\]>|([^<>\n]{1,500}))</\1[ \t]*>")  # fmt: skip
    done = -1
    for literal in ('key="', 'name="'):
        for at in anchors.at(literal) if literal in anchors.present else ():
            line_start = low.rfind("\n", 0, at) + 1
            lt = low.rfind("<", line_start, at)
            if lt < 0 or lt == done:
                continue
            m = rx.match(text, lt)
            if m is None:
                continue
            done = lt
            verdict = name_verdict(m.group(2))
            if verdict is not None:  # the element's text, or its CDATA section's
                _take(text, found, m.span(3) if m.group(3) is not None else m.span(4), verdict[1], ASSIGN, verdict[0])


# A table's column bar: `|` or a box-drawing one, light, heavy or double (`║ PGPASSWORD │ … ║`).
_BOX_BARS = ("\u2502", "\u2503", "\u2551")
_BAR = "[|" + "".join(_BOX_BARS) + "]"
_NOT_BAR = "[^|" + "".join(_BOX_BARS) + "\n]"
_ROW_STARTS = (*(lead + bar for bar in ("|", *_BOX_BARS) for lead in ("", " ", "\t")), "  ", " \t", "\t ", "\t\t")


def _labelled_rows(text, low, anchors, found):
    """A row of a table whose first cell is a secret's name holds its value in the next cell
    (`│ token │ npm_… │`, `| password | … |`): a name and its value apart, in columns."""
    rx = compiled("labelled-row", r"[ \t]*" + _BAR + r"[ \t]*(" + _NOT_BAR + r"{1,40}?)[ \t]*" + _BAR + r"[ \t]*("
                  + _NOT_BAR + r"{1,300}?)[ \t]*" + _BAR)
    # the line's first three bars and its two cells between them, each read whole (possessive):
    # "labelled-row" matches only where the first cell holds 1 to 40 characters besides the blanks
    # around it, the second 1 to 300; where it fails, it tried every split of a cell's blanks
    # (~1 ms a line of `|` between runs of spaces in a MB of Python's modules: ~1.6 ms a MB)
    cells = compiled("labelled-row-cells", r"[ \t]*+" + _BAR + "(" + _NOT_BAR + "*+)" + _BAR + "(" + _NOT_BAR + "*+)" + _BAR).match
    seen = set()
    for literal in (*_BOX_BARS, "| "):
        if literal not in anchors.present:
            continue
        prev = None
        for at in anchors.at(literal):
            # read back to the place before alone: on its line, the line was judged already (a
            # line of 1 MB of bars was read back to its start at each: 12 s)
            nl = low.rfind("\n", prev or 0, at)
            if nl < 0 and prev is not None:
                prev = at
                continue
            prev = at
            line_start = nl + 1
            # a bar starts the line, after a blank or not (more blanks: the pattern tells); not a
            # line that a bar does not start (`git log --stat`'s ` path | 3 ++`, ~4,000 a MB)
            if not text.startswith(_ROW_STARTS, line_start) or line_start in seen:
                continue
            seen.add(line_start)
            c = cells(text, line_start)
            if c is None or not c.group(1) or not c.group(2) or len(c.group(1).strip(" \t")) > 40 \
                    or len(c.group(2).strip(" \t")) > 300:
                continue
            m = rx.match(text, line_start)
            if m is None:
                continue
            head = m.group(1).strip().strip("*`").lower()
            verdict = name_verdict(head.replace(" ", "_")) if head else None
            if verdict is None and head in LABELS:
                verdict = (LABELS[head], STRONG)
            if verdict is not None and verdict[1] >= MEDIUM:
                _take(text, found, m.span(2), verdict[1], ASSIGN, verdict[0])  # a word there is a heading


def _tables(text, low, found, heads_and_rows=None):
    """A table with a column headed by a secret word: that column's cells.  Markdown's (`|---|`),
    a query's output: MySQL's (`+---+` borders), psql's (`---+---` under a header without outer
    pipes); `heads_and_rows`: (header's cells, where its rows start) of tables without a rule
    (_ruleless_heads).  Not a column whose header says its cells are encrypted (`encrypted_secret`,
    `ciphertext`): ciphertext at rest, not the secret it hides."""
    if heads_and_rows is None:
        heads_and_rows = ((m.group(1), m.end()) for m in _table_heads(text))
    for head, rows_at in heads_and_rows:
        heads = [h.strip().strip("*`").lower() for h in head.split("|")]
        cols = []
        for i, h in enumerate(heads):
            if "encrypted" in h or "ciphertext" in h.replace("_", "").replace(" ", ""):
                continue  # (not any `cipher`: a `cipher_key` column holds the key itself)
            verdict = name_verdict(h.replace(" ", "_")) if h else None
            if verdict is None and h in LABELS:
                verdict = (LABELS[h], STRONG)
            if verdict is not None and verdict[1] >= MEDIUM:
                # (a column headed by a weak `key`, `wandb key`, is read as its label would be: a
                # metric's or a setting's name there is no credential; any other column takes any value)
                cols.append((i, verdict[0], verdict[1] if h[-3:] == "key" else STRONG, h in _NAMES_HEADS))
        if cols:
            _table_rows(text, rows_at, cols, found)


def _ruleless_heads(text, low, anchors):
    """(header's cells, where its rows start) of each table of pipes without a rule under its
    header (a Gherkin `Examples:` or data table, a wiki's table): a line of pipes whose cells are
    names (letters, no digits: no row of values) and one of them a label, first of its table, right
    above a line of as many pipes that is no rule."""
    out = []
    done = set()
    for s, _e, _kind, _single in label_hits(low, anchors):
        ls = text.rfind("\n", 0, s) + 1
        if ls in done:
            continue
        done.add(ls)
        le = text.find("\n", s)
        if le < 0:
            continue
        line = text[ls:le].strip()
        if not (line.startswith("|") and line.endswith("|")) or line.count("|") < 3:
            continue
        below_end = text.find("\n", le + 1)
        below = text[le + 1:len(text) if below_end < 0 else below_end].strip()
        if below.count("|") != line.count("|") or not below.startswith("|") or not below.strip("-+|: \t"):
            continue
        above = text[text.rfind("\n", 0, ls - 1) + 1:ls].strip() if ls else ""
        if above.startswith("|"):
            continue  # a row of a table (the header is its table's first line)
        cells = line[1:-1].split("|")
        if all(compiled("ruleless-head-cell", r"[ \t]*[A-Za-z_<][A-Za-z_ .<>-]{0,40}\Z").match(c) for c in cells):
            out.append((line[1:-1], le + 1))
    return out


# The lines of a table drawn with box-drawing characters (a CLI's `│ token │`, `├──┼──┤`) as the ASCII
# table they draw, one character for one: what is found on it stands at the same places of the text.
_BOX_ASCII = (*((c, "|") for c in _BOX_BARS), *((c, "-") for c in "\u2500\u2501\u2550"),
              *((c, "+") for c in "\u250c\u252c\u2510\u251c\u253c\u2524\u2514\u2534\u2518"
                                  "\u2554\u2566\u2557\u2560\u256c\u2563\u255a\u2569\u255d\u255e\u256a\u2561"))


def _drawn_in_ascii(text, present):
    """`text` with its box-drawn tables in ASCII and reStructuredText's grid tables' header rules
    (`+=====+====+`) as rules of dashes (same length), when it holds either; otherwise None."""
    boxed = not present.isdisjoint(_BOX_BARS)
    grid = "+=" in text and "|" in text
    if not (boxed or grid):
        return None
    out = text
    if boxed:
        for drawn, plain in _BOX_ASCII:  # (str.translate reads a MB at ~40 ms; a replace of each present character at ~1)
            if drawn in out:
                out = out.replace(drawn, plain)
    if grid:
        out = compiled("grid-header-rule", r"(?m)^[ \t]*\+=[=+]*\+[ \t]*$").sub(lambda m: m.group().replace("=", "-"), out)
    return out if out != text else None


_HEAD_CELL = r"[^\W\d][\w.-]{0,30}+(?: [\w.-]{1,20}+)?+"  # (possessive: no backtracking over prose)


def _aligned_tables(text, low, anchors, found):
    """A table aligned by spaces (a tool's listing, a note of accounts): a header cell that names a
    secret (cells apart by two spaces or a tab), and, under it, each row's one-word cell that
    starts where the header's does."""
    hits = label_hits(low, anchors)
    if not hits:
        return
    if _label_hits_counted(hits, anchors) < 5000:  # a few labels (source code, most output): the lines of those that end a cell at a gap
        matches = _aligned_header_lines(text, hits)
    else:  # a text dense with secrets (a label every ~80 characters): one scan of every line costs less
        heads = _aligned_heads()
        first = heads.match("\n" + text[:text.find("\n", 0, 400) + 1]) if text[:1] != "\n" else None
        matches = ([_Shifted(first)] if first is not None else []) + list(heads.finditer(text))
    if not matches:
        return
    cell_rx = compiled("aligned-cells", r"[^ \t\n]+(?: [^ \t\n]+)*")
    for m in matches:
        ls, le = m.span(1)
        cells = [(c.start(), c.end()) for c in cell_rx.finditer(text, ls, le)]
        if len(cells) == 2 and shape(text[cells[1][0]:cells[1][1]]) in ("random", "password"):
            continue  # `password   Gx7.kP2m`: a key and its value (vault's listing), not a header
        if help_rows(text, ls, le):
            continue  # `  auth      Manage authentication`: a help listing's names and descriptions
        if _a_row_above(text, ls, le, cells):
            continue  # `login.password<TAB>Passwort` amid a table of texts: a row, not the header
        if any(compiled("dotted-path", r"\w+(?:\.\w+)+").fullmatch(text, cs, ce) for cs, ce in cells):
            continue  # `login.password  Passwort`: a row's key in a namespace (a dotted path), never a column's name
        for index, (cs, ce) in enumerate(cells):
            name = text[cs:ce]
            if " " in name:
                continue
            verdict = name_verdict(name) or ((LABELS[name.lower()], STRONG) if name.lower() in LABELS else None)
            if verdict is None or verdict[1] < MEDIUM:
                continue
            if "\t" in text[ls:le] and "  " not in text[ls:le]:  # separated by tabs: the cell by its index
                _tab_rows(text, le + 1, index, len(cells), verdict[0], found)
            else:
                _aligned_rows(text, le + 1, cs - ls, verdict[0], found, ce - ls, index == len(cells) - 1)


def _a_row_above(text, ls, le, cells):
    """The line text[ls:le] (its `cells`) is its table's second line: right under a line of the same
    table (as many cells apart by tabs, or cells that start at the same columns) that is not under
    another.  A header is its table's first line; the line under it is a row (a table of keys and
    their texts whose first row names a secret), and the rows under that are not its column's
    values.  (Lower, a line under rows may be the header of a result printed right after another
    of as many columns: a batch's result sets, back to back.)"""
    if ls < 2 or text[ls - 2] == "\n":
        return False
    above_s = text.rfind("\n", 0, ls - 1) + 1
    if not _same_table(text, above_s, ls - 1, ls, le, cells):
        return False
    if above_s < 2 or text[above_s - 2] == "\n":
        return True
    top_s = text.rfind("\n", 0, above_s - 1) + 1
    return not _same_table(text, top_s, above_s - 1, ls, le, cells)


def _same_table(text, s, e, ls, le, cells):
    """The line text[s:e] has the cells of the line text[ls:le] (`cells`): as many apart by tabs,
    or cells that start at the same columns."""
    line = text[ls:le]
    if "\t" in line and "  " not in line:
        return text.count("\t", s, e) == line.count("\t") and not text[s:e].isspace()
    rx = compiled("aligned-cells", r"[^ \t\n]+(?: [^ \t\n]+)*")
    return [c.start() - s for c in rx.finditer(text, s, e)] == [cs - ls for cs, _ce in cells]


def _aligned_heads():
    """A header line (each line's `\n` before it: a literal the engine scans for, where `^` would
    be tried everywhere; possessive cells, no backtracking over prose).  Compiled (~0.15 ms) when a
    label ends a cell: not for a hook's short text that holds a label in prose."""
    return compiled("aligned-header", r"\n([ \t]*+" + _HEAD_CELL + r"(?:(?:  +|\t+)" + _HEAD_CELL + r")++[ \t]*+)(?=\n)")


def _aligned_header_lines(text, hits):
    """The header lines (matches of _aligned_heads) of the labels at `hits` that end a cell at a
    gap (two spaces or a tab after it, or before it when it ends its line)."""
    # (the run of the label's cell, then what may end a header's cell: no match for most labels,
    # in prose, and no match object made for them)
    cell_end = compiled("cell-end-at-gap", r"[^\s]*(?=\t|  |\n|\Z)").match
    n = len(text)
    starts = set()
    for s, e, _kind, _single in hits:
        m = cell_end(text, e)
        if m is None:
            continue
        ce = m.end()
        if ce < n and text[ce] != "\n":
            starts.add(text.rfind("\n", 0, s) + 1)  # a cell with another after it
        else:
            ls = text.rfind("\n", 0, s) + 1
            before = text[ls:s].lstrip()  # (not its indentation)
            if "  " in before or "\t" in before:
                starts.add(ls)  # the last cell
    out = []
    heads = _aligned_heads() if starts else None
    for ls in sorted(starts):
        if ls:
            m = heads.match(text, ls - 1)
            if m is not None:
                out.append(m)
        else:
            first = heads.match("\n" + text[:text.find("\n", 0, 400) + 1])
            if first is not None:
                out.append(_Shifted(first))
    return out


class _Shifted:
    """The first line's match, made on the text with a `\n` before it: its span in the text."""

    __slots__ = ("m",)

    def __init__(self, m):
        self.m = m

    def span(self, group):
        s, e = self.m.span(group)
        return s - 1, e - 1


def _tab_rows(text, pos, index, count, kind, found):
    """The one-word cells at `index` of the rows from `pos` on that have `count` cells apart by
    tabs, until a blank line or a row that has not."""
    n = len(text)
    for _ in range(200):
        eol = text.find("\n", pos)
        eol = n if eol < 0 else eol
        parts = text[pos:eol].split("\t")
        if len(parts) != count:
            return
        at = pos + sum(len(p) + 1 for p in parts[:index])
        cell = parts[index]
        if cell and " " not in cell and not _cut_short(cell):
            _take(text, found, (at, at + len(cell)), STRONG, POSITION, kind)
        if eol >= n:
            return
        pos = eol + 1


def _aligned_rows(text, pos, col, kind, found, col_end=None, last=False):
    """The one-word cells that start at column `col` of the rows from `pos` on (a rule of dashes
    under the header is stepped over), until a blank line or a row not aligned there; or, where
    the header's cell and the first row's are aligned on their right (a data frame's print, `column
    -R`), the one-word cells that end at column `col_end`."""
    n = len(text)
    right = False
    for rows in range(200):
        if pos >= n:
            return
        eol = text.find("\n", pos)
        eol = n if eol < 0 else eol
        row = text[pos:eol]
        if not row.strip():
            return
        if not row.strip(" \t-=+|"):
            pos = eol + 1
            continue
        if right or len(row) <= col or row[col].isspace() or (col and not row[col - 1].isspace()):
            # (aligned on the right from the first row on, or not at all: a row not aligned
            # under left-aligned rows ends their table)
            cell = _right_aligned_cell(row, col_end, last) if col_end is not None and (right or not rows) else None
            if cell is None:
                return
            right = True
            _take(text, found, (pos + cell[0], pos + cell[1]), STRONG, POSITION, kind)
            pos = eol + 1
            continue
        end = col
        while end < len(row) and not row[end].isspace():
            end += 1
        if (end == len(row) or row[end] == "\t" or row[end:end + 2] == "  ") and not _cut_short(row[col:end]):
            _take(text, found, (pos + col, pos + end), STRONG, POSITION, kind)
        pos = eol + 1


def _right_aligned_cell(row, col_end, last):
    """(start, end) in `row` of the one-word cell that ends at column `col_end` (the header's `last`
    cell: the row's last, where it ends), two blanks or its line's start before it; or None."""
    if last:
        row = row.rstrip()
        col_end = len(row)
        if not row:
            return None
    if len(row) < col_end or row[col_end - 1].isspace() or (len(row) > col_end and not row[col_end].isspace()):
        return None
    start = col_end
    while start and not row[start - 1].isspace():
        start -= 1
    if start and row[start - 2:start] != "  " and row[start - 1] != "\t":
        return None
    return start, col_end


def _table_heads(text):
    """What `finditer` of the "table-head" pattern yields (a header line, then a rule under it),
    found from the rules: the pattern tried at every line start backtracks over each line (~180
    ms a MB of source code); a rule (`|---|`, `+---+`, `---+---`) is a rare line."""
    rx = compiled("table-head", r"(?m)^[ \t]*\|?([^\n|]*(?:\|[^\n|]*)+?)\|?[ \t]*\n[ \t]*[|+]?[ \t:]*-[-+|: \t]*\n")
    last = 0
    for at in _table_rules(text):
        if at == 0:
            continue  # no header above it
        head = text.rfind("\n", 0, at - 1) + 1
        if head < last:
            continue  # the header would be the last match's rule: finditer goes on after it
        m = rx.match(text, head)
        if m is not None:
            last = m.end()
            yield m


def _table_rules(text):
    """The start of each line `(?m)^[ \t]*[|+]?[ \t:]*-[-+|: \t]*\n` matches (a table's rule), in
    order: found from the rule's first `-` and what follows it to the line's end (a regex that
    starts with one known character skips to it; one that starts with `^` is tried at every
    place, ~12 ms a MB of source code).  A rule line's first `-` is its pattern's (the part before
    it holds no `-`), so each rule line is found once, at that `-`.  What stands before it is
    told in part by the engine there (a blank, `:`, `|` or `+`, and before `|` or `+` a blank):
    not each `+++---` that ends a line of `git log --stat` read by Python (~4,800 a MB), nor its `2 +-`
    (the two characters before a blank, a `:`, a `|` or a `+` there are told too: ~1,100 a MB of
    this repository's log; where the engine rejects a `-`, no later one on its line could start a
    rule, the part before it holding that `-`)."""
    before = compiled("table-rule-before", r"[ \t]*[|+]?[ \t:]*")
    for m in compiled("table-rule-tail", r"-(?<![^\n \t:|+]-)(?<![^\n \t][|+]-)(?<![^\n \t:|+][ \t:]-)"
                                         r"(?<![^\n \t][ \t][|+]-)[-+|: \t]*\n").finditer(text):
        start = text.rfind("\n", 0, m.start()) + 1
        if before.fullmatch(text, start, m.start()) is not None:
            yield start


def _table_rows(text, pos, cols, found):
    """The cells of `cols` ((index, kind, strength, a column of secrets' names)) in the rows from `pos` on, until a line without `|`
    (a border line, `+----+`, is stepped over)."""
    n = len(text)
    while pos < n:
        eol = text.find("\n", pos)
        eol = n if eol < 0 else eol
        line = text[pos:eol]
        body = line.strip()
        if body[:1] == "+" and not body.strip("-+: \t"):
            pos = eol + 1
            continue  # a grid table's border between its rows
        if "|" not in body:
            return
        if not body.strip("-+|: \t"):
            pos = eol + 1
            continue  # a border
        first = line.index("|") if body.startswith("|") else -1
        parts = line[first + 1:].split("|")
        if body.endswith("|"):
            parts = parts[:-1]
        at = pos + first + 1
        cells = []
        for part in parts:
            cells.append((at, at + len(part)))
            at += len(part) + 1
        for i, kind, strength, names in cols:
            if i < len(cells):
                cs, ce = cells[i]
                raw = text[cs:ce]
                value = raw.strip().strip("`")
                if value and not (i == 0 and len(cells) > 1 and kind in _ISSUED and _a_rows_name(value)) \
                        and not _a_note_in_a_cell(value) and not _cut_short(value) \
                        and not (names and compiled("secret-path-cell", _SECRET_PATH).match(value)):
                    vs = cs + raw.find(value, len(raw) - len(raw.lstrip()))
                    _take(text, found, (vs, vs + len(value)), strength, POSITION, kind)
        pos = eol + 1


# A column headed by the bare noun (`| Secret | Rotated | Owner |`): an inventory of secrets, whose
# cells may name each by its store's path (`db/app_rw`, `stripe/webhook`) rather than hold it.
_NAMES_HEADS = frozenset(("secret", "secrets"))
_SECRET_PATH = r"[a-z][a-z0-9_.-]{0,30}(?:/[a-z][a-z0-9_.-]{0,30})+\Z"


def _a_note_in_a_cell(value):
    """A cell of words that says where the secret is or why there is none (`in the vault → Ops/db`,
    `SSO, no local password`): a word of grammar, or the secret's own label, among three words or
    more; not a pass phrase (`correct horse battery staple` holds neither)."""
    words = value.lower().replace(",", " ").split()
    if len(words) >= 2 and (words[0] in _POINTING_WORDS or compiled("secret-path-cell", _SECRET_PATH).match(words[-1])):
        return True  # `see bitwarden`, `vault: secret/ops/db`: where it is
    return len(words) >= 3 and any(w in GRAMMAR_WORDS or w in LABELS for w in words)


# A note's first word that sends the reader to where the secret is (`see 1password`, `ask ops`).
_POINTING_WORDS = frozenset(("see", "ask", "via", "in", "from", "check", "use"))


def _cut_short(cell):
    """A cell of a few characters that ends in an ellipsis (`2b104d1d…`, `sk-live-4f...`): a
    listing's first characters of a key, to tell it apart, never the key.  A longer head is most of
    a secret cut by the column's width, and goes."""
    return cell.endswith(("\u2026", "...")) and len(cell.rstrip(".\u2026")) <= _CUT_SHORT_HEAD


# The most characters a listing shows of a key it hides (a 16-character head is most of a password)
_CUT_SHORT_HEAD = 16


_ISSUED = frozenset(("token", "api_key"))  # (kinds a machine issues: random, never a word a person reads)


def _a_rows_name(value):
    """A table's first cell, under a column headed by a token's or a key's word, that is words
    (`Background`, `Muted Text`): it names its row (a design token, a setting), whose value stands
    in the next cells; an issued token or key is no word a person reads."""
    words = value.split(" ")
    return len(words) <= 3 and all(w.isalpha() and w.isascii() and len(w) <= 20 and not looks_random(w) for w in words)


# ------------------------------------------------------------------------------ arrays
_ARRAY_LINES: dict = {}  # the command line an array makes -> its finds (values.VALUE_MEMOS)
VALUE_MEMOS.append(_ARRAY_LINES)


def _string_lists(rx, text, anchors):
    """What `rx.finditer(text)` yields ("string-list"): a match starts at a bracket or a
    parenthesis that a quote follows (blanks between), those places found first: a bracket's by a
    pattern that starts with it (the engine skips to it; a pattern that starts with a set of two
    stops at every character to test it: ~2-3 ms a MB against ~0.5-1.4), a parenthesis's from the
    one pass's places of `("`, `('`, `( ` and `(\t` (the pattern of the bracket's ~0.4-0.7 ms a MB
    more)."""
    paren = compiled("string-list-paren", r"\([ \t]*[\"']").match
    places = [at for at in anchors.at("( ") + anchors.at("(\t") if paren(text, at)]
    places += anchors.at("(\"")
    places += anchors.at("('")
    places += [m.start() for m in compiled("string-list-bracket", r"\[[ \t]*[\"']").finditer(text)]
    places.sort()
    yield from matches_from(rx, text, places)


def _arrays(text, low, anchors, found, find_secrets):
    """An exec array or a call's string arguments, read as the command line they make."""
    rx = compiled("string-list", r"[\[(][ \t]*(?:\"[^\"\n]{0,300}\"|'[^'\n]{0,300}')(?:[ \t]*,[ \t]*(?:\"[^\"\n]{0,300}\"|'[^'\n]{0,300}')){1,40}")  # fmt: skip
    item = compiled("string-item", r"\"([^\"\n]{0,300})\"|'([^'\n]{0,300})'")
    for m in _string_lists(rx, text, anchors):
        parts = []  # (start in joined, start in text, length)
        joined = []
        pos = 0
        for im in item.finditer(text, m.start(), m.end()):
            g = 1 if im.group(1) is not None else 2
            value = im.group(g)
            if not value:
                continue
            parts.append((pos, im.start(g), len(value)))
            joined.append(value)
            pos += len(value) + 1
        if len(joined) < 2:
            continue
        for kind, s, e in joined_secrets(" ".join(joined), _ARRAY_LINES, find_secrets):
            for js, ts, length in parts:
                a, b = max(s, js), min(e, js + length)
                if a < b:
                    add_span(found, text, ts + a - js, ts + b - js, P_CANDIDATE, kind)


# ------------------------------------------------------------------------------ calls
def _calls(text, low, anchors, found):
    for callee, index in CALLS.items():
        name, _, cond = callee.partition(":")
        short = _call_short(callee)
        if short not in anchors.present:
            continue
        for at in anchors.at(short):
            if at and (low[at - 1].isalnum() or low[at - 1] == "_"):
                continue
            if "." in name and not low.endswith(name.rsplit(".", 1)[0] + ".", 0, at):
                continue
            if cond == "dbi" and not low.endswith("dbi->", 0, at):
                continue
            if cond == "redis" and "redis" not in low[max(0, at - 30):at]:
                continue
            if cond == "hash" and not low.endswith("hash::", 0, at):
                continue
            args = _arguments(text, at + len(short))
            if not args:
                continue
            if cond == "ac" and not compiled("twilio-sid", r"[\"']AC[0-9a-f]{32}[\"']\Z").match(text[args[0][0]:args[0][1]]):
                continue
            if cond == "cost" and not (len(args) == 2 and _a_cost_or_salt(text[args[1][0]:args[1][1]].strip())):
                continue
            i = index if index >= 0 else len(args) + index
            if not 0 <= i < len(args):
                continue
            lit = _string_args(text, [args[i]])[0]  # "X", or "X".toCharArray(), "X".to_string()
            if lit is not None and cond == "notalgo" and compiled("call-algorithm", _ALGORITHM).fullmatch(text, lit[0], lit[1]):
                continue
            if lit is not None and not lit[2]:
                _take(text, found, lit[:2], STRONG, POSITION, "password")
    if "password_hash" in anchors.present:  # Ansible's filter: `'X' | password_hash('sha512')`
        rx = compiled("jinja-hash", r"([\"'])([^\"'\n]{1,128})\1[ \t]*\|[ \t]*password_hash\b")
        for at in anchors.at("password_hash"):
            m = rx.search(text, max(0, at - 140), at + 13)
            if m is not None and m.end() == at + 13:
                _take(text, found, m.span(2), STRONG, POSITION, "password")


def _a_cost_or_salt(arg):
    """A password hasher's second argument: a cost (4 to 31 rounds) or a salt (`gensalt()`,
    `genSaltSync(10)`, `saltRounds`)."""
    return (arg.isdigit() and 4 <= int(arg) <= 31) or "salt" in arg.lower()


def _call_shorts():
    got = CACHE.get("call shorts")
    if got is None:
        got = CACHE["call shorts"] = frozenset(_call_short(callee) for callee in CALLS)
    return got


def _call_short(callee):
    """`getconnection(` for `drivermanager.getconnection`: what must stand for a call to be read."""
    return callee.partition(":")[0].rsplit(".", 1)[-1] + "("


def _arguments(text, i):
    """(start, end) of each top-level argument of the call whose `(` ends before `i` (600 characters at most)."""
    n = min(len(text), i + 600)
    # most calls' arguments hold no bracket and no escape: each argument read by one match (its
    # quoted strings whole), not a search and a step of Python at each quote, comma or bracket
    flat = compiled("call-flat-arg", r"(?:[^\"'\\()\[\]{},]++|\"[^\"\\]*+\"|'[^'\\]*+')*+[,)]").match
    args, start = [], i
    while True:
        m = flat(text, start, n)
        if m is None:
            break  # a bracket, an escape, or no end within reach: this argument on read character by character
        j = m.end() - 1
        seg = text[start:j]
        body = seg.strip()
        if text[j] == ")":
            if body:
                lead = start + len(seg) - len(seg.lstrip())
                args.append((lead, lead + len(body)))
            return args
        lead = start + len(seg) - len(seg.lstrip())
        args.append((lead, lead + len(body)))
        start = j + 1
    depth = 0
    quote = None
    j = start
    # from one character that counts to the next (a quote, an escape, a bracket, a comma), by the
    # engine: the others change nothing below, and a loop of Python stepped over each of them
    counts = compiled("call-arg-chars", r"[\"'\\()\[\]{},]").search
    while j < n:
        m = counts(text, j, n)
        if m is None:
            return None
        j = m.start()
        ch = text[j]
        if quote:
            if ch == "\\":
                j += 2
                continue
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                seg = text[start:j].strip()
                if seg:
                    lead = start + len(text[start:j]) - len(text[start:j].lstrip())
                    args.append((lead, lead + len(seg)))
                return args
            depth -= 1
        elif ch == "," and depth == 0:
            seg = text[start:j]
            lead = start + len(seg) - len(seg.lstrip())
            args.append((lead, lead + len(seg.strip())))
            start = j + 1
        j += 1
    return None


# ------------------------------------------------------------------------------ sql
def _sql(text, low, anchors, found):
    if "password" in anchors.present:
        login = compiled("sql-login", r"password[ \t]*=[ \t]*N?'([^'\n]{1,200})'", 2)
        set_pw = compiled("sql-set", r"password\b[^=\n]{0,120}=[ \t]*(?:password[ \t]*\([ \t]*)?'([^'\n]{1,200})'", 2)
        for at in anchors.at("password"):
            # (each pattern only where its next character stands: a blank or `=` after the word,
            # a blank before it; ~2,800 `password` a MB of realistic output, most of prose)
            m = login.match(text, at) if low[at + 8:at + 9] in (" ", "\t", "=") else None
            if m is None and at and low[at - 1] in " \t" and compiled("sql-set-before", r"\bset[ \t]+\Z").search(low, max(0, at - 10), at):
                m = set_pw.match(text, at)
            if m is None and low.endswith("sp_", 0, at):  # EXEC sp_password 'old', 'X', 'login'
                m = compiled("sql-sp-password", r"(?i)sp_password[ \t]+(?:@old[ \t]*=[ \t]*)?(?:null|N?'[^'\n]*')[ \t]*,"
                                                r"[ \t]*(?:@new[ \t]*=[ \t]*)?N?'([^'\n]{1,200})'").match(text, at - 3)
            if m is not None:
                _take(text, found, m.span(1), STRONG, POSITION, "password")
    for literal, pattern in (("addlogin", r"(?i)(?<=sp_)addlogin[ \t]+(?:@loginame[ \t]*=[ \t]*)?N?'[^'\n]*'[ \t]*,"
                                          r"[ \t]*(?:@passwd[ \t]*=[ \t]*)?N?'([^'\n]{1,200})'"),
                             ("setuser", r"(?i)(?<=acl )setuser[ \t]+\S+(?:[ \t]+[^\s>]\S*)*?[ \t]+>(\S{1,200})")):
        # EXEC sp_addlogin 'app', 'X'; Redis's ACL SETUSER app on >X ~* +@all
        for at in anchors.at(literal) if literal in anchors.present else ():
            m = compiled("sql-" + literal, pattern).match(text, at)
            if m is not None:
                _take(text, found, m.span(1), STRONG, POSITION, "password")
    for literal in ("@tcp(", "@unix("):
        if literal in anchors.present:
            dsn = compiled("dsn", r"(?<![\w/])[\w.-]{1,64}:([^\s@\"':/]{1,128})@\Z")
            for at in anchors.at(literal):
                m = dsn.search(text, max(0, at - 200), at + 1)
                if m is not None:
                    _take(text, found, m.span(1), STRONG, POSITION, "password")
    if "insert" not in anchors.present:
        return
    rx = compiled("sql-insert", r"(?is)insert[ \t]+into[ \t]+[\w.`\"\[\]]+[ \t]*\(([^()]{1,400})\)\s*values\s*\(")
    # (a blank after `insert` first: not the ~1,200 `insertions(+)` of a MB of `git log --stat`)
    for at in [at for at in anchors.at("insert") if text.startswith((" ", "\t"), at + 6)]:
        m = rx.match(text, at)
        if m is None:
            continue
        cols = [c.strip().strip("`\"[]").lower() for c in m.group(1).split(",")]
        args = _arguments(text, m.end())
        if not args:
            continue
        for col, (s, e) in zip(cols, args):
            verdict = name_verdict(col)
            if verdict is not None and verdict[1] >= MEDIUM and e - s >= 2 and text[s] in "'\"" and text[e - 1] == text[s]:
                _take(text, found, (s + 1, e - 1), STRONG, POSITION, verdict[0])


def _sql_copy_rows(text, low, anchors, found):
    """A dump's `COPY t (id, name, secret) FROM stdin;` then its tab-separated rows up to `\\.`:
    each row's field under a column a secret word names, judged as that name's value."""
    head = compiled("sql-copy", r"copy[ \t]+[\w.\"]+[ \t]*\(([^()\n]{1,400})\)[ \t]+from[ \t]+stdin;?[ \t]*\r?\n")
    for at in anchors.at(" from stdin"):
        m = head.search(low, max(0, at - 500), at + 20)
        if m is None:
            continue
        cols = [c.strip().strip('"') for c in m.group(1).split(",")]
        secret_cols = [(i, v) for i, v in ((i, name_verdict(c)) for i, c in enumerate(cols)) if v and v[1] >= MEDIUM]
        if not secret_cols:
            continue
        pos = m.end()
        while pos < len(text) and not text.startswith("\\.", pos):
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            fields, s = text[pos:end].rstrip("\r").split("\t"), pos
            starts = [s]
            for f in fields[:-1]:
                starts.append(starts[-1] + len(f) + 1)
            for i, (kind, strength) in secret_cols:
                if i < len(fields) and fields[i] != "\\N" and decide(fields[i], strength, ASSIGN):
                    add_span(found, text, starts[i], starts[i] + len(fields[i]), P_CANDIDATE, kind)
            pos = end + 1


def _sql_key_value(text, low, anchors, found):
    """A settings table's row by its key: `UPDATE settings SET value = 'X' WHERE key =
    'smtp_password'`: the value judged as the key's."""
    rx = compiled("sql-key-value", r"\bset[ \t]+[\w.`\"]*value[`\"]?[ \t]*=[ \t]*'([^'\n]{1,200})'[ \t]+where[ \t]+"
                                   r"[\w.`\"]*(?:key|name|option_name|setting)[`\"]?[ \t]*=[ \t]*'([\w.-]{2,80})'")
    for at in anchors.at(" where "):
        lo = max(0, at - 260)
        if low.find("set", lo, at + 100) < 0 or low.find("value", lo, at + 100) < 0:
            continue  # (two words every match holds: a search tries each character, ~6 us a `where` of prose)
        m = rx.search(low, lo, at + 100)
        if m is None or m.start(2) < at:
            continue
        verdict = name_verdict(m.group(2))
        if verdict is not None and verdict[1] >= MEDIUM and decide(text[m.start(1):m.end(1)], verdict[1], ASSIGN):
            add_span(found, text, m.start(1), m.end(1), P_CANDIDATE, verdict[0])


# ------------------------------------------------------------------------------ wallets, 2FA
def _wallets(text, low, anchors, found):
    present = labels_present(anchors)
    if not present:
        return
    # (the seed pattern's separator ends within the 23 characters after the label, and its 12
    # words or more, 47 characters at least, follow it after blanks and quotes: the 25 characters
    # from there are of those; in prose a period, a comma, a capital or a digit stands there, and
    # the pattern is not tried: ~1,400 of ~1,400 tries a MB of this repository's log, ~1 ms)
    seed_run = compiled("seed-run", r"[a-z \t\n\"']{25}").match
    for label in present.intersection(SEED_LABELS):
        for at in label_places(low, anchors, label):
            # (the pattern's separator stands in the 23 characters after the label, or it fails
            # there after ~21 tries: a `seed` of an e-mail address or a name, ~2,800 in a MB of
            # this repository's log, most with none)
            i = at + len(label)
            if not seed_run(low, i + 23):
                continue
            head = low[i:i + 23]
            if ":" in head or "=" in head or "\n" in head or "'" in head or '"' in head or "：" in head or \
                    "is" in head or "are" in head:
                m = compiled("seed", r"[^\n]{0,20}?(?:[:=：\"'\n]|\b(?:is|are)\b)[ \t\"'\n]*((?:[a-z]{3,8}[ \t\n]+){11,23}[a-z]{3,8})\b").match(low, i)
                if m is not None:
                    end = _seed_end(low, m.start(1), m.end(1))
                    if end:
                        add_span(found, text, m.start(1), end, P_CANDIDATE, "seed_phrase")
    for label in present.intersection(WALLET_LABELS):
        for at in label_places(low, anchors, label):
            # (the key's 64 digits start within the 62 characters after the label's start: its
            # 63rd and 64th characters are two of them)
            if text[at + 62:at + 63] in _HEX_DIGITS and text[at + 63:at + 64] in _HEX_DIGITS:
                m = compiled("hexkey", r"[^\n]{0,60}?(?<![0-9a-fA-F])(?:0x)?([0-9a-fA-F]{64})(?![0-9a-fA-F])").match(text, at)
                if m is not None and not low.endswith(("sha256:", "sha256 ", "sha-256 "), 0, m.start(1)):
                    add_span(found, text, m.start(1), m.end(1), P_CANDIDATE, "wallet_key")
    for label in present.intersection(OTP_LABELS):
        for at in label_places(low, anchors, label):
            m = compiled("totp", r"[^\n]{0,60}?(?<![A-Za-z0-9])([A-Z2-7]{16,64}|(?:[A-Z2-7]{4}[ ]){3,15}[A-Z2-7]{4})(?![A-Za-z0-9])").match(text, at)
            if m is not None and _base32_seed(m.group(1)):
                add_span(found, text, m.start(1), m.end(1), P_CANDIDATE, "otp_secret")
    if "seed" in present:
        _seeds_of_names(text, low, anchors, found)
    for label in present.intersection(CODE_LABELS):
        for at in label_places(low, anchors, label):
            _codes(text, at + len(label), found)


_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
_SEED_COUNTS = (12, 15, 18, 21, 24)


def _seed_end(low, s, e):
    """Where the seed phrase of the words in low[s:e] ends, 0 when they hold none: on one line, all
    of them when they are a phrase's count (12, 15, ... 24); over lines, the lines from the first
    that hold as many words as it does (a phrase on a line, in a grid or a word a line), as far as
    the most of them that make a phrase's count (`the seed is:` then its 12 words on a line, then
    a line of prose in lowercase, `can you derive the address`, is no more of it)."""
    nl = low.find("\n", s, e)
    if nl < 0:
        return e if len(low[s:e].split()) in _SEED_COUNTS else 0
    width = len(low[s:nl].split())
    best, n, at = 0, 0, s
    while at < e:
        nl = low.find("\n", at, e)
        stop = e if nl < 0 else nl
        words = len(low[at:stop].split())
        if words != width:
            break
        n += words
        if n in _SEED_COUNTS:
            best = len(low[s:stop].rstrip()) + s
        at = stop + 1
    return best


def _seeds_of_names(text, low, anchors, found):
    """A base32 value of a name that ends in `seed` (`Base32StringSeed`, `totpSeed`, `otp_seed`):
    an authenticator's seed (a random generator's is a number, a wallet's words)."""
    for at in label_places(low, anchors, "seed"):
        m = compiled("seed-of-name", r"[sS]eed[\"']?[ \t]*[:=][ \t]*[\"']?([A-Z2-7]{16,64})(?![A-Za-z0-9])").match(text, at) \
            if at and (text[at - 1].isalnum() or text[at - 1] == "_") else None
        if m is not None and _base32_seed(m.group(1)):
            add_span(found, text, m.start(1), m.end(1), P_CANDIDATE, "otp_secret")


def _base32_seed(value):
    """A TOTP seed after its label: base32 with a digit, or of letters alone that read as no words
    of capitals (a quarter of its letters vowels at most: `ZUDGSSTONYTYXUMK`, 1 seed in 28 of 16
    characters has no digit; `AUTHENTICATIONKEY` has 7 of 17)."""
    if any(ch.isdigit() for ch in value):
        return True
    letters = value.replace(" ", "")
    return len(set(letters)) > 4 and sum(ch in "AEIOU" for ch in letters) * 4 <= len(letters)


def _codes(text, i, found):
    """The codes listed after a `recovery codes` label: on the same line or the lines below."""
    code = compiled("code", r"[ \t]*(?:\d+[.)][ \t]+)?([A-Za-z0-9]{4,10}(?:[- ][A-Za-z0-9]{4,10})?)[ \t]*[,;]?[ \t]*")
    pos = i
    m0 = compiled("codes-head", r"[^\n\w]{0,6}").match(text, pos)
    pos = m0.end()
    taken = 0
    n = len(text)
    while pos < n and taken < 40:
        if text[pos] == "\n":
            pos += 1
            continue
        m = code.match(text, pos)
        if m is None or not any(ch.isdigit() for ch in m.group(1)):
            break
        add_span(found, text, m.start(1), m.end(1), P_CANDIDATE, "recovery_code")
        taken += 1
        pos = m.end()


# ------------------------------------------------------------------------------ value before its label
def _value_first_label():
    """The value, a connector (VALUE_FIRST_CONNECTORS, between blanks), up to two words, the label."""
    rx = CACHE.get("value-first-label")
    if rx is None:
        words = sorted(VALUE_FIRST_CONNECTORS, key=len, reverse=True)
        rx = CACHE["value-first-label"] = compiled(
            "value-first-label", r"(?<![^\s(\[{,;:])[\"'`\u201c\u00ab]?([^\s\"'`\u201d\u00bb,;]{3,128})[\"'`\u201d\u00bb]?(?:[ \t]*[,;\u2014\u2013]|[ \t]+-)?[ \t]+"
                                 r"(?:" + "|".join(words) + r")[ \t]+(?:[^\W\d_]{1,8}'?[ \t]*){0,2}\Z")  # fmt: skip
    return rx


# "value-first-tail" is searched in the last this many characters before a label, not the whole
# clause (~200: ~9 us a label); its matches hold a connector (8 characters at most) and two words
# of 8 letters and an apostrophe at most, so at most _TAIL_LETTERS characters besides blanks.
_TAIL_REACH = 64
_TAIL_LETTERS = 8 + 2 * 9


def _tail_stands(tail, text, start, s):
    """Whether "value-first-tail" (`tail`) matches in text[start:s]: searched in its last
    _TAIL_REACH characters, unless those hold so many blanks that a match may start before them."""
    lo = s - _TAIL_REACH
    if lo <= start or text.count(" ", lo, s) + text.count("\t", lo, s) >= _TAIL_REACH - _TAIL_LETTERS:
        return tail.search(text, start, s) is not None
    return tail.search(text, lo - 1, s) is not None  # (the blank before the connector too)


# After a trigger of _FRAGMENTS, what may follow a plural `s` for it to stay the trigger's.
_LETTERS_AFTER_S = " \t.!,;:)\r\n"


def value_before_label(text, low, anchors, found):
    """The value before its label, a connector of prose between: `X is the password`, `X est le
    mot de passe`, `X é a senha`, `X ist das Passwort`, `X er adgangskoden`, `X je heslo`; the
    label (and its inflection) ends the clause."""
    hits = label_hits(low, anchors)
    if not hits:
        return
    rx = CACHE.get("value-first-label")
    ends = compiled("label-ends-clause", r"[^\W\d_]{0,4}[ \t]*(?:[.!,;:)]|\r?\n|\Z)")
    # the end of "value-first-label" alone (a search that fails at once at most places): where
    # it is not found, the whole (~40 us a label) is not either; compiled (~0.5 ms) only for a
    # text of many labels, not in a hook's first short text.  With the blank before its
    # connector, the engine tries it at the blanks alone, not at each character (1.6 -> 1.0 ms
    # a MB of git log's prose)
    tail = compiled("value-first-tail", r"[ \t](?:" + "|".join(sorted(VALUE_FIRST_CONNECTORS, key=len, reverse=True))
                    + r")[ \t]+(?:[^\W\d_]{1,8}'?[ \t]*){0,2}\Z") if _label_hits_counted(hits, anchors) >= 32 else None  # fmt: skip
    done = -1
    for s, e, kind, _single in hits:
        if s <= done or s < 5:
            continue
        prev = text[s - 1]  # the last character before \Z in "value-first-label": a space, `'`, a letter
        if prev not in " \t'" and (not prev.isalnum() or prev.isdecimal()):
            continue
        if ends.match(low, e) is None:
            continue
        if low[e:e + 1].isalpha() and low[s:e] in _FRAGMENTS and low[e:e + 2].rstrip(_LETTERS_AFTER_S) != "s":
            continue  # `X is the author`, `the passage`: an English fragment's letters make another word
        start = _line_start_within(low, s, 200)
        if tail is not None and not _tail_stands(tail, text, start, s):
            continue
        if rx is None:  # not compiled yet (~0.6 ms): only once a connector stands between blanks
            clause = text[start:s].replace("\t", " ")
            if not any(" " + word + " " in clause for word in VALUE_FIRST_CONNECTORS):
                continue
            rx = _value_first_label()
        m = rx.search(text, start, s)
        if m is None:
            continue
        done = e
        # (the label ends the clause: the value before it ends nothing, but is said as a whole clause's
        # subject, as one alone on its line is: `582019 is the laptop password`)
        _take(text, found, m.span(1), STRONG, PROSE, kind, alone=True)


# ------------------------------------------------------------------------------ call arguments
# Words of a callee that make its string arguments after the first the place of a credential
# (`login(user, PW)`, `smtp.PlainAuth("", user, PW, host)`, `WiFi.begin(ssid, PW)`), and of a
# callee whose string argument is a signing or cipher key (`jwt.encode(payload, KEY)`, `Fernet(KEY)`).
LOGIN_CALL_WORDS = frozenset("login logon signin authenticate connect credential credentials".split())
KEY_CALL_WORDS = frozenset("hmac createhmac fernet aes cipher".split())
# The last word of a callee that makes a client of a service from its first argument.
CLIENT_WORDS = frozenset("client bot api sdk ai github gitlab octokit".split())
_CALL_LITERALS = ("login", "logon", "signin", "authenticate", "connect", "credential", "hmac", "fernet", "aes.", "cipher",
                  "jwt.", "wifi.", "(\"", "('")  # fmt: skip
# Every judgement of a call needs one of these on its line (a secret word, a callee's word).
_CALL_EVIDENCE = ("pass", "pw", "secret", "token", "key", "auth", "cred", "sess", "salt", "pepper", "_sk", "_pat",
                  "login", "logon", "signin", "connect", "hmac", "fernet", "aes", "cipher", "jwt", "wifi", "pwd", "psk",
                  )
_ALGORITHM = r"(?i)(?:sha|md|hs|rs|es|ps)\d{1,3}|aes-?\d+.*|utf-?8|ascii|hex|base64|latin-?1"


def _callee_words(callee):
    """The words of a callee's path (`tokio_postgres::Config::password` -> [..., config, password])."""
    words = []
    for part in compiled("callee-split", r"\.|::|->").split(callee):
        words.extend(compiled("callee-words", r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+").findall(part))
    return [w.lower() for w in words]


def _string_args(text, args):
    """(start, end, named) of the string literal of each argument (its quotes left out; a named
    argument's `label: "…"` read as its literal, `named` True), None for an argument that is not one."""
    out = []
    for s, e in args:
        m = compiled("string-arg", r"(?P<name>[A-Za-z_]\w*[ \t]*[:=][ \t]*)?(?:Some\(|[bru]?)([\"'])((?:(?!\2)[^\\\n]|\\.){0,300})\2\)?(?:\.(?:to_string|into|to_owned|as_str|encode|getBytes|toCharArray)\(\))?\Z").match(text, s, e)
        out.append((m.start(3), m.end(3), m.group("name") is not None) if m is not None else None)
    return out


def call_arguments(text, low, anchors, found):
    """A call's string arguments, judged by the call: its callee says secret (`setPassword("X")`,
    `.password("X")`, `basic_auth("u", Some("X"))`), an argument names the secret the others hold
    (`set("X", forKey: "apiToken")`, `env::set_var("API_KEY", "X")`), the callee logs in or
    connects (`login("me", "X")`, `WiFi.begin("ssid", "X")`) or signs (`jwt.encode(p, "X")`), or
    the call stands as the value of a secret's name (`password = String::from("X")`)."""
    present = anchors.present
    lits = [lit for lit in ("(\"", "('", ", \"", ", '", "(b\"", "(b'") if lit in present]
    if not lits:
        return
    # (`(?<![A-Za-z_$])`: a name is tried from its first letter only; from one further in it
    # ends where it does and is followed by the same text, so it matches as that one did)
    # (possessive: what follows a name's part, `[ \t<!(`, is never a character of it nor `.`, `:`,
    # `-`, so a name given back in part never matches: the engine gave back each word of a line,
    # a character at a time, ~4x the time of the scan)
    # (PowerShell's `[System.Net.NetworkCredential]::new(`: the type in brackets is the callee's head)
    rx = compiled("call", r"(?<![A-Za-z_$])((?:\[[A-Za-z_][\w.]*+\]::)?+[A-Za-z_$][\w$]*+(?:(?:\.|::|->)[A-Za-z_$][\w$]*+)*+)[ \t]*(?:<[^<>()\n]{0,40}>)?[ \t]*(?:!)?\(")
    # (on a large text one search of the words: ~1 us a line, where an `in` test of each word
    # took ~7; a short one compiles nothing in a hook's process)
    evidence = compiled("call-evidence", "|".join(re.escape(word) for word in _CALL_EVIDENCE)) \
        if len(text) >= HOLDS_BY_REGEX_FROM else None
    judged, clients = set(), []
    for lit in lits:
        if lit[0] == "(":  # Github("…"): judged below unless its line is
            clients += [at + 1 for at in anchors.at(lit) if low.endswith(CLIENT_LITERALS, max(0, at - 8), at + 1)]
    # each line once, from the first of its places (in one sorted list, a place on the line just
    # read is passed over by one comparison, where each place looked for its line's start)
    le = -1
    for at in sorted([at for lit in lits for at in anchors.at(lit)]):
        if at < le:
            continue
        ls = low.rfind("\n", 0, at) + 1
        le = low.find("\n", at)
        le = len(low) if le < 0 else le
        if le - ls > 2000 or low.find("(", ls, le) < 0 or (
                evidence.search(low, ls, le) is None if evidence else not any(
                    word in low[ls:le] for word in _CALL_EVIDENCE)):
            continue  # no word on the line that any of the call's judgements needs
        judged.add(ls)
        for m in _calls_on_line(rx, text, ls, le):
            _judge_call(text, m, found)
    if clients:
        _client_calls(text, low, clients, found, judged, rx)


# The ASCII characters of a callee's path as _calls_on_line walks it back (`isalnum` and these)
_CALLEE_ASCII = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$.:->[]"


def _calls_on_line(rx, text, ls, le):
    """What `rx.finditer(text, ls, le)` yields ("call"), read from each `(`: a match ends at the
    first `(` after its start (none stands in a callee, its blanks, `!` or generic), so none starts
    before the run of what a match holds before that `(`, and the search starts there (the
    pattern tried at each character of a long line of prose cost ~45 ns a character)."""
    pos = ls
    while True:
        p = text.find("(", pos, le)
        if p < 0:
            return
        k = p
        if k > pos and text[k - 1] == "!":
            k -= 1
        while k > pos and text[k - 1] in " \t":
            k -= 1
        if k > pos and text[k - 1] == ">":  # a generic's `<…>` (40 characters at most inside)
            k = max(pos, k - 42)
            while k > pos and text[k - 1] in " \t":
                k -= 1
        if k > pos:  # (its ASCII characters stripped by one call: a pytest id's path walked back
            # a character at a time, `tests/x.py::test_y[call("a")]`, ~18,000 steps a MB)
            lo = max(pos, k - 256)
            k = lo + len(text[lo:k].rstrip(_CALLEE_ASCII))
        while k > pos and (text[k - 1].isalnum() or text[k - 1] in "_$.:->[]"):
            k -= 1  # the callee's path (`\w`, `$`, `.`, `::`, `->`, PowerShell's `[Type]::`)
        # (a match that starts by this `(` ends after it: none here, the next `(` is read the
        # same way, where a search on to the line's end tried the pattern at each character
        # between: 1.4 -> 0.8 ms on the realistic MB's lines)
        m = rx.search(text, k, p + 1)
        if m is None:
            pos = p + 1
            continue
        yield m
        pos = m.end()


# What a call that makes a client from its first argument ends with (`Github(`, `TeleBot(`,
# `SendGridAPIClient(`): read where a call's string argument starts, each such call judged alone.
CLIENT_LITERALS = ("client(", "bot(", "api(", "sdk(", "github(", "gitlab(", "octokit(", "openai(")


def _client_calls(text, low, places, found, judged, rx):
    """Each `Client("…")` at `places` (where its `(` ends), on a line not judged whole."""
    starts = None
    for q in places:
        ls = low.rfind("\n", 0, q) + 1
        if ls in judged:
            continue  # its line was judged whole above
        close = text.find(text[q], q + 1, q + 300)
        if close - q < 17 or any(ch in text[q + 1:close] for ch in " /.:"):
            continue  # too short to be a random key, or a URL, a path, a sentence, a dotted name
        if starts is None:
            starts = {f[0] for f in found}
        if q + 1 in starts:
            continue  # the literal is found already (a provider's token)
        m = rx.search(text, max(ls, q - 120), q)
        while m is not None and m.end() != q:
            m = rx.search(text, m.end(), q)
        if m is not None:
            _judge_call(text, m, found)


def _may_end_assigning(text, a, b):
    """text[a:b] may end as "call-owner" ends: a separator (`=`, `:`), then spaces, or `new` and
    spaces (what that pattern needs, read from the end)."""
    i = b - 2 if text.endswith("[]", a, b) else b  # (Go's `[]byte(`: a slice's type before the call)
    while i > a and text[i - 1] in " \t":
        i -= 1
    if i > a and text[i - 1] in "=:":
        return True
    if i == b or not text.endswith("new", a, i):
        return False
    i -= 3
    while i > a and text[i - 1] in " \t":
        i -= 1
    return i > a and text[i - 1] in "=:"


_CALL_FINDS: dict = {}  # a call and what it reads around it -> its finds (values.VALUE_MEMOS)
VALUE_MEMOS.append(_CALL_FINDS)


def _judge_call(text, m, found):
    """The finds of the call `m` ("call"), read once for a call that stands again with the same
    text around it (a config or a log repeated: ~520 calls a MB dense with secrets, ~27 each).
    What _call_finds reads: its line's last 200 characters before the call (none before the
    line), the call, and the 600 characters after its `(`."""
    cs, ce = m.span()
    # (no quote, bracket nor backslash before its `)`: its arguments hold no string literal, so
    # no find, told by one match: 114 of 255 calls on the gitstat MB, 123 of 424 realistic, 69 of
    # 506 gitp; this finder 3.4 -> 2.8 ms on gitstat)
    if compiled("call-no-literal", r"[^\"'\\()\[\]{}]*+\)").match(text, ce, ce + 600) is not None:
        return
    nl = text.rfind("\n", max(0, cs - 200), cs)
    start = nl + 1 if nl >= 0 else max(0, cs - 200)
    key = (text[start:ce + 600], cs - start, ce - start)
    finds = _CALL_FINDS.get(key)
    if finds is None:
        finds = remember(_CALL_FINDS, key, [(s - start, e - start, kind) for s, e, kind in _call_finds(text, m)])
    for s, e, kind in finds:
        add_span(found, text, start + s, start + e, P_CANDIDATE, kind)


_CALLEES: dict = {}  # a callee -> what _call_finds reads in it alone (values.VALUE_MEMOS)
VALUE_MEMOS.append(_CALLEES)


def _callee_facts(callee):
    """What _call_finds reads in the callee alone, read once for each callee of the text (its words
    split by two patterns cost ~5 us a call, ~480 calls a MB of `git log -p`, most `self.x`,
    `session.get`): (verdict of its last name, logs in or connects, signs or ciphers, makes a
    client, makes a secret from text, falls back, types into a field)."""
    words = _callee_words(callee)
    last = compiled("callee-split", r"\.|::|->").split(callee)[-1]
    verdict = name_verdict(last)  # setPassword, withAuthToken, basic_auth (not prompt_password, getToken)
    if verdict is not None and words and words[0] in ("get", "has", "is", "check", "verify", "validate", "hash", "read"):
        verdict = None
    return (verdict,
            bool(LOGIN_CALL_WORDS.intersection(words)) or ("wifi" in callee.lower() and "begin" in words),
            bool(KEY_CALL_WORDS.intersection(words)) or ("jwt" in words and bool({"encode", "sign", "decode", "verify"} & set(words))),
            bool(words) and words[-1] in CLIENT_WORDS,
            verdict is None and _secret_made_from_text(callee),
            bool(words) and words[-1] in ("or", "default", "fallback"),
            last.lower() in _TYPING_CALLS)


def _call_finds(text, m):
    """(start, end, kind) of each secret the call `m` holds."""
    args = _arguments(text, m.end())
    if not args:
        return ()
    every = _string_args(text, args)
    if not any(every):
        return ()
    callee = m.group(1)
    facts = _CALLEES.get(callee)
    if facts is None:
        facts = remember(_CALLEES, callee, _callee_facts(callee))
    verdict, login, signs, client, made, fallback, typing = facts
    named = [i for i, lit in enumerate(every) if lit and _names_secret(text[lit[0]:lit[1]])]
    # the value is a positional argument (a named one, `user="app"`, is the name rule's)
    literals = [lit[:2] if lit and not lit[2] else None for lit in every]
    kind = None
    if verdict is not None:
        kind, strength = verdict
        strength = max(strength, MEDIUM)
        # of several arguments, never the first: who or what the secret is for (a service, a
        # user, an identity: set_password("memlane", user, X), basic_auth("admin", X))
        picks = [lit for i, lit in enumerate(literals) if lit and i not in named and (i or len(args) == 1)]
    else:
        if named:
            kind, strength = name_verdict(text[every[named[0]][0]:every[named[0]][1]])
            strength = max(strength, MEDIUM)
            picks = [lit for i, lit in enumerate(literals) if lit and i not in named]
        elif login:
            kind, strength, picks = "password", MEDIUM, [lit for lit in literals[1:] if lit]
        elif signs:
            kind, strength, picks = "secret", MEDIUM, [lit for lit in literals if lit]
        elif client and len(args) <= 2:
            # Github("X"), TeleBot("X"), SendGridAPIClient("X"): a client made from a credential (a
            # random-looking one: a weak label)
            kind, strength, picks = "token", WEAK, [lit for lit in literals[:1] if lit]
        elif made:
            # SecretValue.unsafePlainText("X"), Secret.ofString("X"): a secret type made from a literal
            kind, strength, picks = "secret", MEDIUM, [lit for lit in literals if lit]
        elif fallback and _named_before(text, m.start()):
            kind, strength, picks = "password", MEDIUM, [lit for lit in literals if lit]  # getenv("PW").unwrap_or("X")
        elif typing and _typed_into_secret_field(text, m, every):
            kind, strength, picks = "password", MEDIUM, [lit for lit in literals if lit][-1:]
        else:
            if (len(args) != 1 and not _an_encoding_after(text, every)) or not literals[0] or not _may_end_assigning(text, max(0, m.start() - 80), m.start()):
                return ()  # (before the search below: it gives a name back a character at a time, at each start)
            owner = compiled("call-owner", r"([A-Za-z_][\w.-]*)[\"']?(?:,[ \t]*(?:_|err))?[ \t]*(?:=|:=|:)[ \t]*(?:new[ \t]+|\[\])?\Z").search(
                text, max(0, m.start() - 80), m.start())
            if owner is None:
                return ()
            if compiled("call-hex-id", r"[0-9a-fA-F]{16,}|[0-9a-fA-F-]{36}").fullmatch(text, *literals[0]):
                return _hex_key_bytes(text, owner.group(1), literals[0])  # ObjectId("507f…"), UUID("…"): an id
            verdict = name_verdict(owner.group(1))
            if verdict is None:
                return ()
            kind, strength = verdict  # `key = attrgetter('name')`: a weak name wants a random value
            picks = literals
    algorithm = compiled("call-algorithm", _ALGORITHM).fullmatch
    # (a quoted argument that the callee's or an argument's name says is the secret: a member's
    # shape there, `.withSMTPServerPassword("raven.Slate77")`, is a person's dotted password)
    said = verdict is not None or bool(named)
    return [(s, e, kind) for s, e in picks if not algorithm(text, s, e) and (
        decide(text[s:e], strength, ASSIGN) or (said and dotted_password(text[s:e])))]


def _an_encoding_after(text, every):
    """The call's second and last argument names the encoding of its first (`Buffer.from(X, "hex")`)."""
    return len(every) == 2 and every[1] is not None and text[every[1][0]:every[1][1]].lower() in _ENCODINGS


_ENCODINGS = frozenset(("hex", "base64", "base64url", "utf8", "utf-8", "ascii", "latin1", "binary"))


def _hex_key_bytes(text, owner, literal):
    """`partnerKey = []byte("3ecc…")`, `signing_key = bytes.fromhex("…")`: hex of 24 bytes or more
    (longer than an ObjectId's, a UUID's, a SHA-1's) made into the value of a name a medium or
    strong word says secret is a key's bytes, not an id (a digest's or a weak word's name says
    none: `expected_sha`, `cache_key`)."""
    s, e = literal
    verdict = name_verdict(owner)
    if e - s < 48 or (e - s) % 2 or verdict is None or verdict[1] < MEDIUM or not decide(text[s:e], verdict[1], ASSIGN):
        return ()
    return [(s, e, verdict[0])]


_FROM_TEXT_WORDS = frozenset("plain plaintext unsafe literal raw text string str of".split())


def _secret_made_from_text(callee):
    """The callee is a factory of a type that a secret word names, from text (`SecretValue.
    unsafePlainText`, `Secret.ofString`), not a lookup by name (`Secret.fromSecretNameV2`,
    `SecretValue.secretsManager`)."""
    low = callee.lower()
    if compiled("secret-in-callee", r"secret|cred|pass|token|key|auth|pw").search(low) is None:
        return False  # (no secret word in the path: most calls)
    parts = compiled("callee-split", r"\.|::|->").split(callee)
    if len(parts) < 2 or not any(w in _FROM_TEXT_WORDS for w in _callee_words(parts[-1])):
        return False
    verdict = name_verdict(parts[-2])
    return verdict is not None and verdict[1] >= STRONG


# The last word of a call that types text into a page's field (Cypress, Playwright, Selenium,
# Testing Library, Capybara): `cy.get('#password').type('X')`, `page.fill('[name=password]', 'X')`.
_TYPING_CALLS = frozenset("type fill sendkeys send_keys setvalue set_value addvalue presssequentially "
                          "press_sequentially typetext type_text input".split())


def _typed_into_secret_field(text, m, every):
    """The field a typing call fills is a secret's: a selector or a label naming a secret stands
    as an earlier argument of the call or earlier in its chain (`#password`, `input[type=password]`,
    `getByLabelText('Password')`)."""
    start = _line_start_within(text, m.start(), 200)
    typed = [lit for lit in every if lit]
    end = typed[-1][0] - 1 if typed else m.start()  # (the arguments before the typed text, calls among them)
    selectors = [q.group(2) for q in compiled("chain-literal-any", r"([\"'])([^\"'\n]{1,80})\1").finditer(text, start, end)]
    return any(_names_secret(word) for sel in selectors for word in compiled("selector-words", r"[A-Za-z][\w-]{2,60}").findall(sel))


def _named_before(text, at):
    """A string literal naming a secret stands earlier in the chain of calls that ends at `at`."""
    start = _line_start_within(text, at, 200)
    return any(_names_secret(m.group(2)) for m in compiled("chain-literal", r"([\"'])([\w.-]{3,60})\1").finditer(text, start, at))


def _names_secret(value):
    """A string argument that is the name of a secret (`"apiToken"`, `"DB_PASSWORD"`), not a value."""
    if not compiled("names-secret", r"[A-Za-z][\w.-]{2,60}\Z").match(value):
        return False
    verdict = name_verdict(value)
    return verdict is not None and verdict[1] >= MEDIUM


# ------------------------------------------------------------------------------ a user and its password
def user_and_password(text, low, anchors, found):
    """`Login: admin / X`, `Zugangsdaten: admin / X`, `identifiant / mot de passe : admin / X`,
    `Wi-Fi: HomeNet / X`: a label of credentials (or `user / password` labels) then two values
    apart by `/`: the second is the password."""
    if " as " in anchors.present:
        _login_as(text, low, anchors, found)
    marks = _credential_marks(text, low, anchors)
    if not marks:
        return  # the two values stand apart by a spaced slash (or `credentials are u:p`): those lines are read
    rx = CACHE.get("user-and-password")
    if rx is None:
        words = sorted(CREDENTIAL_LABELS, key=len, reverse=True)
        pw = sorted((w for w, k in LABELS.items() if k == "password"), key=len, reverse=True)
        rx = CACHE["user-and-password"] = compiled(
            "user-and-password",
            r"(?i)(?<![\w-])(?:(?:(?:" + "|".join(map(_escape, words)) + r")|[\w.-]{2,20}[ \t]*/[ \t]*(?:"
            + "|".join(map(_escape, pw)) + r"))(?:[ \t]*[:：=]|[ \t]+(?:are|is|sind|sont|son|são|sono|zijn)[ \t]*:?|[ \t]*(?:->|=>|\u2192))"
            r"|(?:log[ \t-]?in|sign[ \t-]?in)[ \t]+(?:with|using))"  # log in with admin / X
            r"[ \t]*([^\s/|:]{1,80})(?:[ \t]*[/|][ \t]*|:)([^\s/|]{1,128})")
    lines = []
    i = 0
    while i < len(marks):
        at = marks[i]
        ls = text.rfind("\n", 0, at) + 1
        le = text.find("\n", at)
        le = len(text) if le < 0 else le
        lines.append((ls, le))
        i = bisect_left(marks, le, i)  # the next line's mark
    raw = anchors.raw
    for ls, le in lines:
        for s, e in _line_passwords(text, low, rx, ls, le, raw):
            _take(text, found, (ls + s, ls + e), STRONG, PROSE, "password")


# A long line (_CREDENTIAL_LINE_MIN on) -> its passwords' spans from its start (values.VALUE_MEMOS):
# a text that holds the line again (a command's output shown twice: pip inspect's lines of
# READMEs, 8 distinct of 14 on its MB) reads it once.  At most _CREDENTIAL_LINES_MAX lines, each
# kept whole.
_CREDENTIAL_LINES: dict = {}
VALUE_MEMOS.append(_CREDENTIAL_LINES)
_CREDENTIAL_LINES_MAX = 64


def _line_passwords(text, low, rx, ls, le, raw):
    """(start, end) from the line's start of each password "user-and-password" finds on the line
    text[ls:le]."""
    line = text[ls:le] if le - ls >= _CREDENTIAL_LINE_MIN else None
    spans = _CREDENTIAL_LINES.get(line) if line is not None else None
    if spans is None:
        spans = []
        for m in _credential_matches(text, low, rx, ls, le, raw):
            s, e = m.span(2)
            while e > s and text[e - 1] in ".,;)":
                e -= 1
            spans.append((s - ls, e - ls))
        if line is not None:
            if len(_CREDENTIAL_LINES) >= _CREDENTIAL_LINES_MAX:
                _CREDENTIAL_LINES.clear()
            _CREDENTIAL_LINES[line] = spans
    return spans


# From this length on a line is read at the places where a match can start (_credential_matches).
_CREDENTIAL_LINE_MIN = 200


def _credential_matches(text, low, rx, ls, le, raw=None):
    """What `rx.finditer(text, ls, le)` yields ("user-and-password" on one line), on a line of
    _CREDENTIAL_LINE_MIN characters or more (a JSON answer's README, a commit message's paragraph)
    tried only where a match can start: at a credentials label (its first word), or 2 to 20
    characters before a `/` that a password's label follows.  The whole pattern tried at every
    character costs ~0.3-1.5 us each (~40 ms on a 143 KB line, ~0.4 ms on a line of prose).  Only on a
    line where a label matches ignoring case exactly where its lower case stands in the lowered
    line (_read_by_places: `ſ`, `ı`, `İ`, `Σ` may match a label's letter elsewhere: such a line
    is read whole)."""
    if le - ls < _CREDENTIAL_LINE_MIN:
        yield from rx.finditer(text, ls, le)
        return
    line = text[ls:le]
    ascii_line = line.isascii()
    if not ascii_line and not _read_by_places(line):
        yield from rx.finditer(text, ls, le)
        return
    places = _credential_places(low, raw, ls, le, ascii_line)
    for slash in _credential_slash().finditer(low, ls, le):
        k = slash.start()
        while k > ls and text[k - 1] in " \t":
            k -= 1  # the run of name characters before the slash ends here
        places.update(range(max(ls, k - 20), k - 1))
    pos = ls
    for at in sorted(places):
        if at < pos:
            continue
        m = rx.match(text, at, le)
        if m is not None:
            yield m
            pos = m.end()


def _credential_places(low, raw, ls, le, ascii_line):
    """The places of _credential_needles in the line low[ls:le] (a set), and of the words that
    hold one.  Each needle is found from its rarest character, by one pattern for each such
    character (the engine skips to it, ~0.3 ns a character, then tries the needles' letters
    around it; Python tells which needle stands), in `raw` (the one-byte copy of a long text
    beyond ASCII), the needle as that copy writes it (a `?` for a character beyond Latin-1: such
    a place checked in `low`).  A `find` of each needle in the line cost ~0.6 ns a character
    each (~12 of pip inspect's 14 ms a MB in this finder, its READMEs' lines of 143 KB)."""
    places = set()
    hay = low if raw is None else raw
    for rx, needles in _credential_passes(ascii_line, raw is not None):
        for m in rx.finditer(hay, ls, le):
            q = m.start()
            for needle, image, j, exact, inside in needles:
                p = q - j
                if p >= ls and hay.startswith(image, p, le) and (exact or low.startswith(needle, p)):
                    places.add(p)
                    for word, k in inside:  # (`inloggegevens` where `log` stands two characters on)
                        if p - k >= ls and low.startswith(word, p - k, le):
                            places.add(p - k)
    return places


def _credential_passes(ascii_line, one_byte):
    """(pattern, needles) of each character that is the rarest of one of _credential_needles:
    the pattern finds that character where one of its needles may stand; each needle (needle,
    as it is searched, the index of that character in it, whether that is the needle alone, the
    words that hold it).  Searched in the one-byte copy (bytes) with `one_byte`, else in the
    lowered text."""
    key = ("credential passes", ascii_line, one_byte)
    got = CACHE.get(key)
    if got is None:
        groups = {}
        for needle, inside in _credential_needles(ascii_line):
            image = needle.encode("latin-1", "replace").decode("latin-1") if one_byte else needle
            j = min(range(len(image)), key=lambda i: RARITY.find(image[i]))  # (`?`: a character beyond Latin-1)
            groups.setdefault(image[j], []).append((needle, image, j, image == needle, inside))
        got = []
        for pivot, needles in groups.items():
            around = "|".join(("(?<=" + re.escape(image[:j + 1]) + ")" if j else "")
                              + ("(?=" + re.escape(image[j + 1:]) + ")" if image[j + 1:] else "")
                              for _needle, image, j, _exact, _inside in needles)
            pattern = re.escape(pivot) + "(?:" + around + ")"
            if one_byte:
                needles = [(n, image.encode("latin-1"), j, exact, inside) for n, image, j, exact, inside in needles]
                pattern = pattern.encode("latin-1")
            got.append((re.compile(pattern), tuple(needles)))
        got = CACHE[key] = tuple(got)
    return got


_ASCII_BYTES = bytes(range(128))


def _read_by_places(line):
    """Whether every match of "user-and-password" on `line` starts at a place _credential_matches
    tries, and its `/` before a password's label is found in the lowered line as written: each
    of its characters beyond ASCII (read from its UTF-8 bytes, less the ASCII ones) is one _lower
    leaves where a letter of those labels ignoring case stands only as that letter (and so is
    each ASCII one: no label holds `ı` nor `ſ`, else those lines are read whole)."""
    letters = _label_letters()
    if letters[1] and any(ch in line for ch in letters[1]):
        return False
    wide = line.encode("utf-8", "surrogatepass").translate(None, _ASCII_BYTES).decode("utf-8", "surrogatepass")
    return all(_lowered_as_matched(ch) for ch in set(wide))


def _label_letters():
    """(the letters of _credential_words and of the passwords' labels, the ASCII characters that
    match one of them ignoring case other than their own lower case, the letters as one caseless
    class)."""
    got = CACHE.get("credential letters")
    if got is None:
        words = list(_credential_words()) + [w for w, k in LABELS.items() if k == "password"]
        letters = frozenset(c for word in words for c in word)
        # (an ASCII character matches another ASCII letter ignoring case only as its lower case)
        wide = re.compile("(?i:[" + "".join(sorted(map(re.escape, (c for c in letters if not c.isascii())))) + "])")
        odd = "".join(ch for ch in map(chr, range(128)) if wide.fullmatch(ch) is not None)
        every = re.compile("(?i:[" + "".join(sorted(map(re.escape, letters))) + "])")
        got = CACHE["credential letters"] = (letters, odd, every)
    return got


def _lowered_as_matched(ch):
    """Whether `ch` matches a letter of the labels (_label_letters) ignoring case (as the engine
    does: by its simple lower case, or a few more, `ſ` for `s`, `ı` for `i`, `ᲁ` for `д`) only
    where its lower case in the lowered text is that letter.  A character of no case does (a
    Kelvin sign, lowered to `k`, does too); one whose lower case is longer (`İ`) or depends on
    its neighbours (`Σ`) is taken as not (its line is read whole)."""
    memo = CACHE.setdefault("lowered as matched", {})
    got = memo.get(ch)
    if got is None:
        lowered = ch.lower()
        letters, _odd, every = _label_letters()
        if lowered == ch == ch.upper() or every.fullmatch(ch) is None:
            got = True  # (no letter at all: one expression for them all, not one for each character)
        elif len(lowered) != 1 or ch == "\u03a3" or lowered not in letters:
            got = False
        else:
            # (the engine matches `ch` by its lower case: `П` and `п` are told by one expression)
            key = lowered if lowered.lower() == lowered else ch
            got = memo.get(("another", key))
            if got is None:
                others = sorted(letters - {lowered})
                got = memo[("another", key)] = re.fullmatch("(?i:[" + "".join(map(re.escape, others)) + "])", key) is None
        if len(memo) < 10_000:
            memo[ch] = got
    return got


def _credential_slash():
    """A `/` that a password's label follows (the second branch of "user-and-password"), in a
    lowered line _read_by_places says is read so: the labels as a tree behind a set of their first
    letters, as written (a caseless alternation in the text enters every alternative at each
    `/`: ~0.9 us at each of a README's URLs, 7 ms on one 143 KB line of pip's JSON; ~0.8 ms so)."""
    rx = CACHE.get("credential-slash")
    if rx is None:
        words = sorted({w for w, k in LABELS.items() if k == "password"})
        firsts = "".join(sorted({re.escape(w[0]) for w in words}))
        rx = CACHE["credential-slash"] = compiled(
            "credential-slash", r"/(?=[ \t]*(?=[" + firsts + "])(?:" + _labels_tree(words) + "))")
    return rx


def _shared_start(words):
    """The letters every one of `words` starts with (a list, not empty)."""
    shared = words[0]
    for word in words[1:]:
        while not word.startswith(shared):
            shared = shared[:-1]
    return shared


def _labels_tree(words):
    """An expression that matches where one of `words` starts, as a tree of their letters: the
    words of one first letter go as the letters they all start with, then the tree of what
    follows (where they stand, not which: a shorter word's place is a longer one's too).  (A
    letter to a node compiled in ~10 ms: the engine's compiler is slow with groups.)"""
    by_first = {}
    for word in words:
        by_first.setdefault(word[0], []).append(word)
    branches = []
    for group in by_first.values():
        shared = _shared_start(group)
        rests = [word[len(shared):] for word in group]
        if "" in rests:
            branches.append(_escape(shared))  # (a word ends here: what follows it need not)
        else:
            branches.append(_escape(shared) + "(?:" + _labels_tree(rests) + ")")
    return "|".join(branches)


def _credential_words():
    """The first word of each credentials label (every match of "user-and-password"'s first
    branch starts with one), and the verbs of "log in with admin / X"."""
    got = CACHE.get("credential words")
    if got is None:
        got = CACHE["credential words"] = tuple(sorted({label.split(" ")[0] for label in CREDENTIAL_LABELS} | {"log", "sign"}))
    return got


def _credential_needles(ascii_line):
    """What a line is searched for, so that every place of a _credential_words word (only the
    ASCII ones for an ASCII line) is found, in fewer passes over it (~0.06 ms each on a 143 KB
    line): (needle, ((word, its offset in the word), ...)) of each needle, a word or the first
    letters that words share (`cred`: creds, credentials, credenciais ...; a place of it is more
    than theirs, tried all the same), the word itself at each place.  A needle inside another
    (`log` in `login`, `inloggegevens`; `ftp` in `sftp`) is not searched: the other stands at
    the places of the first, less its offset, where the line has it."""
    got = CACHE.get(("credential needles", ascii_line))
    if got is None:
        words = [w for w in _credential_words() if w.isascii() or not ascii_line]
        groups = {}
        for word in words:
            groups.setdefault(word[:3], []).append(word)
        needles = set()
        for group in groups.values():
            needles.add(_shared_start(group))
        kept = sorted(n for n in needles if not any(o != n and o in n for o in needles))
        got = tuple((n, tuple((o, o.index(n)) for o in sorted(needles) if o != n and n in o and not o.startswith(n)
                              and next(k for k in kept if k in o) == n)) for n in kept)
        CACHE[("credential needles", ascii_line)] = got
    return got


def _credential_marks(text, low, anchors):
    """Where the lines that may hold a user and its password are marked, sorted: a spaced slash,
    `credentials are` or `creds are` (then `user:password`).  The slash is found by the one pass
    (a branch of its `/` tree, where a scan of its own stopped at each `/` of the text again: ~1 ms
    a MB of paths), the others from the places of `cred`: a `str.find` of a needle that holds a
    space stops at every space (~3-6 ms a MB for each of the three)."""
    if len(text) < HOLDS_BY_REGEX_FROM:  # (a short text: no pattern to compile in a hook's process)
        marks, at = [], text.find(" / ")
        while at >= 0:
            marks.append(at)
            at = text.find(" / ", at + 1)
    else:
        marks = list(anchors.at(" / "))
    if "cred" in anchors.present:
        marks += [at for at in anchors.at("cred") if low.startswith(("credentials are ", "creds are "), at)]
        marks.sort()
    return marks


def _login_as(text, low, anchors, found):
    """`log in as admin with X`, `sign in as ana@example.com using X`, `ssh in as deploy with
    password X`: a verb of logging in, the user after `as`, the password after `with`/`using`."""
    rx = compiled("login-as", r"(?i)\b(?:log[ \t-]?in|login|sign[ \t-]?in|signin|ssh(?:[ \t]+in)?|connect|authenticate)"
                              r"(?:[ \t]+(?:to|on|at|into)[ \t]+\S{1,60})?[ \t]+as[ \t]+(?:(?:the[ \t]+)?user[ \t]+)?"
                              r"[\"'`]?[^\s\"'`/]{1,80}[\"'`]?[ \t]+(?:with|using)[ \t]+(?:(?:the|a)[ \t]+)?"
                              r"(?:(?:password|passphrase|pw|pass|token)[ \t]+)?[\"'`]?([^\s\"'`]{3,128})")  # fmt: skip
    for at in anchors.at(" as "):
        ls = max(low.rfind("\n", max(0, at - 120), at) + 1, at - 120)  # (the line's start, 120 back at most)
        before = low[ls:at]
        if "log" not in before and "sign" not in before and "ssh" not in before and "connect" not in before and \
                "authenticate" not in before:
            continue  # no verb of logging in before `as` (most `as` are prose or imports)
        m = rx.search(text, ls, min(len(text), at + 260))
        if m is not None and m.start() < at:
            s, e = m.span(1)
            while e > s and text[e - 1] in ".,;)":
                e -= 1  # the end of the sentence
            _take(text, found, (s, e), STRONG, PROSE, "password")


def _escape(word):
    import re

    return re.escape(word).replace(r"\ ", r"[ \t]+")


# ------------------------------------------------------------------------------ a fallback, a getter's return
def _needle_places(low, needles, ranges, anchors):
    """The places of each of `needles` in `low` within `ranges` ((start, end) each), those of one
    needle apart.  Over the whole text, with `anchors`, a needle's places are theirs (found in
    the text's one-byte copy, ~2-3 times as fast as in a wide text, and kept): where they overlap
    (`|||`), the places beyond a scan's lie on the line of the place they overlap, so no line
    differs."""
    if anchors is not None and ranges == [(0, len(low))]:
        for needle in needles:
            yield from anchors.at(needle)
        return
    for s, e in ranges:
        for needle in needles:
            at = low.find(needle, s, e)
            while at >= 0:
                yield at
                at = low.find(needle, at + len(needle), e)


def fallbacks_and_returns(text, low, anchors, found):
    """The literal a secret's name falls back to (`PASSWORD = os.getenv("PASSWORD") or "X"`,
    `const token = process.env.TOKEN || "X"`, `?? "X"`), and the literal a function named for a
    secret returns (`def get_api_key(): return "X"`, `function password() { return 'X' }`)."""
    needles = [needle for needle in ("||", "??") if holds(low, needle)]  # (each absent one found in no pass)
    if " or " in low:
        needles.insert(0, " or ")
    if needles:
        rx = compiled("fallback", r"(?m)^[ \t]*(?:(?:export|const|let|var|final|static|val)[ \t]+)*([A-Za-z_][\w.]*)[ \t]*"
                                  r"(?::[^=\n]{1,40})?=[^=\n][^\n]{0,200}?(?:\bor|\|\||\?\?)[ \t]*[\"']([^\"'\n]{1,200})[\"'][ \t]*+[;)]?[ \t]*+$")
        for m in _lines_matching(text, low, needles, rx, anchors=anchors, at_line_start=True):
            verdict = name_verdict(m.group(1).rsplit(".", 1)[-1])
            if verdict is not None:
                _take(text, found, m.span(2), max(verdict[1], MEDIUM), ASSIGN, verdict[0])
    if "return" in low:
        rx = compiled("getter", r"(?:def|function|fn|func)[ \t]+([A-Za-z_]\w*)[ \t]*\([^()\n]{0,80}\)[^\n{:]{0,40}[:{]?"
                                r"[ \t]*+\n?(?:[ \t]*+(?:#|//)[^\n]*\n|[ \t]*+@[^\n]*\n)*[ \t]*+return[ \t]+[\"']([^\"'\n]{1,200})[\"']")
        must = compiled("getter-return", r"return[ \t]+[\"']") if len(text) >= HOLDS_BY_REGEX_FROM else None
        for m in _lines_matching(text, low, ("return",), rx, back=3, must=must, anchors=anchors):
            name = compiled("getter-prefix", r"(?:get|fetch|load|read)_?(?=[A-Za-z])").sub("", m.group(1), count=1)
            verdict = name_verdict(name)
            if verdict is not None:
                _take(text, found, m.span(2), max(verdict[1], MEDIUM), ASSIGN, verdict[0])


def _lines_matching(text, low, needles, rx, back=0, must=None, anchors=None, at_line_start=False):
    """Matches of `rx` that start on a line holding one of `needles` (or `back` lines above one).
    With `anchors` (of `low`), a needle looked for in the whole text is found by them (see
    _needle_places).

    With `must` (a pattern of what every match of `rx` holds, on one line), only the needles on
    the line of a place of `must` or on the `back` lines below it are looked at: the window of
    lines another needle gives holds no place of `must`, so no match (~2,000 `return`s in a MB of
    source code, ~60 of them `return "…"`)."""
    if must is None:
        ranges = [(0, len(low))]
    else:
        ranges = []
        for m in must.finditer(text):
            e = low.find("\n", m.end())
            for _ in range(back):
                if e < 0:
                    break
                e = low.find("\n", e + 1)
            ranges.append((low.rfind("\n", 0, m.start()) + 1, len(low) if e < 0 else e))
    starts = set()
    for at in _needle_places(low, needles, ranges, anchors):
        ls = low.rfind("\n", 0, at) + 1
        for _ in range(back):
            if ls == 0:
                break
            ls = low.rfind("\n", 0, ls - 1) + 1
        starts.add(ls)
    done = -1
    for ls in sorted(starts):
        if ls < done:
            continue
        le = low.find("\n", ls)
        for _ in range(back):
            if le < 0:
                break
            le = low.find("\n", le + 1)
        # (`at_line_start`: `rx` matches only at a line's start, `(?m)^`: with no line below read,
        # only at the line's; a search tried the pattern at each character of the line)
        m = (rx.match if at_line_start and not back else rx.search)(text, ls, len(text) if le < 0 else le)
        if m is not None:
            done = m.end()
            yield m
