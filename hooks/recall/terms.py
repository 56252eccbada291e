"""What a prompt is about, as recall's concepts: its words, stems, file and identifier
names, Korean nouns without their endings, neighbouring pairs, and Hangul loanwords
spelled back into the English words this store holds.  Scoring is `hooks/recall/choose.py`'s.
"""

from __future__ import annotations

import re

from store.language import AUXILIARY_ALONE, PARTICLES, VERBAL_FINALS, has_hangul, verb_stem

MAX_CONCEPTS = 10
MAX_PAIRS = 4
MAX_IDENTIFIER_PARTS = 6  # longer runs of parts are sentences glued together, not identifiers
IDENTIFIER_NEAR = 2  # tokens allowed between an identifier's parts
LOANWORD_SPELLINGS = 48  # English spellings of a Hangul word tried against the store, best first
LOANWORD_FORMS = 2  # ... of which this many found ones join the word
MAX_LOANWORDS = 4  # Hangul words of a prompt spelled out
# The particles most words take (a part of PARTICLES): a word that fills the postings cap with
# these alone fills it with all of them (see choose._rare_korean_matches).
COMMON_PARTICLES = ("은", "는", "이", "가", "을", "를", "에", "의", "도", "로", "으로", "에서")
MAX_SAME_FORMS = 6  # the glossary's other forms of the prompt's words (store.language.glossary), at most

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
    probably apparently exactly immediately somehow somewhere anyway every off""".split()
)
_GENERIC_KO = frozenset(
    """다시 또 좀 이거 그거 저거 거 것 뭐 왜 어떻게 지금 계속 아직 이번 전에 저번 지난번 예전
    문제 오류 에러 버그 수정 고침 고쳐 고쳐줘 고쳐주세요 해결 추가 변경 작업 코드 파일 확인
    관련 부분 기능 방법 해줘 해주세요 봐줘 알려줘 보여줘 만들어줘 해봐 했던 하던 제대로 같은
    안 못 잘 다 그냥 일단 먼저 그리고 이제 어제 오늘 나 내가 우리 너 이것 저것 그것 어디
    때문 위해 대해 관해 통해 경우 정도 다음 이후 이전 처럼 같이 너무 정말 진짜 항상 가끔
    자꾸 계속해서 방금 아까 요즘 새로 새로운 한번 어떤 무슨 뭐야 뭔가 이유 원인 생겼어 생겼다 났어
    빨리 천천히 자주 많이 조금 갑자기 완전히 제발 때 뭐로 어디서 어디에 어디야 언제 방식 바꾼 바꿨지
    바꿨던 바꿨어 바꿔 바꿔줘 바뀐 바뀌었어 늘린 늘렸던 줄인 줄였던 넣은 넣었던 뺀 썼던 쓰는
    동안 얼마 얼마나 몇 번""".split()
)
ASCII_WORD = re.compile(r"[a-z0-9]+\Z")
_FILE_LIKE = re.compile(r"^[a-z0-9_\-]+\.[a-z0-9]{1,5}$")


def _generic_english(word: str) -> bool:
    """A generic word or one of its inflections (gives, asked, seeming)."""
    if word in _GENERIC_EN:
        return True
    return any(word.endswith(end) and word[: -len(end)] in _GENERIC_EN for end in ("s", "es", "d", "ed", "ing"))


def relevance_terms(prompt: str) -> list[tuple[str, bool]]:
    """The prompt's search terms, each with `generic` (True for words that say what to do)."""
    from store.search import query_terms

    out: list[tuple[str, bool]] = []
    seen = set()
    for term in query_terms(prompt):
        generic = False
        if has_hangul(term):
            from store.language import AUXILIARY  # compiled on first use: only Korean words need it

            stem = verb_stem(term)
            if stem != term:
                term = stem
            elif len(term) >= 2 and term.endswith(VERBAL_FINALS):
                generic = True
            if (len(term) <= 4 and AUXILIARY.match(term)) or term in AUXILIARY_ALONE:
                generic = True
            generic = generic or term in _GENERIC_KO
        else:
            if term.endswith(("'s", "’s")) and len(term) > 4 and not _generic_english(term):
                term = term[:-2]  # "the user's session": the word is "user"
            # Two letters, or a number of one or two digits (a version, a count), say little.
            generic = _generic_english(term) or (
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


CAMEL_PARTS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
CAMEL_JOIN = re.compile(r"[a-z][A-Z]")


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
        parts = [p.lower() for p in CAMEL_PARTS.findall(word)]
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

    `match` is a word-index expression (store.search.recall.word_match): an English word
    matches its porter stem and any word starting with its crude stem (expiry,
    expires, expired); a file or identifier (`rounding.py`, `utf-8-sig`) matches
    as a phrase, and a file also by its base name; a Korean noun matches any word
    it starts (환불 -> 환불이, 환불일); anything else matches as written.  The
    glossary's other forms of a word follow as concepts of their own (see
    _same_word_concepts).
    """
    from store.language import join_compounds
    from store.search import word_match

    prompt = join_compounds(prompt)  # "log in", "log-in": the word "login"
    concepts = []
    seen_stems = set()
    code_like = _code_like_words(prompt)
    identifiers = _identifier_parts(prompt)
    for term, generic in relevance_terms(prompt):
        plain = None  # the match without its prefixes, when it has some (see store.search.recall.word_match)
        bare = None  # a Korean word alone, without the particles of `plain`
        if ASCII_WORD.match(term):
            stem = _stem(term)
            if stem in seen_stems:
                continue
            seen_stems.add(stem)
            # The crude stem as a prefix catches what porter splits (expiry / expired),
            # only when a suffix came off and enough is left ("list" must not find "listen").
            prefixes = [stem] if stem != term and len(stem) >= 5 else []
            forms = [term]
            if stem == term and len(term) >= 4 and term.isalpha() and not term.endswith("y"):
                forms.append(term + "ly")  # night: nightly, week: weekly, hour: hourly
            match = word_match(forms, prefixes)
            plain = word_match(forms, []) if prefixes else None
        elif has_hangul(term):
            match, plain = word_match([], [term]), word_match(_with_particles(term), [])
            bare = word_match([term], [])
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
            plain = plain and plain + " OR " + _parts_match(identifiers[term])
        if match:
            concepts.append({"term": term, "generic": generic, "match": match, "code": term in code_like})
            if plain:
                concepts[-1]["plain"] = plain
            if bare:
                concepts[-1]["bare"] = bare
                concepts[-1]["common"] = word_match(_with_particles(term, COMMON_PARTICLES), [])
        if len(concepts) >= MAX_CONCEPTS:
            break
    return concepts + _pair_concepts(concepts) + _same_word_concepts(concepts)


def _same_word_concepts(concepts: list[dict]) -> list[dict]:
    """The glossary's other forms of the prompt's specific words (cart: 장바구니; korean:
    ko, 한국어), each a concept of its own marked `same_of` (the index of the word): a
    task holding any of them holds that word, weighed by the rarest form it holds.
    Taken in turns, each word's first form before any word's second: the cap must not
    go to the first words' inflections while a later word gets none ("송장 합계 반올림":
    invoice, invoices, bill, total, sum, and never "rounding")."""
    from store.language import same_as
    from store.search import word_match

    rows = []
    for index, concept in enumerate(concepts):
        if concept["generic"] or concept.get("pair"):
            continue
        roots = {_form_root(concept["term"])}
        forms = []
        for form in same_as(concept["term"]):
            if _form_root(form) not in roots:  # another inflection (fails, failed): a match already made has it
                roots.add(_form_root(form))
                forms.append(form)
        rows.append((index, forms))
    out = []
    for turn in range(max((len(forms) for _index, forms in rows), default=0)):
        for index, forms in rows:
            if turn < len(forms):
                if len(out) >= MAX_SAME_FORMS:
                    return out
                form = forms[turn]
                out.append({"term": form, "generic": False, "code": False, "match": _form_match(form), "same_of": index})
                if _form_match(form, prefixes=False) != out[-1]["match"]:
                    out[-1]["plain"] = _form_match(form, prefixes=False)
                if has_hangul(form):
                    out[-1]["bare"] = word_match([form], [])
                    out[-1]["common"] = word_match(_with_particles(form, COMMON_PARTICLES), [])
    return out


def _form_match(form: str, *, prefixes: bool = True) -> str:
    """A glossary form's word-index match: a Korean one as the start of a word, an English
    one with its inflections (expire: expires, expired, expiry), as a prompt's word is matched.
    `prefixes=False`: the form alone, as written and as the index stems it."""
    from store.search import word_match

    if has_hangul(form):
        return word_match([], [form]) if prefixes else word_match(_with_particles(form), [])
    root = _form_root(form)
    return word_match([form], [root] if prefixes and root != form and len(root) >= 5 else [])


def _with_particles(word: str, particles=PARTICLES) -> list[str]:
    """A Korean word and the word with each particle after it (설정, 설정을, 설정이, ...): what a
    prefix of it mostly finds, as words FTS5 reads lazily (a prefix merges every list)."""
    return [word] + [word + particle for particle in particles]


def _form_root(word: str) -> str:
    """What an English word's inflections share (invoice, invoices -> invoic), as the
    word index's stemmer would find them alike."""
    stem = _stem(word)
    return stem[:-1] if stem.endswith("e") and len(stem) > 3 else stem


def _pair_concepts(concepts: list[dict]) -> list[dict]:
    """Neighbouring specific words of the prompt as phrases ("refresh token",
    "부분 환불"): a task that holds them side by side is about the same thing."""
    from store.search import fts_quote

    pairs = []
    for index, (left, right) in enumerate(zip(concepts, concepts[1:])):
        if left["generic"] or right["generic"] or left.get("pair") or right.get("pair"):
            continue
        a, b = left["term"], right["term"]
        if not (ASCII_WORD.match(a) or has_hangul(a)) or not (ASCII_WORD.match(b) or has_hangul(b)):
            continue
        prefix = "*" if has_hangul(b) else ""
        pairs.append({"term": f"{a} {b}", "generic": False, "code": False, "pair": True,
                      "words": (index, index + 1), "match": fts_quote(f"{a} {b}") + prefix})  # fmt: skip
        if prefix:  # a prefix in a phrase merges every list it starts too: the particles instead
            pairs[-1]["plain"] = " OR ".join(fts_quote(f"{a} {w}") for w in _with_particles(b))
        if len(pairs) >= MAX_PAIRS:
            break
    return pairs


def add_loanwords(conn, concepts: list[dict]) -> None:
    """A Hangul word that spells an English word this store holds (웹훅 -> webhook)
    also matches that word: Korean prompts name English-worded work this way."""
    from store.language import same_as
    from store.search import known_words, word_match

    spelled = 0
    for concept in concepts:
        term = concept["term"]
        if (concept["generic"] or concept.get("pair") or "same_of" in concept or not has_hangul(term)
                or spelled >= MAX_LOANWORDS or same_as(term)):  # fmt: skip
            continue  # a word of the glossary is translated, not spelled (대기 is "wait", not "take")
        spelled += 1
        # Its tables load only for a prompt with a Hangul word to spell.
        from store.language import spellings

        forms = known_words(conn, spellings(term, LOANWORD_SPELLINGS), want=LOANWORD_FORMS)
        if forms:
            concept["match"] += " OR " + word_match(forms, [])
            concept["english"] = forms
