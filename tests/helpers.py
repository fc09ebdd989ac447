"""Small helpers the tests share."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.bossquest import GAME
from game.bossquest.state import State
from game.engine import rng
from game.engine.protocol import Game
from game.engine.scenario import case_list, load_scenario
from game.engine.simulate import random_game

UNIVERSE_ONE_IN = 8
"""The long random games of the property tests check the checker against the
whole action universe on one state in 8 (and the first and last); the
conformance suite's random play on the sample below (`spread`,
`universe_first`). test_conformance.py shows that a lax checker is caught
by an every-state game and by that sample."""


EARLY_STATES = 150
"""A random game's first states a long check looks at, all of them (the whole
of a Boss Quest, The Boss or short Raid game)."""

LATE_STATES = 64
"""How many of a long game's later states a check looks at, spread evenly
(a Hero Realms game runs to thousands of actions: states alike, each costly)."""

UNIVERSE_BUDGET = 200_000
"""The checker calls (seats x actions of the universe) a game's first states
may take in a whole-universe check; past them, LATE_UNIVERSE more states."""

LATE_UNIVERSE = 16


def spread(length: int, first: int, late: int) -> list[int]:
    """The indexes of a game of `length` states that a check looks at: the
    first `first`, `late` more spread evenly over the rest, and the last (a
    game of up to `first + late` states: every one)."""
    head = list(range(min(first, length)))
    if length <= first + late:
        return list(range(length))
    step = -(-(length - first) // late)  # ceiling: at most `late` states
    tail = list(range(first, length, step))
    return head + tail + ([length - 1] if tail[-1] != length - 1 else [])


def thinned(length: int, every: int, late: int) -> list[int]:
    """The indexes of a game of `length` states a drawing check looks at,
    in order: every `every`-th of the first EARLY_STATES, `late` more spread
    over the rest (`spread`), and the last."""
    later = (index for index in spread(length, EARLY_STATES, late) if index >= EARLY_STATES)
    early = range(0, min(length, EARLY_STATES), every)
    return sorted({*early, *later, length - 1})


def universe_first(game: Game[Any, Any], state: Any) -> int:
    """How many of a game's first states get a whole-universe check within
    UNIVERSE_BUDGET (EARLY_STATES at most), by the dealt state's universe: Boss
    Quest's, The Boss's and Raid's early states all, a few dozen of Hero
    Realms', whose universe is ten times theirs."""
    calls = game.seats(state) * len(game.action_universe(state))
    return max(1, min(EARLY_STATES, UNIVERSE_BUDGET // max(1, calls)))


def play_random(players: int, seed: int, steps: int, **options: Any) -> State:
    """A state reached by `steps` random legal actions (or the end of the game)."""
    state = GAME.new_game({"players": players, **options}, seed)
    dice = rng.seed_state(seed + 1)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        index, dice = rng.below(dice, len(legal))
        state, _ = GAME.apply(state, seat, legal[index])
    return state


def advance_steps(
    game: Game[Any, Any], options: dict[str, Any], seed: int
) -> Iterator[tuple[Any, Any, Any]]:
    """Each step of a random game of ``game``: the state before it, the state
    ``apply`` gives for the action taken from the legal list (trusted), and
    the one the search's ``advance`` hook gives for it, which it must also
    give for an equal action (checked). The games' tests of ``advance``
    (Boss Quest's in test_properties.py, The Boss's in test_theboss_rules.py)
    judge the last two."""
    search = game.capabilities.search
    assert search is not None and search.advance is not None
    _final, played, _ = random_game(game, options, seed)
    state = game.new_game(options, seed)
    for seat, action in played:
        legal = game.legal_actions(state, seat)
        listed = legal[legal.index(action)]
        advanced = search.advance(state, seat, listed)
        equal = game.action_from_json(game.action_to_json(action))
        assert search.advance(state, seat, equal) == advanced
        before = state
        state, _events = game.apply(state, seat, listed)
        yield before, state, advanced


def seated_session(
    game: Game[Any, Any], players: int, seed: int, host_seat: int = 0
) -> tuple[Any, Any, dict[int, tuple[str, Any]]]:
    """A network table over the in-memory transport, started: the host Ana at
    `host_seat`, a guest in every other seat (Ben, Cleo, ...), each as
    (peer id, GuestSession) by seat."""
    from game.net import GuestSession, HostSession, MemoryHub

    host = HostSession.new(game, {"players": players}, seed, "Ana")
    hub = MemoryHub(host)
    if host_seat:
        hub.route(host.take_seat(host_seat))
    guests = {}
    others = [seat for seat in range(players) if seat != host_seat]
    for seat, name in zip(others, ("Ben", "Cleo", "Dan", "Eve", "Fred"), strict=False):
        guest = GuestSession(name, game=game)
        peer = hub.connect(guest)
        hub.flush()
        hub.send(peer, guest.sit(seat))
        hub.flush()
        guests[seat] = (peer, guest)
    hub.route(host.start())
    hub.flush()
    return host, hub, guests


def scenario_cases(folder: Path) -> list[tuple[Path, int]]:
    """Every case of every scenario file in `folder`, as (file, index) for a
    test parametrized case by case (a game not registered runs its own)."""
    return [
        (path, index)
        for path in sorted(folder.glob("*.json"))
        for index in range(len(case_list(load_scenario(path))))
    ]


def case_id(value: object) -> str:
    """A scenario case's test id: its file's stem, then its index."""
    return value.stem if isinstance(value, Path) else str(value)
