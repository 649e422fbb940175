"""Whole-game invariant checks shared by the test modules.

``play_checked`` plays one bot game and checks the state after every action.
``cheap`` checks (money, ownership, buildings, cards, offered-actions-are-legal,
state clone, per-step state hash for replay) run at every step of every game;
``full`` adds, at every step, the candidate-action universe, acting on clones
with offered and refused actions, the full ``to_json`` clone and JSON round
trip, and the hidden-information perturbation check of every player's view.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from openmonopoly import Action, Game, IllegalAction, TradeOffer
from openmonopoly.agents import make_agent
from openmonopoly.editions.schema import STREET
from openmonopoly.engine import actions as A
from openmonopoly.engine import events as E
from openmonopoly.engine.chance import Chance

# Action kinds of an edition's own rules class: (without a number, with a number).
HIDDEN_KEYS = frozenset({"decks", "rng", "chance", "_rng", "forced", "log"})


class InvariantError(AssertionError):
    pass


def fail(g: Game, step: int, what: str) -> None:
    p = g.prompt
    raise InvariantError(
        f"{g.edition.id} seed={g.seed} players={g.state.n} step {step} (turn {g.state.turns}, prompt {p}): {what}"
    )


def state_hash(g: Game) -> bytes:
    """A hash of the whole state (every slot, the pending steps included).

    It hashes the ``repr`` of the slot values rather than ``json.dumps(state.to_json())``: the
    content is the same and it is several times faster, which matters at every step of
    every game. ``check_full_json`` compares the JSON form itself on the expensive subset.
    """
    s = g.state
    data = repr([getattr(s, name) for name in s.FIELDS]).encode()
    return hashlib.blake2b(data, digest_size=16).digest()


# ---------------------------------------------------------------------- cheap checks
def check_money(g: Game, step: int) -> None:
    s = g.state
    start = g.starting_cash()  # (the rulebook's, or house rule starting-cash)
    if sum(s.cash) - s.bank_net != s.n * start:
        fail(g, step, f"money not conserved: sum(cash)={sum(s.cash)} bank_net={s.bank_net} expected {s.n * start}")
    for p in range(s.n):
        if s.cash[p] < 0:
            fail(g, step, f"player {p} has negative cash {s.cash[p]}")
        if not s.alive[p] and s.cash[p] != 0:
            fail(g, step, f"bankrupt player {p} still has cash {s.cash[p]}")
    # every seat's worth in one pass (what observations read) is each seat's worth read alone
    one_by_one = [g.net_worth(p) for p in range(s.n)]
    if g.net_worths() != one_by_one:
        fail(g, step, f"net_worths() {g.net_worths()} differs from net_worth per seat {one_by_one}")


def check_ownership(g: Game, step: int) -> None:
    s = g.state
    ed = g.edition
    props = set(ed.properties)
    for pos in range(ed.size):
        o = s.owner[pos]
        if not -1 <= o < s.n:
            fail(g, step, f"space {pos} has owner {o}")
        if pos not in props and (o != -1 or s.level[pos] or s.mortgaged[pos]):
            fail(g, step, f"non-property {pos} has owner/level/mortgage {o}/{s.level[pos]}/{s.mortgaged[pos]}")
        if o >= 0 and not s.alive[o]:
            fail(g, step, f"bankrupt player {o} still owns {ed.board[pos].name} ({pos})")
        if o == -1 and (s.mortgaged[pos] or s.level[pos]):
            fail(g, step, f"bank-owned {pos} is mortgaged or built on")
    for p in range(s.n):
        if not s.alive[p] and s.held[p]:
            fail(g, step, f"bankrupt player {p} still holds cards {s.held[p]}")


def check_buildings(g: Game, step: int) -> None:
    s = g.state
    ed = g.edition
    rules = ed.rules
    hotel = g.hotel_level
    houses_on_board = hotels_on_board = 0
    for pos in range(ed.size):
        lv = s.level[pos]
        if not 0 <= lv <= hotel:
            fail(g, step, f"level {lv} on {pos}")
        if lv and ed.board[pos].type != STREET:
            fail(g, step, f"buildings on non-street {pos}")
        if lv == hotel:
            hotels_on_board += 1
        else:
            houses_on_board += lv
    if s.bank_houses < 0 or s.bank_hotels < 0:
        fail(g, step, f"bank supply negative: {s.bank_houses} houses, {s.bank_hotels} hotels")
    if s.bank_houses + houses_on_board != rules.houses:
        fail(g, step, f"houses: bank {s.bank_houses} + board {houses_on_board} != {rules['houses']}")
    if s.bank_hotels + hotels_on_board != rules.hotels:
        fail(g, step, f"hotels: bank {s.bank_hotels} + board {hotels_on_board} != {rules['hotels']}")
    for members in ed.group_members:
        levels = [s.level[q] for q in members]
        if not any(levels) or ed.board[members[0]].type != STREET:
            continue
        owners = {s.owner[q] for q in members}
        if len(owners) != 1 or -1 in owners:
            fail(g, step, f"buildings on a set not wholly owned by one player: {members} owners {owners}")
        if any(s.mortgaged[q] for q in members):
            fail(g, step, f"buildings on a set with a mortgaged street: {members}")
        if max(levels) - min(levels) > 1 and not g.uneven_building and not sold_city_outright(g, members):
            fail(g, step, f"uneven building on {members}: {levels}")


def check_house_rules(g: Game, step: int) -> None:
    """What the classic family's house rules promise at every step."""
    s = g.state
    if s.pot < 0 or (not g.pot_fees and s.pot):
        fail(g, step, f"free-parking pot {s.pot} (house rule {'on' if g.pot_fees else 'off'})")
    if g.no_mortgages and any(s.mortgaged):
        fail(g, step, "a property is mortgaged under house rule no-mortgages")
    if g.no_auctions and any(type(st).__name__ == "Auction" and st.lot >= 0 for st in s.stack):
        fail(g, step, "a property is auctioned under house rule no-auctions")


def sold_city_outright(g: Game, members) -> bool:
    """Clone Wars: a city sold outright ('sell-city') leaves its site bare beside the others'
    buildings (the rulebook asks evenness of settlements only); building then starts on the lowest."""
    return any(a.kind == "sell-city" and a.arg in members for _, a in g._moves())


def check_cards(g: Game, step: int) -> None:
    """Every card of every deck is either in its pile or held by exactly one player."""
    s = g.state
    for d, deck in enumerate(g.edition.decks):
        held = [ref & 0xFF for p in range(s.n) for ref in s.held[p] if ref >> 8 == d]
        if sorted(s.decks[d] + held) != list(range(len(deck.cards))):
            fail(g, step, f"deck {d} broken: pile {s.decks[d]} held {held}")


def check_flow(g: Game, step: int, offered: list[tuple[int, Any]]) -> None:
    s = g.state
    if s.over:
        if g.prompt is not None or s.stack:
            fail(g, step, "game over but steps pending")
        if not s.winners or any(not s.alive[w] for w in s.winners):
            fail(g, step, f"bad winners {s.winners}")
        return
    check_stack(g, step)
    p = g.prompt
    if p is None:
        fail(g, step, "no prompt while the game is not over")
    if not s.alive[p.player]:
        fail(g, step, f"prompt for bankrupt player {p.player}")
    if sum(s.alive) < 2:
        fail(g, step, "fewer than two players alive but game not over")
    legal = dict(offered)[p.player]
    if not legal.actions and legal.bid_range is None:
        fail(g, step, f"decider {p.player} has nothing legal to answer {p.kind}")
    check_answerable(g, step, legal)


# Any-time kinds that raise money: what a debtor answers with before 'pay' becomes legal.
RAISING = frozenset({A.SELL, A.SELL_ALL, A.MORTGAGE, "sell-city"})


def check_answerable(g: Game, step: int, legal=None) -> None:
    """Every prompt has at least one legal answer: an action of a kind the waiting step itself accepts
    (or a bid), not only any-time actions that leave the prompt where it is. A debt still being raised
    is answered by raising: then some money-raising action (sell, mortgage, ...) must be legal."""
    s = g.state
    if s.over:
        return
    top = s.stack[-1]
    p = g.prompt
    if legal is None:
        legal = g.legal_actions(p.player)
    if legal.bid_range is not None:
        return
    answers = top.answers
    for a in legal.actions:
        if a.kind in answers:
            return
    if top.kind == "debt" and any(a.kind in RAISING for a in legal.actions):
        return
    fail(g, step, f"prompt {p.kind} for player {p.player} has no legal answer (only {legal.summary()})")


def random_offer(g: Game, rng: random.Random, proposer: int, target: int) -> Action:
    """A random trade proposal: up to two properties each way, some cash, a held card now and then."""
    s = g.state
    ed = g.edition
    owner = getattr(s, "owner", None)
    mine = [q for q in ed.properties if owner is not None and owner[q] == proposer]
    theirs = [q for q in ed.properties if owner is not None and owner[q] == target]
    give = tuple(sorted(rng.sample(mine, rng.randint(0, min(2, len(mine))))))
    take = tuple(sorted(rng.sample(theirs, rng.randint(0, min(2, len(theirs))))))
    cash = rng.choice((0, 0, 10, 50, 150, -10, -50, -150))
    held = getattr(s, "held", None)
    give_cards: tuple[int, ...] = ()
    take_cards: tuple[int, ...] = ()
    if held is not None and held[proposer] and rng.random() < 0.5:
        give_cards = (g.trade_card_key(held[proposer][0]),)
    if held is not None and held[target] and rng.random() < 0.5:
        take_cards = (g.trade_card_key(held[target][0]),)
    return Action(A.TRADE, -1, TradeOffer(proposer, target, give, take, cash, give_cards, take_cards))


# Any-time actions done by ``random_anytime``, by kind (the test asserts the meddling really happens).
MEDDLED: dict[str, int] = {}


def random_anytime(g: Game, rng: random.Random) -> tuple[int, Action] | None:
    """A player who is not prompted does something the rules allow at any time (build, sell, mortgage,
    unmortgage, propose a trade, ...), as a person at the table may; returns (player, action) or None."""
    s = g.state
    prompted = g.prompt.player
    others = [q for q in range(s.n) if q != prompted and s.alive[q]]
    if not others:
        return None
    q = rng.choice(others)
    legal = g.legal_actions(q)
    if legal.trade_partners and rng.random() < 0.3:
        offer = random_offer(g, rng, q, rng.choice(legal.trade_partners))
        if g.check(q, offer) is None:
            g.act(q, offer)
            MEDDLED[A.TRADE] = MEDDLED.get(A.TRADE, 0) + 1
            return q, offer
    if not legal.actions:
        return None
    a = rng.choice(legal.actions)
    g.act(q, a)
    MEDDLED[a.kind] = MEDDLED.get(a.kind, 0) + 1
    return q, a


def check_stack(g: Game, step: int) -> None:
    """Pending steps still refer to the world as it is."""
    s = g.state
    if g.base_state is not s:  # (the shared rules read the state through ``base_state``)
        fail(g, step, "base_state is not the game's state")
    trades = 0
    for st in s.stack:
        name = type(st).__name__
        if name == "MortgagedTransfer" and (s.owner[st.pos] != st.player or not s.mortgaged[st.pos]):
            fail(g, step, f"stale {st}: owner {s.owner[st.pos]}, mortgaged {s.mortgaged[st.pos]}")
        elif name == "BuyOrAuction" and s.owner[st.pos] != -1:
            fail(g, step, f"stale {st}: owner {s.owner[st.pos]}")
        elif name == "Auction" and st.lot >= 0 and s.owner[st.lot] != -1:
            fail(g, step, f"auction of an owned property: {st}")
        elif name == "TradeAnswer":
            trades += 1
        if not st.automatic and not s.alive[st.decider]:
            fail(g, step, f"pending {st} waits for bankrupt player {st.decider}")
        # The rules find debts by ``debtor()``, not by the prompt kind: the two must agree on every step.
        if st.debtor() != (st.player if st.kind == "debt" else -1):
            fail(g, step, f"{st} of kind {st.kind!r} says its debtor is {st.debtor()}")
        # The engine asks the step on top by method what the class attributes say.
        if st.is_automatic() != st.automatic or st.prompt_kind() != st.kind:
            fail(g, step, f"{st}: is_automatic() {st.is_automatic()}, prompt_kind() {st.prompt_kind()!r}")
        for kind in g.ACTION_KINDS.plain | g.ACTION_KINDS.numbered:
            if st.accepts(kind) != (kind in st.answers):
                fail(g, step, f"{st}: accepts({kind!r}) is {st.accepts(kind)}, answers {sorted(st.answers)}")
        # Bots read single facts by ``detail``, which some steps answer from their fields: the same facts.
        if not st.automatic:
            for name, value in st.describe(g).items():
                if st.detail(g, name) != value:
                    fail(g, step, f"{st}: detail {name!r} is {st.detail(g, name)!r}, describe says {value!r}")
                # (and by ``int_detail``, the whole-number ones, unboxed)
                if type(value) is int and st.int_detail(g, name) != value:
                    fail(g, step, f"{st}: int_detail {name!r} is {st.int_detail(g, name)!r}, describe says {value!r}")
    if trades > 1:
        fail(g, step, f"{trades} trade offers pending at once")


def check_offered(g: Game, step: int, everyone: bool = True) -> list[tuple[int, Any]]:
    """Every offered action (and both ends of the bid range) passes ``check``.

    ``everyone=False`` checks only the player the prompt waits for (the others can only be
    offered any-time actions, which the engine lists by filtering with ``check`` itself).
    Returns the ``Legal`` objects by player.
    """
    s = g.state
    out = []
    players = range(s.n) if everyone or s.over else (g.prompt.player,)
    for p in players:
        legal = g.legal_actions(p)
        out.append((p, legal))
        if not s.alive[p] or s.over:
            if legal:
                fail(g, step, f"player {p} (out or over) is offered {legal}")
            continue
        for a in legal.actions:
            reason = g.check(p, a)
            if reason is not None:
                fail(g, step, f"offered {a} to player {p} but check says: {reason}")
        if legal.bid_range is not None:
            lo, hi = legal.bid_range
            for amount in {lo, hi}:
                reason = g.check(p, Action(A.BID, amount))
                if reason is not None:
                    fail(g, step, f"offered bid {amount} to {p} but check says: {reason}")
    return out


def check_clone_state(g: Game, step: int) -> None:
    """A clone has the same state and shares no mutable list with the original."""
    c = g.clone()
    names = g.state.FIELDS
    mine = [getattr(g.state, n) for n in names]
    theirs = [getattr(c.state, n) for n in names]
    if mine != theirs:
        fail(g, step, "clone state differs")
    if c.chance.log != g.chance.log or c._moves() != g._moves() or len(c.history) != len(g.history):
        fail(g, step, "clone chance log, record or history differs")
    for name, a, b in zip(names, mine, theirs, strict=True):
        if type(a) is list and a and (a is b or (type(a[0]) is list and a[0] is b[0])):
            fail(g, step, f"clone shares (part of) the list state.{name} with the original")


# ---------------------------------------------------------------------- the money rules of every action
def debtors(g: Game) -> set[int]:
    """Players with a debt pending anywhere on the stack (every family's debt prompt is kind 'debt')."""
    return {st.player for st in g.state.stack if st.kind == "debt"}


def cash_only_lot(g: Game, lot: int) -> bool:
    """Whether an auction's bids are paid from cash in hand: the bank's last buildings always; properties
    where the rulebook says so (Sailor Moon, Clone Wars) and in the Mandalorian and Empire."""
    return (
        lot < 0 or g.family in ("mandalorian", "empire") or bool(getattr(g.edition.rules, "bid_limited_to_cash", False))
    )


class MoneyRules:
    """What no action may do, whoever takes it (checked after every action of a checked game):

    * no cash or property leaves a debtor except towards the debt ('pay', 'bankrupt') or in a sale for
      cash (what leaves is matched by cash coming in);
    * a cash-only high bid is always covered by the bidder's cash in hand;
    * no rent is charged on a mortgaged space;
    * no building is placed by a player in debt.
    """

    def __init__(self, g: Game) -> None:
        self.snap(g)

    def snap(self, g: Game) -> None:
        s = g.state
        owner = getattr(s, "owner", None)
        self.debtors = debtors(g)
        self.cash = list(s.cash)
        held = getattr(s, "held", None)
        # (what debtors own and hold: only theirs is compared after the action)
        self.owned = {d: {q for q in g.edition.properties if owner is not None and owner[q] == d} for d in self.debtors}
        self.cards = {d: len(held[d]) if held is not None else 0 for d in self.debtors}
        self.events = len(g.history)

    def check(self, g: Game, step: int, actor: int, action: Action) -> None:
        s = g.state
        owner = getattr(s, "owner", None)
        for d in self.debtors:
            if actor == d and action.kind in (A.PAY, A.BANKRUPT):
                continue
            owned = {q for q in g.edition.properties if owner is not None and owner[q] == d}
            held = getattr(s, "held", None)
            cards = len(held[d]) if held is not None else 0
            if s.cash[d] < self.cash[d]:
                fail(g, step, f"debtor {d} paid {self.cash[d] - s.cash[d]} away by {action} of {actor}")
            if (self.owned[d] - owned or cards < self.cards[d]) and s.cash[d] <= self.cash[d]:
                fail(
                    g, step, f"debtor {d} gave {sorted(self.owned[d] - owned)} away for no cash by {action} of {actor}"
                )
        for st in s.stack:
            if type(st).__name__ == "Auction" and st.high_bidder >= 0 and cash_only_lot(g, st.lot):
                held_bids = sum(
                    a.high
                    for a in s.stack
                    if type(a).__name__ == "Auction" and a.high_bidder == st.high_bidder and cash_only_lot(g, a.lot)
                )
                if s.cash[st.high_bidder] < held_bids:
                    fail(
                        g,
                        step,
                        f"cash-only bids of {held_bids} by {st.high_bidder} not covered by {s.cash[st.high_bidder]} "
                        f"after {action} of {actor}",
                    )
        mortgaged = getattr(s, "mortgaged", None)
        in_debt_now = debtors(g)
        for e in g.history[self.events :]:
            if e.kind in (E.PAID, E.DEBT) and e.info == "rent" and e.pos >= 0 and action.kind != A.PAY:
                if mortgaged is not None and mortgaged[e.pos]:
                    fail(g, step, f"rent charged on mortgaged {g.edition.board[e.pos].name} ({e.pos}) by {action}")
            elif e.kind == E.BUILT and (e.player in self.debtors or e.player in in_debt_now):
                fail(g, step, f"player {e.player} in debt placed a building on {e.pos} by {action} of {actor}")
        self.snap(g)


# ---------------------------------------------------------------------- expensive checks
def universe(g: Game, p: int, legal) -> list[Action]:
    size = g.edition.size
    # The game's own kinds and the shared ones it may lack (those must be refused).
    kinds = (g.ACTION_KINDS, A.SHARED_KINDS)
    no_arg = sorted(set().union(*(k.plain for k in kinds)))
    int_arg = sorted(set().union(*(k.numbered for k in kinds)))
    out = [Action(k) for k in no_arg]
    for kind in int_arg:
        if kind == A.BID:
            continue
        out.extend(Action(kind, pos) for pos in range(-1, size + 1))
    bids = {0, -1, 1, g.edition.rules.auction_opening_bid, 10**6}
    top = g.state.stack[-1] if g.state.stack else None
    if top is not None and top.kind == "auction":
        low = top.minimum(g)
        bids |= {low - 1, low, low + 1}
        bids.add(top.max_bid(g, p))
        bids.add(top.max_bid(g, p) + 1)
    if legal.bid_range is not None:
        lo, hi = legal.bid_range
        bids |= {lo - 1, lo, hi, hi + 1}
    out.extend(Action(A.BID, b) for b in sorted(bids))
    return out


def trade_probes(g: Game, p: int) -> list[Action]:
    s = g.state
    mine = [q for q in g.edition.properties if s.owner[q] == p]
    give = (mine[0],) if mine else ()
    out = []
    for q in range(-1, s.n + 1):
        out.append(Action(A.TRADE, -1, TradeOffer(p, q, give, (), 0)))
        out.append(Action(A.TRADE, -1, TradeOffer(p, q, (), (), 0)))
    return out


def check_universe(g: Game, step: int, offered: list[tuple[int, Any]]) -> None:
    s = g.state
    for p, legal in offered:
        for a in universe(g, p, legal):
            reason = g.check(p, a)
            if (reason is None) != (a in legal):
                fail(g, step, f"player {p} {a}: check says {reason!r} but offered={a in legal} ({legal})")
        for a in trade_probes(g, p):
            if a.offer.target not in legal.trade_partners and g.check(p, a) is None:
                fail(g, step, f"player {p} may propose {a} to a non-partner ({legal.trade_partners})")
    for bad in (-1, s.n, None):
        if g.check(bad, A.A_ROLL) is None:
            fail(g, step, f"check accepts roll from non-player {bad}")


def check_clone_act(g: Game, step: int, rng: random.Random, offered: list[tuple[int, Any]], before: dict) -> None:
    """Act on clones: a sample of offered actions succeeds, a sample of refused ones raises
    ``IllegalAction`` and leaves the clone's ``to_json()`` unchanged."""
    accepted: list[tuple[int, Action]] = []
    refused: list[tuple[int, Action]] = []
    for p, legal in offered:
        accepted.extend((p, a) for a in legal.actions)
        if legal.bid_range is not None:
            lo, hi = legal.bid_range
            accepted.append((p, Action(A.BID, rng.randint(lo, hi))))
        if s_alive(g, p):
            cands = universe(g, p, legal)
            refused.extend((p, a) for a in rng.sample(cands, min(4, len(cands))) if a not in legal)
    for p, a in rng.sample(accepted, min(2, len(accepted))):
        c = g.clone()
        try:
            c.act(p, a)
        except IllegalAction as exc:
            fail(g, step, f"offered action {a} by {p} raised on a clone: {exc}")
        # the original is untouched by acting on its clone
    digest, actions, events = state_hash(g), len(g._record), len(g.history)
    for p, a in refused[:2]:
        c = g.clone()
        try:
            c.act(p, a)
        except IllegalAction:
            if c.to_json() != before:
                fail(g, step, f"refused action {a} by {p} changed the game")
        else:
            fail(g, step, f"refused action {a} by {p} was accepted")
    if (state_hash(g), len(g._record), len(g.history)) != (digest, actions, events):
        fail(g, step, "acting on clones changed the original")


def s_alive(g: Game, p: int) -> bool:
    return not g.state.over and g.state.alive[p]


def check_full_json(g: Game, step: int) -> dict:
    d = g.to_json()
    if g.clone().to_json() != d:
        fail(g, step, "clone().to_json() differs")
    text = json.dumps(d)
    # (verify=False: a verified load replays the whole record, at every step of a long game; the
    # verification itself is tested at random prompts in tests/validation/test_saves.py)
    back = Game.from_json(json.loads(text), verify=False)
    if back.to_json() != d:
        fail(g, step, "JSON round trip differs")
    return d


def hidden_keys(data: Any, path: str = "") -> list[str]:
    """The paths of hidden keys in ``data``. A view without any (nearly every one) is settled by one
    search of its JSON text; only a text that names one is walked for the paths."""
    if not path:
        text = json.dumps(data, default=repr)
        if not any(f'"{key}":' in text for key in HIDDEN_KEYS):
            return []
    found = []
    if isinstance(data, dict):
        for k, v in data.items():
            if k in HIDDEN_KEYS:
                found.append(path + "/" + k)
            found.extend(hidden_keys(v, path + "/" + str(k)))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            found.extend(hidden_keys(v, f"{path}[{i}]"))
    return found


def perturb_hidden(g: Game, seed: int) -> Game:
    """A clone whose hidden information (deck order, generator state) is different."""
    c = g.clone()
    rng = random.Random(seed)
    for pile in c.state.decks:
        original = list(pile)
        rng.shuffle(pile)
        if pile == original:
            pile.reverse()  # make sure the order changes when it can
    c.chance._rng = random.Random(seed + 1)
    return c


def check_views(g: Game, step: int) -> None:
    viewers: list[int | None] = [None, *range(g.state.n)]
    for v in viewers:
        data = g.view(v).to_json()
        bad = hidden_keys(data)
        if bad:
            fail(g, step, f"view of {v} exposes {bad}")
    c = perturb_hidden(g, step)
    for v in viewers:
        if g.view(v).to_json() != c.view(v).to_json():
            fail(g, step, f"view of {v} depends on hidden information")


# ---------------------------------------------------------------------- the driver
def game_config(seed: int) -> tuple[str, int, dict]:
    rng = random.Random(seed * 7919 + 1)
    edition = ("classic", "starwars40")[seed % 2]
    players = rng.randint(2, 6)
    options = {"rent-must-be-claimed": rng.random() < 0.2}
    return edition, players, options


def play_checked(
    seed: int,
    bot: str,
    *,
    full: bool,
    max_rounds: int | None,
    cap: int = 20000,
    config: tuple[str, int, dict] | None = None,
    end_reasons: tuple[str, ...] = ("bankruptcy",),
    meddle: float = 0.0,
) -> Game:
    """``meddle``: the chance, before each prompted action, that a player who is not prompted first
    does a random any-time action (``random_anytime``); such games may end any way."""
    edition, players, options = game_config(seed) if config is None else config
    options = dict(options)
    if max_rounds is not None:
        options["max-rounds"] = max_rounds
    g = Game(edition, players, seed=seed, options=options)
    bots = [make_agent(bot, seed * 100 + i) for i in range(players)]
    rng = random.Random(seed)
    hashes = [state_hash(g)]
    step = 0
    check_step(g, step, rng, full, hashes[-1])
    money_rules = MoneyRules(g)
    while not g.over:
        if step >= cap:
            fail(g, step, f"no end after {cap} actions (safety cap)")
        meddled = random_anytime(g, rng) if meddle and rng.random() < meddle else None
        if meddled is not None:
            step += 1
            money_rules.check(g, step, *meddled)
            hashes.append(state_hash(g))
            check_step(g, step, rng, full, hashes[-1])
            continue
        p = g.prompt
        a = bots[p.player].act(g.view(p.player), p)
        g.act(p.player, a)
        step += 1
        money_rules.check(g, step, p.player, a)
        hashes.append(state_hash(g))
        check_step(g, step, rng, full, hashes[-1])
    if max_rounds is None and not meddle and g.state.end_reason not in end_reasons:
        fail(g, step, f"ended by {g.state.end_reason}, not bankruptcy")
    check_replay(g, hashes)
    if full:
        if Game.replay(g.record()).digest() != g.digest():
            fail(g, step, "Game.replay gives a different digest")
    return g


def check_step(g: Game, step: int, rng: random.Random, full: bool, digest: bytes) -> None:
    check_money(g, step)
    check_ownership(g, step)
    check_buildings(g, step)
    check_house_rules(g, step)
    check_cards(g, step)
    offered = check_offered(g, step, everyone=full or step % 8 == 0)
    check_flow(g, step, offered)
    check_clone_state(g, step)
    if full:
        check_universe(g, step, offered)
        d = check_full_json(g, step)
        check_clone_act(g, step, rng, offered, d)
        check_views(g, step)
    elif step % 64 == 0 or g.over:
        check_views(g, step)


def check_replay(g: Game, hashes: list[bytes]) -> None:
    """Rebuild the game from its record action by action; the state hash matches at every step."""
    record = g.record()
    chance = Chance(int(record["seed"]))
    chance.playback(record["chance"])
    r = Game(record["edition"], record["players"], record["seed"], record["options"], events=False, chance=chance)
    if state_hash(r) != hashes[0]:
        fail(g, 0, "replay differs at the start")
    for k, (p, data) in enumerate(record["actions"], 1):
        r.act(int(p), r.parse_json(data))
        if state_hash(r) != hashes[k]:
            fail(g, k, f"replay differs after action {k} ({data} by {p})")
    chance.end_playback()
    if len(hashes) != len(record["actions"]) + 1:
        fail(g, len(hashes), "record length differs from the number of steps")
