"""The terminal screen of Monopoly Star Wars The Clone Wars: the classic screen plus the Star Wars
rule's characters (and their side) and missions, and the time-limit game's end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.text import Text

from ...engine import actions as A
from ...engine.actions import Action
from ..render import ClassicScreen

if TYPE_CHECKING:
    from ...engine.prompt import Prompt

STARWARS_PROMPTS = ("character", "mission", "mission-pick")


class CloneWarsScreen(ClassicScreen):
    def characters(self) -> list[dict[str, Any]]:
        return list(self.edition.raw.get("characters", []))

    def character_of(self, seat: int) -> dict[str, Any] | None:
        k = self.view().character[seat]
        chars = self.characters()
        return chars[k] if 0 <= k < len(chars) else None

    def player_fact_headers(self) -> list[str]:
        return ["Character"] if any(self.character_of(q) for q in range(self.view().n)) else []

    def player_facts(self, seat: int) -> list[RenderableType]:
        if not self.player_fact_headers():
            return []
        c = self.character_of(seat)
        return [Text(f"{c['name']} ({c['side']})") if c else Text("")]

    def status_facts(self, seat: int) -> str:
        c = self.character_of(seat)
        words = super().status_facts(seat)
        # (the character's name, not only its side: a player is not the character they play)
        side = f"as {c['name']}, {c['side']} side" if c else ""
        return ", ".join(w for w in (side, words) if w)

    def prompt_words(self, prompt: Prompt) -> str | Text:
        if prompt.kind not in STARWARS_PROMPTS:
            return super().prompt_words(prompt)
        ed = self.edition
        d = prompt.details
        if prompt.kind == "character":
            return ", choose your character (General Grievous and Asajj Ventress play the dark side)."
        if prompt.kind == "mission":
            fail = ed.money(d["fail_cost"])
            need = "a 6" if d["need"] == 6 else f"{d['need']} or more"
            return (
                f": a 6! Send your troops on mission {d['mission']} ({d['side']} side), {d['name']}? "
                f"One die must show {need}; otherwise you pay {fail}."
            )
        what = {
            "take-sites": f"choose an unowned {ed.term('street')} ({d['left']} to take)"
            + (f", or take {ed.money(d['cash'])}" if d.get("cash") else ""),
            "steal-sites": f"choose a {ed.term('street')} to steal ({d['left']} left)",
            "move-self": "choose the space for your token",
            "eliminate": "choose the player Swift Victory eliminates",
        }.get(d["reward"], "")
        if d["reward"] == "move-other":
            what = "choose the space for their token" if d.get("target", -1) >= 0 else "choose a player to move"
        return f": {d['name']} succeeds; {what}."

    def action_label(self, player: int, action: Action) -> str:
        ed = self.edition
        k = action.kind
        prompt = self.game.prompt
        d = prompt.details if prompt is not None and prompt.player == player else {}
        starwars = prompt is not None and prompt.kind in STARWARS_PROMPTS
        if starwars and k == "choose":
            chars = self.characters()
            if 0 <= action.arg < len(chars):
                return f"{chars[action.arg]['name']} ({chars[action.arg]['side']} side)"
        if starwars and k == "mission":
            return "Send the troops"
        if starwars and k == A.PASS:
            return "Keep the troops at home" if "fail_cost" in d else "Take nothing"
        if starwars and k == "collect":
            return f"Take {ed.money(d.get('cash', 0))} instead"
        if starwars and k in ("take", "steal", "pick"):
            verb = {"take": "Take", "steal": "Steal", "pick": "Go to"}[k]
            return f"{verb} {action.arg} {ed.board[action.arg].name}"
        if starwars and k == "target":
            return f"Choose {self.game.players[action.arg]} (seat {action.arg + 1})"
        if k == "sell-city":
            sp = ed.board[action.arg]
            value = sp.hotel_cost // 2 + self.houses_per_hotel() * (sp.house_cost // 2)
            return f"Sell the {ed.term('hotel')} on {sp.name} outright (+{ed.money(value)})"
        if k == "time-up":
            return "Time is up: end the game (the richest wins)"
        return super().action_label(player, action)


SCREEN = CloneWarsScreen
