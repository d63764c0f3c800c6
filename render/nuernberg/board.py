"""Nürnberg board: the public board (``draw_board``) put together from the maps and panels, the last move's ring,
the labels of the places a menu chooses from, and ``focus_region``, the region the awaited decision is about
(``render.focus`` enlarges it for phones).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from render.kit import GOLD, MIN_FONT, Box, Canvas, last_action, text_width
from render.nuernberg import maps, players
from render.nuernberg.last_move import LastMove
from render.nuernberg.layout import CITY, COUNCIL, COUNTRYSIDE, DECK, HEADER, MARKETS, NEWS, PLAYERS, TIMELINE, Board
from render.nuernberg.news import _draw_news
from render.nuernberg.panels import _draw_council, _draw_deck, _draw_header, _draw_markets, _draw_timeline

if TYPE_CHECKING:
    from rules.nuernberg.views import NuernbergView


def draw_board(view: NuernbergView, last: Any, names: Sequence[str] | None) -> Board:
    cv = Board()
    if isinstance(last, LastMove):  # the last move as data (its events); else the fallback, a public action hint
        last = (last.seat, last.action)
    board = _draw_common(cv, view, names)
    _highlight_last(cv, view, last, board, names)
    _label_choices(cv, view, board)
    return cv


def _free_crossings(route: dict[str, Any]) -> list[int]:
    """The crossings of a route open to a settlement: not the origin, empty, both neighbours empty."""
    cross = route["crossings"]
    return [k for k in range(1, len(cross)) if cross[k]["settlement"] is None
            and cross[k - 1]["settlement"] is None and (k + 1 >= len(cross) or cross[k + 1]["settlement"] is None)]


def _label_choices(cv: Board, view: NuernbergView, a: dict[str, Any]) -> None:
    """While the active player's menu chooses a place (a crossing, a disc, a tower), label each candidate with the
    name the menu gives it, so "Settlement on IV.5" can be found on the board (issue 20)."""
    words = (view.get("menu") or "").split()
    if not words:
        return
    places: list[tuple[str, str, tuple[float, float]]] = []
    if words[0] == "settle" and len(words) == 2:
        route = next((r for r in view["countryside"]["routes"] if r["id"] == words[1]), None)
        if route is not None:
            places = [(f"{route['id']}.{k}", str(k), a["crossing"][f"{route['id']}.{k}"])
                      for k in _free_crossings(route)]
    elif words == ["manufacture"]:
        places = [(d["id"], d["id"][1:], a["disc"][d["id"]]) for d in view["city"]["discs"] if d["owner"] is None]
    elif words == ["tower"]:
        places = [(t["id"], t["id"][1:], a["tower"][t["id"]]) for t in view["city"]["towers"] if t.get("open")]
    for what, text, (x, y) in places:
        w = max(38.0, text_width(text, MIN_FONT, "bold") + 14)
        box = Box(x - w / 2, y - 19, w, 38)  # on the place itself: a free place has nothing to hide
        cv.chip(box, text, GOLD, MIN_FONT)
        cv.labels.append((what, box))


def _draw_common(cv: Canvas, view: NuernbergView, names: Sequence[str] | None) -> dict[str, Any]:
    anchors: dict[str, Any] = {}
    cv.region("countryside", COUNTRYSIDE)
    lay = maps.countryside_layout(COUNTRYSIDE, view["countryside"])
    anchors.update(maps.draw_countryside(cv, lay, view["countryside"]))
    anchors["R"] = lay.grid.R
    _draw_timeline(cv, cv.region("timeline", TIMELINE), view["timeline"])
    anchors["deck"] = _draw_deck(cv, cv.region("deck", DECK), view["deck"])
    _draw_header(cv, cv.region("header", HEADER), view, names)
    anchors["players"] = players.draw_players(cv, cv.region("players", PLAYERS), view, names)
    city_lay = maps.city_layout(cv.region("city", CITY), view["city"])
    anchors.update(maps.draw_city(cv, city_lay, view["city"]))
    anchors["city_R"] = city_lay.grid.R
    anchors["council"] = _draw_council(cv, cv.region("council", COUNCIL), view["council"])
    anchors["goods"] = _draw_markets(cv, cv.region("markets", MARKETS), view)
    anchors["news"] = cv.region("news", NEWS)
    # On a phone the board's small marks are details the words give (the focus panel enlarges the region a decision
    # is about); whose turn reads in the header. The news line's last move is in the post's text too.
    for region in ("countryside", "timeline", "deck", "players", "city", "council"):
        cv.in_words(region, region)
    cv.in_words("markets", "goods", "cities")
    cv.in_words("news", "offer" if view.get("offer") else "deck")
    return anchors


def _highlight_last(cv: Board, view: NuernbergView, last: Any, a: dict[str, Any],
                    names: Sequence[str] | None) -> None:
    """Ring the part of the board the last move touched (menus and ``end`` touch nothing)."""
    _draw_news(cv, a["news"], view, last, names)
    seat, action = last_action(last)
    words = action.split()
    if not words:
        return
    verb, arg = words[0], (words[1] if len(words) > 1 else "")
    R, city_R = a["R"], a["city_R"]
    if verb == "toll" and arg in a["section"]:
        cv.ring(f"section {arg}", a["section"][arg], R * 0.42)
    elif verb == "settle" and arg in a["crossing"]:
        cv.ring(f"crossing {arg}", a["crossing"][arg], R * 0.42)
    elif verb == "robber" and arg in a["hex"]:
        cv.ring(f"hex {arg}", a["hex"][arg], R * 0.86)
    elif verb == "robber" and arg.isdigit() and view.get("phase") == "robber_hex":
        # a number with several hexes: ring the candidates the knight may go to
        for h in view["countryside"]["hexes"]:
            if h.get("number") == int(arg) and h["id"] != view["countryside"].get("robber"):
                cv.ring(f"hex {h['id']}", a["hex"][h["id"]], R * 0.86)
    elif verb == "manufacture" and arg in a["disc"]:
        cv.ring(f"disc {arg}", a["disc"][arg], city_R * 0.42)
    elif verb == "tower" and arg in a["tower"]:
        cv.ring(f"tower {arg}", a["tower"][arg], city_R * 0.42)
    elif verb == "wall" and not arg:
        built = [w["id"] for w in view["city"]["walls"] if w.get("built_by") is not None]
        if built:
            cv.ring(f"wall {built[-1]}", a["wall"][built[-1]], city_R * 0.45)
    elif verb == "produce" and arg in a["goods"]:
        cv.mark(f"good {arg}", a["goods"][arg])
    elif verb == "draw":
        cv.mark("deck", a["deck"])
    elif verb == "council" and seat is not None:
        held = [c["id"] for c in view["council"] if c.get("holder") == seat]
        if held and held[0] in a["council"]:
            cv.mark(f"council {held[0]}", a["council"][held[0]])
    elif verb == "steal" and arg.isdigit() and int(arg) in a["players"]:
        cv.mark(f"player {arg}", a["players"][int(arg)])
    elif verb in ("decline", "send", "accept", "counter") and view.get("offer"):
        cv.mark("offer", a["news"])


#: the board's region each awaited decision is about; main (trade and build) is the whole board unless a menu
#: chooses a place, and turning over the event card is one click
_FOCUS = {"setup_toll": "countryside", "setup_settle": "countryside", "robber": "countryside",
          "robber_hex": "countryside", "discard": "players", "steal": "players", "council": "council",
          "offer": "news"}


def focus_region(view: NuernbergView) -> str | None:
    """The region of the board canvas the awaited decision concerns, or None (the whole board)."""
    phase = str(view.get("phase"))
    if view.get("over"):
        return None
    if phase == "main":
        words = str(view.get("menu") or "").split()
        if words[:1] == ["settle"]:
            return "countryside"
        if words[:1] in (["manufacture"], ["tower"]):
            return "city"
        return None
    return _FOCUS.get(phase)
