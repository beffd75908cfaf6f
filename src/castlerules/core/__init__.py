"""The game-agnostic kernel: protocol, clause registry, chance, errors, records, play, theorems."""
