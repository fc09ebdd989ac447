"""A default ``Game`` with the pass-through parts every game used to repeat.

A game's rules live in modules of its package (``rules.py``, ``views.py``,
``codec.py``, ``view_check.py``); its ``game.py`` used to forward a dozen
protocol methods to them one by one. A game subclasses ``GameBase`` instead,
names those modules and its declared options, and writes only what is its own:
``deal`` (a new game from normalized options and a checked seed), ``seats``,
``is_over``, ``outcome`` and its ``capabilities``. A method a game writes
itself wins over the default (a game whose search calls its rules in every
playout may bind them as static methods, with no method in between).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from .errors import MalformedData, Reason
from .safejson import quote

if TYPE_CHECKING:
    from .capabilities import Capabilities
    from .options import OptionsDeclaration
    from .protocol import JSON, Event
    from .viewcheck import Received

__all__ = [
    "NAMED",
    "REQUIRED",
    "Codec",
    "GameBase",
    "Rules",
    "ViewCheck",
    "Views",
    "checked_seed",
]

S = TypeVar("S")
A = TypeVar("A")
S_contra = TypeVar("S_contra", contravariant=True)


class Rules(Protocol[S, A]):
    """The game's rules module: who acts, what is legal, why not, what happens."""

    def to_act(self, state: S, /) -> tuple[int, ...]: ...

    def legal_actions(self, state: S, seat: int, /) -> list[A]: ...

    def check(self, state: S, seat: int, action: A, /) -> Reason | None: ...

    def apply(self, state: S, seat: int, action: A, /) -> tuple[S, list[Event]]: ...

    def action_universe(self, state: S, /) -> Sequence[A]: ...


class Views(Protocol[S_contra]):
    """The game's views module: what a seat may know."""

    def view(self, state: S_contra, seat: int | None, /) -> dict[str, Any]: ...


class Codec(Protocol[S, A]):
    """The game's strict JSON readers and writers (``game.engine.codec`` helps)."""

    def state_to_json(self, state: S, /) -> dict[str, Any]: ...

    def state_from_json(self, data: Any, /) -> S: ...

    def action_to_json(self, action: A, /) -> dict[str, Any]: ...

    def action_from_json(self, data: Any, /) -> A: ...


class ViewCheck(Protocol):
    """The game's check of what a host sent a seat (``game.engine.viewcheck``)."""

    def check_received(self, received: Received, /) -> str | None: ...


#: the attributes a subclass names
NAMED: tuple[str, ...] = (
    "name",
    "schema_version",
    "declared_options",
    "rules",
    "views",
    "codec",
    "view_check",
)
#: the members a game writes itself (the protocol's part that is the game's own)
REQUIRED: tuple[str, ...] = ("capabilities", "deal", "seats", "is_over", "outcome")


def checked_seed(seed: object) -> int:
    """The seed, which must be an int (not a bool); else MalformedData naming it."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise MalformedData(f"the seed must be an integer, not {quote(seed)}")
    return seed


class GameBase(Generic[S, A]):
    """The pass-through parts of a game; a subclass names ``NAMED`` and writes
    ``REQUIRED`` (a class that misses one is refused when it is defined,
    naming what it misses). Stateless, like every game: methods read or make
    states."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        missing = [key for key in (*NAMED, *REQUIRED) if not hasattr(cls, key)]
        if missing:
            raise TypeError(f"the game {cls.__name__} does not define {', '.join(missing)}")

    name: str
    schema_version: int
    declared_options: OptionsDeclaration
    #: the game's modules, which the protocol's methods below call
    rules: Rules[S, A]
    views: Views[S]
    codec: Codec[S, A]
    view_check: ViewCheck

    if TYPE_CHECKING:  # each game writes these (checked when its class is defined)

        @property
        def capabilities(self) -> Capabilities: ...

        def deal(self, options: dict[str, JSON], seed: int) -> S:
            """A new game from normalized options and a checked seed."""

    def normalize_options(self, options: Mapping[str, JSON]) -> dict[str, JSON]:
        return self.declared_options.normalize(options)

    def new_game(self, options: Mapping[str, JSON], seed: int) -> S:
        normalized = self.normalize_options(options)
        return self.deal(normalized, checked_seed(seed))

    def to_act(self, state: S) -> tuple[int, ...]:
        return self.rules.to_act(state)

    def legal_actions(self, state: S, seat: int) -> list[A]:
        return self.rules.legal_actions(state, seat)

    def check(self, state: S, seat: int, action: A) -> Reason | None:
        return self.rules.check(state, seat, action)

    def apply(self, state: S, seat: int, action: A) -> tuple[S, list[Event]]:
        return self.rules.apply(state, seat, action)

    def action_universe(self, state: S) -> Sequence[A]:
        return self.rules.action_universe(state)

    def view(self, state: S, seat: int | None) -> dict[str, JSON]:
        return self.views.view(state, seat)

    def check_received(self, received: Received) -> str | None:
        return self.view_check.check_received(received)

    def state_to_json(self, state: S) -> dict[str, JSON]:
        return self.codec.state_to_json(state)

    def state_from_json(self, data: JSON) -> S:
        return self.codec.state_from_json(data)

    def action_to_json(self, action: A) -> dict[str, JSON]:
        return self.codec.action_to_json(action)

    def action_from_json(self, data: JSON) -> A:
        return self.codec.action_from_json(data)
