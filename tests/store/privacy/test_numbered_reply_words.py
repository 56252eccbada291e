"""A password given as one item of a numbered reply (store/privacy/answers.py), the reply with a short
line of the person's own words before or after it (`Answers:`, `thanks!`), as people answer
numbered questions; a list of steps, names and versions under a heading stays kept, and a numbered
list inside longer prose is no reply."""

from __future__ import annotations

from tests.store.privacy import kept, redacted

PW = "Lantern42bay!"  # our own value: letters of both cases, digits and a mark


def test_a_password_item_of_a_reply_under_a_heading_or_above_thanks_goes():
    redacted(f"Answers:\n1. yes\n2. {PW}\n3. no", PW)
    redacted(f"1. Skip for now\n2. {PW}\n3. 24 hour\nthanks!", PW)
    redacted(f"my picks\n1) keep it\n2) {PW}\n", PW)


def test_names_in_a_headed_list_or_a_reply_inside_longer_prose_are_kept():
    kept("Here is the plan:\n1. Install deps\n2. Node18.x!\n3. C3PO-Unit")
    kept(f"Answers:\n1. yes\n2. {PW}\n3. no\nand a paragraph of prose after it that runs well past a short line")
    kept("Answers:\n1. yes\n2. 12 hour\n")
