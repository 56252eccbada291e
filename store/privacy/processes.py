"""Secrets as people and processes show them, beyond the shapes of files and code (each finder a
row of FINDERS in store/privacy/__init__.py, each value decided by store/privacy/evidence.py):

- a ONE-TIME CODE said with its label, in a sentence or a forwarded message (`my 2FA code is
  482913`, `verification code: 482913`, `验证码：482913`, `인증번호 [482913]`, `Use 482913 as your
  login code`): 4 to 8 digits that end the clause, after a label that names a code of a second
  factor or of a verification (a quantity, `verification took 1234 ms`, and a number of any other
  label, `error code 482913`, `order #482913`, are kept).
"""

from __future__ import annotations

from bisect import bisect_left

from store.privacy.evidence import ASSIGN, POSITION, SENTENCE, SPACE, decide, dotted_password, shape
from store.privacy.names import NAME_CHARS_TEXT, name_verdict
from store.privacy.never import never_secret, public_blocks
from store.privacy.rules import MEDIUM, STRONG
from store.privacy.values import (
    P_CUSTOM,
    P_NAME,
    P_RANDOM,
    P_SHAPE,
    add_span,
    compiled,
    value_below,
)

P_PROCESS = P_NAME + 500  # as a candidate's (store/privacy/candidates.py)
P_SENTENCE = P_RANDOM + 500  # a noun's value found by a finder of its own keeps that finder's kind
P_COPY = P_CUSTOM + 1_000  # the least specific: a copy found by a finder of its own keeps that finder's kind

# ------------------------------------------------------------------------------ one-time codes
# The words that say a code is a second factor's or a verification's, as the one pass finds them
# (lowercased; `verifica` is verification, verificación, verificação, verificatie; `confirma`
# confirmation, confirmación; `authentica` authentication, authenticator).
OTP_CODE_LITERALS = (
    "2fa", "mfa", "otp", "sms code", "verifica", "vérifica", "authentica", "confirma", "security code", "login code",
    "sign-in code", "signin code", "one-time", "one time", "bestätigungscode", "verifizierungscode",
    "sicherheitscode", "anmeldecode", "weryfikac", "doğrulama", "xác minh", "xác nhận", "подтвержд", "验证码",
    "驗證碼", "认证码", "校验码", "인증번호", "인증 코드", "인증코드", "確認コード", "認証コード", "認證碼",
)  # fmt: skip
_CODE_WORDS = r"(?:codes?|tokens?|pin|passcode|passwords?|passwort|kod[ua]?|kode|koodi|código|codice|code|код|mã|번호|코드|コード|码|碼)"
# a second factor's words stand alone (`OTP: X`, `my 2FA X`); the others name a code only with its
# word (`verification code`, `login code`: `confirmation 20931` may be a booking's number)
_ALONE = r"(?:2fa|mfa|otp|totp)"
_QUALIFIERS = (r"(?:2fa|mfa|otp|totp|sms|verifica\w{0,6}|vérification|authentica\w{0,5}|confirma\w{0,6}|security|login"
               r"|sign-?in|one[- ]time|bestätigungs|verifizierungs|sicherheits|anmelde|weryfikac\w{0,8}"
               r"|doğrulama|xác minh|xác nhận|подтвержд\w{0,6}|验证|驗證|认证|校验|인증|確認|認証|認證)")
# The words that say a code is the value after them (`code is 2025`), in the languages of Latin script.
_CONNECTIVE_WORDS = ("is", "was", "ist", "lautet", "est", "es", "é", "è", "är", "er", "on", "je", "jest", "to", "da")
_CONNECTIVES = r"(?:" + "|".join(_CONNECTIVE_WORDS) + r"|是|为|為|は|는|은|:)"
_DIGITS = r"(\d{3}[ -]\d{3}|\d{4,8})"
# what ends a code's clause: not a unit or a count (`1234 ms`, `6 digits`), no digit or letter on
_CODE_END = (r"(?![\w.,:/-]?\d)(?![A-Za-z\u00c0-\u024f\u0370-\u04ff_])(?![ \t]*(?:ms|s|sec|secs|seconds|bytes|kb|mb|gb|%|px|times|rows|digits"
             r"|chars|characters|minutes|mins|min|hours|days|attempts|tries|ft|m|km|kg)\b)")


def _otp_rx():
    return compiled("one-time code", (
        r"(?i)(?<![\w-])(?:(?:codes?|código|codice|kod|код|mã)[ \t]+(?:de[ \t]+|di[ \t]+|(?:from|for)[ \t]+(?:(?:my|the|your)[ \t]+)?)?"
        + _QUALIFIERS + r"(?:[ \t]*app)?|" + _ALONE + r"(?:[ \t-]?" + _CODE_WORDS + r")?|" + _QUALIFIERS
        + r"(?:[ \t]*app)?[ \t-]?" + _CODE_WORDS + r")"
        r"(?:[ \t]*[:=\uff1a][ \t]*|[ \t]+" + _CONNECTIVES + r"[ \t]+|[ \t]*(?:是|为|為|は|는|은)[ \t]*|[ \t]+)"
        r"[\[(「\"'`]?" + _DIGITS + r"[\])」\"'`]?" + _CODE_END
        + r"|(?<![\w-])" + _DIGITS + r"[ \t]+(?:as|is)[ \t]+(?:your|the|my|a)[ \t]+(?:[^\W\d_]{2,12}[ \t]+)?"
        + _QUALIFIERS + r"[ \t-]?" + _CODE_WORDS))  # fmt: skip


def _a_year_after_a_bare_space(text, s, digits):
    """The code's 4 digits at `s` are a year (1950-2049) that only a space joins to the label's last
    word: no colon, no `is`, no quote (a phrase with its year, a search query's `... 2025`)."""
    if len(digits) != 4 or not (digits[:2] == "19" and digits[2] >= "5" or digits[:2] == "20" and digits[2] < "5"):
        return False
    head = text[max(0, s - 30):s]
    if head[-1:] not in (" ", "\t"):
        return False
    word = head.rstrip(" \t").rsplit(None, 1)[-1:] or [""]
    return word[0][-1:].isalpha() and word[0].lower() not in _CONNECTIVE_WORDS  # (`code authentication 2025`)


def one_time_codes(text, low, anchors, found):
    """A one-time code said with its label (see the module docstring)."""
    present = anchors.present
    rx = None
    done = -1
    for lit in OTP_CODE_LITERALS:
        if lit not in present:
            continue
        if rx is None:
            rx = _otp_rx()
            three = compiled("three digits", r"\d{3}").search
            digits = compiled("a code's digits", r"\d{3}[ -]\d{3}|\d{4}").search
        for at in anchors.at(lit):
            if at < done:
                continue
            # (every code holds _DIGITS, from three digits in a row on: `robotparser` holds `otp`,
            # `authenticate` stands by SMTP's `235`; ~15 us a pattern's search, for 17 of the 37
            # places with three digits on the MB of network modules' source)
            d = three(text, max(0, at - 40), min(len(text), at + 90))
            if d is None or digits(text, d.start(), min(len(text), at + 90)) is None:
                continue
            m = rx.search(text, max(0, at - 40), min(len(text), at + 90))
            while m is not None and m.end() <= at:
                m = rx.search(text, m.end(), min(len(text), at + 90))
            if m is None or m.start() > at + len(lit):
                continue
            g = 1 if m.start(1) >= 0 else 2
            done = m.end()
            if g == 1 and _a_year_after_a_bare_space(text, m.start(1), m.group(1)):
                continue  # `invite code authentication 2025`: a search's words and its year, no code
            if decide(m.group(g), STRONG, POSITION):
                add_span(found, text, m.start(g), m.end(g), P_PROCESS, "password")


# ------------------------------------------------------------------------------ a client's commands
# A client's prompt (`127.0.0.1:6379> `, `SQL> `, `ftp> `, `mysql> `, `>>> `), or none: the line starts there.
_PROMPT = r"(?:^|(?<=\n))[ \t]*(?:(?:[\w.-]{1,20} )?[\w.:@()\[\]~/-]{1,60}(?:>|=>|=#)[ \t]?|>>>[ \t])?"
# (literal the one pass finds, the command's pattern after a prompt, strength, style)
SESSION_COMMANDS = (
    ("auth ", r"(?:AUTH|(?<=>)auth|(?<=> )auth)[ \t]+(?:[\w.@-]{1,64}[ \t]+)?(\S{1,256}?)[ \t]*\r?(?:\n|\Z)", STRONG, SPACE),
    ("conn", r"(?i:conn(?:ect)?)[ \t]+[\w$#]{1,30}/([^\s/@\"']{1,128})(?:@[\w.:/-]{1,200})?[ \t]*+;?[ \t]*+\r?(?:\n|\Z)",
     STRONG, SPACE),
    ("> user ", r"(?i:user)[ \t]+(?!(?i:anonymous|ftp)[ \t])[\w.@-]{1,64}[ \t]+(\S{1,256}?)[ \t]*\r?(?:\n|\Z)", STRONG, SPACE),
)  # fmt: skip
_SET_PASSWORD_FROM = r"(?i)\bset[ \t]+password[ \t]+from[ \t]+(['\"])[^'\"\n]{0,128}\1[ \t]+to[ \t]+(['\"])([^'\"\n]{1,128})\2"


def client_commands(text, anchors, found):
    """A client's command typed at its prompt (see the module docstring)."""
    present = anchors.present
    for lit, pattern, strength, style in SESSION_COMMANDS:
        if lit not in present:
            continue
        rx = compiled("session " + lit, _PROMPT + pattern)
        places = anchors.at(lit)
        read = m = None  # (the line last read: each is read once)
        for i, at in enumerate(places):
            # (a break 81 characters back or nearer, or none: a longer line is not read back to its start)
            line_start = text.rfind("\n", at - 81 if at > 81 else 0, at) + 1
            if at - line_start > 80:
                continue
            if line_start != read:
                read = line_start
                # (where the literal is the command's first word, a line none of its places may
                # start a command on is not matched: `self.conn = …`, `= connect(`: most of the 812
                # places of `conn` on the MB of network modules' source, ~1 ms of this pattern)
                may = lit[0] == ">" or text[at - 1] in "\n>#" or _may_start_a_command(text, line_start, places, i)
                m = rx.match(text, line_start) if may else None
            if m is not None and m.start(1) > at and decide(m.group(1), strength, style, alone=True):
                add_span(found, text, m.start(1), m.end(1), P_PROCESS, "password")
    if "password from" in present:
        rx = compiled("set password from", _SET_PASSWORD_FROM)
        for at in anchors.at("password from"):
            m = rx.search(text, max(0, at - 12), min(len(text), at + 400))
            if m is not None and decide(m.group(3), STRONG, POSITION):
                add_span(found, text, m.start(3), m.end(3), P_PROCESS, "password")


def _may_start_a_command(text, line_start, places, i):
    """Whether a command may start at places[i] (the first on its line) or a later place on its
    line: after the line's indent, or after a prompt's `>` or `#` (and a space or a tab)."""
    line_end = -1
    for k in range(i, len(places)):
        c = places[k]
        if k > i:
            if line_end < 0:
                line_end = text.find("\n", line_start)
                line_end = len(text) if line_end < 0 else line_end
            if c >= line_end:
                return False
        before = text[c - 1] if c > line_start else "\n"
        if before in "\n>#" or (before in " \t" and (text[c - 2] in ">#" or not text[line_start:c].strip(" \t"))):
            return True
    return False


# ------------------------------------------------------------------------------ a protocol's commands
# A text protocol's command that takes a credential at a fixed place (IMAP, POP3, FTP, SMTP, IRC,
# Redis, NNTP): the command word (the one pass's literal) -> how many words may follow it, the
# credential the last.  The command is in capitals (as clients send it) or, after an IRC
# service's name, in any case.
PROTOCOL_COMMANDS = {"pass": (1, 1), "auth": (1, 2), "login": (2, 2), "identify": (1, 2), "oper": (2, 2),
                     "authenticate": (2, 2)}  # (IMAP's, ManageSieve's: a mechanism, then its first response)
# (`identify`'s `y` would take a pass of its own in the one pass: it is found by its service's name)
_PROTOCOL_LITERALS = {"identify": "nickserv", "authenticate": "auth"}
# SASL mechanisms: `AUTH PLAIN` alone names how, not a credential (its second word is one)
_SASL = frozenset(("PLAIN", "LOGIN", "CRAM-MD5", "DIGEST-MD5", "XOAUTH2", "OAUTHBEARER", "GSSAPI", "NTLM",
                   "SCRAM-SHA-1", "SCRAM-SHA-256", "EXTERNAL", "ANONYMOUS"))  # fmt: skip
# What may stand before the command on its line: a line's start or a tracer's quoted buffer
# (`write(3, "`, `send: '`, `iov_base="`, a debugger's `$1 = "`, `0x7ff7 "`: it must hold an
# escaped line break, see _command_words), a transcript's mark of who
# speaks (`C:`, `>`, `<--`) or a client's prompt (`host:6379>`), then an IRC service's name
# (`/msg NickServ`, `PRIVMSG NickServ :`), an IMAP tag (`a001`), NNTP's AUTHINFO or Redis's `HELLO 3`.
_PROTOCOL_LEAD = (r"(?m:^|[(,:\]={ \t][ \t]*\\?(?P<q>[\"']))[ \t]*(?:(?:[CS]|client|server|send|reply|>{1,2}|<{1,2}|-->|<--)"
                  r"[ \t]*:?[ \t]+|[\w.:@()\[\]~/-]{1,60}>[ \t]?)?(?:(?P<irc>(?:/msg|/quote|PRIVMSG)[ \t]+\w{1,30}[ \t]+:?)"
                  r"|[A-Za-z]{0,4}\d{1,6}[ \t]+|AUTHINFO[ \t]+|HELLO[ \t]+\d[ \t]+)?\Z")  # fmt: skip
# A command's words each quoted, as a server logs them (Redis MONITOR: `"auth" "user" "X"`)
_QUOTED_WORDS = r"(?:[ \t]+\\?\"((?:[^\"\\\n]|\\.){1,256}?)\\?\"){1,2}[ \t]*\r?(?:\n|\Z)"


_AFTER_COMMAND = frozenset(" \t\"\\")


def protocol_commands(text, anchors, found):
    """A protocol's command whose last word is a credential (PROTOCOL_COMMANDS), on a line of a
    dialogue, in a tracer's quoted buffer (strace, ltrace, a client's debug print) or with its words quoted."""
    present = anchors.present
    for lit, (least, most) in PROTOCOL_COMMANDS.items():
        if _PROTOCOL_LITERALS.get(lit, lit) not in present:
            continue
        n = len(lit)
        # (the character after the command first, in one comprehension: most places of `pass` are
        # a `password`'s, ~30,000 on the dense MB, ~3.5 -> ~1 ms)
        for at in [at for at in _protocol_places(text, anchors, lit) if text[at + n:at + n + 1] in _AFTER_COMMAND]:
            end = at + n
            after = text[end]
            if at and (text[at - 1].isalnum() or text[at - 1] in "_-"):
                continue
            line_start = text.rfind("\n", at - 81 if at > 81 else 0, at) + 1
            if at - line_start > 80:
                if text[at - 1] not in "\"'":
                    continue
                line_start = at - 80  # quoted late in a long line (a server's log): its lead read before it
            if after != " " and after != "\t":
                _quoted_words(text, at, end, least, most, found)
                continue
            if lit != "identify" and not text[at:end].isupper():
                continue  # (a command in lower case only after an IRC service's name: `pass the salt`)
            lead = compiled("protocol lead", _PROTOCOL_LEAD).search(text, line_start, at)
            if lead is None or not (lead.group("irc") or text[at:end].isupper()):
                continue
            if compiled("protocol-tally", r"[ \t]+\d+/\d+[ \t]*\r?(?:\n|\Z)").match(text, end):
                continue  # `PASS 12/12`: a test runner's tally of its checks, not a command's argument
            _command_words(text, end, lead.group("q"), bool(lead.group("irc")), least, most, found)


def _protocol_places(text, anchors, lit):
    """Where the command `lit` may stand (IDENTIFY: after an IRC service's name, found by it)."""
    if lit not in _PROTOCOL_LITERALS:
        return anchors.at(lit)
    if lit == "authenticate":
        return [at for at in anchors.at("auth") if text[at + 4:at + 12].lower() == "enticate"]
    rx = compiled("after nickserv", r"(?i)nickserv[ \t]+:?(?=identify[ \t])")
    return [m.end() for m in (rx.match(text, at) for at in anchors.at("nickserv")) if m is not None]


def _user_logged_above(text, at, quote):
    """A server's log of each command it got, quoted (vsftpd's `FTP command: Client …, "PASS X"`):
    the line before logged the login's user the same way (`"USER ana"`), so the quoted command at
    `at` is a dialogue's line."""
    ls = text.rfind("\n", 0, at)
    return ls > 0 and (quote + "USER ") in text[text.rfind("\n", 0, ls) + 1:ls]


def _command_words(text, at, quote, named, least, most, found):
    """The words after a command at `at`, to its line's end (in a quoted buffer: to an escaped
    break, or to the quote's end after an IRC service's name, `named`): the last is decided a
    credential when their count fits."""
    stop = text.find("\n", at, at + 400)
    stop = min(len(text), at + 400) if stop < 0 else stop
    for mark in ("\r",) + ((quote,) if quote else ()):
        k = text.find(mark, at, stop)
        if k >= 0:
            stop = k
    k = text.find("\\", at, stop)
    while 0 <= k < stop - 1 and text[k + 1] not in "rnRN":
        k = text.find("\\", k + 1, stop)
    if 0 <= k < stop - 1:
        stop = k  # (an escaped break ends a buffer's line: `\r\n`, `\R\N` as some copies show it, `\\r\\n`)
        while stop > at and text[stop - 1] == "\\":
            stop -= 1
    elif quote and not named and not _user_logged_above(text, at, quote):
        return  # a quoted string with no line break in it is no protocol's line (`caps = 'AUTH ENABLE X'`)
    words = text[at:stop].split()
    if not least <= len(words) <= most or (len(words) == 1 and words[0].strip("\"") in _SASL) or \
            not all(any(ch.isalnum() for ch in w) for w in words):
        return  # (`Auth -> /path/Auth.dll`: a build's line, its arrow no word)
    v = words[-1]
    s = text.rfind(v, at, stop)
    if len(v) > 2 and v[0] == v[-1] == "\"":
        v, s = v[1:-1], s + 1  # (ManageSieve's words are quoted: `AUTHENTICATE "PLAIN" "X"`)
    if decide(v, STRONG, SPACE, alone=True):
        add_span(found, text, s, s + len(v), P_PROCESS, "password")


def _quoted_words(text, at, end, least, most, found):
    """A command logged with its words each quoted (`"AUTH" "X"`): the last word, as above."""
    if text[at - 1:at] != "\"" or text[end:end + 1] != "\"":
        return
    m = compiled("protocol quoted words", _QUOTED_WORDS).match(text, end + 1)
    if m is None:
        return
    words = compiled("a quoted word", r"\\?\"((?:[^\"\\\n]|\\.){1,256}?)\\?\"").findall(text, end + 1, m.end())
    if least <= len(words) <= most and decide(m.group(1), STRONG, SPACE, alone=True):
        add_span(found, text, m.start(1), m.end(1), P_PROCESS, "password")


# ------------------------------------------------------------------------------ a placeholder's default
# `${NAME:-X}`, `${NAME-X}`, `${NAME:=X}` (shells, Compose), `${name:X}` (Spring), and a template's
# `{{ NAME | default "X" }}` (Go templates, Helm, Jinja): X is NAME's value when NAME is unset, so a
# secret's when NAME says secret (the placeholder itself is a reference: the name rule leaves it).
# X is the literal the service runs with, a password's position: a plain word too (`rootpass`,
# `redis_dev_pw`), not a stand-in, a constant nor a reference (evidence.decide's POSITION).
_PLACEHOLDER_DEFAULT = (r"\$\{(?:([A-Za-z_][\w.-]{0,80}):[-=]?|([A-Za-z_][\w.]{0,80})[-=])(?![-?+=])"
                        r"((?:[^{}\s\"'`$]|\$(?![{(])){1,256})\}")
_TEMPLATE_DEFAULT = (r"\|[ \t]*default(?:[ \t]*+[(:][ \t]*+|[ \t]++)([\"'])([^\"'\n{}$]{1,256})\1")
_TEMPLATE_NAME = r"(?:([\w.-]{1,80})[\"']?[ \t]*[:=][ \t]*[\"']?)?\{[{%]-?[^{}\n]{0,200}?([\w.-]{1,80})[\"']?[ \t]*\Z"


def placeholder_defaults(text, anchors, found):
    """The value a placeholder named for a secret falls back to (see above)."""
    present = anchors.present
    if "${" in present:
        rx = compiled("placeholder default", _PLACEHOLDER_DEFAULT)
        for at in anchors.at("${"):
            m = rx.match(text, at)
            if m is not None:
                _take_default(text, (m.group(1) or m.group(2),), m.start(3), m.end(3), found)
    for lit in ("| default", "|default"):
        if lit not in present:
            continue
        rx = compiled("template default", _TEMPLATE_DEFAULT)
        names = compiled("template default's name", _TEMPLATE_NAME)
        for at in anchors.at(lit):
            m = rx.match(text, at)
            if m is None:
                continue
            line_start = text.rfind("\n", max(0, at - 300), at) + 1
            o = max(text.rfind("{{", line_start, at), text.rfind("{%", line_start, at))
            n = names.search(text, line_start, at) if o >= 0 else None
            if n is not None:
                _take_default(text, (n.group(2), n.group(1) or ""), m.start(2), m.end(2), found)


def _take_default(text, names, s, e, found):
    """The default at s:e, decided when one of `names` (its last dotted part) says secret."""
    for name in names:
        verdict = name_verdict(name.rsplit(".", 1)[-1].replace("-", "_")) if name else None
        if verdict is not None:
            if decide(text[s:e], verdict[1], POSITION):
                add_span(found, text, s, e, P_PROCESS, verdict[0])
            return


# ------------------------------------------------------------------------------ a struct's dump
# A struct or a map printed with its fields' names and no quotes: Go's `%+v` (`&{Host:db
# Password:X}`) and a map's `%v` (`map[password:X user:ana]`), two fields or more: a field named
# for a secret holds the value up to the next field or the group's end.
_DUMP_FIELDS = r"([A-Za-z_]\w{0,60}:[^\s{}\[\]]*(?:[ \t]+[A-Za-z_]\w{0,60}:[^\s{}\[\]]*)+)[ \t]*[}\]]"
_DUMP_FIELD = r"(?<![^ \t{\[])([A-Za-z_]\w{0,60}):([^\s{}\[\]]+)"


def struct_dumps(text, found):
    """A struct's or a map's dump (see above): each field named for a secret, decided."""
    field = compiled("dump field", _DUMP_FIELD)
    # (a scan in C for each opener, a literal the engine skips to: ~0.8 ms a MB of real output, most
    # of it the two scans of a text with no `{`; one alternation of both openers cost ~5.7)
    for opener in (r"\{", r"map\["):
        if opener[-1] == "[" and "map[" not in text:
            continue
        for m in compiled("dump group " + opener, opener + _DUMP_FIELDS).finditer(text):
            for f in field.finditer(text, m.start(1), m.end(1)):
                verdict = name_verdict(f.group(1))
                if verdict is not None and decide(f.group(2), verdict[1], ASSIGN):
                    add_span(found, text, f.start(2), f.end(2), P_PROCESS, verdict[0])


# ------------------------------------------------------------------------------ OAuth codes
_OAUTH_CODE = (r"[?&]code=([^&\s#\"'<>]{8,512})")
_OAUTH_URL_WORDS = ("state=", "callback", "oauth", "authorize", "redirect")


def oauth_codes(text, anchors, found):
    """An OAuth authorization code in the redirect that carries it (see the module docstring)."""
    if "code=" not in anchors.present:
        return
    rx = compiled("oauth code", _OAUTH_CODE)
    for at in anchors.at("code="):
        m = rx.match(text, at - 1) if at else None
        if m is None:
            continue
        url_start = max(text.rfind(" ", 0, at), text.rfind("\n", 0, at), text.rfind("\"", 0, at)) + 1
        url_end = at + 600
        for stop in (" ", "\n", "\""):
            k = text.find(stop, at, url_end)
            if k >= 0:
                url_end = k
        url = text[url_start:url_end].lower()
        if any(w in url for w in _OAUTH_URL_WORDS) and decide(m.group(1), STRONG, SPACE):
            add_span(found, text, m.start(1), m.end(1), P_PROCESS, "token")


# ------------------------------------------------------------------------------ user / password
_LOGIN_WORDS = r"(?i:log[ \t-]?in|sign[ \t-]?in|creds|credentials|user(?:name)?|account|admin|root)"
_LOGIN_STEMS = ("log", "sign", "cred", "user", "account", "admin", "root")  # one in each of _LOGIN_WORDS
_SLASH_PAIR = (r"(?:^|[ \t(:\[`\"'])[(`\"']?([\w.@+-]{1,64})[`\"']?[ \t]+/[ \t]+[`\"']?([^\s`\"']{1,128}?)[`\"']?"
               r"[.,;)]*(?:[ \t]|\r?\n|\Z)")


def user_slash_password(text, anchors, found):
    """A user and its password split by ` / ` on a line that says logging in (see the module
    docstring)."""
    if " / " not in anchors.present:
        return
    pair = login = None
    for at in anchors.at(" / "):
        ls = max(text.rfind("\n", at - 160 if at > 160 else 0, at) + 1, at - 160)  # (a long line not read back to its start)
        if pair is None:
            pair = compiled("user-slash-password", _SLASH_PAIR)
            login = compiled("login-words", r".*\b" + _LOGIN_WORDS + r"\b")
        start = text.rfind(" ", ls, at - 1)
        m = pair.match(text, start if start >= ls else ls, min(len(text), at + 140))
        if m is None or m.end(1) != at:
            continue
        head = text[ls:at]
        if (head.isascii() and not any(stem in head.lower() for stem in _LOGIN_STEMS)) or login.match(text, ls, at) is None:
            # (no login word's letters, as the pattern reads them in ASCII: ~9 us a line, this ~0.5)
            if not _a_row_of_logins(text, ls, login):
                continue
        value = m.group(2)
        if decide(value, MEDIUM, SPACE) or ("@" in m.group(1) and value.isdigit() and 6 <= len(value) <= 12):
            # (an e-mail's password of digits alone: `admin@shop.example / 482913`, a seeded account's)
            add_span(found, text, m.start(2), m.end(2), P_PROCESS, "password")


def _a_row_of_logins(text, ls, login):
    """The line at `ls` is a row of a list of `who: user / password` rows that a line saying
    logging in heads or holds (`Default logins:` then `Admin: a@x / X`, `Manager: m@x / Y`): each
    row's pair is a login, the row itself naming only a role.  (Eight rows up at most.)"""
    k = ls
    for _ in range(8):
        if k < 2 or text[k - 1] != "\n":
            return False
        lo = k - 400 if k > 400 else 0
        ps = text.rfind("\n", lo, k - 1) + 1
        if not ps and lo:
            return False  # (a line too long for a row)
        if login.match(text, ps, k - 1) is not None:
            return True
        if " / " not in text[ps:k - 1]:
            return False  # the run's head, which says nothing of logging in
        k = ps
    return False


# ------------------------------------------------------------------------------ nested assignments, symbols
# The longest name read around a secret word's place.
_NAME_REACH = 256
# Characters neither of a name nor one of the marks read before it (`:`, `=`, `,`).
_NO_NAME_NO_MARK = frozenset(" \t\r\n\"'`/\\()[]{}<>?!$;|&*+#%@~^")


def assigned_inside_or_by_symbol(text, hits, found):
    """An assignment inside an assignment's value, and a literal after a symbol that names a
    secret (see the module docstring): one reading of each name that holds a secret word (`hits`:
    where those words stand, names.secret_word_hits), by the character before it."""
    n = len(text)
    done = -1
    gaps = _NO_NAME_NO_MARK
    # (a word after a space or a quote starts its name, and is read by nothing here: most hits, dropped at C speed)
    for p in [p for p in hits if p > 1 and text[p - 1] not in gaps]:
        if p < done:
            continue
        floor = p - _NAME_REACH if p > _NAME_REACH else 0
        if text[p - 1] in ":=,":
            a = p
        else:
            a = floor + len(text[floor:p].rstrip(NAME_CHARS_TEXT))  # (the name's ASCII characters at C speed)
            while a > floor and text[a - 1].isalnum():  # (a letter past ASCII, and what stands before it)
                a = floor + len(text[floor:a - 1].rstrip(NAME_CHARS_TEXT))
        if a < 2 or a == floor:
            continue  # (no name is that long: a run of words, read back once per hit, would be quadratic)
        before = text[a - 1]
        if before == ":":
            done = _symbol_then_value(text, a, found)
        elif before in "=," and (text[a - 2].isalnum() or text[a - 2] in "_-"):
            done = _nested_assignment(text, a, p, n, found)


def _nested_assignment(text, a, p, n, found):
    """`X=NAME=value` (or `…,NAME=value` in a flag's list) at `a`: the end of what was read."""
    if text[a - 1] == "," and compiled("listed-assignment", r"(?:^|(?<=[\s=]))[\w.-]+=[^\s,()]*(?:,[\w.-]+=[^\s,()]*)*\Z"
                                      ).search(text, max(0, a - 200), a - 1) is None:
        return -1  # a comma that does not follow another NAME=value of the same list (not a call's: f(a=1,b=2))
    end = min(n, p + _NAME_REACH)
    q = end - len(text[p:end].lstrip(NAME_CHARS_TEXT))  # (the name's ASCII characters at C speed)
    while q < end and (text[q].isalnum() or text[q] in "_.-"):
        q += 1
    if q >= n or text[q] != "=":
        return -1
    verdict = name_verdict(text[a:q])
    if verdict is not None:
        m = compiled("nested-value", r"=([^\s,\"';&|()\[\]{}]{1,256})").match(text, q)
        if m is not None and decide(m.group(1), verdict[1], ASSIGN):
            add_span(found, text, m.start(1), m.end(1), P_SENTENCE, verdict[0])
    return q


def _symbol_then_value(text, a, found):
    """`:name, "X"` at `a` (a symbol, not a scope `A::B` or a key `key:`): the end of what was read."""
    if text[a - 2] not in " \t(,[":
        return -1
    m = compiled("symbol-value", r"(\w+)[ \t]*,[ \t]*([\"'])([^\"'\n]{1,256})\2").match(text, a)
    if m is None:
        return -1
    verdict = name_verdict(m.group(1))
    if verdict is not None and decide(m.group(3), verdict[1], ASSIGN):
        add_span(found, text, m.start(3), m.end(3), P_SENTENCE, verdict[0])
    return m.end()


# ------------------------------------------------------------------------------ a login with a user and a password
_LOGIN_WITH = (r"(?i)(?:log[ \t-]?in|sign[ \t-]?in)[ \t]+with[ \t]+[\"'`]?[\w.@+-]{1,64}[\"'`]?[ \t]+and[ \t]+"
               r"[\"'`]?([^\s\"'`]{1,128}?)[\"'`]?[.,;)]*(?:[ \t]|\r?\n|\Z)")


_LOGIN_WITH_LITERALS = ("login with", "log in with", "log-in with", "signin with", "sign in with", "sign-in with")


def login_with_user_and_password(text, anchors, found):
    """A login with a user and a password (see the module docstring)."""
    rx = None
    for lit in _LOGIN_WITH_LITERALS:
        if lit not in anchors.present:
            continue
        if rx is None:
            rx = compiled("login-with-and", _LOGIN_WITH)
        for at in anchors.at(lit):
            m = rx.match(text, at)
            if m is not None and decide(m.group(1), MEDIUM, SPACE):
                add_span(found, text, m.start(1), m.end(1), P_PROCESS, "password")


# ------------------------------------------------------------------------------ a value below its name
_NAME_ENDS_LINE = r"([\w.-]*)[\"']?,?:?[ \t]*\r?(?:\n|\Z)"
_NAME_LINE_ENDS = frozenset("_.-\"',: \t\r")
_NAME_LINE_LAST = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") | _NAME_LINE_ENDS
# A name's ASCII characters and its closing marks (_NAME_ENDS_LINE): past them, only spaces end
# the line (or a character past ASCII, read by the pattern)
_NAME_LINE_TAIL = r"[A-Za-z0-9_.\-\"',:]*+(?:\Z|\s+\Z|[^\x00-\x7f])"


def value_below_a_name(text, hits, found):
    """The value alone on the line below a secret's name or flag that ends its line (see the
    module docstring); `hits`: where the secret words of names stand (names.secret_word_hits)."""
    ends = compiled("name-ends-line", _NAME_ENDS_LINE).match
    tail = compiled("name-line-tail", _NAME_LINE_TAIL).match
    i, count = 0, len(hits)
    while i < count:
        # only the line's last secret word can be in a name that ends it: one test a line
        nl = text.find("\n", hits[i])
        if nl < 0:
            return  # the last line: no line below
        i += 1
        if i < count and hits[i] < nl:
            i = bisect_left(hits, nl, i)  # (most lines hold one secret word: no search)
        p = hits[i - 1]
        if nl - p < 100 and text[nl - 1] in ")]":
            if text[nl - 2] in "\"'":  # (`f(password)`, source's lines ending a call: no pattern)
                _echoed_lookup(text, p, nl, found)
            continue
        if nl - p > 100 or ((c := text[nl - 1]) not in _NAME_LINE_LAST and not (c > "\x7f" and c.isalnum())):
            # (a name and its closing marks end in one of their characters: the line's last one,
            # read first, leaves most lines of a test's id, `test_x[password]`, and a quarter of
            # those of a MB dense with secrets without the pattern)
            continue
        if tail(text, p, nl) is None:
            continue  # (`Pw3eD#7`, `pass -Q x`, prose: one C scan, most lines, before the pattern)
        m = ends(text, p)
        if m is None or m.end() >= len(text):
            continue
        a = p
        while a > 0 and (text[a - 1].isalnum() or text[a - 1] in "_.-"):
            a -= 1
        line_start = text.rfind("\n", 0, a) + 1
        if a - line_start > 160:
            continue
        head = text[line_start:a]
        if "," in head and not any(c in head.strip() for c in " \t"):
            continue  # `name,url,username,password`: a CSV header's last field (its rows: formats.py)
        verdict = name_verdict(text[a:m.end(1)].lstrip("-"))
        if verdict is None or _a_names_value(text, line_start, a):
            continue
        span = value_below(text, m.end() - 1)  # (from the name line's break)
        if span is None:
            continue
        value = text[span[0]:span[1]]
        if name_verdict(value) is not None:
            continue  # a list of names (`password` then `token`), not a value
        if decide(value, verdict[1], SPACE):
            add_span(found, text, span[0], span[1], P_PROCESS, verdict[0])


def _echoed_lookup(text, p, nl, found):
    """A REPL's answer to a lookup of a secret's name that ends its line (`os.environ['KEY']`,
    `Sys.getenv("KEY")`, `ENV['KEY']`): the quoted string alone on the next line, after the
    REPL's mark (`Out[3]: `, R's `[1] `, irb's `=> `) or none (iex)."""
    m = compiled("lookup-ends-line", r"([\w.-]*)[\"'][ \t]*[\])][ \t]*\r?\n"
                 r"(?:Out\[\d{1,5}\]: |\[1\] |=> )?([\"'])([^\"'\n]{1,300})\2[ \t]*\r?(?:\n|\Z)").match(text, p)
    if m is None or m.start(2) < nl:
        return
    a = p
    while a > 0 and (text[a - 1].isalnum() or text[a - 1] in "_.-"):
        a -= 1
    if text[a - 1:a] not in ("'", '"'):
        return  # the name is a quoted key, not a word of code before a bracket
    verdict = name_verdict(text[a:m.end(1)])
    if verdict is not None and decide(m.group(3), verdict[1], SPACE):
        add_span(found, text, m.start(3), m.end(3), P_PROCESS, verdict[0])


def _a_names_value(text, line_start, a):
    """The word at `a` is the value of a secret's name before it on its line (`password: secret`)
    or a flag's argument (`grep -i pass`): not a name.  (Read by string steps from `a` back: a
    pattern of the whole line would be tried at each of its characters.)"""
    before = text[line_start:a]
    words = before.split()
    if words and words[-1][:1] == "-" and len(words[-1]) > 1 and before[-1:] in (" ", "\t"):
        return True  # `grep -i pass`: an argument
    head = before.rstrip(" \t\"'")
    if not head.endswith((":", "=")):
        return False
    word = head[:-1].rstrip(" \t\"'")
    k = len(word)
    while k and (word[k - 1].isalnum() or word[k - 1] in "_.-"):
        k -= 1
    return k < len(word) and name_verdict(word[k:]) is not None


# ------------------------------------------------------------------------------ a noun in a sentence
SENTENCE_NOUNS = frozenset(("pass", "password", "passwd", "pw", "pwd", "token", "secret", "passphrase", "passcode"))
_NOUN_TRIGGERS = ("pass", "pw", "token", "secret")  # the literals of the one pass they start with
_NOT_BEFORE_A_NOUN = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.$@/\\:=<>&|")
_NOUN_LENGTHS = {w: sorted({len(noun) for noun in SENTENCE_NOUNS if noun.startswith(w)}) for w in _NOUN_TRIGGERS}
_SPACE_OR_TAB = frozenset(" \t")
# What may stand right after a trigger where a noun starts: a space or a tab (the noun is the
# trigger), or the next letter of a longer noun (`pw` then `d`; no other character lowercases to one)
_NOUN_NEXT = {w: frozenset(" \t" + "".join(noun[len(w)] + noun[len(w)].upper() for noun in SENTENCE_NOUNS
                                         if noun.startswith(w) and len(noun) > len(w))) for w in _NOUN_TRIGGERS}
_AFTER_NOUN = r"[ \t]+(?:\(([^\s()\"'`]{6,128})\)|([^\s()\"'`,;]{6,128}?)(?=[,.;?]*(?:[ \t]|\r?\n|\Z)))"


def noun_in_a_sentence(text, anchors, found):
    """The value right after a secret's noun in a sentence (see the module docstring)."""
    after = None
    n = len(text)
    # (the places where no noun can stand, dropped at C speed: most, as `pw` inside a random token, `DB_PASSWORD=`,
    # `"token":`; a noun follows no name's character and is followed by a space or a tab)
    # (a noun's letters lowercase to it, one for one: it ends where its letters do)
    before, space = _NOT_BEFORE_A_NOUN, _SPACE_OR_TAB
    ends = {}
    for w in _NOUN_TRIGGERS:
        if w in anchors.present:
            lw, nxt = len(w), _NOUN_NEXT[w]  # (the character after first: `pw` stands inside random tokens)
            at = [p for p in anchors.at(w) if p + lw < n and text[p + lw] in nxt and (not p or text[p - 1] not in before)]
            for k in _NOUN_LENGTHS[w]:
                for p in [p for p in at if p + k < n and text[p + k] in space]:
                    if text[p:p + k].lower() in SENTENCE_NOUNS:
                        ends[p] = p + k
    for p in sorted(ends):
        if p and (text[p - 1].isalnum() or text[p - 1] in "_-.$@/\\:=<>&|"):
            continue  # part of a name, a flag, an attribute, a path
        q = ends[p]
        if after is None:
            after = compiled("after-noun", _AFTER_NOUN).match
        m = after(text, q)
        if m is None:
            continue
        g = 1 if m.start(1) >= 0 else 2
        if compiled("keyword-arg", r"[A-Za-z_][\w.]*[=(\[]").match(m.group(g)):
            continue  # `pass ssl=True`, `pass f(x)`: code after a verb
        if _a_unit_or_a_titles_word(text, p, m.group(g)):
            continue
        if decide(m.group(g), STRONG, SENTENCE):
            noun = text[p:q].lower()
            add_span(found, text, m.start(g), m.end(g), P_SENTENCE, noun if noun in ("token", "secret") else "password")


def _a_unit_or_a_titles_word(text, p, value):
    """The noun at `p` names no value after it: a unit after a count (`a 12,880 token Gemini-2
    thread`: a model's tokens), or a capitalised word of a bold title it closes (`**Keyring
    Password Rotation**`)."""
    if compiled("noun-after-a-count", r"(?<![\w.,\\])\d[\d,.]*[kKmM]?\+?[ \t]+\Z").search(text, p - 24 if p > 24 else 0, p):
        return True
    if value[-2:] not in ("**", "__") or not compiled("title-word", r"[A-Z][a-z]+(?:\*\*|__)\Z").match(value):
        return False
    line = text[text.rfind("\n", 0, p) + 1:p]
    return text[p].isupper() and line.count(value[-2:]) % 2 == 1


# ------------------------------------------------------------------------------ copies
COPY_REACH = 600  # how far from a secret its copies are looked for (an echo, a log's next lines)
_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


def copies_of_secrets(text, found):
    """Every other copy, as a whole token, of a value the finders before found a secret (see the
    module docstring): judged by the value's shape (store/privacy/evidence.py shape) and by what
    is never a secret where the value was found."""
    if not found:
        return
    n = len(text)
    starts = {f[0] for f in found}  # (a copy found itself needs no second find)
    done = set()
    judged = {}
    blocks = None
    for s, prio, e, kind in tuple(found):
        if prio < P_SHAPE or e - s < 8 or e - s > 256 or s in done:
            continue  # (a provider's token is found by its own shape wherever a copy stands)
        done.add(s)
        v = text[s:e]
        hi = e + COPY_REACH
        at = text.find(v, s - COPY_REACH if s > COPY_REACH else 0, hi)
        if at == s:
            at = text.find(v, s + 1, hi)  # (most often the first is the value itself)
        while at >= 0 and at in starts:
            at = text.find(v, at + 1, hi)
        if at < 0:
            continue  # (most secrets stand once, or each copy was found itself: no judging)
        ok = judged.get(v)
        if ok is None:
            if blocks is None:
                blocks = public_blocks(text) if "-----BEGIN " in text else ()
            ok = judged[v] = (shape(v) in ("random", "password") or dotted_password(v)) and not never_secret(text, s, e, kind, blocks)
        while ok and at >= 0:
            end = at + len(v)
            if at not in starts and (at == 0 or text[at - 1] not in _TOKEN_CHARS) and (
                    end == n or text[end] not in _TOKEN_CHARS):
                add_span(found, text, at, end, P_COPY, kind)
                starts.add(at)
            at = text.find(v, at + 1, hi)


# ------------------------------------------------------------------------------ a REPL's output
_REPL_PROMPTS = (">>> ", "out[")  # Python's prompt; IPython's output mark (`In [3]: code` above it)
# A call that makes a key or a password, ending the code (not `len(…)`, not `[:4]` after it)
_REPL_GENERATOR = (r"[\w.]*(?:generate_key|token_(?:urlsafe|hex|bytes)|get_random_secret_key|get_random_string"
                   r"|generate_password|urandom\(\d+\)\.hex)\([^()\n]{0,40}\)(?:\.(?:decode|hex)\(\))?")
_REPL_NAME = r"[A-Za-z_][\w.]*(?:\[[\"']([\w.-]{1,80})[\"']\]|\.get\([\"']([\w.-]{1,80})[\"']\)|\(\))?"


def repl_outputs(text, anchors, found):
    """What a REPL prints below its prompt's code is that code's value: a secret where the code
    calls a key's or a password's generator (`Fernet.generate_key()`, `secrets.token_urlsafe(32)`)
    or names a secret (`os.environ['DB_PASSWORD']`, `settings.SECRET_KEY`)."""
    code_rx = compiled("repl-code", r"[ \t]*(?:(" + _REPL_GENERATOR + r")|(" + _REPL_NAME + r"))[ \t]*\r?\n")
    value_rx = compiled("repl-value", r"(?:b?([\"'])([^\"'\n]{1,512})\1|([^\s\"']{1,512}))[ \t]*\r?(?:\n|\Z)")
    for lit in _REPL_PROMPTS:
        if lit not in anchors.present:
            continue
        for at in anchors.at(lit):
            ls = text.rfind("\n", 0, at) + 1
            if text[ls:at].strip(" \t"):
                continue
            if lit == ">>> ":
                code_at, value_at = at + 4, None
            else:  # `Out[3]: X` below `In [3]: code`
                m = compiled("repl-out", r"(?i:out)\[\d{1,5}\]:[ \t]*").match(text, at)
                head = compiled("repl-in", r"[ \t]*In \[\d{1,5}\]:[ \t]*").match(text, text.rfind("\n", 0, ls - 1) + 1,
                                                                                  ls) if ls else None
                if m is None or head is None:
                    continue
                code_at, value_at = head.end(), m.end()
            c = code_rx.match(text, code_at)
            if c is None:
                continue
            if value_at is None:
                value_at = c.end()
                if text.startswith((">>>", "..."), value_at):
                    continue
            if not c.group(1):
                name = c.group(3) or c.group(4) or c.group(2).rstrip("()").rsplit(".", 1)[-1]
                verdict = name_verdict(name)
                if verdict is None or verdict[1] < MEDIUM:
                    continue
            v = value_rx.match(text, value_at)
            if v is None:
                continue
            k = 2 if v.group(2) else 3
            if decide(v.group(k), STRONG, ASSIGN, alone=True):
                add_span(found, text, v.start(k), v.end(k), P_PROCESS, "secret")


def literals() -> tuple:
    """What the finders here look for in the lowercased text (store/privacy/anchors.py)."""
    return (*_REPL_PROMPTS, *OTP_CODE_LITERALS, *(lit for lit, *_rest in SESSION_COMMANDS), "password from", "code=", " / ", *_LOGIN_WITH_LITERALS,
            *(_PROTOCOL_LITERALS.get(lit, lit) for lit in PROTOCOL_COMMANDS), "${", "| default", "|default",
            *TYPED_LITERALS)


# ------------------------------------------------------------------------------ a password typed at a prompt
# A password typed where a command was expected: the shell's answer names it (`zsh: command not
# found: X`, `X: command not found`, fish's `Unknown command: X`, cmd's `'X' is not recognized`;
# not zsh's `fn:27: command not found: X`, where what stands before is the function and its line),
# or a history holds it alone on the line after a command that asks for a password (ssh, sudo,
# su, passwd, `mysql -p`, psql, `docker login`...).  A command's name is a word, a path or a
# name with a version (`python3.11`): what is taken is random, or a password of three classes of
# characters (`Word!Word2`: evidence.SENTENCE).
# (each asking command with the blank after its name: `su` and `login` alone stand in many words)
TYPED_LITERALS = ("command not found", "unknown command", "is not recognized", ": not found", "ssh ", "sudo ",
                  "sudo\n", "su ", "su\n", "passwd", "ftp ", "scp ", "kinit", "mysql ", "mariadb ", "psql", "mongo ",
                  "mongosh ", "docker login", "podman login", "vault login")
_NOT_FOUND = (r"(?i:command not found:|unknown command:?)[ \t]*[`'\"]?([^\s\\]{6,128}?)[`'\"]?(?=[\s,;\\]|\Z)"
              r"|(?:(?<![^\s`'\":])|(?<=\\n))[`'\"]?([^\s\\]{6,128}?)[`'\"]?(?::[ \t]*(?i:command not found|not found)(?![ \t]*:)|[ \t]+(?i:is not recognized)\b)")
# a history's or a terminal's line head: `  512  `, zsh's `: 1700000000:0;`, a prompt `dev@web-1:~$ `
_HEAD = r"[ \t]*(?:\d{1,6}\*?[ \t]+|:[ \t]\d{9,11}:\d+;|[\w.@-]{1,40}:[^\s$#]{0,60}[$#%][ \t]+|[$#%>][ \t]+)?"
# (a client's `-p` looked ahead for, then its line read once, possessive: each `-p` of a line
# read to its end again at each step back, `mysql -p -p …` took seconds a line of 60 KB)
_ASKING = (r"(?:sudo[ \t]+)?(?:(?:ssh|sudo|su|passwd|sftp|scp|ftp|kinit|psql|(?:docker|podman|vault)[ \t]+login)(?:[ \t][^\n]*)?"
           r"|(?:mysql|mariadb|mongo|mongosh)[ \t](?=[^\n]*?[ \t]-p(?:[ \t]|\r?\n))[^\n]*+)")


# The shells, as one names itself before the line it could not run (`/usr/bin/bash: line 1: X:`).
_SHELLS = frozenset(("bash", "-bash", "sh", "zsh", "dash", "ksh", "fish", "ash"))


def _no_typed_word(text, s, word):
    """`word`, which a shell could not run as a command at `s`, is no word a person typed there: a
    file it was asked to run (a script's or a program's name, `E:toolsbuild.sh` with its folders'
    separators lost), an assignment it read as a command (`NAME=value`, quoted or expanded: one
    typed is no command), or a line of a file that is no shell script run as one (the shell names
    that file before the line's number: `notes.md: line 12: **Backlog`)."""
    if compiled("typed-a-file", r"(?i)[^\s]*\.(?:sh|bash|zsh|bat|cmd|ps1|py|rb|pl|js|mjs|ts|exe|jar)\Z").match(word):
        return True
    if compiled("typed-an-assignment", r"[A-Za-z_][A-Za-z0-9_]*=").match(word):
        return True
    ls = text.rfind("\n", 0, s) + 1
    source = compiled("a-scripts-line", r"(\S+): line \d+: [`'\"]?\Z").search(text, ls, s)
    if source is not None and source.group(1).rsplit("/", 1)[-1] not in _SHELLS:
        return True
    # a builtin's own answer (`bash: line 1: type: X: not found`, `sh: 1: hash: X: not found`): X
    # is what the builtin was asked for (a path, a name), no command typed
    asked = compiled("a-builtins-answer", r"\S: (?:line \d+: |\d+: )?([a-z][\w-]*): [`'\"]?\Z").search(text, ls, s)
    return asked is not None and asked.group(1) not in _SHELLS


def _answer_windows(text, places):
    """The windows a shell's answer at each of `places` is read in (its line, 160 characters before
    it and 200 after at most), those that overlap joined: each character read once.  (A window that
    started at the text's start where no line break stood within 160 characters, one window a
    place: a line of `command not found` repeated took minutes a MB, ~2 s with the 360 characters.)"""
    windows = []
    for at in places:
        lo = at - 160 if at > 160 else 0
        ls = text.rfind("\n", lo, at) + 1 or lo
        le = text.find("\n", at, at + 200)
        le = le if le >= 0 else min(len(text), at + 200)
        if windows and ls < windows[-1][1]:
            windows[-1] = (windows[-1][0], max(le, windows[-1][1]))
        else:
            windows.append((ls, le))
    return windows


def typed_at_a_prompt(text, anchors, found):
    """A password typed at a prompt (see TYPED_LITERALS)."""
    present = anchors.present
    if any(lit in present for lit in TYPED_LITERALS[:4]):
        rx = compiled("not found", _NOT_FOUND)
        for ls, le in _answer_windows(text, sorted(at for lit in TYPED_LITERALS[:4] if lit in present
                                                   for at in anchors.at(lit))):
            for m in rx.finditer(text, ls, le):
                g = 1 if m.start(1) >= 0 else 2
                if decide(m.group(g), STRONG, SENTENCE) and not _no_typed_word(text, m.start(g), m.group(g)):
                    add_span(found, text, m.start(g), m.end(g), P_PROCESS, "password")
    rx = None
    read = -1
    for lit in TYPED_LITERALS[4:]:
        if lit not in present:
            continue
        for at in anchors.at(lit):
            ls = text.rfind("\n", max(0, at - 80), at) + 1
            if ls == read or (ls == 0 and at > 80):
                continue
            read = ls
            if rx is None:
                rx = compiled("typed after asking", _HEAD + _ASKING + r"\r?\n" + _HEAD + r"(\S{6,128})[ \t]*\r?(?:\n|\Z)")
            m = rx.match(text, ls)
            if m is not None and decide(m.group(1), STRONG, SENTENCE):
                add_span(found, text, m.start(1), m.end(1), P_PROCESS, "password")
