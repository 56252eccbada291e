"""Words across English, Korean and code, for search and recall.

    korean.py      Hangul detection, the particles and stop words a term drops
    loanwords.py   English words spelled in Hangul, spelled back (웹훅 -> webhook)
    glossary.py    words that name the same thing across languages; compounds apart

Callers outside the package import from `store.language` only.  Each name is loaded from its
module when first asked for (PEP 562), so importing the face costs nothing, and the face keeps
no copy: a name patched in its module is the name every caller gets.
"""

from __future__ import annotations

from store.faces import lazy_face

_HOMES = {
    "glossary": ("apart", "join_compounds", "same_as"),
    "korean": ("AUXILIARY", "AUXILIARY_ALONE", "HANGUL", "PARTICLES", "VERBAL_FINALS", "has_hangul",
               "verb_stem"),
    "loanwords": ("spellings",),
}  # fmt: skip
_MODULES = ("korean",)  # modules some callers take whole

__getattr__, __dir__, __all__ = lazy_face(__name__, _HOMES, _MODULES)
