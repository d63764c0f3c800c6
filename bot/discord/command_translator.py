"""The slash-command tree in French, German and Italian, through discord.py's own ``app_commands.Translator``.

``tree.sync()`` (and ``Command.get_translated_payload``) asks the translator for every name, description and
choice in every locale; Discord then shows each user the commands in their client's language, and sends the
English names back whatever the user saw, so the handlers never change. The texts live in the "commands" catalog
domain (``bot.discord.command_texts`` lists them), looked up with the translation context's location as gettext context.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.lang import speaker_for

DOMAIN = "commands"
#: The Discord locales Kontor translates the tree for (every other locale sees English).
LOCALES: dict[discord.Locale, str] = {
    discord.Locale.french: "fr",
    discord.Locale.german: "de",
    discord.Locale.italian: "it",
}


def translated(text: str, lang: str, where: app_commands.TranslationContextLocation) -> str:
    """``text`` (a name, description or choice of the tree) in ``lang``; the English when the catalog has none."""
    speaker = speaker_for(lang)
    pgettext = getattr(speaker, "pgettext", None)
    return text if pgettext is None else str(pgettext(DOMAIN, where.name, text))


class CatalogTranslator(app_commands.Translator):
    """Answers from the "commands" catalogs; None (no localisation) where the text reads the same as in English."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        lang = LOCALES.get(locale)
        if lang is None:
            return None
        # ``locale_str("drop", catalog="drop (out of a tournament)")``: a name whose English is another command's
        # (a game's card "drop") has its own catalog entry, since a name's translation is keyed by its text alone.
        key = str(string.extras.get("catalog", string.message))
        text = translated(key, lang, context.location)
        return text if text not in (key, string.message) else None
