"""A value a program names a `token` or a `key` whose role the same text shows is an object's id:
the same value stands elsewhere in the text as a URL's path segment after a word that names what
it is (`/sheets/<v>`, `/d/<v>/edit`) or as the value of a URL's query whose name is no
credential's (`?doc=<v>`).  A value that stands anywhere in a credential's place (an
Authorization header, a `?access_token=` query, a URL's password) stays a secret wherever else
it stands, and so does one after a version or a credential's word in a path (`/v2/<key>`)."""

from __future__ import annotations

from tests.privacy_eval import gen
from tests.store.privacy import kept, redacted


def _v(seed):
    return gen("roles-" + seed, 26)


def test_a_token_that_is_also_a_documents_path_segment_is_kept():
    v = _v("sheet")
    text = ('{\n  "ok": true,\n  "data": {\n    "sheet": {\n      "sheet_token": "' + v + '",\n'
            '      "name": "Quarter plan",\n      "url": "https://team7.docs.example.net/sheets/' + v + '"\n'
            "    }\n  }\n}")
    kept(text)


def test_a_key_that_is_also_a_documents_id_in_an_edit_url_is_kept():
    v = _v("doc")
    kept("DOC_KEY=" + v + "\nopen https://office.example.org/document/d/" + v + "/edit#heading=h.1\n")


def test_a_token_that_is_also_a_query_id_is_kept():
    v = _v("query")
    kept('"board_token": "' + v + '"\nsee https://boards.example.com/view?board=' + v + "&tab=2\n")


def test_a_token_also_sent_in_an_authorization_header_stays_redacted():
    v = _v("bearer")
    redacted("export FILES_TOKEN=" + v + '\ncurl -H "Authorization: Bearer ' + v + '" '
             "https://api.example.com/files/" + v + "\n", v)


def test_a_token_also_in_an_access_token_query_stays_redacted():
    v = _v("access")
    redacted('"base_token": "' + v + '"\nGET https://api.example.com/v1/items?access_token=' + v
             + "\nsee https://example.com/base/" + v + "\n", v)


def test_a_key_after_a_version_segment_stays_redacted():
    v = _v("version")  # (a node provider's key is its URL's path: `/v2/<key>`)
    redacted("RPC_API_KEY=" + v + "\nRPC_URL=https://chain-main.rpc.example.io/v2/" + v + "\n", v)


def test_a_key_after_a_credentials_word_in_a_path_stays_redacted():
    v = _v("keyword")
    redacted("HOOK_KEY=" + v + "\ncurl https://maker.example.com/trigger/ping/with/key/" + v + "\n", v)


def test_a_token_alone_stays_redacted():
    v = _v("alone")
    redacted('"sheet_token": "' + v + '"\n', v)


def test_a_random_value_of_a_sign_in_urls_query_named_by_no_credential_is_kept():
    flow = gen("roles-flow", 70, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    text = ('{\r\n  "error": true,\r\n  "message": "Authentication expired. Redirected to: '
            "https://login.example.com/v3/signin/identifier?continue=https%3A%2F%2Fnotes.example.com%2F"
            "&dsh=S-4412%3A1700000000123&flowRef=" + flow + "&osid=1&passive=1209600&flowName=WebSignIn"
            '\\nRun \'notes login\' to sign in again."\r\n}')
    kept(text)


def test_a_random_value_of_a_query_named_as_a_credential_stays_redacted():
    run = gen("roles-query-secret", 40)
    for name in ("sig", "code", "apikey", "session", "auth"):
        redacted("Authentication failed: https://login.example.com/cb?state=ok&" + name + "=" + run + "&x=1\n", run)


# A long output holding many URLs (a package index, a log of requests): whether a value is an id is
# told without reading every URL when no value found can stand in one, and the same as above when
# one does, wherever it stands in the text.
def _many_urls(n=400):
    return "".join(f"  {i:04d} https://files.example.org/pkgs/lib-{i}/lib-{i}-1.{i}.tar.gz  (sha256 ok)\n"
                   for i in range(n))


def test_a_token_that_is_also_a_documents_path_segment_far_in_a_long_listing_is_kept():
    v = _v("far-sheet")
    kept(_many_urls() + '"sheet_token": "' + v + '"\n' + _many_urls()
         + "open https://team7.docs.example.net/sheets/" + v + "\n")


def test_a_token_that_is_also_a_query_id_after_a_long_listing_is_kept():
    v = _v("far-query")
    kept('"board_token": "' + v + '"\n' + _many_urls() + "see https://boards.example.com/view?board=" + v + "&tab=2\n")


def test_a_token_alone_among_many_urls_stays_redacted():
    v = _v("far-alone")
    redacted(_many_urls() + '"sheet_token": "' + v + '"\n' + _many_urls(), v)


def test_a_token_among_many_urls_also_sent_in_a_header_stays_redacted():
    v = _v("far-bearer")
    redacted(_many_urls() + "export FILES_TOKEN=" + v + '\ncurl -H "Authorization: Bearer ' + v + '" '
             "https://api.example.com/files/" + v + "\n" + _many_urls(), v)
