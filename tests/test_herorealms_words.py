"""Hero Realms' card words (game/herorealms/ui): every card's name and
abilities in French and English, generated from its effects, in our own
words (never the published card text)."""

from __future__ import annotations

import csv
import json
import re

import pytest

from game.engine.words import LANGS
from game.herorealms.cards import KINDS, CardKind, CardType, Faction
from game.herorealms.effects import (
    Effect,
    Kind,
    Per,
    choose,
    combat,
    draw,
    draw_then_discard,
    gold,
    health,
    sacrifice_card,
    stun,
)
from game.herorealms.ui.names import NAMES, card_name
from game.herorealms.ui.phrases import PHRASES
from game.herorealms.ui.words import ability_line, card_lines, card_text, effect_text
from tests.test_herorealms_cards import DATA, KEPT


def _sample(kind: Kind) -> Effect:
    """An effect of `kind` as a card would hold it."""
    if kind == Kind.CHOOSE:
        return choose((gold(1),), (combat(2),))
    return Effect(kind, 1)


def test_every_card_has_a_name_and_its_abilities_in_both_languages() -> None:
    assert set(NAMES) == set(KINDS)
    for key, kind in KINDS.items():
        assert NAMES(key, "en") == kind.name  # the printed name, a fact
        lines = {lang: card_lines(key, lang) for lang in LANGS}
        parts = ("primary", "ally", "sacrifice", "expend")
        abilities = sum(1 for part in parts if getattr(kind, part))
        assert all(len(found) == abilities for found in lines.values()), key
        # only a plain guard (the Fighter's Shield Bearer) has no ability at all
        assert abilities > 0 or (kind.guard and kind.defence > 0), key
        assert card_text(key, "fr") != card_text(key, "en"), key
        for lang in LANGS:
            assert card_text(key, lang).startswith(card_name(key, lang)), key


def _normal(text: str) -> str:
    """A text without markup, braces, case or punctuation, to compare wordings."""
    text = re.sub(r"<[^>]+>|[{}.:;,!]", " ", text.lower())
    return " ".join(text.split())


def _published_texts() -> dict[str, list[str]]:
    with DATA.open(encoding="utf-8") as handle:
        rows = [row for row in csv.DictReader(handle) if row["Set"] == "Base Set"]
    return {
        row["Name"]: [row["Text"], *re.split(r"<hr>|\n", row["Text"])]
        for row in rows
        if row["Text"].strip()
    }


def test_no_text_is_the_published_one() -> None:
    """Our words are our own: neither a whole card nor any of its lines or
    abilities reads as the published text (compared without markup, case or
    punctuation). Without ../shared, the kept facts hold the names only."""
    if not DATA.exists():
        published = json.loads(KEPT.read_text("utf-8"))
        by_name = {kind.name: key for key, kind in KINDS.items()}
        assert set(published) <= set(by_name)
        for name in published:
            assert card_lines(by_name[name], "en")
        return
    texts = _published_texts()
    by_name = {kind.name: key for key, kind in KINDS.items()}
    assert set(texts) <= set(by_name)
    for name, theirs in texts.items():
        key = by_name[name]
        for lang in LANGS:
            ours = [card_text(key, lang), " ".join(card_lines(key, lang)), *card_lines(key, lang)]
            same = {_normal(t) for t in theirs if t.strip()} & {_normal(t) for t in ours}
            assert same == set(), (name, lang, same)


@pytest.mark.parametrize("kind", list(Kind))
def test_every_effect_kind_has_words(kind: Kind) -> None:
    effect = _sample(kind)
    texts = {lang: effect_text(effect, lang) for lang in LANGS}
    assert all(text.strip() for text in texts.values())
    others = {effect_text(_sample(other), "en") for other in Kind if other != kind}
    assert texts["en"] not in others  # each kind reads as itself


@pytest.mark.parametrize("per", [per for per in Per if per != Per.NONE])
def test_every_count_has_words(per: Per) -> None:
    for lang in LANGS:
        with_base = effect_text(combat(2, per, 1), lang)
        alone = effect_text(health(0, per, 3), lang)
        assert with_base.startswith("+2 ") and "+1" in with_base
        assert alone.startswith("+3 ") and "+0" not in alone


def test_counts_agree_in_each_language() -> None:
    assert effect_text(draw(), "en") == "draw a card"
    assert effect_text(draw(2), "en") == "draw 2 cards"
    assert effect_text(draw(), "fr") == "piochez une carte"
    assert effect_text(draw(3), "fr") == "piochez 3 cartes"
    assert "jusqu’à 2 cartes" in effect_text(sacrifice_card(up_to=2), "fr")
    assert "+3 more combat" in effect_text(sacrifice_card(bonus=3), "en")
    assert "autant" in effect_text(draw_then_discard(2), "fr")
    assert effect_text(stun(optional=True), "en").startswith("you may")


def test_an_ability_reads_as_a_sentence_with_its_label() -> None:
    hit_job = KINDS["hit_job"]
    assert ability_line(hit_job, "ally", "en") == "Ally (Guild): stun a champion of an opponent."
    assert ability_line(hit_job, "ally", "fr") == "Allié (Guilde) : assommez un champion adverse."
    assert ability_line(KINDS["influence"], "sacrifice", "fr") == "Sacrifier : +3 combat."
    assert ability_line(KINDS["borg"], "expend", "en") == "Expend: +4 combat."
    assert ability_line(KINDS["borg"], "ally", "en") == ""
    assert ability_line(KINDS["word_of_power"], "primary", "fr") == "Piochez 2 cartes."
    tithe = ability_line(KINDS["tithe_priest"], "expend", "fr")
    assert tithe.startswith("Épuiser : au choix : +1 or ou")


def test_a_new_card_gets_its_words_from_what_it_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card added later (a character pack's) is written from its effects;
    before its French name is given it keeps its printed one."""
    new = CardKind("lantern", "Lantern", Faction.NONE, 0, CardType.ITEM, 1,
                   primary=(gold(1), draw()), sacrifice=(health(4),))  # fmt: skip
    monkeypatch.setitem(KINDS, "lantern", new)  # the catalogue the words read
    assert card_lines("lantern", "en") == ["+1 gold, draw a card.", "Sacrifice: +4 health."]
    assert card_lines("lantern", "fr") == ["+1 or, piochez une carte.", "Sacrifier : +4 santé."]
    assert card_name("lantern", "fr") == "Lantern"


def test_french_card_texts_take_the_typographic_apostrophe() -> None:
    french = [card_text(key, "fr") for key in KINDS]
    assert all("'" not in text for text in french)
    assert any("’" in text for text in french)
    assert all("'" not in PHRASES[key]["fr"] for key in PHRASES)


def test_a_pack_ability_and_skill_say_how_often_and_at_what_price() -> None:
    """A pack's ability is sacrificed once a game; its skill expended once a
    turn for 2 gold: the label says so, whatever the card does."""
    assert ability_line(KINDS["crushing_blow"], "sacrifice", "en") == (
        "Once a game, sacrifice: +8 combat."
    )
    assert ability_line(KINDS["crushing_blow"], "sacrifice", "fr") == (
        "Une fois par partie, sacrifier : +8 combat."
    )
    assert ability_line(KINDS["shoulder_bash"], "expend", "en") == (
        "Once a turn, expend and pay 2 gold: +2 combat."
    )
    assert ability_line(KINDS["shoulder_bash"], "expend", "fr") == (
        "Une fois par tour, épuiser et payer 2 or : +2 combat."
    )
    # a champion of a pack keeps the plain label
    assert ability_line(KINDS["follower_a"], "expend", "en") == "Expend: +1 combat."


def test_a_cost_in_health_reads_as_a_loss() -> None:
    assert effect_text(health(-1), "en") == "lose 1 health"
    assert effect_text(health(-2), "fr") == "perdez 2 santé"
    assert "lose 1 health, draw a card" in card_text("channel", "en")


def test_conditions_and_pack_effects_take_their_numbers() -> None:
    axe = card_text("throwing_axe", "en")
    assert "if this card brings your combat this turn to 7 or more, draw a card" in axe
    assert "si vous avez un arc en jeu, piochez une carte" in card_text("black_arrow", "fr")
    beads = card_text("prayer_beads", "en")
    assert "pick one: +2 gold or +5 health; if at least 2 of your champions" in beads.lower()
    assert "3 health" in card_text("bless", "en") and "+1 défense" in card_text("bless", "fr")
    assert "4 dégâts" in card_text("fireball", "fr")
    track = card_text("track", "en")
    assert "the 3 cards on top" in track and "up to 2" in track
    knife = card_text("throwing_knife", "fr")
    assert "+2 combat par autre couteau" in knife
