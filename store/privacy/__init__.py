"""The privacy filter: what never reaches the memory store.

Every piece of text memlane stores goes through :func:`clean_text` (or
:func:`clean_value` for a JSON value), which applies, in order:

1. :func:`strip_injected` - drops our own ``<memory-context ...>`` blocks and
   Claude Code's ``<system-reminder>`` blocks, so memory never stores itself;
2. :func:`strip_private` - drops ``<private>...</private>`` blocks;
3. :func:`redact_secrets` - replaces secret values with ``[REDACTED:<kind>]``.

Tag blocks (both kinds) match in any case, allow attributes
(``<private reason="x">``) and span lines. Nested blocks go whole; an opener
that is never closed removes everything after it (fail closed); a closer with
no opener ends a block opened in an earlier text (the next prompt of a user who
left ``<private>`` open), so everything before it goes too. The scan is a single pass over the tags, so it is linear
in the text length whatever the nesting.

Secrets are found like a classifier finds them, not from a list of cases: FINDERS (below, in run
order, each with where its data is) propose spans; candidates found by structure (a label of
the lexicon in 85 languages, a split name and value, an exec array, a call's password slot, SQL,
wallet and 2FA labels: store/privacy/candidates.py) are judged in one place by their evidence
(store/privacy/evidence.py: label strength, how the value is tied to it, its shape); what is
never a secret (ids, versions, placeholders, unsigned JWTs, public keys:
store/privacy/never.py) has the last word on every span.  The older finders are the NAME rule
(store/privacy/names.py: a value assigned to a name that says secret, in any syntax), the
POSITION rule (store/privacy/commands.py: the argument a tool takes a password in), provider
PREFIXes and the ENTROPY rule (store/privacy/rules.py, store/privacy/values.py).  A command
whose output is a secret has its output redacted whole (store/privacy/outputs.py, through
:class:`Cleaner` and :func:`redact_output`).  Values a tool or format declares secret with no
label before them (a CI mask command's, a reply's to a get of a secret's key, a private JSON Web
Key's members, defined keys and salts, a secret store's setter's) are store/privacy/declared.py's;
values a syntax lays out away from the name rule's reach (a run of `name=value` words, a
device's directive with its type word, a continued command line, a JSON key of `\\uXXXX`
escapes, a tuple, a parameter's `Default:`) are store/privacy/layouts.py's.

Kinds (stable names, used in ``[REDACTED:<kind>]`` and by the secrets audit via
:func:`find_secrets`) say what found it: ``private_key``, ``jwt``, a provider's (``github_token``,
``anthropic_key``, ... ``service_token``), ``bearer``/``basic_auth``/``token`` (headers; the
scheme word stays), ``password``, ``api_key``, ``secret``, ``cookie``, ``webhook``, ``cloud_key``,
``high_entropy`` and ``custom`` (the user's ``secret_patterns``; when a pattern has groups,
group 1 is redacted, otherwise the whole match).

Every function here takes the person's patterns as ``extra_patterns``: a list of their
``secret_patterns``, or a :class:`UserPatterns` that carries those and their
``not_secret_patterns`` (``store.config.privacy_patterns`` makes the one every caller passes).
A span the filter would redact is kept when a not-secret pattern matches its text whole; a span
longer than KEEP_MAX_CHARS, one only the person's own secret_patterns found, and a command's
output redacted whole stay redacted, and ``<private>`` blocks are gone before any span is found.

Import cost matters (hook path): only ``re`` is imported, and each regular expression is
compiled the first time a text needs it.  Speed over a large text (1 MB of command output): the
rules' literals are found in one pass (store/privacy/anchors.py), and a shape is tried only where
a match can start (Rule.starts, Rule.seek), not at every position of the text.
"""
from __future__ import annotations

import re

from store.privacy import (
    answers,
    block_lists,
    candidates,
    declared,
    formats,
    graphql_vars,
    layouts,
    members,
    processes,
    told,
)
from store.privacy.anchors import (
    BUILT,
    ONE_PASS_FROM,
    ONE_PASS_ONCE_BUILT,
    RUN_CHARS,
    WIDE_BY_FIND,
    Anchors,
    few_places,
    long_runs,
)
from store.privacy.argument_logins import argument_logins
from store.privacy.changed_lines import values_changed_with_secrets
from store.privacy.commands import (
    command_lines,
    command_literals,
    user_password_at,
    written_to_secret_file,
)
from store.privacy.encoded import encoded_secrets
from store.privacy.evidence_lines import evidence_lines
from store.privacy.hash_dumps import hash_dump_values
from store.privacy.headed_lists import passwords_under_a_heading
from store.privacy.id_roles import ids_by_their_role
from store.privacy.joined_logins import joined_logins
from store.privacy.joined_strings import joined_strings
from store.privacy.made_in_prose import literals as made_in_prose_literals
from store.privacy.made_in_prose import made_passwords_in_prose
from store.privacy.made_passwords import made_passwords_in_slots
from store.privacy.names import (
    name_verdict,
    named_values,
    random_values,
    secret_word_hits,
)
from store.privacy.never import NEVER_CLASS, never_secret, public_blocks
from store.privacy.never_kinds import ticket_under_its_key
from store.privacy.numbered import diff_body, numbered
from store.privacy.outputs import MARKER as SECRET_OUTPUT
from store.privacy.outputs import output_is_secret, printed_below, prints_something
from store.privacy.pasted import without_pasted_token
from store.privacy.piped import echoed_into_a_given_command
from store.privacy.plural_labels import plural_labels
from store.privacy.recurrence import NOT_CARRIED, carry, rememberable
from store.privacy.rules import (
    COOKIE_WORDS,
    NAME_TRIGGERS,
    PROVIDERS,
    STRONG,
    TOKEN_RULES,
)
from store.privacy.sasl_answers import sasl_answers
from store.privacy.substitutions import sed_replacements
from store.privacy.typed_fields import typed_password_key, typed_text_arguments
from store.privacy.values import (
    CACHE,
    JUDGES,
    P_CUSTOM,
    P_SHAPE,
    PROSE_GAP,
    STRENGTH_TEST,
    add_span,
    compiled,
    forget_values,
    holds,
    is_reference,
    looks_random,
    matches_from,
    without_closing_marks,
)
from store.privacy.wrapped import wrapped_tails

__all__ = [
    "strip_private",
    "strip_injected",
    "redact_secrets",
    "find_secrets",
    "clean_text",
    "clean_value",
    "Cleaner",
    "is_entirely_private",
    "clean_lines",
    "clean_key",
    "leaves_private_open",
    "output_is_secret",
    "redact_output",
    "UserPatterns",
]


_TAG_RES = {}


def _tag_re(names):
    """One regex matching an opening or closing tag of any of ``names``.

    A tag is ``<name`` or ``</name`` followed by whitespace, ``/``, ``>`` or the
    end of the text, then attributes up to ``>``. A tag whose ``>`` is missing
    (cut off by the end of the text, or by the next ``<``) still counts, so a
    broken opener fails closed. ``[^<>]*`` never backtracks, which keeps the
    scan linear.
    """
    rx = _TAG_RES.get(names)
    if rx is None:
        alt = "|".join(re.escape(n) for n in names)
        rx = re.compile(
            r"<(/?)(" + alt + r")(?=[\s/>]|\Z)[^<>]*>?",
            re.IGNORECASE | re.ASCII,
        )
        _TAG_RES[names] = rx
    return rx


def _strip_blocks(text, names, hide_before_stray=False):
    if "<" not in text:
        return text
    out = []
    pos = 0  # start of the text not yet copied to out
    depth = 0
    open_name = None
    for m in _tag_re(names).finditer(text):
        closing = m.group(1) == "/"
        name = m.group(2).lower()
        self_closing = not closing and m.group(0).endswith("/>")
        if depth == 0:
            if closing and hide_before_stray:
                out = []  # the end of a block opened in an earlier text: all before it goes
            else:
                out.append(text[pos:m.start()])
            pos = m.end()
            if closing or self_closing:
                continue  # a stray closer or an empty <private/>: drop the tag
            depth = 1
            open_name = name
        elif name == open_name:
            # Tags of another name inside an open block go with the block.
            if closing:
                depth -= 1
                if depth == 0:
                    pos = m.end()
            elif not self_closing:
                depth += 1
    if depth:
        return "".join(out)  # unclosed: everything after the opener goes
    if pos == 0:
        return text
    out.append(text[pos:])
    return "".join(out)


def strip_private(text: str) -> str:
    """Remove ``<private>...</private>`` blocks (see the module docstring)."""
    if not isinstance(text, str):
        return text
    return _strip_blocks(text, ("private",), hide_before_stray=True)


def strip_injected(text: str) -> str:
    """Remove ``<memory-context>`` and ``<system-reminder>`` blocks."""
    if not isinstance(text, str):
        return text
    return _strip_blocks(text, ("memory-context", "system-reminder"))


def leaves_private_open(text: str) -> bool:
    """True when ``text`` opens a ``<private>`` block it never closes."""
    if not isinstance(text, str) or "<" not in text:
        return False
    depth = 0
    for m in _tag_re(("private",)).finditer(text):
        if m.group(1) == "/":
            depth = max(0, depth - 1)
        elif not m.group(0).endswith("/>"):
            depth += 1
    return depth > 0


def is_entirely_private(original: str) -> bool:
    """True when ``original`` had content and only whitespace survives strip_private."""
    if not isinstance(original, str) or not original.strip():
        return False
    return not strip_private(original).strip()


LOWER_IN_PIECES_FROM = 50_000
# A long text whose first this many pieces are all beyond ASCII is lowered whole (_lower_in_pieces).
WHOLE_AFTER_WIDE_PIECES = 16


def _lower(text: str, pieces: list = None) -> str:
    """`text` lowercased, each character in its place (spans found in it are spans of `text`);
    `pieces`, when given, gets the lowered copy's pieces when it is made in pieces (see below)."""
    if len(text) >= LOWER_IN_PIECES_FROM and not text.isascii():
        low = _lower_in_pieces(text, pieces)
        if low is not None:
            return low
    low = text.lower()
    if len(low) == len(text):
        return low
    # A character whose lower case is longer (İ, the only one: "i̇", two characters) is kept as it
    # is, and then Σ is σ wherever it stands (str.lower makes a final sigma ς in context, the only
    # character it lowers by its context), the rest as each character alone: the copy is cut from
    # the one lowering above (a few places to mend, not a second lowering of a wide text).
    marks = []
    for ch in ("\u0130", "\u03a3"):
        at = text.find(ch)
        while at >= 0:
            marks.append(at)
            at = text.find(ch, at + 1)
    marks.sort()
    out = []
    pos = shift = 0  # pos: where `low` is not copied yet; shift: İ's met so far (low is longer by as many)
    for at in marks:
        out.append(low[pos:at + shift])
        if text[at] == "\u0130":
            out.append("\u0130")
            pos = at + shift + 2
            shift += 1
        else:
            out.append("\u03c3")
            pos = at + shift + 1
    out.append(low[pos:])
    return "".join(out)


def _lower_in_pieces(text, pieces=None):
    """_lower of a long text beyond ASCII, in pieces (or None: a text with Σ and no İ is lowered
    whole, Σ by its neighbours, as str.lower does): a piece that is ASCII (most of most output)
    is lowered by the ASCII way, where the whole text, for a few characters beyond ASCII, goes
    the slow way (~1.1 against 2.2-2.8 ms a MB of real output).  The same as _lower's one
    lowering and its mending, for no character but Σ is lowered by its neighbours (σ where İ
    stands too: made σ first here) and none but İ to more than one (kept: a piece that holds
    one is lowered around it); the whole text is not searched for them (~0.6 ms a MB each in a
    text of 4 bytes a character, and lowered the slow way where both stood), only its pieces
    beyond ASCII."""
    out = []
    dotted = ascii_seen = False
    for at in range(0, len(text), 2048):
        piece = text[at:at + 2048]
        if piece.isascii():
            out.append(piece.lower())
            ascii_seen = True
            continue
        if at == WHOLE_AFTER_WIDE_PIECES * 2048 and not ascii_seen:
            # (every piece so far beyond ASCII: Korean scattered through output, lowered whole in
            # ~0.9 times the pieces' CPU, as _lower's one lowering and its mending)
            return None
        if "\u03a3" in piece:
            if not dotted and "\u0130" not in text:
                return None  # (Σ without İ: as str.lower does, whole)
            dotted = True  # (İ stands somewhere: _lower's mending makes each Σ a σ)
            piece = piece.replace("\u03a3", "\u03c3")
        # (in eighths, no Σ left: each character lowered alone, an eighth that is ASCII by the
        # ASCII way; 0.75-0.8 times _lower's CPU on gitstat, pip and dense, few pieces beyond ASCII)
        low = "".join([piece[k:k + 256].lower() for k in range(0, len(piece), 256)])
        if len(low) != len(piece):
            dotted = True
            low = "\u0130".join([part.lower() for part in piece.split("\u0130")])
        out.append(low)
    if pieces is not None:
        pieces[:] = out
    return "".join(out)


class Look:
    """One text as every finder sees it: the text, its lowercased copy, where the literals stand
    (anchors), its long runs of token characters, where secret words start, and the finds."""

    __slots__ = ("text", "low", "anchors", "runs", "_hits", "extra", "found")

    def __init__(self, text: str, extra_patterns=()) -> None:
        self.text = text
        pieces = []
        self.low = low = _lower(text, pieces)
        # the one-byte copy of a long text beyond ASCII, read by _literals_for and the anchors
        raw = None
        if len(low) >= ONE_PASS_FROM and not low.isascii():
            if pieces and low.__sizeof__() > 2 * len(low):
                # (of a text of 2 or 4 bytes a character, piece by piece: a piece that is ASCII is
                # copied, where the whole text went through the slow way; 0.6 ms a MB less on
                # git's output, pip's JSON and the dense MB)
                raw = b"".join([piece.encode("latin-1", "replace") for piece in pieces])
            else:
                raw = low.encode("latin-1", "replace")
        self.anchors = Anchors(low, _literals_for(low, raw), raw)
        # (the runs from the lowercased copy's bytes: the same places, but where a Kelvin sign
        # is lowered to `k`; ~1 ms a MB of encoding less)
        self.runs = long_runs(text, raw if raw is not None and "\u212a" not in text else None)
        self._hits = None
        self.extra = extra_patterns
        self.found: list = []

    @property
    def hits(self) -> list:
        if self._hits is None:
            self._hits = secret_word_hits(self.anchors)
        return self._hits


def _named(look):
    if look.hits:
        named_values(look.text, look.low, look.hits, look.found)


def _random(look):
    if look.hits and look.runs:
        random_values(look.text, look.low, look.hits, look.runs, look.found)


def _stored_output(look):
    """A stored command memory (`$ COMMAND` then its output, as hooks/capture/tools.py writes it):
    the output of a command that prints a secret goes whole (store/privacy/outputs.py), so the
    secrets audit finds it in what was stored before."""
    text = look.text
    if not text.startswith("$ ") and not holds(text, "\n$ "):
        return
    starts = [0] if text.startswith("$ ") else []
    at = text.find("$", 1)
    while at >= 0:  # only a line that starts `$ ` can match: no scan of the regex over every line
        # (by the `$` alone, memchr: `find("\n$ ")` tests its last character first, and stops at
        # every space; 2.0 against 0.3 ms on the generated MB, the same places)
        if text[at - 1] == "\n" and text.startswith(" ", at + 1):
            starts.append(at)
        at = text.find("$", at + 1)
    verdicts = {}  # a session runs the same commands again and again (`npm test`, `git status`)
    for following, at in enumerate(starts, 1):
        command, end = _stored_command(text, at)
        if command is None:
            continue
        verdict = verdicts.get(command)
        if verdict is None:
            verdict = verdicts[command] = output_is_secret(command)
        if not verdict:
            continue
        start = end + 1
        end = starts[following] - 1 if following < len(starts) else len(text)
        if start < end and prints_something(text[start:end]):
            add_span(look.found, text, start, end, P_SHAPE, "secret_output")


def _stored_command(text, at):
    """(the command of the `$ COMMAND` line at `at`, the line's end), or (None, None): the
    command, 1 to 1,000 characters, and a note such as `  (exit 1)` after it, without
    parentheses inside; read by `find`s (a pattern tried the note and the line's end after each
    character of the command: ~4 us a line of the generated MB; the test holds it to that one)."""
    end = text.find("\n", at)
    if end < 0:
        end = len(text)
    line = text[at + 2:end]
    size = len(line)
    if line.endswith(")"):
        opening = line.rfind("(")
        if opening >= 3 and line.startswith("  ", opening - 2) and line.find(")", opening + 1) == size - 1:
            size = opening - 2
    if not 1 <= size <= 1000:
        return None, None
    return line[:size], end


# The finders, in the order they run: (name, finder, where its data is).  Each adds
# (start, priority, end, kind) to look.found; overlapping finds are merged by priority, and
# store/privacy/never.py has the last word on every one.
FINDERS = (
    ("provider prefix", lambda look: _provider_tokens(look.text, look.runs, look.found), "rules.PROVIDERS"),
    ("a provider's token wrapped onto the lines below", lambda look: look.found and wrapped_tails(look.text, look.found),
     "wrapped.WRAPPED_KINDS"),
    ("shapes", lambda look: _shaped(look.text, look.low, look.anchors, look.runs, look.found), "rules.TOKEN_RULES"),
    ("name = value", _named, "rules.SECRET_WORDS and the name rules (names.py)"),
    ("random beside a secret word", _random, "rules.ENTROPY_* (values.looks_random)"),
    ("command-line position", lambda look: command_lines(look.text, look.low, look.anchors, look.found),
     "rules.COMMAND_LINE"),
    ("user:password@host", lambda look: user_password_at(look.text, look.found), "commands.user_password_at"),
    ("login:password as one word", lambda look: joined_logins(look.text, look.found), "joined_logins.py"),
    ("a password as the argument after its login", lambda look: argument_logins(look.text, look.found),
     "argument_logins.py"),
    ("a made password in a sentence about passwords or logging in",
     lambda look: made_passwords_in_prose(look.text, look.anchors, look.found), "made_in_prose.py"),
    ("a literal written to a secret's file", lambda look: written_to_secret_file(look.text, look.anchors, look.found),
     "commands.written_to_secret_file; decided by evidence.decide"),
    ("labels, pairs, arrays, calls, SQL, wallets", lambda look: candidates.find(look.text, look.low, look.anchors,
                                                                                 look.found, _find),
     "lexicon.py, candidates.CALLS; decided by evidence.decide"),
    ("files' and tools' formats", lambda look: formats.find(look, _find),
     "formats.CSV_WORDS, SETTER_VERBS, NAMING_FLAGS, VALUE_FLAGS, LOGIN_LITERALS, COMMENT_LABELS, "
     "ACCOUNT_TABLE_WORDS, HOST_PARENT_LITERALS; decided by evidence.decide"),
    ("runs of pairs, directives, continued lines, escaped keys, tuples", lambda look: layouts.find(look, _find),
     "layouts.TYPE_WORDS, NETWORK_AUTH_WORDS, VALUE_CHILDREN; decided by evidence.decide"),
    ("a command line written as a YAML list", lambda look: block_lists.find(look, _find), "block_lists.py"),
    ("a GraphQL variable bound to a secret's argument", graphql_vars.find,
     "graphql_vars.py; decided by evidence.decide"),
    ("a call's string arguments", lambda look: candidates.call_arguments(look.text, look.low, look.anchors, look.found),
     "candidates.LOGIN_CALL_WORDS, KEY_CALL_WORDS; decided by evidence.decide"),
    ("a member beside a host, a port and a user", lambda look: members.members_beside_a_host(
        look.text, look.anchors, look.found), "members.py; decided by evidence.decide"),
    ("a Redis ACL rule's password", lambda look: members.acl_rule_passwords(look.text, look.found),
     "members.acl_rule_passwords; decided by evidence.decide"),
    ("a user and its password", lambda look: candidates.user_and_password(look.text, look.low, look.anchors,
                                                                           look.found),
     "lexicon.CREDENTIAL_LABELS; decided by evidence.decide"),
    ("a fallback, a getter's return", lambda look: candidates.fallbacks_and_returns(look.text, look.low, look.anchors,
                                                                                    look.found),
     "candidates.fallbacks_and_returns; decided by evidence.decide"),
    ("the value before its label", lambda look: candidates.value_before_label(look.text, look.low, look.anchors,
                                                                                 look.found),
     "lexicon.VALUE_FIRST_CONNECTORS; decided by evidence.decide"),
    ("a secret's name and a value after it on its line, any syntax",
     lambda look: look.hits and evidence_lines(look.text, look.hits, look.found),
     "rules.SECRET_WORDS (names.name_verdict); decided by evidence.shape and evidence.decide"),
    ("a client's command at its prompt", lambda look: processes.client_commands(look.text, look.anchors, look.found),
     "processes.SESSION_COMMANDS; decided by evidence.decide"),
    ("a protocol's command", lambda look: processes.protocol_commands(look.text, look.anchors, look.found),
     "processes.PROTOCOL_COMMANDS; decided by evidence.decide"),
    ("a password answered in base64 to a server's challenge", lambda look: sasl_answers(look.text, look.found),
     "sasl_answers.py"),
    ("a placeholder's default", lambda look: processes.placeholder_defaults(look.text, look.anchors, look.found),
     "processes.placeholder_defaults; decided by evidence.decide"),
    ("a struct's dump", lambda look: look.hits and processes.struct_dumps(look.text, look.found),
     "processes.struct_dumps; decided by evidence.decide"),
    ("an OAuth code in its redirect", lambda look: processes.oauth_codes(look.text, look.anchors, look.found),
     "processes.oauth_codes; decided by evidence.decide"),
    ("a user / its password", lambda look: processes.user_slash_password(look.text, look.anchors, look.found),
     "processes.user_slash_password; decided by evidence.decide"),
    ("an assignment inside an assignment, a symbol's argument", lambda look: look.hits and
     processes.assigned_inside_or_by_symbol(look.text, look.hits, look.found),
     "processes.assigned_inside_or_by_symbol; decided by evidence.decide"),
    ("a login with a user and a password", lambda look: processes.login_with_user_and_password(
        look.text, look.anchors, look.found), "processes.login_with_user_and_password; decided by evidence.decide"),
    ("a value below its name", lambda look: look.hits and processes.value_below_a_name(look.text, look.hits,
                                                                                        look.found),
     "processes.value_below_a_name; decided by evidence.decide"),
    ("a secret's noun in a sentence", lambda look: processes.noun_in_a_sentence(look.text, look.anchors, look.found),
     "processes.SENTENCE_NOUNS; decided by evidence.decide"),
    ("a one-time code said with its label", lambda look: processes.one_time_codes(look.text, look.low, look.anchors,
                                                                                  look.found),
     "processes.OTP_CODE_LITERALS; decided by evidence.decide"),
    ("a password typed at a prompt", lambda look: processes.typed_at_a_prompt(look.text, look.anchors, look.found),
     "processes.TYPED_LITERALS; decided by evidence.decide"),
    ("a password answered to a quoted prompt", lambda look: answers.answers_to_quoted_prompts(look.text, look.anchors, look.found),
     "answers.ANSWER; decided by evidence.decide"),
    ("a password given as an item of a numbered reply", lambda look: answers.answers_in_a_numbered_reply(
        look.text, look.found), "answers.answers_in_a_numbered_reply; decided by evidence.decide"),
    ("a REPL's output", lambda look: processes.repl_outputs(look.text, look.anchors, look.found),
     "processes.repl_outputs; decided by evidence.decide"),
    ("a password under a plural label", lambda look: plural_labels(look.text, look.low, look.anchors, look.found),
     "plural_labels.py; decided by evidence.decide"),
    ("a list's values under a heading that names passwords", lambda look: passwords_under_a_heading(
        look.text, look.low, look.anchors, look.found), "headed_lists.py; decided by evidence.decide"),
    ("a made password where a password's literal stands", lambda look: made_passwords_in_slots(look.text, look.anchors, look.found),
     "made_passwords.py; judged by never_secret (made_password_literal)"),
    ("a value a tool or format declares secret", declared.find,
     "declared.MASK_LITERAL, JWK_PRIVATE, DEFINE_WORDS, STORE_SETTERS, LOGIN_CALLEE_WORDS"),
    ("a literal echoed into a command given a secret", lambda look: echoed_into_a_given_command(look.text, look.found),
     "piped.py"),
    ("a stored command's secret output", _stored_output, "outputs.SECRET_PRINTERS"),
    ("a secret printer's one line below it", lambda look: printed_below(look.text, look.found),
     "outputs.SECRET_PRINTERS; its shape by evidence.shape"),
    ("the user's secret_patterns", lambda look: _custom(look.text, look.extra, look.found), "config"),
    ("a value told beside what names it: a sentence's noun, a provider's id, a join command, a URL's fixed password, a "
     "substitution's stand-in", told.find, "told.py"),
    ("a secret in a string joined from pieces or filled in by a format", lambda look: joined_strings(look, _find),
     "joined_strings.py; found by the other finders in the joined text"),
    ("a secret inside a value encoded in base64", lambda look: look.runs and encoded_secrets(look, _find),
     "encoded.py; found by the other finders in the decoded text"),
    ("a secret in a sed substitution's replacement", lambda look: sed_replacements(look, _find),
     "substitutions.py; found by the other finders in the replacement"),
    ("a Text argument an RPA workflow types into a password's field", lambda look: typed_text_arguments(look.text,
                                                                                                        look.found),
     "typed_fields.py"),
    ("a value under a secret's key in a hash dump (svn's auth cache)", lambda look: hash_dump_values(look.text, look.found),
     "hash_dumps.py; decided by evidence.decide"),
    ("every other copy of a secret found", lambda look: processes.copies_of_secrets(look.text, look.found),
     "processes.COPY_REACH; judged by evidence.shape and never.py"),
)  # fmt: skip


# The finders that find nothing where none of the one pass's literals stands (anchors.present
# empty): each reads only the places of literals it finds there, or the secret words' (look.hits,
# places of such literals).  Most short texts a hook cleans hold none (125 of the 170 strings of
# Claude Code's captured events): they skip ~17 finders' setups (tests/store/privacy/test_short_texts.py).
NEED_A_LITERAL = frozenset((
    "name = value", "random beside a secret word", "command-line position", "a literal written to a secret's file",
    "files' and tools' formats", "runs of pairs, directives, continued lines, escaped keys, tuples",
    "a call's string arguments", "a member beside a host, a port and a user", "the value before its label", "a client's command at its prompt", "a protocol's command",
    "a placeholder's default", "a struct's dump",
    "an OAuth code in its redirect", "a user / its password", "an assignment inside an assignment, a symbol's argument",
    "a login with a user and a password", "a value below its name", "a secret's noun in a sentence",
    "a one-time code said with its label", "a REPL's output", "a value a tool or format declares secret",
    "a made password in a sentence about passwords or logging in",
))


def _quoted_and_bracketed(look):
    text = look.text
    return ("\"" in text or "'" in text) and ("[" in text or "(" in text)


# What a text that holds none of the literals must hold for a finder to find anything in it: the
# labels' finder reads only its exec arrays there (candidates._arrays, behind this same test).
WITHOUT_A_LITERAL_ONLY_IF = {"labels, pairs, arrays, calls, SQL, wallets": _quoted_and_bracketed}
_WITHOUT_A_LITERAL = [None, ()]  # (FINDERS, what a text without literals goes through)


def _without_a_literal():
    """The FINDERS a text that holds none of the literals goes through (see NEED_A_LITERAL)."""
    if _WITHOUT_A_LITERAL[0] is not FINDERS:
        kept = []
        for name, finder, data in FINDERS:
            if name in NEED_A_LITERAL:
                continue
            gate = WITHOUT_A_LITERAL_ONLY_IF.get(name)
            if gate is not None:
                finder = (lambda look, finder=finder, gate=gate: gate(look) and finder(look))
            kept.append((name, finder, data))
        _WITHOUT_A_LITERAL[:] = FINDERS, tuple(kept)
    return _WITHOUT_A_LITERAL[1]


def find_secrets(text: str, extra_patterns=()) -> list:
    """``(kind, start, end)`` of every secret value :func:`redact_secrets` replaces.

    Spans are sorted and never overlap: overlapping finds are merged into one
    span that takes the kind of the most specific rule (a key found inside a
    ``Bearer`` header or an assignment is reported as that key's kind).
    """
    if not isinstance(text, str) or not text:
        return []
    seen = extra_patterns.seen if type(extra_patterns) is UserPatterns else None
    if len(text) < FORGET_FROM:
        spans = _find(text, extra_patterns, seen=seen)
    else:
        try:
            spans = _find(text, extra_patterns, seen=seen)
        finally:
            forget_values()  # the verdicts on its values (store/privacy/values.py): a long text's go with it
    if spans and ("\n+" in text or "\n-" in text):  # a diff's key given a new value (changed_lines.py)
        spans = values_changed_with_secrets(text, spans)
    if spans and type(extra_patterns) is UserPatterns and extra_patterns.keep:
        spans = [span for span in spans if not extra_patterns.keeps(text[span[1]:span[2]], span[0])]
    if spans and seen is not None:
        remember(seen, [(text[s:e], kind) for kind, s, e in spans])
    return spans


def remember(seen, values) -> None:
    """Hand a store's memory (UserPatterns.seen) the values of `values` ((value, kind)) random
    enough to be carried to later texts (store/privacy/recurrence.py); never raises (a memory
    that fails leaves the filter as it was)."""
    try:
        kept = [(v, kind) for v, kind in values if kind not in NOT_CARRIED and rememberable(v)]
        if kept:
            seen.remember(kept)
    except Exception:  # noqa: BLE001 - the memory is an aid: the filter's own spans stand
        pass


# A text this long empties the verdicts on values when it has been read (store/privacy/values.py
# VALUE_MEMOS): its cost is its own, not helped by a text read before (nor the next by it).
FORGET_FROM = 20_000


def _find(text: str, extra_patterns=(), diff_read: bool = False, seen=False) -> list:
    """find_secrets, within one call of it (a finder that judges a part of the text alone);
    `diff_read`: `text` is a diff's lines read without their marks already (diff_body); `seen`:
    find_secrets' own call (False: a finder's, on a part of a text), with a store's memory or None:
    every other place of a secret found is added (store/privacy/recurrence.py)."""
    if not text:
        return []
    lines = numbered(text) if text[:1] in " 0123456789" else None
    if lines is not None:  # a file as a tool shows it: its lines, without their numbers
        stripped, back = lines
        return [(k, back(s), back(e, True)) for k, s, e in _find(stripped, extra_patterns, diff_read, seen)]
    if not diff_read and (text[:1] in "+-@" or "\n@@ " in text):
        body = diff_body(text)  # a diff's lines without their marks
        if body is not None:
            stripped, back = body
            return [(k, back(s), back(e, True)) for k, s, e in _find(stripped, extra_patterns, True, seen)]
    look = Look(text, extra_patterns)
    found = look.found  # (start, prio, end, kind)
    for _name, finder, _data in FINDERS if look.anchors.present else _without_a_literal():
        finder(look)
    if not found:
        return _carried(look, [], seen) if seen and look.runs else []
    # (`holds`: from the rarest of its characters, where `in` stops at every space; ~0.15 ms a MB
    # less on real output, which holds none)
    blocks = public_blocks(text) if holds(text, "-----BEGIN ") else ()
    found.sort()
    # In one pass over the sorted spans: each judged by never_secret, those it keeps merged.  A span
    # found by several finders (or twice) is judged once: by where it stands and its kind's class
    # (never_secret reads a kind only for the class it is of: most spans found by two finders are of
    # two kinds, `password` and `secret`, judged alike); sorted, its finds stand next to each other
    # (or nearly: one apart is judged again, alike).  A span inside the one being merged, of a rule
    # no more specific, is not judged: kept or dropped, the merged span stays the same (~1 find in
    # 4 on the dense MB: a value found by its label, then by its shape or as a copy).
    merged = []
    cur_s = cur_p = cur_k = None
    cur_e = at_s = at_e = -1  # (no span being merged: no start lies before -1)
    at_k = dropped = None
    for s, p, e, k in found:
        if s < cur_e and e <= cur_e and p >= cur_p:
            continue
        if s != at_s or e != at_e or (k != at_k and NEVER_CLASS.get(k, "") != NEVER_CLASS.get(at_k, "")):
            at_s, at_e, at_k = s, e, k
            dropped = never_secret(text, s, e, k, blocks)
        if dropped:
            continue
        if s < cur_e:  # overlap: one span, kind of the most specific rule
            if e > cur_e:
                cur_e = e
            if p < cur_p:
                cur_p, cur_k = p, k
        else:
            if cur_k is not None:
                merged.append((cur_k, cur_s, cur_e))
            cur_s, cur_p, cur_e, cur_k = s, p, e, k
    if cur_k is not None:
        merged.append((cur_k, cur_s, cur_e))
    # a value named a token whose other place shows it is an id (store/privacy/id_roles.py), judged
    # before copies are carried so an id is never carried; the URLs from the one pass's places of
    # `://` (a find over the text: ~1.6 ms on the gitstat MB)
    urls = look.anchors.at("://") if merged else None
    if urls:
        merged = ids_by_their_role(text, merged, urls)
    if seen is not False and look.runs:
        return _carried(look, merged, seen)
    return merged


def _carried(look, spans, seen):
    """`spans` and every other place of their random values, and of those `seen` remembers
    (store/privacy/recurrence.py); `spans` as they were when the memory fails."""
    try:
        return carry(look.text, look.runs, spans, seen)
    except Exception:  # noqa: BLE001 - a memory that fails is no memory: the filter's own spans stand
        if seen is None:
            raise
        return carry(look.text, look.runs, spans)


# Start words of TOKEN_RULES (Rule.starts) found by the one pass of the anchors, where a pass
# runs anyway (a tree of a letter they hold, their pivot's regex): ~0.6 ms a MB each as a find
# of their own when a rule asks (`net`, with no letter of a tree, would add a pass: measured
# slower on generated output).
START_WORDS_IN_THE_PASS = ("machine", "signin", "sign_in", "printf", "default", "echo", "sudo", "config", "kinit",
                           "-stdin")


def _literals(ascii_only: bool = False):
    """Every literal the rules look for in the lowercased text (store/privacy/anchors.py); with
    `ascii_only`, the ASCII ones (an ASCII text holds no other: most command output is ASCII,
    and each literal looked for costs a little on every MB)."""
    got = CACHE.get(("literals", ascii_only))
    if got is None:
        lits = {a for rule in TOKEN_RULES for a in rule.anchors if a != "\n"}
        lits.update(NAME_TRIGGERS)
        lits.update(command_literals())
        lits.update(candidates.literals())
        lits.update(formats.literals())
        lits.update(processes.literals())
        lits.update(declared.literals())
        lits.update(layouts.literals())
        lits.update(told.literals())
        lits.update(made_in_prose_literals())
        lits.update(START_WORDS_IN_THE_PASS)
        if ascii_only:
            lits = {lit for lit in lits if lit.isascii()}
        got = CACHE[("literals", ascii_only)] = tuple(sorted(lits))
    return got


_ASCII_BYTES = bytes(range(128))


def _literals_for(low: str, raw: bytes = None) -> tuple:
    """The literals worth looking for in `low`: all of them, less those whose characters beyond
    ASCII the text does not hold (one pass for those characters: most output holds a few, such
    as box drawing or a Korean word, not every script of the lexicon).  With `raw` (the text's
    one-byte copy, a `?` for each character beyond Latin-1) holding few `?`, all of them: the
    anchors read each such character where it stands (anchors._wide_places), cheaper than the
    pass that tells which stand (~1 ms a MB of this machine's output, its ~550 such characters)."""
    if low.isascii():
        ascii_only = _literals(True)
        if ONE_PASS_ONCE_BUILT <= len(low) < ONE_PASS_FROM and BUILT and all(b is not ascii_only for b in BUILT):
            # (an ASCII piece of a text beyond ASCII, read alone: the one pass built for that text finds
            # the same literals here, where a `find` of each went through the piece: a README of 4,692
            # characters in pip inspect's JSON, 0.84 -> ~0.2 ms)
            return BUILT[0]
        return ascii_only
    every = _literals()
    if len(low) < 50_000 or (raw is not None and few_places(raw, b"?", WIDE_BY_FIND) is not None):
        return every
    chars = CACHE.get("wide chars")
    if chars is None:
        wide = sorted({ch for lit in every for ch in lit if not ch.isascii()})
        chars = CACHE["wide chars"] = re.compile("[" + re.escape("".join(wide)) + "]")
    # the lexicon's characters in the text's characters beyond ASCII (its UTF-8 bytes less the
    # ASCII ones, read back; a lone surrogate passes through): ~0.7 ms a MB of real output, where
    # the same regex over the whole text cost ~2-3 ms (and a set of 67,000 Korean characters ~2)
    wide = low.encode("utf-8", "surrogatepass").translate(None, _ASCII_BYTES).decode("utf-8", "surrogatepass")
    held = set(chars.findall(wide))
    key = frozenset(held)
    got = CACHE.get(("literals for", key))
    if got is None:
        got = tuple(lit for lit in every if all(ch.isascii() or ch in held for ch in lit))
        if len(CACHE) < 500:
            CACHE[("literals for", key)] = got
    return got


def _provider_index():
    """A prefix's first two characters -> the providers (priority, kind, pattern, prefixes) with a
    prefix that starts so.  (A prefix that does not start with an ASCII letter or digit is left
    out: no token starts so, rules.TOKEN_RUN.)"""
    index = CACHE.get("providers")
    if index is None:
        index = {}
        for prio, (kind, prefixes, pattern) in enumerate(PROVIDERS):
            item = (prio, kind, pattern, prefixes)
            for prefix in prefixes:
                if not (prefix[:1].isascii() and prefix[:1].isalnum()):
                    continue
                bucket = index.setdefault(prefix[:2], [])
                if item not in bucket:
                    bucket.append(item)
        CACHE["providers"] = index
    return index


def _provider_tokens(text, runs, found):
    """PREFIX: a run of token characters that starts with a provider's prefix and has its shape
    (each lies in one of `runs`, see long_runs).
    A provider's pattern is tried only where one of its prefixes stands (each match starts with
    one: test_prefilters): `test_` and `secret_` start thousands of paths and names a MB.
    A run's tokens are read once a text: a MB names the same runs again and again (dense with
    secrets: 336 different of 9,802; this machine's output 3,151 of 8,657), and what a run holds
    depends on its characters alone, and on the one after it (kept with it): a letter beyond
    ASCII there refuses a token's end, and a provider's pattern may go on through a `%` (no run
    character) and past it, so a run before a `%` is read where it stands."""
    if not runs:
        return
    index = _provider_index()
    heads = CACHE.get("providers' heads")
    if heads is None:  # a prefix's first two characters -> every prefix that starts so
        heads = CACHE["providers' heads"] = {head: tuple(p for item in bucket for p in item[3] if p[:2] == head)
                                             for head, bucket in index.items()}
    read = {}
    new_split, (reading, expected) = 0, PIECES_AT
    for a, b in runs:
        run = text[a:b + 1]  # (and the character after it, which is no run character)
        if "/" in run or "+" in run or "=" in run:
            starts = None  # (read by _starts_between_separators)
        else:  # the run's one start (every prefix starts with a letter or a digit)
            prefixes = heads.get(run[:2])
            if prefixes is None or not run.startswith(prefixes):
                continue
            starts = (a,)
        tokens = read.get(run)
        if tokens is None:
            if starts is None:
                new_split += 1
                if new_split == reading and reading * len(text) > expected * a:
                    _tokens_in_pieces(text, a, index, heads, found, runs[runs.index((a, b)):])
                    return
                starts = _starts_between_separators(text, a, b, heads)
            tokens = _run_tokens(text, a, starts, index) if starts else ()
            if run[-1] != "%":  # (a `%` and what follows it may lengthen a token: not kept)
                read[run] = tokens
        for s, e, prio, kind in tokens:
            add_span(found, text, a + s, a + e, prio, kind)


# At this many new runs holding a separator, where they make more than this many expected in the
# text (a path at each line: `find`'s output), the rest of the text is read by its pieces
# (_tokens_in_pieces), not run by run: ~0.7 us less a run, past the ~1 ms of the whole text's
# bytes (the MB of `find` output, 9,604 runs each a new path: 12.5 -> ~6.5 ms).
PIECES_AT = (500, 4000)


def _token_class():
    """The table that makes a byte `a` where a character of rules.TOKEN_RUN's class stands (the
    run characters less `/`, `+` and `=`), a space elsewhere."""
    table = CACHE.get("token class")
    if table is None:
        table = CACHE["token class"] = bytes(0x61 if chr(c) in RUN_CHARS and chr(c) not in "/+=" else 0x20
                                             for c in range(256))
    return table


def _token_marks(text):
    """`text` as one byte a character, marked by _token_class."""
    return (text.encode("ascii") if text.isascii() else text.encode("latin-1", "replace")).translate(_token_class())


def _tokens_in_pieces(text, lo, index, heads, found, runs):
    """_provider_tokens from `lo` (where a run starts) on, by the pieces of TOKEN_RUN's class in the
    whole text's bytes (_token_marks) a prefix stands at: a run without a separator is one piece,
    so they are the places _provider_tokens reads; and `runs` (those from `lo` on) started by a
    prefix of a token that may hold a separator in its first 16 characters (_slashed_start).  A
    start's tokens depend on the run from it on and the character after it (kept with it), read
    once a text as a run's are, but for the `%`."""
    marks = _token_marks(text)
    places = [a for a, _b in runs if text[a] in _SLASHED_FIRST and _slashed_start(text, a)]
    slashed = len(places)
    at = marks.find(_SIXTEEN, lo)
    while at >= 0:
        prefixes = heads.get(text[at:at + 2])
        if prefixes is not None and text.startswith(prefixes, at):
            places.append(at)
        end = marks.find(b" ", at + 16)
        if end < 0:
            break
        at = marks.find(_SIXTEEN, end)
    if not places:
        return
    if slashed:
        places = sorted(set(places))
    run_end = compiled("run end", "[^" + re.escape("".join(sorted(RUN_CHARS))) + "]").search
    read = {}
    for s in places:
        m = run_end(text, s)
        rest = text[s:m.end() if m is not None else len(text)]
        tokens = read.get(rest)
        if tokens is None:
            tokens = _run_tokens(text, s, (s,), index)
            if rest[-1] != "%":
                read[rest] = tokens
        for ts, te, prio, kind in tokens:
            add_span(found, text, s + ts, s + te, prio, kind)


def _starts_between_separators(text, a, b, heads):
    """The places in the run `text[a:b]` where rules.TOKEN_RUN finds a start, less those no
    provider's prefix stands at (`heads`): the start of each piece of 16 or more characters of
    TOKEN_RUN's class (the run characters less `/`, `+` and `=`), the first a letter or a digit.
    The pieces are found by `bytes.find` in the run's bytes, each character of that class an `a`,
    not by the pattern at each character (~20 ms on the MB of `find` output, each run a path) nor
    by a split of the run (~12: ~100,000 short pieces)."""
    marks = text[a:b].encode("ascii", "replace").translate(_token_class())  # (a run is ASCII)
    # (the first character tested here, not in a call: ~16,000 runs a MB of `find`, each a path)
    starts = [a] if text[a] in _SLASHED_FIRST and _slashed_start(text, a) else []
    at = marks.find(_SIXTEEN)
    while at >= 0:
        prefixes = heads.get(text[a + at:a + at + 2])
        if prefixes is not None and text.startswith(prefixes, a + at) and (at or not starts):
            starts.append(a + at)
        end = marks.find(b" ", at + 16)
        if end < 0:
            break
        at = marks.find(_SIXTEEN, end)
    return starts


def _slashed_start(text, a):
    """Whether a prefix of a provider whose tokens hold `/`, `+` or `=` (`ABSK`, `fm2_`) starts the
    run at `a`: such a token's first 16 characters may hold one, so it does not start a piece of
    16 (1 in 3 of Bedrock's keys).  Read at the run's start alone: a token after a `=` in its run
    is a value of a name, read by the name rule."""
    prefixes = CACHE.get("slashed prefixes")
    if prefixes is None:
        prefixes = CACHE["slashed prefixes"] = tuple(p for _kind, ps, pattern in PROVIDERS
                                                     if any(c in pattern for c in ("+/", "/+", "=+")) for p in ps)
    return text.startswith(prefixes, a)


_SLASHED_FIRST = frozenset("AxwofgsZea")  # (the first characters of those prefixes: a test checks)
_SIXTEEN = b"a" * 16


def _run_tokens(text, a, starts, index):
    """The provider tokens that start in the run from `a` at `starts`: (start, end, priority,
    kind), from the run's start, in order."""
    tokens = []
    for s in starts:
        bucket = index.get(text[s:s + 2])
        if bucket is None:
            continue
        rxs = CACHE.get("providers' patterns")  # prio -> its pattern, compiled when first tried
        if rxs is None:
            rxs = CACHE["providers' patterns"] = {}
        for prio, kind, pattern, prefixes in bucket:
            if not text.startswith(prefixes, s):
                continue
            rx = rxs.get(prio)
            if rx is None:
                rx = rxs[prio] = compiled("p" + str(prio), pattern)
            pm = rx.match(text, s)
            if pm is None:
                continue
            e = pm.end()
            if e < len(text) and (text[e].isalnum() or text[e] in "_-"):
                continue  # a longer run: not this provider's shape
            tokens.append((s - a, e - a, prio, kind))
            break
    return tokens


def _rules_by_literal():
    """(literal -> indexes of the TOKEN_RULES anchored by it, indexes of those anchored by a newline)."""
    got = CACHE.get("rules by literal")
    if got is None:
        by_literal, newline = {}, []
        for i, rule in enumerate(TOKEN_RULES):
            for anchor in rule.anchors:
                if anchor == "\n":
                    newline.append(i)
                else:
                    by_literal.setdefault(anchor, []).append(i)
        got = CACHE["rules by literal"] = (by_literal, tuple(newline))
    return got


def _shaped(text, low, anchors, runs, found):
    """The TOKEN_RULES one of whose anchors stands in the text (a newline one: any line break),
    and which find a long enough run there (Rule.min_run; `runs`: see long_runs)."""
    by_literal, newline_rules = _rules_by_literal()
    chosen = set(newline_rules) if "\n" in low else set()
    for literal in by_literal.keys() & anchors.present:
        chosen.update(by_literal[literal])
    long_enough = {}  # min_run -> whether a run that long stands (a few values: not read again for each rule)
    for i in sorted(chosen):
        rule = TOKEN_RULES[i]
        if rule.min_run:
            ok = long_enough.get(rule.min_run)
            if ok is None:
                ok = long_enough[rule.min_run] = any(e - s >= rule.min_run for s, e in runs)
            if not ok:
                continue
        prio = P_SHAPE + i
        valued = None  # the pattern has a group `v` (read once a rule: `groupindex` is a copy)
        for m in _matches(text, low, anchors, rule, i, runs):
            if valued is None:
                valued = "v" in m.re.groupindex
            if valued:
                s, e = m.span("v")
                value = m.group("v")
                if is_reference(value):  # $PASSWORD, ${{ secrets.X }}, <token>
                    continue
                if rule.kind == "cookie":
                    _cookie_values(text, s, e, prio, found)
                    continue
                if rule.judge is not None and not JUDGES[rule.judge](value, text, s):
                    continue
                if text[e:e + 1] in PROSE_GAP:
                    e = s + len(without_closing_marks(value))
            else:
                s, e = m.span()
                if rule.judge is not None and not JUDGES[rule.judge](m.group(), text, s):
                    continue
            add_span(found, text, s, e, prio, rule.kind)


def _matches(text, low, anchors, rule, i, runs=None):
    """The matches of `rule` (the `i`th) in `text`: where a match can start (`starts`, `seek`:
    the same matches as a scan of the whole text, see Rule), or on the lines where `near` is
    found.  Its pattern is compiled when first tried (a hook is one process per event)."""
    if rule.starts or rule.seek:
        places = _starts(text, low, anchors, rule, i, runs)
        if places:
            yield from matches_from(compiled("r" + str(i), rule.pattern, rule.flags), text, places)
        return
    near = rule.near
    if near is None:
        yield from compiled("r" + str(i), rule.pattern, rule.flags).finditer(text)
        return
    done = 0
    rx = None
    for hit in _near_hits(text, anchors, near, i):
        if hit.start() < done:
            continue
        if rx is None:
            rx = compiled("r" + str(i), rule.pattern, rule.flags)
        start = text.rfind("\n", 0, hit.start()) + 1
        end = text.find("\n", hit.end())
        if end < 0:
            end = len(text)
        if rule.before is None or end - start <= WHOLE_LINE_AT_MOST:
            done = end
            yield from rx.finditer(text, start, end)
            continue
        m = _before_hit(rx, text, max(start, done), hit.start(), end, rule.before)
        if m is not None:
            done = m.end() if m.end() > m.start() else m.start() + 1
            yield m


def _near_hits(text, anchors, near, i):
    """The matches of a rule's `near` in `text`, in order: where NEAR_AT names literals, tried at
    their places alone (by `map`: no step of Python at each), not searched for in the whole text."""
    rx = compiled("n" + str(i), near)
    literals = NEAR_AT.get(near)
    if literals is None:
        return rx.finditer(text)
    places = sorted(set().union(*[anchors.at(literal) for literal in literals]))
    return filter(None, map(rx.match, [text] * len(places), places))


# A rule's `near` -> literals one of which starts each of its matches, which cannot overlap (a
# `(`, blanks, a quote): `set_password("…")`'s near, searched at each `(` of the text 0.45-0.85 ms
# a MB of git's and pip's output, tried at those places 0.01-0.4.
NEAR_AT = {r"\((?=[ \t]*[\"'])(?:(?<=[ \t]\()|(?<=(?i:rd|wd|ss|et|en|ey)\())[ \t]*[\"']": ("(\"", "('", "( ", "(\t")}


# A line up to this long is read whole by a rule with `near` and `before` (Rule.before); a longer
# one only before each hit of `near` (a line of JSON holding a package's README, ~15,000
# characters: the rule of `set_password("…")` ~3.6 ms on the MB of `pip inspect`).
WHOLE_LINE_AT_MOST = 400


def _before_hit(rx, text, lo, hit, end, before):
    """The first match of `rx` that starts from `lo` on and at most `before` characters before
    `hit`, the blanks just before it not counted (Rule.before), or None; `end`: the line's."""
    k = hit
    while k > lo and text[k - 1] in " \t":
        k -= 1
    for at in range(max(lo, k - before), hit + 1):
        m = rx.match(text, at, end)
        if m is not None:
            return m
    return None


# Seeks whose every match is a newline followed by at most one character (of `[ \t+-]`) and a run
# of the rule's min_run run characters (anchors.long_runs): they are tried only at the newlines
# found that way from the long runs, not at each of the ~25,000 line breaks of 1 MB (~1.2 ms).
SEEK_BEFORE_A_RUN = frozenset({r"\n(?=[ \t+-]?[A-Za-z0-9+/]{48})"})
# Past one such newline in this many characters (a path at each line's start: grep's and find's
# output, ~9,500 a MB), the seek scans the text (~0.6 ms a MB) instead (~1.7 ms at them).
SEEK_A_PLACE_FROM = 400


def _starts(text, low, anchors, rule, i, runs=None):
    """The places a match of `rule` can start, sorted (see Rule.starts and Rule.seek; `runs`:
    long_runs of `text`, when known)."""
    if rule.seek is not None:
        seek = compiled("seek" + str(i), rule.seek)
        if runs is not None and rule.seek in SEEK_BEFORE_A_RUN:
            places = _newlines_before_runs(text, runs, rule.min_run, len(text) // SEEK_A_PLACE_FROM)
            if places is not None:
                return [0] + [m.end() for m in matches_from(seek, text, places)]
        return [0] + [m.end() for m in seek.finditer(text)]
    if rule.reach is not None:
        targets = _case_blind_places(low, anchors, rule.reach[0])
        if not targets:
            return []
        # (from the starts' places where each stands fewer times than the reach literal: either
        # way the same matches)
        if not all(anchors.at_most(literal, len(targets)) is not None for literal, _offset in rule.starts):
            return _within_reach(low, rule, targets)
    lists = []
    for literal, offset in rule.starts:
        hits = anchors.at(literal)
        if not hits:
            continue
        if offset == 0:
            lists.append(hits)
        elif offset is None:
            lists.append([low.rfind("\n", 0, at) + 1 for at in hits])
        else:
            lists.append([at + offset for at in hits] if hits[0] + offset >= 0 else
                         [at + offset for at in hits if at + offset >= 0])
    if len(lists) == 1:
        return lists[0] if rule.starts[0][1] is not None else sorted(set(lists[0]))
    return sorted(set().union(*lists))


def _newlines_before_runs(text, runs, size, most):
    """The newlines, in order, that a run of `size` or more (`runs`: long_runs) starts one or two
    characters after, with a space or a tab between (a `+` or `-` there is part of the run), or
    None where there are more than `most` (not listed further: grep's and find's output, a path
    at each line's start, are past it a quarter of the way in)."""
    places = []
    for s, e in runs:
        if e - s >= size:
            if s >= 1 and text[s - 1] == "\n":
                places.append(s - 1)
            elif s >= 2 and text[s - 2] == "\n" and text[s - 1] in " \t":
                places.append(s - 2)
            else:
                continue
            if len(places) > most:
                return None
    return places


# The characters beyond ASCII a case-blind pattern matches an ASCII letter with (İ and ı as i,
# ſ as s): where none stands, a case-blind word's places are the lowercased copy's.
_FOLD_TO_ASCII = ("\u0130", "\u0131", "\u017f")
_FOLDED = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s"})


def _case_blind_places(low, anchors, literal):
    """Where a case-blind pattern reads `literal` (ASCII lowercase) in `low`: its places in the
    lowercased copy, and those where one of _FOLD_TO_ASCII stands for one of its letters (found
    from the few places of those characters, not from a folded copy of the text)."""
    places = anchors.at(literal)
    if low.isascii():
        return places
    size = len(literal)
    more = set()
    # (in a long text, each of them is a `?` of the one-byte copy: where those are few, they are
    # read there, not found by `str.find` in the wide text, which stops at each `0`, `1` or `\x7f`
    # byte of it, the low bytes of İ, ı and ſ: ~0.8 ms on the MB of git log, hashes and dates)
    wide = few_places(anchors.raw, b"?", WIDE_BY_FIND) if anchors.raw is not None else None
    for ch in _FOLD_TO_ASCII:
        folded = _FOLDED[ord(ch)]
        offsets = [k for k, letter in enumerate(literal) if letter == folded]  # (where `ch` may stand in it)
        if not offsets:
            continue  # (`<<<`: no place to look for)
        for at in few_places(low, ch, None) if wide is None else [p for p in wide if low[p] == ch]:
            for start in [at - k for k in offsets if at >= k]:
                if low[start:start + size].translate(_FOLDED) == literal:
                    more.add(start)
    return sorted(more.union(places)) if more else places


def _within_reach(low, rule, targets):
    """The places of `rule`'s starts with its `reach` literal 1 to n characters after them (or on
    their line after them: Rule.reach), found from the reach literal's places (`targets`): the
    starts are not looked for in the whole text (`user` stands thousands of times, `identified` a
    few; `sudo`, `passwd`, `secret`, `token` ~6,000 times a MB dense with secrets, `<<<` 78).  A case-blind
    pattern matches `ıdentified` too, which the lowercased copy does not hold: those places come
    from _case_blind_places."""
    n = rule.reach[1]
    places = set()
    # (by the line, each target's line is read from the previous target on, not from its start:
    # a text of one long line, a JSON-escaped output, read each line's start again from each of
    # its targets, 200 ms for 1 MB against 1 ms)
    lo = done = 0
    for target in targets:
        if n is not None:
            lo = done = max(0, target - n)
        else:
            nl = low.rfind("\n", done, target)
            if nl >= 0:
                lo = done = nl + 1
        for start, offset in rule.starts:
            at = low.find(start, max(lo, done - len(start) + 1), target)
            while at >= 0:
                if at + offset >= 0:
                    places.add(at + offset)
                at = low.find(start, at + 1, target)
        if n is None:
            done = target
    return sorted(places)


def _cookie_values(text, s, e, prio, found):
    """`Cookie: a=1; sessionid=…`: the values of session-like cookies, or random-looking ones."""
    pos = s
    for part in text[s:e].split(";"):
        name, eq, value = part.partition("=")
        start = pos + len(name) + len(eq)
        pos += len(part) + 1
        value = value.strip().split(None, 1)[0].partition(",")[0] if value.strip() else ""
        # (a cookie's name and value hold no blank, its value no comma: `csrftoken=abc, a HAR entry` ends at `abc`)
        name = name.rsplit(None, 1)[-1] if name.strip() else name  # (`…; Set-Cookie: connect.sid=X`: its last word)
        if not eq or len(value) < 6:
            continue  # (`csrftoken=abc`, `logged_in=yes`, `auth=1`: a flag or a stand-in, no credential)
        lead = text.find(value, start)
        name_low = name.strip().lower()
        if any(w in name_low for w in COOKIE_WORDS) or looks_random(value):
            if not is_reference(value):
                add_span(found, text, lead, lead + len(value), prio, "cookie")




def _output_replaced(output):
    """A command's output with its text replaced whole by the secret-output marker: the string,
    a list's text items, or a response's `stdout`/`output`/`content`."""
    if isinstance(output, str):
        return redact_output_marker(output)
    if isinstance(output, list):
        return [_output_replaced(item) if isinstance(item, (str, dict)) else item for item in output]
    if isinstance(output, dict):
        copy = dict(output)
        for key in ("stdout", "output", "content", "text"):
            if key in copy:
                copy[key] = _output_replaced(copy[key])
        return copy
    return output


def redact_output_marker(text: str) -> str:
    return SECRET_OUTPUT if prints_something(text) else text


def redact_output(command: str, output: str, extra_patterns=()) -> str:
    """The one call for a command and what it printed: the output whole as
    ``[REDACTED:secret_output]`` when the command prints a secret (store/privacy/outputs.py),
    else the output through :func:`clean_text`."""
    if isinstance(output, str) and prints_something(output) and output_is_secret(command):
        return SECRET_OUTPUT
    return clean_text(output, extra_patterns)


# The longest value a not-secret pattern is tried on (a longer span stays redacted): the patterns
# were proven fast matching values this long whole when the config was loaded
# (store/privacy/user_patterns.py KEEP_MAX_CHARS, equal to this), so no value can hang a hook.
KEEP_MAX_CHARS = 1000

# Spans no not-secret pattern keeps: what the person's own secret_patterns found (they said it is
# a secret), and a command's output redacted whole (not a value: what a secret's command printed).
_NEVER_KEPT = frozenset(("custom", "secret_output"))


class UserPatterns:
    """The person's patterns, as the one `extra_patterns` value every caller passes: `secret`
    (their `secret_patterns`, compiled) and `keep` (their `not_secret_patterns`, compiled).  Both
    were checked when the config was loaded (store/privacy/user_patterns.py)."""

    __slots__ = ("secret", "keep", "seen")

    def __init__(self, secret=(), keep=(), seen=None) -> None:
        self.secret = _compile_extra(secret)
        self.keep = _compile_extra(keep)
        # a store's memory of the random values it redacted (store/seen_secrets.py: `kinds`,
        # `remember`, `generation`), or None: a later bare copy of one goes too (recurrence.py)
        self.seen = seen

    def keeps(self, value: str, kind: str) -> bool:
        """Whether a value the filter found (of `kind`) is kept: a not-secret pattern matches it
        whole, it is no longer than KEEP_MAX_CHARS, and its kind is one a person may keep."""
        if not self.keep or len(value) > KEEP_MAX_CHARS or kind in _NEVER_KEPT:
            return False
        return any(rx.fullmatch(value) is not None for rx in self.keep)

    def __repr__(self) -> str:
        return f"UserPatterns(secret={[rx.pattern for rx in self.secret]!r}, keep={[rx.pattern for rx in self.keep]!r})"


_EXTRA_CACHE = {}


def _compile_extra(extra_patterns):
    """Compile the user's patterns; invalid ones (or non-strings) are skipped."""
    if not extra_patterns:
        return ()
    if type(extra_patterns) is UserPatterns:
        return extra_patterns.secret
    if isinstance(extra_patterns, (str, re.Pattern)):
        extra_patterns = (extra_patterns,)
    try:
        key = tuple(extra_patterns)
        hash(key)
    except TypeError:
        return ()
    got = _EXTRA_CACHE.get(key)
    if got is None:
        compiled = []
        for p in key:
            if isinstance(p, re.Pattern):
                compiled.append(p)
            elif isinstance(p, str) and p:
                try:
                    compiled.append(re.compile(p))
                except (re.error, ValueError, TypeError, OverflowError, RecursionError):
                    pass
        got = tuple(compiled)
        if len(_EXTRA_CACHE) > 64:
            _EXTRA_CACHE.clear()
        _EXTRA_CACHE[key] = got
    return got


def _custom(text, extra_patterns, found):
    for rx in _compile_extra(extra_patterns):
        use_group = rx.groups > 0
        try:
            for m in rx.finditer(text):
                if use_group and m.start(1) >= 0:
                    s, e = m.span(1)
                else:
                    s, e = m.span()
                add_span(found, text, s, e, P_CUSTOM, "custom")
        except (RecursionError, MemoryError):  # pragma: no cover - defensive
            continue


def redact_secrets(text: str, extra_patterns=()) -> str:
    """Replace every secret :func:`find_secrets` reports with ``[REDACTED:<kind>]``."""
    spans = find_secrets(text, extra_patterns)
    if not spans:
        return text
    out = []
    pos = 0
    for kind, s, e in spans:
        out.append(text[pos:s])
        out.append("[REDACTED:" + kind + "]")
        pos = e
    out.append(text[pos:])
    return "".join(out)


def clean_text(text: str, extra_patterns=()) -> str:
    """strip_injected, then strip_private, then redact_secrets. Non-str passes through."""
    if not isinstance(text, str):
        return text
    # (one search for a tag of either kind first: most texts hold none, and went through two
    # searches of every `<`; ~0.3 ms a MB less on git's and pip's output)
    if "<" in text and _tag_re(("memory-context", "system-reminder", "private")).search(text) is not None:
        text = _strip_blocks(text, ("memory-context", "system-reminder"))
        text = _strip_blocks(text, ("private",), hide_before_stray=True)
    return redact_secrets(text, extra_patterns)


def clean_value(value, extra_patterns=()):
    """A copy of a JSON value with :func:`clean_text` applied to every string value.

    Dict keys go through :func:`clean_text` too (two keys that clean to the same
    text stay apart, ``#2`` added); a list of two or more strings is cleaned as
    the one text its lines make (:func:`clean_lines`). A string under a key whose
    name ends in a
    secret word (``"password"``, ``"apiKey"``, ``"client_secret"``,
    ``"GITHUB_TOKEN"``; the same rule as ``key=value`` text) is replaced whole
    by ``[REDACTED:<kind>]`` unless it is empty or a reference (``$X``,
    ``<placeholder>``), because a parsed JSON string no longer carries its key.
    Lists (and tuples, which come back as lists) and dicts are copied; other
    values (numbers, None, bools) are returned as they are. The walk is
    iterative, so any nesting depth works, and a container met twice (or a
    cycle) maps to the same copy.
    """
    if isinstance(value, str):
        return clean_text(value, extra_patterns)
    if not isinstance(value, (dict, list, tuple)):
        return value
    return Cleaner(extra_patterns).value(value)


def clean_key(key, extra, taken):
    """A dict key through the filter too (an MCP input may use a token as a key)."""
    return Cleaner(extra).key(key, taken)


def clean_lines(lines, extra_patterns=()) -> list:
    """A list of strings cleaned as the one text they make together (a diff hunk's lines):
    a PEM block or a ``<private>`` block spread over several lines goes as a whole.

    The same number of lines comes back when the filter only replaced text within lines;
    a block removed across lines comes back as fewer lines."""
    return Cleaner(extra_patterns).lines(lines)


class Cleaner:
    """The one walk of the privacy filter over a JSON value (what :func:`clean_value` does).

    ``patterns`` are the user's ``secret_patterns``, compiled once for the Cleaner (or a
    :class:`UserPatterns`, with their ``not_secret_patterns``).  With
    ``memo``, each distinct string is cleaned once: a transcript repeats the same strings
    (paths, descriptions, patch lines; a Write's text is in its input and its result), and
    the filter's cost is per string.  Strings up to MEMO_MAX_CHARS are remembered for the
    Cleaner's life (at most MEMO_MAX_ITEMS), longer ones for one :meth:`value` call.  The
    answers are the same with or without memo.
    """

    MEMO_MAX_CHARS = 512
    MEMO_MAX_ITEMS = 100_000

    def __init__(self, patterns=(), memo: bool = False) -> None:
        self.extra = patterns if type(patterns) is UserPatterns else _compile_extra(patterns)
        self._secret_calls: set = set()  # ids of tool calls whose output is a secret (outputs.py)
        self._memo = {} if memo else None
        self._long: dict = {}
        self._key_kinds: dict = {}
        self._seen = self.extra.seen if type(self.extra) is UserPatterns else None
        self._seen_at = 0  # the memory's generation the memo's answers were made under

    def text(self, text):
        """:func:`clean_text` of one string (non-strings pass through)."""
        if not isinstance(text, str):
            return text
        memo = self._memo
        if memo is None:
            return clean_text(text, self.extra)
        if self._seen is not None and self._seen.generation != self._seen_at:
            # (a value learned since: a string cleaned before may hold a copy of it)
            self._seen_at = self._seen.generation
            memo.clear()
            self._long = {}
        table = memo if len(text) <= self.MEMO_MAX_CHARS else self._long
        got = table.get(text)
        if got is None:
            got = clean_text(text, self.extra)
            if table is memo and len(memo) >= self.MEMO_MAX_ITEMS:
                memo.clear()
            table[text] = got
        return got

    def lines(self, lines) -> list:
        """:func:`clean_lines`: the strings cleaned as the one text they make."""
        joined = "\n".join(lines)
        cleaned = self.text(joined)
        if cleaned == joined:
            return list(lines)
        return cleaned.split("\n")

    def key(self, key, taken):
        """:func:`clean_key`: a dict key cleaned, kept apart from the keys in ``taken``."""
        if not isinstance(key, str) or not key:
            return key
        cleaned = self.text(key)
        if cleaned == key:
            return key
        n = 2
        out = cleaned
        while out in taken:
            out = f"{cleaned}#{n}"
            n += 1
        return out

    def _secret_kind(self, key: str, value: str):
        """The kind `value` under this dict key is redacted as whole, or None: a parsed JSON
        string no longer carries its `"key": ` context, so the key's name decides (how sure
        it makes us: see store/privacy/rules.py)."""
        memo = self._key_kinds if self._memo is not None else None
        if memo is not None and key in memo:
            verdict = memo[key]
        else:  # a key that is text, not a name (`<a>…</a>`, `deploy --x=…`), names nothing
            named = compiled("keyname", r"[^\s<>(){}\[\]\"']{1,100}\Z").match(key) is not None
            verdict = name_verdict(key) if named else None
            if memo is not None:
                memo[key] = verdict
        if verdict is None:
            return None
        kind, strength = verdict
        if strength < STRONG and not STRENGTH_TEST[strength](value):
            return None
        return None if key[-3:].lower() == "key" and ticket_under_its_key(key, value) else kind

    def _without_secret_output(self, src: dict) -> dict:
        """`src`, or a copy with the output of a command that prints a secret replaced whole
        (store/privacy/outputs.py): a hook event's `tool_response` under its `tool_input.command`;
        in a transcript, the `tool_result` (and the line's `toolUseResult`) answering a Bash
        `tool_use` seen before, by its id."""
        tool_input = src.get("tool_input")
        if isinstance(tool_input, dict) and "tool_response" in src:
            command = tool_input.get("command")
            if isinstance(command, str) and output_is_secret(command):
                return {**src, "tool_response": _output_replaced(src["tool_response"])}
            return src
        kind = src.get("type")
        if kind == "tool_use":
            given = src.get("input")
            if isinstance(given, dict) and isinstance(given.get("command"), str) and output_is_secret(given["command"]):
                self._secret_calls.add(src.get("id"))
            return src
        if kind == "tool_result" and self._secret_calls and src.get("tool_use_id") in self._secret_calls:
            return {**src, "content": _output_replaced(src.get("content"))}
        if "toolUseResult" in src and self._secret_calls:
            message = src.get("message")
            content = message.get("content") if isinstance(message, dict) else None
            if isinstance(content, list) and any(isinstance(item, dict) and item.get("tool_use_id") in self._secret_calls
                                                 for item in content):  # fmt: skip
                return {**src, "toolUseResult": _output_replaced(src["toolUseResult"])}
        return src

    def value(self, value):
        """:func:`clean_value` of one JSON value."""
        if isinstance(value, str):
            return self.text(value)
        if not isinstance(value, (dict, list, tuple)):
            return value
        seen = self._seen
        before = seen.generation if seen is not None else 0
        try:
            got = self._walk(value)
            if seen is not None and seen.generation != before:
                # a secret learned in one of its strings: again, for its copies in the strings
                # walked before that one (an output read before the command that set the key)
                got = self._walk(value)
            return got
        finally:
            self._long = {}

    def _walk(self, value):
        root = {} if isinstance(value, dict) else []
        copies = {id(value): root}
        stack = [(value, root)]
        keep = [value]  # keeps ids stable while we walk
        text = self.text

        def child(v):
            if isinstance(v, str):
                return text(v)
            if isinstance(v, (dict, list, tuple)):
                got = copies.get(id(v))
                if got is None:
                    got = {} if isinstance(v, dict) else []
                    copies[id(v)] = got
                    keep.append(v)
                    stack.append((v, got))
                return got
            return v

        while stack:
            src, dst = stack.pop()
            if isinstance(src, dict):
                src = without_pasted_token(self._without_secret_output(src), find_secrets)
                typed = typed_password_key(src) if "text" in src or "value" in src else None
                for k, v in src.items():
                    out_key = self.key(k, dst)
                    if isinstance(v, str) and isinstance(k, str) and v:
                        kind = "password" if k == typed else self._secret_kind(k, v)
                        if kind is not None and not is_reference(v) and not never_secret(v, 0, len(v), kind) \
                                and not (type(self.extra) is UserPatterns and self.extra.keeps(v, kind)):
                            dst[out_key] = "[REDACTED:" + kind + "]"
                            if self._seen is not None:
                                remember(self._seen, ((v, kind),))
                            continue
                    dst[out_key] = child(v)
            elif len(src) > 1 and all(isinstance(v, str) for v in src):
                dst.extend(self.lines(src))
            else:
                for v in src:
                    dst.append(child(v))
        return root
