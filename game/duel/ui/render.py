"""Duel's board, result and end-of-game panels as HTML strings, from a view.

Drawn from the view alone (and, for the result panel, the reader's filtered
events), so a card the viewer may not see is never named: the other hand and
the other's committed card are backs with no id. The board reuses the shared
shell's classes (Boss Quest's board: ``table``, ``seat-panel``, ``wcard``,
``dock``, ``overlay-panel``, ...), so it needs no CSS of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.duel.codec import action_to_json
from game.duel.state import ROUNDS, value_of
from game.engine.client import Control, Group, Scene, dock_html, e, icon
from game.engine.dom import ActMarks, act_button, continue_actions, panel_actions
from game.engine.protocol import Event

from .strings import STRINGS, card_colour, card_text, join, over_title, tr, trick_line

__all__ = ["last_trick", "render_game_over", "render_result", "render_table", "winners"]


def winners(view: dict[str, Any]) -> list[int]:
    best = max(view["points"])
    return [seat for seat, points in enumerate(view["points"]) if points == best]


def last_trick(view: dict[str, Any], events: Sequence[Event] = ()) -> list[int] | None:
    """The last revealed pair (seat 0's card first): from the last reveal event
    if given, else from the view right after a reveal (the last two discards)."""
    for event in reversed(events):
        if event.get("type") == "reveal":
            return list(event["cards"])
    just_revealed = view["stage"] == "over" or (view["round"] > 1 and view["swaps_done"] == 0)
    if just_revealed and view["stage"] != "commit" and len(view["discards"]) >= 2:
        return list(view["discards"][-2:])
    return None


# ------------------------------------------------------------------- cards


def card(card: int, lang: str, *, arrive: str = "", hidden: str = "") -> str:
    value = value_of(card)
    flag = f' data-hidden="{hidden}"' if hidden else ""
    return (
        f'<span class="wcard{arrive}" data-card="{card}" data-color="{card_colour(card)}" '
        f'data-value="{value}"{flag} role="img" aria-label="{e(card_text(card, lang))}">'
        f'<span class="wcard-corner" aria-hidden="true">{value}</span>'
        f'<span class="wcard-value" aria-hidden="true">{value}</span></span>'
    )


def back(lang: str, label: str = "") -> str:
    return (
        f'<span class="wcard wcard-back" data-hidden="back" role="img" '
        f'aria-label="{e(label or tr("card_back", lang))}"></span>'
    )


def points(n: int, lang: str) -> str:
    return STRINGS.plural("points", "points_many", n, lang)


# ------------------------------------------------------------------- table


def render_table(scene: Scene) -> str:
    """The board in play: bar, discards and the trick, both seats, the dock, the log."""
    return (
        '<div id="table" class="table" data-players="2" data-game="duel">'
        f"{_bar(scene)}"
        f'<div class="table-main">{_arena(scene)}{_seats(scene)}</div>'
        f'<div class="table-side">{_dock(scene)}{scene.log_html}</div></div>'
    )


def _bar(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    n = view["deck"]
    return (
        '<div class="table-bar">'
        f'<h2 class="visually-hidden">{e(tr("board_title", lang))}</h2>'
        f'<span class="chip chip-round">{e(tr("round", lang, n=view["round"], of=ROUNDS))}</span>'
        f'<ul class="decks"><li class="deck" data-deck="cards" '
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
    down = [
        f'<li class="pawn" data-seat="{seat}">{back(lang, tr("face_down", lang))}'
        f"{e(names[seat])}</li>"
        for seat in (0, 1)
        if view["committed"][seat]
    ]
    trick = (
        f'<ul class="pawns">{"".join(down)}</ul>'
        if down
        else f'<p class="empty-note">{e(tr("nothing_down", lang))}</p>'
    )
    pair = last_trick(view) if view["stage"] == "swap" else None
    if pair is not None:
        faces = "".join(card(c, lang) for c in pair)
        trick += (
            f'<div class="visitors" data-last-trick="true">'
            f'<span class="group-label">{e(tr("last_trick", lang))}</span>'
            f'<div class="hand">{faces}</div>'
            f'<p class="headline">{e(trick_line(pair, names, lang))}</p></div>'
        )
    return (
        '<div class="arena">'
        f'<section class="zone" aria-labelledby="duel-discards">'
        f'<h3 class="zone-title" id="duel-discards">{e(tr("discards", lang))}</h3>'
        f'<div class="offer">{discards}</div></section>'
        f'<section class="zone" aria-labelledby="duel-trick">'
        f'<h3 class="zone-title" id="duel-trick">{e(tr("trick", lang))}</h3>{trick}</section>'
        "</div>"
    )


def _seats(scene: Scene) -> str:
    items = "".join(_seat(scene, seat) for seat in (0, 1))
    return (
        f'<section class="seats-zone" aria-label="{e(tr("players", scene.lang))}">'
        f'<ol class="seat-list" id="board-seats">{items}</ol></section>'
    )


def _seat(scene: Scene, seat: int) -> str:
    view, lang, name = scene.view, scene.lang, scene.names[seat]
    you = view["seat"] == seat
    turn = seat in view["to_act"]
    kind = scene.kinds[seat] if seat < len(scene.kinds) else "human"
    # the level in the game's words (its declaration), as the menu names it
    level = scene.level_words[seat] if seat < len(scene.level_words) else ""
    tags = []
    if you:
        tags.append(f'<span class="tag tag-you">{e(tr("you", lang))}</span>')
    if kind == "bot":
        word = tr("bot", lang) + (f" · {level}" if level else "")
        tags.append(f'<span class="tag tag-bot">{icon("gear")}{e(word)}</span>')
    if view["committed"][seat]:
        tags.append(f'<span class="tag tag-armorer">{e(tr("committed_tag", lang))}</span>')
    if turn:
        key = "your_turn_tag" if you else "playing"
        tags.append(f'<span class="tag tag-turn">{e(tr(key, lang))}</span>')
    opened = view.get("open")
    if opened is not None:
        cards = "".join(card(c, lang) for c in opened["hands"][seat])
        down = opened["committed"][seat]
    elif you:
        cards = "".join(card(c, lang, arrive=scene.mark(f"hand:{c}")) for c in view["hand"])
        down = view["my_card"]
    else:
        cards = back(lang) * view["hand_sizes"][seat]
        down = None
    if down is not None:
        cards += card(down, lang, hidden="own")
    elif view["committed"][seat]:
        cards += back(lang, tr("face_down", lang))
    size = STRINGS.plural("cards_n", "cards_many", view["hand_sizes"][seat], lang)
    return (
        f'<li class="seat-panel" data-seat="{seat}"{scene.seat_attrs.get(seat, "")} '
        f'data-you="{str(you).lower()}" data-turn="{str(turn).lower()}" data-kind="{e(kind)}" '
        f'data-committed="{str(view["committed"][seat]).lower()}">'
        f'<div class="seat-head"><span class="knight-name">{e(name)}</span>{"".join(tags)}'
        f"{scene.seat_badges_html.get(seat, '')}</div>"
        f'<div class="seat-stats"><span class="chip" data-points="{view["points"][seat]}">'
        f"{e(points(view['points'][seat], lang))}</span></div>"
        f'<div class="hand" role="group" aria-label="{e(tr("hand_aria", lang, name=name))}">'
        f'{cards}</div><div class="seat-foot"><span class="seat-total">{e(size)}</span></div>'
        "</li>"
    )


def _dock(scene: Scene) -> str:
    waiting = [scene.names[seat] for seat in scene.view["to_act"]]
    text = tr("waiting", scene.lang, names=join(waiting, scene.lang)) if waiting else ""
    groups = [_group(group, scene.marks) for group in scene.dock.groups]
    return dock_html(scene, groups, text)


def _group(group: Group, marks: ActMarks) -> str:
    head = f'<p class="group-label">{e(group.label)}</p>' if group.label else ""
    buttons = "".join(_button(control, marks) for control in group.controls)
    return (
        f'<div class="control-group" data-group="{e(group.key)}">{head}'
        f'<div class="btn-row">{buttons}</div></div>'
    )


def _button(control: Control, marks: ActMarks) -> str:
    face = ""
    if control.card is not None:
        face = (
            f'<span class="mini-card" data-color="{card_colour(control.card)}" '
            f'aria-hidden="true">{value_of(control.card)}</span>'
        )
    return act_button(
        action_to_json(control.action),
        f"{face}<span>{e(control.label)}</span>",
        css=f"btn act act-{control.tone}",
        label=control.aria,
        marks=marks,
    )


# --------------------------------------------------------- result, over


def render_result(scene: Scene) -> str:
    """A trick's reveal: both cards face up, who won it, the points."""
    view, lang, names = scene.view, scene.lang, scene.names
    number = (ROUNDS if view["stage"] == "over" else view["round"] - 1) or 1
    pair = last_trick(view, scene.events)
    rows = []
    headline = ""
    if pair is not None:
        headline = trick_line(pair, names, lang)
        gap = value_of(pair[0]) - value_of(pair[1])
        for seat in (0, 1):
            won = (gap > 0) if seat == 0 else (gap < 0)
            verdict = (
                f'<ul class="verdicts"><li class="verdict" data-tone="good">'
                f"{e(tr('winner', lang))}</li></ul>"
                if won
                else ""
            )
            rows.append(
                f'<li class="rr-seat" data-seat="{seat}" data-winner="{str(won).lower()}">'
                f'<div class="rr-who"><span class="knight-name">{e(names[seat])}</span>'
                f'<span class="rr-strength">{e(points(view["points"][seat], lang))}</span></div>'
                f'<div class="hand">{card(pair[seat], lang)}</div>{verdict}</li>'
            )
    button = tr("see_final" if view["stage"] == "over" else "next_round", lang)
    return (
        f'<section id="round-result" class="overlay-panel result" data-round="{number}" '
        'role="dialog" aria-modal="false" aria-labelledby="rr-title">'
        f'<h2 class="panel-title" id="rr-title">{e(tr("result_title", lang, n=number))}</h2>'
        f'<div class="rr-top"><div class="rr-headline"><p class="headline">{e(headline)}</p>'
        "</div></div>"
        f'<ol class="rr-seats">{"".join(rows)}</ol>'
        f"{continue_actions(button, scene.result_button)}</section>"
    )


def render_game_over(scene: Scene) -> str:
    view, lang, names = scene.view, scene.lang, scene.names
    best = winners(view)
    order = sorted((0, 1), key=lambda seat: (seat not in best, -view["points"][seat], seat))
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
            f'<td><span class="num">{view["points"][seat]}</span></td></tr>'
        )
    return (
        '<section id="game-over" class="overlay-panel game-over" role="dialog" '
        'aria-modal="false" aria-labelledby="over-title">'
        f'<div class="trophy" aria-hidden="true">{icon("crown")}</div>'
        f'<h2 class="panel-title" id="over-title">{e(over_title(best, names, lang))}</h2>'
        f'<table class="standings"><caption>{e(tr("standings", lang))}</caption>'
        f'<thead><tr><th scope="col">{e(tr("col_player", lang))}</th>'
        f'<th scope="col">{e(tr("col_points", lang))}</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
        f"{panel_actions(scene.over_actions_html)}"
        f"{scene.over_box_html}</section>"
    )
