"""The dev part of the labelled privacy set (see tests/privacy_eval/__init__.py): the filter may
be tuned on these cases.  Templates by family, each filled with several values; the held part
(held.py) uses other templates, values and languages."""

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
    random_secret,
    request_id,
    result_line,
    sha,
    tool_use_id,
    uuid_of,
)

# Passwords as people choose them, and random ones.
HUMAN = ["admin123", "Summer2024!", "hunter2!x", "P@ssw0rd99", "letmein2023", "Qwerty!234",
         "MyDog$Rex99", "s3cr3tP4ss", "Tr0ub4dor&3", "Welcome1!", "zaq12wsx!", "d4t4b4s3!",
         "Kx9#mPq2vL", "bluefish77", "Secur3Pa55"]  # fmt: skip


def values(tag: str, n: int) -> list:
    """`n` values: human passwords and random ones alternating."""
    out = []
    for i in range(n):
        if i % 2 == 0:
            out.append(HUMAN[(i // 2 + len(tag)) % len(HUMAN)])
        else:
            out.append(random_secret(f"dev{tag}{i}", 12 + (i % 4) * 6))
    return out


def family(name: str, templates: list, per_template: int = 6, tag: str = "", realistic=None) -> list:
    cases = []
    for t, template in enumerate(templates):
        for i, v in enumerate(values(name + tag + str(t), per_template)):
            text = template.replace("{v}", v)
            cases.append(Case(name, text, (v,)))
            if realistic is not None and i == 0:
                seed = f"{name}{t}"
                cases.append(Case(name, realistic(text, seed), (v,), realistic=True))
    return cases


def in_bash(text, seed):
    return bash_event(text, "", seed)


def in_prompt(text, seed):
    return prompt_event(text, seed)


def in_output(text, seed):
    return bash_event("cat deploy/settings.txt", text, seed)


def positives() -> list:
    c = []
    c += family("env file", ["DB_PASSWORD={v}", "export STRIPE_SECRET={v}", 'REDIS_PASSWORD="{v}"',
                             "API_TOKEN={v}\nAPI_URL=https://api.example.com"], realistic=in_output)
    c += family("yaml", ["database:\n  password: {v}\n  user: app", 'auth:\n  token: "{v}"',
                         "smtp:\n  pass: {v}\n  port: 587"], realistic=in_output)
    c += family("json config", ['{"password": "{v}", "user": "app"}', '  "apiSecret": "{v}",',
                                '{"db": {"host": "db", "pwd": "{v}"}}'])
    c += family("toml", ['password = "{v}"', '[database]\nsecret_key = "{v}"'])
    c += family("ini", ["[client]\nuser = root\npassword = {v}", "[smtp]\nauth_pass={v}"])
    c += family("xml", ["<password>{v}</password>", '<add key="DbPassword" value="{v}" />',
                        '<connection user="app" password="{v}"/>'])
    c += family("java properties", ["spring.datasource.password={v}", "mail.smtp.password = {v}"])
    c += family("compose env list", ["    environment:\n      - POSTGRES_PASSWORD={v}",
                                     '      - "MYSQL_ROOT_PASSWORD={v}"'])
    c += family("k8s name/value", ["env:\n  - name: DB_PASSWORD\n    value: \"{v}\"",
                                   "        - name: API_TOKEN\n          value: {v}"], realistic=in_output)
    c += family("plist key/string", ["<key>Password</key>\n<string>{v}</string>",
                                     "\t<key>apiSecret</key>\n\t<string>{v}</string>"])
    c += family("terraform variable", ['variable "db_password" {\n  type    = string\n  default = "{v}"\n}',
                                       'resource "aws_db_instance" "main" {\n  username = "app"\n  password = "{v}"\n}'])
    c += family("directive with space", ["requirepass {v}", "masterauth {v}", "SetEnv DB_PASSWORD {v}",
                                         "    auth_pass {v}"], realistic=in_output)
    c += family("git config", ["git config --global github.token {v}", "git config --global credential.password {v}"],
                realistic=in_bash)
    c += family("heredoc", ["cat > .env <<EOF\nAPI_URL=https://x.example.com\nSECRET_KEY={v}\nEOF",
                            "cat <<'EOF' > secret.yaml\nstringData:\n  password: {v}\nEOF"], realistic=in_bash)
    c += family("connection string", ["Server=db;Database=app;User Id=sa;Password={v};",
                                      "postgresql://app:{v}@db.internal:5432/app",
                                      "Host=db;Username=app;Pwd={v};Database=shop"])
    # code in 12 languages
    c += family("code python", ['password = "{v}"', 'conn = psycopg2.connect(host="db", user="app", password="{v}")',
                                'client = OpenAI(api_key="{v}")'])
    c += family("code javascript", ["const password = '{v}';", "const pool = new Pool({ user: 'app', password: '{v}' });",
                                    'mongoose.connect("mongodb://app:{v}@db.internal/app");'])
    c += family("code typescript", ['const apiKey: string = "{v}";', "private readonly clientSecret = '{v}';"])
    c += family("code java", ['Connection c = DriverManager.getConnection(url, "app", "{v}");',
                              'String password = "{v}";'])
    c += family("code go", ['password := "{v}"', 'db, err := sql.Open("mysql", "app:{v}@tcp(db:3306)/app")'])
    c += family("code rust", ['let token = "{v}";', 'const API_SECRET: &str = "{v}";'])
    c += family("code ruby", ["  password: '{v}',", "Net::SMTP.start('smtp.example.com', 587, 'example.com', 'me', '{v}', :login)"])
    c += family("code php", ["$password = '{v}';", 'mysqli_connect("localhost", "root", "{v}", "app");',
                             "$pdo = new PDO($dsn, 'root', '{v}');"])
    c += family("code csharp", ['var password = "{v}";', 'var cred = new NetworkCredential("app", "{v}");'])
    c += family("code kotlin", ['val dbPassword = "{v}"', 'private const val API_SECRET = "{v}"'])
    c += family("code swift", ['let apiSecret = "{v}"', 'static let password = "{v}"'])
    c += family("code cpp", ['const char* password = "{v}";',
                             'mysql_real_connect(conn, "db", "root", "{v}", "app", 0, NULL, 0);'])
    c += family("code shell", ["PGPASSWORD={v} psql -h db -U app", "sshpass -p '{v}' ssh deploy@10.0.0.5"],
                realistic=in_bash)
    c += family("code powershell", ['$password = ConvertTo-SecureString "{v}" -AsPlainText -Force',
                                    '$env:API_KEY = "{v}"'])
    c += family("call arguments", ['client = Client("AC' + gen("twilio", 32, HEX) + '", "{v}")',
                                   'server.login("me@example.com", "{v}")', "r = redis.Redis(host='cache', password='{v}')",
                                   'ftp.login("deploy", "{v}")'])
    # command lines
    c += family("cli flags", ["mysql -u root -p{v} app", "deploy --api-token {v} --region eu",
                              "htpasswd -b .htpasswd admin {v}"], realistic=in_bash)
    c += family("exec arrays", ['["ttyd", "-c", "admin:{v}", "bash"]', 'CMD ["redis-server", "--requirepass", "{v}"]',
                                'subprocess.run(["mysql", "-u", "root", "-p{v}"])'], realistic=in_bash)
    c += family("docker run", ["docker run -e POSTGRES_PASSWORD={v} -d postgres:16",
                               "docker run -d redis:7 redis-server --requirepass {v}"], realistic=in_bash)
    c += family("sql", ["CREATE LOGIN app WITH PASSWORD = N'{v}';", "SET PASSWORD FOR 'app'@'%' = '{v}';",
                        "INSERT INTO users (email, password) VALUES ('ana@example.com', '{v}');",
                        "ALTER ROLE app WITH LOGIN PASSWORD '{v}';"], realistic=in_bash)
    c += family("url userinfo", ["https://deploy:{v}@git.example.com/repo.git", "amqp://guest:{v}@rabbit:5672/"])
    c += family("url query", ["https://api.example.com/v1/items?api_key={v}&page=2",
                              "GET /callback?code=1&access_token={v}"])
    c += family("http headers", ["Authorization: Bearer {v}", "X-API-Key: {v}", 'curl -H "Authorization: Token {v}" https://api.example.com'],
                realistic=in_bash)
    c += family("prose english", ["the password is {v}", "use {v} as the password",
                                  "Password: {v} (change after first login)", "my db password is {v} btw"],
                realistic=in_prompt)
    c += family("markdown table", ["| user | password |\n|------|----------|\n| admin | {v} |"])
    c += family("xml named element", ['<entry key="password">{v}</entry>',
                                      '  <property name="hibernate.connection.password">{v}</property>'],
                realistic=in_output)
    c += family("prose participle", ["Admin password set to {v}", "the staging token was changed to {v}"],
                realistic=in_prompt)
    c += family("label with a qualifier", ["contraseña del wifi: {v}", "senha do banco: {v}",
                                           "Passwort für den Server: {v}", "the password for the staging db: {v}"],
                realistic=in_prompt)
    c += family("labelled table row", ["┌───────┬──────┐\n│ token │ {v} │\n└───────┴──────┘",
                                        "| user | ana |\n| password | {v} |"], realistic=in_output)
    c += family("label, qualifier, connector", ["Пароль от сервера: {v}", "Heslo k serveru je {v}",
                                                "het wachtwoord van de db is {v}", "Password ng wifi: {v}"],
                realistic=in_prompt)
    c += family("prose aside", ["password = {v} (don't share)", "Temporary password: {v} — expires in 24h",
                                "Use password {v} to log in"], realistic=in_prompt)
    c += family("inflected label", ["Lozinka: {v}", "Salasanasi on {v}"])
    c += family("sql grant", ["GRANT ALL ON app.* TO 'app'@'%' IDENTIFIED BY '{v}';"], realistic=in_bash)
    c += family("connection string in code", ['var conn = new SqlConnection("Server=.;User ID=sa;Password={v}");'])
    c += family("wifi", ["nmcli dev wifi connect HomeNet password {v}", "wpa_passphrase HomeNet {v}"])
    c += family("wechat appsecret", ["appsecret: {v}，请勿泄露给他人", "AppSecret：{v}（在公众号后台获取）"])
    c += family("value before its label", ["{v} is the password", "{v} est le mot de passe", "{v} é a senha",
                                           "{v} ist das Passwort", "{v} er adgangskoden", "{v} je heslo",
                                           "Try {v} — that's the staging password.", "{v}, which is the token"],
                per_template=3, realistic=in_prompt)
    c += family("label, value below", ["Mot de passe :\n{v}", "Senha:\n  {v}", "Password:\n{v}\n"], per_template=3,
                realistic=in_prompt)
    c += family("label, arrow or dash", ["heslo -> {v}", "Passwort => {v}", "password → {v}", "Password - {v}",
                                         "пароль – {v}"], per_template=3)
    c += family("label in markdown", ["- **Senha:** {v}", "**Mot de passe** : {v}", "* Passwort: `{v}`"], per_template=3,
                realistic=in_prompt)
    c += family("label, free qualifier", ["Contraseña nueva: {v}", "Passordet mitt er {v}", "Passwort (neu): {v}",
                                          "senha [prod]: {v}", "Le mot de passe est le suivant : {v}",
                                          "Das Passwort bleibt {v}", "AppSecret为：{v}"], per_template=3)
    c += family("compound label", ["Datenbankpasswort: {v}", "Zugangspasswort: {v}", "Code d'accès : {v}",
                                   "Le mot de passe est « {v} »"], per_template=3)
    c += family("name abbreviations", ["STRIPE_SK={v}", "GITHUB_PAT={v}", "PEPPER={v}", "export OPENAI_SK={v}"],
                per_template=3)
    c += family("escaped line breaks", ['echo -e "[client]\\nuser=root\\npassword={v}" > ~/.my.cnf',
                                        "printf 'DB_USER=app\\nDB_PASSWORD={v}\\n' >> .env"], per_template=3,
                realistic=in_bash)
    c += family("xml attribute pair", ['<add key="Password" value="{v}"/>', '<param name="password" value="{v}"/>',
                                       '<input type="password" value="{v}">'], per_template=3, realistic=in_output)
    c += family("call says secret", ['builder.password("{v}").build();', 'ds.setPassword("{v}");',
                                     'client := github.NewClient(nil).WithAuthToken("{v}")',
                                     'let client = Client::new().basic_auth("admin", Some("{v}"));'], per_template=3,
                realistic=lambda text, seed: result_line(seed, "  12\t" + text))
    c += family("call names its secret", ['UserDefaults.standard.set("{v}", forKey: "apiToken")',
                                          'env::set_var("API_KEY", "{v}");', 'localStorage.setItem("token", "{v}");',
                                          'let pw = env::var("DB_PASSWORD").unwrap_or("{v}".to_string());'],
                per_template=3)
    c += family("call logs in or signs", ['WiFi.begin("HomeNet", "{v}");', 'mail.login("me@example.com", "{v}")',
                                          'auth := smtp.PlainAuth("", "me@example.com", "{v}", "smtp.example.com")',
                                          'jwt.encode(payload, "{v}", algorithm="HS256")', 'Fernet("{v}")'],
                per_template=3)
    c += family("fallback or getter", ['PASSWORD = os.getenv("PASSWORD") or "{v}"',
                                       'const token = process.env.TOKEN || "{v}";',
                                       'def get_api_key():\n    return "{v}"',
                                       '@pytest.fixture\ndef password():\n    return "{v}"'], per_template=3,
                realistic=lambda text, seed: result_line(seed, text))
    c += family("call as a secret's value", ['let password = String::from("{v}");', 'api_key = SecretStr("{v}")'],
                per_template=3)
    c += family("header without a space", ["http GET api.example.com/items X-API-Key:{v}",
                                           "curl -H 'X-API-KEY:{v}' https://api.example.com"], per_template=3,
                realistic=in_bash)
    c += family("prose, more words", ["the token you need is {v}", "use the password {v} for now",
                                      "the credentials are admin:{v}", "The admin password is {v} - please change it"],
                per_template=3, realistic=in_prompt)
    c += family("a user and its password", ["Login: admin / {v}", "Zugangsdaten: admin / {v}",
                                            "identifiant / mot de passe : admin / {v}", "Wi-Fi: HomeNet / {v}",
                                            "ssh: deploy@10.0.0.4 / {v}"], per_template=3, realistic=in_prompt)
    c += odd_values()
    c += family("c array", ['char pass[] = "{v}";', 'static const char password[32] = "{v}";'], per_template=3)
    c += numbered_files()
    c += labels()
    c += outputs()
    c += keys()
    c += wallets()
    return c


# Passwords of the shapes code rules would take for names: dotted, snake, a Title word, a number.
ODD = ["Gx7.kP2m", "Rq9_vLw4z", "Sunshine", "482913", "Tz8*mWq3", "Dragonfly", "x.Y7.z", "Kp_Lm_92"]


def odd_values() -> list:
    """Values of odd shapes where no code runs (an env file, a container's -e, an INI section)."""
    templates = ["DB_PASSWORD={v}", "export STRIPE_SECRET={v}", "docker run -d -e POSTGRES_PASSWORD={v} postgres:16",
                 "[client]\nuser = root\npassword = {v}", "[github]\n\ttoken = {v}",
                 "podman run --env API_TOKEN={v} ghcr.io/acme/api", "database:\n  password: {v}\n  user: app",
                 "requirepass {v}", "git config --global github.token {v}", "X-Auth-Token: {v}",
                 'curl -H "X-API-Key: {v}" https://api.example.com/v1/items', "GET /v1/items?api_key={v}&page=2",
                 "the password is {v}", "A senha é {v}",
                 "docker run -d jupyter/base-notebook start-notebook.sh --NotebookApp.token={v}",
                 "kubectl create secret docker-registry regcred --docker-username=ana --docker-password={v}",
                 "kubectl set env deployment/api DB_PASSWORD={v}", "docker run -d postgres:16 -c password={v}",
                 "wifi password: {v}", "SSID: Office5G  Password: {v}", 'git config --global github.token "{v}"']  # fmt: skip
    c = []
    for t, template in enumerate(templates):
        for i in range(4):
            v = ODD[(t + i * 3) % len(ODD)]
            text = template.replace("{v}", v)
            c.append(Case("odd values where no code runs", text, (v,)))
            if i == 0:
                c.append(Case("odd values where no code runs", bash_event(text, "", f"odd{t}") if "docker" in text
                              or "podman" in text or "export" in text else result_line(f"odd{t}", text), (v,),
                              realistic=True))  # fmt: skip
    return c


def numbered_files() -> list:
    """A file as Claude Code's Read shows it (`     3→text`) or `cat -n` does (`     3<TAB>text`), in a tool result."""
    files = [["[database]", "host = db", "pass = {v}"], ["SMTP_HOST=smtp.example.com", "SMTP_PASSWORD = {v}"],
             ["include /etc/openldap/schema/core.schema", "rootdn cn=admin,dc=example,dc=com", "rootpw {v}"],
             ["env:", "  - name: POSTGRES_PASSWORD", "    value: {v}"], ["user: app", "password: {v}"]]  # fmt: skip
    c = []
    for k, lines in enumerate(files):
        for i, v in enumerate(values(f"numbered{k}", 4)):
            sep = "\u2192" if i % 2 == 0 else "\t"
            text = "\n".join(f"{n + 1:>6}{sep}{line}" for n, line in enumerate(lines)).replace("{v}", v)
            c.append(Case("numbered file", result_line(f"nf{k}{i}", text) if i < 2 else text, (v,), realistic=i < 2))
    return c


# label -> (language, sentence with {v})
LABELS = [
    ("de", "Passwort", "Das Passwort ist {v}"), ("fr", "Mot de passe", "Le mot de passe est {v}"),
    ("es", "Contraseña", "La contraseña es {v}"), ("pt", "Senha", "A senha é {v}"),
    ("it", "Password", "La password è {v}"), ("nl", "Wachtwoord", "Het wachtwoord is {v}"),
    ("pl", "Hasło", "Hasło to {v}"), ("cs", "Heslo", "Heslo je {v}"),
    ("ru", "Пароль", "Пароль: {v}"), ("uk", "Пароль", "Мій пароль {v}"),
    ("tr", "Şifre", "Şifre: {v}"), ("ja", "パスワード", "パスワードは{v}です"),
    ("zh", "密码", "密码是{v}"), ("ko", "비밀번호", "비밀번호는 {v} 입니다"),
    ("ar", "كلمة المرور", "كلمة المرور هي {v}"), ("he", "סיסמה", "הסיסמה היא {v}"),
    ("hi", "पासवर्ड", "पासवर्ड है {v}"), ("sv", "Lösenord", "Lösenordet är {v}"),
    ("fi", "Salasana", "Salasana on {v}"), ("hu", "Jelszó", "A jelszó {v}"),
    ("el", "Κωδικός", "Ο κωδικός είναι {v}"), ("vi", "Mật khẩu", "Mật khẩu là {v}"),
    ("id", "Kata sandi", "Kata sandi: {v}"), ("th", "รหัสผ่าน", "รหัสผ่านคือ {v}"),
    ("sr", "Лозинка", "Лозинка за базу је {v}"),
]  # fmt: skip


def labels() -> list:
    c = []
    for lang, label, sentence in LABELS:
        wide = lang in ("ja", "zh", "ko")
        templates = [label + ("：" if wide else ": ") + "{v}", label.lower() + " = {v}", sentence]
        c += family("label " + lang, templates, per_template=3)
    return c


OUTPUT_COMMANDS = [
    ("pass show", "pass show work/db", lambda v: v),
    ("wg genkey", "wg genkey", lambda v: base64.b64encode(v.encode().ljust(32, b"k")[:32]).decode()),
    ("master.key", "cat config/master.key", lambda v: gen(v, 32, HEX)),
    ("kubectl secret decoded", "kubectl get secret db -o jsonpath='{.data.password}' | base64 -d", lambda v: v),
    ("op read", "op read op://Private/db/password", lambda v: v),
    ("vault field", "vault kv get -field=password secret/app/db", lambda v: v),
    ("openssl rand", "openssl rand -base64 32", lambda v: base64.b64encode(v.encode().ljust(32, b"r")[:32]).decode()),
    ("keepassxc", "keepassxc-cli show -s -a Password vault.kdbx github", lambda v: v),
    ("secretsmanager", "aws secretsmanager get-secret-value --secret-id prod/db --query SecretString --output text",
     lambda v: json.dumps({"username": "app", "password": v})),
]  # fmt: skip


def outputs() -> list:
    c = []
    for name, command, make in OUTPUT_COMMANDS:
        for i, v in enumerate(values("out" + name, 5)):
            out = make(v)
            c.append(Case("output " + name, bash_event(command, out, f"out{name}{i}"), (out,), realistic=True))
    return c


def _t(*parts):
    return "".join(parts)


def keys() -> list:
    c = []
    for i in range(6):
        s = f"k{i}"
        tokens = [
            _t("gh", "p_", gen(s + "ghp", 36)), _t("github", "_pat_", gen(s + "pat", 22), "_", gen(s + "pat2", 59)),
            _t("gl", "pat-", gen(s + "gl", 20)), _t("sk-", "ant-api03-", gen(s + "ant", 93), "AA"),
            _t("sk-", "proj-", gen(s + "oai", 48)), _t("xo", "xb-", gen(s + "sl", 11, "0123456789"), "-",
                                                    gen(s + "sl2", 12, "0123456789"), "-", gen(s + "sl3", 24)),
            _t("sk", "_live_", gen(s + "st", 24)), _t("SG", ".", gen(s + "sg", 22), ".", gen(s + "sg2", 43)),
            _t("np", "m_", gen(s + "npm", 36)), _t("hf", "_", gen(s + "hf", 34)),
            _t("AI", "za", gen(s + "gg", 35)),
        ]
        for j, tok in enumerate(tokens):
            where = ["export TOKEN={}", "{}", "curl -H 'Authorization: Bearer {}' https://api.example.com",
                     "key={}"][(i + j) % 4]
            c.append(Case("provider token", where.format(tok), (tok,)))
        aws_id = _t("AK", "IA", gen(s + "aws", 16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"))
        aws_secret = gen(s + "awss", 40, B32 + "abcdefghijklmnopqrstuvwxyz+/")
        c.append(Case("aws keys", f"aws_access_key_id = {aws_id}\naws_secret_access_key = {aws_secret}",
                      (aws_id, aws_secret)))
        c.append(Case("aws keys", bash_event("cat ~/.aws/credentials",
                                             f"[default]\naws_access_key_id={aws_id}\naws_secret_access_key={aws_secret}",
                                             s), (aws_id, aws_secret), realistic=True))  # fmt: skip
        body = [gen(s + f"pem{k}", 64, HEX + "ABCDEFGHIJKLMNOPQRSTUVWXYZghijklmnopqrstuvwxyz+/") for k in range(5)]
        kind = ["RSA PRIVATE KEY", "OPENSSH PRIVATE KEY", "EC PRIVATE KEY", "PRIVATE KEY", "ENCRYPTED PRIVATE KEY", "DSA PRIVATE KEY"][i]
        pem = f"-----BEGIN {kind}-----\n" + "\n".join(body) + f"\n-----END {kind}-----"
        c.append(Case("pem private key", pem, tuple(body)))
        c.append(Case("pem private key", bash_event("cat ~/.ssh/id_rsa", pem, s + "pem"), tuple(body), realistic=True))
        head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
        claims = base64.urlsafe_b64encode(json.dumps({"sub": f"user{i}", "iat": 1700000000 + i}).encode()).decode().rstrip("=")
        jwt = f"{head}.{claims}.{gen(s + 'sig', 43, B32 + 'abcdefghijklmnopqrstuvwxyz_-')}"
        c.append(Case("signed jwt", ["Authorization: Bearer {}", "token={}", "{}", '"id_token": "{}"'][i % 4].format(jwt), (jwt,)))
        c.append(Case("signed jwt", "session cookie: " + jwt, (jwt,)))
    return c


WORDS = ("abandon ability able about above absent absorb abstract absurd abuse access accident account "
         "accuse achieve acid acoustic acquire across act action actor actress actual adapt add addict "
         "address adjust admit adult advance advice aerobic affair afford afraid again age agent agree "
         "ahead aim air airport aisle alarm album alcohol alert alien all alley allow almost alone alpha").split()


def wallets() -> list:
    c = []
    for i in range(8):
        s = f"w{i}"
        phrase = " ".join(WORDS[(int(sha(s + str(k), 4), 16)) % len(WORDS)] for k in range(12 if i % 2 else 24))
        t = ["seed phrase: {}", 'MNEMONIC="{}"', "recovery phrase:\n{}", "Secret Recovery Phrase: {}",
             "my seed words are {}", 'wallet seed = "{}"'][i % 6]
        c.append(Case("wallet seed phrase", t.format(phrase), (phrase,)))
        hexkey = gen(s + "hex", 64, HEX)
        t = ["PRIVATE_KEY=0x{}", "private key: {}", "const wallet = new ethers.Wallet('0x{}');", "WALLET_KEY={}"][i % 4]
        c.append(Case("wallet hex key", t.format(hexkey), (hexkey,)))
        seed = gen(s + "totp", 32, B32)
        t = ["otpauth://totp/GitHub:ana?secret={}&issuer=GitHub", "2FA secret: {}", "TOTP_SECRET={}",
             "Your two-factor key: {}"][i % 4]
        c.append(Case("totp seed", t.format(seed), (seed,)))
        codes = [gen(s + f"rc{k}", 5, "abcdefghijklmnopqrstuvwxyz0123456789") + "-" + gen(s + f"rd{k}", 5, "abcdefghijklmnopqrstuvwxyz0123456789")
                 for k in range(6)]  # fmt: skip
        t = ["Recovery codes:\n" + "\n".join(codes), "backup codes: " + " ".join(codes),
             "recovery codes\n" + "\n".join("  " + code for code in codes)][i % 3]
        c.append(Case("recovery codes", t, tuple(codes)))
    return c


# ------------------------------------------------------------------------------ negatives
def negatives() -> list:
    c = []
    words = ["pw", "key", "pass", "sk", "Pw", "Key", "PW", "Sk"]
    for i in range(60):
        w = words[i % len(words)]
        tid = tool_use_id(f"neg{i}", w)
        s = f"n{i}"
        c.append(Case("tool-use id", {"hook_event_name": "PostToolUse", "tool_name": "Read",
                                      "tool_input": {"file_path": "/home/dev/app/README.md"},
                                      "tool_response": {"type": "text", "file": {"filePath": "/home/dev/app/README.md",
                                                                                "content": "# app\n"}},
                                      "tool_use_id": tid, "session_id": uuid_of(s)}, realistic=True))  # fmt: skip
        c.append(Case("tool-use id", assistant_line(s, "Bash", {"command": "ls -la", "description": "List"}, w), realistic=True))
        c.append(Case("tool-use id", result_line(s, "total 8\ndrwxr-xr-x 2 dev dev 4096 .", w), realistic=True))
        c.append(Case("tool-use id", f'tool_use_id: {tid} password check passed', realistic=True))
        c.append(Case("tool-use id", f"[Tool result for {tid}] key rotated", realistic=True))
    for i in range(40):
        s = f"id{i}"
        c.append(Case("message ids", f'{{"requestId": "{request_id(s)}", "message": {{"id": "{message_id(s)}"}}, "sessionId": "{uuid_of(s)}"}}', realistic=True))
        c.append(Case("message ids", prompt_event(f"continue the session {uuid_of(s)} where the token refresh broke", s), realistic=True))
    for i in range(40):
        s = f"h{i}"
        log = (f"commit {sha(s)}\nAuthor: Ana <ana@example.com>\nDate:   Mon Mar 3 10:00:00 2026\n\n"
               f"    rotate secret key loader\n\ncommit {sha(s + 'b')}\n    fix password reset token expiry")
        c.append(Case("hashes", bash_event("git log -2", log, s), realistic=True))
        c.append(Case("hashes", f"sha256:{sha(s, 64)}  secrets.tar.gz", realistic=True))
        c.append(Case("hashes", f'"integrity": "sha512-{base64.b64encode(bytes.fromhex(sha(s, 64) * 2)).decode()}"', realistic=True))
        c.append(Case("hashes", f"cache key: node-modules-{sha(s, 64)}", realistic=True))
        c.append(Case("hashes", f"key: {uuid_of(s)}  # idempotency key of the retried payment", realistic=True))
    pkgs = [("jsonwebtoken", "^9.0.2"), ("passport", "~0.7.0"), ("bcrypt", "5.1.1"), ("keytar", "^7.9.0"),
            ("@auth/core", "^0.37.4"), ("next-auth", "4.24.11"), ("secret-handshake", "^1.1.21"),
            ("pw-validator", "^2.0.0"), ("token-types", "^6.0.0"), ("keyv", "^5.2.3")]  # fmt: skip
    for i in range(40):
        name, ver = pkgs[i % len(pkgs)]
        ver2 = ver.replace("0", str(i % 10), 1)
        c.append(Case("versions", f'    "{name}": "{ver2}",', realistic=True))
        c.append(Case("versions", bash_event("cat package.json", json.dumps({"dependencies": {name: ver2, "express": "^4.21.2"}}, indent=2), f"v{i}"), realistic=True))
        c.append(Case("versions", f"{name.replace('@', '').replace('/', '-')}=={ver2.strip('^~')}", realistic=True))
    placeholders = ["your_openai_key", "YOUR_TOKEN", "<your-password>", "your-secret-here", "xxxxxxxxxxxx",
                    "********", "REPLACE_ME", "${DB_PASSWORD}", "{{ .Values.db.password }}", "<API_KEY>",
                    "sk-...", "your_api_key_here", "CHANGE_ME", "<token>", "$GITHUB_TOKEN", "%(password)s"]  # fmt: skip
    forms = ["OPENAI_API_KEY={}", "token: {}", "password = \"{}\"", "export GITHUB_TOKEN={}", "--api-key {}",
             '"apiKey": "{}"']
    for i in range(64):
        ph = placeholders[i % len(placeholders)]
        text = forms[i % len(forms)].format(ph)
        c.append(Case("placeholders", text, realistic=i % 2 == 0))
    stand_ins = ["sk_" + "test_" + "x" * 24, "sk-proj-REPLACE_WITH_YOUR_KEY", "xoxb-your-token", "changeme123",
                 "please-change-this", "some-long-random-string", "TODO", "sample_secret"]  # fmt: skip
    for i in range(16):
        text = ["STRIPE_SECRET_KEY={}", "token = '{}'", "password: '{}'", "JWT_SECRET={}"][i % 4].format(stand_ins[i % 8])
        c.append(Case("placeholders", result_line(f"ph{i}", f"   3\t{text}"), realistic=True))
    for i in range(12):
        s = f"crypt{i}"
        hashed = ["$2b$12$" + gen(s, 53), f"$argon2id$v=19$m=65536,t=3,p=4${gen(s, 22)}${gen(s + 'h', 43)}",
                  f"pbkdf2_sha256$600000${gen(s, 12)}${gen(s + 'h', 43)}="][i % 3]  # fmt: skip
        text = ['"password_hash": "{}"', "pw_hash: {}", "UPDATE users SET password = '{}' WHERE id = 7;"][i % 3].format(hashed)
        c.append(Case("password hashes", bash_event("cat fixtures/users.json", text, s), realistic=True))
    for i in range(30):
        head = base64.urlsafe_b64encode(b'{"alg":"none","typ":"JWT"}').decode().rstrip("=")
        claims = base64.urlsafe_b64encode(json.dumps({"sub": str(1234567890 + i), "name": "John Doe"}).encode()).decode().rstrip("=")
        jwt = f"{head}.{claims}."
        c.append(Case("unsigned jwt", ["token = '{}'", "Example: Authorization: Bearer {}", "decoded {}"][i % 3].format(jwt), realistic=True))
    for i in range(30):
        s = f"pk{i}"
        ed = "AAAAC3NzaC1lZDI1NTE5AAAAI" + gen(s, 43, B32 + "abcdefghijklmnopqrstuvwxyz+/")
        c.append(Case("public keys", f"ssh-ed25519 {ed} ana@laptop", realistic=True))
        c.append(Case("public keys", bash_event("cat ~/.ssh/id_ed25519.pub", f"ssh-ed25519 {ed} ana@laptop", s), realistic=True))
        c.append(Case("public keys", f"PublicKey = {base64.b64encode(bytes.fromhex(sha(s, 64))).decode()}", realistic=True))
        c.append(Case("public keys", f"STRIPE_PUBLISHABLE_KEY=pk_test_{gen(s + 'pk', 24)}", realistic=True))
        c.append(Case("public keys", f"wallet address: 0x{gen(s + 'addr', 40, HEX)}", realistic=True))
        body = "\n".join(gen(s + f"pub{k}", 64, B32 + "abcdefghijklmnopqrstuvwxyz+/") for k in range(3))
        c.append(Case("public keys", f"-----BEGIN PUBLIC KEY-----\n{body}\n-----END PUBLIC KEY-----"))
    code = [
        'password = os.environ["DB_PASSWORD"]', "const token = req.headers.authorization;",
        "def verify_password(password: str, hashed: str) -> bool:",
        'if (!apiKey) throw new Error("missing api key");',
        "password_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt())",
        "response = client.messages.create(model=model, max_tokens=4096, messages=msgs)",
        'token_type = "bearer"', "secretName: my-db-secret",
        "passwordField.sendKeys(password);",
        "kubectl create secret generic db --from-file=password=./pw.txt",
        '"passwordless": true,', "const { data: session } = useSession();",
        "self.api_key = api_key or os.getenv('OPENAI_API_KEY')",
        "export const SECRET_KEY = process.env.SECRET_KEY!;",
        "let key = cache_key(&request);", "for key, value in settings.items():",
        "password: ${{ secrets.DOCKERHUB_TOKEN }}", "  password: !vault |",
        "git config --global credential.helper store",
        "func (s *Server) Login(user, password string) error {",
        "const password = await bcrypt.hash(input, 10);",
        "SELECT id FROM users WHERE password_reset_token = $1",
        '<property name="token_ttl">3600</property>', "the token for this session: expired",
        "│ Token   │ Expires    │ Scope │", "| password | required | at least 8 characters |",
        "$env:API_KEY = (Get-Secret -Name ApiKey -AsPlainText)"
    ]  # fmt: skip
    for i, line in enumerate(code):
        c.append(Case("code naming secrets", line, realistic=False))
        c.append(Case("code naming secrets", assistant_line(f"code{i}", "Edit", {"file_path": "/home/dev/app/x.py",
                                                                                 "old_string": "", "new_string": line}),
                      realistic=True))  # fmt: skip
        c.append(Case("code naming secrets", result_line(f"code{i}r", f"   12\t{line}\n   13\t    return None"), realistic=True))
    code_values = ["    token = result", "    password = form_password", "    self.secret = secret_value",
                   "  token = next_token()", "password=$(cat /run/secrets/pw)", "for key in keys:\n    token = key"]
    for i, line in enumerate(code_values * 2):
        c.append(Case("code calls naming secrets", result_line(f"cval{i}", line) if i % 2 else line, realistic=bool(i % 2)))
    calls = ['keyring.get_password("memlane", "token")', 'db.connect(host="db1", user="app2", database="shop3")',
             'connect("localhost", 5432, "app_db_v2")', 's = URLSafeTimedSerializer(key, salt="reset-v2")',
             'token = ObjectId("507f1f77bcf86cd799439011")', 'let pw = rpassword::prompt_password("Password: ").unwrap();',
             'user.set_password(form.cleaned_data["password1"])', 'crypto.createHmac("sha256", secret).digest("hex")',
             'cmd.Flags().StringVarP(&token, "token", "t", "", "API token")', 'os.Setenv("TOKEN_TTL", "3600s")',
             'secretsmanager.get_secret_value(SecretId="prod/db/password")', 'client.get_secret("api-key-v3").value']
    for i, line in enumerate(calls * 2):
        c.append(Case("code calls naming secrets", result_line(f"ccall{i}", f"  33\t{line}") if i % 2 else line,
                      realistic=bool(i % 2)))
    outputs = [
        ("kubectl get secrets", "NAME                  TYPE                                  DATA   AGE\n"
                                "db-password           Opaque                                1      12d\n"
                                "default-token-x8k2p   kubernetes.io/service-account-token   3      40d"),
        ("pass ls", "Password Store\n├── work\n│   ├── db\n│   └── github-token\n└── personal\n    └── email"),
        ("gpg --list-keys", f"pub   ed25519 2024-01-02 [SC]\n      {sha('gpg', 40).upper()}\nuid   [ultimate] Ana <ana@example.com>"),
        ("ssh-keygen -lf ~/.ssh/id_ed25519.pub", f"256 SHA256:{gen('fp', 43)} ana@laptop (ED25519)"),
        ("docker images", f"REPOSITORY   TAG   IMAGE ID       CREATED\nauth-api     1.4   {sha('img', 12)}   2 days ago"),
        ("pip install cryptography", "Collecting cryptography>=42.0.5\n  Using cached cryptography-42.0.5-cp39-abi3-manylinux_2_28_x86_64.whl\nInstalling collected packages: keyring, cryptography"),
        ("vault kv list secret/app", "Keys\n----\ndb-password\napi-token\nsession-key"),
        ("aws sts get-caller-identity", json.dumps({"UserId": "AIDA" + gen("uid", 17, B32), "Account": "123456789012",
                                                      "Arn": "arn:aws:iam::123456789012:user/ana"}, indent=2)),
    ]  # fmt: skip
    for i in range(48):
        cmd, out = outputs[i % len(outputs)]
        c.append(Case("outputs not secret", bash_event(cmd, out, f"o{i}"), realistic=True))
    prose = [
        "The password must be at least 12 characters and include a digit.",
        "Rotate the API key in the dashboard, then restart the worker.",
        "Password: see the 1Password entry 'prod db'",
        "the token is passed in the Authorization header",
        "The secret is stored in Vault at secret/data/app.",
        "I changed the password handling so the reset token expires after 15 minutes.",
        "Where is the session key read from? It comes from settings.SESSION_KEY.",
        "password reset emails now link to /reset?token=... instead of the old route",
        "Use a personal access token with the repo scope as the password when git asks.",
        "Das Passwort wird aus der Umgebungsvariable gelesen.", "密码从环境变量读取。",
        "The key is the session id, not the user id.",
    ]  # fmt: skip
    for i, text in enumerate(["the password is incorrect", "Das Passwort ist falsch.", "the password is set",
                              "the token is valid for 3600 seconds", "La contraseña es obligatoria",
                              "the password length is 12", "X-Request-Id: 7f3e2a9c", "?page=2&sort=name",
                              "Login: admin / admin", "account: ana / see vault", "ssh: deploy@10.0.0.4 / port 22",
                              "if token=$(gh auth token); then echo ok; fi", "f(password=value)", "password: SecretStr",
                              "my password: see the vault entry", "token: Token,", "the password reset email is sent",
                              "use the password manager for now", "the credentials are in the vault",
                              "docker run --secret id=dbpw,src=db.txt app", "see x-api-key:required in the docs",
                              "Try it again, that's the password", "Use --force, which is the secret",
                              'level = os.getenv("LOG_LEVEL") or "debug"', 'def token_type():\n    return "bearer"',
                              'def get_password_hint():\n    return "Abc123!x"'] * 2):
        c.append(Case("prose about secrets", prompt_event(text, f"prs{i}") if i % 2 else text, realistic=bool(i % 2)))
    for i in range(48):
        c.append(Case("prose about secrets", prompt_event(prose[i % len(prose)], f"pr{i}"), realistic=True))
    # names of secrets (what a store or an environment calls the secret) and ids beside a secret word
    secret_names = [
        "gcloud secrets versions access latest --secret={n} --project=web-prod-2",
        "docker service create --name api --secret {n} ghcr.io/acme/api:1.4",
        "        secretKeyRef:\n          name: {n}\n          key: password",
        "secretName: {n}", "vault kv get -field=user secret/app/{n}", "az keyvault secret set-policy --name {n}",
    ]
    names = ["db-password", "db_pw", "stripe-api-key", "API_TOKEN_V2", "app.secret.key", "smtp-pass"]
    for i in range(24):
        text = secret_names[i % len(secret_names)].format(n=names[i % len(names)])
        c.append(Case("secret names", bash_event(text, "", f"sn{i}") if i % 2 else text, realistic=bool(i % 2)))
    for i in range(24):
        s = f"idl{i}"
        text = [f"AppID: wx{gen(s, 16, HEX)}  AppSecret: <ask the admin>",
                f"client_id={gen(s, 24)} client_secret=${{CLIENT_SECRET}}",
                "kubectl create secret generic api --from-literal=user=app --from-file=token=./token.txt",
                f'{{"userId": "{gen(s, 20)}", "tokenExpiresIn": 3600}}'][i % 4]
        c.append(Case("id beside a secret word", result_line(s, text) if i % 2 else text, realistic=bool(i % 2)))
    for i in range(30):
        s = f"x{i}"
        c.append(Case("other ids", f"Instance i-0{gen(s, 16, HEX)} in sg-0{gen(s + 'sg', 16, HEX)} is running", realistic=True))
        c.append(Case("other ids", f"KeyId: arn:aws:kms:eu-west-1:123456789012:key/{uuid_of(s)}", realistic=True))
        c.append(Case("other ids", f"Created checkout session cs_test_{gen(s + 'cs', 58)} for order {i}", realistic=True))
        c.append(Case("other ids", f'<img alt="key" src="data:image/png;base64,iVBORw0KGgo{gen(s + "png", 80, B32 + "abcdefgh+/")}">'))
    return c


def cases() -> list:
    from tests.privacy_eval import (
        dev_blind15a,
        dev_blind15b,
        dev_blind17,
        dev_blind19,
        dev_blind22,
        dev_blind23,
        dev_blind24,
        dev_negatives8,
        dev_negatives10,
        dev_negatives11,
        dev_negatives13,
        dev_unwritten,
        dev_unwritten2,
        dev_unwritten3,
        dev_unwritten4,
        dev_unwritten5,
        dev_unwritten6,
        dev_unwritten7,
        dev_unwritten9,
        dev_unwritten12,
        dev_unwritten13,
        dev_unwritten14,
        dev_unwritten15,
        dev_unwritten16,
    )

    return (positives() + negatives() + dev_unwritten.cases() + dev_unwritten2.cases() + dev_unwritten3.cases()
            + dev_unwritten4.cases() + dev_unwritten5.cases() + dev_unwritten6.cases() + dev_unwritten7.cases()
            + dev_negatives8.cases() + dev_unwritten9.cases() + dev_negatives10.cases()
            + dev_negatives11.cases() + dev_unwritten12.cases() + dev_negatives13.cases()
            + dev_unwritten13.cases() + dev_unwritten14.cases() + dev_blind15a.cases()
            + dev_blind15b.cases() + dev_blind17.cases() + dev_unwritten15.cases()
            + dev_unwritten16.cases() + dev_blind19.cases() + dev_blind22.cases()
            + dev_blind23.cases() + dev_blind24.cases())
