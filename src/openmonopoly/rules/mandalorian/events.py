"""Event kinds of the Mandalorian family (besides the shared ones in ``engine.events``).

kind                      player      pos         amount          other           info
"""

from __future__ import annotations

from typing import Final

CHARACTER: Final = "character"  # player    -           character       -               -
GROGU: Final = "grogu"  # taker/-1  space/-1    -               from (-1)       taken/free-parking/left/placed
ADVANCE: Final = "imperial-advance"  # player    space       roll            -               -
ENEMY_MOVED: Final = "enemy-moved"  # -         to space    enemy           from space      board/bumped
ENEMY_OUTPOST: Final = "enemy-outpost"  # -         outpost     enemy           from space      -
ENEMY_REMOVED: Final = "enemy-removed"  # -         -           enemy           -               -
GIDEON_ACTIVE: Final = "gideon-active"  # -         -           -               -               hideouts/deck
BATTLE: Final = "battle"  # player    space       enemy card      enemy           -
BATTLE_CARD: Final = "battle-card"  # player    -           Signet card     bonus           -
BATTLE_ROLL: Final = "battle-roll"  # player    -           total           dice (s*10+g)   roll/reroll
BATTLE_WON: Final = "battle-won"  # player    -           enemy card      enemy           -
BATTLE_LOST: Final = "battle-lost"  # player    -           enemy card      enemy           -
CAPTURED: Final = "captured"  # -         space       -               enemy           alone/gideon
SIGNET_KEPT: Final = "signet-kept"  # player    -           Signet card     -               -
SIGNET_RETURNED: Final = "signet-returned"  # player -          Signet card     -               unused/used/given-up
SOLD: Final = "sold-hideout"  # player    space       price           -               -
GAVE_UP: Final = "gave-up"  # player    -           cash handed     creditor        -
SCORE: Final = "score"  # player    -           amount          -               rent/grogu/most-cards
