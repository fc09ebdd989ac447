"""Duel's rules: the deal, one checker that says why an action is illegal, the
legal list built from it, and `apply`."""

from __future__ import annotations

from typing import Any

from ..engine import rng
from ..engine.errors import IllegalAction, Reason
from ..engine.evolve import evolve
from .state import CARDS, HAND, ROUNDS, Action, Commit, Keep, Stage, State, Swap, value_of

__all__ = ["action_universe", "apply", "check", "legal_actions", "new_game", "to_act"]

Event = dict[str, Any]


def new_game(seed: int) -> State:
    cards, dice = rng.shuffle(rng.seed_state(seed), range(CARDS))
    return State(
        dice=dice,
        deck=cards[2 * HAND :],
        hands=(tuple(sorted(cards[:HAND])), tuple(sorted(cards[HAND : 2 * HAND]))),
        discards=(),
        committed=(None, None),
        points=(0, 0),
        round=1,
        stage=Stage.SWAP,
        seat=0,
        swaps_done=0,
    )


def to_act(state: State) -> tuple[int, ...]:
    if state.stage == Stage.SWAP:
        return (state.seat,)
    if state.stage == Stage.COMMIT:
        return tuple(seat for seat in (0, 1) if state.committed[seat] is None)
    return ()


def check(state: State, seat: int, action: Action) -> Reason | None:
    if state.stage == Stage.OVER:
        return Reason("game_over", "the game is over")
    if seat not in (0, 1):
        return Reason("no_such_seat", f"there is no seat {seat} in a duel")
    if seat not in to_act(state):
        if state.stage == Stage.COMMIT:
            return Reason("already_committed", "you have already committed a card this round")
        return Reason("not_your_turn", "it is not your turn")
    hand = state.hands[seat]
    if isinstance(action, Keep):
        return None if state.stage == Stage.SWAP else Reason("wrong_step", "commit a card now")
    if isinstance(action, Swap):
        if state.stage != Stage.SWAP:
            return Reason("wrong_step", "commit a card now")
        if not state.deck:
            return Reason("deck_empty", "the deck is empty: keep your hand")
        return None if action.card in hand else Reason("not_in_hand", "that card is not yours")
    if isinstance(action, Commit):
        if state.stage != Stage.COMMIT:
            return Reason("wrong_step", "swap a card or keep your hand first")
        return None if action.card in hand else Reason("not_in_hand", "that card is not yours")
    return Reason("unknown_action", "a duel has no such action")


def action_universe(state: State) -> list[Action]:
    return [
        Keep(),
        *(Swap(card) for card in range(CARDS)),
        *(Commit(card) for card in range(CARDS)),
    ]


def legal_actions(state: State, seat: int) -> list[Action]:
    return [action for action in action_universe(state) if check(state, seat, action) is None]


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    reason = check(state, seat, action)
    if reason is not None:
        raise IllegalAction(reason)
    if isinstance(action, Keep):
        return _after_swap_step(state, [{"type": "keep", "seat": seat}])
    if isinstance(action, Swap):
        drawn, deck = state.deck[0], state.deck[1:]
        hand = tuple(sorted((*(c for c in state.hands[seat] if c != action.card), drawn)))
        event: Event = {
            "type": "swap",
            "seat": seat,
            "discarded": action.card,
            "secret": {str(seat): {"drawn": drawn}},
        }
        changed = evolve(
            state,
            deck=deck,
            hands=_replace(state.hands, seat, hand),
            discards=(*state.discards, action.card),
        )
        return _after_swap_step(changed, [event])
    assert isinstance(action, Commit)
    hand = tuple(card for card in state.hands[seat] if card != action.card)
    committed = _replace(state.committed, seat, action.card)
    state = evolve(state, hands=_replace(state.hands, seat, hand), committed=committed)
    events: list[Event] = [
        {"type": "commit", "seat": seat, "secret": {str(seat): {"card": action.card}}}
    ]
    if None in committed:
        return state, events
    return _reveal(state, events)


def _after_swap_step(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    if state.swaps_done == 0:
        return evolve(state, seat=1 - state.seat, swaps_done=1), events
    return evolve(state, stage=Stage.COMMIT, swaps_done=2), events


def _reveal(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    first, second = state.committed
    assert first is not None and second is not None
    gap = value_of(first) - value_of(second)
    winner = None if gap == 0 else (0 if gap > 0 else 1)
    points = state.points
    if winner is not None:
        points = _replace(points, winner, points[winner] + 1)
    events.append({"type": "reveal", "cards": [first, second], "winner": winner})
    state = evolve(
        state,
        committed=(None, None),
        points=points,
        discards=(*state.discards, first, second),
    )
    if state.round == ROUNDS:
        best = max(points)
        winners = [seat for seat in (0, 1) if points[seat] == best]
        events.append({"type": "game_over", "winners": winners, "points": list(points)})
        return evolve(state, stage=Stage.OVER), events
    starter = state.round % 2  # the first to swap alternates
    state = evolve(state, round=state.round + 1, stage=Stage.SWAP, seat=starter, swaps_done=0)
    events.append({"type": "round", "round": state.round})
    return state, events


def _replace(pair: tuple[Any, Any], seat: int, value: Any) -> tuple[Any, Any]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)
