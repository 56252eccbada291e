"""The privacy filter: what never reaches the memory store.

Every piece of text memlane stores goes through :func:`clean_text` (or
:func:`clean_value` for a JSON value), which applies, in order:

1. :func:`strip_injected` - drops our own ``<memory-context ...>`` blocks and
   Claude Code's ``<system-reminder>`` blocks, so memory never stores itself;
2. :func:`strip_private` - drops ``<private>...</private>`` blocks;
3. :func:`redact_secrets` - replaces secret values with ``[REDACTED:<kind>]``.

Tag blocks (both kinds) match in any case, allow attributes
(``<private reason="x">``) and span lines. Nested blocks go whole; an opener
that is never closed removes everything after it (fail closed); a closer with
no opener ends a block opened in an earlier text (the next prompt of a user who
left ``<private>`` open), so everything before it goes too. The scan is a single pass over the tags, so it is linear
in the text length whatever the nesting.

Secret kinds (stable names, used in ``[REDACTED:<kind>]`` and by the secrets
audit via :func:`find_secrets`): ``private_key`` (PEM blocks, an unterminated
BEGIN redacts to the end), ``jwt``, ``anthropic_key``, ``openai_key``,
``github_token``, ``aws_access_key``, ``slack_token``, ``slack_webhook``,
``google_api_key``, ``stripe_key``, ``npm_token``, ``pypi_token``, ``bearer``
(the word ``Bearer`` is kept), ``basic_auth``, ``password`` (also the password
in ``scheme://user:pass@host`` and ``curl -u user:pass``), ``api_key``,
``token``, ``secret`` (assignments whose key name ends in one of those words,
in env / JSON / YAML / CLI / code styles; the key is kept, the value goes) and
``custom`` (the user's ``secret_patterns``; when a pattern has groups, group 1
is redacted, otherwise the whole match).

Left alone on purpose: prose such as "Bearer token auth", code that reads a
secret (``process.env.TOKEN``, ``os.environ["API_KEY"]``,
``token = get_token()``, ``password=password``, ``token: str``, ``$TOKEN``,
``${{ secrets.X }}``), empty values, placeholders (``****``, ``<token>``),
keys such as ``max_tokens`` / ``token_type`` / ``password_hash`` (the key
must *end* in a secret word), and free-standing hex hashes and UUIDs (there is
no entropy guessing).

Import cost matters (hook path): only ``re`` is imported, and the regular
expressions are compiled on first use.
"""
from __future__ import annotations

import re

__all__ = [
    "strip_private",
    "strip_injected",
    "redact_secrets",
    "find_secrets",
    "clean_text",
    "clean_value",
    "is_entirely_private",
    "clean_lines",
    "clean_key",
    "leaves_private_open",
]

# ---------------------------------------------------------------------------
# Tag blocks
# ---------------------------------------------------------------------------

_TAG_RES = {}


def _tag_re(names):
    """One regex matching an opening or closing tag of any of ``names``.

    A tag is ``<name`` or ``</name`` followed by whitespace, ``/``, ``>`` or the
    end of the text, then attributes up to ``>``. A tag whose ``>`` is missing
    (cut off by the end of the text, or by the next ``<``) still counts, so a
    broken opener fails closed. ``[^<>]*`` never backtracks, which keeps the
    scan linear.
    """
    rx = _TAG_RES.get(names)
    if rx is None:
        alt = "|".join(re.escape(n) for n in names)
        rx = re.compile(
            r"<(/?)(" + alt + r")(?=[\s/>]|\Z)[^<>]*>?",
            re.IGNORECASE | re.ASCII,
        )
        _TAG_RES[names] = rx
    return rx


def _strip_blocks(text, names, hide_before_stray=False):
    if "<" not in text:
        return text
    out = []
    pos = 0  # start of the text not yet copied to out
    depth = 0
    open_name = None
    for m in _tag_re(names).finditer(text):
        closing = m.group(1) == "/"
        name = m.group(2).lower()
        self_closing = not closing and m.group(0).endswith("/>")
        if depth == 0:
            if closing and hide_before_stray:
                out = []  # the end of a block opened in an earlier text: all before it goes
            else:
                out.append(text[pos:m.start()])
            pos = m.end()
            if closing or self_closing:
                continue  # a stray closer or an empty <private/>: drop the tag
            depth = 1
            open_name = name
        elif name == open_name:
            # Tags of another name inside an open block go with the block.
            if closing:
                depth -= 1
                if depth == 0:
                    pos = m.end()
            elif not self_closing:
                depth += 1
    if depth:
        return "".join(out)  # unclosed: everything after the opener goes
    if pos == 0:
        return text
    out.append(text[pos:])
    return "".join(out)


def strip_private(text: str) -> str:
    """Remove ``<private>...</private>`` blocks (see the module docstring)."""
    if not isinstance(text, str):
        return text
    return _strip_blocks(text, ("private",), hide_before_stray=True)


def strip_injected(text: str) -> str:
    """Remove ``<memory-context>`` and ``<system-reminder>`` blocks."""
    if not isinstance(text, str):
        return text
    return _strip_blocks(text, ("memory-context", "system-reminder"))


def leaves_private_open(text: str) -> bool:
    """True when ``text`` opens a ``<private>`` block it never closes."""
    if not isinstance(text, str) or "<" not in text:
        return False
    depth = 0
    for m in _tag_re(("private",)).finditer(text):
        if m.group(1) == "/":
            depth = max(0, depth - 1)
        elif not m.group(0).endswith("/>"):
            depth += 1
    return depth > 0


def is_entirely_private(original: str) -> bool:
    """True when ``original`` had content and only whitespace survives strip_private."""
    if not isinstance(original, str) or not original.strip():
        return False
    return not strip_private(original).strip()


# ---------------------------------------------------------------------------
# Secrets
# ---------------------------------------------------------------------------

# Words a key name must END with for its value to count as a secret
# (``DB_PASSWORD``, ``apiKey``, ``client_secret``, ``AWS_SECRET_ACCESS_KEY``).
_KEY_WORD = (
    r"(?:pass(?:word|wd|wort|phrase)|api[_-]?key"
    r"|(?:secret|access|private|account|sharedaccess|client|master|encryption|signing)[_-]?key"
    r"|secret|token"
    # the same label in other languages (matched as written: lower case or capitalised)
    r"|[пП]ароль|ПАРОЛЬ"
    r"|kennwort|contrase(?:ñ|n)a|mot[ _-]de[ _-]passe|senha|wachtwoord"
    r"|has(?:ł|l)o|パスワード|密码|密碼"
    r"|비밀번호)"
)
_FOREIGN_PASSWORD_WORDS = ("пароль", "kennwort", "contrase", "mot",
                           "senha", "wachtwoord", "has", "パス", "密",
                           "비밀")
# The value after a separator: an escaped-JSON string (\"v\"), a "string",
# a 'string', or a bare word (stops at whitespace, quotes, , ; and at the
# escapes \n \r \t \" of serialised text; in a URL query also at &).
_VALUE = (
    r"(?P<pfx>[bBrRuUfF]{1,2}(?=[\"']))?"
    r"(?:\\\"(?P<eq>[^\"\n]*?)\\\""
    r"|\"(?P<dq>[^\"\\\n]*(?:\\.[^\"\\\n]*)*)\""
    r"|'(?P<sq>[^'\n]*)'"
    r"|`(?P<bq>[^`\n]*)`"
    r"|[\"']?(?P<bare>(?:[^\s\"'`,;\\]|\\(?![nrt\"']))[^\s\"'`,;\\]*"
    r"(?:\\(?![nrt\"'])[^\s\"'`,;\\]*)*))"
)

# (kind, pattern, flags); earlier rules win the kind when spans overlap.
_TOKEN_RULES = (
    ("private_key",
     r"-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----.*?"
     r"(?:-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|\Z)",
     re.DOTALL),
    ("jwt",
     r"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*",
     0),
    ("anthropic_key", r"(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,}", 0),
    ("openai_key",
     r"(?<![A-Za-z0-9_-])sk-(?!ant-)(?:(?:proj|svcacct|admin)-)?[A-Za-z0-9_-]{20,}",
     0),
    ("github_token",
     r"(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})",
     0),
    ("aws_access_key", r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])", 0),
    ("slack_token", r"(?<![A-Za-z0-9_-])xox[bpars]-[A-Za-z0-9-]{10,}", 0),
    ("slack_webhook",
     r"https://hooks\.slack\.com/services/[A-Za-z0-9_/-]{20,}", 0),
    ("google_api_key", r"(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]{35}", 0),
    ("stripe_key", r"(?<![A-Za-z0-9_])[sr]k_(?:live|test)_[A-Za-z0-9]{16,}", 0),
    ("npm_token", r"(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])", 0),
    ("pypi_token", r"(?<![A-Za-z0-9_-])pypi-AgE[A-Za-z0-9_-]{40,}", 0),
    # Only the value goes; the word Bearer stays.
    ("bearer",
     r"\bbearer[ \t]+(?P<v>[A-Za-z0-9._~+/-]{20,}=*)(?![A-Za-z0-9._~+/=-])",
     re.IGNORECASE),
    ("basic_auth",
     r"\bauthorization[\"']?[ \t]*[:=][ \t]*[\"']?basic[ \t]+"
     r"(?P<v>[A-Za-z0-9+/]{8,}={0,2})",
     re.IGNORECASE),
    ("token",
     r"\bauthorization[\"']?[ \t]*[:=][ \t]*[\"']?token[ \t]+(?P<v>[A-Za-z0-9._~+/-]{8,}=*)",
     re.IGNORECASE),
    # scheme://user:PASSWORD@host
    ("password",
     r"(?<![A-Za-z0-9.])[A-Za-z][A-Za-z0-9+.-]{0,30}://[^\s:/@\"'<>]{0,200}:"
     r"(?P<v>[^\s/@\"'<>]{1,200})@",
     0),
    # .netrc: machine HOST login USER password PASSWORD
    ("password",
     r"\blogin[ \t]+[^\s\"']{1,200}[ \t]+password[ \t]+(?P<v>[^\s\"'$][^\s\"']*)",
     0),
    # curl -u user:PASSWORD / --user=user:PASSWORD
    ("password",
     r"(?<![A-Za-z0-9_-])(?:-u|--user)(?:[ \t]+|=)[\"']?[^\s:\"'$-][^\s:\"']*:"
     r"(?P<v>[^\s\"'$][^\s\"']*)",
     0),
    # --- credentials on command lines (each anchored on its tool's name) ---
    # mysql -u root -pSECRET (attached: `-p NAME` asks for the password, NAME is a database)
    ("password",
     r"(?<![\w/.-])(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlsh|mysqlcheck|mariadb"
     r"|mariadb-dump|mariadb-admin)(?:\.exe)?[ \t][^\n|;&]{0,300}?(?<=[ \t])-p['\"]?"
     r"(?P<v>[^\s'\"]+)",
     0),
    ("password", r"\bsshpass[ \t][^\n|;&]{0,200}?(?<=[ \t])-p[ \t]*['\"]?(?P<v>[^\s'\"]+)", 0),
    # docker / podman / helm ... login -p SECRET
    ("password",
     r"\blogin\b[^\n|;&]{0,300}?(?<=[ \t])-p(?:[ \t]+|=)['\"]?(?P<v>[^\s'\"-][^\s'\"]*)",
     0),
    # echo SECRET | docker login --password-stdin / chpasswd / passwd --stdin / sudo -S
    ("password",
     r"\b(?:echo|printf)(?:[ \t]+-[neE]{1,3})*[ \t]+(?:['\"]%s(?:\\n)?['\"][ \t]+)?['\"]?"
     r"(?P<v>[^\s'\"|]+)['\"]?[ \t]*\|[ \t]*[^\n|;&]{0,200}?"
     r"(?:-stdin\b|\bchpasswd\b|\bpasswd\b|\bsudo[ \t]+(?:-\w+[ \t]+)*?-S\b)",
     0),
    # aws configure set aws_secret_access_key SECRET / npm config set //reg/:_authToken SECRET
    ("secret",
     r"\bconfig(?:ure)?[ \t]+set[ \t]+(?:--[\w-]+[ \t]+[^\s-]\S*[ \t]+)*"
     r"[\w./:@-]*(?:secret|token|passw(?:or)?d|_key|key_id)[\w./:-]*[ \t]+['\"]?(?P<v>[^\s'\"]+)",
     re.IGNORECASE),
    # Windows: setx GITHUB_TOKEN SECRET
    ("token",
     r"\bsetx[ \t]+(?:/m[ \t]+)?['\"]?\w*(?:token|secret|key|pass\w*|pwd)['\"]?[ \t]+['\"]?"
     r"(?P<v>[^\s'\"]+)",
     re.IGNORECASE),
    # gh secret set NAME --body SECRET
    ("secret",
     r"\bsecret[ \t]+set[ \t]+[^\n|;&]{0,200}?(?<=[ \t])(?:-b|--body)(?:[ \t]+|=)['\"]?"
     r"(?P<v>[^\s'\"]+)",
     0),
    # SQL: ALTER USER x WITH PASSWORD 'SECRET' / CREATE USER x IDENTIFIED BY 'SECRET'
    ("password", r"\bpassword[ \t]+(?P<q>['\"])(?P<v>[^'\"\n]+)(?P=q)", re.IGNORECASE),
    ("password",
     r"\bidentified[ \t]+(?:with[ \t]+\S+[ \t]+)?by[ \t]+(?:password[ \t]+)?(?P<q>['\"])"
     r"(?P<v>[^'\"\n]+)(?P=q)",
     re.IGNORECASE),
    ("password", r"\bIDENTIFIED[ \t]+BY[ \t]+(?!PASSWORD\b)(?P<v>[^\s'\";]+)", 0),
    # connection strings: ...;Pwd=SECRET;  Password=two words;
    ("password",
     r"(?<![A-Za-z0-9_])(?:pwd|passw(?:or)?d)[ \t]*=[ \t]*(?P<v>[^;\s\"'/~$][^;\"'\n]{0,80}?)"
     r"[ \t]*;",
     re.IGNORECASE),
    ("password", r";[ \t]*pwd[ \t]*=[ \t]*(?P<v>[^;\"'\s/~$][^;\"'\s]*)", re.IGNORECASE),
    # .pgpass: host:port:database:user:SECRET (a diff's +/- allowed in front)
    ("password",
     r"(?m)^[ \t+-]?[^\s:#][^\s:]*:(?:\d{1,5}|\*):[^\s:]+:[^\s:]+:(?P<v>(?:[^\s:\\]|\\.)+)[ \t]*$",
     0),
    # Oracle: jdbc:oracle:thin:user/SECRET@host, sqlplus user/SECRET@db
    ("password", r"\bjdbc:oracle:[a-z0-9]+:[^\s/@:\"']+/(?P<v>[^\s@\"']+)@", re.IGNORECASE),
    ("password",
     r"\b(?:sqlplus|sqlldr|expdp|impdp|rman)(?:[ \t]+-\w+)*[ \t]+['\"]?[^\s/@'\"]+/"
     r"(?P<v>[^\s@'\"]+)",
     0),
    ("password", r"\bredis-cli\b[^\n|;&]{0,300}?(?<=[ \t])-a[ \t]+['\"]?(?P<v>[^\s'\"]+)", 0),
    ("password",
     r"\b(?:sqlcmd|bcp|osql|isql)\b[^\n|;&]{0,300}?(?<=[ \t])-P[ \t]*['\"]?(?P<v>[^\s'\"]+)", 0),
    ("password",
     r"\bldap(?:search|add|modify|delete|passwd|whoami|compare|modrdn)\b[^\n|;&]{0,300}?"
     r"(?<=[ \t])-w[ \t]+['\"]?(?P<v>[^\s'\"]+)",
     0),
    ("password",
     r"\b(?:zip|unzip|zipcloak)\b[^\n|;&]{0,300}?(?<=[ \t])-P[ \t]+['\"]?(?P<v>[^\s'\"]+)", 0),
    ("password", r"\b7z[az]?\b[^\n|;&]{0,300}?(?<=[ \t])-p(?P<v>[^\s'\"]+)", 0),
    ("password",
     r"\bmongo(?:sh|dump|restore|import|export)?\b[^\n|;&]{0,300}?(?<=[ \t])-p[ \t]+['\"]?"
     r"(?P<v>[^\s'\"-][^\s'\"]*)",
     0),
    # openssl -passin pass:SECRET, keytool -storepass SECRET, --pass SECRET
    ("password", r"(?<![\w-])pass:(?P<v>[^\s'\"]+)", 0),
    ("password",
     r"(?<![\w-])--?(?:(?:store|key|src|dest|srcstore|deststore|new|old|ks|kp|db|admin|root)?"
     r"pass(?:in|out)?|pw|pwd)(?:[ \t]+|=)['\"]?(?P<v>[^\s'\"-][^\s'\"]*)",
     re.IGNORECASE),
    # smbclient -U user%SECRET
    ("password", r"(?<=[ \t])(?:-U|--user)(?:[ \t]+|=)['\"]?[^\s%'\"]+%(?P<v>[^\s'\"]+)", 0),
    ("password",
     r"\bhtpasswd[ \t]+-\w*b\w*[ \t]+(?:-\w+[ \t]+)?\S+[ \t]+\S+[ \t]+['\"]?(?P<v>[^\s'\"]+)", 0),
    ("password", r"\bnet[ \t]+user[ \t]+\S+[ \t]+(?P<v>[^\s/*][^\s]*)", re.IGNORECASE),
    # define('DB_PASSWORD', 'SECRET') / config.set("api_key", "SECRET") / getenv("TOKEN", "SECRET")
    ("secret",
     r"\([ \t]*[\"'][A-Za-z0-9_.-]{0,60}(?:passw(?:or)?d|secret|token|api[_-]?key|private[_-]?key)"
     r"[\"'][ \t]*,[ \t]*(?P<q>[\"'])(?P<v>[^\"'\n]+)(?P=q)[ \t]*\)",
     re.IGNORECASE),
    # --- other providers' tokens: one rule each (see _SERVICE_TOKENS) ---
    ("aws_access_key", r"(?<![A-Z0-9])(?:ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}(?![A-Z0-9])", 0),
    # --- webhook URLs: the URL is the credential ---
    ("webhook",
     r"https?://(?:"
     r"(?:[a-z0-9-]+\.)?discord(?:app)?\.com/api/webhooks/"
     r"|[A-Za-z0-9.-]+\.webhook\.office\.com/webhookb2/"
     r"|outlook\.office(?:365)?\.com/webhook/"
     r"|hooks\.zapier\.com/hooks/catch/"
     r"|chat\.googleapis\.com/v1/spaces/"
     r"|maker\.ifttt\.com/trigger/"
     r"|api\.telegram\.org/bot"
     r"|[^\s/\"'<>]{1,200}/hooks/(?=[a-z0-9]{26}(?![a-z0-9]))"
     r")[^\s\"'<>`]*",
     re.IGNORECASE),
    # signed cloud URLs: Azure SAS sig=, S3 presigned X-Amz-Signature=
    ("cloud_key",
     r"[?&](?:sig|x-amz-signature|signature)=(?P<v>[^\s&\"'<>#]{16,})",
     re.IGNORECASE),
    # the body of a PEM block whose BEGIN line is out of sight (a diff hunk, a cut): two or
    # more lines of 48-80 base64 characters in a row, each maybe led by a diff's + - or space
    ("private_key",
     r"(?m)^[ \t+-]?(?=[A-Za-z0-9+/]{48})"
     r"(?=[A-Za-z0-9+/]*[0-9])(?=[A-Za-z0-9+/]*[a-z])(?=[A-Za-z0-9+/]*[A-Z])"
     r"[A-Za-z0-9+/]{48,80}={0,2}[ \t]*"
     r"(?:\n[ \t+-]?[A-Za-z0-9+/]{16,80}={0,2}[ \t]*$)+",
     0),
)

# (anchors, pattern) of other providers' tokens, as each provider publishes them: one rule
# each, so that a text runs only the rules whose prefix it holds.
_SERVICE_TOKENS = (
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
_TOKEN_RULES += tuple(
    ("service_token", r"(?<![A-Za-z0-9_-])" + pattern + r"(?![A-Za-z0-9_-])", 0)
    for _anchors, pattern in _SERVICE_TOKENS
)

# key = value in env / JSON / YAML / code / escaped-JSON styles.
# The first letters of _KEY_WORD's words: a position that starts none of them fails at
# once, instead of trying every word (this keeps the scan as fast as with English words only).
_KEY_WORD_FIRST = "(?=[acehkmpstw\u043f\u041f\u30d1\u5bc6\ube44])"
_ASSIGN = (
    _KEY_WORD_FIRST + r"(?P<kw>" + _KEY_WORD + r")(?![A-Za-z0-9_.-])"
    r"(?:\\?[\"'])?(?:[ \t]*\])?"
    r"(?P<pre>[ \t]*)(?P<sep>:=|:(?=[\s\"'\\])|=>|=(?![=~])|\uff1a|\uff1d)(?P<post>[ \t]*)"
    + _VALUE
)
# --password VALUE (the = form is an assignment)
_CLI = (
    r"(?<![A-Za-z0-9_-])--[A-Za-z0-9_-]{0,40}?(?P<kw>" + _KEY_WORD + r")"
    r"(?![A-Za-z0-9_.-])[ \t]+"
    r"(?:\"(?P<dq>[^\"\\\n]*(?:\\.[^\"\\\n]*)*)\"|'(?P<sq>[^'\n]*)'"
    r"|(?P<bare>[^\s\"'`\-][^\s\"'`]*))"
)

# Text a rule cannot match without (lowercased).  Most text a hook sees (a diff,
# test output) holds none of them, and then no secret regex is compiled or run.
_RULE_ANCHORS = (
    ("private key",), ("eyj",), ("sk-ant-",), ("sk-",),
    ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"), ("akia", "asia"), ("xox",),
    ("hooks.slack.com",), ("aiza",), ("k_live_", "k_test_"), ("npm_",), ("pypi-age",),
    ("bearer",), ("authorization",), ("authorization",), ("://",), ("login",), ("-u",),
    ("mysql", "mariadb"), ("sshpass",), ("login",), ("stdin", "passwd", "sudo"),
    ("config set", "configure set"),
    ("setx",), ("secret",), ("password",), ("identified",), ("identified",), ("pwd", "passw"),
    ("pwd",),
    (":",), ("jdbc:oracle",), ("sqlplus", "sqlldr", "expdp", "impdp", "rman "), ("redis-cli",),
    ("sqlcmd", "bcp", "osql", "isql"), ("ldap",), ("zip",), ("7z",), ("mongo",), ("pass:",),
    ("-pass", "--pass", "storepass", "keypass", "newpass", "oldpass", "kspass", "kppass", "dbpass",
     "adminpass", "rootpass", "srcpass", "destpass", "-pw ", "-pw=", "-pwd"),
    ("-u",), ("htpasswd",), ("net user",),
    ("pass", "secret", "token", "key"),
    ("abia", "acca", "a3t"),
    ("/api/webhooks/", "webhook.office.com", "outlook.office", "hooks.zapier.com",
     "chat.googleapis.com", "maker.ifttt.com", "api.telegram.org", "/hooks/"),
    ("sig=", "signature="),
    ("\n",),
) + tuple(anchors for anchors, _pattern in _SERVICE_TOKENS)  # fmt: skip
_KEY_ANCHORS = ("pass", "key", "secret", "token", "\uff1a", "\uff1d") + _FOREIGN_PASSWORD_WORDS
_ALL_ANCHORS = tuple(dict.fromkeys(a for anchors in _RULE_ANCHORS for a in anchors)) + _KEY_ANCHORS

_COMPILED = None
_KEY_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
_CONSTANTS = frozenset(
    "true false null none nil undefined yes no on off "
    "str string int bool bytes number boolean any object optional".split()
)
_PLACEHOLDER_CHARS = frozenset("*xX.-_•")
# Bare words that are prose or code, never a password ("use --token to ...",
# "token: the API token", "if not token: return").
_NOT_SECRET_WORDS = frozenset(
    "a an the to or and for with is are be in of if when as on from at by it "
    "this that your you must should will can see use not instead here "
    "required return raise pass continue break await yield new lambda "
    "function async typeof this self const let var def class import".split()
)
_TRAILING = ")]}>.:"
_DOTTED = None
_REFERENCE = None
_ENDS_WITH_KEY_WORD = None


def _compiled():
    global _COMPILED, _DOTTED, _REFERENCE, _ENDS_WITH_KEY_WORD
    if _COMPILED is None:
        # A rule is compiled the first time a text holds one of its anchors: a hook is
        # one process per event, and compiling all of them would cost it ~20 ms.
        rules = tuple((prio, kind) for prio, (kind, _pattern, _flags) in enumerate(_TOKEN_RULES))
        n = len(rules)
        _DOTTED = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+\Z")
        # ${X} $(cmd) {{ tpl }} {% tag %} <%= erb %> [REDACTED:x] as prefixes;
        # $NAME {name} %s %(name)s <placeholder> as the whole value.
        _REFERENCE = re.compile(
            r"(?:\$[{(]|\{\{|\{%|<%|\[REDACTED\b)"
            r"|(?:\$[A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_.]*\}"
            r"|%(?:\([A-Za-z_][A-Za-z0-9_]*\))?[sdr]|<[^<>]*>?)\Z"
        )
        _ENDS_WITH_KEY_WORD = re.compile(
            r"[A-Za-z0-9_.-]*?(?P<kw>" + _KEY_WORD + r")\Z", re.IGNORECASE | re.ASCII
        )
        _COMPILED = (rules, n, n + 1, n + 2)
    return _COMPILED


_RULE_RX: dict = {}


def _rule_rx(prio: int):
    rx = _RULE_RX.get(prio)
    if rx is None:
        _kind, pattern, flags = _TOKEN_RULES[prio]
        rx = _RULE_RX[prio] = re.compile(pattern, flags | re.ASCII)
    return rx


def _keyed_rx():
    """The assignment and --flag rules, compiled on first use."""
    rx = _RULE_RX.get("keyed")
    if rx is None:
        rx = _RULE_RX["keyed"] = (re.compile(_ASSIGN, re.IGNORECASE | re.ASCII),
                                  re.compile(_CLI, re.IGNORECASE | re.ASCII))  # fmt: skip
    return rx


_EXTRA_CACHE = {}


def _compile_extra(extra_patterns):
    """Compile the user's patterns; invalid ones (or non-strings) are skipped."""
    if not extra_patterns:
        return ()
    if isinstance(extra_patterns, (str, re.Pattern)):
        extra_patterns = (extra_patterns,)
    try:
        key = tuple(extra_patterns)
        hash(key)
    except TypeError:
        return ()
    got = _EXTRA_CACHE.get(key)
    if got is None:
        compiled = []
        for p in key:
            if isinstance(p, re.Pattern):
                compiled.append(p)
            elif isinstance(p, str) and p:
                try:
                    compiled.append(re.compile(p))
                except (re.error, ValueError, TypeError, OverflowError, RecursionError):
                    pass
        got = tuple(compiled)
        if len(_EXTRA_CACHE) > 64:
            _EXTRA_CACHE.clear()
        _EXTRA_CACHE[key] = got
    return got


def _kind_for(word):
    w = word.lower()
    if w.startswith("pass") or w.startswith(_FOREIGN_PASSWORD_WORDS):
        return "password"
    if w.startswith("api"):
        return "api_key"
    if w.endswith("token"):
        return "token"
    return "secret"


def _key_before(text, kw_start, kw):
    """The whole key name ending in ``kw`` (``DB_PASSWORD`` for ``PASSWORD``)."""
    i = kw_start
    stop = max(0, kw_start - 100)
    while i > stop and text[i - 1] in _KEY_CHARS:
        i -= 1
    return text[i:kw_start] + kw


def _is_reference(value):
    """A quoted or bare value that names a secret instead of holding one."""
    v = value.strip()
    if not v:
        return True
    if v.lower() in _CONSTANTS:
        return True
    if len(v) >= 3 and set(v) <= _PLACEHOLDER_CHARS:  # ****, xxxx, ...
        return True
    return _REFERENCE.match(v) is not None


def _looks_like_name(value):
    """`db_password`, `otherToken`, `API_TOKEN`: a variable; `MySuperSecret`, `MyToken`: a value."""
    if "_" in value or value[0].islower():
        return value.replace("_", "").replace("-", "").isalnum()
    return value.isupper()


def _bare_is_literal(text, m, value, vend, key, kw, style):
    """Judge whether a bare (unquoted) value is a literal secret or code."""
    if _is_reference(value):
        return False
    low = value.lower()
    if low in _NOT_SECRET_WORDS:
        return False
    if low == key.lower() or low == kw.lower() or low == key.lower().lstrip("-"):
        return False  # password=password (a keyword argument passed along)
    if "(" in value or "[" in value:
        return False  # get_token() / os.environ["X"] / getenv(...)
    if _DOTTED.match(value):
        return False  # process.env.TOKEN, self.token, settings.SECRET_KEY
    if style in ("spaced", "colon") and _ENDS_WITH_KEY_WORD.match(value) and _looks_like_name(value):
        return False  # token: otherToken / password = db_password (variables)
    if style == "cli":
        return True
    eol = text.find("\n", vend)
    rest = text[vend:eol if eol >= 0 else len(text)].lstrip(" \t")
    if value[0] == "#" and (m.group("post") or m.group("pre")):
        return False  # "password = # comment"
    if style == "spaced":
        # `password = hunter2` (ini) is a literal; `token = await getToken()`
        # or `token = a + b` is code: literals end the line.
        return not rest or rest.startswith(("#", "//", ";", ",", "\r", "\\n"))
    if style == "colon":
        # `token: Token = None` / `token: Foo | None` / `f(token: AuthToken)` are type annotations.
        if rest.startswith((")", "]")) and _ENDS_WITH_KEY_WORD.match(value):
            return False
        return not rest.startswith(("=", "|"))
    return True


def find_secrets(text: str, extra_patterns=()) -> list:
    """``(kind, start, end)`` of every secret value :func:`redact_secrets` replaces.

    Spans are sorted and never overlap: overlapping finds are merged into one
    span that takes the kind of the most specific rule (a key found inside a
    ``Bearer`` header or an assignment is reported as that key's kind).
    """
    if not isinstance(text, str) or not text:
        return []
    lowered = text.lower()
    if not extra_patterns and not any(anchor in lowered for anchor in _ALL_ANCHORS):
        return []
    rules, assign_prio, cli_prio, custom_prio = _compiled()
    found = []  # (start, prio, end, kind)
    for prio, kind in rules:
        if not any(anchor in lowered for anchor in _RULE_ANCHORS[prio]):
            continue
        rx = _rule_rx(prio)
        has_value = "v" in rx.groupindex
        for m in rx.finditer(text):
            if has_value:
                s, e = m.span("v")
                if _is_reference(m.group("v")):  # $PASSWORD, ${{ secrets.X }}, <token>
                    continue
            else:
                s, e = m.span()
            if e > s and not _inside_marker(text, s):  # already redacted
                found.append((s, prio, e, kind))

    keyed = any(anchor in lowered for anchor in _KEY_ANCHORS)
    assign, cli = _keyed_rx() if keyed else (None, None)
    for prio, rx, style_of in ((assign_prio, assign, None), (cli_prio, cli, "cli")):
        if not keyed:
            break
        for m in rx.finditer(text):
            kw = m.group("kw")
            for group in ("eq", "dq", "sq", "bq", "bare"):
                value = m.group(group) if group in rx.groupindex else None
                if value is not None:
                    break
            else:  # pragma: no cover - the regex always sets one
                continue
            s, e = m.span(group)
            key = _key_before(text, m.start("kw"), kw)
            if group == "bare":
                if _is_reference(value):  # before trimming: <your-token>
                    continue
                key_start = m.start("kw") - (len(key) - len(kw))
                if key_start > 0 and text[key_start - 1] in "?&":
                    amp = value.find("&")  # ?access_token=abc&state=x
                    if amp >= 0:
                        e -= len(value) - amp
                        value = value[:amp]
                if value and value[-1] in "=:" and text[e:e + 1] in ("\"", "'"):
                    # `secret: API_KEY="v"`: the value is itself an assignment; its
                    # quoted part goes too (a value is one line)
                    close = text.find(text[e], e + 1, e + 4001)
                    eol = text.find("\n", e, close if close >= 0 else e)
                    if close >= 0 and eol < 0:
                        e = close + 1
                        value = text[s:e]
                stripped = value.rstrip(_TRAILING)
                e -= len(value) - len(stripped)
                value = stripped
                if not value:
                    continue
                style = style_of
                if style is None:
                    sep = m.group("sep")
                    if sep in (":", "\uff1a"):
                        style = "colon"
                    elif sep == "=" and not m.group("pre") and not m.group("post"):
                        style = "loose"
                    else:
                        style = "spaced"
                if not _bare_is_literal(text, m, value, e, key, kw, style):
                    continue
            elif _is_reference(value) or value.lower() == key.lower():
                continue
            elif ("${" in value if group == "bq"
                  else "{" in value and "f" in (m.groupdict().get("pfx") or "").lower()):
                continue  # an f-string / template literal: code, not a literal
            found.append((s, prio, e, _kind_for(kw)))

    for rx in _compile_extra(extra_patterns):
        use_group = rx.groups > 0
        try:
            for m in rx.finditer(text):
                if use_group and m.start(1) >= 0:
                    s, e = m.span(1)
                else:
                    s, e = m.span()
                if e > s and not _inside_marker(text, s):
                    found.append((s, custom_prio, e, "custom"))
        except (RecursionError, MemoryError):  # pragma: no cover - defensive
            continue

    if not found:
        return []
    found.sort()
    merged = []
    cur_s, cur_p, cur_e, cur_k = found[0]
    for s, p, e, k in found[1:]:
        if s < cur_e:  # overlap: one span, kind of the most specific rule
            if e > cur_e:
                cur_e = e
            if p < cur_p:
                cur_p, cur_k = p, k
        else:
            merged.append((cur_k, cur_s, cur_e))
            cur_s, cur_p, cur_e, cur_k = s, p, e, k
    merged.append((cur_k, cur_s, cur_e))
    return merged


_MARKER = re.compile(r"\[REDACTED(?::[a-z_]+)?\]")


def _inside_marker(text: str, at: int) -> bool:
    """`at` falls inside a `[REDACTED:kind]` marker (`https://[REDACTED:github_token]@host`
    must not read as user `[REDACTED`, password `github_token]`)."""
    # a marker is short: look back only that far, or many finds would each scan the whole text
    start = text.rfind("[REDACTED", max(0, at - 64), at + len("[REDACTED"))
    if start < 0:
        return False
    marker = _MARKER.match(text, start)
    return marker is not None and at < marker.end()


def redact_secrets(text: str, extra_patterns=()) -> str:
    """Replace every secret :func:`find_secrets` reports with ``[REDACTED:<kind>]``."""
    spans = find_secrets(text, extra_patterns)
    if not spans:
        return text
    out = []
    pos = 0
    for kind, s, e in spans:
        out.append(text[pos:s])
        out.append("[REDACTED:" + kind + "]")
        pos = e
    out.append(text[pos:])
    return "".join(out)


# ---------------------------------------------------------------------------
# The one filter
# ---------------------------------------------------------------------------


def clean_text(text: str, extra_patterns=()) -> str:
    """strip_injected, then strip_private, then redact_secrets. Non-str passes through."""
    if not isinstance(text, str):
        return text
    text = _strip_blocks(text, ("memory-context", "system-reminder"))
    text = _strip_blocks(text, ("private",), hide_before_stray=True)
    return redact_secrets(text, extra_patterns)


def clean_value(value, extra_patterns=()):
    """A copy of a JSON value with :func:`clean_text` applied to every string value.

    Dict keys go through :func:`clean_text` too (two keys that clean to the same
    text stay apart, ``#2`` added); a list of two or more strings is cleaned as
    the one text its lines make (:func:`clean_lines`). A string under a key whose
    name ends in a
    secret word (``"password"``, ``"apiKey"``, ``"client_secret"``,
    ``"GITHUB_TOKEN"``; the same rule as ``key=value`` text) is replaced whole
    by ``[REDACTED:<kind>]`` unless it is empty or a reference (``$X``,
    ``<placeholder>``), because a parsed JSON string no longer carries its key.
    Lists (and tuples, which come back as lists) and dicts are copied; other
    values (numbers, None, bools) are returned as they are. The walk is
    iterative, so any nesting depth works, and a container met twice (or a
    cycle) maps to the same copy.
    """
    if isinstance(value, str):
        return clean_text(value, extra_patterns)
    if not isinstance(value, (dict, list, tuple)):
        return value
    _compiled()
    extra = _compile_extra(extra_patterns)  # compile once for the whole walk
    root = {} if isinstance(value, dict) else []
    copies = {id(value): root}
    stack = [(value, root)]
    keep = [value]  # keeps ids stable while we walk

    def child(v):
        if isinstance(v, str):
            return clean_text(v, extra)
        if isinstance(v, (dict, list, tuple)):
            got = copies.get(id(v))
            if got is None:
                got = {} if isinstance(v, dict) else []
                copies[id(v)] = got
                keep.append(v)
                stack.append((v, got))
            return got
        return v

    while stack:
        src, dst = stack.pop()
        if isinstance(src, dict):
            for k, v in src.items():
                out_key = clean_key(k, extra, dst)
                if isinstance(v, str) and isinstance(k, str) and v and not _is_reference(v):
                    m = _ENDS_WITH_KEY_WORD.match(k)
                    if m is not None:
                        dst[out_key] = "[REDACTED:" + _kind_for(m.group("kw")) + "]"
                        continue
                dst[out_key] = child(v)
        elif len(src) > 1 and all(isinstance(v, str) for v in src):
            dst.extend(clean_lines(src, extra))
        else:
            for v in src:
                dst.append(child(v))
    return root


def clean_key(key, extra, taken):
    """A dict key through the filter too (an MCP input may use a token as a key)."""
    if not isinstance(key, str) or not key:
        return key
    cleaned = clean_text(key, extra)
    if cleaned == key:
        return key
    n = 2
    out = cleaned
    while out in taken:
        out = f"{cleaned}#{n}"
        n += 1
    return out


def clean_lines(lines, extra_patterns=()) -> list:
    """A list of strings cleaned as the one text they make together (a diff hunk's lines):
    a PEM block or a ``<private>`` block spread over several lines goes as a whole.

    The same number of lines comes back when the filter only replaced text within lines;
    a block removed across lines comes back as fewer lines."""
    joined = "\n".join(lines)
    cleaned = clean_text(joined, extra_patterns)
    if cleaned == joined:
        return list(lines)
    return cleaned.split("\n")
