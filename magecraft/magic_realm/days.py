"""The living realm, day by day: travellers wandering, generators breeding pods that hunt the characters.

:class:`RealmDays` runs what the expansion adds to a day of Magic Realm on a board of its own
(:mod:`.board`), with the characters standing in their clearings (the referee moves them):

1. the day's monster roll (1d6; 5 is "prowling" for the generators, 12.2);
2. the traveller matching the roll moves by the Traveller Movement table (7.3, 7.4): never into a
   clearing with monsters, forced out of one or eaten; the Wood Sprite never enters a cave;
3. an active generator on a prowling day with colour magic present (a character's colour chit or
   treasure, or every seventh day, 12.2) rolls Pod Generation and places the pod on its tile;
4. at the end of each character's turn: travellers met (the Jester joins the character with the
   most letters in his name, ties at random; the Young Knight joins a character with three MAGIC
   chits or fewer and attacks one with more; the Siren's trap for a male character), the generator
   revealed when a character ends his turn in its tile, and on prowling days the closest pod moves
   one tile closer, or into the character's clearing when it is already in his tile (12.4/1); two
   pods when the character stands with the Queen Bee (12.5/2); slimes divide whenever they move;
5. midnight: pods leave the clearings for the woods and pods in the same tile merge (12.4/1c, 12.4/3);
   Volcano clearings burn (1.2/1).

The traveller order on Treasure Setup Card II is lost with the card: travellers take the monster
rolls 1 to 6 in the order they were dealt (ruling MR5).

>>> from magecraft.core.randomness import Randomness
>>> days = RealmDays.new(Randomness.seeded(5), ["Amazon@Borderland 1", "Dwarf@Borderland 4"])
>>> days.apply(NextDay()); days.day
1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar, Self

from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.state import GameState
from magecraft.core.tables import get_table
from magecraft.magic_realm.board import Board
from magecraft.magic_realm.setup import Setup
from magecraft.magic_realm.travel import volcano_midnight_effect

TRAVELLERS = "7. Travellers"
GENERATORS = "12. Monster Generators"
PROWLING = 5
COLOUR_DAY = 7
#: 12.5/2: the Hive is destroyed by three Tremendous hits.
HIVE_HITS = 3
POD_KIND = {"Hive": "bees", "Pond": "slimes", "Graveyard": "undead"}


@dataclass(slots=True)
class Character:
    name: str
    clearing: int
    colour_magic: bool = False
    male: bool = True
    magic_chits: int = 0
    alive: bool = True
    wounds: int = 0
    fatigue: int = 0
    followers: list[str] = field(default_factory=list)


@dataclass(slots=True)
class TravellerPiece:
    name: str
    roll: int
    clearing: int | None
    state: str = "wandering"  # wandering, joined, eaten, dead
    joined: str | None = None


@dataclass(slots=True)
class Pod:
    id: int
    kind: str
    monsters: int
    tile: int
    clearing: int | None = None
    moved: bool = False


@dataclass(frozen=True, slots=True)
class NextDay:
    """The referee's one choice: play the next day."""

    kind: ClassVar[str] = "next-day"


@dataclass(frozen=True, slots=True)
class StrikeHive:
    """A hit on the Hive (12.5/2): three Tremendous hits destroy it; the Queen Bee comes to defend it."""

    character: str
    tremendous: bool = True


@dataclass(frozen=True, slots=True)
class UseBookOfTheDead:
    """12.5/1: the Book of the Dead used in the Graveyard stops it raising undead."""

    character: str


DayAction = NextDay | StrikeHive | UseBookOfTheDead


class RealmDays(GameState[DayAction]):
    """The expansion's realm, advanced one day at a time."""

    system = "magic_realm"

    def __init__(
        self,
        rng: Randomness,
        setup: Setup,
        board: Board,
        characters: Sequence[Character],
        travellers: Sequence[TravellerPiece],
        *,
        generator_tile: int,
        generator_clearing: int,
    ) -> None:
        self.rng = rng
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

    @classmethod
    def new(
        cls,
        rng: Randomness,
        characters: Sequence[str],
        *,
        setup: Setup | None = None,
        colour_magic: Sequence[str] = (),
        generator_revealed: bool = False,
    ) -> RealmDays:
        """A seeded setup and board with characters placed as ``"Amazon@Oak Woods 2"``.

        ``colour_magic`` names the characters carrying colour magic (12.2/1); ``generator_revealed``
        starts the game with the generator already discovered (when it lies on the board).
        """
        dealt = setup or Setup.deal(rng)
        board = Board.build(dealt.tiles, rng)
        placed = []
        for text in characters:
            name, sep, where = text.partition("@")
            if not sep or not name.strip():
                raise InputError(f"place a character as NAME@CLEARING, like 'Amazon@Oak Woods 2', not {text!r}")
            placed.append(Character(name.strip(), board.clearing_of(where).id))
        if len({c.name for c in placed}) != len(placed):
            raise InputError("two characters share a name")
        pieces = []
        for number, name in enumerate(dealt.travellers_in_play, start=1):
            tile = _tile_of(dealt, name)
            if tile is None:
                # Set aside in a group's pile: it reaches the board only when the group is found (15.3/2).
                pieces.append(TravellerPiece(name, number, None, state="set aside"))
                continue
            span = board.tile_clearings(board.tile_index(tile))
            pieces.append(TravellerPiece(name, number, span[rng.roll(len(span), f"{name}: its clearing") - 1]))
        gen_tile_name = _tile_of(dealt, dealt.generator)
        gen_tile = -1 if gen_tile_name is None else board.tile_index(gen_tile_name)
        # The generator's treasure location lies in its tile's highest-numbered clearing (ruling MR5).
        gen_clearing = -1 if gen_tile < 0 else board.tile_clearings(gen_tile)[-1]
        for name in colour_magic:
            who = next((c for c in placed if c.name == name.strip()), None)
            if who is None:
                raise InputError(f"--colour: no character {name!r} is placed")
            who.colour_magic = True
        made = cls(rng, dealt, board, placed, pieces, generator_tile=gen_tile, generator_clearing=gen_clearing)
        made.generator_active = generator_revealed and gen_tile >= 0
        return made

    # -- GameState ------------------------------------------------------------------------------------

    def current_player(self) -> str | None:
        return None if self.is_terminal() else "referee"

    def legal_actions(self) -> list[DayAction]:
        actions: list[DayAction] = [NextDay()]
        for c in self.characters:
            if (
                c.alive
                and self.generator == "Hive"
                and self.hive_destroyer is None
                and c.clearing == self.generator_clearing
            ):
                actions.append(StrikeHive(c.name))
            if (
                c.alive
                and self.generator == "Graveyard"
                and not self.generator_closed
                and c.clearing == self.generator_clearing
            ):
                actions.append(UseBookOfTheDead(c.name))
        return actions

    def check(self, action: DayAction) -> None:
        if isinstance(action, NextDay):
            return
        who = next((c for c in self.characters if c.name == action.character and c.alive), None)
        if who is None:
            raise RuleError(
                f"no living character {action.character!r}", rule="the characters on the board", section=GENERATORS
            )
        if who.clearing != self.generator_clearing:
            raise RuleError(
                f"{who.name} is not at the {self.generator}", rule="at the generator", section=GENERATORS
            )
        if isinstance(action, StrikeHive) and (self.generator != "Hive" or self.hive_destroyer is not None):
            raise RuleError("there is no standing Hive here", rule="12.5/2", section=GENERATORS)
        if isinstance(action, UseBookOfTheDead) and (self.generator != "Graveyard" or self.generator_closed):
            raise RuleError("there is no open Graveyard here", rule="12.5/1", section=GENERATORS)

    def perform(self, action: DayAction) -> None:
        if isinstance(action, NextDay):
            self._day()
        elif isinstance(action, StrikeHive):
            self._strike(action)
        else:
            self.generator_closed = True
            self.note(f"{action.character} uses the Book of the Dead: the Graveyard raises no more undead")

    def is_terminal(self) -> bool:
        return not any(c.alive for c in self.characters)

    def result(self) -> dict[str, Any]:
        return {
            "day": self.day,
            "generator": self.generator,
            "generator_active": self.generator_active,
            "pods": [asdict(p) for p in self.pods],
            "travellers": [
                {**asdict(t), "clearing": None if t.clearing is None else self.board.label(t.clearing)}
                for t in self.travellers
            ],
            "characters": [{**asdict(c), "clearing": self.board.label(c.clearing)} for c in self.characters],
        }

    def note(self, text: str) -> None:
        self.report.append({"day": self.day, "text": text})
        self.rng.log.record("realm", text, data={"day": self.day})

    # -- the day --------------------------------------------------------------------------------------

    def _day(self) -> None:
        self.day += 1
        roll = self.rng.roll(6, f"day {self.day}: monster roll")
        prowling = roll == PROWLING
        for piece in self.travellers:
            if piece.roll == roll and piece.state == "wandering":
                self._move_traveller(piece)
        for pod in self.pods:
            pod.moved = False
        if prowling and self.generator_active and not self._closed() and self._colour_present():
            self._generate()
        for character in self.characters:
            if character.alive:
                self._end_turn(character, prowling)
        self._midnight()

    def _closed(self) -> bool:
        return self.generator_closed or (self.generator == "Hive" and self.hive_destroyer is not None)

    def _colour_present(self) -> bool:
        return self.day % COLOUR_DAY == 0 or any(c.colour_magic and c.alive for c in self.characters)

    def _generate(self) -> None:
        rolled = get_table("mr_pod_generation").roll(self.rng, label=f"{self.generator}: pod generation")
        pod = Pod(self.next_pod, POD_KIND[self.generator], int(rolled.data["monsters"]), self.generator_tile)
        self.next_pod += 1
        self.pods.append(pod)
        self.note(
            f"the {self.generator} breeds a pod of {pod.monsters} {pod.kind} in {self.board.tile_names[pod.tile]}"
        )

    def _monsters_at(self, clearing: int) -> bool:
        return any(p.clearing == clearing for p in self.pods) or (
            self.queen_alive and clearing == self.generator_clearing and self.generator_active
        )

    # -- travellers (7.3, 7.4) -------------------------------------------------------------------------

    def _move_traveller(self, piece: TravellerPiece) -> None:
        assert piece.clearing is not None
        must = self._monsters_at(piece.clearing)
        rolled = get_table("mr_traveller_movement").roll(self.rng, label=f"{piece.name}: traveller movement")
        moves: list[Mapping[str, Any]] = []
        if rolled.data["move"] == "twice":
            for n in (1, 2):
                again = self.rng.roll(6, f"{piece.name}: re-roll {n} (1s ignored)", section=TRAVELLERS)
                if again != 1:
                    moves.append(get_table("mr_traveller_movement").lookup(again).data)
        else:
            moves.append(rolled.data)
        for move in moves:
            if move["move"] == "stay" and not must:
                continue
            target = self._destination(piece, str(move.get("move")), str(move.get("prefer", "same")))
            if target is None:
                if must:
                    piece.state, piece.clearing = "eaten", None
                    self.note(f"the {piece.name}, trapped among monsters, is eaten")
                    return
                continue
            self._place(piece, target)
            must = self._monsters_at(target)

    def _destination(self, piece: TravellerPiece, direction: str, prefer: str) -> int | None:
        assert piece.clearing is not None
        here = self.board.clearings[piece.clearing]
        options = [self.board.clearings[n] for n in self.board.roads[piece.clearing]]
        if piece.name == "Wood Sprite":
            options = [c for c in options if not c.is_cave]
        if direction == "up":
            ranked = sorted((c for c in options if c.number > here.number), key=lambda c: (c.number, c.id))
        elif direction == "down":
            ranked = sorted((c for c in options if c.number < here.number), key=lambda c: (-c.number, c.id))
        else:
            ranked = sorted(options, key=lambda c: (c.number, c.id))
        same = [c for c in ranked if c.tile == here.tile]
        new = [c for c in ranked if c.tile != here.tile]
        order = same + new if prefer == "same" else new + same
        order += [c for c in sorted(options, key=lambda c: (c.number, c.id)) if c not in order]
        for c in order:
            if not self._monsters_at(c.id):
                return c.id
        return None

    def _place(self, piece: TravellerPiece, clearing: int) -> None:
        piece.clearing = clearing
        if piece.name == "Wood Sprite" and self.board.clearings[clearing].is_cave:
            piece.state, piece.clearing = "dead", None
            self.note("the Wood Sprite enters a cave and dies")
            return
        self.note(f"the {piece.name} wanders to {self.board.label(clearing)}")

    # -- the end of a character's turn ------------------------------------------------------------------

    def _end_turn(self, character: Character, prowling: bool) -> None:
        self._meet_travellers(character)
        if (
            not self.generator_active
            and not self._closed()
            and self.board.clearings[character.clearing].tile == self.generator_tile
        ):
            self.generator_active = True
            self.note(f"{character.name} reveals the {self.generator}: it is active")
        if prowling and self.generator_active:
            count = 2 if (self.queen_alive and character.clearing == self.generator_clearing) else 1
            for _ in range(count):
                self._move_pod_toward(character)

    def _meet_travellers(self, character: Character) -> None:
        for piece in self.travellers:
            if piece.state != "wandering" or piece.clearing != character.clearing:
                continue
            if piece.name == "Jester":
                here = [c for c in self.characters if c.alive and c.clearing == character.clearing]
                longest = max(len(c.name) for c in here)
                tied = sorted(c.name for c in here if len(c.name) == longest)
                chosen = (
                    tied[0]
                    if len(tied) == 1
                    else self.rng.choice(tied, "the Jester's tie: who he joins", section=TRAVELLERS)
                )
                self._join(piece, chosen)
            elif piece.name == "Young Knight":
                if character.magic_chits > 3:
                    self.note(f"the Young Knight attacks {character.name} (more than 3 MAGIC chits)")
                else:
                    self._join(piece, character.name)
            elif piece.name == "Siren" and character.male:
                trap = get_table("mr_siren_trap").roll(self.rng, label=f"{character.name}: Siren's trap")
                self.note(f"the Siren's trap: {character.name}: {trap.result}")
                if trap.data.get("lose"):
                    tile = self.board.clearings[character.clearing].tile
                    neighbours = self.board.tile_neighbours[tile]
                    if neighbours:
                        where = self.rng.choice(sorted(neighbours), "the Siren vanishes to an adjacent hex")
                        span = self.board.tile_clearings(where)
                        piece.clearing = span[self.rng.roll(len(span), "the Siren's clearing") - 1]

    def _join(self, piece: TravellerPiece, name: str) -> None:
        piece.state, piece.joined, piece.clearing = "joined", name, None
        who = next(c for c in self.characters if c.name == name)
        who.followers.append(piece.name)
        self.note(f"the {piece.name} joins {name} for the rest of the game")

    # -- pods (12.4) ---------------------------------------------------------------------------------

    def _move_pod_toward(self, character: Character) -> None:
        if (
            self.hive_destroyer is not None
            and character.name != self.hive_destroyer
            and any(c.name == self.hive_destroyer and c.alive for c in self.characters)
        ):
            return  # 12.5/2: after the Hive falls, its pods hunt only the destroyer
        tile = self.board.clearings[character.clearing].tile
        waiting = [p for p in self.pods if not p.moved]
        if not waiting:
            return
        pod = min(waiting, key=lambda p: (self.board.tile_distance(p.tile, tile), p.id))
        pod.moved = True
        if pod.tile == tile:
            pod.clearing = character.clearing
            self.note(
                f"pod {pod.id} ({pod.monsters} {pod.kind}) swarms into {self.board.label(character.clearing)}"
            )
        else:
            pod.tile = self.board.step_toward(pod.tile, tile)
            self.note(f"pod {pod.id} ({pod.monsters} {pod.kind}) flies to {self.board.tile_names[pod.tile]}")
        if pod.kind == "slimes":
            self._divide(pod)

    def _divide(self, pod: Pod) -> None:
        rolled = get_table("mr_slime_division").roll(self.rng, label=f"pod {pod.id}: slime division")
        divide = int(rolled.data["divide"])
        if divide:
            grown = pod.monsters if divide < 0 or divide > pod.monsters else divide
            pod.monsters += grown
            self.note(f"pod {pod.id}: {grown} slime{'s' if grown > 1 else ''} divide ({pod.monsters} now)")

    def _strike(self, action: StrikeHive) -> None:
        if self.queen_alive:
            workers = self.rng.roll(6, "the Queen Bee's workers", section=GENERATORS)
            self.note(f"the Hive is struck: the Queen Bee appears with {workers} workers to defend it")
        if action.tremendous:
            self.hive_hits += 1
        if self.hive_hits >= HIVE_HITS:
            self.hive_destroyer = action.character
            self.note(f"{action.character} destroys the Hive: its pods now hunt {action.character}")

    def _midnight(self) -> None:
        merged: dict[int, Pod] = {}
        for pod in self.pods:
            pod.clearing = None
            if pod.tile in merged:
                merged[pod.tile].monsters += pod.monsters
                self.note(f"pods {merged[pod.tile].id} and {pod.id} join in {self.board.tile_names[pod.tile]}")
            else:
                merged[pod.tile] = pod
        self.pods = list(merged.values())
        for character in self.characters:
            if not character.alive:
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

    # -- saving ----------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "day": self.day,
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
            "report": list(self.report),
            "rng": self.rng.snapshot(),
            "log": self.rng.log.to_list(),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Self:
        raise DataError("a realm simulation is replayed from its seed, not loaded (ruling MR7)")


def _tile_of(setup: Setup, chit: str) -> str | None:
    """The tile a chit was dealt to, or None when it waits in a group's pile."""
    for tile, chits in setup.tile_chits.items():
        if any(c.name == chit for c in chits):
            return tile
    return None
