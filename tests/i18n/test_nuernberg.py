"""Die Siedler von Nürnberg in every language: its catalogs are complete, every text of whole games goes through
them (the pseudo-locale leaves no plain English word), and every image fits in French, German, Italian and the
40%-longer pseudo-locale (no text cut, none off the canvas or outside its panel)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from typing import Any, cast

import pytest

from bot.lang import PSEUDO, speaking
from bot.tools import catalogs
from render import nuernberg as nb
from render.kit import Canvas
from rules.core import Event, IllegalAction
from rules.nuernberg import GAME
from rules.nuernberg.state import NuernbergState
from rules.words import translator
from tests.render.helpers import is_name
from tests.support.play import Policy, at_random, by_bot, moves
from tests.support.pseudo import untranslated

_, _n = translator("nuernberg")

#: Names as long as most players': a name longer than its place is cut in every language (tests/render checks that).
NAMES = ["Annelie", "Bertram", "Cord", "Dietlinde"]
LANGUAGES = ("en", "fr", "de", "it", PSEUDO)
#: Typed actions that are refused at one moment or another of a game (each reason is a text of its own).
PROBES = (
    "draw", "end", "toll FRA.s3", "toll PRA.s1", "settle VEN.3", "settle FRA", "settle IV.2", "manufacture D1",
    "manufacture", "wall", "tower T1", "tower", "produce helmets", "produce lyres", "bank wood", "bank gold ore",
    "discard wood", "discard ore", "robber H16", "robber H30", "robber 6", "robber 2", "robber H05", "accept",
    "decline", "withdraw", "take 1", "offer 9 wood for 1 ore to all", "offer 1 wood for 1 wood to 1",
    "offer 1 wood for 1 ore to 0", "offer 11 ore for 1 wood to all", "counter 1 wood for 1 ore", "steal 1",
    "give wool", "council 1",
)


def test_the_catalogs_are_complete() -> None:
    assert catalogs.problems("nuernberg") == []


# ---------------------------------------------------------------- every text through the catalogs
def _view_texts(view: Any) -> Iterator[str]:
    yield GAME.summary(view)
    yield str(view["status"])
    yield str(view["phase_name"])
    last = view["deck"]["last_card"]
    if last:
        yield str(last["text"])
    yield from (str(c["name"]) for c in view["council"])


def _step_texts(state: NuernbergState, events: list[Event], probe: bool) -> Iterator[tuple[str, str]]:
    for event in events:  # public and private alike
        yield f"event {event.kind}", GAME.event_text(event)
    yield "public view", "\n".join(_view_texts(state.view(None)))
    for seat in range(state.num_players):
        view = state.view(seat)
        yield f"view of {seat}", "\n".join(_view_texts(view))
        for order, label in GAME.standing_orders(dict(view), seat):
            yield f"order {order}", label
        for action in state.legal_actions(seat):
            yield f"label {action}", state.describe(action)
    if probe:
        for seat in state.to_act()[:1]:
            for action in PROBES:
                yield f"refusal {action}", state.refusal(seat, action) or ""
                try:
                    state.clone().apply(seat, action)
                except IllegalAction as refused:
                    yield f"refused {action}", str(refused).replace(action, "")  # the action typed is no text


def _played(n: int, seed: int, setup: str, policy: Policy) -> Iterator[tuple[str, str]]:
    state = GAME.new_state(n, seed, {"setup": setup})
    assert isinstance(state, NuernbergState)
    for move in moves(state, policy):
        yield from _step_texts(state, list(move.step.events), probe=move.index % 9 == 0)
    assert state.phase == "over"


def _trading_time(state: Any) -> bool:
    return bool(state.phase == "main" and state.menu is None and state.ply > 40)


def _trading() -> Iterator[tuple[str, str]]:
    """An offer drafted, sent, countered, accepted, declined and taken (the bots rarely trade, never counter)."""
    state = GAME.new_state(4, 3, {"setup": "beginner"})
    assert isinstance(state, NuernbergState)
    for _move in moves(state, by_bot(GAME, 3), until=_trading_time):
        pass
    seat = state.active
    state.hands = [[3, 3, 3, 3, 3] for _ in range(4)]
    for action in ("offer", "give wood", "give wool", "want ore", "send all"):
        yield from _step_texts(state, state.apply(seat, action), probe=False)
    others = [s for s in range(4) if s != seat]
    for other, action in zip(others, ("counter 1 ore for 2 grain", "accept", "decline"), strict=True):
        yield from _step_texts(state, state.apply(other, action), probe=True)
    yield from _step_texts(state, state.apply(seat, f"take {others[0]}"), probe=True)
    for action in ("offer", "give grain", "want brick", "cancel", "offer 1 grain for 1 brick to all"):
        yield from _step_texts(state, state.apply(seat, action), probe=False)
    for other in others:
        if state.phase == "offer":
            yield from _step_texts(state, state.apply(other, "decline"), probe=False)


def _council_choice() -> Iterator[tuple[str, str]]:
    """Three holders with the same prestige: the overtaker chooses whose card to take."""
    state = GAME.new_state(4, 1, {"setup": "beginner"})
    assert isinstance(state, NuernbergState)
    state.walls = [2] * 3 + [1] * 3 + [0] * 3
    state.prestige = [3, 3, 3, 0]
    state.council = [2, 1, 0]
    state.active, state.phase, state.menu = 3, "main", None
    state.hands[3] = [0, 0, 0, 1, 0]
    state.gold[3] = 30
    state.prestige[3] = 3
    yield from _step_texts(state, state.apply(3, "wall"), probe=True)


GAMES = [
    pytest.param(lambda: _played(4, 1, "beginner", by_bot(GAME, 1)), id="4p-bots"),
    pytest.param(lambda: _played(3, 2, "free", by_bot(GAME, 2)), id="3p-free-bots"),
    pytest.param(lambda: _played(4, 9, "free", at_random(random.Random(9))), id="4p-free-random"),
    pytest.param(lambda: _played(3, 7, "beginner", at_random(random.Random(7))), id="3p-random"),
    pytest.param(_trading, id="trading"),
    pytest.param(_council_choice, id="council-choice"),
]


@pytest.mark.parametrize("texts", GAMES)
def test_every_text_of_a_game_goes_through_the_catalogs(texts: Any) -> None:
    seen: set[str] = set()
    with speaking(PSEUDO):
        for where, text in texts():
            assert untranslated(text) == [], f"{where}: {text!r}"
            seen.add(where.split()[0])
    assert {"event", "label", "public", "view"} <= seen


def test_the_rules_summary_and_the_title_are_in_the_catalogs() -> None:
    with speaking(PSEUDO):
        assert untranslated(_(GAME.rules_summary)) == []
        assert untranslated(_(GAME.title)) == []
    with speaking("fr"):
        assert "points de victoire" in _(GAME.rules_summary)


def test_the_texts_read_as_their_language() -> None:
    state = cast(NuernbergState, GAME.new_state(4, 1, {"setup": "beginner"}))
    event = Event("produce", {"seat": 1, "good": "helmets", "price": 8, "doubled": True, "toll": 1, "to": 2})
    wanted = {"fr": ("casques", "douane"), "de": ("Helme", "Zoll"), "it": ("elmi", "pedaggio")}
    for lang, words in wanted.items():
        with speaking(lang):
            text = GAME.event_text(event)
            assert all(word in text for word in words), (lang, text)
            assert "Seat" not in GAME.summary(dict(state.view(0)))
    state.phase = "main"
    with speaking("de"):
        assert state.refusal(0, "wall") == "Ein Mauerteil kostet 1 Lehm + 3 Gold."


# ---------------------------------------------------------------- the images in every language
@cache
def _moments() -> list[tuple[str, NuernbergState, Any]]:
    return list(_each_moment())


def _each_moment() -> Iterator[tuple[str, NuernbergState, Any]]:
    """Boards worth drawing: the start, a menu choosing a place, a Raubritter, an offer out, later turns, the end."""
    for n, seed, setup in ((4, 3, "beginner"), (3, 5, "free")):
        state = GAME.new_state(n, seed, {"setup": setup})
        assert isinstance(state, NuernbergState)
        yield f"{n}p start", cast(NuernbergState, state.clone()), None
        kinds_seen: set[str] = set()
        for move in moves(state, by_bot(GAME, seed)):
            public = [e for e in move.step.events if e.visible_to(None)]
            last = nb.last_from_events(state.view(None), public)
            kind = public[0].kind if public else ""
            if state.phase in ("discard", "robber_hex") or (kind and kind not in kinds_seen) or move.index % 60 == 0:
                kinds_seen.add(kind)
                yield f"{n}p ply {state.ply} {kind}", cast(NuernbergState, state.clone()), last
        yield f"{n}p over", state, None
    offer = GAME.new_state(4, 3, {"setup": "beginner"})
    assert isinstance(offer, NuernbergState)
    for _move in moves(offer, by_bot(GAME, 3), until=_trading_time):
        pass
    seat = offer.active
    offer.hands[seat] = [3, 3, 3, 3, 3]
    settle = next(a for a in offer.legal_actions(seat) if a.startswith("settle ") and "." not in a)
    for action in ("manufacture", "back", settle, "back", "offer", "give wood", "give wool", "want ore"):
        offer.apply(seat, action)
        yield f"menu {action}", cast(NuernbergState, offer.clone()), None
    offer.apply(seat, "send all")
    yield "offer out", cast(NuernbergState, offer.clone()), None


def _misfits(canvas: Canvas, where: str, cut: bool = True) -> Iterator[str]:
    for t in canvas.texts:
        if any(is_name(t.text, name) for name in NAMES) or set(t.text) <= set("IV …"):
            continue  # players' names are theirs, route numerals are no words
        if t.cut and cut:
            yield f"{where}: {t.text!r} is cut"
        elif not t.box.inside(canvas.box):
            yield f"{where}: {t.text!r} leaves the canvas"
        elif not any(t.box.inside(box.inset(-2)) for box in canvas.regions.values()):
            yield f"{where}: {t.text!r} leaves its panel"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_image_fits_in_every_language(lang: str) -> None:
    """In the pseudo-locale nothing may leave its panel, but a label may be cut: its 40% padding is more than
    several fixed-width labels sized for real words can take (the council cards, the market cities, the
    private screen's build rows, the final legend)."""
    problems: list[str] = []
    drawn = 0
    cut = lang != PSEUDO
    with speaking(lang):
        for label, state, last in _moments():
            names = NAMES[: state.num_players]
            view = state.view(None)
            problems += _misfits(nb.draw_board(view, last, names), f"board {label}", cut)
            for seat in {state.active, (state.active + 1) % state.num_players, *state.to_act()[:1]}:  # a few
                problems += _misfits(nb.draw_private(state.view(seat), names), f"private {seat} {label}", cut)
            if state.phase == "over":
                problems += _misfits(nb.draw_final(view, names), f"final {label}", cut)
            drawn += 1
        problems += _misfits(nb.draw_private(state.view(None), names), "spectator", cut)
    assert drawn > 20
    assert sorted(set(problems)) == []


# ---- issue 42: a counter-offer typed in the reader's words -----------------------------------------------------

def test_a_counter_typed_in_italian_is_the_same_counter() -> None:
    st = _trading_table()
    st.apply(0, "offer 1 wool for 1 ore to 1,2")
    with speaking("it"):
        typed = GAME.typed("counter 1 argilla for 1 grano")
        assert typed == GAME.typed("controfferta 1 Argilla per 1 grano") == "counter 1 brick for 1 grain"
        assert GAME.said("offer 2 wool for 1 ore to all") == "proporre 2 lana per 1 minerale a tutti"
        st.hands[1] = [0, 0, 0, 1, 0]  # one brick
        st.apply(1, typed)
        still = GAME.summary(st.view(2))
    assert st.offer is not None and st.offer["answers"]["1"]["give"] == [0, 0, 0, 1, 0, 0]
    assert "controfferta 1 minerale per 2 lana" in still and "counter 1 ore" not in still


def _trading_table() -> NuernbergState:
    st = GAME.new_state(4, 1)
    assert isinstance(st, NuernbergState)
    st.active, st.phase, st.menu = 0, "main", None
    st.hands = [[0, 3, 1, 0, 0], [0, 0, 0, 0, 2], [0, 0, 0, 1, 1], [0, 0, 0, 0, 1]]  # wood wool grain brick ore
    return st


@pytest.mark.parametrize(("lang", "said"), [("it", "Diritti: strada V"), ("fr", "Droits : route V"),
                                            ("de", "Wegerecht: Straße V")])
def test_a_wegerecht_reads_as_one_phrase(lang: str, said: str) -> None:
    """Issue 42: the Italian status line read "Strade strada V" (the card's word was 'roads')."""
    st = GAME.new_state(4, 1)
    with speaking(lang):
        text = GAME.summary(st.view(0))
    assert said in text and "Strade strada" not in text
