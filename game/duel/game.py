"""Duel as an engine Game."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, Final

from ..engine.capabilities import Capabilities, SearchHooks
from ..engine.errors import MalformedData, Reason
from ..engine.options import OptionsDeclaration
from ..engine.safejson import quote
from ..engine.viewcheck import Received
from . import codec, rules, view_check, views
from .bots import easy_bot, normal_bot
from .state import Action, Stage, State

__all__ = ["GAME", "Duel"]


class Duel:
    """Stateless: every method reads or makes states."""

    name: Final = "duel"
    schema_version: Final = 1
    bots: Final = {"normal": normal_bot, "easy": easy_bot}
    playout_policy: Final = "normal"
    declared_options: Final = OptionsDeclaration(min_players=2, max_players=2, default_players=2)

    @cached_property
    def capabilities(self) -> Capabilities:
        return Capabilities(
            opening_events=self.opening_events,
            redeal=self.redeal,
            invariant_problems=self.invariant_problems,
            rounds=self.rounds,
            bots=self.bots,
            search=SearchHooks(
                self.determinize, self.search_horizon, self.search_score, self.playout_policy
            ),
        )

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return self.declared_options.normalize(options)

    def new_game(self, options: Mapping[str, Any], seed: int) -> State:
        self.normalize_options(options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise MalformedData(f"the seed must be an integer, not {quote(seed)}")
        return rules.new_game(seed)

    def opening_events(self, state: State) -> list[dict[str, Any]]:
        secret = {str(seat): {"hand": list(state.hands[seat])} for seat in (0, 1)}
        return [{"type": "deal", "round": state.round, "secret": secret}]

    def seats(self, state: State) -> int:
        return 2

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

    def redeal(self, state: State, seat: int | None, seed: int) -> State:
        return views.redeal(state, seat, seed)

    def determinize(self, view: dict[str, Any], seed: int) -> State:
        return views.determinize(view, seed)

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

    def rounds(self, state: State) -> int:
        return state.round

    def check_received(self, received: Received) -> str | None:
        return view_check.check_received(received)

    def action_universe(self, state: State) -> list[Action]:
        return rules.action_universe(state)

    def invariant_problems(self, state: State) -> list[str]:
        return views.state_problems(state)

    def state_to_json(self, state: State) -> dict[str, Any]:
        return codec.state_to_json(state)

    def state_from_json(self, data: Any) -> State:
        return codec.state_from_json(data)

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return codec.action_to_json(action)

    def action_from_json(self, data: Any) -> Action:
        return codec.action_from_json(data)


GAME: Final = Duel()
