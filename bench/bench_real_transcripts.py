"""The privacy filter's precision on real Claude Code transcripts (data nobody here wrote).

    python -m bench.bench_real_transcripts FOLDER --labels LABELS.jsonl [--part A|B] [--list OUT.jsonl] [--list-baseline OUT.jsonl]

FOLDER holds one sub-folder a repository, named ``<owner>__<repo>``, with the transcripts
found in it (``.jsonl``, their ``<session>/subagents/`` beside them).  Both FOLDER and the
labels file stay outside this repository: they are other people's data.

Each repository's folder is imported the way ``memlane import`` imports it (``find_transcripts``,
``load_config``, ``TranscriptReader``, ``import_files``) into a temporary store under a
temporary MEMLANE_HOME, in this process (``worker=False``: the same reader and the same
result, but the filter's calls stay visible here).  While it runs, the filter's three ways of
redacting are watched without being changed:

- ``store.privacy.find_secrets`` (what ``clean_text`` replaces with ``[REDACTED:<kind>]``);
- ``Cleaner._secret_kind`` (a JSON string redacted whole for its key's name), counted when the
  walk's own conditions let it through (not a reference, not never-secret);
- ``store.privacy.redact_output_marker`` (a command's output replaced whole).

A redaction counts only when it reached the store: its ``[REDACTED:<kind>]`` with the text just
before it is found in what the store holds (memories, sessions, error groups).  Redactions are
keyed like their labels, ``sha256(repo NUL value NUL the 60 characters before it)``, so one value
met twice in the same place is one redaction.

Labels (one JSON object a line: ``key``, ``label`` secret / not / unsure, ``class`` for a not,
``kind`` for a secret) are joined by key; the figures are printed per part (A: repositories
whose ``sha256(owner/repo)`` starts with 0-7, B: the rest) and overall.  ``--list`` writes every
redaction (key, part, filter kind, label, masked value, masked context) for a person to label.

Beside them, in the same run, the plain baseline of bench/bench_privacy.py (a secret word, ``=``
or ``:``, a value; the common providers' prefixes): each repository is imported a second time
with the baseline in the filter's place (every text the import gives ``find_secrets`` goes to
the baseline instead; the key-name and command-output redactions are off, so those strings
reach it as any other).  Its redactions count by the same rule (reached the store) and are keyed
the same way, so one the filter also made shares its label.  Its figures are printed per part,
and a hint of recall: the labelled secrets one of the two redacted and the other did not (the
same place counts as made by both though the two took other ends and are keyed apart: both
imports give the filter the same texts, and spans that overlap in one of them are one place).
``--list-baseline`` writes the baseline's unlabelled redactions, masked (with ``--raw``, unmasked
too, to the ``--raw`` file's name with ``.baseline`` before its extension).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sqlite3
import sys
import tempfile
from collections import Counter

CONTEXT = 100  # characters either side kept for labelling
KEY_BEFORE = 60  # characters before the value that key a label


def label_key(repo: str, value: str, before: str) -> str:
    return hashlib.sha256((repo + "\0" + value + "\0" + before[-KEY_BEFORE:]).encode("utf-8", "surrogatepass")).hexdigest()


def part_of(repo: str) -> str:
    return "A" if hashlib.sha256(repo.encode()).hexdigest()[0] in "01234567" else "B"


def mask(value: str) -> str:
    """A value's shape: its ends kept, its middle starred (a person labels from its shape)."""
    if len(value) <= 6:
        return "*" * len(value)
    keep = 2 if len(value) < 16 else 4
    return value[:keep] + "*" * min(len(value) - 2 * keep, 40) + value[-2:] + f"({len(value)})"


def marks_of(text: str, spans: list, found: list) -> None:
    """Each span's redaction of `text` into `found`, with its place (the text's hash, start, end)
    and the text around its marker in the redacted text (built as redact_secrets builds it, each
    marker's place kept: `shift` is how far the markers so far moved the text)."""
    pos, shift, out, marks = 0, 0, [], []
    for kind, s, e in spans:
        marker = "[REDACTED:" + kind + "]"
        out.append(text[pos:s])
        out.append(marker)
        marks.append((kind, s, e, s + shift, s + shift + len(marker)))
        shift += len(marker) - (e - s)
        pos = e
    out.append(text[pos:])
    redacted = "".join(out)
    for kind, s, e, a, b in marks:
        # the marker with the text before it alone: a stored preview may end right after it
        # (a Write's tenth line, then "… N more lines"), so what follows it is not asked for
        around = (redacted[max(0, a - 24):b + 12], redacted[max(0, a - 12):b])
        shown = (redacted[max(0, a - CONTEXT):a], redacted[b:b + CONTEXT])  # other secrets redacted
        found.append((kind, text[s:e], text[max(0, s - CONTEXT):s], text[e:e + CONTEXT], around, shown,
                      (hash(text), s, e)))


class Watch:
    """The filter's redactions during one import, as (kind, value, before, after, redacted before,
    shown, place)."""

    def __init__(self) -> None:
        self.found: list = []

    def install(self):
        import store.privacy as privacy

        originals = (privacy.find_secrets, privacy.Cleaner._secret_kind, privacy.redact_output_marker)
        find_secrets, secret_kind, output_marker = originals
        found = self.found

        def watched_find(text, extra_patterns=()):
            spans = find_secrets(text, extra_patterns)
            if spans:
                marks_of(text, spans, found)
            return spans

        def watched_kind(self_, key, value):
            kind = secret_kind(self_, key, value)
            if kind is not None and not privacy.is_reference(value) and not privacy.never_secret(value, 0, len(value), kind):
                found.append((kind, value, f'"{key}": "', '"', ("[REDACTED:" + kind + "]",), (f'"{key}": "', '"'),
                              (hash(value), 0, len(value))))
            return kind

        def watched_marker(text):
            out = output_marker(text)
            if out is not text and out != text:
                found.append(("secret_output", text[:200], "(output of a command)", "", ("[REDACTED:secret_output]",),
                              ("(output of a command)", ""), (hash(text), 0, len(text))))
            return out

        privacy.find_secrets = watched_find
        privacy.Cleaner._secret_kind = watched_kind
        privacy.redact_output_marker = watched_marker

        def restore():
            privacy.find_secrets, privacy.Cleaner._secret_kind, privacy.redact_output_marker = originals

        return restore


def baseline_spans(text: str) -> list:
    """bench_privacy's plain baseline as spans: the value after a secret word and `=` or `:`, or a
    provider's prefixed token, or a private key block, each as kind ``baseline``."""
    from bench.bench_privacy import BASELINE

    return [("baseline",) + (m.span(1) if m.group(1) else m.span()) for m in BASELINE.finditer(text)]


class BaselineWatch(Watch):
    """The plain baseline in the filter's place for one import: every text the import gives
    find_secrets goes to the baseline instead, and the filter's two other ways (a JSON string
    redacted whole for its key's name, a command's output replaced whole) are off, so those
    strings reach find_secrets, the baseline, as any other (what bench_privacy's baseline_value
    does with a JSON value).  What it redacts is recorded as Watch records the filter's."""

    def install(self):
        import store.privacy as privacy

        originals = (privacy.find_secrets, privacy.Cleaner._secret_kind, privacy.redact_output_marker)
        found = self.found

        def baseline_find(text, extra_patterns=()):
            spans = baseline_spans(text)
            if spans:
                marks_of(text, spans, found)
            return spans

        privacy.find_secrets = baseline_find
        privacy.Cleaner._secret_kind = lambda self_, key, value: None
        privacy.redact_output_marker = lambda text: text

        def restore():
            privacy.find_secrets, privacy.Cleaner._secret_kind, privacy.redact_output_marker = originals

        return restore


def stored_text(db_path: str) -> str:
    conn = sqlite3.connect(db_path)
    try:
        parts = []
        for sql in ("SELECT content, file_path, tags FROM memory",
                    "SELECT summary, title, files_changed FROM session",
                    "SELECT signature, sample, '' FROM error_group"):
            for row in conn.execute(sql):
                parts.extend(str(x) for x in row if x)
        return "\n\x00\n".join(parts)
    finally:
        conn.close()


def reached_store(blob: str, around: tuple) -> bool:
    """The redaction's marker, with the text just around it, is in the stored text (as it is,
    or JSON-escaped as a tool's input is stored)."""
    for piece in around:
        if piece in blob or json.dumps(piece)[1:-1] in blob:
            return True
    return False


def import_repo(folder: str, watching=Watch):
    """Import one repository's transcripts the way `memlane import` does, with `watching` (Watch:
    the filter watched; BaselineWatch: the baseline in its place); (report, stats, number of
    files, redactions: (kind, value, before, after, shown, places))."""
    saved = {name: os.environ.get(name) for name in ("MEMLANE_HOME", "MEMLANE_DB")}
    try:
        return _import_repo(folder, watching)
    finally:  # (the caller's environment as it was: a test runs this in its own process)
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _import_repo(folder: str, watching):
    with tempfile.TemporaryDirectory(prefix="memlane-realtx-") as home:
        os.environ["MEMLANE_HOME"] = home
        os.environ.pop("MEMLANE_DB", None)
        from hooks.transcripts import find_transcripts
        from hooks.transcripts.load import import_files
        from hooks.transcripts.reader import TranscriptReader
        from store.config import load_config
        from store.database import connect

        files, _missing = find_transcripts([folder])
        config, _warnings = load_config()
        reader = TranscriptReader(config)
        watch = watching()
        restore = watch.install()
        db_path = os.path.join(home, "memory.db")
        conn = connect(db_path, busy_timeout_ms=30000)
        try:
            report = import_files(conn, files, reader, config, worker=False)
        finally:
            conn.close()
            restore()
        blob = stored_text(db_path)
    report["markers_in_store"] = blob.count("[REDACTED:")
    report["seen_by_filter"] = len(watch.found)
    kept = {}
    for kind, value, before, after, around, shown, place in watch.found:
        if not reached_store(blob, around):
            continue
        kept.setdefault((value, before[-KEY_BEFORE:]), (kind, value, before, after, shown, set()))[5].add(place)
    return report, dict(reader.stats), len(files), list(kept.values())


def load_labels(path: str) -> dict:
    labels = {}
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    row = json.loads(line)
                    labels[row["key"]] = row
    return labels


def figures(rows) -> str:
    c = Counter(r["label"] or "unlabelled" for r in rows)
    judged = c["secret"] + c["not"]
    share = f"{c['not'] / judged:.1%}" if judged else "-"
    return (f"redactions {len(rows):4d}  secret {c['secret']:4d}  not {c['not']:4d}  unsure {c['unsure']:3d}"
            f"  unlabelled {c['unlabelled']:3d}  false share (not / (secret+not)) {share}")


def by_value(rows) -> list:
    """One row a distinct (repository, value): its most common label (a value repeated in many
    places weighs once)."""
    groups = {}
    for r in rows:
        groups.setdefault((r["repo"], r["value"]), []).append(r)
    out = []
    for rs in groups.values():
        label = Counter(r["label"] or "unlabelled" for r in rs).most_common(1)[0][0]
        out.append({**rs[0], "label": None if label == "unlabelled" else label})
    return out


def rows_of(repo: str, found: list, labels: dict) -> list:
    """One row a stored redaction, joined with its label by key."""
    rows = []
    for kind, value, before, after, shown, places in found:
        key = label_key(repo, value, before)
        lab = labels.get(key, {})
        rows.append({"key": key, "repo": repo, "part": part_of(repo), "filter_kind": kind,
                     "value": value, "before": before, "after": after, "shown": shown, "places": places,
                     "label": lab.get("label"), "class": lab.get("class", ""), "kind": lab.get("kind", "")})
    return rows


def made_by(rows) -> tuple:
    """What `rows` redacted, to ask whether the other one made a redaction too: their keys, and
    their places by text (the same text is given to both, so spans that overlap in it are the
    same redaction even when they are keyed apart: one took a quote, the other stopped at a comma)."""
    keys, places = set(), {}
    for r in rows:
        keys.add(r["key"])
        for text, s, e in r["places"]:
            places.setdefault(text, []).append((s, e))
    return keys, places


def also_made(row, made) -> bool:
    keys, places = made
    return row["key"] in keys or any(s < e2 and s2 < e for text, s, e in row["places"] for s2, e2 in places.get(text, ()))


def write_list(path: str, rows) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps({"key": r["key"], "part": r["part"], "filter_kind": r["filter_kind"],
                                "label": r["label"], "class": r["class"], "kind": r["kind"],
                                "value": mask(r["value"]),
                                "context": r["shown"][0] + "⟦" + mask(r["value"]) + "⟧" + r["shown"][1]},
                               ensure_ascii=False) + "\n")


def write_raw(path: str, rows) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps({k: v for k, v in r.items() if k != "places"}, ensure_ascii=False) + "\n")


def print_figures(rows, parts, who: str = "") -> None:
    """Per part and overall, each redaction and each distinct (repository, value) once; `who` before
    each line ("baseline " for the baseline's)."""
    for counted in (rows, None):
        if counted is None:
            counted = by_value(rows)
            print(f"{who}distinct (repository, value), each once:")
        for part in parts:
            print(f"{who}part {part}: " + figures([r for r in counted if r["part"] == part]))
        print(f"{who}overall: " + figures(counted))


def print_filter(rows, parts) -> None:
    print_figures(rows, parts)
    hit = {r["repo"] for r in rows}
    wrong = Counter(r["repo"] for r in rows if r["label"] == "not")
    top = sum(n for _repo, n in wrong.most_common(2))
    print(f"repositories with a redaction {len(hit)}, with a false one {len(wrong)}; the two with the most "
          f"false ones hold {top} of {sum(wrong.values())}")
    nots = Counter(r["class"] for r in rows if r["label"] == "not")
    if nots:
        print("false redactions by class: " + ", ".join(f"{c or '?'} {n}" for c, n in nots.most_common()))


def print_baseline(rows, base, parts) -> None:
    """The baseline's figures on the same transcripts, and which labelled secrets one of the two
    redacted and the other did not (a hint of recall: only what one of them redacted is labelled)."""
    print("baseline (a secret word, `=` or `:`, a value; the common providers' prefixes), in the filter's "
          "place in the same import:")
    print_figures(base, parts, "baseline ")
    by_filter, by_baseline = made_by(rows), made_by(base)
    for part in parts + ("overall",):
        only_base = sum(not also_made(r, by_filter) for r in base if r["label"] == "secret" and part in (r["part"], "overall"))
        only_filter = sum(not also_made(r, by_baseline) for r in rows if r["label"] == "secret" and part in (r["part"], "overall"))
        print(f"recall hint, {'part ' + part if part != 'overall' else part}: labelled secrets the baseline "
              f"redacted and the filter did not {only_base}; the filter redacted and the baseline did not {only_filter}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("folder", help="one sub-folder <owner>__<repo> a repository (outside this repository)")
    ap.add_argument("--labels", default="", help="labels JSONL (outside this repository)")
    ap.add_argument("--list", default="", help="write every redaction here, masked, for labelling")
    ap.add_argument("--part", choices=("A", "B"), help="only this part's repositories (a fix is written "
                    "against part A's listing and measured on part B once)")
    ap.add_argument("--raw", default="", help="write every redaction unmasked (for the person labelling; keep it private)")
    ap.add_argument("--list-baseline", default="", help="write the baseline's unlabelled redactions here, masked "
                    "(with --raw, unmasked to the --raw file's name with .baseline before its extension too)")
    args = ap.parse_args(argv)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    raw_baseline = "" if not (args.raw and args.list_baseline) else "{}.baseline{}".format(*os.path.splitext(args.raw))
    for path in (args.folder, args.labels, args.list, args.raw, args.list_baseline, raw_baseline):
        if path and os.path.abspath(path).startswith(here + os.sep):
            ap.error(f"{path} is inside this repository: transcripts and labels are other people's data")
    labels = load_labels(args.labels)
    rows, base, totals = [], [], Counter()
    for name in sorted(os.listdir(args.folder)):
        folder = os.path.join(args.folder, name)
        if not os.path.isdir(folder) or "__" not in name:
            continue
        repo = name.replace("__", "/", 1)
        if args.part and part_of(repo) != args.part:
            continue
        report, stats, nfiles, found = import_repo(folder)
        totals["repos"] += 1
        totals["files"] += nfiles
        totals["memories"] += report["memories"]
        totals["lines"] += stats.get("lines", 0)
        rows.extend(rows_of(repo, found, labels))
        print(f"{repo:60s} files {nfiles:4d} memories {report['memories']:6d} redactions {len(found):4d} "
              f"(markers in store {report['markers_in_store']}, filter finds {report['seen_by_filter']})", file=sys.stderr)
        base.extend(rows_of(repo, import_repo(folder, BaselineWatch)[3], labels))
    print(f"repositories {totals['repos']}, transcript files {totals['files']}, lines {totals['lines']}, "
          f"memories stored {totals['memories']}")
    parts = ("A", "B") if not args.part else (args.part,)
    print_filter(rows, parts)
    print_baseline(rows, base, parts)
    if args.list:
        write_list(args.list, rows)
    if args.raw:
        write_raw(args.raw, rows)
    unlabelled = [r for r in base if not r["label"]]
    if args.list_baseline:
        write_list(args.list_baseline, unlabelled)
    if raw_baseline:
        write_raw(raw_baseline, unlabelled)
    return 0


if __name__ == "__main__":
    sys.exit(main())
