"""The Mandalorian family (Monopoly: Star Wars The Mandalorian, Season 2 / Grogu).

One concept per module: ``state`` (the state), ``movement`` (rolling, moving,
landing), ``grogu`` (taking, leaving and capturing Grogu), ``enemies`` (Imperial
Advance, outposts, collisions, Moff Gideon's activation), ``battle`` (battles),
``signets`` (the Signet deck and Boba Fett's draw), ``hideouts`` (buying, rent,
selling back, the "can't pay" rule), ``scoring`` (the end of the game),
``words`` (events in this edition's words) and ``game`` (the turn and the hooks).
"""
