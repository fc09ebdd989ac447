"""The DOM hooks the shell relies on, drawn in one place for every game.

The page and the shell find a game's controls by a few attributes: a move's
button carries ``data-cmd="act"`` and ``data-act`` (the action's JSON,
compact and with sorted keys, which the page sends back as it is), the panels'
buttons sit in ``.panel-actions``, and the board holds the page's markers
(``data-round``, ...). A client draws those through these helpers, never by
hand, so the rules hold for every game and the shell never has to find or
rewrite a control in drawn HTML: what the shell wants on a control (the move
a lesson points at) it says beforehand, in `ActMarks`.

Plain Python, no browser import, no game: the action arrives already as JSON.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Final

from .protocol import JSON

__all__ = [
    "ActMarks",
    "act_button",
    "act_text",
    "continue_actions",
    "marker_values",
    "panel_actions",
]

#: a marker's or an extra attribute's name: lowercase words joined by "-"
_NAME: Final = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def act_text(action: Mapping[str, JSON]) -> str:
    """An action's JSON as ``data-act`` holds it and the page sends it back:
    compact, keys sorted (one text per action, so equal actions compare equal)."""
    return json.dumps(action, separators=(",", ":"), sort_keys=True)


@dataclass
class ActMarks:
    """What the shell asks to see on the controls of one render, said before
    the board is drawn (the shell never edits drawn HTML).

    `expected` is the ``act_text`` of the move a lesson points at after a wrong
    click: its first control gets ``data-tut-expected="true"`` (the first
    only, as the page focuses and outlines one)."""

    expected: str = ""
    _pointed: bool = field(default=False, repr=False)

    def extra(self, text: str) -> str:
        """The attributes the control of `text` gets now (consumes the point)."""
        if self.expected and not self._pointed and text == self.expected:
            self._pointed = True
            return ' data-tut-expected="true"'
        return ""


def act_button(
    action: Mapping[str, JSON],
    face: str,
    *,
    css: str,
    label: str = "",
    on_board: bool = False,
    attrs: Sequence[tuple[str, object]] = (),
    marks: ActMarks | None = None,
) -> str:
    """A control that plays `action` (its JSON): a ``<button>``, so it takes the
    keyboard's focus wherever it sits (the dock, a card in hand, a market).

    `face` is its inside, already HTML (the game's card picture, its words);
    `label` its accessible name when the face does not say it well (it then
    becomes ``aria-label``); `on_board` marks a control drawn on the board
    rather than in the dock (``data-on="board"``); `attrs` are the game's own
    ``data-*`` attributes (names checked, values escaped); `marks` what the
    shell asked for this render."""
    kind = action.get("type")
    if not isinstance(kind, str) or not kind:
        raise ValueError("an action's JSON needs a type to name its control")
    text = act_text(action)
    parts = [f'<button type="button" class="{_e(css)}" data-cmd="act"']
    if on_board:
        parts.append(' data-on="board"')
    parts.append(f' data-kind="{_e(kind)}" data-act="{_e(text)}"')
    for name, value in attrs:
        if not name.startswith("data-") or not _NAME.fullmatch(name[5:]):
            raise ValueError(f"a control's attribute must be data-<name>, not {name!r}")
        parts.append(f' {name}="{_e(value)}"')
    if marks is not None:
        parts.append(marks.extra(text))
    if label:
        parts.append(f' aria-label="{_e(label)}"')
    parts.append(f">{face}</button>")
    return "".join(parts)


def panel_actions(inner: str) -> str:
    """A panel's row of buttons (``.panel-actions``), `inner` already HTML."""
    return f'<div class="panel-actions">{inner}</div>'


def continue_actions(label: str, shown: bool = True) -> str:
    """The result panel's button that acknowledges it (``data-cmd="continue"``);
    nothing when the shell said there is nothing to go on to (`shown`: the
    last lesson's result stays on the board without it)."""
    if not shown:
        return ""
    return panel_actions(
        f'<button type="button" class="btn btn-primary" data-cmd="continue">{_e(label)}</button>'
    )


def marker_values(values: Mapping[str, str | int | bool]) -> dict[str, str]:
    """A client's page markers as the page sets them (``data-<name>`` on the
    board): names checked (lowercase words joined by "-"), numbers as digits,
    true and false as "true" and "false"."""
    markers: dict[str, str] = {}
    for name, value in values.items():
        if not _NAME.fullmatch(name):
            raise ValueError(f"a page marker's name must be lowercase words joined by -: {name!r}")
        if isinstance(value, bool):
            markers[name] = "true" if value else "false"
        else:
            markers[name] = str(value)
    return markers
