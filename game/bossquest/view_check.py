"""What a Boss Quest host may send a seat, checked strictly (engine/viewcheck.py):
the view (every field, card ids of this game, cards counted once, nothing the
seat may not see), the legal actions, the events and the outcome."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..engine.errors import GameError
from ..engine.viewcheck import (
    Received,
    Refused,
    boolean,
    choice,
    distinct,
    fields,
    int_list,
    integer,
    listing,
    refusal,
    require,
)
from . import actions as act
from .cards import (
    ALL_WEAPON_COUNT,
    BOSS_COUNT,
    COMPANIONS,
    POTIONS,
    REAPER,
    SPELL_COUNT,
    SPELL_KINDS,
    boss_hp,
    companion_ids,
    potion_size,
    spell_ids,
    weapon_ids,
)
from .options import MAX_PLAYERS, MIN_PLAYERS
from .setup import STARTING_HEARTS
from .state import Fate, Stage

__all__ = ["check_received"]

_VIEW: Final = (
    "game", "seat", "players", "keys_to_win", "uses_yellow", "round", "armorer", "to_act",
    "stage", "pending", "boss", "boss_deck", "boss_discard", "offer", "mystery", "active",
    "weapon_deck", "weapon_discard", "spell_deck", "spell_discard", "last_turn", "lone_asked",
    "seats", "result", "winners",
)  # fmt: skip
_EXTENSIONS: Final = ("potions", "companions", "reaper")
_SEAT: Final = ("hearts", "keys", "at_magician", "hidden", "visible", "weapons")
_RESULT_SEAT: Final = (
    "weapons", "strength", "over", "out", "hearts_lost", "keys_won", "perfect", "winner",
)  # fmt: skip
_REVEALED: Final = (Stage.OVER, Stage.REVEAL, Stage.DESTINY)
_ROUNDS: Final = 500
_KEYS: Final = 20
_BIG: Final = 1000  # strengths and hit points: far above any the cards can reach
_NO_CARD: Final = -1
# The actions of each stage (a stage's seat acts; no other seat has any).
_STAGE_ACTIONS: Final[dict[str, tuple[type, ...]]] = {
    Stage.TURN: (
        act.Ask, act.AskVisit, act.Visit, act.Stop, act.Pass, act.Activate, act.Discard,
        act.ActivateMystery, act.DiscardMystery, act.Look, act.LookMystery, act.Replace,
    ),
    Stage.SPELL: (
        act.Activate, act.Discard, act.ActivateMystery, act.DiscardMystery, act.Look,
        act.LookMystery, act.Replace,
    ),
    Stage.CHOOSE: (act.Choose,),
    Stage.POTION: (act.ReadPotion,),
    Stage.REVEAL: (act.ReadPotion,),
    Stage.DESTINY: (act.TakeLife, act.BecomeReaper),
    Stage.OVER: (),
}  # fmt: skip


class _Game:
    """What the view says of the game itself, that the rest is read against."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.players: int = view["players"]
        self.potions = "potions" in view
        self.companions = "companions" in view
        self.weapons = frozenset(weapon_ids(view["uses_yellow"], self.potions))
        self.spells = frozenset(spell_ids(view["uses_yellow"], self.potions, self.companions))

    def seat(self, value: object, path: str) -> int:
        return integer(value, path, 0, self.players - 1)

    def seats(self, value: object, path: str, size: tuple[int, int] | None = None) -> list[int]:
        found = int_list(value, path, 0, self.players - 1, size or (0, self.players))
        distinct(found, path)
        return found

    def weapon(self, value: object, path: str) -> int:
        card = integer(value, path, 0, ALL_WEAPON_COUNT - 1)
        if card not in self.weapons:
            raise Refused(f"{path} names weapon {card}, not one of this game")
        return card

    def weapon_list(self, value: object, path: str) -> list[int]:
        items = listing(value, path, 0, ALL_WEAPON_COUNT)
        return [self.weapon(item, f"{path}[{index}]") for index, item in enumerate(items)]

    def spell(self, value: object, path: str) -> int:
        card = integer(value, path, 0, SPELL_COUNT - 1)
        if card not in self.spells:
            raise Refused(f"{path} names spell {card}, not one of this game")
        return card

    def spell_list(self, value: object, path: str) -> list[int]:
        items = listing(value, path, 0, SPELL_COUNT)
        found = [self.spell(item, f"{path}[{index}]") for index, item in enumerate(items)]
        distinct(found, path)
        return found


def check_received(received: Received) -> str | None:
    return refusal(_check, received)


def _check(received: Received) -> None:
    seat = received.seat
    require(
        seat is None or (isinstance(seat, int) and 0 <= seat < MAX_PLAYERS), "you", "is no seat"
    )
    view, game = _view(received.view, seat)
    _legal(received.legal, view, game, seat)
    for index, event in enumerate(received.events):
        _event(event, f"events[{index}]", game, seat)
    _outcome(received.outcome, view)


# ------------------------------------------------------------------ the view


def _view(data: object, seat: int | None) -> tuple[Mapping[str, Any], _Game]:
    optional = (*_EXTENSIONS, *(() if seat is None else ("you",)))
    view = fields(data, "view", (*_VIEW, *(() if seat is None else ("you",))), optional)
    require(view["game"] == "bossquest", "view.game", "is not bossquest")
    require(view["seat"] == seat, "view.seat", "is not the seat the frame is for")
    players = integer(view["players"], "view.players", MIN_PLAYERS, MAX_PLAYERS)
    require(seat is None or seat < players, "you", "is no seat of this game")
    keys_to_win = integer(view["keys_to_win"], "view.keys_to_win", 4, 5)
    require(keys_to_win == (5 if players <= 4 else 4), "view.keys_to_win", "does not fit")
    uses_yellow = boolean(view["uses_yellow"], "view.uses_yellow")
    require(uses_yellow or players < 5, "view.uses_yellow", "is off at 5 or 6 players")
    game = _Game(view)
    integer(view["round"], "view.round", 1, _ROUNDS)
    game.seat(view["armorer"], "view.armorer")
    stage = choice(view["stage"], "view.stage", Stage.ALL)
    to_act = view["to_act"]
    if stage == Stage.OVER:
        require(to_act is None, "view.to_act", "names a seat once the game is over")
    else:
        game.seat(to_act, "view.to_act")
    pending = view["pending"]
    require((pending is None) == (stage != Stage.CHOOSE), "view.pending", "does not fit the stage")
    if pending is not None:
        game.spell(pending, "view.pending")
    spells = _spells(view, game)
    _bosses(view)
    seats, weapons = _seats(view, game, seat, stage)
    require(
        integer(view["weapon_deck"], "view.weapon_deck", 0, ALL_WEAPON_COUNT)
        + integer(view["weapon_discard"], "view.weapon_discard", 0, ALL_WEAPON_COUNT)
        + sum(entry["weapons"] for entry in seats)
        == len(game.weapons),
        "view",
        f"does not account for the {len(game.weapons)} weapons",
    )
    if view["last_turn"] is not None:
        game.seats(view["last_turn"], "view.last_turn")
    boolean(view["lone_asked"], "view.lone_asked")
    if view["result"] is not None:
        _result(view["result"], "view.result", game)
    game.seats(view["winners"], "view.winners")
    if seat is not None:
        you = fields(view["you"], "view.you", ("strength", "over"))
        integer(you["strength"], "view.you.strength", -_BIG, _BIG)
        boolean(you["over"], "view.you.over")
    if "potions" in view:
        _potions(view["potions"], game, weapons)
    if "companions" in view:
        spells += _companions(view["companions"], game, seat)
    if "reaper" in view:
        _reaper(view["reaper"], game)
    distinct(spells, "view's spells")
    return view, game


def _spells(view: Mapping[str, Any], game: _Game) -> list[int]:
    """Every spell named, and every spell counted once among the places."""
    offer = game.spell_list(view["offer"], "view.offer")
    discard = game.spell_list(view["spell_discard"], "view.spell_discard")
    active = listing(view["active"], "view.active", 0, SPELL_COUNT)
    named = [*offer, *discard]
    for index, item in enumerate(active):
        path = f"view.active[{index}]"
        spell = fields(item, path, ("card", "kind", "target", "amount"))
        card = game.spell(spell["card"], f"{path}.card")
        require(spell["kind"] == SPELL_KINDS[card], f"{path}.kind", "is not the card's kind")
        integer(spell["target"], f"{path}.target", -1, game.players - 1)
        integer(spell["amount"], f"{path}.amount", -_BIG, _BIG)
        named.append(card)
    if view["pending"] is not None:
        named.append(view["pending"])
    mystery = boolean(view["mystery"], "view.mystery")
    deck = integer(view["spell_deck"], "view.spell_deck", 0, SPELL_COUNT)
    total = deck + len(offer) + len(discard) + len(active) + mystery + (view["pending"] is not None)
    require(
        total == len(game.spells), "view", f"does not account for the {len(game.spells)} spells"
    )
    return named


def _bosses(view: Mapping[str, Any]) -> None:
    boss = fields(view["boss"], "view.boss", ("card", "printed_hp", "hp"))
    card = integer(boss["card"], "view.boss.card", 0, REAPER)
    require(boss["printed_hp"] == boss_hp(card), "view.boss.printed_hp", "is not the card's")
    integer(boss["hp"], "view.boss.hp", -_BIG, _BIG)
    deck = integer(view["boss_deck"], "view.boss_deck", 0, BOSS_COUNT)
    discard = int_list(view["boss_discard"], "view.boss_discard", 0, BOSS_COUNT - 1)
    distinct([*discard, card], "view.boss_discard")
    held = deck + len(discard) + (card != REAPER)
    require(held == BOSS_COUNT, "view", f"does not account for the {BOSS_COUNT} bosses")


def _seats(
    view: Mapping[str, Any], game: _Game, seat: int | None, stage: str
) -> tuple[list[Mapping[str, Any]], list[int]]:
    items = listing(view["seats"], "view.seats", game.players, game.players)
    seats: list[Mapping[str, Any]] = []
    weapons: list[int] = []
    for owner, item in enumerate(items):
        path = f"view.seats[{owner}]"
        entry = fields(item, path, _SEAT)
        integer(entry["hearts"], f"{path}.hearts", 0, STARTING_HEARTS)
        integer(entry["keys"], f"{path}.keys", 0, _KEYS)
        boolean(entry["at_magician"], f"{path}.at_magician")
        visible = game.weapon_list(entry["visible"], f"{path}.visible")
        count = integer(entry["weapons"], f"{path}.weapons", len(visible), len(visible) + 1)
        hidden = entry["hidden"]
        if hidden is not None:
            weapons.append(game.weapon(hidden, f"{path}.hidden"))
            require(count > len(visible), f"{path}.hidden", "is a weapon not counted")
            # no spell shows a spectator anything: before the reveal, every hidden weapon is
            require(seat is not None or stage in _REVEALED, f"{path}.hidden", "is not shown yet")
        elif count > len(visible):
            # A seat always sees its own hidden weapon, and everyone sees all once revealed.
            require(owner != seat, f"{path}.hidden", "is the seat's own and missing")
            require(stage not in _REVEALED, f"{path}.hidden", "is missing once revealed")
        weapons += visible
        seats.append(entry)
    distinct(weapons, "view.seats")
    return seats, weapons


def _result(data: object, path: str, game: _Game) -> None:
    result = fields(data, path, ("round", "boss", "boss_hp", "active", "mystery", "seats"))
    integer(result["round"], f"{path}.round", 1, _ROUNDS)
    card = integer(result["boss"], f"{path}.boss", 0, REAPER)
    integer(result["boss_hp"], f"{path}.boss_hp", -_BIG, _BIG)
    require(result["boss_hp"] >= 0 or card >= 0, f"{path}.boss_hp", "is wrong")
    for index, item in enumerate(listing(result["active"], f"{path}.active", 0, SPELL_COUNT)):
        where = f"{path}.active[{index}]"
        spell = fields(item, where, ("card", "target", "amount"))
        game.spell(spell["card"], f"{where}.card")
        integer(spell["target"], f"{where}.target", -1, game.players - 1)
        integer(spell["amount"], f"{where}.amount", -_BIG, _BIG)
    if result["mystery"] != _NO_CARD:
        game.spell(result["mystery"], f"{path}.mystery")
    seats = listing(result["seats"], f"{path}.seats", game.players, game.players)
    for index, item in enumerate(seats):
        where = f"{path}.seats[{index}]"
        entry = fields(item, where, _RESULT_SEAT, ("reaper_hit",))
        distinct(game.weapon_list(entry["weapons"], f"{where}.weapons"), f"{where}.weapons")
        integer(entry["strength"], f"{where}.strength", -_BIG, _BIG)
        integer(entry["hearts_lost"], f"{where}.hearts_lost", 0, STARTING_HEARTS)
        integer(entry["keys_won"], f"{where}.keys_won", 0, 3)
        for key in ("over", "out", "perfect", "winner", "reaper_hit"):
            if key in entry:
                boolean(entry[key], f"{where}.{key}")


def _potions(data: object, game: _Game, weapons: list[int]) -> None:
    potions = fields(data, "view.potions", ("readings", "turn_of", "resume"))
    readings = int_list(potions["readings"], "view.potions.readings", -3, 3, (3, 3))
    for card, reading in zip(POTIONS, readings, strict=True):
        size = potion_size(card)
        require(reading in (0, size, -size), "view.potions.readings", "holds a wrong reading")
    if potions["turn_of"] is not None:
        game.seat(potions["turn_of"], "view.potions.turn_of")
    choice(potions["resume"], "view.potions.resume", ("", "turn", "spell", "fight"))


def _companions(data: object, game: _Game, seat: int | None) -> list[int]:
    keys = ("seats", "reserve", "used", "saw_mystery", "mystery")
    companions = fields(data, "view.companions", keys)
    known = companion_ids(game.players)
    # -1: a seat without one (the Reaper's, a seat gone)
    held = int_list(companions["seats"], "view.companions.seats", -1, len(COMPANIONS) - 1)
    require(len(held) == game.players, "view.companions.seats", "is not one per seat")
    held = [card for card in held if card >= 0]
    reserve = int_list(companions["reserve"], "view.companions.reserve", 0, len(COMPANIONS) - 1)
    distinct([*held, *reserve], "view.companions")
    require(set(held) | set(reserve) <= set(known), "view.companions", "names a companion out")
    used = int_list(companions["used"], "view.companions.used", 0, len(COMPANIONS) - 1)
    distinct(used, "view.companions.used")
    saw = game.seats(companions["saw_mystery"], "view.companions.saw_mystery")
    mystery = companions["mystery"]
    if mystery is None:
        return []
    require(seat is not None and seat in saw, "view.companions.mystery", "is not the seat's to see")
    return [game.spell(mystery, "view.companions.mystery")]


def _reaper(data: object, game: _Game) -> None:
    reaper = fields(data, "view.reaper", ("fates", "came", "destiny"))
    fates = listing(reaper["fates"], "view.reaper.fates", game.players, game.players)
    for index, fate in enumerate(fates):
        choice(fate, f"view.reaper.fates[{index}]", Fate.ALL)
    boolean(reaper["came"], "view.reaper.came")
    game.seats(reaper["destiny"], "view.reaper.destiny")


# ------------------------------------------------------------ legal actions


def _legal(data: object, view: Mapping[str, Any], game: _Game, seat: int | None) -> None:
    items = listing(data, "legal", 0, 200)
    if not items:
        return
    require(seat is not None and view["to_act"] == seat, "legal", "is not the seat's to play")
    allowed = _STAGE_ACTIONS[view["stage"]]
    seen: set[object] = set()
    for index, item in enumerate(items):
        path = f"legal[{index}]"
        try:
            action = act.action_from_json(item)
        except GameError as error:
            raise Refused(f"{path}: {error.message}") from None
        require(isinstance(action, allowed), path, "is not an action of this stage")
        require(action not in seen, path, "is listed twice")
        seen.add(action)
        _action_fits(action, path, view, game)


def _action_fits(action: object, path: str, view: Mapping[str, Any], game: _Game) -> None:
    """The cards and seats an action names exist in the view."""
    if isinstance(action, act.Ask | act.AskVisit):
        integer(action.count, f"{path}.count", 1, 4)
    elif isinstance(action, act.Activate | act.Discard | act.Replace):
        require(action.card in view["offer"], f"{path}.card", "is not a face-up spell")
    elif isinstance(action, act.ActivateMystery | act.DiscardMystery | act.LookMystery):
        require(view["mystery"], path, "names a mystery spell that is not there")
    elif isinstance(action, act.Look):
        game.seat(action.target, f"{path}.target")
    elif isinstance(action, act.ReadPotion):
        require(action.card in POTIONS and action.sign in (-1, 1), path, "is no potion reading")
    elif isinstance(action, act.Choose):
        for key in ("target", "other"):
            value = getattr(action, key)
            if value is not None:
                integer(value, f"{path}.{key}", 0, max(game.players, ALL_WEAPON_COUNT) - 1)
        if action.card is not None:
            game.weapon(action.card, f"{path}.card")


# ------------------------------------------------------------------ events

(_WEAPON, _WEAPONS, _SPELL, _BOSS, _SEAT_, _SEATS, _INT, _BOOL, _HAND_LISTS, _PAIR, _FATE,
 _CHOICE, _WHOLE) = range(13)  # fmt: skip
_SPELL_EVENT: Final = {
    "amount": _INT, "target": _INT, "cancelled": _SPELL, "companions": _PAIR, "drawn": _WEAPON,
    "given": _WEAPON, "drawn_hidden": _WEAPON, "given_card": _WEAPON, "last_turn": _SEATS,
    "potion": _WEAPON, "reading": _INT, "received": _WEAPON,
}  # fmt: skip
# type: (fields always there, fields that may be there), each with its kind
_EVENTS: Final[dict[str, tuple[dict[str, int], dict[str, int]]]] = {
    "round": (
        {"armorer": _SEAT_, "boss": _BOSS, "hp": _INT, "offer": _SPELL, "round": _INT,
         "visible": _HAND_LISTS},
        {"hidden": _WEAPON},
    ),
    "ask": ({"seat": _SEAT_, "count": _INT, "cards": _WEAPONS}, {}),
    "visit": ({"seat": _SEAT_}, {"hare": _BOOL}),
    "stop": ({"seat": _SEAT_}, {}),
    "pass": ({"seat": _SEAT_}, {}),
    "activate": ({"seat": _SEAT_, "card": _SPELL, "mystery": _BOOL}, {}),
    "discard": ({"seat": _SEAT_, "card": _SPELL, "mystery": _BOOL}, {}),
    "fizzle": ({"seat": _SEAT_, "card": _SPELL}, {}),
    "spell": ({"seat": _SEAT_, "card": _SPELL}, _SPELL_EVENT),
    "fight": (
        {"round": _INT, "boss": _BOSS, "boss_hp": _INT, "active": _WHOLE, "mystery": _WHOLE,
         "seats": _WHOLE},
        {"fates": _WHOLE, "readings": _WHOLE},
    ),
    "reveal": ({"hidden": _WHOLE}, {}),
    "game_over": ({"winners": _SEATS}, {}),
    "potion": ({"seat": _SEAT_, "card": _WEAPON, "reading": _INT}, {}),
    "replace": ({"seat": _SEAT_, "card": _SPELL, "drawn": _SPELL}, {}),
    "look": ({"seat": _SEAT_, "target": _SEAT_}, {"card": _WEAPON}),
    "look_mystery": ({"seat": _SEAT_}, {"card": _SPELL}),
    "fate": ({"seat": _SEAT_, "fate": _FATE}, {}),
    "destiny": ({"seat": _SEAT_, "choice": _CHOICE}, {}),
}  # fmt: skip
# Fields only some seats may see: (event type, field) -> who ("seat", "either", "any seat")
_SECRETS: Final = {
    ("round", "hidden"): "any seat",
    ("spell", "received"): "either",
    ("spell", "drawn_hidden"): "seat",
    ("spell", "given_card"): "seat",
    ("look", "card"): "seat",
    ("look_mystery", "card"): "seat",
}


def _event(data: object, path: str, game: _Game, seat: int | None) -> None:
    kind = choice(data.get("type") if isinstance(data, dict) else None, f"{path}.type", _EVENTS)
    always, maybe = _EVENTS[kind]
    event = fields(data, path, ("type", *always), maybe)
    if "seat" in event:
        game.seat(event["seat"], f"{path}.seat")
    for key, value in event.items():
        if key == "type":
            continue
        where = f"{path}.{key}"
        who = _SECRETS.get((kind, key))
        if who is not None:
            owners = (event.get("seat"), event.get("target") if who == "either" else None)
            mine = seat is not None and (who == "any seat" or seat in owners)
            require(mine, where, "is another seat's secret")
        kind_of = {**always, **maybe}[key]
        if kind == "spell" and key == "given" and value == "hidden":
            continue  # the hidden weapon was given: its id stays a secret
        _field(value, where, kind_of, game, kind == "round")
    if kind == "fight":
        _fight(event, path, game)
    elif kind == "reveal":
        hidden = listing(event["hidden"], f"{path}.hidden", game.players, game.players)
        for index, card in enumerate(hidden):
            if card is not None:
                game.weapon(card, f"{path}.hidden[{index}]")
    elif kind == "ask":
        require(1 <= event["count"] <= 4, f"{path}.count", "is not 1 to 4")
    elif kind == "spell" and "given" in event:
        # an exchange: a visible weapon given shows what replaced it; the hidden one neither
        visible = event["given"] != "hidden"
        require(visible == ("drawn" in event), f"{path}.given", "does not fit drawn")
        require(not visible or "given_card" not in event, f"{path}.given_card", "is out of place")


def _field(value: object, path: str, kind: int, game: _Game, offer_list: bool) -> None:
    if kind == _WEAPON:
        game.weapon(value, path)
    elif kind == _WEAPONS:
        distinct(game.weapon_list(value, path), path)
    elif kind == _SPELL:
        if offer_list:  # a round's face-up spells
            game.spell_list(value, path)
        else:
            game.spell(value, path)
    elif kind == _BOSS:
        integer(value, path, 0, REAPER)
    elif kind == _SEAT_:
        game.seat(value, path)
    elif kind == _SEATS:
        game.seats(value, path)
    elif kind == _BOOL:
        boolean(value, path)
    elif kind == _HAND_LISTS:
        hands = listing(value, path, game.players, game.players)
        for index, hand in enumerate(hands):
            distinct(game.weapon_list(hand, f"{path}[{index}]"), f"{path}[{index}]")
    elif kind == _PAIR:  # the companions a spell swapped
        int_list(value, path, 0, len(COMPANIONS) - 1, (2, 2))
    elif kind == _FATE:
        choice(value, path, Fate.ALL)
    elif kind == _CHOICE:
        choice(value, path, ("life", "reaper"))
    elif kind == _INT:
        integer(value, path, -_BIG, _BIG)


def _fight(event: Mapping[str, Any], path: str, game: _Game) -> None:
    result = {key: event[key] for key in ("round", "boss", "boss_hp", "active", "mystery", "seats")}
    _result(result, path, game)
    if "fates" in event:
        for index, fate in enumerate(listing(event["fates"], f"{path}.fates", game.players)):
            choice(fate, f"{path}.fates[{index}]", Fate.ALL)
    if "readings" in event:
        int_list(event["readings"], f"{path}.readings", -3, 3, (3, 3))


# ------------------------------------------------------------------ outcome


def _outcome(data: object, view: Mapping[str, Any]) -> None:
    over = view["stage"] == Stage.OVER
    require((data is None) != over, "outcome", "does not fit the stage")
    if data is None:
        return
    outcome = fields(data, "outcome", ("hearts", "keys", "rounds", "winners"))
    seats: Sequence[Mapping[str, Any]] = view["seats"]
    hearts = [entry["hearts"] for entry in seats]
    keys = [entry["keys"] for entry in seats]
    require(outcome["hearts"] == hearts, "outcome.hearts", "differs from the view's")
    require(outcome["keys"] == keys, "outcome.keys", "differs from the view's")
    require(outcome["winners"] == view["winners"], "outcome.winners", "differs from the view's")
    require(outcome["rounds"] == view["round"], "outcome.rounds", "differs from the view's")
