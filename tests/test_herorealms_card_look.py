"""Hero Realms' card face (game/herorealms/ui/card.py): every card drawn in
both sizes and languages, its frame and abilities as icons of our own, its
whole text for screen readers."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from game.engine.words import LANGS
from game.herorealms.cards import KINDS, CardKind, CardType, Faction
from game.herorealms.effects import Effect, Kind, choose, combat, gold
from game.herorealms.ui.card import SIZES, card_back, card_face
from game.herorealms.ui.icons import ICONS
from game.herorealms.ui.names import card_name, short_name
from game.herorealms.ui.words import ability_line, card_text

CSS = Path(__file__).resolve().parent.parent / "game" / "herorealms" / "ui" / "herorealms.css"
_VOID = {"path", "circle", "rect"}


class _Tree(HTMLParser):
    """Checks that tags nest and close, and keeps what the card says: the
    visually hidden text, the attributes of each element."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.hidden_text = ""
        self.words: list[str] = []
        self._where: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        self.elements.append((tag, found))
        if tag not in _VOID:
            self.open.append(tag)
            self._where.append(found.get("class", ""))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, {name: value or "" for name, value in attrs}))

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        assert self.open and self.open.pop() == tag, f"</{tag}> closes nothing open"
        self._where.pop()

    def handle_data(self, data: str) -> None:
        if "visually-hidden" in self._where:
            self.hidden_text += data
        if "hr-words" in self._where:
            self.words.append(data)


def _read(html: str) -> _Tree:
    tree = _Tree()
    tree.feed(html)
    tree.close()
    assert tree.open == []
    return tree


def _with(tree: _Tree, attr: str) -> list[str]:
    return [attrs[attr] for _, attrs in tree.elements if attr in attrs]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_every_card_is_drawn_with_its_whole_text_for_screen_readers(lang: str, size: str) -> None:
    for key, kind in KINDS.items():
        html = card_face(key, lang, size=size)
        tree = _read(html)
        assert tree.hidden_text == card_text(key, lang)
        top = tree.elements[0][1]
        assert (top["data-key"], top["data-faction"], top["data-size"]) == (
            key,
            kind.faction.value,
            size,
        )
        # the picture is decoration: the face and every icon are hidden from readers
        assert tree.elements[2][1] == {"class": "hr-face", "aria-hidden": "true"}
        assert all(
            attrs.get("aria-hidden") == "true" for tag, attrs in tree.elements if tag == "svg"
        )
        assert "<img" not in html and "href" not in html and "url(" not in html


def test_the_frame_shows_cost_defence_guard_faction_and_type() -> None:
    tree = _read(card_face("tyrannor", "en"))
    html = card_face("tyrannor", "en")
    assert re.search(r'class="hr-cost"><svg[^>]*data-icon="cost".*?<b>8</b>', html)
    assert re.search(r'class="hr-defence" data-guard="true">.*?<b>6</b>', html)
    assert "necros" in _with(tree, "data-icon")  # the faction's symbol
    plain = card_face("rayla", "en")
    assert 'class="hr-defence">' in plain and 'data-guard="true"' not in plain
    action = card_face("hit_job", "fr")
    assert "hr-defence" not in action and ">Action<" in action
    gem, gold_card = card_face("fire_gem", "fr"), card_face("gold", "fr")
    assert "hr-cost" in gem and "hr-cost" not in gold_card  # a starting card is never bought
    assert ">Objet<" in gold_card


def test_each_ability_is_drawn_as_icons_with_its_mark() -> None:
    tree = _read(card_face("command", "en"))
    assert _with(tree, "data-gain") == ["gold", "combat", "health"]
    assert _with(tree, "data-sign") == ["draw"]
    assert re.findall(r"<b>(\d+)</b>", card_face("command", "en"))[1:] == ["2", "3", "4"]
    arkus = _read(card_face("arkus", "en"))
    assert _with(arkus, "data-ability") == ["expend", "ally"]
    marks = [a["data-icon"] for tag, a in arkus.elements if a.get("class") == "hr-mark"]
    assert marks == ["expend", "imperial"]  # the ally's mark is its faction's symbol
    gem = _read(card_face("fire_gem", "en"))
    assert [a["data-icon"] for _, a in gem.elements if a.get("class") == "hr-mark"] == ["sacrifice"]
    shaman = card_face("wolf_shaman", "en")  # "+1 for each other Wild card"
    assert re.search(r'class="hr-per">\+1/<svg[^>]*data-icon="wild"', shaman)
    thug = card_face("street_thug", "en")  # "or": the options side by side
    assert re.search(r'hr-choice">.*data-gain="gold".*hr-or">/<.*data-gain="combat"', thug)
    rake = card_face("rake", "en")  # "you may stun"
    assert 'data-sign="stun" data-may="true"' in rake


@pytest.mark.parametrize("lang", LANGS)
def test_the_large_card_says_each_ability_in_words(lang: str) -> None:
    for key, kind in KINDS.items():
        large = _read(card_face(key, lang, size="large"))
        lines = [ability_line(kind, part, lang) for part in ("primary", "expend", "ally")]
        lines.append(ability_line(kind, "sacrifice", lang))
        assert large.words == [line for line in lines if line]
        assert f">{card_name(key, lang)}<".replace("'", "&#x27;") in card_face(
            key, lang, size="large"
        )
    # a small card keeps a character's own name, before its title
    assert short_name("arkus", lang) == "Arkus"
    assert '<span class="hr-name">Arkus</span>' in card_face("arkus", lang)


def test_names_are_escaped() -> None:
    html = card_face("natures_bounty", "en", size="large")
    assert "Nature&#x27;s Bounty" in html and "Nature's" not in html


def test_a_card_of_every_effect_kind_is_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every effect kind has its picture, so a card added later is drawn."""
    every: tuple[Effect, ...] = tuple(
        choose((gold(1),), (combat(2),)) if kind == Kind.CHOOSE else Effect(kind, 2)
        for kind in Kind
    )
    test_card = CardKind("every_kind", "Every Kind", Faction.WILD, 4, CardType.ACTION, 1,
                         primary=every)  # fmt: skip
    monkeypatch.setitem(KINDS, "every_kind", test_card)
    tree = _read(card_face("every_kind", "en", size="large"))
    drawn = set(_with(tree, "data-icon"))
    assert drawn <= set(ICONS)
    assert {"gold", "combat", "health", "draw", "stun", "to_deck", "to_hand"} <= drawn
    assert len(_with(tree, "data-gain")) + len(_with(tree, "data-sign")) == len(Kind) + 1


def test_a_pack_ability_and_skill_are_drawn_with_how_often_and_the_price() -> None:
    ability = _read(card_face("fireball", "fr"))
    [(_, spot)] = [(t, a) for t, a in ability.elements if a.get("class") == "hr-ability"]
    assert (spot["data-ability"], spot["data-once"]) == ("sacrifice", "game")
    assert [a["data-icon"] for _, a in ability.elements if a.get("class") == "hr-mark"] == [
        "sacrifice"
    ]
    assert re.search(r'data-sign="fireball">.*?<b>4</b>', card_face("fireball", "fr"))
    skill_html = card_face("channel", "en")
    skill = _read(skill_html)
    assert 'data-ability="expend" data-once="turn"' in skill_html
    assert re.search(r'class="hr-price"><svg[^>]*data-icon="cost".*?<b>2</b>', skill_html)
    assert _with(skill, "data-gain") == ["health"] and _with(skill, "data-sign") == ["draw"]
    assert "<b>-1</b>" in skill_html  # the health it costs
    assert ">Skill<" in skill_html and ">Capacité<" in card_face("heist", "fr")
    assert ">Talent<" in card_face("track", "fr")
    # a pack's champion is drawn like any champion, without a price or a limit
    follower = card_face("follower_a", "en")
    assert "data-once" not in follower and "hr-price" not in follower
    knife = card_face("throwing_knife", "en")
    assert re.search(r'class="hr-per">\+2/<svg[^>]*data-icon="knife"', knife)
    beads = _read(card_face("prayer_beads", "en"))
    assert _with(beads, "data-all") == ["when"]


def test_a_size_that_does_not_exist_is_refused() -> None:
    with pytest.raises(ValueError, match="no card size 'huge'"):
        card_face("gold", "en", size="huge")


def test_the_stylesheet_colours_every_faction_and_moves_nothing() -> None:
    css = CSS.read_text("utf-8")
    for faction in Faction:
        if faction != Faction.NONE:
            assert f'.hr-card[data-faction="{faction.value}"]' in css
    assert 'data-size="large"' in css and ".hr-words" in css
    # no picture from elsewhere: every picture is our inline SVG
    assert "url(" not in css
    # the board's short movements stop for a reader who asks for less motion
    assert "transition" in css
    reduced = css.split("@media (prefers-reduced-motion: reduce)", 1)[1].split("\n}\n", 1)[0]
    assert "transition: none" in reduced and "transform: none" in reduced


@pytest.mark.parametrize("lang", LANGS)
def test_a_face_down_card_says_nothing_of_which_card_it_is(lang: str) -> None:
    back = card_back(lang)
    tree = _read(back)
    top = tree.elements[0][1]
    assert top["data-hidden"] == "back" and top["role"] == "img" and top["aria-label"]
    assert "data-key" not in back and "data-faction" not in back
    assert card_back(lang, label="Ana’s deck").count("Ana’s deck") == 1
    with pytest.raises(ValueError):
        card_back(lang, size="tiny")
