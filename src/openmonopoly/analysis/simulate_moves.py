"""Landing frequencies by playing moves only: many tokens at once, vectorised with NumPy.

This plays the movement model of ``markov`` (dice, doubles, jail, card draws with their counts,
Go To Jail) with random numbers instead of solving it, so it cross-checks the chain with code that
shares only the edition tables: dice are thrown, a card is drawn by index from its deck and obeyed.
``tokens`` independent tokens each roll ``rolls // tokens`` times after a short burn-in from GO.
"""

from __future__ import annotations

import numpy as np

from .markov import MoveModel

# card move codes in the effect tables
STAY, TO_JAIL, TO, NEAREST, STEPS = 0, 1, 2, 3, 4


class _Tables:
    def __init__(self, model: MoveModel) -> None:
        size = model.size
        self.size = size
        self.space_deck = np.full(size, -1, dtype=np.int64)
        for pos, d in model.card_deck.items():
            self.space_deck[pos] = d
        self.gtj = np.zeros(size, dtype=bool)
        self.gtj[list(model.go_to_jail)] = True
        types = sorted(model.nearest)
        self.nearest = np.array([model.nearest[t] for t in types], dtype=np.int64)
        # one row per deck: the expanded cards (each copy of a card is one entry)
        width = max((len(d.cards) for d in model.edition.decks), default=1)
        nd = max(len(model.edition.decks), 1)
        self.deck_len = np.ones(nd, dtype=np.int64)
        self.kind = np.zeros((nd, width), dtype=np.int64)
        self.arg = np.zeros((nd, width), dtype=np.int64)
        from .markov import _card_move

        for i, deck in enumerate(model.edition.decks):
            self.deck_len[i] = len(deck.cards)
            for j, card in enumerate(deck.cards):
                m = _card_move(model.movement, card.effect)
                if m[0] == "jail":
                    self.kind[i, j] = TO_JAIL
                elif m[0] == "to":
                    self.kind[i, j], self.arg[i, j] = TO, m[1]
                elif m[0] == "nearest":
                    self.kind[i, j], self.arg[i, j] = NEAREST, types.index(m[1])
                elif m[0] == "steps":
                    self.kind[i, j], self.arg[i, j] = STEPS, m[1]


def _resolve_cards(t: _Tables, rng: np.random.Generator, pos: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """Resolve Go To Jail and cards for tokens ``idx`` that just reached ``pos[idx]``; returns who is jailed."""
    jailed = np.zeros(len(pos), dtype=bool)
    todo = idx
    for _ in range(6):
        if todo.size == 0:
            break
        here = pos[todo]
        g = t.gtj[here]
        jailed[todo[g]] = True
        todo, here = todo[~g], here[~g]
        deck = t.space_deck[here]
        on_card = deck >= 0
        todo, here, deck = todo[on_card], here[on_card], deck[on_card]
        card = (rng.random(todo.size) * t.deck_len[deck]).astype(np.int64)
        kind, arg = t.kind[deck, card], t.arg[deck, card]
        jailed[todo[kind == TO_JAIL]] = True
        new = here.copy()
        m = kind == TO
        new[m] = arg[m]
        m = kind == NEAREST
        new[m] = t.nearest[arg[m], here[m]]
        m = kind == STEPS
        new[m] = (here[m] + arg[m]) % t.size
        moved = (kind == TO) | (kind == NEAREST) | (kind == STEPS)
        pos[todo[moved]] = new[moved]
        todo = todo[moved]
    return jailed


def simulate_landing(
    model: MoveModel,
    jail: str = "long",
    rolls: int = 10_000_000,
    seed: int = 0,
    tokens: int | None = None,
    burn_in: int = 30,
) -> tuple[np.ndarray, int]:
    """Counts of rolls ending on each space (last entry In Jail) and the number of rolls counted."""
    if model.movement.chain == "grogu":
        return _simulate_mandalorian(model, jail, rolls, seed, tokens, burn_in)
    rng = np.random.default_rng(seed)
    t = _Tables(model)
    size = model.size
    n = tokens or int(min(max(rolls // 200, 1000), 200_000))
    steps_per = max(1, -(-rolls // n))
    pos = np.zeros(n, dtype=np.int64)
    dbl = np.zeros(n, dtype=np.int64)
    jail_k = np.full(n, -1, dtype=np.int64)  # failed jail tries so far; -1: not in jail
    counts = np.zeros(size + 1, dtype=np.int64)
    swap_face = model.edition.rules.swapper_face if model.movement.swapper else None
    attempts, jail_pos = model.jail_attempts, model.jail_pos
    everyone = np.arange(n)
    for step in range(burn_in + steps_per):
        if jail == "short":
            out = jail_k >= 0
            jail_k[out] = -1
            dbl[out] = 0
        d1 = rng.integers(1, 7, n)
        d2 = rng.integers(1, 7, n)
        if swap_face is not None:
            swap = d2 == swap_face
            steps = np.where(swap, d1, d1 + d2)
            doubles = (d1 == d2) & ~swap
        else:
            steps = d1 + d2
            doubles = d1 == d2
        injail = jail_k >= 0
        free = ~injail
        speeding = free & doubles & (dbl == 2)
        mover = free & ~speeding
        dbl = np.where(mover & doubles, dbl + 1, 0)
        # in jail: doubles free you; the last failed try pays and moves
        freed = injail & doubles
        fail = injail & ~doubles
        jail_k[fail] += 1
        last = fail & (jail_k >= attempts)
        leave = freed | last
        jail_k[leave] = -1
        dbl[leave] = 0
        movers = mover | leave
        pos = np.where(movers, (pos + steps) % size, pos)
        jailed = _resolve_cards(t, rng, pos, everyone[movers])
        jailed |= speeding
        jail_k[jailed] = 0
        pos[jailed] = jail_pos
        dbl[jailed] = 0
        if step >= burn_in:
            report = np.where(jail_k >= 0, size, pos)
            counts += np.bincount(report, minlength=size + 1)
    return counts, int(counts.sum())


def _simulate_mandalorian(
    model: MoveModel, jail: str, rolls: int, seed: int, tokens: int | None, burn_in: int
) -> tuple[np.ndarray, int]:
    rng = np.random.default_rng(seed)
    ed = model.edition
    size = model.size
    t = _Tables(model)
    types = np.array([s.type for s in ed.board])
    ally = types == "unexpected_ally"
    fp = types == "free_parking"
    f = float(model.params["hideouts_owned"])
    loss = float(model.params["grogu_loss"])
    silver, green = int(ed.rules.silver_die), int(ed.rules.green_die)
    need = int(getattr(ed.rules, "jail_roll_needed", silver))
    # per ally space: the hideouts after it in order, and the next ally space
    order = {}
    for a in np.flatnonzero(ally):
        after = [(a + i) % size for i in range(1, size)]
        order[a] = (
            np.array([p for p in after if types[p] == "hideout"]),
            next((a + i) % size for i in range(1, size + 1) if ally[(a + i) % size]),
        )
    n = tokens or int(min(max(rolls // 200, 1000), 200_000))
    steps_per = max(1, -(-rolls // n))
    pos = np.zeros(n, dtype=np.int64)
    grogu = np.zeros(n, dtype=bool)
    jail_k = np.full(n, -1, dtype=np.int64)
    counts = np.zeros(size + 1, dtype=np.int64)
    everyone = np.arange(n)
    attempts, jail_pos = model.jail_attempts, model.jail_pos
    for step in range(burn_in + steps_per):
        if jail == "short":
            jail_k[jail_k >= 0] = -1
        injail = jail_k >= 0
        die = np.where(grogu & ~injail, rng.integers(1, green + 1, n), rng.integers(1, silver + 1, n))
        freed = injail & (die >= need)
        fail = injail & ~freed
        jail_k[fail] += 1
        served = fail & (jail_k >= attempts)
        jail_k[served | freed] = -1  # served: Just Visiting, no move
        movers = ~injail | freed
        pos = np.where(movers, (pos + die) % size, pos)
        jailed = np.zeros(n, dtype=bool)
        todo = everyone[movers]
        how_ally = np.zeros(n, dtype=bool)
        for _ in range(6):
            if todo.size == 0:
                break
            here = pos[todo]
            g = t.gtj[here]
            jailed[todo[g]] = True
            todo, here = todo[~g], here[~g]
            grogu[todo[fp[here]]] = True
            # Unexpected Ally (not when arriving from one)
            a = ally[here] & ~how_ally[todo]
            for sp, (hs, nxt) in order.items():
                who = todo[a & (here == sp)]
                if who.size == 0:
                    continue
                if f >= 1.0:
                    k = np.full(who.size, len(hs))
                elif f <= 0.0:
                    k = np.zeros(who.size, dtype=np.int64)
                else:
                    k = rng.geometric(1 - f, who.size) - 1  # owned hideouts skipped
                pos[who] = np.where(k < len(hs), hs[np.minimum(k, len(hs) - 1)], nxt)
                how_ally[who] = True
            jumped = todo[a]
            # cards
            rest = ~a
            todo2, here2 = todo[rest], here[rest]
            deck = t.space_deck[here2]
            on = deck >= 0
            todo2, here2, deck = todo2[on], here2[on], deck[on]
            card = (rng.random(todo2.size) * t.deck_len[deck]).astype(np.int64)
            kind, arg = t.kind[deck, card], t.arg[deck, card]
            jailed[todo2[kind == TO_JAIL]] = True
            m = kind == TO
            pos[todo2[m]] = arg[m]
            how_ally[todo2[m]] = False
            todo = np.concatenate([jumped, todo2[m]])
        jail_k[jailed] = 0
        pos[jailed] = jail_pos
        grogu[jailed] = False
        grogu &= ~(rng.random(n) < loss)
        if step >= burn_in:
            report = np.where(jail_k >= 0, size, pos)
            counts += np.bincount(report, minlength=size + 1)
        how_ally[:] = False
    return counts, int(counts.sum())
