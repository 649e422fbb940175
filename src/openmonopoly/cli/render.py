"""Rich renderings of a game: the board, the players, title deeds, events and action labels.

Everything here reads the game (through ``game.view()`` where possible) and
returns Rich renderables or plain strings; nothing here asks for input.
"""
from __future__ import annotations

from typing import Sequence

from rich import box
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..editions.schema import CARD, FREE_PARKING, GO, GO_TO_JAIL, JAIL, RAILROAD, STREET, TAX, UTILITY, Edition
from ..rules.words import offer_words
from ..engine import actions as A
from ..engine import events as E
from ..engine.actions import Action
from ..engine.events import Event
from ..engine.game import Game, Legal, Prompt

PLAYER_STYLES = ("bold red", "bold blue", "bold green", "bold magenta", "bold cyan", "bold yellow",
                 "bold bright_red", "bold bright_blue")

_TYPE_GLYPHS = {GO: "→", RAILROAD: "≡", UTILITY: "◆", TAX: "%", CARD: "?", JAIL: "#", FREE_PARKING: "P",
                GO_TO_JAIL: "!"}


def player_style(seat: int) -> str:
    return PLAYER_STYLES[seat % len(PLAYER_STYLES)]


def tag(seat: int) -> Text:
    """A player's token on the board: their seat number (1-based) in their colour."""
    return Text(str(seat + 1), style=player_style(seat))


def name_text(game: Game, seat: int, limit: int | None = None) -> Text:
    name = game.players[seat]
    if limit is not None and len(name) > limit:
        name = name[: limit - 1] + "…"
    return Text(name, style=player_style(seat))


def houses_per_hotel(game: Game) -> int:
    return game.view().houses_per_hotel


def hotel_level(game: Game) -> int:
    return houses_per_hotel(game) + 1


def building_label(game: Game, level: int) -> str:
    """'2 Fleets', 'Base' or '' in the edition's words."""
    ed = game.edition
    if level <= 0:
        return ""
    if level >= hotel_level(game):
        return ed.term("hotel").capitalize()
    return f"{level} {ed.term('house', level)}"


def swatch(edition: Edition, pos: int) -> Text:
    sp = edition.board[pos]
    if sp.type == STREET and sp.group:
        return Text("██", style=edition.groups[sp.group].get("color", "white"))
    return Text(_TYPE_GLYPHS.get(sp.type, " ").center(2), style="dim")


def group_name(edition: Edition, pos: int) -> str:
    sp = edition.board[pos]
    if sp.group:
        return edition.groups[sp.group].get("name", sp.group)
    return edition.space_type_word(pos)


# ---------------------------------------------------------------------------------- the board
def board_table(game: Game, *, highlight: int | None = None, columns: int = 2, width: int = 120) -> Table:
    """All spaces, compactly: ``columns`` side-by-side runs of positions (2: 0-19 | 20-39), fitted to ``width``."""
    ed = game.edition
    view = game.view(None)
    size = ed.size
    rows = -(-size // columns)
    here_w = max(4, 2 * view.n + 1)
    built_w = 9
    # Columns are one space apart (the box's divider); the separator column takes 2.
    per_half = (width - 2 * (columns - 1) - 1) // columns - (2 + 2 + built_w + here_w) - 6
    longest = max(len(s.name) for s in ed.board)
    name_w = max(10, min(longest, int(per_half * 0.68)))
    owner_w = max(5, min(max(len(n) for n in game.players), per_half - name_w))
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 0), show_edge=False, expand=False)
    for half in range(columns):
        if half:
            table.add_column("", width=1, no_wrap=True, style="dim")
        table.add_column("#", justify="right", no_wrap=True, style="dim", width=2)
        table.add_column("", no_wrap=True, width=2)
        table.add_column("Space", no_wrap=True, overflow="ellipsis", width=name_w)
        table.add_column("Owner", no_wrap=True, overflow="ellipsis", width=owner_w)
        table.add_column("Status", no_wrap=True, overflow="ellipsis", width=built_w)
        table.add_column("Here", no_wrap=True, width=here_w)
    tokens: dict[int, list[Text]] = {}
    for seat in range(view.n):
        if view.alive[seat]:
            t = tag(seat)
            if view.in_jail[seat]:
                t = Text.assemble(("(", "dim"), t, (")", "dim"))
            tokens.setdefault(view.position[seat], []).append(t)
    for r in range(rows):
        cells: list = []
        for half in range(columns):
            pos = half * rows + r
            if half:
                cells.append("│")
            if pos >= size:
                cells += ["", "", "", "", "", ""]
                continue
            sp = ed.board[pos]
            owner = view.owner[pos] if sp.is_property else -1
            name = Text(sp.name, style="bold reverse" if pos == highlight else "")
            owner_cell = name_text(game, owner) if owner >= 0 else Text("")
            if sp.is_property and view.mortgaged[pos]:
                built = Text("mortgaged", style="red")
            elif sp.type == STREET and view.level[pos]:
                built = Text(building_label(game, view.level[pos]),
                             style="bold" if view.level[pos] >= hotel_level(game) else "")
            elif sp.is_property and owner < 0:
                built = Text(ed.money(sp.price), style="dim")
            else:
                built = Text("")
            here = Text(" ").join(tokens.get(pos, []))
            cells += [str(pos), swatch(ed, pos), name, owner_cell, built, here]
        table.add_row(*cells)
    return table


# ---------------------------------------------------------------------------------- players
def holdings(game: Game, seat: int) -> Text:
    """Owned properties as colour swatches (dim when mortgaged), then counts in the edition's words."""
    ed = game.edition
    view = game.view(None)
    out = Text()
    houses = hotels = 0
    rails = utils = 0
    for pos in ed.properties:
        if view.owner[pos] != seat:
            continue
        sp = ed.board[pos]
        if sp.type == STREET:
            style = ed.groups[sp.group].get("color", "white") if sp.group else "white"
            out.append("░" if view.mortgaged[pos] else "█", style=style)
            if view.level[pos] >= hotel_level(game):
                hotels += 1
            else:
                houses += view.level[pos]
        elif sp.type == RAILROAD:
            rails += 1
        elif sp.type == UTILITY:
            utils += 1
    extra = []
    if rails:
        extra.append(f"{rails} {ed.term('railroad', rails)}")
    if utils:
        extra.append(f"{utils} {ed.term('utility', utils)}")
    if houses:
        extra.append(f"{houses} {ed.term('house', houses)}")
    if hotels:
        extra.append(f"{hotels} {ed.term('hotel', hotels)}")
    cards = len(view.held[seat])
    if cards:
        extra.append(f"{cards} jail card" + ("s" if cards > 1 else ""))
    mortgaged = sum(1 for pos in ed.properties if view.owner[pos] == seat and view.mortgaged[pos])
    if mortgaged:
        extra.append(f"{mortgaged} mortgaged")
    if extra:
        if out:
            out.append(" ")
        out.append(", ".join(extra))
    return out or Text("-", style="dim")


def players_table(game: Game, kinds: Sequence[str], deciding: int | None = None) -> Table:
    ed = game.edition
    view = game.view(None)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
    table.add_column("", no_wrap=True)
    table.add_column("#", no_wrap=True)
    table.add_column("Player", no_wrap=True, overflow="ellipsis", max_width=22)
    table.add_column("Seat", no_wrap=True, style="dim")
    table.add_column("Cash", justify="right", no_wrap=True)
    table.add_column("Worth", justify="right", no_wrap=True, style="dim")
    table.add_column("Where", no_wrap=True, overflow="ellipsis", max_width=24)
    table.add_column(ed.term("jail"), no_wrap=True)
    table.add_column("Holdings", min_width=14)
    for seat in range(view.n):
        alive = view.alive[seat]
        mark = Text("▶", style="bold") if seat == deciding else Text("·" if seat == view.current else " ")
        if not alive:
            table.add_row(mark, tag(seat), name_text(game, seat), kinds[seat] if seat < len(kinds) else "",
                          Text("bankrupt", style="red"), "", "", "", "", style="dim")
            continue
        if view.in_jail[seat]:
            jail = Text(f"in (try {view.jail_turns[seat] + 1})", style="red")
        else:
            jail = Text("")
        table.add_row(mark, tag(seat), name_text(game, seat), kinds[seat] if seat < len(kinds) else "",
                      ed.money(view.cash[seat]), ed.money(game.net_worth(seat)),
                      f"{view.position[seat]} {ed.board[view.position[seat]].name}", jail,
                      holdings(game, seat))
    return table


def header_start(game: Game, view) -> Text:
    """The edition's name, the round (of the limit, if any) and the turn: every family's header starts so."""
    t = Text()
    t.append(game.edition.name, style="bold")
    t.append(f"   round {view.round}")
    limit = game.options.get("max-rounds")
    if limit:
        t.append(f" of {limit}")
    t.append(f", turn {view.turns}")
    return t


def header(game: Game) -> Text:
    ed = game.edition
    view = game.view(None)
    t = header_start(game, view)
    if view.dice:
        t.append(f"   last roll {view.dice[0]}+{view.dice[1]}")
    t.append(f"   bank: {view.bank_houses} {ed.term('houses', 2)}, {view.bank_hotels} {ed.term('hotels', 2)}",
             style="dim")
    return t


# ---------------------------------------------------------------------------------- events
def event_text(game: Game, event: Event, me: int | None = None) -> Text:
    line = game.describe(event)
    if event.kind == E.TURN:
        return Text(line, style="bold")
    if event.kind == E.GAME_OVER:
        return Text(line, style="bold green")
    if event.kind in (E.BANKRUPT, E.JAIL, E.DEBT):
        return Text(line, style="red")
    if me is not None and event.player == me:
        return Text(line, style=player_style(me).replace("bold ", ""))
    return Text(line)


def events_panel(game: Game, events: Sequence[Event], me: int | None, limit: int | None = None) -> Panel:
    lines = [event_text(game, e, me) for e in events]
    hidden = 0
    if limit is not None and len(lines) > limit:
        hidden = len(lines) - limit
        lines = lines[hidden:]
    body: list = []
    if hidden:
        body.append(Text(f"… {hidden} earlier line(s); type 'log' to see them", style="dim italic"))
    body.extend(lines)
    if not body:
        body.append(Text("(nothing new)", style="dim"))
    return Panel(Group(*body), title="What just happened", title_align="left", box=box.ROUNDED)


# ---------------------------------------------------------------------------------- title deeds
def deed_panel(game: Game, pos: int) -> Panel:
    ed = game.edition
    sp = ed.board[pos]
    view = game.view(None)
    money = ed.money
    rules = ed.rules
    table = Table.grid(padding=(0, 2))
    table.add_column()
    table.add_column(justify="right")
    if sp.type == STREET:
        house, houses, hotel = ed.term("house"), ed.term("houses", 2), ed.term("hotel")
        table.add_row("Rent", money(sp.rent[0]))
        table.add_row("Rent with the whole colour set", money(sp.rent[0] * 2))
        for n in range(1, houses_per_hotel(game) + 1):
            table.add_row(f"With {n} {house if n == 1 else houses}", money(sp.rent[n]))
        table.add_row(f"With a {hotel}", money(sp.rent[5]))
        table.add_row("", "")
        table.add_row(f"{houses.capitalize()} cost", f"{money(sp.house_cost)} each")
        table.add_row(f"{hotel.capitalize()} cost",
                      f"{money(sp.hotel_cost)} plus {houses_per_hotel(game)} {houses}")
    elif sp.type == RAILROAD:
        word = ed.term("railroads", 2)
        for n, rent in enumerate(rules.railroad_rent[: len(ed.railroads)], 1):
            table.add_row("Rent" if n == 1 else f"If {n} {word} are owned", money(rent))
    elif sp.type == UTILITY:
        word = ed.term("utilities", 2)
        for n, mult in enumerate(rules.utility_multipliers[: len(ed.utilities)], 1):
            table.add_row(f"With {n} {ed.term('utility', n)} owned" if n == 1 else f"With {n} {word} owned",
                          f"{mult} × the dice")
        if game.options.get("utility-rent-reroll", rules.utility_rent_reroll):
            table.add_row("(the dice are rolled again for the rent)", "")
    elif sp.type == TAX:
        table.add_row("Pay", money(sp.amount))
    else:
        what = ed.space_type_word(pos)
        return Panel(Text(f"{sp.name} is not a property ({what}).", style="dim"), title=f"{pos} {sp.name}",
                     expand=False)
    if sp.is_property:
        table.add_row("", "")
        table.add_row("Price", money(sp.price))
        table.add_row("Mortgage value", money(sp.mortgage))
        table.add_row("Lift the mortgage for", money(sp.unmortgage))
        table.add_row("", "")
        owner = view.owner[pos]
        status = Text("Owner: ")
        status.append(name_text(game, owner) if owner >= 0 else Text("the bank"))
        if view.mortgaged[pos]:
            status.append(" (mortgaged)", style="red")
        if sp.type == STREET and view.level[pos]:
            status.append(f", {building_label(game, view.level[pos])}")
        table.add_row(status, "")
    colour = ed.groups[sp.group].get("color", "white") if sp.group else "white"
    title = Text(f" {ed.term('title_deed').upper()}: {sp.name} ", style=f"bold black on {colour}"
                 if sp.group else "bold reverse")
    sub = Text(group_name(ed, pos), style="dim")
    return Panel(Group(sub, table), title=title, expand=False, border_style=colour if sp.group else "white")


# ---------------------------------------------------------------------------------- prompts
def prompt_text(game: Game, prompt: Prompt) -> Text:
    """A sentence saying what ``prompt.player`` must decide, in the edition's words."""
    ed = game.edition
    d = prompt.details
    me = prompt.player
    money = ed.money
    view = game.view(None)
    t = Text()
    t.append(game.players[me], style=player_style(me))
    kind = prompt.kind
    if kind == "turn":
        if d.get("in_jail"):
            t.append(f", you are in {ed.term('jail')} (try {d.get('jail_turns', 0) + 1} of "
                     f"{getattr(game, 'jail_attempts', 3)} for doubles).")
        elif d.get("doubles"):
            t.append(", you rolled doubles: roll again.")
        else:
            t.append(", it is your turn.")
    elif kind == "buy":
        pos = d["pos"]
        t.append(f", you landed on {ed.board[pos].name}, for sale at {money(d['price'])}. You have "
                 f"{money(view.cash[me])}. Buy it, or the bank auctions it ('deed {pos}' shows its card).")
    elif kind == "auction":
        lot = d["lot"]
        what = ed.board[lot].name if lot >= 0 else f"one of the bank's last {ed.term(d['lot_kind'] + 's', 2)}"
        t.append(f": auction of {what}. ")
        if d["high_bidder"] >= 0:
            t.append(f"High bid {money(d['high'])} by {game.players[d['high_bidder']]}. ")
        else:
            t.append("No bids yet. ")
        t.append(f"You may bid {money(d['minimum'])} or more, or pass (you have {money(view.cash[me])}).")
    elif kind == "debt":
        creditor = "the bank" if d["creditor"] < 0 else game.players[d["creditor"]]
        t.append(f", you owe {money(d['amount'])} to {creditor} ({d['reason']}) and have "
                 f"{money(view.cash[me])}. ")
        if view.cash[me] < d["amount"]:
            t.append("Raise the money: sell buildings, mortgage or trade.")
    elif kind == "trade":
        offer = d["offer"]
        t.append(f", {game.players[offer['proposer']]} offers you a trade:\n")
        t.append(trade_summary(game, offer, viewer=me))
    elif kind == "mortgaged-property":
        pos = d["pos"]
        t.append(f", you received {ed.board[pos].name}, which is mortgaged: lift the mortgage now for "
                 f"{money(d['lift_cost'])}, or keep it mortgaged and pay {money(d['interest'])} interest.")
    elif kind == "claim-rent":
        t.append(f", {game.players[d['payer']]} owes you {money(d['amount'])} rent for "
                 f"{ed.board[d['pos']].name}: claim it?")
    elif kind == "building-shortage":
        req = game.players[d["requester"]]
        t.append(f", {req} wants a {ed.term(d['building'])} but the bank has only {d['supply']}. "
                 "Do you want one too? (it would then be auctioned)")
    elif kind == "place-building":
        t.append(f", where do you place your {ed.term(d['building'])}?")
    elif kind in ("character", "mission", "mission-pick"):
        t.append(starwars_rule_prompt(game, kind, d))
    else:
        t.append(f" must answer '{kind}'.")
    return t


def trade_summary(game: Game, offer: dict, viewer: int | None = None) -> Text:
    """Who gives what in a trade offer (TradeOffer.to_json() form)."""
    ed = game.edition
    p, q = offer["proposer"], offer["target"]
    names = game.players

    def side(giver: int, positions: Sequence[int], cards: Sequence[int], cash: int) -> str:
        items = [ed.board[pos].name for pos in positions]
        if cards:
            items.append(f"{len(cards)} get-out-of-jail card" + ("s" if len(cards) > 1 else ""))
        if cash > 0:
            items.append(ed.money(cash))
        return ", ".join(items) or "nothing"

    cash = offer.get("cash", 0)
    pname = "you" if viewer == p else names[p]
    qname = "you" if viewer == q else names[q]
    t = Text()
    t.append(f"  {pname.capitalize() if pname == 'you' else pname} give{'s' if pname != 'you' else ''}: ")
    t.append(side(p, offer.get("give", ()), offer.get("give_cards", ()), max(cash, 0)))
    t.append(f"\n  {qname.capitalize() if qname == 'you' else qname} give{'s' if qname != 'you' else ''}: ")
    t.append(side(q, offer.get("take", ()), offer.get("take_cards", ()), max(-cash, 0)))
    return t


def action_label(game: Game, player: int, action: Action) -> str:
    """A readable label for a concrete action, in the edition's words."""
    ed = game.edition
    money = ed.money
    view = game.view(None)
    prompt = game.prompt
    d = prompt.details if prompt is not None and prompt.player == player else {}
    k = action.kind
    if prompt is not None and prompt.kind in ("character", "mission", "mission-pick") or k in ("sell-city", "time-up"):
        label = starwars_rule_label(game, player, action, d)
        if label:
            return label
    if k == A.ROLL:
        return "Roll for doubles" if view.in_jail[player] else "Roll the dice"
    if k == A.PAY_BAIL:
        return f"Pay {money(ed.rules.jail_fine)} to leave {ed.term('jail')}"
    if k == A.USE_CARD:
        return "Use a get-out-of-jail card"
    if k == A.BUY:
        return f"Buy {ed.board[d['pos']].name} for {money(d['price'])}" if "pos" in d else "Buy"
    if k == A.AUCTION:
        return f"Don't buy: auction {ed.board[d['pos']].name}" if "pos" in d else "Let the bank auction it"
    if k == A.PASS:
        if prompt is not None and prompt.kind == "building-shortage":
            return "No, I don't want one"
        return "Pass (drop out of the auction)"
    if k == A.PAY:
        if "amount" in d:
            creditor = "the bank" if d.get("creditor", -1) < 0 else game.players[d["creditor"]]
            return f"Pay {money(d['amount'])} to {creditor}"
        return "Pay"
    if k == A.BANKRUPT:
        return "Declare bankruptcy"
    if k == A.ACCEPT:
        return "Accept the trade"
    if k == A.REJECT:
        return "Reject the trade"
    if k == A.LIFT:
        return f"Lift the mortgage for {money(d['lift_cost'])}" if "lift_cost" in d else "Lift the mortgage"
    if k == A.KEEP:
        return f"Keep it mortgaged, pay {money(d['interest'])} interest" if "interest" in d else "Keep it mortgaged"
    if k == A.CLAIM:
        return f"Claim {money(d['amount'])} rent" if "amount" in d else "Claim the rent"
    if k == A.WAIVE:
        return "Let the rent go"
    if k == A.WANT:
        return "Yes, I want one too"
    if k == A.PLACE:
        what = ed.term(d.get("building", "house"))
        return f"Place the {what} on {ed.board[action.arg].name}"
    if k == A.END:
        return "Done"
    if k in (A.BUILD, A.SELL, A.SELL_ALL, A.MORTGAGE, A.UNMORTGAGE):
        pos = action.arg
        sp = ed.board[pos]
        level = view.level[pos]
        if k == A.BUILD:
            if level >= houses_per_hotel(game):
                return f"Build a {ed.term('hotel')} on {sp.name} ({money(sp.hotel_cost)})"
            return f"Build a {ed.term('house')} on {sp.name} ({money(sp.house_cost)})"
        if k == A.SELL:
            if level >= hotel_level(game):
                return f"Sell the {ed.term('hotel')} on {sp.name} (+{money(sp.hotel_cost // 2)})"
            return f"Sell a {ed.term('house')} on {sp.name} (+{money(sp.house_cost // 2)})"
        if k == A.SELL_ALL:
            return f"Sell all buildings of the {group_name(ed, pos)} set"
        if k == A.MORTGAGE:
            return f"Mortgage {sp.name} (+{money(sp.mortgage)})"
        return f"Lift the mortgage on {sp.name} ({money(sp.unmortgage)})"
    if k == A.BID:
        return f"Bid {money(action.arg)}"
    if k == A.TRADE and action.offer is not None:
        return "Propose: " + offer_words(ed, str(action.offer), game.players)
    return str(action)


def starwars_rule_prompt(game: Game, kind: str, d: dict) -> str:
    """Clone Wars, the Star Wars rule: what the character / mission prompts ask."""
    if kind == "character":
        return ", choose your character (General Grievous and Asajj Ventress play the dark side)."
    if kind == "mission":
        fail = game.edition.money(d["fail_cost"])
        need = "a 6" if d["need"] == 6 else f"{d['need']} or more"
        return (f": a 6! Send your troops on mission {d['mission']} ({d['side']} side), {d['name']}? "
                f"One die must show {need}; otherwise you pay {fail}.")
    what = {"take-sites": f"choose an unowned {game.edition.term('street')} ({d['left']} to take)"
                          + (f", or take {game.edition.money(d['cash'])}" if d.get("cash") else ""),
            "steal-sites": f"choose a {game.edition.term('street')} to steal ({d['left']} left)",
            "move-self": "choose the space for your token",
            "eliminate": "choose the player Swift Victory eliminates"}.get(d["reward"], "")
    if d["reward"] == "move-other":
        what = "choose the space for their token" if d.get("target", -1) >= 0 else "choose a player to move"
    return f": {d['name']} succeeds; {what}."


def starwars_rule_label(game: Game, player: int, action: Action, d: dict) -> str:
    ed = game.edition
    k = action.kind
    if k == "choose":
        chars = ed.raw.get("characters", [])
        if 0 <= action.arg < len(chars):
            return f"{chars[action.arg]['name']} ({chars[action.arg]['side']} side)"
    if k == "mission":
        return "Send the troops"
    if k == A.PASS:
        return "Keep the troops at home" if "fail_cost" in d else "Take nothing"
    if k == "collect":
        return f"Take {ed.money(d.get('cash', 0))} instead"
    if k in ("take", "steal", "pick"):
        verb = {"take": "Take", "steal": "Steal", "pick": "Go to"}[k]
        return f"{verb} {ed.board[action.arg].name}"
    if k == "target":
        return f"Choose {game.players[action.arg]}"
    if k == "sell-city":
        sp = ed.board[action.arg]
        return (f"Sell the {ed.term('hotel')} on {sp.name} outright "
                f"(+{ed.money(sp.hotel_cost // 2 + houses_per_hotel(game) * (sp.house_cost // 2))})")
    if k == "time-up":
        return "Time is up: end the game"
    return ""


def bid_label(game: Game, legal: Legal) -> str:
    assert legal.bid_range is not None
    lo, hi = legal.bid_range
    return f"Bid ({game.edition.money(lo)}..{game.edition.money(hi)})"


# ---------------------------------------------------------------------------------- families
# A rules family with its own screen parts ships ``cli/<family>_screen.py``; the functions below
# hand each call for a game of that family to the module's function of the same name, if any.
_FAMILY_SCREENS: dict[str, object] = {}
_SHARED = {}


def family_screen(family: str):
    """The screen module of ``family`` (None when it uses the shared rendering)."""
    if family not in _FAMILY_SCREENS:
        import importlib
        try:
            module = importlib.import_module(f"{__package__}.{family}_screen")
            module._shared.update(_SHARED)
        except ModuleNotFoundError:
            module = None
        _FAMILY_SCREENS[family] = module
    return _FAMILY_SCREENS[family]


def _by_family(fn):
    def dispatch(game, *args, **kwargs):
        module = family_screen(game.edition.family)
        own = getattr(module, fn.__name__, None) if module is not None else None
        return (own or fn)(game, *args, **kwargs)
    dispatch.__name__ = fn.__name__
    dispatch.__doc__ = fn.__doc__
    return dispatch


for _name in ("board_table", "players_table", "header", "holdings", "deed_panel", "prompt_text", "action_label"):
    _SHARED[_name] = globals()[_name]
    globals()[_name] = _by_family(globals()[_name])
