"""Finders that read a long text at the places of their literal (`join` of a join command's
address, `-----begin` of a private key), where each read the whole text again: the same spans in a
long text (read by places) as in a short one; and a Redis ACL rule's, whose head is searched for."""

from __future__ import annotations

import pytest

from store.privacy import find_secrets
from store.privacy.anchors import ONE_PASS_FROM

PW = "Heron" + "%Gable73"
HEX32 = "7c1f" + "0a9e5b3d" * 2 + "4e62d8a1c9f0"
PAD = "a line of plain output, nothing in it\n" * (ONE_PASS_FROM // 38 + 10)


def _spans_in_long(text):
    """The spans of `text` after PAD (a text long enough for the one pass), moved back to its start."""
    return [(kind, s - len(PAD), e - len(PAD)) for kind, s, e in find_secrets(PAD + text)]


@pytest.mark.parametrize("text", [
    f"redis ACL: user worker on >{PW} ~jobs:* +@list",
    f'ACL LIST says "user deploy on #abc >{PW} ~* +@all"',
    # a head inside the words after another's (`user on user ...`), a longer word before `user`
    f"user a on user b off >{PW} ~*\nsuperuser c on >{PW}\n",
    # the head is written in lower case: an upper-case USER is no rule's head
    f"USER ops on >{PW} ~*\nuser ops on >{PW} ~*\n",
    f"run: sudo microk8s join 10.4.0.12:25000/{HEX32}/a1b2c3d4e5f6 --worker",
    f"JOIN 10.4.0.12:25000/{HEX32} and then join 10.4.0.13:25000/{HEX32}",
    "deploy key:\n-----BEGIN OPENSSH PRIVATE KEY-----\n" + "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ" * 3
    + "\n-----END OPENSSH PRIVATE KEY-----\n",
])
def test_read_at_places_as_by_a_search(text):
    short = find_secrets(text)
    assert short  # (each holds a value the finder takes)
    assert _spans_in_long(text) == short
