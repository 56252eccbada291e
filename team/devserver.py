"""A throwaway PostgreSQL server for the tests and the benchmarks.

`initdb` + `pg_ctl` on a temporary folder, listening on a loopback port only,
trust authentication (nothing but this machine can reach it).  PostgreSQL
refuses to run as root, so under root the server runs as the `postgres`
system user (Debian's package creates it) through `runuser`.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time


class DevServerError(Exception):
    """PostgreSQL is not installed here or would not start."""


def find_bin_dir() -> str:
    """The newest PostgreSQL's bin folder (Debian keeps them under /usr/lib/postgresql/N/bin)."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(p.split("/")[-3]) if p.split("/")[-3].isdigit() else 0,
    )
    if found:
        return os.path.dirname(found[-1])
    initdb = shutil.which("initdb")
    if initdb:
        return os.path.dirname(initdb)
    raise DevServerError("PostgreSQL is not installed (no initdb); `apt-get install postgresql`.")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class DevServer:
    """`with DevServer() as pg: pg.url("dbname")` -- stopped and deleted on exit.

    `folder`: a folder kept between runs instead (a benchmark's million rows are
    built once): an existing data directory there is started as it is, and on
    exit the server stops but the folder stays.
    """

    superuser = "memlane_super"

    def __init__(self, settings: dict[str, str] | None = None, folder: str | None = None):
        self.bin_dir = find_bin_dir()
        self.port = _free_port()
        self.keep = folder is not None
        if folder is not None:
            os.makedirs(folder, exist_ok=True)
        self.folder = folder or tempfile.mkdtemp(prefix="memlane-pg-")
        self.data = os.path.join(self.folder, "data")
        self.settings = {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off",
                         "shared_buffers": "128MB", **(settings or {})}  # fmt: skip
        self._as_root = os.geteuid() == 0
        self._reused = False

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        cmd = [os.path.join(self.bin_dir, args[0]), *args[1:]]
        if self._as_root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        out = subprocess.run(cmd, capture_output=True, text=True, cwd=self.folder)
        if check and out.returncode != 0:
            raise DevServerError(f"{args[0]} failed: {(out.stderr or out.stdout)[-800:]}")
        return out

    def reused(self) -> bool:
        """True when the data directory was there before this server started."""
        return self._reused

    def start(self) -> DevServer:
        if self._as_root:
            shutil.chown(self.folder, "postgres", "postgres")
        self._reused = os.path.exists(os.path.join(self.data, "PG_VERSION"))
        if not self._reused:
            self._initdb()
        options = " ".join(f"-c {k}={v}" for k, v in self.settings.items())
        options += f" -c listen_addresses=127.0.0.1 -p {self.port} -c unix_socket_directories={self.data}"
        self._run("pg_ctl", "-D", self.data, "-l", os.path.join(self.folder, "log"), "-o", options,
                  "-w", "-t", "60", "start")  # fmt: skip
        return self

    def _initdb(self) -> None:
        self._run("initdb", "-D", self.data, "-U", self.superuser, "--auth=trust",
                  "-E", "UTF8", "--locale=C.UTF-8", "--no-sync")  # fmt: skip

    def stop(self) -> None:
        """Stop fast (terminating clients) and remove the folder; a kept folder stops cleanly and stays."""
        if self.keep:
            self._run("pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop", check=False)
            return
        self._run("pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop", check=False)
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, dbname: str = "postgres", user: str | None = None) -> str:
        return f"postgresql://{user or self.superuser}@127.0.0.1:{self.port}/{dbname}"

    def execute(self, sql: str, dbname: str = "postgres") -> None:
        import psycopg

        with psycopg.connect(self.url(dbname), autocommit=True) as conn:
            conn.execute(sql)

    def create_database(self, name: str) -> str:
        self.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def wait_ready(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while self._run("pg_isready", "-h", "127.0.0.1", "-p", str(self.port), check=False).returncode:
            if time.monotonic() > deadline:
                raise DevServerError("PostgreSQL did not become ready.")
            time.sleep(0.1)

    def __enter__(self) -> DevServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
