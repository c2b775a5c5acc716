"""The rule systems' command groups as the root command lists them, each imported only when used.

Both the root command (:mod:`magecraft.cli.app`) and ``saves --system`` (:mod:`magecraft.cli.core_commands`)
read this table; it imports no command module, so neither imports the other.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class SystemEntry:
    """A rule system's command group, imported only when used (``module`` has ``app``).

    ``start`` is the one command that starts the system, shown by ``magecraft`` alone: kept here, so that
    listing the systems imports none of them.
    """

    command: str
    title: str
    blurb: str
    module_name: str
    start: str

    @property
    def module(self) -> ModuleType:
        return importlib.import_module(self.module_name)


SYSTEMS = (
    SystemEntry("wizard-prince", "Wizard-Prince",
                "Nobles mingle at the Imperial Banquet collecting courtier chits, then a campaign year.",
                "magecraft.cli.wizard_prince", 'wizard-prince banquet --players "Ann,Bob" --npc 2'),
    SystemEntry("mtg-rpg", "MtG RPG",
                "Wizards act by playing a Magic card and adding its mana value to a skill; duels.",
                "magecraft.cli.mtg_rpg", "mtg-rpg character new"),
    SystemEntry("planeswalker", "Planeswalker RPG",
                "1d4chan's MtG RPG: dice-pool skills and zone combat.", "magecraft.cli.planeswalker",
                "planeswalker character new"),
    SystemEntry("magic-realm", "Magic Realm Expansion One",
                "Travellers, guilds, gambling, stealing, monster generators, setup.", "magecraft.cli.magic_realm",
                "magic-realm play --seed 1"),
    SystemEntry("mage-wars", "Mage Wars solo",
                "The Dummy Mage, an opponent that plays itself by d12 rolls.", "magecraft.cli.mage_wars",
                "mage-wars solo --mage Wizard"),
)
