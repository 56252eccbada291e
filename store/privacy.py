"""The privacy filter: what never reaches the memory store.

Every piece of text memlane stores goes through :func:`clean_text` (or
:func:`clean_value` for a JSON value), which applies, in order:

1. :func:`strip_injected` - drops our own ``<memory-context ...>`` blocks and
   Claude Code's ``<system-reminder>`` blocks, so memory never stores itself;
2. :func:`strip_private` - drops ``<private>...</private>`` blocks;
3. :func:`redact_secrets` - replaces secret values with ``[REDACTED:<kind>]``.

Tag blocks (both kinds) match in any case, allow attributes
(``<private reason="x">``) and span lines. Nested blocks go whole; an opener
that is never closed removes everything after it (fail closed); a closer with
no opener ends a block opened in an earlier text (the next prompt of a user who
left ``<private>`` open), so everything before it goes too. The scan is a single pass over the tags, so it is linear
in the text length whatever the nesting.

Secret kinds (stable names, used in ``[REDACTED:<kind>]`` and by the secrets
audit via :func:`find_secrets`): ``private_key`` (PEM blocks, an unterminated
BEGIN redacts to the end), ``jwt``, ``anthropic_key``, ``openai_key``,
``github_token``, ``aws_access_key``, ``slack_token``, ``slack_webhook``,
``google_api_key``, ``stripe_key``, ``npm_token``, ``pypi_token``, ``bearer``
(the word ``Bearer`` is kept), ``basic_auth``, ``password`` (also the password
in ``scheme://user:pass@host`` and ``curl -u user:pass``), ``api_key``,
``token``, ``secret`` (assignments whose key name ends in one of those words,
in env / JSON / YAML / CLI / code styles; the key is kept, the value goes) and
``custom`` (the user's ``secret_patterns``; when a pattern has groups, group 1
is redacted, otherwise the whole match).

Left alone on purpose: prose such as "Bearer token auth", code that reads a
secret (``process.env.TOKEN``, ``os.environ["API_KEY"]``,
``token = get_token()``, ``password=password``, ``token: str``, ``$TOKEN``,
``${{ secrets.X }}``), empty values, placeholders (``****``, ``<token>``),
keys such as ``max_tokens`` / ``token_type`` / ``password_hash`` (the key
must *end* in a secret word), and free-standing hex hashes and UUIDs (there is
no entropy guessing).

Import cost matters (hook path): only ``re`` is imported, and the regular
expressions are compiled on first use.
"""
from __future__ import annotations

import re

from store.privacy_rules import (
    AFTER_OK,
    COMMAND_LINE,
    CONSTANTS,
    ENTROPY_MAX_CHARS,
    ENTROPY_MIN_CHARS,
    ENTROPY_NOT,
    ENTROPY_RUN,
    KEY_NOT_BEFORE,
    KEY_STRONG_BEFORE,
    MEDIUM,
    NAME_TRIGGERS,
    NOT_BEFORE,
    NOT_IN_NAME,
    NOT_SECRET_WORDS,
    PLACEHOLDER_CHARS,
    PROVIDERS,
    SECRET_WORDS,
    STRONG,
    TOKEN_RULES,
    TOKEN_RUN,
    TRAILING,
    WEAK,
)

__all__ = [
    "strip_private",
    "strip_injected",
    "redact_secrets",
    "find_secrets",
    "clean_text",
    "clean_value",
    "Cleaner",
    "is_entirely_private",
    "clean_lines",
    "clean_key",
    "leaves_private_open",
]

# ---------------------------------------------------------------------------
# Tag blocks
# ---------------------------------------------------------------------------

_TAG_RES = {}


def _tag_re(names):
    """One regex matching an opening or closing tag of any of ``names``.

    A tag is ``<name`` or ``</name`` followed by whitespace, ``/``, ``>`` or the
    end of the text, then attributes up to ``>``. A tag whose ``>`` is missing
    (cut off by the end of the text, or by the next ``<``) still counts, so a
    broken opener fails closed. ``[^<>]*`` never backtracks, which keeps the
    scan linear.
    """
    rx = _TAG_RES.get(names)
    if rx is None:
        alt = "|".join(re.escape(n) for n in names)
        rx = re.compile(
            r"<(/?)(" + alt + r")(?=[\s/>]|\Z)[^<>]*>?",
            re.IGNORECASE | re.ASCII,
        )
        _TAG_RES[names] = rx
    return rx


def _strip_blocks(text, names, hide_before_stray=False):
    if "<" not in text:
        return text
    out = []
    pos = 0  # start of the text not yet copied to out
    depth = 0
    open_name = None
    for m in _tag_re(names).finditer(text):
        closing = m.group(1) == "/"
        name = m.group(2).lower()
        self_closing = not closing and m.group(0).endswith("/>")
        if depth == 0:
            if closing and hide_before_stray:
                out = []  # the end of a block opened in an earlier text: all before it goes
            else:
                out.append(text[pos:m.start()])
            pos = m.end()
            if closing or self_closing:
                continue  # a stray closer or an empty <private/>: drop the tag
            depth = 1
            open_name = name
        elif name == open_name:
            # Tags of another name inside an open block go with the block.
            if closing:
                depth -= 1
                if depth == 0:
                    pos = m.end()
            elif not self_closing:
                depth += 1
    if depth:
        return "".join(out)  # unclosed: everything after the opener goes
    if pos == 0:
        return text
    out.append(text[pos:])
    return "".join(out)


def strip_private(text: str) -> str:
    """Remove ``<private>...</private>`` blocks (see the module docstring)."""
    if not isinstance(text, str):
        return text
    return _strip_blocks(text, ("private",), hide_before_stray=True)


def strip_injected(text: str) -> str:
    """Remove ``<memory-context>`` and ``<system-reminder>`` blocks."""
    if not isinstance(text, str):
        return text
    return _strip_blocks(text, ("memory-context", "system-reminder"))


def leaves_private_open(text: str) -> bool:
    """True when ``text`` opens a ``<private>`` block it never closes."""
    if not isinstance(text, str) or "<" not in text:
        return False
    depth = 0
    for m in _tag_re(("private",)).finditer(text):
        if m.group(1) == "/":
            depth = max(0, depth - 1)
        elif not m.group(0).endswith("/>"):
            depth += 1
    return depth > 0


def is_entirely_private(original: str) -> bool:
    """True when ``original`` had content and only whitespace survives strip_private."""
    if not isinstance(original, str) or not original.strip():
        return False
    return not strip_private(original).strip()


# ---------------------------------------------------------------------------
# Secrets: the engine of the four rules (their data is store/privacy_rules.py)
# ---------------------------------------------------------------------------

_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
_MARKER = re.compile(r"\[REDACTED(?::[a-z_]+)?\]")
_C: dict = {}  # compiled on first use: a hook is one process per event


def _c(name: str, pattern: str, flags: int = 0):
    rx = _C.get(name)
    if rx is None:
        rx = _C[name] = re.compile(pattern, flags)
    return rx


def _lower(text: str) -> str:
    """`text` lowercased, each character in its place (spans found in it are spans of `text`)."""
    low = text.lower()
    if len(low) != len(text):  # a character whose lower case is longer (İ): keep it as it is
        low = "".join(ch if len(ch.lower()) != 1 else ch.lower() for ch in text)
    return low


def find_secrets(text: str, extra_patterns=()) -> list:
    """``(kind, start, end)`` of every secret value :func:`redact_secrets` replaces.

    Spans are sorted and never overlap: overlapping finds are merged into one
    span that takes the kind of the most specific rule (a key found inside a
    ``Bearer`` header or an assignment is reported as that key's kind).
    """
    if not isinstance(text, str) or not text:
        return []
    low = _lower(text)
    found = []  # (start, prio, end, kind)
    _provider_tokens(text, found)
    _shaped(text, low, found)
    hits = _secret_word_hits(text, low)
    if hits:
        _named_values(text, low, hits, found)
        _random_values(text, low, hits, found)
    _command_lines(text, low, found)
    _user_password_at(text, found)
    _custom(text, extra_patterns, found)
    if not found:
        return []
    found.sort()
    merged = []
    cur_s, cur_p, cur_e, cur_k = found[0]
    for s, p, e, k in found[1:]:
        if s < cur_e:  # overlap: one span, kind of the most specific rule
            if e > cur_e:
                cur_e = e
            if p < cur_p:
                cur_p, cur_k = p, k
        else:
            merged.append((cur_k, cur_s, cur_e))
            cur_s, cur_p, cur_e, cur_k = s, p, e, k
    merged.append((cur_k, cur_s, cur_e))
    return merged


# Priorities when finds overlap (lower wins the kind): a provider's own token is the most
# specific, then the shapes, command lines, names, random values, the user's patterns.
_P_SHAPE = 1000
_P_COMMAND = 2000
_P_NAME = 3000
_P_RANDOM = 4000
_P_CUSTOM = 5000


def _add(found, text, s, e, prio, kind):
    if e > s and not _inside_marker(text, s):
        found.append((s, prio, e, kind))


def _inside_marker(text: str, at: int) -> bool:
    """`at` falls inside a `[REDACTED:kind]` marker (`https://[REDACTED:github_token]@host`
    must not read as user `[REDACTED`, password `github_token]`)."""
    # a marker is short: look back only that far, or many finds would each scan the whole text
    start = text.rfind("[REDACTED", max(0, at - 64), at + len("[REDACTED"))
    if start < 0:
        return False
    marker = _MARKER.match(text, start)
    return marker is not None and at < marker.end()


# ------------------------------------------------------------------- PREFIX rule


def _provider_index():
    index = _C.get("providers")
    if index is None:
        index = {}
        for prio, (kind, prefixes, pattern) in enumerate(PROVIDERS):
            item = (prio, kind, pattern)
            for prefix in prefixes:
                bucket = index.setdefault(prefix[:2], [])
                if item not in bucket:
                    bucket.append(item)
        _C["providers"] = index
    return index


def _provider_tokens(text, found):
    """PREFIX: a run of token characters that starts with a provider's prefix and has its shape."""
    index = _provider_index()
    for m in _c("run", TOKEN_RUN).finditer(text):
        s = m.start()
        bucket = index.get(text[s:s + 2])
        if bucket is None:
            continue
        for prio, kind, pattern in bucket:
            pm = _c("p" + str(prio), pattern).match(text, s)
            if pm is None:
                continue
            e = pm.end()
            if e < len(text) and (text[e].isalnum() or text[e] in "_-"):
                continue  # a longer run: not this provider's shape
            _add(found, text, s, e, prio, kind)
            break


# ------------------------------------------------------------------- shapes (TOKEN_RULES)


def _shaped(text, low, found):
    for i, rule in enumerate(TOKEN_RULES):
        for anchor in rule.anchors:
            if anchor in low:
                break
        else:
            continue
        rx = _c("r" + str(i), rule.pattern, rule.flags)
        has_value = "v" in rx.groupindex
        prio = _P_SHAPE + i
        for m in rx.finditer(text):
            if has_value:
                s, e = m.span("v")
                value = m.group("v")
                if _is_reference(value):  # $PASSWORD, ${{ secrets.X }}, <token>
                    continue
                if rule.kind == "cookie":
                    _cookie_values(text, s, e, prio, found)
                    continue
                if rule.judge is not None and not _JUDGES[rule.judge](value):
                    continue
            else:
                s, e = m.span()
                if rule.judge is not None and not _JUDGES[rule.judge](m.group()):
                    continue
            _add(found, text, s, e, prio, rule.kind)


def _cookie_values(text, s, e, prio, found):
    """`Cookie: a=1; sessionid=…`: the values of session-like cookies, or random-looking ones."""
    pos = s
    for part in text[s:e].split(";"):
        name, eq, value = part.partition("=")
        start = pos + len(name) + len(eq)
        pos += len(part) + 1
        value = value.strip()
        if not eq or not value:
            continue
        lead = text.find(value, start)
        name_low = name.strip().lower()
        if any(w in name_low for w in _COOKIE_WORDS) or _looks_random(value):
            if not _is_reference(value):
                _add(found, text, lead, lead + len(value), prio, "cookie")


_COOKIE_WORDS = ("sess", "sid", "auth", "token", "jwt", "remember", "login", "secret", "pass",
                 "csrf", "xsrf", "key", "user_session", "access", "refresh")  # fmt: skip


# ------------------------------------------------------------------- NAME rule


def _secret_word_hits(text, low):
    """Where a secret word starts (sorted): each is looked at as part of a name."""
    hits = [m.start() for m in _c("words", "|".join(NAME_TRIGGERS)).finditer(low)]
    return hits


def _name_words(name: str) -> list:
    """`DB_PASSWORD` -> [db, password]; `clientSecret` -> [client, secret]; `pgpassword` ->
    [pg, password]; only the last dotted part counts (`spring.datasource.password`)."""
    name = name.rsplit(".", 1)[-1]
    words = []
    for part in _c("parts", r"[^\W_]+").findall(name):
        if part.isupper() or part.islower() or not part.isascii():
            pieces = [part]
        else:
            pieces = _c("camel", r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+").findall(part) or [part]
        for piece in pieces:
            piece = piece.lower()
            if piece not in SECRET_WORDS and piece.endswith("pass") and piece[:-4] in _PASS_PREFIXES:
                words.append(piece[:-4])
                piece = "pass"  # storepass, keypass, dbpass (not bypass, compass)
            elif piece not in SECRET_WORDS:
                for word in _COMPOUND_ENDS:
                    if piece.endswith(word) and len(piece) - len(word) >= 2 and piece[:-len(word)].isalpha():
                        words.append(piece[:-len(word)])
                        piece = word
                        break
            words.append(piece)
    return words


_COMPOUND_ENDS = ("password", "passwd", "passphrase", "secret", "token", "apikey", "credentials",
                  "credential", "pwd")  # fmt: skip
_PASS_PREFIXES = frozenset(
    "store key src dest srcstore deststore srckey destkey new old db root admin user smtp mail "
    "ftp ks kp ssl trust vnc wifi sasl ldap bind proxy http auth master bot".split()
)
_VERDICTS: dict = {}


def name_verdict(name: str):
    """(kind, strength) when a value under `name` is a secret, else None (see privacy_rules)."""
    got = _VERDICTS.get(name, False)
    if got is not False:
        return got
    got = _judge_name(_name_words(name))
    if len(_VERDICTS) > 5000:
        _VERDICTS.clear()
    _VERDICTS[name] = got
    return got


def _judge_name(words):
    last = None
    for i in range(len(words) - 1, -1, -1):
        if words[i] in SECRET_WORDS:
            last = i
            break
    if last is None:
        return None
    for after in words[last + 1:]:
        if after not in AFTER_OK and not after.lstrip("v").isdigit():
            return None
    for earlier in words[:last]:
        if earlier in NOT_IN_NAME:
            return None  # is_password_set, HAVE_STRUCT_PASSWD, max_token_length
    word = words[last]
    kind, strength = SECRET_WORDS[word]
    before = words[last - 1] if last else None
    if before in NOT_BEFORE:
        return None
    if word == "key":
        if before is None or before in KEY_NOT_BEFORE:
            return (kind, WEAK)
        if before == "api":
            return ("api_key", STRONG)
        return (kind, STRONG if before in KEY_STRONG_BEFORE else MEDIUM)
    if before is not None and strength == MEDIUM and word in ("pass", "pw"):
        strength = STRONG  # DB_PASS, smtp_pw: a qualified word says what it is
    return (kind, strength)


# A separator after a name, and what may stand between (a closing quote or bracket, a type).
_SEP = (
    r"(?P<close>\\?[\"'])?(?:[ \t]*\])?(?P<pre>[ \t]*)"
    r"(?P<sep>:=|<-|=>|=(?![=~>])"
    r"|:[ \t]*[&*(\[a-z][\w&*<>\[\]., ?|:'()]{0,40}?[ \t]+=(?![=>~])"
    r"|:(?=[\s\"'\\])|\uff1a|\uff1d"
    r"|[ \t]+as[ \t]+[a-z_][\w.]*[ \t]*="
    r"|,(?=[ \t]*[\"'])|>(?=[^<\n]))"
    r"(?P<post>[ \t]*)"
)
# The value after a separator: an escaped-JSON string (\"v\"), a "string", a 'string', a
# triple-quoted string (lines), or a bare word (stops at whitespace, quotes, , ; and at the
# escapes \n \r \t \" of serialised text; in a URL query also at &).
_VALUE = (
    r"(?P<pfx>[bBrRuUfF]{1,2}(?=[\"']))?"
    r"(?:\"\"\"(?P<tq>[\s\S]{0,4000}?)\"\"\"|'''(?P<tsq>[\s\S]{0,4000}?)'''"
    r"|\\\"(?P<eq>[^\"\n]*?)\\\""
    r"|\"(?P<dq>[^\"\\\n]*(?:\\.[^\"\\\n]*)*)\""
    r"|'(?P<sq>[^'\n]*)'"
    r"|`(?P<bq>[^`\n]*)`"
    r"|[\"']?(?P<bare>(?:[^\s\"'`,;\\]|\\(?![nrt\"']))[^\s\"'`,;\\]*"
    r"(?:\\(?![nrt\"'])[^\s\"'`,;\\]*)*))"
)
_FLAG_VALUE = (
    r"[ \t]+(?:\"(?P<dq>[^\"\\\n]*(?:\\.[^\"\\\n]*)*)\"|'(?P<sq>[^'\n]*)'"
    r"|(?P<bare>[^\s\"'`\-][^\s\"'`]*))"
)
_BLOCK_SCALAR = frozenset(("|", "|-", "|+", ">", ">-", ">+"))


def _named_values(text, low, hits, found):
    """NAME: the value assigned to a name that says secret, in whatever syntax."""
    sep_rx = _c("sep", _SEP)
    value_rx = _c("value", _VALUE)
    n = len(text)
    done = -1
    for hit in hits:
        if hit < done:
            continue
        s = hit
        stop = max(0, hit - 80)
        while s > stop and (text[s - 1] in _NAME_CHARS or (text[s - 1] > "\x7f" and text[s - 1].isalnum())):
            s -= 1
        e = hit
        stop = min(n, hit + 80)
        while e < stop and (text[e] in _NAME_CHARS or (text[e] > "\x7f" and text[e].isalnum())):
            e += 1
        while s < hit and text[s] in ".-":
            s += 1  # --password: the dashes are the flag's, not the name's
        done = e
        name = text[s:e].rstrip(".-")
        if not name:
            continue
        verdict = name_verdict(name)
        if verdict is None:
            continue
        kind, strength = verdict
        before = text[s - 1] if s else ""
        if before and before in "?&" and strength < STRONG:
            strength = STRONG  # ?key=… &auth=…: a query parameter names a credential
        flag = before == "-" and (s < 2 or text[s - 2] in " \t-\"'=")
        m = sep_rx.match(low, e)
        if m is not None and not m.group("close") and "]" in low[e:m.start("pre")]:
            continue  # cache[token] = x: the name is a variable used as an index
        if m is not None:
            sep = m.group("sep")
            quoted = m.group("close")
            if sep == ",":
                if not quoted or s < 2 or text[s - 1] not in "\"'" or text[s - 2] not in "([{":
                    continue  # ("DB_PASSWORD", "value"): a name given as a call's first argument
                strength = min(strength, MEDIUM)  # ... but ('key', 'token', 'secret') is a list of words
            elif sep == ">":
                if before != "<":
                    continue
                close = text.find("<", m.end(), m.end() + 4000)
                if close > m.end() and text.startswith("</" + name + ">", close):
                    _judged(text, found, m.end(), close, kind, strength, name, "dq")
                continue
            done = max(done, _assigned(text, found, value_rx, m, kind, strength, name, e))
        elif flag:
            fm = _c("flagvalue", _FLAG_VALUE).match(text, e)
            if fm is not None:
                group = next(g for g in ("dq", "sq", "bare") if fm.group(g) is not None)
                vs, ve = fm.span(group)
                _judged(text, found, vs, ve, kind, strength, name, "cli" if group == "bare" else group)


def _assigned(text, found, value_rx, m, kind, strength, name, name_end):
    """Judge the value after name + separator `m`; returns where the value ends (the scan goes
    on from there, so a long run of `password=password=…` is read once)."""
    vm = value_rx.match(text, m.end())
    if vm is None:
        return m.end()
    _judge_assigned(text, found, vm, m, kind, strength, name, name_end)
    return vm.end()


def _judge_assigned(text, found, vm, m, kind, strength, name, name_end):
    for group in ("tq", "tsq", "eq", "dq", "sq", "bq", "bare"):
        value = vm.group(group)
        if value is not None:
            break
    else:  # pragma: no cover - the regex always sets one
        return
    s, e = vm.span(group)
    if group == "bare":
        if value in _BLOCK_SCALAR and m.group("sep") == ":":
            s, e = _block_scalar(text, e)
            if e > s:
                _judged(text, found, s, e, kind, strength, name, "block")
            return
        if _is_reference(value):  # before trimming: <your-token>
            return
        key_start = name_end - len(name)
        if key_start > 0 and text[key_start - 1] in "?&":  # (a character, never "")
            amp = value.find("&")  # ?access_token=abc&state=x
            if amp >= 0:
                e -= len(value) - amp
                value = value[:amp]
        if value and value[-1] in "=:" and text[e:e + 1] in ("\"", "'"):
            # `secret: API_KEY="v"`: the value is itself an assignment; its quoted part goes
            # too (a value is one line)
            close = text.find(text[e], e + 1, e + 4001)
            eol = text.find("\n", e, close if close >= 0 else e)
            if close >= 0 and eol < 0:
                e = close + 1
        stripped = text[s:e].rstrip(TRAILING)
        e = s + len(stripped)
        if e <= s:
            return
        sep = m.group("sep")
        if sep in (":", "\uff1a"):
            style = "colon"
        elif sep == "=" and not m.group("pre") and not m.group("post"):
            style = "loose"
        else:
            style = "spaced"
        if not _bare_is_literal(text, m, text[s:e], e, name, style, key_start):
            return
        if strength < STRONG and not _STRENGTH_TEST[strength](text[s:e]):
            return
        _add(found, text, s, e, _P_NAME, kind)
        return
    if group == "bq" and "${" in value:
        return  # a template literal: code
    if group in ("dq", "sq") and "{" in value and "f" in (vm.group("pfx") or "").lower():
        return  # an f-string: code
    _judged(text, found, s, e, kind, strength, name, group)


def _judged(text, found, s, e, kind, strength, name, style):
    value = text[s:e]
    if _is_reference(value) or _same_name(value, name):
        return
    if style in ("dq", "sq") and _c("regexish", r".*(?:\\[wdsWDSbB]|\[[^\]]+\][*+?{]|\[\^)").match(value):
        return  # a regular expression: TOKEN = "[a-zA-Z_][a-zA-Z0-9_-]*"
    if style in ("dq", "sq", "bq") and _c("expression", r"[\"'`]?[ \t]*(?:[+*%]|\.(?:format|join|encode|replace)\b)").match(text, e):
        return  # 'username:' + 'password' * 10, '{0}:{1}'.format(...): an expression
    if kind != "password" and value.count(" ") >= 3 and not any(ch.isdigit() for ch in value):
        return  # TOKEN_DATA: "template data / text": prose (a passphrase is a password's)
    if style == "cli":
        stripped = value.rstrip(TRAILING + ",;")
        e -= len(value) - len(stripped)
        value = stripped
        if not value or value.lower() in NOT_SECRET_WORDS or "(" in value or value[0] in "[<{":
            return
        if value.isalpha() and value.islower() and _c("prose", r"[ \t]+[a-z]{2,}\b(?![-=])").match(text, e):
            return  # "the --username and --password options": prose about a flag
    if strength < STRONG and not _STRENGTH_TEST[strength](value.strip()):
        return
    _add(found, text, s, e, _P_NAME, kind)


def _same_name(value, name):
    """`"challengePassword"` under CHALLENGE_PASSWORD: the value names its key."""
    v = value.strip().lower().replace("_", "").replace("-", "")
    return v == name.rsplit(".", 1)[-1].lower().replace("_", "").replace("-", "")


def _block_scalar(text, after):
    """The lines of a YAML block scalar (`password: |` then the value, indented, below), also
    in a diff, where each line starts with its `+`, `-` or space."""
    line_start = text.rfind("\n", 0, after) + 1
    marker = text[line_start] if text[line_start:line_start + 1] in ("+", "-") else ""
    head = text[line_start + len(marker):after]
    key_indent = len(head) - len(head.lstrip(" "))
    eol = text.find("\n", after)
    if eol < 0:
        return after, after
    pos = eol + 1
    start = end = None
    n = len(text)
    while pos < n:
        nxt = text.find("\n", pos)
        line_end = n if nxt < 0 else nxt
        line = text[pos:line_end]
        lead = len(marker) if marker and line.startswith(marker) else 0
        body = line[lead:]
        if body.strip():
            indent = len(body) - len(body.lstrip(" "))
            if indent <= key_indent:
                break
            if start is None:
                start = pos + lead + indent
            end = line_end
        if nxt < 0:
            break
        pos = nxt + 1
    if start is None:
        return after, after
    return start, end

def _credential_like(value: str) -> bool:
    """MEDIUM: a literal that could be a password: not a plain word, a number, a path or a URL."""
    v = value.strip()
    if len(v) < 6 or len(v) > 8192 or " " in v:
        return False
    if v.isdigit() or (v.isalpha() and (v.islower() or v.isupper() or v.istitle())):
        return False
    if v.startswith(("/", "./", "../", "~/", "http://", "https://", "file:")):
        return False
    if v.replace("_", "").replace("-", "").replace(".", "").isalpha():
        return False  # basic_auth, _TEST_VAR_, minLength, http.cookies: words of code
    if _c("dotted", _DOTTED).match(v) or _c("oid", r"[\d.]+\Z").match(v):
        return False  # self.headers.get, 1.3.6.1.5.5.7.3.2
    return True


def _looks_random(value: str) -> bool:
    """ENTROPY: long, of two character classes or more, its letters not words of code (a
    segment made of words, `AuthTokenProvider2`, `KEY_WOW64`, is not random), high Shannon
    entropy; never a hash, UUID, version, path, URL or base64-encoded text."""
    v = value.strip().strip(".-_~=,;:")
    n = len(v)
    if n < ENTROPY_MIN_CHARS or n > ENTROPY_MAX_CHARS:
        return False
    if v.startswith("/") or "://" in v or _c("notrandom", ENTROPY_NOT).fullmatch(v):
        return False
    digits = upper = lower = 0
    for ch in v:
        if ch.isdigit():
            digits += 1
        elif ch.isupper():
            upper += 1
        elif ch.islower():
            lower += 1
    if (digits > 0) + (upper > 0) + (lower > 0) < 2:
        return False
    odd = 0  # characters in segments that do not read as words of code
    for segment in _c("segment", r"[A-Za-z0-9]+").findall(v):
        if len(segment) >= 6 and not _wordish(segment):
            odd += len(segment)
    if odd < 12 or _base64_text(v):
        return False
    counts: dict = {}
    for ch in v:
        counts[ch] = counts.get(ch, 0) + 1
    from math import log2

    entropy = -sum(c / n * log2(c / n) for c in counts.values())
    return entropy >= min(3.8, log2(n) * 0.8)


def _wordish(segment: str) -> bool:
    """`AuthTokenProvider2`, `kSecImportExportPassphrase`, `CTestCRLF`, a commit hash: words."""
    if len(segment) >= 7 and not segment.isdigit() and _c("hex", r"[0-9a-fA-F]+").fullmatch(segment):
        return True
    pieces = _c("pieces", r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+").findall(segment)
    singles = numbers = 0
    for piece in pieces:
        if piece.isdigit():
            numbers += 1
            if len(piece) > 6:
                return False
        elif len(piece) == 1:
            singles += 1
    return singles <= 1 and numbers <= 2


def _base64_text(value: str) -> bool:
    """`value` is base64 of readable text (an encoded e-mail body, not a key)."""
    import binascii

    try:
        raw = binascii.a2b_base64(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        return False
    if len(raw) < 8:
        return False
    text = raw.decode("utf-8", "ignore")
    if len(raw) - len(text.encode("utf-8")) > 3:
        return False
    return sum(ch.isprintable() or ch in "\t\r\n" for ch in text) >= 0.95 * len(text)


_STRENGTH_TEST = {MEDIUM: _credential_like, WEAK: _looks_random}
def _key_body(block: str) -> bool:
    """Lines of base64 that may be a key's body: not a file's (an image, an archive, a
    translation catalogue, a signature) and not encoded text."""
    first = block.lstrip(" \t+-\n")
    if first.startswith(_FILE_MAGIC):
        return False
    return not _base64_text("".join(line.strip(" \t+-") for line in block.split("\n"))[:400])


# base64 of the first bytes of files that are not keys: PNG, JPEG, GIF, BMP, zip, gzip, PDF,
# gettext .mo, RIFF, ogg, mp3, a PGP signature
_FILE_MAGIC = ("iVBORw0KGgo", "/9j/", "R0lGOD", "Qk", "UEsDB", "H4sI", "JVBERi", "3hIElQ", "lQRiEt",
               "UklGR", "T2dnUw", "SUQz", "AAAA", "iQ", "iD8D", "iEY", "iHU")  # fmt: skip
def _token_like(value: str) -> bool:
    """After a scheme word (Bearer, token): not a word of prose or a name of code."""
    v = value.strip()
    if len(v) < 6 or (v.isalpha() and (v.islower() or v.istitle())):
        return False
    return not _c("dotted", _DOTTED).match(v)


_JUDGES = {"credential": _credential_like, "token": _token_like, "random": _looks_random, "key_body": _key_body}


# ------------------------------------------------------------------- ENTROPY rule


def _secret_word_at(text, hit):
    """The word at `hit` says secret (a name like api_key, or the word token), not `has` in
    `hash` or `pw` inside a random string."""
    s = e = hit
    while s > 0 and text[s - 1].isalpha():
        s -= 1
    while e < len(text) and text[e].isalpha():
        e += 1
    word = text[s:e].lower()
    if word in SECRET_WORDS or word in _ENTROPY_WORDS:
        return True
    verdict = name_verdict(text[s:e])
    return verdict is not None and verdict[1] > WEAK


_ENTROPY_WORDS = frozenset(("passwords", "secrets", "tokens", "keys", "apikey", "credentials",
                            "authorization", "authentication", "session", "sessions"))  # fmt: skip


def _random_values(text, low, hits, found):
    """ENTROPY: a random-looking value on a line that holds a secret word."""
    rx = _c("entropy", ENTROPY_RUN)
    seen = -1
    n = len(text)
    for hit in hits:
        if hit < seen:
            continue
        ls = low.rfind("\n", 0, hit) + 1
        le = low.find("\n", hit)
        if le < 0:
            le = n
        ls, le = max(ls, hit - 2000), min(le, hit + 2000)
        if rx.search(text, ls, le) is None or not _secret_word_at(text, hit):
            continue  # nothing long on the line, or `has` in `hash`: no candidate
        seen = le
        for m in rx.finditer(text, ls, le):
            s, e = m.span()
            if text[max(0, s - 7):s].lower() == "base64,":
                continue  # a data: URL (an image)
            token = m.group().rstrip(".-~")
            if _looks_random(token):
                _add(found, text, s, s + len(token), _P_RANDOM, "high_entropy")


# ------------------------------------------------------------------- POSITION rule


def _command_index():
    """COMMAND_LINE as (flag -> entries, trigger word -> entries), built on first use."""
    index = _C.get("commands")
    if index is None:
        flags, words = {}, {}
        for tools, sub, forms in COMMAND_LINE:
            tools = tuple(t.lower() for t in tools)
            for form in forms.split():
                if form[0] == "=":  # the word after a literal word: found by that word
                    trigger = form[1:].rstrip("0123456789").rstrip("*")
                    words.setdefault(trigger, []).append((tools, sub, form))
                elif form[0] == "#":  # a positional argument: found by the subcommand or tool
                    for trigger in (sub,) if sub else tools:
                        words.setdefault(trigger, []).append((tools, sub, form))
                else:
                    flag = form.rstrip("+_:%,~")
                    if form.endswith(":") and flag.startswith("/"):
                        flag, style = flag + ":", ":w"
                    else:
                        style = form[len(flag):] or "="
                    flags.setdefault(flag.lower(), []).append((tools, sub, style))
        index = _C["commands"] = (flags, words)
    return index


_SEGMENT_STOPS = ("\n", "|", ";", "&", "`", "$(")


def _segment(low, at):
    """Start and end of the command that holds position `at` (a line, a pipe stage)."""
    start = max(0, at - 400)
    for stop in _SEGMENT_STOPS:
        i = low.rfind(stop, start, at)
        if i >= 0:
            start = i + len(stop)
    end = min(len(low), at + 400)
    for stop in _SEGMENT_STOPS:
        i = low.find(stop, at, end)
        if i >= 0:
            end = i
    return start, end


def _tool_at(low, start, at, tools):
    """Where the last of `tools` stands as a command word in low[start:at], or -1."""
    best = -1
    for tool in tools:
        i = low.rfind(tool, start, at)
        while i > best:
            before = low[i - 1] if i else " "
            after = low[i + len(tool):i + len(tool) + 1]
            if not (before.isalnum() or before in "_-.") and after in ("", " ", "\t", "\"", "'", "."):
                best = i
                break
            i = low.rfind(tool, start, i)
    return best


def _words(text, start, end):
    """(word, start, end) of a command's words; quotes kept out of the span."""
    return [(m.group(m.lastindex), m.start(m.lastindex), m.end(m.lastindex))
            for m in _c("cmdwords", r"\"([^\"\n]*)\"|'([^'\n]*)'|([^\s\"']*\w[^\s\"']*)").finditer(text, start, end)]  # fmt: skip


def _command_lines(text, low, found):
    """POSITION: the argument a command-line tool takes a password in (COMMAND_LINE)."""
    flags, triggers = _command_index()
    for lead in (" -", "\t-", " /", "=-"):
        pos = low.find(lead)
        while pos >= 0:
            at = pos + 1
            pos = low.find(lead, at)
            fm = _c("flag", r"(?:--?|/)[a-z0-9][\w.-]*:?").match(low, at)
            if fm is None:
                continue
            token = fm.group()
            entries = []
            for key in {token if token.startswith("/") else token.rstrip(":"), token[:2], token[:3]}:
                entries += [(key, e) for e in flags.get(key, ())]
            if token[1:2] != "-" and len(token) <= 5:
                for ch in token[1:]:  # htpasswd -nb: the letter b inside a cluster
                    entries += [("-" + ch, e) for e in flags.get("-" + ch, ()) if e[2] == "~"]
            if not entries:
                continue
            seg_start, seg_end = _segment(low, at)
            for flag, (tools, sub, style) in entries:
                tool = _tool_at(low, seg_start, at, tools)
                if tool < 0 or (sub and low.find(" " + sub, tool, at) < 0):
                    continue
                span = _flag_value(text, low, at, fm.end(), flag, style, seg_end)
                if span is not None and not _is_reference(text[span[0]:span[1]]):
                    _add(found, text, span[0], span[1], _P_COMMAND, "password")
                    break
    for trigger, entries in triggers.items():
        pos = low.find(trigger)
        while pos >= 0:
            at = pos
            pos = low.find(trigger, at + 1)
            if at and (low[at - 1].isalnum() or low[at - 1] in "_-"):
                continue
            seg_start, seg_end = _segment(low, at)
            for tools, sub, form in entries:
                tool = _tool_at(low, seg_start, at + len(trigger), tools)
                if tool < 0:
                    continue
                span = _positional(text, low, tool, seg_end, sub, form)
                if span is not None and not _is_reference(text[span[0]:span[1]]):
                    _add(found, text, span[0], span[1], _P_COMMAND, "password")


def _flag_value(text, low, at, end, flag, style, seg_end):
    """The span of the value a flag at `at` (its text ends at `end`) carries, per `style`."""
    token_end = end
    while token_end < seg_end and not low[token_end].isspace() and low[token_end] not in "\"'":
        token_end += 1
    attached_start = at + len(flag)
    if style == ":w":  # Windows /p:VALUE
        return (attached_start, token_end) if token_end > attached_start else None
    if style == "~":  # htpasswd -b FILE USER PASSWORD: the command's last word
        words = _words(text, token_end, seg_end)
        if len(words) < 2:
            return None
        return words[-1][1], words[-1][2]
    attached = token_end > attached_start
    if attached and low[attached_start] == "=":
        attached_start += 1
    if style == "+":
        return (attached_start, token_end) if token_end > attached_start else None
    if attached and style in (":", "%", ","):
        s, e = attached_start, token_end
    elif attached and style == "=":
        return attached_start, token_end  # -pVALUE
    elif attached:
        return None  # -password-file: another flag
    else:
        nxt = _c("nextword", r"[ \t]+(?:\"([^\"\n]*)\"|'([^'\n]*)'|([^\s\"']+))").match(text, token_end)
        if nxt is None or nxt.group(nxt.lastindex).startswith("-"):
            return None
        s, e = nxt.span(nxt.lastindex)
    if style in (":", "%", ","):
        sep = text.find(style, s, e)
        if sep < 0:
            return None
        s = sep + 1
    return (s, e) if e > s else None


def _positional(text, low, tool, seg_end, sub, form):
    """The span of a positional argument (`#n`, `=word`) of the command whose tool is at `tool`."""
    words = _words(text, tool, min(seg_end, tool + 400))[1:]
    if sub:
        for j, (word, _ws, _we) in enumerate(words):
            if word.lower() == sub:
                words = words[j + 1:]
                break
        else:
            return None
    if form[0] == "=":
        target = form[1:].rstrip("0123456789")
        offset = int(form[len(target) + 1:] or 1)
        prefix = target.endswith("*")
        target = target.rstrip("*")
        for i, (word, _ws, _we) in enumerate(words):
            w = word.lower()
            if (w.startswith(target) if prefix else w == target) and i + offset < len(words):
                return words[i + offset][1], words[i + offset][2]
        return None
    args = [w for w in words if not w[0].startswith(("-", "/")) and "=" not in w[0]]
    slash = form.endswith("/")
    n = int(form[1:].rstrip("/"))
    if not args or n == 0 or abs(n) > len(args):
        return None
    _word, s, e = args[n - 1] if n > 0 else args[n]
    if slash:  # sqlplus USER/PASSWORD@DB
        cut = text.find("/", s, e)
        if cut < 0:
            return None
        at_sign = text.find("@", cut, e)
        s, e = cut + 1, at_sign if at_sign >= 0 else e
    return (s, e) if e > s else None


def _user_password_at(text, found):
    """POSITION: `user:password@host` without a scheme (impacket, proxies, rsync)."""
    pos = text.find("@")
    if pos < 0:
        return
    back = _c("userpass", r"(?<![\w.:@%+-])(?!(?:mailto|sips?|xmpp|tel|urn|news|data|git|docker|"
                          r"image|sha\d*)\b)[A-Za-z0-9_.%+-]{1,64}:([^\s:/@\"'<>]{3,128})\Z")  # fmt: skip
    host = _c("host", r"@(?:(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}|localhost|\d{1,3}(?:\.\d{1,3}){3})\b")
    while pos >= 0:
        at = pos
        pos = text.find("@", at + 1)
        if host.match(text, at) is None:
            continue
        m = back.search(text, max(0, at - 200), at)
        if m is not None and not _is_reference(m.group(1)):
            _add(found, text, m.start(1), m.end(1), _P_COMMAND, "password")


# ------------------------------------------------------------------- the user's patterns

_EXTRA_CACHE = {}


def _compile_extra(extra_patterns):
    """Compile the user's patterns; invalid ones (or non-strings) are skipped."""
    if not extra_patterns:
        return ()
    if isinstance(extra_patterns, (str, re.Pattern)):
        extra_patterns = (extra_patterns,)
    try:
        key = tuple(extra_patterns)
        hash(key)
    except TypeError:
        return ()
    got = _EXTRA_CACHE.get(key)
    if got is None:
        compiled = []
        for p in key:
            if isinstance(p, re.Pattern):
                compiled.append(p)
            elif isinstance(p, str) and p:
                try:
                    compiled.append(re.compile(p))
                except (re.error, ValueError, TypeError, OverflowError, RecursionError):
                    pass
        got = tuple(compiled)
        if len(_EXTRA_CACHE) > 64:
            _EXTRA_CACHE.clear()
        _EXTRA_CACHE[key] = got
    return got


def _custom(text, extra_patterns, found):
    for rx in _compile_extra(extra_patterns):
        use_group = rx.groups > 0
        try:
            for m in rx.finditer(text):
                if use_group and m.start(1) >= 0:
                    s, e = m.span(1)
                else:
                    s, e = m.span()
                _add(found, text, s, e, _P_CUSTOM, "custom")
        except (RecursionError, MemoryError):  # pragma: no cover - defensive
            continue


# ------------------------------------------------------------------- values: literal or code

_REFERENCE = (
    r"(?:\$[{(]|\{\{|\{%|<%|\[REDACTED\b|%\{|#\{)"
    r"|(?:\$[A-Za-z_][A-Za-z0-9_]*|\{[^{}\n]*\}|%[A-Za-z_][A-Za-z0-9_]*%"
    r"|(?:%(?:\([A-Za-z_][A-Za-z0-9_]*\))?[sdr]|[^A-Za-z0-9%{}])+|<[^<>]*>?|@[A-Za-z_]+@"
    r"|#[0-9a-fA-F]{3,8})\Z"
)
_DOTTED = r"[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+\Z"
_ENDS_WITH_SECRET_WORD = r"[A-Za-z0-9_.-]*?(?:" + "|".join(sorted({
    w for w in SECRET_WORDS if w.isascii()}, key=len, reverse=True)) + r")\Z"


def _is_reference(value):
    """A quoted or bare value that names a secret instead of holding one."""
    v = value.strip()
    if not v:
        return True
    if "{" in v or "%" in v:
        bare = _c("placeholders", r"\{[^{}\n]*\}|%(?:\([A-Za-z_]\w*\))?[sdr]").sub("", v)
        if not any(ch.isalnum() for ch in bare):
            return True  # '{0}:{1}', "%s:%s": a template
    if v.lower() in CONSTANTS:
        return True
    if len(v) >= 3 and set(v) <= PLACEHOLDER_CHARS:  # ****, xxxx, ...
        return True
    return _c("reference", _REFERENCE).match(v) is not None


def _looks_like_name(value):
    """`db_password`, `otherToken`, `API_TOKEN`: a variable; `MySuperSecret`, `MyToken`: a value."""
    if "_" in value or value[0].islower():
        return value.replace("_", "").replace("-", "").isalnum()
    return value.isupper()


def _bare_is_literal(text, m, value, vend, key, style, key_start):
    """Judge whether a bare (unquoted) value is a literal secret or code.

    A literal secret stands bare in an env file, INI, YAML, a header, a query string or on a
    command line; in code, a bare value is a name or an expression (`token = Name`,
    `f(token=tok)`, `self.token = nextchar`, `progress_token: ProgressToken`)."""
    if _is_reference(value):
        return False
    low = value.lower()
    if low in NOT_SECRET_WORDS or not any(ch.isalnum() for ch in value):
        return False
    if low == key.lower() or low == key.lower().lstrip("-") or low == key.rsplit(".", 1)[-1].lower():
        return False  # password=password (a keyword argument passed along)
    if "(" in value or "[" in value:
        return False  # get_token() / os.environ["X"] / getenv(...)
    if _c("dotted", _DOTTED).match(value):
        return False  # process.env.TOKEN, self.token, settings.SECRET_KEY
    if value.isdigit() and len(value) < 8:
        return False  # a count, an id, a port
    if "*" in value and style != "cli":
        return False  # token = 1*tchar: a grammar, a glob
    if value[0] == "#" and (m.group("post") or m.group("pre")):
        return False  # "password = # comment"
    if style in ("spaced", "colon") and _looks_like_name(value) and \
            _c("endsword", _ENDS_WITH_SECRET_WORD, re.IGNORECASE).match(value):
        return False  # token: otherToken / password = db_password (variables)
    if _c("ident", r"[A-Za-z_][A-Za-z0-9_]*\Z").match(value) and _code_context(text, value, key, style, key_start):
        return False
    eol = text.find("\n", vend, vend + 200)
    rest = text[vend:eol if eol >= 0 else vend + 200].lstrip(" \t")
    if style == "spaced":
        # `password = hunter2` (ini) is a literal; `token = await getToken()`
        # or `token = a + b` is code: literals end the line.
        return not rest or rest.startswith(("#", "//", ";", "\r", "\\n"))
    if style == "colon":
        # `token: Token = None` / `token: Foo | None` / `f(token: AuthToken)` are type
        # annotations; `password: Flag to say …` is prose: a value ends its line;
        # `Token: foreground,` is a name in a dict of code.
        if rest.startswith(",") and value.isidentifier() and not any(ch.isdigit() for ch in value):
            return False
        return not rest or rest.startswith(("#", "//", ";", ",", "}", "\r", "\\n", "'", '"'))
    return True


def _code_context(text, value, key, style, key_start):
    """A bare identifier after `key` is a name of code, not a value (see _bare_is_literal)."""
    if style == "cli":
        return False
    has_digit = any(ch.isdigit() for ch in value)
    if "_" in value.strip("_") or value.startswith("_"):
        return True  # db_password, KEY_PASSWORD, _token: variables and constants
    if value[0].isupper() and not value.isupper() and not has_digit:
        return True  # Name, Error, SecretStr, ProgressToken: classes and types
    if len(value) <= 3 and style != "loose":
        return True  # token = v, "token": i
    line_start = text.rfind("\n", 0, key_start) + 1
    head = text[line_start:key_start]
    before = head.rstrip(" \t")
    if key.startswith(("self.", "this.", "cls.", "@")) or before.endswith("("):
        return True  # self.token = nextchar, f(token=tok)
    if style == "loose" and head.count("(") > head.count(")"):
        return True  # f(user, token=tok): a keyword argument
    if style == "spaced" and before.endswith(","):
        return True  # user, password = auth: a tuple
    if style == "spaced" and (head[:1] in (" ", "\t") or not has_digit):
        return True  # `    token = result`: code in a body (an INI key starts its line)
    return False


def redact_secrets(text: str, extra_patterns=()) -> str:
    """Replace every secret :func:`find_secrets` reports with ``[REDACTED:<kind>]``."""
    spans = find_secrets(text, extra_patterns)
    if not spans:
        return text
    out = []
    pos = 0
    for kind, s, e in spans:
        out.append(text[pos:s])
        out.append("[REDACTED:" + kind + "]")
        pos = e
    out.append(text[pos:])
    return "".join(out)


# ---------------------------------------------------------------------------
# The one filter
# ---------------------------------------------------------------------------


def clean_text(text: str, extra_patterns=()) -> str:
    """strip_injected, then strip_private, then redact_secrets. Non-str passes through."""
    if not isinstance(text, str):
        return text
    text = _strip_blocks(text, ("memory-context", "system-reminder"))
    text = _strip_blocks(text, ("private",), hide_before_stray=True)
    return redact_secrets(text, extra_patterns)


def clean_value(value, extra_patterns=()):
    """A copy of a JSON value with :func:`clean_text` applied to every string value.

    Dict keys go through :func:`clean_text` too (two keys that clean to the same
    text stay apart, ``#2`` added); a list of two or more strings is cleaned as
    the one text its lines make (:func:`clean_lines`). A string under a key whose
    name ends in a
    secret word (``"password"``, ``"apiKey"``, ``"client_secret"``,
    ``"GITHUB_TOKEN"``; the same rule as ``key=value`` text) is replaced whole
    by ``[REDACTED:<kind>]`` unless it is empty or a reference (``$X``,
    ``<placeholder>``), because a parsed JSON string no longer carries its key.
    Lists (and tuples, which come back as lists) and dicts are copied; other
    values (numbers, None, bools) are returned as they are. The walk is
    iterative, so any nesting depth works, and a container met twice (or a
    cycle) maps to the same copy.
    """
    if isinstance(value, str):
        return clean_text(value, extra_patterns)
    if not isinstance(value, (dict, list, tuple)):
        return value
    return Cleaner(extra_patterns).value(value)


def clean_key(key, extra, taken):
    """A dict key through the filter too (an MCP input may use a token as a key)."""
    return Cleaner(extra).key(key, taken)


def clean_lines(lines, extra_patterns=()) -> list:
    """A list of strings cleaned as the one text they make together (a diff hunk's lines):
    a PEM block or a ``<private>`` block spread over several lines goes as a whole.

    The same number of lines comes back when the filter only replaced text within lines;
    a block removed across lines comes back as fewer lines."""
    return Cleaner(extra_patterns).lines(lines)


class Cleaner:
    """The one walk of the privacy filter over a JSON value (what :func:`clean_value` does).

    ``patterns`` are the user's ``secret_patterns``, compiled once for the Cleaner.  With
    ``memo``, each distinct string is cleaned once: a transcript repeats the same strings
    (paths, descriptions, patch lines; a Write's text is in its input and its result), and
    the filter's cost is per string.  Strings up to MEMO_MAX_CHARS are remembered for the
    Cleaner's life (at most MEMO_MAX_ITEMS), longer ones for one :meth:`value` call.  The
    answers are the same with or without memo.
    """

    MEMO_MAX_CHARS = 512
    MEMO_MAX_ITEMS = 100_000

    def __init__(self, patterns=(), memo: bool = False) -> None:
        self.extra = _compile_extra(patterns)
        self._memo = {} if memo else None
        self._long: dict = {}
        self._key_kinds: dict = {}

    def text(self, text):
        """:func:`clean_text` of one string (non-strings pass through)."""
        if not isinstance(text, str):
            return text
        memo = self._memo
        if memo is None:
            return clean_text(text, self.extra)
        table = memo if len(text) <= self.MEMO_MAX_CHARS else self._long
        got = table.get(text)
        if got is None:
            got = clean_text(text, self.extra)
            if table is memo and len(memo) >= self.MEMO_MAX_ITEMS:
                memo.clear()
            table[text] = got
        return got

    def lines(self, lines) -> list:
        """:func:`clean_lines`: the strings cleaned as the one text they make."""
        joined = "\n".join(lines)
        cleaned = self.text(joined)
        if cleaned == joined:
            return list(lines)
        return cleaned.split("\n")

    def key(self, key, taken):
        """:func:`clean_key`: a dict key cleaned, kept apart from the keys in ``taken``."""
        if not isinstance(key, str) or not key:
            return key
        cleaned = self.text(key)
        if cleaned == key:
            return key
        n = 2
        out = cleaned
        while out in taken:
            out = f"{cleaned}#{n}"
            n += 1
        return out

    def _secret_kind(self, key: str, value: str):
        """The kind `value` under this dict key is redacted as whole, or None: a parsed JSON
        string no longer carries its `"key": ` context, so the key's name decides (how sure
        it makes us: see store/privacy_rules.py)."""
        memo = self._key_kinds if self._memo is not None else None
        if memo is not None and key in memo:
            verdict = memo[key]
        else:  # a key that is text, not a name (`<a>…</a>`, `deploy --x=…`), names nothing
            named = _c("keyname", r"[^\s<>(){}\[\]\"']{1,100}\Z").match(key) is not None
            verdict = name_verdict(key) if named else None
            if memo is not None:
                memo[key] = verdict
        if verdict is None:
            return None
        kind, strength = verdict
        if strength < STRONG and not _STRENGTH_TEST[strength](value):
            return None
        return kind

    def value(self, value):
        """:func:`clean_value` of one JSON value."""
        if isinstance(value, str):
            return self.text(value)
        if not isinstance(value, (dict, list, tuple)):
            return value
        try:
            return self._walk(value)
        finally:
            self._long = {}

    def _walk(self, value):
        root = {} if isinstance(value, dict) else []
        copies = {id(value): root}
        stack = [(value, root)]
        keep = [value]  # keeps ids stable while we walk
        text = self.text

        def child(v):
            if isinstance(v, str):
                return text(v)
            if isinstance(v, (dict, list, tuple)):
                got = copies.get(id(v))
                if got is None:
                    got = {} if isinstance(v, dict) else []
                    copies[id(v)] = got
                    keep.append(v)
                    stack.append((v, got))
                return got
            return v

        while stack:
            src, dst = stack.pop()
            if isinstance(src, dict):
                for k, v in src.items():
                    out_key = self.key(k, dst)
                    if isinstance(v, str) and isinstance(k, str) and v and not _is_reference(v):
                        kind = self._secret_kind(k, v)
                        if kind is not None:
                            dst[out_key] = "[REDACTED:" + kind + "]"
                            continue
                    dst[out_key] = child(v)
            elif len(src) > 1 and all(isinstance(v, str) for v in src):
                dst.extend(self.lines(src))
            else:
                for v in src:
                    dst.append(child(v))
        return root
