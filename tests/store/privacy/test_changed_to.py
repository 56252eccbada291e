"""A password changed or set to a value, in many languages: a participle and its preposition, a
Chinese verb of setting, a Korean or Japanese object particle, a verb of changing before the
label; the same sentences without a value keep every word."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "Marmot!2025"


@pytest.mark.parametrize("template", [
    "パスワードを {} に変更しました", "密码改成了{}", "把密码设置成{}", "비밀번호를 {}로 바꿨어요", "Passwort geändert auf {}",
    "le mot de passe a été changé en {}", "hasło zmienione na {}", "wachtwoord veranderd naar {}",
    "the new password should be {}", "password nya {}", "รหัสผ่านใหม่คือ {}",
])  # fmt: skip
def test_the_new_value_goes(template):
    assert clean_text(template.format(PW)) == template.format("[REDACTED:password]")


@pytest.mark.parametrize("line", [
    "パスワードを入力してください", "비밀번호를 입력하세요", "密码改为必填", "j'ai changé le mot de passe en urgence",
    "the password should be at least 12 characters", "Passwort geändert auf Wunsch des Kunden",
])  # fmt: skip
def test_the_sentence_without_a_value_is_kept(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("template", [
    "cambié la contraseña a {}", "mudei a senha para {}", "поменял пароль на {}", "ho cambiato la password in {}",
    "j'ai changé le mot de passe en {}", "غيرت كلمة المرور إلى {}", "パスワード「{}」でログインしてください",
])  # fmt: skip
def test_a_verb_of_changing_before_the_label_makes_its_preposition_lead_to_the_value(template):
    assert clean_text(template.format(PW)) == template.format("[REDACTED:password]")


@pytest.mark.parametrize("line", [
    "cambié la contraseña a una más segura", "I changed the password in Vault", "mudei a senha para a nova política",
    "ho cambiato la password in fretta", "the password in Vault is fine", "كلمة المرور غير صحيحة",
])  # fmt: skip
def test_without_a_password_like_value_the_sentence_is_kept(line):
    assert clean_text(line) == line
