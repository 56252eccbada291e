"""A labelled value that prose follows on its line is a value though the prose is of a language
written without spaces between its words (Chinese, Japanese): `appid: X, secret: Y 需配置在服务器上`
reads as `secret: Y to be set on the server` does."""

from __future__ import annotations

import pytest

from store.privacy import clean_text
from tests.privacy_eval import gen

HEX = gen("cjk-tail", 32, "0123456789abcdef")
APPID = "ap" + gen("cjk-appid", 16, "0123456789abcdef")


@pytest.mark.parametrize("tail", [
    "需配置在服务器上。",
    "を本番環境で使ってください",
    "to be set on the server.",
])  # fmt: skip
def test_a_value_that_prose_follows_goes(tail):
    line = "- 支付凭证：appid: " + APPID + ", secret: {} " + tail
    assert clean_text(line.format(HEX)) == line.format("[REDACTED:secret]")


@pytest.mark.parametrize("line", [
    "- 配置项 secret: 见下文 需配置在服务器上",
    "- appid: demo, secret: 环境变量中读取 需配置",
])  # fmt: skip
def test_words_for_a_value_are_kept(line):
    assert clean_text(line) == line
