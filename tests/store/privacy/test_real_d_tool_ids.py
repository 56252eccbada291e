"""Real part D's shapes (other words and values): ids a tool prints in its own output, which the
entropy rule found because a secret's word stood on the same line.

Where the line is drawn:
- a value under a name that says it is a position in a listing (`cursor`, `endCursor`,
  `next_cursor`) is a pagination cursor, an id of a page, whatever else the line holds; the
  password or key in a member beside it stays a secret;
- a value right after the `@` of a URL's authority (`scheme://user:pass@HOST`) is the host the URL
  names, and so is the value of a host option (`-h HOST`, `--host HOST`): a host name, never a
  secret; the URL's password before the `@` stays one;
- a task an orchestrator names `<service>.<slot>.<task id>` (a readable name, a replica's number,
  the id) is a replica's name as a listing prints it;
- a build tool's reference written `<uuid>::<id>` after the word `ref` is the id of a snapshot."""

from __future__ import annotations

from tests.privacy_eval import gen, random_secret
from tests.store.privacy import kept, redacted

B36 = "abcdefghijklmnopqrstuvwxyz0123456789"


def test_a_pagination_cursor_beside_a_password_is_kept():
    pw = random_secret("d2-cursor-pw", 28)
    c1, c2 = "cGFnZTpxd2VydHk6" + gen("d2-c1", 16), "cGFnZTpxd2VydHk6" + gen("d2-c2", 16)
    for name in ("cursor", "endCursor", "next_cursor"):
        text = ('[{"setting":{"name":"MAIL_PASSWORD","value":"' + pw + '"},"' + name + '":"' + c1 + '"},'
                '{"setting":{"name":"MAIL_PORT","value":"587"},"' + name + '":"' + c2 + '"}]')
        redacted(text, pw)
        kept(text, c1)
        kept(text, c2)


def test_a_urls_host_and_a_host_option_are_kept():
    pw = random_secret("d2-host-pw", 30)
    host = "db-" + gen("d2-host", 20, B36) + "-b"
    for tail in (".eu-west-db.hostingco.net:5432/shop", "/shop"):
        text = "DATABASE_URL=postgresql://shop_admin:" + pw + "@" + host + tail + " password set"
        redacted(text, pw)
        kept(text, host + tail.split(":")[0])
    text = "PGPASSWORD=" + pw + " psql -h " + host + ".eu-west-db.hostingco.net -p 5432 -U shop_admin shop"
    redacted(text, pw)
    kept(text, host + ".eu-west-db.hostingco.net")


def test_an_orchestrators_task_name_in_a_listing_is_kept():
    rows = []
    for i in range(3):
        task = "shopapp_api-auth." + str(i + 1) + "." + gen("d2-task" + str(i), 25, B36)
        rows.append("4f0c2a9e81b" + str(i) + "   shop-auth-api:v2   \"node server.js\"   2 hours ago   "
                    "Up 2 hours (healthy)   8080/tcp   " + task)
    text = "CONTAINER ID   IMAGE   COMMAND   CREATED   STATUS   PORTS   NAMES\n" + "\n".join(rows) + "\n"
    kept(text)


def test_a_build_tools_snapshot_ref_is_kept():
    uuid = "3b9e1f40-7c2d-4e8a-9f13-0a6b5c4d2e71"
    a, b = gen("d2-ref-a", 25, B36), gen("d2-ref-b", 25, B36)
    for text in ("#9 ERROR: failed to compute cache key: failed to calculate checksum of ref " + uuid + "::" + a
                 + ': "/srv/out": not found\n',
                 "failed to solve: failed to compute cache key: failed to calculate checksum of ref " + a + "::" + b
                 + ': "/LICENSE": not found\n'):
        kept(text)


# ---------------------------------------------------------------- a path by its form
def test_a_path_with_its_line_number_or_a_glob_is_kept():
    for text in ("| Token Refresh Timer | `lib/session/tokenStore.ts:48` | setInterval | Session | `clearInterval()` |\n",
                 "| Password Reset Watcher | `app/account/resetFlow.py:120:7` | watcher | Accounts |\n",
                 "3. 出力パス変更: `out/debug/*.aab` → `out/release/*.aab`\n",
                 "- password file path: `keys/*.pem`\n"):
        kept(text)


# ---------------------------------------------------------------- a template by its syntax
def test_a_key_computed_by_string_interpolation_is_kept():
    for text in ('        prefs.set(tokenData, forKey: "SessionToken-\\(account.identifier)")\n',
                 '    if let saved = store.data(forKey: "SecretBlob-\\(folderURL.lastPathComponent)") {\n'):
        kept(text)


def test_a_value_that_opens_a_template_reference_is_kept():
    text = ("      - run: |\n          jarsigner -keystore app.jks \\\n            -storepass pass:${{ secrets.STORE_PASSWORD }} \\\n"
            "            -keypass pass:${{ secrets.SIGNING_KEY_PASSWORD }} \\\n            app.apk upload\n")
    kept(text)


# ---------------------------------------------------------------- a URL's public challenge
def test_a_pkce_challenge_in_a_sign_in_url_is_kept():
    challenge = gen("d2-pkce", 43, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    text = ("Open this link to sign in with your account:\n\nhttps://login.example-idp.com/oauth2/authorize?client_id=4471"
            "&redirect_uri=http%3A%2F%2Flocalhost%3A8085%2F&scope=openid%20email&access_type=offline"
            "&code_challenge=" + challenge + "&code_challenge_method=S256\n")
    kept(text, challenge)
    verifier = random_secret("d2-pkce-verifier", 43)
    redacted("curl -X POST https://login.example-idp.com/oauth2/token -d grant_type=authorization_code"
             "&code_verifier=" + verifier + "&client_secret=" + random_secret("d2-pkce-cs", 24), verifier)
