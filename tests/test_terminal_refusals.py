"""A refused answer says, in the edition's words, what the question is and which answers are possible
(with what to type for each), never the engine's names for prompts ('auction', 'debt', 'turn')."""

from __future__ import annotations

import openmonopoly as om
from kit import new_game, roll, set_cash, snapshot
from test_terminal_screen import Terminal, session


def refused(game: om.Game, typed: str, kinds: list[str] | None = None) -> str:
    """What the screen says after ``typed`` is entered at the current prompt (the game unchanged)."""
    before = snapshot(game)
    term = Terminal([typed])
    session(game, kinds or ["human"] * game.state.n, term).run()
    assert snapshot(game) == before  # a refused answer leaves everything as it was
    return " ".join(" ".join(term.asked[-1][1]).split())


def test_a_bid_where_only_pass_is_legal():
    g = new_game("classic", 2)
    roll(g, 0, 1, 2)  # Baltic Avenue, for sale at $60
    g.act(0, "auction")
    player = g.prompt.player
    set_cash(g, player, 0)  # nothing to bid with: passing is all that is left
    assert g.prompt.kind == "auction" and g.legal_actions(player).bid_range is None
    said = refused(g, "bid 50")
    assert "You cannot bid now" in said
    assert "auction of Baltic Avenue" in said  # the question as the screen asks it
    answers = said[said.index("Possible answers:") :]
    assert answers.startswith("Possible answers: Pass (drop out of the auction) ('pass').")
    assert "bid" not in answers.split(".")[0].replace("('pass')", "")
    assert "the question is 'auction'" not in said


def test_bankruptcy_while_the_debt_can_be_paid():
    g = new_game("classic", 2)
    set_cash(g, 0, 150)
    roll(g, 0, 2, 2)  # Income Tax: $200, more than the cash
    set_cash(g, 0, 500)  # enough again: paying is possible, bankruptcy is not
    assert g.prompt.kind == "debt"
    said = refused(g, "bankrupt")
    assert "You cannot declare bankruptcy now" in said
    assert "you owe $200 to the bank" in said
    assert "Possible answers: Pay $200" in said and "('pay')" in said
    assert "the question is 'debt'" not in said


def test_mortgage_in_the_mandalorian_edition():
    g = new_game("mandalorian", 2)
    said = refused(g, "mortgage mos")
    assert "There is no 'mortgage' in Monopoly: The Mandalorian" in said or "There is no 'mortgage' in" in said
    assert "it is your turn" in said
    assert "Possible answers: Roll" in said and "('roll')" in said
    assert "the question is 'turn'" not in said
