"""The real-transcript bench: it finds the redactions an import stores, joins them with a
person's labels, and refuses data kept inside this repository."""
import json
import shutil

import pytest

from bench import bench_real_transcripts as bench
from tests.fixtures import REAL_SESSIONS


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
