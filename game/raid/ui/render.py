"""Raid's board, result and end-of-game panels as HTML strings, from a view.

Drawn from the view alone, so a card the viewer may not see is never named:
another seat's draft hand is a row of backs and its pick a mark. The board
reuses the shared shell's classes (``table``, ``seat-panel``, ``wcard``,
``dock``, ``overlay-panel``, ...) and scopes its few own rules under
``.raid`` (raid.css)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from game.engine.client import Control, Group, Scene, dock_html, e, icon
from game.raid.codec import action_to_json
from game.raid.rules import max_hp, team_seats
from game.raid.state import BOSS, Action, kind_of

from .strings import card_text, join, over_title, tr

__all__ = ["render_game_over", "render_result", "render_table", "rounds_done"]


def action_json(action: Action) -> str:
    """The action as the page sends it back (``data-act``)."""
    return json.dumps(action_to_json(action), separators=(",", ":"), sort_keys=True)


def rounds_done(view: dict[str, Any]) -> int:
    """Rounds whose turns are over (the game's last round counts once it ends)."""
    return int(view["round"]) if view["stage"] == "over" else int(view["round"]) - 1


def card(card: int, lang: str, *, arrive: str = "", mark: str = "") -> str:
    kind = kind_of(card).value
    flag = f' data-hidden="{mark}"' if mark else ""
    return (
        f'<span class="wcard raid-card{arrive}" data-card="{card}" data-kind="{kind}"{flag} '
        f'role="img" aria-label="{e(card_text(card, lang))}">'
        f'<span class="wcard-value" aria-hidden="true">{e(card_text(card, lang))}</span></span>'
    )


def back(lang: str) -> str:
    return (
        '<span class="wcard wcard-back" data-hidden="back" role="img" '
        f'aria-label="{e(tr("card_back", lang))}"></span>'
    )


def role_of(seat: int, lang: str) -> str:
    return tr("role_boss" if seat == BOSS else "role_hero", lang)


# ------------------------------------------------------------------- table


def render_table(scene: Scene) -> str:
    """The board in play: bar, discards, every seat, the dock, the log."""
    view = scene.view
    return (
        f'<div id="table" class="table raid" data-players="{len(view["hp"])}" data-game="raid">'
        f"{_bar(scene)}"
        f'<div class="table-main">{_arena(scene)}{_seats(scene)}</div>'
        f'<div class="table-side">{_dock(scene)}{scene.log_html}</div></div>'
    )


def _bar(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    n = view["deck"]
    round_text = tr("round", lang, n=view["round"], of=view["dawn"])
    return (
        '<div class="table-bar">'
        f'<h2 class="visually-hidden">{e(tr("board_title", lang))}</h2>'
        f'<span class="chip chip-round">{e(round_text)}</span>'
        f'<ul class="decks"><li class="deck" data-deck="loot" '
        f'aria-label="{e(tr("deck_aria", lang, n=n))}">'
        f'<span class="deck-pile" aria-hidden="true"></span>'
        f'<span class="deck-n" aria-hidden="true">{n}</span>'
        f'<span class="deck-name" aria-hidden="true">{e(tr("deck", lang))}</span></li></ul>'
        f"{scene.bar_html}{scene.box_html}</div>"
    )


def _arena(scene: Scene) -> str:
    view, lang, names = scene.view, scene.lang, scene.names
    discards = (
        "".join(card(c, lang, arrive=scene.mark(f"discard:{c}")) for c in view["discards"])
        or f'<p class="empty-note">{e(tr("no_discard", lang))}</p>'
    )
    strike = view["strike"]
    headline = ""
    if strike is not None:
        words = tr("strike_now", lang, striker=names[strike["from"]], target=names[strike["to"]])
        headline = f'<p class="headline" data-strike="{strike["to"]}">{e(words)}</p>'
    return (
        f'<div class="arena">{headline}'
        '<section class="zone" aria-labelledby="raid-discards">'
        f'<h3 class="zone-title" id="raid-discards">{e(tr("discards", lang))}</h3>'
        f'<div class="offer">{discards}</div></section></div>'
    )


def _seats(scene: Scene) -> str:
    items = "".join(_seat(scene, seat) for seat in range(len(scene.view["hp"])))
    return (
        f'<section class="seats-zone" aria-label="{e(tr("players", scene.lang))}">'
        f'<ol class="seat-list" id="board-seats">{items}</ol></section>'
    )


def _tags(scene: Scene, seat: int) -> str:
    view, lang = scene.view, scene.lang
    you = view["seat"] == seat
    kind = scene.kinds[seat] if seat < len(scene.kinds) else "human"
    # the level in the game's words (its declaration), as the menu names it
    level = scene.level_words[seat] if seat < len(scene.level_words) else ""
    tags = [f'<span class="tag tag-role" data-role="{"boss" if seat == BOSS else "hero"}">'
            f"{e(role_of(seat, lang))}</span>"]  # fmt: skip
    if you:
        tags.append(f'<span class="tag tag-you">{e(tr("you", lang))}</span>')
    if kind == "bot":
        word = tr("bot", lang) + (f" · {level}" if level else "")
        tags.append(f'<span class="tag tag-bot">{icon("gear")}{e(word)}</span>')
    if view["hp"][seat] == 0:
        tags.append(f'<span class="tag tag-down">{e(tr("down_tag", lang))}</span>')
    if view["picked"][seat]:
        tags.append(f'<span class="tag tag-armorer">{e(tr("picked_tag", lang))}</span>')
    if view["stage"] != "draft" and seat in view["to_act"]:
        key = "your_turn_tag" if you else "playing"
        tags.append(f'<span class="tag tag-turn">{e(tr(key, lang))}</span>')
    return "".join(tags)


def _seat(scene: Scene, seat: int) -> str:
    view, lang, name = scene.view, scene.lang, scene.names[seat]
    you = view["seat"] == seat
    players = len(view["hp"])
    hp, top = view["hp"][seat], max_hp(seat, players, view["dawn"])
    loot = (
        "".join(card(c, lang, arrive=scene.mark(f"loot:{c}")) for c in view["loot"][seat])
        or f'<span class="empty-note">{e(tr("no_loot", lang))}</span>'
    )
    hand = ""
    if view["hand_sizes"][seat]:
        if you:
            mine = view["my_pick"]
            cards = "".join(card(c, lang, mark="own" if c == mine else "") for c in view["hand"])
        else:
            cards = back(lang) * view["hand_sizes"][seat]
        hand = (
            f'<div class="hand raid-hand" role="group" '
            f'aria-label="{e(tr("hand_aria", lang, name=name))}">{cards}</div>'
        )
    if you and view["my_pick"] is not None:
        words = tr("your_pick", lang, card=card_text(view["my_pick"], lang))
        hand += f'<p class="raid-pick">{e(words)}</p>'
    guard = view["guard"][seat]
    guard_chip = f'<span class="chip" data-guard="{guard}">{e(tr("guard", lang, n=guard))}</span>'
    return (
        f'<li class="seat-panel" data-seat="{seat}"{scene.seat_attrs.get(seat, "")} '
        f'data-you="{str(you).lower()}" data-turn="{str(seat in view["to_act"]).lower()}" '
        f'data-role="{"boss" if seat == BOSS else "hero"}" data-down="{str(hp == 0).lower()}" '
        f'data-picked="{str(view["picked"][seat]).lower()}">'
        f'<div class="seat-head"><span class="knight-name">{e(name)}</span>{_tags(scene, seat)}'
        f"{scene.seat_badges_html.get(seat, '')}</div>"
        f'<div class="seat-stats"><span class="chip" data-hp="{hp}">'
        f"{e(tr('hp', lang, n=hp, max=top))}</span>{guard_chip if guard else ''}</div>"
        f'<div class="hand raid-loot" role="group" '
        f'aria-label="{e(tr("loot_aria", lang, name=name))}">{loot}</div>{hand}</li>'
    )


def _dock(scene: Scene) -> str:
    waiting = [scene.names[seat] for seat in scene.view["to_act"]]
    text = tr("waiting", scene.lang, names=join(waiting, scene.lang)) if waiting else ""
    groups = [_group(group) for group in scene.dock.groups]
    return dock_html(scene, groups, text)


def _group(group: Group) -> str:
    head = f'<p class="group-label">{e(group.label)}</p>' if group.label else ""
    buttons = "".join(_button(control) for control in group.controls)
    return (
        f'<div class="control-group" data-group="{e(group.key)}">{head}'
        f'<div class="btn-row">{buttons}</div></div>'
    )


def _button(control: Control) -> str:
    aria = f' aria-label="{e(control.aria)}"' if control.aria else ""
    kind = action_to_json(control.action)["type"]
    return (
        f'<button type="button" class="btn act act-{control.tone}" data-cmd="act" '
        f'data-kind="{e(kind)}" data-act="{e(action_json(control.action))}"{aria}>'
        f"<span>{e(control.label)}</span></button>"
    )


# --------------------------------------------------------- result, over


def _standing(view: dict[str, Any], lang: str) -> str:
    heroes = sum(1 for hp in view["hp"][1:] if hp > 0)
    return tr("standing_line", lang, boss=view["hp"][BOSS], heroes=heroes)


def render_result(scene: Scene) -> str:
    """A round's end: every seat's hit points."""
    view, lang, names = scene.view, scene.lang, scene.names
    number = rounds_done(view) or 1
    players, dawn = len(view["hp"]), view["dawn"]
    tops = [max_hp(seat, players, dawn) for seat in range(players)]
    rows = "".join(
        f'<li class="rr-seat" data-seat="{seat}"><span class="knight-name">{e(names[seat])}</span>'
        f' <span class="tag">{e(role_of(seat, lang))}</span> '
        f'<span class="num">{e(tr("hp", lang, n=view["hp"][seat], max=tops[seat]))}'
        "</span></li>"
        for seat in range(players)
    )
    button = tr("see_final" if view["stage"] == "over" else "next_round", lang)
    return (
        f'<section id="round-result" class="overlay-panel result" data-round="{number}" '
        'role="dialog" aria-modal="false" aria-labelledby="rr-title">'
        f'<h2 class="panel-title" id="rr-title">{e(tr("result_title", lang, n=number))}</h2>'
        f'<div class="rr-top"><div class="rr-headline"><p class="headline">'
        f"{e(_standing(view, lang))}</p></div></div>"
        f'<ol class="rr-seats">{rows}</ol>'
        '<div class="panel-actions"><button type="button" class="btn btn-primary" '
        f'data-cmd="continue">{e(button)}</button></div></section>'
    )


def why(view: dict[str, Any]) -> str:
    if view["winner"] == "party":
        return "boss_down"
    return "party_down" if not any(view["hp"][1:]) else "dawn"


def render_game_over(scene: Scene) -> str:
    view, lang, names = scene.view, scene.lang, scene.names
    players = len(view["hp"])
    best = team_seats(view["winner"], players)
    order: Sequence[int] = sorted(range(players), key=lambda seat: (seat not in best, seat))
    rows = []
    for seat in order:
        won = seat in best
        tag = (
            f'<span class="tag tag-winner">{icon("crown")}{e(tr("winner", lang))}</span>'
            if won
            else ""
        )
        rows.append(
            f'<tr data-seat="{seat}" data-winner="{str(won).lower()}">'
            f'<th scope="row"><span class="knight-name">{e(names[seat])}</span>{tag}</th>'
            f"<td>{e(role_of(seat, lang))}</td>"
            f'<td><span class="num">{view["hp"][seat]}</span></td></tr>'
        )
    title = over_title(view["winner"], why(view), lang)
    return (
        '<section id="game-over" class="overlay-panel game-over" role="dialog" '
        'aria-modal="false" aria-labelledby="over-title">'
        f'<div class="trophy" aria-hidden="true">{icon("crown")}</div>'
        f'<h2 class="panel-title" id="over-title">{e(title)}</h2>'
        f'<table class="standings"><caption>{e(tr("standings", lang))}</caption>'
        f'<thead><tr><th scope="col">{e(tr("col_player", lang))}</th>'
        f'<th scope="col">{e(tr("col_role", lang))}</th>'
        f'<th scope="col">{e(tr("col_hp", lang))}</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
        f'<div class="panel-actions">{scene.over_actions_html}</div>'
        f"{scene.over_box_html}</section>"
    )
