"""The Dragon game's scenario rules (docs/scenarios.md): its stacked deal
(stack.py), actions in words and expectations.

Actions: Hero Realms' words (``play dragons_tail``, ``attack Dan 5``,
``attack orc_grunt``, ``sacrifice dragons_fire``, ``choose 1``, ``pick
gold_3``, ``aim Ben``, ``skip``, ``end``, ...) and the boss deck's: ``give
Ben`` (a health gain to Ben), ``borrow gold_3 Ben`` (Ben borrows gold_3 from
the defeated member lending now), ``reveal``, ``use sword_of_destiny``,
``check crown_of_will with longsword ruby`` (a skill check), ``steal
crown_of_will`` (the Hoard card) or ``steal crown_of_will with x y`` (the
Diamond's check); or the engine's JSON."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from ..engine.errors import ScenarioError
from ..engine.jsonfields import expect_fields
from ..engine.safejson import quote
from ..herorealms.scenario import seat_named
from ..herorealms.state import (
    Aim,
    AttackChampion,
    AttackPlayer,
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
    UseAbility,
    UseAlly,
    UseSkill,
)
from . import boss
from .codec import action_from_json
from .rules import check, legal_actions, to_act
from .stack import CARD_IDS, CARD_NAMES, card_id, stacked
from .state import Action, Borrow, Give, Reveal, SkillCheck, State, Steal, UseItem
from .views import state_problems

__all__ = ["SCENARIOS", "DragonScenarios", "read_action", "words_of"]

_CARD_VERBS: dict[str, Callable[[int], Action]] = {
    "play": Play,
    "expend": Expend,
    "ally": UseAlly,
    "sacrifice": Sacrifice,
    "buy": BuyMarket,
    "pick": Pick,
    "use": UseItem,
}
_PLAIN: dict[str, Action] = {
    "end": EndTurn(),
    "skip": Skip(),
    "ability": UseAbility(),
    "skill": UseSkill(),
    "buy gem": BuyGem(),
    "play all gold": PlayGold(),
    "reveal": Reveal(),
}
_KEYS = (
    "health", "hand_size", "deck_size", "out", "champions", "discard_size", "gold", "combat",
    "turn", "winners", "to_act", "prompt", "ask", "gifts", "lending", "taunters", "items",
    "hoard_size", "legal", "illegal", "hand",
)  # fmt: skip


def words_of(action: Action, names: Sequence[str]) -> str:
    """An action in the scenarios' words."""
    for word, plain in _PLAIN.items():
        if action == plain:
            return word
    if isinstance(action, AttackPlayer):
        return f"attack {names[action.seat]} {action.amount}"
    if isinstance(action, AttackChampion):
        return f"attack {CARD_NAMES[action.card]}"
    if isinstance(action, Choose):
        return f"choose {action.index}"
    if isinstance(action, Aim | Give):
        return f"{'aim' if isinstance(action, Aim) else 'give'} {names[action.seat]}"
    if isinstance(action, Borrow):
        return f"borrow {CARD_NAMES[action.card]} {names[action.seat]}"
    if isinstance(action, SkillCheck | Steal):
        verb = "check" if isinstance(action, SkillCheck) else "steal"
        paid = "".join(f" {CARD_NAMES[c]}" for c in action.cards)
        return f"{verb} {CARD_NAMES[action.item]}" + (f" with{paid}" if paid else "")
    if isinstance(action, UseItem):
        return f"use {CARD_NAMES[action.item]}"
    verb = next(v for v, make in _CARD_VERBS.items() if type(action) is type(make(0)))
    return f"{verb} {CARD_NAMES[action.card]}"  # type: ignore[union-attr]


def read_action(spec: Any, names: Sequence[str]) -> Action:
    if isinstance(spec, Mapping):
        return action_from_json(dict(spec))
    words = spec.split() if isinstance(spec, str) else []
    where = f"the action {quote(spec)}"
    if " ".join(words) in _PLAIN:
        return _PLAIN[" ".join(words)]
    if len(words) == 2 and words[0] in _CARD_VERBS:
        return _CARD_VERBS[words[0]](card_id(words[1], where))
    if len(words) == 2 and words[0] == "choose" and words[1].isascii() and words[1].isdigit():
        return Choose(int(words[1]))
    if len(words) == 2 and words[0] in ("aim", "give"):
        seat = seat_named(words[1], names, where)
        return Aim(seat) if words[0] == "aim" else Give(seat)
    if len(words) == 2 and words[0] == "attack":
        return AttackChampion(card_id(words[1], where))
    if len(words) == 3 and words[0] == "attack" and words[2].isascii() and words[2].isdigit():
        return AttackPlayer(seat_named(words[1], names, where), int(words[2]))
    if len(words) == 3 and words[0] == "borrow":
        return Borrow(card_id(words[1], where), seat_named(words[2], names, where))
    if len(words) >= 2 and words[0] in ("check", "steal") and words[2:3] in ([], ["with"]):
        item = card_id(words[1], where)
        cards = tuple(sorted(card_id(w, where) for w in words[3:]))
        return SkillCheck(item, cards) if words[0] == "check" else Steal(item, cards)
    raise ScenarioError(f"cannot read {where}: write 'play dragons_tail', 'give Ben', 'end', ...")


class DragonScenarios:
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
        """By player: ``health``, ``hand_size``, ``deck_size``, ``out``,
        ``champions`` (names), ``discard_size``, ``hand`` (names, sorted);
        ``gold``, ``combat``, ``turn``, ``winners`` (players), ``to_act``,
        ``prompt`` (Hero Realms' first question's kind or null), ``ask``
        (the boss deck's: ``give``, ``lend``, ``hoard``, ``diamond``, a
        Hoard item's key, or null), ``gifts`` (health gains waiting),
        ``lending`` (defeated members still to lend), ``taunters`` (players),
        ``items`` (each revealed item's holder), ``hoard_size``, ``legal``
        (exactly, in words, any order), ``illegal`` (all refused now)."""
        expect_fields(expect, "expect", (), _KEYS)
        core = state.core
        found: list[str] = []
        per_player: dict[str, Callable[[int], object]] = {
            "health": lambda s: core.players[s].health,
            "hand_size": lambda s: len(core.players[s].hand),
            "deck_size": lambda s: len(core.players[s].deck),
            "out": lambda s: core.players[s].out,
            "champions": lambda s: [CARD_NAMES[c] for c in core.players[s].champions],
            "discard_size": lambda s: len(core.players[s].discard),
            "hand": lambda s: sorted(CARD_NAMES[c] for c in core.players[s].hand),
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
        plain: dict[str, object] = {
            "gold": core.gold,
            "combat": core.combat,
            "turn": names[core.turn],
            "winners": [names[s] for s in state.winners],
            "to_act": [names[s] for s in to_act(state)],
            "prompt": core.prompts[0].kind.value if core.prompts else None,
            "ask": _ask(state),
            "gifts": list(state.gifts),
            "lending": [names[s] for s in state.lending],
            "taunters": [names[s] for s in boss.taunters_of(state, state.bosses[-1])],
            "items": {CARD_NAMES[i]: names[h] for i, h in state.items},
            "hoard_size": len(state.hoard),
        }
        for key, now in plain.items():
            if key in expect and expect[key] != now:
                found.append(f"expect.{key}: expected {quote(expect[key])}, found {quote(now)}")
        return found + _legal_mismatches(state, expect, names)

    def json_names(self) -> Mapping[str, Any]:
        return CARD_IDS


def _ask(state: State) -> str | None:
    if state.lending:
        return "lend"
    if state.gifts:
        return "give"
    return state.asks[0] if state.asks else None


def _legal_mismatches(state: State, expect: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    found: list[str] = []
    seat = state.core.turn
    if "legal" in expect:
        wanted = expect["legal"]
        if not isinstance(wanted, list) or not all(isinstance(w, str) for w in wanted):
            raise ScenarioError("expect.legal must be a list of actions in words")
        now = sorted(words_of(a, names) for a in legal_actions(state, seat))
        if sorted(wanted) != now:
            found.append(f"expect.legal: expected {sorted(wanted)}, found {now}")
    if "illegal" in expect:
        refused = expect["illegal"]
        if not isinstance(refused, list):
            raise ScenarioError("expect.illegal must be a list of actions in words")
        for spec in refused:
            if check(state, seat, read_action(spec, names)) is None:
                found.append(f"expect.illegal: {quote(spec)} is allowed")
    return found


SCENARIOS: Final = DragonScenarios()
