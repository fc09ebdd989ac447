"""The engine's generic codec for frozen dataclasses and tuples (engine/codec.py):
exact round trips, strict refusals that name the field, and Duel's saves
written exactly as before."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

import pytest

from game.duel import GAME as DUEL
from game.duel.state import Commit, Keep, Stage, State, Swap
from game.engine.codec import (
    record_from_json,
    record_to_json,
    tagged_from_json,
    tagged_to_json,
)
from game.engine.errors import MalformedData


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Chip:
    colour: Colour
    value: int


@dataclass(frozen=True)
class Pile:
    name: str
    chips: tuple[Chip, ...]
    top: Chip | None
    pair: tuple[int, int | None]
    open: bool
    weight: float


@dataclass
class Loose:
    value: int


PILE = Pile("market", (Chip(Colour.RED, 3), Chip(Colour.BLUE, 1)), None, (4, None), True, 1.5)
PILE_JSON = {
    "name": "market",
    "chips": [{"colour": "red", "value": 3}, {"colour": "blue", "value": 1}],
    "top": None,
    "pair": [4, None],
    "open": True,
    "weight": 1.5,
}


def test_a_record_round_trips_exactly() -> None:
    assert record_to_json(PILE) == PILE_JSON
    assert record_from_json(Pile, PILE_JSON, "pile") == PILE
    topped = Pile("x", (), Chip(Colour.BLUE, 2), (0, 1), False, 0.0)
    assert record_from_json(Pile, record_to_json(topped), "pile") == topped


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(extra=1), "pile has unknown field(s) extra"),
        (lambda d: d.pop("open"), "pile is missing the field(s) open"),
        (lambda d: d.update(name=7), "pile.name must be a string, not 7"),
        (lambda d: d.update(open=1), "pile.open must be true or false"),
        (lambda d: d["chips"][1].update(value="1"), "pile.chips[1].value must be an integer"),
        (lambda d: d["chips"][0].update(colour="green"), "pile.chips[0].colour 'green' is not"),
        (lambda d: d["chips"][0].update(shade=1), "pile.chips[0] has unknown field(s) shade"),
        (lambda d: d.update(pair=[1]), "pile.pair must hold 2 items, not 1"),
        (lambda d: d.update(pair=[1, "x"]), "pile.pair[1] must be int or null"),
        (lambda d: d.update(top=5), "pile.top must be Chip or null"),
        (lambda d: d.update(chips={}), "pile.chips must be a list"),
        (lambda d: d.update(weight=True), "pile.weight must be a number"),
        (lambda d: d["chips"].append(None), "pile.chips[2] must be a JSON object"),
    ],
)
def test_a_record_is_refused_naming_the_field(change, message) -> None:  # type: ignore[no-untyped-def]
    data = record_to_json(PILE)
    assert isinstance(data, dict)
    change(data)
    with pytest.raises(MalformedData, match=re.escape(message)):
        record_from_json(Pile, data, "pile")


def test_only_frozen_dataclasses_are_read() -> None:
    with pytest.raises(TypeError, match="not a frozen dataclass"):
        record_from_json(Loose, {"value": 1}, "loose")
    with pytest.raises(TypeError, match="writes no set"):
        record_to_json({1, 2})


def test_a_tagged_union_names_its_type() -> None:
    tags = {"keep": Keep, "swap": Swap, "commit": Commit}
    assert tagged_to_json(Swap(3), tags) == {"type": "swap", "card": 3}
    assert tagged_from_json(tags, {"type": "commit", "card": 2}, "duel action") == Commit(2)
    assert tagged_from_json(tags, {"type": "keep"}, "duel action") == Keep()
    with pytest.raises(MalformedData, match="unknown duel action type 'fold'"):
        tagged_from_json(tags, {"type": "fold"}, "duel action")
    with pytest.raises(MalformedData, match="duel action swap is missing the field"):
        tagged_from_json(tags, {"type": "swap"}, "duel action")
    with pytest.raises(MalformedData, match="must be an object with a type"):
        tagged_from_json(tags, ["swap", 1], "duel action")


def test_duel_writes_its_state_and_actions_as_before() -> None:
    """Duel's codec is the generic one: the JSON is the one Duel always wrote."""
    state = State(
        dice=12345,
        deck=(9, 8, 7),
        hands=((0, 1, 2), (3, 4, 5)),
        discards=(6,),
        committed=(None, None),
        points=(0, 0),
        round=1,
        stage=Stage.SWAP,
        seat=0,
        swaps_done=0,
    )
    data = DUEL.state_to_json(state)
    assert data == {
        "dice": 12345,
        "deck": [9, 8, 7],
        "hands": [[0, 1, 2], [3, 4, 5]],
        "discards": [6],
        "committed": [None, None],
        "points": [0, 0],
        "round": 1,
        "stage": "swap",
        "seat": 0,
        "swaps_done": 0,
    }
    assert DUEL.state_from_json(data) == state
    assert DUEL.action_to_json(Keep()) == {"type": "keep"}
    assert DUEL.action_to_json(Commit(4)) == {"type": "commit", "card": 4}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(dice=-1), "dice must be a 64-bit"),
        (lambda d: d.update(stage="dance"), "duel state.stage 'dance' is not a Stage"),
        (lambda d: d.update(hands=[[0, 1, 2]]), "duel state.hands must hold 2 items"),
        (lambda d: d.update(committed=[None, "x"]), r"duel state.committed\[1\] must be int"),
        (lambda d: d.update(round=9), "is not sound: round must be"),
    ],
)
def test_duel_refuses_a_broken_save_naming_why(change, message) -> None:  # type: ignore[no-untyped-def]
    data = DUEL.state_to_json(DUEL.new_game(DUEL.normalize_options({"players": 2}), 3))
    change(data)
    with pytest.raises(MalformedData, match=message):
        DUEL.state_from_json(data)
    with pytest.raises(MalformedData, match="card must be a card id"):
        DUEL.action_from_json({"type": "swap", "card": 10})
