"""Where a playout of a game's hard bot spends its time, part by part.
Printed, never asserted; runs on CPython and under Pyodide, for any checkout
of the `game` package (the one on the path), so before and after compare.

    PYTHONPATH=<checkout> python bench/playout_parts.py [--game NAME] [GAMES]
    PYODIDE_GAME_ROOT=<checkout> node tests/pyodide/run_python.mjs bench/playout_parts.py ...

NAME is the game's package (bossquest by default, theboss); the playouts'
policy is the game's own (its search hooks' level, the normal bot).

The positions are seat 0's decisions in GAMES seeded 4-player games of normal
bots; the search runs 100 playouts at each, and every call its playouts make
is recorded, then each part is timed alone over its own calls on the CPU
clock (the best of 3): the worlds dealt, the legal lists, the steps (`apply`,
or the game's `SearchHooks.advance`), the views the policy is given (`view`,
or `SearchHooks.playout_view`), the policy, the score; then the whole search.
What the whole costs above the parts is the search's own loop. The parts
are those of the engine's own playout loop (`search.play_out`); a game with
its own whole playout (`SearchHooks.playout`, The Boss) runs that in the
whole search instead, so there the whole may cost less than its parts.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable
from typing import Any

from cpu_clock import cpu_clock  # bench/cpu_clock.py, beside this script
from seat_zero import seat_zero_decisions  # bench/seat_zero.py, beside it too

from game.engine.capabilities import SearchHooks
from game.engine.search import SearchBot, SearchSettings

PLAYOUTS = 100
args = sys.argv[1:]
game_name = args[1] if args[:1] == ["--game"] else "bossquest"
if args[:1] == ["--game"]:
    del args[:2]
GAME = importlib.import_module(f"game.{game_name}").GAME
games = int(args[0]) if args else 3
found = GAME.capabilities.search
if found is None:
    raise SystemExit(f"{game_name} offers no search hooks")
hooks: SearchHooks = found
normal_bot = GAME.capabilities.bots[hooks.policy]  # the playouts' policy: "normal"
# An older checkout may not have these hooks: it plays as it did.
advance: Callable[[Any, int, Any], Any] = getattr(hooks, "advance", None) or (
    lambda state, seat, action: GAME.apply(state, seat, action)[0]
)
policy_view: Callable[[Any, int], Any] = getattr(hooks, "playout_view", None) or GAME.view

positions = [(view, legal) for _state, view, legal in seat_zero_decisions(GAME, normal_bot, games)]

calls: dict[str, list[tuple[Any, ...]]] = {
    "steps": [],
    "legal": [],
    "views": [],
    "policy": [],
    "score": [],
}


def recorded_playout(start: Any, seat: int, action: Any) -> float:
    """The search's playout, recording every call it makes."""
    calls["steps"].append((start, seat, action))
    state = advance(start, seat, action)
    while not (GAME.is_over(state) or hooks.horizon(start, state)):
        actor = GAME.to_act(state)[0]
        calls["legal"].append((state, actor))
        legal = GAME.legal_actions(state, actor)
        if len(legal) == 1:
            action = legal[0]
        else:
            calls["views"].append((state, actor))
            view = policy_view(state, actor)
            calls["policy"].append((view, legal))
            action = normal_bot(view, legal)
        calls["steps"].append((state, actor, action))
        state = advance(state, actor, action)
    calls["score"].append((start, state, seat))
    return hooks.score(start, state, seat)


recorder = SearchBot(GAME, normal_bot, SearchSettings(PLAYOUTS, time_budget=1e9), seed=1)
recorder._playout = recorded_playout  # type: ignore[method-assign]
for view, legal in positions:
    recorder(view, legal)
playouts = len(calls["score"])
cpu = cpu_clock()


def best_time(work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(3):
        started = cpu()
        work()
        best = min(best, cpu() - started)
    return best


def each(function: Callable[..., object], arguments: Iterable[tuple[Any, ...]]) -> None:
    for args in arguments:
        function(*args)


def step_after_its_legal_list(state: Any, seat: int, action: Any) -> None:
    """A step as in a playout: the legal list just made (apply trusts it)."""
    GAME.legal_actions(state, seat)
    advance(state, seat, action)


def dealer(view: dict[str, Any]) -> Callable[[int], Any]:
    """The search's dealing of worlds from one view (as SearchBot.steps makes it)."""
    if hooks.dealer is not None:
        return hooks.dealer(view)
    return lambda seed: hooks.determinize(view, seed)


parts = {
    "deal a world": lambda: [
        deal(seed)
        for deal in map(dealer, (view for view, _ in positions))
        for seed in range(PLAYOUTS)
    ],
    "legal lists": lambda: each(GAME.legal_actions, calls["legal"]),
    "steps (each after its legal list)": lambda: each(step_after_its_legal_list, calls["steps"]),
    "views for the policy": lambda: each(policy_view, calls["views"]),
    "policy": lambda: each(normal_bot, calls["policy"]),
    "score": lambda: each(hooks.score, calls["score"]),
}
print(f"{playouts} playouts at {len(positions)} positions, Python {sys.version.split()[0]}")
for name, work in parts.items():
    print(f"{name:36} {1e6 * best_time(work) / playouts:8.1f} us a playout")
search = SearchBot(GAME, normal_bot, SearchSettings(PLAYOUTS, time_budget=1e9), seed=1)
whole = best_time(lambda: [search(view, legal) for view, legal in positions])
print(f"{'the whole search':36} {1e6 * whole / playouts:8.1f} us a playout")
