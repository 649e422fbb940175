"""The classic family: the standard Monopoly rules and the editions that play them.

One concept per module: ``data`` (the rules section read from an edition file, checked), ``schema`` (the
edition file's schema), ``rent`` (rent owed), ``buildings`` (houses, hotels, the building shortage),
``mortgage`` (mortgages and the 10% on mortgaged properties changing hands), ``debt`` (raising money
and bankruptcy), ``quicker_game`` (the shorter game two editions print), ``game`` (the turn and the
``ClassicGame`` class). ``editions/`` holds the editions with rules of their own, by edition id.
"""
