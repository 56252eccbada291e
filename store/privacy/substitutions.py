"""A secret written into a file by a substitution: sed's `s/PATTERN/REPLACEMENT/` puts its
replacement in the file as a line of it (`sed -i 's/^# requirepass .*/requirepass S3cr3t/'
redis.conf`, `s|^DB_PASSWORD=.*|DB_PASSWORD=X|` in an env file), where the label and its value
stand inside the command's quotes, after a pattern that says what it replaces.  The replacement
is read alone by the whole filter, as the file's line it becomes; the pattern is text the command
looks for, not a value, and is not read (`s/password=.*/password=/`).

Only ``re``; patterns compiled on first use."""

from __future__ import annotations

from store.privacy.values import P_NAME, add_span, matches_where

# `sed`, its options, then an `s` command: its delimiter, pattern, replacement (an escaped
# character or any but the delimiter, a backslash and a line break), the delimiter again.
# (each part's two alternatives start apart, a backslash or none: no way to split a part twice)
SED_SUBSTITUTION = (r"\bsed\b[^\n'\"]{0,120}?[ \t]['\"]?(?:[0-9$/^,]*[ \t]*)?s([/|#,:@!])"
                    r"(?:\\.|(?!\1)[^\\\n]){0,400}\1((?:\\.|(?!\1)[^\\\n]){1,400})\1")
P_SUBSTITUTION = P_NAME + 600  # (a value the finders find directly in the line keeps their kind)
# How many substitutions of a text are read (each by the whole filter).
MAX_READ = 50


def sed_replacements(look, find) -> None:
    """Each sed substitution's replacement the text holds (see above), read by `find` (the whole
    filter); its secrets found where they stand in the command."""
    text = look.text
    for m in matches_where(text, "sed ", "sed-substitution", SED_SUBSTITUTION, MAX_READ):
        start = m.start(2)
        for kind, s, e in find(m.group(2)):
            add_span(look.found, text, start + s, start + e, P_SUBSTITUTION, kind)
