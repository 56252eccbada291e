"""The footer: keys that do not fit are left out whole, never cut, and a click runs the key's action.

Textual's compact footer cuts the last key mid-word at narrow widths ("q Qu") and
lets the keys scrolled under the docked `^p Commands` show through its last cell
("Commandsl").  Here every key is kept or left out whole: the pane's keys go
first (from the right) so Help and Quit stay longest.  A click runs the action of
the binding shown, instead of pressing the key into whatever has focus (which
typed `/` into the search box).
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from textual.keys import _character_to_key
from textual.widget import Widget
from textual.widgets import Footer, Input
from textual.widgets._footer import FooterKey

# Keys a text box takes as text ("slash", "question_mark", "q", "space", ...).
TYPED_KEYS = frozenset(_character_to_key(chr(code)) for code in range(32, 127))
# Actions the footer drops last: a person must always see how to get help, back and out.
KEPT_ACTIONS = ("quit", "help", "app.quit", "app.help", "dismiss", "back", "app.pop_screen")


class ActionFooterKey(FooterKey):
    """A footer key whose click runs its binding's action where the binding lives."""

    async def on_mouse_down(self) -> None:
        if self._disabled:
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

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("compact", True)
        super().__init__(**kwargs)
        self._fitted_width = -1

    def compose(self):
        if not self._bindings_ready:
            return
        keys = list(self._keys())
        yield from self._fitting(keys, self.size.width or self.app.size.width)
        self._fitted_width = self.size.width

    def on_resize(self) -> None:
        if self.size.width != self._fitted_width and self._bindings_ready:
            self.call_after_refresh(self.recompose)

    def _keys(self) -> Iterable[FooterKey]:
        """One key per shown action, then the command palette's; while a text box has focus,
        no key that would be typed into it (`/ Search` there typed a `/`)."""
        typing = isinstance(self.app.focused, Input)
        by_action: dict[str, tuple] = {}
        for key, (_node, binding, enabled, tooltip) in self.screen.active_bindings.items():
            if not binding.show or (typing and key in TYPED_KEYS):
                continue
            by_action.setdefault(binding.action, (key, binding, enabled, tooltip))
        for key, binding, enabled, tooltip in by_action.values():
            yield ActionFooterKey(key, self.app.get_key_display(binding), binding.description,
                                  binding.action, disabled=not enabled,
                                  tooltip=tooltip).data_bind(compact=Footer.compact)  # fmt: skip
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            found = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _node, binding, enabled, _tooltip = found
                yield ActionFooterKey(binding.key, self.app.get_key_display(binding),
                                      binding.description, binding.action,
                                      classes="-command-palette", disabled=not enabled,
                                      tooltip=binding.tooltip or binding.description)  # fmt: skip

    def _fitting(self, widgets: list[Widget], width: int) -> Iterable[Widget]:
        """The widgets that fit in `width` cells, in their order; KEPT_ACTIONS last to go."""
        if not self.compact or width <= 0:
            return widgets
        sizes = {id(w): _width(w) for w in widgets}
        palette = [w for w in widgets if w.has_class("-command-palette")]
        kept = [w for w in widgets if isinstance(w, FooterKey) and w.action in KEPT_ACTIONS]
        room = width - sum(sizes[id(w)] for w in palette + kept)
        if room < 0:  # not even these fit: the palette key goes first (ctrl+p still works)
            room += sum(sizes[id(w)] for w in palette)
            palette = []
        chosen = set(map(id, kept + palette))
        for widget in widgets:
            if id(widget) in chosen:
                continue
            if sizes[id(widget)] > room:
                break  # keep the order: no later, shorter key jumps ahead
            chosen.add(id(widget))
            room -= sizes[id(widget)]
        shown = [w for w in widgets if id(w) in chosen]
        while kept and sum(sizes[id(w)] for w in shown) > width:  # a very narrow terminal
            shown.remove(kept.pop(0))
        return shown


def _width(widget: Widget) -> int:
    """Cells a compact footer item takes, margin included."""
    if isinstance(widget, FooterKey):
        text = widget.key_display + (f" {widget.description}" if widget.description else "")
        return cell_len(text) + 1  # margin-right: 1 (the docked palette key: its left border)
    return cell_len(str(getattr(widget, "content", "") or "")) + 1
