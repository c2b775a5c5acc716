"""The court of the Imperial Banquet (seed 004): the board, its pieces and nobles, and what is read off them.

Section "The Imperial Banquet" (the board, the Banquet Table, the pieces and the chits under the courtiers;
who has seen which chit) and the initiative dice of "Turns at the Banquet" (highest roll first, ties roll
again).  What stands where is worked out once per position and shared (the fast paths of
:meth:`Court._sync`).  The legal actions are :mod:`.legal_actions`, meeting courtiers and presenting to an
Emperor :mod:`.meetings`, the turns and moves :mod:`.turns`; :class:`~.banquet.Banquet` puts them together.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from magecraft.core.randomness import Randomness
from magecraft.core.state import GameState
from magecraft.wizard_prince.actions import (
    Action,
)
from magecraft.wizard_prince.board import Setup, Square
from magecraft.wizard_prince.nobles import Noble
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
        self.pieces = dict(pieces)
        self.chits = dict(chits)
        self.knowledge: dict[str, list[str]] = {name: [] for name in self.nobles}
        self.public: list[str] = []
        self.phase = "enter"
        self.entry_order: list[str] = []
        self.turn = 0
        self.order: list[str] = []
        self.index = 0
        self.stage = "action"
        self.stuck = False
        self.npc_action = ""
        self.pending: list[dict[str, Any]] = []
        self.moving: dict[str, Any] | None = None
        self.ended_by = ""
        self.flags: dict[str, Any] = {"coup": False, "emperor_slain": False, "wounded_ranger": False,
                                      "lord_marshals": 0}
        # What is worked out from the board once per position and reused by legal_actions, check,
        # perform, the NPC table and the bots (see _board_key).
        self._board: tuple[Any, ...] = ()
        self._occ: dict[Square, list[Piece | Noble]] = {}
        self._derived: dict[tuple[str, str], list[Action]] = {}
        self._turns: dict[tuple[str, bool, str, str, bool], list[Action]] = {}
        # Each piece's INTERFERE moves, kept by _sync until something changes within the piece's reach.
        self._piece_moves: dict[str, tuple[Piece, list[Action], frozenset[Square]]] = {}


    def _order_by_dice(self, names: Sequence[str], purpose: str, section: str) -> list[str]:
        """Highest roll first; nobles who tie roll again among themselves."""
        if len(names) <= 1:
            return list(names)
        die = self.settings.initiative_die
        rolls = {n: self.rng.roll(die, f"{n}'s {purpose}", section=section) for n in names}
        out: list[str] = []
        for value in sorted(set(rolls.values()), reverse=True):
            tied = [n for n in names if rolls[n] == value]
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

    def _board_key(self) -> tuple[Any, ...]:
        """Everything the moves on the board depend on: the pieces (frozen, compared by identity first),
        where each noble stands, his appointment, and which chits are exposed."""
        return (tuple(self.pieces.values()),
                tuple([(n.where, n.square, n.appointment) for n in self.nobles.values()]),
                tuple(self.public), self.settings)

    def _sync(self) -> None:
        """Drop what was worked out for another position (the rules and the tests may change the board
        directly, so the position itself is the key, not a count of moves)."""
        key = self._board_key()
        if key == self._board:
            return
        before, settings = self._occ, self._board[3] if self._board else None
        self._board = key
        self._derived = {}
        self._turns = {}
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
        if settings is not self.settings:
            self._piece_moves = {}
            return
        # A piece's moves stay good while nothing changes within its reach (a moved piece is a new object).
        changed = {square for square in before.keys() | occ.keys() if before.get(square) != occ.get(square)}
        if changed:
            for stale in [piece_id for piece_id, (_, _, reach) in self._piece_moves.items()
                          if not changed.isdisjoint(reach)]:
                del self._piece_moves[stale]

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
        if self.phase == "over":
            return None
        if self.pending:
            return str(self.pending[0]["noble"])
        if self.phase == "enter":
            return self.entry_order[0]
        return self.order[self.index]

    def is_terminal(self) -> bool:
        return self.phase == "over"

    # -- small changes to the board ------------------------------------------------------
    def _expose(self, chit_id: str) -> None:
        if chit_id not in self.public:
            self.public.append(chit_id)

    def _standing_on(self, square: Square) -> list[Piece | Noble]:
        """What stands on ``square`` in the order of :meth:`occupants` (pieces, then nobles), found without
        working out the whole position: a move changes the position at every step."""
        name = str(square)
        here: list[Piece | Noble] = [p for p in self.pieces.values() if p.square == square]
        here.extend(n for n in self.nobles.values() if n.where == "board" and n.square == name)
        return here

    def remove_piece(self, piece: Piece, why: str, section: str) -> None:
        del self.pieces[piece.id]
        data: dict[str, Any] = {"piece": piece.id}
        if piece.chit:
            data["chit_lost"] = True
        self.log.record("state", why, section=section, data=data)

