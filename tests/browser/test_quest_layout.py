"""Boss Quest's board at the widths people use, measured in Chromium: the
Magician's spell cards keep a readable width and no text spills out of its
card (issue #27, defect 10), and on a phone the person's own seat and choices
come first with the other knights summarised."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import App
from tests.browser.play import Board

#: the narrowest a spell card may get: its name, its text and its two buttons
#: ("Activate", "Discard" in either language) must fit across it
MIN_SPELL_CARD_PX = 96

#: every card of the Magician (the mystery spell included): its width, and each
#: text inside it whose box passes the card's edges or whose content is wider
#: or taller than its box
_SPELLS_JS = """() => [...document.querySelectorAll('#offer .scard')].map((card) => {
    const box = card.getBoundingClientRect();
    const spills = [];
    for (const node of [card, ...card.querySelectorAll('*')]) {
        if (node.closest('svg')) continue;
        const r = node.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        const outside = r.left < box.left - 0.5 || r.right > box.right + 0.5
            || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
        const crammed = node.scrollWidth > node.clientWidth + 1 && node.clientWidth > 0;
        if (outside || crammed) {
            spills.push((node.className.baseVal ?? node.className) + ': ' + node.textContent);
        }
    }
    return {width: box.width, spills};
})"""


def _spells(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(_SPELLS_JS)
    return found


@pytest.mark.parametrize("players", [5, 6])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_spell_cards_keep_their_width_and_their_text_at_every_width(
    app: App, players: int, lang: str
) -> None:
    board = Board(app)
    board.start(players, seed=3)
    page = app.page
    if lang == "fr":
        page.locator(".lang-btn[data-lang='fr']").click()
        page.wait_for_selector("html[lang='fr'] #board[data-phase]", state="attached")
    for width in (375, 1024, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        cards = _spells(page)
        assert len(cards) == players + 1, cards  # one a player and the mystery spell
        narrow = [round(card["width"]) for card in cards if card["width"] < MIN_SPELL_CARD_PX]
        assert not narrow, f"at {width} px the spell cards are {narrow} px wide"
        spilt = [spill for card in cards for spill in card["spills"]]
        assert not spilt, f"at {width} px text spills out of a spell card: {spilt}"
        app.screenshot(f"quest-spells-{players}p-{lang}-{width}", full_page=False)


#: where the phone's reader finds things: the top of their own seat, of the
#: dock (their choices), of the first other knight, the board's height and the
#: tallest other knight's panel
_PHONE_JS = """() => {
    const top = (node) => node.getBoundingClientRect().top + window.scrollY;
    const seats = [...document.querySelectorAll('#board-seats .seat-panel')];
    const own = seats.find((seat) => seat.dataset.you === 'true');
    const others = seats.filter((seat) => seat !== own);
    return {
        own: top(own),
        dock: top(document.getElementById('actions')),
        arena: top(document.querySelector('.arena')),
        others: Math.min(...others.map(top)),
        tallest_other: Math.max(...others.map((seat) => seat.getBoundingClientRect().height)),
        board: document.getElementById('board').getBoundingClientRect().height,
    };
}"""


@pytest.mark.parametrize("players", [4, 6])
def test_on_a_phone_your_seat_and_choices_come_first(app: App, players: int) -> None:
    board = Board(app)
    page = app.page
    page.set_viewport_size({"width": 375, "height": 812})
    board.start(players, seed=3)
    found = page.evaluate(_PHONE_JS)
    print(f"\n{players} players at 375 px: board {found['board']:.0f} px tall; {found}")
    app.screenshot(f"quest-phone-{players}p-375")
    assert found["own"] < found["arena"] and found["dock"] < found["arena"], found
    assert found["own"] < found["others"] and found["dock"] < found["others"], found
    # the other knights in a line or two each: name, hearts, keys and weapons
    assert found["tallest_other"] < 110, found
