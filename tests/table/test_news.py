"""Private news is kept by the table as it happens (bot/table/news.py): what another player's move brought a player
is stored until delivered, never the mover's own, and the Update names whose news is due when their turn begins.
Only for a service opened with ``news=True`` (the Discord bot); the terminal keeps nothing."""

from __future__ import annotations

from pathlib import Path

from bot.table import TableService
from tests.support.toygame import TALLY
from tests.table.conftest import FakeClock

CH, GUILD = 5, 6


async def seated(path: Path, *, news: bool) -> tuple[TableService, list[int]]:
    svc = await TableService.open(str(path), games={"tally": TALLY}, clock=FakeClock(), news=news)
    await svc.create(CH, GUILD, "tally", 11, "Ana", options={"length": "short", "gifts": "on"},
                     settings={"auto_forced": "off"})
    for user, name in ((12, "Bo"), (13, "Cy")):
        await svc.join(CH, user, name)
    update = await svc.start(CH, 11, seed=4)
    while update.public_view is not None and update.public_view["phase"] == "bid":  # everyone bids
        user = update.awaited[0]
        update = await svc.act(CH, user, (await svc.legal(CH, user))[0][0])
    table = await svc.table(CH)
    return svc, [s.user_id for s in table.seats if s.user_id is not None]


async def test_another_players_gift_is_kept_until_the_takers_turn_names_it(tmp_path: Path) -> None:
    svc, (first, second, last) = await seated(tmp_path / "k.sqlite3", news=True)
    try:
        table = await svc.table(CH)
        assert table.awaited == (first,)
        game = table.game_id
        givers, takers = await svc.pending_news(game, first), await svc.pending_news(game, last)
        update = await svc.act(CH, first, "gift 2")  # gives the last seat a card: news for them alone
        assert update.begins == () and update.news == {}  # the same turn goes on: nobody's news is due yet
        assert await svc.pending_news(game, first) == givers  # the giver's own step is their reply's, not kept
        kept = await svc.pending_news(game, last)
        assert kept is not None and kept.lines[len(takers.lines) if takers else 0:] == [kept.lines[-1]]
        assert "gave you a" in kept.lines[-1]  # one line more, the gift's
        await svc.act(CH, first, "gift 2")
        update = await svc.act(CH, first, "pass")
        assert update.begins == (second,)  # second's turn: their news (the bids' reveal), no gift of course
        assert not any("gave you a" in line for line in update.news[second].lines)
        await svc.act(CH, second, "gift 2")
        update = await svc.act(CH, second, "pass")
        assert update.begins == (last,)
        due = update.news[last]
        assert sum("gave you a" in line for line in due.lines) == 3  # the whole stretch, once, when their turn begins
    finally:
        await svc.close()


async def test_a_service_without_news_keeps_none(tmp_path: Path) -> None:
    svc, (first, _second, last) = await seated(tmp_path / "k.sqlite3", news=False)
    try:
        update = await svc.act(CH, first, "gift 2")
        assert await svc.pending_news(update.table.game_id, last) is None and update.news == {}
    finally:
        await svc.close()
