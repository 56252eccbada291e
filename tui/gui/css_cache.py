"""The app's stylesheet as parsed at the last start, kept for the next one.

Textual parses the app's .tcss files and every widget's default CSS at each start: ~40
sources, 30-38 ms of the first screen's CPU at 100k memories (issue 25 item 15).  Once the
panes are built, the parsed rules are kept in the memlane folder (`app-css.pickle`,
owner-only), under the installed Textual and the theme's variables; the next start
with the same Textual and theme loads them in ~5 ms.  Each source is found by its own
text, so an edited stylesheet is parsed again, and anything that does not match is ignored.

The file is a pickle: it is read only when it is a regular file owned by this user and
writable by nobody else, in the memlane folder (itself 0700, never a link).  A failure is
one line in the log, not on stderr: the terminal is the app's.
"""

from __future__ import annotations

import os
import pickle
import stat

import textual
from textual.css.stylesheet import Stylesheet

from store.files import write_private_if_changed
from store.log import log_line
from store.paths import memlane_home
from tui.gui.textual_internals import reuse_parsed_css

FILE_NAME = "app-css.pickle"
MAX_BYTES = 8 << 20


def cache_path() -> str:
    return os.path.join(memlane_home(), FILE_NAME)


def signature(variables: dict[str, str]) -> tuple:
    """What parsed rules depend on besides their own text: the installed Textual (its CSS
    modules, by path and modification time: `textual.__version__` reads the package's
    metadata, ~20 ms) and the theme's variables (whole: a digest would import hashlib, and
    OpenSSL with it, ~10 ms)."""
    css = os.path.join(os.path.dirname(textual.__file__), "css")
    installed = tuple((name, os.stat(os.path.join(css, name)).st_mtime_ns)
                      for name in ("model.py", "parse.py", "styles.py", "types.py"))  # fmt: skip
    return css, installed, tuple(sorted(variables.items()))


def load(stylesheet: Stylesheet, variables: dict[str, str]) -> int:
    """Give `stylesheet` the rules kept by the last start with the same signature; how many
    sources (0: none kept, or kept for another Textual or theme)."""
    try:
        data = _read_own(cache_path())
    except FileNotFoundError:
        return 0  # the first start
    except OSError as exc:
        log_line(f"the parsed stylesheet kept from the last start was not read: {exc}",
                 stderr=False)
        return 0
    try:
        kept_signature, parsed = pickle.loads(data)
    except Exception as exc:  # a file cut short, or written by another version
        log_line(f"the parsed stylesheet kept from the last start was not used: {exc!r}",
                 stderr=False)
        return 0
    if kept_signature != signature(variables) or not isinstance(parsed, dict):
        return 0
    reuse_parsed_css(stylesheet, parsed)
    return len(parsed)


def save(rules: dict[tuple, list], variables: dict[str, str]) -> None:
    """Keep `rules` (textual_internals.parsed_css, taken on the app's thread) for the next
    start: in a thread, so it never raises."""
    try:
        data = pickle.dumps((signature(variables), rules), protocol=pickle.HIGHEST_PROTOCOL)
        write_private_if_changed(cache_path(), data, "the parsed stylesheet")
    except Exception as exc:
        log_line(f"the parsed stylesheet could not be kept for the next start: {exc!r}",
                 stderr=False)


def _read_own(path: str) -> bytes:
    """The file's bytes if it is a regular file of this user that no one else can write."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & 0o022:
            raise PermissionError(f"{path} is not a private file of this user; it was not read")
        if st.st_size > MAX_BYTES:
            raise OSError(f"{path} is larger than {MAX_BYTES} bytes; it was not read")
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)
