"""A game's rules page as the build makes it, for the tests of its lessons:
its rules file, its sections, and the page, each game's title, lessons and
neighbouring pages taken from ``game.registry.rules_sources()`` as
``build.rules_pages`` takes them (so no test writes them a second time)."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import build
from game import registry

__all__ = ["rules_file", "rules_of", "rules_page", "rules_sections"]


def _sources() -> Mapping[str, Any]:
    sources: Mapping[str, Any] = registry.rules_sources()
    games: Mapping[str, Any] = sources["games"]
    return games


def rules_file(name: str) -> Path:
    """Game `name`'s rules file (its client's ``listing.rules``)."""
    return Path(_sources()[name]["file"])


def rules_of(name: str) -> dict[str, Any]:
    """Game `name`'s rules file, read afresh (a test may change what it gets)."""
    return tomllib.loads(rules_file(name).read_text("utf-8"))


def rules_sections(rules: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Every section of every part, in the page's order."""
    return [section for part in rules["part"] for section in part["section"]]


def rules_page(name: str, rules: Mapping[str, Any]) -> str:
    """Game `name`'s rules page made from `rules` (its file, or a changed copy)."""
    source = _sources()[name]
    return build.rules_page(
        name,
        rules,
        title=source["title"],
        tutorials=source["tutorials"],
        pages=list(_sources()),
        template=build.RULES_TEMPLATE.read_text("utf-8"),
        where=rules_file(name).relative_to(build.GAME.parent).as_posix(),
    )
