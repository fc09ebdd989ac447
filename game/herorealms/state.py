"""Hero Realms' state, prompts and actions: immutable records changed by copy."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "ACTION_TYPES",
    "HAND_SIZE",
    "MARKET_ROW",
    "NO_CARD",
    "START_HEALTH",
    "Action",
    "Aim",
    "AttackChampion",
    "AttackPlayer",
    "BuyDiscard",
    "BuyGem",
    "BuyMarket",
    "Choose",
    "EndTurn",
    "Expend",
    "Format",
    "Pick",
    "Play",
    "PlayGold",
    "Player",
    "Prompt",
    "PromptKind",
    "Sacrifice",
    "Skip",
    "State",
    "UseAbility",
    "UseAlly",
    "UseSkill",
]

START_HEALTH = 50
HAND_SIZE = 5
MARKET_ROW = 5
NO_CARD = -1


class Format(StrEnum):
    """How several players play (the game's modes)."""

    FREE_FOR_ALL = "free_for_all"  # anyone may attack anyone
    HUNTER = "hunter"  # your left neighbour only; the first player out ends the game
    HUNTER_LAST = "hunter_last"  # Hunter reach; the one on the right of a player out
    # gains 10 health and draws a card, and play goes on to the last one standing

    HYDRA = "hydra"  # 2 against 2 at 4: seats 0 and 1 against 2 and 3, 75 health a team

    @property
    def hunts(self) -> bool:
        """Whether you attack only your left neighbour (both Hunter variants)."""
        return self in (Format.HUNTER, Format.HUNTER_LAST)


@dataclass(frozen=True, slots=True)
class Player:
    health: int
    deck: tuple[int, ...]  # top first; its order is known to nobody
    known: int  # how many cards on top of the deck were put there face up
    hand: tuple[int, ...]
    discard: tuple[int, ...]  # public, oldest first
    champions: tuple[int, ...]  # in play, in the order they came
    expended: tuple[int, ...]  # the champions that are expended, sorted
    owed: int  # cards to discard when this player's next turn starts
    out: bool
    pack: str = ""  # the character pack ("" for the base starting deck)
    ability_used: bool = False  # the pack's ability is sacrificed: once a game
    skill_used: bool = False  # the pack's skill is expended: once a turn
    turns_begun: int = 0  # this player's turns begun so far
    fallen: tuple[int, ...] = ()  # own champions stunned since this player's last turn
    ward: int = 0  # defence blessed onto this player's champions
    ward_turns: int = 0  # this player's turn ends before the ward lapses


class PromptKind(StrEnum):
    """A question the player to act answers before doing anything else."""

    CHOOSE = "choose"  # one of a card's "or" options: Choose(index)
    STUN = "stun"  # a champion to stun: Pick(champion), or Skip when optional
    AIM_DISCARD = "aim_discard"  # the opponent who will discard: Aim(seat)
    PREPARE = "prepare"  # one of your expended champions: Pick(champion)
    SACRIFICE = "sacrifice"  # a card of your hand or discard: Pick(card) or Skip
    DRAW_COUNT = "draw_count"  # how many cards to draw, then discard: Choose(n)
    DISCARD = "discard"  # a card of your hand to discard: Pick(card)
    DISCARD_TO_TOP = "discard_to_top"  # a card of your discard onto your deck, or Skip
    CHAMPION_TO_TOP = "champion_to_top"  # a champion of your discard onto your deck
    OWED_DISCARD = "owed_discard"  # the discard another player's card owed: Pick(card)
    RESURRECT = "resurrect"  # a champion of yours stunned since your last turn: Pick(card)
    AIM_BLESS = "aim_bless"  # the player who is blessed: Aim(seat)
    AIM_FIREBALL = "aim_fireball"  # the player hit, with their champions: Aim(seat)
    TRACK_DISCARD = "track_discard"  # a card looked at, to the discard pile: Pick, or Skip
    TRACK_BACK = "track_back"  # the next card looked at to put back on top: Pick(card)


@dataclass(frozen=True, slots=True)
class Prompt:
    kind: PromptKind
    card: int  # the card whose ability asks (NO_CARD for an owed discard)
    ability: str  # "primary", "ally", "sacrifice", "expend" or "" (owed discard)
    index: int  # CHOOSE: which effect of the ability holds the options
    left: int  # SACRIFICE: how many more may be sacrificed; DRAW_COUNT: the most
    bonus: int  # SACRIFICE: combat gained for each card sacrificed


@dataclass(frozen=True, slots=True)
class State:
    dice: int  # the engine generator's state
    format: Format
    players: tuple[Player, ...]
    market: tuple[int, ...]  # the face-up row, NO_CARD where the deck ran out
    market_deck: tuple[int, ...]  # top first, face down
    gems: tuple[int, ...]  # the Fire Gem pile, face up
    sacrificed: tuple[int, ...]  # the sacrifice pile, public
    turn: int  # the seat whose turn it is
    turns: int  # turns begun so far (1 on the first)
    in_play: tuple[int, ...]  # the actions and items the player to act played this turn
    gold: int
    combat: int
    allies: tuple[int, ...]  # cards whose ally ability was used this turn, sorted
    damage: tuple[tuple[int, int], ...]  # (champion, damage) taken this turn, sorted
    prompts: tuple[Prompt, ...]  # the first is asked now
    to_top: int  # the next cards acquired this turn go on top of the deck
    action_to_top: int  # the same, for the next actions acquired
    to_hand: int  # the next cards acquired this turn go to the hand
    winner: int  # the last one standing, NO_CARD (-1) while the game goes on
    looking: tuple[int, ...] = ()  # cards off the top of the deck, seen by the player to act
    champion_discount: int = 0  # the next champions acquired this turn cost 1 less each
    action_discount: int = 0  # the next actions acquired this turn cost 1 less each
    heist: int = 0  # cards the player may still buy from opponents' discard piles this turn


@dataclass(frozen=True, slots=True)
class Play:
    card: int  # a card of your hand


@dataclass(frozen=True, slots=True)
class PlayGold:
    pass  # every Gold and Ruby of your hand at once (the page's one tap)


@dataclass(frozen=True, slots=True)
class Expend:
    card: int  # a prepared champion of yours


@dataclass(frozen=True, slots=True)
class UseAlly:
    card: int  # a card in play whose faction has another card in play


@dataclass(frozen=True, slots=True)
class Sacrifice:
    card: int  # a card in play with a sacrifice ability


@dataclass(frozen=True, slots=True)
class BuyMarket:
    card: int  # a face-up card of the market row


@dataclass(frozen=True, slots=True)
class BuyGem:
    pass


@dataclass(frozen=True, slots=True)
class AttackPlayer:
    seat: int
    amount: int  # 1 to the combat you have


@dataclass(frozen=True, slots=True)
class AttackChampion:
    card: int  # stunned by exactly the combat it still needs


@dataclass(frozen=True, slots=True)
class UseAbility:
    pass  # sacrifice your character pack's ability


@dataclass(frozen=True, slots=True)
class UseSkill:
    pass  # expend your character pack's skill, paying 2 gold


@dataclass(frozen=True, slots=True)
class BuyDiscard:
    card: int  # a card of an opponent's discard pile (the Thief's Heist)


@dataclass(frozen=True, slots=True)
class EndTurn:
    pass


@dataclass(frozen=True, slots=True)
class Pick:
    card: int  # a prompt's answer: a card


@dataclass(frozen=True, slots=True)
class Choose:
    index: int  # a prompt's answer: an option, or a number of cards


@dataclass(frozen=True, slots=True)
class Aim:
    seat: int  # a prompt's answer: a player


@dataclass(frozen=True, slots=True)
class Skip:
    pass  # a prompt's answer: do not do what "you may" offers


Action = (
    Play | Expend | UseAlly | Sacrifice | BuyMarket | BuyGem | AttackPlayer | AttackChampion
    | EndTurn | Pick | Choose | Aim | Skip | UseAbility | UseSkill | BuyDiscard | PlayGold
)  # fmt: skip
ACTION_TYPES: dict[str, type[Action]] = {
    "play": Play,
    "expend": Expend,
    "ally": UseAlly,
    "sacrifice": Sacrifice,
    "buy": BuyMarket,
    "buy_gem": BuyGem,
    "attack_player": AttackPlayer,
    "attack_champion": AttackChampion,
    "end_turn": EndTurn,
    "pick": Pick,
    "choose": Choose,
    "aim": Aim,
    "skip": Skip,
    "ability": UseAbility,
    "skill": UseSkill,
    "buy_discard": BuyDiscard,
    "play_gold": PlayGold,
}
"""Each action's "type" in JSON."""
