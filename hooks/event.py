"""One hook event, from stdin to a bounded dict: read, parse, prune, and its fields.

Work per event is bounded before anything reads its text: `read_stdin` waits at
most STDIN_TIMEOUT_S and takes at most MAX_STDIN_BYTES, `parse_event` counts
objects and arrays before parsing, and `prune_event` drops what capture never
stores and caps items, depth and values (breadth first) before the privacy
filter runs.  The hook and the transcript importer both use `prune_event`.

Standard library only (hook path); `json`, `select` and `re` are imported when used.
"""

from __future__ import annotations

import os
import sys

MAX_STDIN_BYTES = 16 * 1024 * 1024
# How long a hook waits for its event. Claude Code writes it as soon as the hook starts, but on
# a starved machine (dozens of hooks at once) it has come 3 s late: 2 s lost it. Claude Code
# kills a hook at its `timeout` (memlane installs 10 s, the shortest: tui/commands/install.py;
# Claude Code's own default is longer), so the wait stops 2 s before that, to store the event.
# MEMLANE_STDIN_TIMEOUT_S may only shorten it (a test of the wait need not wait 8 s).
STDIN_TIMEOUT_S = 8.0


def _stdin_timeout(longest: float = STDIN_TIMEOUT_S) -> float:
    try:
        asked = float(os.environ.get("MEMLANE_STDIN_TIMEOUT_S") or longest)
    except ValueError:
        return longest
    return asked if 0 < asked <= longest else longest


STDIN_TIMEOUT_S = _stdin_timeout()
MAX_FIELD_CHARS = 100_000  # longer strings keep a head and a tail before the privacy filter
# Work per event is bounded by counts as well as bytes: 15 MB of `{},` is 5M objects.
MAX_JSON_CONTAINERS = 300_000  # objects + arrays in one event (counted before parsing)
MAX_ITEMS = 1000  # items kept of one list or object
MAX_DEPTH = 40  # nesting kept
MAX_VALUES = 20_000  # values kept in one event in all


class Problem(Exception):
    """Something the user may want to know, in one sentence (logged, never raised out)."""


# Claude Code's session ids are UUIDs; other clients send ids such as `ses_01J8ZK4Q2W`.
SESSION_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._:-")
MAX_SESSION_ID_CHARS = 128


def session_id_problem(session_id: str) -> str | None:
    """Why a session id is not stored as sent (None: it is): one of at most
    MAX_SESSION_ID_CHARS letters, digits and `. _ : -` is; a path, a NUL, a
    10,000-character id are not.  The hook and the importer both ask here."""
    if len(session_id) > MAX_SESSION_ID_CHARS:
        return f"is {len(session_id):,} characters long (more than {MAX_SESSION_ID_CHARS})"
    if not set(session_id) <= SESSION_ID_CHARS:
        return "holds characters other than letters, digits and . _ : -"
    return None


def safe_session_id(session_id: str) -> str:
    """The id an odd session is stored under: the same for every event of it."""
    import hashlib  # only for odd ids (hashlib costs ~2 ms to import)

    return "x-" + hashlib.sha256(session_id.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def text_field(event: dict, key: str) -> str | None:
    """A non-empty string field of the event, else None."""
    value = event.get(key)
    return value if isinstance(value, str) and value else None


def prompt_text(event: dict) -> str | None:
    """What the user typed: `prompt` (Claude Code), else `user_prompt` (older clients),
    without the notes an IDE adds to it (see `without_ide_notes`)."""
    prompt = event.get("prompt")
    if not isinstance(prompt, str) or not prompt.strip():
        prompt = event.get("user_prompt")
    return without_ide_notes(prompt) if isinstance(prompt, str) else None


# Notifications that say the session waits for its user (the rest are not kept).
WAITING_NOTIFICATIONS = frozenset(("permission_prompt", "idle_prompt", "elicitation_dialog"))


class HookEvent:
    """One hook event, its fields read once (`read_event`), and read again once from the
    copy the privacy filter leaves (`clean`): what the hook stores comes from that copy.

    `fields` is the event's dict; `name` its hook_event_name and `label` that name as a log
    line may show it; `session_id` the id it is stored under (one the store takes as it is:
    see `session_id_problem`), `raw_session_id` the id the private-turn markers are keyed
    by, `odd_session_id` why the id sent was not kept (None: it was); `typed_prompt` the
    prompt as the user typed it (the private-turn rule judges that one), `prompt` the one
    stored; `waiting` a Notification's waiting message (None: not a wait for the user)."""

    __slots__ = ("fields", "name", "label", "session_id", "raw_session_id", "odd_session_id",
                 "cwd", "prompt_id", "prompt", "typed_prompt", "source", "reason", "title",
                 "transcript_path", "waiting")  # fmt: skip

    def __init__(self, fields: dict, name: str) -> None:
        self.name = name
        self.label = event_label(name)
        self.session_id = self.odd_session_id = None
        session_id = fields.get("session_id")
        if isinstance(session_id, str) and session_id.strip():
            self.odd_session_id = session_id_problem(session_id)
            if self.odd_session_id is not None:  # kept, under an id that is safe wherever it goes
                session_id = safe_session_id(session_id)
                fields = dict(fields, session_id=session_id)
            self.session_id = session_id
        self.raw_session_id = self.session_id
        self.prompt_id = text_field(fields, "prompt_id")
        self.waiting = _waiting_message(fields) if name == "Notification" else None
        self._read(fields)
        self.typed_prompt = self.prompt

    def _read(self, fields: dict) -> None:
        self.fields = fields
        self.cwd = text_field(fields, "cwd")
        self.prompt = prompt_text(fields)
        self.source = text_field(fields, "source")
        self.reason = text_field(fields, "reason")
        self.title = text_field(fields, "session_title")
        self.transcript_path = fields.get("transcript_path")
        if self.waiting is not None:  # a wait for the user, said by its (cleaned) message
            kind = text_field(fields, "notification_type")
            self.waiting = text_field(fields, "message") or (kind.replace("_", " ") if kind else None)

    def clean(self, raw_size: int, patterns) -> None:
        """The event through the privacy filter (`prune_event`, then `clean_event` with the
        user's secret `patterns`) before anything is stored, and its fields read from that.
        The session id is a structural field, kept as it is (ASCII: the store takes it)."""
        from store.privacy import clean_value

        self._read(clean_event(prune_event(self.fields, raw_size), lambda value: clean_value(value, patterns)))


def read_event(event: dict) -> HookEvent:
    """The event's record; Problem when it does not say which hook event it is."""
    name = event.get("hook_event_name")
    if not isinstance(name, str) or not name:
        raise Problem("the event has no hook_event_name; ignored.")
    return HookEvent(event, name)


def _waiting_message(event: dict) -> str | None:
    """The message of a Notification that says the session waits for its user, else None."""
    kind = text_field(event, "notification_type")
    message = text_field(event, "message") or ""
    if kind is not None:
        if kind not in WAITING_NOTIFICATIONS:
            return None
        return message or kind.replace("_", " ")
    lowered = message.lower()  # versions before notification_type: its message says it
    waits = "waiting for your input" in lowered or "needs your permission" in lowered
    return message if waits else None


_IDE_NOTE = r"<(ide_[a-z_]{1,40})>.*?</\1>"


def without_ide_notes(text: str) -> str:
    """`text` without the blocks the IDE extensions put before a prompt
    (`<ide_opened_file>The user opened the file ...</ide_opened_file>`,
    `<ide_selection>...</ide_selection>`): they are not what the user typed.
    The hook and the importer both read a prompt through this."""
    if "<ide_" not in text:
        return text
    import re

    return re.sub(_IDE_NOTE, "", text, flags=re.DOTALL).strip()


# ------------------------------------------------------------------ stdin


def _read_fallback(stream, cap: int) -> bytes:
    """Read a stream without a file descriptor (tests, odd platforms)."""
    buffer = getattr(stream, "buffer", None)
    data = (buffer or stream).read(cap + 1)
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    return data or b""


def _looks_complete(chunks: list[bytes]) -> bool:
    """The data so far is one whole JSON object (the sender may keep stdin open)."""
    last = chunks[-1].rstrip()
    if not last.endswith(b"}"):
        return False
    import json

    try:
        json.loads(b"".join(chunks))
        return True
    except (ValueError, RecursionError):
        return False


def read_stdin(stream=None, timeout: float = STDIN_TIMEOUT_S, cap: int = MAX_STDIN_BYTES) -> bytes:
    """All of stdin, waiting at most `timeout` seconds in all.

    Stops early when what has arrived is a whole JSON object and nothing more
    is coming right now (Claude Code may leave the pipe open).  Raises Problem
    when more than `cap` bytes arrive.
    """
    stream = sys.stdin if stream is None else stream
    if stream is None:
        return b""
    try:
        fd = stream.fileno()
    except (AttributeError, ValueError, OSError):
        data = _read_fallback(stream, cap)
        if len(data) > cap:
            raise Problem(f"the event is larger than {cap // 2**20} MB; ignored.") from None
        return data
    import select
    import time

    deadline = time.monotonic() + timeout
    chunks: list[bytes] = []
    size = 0
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            break
        try:
            ready, _, _ = select.select([fd], [], [], 0 if chunks else remaining)
            if not ready and chunks:
                if _looks_complete(chunks):
                    break
                ready, _, _ = select.select([fd], [], [], remaining)
        except (OSError, ValueError):  # pragma: no cover - select cannot wait on this stdin
            data = b"".join(chunks) + os.read(fd, cap + 1 - size)
            chunks, size = [data], len(data)
            break
        if not ready:
            break
        try:
            chunk = os.read(fd, 1 << 20)
        except InterruptedError:  # pragma: no cover
            continue
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
        if size > cap:
            raise Problem(f"the event is larger than {cap // 2**20} MB; ignored.") from None
    return b"".join(chunks)


def parse_event(data: bytes) -> dict:
    """The event dict from stdin bytes (invalid UTF-8 replaced); Problem if unusable."""
    import json

    containers = data.count(b"{") + data.count(b"[")  # an upper bound (brackets in strings too)
    if containers > MAX_JSON_CONTAINERS:
        raise Problem(
            f"the event holds up to {containers} JSON objects and arrays (more than "
            f"{MAX_JSON_CONTAINERS}); ignored so that this tool call is not slowed down."
        )
    text = data.decode("utf-8", "replace").strip()
    if not text:
        raise Problem(f"no event on stdin (it was empty, or nothing came within {STDIN_TIMEOUT_S:.0f} s); nothing to do.")
    try:
        event = json.loads(text)
    except RecursionError:
        raise Problem("the event is nested too deeply to read; ignored.") from None
    except ValueError as exc:
        raise Problem(f"the event is not valid JSON ({short(exc)}); ignored.") from None
    if not isinstance(event, dict):
        raise Problem(f"the event is a JSON {type(event).__name__}, not an object; ignored.")
    return event


def short(value: object, limit: int = 120) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def event_label(name: object) -> str:
    if isinstance(name, str) and name and len(name) <= 40 and name.isprintable():
        return name
    return "hook"


# ------------------------------------------------------------ the privacy filter

# Fields that name things (ids, the session's paths, the event's kind): never free text.
# The filter would read an id such as `toolu_01PwKeyPass...` as a token and redact it,
# and the link between a call and its result (or a session and its memories) would go.
STRUCTURAL_FIELDS = (
    "session_id", "transcript_path", "cwd", "hook_event_name", "tool_name", "tool_use_id",
    "prompt_id", "agent_id", "agent_type", "agent_transcript_path",
)  # fmt: skip
def clean_event(event: dict, clean) -> dict:
    """The event through the privacy filter `clean` (a JSON value -> its cleaned copy),
    all but its STRUCTURAL_FIELDS, which are kept as sent.  The hook and the importer
    both clean so.  A file path in a tool's input is text the user's files are named
    by, and is cleaned: a token pasted into a file name must not reach the store."""
    kept = {k: event[k] for k in STRUCTURAL_FIELDS if isinstance(event.get(k), str)}
    cleaned = clean(event)
    cleaned.update(kept)
    return cleaned


# ------------------------------------------------------------ before cleaning


def _safe_cap(text: str, limit: int = MAX_FIELD_CHARS) -> str:
    """A head and a tail of a huge string, cut so the privacy filter still sees whole things.

    Private/injected blocks are removed from the whole text first (a linear
    scan).  The cuts fall on line ends (a secret assignment is one line); a
    tail is kept only when it starts on a new line, and a private key whose
    BEGIN line was cut away is dropped up to its END line.
    """
    from store.privacy import strip_injected, strip_private

    text = strip_private(strip_injected(text))
    if len(text) <= limit:
        return text
    import re

    half = limit // 2
    cut = text.rfind("\n", half // 2, half)
    if cut < 0:  # one long line: cut before the word the cut would split (a token's head is a leak)
        split = re.compile(r"[\s\"'`,;(){}\[\]<>][^\s\"'`,;(){}\[\]<>]*\Z").search(text, half - 1000, half + 1)
        cut = split.start() if split is not None else half
    head = text[:cut]
    tail = ""
    start = text.find("\n", len(text) - half, len(text) - half // 2)
    if start >= 0:
        tail = text[start + 1 :]
        end = re.search(r"-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----", tail)
        if end and "-----BEGIN" not in tail[: end.start()]:
            tail = tail[end.end() :]
    dropped = len(text) - len(head) - len(tail)
    return head + f"\n… [{dropped} chars cut] …\n" + tail


def cap_strings(value, limit: int = MAX_FIELD_CHARS):
    """A bounded copy of a JSON value: strings longer than `limit` cut, at most MAX_ITEMS
    items of a list or object, MAX_DEPTH levels and MAX_VALUES values in all (a marker
    says what was left out).  Breadth first, so the event's own fields always stay."""
    if isinstance(value, str):
        return _safe_cap(value, limit) if len(value) > limit else value
    if not isinstance(value, (dict, list)):
        return value
    from collections import deque

    root = {} if isinstance(value, dict) else []
    queue = deque([(value, root, 1)])
    budget = MAX_VALUES
    while queue:
        src, dst, depth = queue.popleft()
        is_dict = isinstance(src, dict)
        total = len(src)
        keep = min(total, MAX_ITEMS, max(0, budget))
        budget -= keep
        items = src.items() if is_dict else enumerate(src)
        for n, (key, item) in enumerate(items):
            if n >= keep:
                break
            if isinstance(item, str):
                new = _safe_cap(item, limit) if len(item) > limit else item
            elif isinstance(item, (dict, list)):
                if depth >= MAX_DEPTH:
                    new = f"… nested deeper than {MAX_DEPTH} levels"
                else:
                    new = {} if isinstance(item, dict) else []
                    queue.append((item, new, depth + 1))
            else:
                new = item
            if is_dict:
                dst[key] = new
            else:
                dst.append(new)
        if keep < total:
            note = f"… {total - keep} more items"
            if is_dict:
                dst["…"] = note
            else:
                dst.append(note)
    return root


def prune_event(event: dict, raw_size: int) -> dict:
    """Drop what capture never stores before the (costly) privacy filter runs.

    Edit's `originalFile` (the whole file), Read's file content and Write's
    echoed content go; strings over MAX_FIELD_CHARS keep a head and a tail;
    terminal colour and cursor codes go (`without_terminal_codes`), before the
    filter reads the text, so a code inside a secret cannot hide it from it.
    Dropping text can only make less of it reach the store.
    """
    response = event.get("tool_response")
    if isinstance(response, dict):
        response = dict(response)
        response.pop("originalFile", None)
        file_info = response.get("file")
        if isinstance(file_info, dict) and "content" in file_info:
            response["file"] = {k: v for k, v in file_info.items() if k != "content"}
        tool_input = event.get("tool_input")
        if (
            isinstance(tool_input, dict)
            and isinstance(response.get("content"), str)
            and response.get("content") == tool_input.get("content")
        ):
            del response["content"]
        event = dict(event, tool_response=response)
    if raw_size > MAX_FIELD_CHARS:
        event = cap_strings(event)
    return without_terminal_codes(event)


# ECMA-48 control sequences (CSI: colours, cursor moves, erases), OSC (titles, links),
# DCS/PM/APC strings, charset designations and the other two-character escapes.
_TERMINAL_CODE = (
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"
    r"|(?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[P^_X][^\x1b\x9c]*(?:\x1b\\|\x9c)?"
    r"|\x1b[()*+][0-9A-Za-z]"
    r"|\x1b[ -/]*[0-~]?"
)


def without_terminal_codes(value):
    """A JSON value whose strings hold no terminal control sequences (ANSI colours,
    cursor moves, erases, titles): tools colour their output, and the codes would be
    stored and searched as text.  The hook and the importer both strip them here.
    What is not a string, or holds no escape, is returned as it is."""
    if isinstance(value, str):
        if "\x1b" not in value and "\x9b" not in value and "\x9d" not in value:
            return value
        import re

        return re.sub(_TERMINAL_CODE, "", value)
    if not isinstance(value, (dict, list)):
        return value
    try:
        if isinstance(value, dict):
            out = {k: without_terminal_codes(v) for k, v in value.items()}
            changed = any(out[k] is not v for k, v in value.items())
        else:
            out = [without_terminal_codes(v) for v in value]
            changed = any(a is not b for a, b in zip(out, value))
    except RecursionError:  # absurdly deep: the codes stay, nothing else is lost
        return value
    return out if changed else value
