"""A rule with `near` and `before` (rules.Rule) is tried on a long line only within `before`
characters of each hit of `near`, and only at the hits of `near`: the matches are those of a scan
of the whole text."""

import random


def test_a_rule_tried_before_each_hit_on_long_lines_finds_every_match_a_scan_finds():
    from store import privacy
    from store.privacy.rules import TOKEN_RULES
    from store.privacy.values import compiled

    rules = [(i, rule) for i, rule in enumerate(TOKEN_RULES) if rule.before is not None]
    assert rules
    parts = ["set_password(", "update_access_key (", "change_auth_token\t(", "usepass(", "putsecret(", "with_token(",
             "SetPassword(", "SAVE_PASSWD(", "store_API_KEY(", "uſe_paſſ(", "put_SECRETKEY(", "get(", "print(",
             "x", "(", " ", "\t", '"', "'", "Xk9vQ2mZ", ")", "é", "ſ", "\n", "_", "a" * 30]
    rng = random.Random(17)
    seen = 0
    for n in range(3000):
        text = "".join(rng.choice(parts) for _ in range(rng.randrange(80)))
        if n % 3 == 0:
            text = text.replace("\n", " ") * 8  # a line past WHOLE_LINE_AT_MOST
        look = privacy.Look(text)
        for i, rule in rules:
            got = [m.span() for m in privacy._matches(text, look.low, look.anchors, rule, i)]
            every = [m.span() for m in compiled("r" + str(i), rule.pattern, rule.flags).finditer(text)]
            seen += len(every) > 0 and len(text) > privacy.WHOLE_LINE_AT_MOST
            assert got == every, text
    assert seen > 20  # (long lines that hold matches: the test can fail)
