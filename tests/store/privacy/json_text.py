"""A tool's output as a transcript line carries it when the tool printed a JSON document as text
(the realistic negatives' tests send output through the Cleaner this way)."""
from __future__ import annotations

import json

from store.privacy import Cleaner, clean_text


def as_json_text(output: str) -> dict:
    """A transcript line whose tool result is a JSON document printed as text."""
    return {"type": "user", "message": {"role": "user", "content": [
        {"tool_use_id": "toolu_01AbPwKeyPassSk3xYz9QrTu", "type": "tool_result",
         "content": json.dumps({"output": output, "exitCode": 0})}]}}  # fmt: skip


def content(line: dict) -> str:
    """The tool result's text of a line made by as_json_text (after cleaning, as stored)."""
    return line["message"]["content"][0]["content"]


def kept_as_json_text(output: str) -> bool:
    """`output` is left whole by clean_text and by the Cleaner, also as a JSON document printed as
    text in a transcript line."""
    line = as_json_text(output)
    return clean_text(output) == output and Cleaner().value(line) == line
