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


@pytest.mark.parametrize("seed", [0, 2024, 2**63 - 1])
@pytest.mark.parametrize("size", [0, 1, 2, 3, 16, 17, 40])
def test_shuffle_draws_like_random_calls(seed: int, size: int) -> None:
    """A shuffle's inlined draws: the same swaps, log and generator state as one ``random()`` call per swap."""
    fast, reference = Chance(seed), random.Random(seed)
    items, expected, log = list(range(size)), list(range(size)), []
    fast.shuffle(items)
    for i in range(size - 1, 0, -1):
        j = int(reference.random() * (i + 1))
        log.append(j)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and fast.log == log
    assert fast._rng.getstate() == reference.getstate()


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


@pytest.mark.parametrize("seed", [0, 5, 2**63 - 1])
def test_two_dice_draw_as_two_dice(seed: int) -> None:
    """``two_dice`` (every turn's roll) shows, logs and leaves the generator as ``die()`` twice."""
    from openmonopoly.engine.state import dice_pair

    fast, slow = Chance(seed), Chance(seed)
    for _ in range(200):
        pair = fast.two_dice()
        d1 = slow.die()
        assert pair == (d1, slow.die())
        assert pair is dice_pair(*pair)  # (the shared tuple of those faces)
    assert fast.log == slow.log and len(fast.log) == 400
    assert fast.below(1000) == slow.below(1000)


def test_two_dice_take_scripted_and_recorded_outcomes() -> None:
    assert Chance(1).force_dice(6, 6, 2, 3).two_dice() == (6, 6)
    forced = Chance(1).force_dice(4)  # one face scripted, the other drawn
    plain = Chance(1)
    plain.below(6)
    assert forced.two_dice() == (4, plain.die())
    replay = Chance(9)
    replay.playback([5, 0])
    assert replay.two_dice() == (6, 1)
    replay.end_playback()


def test_two_dice_of_a_subclass_use_its_die() -> None:
    class Loaded(Chance):
        def die(self, sides: int = 6) -> int:
            return sides

    assert Loaded(3).two_dice() == (6, 6)
