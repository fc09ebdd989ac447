"""How long a bot waits before its next action (plain Python, no game named).

Shared by the local table (``game.web.game_page`` through ``Session.pace``)
and the network host (``game.web.net_host``). The page's bot delay
(``?botdelay=``, 750 ms by default: ``game.web.query``) is a pause per bot
*turn*, not per action, so that a game whose turns hold a dozen actions does
not keep people waiting nine seconds a turn:

- the first action of a bot's turn (the seat to act has just become that
  bot's, or a new round began with it, or the game has just begun or been
  resumed) waits the full delay;
- the bot's next actions in the same turn wait the short step delay
  (``step_ms``): a quarter of the delay, at least ``MIN_STEP_MS``, so that
  each of its lines can still be read in the log as it comes;
- in a simultaneous step (several seats to act at once, each choice hidden
  until the game reveals them) the bots' choices cannot be followed anyway:
  a bot commits at once (0 ms), people having gone first at a local table
  (``game.engine.local.LocalTable.to_act``). Only a step where no person takes
  part (bots alone) pauses the full delay before its first commit, so that
  a table of bots can still be watched step by step;
- ``?botdelay=0`` (the tests) never waits.

The thinking of a search bot counts inside the delay it is given: the page
plays its move once that delay has passed since it began to think.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, Literal

from game.engine.protocol import Game

__all__ = [
    "MIN_STEP_MS",
    "Due",
    "Pace",
    "Played",
    "bot_pace",
    "due_of",
    "played_of",
    "step_ms",
]

#: the shortest pause between two actions of one bot's turn: about what it
#: takes to read one line of the log (a bot's turn stays readable)
MIN_STEP_MS = 120

PaceKind = Literal["turn", "step", "simultaneous", "none"]


@dataclass(frozen=True)
class Played:
    """The last action played at the table: who played it, and the step it was
    played in (the seats to act then, the round then)."""

    seat: int
    acting: tuple[int, ...]
    #: the round (``capabilities.rounds``), None for a game that counts none
    round: int | None


@dataclass(frozen=True)
class Due:
    """The bot about to act, and the step it acts in."""

    seat: int
    acting: tuple[int, ...]
    round: int | None
    #: the seats people play (at the table or over the network)
    people: frozenset[int]


@dataclass(frozen=True)
class Pace:
    """The delay before a bot's next action, and why (shown in ``bq:bot``)."""

    ms: int
    #: "turn": the first action of its turn; "step": the next ones; "simultaneous":
    #: a hidden commit; "none": ``?botdelay=0``
    kind: PaceKind


def step_ms(delay_ms: int) -> int:
    """The pause between two actions of one bot's turn: a quarter of the bot
    delay, at least ``MIN_STEP_MS`` (never more than the delay itself)."""
    if delay_ms <= 0:
        return 0
    return min(delay_ms, max(MIN_STEP_MS, delay_ms // 4))


def bot_pace(delay_ms: int, due: Due, last: Played | None) -> Pace:
    """The delay before `due`'s action, `last` the action played before it
    (None: the game has just begun, or the table cannot tell)."""
    if delay_ms <= 0:
        return Pace(0, "none")
    # another seat played while this bot was already to act: the same step
    same_step = last is not None and last.seat != due.seat and due.seat in last.acting
    if same_step:
        return Pace(0, "simultaneous")
    if len(due.acting) > 1:
        if due.people.intersection(due.acting):
            return Pace(0, "simultaneous")
        return Pace(delay_ms, "simultaneous")  # bots alone: one pause per step
    # the same bot again, in the same round, after a move of its own turn
    # (not its commit in a simultaneous step): its turn goes on
    turn_goes_on = last is not None and last.acting == (due.seat,) and last.round == due.round
    if turn_goes_on:
        return Pace(step_ms(delay_ms), "step")
    return Pace(delay_ms, "turn")


# ------------------------------------------------------------------ reading a game


def _round_of(game: Game[Any, Any], state: Any) -> int | None:
    rounds: Callable[[Any], int] | None = game.capabilities.rounds
    return None if rounds is None else rounds(state)


def played_of(game: Game[Any, Any], seat: int, before: Any) -> Played:
    """The last action, played by `seat` from the state `before`."""
    return Played(seat, tuple(game.to_act(before)), _round_of(game, before))


def due_of(game: Game[Any, Any], seat: int, state: Any, people: Collection[int]) -> Due:
    """The bot at `seat` due to act in `state`."""
    return Due(seat, tuple(game.to_act(state)), _round_of(game, state), frozenset(people))
