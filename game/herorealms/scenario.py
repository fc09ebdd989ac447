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
from .stack import CARD_IDS, CARD_NAMES, stacked
from .stack import card_id as stack_card_id
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

__all__ = [
    "SCENARIOS",
    "HeroRealmsScenarios",
    "legal_mismatches",
    "player_mismatches",
    "read_words",
    "seat_named",
    "value_mismatches",
    "words_of",
]

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


def words_of(
    action: Action, names: Sequence[str], card_names: Mapping[int, str] = CARD_NAMES
) -> str:
    """An action in the scenarios' words (`card_names`: the game's, the Dragon's too)."""
    if isinstance(action, AttackPlayer):
        return f"attack {names[action.seat]} {action.amount}"
    if isinstance(action, AttackChampion):
        return f"attack {card_names[action.card]}"
    if isinstance(action, Choose):
        return f"choose {action.index}"
    if isinstance(action, Aim):
        return f"aim {names[action.seat]}"
    if isinstance(action, BuyGem | EndTurn | Skip | UseAbility | UseSkill | PlayGold):
        return {
            BuyGem: "buy gem", EndTurn: "end", Skip: "skip", UseAbility: "ability",
            UseSkill: "skill", PlayGold: "play all gold",
        }[type(action)]  # fmt: skip
    return f"{_VERB_OF[type(action)]} {card_names[action.card]}"


def seat_named(word: str, names: Sequence[str], where: str) -> int:
    """The seat of the player a scenario names (the Dragon's scenarios too)."""
    if word not in names:
        raise ScenarioError(f"{where}: {quote(word)} is not a player")
    return list(names).index(word)


def read_action(spec: Any, names: Sequence[str]) -> Action:
    if isinstance(spec, Mapping):
        return action_from_json(dict(spec))
    action = read_words(spec, names, CARD_IDS)
    if action is None:
        raise ScenarioError(
            f"cannot read the action {quote(spec)}: write 'play arkus', 'attack Ben 5', 'end', ..."
        )
    return action


def read_words(spec: object, names: Sequence[str], ids: Mapping[str, int]) -> Action | None:
    """A Hero Realms action in words, its cards among `ids`; None: not one of them."""
    words = spec.split() if isinstance(spec, str) else []
    where = f"the action {quote(spec)}"

    def card_id(word: str, where: str) -> int:
        return stack_card_id(word, where, ids)

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
    return None


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
        per_player: dict[str, Callable[[int], object]] = {
            "health": lambda s: state.players[s].health,
            "hand_size": lambda s: len(state.players[s].hand),
            "deck_size": lambda s: len(state.players[s].deck),
            "owed": lambda s: state.players[s].owed,
            "out": lambda s: state.players[s].out,
            "champions": lambda s: [CARD_NAMES[c] for c in state.players[s].champions],
            "discard_size": lambda s: len(state.players[s].discard),
        }
        found = player_mismatches(expect, names, per_player)
        winner = names[state.winner] if state.winner != NO_CARD else None
        prompt = state.prompts[0].kind.value if state.prompts else None
        plain = {"gold": state.gold, "combat": state.combat, "turn": names[state.turn]}
        found += value_mismatches(expect, plain | {"winner": winner, "prompt": prompt})
        if "to_act" in expect:
            acting = sorted(names[seat] for seat in to_act(state))
            if not isinstance(expect["to_act"], list) or sorted(expect["to_act"]) != acting:
                found.append(f"expect.to_act: expected {quote(expect['to_act'])}, found {acting}")

        def legal() -> list[str]:
            return [words_of(a, names) for a in legal_actions(state, state.turn)]

        def refused(spec: object) -> bool:
            return check(state, state.turn, read_action(spec, names)) is not None

        return found + legal_mismatches(expect, legal, refused)

    def json_names(self) -> Mapping[str, Any]:
        return CARD_IDS


def player_mismatches(
    expect: Mapping[str, Any], names: Sequence[str], readers: Mapping[str, Callable[[int], object]]
) -> list[str]:
    """Where ``expect.<key>.<player>`` differs from `readers[key](seat)`."""
    found: list[str] = []
    for key, read in readers.items():
        wanted = expect.get(key, {})
        if not isinstance(wanted, dict):
            raise ScenarioError(f"expect.{key} must map players to values")
        for name, value in wanted.items():
            got = read(seat_named(name, names, f"expect.{key}"))
            if got != value:
                found.append(f"expect.{key}.{name}: expected {quote(value)}, found {quote(got)}")
    return found


def value_mismatches(expect: Mapping[str, Any], now: Mapping[str, object]) -> list[str]:
    """Where ``expect.<key>`` differs from `now[key]`."""
    return [
        f"expect.{key}: expected {quote(expect[key])}, found {quote(value)}"
        for key, value in now.items()
        if key in expect and expect[key] != value
    ]


def legal_mismatches(
    expect: Mapping[str, Any], legal: Callable[[], list[str]], refused: Callable[[object], bool]
) -> list[str]:
    """``expect.legal`` (exactly the actions `legal()` names, any order) and
    ``expect.illegal`` (each one `refused`)."""
    found: list[str] = []
    if "legal" in expect:
        wanted = expect["legal"]
        if not isinstance(wanted, list) or not all(isinstance(w, str) for w in wanted):
            raise ScenarioError("expect.legal must be a list of actions in words")
        now = sorted(legal())
        if sorted(wanted) != now:
            found.append(f"expect.legal: expected {sorted(wanted)}, found {now}")
    if "illegal" in expect:
        specs = expect["illegal"]
        if not isinstance(specs, list):
            raise ScenarioError("expect.illegal must be a list of actions in words")
        found += [
            f"expect.illegal: {quote(spec)} is allowed" for spec in specs if not refused(spec)
        ]
    return found


SCENARIOS: Final = HeroRealmsScenarios()
