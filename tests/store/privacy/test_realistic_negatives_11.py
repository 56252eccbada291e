"""What is never a secret, by class, as realistic tool output carries it (the eleventh dev batch,
tests/privacy_eval/dev_negatives11.py), and the secrets its outputs hid that the filter missed:
each class kept whole, beside the same syntax holding a real secret, which still goes."""

from __future__ import annotations

import base64

from store.privacy import Cleaner, clean_text
from tests.store.privacy.json_text import as_json_text, content

PW = "Zq7#rT" + "m2Lp!"
RANDOM = "q8Vn3KxT7mWz" + "2RbL9cYd4HsP"
CERT = base64.b64encode(bytes(range(7, 250)) * 2).decode()  # base64 of 486 bytes, as a certificate's body is
CERT_LINES = "\n".join(CERT[i:i + 76] for i in range(0, len(CERT), 76))


def _kept(text: str) -> bool:
    line = as_json_text(text)
    return clean_text(text) == text and Cleaner().value(line) == line


def test_a_certificate_signature_or_digest_in_an_xml_signature_is_kept():
    saml = ('<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>\n' + CERT_LINES
            + "\n</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>\n"
            f"<ds:DigestValue>{CERT[:44]}</ds:DigestValue>\n<ds:SignatureValue>{CERT[:344]}</ds:SignatureValue>")
    assert _kept(saml)
    # the same base64 under a name that says secret still goes
    text = f"<ds:X509Certificate>{CERT[:76]}</ds:X509Certificate>\n<clientSecret>{RANDOM}</clientSecret>"
    assert RANDOM not in clean_text(text)


def test_a_certificate_cut_short_hides_nothing_after_it():
    # strace shows a file's first bytes: the certificate has no END line, and the text after it is still read
    trace = ('4821  read(7, "-----BEGIN CERTIFICATE-----\\nMIIH0zCCBbugAwIBAgIIXsO3pkN/pOAwDQYJKoZIhvcNAQEL"..., 4096) = 4096\n'
             f'4822  write(9, "POST /v1/token HTTP/1.1\\r\\nAuthorization: Bearer {RANDOM}\\r\\n\\r\\n", 98) = 98')
    cleaned = clean_text(trace)
    assert RANDOM not in cleaned and "MIIH0zCCBbugAwIBAgIIXsO3pkN" in cleaned


def test_the_string_gdb_shows_after_a_pointer_is_the_value():
    for secret in (PW, RANDOM):
        frame = f'#3  0x000055aa485175d7 in db_connect (host=0x554b6f06e917 "db.internal", password=0x5558b3bab2f7 "{secret}") at src/db.c:41'
        cleaned = clean_text(frame)
        assert secret not in cleaned and "password=0x5558b3bab2f7" in cleaned, cleaned


def test_a_paths_double_colon_is_not_a_labels_colon():
    perf = "    12.04%  api      api                 [.] token::verify\n\n$ perf buildid-list"
    assert _kept(perf)
    assert RANDOM not in clean_text(f"token: {RANDOM}")


def test_a_tokens_permissions_and_a_secrets_source_are_not_the_token():
    gha = ("GITHUB_TOKEN Permissions\n  Contents: read\n  Metadata: read\n  IdToken: write\nSecret source: Actions\n"
           "Prepare workflow directory")
    assert _kept(gha)
    for text in ("token type: bearer", "Key algorithm: RSA", "api_token_scope = read"):
        assert clean_text(text) == text, text
    # a value after the secret's own name, or a heading with no pairs below it, is judged as before
    for text in (f"Secret: {PW}", f"GITHUB_TOKEN {RANDOM}\n  Contents: read", f"IdToken: {RANDOM}"):
        assert PW not in clean_text(text) and RANDOM not in clean_text(text), text
    assert PW not in content(Cleaner().value(as_json_text(f"token source: env\ntoken: {PW}")))
