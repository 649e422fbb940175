"""The optional Star Wars rule's missions (rulebook p. 5), as data plus the steps that play them.

After a move in which one of the player's dice shows a 6 (and the space is resolved), the player
may send troops on a mission: the other die names it (6 and 6: mission 6). ``mission`` sends them,
``pass`` does not. Sending rolls one die; at least ``need`` succeeds and gives the reward,
otherwise the player pays ``fail_cost`` to the bank. Then the turn ends as usual (after 6 and 6
the doubles roll follows).

Rewards that need a choice are asked in a ``mission-pick`` prompt:

* ``take N`` an unowned site (colour-group street) for free, or ``collect`` the cash instead;
* ``steal N`` another player's site that is not part of a complete colour group;
* ``pick N`` a space for a token (yours, or the ``target P`` player's first chosen);
* ``target P`` the player Swift Victory eliminates.

A token sent to a space is placed there (no GO salary: it does not travel round the board) and
the space is resolved as a landing (buy or auction, rent, card, tax, Go to Jail).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from .....editions.schema import STREET
from .....engine import actions as A
from .....engine import events as E
from .....engine.actions import Action
from .....engine.events import Event
from .....engine.flow import Step
from .....engine.state import BANK
from .... import jail
from ....money import pay, transfer
from ...game import EndOfMove
from ...mortgage import transfer_pending
from .characters import DARK, LIGHT

if TYPE_CHECKING:
    from .game import CloneWarsGame, CloneWarsState

# Action kinds of the missions (``pick`` and ``target`` are shared with other families).
MISSION = "mission"  # send the troops (also the kind of the prompt that offers it)
TAKE = "take"  # take an unowned site
COLLECT = "collect"  # take the cash instead of the sites
STEAL = "steal"  # steal a site
PICK = "pick"  # a space
TARGET = "target"  # a player
MISSION_KINDS = dict(plain=(MISSION, COLLECT), numbered=(TAKE, STEAL, PICK, TARGET))  # (CloneWarsGame's kinds)
A_MISSION, A_COLLECT = Action(MISSION), Action(COLLECT)

# Events              player   pos    amount      other             info
EV_MISSION = "mission"  # player -    die face    mission number    "offered"/"declined"/"success"/"failure"
EV_ELIMINATED = "eliminated"  # victim -  cash taken  the victor    "swift-victory"
EV_NOTHING = "mission-nothing"  # player - -      mission number    why ("no-sites")
SWIFT_VICTORY = "swift-victory"

# Reward kinds
TAKE_SITES, STEAL_SITES, MOVE_SELF, EXTRA_TURN, CASH, ELIMINATE, MOVE_OTHER = (
    "take-sites",
    "steal-sites",
    "move-self",
    "extra-turn",
    "cash",
    "eliminate",
    "move-other",
)


@dataclass(frozen=True)
class Mission:  # (not a NamedTuple: its field ``count`` would hide tuple.count)
    number: int  # the other die
    side: str
    name: str  # the booklet's name where the digest gives one, else a description
    need: int  # success if the mission die shows at least this
    reward: str
    count: int  # sites to take or steal
    cash: int  # light 1/2: cash instead of the sites; Rescue Senator: the reward
    fail_cost: int  # paid to the bank on failure


MISSIONS: dict[str, dict[int, Mission]] = {
    LIGHT: {
        1: Mission(1, LIGHT, "Establish a Base", 2, TAKE_SITES, 1, 100, 100),
        2: Mission(2, LIGHT, "Establish Bases", 2, TAKE_SITES, 2, 200, 100),
        3: Mission(3, LIGHT, "Move your troops", 2, MOVE_SELF, 0, 0, 100),
        4: Mission(4, LIGHT, "Another turn", 2, EXTRA_TURN, 0, 0, 100),
        5: Mission(5, LIGHT, "Rescue Senator", 6, CASH, 0, 3000, 100),
        6: Mission(6, LIGHT, "Jedi Mind Trick", 4, MOVE_OTHER, 0, 0, 100),
    },
    DARK: {
        1: Mission(1, DARK, "Steal a site", 4, STEAL_SITES, 1, 0, 100),
        2: Mission(2, DARK, "Steal two sites", 4, STEAL_SITES, 2, 0, 100),
        3: Mission(3, DARK, "Move your troops", 2, MOVE_SELF, 0, 0, 100),
        4: Mission(4, DARK, "Another turn", 2, EXTRA_TURN, 0, 0, 100),
        5: Mission(5, DARK, "Swift Victory", 6, ELIMINATE, 0, 0, 200),
        6: Mission(6, DARK, "Take Hostage", 4, MOVE_OTHER, 0, 0, 100),
    },
}


def mission_of(game: CloneWarsGame, player: int, number: int) -> Mission:
    return MISSIONS[game.side_of(player)][number]


def mission_number(d1: int, d2: int) -> int:
    """The other die of a roll showing a 6 (6 and 6: 6)."""
    return d2 if d1 == 6 else d1


# ---------------------------------------------------------------------- choices
def unowned_sites(game: CloneWarsGame) -> list[int]:
    s: CloneWarsState = game.state
    ed = game.edition
    owner = s.owner
    return [p for p in ed.properties if ed.board[p].type == STREET and owner[p] == BANK]


def complete_group(game: CloneWarsGame, pos: int) -> bool:
    s: CloneWarsState = game.state
    owner = s.owner
    members = game.edition.group_members[game.edition.group_of[pos]]
    first = owner[members[0]]
    return first != BANK and all(owner[q] == first for q in members)


def stealable_sites(game: CloneWarsGame, thief: int) -> list[int]:
    """Other players' sites that are not part of a complete colour group."""
    ed = game.edition
    s: CloneWarsState = game.state
    return [
        p
        for p in ed.properties
        if ed.board[p].type == STREET
        and s.owner[p] not in (BANK, thief)
        and not complete_group(game, p)
        and not transfer_pending(game, p)
    ]


def other_players(game: CloneWarsGame, player: int) -> list[int]:
    return [q for q in game.seats_from(player) if q != player]


# ---------------------------------------------------------------------- steps
class MissionCheck(Step):
    """Queued below the landing of a move with a 6: once the space is resolved, offer the mission
    (not to a player who has since gone to jail or left the game)."""

    FIELDS = ("player", "number")
    number: int
    automatic = True

    def run(self, game: CloneWarsGame) -> None:
        game.pop()
        s: CloneWarsState = game.state
        if s.alive[self.player] and not s.in_jail[self.player]:
            game.push(MissionOffer(self.player, self.number))
            mission = mission_of(game, self.player, self.number)
            game.emit(Event(EV_MISSION, self.player, amount=0, other=self.number, info="offered:" + mission.name))


class MissionOffer(Step):
    """Send the troops on mission ``number`` (``mission``) or not (``pass``)."""

    FIELDS = ("player", "number")
    number: int
    kind = MISSION
    answers = frozenset({MISSION, A.PASS})

    def legal(self, game: CloneWarsGame, player: int) -> list[Action]:
        return [A_MISSION, A.A_PASS]

    def apply(self, game: CloneWarsGame, player: int, action: Action) -> None:
        game.pop()
        if action.kind == A.PASS:
            game.emit(Event(EV_MISSION, player, other=self.number, info="declined"))
            return
        mission = mission_of(game, player, self.number)
        face = game.chance.die()
        game.emit(Event(E.DICE, player, amount=face, other=face, info="mission"))
        if face < mission.need:
            game.emit(Event(EV_MISSION, player, amount=face, other=self.number, info="failure"))
            pay(game, player, BANK, mission.fail_cost, "mission")
            return
        game.emit(Event(EV_MISSION, player, amount=face, other=self.number, info="success"))
        reward(game, player, mission)

    def describe(self, game: CloneWarsGame) -> dict[str, Any]:
        m = mission_of(game, self.player, self.number)
        return {
            "mission": m.number,
            "side": m.side,
            "name": m.name,
            "need": m.need,
            "reward": m.reward,
            "count": m.count,
            "cash": m.cash,
            "fail_cost": m.fail_cost,
        }


def reward(game: CloneWarsGame, player: int, mission: Mission) -> None:
    s: CloneWarsState = game.state
    r = mission.reward
    if r == CASH:
        transfer(game, BANK, player, mission.cash)
        game.emit(Event(E.PAID, BANK, -1, mission.cash, player, "mission"))
    elif r == EXTRA_TURN:
        extra_turn(game, player)
    elif r == STEAL_SITES and not stealable_sites(game, player):
        game.emit(Event(EV_NOTHING, player, other=mission.number, info="no-sites"))
    else:
        game.push(MissionPick(player, mission.number, mission.count, -1))
    del s


def extra_turn(game: CloneWarsGame, player: int) -> None:
    """The move's end becomes the start of another turn for ``player`` (a new turn: doubles reset)."""
    s: CloneWarsState = game.state
    stack = s.stack
    for i in range(len(stack) - 1, -1, -1):
        step = stack[i]
        if type(step) is EndOfMove and step.player == player:
            stack[i] = EndOfMove(player, True)
            s.doubles = 0
            return


MISSION_PICK: Final = "mission-pick"  # the prompt kind of the step below


class MissionPick(Step):
    """The choices a successful mission's reward needs (see the module docstring)."""

    FIELDS = ("player", "number", "left", "target")
    number: int
    left: int  # sites still to take or steal
    target: int  # the player to move (-1: not chosen yet)
    kind = MISSION_PICK
    answers = frozenset({TAKE, COLLECT, STEAL, PICK, TARGET, A.PASS})

    def mission(self, game: CloneWarsGame) -> Mission:
        return mission_of(game, self.player, self.number)

    def legal(self, game: CloneWarsGame, player: int) -> list[Action]:
        m = self.mission(game)
        r = m.reward
        if r == TAKE_SITES:
            out = [Action(TAKE, p) for p in unowned_sites(game)]
            if self.left == m.count:
                out.append(A_COLLECT)
            return out or [A.A_PASS]
        if r == STEAL_SITES:
            return [Action(STEAL, p) for p in stealable_sites(game, player)] or [A.A_PASS]
        if r == MOVE_SELF or (r == MOVE_OTHER and self.target >= 0):
            return [Action(PICK, p) for p in range(game.edition.size)]
        return [Action(TARGET, q) for q in other_players(game, player)]

    def check(self, game: CloneWarsGame, player: int, action: Action) -> str | None:
        if action not in self.legal(game, player):
            m = self.mission(game)
            what = {
                TAKE_SITES: "an unowned site ('take N')" + (" or 'collect'" if self.left == m.count else ""),
                STEAL_SITES: "another player's site outside a complete colour group ('steal N')",
                MOVE_SELF: "a space for your token ('pick N')",
                ELIMINATE: "the player to eliminate ('target P')",
            }.get(m.reward)
            if m.reward == MOVE_OTHER:
                what = "a space for their token ('pick N')" if self.target >= 0 else "another player ('target P')"
            return f"{m.name}: choose {what}"
        return None

    def apply(self, game: CloneWarsGame, player: int, action: Action) -> None:
        s: CloneWarsState = game.state
        m = self.mission(game)
        k = action.kind
        if k == TAKE:
            s.owner[action.arg] = player
            s.owner_changes += 1
            game.emit(Event(E.TRANSFERRED, player, action.arg, other=BANK))
            self.left -= 1
            if self.left <= 0 or not unowned_sites(game):
                game.pop()
        elif k == COLLECT:
            game.pop()
            transfer(game, BANK, player, m.cash)
            game.emit(Event(E.PAID, BANK, -1, m.cash, player, "mission"))
        elif k == STEAL:
            victim = s.owner[action.arg]
            s.owner[action.arg] = player
            s.owner_changes += 1
            game.emit(Event(E.TRANSFERRED, player, action.arg, other=victim))
            self.left -= 1
            if self.left <= 0 or not stealable_sites(game, player):
                game.pop()
        elif k == A.PASS:
            game.pop()
        elif k == TARGET and m.reward == MOVE_OTHER:
            self.target = action.arg
        elif k == TARGET:
            game.pop()
            eliminate(game, action.arg, player)
        else:
            game.pop()
            who = self.target if m.reward == MOVE_OTHER else player
            place(game, who, action.arg)

    def describe(self, game: CloneWarsGame) -> dict[str, Any]:
        m = self.mission(game)
        return {
            "mission": m.number,
            "side": m.side,
            "name": m.name,
            "reward": m.reward,
            "left": self.left,
            "cash": m.cash if self.left == m.count else 0,
            "target": self.target,
        }

    def without(self, game: CloneWarsGame, player: int) -> Step | None:
        if player == self.player:
            return None
        if player == self.target:
            new = self.copy()
            new.target = -1
            return new
        return self


def place(game: CloneWarsGame, player: int, pos: int) -> None:
    """Put ``player``'s token on ``pos`` and resolve the space (no GO salary).

    Jedi Mind Trick and Take Hostage "put another player on any space", a jailed one too: a token put on
    another space has left the Jail, so that player is free (put on the Jail space itself, they stay in
    jail). See docs/RULES-COVERAGE.md, Clone Wars."""
    s: CloneWarsState = game.state
    old = s.position[player]
    if s.in_jail[player] and pos != game.edition.rules.jail_position:
        jail.release(game, player, "placed")
    s.position[player] = pos
    game.emit(Event(E.MOVED, player, pos, old, 0, "placed"))
    game.land(player)


def eliminate(game: CloneWarsGame, victim: int, victor: int) -> None:
    """Swift Victory: ``victor`` takes all of ``victim``'s land (as it stands) and money; the victim is out."""
    s: CloneWarsState = game.state
    ed = game.edition
    game.emit(Event(EV_ELIMINATED, victim, amount=s.cash[victim], other=victor, info=SWIFT_VICTORY))
    for pos in ed.properties:
        if s.owner[pos] == victim:
            s.owner[pos] = victor
            s.owner_changes += 1
            game.emit(Event(E.TRANSFERRED, victor, pos, other=victim))
    cash = s.cash[victim]
    if cash:
        transfer(game, victim, victor, cash)
    for ref in s.held[victim]:
        s.held[victor].append(ref)
        game.emit(Event(E.CARD_GIVEN, victor, ref >> 8, ref & 0xFF, victim))
    s.held[victim].clear()
    s.alive[victim] = False
    game.drop_from_flow(victim)
    alive = [p for p in range(s.n) if s.alive[p]]
    if len(alive) == 1:
        game.finish(alive, SWIFT_VICTORY)
    else:
        game.after_bankruptcy(victim, [])
