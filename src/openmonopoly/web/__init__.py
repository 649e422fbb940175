"""The web game: FastAPI app, SQL store, live game sessions and the browser client (static/)."""
