"""Count a regular expression's matches (or the texts it matches whole); run as a script, it answers counts one line at a time.

`store.privacy.user_patterns` runs this file in a helper process, so a pattern that
backtracks for minutes freezes only the helper.  It imports nothing but `re`
(and, to serve, `json` and `sys`), so the helper starts in ~15 ms.
"""

import re


def count_matches(pattern: str, text: str) -> int:
    """How many places `store.forgetting.erase.redact(pattern=...)` would replace in `text`."""
    return sum(1 for _ in re.finditer(pattern, text))


def count_whole(pattern: str, texts: list) -> int:
    """How many of `texts` `pattern` matches whole (a `not_secret_patterns` entry's test)."""
    rx = re.compile(pattern)
    return sum(1 for text in texts if rx.fullmatch(text) is not None)


def serve() -> None:
    """Say "ready", then for each line `[pattern, text]` answer `{"count": n}` or `{"error": why}`;
    `[pattern, texts, "whole"]` counts the texts matched whole."""
    import json
    import sys

    print("ready", flush=True)
    for line in sys.stdin:
        pattern, text, *mode = json.loads(line)
        try:
            reply = {"count": count_whole(pattern, text) if mode == ["whole"] else count_matches(pattern, text)}
        except (re.error, RecursionError, OverflowError, MemoryError) as exc:
            reply = {"error": str(exc) or type(exc).__name__}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    serve()
