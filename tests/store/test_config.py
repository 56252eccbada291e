from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from store import paths
from store.config import SETTINGS, defaults, is_project_excluded, load_config

DEFAULTS = defaults()

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("USERPROFILE", str(tmp_path))
    monkeypatch.delenv("MEMLANE_HOME", raising=False)
    monkeypatch.delenv("MEMLANE_DB", raising=False)
    return tmp_path


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "config.toml"
    p.write_text(text, encoding="utf-8")
    return p


# ------------------------------------------------------------------- paths
def test_paths_default_to_claude_dir(home):
    base = home / ".claude" / "memlane"
    assert paths.memlane_home() == str(base)
    assert paths.default_db_path() == str(base / "memory.db")
    assert paths.log_path() == str(base / "memlane.log")
    assert paths.spool_dir() == str(base / "spool")
    assert paths.config_path() == str(base / "config.toml")
    assert not base.exists()  # nothing is created


def test_claude_codes_folders_follow_its_config_dir(home, monkeypatch, tmp_path):
    """One home for Claude Code's folders: the importer, `memlane install`, the MCP config,
    the sweep and the resume command all ask store.paths."""
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    assert paths.claude_dir() == str(home / ".claude")
    assert paths.claude_projects_dir() == str(home / ".claude" / "projects")
    assert paths.claude_settings_path() == str(home / ".claude" / "settings.json")
    assert paths.claude_user_config_path() == str(home / ".claude.json")
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "cfg"))
    assert paths.claude_projects_dir() == str(tmp_path / "cfg" / "projects")
    assert paths.claude_settings_path() == str(tmp_path / "cfg" / "settings.json")
    assert paths.claude_user_config_path() == str(tmp_path / "cfg" / ".claude.json")
    assert paths.claude_dir({"CLAUDE_CONFIG_DIR": "/elsewhere"}) == "/elsewhere"


def test_paths_follow_env(home, monkeypatch, tmp_path):
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / "mh"))
    assert paths.memlane_home() == str(tmp_path / "mh")
    assert paths.default_db_path() == str(tmp_path / "mh" / "memory.db")
    assert paths.config_path() == str(tmp_path / "mh" / "config.toml")
    monkeypatch.setenv("MEMLANE_DB", str(tmp_path / "other.db"))
    assert paths.default_db_path() == str(tmp_path / "other.db")
    assert paths.spool_dir() == str(tmp_path / "mh" / "spool")


def test_paths_expand_user(home, monkeypatch):
    monkeypatch.setenv("MEMLANE_HOME", "~/mem")
    assert paths.memlane_home() == str(home / "mem")


# ------------------------------------------------------------------- load_config
def test_missing_file_gives_defaults_silently(home):
    config, warnings = load_config()
    assert config == DEFAULTS
    assert warnings == []
    config, warnings = load_config(home / "nope.toml")
    assert config == DEFAULTS and warnings == []


def test_defaults_values():
    assert DEFAULTS["retention_days"] == 90
    assert DEFAULTS["max_inject"] == 5
    assert DEFAULTS["inject"] is True
    assert (DEFAULTS["context_sessions"], DEFAULTS["context_memories"], DEFAULTS["context_errors"]) == (3, 10, 5)
    assert DEFAULTS["context_max_chars"] == 2000
    assert DEFAULTS["capture_read"] is DEFAULTS["capture_grep"] is DEFAULTS["capture_glob"] is False
    assert DEFAULTS["capture_disabled_tools"] == DEFAULTS["exclude_projects"] == DEFAULTS["secret_patterns"] == []


def test_returned_config_is_a_copy(home):
    config, _ = load_config()
    config["capture_disabled_tools"].append("Bash")
    config["max_inject"] = 99
    assert defaults()["capture_disabled_tools"] == [] and defaults()["max_inject"] == 5
    assert SETTINGS["capture_disabled_tools"][0] == []


def test_default_path_is_read(home):
    base = home / ".claude" / "memlane"
    base.mkdir(parents=True)
    (base / "config.toml").write_text("max_inject = 7\n", encoding="utf-8")
    config, warnings = load_config()
    assert config["max_inject"] == 7 and warnings == []


def test_memlane_home_config(tmp_path, monkeypatch):
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path))
    write(tmp_path, "inject = false\n")
    config, warnings = load_config()
    assert config["inject"] is False and warnings == []


def test_flat_settings(tmp_path):
    p = write(tmp_path, """
retention_days = 30
max_inject = 3
inject = false
context_sessions = 2
context_memories = 4
context_errors = 1
context_max_chars = 1500
capture_read = true
capture_grep = true
capture_glob = false
capture_disabled_tools = ["WebFetch", "mcp__github__get_issue"]
exclude_projects = ["~/secret/*"]
secret_patterns = ["sk-[A-Za-z0-9]{20,}"]
not_secret_patterns = ["build-[0-9a-f]{12}"]
theme = "nord"
""")
    config, warnings = load_config(p)
    assert warnings == []
    assert {k: v for k, v in config.items() if not k.startswith("team_")} == {
        "retention_days": 30, "max_inject": 3, "inject": False, "context_sessions": 2,
        "context_memories": 4, "context_errors": 1, "context_max_chars": 1500,
        "capture_read": True, "capture_grep": True, "capture_glob": False,
        "capture_disabled_tools": ["WebFetch", "mcp__github__get_issue"],
        "exclude_projects": ["~/secret/*"], "secret_patterns": ["sk-[A-Za-z0-9]{20,}"],
        "not_secret_patterns": ["build-[0-9a-f]{12}"], "theme": "nord",
    }


def test_sectioned_settings(tmp_path):
    p = write(tmp_path, """
max_inject = 4
[context]
sessions = 1
max_chars = 3000
[capture]
read = true
disabled_tools = ["Bash"]
""")
    config, warnings = load_config(str(p))
    assert warnings == []
    assert config["context_sessions"] == 1
    assert config["context_max_chars"] == 3000
    assert config["capture_read"] is True
    assert config["capture_disabled_tools"] == ["Bash"]
    assert config["max_inject"] == 4


def test_invalid_toml_warns_and_uses_defaults(tmp_path):
    p = write(tmp_path, "max_inject = = 3\n[broken\n")
    config, warnings = load_config(p)
    assert config == DEFAULTS
    assert len(warnings) == 1 and "not valid TOML" in warnings[0]


def test_not_utf8(tmp_path):
    p = tmp_path / "config.toml"
    p.write_bytes(b"max_inject = 3\n# \xff\xfe\n")
    config, warnings = load_config(p)
    assert config == DEFAULTS and len(warnings) == 1


def test_directory_instead_of_file(tmp_path):
    d = tmp_path / "config.toml"
    d.mkdir()
    config, warnings = load_config(d)
    assert config == DEFAULTS and len(warnings) == 1


def test_empty_file(tmp_path):
    assert load_config(write(tmp_path, "\n  \n")) == (DEFAULTS, [])


@pytest.mark.parametrize(
    "line, key",
    [
        ('retention_days = "90"', "retention_days"),
        ("retention_days = 1.5", "retention_days"),
        ("max_inject = true", "max_inject"),
        ('inject = "yes"', "inject"),
        ("inject = 1", "inject"),
        ("capture_read = 0", "capture_read"),
        ("context_max_chars = [1]", "context_max_chars"),
        ("capture_disabled_tools = 5", "capture_disabled_tools"),
        ("exclude_projects = {a = 1}", "exclude_projects"),
        ("secret_patterns = true", "secret_patterns"),
    ],
)
def test_wrong_type_warns_names_key_and_uses_default(tmp_path, line, key):
    config, warnings = load_config(write(tmp_path, line + "\nmax_inject = 6\n" if key != "max_inject" else line + "\n"))
    assert config[key] == DEFAULTS[key]
    assert len(warnings) == 1
    assert f"'{key}'" in warnings[0]
    if key != "max_inject":
        assert config["max_inject"] == 6  # the other keys still apply


@pytest.mark.parametrize(
    "line, key, value",
    [
        ("max_inject = 50", "max_inject", 20),
        ("max_inject = -1", "max_inject", 0),
        ("context_max_chars = 100", "context_max_chars", 200),
        ("context_max_chars = 100000", "context_max_chars", 9000),
        ("context_sessions = -3", "context_sessions", 0),
        ("retention_days = 0", "retention_days", 90),
        ("retention_days = -10", "retention_days", 90),
    ],
)
def test_out_of_range_values(tmp_path, line, key, value):
    config, warnings = load_config(write(tmp_path, line))
    assert config[key] == value
    assert len(warnings) == 1 and f"'{key}'" in warnings[0]


def test_in_range_edges_are_silent(tmp_path):
    config, warnings = load_config(write(tmp_path, "max_inject = 0\ncontext_max_chars = 9000\nretention_days = 1\n"))
    assert warnings == []
    assert (config["max_inject"], config["context_max_chars"], config["retention_days"]) == (0, 9000, 1)


def test_unknown_keys_warn(tmp_path):
    config, warnings = load_config(write(tmp_path, "foo = 1\nmax_inject = 2\n[capture]\nfoo = true\n[weird]\nx = 1\n"))
    assert config["max_inject"] == 2
    assert len(warnings) == 3
    assert any("'foo'" in w for w in warnings)
    assert any("'capture.foo'" in w for w in warnings)
    assert any("'weird.x'" in w for w in warnings)


def test_invalid_secret_patterns_are_dropped(tmp_path):
    p = write(tmp_path, r'secret_patterns = ["ghp_[A-Za-z0-9]{36}", "([unclosed", "ok\\d+", 7]' + "\n")
    config, warnings = load_config(p)
    assert config["secret_patterns"] == ["ghp_[A-Za-z0-9]{36}", "ok\\d+"]
    assert len(warnings) == 2
    assert all("secret_patterns" in w for w in warnings)
    assert any("([unclosed" in w for w in warnings)


def test_list_of_strings_accepts_single_string(tmp_path):
    config, warnings = load_config(write(tmp_path, 'capture_disabled_tools = "Bash"\n'))
    assert config["capture_disabled_tools"] == ["Bash"] and warnings == []


def test_load_config_never_raises_on_odd_paths(tmp_path):
    for bad in (tmp_path / "a" / "b" / "c.toml", str(tmp_path / "x\x00y")):
        config, warnings = load_config(bad)
        assert config == DEFAULTS
    config, warnings = load_config(object())  # not a path at all
    assert config == DEFAULTS and warnings


def test_tomllib_only_imported_when_a_file_exists(tmp_path):
    code = (
        "import sys; from store.config import load_config; "
        f"load_config({str(tmp_path / 'missing.toml')!r}); print('tomllib' in sys.modules)"
    )
    env = dict(os.environ, HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "False"


# ------------------------------------------------------------------- exclusion
@pytest.mark.parametrize(
    "project, patterns, expected",
    [
        ("/home/u/secret", ["/home/u/secret"], True),
        ("/home/u/secret/sub/dir", ["/home/u/secret"], True),  # a parent matches
        ("/home/u/secretive", ["/home/u/secret"], False),
        ("/home/u/work/client-a", ["/home/u/work/client-*"], True),
        ("/home/u/work/other", ["/home/u/work/client-*"], False),
        ("/tmp/scratch", ["/tmp/*"], True),
        ("C:\\Users\\bob\\private\\app", ["C:/Users/*/private"], True),
        ("C:\\Users\\bob\\public\\app", ["C:/Users/*/private"], False),
        ("/home/u/x", [], False),
        ("/home/u/x", ["", 5, None], False),
        ("", ["*"], False),
    ],
)
def test_is_project_excluded(project, patterns, expected):
    assert is_project_excluded(project, {"exclude_projects": patterns}) is expected


def test_is_project_excluded_expands_tilde(home):
    assert is_project_excluded(str(home / "secret" / "proj"), {"exclude_projects": ["~/secret/*"]})
    assert not is_project_excluded(str(home / "open" / "proj"), {"exclude_projects": ["~/secret/*"]})


def test_is_project_excluded_bad_inputs():
    assert is_project_excluded("/x", {}) is False
    assert is_project_excluded("/x", None) is False
    assert is_project_excluded(None, {"exclude_projects": ["*"]}) is False
    assert is_project_excluded("/x", {"exclude_projects": "notalist"}) is False


def test_an_absurd_retention_is_clamped_and_said(tmp_path):
    config, warnings = load_config(write(tmp_path, "retention_days = 99999999999999999999\n"))
    assert config["retention_days"] == 36500
    assert warnings == ["config: 'retention_days' = 99999999999999999999 is above 36500; using 36500."]


def test_a_fifo_config_is_not_waited_on(tmp_path):
    from tests.timing import finishes

    path = tmp_path / "config.toml"
    os.mkfifo(path)  # nothing writes to it: opening it to read would wait for ever
    config, warnings = finishes(load_config, path)
    assert config == DEFAULTS
    assert len(warnings) == 1 and "cannot read" in warnings[0]


def test_team_settings_in_their_table(tmp_path):
    p = write(tmp_path, """
[team]
url = "postgresql://memlane@db.internal/memlane"
projects = ["~/work/shop-*"]
author = "dana"
recall = true
""")
    config, warnings = load_config(p)
    assert warnings == []
    assert (config["team_url"], config["team_projects"], config["team_author"], config["team_recall"]) == (
        "postgresql://memlane@db.internal/memlane", ["~/work/shop-*"], "dana", True)


def test_team_is_off_by_default_and_a_wrong_url_type_says_so(tmp_path):
    assert load_config(tmp_path / "missing.toml")[0]["team_url"] == ""
    config, warnings = load_config(write(tmp_path, "[team]\nurl = 5\n"))
    assert config["team_url"] == "" and warnings == ["config: 'team_url' must be a string, got an integer; using \"\"."]


# ------------------------------------------------------------------- the one table
def test_docs_settings_shows_the_settings_table():
    from pathlib import Path

    from store.config import settings_table

    text = (Path(__file__).resolve().parents[2] / "docs" / "settings.md").read_text(encoding="utf-8")
    start = text.index("-->\n", text.index("<!-- generated from SETTINGS")) + len("-->\n")
    shown = text[start : text.index("<!-- end of generated table -->")]
    assert shown == settings_table(), "docs/settings.md is out of date; paste settings_table() there:\n" + settings_table()


@pytest.mark.parametrize("key", sorted(SETTINGS))
def test_every_setting_round_trips_its_default_and_refuses_a_wrong_type(tmp_path, key):
    from store.config import toml_value

    default, kind, lo, hi, doc = SETTINGS[key]
    assert doc and kind in ("int", "days", "bool", "str", "strs")
    section, _, rest = key.partition("_")
    assert load_config(write(tmp_path, f"{key} = {toml_value(default)}\n")) == (DEFAULTS, [])
    if rest:  # `[context] sessions` is `context_sessions`
        assert load_config(write(tmp_path, f"[{section}]\n{rest} = {toml_value(default)}\n")) == (DEFAULTS, [])
    wrong = '"x"' if kind in ("int", "days", "bool") else "{ a = 1 }"
    config, warnings = load_config(write(tmp_path, f"{key} = {wrong}\n"))
    assert config[key] == default and len(warnings) == 1 and key in warnings[0]
    if kind in ("int", "days"):
        config, warnings = load_config(write(tmp_path, f"{key} = {hi + 1}\n"))
        assert config[key] == hi and "using " + str(hi) in warnings[0]
        config, _ = load_config(write(tmp_path, f"{key} = {lo - 1}\n"))
        assert config[key] == (lo if kind == "int" else default)


# ------------------------------------------------------------------- not_secret_patterns
def test_a_not_secret_pattern_that_says_what_its_values_look_like_is_accepted(tmp_path):
    config, warnings = load_config(write(tmp_path, r'not_secret_patterns = ["build-[0-9a-f]{12}", "[0-9a-f]{40}"]' + "\n"))
    assert config["not_secret_patterns"] == ["build-[0-9a-f]{12}", "[0-9a-f]{40}"] and warnings == []


@pytest.mark.parametrize(
    ("pattern", "why"),
    [
        ("([unclosed", "not a valid regular expression"),
        ("(a+)+", "a repeat inside a repeat"),
        # cubic when matched whole, yet passes secret_patterns' probes (finditer finds it at once)
        (r"\d+\d+\d+", "it backtracks"),
        ("x?", "matches the empty text"),
        (".*", "matches the empty text"),
        (r"\S+", "a random 40-character token"),
        ("[A-Za-z0-9]+", "a random 40-character token"),
        ("ghp_[A-Za-z0-9]{36}", "a GitHub token"),
        ("AKIA[A-Z0-9]{16}", "an AWS access key id"),
        ("-----BEGIN [A-Z ]+-----", "a private key's first line"),
        (r"sk-\w{48}", "an API key"),
        (r"[A-Za-z0-9&]{11}", "a password like"),
    ],
)
def test_a_not_secret_pattern_that_could_keep_secrets_is_refused_with_one_line(tmp_path, pattern, why):
    from store.config import toml_value

    config, warnings = load_config(write(tmp_path, f"not_secret_patterns = {toml_value([pattern, 'build-[0-9]{6}'])}\n"))
    assert config["not_secret_patterns"] == ["build-[0-9]{6}"]
    assert len(warnings) == 1 and "\n" not in warnings[0]
    assert warnings[0].startswith(f"config: 'not_secret_patterns' entry {pattern!r} is refused: ")
    assert why in warnings[0]
