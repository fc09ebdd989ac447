"""The fight that ends each round, and the end of the game."""

from __future__ import annotations

from typing import Any

from ..engine.evolve import evolve
from .cards import SPELL_KINDS, spell_colour, weapon_colour
from .codec import result_to_json
from .setup import next_round
from .state import NO_CARD, RoundResult, SeatResult, Stage, State
from .table import current_hp, strength

__all__ = ["fails_conditions", "fight", "game_winners", "round_winners"]


def fails_conditions(state: State, seat: int) -> bool:
    """Whether a player fails a condition spell in play (a colour, or two of a colour)."""
    colours = [weapon_colour(card) for card in state.players[seat].weapons]
    for spell in state.active:
        needed = spell_colour(spell.card)
        if needed is not None and needed not in colours:
            return True
        if SPELL_KINDS[spell.card] == "pair" and len(set(colours)) == len(colours):
            return True
    return False


def round_winners(
    hp: int, strengths: list[int], weapon_counts: list[int], eligible: list[int], second: bool
) -> list[int]:
    """Rank the players left by (distance to the hit points, weapon count); ties on
    both share a rank. The first rank wins, or the second with "second wins"."""
    ranks = sorted({(hp - strengths[seat], weapon_counts[seat]) for seat in eligible})
    wanted = 1 if second else 0
    if len(ranks) <= wanted:
        return []
    return [
        seat for seat in eligible if (hp - strengths[seat], weapon_counts[seat]) == ranks[wanted]
    ]


def game_winners(state: State) -> tuple[int, ...]:
    """Most keys among the players with a heart left, then most hearts; ties share.
    (If nobody has a heart left, every player is considered.)"""
    players = state.players
    alive = [seat for seat, player in enumerate(players) if player.hearts > 0]
    pool = alive or list(range(len(players)))
    best = max((players[seat].keys, players[seat].hearts) for seat in pool)
    return tuple(seat for seat in pool if (players[seat].keys, players[seat].hearts) == best)


def fight(state: State, events: list[dict[str, Any]]) -> State:
    """Reveal everything, take hearts, give keys; end the game or deal the next round."""
    kinds = {SPELL_KINDS[spell.card] for spell in state.active}
    hp = current_hp(state)
    count = len(state.players)
    strengths = [strength(state, seat) for seat in range(count)]
    weapon_counts = [len(player.weapons) for player in state.players]
    over = [strengths[seat] > hp for seat in range(count)]
    out = [fails_conditions(state, seat) for seat in range(count)]
    eligible = [seat for seat in range(count) if not over[seat] and not out[seat]]
    winners = round_winners(hp, strengths, weapon_counts, eligible, "second_wins" in kinds)
    perfect = [seat in eligible and strengths[seat] == hp for seat in range(count)]
    hearts_lost = [1 if over[seat] and "no_heart_loss" not in kinds else 0 for seat in range(count)]
    extra = 1 if "extra_key" in kinds else 0
    keys_won = [
        (1 + extra if seat in winners else 0) + (1 if perfect[seat] else 0) for seat in range(count)
    ]
    players = tuple(
        evolve(
            player,
            hearts=player.hearts - hearts_lost[seat],
            keys=player.keys + keys_won[seat],
        )
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
                weapons=state.players[seat].weapons,
                strength=strengths[seat],
                over=over[seat],
                out=out[seat],
                hearts_lost=hearts_lost[seat],
                keys_won=keys_won[seat],
                perfect=perfect[seat],
                winner=seat in winners,
            )
            for seat in range(count)
        ),
    )
    state = evolve(state, players=players, result=result)
    events.append({"type": "fight", **result_to_json(result)})
    someone_dead = any(player.hearts == 0 for player in players)
    someone_won = any(player.keys >= state.options.keys_to_win for player in players)
    if someone_dead or someone_won:
        final = game_winners(state)
        events.append({"type": "game_over", "winners": list(final)})
        return evolve(state, stage=Stage.OVER, seat=NO_CARD, winners=final, pending=NO_CARD)
    state = next_round(state)
    events.append(round_start_event(state))
    return state


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
            str(seat): {"hidden": player.hidden} for seat, player in enumerate(state.players)
        },
    }
