"""Error triage: the same error seen 40 times is one group a person decides about.

    signature.py   an error's normalised signature and its headline
    groups.py      a group's status and note, and what resolved it

Callers outside the package import from `store.triage` only.  Each name is loaded from its
module when first asked for (PEP 562), so importing the face costs nothing, and the face keeps
no copy: a name patched in its module is the name every caller gets.
"""

from __future__ import annotations

from store.faces import lazy_face

_HOMES = {
    "signature": ("error_signature", "headline"),
}  # fmt: skip
_MODULES = ("groups",)  # modules some callers take whole

__getattr__, __dir__, __all__ = lazy_face(__name__, _HOMES, _MODULES)
