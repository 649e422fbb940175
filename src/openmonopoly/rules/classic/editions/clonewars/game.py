"""Monopoly Star Wars The Clone Wars (Hasbro 2008, UK rules of the time): ``CloneWarsGame``.

Data (``editions/data/clonewars.json``): the board, the Sith and Jedi decks, cash-only auctions
from 1 credit where the high bidder must buy, double set rent also on the unmortgaged sites of a
partly mortgaged group, utilities on the moving roll. Code:

* the creditor of a bankrupt player pays the 10% on each mortgaged site at once (``QuickerGame``);
* a city is sold either with ``sell N`` (traded back for 4 settlements plus half the city price)
  or with ``sell-city N`` (half the city price plus half the price of its 4 settlements; the site
  is left bare);
* options: ``quicker-game`` (the rulebook's short game), ``time-limit`` (2 title deeds each, paid
  for at set-up; the richest wins at the limit: a number of rounds, or 0 for a clock kept outside
  the engine that ends the game with the ``time-up`` action), ``starwars-rule`` (characters and
  missions, ``characters.py`` and ``missions.py``).
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from .....editions import Edition
from .....editions.schema import STREET
from .....engine import actions as A
from .....engine import events as E
from .....engine.actions import Action
from .....engine.events import Event
from .....engine.options import BadOption, Option
from .....engine.state import BANK
from .....registry import register
from ....money import transfer
from ....permissions import CLONE_WARS
from ...buildings import refund_value
from ...game import ClassicState, EndOfMove
from ...quicker_game import QUICKER, QuickerGame, quicker_options
from . import missions
from .characters import DARK, LIGHT, CharacterChoice, StartPlay, characters
from .words import CloneWarsWords

TIME_LIMIT = "time-limit"
STARWARS_RULE = "starwars-rule"
TIME_LIMIT_DEEDS = 2

SELL_CITY = "sell-city"  # sell a city outright: half its price plus half the price of its settlements
TIME_UP = "time-up"  # the agreed clock time has run out (time-limit=0)
A_TIME_UP = Action(TIME_UP)


# (allow_interpreted_subclasses: then, compiled, ``cls.__new__(cls)`` skips ``__init__``, which
# ``State.copy`` and ``State.from_json`` rely on)
@mypyc_attr(allow_interpreted_subclasses=True)
class CloneWarsState(ClassicState):
    FIELDS = ClassicState.FIELDS + ("character",)

    def __init__(self, names: list[str], edition: Edition) -> None:
        super().__init__(names, edition)
        self.character = [-1] * len(names)  # index into the edition's characters (Star Wars rule), -1: none


class CloneWarsGame(QuickerGame):
    editions = ("clonewars",)
    ACTION_KINDS = QuickerGame.ACTION_KINDS.extend(
        plain=(TIME_UP,), numbered=(SELL_CITY, A.CHOOSE), anytime=(SELL_CITY, TIME_UP)
    ).extend(**missions.MISSION_KINDS)
    state_class = CloneWarsState
    PERMISSIONS = CLONE_WARS
    QUICKER_NAME = "short game"

    @classmethod
    def available_options(cls, edition: Edition) -> dict[str, Option]:
        options = quicker_options(edition, cls.QUICKER_NAME)
        options[TIME_LIMIT] = Option(
            TIME_LIMIT,
            None,
            "The rulebook's time-limit game: 2 title deeds each at set-up, paid for at once; the richest by net "
            "worth wins at the limit. N >= 1: after N rounds; 0: against a clock kept outside the engine, which "
            "ends it with the action 'time-up' (only the terminal keeps one: --time-limit-minutes; the web "
            "server and simulations refuse 0). Not with quicker-game.",
            int,
            0,
        )
        options[STARWARS_RULE] = Option(
            STARWARS_RULE,
            False,
            "The optional Star Wars rule: everyone chooses a character at set-up (General Grievous and Asajj "
            "Ventress play the dark side); after a move with a 6 you may send troops on the mission the other "
            "die names.",
        )
        return options

    @classmethod
    def board_facts(cls, edition: Edition) -> dict[str, Any]:
        return {"characters": [{"name": name, "side": side} for name, side in characters(edition)]}

    # ------------------------------------------------------------ set-up
    def new_state(self, names: list[str]) -> CloneWarsState:
        return CloneWarsState(names, self.edition)

    def setup(self) -> None:
        s: CloneWarsState = self.state
        if self.options[QUICKER] and self.options[TIME_LIMIT] is not None:
            raise BadOption(
                "quicker-game and time-limit are two different ways to shorten the game (each has its "
                "own set-up and end); choose one"
            )
        if self.options[STARWARS_RULE] and s.n > len(characters(self.edition)):
            raise BadOption(
                f"the Star Wars rule has {len(characters(self.edition))} characters; "
                f"{s.n} players cannot each choose one"
            )
        super().setup()

    def start_play(self) -> None:
        """With the Star Wars rule everyone first chooses a character (``StartPlay`` comes back here)."""
        s: CloneWarsState = self.state
        if self.options[STARWARS_RULE] and min(s.character) < 0:
            self.push(StartPlay())
            for p in reversed(range(s.n)):
                self.push(CharacterChoice(p))
        else:
            super().start_play()

    def deal_at_setup(self) -> None:
        super().deal_at_setup()
        if self.options[TIME_LIMIT] is not None:
            self.deal_deeds(TIME_LIMIT_DEEDS, paid=True)

    # ------------------------------------------------------------ the end
    def round_limit(self) -> int | None:
        limits = [x for x in (self.options["max-rounds"], self.options[TIME_LIMIT] or None) if x is not None]
        return min(limits) if limits else None

    def end_at_limit(self, reason: str = "round-limit") -> None:
        if (
            reason == "round-limit"
            and self.options[TIME_LIMIT]
            and (self.options["max-rounds"] is None or self.options[TIME_LIMIT] <= self.options["max-rounds"])
        ):
            reason = TIME_LIMIT
        super().end_at_limit(reason)

    # ------------------------------------------------------------ the Star Wars rule
    def side_of(self, player: int) -> str:
        s: CloneWarsState = self.state
        k = s.character[player]
        return characters(self.edition)[k][1] if k >= 0 else LIGHT

    def roll(self, player: int) -> None:
        s: CloneWarsState = self.state
        base = len(s.stack) - 1
        super().roll(player)
        if not self.options[STARWARS_RULE] or s.over:
            return
        d1, d2 = s.dice
        if 6 not in (d1, d2):
            return
        # The move (now, or after a jail fine) lands above the move's end; the mission waits
        # between the two. Whoever is in jail once the space is resolved gets no mission.
        if base < len(s.stack) and type(s.stack[base]) is EndOfMove:
            s.stack.insert(base + 1, missions.MissionCheck(player, missions.mission_number(d1, d2)))

    # ------------------------------------------------------------ any-time actions: sell-city, time-up
    def check_anytime(self, player: int, action: Action) -> str | None:
        kind = action.kind
        if kind == SELL_CITY:
            return self.check_sell_city(player, action.arg)
        if kind == TIME_UP:
            if self.options[TIME_LIMIT] != 0:
                return "'time-up' ends a time-limit game played against a clock (option time-limit=0); this " + (
                    "game has no time limit"
                    if self.options[TIME_LIMIT] is None
                    else f"game ends after {self.options[TIME_LIMIT]} rounds"
                )
            s: CloneWarsState = self.state
            if player != s.current:
                return f"only {s.names[s.current]}, whose turn it is, calls time when the clock runs out"
            return None
        return super().check_anytime(player, action)

    def apply_anytime(self, player: int, action: Action) -> None:
        if action.kind == SELL_CITY:
            self.sell_city(player, action.arg)
        elif action.kind == TIME_UP:
            self.end_at_limit(TIME_LIMIT)
        else:
            super().apply_anytime(player, action)

    def legal_anytime(self, player: int) -> list[Action]:
        out = super().legal_anytime(player)
        s: CloneWarsState = self.state
        hotel = self.hotel_level
        for pos in self.edition.properties:
            if s.owner[pos] == player and s.level[pos] == hotel:
                out.append(Action(SELL_CITY, pos))
        if self.options[TIME_LIMIT] == 0 and player == s.current:
            out.append(A_TIME_UP)
        return out

    def check_sell_city(self, player: int, pos: int) -> str | None:
        ed = self.edition
        s: CloneWarsState = self.state
        if not 0 <= pos < ed.size or ed.board[pos].type != STREET or s.owner[pos] != player:
            return f"you own no {ed.term('street')} at {pos}"
        if s.level[pos] != self.hotel_level:
            return f"there is no {ed.term('hotel')} on {ed.board[pos].name}"
        return None

    def sell_city(self, player: int, pos: int) -> None:
        """Half the city price plus half the price of the settlements it stands for; the site is left bare."""
        s: CloneWarsState = self.state
        refund = refund_value(self, pos)
        s.bank_hotels += 1
        s.level[pos] = 0
        s.level_changes += 1
        transfer(self, BANK, player, refund)
        self.emit(Event(E.SOLD_BUILDING, player, pos, refund, 0))

    # ------------------------------------------------------------ views
    def words(self) -> CloneWarsWords:
        s: CloneWarsState = self.state
        return CloneWarsWords(self.edition, s.names, self.houses_per_hotel)

    def player_fields(self, seat: int, viewer: int | None) -> dict[str, Any]:
        s: CloneWarsState = self.state
        row = super().player_fields(seat, viewer)
        if self.options[STARWARS_RULE]:
            k = s.character[seat]
            chosen = characters(self.edition)[k] if k >= 0 else (None, None)
            row["character"], row["side"] = chosen
        return row


register(CloneWarsGame)

__all__ = ["CloneWarsGame", "CloneWarsState", "DARK", "LIGHT", "SELL_CITY", "STARWARS_RULE", "TIME_LIMIT", "TIME_UP"]
