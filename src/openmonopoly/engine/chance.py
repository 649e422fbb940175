"""The one source of chance of a game: dice, shuffles and random picks.

Every outcome is appended to ``log`` as an integer, so a game record replays
exactly even if the generator changes. Tests script outcomes with ``force``;
a replay feeds the log back with ``playback``.

Every outcome, whether drawn, scripted or played back, uses up exactly one draw of the
generator. So a game rebuilt from its record by replay leaves the generator where the original
left it, and play continued from a replay rolls what the original would have rolled.

``Chance(seed)`` is a Mersenne Twister: reproducible from a seed (CLI, library, simulation), but its
outputs reveal its state. ``KeyedChance`` is for games against strangers (the web server): each draw
is keyed BLAKE2b of a counter, so no number of outcomes tells the key or the next outcome.
"""

from __future__ import annotations

import _random
import hashlib
import os
import random
from typing import Any, Final

from mypy_extensions import mypyc_attr

from .errors import ReplayMismatch
from .state import DICE_PAIRS, dice_pair


@mypyc_attr(allow_interpreted_subclasses=True)  # (and so Chance.__new__ skips __init__, as copy() needs)
class Chance:
    __slots__ = ("_rng", "_random", "_forced", "log", "_playback", "_cursor")

    def __init__(self, seed: int) -> None:
        self._rng = seeded_random(seed)
        self._random = self._rng.random  # (bound once: the dice are drawn thousands of times)
        # Scripted outcomes, next first: a list, not a deque, since every draw asks whether it is empty, which
        # compiled is a length read for a list and a Python-level truth test for a deque (the script is a
        # few outcomes long, so taking the first off is no cost).
        self._forced: list[int] = []
        self.log: list[int] = []
        self._playback: list[int] | None = None
        self._cursor = 0

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        drawn = int(self._random() * n)  # (drawn even when replaced: see the module docstring)
        if self._playback is not None:
            value = self._next_recorded(n)
        elif self._forced:
            value = self._forced.pop(0)
            if not 0 <= value < n:
                raise ValueError(f"scripted outcome {value} is outside [0, {n})")
        else:
            value = drawn
        self.log.append(value)
        return value

    def die(self, sides: int = 6) -> int:
        if self._playback is None and not self._forced:  # the common case of ``below``, inlined
            value = int(self._random() * sides)
            self.log.append(value)
            return value + 1
        return self.below(sides) + 1

    def two_dice(self) -> tuple[int, ...]:
        """Two six-sided dice, ``(die(), die())`` drawn in that order, as the pair ``dice_pair`` shares: the
        roll of every turn, with one test of the common case for both dice rather than one call of ``die``
        each. A subclass (which may draw its own way) gets its own ``die`` twice."""
        if type(self) is Chance and self._playback is None and not self._forced:
            draw = self._random
            first = int(draw() * 6)
            second = int(draw() * 6)
            log = self.log
            log.append(first)
            log.append(second)
            return DICE_PAIRS[first * 7 + second + 8]  # (``dice_pair(first + 1, second + 1)``)
        d1 = self.die()
        return dice_pair(d1, self.die())

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates, drawing each swap from this source."""
        if self._playback is None and not self._forced:
            # (the common case of ``below``, inlined and tested once: nothing in this loop scripts an outcome)
            draw = self._random
            log = self.log
            for i in range(len(items) - 1, 0, -1):
                j = int(draw() * (i + 1))
                log.append(j)
                items[i], items[j] = items[j], items[i]
            return
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    # --- scripting (tests) and replay -------------------------------------------------
    def force_dice(self, *faces: int) -> Chance:
        """Make the next dice show these faces (1..6), in order. Returns this source, so a scripted
        source can be written in one expression: ``Game(..., chance=Chance(0).force_dice(6, 6))``."""
        for face in faces:
            self._forced.append(face - 1)
        return self

    def force(self, *values: int) -> Chance:
        """Make the next ``below`` calls (shuffle swaps, card picks, dice minus one) return these raw
        values, in order. Returns this source."""
        self._forced.extend(values)
        return self

    def playback(self, recorded: list[int]) -> None:
        self._playback = list(recorded)
        self._cursor = 0

    def end_playback(self) -> None:
        if self._playback is not None and self._cursor != len(self._playback):
            raise ReplayMismatch(f"replay used {self._cursor} of {len(self._playback)} recorded chance outcomes")
        self._playback = None

    def _next_recorded(self, n: int) -> int:
        assert self._playback is not None
        if self._cursor >= len(self._playback):
            raise ReplayMismatch("the record has run out of chance outcomes")
        value = self._playback[self._cursor]
        self._cursor += 1
        if not 0 <= value < n:
            raise ReplayMismatch(f"recorded outcome {value} does not fit a draw from {n}")
        return value

    # --- persistence --------------------------------------------------------------------
    def copy(self) -> Chance:
        new = Chance.__new__(Chance)
        new._rng = random.Random.__new__(random.Random)  # (unseeded: the state is set at once)
        new._rng.setstate(self._rng.getstate())
        new._random = new._rng.random
        self._copy_outcomes_to(new)
        return new

    def _copy_outcomes_to(self, new: Chance) -> None:
        new._forced = list(self._forced)
        new.log = list(self.log)
        new._playback = None if self._playback is None else list(self._playback)
        new._cursor = self._cursor

    def to_json(self) -> dict[str, Any]:
        version, internal, gauss = self._rng.getstate()
        return {"rng": [version, list(internal), gauss], "forced": list(self._forced), "log": list(self.log)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Chance:
        """The source ``to_json`` saved, of either generator (``KeyedChance`` saves its state as a dict)."""
        rng = d["rng"]
        new: Chance
        if isinstance(rng, dict):
            new = KeyedChance.from_state(rng)
        else:
            new = cls(0)
            version, internal, gauss = rng
            new._rng.setstate((version, tuple(internal), gauss))
        new._forced = list(d.get("forced", ()))
        new.log = list(d.get("log", ()))
        return new


def seeded_random(seed: int) -> random.Random:
    """``random.Random(seed)`` for a whole number: the same generator in the same state, seeded by the C
    method directly. ``random.Random``'s ``__init__`` and ``seed`` are interpreted Python that end in that
    same call; a game is made for every simulated game, and they cost a sixth of its seeding."""
    if type(seed) is not int:
        return random.Random(seed)  # (other seeds are hashed by the Python-level ``seed``)
    rng = _NEW_RANDOM(_RANDOM)
    _SEED(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]  # (set by ``Random.__init__``; part of ``getstate``)
    return rng


# (bound once: compiled, ``random.Random.__new__`` is two lookups by name at every game made)
_RANDOM: Final = random.Random
_NEW_RANDOM: Final = random.Random.__new__
_SEED: Final = _random.Random.seed

KEY_BYTES = 32  # 256-bit keys
_FLOAT_SCALE = 1.0 / (1 << 53)


class KeyedChance(Chance):
    """A chance source whose draws cannot be predicted from earlier outcomes.

    Draw ``i`` is the first 53 bits of BLAKE2b keyed with a 256-bit key (``os.urandom``) over ``i``,
    as a float in [0, 1): a pseudorandom function, so outcomes reveal neither the key nor the next
    draw. Its whole state is ``(key, counter)`` (``state()``), which only the server keeps. Scripting,
    playback and the log work as in ``Chance``, so records replay exactly either way.
    """

    __slots__ = ("_key", "_counter", "_keyed")

    def __init__(self, key: bytes | None = None, counter: int = 0) -> None:
        if key is None:
            key = os.urandom(KEY_BYTES)
        if len(key) < KEY_BYTES:
            raise ValueError(f"a chance key has at least {KEY_BYTES} bytes, not {len(key)}")
        self._key = key
        self._counter = counter
        self._keyed = hashlib.blake2b(key=key, digest_size=8)  # (copied per draw: the key is absorbed once)
        self._random = self._draw
        self._forced = []
        self.log = []
        self._playback = None
        self._cursor = 0

    def _draw(self) -> float:
        h = self._keyed.copy()
        h.update(self._counter.to_bytes(8, "little"))
        self._counter += 1
        return (int.from_bytes(h.digest(), "little") >> 11) * _FLOAT_SCALE

    def state(self) -> dict[str, Any]:
        """The generator's state: secret (whoever has it can predict every later outcome)."""
        return {"key": self._key.hex(), "counter": self._counter}

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> KeyedChance:
        return KeyedChance(bytes.fromhex(state["key"]), int(state["counter"]))

    def copy(self) -> Chance:
        new = KeyedChance(self._key, self._counter)
        self._copy_outcomes_to(new)
        return new

    def to_json(self) -> dict[str, Any]:
        return {"rng": self.state(), "forced": list(self._forced), "log": list(self.log)}
