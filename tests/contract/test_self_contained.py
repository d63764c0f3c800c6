"""The repository documents itself: no tracked file points outside it, and every ruling a game's code or tests
cite is defined in that game's page under docs/rules/.

Ruling ids are per game (docs/rules/<game>.md, "Rulings" and "Scenario tests"): ``A7`` of Colonia is not ``A7``
of The Speicherstadt. They are found where people cite them: in comments and docstrings of the game's own files
(``rules/<game>/``, ``render/<game>*.py``, ``render/<game>/``, ``tests/rules/<game>/``), and in scenario test names
(``test_st1_…`` = ST-1, ``test_ts13_…`` = T-S13, ``test_tn1_…`` = T-N1, ``test_ct4_…`` = CT-4, ``test_a11_…`` = A11).
"""

from __future__ import annotations

import io
import re
import subprocess
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "rules"
GAMES = ("colonia", "nuernberg", "speicherstadt", "strasbourg")

# Spelled in pieces so that this file does not match itself.
OUTSIDE = [re.compile(p) for p in ("/" + "work/", r"\.\./" + "shared", "shared" + "/rules",
                                    "(?i)fact" + " sheet", "ARCHITECTURE" + r"\.md")]

# Ids that name a ruling or a scenario in any game's own files; bare ``A<n>`` only where that game uses it
# (Strasbourg's city cells and The Speicherstadt's card ids are quoted strings in code, never in prose).
PREFIXED = re.compile(r"\b(N-A\d+|S-A\d+|T-N\d+|T-S\d+|ST-\d+|CT-\d+)\b")
BARE = re.compile(r"(?<![\w-])(A\d{1,2})\b")
BARE_GAMES = ("colonia", "speicherstadt")
TEST_NAME = re.compile(r"\bdef (test_(st|ts|tn|ct|a)(\d+)_\w+)")
TEST_PREFIX = {"st": "ST-", "ts": "T-S", "tn": "T-N", "ct": "CT-", "a": "A"}
DEFINED = re.compile(r"^\|\s*([A-Z]+(?:-[A-Z]+)?-?\d+)\s*\|", re.MULTILINE)


def tracked() -> list[Path]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [ROOT / name for name in out.decode().split("\0") if name]


def prose(path: Path) -> list[str]:
    """Comments and docstrings (triple-quoted strings) of a Python file."""
    texts: list[str] = []
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        docstring = tok.type == tokenize.STRING and re.match(r"^[rRbBuUfF]*('''|\"\"\")", tok.string)
        if tok.type == tokenize.COMMENT or docstring:
            texts.append(tok.string)
    return texts


def game_files(game: str) -> list[Path]:
    files = sorted((ROOT / "rules" / game).rglob("*.py")) + sorted((ROOT / "tests" / "rules" / game).rglob("*.py"))
    return files + sorted((ROOT / "render").glob(f"{game}*.py")) + sorted((ROOT / "render" / game).rglob("*.py"))


def cited(game: str) -> dict[str, set[str]]:
    """Ruling and scenario id -> the files citing it."""
    found: dict[str, set[str]] = {}
    for path in game_files(game):
        where = str(path.relative_to(ROOT))
        for text in prose(path):
            ids = set(PREFIXED.findall(text))
            if game in BARE_GAMES:
                ids |= set(BARE.findall(text))
            for rid in ids:
                found.setdefault(rid, set()).add(where)
        for _, kind, number in TEST_NAME.findall(path.read_text(encoding="utf-8")):
            found.setdefault(f"{TEST_PREFIX[kind]}{int(number)}", set()).add(where)
    return found


def defined(game: str) -> set[str]:
    """The ids in the first column of the tables under the page's "Rulings" and "Scenario tests" headings."""
    text = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    sections = re.split(r"^## ", text, flags=re.MULTILINE)
    return {rid for part in sections if part.startswith(("Rulings", "Scenario tests")) for rid in DEFINED.findall(part)}


def test_no_tracked_file_points_outside_the_repository() -> None:
    hits = []
    for path in tracked():
        if not path.is_file():
            continue
        text = path.read_bytes().decode("utf-8", errors="replace")
        for pattern in OUTSIDE:
            for match in pattern.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                hits.append(f"{path.relative_to(ROOT)}:{line}: {match.group()}")
    assert hits == []


@pytest.mark.parametrize("game", GAMES)
def test_every_cited_ruling_is_defined_in_the_games_rules_page(game: str) -> None:
    known = defined(game)
    missing = {rid: sorted(files) for rid, files in cited(game).items() if rid not in known}
    assert missing == {}


@pytest.mark.parametrize("game", GAMES)
def test_the_games_rules_page_defines_rulings(game: str) -> None:
    assert len(defined(game)) >= 10
    assert cited(game)  # the scan finds the citations it is meant to check


def test_the_scan_reads_comments_docstrings_and_test_names(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text('"""Rests on T-N4 and (A7)."""\nx = "A11"  # ruling S-A2\n\ndef test_st12_limits():\n    pass\n')
    texts = " ".join(prose(probe))
    assert set(PREFIXED.findall(texts)) == {"T-N4", "S-A2"}
    assert set(BARE.findall(texts)) == {"A7"}  # the quoted card id "A11" is code, not prose
    assert TEST_NAME.findall(probe.read_text()) == [("test_st12_limits", "st", "12")]
    assert DEFINED.findall("| A1 | x |\n| N-A14 | y |\n| T-S13 | z |\n| ST-7 | w |\n| id | q |\n") == [
        "A1", "N-A14", "T-S13", "ST-7"]
