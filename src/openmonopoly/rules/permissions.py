"""May this player do this now? The one gate for money and property, as a rule table per family.

What a player may do with their money and property depends on where they stand, not only on the
action: a player who owes a debt, the high bidder of an open auction paid in cash, an owner in the
window to claim rent, a winner whose building waits to be placed. Every action passes through
``refusal`` once its own check has passed (``Game.check`` calls it for any-time actions and for every
answer to a prompt alike, and ``Game.legal_actions`` filters by it), so ``legal_actions`` and ``check``
cannot disagree and no action source escapes it: any-time actions, trade proposals and every trade
answer, bids, shortage claims, placements, rent claims and a family's own actions.

The table (``Permissions``) says what each action kind does to the actor's money and property (its
*act*) and the family's answers; the rules themselves are written once here:

* **A debt** waits (a ``debt`` step of the player's anywhere on the stack): the debtor may raise money
  from the bank (sell buildings or hideouts, mortgage) and sell to other players for cash -- give
  properties or cards, take only cash -- and pay. Nothing else of theirs leaves: no build, no lifted
  mortgage, no bid, no shortage claim or placement, no trade that pays cash or takes anything but cash.
  "Pay back as many of your debts as possible" (Sailor Moon); "you may raise money by selling or
  mortgaging your properties and/or buildings" (Sailor Moon); "zahlst du, was du hast" (Clone Wars);
  "try to raise money by selling hideouts back to the Bank ... You may also sell hideouts and any
  Signet cards to other players for an agreed-upon price" (Mandalorian).
* **A cash-only high bid** stands (the high bidder of an open auction whose bids are paid in cash):
  whatever they do keeps that bid in hand -- a build, a lifted mortgage, a trade paying cash or taking
  a mortgaged property (whose interest is due at once) must leave at least the bid. "Players must have
  enough cash on hand for their bid" (Sailor Moon); "Gebote nur in bar" (Clone Wars). Empire refuses
  every trade while an auction is open (only jail cards for cash change hands there, and the rulebook
  has no trade during an auction).
* **A claim window** (option rent-must-be-claimed): the owner claims the rent fixed at landing only
  while they still hold the deed unmortgaged. "While a property is mortgaged, no rent may be charged for
  it" (Sailor Moon); "Rent cannot be collected on properties that are mortgaged" (Star Wars 40th); a deed
  traded away before the claim is no longer "your Title Deed card" to demand rent on (see
  docs/RULES-COVERAGE.md, "Rent claims and trades").
* **A pending placement** (a building won at a shortage auction) is placed only by a player who is
  not in debt (it is a building act); the steps that ask for it consult ``may_build``.

Acts that no debt or auction can be pending beneath (paying bail, buying an office: only at the start of
a turn, when both are settled) need no row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from ..engine import actions as A
from ..engine.actions import Action, TradeOffer
from ..engine.state import State
from .auction import Auction
from .classic.mortgage import MortgagedTransfer, interest, lift_cost

if TYPE_CHECKING:
    from ..engine.game import Game

# What an action does to its actor's money and property.
FREE: Final = 0  # nothing of theirs leaves (roll, pass, reject, keep a mortgage, the debt's own answers)
RAISE: Final = 1  # money comes in from the bank: sell buildings or hideouts, mortgage
SPEND: Final = 2  # cash goes to the bank for something: lift a mortgage, buy a property
BUILD: Final = 3  # a building goes on the board: build it, claim one of the last, place one won
BID: Final = 4  # a bid in an auction
PROPOSE: Final = 5  # propose a trade
ACCEPT: Final = 6  # accept the trade offered
CLAIM: Final = 7  # claim rent (option rent-must-be-claimed)

IN_DEBT: Final = "pay your debt first"


@dataclass(frozen=True)
class Permissions:
    """A family's rule table: what each action kind does (``acts``) and how the family reads the standings.

    ``all_bids_cash`` -- every auction is paid in cash in hand (else only a shortage auction's buildings
    and editions whose ``bid_limited_to_cash`` says so); ``trades_in_auction`` -- whether anyone may trade
    while an auction is open; ``debtor_may_sell`` -- whether a debtor may sell to other players for cash.
    """

    acts: dict[str, int]
    all_bids_cash: bool
    trades_in_auction: bool = True
    debtor_may_sell: bool = True


_CLASSIC_ACTS: Final = {
    A.SELL: RAISE,
    A.SELL_ALL: RAISE,
    A.MORTGAGE: RAISE,
    A.UNMORTGAGE: SPEND,
    A.LIFT: SPEND,
    A.BUY: SPEND,
    A.BUILD: BUILD,
    A.WANT: BUILD,
    A.PLACE: BUILD,
    A.BID: BID,
    A.TRADE: PROPOSE,
    A.ACCEPT: ACCEPT,
    A.CLAIM: CLAIM,
}

CLASSIC: Final = Permissions(_CLASSIC_ACTS, all_bids_cash=False)
# Clone Wars: a city sold outright raises money like any sale to the bank.
CLONE_WARS: Final = Permissions(dict(_CLASSIC_ACTS, **{"sell-city": RAISE}), all_bids_cash=False)
# Mandalorian: hideouts sold back to the bank (only in a debt), trades, cash-only auctions, claimed rent.
MANDALORIAN: Final = Permissions(
    {A.SELL: RAISE, A.BUY: SPEND, A.BID: BID, A.TRADE: PROPOSE, A.ACCEPT: ACCEPT, A.CLAIM: CLAIM},
    all_bids_cash=True,
)
# Empire: no debts (a payment that cannot be made hands over a billboard at once), cash-only auctions,
# and no trades while an auction is open.
EMPIRE: Final = Permissions(
    {A.BUY: SPEND, A.BID: BID, A.TRADE: PROPOSE, A.ACCEPT: ACCEPT}, all_bids_cash=True, trades_in_auction=False
)


def family_table(game: Game) -> Permissions:
    """``game.PERMISSIONS``, read once per game: compiled code looks a class attribute up by name at each read."""
    table: Permissions | None = game._permissions
    if table is None:
        table = game._permissions = game.PERMISSIONS
    return table


# ---------------------------------------------------------------------- standings
def in_debt(game: Game, player: int) -> bool:
    """Whether ``player`` has a debt pending anywhere on the stack, not only on top (a trade the debtor
    proposed waits above it)."""
    s: State = game.base_state
    for step in s.stack:
        if step.debtor() == player:
            return True
    return False


def cash_only(game: Game, table: Permissions, lot: int) -> bool:
    """Whether bids for ``lot`` are paid from cash in hand (a building lot always is)."""
    if table.all_bids_cash or lot < 0:
        return True
    rules: Any = game.edition.rules
    return bool(rules.bid_limited_to_cash)


def committed(game: Game, player: int) -> int:
    """The cash ``player`` must keep in hand for their open cash-only high bids: the bids, and then also
    the interest due on a mortgaged property they have received and not yet settled (it is paid first)."""
    s: State = game.base_state
    table = family_table(game)
    total = 0
    for step in s.stack:
        if type(step) is Auction and step.high_bidder == player and cash_only(game, table, step.lot):
            total += step.high
    return total + interest_due(game, player) if total else 0


def interest_due(game: Game, player: int) -> int:
    """The least ``player`` owes the bank at once for mortgaged properties received (each one's interest)."""
    s: State = game.base_state
    total = 0
    for step in s.stack:
        if type(step) is MortgagedTransfer and step.player == player:
            total += interest(game, step.pos)
    return total


def spendable(game: Game, player: int) -> int:
    """Cash ``player`` may bid or spend now: what is in hand less what their open cash-only bids hold and
    the interest they owe at once."""
    s: State = game.base_state
    held = committed(game, player)
    return s.cash[player] - (held if held else interest_due(game, player))


def auction_open(game: Game) -> bool:
    s: State = game.base_state
    return any(type(step) is Auction for step in s.stack)


def may_build(game: Game, player: int) -> bool:
    """Whether ``player`` may put a building on the board now (build, claim one of the last, place one won)."""
    return not in_debt(game, player)


# ---------------------------------------------------------------------- the gate
def refusal(game: Game, player: int, action: Action) -> str | None:
    """Why the family's table forbids ``player`` this action now (None: it may), given that the action's
    own check has passed."""
    kind = action.kind  # (compiled: the tuple's first item, not the whole tuple unpacked and tested)
    act = game.kind_code(kind) >> A.ACT_SHIFT  # (``table.acts``, kept with the kind's other facts)
    if act == FREE or act == RAISE:
        return None
    table = family_table(game)
    if act == CLAIM:
        return claim_refusal(game, player)
    if act == PROPOSE or act == ACCEPT:
        offer = action.offer if act == PROPOSE else _offer_answered(game)
        if offer is None:
            return None
        if offer.proposer != player and act == PROPOSE:
            offer = offer._replace(proposer=player)
        return trade_refusal(game, table, offer, player)
    if act != SPEND and (act != BUILD or kind != A.BUILD):
        return IN_DEBT if in_debt(game, player) else None
    # Spending or building: no debt, and enough cash left for the player's open cash-only bids (one walk
    # of the stack for both).
    held = _debt_or_held(game, table, player)
    if held < 0:
        return IN_DEBT
    if held:  # (the cost asked only then: most of the time no bid is open)
        cost = _cost(game, player, action)
        s: State = game.base_state
        if s.cash[player] - cost < held:
            return _cover_words(game, player, held, s.cash[player] - cost)
    return None


def _debt_or_held(game: Game, table: Permissions, player: int) -> int:
    """-1 when ``player`` has a debt pending (``in_debt``), else the cash they must keep in hand
    (``committed``)."""
    s: State = game.base_state
    total = 0
    for step in s.stack:
        if step.debtor() == player:
            return -1
        if type(step) is Auction and step.high_bidder == player and cash_only(game, table, step.lot):
            total += step.high
    return total + interest_due(game, player) if total else 0


def _offer_answered(game: Game) -> TradeOffer | None:
    s: State = game.base_state
    top: Any = s.stack[-1]
    offer: TradeOffer | None = getattr(top, "offer", None)
    return offer


def _cost(game: Game, player: int, action: Action) -> int:
    """The cash a spending or building action pays the bank now (its own check has passed)."""
    kind = action.kind
    s: Any = game.state
    board = game.edition.board
    if kind == A.BUILD:
        pos = action.arg
        game_: Any = game
        sp = board[pos]
        return sp.hotel_cost if s.level[pos] == game_.houses_per_hotel else sp.house_cost
    if kind == A.UNMORTGAGE:
        return lift_cost(game, action.arg)
    top: Any = s.stack[-1]
    if kind == A.LIFT:
        cost: int = top.lift_cost(game)
        return cost
    if kind == A.BUY:
        price: int = board[top.pos].price
        return price
    return 0


def _cover_words(game: Game, player: int, bid: int, left: int) -> str:
    money = game.edition.money
    return (
        f"bids are paid in cash: keep {money(bid)} in hand for your bid until the auction closes "
        f"(this would leave {money(left)})"
    )


def trade_refusal(game: Game, table: Permissions, offer: TradeOffer, actor: int) -> str | None:
    """Why this trade may not be made now by either side: a debtor only sells for cash, a cash-only
    high bidder keeps the bid in hand, and in some families nobody trades during an auction."""
    if not table.trades_in_auction and auction_open(game):
        return "no trades while an auction is open (a bid must stay covered by the bidder's cash)"
    s: State = game.base_state
    p, q = offer.proposer, offer.target
    if not (isinstance(q, int) and 0 <= q < s.n):
        return None  # (the offer's own check names what is wrong)
    # Each side in turn, by what it takes and the cash it receives (a helper asked twice, not a loop over a
    # tuple of the two, which compiled code makes and iterates generically).
    reason = _party_refusal(game, table, p, actor, offer.take, offer.take_cards, -offer.cash)
    if reason is None:
        if q == p:  # (an offer to oneself, refused by its own check: read as the proposer's, as ever)
            return _party_refusal(game, table, q, actor, offer.take, offer.take_cards, -offer.cash)
        return _party_refusal(game, table, q, actor, offer.give, offer.give_cards, offer.cash)
    return reason


def _party_refusal(
    game: Game,
    table: Permissions,
    party: int,
    actor: int,
    takes: tuple[int, ...],
    takes_cards: tuple[int, ...],
    cash_in: int,
) -> str | None:
    """``trade_refusal`` for one side of the trade: ``party``, who takes ``takes`` and ``takes_cards`` and
    receives ``cash_in`` (negative: pays)."""
    s: State = game.base_state
    held = _debt_or_held(game, table, party)
    if held < 0:
        if not table.debtor_may_sell or takes or takes_cards or cash_in <= 0:
            who = "you owe" if party == actor else f"{s.names[party]} owes"
            return f"{who} a debt: until it is paid, only a sale for cash (properties or cards for cash) is allowed"
        return None
    if held:
        out = -cash_in if cash_in < 0 else 0
        mortgaged = getattr(s, "mortgaged", None)
        if mortgaged is not None:
            for pos in takes:
                if mortgaged[pos]:
                    out += interest(game, pos)  # due at once on a mortgaged property received
        if s.cash[party] - out < held:
            if party == actor:
                return _cover_words(game, party, held, s.cash[party] - out)
            return f"{s.names[party]} must keep {game.edition.money(held)} in hand for their bid"
    return None


def claim_refusal(game: Game, player: int) -> str | None:
    """The owner claims rent only on a deed they still hold, unmortgaged."""
    s: Any = game.state
    top: Any = s.stack[-1]
    pos: int = top.pos
    name = game.edition.board[pos].name
    if s.owner[pos] != player:
        return f"{name} is no longer yours: the rent on it lapses"
    mortgaged = getattr(s, "mortgaged", None)
    if mortgaged is not None and mortgaged[pos]:
        return f"{name} is mortgaged: no rent may be charged for it"
    return None
