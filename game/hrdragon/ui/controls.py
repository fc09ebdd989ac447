"""What the player may do now: exactly one labelled control per legal action.

Hero Realms' dock labels and groups the actions of its own turn; the boss
deck adds its groups: the health to give (yourself or a member beside you),
the card to borrow from a defeated member, the Hoard card's and the Prismatic
Diamond's answers, the Hoard items to use and the skill checks, each of those
naming the cards it discards and their total against the check."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from game.engine.client import Control, Dock, Group
from game.herorealms.cards import kind_of
from game.herorealms.packs import GOLD, RUBY
from game.herorealms.state import Choose, Pick, PlayGold, Skip
from game.herorealms.ui.board_words import BOARD
from game.herorealms.ui.controls import dock as core_dock
from game.herorealms.ui.controls import numbered
from game.herorealms.ui.phrases import PHRASES

from ..cards import COINS, DIAMOND, skill_check
from ..hoard import FACTIONS
from ..state import Borrow, Give, Reveal, SkillCheck, Steal, UseItem
from ..words import ASKS
from .board_words import DBOARD
from .describe import card_of, cards_of, seat_name

__all__ = ["action_label", "check_total", "dock"]

_OWN: Final = (Give, Borrow, Reveal, Steal, UseItem, SkillCheck)
#: the cards "play all gold" plays: Hero Realms' Gold and Ruby, the Dragon's coins and gems
_GOLD_KINDS: Final = (GOLD, RUBY, DIAMOND, *COINS)


def check_total(cards: Sequence[int], needed: int, lang: str) -> str:
    """The skill check's running total: the discarded cards' costs against its value."""
    total = sum(kind_of(card).cost for card in cards)
    return ASKS("check_total", lang, total=total, needed=needed)


def _holder(view: Mapping[str, Any], item: int) -> int:
    return next((holder for found, holder in view["items"] if found == item), -1)


def action_label(view: Mapping[str, Any], action: Any, names: Sequence[str], lang: str) -> str:
    """The words of a boss deck action's control, or of an answer to its questions."""
    if isinstance(action, Give):
        amount = view["gifts"][0] if view["gifts"] else 0
        if action.seat == view["seat"]:
            return DBOARD("give_self", lang, n=amount)
        return DBOARD("give_to", lang, n=amount, name=seat_name(names, action.seat, lang))
    if isinstance(action, Borrow):
        lender = seat_name(names, view["lending"][0], lang)
        taker = seat_name(names, action.seat, lang)
        return DBOARD("borrow", lang, name=taker, card=card_of(action.card, lang), lender=lender)
    if isinstance(action, Reveal):
        return DBOARD("reveal", lang, n=view["hoard_size"])
    if isinstance(action, Steal):
        name = seat_name(names, _holder(view, action.item), lang)
        item = card_of(action.item, lang)
        if not action.cards:
            return DBOARD("steal", lang, card=item, name=name)
        total = check_total(action.cards, skill_check(action.item), lang)
        cards = cards_of(action.cards, lang)
        return DBOARD("steal_check", lang, card=item, name=name, cards=cards, total=total)
    if isinstance(action, UseItem):
        return DBOARD("use_item", lang, card=card_of(action.item, lang))
    if isinstance(action, SkillCheck):
        total = check_total(action.cards, skill_check(action.item), lang)
        item, cards = card_of(action.item, lang), cards_of(action.cards, lang)
        return DBOARD("skill_check", lang, card=item, cards=cards, total=total)
    if isinstance(action, Choose):  # an Amulet's or a Vial's faction
        faction = PHRASES(f"faction_{FACTIONS[action.index].value}", lang)
        return DBOARD("faction", lang, faction=faction)
    if isinstance(action, Pick):  # the Ring of Wishes' card
        return DBOARD("wish", lang, card=card_of(action.card, lang))
    assert isinstance(action, Skip), action
    return DBOARD("borrow_none" if view["lending"] else "steal_none", lang)


def _question(view: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    if view["lending"]:
        return ASKS("lend", lang, lender=seat_name(names, view["lending"][0], lang))
    if view["gifts"]:
        return ASKS("give", lang, amount=view["gifts"][0])
    ask = view["asks"][0]
    # an Amulet's or a Vial's question is the faction's
    return ASKS(ask if ask in ASKS and ask != "check_total" else "faction", lang)


def _group(
    key: str,
    actions: Sequence[Any],
    view: Mapping[str, Any],
    names: Sequence[str],
    lang: str,
    tone: str = "primary",
) -> Group:
    # two copies of a card read apart (two Golds to borrow): numbered as Hero Realms does
    labels = numbered([action_label(view, action, names, lang) for action in actions], lang)
    controls = tuple(
        Control(action, label, tone=tone) for action, label in zip(actions, labels, strict=True)
    )
    return Group(key, DBOARD(f"group_{key}", lang), controls)


def dock(view: Mapping[str, Any], legal: Sequence[Any], names: Sequence[str], lang: str) -> Dock:
    """The prompt and exactly one control per legal action, grouped."""
    if not legal:
        return Dock("", ())
    if view["lending"] or view["gifts"] or view["asks"]:
        key = "lend" if view["lending"] else "gift" if view["gifts"] else "hoard"
        return Dock(_question(view, names, lang), (_group(key, legal, view, names, lang),))
    core = [a for a in legal if not isinstance(a, (*_OWN, PlayGold))]
    found = core_dock(view, core, names, lang)
    groups = list(found.groups)
    if PlayGold() in legal:
        groups = _with_all_gold(groups, view, lang)
    items = [a for a in legal if isinstance(a, UseItem)]
    checks = [a for a in legal if isinstance(a, SkillCheck)]
    extra = []
    if items:
        extra.append(_group("hoard", items, view, names, lang, "secondary"))
    if checks:
        extra.append(_group("skill", checks, view, names, lang, "secondary"))
    # the boss deck's groups go before the end of the turn, Hero Realms' last group
    ends = [g for g in groups if g.key == "end"]
    rest = [g for g in groups if g.key != "end"]
    return Dock(found.prompt, (*rest, *extra, *ends))


def _with_all_gold(groups: list[Group], view: Mapping[str, Any], lang: str) -> list[Group]:
    """ "Play all gold" leads the hand's group, counting the Dragon's coins and
    gems too (Hero Realms' label knows only its own cards)."""
    count = sum(1 for card in view["hand"] or () if kind_of(card) in _GOLD_KINDS)
    control = Control(PlayGold(), BOARD("play_gold", lang, n=count), tone="primary")
    for index, group in enumerate(groups):
        if group.key == "hand":
            groups[index] = Group("hand", group.label, (control, *group.controls))
            return groups
    return [Group("hand", BOARD("group_hand", lang), (control,)), *groups]
