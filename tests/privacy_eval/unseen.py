"""The UNSEEN part of the labelled privacy set (see tests/privacy_eval/__init__.py).

Written blind on 2026-11-30: its author read neither the filter (store/privacy/) nor its tests,
its docs or the bench's listings of missed and false redactions, and wrote every case before the
filter was run on any of them.  It was measured once.  Never tune the filter on it: a rule made
to pass one of these cases makes this part a dev part, and its numbers worthless.  Change a case
only to fix a labelling error (a positive whose secret is not in its text, a negative that does
hold a real secret), and say so.

Every case is shaped as Claude Code sees it (a Bash call and its output, a prompt, a Read, a
Write or an Edit, as a hook event or a transcript line): all are `realistic`.  A case's text
holds placeholders between guillemets, filled at run time (so no scanner flags this file):

- a secret: «h» a person's password, «r:N» a random token of N characters, «rs:N» one with
  symbols, «hex:N», «b64:N», «pem:KIND» a private key block, «suuid» a UUID that is a secret, or a provider's key by its name
  («gh», «slack», «stripe», ...); each is labelled;
- not a secret: «nuuid», «nsha:N», «nhex:N», «nb64:N», «nb64u:N», «nint:N», «nuser».

The same placeholder twice in a case is the same value; «h/2» is a second, other one.
"""

from __future__ import annotations

import base64
import hashlib
import re

from tests.privacy_eval import (
    ALNUM,
    B32,
    HEX,
    Case,
    assistant_line,
    bash_event,
    gen,
    numbered,
    prompt_event,
    random_secret,
    result_line,
    tool_use_id,
    uuid_of,
)

# People's passwords, none of them in the other parts.
HUMAN = ["Marzipan!1987", "Cobalt_Rain_42", "kasztan#Zima7", "Tequila-Sunrise9", "Quokka$2026",
         "brisket&Beans5", "Nordlys_88!", "Sakura*Haru3", "velvetThunder22", "Pampelmuse#4",
         "Oolong+Tea61", "Zanzibar@Moon8", "Gravlax!2019", "Hibiscus_tea7", "Kilimanjaro#93",
         "Tortuga99!x", "Fjord-Lines-11", "Peregrine*77", "Waffles4Ever!", "Lindenbaum#6",
         "gooseberry~31", "Mistral.Blue5", "paprika2Koala", "Orinoco%River8"]  # fmt: skip
SYMBOLS = ALNUM + "!#%*_-+.~^"
B64 = ALNUM + "+/"
B64U = ALNUM + "-_"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
NOT_SECRET = {"nuuid", "nsha", "nhex", "nb64", "nb64u", "nb58", "nint", "nupper", "nuser"}
SLOT = re.compile(r"«([a-z_0-9]+)(?::([A-Za-z0-9_]+))?(?:/(\d))?»")


def _n(seed: str, lo: int, hi: int) -> int:
    return lo + hashlib.sha256(seed.encode()).digest()[0] % (hi - lo + 1)


def _pem(kind: str, seed: str) -> tuple[str, list]:
    """A private key block of `kind` (rsa, ec, openssh, pkcs8, encrypted) and the lines labelled:
    two lines of its body (a JSON value escapes its line breaks, so a block is labelled by lines)."""
    label = {"rsa": "RSA PRIVATE KEY", "ec": "EC PRIVATE KEY", "openssh": "OPENSSH PRIVATE KEY",
             "pkcs8": "PRIVATE KEY", "encrypted": "ENCRYPTED PRIVATE KEY"}[kind]  # fmt: skip
    width = 70 if kind == "openssh" else 64
    rows = {"ec": 3, "openssh": 6}.get(kind, 8)
    body = [gen(f"pem{seed}{i}", width, B64) for i in range(rows)]
    body[-1] = body[-1][: width // 2] + "=="
    if kind == "openssh":
        body[0] = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW" + body[0][:2]
    text = "-----BEGIN " + label + "-----\n" + "\n".join(body) + "\n-----END " + label + "-----"
    return text, [body[1], body[2]]


def _provider(kind: str, s: str) -> str:
    g = lambda n, a=ALNUM: gen(s, n, a)
    return {
        "gh": "gh" + "p_" + g(36),
        "ghs": "gh" + "s_" + g(36),
        "ghpat": "github" + "_pat_11" + g(20, B32) + "_" + g(59),
        "glpat": "gl" + "pat-" + g(20, B64U),
        "slack": "xo" + "xb-" + gen(s + "a", 12, "0123456789") + "-" + gen(s + "b", 13, "0123456789") + "-" + g(24),
        "slackhook": "https://hooks.slack.com/services/T" + g(8, B32) + "/B" + g(10, B32) + "/" + g(24),
        "stripe": "sk" + "_live_" + g(99)[:_n(s, 24, 99)],
        "rkstripe": "rk" + "_live_" + g(40),
        "whsec": "wh" + "sec_" + g(32),
        "openai": "sk" + "-proj-" + g(48, B64U) + "T3Blbk" + "FJ" + g(48, B64U),
        "anthropic": "sk" + "-ant-api03-" + g(93, B64U) + "AA",
        "aws": g(40, B64),
        "akia": "AK" + "IA" + g(16, B32),
        "google": "AI" + "za" + g(35, B64U),
        "twilio": "SK" + g(32, HEX),
        "sendgrid": "SG" + "." + g(22, B64U) + "." + g(43, B64U),
        "npm": "np" + "m_" + g(36),
        "pypi": "pyp" + "i-AgEIcHlwaS5vcmc" + g(70, B64U),
        "hf": "h" + "f_" + g(34),
        "dop": "do" + "p_v1_" + g(64, HEX),
        "shpat": "shp" + "at_" + g(32, HEX),
        "linear": "lin" + "_api_" + g(40),
        "doppler": "dp" + ".st.prd." + g(43),
        "datadog": g(32, HEX),
        "atlassian": "ATA" + "TT3x" + g(180, B64U)[: _n(s, 150, 180)] + "=" + g(8, "0123456789ABCDEF"),
        "mailgun": "key" + "-" + g(32, HEX),
        "newrelic": "NR" + "AK-" + g(27, B32),
        "grafana": "gl" + "sa_" + g(32) + "_" + g(8, HEX),
        "supabase": "sb" + "p_" + g(40, HEX),
        "pscale": "psc" + "ale_pw_" + g(43, B64U),
        "tailscale": "tsk" + "ey-auth-k" + g(10) + "CNTRL-" + g(33),
        "onepassword": "op" + "s_eyJ" + g(120, B64U),
        "pulumi": "pu" + "l-" + g(40, HEX),
        "tfc": g(14) + ".at" + "lasv1." + g(67),
        "age": "AGE-SECRET" + "-KEY-1" + g(58, B32.replace("B", "").replace("I", "")),
        "telegram": gen(s + "t", 10, "0123456789") + ":AA" + g(33, B64U),
        "discord": "MT" + g(22, B64U) + "." + g(6, B64U) + "." + g(38, B64U),
        "vercel": g(24),
        "sentry": "sn" + "trys_eyJ" + g(100, B64U) + "_" + g(43, B64U),
        "postmark": gen(s, 8, HEX) + "-" + gen(s + "1", 4, HEX) + "-" + gen(s + "2", 4, HEX) + "-" + gen(s + "3", 4, HEX) + "-" + gen(s + "4", 12, HEX),
        "databricks": "da" + "pi" + g(32, HEX),
        "fly": "Fly" + "V1 fm2_" + g(200, B64U),
        "cloudflare": g(40, B64U),
        "azure_conn": "DefaultEndpointsProtocol=https;AccountName=stprod" + g(6, "abcdefghijklmnopqrstuvwxyz") + ";AccountKey=" + g(86, B64) + "==;EndpointSuffix=core.windows.net",
        "azkey": g(86, B64) + "==",
        "gcpkey": g(40, HEX),
        "jwt": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + base64.urlsafe_b64encode(
            ('{"sub":"' + g(12) + '","role":"service_role","iat":1732900000}').encode()).decode().rstrip("=") + "." + g(43, B64U),
    }[kind]


def fill(text: str, seed: str) -> tuple[str, tuple]:
    """`text` with its placeholders filled, and the secrets it now holds."""
    memo: dict = {}
    secrets: list = []

    def one(m):
        key = m.group(0)
        if key in memo:
            return memo[key]
        kind, arg = m.group(1), m.group(2)
        s = f"{seed}|{key}"
        n = int(arg) if arg and arg.isdigit() else 0
        label = None
        if kind == "h":
            value = HUMAN[_n(s, 0, 255) % len(HUMAN)]
        elif kind == "r":
            value = random_secret(s, n or _n(s, 18, 40))
        elif kind == "rs":
            body = gen(s, (n or _n(s, 14, 28)) - 2, SYMBOLS)
            value = body[:3] + "k9" + body[3:]
        elif kind == "hex":
            value = gen(s, n or 32, HEX)
        elif kind == "b64":
            value = gen(s, (n or 43), B64) + "="
        elif kind == "pem":
            value, label = _pem(arg, s)
        elif kind == "suuid":  # a secret that is a UUID (a Consul token, an AppRole secret id)
            value = uuid_of(s + "secret")
        elif kind == "nuuid":
            value = uuid_of(s)
        elif kind == "nsha":
            value = hashlib.sha256(s.encode()).hexdigest()[: n or 40]
        elif kind == "nhex":
            value = gen(s, n or 16, HEX)
        elif kind == "nb64":
            value = gen(s, n or 44, B64)
        elif kind == "nb64u":
            value = gen(s, n or 22, B64U)
        elif kind == "nb58":
            value = gen(s, n or 46, B58)
        elif kind == "nint":
            value = str(_n(s, 1, 9)) + gen(s, (n or 6) - 1, "0123456789")
        elif kind == "nupper":
            value = gen(s, n or 16, B32)
        elif kind == "nuser":
            value = ["ana", "dmitri", "li.wei", "fatima", "okonkwo", "sven", "priya", "mateo"][_n(s, 0, 7)]
        else:
            value = _provider(kind, s)
        memo[key] = value
        if kind not in NOT_SECRET:
            secrets.extend(label if label is not None else [value])
        return value

    out = SLOT.sub(one, text)
    return out, tuple(dict.fromkeys(secrets))


# ------------------------------------------------------------------------------------- carriers
def write_event(path: str, content: str, seed: str) -> dict:
    """A PostToolUse event of a Write call, as the CLI sends it to a hook."""
    session = uuid_of("s" + seed)
    return {
        "session_id": session,
        "transcript_path": f"/home/dev/.claude/projects/-home-dev-app/{session}.jsonl",
        "cwd": "/home/dev/app",
        "prompt_id": uuid_of("p" + seed),
        "permission_mode": "acceptEdits",
        "hook_event_name": "PostToolUse",
        "tool_name": "Write",
        "tool_input": {"file_path": "/home/dev/app/" + path, "content": content},
        "tool_response": {"type": "create", "filePath": "/home/dev/app/" + path, "content": content,
                          "structuredPatch": [], "originalFile": None, "userModified": False},
        "tool_use_id": tool_use_id(seed),
        "duration_ms": 6,
    }


def read_event(path: str, content: str, seed: str) -> dict:
    """A PostToolUse event of a Read call."""
    session = uuid_of("s" + seed)
    return {
        "session_id": session,
        "transcript_path": f"/home/dev/.claude/projects/-home-dev-app/{session}.jsonl",
        "cwd": "/home/dev/app",
        "prompt_id": uuid_of("p" + seed),
        "permission_mode": "default",
        "hook_event_name": "PostToolUse",
        "tool_name": "Read",
        "tool_input": {"file_path": "/home/dev/app/" + path},
        "tool_response": {"type": "text", "file": {"filePath": "/home/dev/app/" + path, "content": content,
                                                   "numLines": content.count("\n") + 1, "startLine": 1,
                                                   "totalLines": content.count("\n") + 1}},
        "tool_use_id": tool_use_id(seed),
        "duration_ms": 3,
    }


def carry(spec: tuple, seed: str) -> dict:
    """The JSON value of a case whose texts are filled: `spec` is (carrier, *texts)."""
    kind, *filled = spec
    if kind == "cmd":  # a Bash call and its output (maybe none), as a hook event
        return bash_event(filled[0], filled[1] if len(filled) > 1 else "", seed)
    if kind == "out":  # a Bash call's output as a transcript line
        return result_line(seed, filled[-1])
    if kind == "prompt":
        return prompt_event(filled[0], seed)
    if kind == "read":  # a Read as the transcript holds it (numbered lines)
        return result_line(seed, numbered(filled[1]))
    if kind == "readev":  # a Read as a hook event
        return read_event(filled[0], filled[1], seed)
    if kind == "write":
        return write_event(filled[0], filled[1], seed)
    if kind == "awrite":  # the assistant's Write call as the transcript holds it
        return assistant_line(seed, "Write", {"file_path": "/home/dev/app/" + filled[0], "content": filled[1]})
    if kind == "edit":
        return assistant_line(seed, "Edit", {"file_path": "/home/dev/app/" + filled[0], "old_string": filled[1],
                                             "new_string": filled[2], "replace_all": False})
    if kind == "abash":  # the assistant's Bash call as the transcript holds it
        return assistant_line(seed, "Bash", {"command": filled[0], "description": "Run it"})
    raise ValueError(kind)


def _fill_all(spec: tuple, seed: str) -> tuple:
    """`spec`'s texts filled from one memo (a value met twice in a case is the same)."""
    joined = "\x00".join(spec[1:])
    out, secrets = fill(joined, seed)
    return (spec[0], *out.split("\x00")), secrets


def family(name: str, specs: list, positive: bool) -> list:
    cases = []
    for i, spec in enumerate(specs):
        seed = f"unseen|{name}|{i}"
        filled, secrets = _fill_all(spec, seed)
        value = carry(filled, seed)
        if positive and not secrets:
            raise ValueError(f"{name} #{i}: a positive with no secret")
        if not positive and secrets:
            raise ValueError(f"{name} #{i}: a negative with a secret placeholder")
        cases.append(Case(name, value, secrets if positive else (), realistic=True))
    return cases


# ------------------------------------------------------------------------------------ positives
def positives_one() -> list:
    c = []
    c += family("elixir releases and runtime config", [
        ("read", "config/runtime.exs", 'import Config\n\nconfig :shop, Shop.Repo,\n  username: "shop",\n  password: "«h»",\n  hostname: "db.internal",\n  pool_size: 10'),
        ("write", "config/prod.secret.exs", 'import Config\nconfig :shop, ShopWeb.Endpoint,\n  secret_key_base: "«r:64»"\nconfig :stripity_stripe, api_key: "«stripe»"'),
        ("cmd", 'MIX_ENV=prod DATABASE_URL=ecto://shop:«h»@10.0.3.7/shop_prod mix ecto.migrate', "[info] == Running 20261104 Shop.Repo.Migrations.AddCarts.change/0 forward\n[info] == Migrated in 0.0s"),
        ("edit", "config/dev.exs", 'config :ex_aws, access_key_id: [{:system, "AWS_ACCESS_KEY_ID"}, :instance_role]', 'config :ex_aws,\n  access_key_id: "«akia»",\n  secret_access_key: "«aws»"'),
        ("cmd", 'iex -S mix', 'iex(1)> Application.get_env(:shop, :mailgun)\n[api_key: "«mailgun»", domain: "mg.shop.example"]\niex(2)>'),
        ("out", "mix phx.gen.secret", "«r:64»"),
        ("prompt", 'the release fails to boot, here is rel/env.sh.eex:\n\nexport RELEASE_COOKIE=«r:40»\nexport DATABASE_PASSWORD=«h»\n\nwhat is wrong?'),
        ("awrite", "lib/shop/slack.ex", 'defmodule Shop.Slack do\n  @token "«slack»"\n\n  def post(text), do: Req.post!("https://slack.com/api/chat.postMessage", auth: {:bearer, @token}, json: %{channel: "#ops", text: text})\nend'),
        ("readev", "config/releases.exs", 'config :shop, Shop.Mailer,\n  adapter: Swoosh.Adapters.SMTP,\n  relay: "smtp.fastmail.com",\n  username: "orders@shop.example",\n  password: "«rs:20»",\n  ssl: true'),
        ("cmd", 'System.put_env("OPENAI_API_KEY", "«openai»") |> then(fn _ -> :ok end)', ""),
    ], True)
    c += family("haskell and ocaml sources", [
        ("read", "app/Main.hs", 'main :: IO ()\nmain = do\n  let connInfo = defaultConnectInfo { connectHost = "pg.internal", connectUser = "hs", connectPassword = "«h»" }\n  conn <- connect connInfo\n  print =<< (query_ conn "select 1" :: IO [Only Int])'),
        ("write", "src/Config.hs", '{-# LANGUAGE OverloadedStrings #-}\nmodule Config where\n\napiToken :: Text\napiToken = "«r:32»"\n\nbaseUrl :: Text\nbaseUrl = "https://api.example.com/v2"'),
        ("edit", "src/Github.hs", 'auth = OAuth ""', 'auth = OAuth "«gh»"'),
        ("readev", "bin/main.ml", 'let db_password = "«h»"\nlet () =\n  let uri = Uri.of_string ("postgresql://ocaml:" ^ db_password ^ "@localhost/app") in\n  Lwt_main.run (connect uri)'),
        ("awrite", "lib/stripe_client.ml", 'let secret_key = "«stripe»"\n\nlet headers = Cohttp.Header.of_list [ ("Authorization", "Bearer " ^ secret_key) ]'),
        ("cmd", 'cabal run migrate -- --pg-password «h»', "Up to date\nApplied 3 migrations"),
        ("prompt", "in my servant app I have\n\n    sendgridKey = \"«sendgrid»\"\n\nhard-coded in Mail.hs; move it to the environment please"),
        ("out", "stack exec -- app --show-config", 'Config {cfgPort = 8080, cfgDbUser = "app", cfgDbPass = "«rs:18»", cfgLogLevel = Info}'),
        ("cmd", 'dune exec ./bin/main.exe -- --token «hf»', "loaded 1204 rows"),
        ("read", "test/Spec.hs", '-- integration against the staging tenant\nstagingKey = "«r:40»"\nspec = describe "client" $ it "lists" $ do\n  xs <- runClient stagingKey listItems\n  length xs `shouldSatisfy` (> 0)'),
    ], True)
    c += family("zig nim and crystal sources", [
        ("read", "src/main.zig", 'const std = @import("std");\nconst api_key = "«r:36»";\n\npub fn main() !void {\n    var client = std.http.Client{ .allocator = std.heap.page_allocator };\n    defer client.deinit();\n}'),
        ("write", "src/db.zig", 'pub const conn = pg.Conn.Opts{\n    .host = "127.0.0.1",\n    .username = "zig",\n    .password = "«h»",\n    .database = "ledger",\n};'),
        ("readev", "src/bot.nim", 'import std/httpclient\nlet token = "«telegram»"\nlet client = newHttpClient()\necho client.getContent("https://api.telegram.org/bot" & token & "/getMe")'),
        ("edit", "config.nims", 'switch("define", "dbPass=")', 'switch("define", "dbPass=«h»")'),
        ("cmd", 'nim c -d:release -d:apiSecret=«r:28» src/server.nim', "Hint: mm: orc; threads: on; opt: speed\nSuccess: 84510 lines; 3.1s"),
        ("awrite", "src/app.cr", 'require "db"\nrequire "pg"\n\nDB.open "postgres://crystal:«h»@localhost:5432/app" do |db|\n  puts db.scalar("select count(*) from users")\nend'),
        ("read", "config/initializers/mail.cr", 'Carbon::SendGridAdapter.configure do |settings|\n  settings.api_key = "«sendgrid»"\nend'),
        ("cmd", 'crystal run src/app.cr -- --secret «rs:22»', ""),
        ("prompt", "zig build fails at link time. build.zig has `const token = b.option([]const u8, \"token\", \"\") orelse \"«glpat»\";` is that the cause?"),
    ], True)
    c += family("julia r and matlab sessions", [
        ("cmd", 'julia -e \'ENV["AWS_SECRET_ACCESS_KEY"]="«aws»"; using AWS; println(AWS.global_aws_config())\'', "AWSConfig((AKIA…), \"eu-west-1\", \"json\")"),
        ("read", "scripts/fetch.jl", 'using HTTP, JSON3\nconst KEY = "«r:32»"\nr = HTTP.get("https://api.openweathermap.org/data/2.5/weather?q=Oslo&appid=$KEY")\nprintln(JSON3.read(r.body).main.temp)'),
        ("out", "Rscript -e 'Sys.getenv()' | grep -i key", "OPENAI_API_KEY          «openai»\nR_LIBS_USER             ~/R/x86_64-pc-linux-gnu-library/4.4"),
        ("write", "analysis/load.R", 'library(DBI)\ncon <- dbConnect(RPostgres::Postgres(),\n                 host = "warehouse.internal", dbname = "dw",\n                 user = "analyst", password = "«h»")\ndf <- dbGetQuery(con, "select * from sales limit 100")'),
        ("edit", ".Renviron", 'GITHUB_PAT=', 'GITHUB_PAT=«gh»'),
        ("prompt", "my shiny app won't deploy: rsconnect::setAccountInfo(name='labteam', token='«hex:32»', secret='«b64:39»') then deployApp() says 401"),
        ("readev", "matlab/connectDB.m", "function conn = connectDB()\n    conn = database('warehouse', 'matlab_ro', '«h»', ...\n        'Vendor', 'PostgreSQL', 'Server', 'db.lab.local');\nend"),
        ("awrite", "matlab/callApi.m", "opts = weboptions('HeaderFields', {'Authorization', 'Bearer «r:40»'}, 'Timeout', 30);\ndata = webread('https://api.lab.example/v1/runs', opts);"),
        ("cmd", 'matlab -batch "setenv(\'DB_PASSWORD\',\'«h»\'); runAll"', "Running 14 tests... done"),
        ("out", "julia --project -e 'using Pkg; Pkg.status()'", '  [cd3eb016] HTTP v1.10.8\n┌ Warning: PkgServer auth token: «r:44»\n└ @ Pkg.PlatformEngines'),
    ], True)
    c += family("fortran cobol and ada sources", [
        ("read", "src/params.f90", "module params\n  implicit none\n  character(len=*), parameter :: db_user = 'hpc'\n  character(len=*), parameter :: db_pass = '«h»'\nend module params"),
        ("write", "src/upload.f90", "program upload\n  character(len=64) :: token\n  token = '«r:40»'\n  call execute_command_line('curl -H \"X-Auth: '//trim(token)//'\" -T out.nc https://data.hpc.example/put')\nend program"),
        ("readev", "cobol/DBLOGIN.cbl", "       WORKING-STORAGE SECTION.\n       01 WS-USERID      PIC X(8)  VALUE 'BATCH01'.\n       01 WS-PASSWORD    PIC X(16) VALUE '«h»'.\n       PROCEDURE DIVISION.\n           EXEC SQL CONNECT :WS-USERID IDENTIFIED BY :WS-PASSWORD END-EXEC."),
        ("edit", "cobol/FTPJOB.jcl", "//SYSIN DD *\nUSER BATCH01\n", "//SYSIN DD *\nUSER BATCH01 «rs:12»\n"),
        ("awrite", "src/config.adb", 'package body Config is\n   Api_Key  : constant String := "«r:32»";\n   Password : constant String := "«h»";\nend Config;'),
        ("read", "src/secrets.ads", 'package Secrets is\n   Broker_Password : constant String := "«rs:20»";\nend Secrets;'),
        ("cmd", "gfortran -DAPI_TOKEN=\"'«r:30»'\" -cpp -o sim sim.F90 && ./sim", "step 1000  energy -4.1123E+02"),
        ("prompt", "our mainframe job card has PASSWORD=«h» in it, i.e.\n//PAYROLL JOB (ACCT),'RUN',USER=PAYR01,PASSWORD=«h»\nhow do I switch that to a RACF passticket?"),
        ("out", "cat cobol/copybooks/SFTPCRED.cpy", "       01 SFTP-CREDENTIALS.\n          05 SFTP-USER   PIC X(12) VALUE 'xfer_batch'.\n          05 SFTP-PASS   PIC X(20) VALUE '«h»'."),
    ], True)
    c += family("tcl scripts and lua plugin configs", [
        ("read", "scripts/login.tcl", 'package require http\nset user "netops"\nset pass "«h»"\nset auth [binary encode base64 "$user:$pass"]\nset tok [http::geturl https://nms.local/api -headers [list Authorization "Basic $auth"]]'),
        ("write", "nginx/lua/auth.lua", 'local jwt_secret = "«r:48»"\nlocal jwt = require "resty.jwt"\nlocal obj = jwt:verify(jwt_secret, ngx.var.cookie_session)'),
        ("readev", ".config/nvim/lua/plugins/ai.lua", 'return {\n  "jackMort/ChatGPT.nvim",\n  opts = { api_key_cmd = nil, openai_params = { model = "gpt-4o" } },\n  config = function() vim.env.OPENAI_API_KEY = "«openai»" end,\n}'),
        ("edit", "kong/plugins/upstream-auth/handler.lua", 'local KEY = os.getenv("UPSTREAM_KEY")', 'local KEY = "«r:32»"'),
        ("awrite", "haproxy/auth.lua", 'core.register_action("auth", {"http-req"}, function(txn)\n  local ok = txn.sf:req_hdr("x-api-key") == "«hex:40»"\n  txn:set_var("txn.ok", ok)\nend)'),
        ("cmd", 'tclsh tools/deploy.tcl -host 10.1.1.5 -user root -password «h»', "connected\nuploaded firmware.bin (4.1 MB)"),
        ("out", "cat ~/.hammerspoon/init.lua", 'local HA_TOKEN = "«jwt»"\nhs.hotkey.bind({"cmd","alt"}, "L", function()\n  hs.http.asyncPost("http://ha.local:8123/api/services/light/toggle", "{}", {Authorization = "Bearer " .. HA_TOKEN}, function() end)\nend)'),
        ("prompt", "wezterm config: `config.ssh_domains = {{ name = 'box', remote_address = 'box.lan', username = 'me', ssh_option = { password = '«h»' } }}` -- is ssh_option even allowed there?"),
        ("read", "redis/scripts/rate.lua", '-- admin override token, do not commit\nlocal override = "«r:26»"\nif ARGV[1] == override then return 1 end'),
    ], True)
    return c


def positives_two() -> list:
    c = []
    c += family("powershell credential objects", [
        ("cmd", "pwsh -c '$sec = ConvertTo-SecureString \"«h»\" -AsPlainText -Force; $cred = [pscredential]::new(\"CORP\\svc_deploy\", $sec); Enter-PSSession -ComputerName web01 -Credential $cred'", ""),
        ("read", "deploy/Publish.ps1", '$password = "«h»" | ConvertTo-SecureString -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential ("deploy", $password)\nInvoke-Command -ComputerName app02 -Credential $cred -ScriptBlock { iisreset }'),
        ("write", "scripts/Set-Secrets.ps1", 'Set-AzKeyVaultSecret -VaultName kv-prod -Name StripeKey -SecretValue (ConvertTo-SecureString "«stripe»" -AsPlainText -Force)'),
        ("edit", "profile.ps1", '$env:NUGET_API_KEY = ""', '$env:NUGET_API_KEY = "«r:46»"'),
        ("out", "Get-Content .\\creds.xml", '<Objs Version="1.1.0.1" xmlns="http://schemas.microsoft.com/powershell/2004/04">\n  <Obj RefId="0">\n    <Props>\n      <S N="UserName">svc_backup</S>\n      <S N="PlainPassword">«h»</S>\n    </Props>\n  </Obj>\n</Objs>'),
        ("cmd", 'powershell.exe -NoProfile -Command "Connect-ExchangeOnline -AppId 4e0f... -CertificatePassword (ConvertTo-SecureString -String \'«rs:18»\' -AsPlainText -Force)"', "WARNING: Connected."),
        ("prompt", "why does `New-PSDrive -Name Z -PSProvider FileSystem -Root \\\\nas01\\share -Credential (New-Object PSCredential('nas\\admin',(ConvertTo-SecureString '«h»' -AsPlainText -Force)))` say access denied?"),
        ("awrite", "ci/Login.ps1", '$token = "«ghpat»"\n$headers = @{ Authorization = "token $token"; Accept = "application/vnd.github+json" }\nInvoke-RestMethod -Uri https://api.github.com/user -Headers $headers'),
        ("readev", "dsc/Config.psd1", '@{\n    AllNodes = @(\n        @{ NodeName = "sql01"; PSDscAllowPlainTextPassword = $true; SaPassword = "«h»" }\n    )\n}'),
    ], True)
    c += family("nix and dhall expressions", [
        ("read", "hosts/box/configuration.nix", '{ config, pkgs, ... }:\n{\n  services.nextcloud.config.adminpassFile = "/run/keys/nc";\n  services.grafana.settings.security.admin_password = "«h»";\n  users.users.ops.initialPassword = "«h/2»";\n}'),
        ("write", "modules/restic.nix", '{\n  services.restic.backups.daily = {\n    repository = "s3:s3.eu-central-1.wasabisys.com/backups";\n    environmentFile = pkgs.writeText "restic-env" \'\'\n      AWS_ACCESS_KEY_ID=«akia»\n      AWS_SECRET_ACCESS_KEY=«aws»\n      RESTIC_PASSWORD=«rs:24»\n    \'\';\n  };\n}'),
        ("edit", "flake.nix", 'nix.settings.access-tokens = [ ];', 'nix.settings.access-tokens = [ "github.com=«gh»" ];'),
        ("cmd", "nix-shell -p postgresql --run 'PGPASSWORD=«h» psql -h db.lan -U nix -c \"\\\\dt\"'", "         List of relations\n Schema | Name  | Type  | Owner\n--------+-------+-------+-------\n public | jobs  | table | nix"),
        ("readev", "config/app.dhall", 'let Config = ./Config.dhall\nin  Config::{\n    , dbUser = "svc"\n    , dbPassword = "«h»"\n    , apiKey = "«r:36»"\n    }'),
        ("awrite", "deploy/secrets.dhall", '{ smtpPassword = "«rs:20»", slackWebhook = "«slackhook»" }'),
        ("out", "cat /etc/nix/netrc", "machine cache.corp.example login nix password «r:32»"),
        ("prompt", "home-manager fails with 'attribute missing': programs.git.extraConfig.github.token = \"«gh»\"; where should it go?"),
        ("cmd", "dhall-to-yaml --file deploy/k8s.dhall", "apiVersion: v1\nkind: ConfigMap\ndata:\n  REDIS_URL: redis://default:«r:30»@redis-master:6379/0"),
    ], True)
    c += family("cue and jsonnet configs", [
        ("read", "deploy/prod.cue", 'package deploy\n\ndatabase: {\n\thost:     "pg.prod.internal"\n\tuser:     "api"\n\tpassword: "«h»"\n}'),
        ("write", "config/values.cue", 'stripe: secretKey: "«stripe»"\nsentry: environment: "prod"'),
        ("cmd", "cue export ./deploy -t env=prod --out yaml", 'database:\n  host: pg.prod.internal\n  user: api\n  password: «h»'),
        ("readev", "environments/prod.jsonnet", "local base = import 'base.libsonnet';\nbase {\n  smtp+: { user: 'postmaster@mg.example', password: '«rs:22»' },\n  apiToken: '«r:40»',\n}"),
        ("edit", "lib/grafana.libsonnet", "adminPassword: std.extVar('grafana_pw'),", "adminPassword: '«h»',"),
        ("cmd", "jsonnet -V dbPass=«h» -J vendor main.jsonnet | kubectl apply -f -", "secret/db configured\ndeployment.apps/api configured"),
        ("awrite", "tanka/environments/default/main.jsonnet", "{\n  grafana+:: { cloud_api_key: '«grafana»' },\n  loki+:: { basic_auth: { username: '512345', password: '«grafana/2»' } },\n}"),
        ("out", "tk show environments/default | grep -A3 kind: Secret", "kind: Secret\nstringData:\n  password: «h»\n  username: loki"),
        ("prompt", "cue vet complains: conflicting values \"«r:24»\" and string & =~\"^[a-z]+$\" at auth.token — the token is real, relax the constraint"),
    ], True)
    c += family("terragrunt and other hcl", [
        ("read", "live/prod/rds/terragrunt.hcl", 'include "root" {\n  path = find_in_parent_folders()\n}\n\ninputs = {\n  engine          = "postgres"\n  master_username = "tgadmin"\n  master_password = "«h»"\n}'),
        ("write", "waypoint.hcl", 'project = "shop"\n\nrunner {\n  enabled = true\n  data_source "git" {\n    url      = "https://github.com/acme/shop.git"\n    password = "«gh»"\n  }\n}'),
        ("edit", "boundary/worker.hcl", 'controller_generated_activation_token = env://ACT_TOKEN', 'controller_generated_activation_token = "neslat_«r:60»"'),
        ("readev", "consul/config/acl.hcl", 'acl {\n  enabled = true\n  default_policy = "deny"\n  tokens {\n    initial_management = "«suuid»"\n    agent = "«r:36»"\n  }\n}'),
        ("cmd", "terragrunt apply -var 'db_password=«h»' --terragrunt-non-interactive", "Apply complete! Resources: 1 added, 0 changed, 0 destroyed."),
        ("awrite", "providers.tf", 'provider "datadog" {\n  api_key = "«datadog»"\n  app_key = "«hex:40»"\n}'),
        ("out", "cat ~/.terraformrc", 'credentials "app.terraform.io" {\n  token = "«tfc»"\n}'),
        ("prompt", "packer says invalid value for ssh_password. I set `ssh_password = \"«h»\"` in the source block of ubuntu.pkr.hcl; maybe the # breaks it?"),
        ("read", "vault/agent.hcl", 'auto_auth {\n  method "approle" {\n    config = {\n      role_id_file_path = "/etc/vault/role_id"\n      secret_id = "«suuid»"\n    }\n  }\n}\n# bootstrap token (remove after first run): hvs.«r:90»'),
    ], True)
    c += family("bicep and arm parameters", [
        ("read", "infra/main.bicep", "param location string = resourceGroup().location\n@secure()\nparam adminPassword string = '«h»'\n\nresource vm 'Microsoft.Compute/virtualMachines@2023-03-01' = {\n  name: 'vm-build'\n  location: location\n}"),
        ("write", "infra/main.parameters.json", '{\n  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#",\n  "contentVersion": "1.0.0.0",\n  "parameters": {\n    "sqlAdminLogin": { "value": "sqladmin" },\n    "sqlAdminPassword": { "value": "«h»" }\n  }\n}'),
        ("cmd", "az deployment group create -g rg-shop -f main.bicep -p adminPassword='«h»' storageKey=«azkey»", '{\n  "properties": {\n    "provisioningState": "Succeeded"\n  }\n}'),
        ("edit", "infra/prod.bicepparam", "param sqlPassword = readEnvironmentVariable('SQL_PW')", "param sqlPassword = '«rs:20»'"),
        ("readev", "infra/storage.bicep", "var conn = 'DefaultEndpointsProtocol=https;AccountName=stshop;AccountKey=«azkey»;EndpointSuffix=core.windows.net'\noutput connectionString string = conn"),
        ("awrite", "azuredeploy.json", '{\n  "resources": [{\n    "type": "Microsoft.Web/sites/config",\n    "name": "app/appsettings",\n    "properties": { "SENDGRID_API_KEY": "«sendgrid»", "DB_CONN": "Server=tcp:sql-shop.database.windows.net;User ID=app;Password=«h»;" }\n  }]\n}'),
        ("out", "az deployment group show -g rg-shop -n main --query properties.outputs", '{\n  "storageConnection": {\n    "type": "String",\n    "value": "«azure_conn»"\n  }\n}'),
        ("prompt", "bicep linter warns outputs-should-not-contain-secrets on `output key string = '«azkey»'` but I need it in the pipeline, how do I pass it safely?"),
    ], True)
    c += family("pulumi yaml and cdk stacks", [
        ("read", "Pulumi.yaml", 'name: shop\nruntime: yaml\nresources:\n  db:\n    type: aws:rds:Instance\n    properties:\n      engine: postgres\n      username: shop\n      password: «h»\n      instanceClass: db.t4g.micro'),
        ("write", "Pulumi.dev.yaml", 'config:\n  aws:region: eu-west-1\n  shop:stripeKey: «stripe»\n  shop:dbPassword: «h»'),
        ("cmd", "pulumi config set shop:apiToken «r:40» && pulumi up --yes", "Updating (dev)\n     Type                 Name      Status\n     pulumi:pulumi:Stack  shop-dev\nResources:\n    4 unchanged"),
        ("edit", "lib/stack.ts", "password: SecretValue.secretsManager('db-admin'),", "password: SecretValue.unsafePlainText('«h»'),"),
        ("readev", "cdk/app.py", "db = rds.DatabaseInstance(self, 'Db',\n    engine=rds.DatabaseInstanceEngine.POSTGRES,\n    credentials=rds.Credentials.from_password('cdkadmin', SecretValue.unsafe_plain_text('«rs:20»')),\n)"),
        ("out", "pulumi stack output --show-secrets --json", '{\n  "dbEndpoint": "shop-db.c8xk2.eu-west-1.rds.amazonaws.com",\n  "dbPassword": "«h»",\n  "bucket": "shop-assets-7f2c"\n}'),
        ("awrite", "cdk.context.json", '{\n  "acm-cert": "arn:aws:acm:eu-west-1:111122223333:certificate/«nuuid»",\n  "githubToken": "«ghs»"\n}'),
        ("prompt", "pulumi preview shows `+ password: \"«h»\"` in plain text in the diff; I thought config secrets were hidden?"),
        ("cmd", "cdk deploy -c slackWebhook=«slackhook» ShopStack", "✅  ShopStack\n\n✨  Deployment time: 48.1s"),
    ], True)
    c += family("ansible module arguments in tasks", [
        ("read", "roles/db/tasks/main.yml", "- name: create app user\n  community.postgresql.postgresql_user:\n    name: app\n    password: \"«h»\"\n    role_attr_flags: LOGIN"),
        ("write", "playbooks/mysql.yml", "- hosts: db\n  tasks:\n    - community.mysql.mysql_user:\n        login_user: root\n        login_password: «h»\n        name: shop\n        password: «rs:18»\n        priv: 'shop.*:ALL'"),
        ("cmd", "ansible all -i hosts.ini -m user -a 'name=deploy password={{ \"«h»\" | password_hash(\"sha512\") }}' -b", "web1 | CHANGED => {\"changed\": true, \"name\": \"deploy\"}"),
        ("cmd", "ansible-playbook site.yml -e 'grafana_admin_password=«h» slack_token=«slack»'", "PLAY RECAP *********\nweb1 : ok=14 changed=2 unreachable=0 failed=0"),
        ("edit", "roles/registry/tasks/login.yml", "password: \"{{ registry_password }}\"", "password: \"«r:32»\""),
        ("readev", "host_vars/router1.yml", "ansible_connection: ansible.netcommon.network_cli\nansible_network_os: cisco.ios.ios\nansible_user: netadmin\nansible_password: «h»\nansible_become_password: «h/2»"),
        ("out", "ansible-playbook deploy.yml -vvv 2>&1 | grep -A2 'uri'", "<web1> ESTABLISH SSH CONNECTION\nok: [web1] => {\"invocation\": {\"module_args\": {\"url\": \"https://api.example.com/hook\", \"url_password\": \"«rs:20»\", \"url_username\": \"deploy\"}}}"),
        ("awrite", "roles/win/tasks/main.yml", "- ansible.windows.win_user:\n    name: svc_iis\n    password: «h»\n    password_never_expires: yes"),
        ("prompt", "the task `uri: url=https://gitlab.local/api/v4/projects headers='PRIVATE-TOKEN: «glpat»'` returns 401 from ansible but works with curl"),
    ], True)
    return c


def positives_three() -> list:
    c = []
    c += family("archive and encryption tools with a password flag", [
        ("cmd", "7z a -p«h» -mhe=on backup-2026-11.7z ./exports", "7-Zip 23.01 (x64)\nScanning the drive:\n3 folders, 41 files, 18234112 bytes\nEverything is Ok"),
        ("cmd", "zip -r -P «h» invoices.zip invoices/", "  adding: invoices/ (stored 0%)\n  adding: invoices/2026-10.pdf (deflated 9%)"),
        ("abash", "unzip -P «rs:16» customer-export.zip -d /tmp/export"),
        ("cmd", "openssl enc -aes-256-cbc -pbkdf2 -salt -in db.sql -out db.sql.enc -pass pass:«h»", ""),
        ("abash", "gpg --batch --yes --passphrase «rs:20» --pinentry-mode loopback -d secrets.tar.gpg | tar x"),
        ("cmd", "unrar x -p«h» assets.rar", "Extracting  assets/logo.svg   OK\nAll OK"),
        ("cmd", "age -d -i <(echo «age») vault.age > vault.txt", ""),
        ("abash", "qpdf --encrypt «h» «h/2» 256 -- report.pdf report-locked.pdf"),
        ("cmd", "ccrypt -e -K «r:20» notes.txt", ""),
        ("prompt", "I zipped the logs with `zip -e` and typed «h» as the password, but windows explorer can't open it. use 7z to re-pack with AES?"),
    ], True)
    c += family("remote desktop and file transfer clis", [
        ("cmd", "xfreerdp /v:10.20.0.14 /u:Administrator /p:«h» /cert:ignore /dynamic-resolution", "[11:02:14:512] [3381:3382] [INFO][com.freerdp.client.common] - Connected"),
        ("abash", "smbclient //nas01/finance -U 'CORP\\jkowal%«h»' -c 'ls'"),
        ("cmd", "lftp -u deploy,«rs:16» sftp://files.partner.example -e 'mirror -R dist /www; bye'", "Total: 12 directories, 340 files, 0 symlinks\nNew: 8 files"),
        ("abash", "sshpass -p '«h»' rsync -avz -e ssh ./site/ www@web2.lan:/var/www/"),
        ("cmd", "rclone config create b2 b2 account 0031f2a9c account_key «r:31»", "[b2]\ntype = b2\naccount = 0031f2a9c\naccount_key = «r:31»"),
        ("abash", "curl -T build.tar.gz ftp://ftp.vendor.example/upload/ --user acme:«h»"),
        ("cmd", "rdesktop -u admin -p «h» 192.168.50.3", ""),
        ("cmd", "mount -t cifs //fs/share /mnt/share -o username=scanner,password=«h»,vers=3.0", ""),
        ("abash", "winscp.com /command \"open sftp://upload:«rs:18»@sftp.bank.example/ -hostkey=*\" \"put pain.001.xml\" \"exit\""),
        ("cmd", "vncviewer -passwd <(echo «r:8») 10.0.0.9:1", ""),
    ], True)
    c += family("message broker and iot clis", [
        ("cmd", "mosquitto_pub -h mqtt.plant.local -u sensor07 -P «h» -t plant/line3/temp -m 71.4", ""),
        ("abash", "mosquitto_sub -h broker.hivemq.cloud -p 8883 -u iot-dash -P '«rs:20»' -t '#' -v"),
        ("cmd", "nats --server nats://ops:«h»@nats.internal:4222 stream ls", "╭──────────────────────────────────╮\n│              Streams             │\n├────────┬─────────┬──────────────┤\n│ ORDERS │ 12,044  │ 3.1 MiB      │"),
        ("cmd", "kcat -b pkc-4nym6.eu-west-1.aws.confluent.cloud:9092 -X security.protocol=SASL_SSL -X sasl.mechanisms=PLAIN -X sasl.username=«nupper:16» -X sasl.password=«r:64» -L", "Metadata for all topics (from broker -1):\n 3 brokers:"),
        ("abash", "rabbitmqadmin -H mq.internal -u admin -p «h» list queues"),
        ("cmd", "amqp-publish -u amqps://shop:«rs:18»@rabbit.shop.example:5671/prod -r orders -b '{}'", ""),
        ("cmd", "nsc add user -a ACME --name svc && nats context save prod --creds ./svc.creds --user svc --password «r:24»", "NATS Configuration Context \"prod\""),
        ("out", "cat ~/.config/mqttx/config.json", '{\n  "connections": [{\n    "host": "mqtt.example.io",\n    "username": "fleet",\n    "password": "«h»",\n    "clientId": "mqttx_«nhex:8»"\n  }]\n}'),
        ("prompt", "zigbee2mqtt won't connect: mqtt: server: mqtt://core-mosquitto:1883 user: z2m password: «h» -- broker log says not authorised"),
    ], True)
    c += family("backup tool environments", [
        ("cmd", "RESTIC_PASSWORD=«h» restic -r sftp:backup@nas:/srv/restic snapshots", "ID        Time                 Host    Tags\n------------------------------------------\n4f1a2c3b  2026-11-28 02:00:11  web01"),
        ("abash", "export BORG_PASSPHRASE='«rs:24»' && borg create --stats ssh://borg@rsync.net/./repo::'{hostname}-{now}' /etc /srv"),
        ("cmd", "PASSPHRASE=«h» duplicity /home/ana b2://«nhex:12»:«r:31»@ana-backups/laptop", "Last full backup date: Sun Nov 23 03:00:02 2026\nErrors 0"),
        ("out", "cat /etc/restic/env", "RESTIC_REPOSITORY=s3:https://s3.eu-central-2.wasabisys.com/acme-restic\nRESTIC_PASSWORD=«rs:28»\nAWS_ACCESS_KEY_ID=«akia»\nAWS_SECRET_ACCESS_KEY=«aws»"),
        ("write", ".config/kopia/repository.config.env", "KOPIA_PASSWORD=«h»\nKOPIA_CHECK_FOR_UPDATES=false"),
        ("edit", "/etc/borgmatic/config.yaml", "encryption_passphrase: ", "encryption_passphrase: \"«h»\""),
        ("cmd", "pg_probackup backup -B /backup --instance main -b FULL -U backup --password", "Password for user backup: «h»\nINFO: Backup RQ8K7A completed"),
        ("readev", "docker-compose.backup.yml", "services:\n  duplicati:\n    image: lscr.io/linuxserver/duplicati\n    environment:\n      - SETTINGS_ENCRYPTION_KEY=«r:32»\n      - DUPLICATI__WEBSERVICE_PASSWORD=«h»"),
        ("prompt", "restic forgot says wrong password; the one in my 1password entry is «h» and the older one was «h/2», try both in the script"),
    ], True)
    c += family("first-run banners printing a generated password", [
        ("out", "docker logs minio", "MinIO Object Storage Server\nAPI: http://172.18.0.2:9000\nRootUser: minioadmin\nRootPass: «r:40»\n\nConsole: http://172.18.0.2:9001"),
        ("cmd", "kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath='{.data.password}' | base64 -d", "«r:16»"),
        ("out", "docker logs jupyter 2>&1 | tail -4", "    To access the server, open this file in a browser:\n        file:///home/jovyan/.local/share/jupyter/runtime/jpserver-7-open.html\n    Or copy and paste one of these URLs:\n        http://127.0.0.1:8888/lab?token=«hex:48»"),
        ("cmd", "cat ~/.config/code-server/config.yaml", "bind-addr: 127.0.0.1:8080\nauth: password\npassword: «r:24»\ncert: false"),
        ("out", "sudo gitlab-rake 'gitlab:password:reset[root]'", "Enter password: \nConfirm password: \nPassword successfully updated for user with username root.\n# generated: «rs:20»"),
        ("cmd", "docker run --rm -e MYSQL_RANDOM_ROOT_PASSWORD=yes mysql:8.4 2>&1 | grep GENERATED", "2026-11-30 04:01:12+00:00 [Note] [Entrypoint]: GENERATED ROOT PASSWORD: «r:32»"),
        ("out", "helm install kc bitnami/keycloak", "NAME: kc\nSTATUS: deployed\n** Please be patient while the chart is being deployed **\n\nKeycloak admin user: user\nKeycloak admin password: «r:10»"),
        ("cmd", "sudo cat /var/lib/rancher/k3s/server/node-token", "K10«hex:64»::server:«hex:32»"),
        ("out", "./install.sh --unattended", "✔ Portainer installed\n✔ Admin account created\n   user: admin\n   password: «rs:16»\nStore it now: it is not shown again."),
        ("cmd", "docker exec -it wazuh.manager /var/ossec/bin/wazuh-authd -P", "2026/11/30 04:12:11 wazuh-authd: INFO: Accepting connections on port 1515. Random password chosen for agent authentication: «hex:32»"),
    ], True)
    c += family("prompts in european languages, informal", [
        ("prompt", "salut, le mot de passe de la base de prod c'est «h», tu peux lancer la migration stp"),
        ("prompt", "Kannst du dich mal auf den Staging-Server einloggen? Benutzer deploy, Kennwort lautet «h». Danke!"),
        ("prompt", "oye, la contraseña del wifi de la oficina es «h» y la del router «h/2», configúralo en el script"),
        ("prompt", "ciao, ti lascio il token di accesso: «gh» — usalo solo per clonare il repo privato"),
        ("prompt", "a senha do banco mudou, agora é «h» (antes era outra), atualiza o .env por favor"),
        ("prompt", "Hoi, het wachtwoord voor de SFTP is «rs:16» en de gebruiker is leverancier01"),
        ("prompt", "cześć, hasło do panelu admina to «h», wrzuć je do zmiennych w CI"),
        ("prompt", "hej! lösenordet till databasen är «h», kan du köra backupen nu?"),
        ("prompt", "ahoj, přístupový klíč k API je «r:32», dej ho do konfigurace"),
        ("prompt", "Γεια, ο κωδικός για τον server είναι «h», κάνε deploy σε παρακαλώ"),
        ("prompt", "merhaba, sunucunun şifresi «h», bir de api anahtarı «r:28» — ikisini de .env'e yaz"),
        ("prompt", "moi, tietokannan salasana on «h», ajatko migraatiot?"),
    ], True)
    c += family("prompts in asian and middle eastern languages", [
        ("prompt", "本番DBのパスワードは「«h»」です。マイグレーションを実行してください。"),
        ("prompt", "帮我连一下测试服务器,用户名 root,密码是 «h»,然后重启 nginx"),
        ("prompt", "이 API 키 써서 테스트해줘: «openai»"),
        ("prompt", "सर्वर का पासवर्ड «h» है, कृपया बैकअप चला दो"),
        ("prompt", "كلمة المرور لقاعدة البيانات هي «h» من فضلك حدّث ملف الإعدادات"),
        ("prompt", "הסיסמה לשרת היא «h», תעדכן בבקשה את ה-env"),
        ("prompt", "رمز عبور سرور «h» است، لطفا دیپلوی کن"),
        ("prompt", "รหัสผ่านฐานข้อมูลคือ «h» ช่วยรัน migration ให้หน่อย"),
        ("prompt", "mật khẩu của tài khoản admin là «h», bạn cập nhật file cấu hình giúp mình"),
        ("prompt", "kata sandi database-nya «h», tolong jalankan seeder-nya ya"),
        ("prompt", "ডাটাবেসের পাসওয়ার্ড «h», দয়া করে কনফিগ আপডেট করো"),
        ("prompt", "这个是 GitLab 的访问令牌:«glpat»,用它配置 CI 的 runner"),
    ], True)
    return c


def positives_four() -> list:
    c = []
    c += family("startup logs echoing settings", [
        ("out", "docker compose logs api | head -5", "api-1  | 2026-11-30T03:58:12Z INFO  loaded settings: Settings(env='prod', db_url='postgresql+asyncpg://api:«h»@pg:5432/api', redis_url='redis://redis:6379/0', debug=False)"),
        ("cmd", "journalctl -u payments --since today | grep -i config", "Nov 30 03:12:44 pay01 payments[812]: config resolved {\"port\":8443,\"stripeSecret\":\"«stripe»\",\"webhookSecret\":\"«whsec»\"}"),
        ("out", "./gradlew bootRun", "2026-11-30 04:02:11.901  INFO 4711 --- [main] o.s.b.c.c.ConfigDataEnvironment : spring.datasource.password=«h» (from application-local.yml)\n2026-11-30 04:02:12.440  INFO 4711 --- [main] com.zaxxer.hikari.HikariDataSource : HikariPool-1 - Starting..."),
        ("cmd", "kubectl logs deploy/worker --tail=3", "time=\"2026-11-30T04:01:55Z\" level=debug msg=\"env\" AWS_SECRET_ACCESS_KEY=«aws» AWS_REGION=eu-west-1\ntime=\"2026-11-30T04:01:55Z\" level=info msg=\"worker started\" queues=3"),
        ("out", "npm run start:prod", "> api@2.3.0 start:prod\n> node dist/main\n\n[Nest] 3340  - 11/30/2026, 4:04:10 AM     LOG [ConfigService] {\n  JWT_SECRET: '«r:48»',\n  MAIL_PASSWORD: '«h»',\n  PORT: 3000\n}"),
        ("cmd", "tail -n 3 /var/log/supervisor/celery.log", "[2026-11-30 04:00:00,001: INFO/MainProcess] broker_url: amqp://celery:«rs:20»@rabbit:5672//\n[2026-11-30 04:00:00,120: INFO/MainProcess] Connected to amqp://celery:**@rabbit:5672//"),
        ("out", "cargo run --release", "    Finished `release` profile [optimized] target(s) in 0.21s\n     Running `target/release/ingest`\n[2026-11-30T04:05:01Z DEBUG ingest] Config { listen: 0.0.0.0:7000, token: \"«r:36»\", s3_secret: \"«aws»\" }"),
        ("readev", "logs/app-2026-11-29.log", "2026-11-29 23:59:58,004 WARN  [main] LdapConfig - bind as cn=svc-app,ou=svc,dc=corp,dc=local with credentials «h» (plain, no TLS)"),
        ("cmd", "go run ./cmd/server", "2026/11/30 04:06:33 config: &{Addr::8080 DSN:mysql://go:«h»@tcp(db:3306)/app?parseTime=true Debug:true}"),
    ], True)
    c += family("rich and pytest locals in failures", [
        ("out", "pytest tests/test_client.py -l -x", "    def test_login(client):\n>       assert client.login() == 200\nE       assert 401 == 200\n\nclient     = <ApiClient base='https://api.staging.example'>\npassword   = '«h»'\ntoken      = '«r:40»'\n\ntests/test_client.py:18: AssertionError"),
        ("cmd", "python -m app.sync", "╭───────────── Traceback (most recent call last) ─────────────╮\n│ /home/dev/app/app/sync.py:41 in run                           │\n│ ╭──────────────── locals ────────────────╮                    │\n│ │  api_key = '«openai»'                  │                    │\n│ │    retry = 3                           │                    │\n│ ╰────────────────────────────────────────╯                    │\n╰───────────────────────────────────────────────────────────────╯\nRateLimitError: 429"),
        ("out", "bundle exec rspec spec/services/payout_spec.rb", "Failures:\n\n  1) Payout#run posts to the bank\n     Failure/Error: expect(res.code).to eq(200)\n       expected: 200\n            got: 403\n     # ./spec/services/payout_spec.rb:22\n     # locals: {:iban=>\"DE02120300000000202051\", :api_secret=>\"«r:32»\"}"),
        ("cmd", "mix test test/billing_test.exs", "  1) test charges the card (BillingTest)\n     ** (FunctionClauseError) no function clause matching in Billing.charge/2\n     The following arguments were given to Billing.charge/2:\n         # 1\n         %{amount: 1200, currency: \"eur\"}\n         # 2\n         \"«stripe»\""),
        ("out", "python manage.py runserver", "Traceback (most recent call last):\n  File \"/home/dev/app/payments/views.py\", line 77, in charge\n    resp = gateway.charge(card, secret=merchant_secret)\n    card = {'number': '4111 1111 1111 1111', 'cvc': '123'}\n    merchant_secret = '«r:36»'\nrequests.exceptions.HTTPError: 502 Server Error"),
        ("cmd", "dotnet test", "  Failed ApiTests.Login [312 ms]\n  Error Message:\n   Assert.Equal() Failure: Expected 200, Actual 401\n  Stack Trace:\n     at ApiTests.Login() in /src/ApiTests.cs:line 31\n  Locals: user=\"qa.bot\" pass=\"«h»\""),
        ("out", "node --inspect-brk app.js", "debug> exec process.env\n{ PATH: '/usr/bin', NODE_ENV: 'production', DATABASE_URL: 'postgres://node:«h»@db:5432/app', SESSION_SECRET: '«r:32»' }"),
        ("cmd", "python -X dev -m pytest tests/integration -k smtp --showlocals", "self       = <Mailer host='smtp.office365.com' port=587>\nusername   = 'alerts@corp.example'\npassword   = '«h»'\nE   smtplib.SMTPAuthenticationError: (535, b'5.7.3 Authentication unsuccessful')"),
        ("prompt", "getting this, what does it mean?\n\nFrame locals:\n  conn_str = 'Driver={ODBC Driver 18 for SQL Server};Server=tcp:sql01;Uid=etl;Pwd=«h»;'\npyodbc.OperationalError: ('HYT00', '[HYT00] Login timeout expired')"),
    ], True)
    c += family("httpie and xh sessions", [
        ("cmd", "http -a deploy:«h» POST https://ci.internal/api/builds branch=main", "HTTP/1.1 201 Created\nContent-Type: application/json\n\n{\"id\": 8812, \"status\": \"queued\"}"),
        ("abash", "xh --auth-type bearer --auth «r:40» GET https://api.fly.io/v1/apps"),
        ("cmd", "http GET https://api.vendor.example/v3/orders X-Api-Key:«r:32» page==2", "HTTP/1.1 200 OK\n\n{\"orders\": [], \"page\": 2}"),
        ("out", "cat ~/.config/httpie/sessions/api.example.com/prod.json", '{\n    "__meta__": {"about": "HTTPie session file", "httpie": "3.2.4"},\n    "auth": {"password": "«h»", "type": "basic", "username": "ops"},\n    "cookies": [],\n    "headers": []\n}'),
        ("abash", "https -A bearer -a «gh» api.github.com/user/repos visibility==private"),
        ("cmd", "xh post httpbin.org/post Authorization:'Token «r:40»' name=test --print=H", "POST /post HTTP/1.1\nAuthorization: Token «r:40»\nContent-Type: application/json\nHost: httpbin.org"),
        ("out", "http --offline --print=H POST api.partner.example/login user=ops", "POST /login HTTP/1.1\nAccept: application/json\nCookie: session=«r:43»; csrftoken=«r:32/2»\nHost: api.partner.example"),
        ("prompt", "httpie gives 403 with `http :8000/api/ Authorization:\"Api-Key «r:32»\"` but the same key works in postman"),
        ("cmd", "curlie -u admin:«h» https://es.internal:9200/_cat/indices", "green open logs-2026.11.30 3 1 120044 0 88mb 44mb"),
    ], True)
    c += family("mongo and redis dumps with credentials", [
        ("out", "mongoexport --uri mongodb://localhost/app -c integrations --jsonArray", '[{"_id":{"$oid":"6748b0f2a1c3e40012ab7c91"},"provider":"shopify","accessToken":"«shpat»","shop":"acme.myshopify.com"},{"_id":{"$oid":"6748b0f2a1c3e40012ab7c92"},"provider":"mailchimp","apiKey":"«hex:32»-us21"}]'),
        ("cmd", "redis-cli -h cache MONITOR", "OK\n1732939200.123456 [0 10.0.1.12:51234] \"AUTH\" \"«rs:24»\"\n1732939200.125001 [0 10.0.1.12:51234] \"GET\" \"session:9912\""),
        ("out", "redis-cli HGETALL integration:github", "1) \"installation_id\"\n2) \"44120931\"\n3) \"token\"\n4) \"«ghs»\"\n5) \"expires_at\"\n6) \"2026-11-30T05:00:00Z\""),
        ("cmd", "mongosh 'mongodb+srv://admin:«h»@cluster0.ab12c.mongodb.net/shop' --eval 'db.users.countDocuments()'", "48213"),
        ("out", "mongosh shop --eval 'db.settings.findOne()'", "{\n  _id: ObjectId('6748b10fa1c3e40012ab7c99'),\n  smtp: { host: 'smtp.sendgrid.net', user: 'apikey', pass: '«sendgrid»' },\n  updatedAt: ISODate('2026-11-20T10:00:00.000Z')\n}"),
        ("cmd", "redis-cli -a «h» --no-auth-warning CONFIG GET masterauth", "1) \"masterauth\"\n2) \"«h»\""),
        ("out", "bsondump dump/app/tenants.bson | head -1", '{"_id":{"$oid":"6748b0aa00aa11bb22cc33dd"},"name":"acme","db":{"user":"acme","password":"«rs:20»"}}'),
        ("readev", "dump/redis-keys.txt", "user:1001:api_key «r:40»\nuser:1002:api_key «r:40/2»\nrate:1001 57"),
        ("prompt", "the mongo doc for the webhook has `secret: \"«whsec»\"` in it, is it ok to return the whole doc from GET /webhooks?"),
    ], True)
    c += family("csv exports with credential columns", [
        ("out", "head -4 exports/users.csv", "id,email,password,created_at\n1,ana@example.com,«h»,2026-01-04\n2,li.wei@example.com,«h/2»,2026-02-11\n3,sven@example.com,«rs:14»,2026-03-09"),
        ("cmd", "sqlite3 -csv app.db 'select name, api_key from clients'", "acme,«r:32»\nglobex,«r:32/2»"),
        ("readev", "import/vpn_accounts.tsv", "user\tpsk\tnote\nfield-01\t«rs:22»\ttablet\nfield-02\t«rs:22/2»\tlaptop"),
        ("out", "mlr --icsv --opprint head -n 3 legacy_logins.csv", "login     pwd            last_seen\nkaren.o   «h»        2024-06-01\nbmartin   «h/2»       2024-05-12"),
        ("awrite", "seeds/service_accounts.csv", "name,client_id,client_secret\nreporting,«nuuid»,«r:40»\nbilling,«nuuid/2»,«r:40/2»"),
        ("cmd", "csvlook -d ';' wifi_guests.csv", "| ssid         | passphrase   |\n| ------------ | ------------ |\n| Lobby-Guest  | «h»  |\n| Floor3       | «h/2»  |"),
        ("prompt", "import this into the new system please:\nusername;password\nreception;«h»\nwarehouse;«h/2»"),
        ("out", "xsv select email,token partners.csv | xsv table", "email                token\nops@partner.example  «r:36»\nit@vendor.example    «r:36/2»"),
    ], True)
    c += family("drone woodpecker and tekton pipelines", [
        ("read", ".drone.yml", "kind: pipeline\nname: default\nsteps:\n  - name: publish\n    image: plugins/docker\n    settings:\n      repo: registry.acme.io/web\n      username: ci\n      password: «h»"),
        ("write", ".woodpecker/deploy.yml", "steps:\n  deploy:\n    image: alpine\n    environment:\n      SSH_PASS: «rs:18»\n      HETZNER_TOKEN: «r:64»\n    commands:\n      - ./deploy.sh"),
        ("edit", "tekton/pipelinerun.yaml", "value: $(params.token)", "value: «gh»"),
        ("readev", "tekton/task-push.yaml", "apiVersion: tekton.dev/v1\nkind: Task\nspec:\n  steps:\n    - name: push\n      image: gcr.io/kaniko-project/executor\n      env:\n        - name: REGISTRY_PASSWORD\n          value: «h»"),
        ("cmd", "drone secret add --repository acme/web --name npm_token --data «npm»", ""),
        ("cmd", "woodpecker-cli secret add --repository acme/api --name db_password --value «h»", "Secret created"),
        ("awrite", ".buildkite/pipeline.yml", "steps:\n  - label: deploy\n    command: ./deploy.sh\n    env:\n      CF_API_TOKEN: «cloudflare»"),
        ("out", "tkn pipelinerun logs build-8xk2 -f", "[clone] + git clone https://x-access-token:«ghs»@github.com/acme/api.git\n[clone] Cloning into 'api'...\n[build] Step 1/9 : FROM node:20"),
        ("prompt", "concourse fly set-pipeline fails to interpolate; my vars file has `docker-password: «h»` and `git-key: ((git-key))` — the first one works?"),
    ], True)
    c += family("jvm system properties on command lines", [
        ("cmd", "java -Djavax.net.ssl.keyStorePassword=«h» -Djavax.net.ssl.keyStore=/etc/app/ks.p12 -jar app.jar", "Started Application in 4.12 seconds"),
        ("abash", "mvn spring-boot:run -Dspring-boot.run.arguments=--spring.datasource.password=«h»"),
        ("cmd", "ps -ef | grep java", "app   2201     1  3 Nov29 ?  00:41:02 /usr/bin/java -Xmx2g -Ddb.password=«rs:20» -jar /opt/app/app.jar"),
        ("abash", "./gradlew publish -Psigning.password=«h» -PossrhPassword=«rs:18»"),
        ("cmd", "jcmd 2201 VM.system_properties | grep -i pass", "spring.mail.password=«h»\njava.home=/usr/lib/jvm/java-21-openjdk-amd64"),
        ("abash", "keytool -importkeystore -srckeystore old.jks -srcstorepass «h» -destkeystore new.p12 -deststoretype PKCS12 -deststorepass «h/2»"),
        ("cmd", "sbt -Dakka.persistence.jdbc.password=«h» run", "[info] running app.Main"),
        ("out", "cat /etc/default/tomcat9", "JAVA_OPTS=\"-Djava.awt.headless=true -Xmx1g -Dcom.sun.management.jmxremote.password=«r:20» -Djdbc.password=«h»\""),
        ("prompt", "liquibase keeps asking for a password even with `liquibase update --url=jdbc:postgresql://db/app --username=lb --password=«h»`. what am I missing"),
    ], True)
    return c


def positives_five() -> list:
    c = []
    c += family("appsettings json sections", [
        ("read", "src/Api/appsettings.Production.json", '{\n  "ConnectionStrings": {\n    "Default": "Server=sql-prod;Database=Shop;User Id=shop_app;Password=«h»;TrustServerCertificate=True"\n  },\n  "Logging": { "LogLevel": { "Default": "Warning" } }\n}'),
        ("write", "src/Api/appsettings.Development.json", '{\n  "Jwt": { "Issuer": "shop", "SigningKey": "«r:64»" },\n  "SendGrid": { "ApiKey": "«sendgrid»" }\n}'),
        ("edit", "src/Worker/appsettings.json", '"ServiceBus": ""', '"ServiceBus": "Endpoint=sb://shop-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=«b64:43»"'),
        ("cmd", "dotnet user-secrets set \"Stripe:SecretKey\" \"«stripe»\" --project src/Api", "Successfully saved Stripe:SecretKey = «stripe» to the secret store."),
        ("out", "cat ~/.microsoft/usersecrets/«nuuid»/secrets.json", '{\n  "Smtp:Password": "«h»",\n  "AzureAd:ClientSecret": "«r:40»"\n}'),
        ("readev", "src/Web/web.config", '<configuration>\n  <connectionStrings>\n    <add name="Main" connectionString="Data Source=sql01;Initial Catalog=Crm;User ID=crm;Password=«h»" providerName="System.Data.SqlClient" />\n  </connectionStrings>\n</configuration>'),
        ("awrite", "src/Api/appsettings.Staging.json", '{\n  "Redis": { "Configuration": "shop-cache.redis.cache.windows.net:6380,password=«azkey»,ssl=True,abortConnect=False" }\n}'),
        ("prompt", "EF migrations can't log in, the connection string in appsettings is `Host=pg;Database=shop;Username=shop;Password=«h»` — does npgsql need sslmode?"),
        ("cmd", "dotnet run --project src/Api -- --Auth:ClientSecret=«r:40»", "info: Microsoft.Hosting.Lifetime[14]\n      Now listening on: http://localhost:5000"),
    ], True)
    c += family("cms settings files", [
        ("read", "wp-config.php", "<?php\ndefine( 'DB_NAME', 'wp_shop' );\ndefine( 'DB_USER', 'wp_shop' );\ndefine( 'DB_PASSWORD', '«h»' );\ndefine( 'DB_HOST', 'localhost' );\ndefine( 'AUTH_KEY', '«rs:64»' );"),
        ("write", "web/sites/default/settings.local.php", "<?php\n$databases['default']['default'] = [\n  'database' => 'drupal',\n  'username' => 'drupal',\n  'password' => '«h»',\n  'host' => 'mariadb',\n  'driver' => 'mysql',\n];\n$settings['hash_salt'] = '«r:55»';"),
        ("edit", "config/database.php", "'password' => env('DB_PASSWORD', ''),", "'password' => env('DB_PASSWORD', '«h»'),"),
        ("readev", "configuration.php", "<?php\nclass JConfig {\n\tpublic $user = 'joomla';\n\tpublic $password = '«h»';\n\tpublic $db = 'joomla_site';\n\tpublic $secret = '«r:16»';\n\tpublic $smtppass = '«rs:18»';\n}"),
        ("cmd", "wp config set DB_PASSWORD '«h»' --allow-root", "Success: Updated the constant 'DB_PASSWORD' in the 'wp-config.php' file with the value '«h»'."),
        ("awrite", "config/packages/doctrine.yaml", "doctrine:\n  dbal:\n    url: 'mysql://symfony:«h»@127.0.0.1:3306/shop?serverVersion=8.0'"),
        ("out", "cat ghost/config.production.json", '{\n  "url": "https://blog.example",\n  "database": {"client": "mysql", "connection": {"host": "localhost", "user": "ghost", "password": "«h»", "database": "ghost_prod"}},\n  "mail": {"transport": "SMTP", "options": {"auth": {"user": "postmaster@mg.blog.example", "pass": "«mailgun»"}}}\n}'),
        ("prompt", "strapi admin won't start: ADMIN_JWT_SECRET=«b64:22» and APP_KEYS=«b64:22/2»,«b64:22/3» are in .env, DATABASE_PASSWORD=«h»"),
        ("cmd", "php bin/magento setup:install --db-host=db --db-name=magento --db-user=magento --db-password=«h» --admin-password=«h/2»", "[SUCCESS]: Magento installation complete."),
    ], True)
    c += family("game engine export and signing settings", [
        ("read", "export_presets.cfg", '[preset.0.options]\n\nkeystore/release="/home/dev/keys/release.keystore"\nkeystore/release_user="upload"\nkeystore/release_password="«h»"'),
        ("write", "Assets/Editor/BuildScript.cs", 'public static class BuildScript {\n    static void Android() {\n        PlayerSettings.Android.keystorePass = "«h»";\n        PlayerSettings.Android.keyaliasPass = "«h/2»";\n    }\n}'),
        ("edit", "ProjectSettings/ProjectSettings.asset", "  AndroidKeystoreName: ", "  AndroidKeystoreName: user.keystore\n  AndroidKeyaliasPass: «rs:16»"),
        ("readev", "Config/DefaultEngine.ini", "[OnlineSubsystemSteam]\nbEnabled=true\nSteamDevAppId=480\n\n[/Script/EOSShared]\nClientSecret=«r:43»"),
        ("cmd", "godot --headless --export-release Android build/game.apk", "ERROR: Invalid keystore password «h» for alias upload\n   at: export_project (platform/android/export/export_plugin.cpp:3120)"),
        ("awrite", "fastlane/Fastfile", 'lane :beta do\n  ENV["MATCH_PASSWORD"] = "«h»"\n  match(type: "appstore")\n  upload_to_testflight(api_key_path: "fastlane/key.json")\nend'),
        ("out", "cat fastlane/key.json", '{\n  "key_id": "«nupper:10»",\n  "issuer_id": "«nuuid»",\n  "key": "«pem:pkcs8»"\n}'),
        ("prompt", "unity cloud build says keystore was tampered with, or password was incorrect. I entered «h» for the keystore and «h/2» for the alias"),
        ("cmd", "butler login --key «r:40» && butler push build/ acme/game:linux", "• Pushing 241 MiB (1203 files)\n✓ Patch applied"),
    ], True)
    c += family("private keys as jwk, ppk and openssh blocks", [
        ("read", "keys/signing.jwk.json", '{\n  "kty": "EC",\n  "crv": "P-256",\n  "kid": "«nhex:16»",\n  "x": "«nb64u:43»",\n  "y": "«nb64u:43/2»",\n  "d": "«r:43»"\n}'),
        ("out", "cat ~/.ssh/deploy_ed25519", "«pem:openssh»"),
        ("write", "keys/server.ppk", "PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: rsa-key-20261130\nPublic-Lines: 2\nAAAAB3NzaC1yc2EAAAADAQABAAABAQC«nb64:60»\n«nb64:60/2»\nPrivate-Lines: 2\n«b64:63»\n«b64:47/2»\nPrivate-MAC: «hex:64»"),
        ("readev", "config/jwt/private.pem", "«pem:rsa»"),
        ("edit", "deploy/values.yaml", "tlsKey: \"\"", "tlsKey: |\n  «pem:ec»"),
        ("cmd", "kubectl get secret webhook-tls -o jsonpath='{.data.tls\\.key}' | base64 -d", "«pem:pkcs8»"),
        ("awrite", "certs/oidc-signing.json", '{"keys":[{"kty":"RSA","kid":"«nhex:12»","use":"sig","n":"«nb64u:86»","e":"AQAB","d":"«r:86»","p":"«r:43»","q":"«r:43/2»"}]}'),
        ("prompt", "is this key still valid? can you check it against github:\n«pem:openssh»"),
        ("out", "vault read -field=private_key pki/issue/web common_name=web.internal", "«pem:rsa»"),
        ("cmd", "openssl pkcs8 -in key.pem -topk8 -v2 aes256 -passout pass:«h»", "«pem:encrypted»"),
    ], True)
    c += family("messaging provider keys in sdk init", [
        ("read", "src/notify.go", 'client := twilio.NewRestClientWithParams(twilio.ClientParams{\n\tUsername: "AC«nhex:32»",\n\tPassword: "«hex:32»",\n})'),
        ("write", "app/Mail/Transport.php", "$client = new \\Postmark\\PostmarkClient('«postmark»');\n$client->sendEmail('noreply@shop.example', $to, $subject, $body);"),
        ("edit", "src/sms.ts", "const vonage = new Vonage({ apiKey: process.env.VONAGE_KEY!, apiSecret: process.env.VONAGE_SECRET! })", "const vonage = new Vonage({ apiKey: process.env.VONAGE_KEY!, apiSecret: '«r:16»' })"),
        ("readev", "lib/mailer.rb", "Mailgun.configure do |config|\n  config.api_key = '«mailgun»'\nend\nmg = Mailgun::Client.new"),
        ("awrite", "notify/push.py", "from pyfcm import FCMNotification\npush = FCMNotification(api_key='«google»')\nmb = messagebird.Client('«r:25»')"),
        ("cmd", "curl -s https://api.brevo.com/v3/account -H 'api-key: xkeysib-«hex:64»-«r:16»'", '{"email":"ops@shop.example","plan":[{"type":"free"}]}'),
        ("out", "kotlin -e 'println(System.getenv(\"ONESIGNAL_REST_KEY\"))'", "os_v2_app_«r:56»"),
        ("prompt", "sendgrid returns 403 'The from address does not match a verified Sender Identity' using key «sendgrid», is the key wrong or the sender?"),
        ("read", "src/main/kotlin/Sms.kt", 'val plivo = Plivo.init("MA«nupper:18»", "«r:40»")'),
    ], True)
    c += family("log shipper outputs", [
        ("read", "/etc/fluent-bit/fluent-bit.conf", "[OUTPUT]\n    Name        es\n    Match       *\n    Host        es.logs.internal\n    HTTP_User   shipper\n    HTTP_Passwd «h»\n    tls         On"),
        ("write", "vector.toml", '[sinks.dd]\ntype = "datadog_logs"\ninputs = ["app"]\ndefault_api_key = "«datadog»"\n\n[sinks.loki]\ntype = "loki"\nendpoint = "https://logs-prod-eu-west-0.grafana.net"\nauth.strategy = "basic"\nauth.user = "612233"\nauth.password = "«grafana»"'),
        ("edit", "otel-collector.yaml", "      authorization: ${env:HONEYCOMB_KEY}", "      x-honeycomb-team: «r:32»"),
        ("readev", "/etc/datadog-agent/datadog.yaml", "api_key: «datadog»\nsite: datadoghq.eu\nlogs_enabled: true"),
        ("awrite", "newrelic.yml", "common: &default_settings\n  license_key: '«hex:40»'\n  app_name: shop-api"),
        ("cmd", "filebeat test output -E output.elasticsearch.password=«h»", "elasticsearch: https://es01:9200...\n  parse url... OK\n  connection...\n    talk to server... OK\n  version: 8.15.2"),
        ("out", "cat /etc/promtail/config.yml", "clients:\n  - url: https://logs.example.net/loki/api/v1/push\n    basic_auth:\n      username: '388211'\n      password: '«grafana»'"),
        ("cmd", "docker run -e LOGTAIL_TOKEN=«r:24» -e SEQ_API_KEY=«r:20» ghcr.io/acme/shipper:1.4", ""),
        ("prompt", "rsyslog omhttp module gives 401: I put `action(type=\"omhttp\" server=\"logs.collector.io\" httpheaderkey=\"Authorization\" httpheadervalue=\"Bearer «r:40»\")`"),
    ], True)
    c += family("dependency installs authenticating inline", [
        ("cmd", "pip install --index-url https://__token__:«r:40»@gitlab.acme.io/api/v4/projects/42/packages/pypi/simple acme-core==3.1.0", "Successfully installed acme-core-3.1.0"),
        ("abash", "poetry config http-basic.acme deploy «h»"),
        ("cmd", "composer config --global http-basic.repo.packagist.com token «r:40»", ""),
        ("abash", "GOPROXY=https://athens:«rs:20»@proxy.acme.io,direct go mod download"),
        ("cmd", "cargo login --registry acme «r:32»", "       Login token for `acme` saved"),
        ("abash", "gem push pkg/acme-1.2.0.gem --key acme --host https://rubygems.acme.io -V && GEM_HOST_API_KEY=rubygems_«hex:48» gem push pkg/acme-1.2.0.gem"),
        ("cmd", "bundle config set --global gems.contribsys.com «hex:8»:«hex:8/2»", ""),
        ("abash", "uv pip install --extra-index-url https://aws:«r:80»@acme-111122223333.d.codeartifact.eu-west-1.amazonaws.com/pypi/py/simple/ acme-ml"),
        ("cmd", "conda config --set channel_alias https://ops:«h»@conda.acme.io", ""),
        ("prompt", "npm ci fails with E401 after I did `npm config set //npm.pkg.github.com/:_authToken «gh»` — do I also need the @acme:registry line?"),
        ("cmd", "dotnet nuget add source https://pkgs.dev.azure.com/acme/_packaging/feed/nuget/v3/index.json -n acme -u ci -p «r:52» --store-password-in-clear-text", "Package source with Name: acme added successfully."),
    ], True)
    return c


def positives_six() -> list:
    c = []
    c += family("foreign servers, links and stages", [
        ("read", "migrations/0042_fdw.sql", "CREATE SERVER legacy FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host 'legacy-db', dbname 'erp');\nCREATE USER MAPPING FOR app SERVER legacy OPTIONS (user 'erp_ro', password '«h»');"),
        ("cmd", "psql -c \"SELECT * FROM dblink('host=10.2.0.8 dbname=crm user=report password=«h»', 'select id from leads') AS t(id int) LIMIT 3\"", " id\n----\n  1\n  2\n  3\n(3 rows)"),
        ("write", "sql/oracle/links.sql", "CREATE DATABASE LINK finance_link CONNECT TO fin_ro IDENTIFIED BY \"«h»\" USING 'FINPROD';"),
        ("readev", "sql/mssql/linked.sql", "EXEC sp_addlinkedserver @server = N'WAREHOUSE', @srvproduct = N'', @provider = N'SQLNCLI', @datasrc = N'dw01';\nEXEC sp_addlinkedsrvlogin @rmtsrvname = N'WAREHOUSE', @useself = 'false', @rmtuser = N'etl', @rmtpassword = N'«h»';"),
        ("awrite", "snowflake/stage.sql", "CREATE OR REPLACE STAGE raw_stage\n  URL = 's3://acme-raw/events/'\n  CREDENTIALS = (AWS_KEY_ID = '«akia»' AWS_SECRET_KEY = '«aws»');"),
        ("cmd", "psql -h redshift.acme.internal -c \"COPY events FROM 's3://acme-raw/2026/11/' CREDENTIALS 'aws_access_key_id=«akia»;aws_secret_access_key=«aws»' FORMAT AS JSON 'auto'\"", "INFO:  Load into table 'events' completed, 120331 record(s) loaded successfully."),
        ("edit", "dbt/macros/attach.sql", "ATTACH 'md:prod' AS prod;", "ATTACH 'postgres:dbname=ops host=pg user=duck password=«h»' AS ops (TYPE POSTGRES);"),
        ("cmd", "clickhouse-client -q \"SELECT count() FROM mysql('db:3306', 'shop', 'orders', 'ch_reader', '«rs:18»')\"", "881204"),
        ("prompt", "BigQuery external connection fails, I created it with `bq mk --connection --connection_type=CLOUD_SQL --properties='{\"instanceId\":\"acme:eu:pg\",\"database\":\"shop\",\"type\":\"POSTGRES\"}' --connection_credential='{\"username\":\"bq\",\"password\":\"«h»\"}' pgconn`"),
    ], True)
    c += family("spreadsheet scripts and power query", [
        ("read", "apps-script/Code.gs", "const API_KEY = '«r:40»';\nfunction syncOrders() {\n  const res = UrlFetchApp.fetch('https://api.shop.example/orders', { headers: { Authorization: 'Bearer ' + API_KEY } });\n  SpreadsheetApp.getActiveSheet().getRange('A1').setValue(res.getContentText());\n}"),
        ("write", "apps-script/setup.gs", "function setup() {\n  PropertiesService.getScriptProperties().setProperty('SLACK_TOKEN', '«slack»');\n}"),
        ("readev", "queries/Orders.pq", 'let\n    Source = Json.Document(Web.Contents("https://api.shop.example/v2/orders", [Headers=[#"X-Api-Key"="«r:32»"]]))\nin\n    Source'),
        ("edit", "vba/Module1.bas", 'conn.Open "Provider=SQLOLEDB;Data Source=sql01;Initial Catalog=Sales;Integrated Security=SSPI"', 'conn.Open "Provider=SQLOLEDB;Data Source=sql01;Initial Catalog=Sales;User ID=excel;Password=«h»"'),
        ("awrite", "sheets/macro.py", "import gspread\ngc = gspread.api_key('«google»')\nsh = gc.open_by_key('1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms')"),
        ("prompt", "excel power query asks for credentials every time. In the Advanced Editor I have Web.Contents(url, [Headers=[Authorization=\"Basic \" & \"«b64:31»\"]]) — can it be stored instead?"),
        ("out", "cat airtable-sync.js", "const base = new Airtable({ apiKey: 'pat«r:14».«hex:64»' }).base('appQx7Lm29KpTz0aB');"),
        ("read", "notion/sync.mjs", "const notion = new Client({ auth: 'secret_«r:43»' })\nconst db = await notion.databases.query({ database_id: '«nhex:32»' })"),
    ], True)
    c += family("nushell xonsh and csh environment", [
        ("read", ".config/nushell/env.nu", "$env.EDITOR = 'hx'\n$env.OPENAI_API_KEY = '«openai»'\n$env.PATH = ($env.PATH | prepend '~/.cargo/bin')"),
        ("write", ".xonshrc", "$GITHUB_TOKEN = '«gh»'\n$PROMPT = '{cwd} {prompt_end} '"),
        ("readev", ".cshrc", "setenv PGPASSWORD «h»\nsetenv ORACLE_HOME /opt/oracle/19c\nalias ll 'ls -l'"),
        ("edit", ".config/elvish/rc.elv", "set-env AWS_PROFILE dev", "set-env AWS_PROFILE dev\nset-env AWS_SECRET_ACCESS_KEY «aws»"),
        ("cmd", "nu -c 'let-env HF_TOKEN = \"«hf»\"; python train.py'", "Epoch 1/3: 100%|██████████| 412/412"),
        ("out", "cat ~/.tcshrc", "# work\nsetenv VAULT_TOKEN hvs.«r:24»\nset prompt = '%n@%m:%~%# '"),
        ("awrite", ".config/ion/initrc", "export ANTHROPIC_API_KEY=«anthropic»"),
        ("prompt", "my xonsh prompt breaks after adding `$DATABASE_URL = 'postgres://me:«h»@localhost/dev'` to xonshrc, why?"),
    ], True)
    c += family("gitops repository credentials", [
        ("cmd", "argocd repo add https://gitlab.acme.io/platform/manifests.git --username argocd --password «glpat»", "Repository 'https://gitlab.acme.io/platform/manifests.git' added"),
        ("abash", "flux create secret git manifests-auth --url=https://github.com/acme/fleet --username=git --password=«gh»"),
        ("cmd", "argocd login argocd.acme.io --username admin --password «h» --grpc-web", "'admin:login' logged in successfully\nContext 'argocd.acme.io' updated"),
        ("readev", "clusters/prod/repo-secret.yaml", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: private-repo\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://github.com/acme/charts\n  password: «ghpat»\n  username: not-used"),
        ("awrite", "fleet/gitrepo.yaml", "apiVersion: fleet.cattle.io/v1alpha1\nkind: GitRepo\nspec:\n  repo: https://oauth2:«glpat»@gitlab.acme.io/ops/fleet.git\n  branch: main"),
        ("cmd", "jx gitops git setup --git-token «gh»", "git credentials setup for github.com"),
        ("out", "kubectl -n argocd get secret repo-1839 -o yaml", "apiVersion: v1\ndata:\n  password: «b64:39»\n  url: aHR0cHM6Ly9naXRodWIuY29tL2FjbWUvaW5mcmE=\nkind: Secret"),
        ("prompt", "argocd image updater can't write back; git-creds secret has username=bot password=«gh», and the branch is protected — which one is the problem?"),
    ], True)
    c += family("odbc ini and jdbc urls", [
        ("read", "/etc/odbc.ini", "[warehouse]\nDriver = PostgreSQL Unicode\nServername = dw.internal\nDatabase = dw\nUserName = bi\nPassword = «h»\nPort = 5432"),
        ("readev", ".odbc.ini", "[snow]\nDriver=/usr/lib/snowflake/odbc/lib/libSnowflake.so\nServer=acme.eu-west-1.snowflakecomputing.com\nuid=LOADER\npwd=«rs:20»"),
        ("cmd", "isql -v warehouse bi «h»", "+---------------------------------------+\n| Connected!                            |\n+---------------------------------------+"),
        ("write", "src/main/resources/db.properties", "jdbc.url=jdbc:sqlserver://sql01:1433;databaseName=crm;user=crm_app;password=«h»;encrypt=true"),
        ("edit", "flyway.conf", "flyway.url=jdbc:postgresql://db:5432/app", "flyway.url=jdbc:postgresql://db:5432/app?user=flyway&password=«h»"),
        ("cmd", "java -cp h2.jar org.h2.tools.Shell -url 'jdbc:mysql://db:3306/shop?user=report&password=«rs:16»&useSSL=false' -sql 'select 1'", "1\n1\n(1 row, 3 ms)"),
        ("awrite", "conf/freetds.conf", "[legacy]\n\thost = 10.9.0.4\n\tport = 1433\n\ttds version = 7.4\n# tsql -S legacy -U sa -P «h»"),
        ("out", "cat ~/.dbeaver/data-sources.json | jq '.connections[].configuration'", '{\n  "host": "pg.prod",\n  "database": "billing",\n  "url": "jdbc:postgresql://pg.prod:5432/billing",\n  "auth-model": "native",\n  "user": "billing_ro",\n  "password": "«h»"\n}'),
        ("prompt", "metabase connection test fails with `jdbc:oracle:thin:scott/«h»@//ora.internal:1521/ORCLPDB1` — is the user/pass syntax in the url even supported?"),
    ], True)
    c += family("microcontroller firmware sources", [
        ("read", "src/main.cpp", '#include <WiFi.h>\nconst char* ssid = "Workshop-2G";\nconst char* password = "«h»";\n\nvoid setup() {\n  WiFi.begin(ssid, password);\n}'),
        ("write", "esphome/garage.yaml", "wifi:\n  ssid: Workshop\n  password: «h»\napi:\n  encryption:\n    key: «b64:43»\nota:\n  - platform: esphome\n    password: «hex:32»"),
        ("readev", "platformio.ini", '[env:esp32dev]\nplatform = espressif32\nboard = esp32dev\nbuild_flags =\n    -DMQTT_USER=\\"node7\\"\n    -DMQTT_PASS=\\"«rs:16»\\"'),
        ("edit", "main.py", "wlan.connect(SSID, PASSWORD)", "wlan.connect('IoT-Net', '«h»')"),
        ("awrite", "include/secrets.h", '#pragma once\n#define BLYNK_AUTH_TOKEN "«r:32»"\n#define WIFI_PASS "«h»"'),
        ("cmd", "idf.py menuconfig && grep WIFI sdkconfig", 'CONFIG_EXAMPLE_WIFI_SSID="Lab"\nCONFIG_EXAMPLE_WIFI_PASSWORD="«h»"'),
        ("out", "pio device monitor", "--- Terminal on /dev/ttyUSB0 | 115200 8-N-1\n[boot] connecting to Lab with psk «h»\n[mqtt] auth user=node7 pass=«rs:16»\n[mqtt] connected"),
        ("prompt", "my tasmota device won't join the broker: Backlog MqttHost 192.168.1.20; MqttUser tasmota; MqttPassword «h»; — typo somewhere?"),
    ], True)
    return c


def positives_seven() -> list:
    c = []
    c += family("bot framework tokens", [
        ("read", "bot/main.py", "import discord\nclient = discord.Client(intents=discord.Intents.default())\n\nclient.run('«discord»')"),
        ("write", "bot/index.js", "const { App } = require('@slack/bolt');\nconst app = new App({\n  token: '«slack»',\n  signingSecret: '«hex:32»',\n});"),
        ("readev", "telegram/bot.go", 'bot, err := tgbotapi.NewBotAPI("«telegram»")\nif err != nil {\n\tlog.Panic(err)\n}'),
        ("edit", "matrix/config.yaml", "access_token: ", "access_token: syt_«r:40»"),
        ("cmd", "curl -s https://api.telegram.org/bot«telegram»/getUpdates | jq '.result | length'", "3"),
        ("awrite", "teams/.env", "MicrosoftAppId=«nuuid»\nMicrosoftAppPassword=«rs:34»"),
        ("out", "heroku config -a acme-bot", "=== acme-bot Config Vars\nDISCORD_TOKEN: «discord»\nLOG_LEVEL:     info"),
        ("prompt", "the bot logs in but can't read messages. token is «discord» and I enabled message content intent in the portal"),
        ("cmd", "mattermost-bot --url https://chat.acme.io --token «r:26» --team ops", "connected as @deploybot"),
    ], True)
    c += family("llm sdk keys in many languages", [
        ("read", "src/llm.rs", 'let client = async_openai::Client::with_config(\n    OpenAIConfig::new().with_api_key("«openai»"),\n);'),
        ("write", "ai/summarize.rb", "client = Anthropic::Client.new(api_key: '«anthropic»')\nclient.messages.create(model: 'claude-sonnet-4-5', max_tokens: 512, messages: [{ role: 'user', content: text }])"),
        ("readev", "notebooks/eval.py", "import google.generativeai as genai\ngenai.configure(api_key='«google»')\nmodel = genai.GenerativeModel('gemini-1.5-pro')"),
        ("edit", "src/main/java/ai/Chat.java", 'var client = OpenAIOkHttpClient.fromEnv();', 'var client = OpenAIOkHttpClient.builder().apiKey("«openai»").build();'),
        ("cmd", "llm keys set anthropic --value «anthropic»", "Saved key to /home/dev/.config/io.datasette.llm/keys.json"),
        ("awrite", "lib/ai.dart", "final model = GenerativeModel(model: 'gemini-1.5-flash', apiKey: '«google»');"),
        ("cmd", "huggingface-cli login --token «hf» --add-to-git-credential", "Token is valid (permission: write).\nYour token has been saved to /home/dev/.cache/huggingface/token\nLogin successful"),
        ("out", "cat ~/.config/aichat/config.yaml", "model: claude:claude-sonnet-4-5\nclients:\n  - type: claude\n    api_key: «anthropic»\n  - type: openai\n    api_key: «openai»"),
        ("prompt", "use this groq key for the benchmark: gsk_«r:52» and this mistral one: «r:32»"),
        ("read", "R/chat.R", 'library(ellmer)\nSys.setenv(ANTHROPIC_API_KEY = "«anthropic»")\nchat <- chat_anthropic()'),
    ], True)
    c += family("edits filling in a placeholder", [
        ("edit", ".env", "STRIPE_SECRET_KEY=sk_test_replace_me", "STRIPE_SECRET_KEY=«stripe»"),
        ("edit", "config/settings.yaml", "  password: CHANGE_ME", "  password: «h»"),
        ("edit", "docker-compose.yml", "      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set it}", "      POSTGRES_PASSWORD: «h»"),
        ("edit", "src/config.ts", "export const MAPBOX_TOKEN = '<your token here>';", "export const MAPBOX_TOKEN = 'sk.eyJ1«r:60»';"),
        ("edit", "terraform.tfvars", 'cloudflare_api_token = "xxxxxxxx"', 'cloudflare_api_token = "«cloudflare»"'),
        ("edit", "app/src/main/res/values/secrets.xml", '<string name="maps_key">TODO</string>', '<string name="maps_key">«google»</string>'),
        ("edit", "k8s/secret.yaml", "  DB_PASSWORD: \"\"", "  DB_PASSWORD: \"«h»\""),
        ("edit", "settings.py", "SECRET_KEY = os.environ['DJANGO_SECRET_KEY']", "SECRET_KEY = 'django-insecure-«rs:50»'"),
        ("edit", ".github/workflows/deploy.yml", "          token: ${{ secrets.DEPLOY_TOKEN }}", "          token: «gh»"),
        ("edit", "config/credentials.json", '"client_secret": "YOUR_CLIENT_SECRET"', '"client_secret": "GOCSPX-«r:28»"'),
    ], True)
    c += family("application server realms and users", [
        ("read", "conf/tomcat-users.xml", '<tomcat-users>\n  <role rolename="manager-gui"/>\n  <user username="admin" password="«h»" roles="manager-gui,admin-gui"/>\n</tomcat-users>'),
        ("write", "etc/realm.properties", "admin: «h»,admin,user\ndeploy: «rs:16»,user"),
        ("readev", "standalone/configuration/mgmt-users.properties", "#$REALM_NAME=ManagementRealm$\nadmin=«hex:32»"),
        ("edit", "server.xml", '<Resource name="jdbc/app" auth="Container" type="javax.sql.DataSource" username="app" password="" />', '<Resource name="jdbc/app" auth="Container" type="javax.sql.DataSource" username="app" password="«h»" />'),
        ("cmd", "./bin/add-user.sh -u admin -p «h» -g admin", "Added user 'admin' to file '/opt/wildfly/standalone/configuration/mgmt-users.properties'"),
        ("awrite", "wlp/usr/servers/app/server.xml", '<server>\n  <keyStore id="defaultKeyStore" password="«rs:18»" />\n  <basicRegistry>\n    <user name="admin" password="«h»" />\n  </basicRegistry>\n</server>'),
        ("out", "cat /opt/glassfish/domains/domain1/config/admin-keyfile.txt", "admin;{SSHA256}«nb64:56»;asadmin\n# passwordfile: AS_ADMIN_PASSWORD=«h»"),
        ("prompt", "the tomcat manager keeps rejecting me, tomcat-users has <user username=\"deployer\" password=\"«h»\" roles=\"manager-script\"/> and I'm calling /manager/text/deploy"),
    ], True)
    c += family("windows deployment answer files and net commands", [
        ("read", "autounattend.xml", '<UserAccounts>\n  <AdministratorPassword>\n    <Value>«h»</Value>\n    <PlainText>true</PlainText>\n  </AdministratorPassword>\n</UserAccounts>'),
        ("cmd", "net user svc_sql «h» /add /passwordchg:no", "The command completed successfully."),
        ("abash", "cmdkey /add:fileserver01 /user:CORP\\backup /pass:«h»"),
        ("readev", "Policies/Machine/Preferences/Groups/Groups.xml", '<Groups clsid="{3125E937-EB16-4b4c-9934-544FC6D24D26}">\n  <User clsid="{DF5F1855-51E5-4d24-8B1A-D9BDE98BA1D1}" name="LocalAdmin">\n    <Properties action="U" userName="LocalAdmin" cpassword="«b64:43»" />\n  </User>\n</Groups>'),
        ("cmd", "net use Z: \\\\nas\\projects «h» /user:CORP\\ana /persistent:yes", "The command completed successfully."),
        ("awrite", "sysprep/unattend.xml", '<AutoLogon>\n  <Password>\n    <Value>«h»</Value>\n    <PlainText>true</PlainText>\n  </Password>\n  <Username>kiosk</Username>\n  <Enabled>true</Enabled>\n</AutoLogon>'),
        ("cmd", "schtasks /create /tn Backup /tr C:\\backup.cmd /sc daily /st 02:00 /ru CORP\\svc_backup /rp «rs:16»", "SUCCESS: The scheduled task \"Backup\" has successfully been created."),
        ("abash", "psexec \\\\app01 -u CORP\\deploy -p «h» cmd /c iisreset"),
        ("prompt", "sc.exe config MyService obj= \"CORP\\svc_app\" password= \"«h»\" returns error 1057, what is that?"),
    ], True)
    c += family("image tools logging in to registries", [
        ("cmd", "skopeo copy --src-creds ci:«h» --dest-creds AWS:«r:80» docker://registry.acme.io/api:1.4 docker://111122223333.dkr.ecr.eu-west-1.amazonaws.com/api:1.4", "Copying blob sha256:«nsha:64»\nWriting manifest to image destination"),
        ("abash", "crane auth login ghcr.io -u acme-bot -p «gh»"),
        ("cmd", "buildah login -u robot$ci -p «r:32» harbor.acme.io", "Login Succeeded!"),
        ("abash", "oras login -u acme --password «r:40» acmecr.azurecr.io"),
        ("cmd", "regctl registry login quay.io -u acme+deployer -p «nupper:8»«r:56»", ""),
        ("abash", "echo «glpat» | nerdctl login registry.gitlab.com -u gitlab-ci-token --password-stdin"),
        ("cmd", "helm registry login registry-1.docker.io -u acmeops -p dckr_pat_«r:27»", "Login Succeeded"),
        ("out", "cat ~/.config/containers/auth.json", '{\n  "auths": {\n    "harbor.acme.io": { "auth": "«b64:31»" }\n  }\n}'),
        ("prompt", "podman login to our nexus (nexus.acme.io:8443) with user ci and password «h» works, but pulls say unauthorized. ideas?"),
    ], True)
    c += family("dsn schemes of less common services", [
        ("read", "config/graph.yml", "neo4j:\n  uri: neo4j+s://neo4j:«h»@a1b2c3d4.databases.neo4j.io"),
        ("write", ".env.production", "CLICKHOUSE_URL=clickhouse://default:«rs:20»@ch.acme.internal:9440/analytics?secure=true\nCOCKROACH_URL=postgresql://app:«h»@free-tier.gcp-us-central1.cockroachlabs.cloud:26257/defaultdb?sslmode=verify-full"),
        ("cmd", "ldapsearch -H ldaps://svc_ldap:«h»@dc01.corp.local -b dc=corp,dc=local '(uid=ana)'", "# numResponses: 2\n# numEntries: 1"),
        ("readev", "settings/cache.py", "CACHES = {'default': {'BACKEND': 'django_redis.cache.RedisCache', 'LOCATION': 'rediss://:«r:32»@acme-cache.upstash.io:6379'}}"),
        ("edit", "config/couchbase.yaml", "connection: couchbases://cb.acme.io", "connection: couchbases://app:«h»@cb.acme.io"),
        ("cmd", "surreal sql --conn ws://localhost:8000 --user root --pass «h» --ns app --db prod", "> "),
        ("awrite", "conf/influx.toml", "[output]\nurl = \"influxdb://telegraf:«rs:18»@influx.acme.io:8086/metrics\""),
        ("out", "env | grep -i _url", "MEILI_URL=http://search:7700\nELASTIC_URL=https://elastic:«r:20»@es.acme.io:9243\nSFTP_URL=sftp://drop:«h»@sftp.partner.example:22/in"),
        ("prompt", "arangodb driver rejects `http+ssl://root:«h»@arangodb.acme.io:8529`, what's the right url format?"),
        ("cmd", "cqlsh cassandra.internal -u cassandra -p «h» -e 'describe keyspaces'", "system_auth  system_schema  orders  system"),
    ], True)
    return c


def positives() -> list:
    return (positives_one() + positives_two() + positives_three() + positives_four() + positives_five()
            + positives_six() + positives_seven())


# ------------------------------------------------------------------------------------ negatives
def negatives_one() -> list:
    c = []
    c += family("key ids beside key words", [
        ("out", "aws kms describe-key --key-id alias/app-data --query KeyMetadata", '{\n    "KeyId": "«nuuid»",\n    "Arn": "arn:aws:kms:eu-west-1:111122223333:key/«nuuid»",\n    "KeyUsage": "ENCRYPT_DECRYPT",\n    "KeyState": "Enabled"\n}'),
        ("cmd", "gpg --list-secret-keys --keyid-format=long", "sec   ed25519/«nupper:16» 2025-02-11 [SC]\n      «nupper:40»\nuid                 [ultimate] Ana Souza <ana@example.com>\nssb   cv25519/«nupper:16/2» 2025-02-11 [E]"),
        ("read", "src/auth/jwks.ts", "// the kid of the key we sign with; the key itself is in KMS\nexport const SIGNING_KEY_ID = '«nhex:16»';\nexport const JWKS_URL = 'https://auth.acme.io/.well-known/jwks.json';"),
        ("prompt", "rotate the key with id «nuuid» in the admin console, the new api key id should be logged but not the key"),
        ("out", "gcloud iam service-accounts keys list --iam-account ci@acme.iam.gserviceaccount.com", "KEY_ID                                    CREATED_AT            EXPIRES_AT            DISABLED\n«nsha:40»  2025-06-01T09:12:44Z  9999-12-31T23:59:59Z  False\n«nsha:40/2»  2026-10-02T11:00:01Z  9999-12-31T23:59:59Z  False"),
        ("cmd", "stripe api_keys list --limit 2", '{"data": [{"id": "rak_«nb64u:24»", "object": "api_key", "name": "reporting", "redacted_secret": "rk_live_...ab12", "created": 1732900011}]}'),
        ("readev", "docs/adr/0012-key-rotation.md", "# Key rotation\n\nEach key has a `key_id` (e.g. `k_2026_11`) published in the JWT header as `kid`.\nThe previous key id stays in the JWKS for 48 hours."),
        ("out", "openssl x509 -in cert.pem -noout -ext subjectKeyIdentifier,authorityKeyIdentifier", "X509v3 Subject Key Identifier:\n    «nupper:2»:3F:9A:11:7C:D2:04:88:AB:0E:91:5C:23:67:F0:1D:4B:8E:A2:C9\nX509v3 Authority Key Identifier:\n    14:2E:B3:17:EE:76:3C:44:9F:A1:02:6B:D9:5A:00:8C:3E:71:BB:19"),
        ("awrite", "config/encryption.yaml", "encryption:\n  provider: kms\n  key_id: arn:aws:kms:eu-west-1:111122223333:key/«nuuid»\n  data_key_cache_ttl: 300"),
        ("cmd", "az keyvault key show --vault-name kv-prod --name data-key --query key.kid -o tsv", "https://kv-prod.vault.azure.net/keys/data-key/«nhex:32»"),
    ], False)
    c += family("token ids and jti claims", [
        ("out", "jwt decode $(cat /tmp/tok) --json | jq .payload", '{\n  "iss": "https://auth.acme.io",\n  "sub": "«nuuid»",\n  "aud": "api",\n  "exp": 1764478800,\n  "iat": 1764475200,\n  "jti": "«nb64u:22»"\n}'),
        ("cmd", "gh api /user/installations --jq '.installations[].id'", "44120931\n51203388"),
        ("read", "src/session.py", "def revoke(token_id: str) -> None:\n    \"\"\"Mark the token with this id revoked; the token itself is never stored.\"\"\"\n    db.execute('update tokens set revoked_at = now() where id = %s', (token_id,))"),
        ("out", "vault list auth/token/accessors", "Keys\n----\n«nb64u:24»\n«nb64u:24/2»\n«nb64u:24/3»"),
        ("prompt", "token 8812 expired at 03:00 and the refresh job logged token_id=8812 attempts=3; why did the refresh not run?"),
        ("cmd", "psql -c 'select id, user_id, created_at, last_used_at from personal_access_tokens order by id desc limit 3'", "  id  | user_id |      created_at        |      last_used_at\n------+---------+------------------------+------------------------\n 9931 |      12 | 2026-11-29 10:01:22+00 | 2026-11-30 03:58:10+00\n 9930 |      44 | 2026-11-28 17:40:05+00 |\n 9929 |      12 | 2026-11-20 08:12:59+00 | 2026-11-21 09:00:00+00"),
        ("readev", "api/openapi.yaml", "components:\n  schemas:\n    Token:\n      type: object\n      properties:\n        token_id: { type: string, format: uuid, example: «nuuid» }\n        scopes: { type: array, items: { type: string } }"),
        ("out", "kubectl get secret -n ci -o custom-columns=NAME:.metadata.name,TYPE:.type,UID:.metadata.uid", "NAME                 TYPE                                  UID\nci-bot-token-7xk2p   kubernetes.io/service-account-token   «nuuid»\nregistry-pull        kubernetes.io/dockerconfigjson        «nuuid/2»"),
        ("write", "tests/fixtures/token_event.json", '{"event": "token.created", "token": {"id": "tok_«nb64u:16»", "name": "ci", "last4": "9f2a", "scopes": ["read"]}}'),
    ], False)
    c += family("request and trace ids in responses", [
        ("out", "curl -si https://api.acme.io/v1/me", "HTTP/2 401\ncontent-type: application/json\nx-request-id: «nuuid»\ntraceparent: 00-«nhex:32»-«nhex:16»-01\nwww-authenticate: Bearer realm=\"api\"\n\n{\"error\":\"missing token\"}"),
        ("cmd", "aws s3api head-object --bucket acme-assets --key logo.svg --debug 2>&1 | grep -i 'x-amz'", "x-amz-request-id: «nupper:16»\nx-amz-id-2: «nb64:76»\nx-amz-version-id: «nb64u:32»"),
        ("out", "curl -sI https://acme.io", "HTTP/2 200\ncf-ray: «nhex:16»-AMS\nx-served-by: cache-ams21046-AMS\nx-timer: S1732939200.123,VS0,VE1\nx-cache: HIT"),
        ("prompt", "support says the failing call had request id req_«nb64u:24» and the auth token was fine; can you grep the logs for it?"),
        ("readev", "logs/gateway.log", "2026-11-30T04:00:01Z 401 POST /v2/token trace_id=«nhex:32» span_id=«nhex:16» client=web error=invalid_grant\n2026-11-30T04:00:02Z 200 POST /v2/token trace_id=«nhex:32/2» span_id=«nhex:16/2» client=web"),
        ("out", "gcloud logging read 'severity>=ERROR' --limit 1 --format json", '[{"insertId": "«nb64u:14»", "trace": "projects/acme/traces/«nhex:32»", "spanId": "«nhex:16»", "textPayload": "auth: password check failed for user 812"}]'),
        ("cmd", "stripe logs tail --filter-status-code 402", "2026-11-30 04:02:11 [402] POST /v1/payment_intents [req_«nb64u:14»]\n2026-11-30 04:02:40 [402] POST /v1/payment_intents [req_«nb64u:14/2»]"),
        ("out", "az rest --method get --url https://graph.microsoft.com/v1.0/me", "Unauthorized({\"error\":{\"code\":\"InvalidAuthenticationToken\",\"message\":\"Access token has expired.\",\"innerError\":{\"request-id\":\"«nuuid»\",\"client-request-id\":\"«nuuid/2»\"}}})"),
        ("awrite", "docs/debugging.md", "When a login fails, copy the `X-Correlation-Id` header (e.g. `«nuuid»`) into the ticket; never paste the session cookie."),
    ], False)
    c += family("blame and rebase todo listings", [
        ("out", "git blame -L 10,14 src/auth/password.py", "«nsha:8» (Ana Souza   2026-10-02 10:11:03 +0200 10) def check_password(raw, hashed):\n«nsha:8/2» (Dmitri Ivanov 2026-11-12 16:40:55 +0100 11)     if not hashed:\n«nsha:8/2» (Dmitri Ivanov 2026-11-12 16:40:55 +0100 12)         return False\n«nsha:8» (Ana Souza   2026-10-02 10:11:03 +0200 13)     return argon2.verify(hashed, raw)"),
        ("write", ".git/rebase-merge/git-rebase-todo", "pick «nsha:7» rotate the api token loader\npick «nsha:7/2» hide password field in logs\nfixup «nsha:7/3» fixup! hide password field in logs\n\n# Rebase «nsha:7/4»..«nsha:7/5» onto «nsha:7/4» (3 commands)"),
        ("cmd", "git log --format='%h %G? %s' -5", "«nsha:9» G drop the secret from the fixture\n«nsha:9/2» N token refresh: retry on 503\n«nsha:9/3» G move passwords to vault\n«nsha:9/4» N bump jose to 5.9.6\n«nsha:9/5» G remove leaked key (rotated)"),
        ("out", "git reflog -4", "«nsha:7» HEAD@{0}: commit: store api keys hashed\n«nsha:7/2» HEAD@{1}: rebase (finish): returning to refs/heads/secret-scan\n«nsha:7/3» HEAD@{2}: checkout: moving from main to secret-scan\n«nsha:7/4» HEAD@{3}: pull: Fast-forward"),
        ("prompt", "cherry-pick «nsha:40» (the password reset fix) onto release/2.3, skip «nsha:12/2» which touched the token cache"),
        ("cmd", "hg log -l 2 --template '{node|short} {desc}\\n'", "«nhex:12» remove hard-coded credential from settings\n«nhex:12/2» token: use constant-time compare"),
        ("out", "git bisect log", "git bisect start\n# bad: [«nsha:40»] switch session store to redis\ngit bisect bad «nsha:40»\n# good: [«nsha:40/2»] password reset emails localized\ngit bisect good «nsha:40/2»"),
        ("readev", "CHANGELOG.md", "## 4.2.1\n\n- Fix: the login form no longer echoes the password on error ([«nsha:7»](https://github.com/acme/web/commit/«nsha:40»))\n- Security: API tokens are compared in constant time (#1882)"),
    ], False)
    c += family("flake and deno lock hashes", [
        ("read", "flake.lock", '{\n  "nodes": {\n    "nixpkgs": {\n      "locked": {\n        "lastModified": 1732521221,\n        "narHash": "sha256-«nb64:43»=",\n        "owner": "NixOS",\n        "repo": "nixpkgs",\n        "rev": "«nsha:40»",\n        "type": "github"\n      }\n    }\n  }\n}'),
        ("readev", "deno.lock", '{\n  "version": "4",\n  "specifiers": { "jsr:@std/crypto@1": "1.0.3" },\n  "jsr": {\n    "@std/crypto@1.0.3": { "integrity": "«nsha:64»" }\n  }\n}'),
        ("out", "cat bun.lock | head -8", '{\n  "lockfileVersion": 1,\n  "packages": {\n    "jsonwebtoken": ["jsonwebtoken@9.0.2", "", { "dependencies": { "jws": "^3.2.2" } }, "sha512-«nb64:86»=="],\n    "bcryptjs": ["bcryptjs@2.4.3", "", {}, "sha512-«nb64:86/2»=="]\n  }\n}'),
        ("cmd", "nix flake metadata --json | jq .locks.nodes.\"secrets-utils\".locked", '{\n  "narHash": "sha256-«nb64:43»=",\n  "rev": "«nsha:40»",\n  "type": "github"\n}'),
        ("read", "Package.resolved", '{\n  "pins" : [\n    {\n      "identity" : "keychain-access",\n      "kind" : "remoteSourceControl",\n      "location" : "https://github.com/kishikawakatsumi/KeychainAccess",\n      "state" : { "revision" : "«nsha:40»", "version" : "4.2.2" }\n    }\n  ]\n}'),
        ("out", "cat pubspec.lock | grep -A6 flutter_secure_storage", '  flutter_secure_storage:\n    dependency: "direct main"\n    description:\n      name: flutter_secure_storage\n      sha256: «nsha:64»\n      url: "https://pub.dev"\n    source: hosted\n    version: "9.2.2"'),
        ("write", "gradle/verification-metadata.xml", '<component group="io.jsonwebtoken" name="jjwt-api" version="0.12.6">\n   <artifact name="jjwt-api-0.12.6.jar">\n      <sha256 value="«nsha:64»" origin="Generated by Gradle"/>\n   </artifact>\n</component>'),
        ("cmd", "mix hex.outdated --all | head -3; grep guardian mix.lock", '"guardian": {:hex, :guardian, "2.3.2", "«nsha:64»", [:mix], [{:jose, "~> 1.8", [hex: :jose, repo: "hexpm", optional: false]}], "hexpm", "«nsha:64/2»"},'),
        ("readev", "gleam/manifest.toml", 'packages = [\n  { name = "gleam_crypto", version = "1.4.0", build_tools = ["gleam"], requirements = ["gleam_stdlib"], otp_app = "gleam_crypto", source = "hex", outer_checksum = "«nupper:64»" },\n]'),
    ], False)
    c += family("oci manifests and layer digests", [
        ("out", "crane manifest ghcr.io/acme/auth-proxy:2.1", '{\n  "schemaVersion": 2,\n  "mediaType": "application/vnd.oci.image.manifest.v1+json",\n  "config": {"mediaType": "application/vnd.oci.image.config.v1+json", "digest": "sha256:«nsha:64»", "size": 1489},\n  "layers": [{"mediaType": "application/vnd.oci.image.layer.v1.tar+gzip", "digest": "sha256:«nsha:64/2»", "size": 3623807}]\n}'),
        ("cmd", "skopeo inspect docker://quay.io/keycloak/keycloak:26.0 --format '{{.Digest}}'", "sha256:«nsha:64»"),
        ("readev", "deploy/images.lock.yaml", "images:\n  vault: hashicorp/vault:1.18.1@sha256:«nsha:64»\n  secrets-store-csi: registry.k8s.io/csi-secrets-store/driver:v1.4.6@sha256:«nsha:64/2»"),
        ("out", "docker buildx imagetools inspect acme/api:latest", "Name:      docker.io/acme/api:latest\nMediaType: application/vnd.oci.image.index.v1+json\nDigest:    sha256:«nsha:64»\n\nManifests:\n  Name:      docker.io/acme/api:latest@sha256:«nsha:64/2»\n  Platform:  linux/amd64"),
        ("prompt", "pin the token-exchange sidecar to sha256:«nsha:64» instead of :latest in the helm chart"),
        ("cmd", "oras discover ghcr.io/acme/api@sha256:«nsha:64» -o tree", "ghcr.io/acme/api@sha256:«nsha:64»\n└── application/vnd.dev.sigstore.bundle.v0.3+json\n    └── sha256:«nsha:64/2»"),
        ("out", "cat index.json", '{"schemaVersion":2,"manifests":[{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":"sha256:«nsha:64»","size":7143,"annotations":{"org.opencontainers.image.ref.name":"1.0.0"}}]}'),
        ("awrite", "kustomization.yaml", "images:\n  - name: acme/password-reset\n    newName: ghcr.io/acme/password-reset\n    digest: sha256:«nsha:64»"),
    ], False)
    return c


def negatives_two() -> list:
    c = []
    c += family("build metadata and compiler banners", [
        ("cmd", "rustc -vV", "rustc 1.82.0 (f6e511eec 2024-10-15)\nbinary: rustc\ncommit-hash: f6e511eec7342f59a25f7c0534f1dbea00d01b14\ncommit-date: 2024-10-15\nhost: x86_64-unknown-linux-gnu\nrelease: 1.82.0\nLLVM version: 19.1.1"),
        ("out", "file target/release/keyd", "target/release/keyd: ELF 64-bit LSB pie executable, x86-64, version 1 (SYSV), dynamically linked, interpreter /lib64/ld-linux-x86-64.so.2, BuildID[sha1]=«nsha:40», for GNU/Linux 3.2.0, stripped"),
        ("cmd", "go version -m ./bin/tokenctl", "./bin/tokenctl: go1.23.2\n\tpath\tgithub.com/acme/tokenctl\n\tmod\tgithub.com/acme/tokenctl\t(devel)\n\tdep\tgithub.com/golang-jwt/jwt/v5\tv5.2.1\th1:«nb64:43»=\n\tbuild\tvcs.revision=«nsha:40»\n\tbuild\tvcs.modified=false"),
        ("out", "adb shell getprop ro.build.fingerprint", "google/husky/husky:15/AP4A.241205.013/12621605:user/release-keys"),
        ("readev", "build-info.json", '{"version": "3.14.0", "build": 8812, "git_sha": "«nsha:40»", "built_at": "2026-11-29T22:10:00Z", "signing_key_fingerprint": "«nupper:40»"}'),
        ("cmd", "node -p process.versions", "{\n  node: '22.11.0',\n  acorn: '8.12.1',\n  ada: '2.9.0',\n  openssl: '3.0.15+quic',\n  uv: '1.48.0',\n  v8: '12.4.254.21-node.21'\n}"),
        ("out", "java -version", 'openjdk version "21.0.5" 2024-10-15 LTS\nOpenJDK Runtime Environment Temurin-21.0.5+11 (build 21.0.5+11-LTS)\nOpenJDK 64-Bit Server VM Temurin-21.0.5+11 (build 21.0.5+11-LTS, mixed mode, sharing)'),
        ("prompt", "the password-reset service reports build 2026.11.29-«nsha:8» in /health but the deploy says «nsha:8/2»; which one is live?"),
        ("cmd", "dotnet --info | head -6", ".NET SDK:\n Version:           9.0.100\n Commit:            «nsha:10»\n Workload version:  9.0.100-manifests.«nhex:8»\n MSBuild version:   17.12.7+«nhex:9»"),
    ], False)
    c += family("template placeholders in other engines", [
        ("write", "charts/api/templates/secret.yaml", "apiVersion: v1\nkind: Secret\nstringData:\n  password: {{ .Values.db.password | quote }}\n  token: {{ required \"token is required\" .Values.token }}"),
        ("readev", "templates/settings.j2", "[database]\nuser = {{ db_user }}\npassword = {{ vault_db_password }}\napi_key = {{ lookup('env', 'API_KEY') }}"),
        ("write", "config/database.yml.erb", "production:\n  password: <%= ENV.fetch('DATABASE_PASSWORD') %>\n  secret_key_base: <%= Rails.application.credentials.secret_key_base %>"),
        ("out", "cat deploy/env.tmpl", "DB_PASSWORD={{ with secret \"kv/data/app\" }}{{ .Data.data.password }}{{ end }}\nSTRIPE_KEY=${STRIPE_KEY}\nSMTP_PASS=$(SMTP_PASS)"),
        ("edit", "azure-pipelines.yml", "password: ''", "password: $(registryPassword)"),
        ("prompt", "in the mustache template I have `token: {{{apiToken}}}` and `password: {{password}}` — which one escapes html?"),
        ("read", "src/main/resources/application.yml", "spring:\n  datasource:\n    password: ${DB_PASSWORD:}\n  mail:\n    password: '#{systemEnvironment[\"MAIL_PASS\"]}'"),
        ("cmd", "cat .env.example", "DATABASE_URL=postgres://user:password@localhost:5432/app\nSECRET_KEY=<generate with openssl rand -hex 32>\nSTRIPE_SECRET_KEY=sk_test_...\nSENTRY_DSN="),
        ("awrite", "ops/replace.sh", "sed -i \"s/__DB_PASSWORD__/${DB_PASSWORD}/; s/@@API_TOKEN@@/${API_TOKEN}/\" config.ini"),
        ("readev", "docker-compose.override.yml", "services:\n  db:\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\n      POSTGRES_PASSWORD: ${PG_PASSWORD:?PG_PASSWORD must be set}"),
    ], False)
    c += family("redacted stand-ins from other tools", [
        ("out", "tail -2 log/production.log", "Started POST \"/users/sign_in\" for 10.0.0.4 at 2026-11-30 04:01:00 +0000\n  Parameters: {\"user\"=>{\"email\"=>\"ana@example.com\", \"password\"=>\"[FILTERED]\"}, \"authenticity_token\"=>\"[FILTERED]\"}"),
        ("cmd", "terraform plan -target=aws_db_instance.main", "  ~ resource \"aws_db_instance\" \"main\" {\n      ~ password = (sensitive value)\n        id       = \"shop-db\"\n    }\nPlan: 0 to add, 1 to change, 0 to destroy."),
        ("out", "gh run view 9912 --log | grep TOKEN", "deploy\tRun ./deploy.sh\t2026-11-30T04:00:01Z NPM_TOKEN: ***\ndeploy\tRun ./deploy.sh\t2026-11-30T04:00:01Z REGISTRY_TOKEN: ***"),
        ("readev", "ci/job.log", "$ echo \"using $CI_REGISTRY_PASSWORD\"\nusing [MASKED]\n$ docker login -u gitlab-ci-token -p [MASKED] registry.gitlab.com\nLogin Succeeded"),
        ("cmd", "heroku config:get DATABASE_URL -a shop --json | jq -r '.[0] | sub(\":[^:@]+@\"; \":<redacted>@\")'", "postgres://u9f2k1:<redacted>@ec2-52-1-1-1.compute-1.amazonaws.com:5432/d8a1"),
        ("prompt", "the card on file is ****4242 and the account key is shown as sk_live_••••••••••••3fQ2 in the dashboard; is that the one the webhook uses?"),
        ("out", "docker inspect api --format '{{json .Config.Env}}'", '["DB_HOST=pg","DB_PASSWORD=<hidden>","API_KEY=REDACTED","TZ=UTC"]'),
        ("write", "docs/support/logs.md", "Logs show secrets as `[REDACTED]`, e.g. `Authorization: Bearer [REDACTED]` and `password=********`; ask for a HAR with \"sanitize\" on."),
        ("cmd", "kubectl describe secret db-creds", "Name:         db-creds\nNamespace:    prod\nType:  Opaque\n\nData\n====\npassword:  24 bytes\nusername:  4 bytes"),
        ("out", "vercel env ls", "  name                 value        environments\n  DATABASE_URL         Encrypted    Production, Preview\n  NEXTAUTH_SECRET      Encrypted    Production"),
    ], False)
    c += family("public keys in pinning and trust configs", [
        ("read", "app/src/main/res/xml/network_security_config.xml", '<pin-set expiration="2027-01-01">\n  <pin digest="SHA-256">«nb64:43»=</pin>\n  <pin digest="SHA-256">«nb64:43/2»=</pin>\n</pin-set>'),
        ("readev", "tuf/root.json", '{"signed": {"keys": {"«nsha:64»": {"keytype": "ed25519", "scheme": "ed25519", "keyval": {"public": "«nsha:64/2»"}}}, "version": 7}}'),
        ("out", "cat /etc/wireguard/peers.conf", "[Peer]\n# laptop-ana\nPublicKey = «nb64:43»=\nAllowedIPs = 10.8.0.2/32\n\n[Peer]\n# phone-ana\nPublicKey = «nb64:43/2»=\nAllowedIPs = 10.8.0.3/32"),
        ("cmd", "age-keygen -y key.txt", "age1«nb58:58»"),
        ("awrite", ".sops.yaml", "creation_rules:\n  - path_regex: secrets/prod/.*\n    age: age1«nb58:58»\n    pgp: «nupper:40»"),
        ("prompt", "add my public key to the deploy user: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI«nb64:43» ana@laptop"),
        ("write", "trust/hpkp.conf", 'add_header Public-Key-Pins \'pin-sha256="«nb64:43»="; pin-sha256="«nb64:43/2»="; max-age=5184000\';'),
        ("out", "cosign public-key --key cosign.key", "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE«nb64:40»\n«nb64:48/2»==\n-----END PUBLIC KEY-----"),
        ("readev", "nostr/profile.json", '{"npub": "npub1«nb58:58»", "relays": ["wss://relay.damus.io"], "nip05": "ana@example.com"}'),
        ("cmd", "tailscale status --json | jq -r '.Self.PublicKey'", "nodekey:«nhex:64»"),
    ], False)
    c += family("x509 fields in tls debug output", [
        ("out", "openssl s_client -connect api.acme.io:443 -servername api.acme.io </dev/null 2>/dev/null | head -12", "CONNECTED(00000003)\n---\nCertificate chain\n 0 s:CN = api.acme.io\n   i:C = US, O = Let's Encrypt, CN = R11\n   a:PKEY: rsaEncryption, 2048 (bit); sigalg: RSA-SHA256\n---\nServer certificate\nSession-ID: «nupper:64»\nSession-ID-ctx: \nMaster-Key: (none shown)\nSSL-Session:\n    Protocol  : TLSv1.3"),
        ("cmd", "openssl x509 -in tls.crt -noout -serial -fingerprint -sha256", "serial=«nupper:36»\nsha256 Fingerprint=«nupper:2»:AB:19:77:0C:5E:D1:42:8A:3F:0B:E6:91:2D:47:C8:55:1A:9E:03:BF:6D:72:E4:18:C0:A5:3B:96:2F:DA:01"),
        ("out", "openssl x509 -in tls.crt -noout -text | sed -n '/Modulus/,/Exponent/p'", "                Modulus:\n                    00:c4:1f:8e:22:9b:51:0a:7d:e3:64:f9:18:b2:c0:\n                    3e:77:a1:05:d8:4c:92:6f:e0:31:bb:58:27:de:49:\n                    a6:13:f0:8d:75:c2:3a:e9:04:bf:61:98:2e:d7:50\n                Exponent: 65537 (0x10001)"),
        ("readev", "certs/chain.pem", "-----BEGIN CERTIFICATE-----\nMIIFazCCA1OgAwIBAgIRAIIQz7DSQONZRGPgu2OCiwAwDQYJKoZIhvcNAQELBQAw\n«nb64:64»\n«nb64:64/2»\n-----END CERTIFICATE-----"),
        ("cmd", "curl -v https://auth.acme.io -o /dev/null 2>&1 | grep -E 'SSL|subject|issuer|expire'", "* SSL connection using TLSv1.3 / TLS_AES_256_GCM_SHA384 / x25519 / RSASSA-PSS\n*  subject: CN=auth.acme.io\n*  expire date: Feb 20 11:02:33 2027 GMT\n*  issuer: C=US; O=Google Trust Services; CN=WR3"),
        ("out", "step certificate inspect tls.crt --short", "X.509v3 TLS Certificate (ECDSA P-256) [Serial: 3132...«nint:8»]\n  Subject:     web.internal\n  Issuer:      Acme Intermediate CA\n  Valid from:  2026-11-30T00:00:00Z\n          to:  2026-12-01T00:00:00Z"),
        ("prompt", "the leaf cert on the token endpoint has SHA-1 thumbprint «nupper:40» and it's expiring Friday; which secret in the cluster holds it?"),
        ("cmd", "keytool -list -v -keystore truststore.jks -storepass:env TS_PASS | grep -E 'Alias|SHA256'", "Alias name: acme-root\n\t SHA256: 7A:«nupper:2»:3E:0F:11:52:90:8B:C4:D6:E2:71:A9:3C:58:04:BE:F7:19:2D:6A:8E:C1:45:03:B2:9F:77:E0:1C:D8:64"),
    ], False)
    return c


def negatives_three() -> list:
    c = []
    c += family("man pages and config references for auth options", [
        ("out", "man mosquitto_pub | sed -n '/-P/,+3p'", "       -P, --pw\n           Provide a password to be used for authenticating with the broker.\n           Using this argument without also specifying a username is invalid.\n           See also the --username option."),
        ("cmd", "restic --help | grep -i password", "      --password-command command   shell command to obtain the repository password from (default: $RESTIC_PASSWORD_COMMAND)\n  -p, --password-file file         file to read the repository password from (default: $RESTIC_PASSWORD_FILE)"),
        ("readev", "docs/configuration.md", "| Option | Env | Description |\n|---|---|---|\n| `auth.token` | `APP_TOKEN` | Bearer token sent to the upstream; required in production |\n| `db.password` | `DB_PASSWORD` | Password of the database user; may be a file with `_FILE` |"),
        ("out", "xfreerdp /help | grep -E '/p:|/pth:'", "    /p:<password>                     Password\n    /pth:<password-hash>              Pass the hash (restricted admin mode)"),
        ("prompt", "what does `requirepass` do in redis.conf compared to the ACL `user default on >password` line? no need to set anything, just explain"),
        ("cmd", "pg_dump --help | grep -i pass", "  -w, --no-password        never prompt for password\n  -W, --password           force password prompt (should happen automatically)"),
        ("out", "ansible-doc community.mysql.mysql_user | grep -A3 'password'", "- password\n        Set the user's password. Only for `mysql_native_password`\n        authentication. For other authentication plugins see the\n        combination of `plugin`, `plugin_hash_string`, `salt`.\n        type: str"),
        ("read", "docs/man/backup.1.md", "## ENVIRONMENT\n\n`BACKUP_PASSPHRASE`\n:   The passphrase that encrypts the archive. If unset, **backup** asks for it on the terminal.\n\n`BACKUP_KEYFILE`\n:   A file holding the key instead of a passphrase."),
        ("cmd", "mongosh --help | grep -A1 -- '--password'", "  -p, --password [arg]    Password for authentication\n      --authenticationDatabase [arg]  User source (defaults to dbname)"),
    ], False)
    c += family("secrets read from the environment in uncommon languages", [
        ("read", "config/runtime.exs", 'config :shop, Shop.Repo,\n  password: System.fetch_env!("DB_PASSWORD"),\n  url: System.get_env("DATABASE_URL")\nconfig :shop, :stripe_key, System.fetch_env!("STRIPE_SECRET_KEY")'),
        ("readev", "app/Config.hs", 'loadConfig :: IO Config\nloadConfig = do\n  token <- getEnv "API_TOKEN"\n  pass  <- lookupEnv "DB_PASSWORD"\n  pure Config { apiToken = T.pack token, dbPassword = maybe "" T.pack pass }'),
        ("write", "src/env.zig", 'const token = try std.process.getEnvVarOwned(allocator, "API_TOKEN");\ndefer allocator.free(token);'),
        ("write", "src/secrets.nim", 'import std/os\nlet password = getEnv("SMTP_PASSWORD")\nif password.len == 0: quit("SMTP_PASSWORD is not set")'),
        ("out", "cat R/db.R", 'con <- DBI::dbConnect(RPostgres::Postgres(), user = Sys.getenv("PGUSER"), password = Sys.getenv("PGPASSWORD"))\nkey <- keyring::key_get("openai")'),
        ("awrite", "src/load.jl", 'const API_KEY = get(ENV, "WEATHER_API_KEY") do\n    error("set WEATHER_API_KEY")\nend'),
        ("readev", "cobol/GETPW.cbl", '       PROCEDURE DIVISION.\n           ACCEPT WS-PASSWORD FROM ENVIRONMENT "DB_PASS"\n           IF WS-PASSWORD = SPACES\n              DISPLAY "DB_PASS NOT SET" UPON SYSERR'),
        ("read", "src/getpw.f90", "call get_environment_variable('DB_PASSWORD', db_pass, status=ios)\nif (ios /= 0) stop 'DB_PASSWORD missing'"),
        ("edit", "lua/plugins/ai.lua", 'api_key = "«nhex:4»"', 'api_key = os.getenv("OPENAI_API_KEY")'),
        ("out", "cat scripts/login.tcl", "set pass $::env(NMS_PASSWORD)\nset token [exec vault kv get -field=token secret/nms]"),
        ("readev", "deploy/config.dhall", "{ dbPassword = env:DB_PASSWORD as Text, apiKey = env:API_KEY as Text ? \"\" }"),
        ("write", "deploy.ps1", "$pw = $env:DEPLOY_PASSWORD | ConvertTo-SecureString -AsPlainText -Force\n$token = (Get-Secret -Name GitHubToken -AsPlainText)"),
    ], False)
    c += family("vault and secret-manager lookups in iac", [
        ("read", "infra/main.bicep", "resource kv 'Microsoft.KeyVault/vaults@2023-07-01' existing = { name: 'kv-prod' }\nmodule sql 'sql.bicep' = {\n  name: 'sql'\n  params: { adminPassword: kv.getSecret('sqlAdminPassword') }\n}"),
        ("readev", "index.ts", "const cfg = new pulumi.Config();\nconst dbPassword = cfg.requireSecret('dbPassword');\nconst token = aws.secretsmanager.getSecretVersionOutput({ secretId: 'prod/api/token' });"),
        ("awrite", "secrets.tf", 'data "aws_secretsmanager_secret_version" "db" {\n  secret_id = "prod/db/password"\n}\n\nresource "aws_db_instance" "main" {\n  password = data.aws_secretsmanager_secret_version.db.secret_string\n}'),
        ("write", "group_vars/all.yml", "db_password: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=kv/data/db:password') }}\"\napi_token: \"{{ lookup('amazon.aws.aws_ssm', '/prod/api/token', decrypt=true) }}\""),
        ("out", "cat nomad/api.nomad.hcl | sed -n '/template/,/EOH/p'", 'template {\n  data = <<EOH\nDB_PASSWORD={{ with secret "kv/data/api" }}{{ .Data.data.db_password }}{{ end }}\nEOH\n  destination = "secrets/env"\n  env         = true\n}'),
        ("edit", "lib/stack.ts", "password: SecretValue.unsafePlainText(process.env.DB_PW!),", "password: SecretValue.secretsManager('prod/db', { jsonField: 'password' }),"),
        ("readev", "k8s/external-secret.yaml", "apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nspec:\n  secretStoreRef: { name: vault, kind: ClusterSecretStore }\n  data:\n    - secretKey: password\n      remoteRef: { key: prod/db, property: password }"),
        ("prompt", "in terragrunt, can I read the db password with `sops_decrypt_file(\"secrets.enc.yaml\")` instead of passing -var db_password? show me the block"),
        ("read", "crossplane/composition.yaml", "writeConnectionSecretToRef:\n  name: db-conn\n  namespace: crossplane-system\npasswordSecretRef:\n  key: password\n  name: db-master\n  namespace: crossplane-system"),
    ], False)
    c += family("data models with secret fields", [
        ("read", "schemas/user.schema.json", '{\n  "type": "object",\n  "properties": {\n    "email": { "type": "string", "format": "email" },\n    "password": { "type": "string", "minLength": 12, "writeOnly": true },\n    "apiToken": { "type": "string", "readOnly": true, "pattern": "^tok_[A-Za-z0-9]{32}$" }\n  },\n  "required": ["email", "password"]\n}'),
        ("readev", "lib/shop/accounts/user.ex", "schema \"users\" do\n  field :email, :string\n  field :password, :string, virtual: true, redact: true\n  field :hashed_password, :string, redact: true\n  timestamps()\nend"),
        ("write", "src/Types.hs", "data Credentials = Credentials\n  { username :: Text\n  , password :: Secret Text\n  , apiKey   :: Maybe (Secret Text)\n  } deriving (Generic)"),
        ("write", "prisma/schema.prisma", "model ApiKey {\n  id        String   @id @default(cuid())\n  prefix    String   @db.VarChar(8)\n  hash      String   @unique\n  lastUsed  DateTime?\n  userId    String\n}"),
        ("out", "cat avro/Login.avsc", '{"type": "record", "name": "Login", "fields": [{"name": "user", "type": "string"}, {"name": "password", "type": "string", "doc": "never logged"}, {"name": "otp", "type": ["null", "string"]}]}'),
        ("readev", "app/models.py", "class Settings(BaseSettings):\n    database_url: PostgresDsn\n    secret_key: SecretStr\n    stripe_api_key: SecretStr = Field(alias='STRIPE_API_KEY')\n    model_config = SettingsConfigDict(env_file='.env')"),
        ("awrite", "src/config.ml", "type t = {\n  db_user : string;\n  db_password : string; [@secret]\n  api_token : string option;\n} [@@deriving yojson]"),
        ("read", "db/migrate/20261130_create_credentials.rb", "create_table :credentials do |t|\n  t.string :name, null: false\n  t.string :encrypted_password, null: false\n  t.string :token_digest, index: { unique: true }\n  t.timestamps\nend"),
        ("cmd", "sqlite3 app.db .schema users", "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT UNIQUE NOT NULL, password_hash TEXT NOT NULL, api_key_prefix TEXT, totp_secret_enc BLOB);"),
        ("readev", "src/auth.cue", "#Auth: {\n\tuser:     string\n\tpassword: string & strings.MinRunes(12)\n\ttoken?:   =~\"^ghp_[A-Za-z0-9]{36}$\"\n}"),
    ], False)
    c += family("password rules in forms and errors", [
        ("out", "curl -s -X POST localhost:3000/api/register -d '{\"email\":\"a@b.c\"}'", '{"errors": {"password": ["is too short (minimum is 12 characters)", "must include a digit and a symbol"]}}'),
        ("read", "src/validators/password.ts", "export const PASSWORD_RULE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^\\w\\s]).{12,128}$/;\nexport const PASSWORD_HINT = 'At least 12 characters, with upper and lower case, a digit and a symbol.';"),
        ("readev", "locales/de.yml", "de:\n  password:\n    too_short: \"Das Passwort muss mindestens %{count} Zeichen lang sein.\"\n    mismatch: \"Die Passwörter stimmen nicht überein.\"\n    pwned: \"Dieses Passwort ist in einem Datenleck aufgetaucht.\""),
        ("prompt", "our password policy should be: min 14 chars, no composition rules, check against HIBP, lockout after 10 tries. write that into SECURITY.md"),
        ("out", "chage -l deploy", "Last password change\t\t\t\t\t: Nov 02, 2026\nPassword expires\t\t\t\t\t: never\nPassword inactive\t\t\t\t\t: never\nMinimum number of days between password change\t\t: 0\nMaximum number of days between password change\t\t: 99999"),
        ("cmd", "grep -v '^#' /etc/security/pwquality.conf | grep .", "minlen = 14\ndcredit = -1\nucredit = -1\nocredit = -1\nenforce_for_root"),
        ("write", "src/locales/ja.json", '{"password": {"label": "パスワード", "hint": "8文字以上で入力してください", "error": "パスワードが一致しません"}}'),
        ("out", "aws iam get-account-password-policy", '{\n    "PasswordPolicy": {\n        "MinimumPasswordLength": 14,\n        "RequireSymbols": true,\n        "RequireNumbers": true,\n        "MaxPasswordAge": 90,\n        "PasswordReusePrevention": 24\n    }\n}'),
        ("write", "templates/reset.html", '<label for="new-password">Nouveau mot de passe</label>\n<input id="new-password" type="password" name="password" autocomplete="new-password" minlength="12" required>\n<p class="hint">12 caractères minimum.</p>'),
    ], False)
    c += family("fixtures with dummy values", [
        ("read", "test/auth_test.exs", 'test "rejects a wrong password" do\n  user = insert(:user, password: "correct horse")\n  assert {:error, :invalid} = Auth.login(user.email, "wrong")\nend'),
        ("readev", "spec/factories/users.rb", "FactoryBot.define do\n  factory :user do\n    email { \"user#{n}@example.com\" }\n    password { 'password' }\n    api_token { 'test-token' }\n  end\nend"),
        ("awrite", "tests/conftest.py", "@pytest.fixture\ndef settings():\n    return Settings(secret_key='not-a-secret', stripe_api_key='sk_test_dummy', db_password='postgres')"),
        ("read", "src/test/resources/application-test.yml", "spring:\n  datasource:\n    url: jdbc:h2:mem:test\n    username: sa\n    password:\napp:\n  jwt-secret: test-secret-do-not-use"),
        ("out", "cat testdata/config.toml", '[auth]\ntoken = "dummy"\npassword = "example"\n\n[aws]\naccess_key_id = "AKIAIOSFODNN7EXAMPLE"\nsecret_access_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"'),
        ("readev", "__tests__/api.test.ts", "jest.mock('../secrets', () => ({ getToken: () => 'fake-token', getPassword: () => 'hunter2' }));"),
        ("write", "test/fixtures/env", "DATABASE_URL=postgres://test:test@localhost:5432/test\nREDIS_URL=redis://localhost:6379/1\nSECRET_KEY=dev\nAPI_KEY=xxx"),
        ("write", "t/login.t", "my $ua = Test::Mojo->new('App');\n$ua->post_ok('/login' => form => { user => 'alice', pass => 'secret' })->status_is(302);"),
        ("cmd", "go test ./auth -run TestToken -v", "=== RUN   TestToken\n=== RUN   TestToken/expired\n    token_test.go:41: token \"test-token-123\" expired as expected\n--- PASS: TestToken (0.00s)\nPASS"),
    ], False)
    return c


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def negatives_four() -> list:
    c = []
    c += family("pagination cursors and relay ids", [
        ("out", "gh api graphql -f query='{ viewer { repositories(first: 2) { pageInfo { endCursor } nodes { id name } } } }'", '{"data":{"viewer":{"repositories":{"pageInfo":{"endCursor":"' + _b64("cursor:v2:" + "x" * 8) + '"},"nodes":[{"id":"R_kgDO«nb64u:6»","name":"token-service"},{"id":"R_kgDO«nb64u:6/2»","name":"secrets-sync"}]}}}}'),
        ("cmd", "curl -s 'https://api.acme.io/v1/events?limit=2' | jq '{next_page_token}'", '{\n  "next_page_token": "' + _b64('{"offset":40,"sort":"created_at"}') + '"\n}'),
        ("readev", "logs/list.log", "GET /v1/keys?page_token=" + _b64('{"after":"key_812"}') + " 200 12ms\nGET /v1/keys?page_token=" + _b64('{"after":"key_840"}') + " 200 9ms"),
        ("out", "stripe customers list --limit 1 --starting-after cus_«nb64u:14»", '{"object": "list", "has_more": true, "url": "/v1/customers", "data": [{"id": "cus_«nb64u:14/2»", "email": "ana@example.com"}]}'),
        ("prompt", "the relay id VXNlcjoxMjM0NQ== decodes to User:12345 right? the frontend passes it as `token` in the query which confuses people"),
        ("cmd", "aws dynamodb scan --table-name sessions --max-items 1 --query NextToken", '"' + _b64('{"ExclusiveStartKey":{"pk":{"S":"session#812"}},"boto_truncate_amount":1}') + '"'),
        ("out", "gcloud compute instances list --limit 2 --format json | jq -r '.[].id'", "«nint:19»\n«nint:19/2»"),
        ("read", "src/pagination.ts", "export function encodeCursor(c: { id: number; ts: string }): string {\n  return Buffer.from(JSON.stringify(c)).toString('base64url'); // e.g. " + base64.urlsafe_b64encode(b'{"id":812,"ts":"2026-11-30"}').decode().rstrip("=") + "\n}"),
        ("cmd", "kubectl get pods -A --chunk-size=2 -v=8 2>&1 | grep continue", "I1130 04:00:01.123 round_trippers.go:553] GET https://10.0.0.1/api/v1/pods?continue=" + base64.urlsafe_b64encode(b'{"v":"meta.k8s.io/v1","rv":812331,"start":"kube-system/coredns"}').decode() + "&limit=2 200 OK"),
    ], False)
    c += family("base64 blobs of plain data", [
        ("out", "kubectl get configmap app-config -o yaml", "apiVersion: v1\nbinaryData:\n  motd.txt: " + _b64("Welcome to the staging cluster. Ask #platform for access.\n") + "\nkind: ConfigMap"),
        ("readev", "src/assets/fonts.css", "@font-face {\n  font-family: 'Glyphs';\n  src: url(data:font/woff2;base64,d09GMgABAAAAAA«nb64:80») format('woff2');\n}"),
        ("cmd", "echo eyJhbGciOiJSUzI1NiIsImtpZCI6IjIwMjYtMTEifQ | base64 -d", '{"alg":"RS256","kid":"2026-11"}'),
        ("out", "cat .vscode/launch.json | grep args", '"args": ["--config", "' + _b64('{"port":8080,"log":"debug"}') + '"]'),
        ("prompt", "what is this header? X-Client-Info: " + _b64('{"sdk":"supabase-js","version":"2.45.4","platform":"web"}') + " — it's next to the apikey header in the requests"),
        ("read", "tests/data/webhook_body.b64", _b64('{"event":"invoice.paid","amount":1200,"currency":"eur","customer":"cus_812"}')),
        ("awrite", "helm/values.yaml", "extraFiles:\n  banner: " + _b64("AUTHORIZED USE ONLY. Sessions are logged.") + "\ntoken: {}"),
        ("cmd", "gcloud pubsub subscriptions pull orders-sub --limit 1 --format='value(message.data)'", _b64('{"order_id":88121,"status":"paid","token":null}')),
        ("out", "cat ~/.docker/config.json", '{\n  "auths": {},\n  "credsStore": "desktop",\n  "currentContext": "default",\n  "plugins": {"-x-cli-hints": {"enabled": "true"}},\n  "features": {"hooks": "' + _b64("true") + '"}\n}'),
    ], False)
    c += family("uuid-named secret records", [
        ("out", "doppler secrets --only-names", "┌──────────────────────┐\n│ NAME                 │\n├──────────────────────┤\n│ DATABASE_URL         │\n│ STRIPE_SECRET_KEY    │\n│ DOPPLER_CONFIG       │\n└──────────────────────┘"),
        ("cmd", "infisical secrets --env=prod --plain --silent | wc -l; infisical export --format=json --env=prod | jq '.[].key'", '12\n"DB_PASSWORD"\n"JWT_SECRET"\n"SENTRY_DSN"'),
        ("readev", "audit/events.jsonl", '{"ts":"2026-11-30T03:00:01Z","actor":"ana","action":"secret.read","secret_id":"«nuuid»","secret_name":"prod/db/password","version":7}\n{"ts":"2026-11-30T03:02:44Z","actor":"ci","action":"api_key.create","api_key_id":"«nuuid/2»","name":"deploy"}'),
        ("out", "bws secret list --output table", "ID                                    Key              Project\n«nuuid»  DB_PASSWORD      «nuuid/2»\n«nuuid/3»  STRIPE_KEY       «nuuid/2»"),
        ("prompt", "secret «nuuid» (the old smtp password) can be deleted once the new one («nuuid/2») has been in use a week"),
        ("cmd", "op item list --vault Infra --format json | jq -r '.[] | [.id, .title] | @tsv'", "«nb58:26»\tpostgres prod admin\n«nb58:26/2»\tcloudflare api token"),
        ("out", "az keyvault secret list --vault-name kv-prod -o table", "Name              Id                                                          ContentType\n----------------  ----------------------------------------------------------  -------------\nDbPassword        https://kv-prod.vault.azure.net/secrets/DbPassword          text/plain\nStripeSecretKey   https://kv-prod.vault.azure.net/secrets/StripeSecretKey"),
        ("write", "docs/secrets-inventory.md", "| Secret | Id | Owner | Rotated |\n|---|---|---|---|\n| db password | «nuuid» | platform | 2026-11-01 |\n| stripe key | «nuuid/2» | payments | 2026-10-12 |"),
        ("readev", "terraform.tfstate.d/prod/outputs.json", '{"db_password_secret_arn": {"value": "arn:aws:secretsmanager:eu-west-1:111122223333:secret:prod/db/password-«nb64u:6»", "sensitive": false}}'),
    ], False)
    c += family("secret resource names and arns", [
        ("out", "aws secretsmanager list-secrets --query 'SecretList[].ARN'", '[\n    "arn:aws:secretsmanager:eu-west-1:111122223333:secret:prod/api/token-«nb64u:6»",\n    "arn:aws:secretsmanager:eu-west-1:111122223333:secret:prod/db/password-«nb64u:6/2»"\n]'),
        ("cmd", "gcloud secrets versions list db-password --limit 2", "NAME  STATE    CREATED              DESTROYED\n7     enabled  2026-11-29T10:01:22  -\n6     disabled 2026-10-01T08:12:00  -"),
        ("readev", "k8s/csi-provider.yaml", "parameters:\n  objects: |\n    - objectName: \"arn:aws:secretsmanager:eu-west-1:111122223333:secret:prod/stripe-key-«nb64u:6»\"\n      objectType: secretsmanager"),
        ("awrite", "iam/policy.json", '{"Statement": [{"Effect": "Allow", "Action": ["secretsmanager:GetSecretValue"], "Resource": "arn:aws:secretsmanager:*:111122223333:secret:prod/*"}, {"Effect": "Allow", "Action": "kms:Decrypt", "Resource": "arn:aws:kms:eu-west-1:111122223333:key/«nuuid»"}]}'),
        ("prompt", "grant the api's service account access to projects/acme-prod/secrets/stripe-secret-key/versions/latest and nothing else"),
        ("out", "aws ssm describe-parameters --query 'Parameters[].[Name,Type,Version]' --output text", "/prod/api/token\tSecureString\t4\n/prod/db/password\tSecureString\t11\n/prod/feature/flags\tString\t2"),
        ("cmd", "az keyvault secret show --id https://kv-prod.vault.azure.net/secrets/DbPassword/«nhex:32» --query '{id:id, updated:attributes.updated}'", '{\n  "id": "https://kv-prod.vault.azure.net/secrets/DbPassword/«nhex:32»",\n  "updated": "2026-11-29T10:01:22+00:00"\n}'),
        ("write", "serverless.yml", "provider:\n  environment:\n    DB_PASSWORD_ARN: arn:aws:secretsmanager:eu-west-1:111122223333:secret:prod/db/password-«nb64u:6»\n    TOKEN_PARAM: /prod/api/token"),
        ("cmd", "vault kv metadata get -format=json kv/prod/db | jq '.data.versions | keys'", '[\n  "10",\n  "11",\n  "9"\n]'),
    ], False)
    c += family("oauth authorize urls and tracking params", [
        ("out", "grep authorize logs/auth.log | tail -1", "GET /oauth2/authorize?response_type=code&client_id=«nuuid»&redirect_uri=https%3A%2F%2Fapp.acme.io%2Fcallback&scope=openid%20email&state=«nb64u:22»&code_challenge=«nb64u:43»&code_challenge_method=S256&nonce=«nb64u:16» 302"),
        ("prompt", "this link from the newsletter breaks: https://acme.io/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=nov26&mc_eid=«nhex:10»&_hsenc=p2ANqtz-«nb64u:40»"),
        ("cmd", "curl -sI 'https://cdn.acme.io/app.js?v=«nsha:8»&_=1732939200123'", "HTTP/2 200\ncache-control: public, max-age=31536000, immutable\netag: \"«nsha:32»\""),
        ("readev", "nginx/access.log", '10.0.0.4 - - [30/Nov/2026:04:00:01 +0000] "GET /login?next=%2Fsettings%2Ftokens&ref=header&gclid=«nb64u:40» HTTP/2.0" 200 5120'),
        ("out", "cat .well-known/openid-configuration", '{\n  "issuer": "https://auth.acme.io",\n  "authorization_endpoint": "https://auth.acme.io/oauth2/authorize",\n  "token_endpoint": "https://auth.acme.io/oauth2/token",\n  "jwks_uri": "https://auth.acme.io/.well-known/jwks.json",\n  "token_endpoint_auth_methods_supported": ["client_secret_basic", "private_key_jwt"]\n}'),
        ("write", "docs/sso.md", "Redirect to `https://login.microsoftonline.com/«nuuid»/oauth2/v2.0/authorize?client_id=«nuuid/2»&response_type=code&scope=openid` (the tenant and client ids are public)."),
        ("cmd", "xdg-open 'https://www.youtube.com/watch?v=«nb64u:11»&t=42s&si=«nb64u:16»'", ""),
        ("out", "grep -o 'fbclid=[^&\" ]*' logs/web.log | head -2", "fbclid=IwAR«nb64u:56»\nfbclid=IwY2«nb64u:56/2»"),
        ("read", "src/auth/callback.ts", "// the provider redirects to /callback?code=...&state=...; the code is exchanged at once\nconst params = new URLSearchParams(location.search);\nconst state = params.get('state');\nif (state !== sessionStorage.getItem('oauth_state')) throw new Error('state mismatch');"),
    ], False)
    c += family("bundler manifests with hashed file names", [
        ("out", "cat dist/.vite/manifest.json", '{\n  "src/main.ts": {\n    "file": "assets/main-«nb64u:8».js",\n    "src": "src/main.ts",\n    "isEntry": true,\n    "css": ["assets/main-«nb64u:8/2».css"]\n  },\n  "src/auth/token.ts": {"file": "assets/token-«nb64u:8/3».js"}\n}'),
        ("cmd", "ls dist/assets", "index-«nb64u:8».js\nindex-«nb64u:8/2».css\nPasswordReset-«nb64u:8/3».js\nlogo-«nb64u:8/4».svg"),
        ("readev", "build/asset-manifest.json", '{"files": {"main.js": "/static/js/main.«nhex:8».js", "static/js/787.«nhex:8/2».chunk.js": "/static/js/787.«nhex:8/2».chunk.js"}, "entrypoints": ["static/js/main.«nhex:8».js"]}'),
        ("out", "next build | tail -6", "Route (app)                  Size     First Load JS\n┌ ○ /                        5.2 kB   92.1 kB\n├ ○ /settings/api-keys       3.1 kB   90.0 kB\n└ ○ /login                   2.4 kB   89.3 kB\n+ First Load JS shared by all 87.0 kB\n  ├ chunks/«nint:3»-«nhex:16».js  31.5 kB"),
        ("read", "public/sw.js", 'self.__WB_MANIFEST = [{"revision":"«nhex:32»","url":"/index.html"},{"revision":null,"url":"/assets/secrets-«nb64u:8».js"}];'),
        ("cmd", "esbuild src/app.ts --bundle --metafile=meta.json --entry-names=[name]-[hash] --outdir=out && ls out", "app-«nupper:8».js"),
        ("out", "cat webpack-stats.json | jq '.chunks[0]'", '{"id": 179, "names": ["main"], "files": ["main.«nhex:20».js"], "hash": "«nhex:20»"}'),
        ("awrite", "templates/base.html", '<script type="module" src="/assets/index-«nb64u:8».js" integrity="sha384-«nb64:64»" crossorigin></script>'),
    ], False)
    return c


def negatives_five() -> list:
    c = []
    c += family("design tokens and stylesheets", [
        ("write", "tokens/color.json", '{\n  "color": {\n    "primary": { "$value": "#1A5FB4", "$type": "color" },\n    "danger": { "$value": "#C01C28", "$type": "color" }\n  },\n  "token-set-order": ["global", "light"]\n}'),
        ("readev", "src/styles/tokens.css", ":root {\n  --token-color-bg: #0f1115;\n  --token-color-fg: #e6e6e6;\n  --token-radius-md: 6px;\n  --secret-banner-bg: #fff3cd;\n}"),
        ("write", "src/components/Key.module.css", ".apiKey_masked__«nb64u:5» { font-family: ui-monospace; letter-spacing: .1em; }\n.password_toggle__«nb64u:5/2» { color: #6b7280; }"),
        ("out", "npx style-dictionary build", "css\n✔︎ build/css/_variables.css\njs\n✔︎ build/js/tokens.js\n\nToken collisions: 0\nTokens with references: 42"),
        ("cmd", "grep -n 'password' src/styles/forms.scss", "12:input[type=\"password\"] { border-color: $gray-400; }\n13:.password-strength__bar--weak { background: #e01b24; }\n14:.password-strength__bar--strong { background: #2ec27e; }"),
        ("read", "tailwind.config.js", "module.exports = {\n  theme: { extend: { colors: { secret: '#7c3aed', token: { 50: '#f5f3ff', 900: '#4c1d95' } } } },\n}"),
        ("prompt", "make the token chips use #A3BE8C on dark and #4C566A on light, and the secret badge #BF616A"),
        ("out", "cat dist/main.css | head -c 300", ".btn-primary{color:#fff;background-color:#0d6efd}.key-input{font-family:SFMono-Regular,Menlo}.token-list>li{padding:.25rem .5rem}.a{--tw-ring-color:rgb(59 130 246/.5)}"),
        ("readev", "theme/figma-tokens.json", '{"global": {"spacing": {"sm": {"value": "8", "type": "spacing"}}, "key-shadow": {"value": "0 1px 2px #0000001a", "type": "boxShadow"}}}'),
    ], False)
    c += family("editor themes with token colours", [
        ("read", "themes/dusk-color-theme.json", '{\n  "name": "Dusk",\n  "colors": { "editor.background": "#1e1e2e", "editorCursor.foreground": "#f5e0dc" },\n  "tokenColors": [\n    { "scope": "keyword", "settings": { "foreground": "#cba6f7" } },\n    { "scope": "string", "settings": { "foreground": "#a6e3a1", "fontStyle": "italic" } }\n  ]\n}'),
        ("readev", ".vscode/settings.json", '{\n  "editor.semanticTokenColorCustomizations": { "rules": { "variable.readonly": "#fab387" } },\n  "workbench.colorCustomizations": { "statusBar.background": "#313244" }\n}'),
        ("awrite", "colors/dusk.vim", "hi Normal guifg=#cdd6f4 guibg=#1e1e2e\nhi Keyword guifg=#cba6f7 gui=bold\nhi String guifg=#a6e3a1\nhi @token.secret guifg=#f38ba8"),
        ("out", "cat ~/.config/alacritty/alacritty.toml", "[colors.primary]\nbackground = \"#1e1e2e\"\nforeground = \"#cdd6f4\"\n\n[colors.normal]\nblack = \"#45475a\"\nred = \"#f38ba8\""),
        ("cmd", "bat --list-themes | head -3; bat --theme=Nord --style=plain src/token.rs | head -2", "1337\nColdark-Cold\nCoda\npub struct Token { kind: TokenKind, span: Span }\nimpl Token {"),
        ("write", "lua/theme/palette.lua", "return {\n  rosewater = '#f5e0dc', flamingo = '#f2cdcd', mauve = '#cba6f7',\n  -- semantic token overrides\n  ['@lsp.type.parameter'] = { fg = '#eba0ac' },\n}"),
        ("readev", "kitty/theme.conf", "foreground #cdd6f4\nbackground #1e1e2e\nselection_foreground #1e1e2e\ncolor1 #f38ba8\ncolor9 #f38ba8"),
        ("prompt", "in my theme the tokenColors for 'entity.name.function' should be #89b4fa and for 'variable.other.constant' #fab387, please edit it"),
        ("out", "cat .config/helix/themes/dusk.toml", '"ui.background" = { bg = "#1e1e2e" }\n"keyword" = { fg = "#cba6f7", modifiers = ["bold"] }\n"constant.builtin" = "#fab387"'),
    ], False)
    c += family("icon fonts and svg sprites", [
        ("read", "src/icons/key.svg", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><title>key</title><path d="M7 14a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm5.65-4H21v4h-2v3h-3v-3h-3.35A6 6 0 1 1 12.65 10Z"/></svg>'),
        ("readev", "public/sprite.svg", '<symbol id="icon-lock" viewBox="0 0 16 16"><path d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H3.75A1.75 1.75 0 0 0 2 8.75v5.5C2 15.22 2.78 16 3.75 16h8.5A1.75 1.75 0 0 0 14 14.25v-5.5A1.75 1.75 0 0 0 12.25 7H11.5V4.5A3.5 3.5 0 0 0 8 1Z"/></symbol>'),
        ("write", "src/icons/index.ts", "export const icons = {\n  password: 'M12 17a2 2 0 100-4 2 2 0 000 4zm6-9h-1V6A5 5 0 007 6v2H6a2 2 0 00-2 2v10h16V10a2 2 0 00-2-2z',\n  token: 'M4 4h16v16H4z',\n};"),
        ("out", "fc-query fonts/icons.woff2 | grep -E 'family|charset' | head -3", '\tfamily: "acme-icons"(s)\n\tcharset:\n\t\te000-e03f'),
        ("cmd", "cat src/fonts/icons.css | grep -A1 'icon-key'", '.icon-key:before {\n  content: "\\e91a";\n}'),
        ("read", "assets/fingerprint.svg", '<svg viewBox="0 0 32 32"><path fill="none" stroke="#334155" stroke-width="2" d="M16 4c-6.6 0-12 5.4-12 12M8.5 26.5C7 24 6 20.9 6 17.5 6 12 10.5 7.5 16 7.5S26 12 26 17.5"/></svg>'),
        ("prompt", "replace the padlock path with this one from heroicons: M16.5 10.5V6.75a4.5 4.5 0 1 0-9 0v3.75m-.75 11.25h10.5a2.25 2.25 0 0 0 2.25-2.25v-6.75a2.25 2.25 0 0 0-2.25-2.25H6.75a2.25 2.25 0 0 0-2.25 2.25v6.75a2.25 2.25 0 0 0 2.25 2.25Z"),
        ("out", "cat icons/selection.json | jq '.icons[0].properties'", '{\n  "name": "key-rotate",\n  "code": 59674,\n  "ligatures": "key, rotate",\n  "id": 12\n}'),
    ], False)
    c += family("package recipe checksums", [
        ("write", "Formula/tokenctl.rb", 'class Tokenctl < Formula\n  desc "Manage API tokens from the command line"\n  url "https://github.com/acme/tokenctl/archive/refs/tags/v1.4.0.tar.gz"\n  sha256 "«nsha:64»"\n  license "MIT"\nend'),
        ("readev", "PKGBUILD", "pkgname=pass-otp\npkgver=1.2.0\nsource=(\"https://github.com/tadfisher/pass-otp/releases/download/v$pkgver/$pkgname-$pkgver.tar.gz\"{,.asc})\nsha256sums=('«nsha:64»'\n            'SKIP')\nvalidpgpkeys=('«nupper:40»')"),
        ("out", "cat Manifest", "DIST keepassxc-2.7.9-src.tar.xz 9150432 BLAKE2B «nsha:64»«nsha:64/2» SHA512 «nsha:64/3»«nsha:64/4»"),
        ("awrite", "nix/pkgs/vault-cli.nix", 'buildGoModule rec {\n  pname = "vault-cli";\n  version = "0.9.2";\n  src = fetchFromGitHub { owner = "acme"; repo = pname; rev = "v${version}"; hash = "sha256-«nb64:43»="; };\n  vendorHash = "sha256-«nb64:43/2»=";\n}'),
        ("read", "scoop/bucket/passwordgen.json", '{\n  "version": "3.1.0",\n  "url": "https://github.com/acme/passwordgen/releases/download/v3.1.0/passwordgen-win64.zip",\n  "hash": "«nsha:64»"\n}'),
        ("cmd", "b3sum dist/*", "«nsha:64»  dist/secretsync-linux-amd64\n«nsha:64/2»  dist/secretsync-darwin-arm64"),
        ("out", "cat choco/tools/chocolateyinstall.ps1 | grep checksum", "  checksum64     = '«nupper:64»'\n  checksumType64 = 'sha256'"),
        ("readev", "spack/packages/libsecret/package.py", 'class Libsecret(AutotoolsPackage):\n    version("0.21.4", sha256="«nsha:64»")\n    version("0.20.5", sha256="«nsha:64/2»")'),
        ("cmd", "rpm -qp --qf '%{SHA256HEADER}\\n' keyring-24.3.1.rpm", "«nsha:64»"),
    ], False)
    c += family("smaller clouds' key listings", [
        ("out", "hcloud ssh-key list", "ID         NAME          FINGERPRINT                                       AGE\n«nint:8»   ana@laptop    «nhex:2»:3f:9a:11:7c:d2:04:88:ab:0e:91:5c:23:67:f0:1d   2y\n«nint:8/2» ci-deploy     8e:a2:c9:14:2e:b3:17:ee:76:3c:44:9f:a1:02:6b:d9   41d"),
        ("cmd", "doctl compute ssh-key list", "ID          Name        FingerPrint\n«nint:8»    deploy      «nhex:2»:4c:92:6f:e0:31:bb:58:27:de:49:a6:13:f0:8d:75"),
        ("out", "oci iam api-key list --user-id ocid1.user.oc1..«nb64u:60»", '{\n  "data": [{\n    "fingerprint": "«nhex:2»:1f:8e:22:9b:51:0a:7d:e3:64:f9:18:b2:c0:3e:77",\n    "key-id": "ocid1.tenancy.oc1..aaaa/ocid1.user.oc1..aaaa/«nhex:2»:1f:8e",\n    "lifecycle-state": "ACTIVE"\n  }]\n}'),
        ("cmd", "linode-cli sshkeys list --text", "id\tlabel\tcreated\n«nint:6»\tci\t2026-01-02T10:00:00"),
        ("out", "scw iam api-key list", "ACCESS KEY            DESCRIPTION   CREATED AT      EXPIRES AT  BEARER TYPE\nSCW«nupper:17»  terraform     3 months ago    -           application"),
        ("cmd", "vultr-cli ssh-key list", "ID                                      DATE CREATED                NAME\n«nuuid»    2026-03-04T11:20:00+00:00   laptop"),
        ("out", "exo iam api-key list", "┼──────────────────────────┼──────────────┼\n│           KEY            │     NAME     │\n┼──────────────────────────┼──────────────┼\n│ EXO«nhex:24» │ ci-readonly  │"),
        ("prompt", "which of these hetzner ssh keys is unused? «nint:8» (ana@laptop) or «nint:8/2» (old-ci); the fingerprints are in the console"),
        ("cmd", "ovhcloud account api list", "┌───────────────────────┬──────────────┬────────┐\n│ applicationKey        │ description  │ status │\n├───────────────────────┼──────────────┼────────┤\n│ «nhex:16»      │ terraform    │ active │"),
    ], False)
    return c


def negatives_six() -> list:
    c = []
    c += family("test names mentioning credentials", [
        ("out", "pytest tests/auth -q -rA | tail -6", "PASSED tests/auth/test_tokens.py::test_refresh_token_rotates\nPASSED tests/auth/test_tokens.py::test_expired_access_token_is_rejected\nPASSED tests/auth/test_password.py::test_password_hash_upgrade_from_bcrypt\nFAILED tests/auth/test_apikey.py::test_api_key_prefix_shown_once\n4 passed, 1 failed in 2.31s"),
        ("cmd", "npx jest src/auth", " PASS  src/auth/password.test.ts\n  ✓ rejects a password shorter than 12 characters (3 ms)\n  ✓ accepts a passphrase of four words (1 ms)\n PASS  src/auth/token.test.ts\n  ✓ signs a token with the current key id (5 ms)"),
        ("out", "cargo test -p secrets", "running 3 tests\ntest vault::tests::reads_secret_from_mount ... ok\ntest keyring::tests::stores_password_in_keychain ... ok\ntest token::tests::constant_time_compare ... ok\n\ntest result: ok. 3 passed; 0 failed"),
        ("readev", "test-results/junit.xml", '<testsuite name="AuthTests" tests="3" failures="0">\n  <testcase classname="AuthTests" name="testLoginWithWrongPasswordFails" time="0.041"/>\n  <testcase classname="AuthTests" name="testApiKeyHeaderIsRequired" time="0.012"/>\n</testsuite>'),
        ("cmd", "go test ./... -run 'Secret|Token' -v 2>&1 | grep -E '^(---|ok)'", "--- PASS: TestSecretRedaction (0.00s)\n--- PASS: TestTokenExpiry (0.01s)\n--- PASS: TestTokenRefreshRace (0.12s)\nok  \tgithub.com/acme/auth\t0.214s"),
        ("out", "mix test --trace test/accounts", "AccountsTest [test/accounts_test.exs]\n  * test reset_password/2 with a valid token updates the password (12.1ms)\n  * test generate_api_key/1 stores only the hash (3.4ms)"),
        ("prompt", "test_password_reset_token_single_use is flaky on CI (3 of 20 runs) — look at the fixture ordering"),
        ("cmd", "dotnet test --logger 'console;verbosity=normal' | grep Passed", "  Passed Auth.Tests.KeyVaultSecretProviderTests.ReturnsCachedSecret [12 ms]\n  Passed Auth.Tests.JwtTests.RejectsTokenSignedWithOldKey [8 ms]"),
        ("out", "bundle exec rspec spec/requests/api_keys_spec.rb --format documentation", "API keys\n  POST /api_keys\n    returns the key once\n    stores a digest, not the key\n  DELETE /api_keys/:id\n    revokes the key\n\nFinished in 0.412 seconds\n3 examples, 0 failures"),
    ], False)
    c += family("startup logs reporting secrets without values", [
        ("out", "docker compose logs api | head -4", "api-1  | INFO  config: DATABASE_URL set (postgres, host=pg)\napi-1  | INFO  config: STRIPE_SECRET_KEY set (len=107)\napi-1  | WARN  config: SENTRY_DSN not set, error reporting disabled\napi-1  | INFO  listening on :8080"),
        ("cmd", "journalctl -u vault-agent --since -5m --no-pager", "Nov 30 04:00:01 app01 vault-agent[311]: [INFO]  agent.auth.handler: authentication successful, sending token to sinks\nNov 30 04:00:01 app01 vault-agent[311]: [INFO]  agent.sink.file: token written: path=/run/vault/token\nNov 30 04:00:02 app01 vault-agent[311]: [INFO]  agent: (runner) rendered \"/etc/app/db.env\""),
        ("out", "kubectl logs deploy/api --tail 3", "2026-11-30T04:00:03Z secrets: loaded 6 secrets from /var/run/secrets/app (db_password, jwt_key, ...)\n2026-11-30T04:00:03Z auth: signing key kid=2026-11 loaded\n2026-11-30T04:00:04Z ready"),
        ("readev", "logs/boot.log", "[boot] reading password from file /run/secrets/pg_password\n[boot] api token: <from env API_TOKEN>\n[boot] tls key: /etc/ssl/private/api.key (mode 0600)"),
        ("cmd", "systemctl status app --no-pager | tail -3", "Nov 30 04:01:00 app01 app[912]: credentials: using instance profile role/app-prod\nNov 30 04:01:00 app01 app[912]: smtp: password missing, falling back to sendmail\nNov 30 04:01:01 app01 app[912]: started in 812ms"),
        ("out", "npm run dev", "> web@0.1.0 dev\n> next dev\n\n  ▲ Next.js 15.0.3\n  - Local:        http://localhost:3000\n  - Environments: .env.local\n\n ✓ Ready in 1.4s\n  NEXTAUTH_SECRET is set; GITHUB_ID is set; GITHUB_SECRET is set"),
        ("prompt", "the log says `auth: token present=true len=40 prefix=ghp_` — is the prefix enough to tell which token it is?"),
        ("cmd", "tail -2 /var/log/pgbouncer/pgbouncer.log", "2026-11-30 04:02:11.001 UTC [811] LOG C-0x55d: app/app@10.0.1.12:51234 login attempt: db=app user=app tls=TLSv1.3 auth=scram-sha-256\n2026-11-30 04:02:11.010 UTC [811] LOG C-0x55d: app/app@10.0.1.12:51234 password authentication succeeded"),
        ("out", "flask run", " * Serving Flask app 'app'\n * Debug mode: off\nWARNING: SECRET_KEY is the default value; set FLASK_SECRET_KEY in production\n * Running on http://127.0.0.1:5000"),
    ], False)
    c += family("questions about auth in many languages", [
        ("prompt", "Warum schlägt die Anmeldung mit dem API-Token fehl, obwohl der Schlüssel im Tresor liegt? Zeig mir, wo der Code ihn liest."),
        ("prompt", "pourquoi le jeton d'accès expire-t-il au bout de 5 minutes ? je croyais que c'était une heure"),
        ("prompt", "¿dónde se guarda la contraseña del usuario? no quiero que quede en los logs"),
        ("prompt", "パスワードのハッシュ化は bcrypt から argon2 に移行すべきですか?"),
        ("prompt", "토큰 갱신 로직이 두 번 실행되는 것 같아요. 원인 좀 찾아줄래요?"),
        ("prompt", "为什么密钥轮换之后旧的令牌还能用?检查一下缓存"),
        ("prompt", "почему пароль не проходит проверку, хотя я ввёл его правильно? посмотри валидатор"),
        ("prompt", "o token de acesso deveria ser invalidado no logout, mas continua funcionando. pode verificar?"),
        ("prompt", "kenapa kunci API tidak terbaca dari file .env? sudah saya cek namanya sama"),
        ("prompt", "czy hasło powinno być przechowywane w sesji? wydaje mi się, że to zły pomysł"),
        ("prompt", "بعد تغيير كلمة المرور لا يزال المستخدم مسجلاً الدخول على الأجهزة الأخرى، كيف نُبطل الجلسات؟"),
    ], False)
    c += family("unauthorized responses and challenges", [
        ("out", "curl -si https://legacy.acme.io/admin", 'HTTP/1.1 401 Unauthorized\nWWW-Authenticate: Digest realm="admin@legacy", qop="auth,auth-int", nonce="«nhex:32»", opaque="«nhex:32/2»", algorithm=SHA-256\nContent-Length: 0'),
        ("cmd", "curl -si -H 'Authorization: Bearer expired' https://api.acme.io/v1/me", 'HTTP/2 401\nwww-authenticate: Bearer realm="api", error="invalid_token", error_description="The access token expired"\ncontent-type: application/json\n\n{"error":"invalid_token"}'),
        ("readev", "logs/sip.log", 'SIP/2.0 401 Unauthorized\nVia: SIP/2.0/UDP 10.0.0.5:5060;branch=z9hG4bK«nhex:10»\nWWW-Authenticate: Digest realm="asterisk", nonce="«nhex:8»", algorithm=MD5\nCall-ID: «nhex:32»@10.0.0.5'),
        ("out", "http --print=hb POST :8000/api/token username=ana", 'HTTP/1.1 400 Bad Request\nContent-Type: application/json\n\n{"error": "invalid_request", "error_description": "password is required"}'),
        ("cmd", "curl -si https://registry.acme.io/v2/", 'HTTP/1.1 401 Unauthorized\nDocker-Distribution-Api-Version: registry/2.0\nWww-Authenticate: Bearer realm="https://auth.acme.io/token",service="registry.acme.io"'),
        ("prompt", "the proxy answers 407 with Proxy-Authenticate: NTLM and then a long TlRMTVNTUAACAAAA... challenge; does that mean my password is wrong or that NTLM is not configured?"),
        ("out", "grpcurl -plaintext localhost:50051 acme.v1.Keys/List", "ERROR:\n  Code: Unauthenticated\n  Message: missing authorization metadata (expected \"authorization: Bearer <token>\")"),
        ("readev", "har/login-failed.har", '{"response": {"status": 403, "headers": [{"name": "x-amzn-errortype", "value": "InvalidSignatureException"}], "content": {"text": "{\\"message\\":\\"The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.\\"}"}}}'),
        ("cmd", "ssh -v git@github.com 2>&1 | grep -E 'Authentications|Offering|denied'", "debug1: Authentications that can continue: publickey\ndebug1: Offering public key: /home/dev/.ssh/id_ed25519 ED25519 SHA256:«nb64:43» explicit\ngit@github.com: Permission denied (publickey)."),
    ], False)
    c += family("credential tables without credential values", [
        ("out", "psql -c 'select id, name, prefix, last4, created_at from api_keys limit 3'", " id |   name    | prefix  | last4 |     created_at\n----+-----------+---------+-------+---------------------\n 17 | ci        | ak_live | 9f2a  | 2026-11-01 10:00:00\n 18 | reporting | ak_live | 03bd  | 2026-11-12 08:30:00\n 19 | local     | ak_test | 77c1  | 2026-11-29 22:10:00"),
        ("cmd", "mysql -e 'select user, host, plugin, password_expired from mysql.user'", "user\thost\tplugin\tpassword_expired\napp\t%\tcaching_sha2_password\tN\nreport\t10.%\tcaching_sha2_password\tN\nroot\tlocalhost\tauth_socket\tN"),
        ("readev", "db/seeds/roles.sql", "INSERT INTO roles (id, name, can_read_secrets, can_rotate_keys) VALUES\n  (1, 'admin', true, true),\n  (2, 'auditor', true, false),\n  (3, 'viewer', false, false);"),
        ("out", "sqlite3 -header -column app.db 'select id, user_id, device, expires_at from refresh_tokens limit 2'", "id    user_id  device        expires_at\n----  -------  ------------  -------------------\n881   12       iPhone 15     2026-12-30 04:00:00\n882   44       Firefox/Linux 2026-12-29 10:11:00"),
        ("cmd", "psql -c '\\d+ oauth_clients'", "                 Table \"public.oauth_clients\"\n     Column      |  Type   | Nullable\n-----------------+---------+----------\n id              | uuid    | not null\n client_id       | text    | not null\n client_secret_hash | text | not null\n redirect_uris   | text[]  |"),
        ("prompt", "add a `password_changed_at` column to users and a `token_version` integer; bump token_version on every password change"),
        ("out", "rails runner 'pp ApiKey.last.attributes.except(\"digest\")'", '{"id"=>412,\n "name"=>"zapier",\n "prefix"=>"key_live",\n "last_used_at"=>Sat, 29 Nov 2026 23:10:00 UTC,\n "scopes"=>["orders:read"]}'),
        ("readev", "exports/secret_access_report.csv", "secret_name,reads_30d,last_reader,rotation_due\nprod/db/password,1204,svc-api,2026-12-15\nprod/stripe/key,88,svc-billing,2027-01-10"),
    ], False)
    c += family("service account token projections", [
        ("read", "k8s/deployment.yaml", "spec:\n  serviceAccountName: api\n  automountServiceAccountToken: false\n  volumes:\n    - name: token\n      projected:\n        sources:\n          - serviceAccountToken:\n              path: token\n              audience: vault\n              expirationSeconds: 3600"),
        ("out", "kubectl get sa api -o yaml", "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: api\n  namespace: prod\n  uid: «nuuid»\n  annotations:\n    eks.amazonaws.com/role-arn: arn:aws:iam::111122223333:role/api-prod"),
        ("cmd", "kubectl auth can-i get secrets --as system:serviceaccount:prod:api", "no"),
        ("readev", "k8s/rbac.yaml", "kind: Role\nrules:\n  - apiGroups: [\"\"]\n    resources: [\"secrets\"]\n    resourceNames: [\"api-db-password\"]\n    verbs: [\"get\"]"),
        ("out", "ls -l /var/run/secrets/kubernetes.io/serviceaccount/", "total 0\nlrwxrwxrwx 1 root root 13 Nov 30 04:00 ca.crt -> ..data/ca.crt\nlrwxrwxrwx 1 root root 16 Nov 30 04:00 namespace -> ..data/namespace\nlrwxrwxrwx 1 root root 12 Nov 30 04:00 token -> ..data/token"),
        ("prompt", "should the vault kubernetes auth role bind to service account `api` in namespace prod with token TTL 1h, or use the projected token with audience vault?"),
        ("write", "vault/k8s-role.hcl", 'path "auth/kubernetes/role/api" {\n  bound_service_account_names      = ["api"]\n  bound_service_account_namespaces = ["prod"]\n  token_policies                   = ["api-read"]\n  token_ttl                        = "1h"\n}'),
        ("cmd", "kubectl create token api --duration=10m --dry-run=client -o yaml | head -4", "apiVersion: authentication.k8s.io/v1\nkind: TokenRequest\nmetadata:\n  creationTimestamp: null"),
        ("out", "gcloud iam service-accounts describe api@acme-prod.iam.gserviceaccount.com", "displayName: api\nemail: api@acme-prod.iam.gserviceaccount.com\netag: MDEwMjE5MjA=\nname: projects/acme-prod/serviceAccounts/api@acme-prod.iam.gserviceaccount.com\noauth2ClientId: '«nint:21»'\nuniqueId: '«nint:21»'"),
    ], False)
    return c


def negatives_seven() -> list:
    c = []
    c += family("media ids and short links", [
        ("prompt", "embed the demo video (youtube id «nb64u:11») on the api keys page, and link the key-rotation docs at https://bit.ly/«nb64u:7»"),
        ("out", "yt-dlp --print id,title 'https://www.youtube.com/playlist?list=PL«nb64u:32»'", "«nb64u:11»\nRotating secrets without downtime\n«nb64u:11/2»\nPasskeys in 10 minutes"),
        ("readev", "content/posts/security.md", "---\ntitle: How we store passwords\ncover: https://i.imgur.com/«nb64u:7».png\nvideo: https://vimeo.com/«nint:9»\n---\n\nWe hash every password with argon2id."),
        ("awrite", "src/data/docs.ts", "export const SHEET_ID = '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms'; // public sample sheet\nexport const FIGMA_FILE_KEY = '«nb64u:22»';"),
        ("cmd", "gdown --id «nb64u:33» -O datasets/passwords-policy-survey.csv", "Downloading...\nFrom: https://drive.google.com/uc?id=«nb64u:33»\nTo: /home/dev/app/datasets/passwords-policy-survey.csv\n100%|██████████| 1.21M/1.21M"),
        ("out", "spotify-cli current --json", '{"track": {"id": "«nb64u:22»", "name": "Secret", "artist": "The Pierces", "uri": "spotify:track:«nb64u:22»"}}'),
        ("write", "README.md", "[![Watch the talk](https://img.youtube.com/vi/«nb64u:11»/0.jpg)](https://youtu.be/«nb64u:11»)\n\nSlides: https://speakerdeck.com/acme/«nhex:8»-token-binding"),
        ("prompt", "the loom recording of the bug is https://www.loom.com/share/«nhex:32» — it shows the password field losing focus"),
        ("cmd", "gh gist view «nhex:32» --files", "tokens-explained.md\npassword-hashing.md"),
    ], False)
    c += family("prng keys and seeds in ml code", [
        ("read", "train.py", "import jax\nkey = jax.random.PRNGKey(42)\nkey, subkey = jax.random.split(key)\nparams = model.init(subkey, jnp.ones((1, 28, 28, 1)))"),
        ("out", "python -c 'import jax; print(jax.random.split(jax.random.PRNGKey(0)))'", "[[4146024105  967050713]\n [2718843009 1272950319]]"),
        ("readev", "configs/experiment.yaml", "seed: 1337\nrandom_state: 42\ntokenizer: bert-base-uncased\nmax_tokens: 512\nshuffle_key: epoch"),
        ("cmd", "python -c 'import numpy as np; print(np.random.default_rng(12345).bit_generator.state)'", "{'bit_generator': 'PCG64', 'state': {'state': «nint:38», 'inc': «nint:38/2»}, 'has_uint32': 0, 'uinteger': 0}"),
        ("out", "wandb run summary", "run id: «nb64u:8»\nconfig.seed: 2026\nconfig.torch_generator_seed: 8812\nsummary.val_loss: 0.4121"),
        ("write", "src/hash_emb.py", "# a fixed hashing key so feature ids are stable across runs (not a secret)\nHASH_KEY = 0x9E3779B97F4A7C15\nSIPHASH_KEY = bytes(range(16))"),
        ("prompt", "why does PRNGKey(0) give different params on TPU and CPU? I thought the key fixes the randomness"),
        ("cmd", "python -c 'import torch; g = torch.Generator().manual_seed(7); print(g.initial_seed(), torch.randint(0, 10**9, (2,), generator=g))'", "7 tensor([501219742, 881024321])"),
        ("out", "mlflow runs describe --run-id «nhex:32»", '{"run_id": "«nhex:32»", "params": {"seed": "42", "learning_rate": "3e-4", "tokenizer": "sentencepiece"}, "status": "FINISHED"}'),
    ], False)
    c += family("keys that are not credentials", [
        ("read", "src/components/KeyList.tsx", "{keys.map((k) => (\n  <li key={k.id}>{k.name} <code>{k.prefix}…</code></li>\n))}"),
        ("cmd", "redis-cli --scan --pattern 'session:*' | head -3", "session:«nuuid»\nsession:«nuuid/2»\nsession:«nuuid/3»"),
        ("readev", "db/migrate/20261130_add_fk.rb", "add_foreign_key :api_keys, :users, column: :owner_id, primary_key: :id, on_delete: :cascade\nadd_index :api_keys, [:owner_id, :name], unique: true"),
        ("out", "aws s3api list-objects-v2 --bucket acme-exports --max-items 2 --query 'Contents[].[Key,ETag]' --output text", "exports/2026-11-29/passwords-audit.csv\t\"«nhex:32»\"\nexports/2026-11-30/token-usage.parquet\t\"«nhex:32/2»\""),
        ("prompt", "the i18n key auth.password.reset.title is missing in fr.json, and key auth.token.expired too"),
        ("awrite", "src/i18n/en.json", '{"auth.password.label": "Password", "auth.password.forgot": "Forgot your password?", "auth.apiKey.copy": "Copy key", "auth.secret.hint": "Shown once"}'),
        ("cmd", "etcdctl get --prefix --keys-only /registry/secrets/prod | head -3", "/registry/secrets/prod/api-db-password\n\n/registry/secrets/prod/default-token-«nb64u:5»"),
        ("write", "music/tracks.csv", "title,key,bpm\nSecret Garden,D minor,92\nPassword,A major,128\nToken of Love,F# minor,104"),
        ("out", "python -c 'import keyring; print(keyring.get_keyring())'", "keyring.backends.SecretService.Keyring (priority: 5)"),
        ("readev", "src/cache.go", 'func cacheKey(userID int64, scope string) string {\n\treturn fmt.Sprintf("tok:%d:%s", userID, scope)\n}\n// e.g. tok:812:orders.read'),
    ], False)
    c += family("lexer and llm token counts", [
        ("out", "cat usage.json", '{"model": "claude-sonnet-4-5", "usage": {"input_tokens": 18211, "output_tokens": 941, "cache_read_input_tokens": 120433, "cache_creation_input_tokens": 2048}}'),
        ("cmd", "python -c \"import tiktoken; e=tiktoken.get_encoding('o200k_base'); print(e.encode('password reset token'))\"", "[13586, 12553, 6602]"),
        ("readev", "src/lexer.rs", "#[derive(Debug, Clone, PartialEq)]\npub enum Token {\n    Ident(String),\n    Secret,   // the `secret` keyword of the config language\n    Password, // `password` in a connection block\n    Eof,\n}"),
        ("out", "clang -fsyntax-only -Xclang -dump-tokens auth.c 2>&1 | head -4", "identifier 'check_password'\t [StartOfLine]\tLoc=<auth.c:3:5>\nl_paren '('\t\tLoc=<auth.c:3:19>\nconst 'const'\t\tLoc=<auth.c:3:20>\nchar 'char'\t [LeadingSpace]\tLoc=<auth.c:3:26>"),
        ("prompt", "the request hit max_tokens=4096 and the reply was cut mid-sentence; raise it to 8192 and count tokens before sending"),
        ("cmd", "python -m tokenize src/settings.py | grep -E 'NAME.*(password|token)'", "3,0-3,8:            NAME           'password'\n4,0-4,5:            NAME           'token'"),
        ("out", "spacy tokenize 'Reset my password token'", "['Reset', 'my', 'password', 'token']"),
        ("readev", "logs/llm.jsonl", '{"ts":"2026-11-30T04:00:00Z","model":"gpt-4o-mini","prompt_tokens":812,"completion_tokens":131,"total_tokens":943,"request_id":"chatcmpl-«nb64u:29»"}'),
        ("write", "grammar/Config.g4", "PASSWORD : 'password' ;\nTOKEN    : 'token' ;\nSTRING   : '\"' (~[\"\\\\] | '\\\\' .)* '\"' ;"),
    ], False)
    c += family("everyday prose with secret words", [
        ("prompt", "write the release notes: the secret santa app now lets you pass on a gift, and the key change is that reminders go out a week earlier"),
        ("prompt", "recipe page copy: 'our secret ingredient is smoked paprika; pass the bread around and keep the key lime pie for last'"),
        ("readev", "content/blog/onboarding.md", "The key to a good first week is pairing. Nobody expects you to know every password policy or which token service does what; ask, it's no secret."),
        ("prompt", "translate to german: 'As a token of our appreciation, the team gets Friday off. Pass it on!'"),
        ("out", "fortune", "The secret of getting ahead is getting started.\n\t\t-- Mark Twain"),
        ("prompt", "escribe un poema corto sobre una llave perdida y una contraseña olvidada, en tono de humor"),
        ("readev", "docs/faq.md", "**Is my password stored?** No. We keep a salted hash only.\n\n**What is an API token?** A long random string you create in Settings → Tokens."),
        ("prompt", "the board game rules say: each player draws a secret objective card and places their token on the start square; key cards unlock doors"),
        ("awrite", "copy/landing.txt", "Passwords are out. Passkeys are in. Sign in with a tap — no secret to remember, nothing to type."),
    ], False)
    c += family("interactive prompts awaiting a password", [
        ("out", "ssh-add ~/.ssh/id_ed25519", "Enter passphrase for /home/dev/.ssh/id_ed25519: "),
        ("cmd", "sudo -k; sudo -S true < /dev/null", "[sudo] password for dev: \nsudo: no password was provided"),
        ("out", "psql -h db.internal -U app app", "Password for user app: \npsql: error: connection to server at \"db.internal\" (10.0.1.4), port 5432 failed: fe_sendauth: no password supplied"),
        ("cmd", "gpg --symmetric notes.txt", "gpg: problem with the agent: Inappropriate ioctl for device\ngpg: error creating passphrase: Operation cancelled\ngpg: symmetric encryption of 'notes.txt' failed: Operation cancelled"),
        ("out", "mysql -u root -p", "Enter password: \nERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: NO)"),
        ("cmd", "openssl rsa -in encrypted.key -check -noout", "Enter pass phrase for encrypted.key:\nCould not read private key from encrypted.key"),
        ("out", "git push", "Username for 'https://github.com': ana\nPassword for 'https://ana@github.com': \nremote: Support for password authentication was removed on August 13, 2021."),
        ("cmd", "keytool -list -keystore release.jks", "Enter keystore password:  \nkeytool error: java.io.IOException: keystore password was incorrect"),
        ("readev", "logs/expect.log", "spawn ssh admin@10.0.0.9\nadmin@10.0.0.9's password: \ntimeout waiting for password prompt answer"),
    ], False)
    c += family("remote urls without credentials", [
        ("out", "git remote -v", "origin\tgit@github.com:acme/secrets-sync.git (fetch)\norigin\tgit@github.com:acme/secrets-sync.git (push)\nupstream\thttps://github.com/vault-tools/secrets-sync.git (fetch)"),
        ("cmd", "cat .git/config | sed -n '/remote/,+3p'", "[remote \"origin\"]\n\turl = https://ana@dev.azure.com/acme/Platform/_git/token-service\n\tfetch = +refs/heads/*:refs/remotes/origin/*"),
        ("readev", ".gitmodules", '[submodule "vendor/password-strength"]\n\tpath = vendor/password-strength\n\turl = ssh://git@gitlab.acme.io:2222/libs/password-strength.git'),
        ("out", "pip config list", "global.index-url='https://pypi.acme.io/simple'\nglobal.trusted-host='pypi.acme.io'\nsite.extra-index-url='https://download.pytorch.org/whl/cu121'"),
        ("prompt", "clone ssh://ana@review.acme.io:29418/auth-gateway and check out the change with the new token validator"),
        ("cmd", "npm config get registry; cat .npmrc", "https://registry.npmjs.org/\n@acme:registry=https://npm.pkg.github.com\nalways-auth=true\n//npm.pkg.github.com/:_authToken=${NPM_TOKEN}"),
        ("write", "Dockerfile", "FROM python:3.12-slim\nRUN --mount=type=secret,id=pip_conf,target=/etc/pip.conf pip install -r requirements.txt\nRUN git clone https://github.com/acme/password-rules.git /opt/rules"),
        ("out", "rclone listremotes --long", "b2:      b2\ngdrive:  drive\nnas:     sftp"),
        ("readev", "mkdocs.yml", "repo_url: https://github.com/acme/secrets-handbook\nedit_uri: edit/main/docs/\nsite_url: https://handbook.acme.io/secrets/"),
    ], False)
    return c


def negatives() -> list:
    return (negatives_one() + negatives_two() + negatives_three() + negatives_four() + negatives_five()
            + negatives_six() + negatives_seven() + negatives_eight())


def cases() -> list:
    return positives() + negatives()


def negatives_eight() -> list:
    c = []
    c += family("edits moving values to references", [
        ("edit", "config/runtime.exs", 'password: "changeme-in-prod",', 'password: System.fetch_env!("DB_PASSWORD"),'),
        ("edit", "src/config.ts", "export const API_KEY = '<paste key>';", "export const API_KEY = process.env.API_KEY ?? '';"),
        ("edit", "docker-compose.yml", "      - DB_PASSWORD=example", "      - DB_PASSWORD_FILE=/run/secrets/db_password"),
        ("edit", "terraform/main.tf", '  password = "TODO"', "  password = random_password.db.result"),
        ("edit", "k8s/deployment.yaml", "          value: REPLACE_ME", "          valueFrom:\n            secretKeyRef: { name: api, key: token }"),
        ("edit", "settings.py", "SECRET_KEY = 'dev'", "SECRET_KEY = env('DJANGO_SECRET_KEY')"),
        ("edit", ".github/workflows/release.yml", "          NPM_TOKEN: xxx", "          NPM_TOKEN: ${{ secrets.NPM_TOKEN }}"),
        ("edit", "ansible/group_vars/prod.yml", "db_password: placeholder", "db_password: \"{{ vault_db_password }}\""),
        ("edit", "package-lock.json", '"integrity": "sha512-«nb64:86»=="', '"integrity": "sha512-«nb64:86/2»=="'),
        ("edit", "infra/main.bicep", "param adminPassword string = ''", "@secure()\nparam adminPassword string"),
        ("edit", "src/main/resources/application.yml", "    password: secret", "    password: ${DB_PASSWORD}"),
    ], False)
    c += family("commands that fetch a secret without printing it", [
        ("abash", "export DB_PASSWORD=$(vault kv get -field=password kv/prod/db) && ./migrate.sh"),
        ("abash", "aws secretsmanager get-secret-value --secret-id prod/api/token --query SecretString --output text > /run/app/token && chmod 600 /run/app/token"),
        ("abash", "op run --env-file=.env.tpl -- npm run start"),
        ("abash", "gh secret set NPM_TOKEN --repo acme/web < ~/.secrets/npm_token"),
        ("abash", "kubectl create secret generic api-db --from-file=password=./db_password.txt --dry-run=client -o yaml | kubeseal > sealed.yaml"),
        ("abash", "PGPASSWORD=\"$(pass show db/prod)\" psql -h db.internal -U app -c 'select 1'"),
        ("abash", "gcloud secrets versions access latest --secret=stripe-key | docker secret create stripe_key -"),
        ("abash", "sops -d secrets/prod.enc.yaml | yq '.db.password' | wc -c"),
        ("abash", "doppler run --project api --config prd -- ./bin/server"),
        ("abash", "security find-generic-password -s 'deploy-token' -w | pbcopy"),
        ("abash", "az keyvault secret download --vault-name kv-prod --name tls-key --file /tmp/tls.key && openssl rsa -in /tmp/tls.key -check -noout"),
    ], False)
    return c
