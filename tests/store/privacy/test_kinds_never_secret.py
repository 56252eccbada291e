"""Values of a kind never secret, read by what they ARE (store/privacy/never_kinds.py): an id of a
device, a shell's prompt, a span of time, a path of names, an item of a list of names, a package
an installer is given, a help text's description, a store's key name, an attribute's name, a
Windows path's segment, git's branch, an AWS role session's name.  Fixtures are our own text."""

from tests.store.privacy import kept, redacted


def test_a_hardware_address_is_an_id():
    kept("[ 91.10] wlan0: send auth to 8a:1f:c4:09:e2:7b (try 1/3)\n[ 91.20] wlan0: authenticated\n"
         "[ 91.30] wlan0: associate with 8a:1f:c4:09:e2:7b (try 1/3)\n")
    kept("ether auth: 0c-9d-92-41-7a-e3\n")


def test_a_shells_prompt_is_no_typed_password():
    kept("ops@buildhost:~$ sudo chmod 666 /dev/ttyACM0\n[sudo] password for ops: \nops@buildhost:~$ \n\n")
    pw = "Rk4" + "vzq9T"
    redacted(f"ops@buildhost:~$ sudo chmod 666 /dev/ttyACM0\n[sudo] password for ops: \n{pw}\n", pw)


def test_a_span_of_time_is_no_token():
    kept("- **Ads API** \u2014 reports, bid changes, token refresh to 90-day\n- **Other**\n")
    kept("token refresh to 45-days\n")


def test_a_path_of_names_is_a_place_not_a_password():
    kept("sshpass -p '[REDACTED:password]' ssh ops@10.0.4.7 \"mkdir -p '/Volumes/Backup Disk/Work_Archive' && "
         "cp -Rv /Users/ops '/Volumes/Backup Disk/Work_Archive/' 2>&1\"\n")
    pw = "Zx81" + "qLm"
    redacted(f"sshpass -p '{pw}' ssh ops@10.0.4.7 \"mkdir -p '/srv/Backup'\"\n", pw)
    rnd = "/Kq7x" + "Wm2p/Lz9vR4t/Y8nB3cF6"
    redacted(f'password = "{rnd}"\n', rnd)


def test_an_item_of_a_list_of_names_is_a_name():
    kept("  cors: {\n    methods: ['GET', 'POST'],\n    allowedHeaders: ['Accept', 'Authorization', 'X-Client-Build'],\n  },\n")
    kept('warn: {"unset":["TWILIO_AUTH_TOKEN","TWILIO_FROM_NUMBER"]}\n')
    kept("    this.markers = {\n      credentials: ['MD', 'CPA', 'diploma', 'certified', 'chartered'],\n    };\n")


def test_a_pair_of_words_in_a_list_stays_a_user_and_a_password():
    pw = "Tr" + "ombone"
    redacted(f'auth = ["admin", "{pw}"]\npassword: "{pw}"\n', pw)


def test_an_installers_arguments_are_packages():
    kept("npm install fastify pino zod jsonwebtoken argon2\n")
    kept("pnpm add -D vitest supertest jsonwebtoken bcryptjs\n")


def test_a_help_texts_description_is_prose():
    kept("Usage: tool add [options]\n  --client-id <id>          Client ID for the OAuth app\n"
         "  --client-secret           Prompt for the OAuth client secret (or set\n"
         "                            APP_CLIENT_SECRET env var)\n  -v, --verbose             More output\n")


def test_words_joined_by_colons_under_a_key_name_a_stores_key():
    kept('import { kv } from "@vercel/kv";\nconst LOCKDOWN_KEY = "app:lockdown";\n')
    kept("const FLAGS_SECRET = 'cache:flags:current';\n")
    pw = "wal" + "rus"
    redacted(f"curl -u admin:{pw} https://ci.internal.example.org/api\n", pw)


def test_an_attributes_name_in_a_tag_is_no_password():
    kept('<p>Enter the code</p>\n      <input type="password" id="pinBox" class="field" '
         'placeholder="\ube44\ubc00\ubc88\ud638" style="text-align:left;" />\n')
    b64 = "YWRt" + "aW46cTdWbTJ4UHo="
    redacted(f'proxy_set_header Authorization "Basic {b64}";\n', b64)


def test_a_segment_of_a_windows_path_is_a_files_name():
    kept("<file_path>C:\\Users\\lee\\AppData\\Roaming\\Claude\\local-agent-mode-sessions\\"
         "8e1f0a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b\\c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f\\"
         "local_9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d\\uploads\\"
         "4e7a1c9b-2d3f-4a5b-8c6d-9e0f1a2b3c4d-1712345678901_Annual Budget Plan.xlsx</file_path>\n")


def test_gits_commit_line_names_its_branch():
    kept("[feature/token-Xq8vLm2Rt7kP9wZ3nB5cD1fG4hJ6 9f8e7d6] fix: keep the next url\n 1 file changed\n")


def test_an_aws_role_sessions_name_is_a_users_name():
    kept('{\n    "UserId": "AROAXJ5KQWERTZUIOPAS7:alex.morgan@widgets-inc.com",\n    "Account": "301234567890"\n}\n')
    pw = "Pk9" + "wTz2q"
    redacted(f"mysql://alex:{pw}@db.widgets-inc.com/app\n", pw)


def test_a_trackers_issue_key_under_an_issue_label_is_an_id():
    kept('  "issue_key": "WEB-1042"\n')


def test_a_reference_to_a_setting_before_its_statements_end_is_no_value():
    kept('function send(phone) {\\n  const sid   = process.env.TWILIO_ACCOUNT_SID;\\n'
         '  const token = process.env.TWILIO_AUTH_TOKEN;\\n  const from  = process.env.TWILIO_FROM;\\n}')


def test_options_names_joined_by_commas_are_names():
    kept('    $null = $Host.UI.RawUI.ReadKey("NoEcho,IncludeKeyDown")\n')


BUCKETS = """| Name                                                        | Region    |
| orders-api-prod-artifacts                                   | eu-west-1 |
| kumarsingh-auth-site-webassetsbucket4f2a9c1d-xk2mfqpzr8wt    | eu-west-1 |
| auth-dev-webassets-qpmzkx                                   | eu-west-1 |
"""


def test_a_cell_in_a_column_of_resource_names_is_a_name():
    kept(BUCKETS)


def test_a_passphrase_under_a_password_column_stays_redacted():
    pw = "correct-" + "walrus-" + "teapot-" + "q8x2mvz1lk4j"
    redacted(f"| User | Password |\n|---|---|\n| ops | {pw} |\n| web | horse-battery-staple-99 |\n"
             f"| db | lamp-river-cloud-7 |\n", pw)


def test_a_json_value_under_an_issues_key_is_the_issues_id():
    from store.privacy import clean_value
    assert clean_value({"issue_key": "WEB-1042", "fields": "summary"}) == {"issue_key": "WEB-1042", "fields": "summary"}
    assert clean_value({"api_key": "WEB-1042"}) == {"api_key": "[REDACTED:api_key]"}



def test_a_credentials_state_after_a_verb_of_being_is_no_value():
    kept('{"type":"text","text":"{\\"status\\":401,\\"code\\":\\"unauthorized\\",'
         '\\"message\\":\\"API token is invalid.\\",\\"request_id\\":\\"6d\\"}"}\n')
    kept('message: "Registry token is expired.\\" }')


def test_a_calls_name_before_an_errors_code_is_no_token():
    kept("Error validating PARTNER token: getaddrinfo ENOTFOUND api.partner.example\n")
    kept("Failed to refresh token: connect ECONNREFUSED 127.0.0.1:8080\n")


def test_a_sentence_in_japanese_or_chinese_is_prose():
    kept("   * KEYSTORE_PASSWORD: \u624b\u98062\u3067\u5165\u529b\u3057\u305f\u30d1\u30b9\u30ef\u30fc\u30c9"
         "\u3092\u5165\u529b\u3057\u307e\u3059\u3002\n   * KEY_ALIAS: mykey\n")


def test_a_word_before_a_capital_word_that_is_no_errors_code_stays_redacted():
    tok = "hun" + "ter"
    redacted(f"token: {tok} EXPIRED now\n", tok)


def test_a_files_path_without_its_extension_is_a_path():
    kept("2. **\u79fb\u52d5**: `upload/lotus_logo.png` \u2192 `src/lotus/assets/lotus_logo.png`\n"
         "3. **\u8a2d\u5b9a\u4fee\u6b63**: `pyproject.toml`\u306e`icon`\u30d1\u30b9\u3092`\"assets/lotus_logo\"`"
         "\u306b\u5909\u66f4\uff08\u62e1\u5f35\u5b50\u306a\u3057\uff09\n")


def test_words_joined_by_a_slash_as_a_password_stay_redacted():
    pw = "stone" + "/walrus"
    redacted(f'DB_PASSWORD="{pw}"\n', pw)

