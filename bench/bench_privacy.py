"""Recall and precision of the privacy filter, measured as a classifier's, and its speed:
`python -m bench.bench_privacy`.

The labelled set (tests/privacy_eval/): a dev part (tuned on), a held part (other templates,
values and languages; never tuned on) and six unseen parts (written blind, never tuned on;
reported beside the others, outside the exit code, their misses and false redactions never
listed).  Each case is a text or a hook event / transcript line with its secrets labelled
(none for a negative).  For each part, per family and in total:

- recall: cases with none of their secrets left after the filter;
- false redactions: redactions that cover no labelled secret, over all redactions (1 - precision);
- the same over the cases shaped as Claude Code transcripts and events alone ("realistic"), never
  diluted by the shape cases;
- tool-use ids redacted (target: none);

each beside a plain baseline run on the same data in the same run (a "secret word = value"
regex and the common providers' prefixes).  Then the unlabelled corpora (realistic session
fixtures, Claude Code payloads, the generated corpus, look-alikes: any redaction there but a
known password is false), the old shape corpus's recall (tests/secret_shapes.py), again with
values it was never run with (fresh rounds: a rule that held for its measured values alone), the
standard library's code (counted, not judged), and the speed over 1 MB (target 50 ms for
command output, 250 ms for text dense with secrets; median wall time and CPU time).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import sysconfig
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from store.privacy import Cleaner, clean_text, strip_injected, strip_private  # noqa: E402

MARKER = re.compile(r"\[REDACTED:[a-z_]+\]")
TARGET_FALSE = 0.02
TARGET_RECALL = 0.98
TARGET_MB_MS = 50.0
TARGET_DENSE_MS = 250.0
# What is never a secret, whatever the line says (checked on every redaction, code included).
NEVER_SECRET = re.compile(
    r"[0-9a-f]{7,64}|[0-9A-F]{7,64}"  # commit and content hashes
    r"|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"  # UUIDs
    r"|sha(?:1|256|384|512)-[A-Za-z0-9+/]+=*"  # package integrity
    r"|(?:~|\.{1,2})?/[\w.\-/]+"  # paths
)


def removed_values(before: str, after: str) -> list[tuple[str, str, int]]:
    """(kind, value, where in `before`) of each redaction that made `after` from `before`: the
    gaps between the text `after` kept around its markers."""
    kinds = MARKER.findall(after)
    if not kinds:
        return []
    kept = MARKER.split(after)
    out, pos = [], len(kept[0])
    for kind, piece in zip(kinds, kept[1:]):
        end = before.find(piece, pos) if piece else len(before)
        if end < 0:
            end = len(before)
        out.append((kind[10:-1], before[pos:end], pos))
        pos = end + len(piece)
    return out


def json_strings(value, key: str = ""):
    """(key, string) of every string value and key in a JSON value."""
    stack = [(key, value)]
    while stack:
        key, value = stack.pop()
        if isinstance(value, str):
            yield key, value
        elif isinstance(value, dict):
            for k, v in value.items():
                yield "", k
                stack.append((k, v))
        elif isinstance(value, list):
            stack.extend((key, v) for v in value)


def redactions_of_json(values, cleaner: Cleaner) -> tuple[list, int]:
    """Redactions of every string of `values` cleaned as the hook cleans an event (under its key),
    and the characters looked at."""
    found, chars = [], 0
    for value in values:
        for key, text in json_strings(value):
            chars += len(text)
            before = strip_private(strip_injected(text))
            after = cleaner.value({key: text} if key else text)
            after = after[key] if key else after
            found += [(kind, v, before, at) for kind, v, at in removed_values(before, after)]
    return found, chars


def transcripts() -> tuple[list, set, str]:
    """JSON values of the realistic transcripts and payloads, the secrets known to be in them,
    and where they came from."""
    values, known, where = [], set(), []
    real = REPO / "tests" / "fixtures" / "real_sessions"
    folders = [real, REPO / "tests" / "fixtures" / "payloads", REPO / "tests" / "fixtures" / "payloads-public"]
    for folder in folders:
        if not folder.is_dir():
            continue
        where.append(str(folder))
        for path in sorted(folder.rglob("*")):
            if path.suffix not in (".json", ".jsonl") or path.name == "index.json":
                continue
            for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
                try:
                    values.append(json.loads(line) if path.suffix == ".jsonl" else None)
                except ValueError:
                    continue
            if path.suffix == ".json":
                values[-1:] = [json.loads(path.read_text(encoding="utf-8"))]
    if real.is_dir():
        try:
            from tests.fixtures.make_real_sessions import TTYD_PASSWORD

            known.add(TTYD_PASSWORD)
        except ImportError:
            pass
    return [v for v in values if v is not None], known, ", ".join(where) or "none in this checkout"


def generated(count: int) -> list[str]:
    from corpus.demo_corpus import generate

    out = []
    for obs in generate(count, seed=11, end=1_790_000_000):
        out += [obs[k] for k in ("content", "file_path", "error_text", "tags") if obs.get(k)]
    return out


def look_alikes(count: int) -> list[str]:
    """Values that look random and are not secrets, on lines that say secret."""
    import base64
    import hashlib
    import random

    rng = random.Random(5)
    out = []
    for n in range(count):
        digest = hashlib.sha256(str(n).encode()).hexdigest()
        sha512 = base64.b64encode(hashlib.sha512(str(n).encode()).digest()).decode()
        png = base64.b64encode(b"\x89PNG\r\n\x1a\n" + rng.randbytes(60)).decode()
        ident = str(uuid.UUID(int=rng.getrandbits(128)))
        out += [
            f"commit {digest[:40]}\nAuthor: Ana <ana@example.com>\n\n    fix token refresh when the session expires",
            f"[main {digest[:7]}] rotate the api key loader ({digest[:12]})",
            f'"node_modules/jwt-decode": {{"version": "4.0.{n % 9}", "integrity": "sha512-{sha512}"}}',
            f"session {ident} ended; token refreshed at 12:0{n % 10}",
            f"request_id={ident} auth=ok secret_ref=vault:kv/app/db",
            f"sha256:{digest}  secrets.tar.gz",
            f"password file: /home/dev/.config/app-{digest[:8]}/credentials.json",
            f'<img alt="token" src="data:image/png;base64,{png}">',
            f"key: {ident}  # the idempotency key of the retried payment",
            f"docker pull registry.example.com/auth-service@sha256:{digest}",
            f"token_type=bearer expires_in=3600 scope=read:user id={ident}",
            f"git checkout {digest[:40]} -- src/auth/token.py",
        ]
    return out


def code_texts(limit_bytes: int) -> tuple[list[str], float]:
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    texts, used = [], 0
    for path in sorted(stdlib.rglob("*.py")):
        if "site-packages" in path.parts:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        texts.append(text[:200_000])
        used += len(texts[-1])
        if used >= limit_bytes:
            break
    return texts, used / 1e6


def redactions_of_texts(texts: list[str]) -> list:
    found = []
    for text in texts:
        before = strip_private(strip_injected(text))
        found += [(kind, v, before, at) for kind, v, at in removed_values(before, clean_text(text))]
    return found


def is_true(value: str, secrets) -> bool:
    return any(s in value or (len(value) >= 6 and value in s) for s in secrets)


def line_of(text: str, value: str, at: int) -> str:
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at + len(value))
    return " ".join(text[start:end if end >= 0 else len(text)].split())[:160]


def one_mb_of_output() -> str:
    from corpus.demo_corpus import generate

    parts, size = [], 0
    for obs in generate(5000, seed=3, end=1_790_000_000):
        if obs["type"] in ("command", "error"):
            parts.append(obs["content"])
            size += len(parts[-1]) + 1
            if size >= 1_000_000:
                break
    return "\n".join(parts)[:1_000_000]


FRESH_ROUNDS = range(1, 21)


def fresh_shapes() -> None:
    """The old shape corpus with values it was never run with (tests/secret_shapes.shapes): a rule
    that held only for the values it was measured on shows here."""
    from tests.secret_shapes import shapes

    missed: dict = {}
    total = 0
    for round_ in FRESH_ROUNDS:
        for family, _name, text, secrets in shapes(round_):
            total += 1
            cleaned = clean_text(text)
            if any(s in cleaned for s in secrets):
                missed[family] = missed.get(family, 0) + 1
    left = sum(missed.values())
    print(f"the same shapes with fresh values ({len(FRESH_ROUNDS)} rounds): {total - left} of {total} "
          f"({(total - left) / total:.2%}); missed by family: {missed or 'none'}")


def one_mb_of_secrets(fresh: bool = False) -> str:
    """The worst case: every line a credential, so every rule finds its literals and matches.
    The shapes corpus is ~38 KB: repeated, each value is met ~26 times and judged from memory
    after the first; `fresh`, each round has values of its own, as a real text would."""
    from tests.secret_shapes import SHAPES, shapes

    parts, size, round_ = [], 0, 0
    while size < 1_000_000:
        for _family, _name, text, _secrets in shapes(round_) if fresh else SHAPES:
            parts.append(text)
            size += len(text) + 1
        round_ += 1
    return "\n".join(parts)[:1_000_000]


def time_filter(text: str, runs: int) -> tuple[float, float]:
    """Median wall and CPU milliseconds of clean_text(text) (patterns compiled beforehand, as
    in a hook that already filtered a prompt)."""
    clean_text(text)
    walls, cpus = [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        clean_text(text)
        walls.append((time.perf_counter() - t0) * 1000)
        cpus.append((time.process_time() - c0) * 1000)
    return statistics.median(walls), statistics.median(cpus)


def one_mb_of_realistic_output() -> str:
    """Command output and tool results shaped as real sessions print them: the outputs of the
    labelled set's realistic cases (dev part) and of the realistic session fixtures, repeated."""
    from tests.privacy_eval import dev

    parts = []
    for case in dev.cases():
        value = case.value
        if isinstance(value, dict):
            for key, text in json_strings(value):
                if key in ("stdout", "content", "new_string") and isinstance(text, str) and len(text) > 20:
                    parts.append(text)
    values, _known, _where = transcripts()
    for value in values:
        for key, text in json_strings(value):
            if key in ("stdout", "content", "text") and len(text) > 40:
                parts.append(text)
    out, size = [], 0
    while size < 1_000_000 and parts:
        for text in parts:
            out.append(text)
            size += len(text) + 1
    return "\n".join(out)[:1_000_000]


def one_mb_of_source() -> str:
    """Source files as `cat` or a Read shows them: the standard library's first files, 1 MB (real
    text that names secrets now and then: ~130 `pass`, ~290 `key` a MB, where the realistic
    shapes above, the labelled set's cases, hold ~3,300 and ~2,600)."""
    texts, _mb = code_texts(1_000_000)
    return "\n".join(texts)[:1_000_000]


# Real command output of the kinds a session runs most, made on this machine at run time and never
# stored: (what, command).  Each is measured alone: kinds differ by far (a listing names few secret
# words, a log of this repository or a README many), and one mixed MB hides the slow kind behind the
# fast.  Each command prints more than 1 MB, so no line is met twice because the output was
# repeated (finds and verdicts met again are read from memory), but pip's JSON (~570 KB of this
# machine's packages, repeated to 1 MB).  `git log` is cut to the commits of before this bench's
# change, so the MB does not grow denser with every commit message this project writes about secrets.
STDLIB = sysconfig.get_paths()["stdlib"]
NETWORK_MODULES = ("ssl.py", "smtplib.py", "imaplib.py", "ftplib.py", "poplib.py", "netrc.py", "getpass.py", "hmac.py",
                   "secrets.py", "hashlib.py", "urllib/request.py", "urllib/parse.py", "urllib/error.py",
                   "http/client.py", "http/cookiejar.py", "http/server.py", "http/cookies.py", "xmlrpc/client.py",
                   "xmlrpc/server.py", "nntplib.py", "telnetlib.py", "socketserver.py", "base64.py", "uuid.py",
                   "configparser.py", "smtpd.py", "mailbox.py", "email/_header_value_parser.py")
GREPPED_PACKAGES = ("email", "http", "json", "asyncio", "unittest", "xml", "urllib", "concurrent", "importlib", "logging",
                    "multiprocessing", "idlelib")
LOG_UNTIL = "2026-11-29T19:00:00Z"
MACHINE_COMMANDS = (
    ("git log --stat of this repository", ["git", "-C", str(REPO), "log", "--stat", f"--until={LOG_UNTIL}", "-n", "3000"]),
    ("git log -p of its app", ["git", "-C", str(REPO), "log", "-p", f"--until={LOG_UNTIL}", "-n", "230", "--", "tui"]),
    ("pip inspect (JSON, every package's README)", [sys.executable, "-m", "pip", "inspect"]),
    ("ls -lR of the standard library", ["ls", "-lR", STDLIB]),
    ("grep -rn of twelve packages", ["grep", "-rn", "--include=*.py", "def ",
                                     *(f"{STDLIB}/{d}" for d in GREPPED_PACKAGES)]),
    ("find of the standard library", ["find", STDLIB]),
    ("cat of network, mail and crypto modules", ["cat", *(f"{STDLIB}/{f}" for f in NETWORK_MODULES)]),
)  # fmt: skip


def one_mb_of(command) -> str:
    """`command`'s output, its first 1 MB (repeated to 1 MB when shorter; "" when it does not run
    or prints nothing)."""
    import subprocess

    try:
        done = subprocess.run(command, capture_output=True, timeout=120, check=False)
    except (OSError, subprocess.SubprocessError):
        return ""
    text = done.stdout.decode("utf-8", "replace")
    # this repository's log names the tags that hide text (a stray `<private>` hides what
    # precedes it): made inert, so the whole MB is filtered
    text = re.sub(r"(?i)<(/?)(private|memory-context|system-reminder)", r"<\1_\2", text)
    while text and len(text) < 1_000_000:
        text += "\n" + text
    return text[:1_000_000]


def time_first_pass(text: str, runs: int) -> float:
    """Median CPU milliseconds of the filter's first pass alone: where its literals stand
    (store/privacy/anchors.py), a fixed cost of every MB before any finder runs."""
    from store.privacy import _literals_for, _lower
    from store.privacy.anchors import Anchors

    low = _lower(text)
    literals = _literals_for(low)
    Anchors(low, literals)
    cpus = []
    for _ in range(runs):
        c0 = time.process_time()
        Anchors(low, literals)
        cpus.append((time.process_time() - c0) * 1000)
    return statistics.median(cpus)


def speed(runs: int) -> None:
    for what, text, target in (("1 MB of command output (generated)", one_mb_of_output(), TARGET_MB_MS),
                               ("1 MB of command output (realistic shapes)", one_mb_of_realistic_output(), TARGET_MB_MS),
                               ("1 MB of source files as read (standard library)", one_mb_of_source(), TARGET_MB_MS),
                               ("1 MB of secret shapes (dense, the corpus repeated)", one_mb_of_secrets(), TARGET_DENSE_MS),
                               ("1 MB of secret shapes (dense, fresh values each round)", one_mb_of_secrets(fresh=True),
                                TARGET_DENSE_MS)):  # fmt: skip
        _print_speed(what, text, target, runs)
    real = []
    for what, command in MACHINE_COMMANDS:
        cpu_ms = _print_speed(f"1 MB of this machine's {what}", one_mb_of(command), TARGET_MB_MS, runs)
        if cpu_ms is not None:
            real.append((cpu_ms, what))
    if real:
        under = sum(ms <= TARGET_MB_MS for ms, _what in real)
        print(f"this machine's real command output: {under} of {len(real)} kinds within {TARGET_MB_MS:.0f} ms a MB; "
              f"median {statistics.median(ms for ms, _what in real):.1f} ms, slowest {max(real)[0]:.1f} ({max(real)[1]})")


def _print_speed(what, text, target, runs):
    if not text:
        print(f"filter over {what}: not measured (no output)")
        return None
    ms, cpu_ms = time_filter(text, runs)
    print(f"filter over {what}: median {ms:.1f} ms, CPU {cpu_ms:.1f} ms "
          f"(target {target:.0f} ms, ratio {ms / target:.2f}); "
          f"its first pass {time_first_pass(text, runs):.1f} ms CPU")  # fmt: skip
    return cpu_ms


# ------------------------------------------------------------------------------ the labelled set
# The plain baseline: a secret word, `=` or `:`, a value; and the common providers' prefixes.
BASELINE = re.compile(
    r"(?i)\b(?:password|passwd|pwd|pass|secret|token|api[_-]?key|apikey|auth)\b[\"']?[ \t]*[:=][ \t]*[\"']?"
    r"([^\s\"',;]+)"
    r"|\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_\w{30,}|glpat-[\w-]{20,}|sk-[A-Za-z0-9_-]{20,}"
    r"|AKIA[A-Z0-9]{16}|xox[abposr]-[\w-]{10,}|[sr]k_live_\w{20,}|SG\.[\w-]{20,}\.[\w-]{20,}"
    r"|npm_\w{36}|hf_\w{30,}|AIza[\w-]{35})"
    r"|-----BEGIN[A-Z ]*PRIVATE KEY-----[\s\S]*?-----END[A-Z ]*PRIVATE KEY-----"
)
TOOL_USE_ID = re.compile(r"toolu_[A-Za-z0-9]{20,}")


def baseline_text(text: str) -> str:
    def sub(m):
        if m.group(1):
            return m.group(0)[: m.start(1) - m.start()] + "[REDACTED:baseline]"
        return "[REDACTED:baseline]"

    return BASELINE.sub(sub, text)


def baseline_value(value):
    if isinstance(value, str):
        return baseline_text(value)
    if isinstance(value, dict):
        return {baseline_text(k) if isinstance(k, str) else k: baseline_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [baseline_value(v) for v in value]
    return value


def filter_value(value):
    return clean_text(value) if isinstance(value, str) else Cleaner().value(value)


def string_pairs(before, after):
    """(original string, cleaned string) of every string of a value and its cleaned copy (a list of
    two strings or more is cleaned as one text: compared as one)."""
    if isinstance(before, str):
        yield before, after if isinstance(after, str) else json.dumps(after, ensure_ascii=False)
    elif isinstance(before, dict) and isinstance(after, dict):
        for (k, v), (k2, v2) in zip(before.items(), after.items()):
            if isinstance(k, str):
                yield k, k2
            yield from string_pairs(v, v2)
    elif isinstance(before, list) and isinstance(after, list):
        if len(before) > 1 and all(isinstance(v, str) for v in before):
            yield "\n".join(before), "\n".join(str(v) for v in after)
        else:
            for v, v2 in zip(before, after):
                yield from string_pairs(v, v2)


def flat(value) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def judge_case(case, clean) -> tuple:
    """(caught, true redactions, false redactions, tool-use ids lost, [(value, line)] of false ones)."""
    after = clean(case.value)
    out = flat(after)
    caught = all(s not in out for s in case.secrets) if case.secrets else None
    n_true = n_false = 0
    falses = []
    for before, cleaned in string_pairs(case.value, after):
        before = strip_private(strip_injected(before))
        for _kind, value, at in removed_values(before, cleaned):
            if case.secrets and is_true(value, case.secrets):
                n_true += 1
            else:
                n_false += 1
                falses.append((value, line_of(before, value, at)))
    lost = sum(1 for t in set(TOOL_USE_ID.findall(flat(case.value))) if t not in out)
    return caught, n_true, n_false, lost, falses


class Tally:
    __slots__ = ("cases", "positives", "caught", "true", "false", "lost")

    def __init__(self):
        self.cases = self.positives = self.caught = self.true = self.false = self.lost = 0

    def add(self, caught, n_true, n_false, lost):
        self.cases += 1
        if caught is not None:
            self.positives += 1
            self.caught += caught
        self.true += n_true
        self.false += n_false
        self.lost += lost

    def merge(self, other: Tally) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def recall(self) -> str:
        return f"{self.caught / self.positives:.1%}" if self.positives else "-"

    def false_rate(self) -> str:
        n = self.true + self.false
        return f"{self.false / n:.1%}" if n else "-"


def evaluate(cases, listing, part: str) -> dict:
    """Per family and in total, for the filter and the baseline: Tally's of `cases`."""
    tallies: dict = {}
    for case in cases:
        for who, clean in (("filter", filter_value), ("baseline", baseline_value)):
            caught, n_true, n_false, lost, falses = judge_case(case, clean)
            for key in (case.family, "ALL", "realistic" if case.realistic else None):
                if key is not None:
                    tallies.setdefault((who, key), Tally()).add(caught, n_true, n_false, lost)
            if who == "filter":
                if case.secrets and not caught:
                    listing.append((part, "MISSED", case.family, " | ".join(case.secrets), flat(case.value)[:160]))
                for value, line in falses:
                    listing.append((part, "FALSE", case.family, value, line))
    return tallies


def print_part(name: str, cases, tallies, per_family: bool) -> None:
    families = sorted({c.family for c in cases}, key=lambda f: (not any(c.secrets for c in cases if c.family == f), f))
    if per_family:
        print(f"{name}: per family (filter | baseline)")
        print(f"  {'family':<34}{'cases':>6}{'recall':>9}{'':>3}{'base':>7}{'redactions':>12}{'false':>7}{'':>3}{'base':>6}{'false':>7}")
        for fam in families:
            f, b = tallies[("filter", fam)], tallies[("baseline", fam)]
            print(f"  {fam:<34}{f.cases:>6}{f.recall():>9} | {b.recall():>6}{f.true + f.false:>12}{f.false:>7} | "
                  f"{b.true + b.false:>5}{b.false:>7}")  # fmt: skip
    for key, what in (("ALL", "all cases"), ("realistic", "realistic transcript shapes alone")):
        f, b = tallies[("filter", key)], tallies[("baseline", key)]
        print(f"{name}, {what} ({f.cases} cases, {f.positives} with secrets): "
              f"recall {f.recall()} ({f.caught}/{f.positives}) [baseline {b.recall()}]; "
              f"false redactions {f.false_rate()} ({f.false}/{f.true + f.false}) "
              f"[baseline {b.false_rate()} ({b.false}/{b.true + b.false})]; tool-use ids redacted {f.lost} "
              f"[baseline {b.lost}]")  # fmt: skip


def labelled(listing, per_family: bool = True) -> bool:
    """The labelled set, dev and held, then the unseen parts (reported only); True when the held part
    meets its targets."""
    from tests.privacy_eval import dev, held

    ok = True
    families = set()
    for name, part in (("dev", dev), ("HELD", held)):
        cases = part.cases()
        families |= {c.family for c in cases if c.secrets}
        tallies = evaluate(cases, listing, name.lower())
        print_part(name, cases, tallies, per_family)
        if name == "HELD":
            ok = meets_held_targets(tallies)
    print(f"labelled set: {len(families)} families of secrets; held targets (recall >= {TARGET_RECALL:.0%}, "
          f"false <= {TARGET_FALSE:.0%} overall and on realistic shapes, no tool-use id): {'met' if ok else 'NOT met'}")
    unseen_part(per_family)
    return ok


def meets_held_targets(tallies) -> bool:
    f, r = tallies[("filter", "ALL")], tallies[("filter", "realistic")]
    return (f.caught >= TARGET_RECALL * f.positives and f.false <= TARGET_FALSE * (f.true + f.false)
            and r.false <= TARGET_FALSE * (r.true + r.false) and f.lost == 0)  # fmt: skip


# The parts written blind and never tuned on (module, the name printed).  The second and the third
# and the fourth were each written while a round of fixes was made by people who never saw them, and measured
# before and after that round.
UNSEEN_PARTS = (("unseen", "UNSEEN (written blind on 2026-11-30, never tuned on)"),
                ("unseen_two", "UNSEEN, PART TWO (written blind on 2026-11-30 07:30, never tuned on)"),
                ("unseen_three", "UNSEEN, PART THREE (written blind on 2026-11-30 10:15, never tuned on)"),
                ("unseen_four", "UNSEEN, PART FOUR (written blind on 2026-12-01 03:50, never tuned on)"),
                ("unseen_five", "UNSEEN, PART FIVE (written blind on 2026-12-01 07:00, never tuned on)"),
                ("unseen_six", "UNSEEN, PART SIX (written blind on 2026-12-02 02:40, never tuned on)"),
                ("unseen_seven", "UNSEEN, PART SEVEN (written blind on 2026-12-02 12:55, never tuned on)"),
                ("unseen_eight", "UNSEEN, PART EIGHT (written blind on 2026-12-02 15:59, never tuned on)"))


def unseen_part(per_family: bool = True) -> bool:
    """The unseen parts (tests/privacy_eval/unseen.py, unseen_two.py, unseen_three.py, unseen_four.py,
    unseen_five.py, unseen_six.py, unseen_seven.py, unseen_eight.py), written blind and never tuned on: each printed as the held part is, then all together, with whether
    they meet the held targets.  Reported only: they change neither the exit code nor the held verdict, and their
    misses and false redactions are never listed (--list), so that nobody tunes on them."""
    import importlib

    every: list = []
    tallies: dict = {}
    for module, name in UNSEEN_PARTS:
        cases = importlib.import_module(f"tests.privacy_eval.{module}").cases()
        every += cases
        part = evaluate(cases, [], "unseen")
        print_part(name, cases, part, per_family)
        for key, tally in part.items():
            tallies.setdefault(key, Tally()).merge(tally)
    print_part("UNSEEN, ALL PARTS", every, tallies, False)
    met = meets_held_targets(tallies)
    families = {c.family for c in every if c.secrets}
    alike = {c.family for c in every if not c.secrets}  # (the third part's families hold both)
    print(f"unseen parts: {len(families)} families of secrets, {len(alike)} of look-alikes; held targets "
          f"(recall >= {TARGET_RECALL:.0%}, false <= {TARGET_FALSE:.0%} overall and on realistic shapes, no "
          f"tool-use id): {'met' if met else 'NOT met'} (reported only, not in the exit code)")
    return met


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--generated", type=int, default=4000, help="memories of the generated corpus")
    parser.add_argument("--look-alikes", type=int, default=200, help="rounds of look-alike lines")
    parser.add_argument("--code-mb", type=float, default=8.0, help="MB of standard library code")
    parser.add_argument("--runs", type=int, default=5, help="timed runs over 1 MB")
    parser.add_argument("--list", help="write every redaction (corpus, verdict, kind, value, line) here")
    parser.add_argument("--speed-only", action="store_true", help="only the timed runs over 1 MB")
    parser.add_argument("--labelled-only", action="store_true", help="only the labelled set (dev, held and unseen)")
    parser.add_argument("--no-families", action="store_true", help="totals only, not the per-family table")
    args = parser.parse_args(argv)
    if args.speed_only:
        speed(args.runs)
        return 0

    listing: list = []
    held_ok = labelled(listing, per_family=not args.no_families)
    if args.labelled_only:
        _write_listing(args.list, listing)
        return 0 if held_ok else 1

    from tests.secret_shapes import SHAPES

    failed = False
    values, known, where = transcripts()
    judged = [
        ("transcripts", *redactions_of_json(values, Cleaner()), known),
    ]
    texts = generated(args.generated)
    judged.append(("generated", redactions_of_texts(texts), sum(map(len, texts)), set()))
    texts = look_alikes(args.look_alikes)
    judged.append(("look-alikes", redactions_of_texts(texts), sum(map(len, texts)), set()))
    caught = 0
    for _family, _name, text, secrets in SHAPES:
        cleaned = clean_text(text)
        caught += all(s not in cleaned for s in secrets)
    print(f"unlabelled corpora (transcripts from: {where})")
    print(f"{'corpus':<14}{'MB':>7}{'redactions':>12}{'true':>7}{'false':>7}")
    for name, found, chars, secrets in judged:
        n_true = n_false = 0
        for kind, value, text, at in found:
            ok = is_true(value, secrets)
            n_true += ok
            n_false += not ok
            listing.append((name, "true" if ok else "FALSE", kind, value, line_of(text, value, at)))
            if not ok and name == "look-alikes":
                failed = True
        print(f"{name:<14}{chars / 1e6:>7.2f}{n_true + n_false:>12}{n_true:>7}{n_false:>7}")
    print(f"old shape corpus (tests/secret_shapes.py): {caught} of {len(SHAPES)} shapes left with none of their "
          f"secrets ({caught / len(SHAPES):.1%})")  # fmt: skip
    fresh_shapes()

    texts, mb = code_texts(int(args.code_mb * 1e6))
    code = redactions_of_texts(texts)
    never = [value for _kind, value, _text, _at in code if NEVER_SECRET.fullmatch(value.strip("\"'"))]
    kinds: dict = {}
    for kind, value, text, at in code:
        kinds[kind] = kinds.get(kind, 0) + 1
        verdict = "NEVER-SECRET" if NEVER_SECRET.fullmatch(value.strip("\"'")) else "unjudged"
        listing.append(("code", verdict, kind, value, line_of(text, value, at)))
    by_kind = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items(), key=lambda kv: -kv[1]))
    print(f"ordinary code ({mb:.1f} MB of the standard library): {len(code)} redactions "
          f"({len(code) / mb:.1f} per MB: {by_kind or 'none'}); hashes, UUIDs, paths among them: {len(never)}")
    failed |= bool(never)

    speed(args.runs)
    _write_listing(args.list, listing)
    return 1 if failed or not held_ok else 0


def _write_listing(path, listing) -> None:
    if path:
        with open(path, "w", encoding="utf-8") as out:
            for row in listing:
                out.write("\t".join(" ".join(str(x).split()) for x in row) + "\n")
        print(f"every redaction and miss: {path}")


if __name__ == "__main__":
    sys.exit(main())
