"""The web front end: each table's read-only page and the game step by step, for spectators (docs/web.md).

``bot.web.app.make_app`` builds the aiohttp application over a ``bot.table.Spectators`` reader; ``kontor web``
(``bot.web.serve``) serves it as a process of its own. Like every front end it reaches the table through
``bot.table``'s public names only (tests/contract/test_layering.py).
"""
