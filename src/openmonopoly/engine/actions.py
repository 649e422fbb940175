"""Actions: what a player can do, with a text form that prints and parses.

An action is a small immutable value. ``str(action)`` gives its text form and
``Action.parse(text)`` reads it back, so actions can be typed in a terminal,
sent over a socket or stored in a record.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from .errors import BadActionText

# Decisions answering the current prompt.
ROLL: Final = "roll"  # roll the dice (in jail: try for doubles)
PAY_BAIL: Final = "pay-bail"  # leave jail by paying the fine before rolling
USE_CARD: Final = "use-card"  # leave jail with a get-out-of-jail card
BUY: Final = "buy"  # buy the property landed on
AUCTION: Final = "auction"  # decline to buy: the bank auctions it
BID: Final = "bid"  # bid an amount in an auction
PASS: Final = "pass"  # drop out of an auction
PAY: Final = "pay"  # settle a debt once enough cash is raised
BANKRUPT: Final = "bankrupt"  # give up: only when the debt cannot be raised
ACCEPT: Final = "accept"  # accept the trade offered to you
REJECT: Final = "reject"  # reject it
LIFT: Final = "lift"  # received a mortgaged property: repay the mortgage now
KEEP: Final = "keep"  # ... or keep it mortgaged and pay only the interest
CLAIM: Final = "claim"  # claim rent (option "rent must be claimed")
WAIVE: Final = "waive"  # let that rent go
WANT: Final = "want"  # building shortage: I want one of the last buildings too
PLACE: Final = "place"  # place a building won at a shortage auction
END: Final = "end"  # end a phase where doing nothing more is allowed
PLAY: Final = "play"  # play a kept card by its number (Mandalorian: a Signet battle card)
REROLL: Final = "reroll"  # roll the battle dice again (Mandalorian: Ahsoka Tano)
CHOOSE: Final = "choose"  # choose one of the offered items by number (Mandalorian: Boba Fett's Signet card)

# Actions a player may take "at any time" the rules allow.
BUILD: Final = "build"
SELL: Final = "sell"
SELL_ALL: Final = "sell-all"
MORTGAGE: Final = "mortgage"
UNMORTGAGE: Final = "unmortgage"
TRADE: Final = "trade"

# What a check answers when its caller asked only whether an action is legal (``explain=False``: listing
# every legal action checks many that fail, and the words of each failure would cost more than the check).
REFUSED: Final = "not allowed now"

# ``ActionKinds.codes``: what a kind is, as bits (0: a plain kind that answers a prompt, or no kind at all).
NUMBERED_KIND: Final = 1
ANYTIME_KIND: Final = 2
# ``Game.kind_code`` adds the family's permission act (``rules/permissions.py``) above these bits.
ACT_SHIFT: Final = 2


class ActionKinds:
    """The action kinds one rules family accepts, and how their text reads: ``kind`` alone
    (``plain``) or ``kind N`` with a whole number N >= 0 (``numbered``); ``trade`` has its own
    form. ``anytime`` kinds do not answer the prompt but may be taken whenever the family's rules
    allow (``Game.check_anytime`` decides). A family extends the shared kinds with its own
    (``SHARED_KINDS.extend(...)``); ``Game.parse`` reads text against its game's kinds."""

    __slots__ = ("plain", "numbered", "anytime", "all", "codes")

    def __init__(self, plain: frozenset[str], numbered: frozenset[str], anytime: frozenset[str]) -> None:
        both = plain & numbered
        if both:
            raise ValueError(f"action kinds both plain and numbered: {sorted(both)}")
        self.plain = plain
        self.numbered = numbered
        self.all = plain | numbered | {TRADE}
        unknown = anytime - self.all
        if unknown:
            raise ValueError(f"any-time kinds that are not kinds: {sorted(unknown)}")
        self.anytime = anytime
        # Both tests at once, for the engine's check of every action (``Game.kind_code``).
        self.codes: dict[str, int] = {
            k: (NUMBERED_KIND if k in numbered else 0) | (ANYTIME_KIND if k in anytime else 0) for k in self.all
        }

    def extend(
        self, plain: tuple[str, ...] = (), numbered: tuple[str, ...] = (), anytime: tuple[str, ...] = ()
    ) -> ActionKinds:
        """These kinds plus the given ones (``anytime`` names kinds among them or these)."""
        return ActionKinds(
            self.plain | frozenset(plain), self.numbered | frozenset(numbered), self.anytime | frozenset(anytime)
        )

    def without(self, *kinds: str) -> ActionKinds:
        """These kinds less ``kinds`` (a family that has no buildings, say)."""
        drop = frozenset(kinds)
        return ActionKinds(self.plain - drop, self.numbered - drop, self.anytime - drop)

    # The entry points take ``object``: this module is compiled, and a typed parameter would answer a
    # wrong type with mypyc's TypeError instead of the BadActionText that says what is allowed.
    def parse(self, text: object, proposer: object = -1) -> Action:
        """Read the text form of an action. ``proposer`` fills in who proposes a trade."""
        if not isinstance(text, str):
            raise BadActionText(f"an action is text like 'bid 20'; got {type(text).__name__} {_short(text)}")
        if len(text) > MAX_TEXT:
            raise BadActionText(f"an action's text is at most {MAX_TEXT} characters; got {len(text)}")
        text = text.strip()
        # (every kind and number is printable ASCII: anything else is refused before the words are read, so
        # no control character or look-alike digit reaches a message or int())
        if not (text.isascii() and text.isprintable()):
            raise BadActionText(
                "an action is printable ASCII text, e.g. 'buy', 'bid 120' or 'trade 1 give=3 cash=50'; got "
                + _short(text)
            )
        words = text.split()
        if not words:
            raise BadActionText("empty action; expected one of: " + ", ".join(sorted(self.all)))
        kind = words[0].lower()
        if kind in self.plain:
            if len(words) != 1:
                raise BadActionText(f"'{kind}' takes no argument", text)
            return Action(kind)
        if kind in self.numbered:
            if len(words) != 2 or not _is_number(words[1]):
                raise BadActionText(f"'{kind}' needs one whole number (digits 0-9), e.g. '{kind} 12'", text)
            return Action(kind, int(words[1]))
        if kind == TRADE:
            who = proposer if type(proposer) is int else -1
            return Action(TRADE, -1, _parse_offer(words[1:], who, text))
        raise BadActionText(f"unknown action '{kind}'; known: " + ", ".join(sorted(self.all)), text)

    def from_json(self, data: object) -> Action:
        """An action from ``Action.to_json``: its text, or a trade object."""
        if isinstance(data, str):
            return self.parse(data)
        if not isinstance(data, dict) or set(data) != {"kind", "offer"} or data["kind"] != TRADE:
            raise BadActionText(
                "an action is a string like 'bid 20' or a trade object "
                f'{{"kind": "trade", "offer": {{...}}}}; got {_short(data)}'
            )
        return Action(TRADE, -1, TradeOffer.from_json(data["offer"]))

    def __contains__(self, kind: object) -> bool:
        return kind in self.all

    def __repr__(self) -> str:
        return f"ActionKinds({sorted(self.all)})"


class TradeOffer(NamedTuple):
    """A proposal from ``proposer`` to ``target``.

    ``give``/``take`` are board positions moving from/to the proposer, ``cash`` is
    paid by the proposer to the target (negative: the target pays), and
    ``give_cards``/``take_cards`` are the deck indices of get-out-of-jail cards.
    """

    proposer: int
    target: int
    give: tuple[int, ...] = ()
    take: tuple[int, ...] = ()
    cash: int = 0
    give_cards: tuple[int, ...] = ()
    take_cards: tuple[int, ...] = ()

    def __str__(self) -> str:
        parts = [str(self.target)]
        if self.give:
            parts.append("give=" + ",".join(map(str, self.give)))
        if self.take:
            parts.append("take=" + ",".join(map(str, self.take)))
        if self.cash:
            parts.append(f"cash={self.cash}")
        if self.give_cards:
            parts.append("give-cards=" + ",".join(map(str, self.give_cards)))
        if self.take_cards:
            parts.append("take-cards=" + ",".join(map(str, self.take_cards)))
        return " ".join(parts)

    def to_json(self) -> dict[str, Any]:
        # (read from the plain tuple: compiled, each field of a NamedTuple read by name is a lookup; the trade
        # step's prompt shows every offer this way)
        fields: tuple[Any, Any, Any, Any, Any, Any, Any] = self
        proposer, target, give, take, cash, give_cards, take_cards = fields
        return {
            "proposer": proposer,
            "target": target,
            "give": list(give),
            "take": list(take),
            "cash": cash,
            "give_cards": list(give_cards),
            "take_cards": list(take_cards),
        }

    @classmethod
    def from_json(cls, d: object) -> TradeOffer:
        """``to_json`` read back, strictly: exact types (a list of whole numbers, not a string of
        digits or a list of floats), bounded numbers, no unknown keys; ``BadActionText`` otherwise."""
        if not isinstance(d, dict) or not {"proposer", "target"} <= d.keys() or not d.keys() <= _OFFER_KEYS:
            raise BadActionText(
                f"a trade offer is an object with 'proposer' and 'target' and optionally "
                f"{', '.join(k for k in _OFFER_FIELDS if k not in ('proposer', 'target'))}; "
                f"got {_short(d)}"
            )
        lists = [_json_ints(d.get(k, []), k) for k in ("give", "take", "give_cards", "take_cards")]
        return cls(
            _json_int(d["proposer"], "proposer"),
            _json_int(d["target"], "target"),
            lists[0],
            lists[1],
            _json_int(d.get("cash", 0), "cash"),
            lists[2],
            lists[3],
        )

    def problem(self) -> str | None:
        """What is malformed in this offer built in Python (a field of the wrong type), or None."""
        # Plain loops over the fields by position (no getattr, no generators): bots test every offer they
        # think of, so this runs in the simulation's inner loop.
        values: tuple[Any, ...] = self  # (read untyped: the fields are what is being tested)
        for i, value in enumerate(values):
            if i in _OFFER_NUMBERS:
                if not _whole(value):
                    return f"trade offer {_OFFER_FIELDS[i]} must be a whole number; got {_short(value)}"
                continue
            if type(value) is not tuple:
                return f"trade offer {_OFFER_FIELDS[i]} must be a tuple of whole numbers; got {_short(value)}"
            for v in value:
                if not _whole(v):
                    return f"trade offer {_OFFER_FIELDS[i]} must be a tuple of whole numbers; got {_short(value)}"
        return None


class Action(NamedTuple):
    """One action: ``kind``, a whole-number ``arg`` for the numbered kinds (-1: none) and the
    ``offer`` of a trade. ``str(action)`` is its text form; ``Game.parse`` reads it back."""

    kind: str
    arg: int = -1
    offer: TradeOffer | None = None

    def __str__(self) -> str:
        if self.kind == TRADE and self.offer is not None:
            return f"trade {self.offer}"
        if self.arg >= 0:  # (numbered kinds always carry a number >= 0)
            return f"{self.kind} {self.arg}"
        return self.kind

    @staticmethod
    def parse(text: object, proposer: object = -1) -> Action:
        """Read the text form of an action of the shared kinds (``SHARED_KINDS``). A game reads its
        own family's kinds too: ``game.parse(text)``."""
        return SHARED_KINDS.parse(text, proposer)

    def to_json(self) -> str | dict[str, Any]:
        if self.offer is not None:
            return {"kind": self.kind, "offer": self.offer.to_json()}
        return str(self)

    @staticmethod
    def from_json(data: object) -> Action:
        """``to_json`` read back, for the shared kinds (a game's own: ``game.parse_json``)."""
        return SHARED_KINDS.from_json(data)


MAX_DIGITS: Final = 12  # more than any amount or position a game can have
MAX_TEXT: Final = 4096  # far more than any action's text (a trade of every property); bounds the work
_LIMIT: Final = 10**MAX_DIGITS
_OFFER_FIELDS: Final = ("proposer", "target", "give", "take", "cash", "give_cards", "take_cards")
_OFFER_KEYS: Final = frozenset(_OFFER_FIELDS)
_OFFER_NUMBERS: Final = frozenset((0, 1, 4))  # proposer, target, cash: numbers; the rest tuples of them


def _short(value: object) -> str:
    """``value`` for an error message, cut short (the input may be huge)."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _whole(value: object) -> bool:
    """A whole number within the bound text can spell (``bool`` is not one)."""
    return type(value) is int and -_LIMIT < value < _LIMIT


def _json_int(value: object, name: str) -> int:
    if not _whole(value):
        raise BadActionText(
            f"trade offer '{name}' must be a whole number of at most {MAX_DIGITS} digits; got {_short(value)}"
        )
    return value  # type: ignore[return-value]


def _json_ints(value: object, name: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(_whole(v) for v in value):
        raise BadActionText(f"trade offer '{name}' must be a list of whole numbers, e.g. [1, 3]; got {_short(value)}")
    return tuple(value)


def whole_number(text: object) -> int | None:
    """``text`` as a whole number >= 0 if it is one (ASCII digits, at most ``MAX_DIGITS``), else None: the
    one test every interface uses for typed numbers, so '²' or a 5000-digit string never reaches ``int``."""
    return int(text) if isinstance(text, str) and _is_number(text) else None


def action_problem(action: object, kinds: ActionKinds) -> str | None:
    """What is malformed in ``action`` as a Python object (not an ``Action``, a field of the wrong type,
    an argument on a kind that takes none), or None. ``Game.check`` asks it first; the common case
    (a well-formed action from a bot) costs a few type tests."""
    if type(action) is not Action or len(action) != 3:
        return (
            "an action is an Action (e.g. Action('bid', 20)) or its text (e.g. 'bid 20'); got "
            f"{type(action).__name__} {_short(action)}"
        )
    fields: tuple[Any, Any, Any] = action  # (read untyped: the fields are what is being tested)
    kind, arg, offer = fields
    if type(kind) is not str or kind not in kinds.all:
        return f"unknown action {_short(kind)}; known: " + ", ".join(sorted(kinds.all))
    if type(arg) is not int or (arg >= 0) != (kind in kinds.numbered) or arg >= _LIMIT:
        if kind in kinds.numbered:
            return f"'{kind}' needs a whole number >= 0 as its arg, e.g. Action('{kind}', 12); got {_short(arg)}"
        return f"'{kind}' takes no arg (-1); got {_short(arg)}"
    if kind == TRADE:
        if type(offer) is not TradeOffer:
            return f"'trade' needs a TradeOffer as its offer; got {_short(offer)}"
        return offer.problem()
    if offer is not None:
        return f"'{kind}' takes no offer; got {_short(offer)}"
    return None


def _is_number(word: str) -> bool:
    """ASCII digits only (``str.isdigit`` alone also takes '²' and other digits ``int`` refuses)."""
    return 0 < len(word) <= MAX_DIGITS and word.isascii() and word.isdigit()


def _is_int(word: str) -> bool:
    """A whole number, maybe negative (a trade's cash)."""
    return _is_number(word[1:] if word.startswith("-") else word)


def _ints(value: str, text: str) -> tuple[int, ...]:
    items = value.split(",")
    if not all(_is_int(v) for v in items):
        raise BadActionText(f"expected comma-separated whole numbers (digits 0-9), e.g. 1,3; got '{value}'", text)
    return tuple(int(v) for v in items)


def _parse_offer(words: list[str], proposer: int, text: str) -> TradeOffer:
    if not words or not _is_int(words[0]):
        raise BadActionText("trade needs a target player, e.g. 'trade 2 give=1,3 take=39 cash=100'", text)
    fields: dict[str, object] = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or key not in ("give", "take", "cash", "give-cards", "take-cards"):
            raise BadActionText(f"unknown trade part '{word}'; use give=, take=, cash=, give-cards=, take-cards=", text)
        if key.replace("-", "_") in fields:
            raise BadActionText(f"'{key}=' is given twice", text)
        if key == "cash":
            if not _is_int(value):
                raise BadActionText(f"cash must be a whole number, got '{value}'", text)
            fields["cash"] = int(value)
        else:
            fields[key.replace("-", "_")] = _ints(value, text)
    return TradeOffer(proposer, int(words[0]), **fields)  # type: ignore[arg-type]


# Shared instances of the argument-free actions: bots use them to avoid allocating.
A_ROLL: Final[Action] = Action(ROLL)
A_PAY_BAIL: Final[Action] = Action(PAY_BAIL)
A_USE_CARD: Final[Action] = Action(USE_CARD)
A_BUY: Final[Action] = Action(BUY)
A_AUCTION: Final[Action] = Action(AUCTION)
A_PASS: Final[Action] = Action(PASS)
A_PAY: Final[Action] = Action(PAY)
A_BANKRUPT: Final[Action] = Action(BANKRUPT)
A_ACCEPT: Final[Action] = Action(ACCEPT)
A_REJECT: Final[Action] = Action(REJECT)
A_LIFT: Final[Action] = Action(LIFT)
A_KEEP: Final[Action] = Action(KEEP)
A_CLAIM: Final[Action] = Action(CLAIM)
A_WAIVE: Final[Action] = Action(WAIVE)
A_WANT: Final[Action] = Action(WANT)
A_END: Final[Action] = Action(END)
A_REROLL: Final[Action] = Action(REROLL)

# The kinds every family's parser starts from (families drop what they lack and add their own).
SHARED_KINDS: Final[ActionKinds] = ActionKinds(
    plain=frozenset(
        {
            ROLL,
            PAY_BAIL,
            USE_CARD,
            BUY,
            AUCTION,
            PASS,
            PAY,
            BANKRUPT,
            ACCEPT,
            REJECT,
            LIFT,
            KEEP,
            CLAIM,
            WAIVE,
            WANT,
            END,
            REROLL,
        }
    ),
    numbered=frozenset({BID, PLACE, BUILD, SELL, SELL_ALL, MORTGAGE, UNMORTGAGE, PLAY, CHOOSE}),
    anytime=frozenset({BUILD, SELL, SELL_ALL, MORTGAGE, UNMORTGAGE, TRADE}),
)
