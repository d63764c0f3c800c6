"""The time bank arithmetic (bot/table/clocks.py): pure functions, no service."""

from __future__ import annotations

import pytest

from bot.table.clocks import (
    AWAY_CAP_S,
    DAY,
    HOUR,
    BankTerms,
    away_until,
    bank_left,
    bank_terms,
    bank_text,
    decide,
    refilled,
    wait_times,
)
from bot.table.settings import normalise_settings, upgrade_settings

DAILY = BankTerms(cap=72 * HOUR, refill=24 * HOUR, remind=12 * HOUR, day=24 * HOUR)


@pytest.mark.parametrize(("pace", "cap", "refill", "remind", "day"), [
    ("live", 0.5, 0.25, 0.125, 0.25), ("fast", 12, 4, 3, 4), ("daily", 72, 24, 12, 24), ("relaxed", 168, 72, 24, 24)])
def test_each_pace_has_its_bank(pace: str, cap: float, refill: float, remind: float, day: float) -> None:
    assert bank_terms(normalise_settings({"pace": pace})) == BankTerms(cap * HOUR, refill * HOUR, remind * HOUR,
                                                                      day * HOUR)


def test_untimed_has_no_bank() -> None:
    assert bank_terms(normalise_settings({"pace": "untimed"})) is None
    assert bank_terms({"deadline_hours": 0}) is None


def test_a_fixed_deadline_is_a_bank_refilled_to_the_full() -> None:
    s = normalise_settings({"deadline_hours": 4, "remind_hours": 3})
    assert bank_terms(s) == BankTerms(4 * HOUR, 4 * HOUR, 3 * HOUR, 4 * HOUR)
    assert refilled(0.0, bank_terms(s)) == 4 * HOUR  # type: ignore[arg-type]


def test_old_tables_keep_what_they_chose() -> None:
    assert bank_terms({"pace": "daily", "remind_hours": 12, "deadline_hours": 24, "caretaker": "bot"}) == DAILY
    custom = upgrade_settings({"pace": "daily", "remind_hours": 2, "deadline_hours": 8, "caretaker": "none"})
    assert (custom["bank_hours"], custom["refill_hours"], custom["remind_hours"]) == (8, 8, 6)
    assert custom["timeout_default"] == "wait"


def test_the_bank_is_charged_while_awaited_and_refilled_up_to_its_size() -> None:
    now = 1000.0
    assert bank_left(None, None, DAILY, now) == 72 * HOUR  # no row yet: a full bank
    assert bank_left(now + 5 * HOUR, 1.0, DAILY, now) == 5 * HOUR  # a running clock: the time to its end
    assert bank_left(now - 5, None, DAILY, now) == 0.0  # never below nothing
    assert refilled(10 * HOUR, DAILY) == 34 * HOUR
    assert refilled(60 * HOUR, DAILY) == 72 * HOUR  # up to the bank's size
    assert refilled(100 * HOUR, DAILY) == 72 * HOUR  # a size lowered meanwhile applies from here


def test_the_reminder_comes_before_the_bank_runs_out() -> None:
    assert wait_times(30 * HOUR, DAILY, 0.0) == (18 * HOUR, 30 * HOUR)
    assert wait_times(10 * HOUR, DAILY, 0.0) == (None, 10 * HOUR)  # inside the window: the turn's ping reminds


def test_away_is_cut_to_fourteen_days_per_game() -> None:
    assert away_until(0.0, 5, 0.0) == 5 * DAY
    assert away_until(0.0, 5, 12 * DAY) == 2 * DAY
    assert away_until(0.0, 1, AWAY_CAP_S) is None


def test_the_majority_of_those_who_answer_decides_and_a_tie_is_the_milder_choice() -> None:
    assert decide({}, 3, final=False) is None
    assert decide({1: "end"}, 3, final=False) is None  # others may still answer
    assert decide({1: "end", 2: "end"}, 3, final=False) == "end"  # more than half of all: no answer can change it
    assert decide({1: "end", 2: "wait", 3: "caretaker-turn"}, 3, final=False) == "wait"  # a tie: the mildest
    assert decide({1: "end"}, 3, final=True) == "end"  # the time is up: those who answered decide
    assert decide({1: "caretaker-seat", 2: "caretaker-turn"}, 4, final=True) == "caretaker-turn"
    assert decide({}, 3, final=True) is None  # nobody answered: the table's default


def test_bank_text() -> None:
    assert [bank_text(s) for s in (52 * HOUR, 3 * DAY, 5 * HOUR + 20 * 60, 12 * 60, 0)] == [
        "2d 4h", "3d", "5h 20m", "12m", "0m"]
