"""Hostile input in Chromium: the replay page and the network page stay alive.

Every decoder of outside input goes through ``game.engine.safejson`` (size and
nesting bounded before ``json.loads``): under Pyodide a deep JSON recursion
overflows the WebAssembly stack and kills the page's Python for good, which no
``except`` catches. These tests feed the real pages what an attacker could:

- ``replay.html#r=...`` links built here in replaylink's format (base64url of
  zlib of a header line, "\\n", varints): a header nesting 100,000 deep, one
  nesting 8,000 deep inside the header's size bound, bytes after the zlib
  stream, a link cut short, random bytes, a link over the page's limit and a
  zip bomb. Each is opened as a new document, then again by a hash change; the
  page says why in its language, never reaches ``data-state="error"``, and
  steps through a real replay afterwards.
- the network page's receive path, host and tab guest mid-game: a third tab
  of the same browser (a page of the origin with net.js and no Python) joins
  the host's room and sends hostile frames sealed like any guest's, through
  the whole transport; then frames are handed straight to the receive hook
  net.js calls with each frame's text (``link.onmessage``, captured by
  wrapping ``BossQuestNet.tabsHost`` / ``tabsJoin``), on the host and on the
  guest, past net.js's own size check: nesting 200,000 deep, escaped-quote
  walls near 256 KiB, oversized frames, non-JSON, a 5 MB string field. The
  pages show no error, no Long Task passes 500 ms while they refuse (1 s for
  the frames over net.js's limit handed to the hook, which real play never
  brings to Python), and the game goes on: the guest's next move is accepted
  and both boards show it.
"""

from __future__ import annotations

import base64
import json
import random
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Route

import build
from game.engine.replaylink import MAX_LINK_CHARS
from game.net.frames import MAX_GUEST_FRAME, MAX_HOST_FRAME
from game.web.replay import Replay
from game.web.replay_strings import link_error_text, rtr
from game.web.session import Session
from tests.browser.conftest import DESKTOP, PHONE, App, PageLog, Site
from tests.browser.net_play import (
    STEP_MS,
    NetPage,
    Table,
    host_with_guest,
    tab_table,
    until_guest_turn,
)
from tests.browser.test_board import LONG_TASKS_JS
from tests.browser.warm import WarmContext
from tests.test_web_session import play, settings

#: no task may take longer than this while hostile input is refused (the aim is 100 ms)
LONG_TASK_LIMIT_MS = 500
#: the same for frames over net.js's 256 KiB limit handed straight to the page's
#: receive hook: net.js drops them before Python in real play, but here the page
#: still turns each into a Python string first (5 MB: 50 to 500 ms on a loaded
#: 2-core machine), so they get a bound of their own
PAST_NET_JS_TASK_LIMIT_MS = 1000
REPLAY_READY = "html[data-state='ready'] #replay[data-step]"
REPLAY_REFUSED = "html[data-state='ready'] #replay-error"
LANG_KEY = "bossquest.lang"


#: the first uncaught error or rejection of this page or of another tab of the
#: browser (a Pyodide fatal error is one), in ``window.__bqCrashed``: the waits
#: below end at once on it instead of running into their timeouts
CRASH_WATCH_JS = """
(() => {
    window.__bqCrashed = "";
    let channel = null;
    try {
        channel = new BroadcastChannel("bq-test-crashes");
        channel.onmessage = (event) => {
            window.__bqCrashed = window.__bqCrashed || "another tab: " + event.data;
        };
    } catch (error) {}
    const crashed = (what) => {
        window.__bqCrashed = window.__bqCrashed || what;
        if (channel) channel.postMessage(what);
    };
    addEventListener("error", (event) => crashed(String(event.message || "error")));
    addEventListener("unhandledrejection", (event) => crashed(String(event.reason)));
})();
"""


def _not_crashed(page: Page) -> None:
    crashed = page.evaluate("window.__bqCrashed")
    assert not crashed, f"a page broke: {crashed}"


def _links(page: NetPage) -> int:
    """How many links the page's Python was given, each still open."""
    count: int = page.page.evaluate(
        "() => window.__bqLinks.every((link) => link.open) ? window.__bqLinks.length : -1"
    )
    return count


# ---------------------------------------------------------------- replay links


@cache
def _valid_payload() -> str:
    """A finished game's link, made as the page makes it (test_replay_undo's game)."""
    session = play(Session.new(settings(["human", "bot", "bot"]), seed=11))
    payload = session.replay_payload()
    assert payload is not None
    return payload


def _b64(packed: bytes) -> str:
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def _pack(raw: bytes) -> str:
    """replaylink's format: base64url (no padding) of zlib of the raw bytes."""
    return _b64(zlib.compress(raw, 9))


def _deep_header(depth: int) -> str:
    """A header line of arrays nested `depth` deep (closed: valid JSON), then a move."""
    return _pack(("[" * depth + "]" * depth).encode("ascii") + b"\n\x00")


def _trailing() -> str:
    packed = base64.urlsafe_b64decode(_valid_payload() + "==")
    return _b64(packed + b"\x00trailing bytes after the zlib stream")


def _truncated() -> str:
    """The link cut at two thirds, on a base64 boundary: it still decodes, to a
    zlib stream without its end (as a link cut short when copied)."""
    payload = _valid_payload()
    return payload[: len(payload) * 2 // 3 // 4 * 4]


def _garbage() -> str:
    return _b64(random.Random(11).randbytes(300))


def _huge() -> str:
    """The real game's link bloated past the page's limit (64,000 characters)
    with 40,000 empty stored deflate blocks before its data: still one valid
    zlib stream of the same bytes, so only the limit refuses it."""
    raw = zlib.decompress(base64.urlsafe_b64decode(_valid_payload() + "=="))
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = deflate.compress(raw) + deflate.flush()
    empty_block = b"\x00\x00\x00\xff\xff"  # not final, stored, length 0
    packed = b"\x78\xda" + empty_block * 40_000 + body + zlib.adler32(raw).to_bytes(4, "big")
    assert zlib.decompress(packed) == raw
    text = _b64(packed)
    assert len(text) > 4 * MAX_LINK_CHARS
    return text


def _zip_bomb() -> str:
    """Under the length limit, it unpacks to 32 MB (the page stops at 1 MB)."""
    text = _pack(b"[" * (32 << 20))
    assert len(text) < MAX_LINK_CHARS
    return text


HOSTILE_LINKS: dict[str, tuple[Callable[[], str], str]] = {
    "deep-100k": (lambda: _deep_header(100_000), "link_data"),
    "deep-8k": (lambda: _deep_header(8_000), "link_data"),  # within the header's 16 KiB
    "trailing-bytes": (_trailing, "link_encoding"),
    "truncated": (_truncated, "link_encoding"),
    "random-bytes": (_garbage, "link_encoding"),
    "huge": (_huge, "link_encoding"),
    "zip-bomb": (_zip_bomb, "link_encoding"),
}


def _set_hash(page: Page, payload: str) -> float:
    """Set the address's fragment; returns the page's clock once it is set."""
    since: float = page.evaluate(
        "(payload) => { location.hash = 'r=' + payload; return performance.now(); }", payload
    )
    return since


def _refused(page: Page, code: str, lang: str) -> None:
    """The page says why, in its language, and is not in its error state."""
    # end at once if the page opens the link, or breaks (a killed Python never
    # says ready again)
    page.wait_for_function(
        f'() => document.querySelector("{REPLAY_REFUSED}, {REPLAY_READY}")'
        " || window.__bqCrashed || document.documentElement.dataset.state === 'error'"
    )
    _not_crashed(page)
    state = page.get_attribute("html", "data-state")
    details = page.text_content("#replay-load-details")
    assert state == "ready", f"the page reached data-state={state!r}: {details}"
    assert page.locator("#replay").count() == 0, "the page opened the hostile link"
    assert page.get_attribute("html", "lang") == lang
    error = page.locator("#replay-error")
    assert error.get_attribute("data-code") == code
    assert error.get_attribute("role") == "alert"
    assert error.is_visible()
    title = page.text_content("#replay-error .panel-title")
    message = page.text_content("#replay-error .error-message")
    assert title == rtr("replay_error_title", lang)
    assert message == link_error_text(code, lang)
    # a short message: nothing of the link is echoed back
    assert len(error.inner_text()) < 300


def _log(page: Page) -> list[str]:
    lines: list[str] = page.eval_on_selector_all(
        "#log li", "(items) => items.map((li) => li.textContent)"
    )
    return lines


def _steps_through(page: Page, lang: str) -> None:
    """The real replay opens and steps forward and back, as in test_replay_undo."""
    replay = Replay.open(f"#r={_valid_payload()}")
    page.wait_for_selector(REPLAY_READY, state="attached")
    assert page.get_attribute("#replay", "data-step") == "0"
    assert page.get_attribute("#replay", "data-steps") == str(replay.steps)
    assert _log(page) == [line for _, line in replay.log(lang)]
    for step in range(1, 4):
        page.locator("#replay [data-cmd=next]").click()
        page.wait_for_selector(f"#replay[data-step='{step}']", state="attached")
        assert page.text_content("#dock-prompt") == replay.with_step(step).caption(lang)
    page.keyboard.press("End")
    page.wait_for_selector(f"#replay[data-step='{replay.steps}']", state="attached")
    page.keyboard.press("Home")
    page.wait_for_selector("#replay[data-step='0']", state="attached")


def _long_tasks_since(page: Page, start: float) -> list[float]:
    tasks: list[dict[str, float]] | None = page.evaluate("window.__longTasks")
    assert tasks is not None, "Long Tasks API missing"
    return [task["duration"] for task in tasks if task["start"] >= start]


#: the language a fresh replay page keeps, from its query (?lang=fr|en)
LANG_FROM_QUERY_JS = f"""
(() => {{
    const lang = new URLSearchParams(location.search).get("lang");
    if (lang === "fr" || lang === "en") localStorage.setItem("{LANG_KEY}", lang);
}})();
"""


@pytest.fixture(scope="module")
def replay_tab(browser: Browser, site: Site) -> Iterator[App]:
    """One tab for every link, each opened as a new document (a new query): the
    renderer and the cache stay warm, so Pyodide starts faster than in a new tab."""
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    log = PageLog(origin=site.origin)
    page = log.watch(context.new_page())
    page.add_init_script(LONG_TASKS_JS)
    page.add_init_script(LANG_FROM_QUERY_JS)
    page.add_init_script(CRASH_WATCH_JS)
    page.emulate_media(reduced_motion="reduce")
    yield App(page, log, site)
    context.close()


@pytest.fixture
def replay_app(replay_tab: App) -> Iterator[App]:
    """That tab, its log checked for this test alone (as conftest's ``page``)."""
    log = replay_tab.log
    for found in (log.requests, log.foreign, log.console_errors, log.page_errors):
        found.clear()
    log.bad_responses.clear()
    replay_tab.page.set_viewport_size(DESKTOP)
    yield replay_tab
    problems = log.problems()
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


@pytest.mark.parametrize(
    ("case", "lang"),
    [(name, "fr" if name in ("deep-100k", "truncated") else "en") for name in HOSTILE_LINKS],
)
def test_a_hostile_replay_link_is_refused_and_the_page_lives_on(
    replay_app: App, case: str, lang: str
) -> None:
    make, code = HOSTILE_LINKS[case]
    hostile = make()
    app = replay_app
    page = app.page
    # a new document opened on the hostile link, in the language it keeps
    # (the browser's is English)
    page.goto(
        f"{app.site.url}replay.html?case={case}&lang={lang}#r={hostile}",
        wait_until="domcontentloaded",
    )
    _refused(page, code, lang)
    if case == "deep-100k":
        page.set_viewport_size(PHONE)
        app.screenshot("replay-hostile-refused-fr-375", full_page=False)
        page.set_viewport_size(DESKTOP)
    if case == "trailing-bytes":
        app.screenshot("replay-hostile-refused-1280", full_page=False)
        page.set_viewport_size(PHONE)
        app.screenshot("replay-hostile-refused-375", full_page=False)
        page.set_viewport_size(DESKTOP)
    # the same page opens a real replay and steps through it
    _set_hash(page, _valid_payload())
    _steps_through(page, lang)
    # the hostile link again, by a hash change this time, then the real one;
    # the page's own work starts once the address is set (setting a long one
    # is the browser's work, in the test's task)
    since = _set_hash(page, hostile)
    _refused(page, code, lang)
    longest = max([0.0, *_long_tasks_since(page, since)])
    print(
        f"{case}: {len(hostile)} characters; refused after a hash change,"
        f" longest task {longest:.0f} ms"
    )
    assert longest <= LONG_TASK_LIMIT_MS
    _set_hash(page, _valid_payload())
    _steps_through(page, lang)


# -------------------------------------------------------------- network frames

#: wraps the transports so that the test holds each Link the page's Python gets
#: (the host's, one per guest connection; a guest's, to its host)
CAPTURE_LINKS_JS = """() => {
    const net = window.BossQuestNet;
    const tabsHost = net.tabsHost;
    const tabsJoin = net.tabsJoin;
    window.__bqLinks = [];
    net.tabsHost = (room, onPeer) => tabsHost(room, (link) => {
        window.__bqLinks.push(link);
        onPeer(link);
    });
    net.tabsJoin = (...args) => tabsJoin(...args).then((link) => {
        window.__bqLinks.push(link);
        return link;
    });
}"""

#: builds a frame in the page (no megabytes through the driver): head + unit * count + tail
_FRAME_JS = """(f) => f.head + f.unit.replaceAll("<D800>", "\\ud800").repeat(f.count) + f.tail"""

#: a frame made ready in the page, in a task of its own (flat, as one received)
PREPARE_JS = f"""(recipe) => {{
    window.__bqNext = ({_FRAME_JS})(recipe);
    window.__bqNext.charCodeAt(0);
}}"""

#: that frame straight into the receive hook net.js hands to Python; its time (ms)
INJECT_JS = """(index) => {
    const text = window.__bqNext;
    window.__bqNext = null;
    const began = performance.now();
    window.__bqLinks[index].onmessage(text);
    return performance.now() - began;
}"""

LAB = "hostile-lab.html"


@dataclass(frozen=True)
class Hostile:
    """A frame: head + unit * count + tail, built in the page."""

    name: str
    head: str
    unit: str
    count: int
    tail: str = ""

    def size(self) -> int:
        unit = self.unit.replace("<D800>", "\x00\x00\x00")  # three bytes, as U+FFFD
        return len((self.head + unit * self.count + self.tail).encode("utf-8"))

    def recipe(self) -> dict[str, Any]:
        return {"head": self.head, "unit": self.unit, "count": self.count, "tail": self.tail}


def _hostile_frames(protocol: str) -> list[Hostile]:
    """Frames no honest peer sends; each must be refused as a whole. Those that
    parse are of an unknown type ("zzz"), so none can be taken for a real one."""
    base = f'{{"v":{json.dumps(protocol)},"t":"zzz",'
    env = base + '"n":1,'
    near = MAX_HOST_FRAME - 64  # near the 256 KiB limit of a frame
    frames = [
        Hostile("deep-200k", "", "[", 200_000),
        Hostile(
            "deep-objects-in-envelope",
            f'{{"v":{json.dumps(protocol)},"n":1,"view":',
            '{"a":',
            40_000,
        ),
        Hostile("deep-within-4k", "", "[", MAX_GUEST_FRAME - 8),
        Hostile("deep-past-string", '["\\\\"', "[", 4_000),
        Hostile("quote-wall", env + '"x":"', '\\"', (near - len(env) - 8) // 2, '"}'),
        Hostile("quote-wall-brackets", env + '"x":"', '[\\"', (near - len(env) - 8) // 3, '"}'),
        Hostile("backslash-quote-wall-open", '["', '\\\\\\"', (near - 8) // 4, "[[[["),
        Hostile(
            "quote-wall-within-4k",
            env + '"x":"',
            '\\"',
            (MAX_GUEST_FRAME - len(env) - 8) // 2,
            '"}',
        ),
        Hostile("huge-number", env + '"m":', "9", 100_000, "}"),
        Hostile("number-within-4k", base + '"n":', "9", 4_000, "}"),
        Hostile("oversized-300k", env + '"x":"', "a", 300_000, '"}'),
        Hostile("limit-plus-one", "", "a", MAX_HOST_FRAME + 1),
        Hostile("string-5mb", env + '"x":"', "a", 5 << 20, '"}'),
        Hostile("non-json", "", "this is not JSON {", 1),
        Hostile("python-literal", "", "{'t': 'act', 'n': 1}", 1),
        Hostile("nan", "", "NaN", 1),
        Hostile("control-bytes", "", "\x00\x01\x02\x1b", 8),
        Hostile("empty", "", "", 0),
        Hostile("escaped-lone-surrogate", env + '"x":"', "\\ud800", 1, '"}'),
        Hostile("lone-surrogate", env + '"x":"', "<D800>", 3, '"}'),
        Hostile("json-then-garbage", env + '"x":1}', "]]]]", 1_000),
    ]
    assert len({frame.name for frame in frames}) == len(frames)
    return frames


def _lab_page(context: BrowserContext, site: Site) -> tuple[Page, PageLog]:
    """A page of the origin with net.js alone (no Python): a tab of the same
    browser that runs other code, as an attacker's page on the origin could."""
    files = site.build.files
    # The icon link spares the browser a /favicon.ico request (a 404 here).
    html = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<link rel="icon" href="data:,">'
        f'<script src="/{files["assets/net.js"]}" defer></script>'
        "</head><body></body></html>"
    )
    headers = build.headers_for(build.load_netlify_headers(), "/index.html")
    headers["Content-Type"] = "text/html; charset=utf-8"

    def fulfil(route: Route) -> None:
        route.fulfill(status=200, headers=headers, body=html)

    context.route(lambda url: urlsplit(url).path == "/" + LAB, fulfil)
    log = PageLog(origin=site.origin)
    page = log.watch(context.new_page())
    page.add_init_script(CRASH_WATCH_JS)
    page.goto(site.url + LAB, wait_until="domcontentloaded")
    page.wait_for_function("() => window.BossQuestNet && window.BossQuestNet.tabsJoin")
    return page, log


def _warnings(page: Page) -> list[str]:
    found: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "warning":
            found.append(message.text)

    page.on("console", on_console)
    return found


@pytest.fixture
def table(warm: WarmContext, site: Site) -> Iterator[Table]:
    yield from tab_table(warm, site)


def _alive(page: NetPage) -> None:
    _not_crashed(page.page)
    assert page.page.get_attribute("html", "data-state") == "ready", page.name
    assert page.page.get_attribute("html", "data-screen") == "board", page.name
    assert page.page.is_hidden("#load-error"), page.name


def _inject(
    host: NetPage,
    guest: NetPage,
    frames: list[Hostile],
    starts: dict[str, float],
    limit_ms: float,
) -> None:
    """Hand each frame to the guest's receive hook, then to the host's (whose
    refusals go to the guest); wait until the guest has read those refusals.
    No Long Task of either page since ``starts`` may pass `limit_ms`; then
    ``starts`` moves on to now, for the next phase."""
    timings: dict[str, list[tuple[str, float]]] = {host.name: [], guest.name: []}
    refused = len(guest.frames())
    # the guest keeps no copy of what its own hook gets (only the host's refusals)
    guest.page.evaluate(
        "() => { window.__bqKept = window.__bqNetFrames; window.__bqNetFrames = null; }"
    )
    for page in (guest, host):
        for frame in frames:
            page.page.evaluate(PREPARE_JS, frame.recipe())
            ms: float = page.page.evaluate(INJECT_JS, 0)
            timings[page.name].append((frame.name, ms))
        if page is guest:
            guest.page.evaluate("() => { window.__bqNetFrames = window.__bqKept; }")
    guest.page.wait_for_function(
        "(n) => window.__bqNetFrames.length >= n || window.__bqCrashed",
        arg=refused + len(frames),
        timeout=STEP_MS,
    )
    for page in (host, guest):
        _alive(page)
        ends = page.page.evaluate("performance.now()")
        tasks: list[dict[str, float]] | None = page.page.evaluate("window.__longTasks")
        assert tasks is not None, "Long Tasks API missing"
        during = [
            task["duration"]
            for task in tasks
            if task["start"] + task["duration"] >= starts[page.name] and task["start"] <= ends
        ]
        starts[page.name] = ends
        slowest = sorted(timings[page.name], key=lambda item: -item[1])
        print(
            f"{page.name}, {len(frames)} frames of at most {max(f.size() for f in frames)} bytes:"
            f" {len(during)} long tasks, longest {max([0.0, *during]):.0f} ms;"
            f" a hooked frame's refusal: median {slowest[len(slowest) // 2][1]:.1f} ms, slowest "
            + ", ".join(f"{name} {ms:.1f}" for name, ms in slowest[:3])
        )
        assert all(duration <= limit_ms for duration in during), (page.name, during)


def test_hostile_frames_are_refused_and_the_game_goes_on(table: Table, site: Site) -> None:
    host, guest = host_with_guest(
        table, init=LONG_TASKS_JS + CRASH_WATCH_JS, prepare=CAPTURE_LINKS_JS
    )
    host_warnings = _warnings(host.page)
    room = host.room()
    rng = random.Random(21)
    version = until_guest_turn(host, guest, rng)
    protocol = json.loads(guest.frames()[0])["v"]
    frames = _hostile_frames(protocol)
    # from here on, count the frames that reach the guest's session
    guest.page.evaluate("() => { window.__bqNetFrames = null; }")
    starts = {page.name: page.page.evaluate("performance.now()") for page in (host, guest)}

    # 1. a third tab joins the room and sends them sealed, through the whole
    #    transport; with its own limit raised, it also sends what net.js drops
    lab, lab_log = _lab_page(table.context, site)
    lab.evaluate(
        """async (room) => {
            window.got = [];
            window.link = await BossQuestNet.tabsJoin(room, {timeoutMs: 20000});
            link.onmessage = (text) => got.push(text);
            BossQuestNet.limits.maxFrame = 8 << 20;
        }""",
        room,
    )
    delivered = [frame for frame in frames if frame.size() <= MAX_HOST_FRAME]
    dropped = [frame for frame in frames if frame.size() > MAX_HOST_FRAME]
    assert len(dropped) == 3
    for frame in dropped + delivered:
        assert lab.evaluate(f"(f) => link.send(({_FRAME_JS})(f))", frame.recipe()), frame.name
    # the host answers each frame it read with a refusal; the dropped ones it warns of
    lab.wait_for_function(
        f"() => got.length >= {len(delivered)} || window.__bqCrashed", timeout=STEP_MS
    )
    _not_crashed(lab)
    refusals = [json.loads(text) for text in lab.evaluate("got")]
    assert len(refusals) == len(delivered)
    assert all(frame["t"] == "reject" for frame in refusals), refusals
    codes = {frame["code"] for frame in refusals}
    assert codes <= {"malformed", "too_large", "unknown_type", "not_joined"}, codes
    too_big = [text for text in host_warnings if "over 262144 bytes" in text]
    assert len(too_big) == len(dropped), host_warnings
    # 2. straight into the receive hooks net.js hands to Python: the host's
    #    link to the guest (its answers go to the real guest), and the guest's;
    #    first what net.js lets through, then what it drops (past its check)
    assert _links(host) == 2 and _links(guest) == 1  # the host's: the guest, the lab
    guest.page.evaluate("() => { window.__bqNetFrames = []; }")
    _inject(host, guest, delivered, starts, LONG_TASK_LIMIT_MS)
    _inject(host, guest, dropped, starts, PAST_NET_JS_TASK_LIMIT_MS)
    assert len(guest.frames()) == len(frames)
    answers = [json.loads(text) for text in guest.frames()]
    assert [frame["t"] for frame in answers] == ["reject"] * len(frames)

    # the game goes on: the guest's move is taken by the host, both boards show it
    assert host.version() == version and guest.version() == version
    guest.acknowledge()
    guest.act(rng)
    host.wait_past(version)
    after = host.version()
    guest.wait_version(after)
    assert after > version
    host.page.wait_for_selector(f"#board[data-actions='{after}']", state="attached")
    _alive(host)
    _alive(guest)
    # the third tab is still joined, refused, and never became a player
    assert lab.evaluate("link.open")
    assert host.page.locator("#net-strip [data-seat]").count() == 2
    lab_problems = lab_log.problems()
    assert not lab_problems, lab_problems
