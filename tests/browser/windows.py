"""A page of a browser context in a window of its own, beside the others.

Chromium draws only the tab in front of its window. A page opened by
``context.new_page()`` is a new tab of the context's window, and the tab it
hides draws no frame until something asks for one: a click there waits about
a second for the page to be drawn, a screenshot two (Debian's chromium 156,
headless, a bare page: ten clicks alternating between two tabs 5.8 s, between
two windows 0.6 s). ``new_window`` opens it in a window of its own instead:
the same context (storage, Web Locks, broadcast channels), viewport and
scripts, never hidden behind another page. A test that only shoots a page
behind another may bring it to the front instead (``page.bring_to_front()``,
as ``App.screenshot`` and ``NetPage.shot`` do); a window pays where a test
goes back and forth between two pages (measured in docs/testing.md).
"""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page


def new_window(context: BrowserContext) -> Page:
    """A new page of `context` in a window of its own (its first page opens
    one anyway)."""
    browser = context.browser
    if not context.pages or browser is None:
        return context.new_page()
    # the context's id in the DevTools protocol, read from one of its pages
    session = context.new_cdp_session(context.pages[0])
    try:
        context_id = session.send("Target.getTargetInfo")["targetInfo"]["browserContextId"]
    finally:
        session.detach()
    cdp = browser.new_browser_cdp_session()
    try:
        with context.expect_page() as opened:
            cdp.send(
                "Target.createTarget",
                {"url": "about:blank", "browserContextId": context_id, "newWindow": True},
            )
    finally:
        cdp.detach()
    return opened.value
