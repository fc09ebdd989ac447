"""The default client: the pass-through parts, the optional members' defaults,
and a subclass refused when it leaves out a required member."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.client import GameClient, Listing, Scene
from game.engine.client_base import NAMED, REQUIRED, DefaultClient
from game.registry import get_client, include_test_games

#: the members with a default in DefaultClient (GameClient's optional part)
OPTIONAL = {"tutorials", "hint", "markers", "render_table", "render_result", "render_game_over"}


def _protocol_members() -> set[str]:
    names = set(GameClient.__annotations__)
    names |= {key for key in vars(GameClient) if not key.startswith("_")}
    return names


def test_the_protocol_is_split_into_required_and_optional_members() -> None:
    assert _protocol_members() == set(REQUIRED) | OPTIONAL | {"name", "listing"}
    assert {"name", "listing"} <= set(NAMED)


def test_a_client_missing_a_required_member_is_refused_naming_it() -> None:
    with pytest.raises(TypeError, match="does not define renderer, describe, progress"):

        class Half(DefaultClient):
            name = "half"
            listing = Listing(description={"fr": "Moitié.", "en": "Half."})

            def title(self, lang: str) -> str:
                return "Half"

            def dock(self, *args: Any, **kwargs: Any) -> Any:
                raise AssertionError

            def reason_text(self, code: str, message: str, lang: str) -> str:
                return message

            def result_status(self, *args: Any) -> str:
                return ""

            over_status = result_status

            def result_key(self, view: dict[str, Any]) -> int | None:
                return None

            def open_view(self, state: Any) -> dict[str, Any]:
                return {}


@pytest.mark.parametrize("game", ["duel", "theboss", "bossquest", "raid"])
def test_every_client_builds_on_the_default_client(game: str) -> None:
    include_test_games()
    client = get_client(game)
    assert isinstance(client, DefaultClient)
    drawn: list[str] = []

    class Spy:
        def render_table(self, scene: Scene) -> str:
            drawn.append("table")
            return "<table>"

        def render_result(self, scene: Scene) -> str:
            drawn.append("result")
            return "<result>"

        def render_game_over(self, scene: Scene) -> str:
            drawn.append("over")
            return "<over>"

    scene = Scene(view={}, names=["A", "B"], kinds=["human", "human"], lang="en")
    spied = type(client)()
    spied.renderer = Spy()
    assert spied.render_table(scene) == "<table>"
    assert spied.render_result(scene) == "<result>"
    assert spied.render_game_over(scene) == "<over>"
    assert drawn == ["table", "result", "over"]


def test_the_optional_members_default_to_nothing() -> None:
    include_test_games()
    duel = get_client("duel")
    assert duel.tutorials is None
    assert duel.hint({}, []) == {}
    assert isinstance(duel, DefaultClient)
    assert DefaultClient.markers(duel, {"round": 1}) == {}
