"""The Companions extension: who holds which companion, and the powers used as
actions (the owl's look, the magpie's replacement). The permanent powers act in
the fight (fight.py); the hare's request-and-visit is a turn (rules.py).

A once-a-round power belongs to the companion card: a companion swapped to
another player after its power was used cannot be used again that round.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from ..engine.errors import Reason
from ..engine.evolve import evolve
from ..engine.safejson import quote
from .cards import COMPANIONS
from .setup import draw_spell
from .state import NO_CARD, Events, Stage, State
from .table import in_game

__all__ = [
    "BADGER",
    "CHAMELEON",
    "HARE",
    "MAGPIE",
    "OWL",
    "TORTOISE",
    "check_look",
    "check_look_mystery",
    "check_power",
    "check_replace",
    "companion_places",
    "holder",
    "leave",
    "look",
    "look_mystery",
    "replace",
    "swappable_pairs",
]

CHAMELEON: Final = COMPANIONS.index("chameleon")
OWL: Final = COMPANIONS.index("owl")
HARE: Final = COMPANIONS.index("hare")
BADGER: Final = COMPANIONS.index("badger")
TORTOISE: Final = COMPANIONS.index("tortoise")
MAGPIE: Final = COMPANIONS.index("magpie")


def holder(state: State, companion: int) -> int:
    """The seat holding `companion`, or -1 (in reserve, out of play, or no extension)."""
    try:
        return state.companions.index(companion)
    except ValueError:
        return -1


def companion_places(state: State) -> dict[int, int]:
    """Every companion of the game: the seat holding it, or -1 in the reserve."""
    places = {card: -1 for card in state.reserve}
    places.update({card: seat for seat, card in enumerate(state.companions) if card != NO_CARD})
    return places


def swappable_pairs(state: State) -> list[tuple[int, int]]:
    """The pairs a swap spell may exchange, smaller id first: two companions in play
    or in reserve, at least one of them in play (two in reserve would change nothing)."""
    places = companion_places(state)
    return [
        (first, second)
        for first, second in combinations(sorted(places), 2)
        if places[first] >= 0 or places[second] >= 0
    ]


def leave(state: State, seat: int) -> State:
    """A player who leaves the game puts their companion back in the reserve."""
    card = state.companions[seat] if state.companions else NO_CARD
    if card == NO_CARD:
        return state
    companions = list(state.companions)
    companions[seat] = NO_CARD
    return evolve(state, companions=tuple(companions), reserve=(*state.reserve, card))


def check_power(state: State, seat: int, companion: int) -> Reason | None:
    """Whether `seat` may use the once-a-round power of `companion` now."""
    name = COMPANIONS[companion]
    if not state.options.companions:
        return Reason("no_companions", "this game is played without the companions")
    if state.stage not in (Stage.TURN, Stage.SPELL):
        return Reason("not_now", "a companion's power is used on your own turn")
    if state.companions[seat] != companion:
        return Reason("not_your_companion", f"you do not have the {name}")
    if companion in state.used:
        return Reason("power_used", f"the {name}'s power has been used this round")
    return None


def check_look(state: State, seat: int, target: int) -> Reason | None:
    reason = check_power(state, seat, OWL)
    if reason is not None:
        return reason
    if not 0 <= target < len(state.players) or target == seat or not in_game(state, target):
        return Reason("bad_target", "look at the hidden weapon of another player in the game")
    return None


def check_look_mystery(state: State, seat: int) -> Reason | None:
    reason = check_power(state, seat, OWL)
    if reason is not None:
        return reason
    if state.mystery == NO_CARD:
        return Reason("no_mystery", "the mystery spell is gone")
    return None


def check_replace(state: State, seat: int, card: int) -> Reason | None:
    reason = check_power(state, seat, MAGPIE)
    if reason is not None:
        return reason
    if card not in state.offer:
        return Reason("not_offered", f"spell {quote(card)} is not face up at the Magician")
    if not state.spell_deck and not state.spell_discard:
        return Reason("no_spell_left", "the spell deck and its discard are empty")
    return None


def _used(state: State, companion: int) -> tuple[int, ...]:
    return (*state.used, companion)


def look(state: State, seat: int, target: int, events: Events) -> State:
    """The owl shows `seat` the hidden weapon of `target`: the table sees the look,
    only `seat` sees the card."""
    card = state.players[target].hidden
    if events is not None:
        events.append(
            {"type": "look", "seat": seat, "target": target, "secret": {str(seat): {"card": card}}}
        )
    known = state.known if (seat, card) in state.known else (*state.known, (seat, card))
    return evolve(state, used=_used(state, OWL), known=known)


def look_mystery(state: State, seat: int, events: Events) -> State:
    if events is not None:
        events.append(
            {"type": "look_mystery", "seat": seat, "secret": {str(seat): {"card": state.mystery}}}
        )
    seen = state.saw_mystery if seat in state.saw_mystery else (*state.saw_mystery, seat)
    return evolve(state, used=_used(state, OWL), saw_mystery=seen)


def replace(state: State, seat: int, card: int, events: Events) -> State:
    """The magpie: the top spell takes the place of `card`, which is then discarded
    (after the draw, so that a rebuilt deck does not take it back)."""
    drawn, state = draw_spell(state)
    offer = tuple(drawn if held == card else held for held in state.offer)
    if events is not None:
        events.append({"type": "replace", "seat": seat, "card": card, "drawn": drawn})
    return evolve(
        state,
        offer=offer,
        spell_discard=(*state.spell_discard, card),
        used=_used(state, MAGPIE),
    )
