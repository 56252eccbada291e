"""The name rule in two threads at once (the hook server may filter two texts together): what it
reads of a name's line is its own call's, so no call sees the line another one moved to."""

import sys
import threading

from store.privacy import find_secrets, names

TEXTS = [
    "Cookie: a=1; token=abc\nlorem ipsum\n    db_token = somethingElse  # " + "z" * 200,
    "export DB_PASSWORD=Gx7kP2mQ9z\nx = f(1); secret=Gx7kP2mQ9z\n" * 40,
    "wifi password: Sunshine\ndocker run -e password=Gx7kP2mQ9z img\n" * 40,
    "g(user, token=tok1x); " * 300 + 'Conn("Server=db;Password=Gx7kP2mQ9z")\n    token = result\n',
    "[db]\npassword = hunter22\nuser = app\n" * 40,
]


def test_two_threads_filtering_different_texts_at_once_find_what_each_finds_alone():
    alone = [find_secrets(t) for t in TEXTS]
    got = [[], []]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # (a switch between threads as often as the interpreter allows)
    try:
        def run(k):
            for _ in range(20):
                for t in TEXTS[k::2] + TEXTS[1 - k::2]:
                    got[k].append((t, find_secrets(t)))

        threads = [threading.Thread(target=run, args=(k,)) for k in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    expected = dict(zip(TEXTS, alone))
    assert all(spans == expected[t] for k in (0, 1) for t, spans in got[k])
    assert len(got[0]) == len(got[1]) == 20 * len(TEXTS)


def test_a_call_that_starts_while_another_reads_the_same_text_keeps_its_own_line(monkeypatch):
    # A stops at the first line it reads; B starts on the same text and stops at the first line
    # it reads; A reads on to the text's end; then B goes on.  When the line was shared, B went on
    # from the line A had moved it to: `token=abc` read as outside its cookie, its flag redacted.
    text = TEXTS[0]
    alone = find_secrets(text)
    a_stopped, b_stopped, a_done = threading.Event(), threading.Event(), threading.Event()
    role = threading.local()
    move_to = names._Line.move_to

    def stopping_move_to(line, key_start):
        move_to(line, key_start)
        who = getattr(role, "name", None)
        if who == "A" and not a_stopped.is_set():
            a_stopped.set()
            assert b_stopped.wait(10)
        elif who == "B" and not b_stopped.is_set():
            b_stopped.set()
            assert a_done.wait(10)

    monkeypatch.setattr(names._Line, "move_to", stopping_move_to)
    got = {}

    def run(who):
        role.name = who
        got[who] = find_secrets(text)
        if who == "A":
            a_done.set()

    a = threading.Thread(target=run, args=("A",))
    a.start()
    assert a_stopped.wait(10)
    b = threading.Thread(target=run, args=("B",))
    b.start()
    a.join(10)
    b.join(10)
    assert b_stopped.is_set() and a_done.is_set()
    assert got == {"A": alone, "B": alone} and alone == []
