"""The Boss's client (game/theboss/ui/): every phase drawn at 2, 3 and 4
players from random play, for every seat and the spectator; no seat's HTML
or log names another hand's face or a face-down card before the reveal; one
control per legal action, laid out by city; the words in both languages, with
plurals and French typography; the hint, the markers and the replay's open
view."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from game.engine.client import Scene
from game.engine.events import event_for_seat
from game.engine.rng import seed_state
from game.registry import CLIENTS, GAMES, catalogue, get_client
from game.theboss import GAME
from game.theboss.cards import (
    CARD_CITY,
    CARD_COUNT,
    CARD_KIND,
    CHICAGO,
    CITY_CARDS,
    MONEY,
    POLICE_AFTER_TURN,
)
from game.theboss.scoring import EFFECTS
from game.theboss.setup import first_state
from game.theboss.state import Place, Play, Stage, State
from game.theboss.ui import CLIENT
from game.theboss.ui.client import RULES, STYLESHEET, TUTORIALS, open_view
from game.theboss.ui.hint import money_chances
from game.theboss.ui.strings import (
    BOARD,
    LOG,
    card_text,
    describe,
    gangsters_text,
    reason_text,
    rounds_text,
    typeset,
)
from tests.test_conformance import assert_well_formed

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("fr", "en")
NAMES = ["Anne", "Bruno", "Chloé", "Dan"]
EVENT_TYPES = {
    "deal", "place", "play", "police", "last_turn", "reveal", "take", "chicago", "round_over",
    "game_over",
}  # fmt: skip


def _steps(players: int, seed: int) -> Iterator[tuple[State, Any, list[dict[str, Any]]]]:
    """(state before, action, events) for every move of a random game that
    places gangsters often, then (final state, None, [])."""
    state = GAME.new_game({"players": players}, seed)
    dice = random.Random(seed)
    opening = GAME.capabilities.opening_events
    assert opening is not None
    yield state, None, list(opening(state))
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        places = [action for action in legal if isinstance(action, Place)]
        pool = places if places and dice.random() < 0.45 else legal
        action = dice.choice(pool)
        before = state
        state, events = GAME.apply(state, seat, action)
        yield before, action, list(events)
    yield state, None, []


def _secrets(state: State, seat: int | None) -> set[int]:
    """The cards `seat` may not see: other hands' faces, face-down cards."""
    hidden = {card for other, hand in enumerate(state.hands) if other != seat for card in hand}
    if state.stage is not Stage.OVER:
        hidden |= {card for card in state.hidden[1:]}
    return hidden


def _public_result(view: dict[str, Any]) -> set[int]:
    """Cards the last round's result shows (they may be dealt again since)."""
    result = view["result"]
    if result is None:
        return set()
    cards = {entry["card"] for entry in result["cities"]}
    cards |= {card for entry in result["cities"] for card in entry["played"]}
    cards |= {card for card in result["chicago"]["cards"] if card is not None}
    return cards


def _scene(state: State, seat: int | None, lang: str, **extra: Any) -> Scene:
    view = GAME.view(state, seat)
    count = len(state.hands)
    kinds = ["human" if other == seat else "bot" for other in range(count)]
    levels = ["" if other == seat else "normal" for other in range(count)]
    return Scene(view=view, names=NAMES[:count], kinds=kinds, lang=lang, levels=levels, **extra)


def _renders(state: State, seat: int | None, lang: str) -> Iterator[tuple[str, str]]:
    """Every phase the state can show `seat`: (phase, HTML)."""
    view = GAME.view(state, seat)
    names = NAMES[: len(state.hands)]
    if GAME.is_over(state):
        yield "over", CLIENT.render_game_over(_scene(state, seat, lang))
    elif seat is not None and seat in GAME.to_act(state):
        legal = GAME.legal_actions(state, seat)
        dock = CLIENT.dock(view, legal, names, lang, CLIENT.hint(view, legal))
        yield "table", CLIENT.render_table(_scene(state, seat, lang, dock=dock))
    else:
        yield "table", CLIENT.render_table(_scene(state, seat, lang, thinking=0))
    if CLIENT.result_key(view) is not None:
        yield "result", CLIENT.render_result(_scene(state, seat, lang))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_phase_is_drawn_and_no_seat_sees_a_secret(players: int) -> None:
    phases: set[str] = set()
    checked = 0
    for seed in (1, 2):
        for index, (state, _action, _events) in enumerate(_steps(players, seed)):
            if index % 2 and not GAME.is_over(state):
                continue
            for seat in [None, *range(players)]:
                secrets = _secrets(state, seat)
                public = _public_result(GAME.view(state, seat))
                for lang in LANGS:
                    for phase, html in _renders(state, seat, lang):
                        phases.add(phase)
                        if lang == "en" and (index + (seat or 0)) % 5 == 0:
                            assert_well_formed(html)
                        for card in secrets:
                            if phase == "result" and card in public:
                                continue
                            assert f'data-card="{card}"' not in html, (phase, seat, card)
                            text = card_text(card, lang)
                            assert text not in unescape(html), (phase, seat, text)
                            checked += 1
    assert phases == {"table", "result", "over"}
    assert checked > 1000


@pytest.mark.parametrize("players", [2, 4])
def test_no_log_line_names_a_card_its_reader_may_not_see(players: int) -> None:
    told: set[str] = set()
    for seed in (3, 4):
        for before, action, events in _steps(players, seed):
            if action is None and not events:
                continue
            ended = any(event["type"] == "reveal" for event in events)
            shown = {action.card} if isinstance(action, Play) else set()
            for seat in [None, *range(players)]:
                # what the move may show: the card played, the face-down cards
                # at a round's end; a new deal's hands only to their owners
                allowed = shown | (set(before.hidden[1:]) if ended else set())
                secrets = _secrets(before, seat) - allowed
                for event in events:
                    seen = event_for_seat(event, seat)
                    if seen["type"] == "deal":
                        mine = set(seen.get("hand", ()))
                        secrets |= set(range(CARD_COUNT)) - mine
                    for lang in LANGS:
                        lines = describe(seen, NAMES[:players], lang)
                        assert lines and all(line.strip() for line in lines)
                        told.add(seen["type"])
                        text = "\n".join(lines)
                        for card in secrets:
                            assert card_text(card, lang) not in text, (seen, card)
    assert told == EVENT_TYPES


def test_the_deal_tells_its_reader_their_own_hand_only() -> None:
    state = GAME.new_game({"players": 3}, 5)
    opening = GAME.capabilities.opening_events
    assert opening is not None
    (deal,) = opening(state)
    for seat in range(3):
        lines = describe(event_for_seat(deal, seat), NAMES[:3], "en")
        assert lines[-1].startswith("Your hand: ")
        for card in state.hands[seat]:
            assert card_text(card, "en") in lines[-1]
    spectator = describe(event_for_seat(deal, None), NAMES[:3], "fr")
    assert len(spectator) == 2 and "Votre main" not in "".join(spectator)
    assert spectator[1] == "Chicago se tient entre New York et Boston."


# ------------------------------------------------------------------ the dock


def _first(players: int, **figures: Any) -> State:
    police = (0, 2, 1, 3, 4)
    return first_state(players, seed_state(9), police, **figures)


def _groups(state: State, seat: int, lang: str = "en") -> dict[str, Any]:
    view = GAME.view(state, seat)
    legal = GAME.legal_actions(state, seat)
    dock = CLIENT.dock(view, legal, NAMES[: len(state.hands)], lang)
    assert sorted(map(repr, dock.actions())) == sorted(map(repr, legal))
    return {group.key: group for group in dock.groups} | {"_prompt": dock.prompt}


def test_the_dock_offers_the_cards_then_the_placements_per_city() -> None:
    state = _first(4)
    groups = _groups(state, 0)
    assert groups["_prompt"] == "Place gangsters on one city, or play a card."
    cards = groups["cards"].controls
    assert [control.action.card for control in cards] == list(state.hands[0])
    assert all(control.card == control.action.card for control in cards)
    # Chicago first needs a gangster elsewhere: a group with no button, saying why
    assert groups["place-0"].controls == () and "another city" in groups["place-0"].note
    boston = groups["place-2"]
    labels = [control.label for control in boston.controls]
    assert labels[:3] == ["1 expert", "1 expert + 1 occasional", "1 expert + 2 occasionals"]
    assert "6 experts + 3 occasionals" in labels
    assert len(boston.controls) == 6 * 4
    primary = [control for control in boston.controls if control.tone == "primary"]
    assert [control.label for control in primary] == ["1 expert"]
    assert boston.controls[1].aria == "Place 1 expert and 1 occasional in Boston"
    assert boston.note == "Majority from 1 gangster"
    # after placing, only the cards: "Now play a card"
    placed, _ = GAME.apply(state, 0, Place(2, 2, 0))
    after = _groups(placed, 0, "fr")
    assert after["_prompt"] == "Jouez maintenant une carte."
    assert set(after) == {"cards", "_prompt"}


def test_a_city_not_offered_says_why() -> None:
    state = _first(2, banned=((1,), ()))
    state, _ = GAME.apply(state, 0, Place(2, 3, 0))
    state, _ = GAME.apply(state, 0, Play(state.hands[0][0]))
    groups = _groups(state, 1)
    # seat 1 needs 4 gangsters against seat 0's 3 in Boston: 4 experts is the least
    assert groups["place-2"].controls
    need = min(c.action.experts + c.action.occasionals for c in groups["place-2"].controls)
    assert need == 4 and groups["place-2"].note == "Majority from 4 gangsters"
    primary = [c.label for c in groups["place-2"].controls if c.tone == "primary"]
    assert primary == ["4 experts"]
    # seat 0 is banned from New York; Chicago is open to it now (it holds Boston)
    state, _ = GAME.apply(state, 1, Play(state.hands[1][0]))
    groups = _groups(state, 0, "fr")
    assert groups["place-1"].controls == ()
    assert groups["place-1"].note == "vous y êtes interdit de séjour"
    assert groups["place-0"].controls and groups["place-2"].note == "Vous y avez la majorité"


def test_a_player_with_no_gangster_left_is_told_so() -> None:
    state = _first(2, dead=(6, 0), occasionals_used=(3, 0))
    groups = _groups(state, 0)
    assert groups["_prompt"] == "Play a card: you cannot place anyone."
    assert groups["place"].controls == ()
    assert groups["place"].note == "You have no gangster left to place this round."


def test_the_hint_is_the_chance_of_money_from_what_the_seat_saw() -> None:
    state = _first(3)
    view = GAME.view(state, 0)
    chances = money_chances(view)
    assert set(chances) == {1, 2, 3, 4, 5}
    for city, chance in chances.items():
        unseen = [c for c in CITY_CARDS[city] if c not in state.hands[0]]
        assert chance == sum(CARD_KIND[c] == MONEY for c in unseen) / len(unseen)
    assert CLIENT.hint(view, GAME.legal_actions(state, 0)) == chances
    dock = CLIENT.dock(view, GAME.legal_actions(state, 0), NAMES[:3], "en", chances)
    for group in dock.groups:
        if group.key.startswith("place-") and group.controls and group.key != "place-0":
            city = int(group.key.split("-")[1])
            assert all(control.odds == chances[city] for control in group.controls)
    html = CLIENT.render_table(_scene(state, 0, "en", dock=dock))
    assert 'class="act-odds tb-odds"' in html and "money: " in html
    assert money_chances(GAME.view(state, None)) != {}  # a spectator's, from no hand


# ------------------------------------------------------------------ the words


def _refusal_codes() -> set[str]:
    text = "".join(
        (ROOT / "game" / "theboss" / name).read_text("utf-8")
        for name in ("rules.py", "scoring.py", "codec.py", "undo.py")
    )
    return set(re.findall(r'Reason\(\s*"([a-z_]+)"', text))


def test_every_refusal_has_french_and_english_words() -> None:
    codes = _refusal_codes()
    assert {"no_majority", "chicago_first", "occasional_alone", "undo_card_shown"} <= codes
    for code in codes:
        french = reason_text(code, "the English", "fr")
        english = reason_text(code, "the English", "en")
        assert french != "the English" and english != "the English", code
        assert french != english, code
    banned = "you are banned from Kansas City for the rest of the game"
    assert reason_text("banned", banned, "fr").endswith("à Kansas City jusqu’à la fin de la partie")
    assert reason_text("something_new", "as the engine says", "fr") == "as the engine says"


def test_every_effect_and_event_has_words() -> None:
    for effect in EFFECTS:
        for lang in LANGS:
            line = describe(
                {"type": "take", "city": 3, "card": 10, "seat": 1, "effect": effect},
                NAMES,
                lang,
            )
            assert line[0].startswith("Detroit")
    nobody = describe(
        {"type": "chicago", "seat": None, "cards": [None], "total": 0, "gain": 0}, NAMES, "en"
    )
    assert nobody == ["Chicago: nobody there, Alcapo keeps it all ($0)."]
    shared = describe(
        {"type": "chicago", "seat": 2, "cards": [3, 7], "total": 7, "gain": 3}, NAMES, "fr"
    )
    assert shared == ["Chicago\u00a0: Chloé prend 3\u00a0$ sur 7\u00a0$, Alcapo garde 4\u00a0$."]


def test_plurals_in_both_languages() -> None:
    assert gangsters_text(1, 0, "en") == "1 expert"
    assert gangsters_text(2, 0, "en") == "2 experts"
    assert gangsters_text(0, 1, "en") == "1 occasional"
    assert gangsters_text(3, 2, "en") == "3 experts and 2 occasionals"
    assert gangsters_text(1, 1, "fr") == "1 expert et 1 occasionnel"
    assert gangsters_text(2, 3, "fr") == "2 experts et 3 occasionnels"
    assert rounds_text(1, "en") == "1 round" and rounds_text(4, "en") == "4 rounds"
    assert rounds_text(1, "fr") == "1 manche" and rounds_text(3, "fr") == "3 manches"
    assert BOARD.plural("police_left", "police_left_many", 1, "en") == "1 card left"
    assert BOARD.plural("police_left", "police_left_many", 0, "fr") == "0 carte en pile"
    assert BOARD.plural("police_left", "police_left_many", 2, "fr") == "2 cartes en pile"
    line = describe(
        {"type": "place", "seat": 0, "city": 5, "experts": 1, "occasionals": 2}, NAMES, "en"
    )
    assert line == ["Anne places 1 expert and 2 occasionals in Kansas City."]


def test_french_typography_and_both_languages_everywhere() -> None:
    assert typeset("Prêt ? « Oui » : allons-y ; vite !") == (
        "Prêt\u00a0? «\u00a0Oui\u00a0»\u00a0: allons-y\u00a0; vite\u00a0!"
    )
    for words in (BOARD, LOG):
        assert words.problems() == []
        for key, texts in words.items():
            french = texts["fr"]
            assert not re.search(r" [:;!?]", french), (key, french)
            assert "« " not in french and " »" not in french, key
    # a whole French board: no plain space before the high punctuation
    state = _first(4)
    view = GAME.view(state, 0)
    dock = CLIENT.dock(view, GAME.legal_actions(state, 0), NAMES, "fr")
    html = CLIENT.render_table(_scene(state, 0, "fr", dock=dock))
    text = unescape(re.sub(r"<[^>]+>", "\n", html))
    assert not re.search(r" [:;!?]", text)


# --------------------------------------------------------- client's other parts


def test_markers_progress_and_result_key() -> None:
    state = _first(3)
    view = GAME.view(state, None)
    assert CLIENT.markers(view) == {
        "round": "1",
        "turn": "1",
        "stage": "place_or_play",
        "police": "0",
        "last-round": "false",
    }
    assert CLIENT.progress(view, "en") == "Round 1 · turn 1"
    assert CLIENT.progress(view, "fr") == "Manche 1 · tour 1"
    assert CLIENT.result_key(view) is None
    for _state, _action, _events in _steps(3, 6):
        pass
    final = _state
    assert CLIENT.result_key(GAME.view(final, 1)) == final.round
    assert CLIENT.progress(GAME.view(final, 1), "en") == "Game over"
    assert CLIENT.title("fr") == CLIENT.title("en") == "The Boss"


def test_the_replay_shows_every_hand_and_face_down_card() -> None:
    state = _first(3)
    shown = open_view(state)
    html = CLIENT.render_table(
        Scene(view=shown, names=NAMES[:3], kinds=["bot"] * 3, lang="en", caption="…")
    )
    assert_well_formed(html)
    for hand in state.hands:
        for card in hand:
            assert f'data-card="{card}"' in html
    for city in range(1, 6):
        assert f'data-card="{state.hidden[city]}" data-city="{city}"' in html
    assert html.count('data-hidden="open"') == 5


def test_the_game_over_panel_ranks_and_shares_wins() -> None:
    state = GAME.new_game({"players": 2}, 1)
    view = GAME.view(state, 0)
    view["outcome"] = {
        "winners": [0, 1],
        "money": [9, 9],
        "last_round_money": [4, 4],
        "gangsters_left": [7, 7],
        "rounds": 3,
    }
    html = CLIENT.render_game_over(
        Scene(view=view, names=NAMES[:2], kinds=["human"] * 2, lang="en")
    )
    assert "A shared win: Anne and Bruno" in html
    assert html.count("Shared win") == 2 and "After 3 rounds" in html
    view["outcome"] = {**view["outcome"], "winners": [1], "money": [9, 12]}
    html = CLIENT.render_game_over(
        Scene(view=view, names=NAMES[:2], kinds=["human"] * 2, lang="fr")
    )
    assert "Bruno est le Boss\u00a0!" in html
    assert html.index('data-seat="1"') < html.index('data-seat="0"')


def test_the_game_is_registered_with_its_listing() -> None:
    assert "theboss" in GAMES and CLIENTS["theboss"] == "game.theboss.ui"
    assert get_client("theboss") is CLIENT
    entry = next(item for item in catalogue() if item["name"] == "theboss")
    assert entry["title"] == {"fr": "The Boss", "en": "The Boss"}
    assert entry["description"]["fr"] and entry["description"]["en"]
    assert STYLESHEET.is_file() and RULES.parent == STYLESHEET.parent
    assert CLIENT.tutorials == TUTORIALS


def test_a_missing_tutorial_folder_breaks_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(type(CLIENT), "tutorials", ROOT / "no" / "such" / "folder")
    entry = next(item for item in catalogue() if item["name"] == "theboss")
    assert entry["tutorials"] == []


def test_city_cards_name_their_city_on_every_back() -> None:
    state = _first(4)
    html = CLIENT.render_table(_scene(state, 0, "en"))
    for seat in range(1, 4):
        for card in state.hands[seat]:
            city = CARD_CITY[card]
            assert f'data-city="{city}" data-hidden="back"' in html
    assert 'data-chicago="true"' in html and CHICAGO == 0


# ------------------------------------------------------- playing on the board


class _Tags(HTMLParser):
    """Every start tag of a page: (tag, attributes, its ancestors' attributes)."""

    VOID = frozenset({"input", "br", "img", "meta", "link", "hr"})

    def __init__(self, html: str) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str], list[dict[str, str]]]] = []
        self._stack: list[tuple[str, dict[str, str]]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        self.found.append((tag, found, [a for _, a in self._stack]))
        if tag not in self.VOID:
            self._stack.append((tag, found))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        self.found.append((tag, found, [a for _, a in self._stack]))

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID or all(name != tag for name, _ in self._stack):
            return
        while self._stack:
            if self._stack.pop()[0] == tag:
                break

    def inside(self, tag: str, **where: str) -> list[dict[str, str]]:
        """The attributes of each `tag` under an element with all of `where`
        (`class_` is "class", matching one class word; other underscores are dashes)."""
        wanted = {name.rstrip("_").replace("_", "-"): value for name, value in where.items()}

        def fits(attrs: dict[str, str]) -> bool:
            for name, value in wanted.items():
                have = attrs.get(name)
                if name == "class" and have is not None:
                    if value not in have.split():
                        return False
                elif have != value:
                    return False
            return True

        return [attrs for name, attrs, up in self.found if name == tag and any(fits(a) for a in up)]


def _table(
    state: State,
    seat: int,
    lang: str = "en",
    previous: frozenset[str] = frozenset(),
    events: list[dict[str, Any]] | None = None,
) -> tuple[str, Scene]:
    """The table `seat` sees now (its controls when it acts), and its scene
    (with `events`, the events it saw, oldest first)."""
    view = GAME.view(state, seat)
    names = NAMES[: len(state.hands)]
    acting = seat in GAME.to_act(state)
    legal = GAME.legal_actions(state, seat) if acting else []
    dock = CLIENT.dock(view, legal, names, lang)
    scene = _scene(state, seat, lang, dock=dock, previous=previous, events=events or [])
    return CLIENT.render_table(scene), scene


def _acts(attrs: list[dict[str, str]]) -> list[str]:
    return [a["data-act"] for a in attrs if a.get("data-cmd") == "act"]


def _json(action: Any) -> str:
    return json.dumps(GAME.action_to_json(action), separators=(",", ":"), sort_keys=True)


@pytest.mark.parametrize("players", [2, 4])
def test_the_board_offers_exactly_the_legal_moves_as_controls(players: int) -> None:
    """The viewer's hand cards play the legal cards (the panel's same actions);
    a city opens a chooser exactly where a placement is legal, whose Place
    buttons are exactly its legal placements (every one reachable through the
    two choices, which offer only counts some placement uses); nobody else's
    hand is a control, and nothing is one on another seat's turn."""
    checked = 0
    for index, (state, _action, _events) in enumerate(_steps(players, 11)):
        if GAME.is_over(state) or index % 3:
            continue
        acting = GAME.to_act(state)[0]
        for seat in range(players):
            html, _ = _table(state, seat)
            tags = _Tags(html)
            board_cards = _acts(tags.inside("button", class_="tb-hand"))
            panel = _acts(tags.inside("button", id="actions"))
            choosers = _acts(tags.inside("button", class_="tb-chooser"))
            taps = [
                a["data-city"]
                for name, a, _ in tags.found
                if name == "button" and "tb-city-tap" in a.get("class", "").split()
            ]
            if seat != acting:
                assert board_cards == panel == choosers == taps == []
                continue
            legal = GAME.legal_actions(state, seat)
            plays = [_json(a) for a in legal if isinstance(a, Play)]
            places = [a for a in legal if isinstance(a, Place)]
            assert sorted(board_cards) == sorted(plays)
            assert sorted(panel) == sorted(plays + [_json(a) for a in places])
            assert sorted(choosers) == sorted(_json(a) for a in places)
            assert sorted(map(int, taps)) == sorted({a.city for a in places})
            for city in {a.city for a in places}:
                mine = [a for a in places if a.city == city]
                radios = tags.inside("input", id=f"tb-choose-{city}")
                experts = {int(r["value"]) for r in radios if r["data-pick"] == "e"}
                occasionals = {int(r["value"]) for r in radios if r["data-pick"] == "o"}
                assert experts == {a.experts for a in mine}
                assert occasionals == {a.occasionals for a in mine}
                # each legal pair is one the choices can make, and the first shown is legal
                assert {(a.experts, a.occasionals) for a in mine} <= {
                    (ex, oc) for ex in experts for oc in occasionals
                }
                chosen = {r["data-pick"]: int(r["value"]) for r in radios if "checked" in r}
                smallest = min(mine, key=lambda a: (a.experts + a.occasionals, a.occasionals))
                assert (chosen["e"], chosen["o"]) == (smallest.experts, smallest.occasionals)
                checked += 1
    assert checked > 20


def test_no_hand_of_another_seat_holds_a_card_id_or_a_control() -> None:
    for index, (state, _action, _events) in enumerate(_steps(4, 12)):
        if GAME.is_over(state) or index % 4:
            continue
        for seat in (None, 0, 1, 2, 3):
            if seat is None:
                html = CLIENT.render_table(_scene(state, None, "en"))
            else:
                html, _ = _table(state, seat)
            tags = _Tags(html)
            for other in range(4):
                if other == seat:
                    continue
                hand = [
                    attrs
                    for name, attrs, up in tags.found
                    if any(a.get("data-seat") == str(other) and "tb-seat" in a.get("class", "")
                           for a in up)
                    and any("tb-hand" in a.get("class", "").split() for a in up)
                ]  # fmt: skip
                assert hand and all("data-card" not in a and "data-act" not in a for a in hand)


def _latest(html: str) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    tags = _Tags(html)
    cards = [a for name, a, _ in tags.found if a.get("data-latest") == "true" and name == "span"]
    gangs = [a for name, a, _ in tags.found if a.get("data-latest") == "true" and name == "li"]
    return cards, gangs


def test_the_latest_turn_and_each_last_card_are_marked_and_stay() -> None:
    """From one render to the next, the card just played and the gangsters
    just placed are outlined, each seat's last card is named; the marks stay
    while nothing moves, and the next move takes them over."""
    state = _first(3)
    html, scene = _table(state, 2)
    assert _latest(html) == ([], [])
    seen = frozenset(scene.shown)
    state, _ = GAME.apply(state, 0, Place(2, 2, 1))
    html, scene = _table(state, 2, previous=seen)
    cards, gangs = _latest(html)
    assert cards == [] and [(g["data-seat"]) for g in gangs] == ["0"]
    seen = frozenset(scene.shown)
    played = state.hands[0][0]
    state, _ = GAME.apply(state, 0, Play(played))
    html, scene = _table(state, 2, previous=seen)
    cards, gangs = _latest(html)
    # the whole turn: the placement then the card
    assert [c["data-card"] for c in cards] == [str(played)] and len(gangs) == 1
    assert cards[0]["data-last-of"] == "0" and cards[0]["data-from"] == "them"
    assert "arrive" in cards[0]["class"].split()
    # nothing moves: the marks stay (the card no longer arrives)
    again, scene = _table(state, 2, previous=frozenset(scene.shown))
    cards, gangs = _latest(again)
    assert [c["data-card"] for c in cards] == [str(played)] and len(gangs) == 1
    assert "arrive" not in cards[0]["class"].split()
    seen = frozenset(scene.shown)
    second = state.hands[1][0]
    state, _ = GAME.apply(state, 1, Play(second))
    html, scene = _table(state, 2, previous=seen)
    cards, gangs = _latest(html)
    assert [c["data-card"] for c in cards] == [str(second)] and gangs == []
    lasts = {
        a["data-last-of"]: a["data-card"] for _, a, _ in _Tags(html).found if "data-last-of" in a
    }
    assert lasts == {"0": str(played), "1": str(second)}
    assert f"last: {card_text(played, 'en')}" in unescape(html)  # seat 0's one line
    # a page drawn afresh (no previous render) marks nothing it cannot know
    fresh, _ = _table(state, 2)
    assert _latest(fresh) == ([], [])


def _move(state: State, seat: int, action: Any, log: list[dict[str, Any]]) -> State:
    """`action` played, its events added to `log` (every seat's, unfiltered)."""
    state, events = GAME.apply(state, seat, action)
    log += events
    return state


def _marks(html: str) -> tuple[list[str], list[tuple[str, str]], dict[str, str], dict[str, str]]:
    """(the latest cards, the latest gangs as (city, seat), each card under a
    city marked as a seat's last, each seat panel's last card)."""
    tags = _Tags(html)

    def up_to(up: list[dict[str, str]], word: str, name: str) -> str:
        return next(u[name] for u in reversed(up) if word in u.get("class", "").split())

    latest = [(tag, a, up) for tag, a, up in tags.found if a.get("data-latest") == "true"]
    return (
        [a["data-card"] for tag, a, _ in latest if tag == "span"],
        [
            (up_to(up, "tb-city", "data-city"), a["data-seat"])
            for tag, a, up in latest
            if tag == "li"
        ],
        {a["data-last-of"]: a["data-card"] for _, a, _ in tags.found if "data-last-of" in a},
        {
            up_to(up, "tb-seat", "data-seat"): a["data-card"]
            for _, a, up in tags.found
            if "tb-seat-last" in a.get("class", "").split()
        },
    )


def _a_turn_and_a_half() -> tuple[State, list[dict[str, Any]], dict[int, int], Place]:
    """Three players: seat 0 plays, seat 1 places then plays, seat 2 plays,
    then seat 0 places and plays: (state, every event, each seat's last card,
    seat 0's last placement)."""
    log: list[dict[str, Any]] = []
    state = _first(3)
    last: dict[int, int] = {}
    placed = Place(2, 2, 1)
    for seat, place in ((0, None), (1, Place(3, 1, 1)), (2, None), (0, placed)):
        if place is not None:
            state = _move(state, seat, place, log)
        last[seat] = state.hands[seat][0]
        state = _move(state, seat, Play(last[seat]), log)
    return state, log, last, placed


def test_a_page_drawn_afresh_marks_the_latest_turn_from_the_events() -> None:
    """After a reload (no previous render), the events the viewer saw tell
    the latest turn (its card and its gangsters) and each seat's last card;
    nothing the viewer may not see enters the page."""
    state, log, last, placed = _a_turn_and_a_half()
    for viewer in (0, 1, 2, None):
        seen = [event_for_seat(event, viewer) for event in log]
        if viewer is None:
            scene = _scene(state, None, "en", events=seen)
            html = CLIENT.render_table(scene)
        else:
            html, scene = _table(state, viewer, events=seen)
        cards, gangs, under, panels = _marks(html)
        assert cards == [str(last[0])]
        assert gangs == [(str(placed.city), "0")]
        assert under == panels == {str(seat): str(card) for seat, card in last.items()}
        for seat in set(last) - {viewer}:  # an opponent's one line says it too
            assert f"last: {card_text(last[seat], 'en')}" in unescape(html)
        # only public faces: no card in another hand, nor a face-down one, is named
        named = {int(a["data-card"]) for _, a, _ in _Tags(html).found if "data-card" in a}
        assert not named & _secrets(state, viewer)
        # the marks stay while nothing moves, from the events again
        scene.view, scene.shown = GAME.view(state, viewer), set()
        scene.previous = frozenset(scene.shown)
        assert _marks(CLIENT.render_table(scene)) == (cards, gangs, under, panels)
    # a placement not yet followed by its card is the latest turn on its own
    place = next(a for a in GAME.legal_actions(state, 1) if isinstance(a, Place))
    state = _move(state, 1, place, log)
    html, _ = _table(state, 2, events=[event_for_seat(event, 2) for event in log])
    cards, gangs, under, _ = _marks(html)
    assert cards == [] and gangs == [(str(place.city), "1")]
    assert under == {str(seat): str(card) for seat, card in last.items()}


def _round_one(keep: int | None, log: list[dict[str, Any]]) -> State:
    """Two players through round 1, each playing its first card, except that
    seat 0 keeps `keep` for its last."""
    state = _first(2)
    while state.round == 1:
        seat = GAME.to_act(state)[0]
        hand = state.hands[seat]
        card = next((c for c in hand if c != keep), hand[0]) if seat == 0 else hand[0]
        state = _move(state, seat, Play(card), log)
    return state


def test_the_marks_from_the_events_are_this_rounds_only() -> None:
    """A new round starts without marks, though last round's events are still
    in the log; its first move is the only one marked, even when its card was
    another seat's last card of the round before (it is dealt again)."""
    dealt = set(_first(2).hands[0])
    ahead = _round_one(None, [])
    mover = GAME.to_act(ahead)[0]
    again = sorted(dealt & set(ahead.hands[mover]))
    assert mover == 1 and again  # the deal does not hang on the moves
    log: list[dict[str, Any]] = []
    state = _round_one(again[0], log)
    plays = [event for event in log if event["type"] == "play"]
    assert [event["card"] for event in plays if event["seat"] == 0][-1] == again[0]
    html, _ = _table(state, 1, events=[event_for_seat(event, 1) for event in log])
    assert _marks(html) == ([], [], {}, {})
    assert again[0] in state.hands[1]
    state = _move(state, 1, Play(again[0]), log)
    html, _ = _table(state, 0, events=[event_for_seat(event, 0) for event in log])
    assert _marks(html) == ([str(again[0])], [], {"1": str(again[0])}, {"1": str(again[0])})


def test_events_the_view_does_not_bear_out_mark_nothing() -> None:
    """A card not under its city, a seat that is none, a field of the wrong
    type: such an event is passed over, never a traceback."""
    state, log, last, _ = _a_turn_and_a_half()
    seen = [event_for_seat(event, 1) for event in log]
    good = _marks(_table(state, 1, events=seen)[0])
    unplayed = state.hands[2][0]
    bad: list[dict[str, Any]] = [
        {"type": "play", "seat": 2, "card": unplayed, "city": CARD_CITY[unplayed]},
        {"type": "play", "seat": 7, "card": last[1], "city": CARD_CITY[last[1]]},
        {"type": "play", "seat": True, "card": last[1], "city": CARD_CITY[last[1]]},
        {"type": "play", "seat": 1, "card": "x", "city": None},
        {"type": "place", "seat": 1, "city": 9, "experts": 1, "occasionals": 0},
        {"type": "place", "seat": 1, "city": "2", "experts": 1, "occasionals": 0},
    ]
    for event in bad:
        html, _ = _table(state, 1, events=[event])
        assert _marks(html) == ([], [], {}, {}), event
        html, _ = _table(state, 1, events=[*seen, event])
        assert _marks(html) == good, event


def test_a_police_card_turning_shows_a_banner_on_the_board() -> None:
    state = _first(2)
    while state.turn <= POLICE_AFTER_TURN:
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, Play(state.hands[seat][0]))
    assert len(state.police_shown) == 1
    html, scene = _table(state, 0)
    banner = [a for _, a, _ in _Tags(html).found if "tb-police-banner" in a.get("class", "")]
    assert len(banner) == 1 and "arrive" in banner[0]["class"].split()
    assert banner[0]["data-badge"] == GAME.view(state, 0)["police"][-1]
    assert "Police: a gold badge has turned." in unescape(html)
    again, _ = _table(state, 0, "fr", previous=frozenset(scene.shown))
    assert "vient de sortir" in unescape(again) and 'tb-police-banner"' in again
    # before the card turns: no banner
    before, _ = _table(_first(2), 0)
    assert "tb-police-banner" not in before


def test_french_badges_cannot_be_read_as_money() -> None:
    """ "Argent" is money in French: the badges are "doré" and "argenté"."""
    for key in ("badge_gold", "badge_silver", "badge_both", "tally_gold", "tally_silver",
                "police_aria", "status_goes_on", "police_banner"):  # fmt: skip
        text = BOARD[key]["fr"]
        assert not re.search(r"\b[Aa]rgent\b", text), (key, text)
    html, _ = _table(_first(2), 0, "fr")
    assert "Dorés 0/3" in unescape(html) and "Argentés 0/3" in unescape(html)
    assert not re.search(r">\s*Argent\b", html)
