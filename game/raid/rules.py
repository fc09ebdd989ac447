"""Raid's rules: the deal, one checker that says why an action is illegal, the
legal list built from it, and `apply`."""

from __future__ import annotations

from typing import Any

from ..engine import rng
from ..engine.errors import IllegalAction, Reason
from ..engine.evolve import evolve
from .state import (
    BOSS,
    CARDS,
    HAND,
    HERO_HP,
    POWER,
    ROUNDS,
    Action,
    Block,
    End,
    Kind,
    Pick,
    Play,
    Stage,
    State,
    Take,
    boss_hp,
    kind_of,
)

__all__ = [
    "action_universe",
    "apply",
    "check",
    "legal_actions",
    "max_hp",
    "new_game",
    "team_seats",
    "to_act",
]

Event = dict[str, Any]


def max_hp(seat: int, players: int, dawn: int) -> int:
    return boss_hp(players, dawn) if seat == BOSS else HERO_HP


def team_seats(team: str, players: int) -> list[int]:
    return [BOSS] if team == "lair" else list(range(1, players))


def new_game(players: int, seed: int, dawn: int = ROUNDS) -> State:
    hp = tuple(max_hp(seat, players, dawn) for seat in range(players))
    empty: tuple[tuple[int, ...], ...] = ((),) * players
    start = State(
        dice=rng.seed_state(seed),
        deck=(),
        hands=empty,
        picks=(None,) * players,
        loot=empty,
        discards=(),
        hp=hp,
        guard=(0,) * players,
        round=1,
        dawn=dawn,
        stage=Stage.DRAFT,
        turn=BOSS,
        striker=BOSS,
        target=BOSS,
        winner="",
    )
    return deal(start, 1)


def deal(state: State, round_: int) -> State:
    """A new round: every card back in the deck, shuffled, HAND dealt to each seat."""
    players = len(state.hp)
    cards, dice = rng.shuffle(state.dice, range(CARDS))
    hands = tuple(tuple(sorted(cards[s * HAND : (s + 1) * HAND])) for s in range(players))
    return evolve(
        state,
        dice=dice,
        deck=tuple(cards[players * HAND :]),
        hands=hands,
        picks=(None,) * players,
        loot=((),) * players,
        discards=(),
        guard=(0,) * players,
        round=round_,
        stage=Stage.DRAFT,
        turn=BOSS,
    )


def to_act(state: State) -> tuple[int, ...]:
    if state.stage == Stage.DRAFT:
        # A seat that picked may change its pick until the last seat picks
        # (when its hand holds another card). Those still to pick come last:
        # a driver that takes the last seat to act moves the draft on.
        seats = range(len(state.hp))
        free = len(state.hands[0]) > 1
        done = tuple(s for s in seats if state.picks[s] is not None and free)
        return done + tuple(s for s in seats if state.picks[s] is None)
    if state.stage == Stage.TURNS:
        return (state.turn,)
    if state.stage == Stage.REACT:
        return (state.target,)
    return ()


def _acts(state: State, seat: int) -> bool:
    """`seat in to_act(state)` for a seat of the game, without building the
    tuple: the checker asks it for every action of the universe, and building
    it was most of the invariant checks' time."""
    if state.stage == Stage.DRAFT:
        return state.picks[seat] is None or len(state.hands[0]) > 1
    if state.stage == Stage.TURNS:
        return seat == state.turn
    if state.stage == Stage.REACT:
        return seat == state.target
    return False


def _adjacent_hero(seat: int, target: int, players: int) -> bool:
    return seat != BOSS and target != BOSS and abs(seat - target) == 1 and target < players


def _check_play(state: State, seat: int, action: Play) -> Reason | None:
    players = len(state.hp)
    if action.card not in state.loot[seat]:
        return Reason("not_in_loot", "that card is not in your loot")
    kind = kind_of(action.card)
    if kind == Kind.SCOUT:
        if action.target != seat:
            return Reason("scout_self", "a scout draws for its player only")
        return None if state.deck else Reason("deck_empty", "the loot deck is empty")
    if not 0 <= action.target < players:
        return Reason("no_such_target", "there is no such seat to target")
    if state.hp[action.target] == 0:
        return Reason("target_down", "that hero is down")
    if kind == Kind.STRIKE:
        if (seat == BOSS) == (action.target == BOSS):
            return Reason("strike_ally", "strike the other side, not your own")
        return None
    if action.target != seat and not _adjacent_hero(seat, action.target, players):
        return Reason("too_far", "heal or shield yourself or a hero beside you")
    return None


def check(state: State, seat: int, action: Action) -> Reason | None:
    if state.stage == Stage.OVER:
        return Reason("game_over", "the game is over")
    if not 0 <= seat < len(state.hp):
        return Reason("no_such_seat", "there is no such seat in this raid")
    if not _acts(state, seat):
        return Reason("not_your_turn", "it is not your turn")
    if state.stage == Stage.DRAFT:
        if not isinstance(action, Pick):
            return Reason("drafting", "pick a loot card first")
        if action.card not in state.hands[seat]:
            return Reason("not_in_hand", "that card is not in your hand")
        if action.card == state.picks[seat]:
            return Reason("same_pick", "you have picked that card already")
        return None
    if state.stage == Stage.REACT:
        if isinstance(action, Take):
            return None
        if not isinstance(action, Block):
            return Reason("struck", "block the strike with a shield or take it")
        if action.card not in state.loot[seat] or kind_of(action.card) != Kind.SHIELD:
            return Reason("not_a_shield", "block with a shield of your loot")
        return None
    if isinstance(action, End):
        return None
    if isinstance(action, Play):
        return _check_play(state, seat, action)
    if isinstance(action, Pick):
        return Reason("not_drafting", "the draft is over")
    return Reason("not_struck", "nobody is striking you")


def action_universe(state: State) -> list[Action]:
    seats = range(len(state.hp))
    return [
        *(Pick(card) for card in range(CARDS)),
        *(Play(card, target) for card in range(CARDS) for target in seats),
        End(),
        *(Block(card) for card in range(CARDS)),
        Take(),
    ]


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    return [action for action in action_universe(state) if check(state, seat, action) is None]


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    reason = check(state, seat, action)
    if reason is not None:
        raise IllegalAction(reason)
    if isinstance(action, Pick):
        return _pick(state, seat, action.card)
    if isinstance(action, Play):
        return _play(state, seat, action)
    if isinstance(action, End):
        return _end(state, seat)
    if isinstance(action, Block):
        loot = _put(state.loot, seat, _without(state.loot[seat], action.card))
        event = {"type": "block", "seat": seat, "card": action.card}
        discards = (*state.discards, action.card)
        return evolve(state, loot=loot, discards=discards, stage=Stage.TURNS), [event]
    return _damage(evolve(state, stage=Stage.TURNS), state.target)


def _pick(state: State, seat: int, card: int) -> tuple[State, list[Event]]:
    again = state.picks[seat] is not None
    picks = _put(state.picks, seat, card)
    secret = {str(seat): {"card": card}}
    events: list[Event] = [{"type": "pick", "seat": seat, "again": again, "secret": secret}]
    if any(pick is None for pick in picks):
        return evolve(state, picks=picks), events
    chosen = [pick for pick in picks if pick is not None]
    players = len(state.hp)
    loot = tuple((*state.loot[s], chosen[s]) for s in range(players))
    left = [_without(state.hands[s], chosen[s]) for s in range(players)]
    hands = tuple(left[(s - 1) % players] for s in range(players))  # passed to the left
    events.append({"type": "reveal", "picks": chosen})
    state = evolve(state, picks=(None,) * players, loot=loot, hands=hands)
    if hands[0]:
        secrets = {str(s): {"hand": list(hands[s])} for s in range(players)}
        events.append({"type": "pass", "size": len(hands[0]), "secret": secrets})
        return state, events
    events.append({"type": "turns", "round": state.round})
    return evolve(state, stage=Stage.TURNS, turn=BOSS), events


def _play(state: State, seat: int, action: Play) -> tuple[State, list[Event]]:
    card, target = action.card, action.target
    loot = _put(state.loot, seat, _without(state.loot[seat], card))
    state = evolve(state, loot=loot, discards=(*state.discards, card))
    events: list[Event] = [{"type": "play", "seat": seat, "card": card, "target": target}]
    kind = kind_of(card)
    if kind == Kind.SCOUT:
        drawn, deck = state.deck[0], state.deck[1:]
        loot = _put(state.loot, seat, (*state.loot[seat], drawn))
        events.append({"type": "draw", "seat": seat, "card": drawn})
        return evolve(state, deck=deck, loot=loot), events
    if kind == Kind.HEAL:
        healed = min(max_hp(target, len(state.hp), state.dawn), state.hp[target] + POWER)
        return evolve(state, hp=_put(state.hp, target, healed)), events
    if kind == Kind.SHIELD:
        return evolve(state, guard=_put(state.guard, target, state.guard[target] + POWER)), events
    if any(kind_of(held) == Kind.SHIELD for held in state.loot[target]):
        # The struck seat may block before the damage: a step out of turn.
        return evolve(state, stage=Stage.REACT, striker=seat, target=target), events
    state, more = _damage(state, target)
    return state, events + more


def _damage(state: State, target: int) -> tuple[State, list[Event]]:
    absorbed = min(state.guard[target], POWER)
    hp = max(0, state.hp[target] - (POWER - absorbed))
    state = evolve(
        state,
        hp=_put(state.hp, target, hp),
        guard=_put(state.guard, target, state.guard[target] - absorbed),
    )
    events: list[Event] = [{"type": "damage", "seat": target, "amount": POWER - absorbed, "hp": hp}]
    players = len(state.hp)
    if state.hp[BOSS] == 0:
        return _over(state, "party", "boss_down", events)
    if all(state.hp[s] == 0 for s in range(1, players)):
        return _over(state, "lair", "party_down", events)
    return state, events


def _over(state: State, team: str, why: str, events: list[Event]) -> tuple[State, list[Event]]:
    winners = team_seats(team, len(state.hp))
    events.append({"type": "game_over", "team": team, "winners": winners, "why": why})
    return evolve(state, stage=Stage.OVER, winner=team), events


def _end(state: State, seat: int) -> tuple[State, list[Event]]:
    events: list[Event] = [{"type": "end", "seat": seat}]
    players = len(state.hp)
    after = [s for s in range(seat + 1, players) if state.hp[s] > 0]
    if after:
        return evolve(state, turn=after[0]), events
    if state.round == state.dawn:
        return _over(state, "lair", "dawn", events)
    state = deal(state, state.round + 1)
    secrets = {str(s): {"hand": list(state.hands[s])} for s in range(players)}
    events.append({"type": "round", "round": state.round, "secret": secrets})
    return state, events


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    return tuple(held for held in cards if held != card)
