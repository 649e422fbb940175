"""Markov chains of one token's movement, built from edition data, one model per rules family.

A chain step is one roll. Its states are where a roll can leave a player (and what the next roll
depends on): the classic family's state is (space, doubles rolled so far this turn 0-2) or
(In Jail, failed jail rolls so far); the Mandalorian's is (space, carrying Grogu) or (In Jail,
failed tries). Every state *reports* a board position, or ``size`` for In Jail, so the stationary
distribution of the chain gives the long-run probability that a roll ends on each space.

What is modelled (shared with ``simulate_moves``, which plays the same model with random numbers):

* dice of the family (two d6; Empire: a numbered d6 and the swapper d6 whose swapper face moves only
  the numbered die and never counts for doubles; Mandalorian: one silver d6, the green d3 while
  carrying Grogu, no doubles);
* three doubles, Go To Jail and go-to-jail cards send to In Jail; a card's move counts where it ends;
* each card deck as a random draw with the cards' counts / deck size (a real deck is drawn without
  replacement, which changes the long-run frequencies only slightly; held get-out-of-jail cards are
  not removed from the deck);
* jail ``short``: pay and leave before the next roll (it is then an ordinary roll, doubles re-roll);
  ``long``: roll for doubles (Mandalorian: for a 6) as long as the rules allow.

Choices a player makes are fixed by assumption: an Empire Free Parking trip is not taken and "move up
to N" moves 0 (the token stays); Mandalorian enemies are not on the board (they stop a move on their
space in a real game), an Unexpected Ally advance finds each hideout unowned with probability
``1 - hideouts_owned``, and another player takes Grogu from his carrier with probability
``grogu_loss`` per roll (Free Parking gives him; going to jail leaves him behind).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..editions import Edition
from ..editions import load as load_edition
from .movement import Movement, movement_of

JAIL = -1  # a resolution outcome: the token goes to In Jail


# Normalised card moves: ("stay",) | ("jail",) | ("to", pos) | ("nearest", type) | ("steps", k)
CardMove = tuple


@dataclass
class MoveModel:
    """What movement needs to know about an edition, read from its data file."""

    edition: Edition
    movement: Movement
    size: int
    jail_pos: int
    jail_attempts: int
    go_to_jail: frozenset[int]
    card_deck: dict[int, int]  # space -> deck index
    deck_moves: list[list[tuple[float, CardMove]]]  # per deck: (probability, move)
    nearest: dict[str, list[int]]  # type -> next space of that type after each space
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.edition.board]


def _card_move(movement: Movement, effect: dict) -> CardMove:
    kind = effect.get("kind")
    if kind == "go_to_jail":
        return ("jail",)
    if kind == "advance":
        return ("to", int(effect["to"]))
    if kind == "advance_nearest" and kind in movement.card_moves:
        return ("nearest", effect["type"])
    if kind == "move" and kind in movement.card_moves:
        return ("steps", int(effect["steps"]))
    return ("stay",)  # money, repairs, kept cards, choices (Empire "move up to": stays)


def _movement_or_none(ed: Edition) -> tuple[tuple[str, Any], ...]:
    """The parameters (with their defaults) of ``ed``'s movement model; none without a model."""
    try:
        return movement_of(ed).defaults
    except ValueError:
        return ()


def _refuse_stray_params(ed: Edition, movement: Movement, params: dict[str, Any]) -> None:
    """A parameter of another family's model (``grogu_loss`` on the classic board) would be silently
    ignored: refuse it, naming the editions whose model has it."""
    from ..editions import edition_ids

    for name, value in params.items():
        if value is None or name in dict(movement.defaults):
            continue
        editions = [e for e in edition_ids() if name in dict(_movement_or_none(load_edition(e)))]
        option = "--" + name.replace("_", "-")
        raise ValueError(
            f"{option} ({name}) does not apply to {ed.id}: the {ed.family} family's movement model has no such "
            f"parameter; it applies to {', '.join(editions) or 'no edition'}"
        )


def move_model(edition: str | Edition, **params: Any) -> MoveModel:
    ed = load_edition(edition) if isinstance(edition, str) else edition
    movement = movement_of(ed)
    _refuse_stray_params(ed, movement, params)
    size = len(ed.board)
    card_deck: dict[int, int] = {}
    for s in ed.board:
        if s.type in movement.card_spaces:
            card_deck[s.position] = max(s.deck, 0)
    deck_moves = []
    for deck in ed.decks:
        total = len(deck.cards)
        merged: dict[CardMove, int] = {}
        for c in deck.cards:
            m = _card_move(movement, c.effect)
            merged[m] = merged.get(m, 0) + 1
        deck_moves.append([(n / total, m) for m, n in merged.items()])
    nearest = {}
    for t in {s.type for s in ed.board}:
        table = []
        for p in range(size):
            q = next(((p + k) % size for k in range(1, size + 1) if ed.board[(p + k) % size].type == t), p)
            table.append(q)
        nearest[t] = table
    defaults = dict(movement.defaults)
    defaults.update({k: v for k, v in params.items() if v is not None})
    return MoveModel(
        ed,
        movement,
        size,
        int(ed.rules.jail_position),
        int(getattr(ed.rules, "jail_attempts", 3)),
        frozenset(s.position for s in ed.board if s.type == "go_to_jail"),
        card_deck,
        deck_moves,
        nearest,
        defaults,
    )


# ---------------------------------------------------------------------- dice per family
def roll_outcomes(model: MoveModel) -> list[tuple[float, int, bool]]:
    """(probability, steps, doubles) of an ordinary two-dice roll (classic and Empire)."""
    out: dict[tuple[int, bool], float] = {}
    swap_face = model.edition.rules.swapper_face if model.movement.swapper else None
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            if swap_face is not None and d2 == swap_face:
                key = (d1, False)
            else:
                key = (d1 + d2, d1 == d2)
            out[key] = out.get(key, 0.0) + 1 / 36
    return [(p, s, d) for (s, d), p in sorted(out.items())]


def jail_outcomes(model: MoveModel) -> list[tuple[float, bool, int]]:
    """(probability, doubles, steps) of a roll in jail; ``steps`` is the move if it frees you (or is the last try)."""
    return [(p, d, s) for p, s, d in roll_outcomes(model)]


# ---------------------------------------------------------------------- landing resolution
def resolve(model: MoveModel, pos: int, depth: int = 0) -> dict[int, float]:
    """Where a token that reached ``pos`` ends: {space or JAIL: probability} (cards and Go To Jail)."""
    if pos in model.go_to_jail:
        return {JAIL: 1.0}
    deck = model.card_deck.get(pos)
    if deck is None or depth > 4:
        return {pos: 1.0}
    out: dict[int, float] = {}
    for p, m in model.deck_moves[deck]:
        if m[0] == "stay":
            sub = {pos: 1.0}
        elif m[0] == "jail":
            sub = {JAIL: 1.0}
        elif m[0] == "to":
            sub = resolve(model, m[1], depth + 1)
        elif m[0] == "nearest":
            sub = resolve(model, model.nearest[m[1]][pos], depth + 1)
        else:
            sub = resolve(model, (pos + m[1]) % model.size, depth + 1)
        for q, pq in sub.items():
            out[q] = out.get(q, 0.0) + p * pq
    return out


# ---------------------------------------------------------------------- chains
@dataclass
class Chain:
    model: MoveModel
    jail: str
    states: list[tuple]
    P: np.ndarray  # row-stochastic transition matrix over states (one roll)
    report: np.ndarray  # state -> position, ``size`` for In Jail

    def stationary(self) -> np.ndarray:
        n = len(self.states)
        A = self.P.T - np.eye(n)
        A[-1, :] = 1.0
        b = np.zeros(n)
        b[-1] = 1.0
        pi = np.linalg.solve(A, b)
        pi = np.clip(pi, 0.0, None)
        return pi / pi.sum()

    def landing(self) -> np.ndarray:
        """Long-run probability that a roll ends on each space; the last entry is In Jail."""
        return np.bincount(self.report, weights=self.stationary(), minlength=self.model.size + 1)


def build_chain(model: MoveModel, jail: str = "long") -> Chain:
    if jail not in ("short", "long"):
        raise ValueError("jail must be 'short' or 'long'")
    if model.movement.chain == "grogu":
        return _mandalorian_chain(model, jail)
    return _classic_chain(model, jail)


def _classic_chain(model: MoveModel, jail: str) -> Chain:
    """Classic and Empire: states (pos, doubles 0-2) and ("jail", failed tries 0..attempts-1)."""
    size, attempts = model.size, model.jail_attempts
    states: list[tuple] = [(p, d) for p in range(size) for d in range(3)] + [("jail", k) for k in range(attempts)]
    index = {s: i for i, s in enumerate(states)}
    P = np.zeros((len(states), len(states)))
    rolls = roll_outcomes(model)
    cache: dict[int, dict[int, float]] = {}

    def landed(pos: int) -> dict[int, float]:
        if pos not in cache:
            cache[pos] = resolve(model, pos)
        return cache[pos]

    def ordinary(row: int, pos: int, d: int, weight: float = 1.0) -> None:
        for p, steps, doubles in rolls:
            if doubles and d == 2:
                P[row, index[("jail", 0)]] += weight * p
                continue
            for q, pq in landed((pos + steps) % size).items():
                target = ("jail", 0) if q == JAIL else (q, d + 1 if doubles else 0)
                P[row, index[target]] += weight * p * pq

    def move_from_jail(row: int, steps: int, weight: float) -> None:
        for q, pq in landed((model.jail_pos + steps) % size).items():
            P[row, index[("jail", 0) if q == JAIL else (q, 0)]] += weight * pq

    for s in states:
        row = index[s]
        if s[0] != "jail":
            ordinary(row, s[0], s[1])
        elif jail == "short":
            ordinary(row, model.jail_pos, 0)  # pay, then an ordinary roll
        else:
            k = s[1]
            for p, doubles, steps in jail_outcomes(model):
                if doubles:
                    move_from_jail(row, steps, p)  # freed; the doubles give no re-roll
                elif k + 1 < attempts:
                    P[row, index[("jail", k + 1)]] += p
                else:
                    move_from_jail(row, steps, p)  # last try failed: pay and move by the roll
    report = np.array([model.size if s[0] == "jail" else s[0] for s in states])
    return Chain(model, jail, states, P, report)


def ally_targets(model: MoveModel, pos: int) -> dict[int, float]:
    """Mandalorian Unexpected Ally: the next unowned hideout (each owned with ``hideouts_owned``), else the next
    ally."""
    ed, size = model.edition, model.size
    f = float(model.params["hideouts_owned"])
    out: dict[int, float] = {}
    left = 1.0
    for i in range(1, size):
        p = (pos + i) % size
        if ed.board[p].type == "hideout":
            out[p] = out.get(p, 0.0) + left * (1 - f)
            left *= f
    if left > 0:
        q = next((pos + i) % size for i in range(1, size + 1) if ed.board[(pos + i) % size].type == "unexpected_ally")
        out[q] = out.get(q, 0.0) + left
    return {k: v for k, v in out.items() if v > 0}


def mando_resolve(model: MoveModel, pos: int, how: str = "move", depth: int = 0) -> dict[tuple[int, int], float]:
    """Mandalorian landing: {(space or JAIL, 1 if Free Parking gave Grogu else 0): probability}."""
    ed = model.edition
    t = ed.board[pos].type
    if t == "go_to_jail":
        return {(JAIL, 0): 1.0}
    if t == "free_parking":
        return {(pos, 1): 1.0}
    if t == "unexpected_ally" and how != "ally":
        out: dict[tuple[int, int], float] = {}
        for q, pq in ally_targets(model, pos).items():
            for k, v in mando_resolve(model, q, "ally", depth + 1).items():
                out[k] = out.get(k, 0.0) + pq * v
        return out
    deck = model.card_deck.get(pos)
    if deck is None or depth > 4:
        return {(pos, 0): 1.0}
    out = {}
    for p, m in model.deck_moves[deck]:
        if m[0] == "jail":
            sub = {(JAIL, 0): 1.0}
        elif m[0] == "to":
            sub = mando_resolve(model, m[1], "direct", depth + 1)
        else:
            sub = {(pos, 0): 1.0}
        for k, v in sub.items():
            out[k] = out.get(k, 0.0) + p * v
    return out


def _mandalorian_chain(model: MoveModel, jail: str) -> Chain:
    """States (pos, carrying Grogu 0/1) and ("jail", failed tries); one die, no doubles."""
    ed, size, attempts = model.edition, model.size, model.jail_attempts
    silver, green = int(ed.rules.silver_die), int(ed.rules.green_die)
    need = int(getattr(ed.rules, "jail_roll_needed", silver))
    loss = float(model.params["grogu_loss"])
    states: list[tuple] = [(p, g) for p in range(size) for g in (0, 1)] + [("jail", k) for k in range(attempts)]
    index = {s: i for i, s in enumerate(states)}
    P = np.zeros((len(states), len(states)))

    def move(row: int, pos: int, g: int, steps: int, weight: float) -> None:
        for (q, gained), pq in mando_resolve(model, (pos + steps) % size).items():
            w = weight * pq
            if q == JAIL:
                P[row, index[("jail", 0)]] += w
                continue
            carry = 1 if (g or gained) else 0
            if carry:
                P[row, index[(q, 1)]] += w * (1 - loss)
                P[row, index[(q, 0)]] += w * loss
            else:
                P[row, index[(q, 0)]] += w

    for s in states:
        row = index[s]
        if s[0] != "jail":
            pos, g = s
            sides = green if g else silver
            for d in range(1, sides + 1):
                move(row, pos, g, d, 1 / sides)
        elif jail == "short":
            for d in range(1, silver + 1):
                move(row, model.jail_pos, 0, d, 1 / silver)
        else:
            k = s[1]
            for d in range(1, silver + 1):
                if d >= need:
                    move(row, model.jail_pos, 0, d, 1 / silver)
                elif k + 1 < attempts:
                    P[row, index[("jail", k + 1)]] += 1 / silver
                else:
                    P[row, index[(model.jail_pos, 0)]] += 1 / silver  # served: to Just Visiting, no move
    report = np.array([size if s[0] == "jail" else s[0] for s in states])
    return Chain(model, jail, states, P, report)
