"""Mage Wars solo at the terminal: the play loop's view of the game, the arena and the spellbook.

Imported by the ``mage-wars`` commands that draw or play (:mod:`magecraft.cli.mage_wars`), not at start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table

from magecraft.cli.game_table import GameTable, GameView, play_at_table
from magecraft.cli.options import ask_die_once, console, whole_number
from magecraft.cli.playloop import Command, Ending, Menu, PlayLoop
from magecraft.cli.sessions import SaveSession
from magecraft.core.errors import DataError
from magecraft.core.events import Event
from magecraft.core.tables import get_table
from magecraft.mage_wars.actions import Action, ActionKind, DoNothing, Plan, Reveal, Step, actor_of
from magecraft.mage_wars.arena import COLUMNS, DIRECTIONS, ROWS, Wall, position, zone_at
from magecraft.mage_wars.cards import Card, CardBook, card_book
from magecraft.mage_wars.game import MageWarsGame
from magecraft.mage_wars.units import DUMMY, YOU, Unit


def play(table: SoloTable, saver: SaveSession, allow_undo: bool = False, first_event: int = 0,
         finished: Callable[[], None] | None = None) -> Ending:
    """The game at the terminal through the shared play loop; saved after each decision when the session
    has a name (the first save says where)."""
    if saver.name is not None:
        console().print(escape(saver.save(table.snapshot())))
    return play_at_table(saver, table, allow_undo=allow_undo, shown_from=first_event, finished=finished)


#: Saved beside the game: the numbers your spells had when the game began, kept when a spell is used up.
SPELL_NUMBERS = "spell_numbers"


class SoloView(GameView[Action]):
    """Mage Wars' own at the terminal: the plan typed by spell numbers, the arena and spellbook tables, attack
    dice on one line, ``card NAME`` at every prompt, reveals asked in the middle of the Dummy Mage's turn
    (ruling A17), and the spell numbers saved beside the state."""

    resume_command = "mage-wars solo --load {name}"
    save_stem = "mage-wars"

    def __init__(self, spell_numbers: list[str]) -> None:
        self.spell_numbers = spell_numbers
        self.loop: PlayLoop[Action] | None = None
        self._faces: list[tuple[int, int]] = []  # the attack dice rolled so far, shown together
        self._last_attack = ("", "")

    def begin(self, table: GameTable[Action], loop: PlayLoop[Action]) -> None:
        self.loop = loop
        table.state.answer_trigger = self._answer_trigger

    def bot_action(self, table: GameTable[Action], player: str) -> Action:
        """The Dummy Mage's turn: its seat played by its registered rule bot (seed 003's own rules)."""
        from magecraft.mage_wars.matches import solo_bots

        action: Action = solo_bots(table.state)[player].choose(table.state, player)
        return action

    def extras(self, table: GameTable[Action]) -> dict[str, Any]:
        return {SPELL_NUMBERS: list(self.spell_numbers)}

    def restore(self, table: GameTable[Action], snapshot: dict[str, Any]) -> MageWarsGame:
        game = MageWarsGame.from_dict(snapshot, ask=ask_die_once)
        game.answer_trigger = self._answer_trigger
        return game

    def menu(self, table: GameTable[Action], player: str) -> Menu[Action]:
        game = table.state
        if game.pending == Step.PLAN:
            return Menu(f"Mana {game.mana}. Plan up to 2 spells from your spellbook.", [],
                        prompt="Plan up to 2 spells by number or name, e.g. 3, 7 (empty: none)",
                        typed=lambda answer: self._plan(answer, game.cards),
                        typed_help="spell numbers or names, e.g. 3, 7 (empty: plan none)")
        return Menu(f"Mana {game.mana}. Planned: {', '.join(game.planned) or 'nothing'}. You may:",
                    self.choices(table, player))

    def heading(self, table: GameTable[Action], action: Action, label: str) -> tuple[str, ...]:
        return _heading(table.state, action)

    def _plan(self, answer: str, book: CardBook) -> Action:
        names = [_planned_name(part, self.spell_numbers, book) for part in answer.split(",") if part.strip()]
        return Plan(tuple(names))

    def apply(self, table: GameTable[Action], action: Action) -> None:
        problem = table.state.why_illegal(action)
        if problem is not None:
            raise problem
        table.state.apply(action)

    def render(self, table: GameTable[Action], viewer: str | None) -> list[RenderableType]:
        shown: list[RenderableType] = [arena_table(table.state)]
        if table.state.pending == Step.PLAN:
            shown.append(spellbook_table(table.state.spellbook, self.spell_numbers, table.state.cards))
        return shown

    def event_line(self, table: GameTable[Action], event: Event) -> str | None:
        if event.kind == "roll" and ", attack die " in event.label:
            return self._attack_die(event)
        if event.kind == "roll" and event.label.endswith(": effect die"):
            return self._effect_die(table.state, event)
        if event.kind == "game" and "attack" in event.data:
            self._last_attack = (str(event.data.get("attacker")), str(event.data["attack"]))
        if event.kind == "roll":
            return f"  [dim]{escape(event.label)}: rolled {event.data['value']}[/dim]"
        if event.kind == "dummy":
            return f"  [magenta]Dummy Mage: {escape(event.label)}[/magenta]"
        if event.kind == "game" and event.label.startswith("round "):
            return f"[bold]── {escape(event.label)} ──[/bold]"
        if event.kind == "game":
            return f"  {escape(event.label)}"
        return None

    def _attack_die(self, event: Event) -> str | None:
        """Attack dice on one line with their faces once the last is rolled: ``2 dice: [1★][ ] = 1 critical``."""
        who, _, which = event.label.partition(", attack die ")
        number, _, count = which.partition(" of ")
        if number == "1":
            self._faces = []
        row = get_table("mw_attack_die").lookup(int(event.data["value"])).data
        self._faces.append((int(row["normal"]), int(row["critical"])))
        if number != count:
            return None
        faces = "".join(f"[{c}★]" if c else f"[{n}]" if n else "[ ]" for n, c in self._faces)
        normal, critical = sum(n for n, _ in self._faces), sum(c for _, c in self._faces)
        total = " + ".join(part for part in (f"{normal} normal" if normal else "",
                                             f"{critical} critical" if critical else "") if part) or "nothing"
        return f"  [dim]{escape(who)}: {count} dice: {escape(faces)} = {total}[/dim]"

    def _effect_die(self, game: MageWarsGame, event: Event) -> str:
        """The d12 effect roll with the row of the attack's effect table it falls in."""
        value = int(event.data["value"])
        attacker, name = self._last_attack
        unit = game.units.get(attacker)
        # the attack's card: a spell named as its attack, else the creature's (which may have died since)
        book = game.cards.cards
        cards = [book.get(name), book.get(event.label.split(" (")[0]),
                 book.get(unit.name) if unit is not None else None]
        attack = next((a for c in cards if c is not None for a in c.attacks if a.name == name), None)
        rows = [e for e in (attack.effects if attack is not None else ()) if e.low <= value <= e.high]
        effect = "; ".join(f"row {e.low}-{e.high}: " + " + ".join([f"{n} {c}" for c, n in e.conditions]
                                                                   + (["Push"] if e.push else []))
                           for e in rows) or "no effect"
        return f"  [dim]{escape(event.label)}: rolled {value} on 1d12, {escape(effect)}[/dim]"

    def commands(self, table: GameTable[Action]) -> dict[str, Command]:
        book = table.state.cards
        return {"card": Command("card NAME", "show a card", lambda name: _show_card(name, book))}

    def ending(self, table: GameTable[Action]) -> str:
        return f"Game over after {table.state.round} rounds: {table.state.end_reason}"

    def _answer_trigger(self, game: MageWarsGame, action: Reveal, moment: str) -> bool:
        """A reveal offered in the middle of the Dummy Mage's turn (ruling A17): yes or no, asked until clear."""
        assert self.loop is not None
        self.loop.show_new(YOU)
        cost = game.cards.get(action.enchantment).reveal_cost
        return self.loop.yes_no(f"{moment}. Mana {game.mana}: {game.action_text(action)} for {cost} mana now?")


class SoloTable(GameTable[Action]):
    """Your mage against the Dummy Mage at the terminal: you decide, the Dummy Mage's seat is played by its rule
    bot (seed 003's own rules)."""

    state: MageWarsGame

    def __init__(self, game: MageWarsGame, spell_numbers: list[str] | None = None) -> None:
        super().__init__(game, SoloView(spell_numbers or sorted(set(game.spellbook))), people=[YOU])

    @property
    def game(self) -> MageWarsGame:
        """The game state (the name the Mage Wars commands and tests read it by)."""
        return self.state


def _heading(game: MageWarsGame, action: Action) -> tuple[str, ...]:
    """Long lists are offered by creature (or by quick cast, reveal) first, then the target."""
    if action.kind == ActionKind.ACTIVATE:
        actor = actor_of(action)
        return (game.action_text(DoNothing(actor, game.units[actor].zone)).split(":")[0],)
    return (action.kind.replace("_", " "),)


def resume_point(game: MageWarsGame) -> int:
    """Where a resumed game's story starts: your last decision, so you see what the Dummy Mage did since."""
    events = list(game.log)
    chosen = [i for i, e in enumerate(events) if e.kind == "game" and e.label.startswith("you chose:")]
    return chosen[-1] if chosen else 0


def _show_card(name: str, book: CardBook) -> None:
    """``card NAME`` typed at any prompt: show the card (the game's own cards included), or why it is not found."""
    try:
        console().print(card_table(book.find(name)))
    except DataError as exc:
        console().print(f"[red]{escape(str(exc))}[/red]")


def spellbook_table(spellbook: list[str], numbers: list[str] | None = None, book: CardBook | None = None) -> Table:
    """The spells left in your book with copies, casting cost (+ reveal), action, range, type and school,
    numbered as when the game began (``numbers``) so a number keeps its spell when another is used up."""
    out = Table(show_header=True, box=None, pad_edge=False)
    for column in ("#", "spell", "copies", "mana", "cast", "range", "type", "school"):
        out.add_column(column, justify="right" if column in ("#", "copies", "mana") else "left")
    book = book or card_book()
    numbered = numbers or sorted(set(spellbook))
    for number, name in enumerate(numbered, start=1):
        if name not in spellbook:
            continue
        card = book.get(name)
        mana = f"{card.cost}+{card.reveal_cost}" if card.reveal_cost else str(card.cost)
        out.add_row(str(number), name, str(spellbook.count(name)), mana, card.action,
                    f"{card.min_range}-{card.max_range}", card.type,
                    " ".join(f"{school} {level}" for school, level in card.schools))
    return out


def _planned_name(text: str, numbers: list[str], book: CardBook) -> str:
    """A spell typed by its number in the spellbook table or by name (any case)."""
    text = text.strip()
    number = whole_number(text) if text[:1] not in "+-" else None
    if number is not None and 1 <= number <= len(numbers):
        return numbers[number - 1]
    try:
        return book.find(text).name
    except DataError:
        return text


def _unit_line(unit: Unit) -> str:
    colour = "cyan" if unit.side == YOU else "magenta"
    marks = [f"{n} {k}" if n > 1 else k for k, n in unit.conditions.items()]
    marks += unit.enchantments
    marks += [f"{name} face down" for name in unit.hidden]
    if unit.guarding:
        marks.append("guarding")
    if not unit.ready and not (unit.is_mage and unit.side == DUMMY):
        marks.append("acted" if not unit.fresh else "inactive")
    extra = f" ({', '.join(marks)})" if marks else ""
    return f"[{colour}]{unit.name} ({unit.id}) {max(0, unit.remaining_life)}/{unit.life}{extra}[/{colour}]"


def arena_table(game: MageWarsGame) -> Table:
    """The arena: 4 columns by 3 rows, each zone listing its mages and creatures."""
    out = Table(title=f"Round {game.round}: {game.stage.replace('_', ' ')}", show_lines=True)
    for col in range(COLUMNS):
        out.add_column("ABCD"[col], min_width=18)
    for row in range(ROWS):
        cells = []
        for col in range(COLUMNS):
            zone = zone_at(col, row)
            units = [_unit_line(u) for u in game.units.values() if u.zone == zone and u.in_arena]
            walls = [_wall_line(game, w, zone) for w in game.walls if zone in w.zones]
            cells.append("\n".join([f"[dim]{zone}[/dim]", *walls, *units]))
        out.add_row(*cells)
    decks = ", ".join(f"{k} {len(d)}" for k, d in game.decks.items())
    out.caption = (f"[cyan]y… yours[/cyan], [magenta]d… the Dummy Mage's[/magenta]; life left/life. "
                   f"Dummy Mage decks: {decks}")
    return out


def _wall_line(game: MageWarsGame, wall: Wall, zone: str) -> str:
    """A wall as seen from one of its two zones: which side it stands on and what is left of it."""
    (col, row), (other_col, other_row) = position(zone), position(next(z for z in wall.zones if z != zone))
    side = next(name for name, dcol, drow in DIRECTIONS if (dcol, drow) == (other_col - col, other_row - row))
    kind = "passable wall" if wall.passable else "wall"
    armour = f", armour {wall.armor}" if wall.armor else ""
    return f"[yellow]{kind} {wall.id} {side}, {wall.life - game.wall_damage.get(wall.id, 0)} life{armour}[/yellow]"


def card_table(found: Card) -> Table:
    out = Table(title=f"{found.name} ({found.type})", show_header=False)
    out.add_column("")
    out.add_column("")
    if found.type != "mage":
        out.add_row("cost", str(found.cost) + (f" to cast face down, {found.reveal_cost} more to reveal"
                                               if found.reveal_cost else ""))
        out.add_row("cast as", f"{found.action} action, range {found.min_range}-{found.max_range}")
    if found.is_creature:
        out.add_row("life / armour", f"{found.life} / {found.armor}")
    if found.schools:
        out.add_row("school", ", ".join(f"{school} level {level}" for school, level in found.schools))
    if found.channeling:
        out.add_row("channeling", str(found.channeling))
    if found.training is not None:
        training = found.training
        out.add_row("training", f"trained {', '.join(training.trained) or 'none'}"
                    + (f" and one of {', '.join(training.choice)}" if training.choice else "")
                    + f"; opposed {', '.join(training.opposed) or 'none'}; {training.points} spellbook points")
    if found.traits:
        out.add_row("traits", ", ".join(found.traits))
    for attack in found.attacks:
        effects = "; ".join(f"{e.low}-{e.high}: " + " + ".join([f"{n} {c}" for c, n in e.conditions]
                                                              + (["Push"] if e.push else []))
                            for e in attack.effects)
        traits = f" ({', '.join(attack.traits)})" if attack.traits else ""
        out.add_row(f"attack: {attack.name}", f"{attack.action} {attack.kind}, range {attack.min_range}-"
                    f"{attack.max_range}, {attack.dice} dice {attack.damage_type}{traits}"
                    + (f"; effect die {effects}" if effects else ""))
    if found.effect is not None:
        out.add_row("effect", f"{found.effect.text} (the Dummy Mage casts it on: {found.effect.side} creature)")
    return out
