"""Network play's screens (game/web/net_view.py) and storage records
(game/web/net_prefs.py), driven by real sessions of game.net through its
in-memory transport, under CPython."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from game.bossquest import GAME
from game.engine.bots import make_bot
from game.net import GuestSession, HostSession, MemoryHub
from game.registry import get_client, get_game, include_test_games
from game.web.net_prefs import (
    GUEST_KEY,
    HOST_KEY,
    HOST_SEALED_PREFIX,
    HOSTING_KEY,
    GuestRecord,
    HostRecord,
    IceError,
    clean_name,
    guest_key,
    host_key,
    host_sealed_prefix,
    hosting_key,
    parse_ice,
)
from game.web.net_strings import NET_STRINGS, ntr, reject_text
from game.web.net_view import (
    BoardInput,
    Notice,
    SeatStatus,
    board_phase,
    e,
    known_levels,
    option_badge,
    render_connecting,
    render_join,
    render_lobby,
    render_net_board,
    render_net_menu,
    seat_names,
    seat_statuses,
)
from game.web.strings import LANGS
from tests.helpers import seated_session


def _table(players: int = 3) -> tuple[MemoryHub, list[str]]:
    """A host, two guests seated at 1 and 2 (and bots beyond), not started."""
    host = HostSession.new(GAME, {"players": players}, 7, "Alice")
    hub = MemoryHub(host)
    peers = []
    for seat, name in ((1, "Bob"), (2, "Chloé")):
        guest = GuestSession(name, game=GAME)
        peer = hub.connect(guest)
        hub.flush()
        hub.send(peer, guest.sit(seat))
        hub.flush()
        peers.append(peer)
    return hub, peers


def _board(hub: MemoryHub, peer: str | None, **extra: Any) -> BoardInput:
    """The BoardInput the page glue builds: the host's (peer None) or a guest's."""
    if peer is None:
        host = hub.host
        return BoardInput(
            game=GAME.name,
            role="host",
            viewer=0,
            view=host.view_for(0),
            legal=host.legal_actions(0),
            events=host.events_for(0),
            seats=seat_statuses(host.seats_status()),
            version=host.version,
            over=host.phase == "over",
            **extra,
        )
    guest = hub.guests[peer]
    assert guest.view is not None and guest.seat is not None
    return BoardInput(
        game=GAME.name,
        role="guest",
        viewer=guest.seat,
        view=guest.view,
        legal=[GAME.action_from_json(a) for a in guest.legal],
        events=guest.events,
        seats=seat_statuses(guest.seats),
        version=guest.version or 0,
        over=guest.phase == "over",
        **extra,
    )


def _hidden_cards(hub: MemoryHub) -> dict[int, int]:
    """Each seat's hidden weapon now, from the host's full state (None skipped)."""
    found = {}
    for seat in range(len(hub.host.seats)):
        hidden = hub.host.view_for(seat)["seats"][seat]["hidden"]
        if hidden is not None:
            found[seat] = hidden
    return found


def _ints(value: Any) -> set[int]:
    """Every int inside a JSON value."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_ints(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_ints(v) for v in value)) if value else set()
    return set()


def test_every_string_has_both_languages() -> None:
    for key, texts in NET_STRINGS.items():
        assert set(texts) == set(LANGS), key
        assert all(texts[lang].strip() for lang in LANGS), key


def test_lobby_rows_carry_the_markers_and_the_host_controls() -> None:
    hub, _ = _table(4)
    hub.route(hub.host.set_bot(3, "hard"))
    seats = seat_statuses(hub.host.seats_status())
    html = render_lobby("host", seats, hub.host.options, "en", game=GAME.name, own_seat=0)
    rows = re.findall(r'<li class="net-seat" data-seat="(\d)" data-status="(\w+)"', html)
    assert rows == [("0", "host"), ("1", "guest"), ("2", "guest"), ("3", "bot")]
    assert 'data-connected="true"' in html
    assert 'data-cmd="net-start"' in html and "disabled>" not in html.split("net-start")[1][:40]
    assert 'data-cmd="net-bot" data-seat="3" data-level=""' in html  # remove the bot
    # an open seat: the host offers bots of every level, and Start waits
    hub.route(hub.host.set_bot(3, None))
    html = render_lobby(
        "host",
        seat_statuses(hub.host.seats_status()),
        hub.host.options,
        "fr",
        game=GAME.name,
        own_seat=0,
    )
    for level in ("easy", "normal", "hard"):
        assert f'data-seat="3" data-level="{level}"' in html
    assert 'id="net-start" disabled' in html
    assert ntr("start_wait", "fr") in html.replace("&#x27;", "'")


def test_guest_lobby_offers_open_seats_only_before_sitting() -> None:
    host = HostSession.new(GAME, {"players": 3}, 1, "Alice")
    hub = MemoryHub(host)
    guest = GuestSession("Bob", game=GAME)
    peer = hub.connect(guest)
    hub.flush()
    assert guest.lobby is not None
    seats = seat_statuses(guest.seats)
    html = render_lobby(
        "guest", seats, guest.lobby["options"], "en", game=GAME.name, own_seat=guest.seat
    )
    assert html.count('data-cmd="net-sit"') == 2
    assert "net-start" not in html and 'data-cmd="net-bot"' not in html
    hub.send(peer, guest.sit(2))
    hub.flush()
    seats = seat_statuses(guest.seats)
    html = render_lobby(
        "guest", seats, guest.lobby["options"], "en", game=GAME.name, own_seat=guest.seat
    )
    assert 'data-cmd="net-sit"' not in html
    assert 'data-seat="2" data-status="guest"' in html and 'data-you="true"' in html


def test_seat_status_reads_bad_fields_as_empty() -> None:
    status = SeatStatus.from_dict(
        1,
        {"name": 3, "kind": "king", "level": "godlike", "connected": "yes"},
        known_levels(GAME),
    )
    assert status == SeatStatus(seat=1, name="", kind="open")
    # a level is a short name even where the game's levels are not given
    assert SeatStatus.from_dict(1, {"kind": "bot", "level": "<b>x</b>"}).level == ""
    handed = SeatStatus.from_dict(
        2, {"name": "Bob", "kind": "guest", "dropped": True, "handed_to_bot": "hard"}
    )
    assert handed.plays_as_bot and handed.level == "hard" and handed.status == "handed"


def _play_to_the_end(seed: int) -> None:
    """A whole game: host + 2 guests, random legal moves; every guest board is
    drawn from its own view and never names another seat's hidden weapon."""
    hub, peers = _table(3)
    hub.route(hub.host.start())
    hub.flush()
    rng = random.Random(seed)
    turns = 0
    while hub.host.phase == "playing":
        turns += 1
        assert turns < 2000
        hidden = _hidden_cards(hub)
        for peer in peers:
            inp = _board(hub, peer)
            rendered = render_net_board(inp, "en")
            assert rendered.markers["net"] == "guest"
            assert rendered.markers["viewer"] == str(inp.viewer)
            assert rendered.markers["actions"] == str(hub.host.version)
            # the round result shows the last fight's weapons (public since), which
            # a reshuffled deck may deal again as a hidden weapon
            public = _ints(inp.view["result"]) if rendered.markers["phase"] == "result" else set()
            for owner, card in hidden.items():
                if owner != inp.viewer and inp.view["seats"][owner]["hidden"] is None:
                    assert card in public or f'data-card="{card}"' not in rendered.html
        host_render = render_net_board(_board(hub, None), "fr")
        assert host_render.markers["net"] == "host"
        seat = hub.host.to_act()
        assert seat is not None
        if seat == 0:
            action = rng.choice(hub.host.legal_actions(0))
            hub.route(hub.host.host_act(GAME.action_to_json(action)))
        else:
            peer = peers[seat - 1]
            guest = hub.guests[peer]
            inp = _board(hub, peer)
            if board_phase(inp) == "result":
                inp.seen_result = inp.view["result"]["round"]
            assert board_phase(inp) == "human"
            html = render_net_board(inp, "en").html
            buttons = re.findall(r'data-cmd="act" data-kind="[^"]*" data-act="([^"]*)"', html)
            assert len(buttons) == len(guest.legal)
            chosen = json.loads(rng.choice(buttons).replace("&quot;", '"'))
            hub.send(peer, guest.propose(chosen))
        hub.flush()
    for peer in peers:
        rendered = render_net_board(_board(hub, peer, seen_result=99), "en")
        assert rendered.markers["phase"] == "over"
        assert 'id="game-over"' in rendered.html and 'data-cmd="rematch"' not in rendered.html


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_game_is_drawn_for_every_seat(seed: int) -> None:
    _play_to_the_end(seed)


def test_phases_and_badges_of_a_dropped_seat() -> None:
    hub, peers = _table(3)
    hub.route(hub.host.start())
    hub.flush()
    hub.disconnect(peers[0])  # Bob drops
    inp = _board(hub, None, devices=frozenset({1}))
    html = render_net_board(inp, "en").html
    chip = re.search(r'<li class="net-chip" data-seat="1"[^>]*>.*?</li>', html)
    assert chip is not None
    assert 'data-dropped="true"' in chip.group(0)
    assert 'data-cmd="net-hand"' in chip.group(0) and 'data-cmd="net-reinvite"' in chip.group(0)
    panel = re.search(r'<li class="seat-panel" data-seat="1"[^>]*>', html)
    assert panel is not None and 'data-dropped="true"' in panel.group(0)
    assert 'data-net-badge="dropped"' in html
    # handed to a bot: the seat plays as a bot, and the host can give it back
    hub.route(hub.host.hand_to_bot(1, "easy"))
    hub.flush()
    html = render_net_board(_board(hub, None), "en").html
    chip = re.search(r'<li class="net-chip" data-seat="1"[^>]*>.*?</li>', html)
    assert chip is not None and 'data-cmd="net-back-seat"' in chip.group(0)
    if hub.host.to_act() == 1:
        assert board_phase(_board(hub, None)) == "bot"
    # guests see the drop too, with no host controls
    guest_html = render_net_board(_board(hub, peers[1]), "en").html
    assert 'data-cmd="net-hand"' not in guest_html and 'data-net-badge="handed"' in guest_html


def test_a_bot_turn_is_the_bot_phase_and_the_others_wait() -> None:
    host = HostSession.new(GAME, {"players": 2}, 3, "Alice")
    host.set_bot(1, "easy")
    host.start()
    bot = make_bot(GAME, "easy")
    for _ in range(200):
        if host.phase != "playing":
            break
        inp = _board(MemoryHub(host), None)
        phase = board_phase(inp)
        seat = host.to_act()
        if inp.view["result"] is not None:
            inp.seen_result = 99
            phase = board_phase(inp)
        assert phase == ("human" if seat == 0 else "bot")
        if seat == 0:
            host.host_act(GAME.action_to_json(host.legal_actions(0)[0]))
        else:
            assert seat is not None
            action = bot(host.view_for(seat), host.legal_actions(seat))
            host.bot_act(seat, GAME.action_to_json(action))


def test_a_refusal_shows_in_the_dock_in_both_languages() -> None:
    hub, peers = _table(3)
    hub.route(hub.host.start())
    hub.flush()
    # kept as its code, the refusal is worded at each draw, in the reader's language
    board = _board(hub, peers[0], notice=Notice.refused("stale", "version 3 is not 4", GAME.name))
    html = render_net_board(board, "fr").html
    assert 'class="notice" role="alert"' in html and "Refusé" in html
    html = render_net_board(board, "en").html
    assert 'class="notice" role="alert"' in html and "Refused" in html and "Refusé" not in html
    assert "over_boss" not in reject_text("illegal:over_boss", "too much", "fr")
    assert reject_text("no_such_code", "", "en") == "Refused: no_such_code"


def test_menu_and_join_screens() -> None:
    rooms = [
        {"room": "abcd1234", "game": GAME.name, "name": "<Alice>", "free": 2},
        # another game's table, and one that names no game: not this page's to join
        {"room": "duel5678", "game": "duel", "name": "Dan", "free": 1},
        {"room": "nogame90", "name": "Old", "free": 1},
    ]
    html = render_net_menu("en", game=GAME.name, name="Bob", rooms=rooms, ice="stun:x:1")
    assert 'data-cmd="net-join-tab" data-room="abcd1234"' in html
    assert "duel5678" not in html and "nogame90" not in html
    assert "&lt;Alice&gt;" in html and "<Alice>" not in html
    assert 'id="net-ice"' in html and "stun:x:1" in html
    duel = render_net_menu("en", game="duel", name="Bob", rooms=rooms, ice="")
    assert 'data-room="duel5678"' in duel and "abcd1234" not in duel
    html = render_net_menu("fr", game=GAME.name, name="", rooms=rooms[1:], ice="")
    assert 'id="net-rooms-none"' in html
    assert 'data-cmd="net-join-rtc"' in render_join("en", name="Bob")
    assert 'data-cmd="net-join-rtc"' not in render_join("en", name="Bob", answering=True)
    lost = render_join("fr", name="Bob", notice="<perdu>", need_invite=True)
    assert "Connexion perdue" in lost and "&lt;perdu&gt;" in lost
    waiting = render_connecting("en", notice="gone")
    assert 'data-cmd="net-leave"' in waiting and 'role="alert"' in waiting


def test_ice_servers_setting() -> None:
    assert parse_ice("") == []
    assert parse_ice(" stun:stun.example.org:3478 \n\nturn:t.example.org:3478 u p\n") == [
        {"urls": "stun:stun.example.org:3478"},
        {"urls": "turn:t.example.org:3478", "username": "u", "credential": "p"},
    ]
    for bad in ("http://example.org", "stun:x extra", "javascript:alert(1)"):
        with pytest.raises(IceError):
            parse_ice(bad)


def test_storage_records_are_strict_and_hold_no_card() -> None:
    guest = GuestSession("Bob", token="tok", game=GAME)
    record = GuestRecord("Bob", "room_1234", "tabs", guest.to_save())
    text = record.to_json()
    assert GuestRecord.from_json(text) == record
    assert set(json.loads(text)) == {"name", "room", "via", "session"}
    assert set(json.loads(json.loads(text)["session"])) <= {
        "save",
        "version",
        "name",
        "token",
        "seat",
    }
    for bad in ("", "[]", "{}", text.replace('"tabs"', '"pigeon"'), None, 3):
        assert GuestRecord.from_json(bad) is None
    host = HostRecord("room_1234", "{}", 2, (1, 3))
    assert HostRecord.from_json(host.to_json()) == host
    assert HostRecord.from_json(host.to_json().replace(":2,", ":-1,")) is None
    assert HostRecord.from_json(host.to_json().replace("[1,3]", '["1"]')) is None
    assert clean_name("  Bob \u0007  le   Brave ") == "Bob le Brave"
    assert clean_name("x" * 40) == "x" * 20


def test_the_records_are_named_after_their_game() -> None:
    """A record of one game is never read on another game's page; Boss Quest's
    keep the names they had before the site offered several games."""
    assert guest_key("bossquest") == GUEST_KEY == "bossquest.net.guest.v1"
    assert host_key("bossquest") == HOST_KEY == "bossquest.net.host.v1"
    assert host_sealed_prefix("bossquest") == HOST_SEALED_PREFIX == "bossquest.net.host.v2."
    assert hosting_key("bossquest") == HOSTING_KEY == "bossquest.net.hosting.v1"
    for name in (guest_key, host_key, host_sealed_prefix, hosting_key):
        assert name("duel").startswith("duel.net.") and name("duel") != name("bossquest")
    # net.js's hostStore names the sealed records, the mark and the guest's record alike
    script = (Path(__file__).parent.parent / "site" / "assets" / "net.js").read_text("utf-8")
    for name in (guest_key, host_sealed_prefix, hosting_key):
        assert f'PAGE_GAME + "{name("")}"' in script


@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_says_what_each_option_does(lang: str) -> None:
    """The host's form and the guests' summary show each option's help under
    it (a tooltip showed nothing on a phone), the host's controls described by it."""
    hub, _ = _table(3)
    seats = seat_statuses(hub.host.seats_status())
    options = hub.host.options
    host = render_lobby("host", seats, options, lang, game=GAME.name, own_seat=0)
    guest = render_lobby("guest", seats, options, lang, game=GAME.name, own_seat=1)
    declared = GAME.declared_options.options
    assert len(declared) >= 3
    for option in declared:
        help_html = e(option.help[lang])
        assert f'<p class="net-help" id="net-opt-{option.key}-help">{help_html}</p>' in host
        assert f'aria-describedby="net-opt-{option.key}-help"' in host
        assert f'<span class="net-help">{help_html}</span>' in guest
    assert "title=" not in host


def test_the_lobby_draws_the_swatches_of_the_games_listing() -> None:
    """The swatch before an option's label is the one the game's listing
    declares (the menu's too); the shell names no option. Icon badges stay
    the menu's, as the lobby always had it."""
    hub, _ = _table(3)
    seats = seat_statuses(hub.host.seats_status())
    host = render_lobby("host", seats, hub.host.options, "en", game=GAME.name, own_seat=0)
    badges = get_client(GAME.name).listing.badges
    swatches = {key: spec for key, spec in badges.items() if spec.startswith("swatch:")}
    assert swatches and len(swatches) < len(badges)
    for key in badges:
        label = re.search(rf'data-net-opt="{key}".*?</label>', host)
        assert label is not None, key
        drawn = option_badge(badges[key])
        assert (drawn in label.group(0)) if key in swatches else ("aria-hidden" not in drawn)
    assert host.count('data-color="') == len(swatches)
    assert option_badge("swatch:gem:red") == (
        '<span class="gem" data-color="red" aria-hidden="true"></span>'
    )
    assert option_badge("icon:flask") == option_badge("") == ""


# ------------------------------------------------------------------ issue 27


@pytest.mark.parametrize(
    ("lang", "free", "said"),
    [
        ("en", 0, "0 free seats"),
        ("en", 1, "1 free seat"),
        ("en", 3, "3 free seats"),
        ("fr", 0, "0 place libre"),
        ("fr", 1, "1 place libre"),
        ("fr", 2, "2 places libres"),
    ],
)
def test_the_free_seats_follow_each_languages_plural(lang: str, free: int, said: str) -> None:
    rooms = [{"room": "abcd1234", "game": GAME.name, "name": "Ann", "free": free, "phase": "lobby"}]
    html = render_net_menu(lang, game=GAME.name, name="", rooms=rooms, ice="")
    assert f'<span class="net-room-free">{said}</span>' in html


def test_every_count_of_network_play_has_its_plural() -> None:
    """Every count phrase ("{n} ...") has a key for one and one for many, and
    "0" reads as each language says it (English plural, French singular)."""
    counted = [key for key, texts in NET_STRINGS.items() if "{n}" in texts["en"]]
    ones = [key for key in counted if key.endswith("_one")]
    # "Bot {n}" is a name, not a count
    assert sorted(set(counted) - {"bot_name"}) == sorted(
        [*ones, *(key.removesuffix("_one") + "_many" for key in ones)]
    )
    for key in ones:
        many = key.removesuffix("_one") + "_many"
        assert ntr.plural(key, many, 0, "en") == ntr(many, "en", n=0)
        assert ntr.plural(key, many, 0, "fr") == ntr(key, "fr", n=0)


def test_the_ice_servers_are_under_an_advanced_fold_closed_by_default() -> None:
    html = render_net_menu("en", game=GAME.name, name="", rooms=[], ice="stun:x:1")
    fold = re.search(r'<details class="net-block net-advanced" id="net-advanced"([^>]*)>', html)
    assert fold is not None and "open" not in fold.group(1)
    assert "<summary>Advanced</summary>" in html
    inside = html[fold.end() : html.index("</details>", fold.end())]
    assert 'id="net-ice"' in inside and "stun:x:1" in inside
    assert "<summary>Avancé</summary>" in render_net_menu(
        "fr", game=GAME.name, name="", rooms=[], ice=""
    )
    corrected = render_net_menu(
        "en", game=GAME.name, name="", rooms=[], ice="x", advanced_open=True
    )
    assert re.search(r'<details class="net-block net-advanced" id="net-advanced" open>', corrected)


def test_online_bots_are_named_as_local_ones_and_a_guest_sees_the_games_name() -> None:
    hub, peers = _table(4)
    hub.route(hub.host.set_bot(3, "hard"))
    hub.flush()
    seats = seat_statuses(hub.host.seats_status())
    html = render_lobby("host", seats, hub.host.options, "en", game=GAME.name, own_seat=0)
    # seat 4's bot goes by the name the local menu gives seat 4 (Boss Quest's knights)
    assert '<span class="net-seat-name">Guinevere</span>' in html
    french = render_lobby("host", seats, hub.host.options, "fr", game=GAME.name, own_seat=0)
    assert '<span class="net-seat-name">Guenièvre</span>' in french
    # a person at the table who goes by that name keeps it: the bot is then "Bot 4"
    taken = [s if s.seat != 2 else SeatStatus(2, "guinevere", "guest") for s in seats]
    assert seat_names(taken, "en", GAME.name)[3] == "Bot 4"
    hub.route(hub.host.start())
    hub.flush()
    guest = render_net_board(_board(hub, peers[0]), "en").html
    assert '<span class="net-role">Boss Quest · Alice&#x27;s game</span>' in guest
    assert "guest" not in re.search(r'class="net-role">([^<]*)<', guest).group(1)  # type: ignore[union-attr]
    assert "Boss Quest · partie de Alice" in render_net_board(_board(hub, peers[0]), "fr").html


def test_a_host_leaving_the_board_is_told_the_game_ends_for_its_guests() -> None:
    hub, peers = _table(3)
    hub.route(hub.host.start())
    hub.flush()
    host = render_net_board(_board(hub, None, confirm_quit=True), "en").html
    assert "If you leave, the game ends for all your guests." in host
    guest = render_net_board(_board(hub, peers[0], confirm_quit=True), "en").html
    assert "Leave this online game?" in guest and "all your guests" not in guest


def test_a_seat_that_made_its_hidden_choice_may_change_it_but_is_not_awaited() -> None:
    """In Raid's draft every seat picks at once and may change its pick until
    the last one: once Ben has picked, his board still offers his cards
    ("human"), but the seat everyone waits for, on every board, is another."""
    include_test_games()
    raid = get_game("raid")
    host, hub, guests = seated_session(raid, 3, 4)
    peer, ben = guests[1]
    hub.send(peer, ben.propose({"type": "pick", "card": host.state.hands[1][0]}))
    hub.flush()
    assert ben.last_reject is None and ben.legal
    board = BoardInput(
        game="raid",
        role="guest",
        viewer=1,
        view=ben.view or {},
        legal=[raid.action_from_json(a) for a in ben.legal],
        events=ben.events,
        seats=seat_statuses(ben.seats),
        version=ben.version or 0,
    )
    drawn = render_net_board(board, "en")
    assert drawn.markers["phase"] == "human"
    assert drawn.markers["to-act"] in ("0", "2")
    assert [status.thinking for status in board.seats] == [True, False, True]
