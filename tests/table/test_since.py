"""Since your last move (``TableService.since_last_move``): exactly the public lines since the player's own latest
move, never a secret, undone moves skipped, and the boards after each move replayed from the log (public views)."""

from __future__ import annotations

from bot.table import TableError, TableService
from tests.table.test_service import ANNA, BEN, CARL, CH, lobby


async def seated(svc: TableService) -> tuple[int, int, list[str]]:
    """A started two-player game: (the user of seat 0, of seat 1, the names by seat)."""
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    update = await svc.start(CH, ANNA, seed=7)
    seats = update.table.seats
    return seats[0].user_id, seats[1].user_id, [s.name for s in seats]  # type: ignore[return-value]


async def test_the_digest_lists_exactly_the_public_lines_since_the_last_own_move(svc: TableService) -> None:
    first, second, names = await seated(svc)
    digest = await svc.since_last_move(CH, second)
    assert digest.first and digest.empty and digest.moves == 0  # nobody moved yet: nothing to tell
    await svc.act(CH, second, (await svc.legal(CH, second))[0][0])  # seat 1 bids first
    await svc.act(CH, first, (await svc.legal(CH, first))[0][0])  # seat 0 bids: the bids are revealed
    update = await svc.act(CH, first, "draw")  # seat 0 draws a secret card (a private line for seat 0 only)
    assert update.awaited == [second]
    secret = update.private[first].events
    assert secret and secret[0].startswith("You drew")

    digest = await svc.since_last_move(CH, second)
    log = await svc.log_entries(CH)
    cut = max(i for i, e in enumerate(log) if e.kind == "player" and e.seat == 1)
    assert digest.lines == tuple(line for e in log[cut + 1:] for line in e.lines)
    assert digest.lines[0] == f"{names[0]} chose a card." and digest.lines[-1] == f"{names[0]} drew a card."
    assert any(line.startswith("Bids revealed") for line in digest.lines)
    assert not any(line in digest.lines for line in secret)
    assert not any("You " in line for line in digest.lines)  # nothing private, for anyone
    assert digest.moves == 2 and digest.moves_by == (names[0],) and not digest.first
    assert digest.boards == ()  # only asked for

    # the player who just moved missed nothing
    assert (await svc.since_last_move(CH, first)).empty


async def test_boards_are_the_public_views_replayed_after_each_move_since(svc: TableService) -> None:
    first, second, _names = await seated(svc)
    await svc.act(CH, second, (await svc.legal(CH, second))[0][0])
    after_bid = await svc.act(CH, first, (await svc.legal(CH, first))[0][0])
    after_draw = await svc.act(CH, first, "draw")
    digest = await svc.since_last_move(CH, second, boards=True)
    assert [b.version for b in digest.boards] == [after_bid.version, after_draw.version]
    assert [b.view for b in digest.boards] == [after_bid.public_view, after_draw.public_view]
    assert all(b.view["viewer"] is None and "hand" not in b.view for b in digest.boards)
    assert digest.boards[-1].last == {"seat": 0, "action": "draw"}
    assert await svc.since_image(digest, 0) is None  # the test service does not render


async def test_undone_moves_are_skipped_and_outsiders_are_refused(svc: TableService) -> None:
    first, second, names = await seated(svc)
    await svc.act(CH, second, (await svc.legal(CH, second))[0][0])
    legal = await svc.legal(CH, first)
    await svc.act(CH, first, legal[0][0])  # reveals: cannot be undone; play on to a move that can
    await svc.act(CH, first, "pass")
    await svc.act(CH, second, "pass")  # round 2 bids: seat 1 moved last
    await svc.act(CH, first, (await svc.legal(CH, first))[0][0])  # seat 0 bids, waiting for seat 1
    await svc.undo(CH, first)  # … and takes it back
    digest = await svc.since_last_move(CH, second)
    assert digest.lines == ()  # the undone bid is not news, nor is its undo
    assert digest.moves == 0
    # the undoer's own latest move is the one before: their undone bid does not count as a move
    mine = await svc.since_last_move(CH, first)
    assert mine.lines == (f"{names[1]} passed.",)
    try:
        await svc.since_last_move(CH, CARL)
    except TableError as exc:
        assert "not playing" in exc.message
    else:
        raise AssertionError("an outsider got a digest")


def test_each_line_of_a_move_carries_its_public_action_and_a_secret_one_none() -> None:
    """The digest keeps, beside each line, the public action of the move it opens (for the front end's marks): a
    Nürnberg robber discard names the card returned in its action, which is secret (``Game.public_action``), so its
    public line carries none; a move's second line and a note carry none either."""
    import rules
    from bot.table.digests import digest_of
    from bot.table.store import GameRow, LogRow, SeatRow

    game = rules.get_game("nuernberg")
    row = GameRow(1, CH, None, "nuernberg", {}, {}, "active", 7, ANNA, 9, None, None, None, 0.0, 0.0, None)
    seats = [SeatRow(0, ANNA, "Anna"), SeatRow(1, BEN, "Ben")]
    log = [
        LogRow(1, "player", 1, 0, ANNA, "roll", ["Anna rolls 7."], 1.0),  # Anna's own move: the cut
        LogRow(2, "player", 2, 1, BEN, "discard wool", ["Ben returns a card to the bank (0 more to return)."], 2.0),
        LogRow(3, "note", 3, None, None, None, ["Ben is away."], 3.0),
        LogRow(4, "bot", 4, 1, None, "settle 12", ["Ben builds a settlement.", "Ben scores 1 point."], 4.0),
    ]
    digest, _rows = digest_of(row, log, seats, 0, ANNA, game)
    assert digest.title == game.title and digest.lines[0].startswith("Ben returns a card")
    assert digest.items() == [(None, "Ben returns a card to the bank (0 more to return)."), (None, "Ben is away."),
                              ("settle 12", "Ben builds a settlement."), (None, "Ben scores 1 point.")]
    assert game.public_action("discard wool") is None  # the rules keep the card secret: so does the digest
