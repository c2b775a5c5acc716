"""The living realm, day by day: travellers wandering, generators breeding pods that hunt the characters.

:class:`RealmDays` runs what the expansion adds to a day of Magic Realm on a board of its own
(:mod:`.board`), with the characters standing in their clearings (the referee moves them):

1. the day's monster roll (1d6; 5 is "prowling" for the generators, 12.2);
2. the traveller matching the roll moves by the Traveller Movement table (7.3, 7.4): never into a
   clearing with monsters, forced out of one or eaten; the Wood Sprite never enters a cave;
3. an active generator on a prowling day with colour magic present (a character's colour chit or
   treasure, or every seventh day, 12.2) rolls Pod Generation and places the pod on its tile;
4. at the end of each character's turn (in the order the characters were placed): travellers met
   (the Jester joins the character with the
   most letters in his name, ties at random; the Young Knight joins a character with three MAGIC
   chits or fewer and attacks one with more; the Siren's trap for a male character), the generator
   revealed when a character ends his turn in its tile, and on prowling days the closest pod moves
   one tile closer, or into the character's clearing when it is already in his tile (12.4/1); two
   pods when the character stands with the Queen Bee (12.5/2); slimes divide whenever they move;
5. midnight: pods leave the clearings for the woods and pods in the same tile merge (12.4/1c, 12.4/3);
   Volcano clearings burn (1.2/1).

Before each day, hired travellers whose time is up leave (the Necromancer turning on his employer
first, 7.10).  Between days the referee records what the base game did: moves, offroad rolls (2.2-2.4),
hiring, capturing, deaths (7.8, 2.5), guilds (9) -- :mod:`.referee` checks and carries those out.  The travellers'
wandering and meetings are :mod:`.wandering`, the generators and their pods :mod:`.generators`, the setup's
placing :mod:`.placing`.
When the rules leave a choice to a person (which of two equally close pods moves, 12.4/1a; who of
several eligible characters takes a guild's chit, 9.3/3b; the clearing an offroad roll lets the
character choose, 2.3), the day waits: :attr:`RealmDays.pending` names the decision and
``current_player()`` the character; the ``unattended`` bot (:mod:`.bots`) decides for a realm left unattended
(the oldest pod, the first character placed, the lowest-numbered clearing: ruling
MR31).

The traveller order on Treasure Setup Card II is lost with the card: travellers take the monster
rolls 1 to 6 in the order they were dealt (ruling MR5).

>>> from magecraft.core.randomness import Randomness
>>> days = RealmDays.new(Randomness.seeded(5), ["Amazon@Borderland 1", "Dwarf@Borderland 4"])
>>> days.apply(NextDay()); days.day
1
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any, Self

from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.core.events import Event, EventLog
from magecraft.core.odds import Chance
from magecraft.core.randomness import AskDie, Randomness
from magecraft.core.state import GameState
from magecraft.magic_realm import chances, generators, miracles, phases, referee, travellers, wandering, words
from magecraft.magic_realm.actions import (
    ChooseClearing,
    ChoosePod,
    DayAction,
    GrantGuildChit,
    NextDay,
    PlayMiracle,
    StrikeHive,
    UseBookOfTheDead,
    WoundMiracle,
)
from magecraft.magic_realm.board import Board
from magecraft.magic_realm.generators import PROWLING
from magecraft.magic_realm.guilds import GuildHall
from magecraft.magic_realm.hirelings import Retinue
from magecraft.magic_realm.pieces import Character, Decide, Item, Pending, Pod, TravellerPiece
from magecraft.magic_realm.placing import deal_travellers, mark_characters, place_characters, teach_spells, tile_of
from magecraft.magic_realm.realm import DayRecord, Replay
from magecraft.magic_realm.setup import SECTION as SETUP_DEAL
from magecraft.magic_realm.setup import Setup
from magecraft.magic_realm.sites import Sites
from magecraft.magic_realm.table_dice import DEFAULT_SETTINGS, RealmSettings
from magecraft.magic_realm.travel import volcano_midnight_effect

__all__ = [
    "Character", "ChooseClearing", "ChoosePod", "DayAction", "Decide", "GrantGuildChit", "Item", "NextDay",
    "Pending",
    "Pod", "RealmDays", "StrikeHive", "TravellerPiece", "UseBookOfTheDead",
]

TRAVELLERS = "7. Travellers"
#: What a save of the realm says it is (``from_dict`` refuses anything else).
SAVE_FORMAT = "magic_realm.days/3"
#: A save of before the Trap and the minor treasure locations were on the board: read, its sites dealt anew
#: from its setup (nothing of them had happened yet).
OLD_FORMAT = "magic_realm.days/2"
#: Starting gold of a character placed without ``=GOLD`` (the base game's starting gold is on the
#: character cards, not in the seed; ruling MR30).
START_GOLD = 10
#: The seat that records the base game's turn.
REFEREE = "referee"
#: The log's section of the setup's deal, which no character sees (15.3-15.4).
SETUP_SECTION = SETUP_DEAL


class RealmDays(GameState[DayAction]):
    """The expansion's realm, advanced one day at a time."""

    system = "magic_realm"

    def __init__(
        self, rng: Randomness, setup: Setup, board: Board, characters: Sequence[Character],
        travellers: Sequence[TravellerPiece], *, generator_tile: int, generator_clearing: int,
        settings: RealmSettings = DEFAULT_SETTINGS,
    ) -> None:
        self.rng = rng
        #: The house rules (docs/rulings.md): how many dice a table rolls (ruling MR49).
        self.settings = settings
        self.setup = setup
        self.board = board
        self.characters = list(characters)
        self.travellers = list(travellers)
        self.generator = setup.generator
        self.generator_tile = generator_tile
        self.generator_clearing = generator_clearing
        self.generator_active = False
        self.generator_closed = False
        self.hive_hits = 0
        self.hive_destroyer: str | None = None
        self.queen_alive = self.generator == "Hive"
        self.pods: list[Pod] = []
        self.next_pod = 1
        self.day = 0
        self.report: list[dict[str, Any]] = []
        #: 7.5-7.9: each character's gold, chits and the travellers serving them.
        self.retinues: dict[str, Retinue] = {c.name: Retinue(c.name, gold=START_GOLD) for c in self.characters}
        #: 9: memberships, quests, the unique chits; and where each discovered guild stands (9.1).
        self.guilds = GuildHall()
        self.guild_clearings: dict[str, int] = {}
        #: 2.5: belongings lying in clearings (a dead character's, the Siren's box once she is captured).
        self.piles: dict[int, list[Item]] = {}
        #: 7.10 Siren: what she took, kept in her box on the setup card.
        self.siren_box: list[Item] = []
        #: The day in progress: the character whose end of turn is being played (None between days),
        #: whether that turn's meetings are done, the pods it still moves, and the day's monster roll.
        self.turn: int | None = None
        self.turn_started = False
        self.moves_left = 0
        self.prowling = False
        self.pending: Pending | None = None
        #: 10.1, 14.2: the Trap and the minor treasure locations on the board (ruling MR41).
        self.sites = Sites.deal(setup, board)
        #: What each character has recorded for the coming day (ruling MR42), counted against its phases.
        self.today: dict[str, DayRecord] = {}
        #: 10.2: Shejoh's Ring once put on -- its wearer (alive or dead) and its effect, for good.
        self.ring: dict[str, Any] | None = None
        #: ROCKS GLOW: the cave clearings lit for the coming day.
        self.glowing: set[int] = set()
        #: MIRACLE 3: the last roll a Miracle chit re-rolled and the roll kept (more chits modify that one).
        self.miracle_roll: dict[str, Any] | None = None
        #: The realm before the last action that rolled, while a Miracle chit is held (ruling MR47); not saved.
        self.replay: Replay | None = None
        #: The legal actions of the decision now, kept until the next action or event (not saved).
        self._legal: tuple[int, list[DayAction]] | None = None

    @classmethod
    def new(
        cls,
        rng: Randomness,
        characters: Sequence[str],
        *,
        setup: Setup | None = None,
        colour_magic: Sequence[str] = (),
        female: Sequence[str] = (),
        male: Sequence[str] = (),
        generator_revealed: bool = False,
        settings: RealmSettings = DEFAULT_SETTINGS,
        spells: Mapping[str, Sequence[str]] | None = None,
    ) -> RealmDays:
        """A seeded setup and board with characters placed as ``"Amazon@Oak Woods 2"`` (``=GOLD`` after the
        clearing sets the character's gold, ``"Amazon@Oak Woods 2=25"``).

        ``colour_magic`` names the characters carrying colour magic (12.2/1); ``female``/``male`` override
        the character's sex (the Siren, 7.10; ruling MR33); ``generator_revealed`` starts the game with the
        generator already discovered (when it lies on the board); ``settings`` are the house rules;
        ``spells`` the spells each character knows (by name; ruling MR55: only these are cast on the board).
        """
        dealt = setup or Setup.deal(rng)
        board = Board.build(dealt.tiles, rng)
        placed, gold = place_characters(board, characters)
        pieces = deal_travellers(dealt, board, rng)
        gen_tile_name = tile_of(dealt, dealt.generator)
        gen_tile = -1 if gen_tile_name is None else board.tile_index(gen_tile_name)
        # The generator's treasure location lies in its tile's highest-numbered clearing (ruling MR5).
        gen_clearing = -1 if gen_tile < 0 else board.tile_clearings(gen_tile)[-1]
        mark_characters(placed, colour_magic=colour_magic, female=female, male=male)
        teach_spells(placed, spells or {})
        made = cls(rng, dealt, board, placed, pieces, generator_tile=gen_tile, generator_clearing=gen_clearing,
                   settings=settings)
        for who_name, coins in gold.items():
            made.retinues[who_name].gold = coins
        made.generator_active = generator_revealed and gen_tile >= 0
        return made

    # -- GameState ------------------------------------------------------------------------------------

    def seats(self) -> tuple[str, ...]:
        """The referee, who records the base game's turn, and the characters, in the order they were placed
        (each decides what the rules leave to him: a pod, a guild's chit, an offroad clearing)."""
        return (REFEREE, *(c.name for c in self.characters))

    def current_player(self) -> str | None:
        if self.is_terminal():
            return None
        return self.pending.chooser if self.pending is not None else REFEREE

    def decision_kind(self) -> Decide:
        return Decide.REFEREE if self.pending is None else Decide(self.pending.kind)

    def legal_actions(self) -> list[DayAction]:
        """Every action now: the waiting decision's choices, else the next day and what the referee may
        record (a move may go to any clearing: the base game's movement is the referee's).  What the base
        game decided (gold, items, deeds, a day's activities) is offered as a sample: any is read from its
        words (:meth:`parse_action`).  Worked out once per decision."""
        mark = len(self.rng.log)
        if self._legal is not None and self._legal[0] == mark:
            return list(self._legal[1])
        if self.pending is not None:
            found = referee.pending_choices(self)
        else:
            found = [NextDay(), *referee.referee_actions(self)]
        self._legal = (mark, found)
        return list(found)

    def chance_of(self, action: DayAction) -> Chance | None:
        """The exact chance a table roll makes ``action`` go well (offroad travel reaching a clearing, the
        Enchantress casting, the Pickpocket scoring; :mod:`.chances`), else None; changes nothing."""
        return chances.chance_of(self, action)

    def action_text(self, action: DayAction) -> str:
        """``action`` in the referee's words (:func:`.words.action_text`), clearings by their names."""
        return words.action_text(action, self.board)

    def parse_action(self, text: str) -> DayAction:
        """The action ``text`` names, judged legal now: any of the referee's records in words (an amount of gold,
        an item, a day's activities ...), not only those :meth:`legal_actions` lists as a sample."""
        try:
            action = words.parse(self, text)
        except InputError as exc:
            raise RuleError(f"{text.strip()!r}: {exc}", rule="the referee's record", section=TRAVELLERS) from None
        if action is None:
            return super().parse_action(text)
        self.check(action)
        return action

    def check(self, action: DayAction) -> None:
        if isinstance(action, PlayMiracle | WoundMiracle):
            # "Anytime a die roll is made": mid-day and while a decision waits too (Miracle 3)
            miracles.check(self, self.character(action.character), action)
        elif self.pending is not None:
            referee.check_pending(self, action)
        elif not isinstance(action, NextDay):
            referee.check(self, action)

    def perform(self, action: DayAction) -> None:
        self._legal = None
        if isinstance(action, PlayMiracle | WoundMiracle):
            referee.perform(self, action)  # MIRACLE 3: on the last roll of the action before
            return
        was = miracles.before(self)
        if isinstance(action, NextDay):
            self._day()
        elif isinstance(action, ChoosePod | GrantGuildChit | ChooseClearing):
            referee.perform_pending(self, action)
        else:
            referee.perform(self, action)
        miracles.remember(self, action, was)

    def is_terminal(self) -> bool:
        """Every character dead, or the last day over (ruling MR56; ``RealmSettings.last_day``)."""
        if self.all_dead():
            return True
        last = self.settings.last_day
        return bool(last) and self.day >= last and self.turn is None and self.pending is None

    def all_dead(self) -> bool:
        return not any(c.alive for c in self.characters)

    def winners(self) -> tuple[str, ...]:
        """Ruling MR56: at the game's end, the living characters with the most gold (the one of the base
        game's victory categories the realm keeps); nobody when every character is dead or the game goes on."""
        living = [c.name for c in self.characters if c.alive]
        if not self.is_terminal() or not living:
            return ()
        most = max(self.retinues[name].gold for name in living)
        return tuple(name for name in living if self.retinues[name].gold == most)

    def result(self) -> dict[str, Any]:
        return {
            "day": self.day,
            "winners": list(self.winners()),
            "generator": self.generator,
            "generator_active": self.generator_active,
            "pods": [asdict(p) for p in self.pods],
            "travellers": [
                {**asdict(t), "clearing": None if t.clearing is None else self.board.label(t.clearing)}
                for t in self.travellers
            ],
            "characters": [
                {**asdict(c), "clearing": self.board.label(c.clearing), "gold": self.retinues[c.name].gold,
                 "serving": sorted(self.retinues[c.name].serving), "guild": self._guild_of(c.name)}
                for c in self.characters
            ],
            "guilds": {g: self.board.label(c) for g, c in self.guild_clearings.items()},
            "trap": None if self.sites.trap_clearing is None else {
                "clearing": self.board.label(self.sites.trap_clearing), "revealed": self.sites.trap_revealed,
                "trapped": sorted(self.sites.trap.trapped), "discovered": sorted(self.sites.trap.discovered)},
            "minor_treasure_locations": {
                m.name: self.board.label(self.sites.clearing_of(self.board, m))
                for m in self.sites.minors if m.clearing is not None},
            "pending": None if self.pending is None else self.pending.to_dict(),
        }

    def _guild_of(self, name: str) -> str | None:
        member = self.guilds.members.get(name)
        return None if member is None else member.guild

    def note(self, text: str) -> None:
        self.report.append({"day": self.day, "text": text})
        self.rng.log.record("realm", text, data={"day": self.day})

    def character(self, name: str) -> Character:
        """The living character called ``name``; refused (``RuleError``) otherwise."""
        for c in self.characters:
            if c.name == name:
                if not c.alive:
                    raise RuleError(f"{name} is dead", rule="7.8", section=TRAVELLERS)
                return c
        raise RuleError(f"no character {name!r} is placed", rule="the characters on the board",
                        section=TRAVELLERS)

    def traveller(self, name: str) -> TravellerPiece:
        for piece in self.travellers:
            if piece.name.casefold() == name.strip().casefold():
                return piece
        raise RuleError(f"the {name} is not in play", rule="7.1 travellers selected at random",
                        section=TRAVELLERS)

    # -- the day --------------------------------------------------------------------------------------

    def _day(self) -> None:
        self.day += 1
        self.today.clear()
        self.glowing.clear()
        travellers.travellers_leave(self)
        roll = self.rng.roll(6, f"day {self.day}: monster roll")
        self.prowling = roll == PROWLING
        for piece in self.travellers:
            if piece.roll == roll and piece.state == "wandering":
                self.move_traveller(piece)
        for pod in self.pods:
            pod.moved = False
        if self.prowling and self.generator_active and not generators.closed(self) and self.colour_present():
            generators.generate(self)
        self.turn, self.turn_started, self.moves_left = 0, False, 0
        self.continue_day()

    def continue_day(self) -> None:
        """Play the ends of the characters' turns from where the day stopped, then midnight; stops early
        (``pending`` set) when a decision is left to a person."""
        assert self.turn is not None
        while self.turn < len(self.characters):
            character = self.characters[self.turn]
            if character.alive:
                if not self.turn_started:
                    self.turn_started = True
                    self._start_turn(character)
                    if self.pending is not None:
                        return
                while self.moves_left > 0 and character.alive:
                    closest = generators.closest_pods(self, character)
                    if not closest:
                        self.moves_left = 0
                    elif len(closest) > 1:
                        self.pending = Pending(Decide.POD, character.name, tuple(p.id for p in closest))
                        self.note(f"pods {', '.join(str(p.id) for p in closest)} are equally close to "
                                  f"{character.name}, who chooses the one that moves (12.4/1a)")
                        return
                    else:
                        self.move_pod(closest[0], character)
            self.turn += 1
            self.turn_started, self.moves_left = False, 0
        if self.sites.trap_clearing is not None:
            phases.leaders_end_turn(self)
        self._midnight()
        self.turn = None

    def _start_turn(self, character: Character) -> None:
        if not character.offroad:
            wandering.meet_travellers(self, character)
            phases.end_turn(self, character)
        if (
            not self.generator_active
            and not generators.closed(self)
            and self.board.clearings[character.clearing].tile == self.generator_tile
        ):
            self.generator_active = True
            self.note(f"{character.name} reveals the {self.generator}: it is active")
        if self.prowling and self.generator_active:
            here = self.queen_alive and character.clearing == self.generator_clearing and not character.offroad
            self.moves_left = 2 if here else 1
        referee.arrive_at_guilds(self, character)

    def colour_present(self) -> bool:
        """Whether colour magic is present today (12.2/1-2; :func:`.generators.colour_present`)."""
        return generators.colour_present(self)

    # -- travellers (7.3, 7.4; :mod:`.wandering`) -------------------------------------------------------

    def move_traveller(self, piece: TravellerPiece) -> None:
        """The traveller moves by the Traveller Movement table (:func:`.wandering.move_traveller`)."""
        wandering.move_traveller(self, piece)

    def place_traveller(self, piece: TravellerPiece, clearing: int) -> None:
        """A traveller lands in ``clearing`` (:func:`.wandering.place_traveller`)."""
        wandering.place_traveller(self, piece, clearing)

    # -- pods (12.4; :mod:`.generators`) -----------------------------------------------------------------

    def move_pod(self, pod: Pod, character: Character) -> None:
        """The pod moves toward ``character`` (:func:`.generators.move_pod`)."""
        generators.move_pod(self, pod, character)

    def strike(self, action: StrikeHive) -> None:
        """The Hive is struck (:func:`.generators.strike`)."""
        generators.strike(self, action)

    def _midnight(self) -> None:
        generators.merge_pods(self)
        for character in self.characters:
            if not character.alive or character.offroad:
                continue
            tile = self.board.tile_names[self.board.clearings[character.clearing].tile]
            if tile == "Volcano":
                kind = self.board.clearings[character.clearing].kind
                effect, fatigue, wounds = volcano_midnight_effect(self.rng, kind)
                if effect != "none":
                    character.fatigue += fatigue
                    character.wounds += wounds
                    self.note(
                        f"midnight in the Volcano: {character.name}: {effect}"
                        + (f" ({wounds})" if wounds > 1 else "")
                    )

    def observation(self, player: str) -> dict[str, Any]:
        """What ``player`` may see: the referee everything but the dice's state; a character not the chits dealt
        face down (15.3-15.4), the generator until it is revealed (15.3/1), the setup's picks and shuffles, nor
        the dice's state; nor what the other characters alone know: the hidden paths and gates they discovered
        (1.2/3, 3.2), their Miracle chits set aside, the activities they recorded for the coming day."""
        seen = self.to_dict()
        seen.pop("rng")  # the dice's state would tell anyone, the referee too, the rolls to come
        if player == REFEREE:
            return seen
        for character in seen["characters"]:
            if character["name"] != player:
                for secret in ("known_gates", "known_paths", "miracles"):
                    character[secret] = len(character[secret])
        seen["today"] = {name: record for name, record in seen["today"].items() if name == player}
        seen["setup"] = {"tiles": seen["setup"]["tiles"], "travellers": seen["setup"]["travellers"]}
        if not self.generator_active:
            seen["generator"] = {"active": False}
        sites = seen["sites"]
        seen["sites"] = {
            "minors": [m for m in sites["minors"] if m["clearing"] is not None],
            **({"trap_clearing": sites["trap_clearing"], "trap": sites["trap"]}
               if self.sites.trap_revealed else {}),
        }
        seen["log"] = [e for e in seen["log"] if not secret_event(e.get("kind"), e.get("label"), e.get("section"))]
        return seen

    def event_visible(self, event: Event, player: str) -> bool:
        """The referee sees every event; a character not the setup's picks and shuffles (15.3-15.4: chits dealt
        face down, the generator "undisclosed until discovered", 15.3/1) nor the dice's state -- what
        :meth:`observation` leaves out of his log."""
        if player == REFEREE:
            return True
        return not secret_event(event.kind, event.label, event.section) and super().event_visible(event, player)

    # -- saving ----------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "day": self.day,
            "settings": self.settings.to_dict(),
            "tiles": list(self.board.tile_names),
            "setup": self.setup.to_dict(),
            "characters": [asdict(c) for c in self.characters],
            "travellers": [asdict(t) for t in self.travellers],
            "pods": [asdict(p) for p in self.pods],
            "generator": {
                "tile": self.generator_tile,
                "clearing": self.generator_clearing,
                "active": self.generator_active,
                "closed": self.generator_closed,
                "hive_hits": self.hive_hits,
                "destroyer": self.hive_destroyer,
                "queen_alive": self.queen_alive,
                "next_pod": self.next_pod,
            },
            "retinues": [self.retinues[c.name].to_dict() for c in self.characters],
            "guilds": self.guilds.to_dict(),
            "guild_clearings": dict(self.guild_clearings),
            "piles": [[c, [asdict(i) for i in items]] for c, items in self.piles.items()],
            "siren_box": [asdict(i) for i in self.siren_box],
            "sites": self.sites.to_dict(),
            "today": {name: r.to_dict() for name, r in self.today.items()},
            "ring": self.ring,
            "glowing": sorted(self.glowing),
            "miracle_roll": self.miracle_roll,
            "turn": {"index": self.turn, "started": self.turn_started, "moves_left": self.moves_left,
                     "prowling": self.prowling},
            "pending": None if self.pending is None else self.pending.to_dict(),
            "report": list(self.report),
            "rng": self.rng.snapshot(),
            "log": self.rng.log.to_list(),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], *, ask: AskDie | None = None) -> Self:
        """Rebuild a saved realm; anything malformed or inconsistent is refused whole (``DataError``).

        ``ask`` reads real dice when the realm was played with physical dice.
        """
        try:
            if raw["format"] not in (SAVE_FORMAT, OLD_FORMAT):
                raise ValueError(f"it is not a {SAVE_FORMAT} save")
            realm = cls._read(raw, ask)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, InputError) as exc:
            raise DataError(f"a saved realm is malformed ({exc})") from None
        return realm

    def restore(self, saved: Mapping[str, Any], *, ask: AskDie | None = None) -> None:
        """Become the realm ``saved`` (a :meth:`to_dict`) in place: a Miracle re-roll kept plays the action
        again from before it (ruling MR47)."""
        self.__dict__.update(type(self).from_dict(saved, ask=ask).__dict__)

    @classmethod
    def _read(cls, raw: Mapping[str, Any], ask: Any) -> Self:
        setup = Setup.from_dict(raw["setup"])
        tiles = [str(t) for t in raw["tiles"]]
        if sorted(tiles) != sorted(setup.tiles):
            raise ValueError("the board's tiles are not the setup's")
        board = Board(tiles)
        characters = [Character.read(c) for c in raw["characters"]]
        for c in characters:
            _clearing(board, c.clearing)
        names = [c.name for c in characters]
        if not characters or len(set(names)) != len(names):
            raise ValueError("the characters are missing or share a name")
        travellers = [TravellerPiece.read(t) for t in raw["travellers"]]
        for t in travellers:
            _clearing(board, t.clearing, optional=True)
        pods = [Pod.read(p) for p in raw["pods"]]
        for p in pods:
            _clearing(board, p.clearing, optional=True)
            if not 0 <= p.tile < len(tiles):
                raise ValueError(f"pod {p.id} is on no tile")
        gen = raw["generator"]
        rng = Randomness.restore(raw["rng"], EventLog.from_list(raw["log"]), ask=ask)
        realm = cls(rng, setup, board, characters, travellers, generator_tile=int(gen["tile"]),
                    generator_clearing=int(gen["clearing"]),
                    settings=RealmSettings.read_saved(raw.get("settings")))
        realm.pods = pods
        realm.generator_active, realm.generator_closed = bool(gen["active"]), bool(gen["closed"])
        realm.hive_hits, realm.queen_alive = int(gen["hive_hits"]), bool(gen["queen_alive"])
        realm.hive_destroyer = None if gen["destroyer"] is None else str(gen["destroyer"])
        realm.next_pod = int(gen["next_pod"])
        realm.day = int(raw["day"])
        realm._read_holdings(raw, names)
        if raw["format"] == SAVE_FORMAT:
            realm._read_sites(raw, names)
        realm._read_turn(raw)
        realm.report = [{"day": int(r["day"]), "text": str(r["text"])} for r in raw["report"]]
        json.dumps(realm.report)
        return realm

    def _read_holdings(self, raw: Mapping[str, Any], names: list[str]) -> None:
        """A save's retinues, guilds and belongings lying about (the characters' own are read with them)."""
        retinues = [Retinue.from_dict(r) for r in raw["retinues"]]
        if [r.character for r in retinues] != names:
            raise ValueError("the retinues are not the characters'")
        self.retinues = {r.character: r for r in retinues}
        self.guilds = GuildHall.from_dict(raw["guilds"])
        if not set(self.guilds.members) <= set(names):
            raise ValueError("a guild member is not a character")
        board = self.board
        self.guild_clearings = {
            str(g): int(_clearing(board, c) or 0) for g, c in dict(raw["guild_clearings"]).items()}
        self.piles = {int(_clearing(board, c) or 0): [Item.read(i) for i in items] for c, items in raw["piles"]}
        self.siren_box = [Item.read(i) for i in raw["siren_box"]]

    def _read_sites(self, raw: Mapping[str, Any], names: list[str]) -> None:
        """What a save of this format adds: the sites, the day recorded, the Ring, the glow, the Miracle roll."""
        self.sites = Sites.read(raw["sites"], self.board)
        self.today = {str(n): DayRecord.read(r) for n, r in dict(raw["today"]).items()}
        if not set(self.today) <= set(names):
            raise ValueError("a day is recorded for no character")
        self.ring = referee.read_ring(raw["ring"], names)
        self.glowing = {int(_clearing(self.board, c) or 0) for c in raw["glowing"]}
        miracle = raw.get("miracle_roll")  # a save of before Miracle has none
        if miracle is not None:
            self.miracle_roll = {"roll": int(miracle["roll"]), "label": str(miracle["label"]),
                                 "kept": int(miracle["kept"])}

    def _read_turn(self, raw: Mapping[str, Any]) -> None:
        """The day in progress of a save, and the decision it waits for."""
        turn = raw["turn"]
        self.turn = None if turn["index"] is None else int(turn["index"])
        self.turn_started, self.moves_left = bool(turn["started"]), int(turn["moves_left"])
        self.prowling = bool(turn["prowling"])
        self.pending = None if raw["pending"] is None else Pending.read(raw["pending"])
        if self.turn is not None and not 0 <= self.turn < len(self.characters):
            raise ValueError("the turn in progress is no character's")
        if self.pending is not None and self.pending.kind != Decide.CLEARING and self.turn is None:
            raise ValueError("a decision of the day waits between days")


def _clearing(board: Board, value: Any, *, optional: bool = False) -> int | None:
    """A clearing number of a save, refused (``ValueError``) when it is not on ``board``."""
    if value is None and optional:
        return None
    number = int(value)
    if not 0 <= number < len(board.clearings):
        raise ValueError(f"no clearing {number} on this board")
    return number

def secret_event(kind: Any, label: Any, section: Any) -> bool:
    """Whether a log event is the referee's alone: the Expansion Setup's deal (15.3-15.4), a pick "kept
    hidden", or the dice's state."""
    return section == SETUP_SECTION or kind == "randomness" or "(kept hidden)" in str(label)
