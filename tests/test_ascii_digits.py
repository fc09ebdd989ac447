"""Numbers read from text take ASCII digits only (issue #27): "²" passes
str.isdigit but int() refuses it, and int() and float() read "٣" (Arabic-Indic three) as
digits. Each such text is refused with its reason, never a traceback."""

from __future__ import annotations

import contextlib
import io
import re

import pytest

from game.engine import cli
from game.engine.errors import MalformedData
from game.engine.search_share import read_request
from game.registry import GAMES, get_game
from tests.test_search_share import good_request

ODD = ["²", "٣", "\uff15", "12³", "9" * 5000, "½", ""]


@pytest.mark.parametrize("dice", ODD)
def test_a_search_request_with_odd_dice_digits_is_refused(dice: str) -> None:
    with pytest.raises(MalformedData, match=re.escape("dice must be a 64-bit number")):
        read_request({**good_request(), "dice": dice}, get_game)


def _cli(*argv: str) -> tuple[int, str]:
    errors = io.StringIO()
    with contextlib.redirect_stderr(errors):
        code = cli.main(GAMES, list(argv), out=lambda line: None)
    return code, errors.getvalue()


@pytest.mark.parametrize("text", ODD)
@pytest.mark.parametrize(
    "argv",
    [
        ("simulate", "--players", "{}"),
        ("simulate", "--players", "2", "--games", "{}"),
        ("simulate", "--players", "2", "--games", "1", "--seed", "{}"),
        ("arena", "--players", "2", "--bots", "random,random", "--time-budget", "{}"),
    ],
    ids=["players", "games", "seed", "time-budget"],
)
def test_the_command_line_refuses_odd_digits(argv: tuple[str, ...], text: str) -> None:
    code, said = _cli(*(arg.format(text) for arg in argv))
    assert code == 2
    assert said.startswith("error: argument --") and "not a" in said, said
