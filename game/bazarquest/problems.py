"""Bazar Quest's invariants: every broken one in words (the decoder refuses a
state that has any, and random play checks them after every action)."""

from __future__ import annotations

from collections import Counter

from .cards import ADVENTURES, EMPLOYEES, HEROES, ITEMS, MONSTERS, UPGRADES
from .market import heroes_wanted
from .setup import ADVANCED_HEROES, in_play
from .shop import storage_size, window_size
from .state import Stage, State
from .upgrade import purchases

__all__ = ["state_problems"]

_PER_SHOP = (
    "coins", "stars", "packets", "picks", "hands", "storage", "window", "ready", "guests", "staff",
    "owned",
)  # fmt: skip


def state_problems(state: State) -> list[str]:
    players = len(state.coins)
    if not 2 <= players <= 6:
        return ["a game has 2 to 6 shops"]
    short = [name for name in _PER_SHOP if len(getattr(state, name)) != players]
    if short:
        return [f"{short[0]} must hold one entry per shop"]
    if len(state.purses) != len(HEROES) or len(state.gear) != len(HEROES):
        return ["purses and gear must hold one entry per hero"]
    if state.advanced and players != 2:
        return ["the advanced rules are for 2 players"]
    if not 0 <= state.quest < players:
        return ["the Quest token must be at a shop"]
    problems = _card_problems(state)
    if problems:
        return problems  # the other checks read the cards' tables
    problems += _shop_problems(state)
    problems += _stage_problems(state)
    return problems


def _once(places: list[int], used: tuple[int, ...], what: str, every: bool) -> list[str]:
    """Each card of `places` in play once at most (`every`: each card in `used` once)."""
    counts = Counter(places)
    allowed = set(used)
    if any(n != 1 for n in counts.values()) or any(c not in allowed for c in counts):
        return [f"every {what} must be in one place at most, and in this game"]
    if every and len(counts) != len(allowed):
        return [f"every {what} must be in exactly one place"]
    return []


def _card_problems(state: State) -> list[str]:
    items = [*state.item_deck, *state.item_discard]
    for seat in range(len(state.coins)):
        items += [*state.packets[seat], *state.hands[seat], *state.storage[seat]]
        items += state.window[seat]
    items += [item for gear in state.gear for item in gear]
    problems = _once(items, in_play(ITEMS, state.unshakeable), "item", True)
    guests = [hero for heroes in state.guests for hero in heroes]
    heroes = [*state.hero_deck, *state.center, *guests]
    problems += _once(heroes, in_play(HEROES, state.unshakeable), "hero", False)
    for hero in range(len(HEROES)):
        if hero not in (*state.center, *guests) and state.purses[hero] != 0:
            problems.append(f"hero {hero} is not in play but holds coins")
    if problems:
        return problems
    if any(purse < 0 for purse in state.purses):
        problems.append("a purse holds fewer than 0 coins")
    current = [state.monster] if state.monster is not None else []
    pile = [*state.monsters, *current]
    monsters = _once(pile, in_play(MONSTERS, state.unshakeable), "monster", False)
    monsters += _once([*pile, *state.set_aside], tuple(range(len(MONSTERS))), "monster", False)
    if monsters:
        return problems + monsters
    if len(state.set_aside) != len(MONSTERS) - 3:
        problems.append("one monster of each level is drawn, the rest set aside")
    levels = [MONSTERS[m].level for m in (*current, *state.monsters)]
    if levels != sorted(levels) or len(set(levels)) != len(levels):
        problems.append("the monsters come level I, then II, then III")
    adventures = () if state.unshakeable else tuple(range(len(ADVENTURES)))
    problems += _once(
        [*state.adventure_deck, *state.adventure_discard], adventures, "adventure card", True
    )
    staff = [e for hired in state.staff for e in hired]
    employees = in_play(EMPLOYEES, state.unshakeable)
    problems += _once([*state.employee_deck, *state.offer, *staff], employees, "employee", True)
    owned = [u for cards in state.owned for u in cards]
    problems += _once([*state.upgrades, *owned], tuple(range(len(UPGRADES))), "upgrade", True)
    if any(card not in owned for card in state.flipped) or len(set(state.flipped)) != len(
        state.flipped
    ):
        problems.append("only an owned upgrade may be flipped, once")
    return problems


def _shop_problems(state: State) -> list[str]:
    problems: list[str] = []
    for seat in range(len(state.coins)):
        if state.coins[seat] < 0 or state.stars[seat] < 0:
            problems.append(f"shop {seat} holds fewer than 0 coins or stars")
        kinds = [UPGRADES[u].kind for u in state.owned[seat]]
        if len(set(kinds)) != len(kinds):
            problems.append(f"shop {seat} owns two upgrades of one kind")
        keys = [EMPLOYEES[e].key for e in state.staff[seat]]
        if len(set(keys)) != len(keys):
            problems.append(f"shop {seat} employs one design twice")
        if len(state.window[seat]) > window_size(state, seat):
            problems.append(f"shop {seat}'s window holds too many items")
        if len(state.storage[seat]) > storage_size(state, seat):
            problems.append(f"shop {seat}'s storage holds too many items")
        pick = state.picks[seat]
        if pick is not None and pick not in state.packets[seat]:
            problems.append(f"shop {seat} picked a card that is not in its packet")
    return problems


def _stage_problems(state: State) -> list[str]:
    players = len(state.coins)
    stage = state.stage
    problems: list[str] = []
    if state.round < 1 or state.wounds < 0:
        problems.append("the round starts at 1 and wounds at 0")
    fighting = (Stage.DRAFT, Stage.DISPLAY, Stage.INVITE, Stage.SELL)
    if stage in fighting and state.monster is None:
        problems.append("a monster is face up from the restock to the adventure")
    if state.monster is None and state.wounds:
        problems.append("wounds stay on a monster face up")
    drafting = stage == Stage.DRAFT
    if drafting != any(state.packets):
        problems.append("only the draft holds packets")
    if drafting and len({len(p) for p in state.packets}) != 1:
        problems.append("every draft packet holds as many cards")
    if not drafting and any(p is not None for p in state.picks):
        problems.append("only the draft holds picks")
    trading = stage in (Stage.INVITE, Stage.SELL, Stage.OVER)
    if not trading and (any(state.guests) or any(state.gear)):
        problems.append("heroes sit in shops only while trading and fighting")
    wanted = heroes_wanted(state)
    if any(len(heroes) > wanted for heroes in state.guests):
        problems.append(f"a shop invites {wanted} heroes at most")
    if stage == Stage.SELL and any(len(heroes) != wanted for heroes in state.guests):
        problems.append("every shop has its heroes while selling")
    seated = {hero for heroes in state.guests for hero in heroes}
    if any(state.gear[hero] and hero not in seated for hero in range(len(HEROES))):
        problems.append("only a hero in a shop carries items")
    if stage not in (Stage.DISPLAY, Stage.INVITE, Stage.SELL) and any(state.window):
        problems.append("windows hold items only from the display to the sales")
    if stage in (Stage.INVITE, Stage.UPGRADE) and not 0 <= state.turn < players:
        problems.append("the turn must be a shop")
    if stage == Stage.INVITE and sorted(state.order) != list(range(players)):
        problems.append("the invitation order names every shop once")
    if stage == Stage.UPGRADE and not 0 <= state.acted < players:
        problems.append("the upgrade phase counts the shops that bought")
    if stage != Stage.UPGRADE and state.offer:
        problems.append("employees are on offer only in the upgrade phase")
    if (stage == Stage.OVER) != (state.result in ("scored", "lost")):
        problems.append("a result is named exactly when the game is over")
    waiting = len(state.center) + len(seated)
    if stage != Stage.OVER and waiting != (ADVANCED_HEROES if state.advanced else players):
        problems.append("as many heroes as shops (4 in the advanced rules) are in play")
    if not 0 <= state.bought < purchases(state):
        problems.append("a shop buys one card a phase (two in the advanced rules)")
    return problems
