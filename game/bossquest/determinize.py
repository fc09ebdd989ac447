"""A full state built from one seat's view alone: what the seat sees is kept,
and every card it cannot see is dealt at random into the places it cannot see.

Search bots play thousands of such states; since only the view goes in, their
decisions cannot depend on anything the seat may not know.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import rng
from .cards import BOSS_COUNT
from .codec import result_from_json
from .options import Options
from .state import NO_CARD, ActiveSpell, Player, Stage, State

__all__ = ["determinize"]


def determinize(view: Mapping[str, Any], seed: int) -> State:
    seat = view["seat"]
    generator = rng.seed_state(seed)
    uses_yellow = bool(view["uses_yellow"])
    potions = view.get("potions")
    companions = view.get("companions")
    reaper = view.get("reaper")
    options = Options(
        view["players"],
        keep_yellow=uses_yellow,
        potions=potions is not None,
        companions=companions is not None,
        reaper=reaper is not None,
    )
    seats = view["seats"]
    fates = tuple(reaper["fates"]) if reaper is not None else ()
    # A player who has left the game holds no card (after the fight they still
    # show the ones they held, face up).
    empty = {owner for owner, s in enumerate(seats) if s["weapons"] == 0}
    seen_weapons = {card for s in seats for card in s["visible"]}
    seen_weapons |= {s["hidden"] for s in seats if s["hidden"] is not None}
    unseen, generator = rng.shuffle(
        generator, [card for card in options.weapons if card not in seen_weapons]
    )
    deal = iter(unseen)
    players = tuple(
        Player(
            hidden=(
                s["hidden"]
                if s["hidden"] is not None
                else NO_CARD
                if owner in empty
                else next(deal)
            ),
            visible=tuple(s["visible"]),
            hearts=s["hearts"],
            keys=s["keys"],
            at_magician=s["at_magician"],
        )
        for owner, s in enumerate(seats)
    )
    weapon_discard = tuple(next(deal) for _ in range(view["weapon_discard"]))
    weapon_deck = tuple(deal)
    active = tuple(ActiveSpell(a["card"], a["target"], a["amount"]) for a in view["active"])
    pending = NO_CARD if view["pending"] is None else view["pending"]
    seen_spells = {*view["offer"], *view["spell_discard"], *(a.card for a in active)}
    seen_spells |= {pending} - {NO_CARD}
    shown_mystery = None if companions is None else companions["mystery"]
    if shown_mystery is not None:  # an owl showed this seat the mystery spell
        seen_spells.add(shown_mystery)
    spells, generator = rng.shuffle(
        generator, [card for card in options.spells if card not in seen_spells]
    )
    if shown_mystery is not None:
        mystery, spell_deck = shown_mystery, spells
    else:
        mystery = spells[0] if view["mystery"] else NO_CARD
        spell_deck = spells[1:] if view["mystery"] else spells
    boss = view["boss"]["card"]
    seen_bosses = {boss, *view["boss_discard"]}
    bosses, generator = rng.shuffle(
        generator, [card for card in range(BOSS_COUNT) if card not in seen_bosses]
    )
    revealed = view["stage"] in (Stage.OVER, Stage.REVEAL, Stage.DESTINY)
    known = tuple(
        (seat, s["hidden"])
        for owner, s in enumerate(seats)
        if seat is not None and owner != seat and s["hidden"] is not None
    )
    extensions: dict[str, Any] = {}
    if potions is not None:
        extensions["readings"] = tuple(potions["readings"])
        extensions["turn_of"] = NO_CARD if potions["turn_of"] is None else potions["turn_of"]
        extensions["resume"] = potions["resume"]
    if companions is not None:
        extensions["companions"] = tuple(companions["seats"])
        extensions["reserve"] = tuple(companions["reserve"])
        extensions["used"] = tuple(companions["used"])
        extensions["saw_mystery"] = tuple(companions["saw_mystery"])
    if reaper is not None:
        extensions["fates"] = fates
        extensions["reaper_came"] = reaper["came"]
        extensions["destiny"] = tuple(reaper["destiny"])
    return State(
        options=options,
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
        known=known if not revealed else (),
        result=None if view["result"] is None else result_from_json(view["result"]),
        winners=tuple(view["winners"]),
        **extensions,
    )
