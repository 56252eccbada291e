"""A question in a sentence: ranked by relevance over any of its words, the answer above a
past prompt that only restates it; forget still selects only memories holding every word."""

from store.search import count_hits, search, select_matching
from tests.store.conftest import add


def ids(hits):
    return [h["id"] for h in hits]


def test_a_memory_holding_one_rare_word_of_the_question_is_found(conn):
    for i in range(30):
        add(conn, f"ran the payments test suite again, run {i}: all green")
    answer = add(conn, "payments client: MAX_RETRIES = 3 with jittered backoff", type="file_edit")
    hits = ids(search(conn, "what did we decide about the retry limit of the payments client?"))
    assert answer in hits[:1]  # holds 'payments' and 'client', not 'decide', 'retry' or 'limit'


def test_a_rare_word_outweighs_a_common_one(conn):
    for i in range(40):
        add(conn, f"deploy log line {i}: service restarted")
    answer = add(conn, "pgbouncer pool_mode = transaction", type="file_edit")
    add(conn, "deploy finished", type="command")
    assert ids(search(conn, "which pgbouncer mode did the deploy use"))[0] == answer


def test_a_past_question_ranks_below_the_memory_that_answers_it(conn):
    answer = add(conn, "Edit src/auth/jwt.py\n+jwt.decode(token, key, leeway=30)  # clock skew", type="file_edit")
    asked = add(conn, "how much clock skew do we allow on jwt tokens?", type="prompt", session="s2")
    hits = ids(search(conn, "how much clock skew do we allow on jwt tokens"))
    assert hits.index(answer) < hits.index(asked)


def test_a_prompt_that_tells_is_not_taken_for_a_question(conn):
    told = add(conn, "cap jwt clock skew at 30 seconds", type="prompt")
    other = add(conn, "jwt library upgraded", type="command")
    assert ids(search(conn, "jwt clock skew setting"))[0] == told
    assert other in ids(search(conn, "jwt clock skew setting"))


def test_when_some_memory_holds_every_word_only_those_come_back(conn):
    both = add(conn, "nginx config reloaded")
    add(conn, "config of the api changed")
    assert ids(search(conn, "nginx config")) == [both]
    assert count_hits(conn, "nginx config") == 1


def test_forget_selects_only_memories_holding_every_word(conn):
    add(conn, "payments client: MAX_RETRIES = 3", type="file_edit")
    add(conn, "what did we decide about the retry limit of the payments client?", type="prompt")
    question = "retry limit payments client backoff"
    assert search(conn, question)  # search widens to any word
    assert select_matching(conn, question) == []  # forget never does


def test_a_month_named_in_the_question_matches_by_the_memory_time(conn):
    from datetime import datetime, timezone

    now = datetime.now(timezone.utc)
    month = now.strftime("%B")
    old = add(conn, "nginx client_max_body_size raised", 200, type="file_edit")
    recent = add(conn, "nginx gzip turned on", 0, type="file_edit", session="s2")
    assert ids(search(conn, f"what did we change in nginx in {month}?"))[0] == recent
    older_month = datetime.fromtimestamp(now.timestamp() - 200 * 86400, timezone.utc).strftime("%B")
    if older_month != month:
        assert ids(search(conn, f"what did we change in nginx in {older_month}?"))[0] == old


def test_irregular_forms_find_each_other(conn, monkeypatch):
    bought = add(conn, "the customer bought a yearly license", type="prompt")
    add(conn, "the customer renewed a yearly license", session="s2")
    ran = add(conn, "run the migrations on staging", session="s3")
    add(conn, "write the migrations on staging", session="s4")
    assert ids(search(conn, "did the customer buy a license?"))[0] == bought
    assert ids(search(conn, "which migrations ran on staging?"))[0] == ran


def test_a_question_also_gets_the_memories_holding_some_of_its_words(conn):
    commit = add(conn, "commit-msg hook: only checks the format\n 1 file changed", session="s1")
    edit = add(conn, "Edit .githooks/commit-msg (+1 -1)\n-make test\n+grep -qE '^(feat|fix)'", type="file_edit",
               file_path="/nonexistent/app/.githooks/commit-msg")  # fmt: skip
    hits = ids(search(conn, "what did we change in commit-msg?"))
    assert commit in hits and edit in hits  # only the commit holds 'changed'
    assert ids(search(conn, "change commit-msg")) == [commit]  # typed words: every word, as before


def test_a_possessive_finds_the_name(conn):
    hers = add(conn, "Caroline moved the report cron to 9am Seoul time", 3, type="prompt")
    for i in range(3):
        add(conn, f"moved the cleanup cron, try {i}", session=f"s{i + 2}")
    assert ids(search(conn, "when did Caroline's cron move?"))[0] == hers


def test_the_answering_turn_lifts_its_memories_above_lone_matches(conn):
    add(conn, "imports like ../../components are unreadable, add an @ alias", type="prompt", session="alias")
    edit = add(conn, "Edit vite.config.ts (+1 -1)\n-resolve: {}\n+resolve: { alias: { '@': path.resolve(__dirname, 'src') } }",
               type="file_edit", session="alias")  # fmt: skip
    for i in range(3):
        add(conn, f"$ psql -c 'drop alias {i}'\nExit code 1", type="error", session=f"other{i}")
    hits = ids(search(conn, "how is the @ import alias configured?"))
    assert hits.index(edit) <= 1  # after the prompt, before the short errors that say 'alias'


def test_a_korean_question_finds_work_done_in_english_words(conn):
    for i in range(20):
        add(conn, f"노이즈 캔슬링 이어폰 메모 {i}", type="prompt", session=f"ko{i}")
    answer = add(conn, "sentry: before_send drops ClientDisconnect noise", type="file_edit")
    add(conn, "pytest tests -q: 40 passed", type="command")
    assert answer in ids(search(conn, "센트리 노이즈 어떻게 줄였지"))[:1]  # 센트리 is sentry, 노이즈 noise


def test_a_native_korean_word_of_software_work_finds_its_english_word(conn):
    answer = add(conn, "payments client: MAX_RETRIES = 3", type="file_edit")
    add(conn, "README typo fixed", type="file_edit")
    assert answer in ids(search(conn, "결제 재시도 몇 번으로 정했지?"))[:1]  # 결제 is payment


def test_a_korean_word_of_the_kubernetes_localization_glossary_finds_its_english_word(conn):
    answer = add(conn, "vite: build output goes to dist/web", type="file_edit")
    add(conn, "README typo fixed", type="file_edit")
    assert answer in ids(search(conn, "빌드 출력 어디로 가게 했지?"))[:1]  # 출력 is output


def test_a_korean_word_that_spells_nothing_in_the_store_adds_nothing(conn):
    add(conn, "sentry: before_send drops ClientDisconnect noise", type="file_edit")
    assert search(conn, "바나나 우유 어떻게 했지") == []



def test_copies_of_one_error_do_not_fill_the_first_page(conn):
    for i in range(12):  # the same failing build, run again in twelve sessions
        add(conn, "$ npm run build\nExit code 1\nTypeError: Cannot read properties of undefined (reading 'token')",
            type="error", session=f"other{i}")  # fmt: skip
    answer = add(conn, "$ npm run test -- CartBadge\nPASS src/cart/CartBadge.test.tsx", session="mine")
    hits = ids(search(conn, "what was the output of npm run last time?", limit=10))
    assert answer in hits[:3]


def test_copies_of_one_error_with_other_output_after_it_do_not_fill_the_first_page(conn):
    for i in range(12):  # the same failing build, its first lines alike, what it printed after them not
        add(conn, f"$ npm run build\nExit code 1\nTypeError: Cannot read properties of undefined at Form.tsx:{i}\n"
            f"run {i}: " + " ".join(f"word{i}x{k}" for k in range(i + 1)), type="error", session=f"other{i}")  # fmt: skip
    answer = add(conn, "$ npm run test -- CartBadge\nPASS src/cart/CartBadge.test.tsx", session="mine")
    hits = ids(search(conn, "what was the output of npm run last time?", limit=10))
    assert answer in hits[:3]


def test_a_memory_about_the_terms_ranks_above_one_that_mentions_them(conn):
    for i in range(20):
        add(conn, f"$ ls dir{i}\nfile{i}.txt", session=f"other{i}")
    ran = add(conn, "$ terraform init -migrate-state\nSuccessfully configured the backend", session="a")
    mentions = add(conn, "$ make deploy\nterraform init: ok", session="b")  # shorter: more bm25
    hits = ids(search(conn, "what did terraform init report?"))
    assert hits.index(ran) < hits.index(mentions)  # its command says it; the other's output does


def test_a_hangul_word_for_two_english_words_finds_them_side_by_side(conn):
    answer = add(conn, "Edit .pre-commit-config.yaml (+3 -0)\n+repos: [ruff, mypy]", type="file_edit")
    add(conn, "pre-release notes; commit later", type="command")  # both words, not side by side
    add(conn, "README typo fixed", type="file_edit")
    assert ids(search(conn, "프리커밋에 뭐 넣었지?")) == [answer]  # 프리커밋 is pre-commit


def test_an_everyday_korean_word_of_software_work_finds_its_english_word(conn):
    for i in range(6):
        add(conn, f"$ make job{i}\nExit code 1\njob {i} failed", type="error", session=f"other{i}")
    other = add(conn, "certificate check failed: openssl verify certificate.pem", type="error", session="a")
    answer = add(conn, "certbot: renew the certificate from a timer", type="command", session="b")
    hits = ids(search(conn, "인증서 갱신 실패 원인이 뭐였지?"))  # 인증서 certificate, 갱신 renew, 실패 fail
    assert hits.index(answer) < hits.index(other)


def test_a_korean_word_with_its_ending_glued_on_finds_its_english_word(conn):
    other = add(conn, "exchange rate api: timeout raised to 10 s", type="file_edit", session="a")
    answer = add(conn, "exchange rate api: called once per day, then cached", type="file_edit", session="b")
    hits = ids(search(conn, "환율 API 몇 번 호출하게 바꿨지?"))  # 호출하게 is 호출 "call" + an ending
    assert hits.index(answer) < hits.index(other)


def test_a_word_whose_last_syllable_looks_like_a_particle_keeps_its_meaning(conn):
    from store.search.korean_english import english_words

    # 재시도 "retry" is read as 재시 + the particle 도 "also": the word is given back
    assert "retry" in english_words(conn, "재시")


def test_each_korean_word_stands_in_one_table():
    from store.language.glossary import ROWS
    from store.search.korean_terms import EVERYDAY, KUBERNETES, REACT, VERBS

    words = [k for _english, koreans in ROWS + list(KUBERNETES + REACT + EVERYDAY + VERBS) for k in koreans]
    assert len(words) == len(set(words))
    assert all(english for english, _korean in EVERYDAY + VERBS)
