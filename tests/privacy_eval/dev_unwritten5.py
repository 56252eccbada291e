"""More of the dev part (tests/privacy_eval/dev.py), a fifth batch written as an attacker would
after the fourth batch's fixes (dev_unwritten4.py), measured once before any change for it:
the probe's misses left open by the fourth round (runas with a command, a password in a shell
comment, a vault password file, ansible-vault, Malay prose, a Ruby basic-auth call), secrets in
SQL dumps and migrations, raw HTTP requests (a form body, a session cookie), Dockerfile ARG/ENV
and `docker build` secret misuses, shell history lines with `sudo -S`, test fixtures in Python,
JavaScript and Go that hold real-looking passwords, chat in languages no batch covered yet, and
negatives of the same shapes (placeholders, references, masked values, hashes, ids, versions).
The filter may be tuned on these cases, as on the rest of dev; the held part is never read for
them."""

from __future__ import annotations

from tests.privacy_eval import (
    Batch,
    Case,
    gen,
    in_command,
    in_prompt,
    in_result,
    result_line,
    sha,
    uuid_of,
)

HUMAN = ["Quokka#Dawn5", "m1dnightTrain", "Lisbon-Rain77", "s4ffronTea!", "Harbor$Lights9", "v3lvet_Moth",
         "Tundra&Owl4", "Comet!1618"]  # fmt: skip

BATCH = Batch("unw5", tuple(HUMAN), lambda i: 16 + (i % 2) * 12)
_values = BATCH.values
_family = BATCH.family
_in_bash = in_command




def positives() -> list:
    c = []
    c += _family("probe misses left open", [
        'runas /user:admin "cmd /c echo {v}"', "ssh deploy@web1 # pw {v}", 'echo "{v}" > ~/.vault_pass',
        "ansible-vault encrypt_string '{v}' --name db_password", "kata laluan saya {v}",
        "auth_basic 'admin', '{v}'", "echo '{v}' > .vault_password_file && ansible-playbook site.yml",
        "ssh root@10.0.0.7   # password: {v}",
    ], realistic=_in_bash)  # fmt: skip
    c += _family("sql dumps and migrations", [
        "INSERT INTO `users` (`id`, `email`, `password`) VALUES (1,'ana@example.com','{v}');",
        "INSERT INTO users VALUES (1, 'admin', 'admin@example.com', '{v}', NOW());",
        "ALTER USER app WITH PASSWORD '{v}';", "ALTER USER 'app'@'%' IDENTIFIED BY '{v}';",
        "CREATE USER replicator WITH REPLICATION ENCRYPTED PASSWORD '{v}';",
        "GRANT ALL ON app.* TO 'app'@'localhost' IDENTIFIED BY '{v}';",
        "op.execute(\"CREATE ROLE reporting LOGIN PASSWORD '{v}'\")",
        "UPDATE settings SET value = '{v}' WHERE key = 'smtp_password';",
        "COPY public.api_keys (id, name, secret) FROM stdin;\n1\tstripe\t{v}\n\\.",
        "execute \"ALTER ROLE app PASSWORD '{v}'\"",
    ], realistic=in_result)  # fmt: skip
    c += _family("raw http requests", [
        "POST /login HTTP/1.1\nHost: app.example.com\nContent-Type: application/x-www-form-urlencoded\n\nusername=ana&password={v}",
        "GET /dashboard HTTP/1.1\nHost: app.example.com\nCookie: sessionid={v}; theme=dark",
        "POST /oauth/token HTTP/1.1\nHost: auth.example.com\n\ngrant_type=client_credentials&client_id=web&client_secret={v}",
        "> Cookie: connect.sid={v}\n> User-Agent: curl/8.4.0",
        "Set-Cookie: session={v}; Path=/; HttpOnly; Secure",
        'POST /api/v1/auth HTTP/1.1\nContent-Type: application/json\n\n{"user":"ana","pass":"{v}"}',
        "PUT /admin/users/1 HTTP/1.1\nX-Api-Key: {v}",
        "http POST :8000/login username=ana password={v}",
    ], realistic=in_result)  # fmt: skip
    c += _family("dockerfile and build secrets", [
        "ARG DB_PASSWORD={v}", "ENV API_TOKEN={v}", 'ENV MYSQL_ROOT_PASSWORD="{v}"',
        "ENV REDIS_PASSWORD {v}", "RUN echo \"machine github.com login ana password {v}\" > ~/.netrc",
        "docker build --build-arg NPM_TOKEN={v} .", "docker buildx build --secret id=npm,env={v} .",
        "RUN --mount=type=secret,id=npm NPM_TOKEN={v} npm ci",
        "docker run -e POSTGRES_PASSWORD={v} postgres:16",
    ], realistic=in_result)  # fmt: skip
    c += _family("shell history with sudo -S", [
        " 1042  echo {v} | sudo -S apt-get update", " 1043  echo '{v}' | sudo -S systemctl restart nginx",
        ": 1710411751:0;echo \"{v}\" | sudo -S -k true", "sudo -S <<< '{v}' reboot",
        "printf '%s\\n' '{v}' | sudo -S -u postgres psql", "  88  sshpass -p {v} ssh root@web1",
        "  89  mysql -uroot -p{v} -e 'show databases'",
    ], realistic=_in_bash)  # fmt: skip
    c += _family("test fixtures with real-looking passwords", [
        'USER = {"username": "ana", "password": "{v}"}',
        "def test_login(client):\n    resp = client.post('/login', data={'user': 'ana', 'pw': '{v}'})",
        "const fixture = { email: 'ana@example.com', password: '{v}' };",
        "it('logs in', async () => {\n  await login('ana', '{v}');\n});",
        'func TestLogin(t *testing.T) {\n\tcreds := Credentials{User: "ana", Password: "{v}"}\n}',
        "    self.user = User.objects.create_user('ana', 'ana@example.com', '{v}')",
        "cy.get('#password').type('{v}')", "await page.fill('input[name=password]', '{v}')",
        "factory :user do\n  password { '{v}' }\nend",
    ], realistic=in_result)  # fmt: skip
    c += _family("chat in languages not yet covered", [
        "slaptažodis yra {v}", "pasfhocal: {v}", "fjalëkalimi është {v}", "lozinka je {v}",
        "geslo za strežnik je {v}", "parool on {v}", "parole ir {v}", "lykilorðið er {v}",
        "nenosiri ni {v}", "ang password ko ay {v}", "parola este {v}", "la contrasenya és {v}",
        "pasahitza {v} da", "y cyfrinair yw {v}", "jelszó: {v}", "ลองใช้รหัสผ่าน {v} ดู",
        "パスワードは「{v}」", "密碼：{v}", "암호는 {v}", "mật khẩu wifi: {v}",
    ], realistic=in_prompt)  # fmt: skip
    return c


def _neg_values():
    return {"sha": sha("unw5n"), "uuid": uuid_of("unw5n"), "hex": gen("unw5h", 32, "0123456789abcdef")}


NEG = [
    'runas /user:admin "cmd /c echo hello"', "ssh deploy@web1 # prod box", 'echo "$VAULT_PASS" > ~/.vault_pass',
    "ansible-vault encrypt_string --stdin-name db_password", "kata laluan saya terlupa",
    "auth_basic 'Restricted';", "ssh root@10.0.0.7   # password in 1Password",
    "INSERT INTO `users` (`id`, `email`, `password`) VALUES (1,'ana@example.com','$2y$10$abcdefghijklmnopqrstuuJ5yXo1H0Vq3Z8m7H4xw1E3a2b');",
    "ALTER USER app WITH PASSWORD :'pw';", "CREATE USER replicator WITH REPLICATION ENCRYPTED PASSWORD '<password>';",
    "UPDATE settings SET value = 'smtp.example.com' WHERE key = 'smtp_host';",
    "-- Dumped from database version 16.2\n-- Dumped by pg_dump version 16.2", "INSERT INTO migrations VALUES ('{sha}', '2026_03_14_000000_create_users');",
    "POST /login HTTP/1.1\nHost: app.example.com\nContent-Length: 41", "GET /dashboard HTTP/1.1\nCookie: theme=dark; lang=en",
    "Set-Cookie: session=; Path=/; Max-Age=0", "X-Request-Id: {uuid}", "ETag: \"{hex}\"",
    "ARG DB_PASSWORD", "ENV API_TOKEN=${API_TOKEN}", "ARG NODE_VERSION=20.11.1", "ENV PYTHONUNBUFFERED=1",
    "docker buildx build --secret id=npm,src=$HOME/.npmrc .", "RUN --mount=type=secret,id=npm npm ci",
    "docker run -e POSTGRES_PASSWORD_FILE=/run/secrets/db postgres:16", "docker build --build-arg VERSION=1.4.2 .",
    " 1042  sudo -S apt-get update < /dev/null", " 1043  sudo systemctl restart nginx", "  89  mysql -uroot -p -e 'show databases'",
    'USER = {"username": "ana", "password": os.environ["TEST_PASSWORD"]}',
    "const fixture = { email: 'ana@example.com', password: process.env.TEST_PW };",
    "cy.get('#password').type(Cypress.env('password'))", "await page.fill('input[name=password]', password)",
    "factory :user do\n  password { Faker::Internet.password }\nend", 'creds := Credentials{User: "ana", Password: "xxxxxxxx"}',
    "slaptažodis pamirštas", "lozinka je istekla", "parool on liiga lühike", "jelszó: (üres)", "密碼：請見保險庫",
    "commit {sha}", "request {uuid} done", "checksum {hex}", "Password: ********", "pip install passlib==1.7.4",
]  # fmt: skip


def negatives() -> list:
    c, values = [], _neg_values()
    for i, text in enumerate(NEG):
        for k, v in values.items():
            text = text.replace("{" + k + "}", v)
        c.append(Case("batch 5 negatives", text))
        c.append(Case("batch 5 negatives", result_line(f"unw5n{i}", text), realistic=True))
    return c


def cases() -> list:
    return positives() + negatives()
