"""The heuristic bot's play of the Clone Wars Star Wars rule (characters, missions).

``HeuristicAgent.act`` hands the prompt kinds in ``PROMPT_KINDS`` to ``decide``. Every answer is
taken from ``view.legal_actions()``, so it is always legal.
"""

from __future__ import annotations

from typing import Any, Final

from ..editions.schema import STREET, TAX
from ..engine import actions as A
from ..engine.actions import Action
from ..engine.prompt import Prompt
from ..rules.classic.editions.clonewars.characters import CHARACTER
from ..rules.classic.editions.clonewars.missions import MISSION, MISSION_PICK
from ..rules.classic.game import ClassicView
from .base import seat_of

PROMPT_KINDS: Final[frozenset[str]] = frozenset({CHARACTER, MISSION, MISSION_PICK})
BANK = -1


def decide(bot: Any, view: ClassicView, prompt: Prompt) -> Action:
    legal = view.legal_actions().actions
    kind = prompt.kind
    if kind == CHARACTER:
        return _character(view, legal)
    if kind == MISSION:
        return _go(bot, view, prompt, legal)
    return _pick(bot, view, prompt, legal)


def _character(view: ClassicView, legal: list[Action]) -> Action:
    """The light side: most of its missions succeed on 2+ (the dark side's steals need 4+)."""
    chars = view.edition.raw.get("characters", [])
    light = [a for a in legal if a.kind == A.CHOOSE and chars[a.arg]["side"] == "light"]
    return (light or legal)[0]


def _my_best_rent(view: ClassicView, me: int) -> tuple[int, int]:
    """(rent, position) of my best unmortgaged street (a fair guess of what an opponent would pay)."""
    ed = view.edition
    best, where = 0, -1
    owner, level, mortgaged = view.owner, view.level, view.mortgaged
    hph = view.houses_per_hotel
    for pos in ed.properties:
        sp = ed.board[pos]
        if owner[pos] != me or mortgaged[pos] or sp.type != STREET:
            continue
        lv = level[pos]
        rent = sp.rent[lv if lv <= hph else 5] if lv else sp.rent[0]
        if all(owner[q] == me for q in ed.group_members[ed.group_of[pos]]) and not lv:
            rent *= 2
        if rent > best:
            best, where = rent, pos
    return best, where


def _stealable(view: ClassicView, me: int) -> list[int]:
    ed = view.edition
    owner = view.owner
    out = []
    for pos in ed.properties:
        if ed.board[pos].type != STREET or owner[pos] in (BANK, me):
            continue
        members = ed.group_members[ed.group_of[pos]]
        if not all(owner[q] == owner[pos] for q in members):
            out.append(pos)
    return out


def _go(bot: Any, view: ClassicView, prompt: Prompt, legal: list[Action]) -> Action:
    d = prompt.details
    me = seat_of(view)
    cash = view.cash[me]
    reward = d["reward"]
    go = Action("mission")
    if go not in legal:
        return legal[0]
    if cash < d["fail_cost"]:
        return A.A_PASS  # a failure would put us in debt
    if reward == "steal-sites" and not _stealable(view, me):
        return A.A_PASS
    if reward == "move-other" and max(_my_best_rent(view, me)[0], _best_tax(view)[0]) < 150:
        return A.A_PASS
    return go


def _best_tax(view: ClassicView) -> tuple[int, int]:
    ed = view.edition
    best = (0, -1)
    for sp in ed.board:
        if sp.type == TAX and sp.amount > best[0]:
            best = (sp.amount, sp.position)
    return best


def _site_score(view: ClassicView, me: int, pos: int) -> tuple:
    """Prefer sites that complete (or grow) my colour groups, then the dearer ones."""
    ed = view.edition
    owner = view.owner
    members = ed.group_members[ed.group_of[pos]]
    mine = sum(1 for q in members if q != pos and owner[q] == me)
    missing = sum(1 for q in members if q != pos and owner[q] != me)
    return (missing == 0, mine, ed.board[pos].price)


def _richest(view: ClassicView, players: list[int]) -> int:
    ed = view.edition
    owner = view.owner

    def worth(p: int) -> int:
        return view.cash[p] + sum(ed.board[q].price for q in ed.properties if owner[q] == p)

    return max(players, key=lambda p: (worth(p), -p))


def _pick(bot: Any, view: ClassicView, prompt: Prompt, legal: list[Action]) -> Action:
    me = seat_of(view)
    kinds = {a.kind for a in legal}
    if "take" in kinds:
        sites = [a.arg for a in legal if a.kind == "take"]
        return Action("take", max(sites, key=lambda p: _site_score(view, me, p)))
    if "steal" in kinds:
        sites = [a.arg for a in legal if a.kind == "steal"]
        return Action("steal", max(sites, key=lambda p: _site_score(view, me, p)))
    if "target" in kinds:
        return Action("target", _richest(view, [a.arg for a in legal if a.kind == "target"]))
    if "pick" in kinds:
        d = prompt.details
        if d.get("target", -1) >= 0:  # an opponent's token: onto my best rent or the dearest tax
            rent, pos = _my_best_rent(view, me)
            tax, tax_pos = _best_tax(view)
            return Action("pick", pos if rent >= tax and pos >= 0 else tax_pos)
        return Action("pick", _my_space(bot, view, me))
    return legal[0]


def _my_space(bot: Any, view: ClassicView, me: int) -> int:
    """Where to move my own token: an unowned property I can afford (completing a group first),
    else my own property or a quiet space."""
    ed = view.edition
    owner = view.owner
    cash = view.cash[me]
    buyable = [p for p in ed.properties if owner[p] == BANK and ed.board[p].price <= cash - 100]
    if buyable:
        return max(
            buyable,
            key=lambda p: (
                _site_score(view, me, p) if ed.board[p].type == STREET else (False, 0, ed.board[p].price // 2)
            ),
        )
    mine = [p for p in ed.properties if owner[p] == me]
    if mine:
        return mine[0]
    return ed.rules.jail_position  # just visiting
