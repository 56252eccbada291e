"""memlane settings: ``<memlane home>/config.toml`` (see ``store.paths``), declared once in SETTINGS.

Every setting can be written flat at the top level (``retention_days = 90``) or
inside a table named after its prefix: ``[section] key`` means ``section_key``,
so ``[context] sessions = 3`` is ``context_sessions = 3`` and ``[team] url`` is
``team_url``.  docs/settings.md shows the table (a test keeps the two equal), and
``memlane doctor`` says which settings differ from their defaults.

``load_config`` never raises and returns every setting, validated: consumers read
the values as they are.  A missing file gives the defaults silently; an unreadable
file, invalid TOML, a wrong type or an out-of-range value gives a warning sentence
naming the key and the value used instead; unknown keys are reported and ignored.

Import cost matters (hook path): only ``os`` and ``re`` at import time, plain tuples
(no dataclasses or typing); ``tomllib`` is imported only when a config file exists.
"""
from __future__ import annotations

import os
import re

from store.paths import config_path

MAX_RETENTION_DAYS = 36500  # past 100 years the cut-off is not a date SQLite can compute
MAX_CONFIG_BYTES = 1 << 20

# key: (default, kind, lowest, highest, what it does).  Kinds: "int" (outside lowest..highest:
# the nearest bound), "days" (an int; below lowest: the default, since a person asking for 0
# days does not mean "delete everything"; above highest: highest), "bool", "str" (spaces
# stripped), "strs" (a list of strings, duplicates and empty ones dropped; a lone string
# is taken as a list of one).
SETTINGS = {
    "retention_days": (90, "days", 1, MAX_RETENTION_DAYS,
                       "routine memories older than this are deleted (errors that matter are kept)"),
    "max_inject": (5, "int", 0, 20, "memories added to a prompt at most (0 turns per-prompt recall off)"),
    "inject": (True, "bool", None, None, "false (or MEMLANE_DISABLE=1) turns all injection off"),
    "context_sessions": (3, "int", 0, 100, "the SessionStart digest: how many recent sessions"),
    "context_memories": (10, "int", 0, 100, "the SessionStart digest: how many important recent memories"),
    "context_errors": (5, "int", 0, 100, "the SessionStart digest: how many open errors"),
    # 9000 at most: Claude Code cuts a hook's output at 10,000 characters, and every block
    # memlane injects is sized by this setting (per-prompt blocks by max_inject, well under it).
    "context_max_chars": (2000, "int", 200, 9000, "the SessionStart digest: its size at most, in characters"),
    "capture_read": (False, "bool", None, None, "store Read calls too (off: they are many and say little)"),
    "capture_grep": (False, "bool", None, None, "store Grep calls too"),
    "capture_glob": (False, "bool", None, None, "store Glob calls too"),
    "capture_disabled_tools": ([], "strs", None, None,
                               'tool names never stored, exactly (`"WebFetch"`, `"mcp__github__get_issue"`)'),
    "exclude_projects": ([], "strs", None, None,
                         "globs (`~` expanded) matched against a project's folder and its parents: "
                         "nothing stored, nothing injected"),
    "secret_patterns": ([], "strs", None, None,
                        "extra regular expressions to redact; invalid ones and ones that backtrack are "
                        "dropped with a warning"),
    "not_secret_patterns": ([], "strs", None, None,
                            "regular expressions for values that are not secrets: a value the filter would "
                            "redact is kept when one matches it whole; ones that match the empty text or a "
                            "real secret's shape, invalid ones and ones that backtrack are dropped with a warning"),
    "team_url": ("", "str", None, None,
                 "`[team] url`: the PostgreSQL server (`MEMLANE_TEAM_URL` wins); empty: team sharing off"),
    "team_projects": ([], "strs", None, None,
                      "`[team] projects`: globs of the projects shared; nothing else leaves"),
    "team_author": ("", "str", None, None, "`[team] author`: the name teammates see (empty: user@host)"),
    "team_recall": (False, "bool", None, None, "`[team] recall`: per-prompt recall adds teammates' memories"),
    "theme": ("", "str", None, None,
              "the app's colours; written when you pick one with ctrl+p (empty: Textual's default)"),
}  # fmt: skip


def defaults() -> dict:
    """Every setting at its default (lists are fresh copies)."""
    return {key: (list(spec[0]) if isinstance(spec[0], list) else spec[0]) for key, spec in SETTINGS.items()}


def toml_value(value) -> str:
    """`value` as config.toml spells it."""
    import json

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(json.dumps(v, ensure_ascii=False) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    return str(value)


def allowed_values(key: str) -> str:
    """What `key` takes, in words ("0 to 20", "true or false", ...)."""
    _default, kind, lo, hi, _doc = SETTINGS[key]
    if kind in ("int", "days"):
        return f"{lo:,} to {hi:,}"
    return {"bool": "true or false", "str": "a string", "strs": "a list of strings"}[kind]


def settings_table() -> str:
    """SETTINGS as the Markdown table docs/settings.md shows (a test keeps them equal)."""
    rows = ["| setting | default | takes | what it does |", "|---|---|---|---|"]
    for key, (default, _kind, _lo, _hi, doc) in SETTINGS.items():
        rows.append(f"| `{key}` | `{toml_value(default)}` | {allowed_values(key)} | {doc} |")
    return "\n".join(rows) + "\n"


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
        if key in SETTINGS:
            flat[key] = value
        elif isinstance(value, dict):
            for sub, subval in value.items():
                name = f"{key}_{sub}"
                if name in SETTINGS:
                    flat[name] = subval
                else:
                    warnings.append(f"config: unknown setting '{key}.{sub}' ignored.")
        else:
            warnings.append(f"config: unknown setting '{key}' ignored.")
    return flat


# The settings that hold regular expressions, and store.privacy.user_patterns' check of each entry.
_PATTERN_CHECKS = {"secret_patterns": "secret_pattern_problem", "not_secret_patterns": "not_secret_pattern_problem"}


def _validate(key: str, value, warnings: list):
    default, kind, lo, hi, _doc = SETTINGS[key]
    if kind in ("int", "days"):
        if isinstance(value, bool) or not isinstance(value, int):
            warnings.append(
                f"config: '{key}' must be an integer, got {_type_name(value)}; "
                f"using the default {default}."
            )
            return default
        if value < lo:
            if kind == "int":
                warnings.append(f"config: '{key}' = {value} is below {lo}; using {lo}.")
                return lo
            warnings.append(
                f"config: '{key}' = {value} must be at least {lo}; using the default {default}."
            )
            return default
        if value > hi:
            warnings.append(f"config: '{key}' = {value} is above {hi}; using {hi}.")
            return hi
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            warnings.append(
                f"config: '{key}' must be true or false, got {_type_name(value)}; "
                f"using the default {'true' if default else 'false'}."
            )
            return default
        return value
    if kind == "str":
        if not isinstance(value, str):
            warnings.append(f"config: '{key}' must be a string, got {_type_name(value)}; using \"\".")
            return default
        return value.strip()
    if isinstance(value, str):  # "strs": a lone string is an easy mistake; accept it as one item
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
            warnings.append(f"config: '{key}' entry {item!r} is not a string; dropped.")
            continue
        if key in _PATTERN_CHECKS and item:
            from store.privacy import user_patterns  # only with patterns set

            problem = getattr(user_patterns, _PATTERN_CHECKS[key])(item)
            if problem is not None:
                warnings.append(f"config: '{key}' entry {item!r} is refused: {problem}; dropped.")
                continue
        if item and item not in out:
            out.append(item)
    return out


def setting(config: dict | None, key: str):
    """`config[key]` as load_config gave it; the default when `config` lacks it."""
    if isinstance(config, dict) and key in config:
        return config[key]
    return SETTINGS[key][0]


def injection_enabled(config: dict | None, environ=None) -> bool:
    """Whether memlane injects context: False when MEMLANE_DISABLE is set (1/true/yes/on) or
    the config says `inject = false`.  Here, not in hooks.recall: a prompt hook asks before it
    loads any of recall, and with injection off loads none."""
    env = os.environ if environ is None else environ
    flag = str(env.get("MEMLANE_DISABLE", "")).strip().lower()
    if flag and flag not in ("0", "false", "no", "off"):
        return False
    return not (isinstance(config, dict) and config.get("inject") is False)


def load_config(path: str | os.PathLike | None = None, *, cached: bool = False) -> tuple[dict, list[str]]:
    """Read the config file; return ``(config, warnings)``. Never raises.

    `cached` (the hook, on every tool call): the result is remembered as JSON in
    `<memlane home>/.config-cache.json`, keyed by the file's path, size and modification
    time, so tomllib (~5 ms to import) is paid only when the file changes."""
    if cached and path is None:
        return _load_cached()
    config = defaults()
    warnings: list[str] = []
    try:
        p = os.fspath(path) if path is not None else config_path()
    except Exception as exc:  # e.g. a bad PathLike
        return config, [f"config: cannot use config path {path!r} ({exc}); using defaults."]
    from store.files import read_regular

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


def _load_cached() -> tuple[dict, list[str]]:
    import json

    from store.paths import memlane_home

    path = config_path()
    try:
        st = os.stat(path)
    except OSError:
        return load_config(path)  # no file: defaults, no tomllib
    key = [path, st.st_size, st.st_mtime_ns]
    cache = os.path.join(memlane_home(), ".config-cache.json")
    from store.files import make_private_dir, read_regular, write_private_atomic

    try:
        saved = json.loads(read_regular(cache))  # a FIFO here is not waited on
        if saved.get("key") == key and isinstance(saved.get("config"), dict):
            return saved["config"], list(saved.get("warnings") or [])
    except (OSError, ValueError, AttributeError):
        pass
    config, warnings = load_config(path)
    try:
        make_private_dir(os.path.dirname(cache))
        data = json.dumps({"key": key, "config": config, "warnings": warnings})
        write_private_atomic(cache, data.encode("utf-8", "replace"), "the config cache")
    except OSError as exc:  # the settings still apply; only the next run's shortcut is lost
        from store.log import log_line
        from store.text import one_line

        log_line(f"the config cache {cache} could not be written ({one_line(exc, 120)}).")
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


def privacy_patterns(config: dict | None = None):
    """The person's patterns as every caller of the privacy filter passes them (its
    `extra_patterns`): their `secret_patterns` (the built-in rules always apply), and with
    `not_secret_patterns` set, both in one store.privacy.UserPatterns.  `config` as load_config
    gave it; None: config.toml's.  With no not_secret_patterns, a plain tuple and no import."""
    if config is None:
        config, _warnings = load_config()
    if not isinstance(config, dict):
        return ()
    secret, keep = (tuple(p for p in value if isinstance(p, str) and p) if isinstance(value, (list, tuple)) else ()
                    for value in (config.get("secret_patterns"), config.get("not_secret_patterns")))  # fmt: skip
    if not keep:
        return secret
    from store.privacy import UserPatterns  # the filter's own module: a hook has it loaded already

    return UserPatterns(secret, keep)


_TOP_LEVEL_KEY = r"^\s*{key}\s*="


def save_setting(key: str, value: str, path: str | os.PathLike | None = None) -> None:
    """Write ``key = "value"`` at the top level of config.toml, keeping every other line
    (comments too): the key's line is replaced, or added before the first table.

    Only string settings (``theme``). Raises OSError when the file cannot be read or
    written, or is a symbolic link (memlane replaces only files of its own).
    """
    if key != "theme":
        raise ValueError(f"{key!r} cannot be saved by the app")
    p = os.fspath(path) if path is not None else config_path()
    from store.files import make_private_dir, read_regular, write_private_atomic

    try:
        raw = read_regular(p, MAX_CONFIG_BYTES + 1)  # a FIFO or device is not waited on
    except FileNotFoundError:
        raw = b""
    if len(raw) > MAX_CONFIG_BYTES:
        raise OSError(f"{p} is larger than {MAX_CONFIG_BYTES // 2**20} MB; it was left unchanged")
    try:
        lines = raw.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        raise OSError(f"{p} is not UTF-8 text; it was left unchanged") from None
    line = f"{key} = {toml_value(value)}"
    first_table = next((i for i, text in enumerate(lines) if text.lstrip().startswith("[")), len(lines))
    pattern = re.compile(_TOP_LEVEL_KEY.format(key=re.escape(key)))
    at = next((i for i in range(first_table) if pattern.match(lines[i])), None)
    if at is None:
        lines.insert(first_table, line)
    else:
        lines[at] = line
    make_private_dir(os.path.dirname(p) or ".")
    write_private_atomic(p, ("\n".join(lines) + "\n").encode("utf-8"), "the settings file")
