"""Hero Realms as an engine Game (registered in game/registry.py)."""

from __future__ import annotations

from functools import cached_property
from typing import Any, Final

from ..engine.capabilities import Capabilities, SearchHooks, UndoHooks
from ..engine.errors import Reason
from ..engine.game_base import GameBase
from ..engine.modes import Mode, Role, Team
from ..engine.options import OptionsDeclaration
from ..engine.undo import default_barrier
from . import bots_search, codec, rules, view_check, views
from .bots import easy_bot, normal_bot
from .cards import MAX_SEATS
from .determinize import determinize
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
standing) at 3 or 4, Hydra (two against two) at 4; each seat's character pack."""


class HeroRealms(GameBase[State, Action]):
    """Stateless: every method reads or makes states. ``GameBase`` forwards the
    protocol to the modules named below; this class writes what is Hero
    Realms' own."""

    name = "herorealms"
    schema_version = 1
    declared_options = DECLARED
    rules = rules
    views = views
    codec = codec
    view_check = view_check

    @cached_property
    def capabilities(self) -> Capabilities:
        return Capabilities(
            opening_events=self.opening_events,
            redeal=views.redeal,
            invariant_problems=views.state_problems,
            rounds=self.rounds,
            undo=UndoHooks(self.turn_goes_on, self.barrier),
            scenarios=SCENARIOS,
            bots={"easy": easy_bot, "normal": normal_bot},
            # The engine makes the hard level from these (its search, in slices).
            search=SearchHooks(
                determinize,
                bots_search.search_horizon,
                bots_search.search_score,
                bots_search.PLAYOUT_LEVEL,
                candidates=bots_search.search_candidates,
            ),
        )

    def deal(self, options: dict[str, Any], seed: int) -> State:
        format = Format(DECLARED.mode_of(options).id)
        return rules.new_game(options["players"], seed, format, packs_of(options))

    def opening_events(self, state: State) -> list[dict[str, Any]]:
        secret = {str(seat): {"cards": list(p.hand)} for seat, p in enumerate(state.players)}
        sizes = [len(p.hand) for p in state.players]
        return [{"type": "deal", "hands": sizes, "market": list(state.market), "secret": secret}]

    def rounds(self, state: State) -> int:
        """Rounds begun: every seat's turn makes one (the first seat's turns)."""
        return (state.turns - 1) // len(state.players) + 1

    def seats(self, state: State) -> int:
        return len(state.players)

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


GAME: Final = HeroRealms()
