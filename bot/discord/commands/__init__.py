"""Discord command groups. They translate interactions into table calls and outputs into messages; no rule
logic. ``lobby`` (/game …), ``play`` (/move, the turn menu), ``game_commands`` (/<game> … from ``specs``)."""
