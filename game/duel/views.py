"""What each seat may know, re-dealing what it cannot, and the state's invariants."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine import rng
from ..engine.evolve import evolve
from .rules import to_act
from .state import CARDS, HAND, ROUNDS, Stage, State

__all__ = ["determinize", "redeal", "state_problems", "view"]


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The public table, plus the seat's own hand and own face-down card."""
    mine = seat in (0, 1)
    return {
        "seat": seat,
        "round": state.round,
        "stage": state.stage.value,
        "turn": state.seat if state.stage == Stage.SWAP else None,
        "swaps_done": state.swaps_done,
        "to_act": list(to_act(state)),
        "points": list(state.points),
        "deck": len(state.deck),
        "discards": list(state.discards),
        "hand_sizes": [len(hand) for hand in state.hands],
        "committed": [card is not None for card in state.committed],
        "hand": list(state.hands[seat]) if mine and seat is not None else None,
        "my_card": state.committed[seat] if mine and seat is not None else None,
    }


def redeal(state: State, seat: int | None, seed: int) -> State:
    """Shuffle every card `seat` cannot see back into the same places."""
    other = [1 - seat] if seat in (0, 1) else [0, 1]
    hidden = list(state.deck)
    for who in other:
        hidden += state.hands[who]
        card = state.committed[who]
        if card is not None:
            hidden.append(card)
    cards, _ = rng.shuffle(rng.seed_state(seed), hidden)
    return _deal_into(state, list(cards), other)


def _deal_into(state: State, cards: list[int], seats: list[int]) -> State:
    hands = list(state.hands)
    committed = list(state.committed)
    for who in seats:
        size = len(state.hands[who])
        hands[who], cards = tuple(sorted(cards[:size])), cards[size:]
        if committed[who] is not None:
            committed[who], cards = cards[0], cards[1:]
    return evolve(
        state,
        deck=tuple(cards),
        hands=(hands[0], hands[1]),
        committed=(committed[0], committed[1]),
    )


def determinize(seen: dict[str, Any], seed: int) -> State:
    """A whole state in which `seen` is the seat's view, unseen cards at random."""
    seat: int = seen["seat"]
    other = 1 - seat
    known = set(seen["hand"]) | set(seen["discards"])
    if seen["my_card"] is not None:
        known.add(seen["my_card"])
    unseen, dice = rng.shuffle(rng.seed_state(seed), sorted(set(range(CARDS)) - known))
    cards = list(unseen)
    size = seen["hand_sizes"][other]
    their_hand, cards = tuple(sorted(cards[:size])), cards[size:]
    their_card = None
    if seen["committed"][other]:
        their_card, cards = cards[0], cards[1:]
    hands: list[tuple[int, ...]] = [(), ()]
    hands[seat], hands[other] = tuple(seen["hand"]), their_hand
    committed: list[int | None] = [None, None]
    committed[seat], committed[other] = seen["my_card"], their_card
    stage = Stage(seen["stage"])
    return State(
        dice=dice,
        deck=tuple(cards),
        hands=(hands[0], hands[1]),
        discards=tuple(seen["discards"]),
        committed=(committed[0], committed[1]),
        points=(seen["points"][0], seen["points"][1]),
        round=seen["round"],
        stage=stage,
        seat=seen["turn"] if seen["turn"] is not None else 0,
        swaps_done=seen["swaps_done"],
    )


def state_problems(state: State) -> list[str]:
    """Every broken invariant, in words; empty for a sound state."""
    problems: list[str] = []
    places = [*state.deck, *state.discards, *state.hands[0], *state.hands[1]]
    places += [card for card in state.committed if card is not None]
    counts = Counter(places)
    if sorted(counts) != list(range(CARDS)) or any(count != 1 for count in counts.values()):
        problems.append("every card 0..9 must be in exactly one place")
    if not 1 <= state.round <= ROUNDS:
        problems.append(f"round must be 1..{ROUNDS}")
        return problems
    if state.seat not in (0, 1):
        problems.append("seat must be 0 or 1")
    played = state.round - 1 if state.stage != Stage.OVER else ROUNDS
    if any(points < 0 for points in state.points) or sum(state.points) > played:
        problems.append("more points than tricks played")
    for who in (0, 1):
        expected = HAND - played - (state.committed[who] is not None)
        if len(state.hands[who]) != expected:
            problems.append(f"seat {who} should hold {expected} cards")
    expected_swaps = {Stage.SWAP: (0, 1), Stage.COMMIT: (2,), Stage.OVER: (2,)}[state.stage]
    if state.swaps_done not in expected_swaps:
        problems.append("swaps_done does not fit the stage")
    if state.stage != Stage.COMMIT and state.committed != (None, None):
        problems.append("only the commit step holds face-down cards")
    if state.stage == Stage.COMMIT and None not in state.committed:
        problems.append("two committed cards are revealed at once")
    return problems
