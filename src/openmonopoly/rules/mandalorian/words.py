"""Events of a Mandalorian game in the edition's own words (credits, hideouts, Signet cards, Grogu).

``describe_mandalorian`` returns None for the events it leaves to the shared wording
(``rules/words.py``: auctions, trades, buying, the turn header).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...editions.schema import Edition
from ...engine import events as E
from ...engine.events import Event
from ..words import EventWords, first_rolls
from . import events as ME
from .data import MandalorianRules

_JAIL = {
    "space": "lands on Go to Jail",
    "signet": "is arrested (Signet card)",
    "gideon": "loses to Moff Gideon",
    "battle": "loses the battle",
}
_LEFT = {
    "paid": "pays 50 and leaves Jail",
    "card": "uses a jetpack Signet card to leave Jail",
    "rolled": "rolls a 6 and leaves Jail",
    "served": "has not rolled a 6 in three turns: to Just Visiting",
}
_SCORE = {
    "rent": "in rent from the bank for their hideouts",
    "grogu": "for holding Grogu",
    "most-cards": "for the most Imperial Enemy cards",
}


def describe_mandalorian(ed: Edition, event: Event, names: Sequence[str]) -> str | None:
    t: MandalorianRules = ed.rules
    k = event.kind
    p = event.player
    money = ed.money

    def who(q: int) -> str:
        return "the bank" if q < 0 else names[q]

    def space(pos: int) -> str:
        return ed.board[pos].name if 0 <= pos < len(ed.board) else "?"

    def enemy(e: int) -> str:  # "the Stormtrooper", "Moff Gideon"
        return t.enemies[e].name if e == t.gideon else "the " + t.enemies[e].name

    def Enemy(e: int) -> str:  # noqa: N802 - the same at the start of a sentence
        text = enemy(e)
        return text[0].upper() + text[1:]

    def signet(c: int) -> str:
        return ed.decks[0].cards[c].id.replace("-", " ")

    if k == E.GAME_STARTED:
        return f"Everyone rolls the silver die ({first_rolls(event.info, names)}); {who(p)} starts."
    if k == ME.CHARACTER:
        return f"{who(p)} plays {t.characters[event.amount].name}."
    if k == E.DICE:
        die = {"green": "the green die", "jail": "the silver die for a 6"}.get(event.info, "the silver die")
        return f"{who(p)} rolls {die}: {event.amount}."
    if k == E.MOVED:
        how = {"ally": "is carried by the Unexpected Ally to", "direct": "advances to"}.get(event.info, "moves to")
        return f"{who(p)} {how} {space(event.pos)}."
    if k == E.SALARY:
        return f"{who(p)} {'lands on' if event.pos == 0 else 'passes'} GO and collects {money(event.amount)}."
    if k == E.PAID:
        reason = event.info
        if reason == "rent":
            return f"{who(p)} pays {money(event.amount)} rent to {who(event.other)} for {space(event.pos)}."
        if p < 0:
            src = {
                "imperial-credits": "from Imperial Credits",
                "battle": "as the battle bonus",
                "signet": "(Signet card)",
            }.get(reason, f"({reason})")
            return f"{who(event.other)} collects {money(event.amount)} {src}."
        label = {
            "battle": "as the battle penalty",
            "signet": "(Signet card)",
            "bail": "to leave Jail",
            "auction": "for the auction",
        }.get(reason, f"({reason})")
        return f"{who(p)} pays {money(event.amount)} to {who(event.other)} {label}."
    if k == E.CARD:
        return f'{who(p)} draws a Signet card: "{ed.decks[0].cards[event.amount].text}"'
    if k == E.JAIL:
        return f"{who(p)} {_JAIL.get(event.info, event.info)} and goes to Jail."
    if k == E.LEFT_JAIL:
        return f"{who(p)} {_LEFT.get(event.info, event.info)}."
    if k == E.CARD_GIVEN:
        return f"{who(event.other)}'s Signet card ({signet(event.amount)}) goes to {who(p)}."
    if k == E.DEBT:
        return f"{who(p)} owes {money(event.amount)} to {who(event.other)} and must raise the credits."
    if k == ME.GROGU:
        if event.info == "left":
            return f"Grogu stays behind, alone on {space(event.pos)}."
        src = f" from {who(event.other)}" if event.other >= 0 else ""
        how = " at Free Parking" if event.info == "free-parking" else ""
        return f"{who(p)} takes Grogu{src}{how}."
    if k == ME.ADVANCE:
        return f"Imperial Advance! {who(p)} rolls {event.amount} for the enemies."
    if k == ME.ENEMY_MOVED:
        bumped = " (pushed one space on: no two enemies on one space)" if event.info == "bumped" else ""
        return f"{Enemy(event.amount)} moves to {space(event.pos)}{bumped}."
    if k == ME.ENEMY_OUTPOST:
        return f"{Enemy(event.amount)} returns to the Imperial Outpost beside {space(t.outposts[event.pos])}."
    if k == ME.ENEMY_REMOVED:
        return f"{Enemy(event.amount)} has no card left and leaves the game."
    if k == ME.BATTLE:
        c = t.enemy_cards[event.amount]
        return f"{who(p)} battles {enemy(event.other)} (level {c.level}: roll {c.roll} or higher)."
    if k == ME.BATTLE_CARD:
        return f"{who(p)} announces {signet(event.amount)} (+{event.other})."
    if k == ME.BATTLE_ROLL:
        silver, green = divmod(event.other, 10)
        again = " again" if event.info == "reroll" else ""
        if green:
            return f"{who(p)} rolls{again} {silver} + {green} (both dice) = {event.amount}."
        return f"{who(p)} rolls{again} {silver}."
    if k == ME.BATTLE_WON:
        return f"{who(p)} defeats {enemy(event.other)} and keeps the card."
    if k == ME.BATTLE_LOST:
        return f"{who(p)} loses to {enemy(event.other)}."
    if k == ME.CAPTURED:
        how = "finds Grogu alone on" if event.info == "alone" else "takes Grogu from the Jail-bound carrier on"
        return f"{Enemy(event.other)} {how} {space(event.pos)}: Grogu is captured!"
    if k == ME.SIGNET_KEPT:
        return f"{who(p)} keeps the card until it is needed."
    if k == ME.SIGNET_RETURNED:
        return f"{signet(event.amount)} goes to the bottom of the Signet deck."
    if k == ME.SOLD:
        return f"{who(p)} sells {space(event.pos)} back to the bank for {money(event.amount)}."
    if k == ME.GAVE_UP:
        return (
            f"{who(p)} cannot pay: hands {money(event.amount)} and their Signet cards to {who(event.other)} "
            "and stays in the game."
        )
    if k == ME.SCORE:
        return f"{who(p)} collects {money(event.amount)} {_SCORE.get(event.info, event.info)}."
    if k == E.GAME_OVER:
        reason, _, ids = event.info.partition(":")
        winners = [names[int(i)] for i in ids.split(",") if i]
        if reason == "grogu-captured":
            return "Game over: the Empire has Grogu. Everyone loses."
        what = {"gideon-defeated": "Moff Gideon is defeated", "round-limit": "the round limit is reached"}
        return f"Game over ({what.get(reason, reason)}): " + (
            f"{winners[0]} wins." if len(winners) == 1 else ", ".join(winners) + " share the win."
        )
    return None


class MandalorianWords(EventWords):
    def own(self, event: Event) -> str | None:
        return describe_mandalorian(self.edition, event, self.names)
