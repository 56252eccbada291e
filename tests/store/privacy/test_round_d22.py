"""Classes the twenty-second blind part (tests/privacy_eval/dev_blind22.py) showed, each written here
with values of our own: a configuration passed whole in base64; beside each, what stays."""

from __future__ import annotations

import base64
import hashlib

from store.privacy import clean_text
from tests.store.privacy import kept, removed


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def test_a_configuration_in_base64_that_holds_a_secret_goes_whole():
    for config in ('{"smtp":{"host":"mail.internal","login":"bot","pass":"Ocelot-Drift-418"}}',
                   "[queue]\nbroker = amqp.internal\napi_token = qT8vLm3XwZr6NpB2sKd9\n",
                   "REDIS_HOST=cache\nREDIS_PASSWORD=Nq4!vbTz0Lw8\n"):
        value = _b64(config)
        for text in (f"WORKER_SETTINGS_B64={value}\nLOG_LEVEL=debug\n",
                     f"kubectl set env deploy/worker CONF={value}",
                     f"the pipeline variable holds our settings in base64: {value} and the job still fails"):
            removed(text, value)


def test_base64_without_a_secret_in_it_stays():
    for config in ('{"theme":"dark","locale":"pt-BR","pageSize":50,"features":["export","share"]}',
                   "[ui]\ncolor = auto\npager = less -FRX\n",
                   '{"password_min_length": 12, "password_rules": "upper,digit"}'):
        value = _b64(config)
        kept(f"FRONTEND_DEFAULTS_B64={value}\n", value)
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n" + hashlib.sha256(b"icon").digest() * 4).decode()
    kept(f'<img src="data:image/png;base64,{png}">', png)
    digest = base64.b64encode(hashlib.sha512(b"bundle").digest()).decode()
    kept(f'"integrity": "sha512-{digest}"', digest)


def test_a_login_and_its_password_joined_by_a_colon_as_one_argument():
    for text, value in (("mytool admin create --owner kim:Heron!Pass47", "Heron!Pass47"),
                        ("consul acl bootstrap-user ops:Birch-Hollow-62 --dc east", "Birch-Hollow-62"),
                        ("[mq] authenticate digest ops:qW3eR8tY2uI0\n", "qW3eR8tY2uI0"),
                        ('HEALTH=["CMD", "wget", "-qO-", "--auth", "svc.probe:Maple#Cove19"]', "Maple#Cove19"),
                        ("curl -sfu monitor:Juniper-Dusk-71 http://127.0.0.1:9090/-/ready", "Juniper-Dusk-71"),
                        ("export TARGET='https://ops@corp.example:Lantern!Keel8@esx01.corp.example/sdk'", "Lantern!Keel8")):
        removed(text, value)


def test_words_joined_by_a_colon_that_are_no_login_and_password_stay():
    for text, value in (("docker run --rm node:20.11-alpine3.19 npm ci", "20.11-alpine3.19"),
                        ("kubectl get pods -l tier:MyService-2", "MyService-2"),
                        ("resolved golang.org/x/net h1:Q2nR7bX4kLmP9sTvW3yZ8aC1dE6fG0hJ5kM2nP4qR7s=", "Q2nR7bX4kLmP9sTvW3yZ8aC1dE6fG0hJ5kM2nP4qR7s="),
                        ("pushed sha256:4f2a9c1e7b3d5f8a0c6e2b9d1f4a7c3e5b8d0f2a6c9e1b4d7f0a3c5e8b2d4f6a", "4f2a9c1e7b3d5f8a0c6e2b9d1f4a7c3e5b8d0f2a6c9e1b4d7f0a3c5e8b2d4f6a"),
                        ("the job ran at 2026-03-14T09:41:07Z on runner:Linux-X64-8c", "Linux-X64-8c"),
                        ("see app.py:LoginView2 for the handler", "LoginView2")):
        kept(text, value)


def test_a_password_column_of_rows_apart_by_semicolons_or_named_pass():
    removed("login;full_name;temp_password;team\nk.osei@example.org;Kofi Osei;Baobab!Rain61;Sales\n", "Baobab!Rain61")
    out = removed("host,address,login,login_pass,rack\nsw01,10.8.0.2,netops,Quokka#Field8,r4\n", "Quokka#Field8")
    assert "netops" in out and "10.8.0.2" in out
    # a column that names a password's date or its place holds no password
    kept("login;password_changed;team\nk.osei@example.org;2026-02-11;Sales\n", "2026-02-11")


def test_a_table_of_pipes_without_a_rule_under_its_header():
    text = ("    Examples:\n      | account | login      | secret            |\n"
            "      | west    | west-ops   | Sorrel#Brook72    |\n      | east    | east-ops   | Fennel-Quay-385   |\n")
    out = removed(text, "Sorrel#Brook72")
    assert "Fennel-Quay-385" not in out and "west-ops" in out
    # rows of a table whose rule stands above them are not headers of a table of their own
    kept("| Name | Type |\n|---|---|\n| password | string |\n| username | string |\n", "username")


def test_a_data_frame_printed_with_its_cells_aligned_on_the_right():
    text = ("       host   login          password\n0    vpn-gw   netops    Walnut!Crest44\n"
            "1  backup01  svc-bak  T9vQx2LmRw7ZkP4n\n")
    out = removed(text, "Walnut!Crest44")
    assert "T9vQx2LmRw7ZkP4n" not in out and "svc-bak" in out


def test_a_password_as_the_argument_after_its_login():
    for text, value in (("./tools/provision.sh eu-west svc_admin 'Osprey!Gate29' --dry-run", "Osprey!Gate29"),
                        ("php artisan tenant:make globex ops@globex.test Thistle-Moor-516", "Thistle-Moor-516"),
                        ("bin/reset-account https://crm.internal rootadmin Heather#Vale7", "Heather#Vale7"),
                        ('client = Courier("alerts@mq.example.net", "Pebble-Harbor-2031")', "Pebble-Harbor-2031")):
        removed(text, value)


def test_what_follows_a_login_that_is_no_password_stays():
    for text, value in (("./deploy.sh prod admin v2.14.0 --yes", "v2.14.0"),
                        ("./grant.sh admin@corp.example Reports-Viewer", "Reports-Viewer"),
                        ("useradd -m builduser -G docker", "docker"),
                        ("sqlldr userid=loader/Larch!Pond3@XE control=x.ctl", "userid=loader")):
        kept(text, value)


def test_a_secret_stores_path_in_a_secrets_place_stays():
    kept("| Secret | Owner |\n|---|---|\n| billing/api_rw | payments |\n| mailer/smtp | ops |\n", "mailer/smtp")
    kept("name,host,vault_password\nweb02,10.1.0.5,Bitwarden: Servers/web02\n", "Servers/web02")
    kept("renewed credential (lease aws/creds/deploy_role/Xq7LmP2vRt9KwZ4nB8yC)", "aws/creds/deploy_role/Xq7LmP2vRt9KwZ4nB8yC")
    # a password that holds a slash is no path of names
    removed("db_password = 'Tr0ub4dor/3x!Kq'", "Tr0ub4dor/3x!Kq")


def test_the_name_of_an_object_the_text_defines_or_mounts_stays():
    kept("qemu-img info --object secret,id=luks1,file=/run/k.key --image-opts driver=luks,key-secret=luks1,file.filename=d.img", "key-secret=luks1")
    kept("[Container]\nSecret=api_token,type=env,target=API_TOKEN\n", "Secret=api_token")


def test_a_note_in_a_password_column_stays_and_a_pass_phrase_goes():
    text = ("| Host | Login | Password |\n|---|---|---|\n| nas | admin | kept in the team vault |\n"
            "| wiki | editor | no password, SSO only |\n| cam | viewer | maple orbit canyon drift |\n")
    out = removed(text, "maple orbit canyon drift")
    assert "kept in the team vault" in out and "no password, SSO only" in out


def test_a_password_word_in_more_languages_makes_the_value_after_it_a_secret():
    pw = "Kestrel!Dune63"
    for sentence in (f"Jecha darbii database keenyaa {pw} dha.",            # Oromo
                     f"Okwuntughe nke server anyị bụ {pw}.",                 # Igbo
                     f"Liafuan-pase servidór nian mak {pw}.",               # Tetum
                     f"سېرۋېر پارولى {pw}، ساقلاپ قويۇڭ.",                    # Uyghur
                     f"Sandhi server-e {pw}, aja disebar.",                  # Javanese
                     f"གསང་ཚིག་ནི་ {pw} ཡིན།",                                 # Tibetan
                     f"ސާވަރުގެ ޕާސްވޯޑަކީ {pw} .",                           # Dhivehi
                     ):
        removed(sentence, pw)
    # the word alone, with no value after it, is prose
    kept("Okwuntughe ahụ adịghị ike, gbanwee ya.", "Okwuntughe ahụ adịghị ike")


def test_a_password_after_p_where_u_gave_the_login_a_login_subcommands_key_and_a_confirmation():
    removed("etlctl runjob -domain D1 -u Operator -p 'Bramble!Kite55' -job nightly", "Bramble!Kite55")
    removed("photosync login https://media.example.lan Q7vLx2pRt9KmW4nZ8cYbH3sJ", "Q7vLx2pRt9KmW4nZ8cYbH3sJ")
    removed("printf 'Pewter#Lane46\\nPewter#Lane46\\n' | sudo mailctl adduser ana", "Pewter#Lane46")
    # `-p` a port (no `-u` before it, or a number), a value said twice that is an id
    kept("ssh -p 2222 deploy@host", "2222")
    kept('{"id": "Zq8wN3vKp5Lm2xR7tY9cB4hJ", "rawId": "Zq8wN3vKp5Lm2xR7tY9cB4hJ"}', "Zq8wN3vKp5Lm2xR7tY9cB4hJ")


def test_a_made_password_in_a_sentence_about_logging_in():
    removed("after the upgrade, signing in as kim@shop.example with Plover&Mist58 shows a blank page", "Plover&Mist58")
    removed("the reset flow rejects passwords with an ampersand: Plover&Mist58 fails, try it", "Plover&Mist58")
    # an example of a weak password the sentence names, a tag, a class's name
    kept("login page broken since Release-2024 (see issue #4412)", "Release-2024")
    kept("at auth.LoginConfig$$Enhancer2x.login(Unknown Source)", "LoginConfig$$Enhancer2x")


def test_an_objects_name_is_read_from_ids_defined_anywhere_in_a_long_text():
    """The ids a text defines are read once a text (a search a candidate cost ~40 ms a MB of realistic
    output): a name defined far before or after its use is still an object's, in a text of a MB."""
    filler = "drwxr-xr-x 2 ana staff 4096 Mar  3 10:00 src\n" * 12_000
    text = ("-object secret,id=vault7,file=/run/keys/vault7\n" + filler
            + "-drive file=disk.qcow2,encrypt.key-secret=vault7\n" + filler)
    assert "key-secret=vault7" in clean_text(text)


def test_a_replica_sets_key_file_printed_by_cat_goes_whole():
    from store.privacy.outputs import output_is_secret

    for command in ("sudo cat /etc/mongod/keyfile", "cat ./mongo-keyfile", "cat /data/configdb/key_file"):
        assert output_is_secret(command), command
    for command in ("cat keyfile.py", "cat /etc/mongod.conf", "grep keyFile /etc/mongod.conf"):
        assert not output_is_secret(command), command


_SVN_SIMPLE = ("K 8\npasstype\nV 6\nsimple\nK 8\npassword\nV 14\n{password}\nK 15\nsvn:realmstring\nV 45\n"
               "<https://svn.example.org:443> Example SVN\nK 8\nusername\nV 8\nci-build\nEND\n")


def test_a_password_in_svns_auth_cache_goes_and_its_other_entries_stay():
    out = removed(_SVN_SIMPLE.format(password="Nutmeg&Crane72"), "Nutmeg&Crane72")
    assert "ci-build" in out and "<https://svn.example.org:443> Example SVN" in out and "simple" in out


def test_a_hash_dumps_stand_in_and_a_properties_values_stay():
    kept(_SVN_SIMPLE.format(password="${SVN_PASSWORD}"), "${SVN_PASSWORD}")
    props = "K 13\nsvn:mergeinfo\nV 24\n/branches/release:40-52\nK 10\nsvn:ignore\nV 11\n*.pyc\nbuild\n\nEND\n"
    assert clean_text(props) == props


def test_a_hash_dump_is_read_for_its_first_entries_alone():
    from store.privacy import hash_dumps

    entries = "K 4\nname\nV 4\nabcd\n" * hash_dumps.MAX_ENTRIES
    kept(entries + "K 8\npassword\nV 12\nQx7vLp2Nz9Rw\nEND\n", "Qx7vLp2Nz9Rw")


def test_a_text_an_rpa_workflow_types_into_a_password_field_goes():
    for text, value in (
            ("   217\u2192<ui:TypeInto DisplayName=\"Type Into 'password'\" Text=\"Gl4cier!Moss\">", "Gl4cier!Moss"),
            ("WebAutomation.PopulateTextField.PopulateTextField BrowserInstance: Browser Control: "
             "appmask['Web Page']['Input password'] Text: $'''Marzipan_2027''' EmulateTyping: True", "Marzipan_2027")):
        removed(text, value)


def test_a_text_typed_elsewhere_a_binding_and_a_label_stay():
    for text in ("<ui:TypeInto DisplayName=\"Type Into 'username'\" Text=\"svc_rpa_erp\">",
                 "<ui:TypeInto DisplayName=\"Type Into 'password'\" Text=\"[in_Password]\">",
                 '<TextBox x:Name="PasswordBox" Text="{Binding Password}"/>',
                 '<Label Content="Password"/> <TextBlock Text="Forgot password?"/>'):
        assert clean_text(text) == text
