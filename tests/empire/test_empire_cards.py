"""Empire cards (each one) and Chance cards (each one) -- rulebook sections 'Empire' and 'Chance'."""

from __future__ import annotations

from kit import assert_refused, event_kinds, jail, place, prompt_kind, roll, set_cash, stack_card

from .helpers import (
    C_AD,
    C_AWARD,
    C_BIRTHDAY,
    C_CASINO,
    C_FINE,
    C_GOOJF,
    C_JAIL,
    C_JAIL_FRAUD,
    C_PROFITS,
    C_SOLAR,
    C_SPEED,
    C_WATER,
    C_WEBSITE,
    CHANCE,
    E_BARGAIN,
    E_CRASH,
    E_FIRED,
    E_HANDS_OFF,
    E_JAIL,
    E_JSN,
    E_MOVE_ANY,
    E_REVERSE,
    E_SWAP_TOP,
    E_TAKEOVER,
    E_TALLEST,
    E_TAX,
    ELECTRIC,
    EMPIRE,
    GO_TO_JAIL,
    NERF,
    POLAROID,
    RAZOR,
    SW,
    UNIVERSAL,
    VIRGIN,
    WATER,
    WILSON,
    XBOX,
    check,
    hand,
    new_game,
    tower,
)


def on_turn(players: int = 3):
    g = new_game(players)
    return g


# ---------------------------------------------------------------------- Empire space
def test_empire_space_draws_a_secret_card_into_your_hand():
    """Empire: take the top Empire card (it is kept secret until played)."""
    g = on_turn()
    stack_card(g, EMPIRE, E_TALLEST)
    ev = roll(g, 0, 2, 2)  # 4: Empire (doubles: roll again)
    assert g.state.hands[0] == [E_TALLEST]
    draw = [e for e in ev if e.kind == "card"]
    assert draw and draw[0].private_to == 0
    assert any(e.kind == "empire-drawn" and e.private_to == -1 for e in ev)
    assert g.view(1).to_json()["hand"] == [] and g.view(0).to_json()["hand"] == [E_TALLEST]


def test_played_card_is_public_and_goes_to_the_bottom_of_the_pile():
    """Empire: once you've played it, return the card to the bottom of the pile."""
    g = on_turn()
    hand(g, 0, E_TALLEST)
    tower(g, 1, XBOX, UNIVERSAL)  # 8 units: $400K
    ev = g.act(0, f"play {E_TALLEST}")
    assert g.state.decks[EMPIRE][-1] == E_TALLEST and g.state.hands[0] == []
    assert [e for e in ev if e.kind == "empire-played"][0].private_to == -1


def test_tallest_tower_bonus():
    """Tallest Tower Bonus: collect the value of the tallest tower from the bank."""
    g = on_turn()
    hand(g, 0, E_TALLEST)
    tower(g, 1, XBOX, UNIVERSAL)
    g.act(0, f"play {E_TALLEST}")
    assert g.state.cash[0] == 1400 and prompt_kind(g) == (0, "turn")
    check(g)


def test_swap_the_top():
    """Swap the Top: exchange your topmost billboard with a rival's topmost billboard."""
    g = on_turn()
    hand(g, 0, E_SWAP_TOP)
    tower(g, 0, NERF)
    tower(g, 2, XBOX)
    g.act(0, f"play {E_SWAP_TOP}")
    assert prompt_kind(g) == (0, "choose-player") and list(map(str, g.legal_actions(0).actions)) == ["target 2"]
    g.act(0, "target 2")
    assert g.state.tower[0] == [XBOX] and g.state.tower[2] == [NERF]
    check(g)


def test_swap_the_top_not_playable_with_an_empty_tower():
    """Swap the Top needs a billboard of your own."""
    g = on_turn()
    hand(g, 0, E_SWAP_TOP)
    tower(g, 2, XBOX)
    assert_refused(g, 0, f"play {E_SWAP_TOP}", "cannot be played now")


def test_hostile_takeover():
    """Hostile Takeover: take a rival's topmost billboard into your tower."""
    g = on_turn()
    hand(g, 0, E_TAKEOVER)
    tower(g, 1, NERF, XBOX)
    g.act(0, f"play {E_TAKEOVER}")
    g.act(0, "target 1")
    s = g.state
    assert s.tower[0] == [XBOX] and s.tower[1] == [NERF] and s.owner[XBOX] == 0


def test_just_say_no_blocks_an_attack():
    """Just Say No: cancel an action a rival takes against you (the victim is asked)."""
    g = on_turn()
    hand(g, 0, E_TAKEOVER)
    hand(g, 1, E_JSN)
    tower(g, 1, NERF, XBOX)
    g.act(0, f"play {E_TAKEOVER}")
    g.act(0, "target 1")
    assert prompt_kind(g) == (1, "respond")
    assert set(map(str, g.legal_actions(1).actions)) == {"pass", f"play {E_JSN}"}
    ev = g.act(1, f"play {E_JSN}")
    s = g.state
    assert s.tower[1] == [NERF, XBOX] and s.tower[0] == [] and "blocked" in event_kinds(ev)
    assert s.decks[EMPIRE][-2:] == [E_TAKEOVER, E_JSN] and prompt_kind(g) == (0, "turn")


def test_victim_with_cards_is_asked_even_without_a_blocker():
    """Privacy: the victim is asked whenever they hold any card, so the question reveals nothing."""
    g = on_turn()
    hand(g, 0, E_TAKEOVER)
    hand(g, 1, E_TALLEST)
    tower(g, 1, NERF)
    g.act(0, f"play {E_TAKEOVER}")
    g.act(0, "target 1")
    assert prompt_kind(g) == (1, "respond") and list(map(str, g.legal_actions(1).actions)) == ["pass"]
    g.act(1, "pass")
    assert g.state.tower[0] == [NERF]


def test_move_to_any_space_then_roll():
    """Move to Any Space: move forward to any space (passing GO pays), resolve it, then roll as usual."""
    g = on_turn()
    hand(g, 0, E_MOVE_ANY)
    place(g, 0, 30)
    g.act(0, f"play {E_MOVE_ANY}")
    assert prompt_kind(g) == (0, "choose-space")
    assert_refused(g, 0, "pick 30", "choose one of")
    g.act(0, "pick 5")
    assert g.state.position[0] == RAZOR and g.state.cash[0] == 1050 and prompt_kind(g) == (0, "buy")
    g.act(0, "buy")
    assert prompt_kind(g) == (0, "turn")


def test_move_to_any_space_into_jail_ends_the_turn():
    """Move to Any Space onto Go to Jail: to jail, and the turn is over."""
    g = on_turn()
    hand(g, 0, E_MOVE_ANY)
    g.act(0, f"play {E_MOVE_ANY}")
    g.act(0, f"pick {GO_TO_JAIL}")
    assert g.state.in_jail[0] and prompt_kind(g) == (1, "turn")


def test_bargain_business_buys_a_brand_for_100k():
    """Bargain Business: when you land on an unowned brand, buy it for only $100K."""
    g = on_turn()
    hand(g, 0, E_BARGAIN)
    place(g, 0, 30)
    roll(g, 0, 3, 2)  # 35: Xbox, $400K
    assert f"play {E_BARGAIN}" in map(str, g.legal_actions(0).actions)
    g.act(0, f"play {E_BARGAIN}")
    assert g.state.tower[0] == [XBOX] and g.state.cash[0] == 900
    check(g)


def test_empire_get_out_of_jail_free():
    """Empire Get Out of Jail Free: play it at the start of your turn in Jail, then roll and move."""
    g = on_turn()
    hand(g, 0, E_JAIL)
    jail(g, 0)
    g.act(0, f"play {E_JAIL}")
    assert not g.state.in_jail[0] and prompt_kind(g) == (0, "turn")
    hand(g, 0, E_JAIL)
    assert_refused(g, 0, f"play {E_JAIL}", "cannot be played now")


def test_stock_market_crash_every_rival_returns_their_top():
    """Stock Market Crash: every other player returns their topmost billboard to the board."""
    g = on_turn()
    hand(g, 0, E_CRASH)
    tower(g, 0, NERF)
    tower(g, 1, RAZOR, XBOX)
    tower(g, 2, WILSON)
    g.act(0, f"play {E_CRASH}")
    s = g.state
    assert s.tower == [[NERF], [RAZOR], []] and s.stock[XBOX] == 1 and s.stock[WILSON] == 1
    check(g)


def test_reverse_rent():
    """Reverse Rent: on a rival's brand, they pay you their tower value instead."""
    g = on_turn()
    hand(g, 0, E_REVERSE)
    tower(g, 1, RAZOR, XBOX)  # $250K
    roll(g, 0, 2, 3)
    assert prompt_kind(g) == (0, "rent")
    g.act(0, f"play {E_REVERSE}")
    assert g.state.cash[:2] == [1250, 750]


def test_billboard_tax_from_a_rival_with_four_billboards():
    """Billboard Tax: collect $400K from a rival with 4 or more billboards; a rival who cannot pay hands over
    their topmost billboard."""
    g = on_turn()
    hand(g, 0, E_TAX)
    tower(g, 1, NERF, RAZOR, POLAROID)
    assert_refused(g, 0, f"play {E_TAX}", "cannot be played now")
    tower(g, 1, VIRGIN)
    g.act(0, f"play {E_TAX}")
    g.act(0, "target 1")
    assert g.state.cash[:2] == [1400, 600]
    hand(g, 0, E_TAX)
    set_cash(g, 1, 100)
    g.act(0, f"play {E_TAX}")
    g.act(0, "target 1")
    assert g.state.cash[1] == 100 and g.state.tower[0] == [VIRGIN]


def test_youre_fired_returns_any_chosen_brand_and_just_say_no_cannot_stop_it():
    """YOU'RE FIRED! (super card): a chosen brand of a rival goes back to the board; Just Say No can't stop it."""
    g = on_turn()
    hand(g, 0, E_FIRED)
    hand(g, 1, E_JSN)
    tower(g, 1, XBOX, NERF)
    g.act(0, f"play {E_FIRED}")
    g.act(0, "target 1")
    assert prompt_kind(g) == (0, "choose-space") and set(map(str, g.legal_actions(0).actions)) == {"pick 1", "pick 35"}
    g.act(0, f"pick {XBOX}")
    assert prompt_kind(g) == (1, "respond") and list(map(str, g.legal_actions(1).actions)) == ["pass"]
    assert_refused(g, 1, f"play {E_JSN}", "HANDS OFF")
    g.act(1, "pass")
    assert g.state.tower[1] == [NERF] and g.state.stock[XBOX] == 1
    check(g)


def test_hands_off_protects_your_tower_even_from_youre_fired():
    """HANDS OFF! (super card): protects your tower -- it stops YOU'RE FIRED! too."""
    g = on_turn()
    hand(g, 0, E_FIRED)
    hand(g, 1, E_HANDS_OFF)
    tower(g, 1, XBOX)
    g.act(0, f"play {E_FIRED}")
    g.act(0, "target 1")
    g.act(0, f"pick {XBOX}")
    g.act(1, f"play {E_HANDS_OFF}")
    assert g.state.tower[1] == [XBOX]


def test_hands_off_stops_rival_tower_tax_and_a_swap():
    """HANDS OFF! / Just Say No against Rival Tower Tax and a sneaky swap of your tower."""
    g = on_turn()
    tower(g, 1, XBOX)
    tower(g, 0, NERF)
    hand(g, 1, E_HANDS_OFF)
    place(g, 0, 32)
    roll(g, 0, 2, 4)
    g.act(0, "target 1")
    g.act(1, f"play {E_HANDS_OFF}")
    assert g.state.tower[1] == [XBOX]
    g = on_turn()
    tower(g, 1, XBOX)
    tower(g, 0, NERF)
    hand(g, 1, E_JSN)
    roll(g, 0, 4, SW)
    g.act(0, "swap 0")
    g.act(0, "swap 1")
    g.act(1, f"play {E_JSN}")
    assert g.state.tower[:2] == [[NERF], [XBOX]]


# ---------------------------------------------------------------------- Chance
def chance_game(card: int, start: int = 1):
    g = on_turn()
    stack_card(g, CHANCE, card)
    place(g, 0, start)
    return g


def draw(g, d1: int = 2, d2: int = 3):
    return roll(g, 0, d1, d2)  # 1 + 5 -> 6: Chance


def test_chance_card_returns_to_the_bottom():
    """Chance: do what it says immediately and return the card to the bottom of the pile."""
    g = chance_game(C_AD)
    draw(g)
    assert g.state.decks[CHANCE][-1] == C_AD and g.state.cash[0] == 1100


def test_chance_collect_cards():
    """Chance: Business of the Year ($400K), Launch Your Website ($300K)."""
    for card, amount in ((C_AWARD, 400), (C_WEBSITE, 300)):
        g = chance_game(card)
        draw(g)
        assert g.state.cash[0] == 1000 + amount


def test_chance_insider_trading_fine():
    g = chance_game(C_FINE)
    draw(g)
    assert g.state.cash[0] == 800


def test_chance_speed_ahead_up_to_five_spaces():
    """Chance Speed Ahead: move forward 1-5 spaces, your choice."""
    g = chance_game(C_SPEED)
    draw(g)
    assert prompt_kind(g) == (0, "choose-space")
    assert [a.arg for a in g.legal_actions(0).actions] == [7, 8, 9, 10, 11]
    g.act(0, "pick 9")
    assert g.state.position[0] == 9 and prompt_kind(g) == (1, "turn")


def test_chance_water_and_solar_bonus():
    """Chance Water / Solar Power Bonus: a free utility billboard if any is left."""
    g = chance_game(C_WATER)
    draw(g)
    assert g.state.tower[0] == [WATER] and g.state.stock[WATER] == 3 and g.state.cash[0] == 1000
    g = chance_game(C_SOLAR)
    tower(g, 1, ELECTRIC, ELECTRIC, ELECTRIC, ELECTRIC)
    draw(g)
    assert g.state.tower[0] == []


def test_chance_profits_soar_advance_to_go():
    """Chance Profits Soar: advance to GO and collect your tower value."""
    g = chance_game(C_PROFITS)
    tower(g, 0, XBOX)
    draw(g)
    assert g.state.position[0] == 0 and g.state.cash[0] == 1200
    salary = [e for e in g.history if e.kind == "salary"][-1]
    assert g.describe(salary).startswith(f"{g.players[0]} lands on GO and collects their tower value")


def test_chance_go_to_jail_cards():
    for card in (C_JAIL, C_JAIL_FRAUD):
        g = chance_game(card)
        draw(g)
        assert g.state.in_jail[0] and g.state.cash[0] == 1000


def test_chance_birthday_every_other_player_pays_50k_or_a_billboard():
    """Chance Empire's First Birthday: every other player pays you $50K (one who can't hands a billboard)."""
    g = chance_game(C_BIRTHDAY)
    set_cash(g, 2, 0)
    tower(g, 2, XBOX)
    draw(g)
    s = g.state
    assert s.cash == [1050, 950, 0] and s.tower[0] == [XBOX]
    check(g)


def test_chance_casino_night():
    """Chance Casino Night: pick a rival; both roll; the higher roll collects $200K (ties roll again)."""
    g = chance_game(C_CASINO)
    draw(g)
    assert prompt_kind(g) == (0, "choose-player")
    g.chance.force_dice(3, 3, 2, 5)
    g.act(0, "target 2")
    assert g.state.cash == [1000, 1000, 1200]


def test_chance_get_out_of_jail_kept_used_and_sold():
    """Chance Get Out of Jail Free: keep it until needed or sell it to another player."""
    g = chance_game(C_GOOJF)
    draw(g)
    s = g.state
    assert s.held[0] == [C_GOOJF] and C_GOOJF not in s.decks[CHANCE]
    assert g.legal_actions(1).trade_partners == (2, 0)
    g.act(0, "trade 1 give-cards=0 cash=-80")
    g.act(1, "accept")
    assert s.held[1] == [C_GOOJF] and s.cash[:2] == [1080, 920]
    assert_refused(g, 1, "trade 0 give=1", "only get-out-of-jail")
