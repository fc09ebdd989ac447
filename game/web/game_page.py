"""The game page's local play (runs on Pyodide, in a Web Worker of ``index.html``).

Plain Python with no browser import: it talks to the page
(``site/assets/game-board.js``) in messages (``game.web.worker_link``), so that
the page only draws and listens while Python runs in a worker. ``Session`` decides
everything (what to show, what a click does, when a bot plays); this
controller turns the page's messages into its calls and its results into
messages, keeps the save through the page's storage, and paces the bots.

The page's messages (``GamePage.handle``):

- ``{"kind": "open", "page": "game", "search", "base", "catalogue", "lang",
  "storage": {"local": {key: value}, "session": {key: value}}, ...}``: the
  address's query (``?game=``, ``?seed=``, ``?botdelay=``: game.web.query),
  the page's folder (the replay link's base), the build's catalogue
  (``#catalogue``), the reader's language, and the values the page holds in
  its storage for the keys Python reads (this game's save, and Boss Quest's
  older key). Answered by resuming the saved game, if any and unless the
  address asks for a new game (``?new=1``, the home's Play), or saying it could
  not be read), then ``{"kind": "ready", "game"}`` (the page's game, "" on a
  home of several games), always last.
- ``{"kind": "start", "settings"}``: the menu's Start; ``settings`` is the
  ``bq:start`` event's detail, the settings JSON (game.web.settings).
- ``{"kind": "click", "cmd", "act"}``: a ``[data-cmd]`` button of the board
  (``data-cmd``, ``data-act``). The page copies the replay link itself
  (``share-copy``): Python ignores that one.
- ``{"kind": "lang", "lang"}``: the reader switched language (``bq:lang``);
  the board is drawn again in it, the focus left where it is.
- ``{"kind": "stored", "area", "key", "value"}``: another tab wrote a key the
  page mirrors (a ``storage`` event; ``value`` null when removed).
- ``{"kind": "tick", "token"}``: sent by the worker itself (below).

What Python answers, each batch carried out by the page in order:

- ``{"kind": "store", "area": "local", "key", "value"}``: write (``value``
  null: remove) a key of the page's storage. A batch that saves the game and
  draws it has the ``store`` first, so whoever sees the new ``data-seq``
  finds the save already written (the offline page keeps a game saved after
  every move).
- ``{"kind": "draw", "html", "markers", "status", "focus", "screen"}``: the
  board (``#board-view``), its ``data-*`` markers (``seq``: one more per
  draw since the page opened), the live region's line, a CSS selector to
  focus ("" leaves the focus alone) and the screen to show (``"board"``); a
  new game's first draw carries its ``settings`` JSON too (``#board[data-settings]``).
- ``{"kind": "clear-board"}``: empty the board and drop its game markers;
  ``{"kind": "screen", "screen"}``; ``{"kind": "focus", "selector"}``;
  ``{"kind": "notice", "key"}``: the menu's notice, from menu.js's strings
  ("" hides it).
- ``{"kind": "bot", "stats"}``: a bot has just moved (after the ``draw`` that
  shows it): what its decision cost and the pause it was given
  (``Thought.stats``: ``delay_ms``, ``pace``), for the page's ``bq:bot`` event.
- ``{"kind": "warn", "text"}``: for the console. A message this controller
  cannot take (a wrong field, an unknown kind, settings of another game) is
  answered with one ``warn`` and changes nothing: ``handle`` never raises
  (an ``open`` it cannot take leaves the page unopened, without ``ready``: a
  bug of the page's own script, said in the console).
- ``{"kind": "ready", "game"}`` (above).

**``later`` and ``tick``: how a bot thinks without freezing anything.** A
bot's decision runs in tasks of about ``THINK_TASK_S`` (``Session.bot_think``),
and its move is played once its pace (``Session.pace``, game.web.pacing: the
bot delay at the start of its turn, a short step inside it, nothing for a
hidden commit) has passed since it began. Between
two tasks the worker must go back to its event loop, so that the page's
messages are answered meanwhile. So the controller answers
``{"kind": "later", "ms": N, "token": T}`` (``T`` a string). That message is
the worker's, never the page's: py-worker.js takes it out of the batch it
posts, and after ``N`` milliseconds (``N`` = 0: through a ``MessageChannel`` of
the worker, which a browser does not hold back 4 ms as it does a chained
``setTimeout``; else ``setTimeout``) hands ``{"kind": "tick", "token": T}`` to
``answer`` like a message of the page, posting the answers to the page. One
``later``, exactly one ``tick``, never sooner. Messages of the page that came
meanwhile are answered first (the worker's queue is first in, first out), so a
click waits one task at most. Each ``later`` has a fresh token and the
controller awaits one at a time; stopping the bots (a new game, leaving, a
corrupt save) forgets it, so a tick of an earlier epoch is answered ``[]``.
Tokens of local play start with ``LOCAL_TOKEN``; any other belongs to network
play.

**Network play beside it.** Network play (a hosted or joined game, its lobby)
shares this page, its board and its clicks, and runs in the same worker. Its
controller (a ``NetworkPlay``) is made by the factory given to ``GamePage``:
it gets ``open`` first (resuming an online game takes the screen before the
local save is read), every click while it is ``active()`` (the local game's
otherwise), every ``lang`` and ``stored``, the ticks whose token is not local,
and the message kinds it declares. It may call ``resume_saved`` (this tab's
hosted game could not come back: the local save resumes instead) and
``next_seq`` (``data-seq`` never repeats across the two), and read
``storage``.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any, Literal, Protocol
from urllib.parse import parse_qs

from game.registry import get_client
from game.web.catalogue import offered_games
from game.web.query import bot_delay_ms, game_from_query, helper_wanted, seed_from_query
from game.web.search_helper import HELPER
from game.web.session import LEGACY_SAVE_GAME, LEGACY_SAVE_KEY, Outcome, Session, save_key
from game.web.settings import LANGS, parse_settings
from game.web.thinking import next_think_ms
from game.web.worker_link import Message

__all__ = [
    "LOCAL_TOKEN",
    "THINK_TASK_S",
    "BadMessage",
    "GamePage",
    "NetworkPlay",
    "new_game_asked",
]

#: how long one task of a bot's thinking runs before the worker takes messages again
THINK_TASK_S = 0.015
#: what the tokens of local play's ``later`` messages start with
LOCAL_TOKEN = "local/"
#: the storage areas the page mirrors (localStorage, sessionStorage)
AREAS = ("local", "session")


class BadMessage(ValueError):
    """A message of the page that this controller cannot take (and why)."""


class NetworkPlay(Protocol):
    """Network play on the game page, beside the local game (see the module's doc)."""

    #: the message kinds it alone answers (besides open, click, lang, stored, tick)
    kinds: frozenset[str]

    def active(self) -> bool:
        """Whether network play owns the screen (and so the board's clicks)."""
        ...

    def open(self, message: Message) -> tuple[bool, list[Message]]:
        """The page's ``open``: whether an online game took the screen, and the answers."""
        ...

    def handle(self, message: Message) -> list[Message]: ...


class GamePage:
    """The game page's Python: its messages in, what to draw and store out."""

    def __init__(self, network: Callable[[GamePage], NetworkPlay] | None = None) -> None:
        self._make_network = network
        self.network: NetworkPlay | None = None
        self.opened = False
        #: the game this page shows (its menu and board), None on a home of several games
        self.game: str | None = None
        self.lang = "en"
        #: the page's folder: the replay link starts with it ("" keeps it relative)
        self.link_base = ""
        self.delay_ms = 0
        #: the next game's seed when the page was opened with ?seed=n, else None (random)
        self.next_seed: int | None = None
        #: what the page's storage holds for the keys it mirrors: area -> key -> value
        self.storage: dict[str, dict[str, str]] = {area: {} for area in AREAS}
        self.session: Session | None = None
        self._draws = 0
        #: the bot's awaited tick: what it does, and the token it must carry
        self._waiting: Literal["think", "play"] | None = None
        self._token = ""
        self._laters = 0
        #: when the bot that is due began to think (time.perf_counter), None if none is
        self._thinking_since: float | None = None

    # ------------------------------------------------------------ messages

    def handle(self, message: Message) -> list[Message]:
        """Answer one message of the page (or the worker's ``tick``); never raises."""
        kind = message.get("kind") if isinstance(message, dict) else None
        try:
            if not isinstance(kind, str):
                raise BadMessage("it has no kind")
            return self._dispatch(kind, message)
        except BadMessage as exc:
            return [_warn(f"the game page ignored a message {_short(kind)}: {exc}")]
        except Exception as exc:  # a bug must not break the page: say it, keep going
            # only the error's type: its text might hold the game's hidden state
            name = type(exc).__name__
            return [_warn(f"the game page failed on a message {_short(kind)} ({name})")]

    def _dispatch(self, kind: str, message: Message) -> list[Message]:
        if kind == "open":
            return self._open(message)
        if not self.opened:
            raise BadMessage("the page is not open yet")
        if kind == "start":
            return self._start(message)
        if kind == "click":
            return self._click(message)
        if kind == "lang":
            return self._lang(message)
        if kind == "stored":
            return self._stored(message)
        if kind == "tick":
            return self._tick(message)
        if self.network is not None and kind in self.network.kinds:
            return self.network.handle(message)
        raise BadMessage("no such message")

    def _open(self, message: Message) -> list[Message]:
        if self.opened:
            raise BadMessage("the page is already open")
        search = _text(message, "search")
        base = _text(message, "base")
        catalogue = _text(message, "catalogue")
        lang = _lang_of(message)
        storage = _storage_of(message.get("storage"))
        offered = offered_games(catalogue)
        game = game_from_query(search, offered)
        if game is None and len(offered) == 1:
            game = offered[0]  # the site offers one game: the home opens its menu
        if game is not None:
            get_client(game)  # the rules and the client the board runs: loaded before ready
        self.opened = True
        self.game, self.lang, self.link_base, self.storage = game, lang, base, storage
        self.delay_ms = bot_delay_ms(search)
        self.next_seed = seed_from_query(search)
        HELPER.wanted = helper_wanted(search)
        replies: list[Message] = []
        took_screen = False
        if self._make_network is not None:
            try:
                self.network = self._make_network(self)
                took_screen, replies = self.network.open(message)
            except Exception as exc:  # network play never keeps the local game from resuming
                name = type(exc).__name__
                took_screen, replies = False, [_warn(f"online play could not resume ({name})")]
        if not took_screen and not new_game_asked(search):
            replies += self.resume_saved()
        return [*replies, {"kind": "ready", "game": game or ""}]

    def _start(self, message: Message) -> list[Message]:
        text = message.get("settings")
        if not isinstance(text, str):
            raise BadMessage("settings must be the settings' JSON text")
        try:
            settings = parse_settings(text)
        except ValueError as exc:
            raise BadMessage(str(exc)) from exc
        if settings.game != self.game:
            raise BadMessage(f"settings for {settings.game} on the page of {self.game}")
        return self._show(Session.new(settings, self._seed()))

    def _click(self, message: Message) -> list[Message]:
        cmd = message.get("cmd")
        act = message.get("act")
        if not isinstance(cmd, str):
            raise BadMessage("cmd must be text")
        if act is not None and not isinstance(act, str):
            raise BadMessage("act must be text or null")
        if self.network is not None and self.network.active():
            return self.network.handle(message)
        if self.session is None or cmd == "share-copy":  # the page's clipboard, not ours
            return []
        outcome = self.session.command(cmd, act or "")
        if outcome == Outcome.RENDER:
            return [self._store_game(), self._draw(), *self._schedule_bot()]
        if outcome == Outcome.REMATCH:
            return self._show(self.session.rematch(self._seed()))
        if outcome == Outcome.MENU:
            return self._leave()
        return []

    def _lang(self, message: Message) -> list[Message]:
        self.lang = _lang_of(message)
        replies: list[Message] = []
        if self.session is not None and not self._network_active():
            replies.append(self._draw())
        if self.network is not None:
            replies += self.network.handle(message)
        return replies

    def _stored(self, message: Message) -> list[Message]:
        area, key, value = message.get("area"), message.get("key"), message.get("value")
        if area not in AREAS:
            raise BadMessage(f"area must be one of {AREAS}")
        if not isinstance(key, str):
            raise BadMessage("key must be text")
        if value is not None and not isinstance(value, str):
            raise BadMessage("value must be text or null")
        self._mirror(str(area), key, value)
        return [] if self.network is None else self.network.handle(message)

    def _tick(self, message: Message) -> list[Message]:
        token = message.get("token")
        if not isinstance(token, str):
            raise BadMessage("token must be text")
        if not token.startswith(LOCAL_TOKEN):
            return [] if self.network is None else self.network.handle(message)
        if token != self._token:
            return []  # the bots were stopped since: that later is forgotten
        waiting, self._waiting, self._token = self._waiting, None, ""
        return self._think() if waiting == "think" else self._play_bot()

    # ------------------------------------------------------------ the game

    def resume_saved(self) -> list[Message]:
        """Resume the saved game, or say it could not be read and offer the menu.
        At open, or later when network play had this tab's hosted game to
        resume first and could not."""
        if self.game is None or self.session is not None:
            return []
        key = save_key(self.game)
        local = self.storage["local"]
        text = local.get(key)
        replies: list[Message] = []
        if text is None and self.game == LEGACY_SAVE_GAME and LEGACY_SAVE_KEY in local:
            # a game in progress saved before each game had its own key: moved first
            text = local[LEGACY_SAVE_KEY]
            replies += [self._store(LEGACY_SAVE_KEY, None), self._store(key, text)]
        if text is None:
            return replies
        try:
            # with two or more humans at the device, back behind the curtain
            session = Session.resume(text)
            if session.settings.game != self.game:
                raise ValueError(f"the save is a game of {session.settings.game}, not {self.game}")
            if session.game.is_over(session.table.state):
                # a finished game (saved before finished games were dropped) is
                # not resumable: its save goes, the menu shows
                return [*replies, self._store(key, None)]
            return [*replies, *self._show(session)]
        except Exception as exc:  # a corrupt save must never break the page
            self._stop_bots()
            self.session = None
            return [
                *replies,
                self._store(key, None),
                {"kind": "clear-board"},
                {"kind": "screen", "screen": "menu"},
                {"kind": "notice", "key": "saveCorrupt"},
                _warn(f"the saved game could not be restored ({exc})"),
            ]

    def next_seq(self) -> str:
        """The next draw's ``data-seq``: one more per draw since the page opened."""
        self._draws += 1
        return str(self._draws)

    def _show(self, session: Session) -> list[Message]:
        """Put a game on the board and keep it."""
        self._stop_bots()
        self.session = session
        session.link_base = self.link_base
        return [
            {"kind": "notice", "key": ""},
            self._store_game(),
            self._draw(settings=session.settings.to_json()),
            *self._schedule_bot(),
        ]

    def _leave(self) -> list[Message]:
        """Back to the menu: the game is over or abandoned, so its save goes."""
        assert self.session is not None
        game = self.session.settings.game
        self._stop_bots()
        self.session = None
        return [
            self._store(save_key(game), None),
            {"kind": "clear-board"},
            {"kind": "screen", "screen": "menu"},
            {"kind": "focus", "selector": "#start"},
        ]

    def _draw(self, settings: str | None = None) -> Message:
        assert self.session is not None
        rendered = self.session.render(self.lang)
        markers = {**rendered.markers, "seq": self.next_seq()}
        drawing: Message = {
            "kind": "draw",
            "html": rendered.html,
            "markers": markers,
            "status": rendered.status,
            "focus": rendered.focus,
            "screen": "board",
        }
        if settings is not None:
            drawing["settings"] = settings
        return drawing

    def _store_game(self) -> Message:
        """Save the game after a change; a finished game's save goes: it is not
        resumable, so the home offers no Resume for it and its page opens on
        the menu (the end screen stays shown until the player leaves it)."""
        session = self.session
        assert session is not None
        key = save_key(session.settings.game)
        if session.game.is_over(session.table.state):
            return self._store(key, None)
        return self._store(key, session.to_save())

    def _store(self, key: str, value: str | None) -> Message:
        """Write to the page's localStorage (and its mirror here)."""
        self._mirror("local", key, value)
        return {"kind": "store", "area": "local", "key": key, "value": value}

    def _mirror(self, area: str, key: str, value: str | None) -> None:
        if value is None:
            self.storage[area].pop(key, None)
        else:
            self.storage[area][key] = value

    def _seed(self) -> int:
        if self.next_seed is None:
            return secrets.randbits(31)
        seed, self.next_seed = self.next_seed, self.next_seed + 1
        return seed

    def _network_active(self) -> bool:
        return self.network is not None and self.network.active()

    # ------------------------------------------------------------ the bots

    def _schedule_bot(self) -> list[Message]:
        """Start the due bot thinking (in the next task), unless it already is."""
        if self.session is not None and self._waiting is None and self.session.bot_due():
            return [self._later("think", 0)]
        return []

    def _think(self) -> list[Message]:
        """One task of a bot's thinking; then the next one, or its move after the delay."""
        if self.session is None or not self.session.bot_due():
            self._thinking_since = None
            return []
        if self._thinking_since is None:
            self._thinking_since = time.perf_counter()
        if not self.session.bot_think(THINK_TASK_S):
            # the page's messages are answered meanwhile
            return [self._later("think", next_think_ms(self.session.thought))]
        waited_ms = (time.perf_counter() - self._thinking_since) * 1000
        # a pause per bot turn, short steps inside it (game.web.pacing)
        pace = self.session.pace(self.delay_ms)
        if self.session.thought is not None:
            self.session.thought.pace = pace
        return [self._later("play", max(0, round(pace.ms - waited_ms)))]

    def _play_bot(self) -> list[Message]:
        """Play the move the bot has chosen: saved, drawn, then its figures."""
        self._thinking_since = None
        if self.session is None or not self.session.bot_step():
            return []
        replies = [self._store_game(), self._draw()]
        thought = self.session.last_thought
        if thought is not None:
            replies.append({"kind": "bot", "stats": thought.stats()})
        return [*replies, *self._schedule_bot()]

    def _later(self, waiting: Literal["think", "play"], ms: int) -> Message:
        self._laters += 1
        self._waiting, self._token = waiting, f"{LOCAL_TOKEN}{self._laters}"
        return {"kind": "later", "ms": ms, "token": self._token}

    def _stop_bots(self) -> None:
        """Forget the awaited tick: a bot's task or move asked for before never runs."""
        self._waiting, self._token, self._thinking_since = None, "", None


# ------------------------------------------------------------------ reading


def new_game_asked(search: str) -> bool:
    """Whether the address asks for the menu, to set up a new game, rather
    than the game in progress (``?new=1``: the home's Play; its Resume names no
    ``new``). The page drops ``new`` from its address once a game shows, so
    that a reload resumes that game."""
    return parse_qs(search.removeprefix("?")).get("new", [""])[-1] == "1"


def _text(message: Message, name: str) -> str:
    """A text field of `message` ("" when it is absent)."""
    value = message.get(name, "")
    if not isinstance(value, str):
        raise BadMessage(f"{name} must be text")
    return value


def _lang_of(message: Message) -> str:
    lang = message.get("lang")
    if lang not in LANGS:
        raise BadMessage(f"lang must be one of {LANGS}")
    return str(lang)


def _storage_of(value: Any) -> dict[str, dict[str, str]]:
    """The ``open`` message's storage mirror: area -> key -> text (a null value: absent)."""
    value = {} if value is None else value
    if not isinstance(value, Mapping) or not set(value) <= set(AREAS):
        raise BadMessage(f"storage must map some of {AREAS} to their keys")
    storage: dict[str, dict[str, str]] = {area: {} for area in AREAS}
    for area, keys in value.items():
        if not isinstance(keys, Mapping):
            raise BadMessage(f"storage {area!r} must map keys to values")
        for key, text in keys.items():
            if not isinstance(text, str | None):
                raise BadMessage(f"storage {area!r} holds a value that is not text")
            if text is not None:
                storage[area][key] = text
    return storage


def _short(kind: Any) -> str:
    """A message's kind as a warning names it (never the whole of a long one)."""
    text = repr(kind)
    return text if len(text) <= 40 else f"{text[:37]}..."


def _warn(text: str) -> Message:
    return {"kind": "warn", "text": f"Boss Quest: {text}"}
