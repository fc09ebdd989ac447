"""Memory of the site's pages, and their start on a CPU slowed 4 times (issue #31).

    python bench/memory.py [--only NAMES] [--base COMMIT] [--no-slow | --no-memory] [--json]

It builds the site into a temporary directory, adds the bare page of
``bench/page_load.py`` that starts the *stock* Pyodide of the npm package (a
few modules imported: the floor), serves everything on 127.0.0.1 with
netlify.toml's headers, and measures, in one run, each page in a browser of
its own (Debian's Chromium, headless, launched as the browser suite does):

    memory   the proportional set size of the memory all the browser's
             processes allocated (PSS of anonymous and shared memory,
             /proc/<pid>/smaps_rollup; mapped files, mostly Chromium's own
             code shared with every Chromium on the machine, left out) with
             the page ready, minus the same browser's on its blank page (the
             lower of before and after, kind by kind); "settled" after a few
             seconds idle (the median of three samples), "pressed" after
             Chromium's critical memory-pressure signal (what a phone's
             browser sends when memory runs short: every isolate collects
             its garbage), and the part of each process kind (browser,
             renderer, utility...) in the settled figure
    slowed   with Chromium's CPU throttled 4 times (Emulation.setCPUThrottlingRate,
             a mid-range phone), each page's time to ready and its longest
             main-thread task until ready and until the end of what it does:
             by the Long Tasks API (wall clock, which counts the time other
             processes held the cores) and by a Chromium trace's thread time
             (the page's own work), with what took most of the longest

The pages (``--only`` keeps those whose name contains one of its words):

    floor              bench/floor.html: loadPyodide() and a few imports
    game:<g>           index.html?game=<g>, ready, first visit (the service
                       worker done caching the build) and return visit (Python
                       from the build's snapshot), once the first visit's
                       page is closed and its service worker stopped, as
                       Chromium stops it after 30 s idle
    hard:<g>           a 4-player game of <g>, seat 1 the hard bot, played until
                       its search helper has answered three decisions
    rules:<g>          rules-<g>.html scrolled board by board to the end, each
                       board awaited until ready (a first visit)
    rules-return:<g>   the same, its return visit (the boards' Python from the
                       snapshot), as the game's page
    embed:<g>          embed.html?game=<g>&scenario=<its first lesson>, first
                       and return visit as the game's page

The floor is measured three times (first, last, between the pages), its
median the reference. Every visit, first or return, is measured once the
site's service worker is stopped, as Chromium stops it 30 s after its last
event: on a first visit it cached the build meanwhile, on a return visit it
answered the page's requests (the note "service worker running" gives the
figure before it stopped).

With ``--base COMMIT`` it also builds that commit's site (``git archive``, its
own build.py) and measures each page of it just before the same page of this
checkout ("<page> before"), so that a change is measured before and after in
one run. It prints, never asserts: the figures move with the machine's load and with
when the garbage collectors ran.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, CDPSession, Page, Playwright, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from page_load import _write_floor  # noqa: E402  (bench/page_load.py, beside this script)

import build  # noqa: E402  (the repository root is put on sys.path just above)
from build import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from build import GAME as GAME_DIR  # noqa: E402
from game.engine.bots import seat_levels  # noqa: E402
from game.registry import get_game, lesson_order, playable  # noqa: E402
from tests.browser.conftest import DESKTOP, App, PageLog, Site, serve  # noqa: E402
from tests.browser.play import Board  # noqa: E402

TIMEOUT_MS = 180_000
#: how long a page idles before its memory is read, and between the samples
SETTLE_S = 4.0
SAMPLE_GAP_S = 1.0
BLANK_SETTLE_S = 10.0
#: the mid-range phone of the issue
SLOWDOWN = 4
#: the hard bot's decisions the helper must have shared before memory is read
SHARED_DECISIONS = 3
HARD_SEAT = 1

#: the user-timing mark the probe sets when the page is ready (in the trace too)
READY_MARK = "bench-ready"

#: the ready time and the longest task (Long Tasks API), as bench/page_load.py
_PROBE = """
(() => {
  window.__longest = 0;
  window.__longestAll = 0;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.__longestAll = Math.max(window.__longestAll, entry.duration);
        if (window.__readyAt !== undefined) continue;
        window.__longest = Math.max(window.__longest, entry.duration);
      }
    }).observe({ type: "longtask", buffered: true });
  } catch (error) { window.__longest = -1; window.__longestAll = -1; }
  const mark = () => {
    const root = document.documentElement;
    if (root && root.dataset.state === "ready" && window.__readyAt === undefined) {
      window.__readyAt = performance.now();
      performance.mark("@READY_MARK@");
    }
  };
  new MutationObserver(mark).observe(document, {
    subtree: true, attributes: true, attributeFilter: ["data-state"],
  });
})();
window.__botMoves = [];
document.addEventListener("bq:bot", (event) => window.__botMoves.push(JSON.parse(event.detail)));
""".replace("@READY_MARK@", READY_MARK)

#: a few modules of the standard library the game's Python also imports
_FLOOR_JS = """import { loadPyodide } from "./stock-pyodide/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: new URL("./stock-pyodide/", import.meta.url).href });
pyodide.runPython("import json, random, dataclasses, enum, typing, zipfile, hashlib");
document.documentElement.dataset.state = "ready";
"""


# ------------------------------------------------------------------ memory


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as stat:
                # the name may hold spaces: the fields after its closing ")"
                ppid = int(stat.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        tree.setdefault(ppid, []).append(int(entry))
    return tree


def _kind(pid: int) -> str | None:
    """ "browser", "renderer", "utility", ... for a Chromium process, else None."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as raw:
            args = raw.read().decode("utf-8", "replace").split("\0")
    except OSError:
        return None
    if not args or "chrom" not in Path(args[0].split(" ")[0]).name:
        return None
    # Chromium may rewrite its command line as one string: look for the word
    for arg in " ".join(args).split():
        if arg.startswith("--type="):
            kind = arg.removeprefix("--type=")
            return kind
    return "browser"


def _pss_kb(pid: int) -> int:
    """The process's proportional share of the memory it allocated (anonymous
    and shared memory). Mapped files are left out: they are mostly Chromium's
    own code, shared with every other Chromium on the machine, so their share
    moved by tens of MB with the browsers other work ran beside the benchmark."""
    total = 0
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="utf-8") as rollup:
            for line in rollup:
                if line.startswith(("Pss_Anon:", "Pss_Shmem:")):
                    total += int(line.split()[1])
    except OSError:
        pass
    return total


def _chromium_processes() -> dict[int, str]:
    """This Python process's Chromium descendants, pid to kind. Only
    descendants: other people's browsers are not counted."""
    tree = _children()
    found: dict[int, str] = {}
    stack = list(tree.get(os.getpid(), []))
    while stack:
        pid = stack.pop()
        stack += tree.get(pid, [])
        kind = _kind(pid)
        if kind is not None:
            found[pid] = kind
    return found


def browser_pss() -> dict[str, int]:
    """PSS in kB of this process's Chromium processes, by kind ("all": the sum)."""
    found: dict[str, int] = {"all": 0}
    for pid, kind in _chromium_processes().items():
        kb = _pss_kb(pid)
        found[kind] = found.get(kind, 0) + kb
        found["all"] += kb
    return found


def _settled(idle_s: float = SETTLE_S) -> dict[str, int]:
    """The median of three samples by kind, after `idle_s` idle."""
    time.sleep(idle_s)
    samples = []
    for index in range(3):
        if index:
            time.sleep(SAMPLE_GAP_S)
        samples.append(browser_pss())
    kinds = {kind for sample in samples for kind in sample}
    return {k: int(statistics.median(s.get(k, 0) for s in samples)) for k in kinds}


def _pressed(pages: list[Page]) -> int:
    """PSS in kB after Chromium's critical memory-pressure signal to each page's renderer."""
    for page in pages:
        session = page.context.new_cdp_session(page)
        session.send("Memory.simulatePressureNotification", {"level": "critical"})
        session.detach()
    time.sleep(SETTLE_S)
    return browser_pss()["all"]


@dataclass
class Memory:
    """One page's memory over the blank page of its own browser, in MB."""

    settled: float
    pressed: float
    by_kind: dict[str, float] = field(default_factory=dict)
    notes: dict[str, Any] = field(default_factory=dict)


def _mb(kb: float) -> float:
    return round(kb / 1024, 1)


# ------------------------------------------------------------------ pages


@contextmanager
def _browser(playwright: Playwright) -> Iterator[BrowserContext]:
    """A browser of its own with a profile on disk, as a phone's: its HTTP
    cache and Cache Storage live in files (a Playwright context of
    ``browser.new_context`` keeps them in the browser's memory, off the record)."""
    with tempfile.TemporaryDirectory(prefix="bq-bench-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            args=list(CHROMIUM_ARGS),
            viewport=DESKTOP,
            locale="en-GB",
        )
        try:
            yield context
        finally:
            context.close()


def _watched(context: BrowserContext, site: Site) -> tuple[Page, PageLog]:
    log = PageLog(origin=site.origin)
    page = log.watch(context.new_page())
    page.add_init_script(_PROBE)
    return page, log


def _ready(page: Page, url: str) -> None:
    page.goto(url, wait_until="commit")
    page.wait_for_selector("html[data-state='ready']", state="attached", timeout=TIMEOUT_MS)


def _check(log: PageLog, what: str) -> None:
    problems = log.problems()
    if problems:  # figures from a page that misbehaved would mislead
        raise RuntimeError(f"{what}: " + "; ".join(problems))


def _hard_game(page: Page, site: Site, log: PageLog, game: str) -> dict[str, Any]:
    """A 4-player game, seat 1 Hard, played until the helper shared enough decisions."""
    app = App(page, log, site)
    app.open(f"?game={game}&botdelay=0&seed=3")
    board = Board(app)
    board.start(4, open_page=False, seed=3, levels={HARD_SEAT: "Hard", 2: "Normal", 3: "Normal"})
    rng = random.Random(3)
    for _ in range(400):
        moves = page.evaluate("window.__botMoves")
        shared = [m for m in moves if m["seat"] == HARD_SEAT and m.get("shared", 0) > 0]
        if len(shared) >= SHARED_DECISIONS:
            return {"hard decisions shared": len(shared)}
        phase = board.settle()
        if phase == "over":
            break
        if phase == "result":
            board.click("#round-result [data-cmd=continue]")
        elif phase == "curtain":
            board.click("#curtain [data-cmd=reveal]")
        elif game == "bossquest":
            board.human_move()
        else:  # a card at random: Board's own policy knows Boss Quest's buttons only
            cards = page.locator("#actions button[data-kind='play']")
            count = cards.count()
            board.click("#actions button[data-kind='play']", rng.randrange(count)) if count else (
                board.human_move()
            )
    return {"hard decisions shared": -1}


_BOARD_READY_JS = """(i) => {
    const f = document.querySelectorAll('figure[data-board]')[i];
    const frame = f && f.querySelector('iframe');
    const doc = frame && frame.contentDocument;
    return Boolean(doc && doc.documentElement && doc.documentElement.dataset.state === 'ready');
}"""


def _rules_boards(page: Page) -> dict[str, Any]:
    """Scroll to each board in turn and wait until its Python drew it (again,
    if the page sent it back to its placeholder meanwhile)."""
    figures = page.locator("figure[data-board]")
    count = figures.count()
    for index in range(count):
        for attempt in range(6):
            figures.nth(index).scroll_into_view_if_needed()
            try:
                page.wait_for_function(_BOARD_READY_JS, arg=index, timeout=30_000, polling=250)
                break
            except PlaywrightTimeout:
                if attempt == 5:
                    raise
    live = page.evaluate("document.querySelectorAll('figure[data-board] iframe').length")
    return {"boards": count, "boards live at the end": live}


@dataclass(frozen=True)
class Target:
    """A page to measure: its name, address, and what to do once ready."""

    name: str
    url: str
    after: Callable[[Page, Site, PageLog], dict[str, Any]] | None = None
    settle_offline: bool = False
    return_visit: bool = False
    custom_open: bool = False


def _hard_after(game: str) -> Callable[[Page, Site, PageLog], dict[str, Any]]:
    def after(page: Page, site: Site, log: PageLog) -> dict[str, Any]:
        return _hard_game(page, site, log, game)

    return after


def _offers_hard(game: str) -> bool:
    """Whether seat 1 of a 4-player game of `game` may be the hard (search) bot."""
    rules = get_game(game)
    options = rules.declared_options.normalize({"players": 4})
    return "hard" in seat_levels(rules, options)[HARD_SEAT]


def _targets(site: Site, floor: str) -> list[Target]:
    targets = [Target("floor", site.url + floor)]
    for game in playable():
        targets.append(
            Target(
                f"game:{game}", f"{site.url}?game={game}", settle_offline=True, return_visit=True
            )
        )
    for game in playable():
        if not _offers_hard(game):
            continue  # its seat 1 offers no search bot (the Dragon's party member)
        targets.append(
            Target(
                f"hard:{game}",
                "",
                after=_hard_after(game),
                custom_open=True,
            )
        )
    for game in playable():
        if (site.build.out / f"rules-{game}.html").is_file():
            targets.append(
                Target(
                    f"rules:{game}",
                    f"{site.url}rules-{game}.html?lang=en",
                    after=lambda page, s, log: _rules_boards(page),
                )
            )
            # the same, once the service worker holds the build: the boards'
            # shared Python starts from the snapshot
            targets.append(
                Target(
                    f"rules-return:{game}",
                    f"{site.url}rules-{game}.html?lang=en",
                    after=lambda page, s, log: _rules_boards(page),
                    settle_offline=True,
                    return_visit=True,
                )
            )
    for game in playable():
        lessons = lesson_order(GAME_DIR / game / "tutorials")
        if lessons:
            targets.append(
                Target(
                    f"embed:{game}",
                    f"{site.url}embed.html?game={game}&scenario={lessons[0]}&lang=en",
                    settle_offline=True,
                    return_visit=True,
                )
            )
    return targets


def _open(page: Page, target: Target) -> None:
    if target.name.startswith("rules"):
        page.goto(target.url, wait_until="commit")
        page.wait_for_selector("html[data-rules='ready']", state="attached", timeout=TIMEOUT_MS)
    else:
        _ready(page, target.url)


def _renderers() -> set[int]:
    """The pids of this process's Chromium renderers."""
    return {pid for pid, kind in _chromium_processes().items() if kind == "renderer"}


def _stop_service_workers(context: BrowserContext, blank: Page, gone: set[int]) -> bool:
    """Stop the site's service worker, as Chromium does on its own once it has
    been idle 30 s, and wait (up to 10 s) until one of the renderers ``gone``
    has exited (Chromium may keep it for the next page instead): a closed
    page's process lives on while it hosts the worker, and counting it made
    a return visit look 60 to 110 MB heavier than it is. Whether one exited."""
    session = context.new_cdp_session(blank)
    try:
        session.send("ServiceWorker.enable")
        session.send("ServiceWorker.stopAllWorkers")
    finally:
        session.detach()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if gone and not gone <= _renderers():
            return True
        time.sleep(0.2)
    return not gone


def measure_memory(playwright: Playwright, site: Site, target: Target) -> Memory:
    """``target`` in a browser of its own, over that browser's blank page."""
    with _browser(playwright) as context:
        blank = context.pages[0] if context.pages else context.new_page()
        blank.goto("about:blank")
        # a new profile's browser is busy for its first seconds: let it settle longer
        base = _settled(BLANK_SETTLE_S)
        base_pressed = _pressed([blank])
        blank_renderers = _renderers()
        page, log = _watched(context, site)
        notes: dict[str, Any] = {}
        if not target.custom_open:
            _open(page, target)
        if target.after is not None:
            notes.update(target.after(page, site, log))
        if target.settle_offline:
            page.wait_for_selector(
                "html[data-offline='ready'], html[data-offline='failed']",
                state="attached",
                timeout=TIMEOUT_MS,
            )
        before: dict[str, int] = {}
        if target.return_visit:
            before["first visit"] = _settled()["all"]
            first_visit = _renderers() - blank_renderers
            page.close()
            _stop_service_workers(context, blank, first_visit)
            page, log = _watched(context, site)
            _open(page, target)
            if target.after is not None:
                notes.update(target.after(page, site, log))
            notes["python start"] = page.get_attribute("html", "data-runtime-start")
            # the service worker answered this visit's requests: as after a first
            # visit, the page is measured once it has stopped, as Chromium stops
            # it 30 s after its last event (a rules page's boards kept it 13 to
            # 95 MB heavier until then; the figure with it is a note)
            before["service worker running"] = _settled()["all"]
            _stop_service_workers(context, blank, set())
        else:
            # a first visit: its service worker caches the build meanwhile
            before["service worker running"] = _settled()["all"]
            _stop_service_workers(context, blank, set())
        now = _settled()
        pressed = _pressed([page])
        _check(log, target.name)
        base = _lowest(base, _blank_again(context, blank, page, blank_renderers))
        for note, kb in before.items():
            notes[note] = f"+{_mb(kb - base['all'])} MB"
        return Memory(
            settled=_mb(now["all"] - base["all"]),
            pressed=_mb(pressed - base_pressed),
            by_kind={k: _mb(v - base.get(k, 0)) for k, v in sorted(now.items()) if k != "all"},
            notes=notes,
        )


def _blank_again(
    context: BrowserContext, blank: Page, page: Page, blank_renderers: set[int]
) -> dict[str, int]:
    """The browser on its blank page again, once the measured page is closed
    and its processes gone."""
    page.close()
    _stop_service_workers(context, blank, _renderers() - blank_renderers)
    return _settled()


def _lowest(first: dict[str, int], second: dict[str, int]) -> dict[str, int]:
    """Each kind's lower figure of two measures of the blank browser: a new
    profile's browser process held 40 MB more in its first seconds, which
    made some pages look lighter than nothing."""
    kinds = (set(first) | set(second)) - {"all"}
    lowest = {k: min(first.get(k, 0), second.get(k, 0)) for k in kinds}
    lowest["all"] = sum(lowest.values())
    return lowest


#: what a Chromium trace needs to hold for ``thread_time_tasks``
TRACE_CATEGORIES = "toplevel,blink.user_timing,devtools.timeline"
#: a renderer's main thread, and a task run there, as the trace names them: a
#: task, or the microtasks run after one (a promise chain's work, such as
#: Pyodide started on the page's thread, is recorded under that name alone)
_MAIN_THREAD = "CrRendererMain"
_TASKS = frozenset({"ThreadControllerImpl::RunTask", "BlinkScheduler_PerformMicrotaskCheckpoint"})


def thread_time_tasks(events: list[dict[str, Any]], mark: str = READY_MARK) -> dict[str, Any]:
    """The longest task of the renderers' main threads by the trace's thread
    time (``tdur``: the CPU time the thread itself spent, not the wall clock,
    which also counts the time other processes held the cores), until the
    user-timing mark ``mark`` and in all, in ms, with what took most of the
    longest one (its longest event inside, by thread time)."""
    mains = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M"
        and e.get("name") == "thread_name"
        and e.get("args", {}).get("name") == _MAIN_THREAD
    }
    on_main = [e for e in events if (e.get("pid"), e.get("tid")) in mains]
    tasks = [e for e in on_main if e.get("ph") == "X" and e.get("name") in _TASKS and "tdur" in e]
    ready = min((e["ts"] for e in on_main if e.get("name") == mark), default=None)
    if not tasks:
        return {"thread_longest": None, "thread_longest_all": None, "thread_what": ""}
    longest = max(tasks, key=lambda e: e["tdur"])
    before = [e["tdur"] for e in tasks if ready is None or e["ts"] < ready]
    inside = [
        e
        for e in on_main
        if e is not longest
        and e.get("ph") == "X"
        and e.get("name") not in _TASKS
        and longest["ts"] <= e["ts"] <= longest["ts"] + longest["dur"]
    ]
    # the outermost events are the longest; the second one names the work
    # (the first is the task's own wrapper: a message, a timer, a lifecycle)
    named = sorted(inside, key=lambda e: -e.get("tdur", 0))[:2]
    return {
        "thread_longest": round(max(before, default=0) / 1000, 1),
        "thread_longest_all": round(longest["tdur"] / 1000, 1),
        "thread_what": " > ".join(e["name"] for e in named),
    }


def _start_trace(session: CDPSession) -> None:
    session.send(
        "Tracing.start",
        {
            "transferMode": "ReturnAsStream",
            "traceConfig": {"includedCategories": TRACE_CATEGORIES.split(",")},
        },
    )


def _end_trace(page: Page, session: CDPSession) -> list[dict[str, Any]]:
    """The trace's events (Tracing.end, then its stream read whole)."""
    done: list[str] = []
    session.on("Tracing.tracingComplete", lambda event: done.append(event["stream"]))
    session.send("Tracing.end")
    deadline = time.monotonic() + 60
    while not done and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    if not done:
        raise RuntimeError("the trace did not end")
    chunks: list[str] = []
    while True:
        part = session.send("IO.read", {"handle": done[0]})
        chunks.append(part["data"])
        if part.get("eof"):
            break
    session.send("IO.close", {"handle": done[0]})
    text = "".join(chunks)
    data = json.loads(text)
    events: list[dict[str, Any]] = data["traceEvents"] if isinstance(data, dict) else data
    return events


def measure_slowed(playwright: Playwright, site: Site, target: Target) -> dict[str, Any]:
    """Ready time and longest tasks of ``target`` on a CPU slowed SLOWDOWN times
    (a first visit: a fresh browser, cold caches): by the Long Tasks API (wall
    clock) and by a Chromium trace's thread time (``thread_time_tasks``)."""
    with _browser(playwright) as context:
        page, log = _watched(context, site)
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
        _start_trace(session)
        started = time.perf_counter()
        if target.custom_open:
            assert target.after is not None
            target.after(page, site, log)
        else:
            _open(page, target)
            if target.after is not None:
                target.after(page, site, log)
        took = time.perf_counter() - started
        found: dict[str, Any] = page.evaluate(
            "({ready: window.__readyAt ?? null, longest: window.__longest,"
            " longestAll: window.__longestAll})"
        )
        found["done_s"] = round(took, 1)
        found.update(thread_time_tasks(_end_trace(page, session)))
        _check(log, target.name)
        return found


def _base_build(commit: str, into: Path) -> Path:
    """The site as ``commit`` built it: its tree unpacked with ``git archive``,
    built by its own build.py (this checkout's node_modules)."""
    tree = into / "base"
    tree.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    (tree / "node_modules").symlink_to(ROOT / "node_modules")
    out = into / "base-dist"
    subprocess.run(
        [sys.executable, "build.py", "--out", str(out)], cwd=tree, check=True, capture_output=True
    )
    return out


@contextmanager
def served_sites(base: str | None) -> Iterator[dict[str, tuple[Site, str]]]:
    """This checkout's site ("after") and, with ``base``, that commit's ("before"),
    each served on an origin of its own; with the floor's page of this build."""
    with tempfile.TemporaryDirectory(prefix="bq-bench-memory-") as tmp:
        built = build.build(Path(tmp) / "dist", quiet=True)
        floor = _write_floor(built)
        (built.out / "bench" / "floor.mjs").write_text(_FLOOR_JS, "utf-8")
        headers = build.load_netlify_headers()
        with contextmanager(serve)(built.out, headers) as origin:
            site = Site(url=origin + "/", origin=origin, build=built, headers=True)
            sites = {"after": (site, floor)}
            if base is None:
                yield sites
                return
            out = _base_build(base, Path(tmp))
            with contextmanager(serve)(out, headers) as old:
                old_build = build.BuildResult(**{**built.__dict__, "out": out})
                sites["before"] = (
                    Site(url=old + "/", origin=old, build=old_build, headers=True),
                    "",
                )
                yield sites


#: how many times the floor is measured (first, last and between the pages):
#: alone it moved from +84 to +111 MB between two runs of minutes apart
FLOOR_RUNS = 3


def _floor_spread(runs: list[tuple[str, Site, Target]]) -> list[tuple[str, Site, Target]]:
    """The runs with the floor measured FLOOR_RUNS times, spread over them."""
    floor = [run for run in runs if run[0] == "floor"]
    pages = [run for run in runs if run[0] != "floor"]
    if not floor:
        return pages
    spread = list(pages)
    for index in range(FLOOR_RUNS):
        spread.insert(round(index * len(pages) / max(FLOOR_RUNS - 1, 1)) + index, floor[0])
    return spread


def _median_floor(floors: list[Memory]) -> Memory:
    """The floor's measure with the median settled figure so far, its others noted."""
    ordered = sorted(floors, key=lambda memory: memory.settled)
    middle = ordered[(len(ordered) - 1) // 2]
    notes = {**middle.notes, "floor runs": ", ".join(f"+{m.settled}" for m in floors)}
    return Memory(middle.settled, middle.pressed, middle.by_kind, notes)


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def measure(
    only: list[str] | None = None,
    slow: bool = True,
    base: str | None = None,
    memory: bool = True,
) -> dict[str, Any]:
    """Every page of each site; with ``base``, each page before and after in turn."""
    result: dict[str, Any] = {"memory": {}, "slowed": {}}

    def wanted(name: str) -> bool:
        return not only or name == "floor" or any(word in name for word in only)

    with served_sites(base) as sites, sync_playwright() as playwright:
        runs: list[tuple[str, Site, Target]] = []
        after = sites["after"]
        for target in _targets(*after):
            if not wanted(target.name):
                continue
            if "before" in sites and target.name != "floor":
                old_site = sites["before"][0]
                old = next(t for t in _targets(old_site, "") if t.name == target.name)
                runs.append((f"{target.name} before", old_site, old))
            runs.append((target.name, after[0], target))
        floors: list[Memory] = []
        for name, site, target in _floor_spread(runs) if memory else []:
            try:
                found = measure_memory(playwright, site, target)
            except Exception as exc:  # one page that fails leaves the others' figures
                _say(f"  {name} failed: {exc}")
                continue
            _say(f"  measured {name}: +{found.settled} MB")
            if name == "floor":
                floors.append(found)
                found = _median_floor(floors)
            result["memory"][name] = found.__dict__
        if slow:
            for name, site, target in runs:
                try:
                    result["slowed"][name] = measure_slowed(playwright, site, target)
                except Exception as exc:
                    _say(f"  {name} failed: {exc}")
                    continue
                _say(f"  slowed {name}: {result['slowed'][name]}")
    return result


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def _table(result: dict[str, Any]) -> str:
    memory = result["memory"]
    floor = memory.get("floor", {}).get("settled") or 0.0
    lines = [
        "memory over a blank browser (PSS of what its processes allocated, MB; x: over the floor)",
        f"  {'page':<23} {'settled':>8} {'x':>5} {'pressed':>8}  by process kind; notes",
    ]
    for name, row in memory.items():
        ratio = f"{row['settled'] / floor:.2f}" if floor else "-"
        kinds = ", ".join(f"{k} {v:+.0f}" for k, v in row["by_kind"].items())
        notes = "; ".join(f"{k}: {v}" for k, v in row["notes"].items())
        figures = f"{row['settled']:>8.1f} {ratio:>5} {row['pressed']:>8.1f}"
        lines.append(f"  {name:<23} {figures}  {kinds}; {notes}")
    if result["slowed"]:
        lines += [
            f"CPU slowed {SLOWDOWN}x, first visit (ms; longest main-thread task: wall clock by"
            " the Long Tasks API, thread time by a Chromium trace, and what took most of it)",
            f"  {'page':<23} {'ready':>8} {'wall to ready':>14} {'wall in all':>12}"
            f" {'thread to ready':>16} {'thread in all':>14} {'done':>6}  what",
        ]
        for name, row in result["slowed"].items():
            ready = f"{row['ready']:.0f}" if row["ready"] is not None else "-"
            wall = f"{row['longest']:>14.0f} {row['longestAll']:>12.0f}"
            thread = (
                f"{_ms(row.get('thread_longest')):>16} {_ms(row.get('thread_longest_all')):>14}"
            )
            lines.append(
                f"  {name:<23} {ready:>8} {wall} {thread} {row['done_s']:>5}s"
                f"  {row.get('thread_what', '')}"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Memory of the pages, and their start slowed.")
    parser.add_argument("--only", nargs="*", help="only the pages whose name has one of these")
    parser.add_argument("--base", help="a commit to measure before this checkout, page by page")
    parser.add_argument("--no-slow", action="store_true", help="skip the slowed-CPU part")
    parser.add_argument("--no-memory", action="store_true", help="only the slowed-CPU part")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    result = measure(args.only, slow=not args.no_slow, base=args.base, memory=not args.no_memory)
    print(json.dumps(result, indent=2) if args.json else _table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
