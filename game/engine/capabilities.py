"""What a game may offer beyond the core protocol, declared in one typed record.

The engine's tools, the network host and the browser shell read a game's
`capabilities` instead of looking methods up by name: a newcomer sees in one
place what a game provides, and `mypy --strict` checks each part's signature
where the game builds the record. Every part is optional; a tool that needs a
missing part says so (the hard bot needs `search`, undo needs `undo`, ...).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import Reason
from .protocol import JSON, Event

if TYPE_CHECKING:
    from .scenario import ScenarioRules

__all__ = ["Capabilities", "Policy", "SearchHooks", "UndoHooks"]

Policy = Callable[[dict[str, Any], Sequence[Any]], Any]
"""A bot: from a seat's view and its legal actions, the action it plays."""


@dataclass(frozen=True)
class SearchHooks:
    """What the search bot (engine/search.py) needs to play a game."""

    determinize: Callable[[dict[str, JSON], int], Any]
    """A whole state in which the view is the seat's view, unseen cards dealt
    at random from the seed."""
    horizon: Callable[[Any, Any], bool]
    """Whether a playout that started in the first state has gone far enough."""
    score: Callable[[Any, Any, int], float]
    """How good the second state is for the seat, compared with the first."""
    policy: str
    """The level, among the game's `bots`, that plays the playouts out."""
    dealer: Callable[[dict[str, JSON]], Callable[[int], Any]] | None = None
    """Optional, for speed: `determinize` in two steps, the view read once for
    all the worlds of a decision. `dealer(view)(seed)` must equal
    `determinize(view, seed)`."""
    advance: Callable[[Any, int, Any], Any] | None = None
    """Optional, for speed: `apply` without its events, which playouts never
    read. `advance(state, seat, action)` must be the state `apply` gives, but
    for a state past the horizon (where a playout stops), which need only be
    judged alike by `horizon` and `score` (Boss Quest does not deal the next
    round)."""
    playout_view: Callable[[Any, int], Any] | None = None
    """Optional, for speed: the view the playout policy is given, a part of
    `view` (some of its keys, each with the view's value) holding all that the
    game's bots read, or any record of it that the playout policy reads
    instead (The Boss's `Seen`). Without it: `view`."""
    playout: Callable[[Any, int, Any, int], Any] | None = None
    """Optional, for speed: a whole playout in one call. `playout(world, seat,
    action, limit)` plays `action` for `seat` in `world`, then the game's
    `bots[policy]` for every seat until `horizon` holds or the game is over,
    at most `limit` actions after the first, and gives the last state: the
    very state the engine's own loop (`search.play_out`) reaches. The engine
    calls it only when its playouts are played by that policy."""
    candidates: Callable[[dict[str, JSON], Sequence[Any]], Sequence[int]] | None = None
    """Optional: the legal actions worth searching, as indexes into the legal
    list, the most promising first. The search tries them once each in that
    order while its time lasts, then as UCB1 picks, and never plays an action
    left out; one alone is played at once, without a playout. Without it:
    every legal action, the playout policy's choice first."""


@dataclass(frozen=True)
class UndoHooks:
    """What the undo policy (engine/undo.py) asks about one action already played."""

    turn_goes_on: Callable[[Any, Any, int, Any], bool]
    """Whether the seat is still playing the same turn after the action."""
    barrier: Callable[[Any, Any, int, Any], Reason | None]
    """Why the action may not be taken back (a draw, a reveal), or None."""


@dataclass(frozen=True)
class Capabilities:
    """The optional parts of a game, each None (or empty) when it has none."""

    opening_events: Callable[[Any], list[Event]] | None = None
    """The first deal as events (hidden cards as secrets of their owner), so
    that a log can start with it."""
    redeal: Callable[[Any, int | None, int], Any] | None = None
    """The state with everything the seat cannot see dealt again from the seed;
    that seat's view must not change (the hidden-information test)."""
    invariant_problems: Callable[[Any], list[str]] | None = None
    """Every broken invariant of a state, in words."""
    rounds: Callable[[Any], int] | None = None
    """How many rounds a state has reached, for the simulator's figures."""
    bots: Mapping[str, Policy] = field(default_factory=dict)
    """Heuristic bots by level name ("easy", "normal", ...). Which levels
    people may choose, in which words and at which seats, the game declares
    with its options (`OptionsDeclaration.levels`, `Role.levels`)."""
    search: SearchHooks | None = None
    undo: UndoHooks | None = None
    scenarios: ScenarioRules | None = None
    """How scenario files name this game's cards, actions and expectations."""
