"""The 4x4 Three Musketeers database (tests/conftest.py builds it), opened for the engine tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from zermelo.solvers.musketeers.database import Database
from zermelo.solvers.musketeers.indexing import Variant


@pytest.fixture(scope="session")
def database(db_root: Path) -> Database:
    """The 4x4 database, opened."""
    return Database.open(Variant(4, 4, 3), db_root)
