"""Setting up a Colonia game: decks, harbour, relics, and each player's start (materials and a good)."""

from __future__ import annotations

from rules.colonia import data as D
from rules.colonia import supply
from rules.colonia.board import ALL_STALLS, NC, NG, NM, draw_from_bag
from rules.colonia.state import ColoniaState
from rules.core import Rng


def new_state(num_players: int, seed: int) -> ColoniaState:
    st = ColoniaState()
    n = num_players
    st.seed, st.ply, st.num_players = seed, 0, n
    rng = Rng(seed, "setup")
    st.week, st.day, st.sub, st.stage = 1, 1, "", "auto"
    st.week_deck = rng.shuffled([w.id for w in D.WEEK_CARDS])
    st.weeks_used = []
    st.decree_deck = rng.shuffled([d.id for d in D.DECREES])
    st.slots = []  # [decree id, None|True|False]
    st.decrees_done = []
    st.votes = []
    st.ship_deck = rng.shuffled([s.id for s in D.SHIPS])
    st.ship_discard = []
    st.harbour = []
    st.depart = 0
    st.relic_deck = rng.shuffled([r.id for r in D.RELICS])
    st.relic_discard = []
    st.display = [None] * D.RELIC_DISPLAY
    st.display_x = [None] * D.EXTRA_RELIC_SPACES
    st.insured = {}
    st.bag = [D.MATERIAL_COUNT_EACH] * NM
    st.stalls = [[0] * NM for _ in range(ALL_STALLS)]
    st.stall_members = [None] * ALL_STALLS
    st.cols = [[] for _ in D.CRAFTSMEN]
    st.stick = [0] * len(D.CRAFTSMEN)
    st.new_orders = [0] * len(D.CRAFTSMEN)
    st.extra_holds = False
    st.early = [0] * n
    st.lean = False
    st.reserve = [D.FAMILY_MEMBERS[n]] * n
    st.street = [[0] * 4 for _ in range(n)]
    st.money = [[D.START_MONEY] * NC for _ in range(n)]
    st.raw = [[0] * NM for _ in range(n)]
    st.goods = [[0] * NG for _ in range(n)]
    st.relics = [[] for _ in range(n)]
    st.shrines = [[] for _ in range(n)]  # [shrine id, relic id|None]
    st.cards_left = [list(D.FAMILY_CARDS) for _ in range(n)]
    st.card = [None] * n
    st.zero = [False] * n
    st.choice = [None] * n
    st.ballot = [None] * n
    st.order = list(range(n))
    st.vote_slot = -1
    st.loop = None
    st.pending = None
    st.waiting = []
    st.xchg = [None] * n
    st.final = None
    supply.refill_harbour(st, rng, [])
    supply.refill_relics(st, rng, [])
    # Each player draws 4 raw materials and rolls for a good; a 6 means a free choice.
    for seat in range(n):
        got = draw_from_bag(st.bag, D.START_MATERIALS, rng)
        for m in range(NM):
            st.raw[seat][m] += got[m]
        roll = rng.between(1, 6)
        if roll <= 5:
            st.goods[seat][roll - 1] += 1
        else:
            st.waiting.append(seat)
    if st.waiting:
        st.stage = "good"
    st._advance(rng, [])
    return st
