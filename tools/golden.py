"""Write the golden playthroughs (tests/playthroughs/*.txt) from the current engine and bots, and the
list of shipped edition files the schema accepts (src/openmonopoly/editions/data/verified.sha256).

    python tools/golden.py              every edition and variant the catalogue declares
    python tools/golden.py classic ...  only these playthroughs (file stems)
    python tools/golden.py --list       the playthroughs and their options

Regenerate only when a change is meant to change games (a rules fix, a bot change), then read the
diff: tests/test_playthroughs.py compares the files with what the engine plays now.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "src")]

from openmonopoly.editions import DATA  # noqa: E402
from openmonopoly.editions.schema import VERIFIED, file_digest, parse_edition  # noqa: E402
from playthrough import DIRECTORY, playthroughs, write  # noqa: E402


def write_verified() -> None:
    """Check every shipped edition file with its family's schema, then list its digest as verified
    (files listed there load without the schema library: see ``editions.schema._verified``)."""
    lines = []
    for path in sorted(DATA.glob("*.json")):
        data = path.read_bytes()
        parse_edition(json.loads(data), str(path), trusted=False)  # raises EditionError for a bad file
        lines.append(f"{file_digest(data)}  {path.name}\n")
    VERIFIED.write_text("".join(lines), encoding="utf-8")
    print(f"wrote {VERIFIED.relative_to(ROOT)}")


def main(argv: list[str]) -> int:
    if "--list" not in argv:
        write_verified()  # first: the playthroughs load the editions
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
