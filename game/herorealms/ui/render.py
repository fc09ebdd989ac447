"""Hero Realms' board, drawn from the view alone: the opponents (health,
champions with their guards and damage, hand, deck and discard sizes), the
market with the Fire Gems and the sacrifice pile, the turn's pools and the
cards played this turn, then your own seat (champions, hand, deck, discard,
character). The cards are the controls: a tap plays, buys, expends, calls
an ally, sacrifices or attacks; the dock lists every move as well.

Nothing the viewer may not see is named: another hand is a count, a deck a
count (your own deck, which cards it holds, sorted, never their order)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine.client import Control, Group, Scene, dock_html, e, icon
from game.engine.dom import act_button, continue_actions
from game.herorealms.cards import ability_id, kind_of, skill_id
from game.herorealms.codec import action_to_json
from game.herorealms.state import AttackPlayer, BuyGem, EndTurn, PlayGold, UseAbility, UseSkill

from .board_words import BOARD, join_names
from .card import card_face
from .icons import icon as hr_icon
from .motion import Motion, keep_board, motion
from .pieces import card_control, chip, controls_by_card, empty, flight, pile, seat_name

__all__ = ["render_game_over", "render_result", "render_table", "table", "winners"]


def _flag(value: bool) -> str:
    return "true" if value else "false"


def _controls(scene: Scene, kind: type) -> list[Control]:
    return [c for g in scene.dock.groups for c in g.controls if isinstance(c.action, kind)]


def winners(view: dict[str, Any]) -> list[int]:
    """The winning seats (a Hydra team's two), none while the game goes on; a
    game built on this one whose side of several seats wins together lists
    them all in its view's ``winners``."""
    if "winners" in view:
        return list(view["winners"])
    winner = view["winner"]
    if winner is None:
        return []
    return [winner, winner + 1] if view["format"] == "hydra" else [winner]


# ------------------------------------------------------------------- table


def render_table(scene: Scene) -> str:
    return table(scene)


def table(
    scene: Scene,
    *,
    game: str = "herorealms",
    lead: str = "",
    dock: str = "",
    out_word: str = "",
    end: str | None = None,
) -> str:
    """The board; a game built on this one names itself (`game`), sets its
    own panel first in the main column (`lead`), may draw the dock itself
    (`dock`: its moves are its own codec's), name a seat out of the game
    in its own word (`out_word`, the one its own panels use) and say who won
    in its own banner (`end`)."""
    view = scene.view
    by_card = controls_by_card(scene)
    moved = motion(scene)
    viewer = view["seat"]
    others = [s for s in range(len(view["players"])) if s != viewer]
    out = out_word or BOARD("out_tag", scene.lang)
    mine = _seat(scene, viewer, by_card, moved, out, own=True) if viewer is not None else ""
    return (
        f'<div id="table" class="table hr-table" data-game="{e(game)}" '
        f'data-players="{len(view["players"])}" data-turn="{view["turn"]}" '
        f'data-format="{e(view["format"])}">'
        f"{_bar(scene)}"
        f'<div class="table-main hr-main">{_end(scene) if end is None else end}{lead}'
        f'<section class="hr-seats" aria-label="{e(BOARD("board_title", scene.lang))}">'
        f'<ol class="seat-list hr-seat-list" id="board-seats">'
        f"{''.join(_seat(scene, s, by_card, moved, out) for s in others)}</ol></section>"
        f"{_market(scene, by_card)}{_turn_area(scene, by_card)}{mine}</div>"
        f'<div class="table-side">{dock or _dock(scene)}{scene.log_html}</div></div>'
    )


def _end(scene: Scene) -> str:
    """A finished game's winners, at the head of the board (live under the end
    panel, and on a replay's last step)."""
    if scene.view["winner"] is None:
        return ""
    title = over_title(scene.view, scene.names, scene.lang)
    return f'<p class="hr-end" role="status">{icon("crown")}<span>{e(title)}</span></p>'


def _bar(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    number = (view["turns"] - 1) // max(1, len(view["players"])) + 1
    if view["winner"] is not None:
        words = BOARD("waiting_over", lang)
    elif view["turn"] == view["seat"]:
        words = BOARD("turn_line_you", lang, n=number)
    else:
        words = BOARD("turn_line", lang, n=number, name=seat_name(scene, view["turn"]))
    return (
        '<div class="table-bar">'
        f'<h2 class="visually-hidden">{e(BOARD("board_title", lang))}</h2>'
        '<span class="chip chip-round hr-turn-chip" '
        f'data-mine="{_flag(view["turn"] == view["seat"])}">'
        f"{e(words)}</span>{scene.bar_html}{scene.box_html}</div>"
    )


# ------------------------------------------------------------------- seats


def _tags(scene: Scene, seat: int, out_word: str) -> str:
    view, lang = scene.view, scene.lang
    player = view["players"][seat]
    tags = []
    if view["format"] == "hydra":
        tags.append(f'<span class="tag">{e(BOARD("team", lang, n=seat // 2 + 1))}</span>')
    if seat == view["seat"]:
        tags.append(f'<span class="tag tag-you">{e(BOARD("you", lang))}</span>')
    kind = scene.kinds[seat] if seat < len(scene.kinds) else "human"
    if kind == "bot":
        # the level in the game's words where the shell gives them (a game
        # built on this board, the Dragon, declares levels of its own)
        level = scene.level_words[seat] if seat < len(scene.level_words) else ""
        word = BOARD("bot", lang) + (f" · {level}" if level else "")
        tags.append(f'<span class="tag tag-bot">{icon("gear")}{e(word)}</span>')
    if player["out"]:
        tags.append(f'<span class="tag tag-down">{e(out_word)}</span>')
    elif seat in winners(view):
        tags.append(f'<span class="tag tag-winner">{e(BOARD("winner", lang))}</span>')
    elif seat == view["turn"] and view["winner"] is None:
        key = "your_turn_tag" if seat == view["seat"] else "turn_tag"
        tags.append(f'<span class="tag tag-turn">{e(BOARD(key, lang))}</span>')
    return "".join(tags)


def _landing(moved: Motion, seat: int, pile_name: str, lang: str) -> str:
    """The cards flying onto this seat's pile `pile_name` in this render."""
    run = moved.count % 2
    flights = [
        flight(card, lang, "bought", run)
        for who, card, to in moved.bought
        if (who, to) == (seat, pile_name)
    ]
    if pile_name == "discard":
        flights += [
            flight(card, lang, "stunned", run) for who, card in moved.stunned if who == seat
        ]
    return "".join(flights)


def _stats(scene: Scene, seat: int, own: bool, moved: Motion) -> str:
    view, lang = scene.view, scene.lang
    player, name = view["players"][seat], seat_name(scene, seat)
    health = chip(
        "health",
        "health",
        player["health"],
        BOARD("health_aria", lang, name=name, n=player["health"]),
        attrs=moved.health_attrs(seat),
    )
    hand = chip(
        "hand",
        "to_hand",
        player["hand_size"],
        BOARD("hand_of", lang, name=name, n=player["hand_size"]),
        BOARD("word_hand", lang),
        landing=_landing(moved, seat, "hand", lang),
    )
    deck_cards: Sequence[int] = view["deck"] if own and view["deck"] is not None else ()
    deck_label = BOARD("deck", lang, n=player["deck_size"])
    deck_word, on_deck = BOARD("word_deck", lang), _landing(moved, seat, "deck", lang)
    if deck_cards:
        holds = BOARD("deck_holds", lang)
        deck = pile("deck", "draw", deck_label, deck_cards, lang, holds, deck_word, on_deck)
    else:
        deck = chip("deck", "draw", player["deck_size"], deck_label, deck_word, landing=on_deck)
    discard = pile(
        "discard",
        "draw_discard",
        BOARD("discard", lang, n=len(player["discard"])),
        player["discard"],
        lang,
        BOARD("discard_list", lang, name=name),
        BOARD("word_discard", lang),
        _landing(moved, seat, "discard", lang),
    )
    notes = []
    if player["ward"]:
        notes.append(f'<span class="hr-note">{e(BOARD("ward", lang, n=player["ward"]))}</span>')
    if player["owed"]:
        notes.append(f'<span class="hr-note">{e(BOARD("owed", lang, n=player["owed"]))}</span>')
    attack = _attack_button(scene, seat)
    return (
        f'<div class="hr-stats" data-health="{player["health"]}">{health}{hand}{deck}{discard}'
        f"{''.join(notes)}{attack}</div>"
    )


def _attack_button(scene: Scene, seat: int) -> str:
    """The player as a target: attack them with all your combat in one tap."""
    for control in _controls(scene, AttackPlayer):
        action = control.action
        if action.seat == seat and action.amount == scene.view["combat"]:
            return act_button(
                action_to_json(action),
                f"{hr_icon('combat')}<span>{e(control.label)}</span>",
                css="btn act act-primary hr-attack-btn",
                on_board=True,
                attrs=[("data-target", seat)],
                marks=scene.marks,
            )
    return ""


def _champions(scene: Scene, seat: int, by_card: dict[int, list[Control]], moved: Motion) -> str:
    view, lang = scene.view, scene.lang
    player = view["players"][seat]
    damage = {card: amount for card, amount in view["damage"]}
    items = []
    for card in player["champions"]:
        kind = kind_of(card)
        expended = card in player["expended"]
        state = BOARD("expended" if expended else "prepared", lang)
        marks = [f'<span class="hr-state">{e(state)}</span>']
        if card in damage:
            marks.append(
                f'<span class="hr-damage">{e(BOARD("damage", lang, n=damage[card]))}</span>'
            )
        if kind.guard and not expended:
            marks.append(f'<span class="hr-guard-tag">{e(BOARD("guard_mark", lang))}</span>')
        attrs = (
            f' data-expended="{_flag(expended)}" data-guard="{_flag(kind.guard and not expended)}"'
            f' data-damage="{damage.get(card, 0)}"{moved.hit_attrs(card)}'
        )
        extra = f'<span class="hr-marks">{"".join(marks)}</span>'
        items.append(
            card_control(
                scene, card, by_card.get(card, []), where="champion", extra=extra, attrs=attrs
            )
        )
    body = "".join(items) or empty("champions_none", lang)
    return (
        f'<div class="hr-zone" data-zone="champions"><h4 class="hr-zone-title">'
        f'{e(BOARD("champions", lang))}</h4><ul class="hr-row">{body}</ul></div>'
    )


def _seat(
    scene: Scene,
    seat: int,
    by_card: dict[int, list[Control]],
    moved: Motion,
    out_word: str,
    own: bool = False,
) -> str:
    view = scene.view
    player = view["players"][seat]
    tag = "section" if own else "li"
    inner = (
        f'<div class="seat-head"><span class="knight-name">{e(seat_name(scene, seat))}</span>'
        f"{_tags(scene, seat, out_word)}{scene.seat_badges_html.get(seat, '')}</div>"
        f"{_stats(scene, seat, own, moved)}{_champions(scene, seat, by_card, moved)}"
    )
    if own:
        inner += _pack(scene, seat) + _hand(scene, by_card)
    css = "seat-panel hr-seat hr-you" if own else "seat-panel hr-seat"
    return (
        f'<{tag} class="{css}" data-seat="{seat}"{scene.seat_attrs.get(seat, "")} '
        f'data-you="{_flag(own)}" '
        f'data-turn="{_flag(seat == view["turn"] and view["winner"] is None)}" '
        f'data-out="{_flag(player["out"])}">{inner}</{tag}>'
    )


def _pack(scene: Scene, seat: int) -> str:
    """Your character's ability and skill, each a control when usable."""
    view, lang = scene.view, scene.lang
    player = view["players"][seat]
    pack = player["pack"]
    if not pack:
        return ""
    items = []
    for card, kind, used in (
        (ability_id(seat, pack), UseAbility, player["ability_used"]),
        (skill_id(seat, pack), UseSkill, player["skill_used"]),
    ):
        controls = _controls(scene, kind)
        note = (
            f'<span class="hr-marks"><span class="hr-state">{e(BOARD("used", lang))}</span></span>'
        )
        items.append(
            card_control(
                scene,
                card,
                controls,
                where="pack",
                extra=note if used else "",
                attrs=f' data-used="{_flag(used)}"',
            )
        )
    return f'<ul class="hr-row hr-pack">{"".join(items)}</ul>'


def _hand(scene: Scene, by_card: dict[int, list[Control]]) -> str:
    view, lang = scene.view, scene.lang
    hand: list[int] = view["hand"] or []
    items = "".join(card_control(scene, c, by_card.get(c, []), where="hand") for c in hand)
    all_gold = "".join(
        act_button(
            action_to_json(control.action),
            f"{hr_icon('gold')}<span>{e(control.label)}</span>",
            css="btn act act-primary hr-gold-btn",
            on_board=True,
            marks=scene.marks,
        )
        for control in _controls(scene, PlayGold)
    )
    return (
        '<div class="hr-zone" data-zone="hand"><h4 class="hr-zone-title">'
        f"{e(BOARD('your_hand', lang))}</h4>{all_gold}"
        f'<ul class="hand hr-row hr-hand" data-cards="{len(hand)}">'
        f"{items or empty('hand_empty', lang)}</ul></div>"
    )


# ------------------------------------------------------------- the centre


def _market(scene: Scene, by_card: dict[int, list[Control]]) -> str:
    view, lang = scene.view, scene.lang
    slots = []
    for card in view["market"]:
        if card < 0:
            slots.append(f'<li class="hr-slot hr-empty-slot">{e(BOARD("market_empty", lang))}</li>')
        else:
            slots.append(card_control(scene, card, by_card.get(card, []), where="market"))
    gems = view["gems"]
    gem_controls = _controls(scene, BuyGem)
    if gems:
        gem = card_control(
            scene,
            gems[0],
            gem_controls,
            where="gems",
            extra=(
                '<span class="hr-marks"><span class="hr-state">'
                f"{e(BOARD('gems', lang, n=len(gems)))}"
                "</span></span>"
            ),
            attrs=f' data-gems="{len(gems)}"',
        )
    else:
        gem = f'<li class="hr-slot hr-empty-slot" data-gems="0">{e(BOARD("gems_none", lang))}</li>'
    sacrificed = pile(
        "sacrificed",
        "sacrifice",
        BOARD("sacrificed", lang, n=len(view["sacrificed"])),
        view["sacrificed"],
        lang,
        BOARD("sacrificed_list", lang),
        BOARD("word_sacrificed", lang),
    )
    market_deck = chip(
        "market-deck",
        "draw",
        view["market_deck"],
        BOARD("market_deck", lang, n=view["market_deck"]),
        BOARD("word_deck", lang),
    )
    return (
        f'<section class="hr-market" aria-labelledby="hr-market-title">'
        f'<div class="hr-zone-head"><h3 class="hr-zone-title" id="hr-market-title">'
        f"{e(BOARD('market', lang))}</h3>{market_deck}{sacrificed}</div>"
        f'<ul class="hr-row hr-market-row">{"".join(slots)}{gem}</ul></section>'
    )


def _turn_area(scene: Scene, by_card: dict[int, list[Control]]) -> str:
    """Whose turn it is, their gold and combat, and the cards played this turn."""
    view, lang = scene.view, scene.lang
    if view["winner"] is not None:
        return ""
    turn = view["turn"]
    name = seat_name(scene, turn)
    mine = turn == view["seat"]
    title = BOARD(
        "turn_line_you" if mine else "turn_line",
        lang,
        n=(view["turns"] - 1) // len(view["players"]) + 1,
        name=name,
    )
    pools = (
        f'<span class="hr-pools" role="img" aria-label="'
        f'{e(BOARD("pools_aria", lang, gold=view["gold"], combat=view["combat"]))}">'
        f'<span class="hr-pool" data-pool="gold">{hr_icon("gold")}<b>{view["gold"]}</b></span>'
        f'<span class="hr-pool" data-pool="combat">{hr_icon("combat")}<b>{view["combat"]}</b>'
        "</span></span>"
    )
    played = "".join(
        card_control(
            scene,
            c,
            by_card.get(c, []),
            where="play",
            attrs=f' data-ally-used="{_flag(c in view["allies"])}"',
        )
        for c in view["in_play"]
    )
    looking = ""
    if view["looking"]:
        seen = "".join(
            card_control(scene, c, by_card.get(c, []), where="look") for c in view["looking"]
        )
        looking = (
            f'<div class="hr-zone" data-zone="looking"><h4 class="hr-zone-title">'
            f'{e(BOARD("looking", lang))}</h4><ul class="hr-row">{seen}</ul></div>'
        )
    return (
        f'<section class="hr-turn" data-mine="{_flag(mine)}" aria-labelledby="hr-turn-title">'
        f'<div class="hr-zone-head"><h3 class="hr-zone-title" id="hr-turn-title">{e(title)}</h3>'
        f"{pools}</div>"
        f'<ul class="hr-row hr-play-row">{played or empty("in_play_none", lang)}</ul>'
        f"{looking}</section>"
    )


# -------------------------------------------------------------------- dock


def _dock(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    if view["winner"] is not None:
        waiting = BOARD("waiting_over", lang)
    else:
        turn = view["turn"]
        kind = scene.kinds[turn] if turn < len(scene.kinds) else "human"
        key = "waiting_bot" if kind == "bot" else "waiting"
        waiting = BOARD(key, lang, name=seat_name(scene, turn))
    # the open groups first: the page focuses the dock's first move on a turn
    shown = [g for g in scene.dock.groups if g.key not in _FOLDED]
    folded = [g for g in scene.dock.groups if g.key in _FOLDED]
    return dock_html(scene, [_group(scene, group) for group in shown + folded], waiting)


#: the groups whose moves the board also draws on the cards (the hand's
#: stays open: a keyboard's first stop): the dock folds them away
_FOLDED = ("play_area", "market", "pack", "attack_more")


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


# --------------------------------------------------------- result, over


def over_title(view: dict[str, Any], names: Sequence[str], lang: str) -> str:
    won = winners(view)
    if not won:
        return BOARD("over_none", lang)
    named = [names[s] if s < len(names) else BOARD("seat_name", lang, n=s + 1) for s in won]
    if len(named) == 1:
        return BOARD("over_one", lang, name=named[0])
    return BOARD("over_team", lang, names=join_names(named, lang))


def _standings(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    won = winners(view)
    seats = sorted(
        range(len(view["players"])), key=lambda s: (s not in won, -view["players"][s]["health"], s)
    )
    rows = []
    for seat in seats:
        player = view["players"][seat]
        tag = (
            f'<span class="tag tag-winner">{icon("crown")}{e(BOARD("winner", lang))}</span>'
            if seat in won
            else ""
        )
        rows.append(
            f'<tr data-seat="{seat}" data-winner="{_flag(seat in won)}">'
            f'<th scope="row"><span class="knight-name">{e(seat_name(scene, seat))}</span>'
            f"{tag}</th>"
            f'<td><span class="num">{player["health"]}</span></td>'
            f'<td><span class="num">{len(player["champions"])}</span></td></tr>'
        )
    return (
        f'<table class="standings"><caption>{e(BOARD("standings", lang))}</caption>'
        f'<thead><tr><th scope="col">{e(BOARD("col_player", lang))}</th>'
        f'<th scope="col">{e(BOARD("col_health", lang))}</th>'
        f'<th scope="col">{e(BOARD("col_champions", lang))}</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def knocked_out(view: dict[str, Any], events: Sequence[Any]) -> list[int]:
    """The players the last knock-out put out (the events up to it), else
    every player out: a panel shows each time someone goes out."""
    outs = [event["seat"] for event in events if event.get("type") == "out"]
    if outs:
        last = [outs[-1]]
        if view["format"] == "hydra" and len(outs) >= 2 and outs[-2] // 2 == outs[-1] // 2:
            last = outs[-2:]
        return last
    return [seat for seat, player in enumerate(view["players"]) if player["out"]]


def result_title(
    view: dict[str, Any], events: Sequence[Any], names: Sequence[str], lang: str
) -> str:
    out = knocked_out(view, events)
    named = join_names([names[s] if s < len(names) else str(s + 1) for s in out], lang)
    return BOARD("result_one" if len(out) == 1 else "result_many", lang, names=named)


def render_result(scene: Scene) -> str:
    """Someone is out (``result_key`` counts the players out): who, and the
    standings; its button goes on, or to the final standings."""
    view, lang = scene.view, scene.lang
    title = result_title(view, scene.events, scene.names, lang)
    final = view["winner"] is not None
    button = BOARD("result_final" if final else "result_next", lang)
    out = len([p for p in view["players"] if p["out"]])
    keep_board(scene)
    return (
        f'<section id="round-result" class="overlay-panel result hr-result" data-out="{out}" '
        f'data-final="{_flag(final)}" role="dialog" aria-modal="false" aria-labelledby="rr-title">'
        f'<h2 class="panel-title" id="rr-title">{e(title)}</h2>'
        f'<p class="over-sub">{e(BOARD("result_sub", lang))}</p>{_blow(scene)}'
        f"{_standings(scene)}{continue_actions(button, scene.result_button)}</section>"
    )


def _blow(scene: Scene) -> str:
    """The cards played in the turn that knocked them out."""
    view, lang = scene.view, scene.lang
    if not view["in_play"]:
        return ""
    faces = [card_face(kind_of(c).key, lang, attrs=f' data-card="{c}"') for c in view["in_play"]]
    cards = "".join(f'<li class="hr-slot">{face}</li>' for face in faces)
    words = BOARD("result_blow", lang, name=seat_name(scene, view["turn"]))
    return f'<p class="hr-blow">{e(words)}</p><ul class="hr-row hr-blow-row">{cards}</ul>'


def render_game_over(scene: Scene) -> str:
    """The end panel, and under it the final board saying who won (as a
    replay's last step draws it)."""
    title = over_title(scene.view, scene.names, scene.lang)
    return (
        '<section id="game-over" class="overlay-panel game-over hr-over" role="dialog" '
        'aria-modal="false" aria-labelledby="over-title">'
        f'<div class="trophy" aria-hidden="true">{icon("crown")}</div>'
        f'<h2 class="panel-title" id="over-title">{e(title)}</h2>{_standings(scene)}'
        f'<div class="panel-actions">{scene.over_actions_html}</div>'
        f"{scene.over_box_html}</section>{render_table(scene)}"
    )
