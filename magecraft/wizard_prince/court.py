"""The court of the Imperial Banquet (seed 004): the board, its pieces and nobles, and what is read off them.

Section "The Imperial Banquet" (the board, the Banquet Table, the pieces and the chits under the courtiers;
who has seen which chit) and the initiative dice of "Turns at the Banquet" (highest roll first, ties roll
again).  What stands where is kept up to date move by move, as a map of squares and an array by square
number, and shared (the fast paths of :meth:`Court._sync`).  The legal actions are :mod:`.legal_actions`,
meeting courtiers and presenting to an Emperor :mod:`.meetings`, the turns and moves :mod:`.turns`;
:class:`~.banquet.Banquet` puts them together.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Any

from magecraft.core.randomness import Randomness
from magecraft.core.state import GameState
from magecraft.wizard_prince.actions import (
    Action,
)
from magecraft.wizard_prince.board import SIZE, SQUARE_NAMES, Setup, Square
from magecraft.wizard_prince.movement import Cells, occupancy_array
from magecraft.wizard_prince.nobles import Noble
from magecraft.wizard_prince.phases import ACTION, ENTER, OVER, Phase, Stage
from magecraft.wizard_prince.pieces import Appointment, Chit, Piece, appointments
from magecraft.wizard_prince.settings import Settings


class Court(GameState[Action]):
    """The banquet's position: the board, the pieces, the chits, the nobles and whose turn it is."""

    def __init__(self, *, rng: Randomness, settings: Settings, setup: Setup, nobles: Mapping[str, Noble],
                 pieces: Mapping[str, Piece], chits: Mapping[str, Chit]) -> None:
        self.rng = rng
        self.settings = settings
        self.setup = setup
        self.nobles = dict(nobles)
        self.pieces: dict[str, Piece] = PiecesOnBoard(pieces)
        self.chits = dict(chits)
        self.knowledge: dict[str, list[str]] = {name: [] for name in self.nobles}
        self.public: list[str] = []
        self.phase: Phase = ENTER
        self.entry_order: list[str] = []
        self.turn = 0
        self.order: list[str] = []
        self.index = 0
        self.stage: Stage = ACTION
        self.stuck = False
        self.npc_action = ""
        self.pending: list[dict[str, Any]] = []
        self.moving: dict[str, Any] | None = None
        self.ended_by = ""
        self.flags: dict[str, Any] = {"coup": False, "emperor_slain": False, "wounded_ranger": False,
                                      "lord_marshals": 0}
        # What is worked out from the board once per position and reused by legal_actions, check,
        # perform, the NPC table and the bots (see _sync): the occupancy is kept up to date move by move.
        self._tracked: PiecesOnBoard | None = None
        self._nobles_seen: list[Noble] = []
        #: Where each of them stands and what appointment he holds, as last seen: (where, square, appointment).
        self._marks_seen: list[tuple[str, str, str]] = []
        self._public_seen: list[str] = []
        self._settings_seen: Settings | None = None
        self._occ: dict[Square, list[Piece | Noble]] = {}
        #: The same lists by square number 0-63 (None where nothing stands): the occupancy array.
        self._cells: Cells = [None] * 64
        self._derived: dict[tuple[str, str], list[Action]] = {}
        self._turns: dict[tuple[str, bool, str, str, bool], list[Action]] = {}
        #: A SNOOP of every courtier, in the order of ``pieces``: kept by _sync until a piece comes, goes or
        #: changes kind (what a PC noble may snoop changes far less often than the position).
        self._all_snoops: list[Action] | None = None
        # Each piece's INTERFERE moves, kept by _sync until something changes within the piece's reach.
        self._piece_moves: dict[str, tuple[Piece, list[Action], frozenset[Square]]] = {}


    def _order_by_dice(self, names: Sequence[str], purpose: str, section: str) -> list[str]:
        """Highest roll first; nobles who tie roll again among themselves."""
        if len(names) <= 1:
            return list(names)
        roll, die = self.rng.roll, self.settings.initiative_die
        # who rolled each value, in the order of ``names``: grouped in the one pass that rolls (this runs at
        # every turn, and with four nobles on a d6 a tie is more likely than not)
        rolled: dict[int, list[str]] = {}
        for n in names:
            value = roll(die, f"{n}'s {purpose}", section=section)
            tied = rolled.get(value)
            if tied is None:
                rolled[value] = [n]
            else:
                tied.append(n)
        if len(rolled) == len(names):   # no tie: highest first
            return [rolled[value][0] for value in sorted(rolled, reverse=True)]
        out: list[str] = []
        for value in sorted(rolled, reverse=True):
            tied = rolled[value]
            out.extend(self._order_by_dice(tied, f"{purpose} (tie on {value})", section) if len(tied) > 1
                       else tied)
        return out

    # -- looking at the board -------------------------------------------------------------
    def occupants(self) -> dict[Square, list[Piece | Noble]]:
        """What stands on each occupied square (a noble may share a square with a met queen, rook or bishop).

        Worked out once per position and shared: read it, do not change it.
        """
        self._sync()
        return self._occ

    def _sync(self) -> None:
        """Bring the occupancy up to date and drop what was worked out for another position.

        The rules and the tests may change the board directly (a piece replaced in ``pieces``, a noble's
        ``square`` set), so the position itself is watched, not a count of moves: ``pieces`` records
        each piece it is given or loses (:class:`PiecesOnBoard`), and where each noble stands is
        compared with what was seen last (a handful of nobles: cheaper than watching their every field).
        Only the squares that changed are updated, and a piece's moves are kept until a square within its
        reach changes.
        """
        pieces = self.pieces
        nobles = list(self.nobles.values())
        marks = list(map(_NOBLE_MARK, nobles))   # C-level attribute reads: this runs about 3 times a decision
        if (pieces is self._tracked and not pieces.changes and marks == self._marks_seen
                and nobles == self._nobles_seen and self.settings is self._settings_seen
                and self.public == self._public_seen):
            return
        self._derived = {}
        self._turns = {}
        self._public_seen = list(self.public)
        if pieces is not self._tracked or self.settings is not self._settings_seen or nobles != self._nobles_seen:
            self._rebuild(nobles, marks)
            return
        changed: set[Square] = set()
        changes = pieces.changes
        passing = None   # a piece placed by one change and lifted by the next (a two-square move's middle step)
        for i in range(0, len(changes), 2):
            old, new = changes[i], changes[i + 1]
            if old is None or new is None or old.kind != new.kind:
                self._all_snoops = None
            if old is not None:
                changed.add(old.square)
                if old is passing:
                    passing = None
                else:
                    self._lift(old.square, old)
            if new is not None:
                changed.add(new.square)
                if passing is not None:
                    self._place(passing.square, passing)
                passing = new
        if passing is not None:
            self._place(passing.square, passing)
        changes.clear()
        if marks != self._marks_seen:
            for noble, seen, now in zip(nobles, self._marks_seen, marks, strict=True):
                if seen[:2] != now[:2]:
                    if seen[0] == "board":
                        square = Square.parse(seen[1])
                        self._lift(square, noble)
                        changed.add(square)
                    if now[0] == "board":
                        square = Square.parse(now[1])
                        self._place(square, noble)
                        changed.add(square)
            self._marks_seen = marks
        if changed:
            for stale in [piece_id for piece_id, (_, _, reach) in self._piece_moves.items()
                          if not changed.isdisjoint(reach)]:
                del self._piece_moves[stale]

    def _rebuild(self, nobles: list[Noble], marks: list[tuple[str, str, str]]) -> None:
        """Work the occupancy out afresh (a new ``pieces`` table, or new settings)."""
        if type(self.pieces) is not PiecesOnBoard:
            self.pieces = PiecesOnBoard(self.pieces)
        self.pieces.changes.clear()
        self._tracked = self.pieces
        self._settings_seen = self.settings
        self._nobles_seen = nobles
        self._marks_seen = marks
        self._piece_moves = {}
        self._all_snoops = None
        occ: dict[Square, list[Piece | Noble]] = {}
        for piece in self.pieces.values():
            here = occ.get(piece.square)
            if here is None:
                occ[piece.square] = [piece]
            else:
                here.append(piece)
        for noble in self.nobles.values():
            if noble.where == "board":
                occ.setdefault(Square.parse(noble.square), []).append(noble)
        self._occ = occ
        self._cells = occupancy_array(occ)

    def _lift(self, square: Square, thing: Piece | Noble) -> None:
        """Take ``thing`` off ``square`` in the occupancy."""
        here = self._occ.get(square, [])
        for i, other in enumerate(here):
            if other is thing:
                del here[i]
                break
        if not here:
            self._occ.pop(square, None)
            self._cells[square[0] * SIZE + square[1]] = None   # board.number, inlined

    def _place(self, square: Square, thing: Piece | Noble) -> None:
        """Put ``thing`` on ``square`` in the occupancy, in the order a rebuild would give: the pieces in
        the order of ``pieces``, then the nobles in the order of ``nobles``."""
        here = self._occ.get(square)
        if here is None:
            self._occ[square] = self._cells[square[0] * SIZE + square[1]] = [thing]   # board.number, inlined
            return
        here.append(thing)
        noble = isinstance(thing, Noble)
        if len(here) == 2 and isinstance(here[0], Noble) is not noble:
            # a piece and a noble (the usual meeting): the piece comes first, as the rank below would put it
            if not noble:
                here.reverse()
            return
        rank = {id(p): i for i, p in enumerate(self.pieces.values())}
        rank.update({id(n): len(rank) + i for i, n in enumerate(self.nobles.values())})
        here.sort(key=lambda t: rank.get(id(t), len(rank)))

    def emperors(self) -> list[Piece]:
        return [p for p in self.pieces.values() if p.kind == "emperor"]

    def courtiers(self) -> list[Piece]:
        return [p for p in self.pieces.values() if p.kind == "courtier"]

    def visible_chit(self, player: str, courtier: str) -> str:
        """The kind of chit under ``courtier`` if ``player`` has seen it or it is exposed, else ``""``."""
        chit_id = self.pieces[courtier].chit
        if chit_id in self.public or chit_id in self.knowledge.get(player, ()):
            return self.chits[chit_id].kind
        return ""

    def appointment_of(self, noble: Noble) -> Appointment | None:
        return appointments().get(noble.appointment) if noble.appointment else None

    # -- GameState ---------------------------------------------------------------------
    def current_player(self) -> str | None:
        if self.phase is OVER:
            return None
        if self.pending:
            return str(self.pending[0]["noble"])
        if self.phase is ENTER:
            return self.entry_order[0]
        return self.order[self.index]

    def is_terminal(self) -> bool:
        return self.phase is OVER

    # -- small changes to the board ------------------------------------------------------
    def _expose(self, chit_id: str) -> None:
        if chit_id not in self.public:
            self.public.append(chit_id)

    def _standing_on(self, square: Square) -> list[Piece | Noble]:
        """What stands on ``square`` in the order of :meth:`occupants` (pieces, then nobles), found without
        working out the whole position: a move changes the position at every step."""
        name = SQUARE_NAMES[square]
        here: list[Piece | Noble] = []
        for p in self.pieces.values():   # a loop, not a comprehension: this runs at every step of a move
            if p.square == square:
                here.append(p)
        for noble in self.nobles.values():
            if noble.square == name and noble.where == "board":
                here.append(noble)
        return here

    def remove_piece(self, piece: Piece, why: str, section: str) -> None:
        del self.pieces[piece.id]
        data: dict[str, Any] = {"piece": piece.id}
        if piece.chit:
            data["chit_lost"] = True
        self.log.record("state", why, section=section, data=data)


#: What _sync compares of each noble: where he is, his square and his appointment.
_NOBLE_MARK = attrgetter("where", "square", "appointment")


class PiecesOnBoard(dict[str, Piece]):
    """The pieces by id, as a plain dict to its readers, that notes every piece it is given or loses
    (``changes``: old piece, new piece, ... with ``None`` for none) so that the court updates only the
    squares that changed (:meth:`Court._sync`)."""

    __slots__ = ("changes",)

    def __init__(self, pieces: Mapping[str, Piece] | None = None) -> None:
        super().__init__(pieces or {})
        self.changes: list[Piece | None] = []

    def __reduce__(self) -> tuple[Any, ...]:
        # copied or pickled as the plain table it holds, with no changes waiting
        return (PiecesOnBoard, (dict(self),))

    def __setitem__(self, key: str, piece: Piece) -> None:
        self.changes += (self.get(key), piece)
        super().__setitem__(key, piece)

    def __delitem__(self, key: str) -> None:
        self.changes += (self[key], None)
        super().__delitem__(key)

    def pop(self, key: str, *default: Any) -> Any:
        if key in self:
            self.changes += (self[key], None)
        return super().pop(key, *default)

    def popitem(self) -> tuple[str, Piece]:
        key, piece = super().popitem()
        self.changes += (piece, None)
        return key, piece

    def clear(self) -> None:
        for piece in self.values():
            self.changes += (piece, None)
        super().clear()

    def setdefault(self, key: str, default: Piece) -> Piece:
        if key not in self:
            self[key] = default
        return self[key]

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, piece in dict(*args, **kwargs).items():
            self[key] = piece
