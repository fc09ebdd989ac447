"""Who is still to play in a simultaneous step (several seats to act at once).

A game may keep a seat that has committed a hidden choice among those to act,
so that it can change that choice until the last seat commits. A table must
then know which of the seats to act have already played in the step, so that
it moves on to the others (the next person, the bots) instead of asking the
same seat again. The step is read from the actions alone, no game named: it
ends when every seat to act has played (the last commit), or when the game
asks other seats (or a single one) to act.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

__all__ = ["after_play", "goes_on", "pending"]


def after_play(
    done: frozenset[int], seat: int, before: Sequence[int], after: Sequence[int]
) -> frozenset[int]:
    """The seats of the step that have played, once `seat` has played: `before`
    and `after` are the game's ``to_act`` around its action."""
    now, then = frozenset(after), frozenset(before)
    if len(now) < 2:
        return frozenset()
    if now == then:  # the same seats to act: the step goes on, or it ends now
        played = (done | {seat}) & now
        return frozenset() if played == now else played
    if now < then:  # a seat left the step (a game that keeps no committed seat)
        return done & now
    return frozenset()  # another step


def goes_on(done: frozenset[int], seat: int, before: Sequence[int], after: Sequence[int]) -> bool:
    """Whether the simultaneous step `seat` played in goes on after its action
    (its choices are still hidden): some seat of it has still to play."""
    now, then = frozenset(after), frozenset(before)
    if len(then) < 2 or not now:
        return False
    if now == then:
        return (done | {seat}) & now != now
    return now < then


def pending(acting: Sequence[int], done: Collection[int]) -> tuple[int, ...]:
    """The seats to act that have not played yet in the step (all of them when
    the step has just begun)."""
    left = tuple(seat for seat in acting if seat not in done)
    return left or tuple(acting)
