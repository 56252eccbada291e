"""The Claude Code payloads the hook, import and app tests share, kept in the repository.

- ``PAYLOADS`` (``tests/fixtures/payloads/``): the hook events and the transcript of one
  session of the real CLI, captured with memlane's e2e harness
  (``python -m tests.fixtures.capture_payloads``);
- ``PUBLIC_PAYLOADS`` (``tests/fixtures/payloads-public/``): events and transcript lines
  in the shapes of older versions and other systems, written by us (see its README).
"""

from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / "fixtures"
PAYLOADS = FIXTURES / "payloads"
PUBLIC_PAYLOADS = FIXTURES / "payloads-public"
SAMPLE = PAYLOADS / "transcript-sample.jsonl"  # the session's transcript, as the CLI wrote it
