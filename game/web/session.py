"""One game on this device, as the page shows it: the table, whose eyes are on
the screen, which round result has been seen, and what a click does.

Plain Python with no browser import, so whole games are played through it
under CPython in the tests. The page (``game.web.main``) only:

- calls ``Session.new`` on Start, or ``Session.from_save`` on boot;
- sets ``render(lang).html`` into the board and ``markers`` on it;
- sends each click as ``command(cmd, arg)`` (the button's ``data-cmd`` and
  ``data-act``), and calls ``bot_step()`` after a short delay while
  ``bot_due()``;
- stores ``to_save()`` in localStorage after every change.

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

from game.bossquest import GAME
from game.bossquest.fight import round_start_event
from game.bossquest.text import describe, reason_text
from game.engine.errors import GameError
from game.engine.events import event_for_seat
from game.engine.local import LocalTable, SeatConfig

from .controls import Dock, dock
from .render import Scene, render_curtain, render_game_over, render_result, render_table
from .settings import Settings, parse_settings
from .strings import tr
from .summary import game_title

__all__ = [
    "SAVE_KEY",
    "SAVE_VERSION",
    "Outcome",
    "Rendered",
    "SaveError",
    "Session",
]

SAVE_KEY = "bossquest.save.v1"
SAVE_VERSION = 1

PHASES = ("result", "over", "curtain", "human", "bot")


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
class Session:
    settings: Settings
    table: LocalTable
    #: the round number of the last round result this device has acknowledged
    seen_result: int = 0
    confirm_quit: bool = False
    #: a refusal: (code, English message), shown in the player's language
    notice: tuple[str, str] | None = None
    _opening: dict[str, Any] | None = None
    _previous: frozenset[str] = field(default_factory=frozenset)
    _focus_key: tuple[Any, ...] = ()
    _renders: int = 0

    # ------------------------------------------------------------- creation

    @staticmethod
    def new(settings: Settings, seed: int) -> Session:
        seats = [SeatConfig(player.name, player.kind == "human") for player in settings.players]
        options = {"players": len(settings.players), "keep_yellow": settings.keep_yellow}
        return Session(settings, LocalTable.new(GAME, seats, options, seed))

    def rematch(self, seed: int) -> Session:
        """The same players and options, a new deal."""
        return Session.new(self.settings, seed)

    @staticmethod
    def from_save(text: str) -> Session:
        """Restore ``to_save()``'s text; anything wrong raises SaveError."""
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
                raise SaveError("not a saved game of this version")
            if set(data) != {"version", "settings", "table", "seen_result"}:
                raise SaveError("the saved game has missing or unknown fields")
            settings = parse_settings(json.dumps(data["settings"]))
            table = LocalTable.load(GAME, data["table"])
            seen = data["seen_result"]
            if type(seen) is not int or not 0 <= seen <= GAME.rounds(table.state):
                raise SaveError("the saved game has a bad round number")
            expected = [(p.name, p.kind == "human") for p in settings.players]
            if [(s.name, s.human) for s in table.seats] != expected:
                raise SaveError("the saved players do not match the saved settings")
        except SaveError:
            raise
        except GameError as exc:
            raise SaveError(exc.message) from exc
        except Exception as exc:  # corrupt data may break anywhere: never the page
            raise SaveError(f"{type(exc).__name__}: {exc}") from exc
        return Session(settings, table, seen_result=seen)

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
        view = self.table.view()
        result = view["result"]
        if result is not None and result["round"] > self.seen_result:
            return "result"
        if view["stage"] == "over":
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

    def bot_step(self) -> bool:
        """Let the bot to act play once; False if no bot was due."""
        if not self.bot_due():
            return False
        self.table.play_bot(GAME.bots)
        self.notice = None
        return True

    def actions_played(self) -> int:
        return len(self.table.match.actions)

    # ------------------------------------------------------------- commands

    def command(self, cmd: str, arg: str = "") -> str:
        """Do what a button asks; returns an ``Outcome``."""
        phase = self.phase()
        if cmd == "act":
            return self._act(arg) if phase == "human" else Outcome.NONE
        if cmd == "continue" and phase == "result":
            result = self.table.view()["result"]
            self.seen_result = int(result["round"])
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
            action = GAME.action_from_json(json.loads(arg))
            self.table.play(seat, action)
        except GameError as exc:
            self.notice = (exc.code, exc.message)
            return Outcome.RENDER
        except json.JSONDecodeError as exc:
            self.notice = ("malformed", f"not an action: {exc.msg}")
            return Outcome.RENDER
        self.notice = None
        self.confirm_quit = False
        return Outcome.RENDER

    # ------------------------------------------------------------ rendering

    def opening_event(self) -> dict[str, Any]:
        """The deal of round 1. The table's events start with the first action
        (a new game makes no event), so the log's first lines come from here."""
        if self._opening is None:
            match = self.table.match
            self._opening = round_start_event(GAME.new_game(match.options, match.seed))
        return event_for_seat(self._opening, self.table.viewer)

    def log(self, lang: str) -> list[tuple[str, str]]:
        """The viewer's log: (event type, line), oldest first."""
        names = self.names()
        lines: list[tuple[str, str]] = []
        for event in [self.opening_event(), *self.table.visible_events()]:
            kind = str(event.get("type", ""))
            for index, line in enumerate(describe(event, names, lang)):
                # an event's first line carries its type; the rest are details
                lines.append((kind if index == 0 else f"{kind}-detail", line))
        return lines

    def dock(self, lang: str) -> Dock:
        view = self.table.view()
        return dock(view, self.table.legal(), self.names(), lang)

    def markers(self) -> dict[str, str]:
        view = self.table.view()
        phase = self.phase()
        to_act = view["to_act"]
        viewer = self.table.viewer
        return {
            "phase": phase,
            "round": str(view["round"]),
            "stage": str(view["stage"]),
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
        scene = Scene(view=view, names=names, kinds=kinds, lang=lang, previous=self._previous)
        focus = ""
        if phase == "result":
            html = render_result(scene)
            focus = "#round-result [data-cmd=continue]"
            status = tr("result_title", lang, n=view["result"]["round"])
        elif phase == "over":
            html = render_game_over(scene)
            focus = "#game-over [data-cmd=rematch]"
            status = game_title(view, names, lang)
        elif phase == "curtain":
            seat = self.table.curtain()
            assert seat is not None
            html = render_curtain(names[seat], seat, lang)
            focus = "#curtain [data-cmd=reveal]"
            status = tr("curtain_title", lang, name=names[seat])
        else:
            scene.dock = self.dock(lang) if phase == "human" else Dock("", ())
            scene.log = self.log(lang)
            scene.thinking = view["to_act"] if phase == "bot" else None
            scene.confirm_quit = self.confirm_quit
            if self.notice is not None:
                code, message = self.notice
                reason = reason_text(code, message, lang)
                scene.notice = tr("not_allowed", lang, reason=reason)
            html = render_table(scene)
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
        if key == self._focus_key:
            focus = ""
        self._focus_key = key
        markers = self.markers()
        markers["seq"] = str(self._renders)
        return Rendered(html=html, markers=markers, focus=focus, status=status)
