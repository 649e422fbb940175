"""Empire cards: secret hand cards, played by their text, then back to the bottom of the pile.

Each player is dealt two at the start and draws one on an Empire space. A
hand is secret (``EmpireState.hands`` is hidden; a view shows the viewer's own
hand and everyone's card count). Drawing emits a public "drew an Empire card"
and a private event naming the card; playing one is public.

When a card may be played (its ``when``): ``turn`` -- on your turn before you
roll; ``jail`` -- at the start of your turn in jail; ``buy`` -- at your buy
prompt on a brand; ``rent`` -- when you owe rent on a rival's brand;
``respond`` -- when a rival's action would take from your tower or cash.

Attacks (a rival's Empire card against you, Rival Tower Tax, a sneaky swap of
your tower) go through ``attack``: each victim holding any Empire card is
asked (``pass`` or play a blocker) -- the question depends only on the public
card count. Just Say No blocks every attack but YOU'RE FIRED!; HANDS OFF!
blocks them all. A blocked attack does nothing; the card played stays played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...engine import actions as A
from ...engine import events as E
from ...engine.actions import Action
from ...engine.events import Event
from ...engine.flow import Step
from ...engine.prompt import numbered_action
from ...engine.state import BANK
from .. import jail
from ..money import pay, transfer
from .choose import PLAYER_PURPOSES, PLAYER_TESTS, SPACE_PURPOSES, SPACE_TESTS, choose_player, choose_space
from .data import OFFICE
from .kinds import EV_BLOCKED, EV_EMPIRE_DRAWN, EV_EMPIRE_PLAYED, PLAY
from .state import EmpireState
from .tower import billboards, hand_over_top, has_billboard, remove_piece, return_top, swap_tops, to_board, tower_value

if TYPE_CHECKING:
    from .game import EmpireGame

BLOCKERS: Final = ("just_say_no", "hands_off")
TURN_CARDS: Final = frozenset(
    {
        "swap_the_top",
        "hostile_takeover",
        "move_to_any_space",
        "tallest_tower_bonus",
        "stock_market_crash",
        "billboard_tax",
        "youre_fired",
    }
)


def draw(game: EmpireGame, player: int, deck: int) -> None:
    """Take the top Empire card into your (secret) hand; nothing when every card is in a hand."""
    s: EmpireState = game.state
    pile = s.decks[deck]
    if not pile:
        return
    index = pile.pop(0)
    s.hands[player].append(index)
    if game._events is not None:
        game._events.append(Event(EV_EMPIRE_DRAWN, player))
        game._events.append(
            Event(E.CARD, player, deck, index, info=game.edition.decks[deck].cards[index].id, private_to=player)
        )


def kind_of(game: EmpireGame, card: int) -> str:
    return game.table.empire_kind[card]


# ---------------------------------------------------------------------- when a card can be played
def usable(game: EmpireGame, player: int, kind: str, moment: str) -> bool:
    """Can a card of ``kind`` be played by ``player`` at ``moment`` (turn/jail/buy/rent)?"""
    s: EmpireState = game.state
    if moment != "turn":  # (the turn's moment tested first: it is asked of every card in hand at every turn)
        if moment == "jail":
            return kind == "get_out_of_jail"
        if moment == "buy":
            return kind == "bargain_business" and s.cash[player] >= game.table.bargain_price
        if moment == "rent":
            return kind == "reverse_rent"
        return False
    if kind not in TURN_CARDS:
        return False
    if kind in ("move_to_any_space", "tallest_tower_bonus"):
        return True
    # A card aimed at a rival: whether it has a target (``PLAYER_PURPOSES[kind][0]`` not empty), asked
    # here without listing the targets (this is asked of every card in hand at every turn).
    if kind == "swap_the_top" and not has_billboard(game, player):
        return False
    need = game.table.tax_min_billboards
    for q in range(s.n):
        if q == player:
            continue
        if kind == "billboard_tax":
            if billboards(game, q) >= need:
                return True
        elif kind == "youre_fired":
            if _has_brand(game, q):
                return True
        elif has_billboard(game, q):  # swap_the_top, hostile_takeover, stock_market_crash
            return True
    return False


def _has_brand(game: EmpireGame, player: int) -> bool:
    """Whether ``player``'s tower holds a brand billboard (what YOU'RE FIRED! may return: ``_fired_spaces``)."""
    s: EmpireState = game.state
    is_brand = game.table.is_brand
    for piece in s.tower[player]:
        if piece != OFFICE and is_brand[piece]:
            return True
    return False


def _effect_of_kind(game: EmpireGame, kind: str) -> dict[str, Any]:
    deck = game.edition.decks[game.table.empire_deck]
    return deck.cards[game.table.empire_kind.index(kind)].effect


def playable(game: EmpireGame, player: int, moment: str) -> list[Action]:
    s: EmpireState = game.state
    out = []
    seen = set()
    kinds = game.table.empire_kind
    for card in s.hands[player]:
        kind = kinds[card]
        if kind not in seen:
            seen.add(kind)
            if usable(game, player, kind, moment):
                out.append(numbered_action(PLAY, card))
    return out


def check_play(game: EmpireGame, player: int, card: int, moment: str) -> str | None:
    hands: EmpireState = game.state
    if card not in hands.hands[player]:
        return "you hold no such Empire card (play N: N is the card's number in the Empire deck)"
    if not usable(game, player, kind_of(game, card), moment):
        return f"{game.edition.decks[game.table.empire_deck].cards[card].id} cannot be played now"
    return None


def play(game: EmpireGame, player: int, card: int, target: int = -1) -> int:
    """Reveal ``card`` from ``player``'s hand and put it at the bottom of the pile (its effect is the caller's)."""
    s: EmpireState = game.state
    deck = game.table.empire_deck
    s.hands[player].remove(card)
    s.decks[deck].append(card)
    if game.log_events:
        game.emit(Event(EV_EMPIRE_PLAYED, player, -1, card, target, game.edition.decks[deck].cards[card].id))
    return card


def play_on_turn(game: EmpireGame, player: int, card: int) -> None:
    """A card played at the start of the turn (before the roll); the turn goes on afterwards."""
    kind = kind_of(game, card)
    play(game, player, card)
    s: EmpireState = game.state
    if kind == "get_out_of_jail":
        jail.release(game, player, "card")
    elif kind == "tallest_tower_bonus":
        amount = max(tower_value(game, q) for q in range(s.n))
        transfer(game, BANK, player, amount)
        if game.log_events:
            game.emit(Event(E.PAID, BANK, -1, amount, player, "card"))
    elif kind == "move_to_any_space":
        game.replace_top(AfterCardMove(player))
        choose_space(game, player, "move_to_any_space")
    elif kind == "stock_market_crash":
        for q in reversed(game.rivals(player)):
            if has_billboard(game, q):
                attack(game, player, (q,), "crash", q, -1, False)
    else:
        choose_player(game, player, kind, card)


class AfterCardMove(Step):
    """A card moved the player before their roll: back to the turn start, unless it ended in jail."""

    FIELDS = ("player",)
    automatic = True

    # (the generic Step.__init__ is slower, and a step is made at every turn)
    def __init__(self, player: int) -> None:
        self.player = player

    def is_automatic(self) -> bool:  # (see ``EmpireTurn.is_automatic``)
        return True

    def run(self, game: EmpireGame) -> None:
        s: EmpireState = game.state
        if s.in_jail[self.player]:
            game.replace_top(game.end_of_move(self.player, False))
        else:
            game.replace_top(game.turn_step(self.player))


# ---------------------------------------------------------------------- attacks and answers
def attack(
    game: EmpireGame, attacker: int, victims: tuple[int, ...], effect: str, a: int, b: int, super_only: bool
) -> None:
    """Carry out ``effect`` unless one of ``victims`` blocks it (each holding cards is asked in turn)."""
    game.push(_respond(game, attacker, victims, effect, a, b, super_only))


def _respond(
    game: EmpireGame, attacker: int, victims: tuple[int, ...], effect: str, a: int, b: int, super_only: bool
) -> Respond:
    s: EmpireState = game.state
    victim = victims[0] if victims else -1
    ask = victim >= 0 and bool(s.hands[victim])  # the public card count decides, not the cards
    return Respond(victim, attacker, victims[1:], effect, a, b, super_only, ask)


RESPOND: Final = "respond"  # the prompt kind of the step below


class Respond(Step):
    """``player`` is the victim of ``effect``: ``pass`` (let it happen) or play a blocker."""

    FIELDS = ("player", "attacker", "others", "effect", "a", "b", "super_only", "ask")
    attacker: int
    others: tuple[int, ...]  # the victims asked after this one
    effect: str
    a: int
    b: int
    super_only: bool
    ask: bool
    kind = RESPOND
    answers = frozenset({A.PASS, PLAY})

    def __init__(
        self,
        player: int,
        attacker: int,
        others: tuple[int, ...],
        effect: str,
        a: int,
        b: int,
        super_only: bool,
        ask: bool,
    ) -> None:  # (the generic Step.__init__ is slower)
        self.player = player
        self.attacker = attacker
        self.others = others
        self.effect = effect
        self.a = a
        self.b = b
        self.super_only = super_only
        self.ask = ask

    @property
    def automatic(self) -> bool:  # type: ignore[override]
        return not self.ask  # a victim without Empire cards is not asked

    # (asked of the step on top at every action: answered from fields, see ``Step.is_automatic``)
    def is_automatic(self) -> bool:
        return not self.ask

    def prompt_kind(self) -> str:
        return RESPOND

    def accepts(self, kind: str) -> bool:
        return kind == A.PASS or kind == PLAY

    def legal(self, game: EmpireGame, player: int) -> list[Action]:
        s: EmpireState = game.state
        out = [A.A_PASS]
        for card in s.hands[player]:
            if self._blocks(game, card) and numbered_action(PLAY, card) not in out:
                out.append(numbered_action(PLAY, card))
        return out

    def _blocks(self, game: EmpireGame, card: int) -> bool:
        kind = kind_of(game, card)
        return kind == "hands_off" or (kind == "just_say_no" and not self.super_only)

    def check(self, game: EmpireGame, player: int, action: Action) -> str | None:
        s: EmpireState = game.state
        if action.kind == PLAY:
            if action.arg not in s.hands[player]:
                return "you hold no such Empire card"
            if not self._blocks(game, action.arg):
                return "that card cannot block this" + (
                    " (only HANDS OFF! stops YOU'RE FIRED!)" if self.super_only else ""
                )
        return None

    def apply(self, game: EmpireGame, player: int, action: Action) -> None:
        if action.kind == PLAY:
            game.pop()
            play(game, player, action.arg, self.attacker)
            if game.log_events:
                game.emit(Event(EV_BLOCKED, player, -1, action.arg, self.attacker, kind_of(game, action.arg)))
            return
        self._next(game)

    def run(self, game: EmpireGame) -> None:
        self._next(game)

    def _next(self, game: EmpireGame) -> None:
        if self.others:
            game.replace_top(_respond(game, self.attacker, self.others, self.effect, self.a, self.b, self.super_only))
            return
        game.pop()
        execute(game, self.attacker, self.effect, self.a, self.b)

    def describe(self, game: EmpireGame) -> dict[str, Any]:
        return {
            "attacker": self.attacker,
            "effect": self.effect,
            "a": self.a,
            "b": self.b,
            "super_only": self.super_only,
        }

    # (the bot reads a few facts by name: see ``Step.detail``)
    def detail(self, game: EmpireGame, name: str) -> Any:
        if name == "effect":
            return self.effect
        if name == "super_only":
            return self.super_only
        if name == "a":
            return self.a
        return self.b if name == "b" else self.describe(game)[name]


def execute(game: EmpireGame, attacker: int, effect: str, a: int, b: int) -> None:
    s: EmpireState = game.state
    if effect in ("rival-tax", "crash"):
        return_top(game, a, effect)
    elif effect == "swap":
        swap_tops(game, attacker, a, b)
    elif effect == "swap-top":
        swap_tops(game, attacker, attacker, a)
    elif effect == "takeover":
        hand_over_top(game, a, attacker, "takeover")
    elif effect == "tax":
        pay(game, a, attacker, b, "billboard-tax")
    elif effect == "fired":
        if b in s.tower[a] and b != OFFICE and game.table.is_brand[b]:
            remove_piece(game, a, b)
            to_board(game, a, b, "fired")
    else:  # pragma: no cover - every effect name is produced above
        raise AssertionError(effect)


# ---------------------------------------------------------------------- target choices of the cards
def rivals_with_billboards(game: EmpireGame, player: int, arg: int) -> list[int]:
    return [q for q in game.rivals(player) if has_billboard(game, q)]


def _swap_targets(game: EmpireGame, player: int, arg: int) -> list[int]:
    return rivals_with_billboards(game, player, arg) if has_billboard(game, player) else []


def _tax_targets(game: EmpireGame, player: int, arg: int) -> list[int]:
    need = game.table.tax_min_billboards
    return [q for q in game.rivals(player) if billboards(game, q) >= need]


def _fired_targets(game: EmpireGame, player: int, arg: int) -> list[int]:
    return [q for q in game.rivals(player) if _has_brand(game, q)]  # (``_fired_spaces`` not empty)


# The tests of one target (``choose.PLAYER_TESTS``): each says whether ``q`` is in the list above.
def is_rival(game: EmpireGame, player: int, q: int) -> bool:
    """Whether ``q`` is a seat of the game other than ``player`` (one of ``game.rivals(player)``)."""
    s: EmpireState = game.state
    return 0 <= q < s.n and q != player


def rival_with_billboards(game: EmpireGame, player: int, arg: int, q: int) -> bool:
    return is_rival(game, player, q) and has_billboard(game, q)


def _swap_target(game: EmpireGame, player: int, arg: int, q: int) -> bool:
    return has_billboard(game, player) and rival_with_billboards(game, player, arg, q)


def _tax_target(game: EmpireGame, player: int, arg: int, q: int) -> bool:
    return is_rival(game, player, q) and billboards(game, q) >= game.table.tax_min_billboards


def _fired_target(game: EmpireGame, player: int, arg: int, q: int) -> bool:
    return is_rival(game, player, q) and _has_brand(game, q)


PLAYER_TESTS["swap_the_top"] = _swap_target
PLAYER_TESTS["hostile_takeover"] = rival_with_billboards
PLAYER_TESTS["billboard_tax"] = _tax_target
PLAYER_TESTS["youre_fired"] = _fired_target

PLAYER_PURPOSES["swap_the_top"] = (_swap_targets, lambda g, p, q, card: attack(g, p, (q,), "swap-top", q, -1, False))
PLAYER_PURPOSES["hostile_takeover"] = (
    rivals_with_billboards,
    lambda g, p, q, card: attack(g, p, (q,), "takeover", q, -1, False),
)
PLAYER_PURPOSES["billboard_tax"] = (
    _tax_targets,
    lambda g, p, q, card: attack(g, p, (q,), "tax", q, _effect_of_kind(g, "billboard_tax")["amount"], False),
)
PLAYER_PURPOSES["youre_fired"] = (_fired_targets, lambda g, p, q, card: choose_space(g, p, "youre_fired", q))


def _fired_spaces(game: EmpireGame, player: int, victim: int) -> list[int]:
    # "YOU'RE FIRED! returns brands to the board": brand billboards only, not offices or utility billboards.
    s: EmpireState = game.state
    is_brand = game.table.is_brand
    return sorted({piece for piece in s.tower[victim] if piece != OFFICE and is_brand[piece]})


def _fired_space(game: EmpireGame, player: int, victim: int, pos: int) -> bool:
    """Whether ``pos`` is one of ``_fired_spaces``: a brand billboard in ``victim``'s tower."""
    s: EmpireState = game.state
    is_brand = game.table.is_brand
    return pos != OFFICE and 0 <= pos < len(is_brand) and is_brand[pos] and pos in s.tower[victim]


SPACE_TESTS["youre_fired"] = _fired_space
SPACE_PURPOSES["youre_fired"] = (
    _fired_spaces,
    lambda g, p, pos, victim: attack(g, p, (victim,), "fired", victim, pos, True),
    False,
)


def _any_space(game: EmpireGame, player: int, arg: int) -> list[int]:
    s: EmpireState = game.state
    spaces = game.table.positions[:]  # (every space but ``here``: copied whole, then the one taken out)
    del spaces[s.position[player]]
    return spaces


def _any_space_test(game: EmpireGame, player: int, arg: int, pos: int) -> bool:
    s: EmpireState = game.state
    return 0 <= pos < game.edition.size and pos != s.position[player]


SPACE_TESTS["move_to_any_space"] = _any_space_test
SPACE_PURPOSES["move_to_any_space"] = (_any_space, lambda g, p, pos, arg: g.advance_to(p, pos), False)
