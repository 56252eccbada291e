"""Values of code and config that are never secrets, by what they are or where they stand (the
classes the blind dev parts tests/privacy_eval/dev_blind15a.py and dev_blind15b.py found; judged by
never.never_secret after its other classes):

- a key an analytics SDK ships to every page (its write key: it only sends events in), where the
  SDK takes it: the first argument of an analytics or telemetry object's ``.load(`` / ``.init(``
  (Segment's ``analytics.load("…")``, RudderStack's), its ``writeKey`` member there or on the
  SDK's object (``analytics._writeKey="…"``);
- ciphertext made to be committed: a long base64 value under a name that says its values are
  encrypted (a SealedSecret's ``encryptedData:``, in YAML or JSON), or in a versioned envelope
  (DigitalOcean's ``EV[1:…:…]``: a tag, a version and two fields or more);
- a quantity (``1000/hour``, ``3600s``, ``90 days``: a number and its unit), a keyword argument
  whose value is a number (``tolerance=300``), a key's prefix (``"ak_live_"``: words ending in
  their separator);
- a reference to a secret: an environment variable in form data (``secret=$X&response=$Y``),
  wpa_supplicant's external password (``psk=ext:NAME``), a YAML tag's reference (Home Assistant's
  ``!secret NAME``, zigbee2mqtt's ``'!secret.yaml NAME'``), a variable by its sigil (SAS's
  ``&db_password;``, Raku's ``%*ENV<X>``), the name of a Kubernetes secret after a label that says so
  (``existingSecret: shop-pg``, ``secretName:``, ``secretRef:``, or after `=`), and the key that names
  one of its fields (``userKey: admin-user``: a field's word then ``key``, its value words);
- what a page shows to everyone: a form's anti-forgery token in its HTML element;
- a word that starts a phrase (``password: set at runtime from $X``);
- a variable's name, unquoted where a value would stand, that the text's code assigns to before it
  (``local redisPassword = '…';`` then ``value: redisPassword``).

Only ``re``; patterns compiled on first use.
"""

from __future__ import annotations

from store.privacy.values import compiled, line_start_escaped_or_not

# Where an analytics or telemetry SDK takes its write key, up to the value's quote: its loader's first
# argument (`analytics.load("`, `rudderanalytics.load("`), a member of the object given to the loader
# (`AnalyticsBrowser.load({ writeKey: '`), the SDK object's own member (`analytics._writeKey="`).
# (Not a bare `writeKey:` label: tests/privacy_eval/dev_blind15a.py labels one in a config a secret.)
ANALYTICS_KEY = (r"(?i)[A-Za-z_$]*(?:analytics|telemetry|tracking|tracker)[\w$]*(?:\.(?:load|init|initialize)\([ \t]*"
                 r"(?:\{[ \t]*_?write[_-]?key[ \t]*:[ \t]*)?|\._?write[_-]?key[ \t]*=[ \t]*)\\?[\"'`]\Z")
# A name that says its values are encrypted, then its block opens (YAML's line break, JSON's `{`).
# (tried only at a word's start, the word read once to its first `encrypted` then possessive to its
# end: `[\w-]*encrypted` from each character of a long word, read back to each, took seconds a line)
ENCRYPTED_NAME = r"(?i)(?<![\w-])[\w-]*?encrypted[\w-]*+\\?[\"']?[ \t]*:[ \t]*(\{|\n)"
ENVELOPE = r"[A-Z]{2,6}\[\d{1,3}(?::[A-Za-z0-9+/=_-]{8,}){2,}\]"
UNITS = (r"ms|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|wks?|weeks?|months?|y|yrs?|years?"
         r"|[kmgt]i?b|bytes?|req|requests?|calls?")
QUANTITY = r"(?i)\d{1,9}(?:\.\d{1,3})?[ \t]*(?:/[ \t]*)?(?:" + UNITS + r")"
NUMBER_ARGUMENT = r"([A-Za-z_]\w{0,40})[ \t]*=[ \t]*\d{1,9}"
SECRET_ARGUMENT = r"(?i)pin|pass|pwd|code|otp|secret|token|key|auth|cred"
PREFIX = r"(?:[A-Za-z]{1,12}[_-]){1,3}"
SCHEME_REFERENCE = r"(?:ext|keyring):[\w.-]{1,80}"
# A reference by its first character: an environment variable in form data, a YAML tag's reference,
# a SAS macro variable (`&db_password;`, a name in one case), Raku's and Perl's %ENV.
SIGIL_REFERENCES = {
    "$": r"\$\{?[A-Za-z_][A-Za-z0-9_]*\}?&[\w.\[\]-]+=.*",
    "!": r"![A-Za-z][\w.]{1,30}[ \t]+[\w.-]{1,80}",
    "&": r"&(?:[a-z][a-z0-9_]{0,40}|[A-Z][A-Z0-9_]{0,40})\.?",
    "%": r"%\*?ENV(?:<[^<>\s]{1,80}>|\{[^{}\s]{1,80}\})",
}
SECRET_NAME_LABEL = r"(?:existing[_-]?secret(?:[_-]?name)?|secret[_-]?(?:name|ref))\\?[\"']?[ \t]*[:=]\Z"
# The key that names one of a referenced secret's fields (a chart's `userKey: admin-user` beside
# `existingSecret:`): a field's word then `key`, its value a name of words (no digit).
FIELD_KEY_LABEL = r"(?<![a-z])(?:user(?:name)?|login|email|password|passwd|cert|ca|tls|host|port|database|db)[_-]?key[\"']?[ \t]*[:=]\Z"
K8S_NAME = r"[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?"
# An HTML element's attribute that holds a form's anti-forgery token (the page carries it to everyone
# who loads it, as a CSP nonce), by the element's name.
ANTI_FORGERY_NAME = r"(?i)\bname[ \t]*=[ \t]*\\?[\"']?[\w:.-]*(?:csrf|xsrf|authenticity_token|verificationtoken)"
# After a word, a preposition and more: the word starts a phrase (`password: set at runtime from $X`).
PHRASE_AFTER = r"[ \t]+(?:at|from|in|by|via|on|during|when|through|elsewhere|later|per)\b[ \t]+\S"


def never_in_code_or_config(text: str, s: int, e: int, value: str, before: str, end: str) -> bool:
    """Whether the value at `s` (the span ends at `e`) is one of the classes above (`before`: the 40
    characters before it, `end` those lowercased without the quotes, spaces and backslashes that end
    them).  Asked of a kind no provider's (a provider's shape names its value whatever stands around it)."""
    first = value[0]
    last = value[-1]
    if not value.isalnum():  # (marks in the value: most found values hold some, few of these)
        if first in SIGIL_REFERENCES:
            if compiled("never-code-reference-" + first, SIGIL_REFERENCES[first]).fullmatch(value):
                return True
        elif last in "_-":
            if compiled("never-code-prefix", PREFIX).fullmatch(value):
                return True
        elif "=" in value and last.isdigit():
            m = compiled("never-code-number-argument", NUMBER_ARGUMENT).fullmatch(value)
            if m is not None and compiled("never-code-secret-argument", SECRET_ARGUMENT).search(m.group(1)) is None:
                return True
        if ":" in value[:8] and (compiled("never-code-scheme-reference", SCHEME_REFERENCE).fullmatch(value)
                                 or (first.isupper() and "[" in value[:7] and _in_an_envelope(text, s))):
            return True
    if first.isdigit() and not value.isdigit() and compiled("never-code-quantity", QUANTITY).fullmatch(value):
        return True
    if value.isalpha() and value.islower() and len(value) <= 12 \
            and compiled("never-code-phrase-after", PHRASE_AFTER).match(text, e):
        return True
    sep = end[-1:]
    if sep == "=" and end.endswith(("value=", "content=")) and _in_an_anti_forgery_element(text, s):
        return True
    # (ANALYTICS_KEY ends at a quote: the words looked for only before one)
    if sep in "(:=" and before[-1:] in "\"'`" and ("analytics" in end or "telemetry" in end or "track" in end) \
            and compiled("never-code-analytics-key", ANALYTICS_KEY).search(before):
        return True
    if sep == ":" or sep == "=":
        if "secret" in end[-24:] and compiled("never-code-secret-name-label", SECRET_NAME_LABEL).search(end):
            return compiled("never-code-k8s-name", K8S_NAME).fullmatch(value) is not None
        if "key" in end[-8:] and compiled("never-code-field-key-label", FIELD_KEY_LABEL).search(end) \
                and compiled("never-code-field-name", r"[a-z]+(?:[_.-][a-z]+)*").fullmatch(value):
            return True
    if sep == ":":
        if text[s - 1:s] == ":" and text.find("[", s - 60 if s > 60 else 0, s) >= 0 and _in_an_envelope(text, s):
            return True  # (a field of an envelope, after its `:`)
    if first.isalpha() and before[-1:] not in _QUOTES and text[e:e + 1] not in _QUOTES and value.isidentifier() \
            and _assigned_before(text, s, value):
        return True
    return len(value) >= 100 and _under_an_encrypted_name(text, s)


_QUOTES = ("\"", "'", "`")
# How far back a variable's assignment is looked for, from a value that may name it.
DECLARED_REACH = 3000


def _assigned_before(text: str, s: int, value: str) -> bool:
    """`value`, unquoted at `s`, is a variable of the text's code: the text assigns to that name
    before it (`local redisPassword = '…';` then `value: redisPassword`, Jsonnet's, any language's
    `name = …`), so the value is the variable's name, not a literal."""
    lo = s - DECLARED_REACH if s > DECLARED_REACH else 0
    n = len(value)
    at = text.rfind(value, lo, s)
    while at >= 0:
        if not (at and (text[at - 1].isalnum() or text[at - 1] == "_")):
            k = at + n
            while k < s and text[k] in " \t":
                k += 1
            if text[k:k + 1] == "=" and text[k + 1:k + 2] not in ("=", ">"):
                return True
        at = text.rfind(value, lo, at)
    return False


def _in_an_anti_forgery_element(text: str, s: int) -> bool:
    """The attribute's value at `s` lies in an HTML element named for an anti-forgery token."""
    at = text.rfind("<", s - 400 if s > 400 else 0, s)
    if at < 0 or text.find(">", at, s) >= 0:
        return False
    close = text.find(">", s, s + 400)
    return compiled("never-code-anti-forgery", ANTI_FORGERY_NAME).search(text, at, close if close > 0 else s) is not None


def _in_an_envelope(text: str, s: int) -> bool:
    """The value at `s` is a versioned envelope (ENVELOPE), or one of its fields."""
    at = text.rfind("[", s - 60 if s > 60 else 0, s + 8)
    while at > 0 and "A" <= text[at - 1] <= "Z":
        at -= 1
    m = compiled("never-code-envelope", ENVELOPE).match(text, at) if at >= 0 else None
    return m is not None and s < m.end()


def _under_an_encrypted_name(text: str, s: int) -> bool:
    """The value at `s` lies in the block (YAML's indented lines, JSON's braces) of a name that says
    its values are encrypted, and is long base64 (ciphertext of a key's length, not a value left
    plain)."""
    at = text.rfind("ncrypted", s - 4000 if s > 4000 else 0, s)
    if at < 0 or compiled("never-code-long-base64", r"[A-Za-z0-9+/_-]{100,}={0,2}").match(text, s) is None:
        return False
    lo = line_start_escaped_or_not(text, at)  # (the name's line)
    block = text[lo:s]
    if "\\n" in block:  # (YAML in JSON printed as text: its line breaks and quotes escaped)
        block = block.replace("\\n", "\n").replace('\\"', '"')
    m = compiled("never-code-encrypted-name", ENCRYPTED_NAME).search(block)
    if m is None:
        return False
    if m.group(1) == "{":  # JSON: no brace closes the block before the value
        depth = 0
        for c in block[m.end():]:
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth < 0:
                    return False
        return True
    # YAML: every line from the name's to the value's is indented deeper than the name's
    indent = len(block) - len(block.lstrip(" "))
    return all(len(row) - len(row.lstrip(" ")) > indent for row in block[m.end():].split("\n") if row.strip())
