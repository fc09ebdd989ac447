"""The Treasure Hoard: revealing, stealing, skill checks, and using the items
(on the holder's turn, once a turn; the Ring of Wishes until it is stolen)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from ..engine import rng
from ..engine.evolve import evolve
from ..herorealms.cards import kind_of
from ..herorealms.kinds import Faction
from ..herorealms.resolve import run_ability
from ..herorealms.zones import Event, draw_cards, in_play_of, put_player, without
from .state import State

__all__ = [
    "FACTIONS",
    "RING",
    "add_faction",
    "check_cards",
    "counted_factions",
    "give_item",
    "held_by",
    "minimal_checks",
    "pay_check",
    "reveal",
    "ring_pick",
    "use_item",
]

FACTIONS = (Faction.IMPERIAL, Faction.GUILD, Faction.NECROS, Faction.WILD)
"""The factions an Amulet or Vial may add, in the order of their answers (Choose)."""
RING = "ring_of_wishes"
AMULET = "amulet_of_cleansing"
VIAL = "vial_of_elven_tears"
GAUNTLETS = "gauntlets_of_strength"
GAUNTLETS_EACH = 2


def held_by(state: State, seat: int) -> tuple[int, ...]:
    return tuple(item for item, holder in state.items if holder == seat)


def give_item(state: State, item: int, seat: int) -> State:
    """`item` to `seat`: a stolen Ring of Wishes prepares."""
    items = tuple((i, seat if i == item else h) for i, h in state.items)
    used = state.used
    if kind_of(item).key == RING and item in used:
        used = without(used, item)
    return evolve(state, items=items, used=used)


def reveal(state: State, seat: int) -> tuple[State, list[Event]]:
    item = state.hoard[0]
    state = evolve(state, hoard=state.hoard[1:], items=(*state.items, (item, seat)))
    return state, [{"type": "reveal", "seat": seat, "card": item}]


def check_cards(state: State, seat: int, cards: tuple[int, ...], value: int) -> str | None:
    """Why `cards` do not pay a skill check of `value` from `seat`'s hand (None: they do)."""
    hand = Counter(state.core.players[seat].hand)
    if tuple(sorted(set(cards))) != cards or any(hand[c] < 1 for c in cards):
        return "name different cards of your hand, in increasing order"
    total = sum(kind_of(c).cost for c in cards)
    if total < value:
        return f"the cards' costs add up to {total}; the check needs {value}"
    return None


def minimal_checks(state: State, seat: int, value: int) -> list[tuple[int, ...]]:
    """The ways to pay a check of `value`: sets of hand cards reaching it from
    which no card can be left out, one per set of kinds (cards alike are one way)."""
    hand = sorted(c for c in state.core.players[seat].hand if kind_of(c).cost)
    found: dict[tuple[str, ...], tuple[int, ...]] = {}
    for size in range(1, len(hand) + 1):
        for cards in combinations(hand, size):
            total = sum(kind_of(c).cost for c in cards)
            if total >= value and all(total - kind_of(c).cost < value for c in cards):
                found.setdefault(tuple(sorted(kind_of(c).key for c in cards)), cards)
    return list(found.values())


def pay_check(state: State, seat: int, cards: tuple[int, ...]) -> tuple[State, list[Event]]:
    """Discard the cards of a skill check from the hand."""
    player = state.core.players[seat]
    hand = player.hand
    for card in cards:
        hand = without(hand, card)
    player = evolve(player, hand=hand, discard=(*player.discard, *cards))
    core = put_player(state.core, seat, player)
    return evolve(state, core=core), [{"type": "skill_check", "seat": seat, "cards": list(cards)}]


def counted_factions(state: State, seat: int) -> Counter[Faction]:
    """Cards of each faction `seat` counts in play, an Amulet's or Vial's extra included."""
    found = Counter(kind_of(c).faction for c in in_play_of(state.core, seat))
    found.update(Faction(f) for f in state.extra_factions)
    return found


def use_item(state: State, seat: int, item: int) -> tuple[State, list[Event]]:
    key = kind_of(item).key
    state = evolve(state, used=tuple(sorted((*state.used, item))))
    events: list[Event] = [{"type": "use_item", "seat": seat, "card": item}]
    core, more = run_ability(state.core, seat, item, "expend")
    state, events = evolve(state, core=core), events + more
    if key == GAUNTLETS:
        factions = counted_factions(state, seat)
        amount = GAUNTLETS_EACH * sum(1 for f in FACTIONS if factions[f])
        state = evolve(state, core=evolve(state.core, combat=state.core.combat + amount))
        events.append({"type": "gain", "seat": seat, "what": "combat", "amount": amount})
    elif key in (AMULET, VIAL):
        state = evolve(state, asks=(key, *state.asks))
    elif key == RING:
        state = evolve(state, asks=(RING, *state.asks))
    return state, events


def add_faction(state: State, seat: int, ask: str, index: int) -> tuple[State, list[Event]]:
    """An Amulet's or Vial's faction; the Amulet draws when all four are in play."""
    faction = FACTIONS[index]
    state = evolve(state, extra_factions=(*state.extra_factions, faction.value))
    events: list[Event] = [{"type": "faction", "seat": seat, "faction": faction.value}]
    factions = counted_factions(state, seat)
    if ask == AMULET and all(factions[f] for f in FACTIONS):
        core, more, _n = draw_cards(state.core, seat, 1)
        state, events = evolve(state, core=core), events + more
    return state, events


def ring_pick(state: State, seat: int, card: int) -> tuple[State, list[Event]]:
    """The Ring: a card of the deck (then shuffled) or of the discard pile, to the hand."""
    player = state.core.players[seat]
    core = state.core
    if card in player.discard:
        player = evolve(player, discard=without(player.discard, card), hand=(*player.hand, card))
        return evolve(state, core=put_player(core, seat, player)), [
            {"type": "wish", "seat": seat, "card": card, "from": "discard"}
        ]
    deck, dice = rng.shuffle(core.dice, without(player.deck, card))
    player = evolve(player, deck=deck, known=0, hand=(*player.hand, card))
    core = put_player(evolve(core, dice=dice), seat, player)
    secret = {str(seat): {"card": card}}
    return evolve(state, core=core), [
        {"type": "wish", "seat": seat, "from": "deck", "secret": secret}
    ]
