"""The real-transcript bench: it finds the redactions an import stores, joins them with a
person's labels, runs the plain baseline in the filter's place on the same transcripts, and
refuses data kept inside this repository."""
import json
import shutil

import pytest

import store.privacy
from bench import bench_real_transcripts as bench
from tests.fixtures import REAL_SESSIONS
from tests.privacy_eval import assistant_line, gen, random_secret, result_line, uuid_of


@pytest.fixture
def corpus(tmp_path):
    shutil.copytree(REAL_SESSIONS / "projects", tmp_path / "corpus" / "acme__app")
    return tmp_path


def test_a_stored_redaction_is_listed_then_counted_by_its_label(corpus, capsys):
    listing = corpus / "list.jsonl"
    assert bench.main([str(corpus / "corpus"), "--list", str(listing)]) == 0
    rows = [json.loads(line) for line in listing.read_text(encoding="utf-8").splitlines()]
    assert [r["filter_kind"] for r in rows] == ["password"]  # the ttyd credential of the corpus
    assert "***" in rows[0]["value"]  # listed masked: its ends and length only
    assert "unlabelled   1" in capsys.readouterr().out

    labels = corpus / "labels.jsonl"
    labels.write_text(json.dumps({"key": rows[0]["key"], "label": "not", "class": "test"}) + "\n", encoding="utf-8")
    bench.main([str(corpus / "corpus"), "--labels", str(labels), "--part", rows[0]["part"]])
    out = capsys.readouterr().out
    assert "not    1" in out and "false share (not / (secret+not)) 100.0%" in out


def test_the_callers_environment_is_left_as_it_was(corpus, monkeypatch):
    monkeypatch.setenv("MEMLANE_DB", "/nowhere/memory.db")
    monkeypatch.delenv("MEMLANE_HOME", raising=False)
    bench.main([str(corpus / "corpus")])
    assert bench.os.environ["MEMLANE_DB"] == "/nowhere/memory.db"
    assert "MEMLANE_HOME" not in bench.os.environ


def test_data_inside_the_repository_is_refused(tmp_path):
    inside = bench.os.path.join(bench.os.path.dirname(bench.os.path.dirname(bench.os.path.abspath(bench.__file__))), "tests")
    with pytest.raises(SystemExit):
        bench.main([inside])


@pytest.fixture
def shop(tmp_path):
    """One repository's session, written here in the shape of a real one: a token both redact,
    a password only the filter redacts (the baseline's secret word needs a word's edge, and
    `DB_PASSWORD` has none), a test run's output only the baseline redacts (`PASS: name`), and a
    token both redact with other ends (the baseline takes the backquotes: keyed apart)."""
    token = "gh" + "p_" + gen("bench-baseline-gh", 36)
    lines = [
        {"type": "user", "message": {"role": "user", "content": "migrate the shop and run the cart tests"},
         "uuid": uuid_of("bench-baseline-u"), "timestamp": "2026-03-14T10:22:30.000Z"},
        assistant_line("bb1", "Bash", {"command": f'curl -s -H "Authorization: token {token}" https://api.github.com/user',
                                       "description": "Who am I"}),
        result_line("bb1", '{"login": "dev"}'),
        assistant_line("bb2", "Bash", {"command": f"export DB_PASSWORD='{random_secret('bench-baseline-db', 20)}' "
                                                  "&& ./manage.py migrate", "description": "Migrate"}),
        result_line("bb2", "Applying shop.0001_initial... OK"),
        assistant_line("bb3", "Bash", {"command": "pytest -q tests/test_cart.py", "description": "Run the tests"}),
        result_line("bb3", "PASS: test_cart_total\nPASS: test_cart_empty\n2 passed in 0.12s"),
        assistant_line("bb4", "Bash", {"command": f"echo 'ticket token: `{random_secret('bench-baseline-t', 32)}`' >> notes.md",
                                       "description": "Note it"}),
        result_line("bb4", ""),
    ]
    session = uuid_of("bench-baseline-s")
    folder = tmp_path / "corpus" / "acme__shop"
    folder.mkdir(parents=True)
    for line in lines:
        line.update(sessionId=session, cwd="/home/dev/shop")
    (folder / f"{session}.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return tmp_path


def read_rows(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_the_baseline_runs_in_the_filters_place_and_lists_what_it_stored(shop):
    found = store.privacy.find_secrets
    args = [str(shop / "corpus"), "--list", str(shop / "f.jsonl"), "--list-baseline", str(shop / "b.jsonl"),
            "--raw", str(shop / "raw.jsonl")]
    assert bench.main(args) == 0
    assert store.privacy.find_secrets is found  # the filter back in its place
    by_filter, listed, raw = read_rows(shop / "f.jsonl"), read_rows(shop / "b.jsonl"), read_rows(shop / "raw.baseline.jsonl")
    assert [r["value"] for r in raw] == [raw[0]["value"], "test_cart_total", "test_cart_empty", raw[3]["value"]]
    assert raw[0]["value"].startswith("gh" + "p_") and raw[3]["value"].startswith("`")
    assert [r["key"] for r in listed] == [r["key"] for r in raw]
    assert all("***" in r["value"] and r["value"] != w["value"] for r, w in zip(listed, raw))  # masked
    assert {r["filter_kind"] for r in raw} == {"baseline"}
    assert len(by_filter) == 3 and by_filter[0]["key"] == raw[0]["key"]  # one token, one key: one label
    assert raw[3]["key"] not in {r["key"] for r in by_filter}


def test_the_baseline_is_counted_by_the_labels_beside_the_filter(shop, capsys):
    bench.main([str(shop / "corpus"), "--list", str(shop / "f.jsonl"), "--list-baseline", str(shop / "b.jsonl")])
    by_filter, by_baseline = read_rows(shop / "f.jsonl"), read_rows(shop / "b.jsonl")
    part = by_filter[0]["part"]
    labels = [{"key": r["key"], "label": "secret"} for r in by_filter]
    labels += [{"key": by_baseline[i]["key"], "label": "not", "class": "prose word (test output)"} for i in (1, 2)]
    labels.append({"key": by_baseline[3]["key"], "label": "secret"})
    (shop / "labels.jsonl").write_text("".join(json.dumps(r) + "\n" for r in labels), encoding="utf-8")
    capsys.readouterr()
    bench.main([str(shop / "corpus"), "--labels", str(shop / "labels.jsonl"), "--list-baseline", str(shop / "b.jsonl")])
    out = capsys.readouterr().out
    assert f"part {part}: redactions    3  secret    3  not    0" in out  # the filter's figures as they were
    assert (f"baseline part {part}: redactions    4  secret    2  not    2  unsure   0  unlabelled   0  "
            "false share (not / (secret+not)) 50.0%") in out
    # the password is the filter's alone; the backquoted token, keyed apart, is the same place for both
    assert (f"recall hint, part {part}: labelled secrets the baseline redacted and the filter did not 0; "
            "the filter redacted and the baseline did not 1") in out
    assert (shop / "b.jsonl").read_text(encoding="utf-8") == ""  # nothing left to label


def test_a_secret_only_the_baseline_redacted_is_counted_as_the_baseline_s(shop, capsys):
    bench.main([str(shop / "corpus"), "--list-baseline", str(shop / "b.jsonl")])
    row = read_rows(shop / "b.jsonl")[1]  # what the filter kept (labelled a secret here to count it)
    (shop / "labels.jsonl").write_text(json.dumps({"key": row["key"], "label": "secret"}) + "\n", encoding="utf-8")
    capsys.readouterr()
    bench.main([str(shop / "corpus"), "--labels", str(shop / "labels.jsonl")])
    assert (f"recall hint, part {row['part']}: labelled secrets the baseline redacted and the filter did not 1; "
            "the filter redacted and the baseline did not 0") in capsys.readouterr().out


def test_a_redaction_on_the_last_line_a_preview_keeps_is_counted(tmp_path):
    """A Write's memory keeps its first ten lines, then "… N more lines": a value redacted on the
    tenth line reached the store though the text after its marker did not."""
    token = random_secret("bench-preview-end", 32)
    body = "".join(f"SETTING_{n}=on\n" for n in range(9)) + f"API_TOKEN={token}\n" + "LOG_LEVEL=info\nPORT=8080\n"
    lines = [
        assistant_line("pv1", "Write", {"file_path": "/home/dev/app/.env", "content": body}),
        result_line("pv1", "File created successfully at: /home/dev/app/.env"),
    ]
    session = uuid_of("bench-preview-s")
    folder = tmp_path / "corpus" / "acme__preview"
    folder.mkdir(parents=True)
    for line in lines:
        line.update(sessionId=session, cwd="/home/dev/app")
    (folder / f"{session}.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    bench.main([str(tmp_path / "corpus"), "--raw", str(tmp_path / "raw.jsonl")])
    assert token in [r["value"] for r in read_rows(tmp_path / "raw.jsonl")]
