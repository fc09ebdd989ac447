"""A stacked deal for scenarios and tests: a new game, then named cards moved
into the zones asked for, every other card left where the deal put it.

Card names: a kind's key for its first copy, then ``_2``, ``_3``, ... in id
order (``recruit``, ``recruit_2``; ``gold`` .. ``gold_28``, seat 0 holding
``gold`` to ``gold_7``; ``fire_gem`` .. ``fire_gem_16``). A character pack's
Gold and Ruby carry its name (``thief_gold`` .. ``thief_gold_5`` are seat 0's
Thief's, ``thief_gold_6`` on seat 1's); its other cards keep their key
(``follower_a`` on seat 0, ``follower_a_2`` on seat 1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..engine.errors import ScenarioError
from ..engine.evolve import evolve
from ..engine.safejson import quote
from .cards import CARD_COUNT, GEM_IDS, MARKET_IDS, PACKS, kind_of, pack_of, starting_ids
from .packs import GOLD, RUBY
from .rules import new_game
from .state import MARKET_ROW, NO_CARD, Format, State

__all__ = [
    "CARD_IDS",
    "CARD_NAMES",
    "by_player",
    "card_id",
    "fill_market",
    "lift",
    "named_cards",
    "place",
    "send_home",
    "stacked",
    "table_numbers",
]


def _names() -> dict[str, int]:
    names: dict[str, int] = {}
    counts: dict[str, int] = {}
    for card in range(CARD_COUNT):
        key = kind_of(card).key
        if kind_of(card) in (GOLD, RUBY) and pack_of(card):
            key = f"{pack_of(card)}_{key}"
        counts[key] = counts.get(key, 0) + 1
        names[key if counts[key] == 1 else f"{key}_{counts[key]}"] = card
    return names


CARD_IDS: Final = _names()
CARD_NAMES: Final = {card: name for name, card in CARD_IDS.items()}
_ZONES = ("hand", "deck", "discard", "champions")
_FIELDS = (
    "players", "seed", "mode", "hands", "decks", "discards", "champions", "expended", "market",
    "in_play", "health", "owed", "gold", "combat", "turn", "packs",
    "turns_begun",
)  # fmt: skip


def card_id(word: object, where: str, ids: Mapping[str, int] = CARD_IDS) -> int:
    """The card named `word` (``@`` before a name is allowed) among `ids`."""
    if not isinstance(word, str) or word.removeprefix("@") not in ids:
        raise ScenarioError(f"{where}: {quote(word)} is not a card (arkus, recruit_2, gold_3, ...)")
    return ids[word.removeprefix("@")]


def named_cards(value: object, where: str, ids: Mapping[str, int] = CARD_IDS) -> list[int]:
    """The cards a scenario's list names, among `ids`."""
    if not isinstance(value, list):
        raise ScenarioError(f"{where} must be a list of card names")
    return [card_id(word, f"{where}[{i}]", ids) for i, word in enumerate(value)]


def by_player(fields: Mapping[str, Any], key: str, names: Sequence[str]) -> dict[int, Any]:
    """``setup.<key>``, a map of players' names to values, by seat (the Dragon's too)."""
    value = fields.get(key, {})
    if not isinstance(value, dict) or any(name not in names for name in value):
        raise ScenarioError(f"setup.{key} must map players' names to values")
    return {names.index(name): item for name, item in value.items()}


def send_home(state: State, card: int, owner: dict[int, int]) -> State:
    """Send a displaced card back where it came from: a starting card to the
    bottom of its owner's deck, a market card under the market deck, a gem to its pile."""
    if card in GEM_IDS:
        return evolve(state, gems=tuple(sorted((*state.gems, card))))
    if card in MARKET_IDS:
        return evolve(state, market_deck=(*state.market_deck, card))
    seat = owner[card]
    player = state.players[seat]
    players = list(state.players)
    players[seat] = evolve(player, deck=(*player.deck, card))
    return evolve(state, players=tuple(players))


def stacked(setup: Mapping[str, Any]) -> tuple[State, list[str]]:
    """``players`` (2 to 4 names), ``seed``, ``mode`` (``free_for_all`` or
    ``hunter``); by player: ``packs`` (a character pack: ``cleric``, ...;
    its cards are named like the others: ``follower_a`` is seat 0's Cleric's,
    ``follower_a_2`` seat 1's), ``hands``, ``decks``
    (the named cards on top, the rest of the deck after), ``discards``,
    ``champions``, ``expended``, ``health``, ``owed``, ``turns_begun``; ``market`` (the first
    slots of the row, the rest refilled from the market deck), ``in_play``
    (cards the player to act has played), ``gold``, ``combat``, ``turn``."""
    unknown = sorted(set(setup) - set(_FIELDS))
    if unknown:
        raise ScenarioError(f"setup has unknown field(s) {', '.join(unknown)}")
    names = setup.get("players")
    if not isinstance(names, list) or not 2 <= len(names) <= 4 or len(set(names)) != len(names):
        raise ScenarioError("setup.players must be 2 to 4 different names")
    if not all(isinstance(name, str) and name for name in names):
        raise ScenarioError("setup.players must be names")
    seed = setup.get("seed", 0)
    if type(seed) is not int:
        raise ScenarioError("setup.seed must be a whole number")
    mode = setup.get("mode", Format.FREE_FOR_ALL.value)
    if mode not in {item.value for item in Format}:
        modes = ", ".join(item.value for item in Format)
        raise ScenarioError(f"setup.mode must be one of {modes}, not {quote(mode)}")
    if Format(mode).hunts and len(names) < 3:
        raise ScenarioError("setup.mode: Hunter is played by 3 or 4")
    if mode == Format.HYDRA and len(names) != 4:
        raise ScenarioError("setup.mode: Hydra is played by 4")
    by_seat = by_player(setup, "packs", names)
    if any(value not in PACKS for value in by_seat.values()):
        raise ScenarioError(f"setup.packs: a pack is one of {', '.join(PACKS)}")
    packs = tuple(by_seat.get(seat, "") for seat in range(len(names)))
    state = new_game(len(names), seed, Format(mode), packs)
    owner = {card: seat for seat in range(len(names)) for card in starting_ids(seat, packs[seat])}
    wanted: dict[tuple[str, int], list[int]] = {}
    for key, zone in zip(("hands", "decks", "discards", "champions"), _ZONES, strict=True):
        for seat, value in by_player(setup, key, names).items():
            wanted[(zone, seat)] = named_cards(value, f"setup.{key}.{names[seat]}")
    market = named_cards(setup.get("market", []), "setup.market")
    in_play = named_cards(setup.get("in_play", []), "setup.in_play")
    named = [c for cards in wanted.values() for c in cards] + market + in_play
    if len(set(named)) != len(named):
        raise ScenarioError("setup names a card in two places")
    state = lift(state, set(named))
    state = place(state, wanted, owner)
    state = fill_market(state, market)
    state = evolve(state, in_play=tuple(in_play))
    return _numbers(state, setup, names), [str(name) for name in names]


def place(
    state: State, wanted: Mapping[tuple[str, int], list[int]], owner: dict[int, int]
) -> State:
    """Put the named cards (taken out of every zone) where `wanted` says, by
    (zone, seat): a hand is replaced, its cards sent home; a deck gets them on
    top; a discard pile and the champions get them last."""
    for (zone, seat), cards in wanted.items():
        if zone == "hand":
            for card in state.players[seat].hand:
                state = send_home(state, card, owner)
        player = state.players[seat]
        if zone == "hand":
            player = evolve(player, hand=tuple(cards))
        elif zone == "deck":
            player = evolve(player, deck=(*cards, *player.deck))
        else:
            player = evolve(player, **{zone: (*getattr(player, zone), *cards)})
        state = evolve(state, players=(*state.players[:seat], player, *state.players[seat + 1 :]))
    return state


def lift(state: State, cards: set[int]) -> State:
    """Take the named cards out of every zone (a market slot left empty is refilled later)."""
    players = tuple(
        evolve(
            p,
            hand=tuple(c for c in p.hand if c not in cards),
            deck=tuple(c for c in p.deck if c not in cards),
            discard=tuple(c for c in p.discard if c not in cards),
            champions=tuple(c for c in p.champions if c not in cards),
        )
        for p in state.players
    )
    return evolve(
        state,
        players=players,
        market=tuple(c if c not in cards else NO_CARD for c in state.market),
        market_deck=tuple(c for c in state.market_deck if c not in cards),
        gems=tuple(c for c in state.gems if c not in cards),
    )


def fill_market(state: State, first: list[int]) -> State:
    if len(first) > MARKET_ROW:
        raise ScenarioError(f"setup.market names at most {MARKET_ROW} cards")
    if any(card not in MARKET_IDS for card in first):
        raise ScenarioError("setup.market names market cards only")
    row = [*first, *(c for c in state.market if c != NO_CARD)]
    deck = list(state.market_deck)
    spare = row[MARKET_ROW:]
    row = row[:MARKET_ROW]
    while len(row) < MARKET_ROW and deck:
        row.append(deck.pop(0))
    row += [NO_CARD] * (MARKET_ROW - len(row))
    return evolve(state, market=tuple(row), market_deck=(*deck, *spare))


def _numbers(state: State, setup: Mapping[str, Any], names: Sequence[str]) -> State:
    players = list(state.players)
    for key in ("health", "owed", "turns_begun"):
        for seat, value in by_player(setup, key, names).items():
            if type(value) is not int or value < 0:
                raise ScenarioError(f"setup.{key}.{names[seat]} must be a whole number")
            players[seat] = evolve(players[seat], **{key: value})
            if key == "health" and value == 0:
                raise ScenarioError(f"setup.health.{names[seat]}: a player starts with health")
    return table_numbers(evolve(state, players=tuple(players)), setup, names)


def table_numbers(
    state: State, setup: Mapping[str, Any], names: Sequence[str], ids: Mapping[str, int] = CARD_IDS
) -> State:
    """The setup's ``expended`` cards by player, and the turn's ``gold``,
    ``combat`` and player (``turn``)."""
    players = list(state.players)
    for seat, value in by_player(setup, "expended", names).items():
        cards = named_cards(value, f"setup.expended.{names[seat]}", ids)
        players[seat] = evolve(players[seat], expended=tuple(sorted(cards)))
    changes: dict[str, Any] = {"players": tuple(players)}
    for key in ("gold", "combat"):
        value = setup.get(key, 0)
        if type(value) is not int or value < 0:
            raise ScenarioError(f"setup.{key} must be a whole number")
        changes[key] = value
    if "turn" in setup:
        if setup["turn"] not in names:
            raise ScenarioError(f"setup.turn: {quote(setup['turn'])} is not a player")
        changes["turn"] = list(names).index(setup["turn"])
    return evolve(state, **changes)
