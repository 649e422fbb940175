"""Clone Wars events in words: the optional Star Wars rule's characters and missions."""

from __future__ import annotations

from .....engine.events import Event
from ....words import EventWords
from .characters import EV_CHARACTER
from .missions import EV_ELIMINATED, EV_MISSION, EV_NOTHING


class CloneWarsWords(EventWords):
    def own(self, event: Event) -> str | None:
        kind = event.kind
        if kind not in (EV_CHARACTER, EV_MISSION, EV_NOTHING, EV_ELIMINATED):
            return None
        names = self.names
        p = event.player
        if kind == EV_CHARACTER:
            name, _, side = event.info.partition("|")
            return f"{names[p]} chooses {name} ({side} side)."
        if kind == EV_ELIMINATED:
            return f"Swift Victory: {names[event.other]} eliminates {names[p]} and takes all their land and money."
        if kind == EV_NOTHING:
            return "There is nothing to take."
        what, _, name = event.info.partition(":")
        if what == "offered":
            return f"{names[p]} may send troops on mission {event.other}: {name}."
        if what == "declined":
            return f"{names[p]} keeps the troops at home."
        return f"The mission {'succeeds' if what == 'success' else 'fails'}."
