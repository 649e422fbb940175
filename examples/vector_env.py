"""Step 8 self-play games at once with random legal actions (batched NumPy arrays, Gymnasium's vector API).

python examples/vector_env.py
"""

import numpy as np

from openmonopoly.rl.vector import MonopolyVectorEnv

venv = MonopolyVectorEnv(8, edition="classic", num_players=4, max_rounds=50)
obs, info = venv.reset(seed=1)
rng = np.random.default_rng(1)
games = 0
for _ in range(5000):
    actions = venv.sample_legal(info["action_mask"], rng)  # a policy would read obs and the mask here
    obs, reward, terminated, truncated, info = venv.step(actions)
    games += int((terminated | truncated).sum())
print(f"observations {obs.shape} {obs.dtype}, masks {info['action_mask'].shape}; {games} games ended")
venv.close()
