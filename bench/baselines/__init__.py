"""Frozen copies of the games' bots as they were before a change, for ``bench.duel``'s head-to-heads.

``<game>.py`` is the bot at commit 280fadf (before the per-game polish): its ``choose`` unchanged, exposed as
``bot_action``. They are measuring sticks, not players: nothing outside ``bench`` imports them.
"""
