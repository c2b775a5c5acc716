"""The Wizard-Prince campaign year (seed 004), split along the rule book's sections.

- :mod:`.nobles` -- nobles and standing ("Character Creation", "Attending the Banquet");
- :mod:`.empire` and :mod:`.provinces` -- the map, production, connectivity ("The Effects of Provinces");
- :mod:`.year` -- the :class:`~.year.Campaign` game state, the year in order ("How the Campaign Works");
- :mod:`.court` -- the banquet and the presented courtiers' benefits;
- :mod:`.war` -- "War" to "Feudal War"; :mod:`.duels` -- "Duels";
- :mod:`.upgrades` -- "Province Upgrades"; :mod:`.wealth` -- "The Effects of Wealth", "Converting Wealth and Gold";
- :mod:`.appointments` -- the Imperial Appointments' yearly effects;
- :mod:`.npc` -- "NPC Nobles Outside the Banquet"; :mod:`.tumult` -- "Optional Rule: Tumultuous Empire";
- :mod:`.adventures` -- the adventure slot; :mod:`.bots` -- the campaign bot; :mod:`.tasks` -- the year's queue.
"""
