"""A planeswalker's sheet at the command line: kept in the save store, created at the prompt, shown.

Characters are created in the save store (kind "character") by :func:`store_character` and changed by
:func:`change_character` (one transaction: commands run at once never lose nor refuse each other);
:func:`ask_character` asks for a new sheet step by step (seed 001, "Character Generation"), each answer checked
by :meth:`Character.create`; :func:`show_sheet` draws it with the seed's advice it does not follow.  The
``planeswalker character`` commands themselves are :mod:`magecraft.cli.planeswalker`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.markup import escape
from rich.table import Table

from magecraft.cli import options
from magecraft.cli.options import console, open_store, print_json
from magecraft.core.errors import InputError, MagecraftError

if TYPE_CHECKING:
    from magecraft.planeswalker.character import Character

SYSTEM = "planeswalker"


# -- saving ------------------------------------------------------------------------------------


# -- saving ------------------------------------------------------------------------------------


def store_character(db: Path | None, character: Character) -> None:
    """A new planeswalker in the save store (kind "character"): a name already taken is refused
    (``--overwrite`` is not offered: a sheet is changed with :func:`change_character`)."""
    open_store(db).create(character.name, SYSTEM, "character", {"character": character.to_dict()})


def change_character(db: Path | None, name: str, change: Callable[[Character], Character]) -> Character:
    """A short command that changes a sheet (an award, a rest, the day): re-read and written in one
    transaction (``SaveStore.modify``), so such commands run at once queue and none is lost nor refused
    (issue 25 item 4); a refused change writes nothing.  The sheet after it."""
    from magecraft.planeswalker.character import Character

    after: list[Character] = []

    def apply(state: dict[str, Any]) -> dict[str, Any]:
        if "character" not in state:
            raise InputError(f"the save {name!r} holds no planeswalker sheet")
        after.append(change(Character.from_dict(state["character"])))
        return {**state, "character": after[-1].to_dict()}

    open_store(db).modify(name, SYSTEM, "character", apply)
    return after[-1]


def load_character(db: Path | None, name: str) -> Character:
    return read_character(db, name)[0]


def read_character(db: Path | None, name: str) -> tuple[Character, int]:
    """A saved planeswalker and the revision it was read at."""
    from magecraft.planeswalker.character import Character

    saved = open_store(db).load(name, SYSTEM, "character")
    if "character" not in saved.state:
        raise InputError(f"the save {name!r} holds no planeswalker sheet")
    return Character.from_dict(saved.state["character"]), saved.revision


def comma_list(text: str | None) -> list[str]:
    """``"Shock, Giant Growth,"`` -> ``["Shock", "Giant Growth"]``: the options' and prompts' lists."""
    return [part.strip() for part in (text or "").split(",") if part.strip()]


def parse_increases(text: str | None) -> dict[str, int]:
    """``mastery=1,power=2`` -> ``{"mastery": 1, "power": 2}``."""
    from magecraft.planeswalker.data import stat_key

    found: dict[str, int] = {}
    for part in comma_list(text):
        stat, _, amount = part.partition("=")
        points = options.whole_number(amount) if amount.strip().isdecimal() else None
        if points is None:
            shown = part if len(part) <= 30 else f"{part[:20]}... ({len(part)} characters)"
            raise typer.BadParameter(f"{shown!r} is not STAT=POINTS (e.g. mastery=1,power=2; at most "
                                     f"{options.MAX_DIGITS} digits)", param_hint="--raise")
        key = stat_key(stat)  # the package's spelling rule, so the sums below meet under one name
        found[key] = found.get(key, 0) + points
    return found




# -- creating a sheet at the prompt ---------------------------------------------------------------


class SheetPrompts:
    """The answers given so far to the creation questions, each question asked until its answer (with those
    before it) makes a sheet :meth:`Character.create` accepts."""

    def __init__(self, name: str | None) -> None:
        self.out = console()
        self.answers: dict[str, Any] = {"name": name}

    def ask(self, key: str, prompt: str, parse: Callable[[str], Any], explain: str = "") -> None:
        """Ask ``prompt`` until ``parse`` reads an answer that builds; ``?`` or ``help`` explains it, ``quit``
        stops the command (nothing saved)."""
        while True:
            text = options.ask_once(prompt)
            word = text.strip().casefold()
            if word in ("?", "help"):
                self.out.print(escape(f"{explain or prompt}. Type quit to stop (nothing is saved)."))
                continue
            if word in ("quit", "q"):
                raise typer.Abort() from options.QuitAtPrompt()
            try:
                self.answers[key] = parse(text)
                self.build()
                return
            except (MagecraftError, typer.BadParameter) as exc:
                # a BadParameter's own words, not click's "Invalid value for --raise" (no option was typed)
                message = exc.message if isinstance(exc, typer.BadParameter) else str(exc)
                self.out.print(f"[red]{escape(message)}[/red]")

    def build(self) -> Character:
        """The sheet the answers make (the questions not asked yet at their defaults)."""
        from magecraft.planeswalker.character import Character

        answers = self.answers
        return Character.create(answers["name"] or "?", identity=answers.get("identity", ["W"]),
                                race=answers.get("race", "Human"), increases=answers.get("increases", {}),
                                keywords=answers.get("keywords", []),
                                artifact_stats=answers.get("artifact_stats",
                                                           ["power"] * answers.get("identity", []).count("A")),
                                library=answers.get("library", []), memorized=answers.get("memorized", []))


def ask_character(name: str | None) -> Character:
    """Ask for each part of the sheet, asking again after a refused answer.  Every question takes ``?`` or
    ``help`` (what may be typed) and ``quit`` (nothing saved); a sheet the seed's advice finds unfinished
    (unspent build points, spells it cannot cast) is shown and the creator asked to finish it or keep it
    (issue 25 item 7)."""
    from magecraft.planeswalker.data import generation, race_names

    prompts = SheetPrompts(name)
    attempt = prompts.ask
    gen = generation()
    one, two = ", ".join(s.title() for s in gen.one_for_one), ", ".join(s.title() for s in gen.two_for_one)
    if name is None:
        attempt("name", "Name", lambda t: t.strip() or _refuse("a character needs a name"),
                "The planeswalker's name")
    attempt("identity", "Colour identity, up to three of W U B R G A (comma separated)", comma_list,
            "Up to three identity sources, comma separated: W white, U blue, B black, R red, G green, "
            "A artifact (e.g. U,U,W)")
    if "A" in prompts.answers["identity"]:
        attempt("artifact_stats", "Stat each Artifact identity raises (power/toughness/life, comma separated)",
                comma_list)
    attempt("race", f"Race ({', '.join(race_names())})", lambda t: t.strip() or "Human",
            f"One of {', '.join(race_names())} (Enter: Human)")
    attempt("increases", f"Raise stats with {gen.build_points} build points: STAT=AMOUNT, comma separated "
                         f"(e.g. mastery=1,power=2 costs 2)", parse_increases,
            f"STAT=AMOUNT adds AMOUNT to the stat. Each point of {one} costs 1 build point; each two points "
            f"of {two} cost 1 (an odd one rounds up). {gen.build_points} build points to spend")
    attempt("keywords", "Keyword abilities bought (blank for none)", comma_list,
            "Keyword abilities bought with build points, comma separated (e.g. Flying), or Enter for none")
    castable = prompts.build().castable_spells()
    attempt("library", "Library: spells known, in order (Ninth Edition card names, comma separated)", comma_list,
            "Ninth Edition card names, comma separated, in the order they are learnt; a spell must fit "
            f"your Mastery and your identity's Mana Pool to be cast. The {len(castable)} this sheet can cast: "
            + ", ".join(f"{card.name} ({card.mana_cost or card.mana_value})" for card in castable))
    attempt("memorized", "Memorised spells (from the Library)", comma_list,
            "Spells from the Library to memorise, comma separated (Memory limits how many)")
    return _finish(prompts.build(), prompts)


def _unfinished(character: Character) -> list[str]:
    """What leaves a new sheet unfinished: build points unspent, spells in the Library it can never cast."""
    from magecraft.mtg_rpg.cards import builtin_pool

    pool = builtin_pool()
    notes = [f"{character.points_left()} build points are unspent"] if character.points_left() > 0 else []
    uncastable = [n for n in character.library if not character.can_ever_cast(pool.get(n))]
    if uncastable:
        notes.append(f"cannot be cast with this Mastery and identity: {', '.join(uncastable)}")
    return notes


def _finish(character: Character, prompts: SheetPrompts) -> Character:
    """An unfinished sheet (unspent build points, spells it cannot cast) is shown and the creator chooses to
    finish it or keep it as it is; a finished one is kept at once."""
    out = console()
    while _unfinished(character):
        for note in _unfinished(character):
            out.print(escape(f"Not finished: {note}"))
        answer = options.ask_once("Keep it as it is (k), change the build points (b), the library (l), or quit")
        word = answer.strip().casefold()
        if word in ("k", "keep"):
            break
        if word in ("quit", "q"):
            raise typer.Abort() from options.QuitAtPrompt()
        if word in ("b", "l"):
            key, prompt = (("increases", "Raise stats: STAT=AMOUNT, comma separated") if word == "b" else
                           ("library", "Library: spells known, in order (comma separated)"))
            prompts.ask(key, prompt, parse_increases if word == "b" else comma_list)
            if word == "l":
                prompts.ask("memorized", "Memorised spells (from the Library)", comma_list)
            character = prompts.build()
        else:
            out.print(f"[red]{escape(repr(answer))} is not k, b, l or quit[/red]")
    return character


def _refuse(message: str) -> Any:
    raise InputError(message)


# -- showing a sheet ------------------------------------------------------------------------------


def show_sheet(character: Character, as_json: bool) -> None:
    """The sheet with its derived numbers (Mana Pool, build points, spells known) and the seed's advice it
    does not follow; as JSON with ``as_json``."""
    from magecraft.planeswalker.data import STAT_NAMES

    sheet = {**character.to_dict(), "stats": character.stats, "mana_pool": character.mana_capacity(),
             "build_points": character.build_points(), "points_spent": character.points_spent(),
             "spells_known": character.spells_known(), "memorized_limit": character.memorized_limit(),
             "warnings": character.warnings()}
    if as_json:
        print_json(sheet)
        return
    out = console()
    out.print(f"[bold]{escape(character.name)}[/bold], {character.race}, identity "
              f"[{''.join(character.identity)}]")
    table = Table(show_header=False)
    for stat, value in character.stats.items():
        table.add_row(STAT_NAMES[stat], str(value))
    out.print(table)
    pool = " ".join(f"{k}:{v}" for k, v in character.mana_capacity().items())
    out.print(f"Mana Pool {pool}; build points {character.points_spent()}/{character.build_points()}; "
              f"keywords: {', '.join(character.keywords) or 'none'}")
    out.print(f"Library ({len(character.library)}/{character.spells_known()}): "
              f"{escape(', '.join(character.library)) or 'empty'}")
    out.print(f"Memorised ({len(character.memorized)}/{character.memorized_limit()}): "
              f"{escape(', '.join(character.memorized)) or 'none'}")
    if character.used or character.forgotten or character.life is not None:
        life = character.stats["life"] if character.life is None else character.life
        out.print(f"Today: Life {life}/{character.stats['life']}; used: "
                  f"{escape(', '.join(character.used)) or 'none'}; forgotten: "
                  f"{escape(', '.join(character.forgotten)) or 'none'}")
    for note in sheet["warnings"]:
        out.print(f"[yellow]advice: {escape(note)}[/yellow]")
