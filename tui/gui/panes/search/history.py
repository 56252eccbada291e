"""The Search box's history: `up` walks back through earlier queries, `down` forward again.

Kept in memory for the app's run only: a query can hold something private, and
private data never reaches disk.
"""

from __future__ import annotations

LIMIT = 100


class QueryHistory:
    """Queries newest last, with a browsing position (None: not browsing, at the typed text)."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.entries: list[str] = []
        self.limit = limit
        self.position: int | None = None
        self.draft = ""  # what was in the box when browsing began

    def add(self, query: str) -> None:
        """Remember `query` as the newest (once; blank ones are not kept) and stop browsing."""
        query = query.strip()
        self.position = None
        if not query:
            return
        if query in self.entries:
            self.entries.remove(query)
        self.entries.append(query)
        del self.entries[: -self.limit]

    def back(self, current: str) -> str | None:
        """The query before the one shown, or None at the oldest."""
        if not self.entries:
            return None
        if self.position is None:
            self.draft = current
            self.position = len(self.entries)
        if self.position == 0:
            return None
        self.position -= 1
        if self.entries[self.position] == current.strip() and self.position > 0:
            self.position -= 1  # the box already shows that one
        return self.entries[self.position]

    def forward(self) -> str | None:
        """The query after the one shown (the draft after the newest), or None when not browsing."""
        if self.position is None:
            return None
        self.position += 1
        if self.position >= len(self.entries):
            self.position = None
            return self.draft
        return self.entries[self.position]

    @property
    def browsing(self) -> bool:
        return self.position is not None
