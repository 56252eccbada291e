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
}


def shared_keys(scope: str, *actions: str, hidden: Collection[str] = ()) -> list[Binding]:
    """The bindings of `actions`, in that order, with ids `<scope>.<action>`; those in
    `hidden` work but stay out of the footer."""
    bindings = []
    for action in actions:
        key, description, show = SHARED_KEYS[action]
        bindings.append(Binding(key, action, description, show=show and action not in hidden,
                                id=f"{scope}.{action}"))  # fmt: skip
    return bindings
