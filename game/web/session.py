"""One game on this device, as the page shows it: the table, whose eyes are on
the screen, which round result has been seen, and what a click does.

Plain Python with no browser import, so whole games are played through it
under CPython in the tests. The game page's controller (``game.web.game_page``) only:

- calls ``Session.new`` on Start, or ``Session.resume`` on boot (the save, and
  with two or more humans the curtain: whoever reloads sees no one's board);
- sets ``render(lang).html`` into the board and ``markers`` on it;
- sends each click as ``command(cmd, arg)`` (the button's ``data-cmd`` and
  ``data-act``);
- while ``bot_due()``, calls ``bot_think(budget)`` in short tasks until it says
  the bot's move is chosen, yielding to the page between them (the hard bot
  searches for up to ~150 ms, which must never hold the page's messages), then, once the
  bot delay has passed, ``bot_step()`` to play that move;
- stores ``to_save()`` in the page's localStorage after every change.

Each bot plays at its level (``Settings`` players' ``level``): easy and normal
are the game's heuristic players, which choose at once; hard is the engine's
search bot (``game.engine.search.SearchBot``) with ``PAGE_SEARCH``, seeded from
the game's seed and the seat, so a game dealt from the same seed
(``?seed=``) can be played again the same way (as long as the playout count,
not the time budget, stops its searches).

The phases, in the order they take precedence:

``result``   a fight happened that this device has not acknowledged yet
``over``     the game has ended (after its last result)
``curtain``  pass-and-play: the device goes to another human first
``human``    the human looking at the screen acts
``bot``      a bot acts next
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from game.engine import rng
from game.engine.bots import make_bot
from game.engine.client import NO_DOCK, Dock, GameClient, Scene
from game.engine.errors import GameError, Reason
from game.engine.events import event_for_seat
from game.engine.local import LocalTable, SeatConfig
from game.engine.protocol import Game
from game.engine.replaylink import ReplayLink, encode_link
from game.engine.safejson import MAX_ACTION_BYTES, MAX_SAVE_BYTES, load_json
from game.engine.search import SearchSettings
from game.engine.undo import Step, match_steps, undo_refusal, undone
from game.registry import get_client, get_game

from .board import dress_over, dress_table, log_window, render_curtain
from .log_lines import event_lines
from .pacing import Pace, bot_pace, due_of, played_of
from .replay_strings import undo_refusal_text
from .settings import Settings, parse_settings
from .strings import tr
from .thinking import Policy, Thought, begin_thought

__all__ = [
    "LEGACY_SAVE_KEY",
    "PAGE_SEARCH",
    "SAVE_VERSION",
    "Outcome",
    "Rendered",
    "SaveError",
    "Session",
    "Thought",
    "bot_seed",
    "save_key",
]

SAVE_VERSION = 1
#: where the page kept Boss Quest's game in progress before each game had its
#: own key: read once (then moved to ``save_key("bossquest")``), never written
LEGACY_SAVE_KEY = "bossquest.save.v1"
LEGACY_SAVE_GAME = "bossquest"


def save_key(game: str) -> str:
    """The localStorage key of game `game`'s game in progress on this device."""
    return f"bq.{game}.save.v1"


PHASES = ("result", "over", "curtain", "human", "bot")

#: how many past states a session keeps for the undo button's check
_KEPT_STATES = 64

#: the hard bot in the page: at most 300 playouts and 0.12 s a decision, in
#: slices of 4 playouts (a few ms each) so that the page's tasks stay short
PAGE_SEARCH = SearchSettings(playouts=300, time_budget=0.12, slice_playouts=4)


def bot_seed(game_seed: int, seat: int) -> int:
    """The hard bot's seed at `seat` in a game dealt from `game_seed`."""
    value, _ = rng.next_u64(rng.seed_state(game_seed * 8 + seat))
    return value


class SaveError(Exception):
    """A saved game that cannot be restored (and why, for the console)."""


class Outcome:
    """What the page does after a command."""

    RENDER = "render"  # show the board again
    MENU = "menu"  # clear the save and show the menu
    REMATCH = "rematch"  # a new game with the same settings
    NONE = "none"  # nothing changed


@dataclass(frozen=True)
class Rendered:
    html: str
    #: data-* attributes for the board element (name without "data-" -> value)
    markers: dict[str, str]
    #: a CSS selector to focus after this render, or "" to leave the focus alone
    focus: str
    #: one line for the screen reader's live region
    status: str


@dataclass
class _Log:
    """The viewer's log lines, described once per event and kept: a render
    describes only the events that came since (a language switch, another
    viewer or another table start it again)."""

    lang: str
    viewer: int | None
    #: the table's event list these lines describe (an undo that replays the
    #: match makes a new one)
    source: list[Any]
    #: the opening events' lines
    opening: list[tuple[str, str]]
    #: each described event's lines, in the table's order
    events: list[list[tuple[str, str]]] = field(default_factory=list)
    #: those events as the viewer sees them (``event_for_seat``)
    seen: list[dict[str, Any]] = field(default_factory=list)

    def lines(self) -> list[tuple[str, str]]:
        return [*self.opening, *(line for lines in self.events for line in lines)]


@dataclass
class Session:
    settings: Settings
    table: LocalTable
    #: the round number of the last round result this device has acknowledged
    seen_result: int = 0
    confirm_quit: bool = False
    #: a refusal: (code, English message), shown in the player's language
    notice: tuple[str, str] | None = None
    #: how the hard bots search (tests make it small and bound by the count alone)
    search: SearchSettings = PAGE_SEARCH
    #: the decision of the bot that is due, while it is being made
    thought: Thought | None = None
    #: the last decision a bot played, with its figures
    last_thought: Thought | None = None
    #: the share box (the replay link) is open
    share_open: bool = False
    #: the reader asked for the whole log, not only its newest lines
    log_whole: bool = False
    #: what the replay link starts with: the page's folder URL ("" keeps it relative)
    link_base: str = ""
    #: an undo just refused: (code, English reason), shown in the dock
    undo_notice: tuple[str, str] | None = None
    _undo_cache: tuple[int, int, Reason | None] | None = None
    #: states by the number of actions played, the last few, kept as the game
    #: goes so that the undo button's check need not replay the whole match
    _states: dict[int, Any] = field(default_factory=dict)
    #: how many events the table held before each kept state's next move, so
    #: that an undo takes the events back with the state, replaying nothing
    _event_marks: dict[int, int] = field(default_factory=dict)
    #: the log as described so far (``_Log``): each event is described once
    _log: _Log | None = None
    _share_focus: bool = False
    _bots: dict[int, Policy] = field(default_factory=dict)
    _opening: list[dict[str, Any]] | None = None
    _previous: frozenset[str] = field(default_factory=frozenset)
    _focus_key: tuple[Any, ...] = ()
    _renders: int = 0

    @property
    def game(self) -> Game[Any, Any]:
        """The game these settings are for (game.registry)."""
        return get_game(self.settings.game)

    @property
    def client(self) -> GameClient:
        """Its client: the board, controls and words."""
        return get_client(self.settings.game)

    # ------------------------------------------------------------- creation

    @staticmethod
    def new(settings: Settings, seed: int) -> Session:
        seats = [
            SeatConfig(player.name, player.kind == "human", player.level)
            for player in settings.players
        ]
        # the game's declared options that the menu set (normalized by the settings)
        chosen: dict[str, Any] = {**settings.options, "players": len(settings.players)}
        game = get_game(settings.game)
        options = game.declared_options.normalize(chosen)
        return Session(settings, LocalTable.new(game, seats, options, seed))

    def rematch(self, seed: int) -> Session:
        """The same players and options, a new deal."""
        return Session.new(self.settings, seed)

    @staticmethod
    def from_save(text: str) -> Session:
        """Restore ``to_save()``'s text; anything wrong raises SaveError."""
        try:
            data = load_json(text, "the saved game", max_bytes=MAX_SAVE_BYTES)
            if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
                raise SaveError("not a saved game of this version")
            if set(data) != {"version", "settings", "table", "seen_result"}:
                raise SaveError("the saved game has missing or unknown fields")
            settings = parse_settings(json.dumps(data["settings"]))
            game = get_game(settings.game)
            table = LocalTable.load(game, data["table"])
            seen = data["seen_result"]
            rounds = game.capabilities.rounds
            most = rounds(table.state) if rounds is not None else len(table.match.actions)
            if type(seen) is not int or not 0 <= seen <= most:
                raise SaveError("the saved game has a bad round number")
            expected = [(p.name, p.kind == "human", p.level) for p in settings.players]
            if [(s.name, s.human, s.level) for s in table.seats] != expected:
                raise SaveError("the saved players do not match the saved settings")
        except SaveError:
            raise
        except GameError as exc:
            raise SaveError(exc.message) from exc
        except Exception as exc:  # corrupt data may break anywhere: never the page
            raise SaveError(f"{type(exc).__name__}: {exc}") from exc
        return Session(settings, table, seen_result=seen)

    @staticmethod
    def resume(text: str) -> Session:
        """A saved game after a reload: ``from_save``, then with two or more humans
        at the device nobody is looking at the screen any more (``pass_device``)."""
        session = Session.from_save(text)
        session.pass_device()
        return session

    def pass_device(self) -> None:
        """Whoever now holds the device may not be the last viewer: with two or
        more humans, the board shows nobody's view until the curtain, which names
        the human to act, is lifted (a bot's turn shows no hidden card). With
        one human, the device is theirs: nothing changes."""
        if len(self.table.humans()) >= 2:
            self.table.viewer = None
            self.share_open = False

    def to_save(self) -> str:
        data = {
            "version": SAVE_VERSION,
            "settings": self.settings.to_dict(),
            "table": self.table.save(),
            "seen_result": self.seen_result,
        }
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    # ---------------------------------------------------------------- state

    def names(self) -> list[str]:
        return self.table.names()

    def kinds(self) -> list[str]:
        return [player.kind for player in self.settings.players]

    def phase(self) -> str:
        shown = self.client.result_key(self.table.view())
        if shown is not None and shown > self.seen_result:
            return "result"
        if self.game.is_over(self.table.state):
            return "over"
        if self.table.curtain() is not None:
            return "curtain"
        if self.table.bot_to_act() is not None:
            return "bot"
        return "human"

    def bot_due(self) -> bool:
        """Whether a bot should play now (after the page's short delay); the
        bots wait while the player is asked whether to leave the game."""
        return self.phase() == "bot" and not self.confirm_quit

    def levels(self) -> list[str]:
        """Each seat's bot level, "" for a human."""
        return [p.level if p.kind == "bot" else "" for p in self.settings.players]

    def level_words(self, lang: str) -> list[str]:
        """Each seat's bot level in the game's words, "" for a human."""
        declared = self.game.declared_options
        return [declared.level_label(level, lang) if level else "" for level in self.levels()]

    def bot(self, seat: int) -> Policy:
        """The bot playing `seat`, at its level (made once per session)."""
        if seat not in self._bots:
            level = self.table.seats[seat].level
            seed = bot_seed(self.table.match.seed, seat)
            self._bots[seat] = make_bot(self.game, level, seed, self.search)
        return self._bots[seat]

    def bot_think(self, budget: float = 0.0) -> bool:
        """Think for the bot that is due: one slice of its search, then more as
        long as another slice like the last one still ends within `budget`
        seconds of this call's start. True once its move is chosen
        (``bot_step`` then plays it at once); False while it still thinks, or if
        no bot is due. Easy and normal bots choose in one slice."""
        if not self.bot_due():
            return False
        return self._thought().think(budget)  # game.web.thinking, shared with the host

    def _thought(self) -> Thought:
        """The decision in the making for the bot that is due (a new one if its
        turn has changed since)."""
        seat = self.table.bot_to_act()
        assert seat is not None
        key = (self.actions_played(), seat)
        if self.thought is None or self.thought.key != key:
            bot = self.bot(seat)
            view = self.game.view(self.table.state, seat)  # the bot's seat's view alone
            legal = self.game.legal_actions(self.table.state, seat)
            level = self.table.seats[seat].level
            self.thought = begin_thought(bot, key, seat, level, view, legal)
        return self.thought

    def bot_step(self) -> bool:
        """Let the bot to act play once, finishing its thinking first if need be;
        False if no bot was due."""
        if not self.bot_due():
            return False
        while not self.bot_think(budget=float("inf")):
            pass
        thought = self._thought()
        self.thought = None
        self._remember()
        self.table.play(thought.seat, thought.choice)
        self.last_thought = thought
        self.notice = None
        return True

    def pace(self, delay_ms: int) -> Pace:
        """How long the due bot waits before its action (game.web.pacing): the
        full delay at the start of its turn, a short step inside it, nothing for
        a hidden commit. The last action is read from the state kept before it
        (after a reload none is kept: the bot's turn starts afresh)."""
        seat = self.table.bot_to_act()
        if seat is None:
            return Pace(0, "none")
        table = self.table
        people = table.humans()
        due = due_of(self.game, seat, table.state, people)
        actions = table.match.actions
        before = self._states.get(len(actions) - 1) if actions else None
        last = None if before is None else played_of(self.game, actions[-1][0], before)
        return bot_pace(delay_ms, due, last)

    def actions_played(self) -> int:
        return len(self.table.match.actions)

    # ------------------------------------------------------------- commands

    def command(self, cmd: str, arg: str = "") -> str:
        """Do what a button asks; returns an ``Outcome``."""
        phase = self.phase()
        if cmd == "act":
            return self._act(arg) if phase == "human" else Outcome.NONE
        if cmd == "continue" and phase == "result":
            self.seen_result = int(self.client.result_key(self.table.view()) or 0)
            return Outcome.RENDER
        if cmd == "reveal" and phase == "curtain":
            seat = self.table.curtain()
            assert seat is not None
            self.table.reveal(seat)
            return Outcome.RENDER
        if cmd == "rematch" and phase == "over":
            return Outcome.REMATCH
        if cmd == "menu" and phase == "over":
            return Outcome.MENU
        if cmd == "undo":
            return self._undo() if phase == "human" else Outcome.NONE
        if cmd == "share" and self.can_share():
            self.share_open = not self.share_open
            self._share_focus = True
            return Outcome.RENDER
        if cmd in ("log-whole", "log-recent"):
            self.log_whole = cmd == "log-whole"
            return Outcome.RENDER
        if cmd == "quit":
            self.confirm_quit = not self.confirm_quit
            return Outcome.RENDER
        if cmd == "quit-no":
            self.confirm_quit = False
            return Outcome.RENDER
        if cmd == "quit-yes":
            return Outcome.MENU
        return Outcome.NONE

    def _act(self, arg: str) -> str:
        seat = self.table.human_to_act()
        if seat is None or seat != self.table.viewer:
            return Outcome.NONE
        try:
            data = load_json(arg, "the move", max_bytes=MAX_ACTION_BYTES)
            action = self.game.action_from_json(data)
            self._remember()
            self.table.play(seat, action)
        except GameError as exc:
            self.notice = (exc.code, exc.message)
            return Outcome.RENDER
        self.notice = None
        self.undo_notice = None
        self.confirm_quit = False
        return Outcome.RENDER

    # ------------------------------------------------------ undo and replay

    def _remember(self) -> None:
        """Keep the state before a move (states depend only on the moves before)."""
        count = self.actions_played()
        self._states[count] = self.table.state
        self._event_marks[count] = len(self.table.events)
        self._states.pop(count - _KEPT_STATES, None)
        self._event_marks.pop(count - _KEPT_STATES, None)
        self._undo_cache = None

    def undo_refusal(self) -> Reason | None:
        """Why the human looking at the screen may not take back their last move
        now (game.engine.undo), or None when they may. Kept per position; worked
        out from the states kept as the game went when they reach back far
        enough, else (after a reload) by replaying the match once."""
        seat = self.table.human_to_act()
        if seat is None or seat != self.table.viewer:
            return Reason("undo_not_your_turn", "it is not your turn")
        key = (self.actions_played(), seat)
        if self._undo_cache is None or self._undo_cache[:2] != key:
            steps = self._kept_steps(seat)
            state = self.table.state
            if steps is None:
                state, steps = match_steps(self.game, self.table.match)
            self._undo_cache = (*key, undo_refusal(self.game, state, steps, seat))
        return self._undo_cache[2]

    def _kept_steps(self, seat: int) -> list[Step] | None:
        """The last moves as steps, from the kept states, when they hold all the
        undo policy looks at for `seat`: the seat's last move and its turn,
        which begins after another seat's move (or at the game's start); None
        when the kept states do not reach back that far."""
        actions = self.table.match.actions
        count = len(actions)
        self._states[count] = self.table.state
        start = count
        while start > 0 and start - 1 in self._states:
            start -= 1
        window = range(start, count)
        if start > 0 and (
            not window or actions[start][0] == seat or all(actions[i][0] != seat for i in window)
        ):
            return None
        return [
            Step(
                actions[i][0],
                self.game.action_from_json(actions[i][1]),
                self._states[i],
                self._states[i + 1],
            )
            for i in window
        ]

    def undo_allowed(self) -> bool:
        """Whether the undo button would take a move back now: the same answer
        as ``undo_refusal``, from the states kept as the game went (only the
        moves of the seat at the end of the match matter), so that showing the
        button costs no replay; a refusal's reason is worked out on a click."""
        seat = self.table.human_to_act()
        if seat is None or seat != self.table.viewer:
            return False
        actions = self.table.match.actions
        count = len(actions)
        tail = 0
        while tail < count and actions[count - 1 - tail][0] == seat:
            tail += 1
        if not tail:
            return False  # the last move is another seat's: never across it
        self._states[count] = self.table.state
        if any(i not in self._states for i in range(count - tail, count + 1)):
            return self.undo_refusal() is None  # after a reload: replay once
        steps = [
            Step(
                seat,
                self.game.action_from_json(actions[i][1]),
                self._states[i],
                self._states[i + 1],
            )
            for i in range(count - tail, count)
        ]
        return undo_refusal(self.game, self.table.state, steps, seat) is None

    def _undo(self) -> str:
        """Take back the last move, or say why not; the save follows the match."""
        reason = self.undo_refusal()
        if reason is not None:
            self.undo_notice = (reason.code, reason.message)
            self.notice = None
            return Outcome.RENDER
        self._take_back()
        count = self.actions_played()
        self._states = {k: v for k, v in self._states.items() if k <= count}
        self._event_marks = {k: v for k, v in self._event_marks.items() if k <= count}
        self._undo_cache = None
        self.thought = None
        self.notice = self.undo_notice = None
        self.share_open = False
        return Outcome.RENDER

    def _take_back(self) -> None:
        """The table without its last move: the state kept before it and the
        events up to it, so nothing is replayed; the match (what a save holds)
        loses its last action either way. After a reload, with nothing kept,
        the match is replayed without it."""
        table = self.table
        last = len(table.match.actions) - 1
        before, mark = self._states.get(last), self._event_marks.get(last)
        if before is None or mark is None:
            viewer = table.viewer
            self.table = LocalTable(self.game, table.seats, undone(table.match))
            self.table.viewer = viewer
            return
        table.match = undone(table.match)
        table.state = before
        del table.events[mark:]
        if self._log is not None:
            del self._log.events[mark:]
            del self._log.seen[mark:]

    def replay_eye(self) -> int | None:
        """Whose eyes this game's replay link shows: the viewer's while it runs,
        everyone's once it is over."""
        return None if self.game.is_over(self.table.state) else self.table.viewer

    def can_share(self) -> bool:
        """Whether this game has a replay link to offer now."""
        return self.replay_eye() is not None or self.game.is_over(self.table.state)

    def replay_payload(self) -> str | None:
        """The ``#r=`` payload of this game's replay link (game.engine.replaylink),
        or None while nobody looks at the screen (pass-and-play, before the
        first player took the device)."""
        if not self.can_share():
            return None
        eye = self.replay_eye()
        humans = tuple(config.human for config in self.table.seats)
        link = ReplayLink(self.table.match, eye, tuple(self.names()), humans)
        return encode_link(self.game, link)

    def replay_link(self) -> str:
        """The replay page's address for this game ("" when there is none to share)."""
        payload = self.replay_payload()
        return "" if payload is None else f"{self.link_base}replay.html#r={payload}"

    # ------------------------------------------------------------ rendering

    def opening_events(self) -> list[dict[str, Any]]:
        """The first deal (``capabilities.opening_events``). The table's events
        start with the first action (a new game makes no event), so the log's
        first lines come from here."""
        if self._opening is None:
            match = self.table.match
            opening = self.game.capabilities.opening_events
            start = self.game.new_game(match.options, match.seed)
            self._opening = opening(start) if opening is not None else []
        return [event_for_seat(event, self.table.viewer) for event in self._opening]

    def log(self, lang: str) -> list[tuple[str, str]]:
        """The viewer's log: (event type, line), oldest first. Each event is
        described once (``_Log``): a render describes the new ones only."""
        viewer, events = self.table.viewer, self.table.events
        log = self._log
        if log is None or (log.lang, log.viewer) != (lang, viewer) or log.source is not events:
            opening = [line for event in self.opening_events() for line in self._lines(event, lang)]
            log = self._log = _Log(lang, viewer, events, opening)
        for event in events[len(log.events) :]:
            seen = event_for_seat(event, viewer)
            log.seen.append(seen)
            log.events.append(self._lines(seen, lang))
        return log.lines()

    def visible_events(self, lang: str) -> list[dict[str, Any]]:
        """The table's events as the viewer sees them (``LocalTable.visible_events``),
        made once each with the log's lines."""
        self.log(lang)
        assert self._log is not None
        return list(self._log.seen)

    def _lines(self, event: dict[str, Any], lang: str) -> list[tuple[str, str]]:
        """One event's log lines (``log_lines.event_lines``)."""
        return event_lines(event, self.names(), lang, self.client.describe)

    def hint(self) -> dict[int, float]:
        """The game's hint (its client's ``hint``), when the menu turned it on and
        a human looks at their own turn, from their view. Empty otherwise (hint
        off, someone else's turn, or nothing the game hints at now)."""
        if not self.settings.hint or self.phase() != "human":
            return {}
        view = self.table.view()
        viewer = self.table.viewer
        if viewer is None or self.table.to_act() != viewer:
            return {}
        return self.client.hint(view, self.table.legal())

    def dock(self, lang: str) -> Dock:
        view = self.table.view()
        return self.client.dock(view, self.table.legal(), self.names(), lang, self.hint())

    def _share(self) -> dict[str, Any]:
        """The share control and, when open, its box with the link."""
        share = self.can_share()
        # the link replays the match: made only when the box shows it
        share_open = self.share_open and share
        eye = self.replay_eye()
        return {
            "share": share,
            "share_open": share_open,
            "share_link": self.replay_link() if share_open else "",
            "share_seen_by": None if eye is None else self.names()[eye],
        }

    def markers(self) -> dict[str, str]:
        view = self.table.view()
        phase = self.phase()
        to_act = self.table.to_act()
        viewer = self.table.viewer
        return {
            "phase": phase,
            **self.client.markers(view),
            "to-act": "" if to_act is None else str(to_act),
            "viewer": "" if viewer is None else str(viewer),
            "actions": str(self.actions_played()),
            "bot-thinking": "true" if phase == "bot" else "false",
            "seq": str(self._renders),
        }

    def render(self, lang: str) -> Rendered:
        """The board's HTML now, in `lang`, with its markers and where to put the focus."""
        self._renders += 1
        view = self.table.view()
        names, kinds = self.names(), self.kinds()
        phase = self.phase()
        scene = Scene(
            view=view,
            names=names,
            kinds=kinds,
            lang=lang,
            levels=self.levels(),
            level_words=self.level_words(lang),
            previous=self._previous,
        )
        focus = ""
        if phase == "result":
            scene.events = self.visible_events(lang)
            html = self.client.render_result(scene)
            focus = "#round-result [data-cmd=continue]"
            status = self.client.result_status(view, names, lang)
        elif phase == "over":
            share = self._share()
            del share["share_seen_by"]
            dress_over(scene, **share)
            html = self.client.render_game_over(scene)
            focus = "#game-over [data-cmd=rematch]"
            status = self.client.over_status(view, names, lang)
        elif phase == "curtain":
            seat = self.table.curtain()
            assert seat is not None
            html = render_curtain(names[seat], seat, lang)
            focus = "#curtain [data-cmd=reveal]"
            status = tr("curtain_title", lang, name=names[seat])
        else:
            scene.dock = self.dock(lang) if phase == "human" else NO_DOCK
            scene.log = self.log(lang)
            scene.log_window = log_window(self.log_whole)
            scene.events = self.visible_events(lang)  # what just happened
            scene.thinking = self.table.bot_to_act() if phase == "bot" else None
            if self.notice is not None:
                code, message = self.notice
                reason = self.client.reason_text(code, message, lang)
                scene.notice = tr("not_allowed", lang, reason=reason)
            undo = ""
            if phase == "human":
                undo = "allowed" if self.undo_allowed() else "refused"
                if self.undo_notice is not None:
                    scene.notice = undo_refusal_text(
                        *self.undo_notice, lang, self.client.reason_text
                    )
            dress_table(scene, confirm_quit=self.confirm_quit, undo=undo, **self._share())
            html = self.client.render_table(scene)
            if self.confirm_quit:
                focus = "[data-cmd=quit-no]"
            elif phase == "human":
                focus = "#actions [data-cmd=act]"
            if phase == "human":
                status = scene.dock.prompt
            else:
                status = scene.log[-1][1] if scene.log else ""
        self._previous = frozenset(scene.shown)
        # Move the focus only when the situation changed, not on a language switch.
        key = (phase, self.actions_played(), self.seen_result, self.table.viewer, self.confirm_quit)
        if self.share_open:
            focus = ""  # the reader may be selecting the link
        if key == self._focus_key:
            focus = ""
        if self._share_focus:  # the box just opened (the link) or closed (its button)
            self._share_focus = False
            focus = "#share-link" if self.share_open else "[data-cmd=share]"
        self._focus_key = key
        markers = self.markers()
        markers["seq"] = str(self._renders)
        return Rendered(html=html, markers=markers, focus=focus, status=status)
