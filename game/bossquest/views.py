"""Per-seat views: JSON holding what a seat may know and nothing more.

A hidden weapon appears only to its owner and to a seat a spell showed it to;
decks show only their sizes; the generator state never appears. `redeal`
shuffles everything a seat cannot see: that seat's view must not change."""

from __future__ import annotations

from typing import Any

from ..engine import rng
from ..engine.evolve import evolve
from .cards import SPELL_KINDS, boss_hp
from .codec import result_to_json
from .state import NO_CARD, Stage, State
from .table import current_hp, strength

__all__ = [
    "PLAYOUT_KEYS",
    "mystery_shown",
    "playout_view",
    "redeal",
    "sees_hidden",
    "view",
    "view_problems",
]


# Stages after the fight's reveal: every card is face up.
_REVEALED = frozenset({Stage.OVER, Stage.REVEAL, Stage.DESTINY})


def sees_hidden(state: State, viewer: int | None, owner: int) -> bool:
    """Whether `viewer` may see the hidden weapon of `owner` now."""
    if state.stage in _REVEALED:
        return True  # the fight revealed every card
    if viewer is None:
        return False
    return viewer == owner or (viewer, state.players[owner].hidden) in state.known


def view(state: State, seat: int | None) -> dict[str, Any]:
    hp = current_hp(state)
    data: dict[str, Any] = {
        "game": "bossquest",
        "seat": seat,
        "players": len(state.players),
        "keys_to_win": state.options.keys_to_win,
        "uses_yellow": state.options.uses_yellow,
        "round": state.round,
        "armorer": state.armorer,
        "to_act": None if state.seat == NO_CARD else state.seat,
        "stage": state.stage,
        "pending": None if state.pending == NO_CARD else state.pending,
        "boss": {"card": state.boss, "printed_hp": boss_hp(state.boss), "hp": hp},
        "boss_deck": len(state.boss_deck),
        "boss_discard": list(state.boss_discard),
        "offer": list(state.offer),
        "mystery": state.mystery != NO_CARD,
        "active": _active(state),
        "weapon_deck": len(state.weapon_deck),
        "weapon_discard": len(state.weapon_discard),
        "spell_deck": len(state.spell_deck),
        "spell_discard": list(state.spell_discard),
        "last_turn": None if state.last_turn is None else list(state.last_turn),
        "lone_asked": state.lone_asked,
        "seats": _seats(state, seat),
        "result": None if state.result is None else result_to_json(state.result),
        "winners": list(state.winners),
    }
    if seat is not None:
        mine = strength(state, seat)
        data["you"] = {"strength": mine, "over": mine > hp}
    _add_extensions(data, state, seat)
    return data


# The keys of a view that the bots read (bots.py, bots_extensions.py, odds.py).
PLAYOUT_KEYS = frozenset(
    {"seat", "players", "uses_yellow", "stage", "pending", "boss", "active", "weapon_deck"}
    | {"seats", "you", "potions", "companions", "reaper"}
)


def playout_view(state: State, seat: int) -> dict[str, Any]:
    """The part of `view` that the bots read (`PLAYOUT_KEYS`), each with the
    view's own value: the search bot's playouts build one at nearly every
    action, and the round result, the discards and the like cost time there
    for nothing. Being part of the view, it cannot show more than the view
    (tests/test_bots.py holds it to that and the bots to the same decisions)."""
    hp = current_hp(state)
    mine = strength(state, seat)
    data: dict[str, Any] = {
        "seat": seat,
        "players": len(state.players),
        "uses_yellow": state.options.uses_yellow,
        "stage": state.stage,
        "pending": None if state.pending == NO_CARD else state.pending,
        "boss": {"card": state.boss, "printed_hp": boss_hp(state.boss), "hp": hp},
        "active": _active(state),
        "weapon_deck": len(state.weapon_deck),
        "seats": _seats(state, seat),
        "you": {"strength": mine, "over": mine > hp},
    }
    _add_extensions(data, state, seat)
    return data


def _seats(state: State, seat: int | None) -> list[dict[str, Any]]:
    """Each player as `seat` sees them. Written for speed (a search bot's
    playouts build a view at nearly every action): the test of `sees_hidden`
    inline."""
    revealed = state.stage in _REVEALED
    known = state.known
    seats = []
    for owner, player in enumerate(state.players):
        hidden = player.hidden
        shown = hidden != NO_CARD and (
            revealed or (seat is not None and (seat == owner or (seat, hidden) in known))
        )
        seats.append(
            {
                "hearts": player.hearts,
                "keys": player.keys,
                "at_magician": player.at_magician,
                "hidden": hidden if shown else None,
                "visible": list(player.visible),
                "weapons": len(player.visible) + (hidden != NO_CARD),
            }
        )
    return seats


def _active(state: State) -> list[dict[str, Any]]:
    return [
        {"card": s.card, "kind": SPELL_KINDS[s.card], "target": s.target, "amount": s.amount}
        for s in state.active
    ]


def _add_extensions(data: dict[str, Any], state: State, seat: int | None) -> None:
    """Each extension adds its own keys, only when it is on."""
    options = state.options
    if options.potions:
        data["potions"] = {
            "readings": list(state.readings),  # only face-up potions are ever read
            "turn_of": None if state.turn_of == NO_CARD else state.turn_of,
            "resume": state.resume,
        }
    if options.companions:
        data["companions"] = {
            "seats": list(state.companions),
            "reserve": list(state.reserve),
            "used": list(state.used),
            "saw_mystery": list(state.saw_mystery),
            "mystery": mystery_shown(state, seat),
        }
    if options.reaper:
        data["reaper"] = {
            "fates": list(state.fates),
            "came": state.reaper_came,
            "destiny": list(state.destiny),
        }


def mystery_shown(state: State, seat: int | None) -> int | None:
    """The mystery spell, to a seat an owl showed it to; else None."""
    if seat is None or state.mystery == NO_CARD or seat not in state.saw_mystery:
        return None
    return state.mystery


def redeal(state: State, seat: int | None, seed: int) -> State:
    """A state `seat` cannot tell from this one: every card it cannot see is
    shuffled among the places it cannot see, and the generator is reseeded."""
    generator = rng.seed_state(seed)
    players = list(state.players)
    hidden_owners = [
        owner
        for owner in range(len(players))
        if players[owner].hidden != NO_CARD and not sees_hidden(state, seat, owner)
    ]
    unseen_weapons = [
        *state.weapon_deck,
        *state.weapon_discard,
        *(players[o].hidden for o in hidden_owners),
    ]
    shuffled, generator = rng.shuffle(generator, unseen_weapons)
    deck_size, discard_size = len(state.weapon_deck), len(state.weapon_discard)
    weapon_deck = shuffled[:deck_size]
    weapon_discard = shuffled[deck_size : deck_size + discard_size]
    for owner, card in zip(hidden_owners, shuffled[deck_size + discard_size :], strict=True):
        players[owner] = evolve(players[owner], hidden=card)
    # A mystery spell the seat looked at stays where it is.
    has_mystery = state.mystery != NO_CARD and mystery_shown(state, seat) is None
    spells, generator = rng.shuffle(
        generator, [*state.spell_deck, *([state.mystery] if has_mystery else [])]
    )
    bosses, generator = rng.shuffle(generator, state.boss_deck)
    return evolve(
        state,
        players=tuple(players),
        weapon_deck=weapon_deck,
        weapon_discard=weapon_discard,
        spell_deck=spells[: len(state.spell_deck)],
        mystery=spells[-1] if has_mystery else state.mystery,
        boss_deck=bosses,
        known=tuple(pair for pair in state.known if pair[0] == seat),
        stacked=(),
        rng=generator,
    )


def view_problems(state: State) -> list[str]:
    """A view must never show a weapon its seat may not see: the decks, the face-down
    discard, and other players' hidden weapons that no spell showed it."""
    problems = []
    for seat in [None, *range(len(state.players))]:
        shown = view(state, seat)
        unseen = {*state.weapon_deck, *state.weapon_discard}
        unseen |= {
            player.hidden
            for owner, player in enumerate(state.players)
            if not sees_hidden(state, seat, owner)
        }
        named = {entry["hidden"] for entry in shown["seats"]} - {None}
        for entry in shown["seats"]:
            named |= set(entry["visible"])
        if unseen & named:
            problems.append(
                f"the view of seat {seat} shows unseen weapons {sorted(unseen & named)}"
            )
        shown_mystery = shown.get("companions", {}).get("mystery")
        if shown_mystery is not None and seat not in state.saw_mystery:
            problems.append(f"the view of seat {seat} shows the mystery spell")
    return problems
