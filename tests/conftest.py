"""Fixtures every test file may use."""

from tests.pyodide_server import pyodide

__all__ = ["pyodide"]
