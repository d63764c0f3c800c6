"""Trading between players, asynchronously: offers, answers, counters and the proposer's choice (N-A17, N-A25).

Only the active player proposes. An offer is one action, typed or sent by a command::

    offer 2 wool 1 gold for 1 ore to 1,2      (or ``to all``)

Items are the five resources and ``gold``; each side holds at least one item (no gifts), the proposer holds what
they give. The menu builds the same offer privately in a draft (``offer``, then ``give <item>`` / ``want <item>``
one at a time, ``send <seats>`` or ``cancel``): only the proposer sees a draft, and only a sent offer counts
against ``MAX_OFFERS_PER_TURN`` (so random play ends; cancelled drafts count as ``back``).

While an offer is out, ``to_act()`` is the addressees who have not answered yet, never the proposer (their clock
stands). Each answers ``accept`` (holding what is wanted), ``decline`` or ``counter <items> for <items>`` (what
they would give for what they want from the proposer: an offer back). Once all have answered, the proposer
chooses ``take <seat>`` (an acceptance or a counter they can pay) or ``withdraw``; when everyone declined, the
offer lapses at once. An addressee who lets the table's offer time run out declines (``Game.lapse_action``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rules.core import Event
from rules.nuernberg import names
from rules.nuernberg.board import GOLD, TRADE_ITEMS
from rules.words import translator

if TYPE_CHECKING:
    from rules.nuernberg.state import NuernbergState

_, _n = translator("nuernberg")

MAX_OFFERS_PER_TURN = 3
MAX_ITEMS_PER_SIDE = 10
_COUNT_ITEM = re.compile(r"^(\d{1,2})$")


class BadOffer(ValueError):
    """An offer or counter that cannot be made now; the message says why, fit for the player."""


def holding(st: NuernbergState, seat: int) -> list[int]:
    """The seat's five resource counts followed by gold."""
    return [*st.hands[seat], st.gold[seat]]


def as_dict(items: list[int]) -> dict[str, int]:
    return {TRADE_ITEMS[i]: n for i, n in enumerate(items) if n}


def items_words(items: list[int]) -> str:
    """The canonical text of one side: ``2 wool 1 gold``."""
    return " ".join(f"{n} {TRADE_ITEMS[i]}" for i, n in enumerate(items) if n)


# ---- parsing ------------------------------------------------------------------------------------------------------
def parse_items(words: list[str]) -> list[int] | None:
    """``2 wool 1 gold`` (a count may be left out: 1) -> counts per trade item; None for anything else."""
    out = [0] * len(TRADE_ITEMS)
    count: int | None = None
    for word in words:
        if _COUNT_ITEM.match(word):
            if count is not None:
                return None
            count = int(word)
            continue
        if word not in TRADE_ITEMS or out[TRADE_ITEMS.index(word)] or count == 0:
            return None
        out[TRADE_ITEMS.index(word)] = 1 if count is None else count
        count = None
    return out if count is None and any(out) else None


def parse_deal(words: list[str]) -> tuple[list[int], list[int]] | None:
    """``<items> for <items>`` -> (give, want), or None."""
    if words.count("for") != 1:
        return None
    cut = words.index("for")
    give, want = parse_items(words[:cut]), parse_items(words[cut + 1:])
    return None if give is None or want is None else (give, want)


def parse_offer(st: NuernbergState, seat: int, words: list[str]) -> tuple[list[int], list[int], list[int]] | None:
    """``offer <items> for <items> to <all|1,2>`` -> (give, want, addressees), or None for junk."""
    if len(words) < 6 or words[0] != "offer" or words.count("to") != 1 or words[-2] != "to":
        return None
    deal = parse_deal(words[1:-2])
    to = parse_seats(st, seat, words[-1])
    return None if deal is None or to is None else (*deal, to)


def parse_seats(st: NuernbergState, seat: int, text: str) -> list[int] | None:
    others = [s for s in range(st.num_players) if s != seat]
    if text == "all":
        return others
    parts = text.split(",")
    if not all(p.isdigit() for p in parts):
        return None
    seats = sorted({int(p) for p in parts})
    return seats if len(seats) == len(parts) and all(0 <= s < st.num_players for s in seats) else None


def seats_words(st: NuernbergState, seat: int, to: list[int]) -> str:
    return "all" if len(to) == st.num_players - 1 else ",".join(str(s) for s in to)


# ---- checks -------------------------------------------------------------------------------------------------------
def check_deal(have: list[int], give: list[int], want: list[int]) -> None:
    """Raise BadOffer unless the deal is a real exchange its giver can make."""
    if any(g and w for g, w in zip(give, want, strict=True)):
        raise BadOffer(_("An item cannot be on both sides of a trade."))
    if sum(give) > MAX_ITEMS_PER_SIDE or sum(want) > MAX_ITEMS_PER_SIDE:
        raise BadOffer(_("At most {n} items on each side of a trade.").format(n=MAX_ITEMS_PER_SIDE))
    short = [names.count(TRADE_ITEMS[i], n) for i, n in enumerate(give) if n > have[i]]
    if short:
        raise BadOffer(_("You do not have {items} to give.").format(items=", ".join(short)))


def offer_problem(st: NuernbergState, seat: int, words: list[str]) -> str | None:
    """Why the one-step offer ``words`` is refused now, "" when it is legal, None when it is no offer at all."""
    parsed = parse_offer(st, seat, words)
    if parsed is None:
        return None
    give, want, to = parsed
    if st.phase != "main" or seat != st.active:
        return _("Only the active player proposes trades, during their trade-and-build phase.")
    if st.menu is not None:
        return _("Close the open menu first (back, or cancel the draft).")
    if st.offers_made >= MAX_OFFERS_PER_TURN:
        return _("You have sent {n} offers this turn: that is the limit.").format(n=MAX_OFFERS_PER_TURN)
    if seat in to:
        return _("You cannot trade with yourself.")
    try:
        check_deal(holding(st, seat), give, want)
    except BadOffer as exc:
        return str(exc)
    return ""


def deal_problem(words: list[str]) -> str | None:
    """What is wrong with ``<items> for <items>`` in the player's words, or None when it parses."""
    if words.count("for") != 1:
        # TRANSLATORS: {between} is the command word "for" in the reader's words; {example} a deal as typed
        return _("Say what you give and what you want, with '{between}' once between them: {example}.").format(
            between=names.command("for"), example=example_deal())
    cut = words.index("for")
    for side in (words[:cut], words[cut + 1:]):
        if not side:
            return _("Each side of a trade holds at least one item: {example}.").format(example=example_deal())
        unknown = [w for w in side if not _COUNT_ITEM.match(w) and w not in TRADE_ITEMS]
        if unknown:
            return _("'{word}' is no item of a trade: name one of {items}.").format(
                word=unknown[0][:20], items=", ".join(names.command(item) for item in TRADE_ITEMS))
        if parse_items(side) is None:
            return _("Write each item once, its count before it: {example}.").format(example=example_deal())
    return None


def example_deal() -> str:
    """``1 ore for 2 wool`` in the reader's command words: an example a player can type."""
    return names.typed(["1", "ore", "for", "2", "wool"])


def counter_problem(st: NuernbergState, seat: int, words: list[str]) -> str | None:
    """As ``offer_problem`` for ``counter <items> for <items>``; a counter that does not parse says what is wrong."""
    if not words or words[0] != "counter" or len(words) == 1:
        return None
    deal = parse_deal(words[1:])
    if deal is None:
        return deal_problem(words[1:])
    offer = st.offer
    if st.phase != "offer" or offer is None or seat not in offer["to"] or str(seat) in offer["answers"]:
        return _("There is no trade offer for you to answer.")
    try:
        check_deal(holding(st, seat), *deal)
    except BadOffer as exc:
        return str(exc)
    return ""


# ---- the proposer's private draft (the menu's way to build an offer) --------------------------------------------
def may_open(st: NuernbergState, seat: int) -> bool:
    return st.offers_made < MAX_OFFERS_PER_TURN and st.num_players > 1 and (sum(st.hands[seat]) + st.gold[seat]) > 0


def open_draft(st: NuernbergState) -> None:
    st.menu = "offer"
    st.draft = [[0] * len(TRADE_ITEMS), [0] * len(TRADE_ITEMS)]


def send_choices(st: NuernbergState, seat: int) -> list[str]:
    """``all``, each other seat, and (with four players) each pair."""
    others = [s for s in range(st.num_players) if s != seat]
    out = ["all", *(str(s) for s in others)]
    if len(others) == 3:
        out += [f"{a},{b}" for i, a in enumerate(others) for b in others[i + 1:]]
    return out


def legal_draft(st: NuernbergState, seat: int) -> list[str]:
    assert st.draft is not None
    out = [a for a in _draft_steps(st.draft, holding(st, seat)) if a != "send"]
    if sum(st.draft[0]) and sum(st.draft[1]):
        out.extend(f"send {to}" for to in send_choices(st, seat))
    out.append("cancel")
    return out


def apply_draft(st: NuernbergState, seat: int, words: list[str]) -> list[Event]:
    assert st.draft is not None
    verb = words[0]
    if verb == "give":
        st.draft[0][TRADE_ITEMS.index(words[1])] += 1
        return []
    if verb == "want":
        st.draft[1][TRADE_ITEMS.index(words[1])] += 1
        return []
    if verb == "cancel":
        st.menu = None
        st.draft = None
        st.backs += 1
        return []  # the draft was never public: nothing to tell
    to = parse_seats(st, seat, words[1])
    assert to is not None
    give, want = st.draft
    st.draft = None
    st.menu = None
    return send(st, seat, give, want, to)


def send(st: NuernbergState, seat: int, give: list[int], want: list[int], to: list[int]) -> list[Event]:
    st.offers_made += 1
    st.offer = {"from": seat, "to": list(to), "give": list(give), "want": list(want), "answers": {}}
    st.phase = "offer"
    return [Event("offer", {"seat": seat, "to": list(to), "give": as_dict(give), "want": as_dict(want),
                            "all": len(to) == st.num_players - 1})]


def apply_one_step(st: NuernbergState, seat: int, words: list[str]) -> list[Event]:
    parsed = parse_offer(st, seat, words)
    assert parsed is not None
    return send(st, seat, *parsed)


# ---- answers and the proposer's choice -------------------------------------------------------------------------
def pending(st: NuernbergState) -> list[int]:
    offer = st.offer
    assert offer is not None
    return [s for s in offer["to"] if str(s) not in offer["answers"]]


def awaited(st: NuernbergState) -> list[int]:
    """The addressees still to answer; once all have, the proposer (who picks or withdraws)."""
    assert st.offer is not None
    return pending(st) or [st.offer["from"]]


def can_pay(have: list[int], items: list[int]) -> bool:
    return all(h >= n for h, n in zip(have, items, strict=True))


def choices(st: NuernbergState) -> list[int]:
    """Seats whose acceptance or counter the proposer can take now, in answer order."""
    offer = st.offer
    assert offer is not None
    have = holding(st, offer["from"])
    out = []
    for key, answer in _answers(offer):
        if answer == "accept" or (isinstance(answer, dict) and can_pay(have, answer["want"])):
            out.append(int(key))
    return out


def _answers(offer: dict[str, Any]) -> list[tuple[str, Any]]:
    """The answers in seat order (a stored state's JSON keys come back sorted as text: never rely on their order)."""
    return sorted(offer["answers"].items(), key=lambda item: int(item[0]))


def legal_offer(st: NuernbergState, seat: int) -> list[str]:
    offer = st.offer
    assert offer is not None
    if seat == offer["from"]:
        return [f"take {s}" for s in choices(st)] + ["withdraw"]
    have = holding(st, seat)
    key = str(seat)
    draft = st.counter_drafts.get(key)
    if draft is not None:  # building a counter-offer in the menu, as the proposer builds an offer
        return [*_draft_steps(draft, have), "cancel", "decline"]
    out = ["accept", "decline"] if can_pay(have, offer["want"]) else ["decline"]
    if key not in st.counter_drafts and any(have):  # one counter draft an offer (a cancelled one is not reopened)
        out.append("counter")
    return out


def _draft_steps(draft: list[list[int]], have: list[int]) -> list[str]:
    """A draft's next steps: ``give``/``want`` one item more, and ``send`` once both sides hold one."""
    give, want = draft
    out: list[str] = []
    if sum(give) < MAX_ITEMS_PER_SIDE:
        out.extend(f"give {item}" for i, item in enumerate(TRADE_ITEMS) if want[i] == 0 and give[i] < have[i])
    if sum(want) < MAX_ITEMS_PER_SIDE:
        out.extend(f"want {item}" for i, item in enumerate(TRADE_ITEMS) if give[i] == 0)
    if sum(give) and sum(want):
        out.append("send")
    return out


def is_legal_offer(st: NuernbergState, seat: int, action: str) -> bool:
    offer = st.offer
    assert offer is not None
    if action.startswith("counter "):
        return seat != offer["from"] and counter_problem(st, seat, action.split()) == ""
    return action in legal_offer(st, seat)


def apply_offer(st: NuernbergState, seat: int, words: list[str]) -> list[Event]:
    offer = st.offer
    assert offer is not None
    proposer = offer["from"]
    verb = words[0]
    if verb == "withdraw":
        _close(st)
        return [Event("offer_withdrawn", {"seat": seat})]
    if verb == "take":
        other = int(words[1])
        answer = offer["answers"][str(other)]
        if answer == "accept":
            give, want = offer["give"], offer["want"]
        else:  # a counter: the other side gives its ``give`` for its ``want``
            give, want = answer["want"], answer["give"]
        _exchange(st, proposer, other, give, want)
        _close(st)
        return [Event("trade", {"seat": proposer, "with": other, "give": as_dict(give), "get": as_dict(want),
                                "counter": answer != "accept"})]
    key = str(seat)
    draft = st.counter_drafts.get(key)
    if verb == "counter" and len(words) == 1:  # the menu's counter draft: private until it is sent
        st.counter_drafts[key] = [[0] * len(TRADE_ITEMS), [0] * len(TRADE_ITEMS)]
        return []
    if verb in ("give", "want") and draft is not None:
        draft[0 if verb == "give" else 1][TRADE_ITEMS.index(words[1])] += 1
        return []
    if verb == "cancel":
        st.counter_drafts[key] = None
        return []
    if verb == "send" and draft is not None:
        words = ["counter", *items_words(draft[0]).split(), "for", *items_words(draft[1]).split()]
        verb = "counter"
    if key in st.counter_drafts and verb != "cancel":
        st.counter_drafts[key] = None  # answered: the draft is done
    out: list[Event]
    if verb == "accept":
        offer["answers"][str(seat)] = "accept"
        out = [Event("offer_accepted", {"seat": seat, "by": proposer})]
    elif verb == "counter":
        deal = parse_deal(words[1:])
        assert deal is not None
        offer["answers"][str(seat)] = {"give": deal[0], "want": deal[1]}
        out = [Event("offer_countered", {"seat": seat, "by": proposer, "give": as_dict(deal[0]),
                                         "want": as_dict(deal[1])})]
    else:
        offer["answers"][str(seat)] = "decline"
        out = [Event("offer_declined", {"seat": seat, "by": proposer})]
    if not pending(st) and not any(a != "decline" for a in offer["answers"].values()):
        _close(st)
        out.append(Event("offer_lapsed", {"seat": proposer}))
    return out


def _exchange(st: NuernbergState, proposer: int, other: int, give: list[int], want: list[int]) -> None:
    """The proposer hands over ``give`` and receives ``want``."""
    for i in range(len(TRADE_ITEMS)):
        delta = want[i] - give[i]
        if i == GOLD:
            st.gold[proposer] += delta
            st.gold[other] -= delta
        else:
            st.hands[proposer][i] += delta
            st.hands[other][i] -= delta


def _close(st: NuernbergState) -> None:
    st.offer = None
    st.counter_drafts = {}
    st.phase = "main"


def public_offer(offer: dict[str, Any]) -> dict[str, Any]:
    """The offer as every view shows it (an offer, its answers and counters are all public)."""
    answers: dict[str, Any] = {}
    for key, answer in _answers(offer):
        answers[key] = answer if isinstance(answer, str) else {"give": as_dict(answer["give"]),
                                                                  "want": as_dict(answer["want"])}
    return {"from": offer["from"], "to": list(offer["to"]), "give": as_dict(offer["give"]),
            "want": as_dict(offer["want"]), "answers": answers,
            "declined": [int(k) for k, a in _answers(offer) if a == "decline"]}


def upgrade(offer: dict[str, Any] | None) -> dict[str, Any] | None:
    """An offer stored before counters (a ``declined`` list) in today's shape."""
    if offer is None or "answers" in offer:
        return offer
    answers = {str(s): "decline" for s in offer.get("declined", [])}
    return {"from": offer["from"], "to": offer["to"], "give": offer["give"], "want": offer["want"], "answers": answers}
