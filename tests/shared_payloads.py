"""Where the real Claude Code material lives: `shared/claude-e2e/` beside the checkout.

The payload tests are the proof that memlane speaks the real CLI's protocol, so
a checkout without `shared/` fails them loudly instead of skipping them.
"""

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED_E2E = REPO.parent / "shared" / "claude-e2e"
PAYLOADS = SHARED_E2E / "payloads"
PUBLIC_PAYLOADS = SHARED_E2E / "payloads-public"

if not PAYLOADS.is_dir():
    raise RuntimeError(
        f"{SHARED_E2E} is missing: the tests need the real Claude Code payloads in "
        "shared/claude-e2e beside the checkout."
    )
