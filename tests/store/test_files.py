"""memlane's own files: owner-only, written whole, never through a symbolic link, never waited on."""

import os
import stat

import pytest

from store.config import load_config, save_setting
from store.files import (
    SymlinkRefused,
    make_private_dir,
    read_regular,
    write_private_atomic,
    write_private_if_changed,
)


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_a_written_file_is_owner_only_whole_and_leaves_no_temporary(tmp_path, umask_022):
    path = tmp_path / "state.json"
    path.write_text("old")
    os.chmod(path, 0o644)
    write_private_atomic(str(path), b"new", "a test file")
    assert path.read_bytes() == b"new"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert os.listdir(tmp_path) == ["state.json"]


def test_a_link_where_the_file_goes_is_refused_and_its_target_untouched(tmp_path):
    target = tmp_path / "elsewhere"
    target.write_text("theirs")
    link = tmp_path / "state.json"
    link.symlink_to(target)
    with pytest.raises(SymlinkRefused, match="symbolic link"):
        write_private_atomic(str(link), b"ours", "a test file")
    assert target.read_text() == "theirs" and link.is_symlink()
    assert sorted(os.listdir(tmp_path)) == ["elsewhere", "state.json"]


def test_a_private_folder_is_0700_and_a_linked_one_refused(tmp_path, umask_022):
    make_private_dir(str(tmp_path / "a" / "b"))
    assert stat.S_IMODE((tmp_path / "a" / "b").stat().st_mode) == 0o700
    (tmp_path / "link").symlink_to(tmp_path / "a")
    with pytest.raises(SymlinkRefused):
        make_private_dir(str(tmp_path / "link"), "the spool folder")


def test_a_fifo_is_not_waited_on(tmp_path):
    fifo = tmp_path / "config.toml"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        read_regular(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        save_setting("theme", "nord", fifo)


def test_the_theme_is_not_written_through_a_linked_settings_file(tmp_path, umask_022):
    target = tmp_path / "dotfiles-config.toml"
    target.write_text("retention_days = 30\n")
    link = tmp_path / "config.toml"
    link.symlink_to(target)
    with pytest.raises(SymlinkRefused):
        save_setting("theme", "nord", link)
    assert target.read_text() == "retention_days = 30\n" and link.is_symlink()


def test_saving_a_theme_makes_a_private_settings_file(tmp_path, umask_022):
    path = tmp_path / "home" / "config.toml"
    save_setting("theme", "nord", path)
    assert load_config(path)[0]["theme"] == "nord"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_a_settings_file_that_is_not_utf8_is_left_unchanged(tmp_path):
    path = tmp_path / "config.toml"
    path.write_bytes(b"theme = \"\xff\"\n")
    with pytest.raises(OSError, match="not UTF-8"):
        save_setting("theme", "nord", path)
    assert path.read_bytes() == b"theme = \"\xff\"\n"


def test_the_same_bytes_are_not_written_again_but_a_loose_file_is_tightened(tmp_path, umask_022):
    path = str(tmp_path / "kept" / "list")
    assert write_private_if_changed(path, b"one\ntwo", "a list") is True  # its folder made too
    assert stat.S_IMODE(os.stat(os.path.dirname(path)).st_mode) == 0o700
    os.chmod(path, 0o666)
    inode = os.stat(path).st_ino
    assert write_private_if_changed(path, b"one\ntwo", "a list") is False
    assert os.stat(path).st_ino == inode and stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert write_private_if_changed(path, b"one\ntwo\nthree", "a list") is True  # longer: written
    assert read_regular(path) == b"one\ntwo\nthree"
    assert write_private_if_changed(path, b"one", "a list") is True  # a prefix of it: written
    assert read_regular(path) == b"one"
