"""Families of the fifth attacker's batch (tests/privacy_eval/dev_unwritten5.py), each fixed by
what it is, not by its case: labels and connectors of languages no batch had, a possessive after
its noun, a psql variable that names a value."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "s4ffron" + "Tea!"
RANDOM = "mhTXvB5bgBUh" + "Vtq7BhOHyHBOJbnO"


@pytest.mark.parametrize("template", [
    "pasfhocal: {v}", "fjalëkalimi është {v}", "y cyfrinair yw {v}", "kata laluan saya {v}",
    "kata sandi kamu adalah {v}", "pasfhocal an fhreastalaí: {v}",
])  # fmt: skip
def test_labels_and_connectors_of_more_languages(template):
    for v in (PW, RANDOM):
        assert v not in clean_text(template.replace("{v}", v))


@pytest.mark.parametrize("text", ["kata laluan saya terlupa", "fjalëkalimi është i gabuar", "y cyfrinair yw hwn"])
def test_a_word_after_those_labels_stays(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("line", ["ALTER USER app WITH PASSWORD :'pw';", 'CREATE ROLE r LOGIN PASSWORD :"secret";',
                                  "\\set pw 'x'\nALTER ROLE app PASSWORD :'pw';"])  # fmt: skip
def test_a_psql_variable_is_a_name(line):
    assert clean_text(line) == line


def test_a_quoted_value_after_a_colon_of_code_still_goes():
    assert PW not in clean_text(f"const creds = {{ user: 'ana', password:'{PW}' }}")


@pytest.mark.parametrize("template", [
    "cy.get('#password').type('{v}')", "await page.fill('input[name=password]', '{v}')",
    "await userEvent.type(screen.getByLabelText('Password'), '{v}')", "cy.get('#passwd').clear().type('{v}')",
    "driver.find_element(By.ID, 'password').send_keys('{v}')", "await page.getByLabel('API token').fill('{v}')",
    "cy.get('input[type=password]').type('{v}', {log: false})", "await browser.$('#password').setValue('{v}')",
])  # fmt: skip
def test_text_typed_into_a_secret_field_goes(template):
    for v in (PW, RANDOM):
        assert v not in clean_text(template.replace("{v}", v))


@pytest.mark.parametrize("line", [
    f"cy.get('#username').type('{PW}')", "cy.get('#password').type('{enter}')",
    "cy.get('#password').type(Cypress.env('password'))", "await page.fill('input[name=password]', password)",
    "cy.get('#password').should('have.value', '')", f"await page.fill('#search', '{PW}')",
    "cy.get('#password').type(pw, {log: false})", "await page.fill('#password', password)",
])  # fmt: skip
def test_text_typed_elsewhere_or_not_a_literal_stays(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("template", [
    'echo "{v}" > ~/.vault_pass', "echo '{v}' > .vault_password_file && ansible-playbook site.yml",
    "printf '%s' '{v}' > secrets/db_password", "echo {v} | sudo tee /etc/rsyncd.secret",
    "echo '{v}' >> ~/.config/app/token",
])  # fmt: skip
def test_a_literal_written_to_a_secrets_file_goes(template):
    for v in (PW, RANDOM):
        assert v not in clean_text(template.replace("{v}", v))


@pytest.mark.parametrize("line", [
    'echo "$VAULT_PASS" > ~/.vault_pass', f"echo {PW} > notes.txt", "echo node_modules >> .gitignore",
    "echo changeme > db_password.txt", "echo 1 > /proc/sys/net/ipv4/ip_forward",
])  # fmt: skip
def test_a_reference_or_a_file_of_another_name_stays(line):
    assert clean_text(line) == line


def test_the_plaintext_ansible_vault_encrypts_goes_and_its_flags_stay():
    assert PW not in clean_text(f"ansible-vault encrypt_string '{PW}' --name db_password")
    for line in ("ansible-vault encrypt_string --stdin-name db_password", 'ansible-vault encrypt_string "$PW"',
                 f"ansible-vault encrypt_string --vault-id prod@prompt '{PW}'"):
        assert clean_text(line) == line


def test_a_dumps_rows_under_a_secret_column_go():
    dump = f"COPY public.api_keys (id, name, secret) FROM stdin;\n1\tstripe\t{PW}\n2\tgithub\t{RANDOM}\n\\.\n"
    out = clean_text(dump)
    assert PW not in out and RANDOM not in out and "stripe" in out and "github" in out


@pytest.mark.parametrize("dump", [
    f"COPY t (id, name) FROM stdin;\n1\t{PW}\n\\.",
    "COPY public.users (id, email, password) FROM stdin;\n1\ta@b.c\t$2y$10$abcdefghijklmnopqrstuuJ5yXo1H0Vq3Z8m7H4xw1E3a2b\n\\.",
    "COPY public.users (id, password) FROM stdin;\n1\t\\N\n\\.",
])  # fmt: skip
def test_a_dumps_other_columns_hashes_and_nulls_stay(dump):
    assert clean_text(dump) == dump


def test_a_settings_rows_value_is_judged_by_its_key():
    assert PW not in clean_text(f"UPDATE settings SET value = '{PW}' WHERE key = 'smtp_password';")
    assert RANDOM not in clean_text(f"UPDATE config SET value='{RANDOM}' WHERE name='api_token'")
    kept = "UPDATE settings SET value = 'smtp.example.com' WHERE key = 'smtp_host';"
    assert clean_text(kept) == kept


@pytest.mark.parametrize("template", ["factory :user do\n  password { '{v}' }\nend", 'api_token { "{v}" }',
                                      "password_confirmation { '{v}' }"])  # fmt: skip
def test_a_block_that_returns_a_literal_is_the_names_value(template):
    for v in (PW, RANDOM):
        assert v not in clean_text(template.replace("{v}", v))


@pytest.mark.parametrize("line", ["password { Faker::Internet.password }", "token { SecureRandom.hex }",
                                  "password { 'password' }", f"name {{ '{PW}' }}"])  # fmt: skip
def test_a_block_of_code_or_of_another_name_stays(line):
    assert clean_text(line) == line
