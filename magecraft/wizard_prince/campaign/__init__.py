"""The Wizard-Prince campaign year (seed 004), split along the rule book's sections.

- :mod:`.nobles` -- nobles and standing ("Character Creation", "Attending the Banquet");
- :mod:`.empire` and :mod:`.provinces` -- the map, production, connectivity ("The Effects of Provinces");
- :mod:`.state` -- the campaign's data every section takes (nobles, provinces, the year under way) and the
  register of the year's steps; :mod:`.tasks` -- the decisions the year asks and the campaign's actions;
- :mod:`.year` -- the :class:`~.year.Campaign` game state: the state composed with the sections, the year in
  order ("How the Campaign Works"); the section modules below take the state, never the game;
- :mod:`.court` -- the banquet and the presented courtiers' benefits;
- :mod:`.war` -- "War" to "Feudal War"; :mod:`.duels` -- "Duels";
- :mod:`.upgrades` and :mod:`.upgrade_data` -- "Province Upgrades";
- :mod:`.wealth` -- "The Effects of Wealth", "Converting Wealth and Gold";
- :mod:`.appointments` -- the Imperial Appointments' yearly effects;
- :mod:`.npc` -- "NPC Nobles Outside the Banquet"; :mod:`.tumult` -- "Optional Rule: Tumultuous Empire";
- :mod:`.adventures` -- the adventure slot; :mod:`.bots` -- the campaign bot;
- :mod:`.position`, :mod:`.settings`, :mod:`.sections`, :mod:`.game_type` -- a campaign set up from a position,
  its rulings, the seed's section names, and its entry in the game registry.
"""
