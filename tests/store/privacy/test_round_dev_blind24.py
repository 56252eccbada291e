"""Classes the twenty-fourth blind part (tests/privacy_eval/dev_blind24.py) showed, each written here
with values of our own and in other languages or tools than the part's; beside each, what stays."""

from __future__ import annotations

from store.privacy import clean_text


def _gone(text, value):
    out = clean_text(text)
    assert value not in out, out
    return out


def _kept(text, value):
    out = clean_text(text)
    assert value in out, out
    return out


def test_secret_words_in_more_languages_and_english_words_in_the_scripts_of_india():
    value = "Qm7vTz2LwX9pNc4RbK8sHd3F"
    for text in (f"ఈ టోకెన్ ఉపయోగించి API పిలవండి: {value}",  # Telugu's `token`
                 f"यह सीक्रेट इस्तेमाल करो: {value}",  # Hindi's `secret`
                 f"- ସର୍ଭର ପାସୱାର୍ଡ: {value}",  # Odia's `password`
                 f"Jen la nova API-ŝlosilo: {value}",  # Esperanto
                 f"Kọ́kọ́rọ́ API fún ìdánwò: {value}"):  # Yoruba
        _gone(text, value)


def test_those_words_without_a_value_stay():
    _kept("ਟੋਕਨ ਨੂੰ .env ਵਿੱਚ ਰੱਖਿਆ ਹੈ: GITHUB_TOKEN", "GITHUB_TOKEN")
    sha = "9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9f8a7b6c5d4e3f2a1b0c9d8e"
    _kept(f"इस टोकन का sha256 hash: {sha}", sha)
    _kept("La API-ŝlosilo troviĝas en la trezorejo, ne en la kodo.", "trezorejo")
