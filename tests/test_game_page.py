"""The game page's local play as a worker's controller (game/web/game_page.py),
under CPython: the page's messages in, JSON out, played against a page double
that keeps the page's storage from ``store`` and the worker's ``later`` as
py-worker.js does. The reference is ``Session``, driven directly."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

import build
from game.web.game_page import LOCAL_TOKEN, GamePage
from game.web.session import LEGACY_SAVE_KEY, Outcome, Session, save_key
from game.web.settings import parse_settings
from game.web.worker_link import Message, Pages, answer
from tests.test_web_session import CARD, OWN_HIDDEN, buttons, choose

KEY = save_key("bossquest")
BASE = "https://example.test/play/"
#: the browser tests' address: a known deal, bots that play at once
SEARCH = "?game=bossquest&seed=5&botdelay=0"


@cache
def catalogue() -> str:
    """The whole catalogue, as the game page carries it (``#catalogue``)."""
    return build.catalogue_json()


def settings_json(kinds: list[str], level: str = "normal", game: str = "bossquest") -> str:
    """The menu's settings (version 3): Knight0, Knight1, ... of these kinds."""
    players = [
        {
            "seat": i,
            "name": f"Knight{i}",
            "kind": kind,
            **({"level": level} if kind == "bot" else {}),
        }
        for i, kind in enumerate(kinds)
    ]
    data = {"version": 3, "game": game, "lang": "en", "players": players, "options": {}}
    return json.dumps({**data, "hint": False})


def kinds(replies: list[Message]) -> list[str]:
    return [reply["kind"] for reply in replies]


def without_seq(markers: dict[str, str]) -> dict[str, str]:
    return {name: value for name, value in markers.items() if name != "seq"}


class PageDouble:
    """The page and py-worker.js around a ``GamePage``: every message crosses as
    JSON both ways; ``store`` writes ``local``; ``later`` is kept for ``tick``."""

    def __init__(self) -> None:
        self.python = GamePage()
        self.local: dict[str, str] = {}
        #: the tokens of the worker's ``later`` messages, oldest first
        self.laters: list[str] = []
        self.draws: list[Message] = []

    def send(self, **message: Any) -> list[Message]:
        replies = json.loads(json.dumps(self.python.handle(json.loads(json.dumps(message)))))
        assert isinstance(replies, list)
        for reply in replies:
            if reply["kind"] == "store":
                assert reply["area"] == "local"
                if reply["value"] is None:
                    self.local.pop(reply["key"], None)
                else:
                    self.local[reply["key"]] = reply["value"]
            elif reply["kind"] == "later":
                self.laters.append(reply["token"])
            elif reply["kind"] == "draw":
                self.draws.append(reply)
        return [reply for reply in replies if reply["kind"] != "later"]

    def open(self, search: str = SEARCH, lang: str = "en", **fields: Any) -> list[Message]:
        message = {
            "kind": "open",
            "page": "game",
            "search": search,
            "base": BASE,
            "catalogue": catalogue(),
            "lang": lang,
            "storage": {"local": dict(self.local), "session": {}},
        }
        return self.send(**{**message, **fields})

    def tick(self) -> list[Message]:
        """The worker's tick for the oldest ``later``."""
        return self.send(kind="tick", token=self.laters.pop(0))

    def bots(self) -> list[list[Message]]:
        """Tick until no ``later`` is awaited; the answers of each tick."""
        batches = []
        while self.laters:
            batches.append(self.tick())
        return batches

    @property
    def board(self) -> Message:
        return self.draws[-1]


def opened(kinds_: list[str], level: str = "normal", search: str = SEARCH) -> PageDouble:
    page = PageDouble()
    page.open(search)
    page.send(kind="start", settings=settings_json(kinds_, level))
    return page


def assert_saved_before_drawn(batch: list[Message], page: PageDouble) -> None:
    """A batch that draws a game has saved it first, and the save is the game drawn."""
    order = kinds(batch)
    if "draw" not in order:
        return
    assert "store" in order and order.index("store") < order.index("draw"), order
    draw = batch[order.index("draw")]
    session = page.python.session
    assert session is not None
    if session.game.is_over(session.table.state):
        assert KEY not in page.local  # a finished game is not resumable: no save
        return
    saved = Session.from_save(page.local[KEY])
    assert str(saved.actions_played()) == draw["markers"]["actions"]


# ------------------------------------------------------------------ the link


def test_the_worker_opens_the_game_page_by_name() -> None:
    pages = Pages()
    open_message = {
        "kind": "open",
        "page": "game",
        "search": SEARCH,
        "catalogue": catalogue(),
        "lang": "en",
    }
    # network play beside it (net_page.game_page) has looked for hosted games to resume
    assert kinds(json.loads(answer(json.dumps(open_message), pages))) == ["offers", "ready"]
    start = {"kind": "start", "settings": settings_json(["human", "bot"])}
    assert kinds(json.loads(answer(json.dumps(start), pages)))[:3] == ["notice", "store", "draw"]
    # what the controller cannot take is a warning, never the worker's failure
    replies = json.loads(answer(json.dumps({"kind": "click", "cmd": 7}), pages))
    assert kinds(replies) == ["warn"] and "cmd must be text" in replies[0]["text"]


# ------------------------------------------------------------------ opening


def test_a_page_with_no_save_opens_on_its_menu() -> None:
    assert PageDouble().open() == [{"kind": "ready", "game": "bossquest"}]
    # the home of several games shows none; a game it does not offer is none
    assert PageDouble().open(search="") == [{"kind": "ready", "game": ""}]
    assert PageDouble().open(search="?game=chess") == [{"kind": "ready", "game": ""}]
    # a site of one game: its home is that game's menu
    one = json.dumps({"games": [{"name": "theboss"}]})
    assert PageDouble().open(search="", catalogue=one)[-1] == {"kind": "ready", "game": "theboss"}


def _saved(kinds_: list[str], moves: int = 4, seed: int = 8) -> Session:
    """A game some moves in, at a human's turn, as the page saved it."""
    session = Session.new(parse_settings(settings_json(kinds_)), seed)
    while session.actions_played() < moves or session.phase() != "human":
        if session.phase() == "bot":
            session.bot_step()
        elif session.phase() == "human":
            session.command("act", buttons(session.render("en").html)[0][1])
        else:
            session.command("continue" if session.phase() == "result" else "reveal")
    return session


def test_a_saved_game_resumes_as_the_session_would() -> None:
    text = _saved(["human", "bot"]).to_save()
    page = PageDouble()
    page.local[KEY] = text
    replies = page.open(lang="fr")
    assert kinds(replies) == ["notice", "store", "draw", "ready"]
    assert replies[0] == {"kind": "notice", "key": ""}
    twin = Session.resume(text)
    twin.link_base = BASE
    rendered = twin.render("fr")
    draw = replies[2]
    assert draw["html"] == rendered.html and draw["status"] == rendered.status
    assert draw["focus"] == rendered.focus and draw["screen"] == "board"
    assert draw["markers"] == {**rendered.markers, "seq": "1"}
    assert draw["settings"] == twin.settings.to_json()
    assert page.local[KEY] == twin.to_save()


def _finished(kinds_: list[str]) -> tuple[Session, Session]:
    """A game played to its end by its bots, and the same game one move before."""
    session = Session.new(parse_settings(settings_json(kinds_, level="easy")), 11)
    before = session
    while not session.game.is_over(session.table.state):
        if session.phase() == "result":
            assert session.command("continue") == Outcome.RENDER
            continue
        before = Session.from_save(session.to_save())
        assert session.bot_step()
    return before, session


def test_a_finished_game_leaves_no_save_to_resume() -> None:
    """The last move ends the game: the save goes with it (the home then
    offers no Resume, and the game's page opens on its menu), while the end
    screen stays on the board until the player leaves it."""
    before, _ = _finished(["bot", "bot"])
    page = PageDouble()
    page.local[KEY] = before.to_save()
    assert "draw" in kinds(page.open())
    assert KEY in page.local  # one move to go: still a game in progress
    batches = page.bots()
    assert KEY not in page.local
    assert page.board["markers"]["phase"] in ("result", "over")
    assert any(
        reply == {"kind": "store", "area": "local", "key": KEY, "value": None}
        for batch in batches
        for reply in batch
    )
    # a reload now: the menu, and nothing resumed
    again = PageDouble()
    assert kinds(again.open()) == ["ready"] and again.python.session is None


def test_a_finished_game_saved_by_an_older_version_is_dropped_at_open() -> None:
    _, finished = _finished(["bot", "bot"])
    page = PageDouble()
    page.local[KEY] = finished.to_save()
    replies = page.open()
    assert replies == [
        {"kind": "store", "area": "local", "key": KEY, "value": None},
        {"kind": "ready", "game": "bossquest"},
    ]
    assert page.python.session is None


def test_the_homes_play_opens_the_menu_and_keeps_the_game_in_progress() -> None:
    """``?new=1`` (the home's Play) shows the menu to set up a new game; the
    game in progress stays saved until a new one starts (its Resume, without
    ``new``, resumes it)."""
    text = _saved(["human", "bot"]).to_save()
    page = PageDouble()
    page.local[KEY] = text
    assert page.open(search=SEARCH + "&new=1") == [{"kind": "ready", "game": "bossquest"}]
    assert page.local[KEY] == text and page.python.session is None
    assert "draw" in kinds(page.send(kind="start", settings=settings_json(["human", "bot"])))
    assert page.local[KEY] != text
    resumed = PageDouble()
    resumed.local[KEY] = text
    assert "draw" in kinds(resumed.open(search=SEARCH + "&new=0"))


def test_a_pass_and_play_save_resumes_behind_the_curtain() -> None:
    session = _saved(["human", "human", "bot"], moves=6)
    assert session.table.viewer is not None
    page = PageDouble()
    page.local[KEY] = session.to_save()
    draw = page.open()[2]
    assert draw["markers"]["phase"] == "curtain" and draw["markers"]["viewer"] == ""
    assert not CARD.findall(draw["html"]), "whoever reloads sees nobody's cards"
    # the save follows: a second reload shows nobody's board either
    assert Session.from_save(page.local[KEY]).table.viewer is None


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda text: text[: len(text) // 2],
        lambda text: "null",
        lambda text: text.replace('"version":1', '"version":7', 1),
        # a game of The Boss under Boss Quest's key
        lambda text: _saved(["human", "bot"]).to_save().replace("bossquest", "theboss"),
    ],
)
def test_a_corrupt_save_ends_at_the_menu_with_a_notice(corrupt: Any) -> None:
    page = PageDouble()
    page.local[KEY] = corrupt(_saved(["human", "bot"]).to_save())
    replies = page.open()
    assert kinds(replies) == ["store", "clear-board", "screen", "notice", "warn", "ready"]
    assert replies[0] == {"kind": "store", "area": "local", "key": KEY, "value": None}
    assert replies[2] == {"kind": "screen", "screen": "menu"}
    assert replies[3] == {"kind": "notice", "key": "saveCorrupt"}
    assert "the saved game could not be restored" in replies[4]["text"]
    assert KEY not in page.local and page.python.session is None
    # the menu works: a new game starts
    assert "draw" in kinds(page.send(kind="start", settings=settings_json(["human", "bot"])))


def test_a_save_the_board_cannot_show_is_dropped_like_a_corrupt_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(self: Session, lang: str) -> Any:
        raise RuntimeError("no board")

    page = PageDouble()
    page.local[KEY] = _saved(["human", "bot"]).to_save()
    monkeypatch.setattr(Session, "render", broken)
    replies = page.open()
    assert kinds(replies) == ["store", "clear-board", "screen", "notice", "warn", "ready"]
    assert KEY not in page.local and page.python.session is None


def test_boss_quests_older_key_is_moved_before_the_first_draw() -> None:
    text = _saved(["human", "bot"]).to_save()
    page = PageDouble()
    page.local[LEGACY_SAVE_KEY] = text
    replies = page.open()
    assert kinds(replies) == ["store", "store", "notice", "store", "draw", "ready"]
    assert replies[0] == {"kind": "store", "area": "local", "key": LEGACY_SAVE_KEY, "value": None}
    assert replies[1] == {"kind": "store", "area": "local", "key": KEY, "value": text}
    assert set(page.local) == {KEY}
    assert replies[4]["markers"]["actions"] == str(Session.from_save(text).actions_played())
    # the newer key wins, and the older one is left alone
    both = PageDouble()
    both.local = {KEY: text, LEGACY_SAVE_KEY: "older"}
    assert kinds(both.open()) == ["notice", "store", "draw", "ready"]
    assert both.local[LEGACY_SAVE_KEY] == "older"
    # it was Boss Quest's alone: The Boss's page never reads it
    theboss = PageDouble()
    theboss.local[LEGACY_SAVE_KEY] = text
    assert kinds(theboss.open(search="?game=theboss")) == ["ready"]
    assert set(theboss.local) == {LEGACY_SAVE_KEY}


def test_a_key_another_tab_stores_is_what_a_later_resume_reads() -> None:
    page = PageDouble()
    page.open()
    text = _saved(["human", "bot"]).to_save()
    assert page.send(kind="stored", area="local", key=KEY, value=text) == []
    # network play resumes the local save when this tab's hosted game cannot come back
    replies = page.python.resume_saved()
    assert kinds(replies) == ["notice", "store", "draw"]
    assert page.python.resume_saved() == []  # a game is shown: nothing to resume
    page.send(kind="stored", area="local", key=KEY, value=None)
    assert KEY not in page.python.storage["local"]


# ---------------------------------------------------------------- starting


def test_start_saves_the_new_game_before_drawing_it() -> None:
    page = PageDouble()
    page.open()
    text = settings_json(["human", "bot", "bot"])
    replies = page.send(kind="start", settings=text)
    assert kinds(replies) == ["notice", "store", "draw"]
    draw = replies[2]
    twin = Session.new(parse_settings(text), 5)  # ?seed=5: the first game's deal
    twin.link_base = BASE
    assert draw["settings"] == twin.settings.to_json()
    assert draw["html"] == twin.render("en").html
    assert Session.from_save(page.local[KEY]).table.match.seed == 5
    assert (twin.phase() == "bot") == bool(page.laters)  # a bot first: it starts thinking
    # a second Start deals the next seed, and forgets the first game's bots
    page.send(kind="start", settings=text)
    assert Session.from_save(page.local[KEY]).table.match.seed == 6


@pytest.mark.parametrize(
    ("settings", "reason"),
    [
        ("{not json", "bad game settings"),
        (settings_json(["human", "bot"], game="theboss"), "settings for theboss"),
        (settings_json(["human"]), "players must be a list"),
        (json.loads(settings_json(["human", "bot"])), "settings must be the settings' JSON text"),
    ],
)
def test_settings_it_cannot_take_change_nothing(settings: Any, reason: str) -> None:
    page = opened(["human", "bot"])
    before = (page.python.session.to_save() if page.python.session else "", dict(page.local))
    replies = page.send(kind="start", settings=settings)
    assert kinds(replies) == ["warn"] and reason in replies[0]["text"]
    assert page.python.session is not None
    assert (page.python.session.to_save(), page.local) == before


# -------------------------------------------------------------- whole games


def _play(page: PageDouble, twin: Session | None = None, check: Any = None) -> list[Message]:
    """Play to the end as a person clicks and the worker ticks; with `twin`, a
    Session driven alongside as main.py drives it, whose renders must match.
    Returns the ``bot`` messages."""
    lang = page.python.lang
    bot_stats: list[Message] = []
    for _ in range(3000):
        board = page.board
        phase = board["markers"]["phase"]
        if phase == "over":
            return bot_stats
        if page.laters:
            batch = page.tick()
            if twin is not None and "draw" in kinds(batch):
                assert twin.bot_step()
        else:
            if phase == "result":
                cmd, act = "continue", ""
            elif phase == "curtain":
                cmd, act = "reveal", ""
            else:
                assert phase == "human", phase
                cmd, act = "act", choose(board["html"])
            batch = page.send(kind="click", cmd=cmd, act=act)
            if twin is not None:
                assert twin.command(cmd, act) == Outcome.RENDER
            assert "draw" in kinds(batch)
        assert_saved_before_drawn(batch, page)
        order = kinds(batch)
        if "bot" in order:
            assert order.index("bot") > order.index("draw")  # the page fires bq:bot once drawn
            bot_stats.append(batch[order.index("bot")])
        if twin is not None and "draw" in order:
            rendered = twin.render(lang)
            draw = batch[order.index("draw")]
            assert (draw["html"], draw["status"], draw["focus"]) == (
                rendered.html,
                rendered.status,
                rendered.focus,
            )
            assert without_seq(draw["markers"]) == without_seq(rendered.markers)
        if check is not None and "draw" in order:
            check(batch[order.index("draw")])
    raise AssertionError("the game did not end")


def test_a_whole_game_plays_as_the_session_does_on_the_page() -> None:
    page = opened(["human", "bot", "bot"])
    twin = Session.new(parse_settings(settings_json(["human", "bot", "bot"])), 5)
    twin.link_base = BASE
    first = page.board
    assert first["html"] == twin.render("en").html
    draws_before = len(page.draws)
    stats = _play(page, twin)
    assert stats and {bot["stats"]["seat"] for bot in stats} == {1, 2}
    assert all(bot["stats"]["level"] == "normal" for bot in stats)
    # one more data-seq per draw, never repeated
    seqs = [int(draw["markers"]["seq"]) for draw in page.draws]
    assert seqs == list(range(1, len(seqs) + 1)) and len(seqs) > draws_before
    # the end: a rematch deals the next seed; the menu drops the save
    replies = page.send(kind="click", cmd="rematch", act="")
    assert kinds(replies)[:3] == ["notice", "store", "draw"] and "settings" in replies[2]
    assert Session.from_save(page.local[KEY]).table.match.seed == 6
    _play(page)
    replies = page.send(kind="click", cmd="menu", act="")
    assert replies == [
        {"kind": "store", "area": "local", "key": KEY, "value": None},
        {"kind": "clear-board"},
        {"kind": "screen", "screen": "menu"},
        {"kind": "focus", "selector": "#start"},
    ]
    assert KEY not in page.local and page.python.session is None
    assert page.send(kind="click", cmd="act", act="{}") == []  # no game: nothing to do


def test_pass_and_play_draws_never_hold_the_other_humans_hidden_weapon() -> None:
    page = opened(["human", "human", "bot"])
    hidden_seen: dict[tuple[str, int], int] = {}  # (round, seat) -> own hidden card
    phases: set[str] = set()

    def check(draw: Message) -> None:
        session = page.python.session
        assert session is not None
        phase = draw["markers"]["phase"]
        phases.add(phase)
        cards = {int(card) for card in CARD.findall(draw["html"])}
        if phase == "curtain":
            assert not cards, "the curtain shows no card at all"
            return
        if phase in ("result", "over"):
            return  # everything there was revealed by the fight
        viewer = session.table.viewer
        players = session.table.state.players
        rnd = draw["markers"]["round"]
        if viewer is not None:
            own = OWN_HIDDEN.findall(draw["html"])
            assert own == [str(players[viewer].hidden)]
            hidden_seen[(rnd, viewer)] = int(own[0])
        for (seen_round, seat), card in hidden_seen.items():
            if seen_round == rnd and seat != viewer and players[seat].hidden == card:
                assert card not in cards, f"seat {viewer} sees seat {seat}'s hidden {card}"

    stats = _play(page, check=check)
    assert {"curtain", "human", "bot", "result", "over"} <= phases
    assert {seat for _, seat in hidden_seen} == {0, 1}
    assert {key for bot in stats for key in bot["stats"]} == {
        "seat",
        "level",
        "calls",
        "slices",
        "compute_ms",
        "longest_ms",
        "playouts",
        "shared",
        "delay_ms",
        "pace",
    }
    # ?botdelay=0: no bot move waits (game.web.pacing)
    assert {(bot["stats"]["delay_ms"], bot["stats"]["pace"]) for bot in stats} == {(0, "none")}


# ------------------------------------------------------------------- bots


def test_a_hard_bot_thinks_in_ticks_then_moves_saved_drawn_and_reported() -> None:
    page = opened(["human", "bot"], level="hard")  # ?seed=5: the bot begins
    assert page.board["markers"]["phase"] == "bot" and len(page.laters) == 1
    thinking = 0
    while True:
        batch = page.tick()
        if batch:
            break
        thinking += 1  # a task of its search: one more later, nothing drawn
        assert len(page.laters) == 1
    assert kinds(batch) == ["store", "draw", "bot"]
    assert_saved_before_drawn(batch, page)
    stats = batch[2]["stats"]
    assert stats["seat"] == 1 and stats["level"] == "hard" and stats["playouts"] > 0
    # every task but the last (the move, after the delay) was one call of its
    # search; playing the move counts one more, which finds it chosen (as on the page)
    assert stats["calls"] == thinking + 1
    assert batch[1]["markers"]["phase"] == "human"
    assert not page.laters  # the human's turn: nobody thinks


def test_the_bot_delay_is_what_is_left_of_it_once_the_move_is_chosen() -> None:
    page = PageDouble()
    handle = page.python.handle
    page.open(search="?game=bossquest&seed=5&botdelay=750")
    replies = handle({"kind": "start", "settings": settings_json(["human", "bot"])})
    assert replies[-1]["kind"] == "later" and replies[-1]["ms"] == 0  # thinks at once
    move = handle({"kind": "tick", "token": replies[-1]["token"]})
    assert kinds(move) == ["later"] and 0 <= move[0]["ms"] <= 750  # a normal bot: one task
    assert kinds(handle({"kind": "tick", "token": move[0]["token"]})) == ["store", "draw", "bot"]


def test_a_tick_the_page_no_longer_awaits_is_answered_with_nothing() -> None:
    page = opened(["human", "bot"])  # seeds 5 and 6: the bot begins
    first = page.laters.pop()
    # a new game forgets the first one's bot
    page.send(kind="start", settings=settings_json(["human", "bot"]))
    second = page.laters.pop()
    assert second != first
    assert page.send(kind="tick", token=first) == []
    # leaving forgets it too
    page.send(kind="click", cmd="quit-yes", act="")
    assert page.send(kind="tick", token=second) == []
    assert not page.laters
    # a tick is answered once
    page = opened(["human", "bot"])
    third = page.laters.pop()
    assert third.startswith(LOCAL_TOKEN)
    assert page.send(kind="tick", token=third) == []  # its one task: the move is chosen
    assert len(page.laters) == 1  # and is played after the delay
    assert page.send(kind="tick", token=third) == [] and len(page.laters) == 1
    assert kinds(page.tick()) == ["store", "draw", "bot"]
    # a token that is not local play's, with no network play beside it
    assert page.send(kind="tick", token="net/1") == []


def test_bots_wait_while_leaving_is_asked() -> None:
    page = opened(["bot", "bot", "human"])
    assert page.laters
    page.send(kind="click", cmd="quit", act="")
    assert page.bots() == [[]]  # the awaited tick finds no bot due: nothing more
    saved = page.local[KEY]
    replies = page.send(kind="click", cmd="quit-no", act="")
    assert kinds(replies) == ["store", "draw"] and len(page.laters) == 1
    batches = page.bots()
    assert any(kinds(batch) == ["store", "draw", "bot"] for batch in batches)
    assert page.local[KEY] != saved


# ------------------------------------------------------------ a human's play


def _human_turn(page: PageDouble) -> None:
    page.bots()
    while page.board["markers"]["phase"] == "result":
        page.send(kind="click", cmd="continue", act="")
        page.bots()
    assert page.board["markers"]["phase"] == "human"


def test_a_humans_click_is_saved_then_drawn() -> None:
    page = opened(["human", "bot"])
    _human_turn(page)
    actions = int(page.board["markers"]["actions"])
    replies = page.send(kind="click", cmd="act", act=buttons(page.board["html"])[0][1])
    assert kinds(replies) == ["store", "draw"]
    assert_saved_before_drawn(replies, page)
    assert int(replies[1]["markers"]["actions"]) == actions + 1
    # a move refused: drawn with the reason, nothing played, the same save
    _human_turn(page)
    saved = page.local[KEY]
    replies = page.send(kind="click", cmd="act", act='{"type":"ask","count":9}')
    assert kinds(replies) == ["store", "draw"] and page.local[KEY] == saved
    # the share box's copy button is the page's own; an unknown command does nothing
    assert page.send(kind="click", cmd="share-copy", act=None) == []
    assert page.send(kind="click", cmd="dance") == []


def test_undo_takes_the_move_back_in_the_save_too() -> None:
    page = opened(["human", "bot"])
    for _ in range(20):  # moves until one may be taken back (the 4th of this deal)
        _human_turn(page)
        before = page.local[KEY]
        page.send(kind="click", cmd="act", act=buttons(page.board["html"])[0][1])
        if 'data-undo="allowed"' in page.board["html"]:
            break
    else:
        raise AssertionError("no move could be taken back")
    replies = page.send(kind="click", cmd="undo", act="")
    assert kinds(replies) == ["store", "draw"]
    assert Session.from_save(page.local[KEY]).table.match == Session.from_save(before).table.match


def test_a_language_switch_draws_the_board_again_where_it_is() -> None:
    page = PageDouble()
    page.open()
    assert page.send(kind="lang", lang="fr") == []  # no game shown: the menu translates itself
    assert page.send(kind="lang", lang="en") == []
    page.send(kind="start", settings=settings_json(["human", "bot"]))
    _human_turn(page)
    english = page.board
    replies = page.send(kind="lang", lang="fr")
    assert kinds(replies) == ["draw"]
    french = replies[0]
    assert "Plateau de jeu" in french["html"] and "Plateau de jeu" not in english["html"]
    assert french["focus"] == ""  # a language switch leaves the focus alone
    assert "settings" not in french
    assert without_seq(french["markers"]) == without_seq(english["markers"])
    assert int(french["markers"]["seq"]) == int(english["markers"]["seq"]) + 1
    # the next move is drawn in French too
    replies = page.send(kind="click", cmd="act", act=buttons(french["html"])[0][1])
    assert "Manche" in replies[1]["html"]


# ------------------------------------------------------ messages it refuses


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ({"kind": "click", "cmd": 3}, "cmd must be text"),
        ({"kind": "click", "cmd": "act", "act": ["x"]}, "act must be text or null"),
        ({"kind": "start"}, "settings must be"),
        ({"kind": "lang", "lang": "de"}, "lang must be one of"),
        ({"kind": "lang"}, "lang must be one of"),
        ({"kind": "stored", "area": "cookie", "key": "k", "value": "v"}, "area must be"),
        ({"kind": "stored", "area": "local", "key": 1, "value": "v"}, "key must be text"),
        ({"kind": "stored", "area": "local", "key": KEY, "value": 5}, "value must be text"),
        ({"kind": "tick", "token": 1}, "token must be text"),
        ({"kind": "tick"}, "token must be text"),
        ({"kind": "open", "page": "game", "lang": "en"}, "already open"),
        ({"kind": "shuffle"}, "no such message"),
        ({"kind": "x" * 5000}, "no such message"),
        ({"cmd": "act"}, "has no kind"),
        ({"kind": None}, "has no kind"),
    ],
)
def test_a_message_it_cannot_take_is_one_warning_and_changes_nothing(
    message: Message, reason: str
) -> None:
    page = opened(["human", "bot"])  # ?seed=5: the bot begins
    python = page.python
    assert python.session is not None and page.laters
    state = (python.session.to_save(), dict(python.storage["local"]), list(page.laters))
    seq = int(page.board["markers"]["seq"])
    replies = page.send(**message)
    assert kinds(replies) == ["warn"], replies
    assert reason in replies[0]["text"] and replies[0]["text"].startswith("Boss Quest: ")
    assert len(replies[0]["text"]) < 200  # never the message echoed back
    assert python.session is not None
    assert (python.session.to_save(), dict(python.storage["local"]), list(page.laters)) == state
    assert python.lang == "en"
    # the page goes on: the bot plays, drawn next in the count
    assert kinds(page.bots()[-1]) == ["store", "draw", "bot"]
    assert page.board["markers"]["seq"] == str(seq + 1)


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"search": 5}, "search must be text"),
        ({"lang": "xx"}, "lang must be one of"),
        ({"storage": {"local": {KEY: 3}}}, "not text"),
        ({"storage": {"cookies": {}}}, "storage must map"),
        ({"storage": {"local": []}}, "must map keys"),
    ],
)
def test_an_open_it_cannot_take_leaves_the_page_unopened(fields: Message, reason: str) -> None:
    page = PageDouble()
    message = {"kind": "open", "page": "game", "search": SEARCH, "lang": "en", **fields}
    replies = page.send(**message)
    assert kinds(replies) == ["warn"] and reason in replies[0]["text"]
    assert not page.python.opened
    replies = page.send(kind="click", cmd="act", act="")
    assert kinds(replies) == ["warn"] and "not open yet" in replies[0]["text"]
    assert page.open()[-1] == {"kind": "ready", "game": "bossquest"}


def test_a_failure_inside_is_a_warning_that_shows_no_game_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = opened(["human", "bot"])
    _human_turn(page)

    def broken(self: Session, cmd: str, arg: str = "") -> str:
        raise RuntimeError(f"secret hidden weapon {self.table.state}")

    monkeypatch.setattr(Session, "command", broken)
    replies = page.send(kind="click", cmd="act", act="{}")
    text = "Boss Quest: the game page failed on a message 'click' (RuntimeError)"
    assert replies == [{"kind": "warn", "text": text}]


# --------------------------------------------------- network play beside it


class FakeNetwork:
    """What network play's adapter must offer GamePage (game_page.NetworkPlay),
    recording what it is handed."""

    kinds = frozenset({"net-open"})

    def __init__(self, page: GamePage, takes_screen: bool) -> None:
        self.page = page
        self.takes_screen = takes_screen
        self.owns_screen = takes_screen
        self.seen: list[str] = []

    def active(self) -> bool:
        return self.owns_screen

    def open(self, message: Message) -> tuple[bool, list[Message]]:
        self.seen.append("open")
        return self.takes_screen, [{"kind": "lobby", "phase": "resuming", "html": ""}]

    def handle(self, message: Message) -> list[Message]:
        self.seen.append(message["kind"])
        if message["kind"] == "net-open":
            self.owns_screen = True
        return [{"kind": "screen", "screen": "lobby"}] if message["kind"] == "net-open" else []


def _with_network(takes_screen: bool) -> tuple[PageDouble, FakeNetwork]:
    made: list[FakeNetwork] = []

    def make(page: GamePage) -> FakeNetwork:
        made.append(FakeNetwork(page, takes_screen))
        return made[-1]

    page = PageDouble()
    page.python = GamePage(network=make)
    page.local[KEY] = _saved(["human", "bot"]).to_save()
    page.open()
    return page, made[0]


def test_an_online_game_that_resumes_takes_the_screen_before_the_local_save() -> None:
    page, network = _with_network(takes_screen=True)
    assert page.python.session is None and not page.draws  # the local save waits
    assert network.seen == ["open"]
    # the board's clicks, the language, another tab's keys, its ticks: network play's
    page.send(kind="click", cmd="net-react", act="")
    assert page.send(kind="lang", lang="fr") == []
    page.send(kind="stored", area="session", key="bq.net", value="x")
    page.send(kind="tick", token="net/4")
    assert network.seen == ["open", "click", "lang", "stored", "tick"]
    # its own hosted game could not come back: the local save resumes then
    assert kinds(network.page.resume_saved()) == ["notice", "store", "draw"]


def test_the_local_game_resumes_when_network_play_does_not_take_the_screen() -> None:
    page, network = _with_network(takes_screen=False)
    assert page.python.session is not None
    assert kinds(page.send(kind="click", cmd="quit", act="")) == ["store", "draw"]
    assert network.seen == ["open"]  # the local game's click
    assert page.send(kind="net-open") == [{"kind": "screen", "screen": "lobby"}]
    assert page.send(kind="click", cmd="quit-no", act="") == []  # now network play's
    assert page.send(kind="lang", lang="fr") == []  # no local draw under the lobby
    assert page.python.session.confirm_quit


def test_network_play_that_fails_to_open_never_keeps_the_local_game_away() -> None:
    def broken(page: GamePage) -> FakeNetwork:
        raise OSError("no network here")

    page = PageDouble()
    page.python = GamePage(network=broken)
    page.local[KEY] = _saved(["human", "bot"]).to_save()
    replies = page.open()
    assert kinds(replies) == ["warn", "notice", "store", "draw", "ready"]
    assert "online play could not resume (OSError)" in replies[0]["text"]
