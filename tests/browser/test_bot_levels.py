"""The menu and the network lobby offer each bot the levels its role offers,
in the game's words: the test game Raid (a build with `--test-games`), whose
Boss bot is normal or wary and whose hero bots are easy or normal. A
remembered level that the seat no longer offers falls back to the role's
default."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import DESKTOP, PHONE, App, PageLog, Site
from tests.browser.net_play import Table, tab_table
from tests.browser.warm import WarmContext

MENU_KEY = "bq.raid.menu.v1"


@pytest.fixture
def raid(page: Page, page_log: PageLog, duel_site: Site) -> App:
    app = App(page, page_log, duel_site)
    app.use(duel_site)
    page.emulate_media(reduced_motion="reduce")
    return app


def _seat(index: int) -> str:
    return f"#seats .seat[data-seat='{index}']"


def _levels(page: Page, seat: int) -> list[tuple[str, str]]:
    """Seat `seat`'s level radios: (value, the words beside it)."""
    labels = page.locator(f"{_seat(seat)} .level label")
    return [
        (
            str(labels.nth(i).locator("input").get_attribute("value")),
            labels.nth(i).inner_text().strip(),
        )
        for i in range(labels.count())
    ]


def _open_four(app: App) -> Page:
    page = app.page
    app.open("?game=raid&botdelay=0&seed=5")
    app.wait_ready()
    page.locator("#count-choices label", has_text="4").click()
    page.locator(f"{_seat(0)} .kind label", has_text="Bot").click()
    page.locator(f"{_seat(1)} .kind label", has_text="Human").click()
    return page


def test_each_bot_is_offered_the_levels_of_its_role_in_the_games_words(raid: App) -> None:
    page = _open_four(raid)
    expect(page.locator(f"{_seat(0)}[data-role='boss']")).to_have_count(1)
    assert _levels(page, 0) == [("normal", "Normal"), ("wary", "Wary")]
    assert _levels(page, 2) == [("easy", "Easy"), ("normal", "Normal")]
    expect(page.locator(f"{_seat(0)} input[value='normal']")).to_be_checked()
    expect(page.locator(f"{_seat(1)} .level")).to_be_hidden()  # a human has none
    page.locator(f"{_seat(0)} .level label", has_text="Wary").click()
    expect(page.locator(f"{_seat(0)} input[value='wary']")).to_be_checked()
    raid.screenshot("levels-raid-en-1280")
    page.set_viewport_size(PHONE)
    raid.screenshot("levels-raid-en-375")
    page.locator(".lang-btn[data-lang='fr']").click()
    assert _levels(page, 0) == [("normal", "Normal"), ("wary", "Prudent")]
    assert _levels(page, 3) == [("easy", "Facile"), ("normal", "Normal")]
    raid.screenshot("levels-raid-fr-375")
    page.set_viewport_size(DESKTOP)
    raid.screenshot("levels-raid-fr-1280")

    page.locator("#start").click()
    page.wait_for_selector("#board[data-phase]", state="attached")
    settings = json.loads(page.get_attribute("#board", "data-settings") or "null")
    assert [p.get("level") for p in settings["players"]] == ["wary", None, "normal", "normal"]


def test_a_remembered_level_the_seat_does_not_offer_falls_back_to_its_default(
    raid: App,
) -> None:
    page = _open_four(raid)
    page.locator(f"{_seat(2)} .level label", has_text="Easy").click()
    stored = json.loads(page.evaluate(f"localStorage.getItem('{MENU_KEY}')"))
    assert stored["seats"][2]["level"] == "easy"
    stored["seats"][0]["level"] = "easy"  # a hero's level, at the Boss's seat
    page.evaluate(f"localStorage.setItem('{MENU_KEY}', {json.dumps(json.dumps(stored))})")
    raid.open("?game=raid&botdelay=0&seed=5")
    raid.wait_ready()
    expect(page.locator(f"{_seat(0)} input[value='normal']")).to_be_checked()
    expect(page.locator(f"{_seat(2)} input[value='easy']")).to_be_checked()
    page.locator("#start").click()
    page.wait_for_selector("#board[data-phase]", state="attached")
    settings = json.loads(page.get_attribute("#board", "data-settings") or "null")
    assert [p.get("level") for p in settings["players"]] == ["normal", None, "easy", "normal"]


@pytest.fixture
def table(warm: WarmContext, duel_site: Site) -> Iterator[Table]:
    yield from tab_table(warm, duel_site, "?game=raid&botdelay=0")


def test_the_lobby_adds_bots_of_the_levels_each_role_offers(table: Table) -> None:
    host = table.open("Alice")
    host.host(4)
    host.page.click("[data-cmd=net-take][data-seat='1']")  # the host plays a hero
    host.seat_row(1, "host")
    buttons = "[data-cmd=net-bot][data-seat='{}'][data-level]"
    boss = host.page.locator(buttons.format(0))
    hero = host.page.locator(buttons.format(2))
    expect(boss).to_have_text(["Bot · Normal", "Bot · Wary"])
    expect(hero).to_have_text(["Bot · Easy", "Bot · Normal"])
    assert [boss.nth(i).get_attribute("data-level") for i in range(2)] == ["normal", "wary"]
    host.page.click("[data-cmd=net-bot][data-seat='0'][data-level='wary']")
    host.seat_row(0, "bot")
    expect(host.page.locator("#net-seats li[data-seat='0'] .net-seat-kind")).to_have_text(
        "Bot · Wary"
    )
    host.shots("levels-lobby-en")
    host.page.locator(".lang-btn[data-lang='fr']").click()
    expect(host.page.locator(buttons.format(2))).to_have_text(["Robot · Facile", "Robot · Normal"])
    expect(host.page.locator("#net-seats li[data-seat='0'] .net-seat-kind")).to_have_text(
        "Robot · Prudent"
    )
    host.shots("levels-lobby-fr")
