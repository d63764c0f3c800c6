"""Small helpers shared by the bench sections: medians, percentiles, the printed table."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100) by nearest rank: an observed value, never an interpolation."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def ratio(ours: float, peer: float) -> float:
    return ours / peer if peer else float("nan")


@dataclass
class Row:
    """One line of the printed table: a section, what was measured, the figure, the peer and their ratio."""

    section: str
    metric: str
    value: str
    peer: str = ""
    ratio: str = ""
    target: str = ""
    verdict: str = ""


def fmt(value: float, digits: int = 0) -> str:
    if value != value:  # NaN
        return "n/a"
    if digits == 0:
        return f"{value:,.0f}"
    return f"{value:,.{digits}f}"


def target_check(ok: bool | None) -> str:
    return "" if ok is None else ("ok" if ok else "MISSED")


def render_table(rows: Sequence[Row]) -> str:
    """A GitHub-flavoured markdown table (readable in a terminal and pasteable into BENCHMARKS.md)."""
    head = ("section", "metric", "value", "peer", "ratio", "target", "")
    cells = [head, *((r.section, r.metric, r.value, r.peer, r.ratio, r.target, r.verdict) for r in rows)]
    widths = [max(len(c[i]) for c in cells) for i in range(len(head))]

    def line(cols: Sequence[str]) -> str:
        return "| " + " | ".join(col.ljust(w) for col, w in zip(cols, widths, strict=True)) + " |"

    out = [line(head), "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    out += [line(c) for c in cells[1:]]
    return "\n".join(out)
