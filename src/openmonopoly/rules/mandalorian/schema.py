"""The schema of a Mandalorian edition file (``MandalorianGame.edition_model()``): hideouts, the
Signet deck, characters, outposts, enemies and their cards, on ``editions/model.py``."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from ...editions.model import CardBase, Count, DeckBase, EditionBase, Positive, SpaceBase, Strict, Text, position_check
from .data import ABILITIES


class Plain(SpaceBase):
    type: Literal["go", "jail", "free_parking", "go_to_jail", "unexpected_ally"]


class Hideout(SpaceBase):
    type: Literal["hideout"]
    group: Text
    price: Count
    rent: Count
    set_rent: Count = Field(description="the rent when the owner has the whole set")


class SignetSpace(SpaceBase):
    type: Literal["signet"]
    deck: Text


class ImperialAdvance(SpaceBase):
    type: Literal["imperial_advance"]
    outpost: Any = None


class ImperialCredits(SpaceBase):
    type: Literal["imperial_credits"]
    amount: Count


MandoSpace = Annotated[Plain | Hideout | SignetSpace | ImperialAdvance | ImperialCredits, Field(discriminator="type")]


class Amount(Strict):
    kind: Literal["collect", "pay", "collect_from_each_player"]
    amount: Count


class Advance(Strict):
    kind: Literal["advance"]
    to: Count


class NoArgument(Strict):
    kind: Literal["go_to_jail", "imperial_advance", "get_out_of_jail"]


class BattleBonus(Strict):
    kind: Literal["battle_bonus"]
    bonus: Count


class DrawSignet(Strict):
    kind: Literal["draw_signet"]


SignetEffect = Annotated[Amount | Advance | NoArgument | BattleBonus, Field(discriminator="kind")]


class EnemyAmount(Strict):
    kind: Literal["collect", "pay", "collect_from_each_player"]
    amount: Count


class EnemyNoArgument(Strict):
    kind: Literal["go_to_jail", "draw_signet"]


EnemyEffect = Annotated[EnemyAmount | EnemyNoArgument, Field(discriminator="kind")]


class SignetCard(CardBase):
    effect: SignetEffect
    keep: bool | None = None


class SignetDeck(DeckBase):
    cards: Annotated[list[SignetCard], Field(min_length=1)]


class Character(Strict):
    id: Text
    name: Text
    ability: Literal[ABILITIES]  # type: ignore[valid-type]
    standard: Count
    with_grogu: Count
    text: str = ""


class Outpost(Strict):
    beside: Count = Field(description="the Imperial Advance space beside this outpost")


class Enemy(Strict):
    id: Text
    name: Text
    colour: str = ""
    start_outpost: Count


class EnemyCard(Strict):
    enemy: Text
    level: Positive
    roll: Positive = Field(description="roll this or higher to win")
    bonus: EnemyEffect
    penalty: EnemyEffect
    reconstructed: str | None = None


class MandalorianRulesModel(Strict):
    start_cash: Count
    go_salary: Count
    jail_fine: Count
    jail_position: Count
    jail_attempts: Positive
    jail_roll_needed: Positive
    auction_opening_bid: Count
    auction_increment: Positive
    silver_die: Annotated[int, Field(ge=2, le=20)]  # the dice printed have 6; a token moves space by space
    green_die: Annotated[int, Field(ge=1, le=20)]
    gideon_defeat_bonus: Count
    grogu_end_bonus: Count
    most_enemy_cards_bonus: Count
    end_set_rent_multiplier: Positive
    grogu_start: Count
    enemy_deck_size: dict[str, Positive] = Field(description="cards per trooper deck by the number of players")


class MandalorianEdition(EditionBase):
    """An edition file of the Mandalorian family."""

    family: Literal["mandalorian"]
    rules: MandalorianRulesModel
    board: list[MandoSpace]
    decks: Annotated[list[SignetDeck], Field(min_length=1, max_length=1, description="the Signet deck")]
    characters: list[Character]
    outposts: list[Outpost]
    enemies: list[Enemy]
    enemy_cards: list[EnemyCard]
    grogu: Any = None

    @model_validator(mode="after")
    def _mando_cross_fields(self) -> MandalorianEdition:
        board, rules = self.board, self.rules
        types = [s.type for s in board]
        position_check(board, "rules.jail_position", rules.jail_position, "jail")
        position_check(board, "rules.grogu_start", rules.grogu_start, "jail")
        for want in ("go_to_jail", "free_parking", "imperial_advance", "signet", "hideout"):
            if want not in types:
                raise ValueError(f"board: needs a space of type {want!r}")
        for p in range(self.players.min, self.players.max + 1):
            if str(p) not in rules.enemy_deck_size:
                raise ValueError(f"rules.enemy_deck_size: needs a card count for {p} players")
        if sum(c.count for c in self.decks[0].cards) > 255:
            raise ValueError("decks[0].cards: at most 255 Signet cards")
        for c, card in enumerate(self.decks[0].cards):
            if card.effect.kind == "advance":
                position_check(board, f"decks[0].cards[{c}].effect.to", card.effect.to)
        if len(self.characters) < self.players.max:
            raise ValueError(
                f"characters: needs one character per seat ({self.players.max}), has {len(self.characters)}"
            )
        outposts = [o.beside for o in self.outposts]
        for i, beside in enumerate(outposts):
            position_check(board, f"outposts[{i}].beside", beside, "imperial_advance")
        if len(set(outposts)) != len(outposts):
            raise ValueError("outposts: two outposts beside one space")
        for i, t in enumerate(types):
            if t == "imperial_advance" and i not in outposts:
                raise ValueError(f"outposts: Imperial Advance space {i} has no outpost")
        ids = [en.id for en in self.enemies]
        if len(set(ids)) != len(ids) or len(ids) < 2:
            raise ValueError("enemies: needs at least two enemies with distinct ids")
        starts = [en.start_outpost for en in self.enemies]
        if len(set(starts)) != len(starts) or max(starts) >= len(outposts) or len(outposts) < len(ids):
            raise ValueError(f"enemies: each enemy needs its own starting outpost among 0..{len(outposts) - 1}")
        levels: dict[str, list[int]] = {k: [] for k in ids}
        for i, enemy_card in enumerate(self.enemy_cards):
            if enemy_card.enemy not in levels:
                raise ValueError(f"enemy_cards[{i}].enemy: unknown enemy {enemy_card.enemy!r}; enemies are {ids}")
            levels[enemy_card.enemy].append(enemy_card.level)
        for k, have in levels.items():
            have.sort()
            if not have:
                raise ValueError(f"enemy_cards: enemy {k!r} has no card")
            if have != list(range(have[0], have[0] + len(have))):
                raise ValueError(f"enemy_cards: {k!r} cards must be numbered consecutively by level")
        boss = ids[-1]  # the last enemy listed is the boss whose defeat ends the game
        if len(levels[boss]) != 1:
            raise ValueError(f"enemy_cards: the last enemy ({boss!r}) has exactly one card")
        most = max(rules.enemy_deck_size.values())
        for k in ids[:-1]:
            if len(levels[k]) < most:
                raise ValueError(f"rules.enemy_deck_size: {k!r} has only {len(levels[k])} cards, fewer than {most}")
        return self
