"""A whole state consistent with a seat's view: what the seat cannot see
(other hands, the unknown part of every deck, the market deck) dealt at
random from a seed. For the search bots to come; the view is all it reads."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine import rng
from .cards import GEM_IDS, MARKET_IDS, starting_ids
from .state import NO_CARD, Format, Player, Prompt, PromptKind, State

__all__ = ["determinize"]


def _visible(view: dict[str, Any]) -> list[int]:
    cards = [c for c in view["market"] if c != NO_CARD]
    cards += [*view["gems"], *view["sacrificed"], *view["in_play"]]
    for player in view["players"]:
        cards += [*player["deck_top"], *player["discard"], *player["champions"]]
    return cards


def _rest(cards: list[int], taken: list[int]) -> list[int]:
    """`cards` without one copy of each of `taken`."""
    left = Counter(taken)
    kept = []
    for card in cards:
        if left[card]:
            left[card] -= 1
        else:
            kept.append(card)
    return kept


def determinize(view: dict[str, Any], seed: int) -> State:
    seat = view["seat"]
    people = view["players"]
    everything = {*MARKET_IDS, *GEM_IDS}
    for index in range(len(people)):
        everything |= set(starting_ids(index, people[index]["pack"]))
    seen = _visible(view)
    own_deck: list[int] = []
    if seat is not None:
        own_deck = _rest(view["deck"], people[seat]["deck_top"])
        seen += [*view["hand"], *own_deck]
    hidden = everything - set(seen)
    # A starting card can only be its own seat's; a gem only a player's: the
    # market deck holds market cards alone.
    if view["looking"] is not None:
        seen += view["looking"]
        hidden = everything - set(seen)
    starting = {
        index: sorted(hidden & set(starting_ids(index, people[index]["pack"])))
        for index in range(len(people))
    }
    # cards the player to act looks at are theirs, hidden from the others
    aside = 0 if view["looking"] is not None else view["looking_size"]
    slots = {
        index: player["hand_size"]
        + player["deck_size"]
        - len(player["deck_top"])
        + (aside if index == view["turn"] else 0)
        for index, player in enumerate(people)
        if index != seat
    }
    market, dice = rng.shuffle(rng.seed_state(seed), sorted(hidden & set(MARKET_IDS)))
    free = sum(slots[index] - len(starting[index]) for index in slots)
    gems = sorted(hidden & set(GEM_IDS))
    taken = market[: max(0, free - len(gems))]
    market_deck = market[len(taken) :]
    shared, dice = rng.shuffle(dice, [*gems, *taken])
    pool = list(shared)
    players: list[Player] = []
    looking = tuple(view["looking"] or ())
    for index, player in enumerate(people):
        top = tuple(player["deck_top"])
        if index == seat:
            rest, dice = rng.shuffle(dice, own_deck)
            hand = tuple(view["hand"])
        else:
            extra = slots[index] - len(starting[index])
            mine, dice = rng.shuffle(dice, [*starting[index], *pool[:extra]])
            del pool[:extra]
            hand, rest = mine[: player["hand_size"]], mine[player["hand_size"] :]
            if index == view["turn"] and aside:
                looking, rest = tuple(rest[:aside]), rest[aside:]
        players.append(
            Player(
                health=player["health"],
                deck=top + rest,
                known=len(top),
                hand=hand,
                discard=tuple(player["discard"]),
                champions=tuple(player["champions"]),
                expended=tuple(player["expended"]),
                owed=player["owed"],
                out=player["out"],
                pack=player["pack"],
                ability_used=player["ability_used"],
                skill_used=player["skill_used"],
                turns_begun=player["turns_begun"],
                fallen=tuple(player["fallen"]),
                ward=player["ward"],
                ward_turns=player["ward_turns"],
            )
        )
    nxt = view["next"]
    return State(
        dice=dice,
        format=Format(view["format"]),
        players=tuple(players),
        market=tuple(view["market"]),
        market_deck=market_deck,
        gems=tuple(view["gems"]),
        sacrificed=tuple(view["sacrificed"]),
        turn=view["turn"],
        turns=view["turns"],
        in_play=tuple(view["in_play"]),
        gold=view["gold"],
        combat=view["combat"],
        allies=tuple(view["allies"]),
        damage=tuple((card, amount) for card, amount in view["damage"]),
        prompts=tuple(
            Prompt(
                PromptKind(p["kind"]), p["card"], p["ability"], p["index"], p["left"], p["bonus"]
            )
            for p in view["prompts"]
        ),
        to_top=nxt["to_top"],
        action_to_top=nxt["action_to_top"],
        to_hand=nxt["to_hand"],
        looking=looking,
        champion_discount=nxt["champion_discount"],
        action_discount=nxt["action_discount"],
        heist=nxt["heist"],
        winner=NO_CARD if view["winner"] is None else view["winner"],
    )
