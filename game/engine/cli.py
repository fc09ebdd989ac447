"""The command line: `python -m game simulate ...`, `python -m game scenario FILE...`,
`python -m game replay MATCH.json`. It knows games only through the registry it is given."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .arena import run_arena
from .codec import parse_json, state_hash
from .errors import GameError
from .match import Match, replay
from .protocol import Game
from .scenario import load_scenario, run_scenario
from .search import SearchSettings
from .simulate import simulate

__all__ = ["main"]


def _parser(game_names: Sequence[str]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    sim = commands.add_parser("simulate", help="play random games; print one JSON line")
    sim.add_argument("--game", choices=game_names, default=game_names[0])
    sim.add_argument("--players", type=int, required=True)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
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
    arena.add_argument("--players", type=int, required=True)
    arena.add_argument("--bots", required=True, help="one level per seat: hard,normal,easy,random")
    arena.add_argument("--games", type=int, default=100)
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--option", action="append", default=[], metavar="KEY=JSON")
    arena.add_argument("--playouts", type=int, default=SearchSettings.playouts)
    arena.add_argument(
        "--time-budget",
        type=float,
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
            raise GameError("bad_option", f"--option needs KEY=VALUE, not {pair!r}")
        options[key] = parse_json(value, f"--option {key}")
    return options


def _expand(files: Sequence[Path]) -> list[Path]:
    """Scenario arguments may be files or folders of *.json files."""
    found: list[Path] = []
    for path in files:
        found += sorted(path.rglob("*.json")) if path.is_dir() else [path]
    return found


def main(
    games: Mapping[str, Game[Any, Any]],
    argv: Sequence[str] | None = None,
    out: Callable[[str], None] = print,
) -> int:
    args = _parser(list(games)).parse_args(argv)
    try:
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
                    "bad_option", f"--bots names {len(levels)} bots for {args.players} players"
                )
            options = game.normalize_options(_options(args.players, args.option))
            settings = SearchSettings(playouts=args.playouts, time_budget=args.time_budget)
            arena_report = run_arena(game, options, levels, args.games, args.seed, settings)
            out(json.dumps(arena_report.to_json()))
            return 0
        if args.command == "scenario":
            return _run_scenarios(games, _expand(args.files), out)
        match = Match.from_json(parse_json(args.file.read_text(encoding="utf-8"), str(args.file)))
        game = games[match.game]
        state = replay(game, match)
        out(json.dumps({"outcome": game.outcome(state), "hash": state_hash(game, state)}))
        return 0
    except GameError as error:
        print(f"error: {error.message}", file=sys.stderr)
        return 2


def _run_scenarios(
    games: Mapping[str, Game[Any, Any]], files: Sequence[Path], out: Callable[[str], None]
) -> int:
    failures = 0
    for path in files:
        try:
            data = load_scenario(path)
            game = games.get(str(data["game"]))
            if game is None:
                raise GameError("scenario", f"unknown game {data['game']!r}")
            result = run_scenario(game, getattr(game, "scenarios"), data)  # noqa: B009
            name = str(data.get("name", path.stem))
        except GameError as error:
            failures += 1
            out(f"FAIL {path}: {error.message}")
            continue
        if result.passed:
            out(f"PASS {path}: {name} ({result.steps_run} steps)")
        else:
            failures += 1
            out(f"FAIL {path}: {name}: {result.failure}")
    out(f"{len(files) - failures} passed, {failures} failed")
    return 1 if failures else 0
