"""Application emojis for goods, resources, buildings and coins (``app_emojis``), and which thing an action is about
(``things``); the pictures are ``png/`` (drawn by ``python -m bot.tools.emojis write`` from render/emoji_art.py)."""

from bot.discord.emojis.app_emojis import AppEmojis as AppEmojis
from bot.discord.emojis.things import thing_of as thing_of
