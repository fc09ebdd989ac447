"""Duel's rules, each pinned: the swap step in turn, the simultaneous commit
with its card hidden until both are in, the reveal, ties, the end."""

from __future__ import annotations

import pytest

from game.duel import GAME
from game.duel.state import Commit, Keep, Stage, State, Swap
from game.engine.errors import IllegalAction
from game.engine.events import event_for_seat
from game.engine.evolve import evolve


def dealt() -> State:
    # Seat 0 holds 0, 4, 9 (values 1, 3, 5); seat 1 holds 1, 5, 8 (1, 3, 5).
    state = GAME.new_game({"players": 2}, 1)
    return evolve(state, hands=((0, 4, 9), (1, 5, 8)), deck=(2, 3, 6, 7))


def test_the_swap_step_goes_in_turn_then_both_commit_at_once() -> None:
    state = dealt()
    assert GAME.to_act(state) == (0,)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 1, Keep())
    assert refused.value.code == "not_your_turn"
    state, events = GAME.apply(state, 0, Swap(0))
    assert state.hands[0] == (2, 4, 9) and state.deck == (3, 6, 7) and state.discards == (0,)
    assert event_for_seat(events[0], 1) == {"type": "swap", "seat": 0, "discarded": 0}
    assert event_for_seat(events[0], 0)["drawn"] == 2
    state, _ = GAME.apply(state, 1, Keep())
    assert state.stage == Stage.COMMIT and GAME.to_act(state) == (0, 1)


def test_a_committed_card_stays_hidden_until_both_are_in() -> None:
    state, _ = GAME.apply(dealt(), 0, Keep())
    state, _ = GAME.apply(state, 1, Keep())
    state, events = GAME.apply(state, 1, Commit(8))
    assert GAME.to_act(state) == (0,)
    assert (
        "8" not in str(event_for_seat(events[0], 0)) and event_for_seat(events[0], 1)["card"] == 8
    )
    assert GAME.view(state, 0)["committed"] == [False, True]
    assert GAME.view(state, 0)["my_card"] is None and GAME.view(state, 1)["my_card"] == 8
    assert 8 not in GAME.view(state, 0)["hand"]
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 1, Commit(5))
    assert refused.value.code == "already_committed"
    state, events = GAME.apply(state, 0, Commit(4))
    assert events[-2:][0] == {"type": "reveal", "cards": [4, 8], "winner": 1}
    assert state.points == (0, 1) and state.round == 2 and GAME.to_act(state) == (1,)


def test_equal_values_score_nobody_and_the_most_points_win() -> None:
    state = dealt()
    for first, second in ((9, 8), (4, 5), (0, 1)):  # 5-5, 3-3, 1-1: three ties
        while state.stage == Stage.SWAP:
            state, _ = GAME.apply(state, GAME.to_act(state)[0], Keep())
        state, _ = GAME.apply(state, 0, Commit(first))
        state, events = GAME.apply(state, 1, Commit(second))
    assert state.points == (0, 0) and GAME.is_over(state)
    assert GAME.outcome(state) == {"winners": [0, 1], "points": [0, 0]}
    assert events[-1]["type"] == "game_over"


def test_no_swap_from_an_empty_deck() -> None:
    state = evolve(dealt(), deck=(), discards=(2, 3, 6, 7))
    assert GAME.check(state, 0, Swap(0)) is not None
    assert GAME.legal_actions(state, 0) == [Keep()]


# ------------------------------------------------------------------ client


def test_the_registry_adds_the_client_with_the_game() -> None:
    from game import registry

    registry.include_test_games()
    try:
        client = registry.get_client("duel")
        assert client.name == "duel" and client.title("fr") == "Duel"
    finally:  # leave the registry as the other tests expect it
        registry.GAMES.pop("duel", None)
        registry.CLIENTS.pop("duel", None)
        registry._clients.pop("duel", None)


def test_the_board_hides_the_rivals_card_until_the_reveal_panel() -> None:
    from game.duel.ui import CLIENT
    from game.engine.client import Scene

    names = ["Anne", "Bruno"]
    state, _ = GAME.apply(dealt(), 0, Keep())
    state, _ = GAME.apply(state, 1, Keep())
    state, _ = GAME.apply(state, 1, Commit(8))
    view = GAME.view(state, 0)
    dock = CLIENT.dock(view, GAME.legal_actions(state, 0), names, "en")
    assert [c.label for g in dock.groups for c in g.controls] == [
        "Commit the blue 1",
        "Commit the blue 3",
        "Commit the green 5",
    ]
    board = CLIENT.render_table(Scene(view=view, names=names, kinds=["human", "bot"], lang="en"))
    assert 'data-card="8"' not in board and 'data-committed="true"' in board
    assert CLIENT.result_key(view) is None
    state, events = GAME.apply(state, 0, Commit(4))
    view = GAME.view(state, 0)
    assert CLIENT.result_key(view) == 1
    panel = CLIENT.render_result(
        Scene(view=view, names=names, kinds=["human", "bot"], lang="fr", events=events)
    )
    assert 'data-card="8"' in panel and "Bruno remporte le pli." in panel
    assert CLIENT.result_status(view, names, "en") == "Trick 1 · Bruno wins the trick."
    assert CLIENT.reason_text("wrong_step", "commit a card now", "fr") == (
        "engagez une carte maintenant"
    )
