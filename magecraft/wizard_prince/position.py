"""A banquet position in the rule book's words: this noble on e5 holding a Grand Herald, a Butler under the
courtier on e6, the Emperor on a4 -- the start of a scenario, a test or a table as it stands.

Seed 004, "The Imperial Banquet" (the board, the Emperor, his Praetorian Guards and the courtiers, each
with a chit beneath it), "Turns at the Banquet" (whose turn it is) and "The Courtier Descriptions" (the
chits).  A :class:`Position` is checked as a whole before any banquet is built from it: an impossible
position (two pieces on one square, a piece on the Banquet Table, a noble holding a negative chit, a
snoop of a courtier that is not there) is refused with a ``DataError`` saying why.

>>> from magecraft.core.randomness import Randomness
>>> position = Position.from_mapping({
...     "nobles": [{"name": "Ann", "square": "e5", "held": ["grand_herald"]}, {"name": "Bob"}],
...     "pieces": [{"kind": "emperor", "square": "a4"},
...                {"kind": "courtier", "square": "e6", "chit": "butler"}]})
>>> banquet = position.banquet(Randomness.seeded(1))
>>> banquet.current_player(), banquet.nobles["Ann"].square, banquet.chits["chit-1"].kind
('Ann', 'e5', 'butler')
>>> Position.from_mapping({"nobles": [{"name": "Ann", "square": "d4"}],
...                        "pieces": [{"kind": "emperor", "square": "d4"}]}).banquet(Randomness.seeded(1))
Traceback (most recent call last):
...
magecraft.core.errors.DataError: position: emperor and Ann both stand on d4
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from magecraft.core.errors import DataError
from magecraft.core.settings import dataclass_from_dict
from magecraft.wizard_prince.board import Setup, Square, load_setup
from magecraft.wizard_prince.chits import chit_kinds
from magecraft.wizard_prince.nobles import Noble
from magecraft.wizard_prince.phases import ACTION, PLAY
from magecraft.wizard_prince.pieces import COLOURS, Chit, Piece, appointments
from magecraft.wizard_prince.settings import Settings

if TYPE_CHECKING:
    from magecraft.core.randomness import Randomness
    from magecraft.wizard_prince.banquet import Banquet

#: The chess figure that stands for each kind of piece ("The Imperial Banquet").
FIGURES = {"emperor": "king", "praetorian": "knight", "courtier": "pawn"}


@dataclass(frozen=True)
class NobleAt:
    """A noble: on ``square`` (``""``: still off the board, waiting at the gates), accompanying the positive
    courtiers ``held`` (chit kinds, e.g. ``grand_herald``), his character sheet's fields in ``sheet``
    (``status``, ``npc``, ``appointment``, ``abilities`` ...: see :class:`~.nobles.Noble`)."""

    name: str
    square: str = ""
    held: tuple[str, ...] = ()
    sheet: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> NobleAt:
        known = {"name", "square", "held"}
        sheet = {k: v for k, v in raw.items() if k not in known}
        plain = {k: v for k, v in raw.items() if k in known}
        made = dataclass_from_dict(cls, {**plain, "held": tuple(plain.get("held", ()))}, "noble in the position")
        return cls(made.name, made.square, made.held, sheet)


@dataclass(frozen=True)
class PieceAt:
    """A piece at court: ``kind`` ``emperor``, ``praetorian`` or ``courtier``; a courtier's ``chit`` is the
    kind of chit beneath it (e.g. ``butler``).  ``figure`` is the chess piece showing it: by default the
    king, knight or pawn of its kind; an Emperress, Crown Prince or Hierophant already met "stays in play"
    as a queen, rook or bishop, and a noble may share its square (The Courtier Descriptions)."""

    kind: str
    square: str
    colour: str = "white"
    chit: str = ""
    figure: str = ""

    def shown_as(self) -> str:
        return self.figure or FIGURES.get(self.kind, "")

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> PieceAt:
        return dataclass_from_dict(cls, dict(raw), "piece in the position")


@dataclass(frozen=True)
class Position:
    """A banquet under way at the start of turn ``turn``: the nobles act in the order listed (the first is
    to act), ``pieces`` are the whole court (pieces are numbered in order: ``courtier-1`` is the first
    courtier listed, with ``chit-1`` beneath it), ``snooped`` the courtiers whose chit each noble has
    seen, ``exposed`` the courtiers whose chit all have seen, ``settings`` the table's rulings."""

    nobles: tuple[NobleAt, ...]
    pieces: tuple[PieceAt, ...] = ()
    turn: int = 1
    snooped: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    exposed: tuple[str, ...] = ()
    settings: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> Position:
        """A position from a scenario's ``[setup]`` table (TOML); unknown keys are refused."""
        unknown = sorted(set(raw) - {"nobles", "pieces", "turn", "snooped", "exposed", "settings"})
        if unknown:
            raise DataError(f"position: unknown key {unknown[0]!r} (known: nobles, pieces, turn, snooped, "
                            "exposed, settings)")
        try:
            nobles = tuple(NobleAt.from_mapping(n) for n in raw.get("nobles", ()))
            pieces = tuple(PieceAt.from_mapping(p) for p in raw.get("pieces", ()))
            snooped = {str(k): tuple(str(c) for c in v) for k, v in dict(raw.get("snooped", {})).items()}
            return cls(nobles, pieces, int(raw.get("turn", 1)), snooped,
                       tuple(str(c) for c in raw.get("exposed", ())), dict(raw.get("settings", {})))
        except (TypeError, ValueError, AttributeError) as exc:
            raise DataError(f"position: {exc}") from None

    def piece_ids(self) -> list[str]:
        """The id each piece gets, in order (``emperor``, ``praetorian-1``, ``courtier-1`` ...)."""
        counts: dict[str, int] = {}
        ids = []
        for spec in self.pieces:
            counts[spec.kind] = counts.get(spec.kind, 0) + 1
            ids.append(spec.kind if spec.kind == "emperor" and counts[spec.kind] == 1
                       else f"{spec.kind}-{counts[spec.kind]}")
        return ids

    def check(self, setup: Setup) -> None:
        """Refuse an impossible position, naming what is wrong."""
        def refuse(why: str) -> DataError:
            return DataError(f"position: {why}")

        if not self.nobles:
            raise refuse("a banquet needs at least one noble")
        names = [n.name for n in self.nobles]
        if len(set(names)) != len(names):
            raise refuse("two nobles have the same name")
        if self.turn < 1:
            raise refuse("the turn is 1 or more")
        standing: dict[Square, str] = {}
        shared: set[Square] = set()   # a met queen, rook or bishop, whose square a noble may share
        kinds = chit_kinds()
        for piece_id, spec in zip(self.piece_ids(), self.pieces, strict=True):
            if spec.kind not in FIGURES:
                raise refuse(f"{spec.kind!r} is not a piece at court (emperor, praetorian or courtier)")
            if spec.colour not in COLOURS:
                raise refuse(f"{piece_id} is {spec.colour!r}, not white or black")
            if (spec.kind == "courtier") != bool(spec.chit):
                raise refuse(f"{piece_id}: a courtier, and only a courtier, has a chit beneath it")
            if spec.chit and spec.chit not in kinds:
                raise refuse(f"{piece_id}: there is no courtier chit {spec.chit!r}")
            if spec.figure and spec.figure != FIGURES[spec.kind] and (
                    not spec.chit or kinds[spec.chit].figure != spec.figure):
                raise refuse(f"{piece_id} cannot be shown as a {spec.figure}")
            self._stand(standing, Square.parse(spec.square), piece_id, setup, refuse)
            if spec.shown_as() != FIGURES[spec.kind]:
                shared.add(Square.parse(spec.square))
        for noble in self.nobles:
            if noble.square:
                square = Square.parse(noble.square)
                if square in shared:
                    shared.discard(square)
                else:
                    self._stand(standing, square, noble.name, setup, refuse)
            for kind in noble.held:
                if kind not in kinds or kinds[kind].negative:
                    raise refuse(f"{noble.name} can accompany only positive courtiers, not {kind!r}")
            office = noble.sheet.get("appointment", "")
            if office and office not in appointments():
                raise refuse(f"{noble.name}: unknown appointment {office!r} (one of {', '.join(appointments())})")
            if noble.held and not noble.square:
                raise refuse(f"{noble.name} accompanies courtiers but is not on the board")
        courtiers = {i for i, s in zip(self.piece_ids(), self.pieces, strict=True) if s.kind == "courtier"}
        for who, seen in self.snooped.items():
            if who not in names:
                raise refuse(f"{who!r} snooped, but is not a noble of this banquet")
            for courtier in seen:
                if courtier not in courtiers:
                    raise refuse(f"{who} snooped {courtier!r}, which is not a courtier of this position")
        for courtier in self.exposed:
            if courtier not in courtiers:
                raise refuse(f"{courtier!r} is not a courtier of this position")

    @staticmethod
    def _stand(standing: dict[Square, str], square: Square, who: str, setup: Setup, refuse: Any) -> None:
        if square in setup.table:
            raise refuse(f"{who} cannot stand on the Banquet Table ({square})")
        if square in standing:
            raise refuse(f"{standing[square]} and {who} both stand on {square}")
        standing[square] = who

    def banquet(self, rng: Randomness, setup: Setup | None = None) -> Banquet:
        """The banquet at this position (checked whole first), played with ``rng``."""
        from magecraft.wizard_prince.banquet import Banquet, fresh_earnings

        setup = setup or load_setup()
        self.check(setup)
        settings = Settings.from_dict(dict(self.settings))
        nobles = {}
        for n in self.nobles:
            try:
                sheet = Noble(**{"name": n.name, **n.sheet})
            except TypeError as exc:
                raise DataError(f"position: {n.name}'s sheet: {exc}") from None
            where, square = ("board", str(Square.parse(n.square))) if n.square else ("waiting", "")
            nobles[n.name] = replace(sheet, where=where, square=square, held=[], bored=False,
                                     earned=fresh_earnings())
        pieces: dict[str, Piece] = {}
        chits: dict[str, Chit] = {}
        for piece_id, spec in zip(self.piece_ids(), self.pieces, strict=True):
            chit = ""
            if spec.chit:
                chit = f"chit-{len(chits) + 1}"
                chits[chit] = Chit(chit, spec.chit)
            pieces[piece_id] = Piece(piece_id, spec.kind, spec.colour, Square.parse(spec.square),
                                     spec.shown_as(), chit)
        for n in self.nobles:
            for kind in n.held:
                chit = f"chit-{len(chits) + 1}"
                chits[chit] = Chit(chit, kind)
                nobles[n.name].held.append(chit)
        banquet = Banquet(rng=rng, settings=settings, setup=setup, nobles=nobles, pieces=pieces, chits=chits)
        by_courtier = {i: p.chit for i, p in pieces.items()}
        banquet.knowledge = {n: [by_courtier[c] for c in self.snooped.get(n, ())] for n in banquet.nobles}
        banquet.public = [by_courtier[c] for c in self.exposed]
        banquet.phase, banquet.entry_order, banquet.turn = PLAY, [], self.turn
        banquet.order, banquet.index, banquet.stage = [n.name for n in self.nobles], 0, ACTION
        return banquet


def arrange(nobles: Sequence[NobleAt], pieces: Sequence[PieceAt], rng: Randomness, **more: Any) -> Banquet:
    """:meth:`Position.banquet` of the position these make."""
    return Position(tuple(nobles), tuple(pieces), **more).banquet(rng)
