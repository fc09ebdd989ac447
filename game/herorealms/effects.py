"""Hero Realms' abilities as data: each card's primary, ally, sacrifice and
expend abilities are tuples of `Effect`s, read by `resolve.py`.

An effect either applies at once (gold, combat, health, draws, the next
acquired card's place) or asks its player a question (an "or", a target, an
optional sacrifice), which becomes a pending prompt of the state."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "Effect",
    "Kind",
    "Per",
    "champion_to_top",
    "choose",
    "combat",
    "discard_to_top",
    "draw",
    "draw_then_discard",
    "gold",
    "health",
    "next_action_to_top",
    "next_to_hand",
    "next_to_top",
    "opponent_discards",
    "prepare",
    "sacrifice_card",
    "stun",
]


class Kind(StrEnum):
    GOLD = "gold"
    COMBAT = "combat"
    HEALTH = "health"
    DRAW = "draw"
    STUN = "stun"  # stun target champion (optional: "you may")
    OPPONENT_DISCARDS = "opponent_discards"  # at the start of that opponent's turn
    PREPARE = "prepare"  # prepare one of your champions
    SACRIFICE = "sacrifice"  # may sacrifice up to `amount` cards of hand or discard
    DRAW_DISCARD = "draw_discard"  # draw up to `amount` (may), then discard as many
    NEXT_TO_TOP = "next_to_top"  # the next card acquired this turn goes on the deck
    NEXT_ACTION_TO_TOP = "next_action_to_top"  # the same, for the next action only
    NEXT_TO_HAND = "next_to_hand"  # the next card acquired this turn goes to the hand
    DISCARD_TO_TOP = "discard_to_top"  # may put a card of the discard on the deck
    CHAMPION_TO_TOP = "champion_to_top"  # a champion of the discard on the deck
    CHOOSE = "choose"  # one of `options`


class Per(StrEnum):
    """What "+N for each ..." counts (among the player's cards in play)."""

    NONE = "none"
    CHAMPION = "champion"
    OTHER_CHAMPION = "other_champion"
    OTHER_GUARD = "other_guard"
    OTHER_WILD = "other_wild"


@dataclass(frozen=True, slots=True)
class Effect:
    kind: Kind
    amount: int = 0
    per: Per = Per.NONE
    each: int = 0  # added for each card `per` counts
    optional: bool = False
    bonus: int = 0  # combat gained when an optional sacrifice is made
    options: tuple[tuple[Effect, ...], ...] = ()


def gold(amount: int) -> Effect:
    return Effect(Kind.GOLD, amount)


def combat(amount: int, per: Per = Per.NONE, each: int = 0) -> Effect:
    return Effect(Kind.COMBAT, amount, per, each)


def health(amount: int, per: Per = Per.NONE, each: int = 0) -> Effect:
    return Effect(Kind.HEALTH, amount, per, each)


def draw(amount: int = 1) -> Effect:
    return Effect(Kind.DRAW, amount)


def stun(optional: bool = False) -> Effect:
    return Effect(Kind.STUN, optional=optional)


def opponent_discards() -> Effect:
    return Effect(Kind.OPPONENT_DISCARDS, 1)


def prepare() -> Effect:
    return Effect(Kind.PREPARE)


def sacrifice_card(up_to: int = 1, bonus: int = 0) -> Effect:
    return Effect(Kind.SACRIFICE, up_to, optional=True, bonus=bonus)


def draw_then_discard(up_to: int = 1, optional: bool = True) -> Effect:
    return Effect(Kind.DRAW_DISCARD, up_to, optional=optional)


def next_to_top() -> Effect:
    return Effect(Kind.NEXT_TO_TOP)


def next_action_to_top() -> Effect:
    return Effect(Kind.NEXT_ACTION_TO_TOP)


def next_to_hand() -> Effect:
    return Effect(Kind.NEXT_TO_HAND)


def discard_to_top() -> Effect:
    return Effect(Kind.DISCARD_TO_TOP, optional=True)


def champion_to_top() -> Effect:
    return Effect(Kind.CHAMPION_TO_TOP)


def choose(*options: tuple[Effect, ...]) -> Effect:
    return Effect(Kind.CHOOSE, options=options)
