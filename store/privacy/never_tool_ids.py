"""Values the entropy rule found (a secret's word on their line) that a tool's own output shows to
be names or ids by where they stand: a URL's host, a host option's value, a replica's name, a
build tool's reference; and a host's DNS name wherever it stands (three labels or more, the last a
top-level domain's letters: a random label in it is a cluster's or a bucket's id, not a secret).
Each is judged from the value's place and form, not from its vendor.

Only ``re``; patterns compiled on first use.
"""

from __future__ import annotations

from store.privacy.values import compiled

# A host name: labels of letters, digits and `-`, dots between them.
_HOST = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*"
# A DNS name of three labels or more in lower case, its last a top-level domain's letters
# (`db-main.x7k2pq9wz3.eu-central-1.rds.example.com`: a cluster's endpoint, random in its middle).
_DNS_NAME = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+\.[a-z]{2,24}"
# A URL's scheme and authority up to its `@` (no space, quote or slash between `://` and the `@`).
_AUTHORITY_TO_AT = r"[A-Za-z][A-Za-z0-9+.-]{1,15}://[^\s\"'`/@<>]{1,300}@\Z"
# A host option right before the value (`-h `, `--host `, `--hostname=`).
_HOST_OPTION = r"(?:^|[\s\"'])(?:-h|--host|--hostname)[ \t=]\Z"
# An orchestrator's task: a readable name, the replica's slot number, the task's id (`web.2.<id>`).
_TASK_NAME = r"[A-Za-z][A-Za-z0-9_-]{1,100}\.[0-9]{1,5}\.[a-z0-9]{16,40}"
# The word `ref` before a reference, or before the first id of a `<id>::<id>` one.
_REF_BEFORE = r"\bref[ \t]+(?:[A-Za-z0-9-]{8,64}::)?\Z"


def a_tools_own_name(text: str, s: int, e: int, value: str, last: str) -> bool:
    """Whether text[s:e] (`value`, found by the entropy rule alone; `last` the character before
    it) is a name or an id by its place in a tool's output (see above), or a host's DNS name."""
    if value.count(".") >= 2 and value.islower() and compiled("tool-ids-dns-name", _DNS_NAME).fullmatch(value):
        return True  # `DB_HOST='db-main.x7k2pq9wz3.eu-central-1.rds.example.com'`: a host is named, not a secret
    if last == "@":
        # (`postgresql://user:pass@<host>:5432/db`: what follows a URL's `@` is the host it names)
        return compiled("tool-ids-host-start", _HOST + r"(?=[:/]|\Z)").match(value) is not None \
            and compiled("tool-ids-authority", _AUTHORITY_TO_AT).search(text, s - 320 if s > 320 else 0, s) is not None
    if last == " " or last == "=":
        if "." in value and compiled("tool-ids-host", _HOST).fullmatch(value) and value.rsplit(".", 1)[1].isalpha() \
                and compiled("tool-ids-host-option", _HOST_OPTION).search(text, s - 12 if s > 12 else 0, s):
            return True  # `psql -h db-3fk….hosting.net`: a host option's value is a host name
    if "." in value and compiled("tool-ids-task", _TASK_NAME).fullmatch(value):
        return True  # `api.1.<id>`: a replica's name as a listing prints it, its task's id last
    return compiled("tool-ids-ref", _REF_BEFORE).search(text, s - 80 if s > 80 else 0, s) is not None
    # (`checksum of ref <uuid>::<id>`: a build tool's reference to a snapshot)


# A string interpolation's expression in a value (Swift's `\(account.id)`): the value is computed.
_INTERPOLATED = r"\\\([A-Za-z_][\w.]{0,80}(?:\(\))?\)"
# A template's reference opened at a value's end (`pass:${{`, `{{`, `${`) and closed after it on its line.
_OPENED_AT_THE_END = r"(?:\$\{\{|\{\{|\$\{)\Z"
_CLOSED_AFTER = r"[ \t]*[A-Za-z_][\w.\[\]'\"-]{0,120}[ \t]*\}"


def a_template(text: str, s: int, e: int, value: str) -> bool:
    """Whether `value` (text[s:e] less its quotes) is a template, not a secret: it holds a string
    interpolation's expression, or it ends where a template's reference opens (`${{ secrets.X }}`,
    `{{ .Values.x }}`, `${VAR}`) whose name and closing brace follow on its line."""
    if "\\(" in value and compiled("tool-ids-interpolated", _INTERPOLATED).search(value):
        return True  # `forKey: "Bookmark-\(url.path)"`: a key made from an expression
    return value[-1] == "{" and compiled("tool-ids-opened", _OPENED_AT_THE_END).search(value) is not None \
        and compiled("tool-ids-closed", _CLOSED_AFTER).match(text, e) is not None
