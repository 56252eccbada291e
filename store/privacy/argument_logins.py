"""A password as a command's or a call's argument with no flag that names it: after its login, by
position (`./deploy.sh staging deploy-bot 'X'`, `manage.py create acme ana@acme.test X`,
`seed-admin.js http://localhost:3000 root X`, `Bot("ana@chat.example", "X")`, ftp's `user ana X`),
after `-p` where `-u` gave the login (`pmcmd … -u Administrator -p 'X'`), a random value a `login`
subcommand takes (`cli login https://host X`), and a value given twice in a row: a password and its
confirmation (`(echo 'X'; echo 'X') | pure-pw useradd …`, a boot command's `"X<enter>"` twice
after `passwd`).  No label names it; the arguments' shapes do: a login (an e-mail address, a name
that says it is an account: `root`, `labadmin`, `deploy-bot`, `svc_backup`, or any name after the
word `user`), then a password a person made (lower and upper case, digits and a symbol:
`Heron!Pass47`) or a random value.  A version, a region, a path, a plain name or a number stays.

Read in a short text alone (a command, a prompt, a few lines of code): a command line is short,
and a long output's columns are the aligned tables' (candidates._aligned_tables)."""

from store.privacy.joined_logins import made_password
from store.privacy.users import a_user_at_a_host
from store.privacy.values import P_RANDOM, add_span, compiled, looks_random

# (below the other finders': a value one of them finds keeps the kind it gives)
P_ARGUMENT = P_RANDOM + 500
_SHORT = 4_000
# A word of a command line or of a call's arguments: quoted (the quotes left out) or bare.
_WORD = r"\"([^\"\n]{1,200})\"|'([^'\n]{1,200})'|([^\s,()\[\]{};\"'=]{1,200})"
# What a name that is an account holds (`labadmin`, `deploy-bot`, `svc_backup`, `root`).
_ACCOUNT_WORDS = ("admin", "root", "user", "bot", "svc", "service", "operator", "login", "account")
# Words before a login that say it is one (`user ana X`: ftp's command; `-u ana -p X`).
_USER_WORDS = frozenset(("user", "login", "username", "-u", "-user", "--user", "--username", "-U", "/u", "/user"))
# (`-P` after `-U`: the SQL clients' pair, `sqsh -U sa -P X`; a port there is a number, no password's shape)
_PASSWORD_FLAGS = frozenset(("-p", "-pass", "-pw", "-pwd", "-P", "/p", "/pw", "/password"))
_LOGIN_COMMANDS = frozenset(("login", "auth", "signin"))
_TWICE_WITHIN = 3  # words: `echo X; echo X`


def _a_login(word: str, before: str) -> bool:
    if "@" in word:
        return a_user_at_a_host(word) is not None
    if not compiled("argument-login-name", r"[A-Za-z][A-Za-z0-9._-]{1,40}\Z").match(word):
        return False
    return before in _USER_WORDS or (word.islower() and any(w in word for w in _ACCOUNT_WORDS))


def _a_password(word: str) -> bool:
    if word[0] in "-$%{" or "/" in word or "@" in word or "\\" in word or ":" in word or "${" in word:
        return False  # a flag (`-pX`: the position rule's), a reference, a path, a login at its host or joined
    return made_password(word) or (len(word) >= 16 and looks_random(word))


def argument_logins(text: str, found: list) -> None:
    """Each password standing as an argument the module's docstring says."""
    if len(text) > _SHORT:
        return
    words = []  # (word, start, end, line)
    rx = compiled("argument-word", _WORD)
    line = 0
    last = 0
    for m in rx.finditer(text):
        line += text.count("\n", last, m.start())
        last = m.start()
        g = 1 if m.group(1) is not None else 2 if m.group(2) is not None else 3
        word, s, e = m.group(g), m.start(g), m.end(g)
        if "<" in word and word[0] != "<":
            e = s + word.index("<")  # `X<enter><wait>`: keys a boot command types after the value
            word = word[:e - s]
        # (a name before `=` or `:` is a key, `userid=X`: not a login)
        key = text[m.end():m.end() + 1] in ("=", ":")
        inside = _inside_brackets(text, s)
        flag = compiled("argument-colon-flag", r"[-/][A-Za-z]{1,12}:(?=.)").match(word) if g == 3 else None
        if flag is not None:
            # Windows' `-u:ana -p:X`, `/user:ana`: the flag and its value, two words
            words.append((word[:flag.end() - 1], s, s + flag.end() - 1, line, False, inside))
            word, s = word[flag.end():], s + flag.end()
        # (`printf 'ana\nX\n'`: the lines a quoted string writes, each a word)
        for part in word.split("\\n") if "\\n" in word else (word,):
            words.append((part, s, s + len(part), line, key, inside))
            s += len(part) + 2
    for i, (word, s, e, _line, _key, _inside) in enumerate(words):
        if not word or not _a_password(word):
            continue
        again = _again(words, i, word)
        if again is not None:  # both: the copies' finder takes no copy inside an escape's word (`\\nX\\n`)
            add_span(found, text, again[1], again[2], P_ARGUMENT, "password")
        if again is not None or _after_its_login(words, i, _line):
            add_span(found, text, s, e, P_ARGUMENT, "password")


def _after_its_login(words, i, line) -> bool:
    """The word at `i` follows its login, or `-p` after `-u`, or a `login` subcommand (random)."""
    if i == 0 or words[i - 1][3] != line or words[i - 1][4]:
        return False
    before = words[i - 1][0]
    two_before = words[i - 2][0] if i >= 2 and words[i - 2][3] == line else ""
    if i >= 2 and words[i - 2][3] == line and _a_login(before, two_before):
        # (the login is an argument, not the line's first word: an exec array's `["admin", "X"]` is
        # a command's name and its argument)
        # in a call's or a tuple's brackets a login is an e-mail address: `("admin", "Orders#2024", 42)`
        # is a row of data, where a command line's `root X` is a login's
        return "@" in before or not words[i][5]
    if before in _PASSWORD_FLAGS:
        return any(w[0] in _USER_WORDS for w in words[max(0, i - 6):i - 1] if w[3] == line)
    if len(words[i][0]) >= 20 and looks_random(words[i][0]):
        return any(w[0] in _LOGIN_COMMANDS for w in words[max(0, i - 4):i] if w[3] == line)
    return False


def _inside_brackets(text: str, at: int) -> bool:
    """text[at] stands inside a parenthesis or a bracket opened on its line (a call's, a tuple's)."""
    ls = text.rfind("\n", 0, at) + 1
    return text.count("(", ls, at) + text.count("[", ls, at) > text.count(")", ls, at) + text.count("]", ls, at)


def _again(words, i, word):
    """The same made password again within a few words after it (a password and its confirmation),
    or None; a random value said twice is an id (`"id": X, "rawId": X`)."""
    if not made_password(word):
        return None
    return next((w for w in words[i + 1:i + 1 + _TWICE_WITHIN] if w[0] == word), None)
