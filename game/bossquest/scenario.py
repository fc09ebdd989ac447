"""Boss Quest scenarios: stacked deals written with names ("red5", "boss_up",
"Lucie"), actions as short strings ("ask 2", "activate strength_up target=Lucie
amount=2") and expectations. The format is in docs/scenarios.md."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine import rng
from ..engine.errors import ScenarioError
from ..engine.jsonfields import expect_fields
from .actions import (
    Action,
    Activate,
    ActivateMystery,
    Ask,
    Choose,
    Discard,
    DiscardMystery,
    Pass,
    Stop,
    Visit,
    action_from_json,
)
from .cards import BOSS_COUNT, SPELL_KINDS, boss_hp, spell_ids, weapon_ids, weapon_name
from .options import Options
from .rules import legal_actions
from .setup import complete_order, first_state
from .state import NO_CARD, State
from .table import current_hp, strength
from .views import view

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
)
_WEAPON_BY_NAME = {weapon_name(card): card for card in range(35)}


def _weapon(name: Any) -> int:
    if name not in _WEAPON_BY_NAME:
        raise ScenarioError(f"unknown weapon {name!r} (write a colour and a value: 'red5')")
    return _WEAPON_BY_NAME[name]


def _names_map(value: Any, names: Sequence[str], what: str) -> dict[int, Any]:
    if not isinstance(value, Mapping):
        raise ScenarioError(f"{what} must map player names to values")
    result = {}
    for name, item in value.items():
        if name not in names:
            raise ScenarioError(f"{what}: unknown player {name!r}")
        result[names.index(name)] = item
    return result


def _deal_prefix(
    hands: Any, deck: Any, names: Sequence[str], armorer: int, what: str
) -> tuple[int, ...]:
    """The weapon deck order that deals `hands` (hidden cards from the Armorer's
    left, then visible ones) and continues with `deck`."""
    prefix: list[int] = []
    if hands is not None:
        by_seat = _names_map(hands, names, f"{what}.hands")
        if len(by_seat) != len(names):
            raise ScenarioError(f"{what}.hands must give a hand to every player or to none")
        order = [(armorer + step) % len(names) for step in range(1, len(names) + 1)]
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


def _spell_cards(kinds: Any, available: Sequence[int]) -> list[int]:
    if not isinstance(kinds, list):
        raise ScenarioError("setup.spells must be a list of spell names")
    free = list(available)
    cards = []
    for kind in kinds:
        match = next((card for card in free if SPELL_KINDS[card] == kind), None)
        if match is None:
            raise ScenarioError(
                f"no spell {kind!r} left to stack (known: {sorted(set(SPELL_KINDS))})"
            )
        free.remove(match)
        cards.append(match)
    return cards


class BossQuestScenarios:
    """The Boss Quest half of the scenario runner."""

    def build(self, setup: Mapping[str, Any]) -> tuple[State, list[str]]:
        fields = expect_fields(setup, "setup", ("players",), _SETUP_FIELDS)
        names = fields["players"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ScenarioError("setup.players must be a list of names, in seat order")
        if len(set(names)) != len(names):
            raise ScenarioError("setup.players has a name twice")
        options = Options.from_json({"players": len(names), **dict(fields.get("options", {}))})
        armorer_name = fields.get("armorer", names[-1])
        if armorer_name not in names:
            raise ScenarioError(f"setup.armorer {armorer_name!r} is not a player")
        armorer = names.index(armorer_name)
        generator = rng.seed_state(int(fields.get("seed", 0)))
        boss_prefix = []
        for hp in fields.get("bosses", []):
            if not isinstance(hp, int) or not 0 <= hp - boss_hp(0) < BOSS_COUNT:
                raise ScenarioError(f"no boss has {hp!r} hit points")
            boss_prefix.append(hp - boss_hp(0))
        bosses, generator = complete_order(generator, boss_prefix, range(BOSS_COUNT))
        spell_prefix = _spell_cards(fields.get("spells", []), spell_ids(options.uses_yellow))
        spells, generator = complete_order(generator, spell_prefix, spell_ids(options.uses_yellow))
        weapons = _deal_prefix(
            fields.get("hands"), fields.get("weapon_deck"), names, armorer, "setup"
        )
        allowed = set(weapon_ids(options.uses_yellow))
        if not set(weapons) <= allowed:
            raise ScenarioError("setup stacks a yellow weapon, but yellow is out of this game")
        later = fields.get("later_rounds", [])
        if not isinstance(later, list):
            raise ScenarioError("setup.later_rounds must be a list")
        stacked = tuple(
            _deal_prefix(
                expect_fields(round_setup, "later round", (), ("hands", "weapon_deck")).get(
                    "hands"
                ),
                round_setup.get("weapon_deck"),
                names,
                (armorer + number) % len(names),
                f"setup.later_rounds[{number - 1}]",
            )
            for number, round_setup in enumerate(later, start=1)
        )
        hearts = _names_map(fields.get("hearts", {}), names, "setup.hearts")
        keys = _names_map(fields.get("keys", {}), names, "setup.keys")
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
        )
        return state, list(names)

    def actions(self, state: State, seat: int, spec: Any, names: Sequence[str]) -> list[Action]:
        if isinstance(spec, Mapping):
            return [action_from_json(spec)]
        if not isinstance(spec, str) or not spec.split():
            raise ScenarioError(f"an action must be a string like 'ask 2', not {spec!r}")
        words = spec.split()
        verb, rest = words[0], words[1:]
        params = [word for word in rest if "=" in word]
        plain = [word for word in rest if "=" not in word]
        if verb == "ask" and len(plain) == 1 and plain[0].isdigit() and not params:
            return [Ask(int(plain[0]))]
        simple: dict[str, Action] = {"visit": Visit(), "stop": Stop(), "pass": Pass()}
        if verb in simple and not rest:
            return [simple[verb]]
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
        raise ScenarioError(f"cannot read the action {spec!r}")

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
            elif key == "card" and value in _WEAPON_BY_NAME and SPELL_KINDS[spell] == "exchange":
                values["card"] = _WEAPON_BY_NAME[value]
            elif key == "card":
                active = [s.card for s in state.active if SPELL_KINDS[s.card] == value]
                if not active:
                    raise ScenarioError(f"card={value} names no weapon nor spell in play")
                values["card"] = active[0]
            else:
                raise ScenarioError(f"cannot read the choice {param!r}")
        return Choose(**values)

    def mismatches(
        self, state: State, expect: Mapping[str, Any], names: Sequence[str]
    ) -> list[str]:
        problems: list[str] = []
        for key, wanted in expect.items():
            if key not in _EXPECTATIONS:
                raise ScenarioError(
                    f"unknown expectation {key!r}; known: {', '.join(_EXPECTATIONS)}"
                )
            actual = _EXPECTATIONS[key](self, state, names, wanted)
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
    return {name: values[names.index(name)] for name in wanted if name in names}


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
    simple = {Visit: "visit", Stop: "stop", Pass: "pass"}
    simple |= {ActivateMystery: "activate mystery", DiscardMystery: "discard mystery"}
    if type(action) in simple:
        return simple[type(action)]
    if isinstance(action, Activate | Discard):
        verb = "activate" if isinstance(action, Activate) else "discard"
        return f"{verb} {SPELL_KINDS[action.card]}"
    assert isinstance(action, Choose)
    words = ["choose"]
    if action.target is not None:
        words.append(f"target={names[action.target]}")
    if action.amount is not None:
        words.append(f"amount={action.amount}")
    if action.card is not None:
        if SPELL_KINDS[state.pending] == "cancel":
            words.append(f"card={SPELL_KINDS[action.card]}")
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
            {"hidden": weapon_name(p.hidden), "visible": [weapon_name(c) for c in p.visible]}
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
}

SCENARIOS = BossQuestScenarios()
