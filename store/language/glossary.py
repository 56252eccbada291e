"""Words that name the same thing across English, Korean and code, and words that are
written joined or apart ("login", "log in", "log-in"), for recall.

A Korean prompt about English-worded work ("장바구니 번역", "요청이 실패해요") and an
English prompt about Korean-worded work share no word.  Hangul loanwords are spelled
back by `store.language.loanwords` (웹훅 -> webhook); ROWS holds the native Korean words of
everyday software and product work (실패 "fail", 요청 "request"), and the short forms
code uses for languages and translations (`ko`, `i18n`).  Each row: English forms,
then the Korean forms; a word of either side matches every form of the row.  Kept to
general developer vocabulary: a row for one project's words would only teach recall
that project.  Standard library only: the hook imports it.
"""

from __future__ import annotations

import functools
import re

ROWS = [
    # commerce
    (("cart", "basket"), ("장바구니",)),
    (("order", "orders"), ("주문",)),
    (("payment", "payments", "checkout"), ("결제",)),
    (("refund", "refunds"), ("환불",)),
    (("price", "pricing"), ("가격",)),
    (("amount",), ("금액",)),
    (("total", "totals", "sum"), ("합계", "총액")),
    (("invoice", "invoices", "bill"), ("송장", "청구서")),
    (("rounding", "round"), ("반올림",)),
    (("currency",), ("통화",)),
    (("tax",), ("세금",)),
    (("discount",), ("할인",)),
    (("shipping", "delivery"), ("배송",)),
    (("product", "products"), ("상품", "제품")),
    (("stock", "inventory"), ("재고",)),
    (("customer", "customers"), ("고객",)),
    (("report", "reports"), ("보고서",)),
    # people and access
    (("user", "users"), ("사용자", "유저")),
    (("member", "members", "membership"), ("회원",)),
    (("signup", "registration"), ("회원가입", "가입")),
    (("login", "signin"), ("로그인",)),
    (("logout", "signout"), ("로그아웃",)),
    (("account", "accounts"), ("계정",)),
    (("admin", "administrator"), ("관리자",)),
    (("password", "passwords"), ("비밀번호",)),
    (("auth", "authentication"), ("인증",)),
    (("certificate", "certificates"), ("인증서",)),
    (("permission", "permissions", "authorization"), ("권한",)),
    (("verify", "verification", "validation", "validate"), ("검증",)),
    (("signature", "signatures", "signed"), ("서명",)),
    (("encryption", "encrypt", "encrypted"), ("암호화",)),
    (("secret", "secrets"), ("비밀",)),
    (("expire", "expiry", "expiration", "expired"), ("만료",)),
    (("valid", "validity"), ("유효",)),
    (("duration", "period", "lifetime", "ttl"), ("기간",)),
    (("stay", "keep", "maintain", "persist"), ("유지",)),
    # languages and translations: the names code gives them
    (("translation", "translations", "translate", "i18n", "l10n", "locale", "locales"), ("번역", "다국어")),
    (("korean", "ko", "ko-kr"), ("한국어", "한글")),
    (("japanese", "ja"), ("일본어",)),
    (("english", "en"), ("영어",)),
    (("chinese", "zh"), ("중국어",)),
    # requests and failures
    (("request", "requests"), ("요청",)),
    (("response", "responses"), ("응답",)),
    (("fail", "fails", "failed", "failure", "failing"), ("실패",)),
    (("timeout", "timeouts"), ("시간초과",)),
    (("retry", "retries"), ("재시도",)),
    (("limit", "limits", "limiter", "max", "maximum"), ("제한", "한도", "최대")),
    (("speed", "rate"), ("속도",)),
    (("count", "attempts"), ("횟수", "개수")),
    (("allow", "allowed", "allowlist"), ("허용",)),
    (("block", "blocked", "blocking"), ("차단",)),
    (("origin", "origins"), ("출처",)),
    (("connection", "connections"), ("연결",)),
    (("network",), ("네트워크",)),
    (("address",), ("주소",)),
    (("path", "route"), ("경로",)),
    (("body", "payload"), ("본문",)),
    (("raw", "original"), ("원본",)),
    (("lock", "locks", "locking"), ("잠금",)),
    (("wait", "waiting"), ("대기",)),
    (("queue", "queues"), ("대기열",)),
    (("concurrency", "concurrent", "concurrently"), ("동시성", "동시")),
    (("parallel",), ("병렬",)),
    # running software
    (("deploy", "deployment", "release"), ("배포",)),
    (("development",), ("개발",)),
    (("production", "prod"), ("운영",)),
    (("environment", "env"), ("환경",)),
    (("variable", "variables"), ("변수",)),
    (("database", "db"), ("데이터베이스", "디비")),
    (("backup", "backups"), ("백업",)),
    (("retention", "retain"), ("보관",)),
    (("save", "store", "storage"), ("저장", "저장소")),
    (("export", "exports"), ("내보내기",)),
    (("import", "imports"), ("가져오기",)),
    (("install", "installation"), ("설치",)),
    (("dependency", "dependencies"), ("의존성",)),
    (("restart", "restarts"), ("재시작",)),
    (("interval", "cycle"), ("주기",)),
    (("stage", "stages", "step", "steps"), ("단계",)),
    (("worker", "workers"), ("작업자",)),
    (("daily",), ("매일",)),
    (("nightly",), ("야간",)),
    (("weekly",), ("매주",)),
    (("schedule", "scheduled", "cron"), ("일정", "예약")),
    (("notification", "notifications", "alert", "alerts"), ("알림",)),
    (("email", "mail"), ("이메일", "메일")),
    (("image", "images"), ("이미지",)),
    (("upload",), ("업로드",)),
    (("download",), ("다운로드",)),
    (("memory", "oom"), ("메모리",)),
    (("performance",), ("성능",)),
    (("encoding", "charset"), ("인코딩",)),
    (("search",), ("검색",)),
    (("index", "indexing"), ("색인",)),
    (("reindex", "reindexing"), ("재색인",)),
    (("analyzer", "analysis"), ("분석기", "분석")),
    (("settings", "config", "configuration"), ("설정",)),
    (("size",), ("크기", "용량")),
    (("frontend",), ("프론트엔드", "프론트")),
    (("backend",), ("백엔드",)),
    (("merge",), ("병합",)),
    (("conflict", "conflicts"), ("충돌",)),
    (("comment", "comments"), ("주석", "댓글")),
    # screens and time
    (("button", "buttons"), ("버튼",)),
    (("screen", "screens"), ("화면",)),
    (("wording", "strings"), ("문구",)),
    (("list",), ("목록",)),
    (("sort", "sorting"), ("정렬",)),
    (("format", "formatting"), ("형식",)),
    (("date", "dates"), ("날짜",)),
    (("days", "day"), ("며칠", "일수")),
    (("timezone", "tz"), ("시간대",)),
]

# Words written joined, apart or hyphenated: the joined form, then the parts.  A prompt's
# parts are read as the joined word; the joined word also finds the parts written apart.
COMPOUNDS = [
    ("login", ("log", "in")), ("logout", ("log", "out")), ("signin", ("sign", "in")),
    ("signout", ("sign", "out")), ("signup", ("sign", "up")), ("backup", ("back", "up")),
    ("timeout", ("time", "out")), ("rollback", ("roll", "back")), ("shutdown", ("shut", "down")),
    ("dropdown", ("drop", "down")), ("popup", ("pop", "up")), ("frontend", ("front", "end")),
    ("backend", ("back", "end")), ("database", ("data", "base")), ("username", ("user", "name")),
    ("filename", ("file", "name")), ("hostname", ("host", "name")), ("email", ("e", "mail")),
    ("webhook", ("web", "hook")), ("plugin", ("plug", "in")), ("healthcheck", ("health", "check")),
    ("시간초과", ("시간", "초과")), ("환경변수", ("환경", "변수")),
]  # fmt: skip

_FORMS: dict[str, tuple[str, ...]] = {}
for _english, _korean in ROWS:
    for _word in _english + _korean:
        _FORMS[_word] = _english + _korean
_APART = {joined: " ".join(parts) for joined, parts in COMPOUNDS}


def same_as(term: str) -> list[str]:
    """The other forms of `term`'s row (itself left out), [] when it has none."""
    forms = _FORMS.get(term)
    return [f for f in forms if f != term] if forms else []


def apart(word: str) -> str | None:
    """The joined `word` written apart ("login" -> "log in"), None when it is not a compound."""
    return _APART.get(word)


def _inflected(first: str) -> list[str]:
    """`first` and the forms a verb takes before its particle (log: logs, logged, logging)."""
    if not first.isascii() or len(first) < 3:
        return [first]
    stem = first[:-1] if first.endswith("e") else first
    vowels = "aeiou"
    short = first[-1] in "bdglmnprt" and first[-2] in vowels and first[-3] not in vowels  # log -> logged
    double = first + first[-1] if short else first
    return [first, first + "s", stem + "ed", stem + "ing", double + "ed", double + "ing"]


# (first word as typed, in any of its forms, lowercased) -> [(second word, joined word)]
_JOINS: dict[str, list[tuple[str, str]]] = {}
for _joined, (_first, _second) in COMPOUNDS:
    for _form in dict.fromkeys(_inflected(_first)):
        _JOINS.setdefault(_form, []).append((_second, _joined))
# What a text must hold for a compound to be in it: a first word's start (a one-letter one with its second).
_SIGNS = tuple(sorted(
    {first[:3] for _joined, (first, _second) in COMPOUNDS if len(first) > 1}
    | {f"{first}{sep}{second}" for _joined, (first, second) in COMPOUNDS if len(first) == 1 for sep in "- "}
))


@functools.cache
def _pair() -> re.Pattern:
    """A word, the space or hyphen after it, and the next word (not consumed: it may start a pair too)."""
    return re.compile(r"(?<![\w-])(\w+)[ \t-]+(?=(\w+))")


def join_compounds(text: str) -> str:
    """`text` with compounds written apart or hyphenated written joined ("can't log in",
    "sign-up form", "timed out", "시간 초과로" -> "can't login", "signup form", "timeout",
    "시간초과로").  A Latin second word must end there ("log into" stays); a Korean one
    may carry its particle."""
    lowered = text.lower() if text else ""
    if not any(sign in lowered for sign in _SIGNS):
        return text
    out, done = [], 0
    for match in _pair().finditer(text):
        if match.start() < done:
            continue
        joins = _JOINS.get(match.group(1).lower())
        if not joins:
            continue
        nxt = match.group(2).lower()
        for second, joined in joins:
            if nxt == second or (second[0] >= "\uac00" and nxt.startswith(second)):
                out += [text[done : match.start()], joined]
                done = match.end() + len(second)
                break
    return "".join(out) + text[done:] if out else text
