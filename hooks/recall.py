"""Per-prompt recall: the past task a prompt is about, and the block that names it.

Relevance rule: see the comment above MARGIN.  In short: past tasks (a prompt
and what was done for it) are scored as whole documents by the prompt's words,
weighted by their rarity in this store, and a task is injected only when it
clearly beats every other session's task; never on generic words ("fix",
"error", "다시", "고쳐줘") alone.  Each injected item is one line with its
memory id (`recall_line`); the block is put together by `hooks/context.py`.
"""

from __future__ import annotations

import math
import re

from hooks.context import (
    DEFAULT_MAX_CHARS,
    HARD_CAP_CHARS,
    MAX_LINE_CHARS,
    assemble_block,
    basename,
    clamp,
    clean_line,
    fit,
    item_line,
    max_inject,
    more_line,
    session_project,
    short_date,
)

MIN_PROMPT_CHARS = 10

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
_KO_VERBAL_FINAL = ("는", "던", "줘", "요", "까", "죠", "네", "니다", "세요", "였지", "었지", "았지", "했지",
                    "더라", "었나", "였나")
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_ASCII_WORD = re.compile(r"[a-z0-9]+\Z")


# Recall judges past *tasks*, not single memories: a task is one turn (a prompt
# and the edits, commands, errors and commit done for it; memories without a
# prompt id form one task per session), scored as one document.  A prompt's
# words become concepts (a word with its stems, a file name with its base name,
# a Korean noun without its particle), each weighted by its rarity in this store.
# A task scores the weight of the concepts it holds (those found only elsewhere
# in its session count SESSION_SHARE).  The best task is injected only when it
# clearly beats every task of other sessions (MARGIN) and holds a fair share of
# what the prompt is about (MIN_SHARE): a prompt whose words are everywhere
# ties many tasks and gets nothing.

MARGIN = 2.15  # the chosen task must score this many times the best other session's task
MIN_SHARE = 0.3  # ... and hold this share of the prompt's weight
SESSION_SHARE = 0.5  # a concept found elsewhere in the task's session counts this much
GENERIC_WEIGHT = 0.3  # generic words ("fix", "error", "다시") count this much of their rarity
UNSEEN_WEIGHT = 1.0  # a word the store has never seen weighs this share of the mean known one
UNSEEN_KOREAN_WEIGHT = 0.5  # ... a Korean one less: it is often just another inflection
CROSS_PROJECT_SHARE = 0.85  # another project's task needs a near-complete match ...
CROSS_PROJECT_MIN_CONCEPTS = 3  # ... of at least three specific concepts
MAX_CONCEPTS = 10
CODE_BOOST = 2.0  # a term typed like code (ECONNREFUSED, rounding.py, 429, user_id) names one thing
TYPICAL_TASK = 8  # memories in a typical task; bigger ones hold more words by chance ...
LENGTH_PENALTY = 0.25  # ... and lose this much of their score per doubling beyond it
SIZED_TASKS = 40  # the leading tasks whose size is looked up
GROUPED_POSTINGS = 300  # newest matches of a concept that are placed in their tasks
PAIR_SHARE = 0.5  # two prompt words found side by side ("refresh token") add this share of the pair's rarity
MAX_PAIRS = 4
MAX_IDENTIFIER_PARTS = 6  # longer runs of parts are sentences glued together, not identifiers
IDENTIFIER_NEAR = 2  # tokens allowed between an identifier's parts
LOANWORD_SPELLINGS = 48  # English spellings of a Hangul word tried against the store, best first
LOANWORD_FORMS = 2  # ... of which this many found ones join the word
MAX_LOANWORDS = 4  # Hangul words of a prompt spelled out

# More Korean endings of verbs and adjectives after a noun (계산돼요 -> 계산, 실패해요 -> 실패).
_KO_MORE_ENDINGS = sorted(
    """돼요 되요 됐어요 됐나요 되나요 돼서 됐는데 해요 해서 했는데 했었지 했더라 했나요 하나요 나요 났어요
    났어 나는 난 했지 해야 하려면 되는데 되지 돼야 였지 이었지 였더라 이었더라""".split(),
    key=len,
    reverse=True,
)
_FILE_LIKE = re.compile(r"^[a-z0-9_\-]+\.[a-z0-9]{1,5}$")


def _strip_korean_ending(word: str) -> str:
    for ending in _KO_VERB_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 2:
            return word[: -len(ending)]
    return word


def _strip_korean_more(word: str) -> str:
    for ending in _KO_MORE_ENDINGS:
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
            stem = _strip_korean_more(_strip_korean_ending(term))
            if stem != term:
                term = stem
            elif len(term) >= 2 and term.endswith(_KO_VERBAL_FINAL):
                generic = True
            if len(term) <= 4 and _KO_AUX.match(term):
                generic = True
            generic = generic or term in _GENERIC_KO
        else:
            # Two letters, or a number of one or two digits (a version, a count), say little.
            generic = term in _GENERIC_EN or (
                term.isascii() and len(term) < 3 and (term.isalpha() or term.isdigit())
            )
        if term in seen:
            continue
        seen.add(term)
        out.append((term, generic))
    return out


_SUFFIXES = ("ations", "ation", "ings", "ing", "ers", "er", "ied", "ies", "ed", "es", "s", "ly", "y")


def _stem(word: str) -> str:
    """A crude English stem (expires, expired, expiry -> expir), for prefix matching."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


_CODE_SHAPE = re.compile(r"[0-9_./:]|[a-z][A-Z]|^[A-Z]{4,}$")


def _code_like_words(prompt: str) -> set[str]:
    """The prompt's words typed like code or an error name (as query_terms spells them)."""
    from store.search import query_terms

    out = set()
    for piece in prompt.split():
        word = piece.strip("\"'`()[]{}<>,;!?*^:.|")
        if word and word.isascii() and _CODE_SHAPE.search(word) and any(ch.isalnum() for ch in word):
            out.update(query_terms(word))
    return out


_CAMEL_PARTS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
_CAMEL_JOIN = re.compile(r"[a-z][A-Z]")


def _identifier_parts(prompt: str) -> dict[str, list[str]]:
    """{term: its parts} for the prompt's identifiers joined by case or punctuation
    (`formatDate` -> format, date; `MM/DD/YYYY` -> mm, dd, yyyy), as query_terms
    spells the term."""
    from store.search import MAX_QUERY_CHARS, query_terms

    out = {}
    for piece in dict.fromkeys(prompt[:MAX_QUERY_CHARS].split()):
        word = piece.strip("\"'`()[]{}<>,;!?*^:.|")
        if not word.isascii():
            continue
        parts = [p.lower() for p in _CAMEL_PARTS.findall(word)]
        if len(parts) >= 2 and sum(len(p) >= 2 for p in parts) >= 2 and len(parts) <= MAX_IDENTIFIER_PARTS:
            for term in query_terms(word):
                out[term] = parts
    return out


def _parts_match(parts: list[str]) -> str:
    """The parts of an identifier near each other in any order (`YYYY.MM.DD` holds
    the parts of `MM/DD/YYYY`, `format the date` those of `formatDate`)."""
    from store.search import fts_quote

    return f"NEAR({' '.join(fts_quote(p) for p in parts)}, {IDENTIFIER_NEAR})"


def recall_concepts(prompt: str) -> list[dict]:
    """What the prompt is about, as concepts: {"term", "generic", "match"}.

    `match` is a word-index expression (store.recall_sql.word_match): an English word
    matches its porter stem and any word starting with its crude stem (expiry,
    expires, expired); a file or identifier (`rounding.py`, `utf-8-sig`) matches
    as a phrase, and a file also by its base name; a Korean noun matches any word
    it starts (환불 -> 환불이, 환불일); anything else matches as written.
    """
    from store.recall_sql import word_match

    concepts = []
    seen_stems = set()
    code_like = _code_like_words(prompt)
    identifiers = _identifier_parts(prompt)
    for term, generic in relevance_terms(prompt):
        if _ASCII_WORD.match(term):
            stem = _stem(term)
            if stem in seen_stems:
                continue
            seen_stems.add(stem)
            # The crude stem as a prefix catches what porter splits (expiry / expired),
            # only when a suffix came off and enough is left ("list" must not find "listen").
            prefixes = [stem] if stem != term and len(stem) >= 5 else []
            match = word_match([term], prefixes)
        elif _HANGUL.search(term):
            match = word_match([], [term])
        elif term.isascii():
            forms = [term]
            if _FILE_LIKE.match(term):
                base = term.rsplit(".", 1)[0]
                if len(base) >= 4:
                    forms.append(base.replace("_", " ").replace("-", " "))
            match = word_match(forms, [])
        else:
            match = word_match([term], [])
        if match and term in identifiers:
            match += " OR " + _parts_match(identifiers[term])
        if match:
            concepts.append({"term": term, "generic": generic, "match": match, "code": term in code_like})
        if len(concepts) >= MAX_CONCEPTS:
            break
    return concepts + _pair_concepts(concepts)


def _pair_concepts(concepts: list[dict]) -> list[dict]:
    """Neighbouring specific words of the prompt as phrases ("refresh token",
    "부분 환불"): a task that holds them side by side is about the same thing."""
    from store.search import fts_quote

    pairs = []
    for left, right in zip(concepts, concepts[1:]):
        if left["generic"] or right["generic"] or left.get("pair") or right.get("pair"):
            continue
        a, b = left["term"], right["term"]
        if not (_ASCII_WORD.match(a) or _HANGUL.search(a)) or not (_ASCII_WORD.match(b) or _HANGUL.search(b)):
            continue
        prefix = "*" if _HANGUL.search(b) else ""
        pairs.append({"term": f"{a} {b}", "generic": False, "code": False, "pair": True,
                      "match": fts_quote(f"{a} {b}") + prefix})  # fmt: skip
        if len(pairs) >= MAX_PAIRS:
            break
    return pairs


def _rarity(df: int, total: int) -> float:
    return math.log(1.0 + (total + 1.0) / (df + 1.0))


def _document_frequency(ids: list[int], total: int) -> float:
    """How many memories hold a concept.  Past the postings cap only the newest
    matches are read: their density over the ids they span estimates the rest
    (a word in every fifth memory must not weigh like one in every fiftieth)."""
    from store.recall_sql import POSTINGS_CAP

    if len(ids) < POSTINGS_CAP:
        return len(ids)
    span = max(1, total - min(ids) + 1)
    return len(ids) * max(1.0, total / span)


def _add_loanwords(conn, concepts: list[dict]) -> None:
    """A Hangul word that spells an English word this store holds (웹훅 -> webhook)
    also matches that word: Korean prompts name English-worded work this way."""
    from hooks.loanwords import spellings
    from store.recall_sql import known_words
    from store.search import fts_quote

    spelled = 0
    for concept in concepts:
        term = concept["term"]
        if concept["generic"] or concept.get("pair") or not _HANGUL.search(term) or spelled >= MAX_LOANWORDS:
            continue
        spelled += 1
        forms = known_words(conn, spellings(term, LOANWORD_SPELLINGS), want=LOANWORD_FORMS)
        if forms:
            concept["match"] += "".join(" OR " + fts_quote(f) for f in forms)
            concept["english"] = forms


def _task_key(session_id, prompt_id) -> tuple:
    return (session_id, prompt_id or None)


def score_tasks(conn, prompt: str, *, session_id: str | None) -> dict:
    """Every past task holding a concept of `prompt`, scored.

    Returns {"concepts": [...], "weights": [...], "total": the prompt's weight,
    "tasks": {task key: {"score", "concepts": set, "project", "ids": {memory id:
    set of concepts}}}}.  The current session's memories are left out.
    """
    from store.recall_sql import matching_ids, memory_count, memory_keys, task_facts

    concepts = recall_concepts(prompt)
    result = {"concepts": concepts, "weights": [], "total": 0.0, "tasks": {}}
    if not any(not c["generic"] for c in concepts):
        return result
    total = memory_count(conn)
    if not total:
        return result
    _add_loanwords(conn, concepts)
    current = session_id or ""
    found = []  # per concept: its newest postings outside the current session
    frequencies = []
    for concept in concepts:
        ids = matching_ids(conn, concept["match"])
        frequencies.append(_document_frequency(ids, total))
        # A common concept weighs little: its newest matches are enough to place it.
        found.append([r for r in memory_keys(conn, ids[:GROUPED_POSTINGS]) if r[1] != current])
    weights = [_rarity(df, total) if rows else 0.0 for df, rows in zip(frequencies, found)]
    known = [w for w, c in zip(weights, concepts) if w and not c["generic"] and not c.get("pair")]
    if not known:
        return result
    mean_known = sum(known) / len(known)

    def unseen(concept) -> float:
        share = UNSEEN_KOREAN_WEIGHT if _HANGUL.search(concept["term"]) else UNSEEN_WEIGHT
        return share * mean_known

    weights = [
        (w or unseen(c)) * (GENERIC_WEIGHT if c["generic"] else CODE_BOOST if c["code"] and w else 1.0)
        for w, c in zip(weights, concepts)
    ]
    # A pair adds to its words' weight where it is found, and nothing to the
    # prompt's weight: a prompt is not "about more" for having neighbours.
    weights = [w * PAIR_SHARE if c.get("pair") else w for w, c in zip(weights, concepts)]
    pair_weights = [0.0 if c.get("pair") else w for w, c in zip(weights, concepts)]
    tasks: dict[tuple, dict] = {}
    sessions: dict[str, set] = {}
    for index, rows in enumerate(found):
        for memory_id, sid, prompt_id, project in rows:
            task = tasks.get(_task_key(sid, prompt_id))
            if task is None:
                task = tasks[_task_key(sid, prompt_id)] = {"concepts": set(), "project": project, "ids": {}}
            task["concepts"].add(index)
            task["ids"].setdefault(memory_id, set()).add(index)
            sessions.setdefault(sid, set()).add(index)
    _score_all(tasks, sessions, concepts, weights)
    leading = sorted(tasks, key=lambda k: tasks[k]["score"], reverse=True)[:SIZED_TASKS]
    sizes, paths = task_facts(conn, leading)
    if _credit_file_names(paths, tasks, sessions, concepts):
        _score_all(tasks, sessions, concepts, weights)
    _penalize_length(tasks, leading, sizes)
    result.update(weights=weights, total=sum(pair_weights) or 1.0, tasks=tasks)
    return result


def _score_all(tasks: dict, sessions: dict, concepts: list[dict], weights: list[float]) -> None:
    for (sid, _pid), task in tasks.items():
        own = task["concepts"]
        elsewhere = sessions[sid] - own
        task["strong"] = sum(1 for i in own if not concepts[i]["generic"] and not concepts[i].get("pair"))
        task["score"] = sum(weights[i] for i in own) + SESSION_SHARE * sum(weights[i] for i in elsewhere)


def _word_root(word: str) -> str:
    """`dates`, `date`, `dated` -> `dat`: enough to tell a word inside a name."""
    for suffix in ("ing", "ies", "es", "ed", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


def _camel_words(path: str) -> set[str]:
    """The word roots inside a camelCase file name (`src/formatDate.ts` -> format, dat);
    empty for other names, which the word index already splits."""
    name = basename(path).split(".", 1)[0]
    if not _CAMEL_JOIN.search(name):
        return set()
    return {_word_root(p.lower()) for p in _CAMEL_PARTS.findall(name) if len(p) >= 3}


def _credit_file_names(paths: list[tuple], tasks: dict, sessions: dict, concepts: list[dict]) -> bool:
    """A task whose file names hold a prompt word inside an identifier (`dates`
    in `formatDate.ts`) holds that word: the word index keeps `formatdate` whole.
    `paths`: (memory id, session id, prompt id, file path) of the leading tasks.
    True when some task gained a concept."""
    roots = {}
    for index, concept in enumerate(concepts):
        term = concept["term"]
        if not concept["generic"] and not concept.get("pair") and _ASCII_WORD.match(term) and len(term) >= 4:
            roots.setdefault(_word_root(term), []).append(index)
    if not roots:
        return False
    gained = False
    words_of: dict[str, set] = {}  # a task's files repeat: split each name once
    for memory_id, sid, prompt_id, path in paths:
        task = tasks.get(_task_key(sid, prompt_id))
        words = words_of.get(path)
        if words is None:
            words = words_of[path] = _camel_words(path) & roots.keys()
        if task is None or not words:
            continue
        for root in words:
            for index in roots[root]:
                gained |= index not in task["concepts"]
                task["concepts"].add(index)
                task["ids"].setdefault(memory_id, set()).add(index)
                sessions[sid].add(index)
    return gained


def _penalize_length(tasks: dict, leading: list[tuple], sizes: dict) -> None:
    """Big tasks (a long session without prompt ids, a turn of 200 commands) hold
    many words by chance: the leading ones lose LENGTH_PENALTY per doubling of
    their size beyond TYPICAL_TASK."""
    for key in leading:
        size = sizes.get(key, 1)
        task = tasks[key]
        task["size"] = size
        if size > TYPICAL_TASK:
            task["score"] /= 1.0 + LENGTH_PENALTY * math.log2(size / TYPICAL_TASK)


def choose_tasks(scored: dict, *, project: str | None, cross_project: bool = False) -> list[tuple]:
    """[the key of the task to inject] when the leading task clearly beats every
    other session's task, else [].  (Two sessions that tie are both left out:
    measured on the development set, injecting both found one more task and
    brought one more unrelated prompt a block.)"""
    tasks = scored["tasks"]
    if cross_project:  # every task competes; only another project's may lead
        pool = list(tasks.items())
        min_share, min_strong = CROSS_PROJECT_SHARE, CROSS_PROJECT_MIN_CONCEPTS
    else:
        pool = [(k, t) for k, t in tasks.items() if not project or t["project"] == project]
        min_share, min_strong = MIN_SHARE, 1
    if not pool:
        return []
    pool.sort(key=lambda kt: (kt[1]["score"], len(kt[1]["ids"]), kt[0][0] or ""), reverse=True)
    best_key, best = pool[0]
    rival = next((t["score"] for k, t in pool[1:] if k[0] != best_key[0]), 0.0)
    if (
        best["strong"] >= min_strong  # generic words alone never make a match
        and not (cross_project and best["project"] == project)
        and best["score"] >= min_share * scored["total"]
        and best["score"] >= MARGIN * rival
    ):
        return [best_key]
    return []


def _memory_rank(memory: dict, matched: set, weights: list[float]) -> tuple:
    return (
        memory.get("type") == "prompt",
        sum(weights[i] for i in matched),
        memory.get("importance") or 1,
        memory["id"],
    )


def relevant_memories(
    conn, prompt: str, *, project: str | None, session_id: str | None, limit: int
) -> list[dict]:
    """The memories of the past task(s) that clearly match `prompt`, at most `limit`.

    The task's prompt comes first, then its memories holding the prompt's concepts
    (the rarest first).  [] when no task clearly wins (see choose_tasks).
    """
    from store.recall_sql import memories_by_id, turn_prompts

    if limit <= 0 or not isinstance(prompt, str) or len(prompt.strip()) < MIN_PROMPT_CHARS:
        return []
    scored = score_tasks(conn, prompt, session_id=session_id)
    if not scored["tasks"]:
        return []
    chosen = choose_tasks(scored, project=project)
    if not chosen and project:
        chosen = choose_tasks(scored, project=project, cross_project=True)
    weights = scored["weights"]
    per_task = []
    for key in chosen:
        ids = scored["tasks"][key]["ids"]
        # A turn's prompt says what the task was; a session without prompt ids
        # (imported, generated) offers only the memories that match.
        picked = memories_by_id(conn, list(ids))
        if key[1]:
            picked += [m for m in turn_prompts(conn, key[0], key[1]) if m["id"] not in ids]
        picked.sort(key=lambda m: _memory_rank(m, ids.get(m["id"], set()), weights), reverse=True)
        per_task.append(picked)
    out: list[dict] = []
    seen = set()
    depth = 0
    while len(out) < limit and any(depth < len(p) for p in per_task):
        for picked in per_task:
            if depth < len(picked) and len(out) < limit:
                memory = picked[depth]
                text = clean_line(memory.get("content")).casefold()
                if text not in seen:
                    seen.add(text)
                    out.append(memory)
        depth += 1
    return out


_TYPE_LABELS = {"file_edit": "edit", "file_write": "write", "notebook_edit": "edit"}
_LEADING_VERB = re.compile(r"^(?:Edit|Write|Created|Updated|Read)\s+\S+(?:\s+\([^)]*\))?[:\s]*")


def _relative(path: str, cwd: str | None) -> str:
    if cwd and path.startswith(cwd.rstrip("/") + "/"):
        return path[len(cwd.rstrip("/")) + 1 :]
    return path


def recall_line(memory: dict) -> str:
    """`- [#1234] 2026-11-20 shop-api edit auth/tokens.py: what changed`, one line."""
    mtype = memory.get("type") or "memory"
    label = _TYPE_LABELS.get(mtype, mtype)
    if mtype == "command" and "commit" in (memory.get("tags") or "").split():
        label = "commit"
    content = clean_line(memory.get("content"))
    path = memory.get("file_path")
    if path:
        label += " " + fit(_relative(path, memory.get("cwd")), 60)
        content = _LEADING_VERB.sub("", content, count=1) or content
    if content.startswith("$ "):
        content = content[2:]
    project = fit(memory.get("project_name") or basename(memory.get("project") or "") or "?", 40)
    prefix = f"- [#{memory['id']}] {short_date(memory.get('created_at'))} {project} {label}: "
    return item_line(prefix, content)




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
    if not hits:
        return ""
    lines = [recall_line(hit) for hit in hits]
    max_chars = clamp(config.get("context_max_chars"), 200, HARD_CAP_CHARS, DEFAULT_MAX_CHARS)
    max_chars = max(max_chars, 600 + limit * (MAX_LINE_CHARS + 1))  # room for every item
    return assemble_block(
        project_name, [("## Relevant Memories", lines), ("## More", [more_line(hits[0]["id"])])], max_chars
    )
