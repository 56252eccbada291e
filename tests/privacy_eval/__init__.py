"""A labelled set for the privacy filter, measured as a classifier (bench/bench_privacy.py).

Two parts, written apart: `dev` (tests/privacy_eval/dev.py, with the shapes of
tests/privacy_eval/dev_unwritten*.py) is what the filter may be tuned on;
`held` (tests/privacy_eval/held.py) uses other templates, other values and other languages and
is never tuned on: its numbers are the ones reported.  Each part is a list of `Case`:

- a positive holds one or more secrets (`secrets`); it is caught when none of them is left;
- a negative holds none: any redaction in it is false.

`value` is what the filter is given: a text (cleaned as `clean_text` cleans it) or a JSON
value (a hook event or a transcript line, cleaned as the hook cleans an event).  `realistic`
marks the cases shaped as Claude Code transcripts and hook events are (prompts, Bash commands
and their output, tool results, ids): precision on them is printed on its own, never diluted by
the shape cases.

A third part, `unseen` (tests/privacy_eval/unseen.py), was written blind on 2026-11-30: its
author read neither the filter, its tests, its docs nor the bench's listings of misses and false
redactions, wrote every case before the filter met any of them, and measured it once.  The bench
prints it beside the held part and says whether it meets the held targets, outside the exit code.
Its rule: never tune the filter on it (a rule made for one of its cases turns it into a dev part
and its numbers into nothing); a case changes only to fix a labelling error, said so where it is
changed.  A second unseen part (tests/privacy_eval/unseen_two.py) was written blind the same way
while a round of fixes was made on two blind dev parts (dev_blind15a.py, dev_blind15b.py): it was
measured before that round and after it, and is kept under the same rule.

Fake credentials are assembled at run time so secret scanners do not flag these files.
"""

from __future__ import annotations

import base64
import hashlib
import string
from dataclasses import dataclass, field

ALNUM = string.ascii_letters + string.digits
B62 = ALNUM
HEX = "0123456789abcdef"
B32 = string.ascii_uppercase + "234567"


@dataclass(frozen=True)
class Case:
    family: str
    value: object  # str, or a JSON value (dict / list)
    secrets: tuple = ()
    realistic: bool = False
    note: str = field(default="", compare=False)

    @property
    def positive(self) -> bool:
        return bool(self.secrets)


def gen(seed: str, n: int, alphabet: str = ALNUM) -> str:
    """`n` characters from `alphabet`, fixed for `seed`."""
    out, counter = "", 0
    while len(out) < n:
        digest = hashlib.sha256(f"{seed}:{counter}".encode()).digest()
        out += "".join(alphabet[b % len(alphabet)] for b in digest)
        counter += 1
    return out[:n]


def random_secret(seed: str, n: int = 24) -> str:
    """A random credential of mixed case and digits (never all of one class)."""
    body = gen(seed, n - 2)
    return body[:n // 2] + "q7" + body[n // 2:]


def tool_use_id(seed: str, word: str = "") -> str:
    """A Claude Code tool-use id (``toolu_01`` + 22 base62), with `word` (pw, key, pass, sk)
    inside when given, as real ids sometimes hold."""
    body = gen("toolu" + seed, 22, B62)
    if word:
        at = 3 + int(hashlib.sha256(seed.encode()).digest()[0]) % 12
        body = (body[:at] + word + body[at + len(word):])[:22]
    return "toolu_01" + body


def message_id(seed: str) -> str:
    return "msg_01" + gen("msg" + seed, 22, B62)


def request_id(seed: str) -> str:
    return "req_011C" + gen("req" + seed, 20, B62)


def uuid_of(seed: str) -> str:
    h = hashlib.sha256(("uuid" + seed).encode()).hexdigest()
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:32]}"


def b64(text: str) -> str:
    """`text` in base64 (a value as a file or a header encodes it)."""
    return base64.b64encode(text.encode()).decode()


def sha(seed: str, n: int = 40) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()[:n]


def tool_event(tool: str, tool_input: dict, seed: str, response=None) -> dict:
    """A PostToolUse event of any tool, as the CLI sends it to a hook (`response`: its
    tool_response; a bare success when not given)."""
    return {
        "session_id": uuid_of("s" + seed),
        "transcript_path": f"/home/dev/.claude/projects/-home-dev-app/{uuid_of('s' + seed)}.jsonl",
        "cwd": "/home/dev/app",
        "prompt_id": uuid_of("p" + seed),
        "permission_mode": "default",
        "hook_event_name": "PostToolUse",
        "tool_name": tool,
        "tool_input": tool_input,
        "tool_response": response if response is not None else {"success": True},
        "tool_use_id": tool_use_id(seed),
    }


def bash_event(command: str, stdout: str, seed: str, stderr: str = "") -> dict:
    """A PostToolUse event of a Bash call, as the CLI sends it to a hook."""
    return tool_event("Bash", {"command": command, "description": "Run the command"}, seed,
                      {"stdout": stdout, "stderr": stderr, "interrupted": False, "isImage": False})


def prompt_event(prompt: str, seed: str) -> dict:
    return {
        "session_id": uuid_of("s" + seed),
        "transcript_path": f"/home/dev/.claude/projects/-home-dev-app/{uuid_of('s' + seed)}.jsonl",
        "cwd": "/home/dev/app",
        "prompt_id": uuid_of("p" + seed),
        "hook_event_name": "UserPromptSubmit",
        "prompt": prompt,
    }


def assistant_line(seed: str, tool: str, tool_input: dict, word: str = "") -> dict:
    """A transcript line of an assistant message calling a tool."""
    return {
        "parentUuid": uuid_of("parent" + seed),
        "isSidechain": False,
        "type": "assistant",
        "message": {
            "id": message_id(seed),
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-5-20250929",
            "content": [{"type": "tool_use", "id": tool_use_id(seed, word), "name": tool, "input": tool_input}],
            "stop_reason": "tool_use",
            "usage": {"input_tokens": 4, "cache_creation_input_tokens": 1532, "output_tokens": 87},
        },
        "requestId": request_id(seed),
        "uuid": uuid_of("line" + seed),
        "timestamp": "2026-03-14T10:22:31.118Z",
        "sessionId": uuid_of("s" + seed),
    }


def result_line(seed: str, content: str, word: str = "") -> dict:
    """A transcript line of the tool result answering `assistant_line(seed, ...)`."""
    return {
        "parentUuid": uuid_of("line" + seed),
        "type": "user",
        "message": {
            "role": "user",
            "content": [{"tool_use_id": tool_use_id(seed, word), "type": "tool_result", "content": content,
                         "is_error": False}],
        },
        "uuid": uuid_of("result" + seed),
        "timestamp": "2026-03-14T10:22:32.004Z",
        "toolUseResult": {"stdout": content, "stderr": "", "interrupted": False},
        "sessionId": uuid_of("s" + seed),
    }


@dataclass(frozen=True)
class Batch:
    """A batch of dev shapes (tests/privacy_eval/dev_unwritten*.py): its values alternate between
    its people's passwords (`human`) and random ones of `length(i)` characters, seeded by
    `prefix`, which also seeds the realistic copies of its cases."""

    prefix: str
    human: tuple
    length: object  # i -> the length of the i-th value when it is a random one

    def values(self, tag: str, n: int) -> list:
        return [self.human[(i // 2 + len(tag)) % len(self.human)] if i % 2 == 0
                else random_secret(f"{self.prefix}{tag}{i}", self.length(i)) for i in range(n)]  # fmt: skip

    def family(self, name, templates, per=2, realistic=None, secret=None) -> list:
        """Cases of `templates` ({v}: the value); `secret(v)`: what is labelled and put in the
        text (a header's base64 of user:v), the value itself when not given; `realistic(text,
        seed)`: the first value's case also as Claude Code sends it."""
        cases = []
        for t, template in enumerate(templates):
            for i, v in enumerate(self.values(name + str(t), per)):
                s = secret(v) if secret else v
                text = template.replace("{v}", s)
                cases.append(Case(name, text, (s,)))
                if realistic is not None and i == 0:
                    cases.append(Case(name, realistic(text, f"{self.prefix}{name}{t}"), (s,), realistic=True))
        return cases


def numbered(text: str, start: int = 1) -> str:
    """`text` as Claude Code's Read shows it to the model: each line after its number and an arrow."""
    return "\n".join(f"{n:>6}\u2192{line}" for n, line in enumerate(text.split("\n"), start))


def in_command(text: str, seed: str) -> dict:
    """`text` as a Bash command Claude Code ran (no output)."""
    return bash_event(text, "", seed)


def in_prompt(text: str, seed: str) -> dict:
    return prompt_event(text, seed)


def in_result(text: str, seed: str) -> dict:
    """`text` as a tool's result in a transcript."""
    return result_line(seed, text)
