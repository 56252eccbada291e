"""hooks.capture's shell reader: the simple commands of a command line, which of them matter, their tags,
and a git commit's message."""
from __future__ import annotations

import pytest

from hooks.capture import analyse_command, command_tags, commit_message, is_meaningful_command


def names(command: str) -> list[str]:
    return [c["name"] for c in analyse_command(command)]


@pytest.mark.parametrize(
    "command",
    ["ls -la", "cat package.json", "pwd", "cd src", "echo hi", "head -5 a.txt", "tail -f log",
     "which node", "wc -l *.py", "clear", "true", "sleep 2", "find . -name '*.py'", "tree -L 2",
     "grep -rn foo src", "rg TODO", "ls | grep x", "cat a | head -3 && echo done",
     "git status", "git diff HEAD~1", "git log --oneline -5", "  ", "echo x > /dev/null 2>&1",
     "git branch", "git stash list", "Get-ChildItem C:\\src", "dir"],
)
def test_commands_that_only_look_are_not_meaningful(command):
    assert not is_meaningful_command(command)


# Commands that change things, each with a tag it must carry (the capture test reuses them).
TAGGED_COMMANDS = [
    ("cd app && npm test", "test"),
    ("FOO=1 BAR=2 npm test", "test"),
    ("sudo apt-get install -y jq", "install"),
    ("env CI=1 pytest -q tests", "test"),
    ("time make -j4", "build"),
    ("ls && cargo build --release", "build"),
    ("cd web; pnpm run build | tail -20", "build"),
    ("uv run pytest -x", "pytest"),
    ("npx vitest run", "test"),
    ("docker compose up -d", "container"),
    ("kubectl get pods", "kubectl"),
    ("timeout 30 curl -s localhost:3000/health", "curl"),
    ("node scripts/migrate.js", "migrate.js"),
    ("python -m pytest tests", "pytest"),
    ("go test ./...", "test"),
    ("pip install requests", "install"),
    ("git push origin main", "push"),
    ("cat > src/app.py <<'EOF'\nprint('hi')\nEOF", "cat"),
    ("(cd app && make)", "make"),
    ("sed -i 's/a/b/' x.txt", "sed"),
    ("find . -name '*.pyc' -delete", "find"),
    ("C:\\tools\\gradlew.bat build", "build"),
]


@pytest.mark.parametrize("command, tag", TAGGED_COMMANDS)
def test_commands_that_change_things_are_meaningful_and_tagged(command, tag):
    assert is_meaningful_command(command)
    assert tag in command_tags(analyse_command(command))


def test_a_heredoc_body_is_not_read_as_commands():
    # the body mentions npm test and rm, but the command only cats a file
    assert not is_meaningful_command("cat <<EOF\nnpm test\nrm -rf /\nEOF")
    assert names("cat > a.sh <<'EOF'\nnpm test\nEOF\nbash a.sh") == ["cat", "bash"]


def test_quotes_and_substitutions_do_not_split_a_command():
    assert names('echo "a && b; c" && npm test') == ["echo", "npm"]
    assert names("git commit -m \"$(date); done\" && ls") == ["git", "ls"]


def test_wrappers_and_assignments_are_stepped_over():
    assert names("sudo -u deploy env A=1 nice -n 5 timeout -s KILL 10 make") == ["make"]


@pytest.mark.parametrize(
    "command, message",
    [
        ('git commit -m "Add login form"', "Add login form"),
        ("git commit -am 'wip: tidy'", "wip: tidy"),
        ('git commit --message="feat: x"', "feat: x"),
        ('git commit --message "feat: y"', "feat: y"),
        ('git commit -m "one" -m "two"', "one\n\ntwo"),
        ("git commit -m \"$(cat <<'EOF'\nFix the add function\n\nIt subtracted.\n\n"
         "🤖 Generated with [Claude Code](https://claude.com/claude-code)\n\n"
         "Co-Authored-By: Claude <noreply@anthropic.com>\nEOF\n)\"",
         "Fix the add function\n\nIt subtracted."),
        ("git commit --no-edit", None),
    ],
)
def test_commit_message(command, message):
    commit = next(c for c in analyse_command(command) if c["sub"] == "commit")
    assert commit_message(commit["args"][commit["sub_index"] + 1 :]) == message


@pytest.mark.parametrize(
    "command",
    ["'unterminated", '"also', "$(", "`", "<<EOF", "a &&& b", "\\", "((((", "\x00", "x" * 10_000],
)
def test_odd_input_never_raises(command):
    analyse_command(command)
    is_meaningful_command(command)
    command_tags(analyse_command(command))
