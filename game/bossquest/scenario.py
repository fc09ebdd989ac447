"""Boss Quest scenarios: stacked deals written with names ("red5", "boss_up",
"Lucie"), actions as short strings ("ask 2", "activate strength_up target=Lucie
amount=2") and expectations. The format is in docs/scenarios.md."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..engine import rng
from ..engine.errors import GameError, ScenarioError
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
from .actions import (
    Action,
    Activate,
    ActivateMystery,
    Ask,
    AskVisit,
    BecomeReaper,
    Choose,
    Discard,
    DiscardMystery,
    Look,
    LookMystery,
    Pass,
    ReadPotion,
    Replace,
    Stop,
    TakeLife,
    Visit,
    action_from_json,
)
from .cards import (
    ALL_WEAPON_COUNT,
    BOSS_COUNT,
    COMPANIONS,
    REAPER,
    SPELL_KINDS,
    WEAPON_COUNT,
    boss_hp,
    weapon_name,
)
from .invariants import state_problems
from .options import Options
from .rules import legal_actions
from .setup import STARTING_HEARTS, complete_order, first_state
from .state import NO_CARD, Fate, State
from .table import current_hp, strength
from .views import mystery_shown, view

__all__ = ["SCENARIOS", "BossQuestScenarios", "spec_of"]

_SETUP_FIELDS = (
    "players",
    "options",
    "armorer",
    "bosses",
    "spells",
    "hands",
    "weapon_deck",
    "later_rounds",
    "keys",
    "hearts",
    "seed",
    "companions",
    "fates",
    "reaper_came",
)
_WEAPON_BY_NAME = {weapon_name(card): card for card in range(ALL_WEAPON_COUNT)}
# Fates as scenarios write them ("knight" for the engine's empty string).
_FATE_NAMES = {"knight": Fate.KNIGHT, "ghost": Fate.GHOST, "gone": Fate.GONE, "reaper": Fate.REAPER}
_FATE_OF = {fate: name for name, fate in _FATE_NAMES.items()}
_SIGNS = {"+": 1, "-": -1}


def _json_names() -> dict[str, int]:
    """What "@name" stands for in the state's JSON: weapons ("red5", "potion2"),
    bosses by hit points ("boss17", "reaper"), companions ("owl") and spells
    by kind, a second copy of a kind with "_2" ("boss_up", "boss_up_2")."""
    words = dict(_WEAPON_BY_NAME)
    words |= {f"boss{boss_hp(card)}": card for card in range(BOSS_COUNT)}
    words["reaper"] = REAPER
    words |= {name: card for card, name in enumerate(COMPANIONS)}
    for card, kind in enumerate(SPELL_KINDS):
        copies = SPELL_KINDS[:card].count(kind)
        words[kind if not copies else f"{kind}_{copies + 1}"] = card
    return words


def _weapon(name: Any) -> int:
    if not isinstance(name, str) or name not in _WEAPON_BY_NAME:
        raise ScenarioError(
            f"unknown weapon {quote(name)} (write a colour and a value: 'red5', or 'potion2')"
        )
    return _WEAPON_BY_NAME[name]


def _companion(name: Any) -> int:
    if not isinstance(name, str) or name not in COMPANIONS:
        raise ScenarioError(f"unknown companion {quote(name)} (known: {', '.join(COMPANIONS)})")
    return COMPANIONS.index(name)


def _names_map(value: Any, names: Sequence[str], what: str) -> dict[int, Any]:
    if not isinstance(value, Mapping):
        raise ScenarioError(f"{what} must map player names to values")
    result = {}
    for name, item in value.items():
        if name not in names:
            raise ScenarioError(f"{what}: unknown player {quote(name)}")
        result[names.index(name)] = item
    return result


def _deal_prefix(
    hands: Any,
    deck: Any,
    names: Sequence[str],
    armorer: int,
    what: str,
    gone: Sequence[int] = (),
) -> tuple[int, ...]:
    """The weapon deck order that deals `hands` (hidden cards from the Armorer's
    left, then visible ones) and continues with `deck`. Players who have left the
    game (`gone`) are dealt nothing."""
    prefix: list[int] = []
    if hands is not None:
        by_seat = _names_map(hands, names, f"{what}.hands")
        playing = [seat for seat in range(len(names)) if seat not in gone]
        if sorted(by_seat) != playing:
            raise ScenarioError(
                f"{what}.hands must give a hand to every player in the game or to none"
            )
        order = [(armorer + step) % len(names) for step in range(1, len(names) + 1)]
        order = [seat for seat in order if seat not in gone]
        for seat in order:
            expect_fields(by_seat[seat], f"{what}.hands.{names[seat]}", ("hidden", "visible"))
        prefix += [_weapon(by_seat[seat]["hidden"]) for seat in order]
        prefix += [_weapon(by_seat[seat]["visible"]) for seat in order]
    if deck is not None:
        if not isinstance(deck, list):
            raise ScenarioError(f"{what}.weapon_deck must be a list of weapons, top first")
        prefix += [_weapon(name) for name in deck]
    if len(set(prefix)) != len(prefix):
        raise ScenarioError(f"{what}: a weapon is stacked twice")
    return tuple(prefix)


def _armorer_after(armorer: int, rounds: int, count: int, gone: Sequence[int]) -> int:
    """The Armorer `rounds` rounds later: it passes left, over players gone from the game."""
    for _ in range(rounds):
        armorer = (armorer + 1) % count
        while armorer in gone:
            armorer = (armorer + 1) % count
    return armorer


def _spell_cards(kinds: Any, available: Sequence[int]) -> list[int]:
    if not isinstance(kinds, list):
        raise ScenarioError("setup.spells must be a list of spell names")
    free = list(available)
    cards = []
    for kind in kinds:
        match = next((card for card in free if SPELL_KINDS[card] == kind), None)
        if match is None:
            raise ScenarioError(
                f"no spell {quote(kind)} left to stack "
                f"(in this game: {sorted({SPELL_KINDS[card] for card in available})})"
            )
        free.remove(match)
        cards.append(match)
    return cards


def _counts(value: Any, names: Sequence[str], what: str, most: int) -> dict[int, int]:
    """Starting hearts or keys by seat: whole numbers from 0 to `most`."""
    given = _names_map(value, names, f"setup.{what}")
    for seat, count in given.items():
        where = f"setup.{what}.{names[seat]}"
        check_shape(count, WHOLE, where)
        if not 0 <= count <= most:
            raise ScenarioError(f"{where} must be 0 to {most}, not {quote(count)}")
    return given


class BossQuestScenarios:
    """The Boss Quest half of the scenario runner."""

    def build(self, setup: Mapping[str, Any]) -> tuple[State, list[str]]:
        fields = expect_fields(setup, "setup", ("players",), _SETUP_FIELDS)
        names = fields["players"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ScenarioError("setup.players must be a list of names, in seat order")
        if len(set(names)) != len(names):
            raise ScenarioError("setup.players has a name twice")
        extra_options = fields.get("options", {})
        if not isinstance(extra_options, Mapping):
            raise ScenarioError("setup.options must be a JSON object")
        if "players" in extra_options:
            raise ScenarioError(
                "setup.options has unknown field(s) players: the players are setup.players"
            )
        options = Options.from_json({"players": len(names), **extra_options})
        armorer_name = fields.get("armorer", names[-1])
        if armorer_name not in names:
            raise ScenarioError(f"setup.armorer {quote(armorer_name)} is not a player")
        armorer = names.index(armorer_name)
        if not options.companions and "companions" in fields:
            raise ScenarioError("setup.companions needs the option companions")
        if not options.reaper and ("fates" in fields or "reaper_came" in fields):
            raise ScenarioError("setup.fates and setup.reaper_came need the option reaper")
        seed, boss_hps = fields.get("seed", 0), fields.get("bosses", [])
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ScenarioError("setup.seed must be an integer")
        if not isinstance(boss_hps, list):
            raise ScenarioError("setup.bosses must be a list of hit points")
        generator = rng.seed_state(seed)
        boss_prefix = []
        for hp in boss_hps:
            if not isinstance(hp, int) or not 0 <= hp - boss_hp(0) < BOSS_COUNT:
                raise ScenarioError(f"no boss has {quote(hp)} hit points")
            boss_prefix.append(hp - boss_hp(0))
        bosses, generator = complete_order(generator, boss_prefix, range(BOSS_COUNT))
        spell_prefix = _spell_cards(fields.get("spells", []), options.spells)
        spells, generator = complete_order(generator, spell_prefix, options.spells)
        companions, generator = self._companions(fields, names, options, generator)
        given_fates = _names_map(fields.get("fates", {}), names, "setup.fates")
        for seat, name in given_fates.items():
            check_shape(name, TEXT, f"setup.fates.{names[seat]}")
        fates = [
            _FATE_NAMES.get(given_fates.get(seat, "knight"), "?") for seat in range(len(names))
        ]
        if not set(fates) <= {Fate.KNIGHT, Fate.GONE, Fate.REAPER} or fates.count(Fate.REAPER) > 1:
            raise ScenarioError("setup.fates: each is 'knight', 'gone' or 'reaper' (one at most)")
        gone = [seat for seat, fate in enumerate(fates) if fate == Fate.GONE]
        if armorer in gone:
            raise ScenarioError("setup.armorer has left the game")
        weapons = _deal_prefix(
            fields.get("hands"), fields.get("weapon_deck"), names, armorer, "setup", gone
        )
        allowed = set(options.weapons)
        if not set(weapons) <= allowed:
            raise ScenarioError(
                "setup stacks a weapon that is out of this game (yellow, or a potion without "
                "the option potions)"
            )
        later = fields.get("later_rounds", [])
        if not isinstance(later, list):
            raise ScenarioError("setup.later_rounds must be a list")
        stacked = tuple(
            _deal_prefix(
                expect_fields(
                    round_setup, f"setup.later_rounds[{number - 1}]", (), ("hands", "weapon_deck")
                ).get("hands"),
                round_setup.get("weapon_deck"),
                names,
                _armorer_after(armorer, number, len(names), gone),
                f"setup.later_rounds[{number - 1}]",
                gone,
            )
            for number, round_setup in enumerate(later, start=1)
        )
        hearts = _counts(fields.get("hearts", {}), names, "hearts", STARTING_HEARTS)
        keys = _counts(fields.get("keys", {}), names, "keys", options.keys_to_win)
        reaper_came = fields.get("reaper_came", Fate.REAPER in fates or bool(gone))
        check_shape(reaper_came, FLAG, "setup.reaper_came")
        state = first_state(
            options,
            generator,
            armorer,
            bosses,
            spells,
            weapons,
            hearts=[hearts.get(seat, 3) for seat in range(len(names))],
            keys=[keys.get(seat, 0) for seat in range(len(names))],
            stacked=stacked,
            companions=companions,
            fates=fates,
            reaper_came=reaper_came,
        )
        problems = state_problems(state)
        if problems:
            raise ScenarioError(f"setup: {problems[0]}")
        return state, list(names)

    def _companions(
        self, fields: Mapping[str, Any], names: Sequence[str], options: Options, generator: int
    ) -> tuple[list[int], int]:
        """Each seat's companion then the reserve: as stacked (the reserve in the
        cards' order), or shuffled from the seed as a new game would."""
        if not options.companions:
            return [], generator
        if "companions" not in fields:
            shuffled, generator = rng.shuffle(generator, options.companion_cards)
            return list(shuffled), generator
        by_seat = _names_map(fields["companions"], names, "setup.companions")
        if len(by_seat) != len(names):
            raise ScenarioError("setup.companions must give a companion to every player")
        held = [_companion(by_seat[seat]) for seat in range(len(names))]
        if len(set(held)) != len(held) or not set(held) <= set(options.companion_cards):
            raise ScenarioError("setup.companions: each companion once, and no owl at 2 players")
        return held + [card for card in options.companion_cards if card not in held], generator

    def actions(self, state: State, seat: int, spec: Any, names: Sequence[str]) -> list[Action]:
        if isinstance(spec, Mapping):
            return [action_from_json(spec)]
        if not isinstance(spec, str) or not spec.split():
            raise ScenarioError(f"an action must be a string like 'ask 2', not {quote(spec)}")
        words = spec.split()
        verb, rest = words[0], words[1:]
        params = [word for word in rest if "=" in word]
        plain = [word for word in rest if "=" not in word]
        count = read_count(plain[0]) if plain else None
        if verb == "ask" and len(plain) == 1 and count is not None and not params:
            return [Ask(count)]
        if verb == "ask" and plain[1:] == ["visit"] and count is not None and not params:
            return [AskVisit(count)]  # the hare
        simple: dict[str, Action] = {
            "visit": Visit(),
            "stop": Stop(),
            "pass": Pass(),
            "life": TakeLife(),
            "reaper": BecomeReaper(),
        }
        if verb in simple and not rest:
            return [simple[verb]]
        if verb == "read" and len(plain) == 2 and plain[1] in _SIGNS and not params:
            return [ReadPotion(_weapon(plain[0]), _SIGNS[plain[1]])]
        if verb == "look" and len(plain) == 1 and not params:
            if plain[0] == "mystery":
                return [LookMystery()]
            if plain[0] not in names:
                raise ScenarioError(f"look at {plain[0]!r}: not a player")
            return [Look(names.index(plain[0]))]
        if verb == "replace" and len(plain) == 1 and not params:
            card = next((c for c in state.offer if SPELL_KINDS[c] == plain[0]), NO_CARD)
            if card == NO_CARD:
                raise ScenarioError(f"no face-up spell {plain[0]!r} at the Magician")
            return [Replace(card)]
        if verb == "choose" and not plain:
            return [self._choose(state, seat, params, names)]
        if verb in ("activate", "discard") and len(plain) == 1:
            first: Action
            if plain[0] == "mystery":
                first = ActivateMystery() if verb == "activate" else DiscardMystery()
            else:
                card = next((c for c in state.offer if SPELL_KINDS[c] == plain[0]), NO_CARD)
                if card == NO_CARD:
                    raise ScenarioError(f"no face-up spell {plain[0]!r} at the Magician")
                first = Activate(card) if verb == "activate" else Discard(card)
            if not params:
                return [first]
            # A choice given with the activation ("activate boss_up amount=2") is
            # played as soon as the spell asks for it.
            pending = first.card if isinstance(first, Activate) else state.mystery
            return [first, self._choose(state, seat, params, names, pending)]
        raise ScenarioError(f"cannot read the action {quote(spec)}")

    def _choose(
        self,
        state: State,
        seat: int,
        params: Sequence[str],
        names: Sequence[str],
        pending: int | None = None,
    ) -> Choose:
        values: dict[str, int] = {}
        spell = state.pending if pending is None else pending
        for param in params:
            key, _, value = param.partition("=")
            if key == "target":
                if value not in names:
                    raise ScenarioError(f"target {value!r} is not a player")
                values["target"] = names.index(value)
            elif key == "amount" and value in ("1", "2"):
                values["amount"] = int(value)
            elif key == "card" and value == "hidden":
                values["card"] = state.players[seat].hidden
            elif (
                key == "card"
                and value in _WEAPON_BY_NAME
                and SPELL_KINDS[spell]
                in (
                    "exchange",
                    "invert_potion",
                )
            ):
                values["card"] = _WEAPON_BY_NAME[value]
            elif key in ("card", "other") and value in COMPANIONS:
                values[key] = COMPANIONS.index(value)
            elif key == "card":
                active = [s.card for s in state.active if SPELL_KINDS[s.card] == value]
                if not active:
                    raise ScenarioError(f"card={value} names no weapon nor spell in play")
                values["card"] = active[0]
            else:
                raise ScenarioError(f"cannot read the choice {param!r}")
        if "other" in values and "card" in values and values["card"] > values["other"]:
            values["card"], values["other"] = values["other"], values["card"]  # either order
        return Choose(**values)

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
            check_shape(wanted, _SHAPES.get(key, ANY), f"expect.{key}")
            try:
                actual = _EXPECTATIONS[key](self, state, names, wanted)
            except GameError as error:  # a name in the expectation that is no name
                raise ScenarioError(f"expect.{key}: {error.message}") from None
            if actual != _normalize(wanted):
                problems.append(f"expected {key} {_normalize(wanted)!r}, found {actual!r}")
        return problems


def _normalize(value: Any) -> Any:
    """Compare lists of names as sets: their order says nothing."""
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return sorted(value)
    return value


def _per_player(values: Sequence[Any], names: Sequence[str], wanted: Any) -> dict[str, Any]:
    """Only the players the expectation names are compared."""
    if not isinstance(wanted, Mapping):
        raise ScenarioError("this expectation maps player names to values")
    seats = {name: seat for seat, name in enumerate(names) if seat < len(values)}
    return {name: values[seats[name]] for name in wanted if name in seats}


def _seat_names(seats: Sequence[int], names: Sequence[str]) -> list[str]:
    return sorted(names[seat] for seat in seats)


def _result_seats(state: State, names: Sequence[str], flag: str) -> list[str] | None:
    if state.result is None:
        return None
    return sorted(names[i] for i, seat in enumerate(state.result.seats) if getattr(seat, flag))


def spec_of(state: State, seat: int, action: Action, names: Sequence[str]) -> str:
    """The scenario spelling of an engine action: the inverse of `actions`."""
    if isinstance(action, Ask):
        return f"ask {action.count}"
    if isinstance(action, AskVisit):
        return f"ask {action.count} visit"
    simple = {Visit: "visit", Stop: "stop", Pass: "pass", TakeLife: "life"}
    simple |= {ActivateMystery: "activate mystery", DiscardMystery: "discard mystery"}
    simple |= {LookMystery: "look mystery", BecomeReaper: "reaper"}
    if type(action) in simple:
        return simple[type(action)]
    if isinstance(action, Activate | Discard):
        verb = "activate" if isinstance(action, Activate) else "discard"
        return f"{verb} {SPELL_KINDS[action.card]}"
    if isinstance(action, ReadPotion):
        return f"read {weapon_name(action.card)} {'+' if action.sign > 0 else '-'}"
    if isinstance(action, Look):
        return f"look {names[action.target]}"
    if isinstance(action, Replace):
        return f"replace {SPELL_KINDS[action.card]}"
    assert isinstance(action, Choose)
    if action.other is not None:
        assert action.card is not None
        return f"choose card={COMPANIONS[action.card]} other={COMPANIONS[action.other]}"
    words = ["choose"]
    if action.target is not None:
        words.append(f"target={names[action.target]}")
    if action.amount is not None:
        words.append(f"amount={action.amount}")
    if action.card is not None:
        if SPELL_KINDS[state.pending] == "cancel":
            words.append(f"card={SPELL_KINDS[action.card]}")
        elif SPELL_KINDS[state.pending] == "invert_potion":
            words.append(f"card={weapon_name(action.card)}")
        elif action.card == state.players[seat].hidden:
            words.append("card=hidden")
        else:
            words.append(f"card={weapon_name(action.card)}")
    return " ".join(words)


def _legal_specs(scen: BossQuestScenarios, state: State, names: Sequence[str], wanted: Any) -> Any:
    if state.seat == NO_CARD:
        return []
    return sorted(spec_of(state, state.seat, a, names) for a in legal_actions(state, state.seat))


def _illegal(
    scen: BossQuestScenarios, state: State, names: Sequence[str], wanted: Any
) -> list[str]:
    legal = legal_actions(state, state.seat) if state.seat != NO_CARD else []
    if not isinstance(wanted, list):
        raise ScenarioError("illegal must be a list of actions")
    return sorted(
        spec for spec in wanted if scen.actions(state, state.seat, spec, names)[0] not in legal
    )


def _sees(scen: BossQuestScenarios, state: State, names: Sequence[str], wanted: Any) -> Any:
    viewers = _names_map(wanted, names, "sees")
    shown: dict[str, dict[str, str | None]] = {}
    for viewer, owners in viewers.items():
        if not isinstance(owners, Mapping) or not all(owner in names for owner in owners):
            raise ScenarioError("sees maps each viewer to the players whose hidden weapon it sees")
        seats = view(state, viewer)["seats"]
        shown[names[viewer]] = {
            owner: None
            if seats[names.index(owner)]["hidden"] is None
            else weapon_name(seats[names.index(owner)]["hidden"])
            for owner in owners
        }
    return shown


_EXPECTATIONS: dict[str, Any] = {
    "keys": lambda scen, s, names, w: _per_player([p.keys for p in s.players], names, w),
    "hearts": lambda scen, s, names, w: _per_player([p.hearts for p in s.players], names, w),
    "strength": lambda scen, s, names, w: _per_player(
        [strength(s, seat) for seat in range(len(names))], names, w
    ),
    "boss_hp": lambda scen, s, names, w: current_hp(s),
    "round": lambda scen, s, names, w: s.round,
    "armorer": lambda scen, s, names, w: names[s.armorer],
    "to_act": lambda scen, s, names, w: None if s.seat == NO_CARD else names[s.seat],
    "stage": lambda scen, s, names, w: s.stage,
    "at_magician": lambda scen, s, names, w: _seat_names(
        [i for i, p in enumerate(s.players) if p.at_magician], names
    ),
    "active": lambda scen, s, names, w: sorted(SPELL_KINDS[a.card] for a in s.active),
    "offer": lambda scen, s, names, w: sorted(SPELL_KINDS[c] for c in s.offer),
    "mystery": lambda scen, s, names, w: s.mystery != NO_CARD,
    "weapon_deck": lambda scen, s, names, w: len(s.weapon_deck),
    "hand": lambda scen, s, names, w: _per_player(
        [
            {
                "hidden": None if p.hidden == NO_CARD else weapon_name(p.hidden),
                "visible": [weapon_name(c) for c in p.visible],
            }
            for p in s.players
        ],
        names,
        w,
    ),
    "sees": _sees,
    "legal": _legal_specs,
    "illegal": _illegal,
    "round_winners": lambda scen, s, names, w: _result_seats(s, names, "winner"),
    "over": lambda scen, s, names, w: _result_seats(s, names, "over"),
    "out": lambda scen, s, names, w: _result_seats(s, names, "out"),
    "perfect": lambda scen, s, names, w: _result_seats(s, names, "perfect"),
    "fight_strength": lambda scen, s, names, w: (
        None
        if s.result is None
        else _per_player([seat.strength for seat in s.result.seats], names, w)
    ),
    "fight_boss_hp": lambda scen, s, names, w: None if s.result is None else s.result.boss_hp,
    "keys_won": lambda scen, s, names, w: (
        None
        if s.result is None
        else _per_player([seat.keys_won for seat in s.result.seats], names, w)
    ),
    "hearts_lost": lambda scen, s, names, w: (
        None
        if s.result is None
        else _per_player([seat.hearts_lost for seat in s.result.seats], names, w)
    ),
    "game_over": lambda scen, s, names, w: bool(s.winners),
    "game_winners": lambda scen, s, names, w: _seat_names(s.winners, names),
    # Potions.
    "readings": lambda scen, s, names, w: _readings(s, w),
    # Companions.
    "companions": lambda scen, s, names, w: _per_player(
        [None if card == NO_CARD else COMPANIONS[card] for card in s.companions], names, w
    ),
    "reserve": lambda scen, s, names, w: sorted(COMPANIONS[card] for card in s.reserve),
    "used": lambda scen, s, names, w: sorted(COMPANIONS[card] for card in s.used),
    "sees_mystery": lambda scen, s, names, w: _sees_mystery(s, names, w),
    # The Reaper.
    "fates": lambda scen, s, names, w: _per_player([_FATE_OF[f] for f in s.fates], names, w),
    "reaper_came": lambda scen, s, names, w: s.reaper_came,
    "reaper_boss": lambda scen, s, names, w: s.boss == REAPER,
    "destiny": lambda scen, s, names, w: _seat_names(s.destiny, names),
    "reaper_hit": lambda scen, s, names, w: _result_seats(s, names, "reaper_hit"),
}


_BY_PLAYER = map_of(WHOLE, "player names", "whole numbers")
_SPELLS = list_of(TEXT, "spell names")
_COMPANIONS = list_of(TEXT, "companion names")
_FIGHT_SEATS = or_null(NAMES)
_FIGHT_FIGURES = or_null(_BY_PLAYER)
_HAND = Shape(
    'an object mapping player names to {"hidden": weapon or null, "visible": [weapons]}',
    lambda value: (
        isinstance(value, Mapping)
        and all(
            isinstance(hand, Mapping)
            and set(hand) <= {"hidden", "visible"}
            and or_null(TEXT).fits(hand.get("hidden"))
            and list_of(TEXT, "weapons").fits(hand.get("visible", []))
            for hand in value.values()
        )
    ),
)
_SHAPES: dict[str, Shape] = {
    "keys": _BY_PLAYER,
    "hearts": _BY_PLAYER,
    "strength": _BY_PLAYER,
    "boss_hp": WHOLE,
    "round": WHOLE,
    "armorer": TEXT,
    "to_act": or_null(TEXT),
    "stage": TEXT,
    "at_magician": NAMES,
    "active": _SPELLS,
    "offer": _SPELLS,
    "mystery": FLAG,
    "weapon_deck": WHOLE,
    "hand": _HAND,
    "sees": map_of(
        map_of(or_null(TEXT), "player names", "weapons or null"), "player names", "objects"
    ),
    "legal": list_of(TEXT, "actions written as text"),
    "illegal": list_of(TEXT, "actions written as text"),
    "round_winners": _FIGHT_SEATS,
    "over": _FIGHT_SEATS,
    "out": _FIGHT_SEATS,
    "perfect": _FIGHT_SEATS,
    "fight_strength": _FIGHT_FIGURES,
    "fight_boss_hp": or_null(WHOLE),
    "keys_won": _FIGHT_FIGURES,
    "hearts_lost": _FIGHT_FIGURES,
    "game_over": FLAG,
    "game_winners": NAMES,
    "readings": map_of(WHOLE, "potion names", "whole numbers"),
    "companions": map_of(or_null(TEXT), "player names", "companion names or null"),
    "reserve": _COMPANIONS,
    "used": _COMPANIONS,
    "sees_mystery": map_of(or_null(TEXT), "player names", "spell names or null"),
    "fates": map_of(TEXT, "player names", "fates"),
    "reaper_came": FLAG,
    "reaper_boss": FLAG,
    "destiny": NAMES,
    "reaper_hit": _FIGHT_SEATS,
}
"""What each expectation's value must look like, whatever the state."""


def _readings(state: State, wanted: Any) -> dict[str, int]:
    if not isinstance(wanted, Mapping):
        raise ScenarioError("readings maps potion names to their readings")
    found = {weapon_name(WEAPON_COUNT + index): value for index, value in enumerate(state.readings)}
    return {name: found[name] for name in wanted if name in found}


def _sees_mystery(state: State, names: Sequence[str], wanted: Any) -> dict[str, str | None]:
    seen = {}
    for seat in _names_map(wanted, names, "sees_mystery"):
        card = mystery_shown(state, seat)
        seen[names[seat]] = None if card is None else SPELL_KINDS[card]
    return seen


_JSON_NAMES: Final = _json_names()
SCENARIOS = BossQuestScenarios()
