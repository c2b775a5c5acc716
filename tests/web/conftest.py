"""The web table over a save store in a temporary directory."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from magecraft.web.app import create_app

GM_TOKEN = "gm-test-token-0123456789"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(tmp_path / "web.sqlite3", GM_TOKEN)
    with TestClient(app) as test_client:
        yield test_client
