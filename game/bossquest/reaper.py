"""The Reaper extension: what follows a fight when players lose their last heart.

- Before the Reaper has come, a knight who loses their last heart becomes a
  ghost, and the Reaper (18 hit points) is the next boss. Everyone fights it.
- In the Reaper's round nobody takes a key. A ghost who is not among its winners
  leaves the game, and so does a knight who loses their last heart in it. Each
  winner, in turn order, takes hearts back up to 3 or becomes the Reaper (only
  one can); a ghost who wins comes back like any winner.
- The Reaper player has no hearts and no keys and takes none. Each fight in which
  they are neither over the boss nor out, every knight weaker than them loses a
  heart. With a Reaper player in the game, a knight who loses their last heart
  leaves it; the Reaper wins once no knight is left.
- Once the Reaper has come and gone (nobody took the scythe), the base rule is
  back: a knight who loses their last heart ends the game.
See docs/rules-decisions.md.
"""

from __future__ import annotations

from ..engine.errors import Reason
from ..engine.evolve import evolve
from .actions import BecomeReaper, TakeLife
from .cards import REAPER
from .companions import leave
from .setup import STARTING_HEARTS
from .state import Events, Fate, State
from .table import game_winners, turn_order

__all__ = ["check_destiny", "choose_destiny", "ending", "settle"]


def settle(state: State, events: Events) -> State:
    """After a fight's hearts and keys: ghosts, departures, and who chooses a destiny."""
    fates = list(state.fates)
    players = state.players
    moved: list[int] = []
    destiny: tuple[int, ...] = ()
    reaper_came = state.reaper_came
    if state.boss == REAPER:
        assert state.result is not None
        winners = {seat for seat, result in enumerate(state.result.seats) if result.winner}
        for seat, fate in enumerate(fates):
            lost = fate == Fate.GHOST and seat not in winners
            if lost or (fate == Fate.KNIGHT and players[seat].hearts == 0):
                fates[seat] = Fate.GONE
                moved.append(seat)
        destiny = tuple(seat for seat in turn_order(state) if seat in winners)
    elif _key_winner(state):
        return state  # a knight has won: the game ends, the Reaper does not come
    else:
        dead = [
            seat
            for seat, fate in enumerate(fates)
            if fate == Fate.KNIGHT and players[seat].hearts == 0
        ]
        if dead and not reaper_came:
            fate_now = Fate.GHOST
            reaper_came = True
        elif dead and Fate.REAPER in fates:
            fate_now = Fate.GONE
        else:
            fate_now = Fate.KNIGHT  # the base rule: `ending` ends the game
        if fate_now != Fate.KNIGHT:
            for seat in dead:
                fates[seat] = fate_now
                moved.append(seat)
    state = evolve(state, fates=tuple(fates), reaper_came=reaper_came, destiny=destiny)
    for seat in moved:
        if events is not None:
            events.append({"type": "fate", "seat": seat, "fate": fates[seat]})
        if fates[seat] == Fate.GONE:
            state = leave(state, seat)
    return state


def ending(state: State) -> tuple[int, ...] | None:
    """The game's winners if it ends after this fight (and its destinies), else None."""
    fates = state.fates
    players = state.players
    knights = [seat for seat, fate in enumerate(fates) if fate == Fate.KNIGHT]
    if _key_winner(state):
        return game_winners(state, knights)
    if any(players[seat].hearts == 0 for seat in knights):
        return game_winners(state, knights)  # the base rule, the Reaper being spent
    if Fate.GHOST in fates:
        return None  # the Reaper's round is next
    if Fate.REAPER in fates:
        return None if knights else (fates.index(Fate.REAPER),)
    if len(knights) == 1:
        return (knights[0],)  # the last knight standing
    if not knights:
        return game_winners(state, range(len(players)))
    return None


def _key_winner(state: State) -> bool:
    """Whether a knight has reached the key target with a heart left (one whose
    last heart went in the same fight was eliminated first)."""
    target = state.options.keys_to_win
    return any(
        fate == Fate.KNIGHT and player.keys >= target and player.hearts > 0
        for fate, player in zip(state.fates, state.players, strict=True)
    )


def check_destiny(state: State, seat: int, action: TakeLife | BecomeReaper) -> Reason | None:
    if isinstance(action, BecomeReaper) and Fate.REAPER in state.fates:
        return Reason("reaper_taken", "another winner has already become the Reaper")
    return None


def choose_destiny(
    state: State, seat: int, action: TakeLife | BecomeReaper, events: Events
) -> State:
    players = list(state.players)
    fates = list(state.fates)
    if isinstance(action, TakeLife):
        players[seat] = evolve(players[seat], hearts=max(players[seat].hearts, STARTING_HEARTS))
        fates[seat] = Fate.KNIGHT
        if events is not None:
            events.append({"type": "destiny", "seat": seat, "choice": "life"})
    else:
        players[seat] = evolve(players[seat], hearts=0, keys=0)
        fates[seat] = Fate.REAPER
        if events is not None:
            events.append({"type": "destiny", "seat": seat, "choice": "reaper"})
    return evolve(state, players=tuple(players), fates=tuple(fates), destiny=state.destiny[1:])
