"""Candidates found by structure and judged by evidence (store/privacy/candidates.py,
store/privacy/evidence.py): each signal alone, then together, then the finders on the shapes
the issue names."""

from __future__ import annotations

import pytest

from store.privacy import clean_text
from store.privacy.evidence import ASSIGN, POSITION, PROSE, SPACE, decide, password_like, shape
from store.privacy.rules import MEDIUM, STRONG, WEAK

PW = "Zq7#rTm2Lp"  # password-like
RANDOM = "q8Vn3KxT7mWz2RbL9cYd4HsP"  # random-looking


# ------------------------------------------------------------------------------ each signal alone
@pytest.mark.parametrize(
    ("value", "expected"),
    [(RANDOM, "random"), (PW, "password"), ("admin123", "password"), ("geheim", "word"), ("1234567", "other"),
     ("secret/app/db", "other"), ("Optional[str]", "other"), ("db_password", "other"), ("1.2.3", "other")],
)  # fmt: skip
def test_the_shape_signal_alone(value, expected):
    assert shape(value) == expected


def test_the_label_signal_alone_decides_nothing_for_a_word_of_prose():
    for style in (ASSIGN, PROSE, SPACE, POSITION):
        assert not decide("the", STRONG, style)
        assert not decide("required", STRONG, style, alone=True)
        assert not decide("$DB_PASSWORD", STRONG, style, alone=True)


def test_the_style_signal_alone_lets_a_plain_word_through_only_alone_after_a_separator():
    assert decide("geheim", STRONG, ASSIGN, alone=True)
    assert not decide("geheim", STRONG, ASSIGN, alone=False)
    assert not decide("geheim", STRONG, PROSE, alone=True)
    assert not decide("geheim", STRONG, SPACE, alone=True)


# ------------------------------------------------------------------------------ combined
@pytest.mark.parametrize(
    ("value", "strength", "style", "expected"),
    [(RANDOM, WEAK, SPACE, True), (PW, WEAK, PROSE, False), (PW, MEDIUM, PROSE, True), (PW, STRONG, SPACE, True),
     ("admin", STRONG, POSITION, True), ("root", STRONG, POSITION, False), ("handling", STRONG, PROSE, False)],
)  # fmt: skip
def test_signals_combined(value, strength, style, expected):
    assert decide(value, strength, style) is expected


def test_password_like_is_not_code():
    assert password_like("Welcome1!") and password_like("s3cr3tP4ss")
    assert not password_like("process.env.TOKEN") and not password_like("get_token()")


# ------------------------------------------------------------------------------ the finders
SECRETS = [
    "requirepass {v}", "masterauth {v}", "SetEnv DB_PASSWORD {v}", "git config --global github.token {v}",
    "<key>Password</key>\n<string>{v}</string>", "env:\n  - name: DB_PASSWORD\n    value: \"{v}\"",
    'variable "db_password" {{\n  type    = string\n  default = "{v}"\n}}',
    '["ttyd", "-c", "admin:{v}", "bash"]', 'CMD ["redis-server", "--requirepass", "{v}"]',
    'DriverManager.getConnection(url, "app", "{v}");', 'mysqli_connect("localhost", "root", "{v}", "app");',
    'client = Client("AC0123456789abcdef0123456789abcdef", "{v}")',
    "CREATE LOGIN app WITH PASSWORD = N'{v}';", "SET PASSWORD FOR 'app'@'%' = '{v}';",
    "INSERT INTO users (email, password) VALUES ('ana@example.com', '{v}');",
    'db, err := sql.Open("mysql", "app:{v}@tcp(db:3306)/app")',
    "cat > .env <<EOF\nSECRET_KEY={v}\nEOF", "the password is {v}", "use {v} as the password",
    "Password: {v} (change after first login)", "I set the root password to {v}",
    "密码：{v}", "密码是{v}", "비밀번호: {v}", "비밀번호는 {v} 입니다", "パスワード：{v}", "パスワードは{v}です",
    "La contraseña es {v}", "Das Passwort ist {v}", "Пароль: {v}", "Le mot de passe est {v}",
    "Lösenordet är {v}", "كلمة المرور: {v}", "Mật khẩu: {v}", "Kata sandi: {v}", "appsecret: {v}，请勿泄露",
    "| user | password |\n|------|----------|\n| admin | {v} |",
    '<entry key="password">{v}</entry>', '<property name="hibernate.connection.password">{v}</property>',
    "Admin password set to {v}", "the staging token was changed to {v}",
    'new SqlConnection("Server=.;User ID=sa;Password={v}")',
    "GRANT ALL ON app.* TO 'app'@'%' IDENTIFIED BY '{v}';", "Lozinka: {v}", "Salasanasi on {v}",
    "contraseña del wifi: {v}", "senha do banco: {v}", "Passwort für den Server: {v}",
    "┌───────┬──────┐\n│ token │ {v} │\n└───────┴──────┘", "| user | ana |\n| password | {v} |",
    "Пароль от сервера: {v}", "Heslo k serveru je {v}", "het wachtwoord van de db is {v}", "Password ng wifi: {v}",
    "รหัสผ่านคือ {v}", "Κωδικός πρόσβασης: {v}", "API-Schlüssel: {v}", "clé d'API : {v}",
    "password = {v} (don't share)", "Temporary password: {v} — expires in 24h", "Use password {v} to log in",
    # the value before its label, on the line below it, after an arrow, a dash or emphasis
    "{v} is the password", "{v} est le mot de passe", "{v} é a senha", "{v} ist das Passwort", "{v} er adgangskoden",
    "{v} je heslo", "Mot de passe :\n{v}", "Senha:\n  {v}", "heslo -> {v}", "Passwort => {v}", "password → {v}",
    "Password - {v}", "пароль – {v}", "- **Senha:** {v}",
    # a qualifier of words or in brackets, a connector then a colon, a compound label, quotes
    "Contraseña nueva: {v}", "Passordet mitt er {v}", "Passwort (neu): {v}", "senha [prod]: {v}",
    "Le mot de passe est le suivant : {v}", "Das Passwort bleibt {v}", "AppSecret为：{v}",
    "Datenbankpasswort: {v}", "Zugangspasswort: {v}", "Le mot de passe est « {v} »", "Code d'accès : {v}",
    # names: abbreviations, an escaped line break before one, a C array
    "STRIPE_SK={v}", "GITHUB_PAT={v}", "PEPPER={v}", 'echo -e "[client]\\nuser=root\\npassword={v}" > ~/.my.cnf',
    'char pass[] = "{v}";', 'builder.password("{v}").build();', 'UserDefaults.standard.set("{v}", forKey: "apiToken")',
    'env::set_var("API_KEY", "{v}");', 'WiFi.begin("HomeNet", "{v}");', 'jwt.encode(payload, "{v}", algorithm="HS256")',
    'let password = String::from("{v}");', "the token you need is {v}", "use the password {v} for now",
    "the credentials are admin:{v}", 'PASSWORD = os.getenv("PASSWORD") or "{v}"', 'def get_api_key():\n    return "{v}"', "Try {v} — that's the staging password.", "Login: admin / {v}", "identifiant / mot de passe : admin / {v}", 'let pw = env::var("DB_PASSWORD").unwrap_or("{v}".to_string());', '<add key="Password" value="{v}"/>', '<param name="password" value="{v}"/>',
]  # fmt: skip


@pytest.mark.parametrize("template", SECRETS)
def test_a_secret_in_each_structure_is_found(template):
    text = template.format(v=PW)
    assert PW not in clean_text(text), text


def test_wallets_and_two_factor_secrets():
    phrase = "abandon ability able about above absent absorb abstract absurd abuse access accident"
    for text in (f"my seed words are {phrase}", f'wallet seed = "{phrase}"'):
        assert phrase not in clean_text(text), text
    assert "7x2p-4n6w" not in clean_text("recovery codes\n  9f3k-2m8q\n  7x2p-4n6w")
    hexkey = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"
    seed = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
    for text, secret in ((f"seed phrase: {phrase}", phrase), (f"PRIVATE_KEY=0x{hexkey}", hexkey),
                         (f"private key: {hexkey}", hexkey), (f"2FA secret: {seed}", seed),
                         ("Recovery codes:\nq28ww-53ov0\nb79so-5cwve", "q28ww-53ov0")):  # fmt: skip
        assert secret not in clean_text(text), text


@pytest.mark.parametrize(
    "text",
    [
        "the password is required", "Das Passwort wird aus der Umgebungsvariable gelesen.",
        "def f(token: Optional[str] = None):", "vault kv get -field=password secret/app/db",
        "The key is the session id, not the user id.", "use the token as the password when git asks",
        "password reset emails now link to /reset", "sha256:" + "ab" * 32 + "  secrets.tar.gz",
        "| user | role |\n|---|---|\n| admin | owner |", "Hasło to podstawa bezpieczeństwa",
        "const password = await bcrypt.hash(input, 10);", "Password = GetSecret(vault, name);",
        "SELECT id FROM users WHERE password_reset_token = $1", '<property name="token_ttl">3600</property>',
        "the password was changed to meet the policy", "the token for this session: expired",
        "Password for 'https://ana@github.com':", "password of the admin user: see vault",
        "│ Token   │ Expires    │ Scope │", "| password | required | at least 8 characters |",
        "$env:API_KEY = (Get-Secret -Name ApiKey -AsPlainText)", "token = 1*<any CHAR except CTLs or separators>",
        "use password authentication for the admin account", "the seed for the test run is 42",
        "This is the password field", "it is the token", "sk = SigningKey(seed)", "pat = re.compile(r'\\d+')",
        "the password is -> required", "cache[token] = value", "Use --token to pass a token, or --password instead.",
        'the password icon: <img alt="token" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==">',
        "PASSWORD=\nNEXT=1", 'level = os.getenv("LOG_LEVEL") or "debug"', 'def token_type():\n    return "bearer"', "Try it again, that's the password", "Use --force, which is the secret", "the password reset email is sent", "the credentials are in the vault", "Login: admin / admin", "account: ana / see vault", 'connect("localhost", 5432, "app_db_v2")', 'token = ObjectId("507f1f77bcf86cd799439011")',
        'let pw = rpassword::prompt_password("Password: ").unwrap();', 'keyring.get_password("memlane", "token")',
        'auth := smtp.PlainAuth("", "me@example.com", os.Getenv("SMTP_PW"), "smtp.example.com")', "docker service create --name api --secret db_pw ghcr.io/acme/api:1.4",
    ],
)  # fmt: skip
def test_what_only_names_a_secret_is_kept(text):
    assert clean_text(text) == text


@pytest.mark.parametrize(
    "lines",
    [
        ["[database]", "pass = {v}"], ["SMTP_PASSWORD = {v}"], ["rootpw {v}"],
        ["env:", "  - name: POSTGRES_PASSWORD", "    value: {v}"], ["user: app", "password: {v}"],
    ],
)
def test_a_file_shown_with_line_numbers_is_read_as_its_lines(lines):
    for sep in ("\u2192", "\t"):
        text = "\n".join(f"{i + 1:>6}{sep}{line}" for i, line in enumerate(lines)).format(v=PW)
        out = clean_text(text)
        assert PW not in out, text
        assert out.splitlines()[0].startswith("     1" + sep), out  # the numbers are kept
