"""The hint a person may turn on in the menu: for each city, the chance that
its face-down card is money, from their view alone.

A city's cards are public (``cards.CITY_CARDS``). Those the viewer has seen
this round (played face up under it, or in their own hand) cannot be face
down; the face-down card is any of the others with the same chance, since the
other hands' cards of that city are just as unknown to the viewer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.theboss.cards import CARD_KIND, CITY_CARDS, MONEY

__all__ = ["money_chances", "unseen_cards"]


def unseen_cards(view: Mapping[str, Any], city: int) -> list[int]:
    """The cards of `city` the viewer has not seen this round (the face-down
    one is among them)."""
    seen = set(view["cities"][city]["played"]) | set(view["hand"] or ())
    return [card for card in CITY_CARDS[city] if card not in seen]


def money_chances(view: Mapping[str, Any], legal: Sequence[Any] = ()) -> dict[int, float]:
    """{city id: chance its face-down card is money} for every numbered city
    with a card face down; empty once the game is over."""
    chances: dict[int, float] = {}
    for entry in view["cities"]:
        city = entry["city"]
        if not entry["face_down"]:
            continue
        unseen = unseen_cards(view, city)
        if unseen:
            chances[city] = sum(CARD_KIND[card] == MONEY for card in unseen) / len(unseen)
    return chances
