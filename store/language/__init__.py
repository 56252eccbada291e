"""Words across English, Korean and code, for search and recall.

    korean.py      Hangul detection, the particles and stop words a term drops
    loanwords.py   English words spelled in Hangul, spelled back (웹훅 -> webhook)
    glossary.py    words that name the same thing across languages; compounds apart

Callers outside the package import from `store.language` only.  Each name is loaded from its
module when first asked for (PEP 562), so importing the face costs nothing, and the face keeps
no copy: a name patched in its module is the name every caller gets.
"""

from __future__ import annotations

import sys

_HOMES = {
    "glossary": ("apart", "join_compounds", "same_as"),
    "korean": ("AUXILIARY", "AUXILIARY_ALONE", "HANGUL", "PARTICLES", "VERBAL_FINALS", "verb_stem"),
    "loanwords": ("spellings",),
}  # fmt: skip
_MODULES = ("korean",)  # modules some callers take whole
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}
__all__ = sorted([*_HOME_OF, *_MODULES])


def __getattr__(name: str):
    module = name if name in _MODULES else _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    __import__(f"{__name__}.{module}")
    found = sys.modules[f"{__name__}.{module}"]
    return found if name in _MODULES else getattr(found, name)


def __dir__() -> list[str]:
    return __all__
