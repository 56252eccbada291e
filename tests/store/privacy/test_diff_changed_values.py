"""A diff that gives a key a new value: when the removed line's value is a secret, the added line's
value at the same place (the same key, the same separator, the same end) is one too, however weak
its shape (a short number, a word); and the other way round."""

from __future__ import annotations

import pytest

from store.privacy import clean_text


@pytest.mark.parametrize("old, new", [("8812", "3307"), ("hunter-old", "9093")])
def test_the_new_value_of_a_secret_key_goes(old, new):
    text = f"Edit config/.env (+1 -1)\n-PBX_PASSWORD={old}\n+PBX_PASSWORD={new}\n \n/srv/app/.env"
    out = clean_text(text)
    assert new not in out
    assert "+PBX_PASSWORD=[REDACTED:" in out


def test_the_old_value_goes_when_the_new_one_is_a_secret():
    text = "Edit settings.yml (+1 -1)\n-  secret: \"4410\"\n+  secret: \"Zq8r!x2Lm0pW\"\n"
    out = clean_text(text)
    assert "4410" not in out and "Zq8r!x2Lm0pW" not in out


@pytest.mark.parametrize("text", [
    "Edit .env (+1 -1)\n-PBX_PORT=5060\n+PBX_PORT=5061\n",
    "Edit .env (+1 -1)\n-PBX_PASSWORD=${OLD_PASS}\n+PBX_PASSWORD=${PBX_PASS}\n",
    "Edit app.js (+1 -1)\n-  retries: 3,\n+  retries: 5,\n",
])  # fmt: skip
def test_a_diff_without_a_secret_is_kept(text):
    assert clean_text(text) == text


def test_a_word_on_the_other_line_is_kept():
    out = clean_text("@@ -2,1 +2,1 @@\n-api_token = old\n+api_token = Qm4vT8zLx2Rw9Kp3Hn7Jd5Fb")
    assert "-api_token = old\n" in out and "Qm4vT8zLx2Rw9Kp3Hn7Jd5Fb" not in out


def test_a_number_in_a_keys_place_on_the_other_line_is_kept():
    text = 'Edit auth.json (+1 -1)\n-    "key": "31415926"\n+    "key": "Jd8sK2mQ9xLw4Rt7Yp3Zn6Vb.Hq5Wc1Ef"\n'
    assert '-    "key": "31415926"' in clean_text(text)


def test_a_wildcard_on_the_other_line_is_kept():
    text = 'Edit settings.json (+1 -1)\n-      "Bash(set DEPLOY_TOKEN=Qm4vT8zLx2Rw9Kp3Hn7Jd5Fb)",\n+      "Bash(set DEPLOY_TOKEN=*)",\n'
    out = clean_text(text)
    assert '"Bash(set DEPLOY_TOKEN=*)"' in out and "Qm4vT8zLx2Rw9Kp3Hn7Jd5Fb" not in out
