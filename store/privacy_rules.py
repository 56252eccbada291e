"""The privacy filter's rules, as data: what a secret looks like (the engine is store/privacy.py).

Each `Rule` holds a kind (the name in ``[REDACTED:<kind>]``), the anchors a text must hold
(lowercased) for the rule to be tried at all, the pattern and its flags, side by side, so a
rule is added or changed in one place.  Imported on the hook path: only ``re`` (for flags).
"""
from __future__ import annotations

import re


class Rule:
    """One secret shape: `kind`, `anchors` (lowercase text it cannot match without), `pattern`,
    `flags`.  A pattern with a group named ``v`` redacts only that group."""

    __slots__ = ("kind", "anchors", "pattern", "flags")

    def __init__(self, kind: str, anchors: tuple, pattern: str, flags: int = 0) -> None:
        self.kind = kind
        self.anchors = anchors
        self.pattern = pattern
        self.flags = flags

    def __repr__(self) -> str:
        return f"Rule({self.kind!r}, {self.anchors!r})"


# Words a key name must END with for its value to count as a secret
# (``DB_PASSWORD``, ``apiKey``, ``client_secret``, ``AWS_SECRET_ACCESS_KEY``).
KEY_WORD = (
    r"(?:pass(?:word|wd|wort|phrase)|api[_-]?key"
    r"|(?:secret|access|private|account|sharedaccess|client|master|encryption|signing)[_-]?key"
    r"|secret|token"
    # the same label in other languages (matched as written: lower case or capitalised)
    r"|[пП]ароль|ПАРОЛЬ"
    r"|kennwort|contrase(?:ñ|n)a|mot[ _-]de[ _-]passe|senha|wachtwoord"
    r"|has(?:ł|l)o|パスワード|密码|密碼"
    r"|비밀번호)"
)
FOREIGN_PASSWORD_WORDS = ("пароль", "kennwort", "contrase", "mot",
                           "senha", "wachtwoord", "has", "パス", "密",
                           "비밀")
# The value after a separator: an escaped-JSON string (\"v\"), a "string",
# a 'string', or a bare word (stops at whitespace, quotes, , ; and at the
# escapes \n \r \t \" of serialised text; in a URL query also at &).
VALUE = (
    r"(?P<pfx>[bBrRuUfF]{1,2}(?=[\"']))?"
    r"(?:\\\"(?P<eq>[^\"\n]*?)\\\""
    r"|\"(?P<dq>[^\"\\\n]*(?:\\.[^\"\\\n]*)*)\""
    r"|'(?P<sq>[^'\n]*)'"
    r"|`(?P<bq>[^`\n]*)`"
    r"|[\"']?(?P<bare>(?:[^\s\"'`,;\\]|\\(?![nrt\"']))[^\s\"'`,;\\]*"
    r"(?:\\(?![nrt\"'])[^\s\"'`,;\\]*)*))"
)


# Earlier rules win the kind when spans overlap.
TOKEN_RULES = (
    Rule("private_key", ("private key",),
         r"-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----.*?"
         r"(?:-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|\Z)", re.DOTALL),
    Rule("jwt", ("eyj",),
         r"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*"),
    Rule("anthropic_key", ("sk-ant-",),
         r"(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,}"),
    Rule("openai_key", ("sk-",),
         r"(?<![A-Za-z0-9_-])sk-(?!ant-)(?:(?:proj|svcacct|admin)-)?[A-Za-z0-9_-]{20,}"),
    Rule("github_token", ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
         r"(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})"),
    Rule("aws_access_key", ("akia", "asia"),
         r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])"),
    Rule("slack_token", ("xox",),
         r"(?<![A-Za-z0-9_-])xox[bpars]-[A-Za-z0-9-]{10,}"),
    Rule("slack_webhook", ("hooks.slack.com",),
         r"https://hooks\.slack\.com/services/[A-Za-z0-9_/-]{20,}"),
    Rule("google_api_key", ("aiza",),
         r"(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]{35}"),
    Rule("stripe_key", ("k_live_", "k_test_"),
         r"(?<![A-Za-z0-9_])[sr]k_(?:live|test)_[A-Za-z0-9]{16,}"),
    Rule("npm_token", ("npm_",),
         r"(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
    Rule("pypi_token", ("pypi-age",),
         r"(?<![A-Za-z0-9_-])pypi-AgE[A-Za-z0-9_-]{40,}"),
    # Only the value goes; the word Bearer stays.
    Rule("bearer", ("bearer",),
         r"\bbearer[ \t]+(?P<v>[A-Za-z0-9._~+/-]{20,}=*)(?![A-Za-z0-9._~+/=-])", re.IGNORECASE),
    Rule("basic_auth", ("authorization",),
         r"\bauthorization[\"']?[ \t]*[:=][ \t]*[\"']?basic[ \t]+"
         r"(?P<v>[A-Za-z0-9+/]{8,}={0,2})", re.IGNORECASE),
    Rule("token", ("authorization",),
         r"\bauthorization[\"']?[ \t]*[:=][ \t]*[\"']?token[ \t]+(?P<v>[A-Za-z0-9._~+/-]{8,}=*)", re.IGNORECASE),
    # scheme://user:PASSWORD@host
    Rule("password", ("://",),
         r"(?<![A-Za-z0-9.])[A-Za-z][A-Za-z0-9+.-]{0,30}://[^\s:/@\"'<>]{0,200}:"
         r"(?P<v>[^\s/@\"'<>]{1,200})@"),
    # .netrc: machine HOST login USER password PASSWORD
    Rule("password", ("login",),
         r"\blogin[ \t]+[^\s\"']{1,200}[ \t]+password[ \t]+(?P<v>[^\s\"'$][^\s\"']*)"),
    # curl -u user:PASSWORD / --user=user:PASSWORD
    Rule("password", ("-u",),
         r"(?<![A-Za-z0-9_-])(?:-u|--user)(?:[ \t]+|=)[\"']?[^\s:\"'$-][^\s:\"']*:"
         r"(?P<v>[^\s\"'$][^\s\"']*)"),
    # --- credentials on command lines (each anchored on its tool's name) ---
    # mysql -u root -pSECRET (attached: `-p NAME` asks for the password, NAME is a database)
    Rule("password", ("mysql", "mariadb"),
         r"(?<![\w/.-])(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlsh|mysqlcheck|mariadb"
         r"|mariadb-dump|mariadb-admin)(?:\.exe)?[ \t][^\n|;&]{0,300}?(?<=[ \t])-p['\"]?"
         r"(?P<v>[^\s'\"]+)"),
    Rule("password", ("sshpass",),
         r"\bsshpass[ \t][^\n|;&]{0,200}?(?<=[ \t])-p[ \t]*['\"]?(?P<v>[^\s'\"]+)"),
    # docker / podman / helm ... login -p SECRET
    Rule("password", ("login",),
         r"\blogin\b[^\n|;&]{0,300}?(?<=[ \t])-p(?:[ \t]+|=)['\"]?(?P<v>[^\s'\"-][^\s'\"]*)"),
    # echo SECRET | docker login --password-stdin / chpasswd / passwd --stdin / sudo -S
    Rule("password", ("stdin", "passwd", "sudo"),
         r"\b(?:echo|printf)(?:[ \t]+-[neE]{1,3})*[ \t]+(?:['\"]%s(?:\\n)?['\"][ \t]+)?['\"]?"
         r"(?P<v>[^\s'\"|]+)['\"]?[ \t]*\|[ \t]*[^\n|;&]{0,200}?"
         r"(?:-stdin\b|\bchpasswd\b|\bpasswd\b|\bsudo[ \t]+(?:-\w+[ \t]+)*?-S\b)"),
    # aws configure set aws_secret_access_key SECRET / npm config set //reg/:_authToken SECRET
    Rule("secret", ("config set", "configure set"),
         r"\bconfig(?:ure)?[ \t]+set[ \t]+(?:--[\w-]+[ \t]+[^\s-]\S*[ \t]+)*"
         r"[\w./:@-]*(?:secret|token|passw(?:or)?d|_key|key_id)[\w./:-]*[ \t]+['\"]?(?P<v>[^\s'\"]+)", re.IGNORECASE),
    # Windows: setx GITHUB_TOKEN SECRET
    Rule("token", ("setx",),
         r"\bsetx[ \t]+(?:/m[ \t]+)?['\"]?\w*(?:token|secret|key|pass\w*|pwd)['\"]?[ \t]+['\"]?"
         r"(?P<v>[^\s'\"]+)", re.IGNORECASE),
    # gh secret set NAME --body SECRET
    Rule("secret", ("secret",),
         r"\bsecret[ \t]+set[ \t]+[^\n|;&]{0,200}?(?<=[ \t])(?:-b|--body)(?:[ \t]+|=)['\"]?"
         r"(?P<v>[^\s'\"]+)"),
    # SQL: ALTER USER x WITH PASSWORD 'SECRET' / CREATE USER x IDENTIFIED BY 'SECRET'
    Rule("password", ("password",),
         r"\bpassword[ \t]+(?P<q>['\"])(?P<v>[^'\"\n]+)(?P=q)", re.IGNORECASE),
    Rule("password", ("identified",),
         r"\bidentified[ \t]+(?:with[ \t]+\S+[ \t]+)?by[ \t]+(?:password[ \t]+)?(?P<q>['\"])"
         r"(?P<v>[^'\"\n]+)(?P=q)", re.IGNORECASE),
    Rule("password", ("identified",),
         r"\bIDENTIFIED[ \t]+BY[ \t]+(?!PASSWORD\b)(?P<v>[^\s'\";]+)"),
    # connection strings: ...;Pwd=SECRET;  Password=two words;
    Rule("password", ("pwd", "passw"),
         r"(?<![A-Za-z0-9_])(?:pwd|passw(?:or)?d)[ \t]*=[ \t]*(?P<v>[^;\s\"'/~$][^;\"'\n]{0,80}?)"
         r"[ \t]*;", re.IGNORECASE),
    Rule("password", ("pwd",),
         r";[ \t]*pwd[ \t]*=[ \t]*(?P<v>[^;\"'\s/~$][^;\"'\s]*)", re.IGNORECASE),
    # .pgpass: host:port:database:user:SECRET (a diff's +/- allowed in front)
    Rule("password", (":",),
         r"(?m)^[ \t+-]?[^\s:#][^\s:]*:(?:\d{1,5}|\*):[^\s:]+:[^\s:]+:(?P<v>(?:[^\s:\\]|\\.)+)[ \t]*$"),
    # Oracle: jdbc:oracle:thin:user/SECRET@host, sqlplus user/SECRET@db
    Rule("password", ("jdbc:oracle",),
         r"\bjdbc:oracle:[a-z0-9]+:[^\s/@:\"']+/(?P<v>[^\s@\"']+)@", re.IGNORECASE),
    Rule("password", ("sqlplus", "sqlldr", "expdp", "impdp", "rman "),
         r"\b(?:sqlplus|sqlldr|expdp|impdp|rman)(?:[ \t]+-\w+)*[ \t]+['\"]?[^\s/@'\"]+/"
         r"(?P<v>[^\s@'\"]+)"),
    Rule("password", ("redis-cli",),
         r"\bredis-cli\b[^\n|;&]{0,300}?(?<=[ \t])-a[ \t]+['\"]?(?P<v>[^\s'\"]+)"),
    Rule("password", ("sqlcmd", "bcp", "osql", "isql"),
         r"\b(?:sqlcmd|bcp|osql|isql)\b[^\n|;&]{0,300}?(?<=[ \t])-P[ \t]*['\"]?(?P<v>[^\s'\"]+)"),
    Rule("password", ("ldap",),
         r"\bldap(?:search|add|modify|delete|passwd|whoami|compare|modrdn)\b[^\n|;&]{0,300}?"
         r"(?<=[ \t])-w[ \t]+['\"]?(?P<v>[^\s'\"]+)"),
    Rule("password", ("zip",),
         r"\b(?:zip|unzip|zipcloak)\b[^\n|;&]{0,300}?(?<=[ \t])-P[ \t]+['\"]?(?P<v>[^\s'\"]+)"),
    Rule("password", ("7z",),
         r"\b7z[az]?\b[^\n|;&]{0,300}?(?<=[ \t])-p(?P<v>[^\s'\"]+)"),
    Rule("password", ("mongo",),
         r"\bmongo(?:sh|dump|restore|import|export)?\b[^\n|;&]{0,300}?(?<=[ \t])-p[ \t]+['\"]?"
         r"(?P<v>[^\s'\"-][^\s'\"]*)"),
    # openssl -passin pass:SECRET, keytool -storepass SECRET, --pass SECRET
    Rule("password", ("pass:",),
         r"(?<![\w-])pass:(?P<v>[^\s'\"]+)"),
    Rule("password", ("-pass", "--pass", "storepass", "keypass", "newpass", "oldpass", "kspass", "kppass", "dbpass",
     "adminpass", "rootpass", "srcpass", "destpass", "-pw ", "-pw=", "-pwd"),
         r"(?<![\w-])--?(?:(?:store|key|src|dest|srcstore|deststore|new|old|ks|kp|db|admin|root)?"
         r"pass(?:in|out)?|pw|pwd)(?:[ \t]+|=)['\"]?(?P<v>[^\s'\"-][^\s'\"]*)", re.IGNORECASE),
    # smbclient -U user%SECRET
    Rule("password", ("-u",),
         r"(?<=[ \t])(?:-U|--user)(?:[ \t]+|=)['\"]?[^\s%'\"]+%(?P<v>[^\s'\"]+)"),
    Rule("password", ("htpasswd",),
         r"\bhtpasswd[ \t]+-\w*b\w*[ \t]+(?:-\w+[ \t]+)?\S+[ \t]+\S+[ \t]+['\"]?(?P<v>[^\s'\"]+)"),
    Rule("password", ("net user",),
         r"\bnet[ \t]+user[ \t]+\S+[ \t]+(?P<v>[^\s/*][^\s]*)", re.IGNORECASE),
    # define('DB_PASSWORD', 'SECRET') / config.set("api_key", "SECRET") / getenv("TOKEN", "SECRET")
    Rule("secret", ("pass", "secret", "token", "key"),
         r"\([ \t]*[\"'][A-Za-z0-9_.-]{0,60}(?:passw(?:or)?d|secret|token|api[_-]?key|private[_-]?key)"
         r"[\"'][ \t]*,[ \t]*(?P<q>[\"'])(?P<v>[^\"'\n]+)(?P=q)[ \t]*\)", re.IGNORECASE),
    # --- other providers' tokens: one rule each (see _SERVICE_TOKENS) ---
    Rule("aws_access_key", ("abia", "acca", "a3t"),
         r"(?<![A-Z0-9])(?:ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}(?![A-Z0-9])"),
    # --- webhook URLs: the URL is the credential ---
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
         r")[^\s\"'<>`]*", re.IGNORECASE),
    # signed cloud URLs: Azure SAS sig=, S3 presigned X-Amz-Signature=
    Rule("cloud_key", ("sig=", "signature="),
         r"[?&](?:sig|x-amz-signature|signature)=(?P<v>[^\s&\"'<>#]{16,})", re.IGNORECASE),
    # the body of a PEM block whose BEGIN line is out of sight (a diff hunk, a cut): two or
    # more lines of 48-80 base64 characters in a row, each maybe led by a diff's + - or space
    Rule("private_key", ("\n",),
         r"(?m)^[ \t+-]?(?=[A-Za-z0-9+/]{48})"
         r"(?=[A-Za-z0-9+/]*[0-9])(?=[A-Za-z0-9+/]*[a-z])(?=[A-Za-z0-9+/]*[A-Z])"
         r"[A-Za-z0-9+/]{48,80}={0,2}[ \t]*"
         r"(?:\n[ \t+-]?[A-Za-z0-9+/]{16,80}={0,2}[ \t]*$)+"),

)

# (anchors, pattern) of other providers' tokens, as each provider publishes them: one rule
# each, so that a text runs only the rules whose prefix it holds.
SERVICE_TOKENS = (
    (("glpat-", "glptt-", "gldt-", "glrt-", "glcbt-", "gloas-", "glsoat-", "glft-", "glimt-",
      "glagent-"),
     r"(?:glpat|glptt|gldt|glrt|glcbt|gloas|glsoat|glft|glimt|glagent)-[A-Za-z0-9_-]{20,}"),
    (("hf_",), r"hf_[A-Za-z0-9]{30,}"),
    (("_v1_",), r"do[opr]_v1_[a-f0-9]{64}"),
    (("sg.",), r"SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}"),
    (("shpat_", "shpca_", "shppa_", "shpss_"), r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"),
    (("atatt3",), r"ATATT3[A-Za-z0-9_=-]{20,}"),
    (("lin_api_",), r"lin_api_[A-Za-z0-9]{40}"),
    (("ntn_", "secret_"), r"(?:ntn|secret)_[A-Za-z0-9]{43}"),
    (("dp.pt.", "dp.st.", "dp.ct.", "dp.sa.", "dp.scrt."),
     r"dp\.(?:pt|st|ct|sa|scrt)\.[A-Za-z0-9]{40,}"),
    (("pul-",), r"pul-[a-f0-9]{40}"),
    (("pmak-",), r"PMAK-[a-f0-9]{24}-[a-f0-9]{34}"),
    (("sq0atp-", "sq0csp-"), r"sq0(?:atp|csp)-[A-Za-z0-9_-]{22,}"),
    (("dapi",), r"dapi[a-f0-9]{32}"),
    (("gsk_",), r"gsk_[A-Za-z0-9]{40,}"),
    (("r8_",), r"r8_[A-Za-z0-9]{30,}"),
    (("ya29.",), r"ya29\.[A-Za-z0-9_-]{20,}"),
    (("gocspx-",), r"GOCSPX-[A-Za-z0-9_-]{20,}"),
    (("age-secret-key-",), r"AGE-SECRET-KEY-1[0-9A-Z]{58}"),
    (("figd_",), r"figd_[A-Za-z0-9_-]{30,}"),
    (("sntrys_", "sntryu_"), r"sntry[su]_[A-Za-z0-9_=+/-]{30,}"),
    (("glsa_", "glc_"), r"gl(?:sa|c)_[A-Za-z0-9_=+/-]{30,}"),
    (("hvs.", "hvb."), r"hv[sb]\.[A-Za-z0-9_-]{24,}"),
    ((".atlasv1.",), r"[a-z0-9]{14}\.atlasv1\.[A-Za-z0-9_-]{60,}"),
    (("tskey-",), r"tskey-[a-z]+-[A-Za-z0-9-]{10,}"),
    (("sbp_",), r"sbp_[a-f0-9]{40}"),
    (("nfp_",), r"nfp_[A-Za-z0-9]{30,}"),
    (("rnd_",), r"rnd_[A-Za-z0-9]{30,}"),
    (("pscale_",), r"pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{30,}"),
    (("xapp-",), r"xapp-\d-[A-Za-z0-9-]{20,}"),
    (("whsec_",), r"whsec_[A-Za-z0-9+/=]{24,}"),
    (("key-",), r"key-[0-9a-zA-Z]{32}"),
    (("dckr_pat_",), r"dckr_pat_[A-Za-z0-9_-]{20,}"),
    (("fo1_",), r"fo1_[A-Za-z0-9_-]{30,}"),
    ((":aa",), r"[0-9]{8,10}:AA[A-Za-z0-9_-]{33}"),
    (("q~",), r"[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}"),
)  # fmt: skip
TOKEN_RULES += tuple(
    Rule("service_token", anchors, r"(?<![A-Za-z0-9_-])" + pattern + r"(?![A-Za-z0-9_-])")
    for anchors, pattern in SERVICE_TOKENS
)

# key = value in env / JSON / YAML / code / escaped-JSON styles.
# The first letters of KEY_WORD's words: a position that starts none of them fails at
# once, instead of trying every word (this keeps the scan as fast as with English words only).
KEY_WORD_FIRST = "(?=[acehkmpstw\u043f\u041f\u30d1\u5bc6\ube44])"
ASSIGN = (
    KEY_WORD_FIRST + r"(?P<kw>" + KEY_WORD + r")(?![A-Za-z0-9_.-])"
    r"(?:\\?[\"'])?(?:[ \t]*\])?"
    r"(?P<pre>[ \t]*)(?P<sep>:=|:(?=[\s\"'\\])|=>|=(?![=~])|\uff1a|\uff1d)(?P<post>[ \t]*)"
    + VALUE
)
# --password VALUE (the = form is an assignment)
CLI = (
    r"(?<![A-Za-z0-9_-])--[A-Za-z0-9_-]{0,40}?(?P<kw>" + KEY_WORD + r")"
    r"(?![A-Za-z0-9_.-])[ \t]+"
    r"(?:\"(?P<dq>[^\"\\\n]*(?:\\.[^\"\\\n]*)*)\"|'(?P<sq>[^'\n]*)'"
    r"|(?P<bare>[^\s\"'`\-][^\s\"'`]*))"
)

# Text the assignment and --flag rules cannot match without (lowercased).
KEY_ANCHORS = ("pass", "key", "secret", "token", "\uff1a", "\uff1d") + FOREIGN_PASSWORD_WORDS

CONSTANTS = frozenset(
    "true false null none nil undefined yes no on off "
    "str string int bool bytes number boolean any object optional".split()
)
PLACEHOLDER_CHARS = frozenset("*xX.-_•")
# Bare words that are prose or code, never a password ("use --token to ...",
# "token: the API token", "if not token: return").
NOT_SECRET_WORDS = frozenset(
    "a an the to or and for with is are be in of if when as on from at by it "
    "this that your you must should will can see use not instead here "
    "required return raise pass continue break await yield new lambda "
    "function async typeof this self const let var def class import".split()
)
TRAILING = ")]}>.:"
