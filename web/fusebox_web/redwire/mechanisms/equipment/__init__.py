"""The page's side of the equipment cards: one module per engine module of the same name."""
