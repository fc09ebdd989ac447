"""Hero Realms' cards as a browser lays them out (the preview page of
bench/herorealms_cards_preview.py, every card in both sizes): at 375 px a
hand's card is 64 to 80 px wide and nothing on a card spills out of it; the
large card is wide enough to read its words."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from playwright.sync_api import Browser, Page

from game.herorealms.cards import KINDS

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "herorealms_cards_preview.py"

#: every card's box, and the boxes of its parts that spill out of it (by 1 px or more)
_MEASURE = """
(part) => [...document.querySelectorAll(`[data-preview="${part}"] .hr-card`)].map((card) => {
  const box = card.getBoundingClientRect();
  const spills = [...card.querySelectorAll(".hr-face *")].filter((el) => {
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) return false;
    return r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1
      || r.bottom > box.bottom + 1;
  }).map((el) => el.className.baseVal ?? el.className);
  return {key: card.dataset.key, width: box.width, height: box.height, spills};
})
"""


def _preview() -> ModuleType:
    spec = importlib.util.spec_from_file_location("herorealms_cards_preview", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 375, "height": 740})
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_card_fits_a_hand_at_375_px_and_reads_large(phone: Page, lang: str) -> None:
    phone.set_content(_preview().page(lang))
    small = phone.evaluate(_MEASURE, "all")
    assert [card["key"] for card in small] == list(KINDS)
    for card in small:
        assert 64 <= card["width"] <= 80, card
        assert card["spills"] == [], card
    large = phone.evaluate(_MEASURE, "large")
    assert all(card["width"] >= 200 and card["spills"] == [] for card in large)
    # the hand scrolls sideways: its cards keep their width in one row
    hand = phone.evaluate(_MEASURE, "hand")
    assert len({round(card["width"]) for card in hand}) == 1
    assert phone.evaluate(
        "(() => { const h = document.querySelector('[data-preview=hand]');"
        " return h.scrollWidth > h.clientWidth; })()"
    )


def test_a_desktop_draws_the_cards_bigger(browser: Browser) -> None:
    """At 1280 px a card's unit grows: the same card, 30% wider, nothing spilling."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    desk = context.new_page()
    desk.set_content(_preview().page("en"))
    cards = desk.evaluate(_MEASURE, "all")
    context.close()
    assert all(90 <= card["width"] <= 100 and card["spills"] == [] for card in cards)
