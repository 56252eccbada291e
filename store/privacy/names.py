"""The NAME rule (a value assigned to a name that says secret, in any syntax) and the ENTROPY rule
(a random-looking value on a line with a secret word), for store/privacy.py.
"""
from __future__ import annotations

import re

from store.privacy import rules
from store.privacy.lexicon import (
    FUNCTION_WORDS,
    KEY_WORDS,
    MORE_NAME_TRIGGERS,
    MORE_SECRET_WORDS,
    QUALIFIED_ONLY,
)
from store.privacy.rules import (
    AFTER_OK,
    COMPOUND_ENDS,
    CONSTANTS,
    ENTROPY_RUN,
    ENTROPY_WORDS,
    KEY_ID_BEFORE,
    KEY_NOT_BEFORE,
    KEY_STRONG_BEFORE,
    MEDIUM,
    NAME_TRIGGERS,
    NOT_BEFORE,
    NOT_IN_NAME,
    NOT_SECRET_WORDS,
    PASS_PREFIXES,
    STRONG,
    TRAILING,
    WEAK,
)
from store.privacy.users import after_a_user
from store.privacy.values import (
    DOTTED,
    P_NAME,
    P_RANDOM,
    STRENGTH_TEST,
    VALUE_MEMOS,
    a_sentence,
    add_span,
    compiled,
    dotted_password,
    is_reference,
    leet_dotted,
    line_start_escaped_or_not,
    looks_random,
    remember,
)

SECRET_WORDS = {**rules.SECRET_WORDS, **MORE_SECRET_WORDS}
# The ASCII characters of a name (`[A-Za-z0-9_.-]`): as a string for `rstrip`/`lstrip` at C speed,
# and as a set.
NAME_CHARS_TEXT = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-"
NAME_CHARS = frozenset(NAME_CHARS_TEXT)


def secret_word_hits(anchors):
    """Where a secret word starts (sorted, each once): each is looked at as part of a name.  (The
    places of each word, sorted already, are sorted together and made unique in their order: half
    the CPU of a set's inserts and a sort of it, ~5 -> 2.5 ms for the ~34,000 places of a MB dense
    with secrets.)"""
    places = sorted([at for trigger in NAME_TRIGGERS + MORE_NAME_TRIGGERS if trigger in anchors.present
                     for at in (anchors.at(trigger) if trigger != "cookie" else _constant_cookies(anchors))])
    return list(dict.fromkeys(places))


def _constant_cookies(anchors):
    """The places of `cookie` that end a constant's name (`RELEASE_COOKIE`, `erlang_cookie`: a
    letter or digit, `_`, then the word), the only names its word makes secret (name_verdict): the
    `cookie`s of a module of cookies, a header's or `document.cookie`, were each read as a name by
    every finder of names (~3 % of a MB of such modules)."""
    low = anchors.low
    return [at for at in anchors.at("cookie") if at > 1 and low[at - 1] == "_" and low[at - 2].isalnum()]


def _name_words(name: str) -> list:
    """`DB_PASSWORD` -> [db, password]; `clientSecret` -> [client, secret]; `pgpassword` ->
    [pg, password]; only the last dotted part counts (`spring.datasource.password`)."""
    name = name.rsplit(".", 1)[-1]
    words = []
    for part in compiled("parts", r"[^\W_]+").findall(name):
        if part.isupper() or part.islower() or not part.isascii():
            pieces = [part]
        else:
            pieces = compiled("camel", r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+").findall(part) or [part]
        for piece in pieces:
            piece = piece.lower()
            if piece not in SECRET_WORDS and piece.endswith("pass") and piece[:-4] in PASS_PREFIXES:
                words.append(piece[:-4])
                piece = "pass"  # storepass, keypass, dbpass (not bypass, compass)
            elif piece not in SECRET_WORDS and piece.endswith(COMPOUND_ENDS):  # (one C test for most pieces)
                for word in COMPOUND_ENDS:
                    if piece.endswith(word) and len(piece) - len(word) >= 2 and piece[:-len(word)].isalpha():
                        words.append(piece[:-len(word)])
                        piece = word
                        break
            words.append(piece)
    return words






_VERDICTS: dict = {}


def name_verdict(name: str):
    """(kind, strength) when a value under `name` is a secret, else None (see store/privacy/rules.py)."""
    got = _VERDICTS.get(name, False)
    if got is not False:
        return got
    # the names of this text too (values.VALUE_MEMOS, emptied after a long text): a text of more than 5,000 names
    # empties _VERDICTS as it goes, and each name is judged by two finders or more
    got = _TEXT_VERDICTS.get(name, False)
    if got is False:
        got = _judge_name(_name_words(name))
        if got is not None and got[0] == "cookie" and not compiled("cookie-constant", r"(?i)[a-z0-9]_cookie\Z").search(name):
            # a cookie's secret in a constant's name (Erlang's RELEASE_COOKIE, erlang_cookie), not a
            # header's `Cookie`/`Set-Cookie` nor `document.cookie`: a list of cookies (the cookie finder's)
            got = None
        got = remember(_TEXT_VERDICTS, name, got)
    if len(_VERDICTS) > 5000:
        _VERDICTS.clear()
    _VERDICTS[name] = got
    return got


_TEXT_VERDICTS: dict = {}
VALUE_MEMOS.append(_TEXT_VERDICTS)


def _judge_name(words):
    last = None
    for i in range(len(words) - 1, -1, -1):
        if words[i] in SECRET_WORDS:
            last = i
            break
    if last is None:
        return None
    if words[last] == "key" and words[last + 1:last + 2] == ["material"]:
        return ("secret", STRONG)  # keyMaterial, key_material: what a key is made of (a Wi-Fi profile's PSK)
    for after in words[last + 1:]:
        if after not in AFTER_OK and not after.lstrip("v").isdigit():
            return None
    for earlier in words[:last]:
        if earlier in NOT_IN_NAME:
            return None  # is_password_set, HAVE_STRUCT_PASSWD, max_token_length
    word = words[last]
    kind, strength = SECRET_WORDS[word]
    before = words[last - 1] if last else None
    if before in NOT_BEFORE or (before is None and word in QUALIFIED_ONLY):
        return None
    if word == "key":
        if before in KEY_ID_BEFORE:
            return None
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
    r"(?P<close>\\?[\"'])?(?:[ \t]*\]|\[\d{0,4}\])?(?P<pre>[ \t]*)"
    r"(?P<sep>:=|<-|=>|=(?![=~>])|\|\|=|\?\?=|&&="
    r"|:[ \t]*[&*(\[a-z][\w&*<>\[\]., ?|:'()]{0,40}?[ \t]+=(?![=>~])"
    r"|:(?:\*\*?|__?)?(?=[\s\"'\\])|\uff1a|\uff1d"
    r"|[ \t]as[ \t]+[a-z_][\w.]*[ \t]*="
    r"|\{[ \t]*get;[ \t]*(?:(?:private[ \t]+|protected[ \t]+|internal[ \t]+)?(?:set|init);[ \t]*)?\}[ \t]*=(?![=>])"
    r"|,(?=[ \t]*[\"'])|>(?=[^<\n]|<!\[cdata\[))"
    r"(?P<post>[ \t]*)"
)


# The value after a separator: an escaped-JSON string (\"v\"), a "string" (or one cut off at the
# line's or text's end after an escape in it: `"Xk9\"vL` is not the bare `Xk9`), a 'string', a
# triple-quoted string (lines), or a bare word (stops at whitespace, quotes, , ; and at the
# escapes \n \r \t \" of serialised text; in a URL query also at &).
_VALUE = (
    r"(?P<pfx>[bBrRuUfF]{1,2}(?=[\"']))?"
    r"(?:\"\"\"(?P<tq>[\s\S]{0,4000}?)\"\"\"|'''(?P<tsq>[\s\S]{0,4000}?)'''"
    r"|\\\"(?P<eq>[^\"\n]*?)\\\""
    r"|\"(?P<dq>[^\"\\\n]*(?:\\.[^\"\\\n]*)*)\""
    r"|\"(?P<dqcut>[^\"\\\n]*(?:\\.[^\"\\\n]*)+)(?=\r?\n|\Z)"
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


def named_values(text, low, hits, found):
    """NAME: the value assigned to a name that says secret, in whatever syntax."""
    _named_values(text, low, hits, found, _Line(text))


def _named_values(text, low, hits, found, line):
    """(`line`: the facts of the line of the last name judged, this call's own: they are read on
    from name to name along a line, and two calls at once, in two threads, share none.)"""
    n = len(text)
    done = -1
    # the name's end: its ASCII characters by a set the engine reads as a table (~20 % less than
    # `[\w.-]`, measured on the ~34,000 hits of a MB dense with secrets), then `[\w.-]` on from
    # a character beyond ASCII (looked up once, not at each hit)
    ahead = compiled("name-ahead-ascii", r"[A-Za-z0-9_.-]*").match
    ahead_any = compiled("name-ahead", r"[\w.-]*").match
    sep_at = value_at = None  # compiled when a name says secret
    name_chars = NAME_CHARS
    verdicts = _VERDICTS.get  # (name_verdict's first look, without its call: ~30,000 names a MB)
    for hit in hits:
        if hit < done:
            continue
        s = hit
        if s and ((c := text[s - 1]) in name_chars or (c > "\x7f" and c.isalnum())):
            # (`[\w.-]`: NAME_CHARS and the letters and digits beyond ASCII; the ASCII ones
            # stripped at C speed, ~30 % of the names' reading on the pytest --co MB)
            stop = hit - 80 if hit > 80 else 0
            s = stop + len(text[stop:hit].rstrip(NAME_CHARS_TEXT))
            while s > stop and (c := text[s - 1]) > "\x7f" and c.isalnum():
                s -= 1
                while s > stop and ((c := text[s - 1]) in name_chars or (c > "\x7f" and c.isalnum())):
                    s -= 1
            while s < hit and text[s] in ".-":
                s += 1  # --password: the dashes are the flag's, not the name's
            if s < hit and s and text[s - 1] == "\\" and text[s] in "nrt":
                s += 1  # printf 'user=app\npassword=…': the escape's letter is not the name's
        stop = hit + 80 if hit + 80 < n else n
        e = ahead(text, hit, stop).end()
        if e < stop and text[e] > "\x7f":
            e = ahead_any(text, e, stop).end()
        done = e
        name = text[s:e].rstrip(".-")
        if not name:
            continue
        verdict = verdicts(name, False)
        if verdict is False:
            verdict = name_verdict(name)
        if verdict is None:
            continue
        kind, strength = verdict
        if name == "PASS" and _a_test_runners_status(text, s, e):
            continue
        before = text[s - 1] if s else ""
        if before and (before in "?&" or (before in "#;" and _url_parameter(text, s))) and strength < STRONG:
            strength = STRONG  # ?key=… &auth=…: a query parameter names a credential
        if sep_at is None:
            sep_at = compiled("sep", _SEP).match
            value_at = compiled("value", _VALUE).match
        c = low[e] if e < n else ""
        p = e
        if c == " " or c == "\t":
            p += 1
            while p < n and low[p] in " \t":
                p += 1
        if p + 1 < n and low[p] == "=" and low[p + 1] not in "=~>":
            # a bare `=`, spaces before it or not, what _SEP matches there, read without it: the
            # spaces after it (~60 % of the separators of a MB dense with secrets)
            sep_end = p + 1
            while sep_end < n and low[sep_end] in " \t":
                sep_end += 1
            end = _after_separator(text, found, sep_end, sep_end > e + 1, "=", None, s, e, before, name, kind,
                                   strength, value_at, line)
        elif c == "\\" and low[e + 1:e + 2] == "=" and low[e + 2:e + 3] not in ("=", "~", ">"):
            # `PGPASSWORD\=X`, `password\=X`: an `=` escaped (a shell's history, a properties file's
            # key, text escaped once more), the same separator
            end = _after_separator(text, found, e + 2, False, "=", None, s, e, before, name, kind, strength,
                                   value_at, line)
        elif (c == ":" or c == "\"" or c == "'") and (colon := _plain_colon(low, e, n)) is not None:
            end = _after_separator(text, found, colon[1], True, ":", colon[0], s, e, before, name, kind,
                                   strength, value_at, line)
        else:
            m = sep_at(low, e) if e < n and _may_separate(low, e, n) else None  # a separator is one character or more
            if m is None:
                # (what _without_separator reads: a colon, a block's `{`, a flag's dash before the name)
                c = text[e] if e < n else ""
                if c == ":" or before == "-" or (c and c in " \t{" and (c == "{" or text[e + 1:e + 2] in ("{", " ", "\t"))):
                    _without_separator(text, found, s, e, before, name, kind, strength)
                continue
            close, pre, sep, post = m.groups()  # (one call, not one a group)
            if not close and m.start(2) > e and "]" in low[e:m.start(2)] and low[e] != "[":
                continue  # cache[token] = x: the name is a variable used as an index
            end = _after_separator(text, found, m.end(), bool(pre or post), sep, close, s, e, before, name, kind,
                                   strength, value_at, line)
        if end is not None and end > done:
            done = end


def _a_test_runners_status(text, s, e):
    """`PASS` as a test runner's status word at the start of its report line, whatever the runner:
    after Go's mark (`--- PASS: TestX/case (0.00s)`), or before a test's name and its elapsed time
    (`PASS: suite/case_2 (12 ms)`): the name of a test, not a password."""
    lead = text[line_start_escaped_or_not(text, s):s].strip(" \t")
    if lead.startswith("---") and not lead.strip("- \t"):
        return True
    if lead and lead[-1] >= "\u2000" and not lead.strip("- \t*").isalnum():
        return True  # `\u2705 PASS: name`: a status mark (a check mark, an emoji) before it says a result
    if lead.strip("[#*>\u2713\u2714"):
        return False
    end = text.find("\n", e)
    escaped = text.find("\\n", e, end if end >= 0 else len(text))
    end = escaped if escaped >= 0 else end
    report = compiled("test-runner-report", r"[: \t][ \t]*\S+[ \t]+\(\d+(?:\.\d+)?[ \t]*(?:s|ms|sec)\)[ \t]*\r?\Z")
    return report.match(text[e:end if end >= 0 else len(text)]) is not None


# What may start a match of _SEP: a closing quote or its escape, an index's `[` or `]`, spaces,
# the first character of a separator; and after spaces, a separator's or `]` (`as`: `x as T =`).
_SEP_FIRST = frozenset("\\\"'[] \t:<=|?&\uff1a\uff1d{,>")
_SEP_AFTER_SPACE = frozenset("]:<=|?&\uff1a\uff1d{,>a \t")
_SEP_AFTER_QUOTE = frozenset(" \t[]:<=|?&\uff1a\uff1d{,>")
_SEP_AFTER_BRACKET = frozenset(" \t:<=|?&\uff1a\uff1d{,>")


_TYPE_FIRST = frozenset("&*([abcdefghijklmnopqrstuvwxyz")  # (what starts a type in _SEP: `token: str = …`)


def _plain_colon(low, e, n):
    """(the closing quote or None, the end) of what _SEP matches at `e` where it is a colon alone,
    a quote maybe before it, then spaces and a value no type's name starts (`password: "X"`,
    `"token": 'X'`, `key: |`), read without the pattern; None where the pattern must say."""
    k = e if low[e] == ":" else e + 1
    if k + 1 >= n or low[k] != ":" or (low[k + 1] != " " and low[k + 1] != "\t"):
        return None
    q = k + 2
    while q < n and low[q] in " \t":
        q += 1
    if q >= n or low[q] in _TYPE_FIRST:
        return None
    return (low[e] if k > e else None), q


def _may_separate(low, e, n):
    """_SEP may match at `e` (< n): read by its first characters, a test that rejects most names
    a separator does not follow (`the session when`) before the pattern is tried.  (A space, then
    a character that follows none of _SEP's spaces, answers no; a run of spaces, the pattern.)"""
    c = low[e]
    if c not in _SEP_FIRST:
        return False
    if c == " " or c == "\t":
        return e + 1 < n and low[e + 1] in _SEP_AFTER_SPACE
    if c == "\"" or c == "'":  # a closing quote, then an index's bracket, spaces or a separator
        return e + 1 < n and low[e + 1] in _SEP_AFTER_QUOTE
    if c == ",":  # `, "value"`
        return e + 1 < n and low[e + 1] in " \t\"'"
    if c == "\\":  # an escaped closing quote
        return e + 1 < n and low[e + 1] in "\"'"
    if c == "]":  # an index's end, then spaces or a separator (`test_x[password]`: a test's id, most often)
        return e + 1 < n and low[e + 1] in _SEP_AFTER_BRACKET
    if c == "[":  # an index, `[0]` or `[]`
        return e + 1 < n and (low[e + 1] == "]" or low[e + 1].isdecimal())
    return True


def _after_separator(text, found, sep_end, spaced, sep, quoted, s, e, before, name, kind, strength, value_at, line):
    """The value after a secret's name at text[s:e] and its separator (_SEP's groups `sep` and
    `close` as `quoted`, ending at `sep_end`; `spaced`: spaces before or after it), judged;
    where it ends (None: no value there, or judged already).  (`value_at`: _VALUE's match;
    `line`: named_values's _Line.)"""
    if not quoted and before in "\"'" and before and text[sep_end:sep_end + 1] == before:
        return None  # expect "password:"; send ...: the string that holds the name ends there
    if sep == "," and not quoted and name.isupper() and "_" in name and before in (" ", "\t", "(", ",") \
            and text[s - 2:s] != "\"," and (s < 2 or text[s - 2] != "'"):
        # setopt($ch, CURLOPT_PASSWORD, "X"): a constant names the option the next argument sets
        strength = min(strength, MEDIUM)
    elif sep == ",":
        if quoted and s >= 3 and text[s - 1] in "\"'" and text[s - 3:s - 1] == ", ":
            # buildConfigField "String", "DB_SECRET", "X" / hset("creds", "password", "X"): a
            # name in a later argument, the value it sets after it, the call's last (in a
            # list of words, `'AES_KEY', 'PKCS7_ISSUER'`, more follow)
            if compiled("last-argument", r"[ \t]*(?:\"(?:[^\"\\\n]|\\.)*\"|'[^'\n]*')[ \t]*(?:\)|;|\r?\n|\Z)").match(
                    text, sep_end) is None:
                return None
            strength = min(strength, MEDIUM)
        elif not quoted or s < 2 or text[s - 1] not in "\"'" or text[s - 2] not in "([{":
            return None  # ("DB_PASSWORD", "value"): a name given as a call's first argument
        else:
            strength = min(strength, MEDIUM)  # ... but ('key', 'token', 'secret') is a list of words
    elif sep == ">":
        if before != "<":
            return None
        start = sep_end
        if text.startswith("<![CDATA[", start):  # <password><![CDATA[X]]></password>
            start += 9
            close = text.find("]]>", start, start + 4000)
            if close > start and text.startswith("</" + name + ">", close + 3):
                _judged(text, found, start, close, kind, strength, name, "dq")
            return None
        close = text.find("<", start, start + 4000)
        if close > start and text.startswith("</" + name + ">", close):
            _judged(text, found, start, close, kind, strength, name, "dq")
        return None
    # the value after the separator, judged; the scan goes on from its end (a long run of
    # `password=password=…` is read once)
    if text.startswith("0x", sep_end):
        sep_end = _past_a_pointer(text, sep_end)
    vm = value_at(text, sep_end)
    if vm is None:
        return sep_end
    _judge_assigned(text, found, vm, spaced, sep, kind, strength, name, e, line)
    return vm.end()


def _past_a_pointer(text, at):
    """Where the value starts after gdb's display of a `char *` (`password=0x55d1c0a2b3c4 "X"`):
    at the string the pointer points to (the address is not the value); `at` otherwise."""
    m = compiled("pointer-display", r"0x[0-9a-f]{4,16} (?=\")").match(text, at)
    return at if m is None else m.end()


def _without_separator(text, found, s, e, before, name, kind, strength):
    """The value of a secret's name at text[s:e] that no separator follows: a header's after its
    colon, a Windows switch's, a flag's next word."""
    n = len(text)
    flag = before == "-" and (s < 2 or text[s - 2] in " \t-\"'=")
    if e < n and text[e] == ":" and "-" in name and compiled("header-value", r":[^\s\"'`/:,;]").match(text, e):
        # X-API-Key:VALUE, as httpie and curl -H take a header: the value after the colon
        hv = compiled("header-bare", r"[^\s\"'`,;]{1,512}").match(text, e + 1)
        _judged(text, found, hv.start(), hv.end(), kind, strength, name, "cli")
    elif e < n and text[e] == ":" and before == "/" and (s < 2 or text[s - 2] in " \t\"'"):
        # a Windows switch, `/password:X`, `/pass:X` (cmdkey, wmic, xfreerdp, msbuild, any tool)
        sv = compiled("switch-value", r":(?:\"([^\"\n]{1,256})\"|([^\s\"'`/]{1,256}))").match(text, e)
        if sv is not None:
            g = 1 if sv.group(1) is not None else 2
            _judged(text, found, sv.start(g), sv.end(g), kind, strength, name, "cli" if g == 2 else "dq")
    elif e < n and text[e] in " \t{" and (text[e] == "{" or text[e + 1:e + 2] in ("{", " ", "\t")) and (bm := compiled("block-literal", r"[ \t]*\{[ \t]*([\"'])([^\"'\n]{1,256})\1[ \t]*\}").match(text, e)):
        # a block that returns a literal stands as the name's value (FactoryBot's `password { 'X' }`)
        _judged(text, found, bm.start(2), bm.end(2), kind, strength, name, "dq" if bm.group(1) == '"' else "sq")
    elif flag:
        fm = compiled("flagvalue", _FLAG_VALUE).match(text, e)
        if fm is not None:
            group = next(g for g in ("dq", "sq", "bare") if fm.group(g) is not None)
            vs, ve = fm.span(group)
            _judged(text, found, vs, ve, kind, strength, name, "cli" if group == "bare" else group)


_VALUE_GROUPS = frozenset(("tq", "tsq", "eq", "dq", "dqcut", "sq", "bq", "bare"))


def _judge_assigned(text, found, vm, spaced, sep, kind, strength, name, name_end, line):
    # the value's group is the one that closed last (_VALUE's alternatives hold no group inside
    # and nothing follows them): one call, not one per group tried
    group = vm.lastgroup
    if group not in _VALUE_GROUPS:  # pragma: no cover - the regex always sets one
        return
    value = vm.group(group)
    s, e = vm.span(group)
    if group == "bare" and sep[0] == "{":
        return  # C#'s `{ get; set; } = default!`: a bare value of code (its literals are quoted)
    if group == "bare":
        if value in _BLOCK_SCALAR and sep == ":":
            s, e = _block_scalar(text, e)
            if e > s:
                _judged(text, found, s, e, kind, strength, name, "block")
            return
        if is_reference(value):  # before trimming: <your-token>
            return
        read = value  # (judged no reference: trimmed the same, not judged again)
        key_start = name_end - len(name)
        if key_start > 0 and text[key_start - 1] in "?&#;" and (url := _url_parameter(text, key_start)):
            # ?access_token=abc&state=x, a Markdown link's or badge's `?token=abc)](https://…)`: a query's
            # value ends at its next pair or the URL's closing mark (not at a `#`: a password typed
            # with one, `?password=Pw3e#7&page=2`, would leave its tail; a fragment is no secret but short);
            # a path segment's parameter (`/dl;token=X/file`) at the segment's end too
            amp = (compiled("query-value-end", r"[&)\]>]") if url == "query" else
                   compiled("segment-value-end", r"[&)\]>/;?]")).search(value)
            if amp is not None:
                e -= len(value) - amp.start()
                value = value[:amp.start()]
        if value[-1:] == ">" and "</" in value and (tag := compiled("closing-tag", r"</[A-Za-z][\w:.-]*>\Z").search(value)):
            # `password: X</user_request>`, `token: X</p>`: an element's closing tag ends the value in it
            e -= len(value) - tag.start()
            value = value[:tag.start()]
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
        if sep in (":", "\uff1a"):
            style = "colon"
        elif sep == "=" and not spaced:
            style = "loose"
        else:
            style = "spaced"
        if (stripped != read and is_reference(stripped)) or \
                not _bare_is_literal(text, line, spaced, stripped, e, name, style, key_start):
            return
        if name[0] in "cC" and name.lower() in ("creds", "credentials", "credential") and compiled("pair-rest", r"[ \t]*/[ \t]*\S").match(text, e):
            return  # `creds: root / X`: the user of a pair (candidates.user_and_password takes X)
        if strength < STRONG and not STRENGTH_TEST[strength](stripped):
            return
        if stripped.isalpha() and _a_stand_in_or_a_type(text, e, kind, stripped):
            return
        if (stripped[0].islower() and _a_plural_names_setting(name, stripped)) or _names_last_word(stripped, name):
            return
        add_span(found, text, s, e, P_NAME, kind)
        return
    if group == "bq" and ("${" in value or (sep == "=" and not spaced)):
        return  # a template literal: code; TOKEN=`gh auth token`: a shell's command substitution (what it prints is)
    if group == "dqcut":
        group = "dq"
    if group in ("dq", "sq") and "{" in value and "f" in (vm.group("pfx") or "").lower():
        return  # an f-string: code
    _judged(text, found, s, e, kind, strength, name, group)


def _judged(text, found, s, e, kind, strength, name, style):
    value = text[s:e]
    if style in ("dq", "sq") and len(value) > 4 and value.startswith(("\\\"", "\\'")) and value.endswith(value[:2]):
        s, e = s + 2, e - 2  # "\"X\"" (Gradle's buildConfigField): the string's quotes are not the value's
        value = text[s:e]
    if is_reference(value) or _same_name(value, name) or _names_last_word(value, name):
        return
    if style in ("dq", "sq") and ("\\" in value or "[" in value) and \
            compiled("regexish", r".*(?:\\[wdsWDSbB]|\[[^\]]+\][*+?{]|\[\^|\(\?[:=!])").match(value):
        return  # a regular expression: TOKEN = "[a-zA-Z_][a-zA-Z0-9_-]*", a password's rule "(?=.*[A-Z]).{12,}"
    after = e + 1 if text[e:e + 1] in _QUOTES else e
    if style in ("dq", "sq", "bq") and text[after:after + 1] in _EXPRESSION_FIRST and \
            compiled("expression", r"[\"'`]?[ \t]*(?:[+*%]|\.(?:format|join|encode|replace)\b)").match(text, e):
        return  # 'username:' + 'password' * 10, '{0}:{1}'.format(...): an expression
    if " " in value and value.count(" ") >= 3:  # (most values hold no space: one test)
        if kind != "password" and not any(ch.isdigit() for ch in value):
            return  # TOKEN_DATA: "template data / text": prose (a passphrase is a password's)
        if "phrase" not in name.lower() and a_sentence(value):
            return  # 'Log in as qa@example.com / X', 'my password manager is 1Password': a sentence quoted
    if style == "cli":
        stripped = value.rstrip(TRAILING + ",;")
        e -= len(value) - len(stripped)
        value = stripped
        if not value or value.lower() in NOT_SECRET_WORDS or "(" in value or value[0] in "[<{":
            return
        if value.isalpha() and value.islower() and compiled("prose", r"[ \t]+[a-z]{2,}\b(?![-=])").match(text, e):
            return  # "the --username and --password options": prose about a flag
        if ("_" in value or not (value.islower() or value.isupper())) and _looks_like_name(value) and \
                name_verdict(value) is not None and not _leet_mixed(value):
            return  # `pulumi config set --secret dbPassword`: the flag is given a secret's name, not its value
    if strength < STRONG and not STRENGTH_TEST[strength](value.strip()):
        return
    if value.isalpha() and _a_stand_in_or_a_type(text, e, kind, value):
        return
    if style != "cli" and value[:1].islower() and _a_plural_names_setting(name, value):
        return
    add_span(found, text, s, e, P_NAME, kind)


# Names of a secret in the plural: they hold several values (a user and its password, a list, an
# object, a file's path), never one word.
_PLURAL_SECRET_NAMES = ("credentials", "creds", "secrets", "tokens", "passwords", "keys")


def _a_plural_names_setting(name, value):
    """`value` (a word in lower case, or words joined by hyphens) under a name that is a secret's
    noun in the plural (`credentials: 'include'`, fetch's option; `tokens: disabled`): an
    option's setting, not the credentials, which one word cannot be.  (A flag's, `--creds ops`,
    may be a user whose password follows: not read here.)"""
    return name.rsplit(".", 1)[-1].lower().endswith(_PLURAL_SECRET_NAMES) and len(value) <= 20 \
        and compiled("lower-words", r"[a-z]+(?:-[a-z]+)*\Z").match(value) is not None


def _a_stand_in_or_a_type(text, e, kind, value):
    """A word of letters, no password, that is no credential by its place: a quoted type's name
    before `object` in an error message (`'NoneType' object cannot be converted`), or a key in
    lower case given to a client whose base URL is on this machine, set after it on its line or
    near it in the text (`OPENAI_API_KEY=lmstudio OPENAI_BASE_URL=http://127.0.0.1:1234`, `export
    OPENAI_BASE_URL=http://localhost:11434/v1` then `export OPENAI_API_KEY=ollama`): a local
    server's stand-in, which takes any key (a word beside a remote base URL stays a secret)."""
    if compiled("type-before-object", r"[\"']?[ \t]object\b").match(text, e):
        return True
    if kind == "password" or not value.islower():
        return False
    if compiled("local-base-url", r"(?i)[^\n]{0,120}?" + _LOCAL_BASE_URL).match(text, e) is not None:
        return True
    s = e - len(value)
    return compiled("local-base-url-near", "(?i)" + _LOCAL_BASE_URL).search(text, s - 400 if s > 400 else 0, e + 400) is not None


# A client's base URL on this machine (a local model server or proxy).
_LOCAL_BASE_URL = r"base[_-]?url[\"']?[ \t]*[=:][ \t]*[\"']?https?://(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])\b"


_QUOTES = ("\"", "'", "`")
_EXPRESSION_FIRST = frozenset(" \t+*%.")  # (after a closing quote: what the pattern may read first)


def _same_name(value, name):
    """`"challengePassword"` under CHALLENGE_PASSWORD: the value names its key.  (The pair is read,
    not kept: a pair's key and look-up cost more than its reading, ~8,000 pairs a MB dense with
    secrets; the name's form is kept, the same few names stand before most values.)"""
    form = _NAME_FORMS.get(name)
    if form is None:
        form = remember(_NAME_FORMS, name, name.rsplit(".", 1)[-1].lower().replace("_", "").replace("-", ""))
    first = value[:1]
    if first.isascii() and first.isalnum() and first.lower() != form[:1]:
        return False  # (the first character of the value's form: most values differ there)
    return value.strip().lower().replace("_", "").replace("-", "") == form


def _names_last_word(value, name):
    """`API_KEY=KEY`, `apiToken: token`: the value repeats the last word of its name (a stand-in a
    command's example writes), not a secret that a word of three to eight letters could be."""
    if not 3 <= len(value) <= 8 or not value.isalpha():
        return False
    last = compiled("name-last-word", r"(?:^|[_.-]|(?<=[a-z])(?=[A-Z]))([A-Za-z]+)\Z").search(name)
    return last is not None and last.group(1).lower() == value.lower()


_NAME_FORMS: dict = {}
VALUE_MEMOS.append(_NAME_FORMS)


def _block_scalar(text, after):
    """The lines of a YAML block scalar (`password: |` then the value, indented, below), also
    in a diff, where each line starts with its `+`, `-` or space."""
    eol = text.find("\n", after)
    if eol < 0:
        return after, after  # (the last line: no line below, its head not read; a text of one line of 1 MB
        # was read back to its start, and copied, at each `: |` of it)
    line_start = text.rfind("\n", 0, after) + 1
    marker = text[line_start] if text[line_start:line_start + 1] in ("+", "-") else ""
    head = text[line_start + len(marker):after]
    key_indent = len(head) - len(head.lstrip(" "))
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


_ENDS_WITH_SECRET_WORD = r"[A-Za-z0-9_.-]*?(?:" + "|".join(sorted({
    w for w in SECRET_WORDS if w.isascii()}, key=len, reverse=True)) + r")\Z"


def _looks_like_name(value):
    """`db_password`, `otherToken`, `API_TOKEN`: a variable; `MySuperSecret`, `MyToken`: a value."""
    if "_" in value or value[0].islower():
        return value.replace("_", "").replace("-", "").isalnum()
    return value.isupper()


def _bare_is_literal(text, line, spaced, value, vend, key, style, key_start):
    """Judge whether a bare (unquoted) value is a literal secret or code.

    A literal secret stands bare in an env file, INI, YAML, a header, a query string or on a
    command line; in code, a bare value is a name or an expression (`token = Name`,
    `f(token=tok)`, `self.token = nextchar`, `progress_token: ProgressToken`).  (Not a reference:
    its caller has read that.)"""
    low = value.lower()
    # (no letter or digit: `any(ch.isalnum() for ch in value)` by the engine, `[^\W_]` being isalnum's class)
    if low in NOT_SECRET_WORDS or low in FUNCTION_WORDS or (not value[0].isalnum() and compiled("alnum", r"[^\W_]").search(value) is None):
        return False
    if len(value) < 6 and _in_cookie(text, line, key_start):
        return False  # `Cookie: logged_in=yes; csrftoken=abc`: a cookie's short value is a flag (the cookie rule's call)
    # (a value longer than an ASCII key is none of its forms, lowercasing never shortening: the
    # key's not read, most values)
    if (len(value) <= len(key) or not key.isascii()) and \
            ((key_low := key.lower()) == low or low == key_low.lstrip("-") or ("." in key and low == key.rsplit(".", 1)[-1].lower())):
        return False  # password=password (a keyword argument passed along)
    if style == "colon" and (_yaml_context(text, line, key_start, vend) or _one_line_label(text, line, key_start)) \
            and not _rest_of_line(text, vend) and \
            not compiled("header-name", r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+[\"']?[ \t]*:").match(text, key_start, key_start + 80):
        # a YAML mapping's value: a literal, but a type's name (Token, SecretStr) or a constant
        # a literal, but a constant or a type's name (password: SecretStr, token: Token) where the
        # key starts its line; after words of prose (`wifi password: Sunshine`) a capital is a value's
        typed = value[0].isupper() and value.isalpha() and \
            compiled("blank", r"\s*\Z").match(text, line.at(key_start).start, key_start) is not None
        return low not in CONSTANTS and not typed
    if _literal_context(text, line, style, key_start) or (
            style == "colon" and key.lower() in _PASSWORD_SHORTS and after_a_user(text, key_start)):
        # (`login: ana@example.org  pass: X`, `ana@example.org  pass: X`: a user's password, typed)
        # a shell's or a container's environment, an INI section: a bare value is a literal, of
        # whatever shape (Gx7.kP2m, Sunshine, 482913), as no code runs there
        return not (value.isdigit() and len(value) < 4) and "$(" not in value and "`" not in value and \
            not (value[-1] == "(" and compiled("call-head", r"[A-Za-z_][\w.]*\(\Z").match(value))
        # (`storePassword=System.getenv("X")` in a properties file: a call, its quoted argument cut)
    if "(" in value or "[" in value:
        return False  # get_token() / os.environ["X"] / getenv(...)
    if "." in value and compiled("dotted", DOTTED).match(value) and not leet_dotted(value) and \
            not (dotted_password(value) and _in_conninfo(text, line, key_start)):
        # process.env.TOKEN, self.token, settings.SECRET_KEY (not t1ger.Lily; nor a connection
        # string's `password=ember.Glade6`: no code runs inside a string's pairs)
        return False
    if value.isdigit() and len(value) < 8:
        return False  # a count, an id, a port
    if "*" in value and style != "cli" and not _in_conninfo(text, line, key_start) and not looks_random(value) \
            and len(set(value) & _PASSWORD_SYMBOLS) < 3:
        # token = 1*tchar: a grammar, a glob (not in `psql "host=db password=X*Y"`, nor random, nor
        # of three symbols a glob has no use for: `2Jsz^@Ervr@f*%Qh5`)
        return False
    if value[0] == "#" and spaced:
        return False  # "password = # comment"
    if style in ("spaced", "colon") and _looks_like_name(value) and \
            compiled("endsword", _ENDS_WITH_SECRET_WORD, re.IGNORECASE).match(value):
        return False  # token: otherToken / password = db_password (variables)
    if compiled("ident", r"[A-Za-z_][A-Za-z0-9_]*\Z").match(value) and _code_context(text, line, value, key, style, key_start) \
            and not (style == "colon" and text[vend:vend + 1] == ")" and compiled("digit", "[0-9]").search(value) is not None
                     and _a_remark_opens(text, key_start)):
        return False  # (not `a login (user: u, password: harbor_2026)`: a remark in prose, its value a literal)
    eol = text.find("\n", vend, vend + 200)
    rest = text[vend:eol if eol >= 0 else vend + 200].lstrip(" \t")
    if rest[:1] == "(" and _remark(rest, value):
        rest = ""  # `api_key: X (rotated)`: a remark after the value ends it (one naming it an id: never.py)
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
        return not rest or rest.startswith(("#", "//", ";", ",", "}", "\r", "\\n", "'", '"', "</")) or \
            (rest[:1] == ")" and _a_remark_opens(text, key_start))
    return True


def _a_remark_opens(text, key_start):
    """`(` after a blank opens the key's parenthesis: a remark in prose (`root@host (password: X)`,
    `a login (user: u, password: X)`: the key after other pairs of it), not a call's argument
    list (`login(password: pw)`)."""
    if text[key_start - 1:key_start] == "(":
        return text[key_start - 2:key_start - 1] in (" ", "\t")
    if text[key_start - 2:key_start] != ", ":
        return False
    p = text.rfind("(", key_start - 200 if key_start > 200 else 0, key_start)
    return p > 0 and text[p - 1] in " \t" and compiled(
        "remark-pairs", r"(?:[^\W\d_][\w .-]{0,30}:[ \t]*[^,()\n]{1,80},[ \t]*){1,3}").fullmatch(text, p + 1, key_start) is not None


# A remark in parentheses that ends a line: words (`(rotated)`, `(expires 2027-01-01)`, `(do not
# share)`), no code's punctuation, perhaps a comment after it.
_REMARK = r"\((?=[^)]*[A-Za-z])[\w ,.:/+'-]{1,60}\)[ \t]*(?:(?:#|//)[^\n]*)?\r?\Z"


def _remark(rest, value):
    """`rest`, what follows a bare value on its line, is a remark in parentheses, and the value a
    generated one's (letters and digits both), not a word of code before its call's arguments."""
    return compiled("remark", _REMARK).match(rest) is not None and compiled("digit", "[0-9]").search(value) is not None \
        and compiled("letter", "[A-Za-z]").search(value) is not None


def _in_cookie(text, line, key_start):
    """The pair at `key_start` is one of a Cookie header's (`Cookie: a=1; b=2`, or a HAR entry's
    `{"name": "Cookie", "value": "a=1; b=2"}`): the word `cookie` before it on its line."""
    line_start = line.at(key_start).start
    if key_start - line_start > 400:
        return False
    at = text[line_start:key_start].lower().rfind("cookie")
    return at >= 0 and compiled("cookie-head", r"(?i)cookie[\"']?[ \t]*(?::|,[ \t]*\"value\"[ \t]*:)").match(text, line_start + at) is not None


_PASSWORD_SYMBOLS = frozenset("!@#$%^&+=~")


def _in_conninfo(text, line, key_start):
    """The name at `key_start` is a key of a quoted connection string of `key=value` words (libpq's
    `"host=db user=app password=X"`, for psql, pg_dump, psycopg2.connect), or of one of `key=value;`
    pairs (ADO.NET's `Data Source=db;User ID=app;Password=X`), or of an options array as a
    catalog prints it (PostgreSQL's `{user=app,password=X}`): its values are literals."""
    head = text[max(line.at(key_start).start, key_start - 300):key_start]
    return compiled("conninfo-head", r".*[\"'](?:[A-Za-z_]{2,30}=[^\s\"'=]{1,200}[ \t]+){1,12}\Z").match(head) is not None \
        or compiled("ado-head", r"(?:.*[\s\"'(=])?(?:[A-Za-z][A-Za-z _]{1,30}=[^;=\n]{1,200};[ \t]*){1,12}\Z").match(head) is not None \
        or compiled("options-head", r"(?:.*[\s\"'])?\{(?:[A-Za-z_]{2,30}=[^\s\"'{},=]{1,200},){1,12}\Z").match(head) is not None


def _literal_context(text, line, style, key_start):
    """The name at `key_start` is set where no code runs: a shell's or an environment's
    assignment (`NAME=value` starting its line, after `export`, `set`, `ENV`, `-e`, `--env`,
    `--build-arg`, `--set`, `--from-literal=`, a YAML list's `- `), or a key of an INI section
    (`key = value` below a `[section]` line, indented as in .gitconfig).  (The line's head,
    `text[line_start:key_start]`, is read in place: patterns matched with its bounds, the facts
    of its whole length from `line`; no copy of a long line's head for each name on it.)"""
    line = line.at(key_start)
    line_start = line.start
    if style == "loose":
        if key_start - line_start > 120:
            return _loose_literal(text, line, key_start)
        # the answer is the head's alone (the character before a line is a line break, or none):
        # kept per head, the same few heads stand before most names of a text dense with them
        head = text[line_start:key_start]
        got = _LOOSE_HEADS.get(head)
        if got is None:
            got = remember(_LOOSE_HEADS, head, _loose_literal(text, line, key_start))
        return got
    if style == "colon" and _header_head(text, line, key_start) \
            and compiled("header-name", r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+[\"']?[ \t]*:").match(text, key_start, key_start + 80):
        return True  # an HTTP header: X-API-Key: …, -H "X-Auth-Token: …"
    if style == "colon" and _one_line_label(text, line, key_start):
        return True
    if style != "spaced":
        return False
    return line.blank_before(key_start) and _in_ini_section(text, line_start, line.ini)


# The short words of a password's label (`pass`, `pw`, `pwd`): a label of a password beside a user
# (store/privacy/users.py), a test's result or a setting without one (`tests pass: 12`).
_PASSWORD_SHORTS = frozenset(("pass", "pw", "pwd"))


_LOOSE_HEADS: dict = {}
VALUE_MEMOS.append(_LOOSE_HEADS)


def _url_parameter(text, key_start):
    """How a URL holds the parameter whose name starts at key_start: "query" (after `?`, `&`, or
    the `#` of a URL's fragment, `…/cb#access_token=X`), "matrix" (after the `;` of a URL's or a
    path's segment, `/dl;token=X/file`), or "" (`#password=` of a comment, `;key=` of a list)."""
    before = text[key_start - 1]
    if before in "?&":
        return "query"
    floor = key_start - 2000 if key_start > 2000 else 0
    start = max(text.rfind(c, floor, key_start) for c in " \t\n\"'<(") + 1
    if text.find("://", start, key_start) >= 0:
        return "query" if before == "#" else "matrix"
    return "matrix" if before == ";" and text.startswith("/", start) else ""


def _loose_literal(text, line, key_start):
    """_literal_context of a `NAME=value` (no spaces around `=`), read from the head of its line."""
    line_start = line.start
    last = text[key_start - 1] if key_start > line_start else ""
    if last in ("?", "&") or (last in ("#", ";") and _url_parameter(text, key_start)):
        return True  # a URL's query parameter, its fragment's, a path segment's
    if _command_head(text, line, key_start):
        return True  # docker run … -c password=X, kubectl set env deploy/api DB_PASSWORD=X, --docker-password=X
    if key_start == line_start + 1 and last == "+":
        return True  # `+JWT_SECRET=X`: an environment file's line a diff adds, its mark left on (a diff read whole)
    # (the head but its last character is spaces, tabs and a dash: read from the line's facts first)
    if line.lead_end() >= key_start - 1 and \
            compiled("env-head-start", r"[ \t]*(?:-[ \t]+)?[\"']?\Z").match(text, line_start, key_start):
        return True
    # a word that sets the environment, then `[ \t=]+` and a quote that end the head: the word
    # ends where that run starts (or one later: `--from-literal=`), so it is looked for from 16
    # characters before it (the same answer; `.*` tried at each place of a long line's head
    # was a pass over it for each name on the line: quadratic on one line of many names)
    start = max(line_start, _run_start(text, line_start, key_start - 1 if last in ("\"", "'") else key_start, " \t=") - 16)
    if compiled("env-head", r".*(?:\bexport|\bset|\bENV|\benv|(?<![\w-])-e|--env|--build-arg|--set|--set-string|--from-literal=?)[ \t=]+[\"']?\Z").match(text, start, key_start):
        return True
    return line.set_before(key_start) and line.helm_pairs_before(key_start) or _pairs_after_a_command(text, line_start, key_start)


def _pairs_after_a_command(text, line_start, key_start):
    """The name is one of a run of `NAME=value` words after a command line's head, a quote maybe
    opening the run (`sam deploy --parameter-overrides "Stage=prod DbPassword=X"`, `make release
    ENV=prod TOKEN=X`): set where no code runs, as the run's first is (_command_head reads no `=`
    nor quote in the head)."""
    if key_start - line_start > 400 or text[key_start - 1] not in " \t\"'":
        return False
    m = compiled("pairs-after-command", r"[ \t]*(?:\$[ \t]+)?(?:sudo[ \t]+)?([a-z][\w.-]*)(?:[ \t]+[^\s(){}\[\]=,;\"'`]+)*[ \t]+"
                 r"[\"']?(?:[A-Za-z_][\w.-]{0,60}=[^\s\"'`=(){}\[\];,]{0,200}[ \t]+)*\Z").match(text, line_start, key_start)
    return m is not None and m.group(1) not in _CODE_WORDS


def _header_head(text, line, key_start):
    r"""The line's head up to `key_start` is blank, or ends with `-H` or `--header`, spaces and a
    quote: what `(?:[ \t]*|.*(?:-H|--header)[ \t]+["']?)\Z` matches, read at its end (the
    pattern tried `.*` at each place of a long line's head, for each name on the line)."""
    if line.blank_before(key_start):
        return True
    end = key_start - 1 if text[key_start - 1] in "\"'" else key_start
    words = _run_start(text, line.start, end, " \t")
    return words < end and text.endswith(("-H", "--header"), line.start, words)


def _run_start(text, line_start, end, chars):
    """Where the run of `chars` that ends at `end` starts, not before `line_start`."""
    while end > line_start and text[end - 1] in chars:
        end -= 1
    return end


class _Line:
    """What the NAME rule reads of a name's line up to the name (its head), kept for the line while
    named_values reads its names left to right: each name reads the characters since the one
    before, not the head again from the line's start (one line of 8,000 `Idempotency-Key: …` or
    `token=… user=x` was a pass over the head for each name: quadratic)."""

    __slots__ = ("text", "start", "end", "pos", "opens", "closes", "dq", "sq", "decl", "code", "helm", "words",
                 "dashes", "bad", "runs", "helms", "helm_next", "helm_key", "ini")

    def __init__(self, text):
        self.text = text
        self.start = self.end = self.pos = -1
        self.ini = {}  # (_in_ini_section's, for the text)

    def at(self, key_start):
        """These facts, of the line of `key_start` (read on from the last name's when it is on
        the same line)."""
        if not self.start <= key_start <= self.end:
            self.move_to(key_start)
        return self

    def move_to(self, key_start):
        """The line of `key_start` becomes this one."""
        text = self.text
        self.start = text.rfind("\n", 0, key_start) + 1
        end = text.find("\n", key_start)
        self.end = end if end >= 0 else len(text)
        self.pos = -1
        self.code = self.helm = self.words = self.dashes = self.bad = self.runs = self.helms = None

    def count_to(self, key_start):
        """The head's parentheses, quotes and last `;` or `{` (_code_context), read on from the last
        name's place."""
        if key_start < self.pos or self.pos < 0:  # (a name before the last one read: the line again)
            self.pos = self.start
            self.opens = self.closes = self.dq = self.sq = 0
            self.decl = -1
        if key_start > self.pos:
            part = self.text[self.pos:key_start]
            self.opens += part.count("(")
            self.closes += part.count(")")
            paren = part.rfind("(")
            if paren >= 0:  # the quotes since the last `(` (_in_string)
                self.dq = part.count('"', paren + 1)
                self.sq = part.count("'", paren + 1)
            else:
                self.dq += part.count('"')
                self.sq += part.count("'")
            decl = max(part.rfind(";"), part.rfind("{"))
            if decl >= 0:
                self.decl = self.pos + decl
            self.pos = key_start

    def has_code(self):
        """A character of code anywhere on the line (searched once for the line)."""
        if self.code is None:
            self.code = compiled("code-char", r"[(){}\[\];=<>,]").search(self.text, self.start, self.end) is not None
        return self.code

    def set_before(self, key_start):
        """`--set` stands whole in the head."""
        if self.helm is None:
            self.helm = self.text.find("--set", self.start, self.end)
        return 0 <= self.helm <= key_start - 5

    def helm_pairs_before(self, key_start):
        r"""Helm's `--set a=1,b.password=X`: the head ends with `--set`, `[ \t=]+`, a quote maybe,
        then 1 to 20 pairs `name=value,` (what `.*--set(?:-string)?[ \t=]+["']?(?:pair,){1,20}\Z`
        matches).  Where each `--set` of the line leaves its pairs (`q`) is read once for the
        line: the run of spaces and `=` after the flag is the pattern's only way there (a pair's
        name holds none of them, nor a quote), so only a `--set` whose pairs start within 20
        pairs' length (5,640) of the name is tried, from there (`.*` read the head from the
        line's start for each name: one line of 16,000 `a=1,token=x,` took 2.9 s)."""
        if self.helms is None:
            text = self.text
            flag = compiled("helm-set-flag", r"--set(?:-string)?[ \t=]+[\"']?").match
            self.helms = []
            at = text.find("--set", self.start, self.end)
            while at >= 0:
                m = flag(text, at, self.end)
                if m is not None:
                    self.helms.append(m.end())
                at = text.find("--set", at + 5, self.end)
            self.helm_next = self.helm_key = 0
        helms = self.helms
        i = self.helm_next if key_start >= self.helm_key else 0
        self.helm_key = key_start
        low = key_start - 5640
        while i < len(helms) and helms[i] < low:
            i += 1  # (names come left to right: a `--set` too far for one is too far for the next)
        self.helm_next = i
        pairs = compiled("helm-set-pairs", r"(?:[\w.\[\]/-]{1,80}=[^\s,\"']{0,200},){1,20}\Z").match
        while i < len(helms) and helms[i] < key_start:
            if pairs(self.text, helms[i], key_start) is not None:
                return True
            i += 1
        return False

    def blank_before(self, key_start):
        """The head is only spaces and tabs."""
        if self.words is None:  # where the line's first character but a space or a tab stands
            self.words = compiled("lead", r"[ \t]*").match(self.text, self.start, self.end).end()
        return self.words >= key_start

    def lead_end(self):
        """Where the line's first character but a space, a tab or a dash stands."""
        if self.dashes is None:
            self.dashes = compiled("lead-dashes", r"[ \t-]*").match(self.text, self.start, self.end).end()
        return self.dashes

    def first_bad(self):
        """Where the line's first character that no command line's head holds stands (a space
        but a space or a tab, or punctuation of code: see _command_head)."""
        if self.bad is None:
            bad = compiled("command-bad", r"[^\S \t]|[(){}\[\]=,;\"'`]").search(self.text, self.start, self.end)
            self.bad = bad.start() if bad is not None else self.end
        return self.bad

    def seventh_word(self):
        """Where the line's seventh word (a run of characters but spaces and tabs) starts, or
        past the line's end."""
        if self.runs is None:
            six = compiled("six-words", r"(?:[ \t]*[^ \t]+(?![^ \t])){6}[ \t]*").match(self.text, self.start, self.end)
            self.runs = six.end() if six is not None else self.end + 1
        return self.runs

    def in_string(self):
        """The head leaves a string literal open after its last `(` (see _in_string)."""
        return self.dq % 2 == 1 or self.sq % 2 == 1


def _rest_of_line(text, vend):
    """What follows a value on its line, but spaces and a comment."""
    eol = text.find("\n", vend)
    return text[vend:eol if eol >= 0 else len(text)].split("#", 1)[0].strip()


def _yaml_context(text, line, key_start, vend):
    """`key: value` of a YAML mapping: the key starts its line (indented), nothing follows the
    value, and the line above is a YAML key (`database:`, `user: app`, `- name: x`), not a
    line of code (`class Creds:`, `def f(x):`, `{`)."""
    line = line.at(key_start)
    line_start = line.start
    if line.lead_end() < key_start or \
            not compiled("yaml-rest", r"[ \t]*(?:#.*)?(?:\r?\n|\Z)").match(text, vend):
        return False
    if line_start == 0:
        return False
    prev = text.rfind("\n", 0, line_start - 1) + 1
    above = text[prev:line_start - 1].rstrip("\r")
    return compiled("yaml-above", r"[ \t]*(?:-[ \t]+)?[\w.-]+:(?:[ \t]+[^{}()\[\];,=]*)?[ \t]*\Z").match(above) is not None and \
        not compiled("yaml-code", r"[ \t]*(?:class|def|if|elif|else|for|while|with|try|except|finally|case|match)\b").match(above)


# First words of a line of code, not of a command line.
_CODE_WORDS = frozenset("let const var val def fn func if elif else for while return yield await async with import from "
                        "export public private protected static final class new case when".split())


def _command_head(text, line, key_start):
    """The line up to a name is a command line: a command word, then arguments (flags, words,
    paths), no punctuation of code; or it ends with a flag's dashes (`--docker-password=`).
    (A head that holds a character none of the pattern's parts reads is answered without it:
    the pattern read a long line's words for each name on it.)"""
    line_start = line.start
    if key_start > line_start and text[key_start - 1] == "-":
        return True
    if line.first_bad() < key_start:
        return False
    m = compiled("command-head", r"[ \t]*(?:\$[ \t]+)?(?:sudo[ \t]+)?([a-z][\w.-]*)(?:[ \t]+[^\s(){}\[\]=,;\"'`]+)*[ \t]+\Z").match(
        text, line_start, key_start)
    return m is not None and m.group(1) not in _CODE_WORDS


def _one_line_label(text, line, key_start):
    """`wifi password: X`, `SSID: Office5G  Password: X`: a label on a line of prose or of
    pairs, its value ending the line, no punctuation of code on it."""
    line = line.at(key_start)
    if line.has_code():
        return False
    # (the pattern's at most three labels are six words at most and end with spaces: a head of
    # more, or that ends with a word, is answered without it)
    if key_start > line.start and (text[key_start - 1] not in " \t" or key_start > line.seventh_word()):
        return False
    # `(?:[ \t]*[\w-]+(?::[ \t]*\S+)?[ \t]+){0,3}\Z`, its spaces between two labels read by one
    # part, not split between two in every way (a run of spaces cost its square at each name)
    return compiled("label-head", r"(?:[ \t]*(?:[\w-]+(?::[ \t]*\S+)?[ \t]+){1,3})?\Z").match(
        text, line.start, key_start) is not None


def _in_ini_section(text, line_start, memo):
    """A `[section]` line stands above `line_start` (50 lines up at most), only `key = value` lines
    (or comments and blank ones) between.  `memo` (named_values's _Line.ini): a line's start -> how
    many lines up its section's line stands (_NO_SECTION: none, or a line of another kind first;
    51: not within 50 lines), kept for the lines below: each name of a file of `key = value` lines
    read the 50 lines above it (20,000 such lines: ~1.3 s)."""
    path = []  # (the starts of the lines read up from `line_start`, none of them known)
    pos = line_start
    up = memo.get(pos)
    while up is None:
        if len(path) == 50:
            memo[line_start] = 51  # (out of reach: the lines above it, each of a reach of its own, are not kept)
            return False
        path.append(pos)
        if pos == 0:
            up = _NO_SECTION
            break
        prev = text.rfind("\n", 0, pos - 1) + 1
        line = text[prev:pos - 1].strip()
        if line[:1] == "[" and line[-1:] == "]" and compiled("ini-section", r"\[[\w .\"'/:-]{1,80}\]\Z").match(line):
            up = 1
            break
        if line and not line.startswith(("#", ";")) and not compiled("ini-key", r"[\w.-]+[ \t]*=").match(line):
            up = _NO_SECTION
            break
        pos = prev
        up = memo.get(pos)
        if up is not None:
            up += 1
    for pos in reversed(path):  # (`up`: the last one's; each line below is one more)
        memo[pos] = up
        up += 1
    return memo[line_start] <= 50


_NO_SECTION = 1 << 40  # (_in_ini_section: no section's line above, whatever the reach)


def _code_context(text, line, value, key, style, key_start):
    """A bare identifier after `key` is a name of code, not a value (see _bare_is_literal)."""
    if style == "cli":
        return False
    # (an ASCII value's digits by one search, not a generator's step a character)
    has_digit = compiled("digit", "[0-9]").search(value) is not None if value.isascii() else \
        any(ch.isdigit() for ch in value)
    if ("_" in value.strip("_") or value.startswith("_")) and not _leet_mixed(value):
        return True  # db_password, KEY_PASSWORD, _token: variables and constants
    if value[0].isupper() and not value.isupper() and not has_digit:
        return True  # Name, Error, SecretStr, ProgressToken: classes and types
    if len(value) <= 3 and style != "loose":
        return True  # token = v, "token": i
    line = line.at(key_start)
    line.count_to(key_start)
    line_start = line.start
    before = _run_start(text, line_start, key_start, " \t")  # the head but its last spaces ends there
    if key.startswith(("self.", "this.", "cls.", "@")) or (before > line_start and text[before - 1] == "("):
        return True  # self.token = nextchar, f(token=tok)
    if _declared(text, line, before):
        return True  # let token=next, const secret=cfg: a declaration of code names its value
    if style == "loose" and line.opens > line.closes and not line.in_string():
        return True  # f(user, token=tok): a keyword argument (not Conn("Server=.;Password=x"))
    if style == "spaced" and before > line_start and text[before - 1] == ",":
        return True  # user, password = auth: a tuple
    if style == "spaced" and ((key_start > line_start and text[line_start] in " \t") or not has_digit):
        return True  # `    token = result`: code in a body (an INI key starts its line)
    return False


def _leet_mixed(value):
    """`c0balt_Sky`, `Blue_0cean`: a digit inside a word's letters and words of both cases, as a
    person writes a password; a variable keeps one case per word convention (db_password,
    KEY_PASSWORD, s3_bucket, utf8_name)."""
    parts = [p for p in value.split("_") if p]
    return (len(parts) > 1 and compiled("leet", r".*[A-Za-z]\d+[A-Za-z]").match(value) is not None
            and any(p[0].isupper() for p in parts) and any(p[0].islower() for p in parts))


def _declared(text, line, before):
    r"""The line up to `before` (a name, the spaces before it left out) ends with a declaration's
    word (`let`, `const`, `var`, `val`) that starts the line or follows its last `;` or `{`: what
    `(?:.*[;{][ \t]*|[ \t]*)(?:export[ \t]+)?(?:let|const|var|val)(?:[ \t]+mut)?\Z` matches,
    the last `;` or `{` kept by the line's facts (none stands in what follows it), not by `.*`
    tried at each place of a long line."""
    if before <= line.start or text[before - 1] not in "tlr":
        return False  # (the last letter of `let`, `const`, `var`, `val`, `mut`: most heads end otherwise)
    tail = r"(?:export[ \t]+)?(?:let|const|var|val)(?:[ \t]+mut)?\Z"
    if compiled("declared-start", r"[ \t]*" + tail).match(text, line.start, before):
        return True
    last = line.decl  # (in the head; the spaces after `before` hold none)
    return last >= 0 and compiled("declared-after", r"[;{][ \t]*" + tail).match(text, last, before) is not None


def secret_word_at(text, hit):
    """The word at `hit` says secret (a name like api_key, or the word token), not `has` in
    `hash` or `pw` inside a random string."""
    return _secret_word(text, hit)[1]


def _secret_word(text, hit):
    """(where the word at `hit` ends, whether it says secret): secret_word_at's answer and how
    far it holds (every place of the word gives the word: a caller that reads places in order
    reads a word once, not once a place, a run of letters of thousands of places in its time)."""
    s = hit
    while s > 0 and text[s - 1].isalpha():
        s -= 1
    e = compiled("letters", r"[^\W\d_]*").match(text, hit).end()  # letters, by the engine
    if e > hit and not text[hit:e].isalpha():  # a numeric sign (½, ²) the class above lets in
        e = hit
        while e < len(text) and text[e].isalpha():
            e += 1
    word = text[s:e]
    got = _WORD_VERDICTS.get(word)
    if got is None:
        if len(_WORD_VERDICTS) > 5000:
            _WORD_VERDICTS.clear()
        got = _WORD_VERDICTS[word] = _says_secret(word)
    return e, got


_WORD_VERDICTS: dict = {}  # (a word's verdict: the same few words stand at most hits)


def _says_secret(word):
    low = word.lower()
    if low in SECRET_WORDS or low in ENTROPY_WORDS or low in KEY_WORDS:
        return True
    verdict = name_verdict(word)
    return verdict is not None and verdict[1] > WEAK


def random_values(text, low, hits, runs, found):
    """ENTROPY: a random-looking value on a line that holds a secret word (each candidate lies
    in one of `runs`, see anchors.long_runs: a line with none is not searched).  A whole line's
    random values are read before its secret words: most lines that hold both a secret word and
    a long run hold nothing random (a path, a test's name), and are then left without reading
    the word at each hit (~5,000 lines of the pytest --co MB).  A line's ends and a word are
    each read once, whatever the number of hits on them (one line of thousands of hits inside
    words was read whole at each)."""
    i = 0  # the first run that ends after the line's start (hits are sorted: it only moves on)
    past = -1  # the end of a line searched, or of a whole line read to hold no candidate: its other hits are skipped
    same = -1  # the end of the last whole line read: a later hit on it (its word did not say secret) is read as it was
    line_start = ls = le = 0
    eol = start_of = -1  # the end of the line of the last hit read; the end of the line `line_start` starts
    word_end, says = -1, False  # the end of the last word read, and whether it says secret
    whole = False
    tokens = None  # the random values of the whole line last read (None: not read yet)
    n = len(text)
    n_runs = len(runs)
    for hit in hits:
        if hit < past:
            continue
        if hit >= eol:
            eol = low.find("\n", hit)
            if eol < 0:
                eol = n
        if i < n_runs and runs[i][0] >= eol:
            # the next run starts after the hit's line (none stands before it on its line, as `i`
            # says): the line holds none, read without the line's start (most lines of a text
            # dense with secrets)
            past = eol
            continue
        if hit >= same or hit > line_start + 2000:
            tokens = None
            if start_of != eol:
                line_start = low.rfind("\n", 0, hit) + 1
                start_of = eol
            ls = hit - 2000 if line_start < hit - 2000 else line_start
            le = hit + 2000 if eol > hit + 2000 else eol
            whole = ls == line_start and le == eol  # (a longer line is read 2,000 characters each side)
            while i < n_runs and runs[i][1] <= ls:
                i += 1
            if i == n_runs:
                break  # no run after this line's start: none on the lines of the hits after it either
            if runs[i][0] >= le:
                if whole:
                    past = le
                continue  # no run of 16 token characters on the line
            same = le if whole else -1
        if whole:
            if tokens is None:
                tokens = _random_runs(text, low, runs, i, ls, le) or ()
            if not tokens:
                past = le
                continue  # nothing random on the line: whatever its words say, no candidate
        if hit >= word_end:
            word_end, says = _secret_word(text, hit)
        if not says:
            continue  # `has` in `hash`: no candidate
        if not whole:
            tokens = _random_runs(text, low, runs, i, ls, le)
            if tokens is None:
                continue  # nothing long in the window
        past = le
        for s, e in tokens:
            add_span(found, text, s, e, P_RANDOM, "high_entropy")


def _random_runs(text, low, runs, i, ls, le):
    """(start, end) of each random-looking value in text[ls:le] (runs[i] is the first run that
    ends after `ls`), or None when no value is long enough to be judged."""
    # a match is 16 run characters or more in a row: it lies in one of the runs, and only those
    # are searched (not the line, its look-behind tried at each place); a run without `=` or `$`
    # (the run's characters the pattern's run does not take) inside the window is one match whole
    rx = None
    out = []
    matched = False
    j = i
    n_runs = len(runs)
    while j < n_runs and runs[j][0] < le:
        a, b = runs[j]
        j += 1
        if a >= ls and b <= le and "=" not in (run := text[a:b]) and "$" not in run:
            matched = True
            token = run.rstrip(".-~")
            # (not a data: URL, an image: `low` is `text` lowercased, each character in its place)
            if looks_random(token) and not (a >= 7 and low.startswith("base64,", a - 7)):
                out.append((a, a + len(token)))
            continue
        if rx is None:
            rx = compiled("entropy", ENTROPY_RUN)
        for m in rx.finditer(text, a if a > ls else ls, b if b < le else le):
            matched = True
            s = m.start()
            token = m.group().rstrip(".-~")
            if looks_random(token) and not (s >= 7 and low.startswith("base64,", s - 7)):
                out.append((s, s + len(token)))
    return out if matched else None
