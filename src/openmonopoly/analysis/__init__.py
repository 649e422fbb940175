"""Analysis: landing probabilities (a Markov chain per rules family, or simulated moves), rents, plots.

Needs NumPy (``pip install openmonopoly[analysis]``); plots need matplotlib.
"""

from .landing import LandingResult, landing

__all__ = ["LandingResult", "landing"]
