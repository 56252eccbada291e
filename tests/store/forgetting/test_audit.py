"""The secrets audit finds what the privacy filter would now remove from stored memories,
and its redaction leaves no copy behind."""

from store.forgetting import audit
from store.search import search
from store.writing import writer
from tests.store.conftest import file_bytes


def add(conn, content, session="s1", **extra):
    return writer.add_memory(conn, {"session_id": session, "type": extra.pop("type", "command"),
                                    "content": content, "cwd": "/nonexistent/app", **extra})  # fmt: skip


def test_secrets_audit_finds_what_slipped_through_and_redacts_it(conn, db_path):
    token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    leaked = add(conn, f"export GITHUB_TOKEN={token}")
    private = add(conn, "notes <private>the vault combination 1234</private> end")
    add(conn, "nothing to see here")
    findings = audit.secrets_audit(conn)
    assert {f["id"] for f in findings} == {leaked, private}
    assert token not in str(findings)  # the audit shows where, not the secret itself
    assert audit.redact_findings(conn, [f["id"] for f in findings]) == 2
    raw = file_bytes(db_path)
    assert token.encode() not in raw and b"vault combination" not in raw
    assert audit.secrets_audit(conn) == []
    assert search(conn, token) == []


def test_the_audit_in_batches_misses_nothing_at_their_edges_and_resumes_below_an_id(conn):
    token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    leaky = {0, 4, 5, 19, 20, 24}  # positions: first and last of each batch of 5, newest first
    ids = [add(conn, f"step {i}: export GITHUB_TOKEN={token}" if i in leaky else f"routine step {i}")
           for i in range(25)]  # fmt: skip
    at = {position: ids[position] for position in leaky}
    batches, before_id = [], None
    while True:
        found, before_id = audit.audit_batch(conn, before_id, 5)
        batches.append([f["id"] for f in found])
        if before_id is None:
            break
    # 25 rows in batches of 5: a sixth, empty batch says the scan is done
    assert batches == [[at[24], at[20]], [at[19]], [], [at[5]], [at[4], at[0]], []]
    newest_first = [at[24], at[20], at[19], at[5], at[4], at[0]]
    assert [f["id"] for f in audit.secrets_audit(conn, batch=7)] == newest_first
    found, next_id = audit.audit_batch(conn, at[20], 5)  # resumes just below an id
    assert [f["id"] for f in found] == [at[19]] and next_id == ids[15]
    assert audit.audit_batch(conn, ids[2], 5) == ([f for f in audit.secrets_audit(conn)
                                                    if f["id"] == at[0]], None)  # fmt: skip
    assert [f["id"] for f in audit.audit_ids(conn, [ids[5], ids[6], ids[19]])] == [at[19], at[5]]


def test_the_audit_finds_and_redacts_every_family_stored_before_its_rule(conn, db_path):
    # memories written raw, as an older memlane stored them: the families (names,
    # code, command-line positions, URLs, provider prefixes, random values) of the shape corpus
    from tests.secret_shapes import SHAPES

    families: dict = {}
    for family, _name, text, secrets in SHAPES:
        families.setdefault(family, []).append((text, secrets))
    stored = {}
    for shapes in families.values():
        for text, secrets in shapes[:: max(1, len(shapes) // 8)]:
            stored[add(conn, f"$ deploy\n{text}\ndone")] = secrets
    plain = add(conn, "commit 3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f fix the token refresh")
    found = {f["id"] for f in audit.secrets_audit(conn)}
    assert found == set(stored), (len(found), len(stored))
    assert plain not in found
    assert audit.redact_findings(conn, found) == len(stored)
    raw = file_bytes(db_path)
    assert [s for secrets in stored.values() for s in secrets if s.encode() in raw] == []
    assert audit.secrets_audit(conn) == []


def test_the_audit_runs_todays_detector_over_old_memories(conn, db_path):
    # stored raw by an older memlane: a command that printed a secret, a directive with a space,
    # a Kubernetes name/value pair, a label in Korean; and what is not a secret
    master = "9f2c4e7a1b3d5f60718293a4b5c6d7e8"
    secrets = {
        add(conn, f"$ cat config/master.key\n{master}"): master,
        add(conn, "$ cat /etc/redis/redis.conf\nbind 127.0.0.1\nrequirepass Zq7#rTm2Lp"): "Zq7#rTm2Lp",
        add(conn, 'env:\n  - name: DB_PASSWORD\n    value: "Kx9#mPq2vL"'): "Kx9#mPq2vL",
        add(conn, "비밀번호: Dragon#2025 로 로그인하세요"): "Dragon#2025",
    }
    kept = [add(conn, "$ git log -1\ncommit 3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f"),
            add(conn, '"jsonwebtoken": "^9.0.2" and tool_use_id toolu_01Pw7ZqkR3mV9xYtLb2NcDe4')]  # fmt: skip
    found = {f["id"] for f in audit.secrets_audit(conn)}
    assert found == set(secrets)
    assert not found & set(kept)
    assert audit.redact_findings(conn, found) == len(secrets)
    raw = file_bytes(db_path)
    assert [s for s in secrets.values() if s.encode() in raw] == []
    assert audit.secrets_audit(conn) == []


def test_the_audit_does_not_offer_a_value_the_person_said_is_not_a_secret(conn, db_path):
    from store.config import privacy_patterns

    build, secret = "b7Qx9LmZ2pVt4Kw8", "Zr4mQ8vLx2Pw9Tk7Nc3B"
    kept_only = add(conn, f"export CACHE_TOKEN={build}")
    both = add(conn, f"export CACHE_TOKEN={build}\nexport API_TOKEN={secret}")
    assert {f["id"] for f in audit.secrets_audit(conn)} == {kept_only, both}
    patterns = privacy_patterns({"not_secret_patterns": ["b7Qx[0-9A-Za-z]{12}"]})
    assert [f["id"] for f in audit.secrets_audit(conn, patterns)] == [both]
    assert audit.audit_ids(conn, [kept_only], patterns) == []
    assert audit.redact_findings(conn, [kept_only, both], patterns) == 1
    contents = [row[0] for row in conn.execute("SELECT content FROM memory ORDER BY id")]
    assert contents[0] == f"export CACHE_TOKEN={build}"
    assert f"CACHE_TOKEN={build}" in contents[1] and secret not in contents[1]
    assert secret.encode() not in file_bytes(db_path)
