"""A generator of realistic memories: edits, commands, errors, prompts, English and Korean.

Used by `memlane demo` and by the benchmarks in bench/.  Deterministic for a seed.
No textual import: the benchmarks run it headless.
"""

from __future__ import annotations

import random
import time
import uuid

PROJECTS = [
    ("/home/dev/shop-api", "shop-api"),
    ("/home/dev/calc-app", "calc-app"),
    ("/home/dev/infra", "infra"),
    ("/home/dev/blog", "blog"),
    ("/home/dev/ml-pipeline", "ml-pipeline"),
]
FILES = [
    "src/auth/session.ts", "src/auth/token.ts", "src/api/handler.ts", "src/db/schema.ts",
    "src/db/migrations/004_users.sql", "src/config.json", "tests/test_auth.py", "app/models.py",
    "app/views.py", "Dockerfile", "README.md", "src/rate_limit.py", "src/payments/stripe.py",
    "web/components/LoginForm.tsx", "scripts/deploy.sh", "pyproject.toml", "src/cache/redis.go",
]  # fmt: skip
ENGLISH_PROMPTS = [
    "fix the login bug where the session token expires too early",
    "add rate limiting to the public API endpoints",
    "why does the migration fail on the users table?",
    "refactor the payment handler to use the new stripe client",
    "write tests for the cache invalidation logic",
    "the docker build is slow, can you speed it up",
    "update the README with the new deployment steps",
    "investigate the flaky test in test_auth.py",
    "add a retry with backoff to the webhook sender",
    "upgrade the config loader to support environment overrides",
]
KOREAN_PROMPTS = [
    "로그인 세션 토큰이 너무 빨리 만료되는 버그를 고쳐줘",
    "API 엔드포인트에 속도 제한을 추가해 주세요",
    "사용자 테이블 마이그레이션이 왜 실패하나요?",
    "결제 핸들러를 새 클라이언트로 리팩터링해줘",
    "캐시 무효화 로직에 대한 테스트를 작성해 주세요",
    "인증 모듈의 오류 처리를 개선해줘",
    "배포 스크립트에 롤백 단계를 추가해 주세요",
    "데이터베이스 연결 풀 설정을 검토해줘",
]
COMMANDS = [
    ("npm test", "PASS src/auth/session.test.ts\nPASS src/api/handler.test.ts\nTests: 42 passed, 42 total"),
    ("pytest -q tests/", "........................................ [100%]\n40 passed in 3.21s"),
    ("git status", "On branch main\nChanges not staged for commit:\n  modified: src/auth/session.ts"),
    ("docker compose build api", "Step 1/9 : FROM python:3.11-slim\n ---> 3f2c1a\nSuccessfully built 8d1e2f"),
    ("make lint", "ruff check .\nAll checks passed!"),
    ("cargo build --release", "Compiling cache v0.3.1\nFinished release [optimized] target(s) in 41.2s"),
    ("npx tsc --noEmit", ""),
    ("pip install -r requirements.txt", "Successfully installed redis-5.0.1 stripe-7.4.0"),
    ("go test ./...", "ok  \tshop/cache\t0.412s\nok  \tshop/api\t1.003s"),
]  # fmt: skip
ERRORS = [
    ("npm test", "Error: ENOENT: no such file or directory, open '/tmp/fixtures/users-{n}.json'"),
    ("pytest tests/test_auth.py", "FAILED tests/test_auth.py::test_refresh - AssertionError: expected 200, got 401"),
    ("python manage.py migrate", "django.db.utils.OperationalError: no such column: users.last_login_at"),
    ("docker compose up", "Error response from daemon: driver failed programming external connectivity: Bind for 0.0.0.0:{n} failed: port is already allocated"),
    ("npm run build", "TypeError: Cannot read properties of undefined (reading 'token') at LoginForm.tsx:{n}"),
    ("cargo test", "error[E0502]: cannot borrow `cache` as mutable because it is also borrowed as immutable"),
    ("python -m app", "ModuleNotFoundError: No module named 'jwt'"),
    ("git push", "fatal: unable to access 'https://git.example.com/shop.git/': Could not resolve host"),
]  # fmt: skip
KOREAN_NOTES = [
    "인증 토큰 갱신 로직을 수정했습니다. 만료 시간 계산에 버그가 있었습니다.",
    "데이터베이스 스키마에 인덱스를 추가해서 조회 속도를 개선했습니다.",
    "속도 제한 설정을 환경 변수에서 읽도록 변경했습니다.",
    "오류 메시지를 한국어로 번역하고 로그 형식을 통일했습니다.",
]
FILLER = (
    "The handler validates the request, loads the user from the cache, falls back to the "
    "database when the cache misses, and refreshes the session when it is close to expiry. "
    "Retries use exponential backoff with jitter; the limit comes from the config file. "
)


def _sized(rng: random.Random, text: str, low: int = 200, high: int = 2000) -> str:
    target = rng.randint(low, high)
    parts = [text]
    while sum(len(p) for p in parts) < target:
        parts.append(rng.choice([FILLER, rng.choice(KOREAN_NOTES) + "\n", FILLER[: rng.randint(40, 160)]]))
    return "\n".join(parts)[:target]


def _diff(rng: random.Random, path: str) -> str:
    old = rng.choice(["return a - b", "timeout = 30", "if token.expired:", "cache.get(key)"])
    new = rng.choice(["return a + b", "timeout = settings.TIMEOUT", "if token.expires_in < 60:", "cache.get(key, default=None)"])
    return f"Edit {path} (+1 -1)\n-    {old}\n+    {new}"


def observation(rng: random.Random, session_id: str, cwd: str, created_at: str, n: int) -> dict:
    """One realistic Observation dict."""
    roll = rng.random()
    # a hook receives an event as it happens: retention counts from then
    base = {"session_id": session_id, "cwd": cwd, "created_at": created_at, "received_at": created_at,
            "source": "hook"}
    if roll < 0.12:
        prompt = rng.choice(KOREAN_PROMPTS if rng.random() < 0.35 else ENGLISH_PROMPTS)
        return {**base, "type": "prompt", "importance": 2, "content": prompt, "tags": "prompt"}
    if roll < 0.45:
        path = f"{cwd}/{rng.choice(FILES)}"
        note = rng.choice(KOREAN_NOTES) if rng.random() < 0.3 else ""
        content = _sized(rng, _diff(rng, path.rsplit("/", 1)[-1]) + ("\n" + note if note else ""))
        return {**base, "type": "file_edit", "tool_name": "Edit", "file_path": path, "importance": 1,
                "content": content, "tags": "edit " + path.rsplit("/", 1)[-1]}  # fmt: skip
    if roll < 0.82:
        cmd, out = rng.choice(COMMANDS)
        content = _sized(rng, f"$ {cmd}\n{out}")
        return {**base, "type": "command", "tool_name": "Bash", "importance": 1, "content": content,
                "tags": "bash " + cmd.split()[0]}  # fmt: skip
    if roll < 0.92:
        cmd, err = rng.choice(ERRORS)
        err = err.replace("{n}", str(rng.randint(1, 9999)))
        return {**base, "type": "error", "tool_name": "Bash", "importance": 3,
                "content": _sized(rng, f"$ {cmd}\nExit code 1\n{err}", 120, 900),
                "error_text": f"Exit code 1\n{err}", "tags": "bash error"}  # fmt: skip
    path = f"{cwd}/{rng.choice(FILES)}"
    return {**base, "type": "file_write", "tool_name": "Write", "file_path": path, "importance": 1,
            "content": _sized(rng, f"Write {path} (created, 24 lines)\n" + FILLER), "tags": "write"}  # fmt: skip


def parse_iso(stamp: str) -> float:
    """The epoch seconds of a stored UTC timestamp."""
    import calendar

    return calendar.timegm(time.strptime(stamp[:19], "%Y-%m-%dT%H:%M:%S")) + float("0" + stamp[19:-1])


def iso(t: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t % 1 * 1e6):06d}Z"


def generate(count: int, *, seed: int = 7, end: float | None = None, span_days: float = 120,
             per_session: int = 60):  # fmt: skip
    """Yield `count` observations spread over `span_days` up to `end`, oldest first."""
    rng = random.Random(seed)
    end = time.time() if end is None else end
    start = end - span_days * 86400
    step = (end - start) / max(1, count)
    session_id, cwd = None, None
    for n in range(count):
        if n % per_session == 0:
            # Shaped like Claude Code's ids (UUIDs), so their first eight characters, which the
            # app shows and every --session takes, tell the sessions apart as real ones do.
            session_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"memlane-demo/{seed}/{n // per_session}"))
            cwd = rng.choice(PROJECTS)[0]
        yield observation(rng, session_id, cwd, iso(start + n * step), n)
