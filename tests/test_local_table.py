"""A table on one device: humans and bots, the pass-and-play curtain, saves."""

from __future__ import annotations

import copy
import json

import pytest

from game.bossquest import GAME
from game.engine.errors import GameError, IllegalAction, MalformedData
from game.engine.local import LocalTable, SeatConfig


def table(humans: int, players: int = 4, seed: int = 3) -> LocalTable:
    seats = [SeatConfig(f"P{i}", i < humans) for i in range(players)]
    return LocalTable.new(GAME, seats, {"players": players}, seed)


def run_bots(t: LocalTable) -> None:
    while t.bot_to_act() is not None:
        t.play_bot(GAME.bots)


def test_solo_game_against_bots_runs_to_the_end() -> None:
    t = table(humans=1)
    assert t.viewer == 0
    while not GAME.is_over(t.state):
        run_bots(t)
        if t.human_to_act() is not None:
            assert t.curtain() is None  # nobody to hide from
            t.play(0, t.legal()[-1])
    assert GAME.outcome(t.state) is not None


def test_pass_and_play_curtain_hides_the_other_human() -> None:
    t = table(humans=2, players=3, seed=5)
    assert t.viewer is None
    shown_hands: set[int] = set()
    while not GAME.is_over(t.state):
        run_bots(t)
        seat = t.human_to_act()
        if seat is None:
            continue
        if t.curtain() is not None:
            assert t.legal() == []  # the board is covered
            assert t.curtain() == seat
            t.reveal(seat)
        assert t.viewer == seat
        view = t.view()
        other = 1 - seat
        if not GAME.is_over(t.state):
            assert view["seats"][other]["hidden"] is None
            assert all("secret" not in event for event in t.visible_events())
        shown_hands.add(seat)
        t.play(seat, t.legal()[0])
    assert shown_hands == {0, 1}


def test_revealing_to_the_wrong_seat_is_refused() -> None:
    t = table(humans=2, players=2, seed=1)
    seat = t.curtain()
    assert seat is not None
    with pytest.raises(MalformedData):
        t.reveal(1 - seat)


def test_save_and_load_restore_exactly() -> None:
    t = table(humans=1, seed=8)
    for _ in range(12):
        run_bots(t)
        if t.human_to_act() is not None:
            t.play(0, t.legal()[0])
    saved = json.loads(json.dumps(t.save()))
    again = LocalTable.load(GAME, saved)
    assert again.state == t.state
    assert again.viewer == t.viewer
    assert again.visible_events() == t.visible_events()
    assert [s.name for s in again.seats] == [s.name for s in t.seats]


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda s: s.update(version=99),
        lambda s: s.pop("match"),
        lambda s: s["match"]["actions"].append([0, {"type": "fly"}]),
        lambda s: s["match"]["actions"].append([3, {"type": "ask", "count": 9}]),
        lambda s: s["seats"].pop(),
        lambda s: s.update(viewer=3),
        lambda s: s["match"].update(seed="x"),
    ],
)
def test_corrupt_saves_are_refused_with_a_reason(corrupt: object) -> None:
    t = table(humans=1, seed=8)
    saved = copy.deepcopy(t.save())
    corrupt(saved)  # type: ignore[operator]
    with pytest.raises(GameError) as error:
        LocalTable.load(GAME, saved)
    assert error.value.message


def test_an_illegal_action_changes_nothing() -> None:
    t = table(humans=1, seed=2)
    run_bots(t)
    before = t.save()
    with pytest.raises(IllegalAction):
        t.play(0, GAME.action_from_json({"type": "ask", "count": 7}))
    assert t.save() == before
