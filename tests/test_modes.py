"""Modes, seat roles, teams and constraints between options, declared as data
(engine/modes.py, engine/options.py), and the checked shape of an outcome
(engine/outcome.py), on a game declared inside the tests (modes_game.py)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from game.engine.arena import _seat_of_entries, run_arena
from game.engine.errors import MalformedData
from game.engine.modes import Constraint, Role, Team
from game.engine.options import Option, OptionsDeclaration
from game.engine.outcome import outcome_problem
from game.registry import GAMES, TEST_GAMES
from tests.modes_game import DECLARED, FREE, GAME, PARTY

WORDS = {"fr": "Mot", "en": "Word"}


def test_the_first_mode_is_the_default_and_is_never_written() -> None:
    assert DECLARED.normalize({"players": 3}) == {"players": 3}
    assert DECLARED.normalize({"players": 3, "mode": "race"}) == {"players": 3}
    assert DECLARED.normalize({"players": 3, "mode": "party"}) == {"players": 3, "mode": "party"}
    assert DECLARED.mode_of({"players": 3}) is FREE
    assert DECLARED.mode_of({"players": 3, "mode": "party"}) is PARTY


def test_the_mode_is_read_like_any_option() -> None:
    assert DECLARED.value({"players": 3}, "mode") == "race"
    assert DECLARED.value({"players": 3, "mode": "party"}, "mode") == "party"
    with pytest.raises(MalformedData, match=r"options\.mode must be one of race, party"):
        DECLARED.mode_of({"players": 3, "mode": "lair"})


def test_each_mode_has_its_own_player_range() -> None:
    with pytest.raises(MalformedData, match=r"options.players must be 3 to 5 in mode party, not 2"):
        DECLARED.normalize({"players": 2, "mode": "party"})
    with pytest.raises(MalformedData, match=r"options.players must be 2 to 4 in mode race, not 5"):
        DECLARED.normalize({"players": 5})
    assert DECLARED.normalize({"players": 5, "mode": "party"})["players"] == 5


@pytest.mark.parametrize("bad", ["dragons", 1, None, True])
def test_an_unknown_mode_is_refused_by_name(bad: object) -> None:
    with pytest.raises(MalformedData, match=r"options\.mode must be one of race, party") as caught:
        DECLARED.normalize({"players": 3, "mode": bad})
    assert caught.value.code == "bad_option"


def test_roles_fill_the_seats_in_order_and_teams_group_them() -> None:
    options = DECLARED.normalize({"players": 4, "mode": "party"})
    assert [role.id for role in DECLARED.seat_roles(options)] == ["dragon", "hero", "hero", "hero"]
    teams = DECLARED.seat_teams(options)
    assert [team.id if team else None for team in teams] == ["lair", "party", "party", "party"]
    free = DECLARED.normalize({"players": 3})
    assert [role.id for role in DECLARED.seat_roles(free)] == ["player"] * 3
    assert DECLARED.seat_teams(free) == (None, None, None)


def test_a_game_without_modes_gets_one_default_mode_and_unchanged_options() -> None:
    # the public games that declare no modes (another test may have added the
    # test games; Raid and Hero Realms declare modes)
    for name, game in GAMES.items():
        if name in TEST_GAMES or game.declared_options.modes:
            continue
        declared = game.declared_options
        (mode,) = declared.all_modes
        assert (mode.min_players, mode.max_players) == (declared.min_players, declared.max_players)
        assert [role.id for role in mode.roles] == ["player"] and mode.teams == ()
        options = declared.normalize({"players": declared.min_players})
        assert "mode" not in options
        described = declared.to_json()["modes"]
        assert [entry["id"] for entry in described] == ["standard"]


def test_a_constraint_refuses_a_set_naming_both_options() -> None:
    assert DECLARED.normalize({"players": 3, "sprint": True}) == {"players": 3, "sprint": True}
    with pytest.raises(MalformedData) as caught:
        DECLARED.normalize({"players": 3, "mode": "party", "sprint": True})
    assert caught.value.code == "bad_option"
    message = caught.value.message
    assert "options.mode = 'party'" in message and "options.sprint to be false" in message
    # the samples the conformance suite plays skip the sets a constraint refuses
    samples = list(DECLARED.samples())
    assert {"players": 5, "mode": "party"} in samples
    assert not any(s.get("mode") == "party" and s.get("sprint") for s in samples)
    assert any(s.get("sprint") for s in samples)


def test_a_constraint_on_the_player_count() -> None:
    declared = replace(
        DECLARED,
        constraints=(Constraint("players", (5,), "target", (3, 4), WORDS),),
    )
    assert declared.normalize({"players": 5, "mode": "party", "target": 4})["target"] == 4
    with pytest.raises(
        MalformedData, match=r"options\.players = 5 needs options\.target to be 3 or 4, not 5"
    ):
        declared.normalize({"players": 5, "mode": "party"})


def test_modes_constraints_and_roles_are_described_for_the_menu() -> None:
    described = DECLARED.to_json()
    party = described["modes"][1]
    assert party["players"] == {"min": 3, "max": 5, "default": 4}
    assert [(r["id"], r["seats"]) for r in party["roles"]] == [("dragon", 1), ("hero", None)]
    assert party["teams"][1] == {
        "id": "party",
        "label": {"fr": "Le groupe", "en": "The party"},
        "roles": ["hero"],
    }
    assert described["constraints"][0]["needs"] == "sprint"


def _declare(**changes: Any) -> OptionsDeclaration:
    fields: dict[str, Any] = {
        "min_players": 2,
        "max_players": 5,
        "default_players": 2,
        "options": DECLARED.options,
        "modes": (FREE, PARTY),
        "constraints": (),
    }
    fields.update(changes)
    return OptionsDeclaration(**fields)


BAD_DECLARATIONS: list[tuple[dict[str, Any], str]] = [
    ({"modes": (FREE, replace(PARTY, id="race"))}, "modes must have different ids"),
    ({"modes": (FREE, replace(PARTY, id="the party"))}, "a mode's id must be a short ASCII name"),
    ({"modes": (FREE, replace(PARTY, label={"fr": "Groupe"}))}, "label needs a non-empty text"),
    ({"modes": (FREE, replace(PARTY, min_players=6, max_players=5))}, "player range 6..5 is empty"),
    ({"modes": (FREE, replace(PARTY, default_players=6))}, "default player count is outside"),
    ({"modes": (FREE, replace(PARTY, roles=()))}, "declares no role"),
    (
        {"modes": (FREE, replace(PARTY, roles=(PARTY.roles[1], PARTY.roles[1])))},
        "declares a role twice",
    ),
    (
        {
            "modes": (
                FREE,
                replace(PARTY, roles=(replace(PARTY.roles[0], seats=None), PARTY.roles[1])),
            )
        },
        "only one role may take the remaining seats",
    ),
    (
        {"modes": (FREE, replace(PARTY, roles=(replace(PARTY.roles[0], seats=3), PARTY.roles[1])))},
        "its roles fill 4 or more seats, not 3..5",
    ),
    (
        {"modes": (FREE, replace(PARTY, roles=(replace(PARTY.roles[0], seats=0), PARTY.roles[1])))},
        "role 'dragon' must take at least one seat",
    ),
    (
        {"modes": (replace(FREE, roles=(Role("a", WORDS, 1), Role("b", WORDS, 1))), PARTY)},
        "its roles fill 2 seats, not 2..4",
    ),
    ({"modes": (FREE, replace(PARTY, teams=PARTY.teams[:1]))}, "one team alone"),
    (
        {"modes": (FREE, replace(PARTY, teams=(PARTY.teams[0], Team("x", WORDS, ("elf",)))))},
        "team 'x' names an unknown role 'elf'",
    ),
    (
        {"modes": (FREE, replace(PARTY, teams=(PARTY.teams[1], Team("x", WORDS, ("hero",)))))},
        "role 'hero' is in both teams 'party' and 'x'",
    ),
    (
        {"modes": (FREE, replace(PARTY, teams=(PARTY.teams[0], Team("x", WORDS, ()))))},
        "team 'x' has no role",
    ),
    ({"modes": (FREE, replace(PARTY, max_players=6))}, "must be the modes' range 2..6"),
    ({"default_players": 3}, "the default mode 'race' must default to 3 players"),
    ({"options": (Option("mode", 1, WORDS, WORDS),)}, "not 'players' or 'mode'"),
    (
        {"constraints": (Constraint("mode", ("party",), "speed", (1,), WORDS),)},
        "names an unknown option 'speed'",
    ),
    (
        {"constraints": (Constraint("sprint", (True,), "sprint", (True,), WORDS),)},
        "ties an option to itself",
    ),
    (
        {"constraints": (Constraint("mode", ("lair",), "sprint", (False,), WORDS),)},
        "there is no mode 'lair'",
    ),
    (
        {"constraints": (Constraint("players", (1,), "sprint", (False,), WORDS),)},
        "players 1 is outside 2..5",
    ),
    (
        {"constraints": (Constraint("mode", ("party",), "target", (10,), WORDS),)},
        "options.target must be 3 to 9, not 10",
    ),
    (
        {"constraints": (Constraint("mode", ("party",), "sprint", (), WORDS),)},
        "needs values and allowed values",
    ),
    (
        {"constraints": (Constraint("mode", ("party",), "sprint", (False,), {"en": "x"}),)},
        "reason needs a non-empty text",
    ),
    (
        {"constraints": (Constraint("mode", ("race",), "target", (9,), WORDS),)},
        "mode 'race''s default options break a constraint: options.mode = 'race' needs",
    ),
]


@pytest.mark.parametrize(("changes", "reason"), BAD_DECLARATIONS)
def test_bad_declarations_are_refused_in_words(changes: dict[str, Any], reason: str) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)):
        _declare(**changes)


def test_the_good_declaration_passes() -> None:
    assert _declare().all_modes == (FREE, PARTY)


PARTY4 = {"players": 4, "mode": "party"}

BAD_OUTCOMES: list[tuple[dict[str, Any], Any, str]] = [
    ({"players": 3}, None, "outcome must be an object"),
    ({"players": 3}, {"points": [1]}, "outcome.winners must be a list of seats"),
    ({"players": 3}, {"winners": [3]}, "outcome.winners holds 3, not a seat 0 to 2"),
    ({"players": 3}, {"winners": [True]}, "outcome.winners holds True"),
    ({"players": 3}, {"winners": [1, 1]}, "outcome.winners names a seat twice"),
    ({"players": 3}, {"winners": [1], "teams": []}, "mode race has no teams"),
    (PARTY4, {"winners": [0]}, "outcome.teams must be a list of team ids"),
    (PARTY4, {"winners": [0], "teams": ["dragons"]}, "outcome.teams holds 'dragons'"),
    (PARTY4, {"winners": [0], "teams": ["lair", "lair"]}, "names a team twice"),
    (PARTY4, {"winners": [0, 1], "teams": ["lair"]}, "must be the seats of the winning teams [0]"),
    (PARTY4, {"winners": [1], "teams": ["party"]}, "winning teams [1, 2, 3]"),
]


@pytest.mark.parametrize(("options", "outcome", "reason"), BAD_OUTCOMES)
def test_an_outcome_of_the_wrong_shape_is_named(
    options: dict[str, Any], outcome: Any, reason: str
) -> None:
    problem = outcome_problem(DECLARED, DECLARED.normalize(options), outcome)
    assert problem is not None and reason in problem, problem


@pytest.mark.parametrize(
    ("options", "outcome"),
    [
        ({"players": 3}, {"winners": [2], "points": [1, 2, 3]}),
        ({"players": 3}, {"winners": []}),
        (PARTY4, {"winners": [3, 1, 2], "teams": ["party"]}),
        (PARTY4, {"winners": [], "teams": []}),
    ],
)
def test_an_outcome_of_the_checked_shape_passes(options: dict[str, Any], outcome: Any) -> None:
    assert outcome_problem(DECLARED, DECLARED.normalize(options), outcome) is None


def test_the_test_game_ends_with_outcomes_of_the_checked_shape() -> None:
    for options in DECLARED.samples():
        for seed in range(3):
            state = GAME.new_game(options, seed)
            while not GAME.is_over(state):
                seat = GAME.to_act(state)[0]
                state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[seed % 2])
            assert outcome_problem(DECLARED, options, GAME.outcome(state)) is None


def test_the_arena_keeps_roles_and_reports_by_role_and_team() -> None:
    levels = ["random"] * 4
    report = run_arena(GAME, {"players": 4, "mode": "party"}, levels, games=30, seed=2)
    data = report.to_json()
    assert [(s["role"], s["team"]) for s in data["seats"]] == [
        ("dragon", "lair"),
        ("hero", "party"),
        ("hero", "party"),
        ("hero", "party"),
    ]
    # the Dragon's bot never leaves seat 0: its wins are exactly the lair's
    lair = next(team for team in data["teams"] if team["team"] == "lair")
    party = next(team for team in data["teams"] if team["team"] == "party")
    assert data["seats"][0]["wins"] == lair["wins"]
    assert lair["wins"] + party["wins"] == 30
    assert party["seats"] == 3 and lair["seats"] == 1
    # a winning party: every hero wins a whole game, not a third of one
    assert all(seat["wins"] == party["wins"] for seat in data["seats"][1:])
    roles = {role["role"]: role["wins"] for role in data["roles"]}
    assert roles == {"dragon": lair["wins"], "hero": party["wins"]}
    assert data["fair_share"] is None
    assert lair["ci95"][0] <= lair["win_rate"] <= lair["ci95"][1]


def test_the_arena_rotates_seats_within_a_role() -> None:
    roles = DECLARED.seat_roles(DECLARED.normalize({"players": 4, "mode": "party"}))
    # entry 0 (the Dragon's bot) stays at seat 0; the heroes' bots take turns
    assert _seat_of_entries(roles, 0) == {0: 0, 1: 1, 2: 2, 3: 3}
    assert _seat_of_entries(roles, 1) == {0: 0, 2: 1, 3: 2, 1: 3}
    assert _seat_of_entries(roles, 3) == _seat_of_entries(roles, 0)
    # one role: the plain rotation of before (entry i at seat (i + game) % players)
    free = DECLARED.seat_roles({"players": 3})
    assert _seat_of_entries(free, 1) == {1: 0, 2: 1, 0: 2}


def test_samples_try_every_value_of_many_options_together_past_the_budget() -> None:
    """Four options of six values (one a seat): alone, they would make 40 sets
    in the first mode; together, five sets try every value, each option
    beside a neighbour of another value, and the other modes stay short."""
    seats = tuple(
        Option(f"seat_{n}", "a", WORDS, WORDS, choices=("a", "b", "c", "d", "e", "f"))
        for n in range(4)
    )
    declared = replace(DECLARED, options=seats, constraints=())
    samples = list(declared.samples())
    first = [s for s in samples if "mode" not in s]
    for option in seats:
        tried = {s.get(option.key, "a") for s in first}
        assert tried == set(option.choices), option.key
    together = [s for s in first if any(key.startswith("seat_") for key in s)]
    assert len(together) == 6  # five coverings and every option changed at once
    assert all(len({s[o.key] for o in seats}) == 4 for s in together[:5])
    party = [s for s in samples if s.get("mode") == "party"]
    assert len(party) == 3 + 1  # 3 to 5 players, and every option changed
    # a few options stay tried alone, at both tables
    few = replace(DECLARED, options=seats[:1], constraints=())
    alone = [s for s in few.samples() if "mode" not in s and "seat_0" in s]
    assert {(s["players"], s["seat_0"]) for s in alone} == {(p, v) for p in (2, 4) for v in "bcdef"}
