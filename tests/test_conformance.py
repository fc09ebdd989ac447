"""The conformance suite: what every game on the platform must satisfy, run for
every registered game and for Duel, the small game written only for the tests
(two players, hidden cards, a simultaneous step). In the spirit of OpenSpiel's
shared game tests: a game is done when it passes.

The game-level checks come first, each over a game and its option sets; then
the client-level ones (a control for every legal action, words in both
languages for every event and refusal, every phase drawn as well-formed HTML
that names no card its viewer cannot see)."""

from __future__ import annotations

import functools
import importlib
import json
import re
from collections.abc import Collection, Iterator, Mapping, Sequence
from copy import copy
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from game.engine import rng
from game.engine.bots import RandomBot, bot_levels, make_bot
from game.engine.client import GameClient, Scene
from game.engine.codec import canonical_json, decode_state, encode_state, state_hash
from game.engine.errors import GameError, IllegalAction, Reason
from game.engine.events import event_for_seat, events_for_seat
from game.engine.invariants import check_invariants
from game.engine.match import Match, replay
from game.engine.outcome import outcome_problem
from game.engine.protocol import Event, Game
from game.engine.search import SearchSettings
from game.engine.simulate import random_game
from game.engine.viewcheck import Received
from game.registry import CLIENTS, GAMES, TEST_CLIENTS, TEST_GAMES
from tests.helpers import (
    EARLY_STATES,
    LATE_STATES,
    LATE_UNIVERSE,
    UNIVERSE_ONE_IN,
    spread,
    thinned,
    universe_first,
)
from tests.pyodide_server import PyodideServer, last_json, run_cpython

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "pyodide" / "conformance_game.py"

ALL_GAMES: dict[str, Game[Any, Any]] = {
    **GAMES,
    **{name: importlib.import_module(module).GAME for name, module in TEST_GAMES.items()},
}
"""Every registered game and the test games (as ``include_test_games`` adds
them, without changing the registry for the other tests of the session)."""

CLIENT_MODULES: dict[str, str] = {**CLIENTS, **TEST_CLIENTS}

OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    name: list(game.declared_options.samples()) for name, game in ALL_GAMES.items()
}
"""Every player count, each option changed alone and all at once (see
OptionsDeclaration.samples)."""


def cases() -> Iterator[Any]:
    for name, game in ALL_GAMES.items():
        for options in OPTION_SETS[name]:
            yield pytest.param(game, options, id=f"{name}-{canonical_json(options)}")


@pytest.mark.parametrize("game", ALL_GAMES.values(), ids=list(ALL_GAMES))
def test_options_are_declared_once_and_read_strictly(game: Game[Any, Any]) -> None:
    declared = game.declared_options
    samples = [canonical_json(options) for options in declared.samples()]
    assert len(samples) == len(set(samples)), "an option set is played twice"
    for options in declared.samples():
        assert game.normalize_options(options) == options  # normalized is a fixed point
    bad_options: list[Any] = [{}, {"players": declared.max_players + 1}, {"players": 2, "x": 1}, []]
    for bad in bad_options:
        with pytest.raises(GameError):
            game.normalize_options(bad)
    described = declared.to_json()
    assert json.loads(json.dumps(described)) == described


def _random_states(game: Game[Any, Any], options: Mapping[str, Any], seed: int) -> list[Any]:
    """The states of one random game, several seats to act picked in any
    order; a long game's on a sample (tests/helpers.py `spread`): its first
    EARLY_STATES, LATE_STATES more spread over the rest, and the last."""
    states = list(_every_random_state(game, options, seed))
    return [states[index] for index in spread(len(states), EARLY_STATES, LATE_STATES)]


def _universe_states(game: Game[Any, Any], options: Mapping[str, Any], seed: int) -> list[Any]:
    """The states of one random game whose whole action universe a test asks:
    its first `universe_first` (all of a short game's), LATE_UNIVERSE more
    spread over the rest, and the last."""
    states = list(_every_random_state(game, options, seed))
    first = universe_first(game, states[0])
    return [states[index] for index in spread(len(states), first, LATE_UNIVERSE)]


def _every_random_state(
    game: Game[Any, Any], options: Mapping[str, Any], seed: int
) -> Iterator[Any]:
    """Every state of one random game, with several seats to act picked in any order."""
    state = game.new_game(options, seed)
    dice = rng.seed_state(seed)
    yield state
    while not game.is_over(state):
        acting = game.to_act(state)
        assert acting, "a game that is not over has someone to act"
        pick, dice = rng.below(dice, len(acting))
        legal = game.legal_actions(state, acting[pick])
        assert legal, f"seat {acting[pick]} is to act but has no legal action"
        index, dice = rng.below(dice, len(legal))
        state, _ = game.apply(state, acting[pick], legal[index])
        yield state


def _checked_game(
    game: Game[Any, Any],
    options: Mapping[str, Any],
    seed: int,
    played: Sequence[Any] | None = None,
) -> tuple[Any, list[str]]:
    """One random game (`_every_random_state`) with its invariants checked
    (engine/invariants.py): (final state, problems). A long game on a sample
    (tests/helpers.py): every one of its first EARLY_STATES states and
    LATE_STATES more spread over the rest, and the last; the checker against
    the whole action universe on its first `universe_first` states (all of a
    short game's), LATE_UNIVERSE more spread over the rest, and the last.
    `played`: that game's states when already played (the same game)."""
    states = list(_every_random_state(game, options, seed) if played is None else played)
    checked = set(spread(len(states), EARLY_STATES, LATE_STATES))
    whole = set(spread(len(states), universe_first(game, states[0]), LATE_UNIVERSE))
    problems: list[str] = []
    for index in sorted(checked | whole):
        found = check_invariants(game, states[index], seed + index, universe=index in whole)
        problems += [f"game {seed}, state {index}: {problem}" for problem in found]
    return states[-1], problems


@pytest.mark.parametrize(("game", "options"), cases())
def test_random_play_keeps_every_invariant(game: Game[Any, Any], options: dict[str, Any]) -> None:
    """Invariants (`_checked_game`): the game's own, the checker and the legal
    list agreeing on the whole action universe (a long game's on a sample of
    its states, and on their legal lists on a larger one), exact JSON
    round-trips, and every seat's view unchanged when what it cannot see is
    re-dealt; at the end, an outcome of the checked shape (engine/outcome.py:
    winners, and teams in a mode that has them)."""
    for seed in _random_seeds(game):
        # the client checks' game of this seed (`_every_random_state`'s, the
        # same draws), played once per session
        played = [step[0] for step in _random_steps(game, options, seed)]
        state, problems = _checked_game(game, options, seed, played)
        assert problems == []
        assert game.is_over(state)
        outcome = game.outcome(state)
        assert outcome_problem(game.declared_options, options, outcome) is None, outcome
        assert len(game.declared_options.seat_roles(options)) == game.seats(state)


class _LaxChecker:
    """A game whose checker wrongly allows one action that no legal list holds,
    in about one state in 7: the mistake the universe check exists to catch."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self._game = game
        self._state: Any = None
        self._wrong: dict[int, Any] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def check(self, state: Any, seat: int, action: Any) -> Any:
        reason = self._game.check(state, seat, action)
        return (
            None if reason is not None and action == self._wrongly_allowed(state, seat) else reason
        )

    def _wrongly_allowed(self, state: Any, seat: int) -> Any:
        """The first action of the universe the real checker refuses the seat,
        in one state in 7 (by its hash) where the seat is to act; else None.
        Kept for the last state, every seat's (the invariants ask each action
        of every seat in turn: hashing the state at each call was minutes)."""
        if self._state is not state:
            self._state, self._wrong = state, {}
        if seat not in self._wrong:
            wrong = None
            acting = seat in self._game.to_act(state)
            if acting and int(state_hash(self._game, state)[:8], 16) % 7 == 0:
                universe = self._game.action_universe(state)
                wrong = next((a for a in universe if self._game.check(state, seat, a)), None)
            self._wrong[seat] = wrong
        return self._wrong[seat]


LAX = "but the checker allows it"


@pytest.mark.parametrize("game", ALL_GAMES.values(), ids=list(ALL_GAMES))
def test_a_checker_that_allows_too_much_is_caught(game: Game[Any, Any]) -> None:
    """The random-play test checks the whole action universe only on a sample
    of a long game's states (`_checked_game`); `random_game`'s fixed seeds
    check it on every state. Either way a checker gone lax is caught. The
    every-state game stops at its first problem, the sampled ones at the first
    game that catches it: being caught once is what this shows."""
    lax: Game[Any, Any] = _LaxChecker(game)
    options = OPTION_SETS[game.name][0]
    _state, _played, every_state = random_game(lax, options, 0, True, stop_at_problem=True)
    assert any(LAX in problem for problem in every_state), every_state
    sampled = (_checked_game(lax, options, seed)[1] for seed in range(4))
    assert any(LAX in problem for problems in sampled for problem in problems)


@pytest.mark.parametrize("length", [0, 1, 30, 150, 214, 215, 400, 11_522])
def test_a_long_games_sample_keeps_its_start_a_spread_and_its_end(length: int) -> None:
    """`spread`: the first states all, at most `late` more spread evenly over
    the rest (no gap wider than the rest over `late`), and the last; a game
    of up to `first + late` states whole."""
    first, late = 150, 64
    picked = spread(length, first, late)
    assert picked == sorted(set(picked))
    if length <= first + late:
        assert picked == list(range(length))
        return
    assert picked[:first] == list(range(first)) and picked[-1] == length - 1
    tail = picked[first:]
    assert len(tail) <= late + 1
    widest = -(-(length - first) // late)
    assert all(b - a <= widest for a, b in zip(picked[first - 1 :], tail, strict=False))


def test_a_random_game_stops_at_its_first_problem() -> None:
    """`stop_at_problem` ends a checked game at the first action that broke an
    invariant, with that action's problems: those of the whole game up to it."""
    lax: Game[Any, Any] = _LaxChecker(ALL_GAMES["duel"])
    options = OPTION_SETS["duel"][0]
    stopped_early = 0
    for seed in range(30):
        _final, played, problems = random_game(lax, options, seed, True)
        _at, until, first = random_game(lax, options, seed, True, stop_at_problem=True)
        if not problems:
            assert first == [] and until == played
            continue
        found = re.match(rf"game {seed}, action (\d+): ", first[0])
        action = int(found.group(1)) if found else 0  # 0: the dealt state's own
        assert until == played[:action] and first == problems[: len(first)]
        assert not found or all(p.startswith(f"game {seed}, action {action}:") for p in first)
        stopped_early += len(until) < len(played)
    assert stopped_early


@pytest.mark.parametrize(("game", "options"), cases())
def test_a_match_replays_to_the_same_hash(game: Game[Any, Any], options: dict[str, Any]) -> None:
    final, played, _ = random_game(game, options, 11)
    match = Match(game.name, game.normalize_options(options), 11)
    for seat, action in played:
        match = match.played(seat, game.action_to_json(action))
    again = Match.from_json(json.loads(canonical_json(match.to_json())))
    assert state_hash(game, replay(game, again)) == state_hash(game, final)
    assert canonical_json(encode_state(game, decode_state(game, encode_state(game, final)))) == (
        canonical_json(encode_state(game, final))
    )


#: the refused actions applied in a state, of each seat, kind of action and reason
TRIED = 2


def _drawn(items: Sequence[Any], count: int, dice: int) -> tuple[list[Any], int]:
    """`count` items drawn with the generator state `dice` (all when fewer)."""
    if len(items) <= count:
        return list(items), dice
    drawn = []
    for _ in range(count):
        index, dice = rng.below(dice, len(items))
        drawn.append(items[index])
    return drawn, dice


@pytest.mark.parametrize(("game", "options"), cases())
def test_illegal_actions_change_nothing(game: Game[Any, Any], options: dict[str, Any]) -> None:
    """A refused action raises IllegalAction with the checker's code and
    changes nothing, on the states of `_universe_states`. A seat to act asks
    the checker the whole universe; TRIED of the actions it refuses for each
    kind of action (its class) and reason are applied, drawn with a fixed
    seed. A seat not to act tries TRIED actions of each kind (every one of
    them is refused; the invariants ask the checker the whole universe)."""
    dice = rng.seed_state(3)
    for state in _universe_states(game, options, 3):
        before = canonical_json(encode_state(game, state))
        universe = game.action_universe(state)
        kinds: dict[type, list[Any]] = {}
        for action in universe:
            kinds.setdefault(type(action), []).append(action)
        acting = game.to_act(state)
        for seat in range(game.seats(state)):
            asked: list[Any] = list(universe) if seat in acting else []
            for actions in [] if seat in acting else kinds.values():
                drawn, dice = _drawn(actions, TRIED, dice)
                asked += drawn
            refused: dict[tuple[type, str], list[tuple[Any, Reason]]] = {}
            for action in asked:
                reason = game.check(state, seat, action)
                if reason is not None:
                    refused.setdefault((type(action), reason.code), []).append((action, reason))
            assert seat in acting or len(refused) >= len(kinds) > 0
            for group in refused.values():
                tried, dice = _drawn(group, TRIED, dice)
                for action, reason in tried:
                    with pytest.raises(IllegalAction) as error:
                        game.apply(state, seat, action)
                    assert error.value.code == reason.code and reason.message
        assert canonical_json(encode_state(game, state)) == before


@pytest.mark.parametrize(("game", "options"), cases())
def test_views_are_json_and_spectators_see_no_secret(
    game: Game[Any, Any], options: dict[str, Any]
) -> None:
    for state in _random_states(game, options, 5):
        for seat in [None, *range(game.seats(state))]:
            view = game.view(state, seat)
            assert json.loads(json.dumps(view)) == view
            redeal = game.capabilities.redeal
            assert redeal is not None, "every game re-deals for the hidden-information test"
            assert game.view(redeal(state, seat, 99), seat) == view


#: the most actions a bots' game may take before the test calls it endless
BOT_GAME_LIMIT = 5000


@pytest.mark.parametrize(("game", "options"), cases())
def test_every_bot_level_plays_legal_moves_from_its_view_alone(
    game: Game[Any, Any], options: dict[str, Any]
) -> None:
    settings = SearchSettings(playouts=12, time_budget=60.0)
    for level in bot_levels(game):
        bot = make_bot(game, level, 5, settings)
        twin = make_bot(game, level, 5, settings)
        state = game.new_game(options, 21)
        steps = 0
        while not game.is_over(state):  # to the end, as a bot plays a whole game
            assert steps < BOT_GAME_LIMIT, f"{level} bots did not end the game"
            seat = game.to_act(state)[-1]  # the last of several, to vary from the others
            legal = game.legal_actions(state, seat)
            action = bot(game.view(state, seat), legal)
            assert action in legal, (level, action)
            # Re-dealing what the seat cannot see changes neither its view nor
            # its choice: every step of a game's first EARLY_STATES, then one
            # in UNIVERSE_ONE_IN (a long game's later steps are alike). A bot
            # with a generator of its own sees every step, to stay in step.
            redeal = game.capabilities.redeal
            if steps < EARLY_STATES or steps % UNIVERSE_ONE_IN == 0:
                other = redeal(state, seat, steps) if redeal is not None else state
                assert twin(game.view(other, seat), game.legal_actions(other, seat)) == action
            elif isinstance(twin, RandomBot):
                twin(game.view(state, seat), legal)
            state, _ = game.apply(state, seat, action)
            steps += 1


@pytest.mark.parametrize("game", ALL_GAMES.values(), ids=list(ALL_GAMES))
def test_malformed_actions_and_states_are_refused(game: Game[Any, Any]) -> None:
    bad_actions: list[Any] = [None, 3, "x", [], {}, {"type": 1}, {"type": "x" * 5000}]
    for data in bad_actions:
        with pytest.raises(GameError) as error:
            game.action_from_json(data)
        assert len(error.value.message) < 200
    state = game.new_game(OPTION_SETS[game.name][0], 1)
    encoded = encode_state(game, state)
    bad_states: list[Any] = [{**encoded, "game": "x" * 5000}, {**encoded, "schema": -1}, {}, []]
    for broken in bad_states:
        with pytest.raises(GameError) as error:
            decode_state(game, broken)
        assert len(error.value.message) < 200


@pytest.mark.parametrize("game", ALL_GAMES.values(), ids=list(ALL_GAMES))
def test_pyodide_plays_the_same_games(game: Game[Any, Any], pyodide: PyodideServer) -> None:
    """Every option set, two seeded games each (one of a long game), in the
    session's one Pyodide."""
    games = len(_random_seeds(game))
    arguments = [game.name, json.dumps(OPTION_SETS[game.name]), "3", str(games)]
    in_pyodide = last_json(pyodide.run(SCRIPT, *arguments))
    in_cpython = last_json(run_cpython(SCRIPT, *arguments))
    assert in_pyodide["platform"] == "emscripten" and in_pyodide["python"].startswith("3.14")
    assert in_pyodide["digest"] == in_cpython["digest"]
    assert in_cpython["actions"] > 10


# ------------------------------------------------------------ client checks

LANGS = ("fr", "en")
CLIENT_SEEDS = (0, 1)
#: games whose option sets are many and whose games run to hundreds of moves,
#: so that one random game of each option set serves the random-play, client
#: and Pyodide checks (two each took most of these games' share of the run):
#: Hero Realms' 17 sets, the Dragon's 13 (8 of them at 6 seats whose every
#: viewer is drawn), Bazar Quest's 12 (5 of them at 6 shops)
LONG_GAMES = frozenset({"herorealms", "hrdragon", "bazarquest"})


def _random_seeds(game: Game[Any, Any]) -> tuple[int, ...]:
    """The seeds of the random games the random-play and client checks play
    for `game` (as many games as Pyodide's parity plays)."""
    return CLIENT_SEEDS[:1] if game.name in LONG_GAMES else CLIENT_SEEDS


#: the client checks look at every SAMPLE-th state of each random game
SAMPLE = 3


def client_of(game: Game[Any, Any]) -> GameClient:
    client: GameClient = importlib.import_module(CLIENT_MODULES[game.name]).CLIENT
    assert client.name == game.name
    return client


def _names(count: int) -> list[str]:
    return ["Anne", "Bruno", "Chloé", "Dan", "Ève", "Fred"][:count]


Legal = Mapping[int, Sequence[Any]]
"""The legal actions of each seat to act (the others have none)."""

Step = tuple[Any, tuple[Event, ...], Legal]


def _random_steps(game: Game[Any, Any], options: Mapping[str, Any], seed: int) -> Iterator[Step]:
    """Every state of one random game with the events that led to it (the
    opening events first) and the legal actions of the seats to act, several
    seats to act picked in any order.

    Six client checks read the same games (CLIENT_SEEDS of every option set):
    each is played once per session (`_played_steps`), since playing it, and
    above all listing the legal actions, costs as much as some of the checks
    (a long Raid's legal lists were most of its host check's time). States
    are immutable, events and legal lists are tuples."""
    return iter(_played_steps(game.name, canonical_json(options), seed))


@functools.cache
def _played_steps(name: str, options_json: str, seed: int) -> tuple[Step, ...]:
    game = ALL_GAMES[name]
    options = json.loads(options_json)
    state = game.new_game(options, seed)
    opening = game.capabilities.opening_events
    events: tuple[Event, ...] = tuple(opening(state)) if opening is not None else ()
    steps: list[Step] = []
    dice = rng.seed_state(seed)
    while not game.is_over(state):
        acting = game.to_act(state)
        assert acting, "a game that is not over has someone to act"
        pick, dice = rng.below(dice, len(acting))
        seat = acting[pick]
        # the seat that plays listed last: apply trusts the last list's actions
        legal = {
            other: tuple(game.legal_actions(state, other)) for other in acting if other != seat
        }
        legal[seat] = tuple(game.legal_actions(state, seat))
        assert legal[seat], f"seat {seat} is to act but has no legal action"
        steps.append((state, events, legal))
        index, dice = rng.below(dice, len(legal[seat]))
        state, played = game.apply(state, seat, legal[seat][index])
        events = tuple(played)
    final = {seat: tuple(game.legal_actions(state, seat)) for seat in game.to_act(state)}
    steps.append((state, events, final))
    return tuple(steps)


@pytest.mark.parametrize("game", ALL_GAMES.values(), ids=list(ALL_GAMES))
def test_the_shared_games_are_what_the_game_plays(game: Game[Any, Any]) -> None:
    """The client checks read `_played_steps` instead of asking the game: each
    step's state, events and legal lists are what the game gives when the
    game is played again (a check that changed the shared steps, or a cache
    that kept another game's, would be caught here)."""
    options = OPTION_SETS[game.name][0]
    seed = CLIENT_SEEDS[0]
    shared = list(_random_steps(game, options, seed))
    state = game.new_game(options, seed)
    dice = rng.seed_state(seed)
    for index, (kept, _events, legal) in enumerate(shared):
        assert state_hash(game, kept) == state_hash(game, state), index
        acting = game.to_act(state)
        assert {seat: list(actions) for seat, actions in legal.items()} == {
            seat: game.legal_actions(state, seat) for seat in acting
        }, index
        if game.is_over(state):
            break
        pick, dice = rng.below(dice, len(acting))
        listed = game.legal_actions(state, acting[pick])
        chosen, dice = rng.below(dice, len(listed))
        state, played = game.apply(state, acting[pick], listed[chosen])
        assert shared[index + 1][1] == tuple(played), index
    assert index == len(shared) - 1 and game.is_over(state)


def _client_indexes(length: int) -> list[int]:
    """The states of a game of `length` the drawing checks look at: every
    SAMPLE-th of the first EARLY_STATES, LATE_STATES // SAMPLE more spread
    over the rest (a Hero Realms game's thousands of states are alike, and
    each is drawn with its whole log), and the last."""
    return thinned(length, SAMPLE, LATE_STATES // SAMPLE)


def _sampled(steps: Iterator[Step]) -> Iterator[tuple[Any, list[Event], Legal]]:
    """The states of `_client_indexes`, each with every event so far."""
    every = list(steps)
    picked = set(_client_indexes(len(every)))
    seen: list[Event] = []
    for index, (state, events, legal) in enumerate(every):
        seen += events
        if index in picked:
            yield state, list(seen), legal


def _same_actions(got: Sequence[Any], legal: Sequence[Any]) -> bool:
    return len(got) == len(legal) and all(got.count(action) == 1 for action in legal)


@pytest.mark.parametrize(("game", "options"), cases())
def test_a_control_for_every_legal_action(game: Game[Any, Any], options: dict[str, Any]) -> None:
    client = client_of(game)
    for seed in _random_seeds(game):
        steps = list(_random_steps(game, options, seed))
        for index in spread(len(steps), EARLY_STATES, LATE_STATES):
            state, _, listed = steps[index]
            names = _names(game.seats(state))
            for seat in game.to_act(state):
                legal = list(listed[seat])
                view = game.view(state, seat)
                for lang in LANGS:
                    dock = client.dock(view, legal, names, lang)
                    assert _same_actions(dock.actions(), legal), (lang, dock.actions(), legal)
                    assert dock.prompt.strip()
                    for group in dock.groups:
                        assert all(control.label.strip() for control in group.controls)


@pytest.mark.parametrize(("game", "options"), cases())
def test_a_short_progress_line_from_any_view(game: Game[Any, Any], options: dict[str, Any]) -> None:
    """The client's progress line (the offer to resume a hosted game shows it),
    from the spectator's and every seat's view of a running game: in both
    languages, a few words of plain text."""
    client = client_of(game)
    for state, _, _ in _sampled(_random_steps(game, options, CLIENT_SEEDS[0])):
        if game.is_over(state):
            continue
        for seat in [None, *range(game.seats(state))]:
            view = game.view(state, seat)
            for lang in LANGS:
                line = client.progress(view, lang)
                assert line.strip() and len(line) <= 60 and "<" not in line, (lang, line)


@pytest.mark.parametrize(("game", "options"), cases())
def test_words_in_both_languages_for_every_event_and_refusal(
    game: Game[Any, Any], options: dict[str, Any]
) -> None:
    """Every event, as each seat and the spectator see it, in words in both
    languages (a game may leave an event silent, as Boss Quest's spell effect
    that its activation line already tells, only in both languages and only
    when another event of the same move says something: every move is told,
    and every kind of event has words somewhere); a long game's steps on a
    sample, with every step that brings a kind of event not seen before.
    Every refusal of the checker over the action universe, on every SAMPLE-th
    state of `_universe_states`, in words, the French not the English echoed."""
    client = client_of(game)
    refusals: dict[str, str] = {}
    worded: set[str] = set()
    silent: set[str] = set()
    for seed in _random_seeds(game):
        steps = list(_random_steps(game, options, seed))
        # A long game's steps on a sample, and every step with a kind of
        # event not seen before (each kind is told somewhere).
        picked = set(spread(len(steps), EARLY_STATES, LATE_STATES))
        kinds: set[str] = set()
        for index, (state, events, _) in enumerate(steps):
            new = {event["type"] for event in events} - kinds
            if index not in picked and not new:
                continue
            kinds |= new
            names = _names(game.seats(state))
            for seat in [None, *range(game.seats(state))]:
                told = False
                for event in events_for_seat(events, seat):
                    lines = {lang: client.describe(event, names, lang) for lang in LANGS}
                    for said in lines.values():
                        assert all(line.strip() for line in said), (said, event)
                        assert event["type"] not in said, (said, event)
                    # Silent in both languages or in neither; see the docstring.
                    assert bool(lines["fr"]) == bool(lines["en"]), (lines, event)
                    told = told or bool(lines["en"])
                    (worded if lines["en"] else silent).add(event["type"])
                assert told or not events, (seat, events)
        first = universe_first(game, steps[0][0])
        # every SAMPLE-th of the states of `_universe_states`
        for index in spread(len(steps), first, LATE_UNIVERSE)[::SAMPLE]:
            state = steps[index][0]
            for seat in range(game.seats(state)):
                for action in game.action_universe(state):
                    reason = game.check(state, seat, action)
                    if reason is not None:
                        refusals.setdefault(f"{reason.code}\n{reason.message}", reason.code)
    assert worded and silent <= worded, f"never told: {sorted(silent - worded)}"
    assert refusals
    for key, code in refusals.items():
        message = key.split("\n", 1)[1]
        french, english = (client.reason_text(code, message, lang) for lang in LANGS)
        assert french.strip() and english.strip(), code
        assert french != english, f"{code!r} has no French words: {french!r}"


class _Balance(HTMLParser):
    """Checks that every opened tag is closed, in order (void elements aside)."""

    VOID = frozenset(
        {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta"}
        | {"source", "track", "wbr"}
    )

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()


def assert_well_formed(html: str) -> None:
    assert html.strip()
    checker = _Balance()
    checker.feed(html)
    checker.close()
    assert not checker.problems, checker.problems[:3]
    assert not checker.stack, f"unclosed: {checker.stack}"
    assert checker.rawdata == "", "the HTML ends inside a tag"


def _scenes(
    game: Game[Any, Any],
    client: GameClient,
    state: Any,
    viewer: int | None,
    events: Sequence[Event],
    lang: str,
    legal: Legal | None = None,
) -> Iterator[tuple[str, Scene]]:
    """Each phase the state can show `viewer`, as the shell would fill its scene
    (`events`: every event so far, as the viewer sees them; `legal`: the
    seats' legal lists when known, else asked of the game)."""
    view = game.view(state, viewer)
    count = game.seats(state)
    names = _names(count)
    log = [
        (event["type"], line)
        for event in events[-8:]
        for line in client.describe(event, names, lang)
    ]
    kinds = ["human" if seat == viewer else "bot" for seat in range(count)]
    levels = ["" if seat == viewer else "normal" for seat in range(count)]

    def scene(**extra: Any) -> Scene:
        return Scene(view=view, names=names, kinds=kinds, lang=lang, levels=levels, **extra)

    if game.is_over(state):
        yield "over", scene(over_actions_html='<button data-cmd="rematch">x</button>')
    elif viewer is not None and viewer in game.to_act(state):
        listed = legal[viewer] if legal is not None else game.legal_actions(state, viewer)
        dock = client.dock(view, list(listed), names, lang)
        yield "table", scene(dock=dock, log=log)
    else:
        yield "table", scene(log=log, thinking=game.to_act(state)[0])
    if client.result_key(view) is not None:
        yield "result", scene(events=events)


def _render(client: GameClient, phase: str, scene: Scene) -> str:
    if phase == "over":
        return client.render_game_over(scene)
    if phase == "result":
        return client.render_result(scene)
    return client.render_table(scene)


@pytest.mark.parametrize(("game", "options"), cases())
def test_every_phase_is_drawn_and_names_no_hidden_card(
    game: Game[Any, Any], options: dict[str, Any]
) -> None:
    """The board, the result panel and the end panel, in both languages, for
    every seat and the spectator: well-formed HTML, identical when whatever
    the viewer cannot see is re-dealt (so it names none of it). On the states
    of `_client_indexes`, each viewer in one language, the two in turn."""
    client = client_of(game)
    redeal = game.capabilities.redeal
    assert redeal is not None
    phases: set[str] = set()
    for seed in _random_seeds(game):
        state = None
        # each viewer's log so far, as it sees it: extended with the new
        # events only (converting the whole log at every state was quadratic)
        told: dict[int | None, list[Event]] = {}
        for index, (state, seen, legal) in enumerate(_sampled(_random_steps(game, options, seed))):
            viewers = [None, *range(game.seats(state))]
            # Parsing is the slow part: each state's HTML is parsed for one
            # viewer and one language, taken in turn, and compared for all.
            # Each viewer is drawn in one language, the two taken in turn (in
            # both at the end): a leak in either is seen on half the states.
            parsed = (viewers[index % len(viewers)], LANGS[index // len(viewers) % 2])
            for number, viewer in enumerate(viewers):
                other = redeal(state, viewer, 7 + seed)
                mine = told.setdefault(viewer, [])
                mine += [event_for_seat(event, viewer) for event in seen[len(mine) :]]
                mine = list(mine)
                over = game.is_over(state)
                langs = LANGS if over else LANGS[(index + number) % 2 :][:1]
                for lang in {*langs, parsed[1]} if viewer == parsed[0] else langs:
                    drawn = dict(_scenes(game, client, state, viewer, mine, lang, legal))
                    again = dict(_scenes(game, client, other, viewer, mine, lang))
                    assert drawn.keys() == again.keys()
                    for phase, scene in drawn.items():
                        # equal scenes draw the same board (a render reads its
                        # scene alone): only different ones are both drawn;
                        # compared before drawing, which fills `shown`
                        same = scene == again[phase]
                        html = _render(client, phase, scene)
                        if (viewer, lang) == parsed or phase == "over":
                            assert_well_formed(html)
                        if not same:
                            assert html == _render(client, phase, again[phase]), (phase, viewer)
                        phases.add(f"{phase} {lang}")
        assert state is not None and game.is_over(state)
        names = _names(game.seats(state))
        for lang in LANGS:  # a finished game's replay: everything face up
            opened = Scene(
                view=client.open_view(state), names=names, kinds=["bot"] * len(names), lang=lang
            )
            assert_well_formed(client.render_table(opened))
            assert client.over_status(game.view(state, None), names, lang).strip()
    assert {f"{phase} {lang}" for phase in ("table", "over") for lang in LANGS} <= phases


# ------------------------------------------------- what a host sends a seat


def _received(
    game: Game[Any, Any],
    options: Mapping[str, Any],
    seed: int,
    only: Collection[int] | None = None,
) -> Iterator[tuple[int, Any, Received]]:
    """What an honest host sends every seat and a spectator after every action
    of a random game (or only after the states whose indexes are in `only`):
    the view (a spectator's of a finished game is the client's open view, as
    the host sends it), the legal actions, the events of that action and the
    outcome; with the state and its index."""
    client = client_of(game)
    for index, (state, events, listed) in enumerate(_random_steps(game, options, seed)):
        if only is not None and index not in only:
            continue
        for seat in [None, *range(game.seats(state))]:
            over_spectator = seat is None and game.is_over(state)
            view = client.open_view(state) if over_spectator else game.view(state, seat)
            legal = listed.get(seat, ()) if seat is not None else ()
            yield (
                index,
                state,
                Received(
                    seat,
                    json.loads(json.dumps(view)),
                    [game.action_to_json(action) for action in legal],
                    events_for_seat(events, seat),
                    game.outcome(state),
                ),
            )


@pytest.mark.parametrize(("game", "options"), cases())
def test_the_game_passes_its_own_check_of_what_a_host_sends(
    game: Game[Any, Any], options: dict[str, Any]
) -> None:
    """Every view, legal list, event and outcome the game itself produces, for
    every seat and the spectator, passes the game's checker (Game.check_received),
    and so does the whole log at once (a frame sent from the first event: every
    event of the game). A long game's frames on a sample (`spread`)."""
    for seed in _random_seeds(game):
        steps = list(_random_steps(game, options, seed))
        seats = [None, *range(game.seats(steps[0][0]))]
        log: dict[int | None, list[Any]] = {seat: [] for seat in seats}
        for _state, played, _legal in steps:
            for seat in seats:
                log[seat] += events_for_seat(played, seat)
        last: dict[int | None, Received] = {}
        picked = set(spread(len(steps), EARLY_STATES, LATE_STATES))
        for _index, _state, received in _received(game, options, seed, picked):
            assert game.check_received(received) is None, (received.seat, received)
            last[received.seat] = received
        for seat, seen in log.items():
            assert game.check_received(replace(last[seat], legal=[], events=seen)) is None


def _wrong_type(value: object) -> object:
    """A JSON value of another type than `value`."""
    if isinstance(value, bool):
        return 1
    if isinstance(value, int):
        return "1"
    if isinstance(value, str):
        return 7
    if isinstance(value, list):
        return {}
    return [] if isinstance(value, dict) else "x"


def _paths(value: object, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], object]]:
    """Every (path, value) inside a JSON value, containers before their items."""
    if path:
        yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _with(value: Any, path: tuple[Any, ...], new: object) -> Any:
    """A copy of `value` with the item at `path` replaced (or, for _DROP,
    removed); only the containers along the path are copied."""
    copied = copy(value)
    if len(path) > 1:
        copied[path[0]] = _with(value[path[0]], path[1:], new)
    elif new is _DROP:
        del copied[path[0]]
    else:
        copied[path[0]] = new
    return copied


_DROP = object()
_HUGE = 10**6
"""Above any count, card id or figure of a game: a card that does not exist."""


def _always_there(game: Game[Any, Any], seated: bool) -> set[str]:
    """The view's keys under every option set (a seat's or a spectator's view):
    the others come with an option (an extension's), so a view may lack them."""
    keys: list[set[str]] = []
    for options in OPTION_SETS[game.name]:
        state = game.new_game(options, 1)
        keys.append(set(game.view(state, 0 if seated else None)))
    return set.intersection(*keys)


def _mutations(received: Received, always: set[str]) -> Iterator[tuple[str, Received]]:
    """What a hostile host could send instead, each with what it changed."""
    yield "an empty view", replace(received, view={})
    view: Any = received.view
    for key in sorted(always & set(view)):
        yield f"view without {key}", replace(received, view=_with(view, (key,), _DROP))
    yield "an unknown view field", replace(received, view={**view, "zz_unknown": 0})
    for path, value in _paths(view):
        where = f"view{list(path)}"
        yield (
            f"{where} of a wrong type",
            replace(received, view=_with(view, path, _wrong_type(value))),
        )
        if isinstance(value, int) and not isinstance(value, bool):
            yield f"{where} out of range", replace(received, view=_with(view, path, _HUGE))
    event: Any
    for index, event in enumerate(received.events):
        events = list(received.events)
        events[index] = {**event, "type": "zz_unknown_event"}
        yield f"events[{index}] of an unknown type", replace(received, events=events)
        for path, value in _paths(event):
            if path == ("type",):
                continue
            for new, what in ((_wrong_type(value), "a wrong type"), (_HUGE, "out of range")):
                if new is _HUGE and (isinstance(value, bool) or not isinstance(value, int)):
                    continue
                events[index] = _with(event, path, new)
                yield f"events[{index}]{list(path)} {what}", replace(received, events=list(events))
            events[index] = event
    legal = list(received.legal)
    yield "an unknown action", replace(received, legal=[*legal, {"type": "zz_unknown"}])
    if legal:
        yield "an action twice", replace(received, legal=[*legal, legal[0]])
        if received.seat is not None:
            yield "a spectator's actions", replace(received, seat=None, legal=legal)
    if received.outcome is not None:
        outcome = received.outcome
        yield "no outcome", replace(received, outcome=None)
        for path, value in _paths(outcome):
            changed = _with(outcome, path, _wrong_type(value))
            yield f"outcome{list(path)} of a wrong type", replace(received, outcome=changed)
            if isinstance(value, list) and value:
                changed = _with(outcome, path, value[:-1])
                yield f"outcome{list(path)} truncated", replace(received, outcome=changed)


def _seat_lists(view: Any, players: int) -> Iterator[tuple[Any, ...]]:
    """The paths of the lists of a dealt view that hold one item per seat."""
    for path, value in _paths(view):
        if isinstance(value, list) and len(value) == players:
            yield path


@pytest.mark.parametrize(("game", "options"), cases())
def test_the_games_check_refuses_what_a_hostile_host_could_send(
    game: Game[Any, Any], options: dict[str, Any]
) -> None:
    """Each field missing, unknown, of a wrong type or out of range (a card id
    that does not exist), an unknown event type, an event field changed, an
    unknown or repeated action, another seat's view, a per-seat list of the
    deal truncated, a wrong outcome: each refused with a reason that names the
    field it read. Every (4 * SAMPLE)-th of a random game's first EARLY_STATES
    states and a long game's later ones more sparsely (`spread`), the seats
    and the spectator in turn, and the last state for each."""
    length = len(list(_random_steps(game, options, CLIENT_SEEDS[0])))
    # every (4 * SAMPLE)-th of a game's first EARLY_STATES states, a long
    # game's later ones more sparsely (`spread`), and the last
    order = thinned(length, SAMPLE * 4, LATE_STATES // SAMPLE)
    frames = list(_received(game, options, CLIENT_SEEDS[0], set(order)))
    players = game.seats(frames[0][1])
    for received in [received for index, _state, received in frames if index == 0]:
        for path in _seat_lists(received.view, players):
            holder: Any = received.view
            for step in path:
                holder = holder[step]
            truncated = replace(received, view=_with(received.view, path, holder[:-1]))
            reason = game.check_received(truncated)
            assert reason, f"a truncated view{list(path)} passed for seat {received.seat}"
    always = {seated: _always_there(game, seated) for seated in (False, True)}
    for index, state, received in frames:
        # one viewer of each picked state, the spectator and the seats in
        # turn, and every viewer of the last state
        position = 0 if received.seat is None else received.seat + 1
        if not game.is_over(state) and position != order.index(index) % (players + 1):
            continue
        for what, hostile in _mutations(received, always[received.seat is not None]):
            reason = game.check_received(hostile)
            assert reason, f"{what} passed for seat {received.seat}"
            assert isinstance(reason, str) and len(reason) < 400 and "\n" not in reason
            assert re.search(r"\b(view|legal|events|outcome|you)\b", reason), (what, reason)
        others = [seat for seat in range(game.seats(state)) if seat != received.seat]
        for other in others if received.seat is not None else []:
            # another seat's view under this seat's name: refused (it names the seat)
            assert game.check_received(replace(received, view=game.view(state, other)))
