"""The schema of an Empire edition file (``EmpireGame.edition_model()``): its space types, rules
section, the Chance deck's effects and the Empire deck's cards, on ``editions/model.py``."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from ...editions.model import CardBase, Count, DeckBase, EditionBase, Positive, SpaceBase, Strict, Text, position_check
from .data import EMPIRE_EFFECTS, OFFICE


class Plain(SpaceBase):
    type: Literal["go", "jail", "free_parking", "go_to_jail", "rival_tower_tax", "tower_tax"]


class CardSpace(SpaceBase):
    type: Literal["card"]
    deck: Text


class Brand(SpaceBase):
    type: Literal["brand"]
    group: Text
    price: Positive
    height: Positive = Field(description="the billboard's height in tower units")


class UtilityBillboards(SpaceBase):
    type: Literal["utility_billboards"]
    price: Positive
    height: Positive
    billboards: Positive


EmpireSpace = Annotated[Plain | CardSpace | Brand | UtilityBillboards, Field(discriminator="type")]


class Amount(Strict):
    kind: Literal["collect", "pay", "collect_from_each_player", "casino"]
    amount: Count


class Advance(Strict):
    kind: Literal["advance"]
    to: Count


class NoArgument(Strict):
    kind: Literal["get_out_of_jail", "go_to_jail"]


class MoveUpTo(Strict):
    kind: Literal["move_up_to"]
    max: Positive


class FreeUtility(Strict):
    kind: Literal["free_utility"]
    space: Count


ChanceEffect = Annotated[Amount | Advance | NoArgument | MoveUpTo | FreeUtility, Field(discriminator="kind")]


class EmpireEffect(Strict):
    """An Empire card; ``when`` (if given) is when it is played, fixed by its kind."""

    kind: Literal[tuple(EMPIRE_EFFECTS)]  # type: ignore[valid-type]
    when: Literal[tuple(sorted(set(EMPIRE_EFFECTS.values())))] | None = None  # type: ignore[valid-type]
    attack: bool = False
    super: bool = False
    price: Count | None = Field(None, description="bargain_business: the price of the billboard bought")
    amount: Count | None = Field(None, description="billboard_tax: what each victim pays")
    min_billboards: Count | None = Field(None, description="billboard_tax: billboards a victim needs")

    @model_validator(mode="after")
    def _fields_of_kind(self) -> EmpireEffect:
        if self.when is not None and self.when != EMPIRE_EFFECTS[self.kind]:
            raise ValueError(f"when: a {self.kind} card is played at '{EMPIRE_EFFECTS[self.kind]}', not '{self.when}'")
        needs = {"bargain_business": ("price",), "billboard_tax": ("amount", "min_billboards")}.get(self.kind, ())
        for name in needs:
            if getattr(self, name) is None:
                raise ValueError(f"{name}: a {self.kind} card needs '{name}'")
        return self


class ChanceCard(CardBase):
    effect: ChanceEffect


class EmpireCard(CardBase):
    effect: EmpireEffect


class ChanceDeck(DeckBase):
    id: Literal["chance"]
    cards: Annotated[list[ChanceCard], Field(min_length=1)]


class EmpireDeck(DeckBase):
    id: Literal["empire"]
    cards: Annotated[list[EmpireCard], Field(min_length=1)]


class EmpireRulesModel(Strict):
    start_cash: Count
    jail_position: Count
    jail_fine: Count
    jail_final_fine: Count
    jail_attempts: Positive
    auction_opening_bid: Count
    auction_increment: Positive
    office_price: Count
    offices: Count = Field(description="office tiles in the bank at the start")
    office_height: Positive
    free_parking_fee: Count
    tower_capacity: Positive
    tower_ladder: list[Positive] = Field(description="tower value at height 0..tower_capacity, never falling")
    empty_tower_value: Count
    # each is drawn at set-up for every player: a bound keeps a mistyped file from a set-up that never ends
    starting_empire_cards: Annotated[int, Field(ge=0, le=20)]
    swapper_face: Annotated[int, Field(ge=1, le=6)]

    @model_validator(mode="after")
    def _ladder(self) -> EmpireRulesModel:
        ladder = self.tower_ladder
        if len(ladder) != self.tower_capacity + 1:
            raise ValueError(
                f"tower_ladder: needs {self.tower_capacity + 1} values (height 0..{self.tower_capacity}), "
                f"has {len(ladder)}"
            )
        if any(b < a for a, b in zip(ladder, ladder[1:], strict=False)):
            raise ValueError("tower_ladder: a tower must pay more (or the same) as it fills")
        return self


class EmpireEdition(EditionBase):
    """An edition file of the Empire family."""

    family: Literal["empire"]
    rules: EmpireRulesModel
    board: Annotated[list[EmpireSpace], Field(max_length=OFFICE)]
    decks: Annotated[
        list[Annotated[ChanceDeck | EmpireDeck, Field(discriminator="id")]],
        Field(min_length=2, max_length=2, description="the Chance deck and the Empire deck"),
    ]

    @model_validator(mode="after")
    def _empire_cross_fields(self) -> EmpireEdition:
        board = self.board
        position_check(board, "rules.jail_position", self.rules.jail_position, "jail")
        if {d.id for d in self.decks} != {"chance", "empire"}:
            raise ValueError("decks: needs one deck with id 'chance' and one with id 'empire'")
        for d, deck in enumerate(self.decks):
            if sum(c.count for c in deck.cards) > 255:
                raise ValueError(f"decks[{d}].cards: at most 255 cards per deck")
            for c, card in enumerate(deck.cards):
                effect: Any = getattr(card, "effect")  # noqa: B009  (every Empire card has one; CardBase does not say so)
                if effect.kind == "advance":
                    position_check(board, f"decks[{d}].cards[{c}].effect.to", effect.to)
                elif effect.kind == "free_utility":
                    position_check(board, f"decks[{d}].cards[{c}].effect.space", effect.space, "utility_billboards")
        return self
