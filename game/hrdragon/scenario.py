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
from ..herorealms import scenario as hr_scenario
from ..herorealms.scenario import legal_mismatches, player_mismatches, seat_named, value_mismatches
from . import boss
from .codec import action_from_json
from .rules import check, legal_actions, to_act
from .stack import CARD_IDS, CARD_NAMES, card_id, stacked
from .state import Action, Borrow, Give, Reveal, SkillCheck, State, Steal, UseItem
from .views import state_problems

__all__ = ["SCENARIOS", "DragonScenarios", "read_action", "words_of"]

_KEYS = (
    "health", "hand_size", "deck_size", "out", "champions", "discard_size", "gold", "combat",
    "turn", "winners", "to_act", "prompt", "ask", "gifts", "lending", "taunters", "items",
    "hoard_size", "legal", "illegal", "hand",
)  # fmt: skip


def words_of(action: Action, names: Sequence[str]) -> str:
    """An action in the scenarios' words: the boss deck's, else Hero Realms'."""
    if isinstance(action, Reveal):
        return "reveal"
    if isinstance(action, Give):
        return f"give {names[action.seat]}"
    if isinstance(action, Borrow):
        return f"borrow {CARD_NAMES[action.card]} {names[action.seat]}"
    if isinstance(action, SkillCheck | Steal):
        verb = "check" if isinstance(action, SkillCheck) else "steal"
        paid = "".join(f" {CARD_NAMES[c]}" for c in action.cards)
        return f"{verb} {CARD_NAMES[action.item]}" + (f" with{paid}" if paid else "")
    if isinstance(action, UseItem):
        return f"use {CARD_NAMES[action.item]}"
    return hr_scenario.words_of(action, names, CARD_NAMES)


def read_action(spec: Any, names: Sequence[str]) -> Action:
    if isinstance(spec, Mapping):
        return action_from_json(dict(spec))
    words = spec.split() if isinstance(spec, str) else []
    where = f"the action {quote(spec)}"
    if words == ["reveal"]:
        return Reveal()
    if len(words) == 2 and words[0] in ("give", "use"):
        if words[0] == "give":
            return Give(seat_named(words[1], names, where))
        return UseItem(card_id(words[1], where))
    if len(words) == 3 and words[0] == "borrow":
        return Borrow(card_id(words[1], where), seat_named(words[2], names, where))
    if len(words) >= 2 and words[0] in ("check", "steal") and words[2:3] in ([], ["with"]):
        item = card_id(words[1], where)
        cards = tuple(sorted(card_id(w, where) for w in words[3:]))
        return SkillCheck(item, cards) if words[0] == "check" else Steal(item, cards)
    action = hr_scenario.read_words(spec, names, CARD_IDS)
    if action is None:
        raise ScenarioError(
            f"cannot read {where}: write 'play dragons_tail', 'give Ben', 'end', ..."
        )
    return action


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
        per_player: dict[str, Callable[[int], object]] = {
            "health": lambda s: core.players[s].health,
            "hand_size": lambda s: len(core.players[s].hand),
            "deck_size": lambda s: len(core.players[s].deck),
            "out": lambda s: core.players[s].out,
            "champions": lambda s: [CARD_NAMES[c] for c in core.players[s].champions],
            "discard_size": lambda s: len(core.players[s].discard),
            "hand": lambda s: sorted(CARD_NAMES[c] for c in core.players[s].hand),
        }
        found = player_mismatches(expect, names, per_player)
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
        found += value_mismatches(expect, plain)
        seat = core.turn

        def legal() -> list[str]:
            return [words_of(a, names) for a in legal_actions(state, seat)]

        def refused(spec: object) -> bool:
            return check(state, seat, read_action(spec, names)) is not None

        return found + legal_mismatches(expect, legal, refused)

    def json_names(self) -> Mapping[str, Any]:
        return CARD_IDS


def _ask(state: State) -> str | None:
    if state.lending:
        return "lend"
    if state.gifts:
        return "give"
    return state.asks[0] if state.asks else None


SCENARIOS: Final = DragonScenarios()
