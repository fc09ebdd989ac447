"""The site's root, a home of several games (Boss Quest and The Boss): it
offers to resume a game of either that this browser keeps (a game saved on
this device, a game hosted online whose tab was closed) on the game's own
page, claims none of them itself, and sends an invitation link made before
the site offered several games (``index.html#join=...``, naming none) to Boss
Quest's page. Every wait is on a marker the page sets, never on time."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from game.registry import get_game
from game.web.session import LEGACY_SAVE_KEY, Session, save_key
from game.web.settings import parse_settings
from tests.browser.conftest import DESKTOP, PHONE, App, Site
from tests.browser.driver import registered_games
from tests.browser.net_play import STEP_MS, Table, open_home, reload_home, tab_table
from tests.browser.warm import WarmContext

OFFER = "#net-resume .net-offer[data-room='{room}']"


def _session(game: str, players: int, seed: int) -> Session:
    """A new game of `game`: a human in seat 0, easy bots in the others."""
    seats = [{"seat": 0, "name": "Ana", "kind": "human"}]
    seats += [
        {"seat": i, "name": f"Bot{i}", "kind": "bot", "level": "easy"} for i in range(1, players)
    ]
    data = {
        "version": 3,
        "game": game,
        "lang": "en",
        "players": seats,
        "options": {},
        "hint": False,
    }
    return Session.new(parse_settings(json.dumps(data)), seed)


def _card(page: Page, game: str) -> str:
    return f"#games .game-card[data-game='{game}']"


def _stored(page: Page) -> dict[str, str]:
    found: dict[str, str] = page.evaluate("() => ({...localStorage})")
    return found


def test_the_home_offers_the_saved_game_of_each_game(app: App) -> None:
    """A game saved on this device, of either game (Boss Quest's under the key
    it had before the site offered several games), is offered on the home; the
    home leaves the saves alone, and each game's page resumes its own."""
    page = app.page
    page.emulate_media(reduced_motion="reduce")
    boss_quest = _session("bossquest", 3, seed=7)
    the_boss = _session("theboss", 2, seed=7)
    app.home()
    saves = [[LEGACY_SAVE_KEY, boss_quest.to_save()], [save_key("theboss"), the_boss.to_save()]]
    page.evaluate("(saves) => saves.forEach(([k, text]) => localStorage.setItem(k, text))", saves)
    page.reload(wait_until="domcontentloaded")
    page.locator(".lang-btn[data-lang='en']").click()
    for game in ("bossquest", "theboss"):
        card = page.locator(_card(page, game))
        expect(card).to_have_attribute("data-resume", "local")
        expect(card.locator(".game-resume")).to_contain_text("A game is in progress")
        resume = card.locator("[data-link=resume]")
        expect(resume).to_be_visible()
        expect(resume).to_have_attribute("href", f"?game={game}")
        expect(resume).to_have_text("Resume")
    app.screenshot("home-resume-en-1280")
    page.set_viewport_size(PHONE)
    page.locator(".lang-btn[data-lang='fr']").click()
    expect(page.locator(_card(page, "theboss")).locator("[data-link=resume]")).to_have_text(
        "Reprendre"
    )
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    app.screenshot("home-resume-fr-375")
    page.set_viewport_size(DESKTOP)
    page.locator(".lang-btn[data-lang='en']").click()
    app.wait_ready()
    # the home shows no game: it resumed nothing and moved no save
    assert page.get_attribute("html", "data-screen") == "menu"
    stored = _stored(page)
    assert stored[LEGACY_SAVE_KEY] == boss_quest.to_save()
    assert stored[save_key("theboss")] == the_boss.to_save()
    assert save_key("bossquest") not in stored

    # The Boss's page resumes The Boss's game, and only it
    page.locator(_card(page, "theboss")).locator("[data-link=resume]").click()
    page.wait_for_url(re.compile(r"\?game=theboss$"))
    app.wait_ready()
    page.wait_for_selector("html[data-screen='board'] #board[data-phase]", state="attached")
    settings = json.loads(page.get_attribute("#board", "data-settings") or "null")
    assert settings["game"] == "theboss"
    assert LEGACY_SAVE_KEY in _stored(page)
    # back home: both still offered (a game in progress keeps its save)
    app.home()
    expect(page.locator(_card(page, "theboss"))).to_have_attribute("data-resume", "local")
    expect(page.locator(_card(page, "bossquest"))).to_have_attribute("data-resume", "local")
    page.locator(_card(page, "bossquest")).locator("[data-link=resume]").click()
    page.wait_for_url(re.compile(r"\?game=bossquest$"))
    app.wait_ready()
    page.wait_for_selector("html[data-screen='board'] #board[data-phase]", state="attached")
    settings = json.loads(page.get_attribute("#board", "data-settings") or "null")
    assert settings["game"] == "bossquest"
    assert [player["name"] for player in settings["players"]] == ["Ana", "Bot1", "Bot2"]
    # the older save now lives under Boss Quest's own key
    stored = _stored(page)
    assert LEGACY_SAVE_KEY not in stored and save_key("bossquest") in stored


def test_an_invitation_link_naming_no_game_opens_boss_quest(app: App) -> None:
    """``index.html#join=<code>``, as links were made when Boss Quest was the
    site's only game: Boss Quest's page opens on the join screen, its address
    now naming it; one pasted into the home's address later does the same."""
    page = app.page
    app.home("#join=QgEBbCQABHp2QlYYZWhXT2pvSFV5YlFLN3Rad1ZnU054")
    page.wait_for_url(re.compile(r"/\?game=bossquest#join=QgEBbCQ"))
    assert page.get_attribute("html", "data-game") == "bossquest"
    app.wait_ready()
    page.wait_for_selector(
        "html[data-screen='lobby'] #lobby[data-phase='join']", state="attached", timeout=STEP_MS
    )
    expect(page.locator("#home")).to_be_hidden()
    expect(page.locator("#net-name")).to_be_visible()

    app.home()
    app.wait_ready()
    expect(page.locator("#games .game-card")).to_have_count(len(registered_games()))
    page.evaluate("() => { location.hash = 'join=QgEBbCQABHp2QlYYZWhXT2pvSFV5YlFLN3Rad1ZnU054'; }")
    page.wait_for_url(re.compile(r"/\?game=bossquest#join=QgEBbCQ"))
    app.wait_ready()
    page.wait_for_selector(
        "html[data-screen='lobby'] #lobby[data-phase='join']", state="attached", timeout=STEP_MS
    )


# ------------------------------------------------------------------ online


@pytest.fixture
def table(warm: WarmContext, site: Site) -> Iterator[Table]:
    """Tabs of one browser context on The Boss's page."""
    yield from tab_table(warm, site, query="?game=theboss&botdelay=0")


def test_the_home_offers_a_game_hosted_online_whose_tab_was_closed(table: Table) -> None:
    """A game of The Boss hosted in a tab since closed is offered on the home
    (not while its host's tab is open); the home claims none of it, so the
    game's own page offers it too; from the home it resumes on that page."""
    host = table.open("Alice")
    room = host.host(2)
    host.wait_saved(0)
    home = open_home(table, "Home")
    # its host's tab is open (the room's lock is held): nothing to resume
    for game in ("bossquest", "theboss"):
        assert home.page.get_attribute(_card(home.page, game), "data-resume") is None
    host.page.close()

    reload_home(home)
    card = home.page.locator(_card(home.page, "theboss"))
    expect(card).to_have_attribute("data-resume", "online")
    expect(card.locator(".game-resume")).to_contain_text("A game online is waiting")
    expect(card.locator("[data-link=resume]")).to_have_attribute("href", "?game=theboss")
    assert home.page.get_attribute(_card(home.page, "bossquest"), "data-resume") is None
    # the home holds no lock and opened no key: The Boss's page offers the game
    locks = home.page.evaluate("async () => (await navigator.locks.query()).held.length")
    assert locks == 0
    other = table.open("Alice")
    other.page.wait_for_selector(OFFER.format(room=room), timeout=STEP_MS)
    other.page.close()  # it lets the room's lock go

    reload_home(home)  # offered once more: no tab holds it now
    expect(card).to_have_attribute("data-resume", "online")
    card.locator("[data-link=resume]").click()
    home.page.wait_for_url(re.compile(r"\?game=theboss$"))
    home.wait_ready()
    assert home.page.get_attribute("html", "data-game") == "theboss"
    home.page.wait_for_selector(OFFER.format(room=room), timeout=STEP_MS)
    home.page.click(f"#net-resume [data-cmd=net-resume][data-room='{room}']")
    home.page.wait_for_selector(
        f"html[data-screen='lobby'] #lobby[data-phase='host'][data-room='{room}']",
        state="attached",
        timeout=STEP_MS,
    )


# ------------------------------------------- issue #27: Play, Resume, Tutorials


def _one_move_from_the_end(game: str, players: int, seed: int) -> Session:
    """A game of bots only, saved one move before its end (its last result
    already seen), so that the page finishes it on its own."""
    # each seat's easiest level (a game's roles may offer different ones)
    declared = get_game(game).declared_options
    easiest = [
        levels[0] for levels in declared.seat_levels(declared.normalize({"players": players}))
    ]
    seats = [
        {"seat": i, "name": f"Bot{i}", "kind": "bot", "level": easiest[i]} for i in range(players)
    ]
    data = {"version": 3, "game": game, "lang": "en", "players": seats, "options": {}}
    session = Session.new(parse_settings(json.dumps({**data, "hint": False})), seed)
    before = session
    while not session.game.is_over(session.table.state):
        if session.phase() == "result":
            session.command("continue")
            continue
        before = Session.from_save(session.to_save())
        assert session.bot_step()
    return before


@pytest.mark.parametrize("game", registered_games())
def test_a_finished_game_is_not_offered_to_resume(app: App, game: str) -> None:
    """The end screen left without "Back to the menu" (the home opened from
    it): the home offers no Resume for a game that is over, and the game's
    page opens on its menu."""
    page = app.page
    app.home()
    almost = _one_move_from_the_end(game, 2, seed=3)
    page.evaluate(
        "([k, text]) => localStorage.setItem(k, text)", [save_key(game), almost.to_save()]
    )
    app.open(f"?game={game}&botdelay=0")
    app.wait_ready()
    page.wait_for_selector(
        "#board[data-phase='result'], #board[data-phase='over']", state="attached"
    )
    app.home()
    page.wait_for_selector("#games[data-checked='true']", state="attached")
    card = page.locator(_card(page, game))
    expect(card.locator("[data-link=play]")).to_be_visible()
    expect(card.locator("[data-link=resume]")).to_have_count(0)
    assert card.get_attribute("data-resume") is None
    app.open(f"?game={game}")
    app.wait_ready()
    assert page.get_attribute("html", "data-screen") == "menu"
    expect(page.locator("#menu")).to_be_visible()


def test_play_sets_up_a_new_game_and_resume_opens_the_one_in_progress(app: App) -> None:
    """With a game in progress, Play opens the game's menu (the game kept and
    offered there) and Resume the game itself; a game started from that menu
    resumes on a reload."""
    page = app.page
    app.home()
    saved = _session("theboss", 3, seed=5)
    page.evaluate(
        "([k, text]) => localStorage.setItem(k, text)", [save_key("theboss"), saved.to_save()]
    )
    page.reload(wait_until="domcontentloaded")
    card = page.locator(_card(page, "theboss"))
    play, resume = card.locator("[data-link=play]"), card.locator("[data-link=resume]")
    expect(resume).to_have_attribute("href", "?game=theboss")
    expect(play).to_have_attribute("href", "?game=theboss&new=1")
    play.click()
    app.wait_ready()
    assert page.get_attribute("html", "data-screen") == "menu"
    expect(page.locator("#menu")).to_be_visible()
    offer = page.locator("#menu-in-progress")
    expect(offer).to_be_visible()
    assert _stored(page)[save_key("theboss")] == saved.to_save()  # kept until a new game starts
    page.locator("#menu-resume").click()
    page.wait_for_url(re.compile(r"\?game=theboss$"))
    app.wait_ready()
    page.wait_for_selector("html[data-screen='board'] #board[data-phase]", state="attached")
    # a new game from Play: the address forgets ?new=1, so a reload resumes it
    app.open("?game=theboss&new=1&botdelay=0")
    app.wait_ready()
    page.locator("#start").click()
    page.wait_for_selector("html[data-screen='board'] #board[data-phase]", state="attached")
    page.wait_for_url(re.compile(r"\?game=theboss&botdelay=0$"))
    page.reload(wait_until="domcontentloaded")
    app.wait_ready()
    page.wait_for_selector("html[data-screen='board'] #board[data-phase]", state="attached")


def test_the_boss_tutorials_open_its_first_lesson_with_the_site_around_it(app: App) -> None:
    """The home's Tutorials opens the game's first lesson in the rules page's
    order (The Boss's: majority, not chicago, the first by name); on its own
    the lesson has the site's header (its crest and title lead to the list of
    games), and the game's lessons: the previous, the next, and a list."""
    page = app.page
    app.home("?lang=en")
    card = page.locator(_card(page, "theboss"))
    link = card.locator("[data-link=tutorials]")
    expect(link).to_have_attribute("href", re.compile(r"scenario=majority&"))
    link.click()
    page.wait_for_selector(
        "html[data-standalone='true'] #tutorial[data-scenario='majority']", state="attached"
    )
    expect(page.locator(".banner a.brand-link")).to_have_attribute("href", "./")
    expect(page.locator(".banner [data-link=home]")).to_be_visible()
    lessons = page.locator("#tut-lessons .tut-lessons-list a")
    expect(lessons).to_have_count(6)
    expect(lessons.first).to_have_attribute("aria-current", "page")
    expect(lessons.nth(2)).to_have_attribute("data-scenario", "chicago")
    expect(page.locator("#tut-lessons [data-lesson=next]")).to_have_attribute(
        "href", re.compile(r"scenario=occasionals")
    )
    page.set_viewport_size(PHONE)
    app.screenshot("tutorial-standalone-375")
    page.locator(".banner a.brand-link").click()
    page.wait_for_selector("html[data-home='true'] #games .game-card", state="attached")


def test_a_framed_board_has_no_site_chrome(app: App) -> None:
    """Another site's page frames a bare board: no header, no lessons, no footer."""
    page = app.page
    app.home()
    page.evaluate(
        """() => { const f = document.createElement('iframe');
                   f.id = 'framed'; f.src = 'embed.html?game=theboss&scenario=chicago&lang=en';
                   document.body.appendChild(f); }"""
    )
    inner = page.frame_locator("#framed")
    inner.locator("#tutorial[data-scenario='chicago']").wait_for(state="attached")
    expect(inner.locator(".banner")).to_have_count(0)
    expect(inner.locator("#tut-lessons")).to_have_count(0)
    expect(inner.locator("footer")).to_have_count(0)


def test_the_about_page_says_how_the_site_works_in_both_languages(app: App) -> None:
    """The home's footer leads to the About page, which holds what the footers
    and the loading message used to say (Python in the page, Pyodide's
    version, no server, offline), in the chosen language, and leads back."""
    page = app.page
    app.home("?lang=en")
    page.wait_for_selector("html[data-home='true'] #games .game-card", state="attached")
    assert "Pyodide" not in page.locator("body").inner_text()
    page.locator("footer [data-link=about]").click()
    page.wait_for_selector("html[data-about='ready']", state="attached")
    text = page.locator("main").inner_text()
    assert "Pyodide" in text and "@PYODIDE_VERSION@" not in text
    assert app.site.build.pyodide_version in text
    assert "No server" in text and "Offline" in text and "Hors ligne" not in text
    page.locator(".lang-btn[data-lang='fr']").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    assert "Hors ligne" in page.locator("main").inner_text()
    page.locator(".banner a.brand-link").click()
    page.wait_for_selector("html[data-home='true'] #games .game-card", state="attached")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
