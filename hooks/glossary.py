"""Words that name the same thing across English, Korean and code, for recall.

A Korean prompt about English-worded work ("장바구니 번역") and an English prompt about
Korean-worded work ("the Korean translations of the cart", whose task says 장바구니 and
touched `src/i18n/ko.json`) share no word.  Hangul loanwords are spelled back by
`hooks.loanwords` (웹훅 -> webhook); this table holds the native Korean words of
everyday software and product work, and the short forms code uses for languages and
translations (`ko`, `i18n`).  Each row: English forms, then the Korean forms; a word
of either side matches every form of the row.  Kept to general vocabulary: a row for
one project's words would only teach recall that project.
"""

from __future__ import annotations

ROWS = [
    # commerce
    (("cart", "basket"), ("장바구니",)),
    (("order", "orders"), ("주문",)),
    (("payment", "payments", "checkout"), ("결제",)),
    (("refund", "refunds"), ("환불",)),
    (("price", "pricing"), ("가격",)),
    (("discount",), ("할인",)),
    (("shipping", "delivery"), ("배송",)),
    (("product", "products"), ("상품", "제품")),
    (("stock", "inventory"), ("재고",)),
    # people and access
    (("user", "users"), ("사용자", "유저")),
    (("member", "members", "membership"), ("회원",)),
    (("signup", "registration"), ("회원가입", "가입")),
    (("login", "signin"), ("로그인",)),
    (("logout", "signout"), ("로그아웃",)),
    (("password", "passwords"), ("비밀번호",)),
    (("auth", "authentication"), ("인증",)),
    (("permission", "permissions", "authorization"), ("권한",)),
    (("verify", "verification", "validation", "validate"), ("검증",)),
    (("expire", "expiry", "expiration", "expired"), ("만료",)),
    # languages and translations: the names code gives them
    (("translation", "translations", "translate", "i18n", "l10n", "locale", "locales"), ("번역", "다국어")),
    (("korean", "ko", "ko-kr"), ("한국어", "한글")),
    (("japanese", "ja"), ("일본어",)),
    (("english", "en"), ("영어",)),
    (("chinese", "zh"), ("중국어",)),
    # running software
    (("deploy", "deployment", "release"), ("배포",)),
    (("development",), ("개발",)),
    (("production", "prod"), ("운영",)),
    (("environment", "env"), ("환경",)),
    (("database", "db"), ("데이터베이스", "디비")),
    (("backup", "backups"), ("백업",)),
    (("notification", "notifications", "alert", "alerts"), ("알림",)),
    (("email", "mail"), ("이메일", "메일")),
    (("image", "images"), ("이미지",)),
    (("upload",), ("업로드",)),
    (("download",), ("다운로드",)),
    (("memory", "oom"), ("메모리",)),
    (("encoding", "charset"), ("인코딩",)),
    (("connection", "connections"), ("연결",)),
    (("retry", "retries"), ("재시도",)),
    (("search",), ("검색",)),
    (("settings", "config", "configuration"), ("설정",)),
    (("size",), ("크기", "용량")),
    # screens and time
    (("button", "buttons"), ("버튼",)),
    (("screen", "screens"), ("화면",)),
    (("wording", "strings"), ("문구",)),
    (("date", "dates"), ("날짜",)),
    (("timezone", "tz"), ("시간대",)),
    (("schedule",), ("일정",)),
]

_FORMS: dict[str, tuple[str, ...]] = {}
for _english, _korean in ROWS:
    for _word in _english + _korean:
        _FORMS[_word] = _english + _korean


def same_as(term: str) -> list[str]:
    """The other forms of `term`'s row (itself left out), [] when it has none."""
    forms = _FORMS.get(term)
    return [f for f in forms if f != term] if forms else []
