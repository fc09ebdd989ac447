"""The embeddable tutorial board (site/embed.html): every tutorial played to its
end through its page, a wrong move explained, the frame and caption before
Python, both languages, an unknown scenario, and an iframe on another origin.

Each page is played alongside a ``TutorialSession`` under CPython: it says which
move the step asks for, and the test clicks the board's button for that action
(``data-act``), then waits until the page's markers match the session's.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Browser, Frame, Page, Route, ViewportSize, expect

import build
from game.bossquest import GAME
from game.theboss import GAME as THEBOSS
from game.web.tutorial import TutorialSession, load_tutorial, tutorial_names, tutr
from tests.browser.conftest import READY_TIMEOUT_MS, SCREENSHOTS, App, Site, serve
from tests.browser.main_thread import MAIN_THREAD_TASK_MS, MainThreadTasks

NAMES = tutorial_names()
IFRAME: ViewportSize = {"width": 720, "height": 560}
PHONE_IFRAME: ViewportSize = {"width": 360, "height": 560}
#: markers of #tutorial that must match the CPython session after every click
KEYS = ("scenario", "step", "done", "actions", "result", "reader-turn")

Target = Page | Frame

#: run in every frame before its scripts: storage and cookies throw, as when a
#: browser blocks third-party storage in an iframe of another site
BLOCK_STORAGE = """
for (const name of ["localStorage", "sessionStorage", "indexedDB", "caches"]) {
  Object.defineProperty(window, name, {
    get() { throw new DOMException(name + " is blocked", "SecurityError"); },
    configurable: true,
  });
}
Object.defineProperty(Document.prototype, "cookie", {
  configurable: true,
  get() { throw new DOMException("cookies are blocked", "SecurityError"); },
  set() { throw new DOMException("cookies are blocked", "SecurityError"); },
});
"""


def _selector(session: TutorialSession) -> str:
    markers = session.markers()
    return "#tutorial" + "".join(f"[data-{key}='{markers[key]}']" for key in KEYS)


def _act(session: TutorialSession) -> str:
    action = session.expected_action()
    assert action is not None
    return json.dumps(GAME.action_to_json(action), separators=(",", ":"), sort_keys=True)


def _wait_ready(target: Target) -> None:
    target.wait_for_selector(
        "html[data-state='ready'], html[data-state='error']",
        state="attached",
        timeout=READY_TIMEOUT_MS,
    )
    state = target.get_attribute("html", "data-state")
    if state != "ready":
        raise AssertionError(f"embed.html reached data-state={state!r}")


def _try_a_wrong_move(target: Target, session: TutorialSession, lang: str) -> bool:
    """Click a button of the board that the step does not ask for: nothing is
    played, and the step's explanation shows in the page's language. False if
    the step offers no other button."""
    wanted = _act(session)
    buttons = target.locator("#actions [data-cmd='act']")
    others = [
        str(buttons.nth(i).get_attribute("data-act"))
        for i in range(buttons.count())
        if buttons.nth(i).get_attribute("data-act") != wanted
    ]
    if not others:
        return False
    before = target.get_attribute("#tutorial", "data-actions")
    target.click(f"#actions [data-cmd='act'][data-act='{others[0]}']")
    session.command("act", others[0])
    explain = target.locator("[data-explain]")
    expect(explain).to_have_text(session.explanation(lang))
    assert target.get_attribute("#tutorial", "data-actions") == before
    expect(target.locator("[data-tut-expected]")).to_have_attribute("data-act", wanted)
    return True


def _play(target: Target, session: TutorialSession, lang: str, *, wrong: bool = True) -> int:
    """Play the tutorial to its end as the session says; returns the clicks."""
    clicks = 0
    target.wait_for_selector(_selector(session), state="attached")
    while not session.done:
        assert not session.problem, session.problem
        if not session.reader_turn():
            target.click("#tut-next")
            session.command("next")
        elif session.fresh_result():
            target.click("[data-cmd='continue']")
            session.command("continue")
        else:
            if wrong and _try_a_wrong_move(target, session, lang):
                wrong = False
            act = _act(session)
            target.click(f"#actions [data-cmd='act'][data-act='{act}']")
            session.command("act", act)
            expect(target.locator("[data-explain]")).to_have_count(0)
        clicks += 1
        assert clicks < 100, "the tutorial does not end"
        target.wait_for_selector(_selector(session), state="attached")
    assert target.get_attribute("#tutorial", "data-problem") == "false"
    assert not wrong, "no step offered a wrong move to try"
    return clicks


def _shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), animations="disabled")


# ---------------------------------------------------------------- headers


def test_only_the_embed_page_may_be_framed_by_other_sites() -> None:
    rules = build.load_netlify_headers()
    embed = build.headers_for(rules, "/embed.html")["Content-Security-Policy"]
    assert embed.rstrip(";").endswith("frame-ancestors *")
    for path in ("/", "/index.html", "/rules.html", "/replay.html", "/assets/x.css"):
        csp = build.headers_for(rules, path)["Content-Security-Policy"]
        assert "frame-ancestors 'self'" in csp and "frame-ancestors *" not in csp, path
        # the same policy, but for who may frame the page
        assert csp.replace("frame-ancestors 'self'", "frame-ancestors *") == embed, path
    # nothing asks for cross-origin isolation, which other sites' iframes could not meet
    for path in ("/embed.html", "/assets/x.js", "/runtime/pyodide/pyodide.asm.wasm"):
        headers = {k.lower() for k in build.headers_for(rules, path)}
        assert not headers & {"cross-origin-embedder-policy", "cross-origin-opener-policy"}


def test_every_built_file_gets_exactly_one_policy(built_site: build.BuildResult) -> None:
    rules = build.load_netlify_headers()
    root = built_site.out
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        relative = path.relative_to(root).as_posix()
        csp = build.headers_for(rules, "/" + relative).get("Content-Security-Policy", "")
        # Netlify joins two rules' values with ", ": that would be two policies
        assert csp.count("default-src") == 1, (relative, csp)


def test_the_local_server_lets_the_embed_page_be_framed(site: Site) -> None:
    import urllib.request

    with urllib.request.urlopen(site.url + "embed.html") as response:
        csp = response.headers["Content-Security-Policy"]
    assert csp.count("frame-ancestors") == 1 and "frame-ancestors *" in csp


# ----------------------------------------------------------- before Python


def _keep_loading(route: Route) -> None:
    """Hold the runtime back: the page stays in data-state=loading."""
    del route  # never answered: the request stays pending until the page closes


@pytest.mark.parametrize(
    "missing",
    ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide.mjs", "game.zip"],
)
@pytest.mark.first_visit  # routes a file of the build
def test_a_board_whose_runtime_cannot_load_says_so(app: App, missing: str) -> None:
    """A runtime file of the board's worker answered 404: the board says it
    could not load and names the file (a 404 of the WebAssembly module once
    left it loading for ever: Pyodide only logged it)."""
    app.log.expect_errors = True
    # Playwright's routes reach a page's own workers, not the boards' shared
    # one (assets/worker-link.js): this board gets a Worker of its own
    app.page.add_init_script("delete window.SharedWorker;")
    app.page.route(app.site.path(missing), lambda route: route.fulfill(status=404, body="gone"))
    app.open("embed.html?scenario=spells_boss&lang=en")
    app.wait_state("error")
    expect(app.page.locator("#tut-loading-text")).to_have_text(
        "The board could not load. Reload the page, in an up-to-date browser."
    )
    details = app.page.locator("#tut-loading .tut-error pre")
    if missing == "pyodide/pyodide.mjs":
        # a module the worker's script imports: the browser names no file
        expect(details).to_contain_text("the Python worker could not start")
    else:
        expect(details).to_contain_text(app.site.build.files[missing].rsplit("/", 1)[-1])


@pytest.mark.first_visit  # holds the runtime's download
def test_frame_and_caption_show_before_python_in_both_languages(app: App) -> None:
    page = app.page
    page.set_viewport_size(IFRAME)
    page.route("**/pyodide.asm.wasm", _keep_loading)
    index = json.loads(build.tutorials_index())["bossquest"]
    for lang in ("fr", "en"):
        app.open(f"embed.html?scenario=spells_boss&lang={lang}")
        entry = index["spells_boss"]
        expect(page.locator(".tut-title")).to_have_text(entry["title"][lang])
        # the lesson and its game (the default one: no ?game= in the address)
        assert page.title() == f"{entry['title'][lang]} · Boss Quest"
        expect(page.locator(".tut-caption")).to_have_text(entry["caption"][lang])
        expect(page.locator(".tut-intro")).to_have_text(entry["intro"][lang])
        expect(page.locator("#tut-loading")).to_be_visible()
        expect(page.locator("#tut-loading-text")).to_have_text(
            "Chargement du plateau…" if lang == "fr" else "Loading the board…"
        )
        names = page.locator(".tut-skeleton .knight-name").all_text_contents()
        assert names == ["Bruno", "Alix", "Chloé"]
        expect(page.locator(".tut-skeleton .boss-hp")).to_have_text("15")
        # Boss Quest's own pieces, from its script (assets/games.js)
        expect(page.locator(".tut-skeleton .chip-round")).to_have_text(
            "Manche 1" if lang == "fr" else "Round 1"
        )
        expect(page.locator(".tut-skeleton .seat-panel .wcard-back")).to_have_count(6)
        assert page.get_attribute("html", "lang") == lang
        assert app.state() == "loading"
        if lang == "fr":
            _shot(page, "embed-before-python-720")
    # another game's lesson: the shell's frame with that game's pieces only
    app.open("embed.html?game=theboss&scenario=majority&lang=en")
    assert page.locator(".tut-skeleton .knight-name").all_text_contents() == ["Alix", "Bruno"]
    expect(page.locator(".tut-skeleton .chip-round")).to_have_text("Round 1")
    expect(page.locator(".tut-skeleton .boss-card, .tut-skeleton .wcard")).to_have_count(0)
    app.open("embed.html?scenario=no_such_lesson&lang=fr")
    expect(page.locator("#tutorial")).to_have_attribute("data-error", "unknown")
    expect(page.locator(".tut-unknown .tut-caption")).to_have_text(
        "Tutoriel inconnu : « no_such_lesson »."
    )
    assert page.locator(".tut-list a").count() == len(NAMES)


def test_an_unknown_scenario_is_explained_once_python_runs(app: App) -> None:
    page = app.page
    app.open("embed.html?scenario=nope&lang=en")
    app.wait_ready()
    expect(page.locator("#tutorial")).to_have_attribute("data-error", "unknown")
    expect(page.locator(".tut-unknown .tut-caption")).to_have_text(
        tutr("unknown", "en", name="nope")
    )
    expect(page.locator("#tut-loading")).to_be_hidden()
    expect(page.locator("#board-view > *")).to_have_count(0)
    page.click(".tut-list a >> text=The mystery spell")
    app.wait_ready()
    expect(page.locator("#tutorial")).to_have_attribute("data-scenario", "mystery")


# ------------------------------------------------------------ every tutorial


@pytest.mark.parametrize("name", [n for n in NAMES if n != "two_players"])
def test_each_tutorial_plays_to_its_end(app: App, name: str) -> None:
    page = app.page
    lang = "fr" if NAMES.index(name) % 2 == 0 else "en"
    page.set_viewport_size(IFRAME)
    app.open(f"embed.html?scenario={name}&lang={lang}")
    _wait_ready(page)
    session = TutorialSession(load_tutorial(name), name=name)
    expect(page.locator(".tut-caption")).to_contain_text(str(session.render(lang).status))
    if name == "basic_turn":
        _shot(page, "embed-basic-turn-720")
    clicks = _play(page, session, lang)
    assert clicks >= 3
    data = load_tutorial(name)
    expect(page.locator(".tut-outro")).to_have_text(data["outro"][lang])
    full = page.locator("#tut-full")
    expect(full).to_have_attribute("href", "index.html?game=bossquest")  # the board's game
    expect(full).to_have_attribute("target", "_blank")
    if name == "basic_turn":
        _shot(page, "embed-basic-turn-done-720")
    if name == "spells_cancel":  # try again: back to the stacked deal
        page.click("#tut-again")
        session.command("restart")
        page.wait_for_selector(_selector(session), state="attached")
        assert page.get_attribute("#tutorial", "data-actions") == "0"
        page.set_viewport_size(PHONE_IFRAME)
        _shot(page, "embed-spells-cancel-360")


def test_the_board_never_blocks_its_page(browser: Browser, site: Site) -> None:
    """Python runs in a Web Worker: from navigation to ready and through a whole
    tutorial, no task of the page's main thread does over 100 ms of work (its
    CPU time, tests/browser/main_thread.py; the runtime's start alone was one
    task of 2 to 3 s), nor, once ready, takes over LONG_TASK_WALL_MS on the
    wall clock (Long Tasks API). The wall clock also counts other processes'
    turns on the CPU: while loading, the worker compiling Python holds one of
    the two cores, and a whole run once saw a 14 ms task take 559 ms there."""
    from tests.browser.test_board import LONG_TASK_WALL_MS, LONG_TASKS_JS

    context = browser.new_context(viewport=IFRAME, locale="en-GB")
    context.add_init_script(LONG_TASKS_JS)
    page = context.new_page()
    try:
        with MainThreadTasks(browser) as traced:
            page.goto(f"{site.url}embed.html?scenario=basic_turn&lang=en")
            assert page.evaluate("window.__longTasks !== null"), "Long Tasks API missing"
            _wait_ready(page)
            ready_at: float = page.evaluate("performance.now()")
            session = TutorialSession(load_tutorial("basic_turn"), name="basic_turn")
            assert _play(page, session, "en", wrong=False) >= 3
            tasks: list[dict[str, float]] = page.evaluate("window.__longTasks")
    finally:
        context.close()
    print(f"embed page: {traced.describe()}")
    assert traced.longest_cpu_ms() <= MAIN_THREAD_TASK_MS, traced.describe()
    late = [task for task in tasks if task["start"] >= ready_at]
    assert max((task["duration"] for task in late), default=0.0) <= LONG_TASK_WALL_MS, late


# ------------------------------------------------------- in another site's iframe


@pytest.fixture
def embedder(
    browser: Browser, site: Site, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Page, list[str]]]:
    """A page of another origin (a server of its own) whose only content is an
    iframe of the board, served with netlify.toml's headers."""
    root = tmp_path_factory.mktemp("embedder")
    (root / "host.html").write_text(
        "<!doctype html><meta charset='utf-8'><title>Another site</title>"
        "<h1>A rules page</h1>"
        f'<iframe src="{site.url}embed.html?scenario=two_players&amp;lang=en" '
        'title="Boss Quest" width="720" height="560"></iframe>',
        "utf-8",
    )
    with contextmanager(serve)(root, []) as origin:
        context = browser.new_context(viewport={"width": 760, "height": 700}, locale="fr-FR")
        page = context.new_page()
        seen: list[str] = []
        errors: list[str] = []
        page.on("request", lambda request: seen.append(request.url))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        allowed = (origin + "/", site.origin + "/")

        def guard(route: Route) -> None:
            if route.request.url.startswith(allowed):
                route.fallback()
            else:
                route.abort("blockedbyclient")

        page.route("**/*", guard)
        # third-party storage blocked, as some browsers do in iframes: any use throws
        context.add_init_script(BLOCK_STORAGE)
        page.goto(origin + "/host.html")
        yield page, seen
        context.close()
        assert not [url for url in seen if not url.startswith(allowed)]
        assert errors == []


def test_the_board_plays_in_an_iframe_of_another_origin(
    embedder: tuple[Page, list[str]], site: Site
) -> None:
    page, _ = embedder
    page.wait_for_selector("iframe")
    frame = page.frame_locator("iframe")
    frame.locator("html[data-state='ready']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    board = page.frame(url=lambda url: "embed.html" in url)
    assert board is not None
    session = TutorialSession(load_tutorial("two_players"), name="two_players")
    assert _play(board, session, "en") >= 3
    expect(frame.locator("#tut-again")).to_be_visible()
    _shot(page, "embed-iframe-other-origin")
    # Python ran for the frame, from the board's own origin: in the boards'
    # shared worker (assets/worker-link.js), whose requests the page does not see
    browser = page.context.browser
    assert browser is not None
    cdp = browser.new_browser_cdp_session()
    targets = cdp.send("Target.getTargets")["targetInfos"]
    cdp.detach()
    assert any(
        t["type"] == "shared_worker" and t["url"].startswith(site.origin) for t in targets
    ), targets
    assert page.frame_locator("iframe").locator("html").get_attribute("data-runtime-start") in (
        "cold",
        "snapshot",
    )


def test_a_wrong_move_unfolds_the_group_of_the_expected_placement(app: App) -> None:
    """The Boss's placements sit in folded groups, one per city: after a wrong
    click, the lesson's expected placement is outlined with its group open."""
    page = app.page
    page.set_viewport_size(IFRAME)
    app.open("embed.html?game=theboss&scenario=majority&lang=en")
    _wait_ready(page)
    session = TutorialSession(load_tutorial("majority", game="theboss"), name="majority")
    page.wait_for_selector(_selector(session), state="attached")
    while not session.reader_turn():
        page.click("#tut-next")
        session.command("next")
        page.wait_for_selector(_selector(session), state="attached")
    action = session.expected_action()
    assert action is not None
    wanted = json.dumps(THEBOSS.action_to_json(action), separators=(",", ":"), sort_keys=True)
    assert '"place"' in wanted
    expect(page.locator(f"#actions [data-cmd='act'][data-act='{wanted}']")).to_be_hidden()
    page.locator("#actions [data-cmd='act'][data-act*='\"play\"']").first.click()
    expect(page.locator("[data-explain]")).to_have_count(1)
    outlined = page.locator("[data-tut-expected]")
    expect(outlined).to_have_attribute("data-act", wanted)
    expect(outlined).to_be_visible()
