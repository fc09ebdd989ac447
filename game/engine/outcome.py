"""The one checked shape of a game's `outcome()`.

``{"winners": [seat, ...], "teams": [team id, ...], ...}``: the winners are
seats of the table, each once (none: nobody won). In a mode with teams,
"teams" lists the winning teams, each once, and the winners are exactly the
seats of those teams; in a mode without teams there is no "teams". Any other
key is the game's own (points, the reason the game ended, ...).
"""

from __future__ import annotations

from collections.abc import Mapping

from .options import OptionsDeclaration
from .protocol import JSON
from .safejson import quote

__all__ = ["outcome_problem"]


def outcome_problem(
    declared: OptionsDeclaration, options: Mapping[str, JSON], outcome: object
) -> str | None:
    """Why `outcome` does not have the checked shape for a game played with
    normalized `options`, naming the field; None when it does."""
    if not isinstance(outcome, Mapping):
        return f"outcome must be an object, not {quote(outcome)}"
    winners = outcome.get("winners")
    if not isinstance(winners, list):
        return f"outcome.winners must be a list of seats, not {quote(winners)}"
    players = int(options["players"])
    for seat in winners:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            return f"outcome.winners holds {quote(seat)}, not a seat 0 to {players - 1}"
    if len(set(winners)) != len(winners):
        return "outcome.winners names a seat twice"
    mode = declared.mode_of(options)
    if not mode.teams:
        if "teams" in outcome:
            return f"outcome.teams is given but mode {mode.id} has no teams"
        return None
    teams = outcome.get("teams")
    if not isinstance(teams, list):
        return f"outcome.teams must be a list of team ids, not {quote(teams)}"
    known = [team.id for team in mode.teams]
    for team in teams:
        if team not in known:
            return f"outcome.teams holds {quote(team)}, not one of {', '.join(known)}"
    if len(set(teams)) != len(teams):
        return "outcome.teams names a team twice"
    seat_teams = mode.seat_teams(players)
    expected = sorted(seat for seat, team in enumerate(seat_teams) if team and team.id in teams)
    if sorted(winners) != expected:
        return (
            # both lists hold only seats (checked above): safe to show whole
            f"outcome.winners {sorted(winners)} must be the seats of the winning teams {expected}"
        )
    return None
