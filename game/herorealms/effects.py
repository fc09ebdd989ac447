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
    "When",
    "action_discount",
    "bless",
    "champion_discount",
    "champion_to_top",
    "choose",
    "choose_or_all",
    "combat",
    "discard_to_top",
    "draw",
    "draw_if",
    "draw_then_discard",
    "fireball",
    "gold",
    "health",
    "heist",
    "next_action_to_top",
    "next_to_hand",
    "next_to_top",
    "opponent_discards",
    "prepare",
    "resurrect",
    "sacrifice_card",
    "stun",
    "track",
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
    CHOOSE = "choose"  # one of `options` (all of them when `when` holds)
    DRAW_IF = "draw_if"  # draw a card when `when` holds
    CHAMPION_DISCOUNT = "champion_discount"  # the next champion acquired costs 1 less
    ACTION_DISCOUNT = "action_discount"  # the next action acquired costs 1 less
    RESURRECT = "resurrect"  # a champion stunned since your last turn, back into play
    BLESS = "bless"  # a player gains `amount` health, their champions +`each` defence
    FIREBALL = "fireball"  # `amount` damage to a player and each of their champions
    TRACK = "track"  # look at `amount` cards on top; discard up to `each`; the rest back
    HEIST = "heist"  # this turn, may buy one card from an opponent's discard pile


class When(StrEnum):
    """The condition of a conditional effect, checked with `threshold`."""

    ALWAYS = "always"
    COMBAT_AT_LEAST = "combat_at_least"  # your combat this turn, this card's included
    BOW_IN_PLAY = "bow_in_play"
    ACTIONS_AT_LEAST = "actions_at_least"  # actions you have in play
    CHAMPIONS_AT_LEAST = "champions_at_least"  # champions you have in play


class Per(StrEnum):
    """What "+N for each ..." counts (among the player's cards in play)."""

    NONE = "none"
    CHAMPION = "champion"
    OTHER_CHAMPION = "other_champion"
    OTHER_GUARD = "other_guard"
    OTHER_WILD = "other_wild"
    OTHER_KNIFE = "other_knife"  # the other knives played this turn


@dataclass(frozen=True, slots=True)
class Effect:
    kind: Kind
    amount: int = 0
    per: Per = Per.NONE
    each: int = 0  # added for each card `per` counts
    optional: bool = False
    bonus: int = 0  # combat gained when an optional sacrifice is made
    options: tuple[tuple[Effect, ...], ...] = ()
    when: When = When.ALWAYS
    threshold: int = 0


def draw_if(when: When, threshold: int = 0) -> Effect:
    return Effect(Kind.DRAW_IF, 1, when=when, threshold=threshold)


def choose_or_all(when: When, threshold: int, *options: tuple[Effect, ...]) -> Effect:
    """An "or" whose options are all gained when `when` holds."""
    return Effect(Kind.CHOOSE, options=options, when=when, threshold=threshold)


def champion_discount() -> Effect:
    return Effect(Kind.CHAMPION_DISCOUNT)


def action_discount() -> Effect:
    return Effect(Kind.ACTION_DISCOUNT)


def resurrect() -> Effect:
    return Effect(Kind.RESURRECT)


def bless(amount: int, defence: int) -> Effect:
    return Effect(Kind.BLESS, amount, each=defence)


def fireball(amount: int) -> Effect:
    return Effect(Kind.FIREBALL, amount)


def track(look: int, discard_up_to: int) -> Effect:
    return Effect(Kind.TRACK, look, each=discard_up_to, optional=True)


def heist() -> Effect:
    return Effect(Kind.HEIST)


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
