"""Secrets as people and processes show them, beyond the shapes of files and code (each finder a
row of FINDERS in store/privacy/__init__.py, each value decided by store/privacy/evidence.py):

- a ONE-TIME CODE said with its label, in a sentence or a forwarded message (`my 2FA code is
  482913`, `verification code: 482913`, `验证码：482913`, `인증번호 [482913]`, `Use 482913 as your
  login code`): 4 to 8 digits that end the clause, after a label that names a code of a second
  factor or of a verification (a quantity, `verification took 1234 ms`, and a number of any other
  label, `error code 482913`, `order #482913`, are kept).
"""

from __future__ import annotations

from store.privacy.evidence import POSITION, decide
from store.privacy.rules import STRONG
from store.privacy.values import P_NAME, add_span, compiled

P_PROCESS = P_NAME + 500  # as a candidate's (store/privacy/candidates.py)

# ------------------------------------------------------------------------------ one-time codes
# The words that say a code is a second factor's or a verification's, as the one pass finds them
# (lowercased; `verifica` is verification, verificación, verificação, verificatie; `confirma`
# confirmation, confirmación; `authentica` authentication, authenticator).
OTP_CODE_LITERALS = (
    "2fa", "mfa", "otp", "verifica", "vérifica", "authentica", "confirma", "security code", "login code",
    "sign-in code", "signin code", "one-time", "one time", "bestätigungscode", "verifizierungscode",
    "sicherheitscode", "anmeldecode", "weryfikac", "doğrulama", "xác minh", "xác nhận", "подтвержд", "验证码",
    "驗證碼", "认证码", "校验码", "인증번호", "인증 코드", "인증코드", "確認コード", "認証コード", "認證碼",
)  # fmt: skip
_CODE_WORDS = r"(?:codes?|tokens?|pin|passcode|kod[ua]?|kode|koodi|código|codice|code|код|mã|번호|코드|コード|码|碼)"
# a second factor's words stand alone (`OTP: X`, `my 2FA X`); the others name a code only with its
# word (`verification code`, `login code`: `confirmation 20931` may be a booking's number)
_ALONE = r"(?:2fa|mfa|otp|totp)"
_QUALIFIERS = (r"(?:2fa|mfa|otp|totp|verifica\w{0,6}|vérification|authentica\w{0,5}|confirma\w{0,6}|security|login"
               r"|sign-?in|one[- ]time|bestätigungs|verifizierungs|sicherheits|anmelde|weryfikac\w{0,8}"
               r"|doğrulama|xác minh|xác nhận|подтвержд\w{0,6}|验证|驗證|认证|校验|인증|確認|認証|認證)")
_CONNECTIVES = r"(?:is|was|ist|lautet|est|es|é|è|är|er|on|je|jest|to|da|是|为|為|は|는|은|:)"
_DIGITS = r"(\d{3}[ -]\d{3}|\d{4,8})"
# what ends a code's clause: not a unit or a count (`1234 ms`, `6 digits`), no digit or letter on
_CODE_END = (r"(?![\w.,:/-]?\d)(?![^\W\d_])(?![ \t]*(?:ms|s|sec|secs|seconds|bytes|kb|mb|gb|%|px|times|rows|digits"
             r"|chars|characters|minutes|mins|min|hours|days|attempts|tries|ft|m|km|kg)\b)")


def _otp_rx():
    return compiled("one-time code", (
        r"(?i)(?<![\w-])(?:(?:codes?|código|codice|kod|код|mã)[ \t]+(?:de[ \t]+|di[ \t]+|from[ \t]+(?:my|the|your)[ \t]+)?"
        + _QUALIFIERS + r"(?:[ \t]*app)?|" + _ALONE + r"(?:[ \t-]?" + _CODE_WORDS + r")?|" + _QUALIFIERS
        + r"(?:[ \t]*app)?[ \t-]?" + _CODE_WORDS + r")"
        r"(?:[ \t]*[:=\uff1a][ \t]*|[ \t]+" + _CONNECTIVES + r"[ \t]+|[ \t]*(?:是|为|為|は|는|은)[ \t]*|[ \t]+)"
        r"[\[(「\"'`]?" + _DIGITS + r"[\])」\"'`]?" + _CODE_END
        + r"|(?<![\w-])" + _DIGITS + r"[ \t]+(?:as|is)[ \t]+(?:your|the|my|a)[ \t]+(?:[^\W\d_]{2,12}[ \t]+)?"
        + _QUALIFIERS + r"[ \t-]?" + _CODE_WORDS))  # fmt: skip


def one_time_codes(text, low, anchors, found):
    """A one-time code said with its label (see the module docstring)."""
    present = anchors.present
    rx = None
    done = -1
    for lit in OTP_CODE_LITERALS:
        if lit not in present:
            continue
        if rx is None:
            rx = _otp_rx()
        for at in anchors.at(lit):
            if at < done:
                continue
            m = rx.search(text, max(0, at - 40), min(len(text), at + 90))
            while m is not None and m.end() <= at:
                m = rx.search(text, m.end(), min(len(text), at + 90))
            if m is None or m.start() > at + len(lit):
                continue
            g = 1 if m.start(1) >= 0 else 2
            done = m.end()
            if decide(m.group(g), STRONG, POSITION):
                add_span(found, text, m.start(g), m.end(g), P_PROCESS, "password")


def literals() -> tuple:
    """What the finders here look for in the lowercased text (store/privacy/anchors.py)."""
    return OTP_CODE_LITERALS
