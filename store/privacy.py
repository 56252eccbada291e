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
    ASSIGN,
    CLI,
    CONSTANTS,
    FOREIGN_PASSWORD_WORDS,
    KEY_ANCHORS,
    KEY_WORD,
    NOT_SECRET_WORDS,
    PLACEHOLDER_CHARS,
    TOKEN_RULES,
    TRAILING,
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
# Secrets
# ---------------------------------------------------------------------------


_ALL_ANCHORS = tuple(dict.fromkeys(a for rule in TOKEN_RULES for a in rule.anchors)) + KEY_ANCHORS
_COMPILED = None
_KEY_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
_DOTTED = None
_REFERENCE = None
_ENDS_WITH_KEY_WORD = None


def _compiled():
    global _COMPILED, _DOTTED, _REFERENCE, _ENDS_WITH_KEY_WORD
    if _COMPILED is None:
        # A rule is compiled the first time a text holds one of its anchors: a hook is
        # one process per event, and compiling all of them would cost it ~20 ms.
        rules = tuple((prio, rule.kind) for prio, rule in enumerate(TOKEN_RULES))
        n = len(rules)
        _DOTTED = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+\Z")
        # ${X} $(cmd) {{ tpl }} {% tag %} <%= erb %> [REDACTED:x] as prefixes;
        # $NAME {name} %s %(name)s <placeholder> as the whole value.
        _REFERENCE = re.compile(
            r"(?:\$[{(]|\{\{|\{%|<%|\[REDACTED\b)"
            r"|(?:\$[A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_.]*\}"
            r"|%(?:\([A-Za-z_][A-Za-z0-9_]*\))?[sdr]|<[^<>]*>?)\Z"
        )
        _ENDS_WITH_KEY_WORD = re.compile(
            r"[A-Za-z0-9_.-]*?(?P<kw>" + KEY_WORD + r")\Z", re.IGNORECASE | re.ASCII
        )
        _COMPILED = (rules, n, n + 1, n + 2)
    return _COMPILED


_RULE_RX: dict = {}


def _rule_rx(prio: int):
    rx = _RULE_RX.get(prio)
    if rx is None:
        rule = TOKEN_RULES[prio]
        rx = _RULE_RX[prio] = re.compile(rule.pattern, rule.flags | re.ASCII)
    return rx


def _keyed_rx():
    """The assignment and --flag rules, compiled on first use."""
    rx = _RULE_RX.get("keyed")
    if rx is None:
        rx = _RULE_RX["keyed"] = (re.compile(ASSIGN, re.IGNORECASE | re.ASCII),
                                  re.compile(CLI, re.IGNORECASE | re.ASCII))  # fmt: skip
    return rx


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


def _kind_for(word):
    w = word.lower()
    if w.startswith("pass") or w.startswith(FOREIGN_PASSWORD_WORDS):
        return "password"
    if w.startswith("api"):
        return "api_key"
    if w.endswith("token"):
        return "token"
    return "secret"


def _key_before(text, kw_start, kw):
    """The whole key name ending in ``kw`` (``DB_PASSWORD`` for ``PASSWORD``)."""
    i = kw_start
    stop = max(0, kw_start - 100)
    while i > stop and text[i - 1] in _KEY_CHARS:
        i -= 1
    return text[i:kw_start] + kw


def _is_reference(value):
    """A quoted or bare value that names a secret instead of holding one."""
    v = value.strip()
    if not v:
        return True
    if v.lower() in CONSTANTS:
        return True
    if len(v) >= 3 and set(v) <= PLACEHOLDER_CHARS:  # ****, xxxx, ...
        return True
    return _REFERENCE.match(v) is not None


def _looks_like_name(value):
    """`db_password`, `otherToken`, `API_TOKEN`: a variable; `MySuperSecret`, `MyToken`: a value."""
    if "_" in value or value[0].islower():
        return value.replace("_", "").replace("-", "").isalnum()
    return value.isupper()


def _bare_is_literal(text, m, value, vend, key, kw, style):
    """Judge whether a bare (unquoted) value is a literal secret or code."""
    if _is_reference(value):
        return False
    low = value.lower()
    if low in NOT_SECRET_WORDS:
        return False
    if low == key.lower() or low == kw.lower() or low == key.lower().lstrip("-"):
        return False  # password=password (a keyword argument passed along)
    if "(" in value or "[" in value:
        return False  # get_token() / os.environ["X"] / getenv(...)
    if _DOTTED.match(value):
        return False  # process.env.TOKEN, self.token, settings.SECRET_KEY
    if style in ("spaced", "colon") and _ENDS_WITH_KEY_WORD.match(value) and _looks_like_name(value):
        return False  # token: otherToken / password = db_password (variables)
    if style == "cli":
        return True
    eol = text.find("\n", vend)
    rest = text[vend:eol if eol >= 0 else len(text)].lstrip(" \t")
    if value[0] == "#" and (m.group("post") or m.group("pre")):
        return False  # "password = # comment"
    if style == "spaced":
        # `password = hunter2` (ini) is a literal; `token = await getToken()`
        # or `token = a + b` is code: literals end the line.
        return not rest or rest.startswith(("#", "//", ";", ",", "\r", "\\n"))
    if style == "colon":
        # `token: Token = None` / `token: Foo | None` / `f(token: AuthToken)` are type annotations.
        if rest.startswith((")", "]")) and _ENDS_WITH_KEY_WORD.match(value):
            return False
        return not rest.startswith(("=", "|"))
    return True


def find_secrets(text: str, extra_patterns=()) -> list:
    """``(kind, start, end)`` of every secret value :func:`redact_secrets` replaces.

    Spans are sorted and never overlap: overlapping finds are merged into one
    span that takes the kind of the most specific rule (a key found inside a
    ``Bearer`` header or an assignment is reported as that key's kind).
    """
    if not isinstance(text, str) or not text:
        return []
    lowered = text.lower()
    if not extra_patterns and not any(anchor in lowered for anchor in _ALL_ANCHORS):
        return []
    rules, assign_prio, cli_prio, custom_prio = _compiled()
    found = []  # (start, prio, end, kind)
    for prio, kind in rules:
        if not any(anchor in lowered for anchor in TOKEN_RULES[prio].anchors):
            continue
        rx = _rule_rx(prio)
        has_value = "v" in rx.groupindex
        for m in rx.finditer(text):
            if has_value:
                s, e = m.span("v")
                if _is_reference(m.group("v")):  # $PASSWORD, ${{ secrets.X }}, <token>
                    continue
            else:
                s, e = m.span()
            if e > s and not _inside_marker(text, s):  # already redacted
                found.append((s, prio, e, kind))

    keyed = any(anchor in lowered for anchor in KEY_ANCHORS)
    assign, cli = _keyed_rx() if keyed else (None, None)
    for prio, rx, style_of in ((assign_prio, assign, None), (cli_prio, cli, "cli")):
        if not keyed:
            break
        for m in rx.finditer(text):
            kw = m.group("kw")
            for group in ("eq", "dq", "sq", "bq", "bare"):
                value = m.group(group) if group in rx.groupindex else None
                if value is not None:
                    break
            else:  # pragma: no cover - the regex always sets one
                continue
            s, e = m.span(group)
            key = _key_before(text, m.start("kw"), kw)
            if group == "bare":
                if _is_reference(value):  # before trimming: <your-token>
                    continue
                key_start = m.start("kw") - (len(key) - len(kw))
                if key_start > 0 and text[key_start - 1] in "?&":
                    amp = value.find("&")  # ?access_token=abc&state=x
                    if amp >= 0:
                        e -= len(value) - amp
                        value = value[:amp]
                if value and value[-1] in "=:" and text[e:e + 1] in ("\"", "'"):
                    # `secret: API_KEY="v"`: the value is itself an assignment; its
                    # quoted part goes too (a value is one line)
                    close = text.find(text[e], e + 1, e + 4001)
                    eol = text.find("\n", e, close if close >= 0 else e)
                    if close >= 0 and eol < 0:
                        e = close + 1
                        value = text[s:e]
                stripped = value.rstrip(TRAILING)
                e -= len(value) - len(stripped)
                value = stripped
                if not value:
                    continue
                style = style_of
                if style is None:
                    sep = m.group("sep")
                    if sep in (":", "\uff1a"):
                        style = "colon"
                    elif sep == "=" and not m.group("pre") and not m.group("post"):
                        style = "loose"
                    else:
                        style = "spaced"
                if not _bare_is_literal(text, m, value, e, key, kw, style):
                    continue
            elif _is_reference(value) or value.lower() == key.lower():
                continue
            elif ("${" in value if group == "bq"
                  else "{" in value and "f" in (m.groupdict().get("pfx") or "").lower()):
                continue  # an f-string / template literal: code, not a literal
            found.append((s, prio, e, _kind_for(kw)))

    for rx in _compile_extra(extra_patterns):
        use_group = rx.groups > 0
        try:
            for m in rx.finditer(text):
                if use_group and m.start(1) >= 0:
                    s, e = m.span(1)
                else:
                    s, e = m.span()
                if e > s and not _inside_marker(text, s):
                    found.append((s, custom_prio, e, "custom"))
        except (RecursionError, MemoryError):  # pragma: no cover - defensive
            continue

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


_MARKER = re.compile(r"\[REDACTED(?::[a-z_]+)?\]")


def _inside_marker(text: str, at: int) -> bool:
    """`at` falls inside a `[REDACTED:kind]` marker (`https://[REDACTED:github_token]@host`
    must not read as user `[REDACTED`, password `github_token]`)."""
    # a marker is short: look back only that far, or many finds would each scan the whole text
    start = text.rfind("[REDACTED", max(0, at - 64), at + len("[REDACTED"))
    if start < 0:
        return False
    marker = _MARKER.match(text, start)
    return marker is not None and at < marker.end()


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
        _compiled()
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

    def _secret_kind(self, key: str):
        """The kind a string under this dict key is redacted as, or None (not secret-named)."""
        memo = self._key_kinds if self._memo is not None else None
        if memo is not None and key in memo:
            return memo[key]
        m = _ENDS_WITH_KEY_WORD.match(key)
        kind = _kind_for(m.group("kw")) if m is not None else None
        if memo is not None:
            memo[key] = kind
        return kind

    def value(self, value):
        """:func:`clean_value` of one JSON value."""
        if isinstance(value, str):
            return self.text(value)
        if not isinstance(value, (dict, list, tuple)):
            return value
        _compiled()  # (a Cleaner may come from another process, unpickled)
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
                        kind = self._secret_kind(k)
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
