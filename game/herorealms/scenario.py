"""Hero Realms' scenario rules (docs/scenarios.md): its stacked deal
(stack.py), actions in words and expectations, so that scenario files name
cards and players.

Actions: ``play arkus``, ``expend arkus``, ``ally taxation``, ``sacrifice
fire_gem``, ``buy arkus``, ``buy gem``, ``attack Ben 5``, ``attack
orc_grunt``, ``end``; answers ``pick gold_3``, ``choose 1``, ``aim Ben``,
``skip``; a character pack's ``ability`` and ``skill``; ``take recruit`` (buy
from an opponent's discard pile after a heist); or the engine's JSON."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from ..engine.errors import ScenarioError
from ..engine.jsonfields import expect_fields
from ..engine.safejson import quote
from .codec import action_from_json
from .rules import check, legal_actions, to_act
from .stack import CARD_IDS, CARD_NAMES, card_id, stacked
from .state import (
    NO_CARD,
    Action,
    Aim,
    AttackChampion,
    AttackPlayer,
    BuyDiscard,
    BuyGem,
    BuyMarket,
    Choose,
    EndTurn,
    Expend,
    Pick,
    Play,
    PlayGold,
    Sacrifice,
    Skip,
    State,
    UseAbility,
    UseAlly,
    UseSkill,
)
from .views import state_problems

__all__ = ["SCENARIOS", "HeroRealmsScenarios", "seat_named", "words_of"]

_CARD_VERBS: dict[
    str, type[Play | Expend | UseAlly | Sacrifice | BuyMarket | Pick | BuyDiscard]
] = {
    "play": Play,
    "expend": Expend,
    "ally": UseAlly,
    "sacrifice": Sacrifice,
    "buy": BuyMarket,
    "pick": Pick,
    "take": BuyDiscard,
}
_VERB_OF = {kind: verb for verb, kind in _CARD_VERBS.items()}
_KEYS = (
    "health", "gold", "combat", "turn", "winner", "to_act", "prompt", "hand_size", "deck_size",
    "owed", "out", "legal", "illegal", "champions", "discard_size",
)  # fmt: skip


def words_of(action: Action, names: Sequence[str]) -> str:
    """An action in the scenarios' words."""
    if isinstance(action, AttackPlayer):
        return f"attack {names[action.seat]} {action.amount}"
    if isinstance(action, AttackChampion):
        return f"attack {CARD_NAMES[action.card]}"
    if isinstance(action, Choose):
        return f"choose {action.index}"
    if isinstance(action, Aim):
        return f"aim {names[action.seat]}"
    if isinstance(action, BuyGem | EndTurn | Skip | UseAbility | UseSkill | PlayGold):
        return {
            BuyGem: "buy gem", EndTurn: "end", Skip: "skip", UseAbility: "ability",
            UseSkill: "skill", PlayGold: "play all gold",
        }[type(action)]  # fmt: skip
    return f"{_VERB_OF[type(action)]} {CARD_NAMES[action.card]}"


def seat_named(word: str, names: Sequence[str], where: str) -> int:
    """The seat of the player a scenario names (the Dragon's scenarios too)."""
    if word not in names:
        raise ScenarioError(f"{where}: {quote(word)} is not a player")
    return list(names).index(word)


def read_action(spec: Any, names: Sequence[str]) -> Action:
    if isinstance(spec, Mapping):
        return action_from_json(dict(spec))
    words = spec.split() if isinstance(spec, str) else []
    where = f"the action {quote(spec)}"
    if words == ["end"]:
        return EndTurn()
    if words == ["skip"]:
        return Skip()
    if words == ["ability"]:
        return UseAbility()
    if words == ["skill"]:
        return UseSkill()
    if words == ["buy", "gem"]:
        return BuyGem()
    if words == ["play", "all", "gold"]:
        return PlayGold()
    if len(words) == 2 and words[0] in _CARD_VERBS:
        return _CARD_VERBS[words[0]](card_id(words[1], where))
    if len(words) == 2 and words[0] == "choose" and words[1].isascii() and words[1].isdigit():
        return Choose(int(words[1]))
    if len(words) == 2 and words[0] == "aim":
        return Aim(seat_named(words[1], names, where))
    if len(words) == 2 and words[0] == "attack":
        return AttackChampion(card_id(words[1], where))
    if len(words) == 3 and words[0] == "attack" and words[2].isascii() and words[2].isdigit():
        return AttackPlayer(seat_named(words[1], names, where), int(words[2]))
    raise ScenarioError(f"cannot read {where}: write 'play arkus', 'attack Ben 5', 'end', ...")


class HeroRealmsScenarios:
    def build(self, setup: Mapping[str, Any]) -> tuple[State, list[str]]:
        state, names = stacked(setup)
        problems = state_problems(state)
        if problems:
            raise ScenarioError(f"setup: {problems[0]}")
        return state, names

    def actions(self, state: State, seat: int, spec: Any, names: Sequence[str]) -> list[Action]:
        return [read_action(spec, names)]

    def mismatches(
        self, state: State, expect: Mapping[str, Any], names: Sequence[str]
    ) -> list[str]:
        """By player: ``health``, ``hand_size``, ``deck_size``, ``owed``,
        ``out``, ``champions`` (names, in order), ``discard_size``; ``gold``,
        ``combat``, ``turn`` and ``winner`` (a player or null), ``to_act``
        (players), ``prompt`` (the first question's kind or null), ``legal``
        (exactly the legal actions of the player to act, in words, any order),
        ``illegal`` (actions all refused now)."""
        expect_fields(expect, "expect", (), _KEYS)
        found: list[str] = []
        per_player: dict[str, Callable[[int], object]] = {
            "health": lambda s: state.players[s].health,
            "hand_size": lambda s: len(state.players[s].hand),
            "deck_size": lambda s: len(state.players[s].deck),
            "owed": lambda s: state.players[s].owed,
            "out": lambda s: state.players[s].out,
            "champions": lambda s: [CARD_NAMES[c] for c in state.players[s].champions],
            "discard_size": lambda s: len(state.players[s].discard),
        }
        for key, read in per_player.items():
            wanted = expect.get(key, {})
            if not isinstance(wanted, dict):
                raise ScenarioError(f"expect.{key} must map players to values")
            for name, value in wanted.items():
                got = read(seat_named(name, names, f"expect.{key}"))
                if got != value:
                    found.append(
                        f"expect.{key}.{name}: expected {quote(value)}, found {quote(got)}"
                    )
        winner = names[state.winner] if state.winner != NO_CARD else None
        prompt = state.prompts[0].kind.value if state.prompts else None
        plain = {"gold": state.gold, "combat": state.combat, "turn": names[state.turn]}
        plain |= {"winner": winner, "prompt": prompt}
        for key, now in plain.items():
            if key in expect and expect[key] != now:
                found.append(f"expect.{key}: expected {quote(expect[key])}, found {quote(now)}")
        if "to_act" in expect:
            acting = sorted(names[seat] for seat in to_act(state))
            if not isinstance(expect["to_act"], list) or sorted(expect["to_act"]) != acting:
                found.append(f"expect.to_act: expected {quote(expect['to_act'])}, found {acting}")
        found += _legal_mismatches(state, expect, names)
        return found

    def json_names(self) -> Mapping[str, Any]:
        return CARD_IDS


def _legal_mismatches(state: State, expect: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    found: list[str] = []
    if "legal" in expect:
        wanted = expect["legal"]
        if not isinstance(wanted, list) or not all(isinstance(w, str) for w in wanted):
            raise ScenarioError("expect.legal must be a list of actions in words")
        now = sorted(words_of(a, names) for a in legal_actions(state, state.turn))
        if sorted(wanted) != now:
            found.append(f"expect.legal: expected {sorted(wanted)}, found {now}")
    if "illegal" in expect:
        refused = expect["illegal"]
        if not isinstance(refused, list):
            raise ScenarioError("expect.illegal must be a list of actions in words")
        for spec in refused:
            if check(state, state.turn, read_action(spec, names)) is None:
                found.append(f"expect.illegal: {quote(spec)} is allowed")
    return found


SCENARIOS: Final = HeroRealmsScenarios()
