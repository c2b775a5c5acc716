"""A Planeswalker battle at the terminal (seed 001, "Combat Mechanics"): :class:`BattleTable` and its
:class:`BattleView` for the shared play loop, :func:`play_at_terminal` (the loop, then the outcome recorded),
and :func:`record_outcome` (a finished battle written on the saved sheets, ruling PW33).  ``planeswalker fight``
imports it when it plays, so the group's and the commands' help load neither the play loop nor the rules."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.markup import escape

from magecraft.cli import options
from magecraft.cli.game_table import GameTable, GameView
from magecraft.cli.options import console, open_store
from magecraft.cli.planeswalker_board import (
    MENU_ORDER,
    PHASE_WORDS,
    battle_table,
    decision_label,
    event_line,
    fighter_id,
    heroes,
    menu_heading,
    your_panel,
)
from magecraft.cli.planeswalker_sheet import SYSTEM
from magecraft.cli.playloop import Choice, Ending, Menu, PlayLoop, visible_by_default
from magecraft.cli.sessions import SaveSession
from magecraft.core.errors import DataError, MagecraftError, RuleError

if TYPE_CHECKING:
    from rich.console import RenderableType

    from magecraft.core.events import Event
    from magecraft.planeswalker.actions import Action
    from magecraft.planeswalker.combat import Battle


def record_outcome(db: Path | None, battle: Battle, sheets: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Write a finished battle's outcome on each saved character's sheet (ruling PW33), through a
    :class:`SaveSession` at the revision the sheet was read at when the battle began: a sheet changed
    meanwhile is left as its writer saved it and the outcome is kept under a new name (told)."""
    from magecraft.planeswalker.character import Character
    from magecraft.planeswalker.rest import after_battle

    if not battle.is_terminal():
        return []
    recorded = []
    for fid, entry in sheets.items():
        fighter = battle.fighters[fid]
        before = Character.from_dict(entry["sheet"])
        after = after_battle(before, life=fighter.life, cast=battle.spells_cast(fid), memory=fighter.memory)
        session = SaveSession(open_store(db), SYSTEM, "character", str(entry["name"]),
                              revision=int(entry["revision"]))
        try:
            message = session.save({"character": after.to_dict()})
        except MagecraftError as exc:
            message = str(exc)
        recorded.append({"name": after.name, "saved_as": session.name, "life": after.stats["life"]
                         if after.life is None else after.life, "used": list(after.used),
                         "forgotten": list(after.forgotten), "message": message})
    return recorded


def tell_recorded(recorded: list[dict[str, Any]]) -> None:
    out = console()
    for entry in recorded:
        out.print(f"Recorded on {escape(entry['name'])}'s sheet: Life {entry['life']}; used today: "
                  f"{escape(', '.join(entry['used'])) or 'none'}; forgotten: "
                  f"{escape(', '.join(entry['forgotten'])) or 'none'}. {escape(entry['message'])}")


def resume_point(table: BattleTable) -> int:
    """Where a resumed battle's story starts, as the other systems resume: the last decision a person at
    this keyboard made, so the events since (the bots' turns, the rolls) are shown again."""
    people = {fid for fid in heroes(table.battle).values() if fid not in table.view.bots}
    chosen = [i for i, event in enumerate(table.battle.log)
              if event.kind == "action" and event.data.get("by") in people]
    return chosen[-1] if chosen else 0


def play_at_terminal(table: BattleTable, session: SaveSession, allow_undo: bool, db: Path | None,
                      shown_from: int = 0) -> None:
    """Play at the shared loop; its saver is the command's session (one save path: kind "game").  A battle
    played to its end is recorded on the saved characters' sheets exactly once (issue 25 item 3): the saved
    battle then says so, and reopening it records nothing again."""
    ending = PlayLoop(table, session, allow_undo_after_rolls=allow_undo, shown_from=shown_from).run()
    if ending in (Ending.VIEWED, Ending.LEFT):
        return
    if table.battle.is_terminal() and table.view.recorded:
        if table.view.sheets:
            console().print("This battle's result was recorded on the sheets when it ended; nothing is "
                            "recorded again.")
    elif table.battle.is_terminal():
        tell_recorded(record_outcome(db, table.battle, table.view.sheets))
        table.view.recorded = True
        if session.name is not None:
            session.save(table.snapshot())
    if ending.status:
        raise typer.Exit(ending.status)


#: ``Action.amount`` of the menu's "channel excess mana" line: the amount is asked next (never applied).
ASK_EXCESS = -1


class BattleView(GameView["Action"]):
    """A Planeswalker battle's own at the terminal: each player character a person (by name) unless the bot
    plays it, the decisions in the words of "Combat Mechanics" in the phases' order, how much excess mana is
    asked next, the board from the viewer's character, another mage's forgetting kept hidden, and who the
    bot plays and the sheets to record on saved beside the battle."""

    save_stem = "fight"
    resume_command = "planeswalker fight --load {name}"

    def __init__(self, bots: list[str], sheets: dict[str, dict[str, Any]], recorded: bool) -> None:
        #: party members (by id) the bot plays beside the people at the keyboard
        self.bots = bots
        #: the saved sheets (by id) to record the outcome on: name, revision read and the sheet then
        self.sheets = sheets
        #: whether the outcome is on the sheets already (saved with the battle, so it is written once)
        self.recorded = recorded

    def seat(self, table: GameTable[Action], seat: str | None) -> str | None:
        names = {i: name for name, i in heroes(table.state).items()}
        return names.get(seat, seat) if seat is not None else None

    def extras(self, table: GameTable[Action]) -> dict[str, Any]:
        # "recorded" only once it is so: a battle saved before it existed reads back unchanged (no revision)
        kept: dict[str, Any] = {"bots": list(self.bots), "sheets": self.sheets}
        if self.recorded:
            kept["recorded"] = True
        return {"table": kept}

    def restore(self, table: GameTable[Action], snapshot: dict[str, Any]) -> Battle:
        from magecraft.planeswalker.combat import Battle

        # typed dice are rebuilt asking at the terminal (the loop routes them to its own prompt)
        return Battle.from_dict(snapshot, ask=options.ask_die_once)

    def bot_action(self, table: GameTable[Action], player: str) -> Action:
        from magecraft.planeswalker.bot import choose

        return choose(table.state)

    def menu(self, table: GameTable[Action], player: str) -> Menu[Action]:
        from magecraft.planeswalker.actions import Channel

        battle: Battle = table.state
        legal = battle.legal_actions()
        choices = [Choice(decision_label(battle, action), action, menu_heading(action)) for action in legal
                   if not (action.kind == "channel" and action.amount > 0)]
        for draw in (False, True):
            if any(a.kind == "channel" and a.draw == draw and a.amount > 0 for a in legal):
                # one line for every amount of excess mana: the amount is asked next (complete)
                ask = Channel(amount=ASK_EXCESS, draw=draw)
                plain = decision_label(battle, Channel(draw=draw))
                label = f"{plain} with excess mana (how much is asked next)"
                choices.append(Choice(label, ask, menu_heading(ask)))
        choices.sort(key=lambda choice: MENU_ORDER.index(choice.action.kind))
        by_label = {choice.label.casefold(): choice.action for choice in choices}

        def typed(answer: str) -> Action | None:
            said = by_label.get(" ".join(answer.split()).casefold())
            if said is not None:
                return said
            try:
                return battle.parse_action(answer)  # the decision's words (Battle.action_text)
            except RuleError:
                return None

        actor = battle.actor()
        whose = "your" if actor.id == fighter_id(battle, player) else f"{actor.label}'s"
        title = f"Round {battle.round}, {whose} turn, {PHASE_WORDS.get(battle.phase, battle.phase)}. You may:"
        return Menu(title, choices, prompt="Your decision",
                    typed=typed,
                    typed_help="the decision in words, e.g. 'channel' or 'cast Shock at c1'")

    def complete(self, table: GameTable[Action], loop: PlayLoop[Action], player: str, action: Action) -> Action:
        """Channelling: how much excess mana, asked only when the person chose to channel some."""
        from magecraft.planeswalker.actions import Channel

        if not isinstance(action, Channel) or action.amount != ASK_EXCESS:
            return action
        most = max(a.amount for a in table.state.legal_actions() if a.kind == "channel" and a.draw == action.draw)
        while True:
            answer = loop.ask(f"How much excess mana, 1-{most} (Mana Burn at the End Phase if unspent)",
                              lines=(f"a number 1-{most}: the excess mana channelled beyond your Mana Pool",))
            amount = options.whole_number(answer) if answer.isdecimal() else None
            if amount is not None and 1 <= amount <= most:
                return Channel(amount=amount, draw=action.draw)
            console().print(f"[red]{escape(repr(answer))} is not one of 1-{most}[/red]")

    def render(self, table: GameTable[Action], viewer: str | None) -> list[RenderableType]:
        """The board seen from ``viewer``'s character; with no viewer (the hot seat's last screen) no
        one's Memory is shown."""
        fid = fighter_id(table.state, viewer)
        board: list[RenderableType] = [battle_table(table.state, fid)]
        return board if fid is None else [*board, your_panel(table.state, fid)]

    def event_line(self, table: GameTable[Action], event: Event) -> str | None:
        return event_line(event)

    def visible(self, table: GameTable[Action], event: Event, viewer: str | None) -> bool:
        """What :meth:`Battle.observation` hides stays hidden: another mage forgetting a spell would name a
        spell of its Memory."""
        if event.kind == "action" and event.data.get("by") not in (fighter_id(table.state, viewer), None):
            return not str(event.data.get("action", "")).startswith("forget ")
        return visible_by_default(event, viewer)

    def ending(self, table: GameTable[Action]) -> str:
        result = table.state.result()
        winner = {"party": "you win", "foes": "your foes win"}.get(str(result["winner"]), "no one wins")
        return f"Battle over after {result['rounds']} rounds: {result['reason']} ({winner})."


class BattleTable(GameTable["Action"]):
    """Your planeswalker's battle at the play loop's prompt: you decide among ``battle.legal_actions()``;
    creatures and the enemy mage play by the documented bot (seed 001, "Combat Mechanics"; bot.py).  Every
    player character at this keyboard is a person, by name (a party plays in the hot seat, PW32), but the
    party members marked for the bot."""

    state: Battle
    view: BattleView

    def __init__(self, battle: Battle, *, bots: list[str] | None = None,
                 sheets: dict[str, dict[str, Any]] | None = None, recorded: bool = False) -> None:
        view = BattleView(list(bots or []), dict(sheets or {}), recorded)
        super().__init__(battle, view,
                         people=[name for name, fid in heroes(battle).items() if fid not in view.bots])

    @property
    def battle(self) -> Battle:
        return self.state

    @classmethod
    def from_snapshot(cls, battle: Battle, saved: dict[str, Any]) -> BattleTable:
        """A resumed battle's table: who the bot plays and the sheets to record on, as saved beside it."""
        table = saved.get("table") or {}
        try:
            bots = [str(b) for b in table.get("bots", [])]
            sheets = {str(k): dict(v) for k, v in dict(table.get("sheets", {})).items()}
        except (TypeError, ValueError, AttributeError) as exc:
            raise DataError(f"a saved battle's table is malformed ({exc})") from None
        if not set(bots) | set(sheets) <= set(battle.fighters):
            raise DataError("a saved battle's table names fighters not in the battle")
        return cls(battle, bots=bots, sheets=sheets, recorded=table.get("recorded") is True)
