"""Boss Quest played on the board itself, in Chromium: a person taps the number
of weapons on their seat, then a spell card's own button at the Magician,
never the side panel; the latest move is highlighted and each seat says what
it did last."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.browser.conftest import PHONE, App
from tests.browser.play import Board

BOARD_ACT = "#board-seats [data-on=board], #offer [data-on=board], .arena [data-on=board]"


def test_a_turn_played_by_tapping_the_board(app: App) -> None:
    board = Board(app)
    page = app.page
    page.set_viewport_size(PHONE)
    assert board.start(3, seed=3) == "human"
    # the board's buttons are the panel's, one for one
    panel = sorted(
        page.eval_on_selector_all("#actions [data-cmd=act]", "bs => bs.map(b => b.dataset.act)")
    )
    on_board = sorted(page.eval_on_selector_all(BOARD_ACT, "bs => bs.map(b => b.dataset.act)"))
    assert on_board == panel
    # ask the Armorer for one weapon, on your own seat
    mine = page.locator("#board-seats .seat-panel[data-you='true']")
    before = mine.locator(".hand .wcard").count()
    ask = mine.locator(".board-play[data-anchor='ask'] [data-kind='ask']").first
    expect(ask).to_have_attribute("aria-label", "Ask for 1 weapon")
    seq = board.marker("seq")
    ask.click()
    page.wait_for_selector(f"#board:not([data-seq='{seq}'])", state="attached")
    phase = board.settle()
    expect(mine.locator(".hand .wcard")).to_have_count(before + 1)
    expect(mine.locator(".seat-last")).to_contain_text("asked for 1 weapon")
    # the others played meanwhile: each seat says its last move
    assert page.locator("#board-seats .seat-last").count() == 3
    for _ in range(40):
        if phase != "human":
            break
        acts = page.eval_on_selector_all(BOARD_ACT, "bs => bs.map(b => b.dataset.kind)")
        if "visit" in acts:
            page.locator(".magician-zone [data-on=board][data-kind='visit']").click()
            phase = board.settle()
            break
        page.locator(".board-play[data-anchor='ask'] [data-kind='ask']").first.click()
        phase = board.settle()
    # at the Magician: tap a spell card's own button
    for _ in range(40):
        if phase != "human" or board.marker("stage") != "spell":
            if phase == "result":
                phase = board.click("#round-result [data-cmd=continue]")
                continue
            if phase == "human":  # a choice after a spell: tap it on the board too
                page.locator(BOARD_ACT).first.click()
                phase = board.settle()
                continue
            break
        card = page.locator("#offer .scard:has([data-on=board][data-kind='discard'])").first
        spell = card.get_attribute("data-spell")
        discard = card.locator("[data-on=board][data-kind='discard']")
        assert json.loads(str(discard.get_attribute("data-act"))) == {
            "type": "discard",
            "card": int(str(spell)),
        }
        app.screenshot("quest-board-play-375")
        discard.click()
        phase = board.settle()
        expect(page.locator(f"#offer .scard[data-spell='{spell}']")).to_have_count(0)
        mine = page.locator("#board-seats .seat-panel[data-you='true']")
        if phase not in ("result", "over"):  # the board, not a panel over it
            expect(mine.locator(".seat-last")).to_contain_text("discarded")
        return
    raise AssertionError(f"the person never reached the Magician (phase {phase})")
