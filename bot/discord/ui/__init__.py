"""Discord-facing pieces: persistent buttons and menus (``items``), the action menu's paging (``menu``),
embeds (``embeds``) and text hygiene (``text``). Nothing here knows a rule."""
