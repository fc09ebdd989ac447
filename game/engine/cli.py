"""The command line: `python -m game simulate ...`, `python -m game scenario FILE...`,
`python -m game replay MATCH.json`. It knows games only through the registry it is given.

Bad input of any kind (arguments, files, their JSON) is answered with one line,
`error: <reason>`, on stderr and exit status 2: never a traceback."""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

from .arena import run_arena
from .bots import check_seat_level
from .codec import parse_json, state_hash
from .errors import MAX_MESSAGE, GameError, MalformedData
from .match import Match, replay
from .protocol import JSON, Game
from .safejson import MAX_ACTION_BYTES, MAX_SAVE_BYTES, load_json_file, quote
from .scenario import check_scenario, run_cases
from .search import SearchSettings
from .simulate import simulate

__all__ = ["main"]


class _UsageError(Exception):
    """argparse's complaint about the command line, answered as `error: ...`."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser (its subcommands' too) that raises instead of exiting,
    so that main() answers every kind of bad input the same way."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)


_WHOLE = re.compile(r"[+-]?[0-9]{1,30}")
"""A whole number in ASCII digits: int() also reads "٣" (Arabic-Indic three), and
str.isdigit passes "²", which int() refuses."""


_DECIMAL = re.compile(r"[+-]?([0-9]{1,30}\.?[0-9]{0,30}|\.[0-9]{1,30})([eE][+-]?[0-9]{1,3})?")
"""A number of seconds in ASCII digits (float() reads "٣" too)."""


def _whole(text: str) -> int:
    """An integer written in ASCII digits (players, seed)."""
    if not _WHOLE.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(f"not a whole number: {quote(text)}")
    return int(text)


def _count(text: str) -> int:
    """An integer of at least 1 (games, playouts)."""
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {quote(value)}")
    return value


def _seconds(text: str) -> float:
    """A finite, positive number of seconds."""
    if not _DECIMAL.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(f"not a number: {quote(text)}")
    value = float(text)
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive number, not {quote(text)}")
    return value


def _parser(game_names: Sequence[str]) -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m game", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    sim = commands.add_parser("simulate", help="play random games; print one JSON line")
    sim.add_argument("--game", choices=game_names, default=game_names[0])
    sim.add_argument("--players", type=_whole, required=True)
    sim.add_argument("--games", type=_count, default=100)
    sim.add_argument("--seed", type=_whole, default=0)
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=JSON",
        help="a game option, e.g. --option keep_yellow=true",
    )
    sim.add_argument(
        "--no-check", action="store_true", help="skip the invariants, for pure speed figures"
    )

    scen = commands.add_parser("scenario", help="run scenario files; report pass or fail")
    scen.add_argument("files", nargs="+", type=Path)

    arena = commands.add_parser("arena", help="bots against bots; print win rates as JSON")
    arena.add_argument("--game", choices=game_names, default=game_names[0])
    arena.add_argument("--players", type=_whole, required=True)
    arena.add_argument(
        "--bots", required=True, help="a level its role offers (or random) per seat: hard,easy"
    )
    arena.add_argument("--games", type=_count, default=100)
    arena.add_argument("--seed", type=_whole, default=0)
    arena.add_argument("--option", action="append", default=[], metavar="KEY=JSON")
    arena.add_argument("--playouts", type=_count, default=SearchSettings.playouts)
    arena.add_argument(
        "--time-budget",
        type=_seconds,
        default=SearchSettings.time_budget,
        help="seconds per hard decision (the playout count binds first if it is reached)",
    )

    rep = commands.add_parser("replay", help="replay a match file; print its outcome and hash")
    rep.add_argument("file", type=Path)
    return parser


def _options(players: int, pairs: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {"players": players}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise GameError("bad_option", f"--option needs KEY=VALUE, not {quote(pair)}")
        options[key] = parse_json(value, f"--option {quote(key)}", max_bytes=MAX_ACTION_BYTES)
    return options


def _expand(files: Sequence[Path]) -> list[Path]:
    """Scenario arguments may be files or folders of *.json files."""
    found: list[Path] = []
    for path in files:
        if not path.is_dir():
            found.append(path)
            continue
        try:
            inside = sorted(path.rglob("*.json"))
        except OSError as error:
            raise GameError("unreadable", f"{path} cannot be read ({error.strerror})") from None
        if not inside:
            raise GameError("unreadable", f"{path} holds no *.json scenario file")
        found += inside
    return found


def _game_named(games: Mapping[str, Game[Any, Any]], name: object) -> Game[Any, Any]:
    game = games.get(name) if isinstance(name, str) else None
    if game is None:
        known = ", ".join(sorted(games))
        raise GameError("unknown_game", f"unknown game {quote(name)}; known: {known}")
    return game


def _fail(message: str) -> int:
    print(f"error: {message[:MAX_MESSAGE]}", file=sys.stderr)
    return 2


def main(
    games: Mapping[str, Game[Any, Any]],
    argv: Sequence[str] | None = None,
    out: Callable[[str], None] = print,
) -> int:
    """Run one command; 0 when it went well, 1 when a simulation or a scenario
    found a problem, 2 for bad input (with `error: <reason>` on stderr)."""
    try:
        args = _parser(list(games)).parse_args(argv)
        return _run(games, args, out)
    except _UsageError as error:
        return _fail(str(error))
    except GameError as error:
        return _fail(error.message)


def _run(
    games: Mapping[str, Game[Any, Any]], args: argparse.Namespace, out: Callable[[str], None]
) -> int:
    if args.command == "simulate":
        game = games[args.game]
        options = game.normalize_options(_options(args.players, args.option))
        report = simulate(game, options, args.games, args.seed, check=not args.no_check)
        out(json.dumps(report.to_json()))
        for violation in report.violations[:20]:
            print(violation, file=sys.stderr)
        return 1 if report.violations else 0
    if args.command == "arena":
        game = games[args.game]
        levels = [level.strip() for level in args.bots.split(",")]
        if len(levels) != args.players:
            raise GameError(
                "bad_option",
                f"--bots names {len(levels)} bots for {quote(args.players)} players",
            )
        options = game.normalize_options(_options(args.players, args.option))
        for seat, level in enumerate(levels):  # a level the seat's role offers, or "random"
            try:
                check_seat_level(game, options, seat, level)
            except MalformedData as error:
                raise GameError("bad_option", error.message) from None
        settings = SearchSettings(playouts=args.playouts, time_budget=args.time_budget)
        arena_report = run_arena(game, options, levels, args.games, args.seed, settings)
        out(json.dumps(arena_report.to_json()))
        return 0
    if args.command == "scenario":
        return _run_scenarios(games, _expand(args.files), out)
    data = load_json_file(args.file, str(args.file), max_bytes=MAX_SAVE_BYTES)
    match = Match.from_json(data)
    game = _game_named(games, match.game)
    state = replay(game, match)
    out(json.dumps({"outcome": game.outcome(state), "hash": state_hash(game, state)}))
    return 0


def _run_scenarios(
    games: Mapping[str, Game[Any, Any]], files: Sequence[Path], out: Callable[[str], None]
) -> int:
    """Every file is read first: one that cannot be read as JSON is bad input
    (exit 2, nothing run); a scenario that does not hold is a FAIL line (exit 1)."""
    texts: list[JSON] = [
        load_json_file(path, f"scenario {path}", max_bytes=MAX_SAVE_BYTES) for path in files
    ]
    failures = passes = 0
    for path, raw in zip(files, texts, strict=True):
        try:
            data = check_scenario(raw, f"scenario {path}")
            game = _game_named(games, data["game"])
            rules = game.capabilities.scenarios
            if rules is None:
                raise GameError("scenario", f"the game {game.name} has no scenarios")
            results = run_cases(game, rules, data)
        except GameError as error:
            failures += 1
            out(f"FAIL {path}: {error.message}")
            continue
        for result in results:
            # A file of one case is named by its `name`; each case by its own.
            name = result.name if "cases" in data else str(data.get("name", path.stem))
            if result.passed:
                passes += 1
                out(f"PASS {path}: {name} ({result.steps_run} steps)")
            else:
                failures += 1
                out(f"FAIL {path}: {name}: {result.failure}")
    out(f"{passes} passed, {failures} failed")
    return 1 if failures else 0
