"""Mage Wars solo: your mage against the Dummy Mage (seed 003) on a compact Mage Wars Arena.

:mod:`.game` holds the game and its round and composes the rules -- :mod:`.decisions` (your legal actions),
:mod:`.combat` (attacks, damage, spells), :mod:`.dummy` (the Dummy Mage's d12 turns) -- each of which takes the
game as a :class:`.board.Board`; then the cards, units and arena, settings, the bot and the registered game type.
"""
