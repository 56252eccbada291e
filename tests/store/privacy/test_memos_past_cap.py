"""A memo the filter keeps across texts finds what it finds with no memo, past its cap too (it is
emptied when full and filled again)."""

from store.privacy import Look, candidates, commands, find_secrets, values
from store.privacy.values import forget_values


class _NoMemo(dict):
    """A memo that keeps nothing: each line read as if met for the first time."""

    def get(self, key, default=None):
        return default

    def __contains__(self, key):
        return False

    def __setitem__(self, key, value):
        pass


_CREDENTIAL_LINE = ("The deploy notes for host{i} say to use these. Login: admin{i} / Qz7vK{v}mW2pL9x and then "
                    "restart the service, check the logs, wait for the health probe to pass and tell the team in "
                    "the channel when done with it all.")


def test_the_credential_line_memo_past_its_cap_finds_what_no_memo_finds(monkeypatch):
    # 200 distinct long lines (each kept whole: _CREDENTIAL_LINE_MIN on), then again, the last
    # ones once more: the memo is emptied past _CREDENTIAL_LINES_MAX and lines met again are read
    # from it
    lines = [_CREDENTIAL_LINE.format(i=i, v=i * 7919) for i in range(200)]
    assert all(len(line) >= candidates._CREDENTIAL_LINE_MIN for line in lines)
    assert len(lines) > 3 * candidates._CREDENTIAL_LINES_MAX
    texts = ["\n".join(lines + lines + lines[150:])] + lines[:80] + lines[:80]
    forget_values()
    kept = [find_secrets(text) for text in texts]
    assert kept[0].count(("password", kept[0][0][1], kept[0][0][2])) == 1 and len(kept[0]) == 450
    monkeypatch.setattr(candidates, "_CREDENTIAL_LINES", _NoMemo())
    forget_values()
    assert [find_secrets(text) for text in texts] == kept


def test_the_flag_entries_memo_past_its_cap_finds_what_no_memo_finds(monkeypatch):
    # flags of every kind _entries_key tells apart (a cluster, a short flag in either case, a
    # long one, an attached value, a Windows flag), more than the cap of distinct ones
    flags = ["-p", "-P", "-pX", "-Pq", "-nb", "-bn", "-p'x'", "--password", "--PASSWORD", "-passin", "/p:", "/P:"]
    lines = []
    for i in range(120):
        flag = flags[i % len(flags)]
        lines.append(f"mysql -u root {flag}Kq7{i}vW2z db{i}")
        lines.append(f"htpasswd {flag} users.txt ana{i} Kq7{i}vW2z")
        lines.append(f"sshpass {flag} Kq7{i}vW2z ssh deploy@10.0.0.{i % 250}")
        lines.append(f"net use Z: \\\\fs\\share {flag}:Kq7{i}vW2z")
    texts = ["\n".join(lines)] + lines
    monkeypatch.setattr(values, "MEMO_MAX", 7)
    forget_values()
    kept = [find_secrets(text) for text in texts]
    assert sum(map(len, kept)) >= 300
    monkeypatch.setattr(commands, "_FLAG_ENTRIES", _NoMemo())
    forget_values()
    assert [find_secrets(text) for text in texts] == kept


def _command_finds(text):
    look = Look(text)
    commands.command_lines(look.text, look.low, look.anchors, look.found)
    return sorted(look.found)


def test_a_command_met_again_with_another_value_finds_what_it_finds_alone():
    # commands._flags reads which tools stand before a flag once for a line's head up to the
    # flag's end: what follows it (a value, a pipe, a substitution's end) is read at each
    heads = ["sshpass -p {v} ssh deploy@db", "mysql -u root -p{v} app", "sqlcmd -S db -U sa -P {v} -Q 'x'",
             "usermod -p $(openssl passwd -6 {v}) ana", "htpasswd -nb ana {v}", "redis-cli -a {v} ping",
             "snmpget -v3 -u ana -a {v} host", "snmpget -v3 -u ana -A {v} host", "sqlcmd -S db -U sa -p {v}",
             "mysql -h db --password {v}", "mysql -h db --port {v}", "mysql -h db -P {v}"]
    values = ["Kq7vW2zPx9", "$DB_PASS", "the", "Kq7vW2zPx9),", "Kq7|tee x", "Kq7vW2zPx9;ls", "'Kq7 vW2'", "-x"]
    lines = [head.format(v=value) for value in values for head in heads]
    alone, start = [], 0
    for line in lines:
        alone += [(s + start, prio, e + start, kind) for s, prio, e, kind in _command_finds(line)]
        start += len(line) + 1
    assert _command_finds("\n".join(lines)) == sorted(alone) and len(alone) >= 30
