"""The banquet's phases and the kinds of decision it asks (seed 004, "The Imperial Banquet", "Turns at the
Banquet", "The Courtier Descriptions").

String enums, so that a save keeps the plain words it always had.  The engine compares them by identity
through the module-level names below (``phase is OVER``): an enum member looked up on its class costs
several times a string comparison, and these are read at every step of a move.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where the banquet stands: the nobles choosing their gates, the turns, or over."""

    ENTER = "enter"
    PLAY = "play"
    OVER = "over"


class Stage(StrEnum):
    """Where the acting noble's turn stands: his one action, his appointment's extra move, or done."""

    ACTION = "action"
    EXTRA = "extra"
    DONE = "done"


class Ask(StrEnum):
    """The kind of decision a noble faces (``Banquet.decision_kind``).

    The three choices a rule asks in the middle of a move (``Banquet.pending``) keep their saved names:
    ``present`` (the order of presentation), ``place`` (the Usurper's pieces) and ``appointment``.
    """

    GATE = "gate"
    ACTION = "action"
    APPOINTMENT_MOVE = "appointment move"
    PRESENT = "present"
    PLACE = "place"
    APPOINTMENT = "appointment"


ENTER, PLAY, OVER = Phase.ENTER, Phase.PLAY, Phase.OVER
ACTION, EXTRA, DONE = Stage.ACTION, Stage.EXTRA, Stage.DONE
PRESENT, PLACE, APPOINTMENT = Ask.PRESENT, Ask.PLACE, Ask.APPOINTMENT
