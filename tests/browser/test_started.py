"""The shared started pages (tests/browser/started.py) fail a test whose page
misbehaved, as the ``page`` fixture does, and lend no such page again."""

from __future__ import annotations

from typing import cast

from playwright.sync_api import Page

from build import BuildResult
from tests.browser.conftest import App, PageLog, Site
from tests.browser.started import StartedPages
from tests.browser.warm import WarmPool

ORIGIN = "http://127.0.0.1:9"


def _pages() -> tuple[StartedPages, App, App]:
    """Two pages kept and lent to a test (no browser: only their logs are read)."""
    site = Site(url=ORIGIN + "/", origin=ORIGIN, build=cast(BuildResult, None), headers=True)
    pages = StartedPages(cast(WarmPool, None), site)
    quiet, noisy = (App(cast(Page, None), PageLog(origin=ORIGIN), site) for _ in range(2))
    pages.apps = {("a", 1280, "en-GB"): quiet, ("b", 375, "fr-FR"): noisy}
    pages.lent = [quiet, noisy]
    return pages, quiet, noisy


def test_a_shared_page_that_misbehaved_fails_the_test_and_is_not_lent_again() -> None:
    pages, quiet, noisy = _pages()
    noisy.log.console_errors.append("boom @ game.js")
    noisy.log.foreign.append("https://example.org/x.js")
    found = pages.problems()
    assert found == [
        "request to another origin: https://example.org/x.js",
        "console error: boom @ game.js",
    ]
    # the next test starts from nothing: the noisy page is dropped, the quiet one kept
    assert pages.apps == {("a", 1280, "en-GB"): quiet} and pages.lent == []
    assert noisy.log.problems() == []


def test_a_test_ends_with_what_it_saw_only() -> None:
    pages, quiet, _noisy = _pages()
    quiet.log.page_errors.append("TypeError: x")
    assert pages.problems() == ["page error: TypeError: x"]
    pages.lent = [quiet]
    assert pages.problems() == []
