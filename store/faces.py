"""A package's face, loaded lazily (PEP 562): each name comes from its module when first
asked for, so importing a face costs nothing (a hook pays only for what it uses).

A face keeps no copy of a name: a name patched in its module is the one every caller gets.
`__import__` rather than importlib, which would load two more modules on every hook run.
"""

from __future__ import annotations

import sys


def lazy_face(package: str, homes: dict[str, tuple[str, ...]], modules: tuple[str, ...] = ()):
    """(__getattr__, __dir__, __all__) for the package `package` whose names live in the
    modules `homes` lists ({module: names}); `modules` are submodules handed out whole."""
    home_of = {name: module for module, names in homes.items() for name in names}
    names = sorted([*home_of, *modules])

    def __getattr__(name: str):
        module = name if name in modules else home_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        __import__(f"{package}.{module}")
        found = sys.modules[f"{package}.{module}"]
        return found if name in modules else getattr(found, name)

    def __dir__() -> list[str]:
        return names

    return __getattr__, __dir__, names
