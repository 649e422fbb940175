"""The schema of a classic-family edition file (``ClassicGame.edition_model()``): its space types,
rules section and card effects, on the shared models of ``editions/model.py``."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from ...editions.model import CardBase, Count, DeckBase, EditionBase, Positive, SpaceBase, Strict, Text, position_check
from ...engine.house_rules import DOUBLE_RENT_FULL_SET, HOUSE_RULES, POPULAR


class Go(SpaceBase):
    type: Literal["go"]


class Jail(SpaceBase):
    type: Literal["jail"]


class FreeParking(SpaceBase):
    type: Literal["free_parking"]


class GoToJail(SpaceBase):
    type: Literal["go_to_jail"]


class CardSpace(SpaceBase):
    type: Literal["card"]
    deck: Text


class Tax(SpaceBase):
    type: Literal["tax"]
    amount: Count


class Deed(SpaceBase):
    price: Count
    mortgage: Count
    unmortgage: Count | None = Field(None, description="default: the mortgage plus 10%, rounded up")


class Street(Deed):
    type: Literal["street"]
    group: Text
    rent: Annotated[
        list[Count], Field(min_length=6, max_length=6, description="base rent, with 1-4 houses, with a hotel")
    ]
    house_cost: Count
    hotel_cost: Count | None = Field(None, description="default: house_cost")


class Railroad(Deed):
    type: Literal["railroad"]


class Utility(Deed):
    type: Literal["utility"]


ClassicSpace = Annotated[
    Go | Street | Railroad | Utility | Tax | CardSpace | Jail | FreeParking | GoToJail, Field(discriminator="type")
]


class Advance(Strict):
    kind: Literal["advance"]
    to: Count


class AdvanceNearest(Strict):
    kind: Literal["advance_nearest"]
    type: Literal["railroad", "utility"]
    rent_multiplier: Positive = 1
    dice_multiplier: Count = Field(0, description="pay this times a fresh dice roll instead of the rent (0: rent)")


class Move(Strict):
    kind: Literal["move"]
    steps: int


class Collect(Strict):
    kind: Literal["collect"]
    amount: Count


class Pay(Strict):
    kind: Literal["pay"]
    amount: Count


class GetOutOfJail(Strict):
    kind: Literal["get_out_of_jail"]


class GoToJailCard(Strict):
    kind: Literal["go_to_jail"]


class Repairs(Strict):
    kind: Literal["repairs"]
    per_house: Count
    per_hotel: Count


class PayEachPlayer(Strict):
    kind: Literal["pay_each_player"]
    amount: Count


class CollectFromEachPlayer(Strict):
    kind: Literal["collect_from_each_player"]
    amount: Count


ClassicEffect = Annotated[
    Advance
    | AdvanceNearest
    | Move
    | Collect
    | Pay
    | GetOutOfJail
    | GoToJailCard
    | Repairs
    | PayEachPlayer
    | CollectFromEachPlayer,
    Field(discriminator="kind"),
]


class ClassicCard(CardBase):
    effect: ClassicEffect


class ClassicDeck(DeckBase):
    cards: Annotated[list[ClassicCard], Field(min_length=1)]


class ClassicRulesModel(Strict):
    start_cash: Count
    go_salary: Count
    jail_fine: Count
    jail_position: Count
    houses: Count = Field(description="the bank's supply of houses")
    hotels: Count
    max_houses: Annotated[int, Field(ge=1, le=4)] = Field(description="houses on a street before its hotel")
    auction_opening_bid: Count
    auction_increment: Positive
    building_auction_opening_bid: Count
    bid_limited_to_cash: bool
    utility_rent_reroll: bool
    railroad_rent: list[Count] = Field(description="rent by the number of railroads owned")
    utility_multipliers: list[Count] = Field(description="dice multiplier by the number of utilities owned")
    mortgage_interest_percent: Annotated[int, Field(ge=0, le=100)]
    set_rent_needs_unmortgaged: bool = False
    last_bidder_must_buy: bool = False
    bank_bankruptcy_auction_all: bool = True


class Character(Strict):
    name: Text
    side: Text


class ClassicEdition(EditionBase):
    """An edition file of the classic family (the US board, Star Wars, Sailor Moon, Clone Wars, ...)."""

    family: Literal["classic"]
    rules: ClassicRulesModel
    board: list[ClassicSpace]
    decks: list[ClassicDeck]
    characters: list[Character] = Field([], description="the Star Wars rule's characters (Clone Wars)")
    house_rules: dict[
        Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")], dict[str, Annotated[int, Field(ge=0)] | bool]
    ] = Field(
        {},
        description="named presets of house rules (--house-rules NAME, the web lobby): preset name -> "
        "{house rule: value}; 'popular' is the family's own",
    )

    @model_validator(mode="after")
    def _classic_cross_fields(self) -> ClassicEdition:
        board, rules = self.board, self.rules
        for preset, values in self.house_rules.items():
            if preset == POPULAR:
                raise ValueError(f"house_rules.{preset}: '{POPULAR}' is the family's preset; name this one otherwise")
            for name in values:
                if name not in HOUSE_RULES or name == DOUBLE_RENT_FULL_SET:
                    raise ValueError(
                        f"house_rules.{preset}.{name}: not a house rule of the classic family; house rules: "
                        + ", ".join(n for n in HOUSE_RULES if n != DOUBLE_RENT_FULL_SET)
                    )
        position_check(board, "rules.jail_position", rules.jail_position, "jail")
        for key, kind in (("railroad_rent", "railroad"), ("utility_multipliers", "utility")):
            have, need = len(getattr(rules, key)), sum(s.type == kind for s in board)
            if have < need:
                raise ValueError(f"rules.{key}: needs one value per {kind} owned ({need}), has {have}")
        for d, deck in enumerate(self.decks):
            for c, card in enumerate(deck.cards):
                effect: Any = card.effect
                if effect.kind == "advance":
                    position_check(board, f"decks[{d}].cards[{c}].effect.to", effect.to)
                elif effect.kind == "advance_nearest" and not any(s.type == effect.type for s in board):
                    raise ValueError(f"decks[{d}].cards[{c}].effect.type: the board has no {effect.type}")
        return self
