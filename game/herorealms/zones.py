"""Moving cards between zones: drawing (with the reshuffle), discarding,
sacrificing, and what a player has in play."""

from __future__ import annotations

from typing import Any

from ..engine import rng
from ..engine.evolve import evolve
from .cards import FIRE_GEM, CardType, Faction, kind_of
from .effects import Per
from .state import Format, Player, State

__all__ = [
    "Event",
    "count_per",
    "damage_champion",
    "defence_of",
    "draw_cards",
    "faction_count",
    "in_play_of",
    "is_champion",
    "prepared_guard",
    "put_player",
    "sacrifice_card",
    "set_health",
    "team_seats",
    "without",
]

Event = dict[str, Any]


def without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """`cards` with `card` taken out (once)."""
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def put_player(state: State, seat: int, player: Player) -> State:
    players = state.players
    return evolve(state, players=(*players[:seat], player, *players[seat + 1 :]))


def team_seats(state: State, seat: int) -> tuple[int, ...]:
    """`seat` and, in Hydra, its teammate (seats 0 and 1, 2 and 3)."""
    if state.format == Format.HYDRA:
        first = seat - seat % 2
        return (first, first + 1)
    return (seat,)


def set_health(state: State, seat: int, health: int) -> State:
    """Set a player's health; in Hydra the team's, which both teammates hold."""
    for member in team_seats(state, seat):
        state = put_player(state, member, evolve(state.players[member], health=health))
    return state


def draw_cards(state: State, seat: int, count: int) -> tuple[State, list[Event], int]:
    """`seat` draws up to `count` cards, shuffling its discard pile into a new
    deck when the deck is empty; returns the state, the events and how many
    cards were drawn (fewer when deck and discard run out)."""
    player = state.players[seat]
    deck, discard, hand, known = player.deck, player.discard, player.hand, player.known
    dice = state.dice
    drawn: list[int] = []
    events: list[Event] = []
    for _ in range(count):
        if not deck:
            if not discard:
                break
            deck, dice = rng.shuffle(dice, discard)
            discard, known = (), 0
            events.append({"type": "reshuffle", "seat": seat, "size": len(deck)})
        drawn.append(deck[0])
        deck = deck[1:]
        known = max(0, known - 1)
    if not drawn and not events:
        return state, [], 0
    player = evolve(player, deck=deck, discard=discard, hand=hand + tuple(drawn), known=known)
    if drawn:
        secret = {str(seat): {"cards": drawn}}
        events.append({"type": "draw", "seat": seat, "count": len(drawn), "secret": secret})
    return put_player(evolve(state, dice=dice), seat, player), events, len(drawn)


def sacrifice_card(state: State, card: int) -> State:
    """Put a card that has left its zone into the sacrifice pile; a Fire Gem
    goes back to the gem pile instead."""
    if kind_of(card) is FIRE_GEM:
        return evolve(state, gems=tuple(sorted((*state.gems, card))))
    return evolve(state, sacrificed=(*state.sacrificed, card))


def in_play_of(state: State, seat: int) -> tuple[int, ...]:
    """Every card `seat` has in play: its champions, and on its turn the
    actions and items it played."""
    champions = state.players[seat].champions
    return state.in_play + champions if seat == state.turn else champions


def faction_count(state: State, seat: int, faction: Faction) -> int:
    return sum(1 for card in in_play_of(state, seat) if kind_of(card).faction == faction)


def prepared_guard(player: Player) -> bool:
    """Whether a player has a prepared guard: it shields them and their other champions."""
    return any(kind_of(c).guard and c not in player.expended for c in player.champions)


def count_per(state: State, seat: int, source: int, per: Per) -> int:
    """What an effect's "for each ..." counts, among `seat`'s cards in play."""
    champions = state.players[seat].champions
    if per == Per.CHAMPION:
        return len(champions)
    if per == Per.OTHER_CHAMPION:
        return sum(1 for card in champions if card != source)
    if per == Per.OTHER_GUARD:
        return sum(1 for card in champions if card != source and kind_of(card).guard)
    if per == Per.OTHER_KNIFE:
        return sum(1 for c in state.in_play if c != source and "knife" in kind_of(c).traits)
    if per == Per.OTHER_WILD:
        cards = in_play_of(state, seat)
        return sum(1 for c in cards if c != source and kind_of(c).faction == Faction.WILD)
    return 0


def is_champion(card: int) -> bool:
    return kind_of(card).type == CardType.CHAMPION


def defence_of(state: State, card: int) -> int:
    """A champion's defence now: printed, plus its owner's blessing."""
    owner = next((p for p in state.players if card in p.champions), None)
    return kind_of(card).defence + (owner.ward if owner is not None else 0)


def damage_champion(state: State, card: int, amount: int) -> tuple[State, bool]:
    """Add damage to a champion this turn; whether it is now stunned (the
    caller stuns it)."""
    taken = next((n for c, n in state.damage if c == card), 0) + amount
    if taken >= defence_of(state, card):
        return state, True
    damage = tuple(sorted((*(e for e in state.damage if e[0] != card), (card, taken))))
    return evolve(state, damage=damage), False
