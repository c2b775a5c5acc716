"""Rich renderings shared by the system commands."""

from __future__ import annotations

import json
from collections.abc import Iterable

from rich.markup import escape
from rich.table import Table

from magecraft.core.events import Event
from magecraft.core.tables import RandomTable, TableResult


def event_lines(events: Iterable[Event]) -> list[str]:
    """Each event on one line (rich markup): its number, kind and words, a roll's die and value, then its
    other data and the rule it comes from, dimmed.  Unlike a table's columns, a line stays readable at 80
    columns (``saves log`` gives the same events as JSON Lines).

    >>> from magecraft.core.events import EventLog
    >>> log = EventLog()
    >>> _ = log.record("roll", "NPC 1's strength", section="NPC Nobles", data={"dice": "1d6", "value": 5})
    >>> _ = log.record("state", "a chit is placed under each courtier", data={"courtiers": 16})
    >>> for line in event_lines(log):
    ...     print(line)
        0 roll     NPC 1's strength: rolled 5 on 1d6 [dim](NPC Nobles)[/dim]
        1 state    a chit is placed under each courtier [dim]courtiers=16[/dim]
    """
    lines = []
    for event in events:
        data = dict(event.data)
        words = escape(event.label)
        if event.kind == "roll" and "value" in data:
            dice = data.pop("dice", None)
            words += f": rolled {data.pop('value')}" + (f" on {dice}" if dice else "")
        details = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in data.items())
        line = f"{event.seq:>5} {event.kind:<8} {words}"
        if details:
            line += f" [dim]{escape(details)}[/dim]"
        if event.section:
            line += f" [dim]({escape(event.section)})[/dim]"
        lines.append(line)
    return lines


def random_table(table: RandomTable) -> Table:
    out = Table(title=f"{table.title} ({table.dice})")
    out.add_column(table.dice, justify="right")
    out.add_column("result")
    for row in table.rows:
        suffix = f" (roll {row.roll_again} more)" if row.roll_again else ""
        out.add_row(row.span, row.result + suffix)
    return out


def table_result_lines(result: TableResult) -> list[str]:
    lines = []
    for r in result.results():
        mod = f" {r.modifier:+d} = {r.total}" if r.modifier else ""
        lines.append(f"{r.table}: rolled {r.raw}{mod} -> [bold]{r.result}[/bold]")
    return lines


class DiceGroup:
    """The dice of one expression, logged one by one as ``LABEL (die K of N)``, shown as one line.

    >>> group = DiceGroup()
    >>> [group.line(label, 6, v) for label, v in (("strength (die 1 of 3)", 4), ("strength (die 2 of 3)", 2),
    ...                                           ("strength (die 3 of 3)", 5))]
    [None, None, 'strength: rolled 4, 2, 5 on 3d6']
    >>> group.line("initiative", 6, 3) is None     # not one die of several: the caller shows it alone
    True
    """

    def __init__(self) -> None:
        self.values: list[int] = []

    def line(self, label: str, sides: int, value: int) -> str | None:
        """None while the group is incomplete (or ``label`` is a single die); the whole line at its last die."""
        base, marker, which = label.rpartition(" (die ")
        if not marker or not which.endswith(")"):
            return None
        number, _, count = which[:-1].partition(" of ")
        if number == "1":
            self.values = []
        self.values.append(value)
        if number != count:
            return None
        return f"{base}: rolled {', '.join(map(str, self.values))} on {count}d{sides}"
