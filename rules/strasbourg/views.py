"""Per-viewer projections of a Strasbourg state (structure documented in ``state.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, cast

from rules.strasbourg import names
from rules.strasbourg.data import (
    GUILDS,
    ROUND_CARDS,
    ROUNDS,
)
from rules.strasbourg.steps import step_kind
from rules.views import BaseView
from rules.words import N_, seat_in_text, translator

if TYPE_CHECKING:
    from rules.strasbourg.state import StrasbourgState

_, _n = translator("strasbourg")


class StrasbourgPlayer(TypedDict):
    seat: int
    prestige: int
    stacks: list[int]  # sizes
    deck: int
    city: int
    council: int
    privileges_spent: int
    ready: bool


class StrasbourgPrivate(TypedDict):
    """``private``: what only the viewer's seat sees."""

    coins: int
    goods: dict[str, int]
    privileges: int
    deck: int
    hand: list[int]
    open: list[int]
    stacks: list[list[int]]
    new_from: int
    plan: str
    objectives: dict[str, list[str]]  # dealt, kept, undecided


class StrasbourgView(BaseView):
    """A Strasbourg view (the keys are documented in ``state.py``); nested records are JSON objects."""

    round: int
    step: str | None
    step_kind: str | None
    step_guild: str | None
    merchant_seat: bool
    round_cards: list[dict[str, str]]
    edifices: list[str]
    first_player: int
    council: dict[str, int | None]
    city: dict[str, int]
    built: dict[str, str]
    chapels: list[str]
    players: list[StrasbourgPlayer]
    bid: dict[str, Any] | None
    last: dict[str, Any] | None
    task: dict[str, Any] | None
    options: dict[str, str]
    private: NotRequired[StrasbourgPrivate]  # the viewer's own seat only
    final: NotRequired[list[dict[str, Any]]]  # once over


_STEP_WHAT = {"nobility": N_("Nobility & Church"), "merchants": N_("Merchants"), "chapel": N_("chapel"),
              "edifice": N_("edifice")}


def status_line(st: StrasbourgState) -> str:
    if st.phase == "over":
        return _("Game over")
    waiting = ", ".join(seat_in_text(s) for s in st.to_act())
    if st.phase == "planning":
        return _("Round {round}/{rounds} · planning · waiting for {waiting}").format(
            round=st.round, rounds=ROUNDS, waiting=waiting)
    kind = step_kind(st.letter)
    guild = names.guild_name(st.step_guild())
    what = _("{guild} guild").format(guild=guild) if kind == "guild" else _(_STEP_WHAT[kind])
    return _("Round {round}/{rounds} · step {step} ({what}) · waiting for {waiting}").format(
        round=st.round, rounds=ROUNDS, step=st.letter, what=what, waiting=waiting)


def _stack_sizes(st: StrasbourgState, s: int, p: dict[str, Any], seat: int | None) -> tuple[bool, list[int]]:
    """Whether seat ``s``'s planning is hidden from ``seat`` and the stack sizes ``seat`` sees."""
    hide = st.phase == "planning" and s != seat and not (st.in_turn and p["plan"] == "ready")
    return hide, [len(stack) for stack in (p["stacks"][: p["new_from"]] if hide else p["stacks"])]


def _bid(bid: dict[str, Any]) -> dict[str, Any]:
    return {"status": list(bid["status"]), "revealed": [list(c) for c in bid["cards"]],
            "queue": bid["queue"] + bid["later"]}


def _task(task: dict[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, list) else v) for k, v in task.items() if k != "started"}


def _private(p: dict[str, Any]) -> StrasbourgPrivate:
    return {
        "coins": p["coins"],
        "goods": dict(zip(GUILDS, p["goods"], strict=True)),
        "privileges": p["privileges"],
        **_cards_private(p),  # type: ignore[typeddict-item]  # a plain dict: the bot view shares it
    }


def _cards_private(p: dict[str, Any]) -> dict[str, Any]:
    """The seat's cards, stacks, plan and objectives: the part of ``_private`` the bot reads while planning."""
    return {
        "deck": len(p["deck"]),
        "hand": list(p["hand"]),
        "open": list(p["open"]),
        "stacks": [list(stack) for stack in p["stacks"]],
        "new_from": p["new_from"],
        "plan": p["plan"],
        "objectives": {"dealt": list(p["dealt"]), "kept": list(p["kept"]), "undecided": list(p["undecided"])},
    }


def _bot_private(p: dict[str, Any], planning: bool) -> dict[str, Any]:
    """The part of ``_private(p)`` the basic bot reads while planning (its cards and objectives) or in the steps
    (its holdings, stacks, deck and kept objectives)."""
    if planning:
        return _cards_private(p)
    return {
        "coins": p["coins"],
        "goods": dict(zip(GUILDS, p["goods"], strict=True)),
        "privileges": p["privileges"],
        "deck": len(p["deck"]),
        "stacks": [list(stack) for stack in p["stacks"]],
        "objectives": {"kept": list(p["kept"])},
    }


def build_view(st: StrasbourgState, seat: int | None) -> StrasbourgView:
    over = st.phase == "over"
    players: list[StrasbourgPlayer] = []
    for s, p in enumerate(st.players):
        hide, sizes = _stack_sizes(st, s, p, seat)
        players.append(
            {
                "seat": s,
                "prestige": p["prestige"],
                "stacks": sizes,
                "deck": p["deck_start"] if hide else len(p["deck"]),
                "city": sum(1 for owner in st.city.values() if owner == s),
                "council": sum(1 for holder in st.council.values() if holder == s),
                "privileges_spent": p["privileges_spent"],
                "ready": p["plan"] == "ready",
            }
        )
    action = st.phase == "action"
    letter = st.letter if action else None
    view: StrasbourgView = {
        "game": "strasbourg",
        "num_players": st.num_players,
        "viewer": seat,
        "to_act": st.to_act(),
        "phase": st.phase,
        "status": status_line(st),
        "scores": [p["prestige"] for p in st.players],
        "over": over,
        "round": st.round,
        "step": letter,
        "step_kind": step_kind(letter) if letter else None,
        "step_guild": st.step_guild() if action else None,
        "merchant_seat": letter == "G",
        "round_cards": [{"id": c, **ROUND_CARDS[c]} for c in st.cards],
        "edifices": list(st.edifices),
        "first_player": st.first,
        "council": dict(st.council),
        "city": dict(st.city),
        "built": dict(st.built),
        "chapels": list(st.chapels),
        "players": players,
        "bid": _bid(st.bid) if st.bid is not None else None,
        "last": st.last,
        "task": _task(st.tasks[0]) if st.tasks else None,
        "options": dict(st.options),
    }
    if seat is not None and 0 <= seat < st.num_players:
        view["private"] = _private(st.players[seat])
    if over:
        outcome = st.outcome()
        view["outcome"] = outcome.to_dict()
        view["scores"] = list(outcome.scores)
        view["final"] = [
            {
                "coins": p["coins"],
                "goods": dict(zip(GUILDS, p["goods"], strict=True)),
                "privileges": p["privileges"],
                "objectives": [
                    {"id": o, "met": ok} for o, ok in zip(p["kept"], st.objectives_met(s), strict=True)
                ],
            }
            for s, p in enumerate(st.players)
        ]
    return view


def build_bot_view(st: StrasbourgState, seat: int) -> StrasbourgView:
    """The part of ``build_view(st, seat)`` that ``bot.py`` and ``bot_objectives.py`` read (State.bot_view, for the
    strong bot's playouts): no status text, round cards, last ranking, to_act or scores, and of each player only the
    stack sizes (the bot asks whether a rival has stacks left), of its own holdings only what the bot reads at this
    point (``_bot_private``). Every value equals the full view's.
    While planning the bot reads only its own cards and objectives, the round and the player count, so that is all
    it gets."""
    if st.phase == "planning":
        planning = {"num_players": st.num_players, "viewer": seat, "phase": st.phase, "round": st.round}
        if 0 <= seat < st.num_players:
            planning["private"] = _bot_private(st.players[seat], True)
        return cast(StrasbourgView, planning)
    action = st.phase == "action"
    letter = st.letter if action else None
    view = {
        "num_players": st.num_players,
        "viewer": seat,
        "phase": st.phase,
        "round": st.round,
        "step": letter,
        "step_kind": step_kind(letter) if letter else None,
        "step_guild": st.step_guild() if action else None,
        "merchant_seat": letter == "G",
        "edifices": list(st.edifices),
        "first_player": st.first,
        "council": dict(st.council),
        "city": dict(st.city),
        "built": dict(st.built),
        "chapels": list(st.chapels),
        "players": [{"stacks": [len(stack) for stack in p["stacks"]]} for p in st.players],  # all shown now
        "bid": _bid(st.bid) if st.bid is not None else None,
        "task": _task(st.tasks[0]) if st.tasks else None,
        "options": dict(st.options),
    }
    if 0 <= seat < st.num_players:
        view["private"] = _bot_private(st.players[seat], False)
    return cast(StrasbourgView, view)  # a partial view (the keys the bot reads), so not a complete StrasbourgView
