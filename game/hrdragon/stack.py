"""A stacked deal for the Dragon's scenarios and tests: a new game, then named
cards moved into the zones asked for, every other card left where the deal
put it.

Card names follow Hero Realms' (a kind's key, then ``_2``, ``_3``, ... in id
order), over the ids the Dragon game adds too: the fifth seat's cards after
the fourth's (``gold_29``), the Dragon's cards by their key
(``dragons_claw``, ``dragons_claw_2``, ...; its Rubies are ``dragon_ruby``,
``dragon_ruby_2``, ...: the first Dragon's before the second's) and the Hoard
items by theirs (``sword_of_destiny``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..engine.errors import ScenarioError
from ..engine.evolve import evolve
from ..engine.safejson import quote
from ..herorealms.cards import GEM_IDS, MARKET_IDS, PACKS, kind_of, pack_of
from ..herorealms.packs import GOLD, RUBY
from ..herorealms.stack import by_player
from ..herorealms.state import MARKET_ROW, NO_CARD
from .cards import HOARD_IDS, MAX_PARTY, boss_deck, hero_deck
from .deal import new_game
from .state import State

__all__ = ["CARD_IDS", "CARD_NAMES", "card_id", "stacked"]

_BOSS_IDS: Final = frozenset((*boss_deck(0, MAX_PARTY), *boss_deck(1, MAX_PARTY)))


def _names() -> dict[str, int]:
    names: dict[str, int] = {}
    counts: dict[str, int] = {}
    for card in range(HOARD_IDS[-1] + 1):
        key = kind_of(card).key
        if card in _BOSS_IDS and kind_of(card) is RUBY:
            key = "dragon_ruby"
        elif kind_of(card) in (GOLD, RUBY) and pack_of(card) and card not in _BOSS_IDS:
            key = f"{pack_of(card)}_{key}"
        counts[key] = counts.get(key, 0) + 1
        names[key if counts[key] == 1 else f"{key}_{counts[key]}"] = card
    return names


CARD_IDS: Final = _names()
CARD_NAMES: Final = {card: name for name, card in CARD_IDS.items()}
_FIELDS = (
    "players", "seed", "mode", "packs", "hands", "decks", "discards", "champions", "expended",
    "health", "market", "in_play", "gold", "combat", "turn", "hoard", "items", "taunters",
    "turns_begun",
)  # fmt: skip
_ZONES = {"hands": "hand", "decks": "deck", "discards": "discard", "champions": "champions"}


def card_id(word: object, where: str) -> int:
    if not isinstance(word, str) or word.removeprefix("@") not in CARD_IDS:
        raise ScenarioError(f"{where}: {quote(word)} is not a card (dragons_claw, gold_3, ...)")
    return CARD_IDS[word.removeprefix("@")]


def _cards(value: object, where: str) -> list[int]:
    if not isinstance(value, list):
        raise ScenarioError(f"{where} must be a list of card names")
    return [card_id(word, f"{where}[{i}]") for i, word in enumerate(value)]


def stacked(setup: Mapping[str, Any]) -> tuple[State, list[str]]:
    """``players``: the party's names then the Dragon's (2 to 6 names), or two
    Dragons' with ``mode`` ``boss_vs_boss``; ``seed``; by player: ``packs``,
    ``hands``, ``decks`` (the named cards on top), ``discards``,
    ``champions``, ``expended``, ``health``, ``turns_begun``; ``market`` (the
    first slots of the row), ``in_play`` (played by the player to act),
    ``gold``, ``combat``, ``turn``; ``hoard`` (the face-down items on top),
    ``items`` (an item's name to its holder's), ``taunters`` (the players
    taunting the Dragon)."""
    unknown = sorted(set(setup) - set(_FIELDS))
    if unknown:
        raise ScenarioError(f"setup has unknown field(s) {', '.join(unknown)}")
    names = setup.get("players")
    if not isinstance(names, list) or not 2 <= len(names) <= MAX_PARTY + 1:
        raise ScenarioError(f"setup.players must be 2 to {MAX_PARTY + 1} names")
    if len(set(names)) != len(names) or not all(isinstance(n, str) and n for n in names):
        raise ScenarioError("setup.players must be different names")
    seed = setup.get("seed", 0)
    if type(seed) is not int:
        raise ScenarioError("setup.seed must be a whole number")
    mode = setup.get("mode", "party")
    if mode not in ("party", "boss_vs_boss") or (mode == "boss_vs_boss" and len(names) != 2):
        raise ScenarioError("setup.mode is party, or boss_vs_boss with two players")
    party = len(names) - 1 if mode == "party" else 0
    packs_by = by_player(setup, "packs", names)
    if any(
        not isinstance(value, str) or value not in PACKS or seat >= party
        for seat, value in packs_by.items()
    ):
        raise ScenarioError(f"setup.packs: a party member's pack is one of {', '.join(PACKS)}")
    packs = tuple(packs_by.get(seat, "") for seat in range(party))
    state = new_game(party, seed, packs)
    owner = {c: s for s in range(party) for c in hero_deck(s, packs[s])}
    for index, boss in enumerate(state.bosses):
        owner |= {c: boss for c in boss_deck(index, state.counted)}
    wanted = {
        (zone, seat): _cards(value, f"setup.{key}.{names[seat]}")
        for key, zone in _ZONES.items()
        for seat, value in by_player(setup, key, names).items()
    }
    market = _cards(setup.get("market", []), "setup.market")
    in_play = _cards(setup.get("in_play", []), "setup.in_play")
    hoard = _cards(setup.get("hoard", []), "setup.hoard")
    items = _items(setup, names)
    named = [c for cards in wanted.values() for c in cards] + market + in_play + hoard
    named += [item for item, _holder in items]
    if len(set(named)) != len(named):
        raise ScenarioError("setup names a card in two places")
    if any(c not in HOARD_IDS for c in hoard):
        raise ScenarioError("setup.hoard names Hoard items only")
    if any(c in HOARD_IDS for c in named if c not in hoard and c not in dict(items)):
        raise ScenarioError("a Hoard item is in the Hoard or on the table, never in a zone")
    if any(
        c not in owner and c not in MARKET_IDS and c not in GEM_IDS and c not in HOARD_IDS
        for c in named
    ):
        raise ScenarioError("setup names a card that is not in this game")
    core = _lift(state.core, set(named))
    for (zone, seat), cards in wanted.items():
        player = core.players[seat]
        if zone == "hand":
            for card in player.hand:
                core = _home(core, card, owner)
            player = evolve(core.players[seat], hand=tuple(cards))
        else:
            player = evolve(player, **{zone: (*cards, *getattr(player, zone))})
        core = evolve(core, players=(*core.players[:seat], player, *core.players[seat + 1 :]))
    core = evolve(_market(core, market), in_play=tuple(in_play))
    rest = [c for c in state.hoard if c not in named]
    state = evolve(state, core=core, hoard=(*hoard, *rest), items=tuple(items))
    return _numbers(state, setup, names), [str(name) for name in names]


def _items(setup: Mapping[str, Any], names: Sequence[str]) -> list[tuple[int, int]]:
    value = setup.get("items", {})
    if not isinstance(value, dict) or any(holder not in names for holder in value.values()):
        raise ScenarioError("setup.items must map items' names to their holders' names")
    return [(card_id(item, "setup.items"), names.index(holder)) for item, holder in value.items()]


def _lift(core: Any, cards: set[int]) -> Any:
    players = tuple(
        evolve(
            p,
            hand=tuple(c for c in p.hand if c not in cards),
            deck=tuple(c for c in p.deck if c not in cards),
            discard=tuple(c for c in p.discard if c not in cards),
            champions=tuple(c for c in p.champions if c not in cards),
        )
        for p in core.players
    )
    return evolve(
        core,
        players=players,
        market=tuple(c if c not in cards else NO_CARD for c in core.market),
        market_deck=tuple(c for c in core.market_deck if c not in cards),
        gems=tuple(c for c in core.gems if c not in cards),
    )


def _home(core: Any, card: int, owner: dict[int, int]) -> Any:
    """A displaced card back where it came from: its owner's deck bottom, the market deck's."""
    if card in GEM_IDS:
        return evolve(core, gems=tuple(sorted((*core.gems, card))))
    if card in MARKET_IDS:
        return evolve(core, market_deck=(*core.market_deck, card))
    seat = owner[card]
    player = core.players[seat]
    player = evolve(player, deck=(*player.deck, card))
    return evolve(core, players=(*core.players[:seat], player, *core.players[seat + 1 :]))


def _market(core: Any, first: list[int]) -> Any:
    if len(first) > MARKET_ROW or any(card not in MARKET_IDS for card in first):
        raise ScenarioError(f"setup.market names at most {MARKET_ROW} market cards")
    row = [*first, *(c for c in core.market if c != NO_CARD)]
    deck = list(core.market_deck)
    spare, row = row[MARKET_ROW:], row[:MARKET_ROW]
    while len(row) < MARKET_ROW and deck:
        row.append(deck.pop(0))
    return evolve(core, market=tuple(row), market_deck=(*deck, *spare))


def _numbers(state: State, setup: Mapping[str, Any], names: Sequence[str]) -> State:
    core = state.core
    players = list(core.players)
    for key in ("health", "turns_begun"):
        for seat, value in by_player(setup, key, names).items():
            if type(value) is not int or value < 0:
                raise ScenarioError(f"setup.{key}.{names[seat]} must be a whole number")
            players[seat] = evolve(players[seat], **{key: value})
            if key == "health" and value == 0:
                players[seat] = evolve(players[seat], out=True, champions=())
    for seat, value in by_player(setup, "expended", names).items():
        cards = _cards(value, f"setup.expended.{names[seat]}")
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
    taunters = setup.get("taunters", [])
    if not isinstance(taunters, list) or any(t not in names for t in taunters):
        raise ScenarioError("setup.taunters must list players' names")
    boss = state.bosses[-1]
    return evolve(
        state,
        core=evolve(core, **changes),
        taunters=tuple(sorted((boss, names.index(t)) for t in taunters)),
    )
