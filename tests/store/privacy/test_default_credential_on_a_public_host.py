"""A password that repeats its user (`postgres:postgres@`) is a service's default, kept where only
the machine or its compose network reaches it (localhost, a service's name, a documentation
domain); on a public host's name it is a live credential of that server, and goes."""

from __future__ import annotations

import pytest

from store.privacy import clean_text


@pytest.mark.parametrize("url", [
    "DATABASE_URL=postgresql://{u}:{u}@pg.tidewater-shop.com.br:5432/orders",
    "  - MONGO_URL=mongodb://{u}:{u}@mongo1.harborline.io:27017/app",
])  # fmt: skip
def test_a_default_on_a_public_host_goes(url):
    assert clean_text(url.format(u="tidewater")) == url.format(u="tidewater").replace(
        ":tidewater@", ":[REDACTED:password]@", 1)


@pytest.mark.parametrize("line", [
    "DATABASE_URL=postgresql://postgres:postgres@localhost:5432/app",
    "DATABASE_URL=postgresql://app:app@db:5432/app",
    "REDIS_URL=redis://default:default@127.0.0.1:6379",
    "AMQP_URL=amqp://guest:guest@rabbitmq.internal:5672/",
    "DATABASE_URL=postgresql://app:app@db.example.com:5432/app",
    "DATABASE_URL=postgresql://app:app@host.docker.internal:5432/app",
    "DATABASE_URL=postgresql://dev:dev@postgres.local:5432/app",
])  # fmt: skip
def test_a_default_on_a_local_host_is_kept(line):
    assert clean_text(line) == line
