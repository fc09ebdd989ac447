"""The packs' conditional effects ("if you have a bow in play, draw") and
looking at the top of a deck (the Ranger's Track)."""

from __future__ import annotations

from ..engine.evolve import evolve
from .cards import CardType, kind_of
from .effects import Effect, When
from .state import Prompt, PromptKind, State
from .zones import Event, in_play_of, put_player

__all__ = ["holds", "look"]


def holds(state: State, seat: int, effect: Effect) -> bool:
    """Whether a conditional effect's condition holds now."""
    when, threshold = effect.when, effect.threshold
    cards = in_play_of(state, seat)
    if when == When.COMBAT_AT_LEAST:
        return state.combat >= threshold
    if when == When.BOW_IN_PLAY:
        return any("bow" in kind_of(c).traits for c in cards)
    if when == When.ACTIONS_AT_LEAST:
        return sum(1 for c in cards if kind_of(c).type == CardType.ACTION) >= threshold
    if when == When.CHAMPIONS_AT_LEAST:
        return len(state.players[seat].champions) >= threshold
    return True


def look(
    state: State, seat: int, card: int, ability: str, index: int, effect: Effect
) -> tuple[State, list[Event], Prompt | None]:
    """Take the top cards of the deck aside, seen by their owner alone (no
    reshuffle: looking is not drawing)."""
    player = state.players[seat]
    seen = player.deck[: effect.amount]
    if not seen:
        return state, [], None
    player = evolve(player, deck=player.deck[len(seen) :], known=max(0, player.known - len(seen)))
    state = evolve(put_player(state, seat, player), looking=(*state.looking, *seen))
    events: list[Event] = [
        {
            "type": "look",
            "seat": seat,
            "count": len(seen),
            "secret": {str(seat): {"cards": list(seen)}},
        }
    ]
    return state, events, Prompt(PromptKind.TRACK_DISCARD, card, ability, index, effect.each, 0)
