"""What each seat may know in the Dragon game, re-dealing what it cannot, and
the state's invariants.

As in Hero Realms: every hand but one's own and the order of every deck are
hidden. The boss deck adds: the face-down Treasure Hoard (its size only); a
defeated member's hand is open to the party, which lends from it (never to a
Dragon)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine import rng
from ..engine.evolve import evolve
from ..herorealms.cards import GEM_IDS, MARKET_IDS, PACKS
from ..herorealms.views import redeal as core_redeal
from ..herorealms.views import view as core_view
from .cards import HOARD_IDS, boss_deck, hero_deck
from .party import party_seats
from .rules import to_act
from .state import State

__all__ = ["open_hands", "redeal", "state_problems", "view"]


def open_hands(state: State, seat: int | None) -> tuple[int, ...]:
    """The other seats whose hand `seat` sees: a party member, the defeated members'."""
    party = party_seats(state)
    if seat not in party:
        return ()
    return tuple(s for s in party if s != seat and state.core.players[s].out)


def view(state: State, seat: int | None) -> dict[str, Any]:
    found = core_view(state.core, seat)
    found |= {
        "format": "dragon" if party_seats(state) else "boss_vs_boss",
        "to_act": list(to_act(state)),
        # Hero Realms' one winner: the first seat of the winning side (all in "winners")
        "winner": state.winners[0] if state.winners else None,
        "winners": list(state.winners),
        "bosses": list(state.bosses),
        "counted": state.counted,
        "open_hands": {str(s): list(state.core.players[s].hand) for s in open_hands(state, seat)},
        "gifts": list(state.gifts),
        "lending": list(state.lending),
        "borrowed": [list(entry) for entry in state.borrowed],
        "asks": list(state.asks),
        "hits": [list(entry) for entry in state.hits],
        "taunters": [list(entry) for entry in state.taunters],
        "calm": [list(entry) for entry in state.calm],
        "hoard_size": len(state.hoard),
        "items": [list(entry) for entry in state.items],
        "used": list(state.used),
        "shield_left": [list(entry) for entry in state.shield_left],
        "extra_factions": list(state.extra_factions),
    }
    return found


def redeal(state: State, seat: int | None, seed: int) -> State:
    """Everything `seat` cannot see dealt again from `seed`: Hero Realms'
    hidden cards (a defeated member's hand kept for a party member, who sees
    it) and the order of the face-down Hoard."""
    core = core_redeal(state.core, seat, seed)
    players = list(core.players)
    for other in open_hands(state, seat):
        before = state.core.players[other]
        top, rest = before.deck[: before.known], before.deck[before.known :]
        shuffled, dice = rng.shuffle(core.dice, rest)
        players[other] = evolve(before, deck=top + shuffled)
        core = evolve(core, dice=dice)
    hoard, dice = rng.shuffle(core.dice, state.hoard)
    return evolve(state, core=evolve(core, players=tuple(players), dice=dice), hoard=hoard)


def state_problems(state: State) -> list[str]:
    """Every broken invariant, in words; empty for a sound state."""
    core, problems = state.core, []
    seats = range(len(core.players))
    if core.turn not in seats or any(boss not in seats for boss in state.bosses):
        return ["the turn and the Dragons belong to seats of the game"]
    party = party_seats(state)
    places = [c for c in core.market if c >= 0]
    places += [*core.market_deck, *core.gems, *core.sacrificed, *core.in_play, *core.looking]
    for player in core.players:
        places += [*player.deck, *player.hand, *player.discard, *player.champions]
    places += [*state.hoard, *(item for item, _holder in state.items)]
    expected = set(MARKET_IDS) | set(GEM_IDS) | set(HOARD_IDS)
    for seat in party:
        pack = core.players[seat].pack
        if pack and pack not in PACKS:
            return [f"seat {seat}'s character pack is one of {', '.join(PACKS)}"]
        expected |= set(hero_deck(seat, pack))
    for index in range(len(state.bosses)):
        expected |= set(boss_deck(index, state.counted))
    counts = Counter(places)
    if set(counts) != expected or any(n != 1 for n in counts.values()):
        doubled = sorted(c for c, n in counts.items() if n > 1)
        missing = sorted(expected - set(counts))
        problems.append(f"every card is in one place (doubled {doubled}, missing {missing})")
    if party and (state.bosses != (len(party),) or state.counted != len(party)):
        problems.append("the Dragon sits after the party and counts its members")
    if not party and (state.bosses != (0, 1) or state.counted != 3):
        problems.append("boss against boss: two Dragons, each counting as 3 players")
    if state.gifts and (core.turn not in party or min(state.gifts) < 1):
        problems.append("only a party member gives health, and only a gain")
    if state.lending and any(s not in party or not core.players[s].out for s in state.lending):
        problems.append("only defeated members lend")
    if any(holder not in range(len(core.players)) for _item, holder in state.items):
        problems.append("a Hoard item is held by a player of the game")
    if any(core.players[h].out and h in party for _item, h in state.items):
        problems.append("a defeated member's Hoard items are the Dragon's")
    if any(seat not in party or boss not in state.bosses for boss, seat in state.taunters):
        problems.append("a party member taunts a Dragon")
    if state.winners:
        beaten = any(core.players[b].out for b in state.bosses)
        if party and tuple(state.winners) != (party if beaten else state.bosses):
            problems.append("the party wins together when the Dragon is beaten, else the Dragon")
        if state.gifts or state.asks or state.lending or core.prompts:
            problems.append("a finished game asks nothing")
    elif party and (all(core.players[s].out for s in party) or core.players[state.bosses[0]].out):
        problems.append("the game ends when the Dragon or the whole party is beaten")
    elif core.players[core.turn].out:
        problems.append("the turn belongs to a player still in the game")
    if min(core.gold, core.combat) < 0:
        problems.append("gold and combat cannot be negative")
    return problems
