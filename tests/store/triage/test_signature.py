"""store.triage.signature: an error group is named after what went wrong, and failures that
say nothing in common never share one."""

from __future__ import annotations

import pytest

from store.triage.signature import error_signature, headline


@pytest.mark.parametrize(
    "text, named",
    [
        ("Traceback (most recent call last):\n  File \"/srv/app.py\", line 3, in <module>\n"
         "    import jwt\nModuleNotFoundError: No module named 'jwt'", "ModuleNotFoundError: No module named 'jwt'"),
        ("Compiling app v0.1.0\nerror[E0425]: cannot find value `x` in this scope\n --> src/main.rs:2:5\n"
         "error: could not compile `app` (bin \"app\") due to 1 previous error", "error[E<n>]: cannot find value `x` in this scope"),
        ("FAILED tests/test_a.py::test_sum\nE   AssertionError: assert 3 == 4\n=== 1 failed in 0.02s ===",
         "AssertionError: assert <n> == <n>"),
        ("fatal: not a git repository (or any of the parent directories): .git",
         "fatal: not a git repository (or any of the parent directories): .git"),
        ("Exit code 1\nError: listen EADDRINUSE: address already in use :::3000",
         "Error: listen EADDRINUSE: address already in use :::<n>"),
        ("错误：找不到模块", "错误：找不到模块"),
    ],
)  # fmt: skip
def test_the_line_that_says_what_went_wrong_names_the_group(text, named):
    assert error_signature(text, "Bash", "$ run it") == f"Bash: {named}"


def test_the_same_error_at_other_paths_and_times_is_one_group():
    a = error_signature("Error: ENOENT: no such file or directory, open '/home/a/x/dist/index.html'",
                        "Bash", "$ npm run build")  # fmt: skip
    b = error_signature("Error: ENOENT: no such file or directory, open '/srv/b/dist/index.html'",
                        "Bash", "$ npm start")  # fmt: skip
    assert a == b


@pytest.mark.parametrize("text", ["", "Exit code 1", "Error", "error", "/usr/local/bin/pnpm", "v1.22.19",
                                  "--gradle--", "FAILED", "Exit code 2\n\n"])  # fmt: skip
def test_output_that_says_nothing_is_named_by_the_failing_call(text):
    grep = error_signature(text, "Bash", '$ grep -rn "TODO" src && ls build')
    curl = error_signature(text, "Bash", "$ curl -sf http://localhost:3000/health")
    assert grep != curl
    assert grep.startswith('Bash: $ grep -rn "TODO" src && ls build')
    assert curl.startswith("Bash: $ curl -sf <url>")


def test_a_headline_is_never_an_exit_code_line():
    assert headline("Exit code 1\nmake: *** [build] Error 2") == "make: *** [build] Error 2"
    assert headline("Exit code 1") == ""
