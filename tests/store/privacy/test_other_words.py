"""A literal's places that begin another word (anchors.OTHER_WORDS) are left out for every finder:
the `auth` of a git log's `Author:` lines, read by no finder to a secret."""

from store.privacy import Look, find_secrets

LOG = (
    "commit 5d41402abc4b2a76b9719d911017c592\nAuthor: Jane Roe <jane@example.com>\n"
    "Date:   Sun Nov 29 18:41:31 2026 +0000\n\n    The authors' list\n"
)


def test_the_auth_of_author_is_no_place_of_auth_and_other_words_keep_theirs():
    text = "Author: a\nauthors: b\nAuthorization: Basic x\nauthored\nauth=x\nmasterauth y\n"
    places = Look(text * 3000).anchors.at("auth")  # past the one pass's threshold: both paths
    kept = {(text * 3000)[p:p + 7].lower() for p in places}
    assert kept == {"authori", "authore", "auth=x\n", "auth y\n"}
    small = Look(text).anchors.at("auth")
    assert [text[p:p + 7].lower() for p in small] == ["authori", "authore", "auth=x\n", "auth y\n"]


def test_a_git_log_keeps_its_authors_and_still_loses_a_secret_said_in_a_message():
    assert find_secrets(LOG * 50) == []
    secret = LOG + "    auth=Xk3pQz9wLmPq2 was pasted by the author\n"
    spans = find_secrets(secret)
    assert [secret[s:e] for _k, s, e in spans] == ["Xk3pQz9wLmPq2"]


def test_the_insert_of_insertions_is_no_place_of_insert_and_a_literal_of_other_words_still_stands():
    text = " 2 files changed, 3 insertions(+), 1 deletion(-)\nINSERT INTO users VALUES (1, 'x')\ninserted\n"
    places = Look(text * 3000).anchors.at("insert")
    assert {(text * 3000)[p:p + 7].lower() for p in places} == {"insert ", "inserte"}
    assert [text[p:p + 7].lower() for p in Look(text).anchors.at("insert")] == ["insert ", "inserte"]
    # where only the other words stand, the literal is still present, as a `find` says (no place read)
    only = "Author: Jane Roe\n 1 file changed, 2 insertions(+)\n" * 3000
    anchors = Look(only).anchors
    assert {"auth", "insert"} <= anchors.present
    assert anchors.at("auth") == [] and anchors.at("insert") == []
