"""The protocol that every game implements, so that matches, replays, scenarios,
the simulator, bots and the network layer work on any game without knowing it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from .errors import Reason

if TYPE_CHECKING:
    from .capabilities import Capabilities
    from .options import OptionsDeclaration
    from .viewcheck import Received

__all__ = ["JSON", "Action", "Event", "Game", "State"]

JSON = Any
"""A value made of dicts, lists, str, int, float, bool and None."""

Event = dict[str, Any]
"""Something that happened. An optional "secret" key maps a seat (as a string)
to fields only that seat may see; `game.engine.events.event_for_seat` strips it."""

State = TypeVar("State")
Action = TypeVar("Action")


class Game(Protocol[State, Action]):
    """A game's rules. Every method is pure: states are immutable values."""

    @property
    def name(self) -> str:
        """The game's name in matches, saves and the command line."""
        ...

    @property
    def schema_version(self) -> int:
        """The version of the game's state JSON; saves of another version are refused."""
        ...

    @property
    def declared_options(self) -> OptionsDeclaration:
        """The player range, modes (seat roles, teams), options and constraints
        between options, declared once (engine/options.py, engine/modes.py)."""
        ...

    @property
    def capabilities(self) -> Capabilities:
        """The optional parts this game offers (bots, search, undo, re-dealing, ...)."""
        ...

    def normalize_options(self, options: Mapping[str, JSON]) -> dict[str, JSON]:
        """Validate options and fill in defaults (through `declared_options`);
        raise MalformedData naming the bad field."""
        ...

    def new_game(self, options: Mapping[str, JSON], seed: int) -> State:
        """Deal a new game from options and a seed."""
        ...

    def seats(self, state: State) -> int:
        """How many seats the game has."""
        ...

    def to_act(self, state: State) -> tuple[int, ...]:
        """The seats that may act now (empty once the game is over)."""
        ...

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action of `seat`, in a stable order."""
        ...

    def check(self, state: State, seat: int, action: Action) -> Reason | None:
        """Why `action` by `seat` is illegal now, or None when it is legal."""
        ...

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """Play a legal action; raise IllegalAction (state unchanged) otherwise."""
        ...

    def view(self, state: State, seat: int | None) -> dict[str, JSON]:
        """What `seat` may know, JSON-safe; None gives the public view of a spectator."""
        ...

    def is_over(self, state: State) -> bool:
        """Whether the game has ended."""
        ...

    def outcome(self, state: State) -> dict[str, JSON] | None:
        """The result once the game is over, else None. One checked shape
        (engine/outcome.py, checked by the conformance suite at the end of
        every game): "winners", the winning seats, each once; in a mode with
        teams (engine/modes.py) "teams", the winning teams' ids, whose seats
        are exactly the winners; any other key is the game's own."""
        ...

    def check_received(self, received: Received) -> str | None:
        """Why what a host sent a seat (its view, legal actions, new events and
        the outcome; engine/viewcheck.py) could not come from an honest host of
        this game, naming the field; None when it could. Strict: every field,
        type and range, card ids that exist, counts that agree, nothing the
        seat may not see. A network guest ignores a refused frame whole."""
        ...

    def action_universe(self, state: State) -> Sequence[Action]:
        """A superset of every action any seat could play now, legal or not; the
        invariants check that `check` and `legal_actions` agree on all of it."""
        ...

    def state_to_json(self, state: State) -> dict[str, JSON]: ...

    def state_from_json(self, data: JSON) -> State: ...

    def action_to_json(self, action: Action) -> dict[str, JSON]: ...

    def action_from_json(self, data: JSON) -> Action: ...
