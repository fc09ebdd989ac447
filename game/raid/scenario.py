"""Raid's scenario rules (docs/scenarios.md): its own stacked deal, actions in
words and expectations, so that scenario files name cards and players.

Cards are named by kind and number, in id order: ``strike_1`` .. ``strike_12``,
``heal_1`` .. ``heal_6``, ``shield_1`` .. ``shield_6``, ``scout_1`` .. ``scout_4``
(also ``@strike_1`` in the engine's paths and values)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..engine import rng
from ..engine.errors import ScenarioError
from ..engine.evolve import evolve
from ..engine.jsonfields import expect_fields
from ..engine.safejson import quote
from .codec import action_from_json
from .rules import new_game, to_act
from .state import CARDS, HAND, Action, Block, End, Pick, Play, State, Take, kind_of
from .views import state_problems

__all__ = ["SCENARIOS", "RaidScenarios"]


def _card_names() -> dict[str, int]:
    names: dict[str, int] = {}
    counts: dict[str, int] = {}
    for card in range(CARDS):
        kind = kind_of(card).value
        counts[kind] = counts.get(kind, 0) + 1
        names[f"{kind}_{counts[kind]}"] = card
    return names


CARD_IDS: Final = _card_names()
_KEYS = ("hp", "stage", "turn", "winner", "to_act")


def _card(word: object, where: str) -> int:
    if not isinstance(word, str) or word.removeprefix("@") not in CARD_IDS:
        raise ScenarioError(f"{where}: {quote(word)} is not a card (strike_1, heal_2, ...)")
    return CARD_IDS[word.removeprefix("@")]


def _seat(word: object, names: Sequence[str], where: str) -> int:
    if word not in names:
        raise ScenarioError(f"{where}: {quote(word)} is not a player")
    return list(names).index(str(word))


class RaidScenarios:
    def build(self, setup: Mapping[str, Any]) -> tuple[State, list[str]]:
        """``players`` (3 to 6 names, the Boss first), an optional ``seed``
        and optional ``hands``: each player's first draft hand by card names;
        the other cards make the deck in id order."""
        fields = expect_fields(setup, "setup", ("players",), ("seed", "hands"))
        names = fields["players"]
        ok = isinstance(names, list) and 3 <= len(names) <= 6
        if not ok or len(set(map(str, names))) != len(names):
            raise ScenarioError("setup.players must be 3 to 6 different names, the Boss first")
        seed = fields.get("seed", 0)
        if type(seed) is not int:
            raise ScenarioError("setup.seed must be a whole number")
        state = new_game(len(names), seed)
        if "hands" in fields:
            hands_by_name = fields["hands"]
            if not isinstance(hands_by_name, dict) or set(hands_by_name) != set(names):
                raise ScenarioError("setup.hands must give every player a hand")
            hands = []
            for name in names:
                cards = hands_by_name[name]
                where = f"setup.hands.{name}"
                if not isinstance(cards, list) or len(cards) != HAND:
                    raise ScenarioError(f"{where} must be a list of {HAND} card names")
                hands.append(tuple(sorted(_card(card, where) for card in cards)))
            dealt = {card for hand in hands for card in hand}
            deck = tuple(card for card in range(CARDS) if card not in dealt)
            state = evolve(state, hands=tuple(hands), deck=deck, dice=rng.seed_state(seed))
        problems = state_problems(state)
        if problems:
            raise ScenarioError(f"setup: {problems[0]}")
        return state, [str(name) for name in names]

    def actions(self, state: State, seat: int, spec: Any, names: Sequence[str]) -> list[Action]:
        """``pick heal_2``, ``play strike_1 Ben``, ``play scout_1``, ``end``,
        ``block shield_3``, ``take``; or the engine's JSON."""
        if isinstance(spec, Mapping):
            return [action_from_json(dict(spec))]
        words = spec.split() if isinstance(spec, str) else []
        where = f"the action {quote(spec)}"
        if words in (["end"], ["take"]):
            return [End() if words[0] == "end" else Take()]
        if len(words) == 2 and words[0] in ("pick", "block"):
            card = _card(words[1], where)
            return [Pick(card) if words[0] == "pick" else Block(card)]
        if words[:1] == ["play"] and len(words) in (2, 3):
            card = _card(words[1], where)
            target = _seat(words[2], names, where) if len(words) == 3 else seat
            return [Play(card, target)]
        raise ScenarioError(f"cannot read {where}: write 'play strike_1 Ben', 'end', ...")

    def mismatches(
        self, state: State, expect: Mapping[str, Any], names: Sequence[str]
    ) -> list[str]:
        """``hp`` ({player: n}), ``stage``, ``turn`` (a player), ``winner``
        ("party" or "lair"), ``to_act`` (players)."""
        expect_fields(expect, "expect", (), _KEYS)
        found: list[str] = []
        hp = expect.get("hp", {})
        if not isinstance(hp, dict):
            raise ScenarioError("expect.hp must map players to hit points")
        for name, value in hp.items():
            got = state.hp[_seat(name, names, "expect.hp")]
            if got != value:
                found.append(f"expect.hp.{name}: expected {value}, found {got}")
        plain = {"stage": state.stage.value, "winner": state.winner or None}
        for key, now in plain.items():
            if key in expect and expect[key] != now:
                found.append(f"expect.{key}: expected {quote(expect[key])}, found {quote(now)}")
        if "turn" in expect and names[state.turn] != expect["turn"]:
            found.append(
                f"expect.turn: expected {quote(expect['turn'])}, found {names[state.turn]}"
            )
        if "to_act" in expect:
            acting = sorted(names[seat] for seat in to_act(state))
            if not isinstance(expect["to_act"], list) or sorted(expect["to_act"]) != acting:
                found.append(f"expect.to_act: expected {quote(expect['to_act'])}, found {acting}")
        return found

    def json_names(self) -> Mapping[str, Any]:
        return CARD_IDS


SCENARIOS: Final = RaidScenarios()
