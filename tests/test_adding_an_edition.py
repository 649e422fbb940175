"""docs/ARCHITECTURE.md's "Adding an edition" checklist, walked step by step in a copy of the package:
a made-up edition with one rule of its own (Go pays double) is one data file and one module, and then
plays everywhere with no other change: the terminal, simulation, analysis and the RL environments."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EDITION = "goldrush"

RULE = '''"""Gold Rush: the classic game, except that passing Go pays twice the printed salary."""

from __future__ import annotations

from ....registry import register
from ..game import ClassicGame


class GoldRushGame(ClassicGame):
    editions = ("goldrush",)

    def go_salary(self, player: int) -> int:
        return 2 * ClassicGame.go_salary(self, player)


register(GoldRushGame)
'''

# Everything below runs in the copy: each interface finds the edition with no code change.
PLAY_EVERYWHERE = """
import json
import numpy as np
from typer.testing import CliRunner

import openmonopoly as om
from openmonopoly import catalogue
from openmonopoly.agents import make_agent
from openmonopoly.analysis.landing import landing
from openmonopoly.cli.main import app
from openmonopoly.rl.aec import env as aec_env
from openmonopoly.rl.gym import MonopolyGym
from openmonopoly.sim.runner import simulate

out = {}
game = om.Game("goldrush", 3, seed=2)
out["class"] = type(game).__name__
out["salary"] = game.go_salary(0)
out["listed"] = [e.id for e in catalogue.editions() if e.error is None]
out["levels"] = [d["name"] for d in catalogue.difficulties("goldrush")]

played = CliRunner().invoke(
    app,
    ["play", "--edition", "goldrush", "--seats", "human,random,random", "--seed", "3", "--max-rounds", "2"],
    input="1\\n" * 400,
)
out["terminal"] = [played.exit_code, "Gold Rush" in played.output, played.output[-2000:]]

result = simulate("goldrush", 3, 1, ["heuristic", "random", "random"], max_rounds=15)
out["simulated"] = result["games"]

out["landing"] = float(landing("goldrush").probs.sum())

gym = MonopolyGym("goldrush", ("random",), max_rounds=3)
obs, info = gym.reset(seed=1)
steps = 0
done = False
while not done and steps < 2000:
    mask = info["action_mask"]
    obs, reward, terminated, truncated, info = gym.step(int(np.flatnonzero(mask)[0]))
    done = terminated or truncated
    steps += 1
out["gym"] = steps

env = aec_env(edition="goldrush", num_players=2, max_rounds=3)
env.reset(seed=4)
steps = 0
for agent in env.agent_iter(max_iter=3000):
    obs, reward, terminated, truncated, info = env.last()
    env.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    steps += 1
out["aec"] = steps
try:
    import pyspiel
    from openmonopoly.rl import openspiel as om_spiel
except ImportError:
    out["openspiel"] = None
else:
    spiel = pyspiel.load_game(om_spiel.SHORT_NAME, {"edition": "goldrush", "players": 2, "max_rounds": 3})
    state = spiel.new_initial_state()
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(state.legal_actions()[0])
    out["openspiel"] = state.returns()
print(json.dumps(out))
"""


@pytest.mark.slow
def test_the_checklist_makes_an_edition_with_a_rule_of_its_own_that_plays_everywhere(tmp_path: Path) -> None:
    tree = tmp_path / "checkout"
    src = tree / "src"
    shutil.copytree(
        ROOT / "src" / "openmonopoly",
        src / "openmonopoly",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "_native_manifest.json"),
    )
    for part in ("tools/golden.py", "tests/playthrough.py"):
        (tree / part).parent.mkdir(exist_ok=True)
        shutil.copy2(ROOT / part, tree / part)
    package = src / "openmonopoly"

    # 1. The data file: a copy of the family's classic board with its own id, name and words.
    data = json.loads((package / "editions" / "data" / "classic.json").read_text(encoding="utf-8"))
    data.update(id=EDITION, name="Monopoly: Gold Rush")
    data["terms"]["difficulty_expert"] = "Prospector"
    (package / "editions" / "data" / f"{EDITION}.json").write_text(json.dumps(data, indent=2), encoding="utf-8")
    # 3. The rule of its own: one module named by the edition's id. Nothing is declared anywhere.
    (package / "rules" / "classic" / "editions" / f"{EDITION}.py").write_text(RULE, encoding="utf-8")
    # 5. Goldens: the verified list and the edition's playthroughs, as `make golden` writes them.
    env = dict(os.environ, PYTHONPATH=str(src), OPENMONOPOLY_PURE="1")
    env.pop("OPENMONOPOLY_EDITIONS", None)
    stems = [EDITION] + [f"{EDITION}-{o}" for o in ("max-rounds", "rent-must-be-claimed", "utility-rent-reroll")]
    golden = subprocess.run(
        [sys.executable, str(tree / "tools" / "golden.py"), *stems], env=env, capture_output=True, text=True
    )
    assert golden.returncode == 0, golden.stdout + golden.stderr
    verified = (package / "editions" / "data" / "verified.sha256").read_text(encoding="utf-8")
    assert f"  {EDITION}.json" in verified
    playthrough = (tree / "tests" / "playthroughs" / f"{EDITION}.txt").read_text(encoding="utf-8")
    assert playthrough.startswith("# Monopoly: Gold Rush (goldrush)") and "== end:" in playthrough
    salaries = [line for line in playthrough.splitlines() if "GO and collects" in line or "passes GO" in line]
    assert salaries and all("$400" in line for line in salaries), salaries[:3]

    # The compiled core's module list takes the new module in by itself.
    compiled = subprocess.run(
        [sys.executable, "-c", "from openmonopoly import _native; print('\\n'.join(_native.COMPILED))"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert f"openmonopoly.rules.classic.editions.{EDITION}" in compiled.stdout.split()

    played = subprocess.run(
        [sys.executable, "-c", PLAY_EVERYWHERE], env=env, capture_output=True, text=True, cwd=tmp_path
    )
    assert played.returncode == 0, played.stderr[-3000:]
    out = json.loads(played.stdout.strip().splitlines()[-1])
    assert out["class"] == "GoldRushGame" and out["salary"] == 400
    assert EDITION in out["listed"]
    assert out["levels"] == ["Easy", "Normal", "Hard", "Prospector"]
    assert out["terminal"][:2] == [0, True]
    assert out["simulated"] == 3
    assert out["landing"] == pytest.approx(1.0)
    assert out["gym"] > 0 and out["aec"] > 0
    if out["openspiel"] is not None:
        assert len(out["openspiel"]) == 2
