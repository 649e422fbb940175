"""Terminal screen parts for the Mandalorian family (``cli.render`` dispatches to these by family).

Each function has the signature of its namesake in ``cli.render``; anything not
defined here falls back to the shared rendering.
"""
from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.game import Game, Prompt
from . import render as R


def _where_enemies(game: Game) -> tuple[dict[int, list[str]], dict[int, str]]:
    t = game.edition.rules
    s = game.view(None)
    on, outposts = {}, {}
    for e, en in enumerate(t.enemies):
        if s.enemy_space[e] >= 0:
            on.setdefault(s.enemy_space[e], []).append(en.name)
        elif s.enemy_outpost[e] >= 0:
            outposts[t.outposts[s.enemy_outpost[e]]] = en.name
    return on, outposts


def board_table(game: Game, *, highlight: int | None = None, columns: int = 2, width: int = 120) -> Table:
    ed = game.edition
    view = game.view(None)
    on, outposts = _where_enemies(game)
    rows = -(-ed.size // columns)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), show_edge=False)
    for half in range(columns):
        table.add_column("#", justify="right", style="dim", no_wrap=True, min_width=2)
        table.add_column("Space", no_wrap=True, overflow="ellipsis", max_width=26)
        table.add_column("Owner / price", no_wrap=True, max_width=14)
        table.add_column("Here", no_wrap=True, max_width=30)
    tokens: dict[int, list[Text]] = {}
    for seat in range(view.n):
        tg = R.tag(seat)
        if view.in_jail[seat]:
            tg = Text.assemble(("(", "dim"), tg, (")", "dim"))
        tokens.setdefault(view.position[seat], []).append(tg)
    grogu_at = view.grogu_pos
    for r in range(rows):
        cells: list = []
        for half in range(columns):
            pos = half * rows + r
            if pos >= ed.size:
                cells += ["", "", "", ""]
                continue
            sp = ed.board[pos]
            name = Text.assemble(R.swatch(ed, pos), " ", Text(sp.name, style="bold reverse" if pos == highlight
                                                                 else ""))
            owner = view.owner[pos]
            if sp.type == "hideout":
                who = R.name_text(game, owner, 12) if owner >= 0 else Text(ed.money(sp.price), style="dim")
            else:
                who = Text("")
            here = Text(" ").join(tokens.get(pos, []))
            if pos == grogu_at:
                here.append(" Grogu(alone)", style="bold green")
            for name_e in on.get(pos, []):
                here.append(f" [{name_e}]", style="bold red")
            if pos in outposts:
                here.append(f" outpost: {outposts[pos]}", style="red dim")
            cells += [str(pos), name, who, here]
        table.add_row(*cells)
    return table


def holdings(game: Game, seat: int) -> Text:
    ed = game.edition
    t = ed.rules
    view = game.view(None)
    out = Text()
    for pos in t.hideouts:
        if view.owner[pos] == seat:
            out.append_text(R.swatch(ed, pos))
    extra = []
    if view.held[seat]:
        extra.append(", ".join(ed.decks[0].cards[c].id for c in view.held[seat]))
    if view.won[seat]:
        extra.append(f"{len(view.won[seat])} enemy card(s)")
    if view.grogu_carrier == seat:
        extra.append("GROGU")
    if extra:
        out.append(" " + "; ".join(extra))
    return out


def players_table(game: Game, kinds, deciding: int | None = None) -> Table:
    ed = game.edition
    t = ed.rules
    view = game.view(None)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
    for col in ("", "#", "Player", "Character", "Seat", "Credits", "Where", "Jail", "Holdings"):
        table.add_column(col, no_wrap=col != "Holdings")
    for seat in range(view.n):
        mark = Text("▶", style="bold") if seat == deciding else Text("·" if seat == view.current else " ")
        jail = Text(f"in (try {view.jail_turns[seat] + 1})", style="red") if view.in_jail[seat] else Text("")
        table.add_row(mark, R.tag(seat), R.name_text(game, seat), t.characters[view.character[seat]].name,
                      kinds[seat] if seat < len(kinds) else "", ed.money(view.cash[seat]),
                      f"{view.position[seat]} {ed.board[view.position[seat]].name}", jail, holdings(game, seat))
    return table


def header(game: Game) -> Text:
    from ..rules.mandalorian.enemies import gideon_active

    view = game.view(None)
    t = Text()
    t.append(game.edition.name, style="bold")
    t.append(f"   round {view.round}, turn {view.turns}")
    if view.dice:
        t.append(f"   last roll {view.dice[0]}")
    piles = ", ".join(f"{en.name} {len(view.enemy_decks[e])}" for e, en in enumerate(game.edition.rules.enemies))
    t.append(f"   enemy cards left: {piles}", style="dim")
    if gideon_active(game):
        t.append("   Moff Gideon is on the move!", style="bold red")
    return t


def deed_panel(game: Game, pos: int):
    from rich.panel import Panel

    ed = game.edition
    sp = ed.board[pos]
    if sp.type != "hideout":
        return Panel(Text(sp.name), title=sp.name)
    t = ed.rules
    owner = game.view(None).owner[pos]
    body = Text(f"Price {ed.money(sp.price)}\nRent {ed.money(t.rent[pos])}; with the colour set "
                f"{ed.money(t.set_rent[pos])}\nOwner: " + ("the bank" if owner < 0 else game.players[owner]))
    return Panel(body, title=f"{sp.name} ({sp.group}, reconstructed values)")


def prompt_text(game: Game, prompt: Prompt) -> Text:
    ed = game.edition
    d = prompt.details
    who = R.name_text(game, prompt.player)
    k = prompt.kind
    if k == "battle":
        what = (f", battle {d['enemy_name']} (level {d['level']}): roll {d['roll_needed']} or higher"
                f"{' with both dice' if d['both_dice'] else ''}; Signet bonus so far +{d['card_bonus']}. "
                "Announce battle cards, then roll.")
    elif k == "battle-reroll":
        what = f", you rolled {d['roll']} (need {d['roll_needed']} minus +{d['card_bonus']}): re-roll or keep?"
    elif k == "signet-choice":
        what = ": keep or use one of the two Signet cards: " + " | ".join(
            f"{c}: {txt}" for c, txt in zip(d["cards"], d["texts"]))
    elif k == "place-grogu":
        what = ", you go to Jail: leave Grogu on one of your hideouts."
    elif k == "debt":
        what = (f", you owe {ed.money(d['amount'])}: sell hideouts back to the bank, trade, then pay - or, "
                "with no hideout left, hand over what you have (you stay in the game).")
    else:
        return _shared["prompt_text"](game, prompt)
    return Text.assemble(who, what)


def action_label(game: Game, player: int, action: Action) -> str:
    ed = game.edition
    k = action.kind
    view = game.view(None)
    if k == A.ROLL:
        if game.prompt is not None and game.prompt.kind == "battle":
            return "Roll for the battle"
        if view.in_jail[player]:
            return "Roll the silver die for a 6"
        return "Roll the green die" if view.grogu_carrier == player else "Roll the silver die"
    if k == A.PAY_BAIL:
        return f"Pay {ed.money(ed.rules.jail_fine)} to leave Jail"
    if k == A.USE_CARD:
        return "Use the jetpack card to leave Jail"
    if k == A.PLAY:
        return f"Announce {ed.decks[0].cards[action.arg].id} (+{ed.rules.battle_bonus[action.arg]})"
    if k == A.REROLL:
        return "Re-roll (and keep the second roll)"
    if k == A.KEEP:
        return "Keep this roll"
    if k == A.CHOOSE:
        return f"Take {ed.decks[0].cards[action.arg].text}"
    if k == A.PLACE:
        return f"Leave Grogu on {ed.board[action.arg].name}"
    if k == A.SELL:
        sp = ed.board[action.arg]
        return f"Sell {sp.name} back to the bank (+{ed.money(sp.price)})"
    if k == A.BANKRUPT:
        return "Hand over what you have (you stay in the game)"
    return _shared["action_label"](game, player, action)


_shared: dict = {}      # the shared renderers, filled in by cli.render when it installs this module
