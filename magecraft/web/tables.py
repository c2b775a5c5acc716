"""Tables: saved games of any registered game type, played from several pages at once.

A table is one saved game in the save store (filed under its game type's system and kind, with its
revisions), plus what the server keeps beside it in ``<store>.tables.json``: the game type, each seat's
secret link (only a SHA-256 of each token is kept), which seats bots play, whether the table is paused,
and the dice typed at the table.  Everything here goes through the engine: an action arrives as its
words and is read with ``parse_action`` and applied with ``apply``; nothing a page sends is trusted.

The store's revision is the truth: an action made on a page that showed an older revision is refused
with "the table moved on", never applied to the wrong state.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from magecraft.core import chance
from magecraft.core.errors import InputError, MagecraftError, RuleError
from magecraft.core.events import undo_stops_at
from magecraft.core.randomness import Randomness, ScriptedSource
from magecraft.core.registry import GameType
from magecraft.core.saves import SaveStore, SaveSummary
from magecraft.core.state import GameState
from magecraft.games import registry

GM = "game master"


class Forbidden(MagecraftError):
    """A token that opens nothing here (wrong, revoked, another seat's): HTTP 403, nothing changed."""


class Stale(MagecraftError):
    """The page showed an older revision than the store's: the table moved on."""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Seat:
    """One seat: who plays it (a person with a link, or a bot by name) and whether its person joined."""

    name: str
    token_sha: str
    bot: str | None = None
    joined: bool = False


@dataclass(frozen=True)
class DieWanted:
    """A real die the table must roll before ``action`` (by ``seat``) can be carried out."""

    seat: str
    action: str
    sides: int
    label: str


@dataclass(frozen=True)
class LastAction:
    """The last action a person's seat had carried out: what undo takes back (docs/architecture.md, "The
    play loop": back to before the last action of the person, bots' moves after it included)."""

    seat: str
    words: str
    #: The store's revision before it, and the log's length then (the events since are checked).
    revision: int
    events: int


@dataclass(frozen=True)
class TableInfo:
    """What the server keeps about a table beside its saved game."""

    name: str
    game: str
    seats: tuple[Seat, ...]
    paused: bool = False
    physical: bool = False
    typed_dice: tuple[int, ...] = ()
    wanted: DieWanted | None = None
    #: How many actions each person's seat has had carried out (a check that none is lost or doubled).
    played: tuple[tuple[str, int], ...] = ()
    last: LastAction | None = None

    def played_by(self, seat: str) -> int:
        return dict(self.played).get(seat, 0)

    def seat(self, name: str) -> Seat:
        return next(s for s in self.seats if s.name == name)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "game": self.game, "paused": self.paused,
                "physical": self.physical, "typed_dice": list(self.typed_dice),
                "wanted": None if self.wanted is None else vars(self.wanted), "played": dict(self.played),
                "last": None if self.last is None else vars(self.last),
                "seats": [vars(s) for s in self.seats]}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> TableInfo:
        wanted, last = raw.get("wanted"), raw.get("last")
        return cls(raw["name"], raw["game"], tuple(Seat(**s) for s in raw["seats"]), raw["paused"],
                   raw["physical"], tuple(raw["typed_dice"]),
                   None if wanted is None else DieWanted(**wanted), tuple(raw.get("played", {}).items()),
                   None if last is None else LastAction(**last))


@dataclass
class Links:
    """The tokens of a new or re-issued table, shown once (they are never stored)."""

    table: str
    seats: dict[str, str] = field(default_factory=dict)


class Tables:
    """Every table of one save store; safe to use from several request threads at once."""

    def __init__(self, store: SaveStore) -> None:
        self.store = store
        self.path = Path(str(store.path) + ".tables.json")
        self._lock = threading.RLock()
        self._listeners: list[Callable[[str, str], None]] = []
        self.tables: dict[str, TableInfo] = {}
        self.secret = secrets.token_bytes(32)
        if self.path.exists():
            self._read()

    # -- the sidecar file --------------------------------------------------------------------
    def _read(self) -> None:
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
            self.secret = bytes.fromhex(raw["secret"])
            self.tables = {t["name"]: TableInfo.from_json(t) for t in raw["tables"]}
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise InputError(f"{self.path} is damaged ({exc}); it was left as it is") from None

    def _write(self) -> None:
        data = {"secret": self.secret.hex(), "tables": [t.to_json() for t in self.tables.values()]}
        partial = self.path.with_name(self.path.name + ".partial")
        partial.write_text(json.dumps(data, indent=1), encoding="utf-8")
        os.chmod(partial, 0o600)
        os.replace(partial, self.path)

    def listen(self, callback: Callable[[str, str], None]) -> None:
        """``callback(table, version)`` after every change of a table (the server pushes updates)."""
        self._listeners.append(callback)

    def _changed(self, name: str, revision: int | None = None) -> None:
        revision = self.revision(name) if revision is None else revision
        for callback in self._listeners:
            callback(name, self.version(name, revision))

    def version(self, name: str, revision: int) -> str:
        """What a page of the table shows, in a word: the store's revision, and what the server keeps
        beside it that a page shows (paused, a die asked for and the dice entered for it).  A page already
        showing the version an update names does not fetch itself again (nor lose what is being typed)."""
        info = self._info(name)
        asked = "" if info.wanted is None else f"{info.wanted.seat}:{len(info.typed_dice)}"
        return f"{revision}.{int(info.paused)}.{asked}"

    # -- making tables -----------------------------------------------------------------------
    def create(self, name: str, game: str, people: list[str], bots: Mapping[str, str] | None = None, *,
               options: Mapping[str, Any] | None = None, seed: int | None = None, physical: bool = False,
               state: GameState[Any] | None = None) -> Links:
        """A new table: a new game (or ``state``, from a scenario), a link for each person's seat, bots
        for the others (``bots`` by seat; ``random`` where not named)."""
        game_type = registry().get(game)
        if state is None:
            state = game_type.new_game(Randomness.seeded(seed), options or {})
        if physical:
            _real_dice_from_now(state, seed or 0)
        links, seat_rows = _seat_rows(name, game_type, state, people, bots)
        with self._lock:
            if name in self.tables:
                raise InputError(f"there is already a table called {name!r}")
            self.store.create(name, game_type.system, game_type.kind, state.to_dict())
            self.tables[name] = TableInfo(name, game, tuple(seat_rows), physical=physical)
            self._write()
            self._run_bots(name)
        return links

    def saves_to_open(self) -> list[tuple[SaveSummary, GameType]]:
        """The store's saves of registered game types that are not tables yet (issue 26: the game master
        "opens an existing save"), oldest first."""
        by_filing = {(g.system, g.kind): g for g in registry()}
        taken = {(self.game_type(t).system, self.game_type(t).kind, t) for t in self.tables}
        return [(s, by_filing[s.system, s.kind]) for s in self.store.list_saves()
                if (s.system, s.kind) in by_filing and (s.system, s.kind, s.name) not in taken]

    def open_save(self, save_id: int, people: list[str], bots: Mapping[str, str] | None = None) -> Links:
        """Table the store's save ``save_id`` under its own name: the game goes on from its last revision,
        a link for each person's seat, bots for the others.  A save that is a table already, is in the trash,
        is no registered game or does not load is refused, nothing changed."""
        found = next((s for s in self.store.list_saves() if s.id == save_id), None)
        if found is None:
            raise InputError(f"there is no save {save_id} in this store (or it is in the trash)")
        game_type = registry().for_save(found.system, found.kind)
        if game_type is None:
            raise InputError(f"{found.label} is not a game that can be played at a table")
        if found.name in self.tables:
            raise InputError(f"{found.name!r} is a table already (or a table has its name)")
        state = game_type.load(self.store.get(save_id).state)
        links, seat_rows = _seat_rows(found.name, game_type, state, people, bots)
        with self._lock:
            if found.name in self.tables:
                raise InputError(f"there is already a table called {found.name!r}")
            self.tables[found.name] = TableInfo(found.name, game_type.name, tuple(seat_rows))
            self._write()
            self._run_bots(found.name)
        return links

    def reissue(self, name: str, seat: str) -> str:
        """A new link for ``seat``; the old one stops working at once (the game master's control)."""
        with self._lock:
            info = self._info(name)
            if seat not in {s.name for s in info.seats}:
                raise InputError(f"no seat {seat!r} at table {name!r}")
            token = secrets.token_urlsafe(18)
            seats = tuple(replace(s, token_sha=digest(token), joined=False) if s.name == seat else s
                          for s in info.seats)
            self.tables[name] = replace(info, seats=seats)
            self._write()
        return token

    # -- who is asking -----------------------------------------------------------------------
    def info(self, name: str) -> TableInfo:
        """What the server keeps about table ``name`` (``Forbidden`` when there is none)."""
        return self._info(name)

    def _info(self, name: str) -> TableInfo:
        info = self.tables.get(name)
        if info is None:
            raise Forbidden("no such table")
        return info

    def seat_of(self, name: str, token: str) -> str:
        """The seat whose link ``token`` is (``Forbidden`` for any other token)."""
        info = self._info(name)
        wanted = digest(token)
        for seat in info.seats:
            if seat.bot is None and hmac.compare_digest(seat.token_sha, wanted):
                if not seat.joined:
                    with self._lock:
                        self.tables[name] = replace(info, seats=tuple(
                            replace(s, joined=True) if s.name == seat.name else s for s in info.seats))
                        self._write()
                return seat.name
        raise Forbidden("this link opens no seat at this table")

    def form_token(self, name: str, who: str, revision: int) -> str:
        """The token a page's forms carry: tied to the seat, the table and the revision it showed."""
        message = f"{name}\x00{who}\x00{revision}".encode()
        return hmac.new(self.secret, message, hashlib.sha256).hexdigest()[:32]

    def check_form(self, name: str, who: str, revision: int, token: str) -> None:
        """A form of ``who``'s page (``Forbidden`` otherwise).  Whether the page is out of date is asked by
        each change itself, under the lock, against the store's revision."""
        if not hmac.compare_digest(self.form_token(name, who, revision), token):
            raise Forbidden("this form was not made for this seat")

    # -- the game ----------------------------------------------------------------------------
    def game_type(self, name: str) -> GameType:
        return registry().get(self._info(name).game)

    def revision(self, name: str) -> int:
        info = self._info(name)
        game_type = registry().get(info.game)
        return self.store.load(name, game_type.system, game_type.kind).revision

    def state(self, name: str) -> tuple[GameState[Any], int]:
        info = self._info(name)
        game_type = registry().get(info.game)
        saved = self.store.load(name, game_type.system, game_type.kind)
        return game_type.load(saved.state), saved.revision

    def _save(self, name: str, state: GameState[Any], revision: int) -> int:
        game_type = self.game_type(name)
        return self.store.update(name, game_type.system, game_type.kind, state.to_dict(),
                                 revision=revision).revision

    def act(self, name: str, seat: str, text: str, revision: int) -> str:
        """``seat`` plays the action written ``text`` on the state of ``revision``; bots then play on.

        Returns the action's words as the engine prints them.  ``RuleError`` (nothing changed) when the
        engine refuses it; a die is asked for when the table rolls real dice.
        """
        with self._lock:
            info = self._info(name)
            if info.paused:
                raise RuleError("the table is paused by the game master")
            if info.wanted is not None:
                raise RuleError(f"{info.wanted.seat} must first roll {info.wanted.label}")
            state, current = self.state(name)
            if revision != current:
                raise Stale("the table moved on: the page was out of date and has been refreshed")
            if state.current_player() != seat:
                raise RuleError(f"it is not {seat}'s decision now")
            action = state.parse_action(text)
            words = state.action_text(action)
            revision = self._carry_out(name, info, state, current, seat, words)
        self._changed(name, revision)
        return words

    def _carry_out(self, name: str, info: TableInfo, state: GameState[Any], revision: int, seat: str,
                   words: str, dice: tuple[int, ...] = ()) -> int:
        """:meth:`_apply`, then the bots play on; one save for both (one write to disk per request)."""
        outcome = self._apply(name, info, state, revision, seat, words, dice)
        return revision if outcome is None else self._advance(name, outcome, revision, dirty=True)

    def _apply(self, name: str, info: TableInfo, state: GameState[Any], revision: int, seat: str,
               words: str, dice: tuple[int, ...] = ()) -> GameState[Any] | None:
        """Carry out ``words`` from the saved state with the real ``dice`` rolled for it so far: the new
        state, not saved yet; or None when a die the table has not rolled yet is asked for (the saved
        game is left as it was)."""
        outcome = chance.step(self.game_type(name), state.to_dict(), words, dice)
        if isinstance(outcome, chance.DieWanted):
            self.tables[name] = replace(info, typed_dice=dice,
                                        wanted=DieWanted(seat, words, outcome.sides, outcome.label))
            self._write()
            return None
        played = {**dict(info.played), seat: info.played_by(seat) + 1}
        # a die the game master rolled for a bot leaves the last person's action the last one
        last = info.last if seat == GM else LastAction(seat, words, revision, len(state.log))
        self.tables[name] = replace(info, typed_dice=(), wanted=None, played=tuple(played.items()), last=last)
        return outcome

    def enter_die(self, name: str, seat: str, value: int, revision: int) -> None:
        """The real die the table asked ``seat`` for; the waiting action is carried out with it."""
        with self._lock:
            info = self._info(name)
            wanted = info.wanted
            if wanted is None or wanted.seat != seat:
                raise RuleError("no die is wanted from this seat now")
            if not 1 <= value <= wanted.sides:
                raise InputError(f"{wanted.label} needs a value from 1 to {wanted.sides}, not {value}")
            state, current = self.state(name)
            if revision != current:
                raise Stale("the table moved on: the page was out of date and has been refreshed")
            revision = self._carry_out(name, info, state, current, seat, wanted.action,
                                       (*info.typed_dice, value))
        self._changed(name, revision)

    def _run_bots(self, name: str) -> None:
        state, revision = self.state(name)
        self._advance(name, state, revision, dirty=False)

    def _advance(self, name: str, state: GameState[Any], revision: int, *, dirty: bool) -> int:
        """The bots play the seats nobody holds from ``state`` (``dirty``: a new state not saved yet, the
        store still at ``revision``), until a person decides or a real die is wanted; saved once.
        Returns the store's revision."""
        info = self._info(name)
        bots = {s.name: s.bot for s in info.seats if s.bot is not None}
        game_type = registry().get(info.game)
        seed = revision + 1 if dirty else revision  # the revision the bots' moves start from
        steps = 0
        while (not info.paused and info.wanted is None and (player := state.current_player()) in bots
               and steps < 10_000):
            bot = game_type.bot(bots[player], Randomness.seeded(seed * 1009 + steps))
            words = state.action_text(bot.choose(state, player))
            outcome = chance.step(game_type, state.to_dict(), words, ())
            if isinstance(outcome, chance.DieWanted):
                # a bot's roll with real dice: the game master rolls it for the bot from their screen
                self.tables[name] = replace(info, wanted=DieWanted(GM, words, outcome.sides, outcome.label))
                break
            state, steps = outcome, steps + 1
        if dirty or steps:
            revision = self._save(name, state, revision)
        self._write()
        return revision

    # -- the game master -----------------------------------------------------------------------
    def pause(self, name: str, paused: bool) -> None:
        with self._lock:
            self.tables[name] = replace(self._info(name), paused=paused)
            self._write()
            if not paused:
                self._run_bots(name)
        self._changed(name)

    def override(self, name: str, path: str, value_json: str, revision: int) -> str:
        """Change one value of the saved game (``path`` into its saved form), recorded in the log as an
        override with what changed; a change the game cannot load is refused, nothing changed."""
        with self._lock:
            state, current = self.state(name)
            if revision != current:
                raise Stale("the table moved on: the page was out of date and has been refreshed")
            try:
                value = json.loads(value_json)
            except ValueError:
                raise InputError(f"the new value is not JSON: {value_json[:40]!r}") from None
            raw = state.to_dict()
            parent, key, old = _locate(raw, path)
            parent[key] = value
            changed = self.game_type(name).load(raw)
            changed.log.record("override", f"the game master changed {path} from {json.dumps(old)} to "
                               f"{json.dumps(value)}", data={"path": path, "old": old, "new": value})
            self._save(name, changed, current)
            self.tables[name] = replace(self._info(name), last=None)  # nobody takes back past an override
            self._write()
            self._run_bots(name)
        self._changed(name)
        return path

    # -- undo ------------------------------------------------------------------------------------
    def undo_refusal(self, name: str, who: str, state: GameState[Any] | None = None) -> str | None:
        """Why ``who`` (a seat, or the game master for whoever acted last) may not undo now, or None.

        The play loop's rule (docs/architecture.md, "The play loop"): back to before the last action of
        the person asking, refused once a die was rolled, a card drawn or a secret shown since; a die asked
        for and not yet entered is simply withdrawn with its action."""
        info = self._info(name)
        if info.paused:
            return "the table is paused by the game master"
        if info.wanted is not None:
            if info.wanted.seat != who and who != GM:
                return f"{info.wanted.seat} is asked for a die now"
            if info.typed_dice:
                return "cannot undo: a die was entered for this action already"
            return None
        last = info.last
        if last is None:
            return "nothing to undo: no action stands to be taken back"
        if who not in (last.seat, GM):
            return f"cannot undo: {last.seat} acted after your last action"
        if state is None:
            state, _ = self.state(name)
        whose = "your" if who == last.seat else f"{last.seat}'s"
        for event in list(state.log)[last.events:]:
            reason = undo_stops_at(event)
            if reason is not None and not state.event_visible(event, who) and who != GM:
                reason = "hidden information was revealed to another player"  # the reason must not leak it
            if reason is not None:
                return f"cannot undo: {reason} since {whose} last action"
        return None

    def undo(self, name: str, who: str, revision: int) -> str:
        """Take back the last action (see :meth:`undo_refusal`): the state before it is saved as a new
        revision, so pages that showed the undone one are out of date; returns what was taken back."""
        with self._lock:
            if revision != self.revision(name):
                raise Stale("the table moved on: the page was out of date and has been refreshed")
            refusal = self.undo_refusal(name, who)
            if refusal is not None:
                raise RuleError(refusal)
            info = self._info(name)
            if info.wanted is not None:
                self.tables[name] = replace(info, wanted=None, typed_dice=())
                self._write()
                taken = info.wanted.action
            else:
                assert info.last is not None
                taken = self._restore(name, info, info.last, who, revision)
        self._changed(name)
        return taken

    def _restore(self, name: str, info: TableInfo, last: LastAction, who: str, revision: int) -> str:
        game_type = self.game_type(name)
        try:
            before = self.store.revision_state(name, last.revision, game_type.system, game_type.kind)
        except MagecraftError:
            raise RuleError("cannot undo: the store no longer keeps the state before that action") from None
        state = game_type.load(before.state)
        by = "" if who == last.seat else " (by the game master)"
        state.log.record("undo", f"{last.seat} took back {last.words}{by}", data={"seat": last.seat})
        self._save(name, state, revision)
        played = {**dict(info.played), last.seat: info.played_by(last.seat) - 1}
        self.tables[name] = replace(info, last=None, played=tuple(played.items()))
        self._write()
        return last.words


def _seat_rows(name: str, game_type: GameType, state: GameState[Any], people: list[str],
               bots: Mapping[str, str] | None) -> tuple[Links, list[Seat]]:
    """A link for each of ``people``'s seats, a bot for every other (``bots`` by seat, else the rule book's
    own or ``random``); a seat or a bot the game does not have is refused."""
    seats = state.seats()
    unknown = [p for p in people if p not in seats]
    if unknown:
        raise InputError(f"{game_type.name} has no seat {unknown[0]!r} (seats: {', '.join(seats)})")
    chosen = {**game_type.bots_for(state, "random"), **(bots or {})}
    links = Links(name)
    rows = []
    for seat in seats:
        token = secrets.token_urlsafe(18)
        if seat in people:
            links.seats[seat] = token
            rows.append(Seat(seat, digest(token)))
        else:
            game_type.check_bot(chosen[seat])
            rows.append(Seat(seat, digest(token), bot=chosen[seat]))
    return links, rows


def from_scenario(text: str, seed: int | None) -> tuple[str, GameState[Any]]:
    """The game type's name and the state a scenario file's text sets up (its ``[setup]`` position or
    ``[options]``, its ``[[play]]`` steps played), its own dice used up and seeded dice (``seed``, else the
    scenario's) from there on.  A malformed file, or a step the rules refuse, is refused in one line."""
    from magecraft.core.randomness import SeededSource
    from magecraft.core.scenario import load_scenario_text, play_steps, start

    try:
        scenario = load_scenario_text(text, "the scenario")
        game_type, state = start(scenario, registry())
        failure = play_steps(state, scenario.play)
    except MagecraftError as exc:
        raise InputError(" ".join(str(exc).split())) from None
    if failure is not None:
        raise InputError(" ".join(f"the scenario: {failure}".split()))
    chosen = seed if seed is not None else scenario.seed if scenario.seed is not None else secrets.randbits(32)
    state.rng.source = SeededSource(chosen)
    state.log.record("randomness", "seeded dice after the scenario", data={"seed": chosen})
    return game_type.name, state


def _real_dice_from_now(state: GameState[Any], seed: int) -> None:
    """Every roll from now on is a real die typed at the table (asked for through :mod:`chance`); the
    set-up's rolls (an NPC noble's sheet, the order of entry) were dealt by the server, since a table has
    no page to type them on before it exists.  Shuffles stay the server's (no die stands for them)."""
    state.rng.source = ScriptedSource([], shuffle_seed=seed)
    state.log.record("randomness", "real dice from here on", data={"shuffle_seed": seed})


def _locate(raw: Any, path: str) -> tuple[Any, Any, Any]:
    parts = [p for p in path.split(".") if p]
    if not parts or parts[0] in ("log", "rng", "randomness"):
        raise InputError(f"{path!r} cannot be overridden (the log and the dice are the table's record)")
    node = raw
    for part in parts[:-1]:
        node = _step(node, part, path)
    last = parts[-1]
    key: Any = int(last) if isinstance(node, list) and last.lstrip("-").isdigit() else last
    try:
        old = node[key]
    except (KeyError, IndexError, TypeError):
        raise InputError(f"the game has no value at {path!r}") from None
    if isinstance(old, dict | list):
        raise InputError(f"{path!r} is a group of values; name one value in it")
    return node, key, old


def _step(node: Any, part: str, path: str) -> Any:
    try:
        if isinstance(node, list):
            return node[int(part)]
        return node[part]
    except (KeyError, IndexError, ValueError, TypeError):
        raise InputError(f"the game has no value at {path!r}") from None
