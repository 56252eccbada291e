"""More of the dev part (tests/privacy_eval/dev.py): a FOURTEENTH batch, in programming and
config languages no file of tests/privacy_eval/ named as a family before it: Smalltalk, Prolog,
Common Lisp, Racket, Pascal/Delphi, VB.NET, ABAP, PL/SQL, SAS, Stata, AutoHotkey, Solidity,
Verilog parameters, Groovy DSLs (Grails, Spock), Odin, V, Raku, Eiffel, Haxe, Ballerina,
ColdFusion, Vala and Xojo.  Each secret is assigned or bound in its language's own syntax (a
name that holds a secret's word, then the language's operator of binding, a call's argument, a
`MOVE`-like form), in the carriers Claude Code sends (a Write's input, cat's output, a Read's
numbered lines, a Bash command).  Negatives of the same languages follow: a secret's name
bound to an environment read, a vault call, a placeholder, a hash or an id beside a secret's
word, a type declaration.

Measured once before any change for it (bench_privacy's dev per family, 2026-11-30, main at
94b69a1): 249 cases, 159 with secrets in 19 families (53 as Claude Code sends them), 90
negatives: **81.8 % caught (130/159)**, 75.5 % (40/53) of the realistic ones; 8 false redactions
of 162 (a SAS macro reference `&db_password`, Raku's `%*ENV<DB_PASSWORD>`, Stata's `env`).  By
family: ABAP 2/9, PL/SQL 2/9, Prolog 3/9, Common Lisp 4/9, Odin and V 10/12, Haxe and Ballerina
7/9, the other 13 all.  After the finder of a secret's name and the nearest literal after it on
its line (store/privacy/evidence_lines.py): **89.9 % (143/159)**, the same 8 false; left: values
of a dotted shape (`ember.Vault27` reads as a name of code), a positional password with no
secret word on its line, a wallet's password (`set_wallet`).

The filter may be tuned on these cases, as on the rest of dev; values are made at run time, so
secret scanners do not flag this file."""

from __future__ import annotations

from tests.privacy_eval import Batch, Case, bash_event, gen, result_line, sha, uuid_of
from tests.privacy_eval.dev_unwritten6 import cat, read_result, write

HUMAN = ["Quokka!Dune83", "ember.Vault27", "Rook#Meadow54", "tidal^Prism9", "Falcon-Moss61", "Onyx*Grove35",
         "juniper_Kite4", "Cobalt$Fern72"]  # fmt: skip

BATCH = Batch("unw14", tuple(HUMAN), lambda i: 18 + (i % 4) * 4)
_family = BATCH.family


def _bash(text: str, seed: str) -> dict:
    return bash_event(f"cat > /tmp/snippet <<'EOF'\n{text}\nEOF", "", seed)


def functional() -> list:
    c = []
    c += _family("fourteen: smalltalk", [
        "| dbPassword |\ndbPassword := '{v}'.\nconn := PGConnection new password: dbPassword.",
        "Settings at: #apiToken put: '{v}'.",
        "conn := (MongoClient host: 'db') authenticate: 'app' password: '{v}'.",
    ], realistic=write("/home/dev/app/src/Config.st"))  # fmt: skip
    c += _family("fourteen: prolog", [
        "db_password('{v}').\napi_host('api.example.org').",
        "config(secret_key, \"{v}\").",
        ":- set_setting(app:smtp_password, '{v}').",
    ], realistic=cat("config/settings.pl"))  # fmt: skip
    c += _family("fourteen: common lisp", [
        "(defparameter *db-password* \"{v}\")",
        "(setf (gethash :api-secret *config*) \"{v}\")",
        "(postmodern:connect-toplevel \"app\" \"app\" \"{v}\" \"db.internal\")",
    ], realistic=write("/home/dev/app/src/config.lisp"))  # fmt: skip
    c += _family("fourteen: racket", [
        "(define api-token \"{v}\")",
        "(define conn (postgresql-connect #:user \"app\" #:database \"app\" #:password \"{v}\"))",
    ], realistic=read_result)  # fmt: skip
    c += _family("fourteen: raku", [
        "my $db-password = '{v}';",
        "my %conf = api-secret => '{v}', host => 'api.example.org';",
    ], realistic=_bash)  # fmt: skip
    c += _family("fourteen: janet and fennel", [
        "(def smtp-password \"{v}\")",
        "(local auth-token \"{v}\")",
    ], realistic=cat("src/conf.fnl"))  # fmt: skip
    return c


def imperative() -> list:
    c = []
    c += _family("fourteen: pascal and delphi", [
        "const\n  DbPassword = '{v}';\n  DbHost = 'db.internal';",
        "FDConnection1.Params.Values['Password'] := '{v}';",
        "  SMTP.Password := '{v}';\n  SMTP.Username := 'mailer';",
    ], realistic=write("/home/dev/app/src/Settings.pas"))  # fmt: skip
    c += _family("fourteen: vb.net and xojo", [
        "Private Const ApiSecret As String = \"{v}\"",
        "Dim smtpPassword As String = \"{v}\"",
        "client.Credentials = New NetworkCredential(\"mailer\", \"{v}\")",
        "db.Password = \"{v}\"\ndb.UserName = \"app\"",
    ], realistic=cat("Module1.vb"))  # fmt: skip
    c += _family("fourteen: abap", [
        "CONSTANTS lc_password TYPE string VALUE '{v}'.",
        "DATA(lv_api_key) = `{v}`.",
        "MOVE '{v}' TO ls_logon-password.",
    ], realistic=write("/home/dev/abap/zcl_http_client.abap"))  # fmt: skip
    c += _family("fourteen: pl/sql", [
        "  l_wallet_pwd VARCHAR2(64) := '{v}';",
        "  apex_web_service.g_request_headers(1).value := 'Bearer {v}';",
        "utl_http.set_wallet('file:/u01/wallet', '{v}');",
    ], realistic=cat("sql/pkg_http.pkb"))  # fmt: skip
    c += _family("fourteen: sas and stata", [
        "%let db_password = {v};\nlibname pg postgres server=db user=app password=&db_password;",
        "local api_token \"{v}\"",
        "global smtp_pass \"{v}\"",
    ], realistic=read_result)  # fmt: skip
    c += _family("fourteen: autohotkey", [
        "ApiKey := \"{v}\"\nHttp.SetRequestHeader(\"X-Api-Key\", ApiKey)",
        "global VaultPassword := \"{v}\"",
    ], realistic=write("/home/dev/scripts/login.ahk"))  # fmt: skip
    c += _family("fourteen: eiffel and vala", [
        "feature\n\tdb_password: STRING = \"{v}\"",
        "const string API_SECRET = \"{v}\";",
        "private string auth_token = \"{v}\";",
    ], realistic=cat("src/config.e"))  # fmt: skip
    c += _family("fourteen: coldfusion", [
        "<cfset application.dbPassword = \"{v}\">",
        "<cfset variables.apiSecret = \"{v}\" />",
        "this.datasources[\"app\"] = {class: \"org.postgresql.Driver\", username: \"app\", password: \"{v}\"};",
    ], realistic=write("/home/dev/app/Application.cfc"))  # fmt: skip
    return c


def systems() -> list:
    c = []
    c += _family("fourteen: solidity", [
        "bytes32 private constant ADMIN_SECRET = \"{v}\";",
        "string internal apiKey = \"{v}\";",
    ], realistic=write("/home/dev/contracts/Oracle.sol"))  # fmt: skip
    c += _family("fourteen: verilog and systemverilog", [
        "parameter UNLOCK_PASSWORD = \"{v}\";",
        "localparam string JTAG_SECRET = \"{v}\";",
    ], realistic=cat("rtl/debug_unlock.sv"))  # fmt: skip
    c += _family("fourteen: odin and v", [
        "DB_PASSWORD :: \"{v}\"",
        "api_secret := \"{v}\"",
        "const smtp_password = '{v}'",
        "mut auth_token := '{v}'",
    ], realistic=write("/home/dev/app/src/config.odin"))  # fmt: skip
    c += _family("fourteen: haxe and ballerina", [
        "static inline var API_SECRET:String = \"{v}\";",
        "configurable string dbPassword = \"{v}\";",
        "final http:Client cl = check new (\"https://api.example.org\", auth = {token: \"{v}\"});",
    ], realistic=read_result)  # fmt: skip
    c += _family("fourteen: groovy dsls", [
        "dataSource {\n    username = 'app'\n    password = '{v}'\n}",
        "environments {\n  production {\n    grails.mail.password = \"{v}\"\n  }\n}",
        "def apiToken = '{v}'\ndef client = new RESTClient(base, apiToken)",
    ], realistic=cat("grails-app/conf/application.groovy"))  # fmt: skip
    return c


def positives() -> list:
    return functional() + imperative() + systems()


def _neg() -> list:
    h = sha("unw14h", 64)
    return [
        "dbPassword := Smalltalk os environment at: 'DB_PASSWORD'.",
        "Settings at: #apiToken put: (Vault read: 'secret/app/api_token').",
        "db_password(P) :- getenv('DB_PASSWORD', P).",
        "config(secret_key, env('SECRET_KEY')).",
        "(defparameter *db-password* (uiop:getenv \"DB_PASSWORD\"))",
        "(define api-token (getenv \"API_TOKEN\"))",
        "my $db-password = %*ENV<DB_PASSWORD>;",
        "(def smtp-password (os/getenv \"SMTP_PASSWORD\"))",
        "  DbPassword: string;\n  ApiToken: String;",
        "FDConnection1.Params.Values['Password'] := GetEnvironmentVariable('DB_PASSWORD');",
        "Private Const ApiSecretName As String = \"ApiSecret\"",
        "Dim smtpPassword As String = Environment.GetEnvironmentVariable(\"SMTP_PASSWORD\")",
        "Public Property Password As String",
        "DATA lv_password TYPE string.",
        "DATA(lv_api_key) = zcl_secret_store=>get( 'API_KEY' ).",
        "MOVE space TO ls_logon-password.",
        "  l_wallet_pwd VARCHAR2(64);",
        "  l_token := apex_credential.get_token('OAUTH_CLIENT');",
        "%let db_password = %sysget(DB_PASSWORD);",
        "local api_token : env API_TOKEN",
        "EnvGet, ApiKey, API_KEY",
        "feature\n\tdb_password: STRING\n\t\t\t-- read from the vault at start",
        "const string API_SECRET_ENV = \"API_SECRET\";",
        "<cfset application.dbPassword = server.system.environment.DB_PASSWORD>",
        "bytes32 public constant PASSWORD_HASH = 0x" + h + ";",
        "mapping(address => bytes32) private secretHashes;",
        "parameter PASSWORD_WIDTH = 32;",
        "localparam SECRET_ADDR = 32'h4000_1000;",
        "DB_PASSWORD :: #config(DB_PASSWORD, \"\")",
        "api_secret := os.getenv('API_SECRET')",
        "static var API_SECRET:String = Sys.getEnv(\"API_SECRET\");",
        "configurable string dbPassword = ?;",
        "password = System.getenv('DB_PASSWORD')",
        "grails.mail.password = \"${System.env.MAIL_PASSWORD}\"",
        "def apiToken = credentials('api-token-id')",
        "secret_key_sha256 := '" + sha("unw14s", 64) + "'",
        "token_id = \"" + uuid_of("unw14t") + "\"",
        "password_version := 'v2.4.1'",
        "api_key_name := 'prod-payments-key'",
        "(defparameter *password-min-length* 12)",
        "Dim tokenExpiry As DateTime = DateTime.UtcNow.AddHours(1)",
        "const string SECRET_PLACEHOLDER = \"<your-secret-here>\";",
        "smtp_password := 'changeme'",
        "auth_token_url := 'https://auth.example.org/oauth/token'",
        "api_key_header := 'X-Api-Key'",
        "localparam string JTAG_SECRET_FILE = \"keys/jtag.bin\";",
        "db_password_path := '/run/secrets/db_password'",
        "secret_arn := 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:app/db'",
        "(define password-hash \"$2b$12$" + gen("unw14b", 53, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789./") + "\")",
        "token_type := 'Bearer'",
        "MOVE 'PASSWORD' TO lv_fieldname.",
        "<cfparam name=\"form.password\" default=\"\">",
        "password_reset_commit := '" + sha("unw14c", 40) + "'",
        "api_secret_id := 'kv-" + gen("unw14k", 8, "0123456789abcdef") + "'",
        "string private constant TOKEN_SYMBOL = \"USDC\";",
        "my $password-prompt = 'Enter password: ';",
        "Dim passwordField As TextBox = Me.PasswordTextBox",
        "(setf (gethash :api-secret *config*) (vault-read \"kv/app\" \"api_secret\"))",
        "vault_token := vault.token_from_file('~/.vault-token')",
        "grails.plugin.springsecurity.password.algorithm = 'bcrypt'",
    ]


def negatives() -> list:
    c = []
    for i, text in enumerate(_neg()):
        c.append(Case("fourteen negatives", text))
        if i % 2 == 0:
            c.append(Case("fourteen negatives", result_line(f"unw14n{i}", text), realistic=True))
    return c


def cases() -> list:
    return positives() + negatives()
