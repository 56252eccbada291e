"""Secrets told by where they stand among values that say what they are (the classes the blind dev
part tests/privacy_eval/dev_unwritten15.py found):

- a value in backticks later in a sentence that names a secret (`the passphrase for ~/.ssh/k every
  time, it's `X``): inline code in prose, decided as a sentence's value (evidence.SENTENCE); and a
  value said to be "it" later in such a sentence, bare (`the password, I type it every time (it's
  X)`, `wrong password, but I'm sure it's X`): the pronoun stands for the secret the sentence named;
- a provider's secret beside its public id, in any language or syntax: the 40 characters of an
  AWS secret access key on the line of an access key id (`AKIA…`/`ASIA…`), a Twilio auth token
  (32 hex digits) on the line of its account SID (`AC` and 32 hex digits), and the random
  secrets of letters of both cases and digits of the providers in _PAIRS on the line of their
  public ids (a Feishu/Lark app's `cli_` and 16 hex digits, a Tencent Cloud `AKID…` SecretId, an
  Alibaba Cloud `LTAI…` AccessKey ID as the provider finder found it), whatever stands between them (spaces only, a label, prose,
  a call's arguments);
- a random path segment of a join command's address (`microk8s join 10.0.0.5:25000/TOKEN/…`:
  the token a cluster or a network hands out to join it);
- a token in a URL's user slot whose password is empty or a fixed word of a provider (`https://
  TOKEN:x-oauth-basic@github.com`, `https://TOKEN:@host`): the user is the credential;
- the replacement of a substitution (`s/changeme/X/g` of sed or perl) whose pattern is a
  stand-in, or whose line names a password: the value put where the placeholder stood.

Only `re` (through values.compiled); patterns compiled on first use."""

from __future__ import annotations

from store.privacy.evidence import ASSIGN, SENTENCE, decide, shape
from store.privacy.lexicon import COMPOUND_HEADS
from store.privacy.never import a_placeholder
from store.privacy.rules import STRONG
from store.privacy.values import (
    P_CUSTOM,
    add_span,
    all_hex,
    compiled,
    line_bounds,
    looks_random,
    matches_from,
    url_user_token,
)

P_TOLD = P_CUSTOM + 950  # the least specific but a copy: a value another finder finds keeps its kind

_NOUN = r"(?i)(?<![\w-])(?:pass(?:word|phrase|code)?|passwd|pwd|pw|pin|secret|token)s?(?![\w-])"
# (the patterns tried over a whole text start with a literal, the engine's fast search for it: a
# look-behind first made each a step at every character, ~12-37 ms a MB of real output each; the
# character before is tested in Python, at the few matches)
_AWS_SECRET = r"(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])"
_TWILIO_SID = r"AC[0-9a-f]{32}(?![A-Za-z0-9])"
_HEX32 = r"(?<![A-Za-z0-9])[0-9a-f]{32}(?![A-Za-z0-9])"
# (a provider's id's literal, lowercased as the one pass finds it, its public id, its secret): the
# id's pattern tried at the pass's places of its literal, then on each line of an id the secret's
# (of letters of both cases, random).  (A `find` of each literal in the text cost ~1.6-3 ms a MB of
# real output; the pass's places, nothing measurable.)
_PAIRS = (
    ("cli_", r"cli_[0-9a-f]{16}(?![A-Za-z0-9])", r"(?<![A-Za-z0-9_-])[A-Za-z0-9]{32}(?![A-Za-z0-9_-])"),  # Feishu/Lark
    ("akid", r"AKID[A-Za-z0-9]{32}(?![A-Za-z0-9])", r"(?<![A-Za-z0-9_-])[A-Za-z0-9]{32}(?![A-Za-z0-9_-])"),  # Tencent Cloud
)
# An Alibaba Cloud AccessKey secret (30 characters) beside its id (`LTAI…`, as the provider finder found it)
_ALIYUN_SECRET = r"(?<![A-Za-z0-9_-])[A-Za-z0-9]{30}(?![A-Za-z0-9_-])"


# What stands right before a substitution's head (_SUBSTITUTION_HEAD) with its `s`: literals of the
# one pass, each a branch of a tree that pass reads anyway (of `'`, `"`, `-`, the `s` trie), where a
# scan of the head's pattern stopped at every `s` of the text (~10-13M instructions a MB of real
# output, which holds none); with the separator they would end at `/`, tried at each `/` of a path.
_BEFORE_HEAD = ("'s", '"s', "-e s", "-e\ts", "sed s", "sed\ts")
_SUBSTITUTION_HEAD = r"s[/|#](?:(?<=['\"]s.)|(?<=-e[ \t]s.)|(?<=sed[ \t]s.))"


def literals():
    """What find looks for in the lowercased text (store/privacy/anchors.py): the providers' ids'
    literals, `join` (a branch of the `j` pivot's tree, where a pass of its own read the whole text
    again: ~5M instructions a MB of real output), and what stands before a substitution's head."""
    return (*(literal for literal, _id, _secret in _PAIRS), "join", *_BEFORE_HEAD)
_JOIN = r"join[ \t]+(?:--?[\w-]+[ \t]+)*(?:[\w.-]+|\[[0-9a-f:]+\]):\d{2,5}/([^\s\"'`]+)"  # (read in the lowercased text)
_URL_USER = r"://([A-Za-z0-9_~.+-]{16,200}):(?:x-[a-z]+(?:-[a-z]+)+)?@"
# a URL's user broken at a terminal's width: its first part ends a line, the rest opens the next
_WRAPPED_URL_USER = r"://([A-Za-z0-9_~.+-]{4,200})[ \t]*\r?\n[ \t]*([A-Za-z0-9_~.+-]{1,200})@"
_SUBSTITUTION = (r"s([/|#])((?:\\.|(?!\1)[^\\\n]){1,80})\1((?:\\.|(?!\1)[^\\\s]){4,128})\1"
                 r"[gimIe]*(?=[\s'\";]|\Z)")
_PASSWORD_WORD = r"(?i)pass(?:word|wd|phrase)?|pwd|secret|token|credential|api[_-]?key"
# The words of a stand-in for something else than a secret (a host's, a user's, a path's)
_OTHER_THING = (r"(?i)(?<![a-z])(?:host(?:name)?|port|url|uri|user(?:name)?|login|email|name|path|dir|domain|ip|addr(?:ess)?"
                r"|version|region|bucket|project|id|org|tenant|db|database|schema)(?![a-z])")


def find(look):
    """Every class of the module docstring, each behind a test of its marks in the text."""
    text, found = look.text, look.found
    present = look.anchors.present
    nouns = [w for w in ("pass", "pw", "token", "secret") if w in present]
    if nouns and "`" in text:
        _backticked(text, look.low, found, sorted(p for w in nouns for p in look.anchors.at(w)))
    if nouns and "it" in look.low:
        _it_is(text, look.low, found, sorted(p for w in nouns for p in look.anchors.at(w)))
    if "://" in present:
        _url_users(text, look.anchors.at("://"), found)
        if "\n" in text:
            _wrapped_url_users(text, look.anchors.at("://"), found)
    joins = look.anchors.at("join")  # (the one pass's places)
    if joins:
        _join_paths(text, look.low, found, joins)
    # (an access key id as the provider finder found it: no pass over the text, `"AKIA" in text` and
    # `"ASIA" in text` cost ~1.1 ms a MB of real output)
    aws = sorted(f[0] for f in found if f[3] == "aws_access_key" and text.startswith(("AKIA", "ASIA"), f[0]))
    if aws:
        _beside_an_id(text, found, aws, _AWS_SECRET, "secret", _aws_secret_shape)
    if "AC" in text:
        sids = [m.start() for m in compiled("told-twilio-sid", _TWILIO_SID).finditer(text)
                if not (m.start() and text[m.start() - 1].isalnum())]
        if sids:
            _beside_an_id(text, found, sids, _HEX32, "token", None)
    for literal, id_pattern, secret_pattern in _PAIRS:
        if literal in present:
            rx = compiled("told-id-" + literal, id_pattern)
            ids = [at for at in look.anchors.at(literal) if rx.match(text, at) is not None
                   and not (at and (text[at - 1].isalnum() or text[at - 1] in "_-"))]
            if ids:
                _beside_an_id(text, found, ids, secret_pattern, "secret", _app_secret_shape)
    aliyun = sorted(f[0] for f in found if f[3] == "service_token" and text.startswith("LTAI", f[0]))
    if aliyun:
        _beside_an_id(text, found, aliyun, _ALIYUN_SECRET, "secret", _app_secret_shape)
    if not present.isdisjoint(_BEFORE_HEAD):
        _substitutions(text, found, _substitution_starts(text, look.anchors))


def _backticked(text, low, found, nouns):
    """A password-like value in backticks after a secret's noun in its sentence (no sentence's end
    between them), the value alone in its backticks (no pair's nor call's mark: `SameSite=Strict`).
    `nouns`: where the nouns' literals start, in order; a value with none in the 240 characters
    before it is passed over unread (the noun's search at each of a MB of pip output's ~5,300
    backticked words cost ~20 ms), nor `pin` there (looked for in those characters alone: its
    places over the whole text, `pip`'s and `spinner`'s neighbours, cost a pass of their own)."""
    i, last = 0, len(nouns)
    for m in compiled("told-backticked", r"`([^\s`=:()<>|]{6,128})`(?!`)").finditer(text):
        s, e = m.span(1)
        while i < last and nouns[i] < m.start():
            i += 1
        if (not i or nouns[i - 1] < s - 240) and low.find("pin", max(0, s - 240), m.start()) < 0:
            continue
        if s > 1 and (text[s - 2] == "`" or text[s - 2].isalnum() or text[s - 2] == "_"):
            continue
        head, start = _sentence_head(text, m.start())
        if not compiled("told-noun", _NOUN).search(head, start):
            continue
        if decide(m.group(1), STRONG, SENTENCE):
            add_span(found, text, s, e, P_TOLD, "password")


# "it" said to be a value: the value a run of a password's characters that ends a clause.
# (read in the lowercased text, from its literal `it`: the engine's fast search for it)
_IT_IS = r"it(?:'s|\u2019s|[ \t]+is|[ \t]+was)[ \t]+([^\s`'\"(),;\u2019]{6,128}?)[).,;!?]*(?=\s|\Z)"


def _it_is(text, low, found, nouns):
    """`it's X` after a secret's noun in its sentence (no sentence's end between them), X ending a
    clause and of a password's or a random shape (a word there is prose: `it's fine`).  `nouns`:
    where the nouns' literals start, in order; only the 240 characters after each are read for an
    `it's` (its value may run on past them)."""
    rx = compiled("told-it-is", _IT_IS)
    word_after = compiled("told-word-after", r"[ \t]+([a-z]+)").match
    noun_rx = compiled("told-noun", _NOUN)
    n = len(low)
    for m in (m for lo, hi in _reaches(nouns, 240, n) for m in rx.finditer(low, lo, hi) if m.end() < hi or hi == n):
        s, e = m.span(1)  # (not a value the reach's end cut: the reach runs 160 characters past the 240)
        if m.start() and (low[m.start() - 1].isalnum() or low[m.start() - 1] in "_'\u2019"):
            continue  # (a word's end, `wait`, `bit's`)
        head, start = _sentence_head(text, m.start())
        if not any((w := word_after(head, noun.end())) is None or w.group(1) not in COMPOUND_HEADS
                   for noun in noun_rx.finditer(head, start)):
            continue  # (`the password manager: it's 1Password`: a compound's noun names no secret)
        value = text[s:e]
        if shape(value) in ("password", "random") and decide(value, STRONG, SENTENCE):
            add_span(found, text, s, e, P_TOLD, "password")


def _sentence_head(text, at):
    """The text before `at` on its line, 240 characters at most, and where its last sentence starts
    in it (after the last `. `, `? ` or `! `; 0 where none stands): where a secret's noun tells of
    the value at `at`."""
    head = text[max(text.rfind("\n", 0, at) + 1, at - 240):at]
    return head, max(head.rfind(". "), head.rfind("? "), head.rfind("! ")) + 1


def _reaches(places, reach, n):
    """(start, end) of the text within `reach` characters after each of `places` (in order), the
    overlapping ones joined: where a value told after a noun may start (the engine reads those
    alone, not every `it` of a MB of commit messages)."""
    lo = hi = -1
    for at in places:
        if at > hi:
            if hi > lo:
                yield lo, min(n, hi + 160)
            lo = at
        hi = at + reach
    if hi > lo:
        yield lo, min(n, hi + 160)


def _aws_secret_shape(value):
    """40 characters of an AWS secret access key: letters of both cases and a digit, not hex."""
    return not value.isdigit() and value.lower() != value and value.upper() != value \
        and compiled("digit", "[0-9]").search(value) is not None


def _app_secret_shape(value):
    """An app's or a cloud key's secret: random letters of both cases (a hash is hex, one case)."""
    return value.lower() != value and value.upper() != value and looks_random(value)


def _beside_an_id(text, found, ids, secret_pattern, kind, shape):
    """The values of `secret_pattern` on the lines of a provider's ids (`ids`: where they start,
    in order), not an id itself."""
    done = -1
    for at in ids:
        ls, le = line_bounds(text, at)
        if ls < done:
            continue
        done = le
        if le - ls > 2000:
            continue
        for v in compiled("told-secret-" + secret_pattern, secret_pattern).finditer(text, ls, le):
            if v.start() not in ids and (shape is None or shape(v.group())):
                add_span(found, text, v.start(), v.end(), P_TOLD, kind)


def _join_paths(text, low, found, places):
    """`join HOST:PORT/SEGMENT/…`: each segment of 16 characters or more, random or hex, is a token
    (tried at the places of `join`, where a pass of the pattern read the whole text again)."""
    for m in matches_from(compiled("told-join", _JOIN), low, places):
        if m.start() and (low[m.start() - 1].isalnum() or low[m.start() - 1] in "_-"):
            continue
        at = m.start(1)
        for seg in text[m.start(1):m.end(1)].split("/"):
            if len(seg) >= 16 and (looks_random(seg) or all_hex(seg)):
                add_span(found, text, at, at + len(seg), P_TOLD, "token")
            at += len(seg) + 1


def _url_users(text, places, found):
    """A URL's user of 16 characters or more, with a digit, whose password is empty or a fixed
    word of a provider (`x-oauth-basic`): the user is the token.  (Matched at the one pass's places
    of `://`: no pass of its own over the text, ~0.5 ms a MB of real output.)"""
    match = compiled("told-url-user", _URL_USER).match
    for at in places:
        m = match(text, at)
        if m is None:
            continue
        user = m.group(1)
        if compiled("digit", "[0-9]").search(user) is not None and not user.isdigit():
            add_span(found, text, m.start(1), m.end(1), P_TOLD, "token")


def _wrapped_url_users(text, places, found):
    """A URL's user alone broken across two lines (`https://3f9a…` then `…c8e1@github.com/…`, a
    terminal's wrap of command output), judged whole as the one-line user is (values.url_user_token);
    each part is redacted on its line."""
    match = compiled("told-wrapped-url-user", _WRAPPED_URL_USER).match
    for at in places:
        m = match(text, at)
        if m is not None and url_user_token(m.group(1) + m.group(2), text, m.end(2)):
            add_span(found, text, m.start(1), m.end(1), P_TOLD, "token")
            add_span(found, text, m.start(2), m.end(2), P_TOLD, "token")


def _substitution_starts(text, anchors):
    """Where `s/`, `s|` or `s#` starts an argument (_SUBSTITUTION_HEAD): quoted, or after `-e` or
    `sed`, read at the one pass's places of what stands before it (`anchors`, of the lowercased
    text: each head's `s` ends one of them there, and no two heads overlap)."""
    head = compiled("told-substitution-head", _SUBSTITUTION_HEAD).match
    starts = set()
    for literal in _BEFORE_HEAD:
        offset = len(literal) - 1  # (where its `s` stands)
        starts.update(at + offset for at in anchors.at(literal) if head(text, at + offset))
    return sorted(starts)


def _substitutions(text, found, starts):
    """`s/PATTERN/X/g`: X, decided as an assigned value, when the pattern is a secret's stand-in:
    a placeholder's words that name no other thing (`changeme`, `<your-password>`, not
    `BACKEND_HOST_PLACEHOLDER`), or a pattern naming a password (`^.*db_password.*$`).  Not a path
    (`s|/home/Password/|…|`), nor a mask (`s/=.*/***/`).  `starts`: where its head's `s` stands."""
    for at in starts:
        m = compiled("told-substitution", _SUBSTITUTION).match(text, at)
        if m is None:
            continue
        pattern, value, span = m.group(2), m.group(3), m.span(3)
        if "\\" in value or "$" in value or "&" == value[:1] or "/" in pattern or value[:1] in "/~" \
                or compiled("told-alnum", r"[^\W_]").search(value) is None:
            continue  # a back-reference, a variable, a path, a mask: no literal put in a secret's place
        names = compiled("told-password-word", _PASSWORD_WORD).search(pattern) is not None
        if compiled("told-other-thing", _OTHER_THING).search(pattern) is not None:
            continue
        if not names:
            bare = pattern.strip("^$.*")
            if not bare or not a_placeholder(bare):
                continue
        elif compiled("told-name-assigned", r"[A-Za-z_]+\\?[=:]").match(value):
            continue  # `s/^X=.*/X=value/`: the name and its value (the name rule's)
        if decide(value, STRONG, ASSIGN, alone=True):
            add_span(found, text, span[0], span[1], P_TOLD, "password")
