"""English spellings a Korean loanword may stand for (웹훅 -> webhook, 도커 -> docker).

Korean developers write many English words in Hangul.  A Hangul word is spelled
back letter by letter (each jamo has a few usual English spellings, best first,
after the loanword conventions: an epenthetic ㅡ is silent, a final 시 is "sh"
or "cy" / "sy" (폴리시 "policy", 프록시 "proxy"),
션 is "tion", ㅓ is "er" ...) and the spellings are produced cheapest first: a
spelling's cost is the sum of its choices' ranks.  Which spelling is a word is
decided by the caller against the user's own store, so the table needs no
dictionary: a guess that names nothing the user ever wrote is simply not found.

Pure and stdlib only: the hook's recall runs it on every prompt, search on a Korean question.
"""

from __future__ import annotations

import heapq

_INITIALS = (
    ("g", "k", "c"), ("k", "c"), ("n", "nn"), ("d", "t"), ("t", "d"), ("r", "l", "rr", "ll"), ("m", "mm"),
    ("b", "v"), ("b", "p"), ("s", "c", "ss", "sh", "th"), ("s", "ss"), ("",), ("j", "g", "z"), ("j", "z"),
    ("ch", "c", "t"), ("c", "k", "ck", "q"), ("t", "tt"), ("p", "f", "ph", "pp"), ("h", ""),
)  # fmt: skip
_MEDIALS = (
    ("a", "ar", "u", "o"), ("a", "e", "ai"), ("ya", "ia"), ("ya",), ("er", "o", "u", "a", "or", "e", "ur"),
    ("e", "a", "ai"), ("e", "yo", "io", "ye"), ("e", "ye"), ("o", "or", "oa", "au", "ow"), ("wa", "oa"),
    ("wa",), ("we", "oe"), ("yo",), ("u", "oo", "o", "ou"), ("wor", "wo", "wa"), ("we",), ("wi", "ui"),
    ("u", "yu", "ew"), ("", "e", "u", "o"), ("ui",), ("i", "e", "", "y", "ee", "ea"),
)  # fmt: skip
_FINALS = {
    0: ("",), 1: ("k", "c", "ck", "g"), 4: ("n", "ne"), 7: ("t", "d"), 8: ("l", "ll", "le", "r"),
    16: ("m", "me"), 17: ("p", "b"), 19: ("t", "s"), 21: ("ng", "n"), 24: ("k",), 25: ("t",), 26: ("p",),
}  # fmt: skip
# Syllables that usually spell an English sound of their own: anywhere (대시보드
# "dashboard") ...
_SOUNDS = {"시": ("sh",), "지": ("ge", "g"), "치": ("ch", "tch"), "쉬": ("sh",)}
# ... and at a word's end (the usual loanword endings).
_LAST_SYLLABLES = {
    "시": ("sh", "cy", "sy", "ce", "s", "che", "si", "c", "se"), "지": ("ge", "g", "ji", "gi", "j"), "치": ("ch", "tch", "chi"),
    "즈": ("s", "z", "ds", "es"), "츠": ("ts", "tz"), "쉬": ("sh",), "티": ("ty", "ti", "t"),
    "일": ("le", "il", "ile", "l"),
}  # fmt: skip
_TION = ("tion", "sion", "ssion", "shion")  # 션, anywhere
# A vowel-only syllable after an open one makes one English vowel sound with it
# (타임 "time", 페이지 "page", 아웃 "out"): (medial, next medial) -> their spellings.
_DIPHTHONGS = {(0, 20): ("i", "y"), (5, 20): ("a",), (0, 13): ("o",), (1, 20): ("a",)}
_DIPHTHONG_SECOND = {20: "", 13: "u"}
_YIEUNG, _RIEUL, _RIEUL_FINAL, _EU = 11, 5, 8, 18
_FIRST, _LAST = 0xAC00, 0xD7A3
MIN_LETTERS = 4
MAX_SYLLABLES = 8


def _first(options: tuple, preferred: str) -> tuple:
    return (preferred,) + tuple(o for o in options if o != preferred)


def _jamo(word: str) -> list[list] | None:
    """[initial options, medial options, final options] per syllable, with the
    conventions that span two syllables applied; None when a syllable has no spelling."""
    parts = []
    for ch in word:
        code = ord(ch)
        if not _FIRST <= code <= _LAST:
            return None
        index = code - _FIRST
        initial, medial, final = index // 588, (index % 588) // 28, index % 28
        if final not in _FINALS:
            return None
        parts.append([initial, medial, final, _INITIALS[initial], _MEDIALS[medial], _FINALS[final]])
    for here, nxt in zip(parts, parts[1:]):
        if here[2] == _RIEUL_FINAL and nxt[0] == _RIEUL:  # 플러그인: the two ㄹ are one "l"
            here[5], nxt[3] = _first(here[5], ""), _first(nxt[3], "l")
        pair = _DIPHTHONGS.get((here[1], nxt[1]))
        if pair and here[2] == 0 and nxt[0] == _YIEUNG:
            here[4] = pair + tuple(o for o in here[4] if o not in pair)
            nxt[4] = _first(nxt[4], _DIPHTHONG_SECOND[nxt[1]])
    for part in parts:
        if part[1] == _EU and part[5][0]:  # ㅡ is silent only in an open syllable (버튼 "button")
            part[4] = ("e", "o", "u", "")
    last = parts[-1]
    if last[1] == _EU and last[2] == _RIEUL_FINAL:  # a last 를/블/틀... is "-le" (번들 "bundle", 토글 "toggle")
        last[4], last[5] = _first(last[4], ""), _first(last[5], "le")
    return parts


def _syllable_options(ch: str, jamo: list, last: bool) -> list[tuple[str, int]]:
    """(spelling, cost) of one syllable, cheapest first."""
    if ch == "션":
        return [(s, i) for i, s in enumerate(_TION)]
    if last and ch in _LAST_SYLLABLES:
        return [(s, i) for i, s in enumerate(_LAST_SYLLABLES[ch])]
    out: dict[str, int] = {s: i for i, s in enumerate(_SOUNDS.get(ch, ()))}
    for i, a in enumerate(jamo[3]):
        for j, b in enumerate(jamo[4]):
            for k, c in enumerate(jamo[5]):
                spelling = a + b + c
                out[spelling] = min(out.get(spelling, 99), i + j + k)
    return sorted(out.items(), key=lambda kv: kv[1])


def spellings(word: str, limit: int, *, min_letters: int = MIN_LETTERS) -> list[str]:
    """Up to `limit` English spellings of the Hangul `word`, cheapest first, of at least
    `min_letters` letters ([] when it is not all Hangul syllables or too long to be a
    loanword)."""
    if not word or len(word) > MAX_SYLLABLES or limit <= 0:
        return []
    jamo = _jamo(word)
    if jamo is None:
        return []
    options = [_syllable_options(ch, j, i == len(word) - 1) for i, (ch, j) in enumerate(zip(word, jamo))]
    # Best-first over the choices: each step raises one syllable's rank by one.
    start = (0,) * len(options)
    heap = [(sum(o[0][1] for o in options), start)]
    seen = {start}
    out: list[str] = []
    produced = set()
    while heap and len(out) < limit:
        cost, ranks = heapq.heappop(heap)
        text = "".join(o[r][0] for o, r in zip(options, ranks))
        # ㄱ before ㅅ is an "x" (인덱스 "index", 엑셀 "excel").
        for form in dict.fromkeys((text, text.replace("ks", "x").replace("kc", "xc"))):
            if len(form) >= min_letters and form not in produced:
                produced.add(form)
                out.append(form)
        for i, r in enumerate(ranks):
            if r + 1 < len(options[i]):
                nxt = ranks[:i] + (r + 1,) + ranks[i + 1 :]
                if nxt not in seen:
                    seen.add(nxt)
                    heapq.heappush(heap, (cost - options[i][r][1] + options[i][r + 1][1], nxt))
    return out
