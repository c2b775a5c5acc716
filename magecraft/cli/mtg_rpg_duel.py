"""`magecraft mtg-rpg duel`: quick duels, duels played at the table and their stakes.

Sections of the MtG RPG seed on duels: the kinds of duel and their victory conditions, stakes and
restitution, rituals, and the sheet after the duel (damage carried, unconsciousness and death; ruling
R22).  Parses, calls :mod:`magecraft.mtg_rpg.duel`, :mod:`~magecraft.mtg_rpg.duel_player` and
:mod:`~magecraft.mtg_rpg.duel_ritual`, and renders (``--play-as`` through the one play loop,
:class:`DuelTable`); decides no rules.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import typer
from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table

from magecraft.cli import options
from magecraft.cli.game_table import GameTable, GameView, play_at_table
from magecraft.cli.mtg_rpg_common import (
    house_rules_from,
    load_pool,
    play_deck,
    store_deck,
)
from magecraft.cli.options import (
    console,
    make_randomness,
    open_store,
    print_json,
    whole_number,
)
from magecraft.cli.playloop import Ending
from magecraft.cli.sessions import SaveSession, open_session
from magecraft.core.errors import InputError, SaveError
from magecraft.core.events import Event, undo_stops_at
from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveStore
from magecraft.mtg_rpg.actions import (
    SpellDeck,
)
from magecraft.mtg_rpg.cards import CardPool
from magecraft.mtg_rpg.character import (
    SYSTEM,
    Character,
    CharacterRecord,
    current_life,
    derive,
    life_condition,
    load_character,
)
from magecraft.mtg_rpg.deckbuilding import build_referee_deck
from magecraft.mtg_rpg.duel import QuickDuel, truncated_deck
from magecraft.mtg_rpg.duel_actions import DuelAction
from magecraft.mtg_rpg.duel_player import choose_action
from magecraft.mtg_rpg.duel_ritual import (
    KINDS,
    RESTITUTION_OWED,
    STANDARD,
    DuelTerms,
    Ritual,
    Settlement,
    TableOutcome,
    check_gold_stake,
    length_for,
    settle,
    settle_free_for_all,
    table_outcome,
)
from magecraft.mtg_rpg.duel_sheet import after_duel, duellist_for, referee_duellist, settle_sheet
from magecraft.mtg_rpg.duel_sides import Duellist
from magecraft.mtg_rpg.renewal import (
    vitals_of,
)
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings

#: A built-in opponent: "referee" (or "referee-2" ...) duels with a truncated referee deck.
REFEREE = "referee"


#: A duellist's saved sheet and saved cards, for the settlement: (None, None) for a built-in referee.
Sheet = tuple[CharacterRecord | None, SpellDeck | None]


def _sheet(store: SaveStore, name: str, pool: CardPool) -> Sheet:
    """A saved Wizard's record and saved cards, or none for a built-in referee opponent."""
    try:
        record = load_character(store, name)
    except SaveError:
        if not name.casefold().startswith(REFEREE):
            known = ", ".join(s.name for s in store.list_saves(SYSTEM, "character")) or "none"
            raise InputError(f"no Wizard saved as {name!r} (saved: {known}); or duel 'referee'") from None
        return None, None
    return record, play_deck(record, pool, record.rng)


def _duellist(store: SaveStore, name: str, pool: CardPool, rng: Randomness, prepare: str | None,
              rules: Settings) -> tuple[Duellist, Sheet]:
    """A saved Wizard with the saved cards, or a built-in referee opponent with a truncated referee deck."""
    record, saved = sheet = _sheet(store, name, pool)
    if record is None or saved is None:
        deck = truncated_deck(build_referee_deck(rng, pool), rng)
        return referee_duellist(name, [c.name for c in deck]), sheet
    return duellist_for(record.character, saved, prepare=prepare, settings=rules), sheet


def run_duel(
    first: str | None, second: str | None, kind: str, turns: int | None, victory: str, stakes: str,
    unpaid: bool, gold: int, dry_run: bool, outside_help: str | None, play_as: str | None,
    also: list[str] | None, prepare: list[str] | None, at_table: bool, life: list[str] | None,
    damage: list[str] | None, first_blood: str | None, out: str | None, spent: list[str] | None,
    ante_card: list[str] | None, scenario: Path | None, seed: int | None, dice: str | None, db: Path | None,
    cards_file: Path | None, house_rules: Path | None, save: str | None, load: str | None, overwrite: bool,
    json: bool, allow_undo: bool,
) -> None:
    """``mtg-rpg duel`` (:func:`.mtg_rpg_duel_command.duel_command`, which holds its options and help): a
    scenario's duel, a saved one resumed, a duel at the table recorded, or a quick duel played."""
    if scenario is not None:
        if first is not None or second is not None or load is not None:
            raise typer.BadParameter("a scenario names its own Wizards: drop FIRST, SECOND and --load",
                                     param_hint="--scenario")
        _scenario_duel(scenario, play_as, db, save, overwrite, json, allow_undo)
        return
    if load is not None:
        _refuse_terms_with_load([
            ("FIRST", first), ("SECOND", second), ("--kind", kind != "single-card"), ("--turns", turns),
            ("--victory", victory != "most life"), ("--stakes", stakes != "honor or bragging rights"),
            ("--unpaid", unpaid), ("--gold", gold), ("--dry-run", dry_run), ("--outside-help", outside_help),
            ("--play-as", play_as), ("--also", also), ("--prepare", prepare), ("--at-table", at_table),
            ("--life", life), ("--damage", damage), ("--first-blood", first_blood), ("--out", out),
            ("--spent", spent), ("--ante", ante_card), ("--seed", seed is not None), ("--dice", dice),
            ("--cards-file", cards_file), ("--house-rules", house_rules)])
        _resume_duel(db, load, save, overwrite, json, allow_undo)
        return
    first, second, everyone = _entrants(first, second, also, kind, at_table, outside_help)
    agreed = DuelRitual(first, second, tuple(also or ()), kind, turns, victory, stakes, unpaid, gold,
                        outside_help, play_as, dry_run)
    if kind == STANDARD or at_table:
        _check_at_table(kind, play_as, prepare)
        _table_duel(first, second, kind, turns, victory, stakes, unpaid, outside_help,
                    _table_report(first, second, life, damage, first_blood, out, spent, ante_card),
                    db, cards_file, json, gold=gold, dry_run=dry_run, rules=house_rules_from(house_rules))
        return
    _check_quick_duel(agreed, everyone, (life, damage, first_blood, out, spent, ante_card))
    _quick_duel(agreed, everyone, prepare, seed, dice, db, cards_file, house_rules, save, overwrite, json,
                allow_undo)


def _refuse_terms_with_load(flags: list[tuple[str, Any]]) -> None:
    """A loaded duel goes on with the terms it was saved with: refuse any term given again."""
    given = [flag for flag, value in flags if value]
    if given:
        raise typer.BadParameter(f"a loaded duel goes on with the terms it was started with; drop "
                                 f"{', '.join(given)}", param_hint="--load")


def _entrants(first: str | None, second: str | None, also: list[str] | None, kind: str, at_table: bool,
              outside_help: str | None) -> tuple[str, str, tuple[str, ...]]:
    """The two Wizards of the duel and everyone in it, refused when missing, repeated or too many."""
    if first is None or second is None:
        raise typer.BadParameter("give the two Wizards of the duel (or --load NAME to resume one)",
                                 param_hint="FIRST SECOND")
    if first.casefold() == second.casefold():
        raise typer.BadParameter("a duel needs two different Wizards", param_hint="SECOND")
    everyone = (first, second, *(also or ()))
    if len({n.casefold() for n in everyone}) != len(everyone):
        raise typer.BadParameter("each Wizard joins the duel once", param_hint="--also")
    if also and (kind == STANDARD or at_table or outside_help is not None):
        raise typer.BadParameter("a duel of three or more is a quick duel without outside help (at the table the "
                                 "referee settles it)", param_hint="--also")
    return first, second, everyone


def _check_at_table(kind: str, play_as: str | None, prepare: list[str] | None) -> None:
    """Refuse a duel at the table of a length not played there, or with cards chosen by the command."""
    if kind not in (STANDARD, "limited-turns"):
        raise typer.BadParameter(f"only a standard or limited-turns duel is played at the table, not {kind}",
                                 param_hint="--at-table")
    if play_as is not None or prepare:
        raise typer.BadParameter("a duel at the table is played with real cards: the players choose their "
                                 "own cards", param_hint="--play-as/--prepare")


def _table_report(first: str, second: str, life: list[str] | None, damage: list[str] | None,
                  first_blood: str | None, out: str | None, spent: list[str] | None,
                  ante_card: list[str] | None) -> TableReport:
    """The outcome the players entered for a duel at the table, each ``WIZARD=VALUE`` option checked."""
    return TableReport(_named_values(life, "--life", (first, second), number=True),
                       _named_values(damage, "--damage", (first, second), number=True),
                       first_blood, out, _named_list(spent, "--spent", (first, second)),
                       _named_values(ante_card, "--ante", (first, second), number=False))


def _check_quick_duel(agreed: DuelRitual, everyone: tuple[str, ...], outcome: tuple[Any, ...]) -> None:
    """Refuse a quick duel given a table outcome, an unknown length, or a Wizard not in it."""
    kind, turns, play_as, outside_help = agreed.kind, agreed.turns, agreed.play_as, agreed.outside_help
    if any(given for given in outcome):
        raise typer.BadParameter("the outcome is entered only for a duel at the table (--at-table)",
                                 param_hint="--life/--damage/--first-blood/--out/--spent/--ante")
    if kind not in KINDS:
        raise typer.BadParameter(f"{kind!r} is not one of {', '.join((*KINDS, STANDARD))}", param_hint="--kind")
    if turns is not None and kind != "limited-turns":
        raise typer.BadParameter(f"only a limited-turns duel has turns, not a {kind} duel", param_hint="--turns")
    if play_as is not None and play_as not in everyone:
        raise typer.BadParameter(f"{play_as!r} is not in this duel", param_hint="--play-as")
    if outside_help is not None and outside_help not in (agreed.first, agreed.second):
        raise typer.BadParameter(f"{outside_help!r} is not in this duel", param_hint="--outside-help")


def _prepared(prepare: list[str] | None, everyone: tuple[str, ...]) -> dict[str, str]:
    """``--prepare WIZARD=SPELL`` by Wizard, refused in one line when malformed."""
    prepared: dict[str, str] = {}
    for entry in prepare or ():
        wizard_name, sep, spell = entry.partition("=")
        if not sep or wizard_name.strip() not in everyone or not spell.strip():
            raise typer.BadParameter(f"{entry!r}: give WIZARD=SPELL for a Wizard in this duel",
                                     param_hint="--prepare")
        prepared[wizard_name.strip()] = spell.strip()
    return prepared


def _quick_duel(agreed: DuelRitual, everyone: tuple[str, ...], prepare: list[str] | None, seed: int | None,
                dice: Any, db: Any, cards_file: Any, house_rules: Any, save: str | None, overwrite: bool,
                json: bool, allow_undo: bool) -> None:
    """The ritual's terms, the duellists with their saved sheets (damage carried announced), and the quick
    duel started and played to its end."""
    try:
        terms = agreed.terms()
        check_gold_stake(terms.stakes, agreed.gold)
    except InputError as exc:
        raise typer.BadParameter(str(exc)) from None
    saver = open_session(db, SYSTEM, "game", save=save, overwrite=overwrite)
    store = saver.store
    pool = load_pool(store, cards_file)
    rng = make_randomness(seed, dice, False)
    prepared = _prepared(prepare, everyone)
    rules = house_rules_from(house_rules)
    entrants = [_duellist(store, n, pool, rng, prepared.get(n), rules) for n in everyone]
    sheets = [sheet for _, sheet in entrants]
    carried = {r.character.name: current_life(r.character) for r, _ in sheets
               if r is not None and current_life(r.character) < derive(r.character).life}
    if carried and not json:
        console().print("Damage carried from earlier: " + ", ".join(
            f"{n} starts with {life} life points" for n, life in carried.items()) + ".")
    a, b, *others = (duellist for duellist, _ in entrants)
    duel = QuickDuel.start(a, b, terms.kind, rng, turns=terms.turns if agreed.kind == "limited-turns" else 0,
                           victory=terms.victory, ante=terms.stakes == "ante", pool=pool, settings=rules,
                           others=others)
    _play_and_settle(duel, agreed, terms, sheets, carried, saver, json, allow_undo)


@dataclass(frozen=True, slots=True)
class DuelRitual:
    """The command's terms of a duel, saved with it (under ``"ritual"``) so that ``--load`` goes on
    with them and settles it as the unbroken duel would have been settled."""

    first: str
    second: str
    also: tuple[str, ...]
    kind: str
    turns: int | None
    victory: str
    stakes: str
    unpaid: bool
    gold: int
    outside_help: str | None
    play_as: str | None
    dry_run: bool

    def to_dict(self) -> dict[str, Any]:
        return {"first": self.first, "second": self.second, "also": list(self.also), "kind": self.kind,
                "turns": self.turns, "victory": self.victory, "stakes": self.stakes, "unpaid": self.unpaid,
                "gold": self.gold, "outside_help": self.outside_help, "play_as": self.play_as,
                "dry_run": self.dry_run}

    @classmethod
    def from_dict(cls, raw: Any) -> DuelRitual:
        try:
            return cls(str(raw["first"]), str(raw["second"]), tuple(str(n) for n in raw["also"]),
                       str(raw["kind"]), None if raw["turns"] is None else int(raw["turns"]), str(raw["victory"]),
                       str(raw["stakes"]), bool(raw["unpaid"]), int(raw["gold"]),
                       None if raw["outside_help"] is None else str(raw["outside_help"]),
                       None if raw["play_as"] is None else str(raw["play_as"]), bool(raw["dry_run"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"the saved duel's terms are damaged ({exc})") from None

    def terms(self) -> DuelTerms:
        length = length_for(self.kind, (5 if self.turns is None else self.turns)
                            if self.kind == "limited-turns" else 0)
        return (Ritual.challenge(self.first, self.second).state_length(self.second, length)
                .proclaim_stakes(self.first, self.stakes).set_victory(self.second, self.victory).terms())


def _scenario_duel(path: Path, play_as: str | None, db: Any, save: str | None, overwrite: bool, json: bool,
                   allow_undo: bool) -> None:
    """``duel --scenario FILE``: the duel from the scenario's position and dice (its steps are the players'), on
    to the end (at the prompt for ``--play-as``); a dry run on honour, since no saved Wizard is in it."""
    from magecraft.core.scenario import load_scenario, start
    from magecraft.games import registry

    game_type, duel = start(load_scenario(path), registry())
    if not isinstance(duel, QuickDuel):
        raise InputError(f"{path} is a {game_type.name} scenario, not a quick duel")
    names = duel.seats()
    if play_as is not None and play_as not in names:
        raise typer.BadParameter(f"{play_as!r} is not in this duel ({', '.join(names)})", param_hint="--play-as")
    ritual = DuelRitual(names[0], names[1], names[2:], duel.kind, duel.turns or None, duel.victory,
                        "honor or bragging rights", False, 0, None, play_as, True)
    saver = open_session(db, SYSTEM, "game", save=save, overwrite=overwrite)
    _play_and_settle(duel, ritual, ritual.terms(), [(None, None)] * len(names), {}, saver, json, allow_undo)


def _resume_duel(db: Any, load: str, save: str | None, overwrite: bool, json: bool, allow_undo: bool) -> None:
    """``duel --load NAME``: the saved duel goes on at its prompt, then is settled on its saved terms."""
    saver = open_session(db, SYSTEM, "game", save=save, load=load, overwrite=overwrite)
    assert saver.loaded is not None
    state = dict(saver.loaded.state)
    if not isinstance(state.get("ritual"), dict):
        raise InputError(f"{load!r} is not a duel saved at its prompt (with --play-as and --save), so it cannot "
                         "go on")
    ritual = DuelRitual.from_dict(state.pop("ritual"))
    try:
        duel = QuickDuel.from_dict(state, ask=options.ask_die_once)
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"{load!r} is damaged: {exc}") from None
    if duel.is_terminal():
        raise InputError(f"the duel saved as {load!r} is over; 'saves show {load}' shows how it ended")
    store = saver.store
    # The Wizards' records and saved decks, for the settlement; the duel itself carries its own cards.
    sheets = [_sheet(store, n, duel.pool) for n in (ritual.first, ritual.second, *ritual.also)]
    if not json:
        console().print(f"Resumed the duel {load!r}: {ritual.first} against {ritual.second}.")
    _play_and_settle(duel, ritual, ritual.terms(), sheets, {}, saver, json, allow_undo)


def _play_and_settle(duel: QuickDuel, ritual: DuelRitual, terms: DuelTerms,
                     sheets: list[Sheet],
                     carried: dict[str, int], saver: SaveSession, json: bool, allow_undo: bool) -> None:
    """Play the duel to its end (at the prompt for ``--play-as``), save it, settle the stakes and report."""
    first, second, also, kind = ritual.first, ritual.second, ritual.also, ritual.kind
    unpaid, gold, outside_help, dry_run = ritual.unpaid, ritual.gold, ritual.outside_help, ritual.dry_run
    others = sheets[2:]
    ante = terms.stakes == "ante"
    if ritual.play_as is not None:
        table = DuelTable(duel, ritual.play_as, ritual)
        if play_at_table(saver, table, allow_undo=allow_undo) is not Ending.FINISHED:
            raise typer.Exit(0)     # stopped before the end (quit, left): nothing is settled
        duel = table.state
    while not duel.is_terminal():
        duel.apply(choose_action(duel))
    said = saver.save({**duel.to_dict(), "ritual": ritual.to_dict()}) if saver.name is not None else ""
    result = duel.result()
    antes = {n: s.ante for n, s in duel.sides.items() if s.ante} if ante else None
    purses = {r.character.name: r.character.gold for r, _ in sheets if r is not None}
    if others:
        settlements = settle_free_for_all(result["winner"], result["losers"], loser_pays=not unpaid, ante=antes,
                                          stakes=terms.stakes, gold=gold, gold_held=purses)
    else:
        one = settle(terms, result["winner"], loser_pays=not unpaid, outside_help=outside_help, ante=antes,
                     gold=gold, gold_held=purses)
        settlements = {first: one, second: one}
    updated = _settle_sheets(duel, sheets, settlements, saver, dry_run)
    if json:
        settled: Any = ({n: settlements[n].to_dict() for n in result["losers"]} if others
                        else settlements[first].to_dict())
        print_json({"terms": terms.to_dict(), "result": result, "settlement": settled, "log": duel.log.to_list(),
                    "sheets": {n: vitals_of(w).to_dict() for n, w in updated.items()}, "carried": carried,
                    "saved": not dry_run})
        return
    # the play-by-play in the words of the prompt's duel, one line an event (a table's columns are too
    # narrow to read at a real table); the hands refilled are left to --json and 'saves show'
    shown = ("initiative", "play", "damage", "interrupt", "block", "duel", "life")
    plays = [e for e in duel.log if e.kind in shown]
    joined = f" (with {', '.join(also)})" if others else ""
    console().print(f"[bold]{escape(f'{kind} duel: {first} challenges {second}{joined} ({terms.stakes})')}[/bold]")
    for event in plays:
        line = duel_line(event)
        if line is not None:
            console().print(line)
    _print_result(result)
    for loser in result["losers"] if others else [result["loser"]]:
        _print_settlement(settlements[loser], outside_help)
    _print_sheets(updated, saved=not dry_run)
    if said:
        console().print(said)



def _settle_sheets(duel: QuickDuel, sheets: list[Sheet], settlements: dict[str, Settlement], saver: SaveSession,
                   dry_run: bool) -> dict[str, Character]:
    """Each saved Wizard's sheet after the duel (restitution owed after a karmic backlash), saved unless a
    dry run."""
    updated = {}
    for record, saved in sheets:
        if record is not None and saved is not None:
            wizard = record.character
            settlement = settlements[wizard.name]
            if settlement.backlash and wizard.name == settlement.loser:
                record = record.changed(extra=
                                         {**record.extra, RESTITUTION_OWED: settlement.winner})
            after = after_duel(wizard, saved, duel.sides[wizard.name], settlement, record.rng, duel.settings)
            updated[wizard.name] = after
            if not dry_run:
                store_deck(saver.store, record, after, saved, record.rng)
    return updated

@dataclass(frozen=True, slots=True)
class TableReport:
    """What the players report after a duel played with real cards."""

    life: dict[str, str]
    damage: dict[str, str]
    first_blood: str | None
    out: str | None
    spent: dict[str, list[str]]
    ante: dict[str, str]


def _named_list(entries: list[str] | None, flag: str, wizards: tuple[str, str]) -> dict[str, list[str]]:
    """Repeated ``WIZARD=VALUE`` options, by Wizard, refused in one line when malformed."""
    found: dict[str, list[str]] = {}
    for entry in entries or ():
        name, sep, value = (part.strip() for part in entry.partition("="))
        if not sep or name not in wizards or not value:
            raise typer.BadParameter(f"{entry!r}: give WIZARD=VALUE for {' or '.join(wizards)}", param_hint=flag)
        found.setdefault(name, []).append(value)
    return found


def _named_values(entries: list[str] | None, flag: str, wizards: tuple[str, str], *,
                  number: bool) -> dict[str, str]:
    found = _named_list(entries, flag, wizards)
    for name, values in found.items():
        if len(values) > 1:
            raise typer.BadParameter(f"{name} is given twice", param_hint=flag)
        if number and whole_number(values[0]) is None:
            raise typer.BadParameter(f"{name}={values[0]!r}: give a whole number", param_hint=flag)
    return {name: values[0] for name, values in found.items()}


def _table_duel(first: str, second: str, kind: str, turns: int | None, victory: str, stakes: str, unpaid: bool,
                outside_help: str | None, report: TableReport, db: Any, cards_file: Any, json: bool, *,
                gold: int = 0, dry_run: bool = False, rules: Settings = DEFAULT_SETTINGS) -> None:
    """The ritual around a duel played with real cards, the outcome the players enter, and the settlement
    saved to the Wizards' sheets (ruling R17)."""
    if turns is not None and kind != "limited-turns":
        raise typer.BadParameter(f"only a limited-turns duel has turns, not a {kind} duel", param_hint="--turns")
    if outside_help is not None and outside_help not in (first, second):
        raise typer.BadParameter(f"{outside_help!r} is not in this duel", param_hint="--outside-help")
    try:
        length = "full deck" if kind == STANDARD else length_for(kind, 5 if turns is None else turns)
        terms = (Ritual.challenge(first, second).state_length(second, length)
                 .proclaim_stakes(first, stakes).set_victory(second, victory).terms())
        check_gold_stake(terms.stakes, gold)
    except InputError as exc:
        raise typer.BadParameter(str(exc)) from None
    store = open_store(db)
    pool = load_pool(store, cards_file)
    lives = dict(report.life)
    for name in (first, second):
        if name not in lives:
            lives[name] = options.ask_once(f"{name}'s life points at the end of the duel")
    if not all(whole_number(v) is not None for v in lives.values()):
        raise InputError("life points are whole numbers")
    outcome = table_outcome(terms, life={n: int(v) for n, v in lives.items()},
                            damage={n: int(v) for n, v in report.damage.items()},
                            first_blood=report.first_blood, out=report.out)
    if terms.stakes == "ante" and set(report.ante) != {first, second}:
        raise InputError("an ante duel at the table needs --ante WIZARD=CARD for both Wizards")
    report = replace(report, ante={n: pool.get(card).name for n, card in report.ante.items()})
    purses = {}
    for name in (first, second):
        with suppress(SaveError):
            purses[name] = load_character(store, name).character.gold
    settlement = settle(terms, outcome.winner, loser_pays=not unpaid, outside_help=outside_help,
                        ante=report.ante if terms.stakes == "ante" else None, gold=gold, gold_held=purses)
    # Every sheet is worked out before any is saved, so a bad card name saves nothing.
    updates = [_table_sheet(store, name, pool, outcome, report, settlement, rules) for name in (first, second)]
    sheets = {update[1].name: update[1] for update in updates if update is not None}
    for update in updates:
        if update is not None and not dry_run:
            store_deck(store, *update)
    if json:
        print_json({"terms": terms.to_dict(), "result": outcome.to_dict(), "settlement": settlement.to_dict(),
                    "sheets": {n: vitals_of(w).to_dict() for n, w in sheets.items()}, "saved": not dry_run})
        return
    console().print(f"{kind} duel at the table: {first} challenges {second} ({terms.stakes}, {terms.victory}).")
    _print_result({"life": outcome.life, "damage": {n: outcome.damage.get(n, 0) for n in (first, second)},
                   "winner": outcome.winner, "reason": outcome.reason, "items_at_risk": []})
    _print_settlement(settlement, outside_help)
    _print_sheets(sheets, saved=not dry_run)


def _table_sheet(store: SaveStore, name: str, pool: CardPool, outcome: TableOutcome, report: TableReport,
                 settlement: Settlement,
                 rules: Settings) -> tuple[CharacterRecord, Character, SpellDeck, Randomness] | None:
    """A saved Wizard's sheet after a duel at the table; None for a built-in referee opponent."""
    try:
        record = load_character(store, name)
    except SaveError:
        if name.casefold().startswith(REFEREE):
            return None
        raise
    deck = play_deck(record, pool, record.rng)
    ante = report.ante.get(name)
    if ante is not None and not any(c.name == ante for c in deck.available()):
        raise InputError(f"{name} cannot ante {ante}: it is not among the cards not yet spent")
    if settlement.backlash and name == settlement.loser:
        record = record.changed(extra=
                                 {**record.extra, RESTITUTION_OWED: settlement.winner})
    wizard = settle_sheet(record.character, deck, life=outcome.life[name], spent=report.spent.get(name, []),
                          items_left=(*record.character.potions, *record.character.scrolls),
                          settlement=settlement, rng=record.rng, settings=rules)
    return record, wizard, deck, record.rng


class DuelView(GameView[DuelAction]):
    """A quick duel's own at the terminal (``--play-as``): the player's life and hand, the card being played,
    the play-by-play, cards drawn and shown from a hidden hand counting as revealed, and the duel's terms
    saved beside it.

    The player sees their own life and hand and every card played with its damage; the opponent's life and
    hand stay hidden until the end ("MTG Rule Changes"; ruling on the play loop's duel view).
    """

    resume_command = "mtg-rpg duel --load {name}"
    save_stem = "duel"
    typed_help = "an action as written, e.g. play Shock"

    def __init__(self, player: str, ritual: DuelRitual) -> None:
        self.player = player
        self.ritual = ritual

    def extras(self, table: GameTable[DuelAction]) -> dict[str, Any]:
        return {"ritual": self.ritual.to_dict()}

    def restore(self, table: GameTable[DuelAction], snapshot: dict[str, Any]) -> QuickDuel:
        return QuickDuel.from_dict({k: v for k, v in snapshot.items() if k != "ritual"}, ask=options.ask_die_once)

    def bot_action(self, table: GameTable[DuelAction], player: str) -> DuelAction:
        return choose_action(table.state)

    def render(self, table: GameTable[DuelAction], viewer: str | None) -> list[RenderableType]:
        if viewer is None:
            return []
        duel = table.state
        seen = duel.observation(viewer)
        mine = next(s for s in seen["sides"] if s["name"] == viewer)
        holding = "; ".join(f"{s['name']} holds {s['hand']} card(s)"
                            for s in seen["sides"] if s["name"] != viewer)
        hand = ", ".join(mine["hand"]) or "empty"
        lines: list[RenderableType] = [f"{viewer}: life {mine['life']}; hand {hand}. {holding}."]
        if duel.pending:
            lines.append(f"{duel.active} plays [bold]{duel.pending}[/bold].")
        return lines

    def event_line(self, table: GameTable[DuelAction], event: Event) -> str | None:
        return duel_line(event)

    def reveals(self, table: GameTable[DuelAction], event: Event) -> str | None:
        if event.kind == "draw":
            return f"{event.label} (cards were drawn)"
        if event.kind in ("play", "interrupt", "block") and event.data.get("wizard") != self.player:
            return f"{event.label} (a card from a hidden hand was shown)"
        return undo_stops_at(event)

    def ending(self, table: GameTable[DuelAction]) -> str:
        result = table.state.result()
        return f"{result['winner']} wins the duel: {result['reason']}."


class DuelTable(GameTable[DuelAction]):
    """A quick duel with ``--play-as``: one Wizard chosen at the keyboard, the others playing themselves."""

    state: QuickDuel

    def __init__(self, duel: QuickDuel, player: str, ritual: DuelRitual) -> None:
        super().__init__(duel, DuelView(player, ritual), people=[player])


def duel_line(event: Event) -> str | None:
    """A duel's event as a line of its play-by-play (rich markup), or None for one that is not shown.

    >>> from magecraft.core.events import EventLog
    >>> log = EventLog()
    >>> duel_line(log.record("play", "Sarin plays Shock")), duel_line(log.record("damage", "Shock damages Mord",
    ...                                                               data={"amount": 2, "to": "Mord"}))
    ('  Sarin plays Shock', '  -> 2 damage to Mord')
    """
    if event.kind == "damage":
        return f"  -> {event.data['amount']} damage to {escape(str(event.data['to']))}"
    if event.kind == "roll":
        return f"  [dim]{escape(event.label)}: rolled {event.data['value']} on {event.data['dice']}[/dim]"
    if event.kind in ("play", "interrupt", "block", "duel", "draw", "life", "item", "initiative"):
        return f"  {escape(event.label)}"
    return None


def _print_result(result: dict[str, Any]) -> None:
    table = Table(title="Result")
    for column in ("Wizard", "life", "damage dealt"):
        table.add_column(column)
    for wizard, life in result["life"].items():
        table.add_row(wizard, str(life), str(result["damage"][wizard]))
    console().print(table)
    console().print(f"[bold]{result['winner']}[/bold] wins ({result['reason']}).")
    if result["items_at_risk"]:
        console().print(f"Check for item destruction: {', '.join(result['items_at_risk'])}.")


def _print_sheets(sheets: dict[str, Character], *, saved: bool) -> None:
    """Each saved Wizard's life and condition after the duel, as the sheet now has them (or, in a dry run,
    would have them: the sheet itself is unchanged)."""
    for name, wizard in sheets.items():
        now = "now" if saved else "would be"
        console().print(f"{name}'s sheet {now}: {current_life(wizard)} of {derive(wizard).life} life points, "
                        f"{life_condition(wizard)}.")
    if not saved:
        console().print("Dry run: the sheets are not saved.")


def _print_settlement(settlement: Settlement, outside_help: str | None) -> None:
    if outside_help is not None:
        console().print(f"{outside_help} had outside help and loses the duel: "
                        f"[bold]{settlement.winner}[/bold] is the victor.")
    if settlement.ante_won:
        console().print(f"{settlement.winner} gains the ante card {', '.join(settlement.ante_won)}.")
    if settlement.gold_paid:
        console().print(f"{settlement.loser} pays {settlement.gold_paid} gp to {settlement.winner}.")
    if settlement.death:
        console().print(f"[red]{settlement.loser} lost a duel fought for death and dies.[/red]")
    if settlement.backlash:
        console().print(f"[red]Karmic backlash:[/red] {settlement.loser} cannot tap land for mana until "
                        f"restitution is made to {settlement.winner} or {settlement.winner} dies.")
