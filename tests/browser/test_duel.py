"""The test game Duel through the shared shell, in a build made with
`--test-games`: the home offers it, a whole game against a bot, and
pass-and-play where its simultaneous commit step goes behind the curtain."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

import build
from tests.browser.conftest import App, PageLog, Site, serve
from tests.browser.play import SETTLED


@pytest.fixture(scope="module")
def duel_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    built = build.build(tmp_path_factory.mktemp("duel") / "dist", quiet=True, test_games=True)
    for origin in serve(built.out, build.load_netlify_headers()):
        yield Site(url=origin + "/", origin=origin, build=built, headers=True)


@pytest.fixture
def duel(page: Page, page_log: PageLog, duel_site: Site) -> App:
    app = App(page, page_log, duel_site)
    app.use(duel_site)
    page.emulate_media(reduced_motion="reduce")
    return app


def _start(app: App, humans: tuple[int, ...]) -> None:
    page = app.page
    app.open("?game=duel&botdelay=0&seed=5")
    for seat in range(2):
        kind = "Human" if seat in humans else "Bot"
        page.locator(f"#seats .seat[data-seat='{seat}']").locator("label", has_text=kind).click()
    app.wait_ready()
    page.locator("#start").click()
    page.wait_for_selector(SETTLED, state="attached")


def _click(page: Page, selector: str) -> str:
    seq = page.get_attribute("#board", "data-seq")
    page.locator(selector).first.click()
    page.wait_for_selector(f"#board:not([data-seq='{seq}'])", state="attached")
    page.wait_for_selector(SETTLED, state="attached")
    return str(page.get_attribute("#board", "data-phase"))


def _play_to_end(page: Page, each: object = None) -> list[str]:
    phases = []
    phase = str(page.get_attribute("#board", "data-phase"))
    for _ in range(200):
        phases.append(phase)
        if phase == "over":
            return phases
        if phase == "result":
            phase = _click(page, "[data-cmd=continue]")
        elif phase == "curtain":
            phase = _click(page, "#curtain [data-cmd=reveal]")
        else:
            assert phase == "human", phase
            phase = _click(page, "#actions [data-cmd=act]")
    raise AssertionError("the duel did not end")


def test_the_home_offers_the_test_game_in_a_test_build(duel: App) -> None:
    duel.open("")
    duel.page.wait_for_selector(".game-card[data-game='duel']", state="attached")


def test_a_whole_duel_against_a_bot(duel: App) -> None:
    _start(duel, humans=(0,))
    phases = _play_to_end(duel.page)
    assert "human" in phases and phases[-1] == "over"
    duel.screenshot("duel-over-1280")


def test_pass_and_play_hides_the_first_commit_behind_the_curtain(duel: App) -> None:
    page = duel.page
    _start(duel, humans=(0, 1))
    # Play the swap step (keep) until both seats must commit.
    for _ in range(10):
        phase = str(page.get_attribute("#board", "data-phase"))
        if phase == "curtain":
            _click(page, "#curtain [data-cmd=reveal]")
            continue
        if page.get_attribute("#board", "data-stage") == "commit":
            break
        _click(page, "#actions [data-cmd=act][data-kind='keep']")
    assert page.get_attribute("#board", "data-stage") == "commit"
    viewer = page.get_attribute("#board", "data-viewer")
    committed = page.locator("#actions [data-cmd=act][data-kind='commit']").first
    act = str(committed.get_attribute("data-act"))
    phase = _click(page, "#actions [data-cmd=act][data-kind='commit']")
    assert phase == "curtain"  # the device goes to the other player
    card = act.split('"card":')[1].rstrip("}")
    html = page.content()
    assert f'data-card="{card}"' not in html  # behind the curtain, no card at all
    _click(page, "#curtain [data-cmd=reveal]")
    assert page.get_attribute("#board", "data-viewer") != viewer
    assert f'data-card="{card}"' not in page.content()  # the rival's card stays face down
    duel.screenshot("duel-commit-curtain-1280")
    assert _play_to_end(page)[-1] == "over"


def test_screens_at_phone_width(duel: App) -> None:
    duel.page.set_viewport_size({"width": 375, "height": 800})
    _start(duel, humans=(0,))
    duel.screenshot("duel-board-375")
