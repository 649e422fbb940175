"""Rules: shared parts (money, auctions, buildings, mortgages, trades, jail, cards) and the families."""
