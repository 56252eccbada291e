"""A stored command memory's `$ COMMAND` line is read without its pattern: the same command and
line end as the pattern gives, where it matches and where it does not."""

import random
import re

# The pattern `_stored_command` replaced: a line that starts `$ `, its command, an optional note.
STORED_COMMAND = r"(?m)^\$ (.{1,1000}?)(?:  \([^()\n]*\))?$"


def test_a_stored_command_line_is_read_as_its_pattern_reads_it():
    from store.privacy import _stored_command

    rx = re.compile(STORED_COMMAND)
    parts = ["pass show db", "  (exit 1)", "  ", "(", ")", " (x)", "  (a(b))", "  ()", "x", " ", "\r", "é", "\n"]
    rng = random.Random(12)
    texts = ["$ ", "$ x", "$   (exit 1)", "$ a  (exit 1)", "$ " + "a" * 1000, "$ " + "a" * 1001,
             "$ " + "a" * 1000 + "  (exit 1)", "$ " + "a" * 999 + "  (b)", "$ cat key  (x) y"]
    texts += ["$ " + "".join(rng.choice(parts) for _ in range(rng.randrange(12))) for _ in range(5000)]
    texts += ["$ " + "".join(rng.choice(parts) for _ in range(rng.randrange(12))) + "a" * rng.choice((990, 1000))
              + "".join(rng.choice(parts) for _ in range(3)) for _ in range(300)]
    matched = 0
    for text in texts:
        m = rx.match(text)
        want = (m.group(1), m.end()) if m else (None, None)
        matched += m is not None
        assert _stored_command(text, 0) == want, repr(text)
        other = "out\n" + text
        m = rx.match(other, 4)
        assert _stored_command(other, 4) == ((m.group(1), m.end()) if m else (None, None)), repr(text)
    assert 1000 < matched < len(texts)
