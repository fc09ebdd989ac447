"""The base-set catalogue against the published card facts
(../shared/data/hero-realms/base-and-dragon.csv, kept in
tests/data/herorealms_base_facts.json): quantities, costs, defences, guards,
factions, types, and each ability's shorthand read back into effects.

    python tests/test_herorealms_cards.py    # writes the kept file again from the CSV
"""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from game.herorealms.cards import (
    CARD_COUNT,
    CARDS,
    FIRE_GEM,
    GEM_IDS,
    KINDS,
    MARKET,
    MARKET_IDS,
    PACK_KINDS,
    STARTING,
    STARTING_DECK,
    CardKind,
    CardType,
    Faction,
    starting_ids,
)
from game.herorealms.effects import Effect, Kind, Per

DATA = (
    Path(__file__).resolve().parents[2] / "shared" / "data" / "hero-realms" / "base-and-dragon.csv"
)
#: the facts these tests need, read from DATA once and kept with the tests (a
#: clone without ../shared still checks the catalogue): each base-set card's
#: published columns and its abilities' shorthand as counts, never its text
KEPT = Path(__file__).resolve().parent / "data" / "herorealms_base_facts.json"
_COLUMNS = ("Qty", "Cost", "Faction / Color", "Type", "Defense", "Role")


def _published() -> dict[str, dict[str, Any]]:
    """The facts as read from the published CSV (beside the project)."""
    with DATA.open(encoding="utf-8") as handle:
        rows = [row for row in csv.DictReader(handle) if row["Set"] == "Base Set"]
    facts: dict[str, dict[str, Any]] = {}
    for row in rows:
        if row["Role"] == "Scorecard":
            continue
        fact: dict[str, Any] = {column: row[column] for column in _COLUMNS}
        sections = _sections(row["Text"]).items()
        fact["abilities"] = {section: dict(_summary_of_text(part)) for section, part in sections}
        facts[row["Name"]] = fact
    return facts


def _by_name() -> dict[str, dict[str, Any]]:
    kept: dict[str, dict[str, Any]] = json.loads(KEPT.read_text(encoding="utf-8"))
    return kept


def test_the_kept_facts_are_the_published_ones() -> None:
    kept = _by_name()
    assert len(kept) == len({*(k.name for k in MARKET), FIRE_GEM.name, *(k.name for k in STARTING)})
    assert all(set(fact) == {*_COLUMNS, "abilities"} for fact in kept.values())
    if DATA.exists():  # beside ../shared: the kept file is still what the CSV says
        assert kept == _published()


def test_the_market_holds_80_cards_20_of_each_faction() -> None:
    assert len(MARKET_IDS) == 80
    factions = Counter(CARDS[card].faction for card in MARKET_IDS)
    assert factions == {
        f: 20 for f in (Faction.IMPERIAL, Faction.GUILD, Faction.NECROS, Faction.WILD)
    }
    assert len(GEM_IDS) == 16 and all(CARDS[g] is FIRE_GEM for g in GEM_IDS)
    # the base decks, then each seat's five packs: ten cards, an ability and a skill each
    assert CARD_COUNT == 80 + 16 + 4 * 10 + 4 * 5 * 12
    assert len(KINDS) == len(MARKET) + 1 + len(STARTING) + len(PACK_KINDS)


def test_every_seat_starts_with_7_gold_a_ruby_a_shortsword_and_a_dagger() -> None:
    for seat in range(4):
        deck = Counter(CARDS[card].key for card in starting_ids(seat))
        assert deck == {"gold": 7, "ruby": 1, "shortsword": 1, "dagger": 1}


def test_every_card_of_the_base_set_matches_its_facts() -> None:
    rows = _by_name()
    ours = {kind.name: kind for kind in (*MARKET, FIRE_GEM)}
    market_rows = {n for n, r in rows.items() if r["Role"] in ("Market Deck", "Fire Gems")}
    assert set(ours) == market_rows
    for name, kind in ours.items():
        row = rows[name]
        assert kind.copies == int(row["Qty"]), name
        assert kind.cost == int(row["Cost"]), name
        faction = row["Faction / Color"].lower() or "none"
        assert kind.faction.value == faction, name
        assert kind.type.value == row["Type"].split(" ")[0].lower(), name
        defence = row["Defense"].split()
        assert kind.defence == (int(defence[0]) if defence else 0), name
        assert kind.guard == ("Guard" in defence), name
    # the starting cards: 28 Gold and 4 of each other for four seats
    copies = Counter(CARDS[c].name for c in range(96, 96 + 4 * STARTING_DECK))
    for kind in STARTING:
        assert copies[kind.name] == int(rows[kind.name]["Qty"]), kind.name


# ----------------------------------------------------------- the shorthand

_GAIN = re.compile(r"\{Gain (\d+) (gold|combat|health)\}")


def _sections(text: str) -> dict[str, str]:
    """The card text cut into its abilities."""
    found: dict[str, str] = {}
    for part in text.split("<hr>"):
        part = part.strip()
        if part.startswith("{Expend}:"):
            found["expend"] = part
        elif part.startswith("{Sacrifice}:"):
            found["sacrifice"] = part
        elif re.match(r"\{\w+ Ally\}:", part):
            found["ally"] = part
        else:
            found["primary"] = part
    return found


def _flat(effects: tuple[Effect, ...]) -> list[Effect]:
    out: list[Effect] = []
    for effect in effects:
        out.append(effect)
        for option in effect.options:
            out += _flat(option)
    return out


def _summary_of_text(text: str) -> Counter[str]:
    found: Counter[str] = Counter()
    for amount, what in re.findall(r"\{(\d+) (combat|health)\} for each", text):
        found[f"per_{what}"] += int(amount)
    plain = _GAIN.findall(text)
    for amount, what in plain:
        found[what] += int(amount)
    bonus = re.search(r"additional \{(\d+) combat\}", text)
    if bonus:
        found["bonus"] += int(bonus.group(1))
    lower = text.lower()
    found["draw"] += (
        lower.count("draw a card")
        - lower.count("may draw a card")
        - lower.count("draw a card, then")
    )
    found["draw"] += 2 * lower.count("draw two cards")
    found["stun"] += lower.count("stun target champion")
    found["opponent_discards"] += lower.count("target opponent discards")
    found["prepare"] += lower.count("prepare a champion")
    found["sacrifice"] += lower.count("sacrifice a card") + lower.count("sacrifice up to two")
    found["choose"] += lower.count("<i>or</i>")
    found["draw_discard"] += lower.count("if you do, discard") + lower.count("then discard")
    found["champion_to_top"] += lower.count("take a champion from your discard pile")
    found["discard_to_top"] += lower.count("a card from your discard pile on top")
    found["to_top"] += lower.count("acquire this turn on top of your deck")
    found["optional"] += lower.count("you may")
    found["to_hand"] += lower.count("into your hand")
    return +found


def _summary_of_effects(effects: tuple[Effect, ...]) -> Counter[str]:
    found: Counter[str] = Counter()
    simple = {Kind.GOLD: "gold", Kind.COMBAT: "combat", Kind.HEALTH: "health"}
    for effect in _flat(effects):
        if effect.kind in simple:
            found[simple[effect.kind]] += effect.amount
            if effect.per != Per.NONE:
                found[f"per_{simple[effect.kind]}"] += effect.each
        elif effect.kind == Kind.DRAW:
            found["draw"] += effect.amount
        elif effect.kind in (Kind.NEXT_TO_TOP, Kind.NEXT_ACTION_TO_TOP):
            found["to_top"] += 1
        elif effect.kind == Kind.NEXT_TO_HAND:
            found["to_hand"] += 1
        elif effect.kind == Kind.SACRIFICE:
            found["sacrifice"] += 1
            found["bonus"] += effect.bonus
        elif effect.kind == Kind.CHOOSE:
            found["choose"] += len(effect.options) - 1
        else:
            found[effect.kind.value] += 1
        found["optional"] += effect.optional
    return +found


@pytest.mark.parametrize("kind", [*MARKET, FIRE_GEM, *STARTING], ids=lambda k: k.key)
def test_each_ability_is_the_cards_shorthand(kind: CardKind) -> None:
    sections: dict[str, dict[str, int]] = _by_name()[kind.name]["abilities"]
    ours = {
        name: effects
        for name, effects in (
            ("primary", kind.primary),
            ("ally", kind.ally),
            ("sacrifice", kind.sacrifice),
            ("expend", kind.expend),
        )
        if effects
    }
    assert set(ours) == set(sections), kind.key
    for name, effects in ours.items():
        assert dict(_summary_of_effects(effects)) == sections[name], (kind.key, name)
    if kind.type == CardType.CHAMPION:
        assert kind.expend and kind.defence > 0
    else:
        assert kind.defence == 0 and not kind.guard and not kind.expend


if __name__ == "__main__":
    KEPT.parent.mkdir(exist_ok=True)
    KEPT.write_text(json.dumps(_published(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {KEPT}")
