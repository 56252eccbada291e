"""Per-prompt recall: the past task a prompt is about, and the block that names it.

Relevance rule: see the comment above MARGIN.  In short: past tasks (a prompt
and what was done for it) are scored as whole documents by the prompt's words,
weighted by their rarity in this store, and a task is injected only when it
clearly beats every other session's task; never on generic words ("fix",
"error", "다시", "고쳐줘") alone.  Each injected item is one line with its
memory id (`hooks.recall.blocks.recall_line`); the block is put together there too.
"""

from __future__ import annotations

import math
from functools import cache

from hooks.recall.blocks import (
    MAX_LINE_CHARS,
    assemble_block,
    clean_line,
    max_inject,
    more_line,
    recall_line,
    session_project,
)
from hooks.recall.terms import (
    ASCII_WORD,
    CAMEL_JOIN,
    CAMEL_PARTS,
    add_loanwords,
    recall_concepts,
)
from store.config import setting
from store.language import has_hangul
from store.text import basename

MIN_PROMPT_CHARS = 10

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
SUBSET_MARGIN = 1.3  # ... or this many times one that holds only part of what the chosen one holds,
SUBSET_SHARE = 0.6  # ... when the chosen one holds this share of the prompt's weight
MIN_SHARE = 0.3  # ... and hold this share of the prompt's weight
SESSION_SHARE = 0.5  # a concept found elsewhere in the task's session counts this much
ASKED_SHARE = 0.7  # a concept found only in the task's prompt, not in its work, counts this much
GENERIC_WEIGHT = 0.3  # generic words ("fix", "error", "다시") count this much of their rarity
UNSEEN_WEIGHT = 1.0  # a word the store has never seen weighs this share of the mean known one
UNSEEN_KOREAN_WEIGHT = 0.5  # ... a Korean one less: it is often just another inflection
CROSS_PROJECT_SHARE = 0.85  # another project's task needs a near-complete match ...
CROSS_PROJECT_MIN_CONCEPTS = 3  # ... of at least three specific concepts
CODE_BOOST = 2.0  # a term typed like code (ECONNREFUSED, rounding.py, 429, user_id) names one thing
TYPICAL_TASK = 8  # memories in a typical task; bigger ones hold more words by chance ...
LENGTH_PENALTY = 0.25  # ... and lose this much of their score per doubling beyond it
SIZED_TASKS = 40  # the leading tasks whose size is looked up
GROUPED_POSTINGS = 300  # newest matches of a concept that are placed in their tasks
SAME_SHARE = 0.7  # a word's other form (cart: 장바구니, store.language.glossary) counts this much of the word
PAIR_SHARE = 0.5  # two prompt words found side by side ("refresh token") add this share of the pair's rarity
RARE_ALONE = 100  # a Korean word in fewer memories than this alone has its prefix read first (cost only)


def _rarity(df: int, total: int) -> float:
    return math.log(1.0 + (total + 1.0) / (df + 1.0))


def _document_frequency(ids: list[int], total: int, since: int | None = None) -> float:
    """How many memories hold a concept.  Past the postings cap only the newest
    matches are read: their density over the ids they span estimates the rest
    (a word in every fifth memory must not weigh like one in every fiftieth).
    `since`: the matches were read from this id on only (see _pair_window)."""
    from store.search import POSTINGS_CAP

    if since is not None and len(ids) < POSTINGS_CAP:
        return len(ids) * max(1.0, total / max(1, total - since + 1))
    if len(ids) < POSTINGS_CAP:
        return len(ids)
    span = max(1, total - min(ids) + 1)
    return len(ids) * max(1.0, total / span)


def _pair_window(concept: dict, matched: list[list[int]]) -> tuple[int | None, bool]:
    """(the first id a pair's matches are read from, whether that leaves some out).

    A pair ("user session") is found only where both its words are: from the oldest
    match of a word whose matches were all read (under the postings cap), nothing is
    left out.  When both words are common (each read only its newest matches), the
    pair is read where both were read, and its frequency estimated from that span,
    as a common word's is: reading both whole lists grew with the store."""
    from store.search import POSTINGS_CAP

    lists = [matched[i] for i in concept.get("words", ()) if i < len(matched)]
    if len(lists) != 2 or not all(lists):
        return None, False
    complete = [ids[-1] for ids in lists if len(ids) < POSTINGS_CAP]
    if complete:
        return max(complete), False
    return max(ids[-1] for ids in lists), True



def _never_together(concept: dict, matched: list[list[int]]) -> bool:
    """Whether a pair's two words are in no memory together, as their matches say: every
    memory holding the pair side by side holds each word, so when both words' matches were
    all read (under the postings cap) and share no memory, the pair needs no read."""
    from store.search import POSTINGS_CAP

    lists = [matched[i] for i in concept.get("words", ()) if i < len(matched)]
    if len(lists) != 2:
        return False
    if not all(lists):
        return True
    if any(len(ids) >= POSTINGS_CAP for ids in lists):
        return False
    return set(lists[0]).isdisjoint(lists[1])


def _concept_matches(conn, concept: dict, since: int | None) -> list[int]:
    """The newest matches of a concept (see matching_ids), newest first.

    A prefix (`expir*`, `속도*`) makes FTS5 merge the whole list of every word it
    starts, whatever the LIMIT: 6 ms at 100k memories, 27 ms at 300k for one common
    word.  A word whose own forms (a Korean one with each particle after it) fill the
    postings cap is common: it weighs little, and its newest matches without the
    prefix's other words place it as well, so the prefix is read only for a word under
    the cap (its list is short).  The Korean last word of a pair (`"요청 속도"*`) is
    read as the word with each particle after it
    (`store.language.korean.PARTICLES`), never as a prefix: within the pair's window FTS5 still
    merged the prefix's whole lists (60 ms at 1M for one pair)."""
    from store.search import POSTINGS_CAP, matching_ids, word_match

    bare = concept.get("bare")  # a Korean word alone: when it fills the cap, its particles need no read
    plain = concept.get("plain")  # the word's own forms: without its prefixes and loanwords
    if bare:
        ids = matching_ids(conn, bare, since=since)
        if len(ids) >= POSTINGS_CAP:
            if concept.get("english"):
                ids = matching_ids(conn, bare + " OR " + word_match(concept["english"], []), since=since)
            return ids
        if len(ids) < RARE_ALONE and concept.get("common") and not concept.get("pair"):
            return _rare_korean_matches(conn, concept, since)
    if plain:
        ids = matching_ids(conn, plain, since=since)
        if len(ids) >= POSTINGS_CAP or concept.get("pair"):
            if concept.get("english"):  # a Hangul word spelling a word the store holds (add_loanwords)
                ids = matching_ids(conn, plain + " OR " + word_match(concept["english"], []), since=since)
            return ids
    return matching_ids(conn, concept["match"], since=since)


def _rare_korean_matches(conn, concept: dict, since: int | None) -> list[int]:
    """What _concept_matches finds for a Korean word rare alone, read more cheaply.

    The word with each of its forty particles (`plain`: 41 terms, each looked up in every
    segment of the word index, ~0.8 ms at 1M memories) was read only to learn whether those
    forms fill the postings cap; for a word rare alone they mostly do not, and then the prefix
    (`match`, which holds every particle form) is what is used.  So: when the word with its
    most common particles (`common`, a part of `plain`) fills the cap, `plain` does too and is
    read as before; else the prefix is read first, and under the cap it is the answer (the
    particle forms are under it too); at the cap, `plain` is read and decides, as before.  A
    common word's prefix (which may merge long lists: 14 ms at 1M) is still not read."""
    from store.search import POSTINGS_CAP, matching_ids, word_match

    english = " OR " + word_match(concept["english"], []) if concept.get("english") else ""
    if len(matching_ids(conn, concept["common"], since=since)) < POSTINGS_CAP:
        ids = matching_ids(conn, concept["match"], since=since)
        if len(ids) < POSTINGS_CAP:
            return ids
        plain = matching_ids(conn, concept["plain"], since=since)
        if len(plain) < POSTINGS_CAP:
            return ids
    else:
        plain = matching_ids(conn, concept["plain"], since=since)
    return matching_ids(conn, concept["plain"] + english, since=since) if english else plain


def _task_key(session_id, prompt_id) -> tuple:
    return (session_id, prompt_id or None)


def score_tasks(conn, prompt: str, *, session_id: str | None, skip: frozenset = frozenset()) -> dict:
    """Every past task holding a concept of `prompt`, scored.

    Returns {"concepts": [...], "weights": [...], "total": the prompt's weight,
    "tasks": {task key: {"score", "concepts": set, "project", "ids": {memory id:
    set of concepts}}}}.  The current session's memories, and those in `skip`, are left out.
    """
    from store.search import memory_count, task_facts

    concepts = recall_concepts(prompt)
    result = {"concepts": concepts, "weights": [], "total": 0.0, "tasks": {}}
    if not any(not c["generic"] for c in concepts):
        return result
    total = memory_count(conn)
    if not total:
        return result
    add_loanwords(conn, concepts)
    current = session_id or ""
    frequencies, found = _postings(conn, concepts, total, current, skip)
    weighed = _weights(concepts, frequencies, found, total)
    if weighed is None:
        return result
    weights, about = weighed
    tasks, sessions = _place_in_tasks(found)
    _score_all(tasks, sessions, concepts, weights)
    leading = sorted(tasks, key=lambda k: tasks[k]["score"], reverse=True)[:SIZED_TASKS]
    roots = _name_word_roots(concepts)
    facts, paths = task_facts(conn, leading, path_words=sorted(roots))  # a name holding a root holds it in lower case
    credited = _credit_file_names(paths, tasks, sessions, concepts, roots)
    if _follow_questions(conn, tasks, sessions, facts, current, skip) or credited:
        _score_all(tasks, sessions, concepts, weights)
    _penalize_length(tasks, leading, facts)
    result.update(weights=weights, total=sum(about) or 1.0, tasks=tasks)
    return result


def _postings(conn, concepts: list[dict], total: int, current: str, skip: frozenset) -> tuple[list, list]:
    """(per concept: how many memories hold it, its newest postings outside the current
    session and `skip`: (id, session_id, prompt_id, project, type))."""
    from store.search import memory_keys

    frequencies = []
    matched = []  # per concept: its newest matches, newest first
    grouped = []  # per concept: its newest matches, which are placed in their tasks
    for concept in concepts:
        since, partial = _pair_window(concept, matched) if concept.get("pair") else (None, False)
        ids = [] if concept.get("pair") and _never_together(concept, matched) else _concept_matches(conn, concept, since)
        matched.append(ids)
        frequencies.append(_document_frequency(ids, total, since if partial else None))
        # A common concept weighs little: its newest matches are enough to place it.
        grouped.append(sorted(ids[:GROUPED_POSTINGS]))
    # Concepts share memories (a pair's with its words', a word's with its other forms'):
    # each memory is read once.
    keys = {row[0]: row for row in memory_keys(conn, sorted(set().union(*grouped)))}
    found = [[keys[i] for i in ids if i in keys and keys[i][1] != current and i not in skip] for ids in grouped]
    return frequencies, found


def _weights(concepts: list[dict], frequencies: list, found: list, total: int) -> tuple[list, list] | None:
    """(each concept's weight in a task, each one's weight in what the prompt is about);
    None when no specific word of the prompt is found anywhere."""
    weights = [_rarity(df, total) if rows else 0.0 for df, rows in zip(frequencies, found)]
    # A word the store holds only in another form (환불 as "refund") is known by that form.
    for w, c in zip(list(weights), concepts):
        if "same_of" in c and not frequencies[c["same_of"]] and SAME_SHARE * w > weights[c["same_of"]]:
            weights[c["same_of"]] = SAME_SHARE * w
    known = [w for w, c in zip(weights, concepts) if w and not c["generic"] and not c.get("pair") and "same_of" not in c]
    if not known:
        return None
    mean_known = sum(known) / len(known)

    translated = {c["same_of"] for c in concepts if "same_of" in c}

    def unseen(index: int, concept) -> float:
        # A Korean word the glossary knows is a word, not another inflection: it weighs as much as an English one.
        korean = has_hangul(concept["term"]) and index not in translated
        return (UNSEEN_KOREAN_WEIGHT if korean else UNSEEN_WEIGHT) * mean_known

    weights = [
        w if "same_of" in c else (w or unseen(i, c)) * (GENERIC_WEIGHT if c["generic"] else CODE_BOOST if c["code"] and w else 1.0)
        for i, (w, c) in enumerate(zip(weights, concepts))
    ]  # fmt: skip
    # A pair adds to its words' weight where it is found, and nothing to the
    # prompt's weight: a prompt is not "about more" for having neighbours.
    weights = [w * PAIR_SHARE if c.get("pair") else w for w, c in zip(weights, concepts)]
    # Another form of a word (store.language.glossary) says less than the word the person typed.
    weights = [min(SAME_SHARE * w, weights[c["same_of"]]) if "same_of" in c else w for w, c in zip(weights, concepts)]
    return weights, _about_weights(concepts, frequencies, weights, total)


def _about_weights(concepts: list[dict], frequencies: list, weights: list[float], total: int) -> list[float]:
    """What the prompt is about: its own specific words.  Generic ones ("다시", "보여줘") say what
    to do; rare in a mostly English store, they would weigh like a topic and shrink every share.
    In what the prompt is about, a word with other forms (store.language.glossary) is as rare as what it
    means: 요청 asked once in Korean is rare in a mostly English store, "request" is not, and the
    English task holding "request" must not hold a small share for the person typing Korean.
    (Tasks still score the typed form's rarity: the word as typed is the better evidence.)"""
    meaning: dict[int, float] = {}
    for df, c in zip(frequencies, concepts):
        if "same_of" in c:
            meaning[c["same_of"]] = meaning.get(c["same_of"], 0.0) + df
    about = list(weights)
    for root, extra in meaning.items():
        if about[root] and frequencies[root] and not concepts[root]["generic"]:
            about[root] = min(about[root], _rarity(min(total, frequencies[root] + extra), total))
    return [0.0 if c.get("pair") or "same_of" in c or c["generic"] else w for w, c in zip(about, concepts)]


def _place_in_tasks(found: list) -> tuple[dict, dict]:
    """({task key: {"concepts", "worked" (those found in its work, not only asked), "project",
    "ids": {memory id: its concepts}}}, {session id: the concepts found in it})."""
    from store.search import QUESTION_TYPES

    tasks: dict[tuple, dict] = {}
    sessions: dict[str, set] = {}
    for index, rows in enumerate(found):
        for memory_id, sid, prompt_id, project, mtype in rows:
            task = tasks.get(_task_key(sid, prompt_id))
            if task is None:
                task = tasks[_task_key(sid, prompt_id)] = {"concepts": set(), "worked": set(), "project": project,
                                                           "ids": {}}  # fmt: skip
            task["concepts"].add(index)
            if mtype not in QUESTION_TYPES:
                task["worked"].add(index)
            task["ids"].setdefault(memory_id, set()).add(index)
            sessions.setdefault(sid, set()).add(index)
    return tasks, sessions


def _score_all(tasks: dict, sessions: dict, concepts: list[dict], weights: list[float]) -> None:
    """Each task's "score" and "strong" (the specific words it holds).  Tasks hold few distinct
    sets of concepts (most hold one common word), so each set is weighed once."""
    if any("same_of" in c for c in concepts):  # a word and its other forms count once: the heaviest
        weigh = cache(lambda found: _weigh(found, concepts, weights))
        strong = cache(lambda found: len({concepts[i].get("same_of", i) for i in found
                                          if not concepts[i]["generic"] and not concepts[i].get("pair")}))  # fmt: skip
    else:  # each concept its own word: plain sums
        weigh = cache(lambda found: sum(weights[i] for i in found))
        strong = cache(lambda found: sum(1 for i in found if not concepts[i]["generic"] and not concepts[i].get("pair")))
    for (sid, _pid), task in tasks.items():
        own = frozenset(task["concepts"])
        full = weigh(own)
        worked = weigh(own & task["worked"])  # the rest is only in what was asked
        elsewhere = weigh(own | sessions[sid]) - full
        task["strong"] = strong(own)
        task["score"] = worked + ASKED_SHARE * (full - worked) + SESSION_SHARE * elsewhere


def _weigh(found: set, concepts: list[dict], weights: list[float]) -> float:
    """The weight of these concepts, a word and its other forms counted once (the heaviest found)."""
    best: dict[int, float] = {}
    for i in found:
        root = concepts[i].get("same_of", i)
        if weights[i] > best.get(root, 0.0):
            best[root] = weights[i]
    return sum(best.values())


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
    if not CAMEL_JOIN.search(name):
        return set()
    return {_word_root(p.lower()) for p in CAMEL_PARTS.findall(name) if len(p) >= 3}


def _name_word_roots(concepts: list[dict]) -> dict[str, list[int]]:
    """{word root: the concepts of it} of the prompt's words that a camelCase file name may hold."""
    roots: dict[str, list[int]] = {}
    for index, concept in enumerate(concepts):
        term = concept["term"]
        if (not concept["generic"] and not concept.get("pair") and "same_of" not in concept
                and ASCII_WORD.match(term) and len(term) >= 4):  # fmt: skip
            roots.setdefault(_word_root(term), []).append(index)
    return roots


def _credit_file_names(paths: list[tuple], tasks: dict, sessions: dict, concepts: list[dict], roots: dict) -> bool:
    """A task whose file names hold a prompt word inside an identifier (`dates`
    in `formatDate.ts`) holds that word: the word index keeps `formatdate` whole.
    `paths`: (memory id, session id, prompt id, file path) of the leading tasks (at least
    those whose path holds a root); `roots`: _name_word_roots.  True when some task gained a concept."""
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
                task["worked"].add(index)  # a file the task touched
                task["ids"].setdefault(memory_id, set()).add(index)
                sessions[sid].add(index)
    return gained


def _follow_questions(conn, tasks: dict, sessions: dict, facts: dict, current: str, skip: frozenset) -> bool:
    """A leading task that only asked (a prompt, maybe an answer; no edit, command,
    error or commit) is a question, not work: it is marked `question` and never
    chosen nor a rival.  When recall answered that question with a task (the ledger
    says which), the question's concepts count for that task, with the memories it
    was sent: a topic asked again finds where the work was.  True when a task gained."""
    from store.reading import pointers

    questions = [k for k, fact in facts.items() if not fact["work"] and k in tasks]
    for key in questions:
        tasks[key]["question"] = True
    asked = {memory_id: key for key in questions for memory_id in facts[key]["prompts"]}
    gained = False
    for memory_id, (target_key, project, items) in pointers(conn, list(asked)).items():
        if target_key[0] == current:
            continue
        question = tasks[asked[memory_id]]
        target = tasks.get(target_key)
        if target is None:
            target = tasks[target_key] = {"concepts": set(), "worked": set(), "project": project, "ids": {}}
            sessions.setdefault(target_key[0], set())
        if target.get("question"):
            continue
        target["concepts"] |= question["concepts"]
        target["worked"] |= question["concepts"]  # answered with this work
        sessions[target_key[0]] |= question["concepts"]
        for item in items:
            if item not in skip:
                target["ids"].setdefault(item, set())
        gained = True
    return gained


def _penalize_length(tasks: dict, leading: list[tuple], facts: dict) -> None:
    """Big tasks (a long session without prompt ids, a turn of 200 commands) hold
    many words by chance: the leading ones lose LENGTH_PENALTY per doubling of
    their size beyond TYPICAL_TASK."""
    for key in leading:
        size = facts[key]["size"] if key in facts else 1
        task = tasks[key]
        task["size"] = size
        if size > TYPICAL_TASK:
            task["score"] /= 1.0 + LENGTH_PENALTY * math.log2(size / TYPICAL_TASK)


def choose_tasks(scored: dict, *, project: str | None, cross_project: bool = False) -> list[tuple]:
    """[the key of the task to inject] when the leading task clearly beats every
    other session's task, else [] (see judge_tasks)."""
    verdict = judge_tasks(scored, project=project, cross_project=cross_project)
    return [verdict["task"]] if verdict["reason"] == "chosen" else []


def judge_tasks(scored: dict, *, project: str | None, cross_project: bool = False) -> dict:
    """{"reason", "task", "score", "runner_up", "share"} for the leading task: "chosen" when
    it clearly beats every other session's task, else why not ("nothing", "generic",
    "weak": too little of the prompt, "tie").  (Two sessions that tie are both left
    out: measured on the development set, injecting both found one more task and
    brought one more unrelated prompt a block.)"""
    tasks = scored["tasks"]
    if cross_project:  # every task competes; only another project's may lead
        pool = list(tasks.items())
        min_share, min_strong = CROSS_PROJECT_SHARE, CROSS_PROJECT_MIN_CONCEPTS
    else:
        pool = [(k, t) for k, t in tasks.items() if not project or t["project"] == project]
        min_share, min_strong = MIN_SHARE, 1
    pool = [(k, t) for k, t in pool if not t.get("question")]
    if not pool:
        return {"reason": "nothing", "task": None, "score": None, "runner_up": None, "share": None}
    pool.sort(key=lambda kt: (kt[1]["score"], len(kt[1]["ids"]), kt[0][0] or ""), reverse=True)
    best_key, best = pool[0]
    rival = next((t["score"] for k, t in pool[1:] if k[0] != best_key[0]), 0.0)
    share = best["score"] / (scored["total"] or 1.0)
    contender = _contender(pool, scored["concepts"], share)
    verdict = {"task": best_key, "score": round(best["score"], 3), "runner_up": round(rival, 3),
               "share": round(share, 3)}  # fmt: skip
    if best["strong"] < min_strong or (cross_project and best["project"] == project):
        verdict["reason"] = "generic" if not cross_project else "weak"  # generic words alone never make a match
    elif share < min_share:
        verdict["reason"] = "weak"
    elif best["score"] < contender:
        verdict["reason"] = "tie"
    else:
        verdict["reason"] = "chosen"
    return verdict


def _specific_roots(found: set, concepts: list[dict]) -> set:
    return {concepts[i].get("same_of", i) for i in found if not concepts[i]["generic"]}


def _contender(pool: list[tuple], concepts: list[dict], share: float) -> float:
    """The score the leading task of `pool` (sorted) must reach to be chosen: MARGIN times
    the best other session's task, or, when the leader holds SUBSET_SHARE of the prompt,
    SUBSET_MARGIN times the best that holds only part of what the leader holds (an
    everyday session that touched the same file) and MARGIN times the best of the others."""
    best_key, best = pool[0]
    subset_allowed = share >= SUBSET_SHARE
    roots = _specific_roots(best.get("concepts", ()), concepts)
    needed = 0.0
    seen_rival = seen_subset = False
    for key, task in pool[1:]:
        if task["score"] * MARGIN <= best["score"] or (seen_rival and seen_subset):
            break  # sorted: no later task can need more
        if key[0] == best_key[0]:
            continue
        if subset_allowed and _specific_roots(task.get("concepts", ()), concepts) < roots:
            if not seen_subset:
                seen_subset, needed = True, max(needed, SUBSET_MARGIN * task["score"])
        elif not seen_rival:
            seen_rival, needed = True, max(needed, MARGIN * task["score"])
    return needed


def _memory_rank(memory: dict, matched: set, weights: list[float]) -> tuple:
    return (
        memory.get("type") == "prompt",
        sum(weights[i] for i in matched),
        memory.get("importance") or 1,
        memory["id"],
    )


def decide(
    conn, prompt: str, *, project: str | None, session_id: str | None, limit: int, skip: frozenset = frozenset()
) -> dict:
    """What recall makes of `prompt`: judge_tasks's verdict plus "memories", those of the
    chosen task to send (at most `limit`; [] when silent).  The task's prompt comes
    first, then its memories holding the prompt's concepts (the rarest first).
    `skip`: ids of memories never to use (vetoed)."""
    silent = {"task": None, "score": None, "runner_up": None, "share": None, "memories": []}
    if not isinstance(prompt, str) or len(prompt.strip()) < MIN_PROMPT_CHARS:
        return {**silent, "reason": "short"}
    if limit <= 0:
        return {**silent, "reason": "nothing"}
    from hooks.recall.named import named_decision

    named = named_decision(conn, prompt, project=project, session_id=session_id, limit=limit, skip=skip)
    if named is not None:  # the prompt names a past session as Claude Code shows it: that task
        return named
    scored = score_tasks(conn, prompt, session_id=session_id, skip=skip)
    if not scored["tasks"]:
        generic = not any(not c["generic"] for c in scored["concepts"])
        return {**silent, "reason": "generic" if generic else "nothing"}
    verdict = judge_tasks(scored, project=project)
    if verdict["reason"] != "chosen" and project:
        across = judge_tasks(scored, project=project, cross_project=True)
        if across["reason"] == "chosen":
            verdict = across
    verdict["memories"] = []
    if verdict["reason"] != "chosen":
        return verdict
    key = verdict["task"]
    ids = scored["tasks"][key]["ids"]
    # A turn's prompt says what the task was; a session without prompt ids
    # (imported, generated) offers only the memories that match.
    # Asked here, not at the top: most prompts choose no task, and these load two modules.
    from store.reading import memories_by_id
    from store.search import turn_prompts

    found = memories_by_id(conn, ids)
    if found and all(_asks(m) for m in found.values()):  # it matched by a question alone
        return {**silent, "reason": "asked"}
    picked = [found[i] for i in sorted(found)]
    if key[1]:
        picked += [m for m in turn_prompts(conn, key[0], key[1]) if m["id"] not in ids and m["id"] not in skip]
    weights = scored["weights"]
    picked.sort(key=lambda m: _memory_rank(m, ids.get(m["id"], set()), weights), reverse=True)
    seen = set()
    for memory in picked:
        text = clean_line(memory.get("content")).casefold()
        if text not in seen and len(verdict["memories"]) < limit:
            seen.add(text)
            verdict["memories"].append(memory)
    return verdict


def _asks(memory: dict) -> bool:
    """A past prompt that is a question: what restates a new prompt, never its answer."""
    from store.search import is_question

    return memory.get("type") == "prompt" and is_question(memory.get("content"))


def relevant_memories(
    conn, prompt: str, *, project: str | None, session_id: str | None, limit: int
) -> list[dict]:
    """The memories of the past task that clearly matches `prompt`, at most `limit`
    ([] when no task clearly wins; see decide)."""
    return decide(conn, prompt, project=project, session_id=session_id, limit=limit)["memories"]


def prompt_block(
    conn, prompt: str, cwd: str | None, session_id: str | None, config: dict | None
) -> str:
    """The per-prompt context ('' when nothing clearly matches)."""
    return prompt_decision(conn, prompt, cwd, session_id, config)[0]


def prompt_decision(
    conn, prompt: str, cwd: str | None, session_id: str | None, config: dict | None
) -> tuple[str, dict, tuple[str, str]]:
    """(the per-prompt block, recall's decision (see decide; reason "off" when
    `max_inject` is 0), the session's (project, project name): `session_project`).  Vetoed memories (`store.reading.ledger.vetoed_ids`) are left out of everything."""
    from store.reading import vetoed_ids

    config = config if isinstance(config, dict) else {}
    limit = max_inject(config)
    project, project_name = where = session_project(conn, session_id, cwd)
    if limit <= 0:  # per-prompt recall is off: no decision to make
        return "", {"reason": "off", "memories": []}, where
    decision = decide(conn, prompt, project=project, session_id=session_id, limit=limit, skip=vetoed_ids(conn))
    hits = decision["memories"]
    if not hits:
        return "", decision, where
    lines = [recall_line(hit) for hit in hits]
    max_chars = max(setting(config, "context_max_chars"), 600 + limit * (MAX_LINE_CHARS + 1))  # room for every item
    block = assemble_block(
        project_name, [("## Relevant Memories", lines), ("## More", [more_line(hits[0]["id"])])], max_chars
    )
    return block, decision, where
