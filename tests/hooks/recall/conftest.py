"""The recall tests' store (recall_store.py), the asking session started."""

import pytest

from store.database import connection as db
from store.writing import writer
from tests.hooks.recall.recall_store import CURRENT, PROJECT


@pytest.fixture
def conn(env):
    connection = db.connect(env.db)
    writer.start_session(connection, CURRENT, PROJECT)
    yield connection
    connection.close()
