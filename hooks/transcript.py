"""Claude Code session transcripts -> the hook events they record (for ``memlane import``).

A transcript (``~/.claude/projects/<encoded-cwd>/<session-id>.jsonl``, plus
``<session-id>/subagents/agent-*.jsonl`` for subagents) holds one JSON object
per line. :class:`TranscriptReader` turns those lines back into the events the
hooks would have received during the session, shaped exactly like the hook
inputs, so that ``hooks.capture.observations_from_event`` (the one copy of the
capture rules) makes the same memories from them:

- a typed prompt -> ``UserPromptSubmit`` (``prompt``);
- an assistant ``tool_use`` block paired with its ``tool_result`` (by id) ->
  ``PostToolUse`` (``tool_response`` = the line's ``toolUseResult``, which is
  what the hook receives) or, for ``is_error: true``, ``PostToolUseFailure``
  (``error`` = the result text, ``is_interrupt`` for a cancelled call);
- ``/compact <instructions>`` -> ``PreCompact``; the compaction summary
  (``isCompactSummary``) -> ``PostCompact``.

Each event carries ``_source = "import"`` and ``_timestamp`` (the transcript
line's time: the store's dedupe makes a re-import a no-op only when the same
time is used again). Like the hook, every event is pruned
(``hooks.main.prune_event``) and privacy-filtered as a whole
(``store.privacy.clean_value``) before the capture rules see it, and a prompt
that is entirely ``<private>`` hides its turn (``hooks.turns``). Checked
field by field against hook payloads captured from the same real session: the
memories are byte-identical, so the store's content dedupe makes importing a
session the hooks captured a no-op. Where a transcript lacks what the hook had
(subagent transcripts carry no ``toolUseResult``; a compaction summary is
stored reformatted), ``store.writer`` skips an imported memory of a tool call
(or compaction) the hooks already stored.

:func:`import_files` writes the events' memories through ``store.writer``
(batches, one transaction each; sessions, summaries); :func:`find_transcripts`
lists the files to read.

Left out, because no hook would have seen them as the user's work:
``attachment`` lines (hook output, memlane's own injected context included),
``isMeta`` lines, ``progress``, ``file-history-snapshot``, ``queue-operation``
and the other bookkeeping types, local-command artefacts (``<command-name>``,
``<local-command-stdout>``, ``<bash-input>``, ...), interruption markers, a
subagent's task prompt, and tool calls that never ran: input validation errors
(``<tool_use_error>``), permission denials and rejections (Claude Code fires no
hook for those). Assistant messages split over several lines (same
``message.id``, one content block each) are joined by pairing per block; the
file is a graph (``uuid``/``parentUuid``) and resume/fork copy lines into new
files, so a line whose ``uuid`` was already read is skipped.

Malformed lines (bad JSON, a truncated last line, a non-object, an unknown
``type``) are counted in ``stats`` and skipped; the rest of the file is read.

Imports only the standard library, ``store`` and ``hooks`` (no rich / textual).
"""
from __future__ import annotations

import json
import os
import sys

from hooks.capture import blocks_text, observations_from_event
from hooks.main import prune_event
from hooks.turns import in_private_turn, private_turn, prompt_is_hidden
from store.privacy import clean_key, clean_lines, clean_value
from store.writer import normalise_timestamp

# Line types that are bookkeeping, never the user's work (Claude Code 1.0 - 2.1).
SKIPPED_TYPES = frozenset(
    {
        "attachment", "progress", "file-history-snapshot", "queue-operation", "summary",
        "last-prompt", "custom-title", "ai-title", "tag", "relocated", "agent-name",
        "agent-color", "agent-setting", "mode", "permission-mode", "pr-link", "worktree-state",
        "content-replacement", "attribution-snapshot", "bridge-session", "fork-context-ref",
        "isolation-latch", "marble-origami-commit", "marble-origami-reset",
        "marble-origami-snapshot", "speculation-accept", "task-summary",
    }
)  # fmt: skip

# A user line whose text starts with one of these is a local command or its output.
_ARTEFACT_PREFIXES = (
    "<command-name>", "<command-message>", "<command-args>", "<local-command-stdout>",
    "<local-command-stderr>", "<local-command-caveat>", "<bash-input>", "<bash-stdout>",
    "<bash-stderr>", "<user-memory-input>", "<task-notification>", "Caveat: The messages below",
)  # fmt: skip
_INTERRUPT_MARKERS = ("[Request interrupted by user", "[Request cancelled by user")

# tool_result texts of calls that never ran (no hook fires for them).
_NOT_RUN_PREFIXES = (
    "<tool_use_error>",
    "The user doesn't want to proceed with this tool use",
    "Permission for this ",
    "Execution stopped by PreToolUse hook",
    "Hook PreToolUse:",
)
# tool_result texts of a call cancelled by the user (PostToolUseFailure, is_interrupt).
_INTERRUPTED_PREFIXES = (
    "The user doesn't want to take this action right now",
    "[Request interrupted by user",
    "Interrupted by user",
)
_NO_OUTPUT = "(Bash completed with no output)"
_MEMO_MAX_CHARS = 512
_PLAIN_VALUE = "plainvalue"
_PROBE_MIN_BYTES = 1024
_MEMO_MAX_ITEMS = 100_000

# Around the summary in an isCompactSummary message (Claude Code 1.0 - 2.1).
_COMPACT_LEADS = (
    "This session is being continued from a previous conversation that ran out of context.",
)
_COMPACT_LEAD_ENDS = (
    "The summary below covers the earlier portion of the conversation.",
    "The conversation is summarized below:",
)
_COMPACT_TRAILERS = (
    "\n\nIf you need specific details from before compaction",
    "\n\nRecent messages are preserved verbatim.",
    "\n\nYour REPL VM state has been cleared",
    "\nContinue the conversation from where it left off",
    "\nPlease continue the conversation from where we left it off",
)


def new_stats() -> dict:
    """The counters a reader keeps (all ints, except ``skipped_by`` / ``malformed_by``)."""
    return {
        "files": 0, "lines": 0, "bytes": 0, "events": 0, "prompts": 0, "tool_calls": 0,
        "errors": 0, "skipped": 0, "malformed": 0, "skipped_by": {}, "malformed_by": {},
    }  # fmt: skip


def _bump(stats: dict, key: str, reason: str, n: int = 1) -> None:
    stats[key] += n
    by = stats[key + "_by"]
    by[reason] = by.get(reason, 0) + n


_TS_RE = None


def _timestamp(value) -> str | None:
    """``store.writer.normalise_timestamp``, with a fast path for the form Claude
    Code writes (``2026-05-21T14:59:47.068Z`` -> ``2026-05-21T14:59:47.068000Z``)."""
    global _TS_RE
    if isinstance(value, str) and len(value) == 24 and value[-1] == "Z":
        if _TS_RE is None:
            import re

            _TS_RE = re.compile(
                r"\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])"
                r"T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z\Z"
            )
        if _TS_RE.match(value):
            return value[:23] + "000Z"
    return normalise_timestamp(value)


def _is_absolute(path: str) -> bool:
    return path.startswith(("/", "\\", "~")) or (len(path) > 2 and path[1] == ":")


def _absolute(path, cwd):
    """A relative file path made absolute against cwd, as Claude Code does before
    the hook sees it; anything else unchanged."""
    if not isinstance(path, str) or not path or not isinstance(cwd, str) or not cwd:
        return path
    if _is_absolute(path):
        return path
    if "\\" in cwd or (len(cwd) > 1 and cwd[1] == ":"):
        import ntpath

        return ntpath.normpath(ntpath.join(cwd, path))
    import posixpath

    return posixpath.normpath(posixpath.join(cwd, path))


def _tool_input(tool_input, cwd):
    if not isinstance(tool_input, dict):
        return tool_input
    out = tool_input
    for key in ("file_path", "notebook_path"):
        value = tool_input.get(key)
        fixed = _absolute(value, cwd)
        if fixed is not value:
            if out is tool_input:
                out = dict(tool_input)
            out[key] = fixed
    return out


def _fallback_response(tool_name: str, content, text: str):
    """A tool_response rebuilt from the tool_result when the line has no
    ``toolUseResult`` (subagent transcripts, old versions, several results in one line)."""
    if tool_name == "Bash":
        return {"stdout": "" if text.strip() == _NO_OUTPUT else text, "stderr": "",
                "interrupted": False}  # fmt: skip
    if tool_name == "Write":
        if text.startswith("File created successfully"):
            return {"type": "create"}
        if "has been updated" in text or "has been overwritten" in text:
            return {"type": "update"}
        return {}
    if tool_name in ("Agent", "Task"):
        blocks = content if isinstance(content, list) else [{"type": "text", "text": text}]
        response: dict = {"content": []}
        for b in blocks:
            body = b.get("text") if isinstance(b, dict) else None
            if isinstance(body, str) and body.startswith("agentId: "):
                # "agentId: X (...)\n<usage>subagent_tokens: N\ntool_uses: N\n
                #  duration_ms: N</usage>"
                for line in body.replace("<usage>", "\n").replace("</usage>", "\n").splitlines():
                    key, _, value = line.partition(":")
                    field = {"tool_uses": "totalToolUseCount", "duration_ms": "totalDurationMs",
                             "subagent_tokens": "totalTokens"}.get(key.strip())  # fmt: skip
                    if field and value.strip().isdigit():
                        response[field] = int(value.strip())
            else:
                response["content"].append(b)
        return response
    if tool_name.startswith("mcp__"):
        return content
    return text


def _compact_summary(text: str) -> str:
    """The summary inside a compaction message, without Claude Code's framing."""
    out = text.strip()
    for lead in _COMPACT_LEADS:
        if out.startswith(lead):
            out = out[len(lead):]
            for end in _COMPACT_LEAD_ENDS:
                stripped = out.lstrip()
                if stripped.startswith(end):
                    out = stripped[len(end):]
                    break
            break
    for trailer in _COMPACT_TRAILERS:
        cut = out.find(trailer)
        if cut != -1:
            out = out[:cut]
    return out.strip()


def _compact_args(text: str) -> str | None:
    """The instructions of a ``/compact <instructions>`` command line, else None."""
    if "<command-name>/compact</command-name>" not in text:
        return None
    start = text.find("<command-args>")
    end = text.find("</command-args>")
    if start == -1 or end == -1 or end < start:
        return ""
    return text[start + len("<command-args>"):end].strip()


def _iso_mtime(path: str) -> str | None:
    try:
        t = os.stat(path).st_mtime
    except OSError:
        return None
    import time

    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t % 1 * 1e6):06d}Z"


class TranscriptReader:
    """Reads transcript files into hook-shaped events; keeps state across files.

    One reader is meant for one import run: it remembers the line uuids already
    read (resume and fork copy lines between files), tool calls still waiting
    for their result, each session's private turns, and the sessions seen
    (``sessions[session_id]`` = ``{"cwd", "first", "last", "events"}``, times as
    stored, ``events`` = how many events were yielded for it).

    ``since`` (ISO-8601) drops events before it; ``keep_cwd(cwd) -> bool``
    drops events of other projects. Read a session's main file before its
    subagents' files (the private turns come from the main file's prompts).
    """

    def __init__(self, config: dict | None = None, *, since: str | None = None, keep_cwd=None):
        self.config = config if isinstance(config, dict) else {}
        patterns = self.config.get("secret_patterns")
        self.secret_patterns = tuple(patterns) if isinstance(patterns, (list, tuple)) else ()
        self.since = normalise_timestamp(since) if since else None
        self.keep_cwd = keep_cwd
        self.stats = new_stats()
        self.sessions: dict = {}
        self._seen_uuids: set = set()
        self._pending: dict = {}  # tool_use id -> the call, until its result is read
        # session -> {"private": its private prompt ids, "timeline": [(time, turn)]}
        self._turns: dict = {}
        self._compact_trigger: dict = {}  # session -> trigger of its last compact_boundary
        self._kept_sessions: dict = {}  # session -> whether keep_cwd accepted it
        self._memo: dict = {}  # short string -> the string after the privacy filter
        self._event_memo: dict = {}  # the same for long strings, within one event
        self._plain_keys: dict = {}  # dict key -> True when it is not secret-named

    # ------------------------------------------------------------------ files
    def read_files(self, paths, on_file=None):
        """Yield the events of files in :func:`find_transcripts` order: a session's
        files (its main file and its subagents') are read in full, then their
        events are yielded in time order, the order the hooks saw them in (the
        store keeps the first of two identical memories, and nested subagents
        repeat one another). ``on_file(path)`` is called after each file."""
        for group in session_groups(paths):
            events = []
            for path in group:
                events.extend(self.read_file(path))
                if on_file is not None:
                    on_file(path)
            if len(group) > 1:
                events.sort(key=lambda e: e.get("_timestamp") or "")
            yield from events

    def read_file(self, path, default_session: str | None = None):
        """Yield the events of one transcript file (see the module docstring)."""
        path = os.fspath(path)
        self.stats["files"] += 1
        if default_session is None:
            default_session = session_id_for_path(path)
        self._file_ts = None
        self._file_mtime = None
        self._line_bytes = 0
        self._path = path
        try:
            fh = open(path, "rb")
        except OSError:
            _bump(self.stats, "malformed", "unreadable file")
            return
        with fh:
            for raw in fh:
                self.stats["lines"] += 1
                self.stats["bytes"] += len(raw)
                self._line_bytes = len(raw)
                if not raw.strip():
                    continue
                try:
                    obj = json.loads(raw)
                except (ValueError, RecursionError):  # bad JSON, a cut last line, bad UTF-8
                    _bump(self.stats, "malformed", "not JSON")
                    continue
                if not isinstance(obj, dict):
                    _bump(self.stats, "malformed", "not an object")
                    continue
                yield from self._line(obj, default_session)

    # ------------------------------------------------------------------ lines
    def _line(self, obj: dict, default_session):
        kind = obj.get("type")
        if kind not in ("user", "assistant", "system"):
            if kind in SKIPPED_TYPES:
                _bump(self.stats, "skipped", str(kind))
            else:
                _bump(self.stats, "malformed", "unknown type")
            return
        uuid = obj.get("uuid")
        if isinstance(uuid, str) and uuid:
            if uuid in self._seen_uuids:
                _bump(self.stats, "skipped", "copied line")
                return
            self._seen_uuids.add(uuid)
        session_id = obj.get("sessionId")
        if not isinstance(session_id, str) or not session_id:
            session_id = default_session
        if not session_id:
            _bump(self.stats, "malformed", "no session id")
            return
        ts = _timestamp(obj.get("timestamp"))
        if ts is None:
            ts = self._file_ts or self._mtime()
        else:
            self._file_ts = ts
        cwd = obj.get("cwd") if isinstance(obj.get("cwd"), str) and obj.get("cwd") else None
        self._note_session(session_id, cwd, ts)
        if kind == "system":
            if obj.get("subtype") == "compact_boundary":
                meta = obj.get("compactMetadata")
                trigger = meta.get("trigger") if isinstance(meta, dict) else None
                self._compact_trigger[session_id] = trigger if isinstance(trigger, str) else None
            _bump(self.stats, "skipped", "system")
            return
        if obj.get("isMeta") is True:
            _bump(self.stats, "skipped", "isMeta")
            return
        message = obj.get("message")
        if not isinstance(message, dict):
            _bump(self.stats, "malformed", "no message")
            return
        content = message.get("content")
        if kind == "assistant":
            self._assistant(obj, content, session_id, cwd, ts)
            return
        if isinstance(content, list) and any(
            isinstance(b, dict) and b.get("type") == "tool_result" for b in content
        ):
            yield from self._tool_results(obj, content, session_id, cwd, ts)
            return
        yield from self._user_text(obj, content, session_id, cwd, ts)

    def _mtime(self):
        if self._file_mtime is None:
            self._file_mtime = _iso_mtime(self._path) or ""
        return self._file_mtime or None

    def _note_session(self, session_id, cwd, ts):
        s = self.sessions.get(session_id)
        if s is None:
            s = self.sessions[session_id] = {"cwd": cwd, "first": ts, "last": ts, "events": 0}
        else:
            if cwd and not s["cwd"]:
                s["cwd"] = cwd
            if ts and (not s["first"] or ts < s["first"]):
                s["first"] = ts
            if ts and (not s["last"] or ts > s["last"]):
                s["last"] = ts

    # -------------------------------------------------------------- assistant
    def _assistant(self, obj, content, session_id, cwd, ts):
        if not isinstance(content, list):
            return
        prompt_id = obj.get("promptId")
        for block in content:
            if not isinstance(block, dict) or block.get("type") != "tool_use":
                continue
            tool_id = block.get("id")
            name = block.get("name")
            if not isinstance(tool_id, str) or not tool_id or not isinstance(name, str):
                continue
            if tool_id in self._pending:
                continue  # the same block again (a message written over several lines)
            self._pending[tool_id] = {
                "name": name, "input": block.get("input"), "ts": ts, "session_id": session_id,
                "cwd": cwd, "prompt_id": prompt_id if isinstance(prompt_id, str) else None,
                "line": obj.get("uuid"),
            }  # fmt: skip

    # ----------------------------------------------------------- tool results
    def _tool_results(self, obj, content, session_id, cwd, ts):
        results = [b for b in content if isinstance(b, dict) and b.get("type") == "tool_result"]
        tool_use_result = obj.get("toolUseResult") if len(results) == 1 else None
        for block in results:
            tool_id = block.get("tool_use_id")
            call = self._pending.pop(tool_id, None) if isinstance(tool_id, str) else None
            if call is None:
                call = self._orphan_call(obj, tool_id)
            if call is None:
                _bump(self.stats, "skipped", "result without its call")
                continue
            self.stats["tool_calls"] += 1
            event = self._tool_event(obj, block, call, tool_use_result, session_id, cwd, ts)
            if event is not None:
                yield event

    def _orphan_call(self, obj, tool_id):
        """A result with no tool_use_id: the one call of the assistant line it answers."""
        if isinstance(tool_id, str) and tool_id:
            return None
        parent = obj.get("sourceToolAssistantUUID") or obj.get("parentUuid")
        found = [k for k, c in self._pending.items() if parent and c.get("line") == parent]
        if len(found) != 1:
            return None
        call = self._pending.pop(found[0])
        call["id"] = found[0]
        return call

    def _tool_event(self, obj, block, call, tool_use_result, session_id, cwd, ts):
        name = call["name"]
        raw_content = block.get("content")
        raw_text = blocks_text(raw_content, text_blocks_only=True)
        is_error = block.get("is_error") is True
        interrupt = False
        if is_error:
            head = raw_text.lstrip()
            if head.startswith(_NOT_RUN_PREFIXES) or (
                head.startswith("Permission to ") and "denied" in head.split("\n", 1)[0]
            ):
                _bump(self.stats, "skipped", "tool call that did not run")
                return None
            interrupt = head.startswith(_INTERRUPTED_PREFIXES)
        session_id = session_id or call["session_id"]
        cwd = cwd or call["cwd"]
        prompt_id = obj.get("promptId")
        if not isinstance(prompt_id, str):
            prompt_id = call["prompt_id"]
        if not self._wanted(session_id, cwd, prompt_id, ts):
            return None
        tool_id = block.get("tool_use_id") or call.get("id")
        event = self._base(session_id, cwd, prompt_id, ts)
        event["tool_use_id"] = tool_id if isinstance(tool_id, str) and tool_id else None
        event.update(self._tool_hook_event(name, call["input"], raw_content, tool_use_result,
                                           is_error, interrupt, cwd))  # fmt: skip
        # The privacy filter is the import's bottleneck when a result holds a whole
        # file, so a large result is first shown, unfiltered, to the capture rules:
        # a call they skip as it is (a Read, a Grep) is not cleaned at all.
        # Cleaning only removes text: it cannot turn a skipped call into a kept one.
        if self._line_bytes > _PROBE_MIN_BYTES and not observations_from_event(event, self.config):
            return None
        if is_error and not interrupt:
            self.stats["errors"] += 1
        return self._finish(event)

    @staticmethod
    def _tool_hook_event(name, tool_input, content, result, is_error, interrupt, cwd) -> dict:
        """The PostToolUse / PostToolUseFailure fields of a tool call."""
        fields = {"tool_name": name, "tool_input": _tool_input(tool_input, cwd)}
        text = blocks_text(content, text_blocks_only=True)
        if is_error:
            fields["hook_event_name"] = "PostToolUseFailure"
            if interrupt:
                fields["error"] = ""
            elif isinstance(content, str):
                fields["error"] = content
            elif isinstance(result, str) and result.startswith("Error: "):
                fields["error"] = result[len("Error: "):]
            else:
                fields["error"] = text
            fields["is_interrupt"] = interrupt
        else:
            fields["hook_event_name"] = "PostToolUse"
            fields["tool_response"] = (
                result if result is not None else _fallback_response(name, content, text)
            )
        return fields

    # -------------------------------------------------------------- user text
    def _user_text(self, obj, content, session_id, cwd, ts):
        raw = blocks_text(content, text_blocks_only=True)
        text = raw.lstrip()
        if obj.get("isCompactSummary") is True:
            yield from self._compaction(obj, session_id, cwd, ts, raw)
            return
        if obj.get("isSidechain") is True:
            _bump(self.stats, "skipped", "subagent task prompt")
            return
        if text.startswith(_ARTEFACT_PREFIXES) or "<command-name>" in text[:200]:
            instructions = _compact_args(text)
            if instructions:
                yield from self._precompact(obj, session_id, cwd, ts, instructions)
            else:
                _bump(self.stats, "skipped", "local command")
            return
        if text.startswith(_INTERRUPT_MARKERS):
            _bump(self.stats, "skipped", "interruption marker")
            return
        if obj.get("isVisibleInTranscriptOnly") is True:
            _bump(self.stats, "skipped", "transcript-only")
            return
        if not text.strip():
            _bump(self.stats, "skipped", "empty prompt")
            return
        prompt_id = obj.get("promptId") if isinstance(obj.get("promptId"), str) else None
        turn = private_turn(raw, prompt_id)
        self._note_turn(session_id, prompt_id, turn, ts)
        if turn is not None and prompt_is_hidden(raw):
            _bump(self.stats, "skipped", "private prompt")
            return
        if not self._wanted(session_id, cwd, prompt_id, ts, opens_turn=turn is not None):
            return
        event = self._base(session_id, cwd, prompt_id, ts)
        event["hook_event_name"] = "UserPromptSubmit"
        event["prompt"] = raw
        mode = obj.get("permissionMode")
        if isinstance(mode, str):
            event["permission_mode"] = mode
        self.stats["prompts"] += 1
        yield self._finish(event)

    def _compaction(self, obj, session_id, cwd, ts, raw):
        trigger = self._compact_trigger.pop(session_id, None)
        if not self._wanted(session_id, cwd, None, ts):
            return
        summary = _compact_summary(raw)
        if not summary:
            _bump(self.stats, "skipped", "empty compaction summary")
            return
        event = self._base(session_id, cwd, None, ts)
        event["hook_event_name"] = "PostCompact"
        event["trigger"] = trigger or "auto"
        event["compact_summary"] = summary
        yield self._finish(event)

    def _precompact(self, obj, session_id, cwd, ts, instructions):
        prompt_id = obj.get("promptId") if isinstance(obj.get("promptId"), str) else None
        if not self._wanted(session_id, cwd, prompt_id, ts):
            return
        event = self._base(session_id, cwd, None, ts)
        event["hook_event_name"] = "PreCompact"
        event["trigger"] = "manual"
        event["custom_instructions"] = instructions
        yield self._finish(event)

    # ---------------------------------------------------------------- helpers
    def _clean(self, value):
        """``clean_value(value)``, exactly, but faster on transcripts.

        A transcript repeats the same strings (paths, descriptions, patch lines;
        a Write's text is in its input and its result), and the filter's cost is
        per string (about 1 µs a character, 40 µs at least). So each string is
        cleaned once: by ``clean_value`` itself, as a lone string when its dict
        key is not secret-named (then ``clean_value`` treats it exactly so), or
        as ``clean_value({key: s})[key]`` when it is (a value under a
        secret-named key is redacted whole). The answer for a key is found once,
        by filtering a harmless value under it."""
        self._event_memo = {}
        try:
            return self._clean_walk(value, None)
        except RecursionError:  # absurdly deep nesting: the filter's own walk is iterative
            return clean_value(value, self.secret_patterns)
        finally:
            self._event_memo = {}

    def _clean_walk(self, value, key):
        if isinstance(value, str):
            return self._clean_str(value, key)
        if isinstance(value, dict):
            out = {}
            for k, v in value.items():
                out_key = clean_key(k, self.secret_patterns, out)
                out[out_key] = self._clean_walk(v, k if isinstance(k, str) else None)
            return out
        if isinstance(value, (list, tuple)):
            if len(value) > 1 and all(isinstance(v, str) for v in value):
                return clean_lines(value, self.secret_patterns)  # one text, as clean_value does
            return [self._clean_walk(v, None) for v in value]
        return value

    def _clean_str(self, value: str, key):
        if key is not None:
            plain = self._plain_keys.get(key)
            if plain is None:
                # (the key itself is cleaned too: the one value is read whatever it became)
                probe = _only_value(clean_value({key: _PLAIN_VALUE}, self.secret_patterns))
                plain = self._plain_keys[key] = probe == _PLAIN_VALUE
            if not plain:
                return _only_value(clean_value({key: value}, self.secret_patterns))
        short = len(value) <= _MEMO_MAX_CHARS
        memo = self._memo if short else self._event_memo
        got = memo.get(value)
        if got is None:
            got = clean_value(value, self.secret_patterns)
            if short and len(memo) >= _MEMO_MAX_ITEMS:
                memo.clear()
            memo[value] = got
        return got

    def _note_turn(self, session_id, prompt_id, turn, ts):
        state = self._turns.get(session_id)
        if state is None:
            state = self._turns[session_id] = {"private": set(), "timeline": []}
        if turn is not None and prompt_id:
            state["private"].add(prompt_id)
        timeline = state["timeline"]
        if not timeline or (ts or "") >= (timeline[-1][0] or ""):
            timeline.append((ts, turn))
        else:  # out of order (a subagent file): keep the timeline sorted
            import bisect

            timeline.insert(bisect.bisect_right([t for t, _ in timeline], ts or ""), (ts, turn))

    def _private(self, session_id, prompt_id, ts) -> bool:
        state = self._turns.get(session_id)
        if state is None:
            return False
        if prompt_id and prompt_id in state["private"]:
            return True
        timeline = state["timeline"]
        if not timeline:
            return False
        turn = timeline[-1][1]
        if ts and timeline[-1][0] and ts < timeline[-1][0]:
            import bisect

            i = bisect.bisect_right([t or "" for t, _ in timeline], ts) - 1
            turn = timeline[i][1] if i >= 0 else None
        return in_private_turn(turn, prompt_id)

    def _wanted(self, session_id, cwd, prompt_id, ts, opens_turn=False) -> bool:
        """`opens_turn`: the prompt that made its turn private (by leaving a block open)
        is itself kept, cut at its opener."""
        if not opens_turn and self._private(session_id, prompt_id, ts):
            _bump(self.stats, "skipped", "private turn")
            return False
        if self.since and ts and ts < self.since:
            _bump(self.stats, "skipped", "before --since")
            return False
        if self.keep_cwd is not None:
            kept = self._kept_sessions.get(session_id)
            if kept is None:
                where = cwd or self.sessions.get(session_id, {}).get("cwd")
                kept = self._kept_sessions[session_id] = bool(where) and bool(self.keep_cwd(where))
            if not kept:
                _bump(self.stats, "skipped", "other project")
                return False
        return True

    def _base(self, session_id, cwd, prompt_id, ts) -> dict:
        return {
            "session_id": session_id, "transcript_path": self._path, "cwd": cwd,
            "prompt_id": prompt_id, "_source": "import", "_timestamp": ts,
        }  # fmt: skip

    def _finish(self, event: dict) -> dict:
        """The event as the hook handles it: pruned (``hooks.main.prune_event``) and
        privacy-filtered as a whole (but for the two fields the importer adds: a
        source name and a time it wrote itself). Every event finished is yielded,
        and counted."""
        self.stats["events"] += 1
        self.sessions[event["session_id"]]["events"] += 1
        ours = {"_source": event.pop("_source"), "_timestamp": event.pop("_timestamp")}
        cleaned = self._clean(prune_event(event, self._line_bytes))
        cleaned.update(ours)
        return cleaned

    def unpaired_calls(self) -> int:
        """Tool calls whose result never came (the session stopped mid-call)."""
        return getattr(self, "_unpaired_from_worker", None) or len(self._pending)


def _only_value(one: dict):
    return next(iter(one.values()))


# ---------------------------------------------------------------------- files
def session_id_for_path(path) -> str | None:
    """The session a transcript file belongs to, from its path: ``<id>.jsonl``, or
    ``<id>/subagents/agent-*.jsonl`` for a subagent (None for an old top-level
    ``agent-*.jsonl``, whose lines name their session)."""
    path = os.fspath(path)
    parent = os.path.basename(os.path.dirname(path))
    if parent == "subagents":
        return os.path.basename(os.path.dirname(os.path.dirname(path))) or None
    stem = os.path.basename(path)
    if stem.endswith(".jsonl"):
        stem = stem[: -len(".jsonl")]
    if stem.startswith("agent-"):
        return None
    return stem or None


def _group_key(path: str):
    folder = os.path.dirname(path)
    if os.path.basename(folder) == "subagents":
        folder = os.path.dirname(os.path.dirname(folder))
    return folder, session_id_for_path(path) or path


def session_groups(paths) -> list[list[str]]:
    """Consecutive paths of one session (its main file, then its subagents'), grouped."""
    groups: list[list[str]] = []
    last = None
    for path in paths:
        path = os.fspath(path)
        key = _group_key(path)
        if groups and key == last:
            groups[-1].append(path)
        else:
            groups.append([path])
        last = key
    return groups


def claude_projects_dir() -> str:
    """Where Claude Code keeps transcripts: ``$CLAUDE_CONFIG_DIR/projects``, else
    ``~/.claude/projects``."""
    base = os.environ.get("CLAUDE_CONFIG_DIR")
    if base:
        return os.path.join(os.path.expanduser(base), "projects")
    return os.path.join(os.path.expanduser("~"), ".claude", "projects")


def find_transcripts(paths, *, since_epoch: float | None = None) -> tuple[list[str], list[str]]:
    """``(files, missing)``: the ``.jsonl`` files under the given files/folders, in
    reading order (sessions oldest first by modification time, each session's
    main file before its subagents'), and the given paths that do not exist.

    ``since_epoch`` leaves out files not modified since then (they can only
    hold older lines)."""
    found: dict[str, float] = {}
    missing: list[str] = []
    for given in paths:
        p = os.path.expanduser(os.fspath(given))
        if os.path.isfile(p):
            _add(found, p)
        elif os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for name in files:
                    if name.endswith(".jsonl"):
                        _add(found, os.path.join(root, name))
        else:
            missing.append(os.fspath(given))
    if since_epoch is not None:
        found = {f: m for f, m in found.items() if m >= since_epoch}
    # A session's files: its main file and <session>/subagents/*.jsonl next to it.
    groups: dict[tuple, list] = {}
    for f, mtime in found.items():
        is_sub = os.path.basename(os.path.dirname(f)) == "subagents"
        groups.setdefault(_group_key(f), []).append((is_sub, mtime, f))

    def group_order(group):
        mains = [mtime for is_sub, mtime, _ in group if not is_sub]
        return (min(mains) if mains else min(mtime for _, mtime, _ in group), group[0][2])

    files = [f for group in sorted(groups.values(), key=group_order) for _, _, f in sorted(group)]
    return files, missing


def _add(found: dict, path: str) -> None:
    try:
        found[os.path.abspath(path)] = os.stat(path).st_mtime
    except OSError:
        pass


# --------------------------------------------------------------------- import
class _Joined:
    """A connection whose ``store.writer`` transactions join the caller's open one.

    The writer opens a transaction per call (``BEGIN IMMEDIATE`` ... ``COMMIT``);
    through this wrapper those become no-ops, so the caller can run many writer
    calls in one transaction (a commit costs a full-text index flush), or roll
    them all back (a dry run counts exactly what an import would add, dedupe
    included, and keeps nothing). The writer itself runs unchanged."""

    __slots__ = ("_conn",)

    def __init__(self, conn):
        object.__setattr__(self, "_conn", conn)

    def execute(self, sql, *args):
        if sql in ("BEGIN IMMEDIATE", "COMMIT", "ROLLBACK"):
            return self._conn.execute("SELECT 1")  # the caller ends the transaction
        return self._conn.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self._conn, name)

    def __setattr__(self, name, value):
        setattr(self._conn, name, value)


def new_report() -> dict:
    """What an import did (or, in a dry run, would do)."""
    return {
        "sessions_new": 0, "sessions_updated": 0, "memories": 0, "errors": 0,
        "duplicates": 0, "unpaired": 0,
    }  # fmt: skip


BATCH_OBSERVATIONS = 2000  # memories per transaction (the write lock is held ~0.5 s)
SESSIONS_PER_TRANSACTION = 100
WORKER_MIN_BYTES = 8_000_000  # below this, starting a process costs more than it saves
_CHUNK = 250  # observations per message from the worker


def _observations_here(files, reader: TranscriptReader, config: dict):
    """Lists of observations: every _CHUNK, and when a file is done (so progress moves)."""
    chunk: list = []
    files_done = [0]

    def on_file(_path):
        files_done[0] += 1

    sent = 0
    for event in reader.read_files(files, on_file=on_file):
        chunk.extend(observations_from_event(event, config))
        if len(chunk) >= _CHUNK or files_done[0] != sent:
            sent = files_done[0]
            yield chunk
            chunk = []
    yield chunk


def files_size(files, stop_above: int | None = None) -> int:
    """Bytes in `files` (unreadable ones count 0); stops counting past `stop_above`."""
    total = 0
    for f in files:
        try:
            total += os.path.getsize(f)
        except OSError:
            pass
        if stop_above is not None and total > stop_above:
            break
    return total


def _worth_a_worker(files) -> bool:
    return (os.cpu_count() or 1) >= 2 and files_size(files, WORKER_MIN_BYTES) > WORKER_MIN_BYTES


def _send(stream, message) -> None:
    import pickle

    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(len(data).to_bytes(8, "big") + data)
    stream.flush()


def _receive(stream):
    import pickle

    head = stream.read(8)
    if len(head) < 8:
        return None
    size = int.from_bytes(head, "big")
    data = stream.read(size)
    if len(data) < size:
        return None
    return pickle.loads(data)  # noqa: S301 - our own child process, over a pipe


def _worker_main() -> int:
    """``python -m hooks.transcript --worker``: read the (files, reader, config) sent
    on stdin, send ("obs", observations, stats) messages on stdout, then ("done",
    stats, sessions, unpaired) or ("error", text)."""
    out = sys.stdout.buffer
    try:
        files, reader, config = _receive(sys.stdin.buffer)
        for chunk in _observations_here(files, reader, config):
            _send(out, ("obs", chunk, reader.stats))
        _send(out, ("done", reader.stats, reader.sessions, reader.unpaired_calls()))
    except BrokenPipeError:
        return 1  # the caller went away
    except BaseException as exc:  # the caller says it; a worker must not hang it
        import traceback

        _send(out, ("error", f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=5)}"))
        return 1
    return 0


def _observations_in_worker(files, reader: TranscriptReader, config: dict):
    """_observations_here, read by a second process while this one writes: the same
    reader (pickled over), files and order, so the same result. A plain subprocess,
    not multiprocessing: nothing of this process (threads, the database connection,
    its __main__) is forked or re-imported. The reader's stats follow along; its
    sessions and unpaired calls are set when the worker is done."""
    import pickle
    import subprocess

    try:
        payload = pickle.dumps((list(files), reader, config), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # say, a keep_cwd that is a lambda: read here instead
        yield from _observations_here(files, reader, config)
        return
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ)
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    proc = subprocess.Popen(
        [sys.executable, "-m", "hooks.transcript", "--worker"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env,
    )  # fmt: skip
    # A thread drains the pipe at once, so the worker never waits while this
    # process is busy writing a batch (a pipe holds ~64 KB: a few dozen memories).
    import queue
    import threading

    inbox: queue.Queue = queue.Queue(maxsize=400)
    stop = threading.Event()

    def drain():
        while not stop.is_set():
            message = _receive(proc.stdout)
            while not stop.is_set():
                try:
                    inbox.put(message, timeout=0.5)
                    break
                except queue.Full:
                    continue
            if message is None or message[0] != "obs":
                return

    try:
        proc.stdin.write(len(payload).to_bytes(8, "big") + payload)
        proc.stdin.close()
        threading.Thread(target=drain, name="memlane-import-pipe", daemon=True).start()
        while True:
            message = inbox.get()
            if message is None:
                raise RuntimeError(
                    f"the transcript reader process stopped unexpectedly (exit code {proc.wait()})"
                )
            if message[0] == "obs":
                reader.stats.update(message[2])
                yield message[1]
            elif message[0] == "done":
                reader.stats.update(message[1])
                reader.sessions = message[2]
                reader._unpaired_from_worker = message[3]
                return
            else:
                raise RuntimeError("reading the transcripts failed: " + message[1])
    finally:
        stop.set()
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        proc.stdout.close()


def import_files(conn, files, reader: TranscriptReader, config: dict | None = None, *,
                 dry_run: bool = False, batch_size: int = BATCH_OBSERVATIONS,
                 progress=None, worker: bool | None = None) -> dict:  # fmt: skip
    """Import transcript files into the store; returns :func:`new_report` counts
    (the reader's ``stats`` hold the line counts).

    Memories go through ``store.writer.add_memories`` in batches (one
    transaction each), so the store's dedupe applies: importing the same files
    again adds nothing, nor does importing a session the hooks already captured.
    A session the hooks did not create gets ``source = 'import'`` and its start
    and end from the transcript; every session that got new memories (and every
    session an import made) gets its summary rebuilt; a session the hooks made
    keeps its start and end. ``dry_run`` runs the same writes and rolls them back.
    ``progress(report)`` is called after every batch and every file.

    ``worker``: read the transcripts in a second process while this one writes
    (the same reader, files and order, so the same result; the reader's state
    comes back at the end). Default: when there is more than WORKER_MIN_BYTES
    to read and more than one CPU.
    """
    from store import writer

    config = config if isinstance(config, dict) else reader.config
    report = new_report()
    joined = _Joined(conn)
    known: dict = {}  # session -> its source in the store before this import (None: absent)
    touched: set = set()
    batch: list = []

    def note_sessions(session_ids):
        for sid in session_ids:
            if sid not in known:
                row = conn.execute("SELECT source FROM session WHERE session_id = ?",
                                   (sid,)).fetchone()  # fmt: skip
                known[sid] = row[0] if row else None

    def flush():
        """Write up to batch_size of the waiting observations, in one transaction."""
        if not batch:
            return
        items = batch[:batch_size]
        del batch[:batch_size]
        note_sessions({o["session_id"] for o in items})
        if dry_run:
            try:
                with _write(conn):
                    ids = writer.add_memories(joined, items)
                    raise _RollBack
            except _RollBack:
                pass
        else:
            # A new session's row is made by the writer from its first memory, with
            # source 'import' (a session the hooks made keeps theirs).
            ids = writer.add_memories(conn, items)
        for obs, mid in zip(items, ids):
            if mid is None:
                report["duplicates"] += 1
                continue
            report["memories"] += 1
            if obs.get("type") == "error":
                report["errors"] += 1
            touched.add(obs["session_id"])
        if progress is not None:
            progress(report)

    if worker is None:
        worker = _worth_a_worker(files)
    chunks = _observations_in_worker if worker else _observations_here
    for observations in chunks(files, reader, config):
        batch.extend(observations)
        if len(batch) < batch_size and progress is not None:
            progress(report)
        while len(batch) >= batch_size:
            flush()
    while batch:
        flush()

    # Every session with events gets its row (as the hook's SessionStart would make),
    # even one whose events made no memory (say, only Read calls).
    live = [sid for sid, info in reader.sessions.items() if info["events"]]
    note_sessions(live)
    new_sessions = sorted(sid for sid in live if known.get(sid) is None)
    report["sessions_new"] = len(new_sessions)
    report["sessions_updated"] = len(touched - set(new_sessions))
    report["unpaired"] = reader.unpaired_calls()
    if dry_run:
        return report
    # The start and end of the sessions an import made come from the transcript (done
    # again on every import: an interrupted one is finished by the next).
    owned = sorted(set(new_sessions) | {s for s in live if known.get(s) == "import"})
    to_summarise = sorted(touched | set(owned))
    steps = [("own", sid) for sid in owned] + [("summary", sid) for sid in to_summarise]
    for i in range(0, len(steps), SESSIONS_PER_TRANSACTION):
        with _write(conn):
            for what, sid in steps[i:i + SESSIONS_PER_TRANSACTION]:
                info = reader.sessions.get(sid) or {}
                if what == "summary":
                    writer.update_session_summary(joined, sid)
                    continue
                first, last = info.get("first"), info.get("last")
                writer.start_session(joined, sid, info.get("cwd"), started_at=first,
                                     source="import")  # fmt: skip
                if first:  # the row may come from the first memory, a little later
                    conn.execute(
                        "UPDATE session SET started_at = min(started_at, ?) WHERE session_id = ?",
                        (first, sid),
                    )
                row = conn.execute("SELECT ended_at FROM session WHERE session_id = ?",
                                   (sid,)).fetchone()  # fmt: skip
                if last and row is not None and (row[0] is None or row[0] < last):
                    writer.end_session(joined, sid, None, ended_at=last)
    if report.get("memories"):
        # A bulk load leaves the indexes in many small segments; merged now, the
        # hooks' inserts that follow do not pay for it one by one.
        from store.db import optimize_indexes

        optimize_indexes(conn)
    return report


class _RollBack(Exception):
    """Ends a dry run's transaction (store.db.write rolls back on an exception)."""


def _write(conn):
    from store.db import write

    return write(conn)


if __name__ == "__main__":
    if sys.argv[1:] == ["--worker"]:
        sys.exit(_worker_main())
    sys.exit("usage: python -m hooks.transcript --worker (used by memlane import)")
