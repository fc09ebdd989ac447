"""Network play as HTML: the network menu, the lobby and the board of one seat.

Plain Python with no browser import, so it is tested under CPython. The network
controllers (``game.web.net_host``, ``net_guest``, ``net_page``) feed it what a
``game.net`` session knows; the page (``site/assets/game-board.js``) sets the
HTML it returns into ``#lobby-view`` or ``#board-view`` and the markers on
``#lobby`` or ``#board``.

Everything is drawn for one game, named by the inputs (``BoardInput.game``,
the lobby renderers' `game`): its client draws the board and its declared
options make the lobby's controls. The board of a seat is drawn by the game's
client from that seat's VIEW alone (a guest's view is the one its
host sent), plus the network's own parts: a strip of every seat with its
status (connected, thinking, dropped, handed to a bot) and, on the host, what it
can do about a dropped seat; a badge on each seat panel. Every name and text
goes through ``html.escape``.

Buttons carry ``data-cmd`` (what the page glue does on a click): the local
board's ``act`` (``data-act``: the action's JSON), ``continue``, ``menu``,
``quit``, ``quit-yes``, ``quit-no``, and the network's ``net-*`` commands.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any, TypeGuard

from game.engine.bots import RANDOM
from game.engine.client import NO_DOCK, Scene, icon
from game.engine.errors import MalformedData
from game.engine.modes import Role
from game.engine.options import LANGS, Option, OptionsDeclaration
from game.engine.protocol import Game
from game.net import HostSession
from game.net.frames import REACTIONS, name_key
from game.net.host import MAX_SPECTATORS
from game.registry import get_client, get_game

from .board import dress_over, dress_table, log_window
from .log_lines import DescribedLog
from .mode_words import MODE_WORDS
from .net_strings import ntr, reject_text

__all__ = [
    "EMOTES",
    "BoardInput",
    "NetRendered",
    "Notice",
    "ResumeOffer",
    "SeatStatus",
    "board_phase",
    "bot_name",
    "display_name",
    "known_levels",
    "notice_text",
    "option_badge",
    "reaction_text",
    "render_connecting",
    "render_ice_fold",
    "render_join",
    "render_lobby",
    "render_net_board",
    "render_net_menu",
    "render_resume",
    "render_resuming",
    "resume_offer",
    "seat_level_choices",
    "seat_names",
    "seat_statuses",
    "undo_state",
]

#: the longest level id a frame's seat may name (a game's levels are short ASCII names)
LEVEL_MAX = 32
_INK = 'fill="none" stroke="#2b1d14" stroke-width="1.6" stroke-linecap="round"'
_EYES = (
    '<circle cx="8.5" cy="10" r="1.3" fill="#2b1d14"/>'
    '<circle cx="15.5" cy="10" r="1.3" fill="#2b1d14"/>'
)
#: the reactions drawn as a face (the others are canned phrases): drawn here
#: rather than as emoji, which a system without an emoji font shows as boxes
EMOTES = {
    "wave": f'{_EYES}<path d="M7.5 14.5q4.5 4 9 0" {_INK}/>',
    "thumbs_up": (
        f'<path d="M7 10h3" {_INK}/><circle cx="15.5" cy="10" r="1.3" fill="#2b1d14"/>'
        f'<path d="M6.5 13.5q5.5 6 11 0" {_INK}/>'
    ),
    "laugh": (
        f'<path d="M6.5 10.5q2-2 4 0M13.5 10.5q2-2 4 0" {_INK}/>'
        '<path d="M7 13h10q-1 5-5 5t-5-5z" fill="#7d1f2c" stroke="#2b1d14" stroke-width="1.2"/>'
    ),
    "wow": (
        '<circle cx="8.5" cy="9.5" r="1.7" fill="#2b1d14"/>'
        '<circle cx="15.5" cy="9.5" r="1.7" fill="#2b1d14"/>'
        '<circle cx="12" cy="16" r="2.3" fill="#2b1d14"/>'
    ),
    "think": f'{_EYES}<path d="M13.5 6.8l3.5-1.2M9 16l6-1.6" {_INK}/>',
}
_FACE = '<circle cx="12" cy="12" r="10" fill="#e9c46a" stroke="#8f6616" stroke-width="1.5"/>'
#: the faces, once per board (net.js's bubbles use them too: #net-emote-<id>)
_EMOTE_SPRITE = (
    '<svg class="net-sprite" aria-hidden="true" focusable="false">'
    + "".join(
        f'<symbol id="net-emote-{name}" viewBox="0 0 24 24">{_FACE}{body}</symbol>'
        for name, body in EMOTES.items()
    )
    + "</svg>"
)
REMATCH_ANSWERS = ("waiting", "yes", "no")
KINDS = ("host", "guest", "bot", "open")
NAME_MAX = 20


def e(text: object) -> str:
    """Escape text for HTML content and attribute values."""
    return escape(str(text), quote=True)


def _flag(value: bool) -> str:
    return "true" if value else "false"


@dataclass(frozen=True)
class SeatStatus:
    """One seat as every screen shows it (from ``HostSession.seats_status``)."""

    seat: int
    name: str
    #: "host" | "guest" | "bot" | "open"
    kind: str
    level: str = ""
    connected: bool = False
    dropped: bool = False
    #: this seat is to act now
    thinking: bool = False
    #: a dropped guest's seat that a bot plays for now
    handed_to_bot: bool = False
    #: its guest's answer to the rematch offered ("waiting", "yes", "no"), else ""
    rematch: str = ""

    @staticmethod
    def from_dict(
        seat: int, data: Mapping[str, Any], known: Collection[str] | None = None
    ) -> SeatStatus:
        """Read one entry of ``seats_status()`` (or of a host's frame); a field of
        the wrong type reads as its empty value, never as something else, and so
        does a level outside `known` (the game's, ``known_levels``) when given."""
        kind = data.get("kind")
        level = data.get("level")
        name = data.get("name")
        handed = data.get("handed_to_bot")
        rematch = data.get("rematch")

        def _is_level(value: object) -> TypeGuard[str]:
            return _level_shaped(value) and (known is None or value in known)

        if _is_level(handed):
            level = handed  # the level of the bot that plays the seat now
        return SeatStatus(
            seat=seat,
            name=name if isinstance(name, str) else "",
            kind=kind if kind in KINDS else "open",
            level=level if _is_level(level) else "",
            connected=data.get("connected") is True,
            dropped=data.get("dropped") is True,
            thinking=data.get("thinking") is True,
            handed_to_bot=handed is True or _is_level(handed),
            rematch=rematch if rematch in REMATCH_ANSWERS else "",
        )

    @property
    def plays_as_bot(self) -> bool:
        """Whether a bot chooses this seat's moves now."""
        return self.kind == "bot" or self.handed_to_bot

    @property
    def status(self) -> str:
        """The badge: "bot", "dropped", "connected", "open" (host: "connected")."""
        if self.kind == "open":
            return "open"
        if self.kind == "bot":
            return "bot"
        if self.handed_to_bot:
            return "handed"
        if self.dropped or not self.connected:
            return "dropped"
        return "connected"


def bot_name(seat: int, lang: str, game: str, taken: Sequence[str] = ()) -> str:
    """A bot seat's name: the one a local game gives that seat (the game's own
    names, as the menu's), unless a person at the table goes by it (`taken`);
    past the game's names, or then, "Bot 3" / "Robot 3" (its badge's number)."""
    names = get_client(game).listing.names.get(lang, ()) if game else ()
    people = {name_key(name) for name in taken}
    if seat < len(names) and name_key(names[seat]) not in people:
        return names[seat]
    return ntr("bot_name", lang, n=seat + 1)


def seat_names(seats: Sequence[SeatStatus], lang: str, game: str) -> list[str]:
    """Every seat's name on screen: a person's own, a bot's from ``bot_name``
    (whatever the host's session called it), an open seat's empty."""
    people = [s.name for s in seats if s.kind in ("host", "guest")]
    return [bot_name(s.seat, lang, game, people) if s.kind == "bot" else s.name for s in seats]


def display_name(status: SeatStatus, lang: str, seats: Sequence[SeatStatus], game: str) -> str:
    """One seat's name on screen, among `seats` (``seat_names``)."""
    names = seat_names(seats, lang, game)
    return names[status.seat] if status.seat < len(names) else status.name


def seat_statuses(
    seats: Sequence[Mapping[str, Any]], known: Collection[str] | None = None
) -> list[SeatStatus]:
    """Every seat of ``seats_status()`` (or of a host's frame), its level one
    of `known` (see ``SeatStatus.from_dict``)."""
    return [SeatStatus.from_dict(index, entry, known) for index, entry in enumerate(seats)]


def known_levels(game: Game[Any, Any]) -> frozenset[str]:
    """Every level a bot may play `game` at: its declared ones, and "random"."""
    return frozenset({RANDOM, *(level.id for level in game.declared_options.levels)})


def reaction_text(reaction: str, lang: str) -> str:
    """A reaction in words (a face's word, or the phrase); the bubble draws the face."""
    return ntr(f"react_{reaction}", lang)


@dataclass(frozen=True)
class NetRendered:
    html: str
    #: data-* attributes for #board or #lobby (name without "data-" -> value)
    markers: dict[str, str]
    #: one line for the screen reader's live region
    status: str
    #: what this render drew (cards, log lines): the next render's `previous`
    shown: frozenset[str] = frozenset()


# --------------------------------------------------------------------- badges


def _badge(status: SeatStatus, lang: str) -> str:
    """The connection badge of a seat (nothing for an open seat)."""
    parts = []
    if status.kind in ("host", "guest"):
        key = {
            "connected": "badge_connected",
            "dropped": "badge_dropped",
            "handed": "badge_bot_hand",
        }[status.status]
        parts.append(
            f'<span class="net-badge" data-net-badge="{status.status}">'
            f'<span class="net-dot" aria-hidden="true"></span>{e(ntr(key, lang))}</span>'
        )
    if status.thinking:
        parts.append(
            '<span class="net-badge" data-net-badge="thinking">'
            f'<span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>'
            f"{e(ntr('badge_thinking', lang))}</span>"
        )
    return "".join(parts)


def _seat_markers(status: SeatStatus, kind_attr: str = "data-status") -> str:
    """A seat's kind and connection as attributes: the lobby's rows and chips
    name the kind ``data-status``, the board's seat panels ``data-net``."""
    return (
        f' {kind_attr}="{status.kind}" data-connected="{_flag(status.connected)}"'
        f' data-dropped="{_flag(status.dropped)}" data-thinking="{_flag(status.thinking)}"'
        f' data-handed="{_flag(status.handed_to_bot)}"'
    )


def _level_shaped(value: object) -> TypeGuard[str]:
    """Whether a frame's value may name a bot level (the game's words name it)."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= LEVEL_MAX
        and value.isascii()
        and value.isidentifier()
    )


def _level_label(game: str, level: str, lang: str) -> str:
    """Level `level` as `game` names it in `lang`."""
    return _declared(game).level_label(level, lang)


def _kind_label(status: SeatStatus, lang: str, game: str) -> str:
    if status.kind == "bot":
        level = status.level or _declared(game).default_level
        return ntr("kind_bot", lang, level=_level_label(game, level, lang))
    if status.kind == "open":
        return ntr("seat_open", lang)
    return ntr(f"kind_{status.kind}", lang)


# ----------------------------------------------------------------- net menu


def render_net_menu(
    lang: str,
    *,
    game: str,
    name: str,
    rooms: Sequence[Mapping[str, Any]],
    ice: str,
    notice: str = "",
    resume: str = "",
    advanced_open: bool = False,
    ice_error: str = "",
) -> str:
    """The "play with others" screen of `game`: a name, host a game, the games
    of `game` open in other tabs (each joinable; another game's rooms are not
    listed), how to join from another device, ICE servers (`ice_error`: why
    the text typed there is refused); `resume` (``render_resume``'s HTML)
    first, when a hosted game waits."""
    items = []
    for room in rooms:
        if room.get("game") != game:
            continue  # another game's table: this page could not play it
        room_id = str(room.get("room", ""))
        host = str(room.get("name", ""))
        free = room.get("free", 0)
        free = free if type(free) is int and 0 <= free < 64 else 0  # another tab's word
        phase = room.get("phase", "lobby")
        phase = phase if phase in ("lobby", "playing", "over") else "lobby"
        if phase == "lobby":
            count = ntr.plural("tabs_free_one", "tabs_free_many", free, lang)
        else:
            count = ntr("tabs_playing" if phase == "playing" else "resume_over", lang)
        # a started or full table can still be watched, if its host lets one more in
        verb = "join" if phase == "lobby" and free > 0 else "watch"
        if verb == "watch" and room.get("watch") is False:
            action = f'<span class="net-room-closed">{e(ntr("tabs_no_watch", lang))}</span>'
        else:
            action = (
                f'<button type="button" class="btn btn-small btn-primary" '
                f'data-cmd="net-join-tab" data-room="{e(room_id)}" data-verb="{verb}">'
                f"{e(ntr(verb, lang))}</button>"
            )
        items.append(
            f'<li class="net-room" data-room="{e(room_id)}" data-phase="{phase}">'
            f'<span class="net-room-name">{e(ntr("tabs_room", lang, name=host))}</span>'
            f'<span class="net-room-free">{e(count)}</span>{action}</li>'
        )
    room_list = (
        f'<ul class="net-rooms" id="net-rooms">{"".join(items)}</ul>'
        if items
        else f'<p class="hint" id="net-rooms-none">{e(ntr("tabs_none", lang))}</p>'
    )
    alert = f'<p class="menu-notice" role="alert">{e(notice)}</p>' if notice else ""
    return (
        f'<h2 id="lobby-title" class="panel-title">{e(ntr("net_title", lang))}</h2>{alert}'
        f'{resume}<p class="net-intro">{e(ntr("net_intro", lang))}</p>'
        '<div class="field net-name-field"><label for="net-name">'
        f"{e(ntr('your_name', lang))}</label>"
        f'<input type="text" id="net-name" maxlength="{NAME_MAX}" autocomplete="off" '
        f'spellcheck="false" value="{e(name)}"></div>'
        '<section class="net-block net-host-block">'
        f'<h3 class="net-subtitle">{e(ntr("host_game", lang))}</h3>'
        f'<p class="hint">{e(ntr("host_hint", lang))}</p>'
        '<div class="net-actions"><button type="button" class="btn btn-primary" '
        f'data-cmd="net-host">{e(ntr("host_game", lang))}</button></div></section>'
        '<section class="net-block net-tabs-block">'
        f'<h3 class="net-subtitle">{e(ntr("tabs_title", lang))}</h3>{room_list}</section>'
        '<section class="net-block net-devices-block">'
        f'<h3 class="net-subtitle">{e(ntr("devices_title", lang))}</h3>'
        f'<p class="hint">{e(ntr("devices_hint", lang))}</p></section>'
        f"{render_ice_fold(lang, ice, ice_error, advanced_open)}"
        '<div class="net-actions"><button type="button" class="btn btn-secondary" '
        f'data-cmd="net-back">{e(ntr("back", lang))}</button></div>'
    )


def render_ice_fold(lang: str, ice: str, ice_error: str, advanced_open: bool) -> str:
    """The STUN/TURN servers setting (what few need) behind an "Advanced" fold,
    closed unless `advanced_open` (a setting refused, to be corrected); `ice`
    as typed, `ice_error` why it is refused ("" when it is good)."""
    invalid = ' aria-invalid="true"' if ice_error else ""
    return (
        f'<details class="net-block net-advanced" id="net-advanced"'
        f"{' open' if advanced_open else ''}><summary>{e(ntr('advanced', lang))}</summary>"
        f'<div class="field net-ice"><label for="net-ice">{e(ntr("ice_title", lang))}</label>'
        f'<textarea id="net-ice" rows="2" spellcheck="false" autocomplete="off" '
        f'autocapitalize="off" aria-describedby="net-ice-error net-ice-hint"'
        f"{invalid}>{e(ice)}</textarea>"
        # checked as it is typed: always there, so that a reader hears each change politely
        f'<p class="field-error" id="net-ice-error" aria-live="polite">{e(ice_error)}</p>'
        f'<p class="hint" id="net-ice-hint">{e(ntr("ice_hint", lang))}</p></div></details>'
    )


def render_connecting(lang: str, *, notice: str = "") -> str:
    """A guest reaching its host (a tab that rejoins after a reload, too)."""
    alert = f'<p class="menu-notice" role="alert">{e(notice)}</p>' if notice else ""
    return (
        f'<h2 id="lobby-title" class="panel-title">{e(ntr("net_title", lang))}</h2>{alert}'
        f'<p class="net-wait" id="net-wait">{e(ntr("connecting", lang))}</p>'
        '<div class="net-actions net-leave"><button type="button" class="btn btn-secondary" '
        f'data-cmd="net-leave">{e(ntr("leave_lobby", lang))}</button></div>'
    )


def render_resuming(lang: str) -> str:
    """The host's tab reloaded: its game comes back (the sealed save is opening)."""
    return (
        f'<h2 id="lobby-title" class="panel-title">{e(ntr("net_title", lang))}</h2>'
        f'<p class="net-wait" id="net-wait">{e(ntr("resuming", lang))}</p>'
    )


# ------------------------------------------------------- resuming a hosted game


@dataclass(frozen=True)
class ResumeOffer:
    """A game this browser hosted, whose tab was closed: what the offer says of
    it (names and progress only; the save itself stays in the page glue)."""

    room: str
    #: "lobby" | "playing" | "over"
    phase: str
    #: how far a running game has gone, in each language (its client's
    #: ``progress``: Boss Quest's "Manche 3"); empty before it starts
    progress: Mapping[str, str]
    seats: tuple[SeatStatus, ...]
    #: the game's name (the registry's): its bots' names
    game: str = ""

    def detail(self, lang: str) -> str:
        """How far it went, and who else is in it: "Round 2 · with Bob, Bot 3"."""
        if self.phase == "lobby":
            where = ntr("resume_lobby", lang)
        elif self.phase == "over":
            where = ntr("resume_over", lang)
        else:
            where = self.progress.get(lang, "")
        names = seat_names(self.seats, lang, self.game)
        others = [names[s.seat] for s in self.seats if s.kind in ("guest", "bot")]
        if not others:
            return where
        return f"{where} · {ntr('resume_with', lang, names=', '.join(others))}"

    def host_name(self) -> str:
        return next((s.name for s in self.seats if s.kind == "host"), "")


def resume_offer(room: str, host: HostSession) -> ResumeOffer:
    """What the offer says of a restored host session: its phase, how far it
    went (asked of the game's client) and its seats."""
    progress: dict[str, str] = {}
    if host.phase == "playing":
        client = get_client(host.game.name)
        view = host.view_for(None)
        progress = {lang: client.progress(view, lang) for lang in LANGS}
    seats = tuple(seat_statuses(host.seats_status(), known_levels(host.game)))
    return ResumeOffer(room, host.phase, progress, seats, str(host.game.name))


def render_resume(
    offers: Sequence[ResumeOffer], lang: str, *, confirm: str = "", notice: str = ""
) -> str:
    """The offer to resume the hosted games whose tab was closed (``.net-offer
    [data-room]``, buttons ``net-resume`` and ``net-discard``; `confirm`: the room
    whose ending is being confirmed), and a notice about them; "" when neither."""
    alert = f'<p class="menu-notice net-resume-notice" role="alert">{e(notice)}</p>'
    if not offers:
        return alert if notice else ""
    items = "".join(_offer(offer, lang, confirm == offer.room) for offer in offers)
    title = ntr("resume_title_one" if len(offers) == 1 else "resume_title_many", lang)
    return (
        f'<section class="net-resume-box" aria-label="{e(title)}">'
        f'<h2 class="net-resume-title">{icon("shield")}<span>{e(title)}</span></h2>'
        f'<p class="hint">{e(ntr("resume_hint", lang))}</p>'
        f'<ul class="net-offers">{items}</ul>{alert if notice else ""}</section>'
    )


def _offer(offer: ResumeOffer, lang: str, confirming: bool) -> str:
    room = e(offer.room)
    if confirming:
        actions = (
            f'<p class="net-offer-confirm" role="alert">{e(ntr("resume_end_confirm", lang))}</p>'
            '<div class="net-offer-actions">'
            f'<button type="button" class="btn btn-small btn-danger" data-cmd="net-discard-yes" '
            f'data-room="{room}">{e(ntr("resume_end_yes", lang))}</button>'
            f'<button type="button" class="btn btn-small btn-secondary" data-cmd="net-discard-no" '
            f'data-room="{room}">{e(ntr("resume_end_no", lang))}</button></div>'
        )
    else:
        actions = (
            '<div class="net-offer-actions">'
            f'<button type="button" class="btn btn-primary" data-cmd="net-resume" '
            f'data-room="{room}">{e(ntr("resume_go", lang))}</button>'
            f'<button type="button" class="btn btn-small btn-secondary" data-cmd="net-discard" '
            f'data-room="{room}">{e(ntr("resume_end", lang))}</button></div>'
        )
    return (
        f'<li class="net-offer" data-room="{room}" data-phase="{e(offer.phase)}">'
        '<div class="net-offer-what">'
        f'<span class="net-offer-name">{e(ntr("tabs_room", lang, name=offer.host_name()))}</span>'
        f'<span class="net-offer-detail">{e(offer.detail(lang))}</span></div>'
        f"{actions}</li>"
    )


def render_join(
    lang: str,
    *,
    name: str,
    notice: str = "",
    answering: bool = False,
    need_invite: bool = False,
    ice_fold: str = "",
) -> str:
    """A device guest who opened an invitation link: a name (and `ice_fold`,
    ``render_ice_fold``'s STUN/TURN servers, used by the answer), then the
    answer code (pairing.js's widget goes in #net-pairing below this).
    `need_invite`: no invitation (a device guest came back): paste a new one
    below, or open it."""
    alert = f'<p class="menu-notice" role="alert">{e(notice)}</p>' if notice else ""
    heading = ntr("join_lost_title" if need_invite else "join_title", lang)
    if need_invite:
        body = (
            f'<p class="net-intro">{e(ntr("devices_hint", lang))}</p>'
            '<div class="net-actions"><button type="button" class="btn btn-secondary" '
            f'data-cmd="net-back">{e(ntr("back", lang))}</button></div>'
        )
    elif answering:
        body = f'<p class="net-intro">{e(ntr("answer_wait", lang))}</p>'
    else:
        body = (
            f'<p class="net-intro">{e(ntr("join_device_hint", lang))}</p>'
            '<div class="field net-name-field"><label for="net-name">'
            f"{e(ntr('your_name', lang))}</label>"
            f'<input type="text" id="net-name" maxlength="{NAME_MAX}" autocomplete="off" '
            f'spellcheck="false" value="{e(name)}"></div>'
            '<div class="net-actions"><button type="button" class="btn btn-primary" '
            f'data-cmd="net-join-rtc">{e(ntr("join", lang))}</button></div>{ice_fold}'
        )
    return f'<h2 id="lobby-title" class="panel-title">{e(heading)}</h2>{alert}{body}'


# -------------------------------------------------------------------- lobby


def _declared(game: str) -> OptionsDeclaration:
    """The options `game` declares (its player range, each option's words)."""
    return get_game(game).declared_options


def option_badge(spec: str) -> str:
    """The swatch a game's listing puts before an option's label
    (``Listing.badges``: "swatch:<class>:<colour>"), drawn as the menu draws
    it (site/assets/menu.js, badge); any other badge, none: the lobby's
    checkboxes show the swatches only, as they always have (an icon badge is
    the menu's alone)."""
    kind, _, rest = spec.partition(":")
    if kind != "swatch":
        return ""
    css, _, colour = rest.partition(":")
    return f'<span class="{e(css)}" data-color="{e(colour)}" aria-hidden="true"></span>'


def _option_control(
    option: Option, options: Mapping[str, Any], count: int, lang: str, badge: str
) -> str:
    """One declared option as a control: a checkbox (true/false; ticked and
    locked from ``on_from_players``), a number field (int) or a list (str)."""
    key = option.key
    label = e(option.label[lang])
    # the option's help, shown under it (a tooltip showed nothing on a phone)
    helps = f' aria-describedby="net-opt-{e(key)}-help"'
    helptext = f'<p class="net-help" id="net-opt-{e(key)}-help">{e(option.help[lang])}</p>'
    value = options.get(key, option.default)
    if isinstance(option.default, bool):
        locked = option.on_from_players is not None and count >= option.on_from_players
        on = bool(value) or locked
        return (
            f'<div class="net-option"><label class="check"><input type="checkbox" '
            f'id="net-opt-{e(key)}" data-net-opt="{e(key)}" data-net-type="bool"{helps}'
            f"{' checked' if on else ''}{' disabled' if locked else ''}>"
            f'<span class="check-box" aria-hidden="true"></span>{option_badge(badge)}'
            f'<span class="check-text">{label}</span></label>{helptext}</div>'
        )
    if isinstance(option.default, int):
        bounds = "".join(
            f' {name}="{limit}"'
            for name, limit in (("min", option.minimum), ("max", option.maximum))
            if limit is not None
        )
        return (
            f'<div class="net-option"><label class="field net-number"><span class="net-label">'
            f'{label}</span><input type="number" id="net-opt-{e(key)}" data-net-opt="{e(key)}" '
            f'data-net-type="int" value="{e(value)}"{bounds}{helps}></label>{helptext}</div>'
        )
    choices = "".join(
        f'<option value="{e(choice)}"{" selected" if choice == value else ""}>'
        f"{e(option.choice_label(choice, lang))}</option>"
        for choice in option.choices
    )
    return (
        f'<div class="net-option"><label class="field net-choice"><span class="net-label">{label}'
        f'</span><select id="net-opt-{e(key)}" data-net-opt="{e(key)}" data-net-type="str"{helps}>'
        f"{choices}</select></label>{helptext}</div>"
    )


def seat_level_choices(options: Mapping[str, Any], game: str, count: int) -> list[tuple[str, ...]]:
    """The bot levels each seat's role offers (every level of the game where
    the options are refused or name another number of seats)."""
    declared = _declared(game)
    every = tuple(level.id for level in declared.levels)
    try:
        offered = declared.seat_levels(declared.normalize(options))
    except (MalformedData, KeyError, TypeError, ValueError):
        return [every] * count
    return list(offered) if len(offered) == count else [every] * count


def _seat_roles(options: Mapping[str, Any], game: str, count: int) -> list[Role | None]:
    """Each seat's role where the table's mode has several roles (else None:
    a game of one role shows none). Options the game refuses show none."""
    declared = _declared(game)
    try:
        roles = declared.seat_roles(declared.normalize(options))
    except (MalformedData, KeyError, TypeError, ValueError):
        return [None] * count
    if len({role.id for role in roles}) < 2 or len(roles) != count:
        return [None] * count
    return list(roles)


def _mode_control(options: Mapping[str, Any], lang: str, game: str) -> str:
    """The host's list of modes, where the game declares several."""
    declared = _declared(game)
    if len(declared.all_modes) < 2:
        return ""
    chosen = declared.mode_of(options).id if "mode" in options else declared.all_modes[0].id
    choices = "".join(
        f'<option value="{e(mode.id)}"{" selected" if mode.id == chosen else ""}>'
        f"{e(mode.label[lang])}</option>"
        for mode in declared.all_modes
    )
    return (
        '<div class="net-option net-mode"><label class="field net-choice"><span class="net-label">'
        f'{e(MODE_WORDS("mode", lang))}</span><select id="net-opt-mode" data-net-opt="mode" '
        f'data-net-type="str">{choices}</select></label></div>'
    )


def _mode_range(options: Mapping[str, Any], game: str) -> range:
    """The player counts the table's mode allows."""
    declared = _declared(game)
    try:
        mode = declared.mode_of(options)
    except MalformedData:
        mode = declared.all_modes[0]
    return range(mode.min_players, mode.max_players + 1)


def _options_form(options: Mapping[str, Any], lang: str, game: str) -> str:
    declared = _declared(game)
    count = int(options.get("players", declared.default_players))
    radios = "".join(
        f'<label><input type="radio" name="net-players" value="{n}" data-net-opt="players"'
        f' data-net-type="int"{" checked" if n == count else ""}><span>{n}</span></label>'
        for n in _mode_range(options, game)
    )
    badges = get_client(game).listing.badges
    flags = [option for option in declared.options if isinstance(option.default, bool)]
    fields = [option for option in declared.options if option not in flags]
    checks = "".join(
        _option_control(option, options, count, lang, badges.get(option.key, ""))
        for option in flags
    )
    others = "".join(
        _option_control(option, options, count, lang, badges.get(option.key, ""))
        for option in fields
    )
    return (
        f'<fieldset class="field net-options"><legend>{e(ntr("options", lang))}</legend>'
        f"{_mode_control(options, lang, game)}"
        f'<div class="net-count"><span class="net-label">{e(ntr("players_count", lang))}</span>'
        f'<div class="segmented">{radios}</div></div>{others}'
        f'<div class="net-checks">{checks}</div></fieldset>'
    )


def _summary_help(text: str) -> str:
    return f'<span class="net-help">{e(text)}</span>' if text else ""


def _option_value(option: Option, value: Any, lang: str) -> str:
    if isinstance(option.default, bool):
        return ntr("yes" if value else "no", lang)
    if isinstance(option.default, str):
        return option.choice_label(str(value), lang)
    return str(value)


def _options_summary(options: Mapping[str, Any], lang: str, game: str) -> str:
    declared = _declared(game)
    rows = [(ntr("players_count", lang), str(options.get("players", "")), "")]
    if len(declared.all_modes) > 1:
        try:
            mode = declared.mode_of(options)
        except MalformedData:
            mode = declared.all_modes[0]
        rows.insert(0, (MODE_WORDS("mode", lang), mode.label[lang], ""))
    rows += [
        (
            option.label[lang],
            _option_value(option, options.get(option.key, option.default), lang),
            option.help[lang],
        )
        for option in declared.options
    ]
    items = "".join(f"<dt>{e(k)}{_summary_help(h)}</dt><dd>{e(v)}</dd>" for k, v, h in rows)
    return (
        f'<div class="field net-options"><p class="net-label">{e(ntr("options_chosen", lang))}'
        f'</p><dl class="net-summary">{items}</dl></div>'
    )


def render_lobby(
    role: str,
    seats: Sequence[SeatStatus],
    options: Mapping[str, Any],
    lang: str,
    *,
    game: str,
    own_seat: int | None,
    notice: str = "",
    spectators: int | None = None,
    confirm_leave: bool = False,
) -> str:
    """The lobby of a table of `game`: options (the host changes them, and
    `spectators`, how many may watch), every seat with its
    markers (``[data-seat][data-status][data-connected][data-dropped]``), what
    the viewer may do with each, and Start (the host, once every seat is taken)."""
    host = role == "host"
    host_name = next((s.name for s in seats if s.kind == "host"), "")
    title = (
        ntr("lobby_host_title", lang) if host else ntr("lobby_guest_title", lang, name=host_name)
    )
    rows = []
    names = seat_names(seats, lang, game)
    roles = _seat_roles(options, game, len(seats))
    offered = seat_level_choices(options, game, len(seats))
    for status in seats:
        you = status.seat == own_seat
        mark = f'<span class="tag tag-you">{e(ntr("you_mark", lang))}</span>' if you else ""
        seat_role = roles[status.seat] if status.seat < len(roles) else None
        controls = ""
        if host and status.kind == "open":
            # the host may sit anywhere (a role of its choice), then fill the rest
            take = (
                MODE_WORDS("take_seat_label", lang, n=status.seat + 1, role=seat_role.label[lang])
                if seat_role is not None
                else MODE_WORDS("take_seat_plain", lang, n=status.seat + 1)
            )
            controls = (
                f'<button type="button" class="btn btn-small btn-secondary" data-cmd="net-take" '
                f'data-seat="{status.seat}" aria-label="{e(take)}">'
                f"{e(MODE_WORDS('take_seat', lang))}</button>"
            )
            controls += "".join(
                f'<button type="button" class="btn btn-small btn-secondary" data-cmd="net-bot" '
                f'data-seat="{status.seat}" data-level="{e(level)}">'
                f"{e(ntr('add_bot', lang, level=_level_label(game, level, lang)))}</button>"
                for level in offered[status.seat]
            )
        elif host and status.kind == "bot":
            controls = (
                f'<button type="button" class="btn btn-small btn-secondary" data-cmd="net-bot" '
                f'data-seat="{status.seat}" data-level="">{e(ntr("remove_bot", lang))}</button>'
            )
        elif not host and status.kind == "open" and own_seat is None:
            controls = (
                f'<button type="button" class="btn btn-small btn-primary" data-cmd="net-sit" '
                f'data-seat="{status.seat}">{e(ntr("sit", lang))}</button>'
            )
        name = names[status.seat] if status.kind != "open" else ""
        role_html = (
            f'<span class="tag net-seat-role" data-role="{e(seat_role.id)}">'
            f"{e(seat_role.label[lang])}</span>"
            if seat_role is not None
            else ""
        )
        role_attr = f' data-role="{e(seat_role.id)}"' if seat_role is not None else ""
        rows.append(
            f'<li class="net-seat" data-seat="{status.seat}"{_seat_markers(status)}'
            f' data-you="{_flag(you)}"{role_attr}>'
            f'<span class="seat-badge" aria-hidden="true">{status.seat + 1}</span>'
            f'<div class="net-seat-who"><span class="net-seat-name">{e(name)}</span>{mark}'
            f"{role_html}"
            f'<span class="net-seat-kind">{e(_kind_label(status, lang, game))}</span>'
            f"{_badge(status, lang)}</div>"
            f'<div class="net-seat-controls">{controls}</div></li>'
        )
    full = bool(seats) and all(s.kind != "open" for s in seats)
    footer = ""
    if host:
        hint = (
            "" if full else f'<p class="hint" id="net-start-hint">{e(ntr("start_wait", lang))}</p>'
        )
        footer = (
            '<div class="net-actions">'
            '<button type="button" class="btn btn-secondary" data-cmd="net-invite" id="net-invite">'
            f"{e(ntr('invite', lang))}</button></div>"
            f'<p class="hint net-tabs-note">{e(ntr("tabs_open_note", lang))}</p>'
            '<div class="actions net-start">'
            f'<button type="button" class="btn btn-primary" data-cmd="net-start" id="net-start"'
            f"{'' if full else ' disabled'}>{e(ntr('start', lang))}</button>{hint}</div>"
        )
    else:
        wait = "guest_wait_seat" if own_seat is None else "guest_wait_start"
        if own_seat is None and not any(s.kind == "open" for s in seats):
            wait = "guest_watch"
        footer = f'<p class="net-wait" id="net-wait">{e(ntr(wait, lang))}</p>'
    alert = f'<p class="menu-notice" role="alert">{e(notice)}</p>' if notice else ""
    options_html = (
        _options_form(options, lang, game) if host else _options_summary(options, lang, game)
    )
    if host and spectators is not None:
        options_html += (
            '<label class="field net-number net-spectators">'
            f'<span class="net-label">{e(ntr("spectators", lang))}</span>'
            f'<input type="number" id="net-spectators" min="0" max="{MAX_SPECTATORS}" '
            f'value="{spectators}"></label>'
            f'<p class="hint net-spectators-hint">{e(ntr("spectators_help", lang))}</p>'
        )
    if confirm_leave:
        # the host is told, before it happens, that leaving ends the game for its guests
        leave = (
            '<div class="net-leave-confirm" id="net-leave-confirm">'
            f'<p role="alert">{e(ntr("leave_host_confirm", lang))}</p>'
            '<div class="net-actions"><button type="button" class="btn btn-danger" '
            f'data-cmd="net-leave-yes">{e(ntr("leave_host_yes", lang))}</button>'
            '<button type="button" class="btn btn-secondary" data-cmd="net-leave-no">'
            f"{e(ntr('leave_host_no', lang))}</button></div></div>"
        )
    else:
        leave = (
            '<div class="net-actions net-leave"><button type="button" class="btn btn-secondary" '
            f'data-cmd="net-leave">{e(ntr("leave_lobby", lang))}</button></div>'
        )
    return (
        f'<h2 id="lobby-title" class="panel-title">{e(title)}</h2>{alert}{options_html}'
        f'<fieldset class="field"><legend>{e(ntr("seats", lang))}</legend>'
        f'<ol class="net-seats" id="net-seats">{"".join(rows)}</ol></fieldset>'
        f"{footer}{leave}"
    )


# -------------------------------------------------------------------- board


@dataclass(frozen=True)
class Notice:
    """A notice of a network screen kept as what it says, not as words (a
    network string's key and values, or a refusal's code and detail), so that
    each draw words it in the reader's language: a language switch redraws it."""

    #: a network string (``ntr``) and its values
    key: str = ""
    values: tuple[tuple[str, str], ...] = ()
    #: a refusal: its code ("illegal:not_your_turn", ...) and English detail
    refusal: tuple[str, str] | None = None
    #: the game whose client words a refusal's own codes
    game: str = ""
    #: words from outside (a transport's own error), shown as they came
    plain: str = ""

    @classmethod
    def said(cls, key: str, **values: str) -> Notice:
        return cls(key=key, values=tuple(values.items()))

    @classmethod
    def refused(cls, code: str, detail: str, game: str) -> Notice:
        return cls(refusal=(code, detail), game=game)

    def text(self, lang: str) -> str:
        if self.refusal is not None:
            return reject_text(*self.refusal, lang, self.game)
        if self.key:
            return ntr(self.key, lang, **dict(self.values))
        return self.plain


def notice_text(notice: Notice | None, lang: str) -> str:
    """The notice in `lang`; "" when there is none."""
    return notice.text(lang) if notice is not None else ""


@dataclass
class BoardInput:
    """One seat's board in a network game: what its session knows."""

    #: the game's name (the registry's): its client draws the board
    game: str
    #: "host" | "guest" | "spectator"
    role: str
    #: the seat whose board this is; None for a spectator
    viewer: int | None
    view: dict[str, Any]
    legal: Sequence[Any]
    #: the log events this seat may see (``event_for_seat``), oldest first
    events: Sequence[Mapping[str, Any]]
    #: every seat, those to act now ``thinking`` (several in a simultaneous step)
    seats: Sequence[SeatStatus]
    #: the state version (it only grows: actions and undos), which a guest sends back
    #: with a move; the board shows it as data-actions
    version: int
    #: the game has ended (the session's phase is "over")
    over: bool = False
    #: the last round result this screen acknowledged
    seen_result: int = 0
    #: a refusal or a lost link, worded at each draw
    notice: Notice | None = None
    confirm_quit: bool = False
    #: seats reached over WebRTC (host only: their drop offers a new invitation)
    devices: frozenset[int] = frozenset()
    previous: frozenset[str] = frozenset()
    #: connections watching without a seat (the host's strip counts them)
    spectators: int = 0
    #: the host has offered a rematch (a guest reads it from the seats' answers)
    rematch_offered: bool = False
    #: the reaction picker is open
    react_open: bool = False
    #: the undo button: "" (none), "allowed" or "refused" (a click says why)
    undo: str = ""
    #: "took back a move" lines: (index in ``events`` they come before, seat)
    taken_back: Sequence[tuple[int, int]] = ()
    #: the controller's kept log lines, so that a render describes only new events
    log: DescribedLog | None = None
    #: the reader asked for the whole log, not only its newest lines
    log_whole: bool = False
    #: the table's options: which levels each seat's role offers (the host's strip)
    options: Mapping[str, Any] = field(default_factory=dict)


def undo_state(game: Game[Any, Any], may_undo: bool) -> str:
    """The board's undo button for a seat, as the local game draws it: none when
    the game offers no undo, else "allowed", or "refused" (a click says why)."""
    if game.capabilities.undo is None:
        return ""
    return "allowed" if may_undo else "refused"


def _acting(inp: BoardInput) -> list[int]:
    """The seats to act now (several in a simultaneous step), from the seats'
    status: the game's view need not say it in any one way."""
    return [s.seat for s in inp.seats if s.thinking]


def _to_act_marker(inp: BoardInput) -> int | None:
    """The seat a board names as to act: its own seat when it is one of them,
    else the first (a bot that thinks first, as the local table does)."""
    seats = _acting(inp)
    if inp.viewer in seats:
        return inp.viewer
    bots = [seat for seat in seats if inp.seats[seat].plays_as_bot]
    first = bots or seats
    return first[0] if first else None


def board_phase(inp: BoardInput) -> str:
    """result | over | human | bot | waiting, in that precedence. In a
    simultaneous step the seat's own move comes first ("human", while a bot
    may think too); once it has moved, it waits for the others."""
    shown = get_client(inp.game).result_key(inp.view)
    if shown is not None and shown > inp.seen_result:
        return "result"
    if inp.over:
        return "over"
    seats = _acting(inp)
    # the seat's own legal moves: also a hidden choice it made in a step that
    # goes on, which it may change although nobody waits for it any more
    if inp.viewer is not None and inp.legal:
        return "human"
    if any(inp.seats[seat].plays_as_bot for seat in seats):
        return "bot"
    return "waiting"


def _strip(inp: BoardInput, lang: str) -> str:
    """Every seat with its status; on the host, what to do about a dropped seat."""
    items = []
    names = seat_names(inp.seats, lang, inp.game)
    offered = seat_level_choices(inp.options, inp.game, len(inp.seats))
    for status in inp.seats:
        controls = ""
        if inp.role == "host" and status.kind == "guest":
            if status.handed_to_bot:
                controls = (
                    '<button type="button" class="btn btn-small btn-secondary" '
                    f'data-cmd="net-back-seat" data-seat="{status.seat}">'
                    f"{e(ntr('give_back', lang))}</button>"
                )
            elif status.dropped:
                # a bot of the host's choice keeps the seat going; the guest gets it back
                controls = (
                    '<span class="net-hand" role="group">'
                    f'<span class="net-hand-label">{e(ntr("hand_to_bot", lang))}</span>'
                    + "".join(
                        '<button type="button" class="btn btn-small btn-secondary" '
                        f'data-cmd="net-hand" data-seat="{status.seat}" data-level="{e(level)}">'
                        f"{e(_level_label(inp.game, level, lang))}</button>"
                        for level in offered[status.seat]
                    )
                    + "</span>"
                )
                if status.seat in inp.devices:
                    controls += (
                        '<button type="button" class="btn btn-small btn-primary" '
                        f'data-cmd="net-reinvite" data-seat="{status.seat}">'
                        f"{e(ntr('new_invite', lang))}</button>"
                    )
        you = status.seat == inp.viewer
        mark = f'<span class="tag tag-you">{e(ntr("you_mark", lang))}</span>' if you else ""
        items.append(
            f'<li class="net-chip" data-seat="{status.seat}"{_seat_markers(status)}>'
            f'<span class="net-chip-name">{e(names[status.seat])}</span>{mark}'
            f"{_badge(status, lang)}{controls}</li>"
        )
    host_name = next((s.name for s in inp.seats if s.kind == "host"), "")
    if inp.role == "host":
        role = ntr("role_host", lang)
    elif inp.role == "spectator":
        role = ntr("role_spectator", lang, name=host_name)
    else:
        # the game it is, and whose table
        role = ntr("role_guest", lang, game=get_client(inp.game).title(lang), name=host_name)
    watching = ""
    if inp.role == "host" and inp.spectators:
        count = ntr.plural("watching_one", "watching_many", inp.spectators, lang)
        watching = (
            f'<span class="net-watching" data-spectators="{inp.spectators}">{e(count)}</span>'
        )
    return (
        f'<section class="net-strip" id="net-strip" aria-label="{e(ntr("net_seats", lang))}">'
        f'{_EMOTE_SPRITE}<span class="net-role">{e(role)}</span>{watching}'
        f'<ul class="net-chips">{"".join(items)}</ul>{_reactions(inp, lang)}</section>'
    )


def _reactions(inp: BoardInput, lang: str) -> str:
    """The reaction picker of a seated player (a spectator only watches): a
    button that opens the set of emotes and canned phrases."""
    if inp.viewer is None:
        return ""
    menu = ""
    if inp.react_open:
        buttons = "".join(
            f'<button type="button" class="net-react-pick" data-cmd="net-react" '
            f'data-reaction="{reaction}" aria-label="{e(ntr(f"react_{reaction}", lang))}">'
            + (
                '<svg class="net-emote" aria-hidden="true" focusable="false">'
                f'<use href="#net-emote-{reaction}"></use></svg>'
                if reaction in EMOTES
                else e(ntr(f"react_{reaction}", lang))
            )
            + "</button>"
            for reaction in REACTIONS
        )
        menu = (
            f'<div class="net-react-menu" id="net-react-menu" role="group" '
            f'aria-label="{e(ntr("react_title", lang))}">{buttons}</div>'
        )
    return (
        '<div class="net-react">'
        f'<button type="button" class="btn btn-small btn-secondary net-react-toggle" '
        f'data-cmd="net-react-menu" aria-expanded="{_flag(inp.react_open)}">'
        '<svg class="net-emote" aria-hidden="true" focusable="false">'
        f'<use href="#net-emote-wave"></use></svg>{e(ntr("react_menu", lang))}</button>{menu}</div>'
    )


def _answer(status: SeatStatus) -> str:
    """A guest's answer to the rematch: waiting, yes, no, or gone (it left)."""
    return "gone" if not status.connected else status.rematch or "waiting"


def _rematch(inp: BoardInput, names: Sequence[str], lang: str) -> str:
    """The rematch on the end panel: the host offers it, then sees each guest's
    answer (and may start at once: a bot plays for whoever did not accept); a
    guest accepts in one click, or declines."""
    guests = [s for s in inp.seats if s.kind == "guest"]
    offered = inp.rematch_offered or any(s.rematch for s in guests)
    if inp.role == "host" and not offered:
        return (
            '<section class="net-rematch" id="net-rematch" data-rematch="none">'
            '<button type="button" class="btn btn-primary" data-cmd="net-rematch">'
            f"{e(ntr('rematch_offer', lang))}</button></section>"
        )
    if not offered:
        return ""
    answers = "".join(
        f'<li data-seat="{s.seat}" data-answer="{e(_answer(s))}">'
        f"{e(names[s.seat])} · {e(ntr(f'answer_{_answer(s)}', lang))}</li>"
        for s in guests
    )
    answers_html = f'<ul class="net-rematch-answers">{answers}</ul>'
    host_name = next((s.name for s in inp.seats if s.kind == "host"), "")
    if inp.role == "host":
        body = (
            f"<p>{e(ntr('rematch_offered', lang))}</p>{answers_html}"
            '<div class="net-rematch-actions">'
            '<button type="button" class="btn btn-secondary" data-cmd="net-rematch-start">'
            f"{e(ntr('rematch_start', lang))}</button></div>"
            f'<p class="hint">{e(ntr("rematch_start_hint", lang))}</p>'
        )
        state = "offered"
    elif inp.viewer is None:
        body = f"<p>{e(ntr('rematch_asked', lang, name=host_name))}</p>{answers_html}"
        state = "offered"
    else:
        state = inp.seats[inp.viewer].rematch or "waiting"
        if state == "waiting":
            body = (
                f"<p>{e(ntr('rematch_asked', lang, name=host_name))}</p>"
                '<div class="net-rematch-actions">'
                '<button type="button" class="btn btn-primary" data-cmd="net-rematch-yes">'
                f"{e(ntr('rematch_yes', lang))}</button>"
                '<button type="button" class="btn btn-secondary" data-cmd="net-rematch-no">'
                f"{e(ntr('rematch_no', lang))}</button></div>"
            )
        else:
            said = "rematch_said_yes" if state == "yes" else "rematch_said_no"
            body = f"<p>{e(ntr(said, lang))}</p>{answers_html}"
    return (
        f'<section class="net-rematch" id="net-rematch" data-rematch="{state}" '
        f'aria-live="polite">{body}</section>'
    )


def _log(inp: BoardInput, names: Sequence[str], lang: str) -> list[tuple[str, str]]:
    """The seat's log, each event described once by the controller's kept
    `DescribedLog` (a fresh one when the caller keeps none)."""
    described = (inp.log or DescribedLog()).lines(
        inp.events, names, lang, get_client(inp.game).describe
    )
    lines: list[tuple[str, str]] = []
    notes = sorted(inp.taken_back)

    def took_back(before: int) -> None:
        while notes and notes[0][0] <= before:
            _at, seat = notes.pop(0)
            if 0 <= seat < len(names):
                lines.append(("took-back", ntr("took_back", lang, name=names[seat])))

    for position, event_lines in enumerate(described):
        took_back(position)
        lines += event_lines
    took_back(len(described))
    return lines


def render_net_board(inp: BoardInput, lang: str) -> NetRendered:
    """The board of one seat: the strip of seats, then the local game's board
    drawn from this seat's view, with badges on the seat panels."""
    client = get_client(inp.game)
    view = inp.view
    names = seat_names(inp.seats, lang, inp.game)
    kinds = ["bot" if s.plays_as_bot else "human" for s in inp.seats]
    default = _declared(inp.game).default_level  # a bot whose frame named no level
    levels = [(s.level or default) if s.plays_as_bot else "" for s in inp.seats]
    phase = board_phase(inp)
    scene = Scene(
        view=view,
        names=names,
        kinds=kinds,
        lang=lang,
        levels=levels,
        level_words=[_level_label(inp.game, level, lang) if level else "" for level in levels],
        previous=inp.previous,
        # each seat's connection, on its panel: the client places what the shell drew
        seat_attrs={s.seat: _seat_markers(s, "data-net") for s in inp.seats},
        seat_badges_html={s.seat: _badge(s, lang) for s in inp.seats},
    )
    if phase == "result":
        scene.events = [dict(event) for event in inp.events]  # the reveal it shows
        html = client.render_result(scene)
        status = client.result_status(view, names, lang)
    elif phase == "over":
        # the network's own rematch (same seats, each guest's answer), not the local one
        dress_over(scene, rematch=False)
        scene.over_actions_html = _rematch(inp, names, lang) + scene.over_actions_html
        html = client.render_game_over(scene)
        status = client.over_status(view, names, lang)
    else:
        scene.dock = client.dock(view, inp.legal, names, lang) if phase == "human" else NO_DOCK
        scene.log = _log(inp, names, lang)
        scene.log_window = log_window(inp.log_whole)
        scene.events = [dict(event) for event in inp.events]  # what just happened
        scene.thinking = _to_act_marker(inp) if phase == "bot" else None
        scene.notice = notice_text(inp.notice, lang)
        # a host's leaving ends the game for every guest: it is told so first
        confirm = "leave_host_confirm" if inp.role == "host" else "leave_net_confirm"
        undo = inp.undo if phase == "human" else ""
        dress_table(
            scene, confirm_quit=inp.confirm_quit, confirm_text=ntr(confirm, lang), undo=undo
        )
        html = client.render_table(scene)
        status = scene.dock.prompt if phase == "human" else (scene.log[-1][1] if scene.log else "")
    if inp.notice and phase in ("result", "over"):
        # no dock on these panels: the refusal or the lost connection shows above them
        notice = e(notice_text(inp.notice, lang))
        html = f'<p class="notice net-notice" role="alert">{notice}</p>{html}'
    html = _strip(inp, lang) + html
    to_act = _to_act_marker(inp)
    markers = {
        "net": inp.role,
        "phase": phase,
        **client.markers(view),
        "to-act": "" if to_act is None else str(to_act),
        "viewer": "" if inp.viewer is None else str(inp.viewer),
        "actions": str(inp.version),
        "bot-thinking": _flag(phase == "bot"),
    }
    return NetRendered(html=html, markers=markers, status=status, shown=frozenset(scene.shown))
