"""Monopoly Star Wars The Clone Wars: its own rules (``game.py``), the Star Wars rule's characters and missions."""
