"""What is never a secret, whatever a finder says: the last word on every span (store/privacy/__init__.py).

Each class here is public by design or a stand-in for a secret, and memory is worse without it:

- structural ids of Claude Code and its API: tool-use ids (``toolu_01…``, which may hold
  ``Pw``, ``key``, ``pass``, ``sk`` by chance), message and request ids (``msg_01…``,
  ``req_011C…``), a cloud session's (``session_01…``, in ``claude.ai/code/session_01…``); payment and session object ids of a provider (``cs_test_…``, ``pi_…``)
  unless they carry a ``_secret_``;
- versions and version ranges (``^9.0.2``, ``~> 4.5``, ``>=2.8.0``);
- placeholders (``your_openai_key``, ``YOUR_TOKEN``, ``<password>``, ``CHANGE_ME``, ``xxxx``,
  ``sk-...``, ``INSERT_TOKEN_HERE``);
- the same stand-ins after a provider's prefix (``sk_test_xxxx…``, ``xoxb-your-token``), and
  values made of words one of which says stand-in (``changeme123``, ``please-change-this``);
- a key that marks itself as a documentation example, ending in ``EXAMPLE`` or ``EXAMPLEKEY``
  in upper case (AWS's documented ``AKIAIOSFODNN7EXAMPLE``, ``…bPxRfiCYEXAMPLEKEY``);
- password hashes in the modular crypt format (``$2b$12$…``, ``$argon2id$…``, Cisco's and
  Juniper's ``$8$…``/``$9$…``, Django's
  ``pbkdf2_sha256$…``): hashes, like any other;
- unsigned JWTs (an empty signature, or ``"alg":"none"``): examples, not credentials;
- a JWT whose own claims make it the anonymous role's key (``"role": "anon"``, no ``sub``,
  ``email``, session): what a browser is given before anyone signs in (a ``service_role``'s or a
  user's stays a secret);
- public keys and addresses (``ssh-ed25519 AAAA…``, ``pk_live_…``, ``age1…``, ``npub1…``,
  a 40-hex wallet address, ``bc1…``, a PEM ``PUBLIC KEY`` or ``CERTIFICATE`` body, a value
  labelled public: ``PublicKey = …``), and key fingerprints (``SHA256:…``, a ``thumbprint``);
- signatures: a ``PGP SIGNATURE`` or ``SSH SIGNATURE`` block (a signed commit's ``gpgsig``);
- a file's content in base64, by its magic (a PNG ``iVBORw0KGgo…``, JPEG, GIF, WebP, PDF, SVG),
  as a notebook's ``"image/png"`` output carries it;
- dates and times (``2027-03-14T10:22:31Z``, ``2026-03-14``): when a credential expires is not it;
  a number of three digits at most (a line or a count: ``generic-api-key:12``; a PIN has four);
- a vulnerability's public id (``CVE-2022-23529``, ``GHSA-…``, ``RUSTSEC-…``, ``PYSEC-…``);
- a cell of a command's table under a column that names what is not a secret (``DIGEST``,
  ``HASH``, ``ID``, ``CREATED``: ``fly secrets list``'s ``STRIPE_SECRET_KEY  3f2a1b0c…``);
- the e-mail address of a policy's member (``serviceAccount:deployer@acme.iam.gserviceaccount.com``,
  ``group:…``, ``mailto:…``, each a word of its own): not a URL's user and password
  (``https://domain:X@host`` is one);
- keys public by design, shipped to every browser: a map's public token (``pk.eyJ…``), an
  analytics project key (``phc_…``), a captcha's site key (``site key: 6L…``, ``data-sitekey``, where ``captcha`` or ``turnstile``
  stands before it),
  a value of a name its framework exposes to the browser (``NEXT_PUBLIC_…``, ``EXPO_PUBLIC_…``;
  not a provider's secret shape, nor a name that says password, secret or private);
- the public members of a JSON Web Key (``n``, ``e``, ``x``, ``y``, ``kid``, ``x5c``, ``x5t`` of
  an object with a ``kty``); its private ones (``d``, ``p``, ``q``, ``dp``, ``dq``, ``qi``, ``k``)
  stay secrets;
- values a page or a protocol shows to everyone: a CSP ``nonce``, an ``integrity``, ``checksum``
  or ``digest``;
- a secret's own word as the value, in any language of the lexicon (store/privacy/lexicon.py):
  a translation file's ``"password": "Passwort"``, ``password: 'Mot de passe'``,
  ``"wrongPassword": "Contraseña incorrecta"``, ``API-Schlüssel``: a label, not a secret;
- words found as an API key or a token (a space between them, or letters outside ASCII; letters
  alone, no random run: ``"apiKey": "Clé d'accès"``): a machine issues those in ASCII and one
  run (a password or a secret, chosen by a person, may be words: those stay secrets);
- a word that starts words to its line's end which are, together, a secret's word of the lexicon
  (``signin.password=Mot de passe``: a ``.properties`` value is the rest of its line);
- words written for a person (letters alone, a capital first, a space or a letter outside ASCII) as
  a password, a secret, a token or an API key within 400 characters of another member's value
  that is a secret's word of the lexicon in a language other than English under a name that says
  a secret (``"password": "Salasana"`` beside ``"token": "Tunnus"``): a translation's table;
- a relative path to a file (``exports/2026/report.json``), as the absolute ones;
- names of secrets, not secrets: a value of words joined by ``_``, ``-``, ``.`` or ``/`` one of
  which says secret (``--secret=db-password``, ``--secret db_pw``, ``secretName:
  stripe-api-key``, ``API_KEY_V2``): what a secret store or an environment calls the secret;
- a list of options (``--secret id=db,src=db.txt``): a specification, not a value;
- hashes in a scheme's braces (LDAP's and Dovecot's ``{SSHA}…``, ``{CRYPT}$6$…``,
  ``{PBKDF2-SHA512}…``; not ``{PLAIN}``/``{CLEARTEXT}``, which hold the password) and ciphertext in
  an encryption tool's envelope (hiera-eyaml's ``ENC[PKCS7,…]``, sops' ``ENC[AES256_GCM,…]``,
  Jasypt's ``ENC(…)``, Spring Cloud Config's ``{cipher}…``): what only a key opens;
- a path after a name (systemd's ``LoadCredential=db:/etc/app/db_password``, a volume's
  ``secrets:/run/secrets``) or a file URL (``--secret-string file://secret.json``): where the
  secret is, not the secret;
- e-mail addresses: a user, wherever it stands (`PlainAuth("", "me@example.com", …)`);
- what a label says is an id or a user (``AppID: wx…``, ``client_id=…``, ``user=app``,
  ``__BUILD_ID__ = …``): a random-looking id beside a secret word is still an id, a user name is
  not a password, a key's id (``keyId``, ``customKeyIdentifier``) names a key.

Classes of realistic tool output (the tenth dev batch, tests/privacy_eval/dev_negatives10.py):

- a random value on a line of a document printed as JSON text (its breaks written ``\\n``) whose
  own line, and a block's head (a line ending in ``{``, ``:``, ``[``) of the two above it, hold no
  secret word: the secret word of the one long line is another member's;
- a digest under a name one of whose words says digest (``checksum/secret``, ``key_hash``,
  ``CodeSha256``, Go's ``Sum: h1:…``), of a digest's length in hex (a bytea's ``\\x`` allowed) or
  base64; a bytea literal's hex (``'\\x5f2a…'::bytea``);
- an id under a name that says id of another kind (``job``, ``trace``, ``span``, ``cuid``,
  ``xid``, ``ulid``, ``uuid``, a Vault token's ``accessor``) and an idempotency key or token;
- a value a tool prints for one it omits (kubectl's ``DATA+OMITTED``);
- ciphertext: an ``AGE ENCRYPTED FILE`` or ``PGP MESSAGE`` block, sops' ``ENC[…,iv:…,tag:…]``
  (an ``ENCRYPTED PRIVATE KEY`` is a key, and stays one);
- a minisign or signify public key or signature, on the line below its ``untrusted comment:``
  (not below one that says a secret key alone);
- the line below a name of a public key's file (``$ cat /etc/wireguard/public.key``);
- a cell under a column that names an id in a header of lower case too (Elasticsearch's
  ``_cat/indices``: ``uuid``), and a row's cell after one space where the row's cells are aligned;
  a table printed as JSON text read by its escaped lines (the first after the document's ``{"output": "``);
- a cookie's attribute (``SameSite=Lax``, ``Path=/``);
- an ECDSA signature in DER (``MEUCIQ…``: Sigstore's, npm's), even where its letters hold ``PW``;
- a Relay global id or cursor: base64 of a type's name and a number (``VXNlcjo0ODIx`` is
  ``User:4821``), not after ``Basic``;
- ciphertext under a name that says so (Pulumi's ``"ciphertext": "v1:…"``, KMS's ``CiphertextBlob``);
- a token's first characters in a log line of ``key=value`` fields (GitLab Runner's ``…
  responseStatus=201 Created token=ab12cd34``: eight characters at most).
- MySQL's native password hash (``IDENTIFIED BY PASSWORD '*2470C0C0…'``: ``*`` and 40 hex digits);
  a secret's resource name (``projects/123/secrets/db-password``); a digest labelled by its
  algorithm (``"sha512": "…"``); an e-mail's Message-ID (``<…@host>``); an argument of a
  property-based test's generated example (Hypothesis's ``Falsifying example: f(password='0\\x00')``);
- a value right after an escaped tab or line break read without the escape's letter (``\\t\\t9RYW…``
  after ``Hash (md5):``, ``\\n85a6ae…  file``), and a digest's name with its algorithm in parentheses.

Classes of realistic tool output (the eleventh dev batch, tests/privacy_eval/dev_negatives11.py):

- a certificate, a signature or a digest in an XML signature's element (SAML metadata's
  ``<ds:X509Certificate>``, ``<ds:SignatureValue>``, ``<ds:DigestValue>``);
  a PEM block with no END line (strace's first bytes of a file) stops where its base64 body does;
- a path's ``::`` (``token::verify``), not a label's colon;
- an access level (``IdToken: write``), a label that names a secret's attribute (``Secret source:
  Actions``, ``token type: bearer``), a heading whose block of ``Name: value`` pairs follows
  (``GITHUB_TOKEN Permissions`` then ``  Contents: read``);
- a row's first cell under a column that names an id (``docker secret ls``: the id, then the
  secret's name), a table's header in lower case being words, not a row of ids and digits;
- the key of a lookup (ccache's ``Result key:``, a cache's or a partition's key; not a primary,
  storage or routing key), a stand-in in base64 (Envoy's ``W3JlZGFjdGVkXQ==``, ``[redacted]``),
  a member of an object named a certificate (Envoy's ``"certificate_chain": {"inline_bytes": …}``).
- a name where a value would stand: a header's name listed after ``"Authorization",``, an
  authentication method's under a label of a method, a cookie's that names an anonymous id, a Go
  field's type, an example's value, a test's fixture password (store/privacy/never_names.py).

Text inside text: a tool's result that is JSON printed as text carries its quotes and line breaks
escaped (``\\"VersionId\\": \\"…``, ``…\\n``): a label is read through the escape (``\\"``
is its quote), and a value ends at an escaped line break (``\\n``, ``\\r``), as it ends at a
real one: what follows is the next line (``CI\\nd8f13a2`` is a word, then a commit).

Only ``re`` and the standard library; patterns compiled on first use.
"""

from __future__ import annotations

from binascii import Error as BinasciiError
from binascii import a2b_base64
from bisect import bisect_right

from store.privacy.made_passwords import made_password_literal
from store.privacy.never_code import SECRET_NAME_LABEL, never_in_code_or_config
from store.privacy.never_forms import no_key_takes
from store.privacy.never_kinds import id_by_its_shape, named_by_its_place
from store.privacy.never_names import (
    a_go_fields_type,
    a_headers_name,
    a_secrets_value_of_words,
    a_test_fixtures_password,
    an_anonymous_id_cookie,
    an_auth_methods_name,
    an_examples_value,
)
from store.privacy.never_real import (
    code_in_a_value,
    first_characters_shown,
    fixture_or_wrong,
    in_an_example_aside,
    sent_by_a_test_client,
    typed_by_a_test,
    word_in_a_tokens_place,
    words_in_a_keys_place,
)
from store.privacy.never_real_places import ciphertext_under_its_header, never_in_real
from store.privacy.never_references import a_store_path, an_objects_name
from store.privacy.never_tool_ids import a_template, a_tools_own_name
from store.privacy.rules import PROVIDERS
from store.privacy.stand_ins import HANDLE_LABELS, stand_in
from store.privacy.users import a_users_name, an_email_address
from store.privacy.values import CACHE, VALUE_MEMOS, all_hex, compiled, looks_random, remember

# A structural id, the whole value (or the run of id characters around a span).
STRUCTURAL_ID = (
    r"(?:srv)?toolu_[A-Za-z0-9]{12,40}|msg_[A-Za-z0-9]{12,40}|req_[A-Za-z0-9]{12,40}|session_01[A-Za-z0-9]{12,40}"
    r"|(?:cs|pi|seti|ch|cus|sub|in|evt|prod|price|txn|po|py)_(?:test_|live_)?[A-Za-z0-9]{14,80}"
)
# A date or time (ISO 8601): when a credential expires or was made, not the credential.
DATE = r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
# A vulnerability's public id (CVE, GitHub's, RustSec's, PyPI's, Go's, OSV's advisories).
ADVISORY = (r"CVE-\d{4}-\d{4,7}|GHSA(?:-[23456789cfghjmpqrvwx]{4}){3}|(?:RUSTSEC|PYSEC|GO|OSV)-\d{4}-\d{1,7}")
# base64 of the first bytes of a file that is content, not a key: PNG, JPEG, GIF, WebP, PDF, SVG and
# XML (not an archive: a gzip or zip may hold anything, a Helm release's values among them).
_FILE_MAGIC = ("iVBORw0KGgo", "/9j/4", "R0lGODlh", "R0lGODdh", "UklGR", "JVBERi0", "PHN2Zy", "PD94bWwg")
VERSION = r"(?:[\^~<>=!]{1,2}[ \t]*|~>[ \t]*)?v?\d+(?:\.\d+){1,3}(?:[-+][0-9A-Za-z.]{1,20})?|[\^~]\d+"
PLACEHOLDER = (
    r"(?i)(?:.*\byour(?:[_ -]?[a-z0-9]+(?:[_ -][a-z0-9]+){0,3})?(?:key|token|secret|password|passwd|pass|pwd|id|here)\b.*"
    r"|your[_-].*|.*[_-]here|(?:change|replace|update|fill)[_-]?(?:me|this|it)(?:[_-].*)?"
    r"|insert[_-].*|placeholder.*|.*[_-]placeholder|example[_-](?:key|token|secret|password)"
    r"|dummy(?:[_-]\w+)?|redacted|<[^<>]*>|\[[^\[\]]*\]|x{4,}|(?:x{2,}-)+x{2,}"
    r"|\*{3,}|\.{3,}|[a-z]{2,4}(?:[_-][a-z0-9]{2,6}){0,3}[_-]\.{3}|[a-z]+_(?:x{4,}|\*{4,})"
    # a masked value, as a tool shows one (`****************wxyz`, `sk-••••••••AbCd`): a few
    # characters of it at most, the rest hidden
    r"|[\w-]{0,8}(?:\*{4,}|\u2022{4,})\w{0,6})"
)
# A run of one masking character and the tool's remark after it, where a diff hides a secret's
# change (kubectl diff's `*** (before)`, helm diff's `-------- # (17 bytes)`, `•••• (hidden)`).
MASK_AND_REMARK = r"(?:\*{3,}|-{3,}|\+{3,}|\u2022{3,}|#{3,}|x{3,}|X{3,})[ \t]+(?:#[ \t]*)?\([A-Za-z0-9 ]{1,40}\)"
PUBLIC = (
    r"(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)\b.*"
    r"|AAAA(?:B3NzaC1yc2E|C3NzaC1lZDI1NTE5|E2VjZHNhLXNoYTIt|B3NzaC1kc3)[A-Za-z0-9+/=]*"
    # a key whose prefix says publishable: Stripe's and Clerk's `pk_live_`, Supabase's `sb_publishable_`
    r"|pk_(?:live|test)_[A-Za-z0-9]{10,}|(?:[a-z]{2,8}_)?publishable_[A-Za-z0-9_-]{16,}"
    r"|age1[a-z0-9]{50,}|npub1[a-z0-9]{50,}"
    r"|0x[0-9a-fA-F]{40}|(?:bc1|tb1)[a-z0-9]{25,90}"
    # public by design: a map's public token (its secret ones start sk.), an analytics project key
    r"|pk\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}|phc_[A-Za-z0-9]{30,60}"
)
# A path (./pw.txt: a file that holds the secret, not the secret) or a reference to a setting
# (process.env.SECRET_KEY!, settings.SECRET_KEY, import.meta.env.X).
PATH_OR_REFERENCE = (
    r"(?:\.{1,2}/|~/|/)[\w.@/-]*\.[a-z]{1,5}"
    r"|[\w.-]+(?:/[\w.@-]+)+\.[a-z][a-z0-9]{0,4}"  # exports/2026/report.json: a relative path
    r"|@[\w./~-]{0,200}\.(?:txt|json|ya?ml|env|key|pem|secret|b64)"  # @file: read from that file (vault, curl -d, az)
    r"|(?:process|os|self|this|settings|config|env|import\.meta|window|globalThis|ENV|app)"
    r"(?:\.[A-Za-z_$][\w$]*)+[!?]?"
)
# A member read by code, negated or through optional chaining (`!!token?.email`, `user?.profile.token`):
# names of two characters or more, each starting in lower case as code's members do (`Ab?.Cd9` may be a password).
MEMBER_CHAIN = r"!{0,2}[a-z_$][\w$]+(?:\??\.[a-z_$][\w$]+)+"
# A hidden file's name: a dot, then words of letters joined by `.`, `-` or `_` (`.env.production`, `.mcp.json`).
DOTFILE = r"\.[a-z]+(?:[-_][a-z]+)*(?:\.[a-z]+(?:[-_][a-z]+)*)*"
# A relative path as a person cites it: with its line (and column) after it, or a range of its
# lines (`docs/GUIDE.md:41-48`, a review's reference), or a glob of the files of one kind in a folder.
PATH_CITED = (r"[\w.-]+(?:/[\w.@-]+)+\.[a-z][a-z0-9]{0,4}(?::[0-9]{1,6}){1,2}(?:-[0-9]{1,6})?"  # lib/auth.ts:48:7
              r"|[\w.-]+(?:/[\w.@-]+)*/\*\.[a-z][a-z0-9]{0,4}")  # out/debug/*.apk
# A file's name alone with a range of its lines (`GUIDE.md:41-48`, `setup.py:12-30`): a name of
# letters, digits and `_-.`, an extension of letters, then `:N-M` (a line alone, `notes.txt:12`,
# may be a password's shape of a word, a dot, a word and digits: not taken without a folder).
FILE_LINES = r"[A-Za-z_][\w-]*(?:\.[\w-]+)*\.[a-z]{1,5}:[0-9]{1,6}-[0-9]{1,6}"
# A PowerShell command's name (Verb-Noun, with the verbs that read or make a value).
CMDLET = (r"(?:Get|Set|New|Read|ConvertTo|ConvertFrom|Import|Export|Invoke|Add|Remove|Test|Select|Resolve)"
          r"-[A-Z][A-Za-z]{2,40}")
# A value shown shortened: its ends around an ellipsis (an address's, a key's first and last
# characters: `0x45c2…f83f`), or a JWT's header alone before one (the header says only its
# algorithm; the claims and the signature are cut off).
SHORTENED = (r"[A-Za-z0-9_+/=-]{2,12}(?:\u2026|\.\.\.)[A-Za-z0-9_+/=-]{2,12}"
             r"|eyJ[A-Za-z0-9_-]{8,80}={0,2}(?:\u2026|\.\.\.)")
# A shell's substring of a variable (`${token:0:15}`, `${key: -4}`): its offset and its length.
SUBSTRING = r"\$\{[A-Za-z_][A-Za-z0-9_]{0,40}:[ \t]*-?[0-9]{1,6}(?::-?[0-9]{1,6})?\}\Z"
# Labels that make the value after them public: PublicKey = …, public key: …, recipient: age1…
# (a quote may come escaped: `\\"fingerprint\\": \\"` in JSON printed as text); and labels of what a page
# or protocol shows to everyone (a CSP nonce, an integrity or checksum)
_QUOTE = r"(?:\\?[\"'])?"
PUBLIC_LABEL = (r"(?i)(?:public[ _-]?key|pubkey|publishable[ _-]?key|fingerprint|thumbprint|recipient|nonce|integrity|checksum"
                r"|digest)" + _QUOTE + r"[ \t]*[:=][ \t]*" + _QUOTE + r"\Z")
# A captcha's site key (reCAPTCHA, hCaptcha, Turnstile: the page shows it; its secret key is
# another): public where `captcha` or `turnstile` stands in the 300 characters before it.
SITE_KEY_LABEL = r"(?i)(?:site[ _-]?key|data-sitekey)" + _QUOTE + r"[ \t]*[:=][ \t]*" + _QUOTE + r"\Z"
# A name a framework ships to the browser (NEXT_PUBLIC_X=…), unless it says it holds a secret.
PUBLIC_NAME = (r"(?<![A-Za-z0-9_])(?:NEXT_|EXPO_|NUXT_)?PUBLIC_(?![A-Z0-9_]*(?:PASS|PWD|SECRET|PRIVATE))"
               r"[A-Z0-9_]+" + _QUOTE + r"[ \t]*[:=][ \t]*" + _QUOTE + r"\Z")
# A name whose first word says public (`publicKeyToken`, `public_token`, `PublishableKey`), any case,
# unless a later word says it holds a secret: .NET's assembly token, a client's publishable key.
PUBLIC_WORD_NAME = (r"(?<![A-Za-z0-9_.-])(?:[Pp]ublic|PUBLIC|[Pp]ublishable|PUBLISHABLE)(?![a-z])"
                    r"(?![\w.-]*(?i:pass|pwd|secret|private))[\w.-]{0,40}" + _QUOTE + r"[ \t]*[:=][ \t]*" + _QUOTE + r"\Z")
# The public members of a JSON Web Key, before their value (the key's object has a "kty").
JWK_PUBLIC_MEMBER = (r"\\?\"(?:n|e|x|y|kid|x5c|x5t|x5t#S256|x5u|crv|alg|use)\\?\"[ \t]*:[ \t]*\[?[ \t]*"
                     + _QUOTE + r"\Z")


def public_blocks(text: str) -> list:
    """(start, end) of each PEM public key, certificate or signature block in `text` (END line
    included; a PGP SIGNED MESSAGE's text is not its signature's block), and of each block of
    ciphertext (an `AGE ENCRYPTED FILE`, a `PGP MESSAGE`: only a key opens it; an `ENCRYPTED
    PRIVATE KEY` is a key, and stays one)."""
    blocks = []
    at = text.find("-----BEGIN ")
    while at >= 0:
        head = text[at:at + 80].split("\n", 1)[0]
        end = text.find("-----END", at + 11)
        stop = _end_of_body(text, at + len(head)) if end < 0 else end
        if "PRIVATE" not in head and ("PUBLIC KEY" in head or "CERTIFICATE" in head or "SIGNATURE-----" in head
                                      or "ENCRYPTED FILE" in head or "PGP MESSAGE" in head):
            blocks.append((at, stop))
        at = text.find("-----BEGIN ", at + 11)
    return blocks


def never_secret(text: str, s: int, e: int, kind: str, blocks=None) -> bool:
    """Whether the span text[s:e] (found as `kind`) is one of the classes above.  `blocks`: the
    text's public_blocks (found here when not given)."""
    if kind in ("custom", "secret_output"):
        return False  # the user's own pattern, a command's output: their call
    if blocks is None:
        blocks = public_blocks(text) if "-----BEGIN " in text else ()
    if blocks:
        i = bisect_right(blocks, (s, len(text) + 1)) - 1  # the last block that starts at s or before
        if i >= 0 and blocks[i][0] <= s < blocks[i][1]:
            return True
    if e - s >= 40 and _in_a_signature_element(text, s):
        return True
    if kind == "private_key":
        return ciphertext_under_its_header(text, s) or _no_key_in_its_block(text, s, e)
    value = text[s:e].strip().strip("\"'`")
    if "\\" in value:
        value = first_line(value)  # `CI\\nd8f13a2`: a value ends at a line break written as an escape
    if "\uff0c" in value:
        value = value.partition("\uff0c")[0]  # `pass=<cfg>，port=1`: a wide comma ends a value (CJK text's separator)
    if not value:
        return False
    last = text[s - 1] if s else ""  # (what stands right before the span: most classes read it first)
    if len(value) <= 4 and (kind == "token" or kind == "api_key") and last == "=" \
            and compiled("never-short-query-value", r"[?&][\w.-]{1,40}=\Z").search(text, s - 48 if s > 48 else 0, s):
        return True  # `?token=wtV`: a URL's query value no token or key issued is that short (an id)
    if kind not in PROVIDER_KINDS and len(value) <= 64 and (last in ":=\uff1a \t" or "\uff1a" in value or ":" in value) \
            and a_users_name(text, s, value):
        return True  # `账号：X`: a user's label names the value, not a password's
    if value[-1] == "." and value[:3] == "eyJ" and text.startswith("..", e) and value.count(".") == 2:
        return True  # `eyJhbGci….eyJpc3Mi...`: a JWT cut at an ellipsis in its payload, no signature
    # (`{` or a backquote right before the span or at its start: read by character, not from a slice of both)
    if (value[0] in "e{" or (s and (last in "{`" or text[s] in "{`"))) and _a_reference_by_its_mark(text, s, e, value):
        return True  # (the call only where such a value can start: most values pay one test)
    if (value[-1] == "{" or "\\(" in value) and a_template(text, s, e, value):
        return True
    shape = _VALUE_SHAPES.get(value)  # the classes a value is of by itself, judged once
    if shape is None:
        shape = remember(_VALUE_SHAPES, value, _value_shape(value))
    if shape is True:  # (but `://shop_user:shop_pass@db`: a URL's password, whatever it is named)
        return not ((text[e:e + 1] == "@" and _url_password_named(text, s, value))
                    or (value[-1] in "sdw" and made_password_literal(text, s, e, value)
                        and not a_placeholder(value) and not fixture_or_wrong(value, "password"))
                    or ((last == ":" or last == "=" or last in "\"'") and ("-" in value or "_" in value)
                        and a_secrets_value_of_words(text, s, e, value) and not a_placeholder(value))
                    or (len(value) >= 24 and kind in _CHOSEN_OR_ISSUED and chosen_in_an_env_file(text, s, e, value))
                    or (value[-1].isdigit() and kind in _CHOSEN_OR_ISSUED and _numbered_key_in_an_env_slot(text, s, value)))
    after = text[e:e + 1]
    if last == ":" and after == "}" and value[-1].isdigit() and compiled("never-substring", SUBSTRING).search(text, max(0, s - 45), e + 1):
        return True  # `${token:0:15}`: a shell's substring of a variable, its offset and length
    if (shape & _UNDERSCORE or last == "_" or after == "_") and _structural_id(text, s, e, value, last):
        return True
    if "/" in value and kind not in PROVIDER_KINDS and a_store_path(value):
        return True  # `db/app_rw`, `Infra/web01`: an entry of a secret store, named by its path
    if kind not in PROVIDER_KINDS and ((last in "\"'" and a_headers_name(text, s, value))
                                       or (text.find("uth", s - 30 if s > 30 else 0, s) >= 0
                                           and an_auth_methods_name(text, s, value))):
        return True  # `"Authorization", "Content-Type"`, `--auth-local=scram-sha-256`: names, not values
    if (kind == "cookie" or kind == "high_entropy") and an_anonymous_id_cookie(text, s):
        return True  # `rl_anonymous_id=…`: an analytics library's anonymous id, no session's
    if kind not in PROVIDER_KINDS and (a_go_fields_type(text, s, value) or an_examples_value(text, s, value)):
        return True  # `Token  *oauth2.Token`, `api_key="sk-example-123"`: a field's type, an example's value
    if kind == "password" and value[0] in "tfdmseTFDMSE" and a_test_fixtures_password(text, s, value):
        return True  # `create_user(password="testpass123")` in a fixture: a test's own account
    # (the common span judged at once, its line's start once for all the values after it: never_secret
    # ~195 -> ~148 ms on dense_u's 20,500 spans, the MB's time 0.92-0.96 of what it was)
    if s > 40 and kind != "high_entropy" and kind != "cookie" and not shape & ~_IDENTIFIER \
            and _plainly_a_secret(text, s, e, kind, value, shape, last, after):
        return False
    before = text[s - 40 if s > 40 else 0:s]
    low_before = before.lower()
    end = low_before.rstrip(" \t\"'\\")  # (what ends in a label's separator, where a label stands)
    return (kind == "high_entropy" and a_tools_own_name(text, s, e, value, last)) \
        or _never_by_place(text, s, e, kind, value, shape, last, before, low_before, end, after) \
        or _never_in_tool_output(text, s, e, kind, value, shape, last, end) \
        or _never_in_tool_output_11(text, s, e, value, last, end) \
        or _names_a_secret(text, s, e, kind, value, last, end, after) \
        or stand_in(text, s, e, value, last, end) \
        or fixture_or_wrong(value, kind, text, s) \
        or no_key_takes(text, s, e, kind, value, last) \
        or ((kind == "token" or kind == "secret") and value.isalpha() and word_in_a_tokens_place(text, s, e, kind, value)) \
        or ((kind == "token" or kind == "api_key") and words_in_a_keys_place(value)) \
        or (after == " " and value.isalpha() and _label_to_the_line_end(text, s)) \
        or (kind in _CHOSEN_OR_ISSUED and len(value) <= 40 and _text_among_translated_labels(text, s, e, value)) \
        or ((kind == "password" or kind == "secret") and (last == "'" or last == '"')
            and ((kind == "password" and sent_by_a_test_client(text, s, e)) or typed_by_a_test(text, s, e))) \
        or (kind not in PROVIDER_KINDS and never_in_real(text, s, e, kind, value, end)) \
        or _never_by_its_role(text, s, e, kind, value, end) \
        or (kind not in PROVIDER_KINDS and an_objects_name(text, s, e, value)) \
        or (text.find("RFC", s - 200 if s > 200 else 0, s) >= 0 and _published_example(text, s)) \
        or (kind not in PROVIDER_KINDS and in_an_example_aside(text, s, value)) \
        or (kind not in PROVIDER_KINDS and (_in_a_listing(text, s, e, value, last, before)
                                            or never_in_code_or_config(text, s, e, value, before, end)
                                            or named_by_its_place(text, s, e, kind, value)))


# ---- the common span, judged at once (never_secret's fast path) ----
# A value of letters and digits (a `#`, `+` or `/` too, one of them or a digit at least: not a word),
# shorter than 100 characters: none of the classes read from its place tries more than its first
# test on it (they read its first character, its last, a mark in it, its length).
PLAIN_VALUE = r"[A-Za-z](?=[A-Za-z]*[0-9#+/])[A-Za-z0-9#+/]{0,98}\Z"
# A word some class's pattern needs on the value's line, ignoring case, where its gate reads words
# before that line too (a label's, a command's, a getter's verb before its noun and flag).
LINE_WORD = (r"(?i)fake|dummy|mock|analytics|telemetry|track|pub|site|phertext|dempoten|op://|arn:|enc\[|\((?:e\.|eg[.,:]|for (?:ex|in)|ex[.:]|z\.|p\.|par ex|por ej|por ex)"
             r"|[ \t](?:show|get|describe|view|inspect|install|add|require)[ \t]|[ \t](?:get|describe|delete|update|show|rotate)-")
_NAMING_ENDINGS = ("name", "kid", "version", "_ref", "-ref", "tref", "yref")
_LABEL_SUFFIXES = ("sha256:", "sha512:", "sha1:", "md5:", "token=", "value=", "content=", "-id=", "-name=", "-arn=",
                   ",iv:", ",tag:", "data:", "--secret=")
# What _line_gates says of a line's start: _NOT_PLAIN where a class may hold whatever the value,
# otherwise the bits of the tests it leaves to the value and its place (_plainly_a_secret's).
_NOT_PLAIN = -1
_AT_CRYPT, _AT_CRYPT_IF_PABS, _AT_DOLLAR, _AT_SEAL_IF_E, _AT_TWO_COLON, _AT_FALSIFY, _AT_BASE64, _AT_CERT, _AT_COLON, \
    _AT_MEMBER, _AT_FAKE_ABOVE, _AT_LABELLED, _AT_PROVIDER_ONLY = (1 << i for i in range(13))
_SCHEME_CHARACTERS = frozenset("abcdfghknoprsty_0123456789")  # (those of CRYPT_HASH's schemes' names)
_LINE_GATES = {}  # the characters before a value from its line's break (39 at most) -> _line_gates of them
VALUE_MEMOS.append(_LINE_GATES)


def _plainly_a_secret(text: str, s: int, e: int, kind: str, value: str, shape: int, last: str, after: str) -> bool:
    """True where no class of never_secret's after its value's shape can hold for the span (False
    says nothing: the classes are read one by one).  For a PLAIN_VALUE whose line starts within
    the 39 characters before it: what stands there from the line's break is judged once for all the
    values after it (_line_gates: a dense text repeats its labels, not its values), then the tests
    it leaves to the value and what stands beyond its line.  (A class added after the shape's must
    shut this path where its gate may open: in _line_gates or here.)"""
    nl = text.rfind("\n", s - 39, s)
    if nl < 0 or text[s] != value[0] or compiled("never-plain-value", PLAIN_VALUE).match(value) is None:
        return False
    line = text[nl:s]
    gates = _LINE_GATES.get(line)
    if gates is None:
        gates = remember(_LINE_GATES, line, _line_gates(line))
    if gates == _NOT_PLAIN or (gates & _AT_PROVIDER_ONLY and kind not in PROVIDER_KINDS):
        return False
    # (what the line's start cannot rule out: a comment citing an RFC above it, what stands after the value)
    if text.find("RFC", s - 200 if s > 200 else 0, s) >= 0 or "(" in text[e:e + 4] or text.startswith(" SigV", e) \
            or (after == "." and text.startswith("...", e)) or after == "\u2026":
        return False
    if (gates & _AT_CRYPT or (gates & _AT_CRYPT_IF_PABS and value[0] in "pabs")) and (gates & _AT_DOLLAR or after == "$" or (
            after in _SCHEME_CHARACTERS and text.find("$", e, s + 40) >= 0)):
        return False  # (a crypt hash's `$`: before the value on its line, or after it, the value in its scheme's name)
    if (gates & _AT_SEAL_IF_E and value[0] == "E") or (gates & _AT_TWO_COLON and shape):
        return False  # (a scheme's or an envelope's, a psql variable's)
    if gates & _AT_FALSIFY and text.find("example:", s - 600 if s > 600 else 0, s) >= 0 and _in_a_falsifying_example(text, s):
        return False
    n = len(value)
    if gates & _AT_BASE64 and n <= 64 and not n % 4 and kind not in PROVIDER_KINDS and _readable_id_in_base64(text, s, value):
        return False
    if gates & _AT_CERT and text.rfind("ert", s - 120 if s > 120 else 0, s) >= 0:
        return False  # (a certificate's object)
    if gates & _AT_COLON and (after == ":" or (gates & _AT_MEMBER and after == "@")):
        return False  # (a key's segment, a member's address)
    if gates & _AT_FAKE_ABOVE:
        above = text[s - 40:nl].lower()
        if "fake" in above or "dummy" in above or "mock" in above:
            return False
    return not (gates & _AT_LABELLED and (n <= 8 or (n >= 24 and _digest_shaped(value, text, s))))


def _line_gates(line: str) -> int:
    """What _plainly_a_secret reads of the characters before a value from its line's break (`line`):
    _NOT_PLAIN where a class may hold, read from them alone; otherwise the bits of the tests the
    value and what stands beyond the line ask.  (A class whose pattern holds no line break reads
    the line alone: a crypt hash's `$`, a scheme's `{` or envelope's `ENC`, a reference's `arn:`.)"""
    last = line[-1]
    low = line.lower()
    end = low.rstrip(" \t\"'\\")  # (never_secret's `end`, from the line's break)
    sep = end[-1]
    two = line[-2:-1]
    dollar, seal = ("$" in line) * _AT_DOLLAR, "{" in line or "ENC" in line
    if compiled("never-line-word", LINE_WORD).search(line) or end.rstrip(":= \t\"'").endswith(HANDLE_LABELS):
        return _NOT_PLAIN
    if last == '"' or last == "'":
        if (seal and sep in "},(") or line.endswith(("value=" + last, "content=" + last)):
            return _NOT_PLAIN  # (a sealed value's, a form's token)
        gates = _AT_CRYPT_IF_PABS | dollar | _AT_BASE64 | (_AT_SEAL_IF_E if seal else 0) \
            | (_AT_TWO_COLON if two == ":" else 0) | (_AT_FALSIFY if two == "=" else 0) \
            | (_AT_CERT if sep == ":" and last == '"' else 0)
    elif last == "=" or last == ":":
        if dollar or seal or (last == ":" and "[" in line):
            return _NOT_PLAIN  # (a crypt hash's, a sealed value's, an envelope's field)
        gates = _AT_CRYPT | (_AT_COLON if last == ":" else 0) | (_AT_MEMBER if line.endswith(_MEMBER_PREFIXES) else 0)
    elif last == " ":
        if two in " \n" or (two not in ":=,;({[\"'>" and line.find("  ", 1, len(line) - 1) >= 0) \
                or (seal and sep in "},("):
            return _NOT_PLAIN  # (a table's column, an indented value: _row_of_a_table; a sealed value)
        gates = _AT_CRYPT_IF_PABS | dollar | (_AT_SEAL_IF_E if seal else 0)
        if sep != ":" and sep != "=" and (end.endswith(("id", "ids", "name", "arn"))
                                          or compiled("never-secret-lookup", SECRET_LOOKUP).search(line)):
            return _NOT_PLAIN  # (a flag's argument that names a secret, a secret store's lookup)
    else:
        return _NOT_PLAIN
    if sep != ":" and sep != "=":
        return _NOT_PLAIN if sep in "[\uff1a" or (end[-2:-1] == "\\" and sep in "tn") else gates
    return _label_gates(line, end, sep, gates)


def _label_gates(line: str, end: str, sep: str, gates: int) -> int:
    """_line_gates after a label's separator (`sep`, `:` or `=`, ends `end`)."""
    name = end[:-1].rstrip(" \t\"'\\")
    if _may_be_a_public_label(name) or name.endswith(_NAMING_ENDINGS) or end.endswith(_LABEL_SUFFIXES) \
            or (name[-2:] in _ATTRIBUTE_TAILS and name.endswith(_ATTRIBUTE_NOUNS)) \
            or (end[-4:-1] == "key" and compiled("never-lookup-key", LOOKUP_KEY_LABEL).search(line)) \
            or (sep == ":" and compiled("never-code-secret-name-label", SECRET_NAME_LABEL).search(end)):
        return _NOT_PLAIN
    # (a fake's name may stand on the line above, only blanks before the separator: _named_fake's `\s*`)
    head = line.rstrip(" \t\"'\\")[1:-1]
    return gates | _AT_LABELLED | (_AT_FAKE_ABOVE if compiled("never-word-character", r"\w").search(head) is None else 0) \
        | (_AT_PROVIDER_ONLY if _may_end_in_id_label(end, line) else 0)


def _a_reference_by_its_mark(text, s, e, value):
    """A value that says where the secret is, not what: a command substituted in backquotes
    (muttrc's `` set imap_pass = "`pass show mail`" ``), an `env:NAME` reference (Nickel's, Pkl's
    `read("env:X")`, openssl's `-passin env:X`); Transmission's salted SHA-1 (`{` and 40 hex)."""
    if value.startswith("env:") and compiled("env-reference", r"env:[A-Z_][A-Z0-9_]{1,80}\Z").match(value):
        return True
    if value[0] == "{" or text[s - 1:s] == "{":
        hashed = value if value[0] == "{" else "{" + value
        return compiled("transmission-hash", r"\{[0-9a-f]{40}[\w./]{0,8}\Z").match(hashed) is not None
    return " " in value and text[s:s + 1] == "`" and text[e - 1:e] == "`" and "`" not in value


# What a STRUCTURAL_ID starts with, before its first `_`.
_STRUCTURAL_HEADS = frozenset(("toolu", "srvtoolu", "msg", "req", "cs", "pi", "seti", "ch", "cus", "sub", "in", "evt",
                               "prod", "price", "txn", "po", "py", "session"))


def _structural_id(text: str, s: int, e: int, value: str, last: str) -> bool:
    """text[s:e] lies in a STRUCTURAL_ID (the run of id characters around it), with no `_secret_`.
    (`last`: the character before it; `value`: the span less its quotes, which is the span where
    the run is an id's.)"""
    if not (last == "_" or (last.isalnum() and last.isascii())) and value.partition("_")[0] not in _STRUCTURAL_HEADS:
        return False  # (the run starts at s, and no id's head does: most values that hold a `_`)
    run_s, run_e = _id_run(text, s, e)
    return compiled("never-id", STRUCTURAL_ID).fullmatch(text, run_s, run_e) is not None \
        and "_secret_" not in text[run_s:run_e]


def _never_by_place(text: str, s: int, e: int, kind: str, value: str, shape: int, last: str, before: str,
                    low_before: str, end: str, after: str) -> bool:
    """The classes never_secret reads from what stands around the span, not from its value alone
    (`shape`: the value's, _value_shape; `before`: its 40 characters before the span, `low_before`
    lowercased, `end` without the quotes, spaces and backslashes that end it; `after`: the
    character after the span)."""
    # (each test below runs for nearly every span: most are secrets, so none rejects early; each
    # first reads the character before the span, `last`, where that alone can rule its class out)
    # a crypt hash holds no space or quote and starts at the span or before it (_crypt_hash)
    if ((last not in _SPACE_OR_QUOTE and not last.isspace()) or text[s] in "$pabs") \
            and (shape & _DOLLAR or text.rfind("$", s - 120 if s > 120 else 0, s) >= 0) and _crypt_hash(text, s, e):
        return True
    # a scheme or an envelope starts the span's word before it (not where a space, a quote or a line
    # break ends that word right before the span), starts at the span, or ends before it with only
    # spaces and quotes between (_sealed; `end` strips a backslash too, which only lets more through)
    if (last not in _WORD_ENDS or text[s] in "{E"
            or (last != "\n" and last and end[-1:] in ("}", ",", "("))) \
            and (text.find("{", s - 40 if s > 40 else 0, s + 2) >= 0 or text.find("ENC", s - 40 if s > 40 else 0, s + 4) >= 0) \
            and _sealed(text, s):
        return True
    if last == ":" and _in_envelope(text, s):
        return True  # sops' `ENC[AES256_GCM,data:…,iv:X,tag:Y,type:str]`: its iv and tag are the envelope's
    if shape & _JWT_HEAD:
        a, b = _jwt_run(text, s, e)
        if _unsigned_jwt(text[a:b]) or _anonymous_role_jwt(text[a:b]):
            return True
    if ((after == "." and text.startswith("...", e)) or after == "\u2026") and not first_characters_shown(value):
        return True  # sk-... : the rest of the value left out (`27d75616...`: its first characters shown)
    if last == " " and s >= 2 and (text[s - 2] == " " or (text[s - 2] not in ":=,;({[\"'>" and _row_of_a_table(text, s))) \
            and _column_not_secret(text, s):
        return True  # `STRIPE_SECRET_KEY  3f2a1b0c…` under a table's DIGEST column
    if shape & _IDENTIFIER and ((last == ":" and text[s] in "'\"") or ((last == "'" or last == '"') and text[s - 2:s - 1] == ":")) \
            and _psql_variable(text, s):
        return True  # (a psql variable: `:'pw'`, its colon right before its quote)
    # (the tests below read a label's separator before the value, about half the spans: `end` ends in it,
    # or in the `[` of a list after it)
    if end[-1:] in (":", "=", "[") and (tail := end.rstrip(" \t\"'\\[")).endswith((":", "=")):
        name = tail[-41:-1].rstrip(" \t\"'\\")
        if _may_be_a_public_label(name) and _public_by_label(text, s, before, tail, name, kind):
            return True
        if last == ":" and low_before.endswith(("sha256:", "sha512:", "sha1:", "md5:")):
            return True  # a key's fingerprint
        if last == "=" and low_before.endswith("token=") and _codecov_graph_token(text, s):
            return True  # a coverage badge's graph token: public by design, made to be put in a README
        if after == "@" and before.endswith(_MEMBER_PREFIXES) and \
                compiled("never-member", MEMBER).search(before) and \
                compiled("never-member-domain", r"@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}\b").match(text, e):
            return True  # serviceAccount:deployer@acme.iam.gserviceaccount.com: a member's address
    if end[-1:] in _ID_SEPARATORS and kind not in PROVIDER_KINDS and _may_end_in_id_label(end, before) \
            and compiled("never-id-label", ID_LABEL).search(before) \
            and not (after == "@" and compiled("never-userinfo", r"://[^\s:/@]{1,64}:\Z").search(before)) \
            and compiled("never-user-flag", USER_FLAG_PAIR).search(before) is None:
        # (`https://user:X@host`: a URL's user is its user's name, and X its password, not an id; so is
        # the user of a pair given to a user's flag, `curl -u "site_user:X"`)
        if compiled("never-secret-of-user", SECRET_OF_USER).search(text, max(0, s - 100), s):
            return False  # `Password for the elastic user: X`: the user qualifies the password's label
        return kind == "high_entropy" or compiled("never-user-label", USER_LABEL).search(before) is not None \
            or compiled("never-key-id-label", KEY_ID_LABEL).search(before) is not None
    if last == " " and end[-1:].isdigit() and compiled("never-host-key-bits", HOST_KEY_BITS).search(before):
        return True  # `ssh-ed25519 255 X`: a host key's type and size, then its fingerprint (WinSCP's, PuTTY's)
    if last == " " and end[-2:] == "id" and kind not in PROVIDER_KINDS \
            and compiled("never-id-word", r"(?i)(?:^|[^\w-])(?:key|client|app|account|public)?[ _-]?id[ \t]\Z").search(before):
        return True  # `key id rzp_test_X`, `the client ID Iv1.X`: a value named an id in a sentence
    return shape & _WORD and _default_credential(value.lower(), low_before) \
        and not (after == "@" and _public_host(text, e))  # (its first test, read once a value)


_WORD_ENDS = frozenset((" ", "\t", "\n", "\"", "'", ""))  # (what ends the word before a span, for _sealed)
# (no character, the commonest spaces, the quotes: what the crypt hash's gate rules out in one lookup)
_SPACE_OR_QUOTE = frozenset(("", " ", "\t", "\n", "\"", "'", "`"))


_PUBLIC_LABEL_ENDINGS = ("fingerprint", "thumbprint", "recipient", "nonce", "integrity", "checksum", "digest", "key")
# What names the type of a policy's member before its e-mail address (IAM bindings, mailto: links).
_MEMBER_PREFIXES = ("serviceAccount:", "group:", "domain:", "mailto:", "principal:", "principalSet:")
# ... standing as a word of its own: not a URL's user (`https://domain:X@host`: X is its password)
MEMBER = r"(?:^|[\s\"'\[,(=-])(?:serviceAccount|group|domain|mailto|principal|principalSet):\Z"
_JWK_MEMBER_ENDINGS = ('"n', '"e', '"x', '"y', "kid", "x5c", "x5t", "256", "x5u", "crv", "alg", "use")
_LABEL_ENDINGS = _PUBLIC_LABEL_ENDINGS + _JWK_MEMBER_ENDINGS
_LABEL_TAILS = frozenset(w[-3:] for w in _LABEL_ENDINGS)  # (their last three characters, or two: one lookup)


def _may_be_a_public_label(name: str) -> bool:
    """_public_by_label's gate: the label's name (`name`, lowercased) ends in one of its words or
    holds `publi` (`api_key`, the commonest label, ends in `key` with no `pub` or `site`: not tried)."""
    return ((name[-3:] in _LABEL_TAILS or name[-2:] in _LABEL_TAILS) and name.endswith(_LABEL_ENDINGS)
            and (not name.endswith("key") or "pub" in name or "site" in name)) or "publi" in name


def _public_by_label(text: str, s: int, before: str, tail: str, low: str, kind: str) -> bool:
    """A label before the value at `s` makes it public: PUBLIC_LABEL, PUBLIC_NAME (not for a
    provider's kind) or a JSON Web Key's public member.  `tail`: `before` lowercased without the
    quotes and spaces that end it (ending in the label's separator), `low` the label's name in it
    (its last 40 characters).  Called only where that name ends in one of their words or holds
    `public_` (most spans' labels do not: each regex's search tries 40 places)."""
    public_name = "public_" in low
    if (not low.endswith("key") or "pub" in low) and low.endswith(_PUBLIC_LABEL_ENDINGS) \
            and compiled("never-public-label", PUBLIC_LABEL).search(before):
        return True
    if low.endswith("key") and "site" in low and compiled("never-site-key", SITE_KEY_LABEL).search(before):
        near = text[max(0, s - 300):s].lower()
        if "captcha" in near or "turnstile" in near:
            return True
    if public_name and kind not in PROVIDER_KINDS and compiled("never-public-name", PUBLIC_NAME).search(before):
        return True  # NEXT_PUBLIC_POSTHOG_KEY=…: the framework ships it to every browser
    if "publi" in low and kind not in PROVIDER_KINDS and compiled("never-public-word-name", PUBLIC_WORD_NAME).search(before):
        return True
    return tail.endswith(":") and low.endswith(_JWK_MEMBER_ENDINGS) and _jwk_public_member(text, s, before)


# A Codecov graph URL's query up to its `token=` (a badge, a sunburst): the graphing token it holds
# gives read access to that repository's coverage graphs only, and Codecov's badge settings hand it
# out inside the Markdown to publish (its upload token, CODECOV_TOKEN, stays a secret).
CODECOV_GRAPH = r"codecov\.io/[^\s?\"'()<>]*/graphs?/[^\s?\"'()<>]*\?(?:[^\s#\"'()<>]*&)?token=\Z"


def _codecov_graph_token(text: str, s: int) -> bool:
    """The value at `s` is the `token` of a Codecov graph's URL (CODECOV_GRAPH)."""
    return "codecov" in text[max(0, s - 300):s].lower() and \
        compiled("never-codecov-graph", CODECOV_GRAPH).search(text, max(0, s - 300), s) is not None


def _jwk_public_member(text: str, s: int, before: str) -> bool:
    """The value at `s` is a public member of a JSON Web Key (`"n": "…"` in an object with a
    `"kty"`, looked for 3,000 characters each side)."""
    if compiled("never-jwk-member", JWK_PUBLIC_MEMBER).search(before) is None:
        return False
    return text.find('"kty', max(0, s - 3000), s + 3000) >= 0 or text.find('kty\\"', max(0, s - 3000), s + 3000) >= 0


# Columns of a command's table whose cells are not secrets, whatever the row's name says
# (`fly secrets list`: NAME, DIGEST; `docker images`: IMAGE ID).
NOT_SECRET_COLUMNS = frozenset(("DIGEST", "HASH", "CHECKSUM", "FINGERPRINT", "SHA", "SHA1", "SHA256", "ETAG", "ID",
                                "VERSION", "REVISION", "CREATED", "UPDATED", "CREATED AT", "UPDATED AT", "KEY ID",
                                "IMAGE ID", "CONTAINER ID", "LAST USED", "EXPIRES", "UUID", "GUID", "UID",
                                "ACCESSOR", "CONSUMER-ID", "CLIENT-ID", "TOPICID", "NODE ID"))  # fmt: skip


def _row_of_a_table(text: str, s: int) -> bool:
    """The line of the value at `s` (one space before it) has cells two spaces apart before it: a
    row whose widest cell leaves one space (Elasticsearch's `_cat/indices`)."""
    if text[s - 2] in ":=,;({[\"'>":
        return False  # a label's separator or a call's, not a cell's end (`password: X`, `f(a, X)`)
    lo = s - 300 if s > 300 else 0  # (the line's last 300 characters: a line of 1 MB is read once, not at each value)
    nl = text.rfind("\n", lo, s)
    return text.find("  ", nl + 1 if nl >= 0 else lo, s - 1) >= 0


def _column_not_secret(text: str, s: int) -> bool:
    """The value at `s` stands in a column of a table (2 spaces or more before it) whose header,
    the nearest line above in capitals with cells 2 spaces apart (12 lines up at most), names it
    one of NOT_SECRET_COLUMNS.  A line break written as an escape (`\\n`: a table printed as JSON
    text) ends a line as a real one does."""
    line_start = _line_start(text, s)
    column = s - line_start
    # (`text[line_start:s].isspace()`, read from the line's start: not a copy of a long line at each value)
    if text[line_start].isspace() and compiled("never-blank", r"\s+").match(text, line_start, s).end() == s:
        return False  # an indented value, not a row's cell (no cell before it)
    end = line_start - 2 if text[line_start - 2:line_start] == "\\n" else line_start - 1
    memo = _LINE_MEMO[0]
    header = _header_above(text, end, memo[5] if memo[0] is text else {})
    if header is None:
        return False
    for cell in compiled("never-header-cell", r"\S+(?: \S+)*").finditer(text, *header):
        if cell.start() - header[0] <= column < cell.end() - header[0] + 2:
            return cell.group().upper() in NOT_SECRET_COLUMNS
        if cell.start() - header[0] > column:
            return False
    return False


def _header_above(text: str, end: int, known: dict):
    """(start, end) of the table's header _column_not_secret reads for a row whose line above ends
    at `end`: the nearest line up (12 at most) in capitals (or in lower-case words, as Elasticsearch's
    `_cat` APIs print theirs: not a row of lower-case ids and digits, `docker secret ls`'s) with
    cells 2 spaces apart; or None.  `known`: each line end read ->
    (how many lines up the header stands, its start, its end), kept for the text: the rows below
    read it at once (each value of a document printed as JSON text, its lines each indented by
    two spaces, read 12 lines up: ~0.1 s on 730 KB)."""
    path = []  # (the line ends read up from `end`, none of them known)
    at = end
    got = known.get(at)
    while got is None:
        if len(path) == 12:
            known[end] = _NO_HEADER  # (out of reach: the lines above it, each of a reach of its own, are not kept)
            return None
        path.append(at)
        if at <= 0:
            got = _NO_HEADER
            break
        start = _line_above_start(text, at)
        if text.startswith('{"', start):  # the first line of a JSON document's string: `{"output": "NAME  …`
            m = compiled("never-json-head", r'\{"[\w-]{1,30}": ?"').match(text, start, at)
            start = m.end() if m else start
        header = text[start:at]
        if "  " in header and (compiled("never-table-header", r"[A-Z][A-Z0-9 _/().-]*\Z").match(header.strip())
                               or compiled("never-table-header-low", r"[a-z][a-z _/.-]*\Z").match(header.strip())):
            got = (1, start, at)
            break
        at = start - 2 if text[start - 2:start] == "\\n" else start - 1
        got = known.get(at)
        if got is not None:
            got = (got[0] + 1, got[1], got[2])
    for at in reversed(path):  # (`got`: the last one's; each line below is one line further)
        known[at] = got
        got = (got[0] + 1, got[1], got[2])
    up, start, stop = known[end]
    return (start, stop) if up <= 12 else None


_NO_HEADER = (1 << 40, 0, 0)  # (_header_above: none, whatever the reach)


def first_line(value: str) -> str:
    """`value` up to its first line break written as an escape (`\\n`, `\\r`), or after it when
    the value starts with one (a tab's `\\t` is left: a password may hold a backslash and a `t`)."""
    for part in compiled("never-escaped-break", r"\\[nr]").split(value):
        if part.strip():
            return part.strip().rstrip("\\").strip("\"'`")  # (`12\` before an escaped quote: 12)
    return ""


_VALUE_SHAPES = {}  # value -> _value_shape(value) (values.VALUE_MEMOS)
VALUE_MEMOS.append(_VALUE_SHAPES)
# What a value's shape lets a class read from its place hold (bits of _value_shape): a class whose
# bit the value lacks is not tried, the value read once for all the places it stands at.
_UNDERSCORE, _DOLLAR, _JWT_HEAD, _IDENTIFIER, _WORD, _HASH_OR_NAME = 1, 2, 4, 8, 16, 32


def _value_shape(value: str):
    """True where the value alone is of one of the classes above (the rest read the text around
    it); otherwise the bits of what its shape holds that the classes read from its place ask for."""
    first = value[0]
    low = value.lower()
    if (CACHE.get("never-hint-pivots") or compiled("never-hint-pivots", _hints_pattern())).search(low) and a_placeholder(value):
        return True
    if ("_" in value or "-" in value) and compiled("never-other-hints", _OTHER_HINTS).search(low) and a_placeholder(value):
        return True  # TU_CLAVE_AQUI, VOTRE_JETON_ICI: a stand-in in the language it is written in
    if len(value) >= 16 and not len(value) % 4 and _base64_of_a_stand_in(value):
        return True
    if len(value) <= 20 and first in "NUnuMEe" and compiled("never-none-given", NONE_GIVEN).fullmatch(value):
        return True  # NOT_SET, UNSET, undefined: a getter's default or a report's, for a secret not given
    if first in "*-+#\u2022xX" and compiled("never-mask-remark", MASK_AND_REMARK).fullmatch(value):
        return True
    if first == "+" and value[1:2] in (" ", "\t"):
        return True  # `Password=" + getenv(…)`: a concatenation's operator and its operand, read past a quote
    if len(value) >= 3 and first.isalpha() and value == first * len(value):
        return True  # `yyy`, `zzzz`: a letter repeated, a README's stand-in
    if len(value) <= 24 and ("_" in value or "-" in value) and a_providers_prefix_and_a_word(value):
        return True
    if first == "*" and compiled("never-glob", r"\*+[A-Za-z._/-]*[A-Za-z][A-Za-z._/*-]*\Z").match(value):
        return True  # *credentials*, *.pem, **Done: a word led by a glob's wildcard or Markdown's emphasis
    if (first in "seAp0bnt" or "publishable_" in value) and compiled("never-public", PUBLIC).fullmatch(value):
        return True
    if first.isalpha() and len(value) <= 60 and value[-1] not in "0123456789" and _secret_word_as_value(value):
        return True  # (its first tests, without its call: most values end in a digit or a letter)
    if first.isdigit() and len(value) <= 3 and value.isdigit():
        return True  # a number of three digits at most (a line, a count; a PIN has four or more)
    if len(value) >= 64 and value.startswith(_FILE_MAGIC):
        return True  # a file's content in base64 (an image in a notebook's output)
    if compiled("never-value-marks", _VALUE_MARKS).search(value) is not None and _by_its_marks(value, first):
        return True
    if code_in_a_value(value):
        return True  # a regular expression, a validation rule (store/privacy/never_real.py)
    if ("\u2026" in value or value[-3:] == "...") and compiled("never-shortened", SHORTENED).fullmatch(value):
        return True  # `0x45c2…f83f`, `eyJhbGciOi…`: a value shown shortened, not the value
    if id_by_its_shape(value):
        return True  # a MAC address, a shell's prompt, a span of time, a path of names (never_kinds.py)
    return (_UNDERSCORE if "_" in value else 0) | (_DOLLAR if "$" in value else 0) \
        | (_JWT_HEAD if value[:3] == "eyJ" else 0) | (_IDENTIFIER if value.isidentifier() else 0) \
        | (_WORD if low.isalpha() and len(low) >= 3 else 0) \
        | (_HASH_OR_NAME if (first == "*" or first == "M" or "/" in value) and _hash_or_name(value) else 0)


# A mark one of the classes of _by_its_marks needs in the value: a version's `.`, `^` or `~`, a
# tag's `!`, a path's `.`, a cmdlet's, a date's or an advisory's `-`, a name's `_`, `-`, `.` or
# `/`, options' `=`, a file URL's or a named path's `:`, an e-mail's `@` (most random values hold
# none: one search, not their ten tests).
_VALUE_MARKS = r"[!.\-_/=:@^~]"


_ACL_PRIVILEGES = frozenset("arwdDxtmXUCcTs*")  # (the letters of a PostgreSQL privilege, `arwd`, `CTc`)


def _by_its_marks(value: str, first: str) -> bool:
    """The classes a value alone is of (_value_shape) whose shapes hold one of _VALUE_MARKS."""
    if (first.isdigit() or first in "^~<>=!v") and compiled("never-version", VERSION).fullmatch(value):
        return True
    if first == "!" and compiled("never-tag", r"![A-Za-z][A-Za-z_:.-]*").fullmatch(value):
        return True  # a YAML tag: password: !vault |, !Ref DbPassword (with a digit, `!Pqj9conv`: a password)
    if (first == "!" or "?." in value) and compiled("never-chain", MEMBER_CHAIN).fullmatch(value):
        return True  # existingToken: !!token?.email: a member read by code (negated, or optional), not a value
    if first == "." and compiled("never-dotfile", DOTFILE).fullmatch(value):
        return True  # grep DB_PASS .env.production: a hidden file's name (letters only: `.hunter2` may be a password)
    if first in "./~@pPoOsScCeEwWiIgGaAtdD" and "." in value and compiled("never-path", PATH_OR_REFERENCE).fullmatch(value):
        return True
    if "/" in value and (":" in value or "*" in value) and compiled("never-path-cited", PATH_CITED).fullmatch(value):
        return True
    if ":" in value and "-" in value and "." in value and compiled("never-file-lines", FILE_LINES).fullmatch(value):
        return True  # GUIDE.md:41-48: a file's lines cited, no value
    if "-" in value and first in "GSNRCIEAT" and compiled("never-cmdlet", CMDLET).fullmatch(value):
        return True  # $cred = Get-Credential: a PowerShell command, what it returns is the value
    if _secret_name(value):
        return True
    if "/" in value and first in _ACL_PRIVILEGES and compiled("never-acl", r"[arwdDxtmXUCcTs*]{1,24}/[A-Za-z_][\w$-]{0,62}\Z").match(value):
        return True  # CTc/ledger_auth: a PostgreSQL ACL item's privileges and its grantor (psql's `\l`), no secret
    if value[-1] in "*_:" and compiled("never-bold-label", r"[A-Za-z][a-z]*(?::(?:\*\*|__)|(?:\*\*|__):)\Z").match(value):
        return True  # **Token Storage:**, **Password Reset**: a bold label's last word, a heading's
    if first == ":" and compiled("never-symbol", r":[a-z_][a-z0-9_]*[?!]?").fullmatch(value):
        return True  # add_column :users, :otp_secret, :string: a Ruby symbol, a name
    if first.isdigit() and compiled("never-date", DATE).fullmatch(value):
        return True  # a date
    if first in "CGRPO" and compiled("never-advisory", ADVISORY).fullmatch(value):
        return True
    if "=" in value and compiled("never-options", r"[a-z_]{1,20}=[^,=\s]*(?:,[a-z_]{1,20}=[^,=\s]*)+\Z").match(value):
        return True  # id=mysecret,src=secret.txt: a list of options (docker --secret, --mount), not a value
    if value.startswith(("file://", "fileb://")):
        return True  # --secret-string file://secret.json: a file the CLI reads (AWS's file:// and fileb://)
    if ":/" in value and compiled("never-named-path", r"[\w.-]{1,40}:/[\w.@-]+(?:/[\w.@-]+)+/?").fullmatch(value):
        return True  # db:/etc/app/db_password: a path after the name it is known by
    return "@" in value and an_email_address(value)  # a user's name, not a password


# Documented defaults that do not repeat their name (those that do: _default_credential): the
# value, and what stands before it when it is that default (SNMP's read and write communities).
DOCUMENTED_DEFAULTS = {"public": ("community", "-c"), "private": ("community", "-c")}
# And those of a service named anywhere in the label before them (RabbitMQ's `guest`:
# `RABBITMQ_DEFAULT_PASS=guest`, `spring.rabbitmq.password=guest`).
SERVICE_DEFAULTS = {"guest": ("rabbitmq", "amqp")}


# The kinds of a provider's own token and of the shapes (store/privacy/rules.py): its prefix or
# shape says what it is, whatever a label says (`AWS_ACCESS_KEY_ID=AKIA…` is a credential).
PROVIDER_KINDS = frozenset(("anthropic_key", "aws_access_key", "github_token", "google_api_key", "jwt", "npm_token",
                            "openai_key", "pypi_token", "service_token", "slack_token", "stripe_key", "private_key",
                            "slack_webhook", "cloud_key", "webhook"))  # fmt: skip
# The kinds never_secret tells apart (each its own class; every other kind is of one class, ""):
# a span found as two kinds of one class gets one verdict (store/privacy/__init__.py).
NEVER_CLASS = {kind: "provider" for kind in PROVIDER_KINDS}
NEVER_CLASS.update({kind: kind for kind in ("custom", "secret_output", "private_key", "high_entropy")})
# A label that ends in an id's or a user's name, then its separator (`AppID: `, `"client_id": "`,
# `--from-literal=user=`, `username=`): the value is an identifier.
ID_LABEL = (r"(?:(?:\b|_)(?i:app|client|user|account|tenant|project|device|subscription)?[_-]?|(?<=[a-z])(?=[A-Z]))"
            r"(?i:id|ids|identifier|user|username|user_name|login|email|account|sid|ssid)_*(?:\\?[\"'])?[ \t]*[:=\uff1a][ \t]*"
            r"(?:\\?[\"'])?\Z")
# The words ID_LABEL's can end in, lowercased: a label ends in one of them, then its separator.
_ID_LABEL_ENDINGS = ("id", "ids", "identifier", "user", "name", "login", "email", "account")
_ID_LABEL_TAILS = frozenset(w[-2:] for w in _ID_LABEL_ENDINGS)  # (their last two letters: a set's one lookup)
_ID_SEPARATORS = (":", "=", "\uff1a")  # (ID_LABEL's, what its end holds once quotes and spaces are taken off)


def _may_end_in_id_label(end: str, before: str) -> bool:
    """False when ID_LABEL cannot match at the end of `before` (most spans): the regex searches
    from every position of its 40 characters (~4 us), this reads its end (~0.3 us): a separator,
    after a name that ends in an id's or a user's word.  `end`: `before` lowercased, without the
    spaces, quotes and backslashes that end it (never_secret reads it once for every class)."""
    if end[-1:] not in _ID_SEPARATORS:
        return False
    name = end[:-1].rstrip(" \t\"'\\_")
    # (in a wider `before` a letter may match ignoring case: its name's last letter is one of theirs)
    return (name[-2:] in _ID_LABEL_TAILS and name.endswith(_ID_LABEL_ENDINGS)) or \
        (name[-1:] in _ID_LAST_LETTERS and not before.isascii())


# The last letters of ID_LABEL's words, and what matches one ignoring case once lowercased (`ſ`: `s`;
# the only letter beyond ASCII that does).
_ID_LAST_LETTERS = frozenset("dsrenltſ")


# A secret's label qualified by its user (`Password for the 'elastic' user:`, `token of user ana:`):
# the value after it is the secret, not a user.
SECRET_OF_USER = (r"(?i)(?:pass(?:word|wd|phrase)?|secret|token|key)[ \t]+(?:for|of)[ \t]+[^:\n=]{0,40}?"
                  r"(?:user|account)(?:[ \t]+[\w'\"\[\].@-]{1,30})?[\"']?[ \t]*[:=][ \t]*[\"']?\Z")
# A host key's type and its size in bits, before its fingerprint.
HOST_KEY_BITS = r"(?:^|[\s\"'=])(?:ssh-(?:ed25519|ed448|rsa|dss)|ecdsa-sha2-nistp\d{3})[ \t]+\d{3,5}[ \t]+\Z"
# A key's id (`keyId`, `key_id`, `customKeyIdentifier`): the name of a key, not the key (a
# provider's shape, `AWS_ACCESS_KEY_ID=AKIA…`, is judged by its kind before this).
KEY_ID_LABEL = r"(?i:key)[_-]?(?i:id|identifier)(?:\\?[\"'])?[ \t]*[:=\uff1a][ \t]*(?:\\?[\"'])?\Z"
# A user and `:` given to a flag that takes `user:password` (`curl -u "site_user:`, `--user web_user:`).
USER_FLAG_PAIR = r"(?:^|\s)(?:-u|-U|--user|--proxy-user)[ \t=]+[\"']?[^\s:\"']{1,64}:\Z"
USER_LABEL = r"(?i:\b|_)(?i:user|username|user_name|login|email|ssid)(?:\\?[\"'])?[ \t]*[:=\uff1a][ \t]*(?:\\?[\"'])?\Z"
# The words of a name that say it names a secret (`db-password`, `db_pw`, `stripe-api-key`).
_NAME_SECRET_WORDS = frozenset(
    "password passwd pwd pw pass passphrase secret secrets token tokens key keys apikey credential "
    "credentials creds auth".split()
)


def _secret_name(value: str) -> bool:
    """`value` is a name of a secret: two words or more (letters, one digit may end a word: S3,
    OAUTH2; a version or number may end it), joined by `_`, `-`, `.` or `/` in one case, one of
    which says secret."""
    if len(value) > 80 or not ("_" in value or "-" in value or "." in value or "/" in value):
        return False  # (the shape below joins two words at least)
    if not compiled("never-name-shape", r"[A-Za-z]+\d?(?:[_./-][A-Za-z]+\d?)+(?:[_.-][vV]?\d{1,4})?\Z").match(value):
        return False
    if not (value.islower() or value.isupper()):
        return False  # My-Secret-Key: a password a person typed, in its own case
    if value[-5:-4] in ("_", "-") and value[-4:-2] in ("19", "20") and value[-2:].isdigit() and value.islower() and "/" not in value and "." not in value:
        return False  # harbor_pass_2026: words and a year, a password a person made (a name's version: v2, _2)
    words = compiled("never-name-split", r"[_./-]").split(value.lower())
    return any(w in _NAME_SECRET_WORDS for w in words)


def _url_password_named(text: str, s: int, value: str) -> bool:
    """`value` at `s`, before a `@`, is the password of a URL's `user:` (`://shop_user:shop_pass@db`)
    that _secret_name would judge a name: a URL holds no reference, its password is the value;
    a stand-in stays one (`your_password`, `changeme_pass`)."""
    return compiled("never-url-user", r"://[^\s:/@]{1,64}:\Z").search(text, s - 80 if s > 80 else 0, s) is not None \
        and _secret_name(value) and not a_placeholder(value)


def _secret_word_as_value(value: str) -> bool:
    """`value` is words (letters, spaces, hyphens, apostrophes; a `?`, `!`, `:` or `.` may end
    them), one of which (or a phrase of two or three) is a secret's word of the lexicon in any
    language (`Passwort`, `Mot de passe`, `Contraseña incorrecta`, `API-Schlüssel`, `Пароль`):
    a label or its translation, not a secret."""
    if len(value) > 60 or not value[0].isalpha():
        return False
    if value.isalpha():
        words = value.lower()
    elif value.isalnum() or compiled("digit", "[0-9]").search(value) is not None:
        # (most values hold a digit: one of letters and digits alone without the search, the same
        # answer, for a character of it that is no letter stays in `words` below and fails its test;
        # with the gate before the call, ~0.3 us a span less on the dense MB)
        return False
    else:
        words = value.rstrip("?!:.\u2026\uff1f\uff01\uff1a").lower()
        if not words.replace(" ", "").replace("-", "").replace("'", "").replace("\u2019", "").isalpha():
            return False
    from store.privacy.lexicon import LABELS

    if words in LABELS or (words[-1] >= "\u3000" and words.endswith(_head_final_labels())):
        return True
    parts = compiled("never-label-words", r"[ -]+").split(words)
    for i, word in enumerate(parts):
        if word in LABELS or (len(word) >= 5 and word.startswith(_label_stems()) and _inflected(word)):
            return True
        for n in (2, 3):
            if i + n <= len(parts) and (" ".join(parts[i:i + n]) in LABELS or "-".join(parts[i:i + n]) in LABELS):
                return True
    return False


def _label_to_the_line_end(text: str, s: int) -> bool:
    """The word at `s`, a space after it, starts words that run to its line's end and are, together,
    a secret's word of the lexicon (`signin.password=Mot de passe`: a `.properties` value is the
    rest of its line, a label, though a finder ends an unquoted value at its first space)."""
    eol = text.find("\n", s, s + 62)
    rest = text[s:eol if eol >= 0 else s + 62].rstrip(" \t\r")
    return (eol >= 0 or len(text) - s <= 61) and _secret_word_as_value(rest)


_CHOSEN_OR_ISSUED = frozenset(("password", "secret", "token", "api_key"))
# Words of an English label: a label that holds one is no sign of a translation (`"password": "password"`).
_ENGLISH_LABEL_WORDS = frozenset(("password", "passwords", "passphrase", "passcode", "pass", "secret", "secrets", "token",
                                  "tokens", "key", "keys", "api", "access", "code", "pin", "credentials"))


def _text_among_translated_labels(text: str, s: int, e: int, value: str) -> bool:
    """`value` (letters alone, words apart by spaces, hyphens or apostrophes, none a random run;
    written for a person: a capital first, a space or a letter outside ASCII) has within 400
    characters another member's value that is a secret's word of the lexicon in a language other
    than English under a name that says a secret (`"password": "Salasana"`): a translation's table,
    whose texts stand under any name (`"token": "Tunnus"`)."""
    if not (value[0].isupper() or " " in value or not value.isascii()):
        return False
    words = [w for w in compiled("never-key-words", r"[\s\-/'\u2019]+").split(value.strip("?!.:,;\u2026")) if w]
    if not words or not all(w.isalpha() and not (w.isascii() and looks_random(w)) for w in words):
        return False
    lo = s - 400 if s > 400 else 0
    for m in compiled("never-member-texts", r"""(?:[:=]|=>)[ \t]*["']?([^\W\d_][^"'\n=:,;{}]{1,38}?)["']?[ \t]*(?:[,;}\n]|\Z)""") \
            .finditer(text, lo, e + 400):
        label = m.group(1).strip()
        if m.start(1) <= s < m.end(1) or label == value:
            continue
        low = label.lower().rstrip("?!.:\u2026")
        if not _ENGLISH_LABEL_WORDS.intersection(compiled("never-label-words", r"[ -]+").split(low)) \
                and _secret_word_as_value(label) and _names_a_secret_before(text, m.start()):
            return True
    return False


def _names_a_secret_before(text: str, at: int) -> bool:
    """The member's name before the separator at `at` says a secret (`"password": `, `auth.token=`,
    `'api_key' => `): its value is that name's translation, not a value of another name
    (`"type": "Salasana"`, a password manager's entry)."""
    m = compiled("never-member-name", r"([\w.-]{1,60})[\"']?[ \t]*\Z").search(text, at - 64 if at > 64 else 0, at)
    return m is not None and any(word in m.group(1).lower() for word in ("pass", "pwd", "secret", "token", "key", "cred"))


def _inflected(word: str) -> bool:
    """`word` is a stem of the lexicon and at most four letters of inflection (`passwortes`,
    `паролата`), not a longer word that starts like one (`secretariat`)."""
    return any(word.startswith(stem) and len(word) - len(stem) <= 4 for stem in _label_stems())


_STEMS: list = []
_HEAD_FINAL: list = []


def _head_final_labels() -> tuple:
    """The lexicon's labels in Chinese, Japanese or Korean script, which put a noun phrase's head
    last, written without spaces (`你的API密钥`, "your API key"): letters that end in one of them
    name a secret, whatever qualifies it before (_secret_word_as_value)."""
    if not _HEAD_FINAL:
        from store.privacy.lexicon import LABELS

        _HEAD_FINAL.append(tuple(w for w in LABELS if w[-1] >= "\u3000" and " " not in w))
    return _HEAD_FINAL[0]


def _label_stems() -> tuple:
    """The lexicon's one-word labels of Latin, Cyrillic or Greek script (which inflect: `Passwortes`,
    `Паролата`), four letters or more."""
    if not _STEMS:
        from store.privacy.lexicon import LABELS

        _STEMS.append(tuple(w for w in LABELS if " " not in w and len(w) >= 4 and w.isalpha() and w < "\u0530"))
    return _STEMS[0]


def _default_credential(value: str, before: str) -> bool:
    """A password that repeats its own name or user (`POSTGRES_PASSWORD: postgres`,
    `postgres:postgres@localhost`, `guest:guest@`): a service's documented default, not a secret."""
    if not value.isalpha() or len(value) < 3:
        return False
    if value in DOCUMENTED_DEFAULTS and before.rstrip(" \t\"'=:").endswith(DOCUMENTED_DEFAULTS[value]):
        return True  # snmpwalk -c public, rocommunity public, community: public
    if value in SERVICE_DEFAULTS and any(word in before for word in SERVICE_DEFAULTS[value]):
        return True
    if before.endswith(value + ":"):
        return True  # user:user@host
    # `value` then `pass`, `_pass`, `root_pass`, where a word starts (found by str.find: a
    # pattern compiled for each value would be kept for each password the filter ever saw)
    tail = compiled("never-default-pass", r"[_-]?(?:root[_-]?)?pass")
    at = before.find(value)
    while at >= 0:
        if (at == 0 or not "a" <= before[at - 1] <= "z") and tail.match(before, at + len(value)):
            return True
        at = before.find(value, at + 1)
    return False


# The last labels of a host name only its own network resolves, or documentation's (RFC 2606, 6761).
_LOCAL_HOST_LABELS = frozenset("local localhost internal lan localdomain home test example invalid docker svc cluster".split())


def _public_host(text: str, at: int) -> bool:
    """`@` at `at` then a public host's name (`db.shop-name.com.br`): not a service's bare name
    (`@db`), an address, localhost, a `.local`/`.internal` name, nor a documentation domain."""
    m = compiled("never-host-name", r"@([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?=[:/\s\"'?]|\Z)").match(text, at)
    if m is None:
        return False
    labels = m.group(1).split(".")
    return labels[-1].isalpha() and len(labels[-1]) >= 2 and not any(x in _LOCAL_HOST_LABELS for x in labels)


def _psql_variable(text: str, s: int) -> bool:
    """A psql variable interpolated as a literal (`PASSWORD :'pw'`, `= :"name"`): a name, not a
    value (a space or a sign before its colon: `password:'x'` of a JS object is a value)."""
    q = s if text[s:s + 1] in ("'", '"') else s - 1
    return q >= 2 and text[q] in ("'", '"') and text[q - 1] == ":" and text[q - 2] in " \t(=,"


def a_placeholder(value: str) -> bool:
    """A stand-in for a secret: the PLACEHOLDER shapes, a value of words one of which says so
    (`changeme123`, `please-change-this`, `some-long-random-string`), or either after a
    provider's prefix (`sk_test_xxxx…`, `sk-proj-REPLACE_WITH_YOUR_KEY`, `xoxb-your-token`)."""
    if "EXAMPLE" in value and len(value) >= 16 and compiled("never-example-marked", EXAMPLE_MARKED).fullmatch(value):
        return True
    rest = compiled("never-provider-prefix", r"[A-Za-z]{2,6}[_-](?:(?:test|live|proj|ant|api\d\d|pat|bot|app)[_-])*").match(value)
    # (`[YOUR_KEY`, `<your-token`: its bracket's close cut off, left after the span by the finder)
    for v in (value, value[rest.end():] if rest else None, value[1:] if value[0] in "[<" else None):
        if not v:
            continue
        if compiled("never-placeholder", PLACEHOLDER).fullmatch(v):
            return True
        # (a size between the words: `replace-with-32-random-bytes`)
        words = compiled("never-words", r"([A-Za-z]+(?:[_ .+-](?:[A-Za-z]+|\d{1,4}(?=[_ .+-])))*)(?:[_-]?\d{1,4})?\Z").match(v)
        if words and any(w in PLACEHOLDER_VOCABULARY or w in OTHER_PLACEHOLDER_WORDS
                         for w in compiled("never-split", r"[_ .+-]").split(words.group(1).lower())):
            return True
        if (CACHE.get("never-joined-stand-in") or compiled("never-joined-stand-in", _joined_stand_in())).fullmatch(v.lower()):
            return True
    return False


# A stand-in's word joined to the noun of the secret it stands for (`randompassword`, `yourtoken1`,
# `dummysecret`): no word between, where PLACEHOLDER's and the split's read words apart.
def _joined_stand_in() -> str:
    return ("(?:" + "|".join(sorted(PLACEHOLDER_VOCABULARY | OTHER_PLACEHOLDER_WORDS, key=len, reverse=True))
            + r")(?:pass(?:word|wd|phrase)?|pwd|secret|token|key|apikey)\d{0,4}")


def a_providers_prefix_and_a_word(value: str) -> bool:
    """`sk_test_demo`, `whsec_demo`, `xoxb-slack`: a provider's prefix (rules.PROVIDERS), its mode,
    then one lower-case word: no provider issues a word, a key's body is random."""
    rest = compiled("never-provider-prefix", r"[A-Za-z]{2,6}[_-](?:(?:test|live|proj|ant|api\d\d|pat|bot|app)[_-])*").match(value)
    if rest is None or compiled("never-one-word", r"[a-z]{2,12}\Z").match(value, rest.end()) is None:
        return False
    return value.startswith(_provider_literals())


def _provider_literals() -> tuple:
    got = CACHE.get("never-provider-literals")
    if got is None:
        got = CACHE["never-provider-literals"] = tuple(lit for _kind, lits, _pattern in PROVIDERS for lit in lits)
    return got


# A key a person chose, of words and a number, in an environment file's line (`JWT_SECRET=` then
# `orbit-ledger-signing-key-2025-change`): five words or more, one a number of 2-4 digits (a year),
# and at most one of the vocabulary of a stand-in, a word that says nothing of a stand-in alone
# (`change`, `random`) and gives no instruction (`change-me`, `change-this`, `random-string`).
_CHOSEN_WORDS = r"[A-Za-z0-9]+(?:[_-][A-Za-z0-9]+){4,11}\Z"
_WEAK_STAND_IN_WORDS = frozenset("change random string some insecure".split())
_INSTRUCTION_WORDS = frozenset("me this it in on before for to later asap the that please now string value".split())
# A line of an environment file: a name in upper case at its line's start (`export ` before it, or
# a tool's line number: `    12→`), `=`.
_ENV_FILE_LINE = r"(?: {0,8}\d{1,7}(?:\u2192|\t)|\+)?(?:export[ \t]+)?[A-Z][A-Z0-9_]{1,80}=[\"']?\Z"
# A text that shows a template of one, not the file itself (`.env.example`, `.env.sample`).
_ENV_TEMPLATE = r"(?i)\.env[\w.-]*\.(?:example|sample|template|dist|defaults?)\b|\bexample\b"


def chosen_in_an_env_file(text: str, s: int, e: int, value: str) -> bool:
    """`value` (at text[s:e], judged a stand-in by a word of it) is a key a person chose in an
    environment file (_CHOSEN_WORDS above), not in its template."""
    if compiled("never-chosen-words", _CHOSEN_WORDS).match(value) is None:
        return False
    words = compiled("never-split", r"[_ .+-]").split(value.lower())
    if not any(w.isdigit() and 2 <= len(w) <= 4 for w in words):
        return False
    weak = [i for i, w in enumerate(words) if w in PLACEHOLDER_VOCABULARY or w in OTHER_PLACEHOLDER_WORDS]
    if not weak or any(words[i] not in _WEAK_STAND_IN_WORDS for i in weak):
        return False
    ls = text.rfind("\n", 0, s) + 1
    end = text[e:e + 2].rstrip("\"'")
    if end[:1] not in ("", "\n", "\r") or compiled("never-env-file-line", _ENV_FILE_LINE).match(text, ls, s) is None:
        return False
    if (len(weak) != 1 or words[weak[0] + 1:weak[0] + 2] and words[weak[0] + 1] in _INSTRUCTION_WORDS) \
            and not _put_in_a_stand_ins_place(text, ls, s):
        return False
    return compiled("never-env-template", _ENV_TEMPLATE).search(text, max(0, s - 4000), s) is None


def _numbered_key_in_an_env_slot(text: str, s: int, value: str) -> bool:
    """`value` (at `s`), words and a number that _secret_name reads as a secret's name with its
    version (`app-secret-2`), is set for a variable that holds a secret's value (its name ends in
    SECRET or PASSWORD, not _NAME or _ID) in a container's or a shell's environment (`-e NAME="`,
    `--env NAME=`, `export NAME=`): the key itself, chosen weak, not a name (a stand-in stays one)."""
    return compiled("never-env-slot", r"(?:^|[ \t])(?:-e|--env|export)[ \t]+[A-Z][A-Z0-9_]*(?:SECRET|PASSWORD)=[\"']?\Z") \
        .search(text, s - 80 if s > 80 else 0, s) is not None and _secret_name(value) and not a_placeholder(value)


def _put_in_a_stand_ins_place(text: str, ls: int, s: int) -> bool:
    """The environment file's line at `ls` (its value at `s`) is a diff's added line, and a removed
    line just above it gave the same name a stand-in (`-JWT_SECRET=your_jwt_key_here` then
    `+JWT_SECRET=X`): the person wrote X in the template's place, a value of their own, whatever
    words of a stand-in it holds (`…_secure_random_string`)."""
    if text[ls:ls + 1] != "+":
        return False
    head = text[ls + 1:s]  # `JWT_SECRET=`, a quote maybe
    above = text.rfind("\n-" + head, max(0, ls - 2000), ls)
    if above < 0 or "\n+" in text[above + 1:ls - 1] or text.count("\n", above + 1, ls) > 8:
        return False
    at = above + 2 + len(head)
    eol = text.find("\n", at, ls)
    return eol > at and a_placeholder(text[at:eol].strip("\"' \t\r"))


# PLACEHOLDER_VOCABULARY's `your`, `here`, `replace`, `example` in the languages of Latin script
# most written beside English (Spanish, Portuguese, French, German, Italian, Dutch), in ASCII.
OTHER_PLACEHOLDER_WORDS = frozenset(
    "tu tus aqui reemplazar ejemplo seu sua substituir exemplo votre ici remplacer exemple dein deine ihr ihre "
    "hier ersetzen beispiel tuo qui sostituire esempio jouw vervangen voorbeeld".split()
)
# ... as words of a value (_value_shape's gate, for a value of words joined by `_` or `-`)
_OTHER_HINTS = r"(?:^|[_ .+-])(?:" + "|".join(sorted(OTHER_PLACEHOLDER_WORDS)) + r")(?:[_ .+-]|\Z)"


# A value that says none is given (its words joined by `_`, `-` or a space, in any case).
NONE_GIVEN = (r"(?i:not[_ -]?(?:set|configured|provided|defined|given|available)|unset|undefined|none|null"
              r"|missing|empty|no[_ -]?(?:value|key|token|secret|password))")


def _no_key_in_its_block(text: str, s: int, e: int) -> bool:
    """The key block at text[s:e], its end line in it, holds a stand-in for its body, no key's
    (`-----BEGIN PRIVATE KEY-----\\nYOUR_PRIVATE_KEY\\n-----END…`, `...`)."""
    end = text.find("-----END", s + 10, e)
    head = text.find("-----", text.find("-----BEGIN", s, end) + 10, end) if end >= 0 else -1
    if head < 0:
        return False
    body = compiled("never-key-body-breaks", r"\\[nr]|\s").sub("", text[head + 5:end])
    return len(body) <= 80 and a_placeholder(body) if body else True


def _base64_of_a_stand_in(value: str) -> bool:
    """`value` is base64 of a stand-in's text (`your-secret-jwt-key-change-in-production`, as a
    Kubernetes Secret's `data:` asks for it).  (Base64 of ASCII text starts each group of four with
    A-Z or a-f, the high bit of its first byte unset: a random value fails within a few groups.)"""
    if compiled("never-b64-ascii", r"(?:[A-Za-f][A-Za-z0-9+/]{3})*[A-Za-f][A-Za-z0-9+/][A-Za-z0-9+/=]{2}\Z").match(value) is None:
        return False
    try:
        raw = a2b_base64(value)
    except (BinasciiError, ValueError):
        return False
    if len(raw) < 12 or not raw.isascii():
        return False
    plain = raw.decode("ascii")
    return plain.isprintable() and a_placeholder(plain)


# A key that marks itself as a documentation example: it ends in EXAMPLE or EXAMPLEKEY, in upper
# case, or in that and a run of one digit padding it to its length (AWS's documented
# `AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`, `sk_test_EXAMPLEKEY0000…`);
# a random key ends so once in 62**7.
EXAMPLE_MARKED = r"[A-Za-z0-9+/_-]{6,}EXAMPLE(?:KEY)?(?:(\d)\1{3,})?"
# Words that make a value of words a stand-in (the value holds no other kind of character: a value
# that says it is `insecure`, `django-insecure-dev`, is a development default, not a secret); not
# `example`, the documented password of an image (POSTGRES_PASSWORD: example) that it runs with.
PLACEHOLDER_VOCABULARY = frozenset(
    "your yours change changeme replace sample dummy fake placeholder todo tbd fixme insert here "
    "some random string redacted omitted filtered insecure".split()
)
# A password hash in the modular crypt format ($2b$12$…, $argon2id$v=19$…, $6$salt$hash), Django's
# (pbkdf2_sha256$600000$salt$hash): a hash, kept like any other.
CRYPT_HASH = (
    r"(?:\$(?:2[abxy]?|argon2(?:id|i|d)|[135689]|y|gy|7|scrypt|pbkdf2(?:-sha\d+)?|sha\d+)"
    r"|(?:pbkdf2_sha\d+|argon2|bcrypt_sha256|bcrypt|scrypt))\$[^\s\"'`]{8,}"
)


_SCHEME_STARTS = frozenset("2a1356789ygsp")  # CRYPT_HASH's first characters after a `$`
_SCHEME_ENDS = frozenset("0123456789t")  # and the last of a scheme's name before its `$`


def _crypt_hash(text, s, e):
    """text[s:e] lies in a password hash of the modular crypt format (the run of characters
    around it with no space or quote)."""
    lo, hi = max(0, s - 120), min(len(text), s + 40)
    # a head holds a `$` that a scheme's first character follows (`$2b$`, `$argon2id$`) or that
    # ends a scheme's name (`pbkdf2_sha256$`, `bcrypt$`): where no `$` of the window is one, the
    # head's search (its look-behind and alternatives tried at each of the 160 places) finds none
    at = text.find("$", lo, hi)
    while at >= 0 and text[at + 1:at + 2] not in _SCHEME_STARTS and text[at - 1:at] not in _SCHEME_ENDS:
        at = text.find("$", at + 1, hi)
    if at < 0:
        return False
    head = compiled("never-crypt-head", r"(?<![^\s\"'`=:(\[{,])" + CRYPT_HASH.split(r"\$[^")[0] + r"\$")
    m = head.search(text, lo, hi)
    if m is None or m.start() > s:
        return False
    a = m.start()
    end = compiled("never-crypt-end", r"[^\s\"'`]*").match(text, e, min(len(text), e + 400)).end()
    return compiled("never-crypt", CRYPT_HASH).fullmatch(text, a, end) is not None


# What a stand-in holds one of, lowercased (a_placeholder's gate): its words, and the marks that stand
# for a value left out.  Literals only (`<|\[`, not `[<\[]`): an alternation of literals is searched
# by skipping to the characters its branches start with, a class among them makes the engine try
# every branch everywhere (twice as slow, on every span found).
_PLACEHOLDER_HINT_WORDS = ("your", "here", "change", "replace", "update", "fill", "insert", "placeholder", "example",
                           "sample", "dummy", "fake", "todo", "tbd", "fixme", "some", "random", "string", "redacted",
                           "omitted", "filtered", "insecure", "xx")
_PLACEHOLDER_HINT_MARKS = r"<|\[|\*\*\*|\.\.\.|\u2022\u2022\u2022\u2022"
# Each word is looked for from one of these letters it holds, what stands before and after it read
# from there: a try starts at one of five letters, not at any of the fourteen the words start with
# (0.72 -> 0.46 us a value on the dense MB, whose long tokens are read to their end).
_HINT_PIVOTS = "edrlx"


def _hints_pattern() -> str:
    """_PLACEHOLDER_HINT_WORDS found from their pivots (`e(?:(?<=he)(?=re)|…)`), or a mark."""
    by_pivot = {}
    for word in _PLACEHOLDER_HINT_WORDS:
        pivot = next(ch for ch in _HINT_PIVOTS if ch in word)
        j = word.index(pivot)
        by_pivot.setdefault(pivot, []).append(("(?<=" + word[:j + 1] + ")" if j else "")
                                              + ("(?=" + word[j + 1:] + ")" if j + 1 < len(word) else ""))
    return "|".join(pivot + "(?:" + "|".join(rest) + ")" for pivot, rest in by_pivot.items()) \
        + "|" + _PLACEHOLDER_HINT_MARKS


def _jwt_run(text, s, e):
    """The run of JWT characters (base64url and dots) around text[s:e] (4,000 characters at most)."""
    stop = max(0, s - 4000)
    while s > stop and (text[s - 1].isalnum() or text[s - 1] in "_-.") and text[s - 1].isascii():
        s -= 1
    n = min(len(text), e + 4000)
    while e < n and (text[e].isalnum() or text[e] in "_-.") and text[e].isascii():
        e += 1
    return s, e


def _id_run(text, s, e):
    """The run of id characters (letters, digits, `_`) around text[s:e] (100 characters at most
    each side: an id is shorter)."""
    stop = max(0, s - 100)
    while s > stop and (text[s - 1].isalnum() or text[s - 1] == "_") and text[s - 1].isascii():
        s -= 1
    n = min(len(text), e + 100)
    while e < n and (text[e].isalnum() or text[e] == "_") and text[e].isascii():
        e += 1
    return s, e


def _unsigned_jwt(value: str) -> bool:
    parts = value.split(".")
    if len(parts) != 3 or not parts[1].startswith("eyJ"):
        return False
    if parts[2] == "":
        return True
    import base64

    try:
        head = base64.urlsafe_b64decode(parts[0] + "=" * (-len(parts[0]) % 4)).decode("utf-8", "replace")
    except (ValueError, TypeError):
        return False
    return compiled("alg-none", r'"alg"\s*:\s*"none"', 2).search(head) is not None


# A JWT's claims that make it the anonymous role's key (PostgREST's `anon`: the key a browser is
# given before anyone signs in, which the database's policies let read what is public), and those
# that name a subject (a user's, a session's token: a secret, whatever its role).
ANONYMOUS_ROLE = r'"role"\s*:\s*"anon(?:ymous)?"'
SUBJECT_CLAIM = r'"(?:sub|email|phone|user_?id|uid|session_?id|sid)"\s*:'


def _anonymous_role_jwt(value: str) -> bool:
    """`value` is a signed JWT whose payload's claims say it is the anonymous role's key and name
    no subject: public by design (its own claims are the evidence, not the issuer's name)."""
    parts = value.split(".")
    if len(parts) != 3 or not parts[1].startswith("eyJ") or len(parts[1]) > 2000:
        return False
    body = parts[1].replace("-", "+").replace("_", "/")
    try:
        claims = a2b_base64(body + "=" * (-len(body) % 4)).decode("utf-8")
    except (BinasciiError, UnicodeDecodeError):
        return False
    return compiled("never-anon-role", ANONYMOUS_ROLE).search(claims) is not None \
        and compiled("never-subject-claim", SUBJECT_CLAIM).search(claims) is None


# A hash scheme in braces (RFC 2307's userPassword, OpenLDAP, Dovecot: not {PLAIN} or {CLEARTEXT},
# which hold the password as it is) or an encryption tool's envelope, standing before a span.
SEALED = (r"\{(?i:s?sha(?:1|224|256|384|512)?|s?md5|crypt|bcrypt|blf-crypt|pbkdf2(?:-sha\d+)?|argon2(?:i|d|id)?|scrypt"
          r"|ssha\d+|sha\d+-crypt|ssha-?\d+)\}|ENC\[[A-Z0-9_]{2,20},|ENC\(|\{cipher\}")


def _in_envelope(text: str, s: int) -> bool:
    """The span (after a `:`) lies inside an encryption tool's `ENC[…]` envelope (sops' members
    after its data: `iv:`, `tag:`), its opening on the span's line, no `]` between."""
    at = text.rfind("ENC[", s - 600 if s > 600 else 0, s)
    return at >= 0 and compiled("never-envelope", r"ENC\[[A-Z0-9_]{2,20},[^\]\s]*\Z").match(text, at, s) is not None


def _sealed(text: str, s: int) -> bool:
    """The span at `s` is a hash in a scheme's braces or ciphertext in a tool's envelope: the
    scheme or envelope stands at `s` or ends right before it (the `{SSHA}` or `ENC[PKCS7,` of
    the value)."""
    rx = compiled("never-sealed", SEALED)
    lo = s - 200 if s > 200 else 0
    nl = text.rfind("\n", lo, s)  # (the other delimiters after the line's break: one before it is not the last)
    if nl > lo:
        lo = nl
    word = max(nl, text.rfind(" ", lo, s), text.rfind("\t", lo, s), text.rfind("\"", lo, s), text.rfind("'", lo, s)) + 1
    if word == 0 and lo > 0:
        word = s  # (no break within reach: the word starts out of it, not at the text's start)
    if word < s and rx.match(text, word) is not None:
        return True  # `{CRYPT}$6$rounds=5000$salt$hash`: the span lies in a word the scheme starts
    for m in rx.finditer(text, s - 24 if s > 24 else 0, s + 20):
        if m.start() == s or (m.end() <= s and not text[m.end():s].strip(" \t\"'")):
            return True
        if m.start() > s:
            break
    return False


# ---- classes of realistic tool output (the tenth dev batch, tests/privacy_eval/dev_negatives10.py) ----

def _never_in_tool_output(text: str, s: int, e: int, kind: str, value: str, shape: int, last: str, end: str) -> bool:
    """The classes found in realistic tool output after the eighth batch's, each tried only where its
    cheap gate holds: most spans pass none of them, and are read here by the character before them
    (`last`), their value's first one and the end of what stands before them (`end`, see
    _never_by_place)."""
    if last == "\\" and value[0] in "nrt" and len(value) > 1:
        # (`\nRWQ…`, `\t9RYW…`: the value starts after a line break or a tab written as an escape)
        s, value, last = s + 1, value[1:], ("\t" if value[0] == "t" else "\n")
        if kind == "high_entropy" and _is_hex(value):
            return True  # `\n85a6ae…  file`: hex, as the entropy rule keeps hex
        if _hash_or_name(value):
            return True
    elif shape & _HASH_OR_NAME:
        return True
    if kind == "high_entropy":
        if value[0] == "x" and last == "\\" and _is_hex(value[1:]):
            return True  # a bytea literal (`'\\x5f2a…'::bytea`): hex, as the entropy rule keeps hex
        if _escaped_line_without_secret_word(text, s, e):
            return True
    if last == "\n" and _at_a_lines_start_in_tool_output(text, s, kind):
        return True
    n = len(value)
    if last == '"' or last == "'" or not last:  # (_mark_may_say's gate for a quote, read without its call)
        if (text[s - 2:s - 1] == "=" or (n <= 64 and not n % 4 and kind not in PROVIDER_KINDS)) \
                and _after_its_mark_in_tool_output(text, s, e, kind, value, last):
            return True
    elif last in "<:=" and (last != "=" or kind == "cookie") and _mark_may_say(text, s, e, kind, n, last) \
            and _after_its_mark_in_tool_output(text, s, e, kind, value, last):
        return True
    # (whether what stands before the value may end in a label's separator, read from `end`: where
    # it does not, no name before the value is a label's, the classes below read none)
    labelled = end[-1:] in (":", "=") or len(end) < 2 or (end[-2] == "\\" and end[-1] in "tn")
    if (labelled or last in _CIPHERTEXT_RUN) and text.find("phertext", s - 80 if s > 80 else 0, s) >= 0 \
            and _under_a_ciphertext_name(text, s):
        return True  # Pulumi's `"ciphertext": "v1:…:…"`, KMS's `CiphertextBlob`: what only a key opens
    if last not in " \t\"'\\:=" or not labelled:
        return False
    if (8 < n < 24 or n > 136) and kind != "high_entropy" and text.find("dempoten", s - 60 if s > 60 else 0, s) < 0:
        return False  # (_never_by_its_name's gates, none of which holds: most passwords' lengths)
    tail = text[s - 60 if s > 60 else 0:s].rstrip(" \t\"'\\")
    while tail.endswith(("\\t", "\\n")):  # (`Hash (md5):\t\t…` in JSON printed as text)
        tail = tail[:-2].rstrip(" \t\"'\\")
    return tail.endswith((":", "=")) and _never_by_its_name(text, s, kind, value, tail)


def _hash_or_name(value: str) -> bool:
    """The classes of realistic tool output the value alone says (read once a value: _value_shape)."""
    first = value[0]
    if first == "*" and len(value) == 41 and _is_hex(value[1:]):
        return True  # MySQL's native password hash (`IDENTIFIED BY PASSWORD '*2470C0C0…'`): a hash
    if first == "M" and compiled("never-ecdsa-sig", ECDSA_SIGNATURE).match(value):
        return True  # an ECDSA signature in DER (`MEUCIQ…`, Sigstore's, npm's): it proves, it opens nothing
    return "/" in value and "secrets/" in value and compiled("never-secret-resource", SECRET_RESOURCE).match(value) is not None
    # (`projects/123/secrets/db-password`: a secret's resource name, not its value)


# What _under_a_ciphertext_name walks back over from a value to the name before it.
_CIPHERTEXT_RUN = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=:_-.")


def _at_a_lines_start_in_tool_output(text: str, s: int, kind: str) -> bool:
    """The classes of a value that starts its line (a line break before it, real or escaped)."""
    if kind not in PROVIDER_KINDS and _below_a_public_name(text, s):
        return True  # `$ cat /etc/wireguard/public.key` then the key: what a public key's file holds
    return text.rfind("comment:", s - 160 if s > 160 else 0, s) >= 0 and _signify_public(text, s)


def _mark_may_say(text: str, s: int, e: int, kind: str, n: int, last: str) -> bool:
    """The gate of _after_its_mark_in_tool_output's class for the mark `last`, read without its call."""
    if last == "<":
        return text[e:e + 1] == "@"
    if last == ":":
        return text[s - 5 if s > 5 else 0:s].endswith((",iv:", ",tag:", "data:"))
    if last == "=":
        return kind == "cookie"
    return text[s - 2:s - 1] == "=" or (n <= 64 and not n % 4 and kind not in PROVIDER_KINDS)


def _after_its_mark_in_tool_output(text: str, s: int, e: int, kind: str, value: str, last: str) -> bool:
    """The classes read from the mark right before the value (`last`: a quote, `<`, `:` or `=`)."""
    if last == "<":
        return text[e:e + 1] == "@" and compiled("never-message-id", r"@[\w.-]{1,255}>").match(text, e) is not None
        # (`<obH2wy…@geopod-ismtpd-3>`: an e-mail's Message-ID)
    if last == ":":
        return text[s - 5 if s > 5 else 0:s].endswith((",iv:", ",tag:", "data:")) and _in_sops_envelope(text, s)
        # (sops' `ENC[AES256_GCM,data:…,iv:…,tag:…,type:str]`: ciphertext, its nonce and its tag)
    if last == "=":
        return kind == "cookie" and text[s - 12 if s > 12 else 0:s - 1].lower().endswith(_COOKIE_ATTRIBUTES)
        # (`SameSite=Lax`, `Path=/`: a cookie's attribute, not its value)
    if text[s - 2:s - 1] == "=" and _in_a_falsifying_example(text, s):
        return True  # Hypothesis's `Falsifying example: test_hash(password='0\x00')`: data a test generated
    return len(value) <= 64 and not len(value) % 4 and kind not in PROVIDER_KINDS and _readable_id_in_base64(text, s, value)
    # (a Relay global id or cursor: `VXNlcjo0ODIx` is `User:4821`)


def _never_by_its_name(text: str, s: int, kind: str, value: str, tail: str) -> bool:
    """The classes of _never_in_tool_output read from the name before the value (`tail`: what stands
    before it, ending in its separator); the name is read only where a gate of its class holds."""
    n = len(value)
    if text.find("dempoten", s - 60 if s > 60 else 0, s) >= 0 and "dempoten" in _label_name(tail[:-1]).lower():
        return True  # `Idempotency-Key: …`, `I-Twilio-Idempotency-Token: …`: a request's id, chosen to dedupe
    if n <= 8 or kind == "high_entropy":
        low_tail = tail[:-1].rstrip(" \t\"'\\").lower()
        if n <= 8 and text[s - 1:s] == "=" and low_tail.endswith("token") and _label_name(tail[:-1]).lower() == "token" \
                and _logfmt_line(text, s):  # (a field of logfmt: `token=` and the value, nothing between)
            return True  # GitLab Runner's `… responseStatus=201 Created token=ab12cd34`: a token's first characters
        if kind == "high_entropy" and low_tail.endswith(_ID_NOUNS) and \
                compiled("never-id-noun", ID_NOUN).search(_label_name(tail[:-1]).lower()):
            return True  # `"job": "V1StGXR8_Z5jdHi6B-myT"`, `"cuid": …`, `accessor …`: an id under its name
    if not 24 <= n <= 136 or not _may_name_a_digest(tail.lower()) or not _digest_shaped(value, text, s):
        return False
    name = _label_name(tail[:-1])
    if not name and tail[:-1].endswith(")"):  # `Hash (md5):`: a name and its algorithm in parentheses
        name = tail[:-1][-24:].replace("(", "_").replace(")", "").replace(" ", "")
    if text[s - 1] == ":" and name.lower() in ("h1", "sha1", "sha256", "sha384", "sha512", "md5"):
        # (`"Sum": "h1:…`: the algorithm right before the value, then its label; `"sha512": "…"` is the label)
        name = _label_name(tail[:-len(name) - 1].rstrip(" \t\"'\\").rstrip(":="))
    return _names_a_digest(name)  # `checksum/secret: 3f2a…`, `key_hash = '\\x5f…'`, `CodeSha256`, Go's `Sum: h1:…`


def _in_a_falsifying_example(text: str, s: int) -> bool:
    """The argument at `s` is one of a property-based test's generated examples: Hypothesis's
    `Falsifying example: test_x(` (or `Trying example:`) stands above it, its call not yet closed."""
    at = max(text.rfind("Falsifying example:", s - 600 if s > 600 else 0, s), text.rfind("Trying example:", s - 600 if s > 600 else 0, s))
    return at >= 0 and text.find(")\n", at, s) < 0 and text.find("\\n)", at, s) < 0


def _line_start(text: str, s: int, reach: int | None = None) -> int:
    """Where the line of `s` starts, a line break written as an escape (`\\n`) counted as one;
    with `reach`, at most that many characters before `s`."""
    if reach is not None:
        lo = 0 if s <= reach else s - reach
        a = text.rfind("\n", lo, s)
        a = lo if a < 0 else a + 1
        b = text.rfind("\\n", a, s)
        return a if b < 0 else b + 2
    # Read from the last place asked of this text on, where `s` lies after it (the spans are judged
    # in order): a text of one line was read back to its start at each value (200,000 characters dense
    # with secrets on one line, its breaks two spaces: 255 -> 209 ms).
    memo = _LINE_MEMO[0]
    if memo[0] is text and memo[1] <= s:
        s0, real, start, above, headers = memo[1:]
        a = text.rfind("\n", s0, s)
        if a >= 0:
            real = start = a + 1
            b = text.rfind("\\n", real, s)
        else:  # (an escaped break that ends after `s0` may start at `s0 - 1`)
            b = text.rfind("\\n", s0 - 1 if s0 > real else real, s)
    else:
        above, headers = (memo[4], memo[5]) if memo[0] is text else ({}, {})
        real = start = text.rfind("\n", 0, s) + 1
        b = text.rfind("\\n", real, s)
    if b >= 0:
        start = b + 2
    _LINE_MEMO[0] = (text, s, real, start, above, headers)
    return start


# (the text last asked of, its last place asked, where that place's line starts without and with
# escaped breaks, the starts of the lines above asked of (_line_above_start), and the tables'
# headers found above lines (_header_above))
_LINE_MEMO = [("", 0, 0, 0, {}, {})]


def _line_above_start(text: str, end: int) -> int:
    """_line_start of `end`, the end of a line above the one _line_start was last asked of; each
    line's answer kept for the text (the lines above a table's rows are read again for each value
    on them, and a line as long as the text was read back to its start)."""
    memo = _LINE_MEMO[0]
    if memo[0] is not text:
        return _line_start(text, end)
    got = memo[4].get(end)
    if got is None:
        real = memo[2]
        if not real <= end <= memo[1]:
            real = text.rfind("\n", 0, end) + 1
        b = text.rfind("\\n", real, end)  # (the same real line as the last place asked of: no break between)
        got = memo[4][end] = real if b < 0 else b + 2
    return got


def _in_sops_envelope(text: str, s: int) -> bool:
    at = text.rfind("ENC[", _line_start(text, s), s)
    return at >= 0 and "]" not in text[at:s]


# A line that names a public key (`public.key`, `id_ed25519.pub`, `Public key:`), ending its line.
PUBLIC_NAME_ABOVE = r"(?i)(?:\bpublic[ _.-]?key|\bpub[ _.-]?key|\.pub)(?:\.\w{1,4})?[ \t:]*\Z"


def _below_a_public_name(text: str, s: int) -> bool:
    """The value at `s` starts the line below one that names a public key."""
    if s < 5:
        return False
    end = s - 2 if text[s - 2:s] == "\\n" else s - 1
    # (the line's last 200 characters: a break 201 back or nearer gives the same start)
    above = text[max(_line_start(text, end, reach=201), end - 200):end].rstrip()
    return compiled("never-public-above", PUBLIC_NAME_ABOVE).search(above) is not None


# A secret's resource name in a secret store (Google's `projects/123/secrets/db-password/versions/4`).
SECRET_RESOURCE = r"(?:[\w.-]+/)*secrets/[\w.-]+(?:/versions/[\w.-]+)?\Z"
# An ECDSA signature in DER, base64 (a SEQUENCE of two INTEGERs of P-256 or P-384: `MEUCIQ…`, `MEQCI…`, `MGUCMQ…`).
ECDSA_SIGNATURE = r"M(?:E[QUY]CI|G[QUY]CM)[A-Za-z0-9+/]{56,}={0,2}\Z"


def _readable_id_in_base64(text: str, s: int, value: str) -> bool:
    """`value` is base64 of a type's name and a number (Relay's global ids and cursors: `User:4821`,
    `arrayconnection:0`), not after `Basic` (a user and a password)."""
    if not value[:1].isalpha() or "basic" in text[s - 20 if s > 20 else 0:s].lower():
        return False
    if compiled("never-b64", r"[A-Za-z0-9+/]+={0,2}\Z").match(value) is None:
        return False
    try:
        plain = a2b_base64(value).decode("ascii")
    except (BinasciiError, ValueError):
        return False
    return compiled("never-relay-id", r"(?:arrayconnection|[A-Z][A-Za-z]{1,40}):\d{1,20}\Z").match(plain) is not None


def _under_a_ciphertext_name(text: str, s: int) -> bool:
    """The value at `s` (or the quoted string it lies in) stands after a name one of whose words is
    `ciphertext` (`"ciphertext": "v1:…"`, `CiphertextBlob`)."""
    at = s
    stop = s - 300 if s > 300 else 0
    while at > stop and (text[at - 1].isalnum() or text[at - 1] in "+/=:_-.") and text[at - 1].isascii():
        at -= 1
    tail = text[at - 60 if at > 60 else 0:at].rstrip(" \t\"'\\")
    if not tail.endswith((":", "=")) or "phertext" not in tail.lower():
        return False
    name = _label_name(tail[:-1])
    return any(w.lower().startswith("ciphertext") for w in compiled("never-name-parts", r"[A-Za-z0-9]+").findall(name)) \
        or "ciphertext" in name.lower()


def _logfmt_line(text: str, s: int) -> bool:
    """The line of `s` is a log line of `key=value` fields (two or more before the value's own)."""
    start = _line_start(text, s, reach=1000)  # (a line of 1 MB: its last 1,000 characters, not all of it at each value)
    fields = compiled("never-logfmt-field", r"(?:^|\s)[a-zA-Z_]+=\S").finditer(text, start, s)
    return next(fields, None) is not None and next(fields, None) is not None


def _is_hex(value: str) -> bool:
    return len(value) >= 16 and all_hex(value)


# A cookie's attributes (RFC 6265): what follows them in a Set-Cookie header is no cookie's value.
_COOKIE_ATTRIBUTES = ("samesite", "path", "domain", "expires", "max-age", "priority", "partitioned")
# The words of an id's name (`job`, `trace`, `cuid`, `xid`, `ulid`, a token's `accessor`: a reference
# to a token, which cannot authenticate; a key's `kid`, a secret's `version`), as a JSON key or a
# label ends in them.
_ID_NOUNS = ("uid", "uuid", "guid", "cuid", "xid", "ulid", "ksuid", "oid", "nanoid", "job", "trace", "span",
             "accessor", "etag", "revision", "rev", "snowflake", "kid", "version", "cursor")
# (`cursor`, `endCursor`, `next_cursor`: a page's position in a listing, handed back to get the next)
ID_NOUN = (r"(?:^|[^a-z])(?:[a-z]*_)?(?:u|uu|gu|cu|x|ul|ksu|o|nano)id\Z"
           r"|(?:^|[^a-z])(?:job|trace|span|accessor|etag|rev|revision|snowflake|kid|version)\Z|cursor\Z")


def _label_name(tail: str) -> str:
    """The name that ends `tail` (a label before its separator, quotes and escapes taken off): the
    characters of a name or a header (`checksum/secret`, `I-Twilio-Idempotency-Token`, `GoModSum`)."""
    tail = tail.rstrip(" \t\"'\\")
    i = len(tail)
    while i > 0 and (tail[i - 1].isalnum() or tail[i - 1] in "_-./") and tail[i - 1].isascii():
        i -= 1
    return tail[i:]


# Words of a name that say its value is a digest (`checksum/secret`, `key_hash`, `CodeSha256`, `GoModSum`).
_DIGEST_WORDS = frozenset("hash hashes checksum checksums digest digests sum sha sha1 sha224 sha256 sha384 sha512 md5 "
                          "etag integrity fingerprint".split())
# How long a digest is, in bytes (MD5, SHA-1, SHA-224, SHA-256, SHA-384, SHA-512).
_DIGEST_BYTES = frozenset((16, 20, 28, 32, 48, 64))


def _digest_shaped(value: str, text: str, s: int) -> bool:
    """`value` is a digest's length in hex (a `\\x` bytea prefix allowed) or in base64, after an
    algorithm's prefix when it has one (`h1:`, `sha256:`, `sha256-`)."""
    if value[:1] == "x" and s and text[s - 1] == "\\":
        value = value[1:]
    head = compiled("never-digest-prefix", r"(?:h1|sha\d{1,3}|md5)[:-]").match(value)
    if head:
        value = value[head.end():]
    n = len(value)
    if n in (32, 40, 56, 64, 96, 128) and _is_hex(value):
        return True
    if n % 4 or not 24 <= n <= 88 or compiled("never-b64", r"[A-Za-z0-9+/]+={0,2}\Z").match(value) is None:
        return False
    return n * 3 // 4 - (len(value) - len(value.rstrip("="))) in _DIGEST_BYTES


def _may_name_a_digest(low: str) -> bool:
    """`low` (lowercased) holds one of _DIGEST_WORDS: where it holds none, no name in it says digest."""
    return "sha" in low or "sum" in low or "hash" in low or "md5" in low or "digest" in low or "etag" in low \
        or "integrity" in low or "fingerprint" in low


def _names_a_digest(name: str) -> bool:
    """A word of `name` (split at `_-./` and where case turns) says digest."""
    for part in compiled("never-name-parts", r"[A-Za-z0-9]+").findall(name):
        if part.islower() or part.isupper():
            pieces = [part]
        else:
            pieces = compiled("never-camel", r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+").findall(part)
        low = [p.lower() for p in pieces]
        for i, piece in enumerate(low):
            if piece in _DIGEST_WORDS or (piece == "sha" and i + 1 < len(low) and low[i + 1].isdigit()):
                return True
    return False


def _signify_public(text: str, s: int) -> bool:
    """The value at `s` is the line below a minisign or signify comment that says it holds a public
    key or a signature (`untrusted comment: minisign public key 5D01…`, `… signature from minisign
    secret key`, `trusted comment: timestamp:…`); not below one that says a secret key alone."""
    line_start = _line_start(text, s)
    if text[line_start:s].strip(" \t"):
        return False
    end = line_start - 2 if text[line_start - 2:line_start] == "\\n" else line_start - 1
    if end <= 0:
        return False
    comment = text[_line_above_start(text, end):end].lower()
    comment = comment.split("\u2192", 1)[-1].strip()
    if not comment.startswith(("untrusted comment:", "trusted comment:")):
        return False
    return comment.startswith("trusted") or "public key" in comment or "signature" in comment


def _escaped_line_without_secret_word(text: str, s: int, e: int) -> bool:
    """A random value found beside a secret word of its line, where that line is a document printed
    as JSON text (its line breaks written `\\n`): the line the value stands on, read up to those
    escaped breaks, and a block's head in the two lines above it (a line that ends in `{`, `:` or
    `[`) hold no secret word (`…\\"CodeSha256\\": \\"…` in a listing that says `token` elsewhere)."""
    lo = s - 2000 if s > 2000 else 0
    # (no line break within 2,000 characters: the window's start, not the text's: an escaped break
    # looked for from the text's start at each value, seconds a MB of one long line of values)
    ls = text.rfind("\n", lo, s) + 1 or lo
    a = text.rfind("\\n", ls, s)
    le = text.find("\n", e, e + 2000)
    if le < 0:
        le = min(len(text), e + 2000)
    b = text.find("\\n", e, le)
    if a < 0 and b < 0:
        return False  # no escaped line break around it: its line is a line
    a = ls if a < 0 else a + 2
    b = le if b < 0 else b
    spans = [(a, b)]
    for _ in range(2):  # and a block's head in the two lines above (`variable \"db_password\" {\n  type …\n  default = \"X\"`)
        if a - 2 <= ls:
            break
        up = text.rfind("\\n", ls, a - 2)
        head = (ls if up < 0 else up + 2, a - 2)
        if text[head[0]:head[1]].rstrip(" \t\\").endswith(("{", ":", "[")):
            spans.append(head)
        a = head[0]
    from store.privacy.names import MORE_NAME_TRIGGERS, NAME_TRIGGERS, secret_word_at

    for a, b in spans:
        low = text[a:b].lower()
        for trigger in NAME_TRIGGERS + MORE_NAME_TRIGGERS:
            at = low.find(trigger)
            while at >= 0:
                if secret_word_at(text, a + at):
                    return False
                at = low.find(trigger, at + 1)
    return True


# ---- classes of realistic tool output (the eleventh dev batch, tests/privacy_eval/dev_negatives11.py) ----

def _end_of_body(text: str, at: int) -> int:
    """Where a block whose END line is not in the text stops: at the end of its base64 body
    (`read(7, "-----BEGIN CERTIFICATE-----\\nMIIH…"..., 4096)`, strace's first bytes of a
    file): what follows is not the block's (a line break may be written as an escape)."""
    return compiled("never-pem-body", r"[A-Za-z0-9+/=\s\\]*").match(text, at).end()


def _in_a_signature_element(text: str, s: int) -> bool:
    """The span lies in an XML-DSig element that holds a certificate, a signature or a digest in
    base64 (`<ds:X509Certificate>`, `<ds:SignatureValue>`, `<ds:DigestValue>`: SAML metadata, a
    signed XML document): what anyone verifying it reads.  (Read from the nearest `<` before
    the span, a search back in C over base64, which holds none: not a scan of every text.)"""
    lt = text.rfind("<", s - 4000 if s > 4000 else 0, s)
    return lt >= 0 and compiled("never-dsig", r"<(?:[A-Za-z][\w.-]*:)?(?:X509Certificate|SignatureValue|DigestValue)(?:\s[^<>]*)?>").match(text, lt) is not None


# Values of an access level (`IdToken: write`, GitHub's `GITHUB_TOKEN Permissions` list): what a
# token may do, not the token.
_ACCESS_LEVELS = frozenset("read write none read-write readwrite read-only readonly write-only writeonly".split())
# The last words of a label that names one of a secret's attributes, not the secret (`Secret source:
# Actions`, `token type: bearer`, `key algorithm: RSA`).
_ATTRIBUTE_NOUNS = ("source", "type", "kind", "scope", "scopes", "permission", "permissions", "provider", "status",
                    "length", "format", "algorithm", "usage", "backend", "rotation", "policy")
_ATTRIBUTE_TAILS = frozenset(w[-2:] for w in _ATTRIBUTE_NOUNS)  # (their last two letters: a set's one lookup)
SECRET_ATTRIBUTE_LABEL = (r"(?i)(?:secret|token|key|password|credential)s?[ _-]?(?:" + "|".join(_ATTRIBUTE_NOUNS)
                          + r")" + _QUOTE + r"[ \t]*[:=][ \t]*" + _QUOTE + r"\Z")


# A label of the key of a lookup, not a key that opens anything (ccache's `Result key:`, a cache's
# key, a row's or a partition's); not a primary, storage or routing key (Azure's `Primary key:`,
# PagerDuty's `routing_key:` are secrets).
LOOKUP_KEY_LABEL = (r"(?i)(?:(?<![A-Za-z])|(?<=\\[nt]))(?:cache|result|manifest|object|partition|sort|lookup|index|foreign|row"
                    r"|shard|dedup)[ _-]?key" + _QUOTE + r"[ \t]*[:=][ \t]*" + _QUOTE + r"\Z")
# What a tool prints in base64 for a value it hides (Envoy's `"inline_bytes": "W3JlZGFjdGVkXQ=="`).
_HIDDEN_VALUE_WORDS = frozenset(("redacted", "hidden", "masked", "omitted", "sensitive"))


def _never_in_tool_output_11(text: str, s: int, e: int, value: str, last: str, end: str) -> bool:
    """The eleventh batch's classes, each behind a gate read from `last` (the character before
    the span), the value, or `end` (what stands before it, see _never_by_place)."""
    if last == "\n" or (last == "\\" and value[0] == "n"):
        # a row's first cell under a column that names an id (`docker secret ls`'s ID, then the
        # secret's name), a line break written as an escape read as one
        if _column_not_secret(text, s if last == "\n" else s + 1):
            return True
    sep = end[-1:]
    # (the classes read from a label's separator, then those from the value's own characters: each
    # group behind one test, most spans pass neither; ~2 % of never_secret's instructions on dense_u)
    if (sep == ":" or sep == "=") and _after_a_label_11(text, s, value, last, end, sep):
        return True
    if len(value) <= 44 and value[-1] == "=" and _stand_in_in_base64(value):
        return True
    if last == ":" and value[0] == ":" and len(value) > 1 and (value[1].isalpha() or value[1] == "_") \
            and s >= 2 and (text[s - 2].isalnum() or text[s - 2] == "_"):
        return True  # `token::verify` (perf, a Rust or C++ path): a path's `::`, not a label's colon
    if len(value) <= 10 and value.lower() in _ACCESS_LEVELS:
        return True
    if value[0] == "$" and value[:2] == "$$" and compiled("never-make-ref", r"\$\$\{?[A-Za-z_][A-Za-z0-9_]*\}?").fullmatch(value):
        return True  # "$$GHCR_TOKEN" in a makefile's recipe: Make's escape of a shell variable's reference
    if not value.isalpha():
        return False
    if value.isupper() and text.startswith("  ", e) and _help_metavar(text, s):
        return True
    return last == " " and value[0].isupper() and s >= 2 and text[s - 2] not in " \t:=" and _heads_a_block(text, e)


# A signature's credential scope (AWS Signature Version 4): `<key id>/<date>/<region>/<service>/aws4_request`.
CREDENTIAL_SCOPE = r"[\w.-]+(?:/|%2[Ff])\d{8}(?:/|%2[Ff])[a-z0-9-]+(?:/|%2[Ff])[a-z0-9-]+(?:/|%2[Ff])aws4_request\Z"


# After a netrc entry's password: more words that are no keyword of netrc's, or a bracket's close.
NETRC_SENTENCE_GOES_ON = (r"[ \t]*\)|[ \t]+(?!(?:machine|login|password|account|macdef|default|port|protocol)\b)"
                          r"[a-z]{2,}\b")


def _a_state_of_other_names(text: str, s: int, e: int, value: str) -> bool:
    """The word `value` at `s` ends its line, a list's item or a table's row, after a name's
    separator, and within 300 characters it ends another line after a name that names no secret,
    nor a user or a database (`- `SESSION_SECRET` - Provisioned` beside `- `APP_BASE_URL` -
    Provisioned`): a checklist's state of each name, not a secret.  (A service's settings,
    `PG_USER: ledger` and `PG_PASSWORD: ledger`, are no list's items.)"""
    lo = s - 300 if s > 300 else 0
    if text[e:e + 1] not in ("\n", "\r", "") or (text.find(value, e, e + 300) < 0 and text.find(value, lo, s) < 0):
        return False  # (no other place of it: most values)
    if compiled("never-state-item", r"[ \t]*(?:[-*+|>]|\d{1,3}[.)]|[^\x00-\x7f])").match(
            text, text.rfind("\n", s - 200 if s > 200 else 0, s) + 1) is None:
        return False  # (a list's item, a table's row: a checklist's)
    name_before = compiled("never-state-name", r"([A-Za-z_][\w.-]*)[`'\"*]*[ \t]*[-:=][ \t]*\Z")
    at = text.find(value, lo, e + 300)
    while at >= 0:
        stop = at + len(value)
        if at != s and text[stop:stop + 1] in ("\n", "\r", ""):
            name = name_before.search(text, text.rfind("\n", at - 200 if at > 200 else 0, at) + 1, at)
            if name is not None and compiled("never-state-secret-name", r"(?i)pass|pwd|secret|token|key|auth|cred|user"
                                                                      r"|login|name|owner|db").search(name.group(1)) is None:
                return True
        at = text.find(value, stop, e + 300)
    return False


def _never_by_its_role(text: str, s: int, e: int, kind: str, value: str, end: str) -> bool:
    """What a value is by the role it plays where it stands: a signature's credential scope (the
    key id in it is found alone, as its provider's), a random value a map is keyed by (`'<public
    key>': { chainKey: … }`: the entry's name; a secret would be its value)."""
    if value.endswith("aws4_request") and compiled("never-credential-scope", CREDENTIAL_SCOPE).match(value):
        return True
    if kind == "password" and end.endswith("password") and value.isalpha() and value.islower() \
            and compiled("never-netrc-pair", r"\blogin[ \t+]+\S+[ \t+]+password\Z").search(end) is not None \
            and compiled("never-netrc-goes-on", NETRC_SENTENCE_GOES_ON).match(text, e) is not None:
        return True  # `(login with password reset)`: a sentence, where a netrc entry ends at its line or next keyword
    if value.isalpha() and len(value) <= 20 and end[-1:] in ("-", ":", "=") and _a_state_of_other_names(text, s, e, value):
        return True
    return kind == "high_entropy" and compiled("never-maps-key", r"[\"']?[ \t]*:[ \t]*\{").match(text, e) is not None \
        and compiled("never-maps-key-start", r"(?m)(?:^|[{,])[ \t]*[\"']?\Z").search(text, text.rfind("\n", s - 200 if s > 200 else 0, s) + 1, s) is not None


def _a_storage_keys_name(value: str, end: str) -> bool:
    """`value`, under a storage's key (`STORAGE_KEY = '`, `sessionStorageKey: '`), is words in lower
    case (`kanban-board-state-v3`): the name a browser's or an app's storage keeps an entry under.
    (A cloud storage account's key, `AZURE_STORAGE_KEY`, is a random run of base64.)"""
    return len(value) <= 60 and compiled("never-storage-entry", r"[a-z]{2,}(?:[-_.:][a-z0-9]{1,20})*\Z").match(value) is not None \
        and not any(word in end for word in ("azure", "account", "access", "shared", "sas"))


def _after_a_label_11(text: str, s: int, value: str, last: str, end: str, sep: str) -> bool:
    """The eleventh batch's classes of a value after a label's separator (`sep`, `:` or `=`, ends `end`)."""
    if end[-4:-1] == "key" and compiled("never-lookup-key", LOOKUP_KEY_LABEL).search(text, s - 40 if s > 40 else 0, s):
        return True
    if "storage" in end and end[:-1].rstrip(" \t\"'\\").endswith("key") and _a_storage_keys_name(value, end):
        return True
    if sep == ":":
        if last == '"' and text.rfind("ert", s - 120 if s > 120 else 0, s) >= 0 and _in_a_certificate_object(text, s):
            return True
        if value[-1] in "!]" and _graphql_type(text, s, value):
            return True
    if ("fake" in end or "dummy" in end or "mock" in end) and _named_fake(text, s):
        return True  # (its words, lowercased in `end`, before its search: ~0.5 us less a span on the dense MB)
    return (name := end[:-1].rstrip(" \t\"'\\"))[-2:] in _ATTRIBUTE_TAILS and name.endswith(_ATTRIBUTE_NOUNS) \
        and compiled("never-attribute-label", SECRET_ATTRIBUTE_LABEL).search(text, s - 40 if s > 40 else 0, s) is not None


_GRAPHQL_SCALARS = frozenset(("String", "Int", "Float", "Boolean", "ID", "DateTime", "JSON", "Upload"))


def _graphql_type(text: str, s: int, value: str) -> bool:
    """A GraphQL field's non-null type (`password: String!`, `[ApiKey!]!`): a built-in scalar, or
    any type a field with arguments returns (`rotateApiKey(id: ID!): ApiKeyWithSecret!`)."""
    m = compiled("never-graphql-type", r"\[?([A-Z][A-Za-z0-9]*)!?\]?!").fullmatch(value)
    return m is not None and (m.group(1) in _GRAPHQL_SCALARS or text[s - 3:s - 1] == "):" or text[s - 2:s] == "):")


def _help_metavar(text: str, s: int) -> bool:
    """A command's help lists a flag's metavar (`-p, --password TEXT   Your password`): an
    upper-case word right after a flag, the help's column after it."""
    return compiled("never-help-flag", r"--?[A-Za-z][\w-]* \Z").search(text, s - 40 if s > 40 else 0, s) is not None


def _named_fake(text: str, s: int) -> bool:
    """The name the value is given says it is not a real one: `FAKE_PASSWORD = "…"`, `dummyToken:`,
    `MOCK_API_KEY=` (a test's fixture; not `TEST_`, which a staging credential's name may hold)."""
    return compiled("never-named-fake", r"(?i)(?<![A-Za-z])(?:fake|dummy|mock)(?:[_-]?[A-Za-z]+){1,3}\\?[\"'`]?\s*[:=]\s*\\?[\"'`]?\Z").search(
        text, s - 40 if s > 40 else 0, s) is not None


def _heads_a_block(text: str, e: int) -> bool:
    """The line ends at `e` and the next is indented, a `Name: value` pair: `GITHUB_TOKEN
    Permissions` then `  Contents: read`, a heading of the block below it, not a name's value."""
    at = e + 1 if text.startswith("\n", e) else e + 2 if text.startswith("\\n", e) else -1
    return at > 0 and compiled("never-block-pair", r"[ \t]{2,}[A-Z][A-Za-z ]{1,30}: \S").match(text, at) is not None


def _stand_in_in_base64(value: str) -> bool:
    """`value` is base64 of a stand-in (`W3JlZGFjdGVkXQ==` is `[redacted]`)."""
    try:
        words = a2b_base64(value).decode("ascii")
    except ValueError:  # (binascii.Error and UnicodeDecodeError are ValueErrors; so is a character beyond ASCII)
        return False
    return words.strip("[]<>()*_ -").lower() in _HIDDEN_VALUE_WORDS


def _in_a_certificate_object(text: str, s: int) -> bool:
    """The value is a member of a JSON object under a name that says certificate (Envoy's
    `"certificate_chain": {"inline_bytes": "…"}`, `"trusted_ca": {…}`): public, as a PEM certificate
    is; the object's own name is read, not its parent's (a `private_key` beside it is a key)."""
    brace = text.rfind("{", s - 200 if s > 200 else 0, s)
    if brace < 0 or text.find("}", brace, s) >= 0:
        return False
    m = compiled("never-object-name", r"(\w+)\\?\"[ \t]*:[ \t]*\Z").search(text, brace - 60 if brace > 60 else 0, brace)
    return m is not None and m.group(1).lower().endswith(("certificate", "certificate_chain", "cert_chain", "trusted_ca", "ca_cert"))


# What a value is, named in parentheses right after it (`rotated key X (kid)`, `X (key ID)`): an id.
NAMED_AFTER = r"[`\"']?[ \t]*\((?i:kid|key[ _-]?id|id|version|fingerprint|thumbprint|digest)\)"
# A flag or a label whose last word says its value names or identifies a secret, not holds it
# (`--secret-id X`, `--key-id X`, `--name X`, `name: X`, `secretName=X`, `token kid: X`, `key_version:
# X`, `password_ref: X`, `secretRef: X`; not `--password X`).
NAMING_LABEL = (r"(?:(?:^|[\s{,(\[])--?[a-z][a-z0-9-]*-(?:id|ids|name|arn)|--(?:id|name|arn)"
                r"|(?:^|[\s{,(\[\\\"'])(?:[A-Za-z][A-Za-z0-9]*[_-]?)?(?:name|Name|NAME|kid|version|Version|ref|Ref|REF)(?:\\?[\"'])?[ \t]*[:=])[ \t]*(?:\\?[\"'])?\Z")
# A command that reads, shows or deletes a secret by its name or path: its argument names the
# secret (`vault kv get secret/X`, `pass show X`, `kubectl get secret X`, `keyring get svc X`,
# `gcloud secrets versions access 3 --secret=X`, `doppler secrets get X`).
SECRET_LOOKUP = (r"(?:^|[\s$#>;&|(`])(?:vault[ \t]+(?:kv[ \t]+)?(?:get|read|list|delete|destroy|metadata[ \t]+get)"
                 r"|(?:go)?pass[ \t]+(?:show|cat|edit|rm)|(?:kubectl|oc)[ \t]+(?:get|describe|delete)[ \t]+secrets?"
                 r"|keyring[ \t]+(?:get|del)[ \t]+[\w.@-]+|doppler[ \t]+secrets[ \t]+(?:get|delete)"
                 r"|gcloud[ \t]+secrets[ \t]+(?:describe|delete|versions[ \t]+(?:access|describe|list|destroy|disable|enable)"
                 r"(?:[ \t]+[\w.-]+)?))(?:[ \t]+-[\w=.-]+)*(?:[ \t]+|[ \t]+--secret=)\Z")
# A reference to a secret in a secret store, by its address: 1Password's `op://vault/item/field`,
# an ARN (`arn:aws:secretsmanager:…:secret:prod/db-AbC123`, `arn:aws:ssm:…:parameter/…`).
SECRET_REFERENCE = r"op://[^\s\"'`]+|arn:aws[\w-]*:[a-z0-9-]+:[a-z0-9-]*:\d{0,12}:[^\s\"'`]+"


def _names_a_secret(text: str, s: int, e: int, kind: str, value: str, last: str, end: str, after: str) -> bool:
    """Where the value stands says it names or identifies a secret (a key's id named after it, a
    lookup's argument, a reference to a secret store), not holds it; a provider's shape is judged
    by its kind before this."""
    if kind in PROVIDER_KINDS:
        return False
    if after in " \t(`\"'" and "(" in text[e:e + 4] and compiled("never-named-after", NAMED_AFTER).match(text, e):
        return True
    # (a reference's run starts at the span where a delimiter stands before it: its value starts so;
    # otherwise the run may start before it, where the two finds look; 2 % of dense_u's time saved)
    if (value[0] in "oa" and value.startswith(("op://", "arn:"))) or (last not in _REFERENCE_DELIMITERS and (
            text.find("op://", s - 200 if s > 200 else 0, e) >= 0 or text.find("arn:", s - 200 if s > 200 else 0, e) >= 0)):
        if _in_a_secret_reference(text, s, e):
            return True
    # (the label's regex only where `end` ends in a flag or a label it may match: most spans pass none;
    # a span after neither a label's separator nor a blank or `/` leaves at once, the lookup's words looked
    # for in one slice: this call's ~16 -> ~13 ms on dense_u's 20,521 spans)
    if end[-1:] in (":", "="):
        if (end[:-1].rstrip(" \t\"'\\").endswith(("name", "kid", "version", "_ref", "-ref", "tref", "yref"))
                or last == "=" and end.endswith(("-id=", "-name=", "-arn="))) and _naming_label(text, s, e, end):
            return True
        if not end.endswith("--secret="):
            return False
    elif last not in " \t/":
        return False
    elif last != "/" and end.endswith(("id", "ids", "name", "arn")) and end[end.rfind(" ") + 1:][:1] == "-" \
            and _naming_label(text, s, e, end):
        return True
    near = text[s - 80 if s > 80 else 0:s]
    if "vault" in near or "pass" in near[-40:] or "ecret" in near[-60:] or "keyring" in near:
        start = _line_start(text, s, 120)
        at = s if last != "/" else text.rfind(" ", start, s) + 1
        return at > start and compiled("never-secret-lookup", SECRET_LOOKUP).search(text, start, at) is not None
    return False


def _naming_label(text: str, s: int, e: int, end: str) -> bool:
    """A flag or a label that names a secret stands before the value (NAMING_LABEL); not Vault
    AppRole's `--role-id R --secret-id X`: its secret id is a credential."""
    return compiled("never-naming-label", NAMING_LABEL).search(text, s - 60 if s > 60 else 0, s) is not None \
        and not (end.endswith(("secret-id", "secret-id=")) and _role_on_line(text, s, e))


def _role_on_line(text: str, s: int, e: int) -> bool:
    """A role stands on the line of the value at `s`..`e`, before it or after it (AppRole's
    `--secret-id=X --role-id=R` names its role last)."""
    eol = text.find("\n", e, e + 200)
    return "role" in text[_line_start(text, s, 200):s] or "role" in text[e:eol if eol >= 0 else e + 200]


_REFERENCE_DELIMITERS = frozenset(" \t\n\"'`=(,")  # (what ends a reference's run before it: _in_a_secret_reference)


def _in_a_secret_reference(text: str, s: int, e: int) -> bool:
    """The span lies in a SECRET_REFERENCE: the run of characters around it with no space or quote."""
    a = s
    while a > 0 and text[a - 1] not in _REFERENCE_DELIMITERS and s - a < 200:
        a -= 1
    if not text.startswith(("op://", "arn:"), a):
        return False
    b = e
    while b < len(text) and text[b] not in " \t\n\"'`)," and b - e < 200:
        b += 1
    return compiled("never-secret-reference", SECRET_REFERENCE).fullmatch(text, a, b) is not None


# A comment that cites a published test vector of an RFC (`# RFC 8032, 7.1 TEST 1`, `// RFC 4231
# test case 2`, `# RFC 6238, appendix B`): the value on the line below it is the RFC's, public.
RFC_TEST_VECTOR = r"(?:#|//|/\*|--|;)[ \t]*RFC[ -]?\d{3,5}\b[^\n]{0,40}?\b(?i:test|vectors?|appendix|example)\b[^\n]*\n[^\n]*\Z"


def _published_example(text: str, s: int) -> bool:
    """A value a publication gives as its example: below a comment citing an RFC's test vector
    (never_secret calls it where `RFC` stands in the 200 characters before the value)."""
    start = _line_start(text, s, 200)
    above = _line_start(text, start - 1, 200) if start > 0 else start
    return compiled("never-rfc-test-vector", RFC_TEST_VECTOR).search(text, above, s) is not None


# What commands print about secrets without printing one (the classes of _in_a_listing).
# A column of a listing that holds a secret's NAME (cert-manager's `SECRET`, a reference's `SECRET-REF`).
SECRET_NAME_COLUMNS = frozenset(("SECRET", "SECRETS", "SECRET NAME", "SECRETNAME", "SECRET-NAME", "SECRET_NAME",
                                 "SECRET-REF", "SECRETREF", "SECRET REF", "SECRET_REF", "SECRET REFERENCE"))
# A resource's name (Kubernetes' DNS-1123 names): lower-case words and numbers, `-` and `.` between.
RESOURCE_NAME = r"[a-z]{1,20}(?:[.-](?:[a-z]{1,20}|\d{1,6}))+\Z"
# A form's anti-forgery field (Django's csrfmiddlewaretoken, Rails' authenticity_token and csrf-token,
# ASP.NET's __RequestVerificationToken, Angular's XSRF-TOKEN): the page shows it to whoever has the
# session, and it authenticates nothing without the session's cookie.
FORM_TOKEN_TAG = (r"<(?i:input|meta)\b[^<>]*?\b(?i:name)[ \t]*=[ \t]*[\"']?[\w.-]*(?i:csrf|xsrf|authenticity_token"
                  r"|requestverificationtoken)[\w.-]*[\"']?[^<>]*?\b(?i:value|content)[ \t]*=[ \t]*[\"']?\Z")
# A key that names an anti-forgery token, its separator and quotes before the value, in any syntax
# (a request's logged parameters `"authenticity_token"=>"X"`, JSON's `"csrf_token": "X"`, `csrftoken=X`):
# the same token as the form's, no credential.  Its name ends in `token` (a `CSRF_SECRET_KEY`, which
# signs such tokens, is a secret and ends otherwise); a header a client sends (`-H "X-CSRF-Token: X"`,
# a bare key and a colon) is not read so: a copied request's header goes with its cookies.
ANTI_FORGERY_KEY = (r"(?i)(?<![\w-])[\w.-]*(?:csrf|xsrf|authenticity|requestverification)[\w.-]*?[_-]?token"
                    r"(?:\\?[\"'][ \t]*(?:=>|[:=])|[ \t]*=>?)[ \t]*\\?[\"']?\Z")
# What a command that reads or shows one thing is given first: the thing's id or name (`auth0 apps
# show <client id>`, `bw get password '<item>'`, `okta apps get <id>`), at a command line's start.
READ_COMMAND = (r"[ \t]*(?:\$[ \t]+)?(?!(?:i|you|we|to|can|please|pls|then|and|just|so|now|lets|let's)[ \t])"
                r"[a-z][\w.-]*(?:[ \t]+[a-z][\w:-]*)?[ \t]+(?:show|get|describe|view|inspect)"
                r"(?:[ \t]+[a-z][\w-]*)?[ \t]+[\"']?\Z")
# The flag a getter of a thing is told which one by (`aws apigateway get-api-key --api-key <id>`,
# `delete-access-key --access-key <id>`): the flag of the subcommand's own noun takes the thing's id.
GETTER_FLAG = (r"[ \t](?:get|describe|delete|update|show|rotate)-([a-z][a-z-]{1,30})\b[^\n|;&]*?[ \t]--\1[= ][ \t]*[\"']?\Z")
GETTER_FLAG_END = r"[ \t]--([a-z][a-z-]{1,30})[= ][ \t]*[\"']?\Z"  # (its flag alone, as _getter_flag reads it)
# An encrypted value in a platform's envelope (DigitalOcean App Platform's `EV[1:<nonce>:<ciphertext>]`,
# ejson's `EJ[1:<key>:<nonce>:<ciphertext>]`): ciphertext, made to be committed.
PLATFORM_ENVELOPE = r"E[VJ]\[\d:[A-Za-z0-9+/=:]{16,}\]?\Z"
# A form body's values that are all variables' references (`secret=$TURNSTILE_SECRET&response=$TOKEN`,
# read up to its closing quote): the names of where the secrets are.
FORM_REFERENCES = r"\$\{?[A-Za-z_]\w*\}?(?:&[\w.\[\]-]+=(?:\$\{?[A-Za-z_]\w*\}?|[\w.-]{0,40}))+\Z"
# A key's fingerprint (ssh-keygen's, ssh-add -l's): the word after it is the key's comment.
KEY_FINGERPRINT = r"(?:SHA256:[A-Za-z0-9+/]{43}|MD5(?::[0-9a-f]{2}){16})[ \t]+\Z"


def _in_a_listing(text: str, s: int, e: int, value: str, last: str, before: str) -> bool:
    """What commands print about secrets, not a secret: a part of a key-value store's key, a name
    under a listing's SECRET column, a digest in a tab-separated listing's column, a form's
    anti-forgery token (in a form, or under a key that names one), what a reading command is given (an argument, its noun's flag), a
    platform's encrypted value, a form body of references, S3's log's host id, a key's comment after
    its fingerprint.  (Of a kind no provider's: its shape names a provider's value wherever it stands.)"""
    # (each test first reads what stands right before or after the span, or a word that must stand
    # in the 40 characters before it: the class costs most spans, secrets, a few tests; those read
    # after a blank or a quote (a column, a tab's column, a form's token, a reading command's
    # argument: READ_COMMAND ends so) tested only after one)
    if last == ":":
        if text[e:e + 1] == ":" and _a_keys_segment(text, s, e, value):
            return True
    elif last in _BLANK_OR_QUOTE:
        if last == " " and text[s - 2:s] == "  " and _column_name(text, s) in SECRET_NAME_COLUMNS:
            return compiled("never-resource-name", RESOURCE_NAME).match(value) is not None
        if last == "\t" and _tab_column_not_secret(text, s):
            return True
        if (last == '"' or last == "'") and before[-2:-1] == "=" and before.endswith(("value=" + last, "content=" + last)) \
                and compiled("never-form-token", FORM_TOKEN_TAG).search(text, _line_start(text, s, 400), s):
            return True
        if (" show " in before or " get " in before or " describe " in before or " view " in before
                or " inspect " in before) and compiled("never-read-command", READ_COMMAND).match(text, _line_start(text, s, 200), s):
            return True
    if "--" in before and _getter_flag(text, s):
        return True
    if ("srf" in before or "SRF" in before or "uthenticity" in before or "erification" in before) \
            and compiled("never-anti-forgery-key", ANTI_FORGERY_KEY).search(before):
        return True
    first = value[0]
    if first == "E":
        if value[:3] in ("EV[", "EJ[") and compiled("never-platform-envelope", PLATFORM_ENVELOPE).match(value):
            return True
    elif first == "$" and "&" in value and compiled("never-form-references", FORM_REFERENCES).match(value):
        return True
    if text.startswith(" SigV", e) and text.startswith((" SigV4 ", " SigV2 "), e):
        return True  # S3's server access log: the field before the signature's version is the host id (x-amz-id-2)
    if last == " " and text.find(":", s - 70 if s > 70 else 0, s) >= 0 \
            and (text.find("SHA256:", s - 60 if s > 60 else 0, s) >= 0 or text.find("MD5:", s - 70 if s > 70 else 0, s) >= 0):
        return compiled("never-key-comment", KEY_FINGERPRINT).search(text, s - 70 if s > 70 else 0, s) is not None
    return False


_BLANK_OR_QUOTE = frozenset(" \t\"'")


def _getter_flag(text: str, s: int) -> bool:
    """The value at `s` follows the flag of its line's getter's own noun (GETTER_FLAG); the pattern
    read only on a line that holds a getter's verb (a flag's value after `--` is common: `--password X`)."""
    start = _line_start(text, s, 300)
    # (the verbs in one search, not 7 finds: 1.7 -> 0.7 us a `--` of the dense MB)
    if compiled("never-getter-verb", r" (?:get|describe|delete|update|show|rotate)-|\tget-").search(text, start, s) is None:
        return False
    # GETTER_FLAG read from its end: the flag right before the value, then a verb whose noun is the
    # flag's name, no `\n|;&` between (the pattern, its name's lengths each tried at each verb
    # with a lazy scan to `s`, took seconds a MB of ` get-api-key --api-key X`)
    flag = compiled("never-getter-flag-end", GETTER_FLAG_END).search(text, start, s)
    if flag is None:
        return False
    name = flag.group(1)
    boundary = compiled("never-word-boundary", r"\b").match
    for verb in compiled("never-getter-verbs", r"[ \t](?:get|describe|delete|update|show|rotate)-").finditer(text, start, flag.start()):
        noun_end = verb.end() + len(name)
        if text.startswith(name, verb.end()) and noun_end <= flag.start() and boundary(text, noun_end, s) is not None \
                and compiled("never-getter-stop", r"[\n|;&]").search(text, noun_end, flag.start()) is None:
            return True
    return False


def _a_keys_segment(text: str, s: int, e: int, value: str) -> bool:
    """text[s:e] is a middle part of a key of a key-value store (`rl:key_<id>:28941182`,
    `oauth:token:<client id>:<digest>`): a run of no space, quote, `/` or `@`, three parts or more
    between colons, its first a lower-case namespace; its parts are names and ids, whatever word
    stands before them (a secret would be the key's value, not a part of its name).  Not an
    envelope's version and parts (Pulumi's `v1:<nonce>:<ciphertext>`, Vault's `vault:v1:…`)."""
    if value[:1] == "$":
        return False  # a crypt hash between a shadow line's colons
    # the run's ends, 200 characters each side at most, by the engine (the part before `s` read
    # reversed): a character at a time, ~35,000 parts a MB of keys took ~2 s
    lo = s - 200 if s > 200 else 0
    a = s - compiled("never-key-run-back", r"[^ \t\n\"'`(=,<>\[]*+").match(text[lo:s][::-1]).end()
    b = compiled("never-key-run", r"[^ \t\n\"'`)=,<>\]]*+").match(text, e, e + 200).end()
    run = text[a:b]
    return "/" not in run and "@" not in run and run.count(":") >= 2 \
        and compiled("never-key-namespace", r"[a-z][a-z0-9_.-]{0,30}:").match(run) is not None \
        and compiled("never-envelope-version", r"(?:^|:)v\d{1,2}:").search(run) is None


def _column_name(text: str, s: int):
    """The header cell (upper-cased) of the column the value at `s` stands in, in a listing whose
    cells are two spaces apart or more (as _column_not_secret reads it), or None."""
    line_start = _line_start(text, s)
    if text[line_start].isspace() and compiled("never-blank", r"\s+").match(text, line_start, s).end() == s:
        return None
    memo = _LINE_MEMO[0]
    header = _header_above(text, line_start - 1, memo[5] if memo[0] is text else {})
    if header is None:
        return None
    column = s - line_start
    for cell in compiled("never-header-cell", r"\S+(?: \S+)*").finditer(text, *header):
        if cell.start() - header[0] <= column < cell.end() - header[0] + 2:
            return cell.group().upper()
        if cell.start() - header[0] > column:
            return None
    return None


def _tab_column_not_secret(text: str, s: int) -> bool:
    """The value at `s` stands in a tab-separated listing (`fly secrets list`'s NAME, DIGEST, CREATED
    AT) under a header cell of NOT_SECRET_COLUMNS: the same cell, counted by tabs, of the nearest line
    above whose cells are all in capitals (4 lines up at most)."""
    # Read from the last value asked of on this line on, and the lines above each line once a text:
    # a line of 200,000 tabs was split again for each value below it, a long line's tabs counted
    # again from its start (1 MB of tab-separated columns: over 20 s -> ms).
    memo = _TAB_MEMO[0]
    if memo[0] is text and memo[2] <= s and text.rfind("\n", memo[2], s) < 0:
        start, column = memo[1], memo[3] + text.count("\t", memo[2], s)
        above_cells = memo[4]
    else:
        start = text.rfind("\n", 0, s) + 1
        column = text.count("\t", start, s)
        above_cells = memo[4] if memo[0] is text else {}
    _TAB_MEMO[0] = (text, start, s, column, above_cells)
    headers = above_cells.get(start)
    if headers is None:
        headers = above_cells[start] = _tab_headers_above(text, start)
    for cells in headers:
        if len(cells) > column:
            return cells[column] in NOT_SECRET_COLUMNS
    return False


# (the text last asked of, the line start of its last value asked of, that value's place, its
# column, and for each line start asked of, _tab_headers_above)
_TAB_MEMO = [("", 0, 0, 0, {})]


def _tab_headers_above(text: str, start: int) -> list:
    """The stripped cells of each of the 4 lines above the one that starts at `start` (nearest
    first) whose cells are all in capitals (_tab_column_not_secret)."""
    headers = []
    end = start - 1
    header = compiled("never-tab-header", r"[A-Z][A-Z0-9 _/().-]*\Z")
    for _ in range(4):
        if end <= 0:
            break
        above = text.rfind("\n", 0, end) + 1
        cells = [cell.strip() for cell in text[above:end].split("\t")]
        if all(header.match(cell) for cell in cells):
            headers.append(cells)
        end = above - 1
    return headers
