"""Classic-family editions whose rulebook differs in code: one module (or package) per edition id,
found by name (``openmonopoly.registry.edition_module``); each registers a subclass naming its edition."""
