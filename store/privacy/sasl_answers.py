"""A password a mail or news client sends in base64 after the server asked for it (SASL's LOGIN
exchange, in SMTP, IMAP and POP3 alike): the server's challenge is base64 too (`334 UGFzc3dvcmQ6`,
`+ UGFzc3dvcmQ6`: `Password:`), and the client's next line answers it with the password in base64,
no label beside it.  A tool's debug output shows the exchange (`swaks`, `openssl s_client`,
`msmtp --debug`, `curl -v`, smtplib's `send:`/`reply:`).  The answer to the challenge for the user
name (`VXNlcm5hbWU6`) is a login and stays; the capabilities, queue ids and a DKIM signature have
no such challenge before them."""

from store.privacy.encoded import decoded_text
from store.privacy.values import P_RANDOM, add_span, compiled, line_bounds

# (below the other finders': a value one of them finds keeps the kind it gives)
P_SASL = P_RANDOM + 500
# The server's challenge: its reply code or IMAP's continuation mark, then one base64 word ending the line.
_CHALLENGE = r"(?:\b334|\+)[ \t]+([A-Za-z0-9+/]{8,40}={0,2})(?:\\r\\n)?['\"]?[ \t]*\r?$"
_ANSWER = r"[A-Za-z0-9+/]{4,400}={0,2}(?![\w+/=])"
# `Password`, `password` and `PASSWORD` in base64, as a challenge opens: a diff's `+ ` lines hold none
_PASSWORD_ASKED = ("UGFzc3dvcmQ", "cGFzc3dvcmQ", "UEFTU1dPUkQ")
_MOST = 200  # challenges read a text: a session logs a few; a MB of `+ ` lines is no session


def sasl_answers(text: str, found: list) -> None:
    """Each base64 answer on the line after a server's base64 challenge that asks for a password."""
    if ("334 " not in text and "+ " not in text) or not any(asked in text for asked in _PASSWORD_ASKED):
        return
    for n, m in enumerate(compiled("sasl-challenge", "(?m)" + _CHALLENGE).finditer(text)):
        if n >= _MOST:
            return
        asked = decoded_text(m.group(1))
        if asked is None or not asked.strip().lower().startswith("password"):
            continue
        start = text.find("\n", m.end())
        if start < 0:
            continue
        _, end = line_bounds(text, start + 1)  # the line after the challenge's
        answers = list(compiled("sasl-answer", _ANSWER).finditer(text, start + 1, end))
        if answers and decoded_text(answers[-1].group()) is not None:
            add_span(found, text, answers[-1].start(), answers[-1].end(), P_SASL, "password")
