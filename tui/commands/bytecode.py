"""The bytecode of what a hook imports (the `store` and `hooks` packages): a hook runs on
every tool call, and without up-to-date `.pyc` files each run compiles memlane's modules
again (~100-700 ms instead of ~40).  Python skips writing them when PYTHONDONTWRITEBYTECODE
is set (common in container images), but it still reads them: so `memlane install` writes
them once (`compile_hook_modules`) and `memlane doctor` says when they are missing
(`stale_hook_modules`).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

HOOK_PACKAGES = ("store", "hooks")  # hooks import only these and the standard library


def hook_package_dirs() -> list[Path]:
    """The folders of the packages a hook imports (of this memlane, wherever it is installed)."""
    dirs = []
    for name in HOOK_PACKAGES:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            dirs += [Path(location) for location in spec.submodule_search_locations]
    return dirs


def _sources() -> list[Path]:
    return [path for folder in hook_package_dirs() for path in sorted(folder.rglob("*.py"))
            if "__pycache__" not in path.parts]  # fmt: skip


def _fresh(source: Path) -> bool:
    """The interpreter would take `source`'s cached bytecode as it is (timestamp-based pyc:
    the source's mtime and size in its header)."""
    try:
        cached = importlib.util.cache_from_source(str(source))
        with open(cached, "rb") as fh:
            header = fh.read(16)
        stat = source.stat()
    except (OSError, NotImplementedError, ValueError):
        return False
    if len(header) < 16 or header[:4] != importlib.util.MAGIC_NUMBER:
        return False
    flags = int.from_bytes(header[4:8], "little")
    if flags & 1:  # hash-based: checked against the source by Python, taken as fresh here
        return True
    return (int.from_bytes(header[8:12], "little") == int(stat.st_mtime) & 0xFFFFFFFF
            and int.from_bytes(header[12:16], "little") == stat.st_size & 0xFFFFFFFF)  # fmt: skip


def stale_hook_modules() -> list[Path]:
    """The modules a hook imports whose bytecode is missing or out of date."""
    return [source for source in _sources() if not _fresh(source)]


def compile_hook_modules() -> tuple[int, list[str]]:
    """Write the bytecode of the modules a hook imports (PYTHONDONTWRITEBYTECODE does not stop
    this; it only stops Python writing it as it imports).  (modules written, problems: one
    line each, e.g. a read-only install)."""
    import py_compile

    written, problems = 0, []
    for source in stale_hook_modules():
        try:
            py_compile.compile(str(source), doraise=True)
        except (py_compile.PyCompileError, OSError) as exc:
            problems.append(f"{source}: {getattr(exc, 'msg', None) or exc}")
        else:
            written += 1
    return written, problems


def bytecode_disabled() -> bool:
    """Python is told not to write bytecode as it imports (what a hook run inherits)."""
    return bool(os.environ.get("PYTHONDONTWRITEBYTECODE"))
