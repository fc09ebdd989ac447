"""The state decoder takes only states the engine can play: a real state with
one field changed (a card doubled or unknown, an amount out of bounds, a seat
that does not exist, a per-seat list of the wrong length, a stage that does
not fit) is refused with MalformedData naming the field; whatever it accepts
passes every invariant and plays on without an error other than the engine's.
Every state real play reaches (random games, scenarios, tutorials) still loads."""

from __future__ import annotations

import contextlib
import copy
import functools
import itertools
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from game.bossquest import GAME
from game.bossquest.cards import REAPER, SPELL_KINDS
from game.bossquest.invariants import state_problems
from game.bossquest.scenario import SCENARIOS
from game.bossquest.state import NO_CARD, Fate, Stage, State
from game.engine import rng
from game.engine.codec import decode_state, encode_state
from game.engine.errors import GameError, MalformedData
from game.engine.scenario import case_list, load_scenario, run_scenario
from game.engine.scenario_setup import build_setup

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_FILES = sorted((ROOT / "tests" / "scenarios" / "bossquest").rglob("*.json"))
TUTORIAL_FILES = sorted((ROOT / "game" / "bossquest" / "tutorials").glob("*.json"))
EXTENSIONS = ("potions", "companions", "reaper")
ALL_ON = dict.fromkeys(EXTENSIONS, True)
EXTENSION_SETS = [
    dict(zip(EXTENSIONS, flags, strict=True))
    for flags in itertools.product((False, True), repeat=3)
]

Json = dict[str, Any]


def walk(players: int, seed: int, **options: bool) -> Iterator[State]:
    """Every state of one game of random legal actions, the first deal included."""
    state = GAME.new_game({"players": players, **options}, seed)
    dice = rng.seed_state(seed)
    while True:
        yield state
        if GAME.is_over(state):
            return
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        index, dice = rng.below(dice, len(legal))
        state, _ = GAME.apply(state, seat, legal[index])


def _strength_spell(state: State) -> bool:
    return any(spell.target >= 0 for spell in state.active)


def _gone_at_play(state: State) -> bool:
    return state.stage == Stage.TURN and Fate.GONE in state.fates


# Real states of each kind the crafted cases start from: (players, options, which).
_KINDS: dict[str, tuple[int, dict[str, bool], Callable[[State], bool]]] = {
    "spells": (4, {}, lambda s: s.stage == Stage.TURN and s.round >= 2 and _strength_spell(s)),
    "choose": (4, {}, lambda s: s.stage == Stage.CHOOSE),
    "last_turn": (4, {}, lambda s: s.stage == Stage.TURN and bool(s.last_turn)),
    "over": (3, {}, lambda s: s.stage == Stage.OVER),
    "potion": (4, {"potions": True}, lambda s: s.stage == Stage.POTION),
    "gone": (4, ALL_ON, lambda s: _gone_at_play(s) and s.fates[-1] == Fate.GONE),
    "reaper_player": (4, ALL_ON, lambda s: s.stage == Stage.TURN and Fate.REAPER in s.fates),
    "reaper_round": (3, {"reaper": True}, lambda s: s.stage == Stage.TURN and s.boss == REAPER),
    "destiny": (3, {"reaper": True}, lambda s: s.stage == Stage.DESTINY),
}


@functools.cache
def real_state(kind: str) -> State:
    """The first state of that kind in seeded random games."""
    players, options, wanted = _KINDS[kind]
    for seed in range(400):
        for state in walk(players, seed, **options):
            if wanted(state):
                return state
    raise AssertionError(f"no random game reaches a {kind} state")


def real_json(kind: str) -> Json:
    data: Json = json.loads(json.dumps(GAME.state_to_json(real_state(kind))))
    return data  # a deep copy, as a save would hold it


def refusal(data: Json) -> str:
    with pytest.raises(MalformedData) as error:
        GAME.state_from_json(data)
    return error.value.message


# --------------------------------------------------------------- the mutations


def _strength_index(data: Json) -> int:
    return next(i for i, spell in enumerate(data["active"]) if spell["target"] >= 0)


def _seat_at_armorer(data: Json) -> int:
    return next(s for s, p in enumerate(data["players"]) if not p["at_magician"])


def _set(path: str, value: Any) -> Callable[[Json], None]:
    """A mutation setting one field, given as a path: "players.0.hearts"."""

    def mutate(data: Json) -> None:
        *parents, last = (int(key) if key.isdigit() else key for key in path.split("."))
        node: Any = data
        for key in parents:
            node = node[key]
        node[last] = value

    return mutate


def _fighter(data: Json, wanted: Callable[[Json], bool]) -> Json:
    """A seat of the last fight that `wanted` takes."""
    return next(seat for seat in data["result"]["seats"] if seat["weapons"] and wanted(seat))


def _winner_out(data: Json) -> None:
    _fighter(data, lambda seat: seat["winner"])["out"] = True


def _over_flipped(data: Json) -> None:
    seat = _fighter(data, lambda seat: not seat["over"])
    seat["over"] = True


def _a_key_too_many(data: Json) -> None:
    _fighter(data, lambda seat: seat["winner"])["keys_won"] += 1


def _a_key_for_a_loser(data: Json) -> None:
    _fighter(data, lambda seat: not seat["winner"] and not seat["perfect"])["keys_won"] = 1


def _perfect_off_the_mark(data: Json) -> None:
    hp = data["result"]["boss_hp"]
    seat = _fighter(
        data, lambda seat: not seat["over"] and not seat["out"] and seat["strength"] != hp
    )
    seat["perfect"] = True


def _a_heart_lost_below(data: Json) -> None:
    _fighter(data, lambda seat: not seat["over"] and not seat.get("reaper_hit"))["hearts_lost"] = 1


def _set_strength(field: str, value: int) -> Callable[[Json], None]:
    def mutate(data: Json) -> None:
        data["active"][_strength_index(data)][field] = value

    return mutate


def _double_hidden(data: Json) -> None:
    """A weapon in two hands at once."""
    data["players"][1]["visible"].append(data["players"][0]["hidden"])


def _swap_pending(kind: str) -> Callable[[Json], None]:
    """The waiting spell becomes one of `kind` from the deck (each card still once)."""

    def mutate(data: Json) -> None:
        deck = data["spell_deck"]
        index = next(i for i, card in enumerate(deck) if SPELL_KINDS[card] == kind)
        deck[index], data["pending"] = data["pending"], deck[index]

    return mutate


def _boss_from_deck(data: Json) -> None:
    """The Reaper's round, but a boss from the deck instead of the Reaper."""
    data["boss"] = data["boss_deck"].pop(0)


def _to_armorer_stage(stage: str) -> Callable[[Json], None]:
    def mutate(data: Json) -> None:
        data["seat"] = _seat_at_armorer(data)
        data["stage"] = stage

    return mutate


def _at_magician(data: Json) -> None:
    data["players"][data["seat"]]["at_magician"] = True


def _seat_to_act_gone(data: Json) -> None:
    data["fates"][data["seat"]] = Fate.GONE


def _owed_without_spell(data: Json) -> None:
    data["last_turn"] = [_seat_at_armorer(data)]


def _second_reaper(data: Json) -> None:
    """A knight takes the scythe too, its hearts and keys discarded as the rules say."""
    knight = data["fates"].index(Fate.KNIGHT)
    data["fates"][knight] = Fate.REAPER
    data["players"][knight].update(hearts=0, keys=0)


def _companion_to_reserve(data: Json) -> None:
    data["reserve"].append(data["companions"][0])
    data["companions"][0] = NO_CARD


def _pop(path: str) -> Callable[[Json], None]:
    def mutate(data: Json) -> None:
        node: Any = data
        for key in path.split("."):
            node = node[int(key) if key.isdigit() else key]
        node.pop()

    return mutate


def _append_copy(path: str) -> Callable[[Json], None]:
    def mutate(data: Json) -> None:
        node: Any = data
        for key in path.split("."):
            node = node[int(key) if key.isdigit() else key]
        node.append(copy.deepcopy(node[-1]))

    return mutate


# (case id, kind of real state, mutation, fragments the refusal must hold)
CASES: list[tuple[str, str, Callable[[Json], None], tuple[str, ...]]] = [
    # Each card once, and only cards of this game.
    (
        "weapon doubled in the deck",
        "spells",
        lambda d: d["weapon_deck"].append(d["weapon_deck"][0]),
        ("weapon cards", "doubled"),
    ),
    ("weapon in two hands", "spells", _double_hidden, ("weapon cards", "doubled")),
    (
        "unknown weapon",
        "spells",
        lambda d: d["players"][0]["visible"].append(99),
        ("weapon cards", "unknown [99]"),
    ),
    (
        "spell doubled",
        "spells",
        lambda d: d["spell_discard"].append(d["spell_deck"][0]),
        ("spell cards", "doubled"),
    ),
    ("unknown boss", "spells", _set("boss", 12), ("boss cards", "unknown [12]")),
    ("unknown mystery", "spells", _set("mystery", 77), ("spell cards", "unknown [77]")),
    ("stacked unknown weapon", "spells", _set("stacked", [[99, 1]]), ("stacked[0]", "[99]")),
    ("stacked weapon twice", "spells", _set("stacked", [[4], [3, 3]]), ("stacked[1]", "twice")),
    ("stacked potion without potions", "spells", _set("stacked", [[35]]), ("stacked[0]",)),
    ("known unknown weapon", "spells", _set("known", [[0, 77]]), ("known", "[77]")),
    (
        "companion held twice",
        "gone",
        lambda d: d["companions"].__setitem__(0, d["reserve"][0]),
        ("companion cards", "doubled"),
    ),
    ("used power twice", "gone", _set("used", [2, 2]), ("used", "twice")),
    ("result from an unknown boss", "spells", _set("result.boss", 30), ("result.boss",)),
    # Amounts in the ranges the rules allow.
    (
        "spell amount of a million",
        "spells",
        _set_strength("amount", 10**6),
        ("active[", "amount 1000000"),
    ),
    ("spell amount negative", "spells", _set_strength("amount", -1), ("active[", "amount -1")),
    ("spell amount zero", "spells", _set_strength("amount", 0), ("active[", "amount 0")),
    (
        "hearts of a million",
        "spells",
        _set("players.0.hearts", 10**6),
        ("players[0].hearts is 1000000",),
    ),
    ("hearts negative", "spells", _set("players.1.hearts", -1), ("players[1].hearts is -1",)),
    ("keys of a million", "spells", _set("players.2.keys", 10**6), ("players[2].keys",)),
    ("keys negative", "spells", _set("players.2.keys", -2), ("players[2].keys is -2",)),
    ("keys at the target in play", "spells", _set("players.0.keys", 5), ("players[0].keys",)),
    ("a huge number", "spells", _set("players.0.hearts", 10**5000), ("players[0].hearts", "huge")),
    ("potion reading out of range", "potion", _set("readings.1", 9), ("readings[1]", "reads 9")),
    ("round zero", "spells", _set("round", 0), ("round 0",)),
    ("generator out of range", "spells", _set("rng", -1), ("rng",)),
    (
        "result hearts lost",
        "spells",
        _set("result.seats.0.hearts_lost", 10**6),
        ("result.seats[0].hearts_lost",),
    ),
    (
        "result keys won",
        "spells",
        _set("result.seats.1.keys_won", -1),
        ("result.seats[1].keys_won",),
    ),
    (
        "result strength",
        "spells",
        _set("result.seats.1.strength", 10**9),
        ("result.seats[1].strength",),
    ),
    (
        "result hit points",
        "spells",
        lambda d: d["result"].update(boss_hp=d["result"]["boss_hp"] + 7),
        ("result.boss_hp",),
    ),
    ("result of a later round", "spells", _set("result.round", 10**6), ("result.round",)),
    # Every seat number a seat.
    ("seat to act out of range", "spells", _set("seat", 17), ("seat to act 17",)),
    ("seat to act negative", "spells", _set("seat", -1), ("seat to act -1",)),
    ("armorer out of range", "spells", _set("armorer", 9), ("armorer: seat 9",)),
    ("armorer negative", "spells", _set("armorer", -2), ("armorer: seat -2",)),
    ("spell target out of range", "spells", _set_strength("target", 9), ("target: seat 9",)),
    ("spell target negative", "spells", _set_strength("target", -7), ("target: seat -7",)),
    ("last turn owed to no seat", "last_turn", _set("last_turn", [7]), ("last_turn: seat 7",)),
    ("winner out of range", "over", lambda d: d["winners"].append(9), ("winners: seat 9",)),
    ("winner twice", "over", lambda d: d["winners"].append(d["winners"][0]), ("winners",)),
    ("known seat out of range", "spells", _set("known", [[9, 0]]), ("known: seat 9",)),
    ("potion turn of no seat", "potion", _set("turn_of", 9), ("turn_of: seat 9",)),
    ("owl look by no seat", "gone", _set("saw_mystery", [9]), ("saw_mystery: seat 9",)),
    ("destiny of no seat", "destiny", _set("destiny", [9]), ("destiny: seat 9",)),
    ("destiny twice", "destiny", lambda d: d["destiny"].append(d["destiny"][0]), ("destiny",)),
    (
        "result spell target",
        "spells",
        _set("result.active", [{"card": 0, "target": 8, "amount": 1}]),
        ("result.active[0].target: seat 8",),
    ),
    # Per-seat lists of the right length.
    ("a player too few", "spells", _pop("players"), ("players: 3 players",)),
    ("a player too many", "spells", _append_copy("players"), ("players: 5 players",)),
    (
        "companions shorter than the seats",
        "gone",
        _pop("companions"),
        ("companions: 3 places for 4 players",),
    ),
    (
        "companions longer than the seats",
        "gone",
        lambda d: d["companions"].append(d["reserve"].pop()),
        ("companions: 5 places for 4 players",),
    ),
    ("fates shorter than the seats", "gone", _pop("fates"), ("fates: 3 for 4 players",)),
    ("fates longer than the seats", "gone", _append_copy("fates"), ("fates: 5 for 4 players",)),
    ("readings too short", "potion", _pop("readings"), ("readings: 2, not 3",)),
    ("result seats too few", "spells", _pop("result.seats"), ("result.seats: 3 for 4 players",)),
    # The Reaper and the companions consistent with the options and the fates.
    ("seat to act gone", "gone", _seat_to_act_gone, ("left the game",)),
    (
        "a seat gone with a companion",
        "gone",
        lambda d: d["companions"].__setitem__(3, d["reserve"].pop()),
        ("companions[3]", "left the game"),
    ),
    (
        "a companion missing for a player",
        "gone",
        _companion_to_reserve,
        ("companions[0]",),
    ),
    (
        "the Reaper's round without the Reaper",
        "reaper_round",
        _boss_from_deck,
        ("ghost without the Reaper",),
    ),
    (
        "a second Reaper player",
        "reaper_player",
        _second_reaper,
        ("fates: two Reaper players",),
    ),
    (
        "a ghost with hearts",
        "reaper_round",
        lambda d: d["players"][d["fates"].index("ghost")].update(hearts=2),
        ("a ghost with hearts",),
    ),
    # The stage fits the seat to act.
    ("choose with no spell waiting", "spells", _set("stage", Stage.CHOOSE), ("pending",)),
    (
        "a spell waiting outside choose",
        "spells",
        lambda d: d.update(pending=d["spell_deck"].pop()),
        ("pending",),
    ),
    (
        "a waiting spell that takes no choice",
        "choose",
        _swap_pending("pair"),
        ("pending: the spell pair",),
    ),
    ("spell stage at the Armorer", "spells", _to_armorer_stage(Stage.SPELL), ("stage spell",)),
    ("turn at the Magician with 4 players", "spells", _at_magician, ("stage turn",)),
    ("over with a seat to act", "spells", _set("stage", Stage.OVER), ("does not fit stage over",)),
    ("over without winners", "over", _set("winners", []), ("winners",)),
    ("winners before the end", "spells", _set("winners", [0]), ("winners",)),
    ("destiny without the Reaper", "spells", _set("stage", Stage.DESTINY), ("without the Reaper",)),
    (
        "potion stage without potions",
        "spells",
        _set("stage", Stage.POTION),
        ("without the potions",),
    ),
    ("potion stage without its turn", "potion", _set("resume", ""), ("turn_of, resume",)),
    ("last turn owed without its spell", "spells", _owed_without_spell, ("last_turn",)),
    ("destiny outside the destiny stage", "reaper_round", _set("destiny", [0]), ("destiny",)),
    # The last fight as the rules score it (issue #27).
    ("a winner out of the fight", "spells", _winner_out, ("neither over nor out",)),
    ("over below the boss", "spells", _over_flipped, (".over must say",)),
    ("a key too many for the winner", "spells", _a_key_too_many, (".keys_won must be",)),
    ("a key for a loser", "spells", _a_key_for_a_loser, (".keys_won must be 0",)),
    ("a PERFECT off the mark", "spells", _perfect_off_the_mark, ("a PERFECT is exactly",)),
    ("a heart lost below the boss", "spells", _a_heart_lost_below, ("a heart goes only",)),
]


@pytest.mark.parametrize(
    ("kind", "mutate", "fragments"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_a_crafted_state_is_refused_naming_the_field(
    kind: str, mutate: Callable[[Json], None], fragments: tuple[str, ...]
) -> None:
    data = real_json(kind)
    assert GAME.state_from_json(data) == real_state(kind)  # sound before the change
    mutate(data)
    message = refusal(data)
    for fragment in fragments:
        assert fragment in message
    assert len(message) < 300  # outside input is quoted short, never echoed whole


def test_a_refusal_goes_through_the_engine_codec_too() -> None:
    saved = encode_state(GAME, real_state("gone"))
    saved["state"]["companions"].pop()
    with pytest.raises(MalformedData) as error:
        decode_state(GAME, saved)
    assert error.value.code == "corrupt_state"
    assert "companions" in error.value.message


def test_a_long_stage_name_is_quoted_short() -> None:
    data = real_json("spells")
    data["stage"] = "x" * 10_000
    message = refusal(data)
    assert "state.stage" in message and len(message) < 200


# ---------------------------------------------------- real states still load


def _round_trips(state: State) -> None:
    assert state_problems(state) == []
    assert decode_state(GAME, json.loads(json.dumps(encode_state(GAME, state)))) == state


@pytest.mark.parametrize(
    "extensions", EXTENSION_SETS, ids=lambda e: "+".join(k for k in e if e[k]) or "base"
)
@pytest.mark.parametrize("players", range(2, 7))
def test_every_state_of_random_play_loads(extensions: dict[str, bool], players: int) -> None:
    for seed in (players, players + 50):
        for state in walk(players, seed, **extensions):
            _round_trips(state)


@pytest.mark.parametrize(
    "path", [*SCENARIO_FILES, *TUTORIAL_FILES], ids=lambda p: f"{p.parent.name}/{p.stem}"
)
def test_every_state_of_the_scenarios_and_tutorials_loads(path: Path) -> None:
    result = run_scenario(GAME, SCENARIOS, load_scenario(path))
    assert result.passed, result.failure
    for state in result.states:
        _round_trips(state)


# ------------------------------------------------------- mutated states, at random


@functools.cache
def base_states() -> tuple[str, ...]:
    """Real states as JSON text: every few actions of one game per player count and
    set of extensions, every state of the rarer stages, and stacked scenario deals."""
    found: list[State] = []
    for players, extensions in itertools.product(range(2, 7), EXTENSION_SETS):
        for number, state in enumerate(walk(players, 7 * players, **extensions)):
            rare = state.stage not in (Stage.TURN, Stage.SPELL) or Fate.GONE in state.fates
            if number % 12 == 0 or (rare and number % 3 == 0):
                found.append(state)
    for path in SCENARIO_FILES:  # each case of a file, but set-ups meant to be refused
        for case in case_list(load_scenario(path)):
            if "setup_fails" not in case:
                setup = case["setup"]
                found.append(build_setup(GAME, SCENARIOS, setup, SCENARIOS.json_names())[0])
    return tuple(json.dumps(GAME.state_to_json(state)) for state in found)


_STRINGS = (*Stage.ALL, *Fate.ALL, "turn", "spell", "fight", "dancing")
_INTS = st.one_of(
    st.integers(-3, 45), st.sampled_from([NO_CARD, 10**6, -(10**6), 2**64]), st.integers()
)
_PER_SEAT = ("players", "companions", "fates")


def _nodes(data: Any) -> Iterator[tuple[Any, Any, Any]]:
    """(container, key, value) for every value inside `data`, lists included."""
    items = data.items() if isinstance(data, dict) else enumerate(data)
    for key, value in items:
        yield data, key, value
        if isinstance(value, (dict, list)):
            yield from _nodes(value)


def _mutate(draw: st.DrawFn, data: Json) -> None:
    """One change to a random place: a leaf, a list's items, or a per-seat list."""
    nodes = list(_nodes(data))
    lists = [value for _, _, value in nodes if isinstance(value, list) and value]
    operation = draw(st.sampled_from(("leaf", "leaf", "drop", "duplicate", "move", "swap", "seat")))
    if operation == "leaf":
        leaves = [(c, k, v) for c, k, v in nodes if not isinstance(v, (dict, list))]
        container, key, value = draw(st.sampled_from(leaves))
        if isinstance(value, bool):
            container[key] = not value
        elif isinstance(value, int):
            container[key] = draw(_INTS)
        elif isinstance(value, str):
            container[key] = draw(st.sampled_from(_STRINGS))
    elif operation in ("drop", "duplicate") and lists:
        items = draw(st.sampled_from(lists))
        index = draw(st.integers(0, len(items) - 1))
        if operation == "drop":
            del items[index]
        else:
            items.insert(draw(st.integers(0, len(items))), copy.deepcopy(items[index]))
    elif operation == "move":  # a card to another zone: every card is still there once
        int_lists = [
            v for _, _, v in nodes if isinstance(v, list) and all(type(x) is int for x in v)
        ]
        source, target = draw(st.sampled_from(int_lists)), draw(st.sampled_from(int_lists))
        if source:
            card = source.pop(draw(st.integers(0, len(source) - 1)))
            target.insert(draw(st.integers(0, len(target))), card)
    elif operation == "swap":
        ints = [(c, k) for c, k, v in nodes if type(v) is int]
        (first, one), (second, other) = draw(st.sampled_from(ints)), draw(st.sampled_from(ints))
        first[one], second[other] = second[other], first[one]
    elif operation == "seat":  # a per-seat list one item short
        present = [name for name in _PER_SEAT if data.get(name)]  # earlier drops may empty one
        if present:
            items = data[draw(st.sampled_from(present))]
            del items[draw(st.integers(0, len(items) - 1))]


@st.composite
def mutated_states(draw: st.DrawFn) -> Json:
    data: Json = json.loads(draw(st.sampled_from(base_states())))
    for _ in range(draw(st.integers(1, 3))):
        _mutate(draw, data)
    return data


def play_on(state: State, seed: int, steps: int) -> None:
    """Random legal actions, with every seat's view, each state checked again."""
    dice = rng.seed_state(seed)
    for _ in range(steps):
        for seat in [None, *range(GAME.seats(state))]:
            GAME.view(state, seat)
        if GAME.is_over(state):
            return
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        assert legal, "the seat to act has no legal action"
        index, dice = rng.below(dice, len(legal))
        state, _events = GAME.apply(state, seat, legal[index])
        assert state_problems(state) == []


@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=mutated_states(), seed=st.integers(0, 2**32))
def test_a_mutated_state_is_refused_or_plays_on(data: Json, seed: int) -> None:
    try:
        state = GAME.state_from_json(data)
    except MalformedData:
        event("refused")
        return
    event("accepted")
    assert state_problems(state) == []
    with contextlib.suppress(GameError):  # the engine's own errors; anything else fails
        play_on(state, seed, steps=300)
