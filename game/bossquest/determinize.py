"""A full state built from one seat's view alone: what the seat sees is kept,
and every card it cannot see is dealt at random into the places it cannot see.

Search bots play thousands of such states; since only the view goes in, their
decisions cannot depend on anything the seat may not know.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import rng
from .cards import BOSS_COUNT, spell_ids, weapon_ids
from .codec import result_from_json
from .options import Options
from .state import NO_CARD, ActiveSpell, Player, State

__all__ = ["determinize"]


def determinize(view: Mapping[str, Any], seed: int) -> State:
    seat = view["seat"]
    generator = rng.seed_state(seed)
    uses_yellow = bool(view["uses_yellow"])
    seats = view["seats"]
    seen_weapons = {card for s in seats for card in s["visible"]}
    seen_weapons |= {s["hidden"] for s in seats if s["hidden"] is not None}
    unseen, generator = rng.shuffle(
        generator, [card for card in weapon_ids(uses_yellow) if card not in seen_weapons]
    )
    deal = iter(unseen)
    players = tuple(
        Player(
            hidden=s["hidden"] if s["hidden"] is not None else next(deal),
            visible=tuple(s["visible"]),
            hearts=s["hearts"],
            keys=s["keys"],
            at_magician=s["at_magician"],
        )
        for s in seats
    )
    weapon_discard = tuple(next(deal) for _ in range(view["weapon_discard"]))
    weapon_deck = tuple(deal)
    active = tuple(ActiveSpell(a["card"], a["target"], a["amount"]) for a in view["active"])
    pending = NO_CARD if view["pending"] is None else view["pending"]
    seen_spells = {*view["offer"], *view["spell_discard"], *(a.card for a in active)}
    seen_spells |= {pending} - {NO_CARD}
    spells, generator = rng.shuffle(
        generator, [card for card in spell_ids(uses_yellow) if card not in seen_spells]
    )
    mystery = spells[0] if view["mystery"] else NO_CARD
    spell_deck = spells[1:] if view["mystery"] else spells
    boss = view["boss"]["card"]
    seen_bosses = {boss, *view["boss_discard"]}
    bosses, generator = rng.shuffle(
        generator, [card for card in range(BOSS_COUNT) if card not in seen_bosses]
    )
    known = tuple(
        (seat, s["hidden"])
        for owner, s in enumerate(seats)
        if seat is not None and owner != seat and s["hidden"] is not None
    )
    return State(
        options=Options(view["players"], keep_yellow=uses_yellow),
        rng=generator,
        round=view["round"],
        armorer=view["armorer"],
        seat=NO_CARD if view["to_act"] is None else view["to_act"],
        stage=view["stage"],
        players=players,
        boss=boss,
        boss_deck=bosses,
        boss_discard=tuple(view["boss_discard"]),
        weapon_deck=weapon_deck,
        weapon_discard=weapon_discard,
        spell_deck=spell_deck,
        spell_discard=tuple(view["spell_discard"]),
        offer=tuple(view["offer"]),
        mystery=mystery,
        active=active,
        pending=pending,
        last_turn=None if view["last_turn"] is None else tuple(view["last_turn"]),
        lone_asked=view["lone_asked"],
        known=known if view["stage"] != "over" else (),
        result=None if view["result"] is None else result_from_json(view["result"]),
        winners=tuple(view["winners"]),
    )
