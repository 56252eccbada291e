"""The small parts every capture rule builds an Observation from.

Reading an event's fields whatever their type (``field_str``, ``field_text``,
``field_texts``, ``field_dict``), paths as a memory shows them (under
the project: relative), the dependency / build / cache folders whose files are
never memories (``SKIP_DIRS``), tags, and text of content blocks.

Standard library and ``store`` only (hook path).
"""
from __future__ import annotations

from store.text import basename, one_line, relative_path

SKIP_DIRS = frozenset(
    {
        "node_modules", "bower_components", "jspm_packages", ".pnpm-store", ".yarn",
        ".git", ".hg", ".svn",
        "dist", "build", "out", "target", "_build", ".output",
        ".venv", "venv", ".virtualenv", "site-packages", ".eggs", "__pycache__",
        ".next", ".nuxt", ".svelte-kit", ".turbo", ".parcel-cache", ".angular",
        ".expo", ".vercel", ".netlify", ".serverless", ".terraform", ".dart_tool",
        ".cache", ".tox", ".nox", ".mypy_cache", ".pytest_cache", ".ruff_cache",
        ".hypothesis", "coverage", "htmlcov", ".nyc_output", ".gradle",
        "pods", "deriveddata",
    }
)
_LINE_CHARS = 300


# ----------------------------------------------------------------- helpers
def field_str(value) -> str | None:
    return value if isinstance(value, str) else None


def field_text(value) -> str:
    """A string field or '' (numbers are stringified, other types dropped)."""
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return ""


def field_texts(event: dict) -> dict:
    """An event's string and number fields as text, each read once (``field_text``); a
    field of another type is absent, so ``.get(key, "")`` reads it as ``field_text`` would."""
    return {key: text for key, value in event.items() if (text := field_text(value))}


def field_dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def input_dict(value) -> dict:
    """A tool's input as a dict: as sent, or the JSON object a string holds (a tool input
    written as its JSON text), else {}."""
    if isinstance(value, dict):
        return value
    if isinstance(value, str) and value.lstrip().startswith("{"):
        import json

        try:
            parsed = json.loads(value)
        except (ValueError, RecursionError):
            return {}
        return parsed if isinstance(parsed, dict) else {}
    return {}


def cut_line(line: str, limit: int = _LINE_CHARS) -> str:
    return line if len(line) <= limit else line[: limit - 1] + "…"


def preview(text: str, max_lines: int = 10, max_chars: int = 600) -> str:
    lines = text.splitlines()
    out = "\n".join(cut_line(line, 200) for line in lines[:max_lines])
    if len(out) > max_chars:
        out = out[: max_chars - 1] + "…"
    elif len(lines) > max_lines:
        out += f"\n… {len(lines) - max_lines} more lines"
    return out


def _norm_path(path: str) -> str:
    return path.replace("\\", "/")


def display_path(path: str, cwd: str | None) -> str:
    rel = relative_path(path, cwd)
    if rel is not None:
        return rel
    return basename(path) or path


def in_skipped_dir(path: str, cwd: str | None) -> bool:
    """True if a directory component (relative to cwd when under it) is a
    dependency/build/cache directory."""
    rel = relative_path(path, cwd)
    parts = _norm_path(rel if rel is not None else path).split("/")[:-1]
    for part in parts:
        low = part.lower()
        if low in SKIP_DIRS or low.endswith(".egg-info"):
            return True
    return False


def make_tags(*words) -> str:
    out: list[str] = []
    for word in words:
        if not word or not isinstance(word, str):
            continue
        for w in word.split():
            w = w.strip().lower()[:60]
            if w and w not in out:
                out.append(w)
    return " ".join(out)


def file_tag(path: str) -> str:
    return "_".join(basename(path).split())


def blocks_text(value, *, text_blocks_only: bool = False) -> str:
    """Text of a content value: a string, or a list of {type: text, text} blocks.

    `text_blocks_only`: skip blocks of another type that happen to carry text
    (transcript messages mix text with tool and thinking blocks)."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        parts = []
        for block in value:
            if isinstance(block, str):
                parts.append(block)
            elif isinstance(block, dict) and isinstance(block.get("text"), str):
                if text_blocks_only and block.get("type", "text") != "text":
                    continue
                parts.append(block["text"])
        return "\n".join(parts)
    if isinstance(value, dict) and isinstance(value.get("text"), str):
        return value["text"]
    return ""


def input_summary(tool_input, limit: int = 200) -> str:
    """key=value summary of a tool input (scalars only), capped."""
    if isinstance(tool_input, str):
        return one_line(tool_input, limit)
    if not isinstance(tool_input, dict):
        return ""
    parts = []
    for key, value in tool_input.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, (int, float)):
            value = str(value)
        elif isinstance(value, str):
            value = one_line(value, 80)
        elif isinstance(value, list):
            value = f"[{len(value)} items]"
        elif isinstance(value, dict):
            value = "{…}"
        else:
            continue
        parts.append(f"{key}={value}")
    return one_line(" ".join(parts), limit)


def observation(type_: str, content: str, importance: int, tags: str, **extra) -> dict:
    d = {"type": type_, "content": content, "importance": importance, "tags": tags}
    d.update(extra)
    return d
