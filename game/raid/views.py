"""What each seat may know, re-dealing what it cannot, and the state's invariants."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine import rng
from ..engine.evolve import evolve
from .rules import max_hp, to_act
from .state import BOSS, CARDS, HAND, MAX_ROUNDS, MIN_ROUNDS, Kind, Stage, State, kind_of

__all__ = ["redeal", "state_problems", "view"]


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The public table (hit points, guards, the face-up loot), plus the seat's
    own draft hand and own face-down pick."""
    mine = seat is not None and 0 <= seat < len(state.hp)
    react = state.stage == Stage.REACT
    return {
        "seat": seat,
        "round": state.round,
        "dawn": state.dawn,
        "stage": state.stage.value,
        "turn": state.turn if state.stage in (Stage.TURNS, Stage.REACT) else None,
        "to_act": sorted(to_act(state)),
        "hp": list(state.hp),
        "guard": list(state.guard),
        "loot": [list(cards) for cards in state.loot],
        "hand_sizes": [len(hand) for hand in state.hands],
        "picked": [pick is not None for pick in state.picks],
        "deck": len(state.deck),
        "discards": list(state.discards),
        "strike": {"from": state.striker, "to": state.target} if react else None,
        "winner": state.winner or None,
        "hand": list(state.hands[seat]) if mine and seat is not None else None,
        "my_pick": state.picks[seat] if mine and seat is not None else None,
    }


def redeal(state: State, seat: int | None, seed: int) -> State:
    """Every card `seat` cannot see (the deck, the others' draft hands and
    picks) shuffled back into the same places."""
    others = [s for s in range(len(state.hp)) if s != seat]
    hidden = list(state.deck)
    for who in others:
        hidden += state.hands[who]
    cards, _ = rng.shuffle(rng.seed_state(seed), hidden)
    left = list(cards)
    hands = list(state.hands)
    picks = list(state.picks)
    for who in others:
        size = len(state.hands[who])
        dealt, left = left[:size], left[size:]
        hands[who] = tuple(sorted(dealt))
        if picks[who] is not None:
            picks[who] = dealt[0]
    return evolve(state, deck=tuple(left), hands=tuple(hands), picks=tuple(picks))


def state_problems(state: State) -> list[str]:
    """Every broken invariant, in words; empty for a sound state."""
    problems: list[str] = []
    players = len(state.hp)
    if not 3 <= players <= 6:
        return ["a raid has 3 to 6 seats"]
    per_seat = (state.hands, state.picks, state.loot, state.guard)
    if any(len(values) != players for values in per_seat):
        return ["every seat needs a hand, a pick, loot and a guard"]
    places = [*state.deck, *state.discards]
    for seat in range(players):
        places += [*state.hands[seat], *state.loot[seat]]
    counts = Counter(places)
    if sorted(counts) != list(range(CARDS)) or any(n != 1 for n in counts.values()):
        problems.append(f"every card 0..{CARDS - 1} must be in exactly one place")
    if not MIN_ROUNDS <= state.dawn <= MAX_ROUNDS:
        problems.append(f"the last round must be {MIN_ROUNDS}..{MAX_ROUNDS}")
    if not 1 <= state.round <= state.dawn:
        problems.append("round must be 1 to the last round")
    for seat in range(players):
        if not 0 <= state.hp[seat] <= max_hp(seat, players, state.dawn):
            problems.append(f"seat {seat}'s hit points are out of range")
        if state.guard[seat] < 0 or state.guard[seat] > CARDS * 2:
            problems.append(f"seat {seat}'s guard is out of range")
        pick = state.picks[seat]
        if pick is not None and pick not in state.hands[seat]:
            problems.append(f"seat {seat} picked a card that is not in its hand")
    sizes = {len(hand) for hand in state.hands}
    if state.stage == Stage.DRAFT:
        if len(sizes) != 1 or not 1 <= min(sizes) <= HAND:
            problems.append(f"draft hands must all hold 1 to {HAND} cards")
    elif sizes != {0} or any(pick is not None for pick in state.picks):
        problems.append("only the draft holds hands and picks")
    if not 0 <= state.turn < players:
        problems.append("turn must be a seat")
    elif state.stage in (Stage.TURNS, Stage.REACT) and state.hp[state.turn] == 0:
        problems.append("a downed hero has no turn")
    if state.stage == Stage.REACT:
        struck, striker = state.target, state.striker
        if not (0 <= struck < players and striker == state.turn and struck != striker):
            problems.append("a strike needs a striker on its turn and another target")
        elif not any(kind_of(card) == Kind.SHIELD for card in state.loot[struck]):
            problems.append("only a seat holding a shield may block")
    if (state.stage == Stage.OVER) != (state.winner in ("party", "lair")):
        problems.append("a winner is named exactly when the game is over")
    if state.stage != Stage.OVER and (state.hp[BOSS] == 0 or not any(state.hp[1:])):
        problems.append("a fallen side ends the game")
    return problems
