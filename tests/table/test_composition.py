"""The table is composed, not inherited (docs/service.md, "Where the code lives"): ``TableService`` is a façade whose
public methods are its parts', each part holds the one shared core and cache object, and no part is built on
another."""

from __future__ import annotations

import inspect
from pathlib import Path

from bot.table import TableService
from bot.table.core import Part, TableCore
from bot.table.service import _Forward
from bot.table.store import Store


def forwards() -> dict[str, _Forward[..., object]]:
    return {name: value for name, value in vars(TableService).items() if isinstance(value, _Forward)}


def test_the_service_is_a_facade_not_a_tower() -> None:
    assert TableService.__mro__ == (TableService, object)
    parts = {cls for cls in _all_subclasses(Part)}
    assert len(parts) >= 14
    for cls in parts:
        assert cls.__bases__ == (Part,), f"{cls.__name__} is built on {cls.__bases__}"


def _all_subclasses(cls: type) -> set[type]:
    found = set(cls.__subclasses__())
    return found.union(*(_all_subclasses(c) for c in found)) if found else found


async def test_every_part_shares_the_one_core_and_cache(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "k.sqlite3"))
    service = TableService(store)
    try:
        parts = [value for value in vars(service).values() if isinstance(value, Part)]
        assert len(parts) >= 14 and isinstance(service.core, TableCore)
        assert all(part.core is service.core and part.caches is service.core.caches for part in parts)
        for name, forward in forwards().items():
            part = getattr(service, forward.part)
            assert isinstance(part, (Part, TableCore)), name
            # the façade's method is the part's own: same function, same signature, nothing in between
            assert getattr(service, name).__func__ is getattr(type(part), name), name
            assert inspect.signature(getattr(service, name)) == inspect.signature(getattr(part, name)), name
    finally:
        await store.close()


def test_the_facade_keeps_the_public_api() -> None:
    """Every method the front ends and docs/service.md use is on the façade (a forward or its own)."""
    used = {"act", "create", "join", "leave", "add_bot", "remove_bot", "start", "abandon", "vote_abandon",
            "abandon_votes", "replace", "update_settings", "set_live_message", "set_dm_ok", "dm_ok", "dm_status",
            "member_left", "vote_seat", "wake_bots", "undo", "can_undo", "orders", "set_order", "cancel_order",
            "my_order", "due", "next_due", "vote_timeout", "reclaim", "away", "back", "pause", "resume",
            "pause_server", "move_here", "table", "table_of_game", "legal", "waiting_since", "private_view",
            "public_view", "board_image", "log", "my_games", "history", "rebuild", "replay", "date_logs",
            "log_entries", "game_list", "record", "rematch", "rematch_join", "since_last_move", "since_image",
            "notify_pref", "set_notify_pref", "remember_language", "user_language", "quiet_hours", "time_zone",
            "set_quiet_hours", "quiet_until", "digest_due", "digest_sent", "add_news", "pending_news", "news_users",
            "news_games", "news_delivered", "drop_old_news", "screen", "game", "drain", "refresh", "open", "load",
            "close", "store", "shards", "clock", "images", "search", "render", "games"}
    assert used <= set(dir(TableService))
