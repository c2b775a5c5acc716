"""Turns at the Imperial Banquet (seed 004): carrying out an action, square by square, and the next turn.

Sections "Turns at the Banquet" (entering, initiative each turn, MINGLE, SNOOP, INTERFERE, the
appointment's extra move), "Moving the Non-Player Character Pieces at Court" (a move meets what stands on
each square "in the order in which [they are] encountered"; the Praetorian Guard), "The Courtier
Descriptions" (the Droning Bore's save) and "Optional Rules: NPC Nobles" (the NPC's 1d6 action, his
exposed SNOOP, the end of the banquet when every PC noble has left).
"""

from __future__ import annotations

from magecraft.core.tables import get_table
from magecraft.wizard_prince.actions import (
    Action,
    AppointmentMove,
    ChooseGate,
    Interfere,
    Mingle,
    Snoop,
)
from magecraft.wizard_prince.board import SQUARE_NAMES, Square
from magecraft.wizard_prince.effects import guard_catches
from magecraft.wizard_prince.legal_actions import LegalActions, label_of
from magecraft.wizard_prince.meetings import Meetings
from magecraft.wizard_prince.nobles import Noble, saving_throw
from magecraft.wizard_prince.phases import ACTION, DONE, EXTRA, OVER, PLAY
from magecraft.wizard_prince.pieces import Piece
from magecraft.wizard_prince.sections import BANQUET, CHITS, NPC, PIECES, TURNS

#: A square's name (``str(square)``) as a C-level lookup: a move under way is kept by its squares' names.
_NAME = SQUARE_NAMES.__getitem__


class Turns(Meetings, LegalActions):
    """Performing actions: a move waits in ``moving`` while a player must choose, then goes on."""

    # -- perform -----------------------------------------------------------------------------
    def perform(self, action: Action) -> None:
        actor = self.current_player()
        # an action offered by legal_actions is built once, and so is what it says (label_of)
        self.log.record("action", f"{actor}: {label_of(action)}", section=TURNS, data={"noble": actor})
        if self.pending:
            self._resolve(action)
        elif isinstance(action, ChooseGate):
            self._enter(self.nobles[self.entry_order.pop(0)], action.square)
            if not self.entry_order:
                self.phase = PLAY
                self.turn = 0
                self.order, self.index = [], 0
                self.stage = DONE
        else:
            noble = self.nobles[self.order[self.index]]
            extra = self.stage is EXTRA
            self.stage = DONE
            if isinstance(action, Mingle):
                if noble.where == "waiting":
                    self._enter(noble, action.path[0])
                else:
                    self.moving = {"mover": noble.name, "noble": True, "path": list(map(_NAME, action.path))}
            elif isinstance(action, Snoop):
                self._snoop(noble, action)
            elif isinstance(action, Interfere | AppointmentMove):
                self.moving = {"mover": action.piece, "noble": False, "path": list(map(_NAME, action.path))}
            if not extra and self._offers_extra(noble):
                self.stage = EXTRA
        self._continue()

    def _offers_extra(self, noble: Noble) -> bool:
        """Whether his appointment's extra move may follow his action (Turns at the Banquet): asked after
        every action, and most nobles hold no appointment."""
        return bool(noble.appointment) and noble.in_banquet and bool(self._appointment_moves(noble))

    def _continue(self) -> None:
        """Carry on until some player must choose: finish the move under way, then the next turn."""
        while self.phase is not OVER:
            if self.pending:
                return
            if self.moving:
                self._step()
                continue
            self._check_end()
            if self.phase is not PLAY:
                return
            if self.stage is EXTRA and not self._offers_extra(self.nobles[self.order[self.index]]):
                self.stage = DONE
            if self.stage is not DONE:
                return
            self._next_noble()
            if self.phase is not OVER and self.stage is ACTION:
                return

    def _check_end(self) -> None:
        """"The Banquet ends when all PC nobles have exited the board" (NPC Noble Actions); with no PC
        noble at all, when every noble has left (The Imperial Banquet)."""
        nobles = self.nobles.values()
        for n in nobles:   # this runs after every action: stop at the first PC noble still in the banquet
            if not n.npc and n.where in ("waiting", "board"):   # Noble.in_banquet
                break
        else:
            pcs = sum(not n.npc for n in nobles)
            if pcs or not any(n.in_banquet for n in nobles):   # with no PC at all, the last noble to leave ends it
                self.end("no noble remains at the banquet" if not pcs or pcs == len(nobles)
                         else "every player noble has left the banquet")
                return
        if self.settings.end_when_no_emperor:
            for p in self.pieces.values():   # the Emperor is usually the first piece
                if p.kind == "emperor":
                    return
            self.end("no Emperor remains to present courtiers to")

    def _next_noble(self) -> None:
        self.index += 1
        while True:
            if self.index >= len(self.order):
                if self.turn >= self.settings.max_turns:
                    self.end("the Emperor retires after the last turn the GM allows")
                    return
                self.turn += 1
                alive = []
                for name, n in self.nobles.items():   # Noble.in_banquet, read directly: at every turn
                    if n.where == "waiting" or n.where == "board":
                        alive.append(name)
                self.order = self._order_by_dice(alive, f"initiative, turn {self.turn}", TURNS)
                self.index = 0
                self.log.record("state", f"turn {self.turn} begins", section=TURNS, data={"order": self.order})
            noble = self.nobles[self.order[self.index]]
            if noble.where == "board" or noble.where == "waiting":   # Noble.in_banquet
                self._begin_turn(noble)
                return
            self.index += 1

    def _begin_turn(self, noble: Noble) -> None:
        """The Droning Bore's save "at the beginning of each of his succeeding turns", and the NPC's 1d6."""
        self.stage, self.stuck, self.npc_action = ACTION, False, ""
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
        # Each kind is judged at most once, and only as far as needed: whether any can be taken before the
        # first roll, then the kind rolled (usually the one already known).
        can: dict[str, bool] = {}
        for kind in ("snoop", "mingle", "interfere"):
            can[kind] = self._can_take(noble, kind)
            if can[kind]:
                break
        else:
            self.log.record("state", f"{noble.name} can take no action", section=NPC)
            return
        while True:
            kind = str(table.roll(self.rng, label=f"{noble.name}'s action").data["action"])
            if kind not in can:
                can[kind] = self._can_take(noble, kind)
            if can[kind]:
                self.npc_action = kind
                return

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
            noble.square = _NAME(square)
            for thing in self._standing_on(square):
                if not isinstance(thing, Piece) or thing.id not in self.pieces:
                    continue
                if thing.kind == "courtier":
                    self._meet(noble, thing)
                elif thing.kind == "emperor":
                    self._contact(noble, thing)
                if noble.where != "board" or noble.bored or self.phase is OVER:
                    self.moving = None
                    return
            return
        piece = self.pieces.get(moving["mover"])
        if piece is None:
            self.moving = None
            return
        piece = _moved(piece, square)
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
            if self.phase is OVER or self.pending:
                return


#: Each piece as it stands on each square it is moved to, built once: a Piece is frozen, so a move makes a new
#: one, and the same piece on the same square is the same value (a dozen thousand at most).
_MOVED: dict[tuple[str, str, str, Square, str, str], Piece] = {}


def _moved(piece: Piece, square: Square) -> Piece:
    """``piece`` on ``square``."""
    key = (piece.id, piece.kind, piece.colour, square, piece.figure, piece.chit)
    found = _MOVED.get(key)
    if found is None:
        found = _MOVED[key] = Piece(*key)
    return found
