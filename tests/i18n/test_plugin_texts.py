"""The plugin test game Secret Nim (tests/support/games.py) is translatable as a shipped game is: every text it shows
(events, menu labels, refusals, the board in words, its images, the final table) goes through its catalog domain,
and the catalog extractor finds those texts in the folder its one declaration names (``GameParts.texts``)."""

from __future__ import annotations

import pytest

import bot.lang
import render
import rules
from bot.lang import CatalogSpeaker, domains, speaking
from bot.tools import catalogs
from rules.core import IllegalAction
from rules.words import translator
from tests.support import secretnim
from tests.support.games import NIM
from tests.support.play import by_bot, moves
from tests.support.pseudo import untranslated

pytestmark = pytest.mark.usefixtures("plugin_games")
NAMES = ["Ada", "Bo"]


def everything_shown(seed: int) -> list[str]:
    """The texts of a whole game, as the front ends would show them in the language being spoken."""
    game = rules.get_game(NIM)
    state = game.new_state(2, seed)
    _, _n = translator(NIM)  # the words marked N_() are translated where shown, as the front ends do
    shown = [_(w) for w in (game.title, game.rules_summary, *game.score_labels.values(), game.tiebreak_label)]
    for move in moves(state, by_bot(game, seed)):
        shown += [state.describe(a) for a in move.legal]
        shown += [game.event_text(e) for e in move.step.events]
        for viewer in (None, 0, 1):
            view = state.view(viewer)
            shown += [game.summary(view), game.alt_text(view)]
            canvas = (render.board_canvas(NIM, view, names=NAMES) if viewer is None
                      else render.private_canvas(NIM, view, names=NAMES))
            shown += [t.text for t in canvas.texts]
        if not state.is_over():
            with pytest.raises(IllegalAction) as refused:
                state.apply(state.to_act()[0], "pick 4")
            shown.append(str(refused.value))
    assert state.is_over()
    return shown


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_text_of_a_whole_game_goes_through_the_catalogs(seed: int) -> None:
    with speaking("qps"):
        shown = everything_shown(seed)
    assert len(shown) > 30
    for text in shown:
        assert untranslated(str(text), NAMES) == [], text
    with speaking("en"):
        english = everything_shown(seed)
    assert any("has picked in secret" in t for t in english) and any("final scores" in t for t in english)
    assert not any("has picked in secret" in t for t in shown)  # the pseudo-locale really did translate them


def test_the_extractor_finds_the_texts_in_the_folder_its_declaration_names() -> None:
    parts = rules.PARTS[NIM]
    assert parts is secretnim.PARTS and parts.texts == ("tests/support/secretnim",)
    # registered at run time (the ``plugin_games`` fixture), it is a domain with its sources at once
    assert NIM in domains() and catalogs.sources()[NIM] == parts.texts
    files = {p.relative_to(catalogs.ROOT).as_posix() for p in catalogs._files(NIM)}
    assert files == {f"tests/support/secretnim/{m}.py" for m in ("__init__", "render", "checks", "commands")}
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in catalogs.template(NIM) if m.id}
    for text in ("{who} has picked in secret.", "You pick {n} stone.", "Secret Nim", "Heap: {heap} stone",
                 "Secret Nim — final scores · {who} wins", "Pick 1, 2 or 3 stones.", "Last stone"):
        assert text in ids, text
    # nothing of another domain is taken for Secret Nim's
    assert not any(p.startswith(("rules/", "render/", "bot/")) for p in files)


def test_a_game_registered_at_run_time_is_spoken_from_its_own_catalog(tmp_path, monkeypatch) -> None:
    """The domains are read from the registry when a text is looked up, not fixed when Kontor starts: a French
    catalog for Secret Nim's domain is used once the game is registered."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    catalog = Catalog(locale="fr", domain=NIM)
    catalog.add("Secret Nim", "Nim secret")
    with (folder / f"{NIM}.po").open("wb") as handle:
        write_po(handle, catalog)
    monkeypatch.setattr(bot.lang, "LOCALES_DIR", tmp_path)
    french = CatalogSpeaker("fr")
    assert french.gettext(NIM, "Secret Nim") == "Nim secret"
    assert french.gettext("bot", "Secret Nim") == "Nim secret"  # found from another domain too, as a game's words are
