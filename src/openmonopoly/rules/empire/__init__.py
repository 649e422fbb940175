"""Monopoly Empire: fill your tower with billboards first.

One concept per module: ``data`` (edition file checks and tables), ``kinds``
(action and event kinds), ``tower`` (billboards, tower value, offices, the
win), ``swapper`` (the sneaky-swapper die), ``spaces`` (landing: brands,
utilities, taxes, Free Parking), ``empire_cards`` (the secret hand cards and
the answers to attacks), ``chance_cards`` (the Chance effects of this
edition), ``game`` (state, turn and the ``EmpireGame`` class), ``words``
(events as text).
"""
