"""A secret word of prose in any language, then a few words of that sentence (a qualifier, an
adverb, a connector of its own: `mật khẩu wifi bây giờ là X`, `hasło do serwera teraz X`), then
the value: the first token within reach of a random string's or a person's password's shape is
taken, whatever the words before it; a sentence with no such token keeps all its words."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "Lark" + "!" + "Stone" + "48"
RND = "qT7" + "vKp2Lx9" + "WmZ4rNc8" + "Hs"
DOTTED = "heron" + "." + "Gable" + "57"


@pytest.mark.parametrize("sentence", [
    "anh ơi mật khẩu wifi văn phòng bây giờ là {} nhé",
    "รหัสผ่านของ mysql บน staging คือ {} ครับ",
    "hasło do serwera pocztowego teraz {} pamiętaj",
    "ο κωδικός του router είναι {} και ο χρήστης admin",
    "nenosiri la router sasa ni {} asante",
    "passwordnya untuk server baru {} ya",
    "رمز عبور سرور {} است",
    "пароль от роутера теперь {} не забудь",
])  # fmt: skip
@pytest.mark.parametrize("value", [PW, RND, DOTTED])
def test_the_value_a_few_words_after_a_secret_word(sentence, value):
    text = sentence.format(value)
    assert value not in clean_text(text)


@pytest.mark.parametrize("sentence", [
    "the vpn password is {}, thanks",
    "veritabanı şifresi {} olarak ayarlandı",
    "Wi-Fi şifresi {} ama bağlanmıyor",
])  # fmt: skip
def test_a_person_s_dotted_password_in_a_sentence(sentence):
    text = sentence.format(DOTTED)
    assert DOTTED not in clean_text(text)


@pytest.mark.parametrize("text", [
    "mật khẩu wifi văn phòng nằm trong vault, đừng ghi vào code",
    "hasło do serwera jest w pliku .env (DB_PASSWORD) i w app_config_v2",
    "şifre en az 8 karakter olmalı ve v2.3.1 sürümünden sonra değişti",
    "ο κωδικός πρέπει να έχει 12 χαρακτήρες",
    "passwordnya ambil dari ${DB_PASSWORD} saja",
    "รหัสผ่านของ redis เก็บใน secret redis-auth ใน namespace prod",
    "пароль теперь берётся из os.environ и settings.DATABASES",
])  # fmt: skip
def test_a_sentence_with_no_such_value_is_kept(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("sentence", [
    "hava durumu API anahtarı {} olarak tanımlı",
    "کلید API نقشه {} است",
    "klucz API do map: {} działa",
    "מפתח API של המפות הוא {} תודה",
])  # fmt: skip
def test_the_word_for_a_key_beside_api_labels_its_value(sentence):
    text = sentence.format(RND)
    assert RND not in clean_text(text)
