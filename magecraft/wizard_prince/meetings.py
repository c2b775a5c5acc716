"""Meeting courtiers and presenting them to an Emperor at the Imperial Banquet (seed 004).

Sections "Moving the Non-Player Character Pieces at Court" (a met courtier's chit is revealed to all: a
negative one acts at once, a positive one stays with the noble; contact with an Emperor; nobles leaving
the banquet; the end of the banquet, with the chits not yet presented) and "The Courtier Descriptions"
(presenting, the Imperial Appointments, changes of statistics).  What each chit does is :mod:`.effects`,
which is handed this court as its :class:`~.effects.Table`.
"""

from __future__ import annotations

from dataclasses import replace

from magecraft.core.tables import get_table
from magecraft.wizard_prince.actions import (
    Action,
    ChooseAppointment,
    Place,
    Present,
)
from magecraft.wizard_prince.court import Court
from magecraft.wizard_prince.effects import MEETINGS, PRESENTATIONS
from magecraft.wizard_prince.nobles import Noble
from magecraft.wizard_prince.phases import OVER, PRESENT
from magecraft.wizard_prince.pieces import Chit, Office, Piece, appointments
from magecraft.wizard_prince.sections import BANQUET, CHITS, PIECES


class Meetings(Court):
    """Nobles meet courtiers, hold their chits, present them to an Emperor and leave the banquet."""

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

    def end(self, why: str) -> None:
        """The banquet ends (the Emperor retires, the Butler, the last noble leaves): chits not yet presented
        are lost (BUTLER: "any courtier chits that have not yet been presented to the Emperor are lost")."""
        self.phase = OVER
        self.ended_by = why
        self.moving = None
        self.pending = []
        for noble in self.nobles.values():
            if noble.held:
                self.lose_chits(noble, "the banquet ends before they are presented")
        self.log.record("state", f"the banquet ends: {why}", section=BANQUET)

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
        self.pending.insert(0, {"kind": PRESENT, "noble": noble.name, "emperor": emperor.id})
        self._go_on_presenting()

    def _go_on_presenting(self) -> None:
        """Present what needs no choice (one kind of chit left); when all are presented, the noble leaves."""
        while self.pending and self.pending[0]["kind"] == PRESENT:
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
                self.appoint(noble, Office(decision["offer"]))
            self._go_on_presenting()

    def appoint(self, noble: Noble, key: Office) -> None:
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

