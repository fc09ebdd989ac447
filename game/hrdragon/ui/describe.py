"""The log's words for the boss deck's events, and card names that know the
Dragon's cards; Hero Realms' events keep Hero Realms' words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.herorealms.cards import kind_of
from game.herorealms.ui.board_words import BOARD
from game.herorealms.ui.describe import card_of as core_card_of
from game.herorealms.ui.describe import describe as core_describe
from game.herorealms.ui.describe import reason_text as core_reason_text
from game.herorealms.ui.names import add_later_cards
from game.herorealms.ui.phrases import PHRASES

from ..cards import HOARD_IDS
from ..words import LOG, NAMES, REASONS
from .board_words import DBOARD

__all__ = ["card_of", "cards_of", "describe", "reason_text", "seat_name"]


# Hero Realms' card faces and words name the boss deck's cards with its names
add_later_cards(
    tuple(
        {
            kind_of(c).key: kind_of(c) for c in range(HOARD_IDS[-1] + 1) if kind_of(c).key in NAMES
        }.values()
    ),
    NAMES,
)


def card_of(card: int, lang: str) -> str:
    return core_card_of(card, lang)


def cards_of(cards: Sequence[int], lang: str) -> str:
    return ", ".join(card_of(card, lang) for card in cards)


def seat_name(names: Sequence[str], seat: Any, lang: str) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return BOARD("seat_name", lang, n=int(seat) + 1 if isinstance(seat, int) else "?")


#: the boss deck's events told by who did it and a card at most
_SIMPLE = {"taunt", "calm", "tail", "fire", "reveal", "take_item", "skill_check", "use_item"}
_SIMPLE |= {"wish", "new_hand"}


def describe(event: Mapping[str, Any], names: Sequence[str], lang: str) -> list[str]:
    """The log's lines for one event as the viewer received it."""
    kind = event["type"]
    card = event.get("card")
    card_name = card_of(card, lang) if isinstance(card, int) and card >= 0 else ""
    name = seat_name(names, event.get("seat"), lang)
    if kind in _SIMPLE:
        return [LOG(kind, lang, name=name, card=card_name)]
    if kind == "give":
        target = seat_name(names, event["target"], lang)
        return [LOG("give", lang, name=name, target=target, amount=event["amount"])]
    if kind in ("borrow", "no_borrow"):
        lender = seat_name(names, event["lender"], lang)
        return [LOG(kind, lang, name=name, lender=lender)]
    if kind == "steal":
        target = seat_name(names, event["from"], lang)
        return [LOG("steal", lang, name=name, card=card_name, target=target)]
    if kind == "hoard_back":
        return [LOG("hoard_back", lang, card=card_name)]
    if kind == "shield":
        return [LOG("shield", lang, name=name, amount=event["amount"])]
    if kind == "damage":
        return [LOG("damage", lang, card=card_name, amount=event["amount"])]
    if kind == "faction":
        faction = PHRASES(f"faction_{event['faction']}", lang)
        return [DBOARD("faction_log", lang, name=name, faction=faction)]
    if kind == "side_wins":
        return [_side_words(event, names, lang)]
    return core_describe(event, names, lang)


def _side_words(event: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    """The party's win or the Dragon's, whatever the party's size (a party
    of one too); boss against boss, the winning boss by its name."""
    side = event.get("side")
    if side in ("party", "dragon"):
        return LOG("side_wins", lang, side=LOG(str(side), lang))
    winners = event["winners"]
    return DBOARD("over_boss", lang, name=seat_name(names, winners[0] if winners else -1, lang))


def reason_text(code: str, message: str, lang: str) -> str:
    """A refusal in words: the boss deck's codes, then Hero Realms'."""
    if code in REASONS:
        return REASONS(code, lang)
    return core_reason_text(code, message, lang)
