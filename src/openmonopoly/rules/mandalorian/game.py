"""The Mandalorian family: the turn, jail, the any-time actions, views and the family's hooks.

The concepts live in their own modules (``movement``, ``grogu``, ``enemies``,
``battle``, ``signets``, ``hideouts``, ``scoring``); shared parts come from
``rules/``: the ``Auction`` and ``BuyOrAuction`` steps, ``money.pay``/``transfer``
(with this family's ``cannot_pay``), ``trade``, ``jail`` and ``ClaimRent``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...editions import Edition
from ...engine import actions as A
from ...engine import events as E
from ...engine import prompt as P
from ...engine.actions import Action
from ...engine.events import Event
from ...engine.flow import Step
from ...engine.game import Game
from ...engine.house_rules import every_family_house_rules
from ...engine.options import MAX_ROUNDS, RENT_MUST_BE_CLAIMED, Option, claim_rent_option, max_rounds_option
from ...engine.state import BANK
from ...engine.view import View, public_field
from ...registry import register
from .. import jail, permissions, trade
from ..money import pay
from ..turn import TURN_ANSWERS, TurnStep
from . import events as ME
from . import grogu, hideouts, movement
from .data import MandalorianRules, compile_mandalorian
from .enemies import gideon_active
from .signets import SIGNET, return_to_bottom
from .state import MandoState
from .words import MandalorianWords


class MandoTurn(TurnStep):
    """The start of a turn: roll (in Jail: try for a 6), or first pay 50 / use a jetpack card to leave Jail."""

    kind = P.TURN
    answers = TURN_ANSWERS

    def legal(self, game: MandalorianGame, player: int) -> list[Action]:
        out = [A.A_ROLL]
        s: MandoState = game.state
        if s.in_jail[player]:
            if jail.check_pay_bail(game, player) is None:
                out.append(A.A_PAY_BAIL)
            if game.jail_card_of(player) >= 0:
                out.append(A.A_USE_CARD)
        return out

    def check(self, game: MandalorianGame, player: int, action: Action) -> str | None:
        if action.kind == A.PAY_BAIL:
            return jail.check_pay_bail(game, player)
        if action.kind == A.USE_CARD:
            s: MandoState = game.state
            if not s.in_jail[player]:
                return "you are not in jail"
            if game.jail_card_of(player) < 0:
                return "you hold no Signet card that frees you from Jail"
        return None

    def apply(self, game: MandalorianGame, player: int, action: Action) -> None:
        if action.kind == A.ROLL:
            game.roll(player)
        elif action.kind == A.PAY_BAIL:
            jail.pay_bail(game, player)
        else:
            card = game.jail_card_of(player)
            s: MandoState = game.state
            s.held[player].remove(card)
            return_to_bottom(game, player, card, "used")
            jail.release(game, player, "card")

    def describe(self, game: MandalorianGame) -> dict[str, Any]:
        s: MandoState = game.state
        return {
            "in_jail": s.in_jail[self.player],
            "jail_turns": s.jail_turns[self.player],
            "die": "green" if s.grogu_carrier == self.player else "silver",
        }


class MandoEndTurn(Step):
    """Once everything the move caused is resolved: pass the dice to the left."""

    FIELDS = ("player",)
    automatic = True

    # (the generic Step.__init__ is slower, and a step is made at every turn)
    def __init__(self, player: int) -> None:
        self.player = player

    def is_automatic(self) -> bool:
        return True

    def run(self, game: MandalorianGame) -> None:
        game.next_turn(replace_top=True)


class MandalorianView(View):
    """A player's view: typed properties for the public fields of ``MandoState`` beyond the shared
    ones (the compiled bot reads them directly), any other public field by name (``__getattr__``).
    No generated subclass (see ``ClassicView``)."""

    GENERATE_FIELDS = False

    def __getattr__(self, name: str) -> Any:
        return public_field(self._game.state, name)

    @property
    def owner_changes(self) -> int:
        """How many times the owners have changed (``State.owner_changes``): the bot keeps what it works out
        from them until this moves."""
        s: MandoState = self._game.state
        return s.owner_changes

    @property
    def character(self) -> list[int]:
        s: MandoState = self._game.state
        return s.character

    @property
    def won(self) -> list[list[int]]:
        s: MandoState = self._game.state
        return s.won

    @property
    def grogu_carrier(self) -> int:
        s: MandoState = self._game.state
        return s.grogu_carrier

    @property
    def grogu_pos(self) -> int:
        s: MandoState = self._game.state
        pos: int = s.grogu_pos
        return pos

    @property
    def enemy_space(self) -> list[int]:
        s: MandoState = self._game.state
        return s.enemy_space

    @property
    def enemy_outpost(self) -> list[int]:
        s: MandoState = self._game.state
        return s.enemy_outpost

    @property
    def enemy_decks(self) -> list[list[int]]:
        s: MandoState = self._game.state
        return s.enemy_decks


class MandalorianGame(Game):
    family = "mandalorian"
    # No buildings or mortgages: a hideout is sold back to the bank (``sell``, any time in a debt).
    ACTION_KINDS = A.SHARED_KINDS.without(A.LIFT, A.WANT, A.BUILD, A.SELL_ALL, A.MORTGAGE, A.UNMORTGAGE)
    state_class = MandoState
    view_class = MandalorianView
    PERMISSIONS = permissions.MANDALORIAN
    landing_counts: list[int] | None = None  # simulation statistics hook (see sim.runner)
    claim_rent: bool = False  # option rent-must-be-claimed, read once per game (``read_options``)
    trade_card_words = "Signet card number"
    OPTIONS: ClassVar[dict[str, Option]] = {
        RENT_MUST_BE_CLAIMED: claim_rent_option("ask for"),
        MAX_ROUNDS: max_rounds_option(
            "the richest player (credits plus hideout prices)", "play until Moff Gideon falls or Grogu is captured"
        ),
        "character-shift": Option(
            "character-shift",
            0,
            "Seats whose name is not a character's get the remaining characters in the "
            "order The Mandalorian, Bo-Katan Kryze, Ahsoka Tano, Boba Fett, rotated by this "
            "many places.",
            int,
            0,
        ),
    }

    @property
    def rules(self) -> MandalorianRules:
        """The edition's rules table, typed (``Edition.rules`` is any family's)."""
        rules: MandalorianRules = self.edition.rules
        return rules

    def read_options(self) -> None:
        super().read_options()
        self.claim_rent = bool(self.options[RENT_MUST_BE_CLAIMED])  # (asked at every rent)

    @classmethod
    def available_options(cls, edition: Edition) -> dict[str, Option]:
        options = dict(MandalorianGame.OPTIONS)
        options.update(every_family_house_rules(edition, "everyone rolling the silver die"))
        return options

    @classmethod
    def compile_rules(cls, edition: Edition) -> Any:
        return compile_mandalorian(edition)

    @classmethod
    def edition_model(cls) -> Any:
        from .schema import MandalorianEdition

        return MandalorianEdition

    @classmethod
    def rent_levels(cls, edition: Edition) -> list[tuple[int, str, int, int]]:
        t = edition.rules
        out: list[tuple[int, str, int, int]] = []
        for pos in t.hideouts:
            price = edition.board[pos].price
            out += [(pos, "single", t.rent[pos], price), (pos, "full set", t.set_rent[pos], price)]
        return out

    @classmethod
    def board_facts(cls, edition: Edition) -> dict[str, Any]:
        t = edition.rules
        return {
            "mandalorian": {
                "signets": [
                    {"id": c.id, "text": c.text, "bonus": t.battle_bonus[i]}
                    for i, c in enumerate(edition.decks[0].cards)
                ],
                "characters": [c.name for c in t.characters],
            }
        }

    @staticmethod
    def trade_card_key(ref: int) -> int:
        """Signet cards in a trade offer are named by their card number."""
        return ref & 0xFF

    # ------------------------------------------------------------ hooks used by shared parts
    def cannot_pay(self, payer: int, payee: int, amount: int, reason: str, pos: int) -> None:
        hideouts.start_debt(self, payer, payee, amount, reason, pos)

    def max_bid(self, player: int, lot: int) -> int:
        return permissions.spendable(self, player)

    def award_auctioned(self, winner: int, pos: int, price: int) -> None:
        s: MandoState = self.state
        s.owner[pos] = winner
        s.owner_changes += 1
        pay(self, winner, BANK, price, "auction", pos)

    # ------------------------------------------------------------ characters
    def ability(self, player: int) -> str:
        s: MandoState = self.state
        return self.rules.characters[s.character[player]].ability

    def ability_value(self, player: int) -> int:
        s: MandoState = self.state
        c = self.rules.characters[s.character[player]]
        return c.with_grogu if s.grogu_carrier == player else c.standard

    # ------------------------------------------------------------ set-up
    def new_state(self, names: list[str]) -> MandoState:
        return MandoState(names, self.edition)

    def deal_at_setup(self) -> None:
        """Each player's character, and the Imperial enemies' decks (fewer cards with fewer players)."""
        s: MandoState = self.state
        t = self.rules
        s.character = assign_characters(self.edition, s.names, self.options["character-shift"])
        size = t.enemy_deck_size[str(s.n)]
        for e in range(len(t.enemies)):
            s.enemy_decks[e] = list(t.cards_of[e] if e == t.gideon else t.cards_of[e][:size])
        if self.log_events:
            for p in range(s.n):
                self.emit(Event(ME.CHARACTER, p, amount=s.character[p]))

    def first_player_dice(self) -> tuple[int, ...]:
        """The roll for the first turn: the silver die."""
        return (self.chance.die(self.rules.silver_die),)

    # ------------------------------------------------------------ turns
    def next_turn(self, replace_top: bool = False) -> None:
        self.pass_turn(replace_top)

    def turn_step(self, player: int) -> Step:
        return MandoTurn(player)

    def roll(self, player: int) -> None:
        s: MandoState = self.state
        rules = self.rules
        self.replace_top(MandoEndTurn(player))
        if s.in_jail[player]:
            d = self.chance.die(rules.silver_die)
            s.dice = (d,)
            if self._events is not None:
                self._events.append(Event(E.DICE, player, amount=d, other=d, info="jail"))
            if d >= rules.jail_roll_needed:
                jail.release(self, player, "rolled")
                movement.move(self, player, d)
                return
            s.jail_turns[player] += 1
            if s.jail_turns[player] >= rules.jail_attempts:
                jail.release(self, player, "served")  # to Just Visiting: the turn ends
            return
        green = s.grogu_carrier == player
        d = self.chance.die(rules.green_die if green else rules.silver_die)
        s.dice = (d,)
        if self._events is not None:
            self._events.append(Event(E.DICE, player, amount=d, other=d, info="green" if green else "move"))
        movement.move(self, player, d)

    def advance_to(self, player: int, target: int, rent_multiplier: int = 1, dice_multiplier: int = 0) -> None:
        """A card's "advance to": a move forward to ``target`` by the ordinary movement rules (no Signet card
        multiplies a rent, so the multipliers of the shared signature are unused)."""
        size = self.edition.size
        s: MandoState = self.state
        movement.move(self, player, (target - s.position[player]) % size or size, "direct")

    def go_to_jail(self, player: int, reason: str) -> None:
        grogu.leave_for_jail(self, player)
        jail.send_to_jail(self, player, reason)

    # ------------------------------------------------------------ helpers
    def hideouts_of(self, player: int) -> list[int]:
        s: MandoState = self.state
        owner = s.owner
        return [pos for pos in self.rules.hideouts if owner[pos] == player]

    def jail_card_of(self, player: int) -> int:
        is_jail = self.rules.jail_card
        s: MandoState = self.state
        for card in s.held[player]:
            if is_jail[card]:
                return card
        return -1

    # ------------------------------------------------------------ any-time actions
    def check_anytime(self, player: int, action: Action) -> str | None:
        kind = action.kind
        if kind == A.TRADE:
            return trade.check_proposal(self, player, action)
        if kind == A.SELL:
            return hideouts.check_sell(self, player, action.arg)
        return f"'{kind}' is not part of this edition (no houses or mortgages)"

    def apply_anytime(self, player: int, action: Action) -> None:
        if action.kind == A.TRADE:
            trade.propose_from(self, player, action)
        else:
            hideouts.sell(self, player, action.arg)

    def legal_anytime(self, player: int) -> list[Action]:
        s: MandoState = self.state
        top = s.stack[-1]
        if type(top) is hideouts.HideoutDebt and top.player == player:
            return [Action(A.SELL, pos) for pos in self.hideouts_of(player)]
        return []

    def refusal(self, player: int, action: Action) -> str | None:
        return permissions.refusal(self, player, action)

    def trade_partners(self, player: int) -> tuple[int, ...]:
        return trade.partners(self, player)

    # ------------------------------------------------------------ valuations and views
    def net_worth(self, player: int) -> int:
        """Credits plus the printed price of each hideout owned (what the bank pays for it)."""
        s: MandoState = self.state
        board = self.edition.board
        return s.cash[player] + sum(board[pos].price for pos in self.rules.hideouts if s.owner[pos] == player)

    def words(self) -> MandalorianWords:
        return MandalorianWords(self.edition, self.state.names)

    def player_fields(self, seat: int, viewer: int | None) -> dict[str, Any]:
        row = super().player_fields(seat, viewer)
        s: MandoState = self.state
        row.update(
            character=self.rules.characters[s.character[seat]].name,
            signet_cards=list(s.held[seat]),
            enemy_cards=list(s.won[seat]),
            carries_grogu=s.grogu_carrier == seat,
        )
        return row

    def table_fields(self, viewer: int | None) -> dict[str, Any]:
        s: MandoState = self.state
        t = self.rules
        return {
            "owner": list(s.owner),
            "grogu": {"carrier": s.grogu_carrier, "space": s.grogu_pos},
            "enemies": [
                {
                    "name": t.enemies[e].name,
                    "space": s.enemy_space[e],
                    "outpost": s.enemy_outpost[e],
                    "cards": list(s.enemy_decks[e]),
                }
                for e in range(len(t.enemies))
            ],
            "gideon_active": gideon_active(self),
            "signet_pile_size": len(s.decks[SIGNET]),
        }


def assign_characters(ed: Edition, names: list[str], shift: int) -> list[int]:
    """A seat named after a character plays it; the others get the remaining characters in order."""
    t: MandalorianRules = ed.rules
    chars = t.characters
    by_name = {c.name.lower(): i for i, c in enumerate(chars)}
    out = [-1] * len(names)
    for p, name in enumerate(names):
        c = by_name.get(name.strip().lower(), -1)
        if c >= 0 and c not in out:
            out[p] = c
    rest = [c for c in range(len(chars)) if c not in out]
    if rest:
        k = shift % len(rest)
        rest = rest[k:] + rest[:k]
    it = iter(rest)
    return [c if c >= 0 else next(it) for c in out]


register(MandalorianGame)
