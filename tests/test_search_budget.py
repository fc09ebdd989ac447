"""The search's budget binds from its first playout, and it searches the
actions the game names, most promising first (SearchHooks.candidates).

A fake game with 500 legal actions whose every playout costs 0.05 s of a fake
clock: the clock moves only when a playout plays, so the tests count playouts
and never time anything.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from game.engine.capabilities import Capabilities, SearchHooks
from game.engine.search import SearchBot, SearchSettings

ACTIONS = 500
PLAYOUT_COST = 0.05  # fake seconds per playout
BUDGET = 0.12


class FakeClock:
    """perf_counter for the search: it moves only when a playout is played."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@dataclass
class SlowGame:
    """One move for seat 0, out of ACTIONS, then the game is over. Action a
    scores a / ACTIONS, so the higher the better; every move played costs
    PLAYOUT_COST of the clock's time. `candidates` is the game's hook, or None."""

    clock: FakeClock
    candidates: list[int] | None = None
    played: list[int] = field(default_factory=list)  # the actions each playout tried
    name: str = "slow"

    @property
    def capabilities(self) -> Capabilities:
        named = None if self.candidates is None else self.named
        return Capabilities(
            search=SearchHooks(
                self.determinize, self.horizon, self.score, "first", candidates=named
            )
        )

    def named(self, view: dict[str, Any], legal: Sequence[int]) -> Sequence[int]:
        assert self.candidates is not None
        return self.candidates

    def determinize(self, view: dict[str, Any], seed: int) -> int:
        return -1  # the state: no move yet

    def horizon(self, start: int, state: int) -> bool:
        return False

    def score(self, start: int, end: int, seat: int) -> float:
        return end / ACTIONS

    def is_over(self, state: int) -> bool:
        return state >= 0

    def to_act(self, state: int) -> tuple[int, ...]:
        return () if state >= 0 else (0,)

    def legal_actions(self, state: int, seat: int) -> list[int]:
        return [] if state >= 0 else list(range(ACTIONS))

    def view(self, state: int, seat: int) -> dict[str, Any]:
        return {"seat": seat, "moved": state >= 0}

    def apply(self, state: int, seat: int, action: int) -> tuple[int, list[dict[str, Any]]]:
        self.clock.now += PLAYOUT_COST
        self.played.append(action)
        return action, []


def first_action(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    """The playout policy: the first legal action."""
    return legal[0]


def prefers_seven(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    return 7


def decide(
    game: SlowGame, monkeypatch: pytest.MonkeyPatch, policy: Any, budget: float = BUDGET
) -> tuple[Any, SearchBot]:
    monkeypatch.setattr(time, "perf_counter", game.clock)
    bot = SearchBot(game, policy, SearchSettings(playouts=300, time_budget=budget), seed=1)  # type: ignore[arg-type]
    return bot({"seat": 0, "moved": False}, list(range(ACTIONS))), bot


def test_the_deadline_binds_during_the_first_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """500 actions at 0.05 s a playout: the search stops within its 0.12 s and
    one playout (playouts start at 0, 0.05 and 0.10 s), and plays the best of
    the actions it tried, the policy's choice first, then the list in order."""
    game = SlowGame(FakeClock())
    choice, bot = decide(game, monkeypatch, prefers_seven)
    assert bot.last_playouts == len(game.played) == 3
    assert game.clock.now <= BUDGET + PLAYOUT_COST
    assert game.played == [7, 0, 1]
    assert choice == 7  # the best of those tried, not 499, never tried


def test_the_game_names_the_actions_worth_searching(monkeypatch: pytest.MonkeyPatch) -> None:
    game = SlowGame(FakeClock(), candidates=[3, 450, 12, 499])
    choice, bot = decide(game, monkeypatch, first_action)
    assert game.played == [3, 450, 12]  # in the game's order, as long as time lasts
    assert choice == 450
    # With time for more than one pass, only the named actions are searched.
    game = SlowGame(FakeClock(), candidates=[3, 450, 12, 499])
    choice, bot = decide(game, monkeypatch, first_action, budget=10.025)
    assert bot.last_playouts == 201 and set(game.played) == {3, 450, 12, 499}
    assert choice == 499


def test_with_no_time_for_a_playout_the_policy_chooses(monkeypatch: pytest.MonkeyPatch) -> None:
    game = SlowGame(FakeClock())

    def late_clock() -> float:
        """Each reading a second later: the first playout would start too late."""
        game.clock.now += 1.0
        return game.clock.now

    monkeypatch.setattr(time, "perf_counter", late_clock)
    bot = SearchBot(game, prefers_seven, SearchSettings(time_budget=BUDGET), seed=1)  # type: ignore[arg-type]
    assert bot({"seat": 0, "moved": False}, list(range(ACTIONS))) == 7
    assert bot.last_playouts == 0 and game.played == []


@pytest.mark.parametrize("named", [[], [1, 1], [ACTIONS], [-1]])
def test_bad_candidates_are_refused(monkeypatch: pytest.MonkeyPatch, named: list[int]) -> None:
    game = SlowGame(FakeClock(), candidates=named)
    with pytest.raises(ValueError, match="candidates"):
        decide(game, monkeypatch, first_action)
    assert game.played == []


def test_an_only_candidate_is_played_without_a_playout(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game naming one action worth searching (a move its own heuristics
    settle) spends no time on it."""
    game = SlowGame(FakeClock(), candidates=[42])
    choice, bot = decide(game, monkeypatch, first_action)
    assert choice == 42
    assert bot.last_playouts == 0 and game.played == [] and game.clock.now == 0.0
    bot.partner = Unasked()  # nor does it ask a partner to search it
    assert bot({"seat": 0, "moved": False}, list(range(ACTIONS))) == 42


class Unasked:
    """A search partner that must not be asked."""

    def ask(self, request: object) -> str:
        raise AssertionError("a partner was asked to search a settled move")

    def answer(self, token: str) -> None:
        raise AssertionError("a partner was awaited for a settled move")

    def forget(self, token: str) -> None:
        raise AssertionError("a partner was dismissed for a settled move")
