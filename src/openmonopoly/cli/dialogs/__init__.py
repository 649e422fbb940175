"""The terminal's dialogs: the questions a menu choice opens before an action is taken.

Each dialog is a function of the running ``Session`` (its console, its input and its game) and the
deciding seat; it returns what the session does next, as ``Session.handle`` does: "acted" (the game moved
on), "choices" (show the question and the choices again) or "stay" (a message; the choices stay in view).
"""
