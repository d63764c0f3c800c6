"""What the front ends receive of the hints and the reviews (docs/learning.md), and those in words: one text for
Discord and the terminal alike, in the language spoken (the reader's)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from babel.numbers import format_percent

from bot.table.club.report import EndReport
from rules.words import language, number, translator

_, _n = translator("bot")


@dataclass(frozen=True)
class HintOption:
    """One of the strong bot's best options: the action, its label (players named, in the asker's language), the
    sampled futures it was played in, its win share and mean final margin, and how many points it did better than
    the next option on average (None for the last)."""

    action: str
    label: str
    rounds: int
    wins: float
    margin: float
    ahead: float | None


@dataclass(frozen=True)
class Hint:
    game_id: int
    version: int
    seat: int
    options: tuple[HintOption, ...]  # best first; one when the decision has a single option


@dataclass(frozen=True)
class ReviewItem:
    """One decision of a review: where the game stood (the public status line, the public view and the last move
    before it, to draw the board), the move made and the strong bot's, their figures on the same sampled futures."""

    version: int  # the board version the decision was made on
    status: str
    chosen: str  # labels, players named, in the reader's language
    best: str
    points: float  # how many points better the bot's move did on average
    wins_chosen: float
    wins_best: float
    rounds: int
    view: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    last: dict[str, Any] | None = None


@dataclass(frozen=True)
class Review:
    """A player's review of a finished game: ``status`` 'ready' (``items``, worst first), 'preparing' (the background
    job works on it) or 'failed'."""

    game_id: int
    game: str
    title: str
    status: str
    items: tuple[ReviewItem, ...] = ()
    evaluated: int = 0  # decisions the job looked at
    names: tuple[str, ...] = ()


def percent(share: float) -> str:
    """A share as the reader's language writes a percentage (41 %, 41%)."""
    lang = language()
    return format_percent(share, locale=lang if lang in ("en", "fr", "de", "it") else "en")


def points(value: float) -> str:
    return number(round(value, 1))


def signed(value: float) -> str:
    """Points with their sign (+3.2, −1.5, 0)."""
    shown = round(value, 1)
    return ("+" if shown > 0 else "") + number(shown)


def hint_lines(hint: Hint) -> list[str]:
    """The hint in words: the options, best first, each with what the search found."""
    if len(hint.options) == 1:
        return [_("💡 You have only one option here: {label}.").format(label=hint.options[0].label)]
    rounds = min(o.rounds for o in hint.options)
    lines = [_n("💡 The strong bot's two best options, from what you can see ({n} sampled future each):",
                "💡 The strong bot's two best options, from what you can see ({n} sampled futures each):",
                rounds).format(n=number(rounds))]
    for i, option in enumerate(hint.options, 1):
        found = _("wins {share} of the sampled futures, {margin} points against the best rival on average").format(
            share=percent(option.wins), margin=signed(option.margin))
        if option.ahead is not None:
            found += "; " + _("{points} points on average against the next best").format(points=signed(option.ahead))
        lines.append(f"{i}. {option.label} — {found}")
    lines.append(_("A hint weighs what you can see, never another player's secrets. This game is marked as played "
                   "with hints."))
    return lines


def review_lines(review: Review) -> list[str]:
    """The review in words, without its images (the front ends add each item's board)."""
    title = _(review.title)
    if review.status == "preparing":
        return [_("🔎 Your review of {title} (game #{id}) is being prepared: the strong bot is going through your "
                  "decisions in the background. Ask again in a minute or two.").format(title=title, id=review.game_id)]
    if review.status == "failed":
        return [_("Your review of {title} (game #{id}) could not be prepared.").format(title=title, id=review.game_id)]
    head = [_("🔎 What the strong bot would have done — {title} (game #{id}).").format(title=title, id=review.game_id)]
    if not review.items:
        return [*head, _n("Of the {n} decision of yours it looked at, none lost clearly against its own choice.",
                          "Of the {n} decisions of yours it looked at, none lost clearly against its own choice.",
                          review.evaluated).format(n=number(review.evaluated))]
    head.append(_n("The decisions of yours that lost most against its evaluation ({n} looked at):",
                   "The decisions of yours that lost most against its evaluation ({n} looked at):",
                   review.evaluated).format(n=number(review.evaluated)))
    return head + [line for i, item in enumerate(review.items, 1) for line in item_lines(i, item)]


def item_lines(index: int, item: ReviewItem) -> list[str]:
    return [f"{index}. {item.status}",
            "   " + _("You chose: {label}").format(label=item.chosen),
            "   " + _("The strong bot would have chosen: {label}").format(label=item.best),
            "   " + _n("Its choice did {points} points better on average over {n} sampled future, winning {best} "
                       "of them against {chosen} for yours.",
                       "Its choice did {points} points better on average over {n} sampled futures, winning {best} "
                       "of them against {chosen} for yours.", item.rounds).format(
                points=points(item.points), n=number(item.rounds), best=percent(item.wins_best),
                chosen=percent(item.wins_chosen))]


def hints_note(report: EndReport) -> str | None:
    """The end report's word on hints: who played with them (None: nobody)."""
    if not report.hints:
        return None
    return _("played with hints: {names}").format(names=", ".join(
        _n("{name} ({n} decision)", "{name} ({n} decisions)", n).format(name=name, n=number(n))
        for name, n in report.hints))

