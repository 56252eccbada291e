"""Values that point at a secret kept elsewhere, not the secret: an entry of a secret store or a
password manager written as its path (`Infra/web01`, `database/creds/app_rw/<lease>`; `db/app_rw`
in a table's column of secrets' names: candidates._tables),
and the name of an object the same text defines or mounts (`-object secret,id=sec0` then
`key-secret=sec0`; `Secret=db_root,type=env,target=…`: a mount's options after the name)."""

from store.privacy.values import compiled, looks_random

# A segment of a store's path that is a name: lower-case words (`app_rw`, `stripe`), a capitalised
# word (`Infra`, `Grafana`), a host's name with its number (`web01`).
# (a segment of 24 characters at most: a store's names are short, a password's run is not)
_NAME_SEGMENT = r"(?=[\w.-]{1,24}(?:/|\Z))(?:[a-z][a-z0-9]*(?:[_.-][a-z0-9]+)*|[A-Z][a-z]+[0-9]{0,3})"
# A path of names and `#` and a field's name: a store's entry and its field (Vault's, an operator's
# `key#property`), never a value.
_STORE_FIELD = r"[a-z][\w.-]{0,40}(?:/[\w.-]{1,60}){1,8}#[A-Za-z_][\w.-]{0,40}\Z"
_STORE_PATH = _NAME_SEGMENT + r"(?:/" + _NAME_SEGMENT + r")+(?:/([A-Za-z0-9_-]{16,64}))?\Z"
# What follows an object's name in a mount's option list (`,type=env,target=DB_PASSWORD`).
_MOUNT_OPTIONS = r",(?:[a-z]+=[^,\s]*,)*(?:type|target|src|source|dst|destination|mode|uid|gid)="


def a_store_path(value: str) -> bool:
    """`value` is a path of names that a store's entry has: a vault's folder, capitalised, and its
    item (`Infra/web01`, `Ops/Grafana`), or names then a lease's random id
    (`database/creds/app_rw/<id>`).  Lower-case words alone joined by a slash may be a password
    (`stone/walrus`) or a key's value (`mail/primary_sender`): not told from their shape."""
    if "/" not in value or len(value) > 160:
        return False
    if "#" in value and compiled("never-store-field", _STORE_FIELD).match(value):
        return True  # `secret/ops/grafana#admin`: an entry's path, then the field read from it
    m = compiled("never-store-path", _STORE_PATH).match(value)
    if m is None:
        return False
    if m.group(1) is not None:
        return looks_random(m.group(1))
    return value[0].isupper()


def an_objects_name(text: str, s: int, e: int, value: str) -> bool:
    """text[s:e] names an object: a mount's options follow it, or the text defines it as an id
    (`id=value`) elsewhere."""
    if len(value) > 64 or not value.replace("_", "").replace("-", "").isalnum():
        return False
    if text.startswith(",", e) and compiled("never-mount-options", _MOUNT_OPTIONS).match(text, e):
        return True
    return any(at != s for at in _ids_defined(text).get(value, ()))


_LAST_IDS: list = [None, {}]  # the last text read and its ids (a text's candidates ask in turn)


def _ids_defined(text: str) -> dict:
    """Each value the text defines as `id=value` (not after a letter or a digit: `uuid=`), with where
    each definition's value starts: one read of the text, where a search for each candidate's
    `id=value` read all of it again (~1,300 candidates in a MB of realistic output, ~40 ms)."""
    if _LAST_IDS[0] is text:
        return _LAST_IDS[1]
    ids: dict = {}
    at = text.find("id=")
    while at >= 0:
        if at == 0 or not text[at - 1].isalnum():
            start = end = at + 3
            stop = min(len(text), start + 65)  # (a name of 64 characters at most)
            while end < stop and (text[end].isalnum() or text[end] in "_-"):
                end += 1
            if start < end <= start + 64:
                ids.setdefault(text[start:end], []).append(start)
        at = text.find("id=", at + 3)
    _LAST_IDS[0], _LAST_IDS[1] = text, ids
    return ids
