"""Players that play themselves: the seed's NPC noble, a uniformly random bot and a heuristic bot.

The NPC noble follows "Optional Rules: NPC Nobles" (seed 004): the banquet itself rolls his 1d6
action and limits his SNOOP to the closest courtier; this bot chooses the rest "exactly as a player
character would, however, he will always seek to thwart or harm player character nobles".

Every bot follows the one protocol, ``choose(state, player) -> action``, and is registered by name in
:data:`magecraft.wizard_prince.game_type.BANQUET` (``heuristic``, ``npc``; ``random`` is the core's).
The heuristic bot decides from what ``Banquet.observation(player)`` shows and nothing else: the board,
the chits exposed to all and those he has seen (what :meth:`Banquet.visible_chit` answers), gathered once
per decision; it reads those parts of the state directly rather than through a copy, for speed.  The
NPC noble's rules are the rule book's own, played by the GM who sees the whole table.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, Protocol

from magecraft.wizard_prince.actions import (
    Action,
    AppointmentMove,
    ChooseAppointment,
    ChooseGate,
    Interfere,
    Mingle,
    Pass,
    Place,
    Snoop,
)
from magecraft.wizard_prince.banquet import Banquet
from magecraft.wizard_prince.board import SQUARES_BY_NAME, Square, reach_of, walking_distances
from magecraft.wizard_prince.chits import chit_kinds, negative_kinds
from magecraft.wizard_prince.nobles import Noble
from magecraft.wizard_prince.phases import ACTION, PLAY
from magecraft.wizard_prince.pieces import Piece
from magecraft.wizard_prince.result import BanquetResult

#: What meeting each negative chit costs a noble holding ``h`` positive chits (the heuristic's guess).
_HARM: dict[str, Callable[[int], float]] = {
    "end_banquet": lambda h: 2 + 3 * h,
    "droning_bore": lambda h: 2,
    "drunken_boor": lambda h: 1 + 3 * h,
    "black_magic": lambda h: 6,
    "guild_assassin": lambda h: 6,
    "usurper": lambda h: 1,
    "emperress": lambda h: 3 * h,
    "crown_prince": lambda h: 1,
    "hierophant": lambda h: 3 * h,
}
#: Half the cup is positive: an unseen chit is worth about the average of a gain and a harm.
_UNKNOWN = -1.5
#: A push that reaches no noble and is neither the Emperor coming to me nor a Praetorian nearing a rival.
_IDLE_PUSH = -0.05


class Bot(Protocol):
    """A banquet bot: the core's one protocol (:class:`magecraft.core.bots.Bot`), asked only of a banquet."""

    name: str

    def choose(self, banquet: Any, player: str) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal actions (a die roll on the banquet's dice, so logged with the game):
    the benchmarks' random player.  The registered ``random`` bot is the core's, with dice of its own."""

    name = "random"

    def choose(self, banquet: Banquet, player: str) -> Action:
        return banquet.rng.choice(banquet.offered(), f"{player}'s random choice of action")


class _Judge:
    """Scores actions for ``player`` from what he can see; the bots differ in whom they favour."""

    occ: Mapping[Square, list[Piece | Noble]]
    #: How much standing within a Praetorian's reach worries him, per guard and per courtier carried.
    danger = 1.0

    def __init__(self) -> None:
        # What choose() reads of the INTERFEREs' preparation up front, before a first decision that offers
        # none (a rolled MINGLE or SNOOP): nothing, until _prepare_pushes sets them.
        self._beside_nobles: frozenset[Square] = frozenset()
        self._near_nobles: frozenset[Square] = frozenset()
        self._idle_kinds: set[str] = set()
        self._rival_distances: dict[Square, int] = _NearestSteps(())

    def choose(self, banquet: Banquet, player: str) -> Action:
        """The first of the best-valued actions offered; the values of the actions offered at nearly every
        decision (INTERFERE, SNOOP, MINGLE, Pass) are worked out inline, for speed."""
        actions = banquet.offered()
        if len(actions) == 1:
            return actions[0]
        me = banquet.nobles[player]
        self._prepare_decision(banquet, me)
        pieces, beside_nobles, near_nobles = banquet.pieces, self._beside_nobles, self._near_nobles
        best, best_value = actions[0], -math.inf   # every value is finite: the first action is taken first
        idle_piece, last_piece, far = "", "", False
        idle_kinds, rival_steps, known, here = self._idle_kinds, self._rival_distances, self._known, self._here
        here_file, here_rank = here if here is not None else (0, 0)
        snoop_weight = 0.3 if me.held else 1.0
        for action in actions:
            kind = type(action)
            if kind is Interfere or kind is AppointmentMove:
                piece_id = action.piece  # type: ignore[union-attr]
                if piece_id == idle_piece:
                    continue   # the rest of the moves of a piece none of whose moves matters: see below
                if piece_id != last_piece:   # one piece's moves come together: look the piece up once
                    last_piece, piece = piece_id, pieces[piece_id]
                    # whether none of its moves can reach a noble, so that no path need be looked at
                    far = piece.square not in near_nobles
                path = action.path  # type: ignore[union-attr]
                if far or beside_nobles.isdisjoint(path):
                    # A push that reaches no noble is worth its drift alone (push_value with nothing met).
                    # When the piece's drift is the constant _IDLE_PUSH and none of its moves can reach a
                    # noble, its other moves (offered next) are worth the same, and the first of the best
                    # stays this one.
                    piece_kind = piece.kind
                    if piece_kind in idle_kinds:
                        value = _IDLE_PUSH
                        if far:
                            idle_piece = piece_id
                    elif piece_kind == "praetorian":   # drift(), inlined: towards the nearest rival
                        value = 0.2 * (rival_steps[piece.square] - rival_steps[path[-1]])
                    else:
                        value = self.drift(banquet, me, piece, path[-1])
                else:   # value() of a push, called directly
                    value = self.push_value(banquet, me, piece, path)
            elif kind is Snoop:   # snoop_value(), inlined: a dozen courtiers are weighed at each decision
                courtier = pieces[action.courtier]  # type: ignore[union-attr]
                if courtier.chit in known:
                    value = -1.0
                elif here is None:
                    value = 0.5
                else:
                    file, rank = courtier.square
                    value = (1.2 - 0.2 * (abs(file - here_file) + abs(rank - here_rank))) * snoop_weight
            elif kind is Mingle:
                value = self.walk_value(banquet, me, action.path)  # type: ignore[union-attr]
            elif kind is Pass:   # what value() gives any other action: offered at nearly every decision
                value = -0.5
            else:
                value = self.value(banquet, player, action)
            if value > best_value:   # the first of the best, as max() would
                best, best_value = action, value
        return best

    def _prepare_decision(self, banquet: Banquet, me: Noble) -> None:
        """:meth:`prepare` for the decision :meth:`choose` is asked, with no more than it weighs."""
        if banquet.phase is PLAY and banquet.stage is ACTION and not banquet.pending:
            # legal_actions() has just brought the occupancy up to date for a turn's action, and nothing has
            # moved since: read it without checking the position again.  An NPC noble who rolled his action
            # is offered that kind alone (and Pass): only what weighs it is worked out.
            rolled = banquet.npc_action if me.npc and banquet.settings.npc_action_table else ""
            self._prepare(banquet, me, banquet._occ, rolled != "interfere" and rolled != "snoop",
                          rolled != "mingle" and rolled != "snoop")
        else:
            self.prepare(banquet, me)

    def prepare(self, b: Banquet, me: Noble) -> None:
        """What every action of one decision is weighed against, worked out once: the board does not change
        while the actions are weighed."""
        self._prepare(b, me, b.occupants())

    def _prepare(self, b: Banquet, me: Noble, occ: Mapping[Square, list[Piece | Noble]], walks: bool = True,
                 pushes: bool = True) -> None:
        """:meth:`prepare` with the occupancy ``occ`` of this position, for the MINGLEs (``walks``) and the
        INTERFEREs (``pushes``) offered (SNOOPs need neither part; any other action both)."""
        self.occ = occ
        # The chits he has seen or that are exposed (what visible_chit answers), looked up once per decision.
        known = self._known = {*b.public, *b.knowledge.get(me.name, ())}
        self._here = SQUARES_BY_NAME[me.square] if me.where == "board" else None
        if walks:
            self._prepare_walks(b, known)
        if pushes:
            self._prepare_pushes(b, me)

    def _prepare_walks(self, b: Banquet, known: set[str]) -> None:
        """What his own moves are weighed against: the steps to each Emperor and each wanted courtier from every
        square (walking_distances is cached) and where the Praetorians stand, in one pass over the pieces."""
        chits, negative, table = b.chits, negative_kinds(), b.setup.table
        emperor_maps: list[dict[Square, int]] = []
        guards: list[Square] = []
        target_maps: list[dict[Square, int]] = []
        for p in b.pieces.values():
            kind = p.kind
            if kind == "courtier":
                if p.chit in known and chits[p.chit].kind not in negative:
                    target_maps.append(walking_distances(p.square, table))
            elif kind == "praetorian":
                guards.append(p.square)
            elif kind == "emperor":
                emperor_maps.append(walking_distances(p.square, table))
        self._emperor_maps, self._guards, self._target_maps = emperor_maps, guards, target_maps
        self._guards_near = _guards_near(tuple(guards))
        self._before: float | None = None

    def _prepare_pushes(self, b: Banquet, me: Noble) -> None:
        """What his moves of other pieces are weighed against: where the nobles and his rivals stand."""
        rivals: list[Square] = []
        beside: list[Square] = []
        for n in b.nobles.values():   # one pass over the nobles, in their order
            if n.where == "board":
                square = SQUARES_BY_NAME[n.square]
                beside.append(square)
                if n is not me and self.rivalry(n) > 0:
                    rivals.append(square)
        self._rivals = rivals
        self._beside_nobles = frozenset(beside)
        # The squares from which some move reaches a noble: a move from a to b exists just when one from b
        # to a does (reach_of is symmetric), so these are the squares within a noble's reach.
        self._near_nobles = _within_reach(self._beside_nobles, b.settings.moves_may_turn)
        # The kinds of piece whose drift() is _IDLE_PUSH wherever they go, for this decision.
        idle = self._idle_kinds = {"courtier"}
        if not (me.where == "board" and me.held):
            idle.add("emperor")
        if not self.rivals(b, me):
            idle.add("praetorian")
        # Steps to the nearest rival from the squares asked about: kept for as long as the rivals stand still.
        self._rival_distances = _nearest_steps(tuple(self._rivals))

    def value(self, b: Banquet, player: str, action: Action) -> float:
        me = b.nobles[player]
        if isinstance(action, Mingle):
            return self.walk_value(b, me, action.path)
        if isinstance(action, Interfere | AppointmentMove):
            return self.push_value(b, me, b.pieces[action.piece], action.path)
        if isinstance(action, Snoop):
            return self.snoop_value(b, me, b.pieces[action.courtier])
        if isinstance(action, Place):
            return self.place_value(b, me, action.square)
        if isinstance(action, ChooseGate):
            return -self.emperor_distance(b, action.square)
        if isinstance(action, ChooseAppointment):
            return 1.0 if action.take else 0.0
        return -0.5

    # -- what meeting a chit is worth --------------------------------------------------------
    def meeting(self, b: Banquet, me: Noble, courtier: Piece, held: int) -> float:
        if courtier.chit not in self._known:   # b.visible_chit(me.name, courtier.id), from prepare()
            return _UNKNOWN - 1.5 * held
        kind = b.chits[courtier.chit].kind
        info = chit_kinds()[kind]
        if not info.negative:
            return 3.0
        if kind == "hierophant" and not b.chits[courtier.chit].first_met_by:
            return 0.0
        return -_HARM[info.effect](held)

    def presenting(self, held: int) -> float:
        return 3.0 * held if held else -2.0

    def steps(self, b: Banquet, start: Square, goal: Square) -> int:
        return walking_distances(goal, b.setup.table).get(start, 99)

    def emperor_distance(self, b: Banquet, square: Square) -> int:
        maps = self._emperor_maps
        if len(maps) == 1:   # one Emperor (the usual case): no list to build
            return maps[0].get(square, 99)
        return min([steps.get(square, 99) for steps in maps], default=0)

    # -- moving oneself -------------------------------------------------------------------
    def walk_value(self, b: Banquet, me: Noble, path: tuple[Square, ...]) -> float:
        occ = self.occ
        held = len(me.held)
        value = 0.0
        for square in path:
            for thing in occ.get(square, ()):
                if isinstance(thing, Piece) and thing.kind == "courtier":
                    gain = self.meeting(b, me, thing, held)
                    value += gain
                    held += 1 if gain > 0 else 0
                elif isinstance(thing, Piece) and thing.kind == "emperor":
                    return value + self.presenting(held)
        before = self._before
        if before is None:
            here = self._here
            before = self._before = self.position_value(b, me, here, len(me.held)) if here is not None else -5
        return value + self.position_value(b, me, path[-1], held) - before

    def position_value(self, b: Banquet, me: Noble, square: Square, held: int) -> float:
        guards = self._guards_near.get(square)
        if guards is None:   # the Praetorians within two steps, remembered while they stand still
            file, rank = square
            guards = 0
            for g_file, g_rank in self._guards:   # Square.distance, inlined: this runs for every path weighed
                if abs(g_file - file) + abs(g_rank - rank) <= 2:
                    guards += 1
            self._guards_near[square] = guards
        danger = self.danger * guards * (1 + held)
        if held:
            return -1.0 * self.emperor_distance(b, square) - danger
        targets = self._target_maps
        if targets:
            nearest = 99
            for steps in targets:   # min(), without building a list for every path weighed
                found = steps.get(square, 99)
                if found < nearest:
                    nearest = found
            return -0.3 * nearest - danger
        return -0.1 * self.emperor_distance(b, square) - danger

    # -- moving other pieces -------------------------------------------------------------------
    def push_value(self, b: Banquet, me: Noble, piece: Piece, path: tuple[Square, ...]) -> float:
        occ = self.occ
        value = 0.0
        for i, square in enumerate(path):
            for thing in occ.get(square, ()):
                if isinstance(thing, Noble):
                    value += self.reaching(b, me, piece, thing, i == len(path) - 1)
        return value + self.drift(b, me, piece, path[-1])

    def reaching(self, b: Banquet, me: Noble, piece: Piece, noble: Noble, last: bool) -> float:
        """What it is worth to ``me`` that ``piece`` reaches ``noble`` (judged on what I can see)."""
        held = len(noble.held)
        if piece.kind == "emperor":
            theirs = self.presenting(held) if held else -1.0
        elif piece.kind == "praetorian":
            theirs = -(4.0 + 3.0 * held)
        elif last:
            theirs = self.meeting(b, me, piece, held)
        else:
            return 0.0
        return theirs if noble is me else -theirs * self.rivalry(noble)

    def rivalry(self, other: Noble) -> float:
        """How much another noble's loss is my gain."""
        return 1.0

    def rivals(self, b: Banquet, me: Noble) -> list[Square]:
        """Where the nobles stand whose loss is my gain (worked out in :meth:`prepare`)."""
        return self._rivals

    def drift(self, b: Banquet, me: Noble, piece: Piece, end: Square) -> float:
        """Small pulls: the Emperor towards me when I carry courtiers, Praetorians towards rivals."""
        if piece.kind == "emperor" and me.where == "board" and me.held:
            here = self._here
            assert here is not None
            return 0.4 * (self.steps(b, piece.square, here) - self.steps(b, end, here))
        rivals = self.rivals(b, me)
        if piece.kind == "praetorian" and rivals:
            return 0.2 * (self.rival_distance(piece.square) - self.rival_distance(end))
        return _IDLE_PUSH

    def rival_distance(self, square: Square) -> int:
        """Orthogonal steps from ``square`` to the nearest rival, remembered while the rivals stand still."""
        return self._rival_distances[square]

    def snoop_value(self, b: Banquet, me: Noble, courtier: Piece) -> float:
        if courtier.chit in self._known:   # b.visible_chit(me.name, courtier.id), from prepare()
            return -1.0
        if me.where != "board":
            return 0.5
        assert self._here is not None
        interest = 1.2 - 0.2 * courtier.square.distance(self._here)
        return interest * (0.3 if me.held else 1.0)

    def place_value(self, b: Banquet, me: Noble, square: Square) -> float:
        spec = b.pending[0]["pieces"][0]
        rivals = self.rivals(b, me)
        if spec["kind"] == "praetorian":
            return -min((square.distance(r) for r in rivals), default=0)
        if self._here is not None:
            return -square.distance(self._here)
        return 0.0


@lru_cache(maxsize=1024)
def _within_reach(squares: frozenset[Square], may_turn: bool) -> frozenset[Square]:
    """Every square within reach of one of ``squares`` (:func:`reach_of`), for as long as the nobles stand
    still."""
    return frozenset().union(*[reach_of(square, may_turn) for square in squares])


@lru_cache(maxsize=1024)
def _guards_near(guards: tuple[Square, ...]) -> dict[Square, int]:
    """How many of the Praetorians standing on ``guards`` are within two steps of a square, for the squares
    asked about so far (filled by :meth:`_Judge.position_value`): one table for each way they stand, shared
    by the decisions weighed between two moves of a Praetorian."""
    return {}


class _NearestSteps(dict[Square, int]):
    """The orthogonal steps from a square to the nearest of ``rivals``, each worked out when first asked."""

    __slots__ = ("rivals",)

    def __init__(self, rivals: tuple[Square, ...]) -> None:
        super().__init__()
        self.rivals = rivals

    def __missing__(self, square: Square) -> int:
        file, rank = square
        found = self[square] = min([abs(r_file - file) + abs(r_rank - rank) for r_file, r_rank in self.rivals])
        return found


@lru_cache(maxsize=1024)
def _nearest_steps(rivals: tuple[Square, ...]) -> _NearestSteps:
    """The steps from a square to the nearest of ``rivals`` found so far: one table for each way the rivals
    stand, shared by the decisions weighed between two moves of a noble."""
    return _NearestSteps(rivals)


class HeuristicBot(_Judge):
    """Snoops nearby courtiers, collects those it knows are positive, avoids known harm, and heads
    for the Emperor (or brings him over) once it carries courtiers.

    Sees only what its seat's observation shows (Sees.OBSERVATION): a chit it has not seen is weighed as
    an unknown."""

    name = "heuristic"


class NpcNobleBot(_Judge):
    """The seed's NPC noble: the banquet rolls his action; he plays it to thwart player nobles.

    Registered as seeing the whole state (Sees.WHOLE_STATE): the GM plays him by the rule book's own
    rules ("Optional Rules: NPC Nobles").  As written he weighs only the chits his noble has seen."""

    name = "npc"

    def rivalry(self, other: Noble) -> float:
        """NPC Noble Actions: "he will always seek to thwart or harm player character nobles, rather than NPCs"."""
        return 0.0 if other.npc else 1.0


BOTS: Mapping[str, Callable[[], Bot]] = {"npc": NpcNobleBot, "random": RandomBot, "heuristic": HeuristicBot}


#: The bots that choose only among the very actions ``legal_actions`` offers for the decision at hand.
_TRUSTED = (RandomBot, HeuristicBot, NpcNobleBot)


def play(banquet: Banquet, bots: Mapping[str, Bot]) -> BanquetResult:
    """Let the bots play the banquet to its end; every noble must have a bot.

    The action of one of this module's own bots is one of the objects ``legal_actions`` offered for this
    decision, so it is carried out without judging it again (``check`` would find it in that list and
    judge no further); any other bot's action, a subclass's included, is checked (``apply``) first.
    """
    while not banquet.is_terminal():
        player = banquet.current_player()
        assert player is not None
        bot = bots[player]
        action = bot.choose(banquet, player)
        if type(bot) in _TRUSTED:
            banquet.perform(action)
        else:
            banquet.apply(action)
    return banquet.banquet_result()
