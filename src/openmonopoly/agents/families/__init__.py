"""The heuristic bots of the families with a bot of their own, one module per family (or edition) id,
found by name along the rules class's MRO (``registry.find_face``); each names its bot ``HEURISTIC``,
a subclass of ``engine.agent.CompiledAgent``."""
