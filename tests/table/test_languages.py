"""What the service keeps of languages: each user's language (from their Discord locale) and the table's."""

from __future__ import annotations

import pytest

from bot.table import TableError, TableService
from tests.table.test_service import ANNA, BEN, CH, lobby


async def test_a_users_language_is_remembered_from_their_locale_and_survives_a_restart(svc: TableService) -> None:
    assert await svc.user_language(ANNA) == "en"
    assert await svc.remember_language(ANNA, "fr") == "fr"
    assert await svc.remember_language(BEN, "pt-BR") == "en"  # a locale Kontor does not speak reads English
    assert await svc.user_language(ANNA) == "fr"
    assert await svc.store.user_language(ANNA) == "fr"
    await svc.remember_language(ANNA, "de")
    assert await svc.store.user_language(ANNA) == "de"


async def test_the_table_language_is_a_setting_with_the_four_languages(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    update = await svc.update_settings(CH, ANNA, language="it")
    assert update.table.settings["language"] == "it"
    with pytest.raises(TableError):
        await svc.update_settings(CH, ANNA, language="klingon")
    assert (await svc.table(CH)).settings["language"] == "it"
