"""Bazar Quest's balance, measured by bots: one command reruns it all after
any change to the cards. Figures are printed, never asserted.

    python -m game.bazarquest.measure [--games 500] [--duels 100] [--seed 1000] [--jobs 2]

It prints three tables:

1. **Tables of normal bots** at 2, 4 and 6 players: the all-lose share, the
   rounds (mean, range, share of games of 6 to 10), each seat's share of the
   wins of scored games, and the first seat's gap to a fair share.
2. **Level ordering**: two levels at one table, seated alternately and
   swapped every game; the first level's share of the wins (fair: 50%).
3. **Each card's effect**, from games of normal bots whose upgrade phase is
   a draw among their legal choices (an experiment: with normal bots' own
   choices some employees are never hired, and a card would be measured by
   the shops that choose it). A card is *present* for a shop in a game when
   the shop sold or showed at least one copy of that item design, invited
   that hero, hired that employee, or bought that upgrade.
   Its win rate is the mean over those presences of the shop's share of the
   game's wins, less the fair share (1/players), so 2, 4 and 6 players pool.
   Shops that sell, hire or buy at all win more than those that do not, so a
   card is compared with the pool of its kind (every presence of any card of
   that kind): its *effect* is its excess win rate less its kind's, in
   points, flagged when more than 10. Games everyone lost are left out.

`measure(options, games, seed, level)` is the old one-level report, kept for
quick looks (`--players 4 --bots normal` prints it alone)."""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool
from typing import Any

from ..engine import rng
from .bots import easy_bot, normal_bot
from .cards import EMPLOYEES, HEROES, ITEMS, UPGRADES
from .game import GAME
from .shrewd import shrewd_bot
from .state import Buy, Hire, Invite, Sell, Show

__all__ = ["CardEffect", "GameRecord", "card_effects", "measure", "play", "tables"]

Bot = Callable[[dict[str, Any], Sequence[Any]], Any]


def trying_bot(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    """The normal bot, but its upgrade phase draws among the legal choices
    (seeded by what the view shows: the same view, the same draw)."""
    if view["stage"] != "upgrade":
        return normal_bot(view, legal)
    seen = (view["round"], view["seat"], *view["coins"], *view["upgrades"], *view["offer"])
    index, _dice = rng.below(rng.seed_state(hash(seen) & 0xFFFFFFFF), len(legal))
    return legal[index]


_BOTS: dict[str, Bot] = {
    "easy": easy_bot,
    "normal": normal_bot,
    "shrewd": shrewd_bot,
    "trying": trying_bot,
}
PLAYERS = (2, 4, 6)
FLAG = 0.10
"""A card whose effect moves its shops' win rate by more than this is flagged."""
DUELS = (("shrewd", "normal"), ("normal", "easy"), ("shrewd", "easy"))


@dataclass(frozen=True, slots=True)
class GameRecord:
    players: int
    levels: tuple[str, ...]
    rounds: int
    winners: tuple[int, ...]  # empty: everyone lost
    present: tuple[frozenset[tuple[str, str]], ...]  # per seat: (kind, card key)


def play(options: dict[str, Any], levels: Sequence[str], seed: int) -> GameRecord:
    """One game, each seat played by its level's bot; the acting seat of a
    simultaneous step is drawn at random (no bot sees another's choice)."""
    state = GAME.new_game(options, seed)
    dice = rng.seed_state(seed)
    present: list[set[tuple[str, str]]] = [set() for _ in levels]
    while not GAME.is_over(state):
        acting = GAME.to_act(state)
        index, dice = rng.below(dice, len(acting))
        seat = acting[index]
        action = _BOTS[levels[seat]](GAME.view(state, seat), GAME.legal_actions(state, seat))
        mark = _presence(action)
        if mark is not None:
            present[seat].add(mark)
        state, _events = GAME.apply(state, seat, action)
    winners = (GAME.outcome(state) or {}).get("winners", [])
    return GameRecord(
        len(levels), tuple(levels), state.round, tuple(winners), tuple(map(frozenset, present))
    )


def _presence(action: Any) -> tuple[str, str] | None:
    if isinstance(action, Sell | Show):
        return ("item", ITEMS[action.item].key)
    if isinstance(action, Invite):
        return ("hero", HEROES[action.hero].key)
    if isinstance(action, Hire):
        return ("employee", EMPLOYEES[action.employee].key)
    if isinstance(action, Buy):
        return ("upgrade", UPGRADES[action.upgrade].key)
    return None


def _play_job(job: tuple[int, tuple[str, ...], int]) -> GameRecord:
    players, levels, seed = job
    return play({"players": players}, levels, seed)


def _run(jobs: list[tuple[int, tuple[str, ...], int]], workers: int) -> list[GameRecord]:
    if workers <= 1:
        return [_play_job(job) for job in jobs]
    with Pool(workers) as pool:
        return pool.map(_play_job, jobs, chunksize=8)


def _share(record: GameRecord, seat: int) -> float:
    return 1 / len(record.winners) if seat in record.winners else 0.0


# --- 1. tables of one level --------------------------------------------------


def tables(records: Iterable[GameRecord]) -> dict[int, dict[str, Any]]:
    """Per player count: lengths, all-lose share, seats' shares of the wins."""
    by_players: dict[int, list[GameRecord]] = {}
    for record in records:
        by_players.setdefault(record.players, []).append(record)
    report = {}
    for players, games in sorted(by_players.items()):
        scored = [g for g in games if g.winners]
        rounds = [g.rounds for g in games]
        shares = [sum(_share(g, s) for g in scored) / max(1, len(scored)) for s in range(players)]
        report[players] = {
            "games": len(games),
            "all_lose": (len(games) - len(scored)) / len(games),
            "mean_rounds": sum(rounds) / len(rounds),
            "rounds_min_max": (min(rounds), max(rounds)),
            "six_to_ten": sum(6 <= r <= 10 for r in rounds) / len(rounds),
            "seat_shares": shares,
            "first_seat_gap": shares[0] - 1 / players,
            "margin": 1.96 * math.sqrt((1 / players) * (1 - 1 / players) / max(1, len(scored))),
        }
    return report


# --- 2. level ordering -------------------------------------------------------


def _duel_levels(first: str, second: str, players: int, number: int) -> tuple[str, ...]:
    return tuple(first if (seat + number) % 2 == 0 else second for seat in range(players))


def duel_share(records: Iterable[GameRecord], level: str) -> tuple[float, int]:
    """`level`'s share of the wins of scored games (its seats pooled), and the game count."""
    scored = [r for r in records if r.winners]
    won = sum(_share(r, s) for r in scored for s, lv in enumerate(r.levels) if lv == level)
    return (won / len(scored) if scored else 0.0), len(scored)


# --- 3. each card's effect -----------------------------------------------------


@dataclass(slots=True)
class CardEffect:
    kind: str
    key: str
    presences: int = 0
    excess: float = 0.0  # summed: the shop's share of the wins less 1/players
    by_players: dict[int, list[float]] = field(default_factory=dict)

    @property
    def rate(self) -> float:
        """The mean excess win rate over fair when present."""
        return self.excess / self.presences if self.presences else 0.0


def card_effects(records: Iterable[GameRecord]) -> tuple[list[CardEffect], dict[str, float]]:
    """Every card's excess win rate when present, and each kind's pooled one."""
    cards: dict[tuple[str, str], CardEffect] = {}
    for kind, table in (("item", ITEMS), ("hero", HEROES), ("employee", EMPLOYEES)):
        for card in table:
            cards.setdefault((kind, card.key), CardEffect(kind, card.key))
    for upgrade in UPGRADES:
        cards.setdefault(("upgrade", upgrade.key), CardEffect("upgrade", upgrade.key))
    pooled: dict[str, list[float]] = {}
    for record in records:
        if not record.winners:
            continue
        for seat, marks in enumerate(record.present):
            excess = _share(record, seat) - 1 / record.players
            for mark in marks:
                effect = cards[mark]
                effect.presences += 1
                effect.excess += excess
                effect.by_players.setdefault(record.players, []).append(excess)
                pooled.setdefault(mark[0], []).append(excess)
    base = {kind: sum(values) / len(values) for kind, values in pooled.items()}
    return list(cards.values()), base


# --- the report ---------------------------------------------------------------


def _print_tables(report: dict[int, dict[str, Any]]) -> None:
    print("1. Normal bots at every seat")
    print("players  games  all-lose  rounds mean (range)  6-10  first seat vs fair  seats")
    for players, row in report.items():
        low, high = row["rounds_min_max"]
        seats = ", ".join(f"{share:.0%}" for share in row["seat_shares"])
        print(
            f"{players:7}  {row['games']:5}  {row['all_lose']:8.1%}  "
            f"{row['mean_rounds']:5.2f} ({low} to {high}){'':6} {row['six_to_ten']:4.0%}  "
            f"{100 * row['first_seat_gap']:+5.1f} pts (±{100 * row['margin']:.1f})   {seats}"
        )


def _print_duels(duels: dict[tuple[str, str, int], tuple[float, int]]) -> None:
    print("\n2. Level ordering: the first level's share of the wins, seats alternating (fair 50%)")
    for (first, second, players), (share, scored) in duels.items():
        margin = 1.96 * math.sqrt(0.25 / max(1, scored))
        print(
            f"{first:>7} vs {second:<7} {players} players: {share:5.1%} "
            f"(±{margin:.1%}, {scored} games)"
        )


def _print_effects(effects: list[CardEffect], base: dict[str, float]) -> list[CardEffect]:
    print("\n3. Each card's effect: win rate when present, in points over fair, less its kind's")
    for kind, value in base.items():
        print(f"   {kind}: shops with one win {100 * value:+.1f} pts over fair (the kind's base)")
    print("kind      card                 present  over fair  effect  per players (2/4/6)")
    flagged = []
    for effect in sorted(effects, key=lambda e: (e.kind, e.rate - base.get(e.kind, 0.0))):
        own = effect.rate - base.get(effect.kind, 0.0)
        per = "/".join(
            f"{100 * sum(v) / len(v):+.0f}" if (v := effect.by_players.get(p)) else "-"
            for p in PLAYERS
        )
        mark = "  <-- over 10" if abs(own) > FLAG else ""
        if abs(own) > FLAG:
            flagged.append(effect)
        print(
            f"{effect.kind:9} {effect.key:20} {effect.presences:7}  {100 * effect.rate:+8.1f}  "
            f"{100 * own:+6.1f}  {per}{mark}"
        )
    extremes = {}
    for kind in base:
        mine = [e for e in effects if e.kind == kind and e.presences]
        low = min(mine, key=lambda e: e.rate)
        high = max(mine, key=lambda e: e.rate)
        extremes[kind] = (
            low.key,
            100 * (low.rate - base[kind]),
            high.key,
            100 * (high.rate - base[kind]),
        )
    print("extremes:", json.dumps(extremes))
    print(f"flagged: {len(flagged)} card(s) over {FLAG:.0%}: {[e.key for e in flagged]}")
    return flagged


def measure(options: dict[str, Any], games: int, seed: int, level: str) -> dict[str, Any]:
    """One level at every seat: lengths, all-lose share, each seat's share of the wins."""
    players = int(options["players"])
    records = [play(options, (level,) * players, seed + n) for n in range(games)]
    row = tables(records)[players]
    return {
        "options": options,
        "bots": level,
        "games": games,
        "all_lose": round(row["all_lose"], 3),
        "mean_rounds": round(row["mean_rounds"], 2),
        "rounds_min_max": list(row["rounds_min_max"]),
        "seat_win_share_of_scored_games": [round(s, 3) for s in row["seat_shares"]],
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--games", type=int, default=500, help="normal-bot games per player count")
    parser.add_argument("--duels", type=int, default=100, help="games per level pair and count")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2, help="processes (the machine has 2 cores)")
    parser.add_argument("--players", type=int, help="only this count, one level: the old report")
    parser.add_argument("--bots", choices=sorted(_BOTS), default="normal")
    args = parser.parse_args()
    if args.players:
        print(json.dumps(measure({"players": args.players}, args.games, args.seed, args.bots)))
        return
    normal = [(p, ("normal",) * p, args.seed + n) for p in PLAYERS for n in range(args.games)]
    duel_jobs = [
        (p, _duel_levels(first, second, p, n), args.seed + n)
        for first, second in DUELS
        for p in PLAYERS
        for n in range(args.duels)
    ]
    trying = [(p, ("trying",) * p, args.seed + n) for p in PLAYERS for n in range(args.games)]
    records = _run(normal + trying + duel_jobs, args.jobs)
    _print_tables(tables(records[: len(normal)]))
    duels = {}
    rest = records[len(normal) + len(trying) :]
    for first, second in DUELS:
        for players in PLAYERS:
            chunk, rest = rest[: args.duels], rest[args.duels :]
            duels[(first, second, players)] = duel_share(chunk, first)
    _print_duels(duels)
    _print_effects(*card_effects(records[len(normal) : len(normal) + len(trying)]))


if __name__ == "__main__":
    main()
