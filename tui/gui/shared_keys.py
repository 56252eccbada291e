"""The keys that mean one thing wherever they work (`docs/keys.md`: one meaning per letter).

A pane or screen lists the ones it offers with `shared_keys(scope, *actions)`, so a letter
cannot drift to another word or action in one place; its own keys it binds itself.
"""

from __future__ import annotations

from collections.abc import Collection

from textual.binding import Binding

# action: (key, the footer's word, shown in the footer unless the caller hides it)
SHARED_KEYS: dict[str, tuple[str, str, bool]] = {
    "filters": ("f", "Filters", True),
    "export": ("e", "Export", True),
    "timeline": ("t", "Timeline", True),
    "copy": ("y", "Copy", True),
    "open_file": ("o", "Open file", True),
    "preview": ("v", "Preview", False),
    "resume": ("c", "Resume", True),
    "fork": ("C", "Fork", True),
    "team": ("T", "Team", True),  # its pane shows it once a team sync ran
    "veto": ("x", "Veto", True),
    "veto_source": ("X", "Veto file/error", True),
    "pin": ("P", "Pin", True),
    "note": ("n", "Note", True),
    "dates": ("D", "Dates", True),  # today, yesterday, the last 7 days, any time
}


# On a list whose letters are typed into its query (Search's: "type to search"), the actions
# cannot be letters, or typing `config` would resume a session (`c`) and open the editor
# (`o`): they are the letter with ctrl, which no query takes (resume is ctrl+r, ctrl+c being
# the terminal's interrupt; fork ctrl+n, a new session from the row).
TYPING_LIST_KEYS: dict[str, str] = {
    "filters": "ctrl+f", "export": "ctrl+e", "timeline": "ctrl+t", "copy": "ctrl+y",
    "open_file": "ctrl+o", "preview": "ctrl+v", "resume": "ctrl+r", "fork": "ctrl+n",
    "team": "ctrl+g", "sort": "ctrl+s", "dates": "ctrl+d",
}  # fmt: skip


def typing_list_keys(scope: str, *actions: str, words: dict[str, str] | None = None) -> list[Binding]:
    """`shared_keys` for a list whose letters go to its query: the same actions and words on
    the keys of TYPING_LIST_KEYS (`words`: the footer's word of an action SHARED_KEYS lacks)."""
    bindings = []
    for action in actions:
        if action in SHARED_KEYS:
            _letter, description, show = SHARED_KEYS[action]
        else:
            description, show = (words or {})[action], True
        bindings.append(Binding(TYPING_LIST_KEYS[action], action, description, show=show,
                                id=f"{scope}.{action}"))  # fmt: skip
    return bindings


def shared_keys(scope: str, *actions: str, hidden: Collection[str] = ()) -> list[Binding]:
    """The bindings of `actions`, in that order, with ids `<scope>.<action>`; those in
    `hidden` work but stay out of the footer."""
    bindings = []
    for action in actions:
        key, description, show = SHARED_KEYS[action]
        bindings.append(Binding(key, action, description, show=show and action not in hidden,
                                id=f"{scope}.{action}"))  # fmt: skip
    return bindings
