"""The board as HTML: a string built from a view, set once per update.

Plain Python with no browser import, so it is tested under CPython. Every name
and every text goes through ``html.escape``. Cards are drawn from the view
alone, so a card the viewer may not see is never named: another player's
hidden weapon is a card back with no id, the decks are only their sizes, the
mystery spell is a back.

Buttons carry ``data-cmd`` (what the page does on a click, see
the shell's ``Session.command``) and, for a move, ``data-act`` (the
action as JSON). Cards that were not on the previous render get the class
``arrive`` so that only they are animated (``shown`` keys, see ``Scene``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.bossquest.actions import action_to_json
from game.bossquest.cards import (
    COLOURS,
    DARK_SPELLS,
    SPELL_KINDS,
    boss_hp,
    is_potion,
    weapon_colour,
    weapon_value,
)
from game.bossquest.text import spell_effect, spell_name, weapon_text
from game.engine.client import Control, Group, Scene, dock_html, e, icon
from game.engine.dom import ActMarks, act_button, continue_actions, panel_actions
from game.engine.protocol import Event

from .board_play import BoardPlay
from .controls import active_label
from .extensions_controls import potion_reading
from .extensions_render import (
    card_value,
    fate,
    fate_tag,
    is_reaper,
    mini_potion,
    potion_card,
    reserve_zone,
    result_verdicts,
    seat_companion,
    seen_mystery,
)
from .extensions_strings import xtr
from .latest import Recent, recent
from .play_strings import ptr
from .strings import tr
from .summary import RoundSummary, game_title, round_summary, standings

__all__ = [
    "Scene",
    "render_game_over",
    "render_result",
    "render_table",
    "spell_card",
    "weapon_back",
    "weapon_card",
]

STARTING_HEARTS = 3


# ------------------------------------------------------------------- cards


def weapon_card(
    card: int,
    lang: str,
    *,
    hidden: str = "",
    arrive: str = "",
    label: str = "",
    reading: int | None = None,
) -> str:
    """A weapon face: colour, symbol and value. `hidden`: "own", "known" or
    "revealed" when it is (or was) a hidden weapon. A potion is a card of its
    own (``extensions_render.potion_card``) with its `reading` (0: unread,
    None: not known here)."""
    flag = ""
    attrs = ""
    if hidden:
        attrs = f' data-hidden="{hidden}"'
        flag = f'<span class="wcard-flag">{icon("eye-off")}{e(tr("hidden_mark", lang))}</span>'
    if is_potion(card):
        return potion_card(
            card, reading, lang, hidden=hidden, arrive=arrive, label=label, flag=flag
        )
    colour = COLOURS[weapon_colour(card)]
    value = weapon_value(card)
    text = label or weapon_text(card, lang)
    return (
        f'<span class="wcard{arrive}" data-card="{card}" data-color="{colour}" '
        f'data-value="{value}"{attrs} role="img" aria-label="{e(text)}">'
        f'<span class="wcard-corner" aria-hidden="true">{value}</span>'
        f'<span class="wcard-pip" aria-hidden="true"></span>'
        f'<span class="wcard-value" aria-hidden="true">{value}</span>{flag}</span>'
    )


def weapon_back(lang: str, arrive: str = "") -> str:
    """Another player's hidden weapon: a back, with no id."""
    return (
        f'<span class="wcard wcard-back{arrive}" data-hidden="back" role="img" '
        f'aria-label="{e(tr("hidden_weapon", lang))}"></span>'
    )


def spell_card(card: int, lang: str, arrive: str = "", *, tag: str = "div", play: str = "") -> str:
    """A spell face; `play`: its buttons (Activate, Discard) when it is a control."""
    kind = SPELL_KINDS[card]
    tone = "dark" if kind in DARK_SPELLS else "light"
    # a card to look at is one picture with one name (a button is named by its
    # text); a card with buttons is a group, named the same way
    role = "group" if play else "img"
    named = (
        f' role="{role}" aria-label="{e(spell_name(card, lang))}: {e(spell_effect(card, lang))}"'
        if tag == "div"
        else ""
    )
    foot = f'<span class="scard-play">{play}</span>' if play else ""
    return (
        f'<{tag} class="scard{arrive}" data-spell="{card}" data-kind="{e(kind)}"{named} '
        f'data-tone="{tone}" title="{e(tr(tone + "_spell", lang))}">'
        f'<span class="scard-name">{e(spell_name(card, lang))}</span>'
        f'<span class="scard-text">{e(spell_effect(card, lang))}</span>{foot}</{tag}>'
    )


def mystery_card(lang: str, arrive: str = "", seen: int | None = None, play: str = "") -> str:
    """The face-down mystery spell; its face when an owl showed it to the viewer.
    `play`: its buttons (Activate, Discard, unseen) when it is a control."""
    foot = f'<span class="scard-play">{play}</span>' if play else ""
    if seen is not None:
        kind = SPELL_KINDS[seen]
        tone = "dark" if kind in DARK_SPELLS else "light"
        mark = xtr("mystery_seen_mark", lang)
        return (
            f'<div class="scard{arrive}" data-mystery="seen" data-spell="{seen}" '
            f'data-kind="{e(kind)}" data-tone="{tone}" title="{e(xtr("mystery_seen", lang))}">'
            f'<span class="scard-seen">{icon("eye-off")}{e(tr("mystery", lang))} · {e(mark)}'
            f'</span><span class="scard-name">{e(spell_name(seen, lang))}</span>'
            f'<span class="scard-text">{e(spell_effect(seen, lang))}</span>{foot}</div>'
        )
    role = "group" if play else "img"
    return (
        f'<div class="scard scard-back{arrive}" data-mystery="true" role="{role}" '
        f'aria-label="{e(tr("mystery", lang))}, {e(tr("mystery_back", lang))}">'
        f'<span class="scard-q" aria-hidden="true">?</span>'
        f'<span class="scard-name" aria-hidden="true">{e(tr("mystery", lang))}</span>'
        f"{foot}</div>"
    )


def active_chip(
    spell: dict[str, Any], names: Sequence[str], lang: str, arrive: str = "", play: str = ""
) -> str:
    """A spell in play; `play`: the button that cancels it, on a cancel's turn."""
    kind = spell["kind"]
    tone = "dark" if kind in DARK_SPELLS else "light"
    label = active_label(spell, names, lang)
    text = f"<span>{e(label)}</span>{play}" if play else e(label)
    return (
        f'<li class="spell-chip{arrive}" data-spell="{spell["card"]}" data-kind="{e(kind)}" '
        f'data-tone="{tone}" title="{e(spell_effect(spell["card"], lang))}">{text}</li>'
    )


def hearts(n: int, lang: str) -> str:
    marks = "".join(
        icon("heart", "full" if i < n else "empty") for i in range(max(STARTING_HEARTS, n))
    )
    label = tr.plural("hearts_aria_one", "hearts_aria_many", n, lang)
    return (
        f'<span class="hearts" data-hearts="{n}" role="img" aria-label="{e(label)}">{marks}</span>'
    )


def keys(n: int, goal: int, lang: str) -> str:
    marks = "".join(icon("key", "full" if i < n else "empty") for i in range(max(goal, n)))
    label = tr.plural("keys_aria_one", "keys_aria_many", n, lang, max=goal)
    return f'<span class="keys" data-keys="{n}" role="img" aria-label="{e(label)}">{marks}</span>'


def boss_card(boss: int, hp: int, printed: int, lang: str, arrive: str = "") -> str:
    reaper = is_reaper(boss)
    title = xtr("reaper", lang) if reaper else tr("boss", lang)
    aria = (xtr if reaper else tr)(
        "reaper_boss_aria" if reaper else "boss_aria", lang, hp=hp, printed=printed
    )
    art = icon("scythe", "boss-art") if reaper else icon("boss", "boss-art")
    delta = hp - printed
    detail = e(tr("printed_hp", lang, hp=printed))
    if delta:
        sign = "+" if delta > 0 else "−"
        detail += f" · <b>{e(tr('spells_delta', lang, delta=f'{sign}{abs(delta)}'))}</b>"
    changed = ' data-changed="up"' if delta > 0 else ' data-changed="down"' if delta < 0 else ""
    return (
        f'<div class="boss-card{arrive}" data-boss="{boss}" data-hp="{hp}"{changed} '
        f'data-reaper="{str(reaper).lower()}" role="img" aria-label="{e(aria)}">'
        f'<span class="boss-title" aria-hidden="true">{e(title)}</span>'
        f"{art}"
        f'<span class="boss-hp" aria-hidden="true">{hp}</span>'
        f'<span class="boss-hp-label" aria-hidden="true">{e(tr("hit_points", lang))}</span>'
        f'<span class="boss-printed" aria-hidden="true">{detail}</span></div>'
    )


# ------------------------------------------------------------------- table


def render_table(scene: Scene) -> str:
    """The board in play: bar, boss, Magician, the dock, the seats and the log."""
    view = scene.view
    play = BoardPlay(scene)
    news = recent(scene.events, view["round"], scene.lang)
    parts = [
        f'<div id="table" class="table bq" data-game="bossquest" data-players="{view["players"]}">',
        _bar(scene),
        '<div class="table-main">',
        _arena(scene, play, news),
        _seats(scene, play, news),
        "</div>",
        '<div class="table-side">',
        _dock(scene),
        scene.log_html,
        "</div>",
        "</div>",
    ]
    return "".join(parts)


def _bar(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    decks = [
        ("deck_weapons", view["weapon_deck"], "weapons"),
        ("deck_spells", view["spell_deck"], "spells"),
        ("deck_bosses", view["boss_deck"], "bosses"),
    ]
    deck_items = "".join(
        f'<li class="deck" data-deck="{name}" '
        f'aria-label="{e(tr("deck_count_aria", lang, what=tr(key, lang), n=n))}">'
        f'<span class="deck-pile" aria-hidden="true"></span>'
        f'<span class="deck-n" aria-hidden="true">{n}</span>'
        f'<span class="deck-name" aria-hidden="true">{e(tr(key, lang))}</span></li>'
        for key, n, name in decks
    )
    return (
        '<div class="table-bar">'
        f'<h2 class="visually-hidden">{e(tr("board_title", lang))}</h2>'
        f'<span class="chip chip-round">{e(tr("round", lang, n=view["round"]))}</span>'
        f'<span class="chip chip-goal">{icon("key")}'
        f"{e(tr('goal', lang, n=view['keys_to_win']))}</span>"
        f'<ul class="decks" aria-label="{e(tr("decks", lang))}">{deck_items}</ul>'
        f"{scene.bar_html}{scene.box_html}</div>"
    )


def _chips(scene: Scene, spells: Sequence[dict[str, Any]], play: BoardPlay, news: Recent) -> str:
    rnd = scene.view["round"]
    return "".join(
        active_chip(
            s,
            scene.names,
            scene.lang,
            scene.mark(f"r{rnd}:active:{s['card']}") + news.spell_class(s["card"]),
            play.buttons(f"active:{s['card']}"),
        )
        for s in spells
    )


def _arena(scene: Scene, play: BoardPlay, news: Recent) -> str:
    view, lang, names = scene.view, scene.lang, scene.names
    rnd = view["round"]
    boss = view["boss"]
    beside = [s for s in view["active"] if s["target"] < 0]
    chips = _chips(scene, beside, play, news)
    if not chips:
        chips = f'<li class="spell-chip empty">{e(tr("no_spell_in_play", lang))}</li>'
    offer = "".join(
        spell_card(
            card,
            lang,
            scene.mark(f"r{rnd}:offer:{card}") + news.spell_class(card),
            play=play.buttons(f"spell:{card}"),
        )
        for card in view["offer"]
    )
    # how many cards, for app.css to lay them out in balanced rows
    count = len(view["offer"]) + (1 if view["mystery"] else 0)
    if view["mystery"]:
        offer += mystery_card(
            lang, scene.mark(f"r{rnd}:mystery"), seen_mystery(view), play.buttons("mystery")
        )
    if not offer:
        offer = f'<p class="empty-note">{e(tr("no_spell_left", lang))}</p>'
    visitors = "".join(
        f'<li class="pawn{scene.mark(f"r{rnd}:pawn:{seat}")}{_latest_pawn(news, seat)}" '
        f'data-seat="{seat}">{icon("shield")}{e(names[seat])}</li>'
        for seat, entry in enumerate(view["seats"])
        if entry["at_magician"]
    )
    if visitors:
        visitors = (
            f'<div class="visitors"><span class="group-label">{e(tr("at_magician", lang))}</span>'
            f'<ul class="pawns">{visitors}</ul></div>'
        )
    boss_arrive = scene.mark(f"r{rnd}:boss")
    choosing = play.pending_label()
    return (
        '<div class="arena-frame"><div class="arena">'
        f'<section class="zone boss-zone" aria-label="{e(tr("boss", lang))}">'
        f"{boss_card(boss['card'], boss['hp'], boss['printed_hp'], lang, boss_arrive)}"
        f'<div class="beside"><h3 class="zone-title">{e(tr("beside_boss", lang))}</h3>'
        f'<ul class="spell-chips" id="boss-spells">{chips}</ul>'
        f"{play.row('boss', choosing)}</div></section>"
        '<section class="zone magician-zone" aria-labelledby="magician-title">'
        f'<h3 class="zone-title" id="magician-title">{icon("hat")}{e(tr("magician", lang))}</h3>'
        f'<div class="offer" id="offer" data-count="{count}">{offer}</div>'
        f"{play.row('magician')}{visitors}</section>"
        f"{reserve_zone(view, lang, play.row('reserve', choosing))}</div></div>"
    )


def _latest_pawn(news: Recent, seat: int) -> str:
    """The pawn of a knight who has just gone to the Magician."""
    moved = news.latest_seat == seat and news.last.get(seat, ("", ""))[0] == "visit"
    return " latest" if moved else ""


def _seats(scene: Scene, play: BoardPlay, news: Recent) -> str:
    view, lang, names = scene.view, scene.lang, scene.names
    items = "".join(_seat(scene, seat, play, news) for seat in range(view["players"]))
    return (
        f'<section class="seats-zone" aria-label="{e(tr("players", lang))}">'
        f'<ol class="seat-list" id="board-seats">{items}</ol></section>'
        if names
        else ""
    )


def _seat(scene: Scene, seat: int, play: BoardPlay, news: Recent) -> str:
    view, lang, names = scene.view, scene.lang, scene.names
    entry = view["seats"][seat]
    rnd = view["round"]
    you = view["seat"] == seat
    turn = view["to_act"] == seat
    armorer = view["armorer"] == seat
    place = "magician" if entry["at_magician"] else "armorer"
    name = names[seat]
    tags = []
    if you:
        tags.append(f'<span class="tag tag-you">{e(tr("you", lang))}</span>')
    level = scene.levels[seat] if seat < len(scene.levels) else ""
    # the level in the words the menu and the lobby use (the game's declared ones)
    level_word = scene.level_words[seat] if seat < len(scene.level_words) else ""
    if scene.kinds[seat] == "bot" and level and level_word:
        # "bot · Hard"; narrow screens show the gear and the level alone
        word = f'<span class="tag-word">{e(tr("bot", lang))} ·</span>'
        tags.append(
            f'<span class="tag tag-bot" data-level="{e(level)}">{icon("gear")}{word}'
            f"{e(level_word)}</span>"
        )
    elif scene.kinds[seat] == "bot":
        tags.append(f'<span class="tag tag-bot">{icon("gear")}{e(tr("bot", lang))}</span>')
    if armorer:
        tags.append(
            f'<span class="tag tag-armorer" title="{e(tr("armorer_aria", lang, name=name))}">'
            f"{icon('anvil')}{e(tr('armorer', lang))}</span>"
        )
    tags.append(fate_tag(view, seat, lang))
    if turn:
        key = "your_turn_tag" if you else "playing"
        tags.append(f'<span class="tag tag-turn">{e(tr(key, lang))}</span>')
    place_text = tr("at_magician" if entry["at_magician"] else "at_armorer", lang)
    place_icon = icon("hat" if entry["at_magician"] else "anvil")

    cards: list[str] = []
    hidden = entry["hidden"]
    if hidden is None and entry["weapons"] > len(entry["visible"]):
        cards.append(weapon_back(lang, scene.mark(f"r{rnd}:s{seat}:back")))
    elif hidden is not None:
        kind = "own" if you else "known"
        label = tr("your_hidden" if you else "known_hidden", lang, card=weapon_text(hidden, lang))
        face = weapon_card(
            hidden,
            lang,
            hidden=kind,
            label=label,
            arrive=scene.mark(f"r{rnd}:s{seat}:h{hidden}") + news.weapon_class(hidden),
            reading=potion_reading(view, hidden),
        )
        cards.append(_with_play(face, play.buttons(f"weapon:{hidden}")))
    for card in entry["visible"]:
        reading = potion_reading(view, card)
        face = weapon_card(
            card,
            lang,
            arrive=scene.mark(f"r{rnd}:s{seat}:{card}:{reading}") + news.weapon_class(card),
            reading=reading,
        )
        cards.append(_with_play(face, play.buttons(f"weapon:{card}")))
    spells = [s for s in view["active"] if s["target"] == seat]
    spell_list = ""
    if spells:
        chips = _chips(scene, spells, play, news)
        spell_list = (
            '<ul class="spell-chips seat-spells" '
            f'aria-label="{e(tr("spells_on", lang, name=name))}">{chips}</ul>'
        )
    if you and "you" in view:
        foot = _strength_line(view, lang, compact=True)
    else:
        shown = sum(card_value(view, card) for card in entry["visible"])
        shown += _spell_delta(view, seat)
        if hidden is not None or entry["weapons"] == len(entry["visible"]):
            extra = 0 if hidden is None else card_value(view, hidden)
            total = tr("strength_n", lang, n=shown + extra)
        else:
            total = tr("shown_total", lang, n=shown)
        foot = f'<span class="seat-total">{e(total)}</span>'
    flags = (
        f' data-you="{str(you).lower()}" data-turn="{str(turn).lower()}"'
        f' data-armorer="{str(armorer).lower()}" data-place="{place}"'
        f' data-kind="{e(scene.kinds[seat])}"'
    )
    if scene.kinds[seat] == "bot" and level:
        flags += f' data-level="{e(level)}"'
    if fate(view, seat):
        flags += f' data-fate="{fate(view, seat)}"'
    if news.latest_seat == seat:
        flags += ' data-latest="true"'
    mine = ""
    if you:
        mine = play.row("ask", ptr("board_ask", lang)) + play.row(
            "destiny", ptr("board_destiny", lang)
        )
    aimed = play.row(f"seat:{seat}", play.pending_label())
    power = play.row("companion", ptr("board_power", lang)) if you else ""
    return (
        f'<li class="seat-panel" data-seat="{seat}"{scene.seat_attrs.get(seat, "")}{flags}>'
        f'<div class="seat-head"><span class="knight-name">{e(name)}</span>{"".join(tags)}'
        f"{scene.seat_badges_html.get(seat, '')}</div>"
        '<div class="seat-stats">'
        f"{hearts(entry['hearts'], lang)}{keys(entry['keys'], view['keys_to_win'], lang)}"
        f'<span class="place" data-place="{place}">{place_icon}{e(place_text)}</span></div>'
        f'<div class="hand" role="group" aria-label="{e(tr("weapons_aria", lang, name=name))}">'
        f"{''.join(cards)}</div>{mine}{aimed}"
        f"{spell_list}{seat_companion(view, seat, lang, power)}"
        f'<div class="seat-foot">{foot}</div>{_last_move(news, seat, lang)}</li>'
    )


def _with_play(card: str, play: str) -> str:
    """A weapon card with the buttons that act on it, or the card alone."""
    if not play:
        return card
    return f'<span class="card-slot">{card}<span class="card-play">{play}</span></span>'


def _last_move(news: Recent, seat: int, lang: str) -> str:
    """What the knight did last this round, on their seat."""
    if seat not in news.last:
        return ""
    kind, line = news.last[seat]
    return (
        f'<p class="seat-last" data-last="{e(kind)}">'
        f'<span class="seat-last-label">{e(ptr("last_label", lang))}</span> {e(line)}</p>'
    )


def _spell_delta(view: dict[str, Any], seat: int) -> int:
    """What the strength spells in front of `seat` add (or take away)."""
    delta = 0
    for spell in view["active"]:
        if spell["target"] == seat and spell["kind"] == "strength_up":
            delta += spell["amount"]
        elif spell["target"] == seat and spell["kind"] == "strength_down":
            delta -= spell["amount"]
    return delta


def _strength_line(view: dict[str, Any], lang: str, compact: bool = False) -> str:
    strength = view["you"]["strength"]
    hp = view["boss"]["hp"]
    gap = hp - strength
    if gap > 0:
        state, note = "below", tr("gap_below", lang, n=gap)
    elif gap == 0:
        state, note = "exact", tr("gap_exact", lang)
    else:
        state, note = "over", tr("gap_over", lang, n=-gap)
    cls = "strength strength-compact" if compact else "strength"
    ident = "" if compact else ' id="your-strength"'
    return (
        f'<div class="{cls}"{ident} data-strength="{strength}" data-hp="{hp}" data-gap="{state}">'
        f'<span class="strength-label">{e(tr("your_strength", lang))}</span>'
        f'<span class="strength-value">{strength}</span>'
        f'<span class="strength-against">{e(tr("against", lang, hp=hp))}</span>'
        f'<span class="strength-note">{e(note)}</span></div>'
    )


def _dock(scene: Scene) -> str:
    view, lang, names = scene.view, scene.lang, scene.names
    seat = view["to_act"]
    waiting = ""
    if seat is not None:
        key = "waiting_bot" if scene.kinds[seat] == "bot" else "waiting_human"
        waiting = tr(key, lang, name=names[seat])
    before = _strength_line(view, lang) if "you" in view else ""
    groups = [_group(scene, group) for group in scene.dock.groups]
    return dock_html(scene, groups, waiting, before)


def _group(scene: Scene, group: Group) -> str:
    lang = scene.lang
    head = ""
    if group.card is not None and group.key.startswith("spell-"):
        head = spell_card(group.card, lang, tag="div")
    elif group.label:
        head = f'<p class="group-label">{e(group.label)}</p>'
    note = ""
    if group.note and any(control.odds is not None for control in group.controls):
        note = f'<p class="group-note odds-note" id="odds-hint">{e(group.note)}</p>'
    elif group.note:
        note = f'<p class="group-note">{e(group.note)}</p>'
    buttons = "".join(_button(control, scene.marks) for control in group.controls)
    return (
        f'<div class="control-group" data-group="{e(group.key)}">{head}{note}'
        f'<div class="btn-row">{buttons}</div></div>'
    )


def _button(control: Control, marks: ActMarks) -> str:
    face = ""
    if control.card is not None and is_potion(control.card):
        face = mini_potion(control.card)
    elif control.card is not None:
        colour = COLOURS[weapon_colour(control.card)]
        face = (
            f'<span class="mini-card" data-color="{colour}" aria-hidden="true">'
            f"{weapon_value(control.card)}</span>"
        )
    attrs: list[tuple[str, object]] = []
    meter = ""
    if control.odds is not None:
        attrs.append(("data-odds", repr(control.odds)))
        meter = (
            f'<span class="act-odds" data-risk="{e(control.odds_risk)}" aria-hidden="true">'
            f"{e(control.odds_text)}</span>"
        )
    return act_button(
        action_to_json(control.action),
        f"{face}<span>{e(control.label)}</span>{meter}",
        css=f"btn act act-{control.tone}",
        label=control.aria,
        attrs=attrs,
        marks=marks,
    )


# --------------------------------------------------------- result, over


def render_result(scene: Scene) -> str:
    """The end of a round: every weapon revealed, who lost a heart, who won."""
    summary = round_summary(scene.view, scene.names, scene.lang)
    assert summary is not None
    readings, fates = last_fight(scene.events)
    return _result_panel(summary, scene, readings, fates)


def last_fight(events: Sequence[Event]) -> tuple[list[int], list[str]]:
    """The potions' readings and the players' fates at the last fight (its
    event): the round result shows them, the view has moved on."""
    for event in reversed(events):
        if event.get("type") == "fight":
            return list(event.get("readings", [])), list(event.get("fates", []))
    return [], []


def _result_panel(
    summary: RoundSummary, scene: Scene, readings: Sequence[int], fates: Sequence[str]
) -> str:
    lang = scene.lang
    seats = scene.view["seats"]
    goal = scene.view["keys_to_win"]
    rows = []
    for line in summary.seats:
        cards = "".join(
            weapon_card(
                card,
                lang,
                hidden="revealed" if i == 0 else "",
                reading=_fight_reading(readings, card),
            )
            for i, card in enumerate(line.weapons)
        )
        extra = result_verdicts(
            scene.view["result"]["seats"][line.seat],
            line.seat,
            fates,
            readings,
            lang,
        )
        verdicts = "".join(
            f'<li class="verdict" data-tone="{tone}">{e(text)}</li>'
            for tone, text in (*line.verdicts, *extra)
        )
        flags = (
            f' data-winner="{str(line.winner).lower()}" data-perfect="{str(line.perfect).lower()}"'
            f' data-over="{str(line.over).lower()}" data-out="{str(line.out).lower()}"'
            f' data-hearts-lost="{line.hearts_lost}" data-keys-won="{line.keys_won}"'
        )
        rows.append(
            f'<li class="rr-seat" data-seat="{line.seat}"{flags}>'
            f'<div class="rr-who"><span class="knight-name">{e(line.name)}</span>'
            f'<span class="rr-strength">{e(tr("strength_n", lang, n=line.strength))}</span>'
            f'<span class="rr-stats">{hearts(seats[line.seat]["hearts"], lang)}'
            f"{keys(seats[line.seat]['keys'], goal, lang)}</span></div>"
            f'<div class="hand">{cards}</div>'
            f'<ul class="verdicts">{verdicts}</ul></li>'
        )
    spells = ""
    if summary.spells:
        chips = "".join(f'<li class="spell-chip">{e(label)}</li>' for label in summary.spells)
        spells = (
            '<div class="rr-spells">'
            f'<span class="group-label">{e(tr("result_spells", lang))}</span>'
            f'<ul class="spell-chips">{chips}</ul></div>'
        )
    mystery = f'<p class="rr-mystery">{e(summary.mystery)}</p>' if summary.mystery else ""
    button = tr("see_final" if summary.final else "next_round", lang)
    printed = boss_hp(summary.boss)
    return (
        f'<section id="round-result" class="overlay-panel result" data-round="{summary.round}" '
        f'role="dialog" aria-modal="false" aria-labelledby="rr-title">'
        f'<h2 class="panel-title" id="rr-title">{e(summary.title)}</h2>'
        f'<div class="rr-top">{boss_card(summary.boss, summary.boss_hp, printed, lang)}'
        f'<div class="rr-headline"><p class="headline">{e(summary.headline)}</p>'
        f'<p class="rr-boss">{e(tr("result_boss", lang, hp=summary.boss_hp))}</p>'
        f"{spells}{mystery}</div></div>"
        f'<ol class="rr-seats">{"".join(rows)}</ol>'
        f"{continue_actions(button, scene.result_button)}</section>"
    )


def _fight_reading(readings: Sequence[int], card: int) -> int | None:
    """A potion's reading at the last fight, None when it is not known."""
    if not is_potion(card) or not readings:
        return None
    return potion_reading({"potions": {"readings": list(readings)}}, card) or None


def render_game_over(scene: Scene) -> str:
    view, lang, names = scene.view, scene.lang, scene.names
    rows = []
    for standing in standings(view, names):
        tag = f'<span class="tag tag-winner">{icon("crown")}{e(tr("winner", lang))}</span>'
        dead = fate_tag(view, standing.seat, lang)
        if standing.hearts == 0 and not dead:
            dead = f'<span class="tag tag-dead">{e(tr("no_heart_left", lang))}</span>'
        rows.append(
            f'<tr data-seat="{standing.seat}" data-winner="{str(standing.winner).lower()}">'
            f'<th scope="row"><span class="knight-name">{e(standing.name)}</span>'
            f"{tag if standing.winner else ''}{dead}</th>"
            f"<td>{keys(standing.keys, view['keys_to_win'], lang)}"
            f'<span class="num">{standing.keys}</span></td>'
            f"<td>{hearts(standing.hearts, lang)}"
            f'<span class="num">{standing.hearts}</span></td></tr>'
        )
    rounds = tr.plural("over_rounds_one", "over_rounds_many", view["round"], lang)
    return (
        '<section id="game-over" class="overlay-panel game-over" role="dialog" '
        'aria-modal="false" aria-labelledby="over-title">'
        f'<div class="trophy" aria-hidden="true">{icon("crown")}</div>'
        f'<h2 class="panel-title" id="over-title">{e(game_title(view, names, lang))}</h2>'
        f'<p class="over-sub">{e(rounds)}</p>'
        f'<table class="standings"><caption>{e(tr("standings", lang))}</caption>'
        f'<thead><tr><th scope="col">{e(tr("col_player", lang))}</th>'
        f'<th scope="col">{e(tr("col_keys", lang))}</th>'
        f'<th scope="col">{e(tr("col_hearts", lang))}</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
        f"{panel_actions(scene.over_actions_html)}"
        f"{scene.over_box_html}</section>"
    )
