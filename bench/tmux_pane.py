"""A tmux pane the benches run the app in: a real terminal emulator between the app and us.

One tmux server of our own (its own socket, no config file) holds one pane of the
size asked for.  Everything a program writes to the pane is piped (`pipe-pane`) to a
FIFO that a thread reads, noting when each chunk arrived, so a bench can ask when the
pane's output first held a text.  `run(argv, env)` starts a program in the pane
(`respawn-pane`, the program replacing whatever ran there) and returns the moment it
asked tmux to; keys go in with `send-keys`.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import tempfile
import threading
import time


class TmuxPane:
    """One pane of a private tmux server; `output` everything written to it, with when."""

    def __init__(self, size: tuple[int, int], cwd: str, env: dict[str, str]) -> None:
        """`env`: the environment of everything the pane runs (the server's, so nothing of
        ours leaks in: PYTHONDONTWRITEBYTECODE, say, would make each start compile)."""
        if shutil.which("tmux") is None:
            raise RuntimeError("tmux is not installed: this bench measures in a real terminal")
        self.rows, self.columns = size
        self.cwd = cwd
        self.env = dict(env)
        self.socket = f"memlane-bench-{os.getpid()}-{id(self)}"
        self._folder = tempfile.mkdtemp(prefix="memlane-tmux-")
        self._fifo = os.path.join(self._folder, "pane.out")
        os.mkfifo(self._fifo, 0o600)
        self._lock = threading.Lock()
        self._output = bytearray()
        self._arrivals: list[tuple[int, float]] = []  # (length of the output after a read, when)
        self._tmux("new-session", "-d", "-s", "bench", "-x", str(self.columns), "-y", str(self.rows),
                   "sleep 1000000")  # fmt: skip
        self._tmux("set-option", "-g", "remain-on-exit", "on")
        self._tmux("set-option", "-g", "status", "off")  # the pane is the whole window
        self._tmux("resize-window", "-t", "bench", "-x", str(self.columns), "-y", str(self.rows))
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._tmux("pipe-pane", "-t", "bench", "-O", f"cat > {shlex.quote(self._fifo)}")

    def _tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", *args],
                              capture_output=True, text=True, check=True, cwd=self.cwd,
                              env=self.env)  # fmt: skip
        return done.stdout

    def _read(self) -> None:
        with open(self._fifo, "rb", buffering=0) as pipe:
            while True:
                chunk = pipe.read(65536)
                if not chunk:
                    return
                now = time.perf_counter()
                with self._lock:
                    self._output += chunk
                    self._arrivals.append((len(self._output), now))

    def run(self, argv: list[str], env: dict[str, str] | None = None) -> float:
        """Start `argv` in the pane (ending what ran there), with `env` added to the pane's
        environment; the perf_counter it was asked at."""
        settings = [arg for name, value in (env or {}).items() for arg in ("-e", f"{name}={value}")]
        command = "exec " + shlex.join(argv)
        started = time.perf_counter()
        self._tmux("respawn-pane", "-k", "-t", "bench", "-c", self.cwd, *settings, command)
        return started

    @property
    def pid(self) -> int:
        return int(self._tmux("display-message", "-p", "-t", "bench", "#{pane_pid}").strip())

    @property
    def running(self) -> bool:
        return self._tmux("display-message", "-p", "-t", "bench", "#{pane_dead}").strip() != "1"

    def mark(self) -> int:
        with self._lock:
            return len(self._output)

    def wait_for(self, text: bytes, since: int, timeout: float) -> float | None:
        """When the output after offset `since` first held `text` (perf_counter), else None."""
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            with self._lock:
                at = self._output.find(text, since)
                if at >= 0:
                    done = at + len(text)
                    return next(when for length, when in self._arrivals if length >= done)
            time.sleep(0.001)
        return None

    def press(self, keys: str) -> None:
        self._tmux("send-keys", "-t", "bench", "-l", keys)

    def stop(self, quit_key: str = "q", wait: float = 5.0) -> None:
        """Press `quit_key` and wait for the program to end (killed after `wait` seconds)."""
        if self.running:
            self.press(quit_key)
            end = time.monotonic() + wait
            while self.running and time.monotonic() < end:
                time.sleep(0.02)
        if self.running:
            self._tmux("respawn-pane", "-k", "-t", "bench", "sleep 1000000")

    def close(self) -> None:
        try:
            self._tmux("kill-server")
        except subprocess.CalledProcessError:
            pass
        self._reader.join(2)
        shutil.rmtree(self._folder, ignore_errors=True)
