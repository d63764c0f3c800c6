"""``kontor tournament simulate`` (bot/tools/tournament.py) prints sensible rounds: every player seated each round,
tables of the sizes asked, the standings after each round, and with ``--final`` a final table of the top players whose
result leads the final standings. The toy game keeps it fast; 100 players of Colonia were run by hand
(docs/tournaments.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.table import TableService
from bot.tools.tournament import simulate
from tests.support.toygame import TALLY


@pytest.mark.parametrize("players", [5, 9, 23])
async def test_simulate_prints_every_round_and_a_final(tmp_path: Path, players: int):
    out: list[str] = []
    async with await TableService.open(str(tmp_path / "sim.sqlite3"), games={"tally": TALLY}) as svc:
        t = await simulate(svc, "tally", players, 3, "3-4", "swiss", None, 7, out.append, final=4)
    text = "\n".join(out)
    assert t.status == "finished" and text.count("Standings after round") == 3
    rounds = re.split(r"^Round \d+:$", text, flags=re.M)[1:]
    assert len(rounds) == 3
    for block in rounds:
        seated = re.findall(r"^  table \d+ \((\d)\): (.*)$", block.split("Standings")[0], flags=re.M)
        names = [n for _size, line in seated for n in line.split(", ")]
        assert sorted(names) == sorted(f"Player {i}" for i in range(1, players + 1))  # everyone, once
        assert all(int(size) in ((3, 4) if players != 5 else (2, 3, 4, 5)) for size, _line in seated)
    final = text.split("Final table:")[1]
    assert re.search(r"^  table 1 \(4\): ", final, flags=re.M)
    finalists = re.search(r"^  table 1 \(4\): (.*)$", final, flags=re.M).group(1).split(", ")
    last = final.split("Final standings")[1].splitlines()[2:6]
    assert sorted(line.split()[1] + " " + line.split()[2] for line in last) == sorted(finalists)
