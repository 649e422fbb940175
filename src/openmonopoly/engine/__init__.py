"""The engine core: game, state, actions, events, chance and the pending-step flow."""
