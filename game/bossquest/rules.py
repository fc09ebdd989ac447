"""The turn rules: one checker says why an action is illegal; the legal-action
list and `apply` both use it."""

from __future__ import annotations

from typing import Any, Final

from ..engine.errors import IllegalAction, Reason
from ..engine.evolve import evolve
from ..engine.legalmemo import LegalMemo
from ..engine.safejson import quote
from . import companions, potions, reaper
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
)
from .cards import ALL_WEAPON_COUNT, COMPANIONS, SPELL_COUNT, SPELL_KINDS
from .fight import conclude, fight
from .spells import NEEDS_CHOICE, check_choice, choices, has_use, resolve
from .state import NO_CARD, Events, Fate, Player, Stage, State
from .table import current_hp, in_game, is_alone, is_lone, spells_available, strength

__all__ = [
    "MAX_ASK",
    "action_universe",
    "advance",
    "apply",
    "check",
    "legal_actions",
    "legal_by_checker",
    "to_act",
]

MAX_ASK = 4
_SPELL_ACTIONS = (Activate, Discard, ActivateMystery, DiscardMystery)
_POWERS = (Look, LookMystery, Replace, AskVisit)
_DESTINIES = (TakeLife, BecomeReaper)


def to_act(state: State) -> tuple[int, ...]:
    """The seat whose turn it is; nobody once the game is over."""
    return () if state.stage == Stage.OVER else (state.seat,)


def _big_table(state: State) -> bool:
    return len(state.players) >= 5


def check(state: State, seat: int, action: Action) -> Reason | None:
    """Why `seat` may not play `action` now, or None when it may."""
    if state.stage == Stage.OVER:
        return Reason("game_over", "the game is over")
    if not 0 <= seat < len(state.players):
        return Reason("no_such_seat", f"there is no seat {quote(seat)}")
    if seat != state.seat:
        return Reason("not_your_turn", f"it is seat {state.seat}'s turn, not seat {quote(seat)}'s")
    stage = state.stage
    if stage == Stage.CHOOSE:
        if not isinstance(action, Choose):
            return Reason("choose_first", "finish the spell you activated: make its choice")
        return check_choice(state, seat, state.pending, action)
    if stage == Stage.POTION or stage == Stage.REVEAL:
        if not isinstance(action, ReadPotion):
            return Reason("read_potion_first", "choose the reading of your potion first")
        return potions.check_reading(state, seat, action)
    if stage == Stage.DESTINY:
        if not isinstance(action, _DESTINIES):
            return Reason("destiny_first", "you beat the Reaper: choose life or the scythe")
        return reaper.check_destiny(state, seat, action)
    if isinstance(action, Choose):
        return Reason("nothing_to_choose", "no activated spell is waiting for a choice")
    if isinstance(action, ReadPotion):
        return Reason("no_potion_to_read", "no potion is waiting for its reading")
    if isinstance(action, _DESTINIES):
        return Reason("no_destiny", "only the winner of the Reaper's round chooses a destiny")
    if isinstance(action, _POWERS):
        return _check_power(state, seat, action)
    player = state.players[seat]
    if state.stage == Stage.SPELL or player.at_magician:
        return _check_at_magician(state, action)
    return _check_at_armorer(state, seat, action)


def _check_at_armorer(
    state: State, seat: int, action: Action, over: bool | None = None
) -> Reason | None:
    """`over` may be given when the caller already knows it (the legal list does)."""
    kind = type(action)
    if kind is Ask:
        assert isinstance(action, Ask)
        if not 1 <= action.count <= MAX_ASK:
            return Reason("bad_count", f"ask for 1 to {MAX_ASK} weapons, not {quote(action.count)}")
        if action.count > len(state.weapon_deck):
            return Reason(
                "deck_short", f"the weapon deck holds only {len(state.weapon_deck)} card(s)"
            )
        if over is None:
            over = strength(state, seat) > current_hp(state)
        if over:
            return Reason("over_boss", "your strength is above the boss's: you must stop equipping")
        # Only a player who was alone at the Armorer can have set lone_asked; a
        # last turn (at 2 players) does not give that request back.
        if state.lone_asked and is_alone(state, seat):
            return Reason("last_request_used", "you have had your last request at the Armorer")
        return None
    if kind is Visit:
        if _big_table(state) and is_lone(state, seat):
            return Reason(
                "skip_magician", "at 5 or 6 players the last to equip skips the Magician: stop"
            )
        return None
    if kind is Stop:
        if not (_big_table(state) and is_lone(state, seat)):
            return Reason(
                "cannot_stop", "only the last player at the Armorer at 5 or 6 players stops"
            )
        return None
    if kind is Pass:
        return Reason("cannot_pass", "at the Armorer, ask for weapons or go to the Magician")
    return Reason("not_at_magician", "go to the Magician before choosing a spell")


def _check_at_magician(state: State, action: Action) -> Reason | None:
    if isinstance(action, Ask | Visit | Stop):
        return Reason("at_magician", "you are at the Magician: choose a spell")
    if isinstance(action, Pass):
        if state.stage == Stage.SPELL:
            return Reason(
                "must_choose_spell", "on arriving at the Magician, activate or discard a spell"
            )
        return None
    if isinstance(action, ActivateMystery | DiscardMystery):
        if state.mystery == NO_CARD:
            return Reason("no_mystery", "the mystery spell is gone")
        return None
    assert isinstance(action, Activate | Discard)
    if action.card not in state.offer:
        return Reason("not_offered", f"spell {quote(action.card)} is not face up at the Magician")
    if isinstance(action, Activate) and not has_use(state, action.card):
        return Reason(
            "no_use", f"the spell {SPELL_KINDS[action.card]} has nothing to act on: discard it"
        )
    return None


def _check_power(state: State, seat: int, action: Action) -> Reason | None:
    """A companion's once-a-round power, on the owner's own turn."""
    if isinstance(action, Look):
        return companions.check_look(state, seat, action.target)
    if isinstance(action, LookMystery):
        return companions.check_look_mystery(state, seat)
    if isinstance(action, Replace):
        return companions.check_replace(state, seat, action.card)
    assert isinstance(action, AskVisit)
    reason = companions.check_power(state, seat, companions.HARE)
    if reason is not None:
        return reason
    if state.players[seat].at_magician or state.stage != Stage.TURN:
        return Reason("at_magician", "the hare chains a request and a visit from the Armorer")
    if _big_table(state) and is_lone(state, seat):
        return Reason(
            "skip_magician", "at 5 or 6 players the last to equip skips the Magician: stop"
        )
    return _check_at_armorer(state, seat, Ask(action.count))


# Actions are immutable, so the legal lists share them: made once, for every card.
_ASKS: tuple[Ask, ...] = tuple(Ask(count) for count in range(1, MAX_ASK + 1))
_ASK_VISITS: tuple[AskVisit, ...] = tuple(AskVisit(count) for count in range(1, MAX_ASK + 1))
_VISIT, _STOP, _PASS = Visit(), Stop(), Pass()
_MYSTERY: tuple[Action, ...] = (ActivateMystery(), DiscardMystery())
_LOOK_MYSTERY = LookMystery()
_ACTIVATES = tuple(Activate(card) for card in range(SPELL_COUNT))
_DISCARDS = tuple(Discard(card) for card in range(SPELL_COUNT))
_REPLACES = tuple(Replace(card) for card in range(SPELL_COUNT))
_READINGS = {
    card: tuple(ReadPotion(card, sign) for sign in potions.SIGNS)
    for card in range(NO_CARD, ALL_WEAPON_COUNT)
}
_TAKE_LIFE, _BECOME_REAPER = TakeLife(), BecomeReaper()

# The legal lists `legal_actions` handed out, by state and seat (the engine's
# bounded memo): an action taken from one, the very object, for the same state
# and seat, is legal without asking the checker again (states and actions are
# immutable, and the tests hold the list and the checker to the same answer on
# every state).
_HANDED_OUT: Final[LegalMemo[tuple[Action, ...]]] = LegalMemo()


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action that the checker allows, in a stable order, built directly
    from the state rather than by asking the checker about each candidate:
    this runs for every action of every playout. The order is the checker's
    candidates' order: the requests (1 to 4), the visit, the stop; or each
    face-up spell (activate, discard), the mystery spell (activate, discard)
    and the pass; then the companion's powers. `tests/test_properties.py`
    checks on every state of random play, at every player count and with
    every option, that this list is exactly what `check` allows."""
    legal = _legal(state, seat, state.stage)
    _HANDED_OUT.remember(state, seat, tuple(legal))
    return legal


def _legal(state: State, seat: int, stage: str) -> list[Action]:
    if stage == Stage.OVER or seat != state.seat:
        return []
    if stage == Stage.CHOOSE:
        return list(choices(state, seat, state.pending))  # each one is legal
    if stage == Stage.POTION or stage == Stage.REVEAL:
        return list(_READINGS[potions.next_to_read(state, seat)])
    if stage == Stage.DESTINY:
        if Fate.REAPER in state.fates:
            return [_TAKE_LIFE]
        return [_TAKE_LIFE, _BECOME_REAPER]
    over = False
    if stage == Stage.SPELL or state.players[seat].at_magician:
        legal: list[Action] = []
        for card in state.offer:
            if has_use(state, card):
                legal.append(_ACTIVATES[card])
            legal.append(_DISCARDS[card])
        if state.mystery != NO_CARD:
            legal += _MYSTERY
        if stage != Stage.SPELL:
            legal.append(_PASS)
    else:
        over = strength(state, seat) > current_hp(state)
        legal = list(_ASKS[: _asks_allowed(state, seat, over)])
        big_table = len(state.players) >= 5
        legal.append(_STOP if big_table and is_lone(state, seat) else _VISIT)
    if state.companions:
        legal += _legal_powers(state, seat, over)
    return legal


def _asks_allowed(state: State, seat: int, over: bool) -> int:
    """How many weapons `seat` may ask for at the Armorer (0: none), as `_check_at_armorer`."""
    if over or (state.lone_asked and is_alone(state, seat)):
        return 0
    return min(MAX_ASK, len(state.weapon_deck))


def _legal_powers(state: State, seat: int, over: bool) -> list[Action]:
    """The companion's powers `seat` may use now, as `_check_power` allows them."""
    companion = state.companions[seat]
    if companion == NO_CARD or companion in state.used:
        return []
    if companion == companions.OWL:
        looks: list[Action] = [_LOOK_MYSTERY] if state.mystery != NO_CARD else []
        return looks + [
            Look(target)
            for target in range(len(state.players))
            if target != seat and in_game(state, target)
        ]
    if companion == companions.MAGPIE:
        if not state.spell_deck and not state.spell_discard:
            return []
        return [_REPLACES[card] for card in state.offer]
    if companion == companions.HARE:
        if state.players[seat].at_magician or state.stage != Stage.TURN:
            return []
        if _big_table(state) and is_lone(state, seat):
            return []
        return list(_ASK_VISITS[: _asks_allowed(state, seat, over)])
    return []


def legal_by_checker(state: State, seat: int) -> list[Action]:
    """What `legal_actions` must return, by definition, slowly: every candidate,
    in the stable order, that the checker allows. For the tests only."""
    return [action for action in _candidates(state, seat) if check(state, seat, action) is None]


def _candidates(state: State, seat: int) -> list[Action]:
    """The actions `seat` could play at this stage, legal or not, in the stable order."""
    stage = state.stage
    if stage == Stage.OVER:
        return []
    if stage == Stage.CHOOSE:
        return list(choices(state, seat, state.pending))
    if stage == Stage.POTION or stage == Stage.REVEAL:
        return [ReadPotion(potions.next_to_read(state, seat), sign) for sign in potions.SIGNS]
    if stage == Stage.DESTINY:
        return [TakeLife(), BecomeReaper()]
    candidates: list[Action] = [Ask(count) for count in range(1, MAX_ASK + 1)]
    candidates += [Visit(), Stop()]
    for card in state.offer:
        candidates += [Activate(card), Discard(card)]
    candidates += [ActivateMystery(), DiscardMystery(), Pass()]
    if state.companions:
        animal = COMPANIONS[state.companions[seat]] if state.companions[seat] != NO_CARD else ""
        if animal == "owl":
            candidates += [LookMystery(), *(Look(target) for target in range(len(state.players)))]
        elif animal == "magpie":
            candidates += [Replace(card) for card in state.offer]
        elif animal == "hare":
            candidates += [AskVisit(count) for count in range(1, MAX_ASK + 1)]
    return candidates


def action_universe(state: State) -> list[Action]:
    """A superset of every action that could be legal now, and many that are not."""
    seats = range(-1, len(state.players) + 1)
    universe: list[Action] = [Ask(count) for count in range(0, MAX_ASK + 2)]
    universe += [Visit(), Stop(), Pass(), ActivateMystery(), DiscardMystery()]
    universe += [Activate(card) for card in range(-1, SPELL_COUNT + 1)]
    universe += [Discard(card) for card in range(-1, SPELL_COUNT + 1)]
    universe += [Choose(target=t, amount=a) for t in (None, *seats) for a in (None, 0, 1, 2, 3)]
    universe += [Choose(card=card) for card in range(-1, ALL_WEAPON_COUNT + 1)]
    universe += [Choose(target=0, card=0), Choose(amount=1, card=0)]
    options = state.options
    if options.potions:
        potions_universe = range(ALL_WEAPON_COUNT - 4, ALL_WEAPON_COUNT + 1)
        universe += [ReadPotion(card, sign) for card in potions_universe for sign in (-1, 0, 1)]
    if options.companions:
        pairs = range(-1, len(COMPANIONS) + 1)
        universe += [Choose(card=a, other=b) for a in pairs for b in pairs]
        universe += [Look(target) for target in seats]
        universe += [LookMystery(), *(Replace(card) for card in range(-1, SPELL_COUNT + 1))]
        universe += [AskVisit(count) for count in range(0, MAX_ASK + 2)]
    if options.reaper:
        universe += [TakeLife(), BecomeReaper()]
    return universe


def apply(state: State, seat: int, action: Action) -> tuple[State, list[dict[str, Any]]]:
    """Play `action` for `seat`; raise IllegalAction, changing nothing, if it is illegal."""
    _refuse_if_illegal(state, seat, action)
    events: list[dict[str, Any]] = []
    return _play(state, seat, action, events), events


def advance(state: State, seat: int, action: Action) -> State:
    """`apply` for the search bot's playouts (`SearchHooks.advance`): the same
    state and the same refusals, without the events, which playouts never
    read. A playout ends with the round (`BossQuest.search_horizon`): after
    the fight the next round is only counted, not dealt, the keys and hearts
    as `apply` leaves them."""
    _refuse_if_illegal(state, seat, action)
    return _play(state, seat, action, None)


def _refuse_if_illegal(state: State, seat: int, action: Action) -> None:
    """Raise IllegalAction if `seat` may not play `action`. An action taken
    from the last legal list of this very state and seat is known to be
    legal; any other is checked."""
    entry = _HANDED_OUT.last  # the newest list, read inline: apply follows it
    if entry[0] is state and entry[1] == seat:
        handed_out = entry[2]
    else:
        handed_out = _HANDED_OUT.recall(state, seat)
    if handed_out is not None:
        for listed in handed_out:
            if listed is action:  # the very object, not an equal one
                return
    reason = check(state, seat, action)
    if reason is not None:
        raise IllegalAction(reason)


def _play(state: State, seat: int, action: Action, events: Events) -> State:
    """The effect of the legal `action`; its events go to `events` unless None."""
    if isinstance(action, Ask):
        return _ask(state, seat, action.count, events)
    if isinstance(action, Visit):
        if events is not None:
            events.append({"type": "visit", "seat": seat})
        return _visit(state, seat, events)
    if isinstance(action, _SPELL_ACTIONS):  # the commonest after these two
        return _use_spell(state, seat, action, events)
    if isinstance(action, Stop):
        if events is not None:
            events.append({"type": "stop", "seat": seat})
        return fight(state, events)
    if isinstance(action, Pass):
        if events is not None:
            events.append({"type": "pass", "seat": seat})
        return _end_turn(state, events)
    if isinstance(action, Choose):
        state = resolve(state, seat, state.pending, action, events)
        return _end_turn(state, events, pending=NO_CARD)
    if isinstance(action, ReadPotion):
        return _read_potion(state, seat, action, events)
    if isinstance(action, TakeLife | BecomeReaper):
        state = reaper.choose_destiny(state, seat, action, events)
        if state.destiny:
            return evolve(state, seat=state.destiny[0])
        return conclude(state, events)
    if isinstance(action, Look):
        return companions.look(state, seat, action.target, events)
    if isinstance(action, LookMystery):
        return companions.look_mystery(state, seat, events)
    if isinstance(action, Replace):
        return companions.replace(state, seat, action.card, events)
    assert isinstance(action, AskVisit)
    return _ask_visit(state, seat, action.count, events)


def _with_player(state: State, seat: int, **changes: Any) -> tuple[Player, ...]:
    players = list(state.players)
    players[seat] = evolve(players[seat], **changes)
    return tuple(players)


def _ask(state: State, seat: int, count: int, events: Events) -> State:
    drawn = state.weapon_deck[:count]
    players = _with_player(state, seat, visible=(*state.players[seat].visible, *drawn))
    if events is not None:
        events.append({"type": "ask", "seat": seat, "count": count, "cards": list(drawn)})
    deck = state.weapon_deck[count:]
    if is_lone(state, seat):
        if _big_table(state):  # the last to equip skips the Magician
            state = evolve(state, players=players, weapon_deck=deck)
            return _await_readings(state, potions.RESUME_FIGHT) or fight(state, events)
        return _end_turn(state, events, players=players, weapon_deck=deck, lone_asked=True)
    return _end_turn(state, events, players=players, weapon_deck=deck)


def _ask_visit(state: State, seat: int, count: int, events: Events) -> State:
    """The hare: the request, then at once the visit to the Magician."""
    drawn = state.weapon_deck[:count]
    player = state.players[seat]
    players = _with_player(state, seat, visible=(*player.visible, *drawn), at_magician=True)
    if events is not None:
        events.append({"type": "ask", "seat": seat, "count": count, "cards": list(drawn)})
    if events is not None:
        events.append({"type": "visit", "seat": seat, "hare": True})
    state = evolve(
        state,
        players=players,
        weapon_deck=state.weapon_deck[count:],
        used=(*state.used, companions.HARE),
    )
    return _await_readings(state, potions.RESUME_SPELL) or _arrive(state, events)


def _await_readings(state: State, resume: str) -> State | None:
    """With potions: the POTION stage if a face-up potion waits for its reading."""
    if not state.readings:
        return None
    reader = potions.face_up_reader(state)
    if reader is None:
        return None
    return evolve(state, stage=Stage.POTION, seat=reader, turn_of=state.seat, resume=resume)


def _read_potion(state: State, seat: int, action: ReadPotion, events: Events) -> State:
    state = potions.read(state, seat, action, events)
    if state.stage == Stage.REVEAL:
        return fight(state, events)  # the next hidden potion, or the fight itself
    reader = potions.face_up_reader(state)
    if reader is not None:
        return evolve(state, seat=reader)
    resume = state.resume
    state = evolve(state, seat=state.turn_of, turn_of=NO_CARD, resume="", stage=Stage.TURN)
    if resume == potions.RESUME_SPELL:
        return _arrive(state, events)
    if resume == potions.RESUME_FIGHT:
        return fight(state, events)
    return _end_turn(state, events)


def _visit(state: State, seat: int, events: Events) -> State:
    players = _with_player(state, seat, at_magician=True)
    if spells_available(state):
        return evolve(state, players=players, stage=Stage.SPELL)
    return _end_turn(state, events, players=players)


def _arrive(state: State, events: Events) -> State:
    """The seat to act is now at the Magician: a spell to choose, if any is left."""
    if spells_available(state):
        return evolve(state, stage=Stage.SPELL)
    return _end_turn(state, events)


def _use_spell(state: State, seat: int, action: Action, events: Events) -> State:
    """Activate or discard a spell at the Magician (face up or the mystery)."""
    taken: dict[str, Any]
    if isinstance(action, ActivateMystery | DiscardMystery):
        card = state.mystery
        taken = {"mystery": NO_CARD}
        activated = isinstance(action, ActivateMystery)
    else:
        assert isinstance(action, Activate | Discard)
        card = action.card
        taken = {"offer": tuple(c for c in state.offer if c != card)}
        activated = isinstance(action, Activate)
    mystery = "mystery" in taken
    discarded = {**taken, "spell_discard": (*state.spell_discard, card)}
    if not activated:
        if events is not None:
            events.append({"type": "discard", "seat": seat, "card": card, "mystery": mystery})
        return _end_turn(state, events, **discarded)
    if events is not None:
        events.append({"type": "activate", "seat": seat, "card": card, "mystery": mystery})
    if not has_use(state, card):  # only a mystery spell can get here
        if events is not None:
            events.append({"type": "fizzle", "seat": seat, "card": card})
        return _end_turn(state, events, **discarded)
    if SPELL_KINDS[card] in NEEDS_CHOICE:
        return evolve(state, stage=Stage.CHOOSE, pending=card, **taken)
    return _end_turn(resolve(evolve(state, **taken), seat, card, None, events), events)


def _end_turn(state: State, events: Events, **changes: Any) -> State:
    """Make `changes` and pass the turn on, or start the fight when nobody is left
    to act. One copy of the state for both: this runs after nearly every action.
    With potions, a face-up potion not yet read is read first."""
    if state.readings:
        state = evolve(state, **changes)
        changes = {}
        waiting = _await_readings(state, potions.RESUME_TURN)
        if waiting is not None:
            return waiting
    players: tuple[Player, ...] = changes.get("players", state.players)
    last_turn: tuple[int, ...] | None = changes.get("last_turn", state.last_turn)
    if last_turn is not None:
        if not last_turn:
            return fight(evolve(state, **changes), events)
        return evolve(
            state, **changes, seat=last_turn[0], last_turn=last_turn[1:], stage=Stage.TURN
        )
    count = len(players)
    current = state.seat
    for step in range(1, count + 1):
        seat = (current + step) % count
        if not players[seat].at_magician:
            break
    else:  # everyone is at the Magician
        return fight(evolve(state, **changes), events)
    # The 2-player repeat at the Magician, while a spell is left there.
    if count == 2 and (
        changes.get("offer", state.offer) or changes.get("mystery", state.mystery) != NO_CARD
    ):
        seat = 1 - current
    return evolve(state, **changes, seat=seat, stage=Stage.TURN)
