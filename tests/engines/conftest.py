"""A small Three Musketeers database shared by the engine tests (built once, in seconds)."""

from __future__ import annotations

from pathlib import Path

import pytest

from zermelo.games.musketeers.database import Database
from zermelo.games.musketeers.indexing import Variant


@pytest.fixture(scope="session")
def db_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding the complete 4x4 database with three musketeers."""
    root = tmp_path_factory.mktemp("db")
    Database.build(Variant(4, 4, 3), root)
    return root


@pytest.fixture(scope="session")
def database(db_root: Path) -> Database:
    """The 4x4 database, opened."""
    return Database.open(Variant(4, 4, 3), db_root)
