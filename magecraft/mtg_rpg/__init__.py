"""MtG RPG ("MAGIC The Gathering RPG", seed 000): Wizards who act by playing Magic cards.

The Wizard and the card rules (``cards``, ``character``, ``creation``, ``deckbuilding``, ``actions``,
``skills``, ``experience``, ``magic``, ``crafting``, ``apprentice``, ``scene``, ``renewal``, ``combat``,
``tactics``, ``monsters``); the quick duel as a game state (``duel`` and the ``duel_*`` modules, registered as
``mtg-rpg-duel``); and World Campaigning, realms on a hex map season by season (``world/``).
"""
