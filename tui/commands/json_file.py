"""Reading the JSON files memlane edits (settings.json, ~/.claude.json) without ever losing them."""

from __future__ import annotations

import json


def read_json_object(path: str, error: type[Exception], advice: str = "") -> tuple[dict, str | None]:
    """(the object, the original text or None when the file does not exist).

    Anything else (not UTF-8, unreadable, invalid JSON, not an object) raises `error`
    with one sentence that says memlane left the file unchanged; `advice` comes
    before that for invalid JSON (e.g. "fix it first, ").
    """
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except FileNotFoundError:
        return {}, None
    except UnicodeDecodeError as exc:
        raise error(f"{path} is not UTF-8 text; memlane left it unchanged.") from exc
    except OSError as exc:
        raise error(f"cannot read {path} ({exc.strerror}).") from exc
    if not text.strip():
        return {}, text
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(
            f"{path} is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno}); "
            f"{advice}memlane left it unchanged."
        ) from exc
    if not isinstance(data, dict):
        raise error(f"{path} does not hold a JSON object; memlane left it unchanged.")
    return data, text
