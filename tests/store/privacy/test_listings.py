"""What commands print about secrets without printing one (the blind dev parts' listings,
tests/privacy_eval/dev_blind15a.py and dev_blind15b.py): a key of a key-value store, a secret's
NAME in a listing's column, a digest in a tab-separated column, a form's anti-forgery token, the
id or name a reading command is given, and the outputs of commands whose secret never reaches
their output (consumed by a substitution or by a `--password-stdin`, a template that prints only
the keys and their lengths).  Each class kept, beside the same syntax holding a real secret,
which still goes."""

from __future__ import annotations

from store.privacy import clean_text
from store.privacy.outputs import output_is_secret
from tests.store.privacy import kept

RANDOM = "q8Vn3KxT7mWz" + "2RbL9cYd4HsP"
LOWER = "i1zr9s8q2t" + "70ah4hxdos"
KEYID = "key_" + "zo1FXPQtW9r0"



# a key of a key-value store is a name: its parts between colons are ids, whatever word stands before
def test_the_segments_of_a_cache_keys_path_are_kept():
    scan = (f'1) "lock:job:3f1c2a9e-8d7b-4c1a-9e2f-0a1b2c3d4e5f"\n2) "rl:{KEYID}:28941182"\n'
            f'3) "rl:{KEYID}:28941183"\n4) "oauth:token:{LOWER}:17616bf1bb87"\n'
            f"127.0.0.1:6379> TTL rl:{KEYID}:28941182\n(integer) 41\n")
    kept(scan)
    other = f"$ memcached-tool 127.0.0.1:11211 dump | grep 'session:api_token:{LOWER}:v2'\n"
    kept(other)


def test_a_secret_as_a_keys_last_part_or_a_value_still_goes():
    assert RANDOM not in clean_text(f"127.0.0.1:6379> SET api_token:{RANDOM} 1\n")
    assert RANDOM not in clean_text(f"127.0.0.1:6379> SET session:token {RANDOM}\n")
    assert RANDOM not in clean_text(f"token:{RANDOM}\n")


# a column of a listing that names a secret (cert-manager's SECRET: the Secret that holds the certificate)
def test_a_secrets_name_in_a_listings_column_is_kept():
    table = ("NAMESPACE   NAME            READY   SECRET              AGE\n"
             "prod        api-acme-io     True    api-acme-io-tls     41d\n"
             "staging     api-acme-io     False   api-acme-io-tls     3m\n")
    kept(table)
    other = ("NAME        TYPE     SECRET-REF           STATUS\n"
             "billing     api      billing.api-token    Synced\n")
    kept(other)


def test_a_random_value_in_a_secret_column_still_goes():
    table = f"USER        SECRET\nci-bot      {RANDOM}\n"
    assert RANDOM not in clean_text(table)


def test_a_digest_in_a_tab_separated_listing_is_kept():
    table = ("NAME          \tDIGEST          \tCREATED AT\nDATABASE_URL  \tbe15b9b56b3edaad\t2m ago\n"
             "STRIPE_SECRET \t14018b56a76fd184\t2m ago\n")
    kept(table)
    table = f"NAME\tVALUE\nSTRIPE_SECRET\t{RANDOM}\n"
    assert RANDOM not in clean_text(table)


# a form's anti-forgery token, shown in the page to whoever has the session: it authenticates nothing
def test_a_forms_csrf_token_in_a_page_is_kept():
    html = (f'<form method="post">\n  <input type="hidden" name="csrfmiddlewaretoken" value="{RANDOM}{RANDOM}">\n'
            f'  <input type="password" name="new_password1">\n</form>\n'
            f'<meta name="csrf-token" content="{RANDOM}">\n'
            f'<input name="authenticity_token" type="hidden" value="{RANDOM}==" />\n')
    kept(html)


def test_a_hidden_inputs_api_key_still_goes():
    html = f'<input type="hidden" name="api_key" value="{RANDOM}">\n'
    assert RANDOM not in clean_text(html)


# what a command that reads or shows a thing is given is the thing's id or name
def test_the_id_or_name_a_show_or_get_command_is_given_is_kept():
    kept(f"$ auth0 apps show {RANDOM}\n")
    kept(f"auth0 apps show {RANDOM} --reveal-secrets\n")
    kept("bw get password 'Prod MySQL root'\n")
    kept(f"okta apps get {RANDOM} --json\n")
    kept(f"$ auth0 apps list\n$ auth0 apps show {RANDOM}\n")  # (on any line of the text)


def test_a_secret_a_setting_command_is_given_still_goes():
    assert RANDOM not in clean_text(f"$ mytool config set api_token {RANDOM}\n")
    assert RANDOM not in clean_text(f"login --token {RANDOM}\n")
    assert RANDOM not in clean_text(f"ok\ncan you get password {RANDOM}\n")  # (a sentence, not a command)


# outputs: a printer's output that never reaches the command's output
def test_a_printer_in_a_substitution_gives_its_output_to_the_outer_command():
    assert not output_is_secret('curl -s "https://oauth2.googleapis.com/tokeninfo?access_token=$(gcloud auth print-access-token)"')
    assert not output_is_secret('curl -H "Authorization: Bearer $(gh auth token)" https://api.github.com/user')
    assert not output_is_secret("export TOKEN=$(vault read -field=token secret/ci)")
    assert output_is_secret('echo "$(gcloud auth print-access-token)"')
    assert output_is_secret("gcloud auth print-access-token")
    assert output_is_secret("printf '%s\\n' $(gh auth token)")


def test_a_printer_piped_into_a_password_stdin_prints_nothing_secret():
    assert not output_is_secret('echo "$GHCR_TOKEN" | docker login ghcr.io -u ana --password-stdin && docker push x')
    assert not output_is_secret("aws ecr get-login-password | docker login --username AWS --password-stdin 1.dkr.ecr")
    assert output_is_secret('echo "$GHCR_TOKEN" | base64 -d')


def test_a_template_that_prints_only_keys_and_lengths_prints_no_secret():
    command = ("kubectl get secret db-credentials -o go-template="
               "'{{range $k,$v := .data}}{{$k}}: {{len $v}}{{\"\\n\"}}{{end}}'")
    assert not output_is_secret(command)
    assert output_is_secret("kubectl get secret db -o go-template='{{range $k,$v := .data}}{{$k}}: {{$v}}{{end}}'")
    assert output_is_secret("kubectl get secret db -o go-template='{{.data.password | base64decode}}'")


def test_an_envelopes_parts_between_colons_are_not_a_keys():
    from store.privacy.never import never_secret
    nonce = "TyDj6vGcJ0vVPBJF"
    for text in (f"secure: v1:{nonce}:{RANDOM}\n", f"vault:v1:{nonce}:{RANDOM}\n"):
        s = text.index(nonce)
        assert not never_secret(text, s, s + len(nonce), "high_entropy")
    text = f"TTL session:{nonce}:42\n"
    s = text.index(nonce)
    assert never_secret(text, s, s + len(nonce), "high_entropy")


def test_a_keys_comment_after_its_fingerprint_is_kept():
    out = ("Your public key has been saved in /home/dev/.ssh/deploy_ed25519.pub\nThe key fingerprint is:\n"
           "SHA256:1jGsM78EpNA+n+oU0TFrBuxauXamOtkgOeTGfwvrkpw deploy@ci\n")
    kept(out)
    kept("256 SHA256:1jGsM78EpNA+n+oU0TFrBuxauXamOtkgOeTGfwvrkpw ana@laptop (ED25519)\n")


def test_a_store_reader_told_to_print_a_setting_prints_no_secret():
    assert not output_is_secret("heroku config:get NODE_ENV -a shopfront-prod")
    assert not output_is_secret("sops -d --extract '[\"db\"][\"host\"]' secrets/prod.enc.yaml")
    assert not output_is_secret("vault kv get -field=db_host secret/app")
    assert output_is_secret("heroku config:get STRIPE_SECRET_KEY -a shopfront-prod")
    assert output_is_secret("heroku config:get DATABASE_URL -a shopfront-prod")
    assert output_is_secret("sops -d --extract '[\"db\"][\"password\"]' secrets/prod.enc.yaml")
    assert output_is_secret("sops -d secrets/prod.enc.yaml")


def test_a_literal_after_a_pipe_is_the_next_commands_not_the_names():
    kept("curl -s -b cookies.txt https://staging.acme.io/account/password | sed -n '40,52p'\n")
    assert RANDOM not in clean_text(f"const password = process.env.DB_PASSWORD || '{RANDOM}';\n")


def test_the_id_a_getters_own_noun_flag_takes_is_kept():
    kept("aws apigateway get-api-key --api-key abc123defg --include-value\n")
    kept(f"aws apigateway delete-api-key --api-key {RANDOM}\n")
    assert RANDOM not in clean_text(f"aws apigateway import-api-keys --api-key {RANDOM}\n")
    assert RANDOM not in clean_text(f"mycli get-report --api-key {RANDOM}\n")


def test_a_platforms_encrypted_value_is_kept():
    text = ("  - key: SMTP_PASSWORD\n    scope: RUN_TIME\n    type: SECRET\n"
            "    value: EV[1:mxbVMJtqF08qMbTRbyHo4bBV17UPIYhE:dMmpIx9OPBafBKuDnE+PFOzfCHl85V45/QmxBPdJSX9ylvySTfIQGQ==]\n")
    kept(text)
    assert RANDOM not in clean_text(f"  - key: SMTP_PASSWORD\n    value: {RANDOM}\n")


def test_a_form_body_of_references_is_kept():
    kept('curl -s -X POST https://challenges.cloudflare.com/turnstile/v0/siteverify '
                 '-d "secret=$TURNSTILE_SECRET&response=$TOKEN"\n')
    assert RANDOM not in clean_text(f'curl -X POST https://x.example/verify -d "secret={RANDOM}&response=$TOKEN"\n')


def test_the_host_id_of_an_s3_access_log_record_is_kept():
    host_id = "ePw+e+VPmaXzHs5yUC8PHaVFzUlqAbQobnghC5EZsadFVWrNH7MtKP8ppRaMOBOQK8abOpj8"
    line = ("4829dba69f50d4730ff2216e09f51dceec9caa4c0821298ee34e3c6fab3b2ef3 acme-artifacts [15/Jan/2026:10:22:31 +0000] "
            "10.0.4.12 arn:aws:sts::901319450457:assumed-role/ci-runner/i-04a48824ff1119ef3 CIUCKHMNY5TEC72K "
            'REST.GET.OBJECT releases/app.tar.gz "GET /releases/app.tar.gz HTTP/1.1" 200 - 18244210 18244210 41 12 '
            f'"-" "aws-cli/2.22.4" - {host_id} SigV4 ECDHE-RSA-AES128-GCM-SHA256 AuthHeader '
            "acme-artifacts.s3.eu-west-1.amazonaws.com TLSv1.3 - -\n")
    assert host_id in clean_text(line)
