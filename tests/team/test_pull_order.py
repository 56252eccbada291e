"""The pull cursor follows transaction ids as numbers: rows on both sides of 9,999 -> 10,000 all arrive."""

import psycopg

INSERT = ("INSERT INTO team_memory (owner, author, origin, local_id, session_id, type, project, project_name,"
          " content, tags, importance, created_at) VALUES ('dana', 'dana', 'elsewhere', %s, 's-x', 'command',"
          " '/work/shop-api', 'shop-api', %s, '', 1, '2026-11-20T10:00:00.000000Z')")  # fmt: skip


def _burn_transactions_until(url: str, wanted: int) -> None:
    """Use up transaction ids so that the next one is `wanted` - 2."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("""CREATE OR REPLACE PROCEDURE burn(n int) LANGUAGE plpgsql AS $$
            BEGIN FOR i IN 1..n LOOP PERFORM pg_current_xact_id(); COMMIT; END LOOP; END $$""")
        now = int(conn.execute("SELECT pg_current_xact_id()::text").fetchone()[0])
        if now < wanted - 3:
            conn.execute("CALL burn(%s)", (wanted - 3 - now,))


def test_rows_written_before_and_after_a_new_digit_of_transaction_ids_all_arrive(machines, team_server):
    _dana, lee = machines
    with psycopg.connect(team_server.admin_url, autocommit=True) as conn:
        now = int(conn.execute("SELECT pg_current_xact_id()::text").fetchone()[0])
    boundary = 10 ** len(str(now + 3))  # the next power of ten past the next few transactions
    _burn_transactions_until(team_server.admin_url, boundary)
    txids = []
    with psycopg.connect(team_server.admin_url, autocommit=True) as conn:
        for i in range(4):  # one transaction each: ids on both sides of the boundary
            with conn.transaction():
                conn.execute(INSERT, (i, f"straddling memory {i}"))
                txids.append(int(conn.execute("SELECT pg_current_xact_id()::text").fetchone()[0]))
    assert min(txids) < boundary <= max(txids)
    assert lee.sync(batch=2)["pulled"] == 4
    assert sorted(lee.cached()) == [f"straddling memory {i}" for i in range(4)]
