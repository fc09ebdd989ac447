"""The Boss's scenarios: stacked deals written with names ("detroit_3",
"new_york_jail", "boston", "Ana"), actions as short strings ("place boston 2 1
play detroit_3") and expectations. The engine's runner (game.engine.scenario)
plays them; the format is in docs/rules-decisions.md, "The Boss: scenarios".

Setup:
- `players`: the names in seat order (2 to 4); the first holds the marker in round 1.
- `round`: the round to start in (default 1); Chicago, the marker and the
  police cards already shown follow from it.
- `police`: badges of the police deck from the top ("gold", "silver",
  "both"), the first round - 1 already shown; the others follow seeded.
- `hidden`: card names put face down (each under its own city); `hands`:
  {name: five card names}. Cards not named are dealt from the seed.
- `later_rounds`: [{"hidden": [...], "hands": {...}}] the same for the next rounds.
- `money`, `dead`, `occasionals_used` ({name: number}), `away` ({name: [rounds
  left, ...]}), `banned` ({name: [city, ...]}), `seed`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..engine import rng
from ..engine.errors import GameError, ScenarioError
from ..engine.evolve import evolve
from ..engine.jsonfields import expect_fields
from ..engine.safejson import quote
from ..engine.scenario import (
    ANY,
    FLAG,
    NAMES,
    TEXT,
    WHOLE,
    Shape,
    check_shape,
    list_of,
    map_of,
    or_null,
    read_count,
)
from .cards import (
    CARD_CITY,
    CARD_COUNT,
    CHICAGO,
    CITIES_BY_PLAYERS,
    CITY_CARDS,
    CITY_KEYS,
    HAND_SIZE,
    POLICE,
    card_name,
)
from .codec import action_from_json
from .invariants import MAX_ROUNDS, state_problems
from .rules import legal_actions
from .scoring import outcome
from .setup import first_state, row_for_round
from .state import (
    Action,
    ChicagoResult,
    CityResult,
    Place,
    Play,
    RoundResult,
    Stage,
    State,
    experts_available,
    majority_holder,
    occasionals_available,
)
from .views import view

__all__ = ["SCENARIOS", "TheBossScenarios", "spec_of"]

_SETUP_FIELDS: Final = (
    "players", "round", "police", "hidden", "hands", "later_rounds", "money", "dead", "away",
    "occasionals_used", "banned", "seed",
)  # fmt: skip
_CARD_BY_NAME: Final = {card_name(card): card for card in range(CARD_COUNT)}
_CITY_BY_KEY: Final = {key: city for city, key in enumerate(CITY_KEYS)}


def _card(name: Any) -> int:
    if not isinstance(name, str) or name not in _CARD_BY_NAME:
        raise ScenarioError(
            f"unknown card {quote(name)} (write the city and the face: 'detroit_3', "
            "'new_york_jail')"
        )
    return _CARD_BY_NAME[name]


def _city(key: Any) -> int:
    if not isinstance(key, str) or key not in _CITY_BY_KEY:
        raise ScenarioError(f"unknown city {quote(key)} (known: {', '.join(CITY_KEYS)})")
    return _CITY_BY_KEY[key]


def _by_name(value: Any, names: Sequence[str], what: str) -> dict[int, Any]:
    if not isinstance(value, Mapping):
        raise ScenarioError(f"{what} must map player names to values")
    found = {}
    for name, item in value.items():
        if name not in names:
            raise ScenarioError(f"{what}: unknown player {quote(name)}")
        found[names.index(name)] = item
    return found


def _numbers(value: Any, names: Sequence[str], what: str, default: int) -> list[int]:
    given = _by_name(value, names, what)
    for seat, number in given.items():
        check_shape(number, WHOLE, f"{what}.{names[seat]}")
    return [given.get(seat, default) for seat in range(len(names))]


def _deal(
    spec: Any, names: Sequence[str], cities: int, generator: int, what: str
) -> tuple[tuple[int, ...], int]:
    """One stacked deal (hidden cards by city, then the hands by seat), the
    cards the spec does not name dealt from the generator."""
    fields = expect_fields(spec, what, (), ("hidden", "hands"))
    hidden: dict[int, int] = {}
    check_shape(fields.get("hidden", []), _CARD_NAMES, f"{what}.hidden")
    for name in fields.get("hidden", []):
        card = _card(name)
        if CARD_CITY[card] in hidden or not CARD_CITY[card] <= cities:
            raise ScenarioError(f"{what}.hidden: {name} is a second card or out of this game")
        hidden[CARD_CITY[card]] = card
    hands = {}
    for seat, cards in _by_name(fields.get("hands", {}), names, f"{what}.hands").items():
        check_shape(cards, _CARD_NAMES, f"{what}.hands.{names[seat]}")
        hands[seat] = [_card(name) for name in cards]
    if any(len(cards) != HAND_SIZE for cards in hands.values()):
        raise ScenarioError(f"{what}.hands: each hand named holds {HAND_SIZE} cards")
    named = [*hidden.values(), *(card for cards in hands.values() for card in cards)]
    if len(set(named)) != len(named) or any(CARD_CITY[card] > cities for card in named):
        raise ScenarioError(f"{what}: a card is named twice or is out of this game")
    for city in range(1, cities + 1):
        if city not in hidden:
            free = [card for card in CITY_CARDS[city] if card not in named]
            if not free:
                raise ScenarioError(f"{what}: no {CITY_KEYS[city]} card is left to lie face down")
            pick, generator = rng.below(generator, len(free))
            hidden[city] = free[pick]
            named.append(free[pick])
    rest = [card for city in range(1, cities + 1) for card in CITY_CARDS[city]]
    shuffled, generator = rng.shuffle(generator, [card for card in rest if card not in named])
    pool = iter(shuffled)
    dealt: list[int] = [hidden[city] for city in range(1, cities + 1)]
    for seat in range(len(names)):
        dealt += hands.get(seat) or [next(pool) for _ in range(HAND_SIZE)]
    return tuple(dealt), generator


def _police(badges: Any, generator: int) -> tuple[tuple[int, ...], int]:
    if not isinstance(badges, list) or len(badges) > len(POLICE):
        raise ScenarioError("setup.police must be a list of up to 5 badges, top first")
    order: list[int] = []
    for badge in badges:
        card = next((c for c in range(len(POLICE)) if POLICE[c] == badge and c not in order), None)
        if card is None:
            raise ScenarioError(f"setup.police: no {quote(badge)} police card left to stack")
        order.append(card)
    rest, generator = rng.shuffle(generator, [c for c in range(len(POLICE)) if c not in order])
    return (*order, *rest), generator


class TheBossScenarios:
    """The Boss's half of the scenario runner."""

    def build(self, setup: Mapping[str, Any]) -> tuple[State, list[str]]:
        fields = expect_fields(setup, "setup", ("players",), _SETUP_FIELDS)
        names = fields["players"]
        if (
            not isinstance(names, list)
            or not all(isinstance(name, str) for name in names)
            or len(set(names)) != len(names)
            or len(names) not in CITIES_BY_PLAYERS
        ):
            raise ScenarioError("setup.players must be 2 to 4 different names, in seat order")
        count, cities = len(names), CITIES_BY_PLAYERS[len(names)]
        round_number, seed = fields.get("round", 1), fields.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ScenarioError("setup.seed must be an integer")
        if not WHOLE.fits(round_number) or round_number not in range(1, MAX_ROUNDS + 1):
            raise ScenarioError(f"setup.round must be 1 to {MAX_ROUNDS}")
        generator = rng.seed_state(seed)
        police, generator = _police(fields.get("police", []), generator)
        later = fields.get("later_rounds", [])
        if not isinstance(later, list):
            raise ScenarioError("setup.later_rounds must be a list of deals")
        deals = []
        for index, spec in enumerate([fields, *later]):
            where = "setup" if index == 0 else f"setup.later_rounds[{index - 1}]"
            if index:
                expect_fields(spec, where, (), ("hidden", "hands"))
            part = {key: spec[key] for key in ("hidden", "hands") if key in spec}
            cards, generator = _deal(part, names, cities, generator, where)
            deals.append(cards)
        away = _by_name(fields.get("away", {}), names, "setup.away")
        banned = _by_name(fields.get("banned", {}), names, "setup.banned")
        for seat, rounds in away.items():
            check_shape(rounds, _ROUNDS_LEFT, f"setup.away.{names[seat]}")
        for seat, keys in banned.items():
            check_shape(keys, _CITY_NAMES, f"setup.banned.{names[seat]}")
        state = first_state(
            count,
            generator,
            police,
            round_number=round_number,
            money=_numbers(fields.get("money", {}), names, "setup.money", 0),
            dead=_numbers(fields.get("dead", {}), names, "setup.dead", 0),
            away=[tuple(sorted(away.get(seat, []), reverse=True)) for seat in range(count)],
            occasionals_used=_numbers(
                fields.get("occasionals_used", {}), names, "setup.occasionals_used", 0
            ),
            banned=[tuple(sorted(map(_city, banned.get(seat, [])))) for seat in range(count)],
            stacked=tuple(deals),
        )
        if round_number > 1:
            state = _with_a_past(state)
        problems = state_problems(state)
        if problems:
            raise ScenarioError(f"setup: {problems[0]}")
        return state, list(names)

    def actions(self, state: State, seat: int, spec: Any, names: Sequence[str]) -> list[Action]:
        if isinstance(spec, Mapping):
            return [action_from_json(spec)]
        if not isinstance(spec, str) or not spec.split():
            raise ScenarioError(f"write an action like 'play detroit_3', not {quote(spec)}")
        words = spec.split()
        actions: list[Action] = []
        while words:
            verb = words[0]
            if verb == "play" and len(words) >= 2:
                actions.append(Play(_card(words[1])))
                words = words[2:]
            elif (
                verb == "place"
                and len(words) >= 3
                and (experts := read_count(words[2])) is not None
            ):
                occasionals = read_count(words[3]) if len(words) >= 4 else None
                actions.append(Place(_city(words[1]), experts, occasionals or 0))
                words = words[3:] if occasionals is None else words[4:]
            else:
                raise ScenarioError(f"cannot read the action {quote(spec)}")
        return actions

    def json_names(self) -> Mapping[str, Any]:
        return _JSON_NAMES

    def mismatches(
        self, state: State, expect: Mapping[str, Any], names: Sequence[str]
    ) -> list[str]:
        problems: list[str] = []
        for key, wanted in expect.items():
            if key not in _EXPECTATIONS:
                raise ScenarioError(
                    f"unknown expectation {quote(key)}; known: {', '.join(_EXPECTATIONS)}"
                )
            _check_expectation(key, wanted)
            try:
                found = _EXPECTATIONS[key](self, state, names, wanted)
            except GameError as error:  # a name in the expectation that is no name
                raise ScenarioError(f"expect.{key}: {error.message}") from None
            if key in _AS_SETS and isinstance(wanted, list):
                wanted = sorted(wanted)
            if found != wanted:
                problems.append(f"expected {key} {wanted!r}, found {found!r}")
        return problems


def _with_a_past(state: State) -> State:
    """A state that starts in a later round needs a last round's result: an
    empty one (nobody anywhere, nothing won, each city's first card shown as
    its face-down card, never this round's), enough for the invariants."""
    zeros = (0,) * len(state.hands)
    cities = tuple(
        CityResult(city, CITY_CARDS[city][0], None, "nobody", (), zeros, zeros)
        for city in state.row
        if city != CHICAGO
    )
    row = row_for_round(len(cities), state.round - 1)
    left = row[: row.index(CHICAGO)]
    chicago = ChicagoResult(None, zeros, zeros, left, (None,) * len(left), 0, 0)
    return evolve(state, result=RoundResult(state.round - 1, cities, chicago, zeros))


def spec_of(action: Action) -> str:
    """The scenario spelling of an engine action: the inverse of `actions`."""
    if isinstance(action, Play):
        return f"play {card_name(action.card)}"
    counts = f"{action.experts} {action.occasionals}" if action.occasionals else f"{action.experts}"
    return f"place {CITY_KEYS[action.city]} {counts}"


# ------------------------------------------------------------- expectations


def _per_player(values: Sequence[Any], names: Sequence[str], wanted: Any) -> dict[str, Any]:
    """Only the players the expectation names are compared."""
    if not isinstance(wanted, Mapping):
        raise ScenarioError("this expectation maps player names to values")
    return {name: values[names.index(name)] for name in wanted if name in names}


def _name(seat: int | None, names: Sequence[str]) -> str | None:
    return None if seat is None or seat < 0 else names[seat]


def _gangsters(state: State, names: Sequence[str], wanted: Any) -> dict[str, Any]:
    if not isinstance(wanted, Mapping):
        raise ScenarioError("gangsters maps cities to {player: [experts, occasionals]}")
    found = {}
    for key, players in wanted.items():
        city = _city(key)
        counts = [
            [state.experts[seat][city], state.occasionals[seat][city]]
            if city < len(state.hidden)
            else [0, 0]
            for seat in range(len(names))
        ]
        found[key] = _per_player(counts, names, players)
    return found


def _by_city(wanted: Any, read: Any) -> dict[str, Any]:
    if not isinstance(wanted, Mapping):
        raise ScenarioError("this expectation maps city names to values")
    return {key: read(_city(key)) for key in wanted}


def _took(state: State, names: Sequence[str], wanted: Any, field: str) -> Any:
    if state.result is None:
        return None
    entries = {entry.city: entry for entry in state.result.cities}
    return _by_city(
        wanted,
        lambda city: (
            None
            if city not in entries
            else _name(entries[city].seat, names)
            if field == "seat"
            else entries[city].effect
        ),
    )


def _chicago(state: State, names: Sequence[str], wanted: Any) -> Any:
    if state.result is None:
        return None
    chicago = state.result.chicago
    found: dict[str, Any] = {
        "seat": _name(chicago.seat, names),
        "total": chicago.total,
        "gain": chicago.gain,
        "cards": [None if card is None else card_name(card) for card in chicago.cards],
    }
    if not isinstance(wanted, Mapping):
        raise ScenarioError("chicago maps seat, total, gain or cards to values")
    return {key: found.get(key) for key in wanted}


def _legal(state: State, names: Sequence[str]) -> list[str]:
    if state.stage is Stage.OVER:
        return []
    return sorted(spec_of(action) for action in legal_actions(state, state.seat))


def _illegal(scen: TheBossScenarios, state: State, names: Sequence[str], wanted: Any) -> Any:
    if not isinstance(wanted, list):
        raise ScenarioError("illegal must be a list of actions")
    legal = legal_actions(state, state.seat) if state.stage is not Stage.OVER else []
    return sorted(
        spec
        for spec in wanted
        if all(action not in legal for action in scen.actions(state, state.seat, spec, names))
    )


def _sees(state: State, names: Sequence[str], wanted: Any) -> dict[str, Any]:
    """What each viewer's view shows of the hands it names: card names, or None."""
    found = {}
    for viewer, owners in _by_name(wanted, names, "sees").items():
        if not isinstance(owners, Mapping) or not all(owner in names for owner in owners):
            raise ScenarioError("sees maps each viewer to the players whose hand it looks at")
        shown = view(state, viewer)
        found[names[viewer]] = {
            owner: (
                [card_name(card) for card in shown["hand"]]
                if names.index(owner) == viewer
                else None
            )
            for owner in owners
        }
    return found


def _check_expectation(key: str, wanted: Any) -> None:
    """The expectation's value has the shape of what it reads, whatever the
    state: a typo fails the step even where the reading would be null."""
    check_shape(wanted, _SHAPES.get(key, ANY), f"expect.{key}")
    if key == "chicago":
        expect_fields(wanted, "expect.chicago", (), ("seat", "total", "gain", "cards"))
    elif key == "outcome":
        expect_fields(wanted, "expect.outcome", (), _OUTCOME_KEYS)


_CARD_NAMES: Final = list_of(TEXT, "card names")
_CITY_NAMES: Final = list_of(TEXT, "city names")
_ROUNDS_LEFT: Final = list_of(WHOLE, "rounds left")
_OUTCOME_KEYS: Final = ("winners", "money", "last_round_money", "gangsters_left", "rounds")
_BY_PLAYER: Final = map_of(WHOLE, "player names", "whole numbers")
_OBJECT: Final = Shape("an object", lambda value: isinstance(value, Mapping))
_SHAPES: Final[dict[str, Shape]] = {
    "round": WHOLE,
    "turn": WHOLE,
    "stage": TEXT,
    "marker": TEXT,
    "to_act": or_null(TEXT),
    "row": _CITY_NAMES,
    "money": _BY_PLAYER,
    "experts_available": _BY_PLAYER,
    "occasionals_available": _BY_PLAYER,
    "dead": _BY_PLAYER,
    "away": map_of(list_of(WHOLE, "whole numbers"), "player names", "lists of rounds"),
    "occasionals_used": _BY_PLAYER,
    "banned": map_of(_CITY_NAMES, "player names", "lists of city names"),
    "gangsters": map_of(_OBJECT, "city names", "objects by player"),
    "holder": map_of(or_null(TEXT), "city names", "player names or null"),
    "hand": map_of(_CARD_NAMES, "player names", "lists of card names"),
    "played": map_of(or_null(_CARD_NAMES), "city names", "lists of card names"),
    "police": list_of(TEXT, "badges"),
    "last_order": NAMES,
    "took": or_null(map_of(or_null(TEXT), "city names", "player names or null")),
    "effects": or_null(map_of(or_null(TEXT), "city names", "effects")),
    "money_won": or_null(_BY_PLAYER),
    "chicago": or_null(_OBJECT),
    "legal": list_of(TEXT, "actions written as text"),
    "illegal": list_of(TEXT, "actions written as text"),
    "sees": map_of(_OBJECT, "player names", "objects by player"),
    "game_over": FLAG,
    "game_winners": NAMES,
    "outcome": or_null(_OBJECT),
}
_AS_SETS: Final = frozenset({"legal", "illegal", "game_winners"})
_EXPECTATIONS: Final[dict[str, Any]] = {
    "round": lambda scen, s, names, w: s.round,
    "turn": lambda scen, s, names, w: s.turn,
    "stage": lambda scen, s, names, w: s.stage.value,
    "marker": lambda scen, s, names, w: names[s.marker],
    "to_act": lambda scen, s, names, w: _name(s.seat, names),
    "row": lambda scen, s, names, w: [CITY_KEYS[city] for city in s.row],
    "money": lambda scen, s, names, w: _per_player(s.money, names, w),
    "experts_available": lambda scen, s, names, w: _per_player(
        [experts_available(s, seat) for seat in range(len(names))], names, w
    ),
    "occasionals_available": lambda scen, s, names, w: _per_player(
        [occasionals_available(s, seat) for seat in range(len(names))], names, w
    ),
    "dead": lambda scen, s, names, w: _per_player(s.dead, names, w),
    "away": lambda scen, s, names, w: _per_player([list(a) for a in s.away], names, w),
    "occasionals_used": lambda scen, s, names, w: _per_player(s.occasionals_used, names, w),
    "banned": lambda scen, s, names, w: _per_player(
        [[CITY_KEYS[city] for city in cities] for cities in s.banned], names, w
    ),
    "gangsters": lambda scen, s, names, w: _gangsters(s, names, w),
    "holder": lambda scen, s, names, w: _by_city(
        w, lambda city: _name(majority_holder(s, city), names) if city < len(s.hidden) else None
    ),
    "hand": lambda scen, s, names, w: _per_player(
        [[card_name(card) for card in hand] for hand in s.hands], names, w
    ),
    "played": lambda scen, s, names, w: _by_city(
        w,
        lambda city: [card_name(card) for card in s.played[city]] if city < len(s.played) else None,
    ),
    "police": lambda scen, s, names, w: [POLICE[card] for card in s.police_shown],
    "last_order": lambda scen, s, names, w: [names[seat] for seat in s.last_order],
    "took": lambda scen, s, names, w: _took(s, names, w, "seat"),
    "effects": lambda scen, s, names, w: _took(s, names, w, "effect"),
    "money_won": lambda scen, s, names, w: (
        None if s.result is None else _per_player(s.result.money_won, names, w)
    ),
    "chicago": lambda scen, s, names, w: _chicago(s, names, w),
    "legal": lambda scen, s, names, w: _legal(s, names),
    "illegal": _illegal,
    "sees": lambda scen, s, names, w: _sees(s, names, w),
    "game_over": lambda scen, s, names, w: s.stage is Stage.OVER,
    "game_winners": lambda scen, s, names, w: (
        sorted(names[seat] for seat in outcome(s)["winners"]) if s.stage is Stage.OVER else []
    ),
    "outcome": lambda scen, s, names, w: (
        None if s.stage is not Stage.OVER else {key: outcome(s)[key] for key in w}
    ),
}


def _json_names() -> dict[str, int]:
    """What "@name" stands for in the state's JSON: cards ("detroit_3"), cities
    ("boston") and police cards by badge, a second copy with "_2" ("gold_2")."""
    words = dict(_CARD_BY_NAME) | dict(_CITY_BY_KEY)
    for card, badge in enumerate(POLICE):
        copies = POLICE[:card].count(badge)
        words[badge if not copies else f"{badge}_{copies + 1}"] = card
    return words


_JSON_NAMES: Final = _json_names()
SCENARIOS: Final = TheBossScenarios()
