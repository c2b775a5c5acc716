"""World Campaigning at the terminal's play loop: :class:`WorldTable` (a season played at the prompt, the realms
ruled at the table one seat) and its :class:`WorldView`; ``mtg-rpg world season`` imports it when it plays, so
the world commands' help loads neither the play loop nor the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from magecraft.cli.game_table import GameTable, GameView
from magecraft.cli.mtg_rpg_world_sheets import diplomacy_table, hex_map, sheets_table
from magecraft.cli.options import ask_die_once

if TYPE_CHECKING:
    from rich.console import RenderableType

    from magecraft.cli.playloop import Menu
    from magecraft.core.events import Event
    from magecraft.mtg_rpg.world.actions import WorldAction
    from magecraft.mtg_rpg.world.campaign import World


#: The one seat at the keyboard: the table decides for every realm it rules (the screen is not handed over
#: from realm to realm; the realms the engine rules keep their secrets from it, WW26).
TABLE = "the table"


def headings(kind: str, label: str) -> tuple[str, ...]:
    """The headings a choice is grouped under: the action, then what it is done with ("collect taxes at the low
    rate" > "... and send 2 military home unpaid"), so a long list is asked action first (issue 25 item 11).

    >>> headings("collect_taxes", "collect taxes at the low rate and send 1 military home unpaid")
    ('collect taxes', 'collect taxes at the low rate')
    >>> headings("hardship", "make the hardship check with +2 bought")
    ('hardship', 'make the hardship check')
    >>> headings("end", "end the turn")
    ('end',)
    """
    for joint in (" and ", " with "):
        if joint in label:
            return kind.replace("_", " "), label.split(joint, 1)[0]
    return (kind.replace("_", " "),)


class WorldView(GameView["WorldAction"]):
    """World Campaigning's own at the terminal: the realms ruled at the table are one seat, the table; the
    menu grouped by kind and by what a choice is done with; the view of the realm whose turn it is; another
    realm's secrets kept from the chronicle; a card drawn counting as revealed."""

    typed_help = "the name of a choice offered only once (end, roads, explore ...)"
    fit = 9

    def __init__(self, name: str) -> None:
        self.resume_command = f"mtg-rpg world season {name}"

    def seat(self, table: GameTable[WorldAction], seat: str | None) -> str | None:
        turn = table.state.turn
        if turn is None:
            return None
        return TABLE if table.state.realms[turn.realm].controller == "table" else turn.realm

    def restore(self, table: GameTable[WorldAction], snapshot: dict[str, Any]) -> World:
        from magecraft.mtg_rpg.world.campaign import World

        # typed dice ask at the terminal (the loop routes them to its prompt)
        return World.from_dict(snapshot, ask=ask_die_once)

    def bot_action(self, table: GameTable[WorldAction], player: str) -> WorldAction:
        from magecraft.mtg_rpg.world.policy import PolicyBot

        return PolicyBot().choose(table.state, player)

    def menu(self, table: GameTable[WorldAction], player: str) -> Menu[WorldAction]:
        from magecraft.cli.playloop import Choice, Menu
        world = table.state
        assert world.turn is not None
        realm = world.turn.realm
        title = (f"[bold]{realm}[/bold], {world.turn.phase.value}: treasury {world.realms[realm].treasury:,} gp, "
                 f"{world.turn.resources} resources left")
        legal = world.legal_actions()
        paths = [headings(action.kind, world.action_text(action)) for action in legal]
        groups = {path[1] for path in paths if len(path) > 1}
        # "collect taxes at the low rate" alone goes inside the group of the same words, not beside it
        choices = [Choice(label, action, (path[0], label) if len(path) == 1 and label in groups else path)
                   for action, path in zip(legal, paths, strict=True) for label in (world.action_text(action),)]
        return Menu(title, choices, prompt=f"{realm}: choose", typed=lambda answer: self.typed(table, answer),
                    typed_help=self.typed_help, fit=self.fit)

    def render(self, table: GameTable[WorldAction], viewer: str | None) -> list[RenderableType]:
        """The view of the realm ruled at the table whose turn it is (or the first such realm): its
        observation -- its sheet, its Realm Diplomacy section and the map it knows (WW26)."""
        world = table.state
        realm = seat_at_screen(world)
        if realm is None:
            return [sheets_table(world)]
        seen = world.observation(realm)
        return [sheets_table(world, realm), diplomacy_table(seen), hex_map(world, set(seen["known_hexes"]))]

    def event_line(self, table: GameTable[WorldAction], event: Event) -> str | None:
        from rich.markup import escape

        world = table.state
        if event.kind == "chronicle":
            realm = event.data.get("realm")
            ruled = world.realms.get(realm) if realm else None
            if event.data.get("secret") and (ruled is None or ruled.controller != "table"):
                return None  # another realm's spies' or scouts' findings are not told at the table (WW26)
            return escape(f"Season {world.season}. " + (f"{realm}: " if realm else "") + event.label)
        if event.kind == "season":
            return f"[bold]── {escape(event.label)} ──[/bold]"
        if event.kind in ("draw", "roll"):
            return f"  [dim]{escape(event.label)}" + (f": rolled {event.data['value']}" if event.kind == "roll"
                                                       else "") + "[/dim]"
        return None

    def reveals(self, table: GameTable[WorldAction], event: Event) -> str | None:
        from magecraft.core.events import undo_stops_at
        if event.kind == "draw":
            return f"{event.label} was drawn"
        return undo_stops_at(event)

    def ending(self, table: GameTable[WorldAction]) -> str:
        return f"Season {table.state.season} is over (magecraft mtg-rpg world show {table.state.name})."


def seat_at_screen(world: World) -> str | None:
    """The table-ruled realm whose eyes the screen shows."""
    if world.turn is not None and world.realms[world.turn.realm].controller == "table":
        return world.turn.realm
    return next((r.name for r in world.realms.values() if r.alive and r.controller == "table"), None)


class WorldTable(GameTable["WorldAction"]):
    """A season at the terminal: the realms ruled at the table choose among ``world.legal_actions()`` at the
    play loop's prompt, the others by their policy ("Realm Turns Phase", seed 000)."""

    state: World

    def __init__(self, world: World, name: str) -> None:
        super().__init__(world, WorldView(name), people=[TABLE])
