"""The filter answers every text: an exception in it drops the hook's whole event (the hook logs
it and stores nothing), so a value of an odd shape must never raise."""
import random

import pytest

from store.privacy import clean_text, find_secrets

# Each raised once: a base64-looking value with a character beyond ASCII (decoding it as base64
# raised ValueError), and a value that opens a bracket after the quote and line break its span
# starts with (the bracket was looked up where the span starts: KeyError).
RAISED = [
    "SharedAccessKey=KklfhlaQKwrcı7q=",
    "AUTH = QDX0F5VGUOVBFS84JR：13EGYP=",
    'MYSQL_PWD = """\n[JjNrRycAEue#7\n"""',
    "api_token = '\n<Qm4xTz81LpWv#2\n'",
]


@pytest.mark.parametrize("text", RAISED)
def test_odd_values_are_answered(text):
    spans = find_secrets(text)
    assert isinstance(spans, list)
    assert isinstance(clean_text(text), str)


def test_non_ascii_base64_value_is_still_redacted():
    # not kept as "base64 of a stand-in" for being undecodable: judged like any other value
    assert "KklfhlaQKwrc" not in clean_text("SharedAccessKey=KklfhlaQKwrcı7q=")


# Pieces the filter's classes read (labels, marks, brackets, quotes, escapes, letters that change
# length when case-folded), spliced into lines of secret shapes at seeded places.
LINES = [
    "DB_PASSWORD={v}", "password: \"{v}\"", "export API_KEY='{v}'", "token = {v}", "\"secret\": \"{v}\"",
    "curl -u admin:{v} https://db.example", "mysql -p{v} -h db", "Authorization: Bearer {v}",
    "SharedAccessKey={v}=", "<password>{v}</password>", "  client_secret: >\n    {v}",
]
PIECES = ["[", "]", "(", ")", "<", ">", "{", "}", "\n", "\\n", "\"\"\"", "'", "`", "=", "==", ":", "：", "ı", "İ",
          "ſ", "K", "…", "$", "$6$", "ENC[", "op://", "env:", "-----BEGIN ", "RFC 7519", "fake", "${", "%", "#",
          "\t", "  ", "pub", "sha256:", "eyJ", "base64 -d", "pass show ", "\u200b", "\ufeff", "\x00"]


def test_spliced_shapes_are_answered():
    rng = random.Random(20261130)
    alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789#+/=_-ıü"
    for _ in range(3000):
        lines = []
        for _ in range(rng.randint(1, 4)):
            value = "".join(rng.choice(alphabet) for _ in range(rng.randint(4, 40)))
            line = rng.choice(LINES).format(v=value)
            for _ in range(rng.randint(1, 3)):
                at = rng.randint(0, len(line))
                line = line[:at] + rng.choice(PIECES) + line[at:]
            lines.append(line)
        text = "\n".join(lines)
        try:
            find_secrets(text)
        except Exception as exc:  # pragma: no cover - the message names the text that raised
            pytest.fail(f"find_secrets raised {type(exc).__name__} on {text!r}")
