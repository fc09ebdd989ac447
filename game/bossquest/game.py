"""Boss Quest as an engine Game: the protocol every tool of the engine plays."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Any, Final

from ..engine.capabilities import Capabilities, SearchHooks, UndoHooks
from ..engine.errors import Reason
from ..engine.game_base import GameBase
from . import codec, rules, setup, undo, view_check, views
from .actions import Action
from .bots import easy_bot, normal_bot
from .determinize import dealer, determinize
from .fight import round_start_event
from .invariants import state_problems
from .options import DECLARED, Options
from .scenario import SCENARIOS
from .state import Fate, Stage, State
from .text import describe

__all__ = ["GAME", "BossQuest"]


class BossQuest(GameBase[State, Action]):
    """Boss Quest's base game. Stateless: every method reads or makes states.
    ``GameBase`` forwards the protocol to the modules named below."""

    name = "bossquest"
    schema_version = 1
    scenarios: Final = SCENARIOS
    bots: Final = {"normal": normal_bot, "easy": easy_bot}
    playout_policy: Final = "normal"  # what the search bot plays out with
    declared_options = DECLARED
    rules = rules
    views = views
    codec = codec
    view_check = view_check

    @cached_property
    def capabilities(self) -> Capabilities:
        return Capabilities(
            opening_events=self.opening_events,
            redeal=self.redeal,
            invariant_problems=self.invariant_problems,
            rounds=self.rounds,
            bots=self.bots,
            search=SearchHooks(
                self.determinize,
                self.search_horizon,
                self.search_score,
                self.playout_policy,
                dealer=self.dealer,
                advance=rules.advance,
                playout_view=views.playout_view,
            ),
            undo=UndoHooks(self.turn_goes_on, self.undo_barrier),
            scenarios=self.scenarios,
        )

    def describe(self, event: dict[str, Any], names: list[str], lang: str) -> list[str]:
        """Log lines for an event already filtered for its reader."""
        return describe(event, names, lang)

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return Options.from_json(options).to_json()

    def deal(self, options: dict[str, Any], seed: int) -> State:
        return setup.new_game(Options.from_json(options), seed)

    def opening_events(self, state: State) -> list[dict[str, Any]]:
        """The first deal as an event (each hidden card a secret of its owner):
        a network host starts every guest's log with it."""
        return [round_start_event(state)]

    def seats(self, state: State) -> int:
        return len(state.players)

    # The rules' own functions, called without a method in between: the
    # simulator and the search bot's playouts call these for every action.
    to_act = staticmethod(rules.to_act)
    legal_actions = staticmethod(rules.legal_actions)
    check = staticmethod(rules.check)
    apply = staticmethod(rules.apply)
    view = staticmethod(views.view)

    def redeal(self, state: State, seat: int | None, seed: int) -> State:
        return views.redeal(state, seat, seed)

    def is_over(self, state: State) -> bool:
        return state.stage == Stage.OVER

    def outcome(self, state: State) -> dict[str, Any] | None:
        if state.stage != Stage.OVER:
            return None
        return {
            "winners": list(state.winners),
            "keys": [player.keys for player in state.players],
            "hearts": [player.hearts for player in state.players],
            "rounds": state.round,
        }

    def determinize(self, view: dict[str, Any], seed: int) -> State:
        return determinize(view, seed)

    def dealer(self, view: dict[str, Any]) -> Callable[[int], State]:
        """`determinize` with the view read once, for the search's playouts."""
        return dealer(view)

    def search_horizon(self, start: State, state: State) -> bool:
        """Playouts stop at the end of the round: keys and hearts have moved."""
        return state.round != start.round or state.stage == Stage.OVER

    def search_score(self, start: State, end: State, seat: int) -> float:
        """Keys won, less hearts lost and the best rival's keys; the game's end weighs most."""

        def gained(who: int) -> int:
            return end.players[who].keys - start.players[who].keys

        def lost(who: int) -> int:
            return max(0, start.players[who].hearts - end.players[who].hearts)

        others = [who for who in range(len(end.players)) if who != seat]
        if end.fates and end.fates[seat] == Fate.REAPER:
            # The Reaper player wins by hearts the knights lose, not by keys.
            score = 0.8 * sum(lost(who) for who in others) - 0.5 * max(map(gained, others))
        else:
            score = gained(seat) - 0.8 * lost(seat) - 0.5 * max(map(gained, others))
            if end.fates and end.fates[seat] == Fate.GONE != start.fates[seat]:
                score -= 3.0  # out of the game
        if end.stage == Stage.OVER:
            score += 3.0 if seat in end.winners else -3.0
        return score

    def rounds(self, state: State) -> int:
        return state.round

    def turn_goes_on(self, before: State, after: State, seat: int, action: Action) -> bool:
        """The undo policy's hook (game.engine.undo): is `seat` still in the same turn?"""
        return undo.turn_goes_on(before, after, seat, action)

    def undo_barrier(self, before: State, after: State, seat: int, action: Action) -> Reason | None:
        """The undo policy's hook: why `action` may not be taken back, or None."""
        return undo.undo_barrier(before, after, seat, action)

    def invariant_problems(self, state: State) -> list[str]:
        return state_problems(state) + views.view_problems(state)


GAME: Final = BossQuest()
