"""The Boss's rules: the deal, placements and their refusals, the police, the
last turn's order, the round's gains and sanctions, the end and its ties, undo
and the bots; and random play at every table size with every invariant, the
legal list and the checker agreeing on the whole action universe after every
action."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import rng
from game.engine.bots import bot_levels, make_bot
from game.engine.errors import GameError, IllegalAction
from game.engine.evolve import evolve
from game.engine.search import SearchSettings
from game.engine.simulate import random_game, simulate
from game.engine.undo import Step, undo_refusal
from game.theboss import GAME, rules
from game.theboss.bots import BOTS, HEURISTIC_LEVELS, PLAYOUT_LEVEL, search_horizon, search_score
from game.theboss.cards import (
    BANNED,
    CARD_CITY,
    CARD_COUNT,
    CARD_KIND,
    CARD_VALUE,
    CHICAGO,
    CITIES_BY_PLAYERS,
    CITY_CARDS,
    CITY_KEYS,
    HAND_SIZE,
    MONEY,
    REVOLVER,
    card_name,
)
from game.theboss.invariants import state_problems
from game.theboss.rules import UNIVERSE
from game.theboss.scenario import SCENARIOS
from game.theboss.scoring import end_round, final_ranking
from game.theboss.state import (
    Place,
    Play,
    Stage,
    State,
    badges,
    experts_available,
    majority_holder,
)
from tests.helpers import UNIVERSE_ONE_IN, advance_steps

NAMES = ["Ana", "Ben"]
CARD = {card_name(card): card for card in range(CARD_COUNT)}
CITY = {key: city for city, key in enumerate(CITY_KEYS)}
DEAL: dict[str, Any] = {
    "players": NAMES,
    "hidden": ["new_york_4", "boston_hospital", "detroit_revolver"],
    "hands": {
        "Ana": ["new_york_2", "new_york_3", "boston_1", "boston_2", "detroit_1"],
        "Ben": ["new_york_jail", "boston_3", "detroit_2", "detroit_3", "detroit_4"],
    },
}


def stacked(**changes: Any) -> State:
    state, _names = SCENARIOS.build({**DEAL, **changes})
    return state


def play(state: State, *specs: str) -> State:
    """Each spec is one turn's actions, by the seat to act ("place boston 2 play boston_1")."""
    for spec in specs:
        seat = state.seat
        for action in SCENARIOS.actions(state, seat, spec, NAMES):
            state, _ = GAME.apply(state, seat, action)
    return state


def refusal(state: State, spec: str) -> str | None:
    action = SCENARIOS.actions(state, state.seat, spec, NAMES)[0]
    reason = GAME.check(state, state.seat, action)
    return None if reason is None else reason.code


# ------------------------------------------------------------------ the cards


def test_the_cards_hold_every_known_fact_and_deal_five_each() -> None:
    def faces(city: str) -> list[object]:
        return [
            CARD_VALUE[c] if CARD_KIND[c] == MONEY else CARD_KIND[c] for c in CITY_CARDS[CITY[city]]
        ]

    assert {1, 2, 3, 4, REVOLVER} <= set(faces("detroit"))
    assert {1, 2, 3, "hospital"} <= set(faces("memphis"))
    assert {2, 3, REVOLVER} <= set(faces("kansas_city"))
    assert {REVOLVER, "jail"} <= set(faces("philadelphia"))
    assert [CARD_CITY[c] for c in range(CARD_COUNT) if CARD_KIND[c] == BANNED] == [
        CITY["cincinnati"]
    ]
    sizes = [len(CITY_CARDS[city]) for city in range(1, 8)]
    assert (sum(sizes[:3]), sum(sizes[3:5]), sum(sizes[5:])) == (13, 7, 7)
    assert CARD_COUNT == 27 and CITY_CARDS[CHICAGO] == ()
    for players, cities in CITIES_BY_PLAYERS.items():
        in_play = sum(sizes[:cities])
        assert in_play - cities == HAND_SIZE * players  # one face down per city, 5 each
    assert len(set(map(card_name, range(CARD_COUNT)))) == CARD_COUNT


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal(players: int) -> None:
    state = GAME.new_game({"players": players}, 7)
    cities = CITIES_BY_PLAYERS[players]
    assert state.row == (1, CHICAGO, *range(2, cities + 1))
    assert [len(hand) for hand in state.hands] == [HAND_SIZE] * players
    assert all(CARD_CITY[state.hidden[city]] == city for city in range(1, cities + 1))
    assert (state.marker, state.seat, state.turn, state.round) == (0, 0, 1, 1)
    assert sorted(state.police) == [0, 1, 2, 3, 4] and state.police_shown == ()
    assert state_problems(state) == []
    assert GAME.new_game({"players": players}, 7) == state  # the seed decides everything
    assert GAME.new_game({"players": players}, 8) != state


def test_options_are_the_player_count_alone() -> None:
    assert GAME.normalize_options({"players": 3}) == {"players": 3}
    assert GAME.declared_options.default_players == 3
    for bad in ({"players": 1}, {"players": 5}, {"players": 3, "cities": 5}, {}):
        with pytest.raises(GameError):
            GAME.normalize_options(bad)
    with pytest.raises(GameError):
        GAME.new_game({"players": 2}, "7")  # type: ignore[arg-type]


# ----------------------------------------------------------------- placements


def test_a_turn_is_a_placement_then_a_card_or_a_card_alone() -> None:
    state = stacked()
    legal = GAME.legal_actions(state, 0)
    assert legal[:HAND_SIZE] == [Play(card) for card in state.hands[0]]  # cards first, by id
    assert all(isinstance(action, Place) for action in legal[HAND_SIZE:])
    assert GAME.legal_actions(state, 1) == []
    state = play(state, "place boston 1 1")
    assert state.stage is Stage.PLAY and GAME.to_act(state) == (0,)
    assert GAME.legal_actions(state, 0) == [Play(card) for card in state.hands[0]]
    assert refusal(state, "place new_york 1") == "already_placed"
    state = play(state, "play boston_1")
    assert state.stage is Stage.PLACE_OR_PLAY and state.seat == 1


_ANA_2 = "place boston 2 play boston_1"
_BEN_3 = "place boston 3 play boston_3"
_ANA_1 = "place boston 1 play boston_1"


@pytest.mark.parametrize(
    ("turns", "spec", "code"),
    [
        ([], "place chicago 1", "chicago_first"),
        ([], "place boston 0 1", "occasional_alone"),
        ([], "place boston 7", "not_enough_experts"),
        ([], "place boston 1 4", "not_enough_occasionals"),
        ([], "place boston 0 0", "place_nobody"),
        ([], "play boston_3", "not_in_hand"),
        ([_ANA_2], "place boston 2", "no_majority"),
        ([_ANA_2], "place boston 3", None),
        ([_ANA_2, _BEN_3], "place boston 0 1", "no_majority"),
        ([_ANA_2, _BEN_3], "place boston 0 2", None),
        ([_ANA_1, "play boston_3"], "place chicago 0 1", "occasional_alone"),
        ([_ANA_1, "play boston_3"], "place chicago 1 2", None),
    ],
)
def test_each_placement_refusal(turns: list[str], spec: str, code: str | None) -> None:
    state = play(stacked(), *turns)
    assert refusal(state, spec) == code


def test_no_city_outside_the_row_no_negative_count_and_none_banned() -> None:
    state = stacked()
    assert GAME.check(state, 0, Place(CITY["boston"], -1, 2)).code == "bad_count"  # type: ignore[union-attr]
    assert GAME.check(state, 0, Place(CITY["memphis"], 1, 0)).code == "no_such_city"  # type: ignore[union-attr]
    banned = stacked(banned={"Ana": ["detroit"]})
    assert refusal(banned, "place detroit 1") == "banned"
    assert not any(
        isinstance(a, Place) and a.city == CITY["detroit"] for a in GAME.legal_actions(banned, 0)
    )


def test_refusals_outside_ones_turn() -> None:
    state = stacked()
    assert GAME.check(state, 1, Play(CARD["boston_3"])).code == "not_your_turn"  # type: ignore[union-attr]
    assert GAME.check(state, 5, Play(CARD["boston_1"])).code == "no_such_seat"  # type: ignore[union-attr]
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 1, Play(CARD["boston_3"]))
    assert refused.value.code == "not_your_turn"


def test_away_dead_and_used_gangsters_cannot_be_placed() -> None:
    state = stacked(dead={"Ana": 2}, away={"Ana": [2, 1]}, occasionals_used={"Ana": 3})
    assert experts_available(state, 0) == 2
    assert refusal(state, "place boston 3") == "not_enough_experts"
    assert refusal(state, "place boston 2 1") == "not_enough_occasionals"
    assert refusal(state, "place boston 2") is None


# --------------------------------------------------------- police and last turn


def test_the_police_card_turns_when_two_cards_are_left() -> None:
    state = stacked(police=["both"])
    state = play(state, "play new_york_2", "play new_york_jail", "play new_york_3")
    state = play(state, "play boston_3", "play boston_1")
    assert state.police_shown == () and state.turn == 3
    seat = state.seat
    state, events = GAME.apply(state, seat, Play(CARD["detroit_2"]))
    assert [len(hand) for hand in state.hands] == [2, 2] and state.turn == 4
    assert events[-1] == {"type": "police", "card": state.police_shown[0], "badge": "both",
                          "last_round": False}  # fmt: skip
    assert badges(state.police_shown) == (1, 1)


def test_the_last_turn_goes_most_gangsters_left_first() -> None:
    state = play(
        stacked(),
        "place new_york 3 play new_york_2",
        "place boston 1 play boston_3",
        "play new_york_3",
        "play new_york_jail",
        "play boston_1",
        "play detroit_2",
        "play boston_2",
    )
    state, events = GAME.apply(state, 1, Play(CARD["detroit_3"]))
    # Ana has 3 experts and 3 occasionals left, Ben 5 and 3: Ben lays his last card first.
    assert events[-1] == {"type": "last_turn", "order": [1, 0], "gangsters": [6, 8]}
    assert state.last_order == (1, 0) and state.seat == 1 and state.turn == 5
    assert GAME.view(state, None)["last_order"] == [1, 0]
    # placing in the last turn is still allowed, before the card
    state = play(state, "place chicago 1 play detroit_4")
    assert state.seat == 0 and state.last_order == (1, 0)  # the order stays fixed


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**64 - 1))
def test_a_game_lasts_three_to_five_rounds_and_ends_with_a_third_badge(
    players: int, seed: int
) -> None:
    final, _played, _ = random_game(GAME, {"players": players}, seed)
    assert GAME.is_over(final) and 3 <= final.round <= 5
    assert len(final.police_shown) == final.round
    assert max(badges(final.police_shown)) >= 3
    assert max(badges(final.police_shown[:-1])) < 3


# ----------------------------------------------------------- end of the round


def test_gains_and_sanctions_at_the_end_of_a_round() -> None:
    state = play(
        stacked(),
        "place new_york 2 1 play new_york_2",
        "play new_york_jail",
        "play boston_1",
        "place detroit 1 play detroit_2",
        "play boston_2",
        "place boston 2 play detroit_3",
        "play new_york_3",
        "play detroit_4",
    )
    assert state.last_order == (0, 1)  # 6 gangsters left each: clockwise from the marker
    state, _ = GAME.apply(state, 0, Play(CARD["detroit_1"]))
    state, events = GAME.apply(state, 1, Play(CARD["boston_3"]))
    kinds = [event["type"] for event in events]
    assert kinds == ["play", "reveal", "take", "take", "take", "chicago", "round_over", "deal"]
    takes = [(e["city"], e["seat"], e["effect"]) for e in events if e["type"] == "take"]
    assert takes == [(1, 0, "money"), (2, 1, "hurt"), (3, 1, "killed")]
    assert events[1]["cards"] == [
        CARD["new_york_4"],
        CARD["boston_hospital"],
        CARD["detroit_revolver"],
    ]
    assert state.money == (4, 0) and state.dead == (0, 1) and state.away == ((), (1,))
    assert state.occasionals_used == (1, 0)
    assert experts_available(state, 0) == 6 and experts_available(state, 1) == 4
    # the next round: the marker passes, Chicago moves right, a new deal
    assert (state.round, state.marker, state.seat, state.turn) == (2, 1, 1, 1)
    assert state.row == (1, 2, CHICAGO, 3)
    assert all(len(hand) == HAND_SIZE for hand in state.hands)
    assert state.result is not None and state.result.money_won == (4, 0)
    assert state_problems(state) == []


def test_chicago_takes_half_the_last_cards_rounded_down() -> None:
    # Round 2: New York and Boston are left of Chicago.
    state = stacked(round=2, police=["gold"])
    assert state.row == (1, 2, CHICAGO, 3) and state.seat == 1
    state = play(
        state,
        "play new_york_jail",
        "place detroit 1 play new_york_2",
        "play boston_3",
        "place chicago 1 play new_york_3",
        "play detroit_2",
        "play boston_1",
        "play detroit_3",
        "play boston_2",
    )
    state = play(state, "play detroit_4", "play detroit_1")
    assert state.result is not None
    chicago = state.result.chicago
    # New York's last card is its 3 and Boston's is Ana's 2: 5, halved down to 2.
    assert (chicago.seat, chicago.total, chicago.gain) == (0, 5, 2)
    assert chicago.cards == (CARD["new_york_3"], CARD["boston_2"])
    assert state.result.money_won == (2, 0)  # Detroit's revolver killed, it paid nothing
    assert state.dead == (1, 0)


def test_a_sanction_with_no_free_expert_does_nothing_and_says_so() -> None:
    """Unreachable by the rules (a city's holder has an expert on it), kept defensive."""
    state = play(
        stacked(),
        "place detroit 1 play new_york_2",
        "play new_york_jail",
        "play new_york_3",
        "play boston_3",
        "play boston_1",
        "play detroit_2",
        "play boston_2",
        "play detroit_3",
    )
    broken = evolve(state, hands=((), ()), dead=(6, 0), played=state.played)
    events: list[dict[str, Any]] = []
    end_round(broken, events)
    takes = {event["city"]: event["effect"] for event in events if event["type"] == "take"}
    assert takes[CITY["detroit"]] == "no_free_expert"


def test_the_ban_is_for_the_rest_of_the_game_and_the_ranking() -> None:
    state = stacked(banned={"Ana": ["boston"]}, money={"Ana": 3, "Ben": 3})
    assert state.banned == ((2,), ())
    assert final_ranking(state) == [(3, 0, 9), (3, 0, 9)]


# ------------------------------------------------------------------ majorities


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**64 - 1))
def test_every_occupied_city_has_one_majority_holder(players: int, seed: int) -> None:
    state = GAME.new_game({"players": players}, seed)
    dice = rng.seed_state(seed)
    while not GAME.is_over(state):
        for city in state.row:
            counts = [
                e[city] + o[city] for e, o in zip(state.experts, state.occasionals, strict=True)
            ]
            assert (majority_holder(state, city) is None) == (max(counts) == 0)
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        index, dice = rng.below(dice, len(legal))
        state, _ = GAME.apply(state, seat, legal[index])


# ------------------------------------------------------------------ random play


@settings(max_examples=9, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**64 - 1))
def test_random_games_keep_every_invariant(players: int, seed: int) -> None:
    """After every action: the game's invariants, the legal list and the checker
    agreeing on the whole action universe, exact JSON round-trips, and every view
    unchanged when what its seat cannot see is re-dealt. Then, on every state
    of the same game: the legal list (built directly, for speed) is exactly
    the checker's candidates that it allows, in their order, for every seat,
    and `can_place` says whether it holds a placement."""
    final, played, problems = random_game(
        GAME, {"players": players}, seed, True, universe_one_in=UNIVERSE_ONE_IN
    )
    assert problems == []
    assert GAME.is_over(final) and played
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome["winners"]
    state = GAME.new_game({"players": players}, seed)
    for step in [*played, None]:
        for seat in range(-1, players + 1):
            legal = rules.legal_by_checker(state, seat)
            assert rules.legal_actions(state, seat) == legal
            assert rules.can_place(state, seat) == any(type(a) is Place for a in legal)
        if step is not None:
            state, _events = GAME.apply(state, *step)
    assert state == final


@pytest.mark.parametrize("players", [2, 3, 4])
def test_advance_gives_the_states_of_apply(players: int) -> None:
    """The search's playouts step with `rules.advance` (no events): the state
    `apply` gives, on every state of random games, for an action taken from
    the legal list (trusted) and for an equal one (checked); but at the end of
    a round, where playouts stop, the next round is not dealt: the horizon and
    every seat's score judge both states alike."""
    assert GAME.capabilities.search is not None
    assert GAME.capabilities.search.advance is rules.advance
    rounds_ended = 0
    for seed in range(3):
        steps = advance_steps(GAME, {"players": players}, players * 17 + seed)
        for before, state, advanced in steps:
            if GAME.is_over(state) or not search_horizon(before, state):
                assert advanced == state
                continue
            rounds_ended += 1
            assert search_horizon(before, advanced) and not GAME.is_over(advanced)
            assert advanced.round == state.round and advanced.result == state.result
            for judged in range(players):
                assert search_score(before, advanced, judged) == search_score(before, state, judged)
    assert rounds_ended >= 3


def test_advance_refuses_what_apply_refuses() -> None:
    state = GAME.new_game({"players": 3}, 5)
    seat = GAME.to_act(state)[0]
    GAME.legal_actions(state, seat)
    card = next(card for card in range(CARD_COUNT) if card not in state.hands[seat])
    for who, action in (
        ((seat + 1) % 3, Play(state.hands[(seat + 1) % 3][0])),
        (seat, Play(card)),
        (seat, Place(CHICAGO, 1, 0)),
    ):
        with pytest.raises(IllegalAction) as refused:
            rules.advance(state, who, action)
        reason = GAME.check(state, who, action)
        assert reason is not None and refused.value.code == reason.code


def test_apply_trusts_only_the_very_actions_of_its_last_legal_list() -> None:
    """`apply` skips the checker for an action that is the very object of the
    last legal list of the same state and seat, and checks any other."""
    state = GAME.new_game({"players": 3}, 5)
    seat = GAME.to_act(state)[0]
    legal = GAME.legal_actions(state, seat)
    place = next(action for action in legal if isinstance(action, Place))
    other = (seat + 1) % 3
    with pytest.raises(IllegalAction):  # a listed action, but not this seat's
        GAME.apply(state, other, place)
    placed, _ = GAME.apply(state, seat, place)
    with pytest.raises(IllegalAction) as refused:  # listed for an earlier state
        GAME.apply(placed, seat, place)
    assert refused.value.code == "already_placed"
    GAME.legal_actions(placed, seat)
    with pytest.raises(IllegalAction):  # a copy of the listed state is checked
        GAME.apply(evolve(placed), seat, place)
    mutable = GAME.legal_actions(placed, seat)
    mutable.append(place)  # the list handed out may change; what apply trusts may not
    with pytest.raises(IllegalAction):
        GAME.apply(placed, seat, place)
    equal = Place(place.city, place.experts, place.occasionals)
    assert equal == place and equal is not place
    assert GAME.apply(state, seat, equal)[0] == placed  # checked, and legal


def test_apply_trusts_a_placement_only_among_its_citys_listed_ones() -> None:
    """The trust is by the placement objects listed for each city: one of the
    same objects (rules.PLACES) that the list left out is checked, and refused."""
    state = GAME.new_game({"players": 3}, 5)
    seat = GAME.to_act(state)[0]
    legal = GAME.legal_actions(state, seat)
    unlisted = [
        place
        for city in state.row
        for row in rules.PLACES[city]
        for place in row
        if place not in legal and GAME.check(state, seat, place) is not None
    ]
    assert {place.city for place in unlisted} >= {CHICAGO, 1}  # Chicago, and alone occasionals
    for place in unlisted:
        GAME.legal_actions(state, seat)
        with pytest.raises(IllegalAction):
            GAME.apply(state, seat, place)


def test_the_strongest_count_follows_the_placements_and_the_invariants_hold_it() -> None:
    """State.strongest, kept by each placement for the legal list, is the most
    gangsters of any one seat on each city; a state where it is not is named."""
    state = GAME.new_game({"players": 3}, 5)
    for _ in range(6):
        seat = GAME.to_act(state)[0]
        place = next(a for a in GAME.legal_actions(state, seat) if isinstance(a, Place))
        state, _ = GAME.apply(state, seat, place)
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
        counts = [
            max(e[city] + o[city] for e, o in zip(state.experts, state.occasionals, strict=True))
            for city in range(len(state.hidden))
        ]
        assert state.strongest == tuple(counts)
    assert any(state.strongest)
    stale = evolve(state, strongest=(0,) * len(state.hidden))
    assert any("strongest" in problem for problem in state_problems(stale))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_advance_vouched_places_what_the_legal_list_holds(players: int) -> None:
    """`advance_vouched` makes every placement of the action universe the
    legal list holds, for every seat of random games, giving `apply`'s
    state, and refuses (None) every other; a play of a card in hand by
    `advance_play` gives `advance`'s state."""
    state = GAME.new_game({"players": players}, 20 + players)
    dice = rng.seed_state(players)
    placements = [action for action in UNIVERSE if type(action) is Place]
    vouched = 0
    while not GAME.is_over(state):
        for seat in range(players):
            legal = set(GAME.legal_actions(state, seat))
            for place in placements:
                placed = rules.advance_vouched(state, seat, place)
                if place in legal:
                    assert placed == GAME.apply(state, seat, place)[0]
                    vouched += 1
                else:
                    assert placed is None
        seat = GAME.to_act(state)[0]
        legal_list = GAME.legal_actions(state, seat)
        index, dice = rng.below(dice, len(legal_list))
        action = legal_list[index]
        after, _ = GAME.apply(state, seat, action)
        if type(action) is Play:  # advance's state: the next round not dealt
            assert rules.advance_play(state, seat, action.card) == rules.advance(
                state, seat, action
            )
        state = after
    assert vouched > 30


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_legal_list_is_what_the_checker_allows_and_apply_refuses_the_rest(
    players: int,
) -> None:
    state = GAME.new_game({"players": players}, players)
    dice = rng.seed_state(1)
    while not GAME.is_over(state):
        for seat in range(players):
            legal = GAME.legal_actions(state, seat)
            assert len(set(legal)) == len(legal)
            allowed = [a for a in UNIVERSE if GAME.check(state, seat, a) is None]
            assert sorted(map(repr, allowed)) == sorted(map(repr, legal))
        seat = GAME.to_act(state)[0]
        for action in UNIVERSE[::17]:
            reason = GAME.check(state, seat, action)
            if reason is not None:
                with pytest.raises(IllegalAction) as refused:
                    GAME.apply(state, seat, action)
                assert refused.value.code == reason.code and reason.message
        # apply accepts a play on questions of its own: every card, every seat.
        for other in range(players):
            for card in range(CARD_COUNT):
                reason = GAME.check(state, other, Play(card))
                if reason is not None:
                    with pytest.raises(IllegalAction) as refused:
                        GAME.apply(state, other, Play(card))
                    assert refused.value.code == reason.code
        legal = GAME.legal_actions(state, seat)
        index, dice = rng.below(dice, len(legal))
        state, _ = GAME.apply(state, seat, legal[index])
    assert GAME.legal_actions(state, 0) == [] and GAME.to_act(state) == ()
    assert GAME.check(state, 0, Play(0)).code == "game_over"  # type: ignore[union-attr]


def test_many_random_games_have_no_violation() -> None:
    for players in (2, 3, 4):
        report = simulate(
            GAME, {"players": players}, games=4, seed=players * 10, universe_one_in=UNIVERSE_ONE_IN
        )
        assert report.violations == []
        figures = report.to_json()
        assert 3 <= figures["mean_rounds"] <= 5


def test_every_card_is_somewhere_once() -> None:
    state = play(stacked(), "place boston 1 play boston_1", "play boston_3")
    places = Counter([*state.hidden[1:], *sum(state.played, ()), *sum(state.hands, ())])
    assert sorted(places) == list(range(13)) and set(places.values()) == {1}


# ------------------------------------------------------------------------ undo


def _steps(state: State, specs: list[str]) -> tuple[State, list[Step]]:
    steps: list[Step] = []
    for spec in specs:
        seat = state.seat
        for action in SCENARIOS.actions(state, seat, spec, NAMES):
            after, _ = GAME.apply(state, seat, action)
            steps.append(Step(seat, action, state, after))
            state = after
    return state, steps


def test_a_placement_may_be_taken_back_before_the_card() -> None:
    state, steps = _steps(stacked(), ["play boston_1", "place boston 2 1"])
    assert state.seat == 1 and state.stage is Stage.PLAY
    assert undo_refusal(GAME, state, steps, 1) is None
    # once the card is played, the turn is over and its face is public
    state, steps = _steps(stacked(), ["place boston 2 1 play boston_1"])
    assert undo_refusal(GAME, state, steps, 0).code == "undo_not_your_turn"  # type: ignore[union-attr]
    assert undo_refusal(GAME, state, steps, 1).code == "undo_nothing"  # type: ignore[union-attr]


def test_a_played_card_is_never_taken_back() -> None:
    """Ben plays last in turn 4 and first in the last turn: his turn's card bars the undo."""
    state, steps = _steps(
        stacked(),
        [
            "place new_york 3 play new_york_2", "play new_york_jail", "play new_york_3",
            "play boston_3", "play boston_1", "play detroit_2", "play boston_2", "play detroit_3",
        ],
    )  # fmt: skip
    assert state.seat == 1 and state.turn == 5
    assert undo_refusal(GAME, state, steps, 1).code == "undo_card_shown"  # type: ignore[union-attr]


# ------------------------------------------------------------------------ bots


def test_the_bot_levels() -> None:
    assert set(BOTS) == {"easy", "normal", "hard"}
    assert set(GAME.capabilities.bots) == set(HEURISTIC_LEVELS) == {"easy", "normal"}
    assert bot_levels(GAME) == ["random", "easy", "normal", "hard"]
    search = GAME.capabilities.search
    assert search is not None and search.policy == PLAYOUT_LEVEL == "normal"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("players", [2, 4])
def test_each_bot_plays_legal_moves_from_its_view_alone(level: str, players: int) -> None:
    bot = make_bot(GAME, level, 3, SearchSettings(playouts=8, time_budget=60.0))
    state = GAME.new_game({"players": players}, 4)
    steps = 0
    redeal = GAME.capabilities.redeal
    assert redeal is not None
    while not GAME.is_over(state) and steps < (200 if level != "hard" else 25):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        action = bot(GAME.view(state, seat), legal)
        assert action in legal
        other = redeal(state, seat, steps)
        assert bot(GAME.view(other, seat), GAME.legal_actions(other, seat)) == action
        state, _ = GAME.apply(state, seat, action)
        steps += 1


def test_the_hard_bot_of_bots_module_is_the_search_bot() -> None:
    state = GAME.new_game({"players": 3}, 2)
    legal = GAME.legal_actions(state, 0)
    assert BOTS["hard"](GAME.view(state, 0), legal) in legal


def test_the_heuristic_bots_finish_games() -> None:
    for level in ("easy", "normal"):
        bot = BOTS[level]
        for players in (2, 3, 4):
            state = GAME.new_game({"players": players}, 9)
            placed = 0
            while not GAME.is_over(state):
                seat = GAME.to_act(state)[0]
                action = bot(GAME.view(state, seat), GAME.legal_actions(state, seat))
                placed += isinstance(action, Place)
                state, _ = GAME.apply(state, seat, action)
            assert placed > 0, (level, players)
