"""Bazar Quest's board, adventure panel and end panel as HTML, from a view.

Drawn from the view alone, so a card the viewer may not see is never named:
another shop's packet and hand are counts, its window before the reveal a
row of backs. The moves the viewer may make are drawn on the cards (the item
to keep, show, sell or store, the hero to invite, the upgrade or employee to
buy) and, all of them, in the dock. The board reuses the shell's classes
(``table``, ``seat-panel``, ``chip``, ``tag``, ``dock``, ``overlay-panel``)
and scopes its own under ``.bq`` (bazarquest.css)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.engine.client import Control, Group, Scene, dock_html, e, icon
from game.engine.dom import act_button, continue_actions

from ..cards import ADVENTURES, EMPLOYEES, HEROES, ITEMS, MONSTERS, UPGRADES
from ..codec import action_to_json
from ..state import Buy, Flip, Hire, Invite, Pick, Sell, Show, Store
from .cards_html import (
    ROMAN,
    adventure_face,
    adventure_label,
    back,
    employee_face,
    employee_label,
    hero_face,
    hero_label,
    item_face,
    item_label,
    monster_face,
    monster_label,
    picture,
    upgrade_face,
    upgrade_label,
)
from .controls import ON_CARDS, price_of
from .describe import adventure_card_line, describe
from .shops import window_hearts, wounds_to_fall
from .strings import (
    adventure_name,
    coins_text,
    hero_name,
    item_name,
    join,
    monster_name,
    plural,
    points_text,
    seat_name,
    stars_text,
    tr,
)

__all__ = ["adventures_done", "over_title", "render_game_over", "render_result", "render_table"]


def adventures_done(view: Mapping[str, Any]) -> int:
    """Adventures resolved so far: this round's once the sales are over."""
    after = view["stage"] in ("upgrade", "inventory", "over")
    return int(view["round"]) - (0 if after else 1)


# ------------------------------------------------------------------ table


def render_table(scene: Scene) -> str:
    view = scene.view
    players = len(view["coins"])
    controls = _board_controls(scene)
    return (
        f'<div id="table" class="table bq" data-game="bazarquest" data-players="{players}" '
        f'data-stage="{view["stage"]}">'
        f"{_bar(scene)}"
        f'<div class="table-main">{_headline(scene)}'
        f'<div class="bq-centre">{_monster(scene)}{_heroes(scene, controls)}</div>'
        f"{_mine(scene, controls)}{_market(scene, controls)}{_seats(scene, controls)}</div>"
        f'<div class="table-side">{_dock(scene)}{scene.log_html}</div></div>'
    )


def _bar(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    decks = (
        ("items", view["item_deck"]),
        ("heroes", view["hero_deck"]),
        ("adventures", view["adventure_deck"]),
    )
    piles = "".join(
        f'<li class="deck" data-deck="{key}" aria-label="{e(tr(f"deck_{key}_aria", lang, n=n))}">'
        f'<span class="deck-pile" aria-hidden="true"></span>'
        f'<span class="deck-n" aria-hidden="true">{n}</span>'
        f'<span class="deck-name" aria-hidden="true">{e(tr(f"deck_{key}", lang))}</span></li>'
        for key, n in decks
        if not (key == "adventures" and view["unshakeable"])
    )
    stage = tr(f"stage_{view['stage']}", lang)
    return (
        '<div class="table-bar">'
        f'<h2 class="visually-hidden">{e(tr("board_title", lang))}</h2>'
        f'<span class="chip chip-round">{e(tr("round", lang, n=view["round"]))}</span>'
        f'<span class="chip bq-stage" data-stage="{view["stage"]}">{e(stage)}</span>'
        f'<ul class="decks">{piles}</ul>{scene.bar_html}{scene.box_html}</div>'
    )


def _headline(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    stage = view["stage"]
    if stage == "over":
        title = over_title(view, scene.names, lang)
        return f'<p class="headline bq-headline" role="status">{e(title)}</p>'
    text = tr(f"head_{stage}", lang)
    return f'<p class="headline bq-headline" data-stage="{stage}">{e(text)}</p>'


def _monster(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    monster = view["monster"]
    if monster is None:
        body = f'<p class="empty-note">{e(tr("no_monster", lang))}</p>'
    else:
        face = monster_face(monster, view["wounds"], wounds_to_fall(view), lang)
        body = picture(face, monster_label(monster, lang), ' data-role="monster"')
    levels = view["levels_left"]
    left = (
        tr("monsters_left", lang, levels=", ".join(ROMAN[level] for level in levels))
        if levels
        else tr("last_monster", lang)
    )
    return (
        '<section class="zone bq-monster-zone" aria-labelledby="bq-monster">'
        f'<h3 class="zone-title" id="bq-monster">{e(tr("monster_zone", lang))}</h3>'
        f'{body}<p class="bq-note">{e(left)}</p></section>'
    )


Controls = dict[str, list[Control]]
"""The viewer's moves by what they are drawn on: "pick:<item>", "hero:<id>", ..."""


def _board_controls(scene: Scene) -> Controls:
    found: Controls = {}
    for group in scene.dock.groups:
        if group.key not in ON_CARDS:
            continue
        for control in group.controls:
            action = control.action
            if isinstance(action, Pick | Show | Store | Sell):
                key = f"item:{action.item}"
            elif isinstance(action, Invite):
                key = f"hero:{action.hero}"
            elif isinstance(action, Buy | Flip):
                key = f"upgrade:{action.upgrade}"
            elif isinstance(action, Hire):
                key = f"employee:{action.employee}"
            else:
                continue
            found.setdefault(key, []).append(control)
    return found


def _card(scene: Scene, controls: Controls, key: str, face: str, label: str) -> str:
    """A card as a button when the viewer's one move on it is drawn there,
    else as a picture (a card with two moves, a sale to either of two heroes,
    keeps them in the dock)."""
    moves = controls.get(key, [])
    if len(moves) != 1:
        return picture(face, label)
    control = moves[0]
    return act_button(
        action_to_json(control.action),
        face + f'<span class="bq-do">{e(control.label)}</span>',
        css="bq-slot bq-act",
        label=f"{control.label}. {label}",
        on_board=True,
        marks=scene.marks,
    )


def _heroes(scene: Scene, controls: Controls) -> str:
    view, lang = scene.view, scene.lang
    purses = view["purses"]
    cards = (
        "".join(
            _card(
                scene,
                controls,
                f"hero:{hero}",
                hero_face(hero, purses[str(hero)], lang),
                hero_label(hero, purses[str(hero)], lang),
            )
            for hero in view["center"]
        )
        or f'<p class="empty-note">{e(tr("no_hero", lang))}</p>'
    )
    return (
        '<section class="zone bq-heroes-zone" aria-labelledby="bq-heroes">'
        f'<h3 class="zone-title" id="bq-heroes">{e(tr("heroes_zone", lang))}</h3>'
        f'<div class="bq-row">{cards}</div></section>'
    )


def _items(scene: Scene, controls: Controls, items: Sequence[int]) -> str:
    lang = scene.lang
    return (
        "".join(
            _card(scene, controls, f"item:{item}", item_face(item, lang), item_label(item, lang))
            for item in items
        )
        or f'<span class="empty-note">{e(tr("empty", lang))}</span>'
    )


def _mine(scene: Scene, controls: Controls) -> str:
    """The viewer's own shop: its packet and pick, hand, window and storage."""
    view, lang = scene.view, scene.lang
    seat = view["seat"]
    if seat is None or view["hand"] is None:
        return ""
    parts = []
    if view["packet"]:
        pick = view["pick"]
        note = (
            tr("your_pick", lang, item=item_name(pick, lang))
            if pick is not None
            else tr("packet_help", lang)
        )
        parts.append(_shelf("packet", tr("packet", lang), _items(scene, controls, view["packet"]),
                            note))  # fmt: skip
    hand_key = "drafted" if view["stage"] == "draft" else "hand"
    if view["hand"] or view["stage"] != "draft":
        parts.append(_shelf("hand", tr(hand_key, lang), _items(scene, controls, view["hand"])))
    if view["my_window"]:
        parts.append(
            _shelf("window", tr("your_window", lang), _items(scene, controls, view["my_window"]))
        )
    if view["storage"]:
        parts.append(
            _shelf("storage", tr("storage", lang), _items(scene, controls, view["storage"]))
        )
    return (
        f'<section class="zone bq-mine" aria-labelledby="bq-mine" data-seat="{seat}">'
        f'<h3 class="zone-title" id="bq-mine">{e(tr("your_shop", lang))}</h3>'
        f"{''.join(parts)}</section>"
    )


def _shelf(key: str, title: str, cards: str, note: str = "") -> str:
    extra = f'<p class="bq-note">{e(note)}</p>' if note else ""
    return (
        f'<div class="bq-shelf" data-shelf="{key}"><h4 class="bq-shelf-title">{e(title)}</h4>'
        f'{extra}<div class="bq-row">{cards}</div></div>'
    )


def _market(scene: Scene, controls: Controls) -> str:
    """The upgrades for sale, and the employees on offer in the upgrade phase."""
    view, lang = scene.view, scene.lang
    upgrade_cards = "".join(
        _card(
            scene,
            controls,
            f"upgrade:{card}",
            upgrade_face(card, False, lang, _price(view, Buy(card))),
            upgrade_label(card, False, lang),
        )
        for card in view["upgrades"]
    )
    staff = "".join(
        _card(
            scene,
            controls,
            f"employee:{card}",
            employee_face(card, lang, _price(view, Hire(card))),
            employee_label(card, lang),
        )
        for card in view["offer"]
    )
    shelves = _shelf("upgrades", tr("upgrades_sale", lang), upgrade_cards) if upgrade_cards else ""
    if staff:
        shelves += _shelf("employees", tr("employees_sale", lang), staff)
    if not shelves:
        return ""
    open_ = " open" if view["stage"] == "upgrade" else ""
    count = len(view["upgrades"]) + len(view["offer"])
    return (
        f'<details class="zone bq-market"{open_}>'
        f'<summary class="zone-title">{e(tr("market", lang, n=count))}</summary>{shelves}'
        "</details>"
    )


def _price(view: Mapping[str, Any], action: Buy | Hire) -> int:
    if view["seat"] is not None:
        return price_of(view, action)
    if isinstance(action, Buy):
        return UPGRADES[action.upgrade].price
    return EMPLOYEES[action.employee].price


# ------------------------------------------------------------------ shops


def _seats(scene: Scene, controls: Controls) -> str:
    view = scene.view
    order = list(view["order"]) if view["order"] else list(range(len(view["coins"])))
    items = "".join(_seat(scene, seat, controls) for seat in order)
    note = ""
    if view["order"]:
        names = ", ".join(seat_name(scene.names, seat) for seat in view["order"])
        note = f'<p class="bq-note bq-order">{e(tr("order", scene.lang, names=names))}</p>'
    return (
        f'<section class="seats-zone" aria-label="{e(tr("players", scene.lang))}">{note}'
        f'<ol class="seat-list" id="board-seats">{items}</ol></section>'
    )


def _simultaneous(stage: str) -> bool:
    return stage in ("draft", "display", "sell", "inventory")


def _tags(scene: Scene, seat: int) -> str:
    view, lang = scene.view, scene.lang
    you = view["seat"] == seat
    kind = scene.kinds[seat] if seat < len(scene.kinds) else "human"
    level = scene.level_words[seat] if seat < len(scene.level_words) else ""
    tags = []
    if you:
        tags.append(f'<span class="tag tag-you">{e(tr("you", lang))}</span>')
    if kind == "bot":
        word = tr("bot", lang) + (f" · {level}" if level else "")
        tags.append(f'<span class="tag tag-bot">{icon("gear")}{e(word)}</span>')
    if view["quest"] == seat:
        tags.append(
            f'<span class="tag bq-quest" title="{e(tr("quest_aria", lang))}">'
            f'<span class="bq-quest-icon" aria-hidden="true"></span>{e(tr("quest_tag", lang))}'
            "</span>"
        )
    stage = view["stage"]
    acting = seat in view["to_act"]
    if _simultaneous(stage):
        key = "choosing_tag" if acting else ("chosen_tag" if stage == "draft" else "done_tag")
        state = "acting" if acting else "done"
        tags.append(f'<span class="tag bq-status" data-status="{state}">{e(tr(key, lang))}</span>')
    elif acting:
        key = "your_turn_tag" if you else "turn_tag"
        tags.append(f'<span class="tag tag-turn">{e(tr(key, lang))}</span>')
    return "".join(tags)


def _score(scene: Scene, seat: int) -> str:
    view, lang = scene.view, scene.lang
    coins, stars, points = view["coins"][seat], view["stars"][seat], view["points"][seat]
    words = tr(
        "score_aria",
        lang,
        name=seat_name(scene.names, seat),
        coins=coins_text(coins, lang),
        stars=stars_text(stars, lang),
        points=points_text(points, lang),
    )
    return (
        f'<div class="seat-stats bq-score" role="group" aria-label="{e(words)}">'
        f'<span class="chip bq-coins" data-coins="{coins}" aria-hidden="true">{coins}</span>'
        f'<span class="chip bq-stars" data-stars="{stars}" aria-hidden="true">{stars}</span>'
        f'<span class="chip bq-points" data-points="{points}" aria-hidden="true">'
        f"{e(points_text(points, lang))}</span></div>"
    )


def _window(scene: Scene, seat: int) -> str:
    view, lang = scene.view, scene.lang
    name = seat_name(scene.names, seat)
    if view["windows"] is not None:
        window = view["windows"][seat]
        cards = "".join(
            picture(item_face(i, lang, small=True), item_label(i, lang)) for i in window
        )
    elif seat == view["seat"] and view["my_window"] is not None:
        window = view["my_window"]
        cards = "".join(
            picture(item_face(i, lang, small=True), item_label(i, lang)) for i in window
        )
    else:
        window = []
        cards = back(lang) * view["window_sizes"][seat]
    if not cards:
        cards = f'<span class="empty-note">{e(tr("window_empty", lang))}</span>'
    pull = ""
    if window and (view["windows"] is not None):
        hearts = window_hearts(view, seat, window)
        price = sum(ITEMS[i].price for i in window)
        words = tr("window_pull_aria", lang, hearts=hearts, price=price)
        pull = (
            f'<span class="bq-pull" role="img" aria-label="{e(words)}">'
            f'<span class="bq-stat bq-heart" aria-hidden="true">{hearts}</span>'
            f'<span class="bq-stat bq-price" aria-hidden="true">{price}</span></span>'
        )
    return (
        f'<div class="bq-window" role="group" aria-label="{e(tr("window_of", lang, name=name))}">'
        f"{pull}{cards}</div>"
    )


def _guests(scene: Scene, seat: int) -> str:
    view, lang = scene.view, scene.lang
    heroes = view["guests"][seat]
    if not heroes:
        return ""
    rows = []
    for hero in heroes:
        purse = view["purses"][str(hero)]
        gear = view["gear"].get(str(hero), [])
        carried = (
            "".join(picture(item_face(i, lang, small=True), item_label(i, lang)) for i in gear)
            if gear
            else f'<span class="empty-note">{e(tr("carries_nothing", lang))}</span>'
        )
        card = picture(hero_face(hero, purse, lang), hero_label(hero, purse, lang))
        rows.append(f'<div class="bq-guest">{card}<div class="bq-gear">{carried}</div></div>')
    name = seat_name(scene.names, seat)
    return (
        f'<div class="bq-guests" role="group" aria-label="{e(tr("heroes_of", lang, name=name))}">'
        f"{''.join(rows)}</div>"
    )


def _owned(scene: Scene, seat: int, controls: Controls) -> str:
    view, lang = scene.view, scene.lang
    cards = [
        _card(
            scene,
            controls if seat == view["seat"] else {},
            f"upgrade:{card}",
            upgrade_face(card, card in view["flipped"], lang),
            upgrade_label(card, card in view["flipped"], lang),
        )
        for card in view["owned"][seat]
    ]
    cards += [
        picture(employee_face(card, lang), employee_label(card, lang))
        for card in view["staff"][seat]
    ]
    if not cards:
        return ""
    return f'<div class="bq-row bq-owned">{"".join(cards)}</div>'


def _seat(scene: Scene, seat: int, controls: Controls) -> str:
    view, lang = scene.view, scene.lang
    name = seat_name(scene.names, seat)
    you = view["seat"] == seat
    hand = tr("hand_count", lang, n=view["hand_sizes"][seat])
    storage = tr("storage_count", lang, n=view["storage_sizes"][seat])
    counts = f'<span class="bq-count">{e(hand)}</span><span class="bq-count">{e(storage)}</span>'

    return (
        f'<li class="seat-panel bq-shop" data-seat="{seat}"{scene.seat_attrs.get(seat, "")} '
        f'data-you="{str(you).lower()}" data-turn="{str(seat in view["to_act"]).lower()}" '
        f'data-quest="{str(view["quest"] == seat).lower()}">'
        f'<div class="seat-head"><span class="knight-name">{e(name)}</span>{_tags(scene, seat)}'
        f"{scene.seat_badges_html.get(seat, '')}</div>"
        f"{_score(scene, seat)}"
        f'<div class="bq-counts">{counts}</div>'
        f"{_window(scene, seat)}{_guests(scene, seat)}{_owned(scene, seat, controls)}</li>"
    )


# ------------------------------------------------------------------- dock


def _dock(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    if view["stage"] == "over":
        waiting = tr("waiting_over", lang)
    else:
        names = [seat_name(scene.names, seat) for seat in view["to_act"]]
        waiting = tr("waiting", lang, names=join(names, lang))
    groups = scene.dock.groups
    # The moves drawn on the cards fold in the dock when another group stays
    # open, which comes first: the focus and the Tab key always find a move.
    folded = [g for g in groups if g.key in ON_CARDS and len(g.controls) > 2]
    if len(folded) == len(groups):
        folded = []
    shown = [g for g in groups if g not in folded]
    drawn = [_group(scene, g, False) for g in shown] + [_group(scene, g, True) for g in folded]
    return dock_html(scene, drawn, waiting)


def _group(scene: Scene, group: Group, fold: bool) -> str:
    buttons = "".join(
        act_button(
            action_to_json(control.action),
            f"<span>{e(control.label)}</span>",
            css=f"btn act act-{control.tone}",
            label=control.aria,
            marks=scene.marks,
        )
        for control in group.controls
    )
    if fold:
        return (
            f'<details class="control-group bq-fold" data-group="{e(group.key)}">'
            f'<summary class="group-label">{e(group.label)} ({len(group.controls)})</summary>'
            f'<div class="btn-row">{buttons}</div></details>'
        )
    head = f'<p class="group-label">{e(group.label)}</p>' if group.label else ""
    return (
        f'<div class="control-group" data-group="{e(group.key)}">{head}'
        f'<div class="btn-row">{buttons}</div></div>'
    )


# -------------------------------------------------------------- adventure


def _last_adventure(events: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The events of the last adventure, from its start to the upgrades or the end."""
    start = max((i for i, ev in enumerate(events) if ev["type"] == "adventure"), default=None)
    if start is None:
        return []
    found = []
    for event in events[start:]:
        if event["type"] in ("upgrades", "inventory"):
            break
        found.append(event)
    return found


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n).replace("-", "\u2212")


def _parts(event: Mapping[str, Any], key: str, lang: str) -> str:
    """Where a fight's attack or defence comes from: the hero's own, the
    adventure card's, and the rest (items, employees, powers)."""
    hero = getattr(HEROES[event["hero"]], key)
    card = event["adventure"]
    if card is None:
        rest = event[key] - hero
        return tr("fight_parts_no_card", lang, hero=hero, rest=_signed(rest))
    modifier = getattr(ADVENTURES[card], key)
    rest = event[key] - hero - modifier
    return tr("fight_parts", lang, hero=hero, card=_signed(modifier), rest=_signed(rest))


def _fight_step(event: Mapping[str, Any], names: Sequence[str], lang: str, n: int) -> str:
    shop = seat_name(names, event["seat"])
    hero = hero_name(event["hero"], lang)
    drawn = list(event["drawn"])
    if event["adventure"] is None:
        card = tr("fight_no_card", lang)
    elif len(drawn) > 1:
        cards = ", ".join(adventure_name(c, lang) for c in drawn)
        card = tr("fight_cards", lang, cards=cards, card=adventure_name(event["adventure"], lang))
    else:
        card = adventure_card_line(event, lang).rstrip(".")
    attack_key = "fight_attack_hit" if event["wounded"] else "fight_attack_miss"
    beaten = event["defence"] < event["strength"]
    defence_key = (
        "fight_defence_ok"
        if not beaten
        else "fight_defence_saved"
        if event["survived"]
        else "fight_defence_dead"
    )
    base_stars = int(event["wounded"]) + int(not beaten)
    bonus = event["stars"] - base_stars
    extra = (
        f'<span class="bq-bonus">{e(plural("bonus_star", "bonus_stars", bonus, lang))}</span>'
        if bonus > 0
        else ""
    )
    gains = []
    if event["stars"]:
        gains.append(stars_text(event["stars"], lang))
    if event["coins"]:
        gains.append(coins_text(event["coins"], lang))
    gain = tr("fight_gain", lang, shop=shop, gain=join(gains, lang) or tr("gain_none", lang))
    fate = "lives" if event["survived"] else "dies"
    hero_card = picture(hero_face(event["hero"], None, lang), hero_label(event["hero"], None, lang))
    cards = hero_card + "".join(
        picture(adventure_face(c, lang, kept=c == event["adventure"]), adventure_label(c, lang))
        for c in drawn
    )
    return (
        f'<li class="bq-step bq-fight" data-seat="{event["seat"]}" '
        f'data-hero="{event["hero"]}" data-fate="{fate}">'
        f'<span class="bq-fight-cards">{cards}</span><span class="bq-fight-text">'
        f'<span class="bq-step-n">{e(tr("step", lang, n=n + 1))}</span>'
        f'<span class="bq-fight-who">{e(tr("fight_hero", lang, hero=hero, shop=shop))}</span>'
        f'<span class="bq-fight-card">{e(card)}</span>'
        f'<span class="bq-line bq-atk" data-ok="{str(event["wounded"]).lower()}">'
        f"{e(tr(attack_key, lang, attack=event['attack'], resistance=event['resistance']))}</span>"
        f'<span class="bq-parts">{e(_parts(event, "attack", lang))}</span>'
        f'<span class="bq-line bq-def" data-ok="{str(not beaten).lower()}">'
        f"{e(tr(defence_key, lang, defence=event['defence'], strength=event['strength']))}</span>"
        f'<span class="bq-parts">{e(_parts(event, "defence", lang))}</span>{extra}'
        f'<span class="bq-fate" data-fate="{fate}">{e(tr("fight_" + fate, lang))}</span>'
        f'<span class="bq-gain">{e(gain)}</span></span></li>'
    )


def _other_step(event: Mapping[str, Any], scene: Scene, n: int) -> str:
    lines = describe(event, scene.names, scene.lang)
    return (
        f'<li class="bq-step bq-after" data-type="{event["type"]}">'
        + "".join(f"<span>{e(line)}</span>" for line in lines)
        + "</li>"
    )


def render_result(scene: Scene) -> str:
    """The last adventure, step by step: each hero's fight with its numbers,
    then what the monster did and who arrives."""
    view, lang, names = scene.view, scene.lang, scene.names
    number = adventures_done(view) or 1
    events = _last_adventure(scene.events)
    steps = []
    monster = None
    for n, event in enumerate(events[1:]):
        if event["type"] == "fight":
            steps.append(_fight_step(event, names, lang, n))
        elif event["type"] != "game_over":
            steps.append(_other_step(event, scene, n))
    if events:
        monster = events[0]["monster"]
    against = (
        tr("adventure_against", lang, monster=monster_name(monster, lang))
        if monster is not None
        else tr("no_adventure", lang)
    )
    beast = ""
    if monster is not None:
        card = MONSTERS[monster]
        beast = (
            f'<p class="bq-note">{e(tr("resistance", lang))} {card.resistance} · '
            f"{e(tr('strength', lang))} {card.strength}</p>"
        )
    button = tr("see_final" if view["stage"] == "over" else "continue", lang)
    return (
        f'<section id="round-result" class="overlay-panel result bq bq-adventure" '
        f'data-round="{number}" role="dialog" aria-modal="false" aria-labelledby="rr-title">'
        f'<h2 class="panel-title" id="rr-title">{e(tr("adventure_title", lang, n=number))}</h2>'
        f'<p class="headline">{e(against)}</p>{beast}'
        f'<ol class="bq-steps">{"".join(steps)}</ol>'
        f"{_scores_table(scene)}"
        f"{continue_actions(button, scene.result_button)}</section>"
    )


# -------------------------------------------------------------------- end


def over_title(view: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    if view["result"] == "lost":
        return tr("over_lost", lang)
    best = _winners(view)
    key = "over_won" if len(best) == 1 else "over_won_many"
    return tr(key, lang, names=join([seat_name(names, s) for s in best], lang))


def _winners(view: Mapping[str, Any]) -> list[int]:
    if view["result"] != "scored":
        return []
    seats = range(len(view["coins"]))
    top = max((view["points"][s], view["coins"][s]) for s in seats)
    return [s for s in seats if (view["points"][s], view["coins"][s]) == top]


def _scores_table(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    best = set(_winners(view))
    seats = sorted(
        range(len(view["coins"])), key=lambda s: (-view["points"][s], -view["coins"][s], s)
    )
    rows = []
    for seat in seats:
        won = seat in best
        tag = (
            f'<span class="tag tag-winner">{icon("crown")}{e(tr("winner", lang))}</span>'
            if won
            else ""
        )
        rows.append(
            f'<tr data-seat="{seat}" data-winner="{str(won).lower()}">'
            f'<th scope="row"><span class="knight-name">{e(seat_name(scene.names, seat))}</span>'
            f"{tag}</th>"
            f'<td class="num">{view["stars"][seat]}</td><td class="num">{view["coins"][seat]}</td>'
            f'<td class="num">{view["points"][seat]}</td></tr>'
        )
    return (
        f'<table class="standings bq-standings"><caption>{e(tr("standings", lang))}</caption>'
        f'<thead><tr><th scope="col">{e(tr("col_shop", lang))}</th>'
        f'<th scope="col">{e(tr("col_stars", lang))}</th>'
        f'<th scope="col">{e(tr("col_coins", lang))}</th>'
        f'<th scope="col">{e(tr("col_points", lang))}</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def render_game_over(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    title = over_title(view, scene.names, lang)
    return (
        '<section id="game-over" class="overlay-panel game-over bq bq-over" role="dialog" '
        f'aria-modal="false" aria-labelledby="over-title" data-result="{view["result"]}">'
        f'<div class="trophy" aria-hidden="true">{icon("crown")}</div>'
        f'<h2 class="panel-title" id="over-title">{e(title)}</h2>'
        f"{_scores_table(scene)}"
        f'<p class="bq-note">{e(tr("scoring", lang))}</p>'
        f'<div class="panel-actions">{scene.over_actions_html}</div>'
        f"{scene.over_box_html}</section>"
    )
