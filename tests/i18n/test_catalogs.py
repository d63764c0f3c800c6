"""The catalogs match the code: every text translated in French, German and Italian, none stale, and every
translation keeps the English text's placeholders (``python -m bot.tools.catalogs check`` says the same)."""

from __future__ import annotations

import pytest

from bot.lang import domains
from bot.tools import catalogs


@pytest.mark.parametrize("domain", domains())
def test_the_catalogs_of_a_domain_are_complete(domain: str) -> None:
    assert catalogs.problems(domain) == []


def test_every_domain_is_known_to_the_extractor() -> None:
    assert set(catalogs.sources()) == set(domains())


def test_a_missing_a_stale_and_a_wrong_placeholder_entry_are_each_reported(tmp_path, monkeypatch) -> None:
    from babel.messages.pofile import write_po

    monkeypatch.setattr(catalogs, "LOCALES_DIR", tmp_path)
    monkeypatch.setattr(catalogs, "template", lambda domain: _catalog(("Hello {name}", ""), ("Bye", "")))
    for lang in catalogs.TRANSLATED:
        path = catalogs.po_path(lang, "core")
        path.parent.mkdir(parents=True)
        with path.open("wb") as handle:
            write_po(handle, _catalog(("Hello {name}", "Salut {nom}"), ("Gone", "Parti")))
    found = catalogs.problems("core")
    assert any("'Hello {name}'" in line and "placeholders" in line for line in found)
    assert any("'Bye'" in line and "missing" in line for line in found)
    assert any("'Gone'" in line and "stale" in line for line in found)


def _catalog(*pairs: tuple[str, str]):
    from babel.messages.catalog import Catalog

    catalog = Catalog(domain="core")
    for msgid, msgstr in pairs:
        catalog.add(msgid, msgstr)
    return catalog
