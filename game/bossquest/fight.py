"""The fight that ends each round, and the end of the game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.evolve import evolve
from .cards import REAPER, SPELL_KINDS, WEAPON_COUNT, spell_colour, weapon_colour
from .codec import result_to_json
from .companions import BADGER, CHAMELEON, TORTOISE, holder
from .potions import hidden_reader
from .reaper import ending, settle
from .setup import next_round
from .state import NO_CARD, Events, Fate, RoundResult, SeatResult, Stage, State
from .table import current_hp, game_winners, strength

__all__ = [
    "conclude",
    "fails_conditions",
    "fight",
    "game_winners",
    "round_start_event",
    "round_winners",
]

# The tortoise's owner loses no heart when over the boss by at most this much.
_TORTOISE_MARGIN = 2
# The spells a player can fail (fails_conditions).
_CONDITIONS = frozenset(
    kind for kind in SPELL_KINDS if kind.startswith("colour_") or kind == "pair"
)


def fails_conditions(state: State, seat: int) -> bool:
    """Whether a player fails a condition spell in play (a colour, or two of a colour).
    A potion has no colour; the chameleon's weapons have every colour."""
    if state.companions and state.companions[seat] == CHAMELEON:
        return False
    colours = [weapon_colour(card) for card in state.players[seat].weapons if card < WEAPON_COUNT]
    for spell in state.active:
        needed = spell_colour(spell.card)
        if needed is not None and needed not in colours:
            return True
        if SPELL_KINDS[spell.card] == "pair" and len(set(colours)) == len(colours):
            return True
    return False


def round_winners(
    hp: int,
    strengths: Sequence[int],
    weapon_counts: Sequence[int],
    eligible: Sequence[int],
    second: bool,
    favoured: int = -1,
) -> list[int]:
    """Rank the players left by (distance to the hit points, weapon count); ties on
    both share a rank. The first rank wins, or the second with "second wins".
    `favoured` (the badger's owner) goes first among players at the same distance."""

    def rank(seat: int) -> tuple[int, bool, int]:
        return (hp - strengths[seat], seat != favoured, weapon_counts[seat])

    ranks = sorted({rank(seat) for seat in eligible})
    wanted = 1 if second else 0
    if len(ranks) <= wanted:
        return []
    return [seat for seat in eligible if rank(seat) == ranks[wanted]]


def fight(state: State, events: Events) -> State:
    """Reveal everything, take hearts, give keys; end the game or deal the next round.
    With potions, hidden potions are read first, everything face up (stage REVEAL);
    with the Reaper, its round's winners choose their destiny first (stage DESTINY)."""
    if state.readings:
        reader = hidden_reader(state)
        if reader is not None:
            if state.stage != Stage.REVEAL and events is not None:
                events.append(_reveal_event(state))
            return evolve(state, stage=Stage.REVEAL, seat=reader, pending=NO_CARD)
    state = _score(state, events)
    if state.fates:
        state = settle(state, events)
        if state.destiny:
            return evolve(state, stage=Stage.DESTINY, seat=state.destiny[0], pending=NO_CARD)
    return conclude(state, events)


def conclude(state: State, events: Events) -> State:
    """End the game if a condition holds, else deal the next round (in a
    playout, with no events, only count it)."""
    final: tuple[int, ...] | None = None
    if state.fates:
        final = ending(state)
    else:
        target = state.options.keys_to_win
        someone_dead = any(player.hearts == 0 for player in state.players)
        someone_won = any(player.keys >= target for player in state.players)
        if someone_dead or someone_won:
            final = game_winners(state)
    if final is not None:
        if events is not None:
            events.append({"type": "game_over", "winners": list(final)})
        return evolve(state, stage=Stage.OVER, seat=NO_CARD, winners=final, pending=NO_CARD)
    if events is None:
        # A search's playout (rules.advance) ends with the round: the next one
        # is counted, not dealt; only its keys and hearts are read.
        return evolve(state, round=state.round + 1)
    state = next_round(state)
    events.append(round_start_event(state))
    return state


def _score(state: State, events: Events) -> State:
    """The fight's result: who is over, out, the winners; hearts and keys move."""
    kinds = {SPELL_KINDS[spell.card] for spell in state.active}
    hp = current_hp(state)
    count = len(state.players)
    fates = state.fates
    conditions = not kinds.isdisjoint(_CONDITIONS)  # else nobody can fail one
    playing: list[bool] = []
    strengths: list[int] = []
    weapon_counts: list[int] = []
    over: list[bool] = []
    out: list[bool] = []
    for seat, player in enumerate(state.players):  # one pass: this runs every round
        in_play = not fates or fates[seat] != Fate.GONE
        power = strength(state, seat)
        playing.append(in_play)
        strengths.append(power)
        weapon_counts.append(len(player.visible) + (player.hidden != NO_CARD) if in_play else 0)
        over.append(in_play and power > hp)
        out.append(in_play and conditions and fails_conditions(state, seat))
    reaper = state.fates.index(Fate.REAPER) if Fate.REAPER in state.fates else -1
    eligible = [
        seat
        for seat in range(count)
        if playing[seat] and not over[seat] and not out[seat] and seat != reaper
    ]
    badger = holder(state, BADGER) if state.companions else -1
    winners = round_winners(hp, strengths, weapon_counts, eligible, "second_wins" in kinds, badger)
    keyless = state.boss == REAPER  # nobody takes a key in the Reaper's round
    # PERFECT is the bonus key; in the Reaper's round an exact hit scores none,
    # so the result does not call it one (the words say "exactly the Reaper's HP").
    perfect = [not keyless and seat in eligible and strengths[seat] == hp for seat in range(count)]
    no_loss = "no_heart_loss" in kinds
    tortoise = holder(state, TORTOISE) if state.companions else -1
    hit = [False] * count
    if reaper >= 0 and not over[reaper] and not out[reaper] and not no_loss:
        hit = [
            playing[seat]
            and state.fates[seat] == Fate.KNIGHT
            and strengths[seat] < strengths[reaper]
            for seat in range(count)
        ]
    hearts_lost = []
    for seat, player in enumerate(state.players):
        hurt = over[seat] and not no_loss
        if hurt and seat == tortoise and strengths[seat] - hp <= _TORTOISE_MARGIN:
            hurt = False
        hearts_lost.append(min(player.hearts, int(hurt) + int(hit[seat])))
    extra = 1 if "extra_key" in kinds else 0
    keys_won = [
        0 if keyless else (1 + extra if seat in winners else 0) + (1 if perfect[seat] else 0)
        for seat in range(count)
    ]
    players = tuple(
        evolve(
            player,
            hearts=player.hearts - hearts_lost[seat],
            keys=player.keys + keys_won[seat],
        )
        if hearts_lost[seat] or keys_won[seat]
        else player  # unchanged: no copy
        for seat, player in enumerate(state.players)
    )
    result = RoundResult(
        round=state.round,
        boss=state.boss,
        boss_hp=hp,
        active=state.active,
        mystery=state.mystery,
        seats=tuple(
            SeatResult(
                weapons=state.players[seat].weapons if playing[seat] else (),
                strength=strengths[seat],
                over=over[seat],
                out=out[seat],
                hearts_lost=hearts_lost[seat],
                keys_won=keys_won[seat],
                perfect=perfect[seat],
                winner=seat in winners,
                reaper_hit=hit[seat],
            )
            for seat in range(count)
        ),
    )
    state = evolve(state, players=players, result=result)
    if events is not None:
        event: dict[str, Any] = {"type": "fight", **result_to_json(result)}
        if state.fates:
            event["fates"] = list(state.fates)
        if state.readings:
            event["readings"] = list(state.readings)
        events.append(event)
    return state


def _reveal_event(state: State) -> dict[str, Any]:
    """The fight turns every card face up before the hidden potions are read."""
    return {
        "type": "reveal",
        "hidden": [None if p.hidden == NO_CARD else p.hidden for p in state.players],
    }


def round_start_event(state: State) -> dict[str, Any]:
    """The deal of a round: public cards for all, each hidden card to its owner only."""
    return {
        "type": "round",
        "round": state.round,
        "armorer": state.armorer,
        "boss": state.boss,
        "hp": current_hp(state),
        "offer": list(state.offer),
        "visible": [list(player.visible) for player in state.players],
        "secret": {
            str(seat): {"hidden": player.hidden}
            for seat, player in enumerate(state.players)
            if player.hidden != NO_CARD
        },
    }
