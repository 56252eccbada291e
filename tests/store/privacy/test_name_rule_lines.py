"""The name rule on long lines of many names: what it reads of a name's line up to the name (its
parentheses, quotes, last `;`, whether the line holds code) is read once for the line as its
names come in order, not again from the line's start at each name."""

from store.privacy import Look, find_secrets
from store.privacy.names import named_values
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


def test_names_after_a_long_first_word_are_linear():
    # a word of thousands of characters starts the line (a blob, a minified line), names follow:
    # a label's and a command line's heads are not read from the line's start at each name
    linear(find_secrets, lambda n: "a" * (25 * n) + " token: x" * n, 2_000)
    linear(find_secrets, lambda n: "a" * (25 * n) + " x token=abc12345" * n, 2_000)


def test_names_after_a_long_run_of_spaces_or_words_are_linear():
    linear(find_secrets, lambda n: " " * (25 * n) + "token: x " * n, 2_000)
    linear(find_secrets, lambda n: "w " * (12 * n) + "token=ab12cd34 " * n, 2_000)


def test_a_header_after_a_long_run_of_spaces_is_linear():
    # the spaces between two labels were split between two parts of the pattern in every way
    linear(find_secrets, lambda n: "curl -H" + " " * (25 * n) + "X-Api-Key: abc " * n, 400)


def test_a_command_line_and_a_label_are_still_read_on_a_line_of_several_names():
    assert found(f"docker run -e A=1 -e POSTGRES_PASSWORD={PASSWORD} postgres") == [PASSWORD]
    assert found(f"SSID: Office5G  Password: {PASSWORD}") == [PASSWORD]
    assert found(f"  - password: {PASSWORD}") == [PASSWORD]


def name_rule(text):
    """The spans the name rule alone finds in `text`."""
    look = Look(text)
    named_values(look.text, look.low, look.hits, look.found)
    return look.found


def test_one_helm_set_line_of_many_pairs_is_linear():
    # Helm's `--set a=1,b=2,…`: a name is set to a literal where 20 pairs or fewer stand between
    # it and the flag (`Sunshine` is a literal there, a name of code elsewhere); where each
    # `--set` leaves its pairs is read once for the line, not from its start at each name
    head = "helm upgrade app ./chart --set "
    assert linear(name_rule, lambda n: head + "a=1,token=abc12345," * n, 16_000)
    text = head + "a=1,token=Sunshine," * 25
    assert [text[s:e] for s, _priority, e, _kind in name_rule(text)] == ["Sunshine"] * 10
    text = head + "a=1,token=Sunshine," * 9 + "x=2 " + head + "a=1,token=Sunshine," * 5
    assert len(name_rule(text)) == 14
