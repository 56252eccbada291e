"""A password typed where a command was expected: the shell's answer names it, or a history holds
it alone on the line after a command that asks for a password.  A command's name (a word, a path,
a name with a version) stays."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "Fjord" + "#" + "Lamp" + "63"
RND = "Zr8" + "pQw3Nx" + "7TkLm2" + "Vb9Yc"


@pytest.mark.parametrize("text", [
    "bash: {}: command not found\n",
    "zsh: command not found: {}\n",
    "fish: Unknown command: {}\n",
    "sh: 1: {}: not found\n",
    "'{}' is not recognized as an internal or external command,\n",
    "it said `zsh: command not found: {}`, how do I clear it?",
    "$ su - postgres\nPassword:\nsu: Authentication failure\n$ {}\n{}: command not found\n",
    "  301  sudo -i\n  302  {}\n  303  ls -la\n",
    ": 1764489600:0;ssh ops@db-2\n: 1764489609:0;{}\n",
    "docker login registry.example.com\n{}\ndocker push app\n",
    "mysql -u admin -p -h db-1\n{}\nexit\n",
])  # fmt: skip
@pytest.mark.parametrize("value", [PW, RND])
def test_a_password_typed_at_the_wrong_prompt(text, value):
    assert value not in clean_text(text.format(value, value))


@pytest.mark.parametrize("text", [
    "bash: kubectl: command not found\n",
    "zsh: command not found: python3.11\n",
    "sh: 1: ./deploy-v2.sh: not found\n",
    "'node_modules/.bin/tsc' is not recognized as an internal or external command,\n",
    "  301  sudo -i\n  302  htop\n  303  ls -la\n",
    "ssh deploy@web-1\nuptime\nexit\n",
    "mysql -u admin -h db-1 shop\nquit\n",
    "$ sudo systemctl status nginx\n● nginx.service - A high performance web server\n",
])  # fmt: skip
def test_a_command_s_name_stays(text):
    assert clean_text(text) == text
