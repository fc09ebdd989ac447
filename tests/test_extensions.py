"""The extensions (potions, companions, the Reaper) alone and together: hidden
information stays hidden, re-deals and determinization stay exact, the bots decide
from their view alone, texts exist for every event, and with every extension off
the base game is untouched."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from game.bossquest import GAME
from game.bossquest.actions import Action, Look, LookMystery, ReadPotion, TakeLife
from game.bossquest.bots import easy_bot, normal_bot
from game.bossquest.cards import (
    ALL_WEAPON_COUNT,
    POTIONS,
    SPELL_COUNT,
    SPELL_KINDS,
    potion_size,
    weapon_value,
)
from game.bossquest.determinize import determinize
from game.bossquest.invariants import state_problems
from game.bossquest.odds import over_probability
from game.bossquest.options import Options
from game.bossquest.scenario import SCENARIOS, spec_of
from game.bossquest.state import Stage, State
from game.bossquest.text import describe, reason_text, spell_effect, spell_name
from game.bossquest.views import view_problems
from game.engine import rng
from game.engine.errors import IllegalAction, MalformedData
from game.engine.events import event_for_seat, events_for_seat
from game.engine.search import Policy, SearchBot, SearchSettings
from game.engine.simulate import random_game

ROOT = Path(__file__).resolve().parent.parent
ALL_ON = {"potions": True, "companions": True, "reaper": True}
EXTENSION_SETS = [
    dict(zip(("potions", "companions", "reaper"), flags, strict=True))
    for flags in itertools.product((False, True), repeat=3)
    if any(flags)
]


def walk(players: int, seed: int, **options: Any) -> Iterator[tuple[State, int, Any, list[Any]]]:
    """Every (state before, seat, action, events) of a random game."""
    state = GAME.new_game({"players": players, **options}, seed)
    dice = rng.seed_state(seed + 1)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        index, dice = rng.below(dice, len(legal))
        after, events = GAME.apply(state, seat, legal[index])
        yield state, seat, legal[index], events
        state = after


def sample_states(options: dict[str, bool], games: int = 4) -> list[State]:
    """States of random games at every player count, with one of each stage kept."""
    states: list[State] = []
    for players in range(2, 7):
        for seed in range(games):
            for number, (state, _seat, _action, _events) in enumerate(
                walk(players, 40 + seed, **options)
            ):
                if number % 9 == 0 or state.stage not in (Stage.TURN, Stage.SPELL):
                    states.append(state)
    return states


@pytest.mark.parametrize("options", EXTENSION_SETS, ids=lambda o: "+".join(k for k in o if o[k]))
def test_views_redeal_and_determinize_stay_exact(options: dict[str, bool]) -> None:
    for state in sample_states(options, games=2):
        assert view_problems(state) == []
        for seat in [None, *range(len(state.players))]:
            view = GAME.view(state, seat)
            assert GAME.view(GAME.redeal(state, seat, 3), seat) == view
            world = determinize(view, 5)
            assert state_problems(world) == []
            assert GAME.view(world, seat) == view


def test_every_extension_stage_is_reached() -> None:
    stages = {state.stage for state in sample_states(ALL_ON, games=6)}
    assert {Stage.POTION, Stage.REVEAL, Stage.DESTINY} <= stages


def test_the_bots_decide_from_the_view_alone() -> None:
    fast = SearchSettings(playouts=12, time_budget=30.0)
    bots: dict[str, Policy] = {
        "easy": easy_bot,
        "normal": normal_bot,
        "hard": SearchBot(GAME, normal_bot, fast, 2),
    }
    for number, state in enumerate(sample_states(ALL_ON, games=1)):
        if GAME.is_over(state) or (number % 5 and state.stage in (Stage.TURN, Stage.SPELL)):
            continue
        seat = state.seat
        legal = GAME.legal_actions(state, seat)
        for name, bot in bots.items():
            action = bot(GAME.view(state, seat), legal)
            assert action in legal, name
            other = GAME.redeal(state, seat, number)
            assert bot(GAME.view(other, seat), GAME.legal_actions(other, seat)) == action, name


def test_the_owl_shows_its_seat_alone() -> None:
    """A look at a hidden weapon or at the mystery reaches the looker only: in the
    event, in the views and in a determinized world."""
    checked = {Look: 0, LookMystery: 0}
    for players in (3, 4, 5):
        for seed in range(40):
            for state, seat, action, events in walk(players, seed, companions=True):
                if type(action) not in checked:
                    continue
                after, _ = GAME.apply(state, seat, action)
                secret = events[0]["secret"]
                assert list(secret) == [str(seat)]
                for other in [None, *range(players)]:
                    shown = event_for_seat(events[0], other)
                    assert ("card" in shown) == (other == seat)
                    companions_view = GAME.view(after, other).get("companions", {})
                    if isinstance(action, LookMystery):
                        seen = companions_view.get("mystery")
                        assert seen == (after.mystery if other == seat else None)
                        if other == seat:
                            assert determinize(GAME.view(after, seat), 1).mystery == after.mystery
                    else:
                        assert isinstance(action, Look)
                        hidden = GAME.view(after, other)["seats"][action.target]["hidden"]
                        card = after.players[action.target].hidden
                        assert (hidden == card) == (other in (seat, action.target))
                checked[type(action)] += 1
                if all(count >= 3 for count in checked.values()):
                    return
    pytest.fail(f"too few looks in random games: {checked}")


def test_every_event_has_words_in_both_languages() -> None:
    seen: set[str] = set()
    for players in (2, 3, 5):
        for seed in range(12):
            names = [f"P{seat}" for seat in range(players)]
            for _state, _seat, _action, events in walk(players, seed, **ALL_ON):
                for seat in [None, *range(players)]:
                    for event in events_for_seat(events, seat):
                        for lang in ("fr", "en"):
                            lines = describe(event, names, lang)
                            assert all(isinstance(line, str) and line for line in lines)
                            if event["type"] != "round":
                                seen.add(event["type"])
    assert {"potion", "reveal", "look_mystery", "fate", "destiny", "replace"} <= seen
    for card in range(SPELL_COUNT):
        for lang in ("fr", "en"):
            assert spell_name(card, lang) and spell_effect(card, lang).endswith(".")
    assert reason_text("power_used", "used", "fr").startswith("Ce pouvoir")
    assert reason_text("power_used", "used", "en") == "used"


def test_scenario_spellings_read_back_to_the_same_actions() -> None:
    names = [f"P{seat}" for seat in range(4)]
    for seed in range(6):
        for state, seat, action, _events in walk(4, seed, **ALL_ON):
            spec = spec_of(state, seat, action, names)
            # Two copies of a spell read alike: compare the spellings.
            read = SCENARIOS.actions(state, seat, spec, names)
            assert [spec_of(state, seat, a, names) for a in read] == [spec]


def test_the_over_odds_count_a_drawn_potion_negative() -> None:
    pool = [0, 6, POTIONS[2], POTIONS[0]]  # red1, red7, potion3, potion1

    def value(card: int) -> int:
        return -potion_size(card) if card in POTIONS else weapon_value(card)

    for count in range(len(pool) + 1):
        draws = list(itertools.permutations(pool, count))
        for room in range(-4, 10):
            over = sum(1 for draw in draws if sum(map(value, draw)) > room)
            assert over_probability(10, 10 + room, pool, count) == Fraction(over, len(draws))


def test_options_and_the_base_game_are_untouched() -> None:
    assert GAME.normalize_options({"players": 3}) == {"players": 3, "keep_yellow": False}
    assert GAME.normalize_options({"players": 3, **ALL_ON})["reaper"] is True
    off = GAME.new_game({"players": 4, "potions": False, "reaper": False}, 11)
    assert off == GAME.new_game({"players": 4}, 11)
    assert "readings" not in GAME.state_to_json(off)
    assert "potions" not in GAME.view(off, 0)
    options = Options(4, potions=True, companions=True)
    assert len(options.weapons) == 28 + 3 and ALL_WEAPON_COUNT == 38
    assert sorted(SPELL_KINDS[card] for card in options.spells).count("invert_potion") == 2
    assert sorted(SPELL_KINDS[card] for card in options.spells).count("swap_companions") == 3
    assert len(Options(2, companions=True).companion_cards) == 5  # no owl at 2 players


def test_simulate_with_every_extension_on() -> None:
    args = ["simulate", "--players", "4", "--games", "6", "--seed", "3"]
    args += [f"--option={name}=true" for name in ALL_ON]
    done = subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["games"] == 6 and report["invariant_violations"] == 0


def test_json_round_trips_with_every_extension() -> None:
    for state in sample_states(ALL_ON, games=1)[::7]:
        assert GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(state)))) == state


def test_replays_are_deterministic_with_every_extension() -> None:
    first, played, _ = random_game(GAME, {"players": 5, **ALL_ON}, 77)
    second, again, _ = random_game(GAME, {"players": 5, **ALL_ON}, 77)
    assert first == second and played == again


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ({"type": "read_potion", "card": 36}, "missing the field(s) sign"),
        ({"type": "look", "target": "Ben"}, "must be an integer"),
        ({"type": "ask_visit"}, "missing the field(s) count"),
        ({"type": "take_life", "card": 1}, "unknown field(s) card"),
        ({"type": "choose", "card": 1, "other": True}, "must be an integer"),
    ],
)
def test_malformed_extension_actions_are_named(data: dict[str, Any], fragment: str) -> None:
    with pytest.raises(MalformedData) as error:
        GAME.action_from_json(data)
    assert fragment in error.value.message


@pytest.mark.parametrize(
    ("corrupt", "fragment"),
    [
        (lambda s: s.pop("readings"), "missing the field(s) readings"),
        (lambda s: s.update(readings=[0, 5, 0]), "reads 5"),
        (lambda s: s.update(turn_of=9, resume="turn", stage="potion"), "seat 9"),
        (lambda s: s["companions"].__setitem__(0, s["companions"][1]), "companion cards"),
        (lambda s: s.update(fates=["ghost", "", "", ""]), "ghost"),
        (lambda s: s.update(fates=["zombie", "", "", ""]), "fates"),
        (lambda s: s["options"].pop("reaper"), "unknown field(s)"),
    ],
)
def test_corrupt_extension_states_are_refused(corrupt: Any, fragment: str) -> None:
    data = json.loads(json.dumps(GAME.state_to_json(GAME.new_game({"players": 4, **ALL_ON}, 1))))
    GAME.state_from_json(data)  # sound before the corruption
    corrupt(data)
    with pytest.raises(MalformedData) as error:
        GAME.state_from_json(data)
    assert fragment in error.value.message


def test_illegal_extension_actions_say_why() -> None:
    state = GAME.new_game({"players": 3}, 5)
    seat = state.seat
    cases: list[tuple[Action, str]] = [
        (ReadPotion(35, 1), "no_potion_to_read"),
        (LookMystery(), "no_companions"),
        (TakeLife(), "no_destiny"),
    ]
    for action, code in cases:
        with pytest.raises(IllegalAction) as error:
            GAME.apply(state, seat, action)
        assert error.value.code == code
        assert reason_text(code, "x", "fr") != "x"
