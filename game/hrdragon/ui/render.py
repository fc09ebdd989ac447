"""The Dragon's board: Hero Realms' board (seats, market, the turn, your
hand: drawn by Hero Realms' renderer) with the boss deck's panel first in
its main column (the Dragons, the Hoard and the party: `panel`) and the dock
drawn here, with the boss deck's moves encoded by its own codec."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Final

from game.engine.client import Group, Scene, dock_html, e, icon
from game.engine.dom import act_button
from game.herorealms.state import EndTurn
from game.herorealms.ui import render as core
from game.herorealms.ui.board_words import BOARD

from ..codec import action_to_json
from .board_words import DBOARD
from .describe import seat_name
from .panel import dragon_panels, party_ring

__all__ = [
    "health_as_it_is",
    "over_title",
    "render_game_over",
    "render_result",
    "render_table",
    "side_of",
]

#: the groups whose moves the board also draws on the cards: folded in the dock
_FOLDED: Final = ("play_area", "market", "pack", "attack_more")


def render_table(scene: Scene) -> str:
    # `replace` keeps the scene's `shown` set itself: what this render draws is recorded
    scene = replace(scene, view=health_as_it_is(scene.view))
    lead = f'<div class="hd-board">{dragon_panels(scene)}{party_ring(scene)}</div>'
    return core.table(
        scene,
        game="hrdragon",
        lead=lead,
        end=_end(scene),
        dock=_dock(scene),
        out_word=DBOARD("defeated", scene.lang),  # the party panel's word: one state, one word
    )


def health_as_it_is(view: dict[str, Any]) -> dict[str, Any]:
    """The view with the health of the player to act as it is until they choose
    who gets their health gains: the rules count a gain waiting for its target
    (the view's ``gifts``) on the giver already, but it is not theirs before
    they keep it, so the board shows it only once given."""
    waiting = sum(view["gifts"])
    if not waiting:
        return view
    players = list(view["players"])
    giver = view["turn"]
    players[giver] = {**players[giver], "health": players[giver]["health"] - waiting}
    return {**view, "players": players}


def side_of(view: dict[str, Any]) -> str:
    """Who won: "party", "dragon", "boss" (boss against boss), "" while it goes on."""
    winners, bosses = view["winners"], view["bosses"]
    if not winners:
        return ""
    if len(bosses) == 2:
        return "boss"
    return "dragon" if list(winners) == list(bosses) else "party"


def _end(scene: Scene) -> str:
    """A finished game's side, at the head of the board (under the end panel too)."""
    side = side_of(scene.view)
    if not side:
        return ""
    title = over_title(scene.view, scene.names, scene.lang)
    return (
        f'<p class="hd-end" data-side="{side}" role="status">'
        f"{icon('crown')}<span>{e(title)}</span></p>"
    )


def _dock(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    if view["winners"]:
        waiting = BOARD("waiting_over", lang)
    else:
        turn = view["turn"]
        kind = scene.kinds[turn] if turn < len(scene.kinds) else "human"
        key = "waiting_bot" if kind == "bot" else "waiting"
        waiting = BOARD(key, lang, name=seat_name(scene.names, turn, lang))
    shown = [g for g in scene.dock.groups if g.key not in _FOLDED]
    folded = [g for g in scene.dock.groups if g.key in _FOLDED]
    return dock_html(scene, [_group(scene, group) for group in shown + folded], waiting)


def _group(scene: Scene, group: Group) -> str:
    buttons = "".join(
        act_button(
            action_to_json(control.action),
            f"<span>{e(control.label)}</span>",
            css=f"btn act act-{control.tone}"
            + (" hr-end-btn" if isinstance(control.action, EndTurn) else ""),
            label=control.aria,
            marks=scene.marks,
        )
        for control in group.controls
    )
    if group.key in _FOLDED:
        return (
            f'<details class="control-group hr-fold" data-group="{e(group.key)}">'
            f'<summary class="group-label">{e(group.label)} ({len(group.controls)})</summary>'
            f'<div class="btn-row">{buttons}</div></details>'
        )
    head = f'<p class="group-label">{e(group.label)}</p>' if group.label else ""
    return (
        f'<div class="control-group" data-group="{e(group.key)}">{head}'
        f'<div class="btn-row">{buttons}</div></div>'
    )


def render_result(scene: Scene) -> str:
    return core.render_result(replace(scene, view=health_as_it_is(scene.view)))


def over_title(view: dict[str, Any], names: Sequence[str], lang: str) -> str:
    """The party's win or loss as the party's; boss against boss, the winner's name."""
    winners, bosses = view["winners"], view["bosses"]
    if not winners:
        return DBOARD("over_none", lang)
    if len(bosses) == 2:
        return DBOARD("over_boss", lang, name=seat_name(names, winners[0], lang))
    return DBOARD("over_dragon" if list(winners) == list(bosses) else "over_party", lang)


def render_game_over(scene: Scene) -> str:
    """The end panel, and under it the final board saying who won (as a
    replay's last step draws it)."""
    view = scene.view
    title = over_title(view, scene.names, scene.lang)
    side = side_of(view)
    won = set(view["winners"])
    rows = "".join(
        f'<li data-seat="{seat}" data-winner="{"true" if seat in won else "false"}">'
        f"{e(seat_name(scene.names, seat, scene.lang))} · "
        f"{e(DBOARD('health', scene.lang, n=player['health']))}</li>"
        for seat, player in enumerate(view["players"])
    )
    return (
        '<section id="game-over" class="overlay-panel game-over hr-over" role="dialog" '
        f'aria-modal="false" aria-labelledby="over-title" data-side="{side}">'
        f'<div class="trophy" aria-hidden="true">{icon("crown")}</div>'
        f'<h2 class="panel-title" id="over-title">{e(title)}</h2>{_together(scene, side)}'
        f'<ul class="hd-standings">{rows}</ul>'
        f'<div class="panel-actions">{scene.over_actions_html}</div>'
        f"{scene.over_box_html}</section>{render_table(scene)}"
    )


def _together(scene: Scene, side: str) -> str:
    """The end panel's line under its title: the whole party won or lost together."""
    if side not in ("party", "dragon"):
        return ""
    return f'<p class="over-sub">{e(DBOARD(f"together_{side}", scene.lang))}</p>'
