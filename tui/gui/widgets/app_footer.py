"""The footer: keys that do not fit are left out whole, never cut, and a click runs the key's action.

Textual's compact footer cuts the last key mid-word at narrow widths ("q Qu") and
lets the keys scrolled under the docked `^p Commands` show through its last cell
("Commandsl").  Here every key is kept or left out whole: the pane's keys go
first (from the right) so Help and Quit stay longest.  A click runs the action of
the binding shown, instead of pressing the key into whatever has focus (which
typed `/` into the search box).

Textual's Footer answers every change of bindings (each focus move, each pane that
mounts) with `call_after_refresh(self.recompose)`: the screen awaits those
recomposes one after another (~20 ms each, 16 at start-up) before it handles its
next message, so a key pressed as the app appeared waited 100-300 ms behind them.
Here many changes ask for one rebuild, done only when the keys it would show differ
from those it shows, in place, without awaiting anything (`_rebuild`).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import NamedTuple

from rich.cells import cell_len
from textual import events
from textual.binding import Binding
from textual.widgets import Footer, Input, OptionList, Select

from tui.gui.textual_internals import (
    FooterKey,
    footer_key_disabled,
    footer_ready,
    key_for,
    mark_footer_ready,
    set_footer_key_disabled,
)

# Keys a text box takes as text ("slash", "question_mark", "q", "space", ...), and their text.
TYPED_KEYS = {key_for(chr(code)): chr(code) for code in range(32, 127)}
# Actions the footer drops last: a person must always see how to get help, back and out.
KEPT_ACTIONS = ("quit", "help", "app.quit", "app.help", "dismiss", "back", "app.pop_screen",
                "close", "cancel", "dismiss_none")
PALETTE_CLASS = "-command-palette"


def typed_here(focused, key: str) -> bool:
    """`key` would be typed as text where the keys go now: into a box, or on a list that takes
    what is typed as its query (an ancestor's `takes_typed_key(widget, character)` says so)."""
    character = TYPED_KEYS.get(key)
    if character is None or focused is None:
        return False
    if isinstance(focused, Input):
        return focused.check_consume_key(key, character)
    for node in focused.ancestors_with_self:
        takes = getattr(node, "takes_typed_key", None)
        if takes is not None:
            return takes(focused, character)
    return False


class FooterEntry(NamedTuple):
    """One key the footer shows, before any widget is built for it (`AppFooter._entries`)."""

    key: str
    display: str
    description: str
    action: str
    enabled: bool
    tooltip: str
    classes: str  # PALETTE_CLASS for the command palette's key, else ""


class ActionFooterKey(FooterKey):
    """A footer key whose click runs its binding's action where the binding lives."""

    async def on_mouse_down(self, event: events.MouseDown) -> None:
        # This is the click's whole answer: FooterKey's own handler, run after it, pressed
        # the key again, where the keys go by then (Help's Close reopened the help).
        event.prevent_default()
        if not self.screen.is_active:
            # A second click that reached the key before the first closed its screen: run
            # again, Close or Back would pop the screen under it.
            return
        if footer_key_disabled(self):
            self.app.bell()
            return
        found = self.screen.active_bindings.get(self.key)
        if found is None:
            self.app.simulate_key(self.key)
            return
        node, binding, _enabled, _tooltip = found
        await self.app.run_action(binding.action, node)


class AppFooter(Footer):
    """A compact footer that fits its keys to the width it has (binding groups are not used)."""

    DEFAULT_CSS = """
    AppFooter.-compact FooterKey.-command-palette {
        margin-right: 0;
    }
    """

    def __init__(self, *, wait_for_first_focus: bool = False, **kwargs) -> None:
        """`wait_for_first_focus`: show no keys until `show_keys` is called (the screen
        sets its first focus, then calls it), not once for the bindings before it too."""
        kwargs.setdefault("compact", True)
        super().__init__(**kwargs)
        self._waiting = wait_for_first_focus
        self._fitted_width = -1
        self._shown: tuple | None = None  # what the last compose showed (`_wanted`)
        self._rebuild_pending = False
        self._held_for, self._held_until = "", 0.0  # `hold`: whose, until time.monotonic()

    def compose(self):
        if not footer_ready(self):
            return
        wanted = self._wanted()
        width, entries = wanted
        yield from self._keys(_fitting(list(entries), width, self.compact))
        self._fitted_width = width
        self._shown = wanted

    def show_keys(self) -> None:
        """Build the keys (the app calls this once its first focus is set): one build for
        the focus, not one for the bindings before it too.  They are mounted after the
        next refresh, a few frames after the first; mounted before it, they and the focus
        they follow were ~30 ms more of every first screen (100k, 10 starts)."""
        self._waiting = False
        mark_footer_ready(self)
        self._recompose_if_changed()

    def bindings_changed(self, screen) -> None:
        if self._waiting:
            return
        mark_footer_ready(self)
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self._recompose_if_changed()

    def on_resize(self) -> None:
        if self.size.width != self._fitted_width and footer_ready(self):
            self._recompose_if_changed()

    def hold(self, owner: str, seconds: float) -> None:
        """Keep the keys shown until `release(owner)`, `seconds` at most.  The app holds them
        while it handles a pane key: on the way there is no focus, and at start the first
        pane's keys were built in the very turns the pane the key asked for waited for."""
        self._held_for, self._held_until = owner, time.monotonic() + seconds

    def release(self, owner: str) -> None:
        """Let go of the keys held for `owner` (not those of a later hold); show those wanted."""
        if self._held_until and owner == self._held_for:
            self._held_until = 0.0
            if footer_ready(self) and not self._waiting:
                self._recompose_if_changed()

    def _recompose_if_changed(self) -> None:
        """One rebuild after the next refresh (as Textual's Footer: the focus has settled
        by then), however many changes ask for it first; a quick one, never awaited."""
        if not self._rebuild_pending:
            self._rebuild_pending = True
            self.call_after_refresh(self._rebuild)

    def _rebuild(self) -> None:
        """Show the keys wanted now, changing the key widgets in place.

        A recompose would hold every frame of the app (a batch update) while it
        awaits its widgets' removal and mounting: 15-70 ms at start-up, when a
        person's first key arrives.  Keys that are not there yet are mounted and
        keys no longer wanted removed, without waiting for either.
        """
        self._rebuild_pending = False
        if not self.is_attached or self.screen not in self.app.screen_stack:
            # Its screen was closed, or dismissed, since this was asked for: its children are
            # being removed, and a check of its keys that reads one would find it gone.
            return
        held = self._held_until - time.monotonic()
        if held > 0:  # `release` asks again
            self.set_timer(held, self._recompose_if_changed)  # or the hold's end
            return
        wanted = self._wanted()
        if wanted == self._shown:  # asked during the last rebuild, or changed back since
            return
        width, entries = wanted
        fitted = _fitting(list(entries), width, self.compact)
        new_keys = [entry for entry in fitted if entry.classes != PALETTE_CLASS]
        new_palette = [entry for entry in fitted if entry.classes == PALETTE_CLASS]
        shown = [c for c in self.children if isinstance(c, FooterKey)]
        old_palette = [key for key in shown if key.has_class(PALETTE_CLASS)]
        old_keys = [key for key in shown if key not in old_palette]
        for old, new in zip(old_keys, new_keys):
            _take_over(old, new)
        for surplus in old_keys[len(new_keys):]:
            surplus.remove()
        if new_keys[len(old_keys):]:  # widgets are built only for keys added
            self.mount(*self._keys(new_keys[len(old_keys):]), before=old_palette[0] if old_palette else None)
        if old_palette and new_palette:
            _take_over(old_palette[0], new_palette[0])
        elif old_palette:
            old_palette[0].remove()
        elif new_palette:
            self.mount(*self._keys(new_palette))
        self._fitted_width = width
        self._shown = wanted

    def _wanted(self) -> tuple:
        """The width and the keys the footer would show now (cheap: no widgets built)."""
        return self.size.width or self.app.size.width, tuple(self._entries())

    def _entries(self) -> Iterable[FooterEntry]:
        """A FooterEntry per key to show, for where the keys go now: an open dropdown shows only its own keys; a text
        box no key it would type (`/ Search` there typed a `/`) and how to leave it; else
        one per shown action; then the command palette's."""
        focused = self.screen.focused
        if isinstance(focused, OptionList) and isinstance(focused.parent, Select):  # open
            yield from self._dropdown_entries()
            return
        typing = isinstance(focused, Input)
        active = self.screen.active_bindings
        by_action: dict[str, tuple] = {}
        if typing and "enter" in active:
            _node, binding, enabled, tooltip = active["enter"]
            label = getattr(focused, "enter_label", None) or getattr(self, "enter_label", "Apply")
            by_action[binding.action] = ("enter", binding, enabled, tooltip, label)
        for key, (_node, binding, enabled, tooltip) in active.items():
            if not binding.show or typed_here(focused, key):
                continue
            shown_key = by_action.get(binding.action, ("",))[0]
            if not shown_key or (shown_key.startswith("ctrl+") and not key.startswith("ctrl+")):
                by_action.pop(binding.action, None)  # shown where its plain key is (`q` over ctrl+q)
                by_action[binding.action] = (key, binding, enabled, tooltip, binding.description)
        shown = list(by_action.values())
        shown.sort(key=lambda entry: entry[1].id != "app.box")  # `/` first: how to filter a list
        for key, binding, enabled, tooltip, description in shown:
            if binding.id == "app.box":  # what `/` opens here: a filter, Search's query
                description = getattr(self.app.active_pane, "BOX_LABEL", description)
            yield FooterEntry(key, self.app.get_key_display(binding), description,
                              binding.action, enabled, tooltip, "")  # fmt: skip
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _node, binding, enabled, _tooltip = found
                yield FooterEntry(binding.key, self.app.get_key_display(binding),
                                  binding.description, binding.action, enabled,
                                  binding.tooltip or binding.description, PALETTE_CLASS)  # fmt: skip

    def _dropdown_entries(self) -> Iterable[FooterEntry]:
        """An open dropdown takes every key: move, choose, close."""
        display = self.app.get_key_display
        for key, description, action in (("enter", "Choose", "select"), ("escape", "Close", "dismiss")):
            shown = display(Binding(key, action, description))
            yield FooterEntry(key, shown, description, action, True, description, "")

    def _keys(self, entries: Iterable[FooterEntry]) -> Iterable[FooterKey]:
        for key, display, description, action, enabled, tooltip, classes in entries:
            # The footer never changes `compact`: a copy, not a data binding (which needs a
            # context), and its class as the watcher would set it, given as the key is built.
            own = classes or ("-compact" if self.compact else "")
            footer_key = ActionFooterKey(key, display, description, action, classes=own,
                                         disabled=not enabled, tooltip=tooltip)  # fmt: skip
            if not classes:
                footer_key.set_reactive(FooterKey.compact, self.compact)
            yield footer_key


def _fitting(entries: list[FooterEntry], width: int, compact: bool) -> list[FooterEntry]:
    """The entries whose keys fit in `width` cells, in their order; KEPT_ACTIONS
    last to go."""
    if not compact or width <= 0:
        return entries
    sizes = [_width(entry) for entry in entries]
    indices = range(len(entries))
    palette = [i for i in indices if entries[i].classes == PALETTE_CLASS]
    kept = [i for i in indices if entries[i].action in KEPT_ACTIONS and i not in palette]
    room = width - sum(sizes[i] for i in palette + kept)
    if room < 0:  # not even these fit: the palette key goes first (ctrl+p still works)
        room += sum(sizes[i] for i in palette)
        palette = []
    chosen = set(kept + palette)
    for i in indices:
        if i in chosen:
            continue
        if sizes[i] > room:
            break  # keep the order: no later, shorter key jumps ahead
        chosen.add(i)
        room -= sizes[i]
    shown = [i for i in indices if i in chosen]
    while kept and sum(sizes[i] for i in shown) > width:  # a very narrow terminal
        shown.remove(kept.pop(0))
    return [entries[i] for i in shown]


def _take_over(shown: FooterKey, entry: FooterEntry) -> None:
    """Make the key on screen show `entry`."""
    if (shown.key, shown.key_display, shown.description, shown.action,
            footer_key_disabled(shown), shown.tooltip) == (
            entry.key, entry.display, entry.description, entry.action, not entry.enabled,
            entry.tooltip):  # fmt: skip
        return
    shown.key, shown.key_display = entry.key, entry.display
    shown.description, shown.action = entry.description, entry.action
    set_footer_key_disabled(shown, not entry.enabled)
    shown.tooltip = entry.tooltip
    shown.refresh(layout=True)


def _width(entry: FooterEntry) -> int:
    """Cells a compact footer key takes, margin included."""
    text = entry.display + (f" {entry.description}" if entry.description else "")
    return cell_len(text) + 1  # margin-right: 1 (the docked palette key: its left border)
