"""A full state built from one seat's view alone: what the seat sees is kept,
and every card it cannot see is dealt at random into the places it cannot see.

Search bots play thousands of such states; since only the view goes in, their
decisions cannot depend on anything the seat may not know.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..engine import rng
from ..engine.evolve import evolve
from .cards import BOSS_COUNT
from .codec import result_from_json
from .options import Options
from .state import NO_CARD, ActiveSpell, Player, Stage, State

__all__ = ["dealer", "determinize"]


def determinize(view: Mapping[str, Any], seed: int) -> State:
    return dealer(view)(seed)


def dealer(view: Mapping[str, Any]) -> Callable[[int], State]:
    """`determinize` in two steps: everything the view fixes is read once, and
    the function returned deals the unseen cards from a seed (a search deals a
    world from the same view for each of its playouts)."""
    seat = view["seat"]
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
    unseen_weapons = [card for card in options.weapons if card not in seen_weapons]
    # Each player as seen; a hidden weapon the seat cannot see is dealt below.
    known_players = [
        Player(
            hidden=s["hidden"] if s["hidden"] is not None else NO_CARD,
            visible=tuple(s["visible"]),
            hearts=s["hearts"],
            keys=s["keys"],
            at_magician=s["at_magician"],
        )
        for s in seats
    ]
    dealt_hidden = [
        owner for owner, s in enumerate(seats) if s["hidden"] is None and owner not in empty
    ]
    discard_size = view["weapon_discard"]
    active = tuple(ActiveSpell(a["card"], a["target"], a["amount"]) for a in view["active"])
    pending = NO_CARD if view["pending"] is None else view["pending"]
    seen_spells = {*view["offer"], *view["spell_discard"], *(a.card for a in active)}
    seen_spells |= {pending} - {NO_CARD}
    shown_mystery = None if companions is None else companions["mystery"]
    if shown_mystery is not None:  # an owl showed this seat the mystery spell
        seen_spells.add(shown_mystery)
    unseen_spells = [card for card in options.spells if card not in seen_spells]
    has_mystery = bool(view["mystery"])
    boss = view["boss"]["card"]
    seen_bosses = {boss, *view["boss_discard"]}
    unseen_bosses = [card for card in range(BOSS_COUNT) if card not in seen_bosses]
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
    # The fields every world shares; each deal changes the unseen cards' places.
    shared = State(
        options=options,
        rng=0,
        round=view["round"],
        armorer=view["armorer"],
        seat=NO_CARD if view["to_act"] is None else view["to_act"],
        stage=view["stage"],
        players=tuple(known_players),
        boss=boss,
        boss_deck=(),
        boss_discard=tuple(view["boss_discard"]),
        weapon_deck=(),
        weapon_discard=(),
        spell_deck=(),
        spell_discard=tuple(view["spell_discard"]),
        offer=tuple(view["offer"]),
        mystery=NO_CARD,
        active=active,
        pending=pending,
        last_turn=None if view["last_turn"] is None else tuple(view["last_turn"]),
        lone_asked=view["lone_asked"],
        known=known if not revealed else (),
        result=None if view["result"] is None else result_from_json(view["result"]),
        winners=tuple(view["winners"]),
        **extensions,
    )

    def deal(seed: int) -> State:
        generator = rng.seed_state(seed)
        unseen, generator = rng.shuffle(generator, unseen_weapons)
        players = list(known_players)
        for place, owner in enumerate(dealt_hidden):
            players[owner] = evolve(players[owner], hidden=unseen[place])
        dealt = len(dealt_hidden)
        spells, generator = rng.shuffle(generator, unseen_spells)
        if shown_mystery is not None:
            mystery, spell_deck = shown_mystery, spells
        else:
            mystery = spells[0] if has_mystery else NO_CARD
            spell_deck = spells[1:] if has_mystery else spells
        bosses, generator = rng.shuffle(generator, unseen_bosses)
        return evolve(
            shared,
            rng=generator,
            players=tuple(players),
            boss_deck=bosses,
            weapon_deck=unseen[dealt + discard_size :],
            weapon_discard=unseen[dealt : dealt + discard_size],
            spell_deck=spell_deck,
            mystery=mystery,
        )

    return deal
