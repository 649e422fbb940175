"""Event kinds of the Mandalorian family (besides the shared ones in ``engine.events``).

kind                      player      pos         amount          other           info
"""

from __future__ import annotations

CHARACTER = "character"  # player    -           character       -               -
GROGU = "grogu"  # taker/-1  space/-1    -               from (-1)       taken/free-parking/left/placed
ADVANCE = "imperial-advance"  # player    space       roll            -               -
ENEMY_MOVED = "enemy-moved"  # -         to space    enemy           from space      board/bumped
ENEMY_OUTPOST = "enemy-outpost"  # -         outpost     enemy           from space      -
ENEMY_REMOVED = "enemy-removed"  # -         -           enemy           -               -
GIDEON_ACTIVE = "gideon-active"  # -         -           -               -               hideouts/deck
BATTLE = "battle"  # player    space       enemy card      enemy           -
BATTLE_CARD = "battle-card"  # player    -           Signet card     bonus           -
BATTLE_ROLL = "battle-roll"  # player    -           total           dice (s*10+g)   roll/reroll
BATTLE_WON = "battle-won"  # player    -           enemy card      enemy           -
BATTLE_LOST = "battle-lost"  # player    -           enemy card      enemy           -
CAPTURED = "captured"  # -         space       -               enemy           alone/gideon
SIGNET_KEPT = "signet-kept"  # player    -           Signet card     -               -
SIGNET_RETURNED = "signet-returned"  # player -          Signet card     -               unused/used/given-up
SOLD = "sold-hideout"  # player    space       price           -               -
GAVE_UP = "gave-up"  # player    -           cash handed     creditor        -
SCORE = "score"  # player    -           amount          -               rent/grogu/most-cards
