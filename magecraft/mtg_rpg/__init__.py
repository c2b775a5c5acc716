"""MtG RPG ("MAGIC The Gathering RPG", seed 000): wizards who act by playing Magic cards.

- :mod:`.cards` -- cards, the built-in Ninth Edition pool, MTGJSON imports, attributes and colours;
- :mod:`.character` -- character creation, derived values, the spell deck and the character sheet;
- :mod:`.deckbuilding` -- library rules and the referee deck builder;
- :mod:`.experience` -- experience awards, attribute and skill costs, feats;
- :mod:`.magic` -- cantrips, spell research and acquisition, alchemy, scrolls, magic items, land;
- :mod:`.monsters` -- monster statistics read off creature cards.
"""
