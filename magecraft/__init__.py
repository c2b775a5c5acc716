"""magecraft: a rules engine and table-side assistant for fantasy-wizard tabletop games.

The shared machinery lives in :mod:`magecraft.core`; each rule system has its own
package (:mod:`magecraft.wizard_prince`, :mod:`magecraft.mtg_rpg`,
:mod:`magecraft.planeswalker`, :mod:`magecraft.magic_realm`,
:mod:`magecraft.mage_wars`) and the command line lives in :mod:`magecraft.cli`.
"""

__version__ = "0.1.0"
