"""Count the page starts of each browser test: a pytest plugin, off unless asked.

    .venv/bin/python -m pytest -n 0 -p tests.browser.page_starts tests/browser/test_screens.py

(in one process: under xdist the counts stay in the workers.)

A page start is a page's Python starting in its worker (``assets/py-worker.js``:
seconds each, docs/testing.md), counted on every page of every browser context
the tests open, and billed to the test running (a module fixture's to the
module's first test). The run ends by printing the counts, most first, and
their sum: compare them before and after a change, where wall-clock times
move with the machine's load. A worker a page starts for its bot's shared
search (the same script) counts too; the frames of a rules page, which start
their own, do not (Playwright reports a page's workers, not its frames').
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Worker

#: the page's Python worker, by its script
PY_WORKER = "py-worker"

_starts: Counter[str] = Counter()
_current = ["(no test)"]


def _count(worker: Worker) -> None:
    if PY_WORKER in worker.url:
        _starts[_current[0]] += 1


def _watch(page: Page) -> None:
    page.on("worker", _count)


_new_context = Browser.new_context
_new_page = Browser.new_page


def _counted_context(self: Browser, *args: Any, **kwargs: Any) -> BrowserContext:
    context = _new_context(self, *args, **kwargs)
    context.on("page", _watch)
    return context


def _counted_page(self: Browser, *args: Any, **kwargs: Any) -> Page:
    page = _new_page(self, *args, **kwargs)
    _watch(page)
    return page


def pytest_configure(config: pytest.Config) -> None:
    Browser.new_context = _counted_context  # type: ignore[method-assign]
    Browser.new_page = _counted_page  # type: ignore[method-assign]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _current[0] = item.nodeid


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    terminalreporter.section("page starts")
    for nodeid, count in _starts.most_common():
        terminalreporter.write_line(f"{count:4d}  {nodeid}")
    terminalreporter.write_line(f"{sum(_starts.values()):4d}  in all")
