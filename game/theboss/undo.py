"""The Boss's answers to the engine's undo policy (``game.engine.undo``).

A turn is an optional placement, then a card. A seat may take its placement
back while it has not played its card: placing draws nothing and shows
nothing. Playing a card ends the turn and shows a face everyone now knows, so
it is never taken back. Beyond these, any change of the generator or of the
police cards shown bars the undo, so a rule added later cannot open a hole by
being forgotten here.
"""

from __future__ import annotations

from ..engine.errors import Reason
from .state import Action, Place, Play, Stage, State

__all__ = ["turn_goes_on", "undo_barrier"]


def turn_goes_on(before: State, after: State, seat: int, action: Action) -> bool:
    """After a placement the same seat must still play its card."""
    return isinstance(action, Place) and after.stage is Stage.PLAY and after.seat == seat


def undo_barrier(before: State, after: State, seat: int, action: Action) -> Reason | None:
    if isinstance(action, Play):
        return Reason("undo_card_shown", "your card is face up under its city")
    if after.rng != before.rng or after.police_shown != before.police_shown:
        return Reason("undo_random", "cards were dealt or turned")
    return None
