"""SHA-256 digests, from the builtin module: hashlib would load OpenSSL (~2 ms of a hook's start-up)."""

from __future__ import annotations

try:
    from _sha256 import sha256  # Python 3.11
except ImportError:  # pragma: no cover - other versions
    try:
        from _sha2 import sha256  # Python 3.12+
    except ImportError:
        from hashlib import sha256


def text_digest(text: str) -> str:
    """The hex SHA-256 of `text` (UTF-8; lone surrogates kept as they are)."""
    return sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def fields_digest(*fields: object) -> str:
    """The hex SHA-256 of several fields that cannot confuse ("ab", "c") with ("a", "bc")."""
    h = sha256()
    for field in fields:
        data = ("" if field is None else str(field)).encode("utf-8", "surrogatepass")
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()
