"""Driving WebKit (Debian's WebKitGTK MiniBrowser) for the engine suite.

``WebKitWebDriver`` starts the MiniBrowser in ``--automation`` mode, and
Selenium talks to it. The MiniBrowser has no headless mode: it runs on an Xvfb
display this module starts. It is given:

- a GTK configuration of its own (``XDG_CONFIG_HOME``): animations off, which
  WebKitGTK reports to pages as ``prefers-reduced-motion: reduce``, and a
  stylesheet that lets the browser's own toolbar shrink, so that the window
  (and the page's viewport) can be 375 px wide (GTK holds it to 447 px else);
- the served site as its HTTP(S) proxy for every address, so that a request to
  another origin reaches ``Served``'s log, refused, instead of the network.

WebKitWebDriver offers no console log and no network events (no WebDriver
BiDi in 2.50), and console messages are not written out under automation. So
each page gets a watcher as soon as the driver reaches it (``WATCH_JS``): it
records console errors, uncaught errors, unhandled rejections and blocked
loads from then on; an error while the page starts shows as
``html[data-state=error]``, which every wait checks.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.common.exceptions import (
    ElementClickInterceptedException,
    ElementNotInteractableException,
    NoSuchElementException,
    NoSuchFrameException,
    StaleElementReferenceException,
    TimeoutException,
)
from selenium.webdriver.common.by import By
from selenium.webdriver.common.proxy import Proxy, ProxyType
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

from tests.engines.served import Served

MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
WEBDRIVER = Path("/usr/bin/WebKitWebDriver")
XVFB = "Xvfb"
STEP_S = 60.0
#: a page's start (html[data-state=ready]): a first visit starts Pyodide without
#: its snapshot, and a cold MiniBrowser on two loaded cores took 20 to 30 s a
#: page (docs/engines.md); an error is seen at once, whatever the deadline
READY_S = 180.0
POLL_S = 0.05

#: GTK settings: no animations (= prefers-reduced-motion), a toolbar that may shrink
GTK_SETTINGS = "[Settings]\ngtk-enable-animations=0\n"
GTK_CSS = "* { min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 4px; }\n"

#: installed on each page the driver reaches: what goes wrong from then on
WATCH_JS = """
if (!window.__engineProblems) {
  const found = (window.__engineProblems = []);
  const error = console.error;
  console.error = function (...args) {
    found.push("console error: " + args.map(String).join(" "));
    return error.apply(this, args);
  };
  addEventListener("error", (e) => found.push("page error: " +
    (e.message || (e.target && (e.target.src || e.target.href)) || e.type)), true);
  addEventListener("unhandledrejection", (e) => found.push("unhandled rejection: " + e.reason));
  document.addEventListener("securitypolicyviolation",
    (e) => found.push("blocked: " + e.blockedURI));
}
"""

#: resolves "done" once EXPRESSION holds, "error" if the page failed to start,
#: "timeout" after arguments[0] ms
UNTIL_JS = """
const [limit, finish] = arguments;
let over = false;
const check = () => {
  if (over) return;
  let answer = null;
  if (EXPRESSION) answer = "done";
  else if (document.documentElement.dataset.state === "error") answer = "error";
  if (answer === null) return;
  over = true;
  observer.disconnect();
  clearInterval(ticks);
  clearTimeout(timer);
  finish(answer);
};
const observer = new MutationObserver(check);
observer.observe(document, {attributes: true, childList: true, subtree: true});
const ticks = setInterval(check, 50);
const timer = setTimeout(() => { if (!over) { over = true; observer.disconnect();
  clearInterval(ticks); finish("timeout"); } }, limit);
check();
"""

_CLICK_RETRY = (
    StaleElementReferenceException,
    ElementClickInterceptedException,
    ElementNotInteractableException,
    NoSuchElementException,
)


def missing() -> str | None:
    for path in (MINIBROWSER, WEBDRIVER):
        if not path.exists():
            return f"{path} is missing: `python tests/run_all.py` installs webkit2gtk-driver"
    if shutil.which(XVFB) is None:
        return "Xvfb is missing: `python tests/run_all.py` installs xvfb"
    return None


@contextmanager
def xvfb() -> Iterator[str]:
    """A virtual display (the first free one) until the block ends; its name."""
    read, write = os.pipe()
    server = subprocess.Popen(
        [XVFB, "-displayfd", str(write), "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    try:
        if not number:
            raise RuntimeError("Xvfb did not start")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


@contextmanager
def webkit(served: Served, display: str) -> Iterator[WebKit]:
    """The MiniBrowser on `display`, driven through WebKitWebDriver."""
    with tempfile.TemporaryDirectory(prefix="engines-gtk-") as config:
        gtk = Path(config) / "gtk-3.0"
        gtk.mkdir()
        (gtk / "settings.ini").write_text(GTK_SETTINGS)
        (gtk / "gtk.css").write_text(GTK_CSS)
        env = dict(os.environ, DISPLAY=display, XDG_CONFIG_HOME=config)
        options = Options()
        options.binary_location = str(MINIBROWSER)
        options.add_argument("--automation")
        proxy = f"127.0.0.1:{served.port}"
        options.proxy = Proxy(
            {"proxyType": ProxyType.MANUAL, "httpProxy": proxy, "sslProxy": proxy}
        )
        driver = webdriver.WebKitGTK(options=options, service=Service(str(WEBDRIVER), env=env))
        try:
            yield WebKit(driver, served)
        finally:
            driver.quit()


class WebKit:
    """The browser, with the few helpers the cases need."""

    def __init__(self, driver: webdriver.WebKitGTK, served: Served) -> None:
        self.driver = driver
        self.served = served
        self.problems: list[str] = []
        self.main = driver.current_window_handle

    # ------------------------------------------------------------ windows

    def open(self, path: str) -> None:
        """Load `path` (relative to the site) in the current window, watched."""
        self.collect()
        self.driver.get(self.served.url + path)
        self.driver.execute_script(WATCH_JS)

    def visit_origin(self) -> None:
        """Show a file of the site's origin that runs nothing (the service
        worker's script, as text), to reach the origin's storage. Not watched:
        WebKit shows a text file with an inline style, which the file's
        Content-Security-Policy blocks, and the report of it reaches a watcher
        installed after the load in some runs and not in others."""
        self.collect()
        self.driver.get(self.served.url + "sw.js")

    def reload(self) -> None:
        self.collect()
        self.driver.refresh()
        self.driver.execute_script(WATCH_JS)

    def watch(self) -> None:
        """Watch the page now shown (one the driver did not load itself)."""
        self.driver.execute_script(WATCH_JS)

    def new_window(self) -> str:
        """A new window (not a tab: WebKitGTK's automation handles windows better)."""
        self.driver.switch_to.new_window("window")
        return self.driver.current_window_handle

    def use(self, handle: str) -> None:
        self.driver.switch_to.window(handle)

    def collect(self) -> None:
        """Add what the current page's watcher saw (if it has one) to ``problems``."""
        try:
            found = self.driver.execute_script("return window.__engineProblems || []")
        except Exception:  # a window mid-navigation, or none
            return
        url = self.driver.current_url
        self.problems += [f"{problem} @ {url}" for problem in found]

    def reset(self) -> None:
        """Close every window but the first; empty the site's storage (a new player)."""
        for handle in list(self.driver.window_handles):
            self.use(handle)
            self.collect()
            if handle != self.main:
                self.driver.close()
        self.use(self.main)
        self.visit_origin()
        self.driver.set_script_timeout(STEP_S)
        self.driver.execute_async_script(
            """const done = arguments[arguments.length - 1];
            localStorage.clear();
            sessionStorage.clear();
            indexedDB.databases().then((all) => Promise.all(all.map((db) =>
                new Promise((ok) => { const r = indexedDB.deleteDatabase(db.name);
                    r.onsuccess = r.onerror = r.onblocked = ok; }))))
                .then(() => done(true), () => done(false));"""
        )

    # ------------------------------------------------------------ reading

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def attr(self, selector: str, name: str) -> str | None:
        value = self.js(
            "const el = document.querySelector(arguments[0]);"
            "return el ? el.getAttribute(arguments[1]) : null;",
            selector,
            name,
        )
        return None if value is None else str(value)

    def count(self, selector: str) -> int:
        return int(self.js("return document.querySelectorAll(arguments[0]).length", selector))

    def until(self, selector: str, timeout: float = STEP_S) -> None:
        self.until_true(f"document.querySelector({selector!r})", lambda: f"no {selector}", timeout)

    def until_true(self, expression: str, why: Callable[[], str], timeout: float = STEP_S) -> None:
        """Wait, inside the page, until `expression` holds (one round trip: a
        MutationObserver, and a short interval for what it cannot see); fail
        with `why()` after `timeout`, at once if the page's start failed."""
        deadline = time.monotonic() + timeout
        while True:
            left = max(deadline - time.monotonic(), 0.1)
            self.driver.set_script_timeout(left + 5)
            try:
                outcome = self.driver.execute_async_script(
                    UNTIL_JS.replace("EXPRESSION", expression), int(left * 1000)
                )
                break
            except NoSuchFrameException:
                # A click that navigates unloads the document the wait ran
                # in ("Callback was not called before the unload event"):
                # wait again in the new one, within the same time.
                if time.monotonic() >= deadline:
                    raise
        if outcome == "done":
            return
        if outcome == "error":
            detail = self.js(
                "const d = document.getElementById('load-error-details');"
                "return d ? d.textContent : '';"
            )
            raise AssertionError(f"the page reached data-state=error: {detail}")
        raise TimeoutException(f"{why()} after {timeout:.0f} s")

    def wait_ready(self) -> None:
        self.until("html[data-state='ready']", READY_S)

    # ------------------------------------------------------------- acting

    def click(self, selector: str, index: int = 0) -> None:
        """Click the `index`-th match, again if the page redrew it meanwhile;
        in a folded group (<details>), its summary first, as a person would."""

        def unfold_and_click(element: WebElement) -> None:
            summary = self.js(
                "const group = arguments[0].closest('details');"
                "return group && !group.open ? group.querySelector('summary') : null;",
                element,
            )
            if summary is not None:
                summary.click()
            element.click()

        self._again(selector, index, unfold_and_click)

    def type_into(self, selector: str, text: str) -> None:
        """Type `text` into a field, again if the page redrew it meanwhile."""

        def replace(element: WebElement) -> None:
            element.clear()
            element.send_keys(text)

        self._again(selector, 0, replace)
        self.until_true(
            f"document.querySelector({selector!r}).value === {text!r}",
            lambda: f"{selector} does not hold {text!r}",
        )

    def _again(self, selector: str, index: int, act: Callable[[WebElement], None]) -> None:
        """`act` on the `index`-th match of `selector`; the lobby redraws its
        controls as guests come and go, so a stale one is looked up again."""
        for attempt in range(20):
            try:
                found = self.driver.find_elements(By.CSS_SELECTOR, selector)
                if len(found) <= index:
                    raise NoSuchElementException(selector)
                act(found[index])
                return
            except _CLICK_RETRY:
                if attempt == 19:
                    raise
                time.sleep(POLL_S * 2)

    def resize(self, width: int, height: int) -> None:
        """Make the page's viewport `width` CSS px wide (the window's chrome is narrow)."""
        self.driver.set_window_size(width, height)
        self.until_true(f"window.innerWidth === {width}", lambda: f"the viewport is not {width}")

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(path))
