"""How well error signatures group real-shaped failures: `python -m bench.bench_errors`.

On the labelled outputs of tests/fixtures/error_outputs.py (which outputs are the same error),
over every pair of outputs of one part ("dev", tuned on; "held", never tuned on):
- joined: of the pairs that are one error, the share given one signature (one group);
- apart: of the pairs that are different errors, the share given different signatures;
- groups: how many groups the outputs make, beside how many errors they hold;
- named: of the outputs one of whose lines names the error, the share whose group is named
  by that line (not by a tool's chatter before it).
Printed for store.triage.signature and for a plain baseline (the tool and the first line of output,
normalised), on the same data in the same run.  (The signature before issue 35 gave dev
68.0 % joined, held 76.9 %; it is in git's history of store/triage/signature.py.)
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from store.triage import signature  # noqa: E402
from tests.fixtures.error_outputs import ERROR_LINES, cases  # noqa: E402


def first_line(text: str) -> str:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return lines[0] if lines else ""


def plain(text: str, tool: str, call: str) -> str:
    return f"{tool}: " + signature.normalise(first_line(text))


METHODS = {
    "now": lambda text, tool, call: signature.error_signature(text, tool, call),
    "plain": plain,
}
HEADLINES = {"now": signature.headline, "plain": first_line}


def measure(method, part: str, headline=None) -> dict:
    rows = [(label, method(text, tool, call)) for label, _part, tool, call, text in cases(part)]
    named = [ERROR_LINES[label] in headline(text) for label, _p, _t, _c, text in cases(part)
             if headline is not None and ERROR_LINES[label]]  # fmt: skip
    same = joined = different = apart = 0
    for (label_a, sig_a), (label_b, sig_b) in itertools.combinations(rows, 2):
        if label_a == label_b:
            same += 1
            joined += sig_a == sig_b
        else:
            different += 1
            apart += sig_a != sig_b
    return {"outputs": len(rows), "errors": len({r[0] for r in rows}), "groups": len({r[1] for r in rows}),
            "joined": joined / same if same else 1.0, "apart": apart / different if different else 1.0,
            "same_pairs": same, "rows": rows, "named": sum(named) / len(named) if named else 1.0}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="print each output's signature (now)")
    args = parser.parse_args(argv)
    print(f"{'part':5} {'method':7} {'outputs':>7} {'errors':>6} {'groups':>6} {'joined':>7} {'apart':>7} {'named':>7}")
    for part in ("dev", "held"):
        for name, method in METHODS.items():
            m = measure(method, part, HEADLINES[name])
            print(f"{part:5} {name:7} {m['outputs']:7} {m['errors']:6} {m['groups']:6} "
                  f"{m['joined']:7.1%} {m['apart']:7.1%} {m['named']:7.1%}")  # fmt: skip
            if args.show and name == "now":
                for label, sig in m["rows"]:
                    print(f"      {label:24} {sig[:150]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
