"""The board of Die Siedler von Nürnberg in words (issue 25): everything the images draw, as short lines a screen
reader can follow, and the alt text of the board image (the awaited decision first).

``summary(view)`` is the old summary (``text.summary``: status, last card, goods, council, players, offer, the
reader's own hand) followed by the board: the timeline and the deck, the countryside hex by hex (grouped by
terrain), each trade route (Wegerecht holder, toll bars by section, settlements by crossing, ids as the menus name
them: ``IV.s2``, ``IV.2``), the city (districts, manufacture discs, walls, towers), the sale cities, who must return
cards, what the active player is choosing, and once the game is over the final table. A player's own view adds what
their private screen shows: what they can build and what each good sells for to them.
"""

from __future__ import annotations

from typing import Any

from rules.core import ALT_TEXT_MAX, fit_lines
from rules.nuernberg import names, text
from rules.nuernberg.data import COSTS
from rules.nuernberg.text import items_text, seat_name
from rules.words import N_, translator

_, _n = translator("nuernberg")

#: room for the decision's lines in the alt text (the scores and the rest of the board follow)
DECISION_ROOM = 700

PIECE_NAMES = {"toll": N_("Toll bar"), "settlement": N_("Settlement"), "manufacture": N_("Manufacture"),
               "wall": N_("Wall"), "tower": N_("Tower")}
BREAKDOWN_NAMES = {"settlements": N_("settlements"), "manufactures": N_("manufactures"),
                   "wegerecht": N_("Wegerecht"), "council": N_("council")}


def _hex(h: dict[str, Any]) -> str:
    return f"{h['id']} {h['number']}" if h.get("number") else str(h["id"])


# ---------------------------------------------------------------- timeline and deck
def timeline_lines(view: dict[str, Any]) -> list[str]:
    tl = view.get("timeline") or {}
    if not tl:
        return []
    years = list(tl.get("years") or [])
    index = int(tl.get("index", 0))
    reshuffle = ", ".join(str(y) for y in tl.get("reshuffle") or [])
    line = _("Timeline: {year}, space {pos} of {count}; the event cards are reshuffled in {years}").format(
        year=tl.get("year"), pos=index + 1, count=len(years), years=reshuffle)
    return [line]


def deck_lines(view: dict[str, Any]) -> list[str]:
    deck = view.get("deck") or {}
    if not deck:
        return []
    pile, drawn = int(deck.get("draw_pile", 0)), int(deck.get("drawn", 0))
    return [_n("Event cards: {n} in the pile, {drawn} turned over", "Event cards: {n} in the pile, {drawn} turned over",
               pile).format(n=pile, drawn=drawn)]


# ---------------------------------------------------------------- the countryside
def robber_lines(view: dict[str, Any]) -> list[str]:
    land = view.get("countryside") or {}
    if not land:
        return []
    where = land.get("robber")
    lines = [_("Robber knight: {hex}").format(hex=text.hex_name(str(where)) if where else _("nowhere"))]
    number = view.get("robber_number")
    if number and view.get("phase") == "robber_hex":
        hexes = [h["id"] for h in land["hexes"] if h.get("number") == number and h["id"] != where]
        lines.append("  " + _("It may go to a hex numbered {number}: {hexes}").format(number=number,
                                                                                      hexes=", ".join(hexes)))
    return lines


def hex_lines(view: dict[str, Any]) -> list[str]:
    """The hexes grouped by terrain, each with its number: 'forest (wood): H03 6, H10 9'."""
    land = view.get("countryside") or {}
    if not land:
        return []
    groups: dict[str, list[dict[str, Any]]] = {}
    for h in land["hexes"]:
        groups.setdefault(str(h["terrain"]), []).append(h)
    lines = [_("Countryside (hex and number, by terrain):")]
    for terrain, hexes in groups.items():
        resource = hexes[0].get("resource")
        ids = ", ".join(_hex(h) for h in hexes)
        if terrain == "nuernberg" or any(h["id"] == land.get("city_hex") for h in hexes):
            lines.append("  " + _("{terrain}: {hexes} (the city; every route starts here)").format(
                terrain=names.terrain(terrain), hexes=ids))
        elif any(h["id"] == land.get("castle_hex") for h in hexes):
            lines.append("  " + _("{terrain}: {hexes} (the robber knight's castle)").format(
                terrain=names.terrain(terrain), hexes=ids))
        elif resource:
            lines.append("  " + _("{terrain} ({resource}): {hexes}").format(
                terrain=names.terrain(terrain), resource=names.item(str(resource)), hexes=ids))
        else:
            lines.append("  " + _("{terrain}: {hexes}").format(terrain=names.terrain(terrain), hexes=ids))
    return lines


def _route_title(route: dict[str, Any]) -> str:
    city = route.get("city")
    if city:
        return _("Route {numeral} ({city})").format(numeral=route["numeral"], city=names.city(city))
    return _("Route {numeral}").format(numeral=route["numeral"])


def one_route_lines(route: dict[str, Any], view: dict[str, Any]) -> list[str]:
    cross = route["crossings"]
    origin = next((c["id"] for c in cross if c.get("origin")), cross[0]["id"])
    holder = route.get("holder")
    head = _("{route}: from {origin} on Nürnberg to {last}; Wegerecht: {holder}").format(
        route=_route_title(route), origin=origin, last=cross[-1]["id"],
        holder=seat_name(holder) if holder is not None else _("nobody"))
    tolls = [f"{s['id']} ({'–'.join(s['ends'])}) {seat_name(s['toll'])}" for s in route["sections"]
             if s.get("toll") is not None]
    free = sum(1 for s in route["sections"] if s.get("toll") is None)
    if tolls:
        toll_line = _n("Toll bars: {tolls}; {n} section free", "Toll bars: {tolls}; {n} sections free", free).format(
            tolls=", ".join(tolls), n=free)
    else:
        toll_line = _n("Toll bars: none ({n} section)", "Toll bars: none ({n} sections)", free).format(n=free)
    settled = [f"{c['id']} {seat_name(c['settlement'])} ({', '.join(c.get('hexes') or [])})" for c in cross
               if c.get("settlement") is not None]
    settle_line = (_("Settlements: {places}").format(places=", ".join(settled)) if settled
                   else _("Settlements: none"))
    return [head, "  " + toll_line, "  " + settle_line]


def route_lines(view: dict[str, Any], only: str | None = None) -> list[str]:
    routes = (view.get("countryside") or {}).get("routes") or []
    lines: list[str] = []
    for route in routes:
        if only is None or route["id"] == only:
            lines += one_route_lines(route, view)
    return [_("Trade routes (toll bars on sections, settlements on crossings):"), *lines] if lines else []


def free_crossings(route: dict[str, Any]) -> list[str]:
    """The crossings of a route open to a settlement (as the board labels them while the menu chooses one)."""
    cross = route["crossings"]
    return [cross[k]["id"] for k in range(1, len(cross)) if cross[k]["settlement"] is None
            and cross[k - 1]["settlement"] is None and (k + 1 >= len(cross) or cross[k + 1]["settlement"] is None)]


# ---------------------------------------------------------------- the city
def _district_names(view: dict[str, Any]) -> dict[str, str]:
    """Each city hex by what it is, in the reader's words: "helmets A", "Hauptmarkt", "Bauhof" (its id's last
    letter tells a zone's two districts apart)."""
    out = {}
    for h in (view.get("city") or {}).get("hexes") or []:
        hid = str(h["id"])
        if h.get("kind") == "district":
            out[hid] = f"{names.good(str(h.get('good')))} {hid[-1]}"
        elif h.get("kind") == "market":
            out[hid] = _("Hauptmarkt")
        else:
            out[hid] = _("Bauhof")
    return out


def _disc_features(d: dict[str, Any], districts: dict[str, str] | None = None) -> str:
    extras = []
    if d.get("trade") == "3:1":
        extras.append(_("trade 3:1"))
    elif d.get("trade"):
        extras.append(_("trade 2 {resource}:1").format(resource=names.item(str(d["trade"]))))
    if d.get("bauhof"):
        extras.append(_("Bauhof"))
    doubles = ", ".join(names.good(g) for g in d.get("doubles") or [])
    if doubles:
        extras.append(_("doubles {goods}").format(goods=doubles))
    if districts is None:
        return "; ".join(extras)
    return "; ".join([", ".join(districts.get(h, h) for h in d.get("hexes") or []), *extras])


def disc_lines(view: dict[str, Any], free_only: bool = False) -> list[str]:
    """Every disc (its districts, trade, doubled goods, owner); ``free_only``: the free ones, shorter."""
    city = view.get("city") or {}
    districts = _district_names(view)
    lines = []
    for d in city.get("discs") or []:
        owner = d.get("owner")
        if free_only and owner is not None:
            continue
        who = seat_name(owner) if owner is not None else _("free")
        if free_only:
            features = _disc_features(d) or _("no trade")
            lines.append("  " + _("{disc}: {features}").format(disc=d["id"], features=features))
        else:
            lines.append("  " + _("{disc} ({features}): {owner}").format(
                disc=d["id"], features=_disc_features(d, districts), owner=who))
    if free_only:
        return [_("Free discs (trade, doubled goods):"), *lines] if lines else []
    return [_("Manufacture discs (districts around, trade, doubled goods):"), *lines] if lines else []


def district_line(view: dict[str, Any]) -> list[str]:
    districts = list(_district_names(view).values())
    return [_("Districts: {districts}").format(districts=", ".join(districts))] if districts else []


def wall_lines(view: dict[str, Any]) -> list[str]:
    city = view.get("city") or {}
    walls = city.get("walls") or []
    if not walls:
        return []
    built = [f"{w['id']} {seat_name(w['built_by'])}" for w in walls if w.get("built_by") is not None]
    nxt = city.get("next_wall")
    if built and nxt:
        line = _("Walls ({first} to {last}, built in order): {built}; next {next}")
    elif built:
        line = _("Walls ({first} to {last}, built in order): {built}; all built")
    else:
        line = _("Walls ({first} to {last}, built in order): none yet; next {next}")
    return [line.format(first=walls[0]["id"], last=walls[-1]["id"], built=", ".join(built), next=nxt)]


def tower_lines(view: dict[str, Any]) -> list[str]:
    towers = (view.get("city") or {}).get("towers") or []
    if not towers:
        return []
    built = [_("{tower} {who} (between {a} and {b})").format(tower=t["id"], who=seat_name(t["built_by"]),
                                                            a=t["between"][0], b=t["between"][1])
             for t in towers if t.get("built_by") is not None]
    open_ = [_("{tower} (between {a} and {b})").format(tower=t["id"], a=t["between"][0], b=t["between"][1])
             for t in towers if t.get("open")]
    return [_("Towers ({first} to {last}, each between two walls):").format(first=towers[0]["id"],
                                                                           last=towers[-1]["id"]),
            "  " + _("Built: {built}").format(built=", ".join(built) or _("none")),
            "  " + _("Open to build: {open}").format(open=", ".join(open_) or _("none"))]


def city_lines(view: dict[str, Any]) -> list[str]:
    if not view.get("city"):
        return []
    return [_("City of Nürnberg:"), *district_line(view), *disc_lines(view), *wall_lines(view), *tower_lines(view)]


def market_lines(view: dict[str, Any]) -> list[str]:
    cities = view.get("cities") or []
    if not cities:
        return []
    numerals = {r["id"]: r["numeral"] for r in (view.get("countryside") or {}).get("routes") or []}
    parts = []
    for c in cities:
        parts.append(_("{city} (route {numeral}, toll to {holder}): {goods}").format(
            city=names.city(c["city"]), numeral=numerals.get(c["route"], c["route"]), holder=seat_name(c.get("holder")),
            goods=", ".join(names.good(g) for g in c["goods"])))
    return [_("Sale cities: {cities}").format(cities="; ".join(parts))]


# ---------------------------------------------------------------- who must do what
def discard_lines(view: dict[str, Any]) -> list[str]:
    lines = []
    for p in view.get("players") or []:
        due = p.get("discard_due") or 0
        if due:
            lines.append(_n("{who} must return {n} card to the bank (Raubritter).",
                            "{who} must return {n} cards to the bank (Raubritter).", due).format(
                who=seat_name(p["seat"]), n=due))
    return lines


def choice_lines(view: dict[str, Any]) -> list[str]:
    """What the active player's open menu chooses, with the places the board labels."""
    words = str(view.get("menu") or "").split()
    who = seat_name(view.get("active"))
    if not words:
        return []
    if words[0] == "settle" and len(words) == 2:
        route = next((r for r in (view.get("countryside") or {}).get("routes") or [] if r["id"] == words[1]), None)
        if route is not None:
            return [_("{who} is choosing a crossing for a settlement on {route}: {free}").format(
                who=who, route=_route_title(route), free=", ".join(free_crossings(route)) or _("none"))]
    if words == ["manufacture"]:
        free = [d["id"] for d in (view.get("city") or {}).get("discs") or [] if d.get("owner") is None]
        return [_("{who} is choosing a disc for a manufacture: {free}").format(who=who,
                                                                            free=", ".join(free) or _("none"))]
    if words == ["tower"]:
        open_ = [t["id"] for t in (view.get("city") or {}).get("towers") or [] if t.get("open")]
        return [_("{who} is choosing an open triangle for a tower: {open}").format(
            who=who, open=", ".join(open_) or _("none"))]
    if words[0] == "bank":
        return [_("{who} is trading with the bank.").format(who=who)]
    if words[0] == "offer":
        return [_("{who} is drafting a trade offer.").format(who=who)]
    return []


def council_choice_lines(view: dict[str, Any]) -> list[str]:
    seats = view.get("council_choice") or []
    if view.get("phase") != "council" or not seats:
        return []
    return [_("{who} chooses whose council card to take: {seats}").format(
        who=seat_name(view.get("active")), seats=", ".join(seat_name(s) for s in seats))]


def score_line(view: dict[str, Any]) -> str:
    return _("Scores: {scores}").format(scores=", ".join(
        _("{who} {vp} VP").format(who=seat_name(i), vp=v) for i, v in enumerate(view.get("scores") or [])))


def final_lines(view: dict[str, Any]) -> list[str]:
    if not view.get("over"):
        return []
    outcome = view.get("outcome") or {}
    scores = list(outcome.get("scores") or view.get("scores") or [])
    ranks = list(outcome.get("ranks") or [1] * len(scores))
    breakdown = list(outcome.get("breakdown") or [{} for _s in scores])
    lines = [_("Final scores:")]
    for s in sorted(range(len(scores)), key=lambda s: (ranks[s], s)):
        parts = breakdown[s] if s < len(breakdown) else {}
        detail = ", ".join(f"{names.tr(BREAKDOWN_NAMES[k])} {parts.get(k, 0)}" for k in BREAKDOWN_NAMES)
        lines.append("  " + _("#{rank} {who}: {vp} VP ({detail})").format(rank=ranks[s], who=seat_name(s),
                                                                          vp=scores[s], detail=detail))
    if len(set(scores)) < len(scores) and len(set(ranks)) > len(set(scores)):
        lines.append("  " + _("Ties: the better council card first"))
    return lines


# ---------------------------------------------------------------- a player's own screen
def affordable(cost: dict[str, int], hand: dict[str, int], gold: int) -> bool:
    return all((gold if item == "gold" else hand.get(item, 0)) >= n for item, n in cost.items())


def can_build(kind: str, view: dict[str, Any], me: dict[str, Any], hand: dict[str, int]) -> bool:
    """Affordable, a piece left, and (in the city) a place open: what the view allows to check (the private
    screen's ticks and its words both use it)."""
    if not affordable(COSTS[kind], hand, me["gold"]) or (me.get("pieces_left") or {}).get(kind, 1) <= 0:
        return False
    city = view["city"]
    if kind == "wall":
        return city.get("next_wall") is not None
    if kind == "tower":
        bauhof = any(d.get("owner") == me["seat"] and d.get("bauhof") for d in city["discs"])
        return bauhof and any(t.get("open") for t in city["towers"])
    if kind == "manufacture":
        return any(d.get("owner") is None for d in city["discs"])
    return True


def own_screen_lines(view: dict[str, Any]) -> list[str]:
    seat = view.get("viewer")
    players = view.get("players") or []
    if not isinstance(seat, int) or seat >= len(players) or players[seat].get("hand") is None:
        return []
    me = players[seat]
    hand: dict[str, int] = me["hand"]
    left = me.get("pieces_left") or {}
    lines = [_("Build (cost): can you build now?")]
    for kind, cost in COSTS.items():
        verdict = _("yes") if can_build(kind, view, me, hand) else _("not now")
        name = names.tr(PIECE_NAMES[kind])
        if kind in left:
            lines.append("  " + _("{piece} ({cost}): {verdict}; {n} left").format(
                piece=name, cost=items_text(cost), verdict=verdict, n=left[kind]))
        else:
            lines.append("  " + _("{piece} ({cost}): {verdict}").format(piece=name, cost=items_text(cost),
                                                                       verdict=verdict))
    doubled = {g for d in view["city"]["discs"] if d.get("owner") == seat for g in d.get("doubles") or []}
    lines.append(_("Produce and sell (recipe): can you now?"))
    for g in view.get("goods") or []:
        collector = g.get("toll_to")
        ok = affordable(g["recipe"], hand, 0)
        if g["good"] in doubled:
            price = _("{price} gold (double price)").format(price=2 * g["price"])
        else:
            price = _("{price} gold").format(price=g["price"])
        toll = (_("no toll") if collector is None or collector == seat
                else _("toll {toll} to {collector}").format(toll=g["toll"], collector=seat_name(collector)))
        lines.append("  " + _("Produce {good} ({recipe}) for {price}, {toll}: {verdict}").format(
            good=names.good(g["good"]), recipe=items_text(g["recipe"]), price=price, toll=toll,
            verdict=_("yes") if ok else _("not now")))
    return lines


# ---------------------------------------------------------------- the whole board, and the alt text
def board_lines(view: dict[str, Any]) -> list[str]:
    """The board beyond the old summary's lines (the status, goods, council and players come first)."""
    return [*timeline_lines(view), *deck_lines(view), *discard_lines(view), *choice_lines(view),
            *council_choice_lines(view), *robber_lines(view), *route_lines(view), *hex_lines(view),
            *city_lines(view), *market_lines(view), *final_lines(view)]


def summary(view: dict[str, Any]) -> str:
    return "\n".join([text.summary(view), *board_lines(view), *own_screen_lines(view)])


def decision_lines(view: dict[str, Any]) -> list[str]:
    """The part of the board the awaited decision is about (the zoomed panel's region, in words)."""
    phase = view.get("phase")
    if view.get("over"):
        return final_lines(view)
    if phase in ("setup_toll", "setup_settle"):
        return route_lines(view)
    if phase == "draw":
        return [*text.last_card_lines(view), *deck_lines(view), *timeline_lines(view)]
    if phase == "discard":
        return discard_lines(view)
    if phase in ("robber", "robber_hex"):
        return [*robber_lines(view), *hex_lines(view)]
    if phase == "steal":
        return [*robber_lines(view), *player_lines(view)]
    if phase == "council":
        return [*council_choice_lines(view), *text.council_lines(view)]
    if phase == "offer" and view.get("offer"):
        return text.offer_lines(view["offer"], view)
    words = str(view.get("menu") or "").split()
    lines = choice_lines(view)
    if words[:1] == ["settle"] and len(words) == 2:
        return [*lines, *route_lines(view, words[1])[1:]]
    if words == ["manufacture"]:
        return [*lines, *disc_lines(view, free_only=True)]
    if words == ["tower"]:
        return [*lines, *tower_lines(view), *wall_lines(view)]
    return [*lines, *player_lines(view, only=view.get("active"))]


def player_lines(view: dict[str, Any], only: Any = None) -> list[str]:
    return [text.player_line(p) for p in view.get("players") or [] if only is None or p["seat"] == only]


def alt_text(view: dict[str, Any], last: str | None = None) -> str:
    """The situation, the last move, the decision's part of the board, the scores, then the rest of the summary."""
    whole = summary(view).splitlines()
    head = whole[:1]
    if last:
        head.append(_("Last move: {move}").format(move=last))
    decision = fit_lines(decision_lines(view), DECISION_ROOM).splitlines()
    shown = set(head) | set(decision)
    rest = [ln for ln in whole[1:] if ln not in shown]
    return fit_lines([*head, *decision, score_line(view), *rest], ALT_TEXT_MAX)
