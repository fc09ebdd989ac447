"""The end of a round and the end of the game, in words, from a view.

Plain Python with no browser import. ``round_summary`` reads ``view["result"]``
(the last fight, where every card was revealed) and ``standings`` the final
keys and hearts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.bossquest.cards import SPELL_KINDS
from game.bossquest.text import spell_name
from game.bossquest.text_extensions import hits_reaper_exactly

from .controls import active_label
from .extensions_render import fate, is_reaper
from .extensions_strings import xtr
from .strings import tr

__all__ = ["RoundSummary", "SeatLine", "Standing", "game_title", "round_summary", "standings"]


@dataclass(frozen=True)
class SeatLine:
    """One player in a fight: every weapon (hidden first), strength and fate."""

    seat: int
    name: str
    weapons: tuple[int, ...]
    strength: int
    #: (tone, text): tone is "bad", "good", "gold" or "plain"
    verdicts: tuple[tuple[str, str], ...]
    winner: bool
    perfect: bool
    over: bool
    out: bool
    hearts_lost: int
    keys_won: int
    #: exactly the Reaper's hit points in its round: no PERFECT (no key there)
    reaper_exact: bool = False


@dataclass(frozen=True)
class RoundSummary:
    round: int
    boss: int
    boss_hp: int
    title: str
    headline: str
    #: spells in play at the fight, as labels ("Boss HP +2", "Red weapon required")
    spells: tuple[str, ...]
    #: "The mystery spell was ..." when it was still at the Magician
    mystery: str
    seats: tuple[SeatLine, ...]
    final: bool


@dataclass(frozen=True)
class Standing:
    seat: int
    name: str
    keys: int
    hearts: int
    winner: bool


def _join(names: Sequence[str], lang: str) -> str:
    if len(names) <= 1:
        return "".join(names)
    last = " et " if lang == "fr" else " and "
    return ", ".join(names[:-1]) + last + names[-1]


def round_summary(view: dict[str, Any], names: Sequence[str], lang: str) -> RoundSummary | None:
    """The last fight as the round-result panel shows it, or None before the first."""
    result = view["result"]
    if result is None:
        return None
    reaper_round = is_reaper(result["boss"])
    lines: list[SeatLine] = []
    for seat, entry in enumerate(result["seats"]):
        # The Reaper's round gives no key: hitting its hit points is no PERFECT.
        exact = reaper_round and hits_reaper_exactly(entry, result["boss_hp"])
        perfect = entry["perfect"] and not reaper_round
        lines.append(
            SeatLine(
                seat=seat,
                name=names[seat],
                weapons=tuple(entry["weapons"]),
                strength=entry["strength"],
                verdicts=_verdicts(entry, perfect, exact, lang),
                winner=entry["winner"],
                perfect=perfect,
                over=entry["over"],
                out=entry["out"],
                hearts_lost=entry["hearts_lost"],
                keys_won=entry["keys_won"],
                reaper_exact=exact,
            )
        )
    winners = [line.name for line in lines if line.winner]
    if not winners:
        headline = tr("headline_none", lang)
    else:
        key = "headline_one" if len(winners) == 1 else "headline_many"
        headline = tr(key, lang, names=_join(winners, lang))
    if reaper_round:
        # the Reaper's round: nobody takes a key; its winners choose their destiny
        headline = xtr("reaper_round_note", lang)
        if winners:
            headline = xtr("headline_reaper", lang, names=_join(winners, lang)) + " " + headline
    perfects = [line.name for line in lines if line.perfect and not line.winner]
    if perfects:
        headline += " " + tr("headline_perfect", lang, names=_join(perfects, lang))
    exact_hits = [line.name for line in lines if line.reaper_exact and not line.winner]
    if exact_hits:
        headline += " " + xtr("headline_reaper_exact", lang, names=_join(exact_hits, lang))
    spells = tuple(
        active_label({**spell, "kind": SPELL_KINDS[spell["card"]]}, names, lang)
        + (f" ({names[spell['target']]})" if spell["target"] >= 0 else "")
        for spell in result["active"]
    )
    mystery = ""
    if result["mystery"] >= 0:
        mystery = tr("result_mystery", lang, spell=spell_name(result["mystery"], lang))
    return RoundSummary(
        round=result["round"],
        boss=result["boss"],
        boss_hp=result["boss_hp"],
        title=tr("result_title", lang, n=result["round"]),
        headline=headline,
        spells=spells,
        mystery=mystery,
        seats=tuple(lines),
        final=view["stage"] == "over",
    )


def _verdicts(
    entry: dict[str, Any], perfect: bool, reaper_exact: bool, lang: str
) -> tuple[tuple[str, str], ...]:
    """One seat's lines of a fight, worst first. `reaper_exact`: exactly the
    Reaper's hit points, said instead of a PERFECT that its round does not give."""
    verdicts: list[tuple[str, str]] = []
    if entry["over"]:
        key = "verdict_over_heart" if entry["hearts_lost"] else "verdict_over_safe"
        verdicts.append(("bad", tr(key, lang)))
    if entry["out"]:
        verdicts.append(("bad", tr("verdict_out", lang)))
    if entry["winner"]:
        verdicts.append(("good", tr("verdict_winner", lang)))
    if reaper_exact:
        verdicts.append(("plain", xtr("verdict_reaper_exact", lang)))
    if perfect:
        verdicts.append(("gold", tr("verdict_perfect", lang)))
    if entry["keys_won"]:
        won = tr.plural("verdict_keys_one", "verdict_keys_many", entry["keys_won"], lang)
        verdicts.append(("good", won))
    if not verdicts:
        verdicts.append(("plain", tr("verdict_nothing", lang)))
    return tuple(verdicts)


def standings(view: dict[str, Any], names: Sequence[str]) -> list[Standing]:
    """Everyone, best first: winners, then most keys, then most hearts, then seat."""
    winners = set(view["winners"])
    table = [
        Standing(seat, names[seat], entry["keys"], entry["hearts"], seat in winners)
        for seat, entry in enumerate(view["seats"])
    ]
    return sorted(table, key=lambda s: (not s.winner, -s.keys, -s.hearts, s.seat))


def game_title(view: dict[str, Any], names: Sequence[str], lang: str) -> str:
    """ "Lucie frees the Princess!" for the end of the game."""
    winners = [names[seat] for seat in view["winners"]]
    if len(view["winners"]) == 1 and fate(view, view["winners"][0]) == "reaper":
        return xtr("over_reaper", lang, names=winners[0])
    key = "over_one" if len(winners) == 1 else "over_many"
    return tr(key, lang, names=_join(winners, lang))
