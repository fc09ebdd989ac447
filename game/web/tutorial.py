"""A tutorial board: one scenario file played step by step by a reader.

Plain Python with no browser import, so every tutorial is played through it
under CPython in the tests; ``game.web.embed_main`` only puts its HTML into
``embed.html`` and sends it the clicks.

A tutorial is a scenario file (docs/scenarios.md) of
``game/bossquest/tutorials/``, with a top-level ``reader``: the player whose
eyes the board shows. The board is that player's view, so the other players'
hidden cards stay hidden, exactly as at a real table. Its steps are:

- the reader's moves (``seat`` is the reader, with ``do`` and no ``fails``):
  the board shows the reader's usual buttons and waits for the move the step
  names. A step such as ``activate strength_up target=Ana amount=1`` is two
  clicks (the spell, then the choice). Any other button plays nothing: the
  step's ``hint`` shows instead (or, with none, what to press);
- the other steps (another seat's move, a refusal shown on purpose, a bare
  ``expect``): with a ``caption`` they wait for "Next", which plays them;
  without one they are played at once, right after the step before. While a
  round's result shows, the first "Next" (or the result's own button) leaves it.

Each step's ``expect`` is checked as the runner does, so a tutorial that no
longer matches the rules says so on the board instead of teaching a mistake.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any, Final
from urllib.parse import parse_qs, urlencode

from game.engine.client import NO_DOCK, Dock, GameClient, Scene
from game.engine.dom import ActMarks, act_text
from game.engine.errors import GameError, IllegalAction
from game.engine.events import event_for_seat
from game.engine.protocol import Game
from game.engine.safejson import MAX_ACTION_BYTES, MAX_SAVE_BYTES, load_json, load_json_file, quote
from game.engine.scenario import ScenarioRules, run_scenario, scenario_mismatches
from game.engine.scenario_setup import build_setup
from game.engine.words import Catalogue
from game.registry import DEFAULT_GAME, get_client, get_game, lesson_order

from .board import dress_table
from .catalogue import offered_games

__all__ = [
    "LANGS",
    "TUTORIALS_DIR",
    "TutorialError",
    "TutorialSession",
    "TutorialView",
    "load_tutorial",
    "page_tutorial",
    "query_game",
    "query_tutorial",
    "tutorial_names",
    "tutorial_problems",
    "tutr",
]

#: the game a board plays when its address names none (today's links), its
#: client and how its scenario files read
GAME = get_game(DEFAULT_GAME)
CLIENT = get_client(DEFAULT_GAME)
assert GAME.capabilities.scenarios is not None, "tutorials need the game's scenarios"
SCENARIOS: ScenarioRules = GAME.capabilities.scenarios
assert CLIENT.tutorials is not None, "the game has no tutorials"
TUTORIALS_DIR: Path = CLIENT.tutorials
LANGS = ("fr", "en")
#: a scenario's name in the page's query: letters, digits and underscores
_NAME = re.compile(r"^[a-z0-9_]{1,48}$")

_STRINGS_ENTRIES: Final[dict[str, dict[str, str]]] = {
    "step": {"fr": "Étape {n} sur {total}", "en": "Step {n} of {total}"},
    "done": {"fr": "Leçon terminée", "en": "Lesson complete"},
    "next": {"fr": "Suivant", "en": "Next"},
    "next_aria": {"fr": "Suivant : {name} joue", "en": "Next: {name} plays"},
    "next_aria_you": {"fr": "Suivant : votre coup", "en": "Next: your move"},
    "dock_you": {
        "fr": "À vous : appuyez sur « Suivant » pour voir ce coup.",
        "en": "Your turn: press “Next” to see this move.",
    },
    "your_move": {"fr": "À vous de jouer", "en": "Your move"},
    "restart": {"fr": "Recommencer", "en": "Try again"},
    "play_full": {"fr": "Jouer une vraie partie", "en": "Play a full game"},
    "wrong_move": {
        "fr": "Dans cette leçon, faites plutôt : « {label} ».",
        "en": "In this lesson, do this instead: “{label}”.",
    },
    "not_now": {
        "fr": "Ce n’est pas encore à vous : appuyez sur « Suivant ».",
        "en": "It is not your move yet: press “Next”.",
    },
    "refused": {"fr": "Coup refusé : {reason}", "en": "Not allowed: {reason}"},
    "see_result": {
        "fr": "Regardez le résultat de la manche, puis passez à la suivante.",
        "en": "Look at the result of the round, then go on to the next one.",
    },
    "viewer": {
        "fr": "Vous voyez la table comme {name} la voit : ce que les autres cachent reste caché.",
        "en": "You see the table through {name}'s eyes: what the others hide stays hidden.",
    },
    "broken": {
        "fr": "Ce tutoriel ne correspond plus aux règles ({problem}).",
        "en": "This tutorial no longer matches the rules ({problem}).",
    },
    "unknown": {
        "fr": "Tutoriel inconnu : « {name} ».",
        "en": "Unknown tutorial: “{name}”.",
    },
}
_STRINGS: Final = Catalogue("platform.tutorial", _STRINGS_ENTRIES)


def tutr(key: str, lang: str, **values: Any) -> str:
    """A tutorial string in `lang` (French or English)."""
    return _STRINGS(key, "fr" if lang == "fr" else "en", **values)


def _e(text: object) -> str:
    return escape(str(text), quote=True)


class TutorialError(Exception):
    """A tutorial that cannot be shown (unknown name, unreadable file), and why."""


def tutorial_names(folder: Path = TUTORIALS_DIR) -> list[str]:
    """Every tutorial's name (its file name without .json), in the game's
    lesson order (``game.registry.lesson_order``)."""
    return lesson_order(folder)


def game_of(name: object) -> tuple[Game[Any, Any], GameClient, ScenarioRules]:
    """The game `name` (a tutorial's "game", an address's ``?game=``), its
    client and its scenario rules; TutorialError if it has no tutorial boards."""
    try:
        game = get_game(str(name))
        client = get_client(str(name))
    except KeyError:
        raise TutorialError(f"unknown game {quote(name)}") from None
    rules = game.capabilities.scenarios
    if rules is None or client.tutorials is None:
        raise TutorialError(f"the game {game.name} has no tutorial boards")
    return game, client, rules


def query_game(search: str) -> str:
    """The game a page address names: ``?game=NAME`` (the default game if none)."""
    values = parse_qs(search.removeprefix("?")).get("game", [""])
    return values[0].strip() or DEFAULT_GAME


def query_tutorial(search: str) -> str:
    """The tutorial a page address names: ``?scenario=NAME`` ("" if none)."""
    values = parse_qs(search.removeprefix("?")).get("scenario", [""])
    return values[0].strip()


def load_tutorial(
    name: str, folder: Path | None = None, game: str = DEFAULT_GAME
) -> dict[str, Any]:
    """The scenario data of the tutorial `name` of `game` (from `folder`, by
    default the game's own); TutorialError if there is none."""
    if folder is None:
        folder = game_of(game)[1].tutorials or TUTORIALS_DIR
    if not _NAME.match(name) or not (folder / f"{name}.json").is_file():
        raise TutorialError(f"unknown tutorial {name!r}")
    try:
        path = folder / f"{name}.json"
        data = load_json_file(path, f"tutorial {name!r}", max_bytes=MAX_SAVE_BYTES)
    except GameError as exc:
        raise TutorialError(exc.message) from exc
    if not isinstance(data, dict):
        raise TutorialError(f"tutorial {name!r} is not a JSON object")
    return data


def page_tutorial(catalogue: str, search: str) -> dict[str, Any]:
    """The tutorial the board page's address names (``?game=&scenario=``): the
    games of the page's catalogue first (the test games join the registry on a
    build made with ``--test-games``, as on the game page); TutorialError if
    there is none."""
    offered_games(catalogue)
    return load_tutorial(query_tutorial(search), game=query_game(search))


def _text(value: Any, lang: str) -> str:
    """A {"fr": ..., "en": ...} text in `lang` ("" if absent)."""
    if isinstance(value, Mapping):
        return str(value.get("fr" if lang == "fr" else "en", ""))
    return ""


def tutorial_problems(data: Mapping[str, Any]) -> list[str]:
    """What a tutorial file lacks: its texts in both languages, a reader, a
    caption and a hint on each of the reader's moves; and whether the runner
    passes it."""
    problems: list[str] = []
    for key in ("title", "intro", "outro"):
        if not all(_text(data.get(key), lang).strip() for lang in LANGS):
            problems.append(f"{key} needs French and English")
    steps = data.get("steps")
    if not isinstance(steps, list):
        return [*problems, "steps must be a list"]
    names = data.get("setup", {}).get("players", [])
    reader = data.get("reader")
    if reader not in names:
        problems.append(f"reader {reader!r} is not a player")
    for index, step in enumerate(steps):
        for key in ("caption", "hint"):
            if key in step and not all(_text(step[key], lang).strip() for lang in LANGS):
                problems.append(f"step {index}: {key} needs French and English")
        if step.get("seat") == reader and "do" in step and "fails" not in step:
            for key in ("caption", "hint"):
                if key not in step:
                    problems.append(f"step {index}: the reader's move needs a {key}")
    game, _client, rules = game_of(data.get("game", DEFAULT_GAME))
    result = run_scenario(game, rules, data)
    if not result.passed:
        problems.append(f"the runner fails it: {result.failure}")
    return problems


@dataclass(frozen=True)
class Step:
    """One step of the scenario, as the tutorial plays it."""

    index: int
    seat: int | None
    spec: Any
    fails: str | None
    expect: Mapping[str, Any] | None
    caption: Mapping[str, str] | None
    hint: Mapping[str, str] | None

    def is_reader_move(self, reader: int) -> bool:
        return self.seat == reader and self.spec is not None and self.fails is None


@dataclass(frozen=True)
class TutorialView:
    """One render: the panel (title, caption, buttons), the board, the markers."""

    panel: str
    board: str
    #: data-* attributes of #tutorial (name without "data-" -> value)
    markers: dict[str, str]
    #: one line for the screen reader's live region
    status: str


@dataclass
class TutorialSession:
    """A tutorial being played. ``command`` takes the page's clicks."""

    data: Mapping[str, Any]
    name: str = ""
    names: list[str] = field(default_factory=list)
    reader: int = 0
    steps: list[Step] = field(default_factory=list)
    state: Any = None
    events: list[dict[str, Any]] = field(default_factory=list)
    #: where the current step's events start in `events`
    step_events_from: int = 0
    #: the index of the step being played (len(steps) once done)
    index: int = 0
    #: the engine actions of the reader's current step, and how many are played
    expected: list[Any] = field(default_factory=list)
    progress: int = 0
    #: the explanation shown after a refused click ("" when none)
    explain: str = ""
    #: the round whose result the reader has moved on from
    seen_result: int = 0
    #: a step that did not go as the file says (a broken tutorial)
    problem: str = ""
    actions_played: int = 0
    _opening: list[dict[str, Any]] = field(default_factory=list)
    _previous: frozenset[str] = frozenset()
    #: the game the file names, its client and scenario rules (set from `data`)
    game: Game[Any, Any] = field(init=False)
    client: GameClient = field(init=False)
    scenarios: ScenarioRules = field(init=False)

    def __post_init__(self) -> None:
        # The file names its game: its rules, client and scenario rules play it.
        self.game, self.client, self.scenarios = game_of(self.data.get("game", DEFAULT_GAME))
        self.restart()

    # -------------------------------------------------------------- set-up

    def restart(self) -> None:
        """Back to the stacked deal, before the first step."""
        setup = self.data.get("setup")
        if not isinstance(setup, Mapping):
            raise TutorialError("the tutorial has no setup")
        try:
            # the engine's set-up: the game's deal, then `new_game`, `before`, `set`
            self.state, self.names = build_setup(
                self.game, self.scenarios, setup, self.scenarios.json_names()
            )
        except GameError as exc:
            raise TutorialError(f"setup: {exc.message}") from exc
        reader = self.data.get("reader")
        raw_steps = self.data.get("steps")
        if not isinstance(raw_steps, list):
            raise TutorialError("the tutorial's steps must be a list")
        if reader is None:  # the first player to move, by default
            reader = next((s.get("seat") for s in raw_steps if "do" in s), self.names[0])
        if reader not in self.names:
            raise TutorialError(f"the reader {reader!r} is not a player")
        self.reader = self.names.index(reader)
        self.steps = [self._step(index, raw) for index, raw in enumerate(raw_steps)]
        self.events = []
        opening = self.game.capabilities.opening_events
        self._opening = opening(self.state) if opening is not None else []
        self.index = -1
        self.expected, self.progress = [], 0
        self.explain, self.problem = "", ""
        # a result the set-up reached before the first step (an earlier round's)
        # is behind the reader: the board opens on the lesson, not on that panel
        self.seen_result = self.client.result_key(self.game.view(self.state, self.reader)) or 0
        self.actions_played = 0
        self._advance()

    def _step(self, index: int, raw: Any) -> Step:
        if not isinstance(raw, Mapping):
            raise TutorialError(f"step {index} is not a JSON object")
        seat = raw.get("seat")
        if "do" in raw and seat not in self.names:
            raise TutorialError(f"step {index}: unknown player {seat!r}")
        return Step(
            index=index,
            seat=self.names.index(str(seat)) if "do" in raw else None,
            spec=raw.get("do"),
            fails=raw.get("fails"),
            expect=raw.get("expect"),
            caption=raw.get("caption"),
            hint=raw.get("hint"),
        )

    # --------------------------------------------------------------- state

    def full_game_href(self) -> str:
        """Where "Play a full game" leads: the game page of this board's game
        (``index.html?game=NAME``: the site's root lists several games)."""
        return "index.html?" + urlencode({"game": self.game.name})

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    def current(self) -> Step | None:
        return None if self.done else self.steps[self.index]

    def reader_turn(self) -> bool:
        """Whether the board waits for one of the reader's clicks."""
        step = self.current()
        return step is not None and not self.problem and step.is_reader_move(self.reader)

    def expected_action(self) -> Any | None:
        """The action the reader's next click must play, if the board waits for one."""
        return self.expected[self.progress] if self.reader_turn() else None

    def stops(self) -> list[int]:
        """The steps the reader stops at (their moves and the captioned ones)."""
        return [
            step.index
            for step in self.steps
            if step.is_reader_move(self.reader) or step.caption is not None
        ]

    def fresh_result(self) -> bool:
        """A result showed that the board has not moved on from yet."""
        shown = self.client.result_key(self.game.view(self.state, self.reader))
        return shown is not None and shown > self.seen_result

    # ------------------------------------------------------------ commands

    def command(self, cmd: str, arg: str = "") -> bool:
        """Do what a button asks; True if anything changed (render again)."""
        if cmd == "act":
            return self._act(arg)
        if cmd == "next":
            step = self.current()
            if step is None or self.reader_turn() or self.problem:
                return False
            self.explain = ""
            if self.fresh_result():  # first "Next" leaves the round's result
                return self.command("continue")
            self._play_auto(step)
            return True
        if cmd == "continue" and self.fresh_result():
            self.seen_result = self.client.result_key(self.game.view(self.state, self.reader)) or 0
            return True
        if cmd == "restart":
            self.restart()
            return True
        return False

    def _act(self, arg: str) -> bool:
        """The reader clicked a move: play it if it is the one the step asks for."""
        if not self.reader_turn():
            self.explain = "not_now"
            return True
        try:
            action = self.game.action_from_json(
                load_json(arg, "the move", max_bytes=MAX_ACTION_BYTES)
            )
        except GameError as exc:
            self.explain = f"refused:malformed:{exc.message}"
            return True
        if action != self.expected[self.progress]:
            reason = self.game.check(self.state, self.reader, action)
            self.explain = "hint" if reason is None else f"refused:{reason.code}:{reason.message}"
            return True
        self.explain = ""
        self._apply(self.reader, action)
        self.progress += 1
        if self.progress == len(self.expected):
            step = self.current()
            assert step is not None
            self._check(step)
            self._advance()
        return True

    def _apply(self, seat: int, action: Any) -> None:
        self.state, events = self.game.apply(self.state, seat, action)
        self.events += events
        self.actions_played += 1

    def _play_auto(self, step: Step) -> None:
        """Play a step the reader watches (another seat's move, a refusal, a check)."""
        if step.spec is not None and step.seat is not None:
            before = (self.state, len(self.events), self.actions_played)
            try:
                for action in self.scenarios.actions(self.state, step.seat, step.spec, self.names):
                    self._apply(step.seat, action)
                if step.fails is not None:
                    self.problem = f"step {step.index}: expected refusal {step.fails}"
            except IllegalAction as exc:
                self.state, count, self.actions_played = before
                del self.events[count:]
                if exc.code != step.fails:
                    self.problem = f"step {step.index}: {exc.message}"
            except GameError as exc:
                self.problem = f"step {step.index}: {exc.message}"
        if not self.problem:
            self._check(step)
            self._advance()

    def _check(self, step: Step) -> None:
        if step.expect is None:
            return
        try:
            problems = scenario_mismatches(
                self.game,
                self.scenarios,
                self.state,
                step.expect,
                self.names,
                self.events[self.step_events_from :],
                self.scenarios.json_names(),
            )
        except GameError as exc:
            problems = [exc.message]
        if problems:
            self.problem = f"step {step.index}: {problems[0]}"

    def _advance(self) -> None:
        """On to the next step; steps without a caption that the reader does not
        play are played at once."""
        while not self.problem:
            self.index += 1
            self.step_events_from = len(self.events)  # the step's own events, for `expect.events`
            self.expected, self.progress = [], 0
            step = self.current()
            if step is None:
                return
            if step.is_reader_move(self.reader):
                try:
                    self.expected = self.scenarios.actions(
                        self.state, self.reader, step.spec, self.names
                    )
                except GameError as exc:
                    self.problem = f"step {step.index}: {exc.message}"
                return
            if step.caption is not None:
                return
            self._play_auto(step)  # which advances again, unless it went wrong
            return

    # ------------------------------------------------------------ rendering

    def log(self, lang: str) -> list[tuple[str, str]]:
        """The reader's log: (event type, line), oldest first."""
        lines: list[tuple[str, str]] = []
        for event in [*self._opening, *self.events]:
            kind = str(event.get("type", ""))
            shown = event_for_seat(event, self.reader)
            for index, line in enumerate(self.client.describe(shown, self.names, lang)):
                lines.append((kind if index == 0 else f"{kind}-detail", line))
        return lines

    def dock(self, lang: str) -> Dock:
        """The reader's buttons while the board waits for their move, else none."""
        if not self.reader_turn():
            return NO_DOCK
        view = self.game.view(self.state, self.reader)
        return self.client.dock(
            view, self.game.legal_actions(self.state, self.reader), self.names, lang
        )

    def expected_label(self, lang: str) -> str:
        """How the expected move's button reads ("Go to the Magician")."""
        action = self.expected_action()
        for group in self.dock(lang).groups:
            for control in group.controls:
                if control.action == action:
                    return control.aria or control.label
        return ""

    def explanation(self, lang: str) -> str:
        """The explanation of the last refused click, in `lang` ("" if none)."""
        if not self.explain:
            return ""
        if self.explain == "not_now":
            return tutr("not_now", lang)
        if self.explain.startswith("refused:"):
            _, code, message = self.explain.split(":", 2)
            return tutr("refused", lang, reason=self.client.reason_text(code, message, lang))
        step = self.current()
        hint = _text(step.hint, lang) if step is not None else ""
        # a two-click step's hint speaks of its first click; later ones get the button
        if hint and self.progress == 0:
            return hint
        return tutr("wrong_move", lang, label=self.expected_label(lang))

    def render(self, lang: str) -> TutorialView:
        """The panel and the board now, in `lang`."""
        lang = "fr" if lang == "fr" else "en"
        view = self.game.view(self.state, self.reader)
        scene = Scene(
            view=view,
            names=self.names,
            kinds=["human"] * len(self.names),
            lang=lang,
            previous=self._previous,
        )
        result = self.fresh_result()
        if result:
            # nothing follows the last lesson's result: it stays, without its button
            scene.result_button = not self.done
            board = self.client.render_result(scene)
        else:
            scene.dock = self.dock(lang)
            scene.log = self.log(lang)
            scene.caption = self._dock_caption(lang)
            scene.events = [event_for_seat(event, self.reader) for event in self.events]
            action = self.expected_action()
            if action is not None and self.explain:
                # after a wrong click, point at the button the lesson asks for
                scene.marks = ActMarks(expected=act_text(self.game.action_to_json(action)))
            dress_table(scene)
            board = self.client.render_table(scene)
        self._previous = frozenset(scene.shown)
        return TutorialView(
            panel=self._panel(lang, result),
            board=board,
            markers=self.markers(),
            status=self._status(lang),
        )

    def readers_move_shown(self) -> bool:
        """The board waits for "Next" while the move is the reader's: a refusal
        shown on purpose, or a step the rules give the reader to act in. The
        lesson speaks to the reader as "you" there, as the reader's seat does,
        never by name ("Alix's turn…" beside Alix's YOUR TURN)."""
        step = self.current()
        if step is None or self.reader_turn() or self.problem:
            return False
        return step.seat == self.reader or (
            step.seat is None and self.reader in self.game.to_act(self.state)
        )

    def _dock_caption(self, lang: str) -> str:
        """The dock's line while the board waits for "Next" on the reader's
        move ("" leaves the game's own waiting line, which names the others)."""
        return tutr("dock_you", lang) if self.readers_move_shown() else ""

    def markers(self) -> dict[str, str]:
        return {
            "scenario": self.name,
            "step": str(self.index),
            "steps": str(len(self.steps)),
            "done": str(self.done).lower(),
            "reader-turn": str(self.reader_turn()).lower(),
            "actions": str(self.actions_played),
            "result": str(self.fresh_result()).lower(),
            "problem": "true" if self.problem else "false",
        }

    def _status(self, lang: str) -> str:
        if self.done:
            return _text(self.data.get("outro"), lang)
        step = self.current()
        return _text(step.caption, lang) if step is not None else ""

    def _panel(self, lang: str, result: bool) -> str:
        """Title, step counter, intro, caption, explanation and buttons."""
        title = _text(self.data.get("title"), lang)
        stops = self.stops()
        if self.done:
            count = tutr("done", lang)
        else:
            number = sum(1 for index in stops if index <= self.index)
            count = tutr("step", lang, n=max(number, 1), total=len(stops))
        restart = (
            ""
            if self.done  # the end has its own "Try again"
            else '<button type="button" class="btn btn-small btn-secondary tut-restart" '
            f'data-cmd="restart">{_e(tutr("restart", lang))}</button>'
        )
        parts = [
            '<div class="tut-head"><div class="tut-heading">',
            f'<h1 class="tut-title" id="tut-title">{_e(title)}</h1>',
            f'<span class="tut-count" id="tut-count">{_e(count)}</span>',
            f"</div>{restart}</div>",
        ]
        if self.problem:
            parts.append(
                f'<p class="tut-problem" role="alert">'
                f"{_e(tutr('broken', lang, problem=self.problem))}</p>"
            )
        elif self.done:
            parts.append(
                f'<p class="tut-caption tut-outro">{_e(_text(self.data.get("outro"), lang))}</p>'
            )
            parts.append(
                '<div class="tut-actions">'
                '<button type="button" class="btn btn-primary" data-cmd="restart" '
                f'id="tut-again">{_e(tutr("restart", lang))}</button>'
                f'<a class="btn btn-secondary" id="tut-full" href="{_e(self.full_game_href())}" '
                f'target="_blank" rel="noopener">{_e(tutr("play_full", lang))}</a></div>'
            )
        else:
            step = self.current()
            assert step is not None
            if self.actions_played == 0 and self.index == (stops[0] if stops else 0):
                parts.append(
                    f'<p class="tut-intro">{_e(_text(self.data.get("intro"), lang))} '
                    f'<span class="tut-viewer">'
                    f"{_e(tutr('viewer', lang, name=self.names[self.reader]))}</span></p>"
                )
            caption = _text(step.caption, lang)
            if result and not self.reader_turn():
                # the round's result first; the next step's caption after "Next"
                parts.append(
                    f'<p class="tut-caption" data-who="other">{_e(tutr("see_result", lang))}</p>'
                )
            elif self.reader_turn():
                parts.append(
                    f'<p class="tut-caption" data-who="you"><span class="tut-badge">'
                    f"{_e(tutr('your_move', lang))}</span> {_e(caption)}</p>"
                )
            else:
                parts.append(f'<p class="tut-caption" data-who="other">{_e(caption)}</p>')
            explain = self.explanation(lang)
            if explain:
                parts.append(f'<p class="tut-explain" data-explain role="alert">{_e(explain)}</p>')
            if result and self.reader_turn():
                parts.append(f'<p class="tut-note">{_e(tutr("see_result", lang))}</p>')
            if not self.reader_turn():
                who = self.names[step.seat] if step.seat is not None else ""
                if self.readers_move_shown():
                    aria = f' aria-label="{_e(tutr("next_aria_you", lang))}"'
                elif who:
                    aria = f' aria-label="{_e(tutr("next_aria", lang, name=who))}"'
                else:
                    aria = ""
                parts.append(
                    '<div class="tut-actions"><button type="button" class="btn btn-primary" '
                    f'data-cmd="next" id="tut-next"{aria}>{_e(tutr("next", lang))}</button></div>'
                )
        return "".join(parts)
