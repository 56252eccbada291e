"""Values that are of a kind never secret: what the value IS, read from its shape (an id of a
device, a shell's prompt, a span of time, a path of names) or from where it stands (an item of a
list of names, a package an installer is given, a help text's description, a store's key name,
an attribute's name, a segment of a Windows path, a branch in git's commit line, a role
session's name).  never_secret asks id_by_its_shape (in _value_shape) and named_by_its_place
(in its chain of classes read from the place)."""
from __future__ import annotations

from store.privacy.values import compiled

# A hardware address: a MAC (EUI-48) or an EUI-64, its bytes in hex joined by `:` or `-`.
MAC = r"[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){4}(?:(?:\1[0-9A-Fa-f]{2}){2})?\Z"
# A shell's prompt: user@host, `:`, the working directory, the prompt's mark.
PROMPT = r"[a-z_][\w.-]{0,31}@[A-Za-z0-9][\w.-]{0,62}:(?:~|/)[^\s]{0,200}[$#%>]\Z"
# A span of time written as a quantity (`60-day`, `90 days`, `15min`, `24h`).
DURATION = (r"\d{1,4}[- ]?(?:(?:milli|micro|nano)?seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?"
            r"|months?|mos?|years?|yrs?|ms|[smhdwy])\Z")
# A path from the root or the home folder, each of its segments a name (words, a space inside).
NAMED_PATH = r"~?(?:/[A-Za-z][\w .-]{0,60}){2,20}/?\Z"

# A reference to a setting in code, then the `;` or `,` that ends its statement or argument.
REFERENCE_ENDED = r"(?:process|os|import\.meta|globalThis|window|settings|config|env|ENV)(?:\.[A-Za-z_$][\w$]*)+[;,]\Z"
# Options' names joined by commas, each capitalized words, one of them two words or more.
FLAG_NAMES = r"(?=[^,]*[a-z][A-Z])[A-Z][a-z]+(?:[A-Z][a-z]+)*(?:,[ ]?[A-Z][a-z]+(?:[A-Z][a-z]+)*)+\Z"
# A tracker's issue key (`OPS-208`), under a label that names an issue.
TICKET = r"[A-Z][A-Z0-9]{1,9}-[1-9][0-9]{0,5}\Z"
TICKET_LABEL = r"(?i)(?:issue|ticket|story|epic|jira|bug)[\w-]{0,12}[\"']?[ \t]*[:=][ \t]*[\"']?\Z"
# Four kana or ideographs in a row: words of Japanese or Chinese.
CJK_WORDS = r"[\u3040-\u30ff\u4e00-\u9fff]{4}"
# A word that says what state a credential is in (a participle, a word of validity), after a verb
# of being: `token is invalid.`, `no OAuth token is configured`.
STATE_WORD = (r"(?:[a-z]{3,}ed|invalid|valid|missing|empty|wrong|incorrect|absent|unset|malformed|unknown|set|null|none"
              r"|present|available|unavailable|active|inactive)\.?\Z")
# A system call's error code, as Node and libc print it after the failing call's name.
ERRNO = (r" E(?:NOTFOUND|CONNREFUSED|CONNRESET|CONNABORTED|TIMEDOUT|HOSTUNREACH|NETUNREACH|ADDRINUSE|ADDRNOTAVAIL"
         r"|AI_AGAIN|NOENT|ACCES|PERM|PIPE|PROTO)\b")
BEING = r"(?i)(?<![A-Za-z])(?:is|was|are|were|be|been|isn't|wasn't)[ \t]+(?:not[ \t]+|now[ \t]+|still[ \t]+|already[ \t]+)?\Z"

# A segment of a path that is a name: words (a space, `_`, `.` or `-` between), two digits at most
# after them, an extension.
NAME_SEGMENT = r"[A-Za-z]+(?:[ _.-][A-Za-z]+)*[0-9]{0,2}(?:\.[a-z0-9]{1,5})?\Z"


def ticket_under_its_key(key: str, value: str) -> bool:
    """A parsed JSON value under a key that names an issue (`issue_key`, `ticket`): a tracker's
    issue key is an id (the key's `key` says lookup, not secret)."""
    label = key + ":"
    return _a_ticket_after(value, label, 0, len(label))


def _a_ticket_after(value: str, text: str, lo: int, hi: int) -> bool:
    """`value` has a tracker's issue key's shape (`OPS-208`) and text[lo:hi] ends in a label naming an issue."""
    return "-" in value and compiled("kinds-ticket", TICKET).match(value) is not None \
        and compiled("kinds-ticket-label", TICKET_LABEL).search(text, lo, hi) is not None


def id_by_its_shape(value: str) -> bool:
    """True where `value` alone is an id or a name of a kind never secret."""
    first = value[0]
    n = len(value)
    if (n == 17 or n == 23) and compiled("kinds-mac", MAC).match(value):
        return True  # a network card's, a router's address, as a kernel log or `ip link` shows it
    if "@" in value and value[-1] in "$#%>" and compiled("kinds-prompt", PROMPT).match(value):
        return True  # `deploy@web-01:~$`: a shell's prompt copied with its command
    if first.isdigit() and n <= 16 and compiled("kinds-duration", DURATION).match(value):
        return True  # `60-day`: how long something lasts
    if (value[-1] == ";" or value[-1] == ",") and compiled("kinds-reference-ended", REFERENCE_ENDED).match(value):
        return True  # `process.env.X;`: code's reference to a setting, its statement's end after it
    if "," in value and compiled("kinds-flag-names", FLAG_NAMES).match(value):
        return True  # `ReadKey("NoEcho,IncludeKeyDown")`: options' names joined by commas
    if value[-1] in "\u3002\uff0e\uff01\uff1f" and compiled("kinds-cjk", CJK_WORDS).search(value):
        return True  # `手順2で入力したパスワードを入力します。`: a sentence in Japanese or Chinese, ended by its full stop
    if value[1:3] == ":\\" and first.isalpha() and n <= 260:
        parts = [p for p in value[3:].split("\\") if p]
        # `C:\keys\upload.ppk`: a file on a drive, its folders and name words
        return len(parts) >= 2 and all(compiled("kinds-name-segment", NAME_SEGMENT).match(p) for p in parts)
    return (first == "/" or first == "~") and _path_of_names(value)


def _path_of_names(value: str) -> bool:
    """A path of two segments or more, none of them random (a random value may hold a `/`)."""
    if compiled("kinds-named-path", NAMED_PATH).match(value) is None:
        return False
    parts = [p for p in value.split("/") if p]
    return all(compiled("kinds-name-segment", NAME_SEGMENT).match(p) for p in parts)


# An item of a list that is a name: a word, or words joined by `-`, `_`, `.` or a space (each may
# end in two digits at most: `X-B3-Sampled`, `AWS_S3_BUCKET`); one word alone is letters only.
LIST_NAME = r"[A-Za-z]+(?:[0-9]{0,2}[-_. ][A-Za-z]+)+[0-9]{0,2}\Z|[A-Za-z]+\Z"
# A command that installs packages, then its arguments up to the value (no command after it).
INSTALLER = (r"(?:^|[\s;&|(`])(?:sudo[ \t]+)?(?:npm|pnpm|yarn|bun|pip3?|pipx|uv(?:[ \t]+pip)?|poetry|cargo|gem|brew"
             r"|apt-get|apt|dnf|yum|apk|composer|conda|mamba)[ \t]+(?:install|i|add|require)[ \t][^\n;&|`<>]*\Z")
PACKAGE = r"@?[A-Za-z0-9][\w.-]*(?:/[\w.-]+)?(?:\[[\w,-]+\])?(?:(?:@|[=<>~^!]=?)[\w.*^~<>=,-]*)?\Z"
# A help text's option, then the wide gap before its description.
HELP_OPTION = r"\n[ \t]*(?:-[A-Za-z0-9],?[ \t]+)?--?[A-Za-z][\w-]*(?:[ =](?:<[^<>\n]*>|\[[^\[\]\n]*\]|[A-Z_]{2,}))?[ \t]{2,}\Z"
# A name a key-value store's key is given: lowercase words joined by `:`.
KEY_NAME = r"[a-z][a-z_-]*(?::[a-z][a-z_-]*)+:?\Z"
KEY_LABEL = r"(?i)(?:key|prefix|namespace|channel|queue|topic)[\"']?[ \t]*[:=][ \t]*[\"']?\Z"


def named_by_its_place(text: str, s: int, e: int, kind: str, value: str) -> bool:
    """True where what stands around `value` (text[s:e], its quotes and spaces off) says it names
    something: an item of a list of names, a package an installer is given, the first word of a
    help text's description, a key-value store's key name, an attribute's name, a segment of a
    Windows path, a branch in git's commit line, the session name after an AWS role's id."""
    vs = text.find(value, s, e)
    if vs < 0:
        return False
    ve = vs + len(value)
    last = text[vs - 1:vs]
    if last == "\\" and _in_a_windows_path(text, vs):
        return True  # `C:\Users\kim\uploads\<id>_Report.docx`: a file's name
    if last == "[" and _a_commits_branch(text, vs, ve):
        return True  # `[feature/x-Kq2 1a2b3c4] fix: …`: git commit's summary names the branch
    if last == ":" and compiled("kinds-aws-unique-id", r"(?:AROA|AIDA)[A-Z0-9]{12,24}:\Z").search(text, vs - 30 if vs > 30 else 0, vs):
        return True  # `"UserId": "AROA…:jo.doe@corp.com"`: a role's id, then its session's name
    if value[-1] == "=" and last == " " and text[ve:ve + 1] in ("\"", "'") and _an_attributes_name(text, vs, value):
        return True  # `placeholder="…" style="…"`: an attribute's name, its value after it
    if _a_ticket_after(value, text, vs - 40 if vs > 40 else 0, vs):
        return True  # `"issue_key": "OPS-208"`: a tracker's issue, its project and number
    if last == " " and value[0].islower() and _a_state_or_a_failing_call(text, vs, ve, value):
        return True
    if "/" in value and _a_files_path_without_its_extension(text, value):
        return True  # `icon = "assets/logo"` where the text shows `src/app/assets/logo.png`
    if ":" in value and kind != "basic_auth" and text[ve:ve + 1] != "@" and _a_key_name(text, vs, value):
        return True
    if last == " " and (_help_description(text, vs, ve) or _a_package(text, vs, value)
                        or ("-" in value and _cell_of_a_column_of_names(text, vs, ve, value))):
        return True
    return (last in ("\"", "'", " ", "[", ",") or text[vs - 2:vs - 1] in (",", "[")) and _item_of_a_list_of_names(text, vs, ve, value)


def _a_state_or_a_failing_call(text: str, vs: int, ve: int, value: str) -> bool:
    """A word of state after a verb of being (`token is invalid.`: what the credential is, not
    it), or a call's name before an error's code (`token: getaddrinfo ENOTFOUND host`)."""
    if compiled("kinds-state-word", STATE_WORD).match(value) and compiled("kinds-being", BEING).search(text, vs - 20 if vs > 20 else 0, vs):
        return True
    return value.isalpha() and compiled("kinds-error-code", ERRNO).match(text, ve) is not None


def _a_files_path_without_its_extension(text: str, value: str) -> bool:
    """A relative path of names (two segments or more) that the same text shows as a file's
    path, an extension after it (`assets/logo` and `src/assets/logo.png`)."""
    if compiled("kinds-relative-path", r"[A-Za-z][\w.-]{0,60}(?:/[A-Za-z][\w.-]{0,60}){1,20}\Z").match(value) is None \
            or not all(compiled("kinds-name-segment", NAME_SEGMENT).match(p) for p in value.split("/")):
        return False
    at = text.find(value + ".")
    return at >= 0 and compiled("kinds-file-extension", r"\.[A-Za-z0-9]{1,5}\b").match(text, at + len(value)) is not None


def _in_a_windows_path(text: str, vs: int) -> bool:
    """The value starts a segment of a path from a drive's root (`X:\\`), on its line."""
    start = vs - 400 if vs > 400 else 0
    return compiled("kinds-windows-path", r"(?<![\w\\])[A-Za-z]:\\(?:[^\\\n\"'<>|*?:]+\\)+\Z").search(text, start, vs) is not None


def _an_attributes_name(text: str, vs: int, value: str) -> bool:
    """A name of lowercase words (`style=`, `aria-label=`, `xml:lang=`) inside a markup tag that is
    open on its line (a `<name` before it, no `>` between)."""
    if compiled("kinds-attribute", r"[a-z]+(?:[-:][a-z]+)*=\Z").match(value) is None:
        return False
    opening = text.rfind("<", vs - 400 if vs > 400 else 0, vs)
    return opening >= 0 and text[opening + 1:opening + 2].isalpha() and text.find(">", opening, vs) < 0 \
        and text.find("\n", opening, vs) < 0


def _a_commits_branch(text: str, vs: int, ve: int) -> bool:
    """`[` starts the line, then the value, a short hash and `]`: git commit's first line."""
    if vs >= 2 and text[vs - 2] != "\n":
        return False
    return compiled("kinds-commit-hash", r" (?:\(root-commit\) )?[0-9a-f]{7,12}\] ").match(text, ve) is not None


def _a_key_name(text: str, vs: int, value: str) -> bool:
    """Words joined by `:` (`app:lockdown`, `auth:session:current`): a store's key, where the
    label names a key or the words are three or more (two may be a user and a password)."""
    if compiled("kinds-key-name", KEY_NAME).match(value) is None:
        return False
    return value.rstrip(":").count(":") >= 2 or compiled("kinds-key-label", KEY_LABEL).search(text, vs - 40 if vs > 40 else 0, vs) is not None


def _help_description(text: str, vs: int, ve: int) -> bool:
    """An option, a wide gap, then the value and two words at least: a help text's description."""
    if compiled("kinds-help-option", HELP_OPTION).search(text, vs - 120 if vs > 120 else 0, vs) is None:
        return False
    return compiled("kinds-help-words", r" [A-Za-z][\w'()/.,-]* [A-Za-z(][\w'()/.,-]*").match(text, ve) is not None


def _a_package(text: str, vs: int, value: str) -> bool:
    """An argument of an installer's command (not a flag's value): a package's name."""
    at = text.rfind(" ", vs - 400 if vs > 400 else 0, vs - 1)
    if at < 0 or text[at + 1:at + 2] == "-" or compiled("kinds-package", PACKAGE).match(value) is None:
        return False
    return compiled("kinds-installer", INSTALLER).search(text, vs - 300 if vs > 300 else 0, vs) is not None


def _item_of_a_list_of_names(text: str, vs: int, ve: int, value: str) -> bool:
    """The value is an item of a `[…]` list whose items are all names (LIST_NAME): three or more,
    or two names of joined words (`["SMTP_HOST", "SMTP_FROM"]`); a pair of words may be a
    user's name and a password."""
    if compiled("kinds-list-name", LIST_NAME).match(value) is None:
        return False
    opening = text.rfind("[", vs - 2000 if vs > 2000 else 0, vs)
    closing = text.find("]", ve, ve + 2000)
    if opening < 0 or closing < 0:
        return False
    items = [item.strip() for item in text[opening + 1:closing].split(",")]
    if items and not items[-1]:
        items.pop()  # (a trailing comma)
    names = compiled("kinds-list-name", LIST_NAME)
    for i, item in enumerate(items):
        if len(item) >= 2 and item[0] == item[-1] and item[0] in "\"'":
            item = items[i] = item[1:-1]
        if names.match(item) is None:
            return False
    return value in items and (len(items) >= 3 or all(len(item.split()) == 1 and not item.isalpha() for item in items))


# A resource's name as a cloud lists it: lowercase words and numbers joined by `-` or `.`.
NAME_CELL = r"[a-z0-9]+(?:[-.][a-z0-9]+)+\Z"


def _cell_of_a_column_of_names(text: str, vs: int, ve: int, value: str) -> bool:
    """The value fills a cell of a `|` table whose column's other cells (two at least) are names
    of its shape (NAME_CELL: a bucket's, a stack's, a host's), its header naming no secret."""
    names = compiled("kinds-name-cell", NAME_CELL)
    ls = text.rfind("\n", 0, vs) + 1
    le = text.find("\n", ve)
    line = text[ls:le if le >= 0 else len(text)]
    head = text[ls:vs]
    if names.match(value) is None or not head.lstrip().startswith("|") or not head.rstrip().endswith("|") \
            or not line[ve - ls:].lstrip().startswith("|"):
        return False
    column = head.count("|")
    others = []
    for row in _table_lines_around(text, ls, le):
        cells = row.split("|")
        if len(cells) <= column:
            return False
        cell = cells[column].strip()
        if compiled("kinds-cell-secret-word", r"(?i)pass|secret|token|key|cred").search(cell):
            return False
        if cell and names.match(cell):
            others.append(cell)
    return len(others) >= 2


def _table_lines_around(text: str, ls: int, le: int) -> list:
    """The lines of the `|` table around the line from `ls` to `le` (six each way at most)."""
    rows = []
    at = ls
    for _ in range(6):  # above
        if at <= 0:
            break
        start = text.rfind("\n", 0, at - 1) + 1
        row = text[start:at - 1]
        if not row.lstrip().startswith("|"):
            break
        rows.append(row)
        at = start
    at = le
    for _ in range(6):  # below
        if at < 0 or at >= len(text):
            break
        end = text.find("\n", at + 1)
        row = text[at + 1:end if end >= 0 else len(text)]
        if not row.lstrip().startswith("|"):
            break
        rows.append(row)
        at = end
    return rows
