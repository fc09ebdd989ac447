"""Boss Quest's state as JSON, and back, exactly. Decoding is strict: a field
missing, extra or of the wrong type raises MalformedData naming it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.errors import MalformedData
from ..engine.jsonfields import expect_fields, read_bool, read_int, read_int_list, read_str
from ..engine.safejson import quote
from .actions import action_from_json, action_to_json
from .invariants import state_problems
from .options import Options
from .state import ActiveSpell, Fate, Player, RoundResult, SeatResult, Stage, State

# the actions' readers live in actions.py; named here too, the game's whole codec in one module
__all__ = [
    "action_from_json",
    "action_to_json",
    "result_from_json",
    "result_to_json",
    "state_from_json",
    "state_to_json",
]


def _active_to_json(spell: ActiveSpell) -> dict[str, Any]:
    return {"card": spell.card, "target": spell.target, "amount": spell.amount}


def _active_from_json(data: object) -> ActiveSpell:
    fields = expect_fields(data, "active spell", ("card", "target", "amount"))
    return ActiveSpell(
        read_int(fields, "card", "active spell"),
        read_int(fields, "target", "active spell"),
        read_int(fields, "amount", "active spell"),
    )


_SEAT_RESULT_FIELDS = (
    "weapons",
    "strength",
    "over",
    "out",
    "hearts_lost",
    "keys_won",
    "perfect",
    "winner",
)


def result_to_json(result: RoundResult) -> dict[str, Any]:
    # Each view holds the last fight's result, so this is written out: no call per seat.
    seats = []
    for seat in result.seats:
        data: dict[str, Any] = {
            "weapons": list(seat.weapons),
            "strength": seat.strength,
            "over": seat.over,
            "out": seat.out,
            "hearts_lost": seat.hearts_lost,
            "keys_won": seat.keys_won,
            "perfect": seat.perfect,
            "winner": seat.winner,
        }
        if seat.reaper_hit:  # the Reaper extension, only when it struck
            data["reaper_hit"] = True
        seats.append(data)
    return {
        "round": result.round,
        "boss": result.boss,
        "boss_hp": result.boss_hp,
        "active": [
            {"card": spell.card, "target": spell.target, "amount": spell.amount}
            for spell in result.active
        ],
        "mystery": result.mystery,
        "seats": seats,
    }


def _seat_result_from_json(data: object) -> SeatResult:
    what = "round result seat"
    fields = expect_fields(data, what, _SEAT_RESULT_FIELDS, ("reaper_hit",))
    return SeatResult(
        weapons=read_int_list(fields, "weapons", what),
        strength=read_int(fields, "strength", what),
        over=read_bool(fields, "over", what),
        out=read_bool(fields, "out", what),
        hearts_lost=read_int(fields, "hearts_lost", what),
        keys_won=read_int(fields, "keys_won", what),
        perfect=read_bool(fields, "perfect", what),
        winner=read_bool(fields, "winner", what),
        reaper_hit=read_bool(fields, "reaper_hit", what) if "reaper_hit" in fields else False,
    )


def result_from_json(data: object) -> RoundResult:
    what = "round result"
    fields = expect_fields(data, what, ("round", "boss", "boss_hp", "active", "mystery", "seats"))
    return RoundResult(
        round=read_int(fields, "round", what),
        boss=read_int(fields, "boss", what),
        boss_hp=read_int(fields, "boss_hp", what),
        active=tuple(_active_from_json(item) for item in _list(fields, "active", what)),
        mystery=read_int(fields, "mystery", what),
        seats=tuple(_seat_result_from_json(item) for item in _list(fields, "seats", what)),
    )


def _list(fields: Mapping[str, Any], key: str, what: str) -> list[Any]:
    value = fields[key]
    if not isinstance(value, list):
        raise MalformedData(f"{what}.{key} must be a list")
    return value


def _player_to_json(player: Player) -> dict[str, Any]:
    return {
        "hidden": player.hidden,
        "visible": list(player.visible),
        "hearts": player.hearts,
        "keys": player.keys,
        "at_magician": player.at_magician,
    }


def _player_from_json(data: object) -> Player:
    what = "player"
    fields = expect_fields(data, what, ("hidden", "visible", "hearts", "keys", "at_magician"))
    return Player(
        hidden=read_int(fields, "hidden", what),
        visible=read_int_list(fields, "visible", what),
        hearts=read_int(fields, "hearts", what),
        keys=read_int(fields, "keys", what),
        at_magician=read_bool(fields, "at_magician", what),
    )


_STATE_FIELDS = (
    "options",
    "rng",
    "round",
    "armorer",
    "seat",
    "stage",
    "players",
    "boss",
    "boss_deck",
    "boss_discard",
    "weapon_deck",
    "weapon_discard",
    "spell_deck",
    "spell_discard",
    "offer",
    "mystery",
    "active",
    "pending",
    "last_turn",
    "lone_asked",
    "known",
    "result",
    "winners",
    "stacked",
)
# Each extension's fields, present exactly when the extension is on, so that a
# base-game state's JSON (and its hash) is what it always was.
_EXTENSION_FIELDS = {
    "potions": ("readings", "turn_of", "resume"),
    "companions": ("companions", "reserve", "used", "saw_mystery"),
    "reaper": ("fates", "reaper_came", "destiny"),
}


def state_to_json(state: State) -> dict[str, Any]:
    data = _base_to_json(state)
    options = state.options
    if options.potions:
        data |= {"readings": list(state.readings), "turn_of": state.turn_of}
        data["resume"] = state.resume
    if options.companions:
        data |= {"companions": list(state.companions), "reserve": list(state.reserve)}
        data |= {"used": list(state.used), "saw_mystery": list(state.saw_mystery)}
    if options.reaper:
        data |= {"fates": list(state.fates), "reaper_came": state.reaper_came}
        data["destiny"] = list(state.destiny)
    return data


def _base_to_json(state: State) -> dict[str, Any]:
    return {
        "options": state.options.to_json(),
        "rng": state.rng,
        "round": state.round,
        "armorer": state.armorer,
        "seat": state.seat,
        "stage": state.stage,
        "players": [_player_to_json(player) for player in state.players],
        "boss": state.boss,
        "boss_deck": list(state.boss_deck),
        "boss_discard": list(state.boss_discard),
        "weapon_deck": list(state.weapon_deck),
        "weapon_discard": list(state.weapon_discard),
        "spell_deck": list(state.spell_deck),
        "spell_discard": list(state.spell_discard),
        "offer": list(state.offer),
        "mystery": state.mystery,
        "active": [_active_to_json(spell) for spell in state.active],
        "pending": state.pending,
        "last_turn": None if state.last_turn is None else list(state.last_turn),
        "lone_asked": state.lone_asked,
        "known": [list(pair) for pair in state.known],
        "result": None if state.result is None else result_to_json(state.result),
        "winners": list(state.winners),
        "stacked": [list(order) for order in state.stacked],
    }


def _int_pairs(value: object, what: str) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, list) or not all(
        isinstance(pair, list) and len(pair) == 2 and all(type(x) is int for x in pair)
        for pair in value
    ):
        raise MalformedData(f"{what} must be a list of [seat, card] pairs")
    return tuple((pair[0], pair[1]) for pair in value)


def _int_lists(value: object, what: str) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list) or not all(
        isinstance(order, list) and all(type(x) is int for x in order) for order in value
    ):
        raise MalformedData(f"{what} must be a list of lists of integers")
    return tuple(tuple(order) for order in value)


def state_from_json(data: object) -> State:
    """Decode a state. Shape errors raise MalformedData; so do impossible contents
    (a card in two places, hearts out of bounds), so a corrupt save never loads."""
    what = "state"
    if not isinstance(data, Mapping):
        raise MalformedData(f"state must be a JSON object, not {type(data).__name__}")
    options_data = data.get("options")
    if not isinstance(options_data, Mapping):
        raise MalformedData("state.options must be a JSON object")
    options = Options.from_json(options_data)
    extension_fields = [
        name
        for extension, names in _EXTENSION_FIELDS.items()
        if getattr(options, extension)
        for name in names
    ]
    fields = expect_fields(data, what, (*_STATE_FIELDS, *extension_fields))
    stage = read_str(fields, "stage", what)
    if stage not in Stage.ALL:
        raise MalformedData(f"state.stage {quote(stage)} is not one of {', '.join(Stage.ALL)}")
    last_turn = fields["last_turn"]
    result = fields["result"]
    extensions = _extensions_from_json(fields, options)
    state = State(
        options=options,
        rng=read_int(fields, "rng", what),
        round=read_int(fields, "round", what),
        armorer=read_int(fields, "armorer", what),
        seat=read_int(fields, "seat", what),
        stage=stage,
        players=tuple(_player_from_json(item) for item in _list(fields, "players", what)),
        boss=read_int(fields, "boss", what),
        boss_deck=read_int_list(fields, "boss_deck", what),
        boss_discard=read_int_list(fields, "boss_discard", what),
        weapon_deck=read_int_list(fields, "weapon_deck", what),
        weapon_discard=read_int_list(fields, "weapon_discard", what),
        spell_deck=read_int_list(fields, "spell_deck", what),
        spell_discard=read_int_list(fields, "spell_discard", what),
        offer=read_int_list(fields, "offer", what),
        mystery=read_int(fields, "mystery", what),
        active=tuple(_active_from_json(item) for item in _list(fields, "active", what)),
        pending=read_int(fields, "pending", what),
        last_turn=None if last_turn is None else read_int_list(fields, "last_turn", what),
        lone_asked=read_bool(fields, "lone_asked", what),
        known=_int_pairs(fields["known"], "state.known"),
        result=None if result is None else result_from_json(result),
        winners=read_int_list(fields, "winners", what),
        stacked=_int_lists(fields["stacked"], "state.stacked"),
        **extensions,
    )
    problems = state_problems(state)
    if problems:
        raise MalformedData(f"corrupt state: {problems[0]}", code="corrupt_state")
    return state


def _extensions_from_json(fields: Mapping[str, Any], options: Options) -> dict[str, Any]:
    what = "state"
    values: dict[str, Any] = {}
    if options.potions:
        values["readings"] = read_int_list(fields, "readings", what)
        values["turn_of"] = read_int(fields, "turn_of", what)
        values["resume"] = read_str(fields, "resume", what)
    if options.companions:
        for name in ("companions", "reserve", "used", "saw_mystery"):
            values[name] = read_int_list(fields, name, what)
    if options.reaper:
        fates = fields["fates"]
        if not isinstance(fates, list) or any(fate not in Fate.ALL for fate in fates):
            raise MalformedData(f"state.fates must be a list of {', '.join(map(repr, Fate.ALL))}")
        values["fates"] = tuple(fates)
        values["reaper_came"] = read_bool(fields, "reaper_came", what)
        values["destiny"] = read_int_list(fields, "destiny", what)
    return values
