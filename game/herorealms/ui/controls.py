"""What the player may do now: exactly one labelled control per legal action.

The dock lists them in groups (the hand, the abilities in play, the market,
the character pack, the attacks, the end of the turn; or the answers to the
question a card asks). The board draws most of them again on the cards
themselves (`render`); the dock stays the complete list, for the keyboard
and screen readers. Controls of one group that would read alike (two Gold in
hand) are numbered, so that no two read the same."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from game.engine.client import Control, Dock, Group
from game.herorealms.cards import kind_of
from game.herorealms.rules import golds_in_hand
from game.herorealms.state import (
    Aim,
    AttackChampion,
    AttackPlayer,
    BuyDiscard,
    BuyGem,
    BuyMarket,
    Choose,
    EndTurn,
    Expend,
    Pick,
    Play,
    PlayGold,
    Sacrifice,
    Skip,
    UseAbility,
    UseAlly,
    UseSkill,
)

from .board_words import BOARD
from .describe import card_of
from .words import card_text, effects_text

__all__ = ["GROUP_ORDER", "action_label", "card_price", "dock", "numbered", "owner_of"]

GROUP_ORDER: Final = (
    "answer",
    "hand",
    "play_area",
    "market",
    "pack",
    "attack",
    "attack_more",
    "end",
)


def numbered(texts: Sequence[str], lang: str) -> list[str]:
    """Each text that appears more than once numbered among its equals."""
    seen: dict[str, int] = {}
    out: list[str] = []
    for text in texts:
        seen[text] = seen.get(text, 0) + 1
        out.append(text if texts.count(text) == 1 else BOARD("nth", lang, what=text, n=seen[text]))
    return out


def owner_of(view: Mapping[str, Any], card: int) -> int | None:
    """The seat whose champion `card` is, None if nobody's."""
    for seat, player in enumerate(view["players"]):
        if card in player["champions"]:
            return seat
    return None


def card_price(view: Mapping[str, Any], card: int) -> int:
    """What buying `card` costs now (this turn's discounts taken off)."""
    kind = kind_of(card)
    discount = 0
    if kind.type.value == "champion" and view["next"]["champion_discount"]:
        discount = 1
    if kind.type.value == "action" and view["next"]["action_discount"]:
        discount = 1
    return max(0, kind.cost - discount)


def _seat_name(names: Sequence[str], seat: int, lang: str) -> str:
    return names[seat] if 0 <= seat < len(names) else BOARD("seat_name", lang, n=seat + 1)


def _pick_label(view: Mapping[str, Any], card: int, names: Sequence[str], lang: str) -> str:
    name = card_of(card, lang)
    owner = owner_of(view, card)
    if owner is not None and owner != view["seat"]:
        return BOARD("pick_of", lang, card=name, name=_seat_name(names, owner, lang))
    prompt = view["prompts"][0]["kind"] if view["prompts"] else ""
    if prompt == "sacrifice":
        key = "pick_in_hand" if card in (view["hand"] or ()) else "pick_in_discard"
        return BOARD(key, lang, card=name)
    return name


def _choose_label(view: Mapping[str, Any], index: int, lang: str) -> str:
    prompt = view["prompts"][0]
    if prompt["kind"] == "draw_count":
        return BOARD("draw_none", lang) if index == 0 else BOARD("draw_n", lang, n=index)
    effect = getattr(kind_of(prompt["card"]), prompt["ability"])[prompt["index"]]
    return effects_text(effect.options[index], lang).capitalize()


def action_label(view: Mapping[str, Any], action: Any, names: Sequence[str], lang: str) -> str:
    """A control's words (before numbering)."""
    if isinstance(action, Play):
        return BOARD("play", lang, card=card_of(action.card, lang))
    if isinstance(action, PlayGold):
        return BOARD("play_gold", lang, n=len(golds_in_hand(tuple(view["hand"] or ()))))
    if isinstance(action, Expend):
        return BOARD("expend", lang, card=card_of(action.card, lang))
    if isinstance(action, UseAlly):
        return BOARD("ally", lang, card=card_of(action.card, lang))
    if isinstance(action, Sacrifice):
        return BOARD("sacrifice", lang, card=card_of(action.card, lang))
    if isinstance(action, BuyMarket):
        n = card_price(view, action.card)
        return BOARD("buy", lang, card=card_of(action.card, lang), n=n)
    if isinstance(action, BuyGem):
        return BOARD("buy_gem", lang, n=card_price(view, view["gems"][0]))
    if isinstance(action, BuyDiscard):
        owner = next((s for s, p in enumerate(view["players"]) if action.card in p["discard"]), 0)
        return BOARD(
            "buy_discard",
            lang,
            card=card_of(action.card, lang),
            name=_seat_name(names, owner, lang),
            n=card_price(view, action.card),
        )
    if isinstance(action, UseAbility):
        return BOARD("ability", lang)
    if isinstance(action, UseSkill):
        return BOARD("skill", lang)
    if isinstance(action, AttackChampion):
        holder = owner_of(view, action.card)
        return BOARD(
            "attack_champion",
            lang,
            card=card_of(action.card, lang),
            name=_seat_name(names, holder if holder is not None else 0, lang),
            n=champion_need(view, action.card),
        )
    if isinstance(action, AttackPlayer):
        key = "attack_all" if action.amount == view["combat"] else "attack_player"
        return BOARD(key, lang, name=_seat_name(names, action.seat, lang), n=action.amount)
    if isinstance(action, EndTurn):
        if view["gold"] or view["combat"]:
            return BOARD("end_turn_left", lang, gold=view["gold"], combat=view["combat"])
        return BOARD("end_turn", lang)
    if isinstance(action, Pick):
        return _pick_label(view, action.card, names, lang)
    if isinstance(action, Choose):
        return _choose_label(view, action.index, lang)
    if isinstance(action, Aim):
        return BOARD("aim", lang, name=_seat_name(names, action.seat, lang))
    assert isinstance(action, Skip), action
    return BOARD("skip", lang)


def champion_need(view: Mapping[str, Any], card: int) -> int:
    """The combat that stuns the champion now: its defence (with its owner's
    blessing) less this turn's damage."""
    owner = owner_of(view, card)
    ward = view["players"][owner]["ward"] if owner is not None else 0
    taken = next((amount for champion, amount in view["damage"] if champion == card), 0)
    return int(kind_of(card).defence + ward - taken)


def _group_of(view: Mapping[str, Any], action: Any) -> str:
    if view["prompts"]:
        return "answer"
    if isinstance(action, Play | PlayGold):
        return "hand"
    if isinstance(action, Expend | UseAlly | Sacrifice):
        return "play_area"
    if isinstance(action, BuyMarket | BuyGem | BuyDiscard):
        return "market"
    if isinstance(action, UseAbility | UseSkill):
        return "pack"
    if isinstance(action, AttackChampion):
        return "attack"
    if isinstance(action, AttackPlayer):
        return "attack" if action.amount == view["combat"] else "attack_more"
    return "end"


_GROUP_LABEL: Final = {
    "answer": "answer_group",
    "hand": "group_hand",
    "play_area": "group_play_area",
    "market": "group_market",
    "pack": "group_pack",
    "attack": "group_attack",
    "attack_more": "group_attack_more",
    "end": "",
}


def _card_of_action(action: Any) -> int | None:
    card = getattr(action, "card", None)
    return card if isinstance(card, int) else None


def prompt_text(view: Mapping[str, Any], lang: str) -> str:
    if not view["prompts"]:
        return BOARD("prompt_main", lang)
    prompt = view["prompts"][0]
    card = card_of(prompt["card"], lang) if prompt["card"] >= 0 else ""
    return BOARD(f"prompt_{prompt['kind']}", lang, card=card)


def dock(view: Mapping[str, Any], legal: Sequence[Any], names: Sequence[str], lang: str) -> Dock:
    """The prompt and exactly one control per legal action, grouped."""
    if not legal:
        return Dock("", ())
    grouped: dict[str, list[Any]] = {key: [] for key in GROUP_ORDER}
    # "play all gold" leads the hand's group: the turn's usual first tap
    for action in sorted(legal, key=lambda a: not isinstance(a, PlayGold)):
        grouped[_group_of(view, action)].append(action)
    groups: list[Group] = []
    for key in GROUP_ORDER:
        actions = grouped[key]
        if not actions:
            continue
        labels = numbered([action_label(view, a, names, lang) for a in actions], lang)
        controls = tuple(
            Control(
                action,
                label,
                aria=_aria(action, label, lang),
                tone="primary"
                if key in ("answer", "attack", "end") or isinstance(action, PlayGold)
                else "secondary",
                card=_card_of_action(action),
            )
            for action, label in zip(actions, labels, strict=True)
        )
        label_key = _GROUP_LABEL[key]
        groups.append(Group(key, BOARD(label_key, lang) if label_key else "", controls))
    return Dock(prompt_text(view, lang), tuple(groups))


def _aria(action: Any, label: str, lang: str) -> str:
    """A card's control reads its label, then the card's whole text."""
    card = _card_of_action(action)
    if card is None or isinstance(action, AttackChampion):
        return ""
    return BOARD("card_aria", lang, what=label, card=card_text(kind_of(card).key, lang))
