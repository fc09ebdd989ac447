"""Hero Realms as an engine Game (not registered yet: the client comes later)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, Final

from ..engine.capabilities import Capabilities, UndoHooks
from ..engine.errors import MalformedData, Reason
from ..engine.modes import Mode, Role, Team
from ..engine.options import OptionsDeclaration
from ..engine.safejson import quote
from ..engine.undo import default_barrier
from ..engine.viewcheck import Received
from . import codec, rules, view_check, views
from .cards import MAX_SEATS
from .options import PACK_OPTIONS, packs_of
from .scenario import SCENARIOS
from .state import NO_CARD, Action, Format, State

__all__ = ["DECLARED", "FREE_FOR_ALL", "GAME", "HUNTER", "HUNTER_LAST", "HYDRA", "HeroRealms"]

FREE_FOR_ALL: Final = Mode(
    Format.FREE_FOR_ALL.value,
    {"fr": "Chacun pour soi", "en": "Free-for-all"},
    min_players=2,
    max_players=MAX_SEATS,
    default_players=2,
)
HUNTER: Final = Mode(
    Format.HUNTER.value,
    {"fr": "Chasseur : premier sang", "en": "Hunter: first blood"},
    min_players=3,
    max_players=MAX_SEATS,
    default_players=3,
)
HUNTER_LAST: Final = Mode(
    Format.HUNTER_LAST.value,
    {"fr": "Chasseur : dernier debout", "en": "Hunter: last one standing"},
    min_players=3,
    max_players=MAX_SEATS,
    default_players=3,
)
HYDRA: Final = Mode(
    Format.HYDRA.value,
    {"fr": "Hydre : deux contre deux", "en": "Hydra: two against two"},
    min_players=4,
    max_players=4,
    roles=(
        Role("first_team", {"fr": "Première équipe", "en": "First team"}, seats=2),
        Role("second_team", {"fr": "Seconde équipe", "en": "Second team"}, seats=2),
    ),
    teams=(
        Team("first", {"fr": "Première équipe", "en": "First team"}, ("first_team",)),
        Team("second", {"fr": "Seconde équipe", "en": "Second team"}, ("second_team",)),
    ),
)
"""Seats 0 and 1 against 2 and 3: the first team plays first."""
DECLARED: Final = OptionsDeclaration(
    min_players=2,
    max_players=MAX_SEATS,
    default_players=2,
    modes=(FREE_FOR_ALL, HUNTER, HUNTER_LAST, HYDRA),
    options=PACK_OPTIONS,
)
"""Free-for-all at 2 to 4 players, Hunter (first blood or last one
standing) at 3 or 4; each seat's character
pack (Hydra comes later)."""


class HeroRealms:
    """Stateless: every method reads or makes states."""

    name: Final = "herorealms"
    schema_version: Final = 1
    declared_options: Final = DECLARED

    @cached_property
    def capabilities(self) -> Capabilities:
        return Capabilities(
            opening_events=self.opening_events,
            redeal=views.redeal,
            invariant_problems=views.state_problems,
            rounds=self.rounds,
            undo=UndoHooks(self.turn_goes_on, self.barrier),
            scenarios=SCENARIOS,
        )

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return DECLARED.normalize(options)

    def new_game(self, options: Mapping[str, Any], seed: int) -> State:
        normalized = self.normalize_options(options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise MalformedData(f"the seed must be an integer, not {quote(seed)}")
        format = Format(DECLARED.mode_of(normalized).id)
        return rules.new_game(normalized["players"], seed, format, packs_of(normalized))

    def opening_events(self, state: State) -> list[dict[str, Any]]:
        secret = {str(seat): {"cards": list(p.hand)} for seat, p in enumerate(state.players)}
        sizes = [len(p.hand) for p in state.players]
        return [{"type": "deal", "hands": sizes, "market": list(state.market), "secret": secret}]

    def rounds(self, state: State) -> int:
        """Rounds begun: every seat's turn makes one (the first seat's turns)."""
        return (state.turns - 1) // len(state.players) + 1

    def seats(self, state: State) -> int:
        return len(state.players)

    def to_act(self, state: State) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def check(self, state: State, seat: int, action: Action) -> Reason | None:
        return rules.check(state, seat, action)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[dict[str, Any]]]:
        return rules.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def is_over(self, state: State) -> bool:
        return state.winner != NO_CARD

    def outcome(self, state: State) -> dict[str, Any] | None:
        if state.winner == NO_CARD:
            return None
        if state.format == Format.HYDRA:
            team = HYDRA.teams[state.winner // 2].id
            return {"winners": [state.winner, state.winner + 1], "teams": [team]}
        return {"winners": [state.winner]}

    # ------------------------------------------------------------ undo

    def turn_goes_on(self, before: State, after: State, seat: int, action: Action) -> bool:
        """A seat's turn goes on until it ends it (or the game ends)."""
        return before.turn == seat and after.turn == seat and after.winner == NO_CARD

    @cached_property
    def _default_barrier(self) -> Any:
        return default_barrier(self, lambda state: state.dice)

    def barrier(self, before: State, after: State, seat: int, action: Action) -> Reason | None:
        """A draw, a reshuffle or a market refill showed something hidden."""
        reason: Reason | None = self._default_barrier(before, after, seat, action)
        return reason

    # ------------------------------------------------------ the rest

    def check_received(self, received: Received) -> str | None:
        return view_check.check_received(received)

    def action_universe(self, state: State) -> list[Action]:
        return rules.action_universe(state)

    def state_to_json(self, state: State) -> dict[str, Any]:
        return codec.state_to_json(state)

    def state_from_json(self, data: Any) -> State:
        return codec.state_from_json(data)

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return codec.action_to_json(action)

    def action_from_json(self, data: Any) -> Action:
        return codec.action_from_json(data)


GAME: Final = HeroRealms()
