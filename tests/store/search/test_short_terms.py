"""Terms of one or two characters (`错误`, `버그`, `が`): found completely through the
trigram vocabulary and the tail table, never by reading every memory, and kept
exact through every write, forget, retention and upgrade."""

import os
import random

import pytest

from corpus.old_schema import as_schema_3
from store.database import connection as db
from store.database import schema
from store.forgetting import erase as forget
from store.forgetting import retention
from store.search import count_hits, search, search_page, short_terms
from store.search import match as matching
from store.writing import writer
from tests.store.conftest import file_bytes, ts


def add(conn, content, session="s1", tags="", **extra):
    return writer.add_memory(conn, {"session_id": session, "type": extra.pop("type", "command"),
                                    "content": content, "tags": tags, "cwd": "/nonexistent/app",
                                    **extra})  # fmt: skip


def truth(conn, term: str, where=lambda row: True) -> list[int]:
    """Every memory whose text or tags hold `term`, newest first: what a scan finds."""
    rows = conn.execute("SELECT id, content, tags, project FROM memory ORDER BY id DESC").fetchall()
    return [r[0] for r in rows if (term in r[1] or term in r[2]) and where(r)]


def expected_tails(conn) -> set[tuple[str, int]]:
    found = set()
    for memory_id, content, tags in conn.execute("SELECT id, content, tags FROM memory"):
        for text in (content, tags):
            found.update((ch, memory_id) for ch in text[-2:] if ord(ch) >= 0x0E00)
    return found


def tails(conn) -> set[tuple[str, int]]:
    return set(conn.execute("SELECT ch, memory_id FROM memory_tail"))


# Where a two-character term sits decides which structure finds it: inside a text (a
# trigram starts with it), its last two characters (the tail table), the whole text,
# the end of the tags, or split across a line break (not a match).
PLACES = [
    "发生{t}，请检查配置 {n}",
    "部署 {n} 失败：{t}",
    "{t}",
    "日志 {n} 里没有 {t}\n",
    "{t}{n}",
]


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    """7,000 memories: 5,600 hold `错误` (past the 5,000-id chunk, the 500-id IN list and
    the 500-hit ranking pool), in every place a term can sit; the rest hold its
    characters apart, or `错` alone."""
    path = str(tmp_path_factory.mktemp("short") / "memory.db")
    conn = db.connect(path)
    batch = []
    for n in range(7000):
        kind = n % 5
        if n % 5 == 4 and n % 2:
            content, tags = f"没有问题 {n} 错\n误", "错误"  # only the tags hold it
        elif n % 10 == 9:
            content, tags = f"错 {n} 误 deploy", ""  # its characters apart
        else:
            content, tags = PLACES[kind].format(t="错误", n=n), ""
        if n % 7 == 0:
            content += " deploy"
        batch.append({"session_id": f"s{n % 40}", "type": "command", "content": content, "tags": tags,
                      "cwd": f"/nonexistent/{'api' if n % 3 else 'web'}"})  # fmt: skip
        if len(batch) == 1000:
            writer.add_memories(conn, batch)
            batch = []
    yield conn
    conn.close()


def test_a_short_term_is_routed_to_the_short_index_not_a_scan(big):
    assert matching.plan_term(big, "错误").route == "short"
    assert matching.plan_term(big, "错").route == "short"
    assert matching.plan_term(big, "버그").route == "short"
    assert matching.plan_term(big, "バグ").route == "short"  # kana voicing is not an accent


def test_a_short_term_alone_selects_every_memory_holding_it(big):
    wanted = truth(big, "错误")
    assert len(wanted) > 5000
    assert matching.select_matching(big, "错误") == wanted
    assert matching.select_matching(big, "错") == truth(big, "错")
    assert matching.select_matching(big, "误") == truth(big, "误")


def test_the_search_count_and_pages_deliver_each_match_once(big):
    wanted = truth(big, "错误")
    assert count_hits(big, "错误") == len(wanted)
    seen, offset = [], 0
    while True:
        _, hits, summary = search_page(big, "错误", offset=offset, limit=500)
        if not hits:
            break
        seen += [h["id"] for h in hits]
        offset += len(hits)
    assert summary["total"] == len(wanted)
    assert sorted(seen) == sorted(wanted) and len(seen) == len(set(seen))
    assert any("\x02错误\x03" in h["snippet"] for h in search(big, "错误", limit=5))


def test_a_short_term_with_other_terms_and_filters(big):
    def both(first, second):
        also = set(truth(big, second))
        return [i for i in truth(big, first) if i in also]

    assert matching.select_matching(big, "错误 deploy") == both("错误", "deploy")
    assert matching.select_matching(big, "错误 失败") == both("错误", "失败")
    assert matching.select_matching(big, "错 误") == both("错", "误")
    web = big.execute("SELECT project FROM memory WHERE cwd = '/nonexistent/web' LIMIT 1").fetchone()[0]
    wanted = truth(big, "错误", where=lambda row: row[3] == web)
    assert 0 < len(wanted) < len(truth(big, "错误"))
    assert matching.select_matching(big, "错误", project=web) == wanted
    assert count_hits(big, "错误", project=web) == len(wanted)


def test_the_tail_table_is_what_the_triggers_promise(big):
    assert tails(big) == expected_tails(big)
    assert short_terms.pending_below(big) is None  # a new database has nothing to backfill


@pytest.mark.parametrize("seed", range(3))
def test_every_one_and_two_character_term_of_random_texts(tmp_path, seed):
    """Random short texts of a few characters (Chinese, Korean, kana, spaces, a line
    break): every term of one or two of them is found exactly where it is."""
    rng = random.Random(seed)
    alphabet = "错误버그バグ 。\n"
    conn = db.connect(str(tmp_path / "r.db"))
    for n in range(400):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 7)))
        tags = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 3)))
        add(conn, text + f"#{n}" * (n % 2), tags=tags)
    letters = [ch for ch in alphabet if ch not in " \n"]
    for a in letters:
        for term in [a] + [a + b for b in letters]:
            assert matching.select_matching(conn, term) == truth(conn, term), term
    assert tails(conn) == expected_tails(conn)


def test_writes_updates_redactions_forgets_and_retention_keep_the_tail_table_exact(conn):
    long_ago = ts(days_ago=200)
    old = [add(conn, f"旧的记录 {i} 出现错误", created_at=long_ago, received_at=long_ago) for i in range(30)]
    kept = [add(conn, f"새 기록 {i} 버그", tags="태그") for i in range(30)]
    assert tails(conn) == expected_tails(conn) and len(tails(conn)) == 30 * 2 + 30 * 3  # 그 ends both
    forget.redact(conn, kept[0], pattern="버그")
    assert matching.select_matching(conn, "버그") == truth(conn, "버그") == kept[:0:-1]
    conn.execute("UPDATE memory SET tags = '' WHERE id = ?", (kept[1],))
    conn.execute("UPDATE memory SET content = content || ' ok' WHERE id = ?", (kept[2],))
    assert tails(conn) == expected_tails(conn)
    forget.forget(conn, ids=kept[3:6])
    assert retention.run_retention(conn, 90, force=True) == 30
    assert not any(memory_id in old for _, memory_id in tails(conn))
    assert tails(conn) == expected_tails(conn)
    assert matching.select_matching(conn, "错误") == []
    assert matching.select_matching(conn, "버그") == truth(conn, "버그")


def test_forgetting_a_short_term_leaves_no_copy(conn, db_path):
    for i in range(50):
        add(conn, f"routine step {i} 完成")
    doomed = [add(conn, "秘密项目 龘龘"), add(conn, "龘龘"), add(conn, "标签", tags="龘龘")]
    doomed += [add(conn, f"仓库 {i} 出现龘龘问题") for i in range(3)]
    assert matching.select_matching(conn, "龘龘") == doomed[::-1]
    assert "龘龘".encode() in file_bytes(db_path)
    assert forget.forget(conn, query="龘龘").count == 6
    assert matching.select_matching(conn, "龘龘") == [] and matching.select_matching(conn, "龘") == []
    assert conn.execute("SELECT count(*) FROM memory_tail WHERE ch = '龘'").fetchone()[0] == 0
    assert "龘".encode() not in file_bytes(db_path)


def test_greek_accents_fold_both_ways(conn):
    accented = add(conn, "σφάλμα στη σύνδεση με τη βάση")
    capitals = add(conn, "ΣΦΑΛΜΑ ΣΤΗ ΣΥΝΔΕΣΗ")
    diaeresis = add(conn, "το προϊόν λείπει")
    caps_diaeresis = add(conn, "ΠΡΟΪΟΝ ΕΚΤΟΣ")
    final_sigma = add(conn, "λάθος κωδικός")
    for query in ("σφαλμα", "σφάλμα", "ΣΦΆΛΜΑ", "ΣΦΑΛΜΑ", "φαλμ", "φάλμ"):
        assert sorted(matching.select_matching(conn, query)) == [accented, capitals], query
    for query in ("προιον", "προϊον", "προϊόν", "ΠΡΟΪΟΝ", "ροϊό"):
        assert sorted(matching.select_matching(conn, query)) == [diaeresis, caps_diaeresis], query
    assert matching.select_matching(conn, "ΛΑΘΟΣ") == [final_sigma]
    assert matching.select_matching(conn, "σύνδεσ") == [capitals, accented]
    assert matching.plan_term(conn, "σφαλμα").route == "words"
    assert [h["id"] for h in search(conn, "σφαλμα")] and count_hits(conn, "σφάλμα") == 2


def test_a_greek_word_has_a_bounded_number_of_spellings():
    assert set(matching.greek_variants("σφαλμα")) == {"σφαλμα", "σφάλμα", "σφαλμά"}
    assert "προϊόν" in matching.greek_variants("προιον") and "ΐ" in "".join(matching.greek_variants("ιι"))
    assert len(matching.greek_variants("αεηιουωαεηιουωαεηιουω")) <= matching.MAX_GREEK_VARIANTS
    assert matching.greek_variants("ecole") == ["ecole"]


def test_japanese_voicing_marks_are_kept_and_odd_characters_never_break_a_query(conn):
    bug, other = add(conn, "ログインのバグを直した"), add(conn, "ハクの話")
    assert matching.select_matching(conn, "バグ") == [bug]
    assert matching.select_matching(conn, "ハク") == [other]
    edge = add(conn, "end \ud7fb\ud7fb")  # the last Hangul Jamo Extended-B letter
    assert matching.select_matching(conn, "\ud7fb") == [edge]
    assert short_terms._after_prefix("\ud7ff") == "\ue000"  # the prefix bound skips surrogates
    emoji = add(conn, "deploy went fine 🎉")
    assert matching.plan_term(conn, "🎉").route == "short"
    assert matching.select_matching(conn, "🎉") == [emoji]


v3 = as_schema_3


def test_a_version_3_database_upgrades_at_once_and_is_backfilled_later(db_path, monkeypatch):
    conn = db.connect(db_path)
    ends = [add(conn, f"第 {i} 次部署 错误") for i in range(120)]
    inside = [add(conn, f"错误 {i} 在中间") for i in range(30)]
    conn.close()
    v3(db_path)
    upgraded = db.connect(db_path)  # what a hook does: the upgrade, not the backfill
    assert upgraded.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    assert short_terms.pending_below(upgraded) == inside[-1] + 1
    assert tails(upgraded) == set()
    later = add(upgraded, "新的 错误")  # written after the upgrade: the trigger has it
    assert tails(upgraded) == {("错", later), ("误", later)}
    wanted = truth(upgraded, "错误")
    assert matching.select_matching(upgraded, "错误") == wanted == [later, *inside[::-1], *ends[::-1]]

    started = []
    from hooks import background

    monkeypatch.setattr(background, "start_detached", lambda path: started.append(path) or True)
    assert background.maybe_start(upgraded, db_path) and started == [db_path]
    assert short_terms.backfill(upgraded, batch=50) == 3  # ids 1-150 in batches of 50
    assert short_terms.pending_below(upgraded) is None
    assert tails(upgraded) == expected_tails(upgraded)
    assert matching.select_matching(upgraded, "错误") == wanted
    assert short_terms.backfill(upgraded) == 0


def test_the_maintenance_process_runs_the_backfill(db_path, monkeypatch):
    conn = db.connect(db_path)
    ids = [add(conn, f"오래된 기록 {i} 버그") for i in range(10)]
    conn.close()
    v3(db_path)
    db.connect(db_path).close()
    from hooks import background

    monkeypatch.setattr(background, "prune_markers", lambda *a, **k: 0)
    monkeypatch.setenv("HOME", os.path.dirname(db_path))  # the sweep's guard reads ~/.claude/projects: none here
    background.run(db_path)
    conn = db.connect(db_path)
    assert short_terms.pending_below(conn) is None
    assert {m for _, m in tails(conn)} == set(ids)


def test_a_short_term_no_longer_reads_every_memory(big):
    """The rows a query reads: a rare short term reads its few candidates, not 7,000 texts.

    Counted in SQLite VM steps (100 a tick), against a scan of every text in the same run: the
    lookup's own cost moves by a few hundred steps with the plan's set-up, so the margin is 5x,
    which a lookup that scanned the texts (about 25,000 steps here) could never meet."""
    add(big, "罕见的词 齉齉 只出现一次")
    reads = []
    big.set_progress_handler(lambda: reads.append(1), 100)
    try:
        assert len(matching.select_matching(big, "齉齉")) == 1
    finally:
        big.set_progress_handler(None, 0)
    scan_reads = []
    big.set_progress_handler(lambda: scan_reads.append(1), 100)
    try:
        big.execute("SELECT count(*) FROM memory WHERE instr(content, '齉齉')").fetchone()
    finally:
        big.set_progress_handler(None, 0)
    assert len(reads) * 5 < len(scan_reads), (len(reads), len(scan_reads))


def test_a_term_with_too_many_trigrams_to_or_reads_their_postings_instead(big, monkeypatch):
    wanted = truth(big, "错")
    monkeypatch.setattr(short_terms, "MAX_PREFIX_TRIGRAMS", 1)
    assert len(short_terms.prefix_trigrams(big, "错")) > 1
    assert matching.select_matching(big, "错") == wanted
    assert count_hits(big, "错") == len(wanted)


def test_a_rare_short_term_leads_beside_a_common_word_and_both_ways_agree(big, monkeypatch):
    rare = [add(big, f"部署 {i} 齾齾 deploy") for i in range(3)] + [add(big, "齾齾 only")]
    plans = matching.plan_terms(big, ["deploy", "齾齾"])
    assert matching._short_lead(big, plans) is plans[1]
    assert matching.select_matching(big, "deploy 齾齾") == rare[2::-1]
    assert [h["id"] for h in search(big, "deploy 齾齾", limit=10)] and count_hits(big, "deploy 齾齾") == 3
    led_by_index = {q: matching.select_matching(big, q) for q in ("错误 deploy", "错误 失败", "错误 问题")}
    assert matching._short_lead(big, matching.plan_terms(big, ["deploy", "错误"])) is None  # too common
    monkeypatch.setattr(short_terms, "LEAD_MAX_CANDIDATES", 10**9)
    for query, found in led_by_index.items():
        assert matching.select_matching(big, query) == found, query
        first, second = query.split()
        also = set(truth(big, second))
        assert found == [i for i in truth(big, first) if i in also]


def test_a_short_terms_trigrams_are_read_once_until_the_database_changes(db_path):
    """Typed on (`错` of `错误`, `错误 d`, `错误 de`...), a term is planned again for each
    key's search: its trigrams and their counts come from the last read, unless this
    connection or another wrote since; then the new ones are there."""
    conn = db.connect(db_path)
    other = db.connect(db_path)
    try:
        add(conn, "构建 错误 一")
        first = short_terms.prefix_trigrams(conn, "错误")
        reads: list[str] = []
        conn.set_trace_callback(lambda sql: reads.append(sql) if "memory_trigram_vocab" in sql else None)
        assert short_terms.prefix_trigrams(conn, "错误") == first and reads == []
        add(other, "错误码 二")  # another connection's commit: a new trigram, `错误码`
        assert [t for t, _ in short_terms.prefix_trigrams(conn, "错误")] == sorted({*(t for t, _ in first), "错误码"})
        assert len(reads) == 1
        add(conn, "错误码 三")  # this connection's own write: the count of `错误码` is 2 now
        assert dict(short_terms.prefix_trigrams(conn, "错误"))["错误码"] == 2
        assert matching.select_matching(conn, "错误") == truth(conn, "错误")
    finally:
        conn.close()
        other.close()


def test_a_page_of_a_short_term_checks_only_the_tail_candidates_it_reaches(tmp_path):
    """4,000 memories end in `세` (tail candidates of `세션`, none holding it: 8 lists of
    IN_CHUNK ids to check), 1,000 hold `세션` inside the text.  Merged newest first, a list
    of tail candidates without a match left the merge waiting on the next one, so every list
    was checked (`세션` at 1M: 31 lists, 40 ms, for a page that the trigrams filled); now a
    page checks the lists down to where it ends, and finds what every list would."""
    conn = db.connect(str(tmp_path / "memory.db"))
    rows = []
    for n in range(5000):
        content = f"세션 시작 {n}" if n % 5 == 0 else f"작업 {n} 완료 세"
        rows.append(("s1", "command", "/nonexistent/app", "app", content, "", 1, f"h{n}", ts(0), "test"))
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO memory(session_id, type, project, project_name, content, tags, importance,"
                     " content_hash, created_at, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)  # fmt: skip
    conn.execute("COMMIT")
    assert len(short_terms.tail_candidates(conn, "세션")) >= 8 * db.IN_CHUNK
    wanted = truth(conn, "세션")
    checked: list[str] = []
    conn.set_trace_callback(lambda sql: checked.append(sql) if "FROM memory m WHERE m.id IN" in sql else None)
    page = matching.match_ids(conn, ["세션"], limit=50)
    conn.set_trace_callback(None)
    assert page == wanted[:50] and len(checked) == 1
    assert matching.select_matching(conn, "세션") == wanted and len(wanted) == 1000
    assert [h["id"] for h in search(conn, "세션", limit=20)] and count_hits(conn, "세션") == 1000
    conn.close()
