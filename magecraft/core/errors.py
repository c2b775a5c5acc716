"""The errors magecraft raises for people to read.

Every error a user can cause is a :class:`MagecraftError` with one clear message;
the command line prints that message (never a traceback).  Input errors (a bad
file, a bad dice script, bad notation) exit with status 2; rule errors exit 1.
"""

from __future__ import annotations


class MagecraftError(Exception):
    """Base class of every error meant for the person at the table."""

    exit_code = 1


class InputError(MagecraftError):
    """Something the user typed or supplied is malformed (exit status 2)."""

    exit_code = 2


class DataError(InputError):
    """A data file (table, setup, deck list, card import) is malformed and was refused whole."""


class DiceNotationError(InputError):
    """A dice expression could not be parsed."""


class DiceScriptError(InputError):
    """A scripted or typed die value does not fit the roll being made, or the script ran out."""


class SaveError(MagecraftError):
    """The save store could not be opened, read or written."""

    exit_code = 2


class RuleError(MagecraftError):
    """An action the rules forbid.

    ``rule`` names the rule broken, ``section`` the seed section it comes from.
    The state the action was applied to is left exactly as it was.

    >>> str(RuleError("a noble may not pass through the Emperor", rule="Nobles"))
    'Nobles: a noble may not pass through the Emperor'
    """

    def __init__(self, message: str, *, rule: str | None = None, section: str | None = None) -> None:
        self.rule = rule
        self.section = section
        self.message = message
        super().__init__(f"{rule}: {message}" if rule else message)
