"""The Great Turtle Race's players: agents that see only their view (:mod:`.agent`), the paper's
strategies (:mod:`.strategies`) and searches (:mod:`.search`, compiled in :mod:`.compiled`), the
belief over hidden colours (:mod:`.belief`), rollouts (:mod:`.playouts`), the registry of agents by
name (:mod:`.registry`) and the arena that plays them against each other (:mod:`.arena`)."""
