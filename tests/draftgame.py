"""A small 3-seat game written for the platform's tests (never registered):

- a simultaneous draft: every seat picks a card of its hand face down, may
  change its pick while another seat has still to pick (the game keeps it
  among the seats to act), and every pick is revealed when the last seat picks;
- then turns, one seat at a time: take a coin (at most two a turn), draw a
  card (random and seen by the seat alone: an undo barrier) or end the turn
  (after one move at least). The game ends after two turns each.

It follows the engine's Game protocol with the least it can, so that the net
layer and the local table can be tested on a draft and on undo within a turn.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Final

from game.engine.capabilities import Capabilities, UndoHooks
from game.engine.errors import IllegalAction, MalformedData, Reason
from game.engine.options import OptionsDeclaration
from game.engine.protocol import JSON
from game.engine.viewcheck import Received

SEATS = 3
HAND = 4
DRAFT_ROUNDS = 2
TURNS_EACH = 2
MAX_COINS = 2
DECK = tuple(range(100, 112))


@dataclass(frozen=True)
class Pick:
    card: int


@dataclass(frozen=True)
class Coin:
    pass


@dataclass(frozen=True)
class Draw:
    pass


@dataclass(frozen=True)
class End:
    pass


Action = Pick | Coin | Draw | End


@dataclass(frozen=True)
class State:
    hands: tuple[tuple[int, ...], ...]
    picks: tuple[int | None, ...]  # hidden until the last seat picks
    kept: tuple[tuple[int, ...], ...]  # revealed picks
    draft_round: int
    turn: int  # the seat playing its turn (after the draft)
    turns_played: int
    moves: int  # this turn's moves
    coins_now: int  # coins taken this turn
    coins: tuple[int, ...]
    deck: tuple[int, ...]
    drawn: tuple[tuple[int, ...], ...]  # each seat's drawn cards, its own secret

    @property
    def stage(self) -> str:
        if self.draft_round < DRAFT_ROUNDS:
            return "draft"
        return "over" if self.turns_played >= SEATS * TURNS_EACH else "turns"


def _deal(seed: int) -> State:
    dice = random.Random(seed)
    cards = list(range(SEATS * HAND))
    dice.shuffle(cards)
    deck = list(DECK)
    dice.shuffle(deck)
    return State(
        hands=tuple(tuple(sorted(cards[s * HAND : (s + 1) * HAND])) for s in range(SEATS)),
        picks=(None,) * SEATS,
        kept=((),) * SEATS,
        draft_round=0,
        turn=0,
        turns_played=0,
        moves=0,
        coins_now=0,
        coins=(0,) * SEATS,
        deck=tuple(deck),
        drawn=((),) * SEATS,
    )


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


class DraftGame:
    name: Final = "testdraft"
    schema_version: Final = 1
    declared_options: Final = OptionsDeclaration(
        min_players=SEATS, max_players=SEATS, default_players=SEATS
    )

    @cached_property
    def capabilities(self) -> Capabilities:
        return Capabilities(
            bots={"normal": lambda view, legal: legal[-1]},
            undo=UndoHooks(self.turn_goes_on, self.barrier),
        )

    def normalize_options(self, options: Mapping[str, JSON]) -> dict[str, JSON]:
        return self.declared_options.normalize(options)

    def new_game(self, options: Mapping[str, JSON], seed: int) -> State:
        self.normalize_options(options)
        return _deal(seed)

    def seats(self, state: State) -> int:
        return SEATS

    def to_act(self, state: State) -> tuple[int, ...]:
        stage = state.stage
        if stage == "draft":
            return tuple(range(SEATS))  # a seat that picked may change its pick
        return (state.turn,) if stage == "turns" else ()

    def action_universe(self, state: State) -> list[Action]:
        cards = [Pick(card) for card in range(SEATS * HAND)]
        return [*cards, Coin(), Draw(), End()]

    def check(self, state: State, seat: int, action: Action) -> Reason | None:
        if seat not in self.to_act(state):
            return Reason("not_your_turn", "it is not your turn")
        if state.stage == "draft":
            if not isinstance(action, Pick):
                return Reason("draft", "pick a card")
            if action.card not in state.hands[seat]:
                return Reason("not_in_hand", "that card is not in your hand")
            if action.card == state.picks[seat]:
                return Reason("same_pick", "you picked that card already")
            return None
        if isinstance(action, Pick):
            return Reason("not_drafting", "the draft is over")
        if isinstance(action, Coin) and state.coins_now >= MAX_COINS:
            return Reason("no_more_coins", "two coins a turn at most")
        if isinstance(action, Draw) and not state.deck:
            return Reason("empty_deck", "the deck is empty")
        if isinstance(action, End) and state.moves == 0:
            return Reason("move_first", "make a move before ending your turn")
        return None

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return [a for a in self.action_universe(state) if self.check(state, seat, a) is None]

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[dict[str, Any]]]:
        reason = self.check(state, seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        if isinstance(action, Pick):
            return self._pick(state, seat, action.card)
        if isinstance(action, End):
            turns = state.turns_played + 1
            state = replace(state, turn=(seat + 1) % SEATS, turns_played=turns, moves=0)
            return replace(state, coins_now=0), [{"type": "end", "seat": seat}]
        moves = state.moves + 1
        if isinstance(action, Coin):
            coins = _put(state.coins, seat, state.coins[seat] + 1)
            state = replace(state, coins=coins, coins_now=state.coins_now + 1, moves=moves)
            return state, [{"type": "coin", "seat": seat}]
        card, deck = state.deck[0], state.deck[1:]
        drawn = _put(state.drawn, seat, (*state.drawn[seat], card))
        state = replace(state, deck=deck, drawn=drawn, moves=moves)
        return state, [{"type": "draw", "seat": seat, "secret": {str(seat): {"card": card}}}]

    def _pick(self, state: State, seat: int, card: int) -> tuple[State, list[dict[str, Any]]]:
        picks = _put(state.picks, seat, card)
        events: list[dict[str, Any]] = [
            {"type": "picked", "seat": seat, "secret": {str(seat): {"card": card}}}
        ]
        if any(pick is None for pick in picks):
            return replace(state, picks=picks), events
        revealed = [pick for pick in picks if pick is not None]
        hands = tuple(
            tuple(c for c in hand if c != revealed[s]) for s, hand in enumerate(state.hands)
        )
        kept = tuple((*mine, revealed[s]) for s, mine in enumerate(state.kept))
        events.append({"type": "reveal", "picks": revealed})
        state = replace(
            state,
            hands=hands,
            kept=kept,
            picks=(None,) * SEATS,
            draft_round=state.draft_round + 1,
        )
        return state, events

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {
            "stage": state.stage,
            "hand": None if seat is None else list(state.hands[seat]),
            "my_pick": None if seat is None else state.picks[seat],
            "picked": [pick is not None for pick in state.picks],
            "kept": [list(cards) for cards in state.kept],
            "coins": list(state.coins),
            "turn": state.turn,
            "drawn": None if seat is None else list(state.drawn[seat]),
            "deck": len(state.deck),
        }

    def is_over(self, state: State) -> bool:
        return state.stage == "over"

    def outcome(self, state: State) -> dict[str, Any] | None:
        if state.stage != "over":
            return None
        best = max(state.coins)
        return {"winners": [s for s in range(SEATS) if state.coins[s] == best]}

    def check_received(self, received: Received) -> str | None:
        view = received.view
        if not isinstance(view, dict) or set(view) != set(self.view(_deal(0), 0)):
            return "view"
        if received.seat is None and (view["hand"] is not None or view["my_pick"] is not None):
            return "view.hand"
        return None

    def turn_goes_on(self, before: State, after: State, seat: int, action: Action) -> bool:
        return before.stage == "turns" and after.stage == "turns" and after.turn == seat

    def barrier(self, before: State, after: State, seat: int, action: Action) -> Reason | None:
        return Reason("undo_drew_card", "a card was drawn") if isinstance(action, Draw) else None

    def state_to_json(self, state: State) -> dict[str, JSON]:
        raise MalformedData("the test draft keeps no state as JSON")

    def state_from_json(self, data: JSON) -> State:
        raise MalformedData("the test draft keeps no state as JSON")

    def action_to_json(self, action: Action) -> dict[str, JSON]:
        if isinstance(action, Pick):
            return {"type": "pick", "card": action.card}
        return {"type": type(action).__name__.lower()}

    def action_from_json(self, data: JSON) -> Action:
        if not isinstance(data, dict):
            raise MalformedData("an action must be an object")
        kind = data.get("type")
        if kind == "pick" and set(data) == {"type", "card"} and type(data["card"]) is int:
            return Pick(data["card"])
        simple: dict[Any, Action] = {"coin": Coin(), "draw": Draw(), "end": End()}
        if kind in simple and set(data) == {"type"}:
            return simple[kind]
        raise MalformedData("not an action of the test draft")


GAME: Final = DraftGame()


def json_of(actions: Sequence[Action]) -> list[dict[str, JSON]]:
    return [GAME.action_to_json(action) for action in actions]
