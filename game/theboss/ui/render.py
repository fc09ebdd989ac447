"""The Boss's board, round result and end of game as HTML, from a view alone.

Plain Python with no browser import. Every text goes through ``e`` (escaped).
A card the viewer may not see is never named: another hand is a row of backs
(each showing its city), a face-down city card is a back until the round's
reveal, and only a face the viewer may see carries its id (``data-card``).
A finished game's replay draws ``open_view`` (every hand and face-down card
face up, under ``view["open"]``).

The classes are the shell's (``table``, ``seat-panel``, ``dock``,
``overlay-panel``, ``standings``, ...) plus the game's own, prefixed ``tb-``
and styled by ``theboss.css`` beside this module. Buttons carry ``data-cmd``
and, for a move, ``data-act`` (the action as JSON).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.engine.client import Control, Group, Scene, dock_html, e, icon
from game.engine.dom import act_button, continue_actions, panel_actions
from game.theboss.cards import (
    CARD_CITY,
    CARD_KIND,
    CARD_VALUE,
    CHICAGO,
    CITY_CARDS,
    POLICE_AFTER_TURN,
    TURNS,
)
from game.theboss.codec import action_to_json
from game.theboss.state import Place, Play

from .chooser import chooser_html, city_tap, panel_rows
from .controls import holder
from .pieces import back, badge, card, cubes, glyph, mini, num
from .recent import Recent, recent
from .strings import (
    BOARD,
    SHORT_NAMES,
    card_text,
    chicago_text,
    city_name,
    effect_text,
    face_text,
    gangsters_text,
    join,
    money,
    ordinal,
    rounds_text,
    winners_title,
)

__all__ = ["ranking", "render_game_over", "render_result", "render_table"]


def _name(scene: Scene, seat: int) -> str:
    return scene.names[seat] if seat < len(scene.names) else f"#{seat + 1}"


def _flag(value: bool) -> str:
    return "true" if value else "false"


# ------------------------------------------------------------------- table


class _Board:
    """What one render of the table knows beyond the scene: the viewer's legal
    moves drawn on the board itself, and what just happened."""

    def __init__(self, scene: Scene) -> None:
        actions = scene.dock.actions()
        #: the cards the viewer may play now, by card id
        self.plays = {a.card: a for a in actions if isinstance(a, Play)}
        #: the placements the viewer may make now, by city
        self.places: dict[int, list[Place]] = {}
        for action in actions:
            if isinstance(action, Place):
                self.places.setdefault(action.city, []).append(action)
        self.recent: Recent = recent(scene.view, scene.previous, scene.events)
        scene.shown |= self.recent.recorded


def render_table(scene: Scene) -> str:
    """The board in play: the bar, the police, the row of cities, the gangs,
    the dock and the log; the viewer's cards and cities are controls too,
    each city's chooser drawn after the panel (the panel's buttons come first
    in the page's order)."""
    view = scene.view
    board = _Board(scene)
    return (
        f'<div id="table" class="table tb" data-game="theboss" data-players="{view["players"]}" '
        f'data-stage="{e(view["stage"])}" data-last-round="{_flag(view["last_round"])}">'
        f"{_bar(scene)}"
        f'<div class="table-main">{_arena(scene, board)}{_seats(scene, board)}</div>'
        f'<div class="table-side">{_dock(scene)}{scene.log_html}</div>'
        f"{_choosers(scene, board)}</div>"
    )


def _choosers(scene: Scene, board: _Board) -> str:
    view, lang = scene.view, scene.lang
    if view["stage"] != "place_or_play":
        return ""
    groups = {group.key: group for group in scene.dock.groups}
    html = []
    for city in view["row"]:
        offered = board.places.get(city)
        if offered:
            group = groups.get(f"place-{city}")
            note = group.note if group is not None else ""
            html.append(chooser_html(view, city, offered, lang, note, scene.marks))
    return "".join(html)


def _bar(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    if view["stage"] == "over":
        turn = BOARD("progress_over", lang)
    elif view["turn"] >= TURNS:
        turn = BOARD("last_turn", lang)
    else:
        turn = BOARD("turn", lang, n=view["turn"], of=TURNS)
    return (
        '<div class="table-bar">'
        f'<h2 class="visually-hidden">{e(BOARD("board_title", lang))}</h2>'
        f'<span class="chip chip-round">{e(BOARD("round", lang, n=view["round"]))}</span>'
        f'<span class="chip chip-goal tb-turn" data-turn="{view["turn"]}">{e(turn)}</span>'
        f"{_police_strip(view, lang)}"
        f"{scene.bar_html}{scene.box_html}</div>"
    )


def _police_strip(view: Mapping[str, Any], lang: str) -> str:
    """The police cards in the bar: the badges turned, the pile, the tallies."""
    gold, silver = view["badges"]["gold"], view["badges"]["silver"]
    shown = [BOARD(f"badge_{kind}", lang) for kind in view["police"]]
    left = BOARD.plural("police_left", "police_left_many", view["police_left"], lang)
    aria = BOARD(
        "police_aria",
        lang,
        shown=", ".join(shown) or BOARD("police_none", lang),
        left=left,
        gold=gold,
        silver=silver,
    )
    badges = "".join(badge(kind, lang) for kind in view["police"])
    pile = (
        f'<li class="tb-police-pile" data-left="{view["police_left"]}" aria-hidden="true">'
        f"{view['police_left']}</li>"
        if view["police_left"]
        else ""
    )
    return (
        f'<div class="tb-police" data-gold="{gold}" data-silver="{silver}" '
        f'data-last-round="{_flag(view["last_round"])}" role="group" aria-label="{e(aria)}" '
        f'title="{e(BOARD("police_rule", lang))}">'
        f'<span class="tb-police-name" aria-hidden="true">{e(BOARD("police", lang))}</span>'
        f'<ol class="tb-badges" aria-hidden="true">{badges}{pile}</ol>'
        f'<span class="tb-tally" aria-hidden="true">'
        f'<span data-badge="gold">{e(BOARD("tally_gold", lang, n=gold))}</span>'
        f'<span data-badge="silver">{e(BOARD("tally_silver", lang, n=silver))}</span>'
        "</span></div>"
    )


def _police_banner(scene: Scene) -> str:
    """This round's police card, turned: a banner at the top of the board for
    the rest of the round (it slides in when it has just turned)."""
    view, lang = scene.view, scene.lang
    police = view["police"]
    if (
        view["stage"] == "over"
        or not police
        or len(police) != view["round"]
        or view["turn"] <= POLICE_AFTER_TURN
    ):
        return ""
    kind = police[-1]
    gold, silver = view["badges"]["gold"], view["badges"]["silver"]
    key = "police_banner_last" if view["last_round"] else "police_banner"
    text = BOARD(key, lang, badge=BOARD(f"badge_{kind}", lang), gold=gold, silver=silver)
    arrive = scene.mark(f"police:{view['round']}:{len(police)}")
    return (
        f'<div class="tb-police-banner{arrive}" data-badge="{e(kind)}" role="note">'
        f'<ol class="tb-badges" aria-hidden="true">{badge(kind, lang)}</ol>'
        f"<p>{e(text)}</p></div>"
    )


def _arena(scene: Scene, board: _Board) -> str:
    view, lang = scene.view, scene.lang
    notes = [_police_banner(scene)]
    if view["last_round"] and view["stage"] != "over":
        notes.append(
            f'<p class="tb-note tb-last-round" role="note">{glyph("badge")}'
            f"{e(BOARD('last_round_note', lang))}</p>"
        )
    if view["last_order"] and view["stage"] != "over":
        order = " → ".join(_name(scene, seat) for seat in view["last_order"])
        notes.append(
            f'<p class="tb-note tb-order" data-order="{",".join(map(str, view["last_order"]))}">'
            f"{e(BOARD('last_order', lang, order=order))} "
            f'<span class="tb-order-rule">({e(BOARD("last_order_rule", lang))})</span></p>'
        )
    cities = "".join(_city(scene, board, city, index) for index, city in enumerate(view["row"]))
    return (
        '<div class="arena tb-arena">'
        f"{''.join(notes)}"
        '<section class="zone tb-street" aria-labelledby="tb-cities-title">'
        f'<h3 class="zone-title" id="tb-cities-title">{e(BOARD("cities", lang))}</h3>'
        f'<ol class="tb-row" aria-label="{e(BOARD("row_aria", lang))}">{cities}</ol>'
        "</section></div>"
    )


# ------------------------------------------------------------------ cities


def _city(scene: Scene, board: _Board, city: int, index: int) -> str:
    view, lang = scene.view, scene.lang
    offered = view["stage"] == "place_or_play" and bool(board.places.get(city))
    entry = view["cities"][city]
    owner = holder(entry)
    seat = view["seat"]
    banned = [who for who in range(view["players"]) if city in view["banned"][who]]
    flags = (
        f' data-city="{city}" data-chicago="{_flag(city == CHICAGO)}" data-index="{index + 1}"'
        f' data-holder="{"" if owner is None else owner}"'
        f' data-you-hold="{_flag(owner is not None and owner == seat)}"'
        f' data-banned="{",".join(map(str, banned))}" data-offered="{_flag(offered)}"'
    )
    tag = (
        f'<span class="tag tb-alcapo">{e(BOARD("alcapo", lang))}</span>' if city == CHICAGO else ""
    )
    head = (
        f'<div class="tb-city-head">{num(city)}'
        f'<h4 class="tb-city-name">{e(city_name(city))}</h4>{tag}'
        f"{city_tap(city, lang) if offered else ''}</div>"
    )
    middle = _chicago_middle(scene) if city == CHICAGO else _city_cards(scene, board, city)
    return (
        f'<li class="tb-city"{flags}>{head}{middle}{_gangs(scene, board, city, owner)}'
        f"{_banned_line(scene, city, banned)}</li>"
    )


def _hidden_face(view: Mapping[str, Any], city: int) -> tuple[int | None, str]:
    """The face of `city`'s face-down card when the viewer may see it, and how:
    "open" (a finished game's replay), "revealed" (the game is over); else
    (None, "")."""
    opened = view.get("open")
    if opened is not None and view["cities"][city]["face_down"]:
        return int(opened["hidden"][city]), "open"
    if not view["cities"][city]["face_down"] and view["result"] is not None:
        for taken in view["result"]["cities"]:
            if taken["city"] == city:
                return int(taken["card"]), "revealed"
    return None, ""


def _played_card(scene: Scene, board: _Board, city: int, c: int) -> str:
    """A card under a city: arriving (it slides in from its player's side),
    the latest move's, a player's last card (named under it)."""
    view, lang = scene.view, scene.lang
    rec = board.recent
    owner = next((seat for seat, last in rec.last.items() if last == c), None)
    arrive = scene.mark(f"r{view['round']}:c{city}:{c}")
    extra = ""
    if owner is not None:
        side = "you" if owner == view["seat"] else "them"
        extra += f' data-last-of="{owner}" data-from="{side}"'
    if rec.card == c:
        extra += ' data-latest="true"'
    face = card(c, lang, arrive=arrive, extra=extra)
    if owner is None:
        return f"<li>{face}</li>"
    label = BOARD("last_of", lang, name=_name(scene, owner))
    return (
        f'<li class="tb-last" data-seat="{owner}">{face}'
        f'<span class="tb-last-tag" data-seat="{owner}"><span class="visually-hidden">'
        f'{e(label)}</span><span aria-hidden="true">{e(_name(scene, owner))}</span></span></li>'
    )


def _city_cards(scene: Scene, board: _Board, city: int) -> str:
    view, lang = scene.view, scene.lang
    entry = view["cities"][city]
    name = city_name(city)
    face, how = _hidden_face(view, city)
    if face is None:
        down = back(city, BOARD("face_down_aria", lang, city=name), size="big")
    else:
        key = "open_aria" if how == "open" else "revealed_aria"
        down = card(
            face,
            lang,
            label=BOARD(key, lang, city=name, face=face_text(face, lang)),
            extra=f' data-hidden="{how}"',
            size="big",
        )
    played = entry["played"]
    if played:
        items = "".join(_played_card(scene, board, city, c) for c in played)
        texts = ", ".join(card_text(c, lang) for c in played)
        aria = BOARD("played_aria", lang, city=name, cards=texts)
        under = f'<ol class="tb-played" aria-label="{e(aria)}">{items}</ol>'
    else:
        under = f'<p class="tb-none">{e(BOARD("nothing_played", lang))}</p>'
    return (
        f'<div class="tb-city-cards"><div class="tb-down">{down}</div>{under}</div>'
        f"{_contents(view, city, face, lang)}"
    )


def _contents(view: Mapping[str, Any], city: int, revealed: int | None, lang: str) -> str:
    """The city's whole card list, each marked when the viewer has seen it this
    round (played under it, in their hand, revealed): what is left may be face down."""
    played = set(view["cities"][city]["played"])
    hand = set(view["hand"] or ())
    items = []
    words = []
    unseen = 0
    for c in CITY_CARDS[city]:
        seen = (
            "played"
            if c in played
            else "hand"
            if c in hand
            else "revealed"
            if c == revealed
            else ""
        )
        face = face_text(c, lang, short=True)
        unseen += not seen
        words.append(f"{face} ({BOARD('seen_' + seen, lang)})" if seen else face)
        mark = f' data-seen="{seen}" title="{e(BOARD("seen_" + seen, lang))}"' if seen else ""
        items.append(f'<li data-kind="{CARD_KIND[c]}"{mark}>{e(face)}</li>')
    aria = BOARD("contents_aria", lang, city=city_name(city), faces=", ".join(words))
    count = BOARD.plural("unseen_count", "unseen_count_many", unseen, lang)
    return (
        f'<ul class="tb-contents" aria-label="{e(aria)}" data-unseen="{unseen}" '
        f'title="{e(count)}">{"".join(items)}</ul>'
    )


def _chicago_middle(scene: Scene) -> str:
    """Chicago's stake: the last card played under each city to its left."""
    view, lang = scene.view, scene.lang
    row = view["row"]
    left = row[: row.index(CHICAGO)]
    total = 0
    items = []
    for city in left:
        played = view["cities"][city]["played"]
        if played:
            last = played[-1]
            total += CARD_VALUE[last]
            items.append(f"<li>{card(last, lang, size='small')}</li>")
        else:
            items.append(
                f'<li class="tb-empty-slot" data-city="{city}">{num(city)}'
                f'<span class="visually-hidden">{e(city_name(city))}: '
                f"{e(BOARD('no_card', lang))}</span></li>"
            )
    names = join([city_name(city) for city in left], lang)
    share = total // 2
    return (
        '<div class="tb-chicago">'
        f'<p class="tb-chicago-rule">{e(BOARD("chicago_rule", lang))}</p>'
        f'<p class="tb-chicago-left">{e(BOARD("chicago_left", lang, cities=names))}</p>'
        f'<ol class="tb-played tb-stake">{"".join(items)}</ol>'
        f'<p class="tb-chicago-pot" data-total="{total}">'
        f"{e(BOARD('chicago_pot', lang, total=money(total, lang), share=money(share, lang)))}"
        "</p></div>"
    )


def _gangs(scene: Scene, board: _Board, city: int, owner: int | None) -> str:
    view, lang = scene.view, scene.lang
    latest = board.recent.place
    mover = board.recent.seat
    entry = view["cities"][city]
    rows = []
    for seat in range(view["players"]):
        experts, occasionals = entry["experts"][seat], entry["occasionals"][seat]
        if not experts and not occasionals:
            continue
        name = _name(scene, seat)
        what = gangsters_text(experts, occasionals, lang)
        crown = ""
        if seat == owner:
            crown = (
                f'<span class="tb-crown" title="{e(BOARD("majority", lang))}">'
                f"{icon('crown')}</span>"
            )
        aria = BOARD("gang_aria", lang, name=name, what=what)
        if seat == owner:
            aria += " · " + BOARD("majority_aria", lang, name=name)
        just = latest is not None and latest[0] == city and seat == mover
        flag = ""
        if just:
            assert latest is not None
            flag = ' data-latest="true"'
            aria += " · " + BOARD(
                "just_placed", lang, what=gangsters_text(latest[1], latest[2], lang)
            )
        rows.append(
            f'<li class="tb-gang" data-seat="{seat}" data-holder="{_flag(seat == owner)}"{flag} '
            f'aria-label="{e(aria)}"><span class="tb-gang-name" aria-hidden="true">{e(name)}</span>'
            f"{cubes(seat, experts, occasionals)}"
            f'<span class="tb-gang-n" aria-hidden="true">{experts + occasionals}</span>{crown}</li>'
        )
    if not rows:
        return f'<p class="tb-none tb-nobody">{e(BOARD("nobody_here", lang))}</p>'
    return f'<ul class="tb-gangs">{"".join(rows)}</ul>'


def _banned_line(scene: Scene, city: int, banned: Sequence[int]) -> str:
    if not banned:
        return ""
    lang = scene.lang
    names = join([_name(scene, seat) for seat in banned], lang)
    markers = "".join(
        f'<span class="tb-ban" data-seat="{seat}" aria-hidden="true">{glyph("banned")}</span>'
        for seat in banned
    )
    aria = BOARD("banned_aria", lang, city=city_name(city), names=names)
    return (
        f'<p class="tb-banned" aria-label="{e(aria)}">'
        f'{markers}<span aria-hidden="true">{e(BOARD("banned_here", lang, names=names))}</span></p>'
    )


# ------------------------------------------------------------------- seats


def _seats(scene: Scene, board: _Board) -> str:
    view, lang = scene.view, scene.lang
    items = "".join(_seat(scene, board, seat) for seat in range(view["players"]))
    return (
        f'<section class="seats-zone" aria-label="{e(BOARD("players", lang))}">'
        f'<ol class="seat-list tb-seats" id="board-seats">{items}</ol></section>'
    )


def _seat(scene: Scene, board: _Board, seat: int) -> str:
    view, lang = scene.view, scene.lang
    name = _name(scene, seat)
    you = view["seat"] == seat
    turn = view["to_act"] == seat
    marker = view["marker"] == seat and view["stage"] != "over"
    kind = scene.kinds[seat] if seat < len(scene.kinds) else "human"
    level = scene.levels[seat] if seat < len(scene.levels) else ""
    # the level in the words the menu and the lobby use (the game's declared ones)
    level_word = scene.level_words[seat] if seat < len(scene.level_words) else ""
    tags = []
    if you:
        tags.append(f'<span class="tag tag-you">{e(BOARD("you", lang))}</span>')
    if kind == "bot":
        dot = " ·" if level_word else ""
        word = f'<span class="tag-word">{e(BOARD("bot", lang))}{dot}</span>'
        data = f' data-level="{e(level)}"' if level else ""
        tags.append(f'<span class="tag tag-bot"{data}>{icon("gear")}{word}{e(level_word)}</span>')
    if marker:
        tags.append(
            f'<span class="tag tag-armorer tb-marker" '
            f'title="{e(BOARD("marker_aria", lang, name=name))}">{e(BOARD("marker", lang))}</span>'
        )
    if turn:
        key = "your_turn_tag" if you else "playing"
        tags.append(f'<span class="tag tag-turn">{e(BOARD(key, lang))}</span>')
    order = view["last_order"]
    if order and seat in order and view["stage"] != "over":
        place = ordinal(order.index(seat) + 1, lang)
        tags.append(
            f'<span class="tag tb-last-place">{e(BOARD("last_place", lang, ord=place))}</span>'
        )
    flags = (
        f' data-you="{_flag(you)}" data-turn="{_flag(turn)}" data-kind="{e(kind)}"'
        f' data-marker="{_flag(marker)}" data-money="{view["money"][seat]}"'
    )
    if kind == "bot" and level:
        flags += f' data-level="{e(level)}"'
    banned = view["banned"][seat]
    banned_line = (
        f'<p class="tb-seat-banned">{glyph("banned")}'
        f"{e(BOARD('banned_from', lang, cities=join([city_name(c) for c in banned], lang)))}</p>"
        if banned
        else ""
    )
    return (
        f'<li class="seat-panel tb-seat" data-seat="{seat}"{scene.seat_attrs.get(seat, "")}{flags}>'
        f'<div class="seat-head"><span class="tb-swatch" data-seat="{seat}" aria-hidden="true">'
        f'</span><span class="knight-name">{e(name)}</span>{"".join(tags)}'
        f"{scene.seat_badges_html.get(seat, '')}</div>"
        f"{_summary(scene, board, seat)}"
        f'<div class="seat-stats tb-stats">{_money_chip(view["money"][seat], lang)}'
        f"{_pools(view, seat, lang)}{_last_card(scene, board, seat)}</div>"
        f"{_hand_hint(scene, board, seat)}{_hand(scene, board, seat)}{banned_line}</li>"
    )


def _last_card(scene: Scene, board: _Board, seat: int) -> str:
    """The seat's last card this round, small, beside its gangsters."""
    last = board.recent.last.get(seat)
    if last is None:
        return ""
    lang = scene.lang
    label = BOARD("last_card_aria", lang, card=card_text(last, lang))
    return (
        f'<span class="tb-seat-last" data-card="{last}" role="img" aria-label="{e(label)}">'
        f'<span class="tb-seat-last-word" aria-hidden="true">{e(BOARD("last_card", lang))}</span>'
        f"{mini(last, lang)}</span>"
    )


def _summary(scene: Scene, board: _Board, seat: int) -> str:
    """An opponent in one line (a phone shows it instead of the panel's
    details): money, gangsters left to place, cards in hand, last card."""
    view, lang = scene.view, scene.lang
    if view["seat"] == seat:
        return ""
    left = view["experts_available"][seat] + view["occasionals_available"][seat]
    parts = [
        money(view["money"][seat], lang),
        BOARD.plural("left_short", "left_short_many", left, lang),
        BOARD.plural("cards", "cards_many", len(view["hands"][seat]), lang)
        + (
            f" ({', '.join(SHORT_NAMES[city] for city in view['hands'][seat])})"
            if view["hands"][seat]
            else ""
        ),
    ]
    last = board.recent.last.get(seat)
    if last is not None:
        parts.append(BOARD("last_short", lang, card=card_text(last, lang)))
    return f'<p class="tb-summary" data-seat="{seat}">{e(" · ".join(parts))}</p>'


def _hand_hint(scene: Scene, board: _Board, seat: int) -> str:
    """Above the viewer's hand on their turn: what the board's controls do."""
    view = scene.view
    if view["seat"] != seat or not board.plays:
        return ""
    key = "hand_hint_place" if board.places else "hand_hint_play"
    return f'<p class="tb-hand-hint" data-turn="you">{e(BOARD(key, scene.lang))}</p>'


def _money_chip(amount: int, lang: str) -> str:
    return (
        f'<span class="chip tb-money" data-money="{amount}" '
        f'aria-label="{e(BOARD("money_aria", lang, money=money(amount, lang)))}">'
        f"{e(money(amount, lang))}</span>"
    )


def _pools(view: Mapping[str, Any], seat: int, lang: str) -> str:
    """The player's gangsters: each expert (available, on a city, away with the
    rounds it still misses, dead) and each occasional (available, on a city, gone)."""
    placed_e = sum(entry["experts"][seat] for entry in view["cities"])
    placed_o = sum(entry["occasionals"][seat] for entry in view["cities"])
    free_e = view["experts_available"][seat]
    away = view["experts_away"][seat]
    dead = view["experts_dead"][seat]
    free_o = view["occasionals_available"][seat]
    used_o = view["occasionals_used"][seat]
    experts = (
        '<i class="tb-cube" data-size="big" data-state="free"></i>' * free_e
        + '<i class="tb-cube" data-size="big" data-state="placed"></i>' * placed_e
        + "".join(
            f'<i class="tb-cube" data-size="big" data-state="away" '
            f'title="{e(BOARD("away_for", lang, rounds=rounds_text(left, lang)))}">{left}</i>'
            for left in away
        )
        + '<i class="tb-cube" data-size="big" data-state="dead"></i>' * dead
    )
    occasionals = (
        '<i class="tb-cube" data-size="small" data-state="free"></i>' * free_o
        + '<i class="tb-cube" data-size="small" data-state="placed"></i>' * placed_o
        + '<i class="tb-cube" data-size="small" data-state="used"></i>' * used_o
    )
    aria_e = BOARD("experts_pool", lang, free=free_e, placed=placed_e, away=len(away), dead=dead)
    if away:
        aria_e += (
            " ("
            + ", ".join(BOARD("away_for", lang, rounds=rounds_text(left, lang)) for left in away)
            + ")"
        )
    aria_o = BOARD("occasionals_pool", lang, free=free_o, placed=placed_o, used=used_o)
    free_word = "free_short_one" if free_e == 1 else "free_short"
    free_word_o = "free_short_one" if free_o == 1 else "free_short"
    return (
        f'<span class="tb-pool" data-pool="experts" data-free="{free_e}" data-away="{len(away)}" '
        f'data-dead="{dead}" role="img" aria-label="{e(aria_e)}">'
        f'<span class="tb-cubes" data-seat="{seat}">{experts}</span>'
        f'<span class="tb-pool-n" aria-hidden="true">{e(BOARD(free_word, lang, n=free_e))}</span>'
        "</span>"
        f'<span class="tb-pool" data-pool="occasionals" data-free="{free_o}" role="img" '
        f'aria-label="{e(aria_o)}"><span class="tb-cubes" data-seat="{seat}">{occasionals}</span>'
        f'<span class="tb-pool-n" aria-hidden="true">{e(BOARD(free_word_o, lang, n=free_o))}</span>'
        "</span>"
    )


def _hand_card(scene: Scene, board: _Board, c: int) -> str:
    """A card of the viewer's hand: a button playing it on their turn (the
    same action as the panel's button), a picture otherwise."""
    view, lang = scene.view, scene.lang
    face = card(c, lang, arrive=scene.mark(f"r{view['round']}:h{c}"), size="hand")
    action = board.plays.get(c)
    if action is None:
        return face
    aria = BOARD("play_aria", lang, card=card_text(c, lang), city=city_name(CARD_CITY[c]))
    return act_button(
        action_to_json(action),
        face,
        css="tb-hand-btn",
        label=aria,
        attrs=[("data-city", CARD_CITY[c])],
        marks=scene.marks,
    )


def _hand(scene: Scene, board: _Board, seat: int) -> str:
    """The seat's hand: faces for its owner (and in a finished game's replay),
    backs showing each card's city for everyone else."""
    view, lang = scene.view, scene.lang
    backs: list[int] = view["hands"][seat]
    opened = view.get("open")
    if opened is not None:
        cards = "".join(card(c, lang, size="hand") for c in opened["hands"][seat])
    elif view["seat"] == seat and view["hand"] is not None:
        cards = "".join(_hand_card(scene, board, c) for c in view["hand"])
    else:
        cards = "".join(
            back(city, BOARD("back_aria", lang, city=city_name(city)), size="hand")
            for city in backs
        )
    if not backs:
        cards = f'<span class="tb-none">{e(BOARD("empty_hand", lang))}</span>'
    count = BOARD.plural("cards", "cards_many", len(backs), lang)
    cities = ", ".join(SHORT_NAMES[city] for city in backs)
    label = BOARD("hand_aria", lang, name=_name(scene, seat), cards=f"{count} ({cities})")
    return (
        f'<div class="hand tb-hand" role="group" data-cards="{len(backs)}" '
        f'aria-label="{e(label)}">{cards}</div>'
    )


# -------------------------------------------------------------------- dock


def _dock(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    seat = view["to_act"]
    if seat is None:
        waiting = BOARD("waiting_over", lang)
    else:
        kind = scene.kinds[seat] if seat < len(scene.kinds) else "human"
        key = "waiting_bot" if kind == "bot" else "waiting_human"
        waiting = BOARD(key, lang, name=_name(scene, seat))
    groups = []
    placing = False
    for group in scene.dock.groups:
        if group.key.startswith("place") and not placing:
            placing = True
            groups.append(
                f'<div class="tb-place-title"><p class="group-label">'
                f"{e(BOARD('group_place', lang))}</p>"
                f'<p class="group-note">{e(BOARD("place_legend", lang))}</p></div>'
            )
        groups.append(_group(scene, group))
    return dock_html(scene, groups, waiting)


def _group(scene: Scene, group: Group) -> str:
    if group.key == "cards":
        buttons = "".join(_card_button(control, scene) for control in group.controls)
        return (
            f'<div class="control-group tb-card-group" data-group="cards">'
            f'<p class="group-label">{e(group.label)}</p>'
            f'<div class="btn-row tb-card-buttons">{buttons}</div></div>'
        )
    if group.key == "place":
        return (
            f'<div class="control-group" data-group="place">'
            f'<p class="group-note">{e(group.note)}</p></div>'
        )
    city = int(group.key.split("-", 1)[1])
    if not group.controls:
        return (
            f'<div class="control-group tb-place" data-group="{e(group.key)}" data-city="{city}" '
            f'data-offered="false">{num(city)}<span class="tb-place-name">{e(group.label)}</span>'
            f'<span class="tb-place-why">{e(group.note)}</span></div>'
        )
    return _place_group(group, city, scene)


def _place_group(group: Group, city: int, scene: Scene) -> str:
    lang = scene.lang
    first = group.controls[0]
    odds = ""
    if first.odds is not None:
        aria = BOARD("note_money_aria", lang, pct=first.odds_text)
        odds = (
            f'<span class="act-odds tb-odds" data-risk="{e(first.odds_risk)}" '
            f'data-odds="{first.odds!r}" aria-label="{e(aria)}" title="{e(aria)}">'
            f"{e(BOARD('note_money', lang, pct=first.odds_text))}</span>"
        )
    return (
        f'<details class="control-group tb-place" data-group="{e(group.key)}" data-city="{city}" '
        f'data-offered="true"><summary class="tb-place-head">{num(city)}'
        f'<span class="tb-place-name">{e(group.label)}</span>'
        f'<span class="tb-place-note">{e(group.note)}</span>{odds}</summary>'
        f'<div class="tb-totals">{panel_rows(group.controls, lang, scene.marks)}</div></details>'
    )


def _card_button(control: Control, scene: Scene) -> str:
    assert control.card is not None
    return act_button(
        action_to_json(control.action),
        f"{mini(control.card, scene.lang)}<span>{e(control.label)}</span>",
        css=f"btn act act-{control.tone} tb-card-btn",
        label=control.aria,
        attrs=[("data-city", CARD_CITY[control.card])],
        marks=scene.marks,
    )


# ------------------------------------------------------------------ result


def render_result(scene: Scene) -> str:
    """The end of a round: each city's face-down card revealed, who took it
    and what it did, Chicago's share, the money won, the police."""
    view, lang = scene.view, scene.lang
    result = view["result"]
    number = result["round"]
    final = view["stage"] == "over"
    rows = "".join(_reveal(scene, taken) for taken in result["cities"])
    rows += _chicago_result(scene, result["chicago"])
    gold, silver = view["badges"]["gold"], view["badges"]["silver"]
    if final:
        status = BOARD("status_end", lang)
    else:
        status = BOARD("status_goes_on", lang, gold=gold, silver=silver)
    button = BOARD("see_final" if final else "next_round", lang)
    return (
        f'<section id="round-result" class="overlay-panel result tb tb-result" '
        f'data-round="{number}" data-final="{_flag(final)}" role="dialog" aria-modal="false" '
        'aria-labelledby="rr-title">'
        f'<h2 class="panel-title" id="rr-title">{e(BOARD("result_title", lang, n=number))}</h2>'
        f'<p class="over-sub">{e(BOARD("result_sub", lang))}</p>'
        f'<ol class="tb-reveals">{rows}</ol>'
        f"{_won_table(scene, result['money_won'])}"
        f'<p class="tb-status" data-final="{_flag(final)}">{glyph("badge")}{e(status)}</p>'
        f"{continue_actions(button, scene.result_button)}</section>"
    )


def _reveal(scene: Scene, taken: Mapping[str, Any]) -> str:
    lang = scene.lang
    city, face, seat, effect = taken["city"], taken["card"], taken["seat"], taken["effect"]
    name = city_name(city)
    revealed = card(
        face,
        lang,
        label=BOARD("revealed_aria", lang, city=name, face=face_text(face, lang)),
        extra=' data-hidden="revealed"',
        size="big",
    )
    played = "".join(f"<li>{card(c, lang, size='small')}</li>" for c in taken["played"])
    texts = ", ".join(card_text(c, lang) for c in taken["played"])
    aria = BOARD("played_aria", lang, city=name, cards=texts)
    played_html = (
        f'<ol class="tb-played" aria-label="{e(aria)}">{played}</ol>'
        if taken["played"]
        else f'<p class="tb-none">{e(BOARD("nothing_played", lang))}</p>'
    )
    verdict = effect_text(effect, seat, city, face, scene.names, lang)
    tone = (
        "good"
        if effect == "money"
        else ""
        if effect in ("nobody", "no_free_expert", "already_banned")
        else "bad"
    )
    return (
        f'<li class="tb-reveal" data-city="{city}" data-effect="{e(effect)}" '
        f'data-seat="{"" if seat is None else seat}">'
        f'<div class="tb-city-head">{num(city)}<h3 class="tb-city-name">{e(name)}</h3></div>'
        f'<div class="tb-city-cards"><div class="tb-down">{revealed}</div>{played_html}</div>'
        f"{_result_gangs(scene, taken, seat)}"
        f'<p class="verdict tb-verdict" data-tone="{tone}">{_effect_glyph(effect)}{e(verdict)}</p>'
        "</li>"
    )


def _effect_glyph(effect: str) -> str:
    kind = {"killed": "revolver", "jailed": "jail", "hurt": "hospital", "banned": "banned"}
    return glyph(kind.get(effect, ""))


def _result_gangs(scene: Scene, taken: Mapping[str, Any], owner: int | None) -> str:
    rows = []
    for seat, (experts, occasionals) in enumerate(
        zip(taken["experts"], taken["occasionals"], strict=True)
    ):
        if not experts and not occasionals:
            continue
        name = _name(scene, seat)
        what = gangsters_text(experts, occasionals, scene.lang)
        crown = f'<span class="tb-crown">{icon("crown")}</span>' if seat == owner else ""
        rows.append(
            f'<li class="tb-gang" data-seat="{seat}" data-holder="{_flag(seat == owner)}" '
            f'aria-label="{e(BOARD("gang_aria", scene.lang, name=name, what=what))}">'
            f'<span class="tb-gang-name" aria-hidden="true">{e(name)}</span>'
            f"{cubes(seat, experts, occasionals)}"
            f'<span class="tb-gang-n" aria-hidden="true">{experts + occasionals}</span>{crown}</li>'
        )
    if not rows:
        return f'<p class="tb-none tb-nobody">{e(BOARD("nobody_was", scene.lang))}</p>'
    return f'<ul class="tb-gangs">{"".join(rows)}</ul>'


def _chicago_result(scene: Scene, chicago: Mapping[str, Any]) -> str:
    lang = scene.lang
    items = []
    for city, last in zip(chicago["cities"], chicago["cards"], strict=True):
        if last is None:
            items.append(
                f'<li class="tb-empty-slot" data-city="{city}">{num(city)}'
                f'<span class="visually-hidden">{e(city_name(city))}: '
                f"{e(BOARD('no_card', lang))}</span></li>"
            )
        else:
            items.append(f"<li>{card(last, lang, size='small')}</li>")
    taken = {
        "experts": chicago["experts"],
        "occasionals": chicago["occasionals"],
    }
    seat = chicago["seat"]
    tone = "good" if seat is not None and chicago["gain"] else ""
    total = BOARD("chicago_total", lang, total=money(chicago["total"], lang))
    verdict = chicago_text(chicago, scene.names, lang)
    return (
        f'<li class="tb-reveal tb-reveal-chicago" data-city="0" '
        f'data-seat="{"" if seat is None else seat}" '
        f'data-total="{chicago["total"]}" data-gain="{chicago["gain"]}">'
        f'<div class="tb-city-head">{num(CHICAGO)}'
        f'<h3 class="tb-city-name">{e(BOARD("chicago_title", lang))}</h3></div>'
        '<div class="tb-chicago">'
        f'<p class="tb-chicago-left">{e(BOARD("chicago_counted", lang))}</p>'
        f'<ol class="tb-played tb-stake">{"".join(items)}</ol>'
        f'<p class="tb-chicago-pot">{e(total)}</p></div>'
        f"{_result_gangs(scene, taken, seat)}"
        f'<p class="verdict tb-verdict" data-tone="{tone}">{e(verdict)}</p>'
        "</li>"
    )


def _won_table(scene: Scene, won: Sequence[int]) -> str:
    view, lang = scene.view, scene.lang
    rows = "".join(
        f'<tr data-seat="{seat}" data-won="{won[seat]}">'
        f'<th scope="row"><span class="tb-who"><span class="tb-swatch" data-seat="{seat}" '
        f'aria-hidden="true"></span><span class="knight-name">{e(_name(scene, seat))}</span>'
        "</span></th>"
        f'<td><span class="num">{e(BOARD("gain", lang, n=won[seat]))}</span></td>'
        f'<td><span class="num">{e(money(view["money"][seat], lang))}</span></td></tr>'
        for seat in range(view["players"])
    )
    return (
        f'<table class="standings tb-won"><caption>{e(BOARD("won_title", lang))}</caption>'
        f'<thead><tr><th scope="col">{e(BOARD("col_player", lang))}</th>'
        f'<th scope="col">{e(BOARD("col_won", lang))}</th>'
        f'<th scope="col">{e(BOARD("col_total", lang))}</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )


# -------------------------------------------------------------------- over


def ranking(outcome: Mapping[str, Any]) -> list[int]:
    """Seats from first to last: money, then money won in the last round, then
    gangsters left; seat order among equals."""
    seats = range(len(outcome["money"]))
    return sorted(
        seats,
        key=lambda seat: (
            -outcome["money"][seat],
            -outcome["last_round_money"][seat],
            -outcome["gangsters_left"][seat],
            seat,
        ),
    )


def render_game_over(scene: Scene) -> str:
    view, lang = scene.view, scene.lang
    outcome = view["outcome"]
    winners = list(outcome["winners"])
    shared = len(winners) > 1
    rows = []
    for place, seat in enumerate(ranking(outcome), start=1):
        won = seat in winners
        tag = ""
        if won:
            word = BOARD("shared_winner" if shared else "winner", lang)
            tag = (
                f'<span class="tag tag-winner">{icon("crown")}'
                f'<span class="tag-word">{e(word)}</span></span>'
            )
        rows.append(
            f'<tr data-seat="{seat}" data-winner="{_flag(won)}" data-place="{place}">'
            f'<th scope="row"><span class="tb-who"><span class="tb-swatch" data-seat="{seat}" '
            f'aria-hidden="true"></span><span class="knight-name">{e(_name(scene, seat))}</span>'
            f"</span>{tag}</th>"
            f'<td><span class="num tb-big">{e(money(outcome["money"][seat], lang))}</span></td>'
            f'<td><span class="num">{e(money(outcome["last_round_money"][seat], lang))}</span></td>'
            f'<td><span class="num">{outcome["gangsters_left"][seat]}</span></td></tr>'
        )
    title = winners_title(winners, scene.names, lang)
    after = BOARD("over_rounds", lang, rounds=rounds_text(outcome["rounds"], lang))
    return (
        '<section id="game-over" class="overlay-panel game-over tb tb-over" role="dialog" '
        f'aria-modal="false" aria-labelledby="over-title" data-shared="{_flag(shared)}">'
        f'<div class="trophy" aria-hidden="true">{icon("crown")}</div>'
        f'<h2 class="panel-title" id="over-title">{e(title)}</h2>'
        f'<p class="over-sub">{e(after)}</p>'
        f'<table class="standings tb-standings"><caption>{e(BOARD("standings", lang))}</caption>'
        f'<thead><tr><th scope="col">{e(BOARD("col_player", lang))}</th>'
        f'<th scope="col">{e(BOARD("col_money", lang))}</th>'
        f'<th scope="col">{e(BOARD("col_last", lang))}</th>'
        f'<th scope="col">{e(BOARD("col_gangsters", lang))}</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
        f'<p class="tb-tie-rule">{e(BOARD("tie_rule", lang))}</p>'
        f"{panel_actions(scene.over_actions_html)}"
        f"{scene.over_box_html}</section>"
    )
