"""The replay page's logic: open a replay link, step through it, draw each step.

Plain Python with no browser import (``game.web.replay_main``, the page's
controller, answers the page with it). A link (``game.engine.replaylink``)
names whose eyes it shows:

- a seat: every step is drawn from that seat's view (``view(state, seat)``) and
  the log holds the events as that seat saw them (``event_for_seat``), so a
  replay of a running game shows what its player could see and nothing more;
- nobody (a finished game only): a perspective switcher offers "everything"
  (the spectator's view with every hidden weapon turned face up, and the public
  log) and each seat's own view.

Step 0 is the deal; step k is the table after the k-th move. A step whose move
ended a round shows the round's result, as the game did; the last step of a
finished game shows the final table, every card face up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from html import escape
from typing import Any
from urllib.parse import parse_qs

from game.engine.client import GameClient, Scene
from game.engine.errors import MalformedData
from game.engine.events import event_for_seat
from game.engine.match import replay_steps
from game.engine.modes import Role
from game.engine.protocol import Event, Game
from game.engine.replaylink import ReplayLink, decode_link
from game.registry import GAMES, get_client, get_game

from .board import dress_table, log_window
from .catalogue import offered_games
from .mode_words import MODE_WORDS
from .replay_strings import rtr

__all__ = ["COMMANDS", "KEYS", "Replay", "open_page", "payload_from_hash"]

#: the buttons' data-cmd values (and "eye", whose data-act is "all" or a seat)
COMMANDS = ("first", "prev", "next", "last", "continue", "eye")
#: keyboard keys (KeyboardEvent.key) and the command each one sends
KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}


def payload_from_hash(fragment: str) -> str:
    """The ``r`` parameter of the address's fragment (``#r=...``)."""
    values = parse_qs(fragment.lstrip("#"), keep_blank_values=True).get("r", [])
    if not values or not values[0]:
        raise MalformedData("the address holds no replay", code="link_missing")
    return values[0]


def open_page(catalogue: str, fragment: str) -> Replay:
    """The replay page's replay: the games the page's catalogue offers first
    (the test games join the registry on a build made with ``--test-games``,
    as on the game page), then the link of the address's fragment."""
    offered_games(catalogue)
    return Replay.open(fragment)


@dataclass
class Replay:
    link: ReplayLink
    #: the state at each step: the deal, then after each move
    states: list[Any]
    #: the events of each step (none at the deal)
    events: list[list[Event]]
    #: the seat whose eyes are on the board, None for everything
    eye: int | None
    step: int = 0
    #: the reader asked for the whole log, not only its newest lines
    log_whole: bool = False
    _previous: frozenset[str] = field(default_factory=frozenset)

    @staticmethod
    def open(fragment: str) -> Replay:
        """The replay of the address's fragment; MalformedData (with a ``link_*``
        code) when there is none or it cannot be read."""
        link = decode_link(GAMES, payload_from_hash(fragment))
        states: list[Any] = []
        events: list[list[Event]] = []
        for state, step_events in replay_steps(get_game(link.match.game), link.match):
            states.append(state)
            events.append(step_events)
        return Replay(link, states, events, link.eye)

    @property
    def game(self) -> Game[Any, Any]:
        return get_game(self.link.match.game)

    @property
    def client(self) -> GameClient:
        return get_client(self.link.match.game)

    @property
    def steps(self) -> int:
        return len(self.states) - 1

    @property
    def over(self) -> bool:
        return self.game.is_over(self.states[-1])

    def perspectives(self) -> list[int | None]:
        """Whose eyes the reader may choose: the link's seat alone, or (a
        finished game seen by nobody in particular) everything and each seat."""
        if self.link.eye is not None:
            return [self.link.eye]
        return [None, *range(len(self.link.names))]

    def seat_roles(self) -> list[Role] | None:
        """Each seat's role, where the match's mode has several (else None:
        a game of one role shows none)."""
        declared = self.game.declared_options
        try:
            roles = declared.seat_roles(declared.normalize(self.link.match.options))
        except (MalformedData, KeyError):
            return None
        if len({role.id for role in roles}) < 2 or len(roles) != len(self.link.names):
            return None
        return list(roles)

    def seat_label(self, seat: int, lang: str) -> str:
        """A seat's name, with its role where the mode has several."""
        roles = self.seat_roles()
        name = self.link.names[seat]
        if roles is None:
            return name
        return MODE_WORDS("seat_role", lang, name=name, role=roles[seat].label[lang])

    def command(self, cmd: str, arg: str = "") -> bool:
        """Do what a button or a key asks; True when the page must be drawn again."""
        target = {
            "first": 0,
            "prev": self.step - 1,
            "next": self.step + 1,
            "continue": self.step + 1,
            "last": self.steps,
        }.get(cmd)
        if target is not None:
            target = max(0, min(self.steps, target))
            changed = target != self.step
            self.step = target
            return changed
        if cmd in ("log-whole", "log-recent"):
            self.log_whole = cmd == "log-whole"
            return True
        if cmd == "eye":
            # ASCII digits only: "²" passes str.isdigit but int() refuses it.
            eye = None if arg == "all" else int(arg) if re.fullmatch(r"[0-9]{1,3}", arg) else -1
            if eye not in self.perspectives() or eye == self.eye:
                return False
            self.eye = eye
            self._previous = frozenset()
            return True
        return False

    # ------------------------------------------------------------ drawing

    def view(self) -> dict[str, Any]:
        return self._view(self.step)

    def _view(self, step: int) -> dict[str, Any]:
        state = self.states[step]
        return self.client.open_view(state) if self.eye is None else self.game.view(state, self.eye)

    def log(self, lang: str) -> list[tuple[str, str]]:
        """The log up to this step as the eyes saw it: (event type, line)."""
        names = list(self.link.names)
        opening = self.game.capabilities.opening_events
        first = opening(self.states[0]) if opening is not None else []
        lines: list[tuple[str, str]] = []
        for events in [first, *self.events[1 : self.step + 1]]:
            for event in events:
                seen = event_for_seat(event, self.eye)
                kind = str(seen.get("type", ""))
                for index, line in enumerate(self.client.describe(seen, names, lang)):
                    lines.append((kind if index == 0 else f"{kind}-detail", line))
        return lines

    def move_lines(self, lang: str) -> list[str]:
        """What this step's move did, as the eyes saw it."""
        names = list(self.link.names)
        lines: list[str] = []
        for event in self.events[self.step]:
            lines += self.client.describe(event_for_seat(event, self.eye), names, lang)
        return lines

    def caption(self, lang: str) -> str:
        """One line for the dock: the deal, the move, or the end of the game."""
        if self.step == 0:
            return rtr("replay_deal", lang)
        if self.step == self.steps and self.over:
            return self.client.over_status(self.view(), list(self.link.names), lang)
        lines = self.move_lines(lang)
        line = lines[0] if lines else ""
        if self.step == self.steps:  # a running game's link ends where it was shared
            line = f"{line} {rtr('replay_running', lang)}".strip()
        return line

    def ended_round(self) -> bool:
        """Whether this step's move brought a new result (it ended a round, not
        the game): the step shows the result panel."""
        if self.step == 0 or (self.step == self.steps and self.over):
            return False
        before = self.client.result_key(self._view(self.step - 1))
        after = self.client.result_key(self._view(self.step))
        return after is not None and after != before

    def markers(self) -> dict[str, str]:
        return {
            "step": str(self.step),
            "steps": str(self.steps),
            "viewer": "all" if self.eye is None else str(self.eye),
            "over": "true" if self.over else "false",
            "round": self.client.markers(self.view()).get("round", ""),
        }

    def render(self, lang: str) -> str:
        """The whole replay section: its bar, then the board at this step."""
        names = list(self.link.names)
        kinds = ["human" if human else "bot" for human in self.link.humans]
        scene = Scene(
            view=self.view(), names=names, kinds=kinds, lang=lang, previous=self._previous
        )
        if self.ended_round():
            scene.events = [event_for_seat(event, self.eye) for event in self.events[self.step]]
            board = self.client.render_result(scene)
        else:
            scene.log = self.log(lang)
            scene.log_window = log_window(self.log_whole)
            scene.caption = self.caption(lang)
            scene.events = [  # what just happened, up to this step
                event_for_seat(event, self.eye)
                for step in self.events[: self.step + 1]
                for event in step
            ]
            dress_table(scene, leave=False)
            board = self.client.render_table(scene)
        self._previous = frozenset(scene.shown)
        attrs = "".join(f' data-{name}="{_e(value)}"' for name, value in self.markers().items())
        return (
            f'<section id="replay" class="replay"{attrs} aria-labelledby="replay-title">'
            f"{self._bar(lang)}"
            f'<div class="replay-board">{board}</div></section>'
        )

    def _bar(self, lang: str) -> str:
        step, steps = self.step, self.steps
        buttons = [
            ("first", _ICONS["first"], "replay_first", step == 0),
            ("prev", _ICONS["prev"], "replay_prev", step == 0),
            ("next", _ICONS["next"], "replay_next", step == steps),
            ("last", _ICONS["last"], "replay_last", step == steps),
        ]
        nav = "".join(
            f'<button type="button" class="btn btn-small btn-secondary replay-{cmd}" '
            f'data-cmd="{cmd}" aria-label="{_e(rtr(key, lang))}" title="{_e(rtr(key, lang))}"'
            f"{' disabled' if off else ''}>"
            f'<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
            f'<path d="{path}"/></svg></button>'
            for cmd, path, key, off in buttons
        )
        counter = rtr("replay_step", lang, n=step, total=steps)
        choices = self.perspectives()
        roles = self.seat_roles()

        def role_of(eye: int | None) -> str:
            return f' data-role="{_e(roles[eye].id)}"' if roles and eye is not None else ""

        if len(choices) == 1:
            seen = rtr("replay_seen_by", lang, name=self.seat_label(self.eye or 0, lang))
            eyes = f'<p class="replay-seen" data-eye="{self.eye}"{role_of(self.eye)}>{_e(seen)}</p>'
        else:
            options = "".join(
                f'<button type="button" class="btn btn-small eye-btn" data-cmd="eye" '
                f'data-act="{"all" if eye is None else eye}"{role_of(eye)} '
                f'aria-pressed="{"true" if eye == self.eye else "false"}">'
                f"{_e(rtr('replay_all', lang) if eye is None else self.seat_label(eye, lang))}"
                "</button>"
                for eye in choices
            )
            label = _e(rtr("replay_eyes", lang))
            eyes = (
                f'<div class="replay-eyes" role="group" aria-label="{label}">'
                f'<span class="group-label">{label}</span>{options}</div>'
            )
        return (
            '<div class="replay-bar">'
            f'<h2 class="replay-title" id="replay-title">{_e(rtr("replay_title", lang))}</h2>'
            f'<div class="replay-nav" role="group" aria-label="{_e(counter)}">{nav}'
            f'<span class="replay-counter" id="replay-counter">{_e(counter)}</span></div>'
            f"{eyes}"
            f'<p class="replay-keys">{_e(rtr("replay_keys", lang))}</p></div>'
        )

    def with_step(self, step: int) -> Replay:
        """A copy at another step (tests walk a replay without changing it)."""
        return replace(self, step=max(0, min(self.steps, step)))


#: the step buttons' marks (drawn, not glyphs: not every font has ⏮ and ⏭)
_ICONS = {
    "first": "M5 4h3v16H5zM20 4v16L9 12z",
    "prev": "M18 4v16L6 12z",
    "next": "M6 4v16l12-8z",
    "last": "M16 4h3v16h-3zM4 4v16l11-8z",
}


def _e(text: object) -> str:
    return escape(str(text), quote=True)
