"""Buying, attacking players, players going out, and the end of a turn."""

from __future__ import annotations

from ..engine.evolve import evolve
from .cards import CardType, kind_of
from .reach import right_of
from .state import HAND_SIZE, NO_CARD, Format, Prompt, PromptKind, State
from .zones import Event, draw_cards, put_player, set_health, team_seats

__all__ = ["acquire", "attack_player", "buy_market", "end_turn", "price"]


def price(state: State, card: int) -> int:
    """What acquiring `card` costs now: its cost, less this turn's discount
    on the next champion or action."""
    kind = kind_of(card)
    cost = kind.cost
    if kind.type == CardType.CHAMPION and state.champion_discount:
        cost -= 1
    if kind.type == CardType.ACTION and state.action_discount:
        cost -= 1
    return max(0, cost)


def buy_market(state: State, seat: int, card: int) -> tuple[State, list[Event]]:
    """Buy a face-up market card; its slot is refilled at once from the market deck."""
    slot = state.market.index(card)
    refill = state.market_deck[0] if state.market_deck else NO_CARD
    market = (*state.market[:slot], refill, *state.market[slot + 1 :])
    state = evolve(state, market=market, market_deck=state.market_deck[1:])
    state, events = acquire(state, seat, card)
    if refill != NO_CARD:
        events.append({"type": "refill", "slot": slot, "card": refill})
    return state, events


def acquire(state: State, seat: int, card: int) -> tuple[State, list[Event]]:
    """Pay for `card` and put it where this turn's effects send it: the hand,
    the top of the deck, or (by default) the discard pile."""
    kind = kind_of(card)
    cost = price(state, card)
    state = evolve(state, gold=state.gold - cost)
    if kind.type == CardType.CHAMPION and state.champion_discount:
        state = evolve(state, champion_discount=state.champion_discount - 1)
    if kind.type == CardType.ACTION and state.action_discount:
        state = evolve(state, action_discount=state.action_discount - 1)
    player = state.players[seat]
    if state.to_hand:
        state, where = evolve(state, to_hand=state.to_hand - 1), "hand"
        player = evolve(player, hand=(*player.hand, card))
    elif state.action_to_top and kind.type == CardType.ACTION:
        state, where = evolve(state, action_to_top=state.action_to_top - 1), "deck"
    elif state.to_top:
        state, where = evolve(state, to_top=state.to_top - 1), "deck"
    else:
        where = "discard"
        player = evolve(player, discard=(*player.discard, card))
    if where == "deck":
        player = evolve(player, deck=(card, *player.deck), known=player.known + 1)
    state = put_player(state, seat, player)
    return state, [{"type": "buy", "seat": seat, "card": card, "to": where, "cost": cost}]


def attack_player(state: State, seat: int, target: int, amount: int) -> tuple[State, list[Event]]:
    player = state.players[target]
    health = max(0, player.health - amount)
    state = set_health(evolve(state, combat=state.combat - amount), target, health)
    events: list[Event] = [
        {"type": "attack", "seat": seat, "target": target, "amount": amount, "health": health}
    ]
    if health == 0:
        state, more = knock_out(state, target)
        events += more
    return state, events


def knock_out(state: State, seat: int) -> tuple[State, list[Event]]:
    """A player at 0 health is out (in Hydra, with their teammate)."""
    events: list[Event] = []
    for member in team_seats(state, seat):
        if state.winner == NO_CARD:
            state, more = _out(state, member)
            events += more
    return state, events


def _out(state: State, seat: int) -> tuple[State, list[Event]]:
    """Out: their champions leave play for their discard pile and they take
    no more turns. The last one (in Hydra, team) standing wins."""
    player = state.players[seat]
    hunter = right_of(state, seat)  # First Blood's winner, read while `seat` is still in
    player = evolve(
        player,
        out=True,
        owed=0,
        champions=(),
        expended=(),
        discard=player.discard + player.champions,
    )
    gone = set(state.players[seat].champions)
    damage = tuple(entry for entry in state.damage if entry[0] not in gone)
    state = evolve(put_player(state, seat, player), damage=damage)
    events: list[Event] = [{"type": "out", "seat": seat}]
    standing = [s for s, p in enumerate(state.players) if not p.out]
    if state.format == Format.HYDRA and len(standing) == 2 and standing[0] // 2 == standing[1] // 2:
        state = evolve(state, winner=standing[0], prompts=())  # the team's first seat
        events.append({"type": "game_over", "winners": standing})
    elif len(standing) == 1 or state.format == Format.HUNTER:
        winner = standing[0] if len(standing) == 1 else hunter
        state = evolve(state, winner=winner, prompts=())
        events.append({"type": "game_over", "winners": [winner]})
    elif state.format == Format.HUNTER_LAST:
        state, more = _reward_hunter(state, hunter)
        events += more
    return state, events


HUNTER_HEALTH = 10
"""Last One Standing: what the player on the right of a player out gains."""


def _reward_hunter(state: State, hunter: int) -> tuple[State, list[Event]]:
    """Hunter, last one standing: the player on the right of the one out gains
    10 health and draws a card (play goes on)."""
    player = state.players[hunter]
    state = set_health(state, hunter, player.health + HUNTER_HEALTH)
    gain: Event = {"type": "gain", "seat": hunter, "what": "health", "amount": HUNTER_HEALTH}
    state, drawn, _count = draw_cards(state, hunter, 1)
    return state, [gain, *drawn]


def end_turn(state: State, seat: int) -> tuple[State, list[Event]]:
    """Everything played that is not a champion and the hand go to the discard
    pile; the player draws 5, their champions prepare; unspent gold and combat
    are lost. Then the next player still in the game begins their turn, first
    discarding what other players' cards made them owe."""
    player = state.players[seat]
    # Hydra: the team's turn goes on with the teammate, who gets the unspent pool
    pooled = state.format == Format.HYDRA and seat % 2 == 0 and not state.players[seat + 1].out
    carried = (state.gold, state.combat) if pooled else (0, 0)
    ward_turns = max(0, player.ward_turns - 1)
    player = evolve(
        player,
        discard=player.discard + state.in_play + player.hand,
        hand=(),
        expended=(),
        skill_used=False,
        fallen=(),
        ward_turns=ward_turns,
        ward=player.ward if ward_turns else 0,
    )
    state = evolve(
        put_player(state, seat, player),
        in_play=(),
        gold=carried[0],
        combat=carried[1],
        allies=(),
        damage=(),
        to_top=0,
        action_to_top=0,
        to_hand=0,
        looking=(),
        champion_discount=0,
        action_discount=0,
        heist=0,
    )
    events: list[Event] = [{"type": "end_turn", "seat": seat}]
    state, drawn, _count = draw_cards(state, seat, HAND_SIZE)
    events += drawn
    players = len(state.players)
    following = next(
        s
        for s in ((seat + step) % players for step in range(1, players + 1))
        if not state.players[s].out
    )
    nxt = state.players[following]
    owed = (Prompt(PromptKind.OWED_DISCARD, NO_CARD, "", 0, 0, 0),) * nxt.owed
    state = put_player(state, following, evolve(nxt, owed=0, turns_begun=nxt.turns_begun + 1))
    state = evolve(state, turn=following, turns=state.turns + 1, prompts=owed)
    event: Event = {"type": "turn", "seat": following, "discards": len(owed)}
    if pooled:
        event |= {"gold": carried[0], "combat": carried[1]}
    events.append(event)
    return state, events
