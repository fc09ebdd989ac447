"""Play on the board itself: the dock's controls placed on the things they act on.

Plain Python with no browser import. The dock (``controls.dock``) holds one
control per legal action; ``BoardPlay`` gives each of them a place on the board
(an *anchor*): the spell cards at the Magician carry Activate and Discard, the
player's own seat the Armorer's request (1 to 4 weapons), the Magician's zone
the visit, a seat the spells aimed at it, a weapon card the choices about that
card, the companion card its powers, and so on. Being made from the dock, the
board offers exactly the legal actions, with the same ``data-act`` as the
panel (``#actions``), which stays complete for the keyboard and screen
readers. A board button says little on its face ("2", "Activate"); its
accessible name is the dock's full one.

Board buttons carry ``data-on="board"`` right after ``data-cmd="act"``, so
that the page's tests can tell them from the panel's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.bossquest.actions import (
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
    action_to_json,
)
from game.bossquest.cards import SPELL_KINDS
from game.bossquest.text import spell_name
from game.engine.client import Control, Scene, e
from game.engine.dom import ActMarks, act_button

from .play_strings import ptr

__all__ = ["BoardPlay", "anchor_of", "board_button"]


def anchor_of(view: dict[str, Any], action: Action) -> str | None:
    """Where on the board `action`'s button goes; None: the panel only."""
    if isinstance(action, Ask | Stop):
        return "ask"
    if isinstance(action, Visit | Pass):
        return "magician"
    if isinstance(action, Activate | Discard):
        return f"spell:{action.card}"
    if isinstance(action, ActivateMystery | DiscardMystery):
        return "mystery"
    if isinstance(action, ReadPotion):
        return f"weapon:{action.card}"
    if isinstance(action, TakeLife | BecomeReaper):
        return "destiny"
    if isinstance(action, AskVisit | Look | LookMystery | Replace):
        return "companion"
    if isinstance(action, Choose) and view.get("pending") is not None:
        return _choice_anchor(SPELL_KINDS[view["pending"]], action)
    return None


def _choice_anchor(kind: str, choice: Choose) -> str | None:
    if kind in ("strength_up", "strength_down", "swap_hidden") and choice.target is not None:
        return f"seat:{choice.target}"
    if kind in ("boss_up", "boss_down"):
        return "boss"
    if kind in ("exchange", "invert_potion") and choice.card is not None:
        return f"weapon:{choice.card}"
    if kind == "cancel" and choice.card is not None:
        return f"active:{choice.card}"
    if kind == "swap_companions":
        return "reserve"
    return None


#: the face of a spell's choice on the board, by the spell's kind (the others
#: show the dock's label: "+1", "Swap with Ana"...)
_CHOICE_FACES = {
    "exchange": "board_give_up",
    "cancel": "board_cancel",
    "swap_hidden": "board_swap",
    "invert_potion": "board_invert",
}


def _face(control: Control, lang: str, pending: str) -> str:
    """What a board button shows: short, the rest is in its accessible name."""
    action = control.action
    if isinstance(action, Ask):
        return str(action.count)
    if isinstance(action, Choose) and pending in _CHOICE_FACES:
        return ptr(_CHOICE_FACES[pending], lang)
    return control.label


def board_button(control: Control, face: str, marks: ActMarks | None = None) -> str:
    """One board button: the dock's action and accessible name, a short face."""
    attrs: list[tuple[str, object]] = []
    meter = ""
    if control.odds is not None:
        attrs.append(("data-odds", repr(control.odds)))
        meter = (
            f'<span class="act-odds" data-risk="{e(control.odds_risk)}" aria-hidden="true">'
            f"{e(control.odds_text)}</span>"
        )
    return act_button(
        action_to_json(control.action),
        f"<span>{e(face)}</span>{meter}",
        css=f"btn act board-act act-{control.tone}",
        label=control.aria or control.label,
        on_board=True,
        attrs=attrs,
        marks=marks,
    )


class BoardPlay:
    """The viewer's controls by anchor, for one render (none off their turn)."""

    def __init__(self, scene: Scene) -> None:
        self.lang = scene.lang
        self.view = scene.view
        self.marks = scene.marks
        pending = scene.view.get("pending")
        self.pending = "" if pending is None else SPELL_KINDS[pending]
        self.pending_card: int | None = pending
        self.by_anchor: dict[str, list[Control]] = {}
        for group in scene.dock.groups:
            for control in group.controls:
                where = anchor_of(scene.view, control.action)
                if where is not None:
                    self.by_anchor.setdefault(where, []).append(control)

    def pending_label(self) -> str:
        """The label of a spell's choices: the spell's name ("" with none)."""
        if self.pending_card is None:
            return ""
        return ptr("board_choose", self.lang, spell=spell_name(self.pending_card, self.lang))

    def controls(self, anchor: str) -> Sequence[Control]:
        return self.by_anchor.get(anchor, ())

    def buttons(self, anchor: str) -> str:
        """The anchor's buttons, bare (for a card's foot)."""
        return "".join(self.button(c) for c in self.controls(anchor))

    def button(self, control: Control) -> str:
        return board_button(control, _face(control, self.lang, self.pending), self.marks)

    def row(self, anchor: str, label: str = "") -> str:
        """The anchor's buttons under a short label, or "" when it has none."""
        found = self.controls(anchor)
        if not found:
            return ""
        head = f'<span class="board-play-label">{e(label)}</span>' if label else ""
        buttons = "".join(self.button(c) for c in found)
        return (
            f'<div class="board-play" data-anchor="{e(anchor.split(":")[0])}">'
            f'{head}<div class="board-btns">{buttons}</div></div>'
        )
