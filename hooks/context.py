"""What memlane tells Claude: the SessionStart block and the per-prompt block.

Both are plain strings wrapped in ``<memory-context project="NAME">`` ...
``</memory-context>``.  Every piece of stored text that goes in is cleaned
first: control, zero-width, bidi and other invisible format characters are
removed, whitespace is collapsed to one line, the text is XML-escaped
(``&``, ``<``, ``>``; attributes also ``"`` and ``'``) and cut to
MAX_LINE_CHARS, so stored text can neither break out of the block nor hide
anything in it.  A block is never longer than HARD_CAP_CHARS (Claude Code
cuts hook output at 10,000).

Relevance rule for the per-prompt block (``relevant_memories``): see its
docstring.  In short: a memory is injected only when it contains the
prompt's specific words, weighted by how rare each word is in memory, and
never on generic words ("fix", "error", "다시", "고쳐줘") alone.
"""

from __future__ import annotations

import math
import os
import re

from store.db import dicts

MAX_LINE_CHARS = 200
HARD_CAP_CHARS = 9000
DEFAULT_MAX_CHARS = 2000
DEFAULT_MAX_INJECT = 5
MAX_INJECT_LIMIT = 20
MIN_PROMPT_CHARS = 10

# The relevance rule's numbers (see relevant_memories).
COVERAGE_MIN = 0.6  # share of the prompt's (rarity-weighted) terms a memory must contain
STRONG_MIN = 2  # specific terms a memory must contain (1 when the prompt has only one)
GENERIC_WEIGHT = 0.3  # generic words count this much of a specific word's weight
CROSS_PROJECT_COVERAGE = 0.85  # other projects: only near-complete matches ...
CROSS_PROJECT_STRONG_MIN = 3  # ... of at least three specific terms
CROSS_PROJECT_MAX_ITEMS = 2
QUERY_TERMS = 5  # the rarest terms memory holds make the search (each term costs a lookup)
DF_CAP = 2000  # document frequencies are counted up to this (bounded cost at any size)
SINGLE_TERM_MAX_SHARE = 0.05  # a lone specific term must be in at most 5% of memories ...
SINGLE_TERM_MIN_DF = 3  # ... (or in at most this many)

# Words that say what to do rather than what it is about.  They can support a
# match but never make one.
_GENERIC_EN = frozenset(
    """fix fixes fixed fixing add adds added adding update updates updated updating change
    changes changed changing make makes made making create creates created creating write
    writes wrote written writing remove removes removed removing delete deleted deleting
    implement implemented implementing check checked checking look looks looking help
    issue issues problem problems bug bugs error errors broken break breaks breaking again
    still work works worked working code codes file files thing things something stuff
    new old use uses used using run runs ran running try tries tried trying see show tell
    know think like way last time times earlier before previous previously yesterday today
    same wrong right good bad better properly correctly correct currently actually really
    maybe able sure okay ok yes done doing go going put set get got give take keep there
    here everything anything nothing one two first next back function functions method
    methods class classes project app application repo page feature features part stuff
    find found look why happen happens happened happening remember recall did way ways
    fine able can't cannot don't doesn't didn't isn't won't it's i'm let's that's what's
    getting gets keep keeps kept seem seems seemed looks looked anymore already instead
    too much many lot lots bit little big small quick slow quickly slowly recently finally
    usually always never sometimes randomly suddenly completely totally basically simply
    probably apparently exactly immediately somehow somewhere anyway""".split()
)
_GENERIC_KO = frozenset(
    """다시 또 좀 이거 그거 저거 거 것 뭐 왜 어떻게 지금 계속 아직 이번 전에 저번 지난번 예전
    문제 오류 에러 버그 수정 고침 고쳐 고쳐줘 고쳐주세요 해결 추가 변경 작업 코드 파일 확인
    관련 부분 기능 방법 해줘 해주세요 봐줘 알려줘 보여줘 만들어줘 해봐 했던 하던 제대로 같은
    안 못 잘 다 그냥 일단 먼저 그리고 이제 어제 오늘 나 내가 우리 너 이것 저것 그것 어디
    때문 위해 대해 관해 통해 경우 정도 다음 이후 이전 처럼 같이 너무 정말 진짜 항상 가끔
    자꾸 계속해서 방금 아까 요즘 새로 새로운 한번 어떤 무슨 뭐야 뭔가 이유 원인 생겼어 생겼다 났어
    빨리 천천히 자주 많이 조금 갑자기 완전히 제발""".split()
)
# Forms of the auxiliary verbs 있다/없다/되다/하다 (있었지, 없어, 되어, 했는데): generic.
_KO_AUX = re.compile(r"^(?:있|없|되|돼|됐|했|하|해|할|한)(?:었|았|어|는|고|지|다|요|서|까|면|니|게|던|을|나|네|죠)")
# Verb endings after a noun (수정해줘, 만료되면, 실패했던): stripped to the noun.
_KO_VERB_ENDINGS = sorted(
    """해줘 해주세요 해주라 해봐 해요 했어 했어요 했다 했던 했는데 했을 하는 하던 하면 하고 해서 하다
    한다 할 한 합니다 됐어 됐다 됐던 되는 되던 되면 되고 돼서 되어 된다 된 될 됩니다 시켜줘 시켜
    되 돼 됐 해 했 하""".split(),
    key=len,
    reverse=True,
)
# Endings that only verbs and adjectives take (풀리는, 나던, 바꿔줘, 있어요): such a
# word is treated as generic.
_KO_VERBAL_FINAL = ("는", "던", "줘", "요", "까", "죠", "네", "니다", "세요")
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_ASCII_WORD = re.compile(r"[a-z0-9]+\Z")


# ------------------------------------------------------------------ cleaning


def clean_line(text: object) -> str:
    """One line of visible text: invisible characters removed, whitespace collapsed."""
    if text is None:
        return ""
    if not isinstance(text, str):
        text = str(text)
    if not text.isprintable():
        text = "".join(
            ch if ch.isprintable() else (" " if ch.isspace() else "") for ch in text
        )
    return " ".join(text.split())


def escape(text: str, *, attribute: bool = False) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if attribute:
        text = text.replace('"', "&quot;").replace("'", "&apos;")
    return text


def fit(text: object, limit: int = MAX_LINE_CHARS, *, attribute: bool = False) -> str:
    """`text` cleaned and escaped, at most `limit` characters (an entity is never cut)."""
    clean = clean_line(text)
    escaped = escape(clean, attribute=attribute)
    if len(escaped) <= limit:
        return escaped
    out = []
    used = 0
    budget = max(0, limit - 1)  # room for the ellipsis
    for ch in clean:
        piece = escape(ch, attribute=attribute)
        if used + len(piece) > budget:
            break
        out.append(piece)
        used += len(piece)
    return "".join(out).rstrip() + "…"


def _item(prefix: str, text: object, suffix: str = "") -> str:
    """`prefix + text + suffix` within MAX_LINE_CHARS; only `text` is shortened."""
    room = MAX_LINE_CHARS - len(prefix) - len(suffix)
    return prefix + fit(text, max(10, room)) + suffix


def _open_tag(project_name: str) -> str:
    return f'<memory-context project="{fit(project_name or "unknown", 100, attribute=True)}">'


CLOSE_TAG = "</memory-context>"


def _assemble(project_name: str, sections: list[tuple[str, list[str]]], max_chars: int) -> str:
    """The block with as many lines as fit in `max_chars` (never over HARD_CAP_CHARS).

    Lines are admitted round-robin (each section's first line, then each one's
    second, ...), so a long first section cannot crowd out the others.
    """
    max_chars = max(200, min(int(max_chars), HARD_CAP_CHARS))
    head = _open_tag(project_name)
    used = len(head) + 1 + len(CLOSE_TAG)
    kept: list[list[str]] = [[] for _ in sections]
    full = [not lines for _, lines in sections]
    depth = 0
    while not all(full):
        for i, (title, lines) in enumerate(sections):
            if full[i]:
                continue
            if depth >= len(lines):
                full[i] = True
                continue
            line = lines[depth]
            cost = len(line) + 1 + (0 if kept[i] else len(title) + 1)
            if used + cost > max_chars:
                full[i] = True  # keep the section's lines in order: no later, shorter one
                continue
            kept[i].append(line)
            used += cost
        depth += 1
    if not any(kept):
        return ""
    parts = [head]
    for (title, _), lines in zip(sections, kept):
        if lines:
            parts.append(title)
            parts.extend(lines)
    parts.append(CLOSE_TAG)
    return "\n".join(parts)


def _clamp(value, lo: int, hi: int, default: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        return default
    return max(lo, min(hi, value))


def injection_enabled(config: dict | None, environ=None) -> bool:
    """False when MEMLANE_DISABLE is set (1/true/yes/on) or the config says `inject = false`."""
    env = os.environ if environ is None else environ
    flag = str(env.get("MEMLANE_DISABLE", "")).strip().lower()
    if flag and flag not in ("0", "false", "no", "off"):
        return False
    return not (isinstance(config, dict) and config.get("inject") is False)


def max_inject(config: dict | None) -> int:
    value = config.get("max_inject") if isinstance(config, dict) else None
    return _clamp(value, 0, MAX_INJECT_LIMIT, DEFAULT_MAX_INJECT)


def _date(value) -> str:
    return value[:10] if isinstance(value, str) and len(value) >= 10 else "?"


def _basename(path: str) -> str:
    return path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]


# ------------------------------------------------------------ SessionStart


def _session_text(conn, row: dict) -> str:
    summary = row.get("summary") or ""
    if not summary.strip():
        from store.summary import build_summary

        memories = dicts(
            conn.execute(
                "SELECT * FROM memory WHERE session_id = ? ORDER BY id LIMIT 300",
                (row["session_id"],),
            )
        )
        summary = build_summary(memories, row.get("started_at"), row.get("last_activity_at"))
    parts = []
    for line in summary.splitlines():
        line = line.strip()
        if not line or line.startswith("[") or line.startswith("Errors ("):
            continue
        parts.append((line[6:] if line.startswith("Task: ") else line).rstrip(" .;"))
    return "; ".join(parts)


def recent_sessions(conn, project: str, session_id: str | None, limit: int) -> list[str]:
    if limit <= 0:
        return []
    rows = dicts(
        conn.execute(
            "SELECT session_id, started_at, last_activity_at, summary, error_count FROM session "
            "WHERE project = ? AND session_id != ? AND memory_count > 0 "
            "ORDER BY started_at DESC LIMIT ?",
            (project, session_id or "", limit),
        )
    )
    lines = []
    for row in rows:
        text = _session_text(conn, row)
        if not text:
            continue
        errors = row.get("error_count") or 0
        suffix = f" ({errors} error{'s' if errors != 1 else ''})" if errors else ""
        lines.append(_item(f"- [{_date(row.get('started_at'))}] ", text, suffix))
    return lines


_CHANGE_TYPES_SKIPPED = ("prompt", "error", "file_read", "search")


def recent_changes(conn, project: str, limit: int) -> list[str]:
    """The `limit` most important of the project's 200 newest memories, newest first."""
    if limit <= 0:
        return []
    rows = conn.execute(
        "SELECT id, type, tool_name, file_path, content, importance, tags FROM memory "
        "WHERE project = ? AND type NOT IN (?, ?, ?, ?) ORDER BY id DESC LIMIT 200",
        (project, *_CHANGE_TYPES_SKIPPED),
    ).fetchall()
    chosen = sorted(rows, key=lambda r: (r[5] or 1, r[0]), reverse=True)[:limit]
    chosen.sort(key=lambda r: r[0], reverse=True)
    lines = []
    seen = set()
    for _id, mtype, tool, file_path, content, _imp, tags in chosen:
        if file_path:
            label = _basename(file_path)
        elif mtype == "command" and "commit" in (tags or "").split():
            label = "git commit"
        else:
            label = tool or mtype or "memory"
        line = _item(f"- [{fit(label, 60)}] ", content)
        if line not in seen:
            seen.add(line)
            lines.append(line)
    return lines


def open_errors(conn, project: str, limit: int) -> list[str]:
    if limit <= 0:
        return []
    from store.queries import error_groups

    lines = []
    for group in error_groups(conn, status="open", project=project, limit=limit):
        content_lines = [
            ln.strip() for ln in (group.get("last_content") or "").splitlines() if ln.strip()
        ]
        what = content_lines[0] if content_lines else (group.get("tool_name") or "")
        if what.startswith("$ "):
            what = what[2:]
        sample = group.get("sample") or (content_lines[-1] if len(content_lines) > 1 else "")
        if sample.removeprefix("$ ") == what:
            sample = ""
        count = group.get("count") or 1
        seen = "seen once" if count == 1 else f"seen {count} times"
        suffix = f" ({seen}, last {_date(group.get('last_seen'))})"
        prefix = f"- [x{group['id']}] "
        room = MAX_LINE_CHARS - len(prefix) - len(suffix)
        what_part = fit(what, max(10, room // 2)) if what else ""
        rest = room - len(what_part) - (4 if what_part else 0)
        if what_part and not sample:
            body = what_part
        else:
            body = (what_part + " -> " if what_part else "") + fit(sample, max(10, rest))
        lines.append(prefix + body + suffix)
    return lines


def session_project(conn, session_id: str | None, cwd: str | None) -> tuple[str, str]:
    """(project, name) of a session: the one fixed when it started (the model may
    `cd` elsewhere later), else Claude Code's project folder, else `cwd`'s."""
    if session_id:
        row = conn.execute(
            "SELECT project, project_name FROM session WHERE session_id = ?", (session_id,)
        ).fetchone()
        if row and row[0]:
            return row[0], row[1] or _basename(row[0])
    from store.project import resolve_project

    return resolve_project(os.environ.get("CLAUDE_PROJECT_DIR") or cwd)


def session_start_block(conn, cwd: str | None, session_id: str | None, config: dict | None) -> str:
    """The SessionStart context for the session's project ('' when there is nothing)."""
    config = config if isinstance(config, dict) else {}
    project, project_name = session_project(conn, session_id, cwd)
    if not project:
        return ""
    sessions = _clamp(config.get("context_sessions"), 0, 100, 3)
    memories = _clamp(config.get("context_memories"), 0, 100, 10)
    errors = _clamp(config.get("context_errors"), 0, 100, 5)
    max_chars = _clamp(config.get("context_max_chars"), 200, HARD_CAP_CHARS, DEFAULT_MAX_CHARS)
    sections = [
        ("## Recent Sessions", recent_sessions(conn, project, session_id, sessions)),
        ("## Recent Changes", recent_changes(conn, project, memories)),
        ("## Open Errors", open_errors(conn, project, errors)),
    ]
    return _assemble(project_name, sections, max_chars)


# ------------------------------------------------------------ per prompt


def _strip_korean_ending(word: str) -> str:
    for ending in _KO_VERB_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 2:
            return word[: -len(ending)]
    return word


def relevance_terms(prompt: str) -> list[tuple[str, bool]]:
    """The prompt's search terms, each with `generic` (True for words that say what to do)."""
    from store.search import query_terms

    out: list[tuple[str, bool]] = []
    seen = set()
    for term in query_terms(prompt):
        generic = False
        if _HANGUL.search(term):
            stem = _strip_korean_ending(term)
            if stem != term:
                term = stem
            elif len(term) >= 2 and term.endswith(_KO_VERBAL_FINAL):
                generic = True
            if len(term) <= 4 and _KO_AUX.match(term):
                generic = True
            generic = generic or term in _GENERIC_KO
        else:
            generic = term in _GENERIC_EN or (term.isascii() and len(term) < 3 and term.isalpha())
        if term in seen:
            continue
        seen.add(term)
        out.append((term, generic))
    return out


def _is_word_term(term: str) -> bool:
    return term.isascii() and _ASCII_WORD.match(term) is not None


def _idf(df: int | None, total: int) -> float:
    """Rarity weight.  A word memory has never seen counts like one seen in 0.1% of
    memories: new words (a typo, another inflection) must not drown the others."""
    if df is None:
        df = max(1, total // 50)  # unknown: assume a moderately common word
    df = max(df, 1, total // 1000)
    return math.log(1.0 + (total + 1.0) / (df + 1.0))


_SUFFIXES = ("ations", "ation", "ings", "ing", "ers", "er", "ied", "ies", "ed", "es", "s", "ly")


def _stem(word: str) -> str:
    """A crude English stem (expires, expired, expiry -> expir), for prefix matching."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _term_pattern(term: str):
    """How a term is found in a memory's text: ASCII words by stem at a word start
    (as the word index's stemming would), anything else as a substring."""
    if _is_word_term(term):
        return re.compile(r"(?<![a-z0-9])" + re.escape(_stem(term)))
    return None


def _matched_terms(hits: list[dict], terms: list[str]) -> dict[int, set]:
    """For each hit id, which of `terms` its text contains."""
    patterns = {t: _term_pattern(t) for t in terms}
    found: dict[int, set] = {}
    for hit in hits:
        text = " ".join(str(hit.get(k) or "") for k in ("content", "tags", "file_path")).casefold()
        got = set()
        for term, pattern in patterns.items():
            if (pattern.search(text) if pattern is not None else term in text):
                got.add(term)
        found[hit["id"]] = got
    return found


def _turn_key(hit: dict) -> tuple:
    prompt_id = hit.get("prompt_id")
    return (hit.get("session_id"), prompt_id) if prompt_id else ("memory", hit["id"])


def relevant_memories(
    conn, prompt: str, *, project: str | None, session_id: str | None, limit: int
) -> list[dict]:
    """Memories that clearly match `prompt`, best first (at most `limit`).

    The rule:
      1. Terms come from `store.search.query_terms` (stop words gone, Korean
         particles stripped); Korean verb endings are stripped too (수정해줘 ->
         수정).  Generic words — what to do, not what about ("fix", "error",
         "function", "다시", "고쳐줘", words with a verbal ending) — are marked.
         No specific term: nothing is injected.
      2. Each term weighs its rarity in memory: log(1 + N / (df + 1)), where N
         is the number of memories and df how many contain the term (counted
         up to DF_CAP); generic terms weigh GENERIC_WEIGHT of that.
      3. Candidates: `store.search.search` over the specific terms, in the
         session's project, excluding the current session.
      4. A candidate is kept only if its turn (the memories of one prompt: the
         prompt, its edits, its commands) contains at least COVERAGE_MIN of the
         prompt's total weight AND at least STRONG_MIN specific terms (all of
         them when the prompt has fewer), and it holds a specific term itself.  A prompt with a single specific
         term also needs that term to be rare (in at most 5% of memories or
         at most 3 of them), or it would match half the project.
      5. No candidate in the project: other projects are searched, but only
         memories with >= CROSS_PROJECT_COVERAGE of the weight and at least
         three specific terms count (at most CROSS_PROJECT_MAX_ITEMS).
    """
    from store.search import search, term_frequency

    if limit <= 0 or not isinstance(prompt, str) or len(prompt.strip()) < MIN_PROMPT_CHARS:
        return []
    terms = relevance_terms(prompt)
    strong = [t for t, generic in terms if not generic]
    if not strong:
        return []
    total = conn.execute("SELECT coalesce(max(id), 0) FROM memory").fetchone()[0]
    if not total:
        return []
    dfs = {t: term_frequency(conn, t, exclude_session=session_id, cap=DF_CAP) for t, _ in terms}
    rarity = {t: _idf(dfs[t], total) for t, _ in terms}
    # A word memory has never seen says the prompt is about something new, so it
    # dilutes a match; but "gives" or a typo is no rarer than what memory does hold:
    # it weighs half the mean of the prompt's specific words that memory knows.
    known = [rarity[t] for t, generic in terms if not generic and dfs[t] != 0]
    if known:
        unseen = 0.5 * sum(known) / len(known)
        rarity.update({t: unseen for t, _ in terms if dfs[t] == 0})
    weights = {t: rarity[t] * (GENERIC_WEIGHT if generic else 1.0) for t, generic in terms}
    weight_sum = sum(weights.values()) or 1.0
    if len(strong) == 1:
        df = dfs[strong[0]]
        if df is None or df > max(SINGLE_TERM_MIN_DF, total * SINGLE_TERM_MAX_SHARE):
            return []
    need_strong = min(STRONG_MIN, len(strong))
    # A term no memory contains cannot match: if the rest cannot reach the bar, stop here
    # (most unrelated prompts end here, before any search).
    present = [t for t in strong if dfs[t] != 0]
    reachable = sum(w for t, w in weights.items() if dfs[t] != 0) / weight_sum
    if len(present) < need_strong or reachable < COVERAGE_MIN:
        return []
    # The most specific terms that memory holds make the query (search uses at most 12).
    query = " ".join(sorted(present, key=lambda t: weights[t], reverse=True)[:QUERY_TERMS])
    fetch = max(20, limit * 4)

    def accepted(hits, coverage_min, strong_min):
        # A past task is one turn (a prompt and what was done for it): its memories
        # are judged together, so a prompt naming the file and a command naming the
        # symptom make one match.  Only members holding a specific term are injected.
        matched = _matched_terms(hits, [t for t, _ in terms])
        turns: dict[tuple, set] = {}
        for hit in hits:
            turns.setdefault(_turn_key(hit), set()).update(matched.get(hit["id"], set()))
        keep = []
        for hit in hits:
            own = matched.get(hit["id"], set())
            got = turns[_turn_key(hit)]
            n_strong = sum(1 for t in strong if t in got)
            coverage = sum(weights[t] for t in got) / weight_sum
            if n_strong >= strong_min and coverage >= coverage_min and any(t in own for t in strong):
                hit["coverage"] = round(coverage, 3)
                hit["own_coverage"] = round(sum(weights[t] for t in own) / weight_sum, 3)
                keep.append(hit)
        return keep

    hits = search(
        conn, query, project=project or None, exclude_session=session_id or None,
        limit=fetch, marks=("", ""),
    )  # fmt: skip
    kept = accepted(hits, COVERAGE_MIN, need_strong)
    cap = limit
    if not kept and project:
        if len(present) >= CROSS_PROJECT_STRONG_MIN and reachable >= CROSS_PROJECT_COVERAGE:
            hits = search(conn, query, exclude_session=session_id or None, limit=fetch, marks=("", ""))
            hits = [h for h in hits if h.get("project") != project]
            kept = accepted(hits, CROSS_PROJECT_COVERAGE, CROSS_PROJECT_STRONG_MIN)
            cap = min(limit, CROSS_PROJECT_MAX_ITEMS)
    kept.sort(key=lambda h: (h["coverage"], h["own_coverage"], h.get("score") or 0.0, h["id"]),
              reverse=True)  # fmt: skip
    out = []
    seen = set()
    for hit in kept:
        key = clean_line(hit.get("snippet") or hit.get("content")).casefold()
        if key in seen:
            continue
        seen.add(key)
        out.append(hit)
        if len(out) >= cap:
            break
    return out


def prompt_block(
    conn, prompt: str, cwd: str | None, session_id: str | None, config: dict | None
) -> str:
    """The per-prompt context ('' when nothing clearly matches)."""
    config = config if isinstance(config, dict) else {}
    limit = max_inject(config)
    if limit <= 0:
        return ""
    project, project_name = session_project(conn, session_id, cwd)
    hits = relevant_memories(conn, prompt, project=project, session_id=session_id, limit=limit)
    lines = []
    for hit in hits:
        prefix = f"- [{_date(hit.get('created_at'))}] [{fit(hit.get('type') or 'memory', 20)}] "
        if project and hit.get("project") != project:
            prefix += f"[from {fit(hit.get('project_name') or '?', 40)}] "
        lines.append(_item(prefix, hit.get("snippet") or hit.get("content")))
    max_chars = _clamp(config.get("context_max_chars"), 200, HARD_CAP_CHARS, DEFAULT_MAX_CHARS)
    max_chars = max(max_chars, 300 + limit * (MAX_LINE_CHARS + 1))  # room for every item
    return _assemble(project_name, [("## Relevant Memories", lines)], max_chars)
