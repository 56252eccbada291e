"""memlane's own offline harness for the real Claude Code CLI.

``mock_api`` plays the Anthropic Messages API from a script on 127.0.0.1;
``run_session`` installs the pinned CLI from npm (once, cached) and runs one
``claude -p`` session against the mock with HOME set to a folder of the test's.
Both run as commands too (``python -m tests.e2e.harness.run_session --help``).
"""
