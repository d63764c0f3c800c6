"""The web pages in a real headless Chromium: live updates, the step-through, phones, no JavaScript. Screenshots at
phone and desktop width go to the artifacts folder (``KONTOR_ARTIFACTS``)."""

from __future__ import annotations

from pathlib import Path

from tests.support.chromium import Tab
from tests.web.conftest import Site

PHONE = (390, 844)
DESKTOP = (1280, 900)
NO_OVERFLOW = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
IMAGES_LOADED = "[...document.images].every(i => i.complete && i.naturalWidth > 0)"
ALT_TEXTS = "[...document.images].map(i => (i.getAttribute('alt') || '').trim().length)"


async def test_the_table_page_updates_itself_after_a_move(site: Site, tab: Tab) -> None:
    await tab.goto(site.url())
    key = await tab.eval("document.body.dataset.key")
    moves_before = await tab.eval("document.querySelectorAll('ol.log > li').length")
    first_line = await tab.eval("document.querySelector('ol.log li li').textContent")
    await tab.eval_until("window.__listening = true")  # the same document all along: no reload happened
    await site.move()
    await tab.eval_until(f"document.body.dataset.key !== {key!r}")
    assert await tab.eval("window.__listening") is True, "the page reloaded instead of updating itself"
    assert await tab.eval("document.querySelector('ol.log li li').textContent") != first_line
    assert await tab.eval("document.querySelectorAll('ol.log > li').length") >= min(moves_before, 12)
    await tab.eval_until(IMAGES_LOADED)
    assert (await site.svc.table(4242)).version > 0
    assert tab.console_errors == []


async def test_the_step_through_reaches_the_last_move_and_links_open_at_a_move(site: Site, tab: Tab) -> None:
    await tab.goto(site.url("/moves?move=0"))
    assert await tab.eval("document.querySelector('a[rel=prev]')") is None
    await tab.press("ArrowRight")
    await tab.eval_until("location.search === '?move=1'")
    await tab.eval_until("document.readyState === 'complete' && !!document.querySelector('a[rel=prev]')")
    await tab.press("ArrowLeft")
    await tab.eval_until("location.search === '?move=0'")
    last = await tab.eval("+document.querySelector('input[name=move]').max")
    assert last >= 3
    number = 0
    while number < last:  # Next, one move at a time, to the end
        await tab.eval_until("document.readyState === 'complete'")
        await tab.eval("document.querySelector('a[rel=next]').click()")
        number += 1
        await tab.eval_until(f"location.search === '?move={number}'")
    await tab.eval_until("document.readyState === 'complete'")
    assert await tab.eval("document.querySelector('a[rel=next]')") is None
    assert await tab.eval("document.querySelector('.where').textContent") == f"{last} / {last}"
    await tab.goto(site.url("/moves?move=2"))
    assert await tab.eval("document.querySelector('.where').textContent") == f"2 / {last}"
    assert await tab.eval("document.querySelector('input[name=move]').value") == "2"
    await tab.eval_until(IMAGES_LOADED)
    assert tab.console_errors == []


async def test_a_phone_screen_scrolls_only_down_and_every_image_has_alt_text(site: Site, tab: Tab,
                                                                              artifacts: Path) -> None:
    for name, (width, height) in (("phone", PHONE), ("desktop", DESKTOP)):
        await tab.screen(width, height, mobile=name == "phone")
        for page, path in (("table", ""), ("step", "/moves?move=2")):
            await tab.goto(site.url(path))
            await tab.eval_until(IMAGES_LOADED)
            assert await tab.eval(NO_OVERFLOW), f"the {page} page scrolls sideways at {width} px"
            alts = await tab.eval(ALT_TEXTS)
            assert alts and all(n > 0 for n in alts), f"an image of the {page} page has no alt text"
            await tab.screenshot(artifacts / f"{page}-{name}.png")
    await tab.screen(360, 740, mobile=True)
    await tab.goto(site.url())
    await tab.eval_until(IMAGES_LOADED)
    assert await tab.eval(NO_OVERFLOW), "the table page scrolls sideways at 360 px"


async def test_the_pages_work_without_javascript(site: Site, tab: Tab) -> None:
    await tab.javascript(False)
    await tab.goto(site.url())
    assert await tab.eval("!!document.querySelector('meta[http-equiv=refresh]')"), "no reload without JavaScript"
    await tab.eval_until(IMAGES_LOADED)
    old = await tab.eval("document.body.dataset.key")
    await site.move()
    await tab.goto(await tab.eval("document.querySelector('nav.actions a:last-child').href"))  # its Reload link
    assert await tab.eval("document.body.dataset.key") != old
    await tab.goto(await tab.eval("document.querySelector('nav.actions a').href"))  # the step-through
    last = await tab.eval("document.querySelector('.where').textContent")
    await tab.goto(await tab.eval("document.querySelector('a[rel=first]').href"))
    assert (await tab.eval("document.querySelector('.where').textContent")).startswith("0 / ")
    await tab.goto(await tab.eval("document.querySelector('a[rel=next]').href"))
    assert (await tab.eval("document.querySelector('.where').textContent")).startswith("1 / ")
    assert last.split(" / ")[0] == last.split(" / ")[1]
    await tab.eval_until(IMAGES_LOADED)
