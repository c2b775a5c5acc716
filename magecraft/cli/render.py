"""Rich renderings shared by the system commands."""

from __future__ import annotations

import json
from collections.abc import Iterable

from rich.table import Table

from magecraft.core.events import Event
from magecraft.core.tables import RandomTable, TableResult


def event_table(events: Iterable[Event], title: str = "Event log") -> Table:
    table = Table(title=title, show_lines=False)
    table.add_column("#", justify="right")
    table.add_column("kind")
    table.add_column("what")
    table.add_column("details")
    table.add_column("rule")
    for event in events:
        details = ", ".join(f"{k}={json.dumps(v)}" for k, v in event.data.items())
        table.add_row(str(event.seq), event.kind, event.label, details, event.section or "")
    return table


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
