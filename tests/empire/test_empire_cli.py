"""Terminal play of Monopoly Empire: the screen, every prompt, secret hands, save and load."""

from __future__ import annotations

import json
import os

from rich.console import Console
from typer.testing import CliRunner

import openmonopoly as om
from kit import jail, place, prompt_kind, roll, set_cash, stack_card, start_turn
from openmonopoly.agents import make_agent
from openmonopoly.cli.main import app
from openmonopoly.cli.screens import screen_for as screen_of
from openmonopoly.cli.terminal import Session
from openmonopoly.rules.empire.kinds import EV_EMPIRE_PLAYED

from .helpers import (
    C_GOOJF,
    E_BARGAIN,
    E_CRASH,
    E_HANDS_OFF,
    E_JAIL,
    E_JSN,
    E_REVERSE,
    E_TAKEOVER,
    E_TALLEST,
    EMPIRE,
    FOOD,
    NERF,
    PUMA,
    RAZOR,
    SKYPE,
    SW,
    WILSON,
    XBOX,
    hand,
    new_game,
    tower,
)

# A wide terminal: these tests read full space names off the board (an 80-column board shortens them).
runner = CliRunner(env={"COLUMNS": "160", "LINES": "50"})
ONES = "1\n" * 800  # the first choice: roll, buy (or auction), pass, move, let it happen, ...


def play(*args: str, input: str):
    return runner.invoke(app, ["play", "--edition", "empire", *args], input=input)


def recording(width: int = 120) -> Console:
    return Console(width=width, record=True, file=open(os.devnull, "w"))


class Script:
    """Answers a Session's questions from a list of lines; ``on_read`` sees each question first."""

    def __init__(self, lines, on_read=None) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []
        self.on_read = on_read

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.on_read is not None:
            self.on_read(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def session(game, kinds, script, console=None):
    console = console or recording()
    agents = {seat: make_agent(kind, seat) for seat, kind in enumerate(kinds) if kind != "human"}
    return Session(game, kinds, agents, console, read=script, interactive=False), console


def title(card: int) -> str:
    ed = om.load_edition("empire")
    return ed.decks[ed.rules.empire_deck].cards[card].title


def text_of(game, card: int) -> str:
    return game.edition.decks[EMPIRE].cards[card].text


# ---------------------------------------------------------------------------------- whole games
def test_piped_game_with_one_human_reaches_game_over(tmp_path):
    early = tmp_path / "early.json"
    final = tmp_path / "final.json"
    script = f"board\nplayers\nhelp\ndeed 1\ndeed water\ndeed 2\nxyzzy\n42\nsave {early}\n" + ONES
    res = play("--seats", "human,heuristic,heuristic,random", "--seed", "2", "--save", str(final), input=script)
    out = res.output
    assert res.exit_code == 0, out
    assert "Traceback" not in out
    # the screen: all 36 spaces, towers, the prompt with numbered choices and the human's own hand
    for name in ("Nerf", "Xbox", "Electric Company", "Rival Tower Tax", "Tower Tax", "Free Parking"):
        assert name in out
    assert "Tower (bottom → top, 16 units)" in out and "0/16" in out
    assert "Wilson racket, it is your turn." in out and " 1) Roll the dice" in out
    # the question names the player's own cards in one run (whole names); 'mine' says what they do
    assert "Your Empire cards (secret; 'mine' says what they do):" in out
    assert "Wilson racket ▸" in out and "Xbox controller ▸" not in out
    # help, deeds, bad input re-prompts with what is allowed, save
    assert "Monopoly Empire in short" in out and "sell-all" not in out
    assert "BRAND: Nerf" in out and "1 unit of a 16-unit tower" in out and "brown set" in out
    assert "UTILITY: Water Works" in out and "Billboards left" in out
    assert "Choose a rival: their topmost billboard goes back to the board" in out
    assert "'xyzzy' is not a choice, a command or an action." in out
    assert "There is no choice 42." in out and "Type a choice number (1-2)" in out
    assert f"Game saved to {early}" in out
    # to the end
    assert "Game over:" in out and "Winner:" in out
    done = om.Game.from_json(json.loads(final.read_text()))
    assert done.over and done.state.end_reason == "tower-full"
    assert "(first full tower)" in out
    assert om.Game.from_json(json.loads(early.read_text())).state.turns == 1


def test_bots_only_game_streams_to_the_end():
    res = play("--seats", "heuristic,random,heuristic", "--seed", "4", input="")
    assert res.exit_code == 0, res.output
    assert "Game over:" in res.output and "Winner:" in res.output
    assert "(secret)" not in res.output  # nobody at the keyboard: no hand is ever named


def test_save_and_load_continue_the_game(tmp_path):
    save = tmp_path / "mid.json"
    res = play("--seats", "heuristic,human,heuristic", "--seed", "7", "--save", str(save), input="1\n" * 5)
    assert res.exit_code == 0, res.output
    assert "End of input" in res.output and f"Game saved to {save}" in res.output
    saved = json.loads(save.read_text())
    before = om.Game.from_json(saved)
    assert not before.over
    hands = [list(h) for h in before.state.hands]  # the secret hands survive the save
    assert all(len(h) >= 1 for h in hands) or sum(map(len, hands)) > 0
    done = tmp_path / "done.json"
    res = play(
        "--load", str(save), "--seats", "heuristic,human,heuristic", "--seed", "7", "--save", str(done), input=ONES
    )
    assert res.exit_code == 0, res.output
    assert "Winner:" in res.output
    after = om.Game.from_json(json.loads(done.read_text()))
    assert after.over
    assert after.record()["actions"][: len(saved["record"])] == saved["record"]


# ---------------------------------------------------------------------------------- secret hands
def screen_for(game, kinds, seat, since: int) -> str:
    """Everything a Session draws for ``seat``'s prompt (events from ``since`` on): screen, question, choices."""
    console = recording(400)  # wide: no card text is wrapped out of sight
    s, _ = session(game, kinds, Script([]), console)
    s.seen = since
    prompt = game.prompt
    assert prompt is not None and prompt.player == seat
    s.draw_screen(prompt)
    s.show_choices(prompt, s.choices(seat, game.legal_actions(seat)))
    return console.export_text()


def _secret_setup(players: int = 3):
    g = new_game(players)
    hand(g, 0, E_TAKEOVER, E_TALLEST)  # A
    hand(g, 1, E_REVERSE, E_CRASH)  # B
    if players > 2:
        hand(g, 2, E_BARGAIN)
    for p in range(players):
        tower(g, p, [NERF, RAZOR, WILSON][p])
    return g, len(g.history)  # (the deal before the hands were set is not part of these screens)


def _shows(text: str, game, cards) -> list[str]:
    found = []
    for card in cards:
        for needle in (title(card), text_of(game, card)):
            if needle in text:
                found.append(needle)
    return found


def test_a_bot_prompt_never_shows_the_human_hand():
    g, since = _secret_setup()
    kinds = ["human", "heuristic", "heuristic"]
    start_turn(g, 1)  # bot B's turn
    shown = screen_for(g, kinds, 1, since)
    assert not _shows(shown, g, g.state.hands[0])
    assert "2 Empire" in shown  # only the count of A's cards
    # and on A's own prompt, A's cards are shown by name (their text: 'mine'), B's are not
    start_turn(g, 0)
    mine = screen_for(g, kinds, 0, since)
    assert [title(card) for card in g.state.hands[0]] == _shows(mine, g, g.state.hands[0])
    assert "Play Hostile Takeover" in mine
    assert not _shows(mine, g, g.state.hands[1] + g.state.hands[2])


def test_two_humans_see_only_their_own_hand():
    g, since = _secret_setup()
    kinds = ["human", "human", "heuristic"]
    start_turn(g, 0)
    a = screen_for(g, kinds, 0, since)
    assert _shows(a, g, g.state.hands[0]) and not _shows(a, g, g.state.hands[1] + g.state.hands[2])
    start_turn(g, 1)
    b = screen_for(g, kinds, 1, since)
    assert _shows(b, g, g.state.hands[1]) and not _shows(b, g, g.state.hands[0] + g.state.hands[2])
    # a respond prompt goes to the victim only: B is attacked by A's Hostile Takeover
    start_turn(g, 0)
    g.act(0, f"play {E_TAKEOVER}")
    g.act(0, "target 1")
    assert prompt_kind(g) == (1, "respond")
    b = screen_for(g, kinds, 1, since)
    assert "plays Hostile Takeover: your topmost Razor would go into their tower" in b
    assert "None of your cards can block this" in b and " 1) Let it happen" in b
    assert not _shows(b, g, [E_TALLEST])


def test_log_shows_no_one_elses_secret_draws():
    g, _ = _secret_setup(2)
    start_turn(g, 1)
    stack_card(g, EMPIRE, E_HANDS_OFF)
    roll(g, 1, 2, 2)  # B: 4 Empire, draws HANDS OFF! (doubles: roll again)
    assert E_HANDS_OFF in g.state.hands[1]
    start_turn(g, 0)
    script = Script(["log 50"])
    s, console = session(g, ["human", "human"], script)
    s.seen = len(g.history)
    s.run()
    out = console.export_text()
    assert "takes an Empire card" in out
    assert "Player 2 holds" not in out and "Player 1 holds" in out  # A's own secret draws only


def test_whole_games_with_two_humans_never_leak_a_rival_hand():
    """Two humans answering '1' to everything: each screen names only the decider's own cards (or played ones)."""
    for seed in (1, 5, 9):
        g = om.Game("empire", ["Ann", "Bob", "Cy"], seed=seed)
        console = recording(400)
        state = {"mark": 0, "screens": 0}

        # (the loop's values bound as defaults: the script calls this while this seed's game runs)
        def check_screen(prompt: str, g=g, console=console, state=state, seed=seed) -> None:
            text = console.export_text(clear=False)[state["mark"] :]
            state["mark"] += len(text)
            me = g.prompt.player
            public = {e.amount for e in g.history if e.kind == EV_EMPIRE_PLAYED}
            mine_kinds = {g.edition.rules.empire_kind[c] for c in g.state.hands[me]}
            for q in range(g.state.n):
                if q == me:
                    continue
                for card in g.state.hands[q]:
                    if card in public or g.edition.rules.empire_kind[card] in mine_kinds:
                        continue  # a card of the same text was played, or the decider holds one too
                    assert text_of(g, card) not in text, (seed, me, q, card)
            state["screens"] += 1

        s, _ = session(g, ["human", "human", "heuristic"], Script(["1"] * 2000, check_screen), console)
        assert s.run() == 0
        assert g.over and state["screens"] > 10


# ---------------------------------------------------------------------------------- prompts, scripted
def test_sneaky_swap_and_a_card_from_the_keyboard():
    g = new_game(3)
    hand(g, 0, E_TALLEST, E_JSN)
    tower(g, 0, NERF)
    tower(g, 1, SKYPE)
    tower(g, 2, RAZOR)
    g.chance.force_dice(3, SW)  # after the card: 3 and the swapper
    # play Tallest Tower Bonus (choice 3: roll, buy an office, the card), then roll, swap own top with seat 1's
    script = Script(["3", "1", "2", "2"])
    s, console = session(g, ["human", "heuristic", "heuristic"], script)
    s.run()
    out = console.export_text()
    assert " 3) Play Tallest Tower Bonus: collect $200K from the bank" in out
    assert "plays an Empire card" in out and "collects $200K from the bank" in out
    assert "the sneaky swapper! Switch the topmost billboards of two towers" in out
    assert " 1) Don't swap: move 3 to 3 Transformers" in out
    assert " 2) Your own tower (top: Nerf, 1u)" in out
    assert "swap your top (Nerf) with which tower's top?" in out
    assert " 2) Player 2's tower (top: Skype, 4u)" in out
    swaps = [e for e in g.history if e.kind == "tower-swap"]
    assert swaps and swaps[0].player == 0 and swaps[0].info == f"{NERF},{SKYPE}"


def test_free_parking_trip_lists_every_space_in_columns():
    g = new_game(2)
    place(g, 0, FOOD)
    g.chance.force_dice(2, SW)  # 2 with the swapper (no tower to swap): Free Parking
    script = Script(["1", "pick 35"])
    s, console = session(g, ["human", "random"], script)
    s.run()
    out = console.export_text()
    assert "Free Parking: pay $100K for a trip to any space" in out
    assert "35) 35 Xbox (for sale, $400K)" in out and "36) Stay here (no trip)" in out
    assert g.state.position[0] == XBOX and prompt_kind(g) == (0, "buy")


def test_auction_asks_the_bid_amount_and_labels():
    g = new_game(2)
    set_cash(g, 0, 1000)
    g.chance.force_dice(3, 4)  # 7: Polaroid
    script = Script(["1", "2", "2", "150"])  # roll; let it go to auction; bid, 150
    s, console = session(g, ["human", "heuristic"], script)
    s.run()
    out = console.export_text()
    assert " 1) Buy Polaroid for $100K (+1 unit)" in out and " 2) Don't buy: the bank auctions it" in out
    assert "auction of the Polaroid billboard (price $100K, 1 unit)" in out
    assert any("Your bid" in p for p in script.prompts)


def test_jail_rent_and_office_labels():
    g = new_game(3)
    jail(g, 0)
    hand(g, 0, E_JAIL)
    g.state.held[0].append(0 << 8 | C_GOOJF)
    text = " ".join(screen_of(g).action_label(0, a) for a in g.legal_actions(0).actions)
    assert "Roll for doubles" in text and "Pay $100K to leave Jail" in text
    assert "Use your Chance Get Out of Jail Free card" in text and "Play Get Out of Jail Free" in text
    assert "Buy an office for $500K (+4 units; 6 left)" in text
    prompt = screen_of(g).prompt_text(g.prompt)
    c = recording()
    c.print(prompt)
    assert "you are in Jail (try 1 of 3 for doubles)" in c.export_text()
    # rent with a Reverse Rent card in hand
    g = new_game(3)
    tower(g, 1, PUMA)
    hand(g, 0, E_REVERSE)
    roll(g, 0, 5, 6)  # 11: Puma, seat 1's
    assert prompt_kind(g) == (0, "rent")
    labels = [screen_of(g).action_label(0, a) for a in g.legal_actions(0).actions]
    assert labels == ["Pay $100K rent to Player 2", "Play Reverse Rent: Player 2 pays you $100K instead"]


def test_every_prompt_of_many_games_renders():
    kinds_seen = set()
    c = recording()
    for seed in range(12):
        n = 2 + seed % 3
        g = om.Game("empire", n, seed=seed)
        bots = [make_agent("heuristic" if (seed + i) % 2 else "random", seed * 10 + i) for i in range(n)]
        while not g.over:
            p = g.prompt
            kinds_seen.add(p.kind)
            c.print(screen_of(g).prompt_text(p))
            for a in g.legal_actions(p.player).actions:
                label = screen_of(g).action_label(p.player, a)
                assert label and not label.startswith(a.kind + " "), label  # readable, not the raw action
            g.act(p.player, bots[p.player].act(g.view(p.player), p))
        c.print(screen_of(g).board_table(columns=2, width=120))
        c.print(screen_of(g).players_table(["human"] * n))
        c.print(screen_of(g).header())
    assert {"turn", "buy", "auction", "swap", "respond", "choose-player", "choose-space"} <= kinds_seen
