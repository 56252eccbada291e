import hashlib

from store.digest import fields_digest, text_digest
from store.writing import tombstones


def test_fields_digest_keeps_field_boundaries():
    assert fields_digest("ab", "c") != fields_digest("a", "bc")
    assert fields_digest("x", "y") == fields_digest("x", "y")
    assert fields_digest(None, 1) == fields_digest("", "1")


def test_digests_are_sha256_as_stored_before():
    # Tombstones and content hashes are kept in databases: the hash may never change.
    expected = hashlib.sha256()
    for part in ("m", "session", "value \ud800"):
        data = part.encode("utf-8", "surrogatepass")
        expected.update(len(data).to_bytes(8, "big") + data)
    assert tombstones.key("m", "session", "value \ud800") == expected.hexdigest()[:40]
    assert text_digest("/tmp/ü.db") == hashlib.sha256("/tmp/ü.db".encode()).hexdigest()
