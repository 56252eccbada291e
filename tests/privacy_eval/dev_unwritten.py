"""More of the dev part (tests/privacy_eval/dev.py): shapes written as an attacker would, in
families and syntaxes the first dev templates did not hold (an HTTP header in a web server's,
a proxy's or a language's own syntax, a secret read out by a command that selects one field,
credentials in prose, PINs, CDATA, network devices' configs, secrets piped into the command
that stores them), and, beside them, realistic negatives of the same syntaxes (code that names
a secret without holding one, command substitutions, brand names, GPIO pins).  The filter may
be tuned on these cases, as on the rest of dev; the held part is never read for them."""

from __future__ import annotations

import base64
from functools import partial

from tests.privacy_eval import (
    Batch,
    Case,
    bash_event,
    in_command,
    in_prompt,
    in_result,
    prompt_event,
    random_secret,
    result_line,
)


def _basic(user, v):
    return base64.b64encode(f"{user}:{v}".encode()).decode()


# Passwords as people choose them, and random tokens (other values than dev.py's).
HUMAN = ["Marmot!2025", "r3dPanda#7", "Oslo2019$", "gR8fulDead!", "Passw0rd-x1", "tulip_77Z", "N0vember!!",
         "9Lives&Cats", "Kiwi4life?", "b4nan4Split"]  # fmt: skip

BATCH = Batch("unw", tuple(HUMAN), lambda i: 16 + (i % 3) * 8)
_values = BATCH.values
_family = partial(BATCH.family, per=3)
_in_bash = in_command
_in_prompt = in_prompt
_in_result = in_result


PINS = ["4821", "0937", "715604", "29384", "5512", "80417392"]


def positives() -> list:
    c = []
    c += _family("authorization, any separator",
                 ['proxy_set_header Authorization "Basic {v}";', 'RequestHeader set Authorization "Basic {v}"',
                  'req.Header.Set("Authorization", "Basic {v}")', '.header("Authorization", "Basic {v}")'],
                 realistic=_in_result, secret=lambda v: _basic("admin", v))
    c += _family("authorization, custom scheme",
                 ["Authorization: ApiKey {v}", "Authorization: SSWS {v}", 'http-request set-header Authorization "Token {v}"',
                  'conn.request("GET", "/", headers={"Authorization": "Key {v}"})'], realistic=_in_bash,
                 secret=lambda v: random_secret("scheme" + v, 28))  # fmt: skip
    c += _family("c# property initializer", ['public string Password { get; set; } = "{v}";',
                                            'public static string ApiKey { get; } = "{v}";',
                                            '    public string ClientSecret { get; init; } = "{v}";'])
    c += _family("php curl options", ['curl_setopt($ch, CURLOPT_USERPWD, "admin:{v}");',
                                      "curl_setopt($ch, CURLOPT_PASSWORD, '{v}');",
                                      "CURLOPT_USERPWD => 'deploy:{v}',"], realistic=_in_result)
    c += _family("login in prose", ["log in with admin / {v}", "you can log in as admin with {v}",
                                    "sign in as ana@example.com using {v}", "ssh in as deploy with password {v}",
                                    "creds are root:{v}", "creds: root / {v}"], realistic=_in_prompt)
    c += _family("xml cdata", ["<password><![CDATA[{v}]]></password>", "  <secret><![CDATA[{v}]]></secret>",
                               "<entry key=\"db.password\"><![CDATA[{v}]]></entry>"], realistic=_in_result)
    c += _family("network device config", ["username admin privilege 15 password 0 {v}", "enable password {v}",
                                           " username deploy secret 0 {v}", "crypto isakmp key {v} address 0.0.0.0"],
                 realistic=_in_result)  # fmt: skip
    c += _family("piped into a secret store", ['echo "{v}" | docker secret create db_pw -',
                                               "printf '%s' '{v}' | podman secret create api_token -",
                                               'docker secret create db_pw - <<< "{v}"',
                                               "echo -n '{v}' | gh secret set API_TOKEN",
                                               'gh secret set DB_PASSWORD --body "{v}"'], realistic=_in_bash)
    c += _family("sql logins, more", ["EXEC sp_addlogin 'app', '{v}';", "EXEC sp_password NULL, '{v}', 'app';",
                                      "ACL SETUSER app on >{v} ~* +@all", "ALTER LOGIN sa WITH PASSWORD = '{v}';"],
                 realistic=_in_bash)
    c += _family("inflected labels, more", ["A jelszavam: {v}", "Jelszava: {v}", "Hasła do serwera: {v}",
                                            "Přihlaste se heslem {v}", "Hesla k wifi: {v}"], realistic=_in_prompt)
    c += _family("wifi keys", ["WIFI_KEY={v}", "wpa_key: {v}", "WLAN-Key: {v}", '"networkKey": "{v}"'],
                 realistic=_in_result)
    c += _family("quoted qualifier", ['Password for "ana@example.com": {v}', "token for 'deploy-bot': {v}"],
                 realistic=_in_prompt)
    c += _family("client made from a key", ['g = Github("{v}")', 'bot = telebot.TeleBot("{v}")',
                                            'slack = WebClient("{v}")', 'sg = SendGridAPIClient("{v}")',
                                            'client = openai.OpenAI("{v}")'], per=2, realistic=_in_result,
                 secret=lambda v: random_secret("client" + v, 32))
    c += _family("password slot, more drivers", ['const sequelize = new Sequelize("app", "root", "{v}", { dialect: "mysql" });',
                                                 'r = redis.StrictRedis("cache", 6379, 0, "{v}")',
                                                 'l.simple_bind_s("cn=admin,dc=example,dc=com", "{v}")',
                                                 'new PasswordAuthentication("ana", "{v}".toCharArray())'],
                 realistic=_in_result)
    c += _family("parameter pairs", ["ParameterKey=DbPassword,ParameterValue={v}",
                                     '{"ParameterKey": "ApiToken", "ParameterValue": "{v}"}',
                                     '{"Name": "/prod/db/password", "Value": "{v}", "Type": "SecureString"}'],
                 realistic=_in_bash)
    c += _family("changed to, many languages",
                 ["パスワードを {v} に変更しました", "パスワード「{v}」でログインしてください", "密码改成了{v}", "把密码设置成{v}",
                  "비밀번호를 {v}로 바꿨어요", "Passwort geändert auf {v}", "le mot de passe a été changé en {v}",
                  "j'ai changé le mot de passe en {v}", "cambié la contraseña a {v}", "mudei a senha para {v}",
                  "поменял пароль на {v}", "ho cambiato la password in {v}", "wachtwoord veranderd naar {v}",
                  "hasło zmienione na {v}", "the new password should be {v}", "password nya {v}"],
                 per=2, realistic=_in_prompt)  # fmt: skip
    c += _family("code python, more calls", ['jwt.decode(token, "{v}", algorithms=["HS256"])',
                                             'User.objects.create_user("ana", "ana@example.com", "{v}")',
                                             'User.objects.create_superuser("admin", "admin@example.com", "{v}")'],
                 realistic=_in_result)
    c += _family("code python, byte keys", ['cipher = AES.new(b"{v}", AES.MODE_GCM)', "mac = hmac.new(b'{v}', msg, 'sha256')"],
                 per=2, secret=lambda v: random_secret("bytes" + v, 32))
    c += _family("children of a secret parent", ["secrets:\n  db: {v}\n  region: eu-west-1", "passwords:\n  admin: {v}",
                                                 "[secrets]\ngithub = \"{v}\"", "[passwords]\ndeploy = {v}",
                                                 'PASSWORDS = {"admin": "{v}", "guest": "x"}',
                                                 '{"credentials": {"prod": "{v}"}}', "tokens:\n  - {v}"],
                 realistic=_in_result)  # fmt: skip
    c += _family("powershell and vnc", ['Set-ADAccountPassword -Identity ana -NewPassword (ConvertTo-SecureString -AsPlainText "{v}" -Force)',
                                        "$pw = ConvertTo-SecureString -AsPlainText -Force -String '{v}'",
                                        'vncpasswd -f <<< "{v}"'], realistic=_in_bash)
    c += _family("value on the line below a qualified label",
                 ["Please use the following password to proceed to installation:\n\n{v}\n",
                  "Generated password for user 'elastic':\n{v}", "Your API key (shown once):\n  {v}"],
                 realistic=lambda text, seed: bash_event("./install.sh", text, seed))
    c += _family("query output tables", [
        "+----------+--------------+\n| user     | password     |\n+----------+--------------+\n| admin    | {v} |\n+----------+--------------+",
        " user  | api_token\n-------+-----------\n admin | {v}\n(1 row)",
        "| id | email | password |\n+----+-------+----------+\n| 1 | ana@example.com | {v} |"],
        realistic=lambda text, seed: bash_event("mysql -e 'select * from accounts'", text, seed))
    for i, (cmd, shape) in enumerate([
        ("jq -r .password config/prod.json", "{v}"), ("jq -r '.db.password' settings.json", "{v}"),
        ("yq '.auth.token' values.yaml", "{v}"), ("yq -r .spec.apiKey deploy.yaml", "{v}"),
        ("terraform output -raw db_password", "{v}"), ("pulumi config get dbPassword", "{v}"),
        ("git config --get github.token", "{v}"), ("docker exec db printenv POSTGRES_PASSWORD", "{v}"),
        ("kubectl exec deploy/api -- printenv API_TOKEN", "{v}"), ("bin/rails secret", "{v}"),
        ("php artisan key:generate --show", "base64:{v}"), ("mix phx.gen.secret", "{v}"),
    ]):  # fmt: skip
        for k, v in enumerate(_values(f"out{i}", 2)):
            out = shape.replace("{v}", v)
            c.append(Case("output of a field read", bash_event(cmd, out, f"unwout{i}{k}"), (out,), realistic=True))
    for i, template in enumerate(["PIN: {p}", "my PIN is {p}", "PIN-Code: {p}", "Code PIN : {p}", "SIM PIN {p}",
                                  "the card's PIN is {p}.", "ПИН-код: {p}", "PIN码：{p}"]):
        for k in range(2):
            p = PINS[(i + k) % len(PINS)]
            text = template.replace("{p}", p)
            c.append(Case("pin codes", prompt_event(text, f"unwpin{i}{k}") if k else text, (p,), realistic=bool(k)))
    return c


def negatives() -> list:
    code = [
        'keyring.set_password("memlane", "token", value)', 'keyring.set_password("memlane", user, token)',
        "let token=next", "let token = next;", "let mut password = String::new();", "let password = String::new();",
        "TOKEN=`gh auth token`", "export GITHUB_TOKEN=`gh auth token`", "PW=`pass show work/db`",
        "public string Password { get; set; }", 'public string ApiKey { get; set; } = string.Empty;',
        "public string Token { get; init; } = default!;", 'curl_setopt($ch, CURLOPT_USERPWD, $user . ":" . $pass);',
        'req.Header.Set("Authorization", "Bearer "+token)', "proxy_set_header Authorization $http_authorization;",
        'proxy_set_header Authorization "";', 'RequestHeader unset Authorization',
        "const int ledPin = 13;", "#define BUTTON_PIN 2", "pin: 4", "PIN 13 drives the status LED",
        "the PIN is required for every payment", "PIN codes are 4 to 8 digits", "pinMode(PIN_LED, OUTPUT);",
        "<password><![CDATA[${DB_PASSWORD}]]></password>", "<description><![CDATA[Rotate the token weekly]]></description>",
        "echo \"$DB_PASSWORD\" | docker secret create db_pw -", "gh secret set API_TOKEN < token.txt",
        "enable password", "username admin privilege 15 secret 5 $1$mERr$hx5rVt7rPNoS4wqbXKX7m0",
        "wifi_key = os.environ['WIFI_KEY']", "network_key: ${NETWORK_KEY}", 'print(f"Password for {user}: ")',
        'client = Client("https://api.example.com")', 'client = ApiClient("my-service-name-prod")',
        'bot = Bot("Echo Bot v2")', 'client = Client("0f8fad5b-d9cb-469f-a165-70867728950e")',
        'r = redis.Redis("cache", 6379, 0)', 'sequelize = new Sequelize("app", "root", process.env.DB_PASSWORD)',
        '{"ParameterKey": "Env", "ParameterValue": "prod"}', '{"Name": "/prod/db/host", "Value": "db.internal"}',
        'jwt.decode(token, key, algorithms=["HS256"])', 'jwt.decode(token, options={"verify_signature": False})',
        'User.objects.create_user("ana", "ana@example.com", password)', 'h = hashlib.sha256(b"hello world")',
        'data = base64.b64decode(b"aGVsbG8=")',
        "secrets:\n  db_password:\n    file: ./db_password.txt", "secrets:\n  GH_TOKEN: ${{ secrets.GH_TOKEN }}",
        "secrets:\n  create: true\n  name: app-secrets", "tokens:\n  access_token_ttl: 3600",
        "credentials:\n  type: service_account\n  private_key_id: 3f8a9c2b7d1e4f6a8b0c2d4e6f8a0b1c3d5e7f9a\n"
        "  client_email: svc@proj.iam.gserviceaccount.com",
        'tokens: { primary: "#3b82f6", spacing: "1.5rem", font: "Inter, sans-serif" }',
        "imagePullSecrets:\n  - name: regcred", "passwords:\n  min_length: 12\n  require_digit: true",
        "tokens:\n  - hello\n  - world",
        "Password for the admin user:\n(see the vault)", "Your API key (shown once):\nnot created",
        "Enter the password for ana:\n", "The password for production:\n  - rotate monthly",
        "+----+----------------+\n| id | password_hash  |\n+----+----------------+\n| 1  | $2b$12$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234 |",
        " user  | password_set\n-------+--------------\n admin | t\n(1 row)",
        "+-------+----------+\n| user  | password |\n+-------+----------+\n| admin | NULL     |\n+-------+----------+",
    ]  # fmt: skip
    prose = [
        "my password manager is 1Password", "the password policy is strict", "token type is Bearer",
        "the password reset flow is broken", "my key manager is KeePassXC2", "our secret store is Vault",
        "log in with your GitHub account", "log in as admin with the password from the vault",
        "you can sign in as ana using SSO", "creds are in the vault",
        "Haslam said it works", "Password for 'ana':", "the wifi key is on the router's label",
        "cambié la contraseña a una más segura", "I changed the password in Vault", "パスワードを入力してください",
        "비밀번호를 입력하세요", "密码改为必填", "j'ai changé le mot de passe en urgence", "ho cambiato la password in fretta",
        "the password should be at least 12 characters", "mudei a senha para a nova política",
    ]  # fmt: skip
    outputs = [
        ("jq '.password | length' config.json", "12"), ("jq -r .username config.json", "app"),
        ("jq -r '.token_type' response.json", "bearer"), ("yq '.db.host' values.yaml", "db.internal"),
        ("terraform output -raw db_host", "db.internal.example.com"), ("git config --get user.email", "ana@example.com"),
        ("git config --get credential.helper", "store"), ("docker exec db printenv POSTGRES_USER", "app"),
        ("pulumi config get region", "eu-west-1"), ("bin/rails routes | grep secret", "secrets GET /secrets(.:format)"),
        ("jq -r '.password' config.json", "null"), ("terraform output db_password", "<sensitive>"),
    ]  # fmt: skip
    c = []
    for i, line in enumerate(code):
        c.append(Case("code naming secrets, more syntaxes", line))
        c.append(Case("code naming secrets, more syntaxes", result_line(f"unwneg{i}", f"  {i + 3}\t{line}"), realistic=True))
    for i, line in enumerate(prose):
        c.append(Case("prose about secrets, more", prompt_event(line, f"unwpr{i}"), realistic=True))
    for i, (cmd, out) in enumerate(outputs):
        c.append(Case("outputs of a field read, not secret", bash_event(cmd, out, f"unwon{i}"), realistic=True))
    return c


def cases() -> list:
    return positives() + negatives()
