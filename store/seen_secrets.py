"""Secrets seen before: a store's memory of the random values its filter redacted, so that a
later bare copy of one (an `echo` of a key set under its name, a prompt that pastes it) is
redacted too (store/privacy/recurrence.py decides what is carried and where a copy stands).

What is kept is never the value: a keyed hash of it, HMAC-SHA256 under a key of KEY_BYTES random
bytes made for this store, cut to MAC_BYTES, with the value's length (so a text is hashed only
where a piece of a remembered length stands; its top bit says whether the value holds a
character beyond letters, digits, `_` and `-`) and the kind it was redacted as.  Only values random
enough that guessing one from its hash is out of reach are handed here (recurrence.rememberable:
80 bits at the least, never a word-like or short password).  The file is `<database>.seen`,
owner-only (0600, in the owner-only folder; never through a symbolic link):

    MAGIC, the key, then RECORD bytes a value: its hash, its length (2 bytes), its kind (ASCII,
    zero-padded to KIND_BYTES)

It is appended to (one write of whole records: hooks and an import may write at once) and read
again when its size or time changes; at most MAX_VALUES values (later ones are not
remembered).  It stays local: no team sync reads it, and forgetting a memory leaves it (a hash is
no copy of the secret).  Any failure here is a no-op: the text is filtered as without it.

Imports only `os` (a hook imports this on every call); `hashlib` and store.files are loaded
the first time a memory is read or written, which a text with no candidate piece never asks.
"""
from __future__ import annotations

import os

SUFFIX = ".seen"
MAGIC = b"memlane seen v1\n"
KEY_BYTES = 32
MAC_BYTES = 16  # 128 bits: no two values of one store share a hash
KIND_BYTES = 14
RECORD = MAC_BYTES + 2 + KIND_BYTES
HEADER = len(MAGIC) + KEY_BYTES
WIDE = 0x8000  # the length's flag: the value holds a character beyond letters, digits, `_` and `-`
MAX_VALUES = 10_000  # 320 KB; a store meets a few hundred distinct keys


class SeenSecrets:
    """One store's memory (module docstring): `kinds(values)` and `remember(pairs)`, as the
    filter's UserPatterns.seen calls them; `generation` moves when what it knows changed."""

    def __init__(self, db_path: str) -> None:
        self.path = db_path + SUFFIX
        self.generation = 0
        self._forget()

    def __reduce__(self):  # (to an import's worker: the path alone, never what was read)
        return SeenSecrets, (self.path[: -len(SUFFIX)],)

    def _forget(self) -> None:
        self._key = self._inner = self._outer = None
        self._macs: dict = {}
        self._lengths: set = set()
        self._stat = None
        self._parsed = HEADER
        self.wide = False  # a value remembered holds `.`, `+`, `/`, `=` or `~` (its runs are read too)

    def kinds(self, values) -> dict:
        """{value: the kind it was redacted as} of the `values` remembered; {} on any failure."""
        try:
            if not self._load() or not self._macs:
                return {}
            out = {}
            lengths, macs, mac = self._lengths, self._macs, self._mac
            for value in values:
                if len(value) in lengths:
                    kind = macs.get(mac(value))
                    if kind is not None:
                        out[value] = kind
            return out
        except Exception:  # noqa: BLE001 - a memory that fails is none: the filter stands alone
            return {}

    def remember(self, pairs) -> None:
        """Remember each (value, kind) not remembered yet; never raises."""
        try:
            self._remember(pairs)
        except Exception:  # noqa: BLE001 - as kinds()
            pass

    def _remember(self, pairs) -> None:
        if not self._load() and not self._create():
            return
        records = []
        for value, kind in pairs:
            mac = self._mac(value)
            if mac in self._macs:
                continue
            if len(self._macs) >= MAX_VALUES:
                break
            self._macs[mac] = kind
            self._lengths.add(len(value))
            wide = not value.replace("-", "").replace("_", "").isalnum()
            self.wide = self.wide or wide
            word = kind.encode("ascii", "replace") if len(kind) <= KIND_BYTES else b"secret"
            records.append(mac + (len(value) | WIDE * wide).to_bytes(2, "big") + word.ljust(KIND_BYTES, b"\0"))
        if not records:
            return
        self.generation += 1
        from store.files import open_private

        data = b"".join(records)
        fd = open_private(self.path, os.O_WRONLY | os.O_APPEND, "memlane's seen secrets")
        try:
            os.write(fd, data)
            st = os.fstat(fd)
        finally:
            os.close(fd)
        if self._stat is not None and st.st_size == self._stat[1] + len(data):
            self._stat = (st.st_ino, st.st_size, st.st_mtime_ns)  # (our own records: nothing to read back)
            self._parsed = st.st_size

    def _load(self) -> bool:
        """Read the file where it changed since; whether a key is known."""
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            if self._key is not None:
                self._forget()
                self.generation += 1
            return False
        mark = (st.st_ino, st.st_size, st.st_mtime_ns)
        if mark == self._stat:
            return self._key is not None
        from store.files import read_regular

        data = read_regular(self.path, HEADER + MAX_VALUES * RECORD)
        if len(data) < HEADER or not data.startswith(MAGIC):
            self._forget()
            self._stat = mark  # (not ours, or cut short: no memory, and never written to)
            return False
        key = data[len(MAGIC):HEADER]
        if key != self._key:
            self._forget()
            self._keyed(key)
        end = HEADER + (len(data) - HEADER) // RECORD * RECORD  # (a record being written: later)
        before = len(self._macs)
        for at in range(max(self._parsed, HEADER), end, RECORD):
            mac = data[at:at + MAC_BYTES]
            if mac not in self._macs:
                self._macs[mac] = data[at + MAC_BYTES + 2:at + RECORD].rstrip(b"\0").decode("ascii", "replace")
                length = int.from_bytes(data[at + MAC_BYTES:at + MAC_BYTES + 2], "big")
                self._lengths.add(length & ~WIDE)
                self.wide = self.wide or bool(length & WIDE)
        self._parsed = end
        self._stat = mark
        if len(self._macs) != before:
            self.generation += 1
        return True

    def _create(self) -> bool:
        """Make the file with a new key (the first secret remembered); whether it is usable."""
        from store.files import make_private_dir, open_private

        if os.path.lexists(self.path):
            return False  # there, but not ours to read (_load said so): left alone
        make_private_dir(os.path.dirname(self.path) or ".")
        tmp = f"{self.path}.{os.getpid()}.tmp"
        fd = open_private(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, "memlane's seen secrets")
        try:
            os.write(fd, MAGIC + os.urandom(KEY_BYTES))
        finally:
            os.close(fd)
        try:
            os.link(tmp, self.path)  # (made whole or not at all: two first writers keep one key)
        except FileExistsError:
            pass
        finally:
            os.unlink(tmp)
        return self._load()

    def _keyed(self, key: bytes) -> None:
        import hashlib

        self._key = key
        block = key.ljust(64, b"\0")  # HMAC's inner and outer states, made once (RFC 2104)
        self._inner = hashlib.sha256(bytes(b ^ 0x36 for b in block))
        self._outer = hashlib.sha256(bytes(b ^ 0x5C for b in block))

    def _mac(self, value: str) -> bytes:
        """HMAC-SHA256(key, value) cut to MAC_BYTES (0.65 against 1.6 us for hmac.digest)."""
        inner = self._inner.copy()
        inner.update(value.encode("utf-8", "surrogatepass"))
        outer = self._outer.copy()
        outer.update(inner.digest())
        return outer.digest()[:MAC_BYTES]


_LOADED: dict = {}  # database path -> its memory, kept for a process's life (the hook server's)


def for_store(db_path: str) -> SeenSecrets:
    seen = _LOADED.get(db_path)
    if seen is None:
        seen = _LOADED[db_path] = SeenSecrets(db_path)
    return seen


def forget_loaded() -> None:
    """Drop what this process read (tests: each store its own)."""
    _LOADED.clear()


def remembering(patterns, db_path):
    """The person's patterns (store.config.privacy_patterns) with the store's memory, as one
    store.privacy.UserPatterns: what the hook, `memlane import` and the secrets audit pass;
    `patterns` as they are where there is no database path (a store not on disk)."""
    from store.privacy import UserPatterns

    if not isinstance(db_path, str) or not db_path:
        return patterns
    if type(patterns) is UserPatterns:
        return UserPatterns(patterns.secret, patterns.keep, for_store(db_path))
    return UserPatterns(patterns, (), for_store(db_path))
