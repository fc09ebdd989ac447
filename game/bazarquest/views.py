"""What each shop may know, and the re-deal of what it cannot see.

Public: coins, stars, the heroes with their purses and gear, the monster and
its wounds, upgrades and employees, revealed windows, hand and storage sizes.
A shop's own: its draft packet and pick, its hand, its face-down window
before the reveal, its storage."""

from __future__ import annotations

from typing import Any

from ..engine import rng
from ..engine.evolve import evolve
from .adventure import points
from .cards import MONSTERS
from .rules import to_act
from .state import Stage, State

__all__ = ["redeal", "view"]


def view(state: State, seat: int | None) -> dict[str, Any]:
    players = len(state.coins)
    mine = seat is not None and 0 <= seat < players
    hidden_windows = state.stage == Stage.DISPLAY
    own: dict[str, Any] = {"packet": None, "pick": None, "hand": None, "storage": None}
    own_window = None
    if mine and seat is not None:
        own = {
            "packet": list(state.packets[seat]),
            "pick": state.picks[seat],
            "hand": list(state.hands[seat]),
            "storage": list(state.storage[seat]),
        }
        own_window = list(state.window[seat])
    return {
        "seat": seat,
        "stage": state.stage.value,
        "round": state.round,
        "quest": state.quest,
        "to_act": sorted(to_act(state)),
        "turn": state.turn if state.stage in (Stage.INVITE, Stage.UPGRADE) else None,
        "coins": list(state.coins),
        "stars": list(state.stars),
        "points": [points(state, s) for s in range(players)],
        "picked": [p is not None for p in state.picks],
        "ready": list(state.ready),
        "packet_sizes": [len(p) for p in state.packets],
        "hand_sizes": [len(h) for h in state.hands],
        "storage_sizes": [len(s) for s in state.storage],
        "window_sizes": [len(w) for w in state.window],
        "windows": None if hidden_windows else [list(w) for w in state.window],
        "my_window": own_window,
        **own,
        "center": list(state.center),
        "purses": {str(h): state.purses[h] for h in (*state.center, *_guests(state))},
        "guests": [list(heroes) for heroes in state.guests],
        "gear": {str(h): list(state.gear[h]) for h in _guests(state)},
        "order": list(state.order) if state.stage == Stage.INVITE else None,
        "monster": state.monster,
        "wounds": state.wounds,
        "levels_left": [MONSTERS[m].level for m in state.monsters],
        "hero_deck": len(state.hero_deck),
        "item_deck": len(state.item_deck),
        "item_discard": len(state.item_discard),
        "adventure_deck": len(state.adventure_deck),
        "adventure_discard": list(state.adventure_discard),
        "employee_deck": len(state.employee_deck),
        "offer": list(state.offer),
        "staff": [list(s) for s in state.staff],
        "upgrades": list(state.upgrades),
        "owned": [list(o) for o in state.owned],
        "flipped": list(state.flipped),
        "result": state.result or None,
        "crowd": state.crowd,
        "unshakeable": state.unshakeable,
        "advanced": state.advanced,
        "bought": state.bought,
    }


def _guests(state: State) -> list[int]:
    return [hero for heroes in state.guests for hero in heroes]


def redeal(state: State, seat: int | None, seed: int) -> State:
    """Everything `seat` cannot see dealt again into the same places: the item
    deck with the other shops' packets, picks, hands, storage and unrevealed
    windows; the hero, adventure and employee decks; the face-down monsters
    among those of their level."""
    players = len(state.coins)
    others = [s for s in range(players) if s != seat]
    dice = rng.seed_state(seed)
    hidden = list(state.item_deck)
    windows_hidden = state.stage == Stage.DISPLAY
    for who in others:
        hidden += [*state.packets[who], *state.hands[who], *state.storage[who]]
        if windows_hidden:
            hidden += state.window[who]
    cards, dice = rng.shuffle(dice, hidden)
    left = list(cards)

    def take(n: int) -> tuple[int, ...]:
        nonlocal left
        dealt, left = left[:n], left[n:]
        return tuple(dealt)

    packets, picks, hands = list(state.packets), list(state.picks), list(state.hands)
    storage, window = list(state.storage), list(state.window)
    for who in others:
        packets[who] = take(len(state.packets[who]))
        if picks[who] is not None:
            picks[who] = packets[who][0]
        hands[who] = take(len(state.hands[who]))
        storage[who] = take(len(state.storage[who]))
        if windows_hidden:
            window[who] = take(len(state.window[who]))
    heroes, dice = rng.shuffle(dice, state.hero_deck)
    adventures, dice = rng.shuffle(dice, state.adventure_deck)
    employees, dice = rng.shuffle(dice, state.employee_deck)
    pile, aside = _redeal_monsters(state, dice)
    return evolve(
        state,
        item_deck=tuple(left),
        packets=tuple(packets),
        picks=tuple(picks),
        hands=tuple(hands),
        storage=tuple(storage),
        window=tuple(window),
        hero_deck=heroes,
        adventure_deck=adventures,
        employee_deck=employees,
        monsters=pile,
        set_aside=aside,
    )


def _redeal_monsters(state: State, dice: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each face-down monster of the pile swapped for any unseen one of its level."""
    unseen = [*state.monsters, *state.set_aside]
    pile = []
    for monster in state.monsters:
        level = MONSTERS[monster].level
        same = [m for m in unseen if MONSTERS[m].level == level]
        index, dice = rng.below(dice, len(same))
        pile.append(same[index])
        unseen.remove(same[index])
    return tuple(pile), tuple(sorted(unseen))
