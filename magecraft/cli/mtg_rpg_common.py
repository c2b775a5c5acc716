"""What both `magecraft mtg-rpg` command modules share: the cards-file option, the card pool,
carrying on a saved Wizard's dice, and the Wizard's saved hand, library and graveyard.

Parses and loads; decides no rules.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from magecraft.cli.options import make_randomness, whole_number
from magecraft.core.errors import InputError

if TYPE_CHECKING:
    from magecraft.core.randomness import Randomness
    from magecraft.core.saves import SaveStore
    from magecraft.mtg_rpg.actions import SpellDeck
    from magecraft.mtg_rpg.cards import CardPool
    from magecraft.mtg_rpg.character import Character, CharacterRecord
    from magecraft.mtg_rpg.scene import Scene
    from magecraft.mtg_rpg.settings import Settings

#: The key of a saved Wizard's hand, library and graveyard beside the sheet.
PLAY_DECK = "play_deck"

CardsFileOption = Annotated[
    Path | None,
    typer.Option("--cards-file", envvar="MAGECRAFT_MTG_CARDS",
                 help="Imported cards file (default: mtg_rpg_cards.json beside the save store)."),
]

HouseRulesOption = Annotated[
    Path | None,
    typer.Option("--house-rules", envvar="MAGECRAFT_MTG_HOUSE_RULES",
                 help="A TOML file of house rules (the settings in docs/rulings.md)."),
]


def house_rules_from(path: Path | None) -> Settings:
    """The table's house rules, or the defaults (the rulings) when no file is given."""
    from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, load_settings
    return DEFAULT_SETTINGS if path is None else load_settings(path)


def cards_path(store: SaveStore, given: Path | None) -> Path:
    """The imported cards file: the one given, else the one beside the save store."""
    return given if given is not None else store.path.parent / "mtg_rpg_cards.json"


def load_pool(store: SaveStore, cards_file: Path | None) -> CardPool:
    """The built-in cards plus the imported ones."""
    from magecraft.mtg_rpg.cards import card_pool
    return card_pool(cards_path(store, cards_file))


def continue_dice(record: CharacterRecord, seed: int | None, dice: str | None, physical: bool) -> Randomness:
    """The saved dice carry on unless the command names a source of its own."""
    from magecraft.core.randomness import Randomness
    if seed is None and dice is None and not physical:
        return record.rng
    return Randomness(make_randomness(seed, dice, physical).source, record.rng.log)


def play_deck(record: CharacterRecord, cards: CardPool, rng: Randomness) -> SpellDeck:
    """The Wizard's saved hand, library and graveyard; a fresh shuffled deck and hand when none is
    saved or the sheet's library changed since (reorganised in the sanctuary)."""
    from magecraft.mtg_rpg.actions import SpellDeck
    from magecraft.mtg_rpg.character import derive
    wizard = record.character
    saved = record.extra.get(PLAY_DECK)
    if saved is not None:
        deck = SpellDeck.from_dict(saved, cards)
        held = Counter(c.name for c in (*deck.hand, *deck.library.all_cards()))
        if held == Counter(wizard.library):
            deck.hand_size = derive(wizard).hand_size
            return deck
    if not wizard.library:
        raise InputError(f"{wizard.name} has no library to draw from")
    deck = SpellDeck.build([cards.get(n) for n in wizard.library], hand_size=derive(wizard).hand_size)
    deck.library.shuffle(rng, f"{wizard.name} shuffles the library")
    deck.refill(rng)
    return deck


def store_deck(store: SaveStore, record: CharacterRecord, wizard: Character, deck: SpellDeck,
               rng: Randomness) -> None:
    """Save the Wizard's sheet with the hand, library and graveyard as they now are."""
    from magecraft.mtg_rpg.character import save_character
    save_character(store, record.changed(wizard, rng, {**record.extra, PLAY_DECK: deck.to_dict()}))


#: Where a saved Wizard's open scene (Casting Spells outside a duel) is kept beside the sheet.
SCENE = "scene"


def saved_scene(record: CharacterRecord) -> Scene:
    """The Wizard's scene under way, or a new one when none is open."""
    from magecraft.mtg_rpg.scene import Scene
    saved = record.extra.get(SCENE)
    return Scene.begin(record.character) if saved is None else Scene.from_dict(saved)


def parse_pairs(text: str, what: str, flag: str, example: str) -> dict[str, int]:
    """``"ST=3, DX=2"`` -> ``{"ST": 3, "DX": 2}``; ``flag`` names the option in a refusal."""
    out: dict[str, int] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, sep, value = part.partition("=")
        number = whole_number(value)
        if not sep or number is None:
            raise typer.BadParameter(f"{part!r}: give {what} as NAME=DOTS, e.g. {example}", param_hint=flag)
        out[name.strip()] = number
    return out
