"""engine.evolve: a changed copy of a frozen dataclass, with or without slots."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass

import pytest

from game.engine.evolve import dict_backed, evolve


@dataclass(frozen=True)
class Loose:
    a: int
    b: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Slotted:
    a: int
    b: tuple[int, ...] = ()


@pytest.mark.parametrize("cls", [Loose, Slotted])
def test_a_copy_with_changes_leaves_the_original_alone(cls: type[Loose] | type[Slotted]) -> None:
    first = cls(1, (2,))
    second = evolve(first, b=(3,))
    assert second == cls(1, (3,)) and first == cls(1, (2,))
    assert type(second) is cls
    assert evolve(second) == second and evolve(second) is not second
    with pytest.raises(FrozenInstanceError):
        second.a = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        evolve(first, c=1)
    assert first == cls(1, (2,))


def test_only_dataclasses_evolve() -> None:
    with pytest.raises(TypeError):
        evolve(3, a=1)


@dict_backed
@dataclass(frozen=True)
class Built:
    a: int
    b: tuple[int, ...] = (1,)


def test_a_dict_backed_class_is_built_as_its_dataclass_would_be() -> None:
    assert Built(2) == Built(a=2, b=(1,)) and Built(2, (3,)).b == (3,)
    assert repr(Built(2)) == "Built(a=2, b=(1,))"
    assert evolve(Built(2), b=()) == Built(2, ())
    with pytest.raises(TypeError):
        Built()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Built(1, (2,), 3)  # type: ignore[call-arg]
    with pytest.raises(FrozenInstanceError):
        Built(2).a = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        dict_backed(Slotted)
