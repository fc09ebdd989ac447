"""Page-load benchmark: first visit and return visit, against the stock Pyodide.

    python bench/page_load.py [--runs 3] [--warmup 1] [--json]

It builds the site into a temporary directory, adds a bare page that only
starts the *stock* Pyodide of the npm package (its full standard library, its
lock file: the floor, no PyScript, no game), serves everything on 127.0.0.1
with netlify.toml's headers, and in one run loads, each ``warmup + runs``
times:

    floor    the bare page, in a fresh browser context (cold HTTP cache)
    game     index.html?game=<default game>: cold in a fresh context, then
             again in the same context once the first visit's service worker
             holds the build (the return visit: Python starts from the
             build's memory snapshot, html[data-runtime-start="snapshot"];
             the HTTP cache and Chromium's cache of compiled WebAssembly warm)
    embed    a tutorial board, embed.html?game=...&scenario=...: the same

It prints the medians of:

    ready        navigation start -> html[data-state="ready"] (for the floor:
                 Pyodide ran Python)
    menu         navigation start -> first contentful paint
    long task    the longest main-thread task (Long Tasks API) until ready
    ratios       cold ready / floor, return ready / cold ready

and, for a cold load of each page, the requests and the bytes on the wire as a
static host serves them: the text files gzipped (level 9) and, beside it,
brotli (quality 11, through Node's zlib); a file a host does not compress (a
zip) counts at its stored size. It also prints the bytes of the runtime's
snapshot, which the first visit's service worker downloads after ready (as
shipped, gzipped, and what brotli would make of it).
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the repository root is put on sys.path just above)
from build import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from game.registry import DEFAULT_GAME  # noqa: E402

TIMEOUT_MS = 120_000

#: The tutorial board the embed page loads.
EMBED_QUERY = f"embed.html?game={DEFAULT_GAME}&scenario=basic_turn&lang=en"

#: Files a static host sends as stored (already compressed formats).
_STORED = (".zip", ".gz", ".png", ".jpg", ".webp", ".woff2")

#: How long a first visit may take to hand the build to its service worker.
OFFLINE_TIMEOUT_MS = 300_000

#: Records when html[data-state] becomes "ready" and the longest task before.
_PROBE = """
(() => {
  window.__longest = 0;
  try {
    new PerformanceObserver((list) => {
      if (window.__readyAt !== undefined) return;
      for (const entry of list.getEntries()) {
        window.__longest = Math.max(window.__longest, entry.duration);
      }
    }).observe({ type: "longtask", buffered: true });
  } catch (error) { window.__longest = -1; }
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
<body><p>Bare stock Pyodide start-up, for the benchmark.</p></body>
</html>
"""

_FLOOR_JS = """import { loadPyodide } from "./stock-pyodide/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: new URL("./stock-pyodide/", import.meta.url).href });
pyodide.runPython("import sys; sys.version");
document.documentElement.dataset.state = "ready";
"""

_BROTLI_JS = """
const { readFileSync } = require("node:fs");
const { brotliCompressSync, constants } = require("node:zlib");
const paths = JSON.parse(readFileSync(0, "utf8"));
const quality = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
console.log(JSON.stringify(paths.map((p) => brotliCompressSync(readFileSync(p), quality).length)));
"""


def _write_floor(built: build.BuildResult) -> str:
    """The bare page and the stock Pyodide files, in bench/ of the built site."""
    folder = built.out / "bench"
    (folder / "stock-pyodide").mkdir(parents=True)
    for name in build.PYODIDE_FILES:
        shutil.copyfile(build.NODE_MODULES / "pyodide" / name, folder / "stock-pyodide" / name)
    (folder / "floor.html").write_text(_FLOOR_HTML, "utf-8")
    (folder / "floor.mjs").write_text(_FLOOR_JS, "utf-8")
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


def _visit(context: BrowserContext, url: str, *, settle: bool = False) -> dict[str, Any]:
    """One load in ``context``: wait for data-state=ready, read the timings;
    with ``settle``, then wait until the service worker holds the build (the
    snapshot included) before the page closes."""
    page = context.new_page()
    try:
        page.add_init_script(_PROBE)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on(
            "console",
            lambda m: errors.append(m.text) if "Error" in m.text and m.type == "error" else None,
        )
        page.goto(url, wait_until="commit")
        page.wait_for_selector("html[data-state='ready']", state="attached", timeout=TIMEOUT_MS)
        page.wait_for_function("() => window.__readyAt !== undefined")
        data: dict[str, Any] = page.evaluate(
            """() => {
                const paint = performance.getEntriesByName('first-contentful-paint')[0];
                const nav = performance.getEntriesByType('navigation')[0];
                const fetched = performance.getEntriesByType('resource')
                    .filter((r) => r.transferSize > 0);
                return {
                    start: document.documentElement.dataset.runtimeStart || null,
                    ready: window.__readyAt,
                    paint: paint ? paint.startTime : null,
                    longest: window.__longest,
                    urls: [nav.name, ...fetched.map((r) => r.name)],
                };
            }"""
        )
        # a page whose Python runs in a Web Worker (the tutorial board): the
        # runtime is the worker's download, in the worker's own timeline
        for worker in page.workers:
            data["urls"] += worker.evaluate(
                """() => performance.getEntriesByType('resource')
                    .filter((r) => r.transferSize > 0).map((r) => r.name)"""
            )
        if errors:
            raise RuntimeError(f"{url}: page errors {errors}")
        if settle:
            page.wait_for_selector(
                "html[data-offline='ready'], html[data-offline='failed']",
                state="attached",
                timeout=OFFLINE_TIMEOUT_MS,
            )
        return data
    finally:
        page.close()


def _cold_and_return(browser: Browser, url: str) -> tuple[dict[str, Any], dict[str, Any]]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        return _visit(context, url, settle=True), _visit(context, url)
    finally:
        context.close()


def _cold(browser: Browser, url: str) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        return _visit(context, url)
    finally:
        context.close()


def _files(root: Path, base: str, urls: Iterable[str]) -> list[Path]:
    files: list[Path] = []
    for url in sorted(set(urls)):
        if url.startswith(base):
            path = root / (urlsplit(url).path.lstrip("/") or "index.html")
            if path.is_file():
                files.append(path)
    return files


def wire_bytes(files: list[Path]) -> dict[str, int]:
    """Bytes a static host sends for ``files``: gzipped and brotli, and the
    stored size of files it does not compress."""
    compressed = [f for f in files if f.suffix not in _STORED]
    stored = sum(f.stat().st_size for f in files if f.suffix in _STORED)
    gz = sum(len(gzip.compress(f.read_bytes(), compresslevel=9)) for f in compressed)
    node = shutil.which("node")
    brotli = -1
    if node is not None:
        done = subprocess.run(
            [node, "-e", _BROTLI_JS],
            input=json.dumps([str(f) for f in compressed]),
            capture_output=True,
            text=True,
            check=True,
        )
        brotli = sum(json.loads(done.stdout)) + stored
    return {"gzip": gz + stored, "brotli": brotli, "stored_only": stored}


def _raw_bytes(packed: Path) -> dict[str, int]:
    """The snapshot unpacked, and what brotli (quality 11) would make of it."""
    with tempfile.TemporaryDirectory(prefix="bq-bench-snapshot-") as tmp:
        raw = Path(tmp) / "snapshot.bin"
        raw.write_bytes(gzip.decompress(packed.read_bytes()))
        return {"raw": raw.stat().st_size, "brotli": wire_bytes([raw])["brotli"]}


def measure(runs: int = 3, warmup: int = 1) -> dict[str, Any]:
    """Build, serve, load each page ``warmup + runs`` times; medians of the runs."""
    rows: dict[str, list[dict[str, Any]]] = {
        "floor": [],
        "game": [],
        "game_return": [],
        "embed": [],
        "embed_return": [],
    }
    with tempfile.TemporaryDirectory(prefix="bq-bench-") as tmp:
        built = build.build(Path(tmp) / "dist", quiet=True)
        snapshot = wire_bytes([built.out / built.files["pyodide/snapshot"]])
        snapshot_raw = _raw_bytes(built.out / built.files["pyodide/snapshot"])
        floor_path = _write_floor(built)
        with _serving(built.out) as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
            try:
                for index in range(warmup + runs):
                    floor = _cold(browser, base + floor_path)
                    game, game_again = _cold_and_return(browser, f"{base}?game={DEFAULT_GAME}")
                    embed, embed_again = _cold_and_return(browser, base + EMBED_QUERY)
                    if index >= warmup:
                        rows["floor"].append(floor)
                        rows["game"].append(game)
                        rows["game_return"].append(game_again)
                        rows["embed"].append(embed)
                        rows["embed_return"].append(embed_again)
            finally:
                browser.close()
            wire = {
                name: wire_bytes(_files(built.out, base, rows[name][0]["urls"]))
                for name in ("floor", "game", "embed")
            }

    def median(name: str, key: str) -> float:
        return float(statistics.median(float(row[key]) for row in rows[name]))

    result: dict[str, Any] = {"runs": runs, "floor_ms": round(median("floor", "ready"), 1)}
    for page in ("game", "embed"):
        cold = median(page, "ready")
        again = median(f"{page}_return", "ready")
        result[page] = {
            "cold_ms": round(cold, 1),
            "return_ms": round(again, 1),
            "cold_over_floor": round(cold / result["floor_ms"], 2),
            "return_over_cold": round(again / cold, 2),
            "menu_ms": round(median(page, "paint"), 1),
            "longest_task_ms": round(median(page, "longest"), 1),
            "longest_task_return_ms": round(median(f"{page}_return", "longest"), 1),
            "starts": sorted({str(r["start"]) for r in rows[page]}),
            "starts_return": sorted({str(r["start"]) for r in rows[f"{page}_return"]}),
            "requests": len(rows[page][0]["urls"]),
            "requests_return": len(rows[f"{page}_return"][0]["urls"]),
            "bytes": wire[page],
            "cold_ms_all": [round(float(r["ready"]), 1) for r in rows[page]],
            "return_ms_all": [round(float(r["ready"]), 1) for r in rows[f"{page}_return"]],
        }
    result["floor_bytes"] = wire["floor"]
    result["snapshot_bytes"] = {"shipped": snapshot["gzip"], **snapshot_raw}
    result["floor_ms_all"] = [round(float(r["ready"]), 1) for r in rows["floor"]]
    return result


def _table(result: dict[str, Any]) -> str:
    def mb(n: int) -> str:
        return f"{n / 1e6:.2f} MB"

    floor = result["floor_ms"]
    lines = [
        f"page load, median of {result['runs']} loads (headless Chromium, 127.0.0.1)",
        f"  stock Pyodide start (floor)   {floor:.0f} ms   "
        f"{mb(result['floor_bytes']['gzip'])} gzip / {mb(result['floor_bytes']['brotli'])} brotli",
    ]
    for page in ("game", "embed"):
        r = result[page]
        lines += [
            f"  {page} page",
            f"    ready, first visit          {r['cold_ms']:.0f} ms  "
            f"({r['cold_over_floor']:.2f} x floor)",
            f"    ready, return visit         {r['return_ms']:.0f} ms  "
            f"({r['return_over_cold']:.2f} x first visit)",
            f"    Python started from         {'/'.join(r['starts'])} (first visit), "
            f"{'/'.join(r['starts_return'])} (return visit)",
            f"    menu visible (FCP)          {r['menu_ms']:.0f} ms",
            f"    longest main-thread task    {r['longest_task_ms']:.0f} ms "
            f"(return visit {r['longest_task_return_ms']:.0f} ms)",
            f"    bytes, first visit          {mb(r['bytes']['gzip'])} gzip / "
            f"{mb(r['bytes']['brotli'])} brotli (zips at stored size)",
            f"    requests                    {r['requests']} first visit, "
            f"{r['requests_return']} return visit",
        ]
    snap = result["snapshot_bytes"]
    lines.append(
        f"  runtime snapshot (service worker, after ready)  {mb(snap['shipped'])} as shipped "
        f"(gzip -9), {mb(snap['raw'])} unpacked, {mb(snap['brotli'])} brotli"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark the page load of the built site.")
    parser.add_argument("--runs", type=int, default=3, help="measured loads per page (3)")
    parser.add_argument("--warmup", type=int, default=1, help="loads not counted (1)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    result = measure(args.runs, args.warmup)
    print(json.dumps(result, indent=2) if args.json else _table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
