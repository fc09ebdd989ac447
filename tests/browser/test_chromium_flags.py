"""The flags the browser suite (and the benchmarks) launch Chromium with:
Playwright's own list of features turned off is kept whole (Chromium reads
only the last --disable-features), and the address bar's popup pages, which
cost each new tab about a second of CPU, are not loaded."""

from __future__ import annotations

import re
from pathlib import Path

import playwright
from playwright.sync_api import Browser

import build

#: playwright-core's compiled bundle, which holds chromiumSwitches.ts
BUNDLE = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
_DISABLED_LIST = re.compile(r"disabledFeatures = \[(.*?)\]\.filter", re.DOTALL)


def playwrights_disabled_features() -> set[str]:
    """The features the installed Playwright turns off, read from its code."""
    assert BUNDLE.is_file(), f"no {BUNDLE}: where does this Playwright keep chromiumSwitches?"
    found = _DISABLED_LIST.search(BUNDLE.read_text("utf-8"))
    assert found is not None, f"no disabledFeatures list in {BUNDLE}"
    without_comments = re.sub(r"//[^\n]*", "", found.group(1))
    return set(re.findall(r'"([^"]+)"', without_comments))


def test_our_list_repeats_every_feature_playwright_turns_off() -> None:
    theirs = playwrights_disabled_features()
    assert "PaintHolding" in theirs  # the list was read
    assert theirs <= set(build.PLAYWRIGHT_DISABLED_FEATURES), sorted(
        theirs - set(build.PLAYWRIGHT_DISABLED_FEATURES)
    )


def test_one_disable_features_flag_holds_them_all() -> None:
    args = build.chromium_args("WebRtcHideLocalIpsWithMdns")
    switches = [arg for arg in args if arg.startswith("--disable-features=")]
    assert len(switches) == 1, args
    features = switches[0].split("=", 1)[1].split(",")
    assert {"PaintHolding", "WebUIOmniboxPopup", "WebRtcHideLocalIpsWithMdns"} <= set(features)
    assert build.chromium_args() == build.CHROMIUM_ARGS


def test_a_new_tab_loads_no_omnibox_popup(browser: Browser) -> None:
    context = browser.new_context()
    try:
        context.new_page().goto("about:blank")
        session = browser.new_browser_cdp_session()
        targets = session.send("Target.getTargets")["targetInfos"]
        session.detach()
    finally:
        context.close()
    urls = [target["url"] for target in targets]
    assert "about:blank" in urls
    assert not [url for url in urls if "omnibox" in url], urls
