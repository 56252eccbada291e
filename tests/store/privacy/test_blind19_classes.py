"""Classes the nineteenth blind part (tests/privacy_eval/dev_blind19.py) showed, each written here
with values of our own and in other sentences than the part's: the secret-word lexicon in more
Romance languages, a quoted argument of a command's position, a seed phrase on its own line before
prose, a key named for the bearer scheme, a graph database shell's password flag; beside each, what
stays."""

from __future__ import annotations

from store.privacy import clean_text
from tests.store.privacy import removed

PW = "Harbor!62tQwLx"
RANDOM = "Kp7vQ2mZx9RtL4wNc8YbH3sJd6Fa"



def test_a_key_word_in_more_romance_languages_makes_a_random_value_beside_it_a_secret():
    # Catalan / Aragonese `clau`, Friulian `clâf`, Ligurian `ciave`, Sardinian `crae`
    for sentence in (f"La clau del servidor és {RANDOM}, la pots posar al .env?",
                     f"A clau d'o servidor ye {RANDOM}, la puetz meter?",
                     f"La clâf de aplicazion e je {RANDOM}, podistu metile?",
                     f"A ciave do server a l'é {RANDOM}, ti peu mettila?",
                     f"Sa crae de su server est {RANDOM}, la podes ponnere?"):
        removed(sentence, RANDOM)
    # the words they are pieces of say nothing, nor does a key word before a word of prose
    for kept in (f"The clause {RANDOM} is long", f"A clausula ye {RANDOM}", "La clau del servidor és nova."):
        assert clean_text(kept) == kept


def test_an_api_key_and_a_secret_in_more_romance_languages_label_a_password_shaped_value():
    for sentence in (f"Sa crae de s'API est {PW}, la podes ponnere?", f"A ciave de l'API a l'é {PW}.",
                     f"La clau de l'API és {PW}", f"El kod sekreto del servidor es {PW}, ¿puedes?",
                     f"Li scret do sierveu c' est {PW}, vos l' poloz mete?"):
        removed(sentence, PW)
    for kept in ("Sa crae de s'API est in su file de configuratzione.", "Li scret do sierveu c' est nén.",
                 "El kod sekreto es muy largo."):
        assert clean_text(kept) == kept


def test_a_quoted_argument_of_a_position_is_one_argument_whatever_it_holds():
    # net-snmp's createUser NAME AUTHPROTO AUTHPASS PRIVPROTO PRIVPASS: a passphrase with `=` is
    # no option's `name=value` once quoted; the protocol names stay
    out = removed('createUser ops SHA-256 "Slate=41kPwQz" AES "River=73mHxTb"\n', "Slate=41kPwQz")
    assert "River=73mHxTb" not in out and "SHA-256" in out and " AES " in out
    out = removed("createUser ops MD5 'Slate=41kPwQz' DES 'River=73mHxTb'", "River=73mHxTb")
    assert " MD5 " in out and " DES " in out and "Slate=41kPwQz" not in out


def test_a_seed_phrase_on_its_own_line_ends_at_that_line_before_prose_in_lowercase():
    words = "orbit lemon famous cradle tiger noble wagon essay glimpse harbor violin shadow"
    out = removed(f"my wallet seed is:\n{words}\nplease derive the first account and show its balance", words)
    assert "please derive the first account" in out
    grid = "\n".join(" ".join(words.split()[i:i + 4]) for i in (0, 4, 8))
    out = removed(f"mnemonic:\n{grid}\nthat is all", grid)
    assert "that is all" in out
    assert clean_text(f"seed: {words}") == "seed: [REDACTED:seed_phrase]"
    # words of prose after a seed label that make no phrase's count stay
    kept = "the seed is:\nplanted in spring\nand it grows slowly over the summer"
    assert clean_text(kept) == kept


def test_a_key_named_for_the_bearer_scheme_holds_its_token_when_random():
    removed(f"data:\n  base_url: https://api.example.test\n  bearer: {RANDOM}\n", RANDOM)
    removed(f'{{"bearer": "{RANDOM}"}}', RANDOM)
    for kept in ("auth:\n  type: bearer\n  bearer: staging-token-name\n", '"type": "bearer"',
                 "Authorization: Bearer {{token}}"):
        assert clean_text(kept) == kept


def test_a_graph_database_shells_password_flag():
    removed(f"cypher-shell -a bolt://db.test:7687 -u neo4j -p '{PW}' 'RETURN 1'", PW)
    removed(f"cypher-shell -u reader -p {PW} --format plain", PW)
    kept = "cypher-shell -a bolt://db.test:7687 -u neo4j -P 7687 --help"
    assert clean_text(kept) == kept


def test_the_output_of_reading_a_logins_file_goes_whole():
    from store.privacy import redact_output

    # OpenVPN's auth-user-pass file: a user's line, then its password's
    for command in ("sudo cat /etc/openvpn/client/auth.txt", "cat ~/vpn/login.txt", "head -2 /etc/openvpn/auth",
                    "cat vpn/auth.txt 2>&1 | tail -n 20", "cat ~/.config/creds.txt; echo"):
        assert redact_output(command, f"m.rossi\n{PW}\n") == "[REDACTED:secret_output]"
    # a log, code, docs, a word that holds it: kept
    for command in ("cat /var/log/auth.log", "cat src/auth.py", "cat docs/login.md", "cat oauth.txt",
                    "cat notes/author.txt"):
        assert redact_output(command, "m.rossi\nok\n") == "m.rossi\nok\n"


def test_a_password_word_written_with_a_hyphen_labels_prose():
    # Romansh `pled-clav` (its hyphen is the word's, not a name's of code)
    removed(f"Il pled-clav dal server è {PW}, po ti el midar?", PW)
    for kept in ("Il pled-clav è memorisà.", "Il pled-clav è lung avunda."):
        assert clean_text(kept) == kept
