"""Duel as an engine Game."""

from __future__ import annotations

from functools import cached_property
from typing import Any, Final

from ..engine.capabilities import Capabilities, SearchHooks
from ..engine.game_base import GameBase
from ..engine.options import OptionsDeclaration
from . import codec, rules, view_check, views
from .bots import easy_bot, normal_bot
from .state import Action, Stage, State

__all__ = ["GAME", "Duel"]


class Duel(GameBase[State, Action]):
    """Stateless: every method reads or makes states. ``GameBase`` forwards the
    protocol to the modules named below; this class writes what is Duel's own."""

    name = "duel"
    schema_version = 1
    declared_options = OptionsDeclaration(min_players=2, max_players=2, default_players=2)
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
            rounds=lambda state: state.round,
            bots={"normal": normal_bot, "easy": easy_bot},
            search=SearchHooks(views.determinize, self.search_horizon, self.search_score, "normal"),
        )

    def deal(self, options: dict[str, Any], seed: int) -> State:
        return rules.new_game(seed)

    def opening_events(self, state: State) -> list[dict[str, Any]]:
        secret = {str(seat): {"hand": list(state.hands[seat])} for seat in (0, 1)}
        return [{"type": "deal", "round": state.round, "secret": secret}]

    def seats(self, state: State) -> int:
        return 2

    def search_horizon(self, start: State, state: State) -> bool:
        return state.stage == Stage.OVER

    def search_score(self, start: State, end: State, seat: int) -> float:
        return float(end.points[seat] - end.points[1 - seat])

    def is_over(self, state: State) -> bool:
        return state.stage == Stage.OVER

    def outcome(self, state: State) -> dict[str, Any] | None:
        if state.stage != Stage.OVER:
            return None
        best = max(state.points)
        return {
            "winners": [seat for seat in (0, 1) if state.points[seat] == best],
            "points": list(state.points),
        }


GAME: Final = Duel()
