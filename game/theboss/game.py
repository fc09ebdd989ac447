"""The Boss as an engine Game: the protocol every tool of the engine plays."""

from __future__ import annotations

from functools import cached_property
from typing import Any, Final

from ..engine.capabilities import Capabilities, SearchHooks, UndoHooks
from ..engine.game_base import GameBase
from . import bots, codec, rules, setup, undo, view_check, views
from .invariants import state_problems
from .options import DECLARED
from .scenario import SCENARIOS
from .scoring import outcome
from .state import Action, Stage, State

__all__ = ["GAME", "TheBoss"]


class TheBoss(GameBase[State, Action]):
    """The Boss (Alain Ollier, 2010). Stateless: every method reads or makes
    states. ``GameBase`` forwards the protocol to the modules named below."""

    name = "theboss"
    schema_version = 1
    declared_options = DECLARED
    rules = rules
    views = views
    codec = codec
    view_check = view_check

    @cached_property
    def capabilities(self) -> Capabilities:
        # The engine makes the hard level from the search hooks (so the page can
        # think in slices); `bots` lists the heuristic levels only.
        return Capabilities(
            opening_events=self.opening_events,
            redeal=self.redeal,
            invariant_problems=self.invariant_problems,
            rounds=self.rounds,
            bots={level: bots.BOTS[level] for level in bots.HEURISTIC_LEVELS},
            search=SearchHooks(
                bots.search_determinize,
                bots.search_horizon,
                bots.search_score,
                bots.PLAYOUT_LEVEL,
                advance=rules.advance,
                playout_view=views.playout_view,
                playout=bots.search_playout,
                candidates=bots.search_candidates,
            ),
            undo=UndoHooks(undo.turn_goes_on, undo.undo_barrier),
            scenarios=SCENARIOS,
        )

    def deal(self, options: dict[str, Any], seed: int) -> State:
        return setup.new_game(options["players"], seed)

    def opening_events(self, state: State) -> list[dict[str, Any]]:
        """The first deal as an event (each hand's faces a secret of its owner)."""
        return [setup.round_start_event(state)]

    def seats(self, state: State) -> int:
        return len(state.hands)

    # The rules' own functions, called without a method in between: the
    # simulator and the search bot's playouts call these for every action.
    to_act = staticmethod(rules.to_act)
    is_over = staticmethod(rules.is_over)
    legal_actions = staticmethod(rules.legal_actions)
    check = staticmethod(rules.check)
    apply = staticmethod(rules.apply)
    view = staticmethod(views.view)

    def redeal(self, state: State, seat: int | None, seed: int) -> State:
        return views.redeal(state, seat, seed)

    def determinize(self, view: dict[str, Any], seed: int) -> State:
        return views.determinize(view, seed)

    def outcome(self, state: State) -> dict[str, Any] | None:
        """Winners, money, and the tie-break figures: money won in the last
        round, gangsters left after its sanctions."""
        return outcome(state) if state.stage is Stage.OVER else None

    def rounds(self, state: State) -> int:
        return state.round

    def invariant_problems(self, state: State) -> list[str]:
        return state_problems(state)


GAME: Final = TheBoss()
