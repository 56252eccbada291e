"""A user named before a password's label on its line: a user's label and its value (`user admin
pass X`, `SSID HomeNet / pass X`, `ID: admin, pw X`, `login: ana@example.org  pass: X`), or an
e-mail address alone (`ana@example.org  pass: X`), which is a login whatever labels it.  Read
backwards by string calls (a `pass` word stands thousands of times in a MB of output)."""

from __future__ import annotations

USER_WORDS = frozenset("user username login id ssid account benutzer usuario utilisateur логин пользователь 用户 用户名 账号 "
                        "帳號 ユーザー ユーザー名 아이디 사용자".split())
# Those of scripts written without spaces between words (and Hangul's), matched as characters alone.
_UNSPACED_USER_WORDS = tuple(w for w in USER_WORDS if ord(w[0]) >= 0x2E80)
_SEPARATORS = (":", "=", "\uff1a")


def after_a_user(text, s):
    """A user stands before the label at `s` on its line (see the module docstring): the label is
    the password's of that user."""
    ls = text.rfind("\n", max(0, s - 120), s) + 1
    if ls == 0 and s > _USER_WINDOW:
        # no line break within 120 characters: what stands before is read from the text's start,
        # where its last two words decide; read in its last characters first (a copy of all that
        # precedes, at each label of a long line, cost ~20 us each in a MB of real output)
        verdict = _user_before(text[s - _USER_WINDOW:s], True)
        if verdict is not None:
            return verdict
    return _user_before(text[ls:s], False)


_USER_WINDOW = 400


def _user_before(seg, window):
    """after_a_user's verdict on what stands before the label (`seg`); with `window`, None when
    `seg`, the end of what stands there, is too short to tell what all of it would."""
    seg = seg.rstrip(" \t")
    if seg[-1:] in ("/", ",", "|"):
        seg = seg[:-1].rstrip(" \t")
    cut = max(seg.rfind(" "), seg.rfind("\t"))
    if window and cut < 0:
        return None
    value, rest = seg[cut + 1:], seg[:cut + 1].rstrip(" \t")
    if window and not rest:
        return None
    for sep in _SEPARATORS:
        if sep in value:
            if rest:
                return False
            rest, _, value = value.partition(sep)
            break
    if an_email_address(value):
        return True  # `ana@example.org  pass: X`: an address is a login, labelled or not
    rest = rest.rstrip(":=\uff1a \t")
    at = max(rest.rfind(" "), rest.rfind("\t"), rest.rfind("("), rest.rfind(","))
    if window and at < 0:
        return None
    label = rest[at + 1:].lower()
    return label in USER_WORDS and 0 < len(value) <= 64 and "/" not in value


_LOCAL_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._+-")
_DOMAIN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-")


def an_email_address(word):
    """`word` is an e-mail address: a user at a host (a_user_at_a_host) whose top level is 2-24
    letters.  Letters of any script count (`josé@exemple.fr`); a top level with a digit is not one.
    The one reading of an address for every caller (the user before a label, the never-list)."""
    top = a_user_at_a_host(word)
    return top is not None and 2 <= len(top) <= 24 and top.isalpha()


def a_user_at_a_host(word):
    """The last label of `word`'s host when `word` is a user at a host of two labels or more
    (`ana@example.org`, `ana@10.0.0.1`, `P@ss.w0rd` too), else None: the shape a password is not
    taken for (an address or a login's target).  By string calls, no pattern."""
    local, at, domain = word.partition("@")
    if not at or not local or not domain or len(word) > 254:
        return None
    if word.isascii():
        if not _LOCAL_CHARS.issuperset(local) or not _DOMAIN_CHARS.issuperset(domain):
            return None
    elif not all(c.isalnum() or c in "._+-" for c in local) or not all(c.isalnum() or c in "._-" for c in domain):
        return None
    head, dot, top = domain.rpartition(".")
    if not dot or not head or not top or head.startswith(".") or ".." in domain:
        return None
    return top


def a_users_name(text, s, value):
    """The value at text[s] is a user's name, not a password: a user's label and its separator stand
    right before it in a script written without spaces (`账号：X` after `密码是`), or
    start it (`credentials: 账号：X`, a user's pair read as one value, no password in it)."""
    head, sep, rest = "", "", ""
    for mark in _SEPARATORS:
        if mark in value:
            head, sep, rest = value.partition(mark)
            break
    if sep and rest.strip() and not any(mark in rest for mark in _SEPARATORS):
        return _ends_with_a_user_word(head.rstrip(" \t"))
    before = text[max(0, s - 40):s].rstrip(" \t")
    if not before or before[-1] not in _SEPARATORS:
        return False
    # (only a script's written without spaces: in English `Password for the 'elastic' user: X`,
    # `user` is the password's owner, named in the password's own label)
    return before[:-1].rstrip(" \t").endswith(_UNSPACED_USER_WORDS)


def _ends_with_a_user_word(seg):
    """`seg` ends with a word of USER_WORDS: whole in a spaced script (`my login`, not `client_id`),
    its characters alone in a script written without spaces (`密码是账号`)."""
    low = seg.lower()
    for word in USER_WORDS:
        if low.endswith(word):
            at = len(low) - len(word)
            if at == 0 or ord(word[0]) >= 0x2E80 or not (low[at - 1].isalnum() or low[at - 1] in "_-."):
                return True
    return False
