"""Boss Quest's answers to the engine's undo policy (``game.engine.undo``).

A turn goes on after going to the Magician while a spell waits there, after
activating a spell that waits for its choice, and after a companion's power
that does not end the turn (the owl, the magpie). Everything else ends it.

What may be taken back within a turn (docs/rules-decisions.md, "Undo"):

- going to the Magician, and activating a face-up spell before its choice:
  nothing was drawn and nothing hidden was seen;
- never asking for weapons (the hare's too): cards came off the deck;
- never the mystery spell: activating it turns it face up;
- never the owl's look (a hidden weapon or the mystery spell was seen) nor the
  magpie's swap (a spell came off the deck).

Beyond these named cases, any change of the generator, any card drawn from a
deck and any card newly named in the seat's view bars the undo, so a rule
added later cannot open a hole by being forgotten here.
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import Reason
from .actions import (
    Action,
    ActivateMystery,
    Ask,
    AskVisit,
    Look,
    LookMystery,
    Replace,
)
from .state import Stage, State
from .views import view

__all__ = ["turn_goes_on", "undo_barrier"]

_MID_TURN = frozenset({Stage.SPELL, Stage.CHOOSE, Stage.POTION})
_POWERS = (Look, LookMystery, Replace)


def turn_goes_on(before: State, after: State, seat: int, action: Action) -> bool:
    if after.round != before.round or after.seat != seat:
        return False
    return after.stage in _MID_TURN or isinstance(action, _POWERS)


def undo_barrier(before: State, after: State, seat: int, action: Action) -> Reason | None:
    if isinstance(action, Ask | AskVisit):
        return Reason("undo_drew", "you drew weapons")
    if isinstance(action, ActivateMystery):
        return Reason("undo_mystery", "the mystery spell was revealed")
    if isinstance(action, Look):
        return Reason("undo_looked", "you looked at a hidden weapon")
    if isinstance(action, LookMystery):
        return Reason("undo_looked_mystery", "you looked at the mystery spell")
    if isinstance(action, Replace):
        return Reason("undo_new_spell", "a new spell was drawn")
    if not turn_goes_on(before, after, seat, action):
        return None  # the policy refuses it as a finished turn
    # The safety net for any other move in the turn.
    if after.rng != before.rng:
        return Reason("undo_random", "cards were shuffled")
    decks = ("weapon_deck", "spell_deck", "boss_deck")
    if any(len(getattr(after, deck)) < len(getattr(before, deck)) for deck in decks):
        return Reason("undo_drew_card", "a card was drawn")
    if _named(view(after, seat)) - _named(view(before, seat)):
        return Reason("undo_revealed", "a hidden card was shown to you")
    return None


def _named(shown: dict[str, Any]) -> set[tuple[str, int]]:
    """Every card a view names, by kind (weapons, spells and bosses share ids)."""
    names: set[tuple[str, int]] = {("boss", shown["boss"]["card"])}
    for entry in shown["seats"]:
        if entry["hidden"] is not None:
            names.add(("weapon", entry["hidden"]))
        names.update(("weapon", card) for card in entry["visible"])
    spells = [*shown["offer"], *shown["spell_discard"], *(s["card"] for s in shown["active"])]
    if shown["pending"] is not None:
        spells.append(shown["pending"])
    mystery = shown.get("companions", {}).get("mystery")
    if mystery is not None:
        spells.append(mystery)
    names.update(("spell", card) for card in spells)
    return names
