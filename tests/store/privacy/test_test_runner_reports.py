"""A test runner's report line names a test: `PASS` there is the runner's status word, not a
password's name (Go's `--- PASS: TestX/case (0.00s)`, automake's `PASS: t/login.sh` beside its
`FAIL:` lines, a test's elapsed time after its name). A credential under `PASS:` outside such a report, and a
password a failing test prints, stay secrets."""

import pytest

from store.privacy import clean_text, find_secrets


@pytest.mark.parametrize("text", [
    "    --- PASS: TestRenewLease/row_3 (0.00s)\n",
    "--- PASS: TestRenewLease/expired_grant_7 (0.02s)\n",
    "=== RUN   TestRenewLease\n=== RUN   TestRenewLease/row_3\n=== RUN   TestRenewLease/row_4\n"
    "--- PASS: TestRenewLease (0.00s)\n    --- PASS: TestRenewLease/row_3 (0.00s)\n"
    "    --- PASS: TestRenewLease/row_4 (0.00s)\nok  \texample.org/lease\t0.011s\n",
    "PASS: Quota_Split/case_12 (12 ms)\n",
    "PASS: tests/t07_token_rotation.sh\nFAIL: tests/t08_key_expiry_2.sh\n# TOTAL: 2\n",
])  # fmt: skip
def test_a_test_runners_report_line_keeps_its_test_name(text):
    assert find_secrets(text) == [], find_secrets(text)
    assert clean_text(text) == text


@pytest.mark.parametrize("text, value", [
    ("USER: deploy\nPASS: Wq8#rT2zLm\n", "Wq8#rT2zLm"),
    ("PASS: Vb7%kQ2x_9\n", "Vb7%kQ2x_9"),
    ("--- FAIL: TestSignIn (0.00s)\n    signin_test.go:21: SignIn(\"ops\", \"Zr4!mPq8Lw\") returned 401\n", "Zr4!mPq8Lw"),
    ("=== RUN   TestSignIn\n    signin_test.go:9: password=Zr4!mPq8Lw rejected\n--- FAIL: TestSignIn (0.00s)\n",
     "Zr4!mPq8Lw"),
])  # fmt: skip
def test_a_password_beside_a_report_stays_a_secret(text, value):
    assert value not in clean_text(text)


def test_a_report_line_in_a_json_string_keeps_its_test_name():
    text = '{"output": "=== RUN   TestRenewLease/row_3\\n    --- PASS: TestRenewLease/row_3 (0.00s)\\nPASS: Quota_Split/case_12 (1.5s)\\nok"}'
    assert find_secrets(text) == [], find_secrets(text)
