"""Classes the twenty-fourth blind part (tests/privacy_eval/dev_blind24.py) showed, each written here
with values of our own and in other languages or tools than the part's; beside each, what stays."""

from __future__ import annotations

from tests.store.privacy import kept, removed


def test_secret_words_in_more_languages_and_english_words_in_the_scripts_of_india():
    value = "Qm7vTz2LwX9pNc4RbK8sHd3F"
    for text in (f"ఈ టోకెన్ ఉపయోగించి API పిలవండి: {value}",  # Telugu's `token`
                 f"यह सीक्रेट इस्तेमाल करो: {value}",  # Hindi's `secret`
                 f"- ସର୍ଭର ପାସୱାର୍ଡ: {value}",  # Odia's `password`
                 f"Jen la nova API-ŝlosilo: {value}",  # Esperanto
                 f"Kọ́kọ́rọ́ API fún ìdánwò: {value}"):  # Yoruba
        removed(text, value)


def test_those_words_without_a_value_stay():
    kept("ਟੋਕਨ ਨੂੰ .env ਵਿੱਚ ਰੱਖਿਆ ਹੈ: GITHUB_TOKEN", "GITHUB_TOKEN")
    sha = "9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9f8a7b6c5d4e3f2a1b0c9d8e"
    kept(f"इस टोकन का sha256 hash: {sha}", sha)
    kept("La API-ŝlosilo troviĝas en la trezorejo, ne en la kodo.", "trezorejo")


def test_drawn_tables_a_grid_tables_rows_and_a_box_drawn_listing_have_their_secret_column_read():
    grid = ("+--------+----------+-------------+\n"
            "| Host   | Login    | Passwort    |\n"
            "+========+==========+=============+\n"
            "| db01   | dba      | Tq8#mWz2Lp  |\n"
            "+--------+----------+-------------+\n"
            "| cache  | ops      | Vela-Brook-31 |\n"
            "+--------+----------+-------------+\n")
    for value in ("Tq8#mWz2Lp", "Vela-Brook-31"):
        removed(grid, value)
    secret = "Zr4nQ8wLx2Tc6Vb9Km3Hs7Jd"
    boxed = ("╔════╦═════════╦══════════════════════════╗\n"
             "║ id ║ name    ║ secret                   ║\n"
             "╠════╬═════════╬══════════════════════════╣\n"
             f"║ 7  ║ deploy  ║ {secret} ║\n"
             "╚════╩═════════╩══════════════════════════╝\n")
    removed(boxed, secret)


def test_a_cell_that_points_elsewhere_is_cut_short_or_says_not_applicable_stays():
    for cell in ("see 1password", "vault: kv/app/db", "n/a", "N/A"):
        kept("| Host | Password |\n+======+==========+\n| db01 | " + cell + " |\n", cell)
    kept("ID\tNAME\tKEY\n41\tci\tsk-4f9a…\n", "sk-4f9a…")
    kept("┌────┬─────────┐\n│ id │ token   │\n├────┼─────────┤\n│ 3  │ 8c1e... │\n└────┴─────────┘\n", "8c1e...")


def test_a_password_after_upper_case_p_where_upper_case_u_gave_the_login_or_after_a_windows_colon_flag():
    removed("bcp dbo.orders out orders.dat -S tcp:db01 -U loader -P Quartz#Vale29 -c", "Quartz#Vale29")
    removed(r"psexec \\srv01 /u:CORP\deploy /p:Lantern-Fox-51 cmd", "Lantern-Fox-51")
    removed("winrm-cli -u:ops -p:Tq8vLm3XwZr6NpB2sKd9 run", "Tq8vLm3XwZr6NpB2sKd9")


def test_a_port_after_upper_case_p_and_windows_flags_of_numbers_stay():
    kept("mysql -h db -P 3306 -U app", "3306")
    kept(r"robocopy /mir /r:3 /w:5 C:\src D:\dst", "/w:5")
    kept("msbuild app.sln -p:Configuration=Release -v:minimal", "Configuration=Release")


def test_a_password_answered_in_base64_to_a_servers_password_challenge():
    pw = "SGVyb24hUGFzczQ3"  # base64 of a made password
    for text in ("* OK IMAP4rev1 ready\na1 AUTHENTICATE LOGIN\n+ VXNlcm5hbWU6\nYW5hQGV4YW1wbGUub3Jn\n+ UGFzc3dvcmQ6\n"
                 f"{pw}\na1 OK AUTHENTICATE completed\n",
                 "send: 'AUTH LOGIN\\r\\n'\nreply: b'334 VXNlcm5hbWU6\\r\\n'\nsend: 'YW5h\\r\\n'\n"
                 f"reply: b'334 UGFzc3dvcmQ6\\r\\n'\nsend: '{pw}\\r\\n'\nreply: b'235 2.7.0 Accepted\\r\\n'\n",
                 f"> AUTH LOGIN\n< 334 VXNlcm5hbWU6\n> YW5h\n< 334 UGFzc3dvcmQ6\n> {pw}\n< 235 ok\n"):
        out = removed(text, pw)
        assert "YW5h" in out  # the login's answer stays


def test_answers_to_other_challenges_and_base64_in_a_diff_stay():
    kept("+ VXNlcm5hbWU6\nYW5hQGV4YW1wbGUub3Jn\n", "YW5hQGV4YW1wbGUub3Jn")
    kept("250-AUTH LOGIN PLAIN\n+ aGVsbG8gd29ybGQ=\n+ c29tZSBjb250ZW50\n", "c29tZSBjb250ZW50")


def test_challenges_are_read_up_to_a_cap():
    pw = "SGVyb24hUGFzczQ3"
    head = "+ aGVsbG8gd29ybGQ=\n" * 300
    kept(head + f"+ UGFzc3dvcmQ6\n{pw}\n", pw)  # past the cap: no session holds that many
    removed(f"+ UGFzc3dvcmQ6\n{pw}\n" + head, pw)


def test_ids_told_by_the_word_id_before_them_and_a_stores_path_and_field_stay():
    secret = "Qm7vTz2LwX9pNc4RbK8sHd3F"
    out = kept(f"the app secret is {secret} and the client ID Iv1.8a61f9b3a7aba766 goes in the header", "Iv1.8a61f9b3a7aba766")
    assert secret not in out
    kept("- Il segreto di Grafana è in Vault: `kv/ops/grafana#admin_password`.", "kv/ops/grafana#admin_password")


def test_a_secret_right_after_its_label_or_a_path_with_no_field_still_goes():
    removed("api key Qm7vTz2LwX9pNc4RbK8sHd3F for the id service", "Qm7vTz2LwX9pNc4RbK8sHd3F")
    removed("la contraseña es Tq8#mWz2Lp/xy", "Tq8#mWz2Lp/xy")


def test_a_file_on_a_windows_drive_and_a_host_keys_fingerprint_after_its_type_and_size_stay():
    text = ('pscp -pw Qm7vTz2LwX9pNc4RbK8sHd3F -i D:\\ssh\\deploy_key.ppk -hostkey "ecdsa-sha2-nistp256 256 '
            'Zr4nQ8wLx2Tc6Vb9Km3Hs7JdQm7vTz2LwX9pNc4RbK8" backup.tar deploy@files:')
    out = kept(text, "D:\\ssh\\deploy_key.ppk")
    assert "Zr4nQ8wLx2Tc6Vb9Km3Hs7JdQm7vTz2LwX9pNc4RbK8" in out and "Qm7vTz2LwX9pNc4RbK8sHd3F" not in out


def test_a_random_folder_on_a_drive_and_a_key_with_no_type_before_it_still_go():
    removed("SSL_KEY_PASSWORD=C:\\Qm7vTz2LwX9pNc4RbK8sHd3F\\x", "Qm7vTz2LwX9pNc4RbK8sHd3F")
    removed("the api key 255 Zr4nQ8wLx2Tc6Vb9Km3Hs7JdQm7vTz2LwX9pNc4RbK8", "Zr4nQ8wLx2Tc6Vb9Km3Hs7JdQm7vTz2LwX9pNc4RbK8")
