"""The registry of game types: every playable game registered once, found by name, loaded lazily.

A :class:`GameType` says what a game is (its name, the rule system and kind its saves are filed
under, one line of description), which class its state is, which settings (house rules) and
new-game options it takes, which bots can play it, and how to start one: from plain options
(:attr:`GameType.new`) or from a position written in the rule book's words (:attr:`GameType.setup`,
what a scenario file's ``[setup]`` holds).

The core knows no rule system: a :class:`Registry` is given a catalogue of names and the
``"module:attribute"`` where each game type lives (``magecraft.games.CATALOGUE``), and imports a
system's package only when one of its games is asked for.

>>> registry = Registry({"coin-toss": "somewhere.games:COIN_TOSS"})
>>> registry.names()
('coin-toss',)
>>> registry.get("coin-tos")
Traceback (most recent call last):
...
magecraft.core.errors.InputError: no game called 'coin-tos'; did you mean 'coin-toss'? (games: coin-toss)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import TYPE_CHECKING, Any

from magecraft.core.bots import RANDOM, Bot, BotSpec, Sees, winners_from_result
from magecraft.core.errors import InputError
from magecraft.core.names import close_names
from magecraft.core.settings import dataclass_from_dict

if TYPE_CHECKING:
    from magecraft.core.randomness import Randomness
    from magecraft.core.search import Playout
    from magecraft.core.state import GameState



@dataclass(frozen=True)
class GameType:
    """One registered game type.

    - ``name``: how people and front ends ask for it (``wizard-prince-banquet``);
    - ``system`` and ``kind``: the names its saves are filed under, one meaning each;
    - ``state_class``: its :class:`~magecraft.core.state.GameState` class (``from_dict`` rebuilds saves);
    - ``options_class``: a frozen dataclass of the plain options a new game takes (seats, bots,
      settings file ...), built with ``dataclass_from_dict`` so an unknown option is refused;
    - ``new(rng, options)``: a new game;
    - ``setup(rng, position)``: a game from a position in the rule book's words (a scenario's
      ``[setup]``), validated as a whole;
    - ``bots``: the bots that can play it, by name (``random`` is always there);
    - ``settings_class``: its house rules (``None`` when it has none).
    """

    name: str
    system: str
    kind: str
    title: str
    description: str
    state_class: type[GameState[Any]]
    options_class: type[Any]
    new: Callable[[Randomness, Any], GameState[Any]]
    setup: Callable[[Randomness, Mapping[str, Any]], GameState[Any]]
    bots: Mapping[str, BotSpec] = field(default_factory=dict)
    settings_class: type[Any] | None = None
    #: For the conformance test: a copy of ``state`` with ``marker`` planted in a secret of ``seat``
    #: (a hidden chit, a card in hand), or None when that seat holds no secret there.
    plant_secret: Callable[[GameState[Any], str, str], GameState[Any] | None] | None = None
    #: Seats the rule book itself plays (NPC nobles, the Dummy Mage), with the bot that plays them.
    rule_bots: Callable[[GameState[Any]], Mapping[str, str]] | None = None
    #: For the search bot in a game with secrets: a state ``seat`` cannot tell from ``state``, its hidden
    #: information re-dealt from what its observation allows.  None: nothing is hidden from a seat.
    determinise: Callable[[GameState[Any], str, Randomness], GameState[Any]] | None = None
    #: The seats that won a finished game (by default read from ``result()``'s ``winner``/``winners``).
    winners: Callable[[GameState[Any]], tuple[str, ...]] = winners_from_result
    #: For the search bot's playouts: the bot that plays the seats the rule book does not (None: ``heuristic``
    #: where one is registered, else moves at random); the rule book's seats are played by ``rule_bots``.
    playout_bot: str | None = None
    #: For the search bot: how well ``seat`` stands in a game under way, 0 (lost) to 1 (won), from the rule
    #: book's own score; a playout cut before the end is scored by it.  None: by ``winners`` of the position.
    evaluate: Callable[[GameState[Any], str], float] | None = None
    #: For the search bot: how many standard errors a move must gain over the playout bot's own before the
    #: search plays it instead (``magecraft.core.search.CAUTION``); more where the heuristic is strong.
    search_caution: float = 0.0
    #: For the search bot: whether it models the other seats as their playout bot (its own seat searched, theirs
    #: played as the heuristic would, ``SearchBot(model_rivals=True)``) rather than searching their moves too.
    search_models_rivals: bool = False

    def bots_for(self, state: GameState[Any], others: str = "random") -> dict[str, str]:
        """A bot name for every seat: the rule book's own for the seats it plays, ``others`` elsewhere."""
        fixed = dict(self.rule_bots(state)) if self.rule_bots is not None else {}
        return {seat: fixed.get(seat, others) for seat in state.seats()}

    def __post_init__(self) -> None:
        bots = {"random": RANDOM, **self.bots}
        if "search" not in bots and (self.plant_secret is None or self.determinise is not None):
            bots["search"] = BotSpec(
                "search", "Monte Carlo tree search (information-set MCTS where seats hold secrets), about a "
                "second a decision", Sees.OBSERVATION, self._search_bot)
        object.__setattr__(self, "bots", bots)

    def _search_bot(self, rng: Randomness, budget: tuple[int, float | None] | None = None) -> Bot:
        from magecraft.core.search import PLAYOUTS, SearchBot

        playouts, seconds = budget or (PLAYOUTS, 1.0)
        return SearchBot(rng, determinise=self.determinise, winners=self.winners, playout=self.playout,
                         evaluate=self.evaluate, playouts=playouts, seconds=seconds, caution=self.search_caution,
                         model_rivals=self.search_models_rivals)

    def playout(self, state: GameState[Any], rng: Randomness) -> Playout:
        """The bots of the search bot's playouts: the rule book's at its seats, ``playout_bot`` elsewhere."""
        from magecraft.core.search import Playout

        fixed = dict(self.rule_bots(state)) if self.rule_bots is not None else {}
        name = self.playout_bot or ("heuristic" if "heuristic" in self.bots else None)
        bots = {seat: self.bot(fixed.get(seat, name or ""), rng) for seat in state.seats()
                if seat in fixed or name is not None}
        return Playout(bots, frozenset(fixed))

    def options(self, raw: Mapping[str, Any]) -> Any:
        """The new-game options from plain values (a TOML table, command-line words); unknown ones refused."""
        return dataclass_from_dict(self.options_class, raw, what=f"{self.name} options")

    def option_defaults(self) -> dict[str, Any]:
        """The new-game options and their defaults, as plain values (what ``--options`` and a lobby may set);
        an option with no default shows None."""
        out: dict[str, Any] = {}
        for f in fields(self.options_class):
            if f.default is not MISSING:
                value: Any = f.default
            elif f.default_factory is not MISSING:
                value = f.default_factory()
            else:
                value = None
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def new_game(self, rng: Randomness, raw_options: Mapping[str, Any] | None = None) -> GameState[Any]:
        """A new game from plain options."""
        return self.new(rng, self.options(raw_options or {}))

    def bot(self, name: str, rng: Randomness) -> Bot:
        """A bot of this game by its registered name (a misspelt one is refused with the names).

        ``search:N`` is the search bot thinking ``N`` playouts a decision with no clock (the same choices on
        any machine, at any load: how the lab measures it), ``search:Ts`` thinking ``T`` seconds."""
        budget = self.check_bot(name)
        return self._search_bot(rng, budget) if budget is not None else self.bots[name].make(rng)

    def check_bot(self, name: str) -> tuple[int, float | None] | None:
        """Refuse in one line (``InputError``) a bot this game does not have, or a search budget that is none;
        the budget of ``search:...`` (playouts, seconds), None for a bot by its registered name."""
        base, colon, budget = name.partition(":")
        if colon and base == "search" and "search" in self.bots:
            return search_budget(budget)
        if name not in self.bots:
            near = close_names(name, self.bots)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            raise InputError(f"{self.name} has no bot called {name!r}{hint} (bots: {', '.join(self.bots)})")
        return None

    def load(self, state: Mapping[str, Any]) -> GameState[Any]:
        """Rebuild a saved state of this game, refused whole (``InputError``) when it does not load."""
        try:
            return self.state_class.from_dict(state)
        except InputError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            detail = f"{type(exc).__name__}: {exc}" if not isinstance(exc, KeyError) else f"{exc} is missing"
            raise InputError(f"this is not a {self.title} that loads ({detail})") from None


def plain_options(text: str) -> dict[str, Any]:
    """A new game's plain options written as TOML (``creatures = ["Grizzly Bears"]``), as the web lobby's form
    and ``lab run --options`` take them; text that is not TOML is refused in one line.

    >>> plain_options('hero = "Kiora the Wanderer"')
    {'hero': 'Kiora the Wanderer'}
    """
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"the options are not TOML ({exc})") from None


def search_budget(text: str) -> tuple[int, float | None]:
    """The search bot's budget from the words after ``search:`` -- playouts (``200``: no clock) or seconds
    (``2s``, ``0.5s``: as many playouts as fit) -- refused in one line when it is neither.

    >>> search_budget("200"), search_budget("0.5s")
    ((200, None), (1000000, 0.5))
    """
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if 0 < seconds <= 3600:
                return 1_000_000, seconds
        elif text.isdigit() and 0 < int(text) <= 1_000_000:
            return int(text), None
    except ValueError:
        pass
    raise InputError(f"search:{text} is not a budget: say playouts (search:200) or seconds (search:0.5s)")


class Registry:
    """Game types by name, imported on first use."""

    def __init__(self, catalogue: Mapping[str, str]) -> None:
        self._catalogue = dict(catalogue)
        self._loaded: dict[str, GameType] = {}

    def names(self) -> tuple[str, ...]:
        return tuple(self._catalogue)

    def get(self, name: str) -> GameType:
        if name not in self._catalogue:
            near = close_names(name, self._catalogue)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            raise InputError(f"no game called {name!r}{hint} (games: {', '.join(self._catalogue)})")
        if name not in self._loaded:
            module, _, attribute = self._catalogue[name].partition(":")
            game_type = getattr(importlib.import_module(module), attribute)
            if not isinstance(game_type, GameType) or game_type.name != name:
                raise TypeError(f"{self._catalogue[name]} is not the game type {name!r}")
            self._loaded[name] = game_type
        return self._loaded[name]

    def __iter__(self) -> Iterator[GameType]:
        for name in self._catalogue:
            yield self.get(name)

    def for_save(self, system: str, kind: str) -> GameType | None:
        """The game type whose saves are filed under ``system`` and ``kind`` (None: not a game)."""
        for game_type in self:
            if game_type.system == system and game_type.kind == kind:
                return game_type
        return None

