"""hooks.capture's face: every name it lists is there, and importing it loads none of the rules
(a hook that captures nothing, SessionStart or Stop, never pays for them)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import hooks.capture

REPO = Path(__file__).resolve().parents[3]


def test_every_name_of_the_face_is_found_in_its_module():
    for name in hooks.capture.__all__:
        assert getattr(hooks.capture, name) is not None
    with pytest.raises(AttributeError):
        hooks.capture.no_such_rule  # noqa: B018


def test_importing_the_face_loads_no_rule_until_one_is_asked_for():
    code = (
        "import json, sys; import hooks.capture; before = sorted(m for m in sys.modules if m.startswith('hooks'));"
        "from hooks.capture import never_ran; after = sorted(m for m in sys.modules if m.startswith('hooks'));"
        "print(json.dumps([before, after]))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    before, after = json.loads(out.stdout)
    assert before == ["hooks", "hooks.capture"]
    assert after == ["hooks", "hooks.capture", "hooks.capture.refusals"]
