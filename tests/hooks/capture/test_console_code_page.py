"""Console text a Windows console wrote in its code page is stored as it was written
(issue 35, defect 5).  A Chinese Windows console writes GBK (code page 936); a tool that
reads it one byte a character (latin-1), or that reads UTF-8 output as GBK, hands Claude
Code mojibake ("ÏµÍ³ÕÒ²»µ½...", "绯荤粺鎵句笉..."), and memlane stored that.  Bytes Claude
Code itself decoded as UTF-8 arrive as U+FFFD: those are gone before any hook or
transcript sees them, and are kept as they came, never "repaired" by guesswork.

The session below is written here in the shape of a Windows session (Git Bash, `cmd /c`,
`ping`, `dir`); its texts are made up.  The hook and the importer store the same thing.
"""

from __future__ import annotations

import io
import json

import pytest

from hooks.capture import capture_observations
from store.text import console_text
from tests.fixtures import import_into, memories
from tests.fixtures.shapes import Session, write_session

NO_PATH = "系统找不到指定的路径。"
NOT_A_COMMAND = "'mvn' 不是内部或外部命令，也不是可运行的程序\r\n或批处理文件。"
PING = ("正在 Ping 10.0.0.7 具有 32 字节的数据:\r\n请求超时。\r\n\r\n10.0.0.7 的 Ping 统计信息:\r\n"
        "    数据包: 已发送 = 4，已接收 = 0，丢失 = 4 (100% 丢失)，")  # fmt: skip
VOLUME = " 驱动器 C 中的卷是 Windows\r\n 卷的序列号是 5A1C-93F2\r\n\r\n C:\\build\\out 的目录\r\n"


def one_byte_a_character(text: str) -> str:
    """GBK bytes read one byte a character (latin-1)."""
    return text.encode("gbk").decode("latin-1")


def utf8_read_as_gbk(text: str) -> str:
    """UTF-8 bytes read as GBK; a byte GBK cannot pair is lost ('?' or U+FFFD)."""
    return text.encode("utf-8").decode("gbk", "replace")


def replaced(text: str) -> str:
    """GBK bytes read as UTF-8, as Claude Code's own Bash tool does: what it cannot read is U+FFFD."""
    return text.encode("gbk").decode("utf-8", "replace")


def windows_session() -> Session:
    s = Session("gbk-console", cwd="C:\\Users\\dev\\shop", version="2.1.212", home="C:\\Users\\dev",
                start="2026-11-20T08:00:00.000")  # fmt: skip
    s.start()
    s.prompt("构建一下然后看看服务器能不能连上")
    s.failing_bash('cmd /c "cd C:\\build\\out && dir"', one_byte_a_character(NO_PATH))
    s.failing_bash("mvn -q package", utf8_read_as_gbk(NOT_A_COMMAND), code=127)
    s.bash("ping -n 4 10.0.0.7", one_byte_a_character(PING))
    s.bash('cmd /c "dir C:\\build\\out"', utf8_read_as_gbk(VOLUME))
    s.failing_bash("taskkill /PID 4120", replaced("错误: 没有找到进程 \"4120\"。"), code=128)
    s.text("构建目录不存在，mvn 也没有安装。")
    s.end()
    return s


def stored(rows: list[dict]) -> list[tuple]:
    return [(r["type"], r["content"]) for r in rows if r["type"] != "prompt"]


def expect_written_text(rows: list[tuple]) -> None:
    no_path, no_mvn, ping, volume, taskkill = rows
    assert no_path[0] == "error" and NO_PATH in no_path[1]
    # a character whose byte GBK could not pair is lost (one U+FFFD), the rest is read back
    assert no_mvn[0] == "error" and "'mvn' 不是内部或\ufffd部命令，也不是\ufffd运\ufffd的程序\r\n或批处理文件\ufffd" in no_mvn[1]
    assert ping[0] == "command" and "请求超时。" in ping[1] and "数据包: 已发送 = 4" in ping[1]
    assert volume[0] == "command" and " 驱动\ufffd C \ufffd的卷\ufffd Windows\n 卷的序列号是 5A1C-93F2" in volume[1]
    # Bytes replaced before memlane saw them stay as they came (nothing to decode).
    assert taskkill[0] == "error" and replaced("错误: 没有找到进程") in taskkill[1]


def test_the_hook_stores_console_text_as_the_console_wrote_it(homes):
    from hooks import main as hook_main

    for event in windows_session().hooks:
        run = hook_main.run_hook(io.BytesIO(json.dumps(event).encode()))
        if run.conn is not None:
            run.conn.close()
        assert run.message is None, run.message
    expect_written_text(stored(memories(homes / "memlane" / "hooks.db")))


def test_the_importer_stores_console_text_as_the_console_wrote_it(homes):
    session = windows_session()
    write_session(session, homes / "corpus")
    import_into(str(homes / "imported.db"), [homes / "corpus" / "projects"])
    expect_written_text(stored(memories(homes / "imported.db")))


@pytest.mark.parametrize("text", [
    "plain ascii output\n", NO_PATH, PING, "café déjà vu\n", "Größe: ÄÖ überschritten", "Ошибка: файл не найден",
    "テストに失敗しました", "错误", "✓ built in 2.1s\n✗ 2 failed", "编译完成 ✅\n", replaced(NOT_A_COMMAND),
    "naïve façade — 5 €\nÏ", "中文 and Ünïcödé on one line\n正常的中文行\n", replaced(PING), replaced(VOLUME),
    replaced(NO_PATH), replaced("错误: 没有找到进程 \"4120\"。"),
])  # fmt: skip
def test_text_that_is_not_misread_is_left_as_it_is(text):
    assert console_text(text) == text


def test_each_line_is_read_back_on_its_own():
    """A tool's own UTF-8 lines and a console's mis-read lines in one output."""
    output = "✓ compiled\n" + one_byte_a_character(NO_PATH) + "\n编译完成\n" + utf8_read_as_gbk("无法连接到服务器") + "\n"
    assert console_text(output) == f"✓ compiled\n{NO_PATH}\n编译完成\n无法连接到服务器\n"


def test_capture_reads_a_failure_and_a_result_alike():
    event = {"session_id": "s", "hook_event_name": "PostToolUseFailure", "tool_name": "Bash", "cwd": "C:\\w",
             "tool_input": {"command": "cd C:\\nowhere"}, "error": "Exit code 1\n" + one_byte_a_character(NO_PATH)}  # fmt: skip
    (obs,) = capture_observations(event, {})
    assert obs["error_text"] == "Exit code 1\n" + NO_PATH
