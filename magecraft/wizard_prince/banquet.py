"""The Imperial Banquet of Wizard-Prince (seed 004) as a playable game state.

Sections implemented: "The Imperial Banquet" (board, pieces, gates, Banquet Table, entering in
Status order), "Turns at the Banquet" (initiative, MINGLE, SNOOP, INTERFERE), "Off-Board Player
Character Nobles", "Moving the Non-Player Character Pieces at Court" (the Emperor, Praetorian
Guards and courtiers), "The Courtier Descriptions" (every chit) and "Optional Rules: NPC Nobles"
(the NPC noble's 1d6 action and his SNOOP; the banquet ends when every PC noble has left).

A move is carried out square by square, so that chits take effect "in the order in which [they
are] encountered"; when a rule gives a player a choice in the middle of a move (the order of
presentation, where the Usurper stands, trading an appointment) the move waits in ``moving`` and
the choice is asked of that player before the move goes on.  Who may enter which square is
:mod:`.movement`; what each chit does is :mod:`.effects`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from copy import deepcopy
from dataclasses import replace
from itertools import repeat
from operator import is_
from typing import Any, ClassVar, Self

from magecraft.core.errors import DataError, RuleError
from magecraft.core.events import EventLog
from magecraft.core.randomness import Randomness
from magecraft.core.state import GameState
from magecraft.core.tables import get_table
from magecraft.wizard_prince.actions import (
    Action,
    AppointmentMove,
    ChooseAppointment,
    ChooseGate,
    Interfere,
    Mingle,
    Pass,
    Place,
    Present,
    Snoop,
)
from magecraft.wizard_prince.board import ALL_SQUARES, Setup, Square, load_setup, paths_from, reach_of
from magecraft.wizard_prince.chits import STATISTICS, the_cup
from magecraft.wizard_prince.effects import MEETINGS, PRESENTATIONS, guard_catches
from magecraft.wizard_prince.movement import Occupants, moves, noble_block, path_problem
from magecraft.wizard_prince.nobles import Noble, saving_throw
from magecraft.wizard_prince.pieces import Appointment, Chit, Piece, appointments
from magecraft.wizard_prince.result import COUNTS, BanquetResult, NobleOutcome
from magecraft.wizard_prince.sections import BANQUET, CHITS, NPC, OFF_BOARD, PIECES, TURNS
from magecraft.wizard_prince.settings import Settings

PHASES = ("enter", "play", "over")
STAGES = ("action", "extra", "done")


class Banquet(GameState[Action]):
    """The Imperial Banquet: nobles mingle, snoop and interfere until the Emperor retires."""

    system: ClassVar[str] = "wizard_prince"

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

    # -- starting a banquet -------------------------------------------------------------
    @classmethod
    def new(cls, nobles: Sequence[Noble], rng: Randomness, settings: Settings | None = None,
            setup: Setup | None = None) -> Banquet:
        """Set up the board, draw 16 chits from the cup and settle who enters at which gate first.

        "These are drawn randomly from a cup and placed by the GM before play begins" (The Imperial
        Banquet); "The highest status character gets first pick ... Players of equal status dice to
        see who gets first choice."  Nobles beyond the four gates wait off the board.
        """
        if not nobles:
            raise DataError("a banquet needs at least one noble")
        names = [n.name for n in nobles]
        if len(set(names)) != len(names):
            raise DataError("two nobles have the same name")
        settings = settings or Settings()
        setup = setup or load_setup()
        cup = the_cup()
        rng.shuffle(cup, "the GM shakes the cup of courtier chits", section=BANQUET)
        chits: dict[str, Chit] = {}
        pieces: dict[str, Piece] = {
            "emperor": Piece("emperor", "emperor", "white", setup.emperor, "king"),
        }
        for i, square in enumerate(setup.praetorians, start=1):
            pieces[f"praetorian-{i}"] = Piece(f"praetorian-{i}", "praetorian", "white", square, "knight")
        courtier_squares = [("white", s) for s in setup.white_courtiers] + [("black", s)
                                                                           for s in setup.black_courtiers]
        for i, (colour, square) in enumerate(courtier_squares, start=1):
            chit = Chit(f"chit-{i}", cup[i - 1])
            chits[chit.id] = chit
            pieces[f"courtier-{i}"] = Piece(f"courtier-{i}", "courtier", colour, square, "pawn", chit.id)
        rng.log.record("state", "a chit is placed under each courtier", section=BANQUET,
                       data={"courtiers": len(courtier_squares)})
        fresh = {}
        for noble in nobles:
            if noble.appointment and noble.appointment not in appointments():
                raise DataError(f"{noble.name}: unknown appointment {noble.appointment!r} "
                                f"(one of {', '.join(appointments())})")
            copy = Noble.from_dict(noble.to_dict())
            copy.where, copy.square, copy.held, copy.bored = "waiting", "", [], False
            copy.earned = _fresh_earnings()
            fresh[copy.name] = copy
        banquet = cls(rng=rng, settings=settings, setup=setup, nobles=fresh, pieces=pieces, chits=chits)
        by_status = sorted({n.status for n in fresh.values()}, reverse=True)
        order: list[str] = []
        for status in by_status:
            tied = [n for n in names if fresh[n].status == status]
            order.extend(banquet._order_by_dice(tied, "choice of gate", BANQUET))
        banquet.entry_order = order[: len(setup.gates)]
        rng.log.record("state", "nobles choose their gates in this order", section=BANQUET,
                       data={"order": order, "off_board": order[len(setup.gates):]})
        return banquet

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

    def legal_actions(self) -> list[Action]:
        if self.phase == "over":
            return []
        if self.pending:
            return self._decision_actions(self.pending[0])
        if self.phase == "enter":
            occ = self.occupants()
            return [ChooseGate(g) for g in self.setup.gates if g not in occ]
        noble = self.nobles[self.order[self.index]]
        if self.stage == "extra":
            return [*self._appointment_moves(noble), Pass()]
        return self._turn_actions(noble)

    def _decision_actions(self, decision: Mapping[str, Any]) -> list[Action]:
        kind = decision["kind"]
        if kind == "present":
            seen: set[str] = set()
            out: list[Action] = []
            for chit_id in self.nobles[decision["noble"]].held:
                if self.chits[chit_id].kind not in seen:
                    seen.add(self.chits[chit_id].kind)
                    out.append(Present(chit_id))
            return out
        if kind == "place":
            return [Place(s) for s in self._free_squares()]
        return [ChooseAppointment(True), ChooseAppointment(False)]

    def _turn_actions(self, noble: Noble, only: str = "") -> list[Action]:
        """The noble's MINGLE, SNOOP and INTERFERE actions (``only`` one kind), and Pass where allowed.

        Worked out once per position and turn, then copied: the bots, ``check`` and the NPC table ask for
        the same list.
        """
        self._sync()
        key = (noble.name, noble.npc, only, self.npc_action, self.stuck)
        found = self._turns.get(key)
        if found is None:
            found = self._turns[key] = self._list_turn_actions(noble, only)
        return list(found)

    def _list_turn_actions(self, noble: Noble, only: str) -> list[Action]:
        kinds: tuple[str, ...] = ("mingle", "snoop", "interfere")
        npc_rolls = noble.npc and self.settings.npc_action_table
        if only or npc_rolls:
            kinds = (only or self.npc_action,) if (only or self.npc_action) else ()
        if self.stuck and self.settings.bore_blocks_all_actions:
            kinds = ()
        out: list[Action] = []
        if "mingle" in kinds and not self.stuck:
            out.extend(self._actions_of(noble, "mingle"))
        if "snoop" in kinds:
            out.extend(self._actions_of(noble, "snoop"))
        if "interfere" in kinds:
            out.extend(self._actions_of(noble, "interfere"))
        if not only and (not npc_rolls or not out):
            out.append(Pass())
        return out

    def _can_take(self, noble: Noble, kind: str) -> bool:
        """Whether ``_turn_actions(noble, kind)`` offers anything, without building the MINGLEs and SNOOPs:
        the NPC table asks this of all three kinds and then needs only the one rolled (the caller has
        called _sync)."""
        if self.stuck and (kind == "mingle" or self.settings.bore_blocks_all_actions):
            return False
        found = self._derived.get((noble.name if kind != "interfere" else "", kind))
        if found is not None:
            return bool(found)
        if kind == "snoop":   # an NPC snoops a courtier whose chit is not yet exposed (_npc_snoop_targets)
            return any(p.kind == "courtier" and not (noble.npc and p.chit in self.public)
                       for p in self.pieces.values())
        if kind == "mingle":
            # A noble who may take any path may end on its first step: noble_block refuses a square to end
            # on only where it refuses it to pass through too.
            table, occ = self.setup.table, self._occ
            if noble.where == "waiting":
                return any(self._gate_problem(gate, occ) is None for gate in self.setup.gates)
            firsts = Square.parse(noble.square).neighbours()
            return any(noble_block(first, True, occ, table, noble.name) is None for first in firsts)
        return any(self._moves_of(piece) for piece in self.pieces.values())

    def _moves_of(self, piece: Piece) -> list[Action]:
        """The INTERFEREs moving ``piece``, kept until a square within its reach changes (see _sync)."""
        kept = self._piece_moves.get(piece.id)
        if kept is None or kept[0] is not piece:
            kept = self._piece_moves[piece.id] = (
                piece, [_INTERFERES.get((piece.id, path)) or _interfere(piece.id, path)
                        for path in self._paths(piece, piece.square, self._occ)],
                reach_of(piece.square, self.settings.moves_may_turn))
        return kept[1]

    def _actions_of(self, noble: Noble, kind: str) -> list[Action]:
        """The noble's MINGLEs, SNOOPs or INTERFEREs in this position, worked out once and reused by the NPC
        table, legal_actions, check and the bots (the caller has called _sync)."""
        key = (noble.name if kind != "interfere" else "", kind)   # every noble may INTERFERE alike
        found = self._derived.get(key)
        if found is None:
            found = self._derived[key] = self._work_out(noble, kind)
        return found

    def _work_out(self, noble: Noble, kind: str) -> list[Action]:
        """The noble's actions of one kind in this position (called once per position, see _actions_of)."""
        occ = self._occ
        out: list[Action]
        if kind == "mingle":
            out = list(self._mingles(noble, occ))
        elif kind == "snoop":
            targets = self._npc_snoop_targets(noble) if noble.npc else self.courtiers()
            out = [_SNOOPS.get(p.id) or _snoop(p.id) for p in targets]
        elif kind == "interfere":
            out = []
            kept = self._piece_moves
            for piece in self.pieces.values():
                found = kept.get(piece.id)
                out.extend(found[1] if found is not None and found[0] is piece else self._moves_of(piece))
        else:
            office = self.appointment_of(noble)
            out = [AppointmentMove(p.id, path) for p in self.pieces.values()
                   if office is not None and p.kind == office.banquet_move
                   for path in self._paths(p, p.square, occ)]
        return out

    def _mingles(self, noble: Noble, occ: Occupants) -> list[Mingle]:
        if noble.where == "waiting":
            return [_mingle((g,)) for g in self.setup.gates if self._gate_problem(g, occ) is None]
        paths = self._paths(noble, Square.parse(noble.square), occ)
        return [_MINGLES.get(path) or _mingle(path) for path in paths]

    def _gate_problem(self, gate: Square, occ: Occupants) -> str | None:
        """Why an off-board noble may not enter at ``gate`` now: he may "use the MINGLE action only to enter
        the board when a square becomes open" (Off-Board Player Character Nobles), and a gate where an
        Emperor, a Praetorian or another noble stands is not open (ruling WP5); a courtier there is met."""
        if any(isinstance(t, Piece) and t.kind == "emperor" for t in occ.get(gate, ())):
            return "an Emperor stands there"
        return noble_block(gate, True, occ, self.setup.table)

    def _paths(self, mover: Piece | Noble, start: Square, occ: Occupants) -> list[tuple[Square, ...]]:
        return moves(mover, start, occ, self.setup.table, self.settings.moves_may_turn)

    def _appointment_moves(self, noble: Noble) -> list[Action]:
        office = self.appointment_of(noble)
        if office is None or not office.banquet_move:
            return []
        self._sync()
        return self._actions_of(noble, "appointment")

    def _npc_snoop_targets(self, noble: Noble) -> list[Piece]:
        """"He will SNOOP only the courtier closest to his own piece.  If two or more are equally close,
        he will SNOOP the one farthest from any other character" (NPC Noble Actions).

        Distance is counted in orthogonal steps; courtiers already exposed are not snooped again and
        an NPC off the board measures from the nearest gate (ruling "NPC snoop distance").
        """
        hidden = [p for p in self.courtiers() if p.chit not in self.public]
        if not hidden:
            return []
        origins = [Square.parse(noble.square)] if noble.where == "board" else list(self.setup.gates)

        near = {p.id: min(p.square.distance(o) for o in origins) for p in hidden}
        closest = min(near.values())
        tied = [p for p in hidden if near[p.id] == closest]
        others = [Square.parse(n.square) for n in self.nobles.values()
                  if n.where == "board" and n.name != noble.name]
        if len(tied) == 1 or not others:
            return tied

        def far(p: Piece) -> int:
            return min(p.square.distance(o) for o in others)

        farthest = max(far(p) for p in tied)
        return [p for p in tied if far(p) == farthest]

    def _free_squares(self) -> list[Square]:
        """Squares with no piece or noble, off the Banquet Table and off the rest of a move under way."""
        occ = self.occupants()
        ahead = {Square.parse(s) for s in self.moving["path"]} if self.moving else set()
        return [s for s in ALL_SQUARES if s not in occ and s not in self.setup.table and s not in ahead]

    # -- check ------------------------------------------------------------------------------
    def check(self, action: Action) -> None:
        if self.phase == "over":
            raise RuleError("the banquet is over", rule="End of the banquet", section=BANQUET)
        if self.pending:
            self._check_decision(self.pending[0], action)
            return
        if self.phase == "enter":
            if not isinstance(action, ChooseGate):
                raise RuleError("each noble first chooses his gate square", rule="Entering", section=BANQUET)
            if action.square not in self.setup.gates:
                raise RuleError(f"{action.square} is not a palace gate", rule="Entering", section=BANQUET)
            if action.square not in [a.square for a in self.legal_actions() if isinstance(a, ChooseGate)]:
                raise RuleError("only one noble can occupy one gate square", rule="Entering", section=BANQUET)
            return
        if any(map(is_, self.legal_actions(), repeat(action))):
            return  # one of the very actions offered for this decision (the bots' case): judged legal
        noble = self.nobles[self.order[self.index]]
        if self.stage == "extra":
            if isinstance(action, Pass):
                return
            if not isinstance(action, AppointmentMove):
                raise RuleError(f"{noble.name} has taken his action this turn; only his appointment move "
                                "or pass remains", rule="One action a turn", section=TURNS)
            self._check_appointment_move(noble, action)
            return
        self._check_turn_action(noble, action)

    def _check_decision(self, decision: Mapping[str, Any], action: Action) -> None:
        kind = decision["kind"]
        expected = {"present": Present, "place": Place, "appointment": ChooseAppointment}[kind]
        if not isinstance(action, expected):
            raise RuleError(f"{decision['noble']} must first {_DECISION_WORDS[kind]}", rule="Choices",
                            section=PIECES if kind != "appointment" else CHITS)
        if isinstance(action, Present) and action.chit not in self.nobles[decision["noble"]].held:
            raise RuleError(f"{decision['noble']} does not hold {action.chit}", rule="Presenting courtiers",
                            section=PIECES)
        if isinstance(action, Place) and action.square not in self._free_squares():
            raise RuleError(f"the Usurper's pieces go on a square not occupied by any other player or piece, "
                            f"and {action.square} is not free", rule="Usurper", section=CHITS)

    def _check_turn_action(self, noble: Noble, action: Action) -> None:
        if noble.npc and self.settings.npc_action_table and self.npc_action:
            wanted = {"mingle": Mingle, "snoop": Snoop, "interfere": Interfere}[self.npc_action]
            if not isinstance(action, wanted):
                raise RuleError(f"{noble.name} rolled {self.npc_action.upper()} on the NPC noble table",
                                rule="NPC Noble Actions", section=NPC)
        if isinstance(action, Pass):
            if noble.npc and self.settings.npc_action_table and self.npc_action:
                raise RuleError(f"{noble.name} must {self.npc_action.upper()}", rule="NPC Noble Actions",
                                section=NPC)
            return
        if isinstance(action, Mingle):
            self._check_mingle(noble, action)
        elif isinstance(action, Snoop):
            self._check_snoop(noble, action)
        elif isinstance(action, Interfere):
            self._check_piece_move(action.piece, action.path, "INTERFERE")
        else:
            raise RuleError(f"{noble.name} must MINGLE, SNOOP or INTERFERE (or pass) now",
                            rule="One action a turn", section=TURNS)
        if self.stuck and self.settings.bore_blocks_all_actions:
            raise RuleError(f"{noble.name} is held by the Droning Bore this turn", rule="Droning Bore",
                            section=CHITS)

    def _check_mingle(self, noble: Noble, action: Mingle) -> None:
        if self.stuck:
            raise RuleError(f"{noble.name} is held by the Droning Bore and spends this turn unmoving",
                            rule="Droning Bore", section=CHITS)
        occ = self.occupants()
        if noble.where == "waiting":
            if len(action.path) != 1 or action.path[0] not in self.setup.gates:
                raise RuleError("a noble not yet on the board can MINGLE only to enter at a palace gate",
                                rule="Off-Board Nobles", section=OFF_BOARD)
            problem = self._gate_problem(action.path[0], occ)
            if problem:
                raise RuleError(f"gate {action.path[0]} is not open: {problem}", rule="Off-Board Nobles",
                                section=OFF_BOARD)
            return
        start = Square.parse(noble.square)
        self._check_shape(start, action.path)
        problem = path_problem(noble, action.path, occ, self.setup.table)
        if problem:
            raise RuleError(problem, rule="MINGLE", section=TURNS if "noble" in problem else PIECES)

    def _check_shape(self, start: Square, path: tuple[Square, ...]) -> None:
        if path not in paths_from(start, self.settings.moves_may_turn):
            how = "" if self.settings.moves_may_turn else " in a straight line"
            raise RuleError(f"a move from {start} is one or two squares vertically or horizontally{how}; "
                            f"{'-'.join(str(s) for s in path) or 'nowhere'} is not (no diagonal moves)",
                            rule="Movement", section=TURNS)

    def _check_snoop(self, noble: Noble, action: Snoop) -> None:
        piece = self.pieces.get(action.courtier)
        if piece is None or piece.kind != "courtier":
            raise RuleError(f"{action.courtier} is not a courtier on the board", rule="SNOOP", section=TURNS)
        unknown = sorted(set(action.show_to) - set(self.nobles))
        if unknown:
            raise RuleError(f"there is no player {unknown[0]} to show the chit to", rule="SNOOP", section=TURNS)
        if noble.npc and piece not in self._npc_snoop_targets(noble):
            raise RuleError("an NPC noble snoops only the courtier closest to his own piece (ties: the one "
                            "farthest from any other character)", rule="NPC Noble Actions", section=NPC)

    def _check_piece_move(self, piece_id: str, path: tuple[Square, ...], what: str) -> Piece:
        piece = self.pieces.get(piece_id)
        if piece is None:
            raise RuleError(f"there is no piece {piece_id!r} on the board", rule=what, section=TURNS)
        self._check_shape(piece.square, path)
        problem = path_problem(piece, path, self.occupants(), self.setup.table)
        if problem:
            raise RuleError(problem, rule=what, section=PIECES)
        return piece

    def _check_appointment_move(self, noble: Noble, action: AppointmentMove) -> None:
        office = self.appointment_of(noble)
        if office is None or not office.banquet_move:
            raise RuleError(f"{noble.name} holds no appointment that moves pieces at the banquet",
                            rule="Imperial Appointment", section=CHITS)
        piece = self._check_piece_move(action.piece, action.path, office.title)
        if piece.kind != office.banquet_move:
            raise RuleError(f"the {office.title} may move only a {office.banquet_move}",
                            rule="Imperial Appointment", section=CHITS)

    # -- perform -----------------------------------------------------------------------------
    def perform(self, action: Action) -> None:
        actor = self.current_player()
        self.log.record("action", f"{actor}: {action.describe()}", section=TURNS, data={"noble": actor})
        if self.pending:
            self._resolve(action)
        elif isinstance(action, ChooseGate):
            self._enter(self.nobles[self.entry_order.pop(0)], action.square)
            if not self.entry_order:
                self.phase = "play"
                self.turn = 0
                self.order, self.index = [], 0
                self.stage = "done"
        else:
            noble = self.nobles[self.order[self.index]]
            extra = self.stage == "extra"
            self.stage = "done"
            if isinstance(action, Mingle):
                if noble.where == "waiting":
                    self._enter(noble, action.path[0])
                else:
                    self.moving = {"mover": noble.name, "noble": True, "path": [str(s) for s in action.path]}
            elif isinstance(action, Snoop):
                self._snoop(noble, action)
            elif isinstance(action, Interfere | AppointmentMove):
                self.moving = {"mover": action.piece, "noble": False, "path": [str(s) for s in action.path]}
            if not extra and self._offers_extra(noble):
                self.stage = "extra"
        self._continue()

    def _offers_extra(self, noble: Noble) -> bool:
        return noble.in_banquet and bool(self._appointment_moves(noble))

    def _continue(self) -> None:
        """Carry on until some player must choose: finish the move under way, then the next turn."""
        while self.phase != "over":
            if self.pending:
                return
            if self.moving:
                self._step()
                continue
            self._check_end()
            if self.phase == "over" or self.phase == "enter":
                return
            if self.stage == "extra" and not self._offers_extra(self.nobles[self.order[self.index]]):
                self.stage = "done"
            if self.stage != "done":
                return
            self._next_noble()
            if self.phase != "over" and self.stage == "action":
                return

    def _check_end(self) -> None:
        """"The Banquet ends when all PC nobles have exited the board" (NPC Noble Actions); with no PC
        noble at all, when every noble has left (The Imperial Banquet)."""
        pcs = [n for n in self.nobles.values() if not n.npc]
        remaining = [n for n in (pcs or self.nobles.values()) if n.in_banquet]
        if not remaining:
            self.end("no noble remains at the banquet" if not pcs or len(pcs) == len(self.nobles)
                      else "every player noble has left the banquet")
        elif self.settings.end_when_no_emperor and not self.emperors():
            self.end("no Emperor remains to present courtiers to")

    def _next_noble(self) -> None:
        self.index += 1
        while True:
            if self.index >= len(self.order):
                if self.turn >= self.settings.max_turns:
                    self.end("the Emperor retires after the last turn the GM allows")
                    return
                self.turn += 1
                alive = [n for n in self.nobles if self.nobles[n].in_banquet]
                self.order = self._order_by_dice(alive, f"initiative, turn {self.turn}", TURNS)
                self.index = 0
                self.log.record("state", f"turn {self.turn} begins", section=TURNS, data={"order": self.order})
            noble = self.nobles[self.order[self.index]]
            if noble.in_banquet:
                self._begin_turn(noble)
                return
            self.index += 1

    def _begin_turn(self, noble: Noble) -> None:
        """The Droning Bore's save "at the beginning of each of his succeeding turns", and the NPC's 1d6."""
        self.stage, self.stuck, self.npc_action = "action", False, ""
        if noble.bored:
            if saving_throw(noble, "petrify_paralyze", self.settings, self.rng, CHITS):
                noble.bored = False
                self.log.record("state", f"{noble.name} dodges the Droning Bore", section=CHITS)
            else:
                self.stuck = True
                self.log.record("state", f"{noble.name} is still held by the Droning Bore", section=CHITS)
        if noble.npc and self.settings.npc_action_table:
            self._roll_npc_action(noble)

    def _roll_npc_action(self, noble: Noble) -> None:
        """Roll 1d6: 1-2 INTERFERE, 3-4 MINGLE, 5-6 SNOOP; a roll he cannot carry out is rolled again
        (ruling "NPC action that cannot be taken")."""
        table = get_table("wp_npc_noble_action")
        self._sync()
        possible = {kind for kind in ("mingle", "snoop", "interfere") if self._can_take(noble, kind)}
        if not possible:
            self.log.record("state", f"{noble.name} can take no action", section=NPC)
            return
        while True:
            kind = str(table.roll(self.rng, label=f"{noble.name}'s action").data["action"])
            if kind in possible:
                self.npc_action = kind
                return

    def end(self, why: str) -> None:
        self.phase = "over"
        self.ended_by = why
        self.moving = None
        self.pending = []
        for noble in self.nobles.values():
            if noble.held:
                self.lose_chits(noble, "the banquet ends before they are presented")
        self.log.record("state", f"the banquet ends: {why}", section=BANQUET)

    # -- the actions -----------------------------------------------------------------------
    def _enter(self, noble: Noble, gate: Square) -> None:
        """Step onto a gate square; whoever stands there is met as on any other square."""
        noble.where, noble.square = "board", str(gate)
        self.log.record("state", f"{noble.name} enters at gate {gate}", section=BANQUET)
        self.moving = {"mover": noble.name, "noble": True, "path": [str(gate)]}

    def _snoop(self, noble: Noble, action: Snoop) -> None:
        chit_id = self.pieces[action.courtier].chit
        kind = self.chits[chit_id].kind
        name = self.chits[chit_id].info.name
        if noble.npc:
            # "any courtier viewed by the NPC noble in a SNOOP action will be exposed to all players"
            self._expose(chit_id)
            self.log.record("state", f"{noble.name} snoops {action.courtier} and exposes it: {name}", section=NPC,
                            data={"courtier": action.courtier, "chit": kind})
            return
        viewers = [noble.name, *action.show_to]
        for viewer in viewers:
            if chit_id not in self.knowledge[viewer]:
                self.knowledge[viewer].append(chit_id)
        self.log.record("state", f"{noble.name} snoops {action.courtier}: {name}", section=TURNS,
                        data={"courtier": action.courtier, "chit": kind, "private_to": viewers})

    def _expose(self, chit_id: str) -> None:
        if chit_id not in self.public:
            self.public.append(chit_id)

    def _step(self) -> None:
        """Move the piece or noble under way one square and apply what it meets there."""
        moving = self.moving
        assert moving is not None
        square = Square.parse(moving["path"].pop(0))
        if not moving["path"]:
            self.moving = None
        if moving["noble"]:
            noble = self.nobles[moving["mover"]]
            if noble.where != "board":
                self.moving = None
                return
            noble.square = str(square)
            for thing in self._standing_on(square):
                if not isinstance(thing, Piece) or thing.id not in self.pieces:
                    continue
                if thing.kind == "courtier":
                    self._meet(noble, thing)
                elif thing.kind == "emperor":
                    self._contact(noble, thing)
                if noble.where != "board" or noble.bored or self.phase == "over":
                    self.moving = None
                    return
            return
        piece = self.pieces.get(moving["mover"])
        if piece is None:
            self.moving = None
            return
        piece = Piece(piece.id, piece.kind, piece.colour, square, piece.figure, piece.chit)
        self.pieces[piece.id] = piece
        for thing in self._standing_on(square):
            if thing is piece or (isinstance(thing, Piece) and thing.id not in self.pieces):
                continue
            if isinstance(thing, Noble):
                if thing.where != "board":
                    continue
                if piece.kind == "courtier":
                    self.moving = None
                    self._meet(thing, piece)
                    return
                if piece.kind == "emperor":
                    self._contact(thing, piece)
                else:
                    guard_catches(self, thing, piece)
            elif piece.kind == "praetorian" and thing.kind == "courtier":
                self.remove_piece(thing, f"the Praetorian Guard removes {thing.id} from the banquet", PIECES)
            if self.phase == "over" or self.pending:
                return

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

    # -- meeting courtiers -----------------------------------------------------------------
    def _meet(self, noble: Noble, courtier: Piece) -> None:
        """A noble and a courtier meet: the chit is revealed to all and takes effect (or is held).

        "The pawn is removed from the board and the courtier-chit beneath it is revealed to all
        players.  This chit then takes effect immediately (if a negative chit) or (if a positive chit)
        remains with the player" (Moving the Non-Player Character Pieces at Court).
        """
        chit = self.chits[courtier.chit]
        info = chit.info
        self._expose(chit.id)
        self.log.record("meet", f"{noble.name} meets {courtier.id}: {info.name}", section=PIECES,
                        data={"noble": noble.name, "courtier": courtier.id, "chit": info.key})
        first = not chit.first_met_by
        if first:
            chit = replace(chit, first_met_by=noble.name)
            self.chits[chit.id] = chit
        if not info.stays_in_play:
            del self.pieces[courtier.id]
        if not info.negative:
            self._take_positive(noble, chit)
            return
        MEETINGS[info.effect](self, noble, courtier, chit, first)

    def _take_positive(self, noble: Noble, chit: Chit) -> None:
        if chit.info.effect == "appointment":
            office = get_table("wp_imperial_appointment").roll(
                self.rng, label=f"the Imperial Appointment {noble.name} meets")
            offer = appointments()[str(office.data["key"])]
            chit = replace(chit, appointment=offer.key)
            self.chits[chit.id] = chit
            if noble.status < offer.min_status:
                self.log.record("state", f"{noble.name}'s Status {noble.status} is below the {offer.title}'s "
                                f"{offer.min_status}: the chit is lost", section=CHITS)
                return
        noble.held.append(chit.id)
        self.log.record("state", f"{chit.info.name} accompanies {noble.name}", section=PIECES)

    def lose_chits(self, noble: Noble, why: str) -> None:
        if noble.held:
            self.log.record("state", f"{noble.name} loses {len(noble.held)} courtier chit(s): {why}",
                            section=PIECES, data={"chits": [self.chits[c].kind for c in noble.held]})
        noble.held = []

    def leave(self, noble: Noble, fate: str, why: str, section: str) -> None:
        """The noble leaves the banquet; positive chits not presented are lost with him."""
        self.lose_chits(noble, why)
        if fate in ("slain", "executed") and noble.appointment:
            # "he only loses it if he dies, drops below the minimum Status requirement, or ..."
            self.lose_appointment(noble, "he is dead")
        noble.where, noble.square, noble.bored = fate, "", False
        if self.moving and self.moving["mover"] == noble.name:
            self.moving = None
        self.log.record("state", f"{noble.name} leaves the banquet ({fate}): {why}", section=section)

    # -- presenting to an Emperor ------------------------------------------------------------
    def _contact(self, noble: Noble, emperor: Piece) -> None:
        """The noble presents all his chits to this Emperor, in the order he chooses, and leaves."""
        self.log.record("state", f"{noble.name} comes before {emperor.id}", section=PIECES,
                        data={"held": sorted({self.chits[c].kind for c in noble.held})})
        self.pending.insert(0, {"kind": "present", "noble": noble.name, "emperor": emperor.id})
        self._go_on_presenting()

    def _go_on_presenting(self) -> None:
        """Present what needs no choice (one kind of chit left); when all are presented, the noble leaves."""
        while self.pending and self.pending[0]["kind"] == "present":
            decision = self.pending[0]
            noble = self.nobles[decision["noble"]]
            if not noble.held:
                self.pending.pop(0)
                if noble.where == "board":
                    self.leave(noble, "presented", "presented to the Emperor", PIECES)
                return
            if len({self.chits[c].kind for c in noble.held}) > 1:
                return
            self._present(noble, noble.held[0])

    def _present(self, noble: Noble, chit_id: str) -> None:
        decision = self.pending[0]
        noble.held.remove(chit_id)
        chit = self.chits[chit_id]
        noble.earned["presented"].append(chit.kind)
        self.log.record("state", f"{noble.name} presents the {chit.info.name}", section=CHITS,
                        data={"chit": chit.kind, "emperor": decision["emperor"]})
        PRESENTATIONS[chit.info.effect](self, noble, chit, decision["emperor"])

    def _resolve(self, action: Action) -> None:
        decision = self.pending[0]
        noble = self.nobles[decision["noble"]]
        if isinstance(action, Present):
            self._present(noble, action.chit)
            self._go_on_presenting()
        elif isinstance(action, Place):
            spec = decision["pieces"].pop(0)
            self.pieces[spec["id"]] = Piece(spec["id"], spec["kind"], spec["colour"], action.square,
                                            spec["figure"])
            self.log.record("state", f"the Usurper's {spec['kind']} is placed on {action.square}", section=CHITS)
            if not decision["pieces"]:
                self.pending.pop(0)
        elif isinstance(action, ChooseAppointment):
            self.pending.pop(0)
            if action.take:
                self.appoint(noble, str(decision["offer"]))
            self._go_on_presenting()

    def appoint(self, noble: Noble, key: str) -> None:
        for other in self.nobles.values():
            if other is not noble and other.appointment == key:
                self.lose_appointment(other, "the same appointment is given to another noble")
        if noble.appointment and noble.appointment != key:
            noble.earned["appointment_lost"] = noble.appointment
        noble.appointment = key
        self.log.record("state", f"{noble.name} is appointed {appointments()[key].title}", section=CHITS)

    def lose_appointment(self, noble: Noble, why: str) -> None:
        noble.earned["appointment_lost"] = noble.appointment
        self.log.record("state", f"{noble.name} loses the appointment {noble.appointment}: {why}", section=CHITS)
        noble.appointment = ""

    def change(self, noble: Noble, stat: str, value: int, why: str) -> None:
        """Set a statistic, keeping the banquet's net change; an appointment whose minimum Status is no
        longer met is lost ("If Status drops below this level for any reason, the appointment is lost")."""
        noble.earned["changes"][stat] += value - noble.stat(stat)
        setattr(noble, stat, value)
        self.log.record("state", f"{noble.name}'s {stat.capitalize()} is now {value}: {why}", section=CHITS)
        office = self.appointment_of(noble)
        if office is not None and noble.status < office.min_status:
            self.lose_appointment(noble, f"Status {noble.status} is below {office.min_status}")

    # -- result, views and saves -------------------------------------------------------------
    def result(self) -> Mapping[str, Any]:
        return self.banquet_result().to_dict()

    def banquet_result(self) -> BanquetResult:
        outcomes = []
        for noble in self.nobles.values():
            e = noble.earned
            outcomes.append(NobleOutcome(
                name=noble.name, npc=noble.npc,
                fate=noble.where if not noble.in_banquet else "stayed to the end",
                presented=tuple(e["presented"]),
                changes=dict(e["changes"]),
                final={s: noble.stat(s) for s in STATISTICS},
                counts=dict(e["counts"]),
                crown_prince_duels=tuple(e["crown_prince_duels"]),
                crown_prince_support=tuple(e["crown_prince_support"]),
                appointment=noble.appointment,
                appointment_lost=e["appointment_lost"],
                damage=e["damage"],
            ))
        return BanquetResult(nobles=tuple(outcomes), emperors=len(self.emperors()), ended_by=self.ended_by,
                             turns=self.turn, coup=bool(self.flags["coup"]),
                             emperor_slain=bool(self.flags["emperor_slain"]),
                             wounded_ranger_presented=bool(self.flags["wounded_ranger"]),
                             lord_marshals_presented=int(self.flags["lord_marshals"]),
                             writs_need_peace=self.settings.writs_need_peace)

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "settings": self.settings.to_dict(),
            "setup": self.setup.to_dict(),
            "nobles": [n.to_dict() for n in self.nobles.values()],
            "pieces": [p.to_dict() for p in self.pieces.values()],
            "chits": [c.to_dict() for c in self.chits.values()],
            "knowledge": {k: list(v) for k, v in self.knowledge.items()},
            "public": list(self.public),
            "phase": self.phase,
            "entry_order": list(self.entry_order),
            "turn": self.turn,
            "order": list(self.order),
            "index": self.index,
            "stage": self.stage,
            "stuck": self.stuck,
            "npc_action": self.npc_action,
            "pending": deepcopy(self.pending),
            "moving": deepcopy(self.moving),
            "ended_by": self.ended_by,
            "flags": dict(self.flags),
            "rng": self.rng.snapshot(),
            "log": self.log.to_list(),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Self:
        try:
            rng = Randomness.restore(raw["rng"], EventLog.from_list(raw["log"]))
            nobles = [Noble.from_dict(n) for n in raw["nobles"]]
            banquet = cls(rng=rng, settings=Settings.from_dict(dict(raw["settings"])),
                          setup=Setup.from_dict(raw["setup"], "saved banquet"),
                          nobles={n.name: n for n in nobles},
                          pieces={p["id"]: Piece.from_dict(p) for p in raw["pieces"]},
                          chits={c["id"]: Chit.from_dict(c) for c in raw["chits"]})
            banquet.knowledge = {str(k): [str(c) for c in v] for k, v in raw["knowledge"].items()}
            banquet.public = [str(c) for c in raw["public"]]
            banquet.phase = str(raw["phase"])
            banquet.entry_order = [str(n) for n in raw["entry_order"]]
            banquet.turn = int(raw["turn"])
            banquet.order = [str(n) for n in raw["order"]]
            banquet.index = int(raw["index"])
            banquet.stage = str(raw["stage"])
            banquet.stuck = bool(raw["stuck"])
            banquet.npc_action = str(raw["npc_action"])
            banquet.pending = deepcopy(list(raw["pending"]))
            banquet.moving = deepcopy(raw["moving"])
            banquet.ended_by = str(raw["ended_by"])
            banquet.flags = dict(raw["flags"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise DataError(f"saved banquet is malformed: {exc}") from None
        if raw.get("system") != cls.system:
            raise DataError(f"saved banquet is malformed: it is a {raw.get('system')!r} state")
        if banquet.phase not in PHASES or banquet.stage not in STAGES:
            raise DataError(f"saved banquet is malformed: phase {banquet.phase!r}, stage {banquet.stage!r}")
        if not all(isinstance(d, dict) for d in raw["pending"]) or not isinstance(raw["moving"], dict | None):
            raise DataError("saved banquet is malformed: a choice or a move under way is not a table")
        return banquet

    def observation(self, player: str) -> dict[str, Any]:
        """What ``player`` may see: chits he has not seen are hidden, and so are other players' snoops.

        Chits met by nobles are "revealed to all players"; a SNOOP is seen only by the snooper and
        those he shows it to; an NPC's SNOOP is exposed to everyone.  The dice (their state and the seed)
        are left out.
        """
        if player not in self.nobles:
            raise DataError(f"there is no player {player!r} at this banquet")
        seen = set(self.public) | set(self.knowledge[player])
        for noble in self.nobles.values():
            seen.update(noble.held)
        view = self.to_dict()
        del view["rng"]
        view["viewer"] = player
        view["chits"] = [c.to_dict() for c in self.chits.values() if c.id in seen]
        view["knowledge"] = {player: list(self.knowledge[player])}
        # the dice's seed would let a player work out every chit in the cup
        view["log"] = [e for e in view["log"] if e["kind"] != "randomness"
                       and player in e["data"].get("private_to", [player])]
        return view


# The actions are frozen values: the same move is offered as the same object in every position and banquet,
# built once (a frozen dataclass costs a call per field to build) and found again by its fields.
_MINGLES: dict[tuple[Square, ...], Mingle] = {}
_SNOOPS: dict[str, Snoop] = {}
_INTERFERES: dict[tuple[str, tuple[Square, ...]], Interfere] = {}


def _mingle(path: tuple[Square, ...]) -> Mingle:
    found = _MINGLES.get(path)
    if found is None:
        found = _MINGLES[path] = Mingle(path)
    return found


def _snoop(courtier: str) -> Snoop:
    found = _SNOOPS.get(courtier)
    if found is None:
        found = _SNOOPS[courtier] = Snoop(courtier)
    return found


def _interfere(piece: str, path: tuple[Square, ...]) -> Interfere:
    found = _INTERFERES.get((piece, path))
    if found is None:
        found = _INTERFERES[piece, path] = Interfere(piece, path)
    return found


def _fresh_earnings() -> dict[str, Any]:
    return {"changes": dict.fromkeys(STATISTICS, 0), "counts": dict.fromkeys(COUNTS, 0), "presented": [],
            "crown_prince_duels": [], "crown_prince_support": [], "appointment_lost": "", "damage": 0}


_DECISION_WORDS = {"present": "choose which courtier to present next",
                   "place": "place the Usurper's pieces",
                   "appointment": "choose whether to take the new appointment"}

