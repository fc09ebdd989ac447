"""The Boss's bots: every level plays legal moves at 2, 3 and 4 players and
decides from its view alone; the normal bot's odds, checked against values
worked out by hand; the hard bot's search within its budget (a fake clock);
and a few behaviours pinned."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from game.engine import rng
from game.engine.bots import make_bot
from game.engine.search import SearchBot, SearchSettings, play_out
from game.theboss import GAME, bots_search
from game.theboss.bots import (
    BOTS,
    easy_bot,
    normal_bot,
    search_candidates,
    search_horizon,
    search_score,
)
from game.theboss.bots_normal import Reckoning, Tuning
from game.theboss.bots_search import CANDIDATES
from game.theboss.bots_search import determinize as search_determinize
from game.theboss.bots_search import playout as search_playout
from game.theboss.cards import CARD_COUNT, CHICAGO, CITY_KEYS, card_name
from game.theboss.invariants import state_problems
from game.theboss.odds import (
    chicago_lots,
    chicago_pot,
    city_odds,
    remembered_chicago_pot,
    rounds_after,
    rounds_after_view,
    sanction_costs,
    unseen_faces,
)
from game.theboss.scenario import SCENARIOS
from game.theboss.seen import Seen
from game.theboss.state import Action, Place, Play, Stage, State
from game.theboss.views import PLAYOUT_KEYS, playout_view, playout_view_after_placing

CARD = {card_name(card): card for card in range(CARD_COUNT)}
CITY = {key: city for city, key in enumerate(CITY_KEYS)}
FEW = SearchSettings(playouts=6, time_budget=60.0)  # bound by the count alone: repeatable


def build(setup: dict[str, Any]) -> State:
    state, _names = SCENARIOS.build(setup)
    return state


def run(state: State, names: list[str], *specs: str) -> State:
    """Each spec is one turn's actions by the seat to act ("place boston 2 play boston_1")."""
    for spec in specs:
        seat = state.seat
        for action in SCENARIOS.actions(state, seat, spec, names):
            state, _ = GAME.apply(state, seat, action)
    return state


def positions(players: int, seed: int, count: int) -> Iterator[State]:
    """`count` positions of one game played by a mix of the bots and random moves."""
    state = GAME.new_game({"players": players}, seed)
    dice = rng.seed_state(seed)
    steps = 0
    while not GAME.is_over(state) and steps < count:
        yield state
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        roll, dice = rng.below(dice, 4)
        if roll == 0:
            index, dice = rng.below(dice, len(legal))
            action = legal[index]
        else:
            action = (normal_bot if roll > 1 else easy_bot)(GAME.view(state, seat), legal)
        state, _ = GAME.apply(state, seat, action)
        steps += 1


def decisions(
    players: int, seed: int, every: int
) -> Iterator[tuple[State, int, list[Action], dict[str, Any]]]:
    """Every `every`-th position of `positions` where the seat to act has a
    choice: the state, that seat, its legal actions and its view."""
    for step, state in enumerate(positions(players, seed, 400)):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if step % every == 0 and len(legal) > 1:
            yield state, seat, legal, GAME.view(state, seat)


# --------------------------------------------------------- legal, view alone


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_heuristic_levels_play_legal_moves_from_their_view_alone(
    level: str, players: int
) -> None:
    bot = BOTS[level]
    for seed in range(3):
        for step, state in enumerate(positions(players, 40 + seed, 400)):
            seat = state.seat
            legal = GAME.legal_actions(state, seat)
            action = bot(GAME.view(state, seat), legal)
            assert action in legal, (level, action)
            # Re-dealing everything the seat cannot see changes neither its view nor its choice.
            other = GAME.redeal(state, seat, step)
            assert bot(GAME.view(other, seat), GAME.legal_actions(other, seat)) == action


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_hard_level_plays_legal_moves_from_its_view_alone(players: int) -> None:
    bot = make_bot(GAME, "hard", 3, FEW)
    twin = make_bot(GAME, "hard", 3, FEW)
    for step, state in enumerate(positions(players, 60 + players, 400)):
        if step % 7:
            continue
        seat = state.seat
        legal = GAME.legal_actions(state, seat)
        action = bot(GAME.view(state, seat), legal)
        assert action in legal
        other = GAME.redeal(state, seat, step)
        assert twin(GAME.view(other, seat), GAME.legal_actions(other, seat)) == action


def test_every_level_finishes_games_and_places_gangsters() -> None:
    for level in ("easy", "normal"):
        for players in (2, 3, 4):
            state = GAME.new_game({"players": players}, 9)
            placed = 0
            while not GAME.is_over(state):
                seat = state.seat
                action = BOTS[level](GAME.view(state, seat), GAME.legal_actions(state, seat))
                placed += type(action) is Place
                state, _ = GAME.apply(state, seat, action)
            assert placed > 0, (level, players)


# ------------------------------------------------------------------- odds

TWO: dict[str, Any] = {
    "players": ["Ana", "Ben"],
    "hidden": ["new_york_4", "boston_hospital", "detroit_revolver"],
    "hands": {
        "Ana": ["new_york_2", "new_york_3", "boston_1", "boston_2", "detroit_1"],
        "Ben": ["new_york_jail", "boston_3", "detroit_2", "detroit_3", "detroit_4"],
    },
}


def test_the_police_give_the_exact_rounds_to_come() -> None:
    # From the whole deck (2 gold, 2 silver, 1 both): the game lasts 3 rounds
    # when the first three cards are {gold, gold, both} or {silver, silver,
    # both} (2 of the 10 sets of three), 5 when the double card comes last
    # (1 in 5), else 4: 3/5 + 12/5 + 5/5 = 4 rounds, 3 after the first.
    assert rounds_after((), False) == 3
    # Both and a gold shown, this round's among them: gold has 2. The next card
    # is a gold (1 in 3: the game ends after 1 more round) or a silver (2 in 3:
    # 2 each, and the card after ends it): 1/3 + 2 * 2/3 = 5/3.
    assert rounds_after(("both", "gold"), True) == Fraction(5, 3)
    # Not yet this round's: this round's card is the next one, so one fewer to come.
    assert rounds_after(("both", "gold"), False) == Fraction(2, 3)
    assert rounds_after(("both", "gold", "gold"), True) == 0


def test_the_normal_bot_reckons_each_city_from_all_it_has_seen() -> None:
    state = build(TWO)
    ana, ben = GAME.view(state, 0), GAME.view(state, 1)
    # Ana holds New York 2 and 3: its card is the 4 or the jail, each 1 in 2.
    new_york, boston, detroit = city_odds(ana)[1:4]
    assert (new_york.unseen, new_york.money, new_york.jail) == (2, 2.0, 0.5)
    # Boston 1 and 2 in hand: the 3 or the hospital.
    assert (boston.money, boston.hospital, boston.loss) == (1.5, 0.5, 0.5)
    # Detroit 1 in hand: 2, 3, 4 or the revolver: (2 + 3 + 4) / 4 money.
    assert (detroit.unseen, detroit.money, detroit.revolver) == (4, 2.25, 0.25)
    # Ben sees the other side: New York's jail is his, so its card is money.
    assert city_odds(ben)[1].money == 3.0 and city_odds(ben)[1].loss == 0.0
    # 3 rounds to come: a revolver costs 3 rounds of an expert (0.8 each), the
    # jail 2, the hospital 1, a ban 0.4 a round.
    assert rounds_after_view(ana) == 3.0
    costs = sanction_costs(3.0)
    assert (costs.revolver, costs.jail, costs.hospital, costs.banned) == pytest.approx(
        (2.4, 1.6, 0.8, 1.2)
    )
    reckoning = Reckoning(ana)
    assert reckoning.worth(1, 0) == pytest.approx(2.0 - 0.5 * 1.6)
    assert reckoning.worth(2, 0) == pytest.approx(1.5 - 0.5 * 0.8)
    assert reckoning.worth(3, 0) == pytest.approx(2.25 - 0.25 * 2.4)
    # What the others may think of New York (they do not see Ana's hand): any
    # of its 4 faces, (2 + 3 + 4) / 4 money and the jail 1 in 4.
    assert reckoning.public_worth(1) == pytest.approx(9 / 4 - 1.6 / 4)
    # Chicago's pot: New York alone is left of it. Its last card will be one of
    # the New York cards still in hands: Ana's 2 and 3, and Ben's one, which is
    # the 4 or the jail (2 on average): (2 + 3 + 2) / 3.
    assert chicago_pot(ana, city_odds(ana), 0) == pytest.approx(7 / 3)
    assert reckoning.worth(CHICAGO, 0) == pytest.approx(7 / 6)


def test_chicago_s_last_card_once_a_city_is_played_out() -> None:
    state = run(
        build(TWO),
        ["Ana", "Ben"],
        "play new_york_2",
        "play new_york_jail",
        "play new_york_3",
    )
    ben = GAME.view(state, 1)
    # Ana's New York 3 was the last: none left in hands, so it stays last.
    assert chicago_pot(ben, city_odds(ben), 0) == 3.0


# ---------------------------------------------------------------- behaviours


def test_normal_never_places_where_only_sanctions_can_lie() -> None:
    # Ana holds every money card of Detroit: its face-down card is the revolver.
    setup = {
        "players": ["Ana", "Ben"],
        "hidden": ["detroit_revolver"],
        "hands": {"Ana": ["detroit_1", "detroit_2", "detroit_3", "detroit_4", "new_york_2"]},
    }
    for seed in range(6):
        state = build({**setup, "seed": seed})
        assert city_odds(GAME.view(state, 0))[CITY["detroit"]].loss == 1.0
        while not GAME.is_over(state) and state.round == 1:
            seat = state.seat
            action = normal_bot(GAME.view(state, seat), GAME.legal_actions(state, seat))
            if seat == 0:
                assert not (type(action) is Place and action.city == CITY["detroit"])
            state, _ = GAME.apply(state, seat, action)


def test_normal_takes_a_city_whose_card_must_be_five() -> None:
    # Ana holds Cincinnati's 4 and its ban: the 5 lies under it. Ben puts 2
    # gangsters there at once. Ana waits while the others have turns enough to
    # outbid her, but takes it, with a margin, by the fourth turn.
    names = ["Ana", "Ben", "Cid", "Dan"]
    state = build(
        {
            "players": names,
            "hidden": ["cincinnati_5"],
            "hands": {
                "Ana": ["cincinnati_4", "cincinnati_banned", "new_york_2", "boston_1", "memphis_1"],
            },
        }
    )
    ben_card = card_name(state.hands[1][0])
    state = run(state, names, "play new_york_2", f"place cincinnati 2 play {ben_card}")
    took = None
    for card in ("boston_1", "memphis_1", None):
        while state.seat != 0:  # the others play their first card
            state, _ = GAME.apply(state, state.seat, GAME.legal_actions(state, state.seat)[0])
        view = GAME.view(state, 0)
        assert Reckoning(view).worth(CITY["cincinnati"], 0) == 5.0
        action = normal_bot(view, GAME.legal_actions(state, 0))
        if type(action) is Place:
            took = (state.turn, action)
            break
        assert card is not None
        state = run(state, names, f"play {card}")
    assert took is not None and took[0] <= 4
    place = took[1]
    assert place.city == CITY["cincinnati"] and place.experts + place.occasionals >= 3


def test_normal_keeps_the_card_that_tells_its_city_is_rich() -> None:
    # Ana holds Detroit (2 gangsters) and its revolver: playing the revolver
    # would tell Ben that Detroit's card is money. She plays another card.
    names = ["Ana", "Ben"]
    state = build(
        {
            "players": names,
            "hidden": ["detroit_4", "new_york_4", "boston_3"],
            "hands": {
                "Ana": ["detroit_revolver", "detroit_1", "new_york_jail", "boston_1", "boston_2"],
            },
        }
    )
    state = run(state, names, "place detroit 2")
    assert state.stage is Stage.PLAY
    action = normal_bot(GAME.view(state, 0), GAME.legal_actions(state, 0))
    assert action != Play(CARD["detroit_revolver"])


# ---------------------------------------------------------------- the search


def test_the_search_plays_out_the_best_placements_and_judges_from_the_seat() -> None:
    names = ["Ana", "Ben"]
    state = build(TWO)
    # The search tries every card and the normal bot's best placements, its
    # own choice first; six experts on Detroit is no placement it would weigh.
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    tried = [legal[index] for index in search_candidates(view, legal)]
    assert tried[0] == normal_bot(view, legal)
    assert {action for action in legal if isinstance(action, Play)} <= set(tried)
    assert len([action for action in tried if isinstance(action, Place)]) <= CANDIDATES
    assert Place(CITY["new_york"], 1, 0) in tried
    assert Place(CITY["detroit"], 6, 0) in legal and Place(CITY["detroit"], 6, 0) not in tried
    placed = run(state, names, "place new_york 1")
    assert not search_horizon(state, placed)
    # The round played out: Ana keeps New York, nobody went to Chicago.
    end = run(
        placed,
        names,
        "play detroit_1",
        "play detroit_2",
        "play boston_1",
        "play detroit_3",
        "play boston_2",
        "play detroit_4",
        "play new_york_2",
        "play boston_3",
        "play new_york_jail",  # Ben has more gangsters left: he plays first
        "play new_york_3",
    )
    assert end.round == 2 and search_horizon(state, end)
    assert end.result is not None and end.result.cities[0].seat == 0
    # Judged by what each knew at the start, not by the 4 that lay there: to
    # Ana New York was the 4 or the jail (2 - 1.6 / 2); Ben held the jail, so
    # to him it was 2, 3 or 4 (3.0) that Ana took.
    assert search_score(state, end, 0) == pytest.approx(2.0 - 0.5 * 1.6)
    assert search_score(state, end, 1) == pytest.approx(-3.0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_fast_reckoning_gives_exactly_the_plain_one(players: int) -> None:
    """`keep` multiplies only the rivals that can threaten, and `rated_places`
    writes it out: the same floats as the product of (1 - threat) over every
    rival. `best_placement` leaves out the placements that cannot beat its
    threshold or the best so far: the same choice as the best of them all."""
    for step, state in enumerate(positions(players, 40 + players, 400)):
        if step % 3:
            continue
        for seat in range(players):
            view = GAME.view(state, seat)
            reckoning = Reckoning(view)
            for city in view["row"]:
                for holder in range(players):
                    for top in range(1, 12):
                        plain = 1.0
                        for rival in range(players):
                            if rival != holder:
                                plain *= 1.0 - reckoning.threat(rival, city, top)
                        assert reckoning.keep(city, holder, top) == plain
            rated = Reckoning(view).rated_places()
            for gain, place in rated:
                counts = reckoning.count[place.city]
                top = counts[seat] + place.experts + place.occasionals
                assert gain == (
                    reckoning.keep(place.city, seat, top) * reckoning.worth(place.city, seat)
                    - (
                        reckoning.keep(place.city, seat, counts[seat])
                        * reckoning.worth(place.city, seat)
                        if reckoning.holder(place.city) == seat
                        else 0.0
                    )
                    - place.experts * reckoning.expert_cost
                    - place.occasionals * reckoning.occasional_cost
                )
            tuning = reckoning.tuning
            threshold = tuning.WAIT[min(view["turn"], len(tuning.WAIT)) - 1]
            best = None
            for gain, place in rated:
                if gain > threshold and (best is None or gain > best[0]):
                    best = (gain, place)
            assert Reckoning(view).best_placement() == (best[1] if best else None)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_normal_bot_plays_the_best_scored_card_the_lowest_of_equals(players: int) -> None:
    """Its card, chosen by a loop over the legal list's head (the cards come
    first), is the one `max` gives with the key (card_score, -card), on the
    view and on the playout view, when it does not place."""
    chose_a_card = 0
    for state in positions(players, 60 + players, 400):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        for view in (GAME.view(state, seat), playout_view(state, seat)):
            reckoning = Reckoning(view)
            if type(legal[-1]) is Place and reckoning.best_placement() is not None:
                continue
            plays = [action for action in legal if type(action) is Play]
            best = max(plays, key=lambda action: (reckoning.card_score(action.card), -action.card))
            assert normal_bot(view, legal) == best
            chose_a_card += 1
    assert chose_a_card > 50


def test_the_remembered_round_figures_follow_the_tuning(monkeypatch: pytest.MonkeyPatch) -> None:
    """The round's figures are remembered by the weights they use: a run
    trying other weights gets its own."""
    state = GAME.new_game({"players": 3}, 5)
    view = GAME.view(state, state.seat)
    before = Reckoning(view)
    monkeypatch.setattr(Tuning, "EXPERT", Tuning.EXPERT * 2)
    monkeypatch.setattr(Tuning, "OCCASIONAL_LATER", Tuning.OCCASIONAL_LATER + 1)
    after = Reckoning(view)
    assert after.expert_cost == 2 * before.expert_cost > 0
    assert after.occasional_cost > before.occasional_cost


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_search_deals_worlds_that_keep_the_view(players: int) -> None:
    for step, state in enumerate(positions(players, 80 + players, 400)):
        if step % 5:
            continue
        for seat in range(players):
            view = GAME.view(state, seat)
            hands = set()
            for seed in range(4):
                world = search_determinize(view, seed)
                assert state_problems(world) == []
                assert GAME.view(world, seat) == view
                hands.add(world.hands)
            # Someone else's unseen cards are dealt afresh: the worlds differ
            # (unless every other card is already known).
            unknown = any(
                len(unseen_faces(city, (*entry["played"], *view["hand"]))) > 1
                for city, entry in enumerate(view["cities"])
                if city != CHICAGO
            )
            assert len(hands) > 1 or not unknown or GAME.is_over(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_playout_view_is_the_views_record_and_decides_the_same(players: int) -> None:
    """The search's playouts give the bots `playout_view`, a `Seen` made
    straight from the state: field for field (tuples alike) the record
    `Seen.of_view` makes of the seat's view from the view's `PLAYOUT_KEYS`
    alone, so it shows nothing the view hides; and the same decisions and
    judgements as on the whole view."""
    assert GAME.capabilities.search is not None
    assert GAME.capabilities.search.playout_view is playout_view
    for state in positions(players, 90 + players, 400):
        for seat in range(players):
            whole, part = GAME.view(state, seat), playout_view(state, seat)
            assert part == Seen.of_view({key: whole[key] for key in PLAYOUT_KEYS})
            assert part.fields() == Seen.of_view(whole).fields()
            assert Reckoning(part, judge=True).gains() == Reckoning(whole, judge=True).gains()
        seat = GAME.to_act(state)[0]
        whole, part = GAME.view(state, seat), playout_view(state, seat)
        legal = GAME.legal_actions(state, seat)
        assert normal_bot(part, legal) == normal_bot(whole, legal)
        assert search_candidates(part, legal) == search_candidates(whole, legal)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_games_own_playout_reaches_the_engines_state(players: int) -> None:
    """`SearchHooks.playout` (bots_search.playout, no legal list at each step)
    ends on the very state the engine's loop (`search.play_out`, the normal
    bot choosing from each legal list) reaches: from every legal action of
    positions of mixed play, in worlds dealt from the seat's view, played to
    the round's end and cut short after a few actions."""
    hooks = GAME.capabilities.search
    assert hooks is not None and hooks.playout is search_playout
    played_out = 0
    for _state, seat, legal, view in decisions(players, 110 + players, 3):
        for world_seed in range(2):
            world = search_determinize(view, world_seed)
            for action in legal[:: max(1, len(legal) // 6)]:
                for limit in (400, 4, 0):
                    mine = search_playout(world, seat, action, limit)
                    assert mine == play_out(GAME, normal_bot, world, seat, action, limit)
                    played_out += 1
    assert played_out > 300


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_round_score_is_the_same_remembered_or_fresh(players: int) -> None:
    """`search_score` keeps the cities' worths of the last start it scored
    (the worlds of one decision share them): the score of each world's round
    is the one reckoned afresh, scored right after another decision's or
    another world's."""
    hooks = GAME.capabilities.search
    assert hooks is not None
    scored = 0
    for _state, seat, legal, view in decisions(players, 130 + players, 4):
        action = normal_bot(view, legal)
        for world_seed in range(2):
            world = search_determinize(view, world_seed)
            end = search_playout(world, seat, action, 400)
            remembered = [search_score(world, end, judged) for judged in range(players)]
            bots_search._last_worths.clear()
            fresh = [search_score(world, end, judged) for judged in range(players)]
            assert remembered == fresh
            scored += 1
    assert scored > 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_after_a_placement_the_view_and_reckoning_are_made_afresh_alike(players: int) -> None:
    """The playouts' view and reckoning after a seat's placement, made from
    those before it (`playout_view_after_placing`, `Reckoning.after_placing`),
    are those made afresh from the new state: every field, every city's
    gangsters, every card's score; and the next views of the state too."""
    placements = 0
    for state in positions(players, 120 + players, 400):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        before = playout_view(state, seat)
        reckoning = Reckoning(before)
        for place in [action for action in legal if type(action) is Place][::7]:
            after, _ = GAME.apply(state, seat, place)
            seen = playout_view_after_placing(before, after, place)
            assert seen == playout_view(after, seat)
            made = reckoning.after_placing(seen, place.city)
            fresh = Reckoning(playout_view(after, seat))
            assert made.gangsters == fresh.gangsters
            assert [made.card_score(card) for card in after.hands[seat]] == [
                fresh.card_score(card) for card in after.hands[seat]
            ]
            for other in range(players):
                assert playout_view(after, other) == Seen.of_view(GAME.view(after, other))
            placements += 1
    assert placements > 50


def test_the_search_plays_the_games_playout_only_with_its_policy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The engine hands a playout to the game's `SearchHooks.playout` when the
    playouts are played by the game's own policy level, and plays any other
    policy itself: the same decision either way for the normal bot."""
    state = GAME.new_game({"players": 3}, 4)
    seat = GAME.to_act(state)[0]
    view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
    hooks = GAME.capabilities.search
    assert hooks is not None and hooks.playout is not None
    calls = []

    def counted(world: State, seat: int, action: Action, limit: int) -> State:
        calls.append(limit)
        return search_playout(world, seat, action, limit)

    capabilities = replace(GAME.capabilities, search=replace(hooks, playout=counted))
    monkeypatch.setitem(GAME.__dict__, "capabilities", capabilities)  # a cached_property
    own = SearchBot(GAME, normal_bot, FEW, 3)(view, legal)
    assert len(calls) == FEW.playouts
    calls.clear()
    other = SearchBot(GAME, lambda view, legal: normal_bot(view, legal), FEW, 3)(view, legal)
    assert calls == [] and other == own


@pytest.mark.parametrize("players", [2, 3, 4])
def test_chicagos_lots_count_the_other_hands_backs(players: int) -> None:
    """`chicago_lots` counts the other hands' cards of a city's back from the
    city's cards face down, played and in the seat's hand (no view of the
    backs needed): the count the view's backs show, at every state of a game
    and for every seat and a spectator."""
    for state in positions(players, 110 + players, 400):
        for seat in (*range(players), None):
            view = GAME.view(state, seat)
            for city, _played, _mine, others in chicago_lots(view):
                assert others == sum(
                    backs.count(city) for who, backs in enumerate(view["hands"]) if who != seat
                )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_remembered_chicago_pot_is_the_pot(players: int) -> None:
    """`remembered_chicago_pot`, each city's last card remembered, gives the
    very float `chicago_pot` gives, for every keen, seat and state of a game
    (asked twice: made, then remembered)."""
    for state in positions(players, 130 + players, 400):
        for seat in range(players):
            seen = playout_view(state, seat)
            odds = city_odds(seen)
            for keen in (-1, 0, 1):
                pot = chicago_pot(seen, odds, keen)
                assert remembered_chicago_pot(seen, odds, keen) == pot
                assert remembered_chicago_pot(seen, odds, keen) == pot


def test_a_seen_differs_from_a_view_of_another_seat() -> None:
    """`Seen`'s comparison is by every field: another seat's record differs."""
    state = GAME.new_game({"players": 3}, 7)
    assert playout_view(state, 0) == playout_view(state, 0)
    assert playout_view(state, 0) != playout_view(state, 1)
    assert playout_view(state, 0) != GAME.view(state, 0)


class FakeClock:
    """perf_counter for the search: each reading a fixed step later."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_the_hard_bot_stops_at_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search reads the clock once to set its deadline, then before each
    playout, from the first on (a pass over 173 actions would outlast the
    budget); a clock 1/32 s later at each reading passes the page's 0.12 s
    deadline at its fourth reading after the first (4/32 = 0.125 s)."""
    state = GAME.new_game({"players": 4}, 5)
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    page = SearchSettings(playouts=300, time_budget=0.12)
    bot = SearchBot(GAME, normal_bot, page, 1)
    monkeypatch.setattr(time, "perf_counter", FakeClock(1 / 32))
    assert bot(view, legal) in legal
    assert len(legal) > 100 and bot.last_playouts == 3
    # Cards only (after a placement): 5 actions, 3 of them tried.
    state = run(state, ["Ana", "Ben", "Cid", "Dan"], "place new_york 1")
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    monkeypatch.setattr(time, "perf_counter", FakeClock(1 / 32))
    assert bot(view, legal) in legal
    assert len(legal) == 5 and bot.last_playouts == 3
    # With time to spare, the playout count binds.
    monkeypatch.setattr(time, "perf_counter", FakeClock(0.0))
    bot = SearchBot(GAME, normal_bot, SearchSettings(playouts=40, time_budget=0.12), 1)
    assert bot(view, legal) in legal
    assert bot.last_playouts == 40
