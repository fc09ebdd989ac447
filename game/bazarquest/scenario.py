"""Bazar Quest's scenario rules (docs/scenarios.md): a stacked deal, actions in
words and expectations, so that scenario files name cards and players.

Items are named by design and copy (``rusty_knife_1`` .. ``rusty_knife_4``);
the other cards by their key, with ``_1``/``_2`` for a design printed twice
(``bard_1``). Also ``@name`` in the engine's paths and values."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..engine.errors import ScenarioError
from ..engine.evolve import evolve
from ..engine.jsonfields import expect_fields
from ..engine.safejson import quote
from .adventure import winners
from .cards import ADVENTURES, EMPLOYEES, HEROES, ITEMS, MONSTERS, UPGRADES
from .codec import action_from_json
from .problems import state_problems
from .rules import to_act
from .setup import DEAL, in_play, new_game
from .state import Action, Buy, Done, Flip, Hire, Invite, Pick, Sell, Show, Stage, State, Store

__all__ = ["NAMES", "SCENARIOS", "BazarScenarios"]


def _named(keys: Sequence[str]) -> dict[str, int]:
    """Each card's name: its key, numbered when the key is printed more than once."""
    totals = {key: keys.count(key) for key in keys}
    seen: dict[str, int] = {}
    names = {}
    for card, key in enumerate(keys):
        seen[key] = seen.get(key, 0) + 1
        names[key if totals[key] == 1 else f"{key}_{seen[key]}"] = card
    return names


KINDS: Final = {
    "item": _named([c.key for c in ITEMS]),
    "hero": _named([c.key for c in HEROES]),
    "monster": _named([c.key for c in MONSTERS]),
    "employee": _named([c.key for c in EMPLOYEES]),
    "upgrade": _named([c.key for c in UPGRADES]),
    "adventure": _named([c.key for c in ADVENTURES]),
}
NAMES: Final = {name: card for names in KINDS.values() for name, card in names.items()}
_SETUP = ("players",)
_OPTIONAL = (
    "seed", "first_game", "crowd", "unshakeable", "advanced", "packets", "hands", "monsters",
    "heroes", "hero_deck", "adventures", "employees", "staff", "owned", "storage", "quest",
)  # fmt: skip
_KEYS = ("stage", "to_act", "turn", "quest", "coins", "stars", "wounds", "monster", "winners")


def card(kind: str, word: object, where: str) -> int:
    names = KINDS[kind]
    if not isinstance(word, str) or word.removeprefix("@") not in names:
        raise ScenarioError(f"{where}: {quote(word)} is not a card of kind {kind}")
    return names[word.removeprefix("@")]


def _cards(kind: str, words: object, where: str) -> list[int]:
    if not isinstance(words, list):
        raise ScenarioError(f"{where} must be a list of {kind} names")
    found = [card(kind, word, f"{where}[{i}]") for i, word in enumerate(words)]
    if len(set(found)) != len(found):
        raise ScenarioError(f"{where} names a card twice")
    return found


def _on_top(deck: tuple[int, ...], top: list[int]) -> tuple[int, ...]:
    return (*top, *(c for c in deck if c not in top))


def _first_hero(state: State, seat: int) -> int:
    """The hero a plain ``sell <item>`` sells to: the shop's first (-1: none, refused)."""
    heroes = state.guests[seat] if 0 <= seat < len(state.guests) else ()
    return heroes[0] if heroes else -1


def _seat(word: object, names: Sequence[str], where: str) -> int:
    if word not in names:
        raise ScenarioError(f"{where}: {quote(word)} is not a player")
    return list(names).index(str(word))


class BazarScenarios:
    def build(self, setup: Mapping[str, Any]) -> tuple[State, list[str]]:
        """``players`` (2 to 6 names); optional ``seed``, the options
        ``first_game``, ``crowd`` and ``unshakeable`` (true or false), and
        stacked cards: ``packets`` (each player's first four items),
        ``monsters`` (levels I, II, III), ``heroes`` (the centre),
        ``hero_deck``, ``adventures`` and ``employees`` (their decks' tops)
        and ``quest`` (who holds the token); ``hands`` (the draft skipped: each
        player's items, at the display), ``staff`` and ``owned`` (employees
        and upgrades each player has), ``storage`` (items each player stored)."""
        fields = expect_fields(setup, "setup", _SETUP, _OPTIONAL)
        names = fields["players"]
        if not isinstance(names, list) or not 2 <= len(names) <= 6:
            raise ScenarioError("setup.players must be 2 to 6 different names")
        if len(set(map(str, names))) != len(names):
            raise ScenarioError("setup.players must be 2 to 6 different names")
        names = [str(name) for name in names]
        seed = fields.get("seed", 0)
        if type(seed) is not int:
            raise ScenarioError("setup.seed must be a whole number")
        flags = {
            key: fields.get(key) is True
            for key in ("first_game", "crowd", "unshakeable", "advanced")
        }
        state, _events = new_game(len(names), seed, **flags)
        state = self._stack(state, fields, names)
        problems = state_problems(state)
        if problems:
            raise ScenarioError(f"setup: {problems[0]}")
        return state, names

    def _stack(self, state: State, fields: Mapping[str, Any], names: list[str]) -> State:
        if "packets" in fields:
            given = fields["packets"]
            if not isinstance(given, dict) or set(given) != set(names):
                raise ScenarioError("setup.packets must give every player a packet")
            packets = [tuple(_cards("item", given[n], f"setup.packets.{n}")) for n in names]
            if any(len(p) != DEAL for p in packets):
                raise ScenarioError(f"setup.packets must hold {DEAL} items each")
            dealt = [c for p in packets for c in p]
            back = [c for p in state.packets for c in p if c not in dealt]
            deck = (*back, *(c for c in state.item_deck if c not in dealt))
            state = evolve(state, packets=tuple(packets), item_deck=deck)
        if "monsters" in fields:
            pile = _cards("monster", fields["monsters"], "setup.monsters")
            aside = tuple(m for m in range(len(MONSTERS)) if m not in pile)
            state = evolve(state, monster=pile[0], monsters=tuple(pile[1:]), set_aside=aside)
        if "heroes" in fields or "hero_deck" in fields:
            state = self._heroes(state, fields)
        for key, kind, field in (
            ("adventures", "adventure", "adventure_deck"),
            ("employees", "employee", "employee_deck"),
        ):
            if key in fields:
                top = _cards(kind, fields[key], f"setup.{key}")
                state = evolve(state, **{field: _on_top(getattr(state, field), top)})
        if "quest" in fields:
            state = evolve(state, quest=_seat(fields["quest"], names, "setup.quest"))
        if "hands" in fields:
            state = self._hands(state, fields["hands"], names)
        if "storage" in fields:
            storage = self._per_player(fields["storage"], "item", names, "storage")
            stored = {c for s in storage for c in s}
            deck = tuple(c for c in state.item_deck if c not in stored)
            state = evolve(state, storage=tuple(storage), item_deck=deck)
        if "staff" in fields:
            state = self._staff(state, fields["staff"], names)
        if "owned" in fields:
            state = self._owned(state, fields["owned"], names)
        return state

    def _per_player(
        self, given: object, kind: str, names: list[str], key: str
    ) -> list[tuple[int, ...]]:
        if not isinstance(given, dict) or not set(given) <= set(names):
            raise ScenarioError(f"setup.{key} must map players to lists of {kind} names")
        return [tuple(_cards(kind, given.get(n, []), f"setup.{key}.{n}")) for n in names]

    def _hands(self, state: State, given: object, names: list[str]) -> State:
        """The draft skipped: each player holds these items, at the display."""
        hands = self._per_player(given, "item", names, "hands")
        held = {c for hand in hands for c in hand}
        back = [c for p in state.packets for c in p if c not in held]
        deck = (*back, *(c for c in state.item_deck if c not in held))
        players = len(names)
        return evolve(
            state,
            hands=tuple(hands),
            item_deck=deck,
            packets=((),) * players,
            stage=Stage.DISPLAY,
        )

    def _staff(self, state: State, given: object, names: list[str]) -> State:
        staff = self._per_player(given, "employee", names, "staff")
        hired = {e for s in staff for e in s}
        deck = tuple(e for e in state.employee_deck if e not in hired)
        return evolve(state, staff=tuple(staff), employee_deck=deck)

    def _owned(self, state: State, given: object, names: list[str]) -> State:
        owned = self._per_player(given, "upgrade", names, "owned")
        bought = {u for o in owned for u in o}
        left = tuple(u for u in state.upgrades if u not in bought)
        return evolve(state, owned=tuple(owned), upgrades=left)

    def _heroes(self, state: State, fields: Mapping[str, Any]) -> State:
        center = list(state.center)
        if "heroes" in fields:
            center = _cards("hero", fields["heroes"], "setup.heroes")
            if len(center) != len(state.center):
                raise ScenarioError("setup.heroes must name as many heroes as the centre holds")
        top = _cards("hero", fields.get("hero_deck", []), "setup.hero_deck")
        rest = [h for h in in_play(HEROES, state.unshakeable) if h not in center and h not in top]
        purses = tuple(HEROES[h].purse if h in center else 0 for h in range(len(HEROES)))
        return evolve(state, center=tuple(center), hero_deck=(*top, *rest), purses=purses)

    def actions(self, state: State, seat: int, spec: Any, names: Sequence[str]) -> list[Action]:
        """``pick rusty_knife_1``, ``show battle_axe_2``, ``invite knight``,
        ``sell short_sword_1`` (to the shop's first hero) or ``sell
        short_sword_1 knight``, ``buy cellar``, ``flip cellar``, ``hire bard_1``,
        ``store holy_water_3``, ``done``; or the engine's JSON."""
        if isinstance(spec, Mapping):
            return [action_from_json(dict(spec))]
        words = spec.split() if isinstance(spec, str) else []
        where = f"the action {quote(spec)}"
        if words == ["done"]:
            return [Done()]
        verbs: dict[str, tuple[str, Any]] = {
            "pick": ("item", Pick), "show": ("item", Show),
            "store": ("item", Store), "invite": ("hero", Invite), "buy": ("upgrade", Buy),
            "flip": ("upgrade", Flip), "hire": ("employee", Hire),
        }  # fmt: skip
        if words[:1] == ["sell"] and len(words) in (2, 3):
            hero = card("hero", words[2], where) if len(words) == 3 else _first_hero(state, seat)
            return [Sell(card("item", words[1], where), hero)]
        if len(words) == 2 and words[0] in verbs:
            kind, make = verbs[words[0]]
            return [make(card(kind, words[1], where))]
        raise ScenarioError(f"cannot read {where}: write 'pick rusty_knife_1', 'done', ...")

    def mismatches(
        self, state: State, expect: Mapping[str, Any], names: Sequence[str]
    ) -> list[str]:
        """``stage``, ``to_act`` (players), ``turn`` and ``quest`` (a player),
        ``coins`` and ``stars`` ({player: n}), ``wounds``, ``monster`` (a name
        or null), ``winners`` (players)."""
        expect_fields(expect, "expect", (), _KEYS)
        found: list[str] = []
        monster = state.monster
        plain: dict[str, Any] = {
            "stage": state.stage.value,
            "wounds": state.wounds,
            "turn": names[state.turn],
            "quest": names[state.quest],
            "to_act": sorted(names[s] for s in to_act(state)),
            "monster": MONSTERS[monster].key if monster is not None else None,
        }
        for key, now in plain.items():
            want = (
                sorted(expect[key])
                if key == "to_act" and isinstance(expect.get(key), list)
                else expect.get(key)
            )
            if key in expect and want != now:
                found.append(f"expect.{key}: expected {quote(expect[key])}, found {quote(now)}")
        for key in ("coins", "stars"):
            wanted = expect.get(key, {})
            if not isinstance(wanted, dict):
                raise ScenarioError(f"expect.{key} must map players to numbers")
            for name, value in wanted.items():
                got = getattr(state, key)[_seat(name, names, f"expect.{key}")]
                if got != value:
                    found.append(f"expect.{key}.{name}: expected {value}, found {got}")
        if "winners" in expect:
            got_winners = [] if state.result == "lost" else [names[s] for s in winners(state)]
            if sorted(expect["winners"]) != sorted(got_winners):
                found.append(
                    f"expect.winners: expected {quote(expect['winners'])}, found {got_winners}"
                )
        return found

    def json_names(self) -> Mapping[str, Any]:
        return NAMES


SCENARIOS: Final = BazarScenarios()
