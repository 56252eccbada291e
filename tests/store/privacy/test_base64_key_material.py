"""Key material wrapped in base64, where no PEM line shows: the base64 of a whole PEM private key
(a TLS key in a certificate store's JSON, a key in a Kubernetes secret), whatever the key's type,
and the base64 of a DER private key or keystore (an ASN.1 sequence that opens with a version
number: PKCS#1, PKCS#8, PKCS#12).  The base64 of a certificate stays: it is public."""

from __future__ import annotations

import base64
import hashlib

import pytest

from store.privacy import clean_text


def _noise(seed: str, n: int) -> bytes:
    out = b""
    while len(out) < n:
        out += hashlib.sha256((seed + str(len(out))).encode()).digest()
    return out[:n]


def _pem_b64(label: str, seed: str) -> str:
    body = base64.b64encode(_noise(seed, 600)).decode()
    pem = f"-----BEGIN {label}-----\n{body}\n-----END {label}-----\n"
    return base64.b64encode(pem.encode()).decode()


@pytest.mark.parametrize("label", ["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY",
                                   "ENCRYPTED PRIVATE KEY"])
def test_a_pem_private_key_in_base64_goes(label):
    value = _pem_b64(label, "kite" + label)
    text = '{\n  "Certificates": [\n    {\n      "domain": {"main": "shop.example.org"},\n      "key": "' + value + '"\n'
    out = clean_text(text)
    assert value[20:80] not in out and value[-40:] not in out


def test_a_pem_certificate_in_base64_is_kept():
    value = _pem_b64("CERTIFICATE", "kite-cert")
    text = '      "certificate": "' + value + '",\n'
    assert clean_text(text) == text


@pytest.mark.parametrize("head", [bytes.fromhex("308204bd020100300d"), bytes.fromhex("30820a0a0201033082"),
                                  bytes.fromhex("308204a40201000282")])
def test_a_der_private_key_or_keystore_in_base64_goes(head):
    value = base64.b64encode(head + _noise(head.hex(), 900)).decode()
    for text in (f"$ echo \"{value}\" | base64 -d > release.p12\n", f"is this right?{value}"):
        out = clean_text(text)
        assert value[30:90] not in out and value[-40:] not in out


def test_a_der_certificate_in_base64_is_kept():
    value = base64.b64encode(bytes.fromhex("308205a130820489a003020102") + _noise("crt", 900)).decode()
    text = f"cert.der (base64): {value}\n"
    assert clean_text(text) == text
