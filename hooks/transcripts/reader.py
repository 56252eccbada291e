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
(``hooks.event.prune_event``) and privacy-filtered as a whole
(``store.privacy.clean_value``) before the capture rules see it, and a prompt
that is entirely ``<private>`` hides its turn (``hooks.turns``). Checked
field by field against hook payloads captured from the same real session: the
memories are byte-identical, so the store's content dedupe makes importing a
session the hooks captured a no-op. Where a transcript lacks what the hook had
(subagent transcripts carry no ``toolUseResult``; a compaction summary is
stored reformatted), ``store.writing.writer`` skips an imported memory of a tool call
(or compaction) the hooks already stored.

``hooks.transcripts.load.import_files`` writes the events' memories through
``store.writing.writer``; ``hooks.transcripts.files.find_transcripts`` lists the files
to read.

A slash command is the prompt the user typed (``/name args``, as the hook got
it) when it is a custom command, a skill or a prompt command like ``/init``;
Claude Code's own local commands (``/clear``, ``/model`` ...) fire no hook.
A tool result written before its call (2.1.x does that for a call answered
within milliseconds) waits for its call; calls and results that never meet
are counted (:meth:`TranscriptReader.unpaired_calls`).

Left out, because no hook would have seen them as the user's work:
``attachment`` lines (hook output, memlane's own injected context included),
``isMeta`` lines, ``progress``, ``file-history-snapshot``, ``queue-operation``
and the other bookkeeping types, local commands and their artefacts
(``<local-command-stdout>``, ``<bash-input>``, ...), interruption markers, a
subagent's task prompt, and tool calls that never ran: input validation errors
(``<tool_use_error>`` in 2.x; the same sentences bare in 1.0.x), permission
denials and rejections (Claude Code fires no hook for those). Assistant messages split over several lines (same
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

from hooks.capture import blocks_text, input_dict, observations_from_event
from hooks.event import (
    clean_event,
    prune_event,
    safe_session_id,
    session_id_problem,
    without_ide_notes,
)
from hooks.transcripts.files import session_groups, session_id_for_path
from hooks.transcripts.shapes import (
    ARTEFACT_PREFIXES,
    INTERRUPT_MARKERS,
    SKIPPED_TYPES,
    absolute_tool_input,
    bump,
    compact_summary,
    fallback_response,
    is_local_command,
    iso_mtime,
    never_ran,
    new_stats,
    slash_command,
    timestamp,
    was_interrupted,
)
from hooks.transcripts.title import title_line
from hooks.turns import TurnTimeline, prompt_turn
from store.config import privacy_patterns
from store.files import NotRegularFile, open_regular
from store.paths import default_db_path
from store.privacy import Cleaner
from store.seen_secrets import remembering
from store.writing import normalise_timestamp

_PROBE_MIN_BYTES = 1024


def _open_regular(path: str):
    """The file at `path` opened for reading, if it is a regular file (a FIFO or a device
    put where a transcript was listed would hang the import or fill its memory)."""
    fd, _st = open_regular(path)
    try:
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


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

    def __init__(self, config: dict | None = None, *, since: str | None = None, keep_cwd=None, db_path: str | None = ""):
        self.config = config if isinstance(config, dict) else {}
        self.patterns = privacy_patterns(self.config)  # secret_patterns, and not_secret_patterns
        if db_path is not None:  # the store's memory of secrets redacted ("": the default store's; None: none)
            self.patterns = remembering(self.patterns, db_path or default_db_path())
        self.since = normalise_timestamp(since) if since else None
        self.keep_cwd = keep_cwd
        self.stats = new_stats()
        self.sessions: dict = {}
        self._seen_uuids: dict = {}  # line uuid -> its session (a summary names its session so)
        self._titles: dict = {}  # session -> {"custom": title, "ai": title} (the newest of each)
        self._summaries: list = []  # (leaf line uuid, summary) of old `summary` lines
        self._pending: dict = {}  # tool_use id -> the call, until its result is read
        self._calls_of_line: dict = {}  # assistant line uuid -> its calls' ids (some answered)
        self._early: dict = {}  # tool_use id -> its result, read before the call (2.1.x)
        self.turns = TurnTimeline()  # each session's private turns
        self._compact_trigger: dict = {}  # session -> trigger of its last compact_boundary
        self._kept_sessions: dict = {}  # session -> whether keep_cwd accepted it
        self.cleaner = Cleaner(self.patterns, memo=True)  # each distinct string once
        self.unpaired_from_worker = None  # set when a worker process read the files

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
        self._name_sessions()

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
            fh = _open_regular(path)
        except NotRegularFile:
            bump(self.stats, "malformed", "not a regular file")
            return
        except OSError:
            bump(self.stats, "malformed", "unreadable file")
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
                    bump(self.stats, "malformed", "not JSON")
                    continue
                if not isinstance(obj, dict):
                    bump(self.stats, "malformed", "not an object")
                    continue
                yield from self._line(obj, default_session)

    # ------------------------------------------------------------------ lines
    def _line(self, obj: dict, default_session):
        kind = obj.get("type")
        if kind in ("custom-title", "ai-title", "summary"):
            self._note_title(obj, default_session)
        if kind not in ("user", "assistant", "system"):
            if kind in SKIPPED_TYPES:
                bump(self.stats, "skipped", str(kind))
            else:
                bump(self.stats, "malformed", "unknown type")
            return
        uuid = obj.get("uuid")
        if isinstance(uuid, str) and uuid:
            if uuid in self._seen_uuids:
                bump(self.stats, "skipped", "copied line")
                return
            self._seen_uuids[uuid] = None
        session_id = self._session_of(obj, default_session)
        if not session_id:
            bump(self.stats, "malformed", "no session id")
            return
        if isinstance(uuid, str) and uuid:
            self._seen_uuids[uuid] = session_id
        ts = timestamp(obj.get("timestamp"))
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
            bump(self.stats, "skipped", "system")
            return
        if obj.get("isMeta") is True:
            bump(self.stats, "skipped", "isMeta")
            return
        message = obj.get("message")
        if not isinstance(message, dict):
            bump(self.stats, "malformed", "no message")
            return
        content = message.get("content")
        if kind == "assistant":
            yield from self._assistant(obj, content, session_id, cwd, ts)
            return
        if isinstance(content, list) and any(
            isinstance(b, dict) and b.get("type") == "tool_result" for b in content
        ):
            yield from self._tool_results(obj, content, session_id, cwd, ts)
            return
        yield from self._user_text(obj, content, session_id, cwd, ts)

    @staticmethod
    def _session_of(obj: dict, default_session):
        """The session a line belongs to: its sessionId, else its file's; an odd id as the
        hook stores it."""
        session_id = obj.get("sessionId")
        if not isinstance(session_id, str) or not session_id:
            session_id = default_session
        if session_id and session_id_problem(session_id) is not None:
            session_id = safe_session_id(session_id)
        return session_id or None

    def _note_title(self, obj: dict, default_session) -> None:
        """A line naming a session as Claude Code's /resume shows it: ``custom-title`` (a
        name the user gave), ``ai-title`` (one Claude Code made), ``summary`` (old
        versions; it names the session its ``leafUuid`` line is in)."""
        if obj.get("type") == "summary":
            leaf, text = obj.get("leafUuid"), obj.get("summary")
            if isinstance(leaf, str) and isinstance(text, str) and text.strip():
                self._summaries.append((leaf, text))
            return
        found = title_line(obj)
        session_id = self._session_of(obj, default_session)
        if found is not None and session_id:
            self._titles.setdefault(session_id, {})[found[1]] = found[0]

    def _name_sessions(self) -> None:
        """Each session read gets the name /resume shows for it: the newest name the user
        gave, else the newest generated title, else the newest summary of its lines."""
        names: dict = {}
        for leaf, text in self._summaries:
            session_id = self._seen_uuids.get(leaf)
            if session_id:
                names[session_id] = (text, "summary")
        for session_id, titles in self._titles.items():
            kind = "custom" if "custom" in titles else "ai"
            names[session_id] = (titles[kind], kind)
        for session_id, (title, kind) in names.items():
            info = self.sessions.get(session_id)
            if info is not None:
                info["title"], info["title_kind"] = " ".join(title.split()), kind

    def _mtime(self):
        if self._file_mtime is None:
            self._file_mtime = iso_mtime(self._path) or ""
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
            tool_input = block.get("input")
            if isinstance(tool_input, str) and tool_input.lstrip().startswith("{"):
                tool_input = input_dict(tool_input) or tool_input  # its JSON text
            call = {
                "name": name, "input": tool_input, "ts": ts, "session_id": session_id,
                "cwd": cwd, "prompt_id": prompt_id if isinstance(prompt_id, str) else None,
                "line": obj.get("uuid"),
            }  # fmt: skip
            early = self._early.pop(tool_id, None)
            if early is None:
                self._pending[tool_id] = call
                if isinstance(call["line"], str):
                    self._calls_of_line.setdefault(call["line"], []).append(tool_id)
                continue
            # Its result was read first (2.1.x writes a quick call's result line before
            # the call's own): answered now, as if read in order.
            result_obj, result_block, tool_use_result, r_session, r_cwd, r_ts, line_bytes = early
            self.stats["tool_calls"] += 1
            here = self._line_bytes
            self._line_bytes = line_bytes
            try:
                event = self._tool_event(result_obj, result_block, call, tool_use_result,
                                         r_session, r_cwd, r_ts)  # fmt: skip
            finally:
                self._line_bytes = here
            if event is not None:
                yield event

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
                if isinstance(tool_id, str) and tool_id and tool_id not in self._early:
                    # its call may be on a later line: kept until the call is read
                    self._early[tool_id] = (obj, block, tool_use_result, session_id, cwd, ts,
                                            self._line_bytes)  # fmt: skip
                else:
                    bump(self.stats, "skipped", "result without its call")
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
        # By the line's own calls, never a scan of every call still waiting: a file of
        # calls never answered and results without an id would take quadratic time.
        ids = self._calls_of_line.get(parent, ()) if isinstance(parent, str) and parent else ()
        found = list(dict.fromkeys(k for k in ids if k in self._pending))
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
            if never_ran(raw_text):
                bump(self.stats, "skipped", "tool call that did not run")
                return None
            interrupt = was_interrupted(raw_text)
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
        fields = {"tool_name": name, "tool_input": absolute_tool_input(tool_input, cwd)}
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
                result if result is not None else fallback_response(name, content, text)
            )
        return fields

    # -------------------------------------------------------------- user text
    def _user_text(self, obj, content, session_id, cwd, ts):
        raw = without_ide_notes(blocks_text(content, text_blocks_only=True))
        text = raw.lstrip()
        if obj.get("isCompactSummary") is True:
            yield from self._compaction(obj, session_id, cwd, ts, raw)
            return
        if obj.get("isSidechain") is True:
            bump(self.stats, "skipped", "subagent task prompt")
            return
        command = slash_command(text)
        if command is not None:
            name, args = command
            if name == "/compact" and args:
                yield from self._precompact(obj, session_id, cwd, ts, args)
                return
            if is_local_command(name):
                bump(self.stats, "skipped", "local command")
                return
            # A custom command or a skill: the hook got what was typed as the prompt.
            raw = text = f"{name} {args}" if args else name
        elif text.startswith(ARTEFACT_PREFIXES):
            bump(self.stats, "skipped", "local command")
            return
        if text.startswith(INTERRUPT_MARKERS):
            bump(self.stats, "skipped", "interruption marker")
            return
        if obj.get("isVisibleInTranscriptOnly") is True:
            bump(self.stats, "skipped", "transcript-only")
            return
        if not text.strip():
            bump(self.stats, "skipped", "empty prompt")
            return
        prompt_id = obj.get("promptId") if isinstance(obj.get("promptId"), str) else None
        turn, hidden = prompt_turn(raw, prompt_id)
        self.turns.note(session_id, prompt_id, turn, ts)
        if hidden:
            bump(self.stats, "skipped", "private prompt")
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
        summary = compact_summary(raw)
        if not summary:
            bump(self.stats, "skipped", "empty compaction summary")
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

    def _wanted(self, session_id, cwd, prompt_id, ts, opens_turn=False) -> bool:
        """`opens_turn`: the prompt that made its turn private (by leaving a block open)
        is itself kept, cut at its opener."""
        if not opens_turn and self.turns.hides(session_id, prompt_id, ts):
            bump(self.stats, "skipped", "private turn")
            return False
        if self.since and ts and ts < self.since:
            bump(self.stats, "skipped", "before --since")
            return False
        if self.keep_cwd is not None:
            kept = self._kept_sessions.get(session_id)
            if kept is None:
                where = cwd or self.sessions.get(session_id, {}).get("cwd")
                kept = self._kept_sessions[session_id] = bool(where) and bool(self.keep_cwd(where))
            if not kept:
                bump(self.stats, "skipped", "other project")
                return False
        return True

    def _base(self, session_id, cwd, prompt_id, ts) -> dict:
        return {
            "session_id": session_id, "transcript_path": self._path, "cwd": cwd,
            "prompt_id": prompt_id, "_source": "import", "_timestamp": ts,
        }  # fmt: skip

    def _finish(self, event: dict) -> dict:
        """The event as the hook handles it: pruned (``hooks.event.prune_event``) and
        privacy-filtered as a whole (but for the two fields the importer adds: a
        source name and a time it wrote itself). Every event finished is yielded,
        and counted."""
        self.stats["events"] += 1
        self.sessions[event["session_id"]]["events"] += 1
        ours = {"_source": event.pop("_source"), "_timestamp": event.pop("_timestamp")}
        cleaned = clean_event(prune_event(event, self._line_bytes), self.cleaner.value)
        cleaned.update(ours)
        return cleaned

    def unpaired_calls(self) -> int:
        """Tool calls whose result never came (the session stopped mid-call), and results
        whose call never came (a file cut short), read so far: neither is imported."""
        if self.unpaired_from_worker is not None:
            return self.unpaired_from_worker
        return len(self._pending) + len(self._early)
