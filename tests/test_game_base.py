"""The default game: the protocol's pass-through parts forwarded to the
modules a game names, a subclass refused when it leaves out a member of its
own, and every registered game built on it."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from game.engine.capabilities import Capabilities
from game.engine.errors import MalformedData
from game.engine.game_base import NAMED, REQUIRED, GameBase, checked_seed
from game.engine.options import OptionsDeclaration
from game.engine.protocol import Game
from game.registry import GAMES, TEST_GAMES, get_game, include_test_games


def _protocol_members() -> set[str]:
    names = set(Game.__annotations__)
    names |= {key for key in vars(Game) if not key.startswith("_")}
    return names


def test_a_game_writes_only_its_own_members() -> None:
    """Every protocol member is the base's, or one the game names or writes."""
    forwarded = {key for key in vars(GameBase) if not key.startswith("_")}
    assert _protocol_members() <= forwarded | set(NAMED) | set(REQUIRED)
    assert not set(REQUIRED) & forwarded  # the game's own: never a silent default


def test_a_game_missing_a_member_is_refused_naming_it() -> None:
    with pytest.raises(TypeError, match="does not define view_check, deal, is_over"):

        class Half(GameBase[int, int]):
            name = "half"
            schema_version = 1
            declared_options = OptionsDeclaration(min_players=2, max_players=2, default_players=2)
            rules = SimpleNamespace()
            views = SimpleNamespace()
            codec = SimpleNamespace()
            capabilities = Capabilities()

            def seats(self, state: int) -> int:
                return 2

            def outcome(self, state: int) -> dict[str, Any] | None:
                return None


class _Spy:
    """A module of every function the base forwards to, recording each call."""

    def __init__(self, calls: list[tuple[str, tuple[Any, ...]]]) -> None:
        self.calls = calls

    def __getattr__(self, key: str) -> Any:
        def call(*args: Any) -> str:
            self.calls.append((key, args))
            return f"{key}!"

        return call


def test_the_protocol_is_forwarded_to_the_named_modules() -> None:
    calls: list[tuple[str, tuple[Any, ...]]] = []
    spy = _Spy(calls)

    class Tiny(GameBase[Any, Any]):
        name = "tiny"
        schema_version = 1
        declared_options = OptionsDeclaration(min_players=2, max_players=3, default_players=2)
        rules = views = codec = view_check = spy
        capabilities = Capabilities()

        def deal(self, options: dict[str, Any], seed: int) -> Any:
            return ("dealt", options["players"], seed)

        def seats(self, state: Any) -> int:
            return 2

        def is_over(self, state: Any) -> bool:
            return False

        def outcome(self, state: Any) -> dict[str, Any] | None:
            return None

    game: Any = Tiny()  # the spy answers with strings, not the types the protocol names
    assert game.new_game({"players": 3}, 7) == ("dealt", 3, 7)
    assert game.to_act("s") == "to_act!"
    assert game.legal_actions("s", 1) == "legal_actions!"
    assert game.check("s", 1, "a") == "check!"
    assert game.apply("s", 1, "a") == "apply!"
    assert game.action_universe("s") == "action_universe!"
    assert game.view("s", None) == "view!"
    assert game.check_received("r") == "check_received!"
    assert game.state_to_json("s") == "state_to_json!"
    assert game.state_from_json({}) == "state_from_json!"
    assert game.action_to_json("a") == "action_to_json!"
    assert game.action_from_json({}) == "action_from_json!"
    assert calls[0] == ("to_act", ("s",)) and calls[3] == ("apply", ("s", 1, "a"))
    with pytest.raises(MalformedData, match=r"options\.players must be"):
        game.new_game({"players": 9}, 7)
    with pytest.raises(MalformedData, match="the seed must be an integer, not True"):
        game.new_game({"players": 2}, True)


def test_a_seed_must_be_an_int() -> None:
    assert checked_seed(5) == 5
    for bad in (True, "5", 5.0, None):
        with pytest.raises(MalformedData, match="the seed must be an integer"):
            checked_seed(bad)


@pytest.mark.parametrize("name", [*GAMES, *TEST_GAMES])
def test_every_game_builds_on_the_default_game(name: str) -> None:
    include_test_games()
    game = get_game(name)
    assert isinstance(game, GameBase)
    options = {"players": game.declared_options.default_players}
    state = game.new_game(options, 3)
    assert game.state_from_json(game.state_to_json(state)) == state
    with pytest.raises(MalformedData, match="the seed must be an integer"):
        game.new_game(options, "3")  # type: ignore[arg-type]
