"""The name rule on long lines of many names: what it reads of a name's line up to the name (its
parentheses, quotes, last `;`, whether the line holds code) is read once for the line as its
names come in order, not again from the line's start at each name."""

from store.privacy import find_secrets
from tests.store.test_privacy import linear

PASSWORD = "Gx7kP2mQ9z"


def found(text):
    return [text[s:e] for _kind, s, e in find_secrets(text)]


def test_one_line_of_many_header_values_is_linear():
    # an idempotency key is a request's id, not a credential: kept, each of thousands on one line
    unit = "Idempotency-Key: 0123456789abcdef0123456789abcdef "
    assert linear(find_secrets, lambda n: unit * n, 6_000) == []


def test_one_line_of_many_logfmt_fields_is_linear():
    unit = "token=ab12cd34 user=x id=3 "
    assert linear(find_secrets, lambda n: unit * n, 16_000) == [("token", 6, 14)]


def test_a_call_after_thousands_of_calls_on_its_line_is_still_code():
    calls = "g(user, token=tok1x); " * 3000
    assert found(calls + f"f(user, secret={PASSWORD})") == []
    # ... and a connection string inside a call's string is still a literal
    assert found(calls + f'Conn("Server=db;Password={PASSWORD}")') == [PASSWORD]


def test_a_declaration_after_thousands_of_statements_on_its_line():
    statements = "x = g(1); " * 3000
    assert found(statements + f"let token=abc123d; secret={PASSWORD}") == [PASSWORD]


def test_a_label_on_the_line_after_a_long_line_of_labels():
    labels = "Idempotency-Key: 0123456789abcdef0123456789abcdef " * 3000
    assert found(f"{labels}\nPassword: {PASSWORD}") == [PASSWORD]
    assert found(f"{labels}\nwifi password: Sunshine") == ["Sunshine"]
