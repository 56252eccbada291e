"""Which rows of the Cleanup pane are marked, without holding 100k ids per mark.

Marks are a set of ids, plus, after "mark all", the whole current filter
minus the ids unmarked since.  Plain state: no widgets, no database.
"""

from __future__ import annotations


class Marks:
    """Marked memory ids, relative to the current filter's ids (`in_filter`)."""

    def __init__(self) -> None:
        self.marked: set[int] = set()
        self.all_marked = False  # every id of the current filter, except `unmarked`
        self.unmarked: set[int] = set()
        self.in_filter: frozenset[int] = frozenset()

    def is_marked(self, memory_id: int) -> bool:
        if memory_id in self.marked:
            return True
        return self.all_marked and memory_id in self.in_filter and memory_id not in self.unmarked

    @property
    def count(self) -> int:
        if not self.all_marked:
            return len(self.marked)
        return len(self.in_filter) - len(self.unmarked) + len(self.marked - self.in_filter)

    def __bool__(self) -> bool:
        return self.count > 0

    def toggle(self, memory_id: int) -> None:
        if self.is_marked(memory_id):
            self.marked.discard(memory_id)
            if self.all_marked and memory_id in self.in_filter:
                self.unmarked.add(memory_id)
        elif self.all_marked and memory_id in self.unmarked:
            self.unmarked.discard(memory_id)
        else:
            self.marked.add(memory_id)

    def toggle_all(self) -> None:
        """Mark the whole filter, or, when it is all marked already, unmark it."""
        everything = self.all_marked and not self.unmarked
        self.all_marked = not everything
        self.unmarked.clear()
        if everything:
            self.marked -= self.in_filter

    def forget_filter(self) -> None:
        """The filter changed: "all of it" no longer means anything; single marks stay."""
        self.all_marked = False
        self.unmarked.clear()

    def clear(self) -> None:
        self.marked.clear()
        self.forget_filter()

    @property
    def is_whole_filter(self) -> bool:
        """Exactly the current filter is marked (so a forget can re-select it fresh)."""
        return self.all_marked and not self.unmarked and not (self.marked - self.in_filter)

    def ids(self) -> list[int]:
        chosen = set(self.marked)
        if self.all_marked:
            chosen |= self.in_filter - self.unmarked
        return sorted(chosen)
