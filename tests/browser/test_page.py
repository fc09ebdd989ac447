"""The page shell in Chromium: menu before Python, ready, errors, languages, Start, CSP."""

from __future__ import annotations

import io
import json
import re
import zipfile

import pytest
from playwright.sync_api import Page, Route, expect

import build
from game.engine.client import menu_fields
from sitebuild import offline
from sitebuild.icons import ICONS
from tests.browser.conftest import DESKTOP, PHONE, App, Site, with_game
from tests.browser.driver import registered_games
from tests.test_game_pages import DECLARED, LISTING

MENU_TITLE = {"fr": "Nouvelle partie", "en": "New game"}


def _seat(page: Page, index: int) -> str:
    return f"#seats .seat[data-seat='{index}']"


@pytest.mark.first_visit  # holds the runtime's download
def test_menu_works_before_python_is_ready(app: App) -> None:
    # Hold the WebAssembly back, so that the page is certainly still loading.
    held: list[Route] = []
    page = app.page
    page.route("**/*.wasm", lambda route: held.append(route))
    with page.expect_request("**/*.wasm"):
        app.open()
    assert app.state() == "loading"
    expect(page.locator("#menu")).to_be_visible()
    # the menu is usable meanwhile, Start and "Play with others" included
    # (what they do then: test_a_click_while_loading_is_carried_out_once_ready)
    expect(page.locator("#start")).to_be_enabled()
    expect(page.locator("#net-open")).to_be_enabled()
    page.locator(".segmented label", has_text="5").click()
    expect(page.locator(_seat(page, 4))).to_be_visible()
    expect(page.locator(_seat(page, 5))).to_be_hidden()
    expect(page.locator("#keep-yellow")).to_be_checked()
    expect(page.locator("#keep-yellow")).to_be_disabled()
    page.locator(_seat(page, 1)).locator("label", has_text="Human").click()
    expect(page.locator(f"{_seat(page, 1)} input[value='human']")).to_be_checked()
    expect(page.locator("#progress")).not_to_have_attribute("aria-valuenow", "0")
    app.screenshot("menu-loading-1280")
    assert app.state() == "loading"
    assert len(held) == 1, "the wasm request should be held by the route"
    held[0].continue_()
    app.wait_ready()
    expect(page.locator("#start")).to_be_enabled()
    # what was chosen while loading is still there
    expect(page.locator(_seat(page, 4))).to_be_visible()
    expect(page.locator(f"{_seat(page, 1)} input[value='human']")).to_be_checked()


def _hold_the_runtime(app: App) -> list[Route]:
    """Open the game page with its WebAssembly held back (still loading until
    the returned route is continued)."""
    held: list[Route] = []
    app.page.route("**/*.wasm", lambda route: held.append(route))
    with app.page.expect_request("**/*.wasm"):
        app.open()
    assert app.state() == "loading"
    return held


@pytest.mark.first_visit  # holds the runtime's download
def test_a_click_on_start_while_loading_starts_the_game_once_ready(app: App) -> None:
    held = _hold_the_runtime(app)
    page = app.page
    page.locator("#start").click()
    # kept, and said so, while Python loads
    expect(page.locator("html")).to_have_attribute("data-pending", "start")
    expect(page.locator(".start-hint")).to_have_text(
        "The game will start as soon as it has loaded."
    )
    # the menu still answers: the game starts with it as it is once ready
    page.locator(".segmented label", has_text="4").click()
    page.locator(_seat(page, 1)).locator("label", has_text="Human").click()
    assert app.state() == "loading"
    expect(page.locator("html")).to_have_attribute("data-screen", "menu")
    held[0].continue_()
    page.wait_for_selector("html[data-screen='board']", state="attached")
    expect(page.locator("html")).not_to_have_attribute("data-pending", re.compile(".*"))
    settings = json.loads(page.get_attribute("#board", "data-settings") or "null")
    assert [p["kind"] for p in settings["players"]] == ["human", "human", "bot", "bot"]


@pytest.mark.first_visit  # holds the runtime's download
def test_a_click_on_play_with_others_while_loading_opens_it_once_ready(app: App) -> None:
    held = _hold_the_runtime(app)
    page = app.page
    page.locator("#net-open").click()
    expect(page.locator("html")).to_have_attribute("data-pending", "net")
    expect(page.locator("#net-entry .hint")).to_have_text(
        "Network play will open as soon as the game has loaded."
    )
    # the last click wins: Start replaces it, and each hint says so
    page.locator("#start").click()
    expect(page.locator("html")).to_have_attribute("data-pending", "start")
    expect(page.locator("#net-entry .hint")).to_have_text(
        "In other tabs of this browser or on other devices, with no server."
    )
    page.locator("#net-open").click()
    expect(page.locator(".start-hint")).to_have_text("Set up the game while it loads.")
    held[0].continue_()
    page.wait_for_selector("html[data-screen='lobby'] #lobby[data-phase='menu']", state="attached")
    expect(page.locator("html")).not_to_have_attribute("data-pending", re.compile(".*"))


@pytest.mark.first_visit  # holds the runtime's download
def test_a_start_kept_while_loading_is_dropped_when_the_load_fails(app: App) -> None:
    app.log.expect_errors = True
    held = _hold_the_runtime(app)
    page = app.page
    page.locator("#start").click()
    expect(page.locator("html")).to_have_attribute("data-pending", "start")
    held[0].fulfill(status=404, body="gone")
    app.wait_state("error")
    expect(page.locator("html")).not_to_have_attribute("data-pending", re.compile(".*"))
    expect(page.locator("#start")).to_be_disabled()
    expect(page.locator("#net-open")).to_be_disabled()
    expect(page.locator("html")).to_have_attribute("data-screen", "menu")


@pytest.mark.first_visit  # a first visit's requests
def test_reaches_ready_with_only_the_runtime_files(app: App) -> None:
    app.open()
    app.wait_ready()
    expect(app.page.locator("#progress")).to_have_attribute("aria-valuenow", "100")
    origin = app.site.origin
    paths = sorted({url.removeprefix(origin) for url in app.log.requests})
    files = app.site.build.files
    index_html = (app.site.build.out / "index.html").read_text(encoding="utf-8")

    def needed(name: str) -> bool:
        """The runtime, the game, and the assets index.html names (other pages
        have assets of their own), but for the QR decoder: it loads only when
        someone scans a code; nor the service worker, the manifest and the
        icons, which the browser fetches for itself (offline use, installing),
        nor the runtime's snapshot, which only the service worker fetches, for
        a return visit."""
        if name.endswith(".html") or name in ("assets/favicon.svg", "assets/jsqr.js"):
            return False
        if name == "sw.js" or name == offline.MANIFEST or name in ICONS:
            return False
        if name == "pyodide/snapshot":
            return False
        if name in ("assets/worker-link.js", "assets/py-worker.js"):
            return True  # game-board.js starts the page's Python in its worker
        if name in ("assets/morph.js", "assets/idiomorph.js"):
            return True  # game-board.js imports them to update the board in place
        return not name.startswith("assets/") or files[name] in index_html

    expected = {"/" + with_game("")} | {"/" + files[name] for name in files if needed(name)}
    # every file index.html needs is used, and nothing else was asked for
    assert set(paths) - {"/" + files["assets/favicon.svg"]} == expected
    app.screenshot("menu-ready-1280")
    app.page.set_viewport_size(PHONE)
    app.screenshot("menu-ready-375")


@pytest.mark.parametrize(
    "missing",
    [
        "pyodide/pyodide.asm.wasm",
        "pyodide/python_stdlib.zip",
        "pyodide/pyodide.mjs",
        "assets/game-board.js",
        "assets/worker-link.js",
        "assets/py-worker.js",
        "game.zip",
    ],
)
@pytest.mark.first_visit  # routes a file of the build
def test_error_state_when_the_runtime_cannot_load(app: App, missing: str) -> None:
    app.log.expect_errors = True
    app.page.route(app.site.path(missing), lambda route: route.fulfill(status=404, body="gone"))
    app.open()
    app.wait_state("error")
    page = app.page
    expect(page.locator("#load-error")).to_be_visible()
    expect(page.locator("#load-error h2")).to_have_text("The game could not load")
    expect(page.locator("#load-error-message")).not_to_be_empty()
    expect(page.locator("#load-error-details")).not_to_be_empty()
    expect(page.locator("#start")).to_be_disabled()
    expect(page.locator("#menu")).to_be_visible()
    print(missing, "->", page.text_content("#load-error-message"))
    if missing == "pyodide/pyodide.asm.wasm":
        app.screenshot("load-error-1280")
        page.set_viewport_size(PHONE)
        app.screenshot("load-error-375")


@pytest.mark.first_visit  # routes a file of the build
def test_error_state_when_the_game_package_is_broken(app: App) -> None:
    app.log.expect_errors = True
    empty = io.BytesIO()
    with zipfile.ZipFile(empty, "w") as zf:
        zf.writestr("nothing/here.txt", "no game in this bundle")
    game_zip = app.site.path("game.zip")
    app.page.route(
        game_zip,
        lambda route: route.fulfill(body=empty.getvalue(), content_type="application/zip"),
    )
    app.open()
    app.wait_state("error")
    expect(app.page.locator("#load-error-message")).to_contain_text("ModuleNotFoundError")
    expect(app.page.locator("#load-error-details")).to_contain_text("Traceback")


def test_language_switch_is_live_and_remembered(app: App) -> None:
    app.open()
    page = app.page
    expect(page.locator("html")).to_have_attribute("lang", "en")  # the browser's language
    expect(page.locator("#menu-title")).to_have_text(MENU_TITLE["en"])
    expect(page.locator(_seat(page, 1)).locator("input[type=text]")).to_have_value("Vivian")
    page.locator(".lang-btn[data-lang='fr']").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#menu-title")).to_have_text(MENU_TITLE["fr"])
    expect(page.locator(".lang-btn[data-lang='fr']")).to_have_attribute("aria-pressed", "true")
    # default names follow the language; a name the player typed does not
    expect(page.locator(_seat(page, 1)).locator("input[type=text]")).to_have_value("Viviane")
    page.locator(_seat(page, 0)).locator("input[type=text]").fill("Élaine")

    page.reload(wait_until="domcontentloaded")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#menu-title")).to_have_text(MENU_TITLE["fr"])
    expect(page.locator(_seat(page, 0)).locator("input[type=text]")).to_have_value("Élaine")
    app.wait_ready()
    expect(page.locator("#progress-label")).to_have_text("Prêt !")
    app.screenshot("menu-fr-1280")

    # every string of the page exists in both languages
    missing = page.evaluate(
        """() => {
            const keys = [];
            for (const el of document.querySelectorAll('[data-i18n]')) {
                keys.push(el.getAttribute('data-i18n'));
            }
            for (const el of document.querySelectorAll('[data-i18n-attr]')) {
                for (const pair of el.getAttribute('data-i18n-attr').split(';')) {
                    keys.push(pair.split(':')[1]);
                }
            }
            const out = [];
            for (const key of keys) {
                for (const lang of ['fr', 'en']) {
                    const text = window.BossQuest.strings[key]?.[lang];
                    if (!text) out.push(`${key}/${lang}`);
                }
            }
            return out;
        }"""
    )
    assert missing == []

    page.locator(".lang-btn[data-lang='en']").click()
    expect(page.locator("#progress-label")).to_have_text("Ready!")
    expect(page.locator("#menu-title")).to_have_text(MENU_TITLE["en"])


def test_start_hands_the_settings_to_python(app: App) -> None:
    app.open()
    page = app.page
    page.locator(".segmented label", has_text="4").click()
    page.locator(_seat(page, 2)).locator("label", has_text="Human").click()
    page.locator(_seat(page, 3)).locator("input[type=text]").fill("  Dame   du Lac ")
    page.locator("label.check:has(#keep-yellow)").click()
    expect(page.locator("#keep-yellow")).to_be_checked()
    app.wait_ready()
    page.locator("#start").click()
    page.wait_for_selector("html[data-screen='board']", state="attached")
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator("#menu")).to_be_hidden()
    settings = json.loads(page.get_attribute("#board", "data-settings") or "null")
    assert settings == {
        "version": 3,
        "game": "bossquest",
        "lang": "en",
        "players": [
            {"seat": 0, "name": "Lancelot", "kind": "human"},
            {"seat": 1, "name": "Vivian", "kind": "bot", "level": "normal"},
            {"seat": 2, "name": "Percival", "kind": "human"},
            {"seat": 3, "name": "Dame du Lac", "kind": "bot", "level": "normal"},
        ],
        "options": {"keep_yellow": True},
        "hint": False,
    }
    # two humans share the device: the board waits behind the curtain for the
    # first of them to act (bots play first if they come first, at their pace)
    curtain = page.locator("#curtain")
    expect(curtain).to_be_visible(timeout=10_000)
    who = "Lancelot" if curtain.get_attribute("data-seat") == "0" else "Percival"
    expect(curtain.locator("h2")).to_have_text(f"Pass the device to {who}")
    # the board's strings follow a live language switch too
    page.locator(".lang-btn[data-lang='fr']").click()
    expect(curtain.locator("h2")).to_have_text(f"Passez l’appareil à {who}")
    curtain.locator("button", has_text=f"Je suis {who}").click()
    expect(page.locator("#board-seats .seat-panel")).to_have_count(4)
    expect(page.locator("#board")).to_have_attribute("data-phase", "human")
    page.locator("[data-cmd=quit]").click()
    page.locator("[data-cmd=quit-yes]").click()
    page.wait_for_selector("html[data-screen='menu']", state="attached")
    expect(page.locator("#menu")).to_be_visible()
    assert page.evaluate("localStorage.getItem('bossquest.save.v1')") is None


def test_five_players_always_keep_yellow(app: App) -> None:
    app.open()
    page = app.page
    page.locator(".segmented label", has_text="6").click()
    app.wait_ready()
    page.locator("#start").click()
    page.wait_for_selector("html[data-screen='board']", state="attached")
    settings = json.loads(page.get_attribute("#board", "data-settings") or "null")
    assert [p["kind"] for p in settings["players"]] == ["human"] + ["bot"] * 5
    assert settings["options"]["keep_yellow"] is True


@pytest.mark.first_visit  # the server's own headers
def test_loads_under_the_netlify_content_security_policy(app: App) -> None:
    app.page.add_init_script(
        """window.__csp = [];
        document.addEventListener('securitypolicyviolation',
            (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));"""
    )
    response = app.page.goto(app.site.url, wait_until="domcontentloaded")
    assert response is not None
    csp = response.headers.get("content-security-policy", "")
    assert "default-src 'self'" in csp
    assert "'unsafe-eval'" not in csp.replace("'wasm-unsafe-eval'", "")
    assert "'unsafe-inline'" not in csp
    assert response.headers.get("cache-control") == "no-cache"
    app.wait_ready()
    assert app.page.evaluate("window.__csp") == []


def test_loads_from_a_plain_static_server(app: App, plain_site: Site) -> None:
    app.use(plain_site)
    response = app.page.goto(plain_site.url, wait_until="domcontentloaded")
    assert response is not None
    assert "content-security-policy" not in response.headers
    app.wait_ready()


# ------------------------------------------------------------------ the home


def _catalogue(app: App) -> dict[str, object]:
    text = (app.site.build.out / "index.html").read_text(encoding="utf-8")
    start = text.index('<script type="application/json" id="catalogue">')
    body = text[text.index(">", start) + 1 : text.index("</script>", start)]
    data: dict[str, object] = json.loads(body)
    return data


#: the games the site offers (the test game Duel only with build.py --test-games)
GAMES = tuple(registered_games())
SITE_TITLE = {"fr": "Jeux de cartes", "en": "Card games"}


def _check_cards(app: App, lang: str) -> None:
    """Each game's card: its title, description and player count from the
    catalogue, a play button to its page and a link to its rules page."""
    page = app.page
    entries = {game["name"]: game for game in _catalogue(app)["games"]}  # type: ignore[attr-defined]
    cards = page.locator("#games .game-card")
    expect(cards).to_have_count(len(GAMES))
    for index, name in enumerate(GAMES):
        card = cards.nth(index)
        entry = entries[name]
        expect(card).to_have_attribute("data-game", name)
        expect(card.locator(".game-name")).to_have_text(entry["title"][lang])
        expect(card.locator(".game-desc")).to_have_text(entry["description"][lang])
        play = card.locator("[data-link=play]")
        expect(play).to_be_visible()
        expect(play).to_have_attribute("href", f"?game={name}&new=1")  # the menu, a new game
        expect(play).to_have_text({"fr": "Jouer", "en": "Play"}[lang])
        rules = card.locator("[data-link=rules]")
        expect(rules).to_be_visible()
        expect(rules).to_have_attribute("href", f"rules-{name}.html")
        expect(rules).to_have_text({"fr": "Règles", "en": "Rules"}[lang])
        if entry["tutorials"]:
            expect(card.locator("[data-link=tutorials]")).to_have_attribute(
                "href", re.compile(rf"^embed\.html\?game={name}&scenario={entry['tutorials'][0]}&")
            )
        # nothing of this browser in progress: no offer to resume
        expect(card.locator("[data-link=resume]")).to_have_count(0)


@pytest.mark.first_visit  # holds the runtime's download
def test_the_home_lists_the_playable_games_before_python(app: App) -> None:
    """The site's root lists its games, each with its description, a play
    button and its rules link, drawn from the catalogue the build put in the
    page before Python has loaded; no game's menu shows, at 1280 and 375 px,
    in English and French."""
    held: list[Route] = []
    page = app.page
    page.route("**/*.wasm", lambda route: held.append(route))
    with page.expect_request("**/*.wasm"):
        app.home()
    assert app.state() == "loading"
    names = [game["name"] for game in _catalogue(app)["games"]]  # type: ignore[attr-defined]
    assert names == list(GAMES)
    assert page.get_attribute("html", "data-home") == "true"
    assert page.get_attribute("html", "data-game") == ""
    page.locator(".lang-btn[data-lang='en']").click()
    expect(page.locator("#home")).to_be_visible()
    expect(page.locator("#menu")).to_be_hidden()  # several games: no game's menu
    expect(page.locator("#legend")).to_be_hidden()
    assert page.title() == SITE_TITLE["en"]
    expect(page.locator(".banner .title")).to_have_text(SITE_TITLE["en"])
    for lang in ("en", "fr"):
        page.locator(f".lang-btn[data-lang='{lang}']").click()
        heading = {"fr": "Nos jeux", "en": "Our games"}[lang]
        expect(page.locator("#home-title")).to_have_text(heading)
        for size, viewport in (("1280", DESKTOP), ("375", PHONE)):
            page.set_viewport_size(viewport)
            _check_cards(app, lang)
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= viewport["width"], (lang, size, width)
            app.screenshot(f"home-{lang}-{size}")
        page.set_viewport_size(DESKTOP)
    assert page.title() == SITE_TITLE["fr"]
    page.unroute("**/*.wasm")
    held[0].continue_()
    app.wait_ready()
    assert page.get_attribute("html", "data-screen") == "menu"
    # each play button opens its game's page: its menu, its title
    for name, title in (("theboss", "The Boss"), ("bossquest", "Boss Quest")):
        page.locator(f".game-card[data-game='{name}'] [data-link=play]").click()
        # Play sets up a new game (&new=1), Resume would open the one in progress
        page.wait_for_url(re.compile(rf"\?game={name}&new=1$"))
        expect(page.locator("#home")).to_be_hidden()
        expect(page.locator("#menu")).to_be_visible()
        assert page.get_attribute("html", "data-game") == name
        assert page.title() == title
        app.wait_ready()
        if name == "theboss":
            app.home()
            expect(page.locator("#games .game-card")).to_have_count(len(GAMES))


def test_the_menu_is_drawn_from_the_declared_options(app: App) -> None:
    from game.registry import get_game

    declared = get_game("bossquest").declared_options
    page = app.page
    app.open("?game=bossquest")
    page.locator(".lang-btn[data-lang='en']").click()
    expect(page.locator("#home")).to_be_hidden()
    counts = page.locator("#count-choices input[name=count]")
    wanted = [str(n) for n in range(declared.min_players, declared.max_players + 1)]
    assert [counts.nth(i).get_attribute("value") for i in range(counts.count())] == wanted
    expect(page.locator("#count-choices input:checked")).to_have_value(
        str(declared.default_players)
    )
    boxes = page.locator("#menu-options input[data-option]")
    keys = [boxes.nth(i).get_attribute("data-option") for i in range(boxes.count())]
    assert sorted(keys) == sorted(o.key for o in declared.options)  # type: ignore[type-var]
    for option in declared.options:
        box = page.locator(f"input[data-option='{option.key}']")
        field = box.locator("xpath=ancestor::div[contains(@class,'option')][1]")
        expect(field.locator(".check-text")).to_have_text(option.label["en"])
        expect(field.locator("p.hint")).to_have_text(option.help["en"])
    # on_from_players: ticked and locked from 5 players, as the declaration says
    page.locator(".segmented label", has_text="5").click()
    expect(page.locator("#keep-yellow")).to_be_checked()
    expect(page.locator("#keep-yellow")).to_be_disabled()
    page.locator(".segmented label", has_text="4").click()
    expect(page.locator("#keep-yellow")).to_be_enabled()
    expect(page.locator("#keep-yellow")).not_to_be_checked()
    page.locator("label[for], .check", has_text="Potions").click()
    app.wait_ready()
    settings = page.evaluate("JSON.stringify(window.BossQuest.settings())")
    data = json.loads(settings)
    assert data["version"] == 3 and data["game"] == "bossquest"
    assert data["options"]["potions"] is True and data["options"]["keep_yellow"] is False
    # remembered per game
    stored = json.loads(page.evaluate("localStorage.getItem('bq.bossquest.menu.v1')"))
    assert stored["options"]["potions"] is True and stored["count"] == 4


@pytest.mark.first_visit  # holds the runtime's download
def test_the_menu_draws_number_and_choice_options(app: App) -> None:
    """A game's integer and choice options (Boss Quest has none yet: its
    catalogue is given another declaration here, before Python, which is held
    back): a number field within its bounds and a list of named choices, each
    with its label and help in the page's language, in a group where the
    listing puts them; remembered, and handed over in the settings."""
    page = app.page
    catalogue: dict[str, object] = _catalogue(app)
    entry = catalogue["games"][0]  # type: ignore[index]
    entry["declared"] = DECLARED.to_json()
    entry["menu"] = menu_fields(DECLARED, LISTING)
    entry["groups"] = [
        {"key": g.key, "legend": dict(g.legend), "options": list(g.options), "css": g.css}
        for g in LISTING.groups
    ]
    text = (app.site.build.out / "index.html").read_text(encoding="utf-8")
    start = text.index('<script type="application/json" id="catalogue">')
    body = text[text.index(">", start) + 1 : text.index("</script>", start)]
    patched = text.replace(body, json.dumps(catalogue).replace("<", "\\u003c"))
    headers = build.headers_for(build.load_netlify_headers(), "/index.html")
    headers["Content-Type"] = "text/html; charset=utf-8"
    page.route(
        re.compile(r"/\?game=bossquest$"),
        lambda route: route.fulfill(status=200, headers=headers, body=patched),
    )
    page.route("**/*.wasm", lambda route: None)  # Python never starts: the menu alone
    app.open("?game=bossquest")
    page.locator(".lang-btn[data-lang='en']").click()

    target = page.locator("#menu-options input#target")
    expect(target).to_have_attribute("type", "number")
    expect(target).to_have_attribute("min", "10")
    expect(target).to_have_attribute("max", "40")
    expect(target).to_have_value("21")
    field = page.locator("#menu-options .option-target")
    expect(field.locator("label[for=target]")).to_have_text("Target")
    expect(field.locator("p.hint")).to_have_text("The points to reach.")
    pace = page.locator("#menu-options select#pace")
    expect(pace.locator("option")).to_have_text(["Slow", "normal", "Fast"])
    expect(pace).to_have_value("normal")
    expect(page.locator("label[for=pace]")).to_have_text("Pace")
    # in its group, after the options of no group
    rounds = page.locator("#menu-options fieldset.option-group-ext input#ext-rounds")
    expect(rounds).to_have_attribute("min", "1")
    expect(page.locator("#menu-options fieldset.option-group-ext legend")).to_have_text(
        "Extensions"
    )
    expect(page.locator("#menu-options input[data-option]")).to_have_count(4)
    expect(page.locator("#menu-options select[data-option]")).to_have_count(1)

    target.fill("30")
    target.dispatch_event("change")
    pace.select_option("fast")
    page.locator(".segmented label", has_text="5").click()
    expect(page.locator("#keep-yellow")).to_be_disabled()  # the checkboxes still lock
    target.fill("99")  # out of its bounds: put back
    target.dispatch_event("change")
    expect(target).to_have_value("30")
    settings = json.loads(page.evaluate("JSON.stringify(window.BossQuest.settings())"))
    assert settings["options"] == {
        "keep_yellow": True,
        "target": 30,
        "pace": "fast",
        "potions": False,
        "rounds": 3,
    }
    stored = json.loads(page.evaluate("localStorage.getItem('bq.bossquest.menu.v1')"))
    assert stored["options"]["target"] == 30 and stored["options"]["pace"] == "fast"
    app.screenshot("menu-number-choice-1280")
    page.set_viewport_size(PHONE)
    app.screenshot("menu-number-choice-375")

    # French words, and the menu remembered on the next visit
    page.locator(".lang-btn[data-lang='fr']").click()
    expect(field.locator("label[for=target]")).to_have_text("Cible")
    expect(pace.locator("option")).to_have_text(["Lent", "normal", "Rapide"])
    app.open("?game=bossquest")
    expect(page.locator("#target")).to_have_value("30")
    expect(page.locator("#pace")).to_have_value("fast")
