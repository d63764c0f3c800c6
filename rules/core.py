"""The rules contract shared by every game: ``State`` (one game in progress) and ``Game`` (a game's entry).

Nothing here (or anywhere under ``rules/``) touches I/O, the clock, Discord, SQLite, Pillow
or the global ``random`` state: a game is a pure function of its seed and its action log.

The contract's data live beside it and are re-exported here, so ``from rules.core import ...`` finds every name:
``rules/events.py`` (``IllegalAction``, ``Event``), ``rules/outcome.py`` (``Outcome``), ``rules/rng.py`` (``Rng``,
``seed_digest``) and ``rules/undo.py`` (the barriers, ``Step``, ``Logged``, ``Horizon``, ``undo_horizon``).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from rules.events import Event as Event
from rules.events import IllegalAction as IllegalAction
from rules.events import public_events as public_events
from rules.guide import GuideBook as GuideBook
from rules.outcome import Outcome as Outcome
from rules.rng import Rng as Rng
from rules.rng import seed_digest as seed_digest
from rules.undo import BARRIERS as BARRIERS
from rules.undo import CARETAKER as CARETAKER
from rules.undo import DRAW as DRAW
from rules.undo import NOTHING as NOTHING
from rules.undo import OTHERS as OTHERS
from rules.undo import PRIVATE as PRIVATE
from rules.undo import RANDOM as RANDOM
from rules.undo import REVEAL as REVEAL
from rules.undo import SECRET as SECRET
from rules.undo import Horizon as Horizon
from rules.undo import Logged as Logged
from rules.undo import Step as Step
from rules.undo import undo_horizon as undo_horizon
from rules.words import N_, Commands, translator

_, _n = translator("core")

MAX_ACTION_LEN = 80
MAX_DESCRIBE_LEN = 100
ALT_TEXT_MAX = 1024  # Discord's limit on an attachment's description (its alt text)

#: A game's view type: a ``TypedDict`` extending ``rules.views.BaseView`` (a JSON-ready dict at run time).
ViewT = TypeVar("ViewT", bound=Mapping[str, Any])


class State(ABC, Generic[ViewT]):
    """One game in progress. Subclasses implement the ``_``-prefixed hooks; the public methods enforce the contract.

    ``apply`` validates seat and action against ``legal_actions`` before calling ``_apply``, so
    ``_apply`` may assume the action is legal. A subclass whose ``legal_actions`` is too large to
    enumerate quickly may override ``_is_legal``.
    """

    game: ClassVar[Game]
    seed: int
    ply: int
    num_players: int

    # ---- hooks for subclasses -------------------------------------------------------------
    @abstractmethod
    def to_act(self) -> list[int]: ...

    @abstractmethod
    def _legal(self, seat: int) -> list[str]: ...

    @abstractmethod
    def _apply(self, seat: int, action: str, rng: Rng) -> list[Event]: ...

    @abstractmethod
    def describe(self, action: str) -> str: ...

    @abstractmethod
    def view(self, seat: int | None) -> ViewT: ...

    def bot_view(self, seat: int) -> ViewT:
        """The part of ``view(seat)`` the game's basic bot reads, built for speed: the strong bot's playouts ask
        for one at every step of every simulated game, where building the whole view (texts, board geometry) was
        most of the cost. Every key it has equals the full view's (a sub-tree of it: dicts may leave keys out,
        lists keep their length), and the bot chooses the same from it; ``tests/contract/test_bot_view.py``
        checks both in every game. The default: the whole view."""
        return self.view(seat)

    def views(self, seats: Iterable[int]) -> tuple[ViewT, dict[int, ViewT]]:
        """``view(None)`` and ``{seat: view(seat)}`` for ``seats``: equal to building each, which is what this
        does. The service asks for every seat after each move, so a game may override it to build what the
        views share once (the views may then share nested parts: views are read, never changed)."""
        return self.view(None), {seat: self.view(seat) for seat in seats}

    @abstractmethod
    def outcome(self) -> Outcome: ...

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """Everything needed to rebuild the state (including the seed and ply)."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: dict[str, Any]) -> State[ViewT]: ...

    def secret_simultaneous(self) -> bool:
        """Whether the seats awaited now choose in secret: nothing of their choices shows until all have chosen.

        The default: every step that awaits several seats is such a secret choice (Colonia's and Strasbourg's
        bids; in such a step one seat's choice never changes another awaited seat's legal actions, which the
        contract test checks). A game whose simultaneous step is public (each move shows at once, like
        Speicherstadt's loading at the same time, or Nürnberg's answers to a trade offer) returns False; the front
        ends then say ``Game.together_text`` instead of promising secrecy."""
        return len(self.to_act()) > 1

    def describe_for(self, seat: int, action: str) -> str:
        """``describe(action)`` as ``seat`` sees it, where several seats are awaited and a label depends on whose
        it is (Speicherstadt's "End loading (2 cubes in hand will be lost)"). The default: ``describe``."""
        return self.describe(action)

    # ---- the contract ---------------------------------------------------------------------
    def is_over(self) -> bool:
        return not self.to_act()

    def legal_actions(self, seat: int) -> list[str]:
        if seat not in self.to_act():
            return []
        return self._legal(seat)

    def _is_legal(self, seat: int, action: str) -> bool:
        return action in self._legal(seat)

    def apply(self, seat: int, action: str) -> list[Event]:
        return self.apply_step(seat, action).events

    def apply_step(self, seat: int, action: str) -> Step:
        """``apply``, also saying whether the step can be taken back (``Step.barrier``; see ``_undo_barrier``)."""
        if not isinstance(action, str):
            raise IllegalAction(_("An action must be text."))
        if len(action) > MAX_ACTION_LEN:
            raise IllegalAction(_("That action is too long (at most {n} characters).").format(n=MAX_ACTION_LEN))
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise IllegalAction(_("Unknown seat."))
        awaited = self.to_act()
        if not awaited:
            raise IllegalAction(_("The game is over."))
        if seat not in awaited:
            raise IllegalAction(_("It is not your turn to act."))
        if not self._is_legal(seat, action):
            raise IllegalAction(self.refusal(seat, action)
                                or _("'{action}' is not a legal action now.").format(action=printable(action)))
        rng = Rng(self.seed, "ply", self.ply)
        events = self._apply(seat, action, rng)
        self.ply += 1
        return Step(events, self._undo_barrier(seat, action, events, rng.drawn))

    def apply_trusted(self, seat: int, action: str) -> None:
        """``apply`` for an action just taken from ``legal_actions(seat)``, without checking it again or working out
        its undo barrier: the strong bot's playouts apply millions of such actions, and the checks were a sixth of
        a playout. Everything else (moves from players, bots, the log) goes through ``apply``."""
        self._apply(seat, action, Rng(self.seed, "ply", self.ply))
        self.ply += 1

    def refusal(self, seat: int, action: str) -> str | None:
        """Why ``seat``, who is awaited, may not play ``action`` now, in the rules' own words ("The robber is already
        on H28: move him to another hex."), for an action that is well formed but illegal; None when the game has
        nothing more to say than the generic "not a legal action now" (junk, or an action it does not know). Only
        called for an action that is not legal; the reason may name only what ``seat`` is allowed to see."""
        return None

    def _undo_barrier(self, seat: int, action: str, events: list[Event], drawn: bool) -> str | None:
        """Why the step just applied cannot be taken back, or None. The default, for every game: an event the game
        names as showing something hidden (``Game.reveals``: a card drawn, a stack turned over, secret choices
        shown), anything drawn from the step's ``Rng`` (``RANDOM``), or an event told to another seat (``PRIVATE``).
        A game whose reveals cannot be told from its events overrides this."""
        game: Game | None = getattr(self, "game", None)
        if game is None:  # a state class without its Game (``State.game`` unset): nothing can be told, so nothing back
            return REVEAL
        for event in events:
            why = game.reveals(event)
            if why is not None:
                return why
        if drawn:
            return RANDOM
        if any(event.to is not None and event.to != seat for event in events):
            return PRIVATE
        return None

    def dump(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    def clone(self) -> State[ViewT]:
        return type(self).from_json(json.loads(self.dump()))


def fit_lines(lines: Iterable[str], limit: int) -> str:
    """Whole lines, joined, as many as fit in ``limit`` characters (a first line too long is cut with '…')."""
    out: list[str] = []
    used = 0
    for line in lines:
        line = line.strip()
        if not line:
            continue
        cost = len(line) + (1 if out else 0)
        if used + cost > limit:
            if not out:
                out.append(line[: limit - 1] + "…")
            break
        out.append(line)
        used += cost
    return "\n".join(out)


def printable(text: str, limit: int = 40) -> str:
    """A safe, short echo of user input for error messages."""
    cleaned = "".join(ch if ch.isprintable() else "?" for ch in text)
    return cleaned if len(cleaned) <= limit else cleaned[: limit - 1] + "…"


BotPolicy = Callable[[dict[str, Any], list[str], int, Rng], str]


class OrdersBook(Protocol):
    """A game's standing orders as five functions (a module ``rules/<game>/orders.py`` is one): what the orders
    offered now are, the scope an order lapses with, what an order in force plays, its kind (a seat holds one order
    per kind) and what its owner is told when another player's move made it lapse unplayed."""

    def offers(self, view: dict[str, Any], seat: int) -> list[tuple[str, str]]: ...

    def scope(self, order_id: str, view: dict[str, Any], seat: int) -> str | None: ...

    def answer(self, order_id: str, view: dict[str, Any], legal: list[str], seat: int) -> str | None: ...

    def kind(self, order_id: str) -> str: ...

    def lapsed(self, order_id: str, view: dict[str, Any], seat: int) -> str | None: ...


class Game(ABC):
    """A game's entry in the registry: metadata, factory, loader, bot and event formatter."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_class: ClassVar[type[State[Any]]]
    #: option name -> allowed values; the first value is the default.
    option_choices: ClassVar[dict[str, list[str]]] = {}
    #: a few lines for /game rules.
    rules_summary: ClassVar[str] = ""
    #: human-readable list of component data that was reconstructed (not printed in any public source).
    reconstructed: ClassVar[list[str]] = []
    #: the order of ``Outcome.breakdown``'s categories on the game's final image, for text tables of a stored outcome
    #: (the store reloads the breakdown with its keys sorted); empty: the breakdown's own order.
    score_columns: ClassVar[tuple[str, ...]] = ()
    #: ``Outcome.breakdown``'s category key -> its name as a heading (``N_()``-marked: translate where shown), the
    #: words the game's final image uses. Every key a game's breakdown has must be here: text tables (the terminal,
    #: the demo) show ``_(score_labels[key])``, never the raw key. Without ``score_columns``, this is their order.
    score_labels: ClassVar[Mapping[str, str]] = {}
    #: whether the public view's ``scores`` during play is a running score worth charting round by round (the end
    #: report's chart, bot/table/club/round_scores.py): False for a game that counts its score only at the end and
    #: shows no meaningful running figure before it.
    running_score: ClassVar[bool] = True
    #: first words of actions that only their seat may see (secret choices, hidden holdings).
    secret_verbs: ClassVar[frozenset[str]] = frozenset()
    #: what the front ends say while several seats are awaited in a public step (``State.secret_simultaneous``).
    together_text: ClassVar[str] = N_("Several players act at the same time; each step shows at once.")
    #: what ``Outcome.tiebreak`` counts, as the final table's column heading when scores tie ("Coins").
    tiebreak_label: ClassVar[str] = N_("Tie-break")
    #: the strong search's playouts per decision in this game (``rules/search.py``, ``budget_for``); None: the
    #: search's ``DEFAULT_BUDGET``. A game sets its own where measuring showed the default too shallow (docs/bots.md).
    search_budget: ClassVar[int | None] = None
    #: Raised whenever a change to the game's rules alters what a stored log replays to; each log row keeps the version
    #: it was played under, and ``rules.archive`` keeps the engines of earlier versions (docs/service.md, "Upgrades").
    rules_version: ClassVar[int] = 1
    #: the words of the game's typed commands in every language (``rules.words.Commands``); None: English only
    commands: ClassVar[Commands | None] = None

    #: undo: event kind -> what it shows (``DRAW``, ``REVEAL``, ``SECRET``) for the events that show something hidden:
    #: a card off a pile nobody saw, a stack turned over, the choices of a secret simultaneous step. None: the game
    #: has not said, so none of its steps can be taken back (the safe default).
    reveal_events: ClassVar[Mapping[str, str] | None] = None

    def reveals(self, event: Event) -> str | None:
        """What ``event`` shows that was hidden (a barrier code), or None. Default: ``reveal_events``; a game may
        look at the parameters too (e.g. an event that shows a count in one variant only)."""
        if self.reveal_events is None:
            return REVEAL
        return self.reveal_events.get(event.kind)

    def public_action(self, action: str) -> str | None:
        """What everyone may be shown of an action (e.g. as the board's "last move"): the action, or None if secret."""
        return None if action.partition(" ")[0] in self.secret_verbs else action

    def normalise_options(self, options: dict[str, str] | None) -> dict[str, str]:
        """Fill defaults and reject unknown options or values with IllegalAction."""
        given = dict(options or {})
        out: dict[str, str] = {}
        for key in given:
            if key not in self.option_choices:
                known = ", ".join(self.option_choices) or _("none")
                raise IllegalAction(_("Unknown option '{option}' (known: {known}).").format(
                    option=printable(str(key)), known=known))
        for key, values in self.option_choices.items():
            value = str(given.get(key, values[0]))
            if value not in values:
                raise IllegalAction(_("Option {option} must be one of: {values}.").format(
                    option=key, values=", ".join(values)))
            out[key] = value
        return out

    def check_players(self, num_players: int) -> None:
        if not isinstance(num_players, int) or not self.min_players <= num_players <= self.max_players:
            raise IllegalAction(_("{game} is for {low}–{high} players.").format(
                game=_(self.title), low=self.min_players, high=self.max_players))

    @abstractmethod
    def new_state(self, num_players: int, seed: int, options: dict[str, str] | None = None) -> State[Any]: ...

    def load(self, text: str) -> State[Any]:
        return self.state_class.from_json(json.loads(text))

    @abstractmethod
    def bot_action(self, view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
        """The game's bot: a legal, sensible action for ``seat`` chosen from its own view only."""

    def typed(self, text: str) -> str:
        """What a player typed, in their language's command words or in English, as the action string
        (``commands``: the game's words; docs/i18n.md, "Typed commands"). The front ends pass typed text through it."""
        return self.commands.to_english(text) if self.commands is not None else " ".join(text.split())

    def said(self, action: str) -> str:
        """An action string in the reader's command words, as a menu shows what can be typed."""
        return self.commands.to_reader(action) if self.commands is not None else action

    def rules_text(self) -> str:
        """``rules_summary`` in the reader's language, each command it names (``{confirm}``) in the reader's words:
        what ``/game rules``, the terminal's ``rules`` and the web show."""
        if not self.rules_summary:
            return ""
        text = translator(self.name)[0](self.rules_summary)  # the game's domain (then every other)
        return self.commands.fill(text) if self.commands is not None else text

    def bot_moves(self, view: dict[str, Any], legal: list[str], seat: int) -> list[str]:
        """The legal moves a bot (basic or strong) considers for ``seat``, from its own view: a game leaves out moves
        no bot should make though a player may (e.g. an offer the same players just declined). Default: all."""
        return legal

    @abstractmethod
    def event_text(self, event: Event) -> str:
        """English text for an event (one formatter per game)."""

    # ---- automatic moves (the service plays them; see docs/service.md "Automatic moves") ----------------
    def forced_action(self, view: dict[str, Any], legal: list[str], seat: int) -> str | None:
        """The action to play for ``seat`` without asking, because it is its only option; None to ask.

        The default: the one legal action, if there is exactly one. A game overrides it where a single legal
        action must still wait for the player (e.g. Nürnberg's proposer, whose only action ``withdraw`` ends
        their own offer: the offer stays out until the addressees answer)."""
        return legal[0] if len(legal) == 1 else None

    def lapse_action(self, view: dict[str, Any], legal: list[str], seat: int) -> str | None:
        """The action that ``seat``'s silence plays when a response window closes, or None: the seat is awaited on its
        own clock (the default). A game returns one where others asked the seat something with a short time to answer
        (Nürnberg: an addressee of a trade offer declines). The service then gives the seat the table's
        ``offer_hours`` instead of charging its time bank, and plays this action when that time is up."""
        return None

    #: the actions that skip a turn, in order of preference (``skip_action``'s default).
    skip_words: ClassVar[tuple[str, ...]] = ("skip", "pass")

    def skip_action(self, view: dict[str, Any], legal: list[str]) -> str | None:
        """What the ``skip`` caretaker plays for a seat whose time ran out (one of ``legal``), or None when the game
        has no way to skip this decision (the caretaker then asks the game's bot). The default: the first of
        ``skip_words`` that is legal; a game overrides it where skipping means something else (Speicherstadt:
        decline the card, or end loading)."""
        return next((a for a in self.skip_words if a in legal), None)

    #: the game's standing orders (usually its ``orders`` module), which the three hooks below ask; None: no orders
    orders_book: ClassVar[OrdersBook | None] = None
    #: the guided first game and the rules by topic (rules/guide.py; usually the game's ``guide`` module); None: none
    guide_book: ClassVar[GuideBook | None] = None

    def standing_orders(self, view: dict[str, Any], seat: int) -> list[tuple[str, str]]:
        """The standing orders ``seat`` may give now, as ``(order_id, label)``: e.g. ``("pass", "Pass for the
        rest of this market")``. An order id is text (at most 40 characters, no spaces at its ends); the label
        says in words what it does and when it lapses. Default: the ``orders_book``'s offers, else none."""
        return self.orders_book.offers(view, seat) if self.orders_book is not None else []

    def standing_scope(self, order_id: str, view: dict[str, Any], seat: int) -> str | None:
        """The scope key of an order in ``view``: the order lapses as soon as this key differs from the one it
        had when it was given (the phase, turn or column it was given for is over), or is None (the order does
        not apply any more). Default: the ``orders_book``'s, else None (no orders)."""
        return self.orders_book.scope(order_id, view, seat) if self.orders_book is not None else None

    def standing_answer(self, order_id: str, view: dict[str, Any], legal: list[str], seat: int) -> str | None:
        """What an order in force plays for ``seat`` now (one of ``legal``), or None to ask the player as
        usual (the order stays until its scope ends). Default: the ``orders_book``'s, else None."""
        return self.orders_book.answer(order_id, view, legal, seat) if self.orders_book is not None else None

    def standing_kind(self, order_id: str) -> str:
        """The kind of an order: a seat holds one order per kind, and a new order replaces the one of its kind.
        ``""`` (the default) for a game's usual orders; a plan-ahead order has a kind of its own, so that it stands
        beside them (Speicherstadt: "place my next worker above column 4" beside "buy column 2 for up to 3")."""
        return self.orders_book.kind(order_id) if self.orders_book is not None else ""

    def standing_lapsed(self, order_id: str, view: dict[str, Any], seat: int) -> str | None:
        """What ``seat`` is told, privately, when another player's move ended its order unplayed (``view``: after
        that move): a conditional order whose situation changed ("someone placed above column 4 since"), so the
        player knows why they are asked after all; None to say nothing (an order whose phase simply ended)."""
        return self.orders_book.lapsed(order_id, view, seat) if self.orders_book is not None else None

    def alt_text(self, view: dict[str, Any], last: str | None = None) -> str:
        """What a screen reader says for the image drawn from ``view`` (``discord.File(description=…)``): the
        situation (round, phase, whose move, scores), ``last`` (the last move, as the board shows it) and the part
        of the board the current decision is about, in at most ``ALT_TEXT_MAX`` characters. Default: the summary's
        lines, as many as fit whole. Games put the decision's part first."""
        lines = ([_("Last move: {move}").format(move=last)] if last else []) + self.summary(view).splitlines()
        return fit_lines(lines, ALT_TEXT_MAX)

    def summary(self, view: dict[str, Any]) -> str:
        """The view in words: the board in words for ``view(None)`` (``/game board text``, the terminal), the
        player's own screen for their private view (``/game hand``). It must say everything the image drawn from
        the same view shows (tests/a11y check the keys each reads). Games replace this default."""
        lines = [str(view.get("status") or view.get("phase") or self.title)]
        scores = view.get("scores")
        if isinstance(scores, list):
            lines.append("Scores: " + ", ".join(f"seat {i}: {s}" for i, s in enumerate(scores)))
        return "\n".join(lines)


@dataclass(frozen=True)
class GameParts:
    """Everything one game ships, declared once (``PARTS`` in ``rules/<game>/__init__.py``) and registered in
    ``rules/__init__.py``: its ``Game`` (rules, bot, skip policy, texts) and, by dotted module name, the parts that
    live in the layers above or beside the rules. The rules never import those modules (the layers import downwards
    only): ``render`` and ``bot`` look them up here.

    - ``render``: a module with ``draw_board(view, last, names)`` and ``draw_private(view, names)`` returning a
      ``render.kit.Canvas`` (optional ``draw_final(view, names)``, ``last_from_events``); None: no images.
    - ``commands``: a module with ``SPEC`` (``commands.specs.GameSpec``): the game's slash commands; None: ``/move``.
    - ``checks``: a module with ``invariants(state)`` and ``redeal_hidden(state, viewer, rng)`` (docs/conventions.md);
      None: the soak and the secrets suite cannot check the game (every shipped game has them).
    - ``texts``: where the game's texts are, for its translation catalog (paths relative to the repository; a folder
      means every ``.py`` under it); their domain is the game's name (``translator(name)`` in its modules). Empty:
      the game has no catalog of its own (its texts stay English). ``bot.lang`` and ``bot.tools.catalogs`` read it,
      so nothing in ``bot/`` lists the games.
    """

    game: Game
    render: str | None = None
    commands: str | None = None
    checks: str | None = None
    texts: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.game.name
