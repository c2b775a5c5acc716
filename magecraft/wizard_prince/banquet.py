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

This module holds starting a banquet (The Imperial Banquet: the cup, the chits, the order of the gates),
its result and its saves; the rest is split along the seed's sections: the board and its position
(:mod:`.court`), the legal actions and ``check`` (:mod:`.legal_actions`, Turns at the Banquet and
Off-Board Player Character Nobles), meeting courtiers and presenting (:mod:`.meetings`, Moving the
Non-Player Character Pieces at Court and The Courtier Descriptions) and the turns themselves
(:mod:`.turns`, including the NPC noble's action of Optional Rules: NPC Nobles).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from types import MappingProxyType
from typing import Any, ClassVar, Self

from magecraft.core.errors import DataError
from magecraft.core.events import EventLog
from magecraft.core.odds import Chance
from magecraft.core.randomness import AskDie, Randomness
from magecraft.wizard_prince.actions import Action, Snoop
from magecraft.wizard_prince.board import Setup, load_setup
from magecraft.wizard_prince.chances import meeting
from magecraft.wizard_prince.chits import STATISTICS, the_cup
from magecraft.wizard_prince.legal_actions import label_of
from magecraft.wizard_prince.nobles import ABILITIES, Noble, json_copy
from magecraft.wizard_prince.phases import ENTER, EXTRA, Ask, Phase, Stage
from magecraft.wizard_prince.pieces import Chit, Piece, office
from magecraft.wizard_prince.result import COUNTS, BanquetResult, NobleOutcome
from magecraft.wizard_prince.sections import BANQUET
from magecraft.wizard_prince.settings import Settings
from magecraft.wizard_prince.turns import Turns

PHASES = tuple(Phase)
STAGES = tuple(Stage)


class Banquet(Turns):
    """The Imperial Banquet: nobles mingle, snoop and interfere until the Emperor retires."""

    system: ClassVar[str] = "wizard_prince"

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
        pieces = dict(cls._starting_pieces(setup))
        chits: dict[str, Chit] = {}
        for piece in pieces.values():   # the courtiers in order: chit-1 under courtier-1 is the cup's first
            if piece.chit:
                chits[piece.chit] = _chit(piece.chit, cup[len(chits)])
        rng.log.record("state", "a chit is placed under each courtier", section=BANQUET,
                       data={"courtiers": len(chits)})
        fresh = {}
        for noble in nobles:
            office(noble.appointment, noble.name)    # a sheet changed after it was made is refused too
            # The banquet plays its own copy: a Noble is already a checked sheet, so it is copied field by
            # field (its two tables anew) rather than through the save format.
            copy = replace(noble, abilities=dict(noble.abilities), save_targets=dict(noble.save_targets),
                           where="waiting", square="", held=[], bored=False, earned=fresh_earnings())
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

    @staticmethod
    @cache
    def _starting_pieces(setup: Setup) -> Mapping[str, Piece]:
        """The Emperor, his Praetorians and the courtiers on their starting squares, each courtier with the
        id of the chit beneath it: built once per setup (a Piece is frozen, so every banquet may share them)."""
        pieces: dict[str, Piece] = {
            "emperor": Piece("emperor", "emperor", "white", setup.emperor, "king"),
        }
        for i, square in enumerate(setup.praetorians, start=1):
            pieces[f"praetorian-{i}"] = Piece(f"praetorian-{i}", "praetorian", "white", square, "knight")
        courtier_squares = [("white", s) for s in setup.white_courtiers] + [("black", s)
                                                                           for s in setup.black_courtiers]
        for i, (colour, square) in enumerate(courtier_squares, start=1):
            pieces[f"courtier-{i}"] = Piece(f"courtier-{i}", "courtier", colour, square, "pawn", f"chit-{i}")
        return MappingProxyType(pieces)

    # -- the one shape of a game (issue 22) ---------------------------------------------------
    def seats(self) -> tuple[str, ...]:
        """Every noble at the banquet, player characters and NPCs, in the order they were seated."""
        return tuple(self.nobles)

    def decision_kind(self) -> Ask:
        """What the noble to act decides: his gate, his turn's action, his appointment's extra move, or a
        choice a courtier asks in the middle of a move (present, place, appointment)."""
        if self.pending:
            return Ask(self.pending[0]["kind"])
        if self.phase is ENTER:
            return Ask.GATE
        return Ask.APPOINTMENT_MOVE if self.stage is EXTRA else Ask.ACTION

    def action_text(self, action: Action) -> str:
        """The words of :func:`~.actions.action_words` ("MINGLE d4-d5", "SNOOP courtier-3", "pass")."""
        return label_of(action)

    def parse_action(self, text: str) -> Action:
        """The legal action these words name; a SNOOP may add whom the chit is shown to ("SNOOP courtier-3,
        show Ann, Bob": Turns at the Banquet, "he may do so ... only to those ... he chooses")."""
        head, comma, shown = text.partition(",")
        if comma and shown.strip().lower().startswith("show "):
            action = super().parse_action(head)
            if isinstance(action, Snoop):
                names = tuple(n.strip() for n in shown.strip()[5:].split(",") if n.strip())
                snoop = Snoop(action.courtier, names)
                self.check(snoop)
                return snoop
        return super().parse_action(text)

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
        return {**self.saved_position(), "log": self.log.to_list()}

    def saved_position(self) -> dict[str, Any]:
        """:meth:`to_dict` without the event log: the board, the nobles, whose turn it is and the dice.

        The log only grows and is most of a save; comparing positions need not write it out again.
        """
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
            "pending": json_copy(self.pending),
            "moving": json_copy(self.moving),
            "ended_by": self.ended_by,
            "flags": dict(self.flags),
            "rng": self.rng.snapshot(),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], *, ask: AskDie | None = None) -> Self:
        try:
            rng = Randomness.restore(raw["rng"], EventLog.from_list(raw["log"]), ask)
            nobles = [Noble.from_dict(n) for n in raw["nobles"]]
            banquet = cls(rng=rng, settings=Settings.from_dict(dict(raw["settings"])),
                          setup=Setup.from_dict(raw["setup"], "saved banquet"),
                          nobles={n.name: n for n in nobles},
                          pieces={p["id"]: Piece.from_dict(p) for p in raw["pieces"]},
                          chits={c["id"]: Chit.from_dict(c) for c in raw["chits"]})
            banquet.knowledge = {str(k): [str(c) for c in v] for k, v in raw["knowledge"].items()}
            banquet.public = [str(c) for c in raw["public"]]
            banquet.entry_order = [str(n) for n in raw["entry_order"]]
            banquet.turn = int(raw["turn"])
            banquet.order = [str(n) for n in raw["order"]]
            banquet.index = int(raw["index"])
            banquet.stuck = bool(raw["stuck"])
            banquet.npc_action = str(raw["npc_action"])
            banquet.pending = json_copy(list(raw["pending"]))
            banquet.moving = json_copy(raw["moving"])
            banquet.ended_by = str(raw["ended_by"])
            banquet.flags = dict(raw["flags"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise DataError(f"saved banquet is malformed: {exc}") from None
        if raw.get("system") != cls.system:
            raise DataError(f"saved banquet is malformed: it is a {raw.get('system')!r} state")
        phase, stage = raw["phase"], raw["stage"]
        if phase not in PHASES or stage not in STAGES:
            raise DataError(f"saved banquet is malformed: phase {phase!r}, stage {stage!r}")
        banquet.phase, banquet.stage = Phase(phase), Stage(stage)
        if not all(isinstance(d, dict) for d in raw["pending"]) or not isinstance(raw["moving"], dict | None):
            raise DataError("saved banquet is malformed: a choice or a move under way is not a table")
        _check_saved_shape(banquet)
        return banquet

    def chits_seen(self, player: str) -> set[str]:
        """The chits ``player`` has seen: those met (revealed to all), those he snooped or was shown, and those
        every noble holds."""
        seen = set(self.public) | set(self.knowledge[player])
        for noble in self.nobles.values():
            seen.update(noble.held)
        return seen

    def chance_of(self, action: Action) -> Chance | None:
        """The chance a MINGLE onto a courtier leaves the noble alive, where a Guild Assassin's or Black Magic's
        dice may kill him (:func:`~.chances.meeting`); None for every other action."""
        return meeting(self, action)

    def observation(self, player: str) -> dict[str, Any]:
        """What ``player`` may see: chits he has not seen are hidden, and so are other players' snoops.

        Chits met by nobles are "revealed to all players"; a SNOOP is seen only by the snooper and
        those he shows it to; an NPC's SNOOP is exposed to everyone.  The dice (their state and the seed)
        are left out.
        """
        if player not in self.nobles:
            raise DataError(f"there is no player {player!r} at this banquet")
        seen = self.chits_seen(player)
        view = self.to_dict()
        del view["rng"]
        view["viewer"] = player
        view["chits"] = [c.to_dict() for c in self.chits.values() if c.id in seen]
        view["knowledge"] = {player: list(self.knowledge[player])}
        # the dice's seed would let a player work out every chit in the cup
        view["log"] = [e for e in view["log"] if e["kind"] != "randomness"
                       and player in e["data"].get("private_to", [player])]
        return view




#: The Empire's flags a banquet keeps (``Court.flags``), each read by :meth:`Banquet.banquet_result`.
_FLAG_TYPES = {"coup": bool, "emperor_slain": bool, "wounded_ranger": bool, "lord_marshals": int}


def _check_saved_shape(banquet: Banquet) -> None:
    """Refuse a saved banquet whose inner tables lost or renamed a key: the end-of-game report and the
    campaign read every one of them, so a damaged save must stop at the load, not at the report.

    Fields that have a default (a noble's ``held``, a chit's ``first_met_by``) may be missing; the tables
    built whole by the banquet itself (what a noble earned, the flags, who knows which chits) may not.
    """
    def refuse(what: str) -> DataError:
        return DataError(f"saved banquet is malformed: {what}")

    names = set(banquet.nobles)
    if set(banquet.knowledge) != names:
        raise refuse(f"what each noble knows: {_difference(set(banquet.knowledge), names)}")
    if set(banquet.flags) != set(_FLAG_TYPES):
        raise refuse(f"the Empire's flags: {_difference(set(banquet.flags), set(_FLAG_TYPES))}")
    for key, kind in _FLAG_TYPES.items():
        if type(banquet.flags[key]) is not kind:
            raise refuse(f"the flag {key!r} is not a {'yes or no' if kind is bool else 'whole number'}")
    fresh = fresh_earnings()
    for noble in banquet.nobles.values():
        odd = set(noble.abilities) - set(ABILITIES)
        if odd:
            raise refuse(f"{noble.name}'s abilities name {_listed(odd)} (abilities are {', '.join(ABILITIES)})")
        if not all(type(v) is int for v in noble.abilities.values()):
            raise refuse(f"{noble.name}'s abilities are not all whole numbers")
        earned = noble.earned
        if set(earned) != set(fresh):
            raise refuse(f"what {noble.name} earned: {_difference(set(earned), set(fresh))}")
        for key, blank in fresh.items():
            value = earned[key]
            if isinstance(blank, dict) and type(value) is dict and set(value) != set(blank):
                raise refuse(f"what {noble.name} earned, {key!r}: {_difference(set(value), set(blank))}")
            if type(value) is not type(blank) or (
                    isinstance(blank, dict) and not all(type(n) is int for n in value.values())):
                raise refuse(f"what {noble.name} earned, {key!r}, is not {_KINDS[type(blank)]}")


def _difference(have: set[str], want: set[str]) -> str:
    """How a saved table's keys differ from those it must have.

    >>> _difference({"coupX", "slain"}, {"coup", "slain"})
    "'coup' is missing, 'coupX' is unknown"
    """
    missing, extra = want - have, have - want
    parts = [f"{_listed(missing)} {'is' if len(missing) == 1 else 'are'} missing"] if missing else []
    parts += [f"{_listed(extra)} {'is' if len(extra) == 1 else 'are'} unknown"] if extra else []
    return ", ".join(parts)


_KINDS = {dict: "a table of whole numbers", list: "a list", str: "a text", int: "a whole number"}


def _listed(keys: set[str]) -> str:
    return ", ".join(sorted(map(repr, keys)))


@cache
def _chit(chit_id: str, kind: str) -> Chit:
    """A chit as drawn from the cup, built once (a Chit is frozen; meeting it makes a new one)."""
    return Chit(chit_id, kind)


def fresh_earnings() -> dict[str, Any]:
    """What a noble has earned when he comes to the banquet: nothing yet (see :class:`~.result.NobleOutcome`)."""
    return {"changes": dict.fromkeys(STATISTICS, 0), "counts": dict.fromkeys(COUNTS, 0), "presented": [],
            "crown_prince_duels": [], "crown_prince_support": [], "appointment_lost": "", "damage": 0}


