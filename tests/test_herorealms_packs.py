"""The five character packs against their published facts
(../shared/data/hero-realms/cards-all-sets.csv, kept in
tests/data/herorealms_pack_facts.json): health, each starting deck's cards and
copies, types, defences, guards, and each ability's gains, draws, "or"s,
stuns and discards read back from our structured effects.

    python tests/test_herorealms_packs.py    # writes the kept file again from the CSV
"""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from game.engine.errors import MalformedData
from game.engine.scenario import case_list, load_scenario
from game.herorealms import GAME
from game.herorealms.cards import PACKS, ability_id, kind_of, skill_id, starting_ids
from game.herorealms.effects import Effect, Kind
from game.herorealms.kinds import CardKind, CardType
from game.herorealms.options import pack_key
from game.herorealms.stack import CARD_IDS
from tests.test_herorealms_cards import _flat

SHARED = Path(__file__).resolve().parents[2] / "shared"
DATA = SHARED / "data" / "hero-realms" / "cards-all-sets.csv"
KEPT = Path(__file__).resolve().parent / "data" / "herorealms_pack_facts.json"
_GAIN = re.compile(r"\{Gain (\d+) (gold|combat|health)\}")


def _summary_of_text(text: str) -> dict[str, int]:
    """What a card's text gives, as counts (never the text itself)."""
    found: Counter[str] = Counter()
    head, _colon, body = text.partition("}:") if "}:" in text else ("", "", text)
    for amount, what in _GAIN.findall(body):
        found[what] += int(amount)
    found["health"] -= body.count("{healthneg1}")
    lower = body.lower()
    found["draw"] += lower.count("draw a card")
    found["choose"] += lower.count("<i>or</i>")
    found["stun"] += lower.count("stun target champion")
    found["opponent_discards"] += lower.count("target opponent discards")
    found["each_knife"] += 2 * lower.count("+{2 combat} for each knife")
    found["discount"] += lower.count("costs {1 gold} less")
    found["damage"] += 4 * lower.count("deal four damage")
    found["look"] += 3 * lower.count("look at the top three")
    if "bless" in lower or "gains {3 health}" in lower:
        found["health"] += 3 * lower.count("gains {3 health}")
        found["defence"] += lower.count("{+1 defense}")
    found["pay"] += 2 * head.count("pay 2 gold")
    return {key: value for key, value in found.items() if value}  # a loss stays


def _published() -> dict[str, Any]:
    with DATA.open(encoding="utf-8") as handle:
        rows = [row for row in csv.DictReader(handle) if row["Set"].startswith("Character Pack")]
    facts: dict[str, Any] = {}
    for row in rows:
        pack = facts.setdefault(row["Set"].split(": ")[1].lower(), {"deck": {}})
        name = row["Name"].split(" | ")[0]
        if row["Role"] == "Hero":
            pack["health"] = int(row["Other"].removeprefix("Health "))
        elif row["Role"] == "Character Ability":
            part = "ability" if "Ability" in row["Type"].split(" | ")[0] else "skill"
            pack[part] = {"name": name, "gives": _summary_of_text(row["Text"])}
        elif row["Role"] == "Personal Deck":
            pack["deck"][name] = {
                "copies": int(row["Qty"]),
                "type": row["Type"].split(" ")[0].lower(),
                "defense": row["Defense"],
                "gives": _summary_of_text(row["Text"]),
            }
    return facts


def _kept() -> dict[str, Any]:
    kept: dict[str, Any] = json.loads(KEPT.read_text(encoding="utf-8"))
    return kept


def test_the_kept_facts_are_the_published_ones() -> None:
    assert set(_kept()) == set(PACKS)
    if DATA.exists():  # beside ../shared: the kept file is still what the CSV says
        assert _kept() == _published()


def _summary_of_effects(effects: tuple[Effect, ...]) -> dict[str, int]:
    found: Counter[str] = Counter()
    for effect in _flat(effects):
        kind = effect.kind
        if kind in (Kind.GOLD, Kind.COMBAT, Kind.HEALTH):
            found[kind.value] += effect.amount
            found["each_knife"] += effect.each
        elif kind in (Kind.DRAW, Kind.DRAW_IF):
            found["draw"] += effect.amount
        elif kind == Kind.CHOOSE:
            found["choose"] += len(effect.options) - 1
        elif kind in (Kind.CHAMPION_DISCOUNT, Kind.ACTION_DISCOUNT):
            found["discount"] += 1
        elif kind == Kind.FIREBALL:
            found["damage"] += effect.amount
        elif kind == Kind.TRACK:
            found["look"] += effect.amount
        elif kind == Kind.BLESS:
            found["health"] += effect.amount
            found["defence"] += effect.each
        elif kind in (Kind.STUN, Kind.OPPONENT_DISCARDS):
            found[kind.value] += 1
    return {key: value for key, value in found.items() if value}  # a loss stays


def _abilities(kind: CardKind) -> tuple[Effect, ...]:
    return kind.primary + kind.expend + kind.sacrifice + kind.ally


@pytest.mark.parametrize("key", sorted(PACKS))
def test_each_pack_is_its_published_facts(key: str) -> None:
    facts, pack = _kept()[key], PACKS[key]
    assert pack.health == facts["health"]
    deck = {kind.name: (kind, copies) for kind, copies in pack.deck}
    assert set(deck) == set(facts["deck"])
    for name, (kind, copies) in deck.items():
        fact = facts["deck"][name]
        assert copies == fact["copies"], name
        assert kind.type.value == fact["type"], name
        defence = fact["defense"].split()
        assert kind.defence == (int(defence[0]) if defence else 0), name
        assert kind.guard == ("Guard" in defence), name
        assert _summary_of_effects(_abilities(kind)) == fact["gives"], name
    for part, kind in (("ability", pack.ability), ("skill", pack.skill)):
        assert kind.name == facts[part]["name"]
        gives = dict(facts[part]["gives"])
        assert gives.pop("pay", 0) == (2 if part == "skill" else 0)  # the skill's price
        assert _summary_of_effects(_abilities(kind)) == gives, kind.name
        assert kind.type == (CardType.ABILITY if part == "ability" else CardType.SKILL)


@pytest.mark.parametrize("key", sorted(PACKS))
def test_a_seat_with_a_pack_starts_with_its_deck_and_health(key: str) -> None:
    state = GAME.new_game({"players": 3, pack_key(1): key}, 5)
    ben = state.players[1]
    cards = Counter(kind_of(c).name for c in (*ben.hand, *ben.deck))
    assert cards == {kind.name: n for kind, n in PACKS[key].deck}
    assert set(ben.hand + ben.deck) == set(starting_ids(1, key))
    assert ben.health == PACKS[key].health and ben.pack == key
    assert state.players[0].pack == state.players[2].pack == ""  # default: the base deck
    assert state.players[0].health == 50
    assert kind_of(ability_id(1, key)) is PACKS[key].ability
    assert kind_of(skill_id(1, key)) is PACKS[key].skill


def test_an_unknown_pack_is_refused() -> None:
    with pytest.raises(MalformedData):
        GAME.new_game({"players": 2, pack_key(0): "bard"}, 0)


if __name__ == "__main__":
    KEPT.write_text(json.dumps(_published(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {KEPT}")


SCENARIOS = Path(__file__).resolve().parent / "scenarios" / "herorealms"


def _played() -> set[tuple[str, str, str]]:
    """(pack, verb, card kind) of every step a scenario plays, the pack being
    the one the acting player holds; "ability" and "skill" name no card."""
    found: set[tuple[str, str, str]] = set()
    for path in sorted(SCENARIOS.glob("*.json")):
        for case in case_list(load_scenario(path)):
            packs = case.get("setup", {}).get("packs", {})
            for step in case.get("steps", []):
                words = str(step.get("do", "")).split()
                pack = packs.get(step.get("seat"), "")
                if len(words) == 1 and words[0] in ("ability", "skill"):
                    found.add((pack, words[0], ""))
                elif len(words) == 2 and words[1] in CARD_IDS:
                    found.add((pack, words[0], kind_of(CARD_IDS[words[1]]).key))
    return found


def test_every_card_ability_and_skill_of_every_pack_has_a_scenario() -> None:
    played = _played()
    missing = []
    for key, pack in PACKS.items():
        for kind, _copies in pack.deck:
            for verb, effects in (("play", kind.primary), ("expend", kind.expend)):
                if effects and (key, verb, kind.key) not in played:
                    missing.append(f"{key}: {verb} {kind.key}")
            if kind.type == CardType.CHAMPION and (key, "play", kind.key) not in played:
                missing.append(f"{key}: play {kind.key}")
        missing += [f"{key}: {use}" for use in ("ability", "skill") if (key, use, "") not in played]
    assert missing == []
