"""The terminal screen of the Mandalorian family: ``MandalorianScreen`` overrides the classic screen's
hooks (hideouts, Grogu and the enemies on the board, battles, Signet cards)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...engine import actions as A
from ...engine.actions import Action
from .. import render as R
from ..render import ClassicScreen

if TYPE_CHECKING:
    from ...engine.prompt import Prompt


class MandalorianScreen(ClassicScreen):
    """Hideouts without buildings, Grogu, enemies on the board and at their outposts."""

    def _where_enemies(self) -> tuple[dict[int, list[str]], dict[int, str]]:
        t = self.edition.rules
        s = self.view()
        on: dict[int, list[str]] = {}
        outposts: dict[int, str] = {}
        for e, en in enumerate(t.enemies):
            if s.enemy_space[e] >= 0:
                on.setdefault(s.enemy_space[e], []).append(en.name)
            elif s.enemy_outpost[e] >= 0:
                outposts[t.outposts[s.enemy_outpost[e]]] = en.name
        return on, outposts

    def space_columns(self, width: int) -> list[tuple[str, int, str]]:
        return [("Owner / price", max(3, min(14, width)), "left")]

    def space_cells(self, pos: int, view: Any) -> list[RenderableType]:
        ed = self.edition
        sp = ed.board[pos]
        owner = view.owner[pos]
        if sp.type != "hideout":
            return [Text("")]
        if owner >= 0:
            return [Text.assemble(R.tag(owner), " ", R.name_text(self.game, owner))]
        return [Text(ed.money(sp.price), style="dim")]

    def board_table(self, *, highlight: int | None = None, columns: int = 2, width: int = 120) -> Table:
        self._enemies = self._where_enemies()  # read once per drawing, not once per space
        return super().board_table(highlight=highlight, columns=columns, width=width)

    def here_extras(self, pos: int, view: Any) -> Text | None:
        on, outposts = self._enemies
        extra = Text()
        if pos == view.grogu_pos:
            extra.append(" Grogu", style="bold green")
        for name in on.get(pos, []):
            extra.append(f" [{name}]", style="bold red")
        if pos in outposts:
            extra.append(f" outpost: {outposts[pos]}", style="red dim")
        return extra or None

    def legend_lines(self) -> list[Text]:
        lines = super().legend_lines()
        lines.append(
            Text(
                "Grogu: Grogu alone on a space;  [Name]: an enemy on the board;  outpost: an enemy "
                "waiting at its outpost"
            )
        )
        return lines

    def holdings(self, seat: int) -> Text:
        ed = self.edition
        t = ed.rules
        view = self.view()
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

    def players_table(self, kinds: Sequence[str], deciding: int | None = None) -> RenderableType:
        ed = self.edition
        t = ed.rules
        view = self.view()
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
        for col in ("", "#", "Player", "Character", "Seat", "Credits", "Where", "Jail", "Holdings"):
            table.add_column(
                col,
                no_wrap=col != "Holdings",
                overflow="ellipsis",
                max_width=20 if col in ("Player", "Character", "Where") else None,
            )
        for seat in range(view.n):
            mark = Text("▶", style="bold") if seat == deciding else Text("·" if seat == view.current else " ")
            jail = Text(f"in (try {view.jail_turns[seat] + 1})", style="red") if view.in_jail[seat] else Text("")
            table.add_row(
                mark,
                R.tag(seat),
                R.name_text(self.game, seat),
                t.characters[view.character[seat]].name,
                kinds[seat] if seat < len(kinds) else "",
                self.table_money(view.cash[seat]),  # (under 'Credits')
                f"{view.position[seat]} {ed.board[view.position[seat]].name}",
                jail,
                self.holdings(seat),
            )
        return table

    def status_facts(self, seat: int) -> str:
        view = self.view()
        words = [self.edition.rules.characters[view.character[seat]].name]
        if view.grogu_carrier == seat:
            words.append("carries Grogu")
        if view.in_jail[seat]:
            words.append("in Jail")
        return ", ".join(words)

    def header(self) -> Text:
        from ...rules.mandalorian.enemies import gideon_active

        view = self.view()
        t = R.header_start(self.game, view)
        piles = ", ".join(f"{en.name} {len(view.enemy_decks[e])}" for e, en in enumerate(self.edition.rules.enemies))
        t.append(f"  enemy cards left: {piles}", style="dim")
        # (a Mandalorian screen draws only Mandalorian games)
        if gideon_active(self.game):  # type: ignore[arg-type]
            t.append("  Moff Gideon is on the move!", style="bold red")
        return t

    def deed_panel(self, pos: int) -> Panel:
        ed = self.edition
        sp = ed.board[pos]
        if sp.type != "hideout":
            return Panel(Text(f"{sp.name} ({ed.space_type_word(pos)})"), title=f"{pos} {sp.name}", expand=False)
        t = ed.rules
        owner = self.view().owner[pos]
        body = Text(
            f"Price {ed.money(sp.price)}\nRent {ed.money(t.rent[pos])}; with the colour set "
            f"{ed.money(t.set_rent[pos])}\nOwner: " + ("the bank" if owner < 0 else self.game.players[owner])
        )
        return Panel(body, title=f"{pos} {sp.name} ({R.group_name(ed, pos)}, reconstructed values)", expand=False)

    def deeds_table(self) -> Table:
        ed = self.edition
        t = ed.rules
        view = self.view()
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
        for head in ("#", "", "Hideout", "Price", "Rent", "Set rent", "Owner"):
            table.add_column(
                head,
                no_wrap=True,
                overflow="ellipsis",
                justify="right" if head in ("#", "Price", "Rent", "Set rent") else "left",
            )
        for pos in t.hideouts:
            owner = view.owner[pos]
            table.add_row(
                str(pos),
                R.swatch(ed, pos),
                ed.board[pos].name,
                ed.money(ed.board[pos].price),
                ed.money(t.rent[pos]),
                ed.money(t.set_rent[pos]),
                R.tag(owner) if owner >= 0 else Text("bank", style="dim"),
            )
        return table

    def properties_table(self, seat: int) -> RenderableType:
        ed = self.edition
        t = ed.rules
        view = self.view()
        mine = [pos for pos in t.hideouts if view.owner[pos] == seat]
        if not mine:
            return Text(f"{self.game.players[seat]} owns no hideout yet.", style="dim")
        table = Table(
            box=box.SIMPLE_HEAD,
            pad_edge=False,
            show_edge=False,
            padding=(0, 1),
            title=f"{self.game.players[seat]}'s hideouts",
            title_justify="left",
        )
        for head in ("#", "", "Hideout", "Rent", "With the set", "Sells for"):
            table.add_column(head, no_wrap=True, justify="left" if head in ("", "Hideout") else "right")
        for pos in mine:
            table.add_row(
                str(pos),
                R.swatch(ed, pos),
                ed.board[pos].name,
                ed.money(t.rent[pos]),
                ed.money(t.set_rent[pos]),
                ed.money(ed.board[pos].price),
            )
        return table

    def help_commands(self) -> list[tuple[str, str]]:
        rows = super().help_commands()  # (no houses and no mortgages here: those lines are not in it)
        rows[1] = ("mine", "your hideouts, their rents")
        rows.insert(-2, ("sell <space>", "sell one of your hideouts back to the bank"))
        return rows

    def help_example(self) -> str:
        return "deed " + self.edition.board[self.edition.rules.hideouts[0]].name.split()[0].lower()

    def prompt_words(self, prompt: Prompt) -> str | Text:
        ed = self.edition
        d = prompt.details
        k = prompt.kind
        if k == "turn" and d.get("in_jail"):  # one die: a high roll frees, there are no doubles
            t = ed.rules
            needed = f"a {t.jail_roll_needed}" + ("" if t.jail_roll_needed >= t.silver_die else " or more")
            return (
                f", you are in Jail (try {d.get('jail_turns', 0) + 1} of {t.jail_attempts}): roll the silver die, "
                f"{needed} frees you; or pay {ed.money(t.jail_fine)}."
            )
        if k == "battle":
            return (
                f", battle {d['enemy_name']} (level {d['level']}): roll {d['roll_needed']} or higher"
                f"{' with both dice' if d['both_dice'] else ''}; Signet bonus so far +{d['card_bonus']}. "
                "Announce battle cards, then roll."
            )
        if k == "battle-reroll":
            return f", you rolled {d['roll']} (need {d['roll_needed']} minus +{d['card_bonus']}): re-roll or keep?"
        if k == "signet-choice":
            return ": keep or use one of the two Signet cards: " + " | ".join(
                f"{c}: {txt}" for c, txt in zip(d["cards"], d["texts"], strict=False)
            )
        if k == "place-grogu":
            return ", you go to Jail: leave Grogu on one of your hideouts."
        if k == "debt":
            return (
                f", you owe {ed.money(d['amount'])}: sell hideouts back to the bank, trade, then pay - or, "
                "with no hideout left, hand over what you have (you stay in the game)."
            )
        return super().prompt_words(prompt)

    def action_label(self, player: int, action: Action) -> str:
        ed = self.edition
        k = action.kind
        view = self.view()
        prompt = self.game.prompt
        if k == A.ROLL:
            if prompt is not None and prompt.kind == "battle":
                return "Roll for the battle"
            if view.in_jail[player]:
                needed = ed.rules.jail_roll_needed
                return f"Roll the silver die for a {needed}" + ("" if needed >= ed.rules.silver_die else " or more")
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
        return super().action_label(player, action)


SCREEN = MandalorianScreen
