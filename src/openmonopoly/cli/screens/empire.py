"""The terminal screen of the Monopoly Empire family: ``EmpireScreen`` overrides the classic screen's hooks.

Public things are read through ``game.view(None)``. Empire cards in a hand are secret: ``prompt_text``
lists the hand of the player it asks -- and it is drawn only for the human whose decision it is --
while everyone else is shown only as a card count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...engine import actions as A
from ...engine.actions import Action
from ...rules.empire.data import BRAND, OFFICE, RIVAL_TOWER_TAX, TOWER_TAX, UTILITY_BILLBOARDS
from ...rules.empire.kinds import BUY_OFFICE, MOVE, PICK, PLAY, SWAP, TARGET
from .. import render as R
from ..render import ClassicScreen

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.prompt import Prompt

UTILITY_COLOUR = "#b0b0b0"
OFFICE_COLOUR = "#5a5a5a"
_GLYPHS = {
    "go": "→",
    "card": "?",
    "jail": "#",
    "free_parking": "P",
    "go_to_jail": "!",
    UTILITY_BILLBOARDS: "◆",
    RIVAL_TOWER_TAX: "%",
    TOWER_TAX: "%",
}

IN_SHORT = (
    "[bold]Monopoly Empire in short[/]: the first player to fill their tower (16 units) wins. Buying a brand or "
    "a utility billboard slots it on top of your tower (1-4 units); the tower value (shown by the towers) is what "
    "GO pays you and the rent a rival pays on your brands. The second die has a sneaky-swapper face: switch the "
    "topmost billboards of two towers instead of moving. A full colour set brings a free office (4 units); on "
    "your turn you may also buy one. Empire cards are secret until played; Just Say No! and HANDS OFF! block "
    "attacks. Whoever cannot pay hands over their topmost billboard instead (there is no bankruptcy)."
)


# ---------------------------------------------------------------------------------- small helpers
def public(game: Game) -> Any:
    """The public view, typed loosely: Empire's fields (towers, hands, offices) are per family."""
    return game.view(None)


def seen_by(game: Game, seat: int) -> Any:
    return game.view(seat)


def _colour(game: Game, piece: int) -> str:
    if piece == OFFICE:
        return OFFICE_COLOUR
    if game.edition.board[piece].group:
        return R.set_colour(game.edition, piece)
    return UTILITY_COLOUR


def swatch(game: Game, pos: int) -> Text:
    sp = game.edition.board[pos]
    if sp.type == BRAND:
        return R.swatch(game.edition, pos)
    if sp.type == UTILITY_BILLBOARDS:
        return Text(" ◆ ", style=UTILITY_COLOUR)
    return Text(_GLYPHS.get(sp.type, " ").center(3), style="dim")


def piece_name(game: Game, piece: int) -> str:
    return "office" if piece == OFFICE else game.edition.board[piece].name


def _top(game: Game, seat: int) -> str:
    """The topmost billboard, the piece a swap or a tax moves (an office above it stays)."""
    top = public(game).top_billboard(seat)
    if top < 0:
        return "no billboard"
    return f"{piece_name(game, top)}, {game.edition.rules.height[top]}u"


def card_title(game: Game, card: int) -> str:
    return game.edition.decks[game.edition.rules.empire_deck].cards[card].title


def card_text(game: Game, card: int) -> str:
    return game.edition.decks[game.edition.rules.empire_deck].cards[card].text


def tower_value(game: Game, seat: int) -> int:
    t = game.edition.rules
    return t.ladder[min(public(game).height[seat], t.capacity)]


def units(n: int) -> str:
    return f"{n} unit" if n == 1 else f"{n} units"


def set_word(game: Game, pos: int) -> str:
    sp = game.edition.board[pos]
    return f"{sp.group} set" if sp.group else "utility"


# ---------------------------------------------------------------------------------- players and towers
def tower_bar(game: Game, seat: int, per_unit: int = 2) -> Text:
    """The tower as a row of billboards, bottom first: each as wide as its height, in its set's colour."""
    t = game.edition.rules
    view = public(game)
    out = Text()
    for piece in view.tower[seat]:
        w = t.height[piece] * per_unit
        label = ("OFFICE" if piece == OFFICE else game.edition.board[piece].name.replace(" ", ""))[:w].ljust(w)
        out.append(
            label,
            style=f"bold black on {_colour(game, piece)}" if piece != OFFICE else f"bold white on {OFFICE_COLOUR}",
        )
    empty = t.capacity - view.height[seat]
    if empty > 0:
        out.append("·" * (empty * per_unit), style="dim")
    out.truncate(t.capacity * per_unit)
    return out


def towers_table(game: Game) -> Table:
    t = game.edition.rules
    view = public(game)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
    table.add_column("#", no_wrap=True)
    table.add_column(f"Tower (bottom → top, {t.capacity} units)", no_wrap=True)
    table.add_column("Units", justify="right", no_wrap=True)
    table.add_column("Value", justify="right", no_wrap=True)
    table.add_column("Offices", justify="right", no_wrap=True)
    # (what a swap or a tax would move; the bar shows the rest, and `mine` lists the tower in full)
    table.add_column("Top billboard", overflow="ellipsis", no_wrap=True, max_width=26)
    for seat in range(view.n):
        tower = view.tower[seat]
        top = view.top_billboard(seat)
        names = piece_name(game, top) if top >= 0 else Text("none", style="dim")
        table.add_row(
            R.tag(seat),
            tower_bar(game, seat),
            f"{view.height[seat]}/{t.capacity}",
            game.edition.money(tower_value(game, seat)),
            str(tower.count(OFFICE)),
            names,
        )
    return table


def _holdings(game: Game, seat: int) -> Text:
    """The tower in one line: its billboards as colour swatches, bottom first, then height and value."""
    view = public(game)
    out = Text()
    for piece in view.tower[seat]:
        out.append("▮" * game.edition.rules.height[piece], style=_colour(game, piece))
    worth = game.edition.money(tower_value(game, seat))
    out.append(f" {view.height[seat]}/{game.edition.rules.capacity}, worth {worth}")
    return out


def _players_table(game: Game, kinds: Sequence[str], deciding: int | None = None) -> Group:
    ed = game.edition
    view = public(game)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
    for col in ("", "#", "Player", "Seat", "Cash", "Where", "Jail", "Cards"):
        table.add_column(col, no_wrap=True, justify="right" if col == "Cash" else "left")
    for seat in range(view.n):
        mark = Text("▶", style="bold") if seat == deciding else Text("·" if seat == view.current else " ")
        jail = Text(f"in (try {view.jail_turns[seat] + 1})", style="red") if view.in_jail[seat] else Text("")
        cards = f"{view.hand_sizes[seat]} Empire"
        if view.held[seat]:
            cards += f", {len(view.held[seat])} jail-free"
        table.add_row(
            mark,
            R.tag(seat),
            R.name_text(game, seat),
            kinds[seat] if seat < len(kinds) else "",
            ed.money(view.cash[seat]),
            f"{view.position[seat]} {ed.board[view.position[seat]].name}",
            jail,
            cards,
        )
    return Group(table, towers_table(game))


def _header(game: Game) -> Text:
    ed = game.edition
    view = public(game)
    t = R.header_start(game, view)
    pile = len(game.state.decks[ed.rules.empire_deck])  # the pile's size is public, its order is not
    # (no "last roll": whose it was is unclear there; the box below says what each roll did)
    t.append(f"  offices in the bank {view.offices} · Empire pile {pile}", style="dim")
    return t


# ---------------------------------------------------------------------------------- deeds
def _deed_panel(game: Game, pos: int) -> Panel:
    ed = game.edition
    t = ed.rules
    sp = ed.board[pos]
    view = public(game)
    money = ed.money
    table = Table.grid(padding=(0, 2))
    table.add_column(style="dim")
    table.add_column()
    if sp.type == BRAND:
        owner = view.owner[pos]
        table.add_row("Price", money(sp.price))
        table.add_row("Height", f"{t.height[pos]} unit{'s' if t.height[pos] > 1 else ''} of a {t.capacity}-unit tower")
        members = Text()
        for q in t.members[t.group_of[pos]]:
            if members:
                members.append(", ")
            members.append(ed.board[q].name, style="bold" if q == pos else "")
            members.append_text(
                Text.assemble(
                    " (",
                    R.name_text(game, view.owner[q]) if view.owner[q] >= 0 else Text("for sale", style="green"),
                    ")",
                )
            )
        table.add_row("Colour set", members)
        table.add_row(
            "Rent", "the owner's tower value" + (f", now {money(tower_value(game, owner))}" if owner >= 0 else "")
        )
        table.add_row(
            "Owner",
            R.name_text(game, owner) if owner >= 0 else Text("nobody: the billboard is on its space", style="green"),
        )
        table.add_row(
            "",
            Text(
                f"The whole set in one tower brings a free office ({t.height[OFFICE]} units) "
                f"while the bank has one ({view.offices} left).",
                style="dim",
            ),
        )
        title = Text(f" BRAND: {sp.name} ", style=f"bold black on {_colour(game, pos)}")
        return Panel(
            Group(Text(f"{sp.group} set", style="dim"), table),
            title=title,
            expand=False,
            border_style=_colour(game, pos),
        )
    if sp.type == UTILITY_BILLBOARDS:
        table.add_row("Price", f"{money(sp.price)} a billboard")
        table.add_row("Height", f"{t.height[pos]} unit")
        table.add_row("Billboards left", f"{view.stock[pos]} of {sp.amount}")
        owners = [view.tower[q].count(pos) for q in range(view.n)]
        table.add_row("In towers", ", ".join(f"{game.players[q]} {c}" for q, c in enumerate(owners) if c) or "none")
        table.add_row("Rent", "none; nothing happens here when no billboard is left")
        return Panel(table, title=Text(f" UTILITY: {sp.name} ", style="bold black on " + UTILITY_COLOUR), expand=False)
    rules = ed.rules
    what = {
        "go": f"Passing or landing on GO pays you your tower value ({money(t.ladder[0])} with an empty tower).",
        RIVAL_TOWER_TAX: "Choose a rival: their topmost billboard goes back to the board (they may block it).",
        TOWER_TAX: "Your topmost billboard goes back to the board.",
        "free_parking": f"Pay {money(rules.free_parking_fee)} for a trip to any space, or stay.",
        "go_to_jail": "Go directly to Jail; do not pass GO.",
        "jail": f"In Jail: pay {money(rules.jail_fine)}, use a card, or try for doubles on "
        f"{rules.jail_attempts} turns; after the last failed try pay {money(rules.jail_final_fine)} "
        "and move. No rent is collected while in Jail.",
        "card": "Draw an Empire card (secret, into your hand)." if sp.deck == t.empire_deck else "Draw a Chance card.",
    }.get(sp.type, ed.space_type_word(pos))
    return Panel(Text(what), title=f"{pos} {sp.name}", expand=False)


# ---------------------------------------------------------------------------------- prompts
_ATTACKS = {
    "rival-tax": "{att} picks you for Rival Tower Tax: your topmost {mine} would go back to the board.",
    "crash": "{att} plays Stock Market Crash: your topmost {mine} would go back to the board.",
    "swap": "{att} does a sneaky swap: {a} top ({pa}) and {b} top ({pb}) would change places.",
    "swap-top": "{att} plays Swap the Top: their top ({theirs}) for your top ({mine}).",
    "takeover": "{att} plays Hostile Takeover: your topmost {mine} would go into their tower.",
    "tax": "{att} plays Billboard Tax: you would pay them {amount}.",
    "fired": "{att} plays YOU'RE FIRED! on your {fired}: it would go back to its space. Only HANDS OFF! stops it.",
}
_PLAYER_PURPOSES = {
    "rival-tax": "Rival Tower Tax: choose a rival whose topmost billboard goes back to the board.",
    "swap_the_top": "Swap the Top: choose the rival whose top tile changes places with yours.",
    "hostile_takeover": "Hostile Takeover: choose the rival whose topmost billboard you take.",
    "billboard_tax": "Billboard Tax: choose a rival (4 or more billboards) who pays you {tax}.",
    "youre_fired": "YOU'RE FIRED!: choose the rival; then pick the brand that goes.",
    "casino": "Casino night: choose a rival; you each roll the numbered die and the higher roll collects {casino}.",
}


def hand_text(game: Game, seat: int, full: bool = False) -> Group | Text:
    """``seat``'s own Empire cards (secret: for that player's eyes only): with a question, their names in
    one run (whole names, wrapped between them), so that the question stays in the window; ``full``
    ('mine') a line each with what the card does."""
    hand = seen_by(game, seat).hand
    if not full:
        line = Text("Your Empire cards (secret; 'mine' says what they do):", style="bold")
        if not hand:
            return line.append(" none", style="dim")
        for i, card in enumerate(hand):
            line.append(" " if i == 0 else ", ")
            line.append(card_title(game, card), style="bold magenta")
        return line
    head = Text(f"Your Empire cards (secret, {len(hand)}):", style="bold")
    if not hand:
        return head.append(" none", style="dim")
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column(style="dim", overflow="fold")
    for card in hand:
        grid.add_row(Text("  " + card_title(game, card), style="bold magenta"), card_text(game, card))
    return Group(head, grid)


def _prompt_text(game: Game, prompt: Prompt) -> Group | None:
    """What ``prompt.player`` must decide, then their own Empire hand (drawn only for that player)."""
    ed = game.edition
    t_ = ed.rules
    d = prompt.details
    me = prompt.player
    money = ed.money
    view = public(game)
    k = prompt.kind
    names = game.players

    def top_of(q: int) -> str:
        top = view.top_billboard(q)
        return piece_name(game, top) if top >= 0 else "no billboard"

    if k == "turn":
        if d.get("in_jail"):
            what = (
                f", you are in Jail (try {d.get('jail_turns', 0) + 1} of {ed.rules.jail_attempts} for "
                f"doubles): roll, pay {money(ed.rules.jail_fine)}, or use a card."
            )
        elif d.get("doubles"):
            what = ", you rolled doubles: roll again."
        else:
            what = ", it is your turn. Before you roll you may play an Empire card or buy an office."
        what += (
            f" You have {money(view.cash[me])}; your tower is {view.height[me]}/{t_.capacity}, worth "
            f"{money(tower_value(game, me))}."
        )
    elif k == "swap":
        if d["first"] < 0:
            what = (
                f", the sneaky swapper! Switch the topmost billboards of two towers (yours may be one) and "
                f"don't move, or ignore it and move {d['steps']} with the numbered die. Pick the first tower:"
            )
        else:
            q = d["first"]
            whose = "your" if q == me else f"{names[q]}'s"
            what = f", swap {whose} top ({top_of(q)}) with which tower's top? (or move {d['steps']} instead)"
    elif k == "buy":
        pos = d["pos"]
        sp = ed.board[pos]
        if t_.is_brand[pos]:
            what = (
                f", you landed on {sp.name} ({set_word(game, pos)}, {units(t_.height[pos])}), for sale at "
                f"{money(d['price'])}. You have {money(view.cash[me])}. Buy it, or the bank auctions it "
                f"('deed {pos}' shows its card)."
            )
        else:
            what = (
                f", you landed on {sp.name}: buy one of its {view.stock[pos]} billboards left for "
                f"{money(d['price'])} (1 unit, no rent), or the bank auctions one. You have "
                f"{money(view.cash[me])}."
            )
    elif k == "auction":
        lot = d["lot"]
        sp = ed.board[lot]
        what = f": auction of the {sp.name} billboard (price {money(sp.price)}, {units(t_.height[lot])}). "
        if d["high_bidder"] >= 0:
            what += f"High bid {money(d['high'])} by {names[d['high_bidder']]}. "
        else:
            what += "No bids yet. "
        what += (
            f"You may bid {money(d['minimum'])} or more (raises of at least {money(ed.rules.auction_increment)}),"
            f" or pass. You have {money(view.cash[me])}."
        )
    elif k == "rent":
        owner, amount = d["owner"], d["amount"]
        what = (
            f", you landed on {names[owner]}'s {ed.board[d['pos']].name}: the rent is their tower value, "
            f"{money(amount)}. You have {money(view.cash[me])}."
        )
        if view.cash[me] < amount:
            what += " You cannot pay it all: your topmost billboard goes to them instead."
    elif k == "respond":
        att, a, b = d["attacker"], d["a"], d["b"]
        effect = d["effect"]
        swap = effect == "swap"
        what = ", " + _ATTACKS.get(effect, "{att} attacks you.").format(
            att=names[att],
            mine=top_of(me),
            theirs=top_of(att),
            a=("your" if a == me else f"{names[a]}'s") if swap else "",
            pa=top_of(a) if swap else "",
            b=("your" if b == me else f"{names[b]}'s") if swap else "",
            pb=top_of(b) if swap else "",
            amount=money(b) if effect == "tax" else "",
            fired=ed.board[b].name if effect == "fired" and 0 <= b < ed.size else "billboard",
        )
        if any(a.kind == PLAY for a in game.legal_actions(me).actions):
            what += " Block it with an Empire card, or let it happen."
        else:
            what += " None of your cards can block this: let it happen."
    elif k == "choose-player":
        purpose = d["purpose"]
        what = ", " + _PLAYER_PURPOSES.get(purpose, "choose a player.").format(
            tax=money(_empire_effect(game, "billboard_tax").get("amount", 0)),
            casino=money(_chance_amount(game, "casino")),
        )
    elif k == "choose-space":
        purpose = d["purpose"]
        if purpose == "free-parking":
            fee = money(ed.rules.free_parking_fee)
            if d["spaces"]:
                what = (
                    f", Free Parking: pay {fee} for a trip to any space (forward; GO pays your tower value "
                    "if you pass it), or stay. Type a choice number, or 'pick <space number>'."
                )
            else:
                what = f", Free Parking: a trip costs {fee} and you have {money(view.cash[me])}, so you stay."
        elif purpose == "move_to_any_space":
            what = (
                ", Move to Any Space: choose where to move (forward; GO pays your tower value if you pass it), "
                "then roll as usual. Type a choice number, or 'pick <space number>'."
            )
        elif purpose == "speed-ahead":
            what = ", Speed ahead: how far forward do you move?"
        elif purpose == "youre_fired":
            victim = view.owner[d["spaces"][0]] if d["spaces"] else -1
            whose = f"{names[victim]}'s" if victim >= 0 else "the"
            what = f", YOU'RE FIRED!: which brand in {whose} tower goes back to the board?"
        else:
            what = ", choose a space."
    else:
        return None
    return Group(Text.assemble(R.name_text(game, me), what), hand_text(game, me))


def _empire_effect(game: Game, kind: str) -> dict:
    t = game.edition.rules
    deck = game.edition.decks[t.empire_deck]
    return deck.cards[t.empire_kind.index(kind)].effect if kind in t.empire_kind else {}


def _chance_amount(game: Game, kind: str) -> int:
    for card in game.edition.decks[game.edition.rules.chance_deck].cards:
        if card.effect.get("kind") == kind:
            return card.effect.get("amount", 0)
    return 0


_PLAY_WORDS = {
    "swap_the_top": "swap your top with a rival's top",
    "hostile_takeover": "take a rival's topmost billboard",
    "move_to_any_space": "move to any space, then roll",
    "stock_market_crash": "every rival's top goes back to the board",
    "billboard_tax": "a rival with 4+ billboards pays you {tax}",
    "youre_fired": "send a brand from a rival's tower back to the board",
    "get_out_of_jail": "leave Jail, then roll",
}


def _action_label(game: Game, player: int, action: Action) -> str | None:
    ed = game.edition
    t = ed.rules
    money = ed.money
    view = public(game)
    prompt = game.prompt
    kind = prompt.kind if prompt is not None and prompt.player == player else ""
    d = prompt.details if prompt is not None and kind else {}
    k = action.kind
    if k == A.ROLL:
        return "Roll for doubles" if view.in_jail[player] else "Roll the dice"
    if k == A.PAY_BAIL:
        return f"Pay {money(ed.rules.jail_fine)} to leave Jail, then roll"
    if k == A.USE_CARD:
        return "Use your Chance Get Out of Jail Free card"
    if k == BUY_OFFICE:
        return f"Buy an office for {money(ed.rules.office_price)} (+{t.height[OFFICE]} units; {view.offices} left)"
    if k == PLAY:
        title = card_title(game, action.arg)
        ck = t.empire_kind[action.arg]
        if kind == "respond":
            return f"Block it with {title}"
        if kind == "buy" and ck == "bargain_business":
            return f"Play {title}: buy {ed.board[d['pos']].name} for {money(_empire_effect(game, ck)['price'])}"
        if kind == "rent" and ck == "reverse_rent":
            return f"Play {title}: {game.players[d['owner']]} pays you {money(d['amount'])} instead"
        if ck == "tallest_tower_bonus":
            best = max(tower_value(game, q) for q in range(view.n))
            return f"Play {title}: collect {money(best)} from the bank"
        words = _PLAY_WORDS.get(ck, "")
        tax = money(_empire_effect(game, "billboard_tax").get("amount", 0))
        return f"Play {title}: {words.format(tax=tax)}" if words else f"Play {title}"
    if k == SWAP:
        q = action.arg
        who = "Your own tower" if q == player else f"{game.players[q]}'s tower"
        return f"{who} (top: {_top(game, q)})"
    if k == MOVE:
        steps = d.get("steps", 0)
        dest = (view.position[player] + steps) % ed.size
        return f"Don't swap: move {steps} to {dest} {ed.board[dest].name}" if steps else "Don't swap: move"
    if k == A.BUY:
        if "pos" in d:
            sp = ed.board[d["pos"]]
            what = sp.name if t.is_brand[d["pos"]] else f"a {sp.name} billboard"
            return f"Buy {what} for {money(d['price'])} (+{units(t.height[d['pos']])})"
        return "Buy"
    if k == A.AUCTION:
        return "Don't buy: the bank auctions it"
    if k == A.PASS:
        if kind == "respond":
            return "Let it happen"
        return "Pass (drop out of the auction)"
    if k == A.PAY:
        if kind == "rent":
            owner = game.players[d["owner"]]
            if view.cash[player] < d["amount"] and view.tower[player]:
                return f"Pay: you can't cover {money(d['amount'])}, so your top ({_top(game, player)}) goes to {owner}"
            return f"Pay {money(d['amount'])} rent to {owner}"
        return "Pay"
    if k == TARGET:
        q = action.arg
        extra = f"tower {view.height[q]}/{t.capacity}, top: {_top(game, q)}"
        if d.get("purpose") in ("billboard_tax", "casino"):
            extra = f"cash {money(view.cash[q])}, " + extra
        return f"{game.players[q]} ({extra})"
    if k == PICK:
        pos = action.arg
        sp = ed.board[pos]
        if d.get("purpose") == "youre_fired":
            return f"Fire {sp.name} ({units(t.height[pos])})"
        note = ""
        if sp.type == BRAND:
            owner = view.owner[pos]
            note = (
                f" (for sale, {money(sp.price)})"
                if owner < 0
                else (
                    " (yours)"
                    if owner == player
                    else f" ({game.players[owner]}'s: rent {money(tower_value(game, owner))})"
                )
            )
        elif sp.type == UTILITY_BILLBOARDS:
            note = f" ({view.stock[pos]} left, {money(sp.price)})" if view.stock[pos] else " (none left)"
        if d.get("purpose") == "speed-ahead":
            steps = (pos - view.position[player]) % ed.size
            return f"{steps} forward: {pos} {sp.name}{note}"
        return f"{pos} {sp.name}{note}"
    if k == A.END:
        if kind == "choose-space":
            return "Stay here (no trip)"
        return "Done"
    return None


class EmpireScreen(ClassicScreen):
    """Towers instead of houses, billboards instead of deeds, secret Empire hands."""

    GLYPHS = _GLYPHS

    def space_mark(self, pos: int) -> Text:
        return swatch(self.game, pos)

    def glyph_words(self) -> dict[str, str]:
        return {
            "go": "GO",
            "card": "card",
            "jail": "Jail",
            "free_parking": "Free Parking",
            "go_to_jail": "go to Jail",
            UTILITY_BILLBOARDS: "utility billboards",
            RIVAL_TOWER_TAX: "tower tax",
        }

    def legend_lines(self) -> list[Text]:
        lines = super().legend_lines()
        lines.append(Text("Ht: a billboard's height in units (▮ each); a tower of 16 units wins."))
        return lines

    def space_columns(self, width: int) -> list[tuple[str, int, str]]:
        if width < 18:  # narrow: height as a digit, the owner's seat number
            return [("Price", 5, "right"), ("H", 1, "left"), ("Own", max(3, width - 7), "left")]
        return [("Price", 5, "right"), ("Ht", 4, "left"), ("Owner / billboards", max(3, min(22, width - 11)), "left")]

    def space_cells(self, pos: int, view: Any) -> list[RenderableType]:
        ed = self.edition
        t = ed.rules
        sp = ed.board[pos]
        price = Text("")
        height = Text("")
        if sp.type == BRAND:
            owner = view.owner[pos]
            price = Text(ed.money(sp.price), style="dim" if owner >= 0 else "")
            height = Text(str(t.height[pos]) if self._narrow else "▮" * t.height[pos], style=_colour(self.game, pos))
            who = Text("-" if self._narrow else "for sale", style="green")
            if owner >= 0:
                who = R.tag(owner) if self._narrow else Text.assemble(R.tag(owner), " ", R.name_text(self.game, owner))
        elif sp.type == UTILITY_BILLBOARDS:
            left = view.stock[pos]
            price = Text(ed.money(sp.price))
            height = Text("1" if self._narrow else "▮" * t.height[pos], style=UTILITY_COLOUR)
            if not left:
                who = Text("none left", style="dim")
            else:
                who = Text(f"{left} left" if self._narrow else f"{left} of {sp.amount} left")
        elif sp.type == "card":
            who = Text(
                "" if self._narrow else "Empire card" if sp.deck == t.empire_deck else "Chance card", style="dim"
            )
        else:
            fee = ed.money(t.free_parking_fee)
            notes = {
                "go": "collect tower value",
                RIVAL_TOWER_TAX: "a rival's top → board",
                TOWER_TAX: "your top → board",
                "free_parking": f"{fee} trip anywhere",
                "go_to_jail": "go to Jail",
            }
            who = Text("" if self._narrow else notes.get(sp.type, ""), style="dim")
        return [price, height, who]

    def holdings(self, seat: int) -> Text:
        return _holdings(self.game, seat)

    def players_table(self, kinds: Sequence[str], deciding: int | None = None) -> RenderableType:
        return _players_table(self.game, kinds, deciding)

    def status_facts(self, seat: int) -> str:
        view = self.view()
        # (the tower is the holdings' bar: said once)
        n = view.hand_sizes[seat]
        words = f"{n} Empire card{'' if n == 1 else 's'}"
        return words + (", in Jail" if view.in_jail[seat] else "")

    def header(self) -> Text:
        return _header(self.game)

    def deed_panel(self, pos: int) -> Panel:
        return _deed_panel(self.game, pos)

    def deeds_table(self) -> Table:
        ed = self.edition
        t = ed.rules
        view = self.view()
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
        for head in ("#", "", "Brand", "Price", "Units", "Owner"):
            table.add_column(
                head, no_wrap=True, overflow="ellipsis", justify="right" if head in ("#", "Price", "Units") else "left"
            )
        # (Empire's brands and utility billboards are not the classic family's properties: the rules list them)
        for pos in sorted((*t.brands, *t.utilities)):
            sp = ed.board[pos]
            if sp.type == UTILITY_BILLBOARDS:  # a stock of pieces anyone may buy, not one owner
                owner_cell = Text(f"{view.stock[pos]} of {sp.amount} left", style="dim")
            else:
                owner = view.owner[pos]
                owner_cell = R.tag(owner) if owner >= 0 else Text("for sale", style="green")
            table.add_row(str(pos), swatch(self.game, pos), sp.name, ed.money(sp.price), str(t.height[pos]), owner_cell)
        return table

    def properties_table(self, seat: int) -> RenderableType:
        return Group(
            Text(
                f"{self.game.players[seat]}'s tower (rent on each brand in it: "
                f"{self.edition.money(tower_value(self.game, seat))}):"
            ),
            tower_bar(self.game, seat),
            Text(", ".join(piece_name(self.game, p) for p in reversed(self.view().tower[seat])) or "(empty)"),
            hand_text(self.game, seat, full=True),
        )

    def prompt_text(self, prompt: Prompt) -> RenderableType:
        return _prompt_text(self.game, prompt) or super().prompt_text(prompt)

    def action_label(self, player: int, action: Action) -> str:
        return _action_label(self.game, player, action) or super().action_label(player, action)

    def no_trade_words(self, seat: int) -> str:
        words = super().no_trade_words(seat)
        if words.startswith("no other player") and not any(self.view().held):
            # (the only thing that changes hands between Empire players is a kept Chance card)
            return "in Monopoly Empire a trade sells or buys a Get Out of Jail Free card, and nobody holds one now"
        return words

    TYPED_ACTIONS = ("roll", "buy", "auction", "bid 150", "pass", "pay", "move", "pick 12 (a space number)")

    def help_commands(self) -> list[tuple[str, str]]:
        return [
            ("deed <space>", "a brand's card: price, colour set, height, owner (or what a space does)"),
            ("board", "the board"),
            ("players", "the towers"),
            ("mine", "your tower and your Empire cards"),
            ("deeds", "the brands"),
            ("legend", "the marks"),
            ("log [N]", "the last N events (all by default)"),
            ("trade", "sell (or buy) a Chance Get Out of Jail Free card for cash, when someone holds one"),
            ("save <file>", "save the game (resume with --load <file>)"),
            ("quit", "leave the game (asks whether to save)"),
        ]

    def help_example(self) -> str:
        return "deed xbox"

    def help_notes(self) -> list[str]:
        return [*super().help_notes(), IN_SHORT]


SCREEN = EmpireScreen
