"""The boss deck's part of the board, drawn from the view alone: each
Dragon's panel (health, hand size, whether it is taunted and by whom, the
Treasure Hoard: how many items lie face down, which are revealed and who
holds them) and the party around it, in seating order, with who stands
beside whom (defeated members no longer count) and the defeated members'
hands when the viewer may see them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.engine.client import Scene, e

from ..cards import skill_check
from .board_words import DBOARD
from .describe import card_of, seat_name

__all__ = ["adjacent_in", "dragon_panels", "party_ring"]


def _flag(value: bool) -> str:
    return "true" if value else "false"


def _party(view: Mapping[str, Any]) -> list[int]:
    return [s for s in range(len(view["players"])) if s not in view["bosses"]]


def adjacent_in(view: Mapping[str, Any], seat: int) -> list[int]:
    """The living members beside `seat` (as party.adjacent, from the view)."""
    ring = [s for s in _party(view) if not view["players"][s]["out"]]
    if seat not in ring or len(ring) < 2:
        return []
    at = ring.index(seat)
    return sorted({ring[at - 1], ring[(at + 1) % len(ring)]})


def _names(scene: Scene, seats: Sequence[int]) -> str:
    return ", ".join(seat_name(scene.names, s, scene.lang) for s in seats)


def dragon_panels(scene: Scene) -> str:
    view = scene.view
    panels = "".join(_dragon(scene, boss, index) for index, boss in enumerate(view["bosses"]))
    return f'<div class="hd-dragons">{panels}{_hoard(scene)}</div>'


def _dragon(scene: Scene, boss: int, index: int) -> str:
    view, lang = scene.view, scene.lang
    player = view["players"][boss]
    taunters = [seat for dragon, seat in view["taunters"] if dragon == boss]
    calm = any(dragon == boss for dragon, _turns in view["calm"])
    title = seat_name(scene.names, boss, lang)
    if taunters:
        taunt = DBOARD("taunted_by", lang, names=_names(scene, taunters))
    else:
        taunt = DBOARD("not_taunted", lang)
    notes = f'<p class="hd-calm">{e(DBOARD("calm", lang))}</p>' if calm else ""
    label = DBOARD("dragon_title" if len(view["bosses"]) == 1 else "dragon_n", lang, n=index + 1)
    return (
        f'<section class="hd-dragon" data-seat="{boss}" data-health="{player["health"]}" '
        f'data-hand="{player["hand_size"]}" data-taunted="{_flag(bool(taunters))}" '
        f'data-taunters="{" ".join(map(str, taunters))}" aria-label="{e(label)}">'
        f'<h3 class="hd-title">{e(title)} <span class="tag">{e(label)}</span></h3>'
        '<ul class="hd-facts">'
        f'<li data-fact="health">{e(DBOARD("health", lang, n=player["health"]))}</li>'
        f'<li data-fact="hand">{e(DBOARD("hand", lang, n=player["hand_size"]))}</li>'
        f'<li data-fact="taunt">{e(taunt)}</li></ul>{notes}</section>'
    )


def _hoard(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    used = set(view["used"])
    rows = []
    for item, holder in view["items"]:
        words = DBOARD(
            "held_by", lang, card=card_of(item, lang), name=seat_name(scene.names, holder, lang)
        )
        if item in used:
            words += f" ({DBOARD('used', lang)})"
        rows.append(
            f'<li class="hd-item" data-item="{item}" data-holder="{holder}" '
            f'data-check="{skill_check(item)}" data-used="{_flag(item in used)}">{e(words)}</li>'
        )
    body = "".join(rows) or f'<li class="hd-item-none">{e(DBOARD("hoard_none", lang))}</li>'
    hidden = DBOARD("hoard_hidden", lang, n=view["hoard_size"])
    return (
        f'<section class="hd-hoard" data-hidden="{view["hoard_size"]}" '
        f'aria-labelledby="hd-hoard-title"><h3 class="hd-title" id="hd-hoard-title">'
        f'{e(DBOARD("hoard_title", lang))}</h3><p class="hd-hidden">{e(hidden)}</p>'
        f'<ul class="hd-items">{body}</ul></section>'
    )


def party_ring(scene: Scene) -> str:
    """The party in seating order, each member with its neighbours; empty boss against boss."""
    view, lang = scene.view, scene.lang
    party = _party(view)
    if not party:
        return ""
    members = "".join(_member(scene, seat) for seat in party)
    return (
        f'<section class="hd-party" aria-labelledby="hd-party-title">'
        f'<h3 class="hd-title" id="hd-party-title">{e(DBOARD("party_title", lang))}</h3>'
        f'<ol class="hd-ring">{members}</ol></section>'
    )


def _member(scene: Scene, seat: int) -> str:
    view, lang = scene.view, scene.lang
    player = view["players"][seat]
    beside = adjacent_in(view, seat)
    name = seat_name(scene.names, seat, lang)
    if seat == view["seat"]:
        name += f" ({DBOARD('you_word', lang)})"
    near = DBOARD("beside", lang, names=_names(scene, beside)) if beside else ""
    if not beside and not player["out"]:
        near = DBOARD("beside_none", lang)
    state = (
        f'<span class="tag tag-down">{e(DBOARD("defeated", lang))}</span>' if player["out"] else ""
    )
    hand = ""
    shown = view["open_hands"].get(str(seat))
    if shown is not None:
        cards = "".join(f'<li data-card="{c}">{e(card_of(c, lang))}</li>' for c in shown)
        hand = (
            f'<div class="hd-open-hand"><p>{e(DBOARD("open_hand", lang, name=name))}</p>'
            f"<ul>{cards}</ul></div>"
        )
    return (
        f'<li class="hd-member" data-seat="{seat}" data-defeated="{_flag(player["out"])}" '
        f'data-adjacent="{" ".join(map(str, beside))}" '
        f'data-turn="{_flag(seat == view["turn"] and not view["winners"])}">'
        f'<span class="knight-name">{e(name)}</span>{state}'
        f'<span class="hd-health">{e(DBOARD("health", lang, n=player["health"]))}</span>'
        f'<span class="hd-beside">{e(near)}</span>{hand}</li>'
    )
