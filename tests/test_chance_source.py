"""The Mersenne Twister behind ``Chance``: made as ``random.Random(seed)`` makes it, for every seed."""

import random

import pytest

from openmonopoly.engine.chance import Chance, seeded_random


@pytest.mark.parametrize("seed", [0, 1, -7, 2**32, 2**63 - 1, 3**90])
def test_seeded_random_is_random_random(seed: int) -> None:
    made, reference = seeded_random(seed), random.Random(seed)
    assert made.getstate() == reference.getstate()
    assert [made.random() for _ in range(700)] == [reference.random() for _ in range(700)]


def test_shuffle_draws_like_below() -> None:
    """``shuffle``'s inlined draw logs and swaps exactly as drawing each swap with ``below``."""
    fast, slow = Chance(2024), Chance(2024)
    items, expected = list(range(16)), list(range(16))
    fast.shuffle(items)
    for i in range(len(expected) - 1, 0, -1):
        j = slow.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    assert fast.log == slow.log and len(fast.log) == 15
    assert fast.below(1000) == slow.below(1000)


def test_shuffle_takes_scripted_outcomes() -> None:
    chance = Chance(5).force(0, 2)
    items = ["a", "b", "c", "d"]
    chance.shuffle(items)  # swaps 3<->0, then 2<->2, then 1<->drawn
    assert items[3] == "a" and items[2] == "c"
    assert chance.log[:2] == [0, 2]


def test_copy_keeps_the_generator() -> None:
    chance = Chance(77)
    chance.below(6)
    twin = chance.copy()
    assert [twin.below(100) for _ in range(50)] == [chance.below(100) for _ in range(50)]


def test_dice_pair_is_the_pair_shared() -> None:
    from openmonopoly.engine.state import dice_pair

    for a in range(-1, 9):
        for b in range(-1, 9):
            assert dice_pair(a, b) == (a, b)
    assert dice_pair(3, 4) is dice_pair(3, 4)  # (one tuple per pair of faces 1-6)
