"""The HELD part of the labelled privacy set (see tests/privacy_eval/__init__.py): never tuned on.

Written apart from dev.py: other templates, other values (other human passwords, other random
lengths and alphabets), other directives, commands, languages and phrasings.  Its numbers are
the ones reported (bench/bench_privacy.py)."""

from __future__ import annotations

import base64
import json

from tests.privacy_eval import (
    B32,
    HEX,
    Case,
    assistant_line,
    bash_event,
    gen,
    message_id,
    prompt_event,
    request_id,
    result_line,
    sha,
    tool_use_id,
    uuid_of,
)

HUMAN = ["Dragon#2025", "iloveyou99", "Autumn-Leaves-7", "m0nkey!Bz", "Football1984",
         "Sunshine&77", "w1nt3rIsC0ming", "Passport#42", "Orange_juice9", "xK2!vN8$qR",
         "Baseball@12", "pr1nc3ss!", "Starwars_1977", "tigerLily55", "NoMoreSecrets1"]  # fmt: skip
SYMBOLS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#%^*_-+"


def values(tag: str, n: int) -> list:
    out = []
    for i in range(n):
        if i % 2 == 1:
            out.append(HUMAN[(i // 2 + 3 * len(tag)) % len(HUMAN)])
        else:
            body = gen(f"held{tag}{i}", 14 + (i % 3) * 5, SYMBOLS)
            out.append(body[:4] + "Z9" + body[4:])
    return out


def family(name, templates, per_template=3, realistic=None):
    cases = []
    for t, template in enumerate(templates):
        for i, v in enumerate(values(name + str(t), per_template)):
            text = template.replace("{v}", v)
            cases.append(Case(name, text, (v,)))
            if realistic is not None and i == 1:
                cases.append(Case(name, realistic(text, f"H{name}{t}"), (v,), realistic=True))
    return cases


def in_bash(text, seed):
    return bash_event(text, "", seed)


def in_prompt(text, seed):
    return prompt_event(text, seed)


def in_read(text, seed):
    return result_line(seed, "     1\t" + text.replace("\n", "\n     2\t"))


def positives() -> list:
    c = []
    c += family("env file", ["SMTP_PASS={v}", "set -a; ADMIN_PASSWORD='{v}'; set +a", "SENTRY_AUTH_TOKEN={v}"], realistic=in_read)
    c += family("yaml", ["spring:\n  datasource:\n    password: '{v}'", "redis:\n  auth: {v}",
                         "credentials:\n  secret: {v}"], realistic=in_read)
    c += family("json config", ['{"auth": {"password": "{v}"}}', '"client_secret":"{v}"', '{"DB_PASS": "{v}"}'])
    c += family("toml", ['[registry]\ntoken = "{v}"', "db_password = '{v}'"])
    c += family("ini", ["[mysqld]\npassword={v}", "[credentials]\nsecret = {v}"])
    c += family("xml", ['<property name="password" value="{v}"/>', "<Secret>{v}</Secret>",
                        "<entry key=\"apiToken\">{v}</entry>"])
    c += family("php/ini settings", ["define('DB_PASSWORD', '{v}');", "$config['smtp_pass'] = '{v}';"])
    c += family("compose env map", ["    environment:\n      MYSQL_PASSWORD: {v}", "      RABBITMQ_DEFAULT_PASS: \"{v}\""])
    c += family("k8s name/value", ["- name: REDIS_PASSWORD\n  value: '{v}'", "- {name: JWT_SECRET, value: \"{v}\"}"],
                realistic=in_read)
    c += family("plist key/string", ["<key>APIToken</key><string>{v}</string>", "<key>password</key>\n    <string>{v}</string>"])
    c += family("terraform variable", ['variable "admin_password" {\n  description = "admin"\n  default     = "{v}"\n}',
                                       'variable "api_token" { default = "{v}" }'])
    c += family("directive with space", ["PassengerEnvVar SECRET_KEY_BASE {v}", "rpcpassword {v}",
                                         "  password {v}", "AuthBasicPassword {v}"], realistic=in_read)
    c += family("git config", ["git config --global hub.oauthtoken {v}", "git config gitlab.token {v}"], realistic=in_bash)
    c += family("heredoc", ["tee /etc/app.env <<'END'\nDB_PASS={v}\nEND",
                            "psql <<SQL\nALTER USER app PASSWORD '{v}';\nSQL"], realistic=in_bash)
    c += family("connection string", ["mysql://root:{v}@localhost:3306/shop", "Data Source=db;Initial Catalog=app;User ID=app;Password={v}",
                                      "redis://default:{v}@cache.example.net:6380"])
    c += family("code python", ["DATABASES = {'default': {'PASSWORD': '{v}'}}", "smtp.login(user, '{v}')",
                                "engine = create_engine('postgresql://app:{v}@db/app')"])
    c += family("code javascript", ["auth: { user: 'noreply@example.com', pass: '{v}' },",
                                    "const client = new Client({ password: \"{v}\" });",
                                    "axios.get(url, { auth: { username: 'api', password: '{v}' } })"])
    c += family("code typescript", ["export const JWT_SECRET = '{v}' as const;", "readonly token: string = \"{v}\";"])
    c += family("code java", ['props.put("mail.smtp.password", "{v}");', 'dataSource.setPassword("{v}");'])
    c += family("code go", ['Password: "{v}",', 'redis.NewClient(&redis.Options{Addr: "cache:6379", Password: "{v}"})'])
    c += family("code rust", ['let pass = String::from("{v}");', '.basic_auth("admin", Some("{v}"))'])
    c += family("code ruby", ["config.secret_key_base = '{v}'", "Redis.new(password: \"{v}\")"])
    c += family("code php", ["'password' => '{v}',", 'new mysqli("db", "app", "{v}", "shop");'])
    c += family("code csharp", ['options.Password = "{v}";', 'private const string ApiKey = "{v}";'])
    c += family("code kotlin", ['password = "{v}"', 'val token: String = "{v}"'])
    c += family("code swift", ['request.setValue("Bearer {v}", forHTTPHeaderField: "Authorization")',
                               'let password: String = "{v}"'])
    c += family("code scala", ['val secret = "{v}"', 'password = "{v}"'])
    c += family("code perl", ["my $pass = '{v}';", 'DBI->connect($dsn, "app", "{v}")'])
    c += family("code lua", ['local password = "{v}"', 'redis:auth("{v}")'])
    c += family("code dart", ["final apiKey = '{v}';", "const secret = '{v}';"])
    c += family("code elixir", ['password: "{v}",', 'config :app, secret_key_base: "{v}"'])
    c += family("call arguments", ['psycopg2.connect("dbname=app user=app password={v}")',
                                   'pymysql.connect(host="db", user="root", passwd="{v}", db="app")',
                                   'new Twilio("AC' + gen("held-tw", 32, HEX) + '", "{v}")',
                                   'mongoose.connect(uri, { user: "app", pass: "{v}" })'])
    c += family("cli flags", ["psql --password={v} -h db", "redis-cli -a {v} -h cache ping",
                              "az login --service-principal -u app -p {v} --tenant t"], realistic=in_bash)
    c += family("exec arrays", ['args: ["--db-password", "{v}"]', 'exec.Command("mysql", "-uroot", "-p{v}")',
                                '["sshpass", "-p", "{v}", "ssh", "pi@10.0.0.9"]'], realistic=in_bash)
    c += family("docker run", ["docker run --env MYSQL_ROOT_PASSWORD={v} mysql:8", "docker exec -it db psql -U app -W {v}"],
                realistic=in_bash)
    c += family("sql", ["CREATE USER report WITH PASSWORD '{v}';", "ALTER LOGIN sa WITH PASSWORD = '{v}';",
                        "UPDATE users SET password = '{v}' WHERE id = 1;",
                        "GRANT ALL ON app.* TO 'app'@'localhost' IDENTIFIED BY '{v}';"], realistic=in_bash)
    c += family("url userinfo", ["ftp://backup:{v}@files.example.org/", "smtps://mailer:{v}@smtp.example.com:465"])
    c += family("url query", ["wss://stream.example.com/socket?token={v}", "https://example.com/export.csv?key={v}&fmt=csv"])
    c += family("http headers", ["X-Auth-Token: {v}", "Proxy-Authorization: Bearer {v}", "PRIVATE-TOKEN: {v}"],
                realistic=in_bash)
    c += family("prose english", ["login is admin and the password {v}", "I set the root password to {v}",
                                  "pw for the staging box: {v}", "here's the api key {v} for the test account"],
                realistic=in_prompt)
    c += family("markdown table", ["| Service | Login | Password |\n|---|---|---|\n| grafana | admin | {v} |"])
    c += family("wifi", ["WiFi password: {v}", "psk=\"{v}\""])
    c += family("chinese appsecret", ["微信 appsecret={v} 不要提交到仓库", "app_secret：{v}，用于换取 access_token"])
    c += labels()
    c += outputs()
    c += keys()
    c += wallets()
    return c


LABELS = [
    ("ro", "Parolă", "Parola este {v}"), ("sk", "Heslo", "Heslo: {v}"), ("sl", "Geslo", "Geslo je {v}"),
    ("hr", "Lozinka", "Lozinka je {v}"), ("sr", "Лозинка", "Лозинка: {v}"), ("bg", "Парола", "Паролата е {v}"),
    ("lt", "Slaptažodis", "Slaptažodis: {v}"), ("lv", "Parole", "Parole ir {v}"), ("et", "Parool", "Parool on {v}"),
    ("fa", "رمز عبور", "رمز عبور: {v}"), ("ms", "Kata laluan", "Kata laluan ialah {v}"),
    ("sw", "Nenosiri", "Nenosiri ni {v}"), ("bn", "পাসওয়ার্ড", "পাসওয়ার্ড: {v}"),
    ("ca", "Contrasenya", "La contrasenya és {v}"), ("no", "Passord", "Passordet er {v}"),
    ("da", "Adgangskode", "Adgangskoden er {v}"), ("zh-tw", "密碼", "密碼：{v}"),
    ("ja", "暗証番号", "パスワード：{v}"), ("ko", "암호", "암호: {v}"), ("th", "รหัสผ่าน", "รหัสผ่านคือ {v}"),
    ("de", "Kennwort", "Kennwort lautet {v}"), ("es", "Clave", "la clave es {v}"),
    ("fr", "MDP", "mon mdp: {v}"), ("pt", "Palavra-passe", "palavra-passe: {v}"),
]  # fmt: skip


def labels() -> list:
    c = []
    for lang, label, sentence in LABELS:
        wide = lang in ("zh-tw", "ja", "ko")
        c += family("label " + lang, [label + ("：" if wide else " : ") + "{v}", sentence], per_template=2)
    return c


OUTPUT_COMMANDS = [
    ("gopass show", "gopass show -o websites/github", lambda v: v),
    ("security find-generic-password", "security find-generic-password -s github -w", lambda v: v),
    ("gcloud secrets access", "gcloud secrets versions access latest --secret=db-pass", lambda v: v),
    ("az keyvault secret", "az keyvault secret show --vault-name kv --name db --query value -o tsv", lambda v: v),
    ("doppler secrets get", "doppler secrets get DB_PASSWORD --plain", lambda v: v),
    ("openssl rand hex", "openssl rand -hex 32", lambda v: gen(v, 64, HEX)),
    ("wg pubkey pipeline", "wg genkey | tee privatekey", lambda v: base64.b64encode(v.encode().ljust(32, b"w")[:32]).decode()),
    ("cat secret file", "cat /run/secrets/db_password", lambda v: v),
    ("kubectl decode", "kubectl get secret api -o jsonpath='{.data.token}' | base64 --decode", lambda v: v),
    ("heroku config:get", "heroku config:get STRIPE_KEY -a shop", lambda v: v),
]  # fmt: skip


def outputs() -> list:
    c = []
    for name, command, make in OUTPUT_COMMANDS:
        for i, v in enumerate(values("hout" + name, 4)):
            out = make(v)
            c.append(Case("output " + name, bash_event(command, out + "\n", f"hout{name}{i}"), (out,), realistic=True))
    return c


def _t(*parts):
    return "".join(parts)


def keys() -> list:
    c = []
    for i in range(5):
        s = f"hk{i}"
        tokens = [
            _t("gh", "o_", gen(s + "gho", 36)), _t("gh", "s_", gen(s + "ghs", 36)),
            _t("sk-", "ant-admin01-", gen(s + "adm", 93), "AA"), _t("xo", "xp-", gen(s + "xp", 10, "0123456789"), "-",
                                                                     gen(s + "xp2", 11, "0123456789"), "-", gen(s + "xp3", 32, HEX)),
            _t("rk", "_live_", gen(s + "rk", 32)), _t("shp", "at_", gen(s + "shp", 32, HEX)),
            _t("do", "p_v1_", gen(s + "do", 64, HEX)), _t("pypi-", "AgEIcHlwaS5vcmc", gen(s + "pypi", 60)),
            _t("ya29", ".", gen(s + "ya", 60)), _t("glpat", "-", gen(s + "glh", 20)),
        ]
        for j, tok in enumerate(tokens):
            where = ["{}", "Authorization: token {}", 'TOKEN="{}"', "the key {} was leaked"][(i + j) % 4]
            c.append(Case("provider token", where.format(tok), (tok,)))
        body = [gen(s + f"pem{k}", 64, HEX + "ABCDEFGHIJKLMNOPQRSTUVWXYZghijklmnopqrstuvwxyz+/") for k in range(4)]
        pem = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + "\n".join(body) + "\n-----END OPENSSH PRIVATE KEY-----"
        c.append(Case("pem private key", json.dumps({"key": pem}), tuple(body)))
        c.append(Case("pem private key", result_line(s, pem), tuple(body), realistic=True))
        head = base64.urlsafe_b64encode(b'{"typ":"JWT","alg":"RS256","kid":"k1"}').decode().rstrip("=")
        claims = base64.urlsafe_b64encode(json.dumps({"email": f"a{i}@example.com", "exp": 1800000000}).encode()).decode().rstrip("=")
        jwt = f"{head}.{claims}.{gen(s + 'sig', 86, B32 + 'abcdefghijklmnopqrstuvwxyz_-')}"
        c.append(Case("signed jwt", ["Cookie: auth={}", "{}", "jwt: {}"][i % 3].format(jwt), (jwt,)))
        age = "AGE-SECRET-KEY-1" + gen(s + "age", 58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L".upper())
        c.append(Case("age secret key", f"# created: 2026-01-01\n# public key: age1{gen(s + 'agep', 58, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}\n{age}", (age,)))
    return c


WORDS = ("zoo zone youth year wrist write wrong yard wreck wrap worth world wood wolf witness wisdom "
         "winter wing wine window win wild wife width wide whip wheel whale wet west weekend wealth "
         "weapon wave water wash warrior warm war wall walk wait wagon vote volume voice visit virus").split()


def wallets() -> list:
    c = []
    for i in range(6):
        s = f"hw{i}"
        phrase = " ".join(WORDS[int(sha(s + str(k), 4), 16) % len(WORDS)] for k in range(12 if i % 2 == 0 else 18))
        t = ["wallet mnemonic: {}", "助记词：{}", "backup phrase = \"{}\""][i % 3]
        c.append(Case("wallet seed phrase", t.format(phrase), (phrase,)))
        hexkey = gen(s + "hex", 64, HEX)
        t = ["ETH_PRIVATE_KEY={}", "privateKey: '0x{}'", "solana/eth signer key 0x{}"][i % 3]
        c.append(Case("wallet hex key", t.format(hexkey), (hexkey,)))
        seed = gen(s + "totp", 16 if i % 2 else 32, B32)
        t = ["otpauth://totp/AWS:root?secret={}&issuer=AWS&algorithm=SHA1", "MFA seed: {}", "authenticator key = {}"][i % 3]
        c.append(Case("totp seed", t.format(seed), (seed,)))
        codes = [gen(s + f"rc{k}", 8, "0123456789") for k in range(5)]
        t = ["Backup verification codes\n" + "\n".join(f"{k + 1}. {x}" for k, x in enumerate(codes)),
             "recovery codes: " + ", ".join(codes)][i % 2]
        c.append(Case("recovery codes", t, tuple(codes)))
    return c


def negatives() -> list:
    c = []
    words = ["pass", "sk", "key", "pw", "Pass", "SK", "KEY", "pW"]
    for i in range(50):
        w = words[i % len(words)]
        s = f"hn{i}"
        tid = tool_use_id(s, w)
        c.append(Case("tool-use id", {"hook_event_name": "PostToolUseFailure", "tool_name": "Bash",
                                      "tool_input": {"command": "npm test"}, "error": "exit 1",
                                      "tool_use_id": tid, "session_id": uuid_of(s)}, realistic=True))  # fmt: skip
        c.append(Case("tool-use id", assistant_line(s, "Grep", {"pattern": "password", "path": "src"}, w), realistic=True))
        c.append(Case("tool-use id", result_line(s, "src/auth.py:12: def check_password(pw):", w), realistic=True))
        c.append(Case("tool-use id", f"The tool call {tid} returned no matches for secret", realistic=True))
    for i in range(30):
        s = f"hid{i}"
        c.append(Case("message ids", f"request id {request_id(s)} failed (message {message_id(s)}) auth error", realistic=True))
        c.append(Case("message ids", json.dumps({"leafUuid": uuid_of(s), "summary": "Fix token refresh"}), realistic=True))
    for i in range(30):
        s = f"hh{i}"
        c.append(Case("hashes", bash_event("git rev-parse HEAD", sha(s) + "\n", s), realistic=True))
        c.append(Case("hashes", f"[main {sha(s, 7)}] Move the api key check to middleware", realistic=True))
        c.append(Case("hashes", f"etag: W/\"{sha(s, 32)}\"  session: ok", realistic=True))
        c.append(Case("hashes", f"docker pull ghcr.io/acme/auth@sha256:{sha(s, 64)}", realistic=True))
    pkgs = [("jose", "^5.9.6"), ("passport-local", "~1.0.0"), ("argon2", "0.41.1"), ("pyjwt", ">=2.8.0"),
            ("python-keycloak", "4.7.3"), ("secrets-manager-sdk", "^3.2.1"), ("otpauth", "^9.3.6"),
            ("hashicorp/vault", "~> 4.5")]  # fmt: skip
    for i in range(32):
        name, ver = pkgs[i % len(pkgs)]
        c.append(Case("versions", f'{name} = "{ver}"', realistic=True))
        c.append(Case("versions", bash_event("npm ls", f"app@1.0.0 /home/dev/app\n├── {name}@{ver.strip('^~>= ')}\n└── express@4.21.2", f"hv{i}"), realistic=True))
    placeholders = ["YOUR_API_KEY", "your-password-here", "<secret>", "xxx-xxx-xxx", "INSERT_TOKEN_HERE",
                    "${{ secrets.NPM_TOKEN }}", "{{ vault_db_password }}", "<%= ENV['SECRET'] %>", "your_stripe_secret",
                    "...", "placeholder", "<redacted>", "${API_TOKEN:?}", "$(cat /run/secrets/pw)"]  # fmt: skip
    forms = ['SECRET_KEY="{}"', "password: {}", "Authorization: Bearer {}", "api_key = '{}'", "-p {}"]
    for i in range(56):
        c.append(Case("placeholders", forms[i % len(forms)].format(placeholders[i % len(placeholders)]), realistic=i % 2 == 1))
    for i in range(20):
        head = base64.urlsafe_b64encode(b'{"typ":"JWT","alg":"none"}').decode().rstrip("=")
        claims = base64.urlsafe_b64encode(json.dumps({"role": "admin", "n": i}).encode()).decode().rstrip("=")
        c.append(Case("unsigned jwt", f"unsigned test token: {head}.{claims}.", realistic=True))
    for i in range(20):
        s = f"hpk{i}"
        rsa = "AAAAB3NzaC1yc2EAAAADAQABAAABAQ" + gen(s, 300, B32 + "abcdefghijklmnopqrstuvwxyz+/")
        c.append(Case("public keys", f"authorized_keys: ssh-rsa {rsa} deploy@ci", realistic=True))
        c.append(Case("public keys", f"recipient: age1{gen(s + 'age', 58, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}", realistic=True))
        c.append(Case("public keys", f"publishableKey: 'pk_live_{gen(s + 'pkl', 24)}'", realistic=True))
        c.append(Case("public keys", f"[Peer]\nPublicKey = {base64.b64encode(bytes.fromhex(sha(s, 64))).decode()}\nAllowedIPs = 10.0.0.2/32", realistic=True))
        c.append(Case("public keys", f"Send to bc1q{gen(s + 'btc', 38, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}", realistic=True))
    code = [
        "token = jwt.encode(payload, settings.SECRET_KEY, algorithm='HS256')",
        "const password = await bcrypt.hash(req.body.password, 10);",
        "if len(password) < 12: raise ValueError('password too short')",
        "api_key: str = Field(..., env='API_KEY')", "secret := os.Getenv(\"JWT_SECRET\")",
        "password = getpass.getpass('Password: ')", "let token = try await auth.fetchToken()",
        "AUTH_TOKEN = config('AUTH_TOKEN')", "@Value(\"${db.password}\") private String password;",
        "export GH_TOKEN=$(gh auth token)", "key = f\"user:{user_id}:sessions\"",
        "tokens_used = response.usage.output_tokens", "password_reset_url = reverse('password_reset')",
        "if token_expired(token): refresh()", "secrets: inherit",
        "docker login -u $USER --password-stdin < ~/.docker/token",
    ]  # fmt: skip
    for i, line in enumerate(code):
        c.append(Case("code naming secrets", line))
        c.append(Case("code naming secrets", assistant_line(f"hcode{i}", "Write", {"file_path": "/home/dev/app/a.py", "content": line}),
                      realistic=True))  # fmt: skip
        c.append(Case("code naming secrets", result_line(f"hcode{i}r", f"  40\t{line}"), realistic=True))
    outputs = [
        ("op item list", "ID                            TITLE        VAULT\n" + gen("opid", 26, "abcdefghijklmnopqrstuvwxyz0123456789") + "    GitHub      Private"),
        ("gh auth status", "github.com\n  ✓ Logged in to github.com account ana (keyring)\n  - Token: gho_************************************\n  - Token scopes: 'repo'"),
        ("openssl x509 -noout -fingerprint", f"SHA256 Fingerprint={':'.join(sha('cert', 64).upper()[k:k + 2] for k in range(0, 64, 2))}"),
        ("npm audit", "found 0 vulnerabilities\nadded 212 packages, and audited 213 packages in 3s"),
        ("ls ~/.ssh", "authorized_keys\nid_ed25519\nid_ed25519.pub\nknown_hosts"),
        ("aws kms list-keys", json.dumps({"Keys": [{"KeyId": uuid_of("kms"), "KeyArn": f"arn:aws:kms:us-east-1:111122223333:key/{uuid_of('kms')}"}]})),
    ]  # fmt: skip
    for i in range(36):
        cmd, out = outputs[i % len(outputs)]
        c.append(Case("outputs not secret", bash_event(cmd, out, f"ho{i}"), realistic=True))
    prose = [
        "Can you check why the password reset link says the token is invalid?",
        "The secret rotation job runs nightly and writes to AWS Secrets Manager.",
        "password: required, min 8 characters (see validators.py)",
        "I've added a `--token` flag; pass it or set GITHUB_TOKEN.",
        "La contraseña se guarda cifrada con bcrypt.", "パスワードは環境変数から読み込みます。",
        "The key point is that the session expires after an hour.",
        "Passwords are hashed with argon2id; the pepper lives in the KMS.",
    ]  # fmt: skip
    for i in range(40):
        c.append(Case("prose about secrets", prompt_event(prose[i % len(prose)], f"hpr{i}"), realistic=True))
    for i in range(20):
        s = f"hx{i}"
        c.append(Case("other ids", f"vpc-{gen(s, 17, HEX)} subnet-{gen(s + 'sub', 17, HEX)} key pair: deploy-key", realistic=True))
        c.append(Case("other ids", f"pi_{gen(s + 'pi', 24)} succeeded (payment intent), secret rotation scheduled", realistic=True))
        c.append(Case("other ids", f"run id {gen(s + 'run', 11, '0123456789')} token job passed", realistic=True))
    return c


def cases() -> list:
    return positives() + negatives()
