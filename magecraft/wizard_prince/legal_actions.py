"""The legal actions at the Imperial Banquet (seed 004), worked out once per position, and ``check``.

Sections "Turns at the Banquet" (MINGLE, SNOOP, INTERFERE, one action a turn, the shape of a move),
"Off-Board Player Character Nobles" (entering only at an open gate), "Moving the Non-Player Character
Pieces at Court" (who may enter which square), "The Courtier Descriptions" (the Droning Bore, the Usurper,
the Imperial Appointments' moves) and "Optional Rules: NPC Nobles" (the NPC's rolled action and whom he
snoops).  The fast-path caches live here: each kind of action once per position, each piece's INTERFEREs
until something within its reach moves, and each action object built once.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import repeat
from operator import is_
from typing import Any

from magecraft.core.errors import RuleError
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
    action_words,
)
from magecraft.wizard_prince.board import ALL_SQUARES, SQUARES_BY_NAME, Square, paths_from, reach_of
from magecraft.wizard_prince.court import Court
from magecraft.wizard_prince.movement import Occupants, moves, noble_block, path_problem
from magecraft.wizard_prince.nobles import Noble
from magecraft.wizard_prince.phases import ACTION, APPOINTMENT, ENTER, EXTRA, OVER, PLACE, PLAY, PRESENT
from magecraft.wizard_prince.pieces import Piece
from magecraft.wizard_prince.sections import BANQUET, CHITS, NPC, OFF_BOARD, PIECES, TURNS


class LegalActions(Court):
    """What the player to act may do, and the check that refuses anything else with the rule it breaks."""

    def legal_actions(self) -> list[Action]:
        if self.phase is OVER:
            return []
        if self.pending:
            return self._decision_actions(self.pending[0])
        if self.phase is ENTER:
            occ = self.occupants()
            return [ChooseGate(g) for g in self.setup.gates if g not in occ]
        noble = self.nobles[self.order[self.index]]
        if self.stage is EXTRA:
            return [*self._appointment_moves(noble), PASS]
        return self._turn_actions(noble)

    def offered(self) -> list[Action]:
        """:meth:`legal_actions` without the copy, for the built-in bots: the list kept for this decision,
        shared with ``check`` (read it, do not change it).

        >>> from magecraft.core.randomness import Randomness
        >>> from magecraft.wizard_prince.banquet import Banquet
        >>> from magecraft.wizard_prince.nobles import nobles_from
        >>> b = Banquet.new(nobles_from(["Ann", "Bo"]), Randomness.seeded(1))
        >>> b.offered() == b.legal_actions()
        True
        """
        if self.phase is PLAY and self.stage is ACTION and not self.pending:
            return self._offered(self.nobles[self.order[self.index]])
        return self.legal_actions()

    def _decision_actions(self, decision: Mapping[str, Any]) -> list[Action]:
        kind = decision["kind"]
        if kind == PRESENT:
            seen: set[str] = set()
            out: list[Action] = []
            for chit_id in self.nobles[decision["noble"]].held:
                if self.chits[chit_id].kind not in seen:
                    seen.add(self.chits[chit_id].kind)
                    out.append(Present(chit_id))
            return out
        if kind == PLACE:
            return [Place(s) for s in self._free_squares()]
        return [ChooseAppointment(True), ChooseAppointment(False)]

    def _turn_actions(self, noble: Noble, only: str = "") -> list[Action]:
        """The noble's MINGLE, SNOOP and INTERFERE actions (``only`` one kind), and Pass where allowed.

        Worked out once per position and turn, then copied: the bots, ``check`` and the NPC table ask for
        the same list.
        """
        return list(self._offered(noble, only))

    def _offered(self, noble: Noble, only: str = "") -> list[Action]:
        """The list :meth:`_turn_actions` copies, itself: read it, do not change it."""
        self._sync()
        key = (noble.name, noble.npc, only, self.npc_action, self.stuck)
        found = self._turns.get(key)
        if found is None:
            found = self._turns[key] = self._list_turn_actions(noble, only)
        return found

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
            out.append(PASS)
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
        # loops rather than any() over a generator: this runs at every NPC turn
        if kind == "snoop":   # an NPC snoops a courtier whose chit is not yet exposed (_npc_snoop_targets)
            exposed = self.public if noble.npc else ()
            for p in self.pieces.values():  # noqa: SIM110
                if p.kind == "courtier" and p.chit not in exposed:
                    return True
            return False
        if kind == "mingle":
            # A noble who may take any path may end on its first step: noble_block refuses a square to end
            # on only where it refuses it to pass through too.
            table, occ = self.setup.table, self._occ
            if noble.where == "waiting":
                return any(self._gate_problem(gate, occ) is None for gate in self.setup.gates)
            for first in SQUARES_BY_NAME[noble.square].neighbours():
                if noble_block(first, True, occ, table, noble.name) is None:
                    return True
            return False
        for piece in self.pieces.values():  # noqa: SIM110
            if self._moves_of(piece):
                return True
        return False

    def _moves_of(self, piece: Piece) -> list[Action]:
        """The INTERFEREs moving ``piece``, kept until a square within its reach changes (see _sync)."""
        kept = self._piece_moves.get(piece.id)
        if kept is None or kept[0] is not piece:
            may_turn = self.settings.moves_may_turn
            labels = _interferes_from(piece.id, piece.square, may_turn)
            kept = self._piece_moves[piece.id] = (
                piece, moves(piece, piece.square, self._occ, self.setup.table, may_turn, self._cells, labels),
                reach_of(piece.square, may_turn))
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
            out = self._mingles(noble, occ)   # a new list
        elif kind == "snoop":
            if noble.npc:
                out = [_SNOOPS.get(p.id) or _snoop(p.id) for p in self._npc_snoop_targets(noble)]
            else:   # every courtier: the same list until a piece comes or goes (see _sync)
                snoops = self._all_snoops
                if snoops is None:
                    snoops = self._all_snoops = [_SNOOPS.get(p.id) or _snoop(p.id) for p in self.courtiers()]
                out = snoops
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

    def _mingles(self, noble: Noble, occ: Occupants) -> list[Action]:
        if noble.where == "waiting":
            return [_mingle((g,)) for g in self.setup.gates if self._gate_problem(g, occ) is None]
        start, may_turn = SQUARES_BY_NAME[noble.square], self.settings.moves_may_turn
        return moves(noble, start, occ, self.setup.table, may_turn, self._cells, _mingles_from(start, may_turn))

    def _gate_problem(self, gate: Square, occ: Occupants) -> str | None:
        """Why an off-board noble may not enter at ``gate`` now: he may "use the MINGLE action only to enter
        the board when a square becomes open" (Off-Board Player Character Nobles), and a gate where an
        Emperor, a Praetorian or another noble stands is not open (ruling WP5); a courtier there is met."""
        if any(isinstance(t, Piece) and t.kind == "emperor" for t in occ.get(gate, ())):
            return "an Emperor stands there"
        return noble_block(gate, True, occ, self.setup.table)

    def _paths(self, mover: Piece | Noble, start: Square, occ: Occupants) -> list[tuple[Square, ...]]:
        return moves(mover, start, occ, self.setup.table, self.settings.moves_may_turn, self._cells)

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
        public = self.public
        origins = [Square.parse(noble.square)] if noble.where == "board" else list(self.setup.gates)
        # One pass over the pieces, Square.distance inlined: a dozen courtiers are measured at each of the NPC's
        # SNOOPs (no square of the board is 99 steps from another)
        closest, tied = 99, []
        for p in self.pieces.values():
            if p.kind != "courtier" or p.chit in public:
                continue
            file, rank = p.square
            steps = 99
            for o_file, o_rank in origins:
                if abs(file - o_file) + abs(rank - o_rank) < steps:
                    steps = abs(file - o_file) + abs(rank - o_rank)
            if steps < closest:
                closest, tied = steps, [p]
            elif steps == closest:
                tied.append(p)
        if not tied:
            return []
        others = [Square.parse(n.square) for n in self.nobles.values()
                  if n.where == "board" and n.name != noble.name]
        if len(tied) == 1 or not others:
            return tied
        far = [min([abs(p.square[0] - o_file) + abs(p.square[1] - o_rank) for o_file, o_rank in others])
               for p in tied]
        farthest = max(far)
        return [p for p, steps in zip(tied, far, strict=True) if steps == farthest]

    def _free_squares(self) -> list[Square]:
        """Squares with no piece or noble, off the Banquet Table and off the rest of a move under way."""
        occ = self.occupants()
        ahead = {Square.parse(s) for s in self.moving["path"]} if self.moving else set()
        return [s for s in ALL_SQUARES if s not in occ and s not in self.setup.table and s not in ahead]

    # -- check ------------------------------------------------------------------------------
    def check(self, action: Action) -> None:
        if self.phase is OVER:
            raise RuleError("the banquet is over", rule="End of the banquet", section=BANQUET)
        if self.pending:
            self._check_decision(self.pending[0], action)
            return
        if self.phase is ENTER:
            if not isinstance(action, ChooseGate):
                raise RuleError("each noble first chooses his gate square", rule="Entering", section=BANQUET)
            if action.square not in self.setup.gates:
                raise RuleError(f"{action.square} is not a palace gate", rule="Entering", section=BANQUET)
            if action.square not in [a.square for a in self.legal_actions() if isinstance(a, ChooseGate)]:
                raise RuleError("only one noble can occupy one gate square", rule="Entering", section=BANQUET)
            return
        noble = self.nobles[self.order[self.index]]
        offered = self._offered(noble) if self.stage is ACTION else self.legal_actions()
        if any(map(is_, offered, repeat(action))):
            return  # one of the very actions offered for this decision (the bots' case): judged legal
        if self.stage is EXTRA:
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
        expected = {PRESENT: Present, PLACE: Place, APPOINTMENT: ChooseAppointment}[kind]
        if not isinstance(action, expected):
            raise RuleError(f"{decision['noble']} must first {_DECISION_WORDS[kind]}", rule="Choices",
                            section=PIECES if kind != APPOINTMENT else CHITS)
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



# The actions are frozen values: the same move is offered as the same object in every position and banquet,
# built once (a frozen dataclass costs a call per field to build) and found again by its fields.
_MINGLES: dict[tuple[Square, ...], Mingle] = {}
_SNOOPS: dict[str, Snoop] = {}
_INTERFERES: dict[tuple[str, tuple[Square, ...]], Interfere] = {}
#: The one Pass offered (a Pass has no fields: every Pass is equal to it).
PASS = Pass()
#: What each action built once says it is (``action_words``, the label of ``perform``'s action event), by the
#: action's ``id``, noted the first time it is performed: each entry holds its action, so no other object
#: can come to have that id.
_LABELS: dict[int, tuple[Action, str]] = {}


def label_of(action: Action) -> str:
    """``action_words(action)``, worked out once for an action built once (see :data:`_LABELS`).

    >>> label_of(PASS), label_of(Snoop("courtier-1", ("Ann",)))
    ('pass', 'SNOOP courtier-1, show Ann')
    """
    entry = _LABELS.get(id(action))
    if entry is not None:
        return entry[1]
    label = action_words(action)
    if _built_once(action):   # any other action is built anew each time: noting it would only grow the table
        _LABELS[id(action)] = (action, label)
    return label


def _built_once(action: Action) -> bool:
    kind = type(action)
    if kind is Interfere:
        return _INTERFERES.get((action.piece, action.path)) is action  # type: ignore[union-attr]
    if kind is Mingle:
        return _MINGLES.get(action.path) is action  # type: ignore[union-attr]
    if kind is Snoop:
        return _SNOOPS.get(action.courtier) is action  # type: ignore[union-attr]
    return action is PASS


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


#: The actions standing for each path of ``paths_from(start)``, in its order, for one piece or for any noble:
#: a move enumeration lists them without looking each one up (``movement.moves`` with ``labels``).
_INTERFERES_FROM: dict[tuple[str, Square, bool], tuple[Interfere, ...]] = {}


def forget_interferes() -> None:
    """Forget every INTERFERE built so far (a cold start, for the profile guard that counts how many a banquet
    builds); the next enumeration builds them again, as the same values."""
    _INTERFERES.clear()
    _INTERFERES_FROM.clear()


_MINGLES_FROM: dict[tuple[Square, bool], tuple[Action, ...]] = {}


def _interferes_from(piece: str, start: Square, may_turn: bool) -> tuple[Interfere, ...]:
    found = _INTERFERES_FROM.get((piece, start, may_turn))
    if found is None:
        found = _INTERFERES_FROM[piece, start, may_turn] = tuple(
            _interfere(piece, path) for path in paths_from(start, may_turn))
    return found


def _mingles_from(start: Square, may_turn: bool) -> tuple[Action, ...]:
    found = _MINGLES_FROM.get((start, may_turn))
    if found is None:
        found = _MINGLES_FROM[start, may_turn] = tuple(_mingle(path) for path in paths_from(start, may_turn))
    return found




_DECISION_WORDS = {PRESENT: "choose which courtier to present next",
                   PLACE: "place the Usurper's pieces",
                   APPOINTMENT: "choose whether to take the new appointment"}

