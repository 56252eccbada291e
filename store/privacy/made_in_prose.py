"""A password a person made, said in a sentence about passwords or logging in, with no label right
before it (`logging into the admin panel as ana@shop.example with X gives a 500`, `passwords with a
hash sign break the form, try X on staging`).  A random value beside a secret word is the entropy
rule's; a made one is told by its shape: lower and upper case, digits and a symbol that joins no
words (`!`, `#`, `$`, `%`, `&`, `*`: `Heron!Pass47`, `Quill#2290`), letters first.  A version, a
tag (`Release-2024`), an issue's number (`#4412`), an address or a path has no such shape."""

from store.privacy.joined_logins import made_password
from store.privacy.values import P_RANDOM, add_span, compiled, looks_random

# (below the other finders': a value one of them finds keeps the kind it gives)
P_PROSE = P_RANDOM + 500
# What a sentence about a password or a login says (lower case), found by the one pass's places
# (store/privacy/anchors.py: `pass` covers `password`, `passwd`, `passphrase`; `log in` covers `log
# into`, `logging in` `logging into`).
_WORDS = ("pass", "login", "log in", "logging in", "sign in", "signing in", "credential")
# ... and the sentence's words themselves (not `passes`, `bypass`).
_SAID = ("password", "passwd", "passphrase", "login", "log in", "logging in", "sign in", "signing in", "credential")


def literals() -> tuple:
    """What this module's finder is found by (the one pass's literals)."""
    return _WORDS


# What stands between words of prose, and what a made password said in prose never holds (`.` of a
# dotted name, `=` and `:` of a key and its value, `@` of an address, `/` and `\\` of a path).
_APART = frozenset(" \t,;()\"'`<>")
_NOT_IN_A_WORD = frozenset(".=:@/\\")


def made_passwords_in_prose(text: str, anchors, found: list) -> None:
    """Each made password on a line that says a password's or a login's word (the module's docstring)."""
    present = anchors.present
    low = anchors.low
    starts = set()  # (each line read once, however many of the words it says: linear in the text)
    for w in _WORDS:
        if w not in present:
            continue
        last_end = -1
        for at in anchors.at(w):
            if at < last_end:
                continue  # (another place on a line already read)
            starts.add(low.rfind("\n", 0, at) + 1)
            le = low.find("\n", at)
            last_end = len(low) if le < 0 else le
    for ls in sorted(starts):
        le = low.find("\n", ls)
        _on_the_line(text, ls, len(low) if le < 0 else le, found)


def _code(word: str) -> bool:
    """`Outer$Inner2`, `lambda$run$0`: a name the JVM or a shell's variable makes."""
    at = word.find("$")
    return at >= 0 and word[at + 1:at + 2].isalnum()


def _on_the_line(text, start, end, found):
    symbol = compiled("made-in-prose-symbol", r"[!#$%&*^~?]")
    if symbol.search(text, start, end) is None:
        return  # (most lines: no made password's symbol)
    line = text[start:end]
    made = []
    last = -1
    for m in symbol.finditer(line):  # (the words around a made password's symbol alone)
        if m.start() < last:
            continue
        s, last = _word_around(line, m.start())
        word = line[s:last].rstrip(".:")
        if 6 <= len(word) <= 40 and word[0].isalpha() and word.isascii() and _said(line, s) and _made(word):
            made.append((start + s, start + s + len(word)))
    if not made or (len(made) > 1 and _examples(line)):
        return
    # the sentence's own word, not one inside the value (`'Password1!' is rejected`: an example)
    rest = "".join(text[a:b] for a, b in zip([start] + [e for _s, e in made], [s for s, _e in made] + [end])).lower()
    if any(w in rest for w in _SAID):
        for s, e in made:
            add_span(found, text, s, e, P_PROSE, "password")


def _said(line: str, s: int) -> bool:
    """The word at line[s] stands as prose does: after a blank (a quote between them too), not a
    member's or a key's value (`"u":"X"`, `=X`)."""
    if s and line[s - 1] in "\"'`":
        s -= 1
    return not s or line[s - 1] in " \t("


def _examples(line: str) -> bool:
    """Values a sentence gives as alternatives (`such as 'X' or 'Y'`, `e.g.`): examples of a rule."""
    low = line.lower()
    return "such as" in low or "e.g." in low or "for example" in low or " or " in low


def _word_around(line: str, at: int) -> tuple:
    """(start, end) of the word of prose around line[at]: between blanks, quotes and brackets."""
    s = at
    while s and line[s - 1] not in _APART:
        s -= 1
    e = at + 1
    while e < len(line) and line[e] not in _APART:
        e += 1
    return s, e


def _made(word: str) -> bool:
    if any(ch in word for ch in _NOT_IN_A_WORD) or not made_password(word) or _code(word):
        return False  # (a dotted name, a key and its value, an address, a path: code's and data's)
    if "pass" in word.lower() or "qwerty" in word.lower():
        return False  # `Password1!`, `Qwerty123!`: the textbook weak password a sentence warns of
    return not looks_random(word)  # (base64's chunk: data's)
