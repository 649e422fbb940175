"""The Mandalorian's token: one die (and Grogu's), cards and Signets drawn on their spaces."""

from . import Movement

MOVEMENT = Movement("grogu", card_spaces=("card", "signet"), defaults=(("grogu_loss", 0.3), ("hideouts_owned", 0.5)))
