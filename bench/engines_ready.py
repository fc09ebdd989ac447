"""Time to ready in each engine: Chromium, Firefox ESR and WebKit (WebKitGTK).

    python bench/engines_ready.py [--runs 3] [--json]

Builds the site into a temporary directory, adds the bare page that only
starts the *stock* Pyodide of the npm package (as bench/page_load.py does: the
floor), serves it on 127.0.0.1 (tests/engines/served.py),
and in each engine loads, ``runs`` times:

    game   ?game=<the default game>: a first visit in a new profile (cold HTTP
           cache, no service worker), then, once that visit's service worker
           holds the build, a return visit in the same profile
    home   the site's root (the list of games): the same
    floor  the bare stock Pyodide page, in a new profile, timed in phases:
           the wasm compiled alone (compileStreaming), the runtime started
           (loadPyodide), six standard modules imported, and a fixed loop of
           pure Python: which part of an engine's time is compiling and which
           is running Python

and prints the medians of navigation start -> html[data-state=ready], read in
the page when it happens (polled every 10 ms), the first visit's
DOMContentLoaded, and the ratios to the floor and to Chromium. It asserts
nothing: the engine suites (tests/engines/) check that the pages work, this
says how long they take. Chromium runs through Playwright, Firefox through
Puppeteer (bench/engines_ready.mjs), WebKit through Selenium on an Xvfb
display (docs/engines.md).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the repository root is put on sys.path just above)
from game.registry import DEFAULT_GAME  # noqa: E402
from tests.engines.served import Served  # noqa: E402
from tests.engines.webkit import GTK_CSS, GTK_SETTINGS, MINIBROWSER, WEBDRIVER, xvfb  # noqa: E402

FIREFOX = "/usr/bin/firefox-esr"
PAGES = {"game": f"?game={DEFAULT_GAME}", "home": ""}
FLOOR = "bench/floor.html"
TIMEOUT_S = 180

_FLOOR_HTML = """<!doctype html>
<html lang="en" data-state="loading">
<head><meta charset="utf-8"><title>Pyodide floor</title>
<script type="module" src="floor.mjs"></script></head>
<body><p>Bare stock Pyodide start-up, for the benchmark.</p></body>
</html>
"""

#: the floor, in phases: the wasm compiled alone (then again by loadPyodide,
#: from the engine's cache if it keeps one), the runtime started, a few modules
#: imported, and a fixed pure-Python loop: where an engine's time goes
_FLOOR_JS = """import { loadPyodide } from "./stock-pyodide/pyodide.mjs";

const base = new URL("./stock-pyodide/", import.meta.url).href;
const t0 = performance.now();
await WebAssembly.compileStreaming(fetch(base + "pyodide.asm.wasm"));
const t1 = performance.now();
const pyodide = await loadPyodide({ indexURL: base });
const t2 = performance.now();
pyodide.runPython("import json, re, random, dataclasses, enum, typing");
const t3 = performance.now();
pyodide.runPython("sum(i * i % 7 for i in range(300_000))");
const t4 = performance.now();
window.__phases = {compile: t1 - t0, start: t2 - t1, imports: t3 - t2, loop: t4 - t3};
document.documentElement.dataset.state = "ready";
"""

#: resolves with performance.now() once html[data-state=ready] (checked every 10 ms)
_READY_JS = """const finish = arguments[arguments.length - 1];
const check = () => {
  if (document.documentElement.dataset.state !== "ready") return false;
  finish({ready: performance.now(),
          dcl: performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd,
          start: document.documentElement.dataset.runtimeStart || null,
          phases: window.__phases || null});
  return true;
};
if (!check()) { const t = setInterval(() => { if (check()) clearInterval(t); }, 10); }"""

_OFFLINE_JS = """const finish = arguments[arguments.length - 1];
const t = setInterval(() => {
  if (["ready", "failed"].includes(document.documentElement.dataset.offline)) {
    clearInterval(t); finish(true);
  }
}, 100);"""


def write_floor(out: Path) -> None:
    """The bare page and the stock Pyodide files, in bench/ of the built site."""
    folder = out / "bench"
    (folder / "stock-pyodide").mkdir(parents=True)
    for name in build.PYODIDE_FILES:
        shutil.copyfile(build.NODE_MODULES / "pyodide" / name, folder / "stock-pyodide" / name)
    (folder / "floor.html").write_text(_FLOOR_HTML, "utf-8")
    (folder / "floor.mjs").write_text(_FLOOR_JS, "utf-8")


# ------------------------------------------------------------------ Chromium


def chromium(url: str, runs: int) -> dict[str, Any]:
    out: dict[str, Any] = {"floor": []}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=build.CHROMIUM, args=list(build.CHROMIUM_ARGS)
        )
        ready = "() => document.documentElement.dataset.state === 'ready' && performance.now()"
        facts = """(at) => ({ready: at,
            dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
            start: document.documentElement.dataset.runtimeStart || null,
            phases: window.__phases || null})"""

        def visit(context: Any, path: str, settle: bool) -> dict[str, Any]:
            page = context.new_page()
            page.goto(url + path, wait_until="commit")
            at = page.wait_for_function(ready, polling=10, timeout=TIMEOUT_S * 1000).json_value()
            found: dict[str, Any] = page.evaluate(facts, at)
            if settle:
                page.wait_for_selector(
                    "html[data-offline='ready'], html[data-offline='failed']",
                    state="attached",
                    timeout=TIMEOUT_S * 1000,
                )
            page.close()
            return found

        for _ in range(runs):
            for name, path in PAGES.items():
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                first = visit(context, path, True)
                again = visit(context, path, False)
                context.close()
                row = {"first": first["ready"], "again": again["ready"], "dcl": first["dcl"]}
                out.setdefault(name, []).append(row | {"start": again["start"]})
            context = browser.new_context()
            floor = visit(context, FLOOR, False)
            out["floor"].append(floor["ready"])
            out.setdefault("phases", []).append(floor["phases"])
            context.close()
        browser.close()
    return out


# ------------------------------------------------------------------- Firefox


def firefox(url: str, runs: int) -> dict[str, Any]:
    config = {"url": url, "firefox": FIREFOX, "runs": runs, "pages": PAGES, "floor": FLOOR}
    done = subprocess.run(
        ["node", str(ROOT / "bench" / "engines_ready.mjs"), json.dumps(config)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env=dict(os.environ, PUPPETEER_SKIP_DOWNLOAD="1"),
    )
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


# -------------------------------------------------------------------- WebKit


def webkit(served: Served, runs: int) -> dict[str, Any]:
    """Each profile is a new WebKitWebDriver session (the MiniBrowser's
    automation sessions keep nothing from one to the next)."""
    out: dict[str, Any] = {"floor": []}
    with xvfb() as display, tempfile.TemporaryDirectory() as config:
        gtk = Path(config) / "gtk-3.0"
        gtk.mkdir()
        (gtk / "settings.ini").write_text(GTK_SETTINGS)
        (gtk / "gtk.css").write_text(GTK_CSS)
        env = dict(os.environ, DISPLAY=display, XDG_CONFIG_HOME=config)

        def session() -> webdriver.WebKitGTK:
            options = Options()
            options.binary_location = str(MINIBROWSER)
            options.add_argument("--automation")
            options.page_load_strategy = "none"  # time the page, not the driver
            driver = webdriver.WebKitGTK(options=options, service=Service(str(WEBDRIVER), env=env))
            driver.set_script_timeout(TIMEOUT_S)
            driver.set_window_size(1280, 800)
            return driver

        def visit(driver: webdriver.WebKitGTK, path: str, settle: bool) -> dict[str, Any]:
            target = served.url + path
            driver.get(target)
            end = time.monotonic() + 30
            while True:
                try:
                    if driver.execute_script("return location.href") == target:
                        break
                except WebDriverException:  # the old document went away meanwhile
                    pass
                if time.monotonic() > end:
                    raise RuntimeError(f"WebKit did not open {target}")
                time.sleep(0.005)
            found: dict[str, Any] = driver.execute_async_script(_READY_JS)
            if settle:
                driver.execute_async_script(_OFFLINE_JS)
            return found

        for _ in range(runs):
            for name, path in PAGES.items():
                driver = session()
                try:
                    first = visit(driver, path, True)
                    driver.get("about:blank")
                    again = visit(driver, path, False)
                finally:
                    driver.quit()
                row = {"first": first["ready"], "again": again["ready"], "dcl": first["dcl"]}
                out.setdefault(name, []).append(row | {"start": again["start"]})
            driver = session()
            try:
                floor = visit(driver, FLOOR, False)
                out["floor"].append(floor["ready"])
                out.setdefault("phases", []).append(floor["phases"])
            finally:
                driver.quit()
    return out


# ------------------------------------------------------------------- report


def summary(raw: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = {"floor_ms": statistics.median(raw["floor"])}
    found["floor_phases_ms"] = {
        name: statistics.median(p[name] for p in raw["phases"])
        for name in ("compile", "start", "imports", "loop")
    }
    for name in PAGES:
        rows = raw[name]
        found[name] = {
            "first_ms": statistics.median(r["first"] for r in rows),
            "return_ms": statistics.median(r["again"] for r in rows),
            "dcl_ms": statistics.median(r["dcl"] for r in rows),
            "return_start": rows[-1]["start"],
        }
    return found


def table(results: dict[str, dict[str, Any]]) -> str:
    lines = []
    base = results.get("chromium")
    for engine, found in results.items():
        floor = found["floor_ms"]
        lines.append(f"{engine}: stock Pyodide ready (floor) {floor:.0f} ms")
        phases = ", ".join(f"{k} {v:.0f}" for k, v in found["floor_phases_ms"].items())
        lines.append(f"  floor in phases (ms): {phases}")
        for name in PAGES:
            page = found[name]
            first, again = page["first_ms"], page["return_ms"]
            versus = ""
            if base is not None and engine != "chromium":
                versus = f", {first / base[name]['first_ms']:.2f}x Chromium's"
            lines.append(
                f"  {name:5} first visit {first:6.0f} ms ({first / floor:.2f}x floor{versus}); "
                f"return visit {again:6.0f} ms (runtime: {page['return_start']}); "
                f"DOMContentLoaded {page['dcl_ms']:.0f} ms"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print the medians as JSON")
    parser.add_argument(
        "--engines", default="chromium,firefox,webkit", help="which engines (comma-separated)"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="engines-ready-") as tmp:
        built = build.build(Path(tmp) / "dist", quiet=True)
        write_floor(built.out)
        served = Served(built.out)
        try:
            results: dict[str, dict[str, Any]] = {}
            for engine in args.engines.split(","):
                if engine == "chromium":
                    raw = chromium(served.url, args.runs)
                elif engine == "firefox":
                    raw = firefox(served.url, args.runs)
                elif engine == "webkit":
                    raw = webkit(served, args.runs)
                else:
                    parser.error(f"unknown engine {engine!r}: chromium, firefox or webkit")
                results[engine] = summary(raw)
        finally:
            served.close()
    print(json.dumps(results, indent=1) if args.json else table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
