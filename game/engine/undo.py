"""The undo policy of local games, for any game that declares
`capabilities.undo` (engine/capabilities.py: UndoHooks).

A player may take back their own moves of the turn they are playing, one at a
time, and nothing else: never another seat's action, never a move of a turn
that has ended, and never once the turn has drawn a random card or shown them
something hidden (taking it back would let them choose again knowing it).

The game says, through its hook, whether an action kept the turn going and
what (if anything) bars taking it back; this module walks the match. Undoing
is replaying the match without its last action (`undone`), so a save, which
is the match, keeps the undone state across a reload.

`default_barrier` is a barrier a game may declare as is, or call from its own
after its named cases: "the random generator moved or a hidden card became
visible". The engine tells the first by the generator's state (the game names
where its state keeps it), the second without knowing the game: it plays the
same action again from states the seat cannot tell from the one before (the
game's ``redeal``: everything hidden from the seat dealt again, the generator
reseeded) and compares the seat's views after. Were nothing hidden shown, each
would be the view the seat got; a difference means the action's outcome
depended on what the seat could not see, so it now knows something it did not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import GameError, MalformedData, Reason
from .match import Match, replay_steps
from .protocol import Game

__all__ = ["Barrier", "Step", "default_barrier", "match_steps", "undo_refusal", "undone"]

#: an undo barrier: (state before, state after, seat, action) -> why not, or None
Barrier = Callable[[Any, Any, int, Any], Reason | None]
#: the seeds of the states played again (two: a hidden card that matters
#: differs in at least one of them unless the deal is forced)
_REDEAL_SEEDS = (0x5EED_0001, 0x5EED_0002)


@dataclass(frozen=True)
class Step:
    """One action of a match with the states around it."""

    seat: int
    action: Any
    before: Any
    after: Any


def match_steps(game: Game[Any, Any], match: Match) -> tuple[Any, list[Step]]:
    """Replay `match`: its last state and every step (for `undo_refusal`)."""
    steps: list[Step] = []
    previous: Any = None
    for index, (state, _events) in enumerate(replay_steps(game, match)):
        if index:
            seat, action_json = match.actions[index - 1]
            action = game.action_from_json(action_json)
            steps.append(Step(seat, action, previous, state))
        previous = state
    return previous, steps


def undo_refusal(
    game: Game[Any, Any], state: Any, steps: Sequence[Step], seat: int
) -> Reason | None:
    """Why `seat` may not take back the last action now, or None when it may.

    `state` is the state now, `steps` the match's actions up to it (at least
    those of the turn being played; older ones are never looked at)."""
    hooks = game.capabilities.undo
    if hooks is None:
        return Reason("undo_unsupported", "this game offers no undo")
    if seat not in game.to_act(state):
        return Reason("undo_not_your_turn", "it is not your turn")
    last = next((i for i in range(len(steps) - 1, -1, -1) if steps[i].seat == seat), None)
    if last is None:
        return Reason("undo_nothing", "you have not played a move yet")
    # The moves of the turn being played: the seat's own, back to the one that began it.
    turn: list[Step] = []
    for step in reversed(steps[: last + 1]):
        if step.seat != seat or not hooks.turn_goes_on(step.before, step.after, seat, step.action):
            break
        turn.append(step)
    # The last move's own barrier first (it is the one the player wants back),
    # then any earlier one of the turn: a draw or a reveal bars the whole turn.
    mine = steps[last]
    for step in (mine, *turn):
        reason = hooks.barrier(step.before, step.after, seat, step.action)
        if reason is not None:
            return reason
    if not turn:
        return Reason("undo_turn_over", "your turn is over")
    if last != len(steps) - 1:
        return Reason("undo_other_played", "another player has played since")
    return None


def undone(match: Match) -> Match:
    """The match without its last action."""
    if not match.actions:
        raise MalformedData("there is no action to undo", code="undo_nothing")
    return Match(match.game, match.options, match.seed, match.actions[:-1])


def default_barrier(game: Game[Any, Any], generator: Callable[[Any], int]) -> Barrier:
    """The barrier "the random generator moved or a hidden card became visible"
    for `game` (see the module), `generator` reading a state's generator.

    Without ``capabilities.redeal`` only the generator is looked at: a game
    with hidden cards and no redeal must name its reveals in its own barrier."""

    def barrier(before: Any, after: Any, seat: int, action: Any) -> Reason | None:
        if generator(after) != generator(before):
            return Reason("undo_random", "cards were shuffled")
        redeal = game.capabilities.redeal
        if redeal is None:
            return None
        seen = game.view(after, seat)
        for seed in _REDEAL_SEEDS:
            try:
                other, _events = game.apply(redeal(before, seat, seed), seat, action)
            except GameError:
                # refused where the seat saw the same table: its legality hung on a hidden card
                return Reason("undo_revealed", "a hidden card was shown to you")
            if game.view(other, seat) != seen:
                return Reason("undo_revealed", "a hidden card was shown to you")
        return None

    return barrier
