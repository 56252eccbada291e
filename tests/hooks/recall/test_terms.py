"""What a prompt's words find beyond their own spelling: a Hangul loanword its
English word (only when the user's store holds it), an identifier its parts in
any order.  Each store is built so the answer follows from the idea, not from
where the thresholds sit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hooks.recall import choose, terms
from tests.hooks.recall.recall_store import CURRENT, PROJECT, everyday, injected, sessions_of, task

REPO = Path(__file__).resolve().parents[3]


def webhook_task(conn) -> None:
    task(conn, "s-webhook", ("prompt", "stripe webhooks fail: No signatures found matching the expected signature"),
         ("file_edit", "Edit app/webhooks.py: verify over the raw request body", "app/webhooks.py"),
         ("command", "verify stripe webhook signatures over the raw body\n[main 1a2b3c4]"))  # fmt: skip


# ------------------------------------------------------------------ loanwords


def test_a_korean_loanword_finds_the_english_worded_task(conn):
    everyday(conn)
    webhook_task(conn)
    task(conn, "s-stripe-ui", ("prompt", "stripe 결제 버튼 색 바꿔줘"))
    assert sessions_of(conn, injected(conn, "웹훅 서명 검증이 또 실패해요")) == {"s-webhook"}


def test_the_english_word_joins_the_korean_one_only_when_the_store_holds_it(conn):
    everyday(conn)
    concepts = choose.score_tasks(conn, "웹훅 설정 다시 봐줘", session_id=CURRENT)["concepts"]
    assert "english" not in next(c for c in concepts if c["term"] == "웹훅")
    assert injected(conn, "웹훅 설정 다시 봐줘") == ""
    webhook_task(conn)
    concepts = choose.score_tasks(conn, "웹훅 설정 다시 봐줘", session_id=CURRENT)["concepts"]
    assert next(c for c in concepts if c["term"] == "웹훅")["english"] == ["webhook"]


def test_a_spelled_loanword_weighs_by_the_english_words_rarity(conn):
    # 테스트 is "test", which every everyday task holds: it cannot make a match.
    everyday(conn)
    task(conn, "s-redis", ("prompt", "redis pool size 50"))
    scored = choose.score_tasks(conn, "테스트 레디스 풀 크기", session_id=CURRENT)
    weight = {c["term"]: w for c, w in zip(scored["concepts"], scored["weights"])}
    assert next(c for c in scored["concepts"] if c["term"] == "테스트")["english"][0] == "test"
    assert weight["테스트"] < weight["레디스"] / 2
    assert injected(conn, "테스트 다시 돌려줘") == ""


def test_spelling_costs_a_bounded_number_of_lookups(conn, monkeypatch):
    from store.search import recall as recall_sql

    everyday(conn, 5)
    asked = []
    real = recall_sql.known_words

    def counting(conn, candidates, *, want):
        asked.append(len(candidates))
        return real(conn, candidates, want=want)

    monkeypatch.setattr(recall_sql, "known_words", counting)
    prompt = " ".join(["웹훅", "도커", "레디스", "크론", "로케일", "리포트", "타임아웃", "인덱스"] * 20)
    choose.score_tasks(conn, prompt, session_id=CURRENT)
    assert len(asked) == terms.MAX_LOANWORDS
    assert all(0 < n <= terms.LOANWORD_SPELLINGS for n in asked)


def test_generic_korean_words_are_not_spelled(conn):
    everyday(conn)
    webhook_task(conn)
    scored = choose.score_tasks(conn, "다시 웹훅 고쳐줘", session_id=CURRENT)
    spelled = [c["term"] for c in scored["concepts"] if "english" in c]
    assert spelled == ["웹훅"]


def test_an_unrelated_korean_prompt_stays_silent_with_loanwords_in_the_store(conn):
    everyday(conn)
    webhook_task(conn)
    task(conn, "s-docker", ("prompt", "shrink the docker image with a multi-stage build"),
         ("file_edit", "Edit Dockerfile: FROM python:3.11-slim AS runtime", "Dockerfile"))  # fmt: skip
    for prompt in ("오늘 점심 메뉴 추천해줘", "회원가입 페이지에 약관 동의 체크박스 추가해줘", "이 버그 좀 다시 고쳐줘"):
        assert injected(conn, prompt) == "", prompt


# ------------------------------------------------------------------ identifier parts


def test_an_identifier_finds_its_parts_in_another_order(conn):
    everyday(conn)
    task(conn, "s-dates", ("prompt", "날짜를 YYYY.MM.DD 형식으로 보여줘"),
         ("file_edit", "Edit src/utils/locale.ts: Intl.DateTimeFormat with the user's locale", "src/utils/locale.ts"))
    task(conn, "s-other", ("prompt", "the yyyy field of the report header is empty"))
    assert sessions_of(conn, injected(conn, "the invoice still shows MM/DD/YYYY")) == {"s-dates"}


def test_a_camel_case_identifier_finds_its_words(conn):
    everyday(conn)
    task(conn, "s-retry", ("prompt", "the payment retry delay grows too fast"),
         ("file_edit", "Edit src/payments/retry.ts: cap the retry delay at 30 s", "src/payments/retry.ts"))
    task(conn, "s-delay", ("prompt", "add a delay before the confirmation email"))
    assert sessions_of(conn, injected(conn, "retryDelay is still too long")) == {"s-retry"}


def test_parts_far_apart_are_not_the_identifier(conn):
    everyday(conn)
    words = " ".join(f"filler{i}" for i in range(terms.IDENTIFIER_NEAR + 3))
    task(conn, "s-apart", ("prompt", f"the retry went out {words} and the delay was fine"))
    scored = choose.score_tasks(conn, "retryDelay", session_id=CURRENT)
    assert ("s-apart", "p1") not in scored["tasks"]
    task(conn, "s-close", ("prompt", "the delay of the retry was fine"))
    scored = choose.score_tasks(conn, "retryDelay", session_id=CURRENT)
    assert ("s-close", "p1") in scored["tasks"]


def test_a_word_inside_a_camel_case_file_name_counts_for_its_task(conn):
    # The word index keeps `formatDate` whole: `date` and `format` are found in the
    # name itself.  Without them the task ties with two that hold one word each.
    everyday(conn)
    task(conn, "s-format", ("prompt", "날짜를 한국식으로 보여줘"),
         ("file_edit", "Edit src/utils/formatDate.ts: Intl.DateTimeFormat(locale)", "src/utils/formatDate.ts"),
         ("command", "$ npm test -- formatDate\nPASS (6 tests)"))  # fmt: skip
    task(conn, "s-backup", ("prompt", "name the nightly dump after its date"),
         ("file_edit", "Edit scripts/backup.sh: $(date +%F).sql.gz", "scripts/backup.sh"))  # fmt: skip
    task(conn, "s-help", ("prompt", "add the locale files for the help pages"))
    block = injected(conn, "the dates format is wrong for the locale")
    assert sessions_of(conn, block) == {"s-format"}
    assert "formatDate.ts" in block


def test_only_whole_words_of_a_name_count(conn):
    everyday(conn)
    task(conn, "s-update", ("file_edit", "Edit src/autoUpdater.ts: check hourly", "src/autoUpdater.ts"))
    scored = choose.score_tasks(conn, "dates and updates", session_id=CURRENT)
    task_concepts = scored["tasks"].get(("s-update", "p1"), {"concepts": set()})["concepts"]
    terms = {scored["concepts"][i]["term"] for i in task_concepts}
    assert "dates" not in terms  # `date` is inside `Updater`, not one of its words


def test_a_long_prompt_of_identifiers_costs_no_more_than_its_head(conn):
    everyday(conn, 5)
    parts = terms._identifier_parts("fooBar " * 50_000 + "lateWord")
    assert parts == {"foobar": ["foo", "bar"]}


# ------------------------------------------------------------------ through the hook


def test_the_hook_process_recalls_a_task_from_a_korean_loanword(conn, env):
    everyday(conn)
    webhook_task(conn)
    event = {"session_id": CURRENT, "cwd": PROJECT, "hook_event_name": "UserPromptSubmit",
             "prompt_id": "p-9", "prompt": "스트라이프 웹훅 서명 검증이 또 실패해요"}  # fmt: skip
    result = subprocess.run([sys.executable, "-m", "hooks"], input=json.dumps(event).encode(), capture_output=True,
                            cwd=REPO, env=dict(os.environ), timeout=60)  # fmt: skip
    assert result.returncode == 0 and result.stderr == b""
    block = json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "stripe webhooks fail" in block


def test_an_inflected_generic_word_stays_generic():
    generic = dict(terms.relevance_terms("rounding.py gives the wrong cents, it keeps fixing nothing"))
    assert generic["gives"] and generic["keeps"] and generic["fixing"]
    assert not generic["cents"] and not generic["rounding.py"]


def test_a_korean_word_the_glossary_translates_is_not_spelled_as_a_loanword(conn):
    # 대기 ("wait") spells "take" and 배포 ("deploy") spells "befor": words this store holds.
    everyday(conn)
    task(conn, "s-take", ("prompt", "take a snapshot before the build"), ("command", "$ make snapshot\nok"))
    concepts = choose.score_tasks(conn, "배포 대기 조건", session_id=CURRENT)["concepts"]
    for term in ("배포", "대기"):
        assert "english" not in next(c for c in concepts if c["term"] == term)
    assert injected(conn, "배포할 때 대기 조건 알려줘") == ""


def test_korean_words_for_when_where_and_changed_are_generic():
    generic = dict(terms.relevance_terms("배포할 때 어디서 바꾼 설정"))
    assert generic["때"] and generic["어디서"] and generic["바꾼"]
    assert not generic["배포"] and not generic["설정"]


def test_korean_question_words_of_how_long_and_how_many_are_generic():
    generic = dict(terms.relevance_terms("백업은 며칠 동안 보관돼? 얼마나 몇 번 재시도해"))
    assert generic["동안"] and generic["얼마"] and generic["몇"] and generic["번"]
    assert not generic["백업"] and not generic["며칠"] and not generic["재시도"]


def test_a_verb_written_alone_without_its_ending_is_generic(conn):
    # "어디서 해?": 해 alone matched every word starting with it (해결, 해시) and weighed like a topic.
    generic = dict(terms.relevance_terms("로그 보관 기간 설정 어디서 해? 이거 돼?"))
    assert generic["해"] and generic["돼"] and not generic["보관"]
    everyday(conn)
    task(conn, "s-solved", ("prompt", "엑셀 한글 깨지는 거 해결했지"), ("command", "$ echo 해결\n해결"))
    assert injected(conn, "로그 보관 설정 어디서 해?") == ""


def test_a_possessive_is_its_word():
    # "user's" was a word of its own, found nowhere, and weighed like the rarest topic of the prompt.
    found = dict(terms.relevance_terms("how long until a user's session expires? it's the client’s fault"))
    assert "user" in found and "user's" not in found and not found["user"]
    assert found["it's"]  # a generic contraction stays as it is
