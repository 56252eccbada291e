"""A secret found by evidence on its line, in any language's syntax: a NAME that holds a secret's
word (an identifier, a key, a label: `db_password`, `*api-secret*`, `ls_logon-password`, judged
by store/privacy/names.py name_verdict) and, after it on the same line, the nearest literal, with
only punctuation, operators and a few words of code between (a binding's keyword, a type, a
call's selector: `:=`, `::`, `<-`, `=>`, `, `, `(`, ` put: `, ` As String = `, ` TYPE string
VALUE `).  A bare token counts only after punctuation alone; a value written BEFORE its name
(`MOVE 'X' TO ls_logon-password`, `"X" -> api_key`) counts after `to` or `->`.

The value must be random-looking or password-like (store/privacy/evidence.py shape) and taken by
evidence.decide; what is never a secret (references, placeholders, ids, hashes, versions:
store/privacy/never.py) has the last word on the span as on every other.  No syntax is listed:
the evidence is the name's word and the value's shape, so a language no finder was written for
is read as those that were.
"""

from __future__ import annotations

from store.privacy.evidence import ASSIGN, character_classes, decide, shape
from store.privacy.names import name_verdict
from store.privacy.rules import MEDIUM
from store.privacy.values import P_CUSTOM, add_span, compiled, dotted_password

# the least specific find (as processes.P_COPY): where another finder finds the value, its kind is kept
P_EVIDENCE = P_CUSTOM + 900
# Words of code that may stand between a name and its value (a type, a binding's keyword, a
# selector); a word of prose there (`password for the db`) stops the reading.
_PROSE = frozenset("a an the for of in on at from with and or not see use your our this that if when than then "
                   "which".split())
_AFTER = (
    r"(?P<gap>[^\w\"'`\\\n]{0,12}(?:[A-Za-z_][\w.]{0,20}(?:\(\d{1,4}\))?[^\w\"'`\\\n]{1,6}){0,3}?)"
    r"(?:\"(?P<dq>[^\"\\\n]{1,128})\"|'(?P<sq>[^'\\\n]{1,128})'|`(?P<bq>[^`\\\n]{1,128})`)"
)
# a bare token only after punctuation alone, one of binding's (`=`, `:`, `,`, `(`, `=>`, `->`) last, and
# whole: a token that goes on into a path, a host or a query (`X@host/`, `X/report.pdf`, `X&p=`) is
# a URL's, read by the finders of URLs; an `@` before no host stays in it (`R3d1sP@ss!`)
_AFTER_BARE = (r"[^\w\"'`\\\n]{0,10}(?:[=:,(]|=>|->)[ \t]*(?P<bare>[^\s\"'`,;:=()\[\]{}<>\\/@&?#.-]"
               r"(?:[^\s\"'`,;:=()\[\]{}<>\\/@&?#]|@(?![\w-]*[./:])){4,126}"
               r"[^\s\"'`,;:=()\[\]{}<>\\/@&?#.])(?=\.?(?:[\s,;)\]}]|\Z)|[\"'](?:[\s,;)\]}]|\Z))")
_BEFORE = r"(?:\"(?P<dq>[^\"\\\n]{1,128})\"|'(?P<sq>[^'\\\n]{1,128})')[ \t]*(?:[ \t][Tt][Oo][ \t]|->)[ \t]*\Z"


# the characters a name's start is stripped back over (ASCII: most names are short and ASCII)
_NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
_NAME_SET = frozenset(_NAME_CHARS)


def _taken(value, strength, name, bare=False, loose=False):
    """`value` is a secret's: random, or password-like (a bare one with a digit: a bare word of code,
    `dbPassword.`, has none; one after words of code alone with three classes of characters), or a
    quoted dotted password (`'ember.Glade6'`: its quotes make it a literal, not a member of code)."""
    v = value.strip()
    kind = shape(v)
    if kind == "other" and not bare and "." in v and dotted_password(v):
        return True
    if kind != "random" and (kind != "password" or (bare and not any(ch.isdigit() for ch in v))
                             or (loose and character_classes(v) < 3)):
        return False
    # a count of a grammar (`1*tchar`), a constant's name (`PKCS7_ISSUER`), an address (`0x55d0`,
    # `verify+0xf6`), a pair of its own (`user_id=41`, `ana:X`), quotes of code, a UUID: no value
    if compiled("evidence-not-value", r"\d{1,3}[*+][A-Za-z]+\Z|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\Z|.*?(?:0[xX][0-9a-fA-F]|[^=\s]=+[^=\s]|[\"'])|[A-Za-z][\w.-]*:\S|[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}\Z").match(v):
        return False
    low = v.lower().replace("-", "_")
    if low.strip("&$%@*{}<>()[]:") == name.lower().replace("-", "_") or any(
            name_verdict(part) for part in compiled("evidence-names", r"[A-Za-z]+(?:_[A-Za-z]+)+").findall(v)):
        return False  # `password=&db_password`, `%*ENV<DB_PASSWORD>`: the value names a secret, holds none
    return decide(v, strength, ASSIGN)


def evidence_lines(text, hits, found):
    """Spans of values bound to a secret's name on its line (see the module docstring)."""
    after = compiled("evidence-after", _AFTER)
    bare = compiled("evidence-bare", _AFTER_BARE)
    before = compiled("evidence-before", _BEFORE)
    # where other finders' spans start: a value found already is not judged again (most values
    # of a text dense with secrets; ~1/3 of the finder's time there)
    starts = {f[0] for f in found}
    name_end = compiled("evidence-name-end", r"[\w-]*").match
    # the name a secret word's place stands in, its verdict remembered by name and most starts
    # found by one character's test (~2,200 places a MB of real output: the finder's cost there)
    verdicts, gap_ends = {}, {}
    # a quoted value's quote stands within `_AFTER`'s reach (111 characters) on the line: tried first
    # (the finder alone ~0.93 of before on dense_u, ~0.92 on cat)
    quote_near = compiled("evidence-quote-near", r"[^\"'`\n]{0,111}[\"'`]").match
    done = -1
    for hit in hits:
        if hit < done:
            continue
        if hit and text[hit - 1] in _NAME_SET:
            back = text[max(0, hit - 64):hit]
            s = hit - (len(back) - len(back.rstrip(_NAME_CHARS)))
        else:
            s = hit
        e = done = name_end(text, hit).end()
        name = text[s:e].strip("-")
        verdict = verdicts.get(name, False)
        if verdict is False:
            verdict = name_verdict(name) if 3 <= len(name) <= 64 else None
            verdict = verdicts[name] = verdict if verdict is not None and verdict[1] >= MEDIUM else None
        if verdict is None or text[s - 2:s] == "::":
            continue  # (`Foo::Token`: a scope's member, a type or a constant)
        at, quoted = e, False
        if text[e:e + 1] in ("\"", "'", "`"):
            # a quoted key (`"password": X`, `name="form.password"`): read after its closing quote
            k = s
            while k > s - 64 and k > 0 and (text[k - 1].isalnum() or text[k - 1] in "_.-"):
                k -= 1
            if text[k - 1:k] == text[e]:
                at, quoted = e + 1, True
        m = after.match(text, at) if quote_near(text, at) is not None else None
        gap = m.group("gap") if m is not None else ""
        ends = gap_ends.get(gap)
        if ends is None:
            ends = gap_ends[gap] = _gap_ends(gap)
        if m is not None and (ends or (quoted and not any(ch in gap for ch in ":="))):
            m = None
        elif m is not None and not quoted and m.lastgroup == "dq" and _inside_a_string(text, s):
            m = None  # `url."https://${TOKEN}@host/".insteadOf "…"`: the quote after the name closes its string
        group = m is not None and m.lastgroup  # (the value's group closes last)
        if m is None and text[max(0, s - 2):s].strip()[-1:] not in ("(", ","):
            # (a bare word after an argument's name, `f(user, secret=x)`, is code's: a variable)
            # (not after a name that a colon joins to the segment before it: an ARN's or a URN's
            # `…:secret:NAME`, the name of a secret, no value)
            m, group = (bare.match(text, at) if text[s - 1:s] != ":" else None), "bare"
        if m is not None and m.start(group) in starts:
            continue
        if m is not None and (group != "bare" or verdict[1] > MEDIUM) and _taken(
                m.group(group), verdict[1], name, group == "bare", not any(ch in gap for ch in "=:(,<>-")):
            add_span(found, text, m.start(group), m.end(group), P_EVIDENCE, verdict[0])
            continue
        # (a value before its name only where `to` or `->` ends what comes before the name: the
        # search of the line's start for it is made only there)
        if text[max(0, s - 6):s].rstrip().lower().endswith((" to", "->")):
            line = text.rfind("\n", max(0, s - 160), s) + 1
            b = before.search(text, max(line, s - 160), s)
            if b is not None:
                group = "dq" if b.group("dq") is not None else "sq"
                if _taken(b.group(group), verdict[1], name):
                    add_span(found, text, b.start(group), b.end(group), P_EVIDENCE, verdict[0])


def _gap_ends(gap):
    """The name's reach ends in `gap`: a word of prose (`password for the db 'X'`), a call's
    parenthesis or bracket after a word (`ObjectId("…")`, `data["password1"]`: the
    value is the call's or the subscript's), another key (`encoding="…"`),
    or a word after `,`, `;`, `)` or a sentence's `. ` (the next argument's or statement's); a
    concatenation (`passwd + 'anonymous@'`: the literal is a piece of the value); another flag; a shell's pipe into
    a command (`curl …/account/password | sed -n '40,52p'`: the literal is the next command's)."""
    if "+" in gap:
        return True
    if "|" in gap and compiled("evidence-gap-pipe", r"(?:^|[^|])\|[ \t]*[a-z]").search(gap):
        return True
    if not any(ch.isalpha() for ch in gap):
        return False
    if "-" in gap and compiled("evidence-gap-flag", r"(?:^|[ \t])--?[A-Za-z]").search(gap):
        return True  # `--pass X --topic 'a/#'`: the flag's argument was the word before the next flag
    if "(" in gap:
        # a type's size (`VARCHAR2(64)`, COBOL's `PIC X(20) VALUE`) is the type's: its `)` ends no argument
        gap = compiled("evidence-gap-size", r"(?<=\w)\(\d{1,4}\)").sub("", gap)
    if compiled("evidence-gap-ends", r".*?(?:[A-Za-z_][\w]*(?:[ \t]*\((?!\d{1,4}\))|=|\[)|[,;)][^A-Za-z_]*[A-Za-z_]|\.[ \t])").match(gap):
        return True
    return any(w.lower() in _PROSE for w in compiled("evidence-words", r"[A-Za-z_][\w]*").findall(gap))


def _inside_a_string(text, s):
    """The name at `s` stands inside a double-quoted string of its line (an odd count of `"` before
    it, none escaped): the next `"` closes that string, and what follows it is no literal."""
    ls = text.rfind("\n", 0, s) + 1
    if s - ls > 400:
        return False
    head = text[ls:s]
    return head.count("\"") % 2 == 1 and "\\\"" not in head
