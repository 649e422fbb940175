"""Rules: the family-neutral parts (money, auctions, property, movement, trades, jail, cards, words),
and one package per rules family (``classic``, ``mandalorian``, ``empire``) that strings them into a game.

A family's package holds its ``game`` module (its ``Game`` subclass) and, in ``editions/``, the rules of
its editions whose rulebook differs in code, one module per edition id. ``openmonopoly.registry`` finds
both by name when an edition is first loaded. Nothing in the family-neutral modules imports a family.
"""
