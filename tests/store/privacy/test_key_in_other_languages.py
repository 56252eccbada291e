"""The word `key` in another language beside a random value on its line (`nova chave X`, `neuer
Schlüssel: X`, `новый ключ X`) says what `key` says in English: the random value goes. A key's
word beside words or a name (`a chave primária`, `der Schlüssel liegt im Tresor`) stays."""

from __future__ import annotations

import pytest

from store.privacy import clean_text
from tests.privacy_eval import random_secret

VALUE = random_secret("key-words", 36)


@pytest.mark.parametrize("head", [
    "consegui uma nova chave",
    "ecco la nuova chiave:",
    "hier ist der neue Schlüssel",
    "вот новый ключ",
    "wygenerowałem nowy klucz",
    "de nieuwe sleutel is",
    "här är nyckeln",
    "uusi avain",
    "yeni anahtar",
    "az új kulcs",
    "noua cheie este",
    "nový klíč",
    "voici la nouvelle clé",
])  # fmt: skip
def test_a_random_value_beside_a_key_word_goes(head):
    line = head + " " + VALUE + " funcionou?"
    assert clean_text(line) == head + " [REDACTED:high_entropy] funcionou?"


@pytest.mark.parametrize("line", [
    "a chave primária da tabela é id_usuario",
    "der Schlüssel liegt im Tresor neben dem Handbuch",
    "ключ находится в файле config/settings.yaml",
    "la clé étrangère pointe vers customers.customer_id",
    "a chave do objeto é src/components/UserProfileCard.tsx",
])  # fmt: skip
def test_key_words_beside_words_and_names_are_kept(line):
    assert clean_text(line) == line
