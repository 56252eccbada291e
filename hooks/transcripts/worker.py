"""Reading transcripts in a second process while this one writes (``memlane import``).

The child is ``python -c`` calling :func:`worker_main` (not ``-m`` of this module: the
package imports it first, and runpy then warns that it is already in ``sys.modules``). The protocol is
framed pickles over its pipes (8-byte big-endian length, then the pickle):
the parent sends one ``(files, reader, config)``; the child answers with
``("obs", observations, stats)`` messages, then ``("done", stats, sessions,
unpaired)`` or ``("error", text)``.
"""
from __future__ import annotations

import os
import sys

from hooks.capture import observations_from_event
from hooks.transcripts.files import files_size
from hooks.transcripts.reader import TranscriptReader

WORKER_MIN_BYTES = 8_000_000  # below this, starting a process costs more than it saves
_CHUNK = 250  # observations per message from the worker
WORKER_COMMAND = "import sys; from hooks.transcripts.worker import worker_main; sys.exit(worker_main())"


def observations_here(files, reader: TranscriptReader, config: dict):
    """Lists of observations: every _CHUNK, and when a file is done (so progress moves)."""
    chunk: list = []
    files_done = [0]

    def on_file(_path):
        files_done[0] += 1

    sent = 0
    for event in reader.read_files(files, on_file=on_file):
        chunk.extend(observations_from_event(event, config))
        if len(chunk) >= _CHUNK or files_done[0] != sent:
            sent = files_done[0]
            yield chunk
            chunk = []
    yield chunk


def worth_a_worker(files) -> bool:
    return (os.cpu_count() or 1) >= 2 and files_size(files, WORKER_MIN_BYTES) > WORKER_MIN_BYTES


def _send(stream, message) -> None:
    import pickle

    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(len(data).to_bytes(8, "big") + data)
    stream.flush()


def _receive(stream):
    import pickle

    head = stream.read(8)
    if len(head) < 8:
        return None
    size = int.from_bytes(head, "big")
    data = stream.read(size)
    if len(data) < size:
        return None
    return pickle.loads(data)  # noqa: S301 - our own child process, over a pipe


def worker_main() -> int:
    """The worker process (``python -c WORKER_COMMAND``): read the (files, reader, config) sent
    on stdin, send ("obs", observations, stats) messages on stdout, then ("done",
    stats, sessions, unpaired) or ("error", text)."""
    out = sys.stdout.buffer
    try:
        files, reader, config = _receive(sys.stdin.buffer)
        for chunk in observations_here(files, reader, config):
            _send(out, ("obs", chunk, reader.stats))
        _send(out, ("done", reader.stats, reader.sessions, reader.unpaired_calls()))
    except BrokenPipeError:
        return 1  # the caller went away
    except BaseException as exc:  # the caller says it; a worker must not hang it
        import traceback

        _send(out, ("error", f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=5)}"))
        return 1
    return 0


def observations_in_worker(files, reader: TranscriptReader, config: dict):
    """observations_here, read by a second process while this one writes: the same
    reader (pickled over), files and order, so the same result. A plain subprocess,
    not multiprocessing: nothing of this process (threads, the database connection,
    its __main__) is forked or re-imported. The reader's stats follow along; its
    sessions and unpaired calls are set when the worker is done."""
    import pickle
    import subprocess

    try:
        payload = pickle.dumps((list(files), reader, config), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # say, a keep_cwd that is a lambda: read here instead
        yield from observations_here(files, reader, config)
        return
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ)
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    proc = subprocess.Popen(
        [sys.executable, "-c", WORKER_COMMAND],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env,
    )  # fmt: skip
    # A thread drains the pipe at once, so the worker never waits while this
    # process is busy writing a batch (a pipe holds ~64 KB: a few dozen memories).
    import queue
    import threading

    inbox: queue.Queue = queue.Queue(maxsize=400)
    stop = threading.Event()

    def drain():
        while not stop.is_set():
            message = _receive(proc.stdout)
            while not stop.is_set():
                try:
                    inbox.put(message, timeout=0.5)
                    break
                except queue.Full:
                    continue
            if message is None or message[0] != "obs":
                return

    try:
        proc.stdin.write(len(payload).to_bytes(8, "big") + payload)
        proc.stdin.close()
        threading.Thread(target=drain, name="memlane-import-pipe", daemon=True).start()
        while True:
            message = inbox.get()
            if message is None:
                raise RuntimeError(
                    f"the transcript reader process stopped unexpectedly (exit code {proc.wait()})"
                )
            if message[0] == "obs":
                reader.stats.update(message[2])
                yield message[1]
            elif message[0] == "done":
                reader.stats.update(message[1])
                reader.sessions = message[2]
                reader.unpaired_from_worker = message[3]
                return
            else:
                raise RuntimeError("reading the transcripts failed: " + message[1])
    finally:
        stop.set()
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        proc.stdout.close()

