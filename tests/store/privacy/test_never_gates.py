"""The cheap gates in front of never.py's costlier classes (store/privacy/never.py): each says "this
class cannot hold" only where the class's own test says so too.  The gates are read from the
characters around a span (the one before it, the one at it, the end of the 40 before it), so each
is checked here on texts built to sit at its edges: a gate that ruled out one span its class
holds for would redact what is never a secret."""

import random

from store.privacy import never

_STRIP = " \t\"'\\"


def _end(text: str, s: int) -> str:
    """What never_secret passes as `end`: the 40 characters before `s`, lowercased, less the
    quotes, spaces and backslashes that end them."""
    return text[s - 40 if s > 40 else 0:s].lower().rstrip(_STRIP)


def _texts(parts, n, seed, most=14):
    rng = random.Random(seed)
    for _ in range(n):
        yield "".join(rng.choice(parts) for _ in range(rng.randint(1, most)))


def test_a_crypt_hash_runs_into_its_span_with_no_space_or_quote():
    parts = ["$2b$12$", "$argon2id$v=19$", "$6$", "pbkdf2_sha256$600000$", "bcrypt$", "scrypt$", "$y$", "abcdEFGH",
             "12345678", "/x.y", " ", "\t", "\n", "\"", "'", "`", "=", ":", "(", "p", "a", "$"]
    held = ruled_out = 0
    for text in _texts(parts, 12_000, 1):
        for s in range(len(text)):
            for e in (s + 1, min(len(text), s + 9), len(text)):
                last = text[s - 1] if s else ""
                gate = (last and not last.isspace() and last not in "\"'`") or text[s] in "$pabs"
                if not gate:
                    ruled_out += 1
                if never._crypt_hash(text, s, e):
                    held += 1
                    assert gate, (text, s, e)
    assert held > 1_000 and ruled_out > 10_000


def test_a_sealed_value_starts_its_word_starts_at_the_span_or_ends_before_it():
    parts = ["{SSHA}", "{CRYPT}", "{PBKDF2-SHA512}", "{cipher}", "{PLAIN}", "ENC[PKCS7,", "ENC[AES256_GCM,", "ENC(",
             "ENC", "abc=", "x", " ", "  ", "\t", "\n", "\"", "'", "=", ":", ",", "}", "(", "]", "\\", "E", "{"]
    held = ruled_out = 0
    for text in _texts(parts, 12_000, 2):
        for s in range(1, len(text)):
            last = text[s - 1]
            gate = last not in never._WORD_ENDS or text[s] in "{E" or \
                (last != "\n" and last and _end(text, s)[-1:] in ("}", ",", "("))
            if not gate:
                ruled_out += 1
            if never._sealed(text, s):
                held += 1
                assert gate, (text, s)
    assert held > 1_000 and ruled_out > 5_000


def test_a_name_before_a_value_stands_where_what_precedes_it_ends_in_a_separator():
    """The classes of _never_in_tool_output that read a label: a ciphertext's name (after a run of
    the value's characters), an idempotency key's, a token's and a digest's (after the value's
    own escapes `\\t`, `\\n`) stand where `end` may end in a label's separator."""
    parts = ["ciphertext", "CiphertextBlob", "Idempotency-Key", "sha256", "Hash (md5)", ":", "=", ": ", "\"", "'",
             "\\\"", "\\t", "\\n", "\\", " ", "\t", "\n", "v1:", "ab+/", "x" * 30, "_", "-", ".", "é", "İ"]
    held_name = held_cipher = ruled_out = 0
    for text in _texts(parts, 12_000, 3, most=10):
        for s in range(len(text) + 1):
            end = _end(text, s)
            labelled = end[-1:] in (":", "=") or len(end) < 2 or (end[-2] == "\\" and end[-1] in "tn")
            last = text[s - 1] if s else ""
            if not labelled:
                ruled_out += 1
            if never._under_a_ciphertext_name(text, s):
                held_cipher += 1
                assert labelled or last in never._CIPHERTEXT_RUN, (text, s)
            tail = text[s - 60 if s > 60 else 0:s].rstrip(_STRIP)  # (as _never_in_tool_output reads it)
            while tail.endswith(("\\t", "\\n")):
                tail = tail[:-2].rstrip(_STRIP)
            if tail.endswith((":", "=")):
                held_name += 1
                assert labelled, (text, s)
    assert held_cipher > 500 and held_name > 10_000 and ruled_out > 10_000


def test_a_structural_id_that_starts_at_its_span_starts_with_an_ids_head():
    """Where never_secret asks (a `_` in the value or right beside it), the head read from the
    value decides as the run of id characters around it does."""
    rng = random.Random(4)
    heads = ["toolu_", "srvtoolu_", "msg_", "req_", "cs_test_", "pi_live_", "evt_", "price_", "po_", "ghp_", "sk_",
             "toolu", "x_", "_", ""]
    held = 0
    for _ in range(20_000):
        body = "".join(rng.choice("AbZ09x" if rng.random() < 0.97 else "_") for _ in range(rng.randint(0, 30)))
        pre = rng.choice(["", " ", "\"", "=", "a", "_", "-", "\n"])
        text = pre + rng.choice(heads) + body + rng.choice(["", " ", "\"", "_", "x"])
        s = len(pre) + rng.choice([0, 0, 1, 3])
        e = rng.randint(s + 1, len(text)) if s < len(text) else s
        if s >= len(text):
            continue
        last = text[s - 1] if s else ""
        value = text[s:e].strip().strip("\"'`")
        if not value or not ("_" in value or last == "_" or text[e:e + 1] == "_"):
            continue
        run_s, run_e = never._id_run(text, s, e)
        whole = never.compiled("never-id", never.STRUCTURAL_ID).fullmatch(text, run_s, run_e) is not None \
            and "_secret_" not in text[run_s:run_e]
        if whole:
            held += 1
        assert never._structural_id(text, s, e, value, last) == whole, (text, s, e)
    assert held > 1_000


def test_a_psql_variable_has_its_colon_right_before_its_quote():
    parts = [":'", ":\"", "'", "\"", ":", " ", "(", "=", ",", "pw", "name", "x"]
    held = 0
    for text in _texts(parts, 8_000, 5):
        for s in range(1, len(text)):
            last = text[s - 1]
            gate = (last == ":" and text[s] in "'\"") or ((last == "'" or last == '"') and text[s - 2:s - 1] == ":")
            if never._psql_variable(text, s):
                held += 1
                assert gate, (text, s)
    assert held > 1_000


def test_the_words_a_label_ends_in_are_looked_up_by_their_last_letters():
    rng = random.Random(6)
    words = list(never._LABEL_ENDINGS) + list(never._ID_LABEL_ENDINGS) + ["password", "token", "ke", "y", "n", "x5"]
    for _ in range(5_000):
        name = "".join(rng.choice(words + ["_", "-", "\"", "a"]) for _ in range(rng.randint(1, 4)))
        if name.endswith(never._LABEL_ENDINGS):
            assert name[-3:] in never._LABEL_TAILS or name[-2:] in never._LABEL_TAILS, name
        if name.endswith(never._ID_LABEL_ENDINGS):
            assert name[-2:] in never._ID_LABEL_TAILS, name


def test_a_name_that_says_digest_holds_one_of_its_words():
    rng = random.Random(7)
    words = sorted(never._DIGEST_WORDS) + ["Code", "Sha", "SHA", "256", "Go", "Mod", "Sum", "key", "secret", "x"]
    said = 0
    for _ in range(5_000):
        name = "".join(rng.choice(words + ["_", "-", ".", "/"]) for _ in range(rng.randint(1, 4)))
        if never._names_a_digest(name):
            said += 1
            assert never._may_name_a_digest(name.lower()), name
    assert said > 1_000


def test_a_sealed_word_is_read_from_its_own_start_not_the_texts():
    """A scheme at the text's start seals only the word it starts: a value more than 200
    characters into a run with no break is not read as that word's (it was: the word's start
    was taken as the text's)."""
    value = "Zx9Qw3Er7Ty1Ui5Op8As2Df6Gh4Jk0Lz"
    near = "{SSHA}" + "a;" * 50 + value
    far = "{SSHA}" + "a;" * 130 + value
    assert never._sealed(near, near.index(value))
    assert not never._sealed(far, far.index(value))
    assert never._sealed("{SSHA}" + value, 6)


def test_a_value_read_once_is_judged_by_its_place_at_each_place():
    """never_secret reads a value once (its shape kept for every place it stands at): the same
    value is a psql variable after `:'`, a secret in an assignment; a word repeating its user's
    name is a default where its name stands, a password elsewhere."""
    never.VALUE_MEMOS[-1].clear()
    psql = "\\set x 1\nALTER ROLE app PASSWORD :'dbpass';"
    plain = "ALTER ROLE app PASSWORD 'dbpass';"
    assert never.never_secret(psql, psql.index("dbpass") - 1, psql.index("dbpass") + 7, "password")
    assert not never.never_secret(plain, plain.index("dbpass") - 1, plain.index("dbpass") + 7, "password")
    default, other = "POSTGRES_PASSWORD: postgres", "DB_PASSWORD: postgresql"
    assert never.never_secret(default, default.index(": ") + 2, len(default), "password")
    assert not never.never_secret(other, other.index(": ") + 2, len(other), "password")


def test_a_value_after_an_escaped_line_break_is_read_without_the_escapes_letter():
    """A value found with the letter of an escaped line break before it (`\\nMEUCIQ…`): its classes
    of tool output are the value's after that letter (an ECDSA signature, a secret's resource
    name), not those of the value as found, which starts with `n` (nor of the same value where
    no backslash stands before it)."""
    signature = "MEUCIQ" + "Ab3dE6gH" * 8
    resource = "secrets/Xq9kLm2Pz8w"  # (`nsecrets/…` is no resource name: `n` + `projects/…` would be one)
    for value in (signature, resource):
        never.VALUE_MEMOS[-1].clear()
        text = '{"out": "sig:\\n' + value + '\\n"}'
        s = text.index(value) - 1  # (the `n` of `\n`)
        assert never.never_secret(text, s, s + 1 + len(value), "password"), value
        plain = "sig: n" + value
        assert not never.never_secret(plain, plain.index("n" + value), len(plain), "password"), value


def test_the_classes_a_value_is_of_by_its_marks_hold_one_of_them():
    """_value_shape tries the classes of _by_its_marks only where the value holds one of
    _VALUE_MARKS: each of them holds where its shape holds one, none where it holds none."""
    parts = ["1.2.3", "^9", "~>4", ">=2", "v1", "!vault", "!Ref", "./pw.txt", "exports/2026/r.json", "os.env.X",
             "Get-Credential", "db-password", "db_pw", "API_KEY_V2", "2026-03-14", "T10:22:31Z", "CVE-2022-23529",
             "GHSA-", "RUSTSEC-2021-1", "id=db,src=db.txt", "file://s.json", "db:/etc/app/pw", "me@example.com",
             "abc", "Xy7", "12", "Q", "#", "é", " ", "-", ".", "_", "/", "=", ":", "@", "~", "^", "!"]
    rx = never.compiled("never-value-marks", never._VALUE_MARKS)
    held = without = 0
    for value in _texts(parts, 40_000, 8, most=4):
        value = value.strip()
        if not value:
            continue
        if rx.search(value) is None:
            without += 1
        if never._by_its_marks(value, value[0]):
            held += 1
            assert rx.search(value) is not None, value
    for value in ("2026-03-14", "1.2.3", "^9", "!vault", "./pw.txt", "Get-Credential", "db-password", "CVE-2022-23529",
                  "id=db,src=db.txt", "file://s.json", "db:/etc/app/pw", "me@example.com"):
        assert never._by_its_marks(value, value[0]), value
    assert held > 2_000 and without > 2_000


def test_the_hints_of_a_stand_in_are_found_from_their_pivots_where_they_stand():
    """The words of _PLACEHOLDER_HINT_WORDS, each looked for from a pivot letter it holds, are found
    wherever the plain alternation of the words and marks finds one, and nowhere else."""
    assert all(word.isalpha() and word.islower() for word in never._PLACEHOLDER_HINT_WORDS)
    plain = never.compiled("test-plain-hints", "|".join(never._PLACEHOLDER_HINT_WORDS) + "|" + never._PLACEHOLDER_HINT_MARKS)
    pivoted = never.compiled("never-hint-pivots", never._hints_pattern())
    parts = list(never._PLACEHOLDER_HINT_WORDS) + list("yourheachngplitdsfkxmb<[*.\u2022") + ["**", "..", "\u2022" * 3, "9", "_"]
    found = 0
    for text in _texts(parts, 60_000, 10, most=6):
        for value in (text, text[1:], text[:-1], text[2:-2]):
            hit = plain.search(value) is not None
            found += hit
            assert (pivoted.search(value) is not None) == hit, value
    assert 20_000 < found < 220_000
