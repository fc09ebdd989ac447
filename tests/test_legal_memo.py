"""The engine's legal-list memo (engine/legalmemo.py): keyed by the state's
identity and the seat, bounded, and what the games' apply trusts."""

from __future__ import annotations

import gc
import weakref
from dataclasses import dataclass

import pytest

import game.bossquest.rules as quest_rules
import game.theboss.rules as boss_rules
from game.engine.legalmemo import SIZE, LegalMemo
from game.registry import get_game


@dataclass(frozen=True)
class Table:
    turn: int


def test_it_recalls_by_the_states_identity_and_the_seat() -> None:
    memo: LegalMemo[tuple[str, ...]] = LegalMemo()
    state = Table(1)
    memo.remember(state, 0, ("a", "b"))
    assert memo.recall(state, 0) == ("a", "b")
    assert memo.recall(state, 1) is None  # another seat
    assert memo.recall(Table(1), 0) is None  # an equal state is not the same one
    memo.forget()
    assert memo.recall(state, 0) is None


def test_it_is_bounded_and_keeps_the_newest() -> None:
    memo: LegalMemo[int] = LegalMemo()
    states = [Table(n) for n in range(3 * SIZE)]
    for n, state in enumerate(states):
        memo.remember(state, 0, n)
    kept = [n for n, state in enumerate(states) if memo.recall(state, 0) is not None]
    assert kept == list(range(2 * SIZE, 3 * SIZE))
    # two games' states interleaved (the page and a bot's search) are both kept
    memo.remember(states[0], 0, 0)
    memo.remember(states[1], 1, 1)
    assert memo.recall(states[0], 0) == 0 and memo.recall(states[1], 1) == 1


def test_a_kept_state_stays_alive_so_its_identity_is_never_reused() -> None:
    memo: LegalMemo[int] = LegalMemo()
    state = Table(7)
    alive = weakref.ref(state)
    memo.remember(state, 0, 1)
    del state
    gc.collect()
    assert alive() is not None
    for n in range(SIZE):
        memo.remember(Table(n), 0, n)
    gc.collect()
    assert alive() is None  # pushed out, then freed


@pytest.mark.parametrize(("name", "rules"), [("bossquest", quest_rules), ("theboss", boss_rules)])
def test_apply_trusts_the_handed_out_list_and_checks_anything_else(
    name: str, rules: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = get_game(name)
    state = game.new_game(game.normalize_options({"players": 3}), 11)
    seat = game.to_act(state)[0]
    asked: list[object] = []
    real_check = rules.check  # type: ignore[attr-defined]

    def counting(*args: object) -> object:
        asked.append(args[2])
        return real_check(*args)

    monkeypatch.setattr(rules, "check", counting)
    legal = game.legal_actions(state, seat)
    trusted = next(
        action for action in legal if type(action).__name__ != "Play"
    )  # a play is checked by apply itself in The Boss
    game.apply(state, seat, trusted)
    assert asked == []
    # the same action on an equal but other state: checked again
    copy = game.state_from_json(game.state_to_json(state))
    game.apply(copy, seat, trusted)
    assert asked == [trusted]
