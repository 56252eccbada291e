"""A PIN: its label written as one (PIN, Pin code, Code PIN, ПИН-код, PIN码), a separator or a
connector, then 4-8 digits that end the clause; the pins of code and of hardware are kept."""

from __future__ import annotations

import pytest

from store.privacy import clean_text


@pytest.mark.parametrize(("line", "pin"), [
    ("PIN: 4821", "4821"), ("my PIN is 0937", "0937"), ("PIN-Code: 715604", "715604"), ("Code PIN : 29384", "29384"),
    ("SIM PIN 5512", "5512"), ("the card's PIN is 80417392.", "80417392"), ("ПИН-код: 4821", "4821"),
    ("PIN码：0937", "0937"), ("set PIN 1234 for the door", "1234"),
])  # fmt: skip
def test_a_pin_goes(line, pin):
    assert clean_text(line) == line.replace(pin, "[REDACTED:password]")


@pytest.mark.parametrize("line", [
    "const int ledPin = 13;", "#define BUTTON_PIN 2", "pin: 4", "PIN 13 drives the status LED",
    "the PIN is required for every payment", "PIN codes are 4 to 8 digits", "pinMode(PIN_LED, OUTPUT);",
    "PIN 2048 bits long", "ping 10.0.0.1 -c 4", "spin: 1000",
])  # fmt: skip
def test_pins_of_code_and_hardware_are_kept(line):
    assert clean_text(line) == line
