"""Write the golden playthroughs (tests/playthroughs/*.txt) from the current engine and bots.

    python tools/golden.py              every edition and variant the catalogue declares
    python tools/golden.py classic ...  only these playthroughs (file stems)
    python tools/golden.py --list       the playthroughs and their options

Regenerate only when a change is meant to change games (a rules fix, a bot change), then read the
diff: tests/test_playthroughs.py compares the files with what the engine plays now.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "src")]

from playthrough import DIRECTORY, playthroughs, write  # noqa: E402


def main(argv: list[str]) -> int:
    games = playthroughs()
    if "--list" in argv:
        for pt in games:
            print(pt.name, pt.options)
        return 0
    wanted = set(argv)
    unknown = wanted - {pt.name for pt in games}
    if unknown:
        print("unknown playthroughs: " + ", ".join(sorted(unknown)) + "; known: " + ", ".join(pt.name for pt in games))
        return 2
    for pt in games:
        if not wanted or pt.name in wanted:
            write(pt)
            print(f"wrote {pt.path.relative_to(ROOT)}")
    if not wanted:
        known = {pt.path for pt in games}
        for stale in sorted(set(DIRECTORY.glob("*.txt")) - known):
            stale.unlink()
            print(f"removed {stale.relative_to(ROOT)} (no such edition or variant now)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
