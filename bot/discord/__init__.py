"""The Discord front end: everything that imports discord.py (the app, its commands and components, and the
posting of updates, DMs and digests). It reaches the table only through ``bot.table``."""
