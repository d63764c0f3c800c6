"""The club's and the finished games' pages over HTTP: a finished game's sheet, report and record (the same JSON as
``/game record``, which ``kontor verify`` accepts), nothing of it before the end; a server's tables, leaderboards,
profiles (privacy as ``/game profile`` keeps it), tournaments and rules; a server that turned its pages off is the
plain 404 everywhere; the language switch."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from bot.tools.verify import verify_record
from tests.web.club_fixture import ANA, BEN, GUILD, Club, open_club


@pytest.fixture
async def club(tmp_path: Path) -> AsyncIterator[Club]:
    club = await open_club(tmp_path)
    try:
        yield club
    finally:
        await club.close()


async def _get(club: Club, path: str, **headers: str) -> tuple[int, str, dict[str, str]]:
    async with aiohttp.ClientSession() as client, client.get(club.url(path), headers=headers) as response:
        return response.status, await response.text(errors="replace"), dict(response.headers)


async def test_a_finished_game_shows_its_sheet_its_report_and_its_record(club: Club) -> None:
    table = await club.svc.table_of_game(club.finished)
    assert table.outcome is not None and table.seed is not None
    status, text, _headers = await _get(club, club.table(club.finished, "/final"))
    assert status == 200
    winner = table.names[table.outcome.ranks.index(1)]
    assert f"{winner} won." in text
    for s, score in enumerate(table.outcome.scores):  # every seat's total, on the sheet
        assert re.search(rf"{table.names[s]}</th>.*?<strong>{score}</strong>", text, re.S), table.names[s]
    assert "Longest wait" in text and "rated, season 1" in text
    assert re.search(r"1,000 → [\d,]+\? \([+−±]\d+\)", text), "no rating change in the report"
    assert str(table.seed) in text and f"kontor verify kontor-game-{club.finished}.json" in text
    status, body, headers = await _get(club, club.table(club.finished, "/record.json"))
    assert status == 200 and headers["Content-Type"].startswith("application/json")
    assert f'filename="kontor-game-{club.finished}.json"' in headers["Content-Disposition"]
    record = json.loads(body)
    assert record == json.loads(json.dumps(await club.svc.record(club.finished)))  # the same as /game record
    assert verify_record(record).ok
    status, text, _headers = await _get(club, club.table(club.finished))
    assert f'href="{club.table(club.finished)}/final"' in text  # the table's page links it


async def test_a_running_game_has_no_sheet_and_no_record(club: Club) -> None:
    table = await club.svc.table_of_game(club.running)
    row = await club.svc.store.game(club.running)
    assert row is not None and row.seed is not None
    for path in ("/final", "/record.json"):
        status, text, _headers = await _get(club, club.table(club.running, path))
        assert status == 404 and "There is no such table" in text
        assert str(row.seed) not in text
    status, text, _headers = await _get(club, club.table(club.running))
    assert "/final" not in text and table.status == "active"


async def test_the_server_page_lists_its_tables_games_tournaments_and_rules(club: Club) -> None:
    status, text, _headers = await _get(club, club.base)
    assert status == 200
    assert f'href="{club.table(club.running)}"' in text  # an open table, linked to its page
    assert f'href="{club.table(club.finished)}/final"' in text  # a recent game, to its final sheet
    assert f'href="{club.base}/leaderboard/speicherstadt"' in text
    assert "Winter cup" in text and "round 1 of 2" in text
    playing = [g for g in club.tournament_games if (await club.svc.table_of_game(g)).status == "active"]
    assert playing and all(f'href="{club.table(g)}"' in text for g in playing)  # the round's tables in play
    for name in ("colonia", "strasbourg", "nuernberg", "speicherstadt"):
        assert f'href="{club.base}/rules/{name}"' in text
    status, text, _headers = await _get(club, f"{club.base}/rules/colonia")
    assert status == 200 and "6 weeks of 7 days" in text and "Reconstructed component data" in text


async def test_a_leaderboard_has_the_figures_of_game_leaderboard_and_respects_privacy(club: Club) -> None:
    board = await club.svc.leaderboard(GUILD, "speicherstadt")
    status, text, _headers = await _get(club, f"{club.base}/leaderboard/speicherstadt")
    assert status == 200 and board.lines
    for line in board.lines:
        figure = f"{line.rating:,}" + ("?" if line.provisional else "")
        assert re.search(rf">{line.name}</a></th><td class=\"num\">{re.escape(figure)}</td>", text), line
    await club.svc.set_privacy(BEN, "private")  # hidden from leaderboards by default
    _status, text, _headers = await _get(club, f"{club.base}/leaderboard/speicherstadt")
    assert ">Ben<" not in text and ">Ana</a>" in text
    await club.svc.set_privacy(BEN, "private", "listed")  # listed, but the profile is not linked
    _status, text, _headers = await _get(club, f"{club.base}/leaderboard/speicherstadt")
    assert '<th scope="row">Ben</th>' in text and f"/players/{BEN}" not in text
    status, text, _headers = await _get(club, f"{club.base}/players/{BEN}")
    assert status == 404 and "keeps their profile private" in text and "speicherstadt" not in text.lower()
    status, text, _headers = await _get(club, f"{club.base}/players/{ANA}")
    assert status == 200 and "Ana on this server" in text and "games played" in text
    assert f'href="{club.table(club.finished)}/final"' in text
    status, text, _headers = await _get(club, f"{club.base}/leaderboard/speicherstadt?season=9")
    assert status == 404 and "There is no season 9" in text


async def test_a_minimum_of_games_leaves_newcomers_off_the_leaderboard(club: Club) -> None:
    await club.svc.set_min_games(GUILD, 3)  # the default rule: three rated games
    status, text, _headers = await _get(club, f"{club.base}/leaderboard/speicherstadt")
    assert status == 404 and "at least 3 rated games" in text and ">Ana<" not in text


async def test_a_server_that_turned_its_pages_off_is_the_plain_404_everywhere(club: Club) -> None:
    paths = [club.base, f"{club.base}/leaderboard/speicherstadt", f"{club.base}/players/{ANA}",
             f"{club.base}/rules/colonia", club.table(club.finished), club.table(club.finished, "/final"),
             club.table(club.finished, "/record.json"), club.table(club.running, "/moves"),
             club.table(club.running, "/board.png"), club.table(club.running, "/zoom")]
    for path in paths:
        assert (await _get(club, path))[0] == 200, path
    await club.svc.set_web_pages(GUILD, False)
    assert not await club.svc.web_pages(GUILD)
    for path in paths:
        status, text, _headers = await _get(club, path)
        assert status == 404 and "There is no such table" in text, path
    await club.svc.set_web_pages(GUILD, True)
    assert (await _get(club, club.base))[0] == 200


async def test_a_wrong_server_address_is_the_plain_404(club: Club) -> None:
    for path in (f"/s/{GUILD}-AAAAAAAAAAAAAAAAAAAAAA", f"/s/{GUILD + 1}-{club.base.split('-', 1)[1]}",
                 f"{club.base}/leaderboard/chess", f"{club.base}/rules/chess", f"{club.base}/players/0"):
        status, text, _headers = await _get(club, path)
        assert status == 404 and "There is no such table" in text, path


async def test_the_language_switch_sets_the_language_and_keeps_it(club: Club) -> None:
    path = club.table(club.finished, "/moves?move=2")
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as client:  # unsafe: an IP host
        async with client.get(club.url(path), headers={"Accept-Language": "it"}) as response:
            text = await response.text()
        assert '<html lang="it">' in text
        links = dict(re.findall(r'<a href="([^"]+)" hreflang="(\w\w)"', text))
        assert set(links.values()) == {"en", "fr", "de", "it"}
        german = next(href for href, lang in links.items() if lang == "de").replace("&amp;", "&")
        assert "move=2" in german  # the switch keeps the page's address
        async with client.get(club.url(german), headers={"Accept-Language": "it"}) as response:
            text = await response.text()
            assert '<html lang="de">' in text and "2 / " in text
            assert "Cookie" in response.headers["Vary"]
        # the cookie keeps the choice over the browser's language on the next page
        async with client.get(club.url(club.base), headers={"Accept-Language": "it"}) as response:
            assert '<html lang="de">' in await response.text()
