"""The app's routes, grouped by what they serve; each module's ``add(app, server)`` registers its own."""
