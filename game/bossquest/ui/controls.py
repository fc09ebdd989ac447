"""What the player may do now, as labelled buttons: one button per legal action.

Plain Python with no browser import. ``dock(view, legal, names, lang)`` turns
the viewer's view and their legal actions (``GAME.legal_actions``) into a
prompt and groups of controls; every legal action gets exactly one control and
no control is made for anything else (the extensions' stages, powers and
spells come from ``game.bossquest.ui.extensions_controls``). Each control carries its action as JSON
(``game.bossquest.actions.action_to_json``), which the page sends back as it
is: the engine checks it again before playing it.

With ``odds`` (``game.bossquest.ui.hint.odds_hint``), each ask button also carries the
chance of going over if the player asks for that many weapons.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.bossquest.actions import (
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
    action_to_json,
)
from game.bossquest.cards import SPELL_KINDS
from game.bossquest.text import spell_name, weapon_text
from game.engine.client import Control, Dock, Group
from game.engine.dom import act_text

from .hint import percent, risk
from .strings import plural, tr

__all__ = ["Control", "Dock", "Group", "action_json", "active_label", "dock", "prompt"]


def action_json(action: Action) -> str:
    """The action as the page sends it back (``data-act``): compact, sorted JSON."""
    return act_text(action_to_json(action))


def _sign(kind: str) -> str:
    return "−" if kind.endswith("_down") else "+"


def active_label(spell: dict[str, Any], names: Sequence[str], lang: str) -> str:
    """A spell in play, with its amount: "Boss HP +2", "Strength −1"."""
    kind = spell["kind"]
    if kind in ("boss_up", "boss_down"):
        return tr("active_boss", lang, sign=_sign(kind), n=spell["amount"])
    if kind in ("strength_up", "strength_down"):
        return tr("active_strength", lang, sign=_sign(kind), n=spell["amount"])
    return spell_name(spell["card"], lang)


def prompt(view: dict[str, Any], names: Sequence[str], lang: str) -> str:
    """What the viewer is asked to do now (their turn only)."""
    seat = view["seat"]
    stage = view["stage"]
    if stage == "choose":
        return _choose_prompt(view["pending"], lang)
    if stage == "spell":
        return tr("prompt_spell", lang)
    me = view["seats"][seat]
    if me["at_magician"]:
        return tr("prompt_repeat", lang)
    big = view["players"] >= 5
    if view["you"]["over"]:
        lone = sum(1 for s in view["seats"] if not s["at_magician"]) == 1
        return tr("prompt_over_stop" if big and lone else "prompt_over", lang)
    if view["weapon_deck"] == 0:
        return tr("prompt_deck_empty", lang)
    if view["last_turn"] is not None:
        return tr("prompt_last_turn", lang)
    if sum(1 for s in view["seats"] if not s["at_magician"]) == 1:
        if big:
            return tr("prompt_lone_big", lang)
        if view["lone_asked"]:
            return tr("prompt_last_request_used", lang)
        return tr("prompt_lone", lang)
    return tr("prompt_armorer", lang, name=names[seat])


def _choose_prompt(card: int, lang: str) -> str:
    kind = SPELL_KINDS[card]
    spell = spell_name(card, lang)
    key = {
        "strength_up": "prompt_choose_strength",
        "strength_down": "prompt_choose_strength",
        "boss_up": "prompt_choose_boss",
        "boss_down": "prompt_choose_boss",
        "swap_hidden": "prompt_choose_swap",
        "exchange": "prompt_choose_exchange",
        "cancel": "prompt_choose_cancel",
    }.get(kind, "prompt_choose")
    return tr(key, lang, spell=spell)


def dock(
    view: dict[str, Any],
    legal: Sequence[Action],
    names: Sequence[str],
    lang: str,
    odds: Mapping[int, float] | None = None,
) -> Dock:
    """The prompt and the controls for the viewer's legal actions; `odds`, the
    chance of going over for each count of weapons, goes on the ask buttons."""
    from .extensions_controls import (
        EXTENSION_STAGES,
        choose_groups,
        extension_prompt,
        power_groups,
        stage_groups,
    )

    if not legal:
        return Dock("", ())
    if view["stage"] in EXTENSION_STAGES:
        groups = stage_groups(view, legal, names, lang)
    elif view["stage"] == "choose":
        groups = choose_groups(view, legal, names, lang) or _choose_groups(view, legal, names, lang)
    else:
        groups = _turn_groups(view, legal, lang, odds or {})
        # the companions' powers, before the moves that end the turn
        powers = power_groups(view, legal, names, lang)
        moves = [group for group in groups if group.key == "move"]
        groups = [group for group in groups if group.key != "move"] + powers + moves
    # Whatever no group took (none should) still gets a plain button.
    taken = {control.action for group in groups for control in group.controls}
    rest = [action for action in legal if action not in taken]
    if rest:
        controls = tuple(Control(action, _plain_label(action)) for action in rest)
        groups.append(Group("other", tr("other_choice", lang), controls))
    said = extension_prompt(view, legal, lang)
    return Dock(said or prompt(view, names, lang), tuple(groups))


def _plain_label(action: Action) -> str:
    return ", ".join(f"{k} {v}" for k, v in action_to_json(action).items())


def _ask_control(action: Ask, lang: str, odds: Mapping[int, float]) -> Control:
    label = plural("ask_one", "ask_many", action.count, lang)
    tone = "primary" if action.count == 1 else "secondary"
    chance = odds.get(action.count)
    if chance is None:
        return Control(
            action,
            label,
            aria=tr.plural("ask_aria_one", "ask_aria_many", action.count, lang),
            tone=tone,
        )
    text = percent(chance, lang)
    return Control(
        action,
        label,
        aria=tr.plural("ask_odds_aria_one", "ask_odds_aria_many", action.count, lang, p=text),
        tone=tone,
        odds=chance,
        odds_text=text,
        odds_risk=risk(chance),
    )


def _turn_groups(
    view: dict[str, Any], legal: Sequence[Action], lang: str, odds: Mapping[int, float]
) -> list[Group]:
    groups: list[Group] = []
    asks = [a for a in legal if isinstance(a, Ask)]
    if asks:
        controls = tuple(_ask_control(a, lang, odds) for a in asks)
        note = tr("odds_note", lang) if any(c.odds is not None for c in controls) else ""
        groups.append(Group("ask", tr("group_ask", lang), controls, note=note))
    for card in view["offer"]:
        controls_list: list[Control] = []
        spell = spell_name(card, lang)
        if Activate(card) in legal:
            controls_list.append(
                Control(
                    Activate(card),
                    tr("activate", lang),
                    aria=tr("activate_aria", lang, spell=spell),
                    tone="primary",
                )
            )
        if Discard(card) in legal:
            controls_list.append(
                Control(
                    Discard(card), tr("discard", lang), aria=tr("discard_aria", lang, spell=spell)
                )
            )
        if controls_list:
            note = "" if Activate(card) in legal else tr("no_use", lang)
            groups.append(Group(f"spell-{card}", spell, tuple(controls_list), card=card, note=note))
    mystery = [a for a in legal if isinstance(a, ActivateMystery | DiscardMystery)]
    if mystery:
        controls = tuple(
            Control(
                a,
                tr("activate" if isinstance(a, ActivateMystery) else "discard", lang),
                aria=tr(
                    "activate_mystery_aria"
                    if isinstance(a, ActivateMystery)
                    else "discard_mystery_aria",
                    lang,
                ),
                tone="primary" if isinstance(a, ActivateMystery) else "secondary",
            )
            for a in mystery
        )
        groups.append(Group("mystery", tr("group_mystery", lang), controls))
    moves: list[Control] = []
    for action in legal:
        if isinstance(action, Visit):
            moves.append(
                Control(action, tr("visit", lang), tone="primary" if not asks else "secondary")
            )
        elif isinstance(action, Stop):
            moves.append(
                Control(action, tr("stop", lang), tone="primary" if not asks else "secondary")
            )
        elif isinstance(action, Pass):
            moves.append(Control(action, tr("pass", lang), aria=tr("pass_aria", lang)))
    if moves:
        label = tr("group_move", lang) if len(groups) else ""
        groups.append(Group("move", label, tuple(moves)))
    return groups


def _choose_groups(
    view: dict[str, Any], legal: Sequence[Action], names: Sequence[str], lang: str
) -> list[Group]:
    card = view["pending"]
    kind = SPELL_KINDS[card]
    seat = view["seat"]
    choices = [a for a in legal if isinstance(a, Choose)]

    def who(target: int) -> str:
        return tr("target_you", lang, name=names[target]) if target == seat else names[target]

    groups: list[Group] = []
    if kind in ("strength_up", "strength_down"):
        sign = _sign(kind)
        targets: list[int] = []
        for choice in choices:
            if choice.target is not None and choice.target not in targets:
                targets.append(choice.target)
        for target in targets:
            controls = tuple(
                Control(
                    c,
                    f"{sign}{c.amount}",
                    aria=tr("amount_aria", lang, name=names[target], sign=sign, n=c.amount),
                )
                for c in choices
                if c.target == target
            )
            groups.append(Group(f"target-{target}", who(target), controls))
    elif kind in ("boss_up", "boss_down"):
        sign = _sign(kind)
        controls = tuple(
            Control(
                c, f"{sign}{c.amount}", aria=tr("boss_amount_aria", lang, sign=sign, n=c.amount)
            )
            for c in choices
        )
        groups.append(Group("amount", tr("group_amount", lang), controls, card=card))
    elif kind == "swap_hidden":
        controls = tuple(
            Control(c, tr("swap_with", lang, name=names[c.target]))
            for c in choices
            if c.target is not None
        )
        groups.append(Group("swap", spell_name(card, lang), controls, card=card))
    elif kind == "exchange":
        hidden = view["seats"][seat]["hidden"]
        controls = tuple(
            Control(
                c,
                tr(
                    "give_up_hidden" if c.card == hidden else "give_up",
                    lang,
                    card=weapon_text(c.card, lang),
                ),
                card=c.card,
            )
            for c in choices
            if c.card is not None
        )
        groups.append(Group("exchange", spell_name(card, lang), controls, card=card))
    elif kind == "cancel":
        active = {spell["card"]: spell for spell in view["active"]}
        cancel_controls: list[Control] = []
        for c in choices:
            if c.card is None or c.card not in active:
                continue
            spell = active[c.card]
            label = active_label(spell, names, lang)
            if spell["target"] >= 0:
                text = tr("cancel_spell_on", lang, spell=label, name=names[spell["target"]])
            else:
                text = tr("cancel_spell", lang, spell=label)
            cancel_controls.append(Control(c, text))
        groups.append(Group("cancel", spell_name(card, lang), tuple(cancel_controls), card=card))
    return groups
