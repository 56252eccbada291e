"""A secret in a string code builds from pieces: literals joined by `+` (`";Password=" + "X" +
";Encrypt=True;"`, `b'ana@corp.test:' + b'X'`, `'postgres://app:' + 'X' + '@db/app'`) or a
format's template filled by its arguments (`fmt.Sprintf("%s:%s@tcp(%s)/db", "app", "X", host)`,
`format!("redis://:{}@{}:6379", "X", host)`, `"{}:{}".format(user, "X")`).  No finder sees such a
value beside its label: the pieces are read joined, as the program would build them, by the same
finders, and what they find in a literal piece is that piece's.  An operand that is no literal
(a variable, a call: `Environment.GetEnvironmentVariable("X")`) stands in the joined text as a
reference (`${…}`), which no finder takes for a value."""

from __future__ import annotations

from store.privacy.values import P_RANDOM, add_span, compiled, line_bounds

# (below the finders of the text itself: a value they find keeps the kind they give it)
P_JOINED = P_RANDOM + 600
# a statement longer than this is generated code or data, not a string a person builds
_LINE_MAX = 1_000
# the joined texts read in one text at most (each is found again by every finder)
_MAX_JOINS = 40
_LITERAL = r"[bBrRuUfF@$]{0,2}(?:\"(?P<dq>[^\"\\\n]{0,300})\"|'(?P<sq>[^'\\\n]{0,300})')"
# a literal then `+` or a `+` then a literal: a concatenation's place
_JOIN_AT = r"[\"'][ \t]*\+[ \t]*[^ \t+=]|[^ \t+][ \t]*\+[ \t]*[bBrRuUfF@$]{0,2}[\"']"
# a format's placeholder: C's and Go's `%s`/`%v`/`%d`, Rust's and Python's `{}`/`{0}`/`{:?}`
_PLACEHOLDER = r"%[-+ #0-9.]{0,4}[svdqS]|\{[0-9]{0,2}(?::[^{}\n]{0,6})?\}"
# what calls a template's format with the arguments after it: a `printf`/`format`/`Format` callee (its
# name's end, `fmt.Sprintf(`, `format!(`, `snprintf(buf, n, `) or `.format(` / `%` after the template
_FORMAT_CALL = r"(?i)(?:printf|format|fmt)!?[ \t]*\((?:[^()\"'\n]{0,40},)?[ \t]*\Z"


def joined_strings(look, find) -> None:
    """Each concatenation's and each format call's joined text (see the module docstring) read by
    `find`; a find inside a literal piece is added as that piece's."""
    text = look.text
    if "\"" not in text and "'" not in text:
        return
    joins = 0
    for ls, le in _lines_holding(text, "joined-at", _JOIN_AT):
        if joins >= _MAX_JOINS:
            return
        for pieces in _concatenations(text, ls, le)[:_MAX_JOINS - joins]:
            joins += 1
            _read(look, find, pieces)
    if "%" not in text and "{" not in text:
        return
    for ls, le in _lines_holding(text, "joined-placeholder", _PLACEHOLDER):
        if joins >= _MAX_JOINS:
            return
        pieces = _formatted(text, ls, le)
        if pieces:
            joins += 1
            _read(look, find, pieces)


def _lines_holding(text: str, name: str, pattern: str):
    """(start, end) of each line of `text` where `pattern` matches, once a line, but a line longer
    than `_LINE_MAX`."""
    done = -1
    for m in compiled(name, pattern).finditer(text):
        if m.start() < done:
            continue
        ls, le = line_bounds(text, m.start())
        done = le
        if le - ls <= _LINE_MAX:
            yield ls, le


def _read(look, find, pieces) -> None:
    """`pieces` ((text, start in the text or -1)) joined and read by `find`; each find mapped back
    to the literal pieces it covers."""
    joined, places, at = [], [], 0
    for piece, start in pieces:
        joined.append(piece)
        places.append((at, at + len(piece), start))
        at += len(piece)
    for kind, s, e in find("".join(joined)):
        for ps, pe, start in places:
            if start >= 0 and s < pe and e > ps:
                add_span(look.found, look.text, start + max(s, ps) - ps, start + min(e, pe) - ps, P_JOINED, kind)


def _concatenations(text, ls, le):
    """The pieces of each of the line's concatenations that join a literal to another operand (a
    literal's content with its place; another operand, up to a call's bracket, as a reference)."""
    token = compiled("joined-token", _LITERAL + r"|(?P<plus>[ \t]*\+[ \t]*)|(?P<operand>" + _OPERAND + ")")
    runs, run, literals, want_plus = [], [], 0, False
    at = ls
    while at <= le:
        m = token.match(text, at, le) if at < le else None
        if m is None or m.end() == at or (m.group("plus") is not None) != want_plus:
            if len(run) >= 2 and literals:
                runs.append(run)
            run, literals, want_plus = [], 0, False
            if m is None or m.end() == at or m.group("plus") is not None:
                at += 1
            continue
        at = m.end()
        if want_plus:
            want_plus = False
            continue
        if m.group("operand") is not None:
            run.append(("${" + m.group("operand")[:40] + "}", -1))
        else:
            group = "dq" if m.group("dq") is not None else "sq"
            run.append((m.group(group), m.start(group)))
            literals += 1
        want_plus = True
    return runs


# an operand of code: a name and its members (`host`, `cfg.db.Password`; a call's name up to its bracket)
_OPERAND = r"[A-Za-z_$][\w$]{0,60}(?:\.[A-Za-z_$][\w$]{0,60}){0,6}"


def _formatted(text, ls, le):
    """The pieces of a format call's template filled by its arguments on the line, or None."""
    literal = compiled("joined-literal", _LITERAL)
    for m in literal.finditer(text, ls, le):
        group = "dq" if m.group("dq") is not None else "sq"
        template = m.group(group)
        holes = list(compiled("joined-hole", _PLACEHOLDER).finditer(template))
        if not holes:
            continue
        after = text[m.end():le]
        if compiled("joined-format-call", _FORMAT_CALL).search(text, max(ls, m.start() - 40), m.start()):
            rest = compiled("joined-after-template", r"[ \t]*,").match(after)
        else:
            rest = compiled("joined-format-method", r"\.format[ \t]*\(|[ \t]*%[ \t]*\(?").match(after)
        if rest is None:
            continue
        args = _arguments(text, m.end() + rest.end(), le)
        if not args or len(args) < len(holes):
            continue
        pieces, at = [], 0
        base = m.start(group)
        for hole, arg in zip(holes, args):
            pieces.append((template[at:hole.start()], base + at))
            pieces.append(arg)
            at = hole.end()
        pieces.append((template[at:], base + at))
        return pieces
    return None


def _arguments(text, at, le):
    """A call's arguments from `at` to its closing bracket on the line: a literal's content with
    its place, another argument as a reference; None past 12 arguments or an unclosed bracket."""
    literal = compiled("joined-literal", _LITERAL)
    args, depth, start, i = [], 0, at, at
    while i < le:
        ch = text[i]
        if ch in "\"'":
            m = literal.match(text, i)
            if m is None:
                return None
            i = m.end()
            continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}" or (ch == "," and depth == 0):
            if ch != "," and depth:
                depth -= 1
                i += 1
                continue
            arg = text[start:i].strip()
            m = literal.fullmatch(arg)
            if m is not None:
                group = "dq" if m.group("dq") is not None else "sq"
                lead = len(text[start:i]) - len(text[start:i].lstrip())
                args.append((m.group(group), start + lead + m.start(group)))
            elif arg:
                args.append(("${" + arg[:40] + "}", -1))
            if ch != "," or len(args) > 12:
                return args if ch != "," else None
            start = i + 1
        i += 1
    return None
