"""Fixtures every test file may use, and how pytest-xdist shares the files
between its workers (tests/split.py)."""

from __future__ import annotations

import pytest
from xdist.remote import Producer

from tests.pyodide_server import pyodide
from tests.split import FileScheduling

__all__ = ["pyodide", "pytest_xdist_make_scheduler"]


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Producer) -> FileScheduling | None:
    """``--dist loadfile`` (pyproject.toml's default under ``-n``): whole files,
    the WebRTC ones together, the longest first; other modes as xdist has them."""
    if config.getvalue("dist") != "loadfile":
        return None
    return FileScheduling(config, log)
