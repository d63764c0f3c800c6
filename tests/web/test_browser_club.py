"""The club's pages, a finished game's page and the board at full size in a real headless Chromium: at phone width
(390×844) and on a desktop no page scrolls sideways and every image has alt text; the focus panel shows beside the
board; the language switch changes the page's language and keeps it. Screenshots go to the artifacts folder."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.support.chromium import Tab
from tests.web.club_fixture import ANA, Club, open_club
from tests.web.test_browser import ALT_TEXTS, DESKTOP, IMAGES_LOADED, NO_OVERFLOW, PHONE


@pytest.fixture
async def club(tmp_path: Path) -> AsyncIterator[Club]:
    club = await open_club(tmp_path)
    try:
        yield club
    finally:
        await club.close()


async def test_every_new_page_fits_a_phone_and_describes_its_images(club: Club, tab: Tab, artifacts: Path) -> None:
    pages = {"server": club.base, "leaderboard": f"{club.base}/leaderboard/speicherstadt",
             "profile": f"{club.base}/players/{ANA}", "rules": f"{club.base}/rules/strasbourg",
             "final": club.table(club.finished, "/final"), "zoom": club.table(club.running, "/zoom"),
             "table-focus": club.table(club.running)}
    for screen, (width, height) in (("phone", PHONE), ("desktop", DESKTOP)):
        await tab.screen(width, height, mobile=screen == "phone")
        for name, path in pages.items():
            await tab.goto(club.url(path))
            await tab.eval_until(IMAGES_LOADED)
            assert await tab.eval(NO_OVERFLOW), f"the {name} page scrolls sideways at {width} px"
            alts = await tab.eval(ALT_TEXTS)
            assert all(n > 0 for n in alts), f"an image of the {name} page has no alt text"
            await tab.screenshot(artifacts / f"{name}-{screen}.png")
    assert tab.console_errors == []


async def test_the_table_shows_the_focus_panel_and_opens_the_board_at_full_size(club: Club, tab: Tab) -> None:
    await tab.screen(*PHONE, mobile=True)
    await tab.goto(club.url(club.table(club.running)))
    await tab.eval_until(IMAGES_LOADED)
    sources = await tab.eval("[...document.querySelectorAll('figure.board img')].map(i => i.getAttribute('src'))")
    assert any("/board.png" in s for s in sources) and any("/focus.png" in s for s in sources)
    assert (await tab.eval("document.querySelectorAll('figure.board img')[1].alt")).startswith("Zoom: ")
    await tab.eval("document.querySelector('figure.board a').click()")
    await tab.eval_until("location.pathname.endsWith('/zoom') && document.readyState === 'complete'")
    await tab.eval_until(IMAGES_LOADED)
    # the board at the size it was drawn, wider than the phone: its box scrolls, the page does not
    assert await tab.eval("document.querySelector('.zoombox img').naturalWidth > 390")
    assert await tab.eval("document.querySelector('.zoombox img').getBoundingClientRect().width > 390")
    assert await tab.eval("document.querySelector('.zoombox').scrollWidth > document.querySelector('.zoombox')"
                          ".clientWidth")
    assert await tab.eval(NO_OVERFLOW)
    assert await tab.eval("!/user-scalable=no|maximum-scale/.test(document.querySelector('meta[name=viewport]')"
                          ".content)"), "the page forbids pinching"


async def test_the_language_switch_changes_the_page_and_remembers_it(club: Club, tab: Tab) -> None:
    await tab.goto(club.url(club.base))
    assert await tab.eval("document.documentElement.lang") == "en"
    await tab.eval("document.querySelector('nav.langs a[hreflang=fr]').click()")
    await tab.eval_until("document.documentElement.lang === 'fr' && document.readyState === 'complete'")
    assert await tab.eval("document.querySelector('nav.langs a[aria-current]').hreflang") == "fr"
    await tab.goto(club.url(club.table(club.finished, "/final")))  # another page, no ?lang: the cookie
    assert await tab.eval("document.documentElement.lang") == "fr"
