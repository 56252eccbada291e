"""Outputs that are secrets: a command that prints a secret (a password manager, a secret store, a
decrypter (`age -d`), a keystore's or a framework's vault's reveal of an entry, a key generator, `cat`
of a key file or of a cookie file, a decoded Kubernetes secret) has its output redacted whole; asked
for `--help`, none of them prints a secret.

`output_is_secret(command)` judges the command by SECRET_PRINTERS (one table: what the command
is, and what of it); a pipe into a command that makes the secret public (`wg genkey | wg pubkey`,
`| sha256sum`, `| wc -c`), a redirection to a file, or a selector that picks only metadata
(`--query '{id:id}'`, `-o jsonpath='{.metadata.uid}'`) leaves the output alone.  The Cleaner
(store/privacy/__init__.py) applies it to a hook event (`tool_input.command` and its
`tool_response`) and to a transcript (a `tool_use` of Bash, then the `tool_result` that answers
it, by its id).
"""

from __future__ import annotations

from store.privacy.evidence import shape
from store.privacy.values import P_SHAPE, add_span, compiled

MARKER = "[REDACTED:secret_output]"

# The last word of a secret's name, in a field or an output's name (lowercased).
_SECRET_NAME = r"(?:password|passwd|passphrase|secret|token|api_?key|apikey|private_?key|access_?key|pwd)"
# What runs the command word after it: sudo and its flags, xargs.
_LAUNCHER = r"sudo\s+(?:-\S+\s+)*|xargs\s+"
# Where a command word starts: the start, or after a pipe, `;`, `&&`, `$(`, a backquote, a launcher.
_AT = r"(?:^|[|;&(`]\s*|\b(?:" + _LAUNCHER + r"))"
# (what prints a secret, the pattern over the lowercased command)
SECRET_PRINTERS = (
    ("password store", _AT + r"(?:pass|gopass)\s+(?:show\s+|-c\s+)?(?:-\S+\s+)*"
                             r"(?!ls\b|list\b|find\b|search\b|grep\b|init\b|git\b|insert\b|edit\b|generate\b"
                             r"|rm\b|mv\b|cp\b|otp\s+insert|--help\b|version\b)[\w@.:/-]+"),
    ("password manager", _AT + r"(?:op\s+read\b|op\s+item\s+get\b.*--(?:fields?|reveal)\b|bw\s+get\s+(?:password|totp|notes)\b"
                               r"|lpass\s+show\b.*--(?:password|notes)\b|keyring\s+get\b|secret-tool\s+lookup\b"
                               r"|kwallet-query\b.*-r\b|security\s+find-(?:generic|internet)-password\b.*\s-[wg]\b|security\s+dump-keychain\b.*\s-d\b"
                               r"|keepassxc-cli\s+show\b.*\s(?:-s|--show-protected)\b|rbw\s+get\b)"),
    ("secret store", _AT + r"(?:vault\s+(?:kv\s+get|read)\b|aws\s+secretsmanager\s+get-secret-value\b"
                           r"|aws\s+ssm\s+get-parameters?\b.*--with-decryption\b|aws\s+configure\s+get\s+\S*(?:secret|key|token)"
                           r"|gcloud\s+secrets\s+versions\s+access\b|az\s+keyvault\s+secret\s+show\b"
                           r"|doppler\s+secrets\s+get\b|heroku\s+config:get\b|infisical\s+secrets\s+get\b"
                           r"|sops\s+(?:-d|--decrypt)\b|r?age\s+(?:-\S+\s+)*?(?:-d|--decrypt)\b(?!.*\s(?:-o|--output)[=\s])"
                           # a keystore's or a framework's vault's reveal of one entry (elasticsearch-keystore show
                           # NAME, symfony's secrets:reveal NAME)
                           r"|(?:\S*/)?[\w-]*keystore\s+show\b|(?:php\s+)?(?:\S*/)?console\s+secrets:reveal\b|ansible-vault\s+(?:view|decrypt)\b.*(?:--output[= ]-|\bview\b)"
                           # (kubectl's and oc's global flags may stand before `get`: `kubectl -n argocd get secret`)
                           r"|(?:kubectl|oc)\s+(?:-\S+(?:\s+[^-\s]\S*)?\s+)*get\s+secrets?\s+(?:-\S+(?:\s+[^-\s]\S*)?\s+)*"
                           r"[\w.-]+.*(?:-o\s*|--output[= ])['\"]?(?:yaml|json|jsonpath|go-template)"
                           r"|(?:kubectl|oc)\s+(?:-\S+(?:\s+[^-\s]\S*)?\s+)*get\s+secrets?\b.*\|\s*base64\s+(?:-d|--decode|-D)\b)"),
    ("token printer", _AT + r"(?:gh\s+auth\s+token\b|glab\s+auth\s+token\b|heroku\s+auth:token\b"
                            r"|gcloud\s+auth\s+(?:application-default\s+)?print-(?:access|identity)-token\b"
                            r"|az\s+account\s+get-access-token\b|aws\s+ecr\s+get-login-password\b"
                            r"|aws\s+codeartifact\s+get-authorization-token\b|kubectl\s+create\s+token\b|oc\s+whoami\s+-t\b"
                            r"|docker-credential-\S+\s+get\b)"),
    # (told to write its key to a file, `age-keygen -o`, `openssl genrsa -out`, it prints no key)
    ("key generator", _AT + r"(?:wg\s+gen(?:key|psk)\b|openssl\s+rand\b|pwgen\b|apg\b|age-keygen\b(?!.*\s(?:-y|-o|--output)\b)"
                            r"|head\s+-c\s*\d+\s+/dev/u?random\b|python3?\s+-c\s+.*secrets\.token_"
                            r"|openssl\s+(?:genrsa|genpkey|ecparam\b.*-genkey)\b(?!.*\s-out\s))"),
    ("key file", _AT + r"(?:cat|less|more|head|tail|bat|type|get-content|gc|xxd|base64)\s+(?:-\S+\s+)*\S*"
                       r"(?:master\.key|credentials\.key|(?<!public)(?<!pub)\.pem\b|(?<!public)(?<!pub)\.key\b|\bid_(?:rsa|ed25519|ecdsa|dsa)(?!\.pub)\b"
                       r"|/run/(?:secrets|agenix)/|/secrets?/[\w.-]+|\.pgpass\b|\.netrc\b|\.git-credentials\b|privatekey\b"
                       r"|private[_-]key|\.p12\b|\.pfx\b|secret[_-]?key\b|(?<!/etc/)(?:token|password|passwd|passphrase)(?:\.txt)?$"
                       r"|\.age\b|\.htpasswd\b|\buserlist\.txt\b|\bpool_passwd\b"  # (pgbouncer's and pgpool's users and passwords)
                       # a replica set's shared key (MongoDB's security.keyFile: /etc/mongod/keyfile, mongo-keyfile)
                       r"|(?:[/._-]|(?<=\s))key[_-]?file(?![\w.])"
                       # a file named for secrets, plain text (ppp's chap-secrets, ipsec.secrets, rsyncd.secrets,
                       # OpenVPN's creds.txt, Ansible's .vault_pass): not /etc/passwd's `passwd`, not secrets.py;
                       # a login's file (OpenVPN's auth-user-pass file, auth.txt or login.txt: a user's line, then
                       # its password's), not a log (auth.log) nor code (auth.py); the file's name ends the
                       # command or comes before a pipe, a list's next command or a redirection (`2>&1 | tail`)
                       r"|(?:[/._-]|(?<=\s))(?:secrets?|creds|credentials|vault[_-]?pass(?:word)?|pass|pw|pwd|auth|login)(?:\.txt)?"
                       r"(?=\s*(?:$|[;&|)]|[0-9&]?>))"
                       # a cookie file: Erlang's node cookie (~/.erlang.cookie), a cookie jar, before its list's end
                       r"|(?:[/._-]|(?<=\s))cookies?(?:\.txt)?(?=\s*(?:$|[;&|)])))"),
    ("secret variable", _AT + r"(?:(?:docker|podman|kubectl|oc)\s+exec\b[^|;&]*\s)?(?:printenv\s+|echo\s+\"?\$\{?)"
                              r"[a-z_]*(?:password|passwd|secret|token|api_?key|private_?key|access_?key|credentials?|pwd)\b"),
    # one field read out by its name, the name a secret's: `jq -r .db.password f`, `yq '.auth.token'`,
    # `terraform output -raw db_password`, `pulumi config get dbPassword`, `git config --get github.token`
    ("secret field", _AT + r"(?:(?:jq|gojq|yq|dasel)\b[^|;&]*?\s(?P<q>['\"]?)\.(?:[\w-]+\.)*[\w-]*" + _SECRET_NAME +
                           r"(?P=q)(?=\s|$)|terraform\s+output\s+(?:-\S+\s+)*[\w-]*" + _SECRET_NAME + r"\b"
                           r"|pulumi\s+config\s+get\s+(?:-\S+\s+)*[\w:.-]*" + _SECRET_NAME + r"\b"
                           r"|pulumi\s+stack\s+output\b.*--show-secrets\b"
                           r"|git\s+config\s+(?:--\S+\s+)*[\w.-]*(?:password|token|secret)\s*(?:$|[|;&]))"),
    # a framework's secret generator: `bin/rails secret`, `php artisan key:generate --show`
    ("secret generator", _AT + r"(?:(?:bin/)?(?:rails|rake)\s+secret\b|(?:bin/)?rails\s+credentials:show\b"
                               r"|(?:php\s+)?artisan\s+key:generate\b.*--show\b|mix\s+phx\.gen\.secret\b"
                               r"|python3?\s+-c\s+.*(?:get_random_secret_key|token_hex|token_urlsafe|os\.urandom)\("
                               r"|node\s+-e\s+.*randombytes\()"),
)  # fmt: skip
# What a command line must hold for each printer to be tried (a cheap test before its pattern).
NEEDLES = {
    "password store": ("pass",),
    "password manager": ("op ", "bw ", "lpass", "keyring", "secret-tool", "kwallet", "security", "keepassxc", "rbw "),
    "secret store": ("vault", "secret", "ssm", "configure", "doppler", "heroku", "sops", "ansible", "age", "keystore"),
    "token printer": ("token", "auth", "login-password", "whoami", "docker-credential"),
    "key generator": ("wg ", "rand", "pwgen", "apg", "age-keygen", "/dev/", "secrets.", "genrsa", "genpkey", "ecparam"),
    "key file": ("key", "pem", "id_", "secret", "pgpass", "netrc", "credential", "privatekey", ".p12", ".pfx",
                 "token", ".age", "htpasswd", "passw", "passphrase", "creds", "pass", "pw", "userlist", "agenix",
                 "cookie", "auth", "login"),
    "secret variable": ("printenv", "echo"),
    "secret field": ("jq", "yq", "dasel", "terraform", "pulumi", "git config"),
    "secret generator": ("secret", "key:generate", "token_", "urandom", "randombytes"),
}  # fmt: skip
# Every needle, for the first test of a command line: ~50 `in` tests on a command line take a
# few microseconds, less than one search of their alternation, which would also cost each hook
# process ~0.5 ms to compile.
_ALL_NEEDLES = tuple(sorted({n for needles in NEEDLES.values() for n in needles}))
# (a needle that holds another is found with it: `token_` with `token`)
_ALL_NEEDLES = tuple(n for n in _ALL_NEEDLES if not any(o != n and o in n for o in _ALL_NEEDLES))
# A later stage that makes the secret's output public or empty.
PUBLIC_AFTER = (
    r"\|\s*(?:wg\s+pubkey|sha\d*sum|md5sum|shasum|b2sum|wc\b|openssl\s+(?:rsa|pkey|ec)\b.*-pubout|ssh-keygen\s+-y"
    r"|age-keygen\s+-y|grep\s+-c|jq\s+(?:-r\s+)?['\"]?\.?(?:keys|length))|>\s*/dev/null\b|[^>|&]>\s*[\w~./$-]"
    # a command that reads its password from the pipe (`docker login --password-stdin`, `gh auth login --with-token`)
    r"|\|[^|;&]*\s--(?:[\w-]*-stdin|with-token)\b"
)


def output_is_secret(command: str) -> bool:
    """Whether the output of `command` (a shell command line) is itself a secret."""
    if not isinstance(command, str) or not command or len(command) > 4000:
        return False
    low = command.lower()
    if not any(needle in low for needle in _ALL_NEEDLES):
        return False  # no printer's needle anywhere: most command lines
    defined = _defined_here(low)
    for stage in _commands(low):
        for _what, pattern in SECRET_PRINTERS:
            if not any(needle in stage for needle in NEEDLES[_what]):
                continue
            m = compiled("printer-" + _what, pattern).search(stage)
            if m is None or (defined and _command_word(stage, m.start()) in defined):
                continue  # (`pass() { echo "$1: PASS"; }` then `pass CHK-3`: the script's own function)
            if not _at_a_commands_start(stage, m.start()):
                m = _at_commands_start_only(compiled("printer-" + _what, pattern), stage, m)
                if m is None:
                    continue
            if _substituted_into_another(stage, m.start()):
                m = _not_substituted(compiled("printer-" + _what, pattern), stage, m)
                if m is None:
                    continue
            stop = compiled("list-stop", r";|&&|\|\|").search(stage, m.end())
            end = stop.start() if stop is not None else len(stage)
            if compiled("public-after", PUBLIC_AFTER).search(stage, m.end(), end) is None \
                    and not _selects_no_secret(stage, m.start(), end) and not _reads_a_setting(stage, m.start(), end) \
                    and compiled("output-help", r"\s--help(?![\w-])").search(stage, m.start(), end) is None:
                return True  # (asked for `--help`, a printer prints how it is used, not a secret)
    return False


# A shell function or an alias the command line defines itself (`pass() {`, `function pass {`,
# `alias pass=`): its name, where it is run, is that function, not the tool of the same name.
DEFINED = (r"(?:^|[\s;&|{(])(?:function\s+([\w.-]+)\s*(?:\(\s*\))?\s*\{|([\w.-]+)\s*\(\s*\)\s*\{"
           r"|alias\s+([\w.-]+)=)")


def _defined_here(low: str) -> frozenset:
    """The names of the functions and aliases the command line `low` defines."""
    if "()" not in low and "function" not in low and "alias" not in low:
        return frozenset()  # (most command lines define none)
    return frozenset(name for m in compiled("output-defined", DEFINED).finditer(low) for name in m.groups() if name)


def _command_word(stage: str, at: int) -> str:
    """The command word of the printer matched at `at` (after its pipe or `;` and a _LAUNCHER)."""
    m = compiled("output-command-word", r"[|;&(`\s]*(?:" + _LAUNCHER + r")?([\w.-]+)").match(stage, at)
    return m.group(1) if m is not None else ""


# A selector of what a cloud CLI prints (az's and aws's JMESPath `--query`, kubectl's `-o jsonpath=`
# or `go-template=`, gcloud's `--format=value(…)`), and the words of one that picks the secret's
# value (`value`, `.data`, `SecretString`, `payload`): a selector without them prints metadata
# (`--query '{id:id}'`, `{.metadata.uid}`), no secret.
SELECTOR = (r"(?:--query[= ]|-o[= ]?(?:jsonpath|go-template|custom-columns)=|--output[= ](?:jsonpath|go-template|custom-columns)="
            r"|--format[= ])[ \t]*(?:'([^']*)'|\"([^\"]*)\"|(\S+))")
_SECRET_SELECTED = r"(?<![a-z])(?:value\b(?!\()|data\b)|secret|payload|password|passwd|token|key|plaintext|credential|\bpw\b|[*]|\.\.|\[\]"


def _selects_no_secret(stage: str, start: int, end: int) -> bool:
    """The printer's command (stage[start:end]) selects what it prints, and only fields that are
    not the secret's value (SELECTOR): an id, a name, a version, a date."""
    found = list(compiled("output-selector", SELECTOR).finditer(stage, start, end))
    return bool(found) and not any(compiled("output-secret-selected", _SECRET_SELECTED).search(
        _keys_and_lengths_only(m.group(m.lastindex))) for m in found)


# The one field a secret store's reader is told to print (`heroku config:get NODE_ENV`, `sops -d
# --extract '["db"]["host"]'`, `vault kv get -field=host`, `doppler secrets get DB_PORT --plain`), and
# the last words of a setting's name that say it is no secret (a host, a port, an environment, a user).
READ_FIELD = (r"(?:config:get|secrets\s+get|secrets:reveal|keystore\s+show)\s+(?:-\S+\s+)*([\w.-]+)|--extract[= ](?:'([^']*)'|\"([^\"]*)\"|(\S+))"
              r"|\s-field[= ]['\"]?([\w.-]+)")
SETTING_WORDS = frozenset(("host", "hostname", "port", "env", "environment", "region", "zone", "mode", "level",
                           "version", "user", "username", "db", "dbname", "database", "schema", "timeout", "tz",
                           "timezone", "locale", "debug", "domain", "bucket"))


def _reads_a_setting(stage: str, start: int, end: int) -> bool:
    """The printer's command (stage[start:end]) prints one named field, and each field it names is
    a setting whose name's last word is one of SETTING_WORDS (and holds no secret's word)."""
    found = list(compiled("output-read-field", READ_FIELD).finditer(stage, start, end))
    if not found:
        return False
    for m in found:
        name = m.group(m.lastindex)
        words = compiled("output-field-words", r"[a-z0-9]+").findall(name)
        if not words or words[-1] not in SETTING_WORDS or compiled("output-secret-name", _SECRET_NAME).search(name):
            return False
    return True


# A Go template's loop over a secret's data, its key and value bound (`{{range $k, $v := .data}}`).
DATA_RANGE = r"\{\{-?\s*range\s+\$(\w+)\s*,\s*\$(\w+)\s*:=\s*\.(?:data|stringdata)\s*-?\}\}"


def _keys_and_lengths_only(selector: str) -> str:
    """`selector` less a Go template's loop over the data where the value is printed only as its
    length (`{{$k}}: {{len $v}}`): what is left is what it prints of the secret (the keys: names)."""
    m = compiled("output-data-range", DATA_RANGE).search(selector)
    if m is None:
        return selector
    rest = selector[:m.start()] + selector[m.end():]
    value = _variable_name(m.group(2))
    if compiled("output-value-printed-" + value, r"(?<!len )\$" + value + r"\b").search(rest):
        return selector  # the value itself is printed
    return compiled("output-value-length-" + value, r"len \$" + value + r"\b").sub("", rest)


def _variable_name(word: str) -> str:
    """A variable's name (letters, digits, `_`) as it may stand in a pattern and a pattern's name."""
    return "".join(c for c in word if c.isalnum() or c == "_")


# A command substitution's printer gives its output to the command it stands in (`curl -H
# "Authorization: Bearer $(gh auth token)"`, `TOKEN=$(vault read …)`), not to the output; unless
# that command prints its arguments.
ARGUMENT_PRINTERS = ("echo", "printf", "print", "cat", "tee", "write-output", "write-host")


def _substituted_into_another(stage: str, at: int) -> bool:
    """The printer matched at `at` (its `$(` or backquote) stands in a command substitution inside
    another command that does not print its arguments."""
    if not (stage[at:at + 1] == "`" or (stage[at:at + 1] == "(" and stage[at - 1:at] == "$")):
        return False
    head = stage[:at - 1 if stage[at] == "(" else at]
    cut = max(head.rfind("|"), head.rfind(";"), head.rfind("&"), head.rfind("$("), head.rfind("`"))
    words = head[cut + 1:].split()
    if not words:
        return False  # the substitution is the command itself
    first = words[0].strip("\"'")
    return first not in ARGUMENT_PRINTERS and first != "sudo"


def _at_a_commands_start(stage: str, at: int) -> bool:
    """The printer matched at `at` starts a command: a `(` there opens a subshell or a substitution
    only after the line's start, an operator or `$`, `<`, `>` (`f'{x} (pass at line {n})'`, a line
    of a script given to an interpreter, is a string's text)."""
    if stage[at:at + 1] != "(":
        return True
    head = stage[:at].rstrip()
    return not head or head[-1] in "|;&$<>(`" or head.endswith(("if", "then", "do", "else", "!"))


def _at_commands_start_only(rx, stage: str, m):
    """The next match of `rx` in `stage` from `m` on that starts a command."""
    while m is not None and not _at_a_commands_start(stage, m.start()):
        m = rx.search(stage, m.start() + 1)
    return m


def _not_substituted(rx, stage: str, m):
    """The next match of `rx` in `stage` after `m` that is not a substitution into another command."""
    while m is not None and _substituted_into_another(stage, m.start()):
        m = rx.search(stage, m.end())
    return m


def _commands(low: str) -> list:
    """The command lines of `low`: each line (a script), a `&&`/`;` list kept whole (a pipe after
    the printer is looked at)."""
    return [line for line in low.split("\n") if line.strip()]


# What a secret printer prints when it has no secret to print (jq's null, terraform's <sensitive>).
_NOTHING = frozenset(("null", "none", "undefined", "<sensitive>", "(sensitive value)", "nil", "''", '""'))


def prints_something(output: str) -> bool:
    """`output` holds something: not empty, nor a printer's word for nothing."""
    stripped = output.strip()
    return bool(stripped) and (len(stripped) > 17 or stripped.lower() not in _NOTHING)


def redact_output(command: str, output):
    """`output` whole as MARKER when `command` prints a secret (and output is not empty), else as it is."""
    if isinstance(output, str) and prints_something(output) and output_is_secret(command):
        return MARKER
    return output


# A prompt before a command typed at it (`$ `, `# `, `> `, `PS C:\app> `, `ana@box:~/app$ `).
_PROMPT = r"[ \t]*(?:[\w.-]+@[\w.-]+:[^\s$#]*[$#][ \t]+|PS [^>\n]{0,80}>[ \t]+|[$#>][ \t]+)?"


def printed_below(text: str, found: list) -> None:
    """A command that prints a secret (output_is_secret), on its own line, and the one line it
    printed below it, a single token that ends the text or a paragraph (a terminal pasted, a
    file of notes): that token is the secret, as a stored `$ COMMAND` memory's output is.  Taken
    only in a random or a password's shape (evidence.shape: no word, path or sentence).  Read in a
    text of 64 KB at most: a terminal pasted, a tool's answer; a larger one is a file or a log, where
    the scan of every line cost ~1.4 ms a MB (a stored `$ COMMAND` memory's output has its finder)."""
    if "\n" not in text or len(text) > 65_536:
        return
    # (read from where a paragraph or the text ends: found by `find` where they are few, a text of
    # logs or secrets; by one pattern over the lines' starts where one line in eight or more is
    # blank, source files and generated output: ~1 ms a MB each way)
    if text.count("\n\n", 0, 20_000) * 8 > text.count("\n", 0, 20_000):
        ends = [m.end(1) for m in compiled("printed-below-lines", r"\n([^\s]{8,512})[ \t]*\r?(?=\n[ \t]*\r?\n|\Z)").finditer(text)]
    else:
        ends = [len(text.rstrip())]
        at = text.find("\n\n")
        while at >= 0:
            ends.append(at)
            at = text.find("\n\n", at + 2)
    token = compiled("printed-below", r"[^\s]{8,512}\Z")
    prompt = compiled("printed-prompt", _PROMPT)
    for end in ends:
        line_end = end - 1 if text[end - 1:end] == "\r" else end
        ls = text.rfind("\n", 0, line_end) + 1
        m = token.match(text, ls, line_end) if ls > 0 else None
        if m is None:
            continue
        cs = text.rfind("\n", 0, ls - 1) + 1
        command = text[prompt.match(text, cs, ls - 1).end():ls - 1].rstrip()
        if " " not in command or len(command) > 1000:
            continue
        if output_is_secret(command) and shape(m.group(0)) in ("random", "password"):
            add_span(found, text, m.start(), m.end(), P_SHAPE, "secret_output")
