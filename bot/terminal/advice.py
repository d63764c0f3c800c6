"""The terminal's ``hint`` and ``review`` (docs/learning.md): the strong bot's two best options for the decision at
hand, and what it would have done in a finished game, each decision's board written to an image file beside the
table's. The table decides (``TableService.hint``, ``review``); a refusal is printed as its one sentence."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from bot.table import TableError, TableService, hint_lines, review_lines
from rules.words import N_, translator

_, _n = translator("bot")

HELP = N_("'hint' the strong bot's two best options for your decision (unrated games only), 'review' what it would "
          "have done in your latest finished game at this table.")


async def hint(svc: TableService, channel: int, user: int, say: Callable[[str], None]) -> None:
    say(_("The strong bot weighs your options…"))
    try:
        given = await svc.hint(channel, user)
    except TableError as err:
        say(_("Refused: {reason}").format(reason=err))
        return
    for line in hint_lines(given):
        say(line)


async def review(svc: TableService, channel: int, user: int, say: Callable[[str], None], board: Path) -> None:
    """``user``'s review of their latest finished game at the table; waits for it while it is prepared."""
    try:
        done = await svc.review(user, channel)
        if done.status == "preparing":
            say(review_lines(done)[0])
            done = await svc.review(user, channel, wait=True)
    except TableError as err:
        say(_("Refused: {reason}").format(reason=err))
        return
    for line in review_lines(done):
        say(line)
    for i in range(len(done.items)):
        png = await svc.review_image(done, i)
        if png:
            path = board.with_name(f"{board.stem}-review-{i + 1}.png")
            path.write_bytes(png)
            say("  " + _("Decision {n}'s board: {path}").format(n=i + 1, path=path.resolve()))
