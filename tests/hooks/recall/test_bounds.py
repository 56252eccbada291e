"""Recall's reads stay bounded as the store grows: a pair of common words is read only
where both words were read, and a common word's prefix (`rotat*`, `속도*`: FTS5 merges
the whole list of every word it starts) is not read.  The postings cap is set small
here, so a few dozen memories stand for a store where these words are everywhere."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from hooks.recall import choose
from store.search import recall as recall_sql
from tests.hooks.recall.recall_store import CURRENT, task
from tests.hooks.test_hook_events import IMPORT_PROBE, REPO
from tests.shared_payloads import PAYLOADS

CAP = 20


@pytest.fixture
def reads(monkeypatch):
    """Every word-index read recall makes: (match, since)."""
    monkeypatch.setattr(recall_sql, "POSTINGS_CAP", CAP)
    seen = []
    read = recall_sql.matching_ids

    def spy(conn, match, *, cap=CAP, since=None):
        seen.append((match, since))
        return read(conn, match, cap=cap, since=since)

    monkeypatch.setattr(recall_sql, "matching_ids", spy)
    return seen


def fill(conn, count: int, content: str, session: str) -> list[int]:
    return task(conn, session, *[("command", f"{content} {n}") for n in range(count)])


def test_a_pair_of_common_words_is_read_only_where_both_words_were(conn, reads):
    old = task(conn, "old-work", ("command", "widget gadget side by side in the oldest memory"))
    fill(conn, 3 * CAP, "widget then gadget apart", "everyday")
    scored = choose.score_tasks(conn, "the widget gadget settings", session_id=CURRENT)
    pair = next(since for match, since in reads if match == '"widget gadget"')
    assert pair is not None and pair > old[0]  # both words past the cap: the oldest is not read
    assert ("old-work", "p1") not in scored["tasks"]


def test_a_pair_with_a_rare_word_is_read_whole(conn, reads):
    old = task(conn, "old-work", ("command", "widget sprocket side by side in the oldest memory"))
    fill(conn, 3 * CAP, "widget alone", "everyday")
    scored = choose.score_tasks(conn, "the widget sprocket settings", session_id=CURRENT)
    pair = next(since for match, since in reads if match == '"widget sprocket"')
    assert pair == old[0]  # the rare word's matches were all read: from its oldest, nothing is left out
    index = next(i for i, c in enumerate(scored["concepts"]) if c["term"] == "widget sprocket")
    assert index in scored["tasks"][("old-work", "p1")]["concepts"]


def test_a_common_word_does_not_read_its_prefix_and_a_rare_one_does(conn, reads):
    fill(conn, 2 * CAP, "rotating the signing keys", "everyday")
    choose.score_tasks(conn, "when are the rotating keys due", session_id=CURRENT)
    assert '"rotating"' in [match for match, _since in reads]
    assert not any("rotat\"*" in match for match, _since in reads)
    # "expired" is found only by the prefix of "expiry" (the index stems them apart)
    expired = task(conn, "rare-work", ("command", "the signing token expired overnight"))
    scored = choose.score_tasks(conn, "when is the token expiry", session_id=CURRENT)
    assert any("expir\"*" in match for match, _since in reads)
    assert expired[0] in scored["tasks"][("rare-work", "p1")]["ids"]


def test_a_common_korean_word_and_a_korean_pair_are_read_without_a_prefix(conn, reads):
    fill(conn, 2 * CAP, "캐시 설정을 바꿨다", "everyday")
    settings = task(conn, "past-work", ("command", "캐시 설정이 바뀌었다"))
    scored = choose.score_tasks(conn, "캐시 설정 다시 보여줘", session_id=CURRENT)
    assert not any('설정"*' in match for match, _since in reads)  # the word, nor the pair "캐시 설정"*
    assert settings[0] in scored["tasks"][("past-work", "p1")]["ids"]  # 설정이: the word with a particle
    pair = next(i for i, c in enumerate(scored["concepts"]) if c["term"] == "캐시 설정")
    assert pair in scored["tasks"][("past-work", "p1")]["concepts"]


def test_a_korean_word_common_alone_reads_neither_its_particles_nor_its_prefix(conn, reads):
    fill(conn, 2 * CAP, "캐시 비우기", "everyday")  # the word alone, past the cap
    past = task(conn, "past-work", ("command", "캐시 크기 줄임"))
    scored = choose.score_tasks(conn, "캐시 크기 다시 보여줘", session_id=CURRENT)
    word_reads = [match for match, _since in reads if match.startswith('"캐시"')]
    assert word_reads == ['"캐시"']  # not '"캐시" OR "캐시에서는" OR ...' (40 particles), nor '"캐시"*'
    assert past[0] in scored["tasks"][("past-work", "p1")]["ids"]


def test_tasks_that_hold_the_same_concepts_are_weighed_once(conn, monkeypatch):
    """Most tasks a prompt's words reach hold the same few concepts (one common word): a
    prompt costs a weighing per distinct set, not per task."""
    for n in range(3 * CAP):
        task(conn, f"everyday-{n}", ("command", f"cart total checked, run {n}"))
    weighed = []
    real = choose._weigh
    monkeypatch.setattr(choose, "_weigh", lambda found, *rest: weighed.append(found) or real(found, *rest))
    scored = choose.score_tasks(conn, "the cart total is wrong", session_id=CURRENT)  # cart: 장바구니 too
    assert len(scored["tasks"]) >= 3 * CAP
    assert any("same_of" in c for c in scored["concepts"])  # the path that weighs each set
    assert 0 < len(weighed) <= 10


# A prompt with recall needs recall's modules (an Edit needs none): only the costly ones count.
PROMPT_PROBE = IMPORT_PROBE.replace(" or m in not_for_an_edit", "").replace("print(json.dumps(", "print('\\n' + json.dumps(")


def test_the_prompt_path_with_recall_loads_nothing_costly(env, conn):
    """Recall asks its store reads of faces that load no importlib (nor warnings with it)."""
    project = "/home/dev/calc-app"
    task(conn, "past-calc", ("prompt", "the add function in calc.py returns wrong sums"),
         ("file_edit", "Edit calc.py: return a + b", "calc.py"), project=project)  # fmt: skip
    event = json.loads((PAYLOADS / "user-prompt-submit.json").read_text())
    event["prompt"] = "why does the add function in calc.py return wrong sums"
    path = env.mhome.parent / "prompt.json"
    path.write_text(json.dumps(event))
    environ = dict(os.environ, PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-c", PROMPT_PROBE, str(path)], env=environ, check=True, capture_output=True)
    *output, loaded = done.stdout.decode().splitlines()
    assert "Relevant Memories" in "\n".join(output)  # recall ran to the end: a task chosen, its block sent
    assert json.loads(loaded) == []


def test_a_pair_whose_words_share_no_memory_is_not_read(conn, reads):
    task(conn, "apart-work", ("command", "widget moved"), ("command", "sprocket oiled"))
    scored = choose.score_tasks(conn, "the widget sprocket settings", session_id=CURRENT)
    assert '"widget sprocket"' not in [match for match, _since in reads]  # every memory's words were read: none holds both
    pair = next(i for i, c in enumerate(scored["concepts"]) if c["term"] == "widget sprocket")
    assert not any(pair in t["concepts"] for t in scored["tasks"].values())
    assert ("apart-work", "p1") in scored["tasks"]  # the words themselves are found


LANGUAGE_PROBE = PROMPT_PROBE.rsplit("print(", 1)[0] + (
    "import store.language.korean as k\n"
    "print('\\n' + json.dumps(['store.language.loanwords' in sys.modules, 'AUXILIARY' in vars(k),"
    " 'HANGUL' in vars(k)]))"
)


@pytest.mark.parametrize(("prompt", "korean"), [("why does the add function in calc.py return wrong sums", False),
                                                ("calc.py 덧셈 함수가 틀린 합계를 돌려줘요", True)])  # fmt: skip
def test_a_prompt_without_korean_loads_no_spelling_tables_nor_korean_verb_pattern(env, conn, prompt, korean):
    """A prompt hook pays for what its prompt needs: the Hangul spellings' tables and the Korean
    auxiliary verbs' pattern only for a prompt with Korean words; the Hangul pattern (~1 ms to
    compile) for none: a term is looked at character by character."""
    assert "AUXILIARY" in LANGUAGE_PROBE
    event = json.loads((PAYLOADS / "user-prompt-submit.json").read_text())
    event["prompt"] = prompt
    path = env.mhome.parent / "prompt.json"
    path.write_text(json.dumps(event))
    environ = dict(os.environ, PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-c", LANGUAGE_PROBE, str(path)], env=environ, check=True, capture_output=True)
    assert json.loads(done.stdout.decode().splitlines()[-1]) == [korean, korean, False]


def _particle_reads(reads: list, word: str) -> list[str]:
    """The reads of the word with all forty particles (에서는 is not one of the common ones)."""
    return [match for match, _since in reads if f'"{word}에서는"' in match]


def test_a_korean_word_rare_alone_reads_its_prefix_not_its_forty_particle_forms(conn, reads):
    """Its particle forms (41 terms, each looked up in every segment of the index) were read
    only to learn whether they fill the cap; the prefix, which holds them, answers that."""
    refund = task(conn, "refund-work", ("command", "환불을 부분 처리"), ("command", "환불금액 계산"))
    scored = choose.score_tasks(conn, "환불 다시 보여줘", session_id=CURRENT)
    assert _particle_reads(reads, "환불") == []
    assert '"환불"*' in [match for match, _since in reads]
    assert set(refund) <= set(scored["tasks"][("refund-work", "p1")]["ids"])


def test_a_korean_word_whose_particle_forms_fill_the_cap_is_still_placed_by_them(conn, reads):
    """Rare alone, common with its particles: its particle forms' newest matches place it, as
    before; a newer memory found only by the prefix (설정값) is not among them."""
    fill(conn, 2 * CAP, "설정을 바꿈", "everyday")
    task(conn, "prefix-only", ("command", "설정값 확인"))
    scored = choose.score_tasks(conn, "설정 다시 보여줘", session_id=CURRENT)
    assert len(_particle_reads(reads, "설정")) == 1
    assert ("prefix-only", "p1") not in scored["tasks"]
    assert ("everyday", "p1") in scored["tasks"]


def test_the_common_particle_forms_are_a_part_of_all_particle_forms():
    """The reads above are exact only so: the common forms filling the cap means all do."""
    from hooks.recall.terms import COMMON_PARTICLES
    from store.language import PARTICLES

    assert set(COMMON_PARTICLES) < set(PARTICLES)
    concept = next(c for c in choose.recall_concepts("환불 내역") if c["term"] == "환불")
    assert set(concept["common"].split(" OR ")) < set(concept["plain"].split(" OR "))
