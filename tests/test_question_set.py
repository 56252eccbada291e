"""The question set of bench_questions is labelled consistently: every answer a question
names is text its session stores, and the held part is a real share of the set."""

from bench import question_set
from bench.bench_questions import _templated


def session_text(session: dict) -> str:
    parts = [session["prompt"], session["commit"]]
    if session["fail"]:
        parts += list(session["fail"])
    parts += [text for edit in session["edits"] for text in edit]  # the path, the old and the new text
    parts += [text for pair in session["commands"] for text in pair]
    return "\n".join(parts)


def test_every_answer_is_text_of_its_session():
    for session in question_set.SESSIONS:
        text = session_text(session)
        for question, answers in session["questions"] + _templated(session):
            assert any(a in text for a in answers), (session["key"], question)


def test_the_held_part_is_a_third_or_more_and_both_languages_are_in_it():
    held = [q for s in question_set.SESSIONS if s["split"] == "held" for q, _ in s["questions"]]
    every = [q for s in question_set.SESSIONS for q, _ in s["questions"]]
    assert len(held) * 3 >= len(every)
    assert any(any("가" <= ch <= "힣" for ch in q) for q in held) and any(q.isascii() for q in held)
