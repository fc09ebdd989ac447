"""Page-load benchmark: how long until the menu shows and until Python is ready.

    python bench/page_load.py [--runs 5] [--json]

It builds the site into a temporary directory, adds a bare page that only
starts the same Pyodide (the floor: no PyScript, no game), serves both on
127.0.0.1 with netlify.toml's headers, and loads each page in a fresh Chromium
context (cold HTTP cache) several times. It prints the medians of:

    menu_visible_ms   navigation start -> first contentful paint (the menu of
                      the default game, index.html?game=<name>)
    ready_ms          navigation start -> html[data-state="ready"] (game imported)
    floor_ms          navigation start -> the bare page's Pyodide ran Python
    ratio             ready_ms / floor_ms
    bytes_transferred sum of the encoded response sizes of a cold load (this
                      server does not compress)
    bytes_gzip        the same files gzipped (level 6): about what a host that
                      compresses, such as Netlify, sends
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the repository root is put on sys.path just above)
from build import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from game.registry import DEFAULT_GAME  # noqa: E402

TIMEOUT_MS = 120_000

#: Records, relative to navigation start, when html[data-state] becomes "ready".
_READY_PROBE = """
(() => {
  const mark = () => {
    const root = document.documentElement;
    if (root && root.dataset.state === "ready" && window.__readyAt === undefined) {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {
    subtree: true, attributes: true, attributeFilter: ["data-state"],
  });
})();
"""

_FLOOR_HTML = """<!doctype html>
<html lang="en" data-state="loading">
<head><meta charset="utf-8"><title>Pyodide floor</title>
<script type="module" src="floor.mjs"></script></head>
<body><p>Bare Pyodide start-up, for the benchmark.</p></body>
</html>
"""

_FLOOR_JS = """import { loadPyodide } from "../@PYODIDE_DIR@/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: new URL("../@PYODIDE_DIR@/", import.meta.url).href });
pyodide.runPython("import sys; sys.version");
document.documentElement.dataset.state = "ready";
"""


def _write_floor(built: build.BuildResult) -> str:
    """The bare page, in bench/ of the built site; returns its path."""
    folder = built.out / "bench"
    folder.mkdir()
    (folder / "floor.html").write_text(_FLOOR_HTML, "utf-8")
    (folder / "floor.mjs").write_text(
        _FLOOR_JS.replace("@PYODIDE_DIR@", built.pyodide_dir), "utf-8"
    )
    return "bench/floor.html"


@contextmanager
def _serving(root: Path) -> Iterator[str]:
    server = build.make_server(root, "127.0.0.1", 0, headers=build.load_netlify_headers())
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def _load(browser: Browser, url: str) -> dict[str, Any]:
    """One cold load: fresh context, wait for data-state=ready, read the timings."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.add_init_script(_READY_PROBE)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url, wait_until="commit")
        page.wait_for_selector("html[data-state='ready']", state="attached", timeout=TIMEOUT_MS)
        page.wait_for_function("() => window.__readyAt !== undefined")
        data: dict[str, Any] = page.evaluate(
            """() => {
                const paint = performance.getEntriesByName('first-contentful-paint')[0];
                const nav = performance.getEntriesByType('navigation')[0];
                const resources = performance.getEntriesByType('resource');
                return {
                    ready: window.__readyAt,
                    paint: paint ? paint.startTime : null,
                    dcl: nav.domContentLoadedEventEnd,
                    urls: [nav.name, ...resources.map((r) => r.name)],
                    bytes: nav.encodedBodySize
                        + resources.reduce((sum, r) => sum + r.encodedBodySize, 0),
                };
            }"""
        )
        if errors:
            raise RuntimeError(f"{url}: page errors {errors}")
        return data
    finally:
        context.close()


def _gzip_size(root: Path, base: str, urls: list[str]) -> int:
    total = 0
    for url in set(urls):
        if not url.startswith(base):
            continue
        path = urlsplit(url).path.lstrip("/") or "index.html"
        file = root / path
        if file.is_file():
            total += len(gzip.compress(file.read_bytes(), compresslevel=6))
    return total


def measure(runs: int = 5, warmup: int = 1) -> dict[str, Any]:
    """Build, serve, load each page ``warmup + runs`` times; the medians of the runs."""
    with tempfile.TemporaryDirectory(prefix="bq-bench-") as tmp:
        built = build.build(Path(tmp) / "dist", quiet=True)
        floor_path = _write_floor(built)
        with _serving(built.out) as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
            try:
                game: list[dict[str, Any]] = []
                floor: list[dict[str, Any]] = []
                for index in range(warmup + runs):
                    # the default game's page, as a player opens it from the list of games
                    game_run = _load(browser, f"{base}?game={DEFAULT_GAME}")
                    floor_run = _load(browser, base + floor_path)
                    if index >= warmup:
                        game.append(game_run)
                        floor.append(floor_run)
            finally:
                browser.close()
            bytes_gzip = _gzip_size(built.out, base, game[0]["urls"])

    def median(rows: list[dict[str, Any]], key: str) -> float:
        return float(statistics.median(float(row[key]) for row in rows))

    ready = median(game, "ready")
    floor_ms = median(floor, "ready")
    return {
        "runs": runs,
        "menu_visible_ms": round(median(game, "paint"), 1),
        "dom_content_loaded_ms": round(median(game, "dcl"), 1),
        "ready_ms": round(ready, 1),
        "floor_ms": round(floor_ms, 1),
        "ratio": round(ready / floor_ms, 2),
        "bytes_transferred": int(median(game, "bytes")),
        "bytes_gzip": bytes_gzip,
        "floor_bytes_transferred": int(median(floor, "bytes")),
        "requests": len(game[0]["urls"]),
        "ready_ms_all": [round(float(row["ready"]), 1) for row in game],
        "floor_ms_all": [round(float(row["ready"]), 1) for row in floor],
    }


def _table(result: dict[str, Any]) -> str:
    rows = [
        ("time to visible menu", f"{result['menu_visible_ms']:.0f} ms"),
        ("time to data-state=ready", f"{result['ready_ms']:.0f} ms"),
        ("bare Pyodide start (floor)", f"{result['floor_ms']:.0f} ms"),
        ("ratio ready / floor", f"{result['ratio']:.2f}"),
        ("bytes on a cold load", f"{result['bytes_transferred'] / 1e6:.2f} MB (uncompressed)"),
        ("  the same, gzipped", f"{result['bytes_gzip'] / 1e6:.2f} MB"),
        ("requests", str(result["requests"])),
    ]
    width = max(len(name) for name, _ in rows)
    lines = [f"page load, median of {result['runs']} cold loads (Chromium, 127.0.0.1)"]
    lines += [f"  {name:<{width}}  {value}" for name, value in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark the page load of the built site.")
    parser.add_argument("--runs", type=int, default=5, help="measured loads per page (5)")
    parser.add_argument("--warmup", type=int, default=1, help="loads not counted (1)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    result = measure(args.runs, args.warmup)
    print(json.dumps(result, indent=2) if args.json else _table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
