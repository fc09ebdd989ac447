"""Playing The Boss on the board itself: a card of one's hand tapped is
played, a city tapped opens its chooser (experts, occasionals, one Place
button), the move then shows as the latest; at 375 px one's own seat comes
first. Screenshots at 375 and 1280 px, in English and French, at 2 and 4
players, into artifacts/screenshots/theboss-board-*.png, and the board's
height at 375 px printed. Every wait is on a marker the page sets."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE, SCREENSHOTS, App
from tests.browser.play import SETTLED
from tests.browser.test_theboss import _marker, _start


def _wait_move(page: Page, seq: str) -> None:
    page.wait_for_selector(f"#board:not([data-seq='{seq}'])", state="attached")
    page.wait_for_selector(SETTLED, state="attached")


@pytest.fixture
def still(app: App) -> App:
    app.page.emulate_media(reduced_motion="reduce")
    return app


def test_a_card_tapped_on_the_board_is_played(still: App) -> None:
    page = still.page
    _start(still, 2, humans=(0,), seed=5)
    assert _marker(page, "phase") == "human"
    hand = page.locator(".tb-seat[data-you='true'] .tb-hand-btn")
    assert hand.count() == 5
    # the board's cards are the panel's actions, and no other hand is a control
    board_acts = sorted(hand.evaluate_all("(bs) => bs.map((b) => b.dataset.act)"))
    panel_acts = sorted(
        page.locator("#actions [data-kind='play']").evaluate_all(
            "(bs) => bs.map((b) => b.dataset.act)"
        )
    )
    assert board_acts == panel_acts
    assert (
        page.locator(
            ".tb-seat[data-you='false'] [data-cmd], .tb-seat[data-you='false'] [data-card]"
        ).count()
        == 0
    )
    card = json.loads(str(hand.nth(2).get_attribute("data-act")))["card"]
    seq = _marker(page, "seq")
    hand.nth(2).click()
    _wait_move(page, seq)
    # under its city now, marked as this player's last card
    played = page.locator(f".tb-played .tb-card[data-card='{card}']")
    expect(played).to_have_attribute("data-last-of", "0")
    expect(
        page.locator(f".tb-seat[data-seat='0'] .tb-seat-last[data-card='{card}']")
    ).to_have_count(1)
    # the bot's reply is the latest move now, its last card named
    assert _marker(page, "phase") == "human"
    latest = page.locator(".tb-played .tb-card[data-latest='true']")
    expect(latest).to_have_count(1)
    expect(latest).to_have_attribute("data-last-of", "1")


def test_a_city_tapped_opens_its_chooser_and_places(still: App) -> None:
    page = still.page
    page.set_viewport_size(PHONE)
    _start(still, 4, humans=(0,), seed=5)
    assert _marker(page, "stage") == "place_or_play"
    # Chicago needs a gangster elsewhere first: it is no control
    expect(page.locator(".tb-city[data-city='0'] .tb-city-tap")).to_have_count(0)
    boston = page.locator(".tb-city[data-city='2']")
    assert boston.get_attribute("data-offered") == "true"
    # the whole city is the control: tap its middle, not its pill
    boston.click()
    chooser = page.locator("#tb-choose-2")
    expect(chooser).to_be_visible()
    box = chooser.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    # the smallest placement comes first: one expert, and its one Place button
    visible = chooser.locator(".tb-go:visible")
    expect(visible).to_have_count(1)
    expect(visible).to_have_attribute("data-experts", "1")
    expect(visible).to_have_attribute("data-occasionals", "0")
    # two experts and one occasional: the total and the majority, one button
    chooser.locator("fieldset[data-pick='e'] label", has_text="2").click()
    chooser.locator("fieldset[data-pick='o'] label", has_text="1").click()
    expect(visible).to_have_count(1)
    expect(visible).to_have_text("Place 2 experts and 1 occasional")
    expect(chooser.locator(".tb-outcome:visible .tb-outcome-text")).to_have_text(
        "3 of yours here: you take the majority."
    )
    for segment in chooser.locator(".tb-seg span").all():
        seg = segment.bounding_box()
        assert seg is not None and seg["height"] >= 36  # a finger's size
    seq = _marker(page, "seq")
    visible.click()
    _wait_move(page, seq)
    assert _marker(page, "stage") == "play"
    gang = page.locator(".tb-city[data-city='2'] .tb-gang[data-seat='0']")
    expect(gang).to_have_attribute("data-latest", "true")
    expect(gang.locator(".tb-gang-n")).to_have_text("3")
    # placed: no city is a control any more, the cards still are
    expect(page.locator(".tb-city-tap")).to_have_count(0)
    assert page.locator(".tb-hand-btn").count() == 5


_MARKS_JS = """() => {
    const all = (css, read) => [...document.querySelectorAll(css)].map(read).sort();
    return {
        latest: all(".tb-played .tb-card[data-latest='true']", (c) => c.dataset.card),
        gangs: all(".tb-gang[data-latest='true']",
                   (g) => g.closest(".tb-city").dataset.city + ":" + g.dataset.seat),
        under: all(".tb-played [data-last-of]", (c) => c.dataset.lastOf + ":" + c.dataset.card),
        seats: all(".tb-seat .tb-seat-last",
                   (c) => c.closest(".tb-seat").dataset.seat + ":" + c.dataset.card),
    };
}"""


def _marks(page: Page) -> dict[str, list[str]]:
    """What the board marks as just happened: the latest card, the latest
    gangs (city:seat), each seat's last card under its city and on its panel."""
    return dict(page.evaluate(_MARKS_JS))


def _reload(app: App) -> None:
    app.page.reload(wait_until="domcontentloaded")
    app.wait_ready()
    app.page.wait_for_selector(SETTLED, state="attached")


def test_the_marks_of_what_just_happened_survive_a_reload(still: App) -> None:
    """A page drawn afresh knows the latest turn and each player's last card
    (from the events it saw), not only the page that watched them happen."""
    page = still.page
    _start(still, 3, humans=(0,), seed=5)
    seq = _marker(page, "seq")
    tap = page.locator(".tb-city[data-offered='true'] .tb-city-tap").first
    city = str(tap.get_attribute("data-city"))
    tap.click()
    page.locator(".tb-chooser:popover-open .tb-go:visible").click()
    _wait_move(page, seq)
    assert _marker(page, "stage") == "play"
    placed = _marks(page)
    assert placed["gangs"] == [f"{city}:0"] and placed["latest"] == []
    _reload(still)
    assert _marks(page) == placed
    # the card that ends the turn, then the bots' replies
    card = json.loads(str(page.locator(".tb-hand-btn").first.get_attribute("data-act")))["card"]
    seq = _marker(page, "seq")
    page.locator(".tb-hand-btn").first.click()
    _wait_move(page, seq)
    assert _marker(page, "phase") == "human"
    before = _marks(page)
    assert f"0:{card}" in before["under"] and before["under"] == before["seats"]
    assert [mark.split(":")[0] for mark in before["under"]] == ["0", "1", "2"]
    assert len(before["latest"]) == 1
    _reload(still)
    assert _marks(page) == before
    still.screenshot("theboss-marks-after-reload")


def _height(page: Page) -> int:
    return int(
        page.evaluate("() => document.getElementById('board').getBoundingClientRect().height")
    )


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("width", [375, 1280])
def test_board_screens(still: App, width: int, players: int) -> None:
    """A few turns in, in English then French: at 375 px one's hand comes
    before the cities; the page never scrolls sideways."""
    page = still.page
    page.set_viewport_size({"width": width, "height": 812 if width < 400 else 900})
    _start(still, players, humans=(0,), seed=8)
    for _ in range(2):
        seq = _marker(page, "seq")
        page.locator(".tb-hand-btn").first.click()
        _wait_move(page, seq)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    base = f"theboss-board-{players}p-{width}"
    seq = _marker(page, "seq")
    page.locator(".tb-city[data-offered='true'] .tb-city-tap").first.click()
    page.screenshot(path=str(SCREENSHOTS / f"{base}-en-chooser.png"), animations="disabled")
    page.locator(".tb-chooser:popover-open .tb-go:visible").click()
    _wait_move(page, seq)
    for lang in ("en", "fr"):
        if page.get_attribute("html", "lang") != lang:
            seq = _marker(page, "seq")
            page.locator(f".lang-btn[data-lang='{lang}']").click()
            page.wait_for_selector(f"html[lang='{lang}']", state="attached")
            _wait_move(page, seq)
        name = f"{base}-{lang}"
        page.screenshot(
            path=str(SCREENSHOTS / f"{name}.png"), full_page=True, animations="disabled"
        )
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        if width < 400:
            hand = page.locator(".tb-seat[data-you='true'] .tb-hand").bounding_box()
            street = page.locator(".tb-street").bounding_box()
            assert hand is not None and street is not None and hand["y"] < street["y"]
            print(f"board height at {width} px, {players} players, {lang}: {_height(page)} px")
