"""The privacy filter's rules, as data: what a secret looks like (the engine is store/privacy.py).

Four rules find a secret by what it is, wherever it is written:

1. NAME: a value assigned to a name that says secret (``DB_PASS=…``, ``"auth": "…"``,
   ``client-key-data:``, ``--api-token …``, ``let client_secret: &str = "…"``).  The name is
   split into words (snake, kebab, camel case); SECRET_WORDS says which words are secrets and
   how sure that makes us; a word before it from NOT_BEFORE, or after it outside AFTER_OK,
   makes the name about the secret, not the secret (``is_password``, ``token_type``,
   ``password_hash``).
2. POSITION: the argument a command-line tool takes a password in (COMMAND_LINE), and the
   other places a secret stands by position (``user:password@host``, ``sudo -S <<< …``, the
   second argument of ``HTTPBasicAuth(…)``): the POSITION rules in TOKEN_RULES.
3. PREFIX: a provider's own token prefix (PROVIDERS, after gitleaks' default rules).
4. ENTROPY: a long random-looking value next to a secret word; ENTROPY_* below.

Each `Rule` holds a kind (the name in ``[REDACTED:<kind>]``), the anchors a text must hold
(lowercased) for the rule to be tried at all, the pattern and its flags, side by side.
Imported on the hook path: only ``re`` (for flags); nothing is compiled here.
"""
from __future__ import annotations

import re


class Rule:
    """One secret shape: `kind`, `anchors` (lowercase text it cannot match without), `pattern`,
    `flags`.  A pattern with a group named ``v`` redacts only that group; with `judge`, only
    when the value passes it (values.JUDGES, each given the value and its place: the text and
    where the value starts): "credential" (not a plain word, number or path), "random" (the
    entropy rule's test), "url_user" (a URL's user that is a token), "key_body" (a block read from the line above it too).  With `near` (a regular expression), the pattern is tried only
    on the lines where `near` is found: for a one-line shape whose anchor is common (`:`), so
    1 MB of output is not scanned at every position.

    With `starts` ((literal, offset) pairs), the pattern is tried only where a match can start:
    `offset` characters from where `literal` (lowercase) stands, or at the start of its line
    when `offset` is None.  Every match of the pattern must start so (the literal is part of
    its text at that place): then the finds are those of a scan of the whole text, at the cost
    of the places the literals are found.  With `seek` (a regular expression that starts with
    a literal, so the engine skips to it), the pattern is tried at the start of the text and
    where each `seek` match ends.

    With `min_run`, every match holds a run of at least that many anchors.RUN_CHARS: the
    rule is not tried on a text without one (most texts with a line break have none).

    With `reach` ((literal, n), with `starts`), every match holds `literal` (lowercase) starting
    1 to n characters after its start (n None: after it on its line), and each start's literal
    stands between the two: a place with none there is not tried (the literal's places as a
    case-blind pattern reads them: ı, İ and ſ as ASCII letters too).

    With `before` (and `near`), every match starts at most that many characters before a hit of
    `near`, the blanks (spaces, tabs) just before the hit not counted: on a long line the pattern
    is tried only there, not along the whole line."""

    __slots__ = ("kind", "anchors", "pattern", "flags", "judge", "near", "starts", "seek", "min_run", "reach",
                 "before")

    def __init__(self, kind: str, anchors: tuple, pattern: str, flags: int = 0,
                 judge: str | None = None, near: str | None = None,
                 starts: tuple = (), seek: str | None = None, min_run: int = 0,
                 reach: tuple | None = None, before: int | None = None) -> None:  # fmt: skip
        self.kind = kind
        self.anchors = anchors
        self.pattern = pattern
        self.flags = flags
        self.judge = judge
        self.near = near
        self.starts = starts
        self.seek = seek
        self.min_run = min_run
        self.reach = reach
        self.before = before

    def __repr__(self) -> str:
        return f"Rule({self.kind!r}, {self.anchors!r})"


# ------------------------------------------------------------------------------ 1. NAME
# How sure a secret word makes us that the value is a secret:
STRONG = 3  # any literal value (not a reference, placeholder or code)
MEDIUM = 2  # a literal that looks like a credential (not a plain word, a number or a path)
WEAK = 1  # only a random-looking literal (the entropy rule's test)

# word (lowercase, as split from a name) -> (kind, strength when it stands alone).
SECRET_WORDS = {
    "password": ("password", STRONG), "passwd": ("password", STRONG),
    "passwort": ("password", STRONG), "passphrase": ("password", STRONG),
    "passcode": ("password", STRONG), "pword": ("password", STRONG),
    "pass": ("password", MEDIUM), "pwd": ("password", MEDIUM), "pw": ("password", MEDIUM),
    "psk": ("password", STRONG), "requirepass": ("password", STRONG), "masterauth": ("password", STRONG),
    "secret": ("secret", STRONG), "secretkey": ("secret", STRONG),
    "credential": ("secret", STRONG), "credentials": ("secret", STRONG),
    "cred": ("secret", STRONG), "creds": ("secret", STRONG),
    "token": ("token", STRONG), "authtoken": ("token", STRONG), "accesstoken": ("token", STRONG),
    "refreshtoken": ("token", STRONG), "apitoken": ("token", STRONG),
    "sessionid": ("token", STRONG), "sessid": ("token", STRONG), "phpsessid": ("token", STRONG),
    "jsessionid": ("token", STRONG), "sessiontoken": ("token", STRONG),
    "apikey": ("api_key", STRONG), "privkey": ("secret", STRONG), "privatekey": ("secret", STRONG),
    "accesskey": ("secret", STRONG), "authkey": ("secret", STRONG), "masterkey": ("secret", STRONG),
    "passkey": ("password", STRONG), "passe": ("password", STRONG),
    "authtok": ("password", STRONG),  # sssd's and PAM's name of a password (ldap_default_authtok)
    "auth": ("secret", MEDIUM), "oauth": ("secret", MEDIUM),
    "session": ("token", WEAK), "key": ("secret", WEAK),
    "cookie": ("cookie", WEAK),  # (Erlang's distribution cookie, RELEASE_COOKIE: random, or a name)
    # the same label in other languages
    "пароль": ("password", STRONG), "kennwort": ("password", STRONG),
    "contraseña": ("password", STRONG), "contrasena": ("password", STRONG),
    "senha": ("password", STRONG), "wachtwoord": ("password", STRONG),
    "hasło": ("password", STRONG), "haslo": ("password", STRONG), "heslo": ("password", STRONG),
    "parola": ("password", STRONG), "salasana": ("password", STRONG),
    "lösenord": ("password", STRONG), "losenord": ("password", STRONG),
    "adgangskode": ("password", STRONG), "passord": ("password", STRONG),
    "şifre": ("password", STRONG), "jelszó": ("password", STRONG), "mdp": ("password", STRONG),
    "パスワード": ("password", STRONG), "密码": ("password", STRONG), "密碼": ("password", STRONG),
    "비밀번호": ("password", STRONG), "암호": ("password", STRONG),
}  # fmt: skip
# Where a name may hold one: the lowercase text the engine looks for (each found word is then
# checked whole).  "pw" also finds pwd, "pass" password, passwd, passphrase...
NAME_TRIGGERS = (
    "pass", "pw", "secret", "token", "key", "auth", "cred", "psk", "sess", "mdp", "cookie",
    "пароль", "kennwort", "contrase", "senha", "wachtwoord", "hasło", "haslo", "heslo", "parola",
    "salasana", "senord", "adgangskode", "şifre", "jelsz", "パスワード", "密", "비밀번호", "암호",
)  # fmt: skip
# A word before "key" that makes it a credential (api_key, AES_KEY, client-key-data) ...
KEY_STRONG_BEFORE = frozenset(
    "api secret private priv access client master encryption encrypt decryption decrypt signing "
    "sign hmac aes des rsa ec ed25519 jwt auth session shared account subscription license "
    "licence app service crypto cipher webhook admin root pass write read ingest "
    "integration storage sas deploy bot user personal sdk server mac totp otp".split()
)
# ... and words before "key" that make it an index, a name or a public part (sort_key, hotkey).
KEY_NOT_BEFORE = frozenset(
    "public pub primary foreign sort cache partition dict hot composite unique index lookup row "
    "column group object map hash registry translation i18n message config setting settings env "
    "s3 bucket cursor search shortcut idempotency dedup dedupe routing shard cluster range "
    "natural surrogate meta tab enter escape modifier binding state store react item node entry "
    "field attr attribute prop property local remote ssh gpg pgp next prev previous first last "
    "websocket overridden base root constraint scope "
    "start end max min parent child foreign cache lock label type kind name id sequence order "
    "data value the a your my this".split()
)
# ... of which those whose key is the thing's id, whatever its value (a Figma file's `fileKey`, an
# S3 object's, a request's idempotency key): no name of a secret, not even of a random value.
# (an OAuth 1.0 consumer key is the identifier half of a client's credentials: RFC 5849 sends it in clear
# in every signed request; its consumer secret is the credential)
KEY_ID_BEFORE = frozenset("file object row record item document idempotency sort partition consumer".split())
# Words anywhere before a secret word that make the name a question or a count about it
# (is_password_set, HAVE_STRUCT_PASSWD, max_token_length) ...
NOT_IN_NAME = frozenset(
    "is has have use uses using enable enabled disable disabled require required requires show "
    "hide allow no not skip ignore validate check generate verify min max num number total count "
    "struct len length want missing should can".split()
)
# ... and the word just before it that makes it another thing (hashed_password, next_token,
# input_tokens, forgot_password, lexer_token).
NOT_BEFORE = frozenset(
    "hashed hash hashes forgot input output prompt completion cancellation next page "
    "continuation sync start end eos bos pad unk sep cls mask special lexer parse parser first "
    "last get on handle handler if cached cache sort type error progress style".split()
)
# Words that may follow the last secret word and leave it the secret (SECRET_KEY_BASE,
# client-key-data, DB_PASSWORD_PROD, token_v2); any other word makes it something else
# (token_type, password_hash, key_id, secret_name, password_file).
AFTER_OK = frozenset(
    "value val str string text data b64 base64 hex raw plain plaintext cleartext clear literal "
    "bytes base bin encoded enc new old prev previous current curr primary secondary backup "
    "override prod production dev development test testing tests stage staging live sandbox "
    "local default ci cd admin root bot app confirmation confirm again repeat retype verify "
    "verification for main master alt v".split()
)
# Values that are words of code or prose, never a password ("use --token to ...",
# "token: the API token", "if not token: return").
NOT_SECRET_WORDS = frozenset(
    "a an the to or and for with is are be in of if when as on from at by it "
    "this that your you must should will can see use not instead here "
    "required return raise pass continue break await yield new lambda "
    "function async typeof this self const let var def class import "
    "option options flag flags argument arguments parameter parameters field fields "
    "value values setting settings variable variables".split()
)
CONSTANTS = frozenset(
    "true false null none nil undefined yes no on off eof eol nan n/a "
    "str string int bool bytes number boolean any object optional".split()
)
PLACEHOLDER_CHARS = frozenset("*xX.-_•")
# A password that is the word itself stands for one (https://user:pass@host, -p password).
PLACEHOLDER_WORDS = frozenset("pass password passwd pwd secret token".split())
TRAILING = ")]}>.:"
# Secret words that end a compound name (dbpassword, apitoken): the name is split before them.
COMPOUND_ENDS = ("password", "passwd", "passphrase", "secret", "token", "apikey", "credentials",
                 "credential", "pwd", "pw")  # fmt: skip (rootpw, adminpw: kickstart's, LDAP's)
# Words before `pass` that make it a password (storepass, dbpass; not bypass, compass).
PASS_PREFIXES = frozenset(
    "store key src dest srcstore deststore srckey destkey new old db root admin user smtp mail "
    "ftp ks kp ssl trust vnc wifi sasl ldap bind proxy http auth master bot "
    "remote local imap pop pop3".split()  # (the side or the mail service a login is to: offlineimap's remotepass)
)
# Cookie names that hold a session or a credential (any random-looking cookie goes too).
COOKIE_WORDS = ("sess", "sid", "auth", "token", "jwt", "remember", "login", "secret", "pass",
                 "csrf", "xsrf", "key", "user_session", "access", "refresh")  # fmt: skip

# ------------------------------------------------------------------------------ 2. POSITION
# (tools, subcommand, arguments): the argument each tool takes a password (or token) in.
# Tools are matched by their command word (path and .exe ignored); the subcommand, when
# given, must come before the argument.  Argument forms:
#   -p      the value attached (-pVALUE) or next (-p VALUE)      -p+   attached only
#   -p_     the next word only                                   /p:   Windows /p:VALUE
#   -u:     USER:VALUE (only what follows the first colon)       -U%   USER%VALUE
#   -u,     USER,VALUE                                           -b~   the command's last word
#   #2      the 2nd word after the subcommand (flags not counted)
#   =word   the word after the literal word
COMMAND_LINE = (
    # database clients
    (("mysql", "mysqldump", "mysqladmin", "mysqlimport", "mysqlsh", "mysqlcheck", "mysqlpump",
      "mysqlbinlog", "mysqlshow", "mariadb", "mariadb-dump", "mariadb-admin", "mariadb-import",
      "mariadb-check"), "", "-p+"),
    (("mysqladmin",), "", "=password"),
    (("mycli",), "", "-p"),
    (("mongo", "mongosh", "mongodump", "mongorestore", "mongoimport", "mongoexport",
      "mongostat", "mongotop", "mongofiles"), "", "-p_"),
    (("redis-cli", "keydb-cli"), "", "-a_"),
    (("redis-cli", "keydb-cli"), "auth", "#-1"),
    (("sqlcmd", "bcp", "osql", "tsql", "mssql-cli", "isql"), "", "-P"),
    (("isql", "iusql"), "", "#3"),
    (("cqlsh", "cypher-shell", "beeline", "rabbitmqadmin", "crackmapexec", "netexec", "nxc", "evil-winrm",
      "hydra", "medusa", "smbmap", "enum4linux", "psexec", "psexec64", "paexec", "rdesktop",
      "ncftp", "ncftpput", "ncftpget", "cf", "twine", "oc", "az", "useradd", "usermod"), "", "-p_"),
    (("influx",), "", "-password_"),
    (("influx",), "", "-p:"),
    (("ipmitool", "mosquitto_pub", "mosquitto_sub", "mosquitto_rr", "p4"), "", "-P_"),
    (("sqlplus", "sqlldr", "expdp", "impdp", "rman", "sqlcl"), "", "#1/"),
    (("rabbitmqctl",), "add_user", "#2"),
    (("rabbitmqctl",), "change_password", "#2"),
    (("rabbitmqctl",), "authenticate_user", "#2"),
    (("sentinel",), "auth-pass", "#2"),  # Redis Sentinel's config: sentinel auth-pass MASTER PASSWORD
    (("mcrcon", "rcon-cli", "rcon"), "", "-p_ --password_"),  # game servers' remote consoles
    # directory, mail, messaging
    (("ldapsearch", "ldapadd", "ldapmodify", "ldapdelete", "ldappasswd", "ldapwhoami",
      "ldapcompare", "ldapmodrdn", "ldapexop", "ldapurl"), "", "-w_"),
    (("ldappasswd",), "", "-s_"),
    (("swaks",), "", "-ap_"),
    (("sendemail", "sendEmail"), "", "-xp_"),
    (("snmpwalk", "snmpget", "snmpset", "snmpbulkwalk", "snmpgetnext", "snmptrap",
      "snmpbulkget", "snmptable"), "", "-A_ -X_ -c_"),
    # archivers
    (("zip", "zipcloak", "unzip", "funzip"), "", "-P_"),
    (("7z", "7za", "7zr", "7zz", "rar", "unrar", "winrar"), "", "-p+"),
    # ssh, ssl and key tools
    (("sshpass",), "", "-p"),
    (("ssh-keygen",), "", "-N_ -P_"),
    (("plink", "pscp", "psftp", "putty"), "", "-pw_"),
    (("openssl",), "", "-k_"),
    (("openssl",), "passwd", "#-1"),
    (("keytool", "jarsigner"), "", "-storepass_ -keypass_ -srcstorepass_ -deststorepass_ "
                                    "-srckeypass_ -destkeypass_ -new_"),
    (("mkpasswd",), "", "#-1"),
    (("x11vnc",), "", "-passwd_"),
    # remote shells and Windows
    (("ttyd",), "", "-c: --credential:"),
    (("xfreerdp", "wlfreerdp", "sdl-freerdp"), "", "/p: /password:"),
    (("net",), "use", "#2"),
    (("net",), "user", "#2"),
    (("schtasks",), "", "/RP_ /P_"),
    (("cmdkey",), "", "/pass:"),
    (("wmic",), "", "/password:"),
    (("signtool",), "sign", "/p_"),  # signtool sign /f cert.pfx /p PASSWORD: the certificate's password
    (("smbclient", "rpcclient", "smbcacls", "smbget", "net"), "", "-U% --user%"),
    (("lftp",), "", "-u,"),
    (("wpa_passphrase",), "", "#2"),
    (("nmcli",), "", "=password =wifi-sec.psk =802-1x.password"),
    # web servers, clients and proxies
    (("htpasswd",), "", "-b~"),
    (("curl",), "", "-u: --user: -U: --proxy-user: --oauth2-bearer_"),
    (("wget",), "", "--user:"),
    (("http", "https", "xh", "hey", "ab", "nikto", "sqlmap"), "", "-a: --auth: -A: -P: -id: "
                                                                  "--auth-cred:"),
    (("skopeo", "podman", "buildah"), "", "--creds: --src-creds: --dest-creds:"),
    (("caddy",), "hash-password", "--plaintext_ -p_"),
    # registries, cloud and secret CLIs
    (("docker", "podman", "buildah", "nerdctl", "helm", "oras", "crane", "regctl", "skopeo",
      "finch", "argocd", "oc"), "login", "-p"),
    (("vault", "cargo", "bao"), "login", "#1"),
    (("snyk",), "auth", "#1"),
    (("cf",), "auth", "#2"),
    (("bw",), "unlock", "#1"),
    (("bw",), "login", "#2"),
    (("ansible-vault",), "", "=encrypt_string"),  # the plaintext to encrypt, when it comes first
    (("poetry",), "config", "=http-basic.*2 =pypi-token.*1"),
    (("composer",), "config", "=http-basic.*2"),
    (("altool",), "", "-p_"),  # xcrun altool -u USER -p PASSWORD
    (("mc", "mcli"), "alias", "#5"),
    # SNMP agents' and devices' configs: a community is a password (snmpd.conf, IOS)
    (("rocommunity", "rwcommunity", "rocommunity6", "rwcommunity6"), "", "#1"),
    (("snmp-server",), "", "=community"),
    (("createuser",), "", "#3 #5"),  # snmpd.conf: createUser NAME SHA AUTHPASS AES PRIVPASS  # #4 is the access key: the account's id, a user
    # macOS keychains: the password flags of the subcommands that take one (find-identity's and
    # verify-cert's `-p` names a policy, `-p codesigning`; find-generic-password's `-w` prints)
    (("security",), "add-generic-password", "-w_"),
    (("security",), "add-internet-password", "-w_"),
    (("security",), "unlock-keychain", "-p_"),
    (("security",), "create-keychain", "-p_"),
    (("security",), "set-keychain-password", "-o_ -p_"),
    (("security",), "import", "-P_"),
    (("security",), "set-key-partition-list", "-k_"),
    (("security",), "set-generic-password-partition-list", "-k_"),
    (("gh",), "secret", "-b --body"),
    (("codecov",), "", "-t_"),
    (("knife",), "", "-P_ --ssh-password_ --winrm-password_"),  # knife bootstrap HOST -x USER -P PASSWORD
)  # fmt: skip

# ------------------------------------------------------------------------------ 3. PREFIX
# (kind, prefixes, pattern): providers' own tokens, after gitleaks' default rules
# (github.com/gitleaks/gitleaks config/gitleaks.toml) and the providers' documents.  A token
# is tried where a run of token characters starts with one of its prefixes (case as written).
PROVIDERS = (
    ("anthropic_key", ("sk-ant-",), r"sk-ant-[A-Za-z0-9_-]{20,}"),
    ("openai_key", ("sk-",), r"sk-(?!ant-)(?:(?:proj|svcacct|admin|or-v1|None)-)?[A-Za-z0-9_-]{20,}"),
    ("github_token", ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"), r"gh[pousr]_[A-Za-z0-9]{20,}"),
    ("github_token", ("github_pat_",), r"github_pat_[A-Za-z0-9_]{20,}"),
    ("aws_access_key", ("AKIA", "ASIA", "ABIA", "ACCA", "A3T"),
     r"(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])"),
    ("aws_access_key", ("ABSK",), r"ABSK[A-Za-z0-9+/]{109,269}={0,2}"),
    ("slack_token", ("xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxs-", "xoxo-", "xoxe-", "xoxe.", "xoxc-"),
     r"xox(?:[abceoprs]-|e\.xox[bp]-)[A-Za-z0-9-]{10,}"),
    ("slack_token", ("xoxd-",), r"xoxd-[A-Za-z0-9%+/=_-]{20,}"),  # a session cookie, URL-encoded
    ("slack_token", ("xapp-",), r"xapp-\d-[A-Za-z0-9-]{20,}"),
    ("google_api_key", ("AIza",), r"AIza[A-Za-z0-9_-]{35}"),
    ("stripe_key", ("sk_", "rk_"), r"[sr]k_(?:live|test|prod)_[A-Za-z0-9]{10,}"),
    # a secret key's `sk_` before 32 letters and digits or more, both (a voice API's `sk_` and 48 hex digits);
    # not a word of code after it (`sk_buff`, `sk_sndbuf`)
    ("service_token", ("sk_",), r"sk_(?=[A-Za-z0-9]{0,80}[0-9])(?=[A-Za-z0-9]{0,80}[a-z])[A-Za-z0-9]{32,}(?![A-Za-z0-9_])"),
    ("stripe_key", ("whsec_",), r"whsec_[A-Za-z0-9+/=]{24,}"),
    ("npm_token", ("npm_",), r"npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
    ("pypi_token", ("pypi-",), r"pypi-AgE[A-Za-z0-9_-]{40,}"),
    ("jwt", ("eyJ",), r"eyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*"),
    ("service_token", ("eyJrIjoi",), r"eyJrIjoi[A-Za-z0-9]{70,400}={0,3}"),
    ("service_token", ("A3-",),
     r"A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}"),
    ("service_token", ("ops_eyJ",), r"ops_eyJ[A-Za-z0-9+/]{250,}={0,3}"),
    ("service_token", ("p8e-",), r"p8e-[A-Za-z0-9]{32}"),
    # LaunchDarkly's server-side SDK key: `sdk-` and a UUID (its client-side id, 24 hex, is public)
    ("service_token", ("sdk-",), r"sdk-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9A-Za-z])"),
    ("service_token", ("AGE-SECRET-KEY-1",), r"AGE-SECRET-KEY-1[0-9A-Z]{58}"),
    ("service_token", ("pat",), r"pat[A-Za-z0-9]{14}\.[a-f0-9]{64}"),
    ("service_token", ("LTAI",), r"LTAI[A-Za-z0-9]{20}"),
    ("service_token", ("AKCp",), r"AKCp[A-Za-z0-9]{69}"),
    ("service_token", ("cmVmd",), r"cmVmd[A-Za-z0-9]{59}"),
    ("service_token", ("4b1d",), r"4b1d[A-Za-z0-9]{38}"),
    ("service_token", ("CLOJARS_",), r"CLOJARS_[A-Za-z0-9]{60}"),
    ("service_token", ("v1.0-",), r"v1\.0-[a-f0-9]{24}-[a-f0-9]{146}"),
    ("service_token", ("dapi",), r"dapi[a-f0-9]{32}(?:-\d)?"),
    ("service_token", ("dnkey-",), r"dnkey-[A-Za-z0-9=_-]{26}-[A-Za-z0-9=_-]{52}"),
    ("service_token", ("doo_v1_", "dop_v1_", "dor_v1_"), r"do[opr]_v1_[a-f0-9]{64}"),
    ("service_token", ("dp.",), r"dp\.(?:pt|st|ct|sa|scrt|audit)\.[A-Za-z0-9]{40,}"),
    ("service_token", ("duffel_",), r"duffel_(?:test|live)_[A-Za-z0-9_=-]{43}"),
    ("service_token", ("dt0c01.",), r"dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}"),
    ("service_token", ("EZAK", "EZTK"), r"EZ[AT]K[A-Za-z0-9]{54}"),
    ("service_token", ("EAAM", "EAAC", "EAAA"), r"EAA[ACM][A-Za-z0-9_-]{22,}"),
    ("service_token", ("FLWSECK",), r"FLWSECK(?:_TEST)?-[a-hA-H0-9]{12,32}(?:-X)?"),
    ("service_token", ("fo1_",), r"fo1_[A-Za-z0-9_-]{30,}"),
    ("service_token", ("fm1a_", "fm1r_", "fm2_"), r"fm(?:1[ar]|2)_[A-Za-z0-9+/]{100,}={0,3}"),
    ("service_token", ("fio-u-",), r"fio-u-[A-Za-z0-9_=-]{64}"),
    ("service_token", ("glpat-", "glptt-", "gldt-", "glrt-", "glcbt-", "gloas-", "glsoat-",
                       "glft-", "glimt-", "glagent-", "glffct-"),
     r"gl(?:pat|ptt|dt|rt|cbt|oas|soat|ft|imt|agent|ffct)-[A-Za-z0-9_.-]{20,}"),
    ("service_token", ("GR1348941",), r"GR1348941[A-Za-z0-9_-]{20}"),
    ("service_token", ("glc_", "glsa_"), r"gl(?:c|sa)_[A-Za-z0-9_=+/-]{30,}"),
    ("service_token", ("pat.", "sat."),
     r"(?:pat|sat)\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}"),
    ("service_token", ("HRKU-",), r"HRKU-AA[A-Za-z0-9_-]{58}"),
    ("service_token", ("hf_",), r"hf_[A-Za-z0-9]{30,}"),
    ("service_token", ("api_org_",), r"api_org_[A-Za-z0-9]{30,}"),
    ("service_token", ("ico-",), r"ico-[A-Za-z0-9]{32}"),
    ("service_token", ("s-s4t2",), r"s-s4t2(?:ud|af)-[a-f0-9]{64}"),
    ("service_token", ("lin_api_",), r"lin_api_[A-Za-z0-9]{40}"),
    ("service_token", ("NRAK-", "NRII-", "NRJS-", "NRAA-"), r"NR(?:AK|II|JS|AA)-[A-Za-z0-9-]{19,}"),
    ("service_token", ("ntn_",), r"ntn_[A-Za-z0-9]{40,}"),
    ("service_token", ("secret_",), r"secret_[A-Za-z0-9]{43}"),
    ("service_token", ("API-",), r"API-[A-Z0-9]{26}"),
    ("service_token", ("sha256~",), r"sha256~[A-Za-z0-9_-]{43}"),
    ("service_token", ("pplx-",), r"pplx-[A-Za-z0-9]{48}"),
    ("service_token", ("pscale_",), r"pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.=-]{30,}"),
    ("service_token", ("PMAK-",), r"PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}"),
    ("service_token", ("pnu_",), r"pnu_[A-Za-z0-9]{36}"),
    ("service_token", ("pul-",), r"pul-[a-f0-9]{40}"),
    ("service_token", ("rdme_",), r"rdme_[a-z0-9]{70}"),
    ("service_token", ("rubygems_",), r"rubygems_[a-f0-9]{48}"),
    ("service_token", ("squ_", "sqp_", "sqa_"), r"sq[upa]_[a-f0-9]{40}"),  # SonarQube
    ("service_token", ("oy2",), r"oy2[a-z0-9]{43}"),  # NuGet
    ("service_token", ("tk-us-",), r"tk-us-[A-Za-z0-9_-]{48}"),
    ("service_token", ("SG.",), r"SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}"),
    ("service_token", ("xkeysib-", "xsmtpsib-"), r"x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}"),
    ("service_token", ("sntrys_", "sntryu_"), r"sntry[su]_[A-Za-z0-9_=+/-]{30,}"),
    ("service_token", ("sm_aat_", "sm_pat_", "sm_sat_"), r"sm_(?:aat|pat|sat)_[A-Za-z0-9]{16}"),
    ("service_token", ("shippo_",), r"shippo_(?:live|test)_[a-fA-F0-9]{40}"),
    ("service_token", ("shpat_", "shpca_", "shppa_", "shpss_"), r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"),
    ("service_token", ("sgp_",), r"sgp_(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40}"),
    ("service_token", ("sq0atp-", "sq0csp-"), r"sq0(?:atp|csp)-[A-Za-z0-9_-]{22,}"),
    ("service_token", ("SK",), r"SK[0-9a-fA-F]{32}(?![A-Za-z0-9])"),
    ("service_token", ("tfp_",), r"tfp_[A-Za-z0-9_.=-]{59}"),
    ("service_token", ("hvs.", "hvb.", "hvr."), r"hv[sbr]\.[A-Za-z0-9_-]{24,}"),
    ("service_token", ("AQVN",), r"AQVN[A-Za-z0-9_-]{35,38}"),
    ("service_token", ("t1.",), r"t1\.[A-Za-z0-9_-]+={0,2}\.[A-Za-z0-9_-]{86}"),
    ("service_token", ("key-",), r"key-[0-9a-zA-Z]{32}"),
    ("service_token", ("gsk_",), r"gsk_[A-Za-z0-9]{40,}"),
    ("service_token", ("r8_",), r"r8_[A-Za-z0-9]{30,}"),
    ("service_token", ("ya29.",), r"ya29\.[A-Za-z0-9_-]{20,}"),
    ("service_token", ("GOCSPX-",), r"GOCSPX-[A-Za-z0-9_-]{20,}"),
    ("service_token", ("figd_",), r"figd_[A-Za-z0-9_-]{30,}"),
    ("service_token", ("tskey-",), r"tskey-[a-z]+-[A-Za-z0-9-]{10,}"),
    ("service_token", ("sbp_",), r"sbp_[a-f0-9]{40}"),
    ("service_token", ("sb_secret_",), r"sb_secret_[A-Za-z0-9_-]{20,}"),
    ("service_token", ("nfp_",), r"nfp_[A-Za-z0-9]{30,}"),
    ("service_token", ("rnd_",), r"rnd_[A-Za-z0-9]{30,}"),
    ("service_token", ("dckr_pat_",), r"dckr_pat_[A-Za-z0-9_-]{20,}"),
    ("service_token", ("ATATT3", "ATCTT3"), r"AT[AC]TT3[A-Za-z0-9_=-]{20,}"),
    ("service_token", ("ATBB",), r"ATBB[A-Za-z0-9_=.-]{28,}"),
    ("service_token", ("xai-",), r"xai-[A-Za-z0-9]{60,}"),
    ("service_token", ("lsv2_",), r"lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}"),
    ("service_token", ("pcsk_",), r"pcsk_[A-Za-z0-9_]{40,}"),
    ("service_token", ("napi_",), r"napi_[a-z0-9]{64}"),
    ("service_token", ("re_",), r"re_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}"),
    ("service_token", ("CFPAT-",), r"CFPAT-[A-Za-z0-9_-]{43}"),
    ("service_token", ("aio_",), r"aio_[A-Za-z0-9]{28}"),
    ("service_token", ("access-sandbox-", "access-development-", "access-production-"),
     r"access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
    ("service_token", ("live_", "test_"), r"(?:live|test)_(?:pub_)?[a-f0-9]{35}"),
    ("service_token", ("access_token$",), r"access_token\$(?:production|sandbox)\$[a-z0-9]{16}\$[a-f0-9]{32}"),
    ("service_token", ("sk.eyJ",), r"sk\.eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}"),
    ("service_token", ("YC",), r"YC[A-Za-z0-9_-]{38}(?![A-Za-z0-9_-])"),  # Yandex Cloud
    ("service_token", ("AAAAAAAAAAAAAAAAAAAAA",), r"A{22}[A-Za-z0-9%]{80,100}"),  # Twitter bearer
    ("service_token", ("sl.",), r"sl\.[A-Za-z0-9_-]{130,152}"),  # Dropbox short-lived
    ("jwt", ("ZXlK",), r"ZXlK[A-Za-z0-9+/]{40,}={0,2}"),  # a JWT, base64-encoded again
    ("service_token", ("sc_", "ext_", "scauth_", "authress_"),  # Authress service clients
     r"(?:sc|ext|scauth|authress)_[a-z0-9]{5,30}\.[a-z0-9]{4,6}\.acc[_-][a-z0-9-]{10,32}\.[A-Za-z0-9+/_=-]{30,120}"),
    # Discord bot tokens: a base64 user id (MT… to OT…), a time stamp, an HMAC
    ("service_token", ("MT", "Mj", "Mz", "ND", "NT", "Nj", "Nz", "OD", "OT"),
     r"[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}"),
)  # fmt: skip
# A run of characters a provider token can start (the engine tries PROVIDERS there).
TOKEN_RUN = r"(?<![A-Za-z0-9_\-.~$])[A-Za-z0-9][A-Za-z0-9_\-.~$]{15,}"

# ------------------------------------------------------------------------------ 4. ENTROPY
# A value is random-looking when it is long, mixes character classes, its letters do not
# read as words, and its Shannon entropy (bits per character) is high for its length.
ENTROPY_MIN_CHARS = 16
ENTROPY_MAX_CHARS = 1000
ENTROPY_RUN = r"(?<![A-Za-z0-9+/_\-.~])[A-Za-z0-9+/_\-.~]{16,}={0,3}"
# Shapes that are random but public: commit and content hashes, UUIDs, package integrity
# hashes, base64 images ("data:image/png;base64,…").  Search must still find them.
ENTROPY_NOT = (
    r"[0-9a-fA-F]+"
    r"|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
    r"|(?:sha|md|blake|xxh)\d*[-:~][A-Za-z0-9+/=_-]+"
    r"|v?\d+(?:\.\d+)+[A-Za-z0-9.+_-]*"
)

# Words (beside SECRET_WORDS) that put a random-looking value on their line under suspicion.
ENTROPY_WORDS = frozenset(("passwords", "secrets", "tokens", "keys", "apikey", "credentials",
                           "authorization", "authentication", "session", "sessions"))  # fmt: skip
# base64 of the first bytes of files that are not keys: PNG, JPEG, GIF, BMP, zip, gzip, PDF,
# gettext .mo, RIFF, ogg, mp3, a PGP signature
FILE_MAGIC = ("iVBORw0KGgo", "/9j/", "R0lGOD", "Qk", "UEsDB", "H4sI", "JVBERi", "3hIElQ", "lQRiEt",
              "UklGR", "T2dnUw", "SUQz", "AAAA", "iQ", "iD8D", "iEY", "iHU")  # fmt: skip

# ------------------------------------------------------------------------------ other shapes
# Each found where its anchors are; earlier rules win the kind when spans overlap.
_VALUE_STOP = r"[^\s\"'`<>]"
# The rest of a header's value after its token characters (`Basic Kobe24Lakers!`: a password sent
# as it is, not encoded): the value is the whole run, never its head alone.
HEADER_SIX = r"(?=[^\s\"'`<>,;\\()\[\]{}=]{6})"  # six characters of the value, its tail counted
# (after `=`, base64's padding, nothing: `token_type=bearer expires_in=3600` is a list of settings)
HEADER_TAIL = r"(?:[^\s\"'`<>,;\\()\[\]{}=]*[A-Za-z0-9!#%&*?@^|~])?"
TOKEN_RULES = (
    Rule("private_key", ("private key",),
         r"-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----(?=[^\"']{0,200}?[A-Za-z0-9+/]{4})"
         r"[^\"']*?(?:-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|(?=[\"'])|\Z)",
         starts=(("-----begin", 0),)),  # (the pattern tried there, where a scan read the whole text: ~0.5 ms a MB)
    # the body of a PEM block whose BEGIN line is out of sight (a diff hunk, a cut): two or
    # more lines of 48-80 base64 characters in a row, each maybe led by a diff's + - or space
    Rule("private_key", ("\n",),
         r"(?m)^[ \t+-]?(?=[A-Za-z0-9+/]{48})"
         r"(?=[A-Za-z0-9+/]*[0-9])(?=[A-Za-z0-9+/]*[a-z])(?=[A-Za-z0-9+/]*[A-Z])"
         r"[A-Za-z0-9+/]{48,80}={0,2}[ \t]*"
         r"(?:\n[ \t+-]?[A-Za-z0-9+/]{16,80}={0,2}[ \t]*$)+", judge="key_body",
         seek=r"\n(?=[ \t+-]?[A-Za-z0-9+/]{48})", min_run=48),
    # a PEM private key in base64 (a TLS key in a certificate store's JSON, a secret's data):
    # `-----BEGIN ` encoded, then, past its type's words, `PRIVATE KEY` at one of its three
    # alignments in base64 (a certificate's base64 has none: public)
    Rule("private_key", ("ls0tls1crudjti",),
         r"LS0tLS1CRUdJTi[A-Za-z0-9+/]{0,40}?(?:UklWQVRFIEtF|UFJJVkFURSBL|SVZBVEUgS0VZ)[A-Za-z0-9+/]*={0,2}",
         starts=(("ls0tls1crudjti", 0),)),
    # a DER private key or keystore in base64: a sequence with two bytes of length (`MII`) that opens
    # with a one-byte version number (PKCS#1, PKCS#8, PKCS#12; a certificate's opens with a sequence)
    Rule("private_key", ("mii",), r"(?<![A-Za-z0-9+/])MII[A-Za-z0-9+/]{2}[AQgw]IBA[A-Za-z0-9+/]{100,}={0,2}",
         starts=(("mii", 0),)),
    # --- headers: the scheme word stays; the header's name then `:`/`=`, or, in a proxy's, a web
    # server's or a call's syntax, a space or a comma then the quoted value
    # (`proxy_set_header Authorization "Basic X"`, `Header.Set("Authorization", "Token X")`) ---
    Rule("bearer", ("bearer",),
         r"\bbearer[ \t]+(?P<v>" + HEADER_SIX + r"[A-Za-z0-9._~+/-]+(?:=+|" + HEADER_TAIL + ")" + r")(?![A-Za-z0-9._~+/=-])", re.IGNORECASE,
         judge="token", starts=(("bearer", 0),)),
    # (`\b` or an escaped line break: `\r\nAuthorization: Basic X` in a client's dump of its bytes; a
    # header compared to its value, `req.http.Authorization != "Basic X"`, `Get("Authorization") == "Basic X"`)
    Rule("basic_auth", ("authorization",),
         r"(?:\b|(?<=\\[nrt]))(?:proxy-)?authorization(?:[\"']\)?)?(?:[ \t]*(?:[!=]==?|[:=,])[ \t]*|[ \t]+)[\"']?basic[ \t]+"
         r"(?P<v>[A-Za-z0-9+/]{6,}(?:={1,2}|" + HEADER_TAIL + ")" + r")", re.IGNORECASE, judge="credential",
         starts=(("authorization", 0), ("authorization", -6))),
    Rule("token", ("authorization",),
         r"\b(?:proxy-)?authorization[\"']?(?:[ \t]*[:=][ \t]*[\"']?|(?:[ \t]*,[ \t]*|[ \t]+)[\"'])"
         r"(?!bearer\b|basic\b|negotiate\b|ntlm\b|digest\b|aws4-)(?:[a-z][\w-]{1,20}[ \t]+)?"
         r"(?:[a-z][\w-]*=)?(?P<v>" + HEADER_SIX + r"[A-Za-z0-9._~+/:$-]+(?:=+|" + HEADER_TAIL + ")" + r")", re.IGNORECASE, judge="token",
         starts=(("authorization", 0), ("authorization", -6))),
    Rule("cookie", ("cookie",),
         r"\b(?:set-)?cookie[\"']?[ \t]*[:=][ \t]*[\"']?(?P<v>[^\n\"']{3,4000})", re.IGNORECASE,
         starts=(("cookie", 0), ("cookie", -4))),
    # --- URLs ---
    # scheme://user:PASSWORD@host: the last @ before the host (a password may hold @ and :); a
    # provider's fixed word there (`x-oauth-basic`) is none: its user is the token (store/privacy/told.py)
    Rule("password", ("://",),
         r"://[^\s:/@\"'<>]{0,200}:(?!x-[a-z]+(?:-[a-z]+)+@)(?P<v>[^\s/\"'<>]{1,200})@(?=[^\s@/\"'<>]*(?:[/\s\"'<>?#]|\Z))",
         starts=(("://", 0),)),
    # scheme://TOKEN@host: a token used as the URL's user (random, or hex: values.url_user_token)
    Rule("token", ("://",), r"://(?P<v>[A-Za-z0-9_~.+-]{16,200})@", judge="url_user", starts=(("://", 0),)),
    # --- a Wi-Fi network as a QR code or a phone shares it: WIFI:T:WPA;S:NAME;P:PASSWORD;; ---
    Rule("password", ("wifi:",), r"(?i)\bWIFI:(?:[TSHRIE]:(?:\\.|[^;\\\n]){0,64};){0,5}P:(?P<v>(?:\\.|[^;\\\n]){1,128})",
         starts=(("wifi:", 0),)),
    # --- .netrc, across lines: machine HOST [login USER] password PASSWORD ---
    # (a word's `+`s next to a separator are the separator's, as a diff's line mark: a word that may end
    # in `+` before separators that may hold it was split in every way, `login` and 1,000 `+`s: 3.5 s);
    # eight more of its keywords at most (from each `login` of `login login ...` the rest was read: 1 s at 30 KB)
    Rule("password", ("password",),
         r"(?:\bmachine[ \t\r\n+]++[^\s+]++(?:\++[^\s+]++)*+|(?m:^)[ \t+-]*default\b"
         r"|\blogin[ \t\r\n+]++[^\s+]++(?:\++[^\s+]++)*+)"
         r"(?:[ \t\r\n+]++(?:login|account|port|protocol)[ \t\r\n+]++[^\s+]++(?:\++[^\s+]++)*+){0,8}+"
         r"[ \t\r\n+]++password[ \t]+(?P<v>[^\s\"'$#][^\s\"']*)",
         starts=(("machine", 0), ("login", 0), ("default", None))),
    # --- secrets fed to a program's standard input ---
    # echo SECRET | docker login --password-stdin / chpasswd / passwd --stdin / sudo -S / kinit /
    # a secret store's create or set (docker secret create NAME -, gh secret set NAME, wrangler secret put)
    Rule("password", ("|",),
         r"\b(?:echo|printf)(?:[ \t]+-[neE]{1,3})*[ \t]+(?:['\"]%s(?:\\n)?['\"][ \t]+)?['\"]?"
         r"(?P<v>[^\s'\"|]+)['\"]?[ \t]*\|[ \t]*+[^\n|;&]{0,200}?"
         r"(?:-stdin\b|--with-token\b|\bchpasswd\b|\bpasswd\b|\bkinit\b|\brunas\b|\bsu\b"
         r"|\bsudo[ \t]+(?:-\w+[ \t]+)*?-S\b|\bsecrets?[ \t]+(?:create|set|put|add)\b)", starts=(("echo", 0), ("printf", 0))),
    # sudo -S <<< "SECRET" (and passwd, chpasswd, kinit, --password-stdin, a secret store's
    # create/set that reads it: docker secret create NAME -, gh secret set NAME), either order
    Rule("password", ("<<<",),
         r"(?:\bsudo[ \t]+(?:-\w+[ \t]+)*?-S\b|\bchpasswd\b|\b(?:vnc)?passwd\b|\bkinit\b|-stdin\b"
         r"|\bsecrets?[ \t]+(?:create|set|put|add)\b|(?<=--)with-token\b)"
         r"[^\n|;&<]{0,200}?<<<[ \t]*(?P<q>[\"']?)(?P<v>[^\s\"']+)(?P=q)",
         starts=(("sudo", 0), ("passwd", 0), ("passwd", -2), ("passwd", -3), ("kinit", 0), ("-stdin", 0), ("secret", 0),
                 ("token", -5)), reach=("<<<", None)),
    # (`<<<` as a run of `<`'s last three: from each, a run of 32,000 was read to its end: 11 s)
    Rule("password", ("<<<",),
         r"<<<(?!<)[ \t]*(?P<q>[\"']?)(?P<v>[^\s\"']+)(?P=q)[ \t]+(?:\w+=\S*[ \t]+)*"
         r"(?:sudo[ \t]+(?:-\w+[ \t]+)*?-S\b|chpasswd\b|passwd\b|kinit\b)", starts=(("<<<", 0),)),
    # expect: send "SECRET\r" after an expect for a password prompt
    Rule("password", ("expect",),
         r"(?i:expect)[^\n]{0,80}?(?i:pass(?:word|phrase)?|assword|pin|secret|token)[^\n]{0,80}?"
         r"(?:\n[^\n]{0,200}?){0,3}?\bsend[ \t]+(?:--[ \t]+)?[\"'{]?(?P<v>[^\"'}\s\\$][^\"'}\s\\]*)",
         starts=(("expect", 0),)),
    # --- configuration commands that store a secret ---
    # aws configure set aws_secret_access_key SECRET / npm config set //reg/:_authToken SECRET
    Rule("secret", ("config set", "configure set", "config:set"),
         r"\bconfig(?:ure)?[ \t:]+set[ \t]+(?:--[\w-]+(?:[ \t]+[^\s-]\S*)??[ \t]+)*?"
         # (a flag is not the name: `pulumi config set --secret dbPassword` names what is set, no value)
         r"(?!-)[\w./:@-]*(?:secret|token|passw(?:or)?d|_key|key_id|_auth|apikey)[\w./:-]*[ \t]+['\"]?"
         r"(?P<v>[^\s'\"]+)", re.IGNORECASE, starts=(("config", 0),)),
    # Windows: setx GITHUB_TOKEN SECRET
    Rule("token", ("setx",),
         r"\bsetx[ \t]+(?:/m[ \t]+)?['\"]?\w*(?:token|secret|key|pass\w*|pwd|auth)['\"]?[ \t]+['\"]?"
         r"(?P<v>[^\s'\"]+)", re.IGNORECASE, starts=(("setx", 0),)),
    # fly secrets set NAME=SECRET / doppler secrets set NAME SECRET / kubectl create secret
    # generic x --from-literal=NAME=SECRET: every value there is a secret, whatever its name
    Rule("secret", ("secrets set", "secret set", "from-literal"),
         # (the name may be quoted, its sections split by `:`: dotnet user-secrets set "Smtp:Password" X)
         r"(?:\bsecrets?[ \t]+set[ \t]+(?:-\S+[ \t]+)*(?P<nq>['\"]?)[A-Za-z_][\w.:-]*(?P=nq)(?:=|[ \t]+)"
         r"|--from-literal[= ][A-Za-z_][\w.-]*=)['\"]?(?P<v>[^\s'\"$-][^\s'\"]*)",  # (`$X`: a reference)
         starts=(("secret", 0), ("from-literal", -2))),
    # --- SQL ---
    Rule("password", ("password",), r"\bpassword[ \t]+(?P<q>['\"])(?P<v>[^'\"\n]+)(?P=q)",
         re.IGNORECASE, starts=(("password", 0),)),
    Rule("password", ("identified",),
         r"\b(?:user|role|login)\b[^\n;]{0,200}?\bidentified[ \t]+(?:with[ \t]+\S+[ \t]+)?by[ \t]+"
         r"(?:password[ \t]+)?(?P<q>['\"])(?P<v>[^'\"\n]+)(?P=q)", re.IGNORECASE,
         starts=(("user", 0), ("role", 0), ("login", 0)), reach=("identified", 205)),
    Rule("password", ("identified",), r"\bIDENTIFIED[ \t]+BY[ \t]+(?!PASSWORD\b)(?P<q>['\"]?)(?P<v>[^\s'\";]+)(?P=q)",
         starts=(("identified", 0),)),
    # --- connection strings: ...;Pwd=SECRET;  Password=two words; ---
    # (a `)` then a blank closes a call or an aside of prose: `connect(password=X) kept, as ...;`)
    Rule("password", ("pwd", "passw"),
         r"(?<![A-Za-z0-9_])(?:pwd|passw(?:or)?d)[ \t]*=[ \t]*(?P<v>[^;\s\"'/~$](?:[^;\"'\n=)]|\)(?![ \t])){0,80}?)"
         r"[ \t]*;", re.IGNORECASE, judge="not_code", starts=(("pwd", 0), ("passw", 0))),
    # .pgpass: host:port:database:user:SECRET, a line of its own (a diff's +/- allowed in
    # front) or a word of a path or a command (a host holds no `,`: `…,true,mon:05:36-mon:06:06,…`
    # is a CSV row's maintenance window, not a host and a port; a database or a user holds no `"` nor
    # `,`: `17:01:49","annotations":null,"_meta":null}` is a time then JSON's keys)
    Rule("password", (":",),
         r"(?:(?m:^)[ \t+-]?|(?<=[ \t/]))[^\s:#/,][^\s:/,]*:(?:\d{1,5}|\*):[^\s:/,\"]+:[^\s:/,\"]+:"
         r"(?P<v>(?:[^\s:\\]|\\.)+)(?=[ \t]*(?:$|\n)|[ \t]+/)", near=r":[\d*]\d{0,4}+:[^\s:/]+:"),
    # (near: the lines of a `:`, a port or `*`, `:`, a word, `:`; a few more too, where the pattern
    # finds none: `:*1:`; one class, no branch, tried at each `:` of the text: ~0.1-0.3 ms a MB less)
    # Oracle: jdbc:oracle:thin:user/SECRET@host
    Rule("password", ("jdbc:oracle",), r"\bjdbc:oracle:[a-z0-9]+:[^\s/@:\"']+/(?P<v>[^\s@\"']+)@",
         re.IGNORECASE, starts=(("jdbc:oracle", 0),)),
    # openssl -passin pass:SECRET, apksigner --ks-pass pass:SECRET
    Rule("password", ("pass:",), r"(?<![\w-])pass:(?P<v>[^\s'\"]+)", starts=(("pass:", 0),)),
    # --- code: a secret by its place in a call ---
    # requests.get(url, auth=("admin", "SECRET")), credentials = ["u", "SECRET"]
    Rule("password", ("auth", "cred"),
         r"(?=[aAcCbB])\b(?i:auth|credentials?|creds|basic_auth)[\"']?[ \t]*[=:][ \t]*[(\[][ \t]*"
         r"(?P<q1>[\"'])[^\"'\n]{0,100}(?P=q1)[ \t]*,[ \t]*(?P<q>[\"'])(?P<v>[^\"'\n]+)(?P=q)",
         starts=(("auth", 0), ("auth", -6), ("cred", 0))),
    # HTTPBasicAuth('admin', 'SECRET'), server.login(user, "SECRET"), NetworkCredential("u", "SECRET")
    Rule("password", ("auth(", "login(", "credential(", "credentials(", "creds(", "signin(",
                      "sign_in(", "authenticate("),
         r"(?i:auth|login|credentials?|creds|sign_?in|authenticate)[ \t]*\([ \t]*+"
         r"(?:[^,()\n\"']{1,80}|(?P<q1>[\"'])[^\"'\n]{0,100}(?P=q1)|(?<=[ \t]))[ \t]*,[ \t]*"
         r"(?P<q>[\"'])(?P<v>[^\"'\n]+)(?P=q)[ \t]*[,)]", judge="credential",
         starts=(("auth", 0), ("login", 0), ("cred", 0), ("signin", 0), ("sign_in", 0))),
    # setPassword("SECRET"), with_api_key('SECRET'), client.set_token("SECRET"): the one argument (of
    # several, `set_password(service, user, SECRET)`, the call's judgement picks; the first is a
    # name, candidates.call_arguments).  The verb's first
    # letter is matched first, then looked behind: a pattern that starts with a character class
    # lets the engine skip to those letters (3x faster over 1 MB than a lookbehind at every place).
    # A match lies on one line that holds `("` or `('`: only those lines are tried (the engine
    # skips to a bracket; a line of output without one is not looked at letter by letter).
    Rule("password", ("password(", "passwd(", "secret(", "token(", "key(", "pass("),
         r"[SsWwUuCcPp](?<![A-Za-z0-9][SsWwUuCcPp])(?:(?<=[Ss])(?i:et|tore|ave)|(?<=[Ww])(?i:ith)"
         r"|(?<=[Uu])(?i:se|pdate)|(?<=[Cc])(?i:hange)|(?<=[Pp])(?i:ut))_?"
         r"(?i:password|passwd|pass|secret|token|api_?key|access_?key|secret_?key|auth_?token)"
         r"[ \t]*\([ \t]*(?P<q>[\"'])(?P<v>[^\"'\n]+)(?P=q)[ \t]*\)", near=r"\((?=[ \t]*[\"'])(?:(?<=[ \t]\()|(?<=(?i:rd|wd|ss|et|en|ey)\())[ \t]*[\"']",
         before=17),  # (`update_` or `change_` and `access_key`, `secret_key` or `auth_token`)
    # (near: a `(` before a quote, and after a blank or the last two letters of one of the words as
    # the pattern reads them: 204 of the 1,825 `("` of the MB of source files)
    # PowerShell: ConvertTo-SecureString "SECRET" -AsPlainText
    Rule("password", ("convertto-securestring",),
         r"(?i:convertto-securestring)[ \t]+(?i:-(?:string|asplaintext|force)[ \t]+){0,3}(?P<q>[\"'])(?P<v>[^\"'\n]+)(?P=q)",
         starts=(("convertto-securestring", 0),)),
    # <add key="ClearTextPassword" value="SECRET" /> (NuGet, app.config)
    Rule("password", ("value=",),
         r"(?i:key)[ \t]*=[ \t]*\"[^\"\n]{0,60}(?i:passw(?:or)?d|secret|token|apikey|api_key)"
         r"[^\"\n]{0,30}\"[ \t]+(?i:value)[ \t]*=[ \t]*\"(?P<v>[^\"\n]+)\"", starts=(("key", 0),)),
    # --- webhook URLs: the URL is the credential ---
    Rule("slack_webhook", ("hooks.slack.com",),
         r"(?:https://)?hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/+-]{20,}",
         starts=(("hooks.slack.com", 0), ("hooks.slack.com", -8))),
    # (tried 4 and 5 characters before each `://`, which the one pass lists for the URLs: a
    # start of its own, `http`, stood ~6,000 times in a MB of `pip inspect`, each place a step of
    # Python in the pass, and is read only where an anchor of this rule stands)
    Rule("webhook", ("/api/webhooks/", "webhook.office.com", "outlook.office", "hooks.zapier.com",
                     "chat.googleapis.com", "maker.ifttt.com", "api.telegram.org", "/hooks/"),
         r"https?://(?:"
         r"(?:[a-z0-9-]+\.)?discord(?:app)?\.com/api/webhooks/"
         r"|[A-Za-z0-9.-]+\.webhook\.office\.com/webhookb2/"
         r"|outlook\.office(?:365)?\.com/webhook/"
         r"|hooks\.zapier\.com/hooks/catch/"
         r"|chat\.googleapis\.com/v1/spaces/"
         r"|maker\.ifttt\.com/trigger/"
         r"|api\.telegram\.org/bot"
         r"|[^\s/\"'<>]{1,200}/hooks/(?=[a-z0-9]{26}(?![a-z0-9]))"
         r")[^\s\"'<>`]*", re.IGNORECASE, starts=(("://", -4), ("://", -5))),
    # signed cloud URLs: Azure SAS sig=, S3 presigned X-Amz-Signature=
    Rule("cloud_key", ("sig=", "signature="),
         r"[?&;](?:sig|x-amz-signature|signature)=(?P<v>[^\s&\"'<>#;]{16,})", re.IGNORECASE,  # (`;`: a path segment's)
         starts=(("sig=", -1), ("signature=", -1), ("signature=", -7))),
    # --- provider tokens that do not start with their prefix ---
    Rule("service_token", (".atlasv1.",),
         r"(?<![A-Za-z0-9_-])[a-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,}", starts=((".atlasv1.", -14),)),
    Rule("service_token", ("q~",),
         r"(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_-])",
         starts=(("q~", -4),)),
    Rule("service_token", (":aa",), r"(?<![A-Za-z0-9_-])[0-9]{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])",
         starts=((":aa", -8), (":aa", -9), (":aa", -10))),
    Rule("service_token", ("-us",), r"(?<![A-Za-z0-9_-])[a-f0-9]{32}-us[0-9]{1,2}(?![A-Za-z0-9_-])", starts=(("-us", -32),)),
    Rule("service_token", ("1//0",), r"(?<![A-Za-z0-9_-])1//0[A-Za-z0-9_-]{40,}", starts=(("1//0", 0),)),
    # a client's cookie option given a quoted cookie string (curl's `-b "sid=X"`, `--cookie`), read as
    # a Cookie header's value (a bare word there is a cookie jar's file; a string without a digit holds
    # flags and stand-ins, `sid=ignored`, no session's id)
    Rule("cookie", ("-b ", "--cookie"),
         r"(?<![\w-])(?:-b|--cookie)[ \t]+[\"'](?=[^\n\"']*\d)(?P<v>[^\s\"'=;]{1,200}=[^\n\"']{3,4000})",
         starts=(("-b ", 0), ("--cookie", 0))),
)  # fmt: skip
