"""The club's two charts with their words (docs/ratings.md): a player's rating after each rated game of the season
(``/game profile``) and each player's points after each round (the report at the end of a game). The words — title,
axes, and the alt text a screen reader says instead of the picture — are made in the language spoken now (the viewer's
for a profile, the table's for the end report); the image goes through the image pipeline (``BoardImages.chart``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from bot.table.club.report import EndReport
from bot.table.club.round_scores import round_scores
from bot.table.club.views import ProfileGame
from bot.table.core import TableCore, channel_speaking
from bot.table.images import BoardImages
from bot.table.replaying import applied
from bot.table.store import GameRow
from rules.core import ALT_TEXT_MAX
from rules.words import number, translator

_, _n = translator("bot")

log = logging.getLogger("bot.table")

#: the fewest points a chart is drawn with (one point is no line: the words say so instead)
MIN_POINTS = 2


@dataclass(frozen=True)
class Chart:
    """An image to attach: its PNG, its alt text and its file name."""

    png: bytes
    alt: str
    filename: str


def _clip(text: str) -> str:
    return text if len(text) <= ALT_TEXT_MAX else text[:ALT_TEXT_MAX - 1].rstrip() + "…"


# ---- the profile's rating -----------------------------------------------------------------------------------------
def rating_title(name: str, game: str, season: int) -> str:
    return _("{name} — rating in {game}, season {season}").format(name=name, game=game, season=season)


def rating_alt(name: str, game: str, season: int, points: Sequence[int]) -> str:
    """The rating chart in words: how many games, the first and last figure, the lowest and highest."""
    return _clip(_n("Chart of {name}'s rating in {game}, season {season}, after each of {n} rated game: first {first}, "
                    "last {last}, lowest {low}, highest {high}.",
                    "Chart of {name}'s rating in {game}, season {season}, after each of {n} rated games: first {first},"
                    " last {last}, lowest {low}, highest {high}.", len(points)).format(
        name=name, game=game, season=season, n=number(len(points)), first=number(points[0]),
        last=number(points[-1]), low=number(min(points)), high=number(max(points))))


async def rating_charts(images: BoardImages, games: Sequence[ProfileGame], name: str, season: int) -> list[Chart]:
    """A chart of each game's rating this season with at least ``MIN_POINTS`` rated games (a game whose chart could
    not be drawn goes without one)."""
    out = []
    for g in games:
        if len(g.history) < MIN_POINTS:
            continue
        title = _(g.title)
        png = await images.chart(rating_title(name, title, season), _("Rated games this season"), _("Rating"),
                                 range(1, len(g.history) + 1), [(name, 0, g.history)], from_zero=False)
        if png is not None:
            out.append(Chart(png, rating_alt(name, title, season, g.history), f"rating-{g.game}.png"))
    return out


# ---- the end report's rounds --------------------------------------------------------------------------------------
def scores_title(report: EndReport) -> str:
    last = report.rounds.rounds[-1] if report.rounds else 0
    return _("Points after each round — {game} (round {last}: the final score)").format(game=_(report.title),
                                                                                        last=last)


def scores_alt(report: EndReport) -> str:
    """The chart of the rounds in words: each player's points after every round, or, where that is too long for a
    screen reader's 1,024 characters, their first and final points and their highest."""
    rounds = report.rounds
    if rounds is None:
        return ""
    head = _("Chart of the points after each round of {game}, rounds {first} to {last}; round {last} shows the final"
             " score.").format(game=_(report.title), first=rounds.rounds[0], last=rounds.rounds[-1])
    seats = sorted(report.seats, key=lambda s: (s.rank, s.seat))
    full = [_("{name}: {scores}.").format(name=s.name, scores=", ".join(number(v) for v in rounds.after(s.seat)))
            for s in seats]
    text = " ".join([head, *full])
    if len(text) <= ALT_TEXT_MAX:
        return text
    short = [_("{name}: {first} after round {round}, {final} at the end, highest {high}.").format(
        name=s.name, first=number(rounds.after(s.seat)[0]), round=rounds.rounds[0],
        final=number(rounds.after(s.seat)[-1]), high=number(max(rounds.after(s.seat)))) for s in seats]
    return _clip(" ".join([head, *short]))


async def score_chart(images: BoardImages, report: EndReport) -> Chart | None:
    """The chart of the points after each round, or None: the game charts no rounds (``report.rounds`` None) or the
    image failed."""
    rounds = report.rounds
    if rounds is None:
        return None
    series = [(s.name, s.seat, rounds.after(s.seat)) for s in sorted(report.seats, key=lambda s: s.seat)]
    png = await images.chart(scores_title(report), _("Round"), _("Points"), rounds.rounds, series)
    return None if png is None else Chart(png, scores_alt(report), "scores.png")


# ---- after the end's commit ---------------------------------------------------------------------------------------
async def with_rounds(core: TableCore, report: EndReport, row: GameRow,
                      players: int) -> tuple[EndReport, Chart | None]:
    """The report with each player's points after each round (``EndReport.rounds``), and their chart in the table's
    language when the table draws images. Called just after the end's commit, outside its transaction: the replay is
    CPU work (in a thread) that needs only the committed log, and the writer's lock is not held meanwhile. Never
    raises: a log that does not replay leaves the report without rounds (logged)."""
    game = core.games.get(report.game)
    if game is None or row.seed is None or not game.running_score:
        return report, None
    try:
        moves = [(r.seat, r.action, r.rules) for r in applied(await core.store.log(row.id))
                 if r.seat is not None and r.action is not None]
        rounds = await asyncio.to_thread(round_scores, game, players, row.seed, row.options, moves)
    except Exception as exc:  # the report goes without its chart, never without its post
        log.warning("game %d: no scores by round (%s)", row.id, type(exc).__name__)
        return report, None
    if rounds is None:
        return report, None
    report = dataclasses.replace(report, rounds=rounds)
    if not core.render:
        return report, None
    with channel_speaking(row.settings):  # the end report is the channel's: in the table's language
        return report, await score_chart(core.images, report)
