"""Precision and recall of the privacy filter, and its speed: `python -m bench.bench_privacy`.

Every redaction the filter makes is listed (`--list FILE`) and judged against what is known to
be in each corpus:

- realistic transcripts: the realistic session corpus (tests/fixtures/real_sessions, when this
  checkout has it) and the Claude Code payloads of tests/fixtures/payloads*, every string and key
  as the hook and the importer clean them; the one password in them (a server started with
  `--credential`) is known, any other redaction is false;
- the generated corpus (corpus/demo_corpus.py, what the demo and the benches store): no secrets;
- look-alikes: commit hashes, UUIDs, content and integrity hashes, base64 images and paths on
  lines that hold a secret word: no secrets (a redaction here also fails the run);
- the secret shapes of tests/secret_shapes.py: a redaction is true when it covers one of the
  shape's secrets; recall is the share of shapes with none of their secrets left;
- ordinary code (the Python standard library, `--code-mb`): nobody knows what is a secret in
  it, so its redactions are counted and listed, not judged; hashes, UUIDs and paths among them
  are false for sure and fail the run.

The rate printed is false redactions over all redactions of the judged corpora (target: at most
1 %). Speed: the filter over 1 MB of command output and over 1 MB of secret shapes, the worst
case (target: 50 ms; median wall time and CPU time printed).
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
TARGET_FALSE = 0.01
TARGET_MB_MS = 50.0
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


def one_mb_of_secrets(shapes) -> str:
    """The worst case: every line a credential, so every rule finds its literals and matches."""
    parts, size = [], 0
    while size < 1_000_000:
        for _family, _name, text, _secrets in shapes:
            parts.append(text)
            size += len(text) + 1
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


def speed(runs: int) -> None:
    from tests.secret_shapes import SHAPES

    for what, text in (("1 MB of command output (typical)", one_mb_of_output()),
                       ("1 MB of secret shapes (worst case)", one_mb_of_secrets(SHAPES))):
        ms, cpu_ms = time_filter(text, runs)
        print(f"filter over {what}: median {ms:.1f} ms, CPU {cpu_ms:.1f} ms "
              f"(target {TARGET_MB_MS:.0f} ms, ratio {ms / TARGET_MB_MS:.2f})")  # fmt: skip


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--generated", type=int, default=4000, help="memories of the generated corpus")
    parser.add_argument("--look-alikes", type=int, default=200, help="rounds of look-alike lines")
    parser.add_argument("--code-mb", type=float, default=8.0, help="MB of standard library code")
    parser.add_argument("--runs", type=int, default=5, help="timed runs over 1 MB")
    parser.add_argument("--list", help="write every redaction (corpus, verdict, kind, value, line) here")
    parser.add_argument("--speed-only", action="store_true", help="only the timed runs over 1 MB")
    args = parser.parse_args(argv)
    if args.speed_only:
        speed(args.runs)
        return 0

    from tests.secret_shapes import SHAPES

    rows, listing, failed = [], [], False
    values, known, where = transcripts()
    judged = [
        ("transcripts", *redactions_of_json(values, Cleaner()), known),
    ]
    texts = generated(args.generated)
    judged.append(("generated", redactions_of_texts(texts), sum(map(len, texts)), set()))
    texts = look_alikes(args.look_alikes)
    judged.append(("look-alikes", redactions_of_texts(texts), sum(map(len, texts)), set()))
    shape_found, shape_chars, caught = [], 0, 0
    for _family, _name, text, secrets in SHAPES:
        cleaned = clean_text(text)
        caught += all(s not in cleaned for s in secrets)
        shape_chars += len(text)
        shape_found += [(kind, v, text, at, secrets) for kind, v, at in removed_values(text, cleaned)]
    total = false = 0
    print(f"transcripts from: {where}")
    print(f"{'corpus':<14}{'MB':>7}{'redactions':>12}{'true':>7}{'false':>7}")
    for name, found, chars, secrets in judged + [("secret shapes", shape_found, shape_chars, None)]:
        n_true = n_false = 0
        for item in found:
            kind, value, text, at = item[:4]
            ok = is_true(value, item[4] if secrets is None else secrets)
            n_true += ok
            n_false += not ok
            listing.append((name, "true" if ok else "FALSE", kind, value, line_of(text, value, at)))
            if not ok and name == "look-alikes":
                failed = True
        total += n_true + n_false
        false += n_false
        rows.append(name)
        print(f"{name:<14}{chars / 1e6:>7.2f}{n_true + n_false:>12}{n_true:>7}{n_false:>7}")
    rate = false / total if total else 0.0
    print(f"false redactions: {false} of {total} = {rate:.2%} (target {TARGET_FALSE:.0%}, "
          f"ratio {rate / TARGET_FALSE:.2f})")  # fmt: skip
    print(f"recall: {caught} of {len(SHAPES)} secret shapes left with none of their secrets "
          f"({caught / len(SHAPES):.1%})")  # fmt: skip

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

    if args.list:
        with open(args.list, "w", encoding="utf-8") as out:
            for row in listing:
                out.write("\t".join(" ".join(str(x).split()) for x in row) + "\n")
        print(f"every redaction: {args.list}")
    return 1 if failed or rate > TARGET_FALSE else 0


if __name__ == "__main__":
    sys.exit(main())
