"""What the filter finds does not depend on Python's string hashing (PYTHONHASHSEED varies
per process: a set's order once decided which tool's flag entries a command line took)."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# several database tools on one line: `-p`, `-P`, `-u`, `-password` each mean something to more
# than one of them
LINE = ("redis-cli -h cache -a PwbAgm5oLso#7 ping redis-cli -h cache AUTH Pw5BjQBHlxI#7 sqlcmd -S db "
        "-U sa -P PwXmydrnHrV#7 -Q 'select 1' bcp t out t.dat -S db -U sa -PPwrD9UpehWy#7 isql MyDSN "
        "dbuser Pwex5GCyL4p#7 tsql -S db -U sa -P PwdI3cPkBRd#7 cqlsh -u cassandra -p Pwc6besbJ0Y#7 "
        "host beeline -u jdbc:hive2://h:10000 -n me -p PwZlr9kgIbL#7 influx -username a -password "
        "PwUlKCAntN8#7 ipmitool -H bmc -U admin -P PwsvGRynhDJ#7 power")  # fmt: skip


def finds(seed: int) -> list:
    code = f"import json, store.privacy as p; print(json.dumps(p.find_secrets({LINE!r})))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={"PYTHONHASHSEED": str(seed), "PATH": "/usr/bin:/bin"}, check=True)  # fmt: skip
    return json.loads(out.stdout)


def test_a_command_line_of_several_tools_gets_the_same_finds_under_every_hash_seed():
    runs = [finds(seed) for seed in range(6)]
    assert all(run == runs[0] for run in runs), runs
    found = {LINE[s:e] for _kind, s, e in runs[0]}
    assert "-password" not in found  # a flag is not its own value
    assert {"PwUlKCAntN8#7", "PwsvGRynhDJ#7", "Pwc6besbJ0Y#7"} <= found
