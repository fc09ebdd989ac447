"""Setting up: the party's decks and 3-card hands, the Dragon's health, deck
and hand by party size, the shuffled Treasure Hoard; or two Dragons, each
counting as 3 players, the first starting with half its hand."""

from __future__ import annotations

from ..engine import rng
from ..engine.evolve import evolve
from ..herorealms.cards import MARKET_IDS, PACKS
from ..herorealms.rules import opening_table
from ..herorealms.state import START_HEALTH, Format, Player
from .cards import HOARD_IDS, MAX_PARTY, boss_deck, hero_deck
from .state import BOSS_HEALTH, BOSS_VS_BOSS, HAND_BY_SIZE, State

__all__ = ["PARTY_HAND", "boss_hand", "new_game"]

PARTY_HAND = 3
"""Each party member's opening hand (they draw up to 5 at the end of their turns)."""


def boss_hand(state: State) -> int:
    """A Dragon's hand size: by the count of opponents it faces."""
    return HAND_BY_SIZE[state.counted - 1]


def new_game(party: int, seed: int, packs: tuple[str, ...] = ()) -> State:
    """`party` heroes (1 to 5) in seats 0.., the Dragon after them; `party`
    0 for boss against boss (two Dragons, seats 0 and 1). `packs` names each
    hero's character pack ("" or missing: the base starting deck)."""
    if not 0 <= party <= MAX_PARTY:
        raise ValueError(f"a party has 1 to {MAX_PARTY} heroes (0: boss against boss)")
    dice = rng.seed_state(seed)
    market_deck, dice = rng.shuffle(dice, MARKET_IDS)
    hoard, dice = rng.shuffle(dice, HOARD_IDS)
    counted = party or BOSS_VS_BOSS
    seats: list[Player] = []
    for seat in range(party):
        pack = packs[seat] if seat < len(packs) else ""
        deck, dice = rng.shuffle(dice, hero_deck(seat, pack))
        health = PACKS[pack].health if pack else START_HEALTH
        seats.append(_player(health, deck, PARTY_HAND, pack))
    bosses = (party,) if party else (0, 1)
    hand = HAND_BY_SIZE[counted - 1]
    for boss in range(len(bosses)):
        deck, dice = rng.shuffle(dice, boss_deck(boss, counted))
        first = not party and boss == 0  # boss against boss: the first boss, half its hand
        seats.append(_player(BOSS_HEALTH[counted - 1], deck, -(-hand // 2) if first else hand))
    seats[0] = evolve(seats[0], turns_begun=1)
    core = opening_table(dice, Format.FREE_FOR_ALL, tuple(seats), market_deck)
    return State(core=core, bosses=bosses, counted=counted, hoard=hoard)


def _player(health: int, deck: tuple[int, ...], hand: int, pack: str = "") -> Player:
    return Player(health, deck[hand:], 0, deck[:hand], (), (), (), 0, False, pack)
