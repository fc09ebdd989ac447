"""A browser context kept warm across the tests that do not test a first visit.

A page's first visit in a fresh context costs 7 to 9.5 CPU-seconds (Pyodide's
cold start, the service worker filling its cache with the whole build); a
visit once the service worker holds the build starts from the memory
snapshot in 4 to 5 (docs/testing.md). Nearly every browser test made a first
visit, yet only a few are about one. So the ``page`` fixture (conftest.py)
opens its page in one context per worker, primed once (a visit to the about
page, whose service worker then holds the build), and reset after each test
to what a returning player's browser holds: every page closed, and each
origin the test reached loses its cookies, local storage, IndexedDB and
other stores, keeping only the service worker and its caches (the build).

What a test cannot share stays in a fresh context of its own, as before:
- a test that asks for the ``context`` fixture (it may route, script or
  take the whole context offline);
- a test marked ``first_visit`` (what a first visit does: the cold start,
  the service worker's install, the requests made before it).
A test that closes the warm context (a crash test) gets it made again for the
next one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, Request, ViewportSize

#: how long the service worker may take to hold the build on a loaded machine
PRIMED_MS = 120_000
#: what an origin loses between two tests: every store but the service worker
#: and its Cache Storage (the build it serves and the snapshot)
CLEARED_STORES = ",".join(
    (
        "cookies",
        "file_systems",
        "indexeddb",
        "local_storage",
        "shader_cache",
        "websql",
        "shared_storage",
        "storage_buckets",
        "interest_groups",
    )
)


def origin_of(url: str) -> str | None:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        return None
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class WarmContext:
    """One context of `browser`, reused test after test (``lend``, ``reset``)."""

    browser: Browser
    viewport: ViewportSize
    locale: str
    #: the page its service worker is primed from (the about page: no Python)
    primer_url: str
    context: BrowserContext | None = None
    #: a blank page kept open, and its DevTools session, which clears the stores
    keeper: Page | None = None
    session: CDPSession | None = None
    #: the origins this context has sent requests to since its last reset
    reached: set[str] = field(default_factory=set)

    def lend(self) -> BrowserContext:
        """The warm context, made and primed if there is none (or it was closed)."""
        if self.context is not None and (self.keeper is None or self.keeper.is_closed()):
            self.context.close()  # a test closed every page: start again
        if self.context is None:
            self.context = self._primed()
        return self.context

    def open_page(self, viewport: ViewportSize, timeout_ms: float) -> Page:
        """A new page of the warm context at `viewport`, with prefers-reduced-motion
        and `timeout_ms` as its default wait (what a context of its own was given)."""
        page = self.lend().new_page()
        page.set_viewport_size(viewport)
        page.emulate_media(reduced_motion="reduce")
        page.set_default_timeout(timeout_ms)
        return page

    def _primed(self) -> BrowserContext:
        context = self.browser.new_context(viewport=self.viewport, locale=self.locale)
        context.on("request", self._note)
        context.on("close", self._forget)
        page = context.new_page()
        page.goto(self.primer_url, wait_until="domcontentloaded")
        page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=PRIMED_MS)
        page.close()
        self.keeper = context.new_page()
        self.session = context.new_cdp_session(self.keeper)
        return context

    def _note(self, request: Request) -> None:
        origin = origin_of(request.url)
        if origin is not None:
            self.reached.add(origin)

    def _forget(self, context: BrowserContext) -> None:
        if context is self.context:
            self.context = self.keeper = self.session = None
            self.reached.clear()

    def reset(self) -> None:
        """Back to a returning player's browser: no page open, no stored data
        in the origins the test reached, no permission granted; the service
        worker and its caches stay."""
        context, session = self.context, self.session
        if context is None or session is None or self.keeper is None or self.keeper.is_closed():
            return  # lend makes it again
        # the pages first: a page may still save as it closes
        for page in context.pages:
            if page is not self.keeper:
                page.close()
        context.clear_permissions()
        for origin in sorted(self.reached):
            session.send(
                "Storage.clearDataForOrigin", {"origin": origin, "storageTypes": CLEARED_STORES}
            )
        self.reached.clear()

    def close(self) -> None:
        if self.context is not None:
            self.context.close()


@dataclass
class WarmPool:
    """Warm contexts by browser locale (the page's language follows the
    browser's: a page in French needs a French browser) and by `tag`: pages
    that must not share storage with each other's (the pages a test module
    keeps open across its tests, tests/browser/started.py) take a tagged one."""

    browser: Browser
    viewport: ViewportSize
    primer_url: str
    kept: dict[tuple[str, str], WarmContext] = field(default_factory=dict)

    def get(self, locale: str = "en-GB", tag: str = "") -> WarmContext:
        key = (locale, tag)
        if key not in self.kept:
            self.kept[key] = WarmContext(self.browser, self.viewport, locale, self.primer_url)
        return self.kept[key]

    def close(self) -> None:
        for warm in self.kept.values():
            warm.close()
