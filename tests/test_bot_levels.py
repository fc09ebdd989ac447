"""Bot levels declared by the game, per role (engine/options.py, modes.py):
the declaration's checks, and every place that offers or accepts a level (the
settings, the host and its saves, the lobby and the strip, the arena and the
command line) offering exactly the levels of each seat's role. The test game
Raid declares them: a Boss bot is normal or wary, a hero bot easy or normal."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest

from game.duel import GAME as DUEL
from game.engine.arena import run_arena
from game.engine.bots import check_seat_level, level_problems, seat_levels
from game.engine.cli import main
from game.engine.client import Scene
from game.engine.errors import MalformedData
from game.engine.modes import STANDARD_LEVELS, BotLevel, Mode, Role
from game.engine.options import OptionsDeclaration
from game.net import HostSession, SessionError
from game.raid import GAME as RAID
from game.registry import CLIENTS, GAMES, TEST_CLIENTS, get_client
from game.web.net_view import (
    BoardInput,
    render_lobby,
    render_net_board,
    seat_level_choices,
    seat_statuses,
)
from game.web.session import SaveError, Session
from game.web.settings import parse_settings

FOUR = RAID.normalize_options({"players": 4})  # seat 0 the Boss, 1 to 3 heroes
FR_EN = ("fr", "en")


@pytest.fixture(autouse=True)
def _test_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Raid and Duel registered for each test alone (registering them when the
    module loads would change the games other modules collect)."""
    for game in (RAID, DUEL):
        monkeypatch.setitem(GAMES, game.name, game)
        monkeypatch.setitem(CLIENTS, game.name, TEST_CLIENTS[game.name])


def _settings(levels: list[str | None], version: int = 3) -> str:
    players: list[dict[str, Any]] = []
    for seat, level in enumerate(levels):
        player: dict[str, Any] = {"seat": seat, "name": f"P{seat}", "kind": "human"}
        if level is not None:
            player.update(kind="bot", level=level)
        players.append(player)
    return json.dumps(
        {"version": version, "game": "raid", "lang": "en", "players": players, "hint": False}
    )


# --------------------------------------------------------------- the declaration


def _declared(**changes: Any) -> OptionsDeclaration:
    roles = (
        Role("dragon", {"fr": "Dragon", "en": "Dragon"}, 1, ("gentle", "fair"), "fair"),
        Role("hero", {"fr": "Héros", "en": "Hero"}, None, ("easy", "normal")),
    )
    mode = Mode(
        "party", {"fr": "Groupe", "en": "Party"}, 2, 4, 3, roles=changes.pop("roles", roles)
    )
    levels = (
        *STANDARD_LEVELS[:2],
        BotLevel("gentle", {"fr": "Clément", "en": "Gentle"}),
        BotLevel("fair", {"fr": "Loyal", "en": "Fair"}),
    )
    fields: dict[str, Any] = {"modes": (mode,), "levels": levels, **changes}
    return OptionsDeclaration(2, 4, 3, **fields)


def test_each_role_offers_its_levels_easiest_first_with_its_default() -> None:
    declared = _declared()
    options = declared.normalize({"players": 3})
    hero = ("easy", "normal")
    assert declared.seat_levels(options) == (("gentle", "fair"), hero, hero)
    assert declared.seat_default_levels(options) == ("fair", "normal", "normal")
    roles = declared.to_json()["modes"][0]["roles"]
    assert [(r["id"], r["levels"], r["default_level"]) for r in roles] == [
        ("dragon", ["gentle", "fair"], "fair"),
        ("hero", ["easy", "normal"], "normal"),
    ]
    assert declared.level_label("fair", "fr") == "Loyal"


def test_a_game_that_declares_no_level_offers_easy_normal_hard_everywhere() -> None:
    declared = OptionsDeclaration(2, 4, 2)
    options = declared.normalize({"players": 3})
    assert declared.seat_levels(options) == (("easy", "normal", "hard"),) * 3
    assert declared.seat_default_levels(options) == ("normal",) * 3


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"default_level": "hard"}, "default bot level 'hard' is not declared"),
        ({"levels": ()}, "at least one bot level"),
        ({"levels": (*STANDARD_LEVELS, STANDARD_LEVELS[0])}, "each once"),
        ({"levels": (BotLevel("random", {"fr": "Hasard", "en": "Chance"}),)}, "not 'random'"),
        ({"levels": (BotLevel("easy", {"fr": "Facile"}),)}, "label"),
        ({"roles": (Role("hero", {"fr": "H", "en": "H"}, None, ("easy", "wild")),)}, "wild"),
        ({"roles": (Role("hero", {"fr": "H", "en": "H"}, None, ("normal", "easy")),)}, "order"),
        ({"roles": (Role("hero", {"fr": "H", "en": "H"}, None, ("gentle", "fair")),)}, "'normal'"),
        ({"roles": (Role("hero", {"fr": "H", "en": "H"}, None, ("easy",), "fair"),)}, "'fair'"),
    ],
)
def test_a_bad_level_declaration_is_refused_with_its_reason(
    changes: dict[str, Any], reason: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)):
        _declared(**changes)


def test_every_game_has_a_bot_for_each_level_it_declares() -> None:
    for game in GAMES.values():
        assert level_problems(game) == []
    duel = DUEL
    wild = BotLevel("wild", {"fr": "Sauvage", "en": "Wild"})

    class WildDuel(type(duel)):  # type: ignore[misc]
        declared_options = replace(duel.declared_options, levels=(*STANDARD_LEVELS, wild))

    assert level_problems(WildDuel()) == [
        "duel: declared bot level 'wild' has no bot (known: random, normal, easy, hard)"
    ]


def test_every_level_label_is_written_in_both_languages() -> None:
    for game in GAMES.values():
        for level in game.declared_options.levels:
            assert {lang: bool(level.label[lang].strip()) for lang in FR_EN} == {
                "fr": True,
                "en": True,
            }, (game.name, level.id)
    words = {level.id: dict(level.label) for level in RAID.declared_options.levels}
    assert words["wary"] == {"fr": "Prudent", "en": "Wary"}


# ------------------------------------------------------------------ the engine


def test_a_seat_accepts_the_levels_of_its_role_and_random() -> None:
    assert seat_levels(RAID, FOUR) == (("normal", "wary"),) + (("easy", "normal"),) * 3
    assert check_seat_level(RAID, FOUR, 0, "wary") == "wary"
    assert check_seat_level(RAID, FOUR, 2, "random") == "random"
    with pytest.raises(
        MalformedData, match=re.escape("not offered at seat 1 (role hero); it offers: easy")
    ):
        check_seat_level(RAID, FOUR, 1, "wary")
    with pytest.raises(MalformedData, match="unknown bot level 'hard'"):
        check_seat_level(RAID, FOUR, 0, "hard")


def test_the_arena_refuses_a_level_that_a_bots_role_does_not_offer() -> None:
    with pytest.raises(MalformedData, match=re.escape("not offered at seat 0 (role boss)")):
        run_arena(RAID, FOUR, ["easy", "normal", "normal", "normal"], games=1, seed=1)
    report = run_arena(RAID, {"players": 3}, ["wary", "easy", "normal"], games=1, seed=1)
    assert report.games == 1


# ---------------------------------------------------------------- the settings


def test_settings_accept_each_seat_a_level_of_its_role() -> None:
    settings = parse_settings(_settings(["wary", None, "easy", "normal"]))
    assert [player.level for player in settings.players[::2]] == ["wary", "easy"]


@pytest.mark.parametrize(
    ("levels", "reason"),
    [
        (["easy", None, "normal", "normal"], "player 0 level 'easy' is not offered"),
        (["normal", None, "wary", "normal"], "player 2 level 'wary' is not offered"),
        (["normal", None, "hard", "normal"], "player 2 level 'hard' is not offered"),
    ],
)
def test_settings_refuse_a_level_the_seat_does_not_offer(
    levels: list[str | None], reason: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)) as refused:
        parse_settings(_settings(levels))
    assert "it offers" in str(refused.value)


# ---------------------------------------------------------------------- the host


def _host(players: int = 4) -> HostSession:
    return HostSession.new(RAID, {"players": players}, 3, "Alice")


def _dropped_guest_at(host: HostSession, index: int) -> None:
    """A guest who sat at `index`, then lost its connection."""
    seat = host.seats[index]
    seat.kind, seat.name, seat.token_hash, seat.peer = "guest", "Bob", "0" * 64, None


def test_the_host_seats_only_bots_of_a_level_the_role_offers() -> None:
    host = _host()
    host.take_seat(1)  # the host plays a hero; the Boss's seat 0 is open
    host.set_bot(0, "wary")
    with pytest.raises(SessionError, match="not offered at seat 0") as refused:
        host.set_bot(0, "easy")
    assert refused.value.code == "bad_level"
    with pytest.raises(SessionError, match="not offered at seat 2"):
        host.set_bot(2, "wary")
    assert host.seats[0].level == "wary"
    host.set_bot(0, None)
    with pytest.raises(SessionError, match="not offered at seat 0"):
        host.fill_with_bots("easy")  # the Boss's seat is open: refused, nothing changes
    assert [seat.kind for seat in host.seats] == ["open", "host", "open", "open"]
    host.fill_with_bots()  # each seat at its role's default
    assert [seat.level for seat in host.seats] == ["normal", None, "normal", "normal"]


def test_a_bot_keeps_a_level_its_new_role_offers_or_takes_the_default() -> None:
    raid = RAID.declared_options
    boss, hero = raid.modes[0].roles
    # a second mode of Raid where the Boss sits last: seats change role
    last = Mode("last", {"fr": "Boss en dernier", "en": "Boss last"}, 3, 6, 4, (hero, boss))

    class TwoModeRaid(type(RAID)):  # type: ignore[misc]
        declared_options = replace(raid, modes=(raid.modes[0], last))

    host = HostSession.new(TwoModeRaid(), {"players": 4}, 3, "Alice")
    host.take_seat(1)
    host.set_bot(0, "wary")
    host.set_bot(2, "easy")
    host.set_bot(3, "easy")
    host.set_options({"players": 4, "mode": "last"})
    # seat 0 is a hero now (no wary hero), seat 3 the Boss (no easy Boss)
    assert [seat.level for seat in host.seats] == ["normal", None, "easy", "normal"]
    host.set_options({"players": 3})
    assert [seat.level for seat in host.seats] == ["normal", None, "easy"]


def test_the_host_hands_a_seat_to_a_bot_of_its_role() -> None:
    host = _host(3)
    host.take_seat(1)  # the host plays a hero; the Boss's seat 0 is open
    host.set_bot(2, "normal")
    _dropped_guest_at(host, 0)
    host.start()
    with pytest.raises(SessionError, match="not offered at seat 0"):
        host.hand_to_bot(0, "easy")
    host.hand_to_bot(0)
    assert host.seats[0].handed == "normal" and host.bot_level(0) == "normal"
    host.hand_to_bot(0, "wary")
    assert host.bot_level(0) == "wary"


def test_a_host_save_with_a_level_its_seat_does_not_offer_is_refused() -> None:
    host = _host(3)
    host.take_seat(1)
    host.set_bot(0, "wary")
    host.set_bot(2, "easy")
    text = host.to_save()
    again = HostSession.from_save(RAID, text)
    assert [seat.level for seat in again.seats] == ["wary", None, "easy"]
    data = json.loads(text)
    data["seats"][2]["level"] = "wary"
    with pytest.raises(MalformedData, match=re.escape("seats[2].level must be a level its seat")):
        HostSession.from_save(RAID, json.dumps(data))


# ------------------------------------------------------------ the lobby, the strip


def test_the_lobby_offers_each_open_seat_the_levels_of_its_role_in_the_games_words() -> None:
    host = _host()
    host.take_seat(1)
    seats = seat_statuses(host.seats_status())
    assert seat_level_choices(host.options, "raid", 4)[0] == ("normal", "wary")
    for lang, wary, easy in (
        ("fr", "Robot · Prudent", "Robot · Facile"),
        ("en", "Bot · Wary", "Bot · Easy"),
    ):
        html = render_lobby("host", seats, host.options, lang, game="raid", own_seat=1)
        boss = re.findall(r'data-cmd="net-bot" data-seat="0" data-level="(\w+)">([^<]+)<', html)
        hero = re.findall(r'data-cmd="net-bot" data-seat="2" data-level="(\w+)">([^<]+)<', html)
        assert [level for level, _ in boss] == ["normal", "wary"]
        assert [level for level, _ in hero] == ["easy", "normal"]
        assert boss[1][1].replace("&#x27;", "'") == wary and hero[0][1] == easy
    host.set_bot(0, "wary")
    html = render_lobby(
        "host", seat_statuses(host.seats_status()), host.options, "fr", game="raid", own_seat=1
    )
    assert "Robot · Prudent" in html


def test_the_strip_hands_a_dropped_seat_to_the_levels_of_its_role() -> None:
    host = _host(3)
    host.take_seat(1)
    host.set_bot(2, "easy")
    _dropped_guest_at(host, 0)
    host.start()
    inp = BoardInput(
        game="raid",
        role="host",
        viewer=1,
        view=host.view_for(1),
        legal=host.legal_actions(1),
        events=host.events_for(1),
        seats=seat_statuses(host.seats_status()),
        version=host.version,
        options=host.options,
    )
    html = render_net_board(inp, "en").html
    hand = re.findall(r'data-cmd="net-hand" data-seat="0" data-level="(\w+)">([^<]+)<', html)
    assert hand == [("normal", "Normal"), ("wary", "Wary")]


# ------------------------------------------------------------------- the board


def test_the_board_names_each_bots_level_in_the_games_words() -> None:
    session = Session.new(parse_settings(_settings(["wary", None, "easy", "normal"])), 4)
    assert session.level_words("fr") == ["Prudent", "", "Facile", "Normal"]
    html = session.render("en").html
    boss = html[html.index('data-seat="0"') : html.index('data-seat="1"')]
    assert "bot · Wary" in boss and "bot · Easy" not in boss


def test_hero_realms_board_names_a_bots_level_in_the_declared_words() -> None:
    """The Dragon draws its seats with Hero Realms' board: a level of its own
    ("fair") must be named from the declaration, not from the board's words."""
    players = [
        {"seat": 0, "name": "Ann", "kind": "human"},
        {"seat": 1, "name": "Bot", "kind": "bot", "level": "hard"},
    ]
    text = json.dumps(
        {"version": 3, "game": "herorealms", "lang": "fr", "players": players, "hint": False}
    )
    session = Session.new(parse_settings(text), 2)
    assert "Robot · Difficile" in session.render("fr").html
    view = session.table.view()
    scene = Scene(view, ["Ann", "Bot"], ["human", "bot"], "en", ["", "fair"], ["", "Fair"])
    assert "Bot · Fair" in get_client("herorealms").render_table(scene)


def test_the_arena_command_refuses_a_level_a_seats_role_does_not_offer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["arena", "--game", "raid", "--players", "3", "--games", "1"]
    assert main(GAMES, [*argv, "--bots", "easy,easy,normal"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: bot level 'easy' is not offered at seat 0 (role boss)")
    assert "it offers: normal, wary" in err and "Traceback" not in err
    lines: list[str] = []
    assert main(GAMES, [*argv, "--bots", "wary,easy,random"], lines.append) == 0
    assert json.loads(lines[0])["games"] == 1


def test_a_saved_game_keeps_its_levels_and_one_not_offered_is_refused() -> None:
    session = Session.new(parse_settings(_settings(["wary", None, "easy", "normal"])), 4)
    text = session.to_save()
    assert Session.from_save(text).levels() == ["wary", "", "easy", "normal"]
    data = json.loads(text)
    data["settings"]["players"][2]["level"] = "wary"
    with pytest.raises(SaveError, match=re.escape("player 2 level 'wary' is not offered")):
        Session.from_save(json.dumps(data))


@pytest.mark.parametrize("game", ["duel", "bossquest", "theboss", "herorealms"])
def test_a_board_names_a_bots_level_in_the_declared_words(game: str) -> None:
    """The words the menu and the lobby show (``Scene.level_words``), not a
    board's own: "Difficile", never a lower-case "difficile" of its own."""
    players = [
        {"seat": 0, "name": "Ann", "kind": "human"},
        {"seat": 1, "name": "Bot", "kind": "bot", "level": "hard"},
    ]
    text = json.dumps({"version": 3, "game": game, "lang": "fr", "players": players, "hint": False})
    html = Session.new(parse_settings(text), 2).render("fr").html
    words = re.sub(r"<[^>]+>", "", html)
    assert re.search(r"· ?Difficile", words) and not re.search(r"· ?difficile", words)
