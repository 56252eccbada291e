"""store/seen_secrets.py: the keyed hashes of secrets seen before, past its caps."""

from __future__ import annotations

import hashlib
import hmac
import pickle

from store import seen_secrets
from store.privacy import UserPatterns, clean_text, find_secrets
from store.privacy.recurrence import rememberable
from tests.privacy_eval import random_secret


def fresh(tmp_path, name="memory.db"):
    seen_secrets.forget_loaded()
    return seen_secrets.SeenSecrets(str(tmp_path / name))


def test_two_thousand_values_are_remembered_and_found_bare_by_another_process(tmp_path):
    # (2% of random values read as letters of words to the entropy rule: not remembered, not these)
    keys = [k for k in (random_secret(f"recur-cap-{i}", 28) for i in range(2100)) if rememberable(k)][:2000]
    assert len(keys) == 2000
    seen = fresh(tmp_path)
    labelled = "\n".join(f"export SVC_{i}_API_KEY={k}" for i, k in enumerate(keys))
    out = clean_text(labelled, UserPatterns(seen=seen))
    assert not any(k in out for k in keys)
    again = fresh(tmp_path)  # another process: only the file
    bare = "\n".join(f"line {i}: {k}" for i, k in enumerate(keys))
    spans = find_secrets(bare, UserPatterns(seen=again))
    assert [bare[s:e] for _kind, s, e in spans] == keys
    data = (tmp_path / ("memory.db" + seen_secrets.SUFFIX)).read_bytes()
    assert not any(k.encode() in data for k in keys)


def test_the_hash_is_hmac_sha256_under_the_stores_own_key(tmp_path):
    seen = fresh(tmp_path)
    key = random_secret("recur-mac", 32)
    clean_text(f"ACME_TOKEN={key}", UserPatterns(seen=seen))
    data = (tmp_path / ("memory.db" + seen_secrets.SUFFIX)).read_bytes()
    secret = data[len(seen_secrets.MAGIC):len(seen_secrets.MAGIC) + seen_secrets.KEY_BYTES]
    assert hmac.new(secret, key.encode(), hashlib.sha256).digest()[:seen_secrets.MAC_BYTES] in data
    other = fresh(tmp_path, "other.db")  # another store: another key, nothing seen
    assert find_secrets(f"bare {key} here", UserPatterns(seen=other)) == []


def test_past_the_cap_nothing_more_is_remembered_and_what_was_still_is(tmp_path, monkeypatch):
    monkeypatch.setattr(seen_secrets, "MAX_VALUES", 50)
    seen = fresh(tmp_path)
    keys = [k for k in (random_secret(f"recur-over-{i}", 30) for i in range(90)) if rememberable(k)][:80]
    clean_text("\n".join(f"APP_SECRET_{i}={k}" for i, k in enumerate(keys)), UserPatterns(seen=seen))
    again = fresh(tmp_path)
    found = find_secrets("\n".join(f"- {k}" for k in keys), UserPatterns(seen=again))
    assert len(found) == 50
    size = (tmp_path / ("memory.db" + seen_secrets.SUFFIX)).stat().st_size
    assert size == len(seen_secrets.MAGIC) + seen_secrets.KEY_BYTES + 50 * seen_secrets.RECORD


def test_it_travels_to_an_import_worker_as_its_path_alone(tmp_path):
    seen = fresh(tmp_path)
    key = random_secret("recur-pickle", 32)
    clean_text(f"ACME_TOKEN={key}", UserPatterns(seen=seen))
    copy = pickle.loads(pickle.dumps(UserPatterns(seen=seen)))
    assert copy.seen.path == seen.path and key.encode() not in pickle.dumps(seen)
    assert find_secrets(f"echo gave {key}", copy)


def test_no_file_is_made_where_nothing_random_was_redacted(tmp_path):
    seen = fresh(tmp_path)
    clean_text("DB_PASSWORD=sunflower42\nsee /usr/lib/python3.11/site-packages/x_2024.py", UserPatterns(seen=seen))
    assert not (tmp_path / ("memory.db" + seen_secrets.SUFFIX)).exists()


def test_a_value_holding_dots_slashes_or_pluses_is_found_bare_in_a_later_text(tmp_path):
    from tests.privacy_eval import gen

    seen = fresh(tmp_path)
    key = gen("recur-wide-a", 20) + "+/" + gen("recur-wide-b", 20) + "=="
    dotted = gen("recur-wide-c", 24) + "." + gen("recur-wide-d", 24)
    assert rememberable(key) and rememberable(dotted)
    clean_text(f'AZURE_STORAGE_KEY="{key}"\nSESSION_SECRET={dotted}', UserPatterns(seen=seen))
    again = fresh(tmp_path)
    assert again.kinds([key]) and again.wide  # (read back from the file: its runs are read too)
    text = f"az storage account keys list\n[{{\"value\": \"{key}\"}}]\nthe cookie was {dotted}.\n"
    assert [text[s:e] for _k, s, e in find_secrets(text, UserPatterns(seen=again))] == [key, dotted]
