"""Players of games with hidden information that decide from what their seat sees, and the
arenas that measure them against each other; one package a game, beside (not inside) its rules."""
