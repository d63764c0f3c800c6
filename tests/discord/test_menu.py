"""Paging a seat's legal actions into select menus of at most 25 options."""

from __future__ import annotations

import discord

from bot.discord.ui import menu
from bot.discord.ui.items import ActionSelect, Board, PageButton, menu_view

BOARD = Board(111, 7, 42)


def choices(*groups: tuple[str, int]) -> list[menu.Choice]:
    return [(f"{word} {i}", f"{word.title()} {i}") for word, n in groups for i in range(1, n + 1)]


def test_small_decisions_fit_one_page():
    actions = [*choices(("place", 6)), ("buy", "Buy"), ("pass", "Pass")]
    assert menu.paginate(actions) == [actions]
    assert menu.placeholder(actions, 0, 1) == "Choose your action…"


def test_groups_stay_together_and_big_groups_are_cut():
    actions = [*choices(("fill", 20), ("take", 30)), ("done", "Done")]
    pages = menu.paginate(actions)
    assert [a for page in pages for a in page] == actions  # all, once, in order
    assert all(len(page) <= 25 for page in pages)
    assert [p[0][0] for p in pages] == ["fill 1", "take 1", "take 26"]  # "take" did not share fill's page
    assert menu.placeholder(pages[1], 1, 3) == "2/3: take 1 … take 25"


def test_more_than_four_pages_get_page_buttons():
    actions = choices(("x", 130))
    view = menu_view(BOARD, actions)
    selects = [c for c in view.children if isinstance(c, ActionSelect)]
    pages = [c for c in view.children if isinstance(c, PageButton)]
    assert len(selects) == 4 and all(len(s.item.options) == 25 for s in selects)
    assert [(p.start, p.item.label) for p in pages] == [(4, "Pages 5–6 ▶")]
    last = menu_view(BOARD, actions, start=4)
    assert [len(c.item.options) for c in last.children if isinstance(c, ActionSelect)] == [25, 5]
    assert [(p.start, p.item.label) for p in last.children if isinstance(p, PageButton)] == [(0, "◀ Pages 1–4")]
    for item in (*view.children, *last.children):  # Discord: custom_id <= 100 characters, labels <= 100
        assert len(item.custom_id) <= 100  # type: ignore[attr-defined]


def test_components_fit_discords_limits():
    long = [("a" * 80, "L" * 150)]
    view = menu_view(Board(2**62, 2**40, 10**9), long)
    (select,) = view.children
    option = select.item.options[0]  # type: ignore[attr-defined]
    assert len(option.label) <= 100 and option.value == "a" * 80
    assert len(select.custom_id) <= 100  # type: ignore[attr-defined]
    assert isinstance(select.item, discord.ui.Select)  # type: ignore[attr-defined]
