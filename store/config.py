"""memlane settings: ``<memlane home>/config.toml`` (see ``store.paths``).

The file is optional. Every setting can be written flat at the top level::

    retention_days = 90
    max_inject = 5
    capture_read = true
    exclude_projects = ["~/secret/*", "/tmp/*"]

or inside a table named after its prefix; ``[section] key`` means
``section_key``, so this is the same as ``context_sessions = 3`` and
``capture_read = true``::

    [context]
    sessions = 3
    [capture]
    read = true
    disabled_tools = ["WebSearch"]

Settings (default):

- ``retention_days`` (90): int 1..36500 (100 years; more is clamped to it),
  memories older than this are pruned.
- ``max_inject`` (5): memories injected per prompt, clamped to 0..20.
- ``inject`` (true): inject context at all.
- ``context_sessions`` (3), ``context_memories`` (10), ``context_errors`` (5):
  how much the SessionStart context shows; ints clamped to 0..100.
- ``context_max_chars`` (2000): clamped to 200..9000.
- ``capture_read`` / ``capture_grep`` / ``capture_glob`` (false): capture the
  read-only tools too.
- ``capture_disabled_tools`` ([]): tool names never captured (exact match,
  e.g. ``"WebFetch"``, ``"mcp__github__get_issue"``).
- ``exclude_projects`` ([]): glob patterns (fnmatch; ``~`` expanded) matched
  against the project path and each of its parent directories.
- ``secret_patterns`` ([]): extra regular expressions the privacy filter
  redacts; invalid ones, and ones that backtrack (a repeat inside a repeat, or
  too slow on long probe strings, see ``store.user_patterns``), are dropped
  with a warning (shown by ``memlane doctor`` and logged by the hook).
- ``[team]`` sharing through PostgreSQL (see the `team` package), off while
  ``url`` is empty: ``team_url`` ("", or ``$MEMLANE_TEAM_URL``),
  ``team_projects`` ([]: globs as ``exclude_projects``; only these projects
  are shared), ``team_author`` ("": user@host), ``team_recall`` (false).
- ``theme`` (""): the app's colour theme; the app writes it when one is chosen
  with ``ctrl+p`` (``save_setting``), "" means Textual's default.

``load_config`` never raises: a missing file gives the defaults silently; an
unreadable file, invalid TOML, a wrong type or an out-of-range value gives a
warning sentence naming the key and the default (or clamped) value; unknown
keys are reported and ignored.

Import cost matters (hook path): only ``os`` at import time;
``tomllib`` is imported only when a config file exists.
"""
from __future__ import annotations

import os
import re

from store.paths import config_path

MAX_RETENTION_DAYS = 36500
MAX_CONFIG_BYTES = 1 << 20

DEFAULTS = {
    "retention_days": 90,
    "max_inject": 5,
    "inject": True,
    "context_sessions": 3,
    "context_memories": 10,
    "context_errors": 5,
    "context_max_chars": 2000,
    "capture_read": False,
    "capture_grep": False,
    "capture_glob": False,
    "capture_disabled_tools": [],
    "exclude_projects": [],
    "secret_patterns": [],
    "team_url": "",
    "team_projects": [],
    "team_author": "",
    "team_recall": False,
    "theme": "",
}

# key -> (min, max, clamp?) for int settings; clamp=False means "out of range -> default".
_INT_RANGES = {
    # Past 100 years the cut-off date is not a date SQLite can compute.  Clamped, not
    # reset to the default: someone asking to keep everything must not lose 90+ days.
    "retention_days": (1, MAX_RETENTION_DAYS, True),
    "max_inject": (0, 20, True),
    "context_sessions": (0, 100, True),
    "context_memories": (0, 100, True),
    "context_errors": (0, 100, True),
    "context_max_chars": (200, 9000, True),
}
_BOOLS = ("inject", "capture_read", "capture_grep", "capture_glob", "team_recall")
_STR_LISTS = ("capture_disabled_tools", "exclude_projects", "secret_patterns", "team_projects")
_STRS = ("team_url", "team_author", "theme")


def defaults() -> dict:
    """A fresh copy of DEFAULTS (lists copied too)."""
    return {k: (list(v) if isinstance(v, list) else v) for k, v in DEFAULTS.items()}


def _type_name(value) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def _flatten(data: dict, warnings: list) -> dict:
    """Top-level keys as-is; ``[section] key`` -> ``section_key``."""
    flat = {}
    for key, value in data.items():
        if key in DEFAULTS:
            flat[key] = value
        elif isinstance(value, dict):
            for sub, subval in value.items():
                name = f"{key}_{sub}"
                if name in DEFAULTS:
                    flat[name] = subval
                else:
                    warnings.append(f"config: unknown setting '{key}.{sub}' ignored.")
        else:
            warnings.append(f"config: unknown setting '{key}' ignored.")
    return flat


def _validate(key: str, value, warnings: list):
    default = DEFAULTS[key]
    if key in _INT_RANGES:
        lo, hi, clamp = _INT_RANGES[key]
        if isinstance(value, bool) or not isinstance(value, int):
            warnings.append(
                f"config: '{key}' must be an integer, got {_type_name(value)}; "
                f"using the default {default}."
            )
            return default
        if lo is not None and value < lo:
            if clamp and key != "retention_days":
                warnings.append(f"config: '{key}' = {value} is below {lo}; using {lo}.")
                return lo
            warnings.append(
                f"config: '{key}' = {value} must be at least {lo}; using the default {default}."
            )
            return default
        if hi is not None and value > hi:
            if clamp:
                warnings.append(f"config: '{key}' = {value} is above {hi}; using {hi}.")
                return hi
            warnings.append(
                f"config: '{key}' = {value} must be at most {hi}; using the default {default}."
            )
            return default
        return value
    if key in _BOOLS:
        if not isinstance(value, bool):
            warnings.append(
                f"config: '{key}' must be true or false, got {_type_name(value)}; "
                f"using the default {'true' if default else 'false'}."
            )
            return default
        return value
    if key in _STRS:
        if not isinstance(value, str):
            warnings.append(f"config: '{key}' must be a string, got {_type_name(value)}; using \"\".")
            return default
        return value.strip()
    if key in _STR_LISTS:
        if isinstance(value, str):  # a lone string is an easy mistake; accept it as one item
            value = [value]
        if not isinstance(value, list):
            warnings.append(
                f"config: '{key}' must be a list of strings, got {_type_name(value)}; "
                "using the default []."
            )
            return list(default)
        out = []
        for item in value:
            if not isinstance(item, str):
                warnings.append(
                    f"config: '{key}' entry {item!r} is not a string; dropped."
                )
                continue
            if key == "secret_patterns" and item:
                from store.user_patterns import secret_pattern_problem  # only with patterns set

                problem = secret_pattern_problem(item)
                if problem is not None:
                    warnings.append(
                        f"config: 'secret_patterns' entry {item!r} is refused: {problem}; dropped."
                    )
                    continue
            if item and item not in out:
                out.append(item)
        return out
    return value  # pragma: no cover - every key is in one of the groups above


def load_config(path: str | os.PathLike | None = None) -> tuple[dict, list[str]]:
    """Read the config file; return ``(config, warnings)``. Never raises."""
    config = defaults()
    warnings: list[str] = []
    try:
        p = os.fspath(path) if path is not None else config_path()
    except Exception as exc:  # e.g. a bad PathLike
        return config, [f"config: cannot use config path {path!r} ({exc}); using defaults."]
    from store.regular_file import read_regular

    try:
        raw = read_regular(p, MAX_CONFIG_BYTES + 1)  # a FIFO or device is not waited on
        if len(raw) > MAX_CONFIG_BYTES:
            return config, [f"config: {p} is larger than {MAX_CONFIG_BYTES // 2**20} MB; using defaults."]
    except FileNotFoundError:
        return config, warnings
    except (OSError, ValueError, TypeError) as exc:  # ValueError: embedded NUL byte
        return config, [f"config: cannot read {p!r} ({exc.__class__.__name__}); using defaults."]
    if not raw.strip():
        return config, warnings
    import tomllib  # lazy: ~5-10 ms, only paid when a config file exists

    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return config, [f"config: {p} is not UTF-8 text; using defaults."]
    except tomllib.TOMLDecodeError as exc:
        return config, [f"config: {p} is not valid TOML ({exc}); using defaults."]
    except Exception as exc:  # pragma: no cover - defensive
        return config, [f"config: cannot parse {p} ({exc}); using defaults."]
    for key, value in _flatten(data, warnings).items():
        config[key] = _validate(key, value, warnings)
    return config, warnings


def _norm(path: str) -> str:
    return path.replace("\\", "/").rstrip("/") or "/"


def is_project_excluded(project_path: str, config: dict) -> bool:
    """True if ``project_path`` or one of its parent directories matches an
    ``exclude_projects`` glob (fnmatch; ``~`` expanded; ``\\`` treated as ``/``)."""
    if not isinstance(project_path, str) or not project_path or not isinstance(config, dict):
        return False
    patterns = config.get("exclude_projects")
    if not patterns or not isinstance(patterns, (list, tuple)):
        return False
    from fnmatch import fnmatch  # lazy: only when patterns are configured

    path = _norm(os.path.expanduser(project_path))
    candidates = [path]
    parent = path
    while True:
        cut = parent.rfind("/")
        if cut <= 0:
            if cut == 0 and parent != "/":
                candidates.append("/")
            break
        parent = parent[:cut]
        if parent.endswith(":"):  # stop at a Windows drive ("C:")
            candidates.append(parent + "/")
            break
        candidates.append(parent)
    for pattern in patterns:
        if not isinstance(pattern, str) or not pattern:
            continue
        pat = _norm(os.path.expanduser(pattern))
        for cand in candidates:
            if fnmatch(cand, pat):
                return True
    return False


def secret_patterns() -> list[str]:
    """The person's extra `secret_patterns` from config.toml (the built-in ones always apply)."""
    config, _warnings = load_config()
    return list(config.get("secret_patterns") or [])


_TOP_LEVEL_KEY = r"^\s*{key}\s*="


def save_setting(key: str, value: str, path: str | os.PathLike | None = None) -> None:
    """Write ``key = "value"`` at the top level of config.toml, keeping every other line
    (comments too): the key's line is replaced, or added before the first table.

    Only string settings (``theme``). Raises OSError when the file cannot be written.
    """
    import json

    if key != "theme":
        raise ValueError(f"{key!r} cannot be saved by the app")
    p = os.fspath(path) if path is not None else config_path()
    try:
        with open(p, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except FileNotFoundError:
        lines = []
    line = f"{key} = {json.dumps(value, ensure_ascii=False)}"  # a JSON string is a TOML basic string
    first_table = next((i for i, text in enumerate(lines) if text.lstrip().startswith("[")), len(lines))
    pattern = re.compile(_TOP_LEVEL_KEY.format(key=re.escape(key)))
    at = next((i for i in range(first_table) if pattern.match(lines[i])), None)
    if at is None:
        lines.insert(first_table, line)
    else:
        lines[at] = line
    os.makedirs(os.path.dirname(p) or ".", mode=0o700, exist_ok=True)
    temporary = f"{p}.tmp-{os.getpid()}"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")
        os.replace(temporary, p)
    except BaseException:
        from store.paths import discard

        discard(temporary)  # a full disk must not leave half-written files behind
        raise
