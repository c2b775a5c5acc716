"""World Campaigning's drawings at the terminal: the realm control sheets, a realm's Realm Diplomacy section and
the hex map (seed 000, "World Campaigning"), shared by ``mtg-rpg world show`` and the play loop's view
(:mod:`magecraft.cli.mtg_rpg_world_table`).  rich loads when something is drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.table import Table

    from magecraft.mtg_rpg.world.campaign import World


_SHEET_COLUMNS = (
    ("realm", "name"),
    ("hex", "hexes"),
    ("pop", "population"),
    ("res", "resources"),
    ("mil", "military"),
    ("disc", "discontent"),
    ("hard", "hardship"),
    ("treasury", "treasury"),
    ("tax", "tax"),
    ("Dip", "diplomacy"),
    ("Wis", "wisdom"),
    ("Lore", "wilderness_lore"),
    ("enc", "encounter_factor"),
)


#: Sheet entries written under the table when a realm has any.
_NOTED = ("trade_routes", "ongoing", "failed_checks", "troops", "explored")


def sheets_table(world: World, only: str | None = None) -> Table:
    """The control sheets, one row a realm (``only`` one realm's); routes, events and units under it."""
    from rich import box
    from rich.table import Table
    table = Table(
        title=f"{world.name}: season {world.season}",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        show_edge=False,
        padding=(0, 1, 0, 0),
    )
    for header, _ in _SHEET_COLUMNS:
        table.add_column(header, justify="left" if header in ("realm", "tax") else "right", no_wrap=True)
    notes = []
    for realm in world.realms.values():
        if only is not None and realm.name != only:
            continue
        sheet = world.sheet(realm.name)
        cells = [f"{sheet[key]:,}" if key == "treasury" else str(sheet[key]) for _, key in _SHEET_COLUMNS]
        if not realm.alive:
            cells = [f"{realm.name} (gone)"] + ["-"] * (len(cells) - 1)
        table.add_row(*cells)
        if realm.alive and any(sheet[key] for key in _NOTED):
            parts = []
            if sheet["trade_routes"]:
                parts.append("trades with " + ", ".join(sheet["trade_routes"]))
            if sheet["ongoing"]:
                parts.append("burdened by " + ", ".join(sheet["ongoing"]))
            if sheet["failed_checks"]:
                parts.append(f"{sheet['failed_checks']} failed discontent check(s) in a row")
            for letter, where in sheet["troops"].items():
                parts.append(f"{letter} units at {', '.join(where)}")
            if sheet["explored"]:
                parts.append(f"{sheet['explored']} hexes explored by scouts")
            notes.append(f"{realm.name}: " + "; ".join(parts))
    table.caption = "\n".join(notes) or None
    table.caption_justify = "left"
    return table


def diplomacy_table(seen: dict[str, Any]) -> Table:
    """The Realm Diplomacy section of one realm's sheet: the others as its ruler knows them."""
    from rich import box
    from rich.table import Table
    table = Table(title=f"{seen['realm']}: Realm Diplomacy", box=box.SIMPLE_HEAD, pad_edge=False,
                  show_edge=False, padding=(0, 1, 0, 0))
    for header in ("realm", "Calling", "Demeanor", "ill-will"):
        table.add_column(header, justify="right" if header == "ill-will" else "left", no_wrap=True)
    for row in seen["diplomacy"]:
        who = row["name"] if row["alive"] else f"{row['name']} (gone)"
        table.add_row(who, row["calling"], row["demeanor"], str(row["ill_will"]))
    return table


#: One letter per terrain on the map, lower case; a realm's hexes show its initial in upper case.
_TERRAIN_LETTER = {
    "plains": "p", "forest": "f", "mountains": "m", "swamp": "s", "coastal": "c", "desert": "d", "sea": "~",
}


def hex_map(world: World, known: set[int] | None = None) -> str:
    """The map as rows of hexes, offset like a hex grid: realm, terrain, * capitol, # base, = road; M N W units."""
    letters = realm_letters(world)
    markers: dict[int, str] = {}
    for realm in world.realms.values():
        for letter, hexes in realm.troops.items():
            for hex_id in hexes:
                here = markers.get(hex_id, "")
                markers[hex_id] = letter if here in ("", letter) else "+"
    rows: dict[int, list[tuple[int, str]]] = {}
    for h in world.map:
        if known is not None and h.id not in known:
            rows.setdefault(h.r, []).append((h.q + h.r // 2, "???  "))
            continue
        owner = letters.get(h.owner, "..") if h.owner else "~~" if h.sea else ".."
        mark = (
            "*"
            if h.owner and world.realms[h.owner].capital == h.id
            else "#"
            if h.base
            else "="
            if h.road
            else "g"
            if h.guard
            else " "
        )
        cell = f"{owner}{_TERRAIN_LETTER[h.terrain]}{mark}{markers.get(h.id, ' ')}"
        rows.setdefault(h.r, []).append((h.q + h.r // 2, cell))
    lines = []
    for r in sorted(rows):
        cells = [cell for _, cell in sorted(rows[r])]
        lines.append(("   " if r % 2 else "") + " ".join(cells))
    legend = ", ".join(f"{code}={name}" for name, code in letters.items())
    lines.append("")
    lines.append(
        f"Realms: {legend}; .. no realm. Terrain: p plains, f forest, m mountains, s swamp, c coastal, "
        "d desert, ~~~ sea. * capitol, # base, = road, g guarding army. Units: M mercenaries, N naval, W Wizard, "
        "+ several kinds." + (" ??? unexplored." if known is not None else "")
    )
    return "\n".join(lines)


def realm_letters(world: World) -> dict[str, str]:
    """Two letters per realm: its initial and the last letter or digit of its name."""
    letters: dict[str, str] = {}
    used: set[str] = set()
    for number, name in enumerate(world.realms, start=1):
        chars = [c.upper() for c in name if c.isalnum()] or ["R"]
        code = chars[0] + chars[-1] if len(chars) > 1 else chars[0] + "X"
        if code in used:
            code = f"{chars[0]}{number % 10}"
        used.add(code)
        letters[name] = code
    return letters
